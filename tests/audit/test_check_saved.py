"""``check`` reads back the report it saved while no ref it depends on moved, and never
a stale one: each test checks, moves one thing a finding depends on, and checks again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gitledger.audit import check as check_module
from gitledger.audit import check_delta
from gitledger.audit.check import check
from gitledger.ledger.decisions import implement
from gitledger.ledger.operations import Ledger
from tests.conftest import git


def _full_checks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = check_module._full_check

    def counted(*args: Any, **kwargs: Any) -> tuple[check_module.CheckReport, Any]:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(check_module, "_full_check", counted)
    return calls


def _partial_checks(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each check again from the last one: True when it answered, False when it found it
    must check everything."""
    calls: list[bool] = []
    real = check_delta.recheck

    def counted(*args: Any, **kwargs: Any) -> check_module.CheckReport | None:
        found = real(*args, **kwargs)
        calls.append(found is not None)
        return found

    monkeypatch.setattr("gitledger.audit.check.recheck", counted)
    return calls


def _rules(report: check_module.CheckReport) -> set[str]:
    return {f.rule for f in report.findings}


def test_the_same_state_is_read_back_and_equal(repo_with_commit: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-saved")
    ledger.decide("Cache the verifier", over=["no cache"], because="profile",
                  scope="auth")
    ledger.decide("Sessions in Redis", because="speed", scope="auth")  # a scope conflict
    first = check(repo_with_commit)
    assert "scope-conflict" in _rules(first)
    calls = _full_checks(monkeypatch)
    again = check(repo_with_commit)
    assert calls == []
    assert again == first
    # Another question is another key: the project alone, or without drift.
    check(repo_with_commit, project=True)
    check(repo_with_commit, with_drift=False)
    assert len(calls) == 2


def test_a_write_a_commit_or_a_branch_is_checked_again(repo_with_commit: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       ) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-saved")
    done = ledger.decide("Cache the verifier", because="profile", scope="auth")
    assert done.entry is not None
    implement(ledger, done.entry.id)
    assert not check(repo_with_commit).errors
    calls = _full_checks(monkeypatch)
    partial = _partial_checks(monkeypatch)

    ledger.decide("Sessions in Redis", because="speed", scope="auth")
    assert "scope-conflict" in _rules(check(repo_with_commit))
    git(repo_with_commit, "commit", "-q", "--allow-empty", "-m", "later")
    check(repo_with_commit)
    git(repo_with_commit, "checkout", "-q", "-b", "side")
    git(repo_with_commit, "commit", "-q", "--allow-empty", "-m", "on side only")
    git(repo_with_commit, "checkout", "-q", "-")
    check(repo_with_commit)
    # Each is checked again, in part: what changed since the last check (check_delta.py).
    assert partial == [True, True, True]
    assert calls == []
    # A branch deleted with a commit of its own (evidence, maybe, that is unreachable
    # now) is checked whole.
    git(repo_with_commit, "branch", "-D", "side")
    git(repo_with_commit, "commit", "-q", "--allow-empty", "-m", "after side")
    check(repo_with_commit)
    assert partial[-1] is False
    assert len(calls) == 1


def test_evidence_made_unreachable_by_a_moved_branch_is_found(
        repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-saved")
    git(repo_with_commit, "checkout", "-q", "-b", "topic")
    git(repo_with_commit, "commit", "-q", "--allow-empty", "-m", "on topic only")
    sha = git(repo_with_commit, "rev-parse", "HEAD").strip()
    git(repo_with_commit, "checkout", "-q", "-")
    done = ledger.decide("Cite the topic commit", because="x", scope="s",
                         evidence=[f"git:{sha}"])
    assert done.entry is not None
    # Only the branch keeps it now (not the keep-alive chain, as decide would).
    git(repo_with_commit, "update-ref", "-d", "refs/ledger/keep")
    assert "evidence-unreachable" not in _rules(check(repo_with_commit))
    git(repo_with_commit, "branch", "-D", "topic")  # no ledger moved, only this branch
    assert "evidence-unreachable" in _rules(check(repo_with_commit))


@pytest.mark.parametrize("damage", ["not json", '{"version": 1, "states": {"K": 1}}',
                                    '{"version": 1, "states": []}', '[]'])
def test_a_damaged_file_is_checked_again_and_rewritten(repo_with_commit: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       damage: str) -> None:
    Ledger.open(repo_with_commit, session="s-saved").decide("A", because="b", scope="c")
    first = check(repo_with_commit)
    path = repo_with_commit / ".git" / "ledger-cache" / "check.json"
    assert path.is_file()
    path.write_text(damage, encoding="utf-8")
    calls = _full_checks(monkeypatch)
    assert check(repo_with_commit) == first
    assert check(repo_with_commit) == first
    assert len(calls) == 1


def test_a_saved_report_that_is_not_a_report_is_not_read(repo_with_commit: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          ) -> None:
    Ledger.open(repo_with_commit, session="s-saved").decide("A", because="b", scope="c")
    first = check(repo_with_commit)
    path = repo_with_commit / ".git" / "ledger-cache" / "check.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for state in [*data["states"].values(), *data["last"].values()]:
        state["findings"] = [{"rule": "made-up", "entry": None, "message": "m", "fix": "f",
                              "ledger": ""}]
    path.write_text(json.dumps(data), encoding="utf-8")
    calls = _full_checks(monkeypatch)
    assert check(repo_with_commit) == first
    assert len(calls) == 1
