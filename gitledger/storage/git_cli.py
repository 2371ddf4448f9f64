"""One git command's output through the git CLI, for the callers that must not load
libgit2: the pre-tool-use hook's saved entries (``governing_cache.py``) and the restore
block's saved copy (``restore_cache.py``).  No git command of these may take a lock."""

from __future__ import annotations

import os
import subprocess

#: Seconds a git command may take before the caller reads the ledgers itself.
GIT_TIMEOUT = 5.0


def git_output(where: str | os.PathLike[str] | None, *args: str) -> str | None:
    """The stdout of ``git ARGS`` run in ``where``, or None when it fails (or git is not
    there)."""
    try:
        done = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True,
                              timeout=GIT_TIMEOUT, check=False,
                              env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"})
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


__all__ = ["GIT_TIMEOUT", "git_output"]
