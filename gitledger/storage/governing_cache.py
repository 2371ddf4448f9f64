"""The entries that govern code, kept in the worktree's git dir for the pre-tool-use hook.

The hook runs before every edit an agent makes, and with a match must answer within
300 ms: loading libgit2 and decoding every entry of a project ledger of thousands of
decisions takes most of that.  So the entries whose ``role`` is not None (and who wrote
each, as the reader sees it) are saved here once, keyed by what they were read from: the
worktree's session ref and its tip, the project ledger's tip and the reader's identity.
The hook checks the key with the git CLI (two small commands, no libgit2) and reads the
file when it still holds; any change of a tip, of the pointer or of the identity makes it
read the ledgers again and save a new file.  Derived, local, never pushed: deleting it
costs one slow call.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import subprocess
from pathlib import Path
from typing import Any, NamedTuple

from gitledger.storage.layout import GOVERNING_FILE, POINTER_FILE, PROJECT_REF, SESSIONS_PREFIX

VERSION = 1
#: A cache larger than this is not read (it is rebuilt, and then not saved).
CACHE_LIMIT = 32 << 20
#: Seconds the git commands may take before the hook reads the ledgers itself.
GIT_TIMEOUT = 5.0


class Key(NamedTuple):
    """What the saved entries were read from."""

    gitdir: str
    top: str
    session_ref: str | None
    session_tip: str | None
    project_tip: str | None
    me: str | None

    def document(self) -> dict[str, Any]:
        return {"session_ref": self.session_ref, "session_tip": self.session_tip,
                "project_tip": self.project_tip, "me": self.me}


def current_key(where: str) -> Key | None:
    """The key as the repository is now, read with the git CLI; None when it cannot be
    read that way (not a repository, a bare one, no git, a pointer we do not trust)."""
    dirs = _git(where, "rev-parse", "--absolute-git-dir", "--show-toplevel")
    lines = dirs.splitlines() if dirs is not None else []
    if len(lines) != 2:
        return None
    gitdir, top = lines
    session_ref = _pointer(Path(gitdir))
    listed = _git(where, "for-each-ref", "--format=%(refname) %(objectname)", PROJECT_REF,
                  *([session_ref] if session_ref else []))
    if listed is None:
        return None
    tips = dict(line.split(" ", 1) for line in listed.splitlines() if " " in line)
    ident = _git(where, "var", "GIT_AUTHOR_IDENT")
    me = ident.strip().rsplit(" ", 2)[0] if ident else None
    return Key(gitdir, top, session_ref, tips.get(session_ref or ""), tips.get(PROJECT_REF),
               me or None)


def _git(where: str, *args: str) -> str | None:
    """A git command's stdout, or None when it fails (or git is not there)."""
    try:
        done = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True,
                              timeout=GIT_TIMEOUT, check=False,
                              env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"})
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


def _pointer(gitdir: Path) -> str | None:
    try:
        text = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith(SESSIONS_PREFIX) or any(c in text for c in " \t\n\\:?*[~^"):
        return None
    return text


def load(key: Key) -> list[list[Any]] | None:
    """The saved ``[ledger, label, entry JSON]`` triples when they were saved under
    ``key``; None otherwise (absent, stale, oversized, malformed)."""
    path = Path(key.gitdir) / GOVERNING_FILE
    try:
        if path.stat().st_size > CACHE_LIMIT:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    if data.get("key") != key.document():
        return None
    entries = data.get("entries")
    if not isinstance(entries, list):
        return None
    return [item for item in entries if isinstance(item, list) and len(item) == 3
            and isinstance(item[0], str) and isinstance(item[1], str)
            and isinstance(item[2], dict)]


def save(key: Key, entries: list[list[Any]]) -> None:
    """Save ``entries`` under ``key``; a git dir that refuses the file keeps the old one
    (the next call reads the ledgers again)."""
    path = Path(key.gitdir) / GOVERNING_FILE
    text = json.dumps({"version": VERSION, "key": key.document(), "entries": entries},
                      ensure_ascii=False, separators=(",", ":"))
    if len(text) > CACHE_LIMIT:
        return
    temp = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()


__all__ = ["CACHE_LIMIT", "VERSION", "Key", "current_key", "load", "save"]
