"""The report ``git ledger check`` last printed, kept in the worktree's git dir with what it
was made from, so that a check with nothing changed prints it without loading libgit2.

The key (read with the git CLI) covers every ref but those to a tree or a blob, HEAD, the
pointer file and our version; a report naming an unreachable evidence commit is never
saved, since gc may prune it.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from gitledger import __version__
from gitledger.derived.saved_outputs import load_output, save_output, servable
from gitledger.derived.snapshot import Snapshot, pending
from gitledger.storage.layout import CHECK_OUTPUT_FILE

#: Bump with ``check_cache.CHECK_VERSION`` (what a rule finds changed) or when the printed
#: report changes.
VERSION = 1


class Key(NamedTuple):
    """What a saved report was made from."""

    gitdir: str
    state: str


class Printed(NamedTuple):
    """What one ``check`` printed on stdout, and its exit status."""

    text: str
    code: int


def current_key(where: str | os.PathLike[str] | None) -> Key | None:
    """The key as the repository is now (two git commands, no libgit2); None when it
    cannot be read that way (not a repository, no git) or while the git hooks' queue holds
    events, which may move a ledger once applied: nothing is saved or served then."""
    now = Snapshot.read(where)
    listing = now.commit_refs() if now is not None else None
    if now is None or listing is None or pending(Path(now.gitdir)):
        return None
    gitdir, head = now.gitdir, now.head
    found = now.pointer()
    pointer = found.hex() if found is not None else None
    state = json.dumps([VERSION, __version__, gitdir, head, listing, pointer],
                       ensure_ascii=False)
    return Key(gitdir, hashlib.sha256(state.encode("utf-8", "surrogateescape")).hexdigest())


def request(*, as_json: bool, project: bool) -> str:
    """What one ``check`` call asked for, as the saved reports are looked up by."""
    return json.dumps(["check", as_json, project])


def load(key: Key, asked: str) -> Printed | None:
    """The report saved for request ``asked`` under ``key``, or None."""
    found = load_output(Path(key.gitdir) / CHECK_OUTPUT_FILE, partial(_holds, key=key), asked,
                        _valid)
    return Printed(found["text"], found["code"]) if found is not None else None


def save(key: Key, after: Key | None, asked: str, printed: Printed) -> None:
    """Save what a check printed for request ``asked``, when nothing moved while it ran
    (``after``, the key read again, is ``key``)."""
    if after != key:
        return
    save_output(Path(key.gitdir) / CHECK_OUTPUT_FILE, {"version": VERSION, "state": key.state},
                partial(_holds, key=key), asked, {"text": printed.text, "code": printed.code},
                _valid)


def _holds(data: dict[str, Any], key: Key) -> bool:
    return data.get("version") == VERSION and data.get("state") == key.state


def _valid(found: object) -> bool:
    """A saved report: printable text and the status ``check`` exits with (0 or 1)."""
    return (isinstance(found, dict) and set(found) == {"text", "code"}
            and servable(found["text"]) and found["code"] in (0, 1)
            and type(found["code"]) is int)


__all__ = ["VERSION", "Key", "Printed", "current_key", "load", "request", "save"]
