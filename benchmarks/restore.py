#!/usr/bin/env python3
"""Restore benchmark: the cost of the re-inject block an agent waits for at every start.

Prints figures against the quality bar of the brief; it never asserts them (timings belong
here, not in tests):

(a) the wall and CPU time of one ``git-ledger restore`` process in a repository whose
    session ledger holds 200 entries (every kind, written through the library) and whose
    project ledger holds 5,000 decisions, against the bare floor of the language,
    ``python -c "import pygit2"``, interleaved in the same run (target <= 2x), in four
    cache states: ``warm`` (every derived cache in place, the saved block of
    ``derived/restore_cache.py`` included: a restore with nothing changed since the last
    one), ``after a write`` (the saved block deleted before each run, every other cache in
    place: what a restore after a write or a commit pays), ``index cold`` (the project
    index, ``ledger-cache/project.json``, deleted too: what the first restore after a pull
    pays) and ``cold`` (the whole ``<git dir>/ledger-cache/`` deleted too: a fresh
    clone's first restore);
(b) the same with 500 and 50,000 project decisions, and the 50,000/5,000 ratio
    (target <= 1.2x, warm: the cost must be nearly flat in the project's size);
(c) in-process ``restore()`` at each size in each state, and ``python -c "import
    gitledger.cli"`` — what a process pays before it reads anything — to show where the
    time of (a) goes.

The big project ledgers are written with ONE commit through the store (ledger.toml,
state.toml and every entry blob, encoded exactly as appends encode them), so building
50,000 decisions takes seconds, not the minutes 50,000 appends would.

Everything happens in temporary repositories with a fixed identity, a temporary HOME and
``GIT_CONFIG_NOSYSTEM=1``, so the machine's git configuration does not leak in; process
runs use a bytecode cache (as an installed package does).  ``--profile`` adds a cProfile
of the in-process restores and of the CLI's imports.

Usage: benchmarks/restore.py [--runs R] [--sizes N,N,...] [--tmpdir DIR] [--profile]
                            [--smallest]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

from harness import (
    Timings,
    banner,
    git_ledger_script,
    hermetic,
    ms,
    new_repo,
    progress,
    record,
    smallest_option,
    timed,
    verdict,
    with_bytecode,
)

from gitledger import FORMAT_VERSION
from gitledger.core.codec import encode_entry, encode_focus, encode_meta
from gitledger.core.ids import entry_path, new_id
from gitledger.core.model import Change, Entry, Focus, LedgerMeta
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger import digest
from gitledger.ledger.operations import Ledger
from gitledger.ledger.project_index import ACTIVE
from gitledger.storage.layout import PROJECT_REF, RESTORE_FILE
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView
from gitledger.views.restore import restore

SESSION_ENTRIES = 200
BASE_SIZE = 5_000
PROCESS_TARGET = 2.0
FLAT_TARGET = 1.2
#: Issue 21: a cold restore (no ledger-cache/) against a warm one, at 5,000 and at the
#: largest size measured (50,000 in the table).
COLD_TARGET = 1.3
COLD_BIG_TARGET = 2.0
#: Project decision statuses and their weights: 60% are active (accepted, implemented,
#: deployed), the rest proposed, rejected or superseded.
STATUS_MIX = (("accepted", 30), ("implemented", 20), ("deployed", 10), ("proposed", 15),
              ("rejected", 15), ("superseded", 10))


# -- building the ledgers ------------------------------------------------------------------


def build_session(repo: Path, count: int) -> None:
    """A session ledger of ``count`` entries of every kind, written through the library."""
    ledger = Ledger.open(repo, session="bench-session-1")
    ledger.set_task("Cache the token verifier per client without breaking key rotation")
    for i in range(count):
        kind = i % 5
        nxt = f"step {i}: check the rotation path" if i % 7 == 0 else None
        if kind == 0:
            ledger.decide(f"Decision {i}: cache the verifier per client id",
                          over=[f"global cache {i}", f"no cache {i}"],
                          because="the lookup dominated the callback in the profile",
                          scope=f"auth/module-{i % 13}", next_text=nxt,
                          paths=[f"src/auth/module_{i % 13}.py"])
        elif kind == 1:
            ledger.verify(f"Fact {i}: rotation invalidates the cached verifier",
                          by=f"pytest tests/test_rotation.py -k case_{i}", next_text=nxt)
        elif kind == 2:
            ledger.drop(f"Approach {i}: a TTL on the cache entry",
                        why="a rotated key stays trusted until the TTL ends",
                        next_text=nxt)
        elif kind == 3:
            ledger.open_question(f"Question {i}: does the IdP push rotation events?",
                                 ask_user=i % 2 == 0, next_text=nxt)
        else:
            ledger.plan(f"docs/plans/plan-{i}.md", note="the active plan", next_text=nxt)


def change_code(repo: Path, env: dict[str, str], files: int = 3) -> None:
    """Commit changes to ``files`` files the session's decisions govern, after its ledger
    opened: restore keeps the decisions governing them first (one tree diff a restore)."""
    module = repo / "src" / "auth"
    module.mkdir(parents=True, exist_ok=True)
    for n in range(files):
        (module / f"module_{n}.py").write_text(f"ROTATE_{n} = True\n", encoding="utf-8")
    subprocess.run(["git", "-C", str(repo), "add", "src"], env=env, check=True)
    subprocess.run(["git", "-C", str(repo), "commit", "-q", "-m", "rotate"], env=env,
                   check=True)


def build_project(repo: Path, count: int, seed: int = 7) -> int:
    """``count`` project decisions in ONE commit through the store; returns how many are
    active.  The blobs are encoded exactly as ``decide`` encodes them."""
    store = Store(Repo(repo))
    digest.register(store)  # as every write through the library keeps it (ledger/digest.py)
    person = store.repo.person()
    rng = random.Random(seed)
    statuses = [status for status, weight in STATUS_MIX for _ in range(weight)]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    meta = LedgerMeta(format=FORMAT_VERSION, id="project", kind="project",
                      created=start, created_by=person.ident)
    files: dict[str, bytes | None] = {
        "ledger.toml": encode_meta(meta),
        "state.toml": encode_focus(Focus(seq=count)),
    }
    seen: set[str] = set()
    active = 0
    for seq in range(1, count + 1):
        entry_id = new_id("decided")
        while entry_id in seen:
            entry_id = new_id("decided")
        seen.add(entry_id)
        status = rng.choice(statuses)
        active += status in ACTIVE
        entry = Entry(
            id=entry_id, kind="decided", seq=seq,
            text=f"Project decision {seq}: keep service {seq % 97} behind the gateway",
            created=start + timedelta(seconds=seq), author=person.ident,
            status=status, scope=f"service-{seq % 97}",
            over=(f"direct exposure {seq}", f"sidecar {seq}"),
            because="one place for authentication, rate limits and audit logs",
        )
        files[entry_path(entry_id)] = encode_entry(entry)

    def operation(view: TreeView | None) -> tuple[Change, None]:
        return Change(f"import {count} project decisions",
                      (("Ledger-Event", "start"), ("Ledger-Format", str(FORMAT_VERSION))),
                      files), None

    store.update(PROJECT_REF, operation)
    return active


#: Cache states: what is deleted before each run (``clear``).
STATES = ("warm", "after a write", "index cold", "cold")


def cache_dir(repo: Path) -> Path:
    return Store(Repo(repo)).repo.commondir / CACHE_DIR


def clear(repo: Path, state: str) -> None:
    """Put ``repo``'s derived caches in ``state`` (they are rebuilt by the next restore)."""
    if state != "warm":
        (repo / ".git" / RESTORE_FILE).unlink(missing_ok=True)
    if state == "index cold":
        (cache_dir(repo) / "project.json").unlink(missing_ok=True)
    elif state == "cold":
        shutil.rmtree(cache_dir(repo), ignore_errors=True)


