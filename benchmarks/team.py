#!/usr/bin/env python3
"""Team benchmark: one ``git ledger pull`` that merges ten teammates' project ledgers.

Prints figures for the performance goal of the team-sync issue ("pull-and-merge of 10
teammates' project-ledger histories of 500 entries each: wall time and peak memory");
it never asserts them (timings belong here, not in tests):

(a) the wall time, CPU time and peak RSS (GNU time's ``%M``: the largest process of the
    command's tree) of ``git ledger pull`` (the installed CLI, as a child process) in the
    clone "me", against two floors measured interleaved in the same
    run: ``python -c "import pygit2"`` (the floor of the language) and the bare ``git
    fetch`` of the very refspecs ``pull`` fetches (the floor of git and the transport);
    ``git ledger fetch`` is measured too, so that pull - fetch is the merge's own cost;
(b) in-process, in a fresh process: ``gitledger.team.fetching.fetch_into`` then
    ``gitledger.team.sync._merge_fetched``, split into its parts (``check`` before and after,
    ``merge_into`` and its tree write, the notes merge, the pull record), with the Python
    process's own peak RSS (``VmHWM``) after each step;
(c) a cProfile of the in-process pull when the pull takes longer than ``--profile-over``
    seconds (or with ``--profile``).

The scene is built outside any timing: a bare remote (over ``file://``), the clone "me"
that writes the project ledger's first ``--base`` decisions and pushes them, ``--teammates``
clones that pull them; then "me" writes ``--mine`` entries of its own (superseding two
base decisions) and each teammate writes ``--entries`` project entries (decisions with
scopes, rejected alternatives and reasons, most of them superseding the previous one in
their scope, two superseding base decisions that the next teammate supersedes too; a fifth
verified facts and dropped approaches), all through the library (``Ledger.open(path,
project=True).decide(...)``, as the CLI writes them), each teammate under their own
name.  The teammates push in turn (``gitledger.team.sync.push``: every push after the first is
rejected, pulls, merges and pushes again), so the remote ends up holding ONE merged
history with every entry.  "me" has not pulled since the base, so the measured pull is a
true three-way merge of ``--mine`` local entries with ``teammates x entries`` incoming
ones, with concurrent edits of the same base decisions.  Every measured run works on a
fresh copy of "me" taken before the first one, so each run does the same fetch and merge.

Everything happens in temporary repositories with fixed identities, a temporary HOME and
``GIT_CONFIG_NOSYSTEM=1``; process runs use a bytecode cache (as an installed package
does).  ``--quick`` builds 3 teammates x 100 entries for a smoke run.

Usage: benchmarks/team.py [--quick] [--teammates T] [--entries N] [--base B] [--mine M]
                          [--runs R] [--tmpdir DIR] [--profile] [--profile-over S]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygit2
from harness import (
    ALTERNATIVES,
    DECISION_TEXTS,
    banner,
    ms,
    new_repo,
    progress,
    record,
    workspace,
)

from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import ENTRIES_DIR, PROJECT_REF
from gitledger.storage.remotes import fetch_refspecs
from gitledger.team import sync

#: GNU time, when there is one: it reports the peak RSS (``%M``, KiB) of the largest
#: process of the command's tree, and being small itself adds nothing to it.
GNU_TIME = "/usr/bin/time"

#: Without GNU time: run one command and print, as JSON, its wall time and the rusage of
#: its process tree.  Linux carries the RSS high-water mark of the process that spawned a
#: child over to it, so this wrapper's own ~10 MB is a floor under every peak it reports.
_MEASURE = """\
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
wall = time.perf_counter() - start
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": done.returncode, "wall": wall, "cpu": use.ru_utime + use.ru_stime,
                  "rss": use.ru_maxrss * 1024,
                  "err": done.stderr.decode(errors="replace")[-2000:]}))
