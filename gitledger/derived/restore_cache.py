"""The restore block last printed, kept in the worktree's git dir with what it was made from.

Most agent starts find the ledgers unchanged, so ``launch.py`` prints the saved block while
its key, read with the git CLI, still holds, without importing pygit2.  Saved only when the
key did not move during the restore.  Derived, local, never pushed.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from gitledger.derived.saved_outputs import load_output, save_output
from gitledger.derived.snapshot import Snapshot
from gitledger.storage.layout import DRIFT_FILE, EDITING_FILE, LEDGER_NAMESPACE, RESTORE_FILE

VERSION = 1
#: What ``Repo.person`` reads from the environment beside the config.
IDENTITY_VARS = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "EMAIL", "GIT_COMMITTER_DATE")


class Key(NamedTuple):
    """What a saved block was made from: ``state`` hashes all of it but HEAD and the drift
    cache, which only a block showing a decision with a footprint depends on."""

    gitdir: str
    state: str
    head: str
    drift: str
    #: The reader's identity as ``Repo.person`` would give it (None: no identity).
    me: str | None


def current_key(where: str | os.PathLike[str] | None) -> Key | None:
    """The key as the repository is now (three git commands, no libgit2); None when it
    cannot be read that way (not a repository, no git)."""
    now = Snapshot.read(where)
    if now is None:
        return None
    listing = now.refs(LEDGER_NAMESPACE)
    if listing is None:
        return None
    # The identity as libgit2 reads it (the block's labels are), not as git -c pins it.
    me = now.me()
    env = [os.environ.get(name) for name in IDENTITY_VARS]
    month = time.strftime("%Y-%m", time.gmtime())
    pointer = now.pointer()
    # What the sessions edited decides which decisions a clipped block keeps.
    editing = _read(Path(now.gitdir) / EDITING_FILE)
    state = json.dumps([VERSION, now.gitdir, listing,
                        pointer.decode("utf-8", "surrogateescape") if pointer is not None
                        else None, me, env, month, editing], ensure_ascii=False)
    drift = _read(Path(now.gitdir) / DRIFT_FILE)
    return Key(now.gitdir, _digest(state), now.head, _digest(drift) if drift is not None else "",
               me)


def _digest(text: str) -> str:
    """A hash of ``text`` as the bytes it was read from (a file's undecodable bytes and the
    environment's arrive as lone surrogates, which plain UTF-8 refuses to encode)."""
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", errors="surrogateescape")
    except OSError:
        return None


def request(fmt: str, budget: int | None, session_id: str | None, source: str | None) -> str:
    """What one ``restore`` call asked for, as the saved outputs are looked up by."""
    return json.dumps([fmt, budget, session_id, source], ensure_ascii=False)


def load(key: Key, asked: str) -> str | None:
    """The output saved for request ``asked`` under ``key``, or None."""
    found = load_output(Path(key.gitdir) / RESTORE_FILE, partial(_holds, key=key), asked)
    return found if isinstance(found, str) else None


def _holds(data: dict[str, Any], key: Key) -> bool:
    if data.get("version") != VERSION or data.get("state") != key.state:
        return False
    reads_head = data.get("reads_head")
    if reads_head is False:
        return True
    return reads_head is True and data.get("head") == key.head and data.get("drift") == key.drift


def save(key: Key, after: Key | None, asked: str, output: str, *, me: str | None,
         reads_head: bool) -> None:
    """Save ``output`` for request ``asked``, when nothing moved while it was composed
    (``after``, the key read again, is ``key``) and the restore read the identity the key
    holds (``me``).  A git dir that refuses the file keeps the old one."""
    if after != key or me != key.me:
        return
    header = {"version": VERSION, "state": key.state, "reads_head": reads_head,
              "head": key.head, "drift": key.drift}
    save_output(Path(key.gitdir) / RESTORE_FILE, header, partial(_holds, key=key), asked,
                output)


__all__ = ["VERSION", "Key", "current_key", "load", "request", "save"]
