"""The entries that govern code, kept in the worktree's git dir for the pre-tool-use hook.

The hook runs before every edit and must answer fast, so the governing entries are saved
under a key checked with the git CLI, without libgit2.  Session and project parts are keyed
apart, so a session write never re-reads the project ledger; and a part saved at an earlier
tip of its ledger is handed back (``earlier``) to be brought up to date, not read whole.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from gitledger.derived.files import read_json_object, write_whole
from gitledger.derived.snapshot import Snapshot
from gitledger.storage.layout import GOVERNING_FILE, POINTER_FILE, PROJECT_REF, SESSIONS_PREFIX

VERSION = 2
#: The saved parts, one per ledger, the session's first (its entries win an id both hold).
PARTS = ("session", "project")
#: A cache larger than this is not read (it is rebuilt, and then not saved).
CACHE_LIMIT = 32 << 20


class Key(NamedTuple):
    """What the saved entries were read from."""

    gitdir: str
    top: str
    session_ref: str | None
    session_tip: str | None
    project_tip: str | None
    me: str | None

    def document(self, part: str) -> dict[str, Any]:
        """What part ``part`` of the saved copy was read from."""
        if part == "session":
            return {"ref": self.session_ref, "tip": self.session_tip, "me": self.me}
        return {"tip": self.project_tip, "me": self.me}


def current_key(where: str) -> Key | None:
    """The key as the repository is now, read with the git CLI; None when it cannot be
    read that way (not a repository, a bare one, no git, a pointer we do not trust)."""
    now = Snapshot.read(where, top=True)
    if now is None or now.top is None:
        return None
    gitdir, top = now.gitdir, now.top
    session_ref = _pointer(Path(gitdir))
    tips = now.tips(PROJECT_REF, *([session_ref] if session_ref else []))
    if tips is None:
        return None
    me = now.me()
    return Key(gitdir, top, session_ref, tips.get(session_ref or ""), tips.get(PROJECT_REF),
               me or None)


def _pointer(gitdir: Path) -> str | None:
    try:
        text = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith(SESSIONS_PREFIX) or any(c in text for c in " \t\n\\:?*[~^"):
        return None
    return text


#: A part saved at an earlier tip of the same ledger, for the same reader: (that tip, its
#: triples), which ``read_governing`` brings up to date from the entries changed since.
Earlier = dict[str, tuple[str, list[list[Any]]]]


def load(key: Key, earlier: Earlier | None = None) -> dict[str, list[list[Any]]]:
    """The saved ``[ledger, label, entry JSON]`` triples of each part still saved under
    ``key``'s value for it; a part that is stale, absent or malformed is left out.  A part
    saved at another tip of the ledger ``key`` names, for the same reader, goes into
    ``earlier`` (when given)."""
    data = read_json_object(Path(key.gitdir) / GOVERNING_FILE, CACHE_LIMIT)
    if data is None or data.get("version") != VERSION:
        return {}
    parts = data.get("parts")
    if not isinstance(parts, dict):
        return {}
    found: dict[str, list[list[Any]]] = {}
    for part in PARTS:
        saved = parts.get(part)
        if not isinstance(saved, dict) or not isinstance(saved.get("entries"), list):
            continue
        entries = [item for item in saved["entries"]
                   if isinstance(item, list) and len(item) == 3
                   and isinstance(item[0], str) and isinstance(item[1], str)
                   and isinstance(item[2], dict)]
        if saved.get("key") == key.document(part):
            found[part] = entries
        elif earlier is not None and (tip := _earlier_tip(saved.get("key"), key, part)):
            earlier[part] = (tip, entries)
    return found


def _earlier_tip(saved: object, key: Key, part: str) -> str | None:
    """The tip a part was saved at, when all else it was read from is what ``key`` says
    (the ledger, the reader) and the ledger has another tip now."""
    if not isinstance(saved, dict):
        return None
    was, now = dict(saved), key.document(part)
    tip = was.pop("tip", None)
    return tip if isinstance(tip, str) and tip != now.pop("tip") and was == now else None


def combined(parts: dict[str, list[list[Any]]]) -> list[list[Any]]:
    """The parts' entries in one list, the session's first; an id the session ledger
    holds is not repeated from the project ledger."""
    seen: set[Any] = set()
    out: list[list[Any]] = []
    for part in PARTS:
        for item in parts.get(part, ()):
            if item[2].get("id") not in seen:
                seen.add(item[2].get("id"))
                out.append(item)
    return out


def advance(gitdir: Path, part: str, base: str | None, tip: str,
            written: Iterable[str]) -> None:
    """Carry the saved ``part`` over a write that moved its ledger from ``base`` to ``tip``
    and changed none of the entries it holds (``written``: the ids the write touched, none
    of which governs code now): what it saved is still what that ledger says, so the next
    governed edit need not read the ledger, and load libgit2, again."""
    path = gitdir / GOVERNING_FILE
    data = read_json_object(path, CACHE_LIMIT) if base is not None else None
    try:
        if data is None:
            return
        saved = data["parts"][part]
        if data["version"] != VERSION or saved["key"]["tip"] != base:
            return
        held = {item[2].get("id") for item in saved["entries"]}
    except (KeyError, TypeError, AttributeError, IndexError):
        return
    if held.intersection(written):
        return
    saved["key"]["tip"] = tip
    with contextlib.suppress(OSError):
        write_whole(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def save(key: Key, parts: dict[str, list[list[Any]]]) -> None:
    """Save ``parts`` under ``key``; a git dir that refuses the file keeps the old one
    (the next call reads the ledgers again)."""
    path = Path(key.gitdir) / GOVERNING_FILE
    document = {part: {"key": key.document(part), "entries": parts[part]}
                for part in PARTS if part in parts}
    text = json.dumps({"version": VERSION, "parts": document},
                      ensure_ascii=False, separators=(",", ":"))
    if len(text) > CACHE_LIMIT:
        return
    with contextlib.suppress(OSError):
        write_whole(path, text)


__all__ = ["CACHE_LIMIT", "PARTS", "VERSION", "Earlier", "Key", "advance", "combined",
           "current_key", "load", "save"]