"""

#: The in-process breakdown of (b), run in a fresh interpreter in a fresh copy of "me".
#: The parts of ``_merge_fetched`` are timed by wrapping the names it calls.
_BREAKDOWN = """\
import json, resource, sys, time
from gitledger.storage import entry_cache
from gitledger.storage import merge, ref_writes
from gitledger.storage import store as store_module
from gitledger.team import fetching, sync
parts = {}
def timed(name, fn):
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            parts[name] = parts.get(name, 0.0) + time.perf_counter() - start
    return wrapper
sync.merge_into = timed("merge_into", sync.merge_into)
merge._merge_change = timed("merge_into: diff and resolve", merge._merge_change)
ref_writes.write_tree = timed("merge_into: write the tree", ref_writes.write_tree)
store_module.write_tree = ref_writes.write_tree  # commit_change calls it by its own name
sync._findings = timed("check, before and after", sync._findings)
entry_cache.decode_entry = timed("check: decode entry blobs (cache misses)",
                                 entry_cache.decode_entry)
entry_cache._save = timed("check: save the entry cache", entry_cache._save)
sync._merge_notes = timed("notes merge", sync._merge_notes)
sync._record_pull = timed("pull record", sync._record_pull)
sync._renote_conflicts = timed("notes of merged conflicts", sync._renote_conflicts)
def hwm():
    # The peak RSS of this process's own memory (ru_maxrss would carry the spawning
    # benchmark's over: Linux keeps the high-water mark across exec).
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
out = {"rss_imported": hwm()}
repo = sync.Repo(sys.argv[1]); store = sync.Store(repo)
start = time.perf_counter()
fetched = fetching.fetch_into(repo, store, "origin")
out["fetch"] = time.perf_counter() - start
out["rss_fetched"] = hwm()
start = time.perf_counter()
result = sync._merge_fetched(repo, store, "origin", fetched)
out["merge_fetched"] = time.perf_counter() - start
out["rss_merged"] = hwm()
out["parts"] = parts
out["merges"] = [[m.ref, m.outcome, m.incoming, len(m.conflicts)] for m in result.merges]
out["findings"] = len(result.findings)
print(json.dumps(out))
"""

_AREAS = ("auth", "billing", "search", "ingest", "storage", "api", "ui", "jobs", "cache",
          "metrics", "audit", "mail")
_WHAT = DECISION_TEXTS
_ALTERNATIVES = ALTERNATIVES


@dataclass
class Params:
    teammates: int
    entries: int
    base: int
    mine: int
    runs: int


# -- building the scene --------------------------------------------------------------------


@contextmanager
def identity(name: str) -> Iterator[None]:
    """Write (in this process and its git children) as ``name``."""
    keys = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL")
    saved = {key: os.environ[key] for key in keys}
    email = f"{name.lower().replace(' ', '.')}@example.com"
    os.environ.update({"GIT_AUTHOR_NAME": name, "GIT_COMMITTER_NAME": name,
                       "GIT_AUTHOR_EMAIL": email, "GIT_COMMITTER_EMAIL": email})
    try:
        yield
    finally:
        os.environ.update(saved)


def git(env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], env=env, check=True, stdout=subprocess.DEVNULL)


def write_base(ledger: Ledger, count: int) -> list[str]:
    """The project's first decisions, one scope each: the ids, in order."""
    ids = []
    for k in range(count):
        done = ledger.decide(f"{_WHAT[k % len(_WHAT)]} (base {k})",
                             over=[_ALTERNATIVES[k % len(_ALTERNATIVES)]],
                             because=f"the first design review settled it ({k})",
                             scope=f"base/{_AREAS[k % len(_AREAS)]}-{k}")
        assert done.entry is not None
        ids.append(done.entry.id)
    return ids


