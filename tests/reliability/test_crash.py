"""Reliability, crashes: ``SIGKILL`` at random points during appends, ``resolve``,
``archive`` and ``pull``.

Each trial starts the real process (a library writer making 20 appends, or the installed
``git-ledger``), sleeps a random delay, and kills its whole process group (``git fetch``
under ``pull`` included) with ``SIGKILL``.  The delay is drawn from
``[startup, 1.25 x typical duration]``: ``typical`` is measured on an uninterrupted run, and
again on every fifth trial, which runs to its end (commands slow down as the ledger grows);
``startup`` is 0.8 x the time ``git-ledger --version`` takes (0 for the library writer),
before which a command cannot have written anything.  So most kills land inside the
command and some after it finished; a run that finished must have exited 0, and its write
is acknowledged.  Randomness is seeded (``random.Random(SEED + trial)``), so a failing
trial is named by its number.

After every kill:

* the ledger is a complete earlier or later state: ``git ledger show --json`` reads it with
  no unreadable entry, every commit is a whole event, and the entries are exactly the
  acknowledged ones plus at most the one write that was in flight;
* every acknowledged write is present;
* ``git ledger doctor`` reports nothing, or only findings its table marks as repaired by
  ``--fix`` (an interrupted archive or carry, a cache file); ``doctor --fix`` then repairs
  them all and exits 0;
* no ref lock is left behind (a lock left by a kill would make the next write wait its
  whole retry time and fail, and ``doctor`` would not report it for ten minutes);
* ``git fsck --strict`` is clean.

Trials per operation: 6 by default, 50 with ``GITLEDGER_RELIABILITY_SCALE=full`` (200 in
all, issue 10's figure); see ``tests/reliability/conftest.py``.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gitledger.ledger.operations import Ledger
from tests.builders import aged_past_stale
from tests.conftest import git, installed_git_ledger
from tests.reliability.conftest import (
    assert_linear,
    entry_ids,
    fsck,
    invoke,
    show,
    sized,
    start_writer,
    written_ids,
)
from tests.remote_fixtures import make_team, subprocess_env

SEED = 20261130
TRIALS = sized(6, 50)
#: The doctor codes whose ``--fix`` column says yes (docs/cli.md, git ledger doctor).
FIXED_BY_DOCTOR = {"pointer-invalid", "pointer-archived", "notes-stale", "note-unbacked",
                   "keep-missing",
                   "cache-unreadable", "archive-unfinished", "carry-unfinished",
                   "lock-stale"}


@dataclass(frozen=True)
class Killed:
    """What became of a process we meant to kill: ``finished`` if it exited first."""

    finished: bool
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def kill_after(process: subprocess.Popen[str], delay: float | None) -> Killed:
    """Sleep ``delay``, then SIGKILL the process's group unless it has exited already
    (``None``: let it run to its end)."""
    started = time.monotonic()
    try:
        out, err = process.communicate(timeout=delay if delay is not None else 120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return Killed(False, process.returncode, out, err, time.monotonic() - started)
    return Killed(True, process.returncode, out, err, time.monotonic() - started)


class Timing:
    """When to kill: each trial draws a delay in ``[before, 1.25 x typical]``; every fifth
    trial runs to its end instead and measures ``typical`` again (commands slow down as the
    ledger grows, and a stale figure would only ever kill them early)."""

    def __init__(self, typical: float, before: float = 0.0) -> None:
        self.typical = typical
        self.before = before

    def delay(self, trial: int) -> float | None:
        if trial % 5 == 4:
            return None
        rng = random.Random(SEED + trial)
        return rng.uniform(min(self.before, self.typical), 1.25 * self.typical)

    def learn(self, trial: int, killed: Killed) -> None:
        if trial % 5 == 4:
            assert killed.finished
            self.typical = killed.seconds


def cli(where: Path, env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    """The installed ``git-ledger`` in its own process group (so a kill takes its git)."""
    return subprocess.Popen([str(installed_git_ledger()), *args], cwd=where, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def timed(process: subprocess.Popen[str]) -> tuple[float, str]:
    """Run ``process`` to its end: (seconds, stdout); it must exit 0."""
    started = time.monotonic()
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    return time.monotonic() - started, out


def common_dir(where: Path) -> Path:
    path = Path(git(where, "rev-parse", "--git-common-dir").strip())
    return path if path.is_absolute() else where / path


#: Pointer locks (``<git dir>/ledger.lock``) a kill inside ``Store.replace_worktree_ref``
#: left, which the archive test removed by hand; see
#: ``test_a_pointer_lock_left_by_a_killed_archive_does_not_block_the_worktree``.
POINTER_LOCKS_REMOVED: list[str] = []


def assert_recoverable(where: Path, trial: int) -> None:
    """No lock left; doctor clean or only --fix-able findings, which --fix repairs;
    fsck clean."""
    pointer_lock = Path(git(where, "rev-parse", "--absolute-git-dir").strip()) / "ledger.lock"
    if pointer_lock.exists():
        # A kill inside the pointer's rename leaves its lock: doctor reports it (and the
        # next write breaks it once stale); --fix below removes it.
        POINTER_LOCKS_REMOVED.append(f"trial {trial}: {pointer_lock}")
    # A kill inside a ref's update (its lock written, not yet renamed) leaves the lock, as
    # a killed git does: once old, doctor reports it and --fix below removes it.
    ref_locks = sorted((common_dir(where) / "refs" / "ledger").rglob("*.lock"))
    for lock in ref_locks:
        aged_past_stale(lock)
    locks = sorted(str(p) for p in common_dir(where).rglob("*.lock")
                   if p != pointer_lock and p not in ref_locks)
    assert not locks, f"trial {trial}: the kill left locks behind: {locks}"
    code, out, err = invoke(where, "doctor", "--json")
    report: dict[str, Any] = json.loads(out)
    found = {f["code"] for f in report["findings"]}
    assert found <= FIXED_BY_DOCTOR, (trial, report["findings"])
    if found:
        code, out, err = invoke(where, "doctor", "--fix", "--json")
        fixed: dict[str, Any] = json.loads(out)
        assert code == 0, (trial, fixed)
        assert fixed["ok"], (trial, fixed)
        assert all(f["fixed"] for f in fixed["findings"]), (trial, fixed["findings"])
    else:
        assert code == 0, (trial, out, err)
        assert report["ok"], (trial, out, err)
    assert not pointer_lock.exists(), f"trial {trial}: doctor --fix left {pointer_lock}"
    assert not [p for p in ref_locks if p.exists()], f"trial {trial}: doctor --fix left them"
    fsck(where)


def startup(env: dict[str, str]) -> float:
    """How long ``git-ledger --version`` takes: the interpreter and imports, no git work."""
    seconds, _ = timed(subprocess.Popen(
        [str(installed_git_ledger()), "--version"], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True))
    return seconds


# -- appends ---------------------------------------------------------------------------------


def test_sigkill_during_appends(repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    """A library writer appending in a loop (every third write to the project ledger) is
    killed at a random point: the ledgers hold exactly what it acknowledged, plus at most
    the write in flight, as whole events."""
    repo = repo_with_commit
    typical, out = timed(start_writer(repo, cli_env, "warmup", 20, project_every=3))
    timing = Timing(typical)
    session, project = written_ids(out)
    landed: set[str] = set()  # written, but killed before it was acknowledged
    for trial in range(TRIALS):
        killed = kill_after(start_writer(repo, cli_env, f"t{trial}", 20, project_every=3,
                                         new_session=True), timing.delay(trial))
        timing.learn(trial, killed)
        if killed.finished:
            assert killed.returncode == 0, killed.stderr
        new_session, new_project = written_ids(killed.stdout)
        session += new_session
        project += new_project
        in_flight: set[str] = set()
        for args, acknowledged in (((), session), (("--project",), project)):
            data = show(repo, *args)
            ids = entry_ids(data)
            assert len(ids) == len(set(ids)), trial
            assert set(acknowledged) <= set(ids), f"trial {trial}: an acknowledged write lost"
            # Beyond the acknowledged writes (and the unacknowledged ones that landed in
            # earlier trials), at most the one write that was in flight.
            extra = set(ids) - set(acknowledged) - landed
            in_flight |= extra
            seqs = sorted(int(e["seq"]) for e in data["entries"])
            assert seqs == list(range(1, len(ids) + 1)), trial
            ref = data["ledger"]["ref"]
            # One commit per event: the root, then one per entry.
            assert len(git(repo, "rev-list", ref).split()) == 1 + len(ids), trial
            assert_linear(repo, ref)
        assert len(in_flight) <= (0 if killed.finished else 1), (trial, in_flight)
        landed |= in_flight
        assert_recoverable(repo, trial)


# -- resolve ---------------------------------------------------------------------------------


def test_sigkill_during_resolve(repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    """``git ledger resolve ID --as decided`` killed at a random point: the item is either
    still OPEN or DECIDED with its question kept, never missing or twice; every resolve
    that exited 0 stays resolved."""
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    questions: dict[str, str] = {}
    for i in range(TRIALS + 1):
        result = ledger.open_question(f"question {i}?")
        assert result.entry is not None
        questions[result.entry.id] = f"question {i}?"
    order = list(questions)
    resolved: set[str] = set()

    def resolve(entry_id: str) -> subprocess.Popen[str]:
        return cli(repo, cli_env, "resolve", entry_id, "--as", "decided",
                   "--because", f"answered {entry_id}", "--over", "asking again")

    timing = Timing(timed(resolve(order[0]))[0], 0.8 * startup(cli_env))
    resolved.add(order[0])
    for trial in range(TRIALS):
        target = order[trial + 1]
        killed = kill_after(resolve(target), timing.delay(trial))
        timing.learn(trial, killed)
        if killed.finished:
            assert killed.returncode == 0, killed.stderr
            assert killed.stdout.strip() == target
            resolved.add(target)
        data = show(repo)
        by_id: dict[str, dict[str, Any]] = {}
        for entry in data["entries"]:
            assert entry["id"] not in by_id, f"trial {trial}: {entry['id']} twice"
            by_id[entry["id"]] = entry
        assert set(by_id) == set(questions), trial
        for entry_id, entry in by_id.items():
            if entry_id in resolved:
                assert entry["kind"] == "decided", (trial, entry)
            assert entry["kind"] in ("open", "decided"), (trial, entry)
            if entry["kind"] == "decided":
                # A whole resolve: the question kept, the answer's fields all there.
                assert entry["question"] == questions[entry_id], (trial, entry)
                assert entry["because"] == f"answered {entry_id}", (trial, entry)
                assert entry["over"] == ["asking again"], (trial, entry)
            else:
                assert entry["text"] == questions[entry_id], (trial, entry)
                assert entry_id not in resolved
        assert_linear(repo, data["ledger"]["ref"])
        assert_recoverable(repo, trial)


# -- archive ---------------------------------------------------------------------------------


def archived_ids(repo: Path, seen: dict[str, list[str]]) -> set[str]:
    """Every entry id some archive holds (``seen`` caches by the commit that archived it,
    or the tag of a format-2 archive)."""
    ids: set[str] = set()
    code, out, err = invoke(repo, "list", "--archived", "--json")
    assert code == 0, err
    listed = json.loads(out)["archives"]
    for archive in listed:
        name, tag = archive["id"], archive["tag"] or archive["ref"]
        if tag not in seen:
            seen[tag] = entry_ids(show(repo, "--archive", name))
        ids.update(seen[tag])
    return ids


def test_sigkill_during_archive(repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    """Each trial fills the worktree's ledger, then kills ``git ledger archive`` at a random
    point.  No entry is ever lost: each acknowledged one is in the live session ledger, the
    project ledger or an archive; an archive that exited 0 left no live ledger behind."""
    repo = repo_with_commit
    written: set[str] = set()
    carried: set[str] = set()  # decisions a finished archive must have carried
    seen: dict[str, list[str]] = {}

    def fill(trial: int) -> None:
        ledger = Ledger.open(repo)
        ledger.set_task(f"task {trial}")
        for made in (ledger.decide(f"decision {trial}", over=["other"], because="why"),
                     ledger.verify(f"fact {trial}", by="true"),
                     ledger.open_question(f"question {trial}?")):
            assert made.entry is not None
            written.add(made.entry.id)

    fill(-1)
    timing = Timing(timed(cli(repo, cli_env, "archive"))[0], 0.8 * startup(cli_env))
    for trial in range(TRIALS):
        fill(trial)
        live_before = set(entry_ids(show(repo)))
        killed = kill_after(cli(repo, cli_env, "archive"), timing.delay(trial))
        timing.learn(trial, killed)
        if killed.finished:
            assert killed.returncode == 0, killed.stderr
            assert show(repo)["ledger"] is None, "archive exited 0, the ledger is live"
            carried.update(i for i in live_before if not i.startswith("o-"))

        live = show(repo)
        live_ids = set(entry_ids(live)) if live["ledger"] is not None else set()
        project_data = show(repo, "--project")
        project_ids = set(entry_ids(project_data)) if project_data["ledger"] else set()
        assert not live_ids & project_ids, f"trial {trial}: carried and still shown live"
        everywhere = live_ids | project_ids | archived_ids(repo, seen)
        assert written <= everywhere, f"trial {trial}: lost {written - everywhere}"
        assert carried <= project_ids, f"trial {trial}: not carried {carried - project_ids}"
        if live["ledger"] is not None:
            assert_linear(repo, live["ledger"]["ref"])
        assert_recoverable(repo, trial)
        # Whatever the kill left, the next archive finishes the job.
        if show(repo)["ledger"] is not None:
            code, out, err = invoke(repo, "archive")
            assert code == 0, (trial, out, err)
            assert show(repo)["ledger"] is None
    assert written <= set(entry_ids(show(repo, "--project"))) | archived_ids(repo, seen)


# -- pull ------------------------------------------------------------------------------------


def test_sigkill_during_pull(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bea pushes project decisions, Ada writes her own and pulls, and the pull (with its
    ``git fetch``) is killed at a random point.  Ada's acknowledged decisions always stay;
    Bea's are either in or not yet; a pull that exited 0 brought all she had pushed; the
    next pull brings everything."""
    team = make_team(tmp_path / "team", (tmp_path / "team" / "remote.git").as_uri(),
                     monkeypatch)
    ada = team.clone("Ada")
    bea = team.clone("Bea")
    env = subprocess_env()
    ada_ids: set[str] = set()
    bea_ids: set[str] = set()

    def round_of_writes(trial: int) -> None:
        for i in range(2):
            bea_ids.add(bea.ok("decide", f"bea {trial}.{i}", "--project", "--over", "x",
                               "--because", "y"))
        bea.ok("push")
        ada_ids.add(ada.ok("decide", f"ada {trial}", "--project"))

    round_of_writes(-1)
    timing = Timing(timed(cli(ada.path, env, "pull"))[0], 0.8 * startup(env))
    for trial in range(TRIALS):
        round_of_writes(trial)
        killed = kill_after(cli(ada.path, env, "pull"), timing.delay(trial))
        timing.learn(trial, killed)
        data = show(ada.path, "--project")
        ids = entry_ids(data)
        assert len(ids) == len(set(ids)), trial
        assert ada_ids <= set(ids), f"trial {trial}: Ada lost {ada_ids - set(ids)}"
        assert set(ids) <= ada_ids | bea_ids, trial
        if killed.finished:
            assert killed.returncode == 0, killed.stderr
            assert bea_ids <= set(ids), trial
        assert_recoverable(ada.path, trial)
    done = ada.installed("pull", env=env)
    assert done.returncode == 0, done.stderr
    assert set(entry_ids(show(ada.path, "--project"))) == ada_ids | bea_ids
    fsck(ada.path)
    fsck(team.bare)


def test_a_pointer_lock_left_by_a_killed_archive_does_not_block_the_worktree(
    repo_with_commit: Path,
) -> None:
    """The state a SIGKILL inside ``replace_worktree_ref`` leaves (step 4 of archive): the
    archive is done, the pointer still names the archived ledger, and the pointer's lock
    file is there.  ``doctor --fix`` must report and clear what blocks the worktree, and the
    next write must succeed: recovery, as for every other kill."""
    repo = repo_with_commit
    code, _, err = invoke(repo, "task", "before the archive")
    assert code == 0, err
    gitdir = repo / ".git"
    archived_pointer = (gitdir / "ledger").read_text(encoding="utf-8")
    code, _, err = invoke(repo, "archive", "--no-carry")
    assert code == 0, err
    (gitdir / "ledger").write_text(archived_pointer, encoding="utf-8")
    (gitdir / "ledger.lock").touch()

    code, out, _ = invoke(repo, "doctor", "--json")
    report: dict[str, Any] = json.loads(out)
    assert any(f["ref"] == str(gitdir / "ledger.lock") for f in report["findings"]), report
    code, out, err = invoke(repo, "task", "after the archive")
    assert code == 0, err
    assert show(repo)["task"] == "after the archive"
