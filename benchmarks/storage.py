#!/usr/bin/env python3
"""Storage benchmark: appends, ``show``, and the cost of one ``git ledger`` process.

Prints figures against the quality bars of the brief; it never asserts them (timings
belong here, not in tests):

(a) in-process appends per second to a ledger that holds 100 entries and to one that
    holds ``--entries`` (default 10,000), both session ledgers of one repository (the
    small one a linked worktree's) and timed alternately
    (one append to each in turn, so that the machine's load hits both alike), the ratio
    of the per-append cost at the two points (target <= 1.5: no O(n) rewrite of a flat
    tree), and whether the rate is at least 500 appends a second, beside the rate of the
    storage floor (``harness.RawLedgerWrites``: the same objects and ref written with
    pygit2 alone), timed in the same rotation;
(b) ``Ledger.snapshot()`` (what ``show`` does) of the big ledger, and the wall time of a
    ``git-ledger show --json`` process on it;
(c) the wall and CPU time of one ``git-ledger decide …`` process against the bare floor
    of the language, ``python -c "import pygit2"``, interleaved in the same run
    (target <= 2x), with bytecode caching on (see ``with_bytecode``).

Everything happens in temporary repositories with a fixed identity, a temporary HOME and
``GIT_CONFIG_NOSYSTEM=1``, so the machine's git configuration does not leak in.
``--tmpdir /dev/shm`` puts the repositories on tmpfs, which separates the cost of the
file system (every git object is a file) from gitledger's own.
``--profile`` adds a cProfile of the appends to the big ledger.

Usage: benchmarks/storage.py [--entries N] [--window W] [--runs R] [--tmpdir DIR]
                            [--smallest]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import harness
from harness import (
    banner,
    git_ledger_script,
    hermetic,
    ms,
    new_repo,
    progress,
    smallest_option,
    timed,
    verdict,
    with_bytecode,
)

from gitledger.ledger.operations import Ledger

APPENDS_TARGET = 500.0
GROWTH_TARGET = 1.5
PROCESS_TARGET = 2.0


# -- set-up -------------------------------------------------------------------------------


class Timings(harness.Timings):
    """Wall and CPU (user + system) seconds of repeated runs of one command, each shown
    on two lines, with its CPU ratio too."""

    def line(self, floor: harness.Timings | None = None) -> str:
        text = (f"  {self.label}\n      {ms(statistics.median(self.wall)):>10} wall "
                f"(min {ms(min(self.wall))}), {ms(statistics.median(self.cpu))} CPU")
        if floor is not None:
            text += (f"  = {self.ratio(floor):.2f}x the floor "
                     f"({self.ratio(floor, cpu=True):.2f}x in CPU, "
                     f"{min(self.wall) / min(floor.wall):.2f}x min to min)")
        return text

    def ratio(self, floor: harness.Timings, *, cpu: bool = False) -> float:
        if cpu:
            return statistics.median(self.cpu) / statistics.median(floor.cpu)
        return statistics.median(self.wall) / statistics.median(floor.wall)


def wall(command: Sequence[str], cwd: Path, env: dict[str, str]) -> float:
    return timed(command, cwd, env)[0]


# -- (a) appends --------------------------------------------------------------------------


class Appender:
    """Appends decisions to one ledger and times windows of them."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.count = 0
        self.user = 0.0  # CPU seconds spent in timed appends, in user space ...
        self.system = 0.0  # ... and in the kernel (file creation: every object is a file)

    def append(self) -> None:
        i = self.count
        self.ledger.decide(
            f"Decision {i}: cache the token verifier per client",
            over=[f"alternative {i}a", f"alternative {i}b"],
            because="measured: the verifier lookup dominated the callback",
            scope=f"module-{i % 37}",
        )
        self.count += 1

    def build_to(self, target: int, progress: Callable[[str], None]) -> None:
        step = max(1000, target // 10)
        while self.count < target:
            self.append()
            if self.count % step == 0:
                progress(f"  ... {self.count} entries")

    def timed_append(self, profile: cProfile.Profile | None = None) -> float:
        if profile is not None:
            profile.enable()
        before = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter()
        self.append()
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF)
        if profile is not None:
            profile.disable()
        self.user += after.ru_utime - before.ru_utime
        self.system += after.ru_stime - before.ru_stime
        return elapsed


