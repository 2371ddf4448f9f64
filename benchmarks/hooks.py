#!/usr/bin/env python3
"""Git hooks benchmark: what ``git commit`` pays for the hooks ``git ledger install`` puts in.

Prints figures against the bar of the issue; it never asserts them (timings belong here,
not in tests).  For each case, ONE throwaway repository with the hooks installed (by
``git-ledger install --git-hooks``, as a user does) takes ``--runs`` pairs of commits,
interleaved: ``git -c core.hooksPath=<the hooks dir> commit -q -am …`` and the same
command with ``core.hooksPath`` pointing at an empty directory, the order alternating from
pair to pair; every commit changes one file.  The figure is the median of the paired
differences (with hooks minus without), next to each side's median:

* ``no ledger`` — a repository with the hooks and no ledger (target: < 10 ms added);
* ``ledger, no trailer`` — a small session ledger (target: < 60 ms added);
* ``ledger of ~1,000 events, no trailer`` — the same fast path with ``--events`` ledger
  events and as many earlier code commits already noted in ``refs/notes/ledger``, to show
  the fast path does not grow with the ledger (same target);
* ``ledger, Ledger-Implements trailer`` — each commit's message implements one accepted
  decision, so the hook resolves the id, records the commit and writes its note (git
  alone), then queues the status change and starts a detached ``git ledger hook drain``
  (Python) that git does not wait for (target: < 30 ms added).  The benchmark waits for
  that drain after each such commit, outside the timing (a user does not commit again
  within its 0.3 s, and a drain still running would compete with the next timed commit for
  the CPUs), and reports its time beside the figure.

Then, for the fast paths, the ``post-commit`` script alone: ``sh <hooks>/post-commit`` run
directly after a commit made without hooks (so it does exactly the hook's work), against
``sh -c :`` (what starting the shell costs) interleaved; and one traced run of it: how many
git processes it starts (a ``GIT_TRACE2_EVENT`` target) with each one's own time, and how
many programs it executes in all (``strace -f``, when strace is installed).

After the timed runs the benchmark checks that the hooks did their work (a ``commit`` event
and a note per commit with hooks, the decisions implemented, nothing on stderr), so a
figure is never that of a hook that did nothing.

Everything happens in temporary repositories with a fixed identity, a temporary HOME,
``GIT_CONFIG_NOSYSTEM=1``, ``GIT_LEDGER_SESSION_ID`` set to the ledgers' session (as an
agent's environment has it) and this environment's ``bin`` first on PATH (so the hooks
find ``git-ledger``); Python runs use a bytecode cache, as an installed package does.

Usage: benchmarks/hooks.py [--runs N] [--events N] [--tmpdir DIR] [--smallest]
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from harness import (
    git_ledger_script,
    hermetic,
    ms,
    new_repo,
    progress,
    record,
    smallest_option,
    verdict,
    with_bytecode,
)

from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import NOTES_REF
from gitledger.storage.notes import add_lines
from gitledger.storage.store import Store

SESSION = "bench-session-1"
WARMUP = 3
#: Runs of the hook script alone (and of ``sh -c :``), per fast-path case.
ALONE_RUNS = 20
FILE = "README"


@dataclass
class Case:
    key: str
    title: str
    target: float | None  # seconds added, or None: reported only
    repo: Path
    hooks: Path
    trailer_ids: list[str] = field(default_factory=list)
    with_wall: list[float] = field(default_factory=list)
    without_wall: list[float] = field(default_factory=list)
    added_wall: list[float] = field(default_factory=list)
    added_cpu: list[float] = field(default_factory=list)
    #: The ids of the commits whose hook ran (indices into the committer's commits).
    hooked: list[int] = field(default_factory=list)
    fast_path: bool = True
    #: Seconds from a queued commit's return to its queue applied by the detached drain.
    drained: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Proc:
    argv: tuple[str, ...]
    seconds: float
    nested: bool


# -- running and timing ----------------------------------------------------------------------


def run_timed(command: Sequence[str], cwd: Path, env: dict[str, str], *,
              says: str | None = None) -> tuple[float, float]:
    """Run ``command``; its wall and CPU seconds.  Any failure or stderr output stops us:
    a hook that complains is not one whose time we want (``says``: the one line the
    post-checkout hook is expected to print, when it is)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    said = done.stderr.decode(errors="replace")
    if done.returncode != 0 or (said and (says is None or says not in said
                                          or said.count("\n") != 1)):
        sys.exit(f"{' '.join(command)} in {cwd} (exit {done.returncode}) said: "
                 f"{done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def git(repo: Path, env: dict[str, str], *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], env=env, check=True,
                          capture_output=True, text=True).stdout.strip()


