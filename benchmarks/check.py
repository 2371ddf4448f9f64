#!/usr/bin/env python3
"""Check benchmark: the cost of ``git ledger check`` on a big project ledger.

Prints figures against the quality bar of the issue; it never asserts them (timings belong
here, not in tests):

(a) the wall and CPU time of one ``git-ledger check`` process in a repository whose
    project ledger holds 5,000 decisions in 1,000 supersedes chains of 5 (four superseded,
    one in force), against the bare floor of the language, ``python -c "import pygit2"``,
    interleaved in the same run (target <= 2x), in these ways: ``warm`` (every derived
    cache in place, among them the report the last check printed, ``<git dir>/
    ledger-check.json``, which ``launch.py`` prints without libgit2 while no ref moved),
    ``composed`` (that file deleted: the findings saved in ``ledger-cache/check.json``
    read back through libgit2), ``after a write`` (one write to the session ledger before
    each run, so a check again of what changed), ``full`` (both saved reports deleted:
    every rule evaluated on every entry, read from the entry cache), ``cold`` (``<git
    common dir>/ledger-cache/`` deleted too: a fresh clone's first check) and ``--json``
    (warm: an untimed ``check --json`` first saves its report); and the Stop hook
    (``check --hook stop``, a Claude Code payload on stdin through ``sh -c``) with nothing
    changed since an untimed one, and after a write;
(b) the same with 1,000 decisions (200 chains), and the 5,000/1,000 ratio, to show how
    the cost grows with the ledger;
(c) in-process ``check()`` at each size, warm and cold, and ``python -c "import
    gitledger.cli"`` — what a process pays before it reads anything — to show where the
    time of (a) goes.

The repositories are realistic where ``check`` looks: the decisions cite real commits of
a linear ``main`` (one for every implementation, some of them rebased away since and kept
only by ``refs/ledger/keep``), every deploy receipt is complete and names a later commit
of ``main`` (so it contains the implementation), each chain has its own scope, and the
keep-alive chain holds every cited commit as ``implement`` and ``deploy`` leave it.  The
code commits, the project ledger (ONE commit through the store, every entry blob encoded
exactly as the commands encode it) and the keep chain are written directly, so building
5,000 decisions takes seconds, not the minutes 5,000 CLI calls would; the small session
ledger is written through the library (``decide``, ``implement``, …).  Before timing, the
benchmark asserts that ``git ledger check`` finds 0 errors.

Everything happens in temporary repositories with a fixed identity, a temporary HOME and
``GIT_CONFIG_NOSYSTEM=1``; process runs use a bytecode cache (as an installed package
does).  ``--profile`` adds a cProfile of the in-process checks (printed anyway when the
warm check misses its target), ``--runs 3`` a quick look.

Usage: benchmarks/check.py [--runs R] [--sizes N,N,...] [--tmpdir DIR] [--profile]
                          [--smallest]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
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
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pygit2
from harness import (
    ALTERNATIVES,
    DECISION_TEXTS,
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
from gitledger.audit.check import check, report_text
from gitledger.core.codec import encode_entry, encode_focus, encode_meta
from gitledger.core.ids import entry_path, new_id
from gitledger.core.model import Change, Entry, Focus, LedgerMeta
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger.decisions import implement
from gitledger.ledger.operations import Ledger
from gitledger.storage.check_cache import CHECK_FILE
from gitledger.storage.keepalive import kept_path
from gitledger.storage.layout import CHECK_OUTPUT_FILE, KEEP_REF, PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

BASE_SIZE = 5_000
CHAIN = 5
TARGET = 2.0
SESSION_ENTRIES = 30
#: The status of the decision in force at the end of each chain.
ACTIVE_MIX = (("accepted", 35), ("implemented", 35), ("deployed", 30))
#: How far a superseded decision got before it was replaced.
REACHED_MIX = (("accepted", 40), ("implemented", 35), ("deployed", 25))
#: The share of superseded implementations whose commit was rebased away since: only the
#: keep-alive chain still reaches it.
REBASED_SHARE = 0.1
#: Evidence commits each keep-alive commit adds (``implement`` keeps one or two at a time).
KEEP_BATCH = 25
#: In-process checks under the profiler, per cache state.
PROFILE_RUNS = 2
#: Cache states: what is deleted before each run.
STATES = ("warm", "full", "cold")

_WHAT = DECISION_TEXTS
_ALTERNATIVES = ALTERNATIVES


# -- building the repository ---------------------------------------------------------------


@dataclass
class Planned:
    """One decision of a chain, before its commits exist."""

    chain: int
    rank: int
    status: str
    reached: str
    impl: list[int] = field(default_factory=list)
    rebased: bool = False
    deploy: int | None = None


def plan(decisions: int, rng: random.Random) -> tuple[list[Planned], int]:
    """Chains of ``CHAIN`` decisions and the commits of ``main`` they need, in the order
    the project wrote them: every chain's first decision, then every second, …"""
    chains = decisions // CHAIN
    active = [s for s, weight in ACTIVE_MIX for _ in range(weight)]
    reached = [s for s, weight in REACHED_MIX for _ in range(weight)]
    out: list[Planned] = []
    cursor = 0
    for rank in range(CHAIN):
        for chain in range(chains):
            last = rank == CHAIN - 1
            stage = rng.choice(active) if last else rng.choice(reached)
            item = Planned(chain, rank, stage if last else "superseded", stage)
            if stage in ("implemented", "deployed"):
                count = 2 if rng.random() < 0.2 else 1
                item.impl = list(range(cursor, cursor + count))
                cursor += count
                item.rebased = (not last and stage == "implemented"
                                and rng.random() < REBASED_SHARE)
            if stage == "deployed":
                item.deploy = cursor - 1 + rng.randint(0, 3)
            out.append(item)
    return out, cursor + 4


