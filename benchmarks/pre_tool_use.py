#!/usr/bin/env python3
"""Pre-tool-use benchmark: what an agent's edit pays for the hook ``install --agent`` puts in.

Prints figures against the bar of issue 20; it never asserts them.  ONE throwaway repository
holds a project ledger of ``--decisions`` decisions, each governing code through a glob
(``services/svc-NNNN/**``) and a footprint of two files (so the token file is big), with one
in ten a dropped approach carrying paths instead.  Then, in the same run, interleaved pair
by pair (the order alternating), the figure being the median of the paired differences:

* ``ungoverned edit`` — the shell fast path (``git-ledger-pre-tool-use claude``) on a Claude
  Code ``PreToolUse`` payload of an ``Edit`` of a file no decision governs, against an
  empty hook (a sh script that reads stdin and exits): target ≤ +15 ms;
* ``governed edit`` — the same script on an edit of a governed file, which hands the payload
  to ``git-ledger hook pre-tool-use`` (Python): target ≤ 300 ms in all;
* ``governed edit after a session write`` — the same, with a ``git ledger next`` (a write to
  the session ledger, not timed) before each edit, as an agent makes between edits;
* ``decide`` — ``git-ledger decide --project`` with this worktree's token file present (each
  decide refreshes it) against the same command with no token file (nothing refreshed).

Everything happens in a temporary repository with a fixed identity, a temporary HOME and
this environment's ``bin`` first on PATH; Python runs use a bytecode cache, as an installed
package does.

Usage: benchmarks/pre_tool_use.py [--decisions N] [--runs N] [--tmpdir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from harness import banner, ms, new_repo, progress, record, verdict, workspace

from gitledger import FORMAT_VERSION
from gitledger.core.codec import encode_entry, encode_focus, encode_meta
from gitledger.core.ids import entry_path, new_id
from gitledger.core.model import Change, Entry, Focus, LedgerMeta
from gitledger.ledger import path_index
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF, TOKENS_FILE, TOKENS_STATE_FILE
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

FAST_TARGET = 0.015
MATCH_TARGET = 0.300
WARMUP = 3
FAST_PATH = "git-ledger-pre-tool-use"


def build_project(repo: Path, decisions: int) -> None:
    """``decisions`` project entries that govern code, in one ledger commit."""
    store = Store(Repo(repo))
    head = store.repo.head_commit()
    assert head is not None
    person = store.repo.person()
    start = datetime(2026, 1, 5, 9, tzinfo=UTC)
    files: dict[str, bytes | None] = {}
    for seq in range(1, decisions + 1):
        folder = f"services/svc-{seq:04d}"
        created = start + timedelta(minutes=seq)
        if seq % 10 == 0:
            entry = Entry(id=new_id("dropped"), kind="dropped", seq=seq, created=created,
                          author=person.ident, text=f"a TTL on the cache of svc-{seq:04d}",
                          why="a rotated key stays trusted until the TTL ends",
                          paths=(f"{folder}/cache/**",))
        else:
            entry = Entry(id=new_id("decided"), kind="decided", seq=seq, created=created,
                          author=person.ident, status="accepted",
                          text=f"svc-{seq:04d} keeps its retry policy in the shared client",
                          over=(f"a sidecar proxy for svc-{seq:04d}",),
                          because="one place to tune the backoff",
                          scope=folder, paths=(f"{folder}/**",),
                          footprint=(f"{head} 10-40 {folder}/handler.py",
                                     f"{head} 1-5 {folder}/config/retry.toml"))
        files[entry_path(entry.id)] = encode_entry(entry)
    meta = LedgerMeta(format=FORMAT_VERSION, id="project", kind="project", created=start,
                      created_by=person.ident)
    files["ledger.toml"] = encode_meta(meta)
    files["state.toml"] = encode_focus(Focus(seq=decisions))

    def operation(view: TreeView | None) -> tuple[Change, None]:
        return Change(f"import {decisions} project decisions",
                      (("Ledger-Event", "start"), ("Ledger-Format", str(FORMAT_VERSION))),
                      files), None

    store.update(PROJECT_REF, operation)


def payload(repo: Path, target: str, session: str = "5f0c1d2e-bench") -> bytes:
    """A Claude Code PreToolUse payload of an Edit of ``target`` (relative to ``repo``)."""
    return json.dumps({
        "session_id": session,
        "transcript_path": "/home/dev/.claude/projects/-work-app/5f0c1d2e.jsonl",
        "cwd": str(repo), "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": "Edit",
        "tool_input": {"file_path": str(repo / target),
                       "old_string": "retries = 3\n", "new_string": "retries = 5\n"},
    }).encode()


def run(command: list[str], cwd: Path, env: dict[str, str], stdin: bytes) -> tuple[float, bytes]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, input=stdin, capture_output=True,
                          check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or done.stderr:
        sys.exit(f"{' '.join(command)} (exit {done.returncode}) said: "
                 f"{done.stderr.decode(errors='replace')}")
    return elapsed, done.stdout


def paired(runs: int, first: list[str], second: list[str], cwd: Path, env: dict[str, str],
           stdin: bytes, before_second: object = None) -> tuple[list[float], list[float]]:
    """Interleaved runs of two commands (the order alternating); their wall times."""
    ours: list[float] = []
    floor: list[float] = []
    for i in range(WARMUP + runs):
        order = [(first, ours), (second, floor)]
        if i % 2:
            order.reverse()
        for command, into in order:
            if command is second and callable(before_second):
                before_second()
            took, _ = run(command, cwd, env, stdin)
            if i >= WARMUP:
                into.append(took)
    return ours, floor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--decisions", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--tmpdir", default=None)
    args = parser.parse_args()
    with workspace(args.tmpdir) as ws:
        banner("pre-tool-use hook benchmark (issue 20)", ws.root)
        fast = shutil.which(FAST_PATH, path=str(Path(ws.script).parent))
        if fast is None:
            sys.exit(f"{FAST_PATH} is not installed beside {ws.script} (pip install -e .)")
        repo = new_repo(ws.root / "repo", ws.env)
        progress(f"building a project ledger of {args.decisions} decisions ...")
        build_project(repo, args.decisions)
        store = Store(Repo(repo))
        started = time.perf_counter()
        path_index.refresh(store, create=True)
        built = time.perf_counter() - started
        tokens = store.repo.gitdir / TOKENS_FILE
        size = tokens.stat().st_size
        lines = tokens.read_text().splitlines()
        print(f"  token file: {len(lines)} tokens, {size / 1e3:.1f} kB, built in {ms(built)} "
              "(in process, the first time)")

        empty = ws.root / "empty-hook"
        empty.write_text("#!/bin/sh\ncat > /dev/null\nexit 0\n", encoding="utf-8")
        empty.chmod(0o755)
        # The edited files exist (an Edit's old_string is looked up in the file).
        for target in ("docs/guide/intro.md", "services/svc-0042/handler.py"):
            (repo / target).parent.mkdir(parents=True, exist_ok=True)
            (repo / target).write_text("timeout = 30\nretries = 3\n", encoding="utf-8")
        ungoverned = payload(repo, "docs/guide/intro.md")
        governed = payload(repo, "services/svc-0042/handler.py")
        assert not any(t and t.encode() in ungoverned for t in lines), "payload matches"
        assert any(t.encode() in governed for t in lines)

        progress("ungoverned edit: fast path vs an empty hook ...")
        ours, floor = paired(args.runs, [fast, "claude"], [str(empty)], repo, ws.proc_env,
                             ungoverned)
        added = statistics.median(a - b for a, b in zip(ours, floor, strict=True))
        print(f"\nungoverned edit (a {len(ungoverned)}-byte payload, {len(lines)} tokens)")
        print(f"  empty hook              {ms(statistics.median(floor)):>10}")
        print(f"  fast path               {ms(statistics.median(ours)):>10}")
        print(f"  added (paired median)   {ms(added):>10}   target <= {ms(FAST_TARGET)}: "
              f"{verdict(added <= FAST_TARGET)}")
        record("pre-tool-use", "ungoverned edit: fast path added", added,
               against="empty hook", ratio=statistics.median(ours) / statistics.median(floor),
               note=f"{args.decisions} decisions, {len(lines)} tokens; target <= 15 ms")

        probe = subprocess.run([ws.script, "hook", "pre-tool-use", "--agent", "claude"],
                               cwd=repo, env=ws.proc_env, input=governed,
                               capture_output=True, check=False)
        if probe.returncode != 0 or b"unknown event" in probe.stderr:
            print("\ngoverned edit: not measured (git ledger hook pre-tool-use is not in "
                  "this gitledger)")
        else:
            progress("governed edit: fast path and the Python hook ...")
            # A new session each run: the hook tells a decision once per session, and the
            # figure is that of a telling.
            ours, floor, told = [], [], 0
            python: list[float] = []
            sides = {"fast": [fast, "claude"], "empty": [str(empty)],
                     "python": [sys.executable, "-c", "import pygit2"]}
            for i in range(WARMUP + args.runs):
                sent = payload(repo, "services/svc-0042/handler.py", f"bench-session-{i}")
                order = list(sides) if i % 2 == 0 else list(reversed(sides))
                for side in order:
                    took, out = run(sides[side], repo, ws.proc_env, sent)
                    if i >= WARMUP:
                        {"fast": ours, "empty": floor, "python": python}[side].append(took)
                        told += side == "fast" and b"svc-0042" in out
            whole = statistics.median(ours)
            print("\ngoverned edit (the payload goes to git ledger hook pre-tool-use)")
            print(f"  empty hook              {ms(statistics.median(floor)):>10}")
            print(f"  python -c 'import pygit2' {ms(statistics.median(python)):>8}")
            print(f"  fast path + Python hook {ms(whole):>10}   target <= {ms(MATCH_TARGET)}: "
                  f"{verdict(whole <= MATCH_TARGET)}; the decision told in {told} of "
                  f"{len(ours)} runs")
            record("pre-tool-use", "governed edit: fast path + Python hook", whole,
                   against="python -c 'import pygit2'",
                   ratio=whole / statistics.median(python),
                   note=f"told in {told} of {len(ours)} runs; target <= 300 ms")

            progress("governed edit after a session write ...")
            # An agent writes to its session ledger between edits: the saved copy's session
            # part is read again then, never the project's 5,000 decisions.
            after: list[float] = []
            told = 0
            for i in range(WARMUP + args.runs):
                subprocess.run([ws.script, "next", f"Step {i} of the benchmark"], cwd=repo,
                               env=ws.proc_env, capture_output=True, check=True)
                sent = payload(repo, "services/svc-0042/handler.py", f"bench-after-{i}")
                took, out = run(sides["fast"], repo, ws.proc_env, sent)
                if i >= WARMUP:
                    after.append(took)
                    told += b"svc-0042" in out
            later = statistics.median(after)
            print(f"  after a session write   {ms(later):>10}   target <= {ms(MATCH_TARGET)}: "
                  f"{verdict(later <= MATCH_TARGET)}; told in {told} of {len(after)} runs")
            record("pre-tool-use", "governed edit after a session write", later,
                   against="python -c 'import pygit2'",
                   ratio=later / statistics.median(python),
                   note=f"told in {told} of {len(after)} runs; target <= 300 ms")

        progress("decide --project: token file present vs absent ...")
        gitdir = store.repo.gitdir
        aside = ws.root / "aside"
        aside.mkdir()
        files = (TOKENS_FILE, TOKENS_STATE_FILE)

        def move(source: Path, target: Path) -> None:
            for name in files:
                (source / name).rename(target / name)

        # In this process, so that the figure is the refresh's and not the noise of a
        # process start (300 ms and more on a loaded machine).
        project = Ledger.open(repo, project=True, session="")
        with_file: list[float] = []
        without: list[float] = []
        path_index.refresh(store, create=True)
        for i in range(WARMUP + args.runs * 3):
            turns = [True, False] if i % 2 == 0 else [False, True]
            for present in turns:
                if not present:  # put aside, and back after: the next refresh diffs two
                    move(gitdir, aside)
                started = time.perf_counter()
                project.decide(f"bench decision {i} {present}: batch the webhooks",
                               over=[f"a cron job {i} {present}"], because="one place")
                took = time.perf_counter() - started
                if not present:
                    move(aside, gitdir)
                if i >= WARMUP:
                    (with_file if present else without).append(took)
        assert path_index.status(store).state == path_index.FRESH
        cost = statistics.median(a - b for a, b in zip(with_file, without, strict=True))
        print(f"\ndecide --project at {args.decisions} project decisions, in process")
        print(f"  no token file           {ms(statistics.median(without)):>10}")
        print(f"  token file refreshed    {ms(statistics.median(with_file)):>10}")
        print(f"  added (paired median)   {ms(cost):>10}")
        record("pre-tool-use", "decide: token refresh added", cost, against="decide, no token "
               "file", ratio=statistics.median(with_file) / statistics.median(without),
               note=f"in process, {args.decisions} decisions")
    print(f"\n{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
