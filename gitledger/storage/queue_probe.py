"""Is anything queued for this worktree?  Answered without libgit2, finding the git dir the
way git does, because every reader asks before opening the repository, including
``launch.py``'s pre-tool-use, the one call that must start fast (``event_queue.py``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from gitledger.derived.snapshot import ROTATED_SUFFIX, pending
from gitledger.storage.layout import QUEUE_REPORT_FILE, RECORDED_FILE, RECORDING_FILE

__all__ = ["ROTATED_SUFFIX", "git_dir_here", "needs_drain", "pending", "queued_here",
           "stopped_midway"]

#: A hook that began recording a commit this long ago and has not finished never will:
#: it runs in milliseconds (sooner, it may still be at work).
STOPPED_SECONDS = 2.0
#: Directories walked up at most (a work tree is rarely deeper).
_DEPTH = 64


def git_dir_here(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The git dir of the worktree around ``start`` (the current directory, or
    ``GIT_DIR`` when that is set and no start is given), or None outside one."""
    if start is None and os.environ.get("GIT_DIR"):
        return Path(os.environ["GIT_DIR"]).absolute()
    here = Path(start if start is not None else os.getcwd()).absolute()
    for directory in [here, *here.parents][:_DEPTH]:
        dot = directory / ".git"
        try:
            if dot.is_dir():
                return dot
            if dot.is_file():
                text = dot.read_text(encoding="utf-8", errors="replace")[:4096].strip()
                if not text.startswith("gitdir:"):
                    return None
                return (directory / text.removeprefix("gitdir:").strip()).resolve()
        except OSError:
            return None
    return None


def queued_here(start: str | os.PathLike[str] | None = None) -> bool:
    """Whether the worktree around ``start`` has queued events."""
    gitdir = git_dir_here(start)
    return gitdir is not None and pending(gitdir)


def stopped_midway(gitdir: Path) -> bool:
    """The post-commit hook began recording a commit and never finished (it was killed,
    the disk was full): the two marks it writes are apart, and not just now."""
    try:
        began = (gitdir / RECORDING_FILE).read_bytes()
        when = (gitdir / RECORDING_FILE).stat().st_mtime
    except OSError:
        return False
    try:
        done = (gitdir / RECORDED_FILE).read_bytes()
    except OSError:
        done = b""
    return began != done and time.time() - when >= STOPPED_SECONDS


def needs_drain(start: str | os.PathLike[str] | None = None) -> bool:
    """Anything queued, or said and not yet printed, or a commit a hook stopped recording:
    what a reader checks before it loads the code that applies the queue (a ``stat`` or
    two)."""
    gitdir = git_dir_here(start)
    return gitdir is not None and (pending(gitdir) or (gitdir / QUEUE_REPORT_FILE).exists()
                                   or stopped_midway(gitdir))
