"""One git command's output through the git CLI, for the callers that must not load
libgit2: the pre-tool-use hook's saved entries (``governing_cache.py``), the restore
block's saved copy (``restore_cache.py``) and check's saved report (``check_output.py``).
No git command of these may take a lock."""

from __future__ import annotations

import os
import subprocess

#: Seconds a git command may take before the caller reads the ledgers itself.
GIT_TIMEOUT = 5.0
#: git's variables that choose the repository.  libgit2 reads none of them, and
#: ``Repo(start)`` reads ``GIT_DIR`` only without a start: a git run in ``where`` that
#: heeded them (a git hook, ``git --git-dir=A ledger -C B``) would answer for another
#: repository than the one the caller reads.
REPOSITORY_VARS = ("GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE",
                   "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_PREFIX",
                   "GIT_IMPLICIT_WORK_TREE")


#: git's variables that set or redirect its config, which libgit2 never reads: a value
#: they pin (``git -c user.name=…``, ``GIT_CONFIG_COUNT``) is not what libgit2 reads.
CONFIG_VARS = ("GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL",
               "GIT_CONFIG_SYSTEM", "GIT_CONFIG")


def git_output(where: str | os.PathLike[str] | None, *args: str,
               config_as_libgit2: bool = False) -> str | None:
    """The stdout of ``git ARGS`` run in ``where``, or None when it fails (or git is not
    there).  The repository is the one ``Repo(where)`` opens: found from ``where`` when
    one is given, else ``GIT_DIR`` or the current directory.  ``config_as_libgit2``: git
    reads the config files libgit2 reads, without the environment's overrides."""
    kept = ("GIT_DIR",) if where is None else ()
    env = {name: value for name, value in os.environ.items()
           if (name not in REPOSITORY_VARS or name in kept) and not (config_as_libgit2 and (
               name in CONFIG_VARS or name.startswith(("GIT_CONFIG_KEY_",
                                                        "GIT_CONFIG_VALUE_"))))}
    try:
        done = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True,
                              timeout=GIT_TIMEOUT, check=False,
                              env={**env, "GIT_OPTIONAL_LOCKS": "0"})
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_dir_and_head(where: str | os.PathLike[str] | None) -> tuple[str, str] | None:
    """The repository's absolute git dir and HEAD's commit ("" when HEAD is unborn), from
    one ``git rev-parse``; None when git cannot say (not a repository, no git)."""
    dirs = git_output(where, "rev-parse", "--absolute-git-dir", "--revs-only", "HEAD")
    lines = dirs.splitlines() if dirs is not None else []
    if not 1 <= len(lines) <= 2:
        return None
    return lines[0], lines[1] if len(lines) == 2 else ""


__all__ = ["CONFIG_VARS", "GIT_TIMEOUT", "REPOSITORY_VARS", "git_dir_and_head", "git_output"]
