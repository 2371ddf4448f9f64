"""The last reports of ``check`` (``ledger-cache/check.json``), keyed by every ref they were
computed from, so the Stop hook and each pull need not check every entry again.

The key hashes the ledger tips, HEAD and every branch, tag and remote-tracking tip, so a
saved report is never stale, only absent.  Derived data: losing the file costs one check.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gitledger.derived.files import CACHE_DIR, load_versioned, save_json
from gitledger.storage.layout import LEDGER_NAMESPACE, REMOTES_PREFIX, TRANSCRIPTS_PREFIX
from gitledger.storage.store import Store

CHECK_FILE = "check.json"
#: Bump when a finding's shape or what a rule finds changes: a saved report of another
#: version is never read.
CHECK_VERSION = 1
#: States kept: the newest (a pull's "after", the last check) and a few before it (each
#: kind of check, other worktrees).
KEPT_STATES = 6
_CODE_PREFIXES = ("refs/heads/", "refs/remotes/", "refs/tags/")
STATES, BASES = "states", "last"


def state_key(store: Store, *question: str) -> str:
    """The key of the checked state: ``question`` (what was checked, and how) and the
    refs the answer depends on."""
    git = store.git
    tips: list[str] = []
    for reference in git.references.iterator():  # each as listed, not looked up again
        name = reference.name
        mirror = name.startswith((REMOTES_PREFIX, TRANSCRIPTS_PREFIX))
        if (name.startswith(LEDGER_NAMESPACE) and not mirror) or name.startswith(
                _CODE_PREFIXES):
            tips.append(f"{name} {reference.target}")
    tips.sort()
    head = "" if git.head_is_unborn else str(git.head.target)
    text = json.dumps([CHECK_VERSION, list(question), head, tips])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def question_key(*question: str) -> str:
    """The key of the last state checked for ``question``, whatever the refs were then:
    what a check again diffs from (audit/check_delta.py)."""
    text = json.dumps([CHECK_VERSION, "last", list(question)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_state(store: Store, key: str, *, last: bool = False) -> Any | None:
    """What ``save_state`` kept under ``key``, or None (not saved, or the file is
    unreadable); the caller checks its shape.  ``last``: among the last states checked of
    each question (``question_key``), kept apart so that states do not push them out."""
    return _load(store, BASES if last else STATES).get(key)


def save_state(store: Store, key: str, value: Any, *, last: bool = False) -> None:
    """Keep ``value`` under ``key``, beside the newest few other states (of ``last``
    states, when ``last``)."""
    field = BASES if last else STATES
    body = {name: _load(store, name) for name in (STATES, BASES)}
    states = {k: v for k, v in body[field].items() if k != key}
    kept = dict(list(states.items())[-(KEPT_STATES - 1):]) if KEPT_STATES > 1 else {}
    kept[key] = value
    body[field] = kept
    save_json(store.repo.commondir / CACHE_DIR / CHECK_FILE, {"version": CHECK_VERSION, **body})


def _load(store: Store, field: str) -> dict[str, Any]:
    return load_versioned(store.repo.commondir / CACHE_DIR / CHECK_FILE, CHECK_VERSION, field)
