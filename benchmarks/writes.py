#!/usr/bin/env python3
"""Writes benchmark: an append in-process against the storage floor, and one CLI ``decide``
against adr-tools' ``adr new``, each in the same run as what it is compared with.

(a) ``--appends`` decisions appended in-process to a session ledger of 100 entries,
    alternating one by one with writes of the storage floor (``harness.RawLedgerWrites``:
    the objects and the ref a commit-per-event store writes, with pygit2 alone), so that
    the machine's load hits both alike.  Also the git objects each adds (loose object files
    before and after, divided by the count): a format 2 ledger's append writes its entry,
    the four trees on its path and the commit (six), the floor one more (a ``state.toml``
    blob, as format 1 did).  Goal: appends >= 0.9x the floor's writes a second.
(b) one ``git-ledger decide TEXT --over ALT --because WHY`` process (the executable's plain
    decide, parsed without click), the same through the full command line (``-C DIR``, which
    the plain path leaves to click), adr-tools' ``adr new TITLE`` (Debian package
    ``adr-tools``, installed by apt-get when missing, as peers.py does) and
    ``python -c "import pygit2"``, ``--runs`` of each interleaved, bytecode caching on.
    Goal: decide <= adr new.

Everything happens in temporary repositories with a fixed identity and a temporary HOME.

Usage: benchmarks/writes.py [--appends N] [--runs R] [--tmpdir DIR] [--smallest]
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness
from harness import (
    Timings,
    banner,
    git_ledger_script,
    hermetic,
    ms,
    new_repo,
    record,
    smallest_option,
    verdict,
    with_bytecode,
)
from peers import install_adr_tools

from gitledger.ledger.operations import Ledger

SECTION = "writes"
FLOOR_TARGET = 0.9


def loose_objects(objects: Path) -> int:
    """Loose object files under a repository's ``objects`` directory."""
    return sum(1 for d in objects.iterdir() if len(d.name) == 2 and d.is_dir()
               for _ in d.iterdir())