# -- the benchmark ------------------------------------------------------------------------


def in_process(repo: Path, runs: int, state: str,
               profile: cProfile.Profile | None = None) -> float:
    """Median seconds of ``restore()`` in this process (imports already paid)."""
    costs: list[float] = []
    restore(repo)  # warm the page cache (and the caches)
    for _ in range(runs):
        clear(repo, state)
        if profile is not None:
            profile.enable()
        start = time.perf_counter()
        restore(repo)
        costs.append(time.perf_counter() - start)
        if profile is not None:
            profile.disable()
    return statistics.median(costs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=15,
                        help="process runs of each kind, interleaved (default 15)")
    parser.add_argument("--sizes", default="500,5000,50000",
                        help="project ledger sizes (default 500,5000,50000; 5000 is the "
                             "reference and is always included)")
    parser.add_argument("--base", type=int, default=BASE_SIZE,
                        help="the reference size the figures are of, always measured "
                             f"(default {BASE_SIZE:,}; smaller only to try the script)")
    parser.add_argument("--tmpdir", type=Path, default=None,
                        help="where the throwaway repositories go (default: the system's)")
    parser.add_argument("--states", default=",".join(STATES),
                        help="cache states to measure, of: " + ", ".join(STATES)
                             + " (default all; warm is always measured)")
    parser.add_argument("--profile", action="store_true",
                        help="also print cProfiles of in-process restores and of the imports")
    smallest_option(parser)
    args = parser.parse_args(argv)
    base_size = args.base
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()} | {base_size})
    if args.runs < 1 or min(sizes) < 1:
        parser.error("need --runs >= 1 and positive --sizes")
    chosen = {s.strip() for s in args.states.split(",") if s.strip()} | {"warm"}
    if chosen - set(STATES):
        parser.error(f"unknown --states: {', '.join(sorted(chosen - set(STATES)))}")
    states = tuple(state for state in STATES if state in chosen)

    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    with tempfile.TemporaryDirectory(prefix="gitledger-bench-", dir=args.tmpdir) as tmp:
        root = Path(tmp)
        env = hermetic(root / "home")
        script = git_ledger_script()
        proc_env = with_bytecode(env, root / "pycache")
        banner("gitledger restore benchmark", root)

        repos: dict[int, Path] = {}
        for size in sizes:
            repo = new_repo(root / f"project-{size}", env)
            start = time.perf_counter()
            build_session(repo, SESSION_ENTRIES)
            session_cost = time.perf_counter() - start
            change_code(repo, env)
            start = time.perf_counter()
            active = build_project(repo, size)
            progress(f"  built {size}: session {SESSION_ENTRIES} entries in "
                     f"{session_cost:.1f}s, project {size} decisions ({active} active) in "
                     f"{time.perf_counter() - start:.1f}s")
            repos[size] = repo
        block = restore(repos[base_size])
        print(f"  block at {base_size}: {len(block.text)} of {block.budget} characters, "
              f"complete={block.complete}, clipped={block.clipped}")

        # (a) and (b): processes, interleaved -------------------------------------------
        print(f"\n(a)+(b) one process: median of {args.runs} interleaved runs each "
              f"(session ledger {SESSION_ENTRIES} entries)")
        restore_cmd = [script, "restore"]
        floor_cmd = [sys.executable, "-c", "import pygit2"]
        import_cmd = [sys.executable, "-c", "import gitledger.cli"]
        floor = Timings("python -c 'import pygit2'")
        imports = Timings("python -c 'import gitledger.cli'")
        # The first seed's approach: the hook cats a Markdown ledger file of the same
        # session (written here by our own session-md export of it).
        markdown = root / "session-ledger.md"
        markdown.write_bytes(subprocess.run(
            [script, "export", "--format", "session-md"], cwd=repos[base_size],
            env=proc_env, capture_output=True, check=True).stdout)
        cat_cmd = ["cat", str(markdown)]
        cat = Timings("cat session-ledger.md (the seed's file)")
        runs = {(size, state): Timings(f"git-ledger restore, {size} project, {state}")
                for size in sizes for state in states}
        home = root / "home"
        for _ in range(0 if args.smallest else 2):  # the page, bytecode and ledger caches
            timed(floor_cmd, home, proc_env)
            timed(import_cmd, home, proc_env)
            for repo in repos.values():
                timed(restore_cmd, repo, proc_env)
        for _ in range(args.runs):
            floor.run(floor_cmd, home, proc_env)
            cat.run(cat_cmd, home, proc_env)
            imports.run(import_cmd, home, proc_env)
            for size, repo in repos.items():
                for state in states:
                    runs[size, state].run(restore_cmd, repo, proc_env,
                                          before=partial(clear, repo, state))
                timed(restore_cmd, repo, proc_env)  # leave the caches warm again
        print(floor.line())
        print(cat.line())
        print(imports.line(floor))
        for size in sizes:
            for state in states:
                print(runs[size, state].line(floor))
            warm = runs[size, "warm"]
            label = f"restore, {SESSION_ENTRIES}/{size} entries (warm)"
            record("restore", label, warm.median(), against="python -c 'import pygit2'",
                   ratio=warm.ratio(floor))
            record("restore", label, warm.median(), against="cat of the seed's Markdown file",
                   ratio=warm.ratio(cat))
            if "after a write" in states:
                written = runs[size, "after a write"]
                record("restore", f"restore, {SESSION_ENTRIES}/{size} entries (warm, after a "
                       "write: the block composed)", written.median(),
                       against="python -c 'import pygit2'", ratio=written.ratio(floor))
        base = {state: runs[base_size, state] for state in states}
        print(f"  restore/floor at {base_size} (wall, median), target <= {PROCESS_TARGET}: "
              + ", ".join(f"{state} {base[state].ratio(floor):.2f} "
                          f"({verdict(base[state].ratio(floor) <= PROCESS_TARGET)})"
                          for state in states))
        print("  (min to min: " + ", ".join(
            f"{state} {min(base[state].wall) / min(floor.wall):.2f}" for state in states)
            + f"; the imports alone: {imports.ratio(floor):.2f})")
        for size in sizes:
            if size == base_size:
                continue
            ratios = {state: runs[size, state].median() / base[state].median()
                      for state in states}
            target = (f"  target <= {FLAT_TARGET} (warm): "
                      f"{verdict(ratios['warm'] <= FLAT_TARGET)}" if size > base_size else "")
            print(f"  restore at {size}/{base_size}: "
                  + ", ".join(f"{state} {ratio:.2f}" for state, ratio in ratios.items())
                  + target)

        # digest (issue 21): the first restore after a clone, every cache gone, against a
        # warm one of the same repository in the same run (the restore digest keeps it
        # flat: docs/benchmarks.md, "digest") ---------------------------------------------
        cold_targets = {base_size: COLD_TARGET, max(sizes): COLD_BIG_TARGET}
        # With the saved block, "warm" no longer composes anything; the cold restore is also
        # given against "after a write", the warm restore that composes the block.
        if "cold" in states:
            for size in sizes:
                for against in ("warm", "after a write"):
                    if against not in states:
                        continue
                    cold, warm = runs[size, "cold"], runs[size, against]
                    ratio = cold.ratio(warm)
                    bar = cold_targets.get(size)
                    note = f"target <= {bar}: {verdict(ratio <= bar)}" if bar else ""
                    print(f"  cold/{against} at {size}: {ratio:.2f} (CPU "
                          f"{statistics.median(cold.cpu) / statistics.median(warm.cpu):.2f})"
                          + (f", {note}" if note else ""))
                    record("restore", f"restore, {SESSION_ENTRIES}/{size} entries, cold (no "
                           "ledger-cache/)", cold.median(),
                           against=f"the {against} restore at {size}", ratio=ratio, note=note)

        # (c) in-process ------------------------------------------------------------------
        print(f"\n(c) in-process restore(): median of {args.runs} (imports already paid)")
        profiles: dict[str, cProfile.Profile] = {}
        for size, repo in repos.items():
            costs = {state: in_process(repo, args.runs, state) for state in states}
            print(f"  {size:>6} project decisions: " + ", ".join(
                f"{state} {ms(cost):>10}" for state, cost in costs.items()))
            if args.profile and size in (base_size, max(sizes)):
                for state in states:
                    profile = profiles.setdefault(f"{state} {size}", cProfile.Profile())
                    in_process(repo, args.runs, state, profile=profile)
        print(f"\n  load average at the end {os.getloadavg()[0]:.2f}")

        if args.profile:
            for label, profile in profiles.items():
                out = io.StringIO()
                pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(18)
                print(f"\ncProfile of {args.runs} in-process restores, {label} "
                      "(cumulative):")
                print(out.getvalue())
            done = subprocess.run([sys.executable, "-X", "importtime", "-c",
                                   "import gitledger.cli"], env=proc_env, cwd=home,
                                  capture_output=True, text=True, check=False)
            rows = [line for line in done.stderr.splitlines() if "|" in line][1:]
            rows.sort(key=lambda line: int(line.split("|")[1]), reverse=True)
            print("\nSlowest imports of gitledger.cli (python -X importtime, cumulative us):")
            print("\n".join(rows[:20]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