class Committer:
    """Commits in one repository, each changing ``FILE``, with hooks on or off."""

    def __init__(self, case: Case, empty: Path, env: dict[str, str]) -> None:
        self.case = case
        self.empty = empty
        self.env = env
        self.count = 0

    def command(self, hooks: bool) -> list[str]:
        """Commit number ``count``; with a trailer, it implements decision number ``count``
        (ids all have the same length, so every message has too)."""
        directory = self.case.hooks if hooks else self.empty
        message = f"change {self.count}"
        if self.case.trailer_ids:
            message += f"\n\nLedger-Implements: {self.case.trailer_ids[self.count - 1]}"
        return ["git", "-c", f"core.hooksPath={directory}", "commit", "-q", "-am", message]

    def commit(self, hooks: bool) -> tuple[float, float]:
        self.count += 1
        (self.case.repo / FILE).write_text(f"bench {self.count}\n", encoding="utf-8")
        result = run_timed(self.command(hooks), self.case.repo, self.env)
        if hooks:
            self.hooked()
        return result

    def hooked(self) -> None:
        """The hook ran for the last commit (by git, or by us directly)."""
        self.case.hooked.append(self.count)


#: How long a queued commit's detached drain may take before the benchmark gives up.
DRAIN_LIMIT = 60.0


def wait_for_drain(repo: Path) -> float:
    """Seconds until the queue file a queued commit left is applied and rotated away (the
    detached ``git ledger hook drain``): a user does not commit again within it, and a
    drain still running would compete with the next timed commit for the CPUs."""
    queue = repo / ".git" / "ledger-queue"
    start = time.perf_counter()
    while queue.exists():
        if time.perf_counter() - start > DRAIN_LIMIT:
            sys.exit(f"the queue in {repo} was not applied within {DRAIN_LIMIT:.0f} s")
        time.sleep(0.005)
    return time.perf_counter() - start


def measure(case: Case, committer: Committer, runs: int, warmup: int = WARMUP) -> None:
    """``runs`` pairs of commits, interleaved, the order alternating; ``warmup`` pairs
    first.  A commit the hook queued is followed by the wait for its drain, outside the
    timing."""
    for pair in range(warmup + runs):
        order = (True, False) if pair % 2 == 0 else (False, True)
        got: dict[bool, tuple[float, float]] = {}
        for hooks in order:
            got[hooks] = committer.commit(hooks)
            if hooks and not case.fast_path:
                drained = wait_for_drain(case.repo)
                if pair >= warmup:
                    case.drained.append(drained)
        if pair < warmup:
            continue
        case.with_wall.append(got[True][0])
        case.without_wall.append(got[False][0])
        case.added_wall.append(got[True][0] - got[False][0])
        case.added_cpu.append(got[True][1] - got[False][1])


def hook_alone(case: Case, committer: Committer, runs: int,
               references: dict[str, list[str]]) -> tuple[list[float], dict[str, list[float]]]:
    """Wall seconds of ``sh post-commit`` run directly after a commit made without hooks
    (it does for that commit what git would have run it for), and of each reference
    command, interleaved."""
    script = str(case.hooks / "post-commit")
    hook: list[float] = []
    refs: dict[str, list[float]] = {label: [] for label in references}
    for i in range(runs + 1):
        committer.commit(False)
        wall, _ = run_timed(["sh", script], case.repo, committer.env)
        committer.hooked()
        for label, command in references.items():
            bare, _ = run_timed(command, case.repo, committer.env)
            if i:
                refs[label].append(bare)
        if i:
            hook.append(wall)
    return hook, refs


