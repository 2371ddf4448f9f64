"""Eight OS processes appending to one ledger at once lose nothing.

Every write is a compare-and-swap on the ledger ref, retried by re-applying the operation
on the new tip.  These tests start eight writers together — as eight streams of real
``git-ledger`` processes, and as eight ``multiprocessing`` workers calling the library —
and then check, with plain git as well as with the ledger itself, that:

* every write exited 0 and printed an id, and nothing reached stderr (a lost race must be
  retried, never reported);
* every acknowledged id is in the ledger, and the entry count equals the number of appends;
* the entries' sequence numbers are exactly 1..N (each retry re-read the tip it built on);
* the ledger's history is one linear chain: one root, at most one parent per commit, one
  commit per event;
* ``git fsck --strict`` is clean.

Half of the races start in a worktree with no ledger at all, so all eight writers also
race to create it: the pointer file in the git dir and the ref.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import git, installed_git_ledger

WRITERS = 8
ID = re.compile(r"^d-[0-9a-hjkmnp-tv-z]{10}$")


# -- what every race must leave behind ---------------------------------------------------


def _ledger_refs(repo: Path) -> list[str]:
    out = git(repo, "for-each-ref", "--format=%(refname)", "refs/ledger/")
    return out.split()


def show_json(repo: Path, env: dict[str, str]) -> dict[str, Any]:
    """``git ledger show --json``, through the installed command."""
    shown = subprocess.run(
        [str(installed_git_ledger()), "show", "--json"], cwd=repo, env=env,
        capture_output=True, text=True, check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stderr == ""
    data: dict[str, Any] = json.loads(shown.stdout)
    return data


def assert_nothing_lost(repo: Path, env: dict[str, str], acknowledged: list[str],
                        *, earlier_events: int = 0, earlier_entries: int = 0) -> None:
    """The ledger of ``repo`` holds exactly ``acknowledged`` (plus what was there before)."""
    assert len(acknowledged) == len(set(acknowledged)), "an id was handed out twice"

    # One ledger, the one the worktree's pointer names.
    refs = _ledger_refs(repo)
    assert len(refs) == 1, refs
    ref = refs[0]
    assert ref.startswith("refs/ledger/sessions/")
    gitdir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    assert (gitdir / "ledger").read_text(encoding="utf-8").strip() == ref
    assert not list(gitdir.glob("ledger.*")), "a temporary pointer file was left behind"
    assert not list((gitdir / "refs").rglob("*.lock")), "a ref lock was left behind"

    # Every acknowledged id is there, and nothing else was added.
    snapshot = show_json(repo, env)
    assert snapshot["errors"] == []
    assert snapshot["ledger"]["ref"] == ref
    ids = [entry["id"] for entry in snapshot["entries"]]
    assert len(ids) == earlier_entries + len(acknowledged)
    assert set(acknowledged) <= set(ids)
    seqs = sorted(entry["seq"] for entry in snapshot["entries"])
    assert seqs == list(range(1, len(ids) + 1)), "two appends were built on the same tip"

    # One linear chain: one commit per event, one root, never a merge.
    lines = git(repo, "rev-list", "--parents", ref).splitlines()
    parent_counts = [len(line.split()) - 1 for line in lines]
    assert all(count <= 1 for count in parent_counts), "the ledger history is not linear"
    assert parent_counts.count(0) == 1, "the ledger has more than one root"
    assert len(lines) == 1 + earlier_events + len(acknowledged)
    subjects = git(repo, "log", "--format=%s", ref).splitlines()
    assert subjects[-1].startswith("start session ledger ")
    assert sum(s.startswith("start ") for s in subjects) == 1
    trailers = git(repo, "log", "--format=%(trailers:key=Ledger-Entry,valueonly)", ref)
    assert set(acknowledged) <= set(trailers.split())

    # The object store is sound.
    fsck = subprocess.run(["git", "fsck", "--strict", "--no-dangling", "--no-progress"],
                          cwd=repo, capture_output=True, text=True, check=False)
    assert fsck.returncode == 0, fsck.stdout + fsck.stderr
    for word in ("error", "missing", "broken", "corrupt", "bad"):
        assert word not in (fsck.stdout + fsck.stderr).lower(), fsck.stdout + fsck.stderr


# -- eight streams of real git-ledger processes -------------------------------------------


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str


def race_cli(repo: Path, env: dict[str, str], appends: int) -> list[Outcome]:
    """Eight threads each run ``appends`` git-ledger processes one after another."""
    script = str(installed_git_ledger())
    start = threading.Barrier(WRITERS)
    outcomes: list[list[Outcome]] = [[] for _ in range(WRITERS)]

    def writer(number: int) -> None:
        start.wait()
        for i in range(appends):
            done = subprocess.run(
                [script, "decide", f"writer {number} decision {i}",
                 "--over", f"alternative {number}.{i}", "--because", "load test"],
                cwd=repo, env=env, capture_output=True, text=True, check=False,
            )
            outcomes[number].append(Outcome(done.returncode, done.stdout, done.stderr))

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [outcome for per_writer in outcomes for outcome in per_writer]


def acknowledged_ids(outcomes: list[Outcome]) -> list[str]:
    failures = [o for o in outcomes if o.returncode != 0 or o.stderr]
    assert not failures, "\n".join(f"exit {o.returncode}: {o.stderr}" for o in failures[:3])
    ids = [o.stdout.strip() for o in outcomes]
    assert all(ID.match(i) for i in ids), ids
    return ids


@pytest.mark.slow
def test_eight_cli_processes_create_and_fill_one_ledger(
    repo: Path, cli_env: dict[str, str]
) -> None:
    """No ledger yet: the eight writers race to create it, then keep appending."""
    assert _ledger_refs(repo) == []
    outcomes = race_cli(repo, cli_env, appends=6)
    ids = acknowledged_ids(outcomes)
    assert len(ids) == WRITERS * 6
    assert_nothing_lost(repo, cli_env, ids)


@pytest.mark.slow
def test_eight_cli_processes_append_to_an_existing_ledger(
    repo_with_commit: Path, cli_env: dict[str, str]
) -> None:
    started = subprocess.run(
        [str(installed_git_ledger()), "task", "Survive eight writers"], cwd=repo_with_commit,
        env=cli_env, capture_output=True, text=True, check=False,
    )
    assert started.returncode == 0, started.stderr
    ids = acknowledged_ids(race_cli(repo_with_commit, cli_env, appends=5))
    assert len(ids) == WRITERS * 5
    assert_nothing_lost(repo_with_commit, cli_env, ids, earlier_events=1)
    shown = show_json(repo_with_commit, cli_env)
    assert shown["task"] == "Survive eight writers"
    # The code branch is untouched by all of it.
    assert git(repo_with_commit, "for-each-ref", "--format=%(refname)", "refs/heads/").split() \
        == ["refs/heads/main"]
    assert git(repo_with_commit, "status", "--porcelain") == ""


@pytest.mark.parametrize("round_", range(3))
def test_eight_first_writes_race_for_the_pointer_and_the_ref(
    repo: Path, cli_env: dict[str, str], round_: int
) -> None:
    """The narrowest race: eight processes each make the first write of a new worktree."""
    ids = acknowledged_ids(race_cli(repo, cli_env, appends=1))
    assert len(ids) == WRITERS
    assert_nothing_lost(repo, cli_env, ids)


# -- eight multiprocessing workers calling the library ------------------------------------
#
# The start method is "spawn", on purpose: a forked child would inherit the parent's
# libgit2 state (open repositories, caches, and the config search path that the hermetic
# fixture set through pygit2.settings, which is per process and not an environment
# variable).  A spawned child starts a fresh interpreter and initialises libgit2 itself,
# like a real second process would; it gets HOME, the identity and GIT_CONFIG_NOSYSTEM
# from the environment we hand it explicitly, and points pygit2's search path at that
# HOME before touching a repository.


def _library_worker(path: str, env: dict[str, str], number: int, appends: int,
                    start: Any, results: Any) -> None:
    os.environ.clear()
    os.environ.update(env)
    try:
        import pygit2
        from pygit2.enums import ConfigLevel

        from gitledger.ledger.operations import Ledger

        home = env["HOME"]
        pygit2.settings.search_path[ConfigLevel.GLOBAL] = home
        pygit2.settings.search_path[ConfigLevel.XDG] = str(Path(home) / ".config")
        pygit2.settings.search_path[ConfigLevel.SYSTEM] = str(Path(home) / "no-system")
        # Half the workers keep one Ledger object (its view must never go stale), half
        # open the ledger afresh for every append, as separate commands would.
        reuse = number % 2 == 0
        ledger = Ledger.open(path)
        start.wait(timeout=60)
        ids: list[str] = []
        for i in range(appends):
            if not reuse:
                ledger = Ledger.open(path)
            result = ledger.decide(f"worker {number} decision {i}", over=[f"alt {i}"],
                                   because="load test", scope=f"worker-{number}")
            assert result.entry is not None
            ids.append(result.entry.id)
        results.put((number, ids, None))
    except BaseException as exc:
        results.put((number, [], f"{type(exc).__name__}: {exc}"))


def race_library(repo: Path, env: dict[str, str], appends: int) -> list[str]:
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Barrier(WRITERS)
    results = ctx.Queue()
    workers = [
        ctx.Process(target=_library_worker,
                    args=(str(repo), env, number, appends, start, results))
        for number in range(WRITERS)
    ]
    for worker in workers:
        worker.start()
    collected = [results.get(timeout=300) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    errors = [error for _, _, error in collected if error]
    assert not errors, errors
    assert sorted(number for number, _, _ in collected) == list(range(WRITERS))
    return [entry_id for _, ids, _ in collected for entry_id in ids]


def test_eight_library_workers_create_and_fill_one_ledger(
    repo: Path, cli_env: dict[str, str]
) -> None:
    ids = race_library(repo, dict(cli_env), appends=40)
    assert len(ids) == WRITERS * 40
    assert all(ID.match(i) for i in ids)
    assert_nothing_lost(repo, cli_env, ids)
    # Each worker's own appends are in its own order in the ledger.
    shown = show_json(repo, cli_env)
    for number in range(WRITERS):
        mine = [e["text"] for e in shown["entries"] if e["scope"] == f"worker-{number}"]
        assert mine == [f"worker {number} decision {i}" for i in range(40)]


def test_eight_library_workers_in_a_linked_worktree(
    repo_with_commit: Path, cli_env: dict[str, str], tmp_path: Path
) -> None:
    """The same race in a linked worktree: its ledger is its own, the main one untouched."""
    linked = tmp_path / "linked"
    git(repo_with_commit, "worktree", "add", "-q", "-b", "side", str(linked))
    ids = race_library(linked, dict(cli_env), appends=10)
    assert len(ids) == WRITERS * 10
    assert_nothing_lost(linked, cli_env, ids)
    main_gitdir = repo_with_commit / ".git"
    assert not (main_gitdir / "ledger").exists()


# -- the interleavings, one at a time ------------------------------------------------------


@pytest.mark.parametrize("existing", [False, True], ids=["new-ledger", "existing-ledger"])
def test_a_writer_that_loses_the_race_reapplies_its_operation(
    repo: Path, existing: bool
) -> None:
    """Another writer moves (or creates) the ref while we build: we rebuild on its tip."""
    from gitledger.core.model import Change
    from gitledger.ledger.operations import Ledger
    from gitledger.storage.repo import Repo
    from gitledger.storage.store import Store, TreeView

    other = Ledger.open(repo)
    if existing:
        other.set_task("already here")
    store = Store(Repo(repo))
    ref = store.ensure_worktree_ref()
    seen: list[str | None] = []
    theirs: list[str] = []

    def operation(view: TreeView | None) -> tuple[Change, str]:
        seen.append(None if view is None else str(view.tree.id))
        if len(seen) == 1:
            result = other.decide("the other writer got there first")
            assert result.entry is not None
            theirs.append(result.entry.id)
        files: dict[str, bytes | None] = {"mine.toml": b'text = "mine"\n'}
        return Change("mine", (("Ledger-Event", "test"),), files), "done"

    commit, result = store.update(ref, operation)
    assert result == "done"
    assert len(seen) == 2, "the operation was not re-applied on the moved tip"
    assert seen[0] != seen[1]
    assert commit == git(repo, "rev-parse", ref).strip()
    names = git(repo, "ls-tree", "-r", "--name-only", ref).split()
    assert "mine.toml" in names
    assert any(name.endswith(f"/{theirs[0]}.toml") for name in names)
    subjects = git(repo, "log", "--format=%s", ref).splitlines()
    assert subjects[0] == "mine"
    assert subjects[1].startswith(f"decide {theirs[0]}")
    assert not list((repo / ".git" / "refs").rglob("*.lock")), "a ref lock was left behind"


def test_a_held_ref_lock_is_waited_out_not_reported(repo: Path) -> None:
    """While another git process holds the ref's lock, a write waits and then succeeds."""
    from gitledger.ledger.operations import Ledger

    ledger = Ledger.open(repo)
    ledger.set_task("hold the lock")
    assert ledger.ref is not None
    lock = repo / ".git" / f"{ledger.ref}.lock"
    lock.write_text("held by someone else\n")
    released = threading.Timer(0.5, lock.unlink)
    released.start()
    try:
        result = ledger.decide("written once the lock is gone")
    finally:
        released.join()
    assert result.entry is not None
    assert not lock.exists()
    assert [e.id for e in ledger.snapshot().entries] == [result.entry.id]
