"""The git hooks' queue: a commit with a trailer returns before Python applies it, the
next command applies it first, and a failure holds the queue, said once, until doctor."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.core.model import Entry
from gitledger.ledger.operations import Ledger
from gitledger.storage import event_queue, queue_probe
from gitledger.storage.queue_probe import queued_here
from tests.conftest import Run, git, installed_git_ledger


@pytest.fixture(autouse=True)
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = str(installed_git_ledger().parent)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")


def _gitdir(repo: Path) -> Path:
    return Path(git(repo, "rev-parse", "--absolute-git-dir").strip())


def _queued_commit(repo: Path, message: str) -> str:
    """A commit made without hooks, queued as the post-commit hook queues it."""
    (repo / "q.txt").write_text(message)
    git(repo, "add", "q.txt")
    git(repo, "commit", "-q", "-m", message)
    sha = git(repo, "rev-parse", "HEAD").strip()
    event_queue.append(_gitdir(repo), "post-commit", "", (sha,))
    return sha


def _ledger_with_a_decision(repo: Path) -> tuple[Ledger, Entry]:
    """This worktree's ledger, with a task and one decision a trailer can implement."""
    ledger = Ledger.open(repo)
    ledger.set_task("queue")
    entry = ledger.decide("use a queue").entry
    assert entry is not None
    return ledger, entry


def test_a_reader_applies_the_queue_first_and_says_its_result_once(
        repo_with_commit: Path, runner: CliRunner) -> None:
    repo = repo_with_commit
    run = Run(runner, repo)
    _, entry = _ledger_with_a_decision(repo)
    _queued_commit(repo, f"x\n\nLedger-Implements: {entry.id}\nLedger-Refs: d-zzzzzzzz")
    shown = run("show", entry.id, "--json")
    assert shown.exit_code == 0, shown.stderr
    assert '"implemented"' in shown.stdout
    assert "d-zzzzzzzz" in shown.stderr
    assert shown.stderr.count("\n") == 1
    again = run("show", entry.id, "--json")
    assert again.stderr == ""
    assert not queue_probe.pending(_gitdir(repo))


def test_a_broken_ledger_holds_the_queue_said_once_and_doctor_fix_applies_it(
        repo_with_commit: Path, runner: CliRunner) -> None:
    repo = repo_with_commit
    run = Run(runner, repo)
    ledger, entry = _ledger_with_a_decision(repo)
    assert ledger.ref is not None
    tip = git(repo, "rev-parse", ledger.ref).strip()
    blob = git(repo, "hash-object", "-w", "README").strip()
    git(repo, "update-ref", ledger.ref, blob)
    for i in range(3):
        _queued_commit(repo, f"c{i}\n\nLedger-Implements: {entry.id}")
    first = run("log", "--json")
    said = [line for line in first.stderr.splitlines() if "queued git events wait" in line]
    assert len(said) == 1, first.stderr
    second = run("log", "--json")
    assert "queued git events" not in second.stderr
    gitdir = _gitdir(repo)
    assert event_queue.read_held(gitdir) is not None
    assert event_queue.state(gitdir).waiting == 3
    report = run("doctor", "--json")
    assert '"queue-held"' in report.stdout
    git(repo, "update-ref", ledger.ref, tip)  # the ledger repaired
    fixed = run("doctor", "--fix")
    assert "applied the queued git events" in fixed.stdout, fixed.stdout
    assert not queue_probe.pending(gitdir)
    assert '"implemented"' in run("show", entry.id, "--json").stdout


def test_malformed_lines_are_skipped_with_one_line_each(repo_with_commit: Path,
                                                        runner: CliRunner) -> None:
    repo = repo_with_commit
    Ledger.open(repo).set_task("queue")
    (_gitdir(repo) / "ledger-queue").write_bytes(b"9 post-commit - abc\n1 nonsense - x\n")
    done = Run(runner, repo)("show")
    assert done.exit_code == 0
    assert done.stderr.count("skipped a queued git event") == 2, done.stderr
    assert not queue_probe.pending(_gitdir(repo))


def test_the_fast_probe_finds_the_queue_of_a_linked_worktree(repo_with_commit: Path,
                                                             tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(repo_with_commit, "worktree", "add", "-q", str(linked), "-b", "side")
    (linked / "sub").mkdir()
    assert not queued_here(linked / "sub")
    event_queue.append(_gitdir(linked), "post-commit", "", ("0" * 40,))
    assert queued_here(linked / "sub")
    assert not queued_here(repo_with_commit)


def test_a_rebase_and_a_ledger_without_a_saved_line_print_no_checkout_line(
        repo_with_commit: Path, runner: CliRunner) -> None:
    repo = repo_with_commit
    run = Run(runner, repo)
    assert run("install").exit_code == 0
    assert run("task", "rebase quietly").exit_code == 0
    git(repo, "branch", "side")
    (repo / "m.txt").write_text("m\n")
    git(repo, "add", "m.txt")
    git(repo, "commit", "-q", "-m", "main work")
    git(repo, "checkout", "-q", "side")
    (repo / "s.txt").write_text("s\n")
    git(repo, "add", "s.txt")
    git(repo, "commit", "-q", "-m", "side work")
    rebase = subprocess.run(["git", "rebase", "-q", "main"], cwd=repo, capture_output=True,
                            text=True, check=True)
    assert "git ledger: TASK" not in rebase.stderr, rebase.stderr
    switch = subprocess.run(["git", "checkout", "main"], cwd=repo, capture_output=True,
                            text=True, check=True)
    assert switch.stderr.count("git ledger: TASK rebase quietly") == 1, switch.stderr
    (_gitdir(repo) / "ledger-checkout").unlink()
    again = subprocess.run(["git", "checkout", "-q", "side"], cwd=repo, capture_output=True,
                           text=True, check=True)
    assert "git ledger" not in again.stderr