def traced(case: Case, committer: Committer, trace: Path) -> list[Proc]:
    """One run of the hook alone under a GIT_TRACE2 event target: every git process."""
    committer.commit(False)
    trace.unlink(missing_ok=True)
    env = dict(committer.env, GIT_TRACE2_EVENT=str(trace))
    run_timed(["sh", str(case.hooks / "post-commit")], case.repo, env)
    committer.hooked()
    argv: dict[str, tuple[str, ...]] = {}
    seconds: dict[str, float] = {}
    order: list[str] = []
    for line in trace.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        sid = event.get("sid", "")
        if event.get("event") == "start":
            argv[sid] = tuple(event.get("argv", ()))
            order.append(sid)
        elif event.get("event") in ("exit", "atexit"):
            seconds[sid] = max(seconds.get(sid, 0.0), float(event.get("t_abs", 0.0)))
    return [Proc(argv[s], seconds.get(s, 0.0), "/" in s) for s in order]


def exec_count(case: Case, committer: Committer, out: Path) -> Counter[str] | None:
    """Programs one run of the hook alone executes (``strace -f``), by name; None without
    strace.  The shell itself counts."""
    strace = shutil.which("strace")
    if strace is None:
        return None
    committer.commit(False)
    done = subprocess.run([strace, "-f", "-qq", "-e", "trace=execve", "-o", str(out),
                           "sh", str(case.hooks / "post-commit")],
                          cwd=case.repo, env=committer.env, capture_output=True, check=False)
    committer.hooked()
    if done.returncode != 0:
        return None
    names: Counter[str] = Counter()
    pending: dict[str, str] = {}  # pid → the program of its unfinished execve
    for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
        pid, _, call = line.partition(" ")
        if call.startswith("execve("):
            path = call.split('execve("', 1)[1].split('"', 1)[0]
            if call.rstrip().endswith("<unfinished ...>"):
                pending[pid] = path
                continue
        elif "<... execve resumed>" in call and pid in pending:
            path = pending.pop(pid)
        else:
            continue
        if call.rstrip().endswith("= 0"):
            names[Path(path).name] += 1
    return names


# -- building the repositories ---------------------------------------------------------------


def install_hooks(repo: Path, script: str, env: dict[str, str],
                  templates: Path | None = None) -> Path:
    subprocess.run([script, "install", "--git-hooks"], cwd=repo, env=env, check=True,
                   capture_output=True)
    hooks = Path(git(repo, env, "rev-parse", "--path-format=absolute", "--git-path", "hooks"))
    if not (hooks / "post-commit").is_file():
        sys.exit(f"git-ledger install put no post-commit hook in {hooks}")
    if templates is not None:  # another version's hooks, for a before/after figure
        for name in ("post-commit", "post-checkout", "post-rewrite"):
            shutil.copyfile(templates / name, hooks / name)
    return hooks


def settle(repo: Path, script: str, env: dict[str, str]) -> None:
    """What the hooks queued is applied (a command applies the queue before it reads)."""
    subprocess.run([script, "log", "--json"], cwd=repo, env=env, check=True,
                   capture_output=True, timeout=300)


def measure_checkout(case: Case, empty: Path, env: dict[str, str], runs: int,
                     warmup: int = WARMUP) -> tuple[list[float], list[float], list[float]]:
    """``runs`` pairs of branch checkouts (between two branches at the same commit, so
    only the checkout's own work and the hook's count), with the hooks and without,
    interleaved, the order alternating: (with, without, paired differences)."""
    git(case.repo, env, "branch", "-f", "bench-other", "HEAD")
    with_wall: list[float] = []
    without: list[float] = []
    added: list[float] = []
    targets = ("bench-other", "main")
    says = "git ledger: TASK "
    count = 0
    for pair in range(warmup + runs):
        order = (True, False) if pair % 2 == 0 else (False, True)
        got: dict[bool, float] = {}
        for hooks in order:
            count += 1
            directory = case.hooks if hooks else empty
            got[hooks], _ = run_timed(
                ["git", "-c", f"core.hooksPath={directory}", "checkout", "-q",
                 targets[count % 2]], case.repo, env, says=says if hooks else None)
        if pair < warmup:
            continue
        with_wall.append(got[True])
        without.append(got[False])
        added.append(got[True] - got[False])
    git(case.repo, env, "checkout", "-q", "main")
    return with_wall, without, added


def small_ledger(repo: Path) -> Ledger:
    ledger = Ledger.open(repo, session=SESSION)
    ledger.set_task("Cache the token verifier per client without breaking key rotation",
                    next_text="write the rotation test")
    ledger.decide("Cache the verifier per client id in the auth middleware",
                  over=["a global verifier cache"], because="the lookup dominated the profile",
                  scope="auth/middleware")
    ledger.verify("rotation invalidates the cached verifier", by="pytest tests/test_rotation.py")
    ledger.drop("a TTL on the cache entry", why="a rotated key stays trusted until it ends")
    ledger.open_question("does the IdP push rotation events?")
    return ledger


