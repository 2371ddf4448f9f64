"""Bounded reads at pull: a ledger blob no write could make is refused before it is read.

A teammate (or anyone who can push) commits an entry blob far over the write limits to the
shared project ledger; git compresses it to almost nothing.  ``pull`` must refuse that
ledger from the blob's header alone, say so, and leave the local ledger as it was, so that
``restore``, ``check`` and ``show`` never read the blob either.  (The real 1 GB case, with
its time and memory measured, is tests/reliability/test_bounded_reads.py.)
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pygit2
import pytest

from gitledger.core.ids import entry_path
from gitledger.errors import SyncError
from gitledger.storage import merge
from gitledger.storage.bounded import MAX_LEDGER_BLOB
from gitledger.storage.remotes import OversizedProbe
from gitledger.team import sync
from tests.builders import recording_processes
from tests.remote_fixtures import Clone, Team

PROJECT = "refs/ledger/project"
#: The id the oversized blob is planted at (a valid one, so only its size is wrong).
PLANTED = "d-zzzzzzzzzz"


def plant(where: Path, ref: str, blob: str, path: str = entry_path(PLANTED)) -> str:
    """Commit blob ``blob`` at ``path`` on top of ``ref`` with plain git plumbing (a
    scratch index: the blob itself is never read) and move ``ref`` there."""
    env = {**os.environ, "GIT_INDEX_FILE": str(where / ".git" / "planting.index")}

    def run(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=where, env=env, capture_output=True,
                              text=True, check=True)
        return done.stdout.strip()

    tip = run("rev-parse", ref)
    run("read-tree", tip)
    run("update-index", "--add", "--cacheinfo", f"100644,{blob},{path}")
    tree = run("write-tree")
    commit = run("commit-tree", tree, "-p", tip, "-m",
                 f"add {PLANTED}\n\nLedger-Event: add\nLedger-Entry: {PLANTED}")
    run("update-ref", ref, commit, tip)
    (where / ".git" / "planting.index").unlink()
    return commit



def _shared(team: Team) -> tuple[Clone, Clone, str]:
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    mine = alice.ok("decide", "--project", "Use PKCE", "--because", "public client")
    alice.ok("push")
    mallory.ok("pull")
    return alice, mallory, mine


def test_pull_refuses_a_project_ledger_holding_a_blob_just_over_the_limit(
        team: Team) -> None:
    alice, mallory, mine = _shared(team)
    blob = str(pygit2.Repository(str(mallory.path)).create_blob(b"a" * (MAX_LEDGER_BLOB + 1)))
    plant(mallory.path, PROJECT, blob)
    mallory.git("push", "-q", "origin", f"{PROJECT}:{PROJECT}")
    before = alice.refs()[PROJECT]

    pulled = alice("pull")
    assert pulled.exit_code == 0, (pulled.stdout, pulled.stderr)
    assert "origin/project was not merged: its commit" in pulled.stdout
    assert f"{MAX_LEDGER_BLOB + 1:,} bytes, over the {MAX_LEDGER_BLOB:,}" in pulled.stdout
    assert alice.refs()[PROJECT] == before  # nothing of it merged
    # The session start, check and show read the local ledger: unaffected.
    assert "Use PKCE" in alice.ok("restore")
    assert alice("check").exit_code == 0
    assert [e["id"] for e in alice.json("show", "--project")["entries"]] == [mine]


def test_a_blob_over_the_limit_in_a_history_commit_is_refused_too(team: Team) -> None:
    alice, mallory, _ = _shared(team)
    git_repo = pygit2.Repository(str(mallory.path))
    blob = str(git_repo.create_blob(b"a" * (MAX_LEDGER_BLOB + 1)))
    plant(mallory.path, PROJECT, blob)
    small = str(git_repo.create_blob(b"x"))
    plant(mallory.path, PROJECT, small)  # the tip no longer holds it; history does
    mallory.git("push", "-q", "origin", f"{PROJECT}:{PROJECT}")
    before = alice.refs()[PROJECT]
    pulled = alice("pull")
    assert "origin/project was not merged" in pulled.stdout, pulled.stdout
    assert alice.refs()[PROJECT] == before


def test_a_blob_at_the_limit_is_merged(team: Team) -> None:
    """The limit is the largest file a ledger could hold, not below it: a blob of that
    size is read (and, not being an entry, reported by check)."""
    alice, mallory, _ = _shared(team)
    blob = str(pygit2.Repository(str(mallory.path)).create_blob(b"a" * MAX_LEDGER_BLOB))
    plant(mallory.path, PROJECT, blob)
    mallory.git("push", "-q", "origin", f"{PROJECT}:{PROJECT}")
    pulled = alice("pull")
    assert "was not merged" not in pulled.stdout, pulled.stdout
    assert alice.refs()[PROJECT] == mallory.refs()[PROJECT]


def test_a_notes_ref_holding_a_blob_over_the_limit_is_not_merged(team: Team) -> None:
    alice, mallory, _ = _shared(team)
    notes = "refs/notes/ledger"
    sha = mallory.git("rev-parse", "HEAD").strip()
    mallory.git("notes", f"--ref={notes}", "add", "-m", "cites d-zzzzzzzzzz x", sha)
    blob = str(pygit2.Repository(str(mallory.path)).create_blob(b"a" * (MAX_LEDGER_BLOB + 1)))
    plant(mallory.path, notes, blob, sha)
    mallory.git("push", "-q", "origin", f"{notes}:{notes}")
    pulled = alice("pull")
    assert pulled.exit_code == 0, (pulled.stdout, pulled.stderr)
    assert "refs/notes/ledger was not merged" in pulled.stdout, pulled.stdout
    assert notes not in alice.refs()


def test_git_looks_for_oversized_blobs_while_the_before_check_runs(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe of each shared mirror (and the notes) starts before the "before" check,
    and its answer is waited for before anything is merged."""
    alice, bob, _ = _shared(team)
    bob.ok("decide", "--project", "Use Redis", "--because", "fast")
    sha = bob.git("rev-parse", "HEAD").strip()
    bob.git("notes", "--ref=refs/notes/ledger", "add", "-m", "cites d-x", sha)
    bob.ok("push")
    bob.git("push", "-q", "origin", "refs/notes/ledger:refs/notes/ledger")
    events: list[str] = []
    real_findings, real_merge = sync._findings, merge.merge_into

    class Recorded(OversizedProbe):
        def __init__(self, *args: Any) -> None:
            events.append("probe")
            super().__init__(*args)

        def answer(self) -> bool | None:
            events.append("answer")
            return super().answer()

    def findings(*args: Any) -> Any:
        events.append("check")
        return real_findings(*args)

    def merged(*args: Any, **kwargs: Any) -> Any:
        events.append("merge")
        return real_merge(*args, **kwargs)

    monkeypatch.setattr("gitledger.team.sync.OversizedProbe", Recorded)
    monkeypatch.setattr(sync, "_findings", findings)
    monkeypatch.setattr("gitledger.team.sync.merge_into", merged)
    pulled = alice("pull")
    assert pulled.exit_code == 0, (pulled.stdout, pulled.stderr)
    assert "Use Redis" in alice.ok("show", "--project")
    first_check = events.index("check")
    probes = events[:first_check].count("probe")
    assert probes == events.count("probe") >= 2  # the project ledger and the notes
    assert "answer" not in events[:first_check]
    assert events.index("answer") < events.index("merge")
    assert events.count("answer") == probes


def _args(process: subprocess.Popen[bytes]) -> list[str]:
    return [str(arg) for arg in process.args] if isinstance(process.args, list) else []


def test_a_pull_that_fails_before_merging_leaves_no_git_running(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, _ = _shared(team)
    bob.ok("decide", "--project", "Use Redis", "--because", "fast")
    bob.ok("push")
    started = recording_processes(monkeypatch)

    def failing(*args: Any) -> Any:
        assert any("rev-list" in _args(process) for process in started)  # running now
        raise SyncError("the check broke")

    monkeypatch.setattr(sync, "_findings", failing)
    before = alice.refs()[PROJECT]
    assert alice("pull").exit_code == 1
    probes = [process for process in started if "rev-list" in _args(process)]
    assert probes
    assert all(process.returncode is not None for process in probes)  # waited for
    assert alice.refs()[PROJECT] == before
