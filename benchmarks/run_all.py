#!/usr/bin/env python3
"""``benchmarks/run``: every benchmark at its headline size, and one table of the figures.

Runs the scripts beside it one after the other (each in its own process, each measuring
its floors in the same run as its figures), collects the headline figure each records
through ``harness.record`` and prints them as one table: what was measured, its value,
what it is compared with, and the ratio.  A script that fails is a row that says so,
never a silent gap.  ``--quick`` runs smaller sizes (a smoke test of the whole set);
``--smallest`` the smallest each script takes, whose figures mean nothing (what
tests/benchmarks/test_run.py runs, so that a broken script cannot go unseen);
``--only NAME,...`` runs some of them (``--only year`` the long one that runs only when
asked).  See docs/benchmarks.md for the figures measured on the reference machine and
how to read them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: A script that runs longer than this is a FAILED row, so one hang never stalls the table.
SCRIPT_TIMEOUT = 900

#: Each benchmark, with its arguments at the headline size and at --quick.
SUITE: tuple[tuple[str, list[str], list[str]], ...] = (
    ("storage", ["--entries", "10000", "--window", "100", "--runs", "5"],
     ["--entries", "1000", "--window", "50", "--runs", "3"]),
    # The cold states (no caches at all: the first restore after a clone) cost 2-14 s a
    # run at these sizes; restore.py measures them when run by itself.
    ("restore", ["--sizes", "5000,50000", "--runs", "5", "--states", "warm,index cold"],
     ["--sizes", "5000", "--runs", "3", "--states", "warm"]),
    ("check", ["--sizes", "5000", "--runs", "3"], ["--sizes", "1000", "--runs", "3"]),
    ("hooks", ["--runs", "11", "--events", "300"], ["--runs", "5", "--events", "50"]),
    # An agent's edit: the shell fast path against an empty hook, a match, and decide.
    ("pre_tool_use", ["--decisions", "5000", "--runs", "21"],
     ["--decisions", "500", "--runs", "5"]),
    ("team", ["--runs", "2"], ["--quick"]),
    ("mcp_calls", ["--entries", "300"], ["--entries", "50"]),
    ("peers", ["--sample", "50"], ["--quick"]),
    ("credentials", ["--runs", "5"], ["--runs", "1"]),
    # Input a teammate sizes (issue 41): the supersedes graph and the gate, at N and 10N.
    ("hostile", ["--size", "2000", "--runs", "3"], ["--size", "200", "--runs", "1"]),
    # A 1 GB blob: git's own fetch of it is most of the ~25 s a run costs.
    ("bounded", ["--runs", "3"], ["--runs", "1"]),
    # writes (issue 21): appends against the storage floor with the objects each writes,
    # and one CLI decide against adr-tools' adr new, in the same run.
    ("writes", ["--appends", "300", "--runs", "15"], ["--appends", "50", "--runs", "3"]),
)

# -- run only when asked (--only year) -------------------------------------------------
#: A year of a team (issue 21): builds 25,000 archived sessions and a tenth of it, then
#: times the everyday commands at both (about 25 minutes on the reference machine), so
#: a plain ``benchmarks/run`` leaves it out.  Its own timeout, for the same reason.
ON_REQUEST: tuple[tuple[str, list[str], list[str]], ...] = (
    ("year", ["--sizes", "tenth,full", "--runs", "3"], ["--sizes", "250,2500", "--runs", "1"]),
    # Beside husky, lefthook and pre-commit (issue 24): installs the suite's pinned managers
    # (npm and PyPI) on first use, so it runs only when asked.
    ("hook_managers", ["--runs", "21"], ["--runs", "5"]),
)
TIMEOUTS = {"year": 3600}

#: Each benchmark at the smallest sizes it takes: every step runs, no figure means anything.
SMALLEST: dict[str, list[str]] = {
    "storage": ["--entries", "101", "--window", "10", "--runs", "1"],
    "restore": ["--sizes", "50", "--base", "50", "--runs", "1", "--states", "warm"],
    "check": ["--sizes", "50", "--base", "50", "--runs", "1"],
    "hooks": ["--runs", "2", "--events", "10"],
    "pre_tool_use": ["--decisions", "20", "--runs", "1"],
    "team": ["--teammates", "1", "--entries", "2", "--base", "2", "--mine", "2", "--runs", "1"],
    "mcp_calls": ["--entries", "5"],
    "peers": ["--decisions", "10", "--chain", "5", "--sample", "2"],
    "credentials": ["--runs", "1"],
    "hostile": ["--size", "20", "--runs", "1"],
    "bounded": ["--runs", "1", "--megabytes", "8"],
    "writes": ["--appends", "10", "--runs", "1"],
    "year": ["--sizes", "10,20", "--runs", "1"],
    "hook_managers": ["--runs", "1"],
}


# -- digest (issue 21): with the restore digest a cold restore (the first after a clone)
# costs about what a warm one does, so the table measures it too, against warm.
# The saved block (a restore with nothing changed prints the last one without libgit2)
# makes "warm" that case; "after a write" is a warm restore with the block to compose.
SUITE = tuple((name, [*full, "--states", "warm,after a write,index cold,cold"]
               if name == "restore" else full, quick) for name, full, quick in SUITE)


def main() -> int:
    parser = argparse.ArgumentParser(prog="benchmarks/run",
                                     description=__doc__.splitlines()[0] if __doc__ else "")
    sizes = parser.add_mutually_exclusive_group()
    sizes.add_argument("--quick", action="store_true", help="smaller sizes, a smoke test")
    sizes.add_argument("--smallest", action="store_true",
                       help="the smallest sizes each script takes: does every one still run?")
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--log", type=Path, default=None,
                        help="also keep every script's own report in this file")
    args = parser.parse_args()
    wanted = {n for n in args.only.split(",") if n}
    unknown = wanted - {name for name, _, _ in (*SUITE, *ON_REQUEST)}
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))}")
    started = time.perf_counter()
    failures: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="gitledger-run-") as tmp:
        rows_file = Path(tmp) / "rows.jsonl"
        rows_file.touch()
        env = {**os.environ, "GITLEDGER_BENCH_ROWS": str(rows_file)}
        log = args.log.open("w", encoding="utf-8") if args.log else None
        asked = tuple(row for row in ON_REQUEST if row[0] in wanted)
        for name, full, quick in (*SUITE, *asked):
            if wanted and name not in wanted:
                continue
            script = HERE / f"{name}.py"
            if not script.exists():
                failures.append((name, "script missing"))
                continue
            sized = SMALLEST[name] if args.smallest else quick if args.quick else full
            command = [sys.executable, str(script), *sized]
            print(f"running {name} ({' '.join(command[2:]) or 'defaults'}) ...",
                  file=sys.stderr, flush=True)
            begun = time.perf_counter()
            try:
                done = subprocess.run(command, env=env, capture_output=True, text=True,
                                      check=False, timeout=TIMEOUTS.get(name, SCRIPT_TIMEOUT))
            except subprocess.TimeoutExpired:
                failures.append((name, f"no result after {TIMEOUTS.get(name, SCRIPT_TIMEOUT)} s"))
                continue
            took = time.perf_counter() - begun
            if log is not None:
                log.write(f"==== {name} ({took:.0f} s)\n{done.stdout}\n{done.stderr}\n")
            if done.returncode != 0:
                last = (done.stderr.strip() or done.stdout.strip() or "no output")
                failures.append((name, last.splitlines()[-1]))
            print(f"  {name}: {took:.0f} s", file=sys.stderr, flush=True)
        if log is not None:
            log.close()
        rows = [json.loads(line) for line in rows_file.read_text().splitlines() if line]
    print_table(rows, failures)
    print(f"\n{len(rows)} figures in {time.perf_counter() - started:.0f} s; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the end")
    return 1 if failures else 0


def value_text(row: dict[str, object]) -> str:
    value = float(str(row["value"]))
    unit = row["unit"]
    if unit == "s":
        return f"{value * 1000:,.1f} ms" if value < 10 else f"{value:,.1f} s"
    if unit == "B":
        return f"{value / 1e6:,.2f} MB" if value >= 1e6 else f"{value / 1e3:,.1f} kB"
    return f"{value:,.0f} {unit}"


def print_table(rows: list[dict[str, object]], failures: list[tuple[str, str]]) -> None:
    header = ("section", "figure", "value", "ratio", "against", "note")
    body = [(str(r["section"]), str(r["label"]), value_text(r),
             f"{float(str(r['ratio'])):.2f}x" if r["ratio"] is not None else "",
             str(r["against"] or ""), str(r["note"] or "")) for r in rows]
    body += [(name, "FAILED", "", "", "", reason) for name, reason in failures]
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    print(" | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
    print("-+-".join("-" * w for w in widths))
    for line in body:
        print(" | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)))


if __name__ == "__main__":
    sys.exit(main())