def code_commits(repo: Path, count: int, rebased: list[int]) -> tuple[list[str], dict[int, str]]:
    """``count`` commits on main (after its first), and for each index in ``rebased`` a
    commit off main at that point that no branch reaches any more (a rebase's leftover)."""
    git = pygit2.Repository(str(repo))
    parent = git.head.peel(pygit2.Commit)
    start = parent.commit_time + 60
    main: list[str] = []
    side: dict[int, str] = {}
    wanted = set(rebased)

    def commit(i: int, base: pygit2.Commit, tag: str) -> pygit2.Oid:
        tree = base.tree
        try:
            src = tree["src"]
        except KeyError:
            src = None
        inner = git.TreeBuilder(src) if isinstance(src, pygit2.Tree) else git.TreeBuilder()
        blob = git.create_blob(f"# {tag} {i}\nVERSION = {i}\n".encode())
        inner.insert(f"svc_{i % 97}.py", blob, pygit2.GIT_FILEMODE_BLOB)
        outer = git.TreeBuilder(tree)
        outer.insert("src", inner.write(), pygit2.GIT_FILEMODE_TREE)
        when = pygit2.Signature("Bench Mark", "bench@example.com", start + i * 60, 0)
        return git.create_commit(None, when, when, f"{tag} {i}: change svc_{i % 97}\n",
                                 outer.write(), [base.id])

    for i in range(count):
        if i in wanted:
            oid = commit(i, parent, "pre-rebase")
            side[i] = str(oid)
        oid = commit(i, parent, "change")
        found = git.get(oid)
        assert isinstance(found, pygit2.Commit)
        parent = found
        main.append(str(oid))
    git.references["refs/heads/main"].set_target(parent.id)
    git.references.create("refs/tags/v1.0", parent.id)
    subprocess.run(["git", "-C", str(repo), "reset", "-q", "--hard"], check=True)
    return main, side