def interleaved_windows(
    first: Appender, second: Appender, floor: harness.RawLedgerWrites, size: int
) -> tuple[list[float], list[float], list[float]]:
    """Time ``size`` appends to each ledger and ``size`` writes of the storage floor,
    in turn, so that a change in the machine's load during the measurement hits all
    three alike."""
    gc.collect()
    first_costs: list[float] = []
    second_costs: list[float] = []
    floor_costs: list[float] = []
    for _ in range(size):
        first_costs.append(first.timed_append())
        second_costs.append(second.timed_append())
        floor_costs.append(floor.write())
    return first_costs, second_costs, floor_costs


def report_window(label: str, costs: list[float], appender: Appender) -> tuple[float, float]:
    total = sum(costs)
    rate = len(costs) / total
    median = statistics.median(costs)
    print(f"  {label}: {rate:7.0f} appends/s  (mean {ms(total / len(costs))}, "
          f"median {ms(median)}, p90 {ms(sorted(costs)[int(len(costs) * 0.9)])};\n"
          f"{'':24}CPU per append: {ms(appender.user / len(costs))} user, "
          f"{ms(appender.system / len(costs))} system)")
    return total / len(costs), median


# -- the benchmark ------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--entries", type=int, default=10_000,
                        help="ledger size for the second append window and for show "
                             "(default 10000)")
    parser.add_argument("--window", type=int, default=200,
                        help="appends timed at each point (default 200)")
    parser.add_argument("--runs", type=int, default=15,
                        help="process runs of each kind in (c) (default 15)")
    parser.add_argument("--tmpdir", type=Path, default=None,
                        help="where the throwaway repositories go (default: the system's)")
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile of the appends to the big ledger")
    smallest_option(parser)
    args = parser.parse_args(argv)
    samples, warmup = (1, 0) if args.smallest else (5, 2)
    if args.entries <= 100 or args.window < 10 or args.runs < 1:
        parser.error("need --entries > 100, --window >= 10, --runs >= 1")

    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    with tempfile.TemporaryDirectory(prefix="gitledger-bench-", dir=args.tmpdir) as tmp:
        root = Path(tmp)
        env = hermetic(root / "home")
        script = git_ledger_script()
        proc_env = with_bytecode(env, root / "pycache")
        banner("gitledger storage benchmark", root)

        # (a) ---------------------------------------------------------------------------
        print(f"\n(a) in-process appends: {args.window} timed at each point, alternating "
              "between two ledgers")
        # Both ledgers are session ledgers of one repository (the small one is a linked
        # worktree's), so that both points see the same object store and do the same
        # work, and only the ledger's size differs.  (A project ledger's append does less:
        # it compares a decision with one ledger, a session ledger's with two.)
        repo = new_repo(root / "big", env)
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(root / "small-wt")],
                       cwd=repo, env=env, check=True)
        small_ledger = Appender(Ledger.open(root / "small-wt"))
        small_ledger.build_to(100, progress)
        appender = Appender(Ledger.open(repo))
        appender.build_to(args.entries, progress)
        raw = harness.RawLedgerWrites(root / "raw-writes.git")
        for _ in range(100):
            raw.write()
        small_costs, big_costs, raw_costs = interleaved_windows(small_ledger, appender, raw,
                                                                args.window)
        small_mean, small_median = report_window("after    100 entries", small_costs,
                                                 small_ledger)
        big_mean, big_median = report_window(f"after {args.entries:>6} entries", big_costs,
                                             appender)
        profile = None
        if args.profile:  # a separate window: profiling the timed one would skew the ratio
            profile = cProfile.Profile()
            for _ in range(args.window):
                appender.timed_append(profile)
        growth = big_mean / small_mean
        print(f"  cost@{args.entries}/cost@100: {growth:.2f} (mean), "
              f"{big_median / small_median:.2f} (median)  "
              f"target <= {GROWTH_TARGET}: {verdict(growth <= GROWTH_TARGET)}")
        slowest = min(1 / small_mean, 1 / big_mean)
        print(f"  >= {APPENDS_TARGET:.0f} appends/s at both points: "
              f"{verdict(slowest >= APPENDS_TARGET)} ({slowest:.0f}/s at the slower)")
        harness.record("append", f"append at the {args.entries}th entry (in-process)",
                       big_mean, against="append at the 100th entry", ratio=growth,
                       note=f"target <= {GROWTH_TARGET}")
        raw_rate = len(raw_costs) / sum(raw_costs)
        print(f"  the storage floor (the same objects and ref, pygit2 alone): "
              f"{raw_rate:.0f} writes/s; appends reach {slowest / raw_rate:.2f} of it")
        harness.record("append", "appends per second, in-process (the slower point)",
                       slowest, unit="/s", against="writes/s of the storage floor",
                       ratio=slowest / raw_rate,
                       note=f"target >= {APPENDS_TARGET:.0f}; floor {raw_rate:.0f}/s")

        # (b) ---------------------------------------------------------------------------
        big = appender.ledger.repo.workdir
        print(f"\n(b) show of the {appender.count}-entry ledger")
        snapshot_costs: list[float] = []
        entries = 0
        for _ in range(samples):
            start = time.perf_counter()
            snapshot = Ledger.open(big).snapshot()
            snapshot_costs.append(time.perf_counter() - start)
            entries = len(snapshot.entries)
        print(f"  Ledger.snapshot(): {ms(statistics.median(snapshot_costs))} median of {samples} "
              f"({entries} entries, {entries / statistics.median(snapshot_costs):.0f}/s)")
        shown = subprocess.run([script, "show", "--json"], cwd=big, env=proc_env,
                               capture_output=True, check=True)
        shown_entries = len(json.loads(shown.stdout)["entries"])
        show_costs = [wall([script, "show", "--json"], big, proc_env) for _ in range(samples)]
        print(f"  git-ledger show --json process: {ms(statistics.median(show_costs))} "
              f"median of {samples} ({shown_entries} entries, "
              f"{len(shown.stdout) / 1e6:.1f} MB)")

        # (c) ---------------------------------------------------------------------------
        print(f"\n(c) one process: median of {args.runs} interleaved runs each")
        small = new_repo(root / "small", env, first_commit=False)
        decide_cmd = [script, "decide", "Measure one process", "--over", "nothing",
                      "--because", "benchmark"]
        floor_cmd = [sys.executable, "-c", "import pygit2"]
        variants: list[tuple[str, dict[str, str]]] = [("", proc_env)]
        if env.get("PYTHONDONTWRITEBYTECODE"):
            variants.append((" [no bytecode cache]", env))
        rows: list[tuple[Timings, Timings, Timings]] = []
        for suffix, variant_env in variants:
            rows.append((Timings("python -c 'import pygit2'" + suffix),
                         Timings("git-ledger decide ..." + suffix),
                         Timings("git ledger decide ... (through git)" + suffix)))
            for _ in range(warmup):  # warm the page cache and the bytecode cache
                wall(floor_cmd, small, variant_env)
                wall(decide_cmd, small, variant_env)
        for _ in range(args.runs):
            for (_, variant_env), (floor_t, decide_t, git_t) in zip(variants, rows,
                                                                    strict=True):
                floor_t.run(floor_cmd, small, variant_env)
                decide_t.run(decide_cmd, small, variant_env)
                git_t.run(["git", "ledger", *decide_cmd[1:]], small, variant_env)
        for floor_t, decide_t, git_t in rows:
            print(floor_t.line())
            print(decide_t.line(floor_t))
            print(git_t.line(floor_t))
        floor_t, decide_t, _ = rows[0]
        ratio = decide_t.ratio(floor_t)
        print(f"  ratio decide/floor (wall): {ratio:.2f}  target <= {PROCESS_TARGET}: "
              f"{verdict(ratio <= PROCESS_TARGET)}")
        harness.record("append", "git ledger decide, one process", decide_t.median(),
                       against="python -c 'import pygit2'", ratio=ratio,
                       note=f"target <= {PROCESS_TARGET}")
        if len(rows) > 1:
            print("  (the [no bytecode cache] rows run as this shell does, with "
                  "PYTHONDONTWRITEBYTECODE set:\n   gitledger's modules are compiled "
                  "afresh in every process; an installed package never is)")
        print(f"\n  load average at the end {os.getloadavg()[0]:.2f}")

        if profile is not None:
            out = io.StringIO()
            stats = pstats.Stats(profile, stream=out)
            stats.sort_stats("tottime").print_stats(15)
            print(f"\ncProfile of {args.window} more appends to the big ledger (own time):")
            print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