def code_history(repo: Path, env: dict[str, str], count: int) -> list[str]:
    """``count`` commits on main through ``git fast-import``; their shas."""
    stream = io.BytesIO()
    when = 1_767_600_000
    for i in range(count):
        body = f"VERSION = {i}\n".encode()
        message = f"change svc_{i % 97} ({i})\n".encode()
        stream.write(b"commit refs/heads/main\n")
        stream.write(f"committer Bench Mark <bench@example.com> {when + i * 60} +0000\n"
                     .encode())
        stream.write(f"data {len(message)}\n".encode() + message)
        if i == 0:
            stream.write(b"from refs/heads/main^0\n")
        stream.write(f"M 644 inline src/svc_{i % 97}.py\ndata {len(body)}\n".encode() + body)
        stream.write(b"\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], env=env, check=True,
                   input=stream.getvalue())
    git(repo, env, "reset", "-q", "--hard")
    return git(repo, env, "rev-list", f"-{count}", "main").split()


def big_ledger(repo: Path, env: dict[str, str], events: int) -> None:
    """A session ledger of about ``events`` events (entries of every kind), and as many
    code commits each noted as the hook notes them."""
    shas = code_history(repo, env, events)
    ledger = small_ledger(repo)
    for i in range(max(0, events - len(ledger.events())) // 4):
        ledger.verify(f"fact {i}: the cache key includes the client id",
                      by=f"pytest -k case_{i}")
        ledger.drop(f"approach {i}: warm the cache at start-up", why="start-up got slower")
        ledger.open_question(f"question {i}: is the rotation window {i} s?")
        ledger.decide(f"decision {i}: shard the verifier cache by tenant",
                      over=[f"one cache for all tenants ({i})"], because="isolation",
                      scope=f"auth/shard-{i}")
    assert ledger.ref is not None
    tip = git(repo, env, "rev-parse", ledger.ref)
    add_lines(Store(ledger.repo), {sha: {f"commit-in {ledger.ref} {tip}"} for sha in shas},
              f"notes for {len(shas)} commits")
    git(repo, env, "gc", "-q")


def trailer_ledger(repo: Path, count: int) -> list[str]:
    """A small ledger with ``count`` accepted decisions, one for each commit to implement."""
    ledger = small_ledger(repo)
    ids = []
    for i in range(count):
        result = ledger.decide(f"step {i}: move the verifier cache behind an interface",
                               over=[f"inline the cache ({i})"], because="testability",
                               scope=f"auth/step-{i}")
        assert result.entry is not None
        ids.append(result.entry.id)
    return ids


# -- checking the hooks did their work ------------------------------------------------------


def check_work(case: Case, env: dict[str, str], before: dict[str, str]) -> str:
    """What the hooks left behind, checked; a line saying so."""
    repo = case.repo
    refs = git(repo, env, "for-each-ref", "--format=%(refname)", "refs/ledger/sessions/")
    notes = git(repo, env, "for-each-ref", "--format=%(refname)", NOTES_REF)
    if case.key == "none":
        if refs or notes:
            sys.exit(f"{case.title}: the hooks wrote {refs} {notes} without a ledger")
        return "no ledger ref and no notes were written"
    ref = refs.split()[0]
    added = git(repo, env, "rev-list", "--count", f"{before['ledger']}..{ref}")
    events = [line for line in git(repo, env, "log", "--format=%(trailers:key=Ledger-Event,"
                                   "valueonly)", f"{before['ledger']}..{ref}").splitlines()
              if line.strip()]
    commit_events = sum(1 for e in events if e.strip() == "commit")
    head_note = git(repo, env, "notes", "--ref=ledger", "show", "HEAD")
    if commit_events != len(case.hooked) or "commit-in " + ref not in head_note:
        sys.exit(f"{case.title}: {len(case.hooked)} commits ran the hook but the ledger got "
                 f"{commit_events} commit events; HEAD's note: {head_note!r}")
    line = f"{commit_events} commit events ({added} ledger commits) and notes written"
    if case.trailer_ids:
        snapshot = Ledger.open(repo, session=SESSION).snapshot()
        status = {e.id: e.status for e in snapshot.of_kind("decided")}
        used = {case.trailer_ids[i - 1] for i in case.hooked}
        done = {i for i in case.trailer_ids if status.get(i) == "implemented"}
        if done != used:
            sys.exit(f"{case.title}: {len(done & used)} of {len(used)} decisions were "
                     f"implemented by their trailer, and {len(done - used)} others")
        line += (f"; the {len(done)} decisions named by those commits implemented, the "
                 f"{len(case.trailer_ids) - len(done)} others not")
    return line


# -- the benchmark ------------------------------------------------------------------------


def quartiles(values: list[float]) -> str:
    q = statistics.quantiles(values, n=4)
    return f"[{ms(q[0])} .. {ms(q[2])}]"


def report_case(case: Case) -> None:
    added = statistics.median(case.added_wall)
    print(f"  without hooks  {ms(statistics.median(case.without_wall)):>10} median "
          f"(min {ms(min(case.without_wall))})")
    print(f"  with hooks     {ms(statistics.median(case.with_wall)):>10} median "
          f"(min {ms(min(case.with_wall))})")
    target = (f"target < {ms(case.target)}: {verdict(added < case.target)}"
              if case.target is not None else "no target")
    print(f"  added (paired) {ms(added):>10} median {quartiles(case.added_wall)} quartiles, "
          f"{ms(statistics.median(case.added_cpu))} CPU;  {target}")
    if case.drained:
        print(f"  then the detached drain, after git returned: "
              f"{ms(statistics.median(case.drained))} median until the queue is applied")


def report_alone(case: Case, committer: Committer, root: Path,
                 runs: int = ALONE_RUNS) -> None:
    references = {"sh -c :": ["sh", "-c", ":"],
                  "git rev-parse --absolute-git-dir": ["git", "rev-parse",
                                                       "--absolute-git-dir"]}
    if not case.fast_path:
        references["python -c 'import gitledger.cli'"] = [sys.executable, "-c",
                                                          "import gitledger.cli"]
    hook, refs = hook_alone(case, committer, runs, references)
    print(f"  post-commit alone (sh <hooks>/post-commit, {runs} runs, interleaved): "
          f"{ms(statistics.median(hook))} median (min {ms(min(hook))}); for scale: "
          + ", ".join(f"{label} {ms(statistics.median(v))}" for label, v in refs.items()))
    procs = traced(case, committer, root / f"trace-{case.key}.json")
    top = [p for p in procs if not p.nested]
    print(f"  git processes it starts: {len(top)} (+{len(procs) - len(top)} started by "
          f"those), their own time {ms(sum(p.seconds for p in top))} in all (GIT_TRACE2 "
          "t_abs: start to exit; a process at the end of a pipe waits for its input):")
    for proc in top:
        print(f"    {ms(proc.seconds):>9}  {' '.join(proc.argv)[:90]}")
    names = exec_count(case, committer, root / f"strace-{case.key}.txt")
    if names is not None:
        print(f"  programs it executes (strace -f): {sum(names.values())} — "
              + ", ".join(f"{n} {name}" for name, n in names.most_common()))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=40,
                        help="pairs of commits per case, interleaved (default 40)")
    parser.add_argument("--events", type=int, default=1000,
                        help="events in the big ledger, and noted commits (default 1000)")
    parser.add_argument("--templates", type=Path, default=None,
                        help="a directory of post-commit, post-checkout, post-rewrite to "
                             "time instead of the installed ones (another version's)")
    parser.add_argument("--tmpdir", type=Path, default=None,
                        help="where the throwaway repositories go (default: the system's)")
    smallest_option(parser)
    args = parser.parse_args(argv)
    if args.runs < 2 or args.events < 10:
        parser.error("need --runs >= 2 and --events >= 10")
    warmup, alone = (0, 1) if args.smallest else (WARMUP, ALONE_RUNS)

    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    with tempfile.TemporaryDirectory(prefix="gitledger-bench-", dir=args.tmpdir) as tmp:
        root = Path(tmp)
        env = with_bytecode(hermetic(root / "home"), root / "pycache")
        env["GIT_LEDGER_SESSION_ID"] = SESSION
        script = git_ledger_script()
        empty = root / "no-hooks"
        empty.mkdir()
        git_version = subprocess.run(["git", "--version"], capture_output=True, text=True,
                                     check=False).stdout.strip()
        sh = os.path.realpath(shutil.which("sh") or "sh")
        print("gitledger git hooks benchmark")
        print(f"  python {platform.python_version()}, gitledger "
              f"{importlib.metadata.version('gitledger')}, {git_version}, sh is {sh}")
        print(f"  {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}, "
              f"repositories in {root}")

        def build_small(repo: Path) -> list[str]:
            small_ledger(repo)
            return []

        def build_big(repo: Path) -> list[str]:
            big_ledger(repo, env, args.events)
            return []

        # key, title, target (seconds added), build (the ids the commits implement)
        builders: list[tuple[str, str, float | None, Callable[[Path], list[str]]]] = [
            ("none", "no ledger", 0.010, lambda repo: []),
            ("small", "ledger, no trailer", 0.060, build_small),
            ("big", f"ledger of ~{args.events} events, {args.events} noted commits, "
                    "no trailer", 0.060, build_big),
            ("trailer", "ledger, Ledger-Implements trailer", 0.030,
             lambda repo: trailer_ledger(repo, 2 * (warmup + args.runs) + alone + 3)),
        ]
        cases: list[Case] = []
        for key, title, target, build in builders:
            progress(f"  building: {title} ...")
            repo = new_repo(root / key, env)
            hooks = install_hooks(repo, script, env, args.templates)
            case = Case(key, title, target, repo, hooks, trailer_ids=build(repo))
            case.fast_path = key != "trailer"
            cases.append(case)

        for case in cases:
            progress(f"  timing: {case.title} ...")
            committer = Committer(case, empty, env)
            before: dict[str, str] = {}
            if case.key != "none":
                ref = git(case.repo, env, "for-each-ref", "--format=%(refname)",
                          "refs/ledger/sessions/").split()[0]
                before["ledger"] = git(case.repo, env, "rev-parse", ref)
            notes = git(case.repo, env, "notes", "--ref=ledger", "list") if before else ""
            measure(case, committer, args.runs, warmup)
            print(f"\n{case.title}: {args.runs} pairs of commits, interleaved "
                  f"(after {warmup} warm-up pairs)")
            if before:
                events = git(case.repo, env, "rev-list", "--count", before["ledger"])
                print(f"  before: a ledger of {events} events, {len(notes.splitlines())} "
                      "noted commits")
            report_case(case)
            report_alone(case, committer, root, alone)
            settle(case.repo, script, env)
            print(f"  checked: {check_work(case, env, before)}")

        # git checkout in a worktree with a ledger: post-checkout prints its saved line.
        small = next(c for c in cases if c.key == "small")
        progress("  timing: git checkout, ledger ...")
        co_with, co_without, co_added = measure_checkout(small, empty, env, args.runs,
                                                         warmup)
        co_target = 0.010
        print(f"\ngit checkout of a branch, ledger: {args.runs} pairs, interleaved")
        print(f"  without hooks  {ms(statistics.median(co_without)):>10} median")
        print(f"  with hooks     {ms(statistics.median(co_with)):>10} median")
        print(f"  added (paired) {ms(statistics.median(co_added)):>10} median "
              f"{quartiles(co_added)} quartiles;  target < {ms(co_target)}: "
              f"{verdict(statistics.median(co_added) < co_target)}")

        print("\nsummary (median added time of git commit, paired):")
        for case in cases:
            added = statistics.median(case.added_wall)
            bar = (f"target < {ms(case.target)}: {verdict(added < case.target)}"
                   if case.target is not None else "no target")
            print(f"  {case.title:<52} {ms(added):>10}   {bar}")
            without = statistics.median(case.without_wall)
            record("hooks", f"git commit with our hooks: {case.title}",
                   statistics.median(case.with_wall), against="git commit without hooks",
                   ratio=statistics.median(case.with_wall) / without,
                   note=f"+{ms(added)} paired" + (f", target < {ms(case.target)}"
                                                  if case.target is not None else ""))
        record("hooks", "git checkout with our hooks: ledger", statistics.median(co_with),
               against="git checkout without hooks",
               ratio=statistics.median(co_with) / statistics.median(co_without),
               note=f"+{ms(statistics.median(co_added))} paired, target < {ms(co_target)}")
        print(f"  load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
