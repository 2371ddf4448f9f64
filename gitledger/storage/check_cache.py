"""The findings of a pull's last check, keyed by every ref they were computed from.

``<common git dir>/ledger-cache/check.json``: a pull reports what ``check`` finds after
the merge that it did not find before, so it needs the findings of the ledger as it was.
That state is nearly always the one the previous pull left (its "after"), so the findings
computed then are kept here and read instead of checking the whole ledger again.  The key
is a hash of the tip of every ledger ref of this clone (not the remotes' mirrors, which
each fetch moves), of HEAD and of every branch, tag and remote-tracking tip: what the rules
read (the entries, evidence reachability, HEAD for stale facts and drift).  Any change to
one of them is another key, so a saved value is never stale, only absent.  Derived data:
losing the file costs one check, a read-only git dir just checks every time.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from gitledger.core.parsing import json_loads
from gitledger.storage.entry_cache import CACHE_DIR, save_json
from gitledger.storage.layout import LEDGER_NAMESPACE, REMOTES_PREFIX, TRANSCRIPTS_PREFIX
from gitledger.storage.store import Store

CHECK_FILE = "check.json"
#: Bump when a finding's shape or a rule's meaning changes.
CHECK_VERSION = 1
#: States kept: the last pull's "after" and a few before it (another worktree's pulls).
KEPT_STATES = 4
_CODE_PREFIXES = ("refs/heads/", "refs/remotes/", "refs/tags/")


def state_key(store: Store, *question: str) -> str:
    """The key of the checked state: ``question`` (what was checked, and how) and the
    refs the answer depends on."""
    git = store.git
    tips: list[str] = []
    for name in sorted(git.references):
        mirror = name.startswith((REMOTES_PREFIX, TRANSCRIPTS_PREFIX))
        if (name.startswith(LEDGER_NAMESPACE) and not mirror) or name.startswith(
                _CODE_PREFIXES):
            target = git.references[name].target
            tips.append(f"{name} {target}")
    head = "" if git.head_is_unborn else str(git.head.target)
    text = json.dumps([CHECK_VERSION, list(question), head, tips])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_findings(store: Store, key: str) -> list[dict[str, Any]] | None:
    """The findings saved under ``key``, or None (not saved, or the file is unreadable)."""
    states = _load(store)
    found = states.get(key)
    if not isinstance(found, list) or not all(isinstance(f, dict) for f in found):
        return None
    return found


def save_findings(store: Store, key: str, findings: list[dict[str, Any]]) -> None:
    states = {k: v for k, v in _load(store).items() if k != key}
    kept = dict(list(states.items())[-(KEPT_STATES - 1):])
    kept[key] = findings
    save_json(store.repo.commondir / CACHE_DIR / CHECK_FILE,
              {"version": CHECK_VERSION, "states": kept})


def _load(store: Store) -> dict[str, Any]:
    try:
        data = json_loads((store.repo.commondir / CACHE_DIR / CHECK_FILE).read_text(
            encoding="utf-8"), max_depth=None)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != CHECK_VERSION:
        return {}
    states = data.get("states")
    return states if isinstance(states, dict) else {}
