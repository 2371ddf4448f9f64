#!/usr/bin/env python3
"""A year of a team: the everyday commands at full size against a tenth of it.

Builds two repositories with ``year_build.py`` (by default 25,000 archived sessions,
20,000 project decisions and 100,000 noted commits, and a tenth of each), each with a bare
remote (``file://``) that holds everything, its refs packed as a year of pushes leaves them,
and a teammate's clone, all outside any timing; this clone has derived every decision's
footprint, as a year of reads of the governing entries did, and its commit-graph records
changed paths, as ``install`` has git write them.  This clone is one of the team's fifty:
it holds its own archives; the teammates' are on the remote only (a pull does not bring
them).
Then, run after run, the two scales interleaved (so that load hits both alike):

- the teammate writes a decision and pushes (not timed);
- ``pull``: this clone pulls it;
- ``push``: this clone writes a decision and pushes;
- ``list --remote``, ``review`` (since the last pull), ``restore``, ``why FILE`` (a file
  a carried decision's commit changed) and ``check``;
- and ``git blame`` of that file: what ``why FILE`` waits for in git, its floor.

The figure of each command is the median wall time at full size and its ratio to the
same command at a tenth, measured in the same run: the goal of issue 21 is at most 2x.
After the runs: the ref count, and the repository's size after ``git gc`` (packs and
packed refs) and how long that ``gc`` took.  Nothing is asserted (timings belong here, not
in tests); ``benchmarks/run --only year`` runs it with the headline sizes.

Usage: benchmarks/year.py [--sizes SMALL,BIG] [--runs R] [--tmpdir DIR] [--keep DIR]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from harness import Timings, banner, ms, progress, record, timed, workspace
from year_build import SCALES, Built, build

from gitledger.core.model import git_evidence
from gitledger.ledger.decision_footprints import commit_spans_cache, rebuilt_footprint
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.commit_graph import write_path_filters
from gitledger.storage.repo import Repo

#: What is measured, in the order of a run: (label, arguments after ``git ledger``).
COMMANDS = ("pull", "push", "list --remote", "review", "restore", "why", "check")
#: What ``why FILE`` waits for in git itself (it blames the file): its floor, not a goal.
FLOORS = ("git blame FILE",)
GOAL = 2.0


@dataclass(frozen=True)
class Scene:
    label: str
    built: Built
    mine: Path
    mate: Path
    origin: Path


def git(env: dict[str, str], *args: str) -> str:
    return subprocess.run(["git", *args], env=env, check=True, capture_output=True,
                          text=True).stdout


def scene(root: Path, env: dict[str, str], script: str, label: str, sessions: int) -> Scene:
    """This clone (the built repository), its remote and a teammate's clone of it."""
    started = time.perf_counter()
    base = root / label
    saved = base / "scene.json"
    if saved.exists():  # built by an earlier run with --keep: reused as that run left it
        fields = json.loads(saved.read_text())
        if fields["sessions"] == sessions:
            built = Built(**{**fields, "path": Path(fields["path"]),
                             "live": tuple(fields["live"])})
            progress(f"  {label}: {sessions:,} sessions reused from {base}")
            return Scene(label, built, base / "mine", base / "mate", base / "origin.git")
        sys.exit(f"{base} holds {fields['sessions']:,} sessions, not {sessions:,}")
    base.mkdir()
    built = build(base / "mine", sessions, progress=True)
    progress(f"  {label}: {sessions:,} sessions built in {built.seconds:.1f} s")
    mine, origin, mate = base / "mine", base / "origin.git", base / "mate"
    git(env, "init", "-q", "--bare", "-b", "main", str(origin))
    git(env, "-C", str(mine), "remote", "add", "origin", origin.as_uri())
    begun = time.perf_counter()
    git(env, "-C", str(mine), "push", "-q", "origin", "refs/heads/main:refs/heads/main",
        "refs/ledger/*:refs/ledger/*", "refs/notes/ledger:refs/notes/ledger")
    progress(f"  {label}: the whole year pushed by git in {time.perf_counter() - begun:.1f} s")
    # A remote that took a year of pushes has its refs packed: each push runs `git gc
    # --auto`, which packs them once loose objects gather, and hosting services pack them
    # too.  One push of the whole year arrives as a pack, sets no gc off and leaves every
    # ref a loose file, which git's ref advertisement reads one by one.
    git(env, "-C", str(origin), "pack-refs", "--all")
    git(env, "-C", str(mine), "branch", "-q", "-u", "origin/main")
    # The other 49 live sessions are the teammates': on the remote, not this clone's own.
    teammates = "".join(f"delete refs/ledger/sessions/{ledger}\n" for ledger in built.live[1:])
    subprocess.run(["git", "-C", str(mine), "update-ref", "--stdin"], input=teammates,
                   text=True, env=env, check=True)
    git(env, "clone", "-q", origin.as_uri(), str(mate))
    # This clone is one of the team's fifty: its own archives are here, the teammates' are
    # on the remote only, since a pull does not bring them (docs/team.md): neither their
    # tags nor the ledgers behind them are in its object store.
    dropped = theirs_only(mine, env)
    progress(f"  {label}: the teammates' {dropped:,} archives left on the remote only")
    # A year-old repository has a commit-graph, in the clone and on the host (git gc and
    # every hosting service write one): without it, git's fetch negotiation walks the
    # history commit by commit, 3 s of a full-size pull that no command of ours spends.
    # The clone's records changed paths: `git ledger install` had git write them, and
    # git's later writes keep them.
    git(env, "-C", str(origin), "commit-graph", "write", "--reachable")
    write_path_filters(Repo(mine))
    # A clone a year old has derived every decision's footprint from its evidence (each
    # read of the governing entries derives up to REBUILD_BUDGET more commits, and a year
    # of edits read them often): the figures are of that clone, not of its first days.
    begun = time.perf_counter()
    derived = derive_footprints(mine)
    progress(f"  {label}: the footprints of {derived:,} decisions derived in "
             f"{time.perf_counter() - begun:.1f} s")
    # The first check after an upgrade builds the link index (once, reported here), which
    # every later check, review and why only brings up to date; the first why saves the
    # entries that govern code, which every later one brings up to date.
    for step in (("pull", "origin"), ("restore",), ("check",), ("why", built.sample_file)):
        begun = time.perf_counter()
        subprocess.run([script, *step], cwd=mine, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        progress(f"  {label}: first {' '.join(step)} {time.perf_counter() - begun:.1f} s")
    progress(f"  {label}: scene ready in {time.perf_counter() - started:.1f} s")
    saved.write_text(json.dumps({**dataclasses.asdict(built), "path": str(built.path)}))
    return Scene(label, built, mine, mate, origin)


def theirs_only(where: Path, env: dict[str, str]) -> int:
    """Delete the archives other people tagged, and the objects only they held; how many."""
    me = env["GIT_COMMITTER_EMAIL"]
    listed = git(env, "-C", str(where), "for-each-ref", "--format=%(taggeremail)%00%(refname)",
                 "refs/ledger/archive/")
    theirs = [ref for email, ref in (line.split("\0") for line in listed.splitlines())
              if email.strip("<>") != me]
    subprocess.run(["git", "-C", str(where), "update-ref", "--stdin"], env=env, check=True,
                   input="".join(f"delete {ref}\n" for ref in theirs), text=True)
    git(env, "-C", str(where), "reflog", "expire", "--expire=now", "--all")
    git(env, "-C", str(where), "gc", "-q", "--prune=now")
    return len(theirs)


def derive_footprints(where: Path) -> int:
    """Derive the footprint of every decision of the project ledger from its evidence, as
    a year of reads of the governing entries did; how many decisions had evidence."""
    reader = LedgerReader.open(where, project=True, session="")
    spans = commit_spans_cache(reader.store.repo, budget=sys.maxsize)
    derived = 0
    for entry in reader.snapshot().entries:
        if entry.footprint or git_evidence(entry):
            rebuilt_footprint(reader.store.repo, entry.evidence, spans)
            derived += 1
    spans.save()
    return derived


def one_run(s: Scene, n: int, script: str, env: dict[str, str], mate_env: dict[str, str],
            times: dict[tuple[str, str], Timings]) -> None:
    def ledger(where: Path, *args: str, environment: dict[str, str] | None = None) -> None:
        subprocess.run([script, *args], cwd=where, env=environment or env, check=True,
                       stdout=subprocess.DEVNULL)

    def measure(label: str, *args: str, command: list[str] | None = None) -> None:
        elapsed, cpu = timed(command or [script, *args], s.mine, env)
        t = times.setdefault((s.label, label), Timings(label))
        t.wall.append(elapsed)
        t.cpu.append(cpu)

    ledger(s.mate, "decide", f"teammate decision {n}", "--scope", f"mate/{n}",
           "--over", "the old way", "--because", "it is simpler", environment=mate_env)
    ledger(s.mate, "push", "origin", environment=mate_env)
    measure("pull", "pull", "origin")
    ledger(s.mine, "decide", f"my decision {n}", "--scope", f"mine/{n}", "--over",
           "the old way", "--because", "it is simpler")
    measure("push", "push", "origin")
    measure("list --remote", "list", "--remote")
    measure("review", "review")
    measure("restore", "restore")
    measure("why", "why", s.built.sample_file)
    measure("git blame FILE", command=["git", "blame", "--porcelain", "--",
                                       s.built.sample_file])
    measure("check", "check")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--sizes", default="tenth,full",
                        help="the small and the big scale: names (tenth, full) or session counts")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tmpdir", default=None)
    parser.add_argument("--keep", default=None, metavar="DIR",
                        help="build the repositories in DIR and keep them; a later run with "
                             "the same DIR reuses them (no gc at the end, so they stay as a "
                             "year leaves them)")
    args = parser.parse_args()
    names = args.sizes.split(",")
    if len(names) != 2:
        parser.error("--sizes takes two scales, the small one first")
    sizes = [SCALES.get(name) or int(name) for name in names]
    with workspace(args.tmpdir, args.keep) as ws:
        banner("A year of a team: everyday commands at full size against a tenth", ws.root)
        mate_env = {**ws.proc_env, "GIT_AUTHOR_NAME": "Tea Mate",
                    "GIT_AUTHOR_EMAIL": "mate@example.com", "GIT_COMMITTER_NAME": "Tea Mate",
                    "GIT_COMMITTER_EMAIL": "mate@example.com"}
        scenes = [scene(ws.root, ws.proc_env, ws.script, label, count)
                  for label, count in zip(("small", "big"), sizes, strict=True)]
        times: dict[tuple[str, str], Timings] = {}
        # Each run's decisions are numbered on from those of earlier runs in a kept DIR.
        counter = ws.root / "runs-done"
        first = int(counter.read_text()) if counter.exists() else 0
        for n in range(first, first + args.runs):
            for s in scenes:
                one_run(s, n, ws.script, ws.proc_env, mate_env, times)
            counter.write_text(str(n + 1))
            progress(f"  run {n + 1 - first} of {args.runs} done")
        print(f"\n  {'command':<16} {names[0] + ' (' + format(sizes[0], ',') + ')':>18} "
              f"{names[1] + ' (' + format(sizes[1], ',') + ')':>18}   ratio  within {GOAL:g}x")
        for label in (*COMMANDS, *FLOORS):
            low, high = times[("small", label)], times[("big", label)]
            ratio = high.ratio(low)
            verdict = "(floor)" if label in FLOORS else "yes" if ratio <= GOAL else "NO"
            print(f"  {label:<16} {ms(low.median()):>18} {ms(high.median()):>18}  "
                  f"{ratio:5.2f}x  {verdict}")
            record("year", f"{label}, {sizes[1]:,} sessions", high.median(),
                   against=f"the same at {sizes[0]:,}", ratio=ratio,
                   note=("git's own cost, what why FILE cannot go under" if label in FLOORS
                         else f"goal <= {GOAL:g}x")
                   + f"; CPU {ms(statistics.median(high.cpu))}")
        for s in [] if args.keep else scenes:
            refs = len(git(ws.proc_env, "-C", str(s.mine), "for-each-ref").splitlines())
            begun = time.perf_counter()
            git(ws.proc_env, "-C", str(s.mine), "gc", "-q")
            took = time.perf_counter() - begun
            size = _size(s.mine / ".git")
            print(f"  {s.label} ({s.built.sessions:,} sessions): {refs:,} refs, "
                  f"{size / 1e6:.1f} MB after git gc ({took:.1f} s); built in "
                  f"{s.built.seconds:.1f} s")
            record("year", f"refs, {s.built.sessions:,} sessions", refs, unit="refs")
            record("year", f"size after git gc, {s.built.sessions:,} sessions", size, unit="B",
                   note=f"gc took {took:.1f} s; built in {s.built.seconds:.1f} s")
    return 0


def _size(gitdir: Path) -> int:
    """The packs, loose objects and refs of a repository: what a clone would hold."""
    return sum(p.stat().st_size for sub in ("objects", "refs") for p in (gitdir / sub).rglob("*")
               if p.is_file()) + sum(p.stat().st_size for p in gitdir.glob("packed-refs"))


if __name__ == "__main__":
    sys.exit(main())