def write_entries(ledger: Ledger, who: str, count: int, supersede: Sequence[str]) -> None:
    """``count`` project entries by ``who``: first the decisions replacing ``supersede``,
    then decisions (most replacing the previous one in their scope), verified facts and
    dropped approaches, four to one."""
    in_force: dict[str, str] = {}
    for n, old in enumerate(supersede[:count]):
        ledger.decide(f"{who} replaces base decision {old} ({n})", over=["keeping it"],
                      because=f"{who} measured it under load", supersedes=old)
    for k in range(len(supersede[:count]), count):
        if k % 10 == 8:
            ledger.verify(f"{who}: the {_AREAS[k % len(_AREAS)]} suite passes ({k})",
                          by=f"pytest -q tests/{_AREAS[k % len(_AREAS)]}")
            continue
        if k % 10 == 9:
            ledger.drop(f"{who}: {_ALTERNATIVES[k % len(_ALTERNATIVES)]} for "
                        f"{_AREAS[k % len(_AREAS)]} ({k})",
                        why="it doubled the p99 latency in the load test")
            continue
        scope = f"{who.split(maxsplit=1)[0].lower()}/{_AREAS[k % len(_AREAS)]}-{k % 40}"
        done = ledger.decide(f"{who}: {_WHAT[k % len(_WHAT)]} ({k})",
                             over=[_ALTERNATIVES[k % len(_ALTERNATIVES)],
                                   _ALTERNATIVES[(k + 1) % len(_ALTERNATIVES)]],
                             because=f"{who} found it simpler to operate ({k})",
                             scope=scope, supersedes=in_force.get(scope))
        assert done.entry is not None
        in_force[scope] = done.entry.id


def project_entries(git_dir: Path) -> int:
    """How many entries the project ledger of the repository at ``git_dir`` holds: the
    blobs under ``entries/`` only (the tree may hold other files, a digest say)."""
    repo = pygit2.Repository(str(git_dir))
    tree = repo.revparse_single(PROJECT_REF).peel(pygit2.Commit).tree
    try:
        top = tree[ENTRIES_DIR]
    except KeyError:
        return 0
    count = 0
    stack: list[pygit2.Object] = [top]
    while stack:
        current = stack.pop()
        if not isinstance(current, pygit2.Tree):
            continue
        for item in current:
            if isinstance(item, pygit2.Tree):
                stack.append(item)
            elif (item.name or "").endswith(".toml"):
                count += 1
    return count


def build(root: Path, env: dict[str, str], p: Params) -> tuple[Path, Path]:
    """The remote and the clone "me" (not yet pulled); see the module docstring."""
    remote = root / "remote.git"
    git(env, "init", "-q", "--bare", "-b", "main", str(remote))
    url = remote.as_uri()
    me = new_repo(root / "me", env)
    git(env, "-C", str(me), "remote", "add", "origin", url)
    git(env, "-C", str(me), "push", "-q", "-u", "origin", "main")
    with identity("Me Myself"):
        base = write_base(Ledger.open(me, project=True, session=""), p.base)
        sync.push(me)
    progress(f"  base: {p.base} decisions pushed by me")
    mates: list[tuple[str, Path]] = []
    for i in range(p.teammates):
        name = f"Mate{i:02d} Team"
        clone = root / f"mate{i:02d}"
        git(env, "clone", "-q", url, str(clone))
        with identity(name):
            sync.pull(clone)
        mates.append((name, clone))
    with identity("Me Myself"):
        write_entries(Ledger.open(me, project=True, session=""), "Me Myself", p.mine,
                      base[:2])
    for i, (name, clone) in enumerate(mates):
        start = time.perf_counter()
        with identity(name):
            write_entries(Ledger.open(clone, project=True, session=""), name, p.entries,
                          [base[i % len(base)], base[(i + 1) % len(base)]] if base else [])
        progress(f"  {name}: {p.entries} entries in {time.perf_counter() - start:.1f} s")
    for name, clone in mates:
        start = time.perf_counter()
        with identity(name):
            pushed = sync.push(clone)
        progress(f"  {name}: pushed in {time.perf_counter() - start:.1f} s "
                 f"({len(pushed.pulls)} pull{'s' if len(pushed.pulls) != 1 else ''} first)")
    held = project_entries(remote)
    want = p.base + p.teammates * p.entries
    if held != want:
        sys.exit(f"the remote's project ledger holds {held} entries, not {want}")
    return remote, me