def cpu_now() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--appends", type=int, default=300, help="appends timed (300)")
    parser.add_argument("--runs", type=int, default=15, help="process runs of each kind (15)")
    parser.add_argument("--tmpdir", type=Path, default=None)
    smallest_option(parser)
    args = parser.parse_args()
    # The ledger appended to holds this many entries first (the floor as many writes).
    prefill = 10 if args.smallest else 100
    if args.appends < 10 or args.runs < 1:
        parser.error("need --appends >= 10 and --runs >= 1")
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    with tempfile.TemporaryDirectory(prefix="gitledger-writes-", dir=args.tmpdir) as tmp:
        root = Path(tmp)
        env = hermetic(root / "home")
        banner("gitledger writes benchmark", root)

        # (a) -----------------------------------------------------------------------------
        print(f"\n(a) {args.appends} in-process appends, alternating with the storage floor")
        repo = new_repo(root / "appends", env)
        ledger = Ledger.open(repo)
        for i in range(prefill):
            ledger.decide(f"Decision {i}: warm-up", over=[f"alt {i}"], because="set-up")
        floor = harness.RawLedgerWrites(root / "floor.git")
        for _ in range(prefill):
            floor.write()
        ours_objects = repo / ".git" / "objects"
        floor_objects = root / "floor.git" / "objects"
        before = loose_objects(ours_objects), loose_objects(floor_objects)
        costs: list[float] = []
        floor_costs: list[float] = []
        cpu = [0.0, 0.0]  # CPU seconds (user + system) of the appends, of the floor
        gc.collect()
        for i in range(args.appends):
            used = cpu_now()
            start = time.perf_counter()
            ledger.decide(f"Decision {i}: cache the token verifier per client",
                          over=[f"alternative {i}a", f"alternative {i}b"],
                          because="measured: the verifier lookup dominated the callback",
                          scope=f"module-{i % 37}")
            costs.append(time.perf_counter() - start)
            between = cpu_now()
            floor_costs.append(floor.write())
            cpu[0] += between - used
            cpu[1] += cpu_now() - between
        per_event = (loose_objects(ours_objects) - before[0]) / args.appends
        floor_per_event = (loose_objects(floor_objects) - before[1]) / args.appends
        rate, floor_rate = len(costs) / sum(costs), len(floor_costs) / sum(floor_costs)
        print(f"  appends:           {rate:7.0f}/s (median {ms(statistics.median(costs))}, "
              f"CPU {ms(cpu[0] / args.appends)}), {per_event:.2f} objects each")
        print(f"  the storage floor: {floor_rate:7.0f}/s "
              f"(median {ms(statistics.median(floor_costs))}, CPU "
              f"{ms(cpu[1] / args.appends)}), {floor_per_event:.2f} objects each")
        print(f"  in CPU time: appends/floor {cpu[1] / cpu[0]:.2f} (the rate ratio in CPU)")
        ratio = rate / floor_rate
        print(f"  appends/floor: {ratio:.2f}  target >= {FLOOR_TARGET}: "
              f"{verdict(ratio >= FLOOR_TARGET)}")
        record(SECTION, "appends per second, in-process", rate, unit="/s",
               against="writes/s of the storage floor", ratio=ratio,
               note=f"target >= {FLOOR_TARGET}; floor {floor_rate:.0f}/s")
        record(SECTION, "git objects per append", per_event, unit="objects",
               against="the storage floor's per write", ratio=per_event / floor_per_event,
               note="format 1: 7 (a state.toml blob each)")

        # (b) -----------------------------------------------------------------------------
        print(f"\n(b) one process: median of {args.runs} interleaved runs each")
        adr, why = install_adr_tools()
        script = git_ledger_script()
        proc_env = with_bytecode(env, root / "pycache")
        small = new_repo(root / "decide", env)
        adr_repo = new_repo(root / "adr", env)
        if adr is not None:
            subprocess.run([adr, "init"], cwd=adr_repo, env=proc_env, check=True,
                           capture_output=True)
        kinds: list[tuple[Timings, list[str], Path]] = [
            (Timings("python -c 'import pygit2'"), [sys.executable, "-c", "import pygit2"],
             small),
            (Timings("git-ledger decide ... (plain: no click)"),
             [script, "decide", "Measure one process", "--over", "nothing", "--because",
              "benchmark"], small),
            (Timings("git-ledger -C . decide ... (through click)"),
             [script, "-C", str(small), "decide", "Measure one process", "--over",
              "nothing", "--because", "benchmark"], small),
        ]
        # The language floor under decide's goal: a Python start with no site packages,
        # and one that imports libgit2's binding (what any Python tool on pygit2 pays).
        kinds.append((Timings("python -S -c pass"), [sys.executable, "-S", "-c", "pass"],
                      small))
        if adr is not None:
            kinds.append((Timings("adr new TITLE (adr-tools)"),
                          [adr, "new", "Measure one process"], adr_repo))
        for _ in range(0 if args.smallest else 2):  # warm the page and bytecode caches
            for _, command, cwd in kinds:
                harness.timed(command, cwd, proc_env)
        for _ in range(args.runs):
            for timings, command, cwd in kinds:
                timings.run(command, cwd, proc_env)
        floor_t, plain_t, click_t = (k[0] for k in kinds[:3])
        for timings, _, _ in kinds:
            print(timings.line(floor_t))
        print(f"  plain decide / through click: {plain_t.ratio(click_t):.2f}")
        record(SECTION, "git ledger decide through click (-C)", click_t.median(),
               against="the plain decide", ratio=click_t.ratio(plain_t))
        if adr is None:
            print(f"  adr-tools: not installed ({why})")
            record(SECTION, "git ledger decide, one process", plain_t.median(),
                   against="python -c 'import pygit2'", ratio=plain_t.ratio(floor_t),
                   note=f"adr-tools missing: {why}")
        else:
            adr_t = kinds[4][0]
            ratio = plain_t.ratio(adr_t)
            print(f"  decide / adr new: {ratio:.2f}  target <= 1: {verdict(ratio <= 1)}")
            record(SECTION, "git ledger decide, one process", plain_t.median(),
                   against="adr new (adr-tools)", ratio=ratio,
                   note=f"target <= 1; adr new {ms(adr_t.median())}")
            # Where the goal cannot be met: the floor of the language, in the same run.
            for floor_row in (kinds[3][0], floor_t):
                record(SECTION, f"{floor_row.label} (decide's language floor)",
                       floor_row.median(), against="adr new (adr-tools)",
                       ratio=floor_row.ratio(adr_t),
                       note="no Python tool on pygit2 goes under this")
            record(SECTION, "git ledger decide, one process", plain_t.median(),
                   against="python -c 'import pygit2'", ratio=plain_t.ratio(floor_t))
        print(f"\n  load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
