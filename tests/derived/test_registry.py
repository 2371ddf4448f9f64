"""``derived/registry.py``: every derived file a session leaves in the git dirs is named by
one record, ``doctor`` lists every record and rebuilds any of them."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.audit.doctor import doctor
from gitledger.derived import registry, sqlite
from gitledger.derived.files import CACHE_DIR
from gitledger.tour import run_tour
from tests.conftest import Run, git

#: What a worktree's git dir and the common git dir hold that is not derived: git's own
#: files, and the ledger's local state (the pointer, the hooks' memory and queue).
NOT_DERIVED = {
    "HEAD", "config", "description", "index", "COMMIT_EDITMSG", "ORIG_HEAD", "FETCH_HEAD",
    "packed-refs", "ledger", "ledger-session", "ledger-told.json", "ledger-editing.json",
    "ledger-stop.json",
    "ledger-clone-id", "ledger-pulled.json", "ledger-queue", "ledger-queue.done",
    "ledger-queue.report", "ledger-queue.held", "ledger-queue.lock", "gitdir", "commondir",
}


def _session(repo: Path, runner: CliRunner) -> None:
    """Every kind of read and write a day of work makes, through the command line."""
    ledger = Run(runner, repo)
    for args in (["task", "Ship the callback", "--next", "write it"],
                 ["open", "Which route?"],
                 ["decide", "Use PKCE", "--over", "implicit", "--because", "no secret",
                  "--paths", "src/*.py"],
                 ["decide", "--project", "Postgres", "--because", "joins"],
                 ["verify", "PKCE round trip", "--by", "tests/test_pkce.py"],
                 ["restore"], ["restore", "--format", "json"], ["check"], ["drift"], ["show"],
                 ["show", "--project"], ["log"], ["search", "PKCE"], ["why", "src/app.py"],
                 ["list"], ["doctor"]):
        done = ledger(*args)
        assert done.exit_code in (0, 1), (args, done.output)
    hook = {"hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": str(repo / "src" / "app.py")}, "session_id": "s1",
            "cwd": str(repo)}
    runner.invoke(__import__("gitledger.cli", fromlist=["cli"]).cli,
                  ["-C", str(repo), "hook", "pre-tool-use", "--agent", "claude"],
                  input=json.dumps(hook))


def _derived_places(repo: Path) -> tuple[Path, Path]:
    common = Path(git(repo, "rev-parse", "--path-format=absolute", "--git-common-dir").strip())
    gitdir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    return common, gitdir


def test_every_file_a_session_leaves_is_a_registered_artifact(
        repo_with_commit: Path, runner: CliRunner) -> None:
    repo = repo_with_commit
    (repo / "src").mkdir()
    (repo / "src" / "app.py").write_text("print('hi')\n")
    git(repo, "add", "src")
    git(repo, "commit", "-qm", "app")
    _session(repo, runner)
    common, gitdir = _derived_places(repo)
    files = [p for p in (common / CACHE_DIR).iterdir() if p.is_file()]
    files += [p for p in {*common.iterdir(), *gitdir.iterdir()}
              if p.is_file() and p.name.startswith("ledger") and p.name not in NOT_DERIVED]
    assert files
    unnamed = [str(p) for p in files if registry.owner_of(p, common, gitdir) is None]
    assert not unnamed, unnamed
    # And a tour's repository, which writes through the library, holds nothing else.
    outcome = run_tour(lambda line: None, keep=True)
    try:
        root = Path(outcome.repository)
        common, gitdir = _derived_places(root)
        cached = [p for p in (common / CACHE_DIR).iterdir() if p.is_file()]
        assert not [str(p) for p in cached if registry.owner_of(p, common, gitdir) is None]
    finally:
        shutil.rmtree(outcome.repository, ignore_errors=True)
        shutil.rmtree(outcome.team, ignore_errors=True)


def test_doctor_lists_every_artifact_and_rebuilds_any(
        repo_with_commit: Path, runner: CliRunner) -> None:
    _session(repo_with_commit, runner)
    report = doctor(repo_with_commit)
    assert [a.name for a in report.artifacts] == [a.name for a in registry.ARTIFACTS]
    states = {a.name: a.state for a in report.artifacts}
    assert states["project-index"] == registry.FRESH
    assert states["restore-output"] == registry.FRESH
    common, gitdir = _derived_places(repo_with_commit)
    # Damage one of each kind; doctor says so, and --fix rebuilds them.
    (common / CACHE_DIR / "project.json").write_text("{not json")
    sqlite.release_kept()  # the session's in-process writes keep the index open
    for name in ("decisions.sqlite3-wal", "decisions.sqlite3-shm"):
        (common / CACHE_DIR / name).unlink(missing_ok=True)
    (common / CACHE_DIR / "decisions.sqlite3").write_bytes(b"not a database" * 100)
    (gitdir / "ledger-restore.json").write_text(json.dumps({"version": 999}))
    states = {a.name: a.state for a in doctor(repo_with_commit).artifacts}
    assert states["project-index"] == registry.DAMAGED
    assert states["decision-index"] == registry.DAMAGED
    assert states["restore-output"] == registry.STALE
    fixed = doctor(repo_with_commit, fix=True)
    states = {a.name: a.state for a in fixed.artifacts}
    assert registry.DAMAGED not in states.values()
    assert registry.STALE not in states.values()
    # One by name, whatever its state: the search index is built again at once.
    again = doctor(repo_with_commit, rebuild=["search-index"])
    assert any("search" in action for action in again.actions)
    assert {a.name: a.state for a in again.artifacts}["search-index"] == registry.FRESH
    # What no read makes again (the line post-checkout prints) is made at once.
    (gitdir / "ledger-checkout").unlink()
    doctor(repo_with_commit, rebuild=["checkout-line"])
    assert (gitdir / "ledger-checkout").read_text(encoding="utf-8").strip()


def test_doctor_rebuild_refuses_an_unknown_name(repo_with_commit: Path,
                                                runner: CliRunner) -> None:
    done = Run(runner, repo_with_commit)("doctor", "--rebuild", "nope")
    assert done.exit_code != 0
    assert "no derived artifact named nope" in done.stderr


@pytest.mark.parametrize("artifact", registry.ARTIFACTS, ids=lambda a: a.name)
def test_each_record_names_its_owner_and_its_version(artifact: registry.Artifact) -> None:
    """The registry's version is the one its owner writes (a bump in one place shows)."""
    module = importlib.import_module(f"gitledger.{artifact.owner}")
    versions = {value for name, value in vars(module).items()
                if name.endswith(("VERSION", "DIGEST_FORMAT")) and isinstance(value, int)
                and name != "FORMAT_VERSION"}
    if artifact.version is None:
        return
    assert artifact.version in versions, (artifact.name, versions)