# -- measuring -----------------------------------------------------------------------------


@dataclass
class Measured:
    label: str
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)

    def add(self, figures: dict[str, float]) -> None:
        self.wall.append(figures["wall"])
        self.cpu.append(figures["cpu"])
        self.rss.append(int(figures["rss"]))

    def median(self) -> float:
        return statistics.median(self.wall)

    def line(self, floors: Sequence[Measured] = ()) -> str:
        text = (f"  {self.label:<34} {ms(self.median()):>11} wall (min {ms(min(self.wall))})"
                f", {ms(statistics.median(self.cpu)):>11} CPU, peak {mb(max(self.rss))}")
        for floor in floors:
            text += f"  = {self.median() / floor.median():.2f}x {floor.label.split()[0]}"
        return text


def mb(size: float) -> str:
    return f"{size / 2**20:.1f} MB"


def measure(command: Sequence[str], cwd: Path, env: dict[str, str],
            scratch: Path) -> dict[str, float]:
    """Wall and CPU seconds and the peak RSS (bytes) of one run of ``command``."""
    if os.access(GNU_TIME, os.X_OK):
        report = scratch / "time.out"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([GNU_TIME, "-f", "%M", "-o", str(report), *command], cwd=cwd,
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({done.returncode}): "
                     f"{done.stderr.decode(errors='replace')}")
        rss = int(report.read_text(encoding="utf-8").split()[-1]) * 1024
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return {"wall": wall, "cpu": cpu, "rss": rss}
    ran = subprocess.run([sys.executable, "-c", _MEASURE, *command], cwd=cwd, env=env,
                         capture_output=True, text=True, check=True)
    figures = json.loads(ran.stdout)
    if figures["rc"] != 0:
        sys.exit(f"{' '.join(command)} failed ({figures['rc']}): {figures['err']}")
    return figures  # type: ignore[no-any-return]


class Copies:
    """Fresh copies of the clone "me" as it was before any pull, one per run."""

    def __init__(self, template: Path, where: Path) -> None:
        self.template = template
        self.where = where
        self.count = 0

    def fresh(self) -> Path:
        self.count += 1
        target = self.where / f"run{self.count:03d}"
        shutil.copytree(self.template, target, symlinks=True)
        return target

    def drop(self, path: Path) -> None:
        shutil.rmtree(path, ignore_errors=True)


def interleaved(copies: Copies, env: dict[str, str], runs: int,
                rows: list[tuple[Measured, Callable[[Path], list[str]], bool]]) -> None:
    """Each row's command ``runs`` times, rows interleaved; rows marked True run in a
    fresh copy of "me" each time (their command changes it)."""
    for n in range(runs + 1):  # the first round warms the page and bytecode caches
        for row, command, needs_copy in rows:
            where = copies.fresh() if needs_copy else copies.template
            figures = measure(command(where), where, env, copies.where)
            if n:
                row.add(figures)
            if needs_copy:
                copies.drop(where)


def check_result(copies: Copies, env: dict[str, str], script: str, p: Params) -> None:
    """One pull, read back: it must have merged everything; print what it reported."""
    where = copies.fresh()
    done = subprocess.run([script, "pull", "--json"], cwd=where, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"git ledger pull failed ({done.returncode}): {done.stderr}")
    held = project_entries(where / ".git")
    want = p.base + p.teammates * p.entries + p.mine
    if held != want:
        sys.exit(f"after the pull the project ledger holds {held} entries, not {want}")
    report = json.loads(done.stdout)
    print(f"  check: after one pull the project ledger holds {held} entries "
          f"({p.base} base + {p.teammates}x{p.entries} + {p.mine} mine): yes")
    print(f"  the pull's --json report: {summarize(report)}")
    copies.drop(where)