def build_project(repo: Path, decisions: int, seed: int = 11) -> dict[str, int]:
    """The code commits, the project ledger and the keep-alive chain; returns counts."""
    rng = random.Random(seed)
    planned, needed = plan(decisions, rng)
    rebased = [i for p in planned if p.rebased for i in p.impl]
    main, side = code_commits(repo, needed, rebased)
    store = Store(Repo(repo))
    person = store.repo.person()
    start = datetime(2026, 1, 5, 9, tzinfo=UTC)
    ids: dict[tuple[int, int], str] = {}
    seen: set[str] = set()
    for item in planned:
        entry_id = new_id("decided")
        while entry_id in seen:
            entry_id = new_id("decided")
        seen.add(entry_id)
        ids[item.chain, item.rank] = entry_id

    files: dict[str, bytes | None] = {}
    cites: dict[str, list[str]] = {}  # sha → the decisions citing it, in citing order
    batches: list[list[str]] = [[]]
    for seq, item in enumerate(planned, start=1):
        entry_id = ids[item.chain, item.rank]
        created = start + timedelta(minutes=seq)
        shas = [side[i] if item.rebased else main[i] for i in item.impl]
        evidence = [f"git:{sha}" for sha in shas]
        if shas:
            evidence.append(f"test:tests/svc_{item.chain}/test_rev{item.rank}.py::test_contract")
        what = _WHAT[(item.chain + item.rank) % len(_WHAT)]
        deployed = main[item.deploy] if item.deploy is not None else None
        if deployed is not None:
            shas.append(deployed)
        entry = Entry(
            id=entry_id, kind="decided", seq=seq, created=created, author=person.ident,
            text=f"Service {item.chain}, revision {item.rank + 1}: {what}",
            status=item.status, scope=f"services/svc-{item.chain:04d}",
            over=tuple(f"{alt} for svc-{item.chain} (revision {item.rank + 1})"
                       for alt in rng.sample(_ALTERNATIVES, 2)),
            because=f"revision {item.rank + 1} of svc-{item.chain}: the profile and the "
                    "incident review both pointed here",
            evidence=tuple(evidence),
            supersedes=ids.get((item.chain, item.rank - 1)),
            superseded_by=ids.get((item.chain, item.rank + 1)),
        )
        if deployed is not None:
            entry = replace(
                entry, deployed_env=rng.choice(("staging", "production")),
                deployed_sha=deployed, deployed_result="success",
                deployed_url=f"https://ci.example.com/deploys/{item.chain}-{item.rank}",
                deployed_at=created + timedelta(hours=rng.randint(1, 48)))
        files[entry_path(entry_id)] = encode_entry(entry)
        for sha in shas:
            if sha not in cites:
                batches[-1].append(sha)
            cites.setdefault(sha, []).append(entry_id)
        if len(batches[-1]) >= KEEP_BATCH:
            batches.append([])

    meta = LedgerMeta(format=FORMAT_VERSION, id="project", kind="project",
                      created=start, created_by=person.ident)
    files["ledger.toml"] = encode_meta(meta)
    files["state.toml"] = encode_focus(Focus(seq=len(planned)))

    def ledger_op(view: TreeView | None) -> tuple[Change, None]:
        return Change(f"import {len(planned)} project decisions",
                      (("Ledger-Event", "start"), ("Ledger-Format", str(FORMAT_VERSION))),
                      files), None

    # The keep-alive chain first, as implement and deploy write it before the entry.
    for batch in (b for b in batches if b):
        keep_files: dict[str, bytes | None] = {
            kept_path(sha): "".join(f"{i}\n" for i in cites[sha]).encode() for sha in batch}

        def keep_op(view: TreeView | None, batch: list[str] = batch,
                    keep_files: dict[str, bytes | None] = keep_files) -> tuple[Change, None]:
            return Change(f"keep {', '.join(s[:12] for s in batch[:3])} …",
                          (("Ledger-Event", "keep"), *(("Ledger-Keep", s) for s in batch)),
                          keep_files, parents=tuple(batch)), None

        store.update(KEEP_REF, keep_op)
    store.update(PROJECT_REF, ledger_op)
    return {"decisions": len(planned), "chains": decisions // CHAIN,
            "active": sum(p.status != "superseded" for p in planned),
            "main commits": len(main), "rebased away": len(side),
            "kept commits": len(cites), "keep commits": sum(1 for b in batches if b),
            "deployed": sum(p.reached == "deployed" for p in planned)}


