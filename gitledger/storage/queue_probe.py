"""Is anything queued for this directory's worktree?  Without libgit2, for the one call
that must start fast (``launch.py``'s pre-tool-use): the git dir is found the way git finds
it (``.git``, a directory or a ``gitdir:`` file, in the directory or one above), and the
queue is pending when its file is not empty (``event_queue.py``)."""

from __future__ import annotations

import os
from pathlib import Path

from gitledger.storage.layout import QUEUE_FILE

#: Directories walked up at most (a work tree is rarely deeper).
_DEPTH = 64


def queued_here(start: str | os.PathLike[str] | None = None) -> bool:
    """Whether the worktree around ``start`` (the current directory) has queued events."""
    here = Path(start if start is not None else os.getcwd()).absolute()
    for directory in [here, *here.parents][:_DEPTH]:
        dot = directory / ".git"
        try:
            if dot.is_dir():
                gitdir = dot
            elif dot.is_file():
                text = dot.read_text(encoding="utf-8", errors="replace")[:4096].strip()
                if not text.startswith("gitdir:"):
                    return False
                gitdir = (directory / text.removeprefix("gitdir:").strip()).resolve()
            else:
                continue
            return (gitdir / QUEUE_FILE).stat().st_size > 0
        except OSError:
            return False
    return False