def summarize(report: object) -> str:
    """The counts in a pull's --json report (its keys may change; show what is there)."""
    if not isinstance(report, dict):
        return "?"
    bits = []
    for merge in report.get("merges", []) or []:
        if isinstance(merge, dict):
            conflicts = merge.get("conflicts")
            bits.append(f"{merge.get('ref')}: {merge.get('outcome')}, "
                        f"{merge.get('incoming')} in, "
                        f"{len(conflicts) if isinstance(conflicts, list) else conflicts} "
                        "concurrent edits")
    findings = report.get("findings")
    if isinstance(findings, list):
        rules: dict[str, int] = {}
        for finding in findings:
            rule = str(finding.get("rule")) if isinstance(finding, dict) else "?"
            rules[rule] = rules.get(rule, 0) + 1
        named = ", ".join(f"{count} {rule}" for rule, count in sorted(rules.items()))
        bits.append(f"{len(findings)} new check findings{f' ({named})' if named else ''}")
    bits.append(f"notes {report.get('notes')}")
    return "; ".join(bits)


def breakdown(copies: Copies, env: dict[str, str]) -> dict[str, Any]:
    where = copies.fresh()
    done = subprocess.run([sys.executable, "-c", _BREAKDOWN, str(where)], cwd=where, env=env,
                          capture_output=True, text=True, check=False)
    copies.drop(where)
    if done.returncode != 0:
        sys.exit(f"the in-process pull failed: {done.stderr}")
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def profile_pull(copies: Copies) -> str:
    where = copies.fresh()
    profile = cProfile.Profile()
    profile.enable()
    sync.pull(where)
    profile.disable()
    copies.drop(where)
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    stats.sort_stats("tottime").print_stats(18)
    stats.sort_stats("cumulative").print_stats("gitledger", 25)
    return out.getvalue()


