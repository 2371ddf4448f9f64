"""Archiving a finished task's ledger as a tag, and starting afresh in the same worktree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.errors import InvalidInput
from gitledger.ledger.lifecycle import archive
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import ARCHIVE_PREFIX, SESSIONS_PREFIX
from gitledger.views.restore import restore
from tests.conftest import git


def _ledger_with_task(repo: Path) -> Ledger:
    ledger = Ledger.open(repo)
    ledger.set_task("Ship the PKCE callback", next_text="Write the test")
    ledger.decide("Use PKCE", over=["implicit flow"])
    ledger.open_question("SSO route?")
    return ledger


def test_archive_makes_an_annotated_tag_and_frees_the_worktree(repo: Path) -> None:
    ledger = _ledger_with_task(repo)
    old_ref = ledger.ref or ""
    tip = git(repo, "rev-parse", old_ref).strip()
    result = archive(repo, mode="none")
    name = old_ref.removeprefix(SESSIONS_PREFIX)
    assert result.archive == ARCHIVE_PREFIX + name
    assert git(repo, "cat-file", "-t", result.archive).strip() == "tag"
    assert git(repo, "rev-parse", f"{result.archive}^{{commit}}").strip() == tip
    message = git(repo, "cat-file", "-p", result.archive)
    assert "TASK: Ship the PKCE callback" in message
    assert "Entries: 2 (OPEN 1, DECIDED 1)" in message
    assert "Ledger-Event: archive" in message
    assert "tagger Ada Tester <ada@example.com>" in message
    refs = git(repo, "for-each-ref", "--format=%(refname)", "refs/")
    assert old_ref not in refs
    assert "refs/tags/" not in refs
    assert result.next_ref != old_ref
    assert (repo / ".git" / "ledger").read_text().strip() == result.next_ref
    assert git(repo, "fsck", "--strict") == ""


def test_after_archive_the_worktree_starts_an_empty_ledger(repo: Path) -> None:
    _ledger_with_task(repo)
    Ledger.open(repo, project=True).decide("Log JSON everywhere")
    result = archive(repo, mode="none")
    text = restore(repo).text
    assert "no session ledger in this worktree yet" in text
    assert "Log JSON everywhere" in text  # the project's decisions outlive the task
    fresh = Ledger.open(repo).set_task("Next task")
    assert fresh.ref == result.next_ref
    assert [e["kind"] for e in json.loads(
        CliRunner().invoke(cli, ["-C", str(repo), "show", "--json"]).stdout)["entries"]] == []


def test_a_crash_between_the_tag_and_the_pointer_never_reuses_the_name(repo: Path) -> None:
    ledger = _ledger_with_task(repo)
    old_ref = ledger.ref or ""
    pointer = (repo / ".git" / "ledger").read_text()
    archive(repo, mode="none")
    (repo / ".git" / "ledger").write_text(pointer)  # as if the process died before rename
    written = Ledger.open(repo).set_task("After the crash")
    assert written.ref != old_ref
    assert git(repo, "cat-file", "-t", ARCHIVE_PREFIX + old_ref.removeprefix(SESSIONS_PREFIX)
               ).strip() == "tag"


def test_nothing_to_archive_is_an_error(repo: Path) -> None:
    with pytest.raises(InvalidInput, match="nothing to archive"):
        archive(repo)
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


def test_cli_archive(repo: Path) -> None:
    _ledger_with_task(repo)
    runner = CliRunner()
    done = runner.invoke(cli, ["-C", str(repo), "archive", "--no-carry", "--json"])
    assert done.exit_code == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"ledger", "archive", "tag", "commit", "entries", "next_ref", "carried",
                         "dry_run"}
    assert data["entries"] == 2
    again = runner.invoke(cli, ["-C", str(repo), "archive"])
    assert again.exit_code == 1
    assert again.stderr == "git ledger: nothing to archive: this worktree has no ledger yet\n"