def build_session(repo: Path) -> None:
    """A small session ledger, written through the library, with one decision implemented
    at HEAD (which keeps HEAD alive through the same chain)."""
    ledger = Ledger.open(repo, session="bench-session-1")
    ledger.set_task("Cache the token verifier per client without breaking key rotation")
    decision = ledger.decide("Cache the verifier per client id in the auth middleware",
                             over=["a global verifier cache", "no cache at all"],
                             because="the lookup dominated the callback in the profile",
                             scope="auth/middleware")
    assert decision.entry is not None
    implement(ledger, decision.entry.id)
    for i in range(SESSION_ENTRIES - 2):
        kind = i % 4
        if kind == 0:
            ledger.verify(f"Fact {i}: rotation invalidates the cached verifier",
                          by=f"pytest tests/test_rotation.py -k case_{i}")
        elif kind == 1:
            ledger.drop(f"Approach {i}: a TTL on the cache entry",
                        why="a rotated key stays trusted until the TTL ends")
        elif kind == 2:
            ledger.open_question(f"Question {i}: does the IdP push rotation events?",
                                 ask_user=i % 8 == 2)
        else:
            ledger.plan(f"docs/plans/plan-{i}.md", note="the active plan")


def cache_dir(repo: Path) -> Path:
    return Repo(repo).commondir / CACHE_DIR


def clear(repo: Path, state: str) -> None:
    if state == "after a write":  # what the next check sees after any write: a check again
        Ledger.open(repo, session="bench-session-1").set_next(f"step {time.time_ns()}")
    if state != "warm":  # no report the last check printed (launch.py)
        (Repo(repo).gitdir / CHECK_OUTPUT_FILE).unlink(missing_ok=True)
    if state == "cold":
        shutil.rmtree(cache_dir(repo), ignore_errors=True)
    elif state == "full":  # every entry and index cache warm, no saved report to read
        (cache_dir(repo) / CHECK_FILE).unlink(missing_ok=True)


def saved_first(command: list[str], repo: Path, env: dict[str, str]) -> None:
    """Run ``command`` once untimed, so that its report is the one saved."""
    timed(command, repo, env)


def assert_clean(repo: Path, script: str, env: dict[str, str]) -> dict[str, object]:
    """``git ledger check --json`` must find 0 errors; its report, parsed."""
    done = subprocess.run([script, "check", "--json"], cwd=repo, env=env, capture_output=True,
                          text=True, check=False)
    report = json.loads(done.stdout)
    if done.returncode != 0 or report["errors"] != 0:
        in_process = report_text(check(repo))
        sys.exit(f"the benchmark's ledger does not pass git ledger check "
                 f"(exit {done.returncode}):\n{in_process}\n{done.stderr}")
    assert report["ok"] is True
    return dict(report)


# -- the benchmark ------------------------------------------------------------------------