# -- the benchmark ------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 3 teammates x 100 entries, 3 runs")
    parser.add_argument("--teammates", type=int, default=None, help="default 10")
    parser.add_argument("--entries", type=int, default=None,
                        help="project entries each teammate writes (default 500)")
    parser.add_argument("--base", type=int, default=50,
                        help="decisions pushed by me and pulled by all first (default 50)")
    parser.add_argument("--mine", type=int, default=20,
                        help="entries me writes locally before the pull (default 20)")
    parser.add_argument("--runs", type=int, default=None, help="runs of each (default 7)")
    parser.add_argument("--tmpdir", type=Path, default=None,
                        help="where the throwaway repositories go (default: the system's)")
    parser.add_argument("--profile", action="store_true",
                        help="always print a cProfile of one in-process pull")
    parser.add_argument("--profile-over", type=float, default=2.0,
                        help="profile when the pull's median exceeds this many seconds")
    args = parser.parse_args(argv)
    p = Params(args.teammates or (3 if args.quick else 10),
               args.entries or (100 if args.quick else 500), args.base, args.mine,
               args.runs or (3 if args.quick else 7))
    if p.teammates < 1 or p.entries < 2 or p.base < 2 or p.mine < 2 or p.runs < 1:
        parser.error("need --teammates >= 1, --entries >= 2, --base >= 2, --mine >= 2, "
                     "--runs >= 1")

    with workspace(args.tmpdir) as space:
        root, env, proc_env, script = space.root, space.env, space.proc_env, space.script
        banner("gitledger team benchmark: one pull merging teammates' project ledgers", root)
        print(f"  parameters: {p.teammates} teammates x {p.entries} project entries, "
              f"{p.base} base decisions, {p.mine} entries of mine, {p.runs} runs each"
              f"{' (--quick)' if args.quick else ''}")

        start = time.perf_counter()
        remote, me = build(root, env, p)
        remote_size = sum(f.stat().st_size for f in remote.rglob("*") if f.is_file())
        print(f"  built in {time.perf_counter() - start:.1f} s: the remote holds "
              f"{p.base + p.teammates * p.entries} project entries "
              f"({mb(remote_size)} on disk); me holds {p.base + p.mine}")
        copies = Copies(me, root / "runs")
        copies.where.mkdir()
        check_result(copies, proc_env, script, p)

        # (a) ---------------------------------------------------------------------------
        print(f"\n(a) processes: median of {p.runs} interleaved runs, each pull or fetch in "
              "a fresh copy of me")
        floor = Measured("python -c 'import pygit2'")
        fetch_floor = Measured("git fetch (same refspecs)")
        ledger_fetch = Measured("git ledger fetch")
        pull = Measured("git ledger pull")
        git_fetch = ["git", "fetch", "--quiet", "--prune", "--no-tags",
                     "--no-write-fetch-head", "--no-recurse-submodules", "origin",
                     *fetch_refspecs("origin")]
        interleaved(copies, proc_env, p.runs, [
            (floor, lambda _: [sys.executable, "-c", "import pygit2"], False),
            (fetch_floor, lambda _: git_fetch, True),
            (ledger_fetch, lambda _: ["git", "ledger", "fetch"], True),
            (pull, lambda _: ["git", "ledger", "pull"], True),
        ])
        print(floor.line())
        print(fetch_floor.line([floor]))
        print(ledger_fetch.line([floor, fetch_floor]))
        print(pull.line([floor, fetch_floor]))
        own = pull.median() - ledger_fetch.median()
        print(f"  the merge's own cost (pull - git ledger fetch): {ms(own)} "
              f"({own / pull.median():.0%} of the pull); pull - git fetch: "
              f"{ms(pull.median() - fetch_floor.median())}")
        incoming = p.teammates * p.entries
        record("team", f"git ledger pull, {p.teammates} x {p.entries} entries",
               pull.median(), against="git fetch of the same refspecs",
               ratio=pull.median() / fetch_floor.median(), note="target <= 1.5")
        print(f"  per incoming entry: {ms(pull.median() / incoming)} of pull, "
              f"{ms(own / incoming)} of merge")
        how = ("GNU time's %M" if os.access(GNU_TIME, os.X_OK)
               else "ru_maxrss of RUSAGE_CHILDREN in a fresh wrapper")
        print(f"  (peak = {how}: the largest process in the command's tree, Python or "
              "one of git's)")

        # (b) ---------------------------------------------------------------------------
        print("\n(b) in-process, in a fresh interpreter and a fresh copy of me")
        parts = breakdown(copies, proc_env)
        print(f"  fetch_into (git fetch + mirror listing)  {ms(parts['fetch']):>11}")
        print(f"  sync._merge_fetched                      {ms(parts['merge_fetched']):>11}")
        for name, seconds in sorted(parts["parts"].items()):
            indent = "      " if ":" in name else "    "
            print(f"{indent}{name:<{42 - len(indent)}} {ms(seconds):>11}")
        print(f"  merges [ref, outcome, incoming, concurrent edits]: {parts['merges']}; "
              f"new findings: {parts['findings']}")
        print(f"  Python's own peak RSS (VmHWM): {mb(parts['rss_imported'])} after imports, "
              f"{mb(parts['rss_fetched'])} after fetch, {mb(parts['rss_merged'])} after "
              "the merge")
        print(f"\n  load average at the end {os.getloadavg()[0]:.2f}")

        # (c) ---------------------------------------------------------------------------
        if args.profile or pull.median() > args.profile_over:
            print(f"\n(c) cProfile of one in-process sync.pull (the pull's median is "
                  f"{ms(pull.median())})")
            print(profile_pull(copies))
    return 0


if __name__ == "__main__":
    sys.exit(main())
