#!/usr/bin/env python3
"""What a commit pays for our hooks beside each hook manager (docs/hooks.md, "Hook managers").

For each case, one throwaway repository with a small session ledger takes ``--runs``
commits (each changes one file), timed end to end (``git commit -q``); the figure is the
median.  The managers are the suite's pinned ones (``tests/integrations/managers.py``,
installed into its cache on first use: npm and PyPI), each with one hook of the user's
(``true``), so that every pair of rows differs by our hooks alone:

* ``git, no hooks`` and ``git + install`` (the shell fast path in ``.git/hooks``);
* ``pre-commit`` alone, ``pre-commit + install`` (ours as ``post-commit.legacy``, which
  pre-commit runs first) and ``pre-commit + manifest`` (the documented route: our
  ``.pre-commit-hooks.yaml`` hooks in the config, ``git-ledger hook post-commit`` in
  Python at every commit; run as ``language: system``, as pre-commit would run the
  environment it builds);
* ``husky 9`` alone and ``husky 9 + install`` (a call in ``.husky/post-commit``);
* ``lefthook`` alone and ``lefthook + install`` (a command in ``lefthook-local.yml``).

Prints a table; asserts nothing (timings belong here, not in tests).  Under
``benchmarks/run --only hook_managers`` each ``+ install`` case is a row, as a ratio to the
same manager alone in the same run (what our hooks add to a commit beside it).

Usage: benchmarks/hook_managers.py [--runs N] [--smallest]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the suite's pinned managers

from harness import record, smallest_option  # noqa: E402

from tests.integrations import managers as pinned  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    smallest_option(parser)
    args = parser.parse_args()
    runs = args.runs
    warmup = 0 if args.smallest else 2  # the first commits warm the caches
    installed = pinned.install()
    versions = pinned.versions(installed)
    bin_dir = Path(sys.executable).parent
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        env = {**os.environ, "HOME": str(home), "GIT_CONFIG_NOSYSTEM": "1",
               "XDG_CONFIG_HOME": str(home / ".config"), "XDG_CACHE_HOME": str(home / ".c"),
               "GIT_AUTHOR_NAME": "B", "GIT_AUTHOR_EMAIL": "b@example.com",
               "GIT_COMMITTER_NAME": "B", "GIT_COMMITTER_EMAIL": "b@example.com",
               "NO_COLOR": "1", "PATH": os.pathsep.join([str(bin_dir), installed.path,
                                                         os.environ.get("PATH", "")])}
        def install(repo: Path) -> None:
            _run(env, repo, "git-ledger", "install")

        def pre_commit(repo: Path) -> None:
            _pre_commit(env, repo, installed, manifest=False)

        def manifest(repo: Path) -> None:
            _pre_commit(env, repo, installed, manifest=True)

        def husky(repo: Path) -> None:
            _husky(env, repo, installed)

        def lefthook(repo: Path) -> None:
            _lefthook(env, repo, installed)

        cases: list[tuple[str, list[Callable[[Path], None]]]] = [
            ("git, no hooks", []), ("git + install", [install]),
            ("pre-commit", [pre_commit]), ("pre-commit + install", [pre_commit, install]),
            ("pre-commit + manifest", [manifest]),
            ("husky 9", [husky]), ("husky 9 + install", [husky, install]),
            ("lefthook", [lefthook]), ("lefthook + install", [lefthook, install]),
        ]
        print(f"hook managers: {versions}; {runs} commits a case, median wall time")
        print(f"{'case':<24} {'commit':>10}")
        medians: dict[str, float] = {}
        for index, (name, steps) in enumerate(cases):
            repo = Path(tmp) / f"r{index}"
            repo.mkdir()
            _run(env, repo, "git", "init", "-q", "-b", "main")
            _run(env, repo, "git", "commit", "-q", "--allow-empty", "-m", "start")
            _run(env, repo, "git-ledger", "task", "benchmark")
            for step in steps:
                step(repo)
            times = []
            for i in range(runs + warmup):
                (repo / "f.txt").write_text(f"{i}\n")
                _run(env, repo, "git", "add", "f.txt")
                start = time.perf_counter()
                _run(env, repo, "git", "commit", "-q", "-m", f"c{i}")
                if i >= warmup:
                    times.append(time.perf_counter() - start)
            medians[name] = statistics.median(times)
            print(f"{name:<24} {medians[name] * 1000:>8.0f} ms")
            alone = name.removesuffix(" + install")
            if alone != name:
                alone = "git, no hooks" if alone == "git" else alone
                record("hook managers", f"a commit, {name}", medians[name], against=alone,
                       ratio=medians[name] / medians[alone])


def _run(env: dict[str, str], cwd: Path, *argv: str) -> None:
    subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True, timeout=300,
                   stdin=subprocess.DEVNULL)


def _pre_commit(env: dict[str, str], repo: Path, installed: pinned.Managers, *,
                manifest: bool) -> None:
    ours = textwrap.dedent("""\
        -   id: git-ledger-post-commit
            name: git ledger (post-commit)
            entry: git-ledger hook post-commit
            language: system
            stages: [post-commit]
            always_run: true
            pass_filenames: false
            verbose: true
        """) if manifest else ""
    mine = textwrap.dedent("""\
        -   id: mine
            name: mine
            entry: 'true'
            language: system
            stages: [post-commit]
            always_run: true
            pass_filenames: false
        """)
    (repo / ".pre-commit-config.yaml").write_text(
        "repos:\n-   repo: local\n    hooks:\n" + textwrap.indent(ours + mine, "    "))
    _run(env, repo, str(installed.pre_commit_bin / "pre-commit"), "install", "-t",
         "post-commit")


def _husky(env: dict[str, str], repo: Path, installed: pinned.Managers) -> None:
    (repo / "package.json").write_text('{"name": "b", "private": true}\n')
    _run(env, repo, *pinned.husky(installed), "init")
    (repo / ".husky" / "pre-commit").unlink()
    (repo / ".husky" / "post-commit").write_text("true\n")


def _lefthook(env: dict[str, str], repo: Path, installed: pinned.Managers) -> None:
    (repo / "lefthook.yml").write_text("post-commit:\n  commands:\n    mine:\n"
                                       "      run: 'true'\n")
    _run(env, repo, str(installed.npm_bin / "lefthook"), "install")


if __name__ == "__main__":
    main()