def in_process(repo: Path, runs: int, state: str,
               profile: cProfile.Profile | None = None) -> float:
    """Median seconds of ``check()`` in this process (imports already paid)."""
    costs: list[float] = []
    check(repo)  # warm the page cache (and the caches)
    for _ in range(runs):
        clear(repo, state)
        if profile is not None:
            profile.enable()
        start = time.perf_counter()
        report = check(repo)
        costs.append(time.perf_counter() - start)
        if profile is not None:
            profile.disable()
        assert not report.errors
    return statistics.median(costs)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=10,
                        help="process runs of each kind, interleaved (default 10)")
    parser.add_argument("--sizes", default="1000,5000",
                        help="project ledger sizes in decisions, multiples of 5 (default "
                             "1000,5000; 5000 is the reference and is always included)")
    parser.add_argument("--base", type=int, default=BASE_SIZE,
                        help="the reference size the figures are of, always measured "
                             f"(default {BASE_SIZE:,}; smaller only to try the script)")
    parser.add_argument("--tmpdir", type=Path, default=None,
                        help="where the throwaway repositories go (default: the system's)")
    parser.add_argument("--profile", action="store_true",
                        help="print cProfiles of the in-process checks even on target")
    smallest_option(parser)
    args = parser.parse_args(argv)
    base_size = args.base
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()} | {base_size})
    if args.runs < 1 or min(sizes) < CHAIN or any(s % CHAIN for s in sizes):
        parser.error(f"need --runs >= 1 and --sizes that are positive multiples of {CHAIN}")

    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    with tempfile.TemporaryDirectory(prefix="gitledger-bench-", dir=args.tmpdir) as tmp:
        root = Path(tmp)
        env = hermetic(root / "home")
        script = git_ledger_script()
        proc_env = with_bytecode(env, root / "pycache")
        banner("gitledger check benchmark", root)

        repos: dict[int, Path] = {}
        for size in sizes:
            progress(f"  building {size} decisions ...")
            repo = new_repo(root / f"project-{size}", env)
            start = time.perf_counter()
            counts = build_project(repo, size)
            build_session(repo)
            # As a real repository of that size is (git's auto gc packs it long before):
            # packed, and every unreachable object gone, so the rebased-away evidence
            # commits survive only through the keep-alive chain.
            subprocess.run(["git", "-C", str(repo), "gc", "-q", "--prune=now"], check=True)
            built = time.perf_counter() - start
            report = assert_clean(repo, script, proc_env)
            findings = report["findings"]
            assert isinstance(findings, list)
            rules = sorted({f["rule"] for f in findings})
            print(f"  {size} decisions: " + ", ".join(f"{v} {k}" for k, v in counts.items())
                  + f"; built and packed in {built:.1f}s")
            print(f"    git ledger check: {report['errors']} errors, {report['warnings']} "
                  f"warnings ({', '.join(rules) or 'none'}) in {report['entries']} entries")
            repos[size] = repo

        # (a) and (b): processes, interleaved -------------------------------------------
        print(f"\n(a)+(b) one process: median of {args.runs} interleaved runs each "
              f"(session ledger {SESSION_ENTRIES} entries)")
        floor_cmd = [sys.executable, "-c", "import pygit2"]
        import_cmd = [sys.executable, "-c", "import gitledger.cli"]
        payload = root / "stop.json"  # no cwd: the hook checks the directory it runs in
        payload.write_text(json.dumps({"session_id": "bench", "hook_event_name": "Stop",
                                       "stop_hook_active": False, "prompt_id": "p-1"}))
        stop_hook = ["sh", "-c", 'exec "$0" check --hook stop --agent claude < "$1"', script,
                     str(payload)]
        kinds = {"warm": [script, "check"], "composed": [script, "check"],
                 "after a write": [script, "check"], "full": [script, "check"],
                 "cold": [script, "check"], "--json": [script, "check", "--json"],
                 "stop hook": stop_hook, "stop hook, after a write": stop_hook}
        floor = Timings("python -c 'import pygit2'")
        imports = Timings("python -c 'import gitledger.cli'")
        runs = {(size, kind): Timings(f"git-ledger check, {size} decisions, {kind}")
                for size in sizes for kind in kinds}
        home = root / "home"
        for _ in range(0 if args.smallest else 2):  # the page, bytecode and ledger caches
            timed(floor_cmd, home, proc_env)
            timed(import_cmd, home, proc_env)
            for repo in repos.values():
                timed(kinds["warm"], repo, proc_env)
        for _ in range(args.runs):
            floor.run(floor_cmd, home, proc_env)
            imports.run(import_cmd, home, proc_env)
            for size, repo in repos.items():
                for kind, command in kinds.items():
                    # The other states delete the saved reports: --json (warm) checks once
                    # first, as the check before it would have.
                    before = (partial(saved_first, command, repo, proc_env)
                              if kind in ("--json", "stop hook")
                              else partial(clear, repo, kind.removeprefix("stop hook, ")))
                    runs[size, kind].run(command, repo, proc_env, before=before)
                timed(kinds["warm"], repo, proc_env)  # leave the caches warm again
        print(floor.line())
        print(imports.line(floor))
        for size in sizes:
            for kind in kinds:
                print(runs[size, kind].line(floor))
        base = {kind: runs[base_size, kind] for kind in kinds}
        record("check", f"git ledger check, {base_size} decisions (warm)",
               base["warm"].median(), against="python -c 'import pygit2'",
               ratio=base["warm"].ratio(floor), note=f"target <= {TARGET}")
        record("check", f"git ledger check, {base_size} decisions (composed from the saved "
               "findings)", base["composed"].median(), against="python -c 'import pygit2'",
               ratio=base["composed"].ratio(floor), note=f"target <= {TARGET}")
        record("check", f"git ledger check, {base_size} decisions (after a write)",
               base["after a write"].median(), against="python -c 'import pygit2'",
               ratio=base["after a write"].ratio(floor), note=f"target <= {TARGET}")
        record("check", f"the Stop hook, {base_size} decisions, nothing changed",
               base["stop hook"].median(), against="python -c 'import pygit2'",
               ratio=base["stop hook"].ratio(floor), note="its own figure")
        record("check", f"the Stop hook, {base_size} decisions, after a write",
               base["stop hook, after a write"].median(), against="python -c 'import pygit2'",
               ratio=base["stop hook, after a write"].ratio(floor), note="its own figure")
        record("check", f"git ledger check, {base_size} decisions (full: no saved report)",
               base["full"].median(), against="python -c 'import pygit2'",
               ratio=base["full"].ratio(floor), note=f"target <= {TARGET}")
        print(f"  check/floor at {base_size} decisions (wall, median), target <= {TARGET}: "
              + ", ".join(f"{kind} {base[kind].ratio(floor):.2f} "
                          f"({verdict(base[kind].ratio(floor) <= TARGET)})" for kind in kinds))
        print("  (min to min: " + ", ".join(
            f"{kind} {min(base[kind].wall) / min(floor.wall):.2f}" for kind in kinds)
            + f"; the imports alone: {imports.ratio(floor):.2f})")
        for size in sizes:
            if size == base_size:
                continue
            print(f"  check at {base_size}/{size} decisions: " + ", ".join(
                f"{kind} {base[kind].median() / runs[size, kind].median():.2f}"
                for kind in kinds) + f"  (decisions x{base_size / size:g})")

        # (c) in-process ------------------------------------------------------------------
        print(f"\n(c) in-process check(): median of {args.runs} (imports already paid)")
        for size, repo in repos.items():
            costs = {state: in_process(repo, args.runs, state) for state in STATES}
            print(f"  {size:>6} decisions: " + ", ".join(
                f"{state} {ms(cost):>10}" for state, cost in costs.items()))
        missed = base["warm"].ratio(floor) > TARGET
        print(f"\n  load average at the end {os.getloadavg()[0]:.2f}")

        if args.profile or missed:
            for state in STATES:
                profile = cProfile.Profile()
                in_process(repos[base_size], PROFILE_RUNS, state, profile=profile)
                for order in ("cumulative", "tottime"):
                    out = io.StringIO()
                    pstats.Stats(profile, stream=out).sort_stats(order).print_stats(20)
                    print(f"\ncProfile of {PROFILE_RUNS} in-process checks, {base_size} "
                          f"decisions, {state} ({order}):")
                    print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
