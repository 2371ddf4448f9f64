"""git config read and written through the git CLI: ``git ledger config``.

It runs git rather than libgit2 so that it answers for the same files, levels and overrides
(``git -c``, ``GIT_CONFIG_GLOBAL``) as ``git config`` does.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass

from gitledger.derived.git_cli import GIT_TIMEOUT, REPOSITORY_VARS
from gitledger.errors import InvalidInput, RepositoryError

Where = str | os.PathLike[str] | None


@dataclass(frozen=True)
class Found:
    """A key's value as git reads it, and the level it came from (local, global …)."""

    value: str
    scope: str


def _git(where: Where, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in REPOSITORY_VARS or where is None}
    try:
        return subprocess.run(["git", *args], cwd=where, env=env, capture_output=True,
                              text=True, timeout=GIT_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        raise RepositoryError(f"git config failed: {exc}") from None


def read(where: Where, key: str) -> Found | None:
    """The value git uses for ``key`` (the last one it reads), or None when unset."""
    done = _git(where, "config", "--show-scope", "-z", "--get", key)
    if done.returncode == 1:
        return None
    if done.returncode != 0:
        raise RepositoryError(f"git config --get {key}: {done.stderr.strip()}")
    scope, _, value = done.stdout.removesuffix("\0").partition("\0")
    return Found(value, scope)


def write(where: Where, key: str, value: str | None, scope: str) -> None:
    """Set ``key`` at ``scope`` (``local`` or ``global``), or unset it (``value`` None)."""
    if scope == "local":
        inside = _git(where, "rev-parse", "--git-dir")
        if inside.returncode != 0:
            raise InvalidInput("not in a git repository: --local needs one (or give --global)")
    args = ["config", f"--{scope}"]
    args += ["--unset-all", key] if value is None else [key, value]
    done = _git(where, *args)
    if value is None and done.returncode == 5:
        return  # it was not set there: nothing to unset
    if done.returncode != 0:
        raise RepositoryError(f"git config --{scope} {key}: {done.stderr.strip()}")


__all__ = ["Found", "read", "write"]
