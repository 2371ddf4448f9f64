"""The real hook managers, pinned, installed by the suite itself and cached between runs.

husky (9, 8, and 4 in a cache of its own), lefthook and simple-git-hooks come from npm,
pre-commit from PyPI (into a virtual environment of its own), at the versions pinned here,
into a cache outside the checkout (``GITLEDGER_MANAGER_CACHE``, else
``$XDG_CACHE_HOME/gitledger-managers``) keyed by the pins, as ``tests/agents/clients.py``
caches the agent clients.  The only network they use
is the two package registries, once; the tests themselves run offline.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

#: Read when the tests are collected, before the hermetic fixture swaps HOME.
CACHE_ROOT = Path(os.environ.get("GITLEDGER_MANAGER_CACHE") or Path(
    os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gitledger-managers")
HUSKY = "9.1.7"
#: husky 5-8 (core.hooksPath=.husky, the user's scripts there), beside 9 under an npm alias.
HUSKY_8 = "8.0.3"
LEFTHOOK = "2.2.2"
PRE_COMMIT = "4.7.0"
SIMPLE_GIT_HOOKS = "2.14.0"
#: husky 4 (every hook in .git/hooks, dispatching on its name to package.json's
#: husky.hooks): in a cache of its own, so that the others' cache key stands.
HUSKY_4 = "4.3.8"
INSTALL_TIMEOUT = 600


class ManagerMissing(Exception):
    """What the suite needs to install a manager is not on this machine (one line why)."""


@dataclass(frozen=True)
class Managers:
    """Where the installed managers' executables are."""

    npm_bin: Path
    pre_commit_bin: Path

    @property
    def path(self) -> str:
        """PATH entries that put every manager's executable first."""
        return os.pathsep.join([str(self.npm_bin), str(self.pre_commit_bin)])


def cache_dir() -> Path:
    key = hashlib.sha256(f"husky@{HUSKY} husky@{HUSKY_8} lefthook@{LEFTHOOK} "
                         f"pre-commit=={PRE_COMMIT} simple-git-hooks@{SIMPLE_GIT_HOOKS}"
                         .encode()).hexdigest()[:12]
    return CACHE_ROOT / key


def install() -> Managers:
    """Every manager installed (once; later runs reuse it)."""
    if shutil.which("npm") is None:
        raise ManagerMissing("the hook manager tests need npm on PATH to install husky and "
                             "lefthook (Debian: apt-get install nodejs npm)")
    where = cache_dir()
    where.mkdir(parents=True, exist_ok=True)
    npm_bin = where / "node_modules" / ".bin"
    venv = where / "pre-commit"
    pre_commit_bin = venv / "bin"
    with (where / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = where / ".installed"
        if not done.exists() or not all(
                (d / b).exists() for d, b in ((npm_bin.parent / "husky", "bin.js"),
                                             (npm_bin, "lefthook"),
                                             (npm_bin.parent / "husky8", "lib"),
                                             (npm_bin, "simple-git-hooks"),
                                             (pre_commit_bin, "pre-commit"))):
            _run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error",
                  "--cache", str(where / "npm-download"), "--prefix", str(where),
                  f"husky@{HUSKY}", f"husky8@npm:husky@{HUSKY_8}", f"lefthook@{LEFTHOOK}",
                  f"simple-git-hooks@{SIMPLE_GIT_HOOKS}"], "npm install")
            shutil.rmtree(where / "npm-download", ignore_errors=True)
            _run([sys.executable, "-m", "venv", str(venv)], "python -m venv")
            _run([str(pre_commit_bin / "pip"), "install", "--quiet", "--disable-pip-version-check",
                  f"pre-commit=={PRE_COMMIT}"], "pip install pre-commit")
            done.write_text(json.dumps({"husky": HUSKY, "husky8": HUSKY_8, "lefthook": LEFTHOOK,
                                        "pre-commit": PRE_COMMIT}) + "\n")
    return Managers(npm_bin, pre_commit_bin)


def husky_4_modules() -> Path:
    """husky 4's node_modules (husky and what it needs), installed once; a test copies it
    into its repository and runs husky's own install script there, as npm would."""
    where = CACHE_ROOT / f"husky4-{HUSKY_4}"
    where.mkdir(parents=True, exist_ok=True)
    modules = where / "node_modules"
    with (where / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (modules / "husky" / "husky.js").exists():
            if shutil.which("npm") is None:
                raise ManagerMissing("the husky 4 tests need npm on PATH")
            _run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error",
                  "--cache", str(where / "npm-download"), "--prefix", str(where),
                  f"husky@{HUSKY_4}"], "npm install husky 4",
                 env={**os.environ, "HUSKY_SKIP_INSTALL": "1"})
            shutil.rmtree(where / "npm-download", ignore_errors=True)
    return modules


def husky(managers: Managers) -> list[str]:
    """The command line of husky 9: through node, since husky 8's bin has the same name."""
    return ["node", str(managers.npm_bin.parent / "husky" / "bin.js")]


def husky_8(managers: Managers) -> list[str]:
    """The command line of husky 8 (its package is installed as ``husky8``)."""
    return ["node", str(managers.npm_bin.parent / "husky8" / "lib" / "bin.js")]


def _run(argv: list[str], what: str, env: dict[str, str] | None = None) -> None:
    # npm runs in the cache, and tells the packages' install scripts so (INIT_CWD):
    # lefthook's postinstall installs its hooks into the repository npm was started from,
    # which would otherwise be the checkout the tests run in.
    # Other installs (the pre-commit venv, pip) name no prefix and run where they are.
    where = Path(argv[argv.index("--prefix") + 1]) if "--prefix" in argv else None
    done = subprocess.run(argv, capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
                          check=False, stdin=subprocess.DEVNULL, cwd=where,
                          env={**(env or os.environ),
                               **({"INIT_CWD": str(where)} if where else {})})
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise ManagerMissing(f"{what} of the hook managers failed: {last}")


def versions(managers: Managers) -> dict[str, str]:
    """What each installed manager says its version is."""
    def out(*argv: str) -> str:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60,
                              check=False).stdout.strip()

    def package(name: str) -> str:
        data = json.loads((managers.npm_bin.parent / name / "package.json").read_text())
        return str(data["version"])

    return {"husky": package("husky"), "husky 8": package("husky8"),
            "simple-git-hooks": package("simple-git-hooks"),
            "lefthook": out(str(managers.npm_bin / "lefthook"), "version"),
            "pre-commit": out(str(managers.pre_commit_bin / "pre-commit"), "--version")}
