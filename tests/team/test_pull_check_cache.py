"""A pull's "before" check: read from what the previous pull saved when nothing moved since.

``pull`` reports what ``check`` finds after the merge that it did not find before.  The
"before" state is nearly always what the previous pull left, whose findings it saved in
``ledger-cache/check.json`` under a key of every ref they depend on.  These tests count the
checks a pull runs, and hold the report to what a full check before and after would say.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gitledger.audit import check as check_module
from gitledger.audit import check_delta
from gitledger.derived.files import CACHE_DIR
from gitledger.storage.check_cache import CHECK_FILE, state_key
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.remote_fixtures import Clone, Team


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The full checks run from now on (those the saved reports did not answer)."""
    calls: list[str] = []
    real = check_module._full_check

    def counted(*args: Any, **kwargs: Any) -> tuple[check_module.CheckReport, Any]:
        calls.append(str([ledger.ref for ledger in args[1]]))
        return real(*args, **kwargs)

    monkeypatch.setattr(check_module, "_full_check", counted)
    return calls


def _partial(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each check again from the last one (check_delta.py): whether it answered."""
    calls: list[bool] = []
    real = check_delta.recheck

    def counted(*args: Any, **kwargs: Any) -> check_module.CheckReport | None:
        found = real(*args, **kwargs)
        calls.append(found is not None)
        return found

    monkeypatch.setattr("gitledger.audit.check.recheck", counted)
    return calls


def _cache(clone: Clone) -> Path:
    return Repo(clone.path).commondir / CACHE_DIR / CHECK_FILE


def _scene(team: Team) -> tuple[Clone, Clone]:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--scope", "database", "--because", "joins")
    alice.ok("push")
    bob.ok("decide", "--project", "MySQL", "--scope", "database", "--because", "habit")
    first = bob.json("pull")
    assert any("database" in f["message"] for f in first["findings"]), first
    return alice, bob


def test_the_next_pull_checks_only_after_the_merge_and_reports_only_what_is_new(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = _scene(team)
    assert _cache(bob).is_file()
    alice.ok("pull")
    alice.ok("decide", "--project", "Kafka", "--scope", "queue", "--because", "replay")
    alice.ok("push")
    bob.ok("decide", "--project", "RabbitMQ", "--scope", "queue", "--because", "habit")
    # bob's own write moved his project ledger: the saved "before" is not his state now,
    # and the merge moves it again: each is checked again in part, from the check before.
    calls = _counting(monkeypatch)
    partial = _partial(monkeypatch)
    pulled = bob.json("pull")
    assert calls == []
    assert partial == [True, True]
    messages = [f["message"] for f in pulled["findings"]]
    assert any("queue" in m for m in messages), messages
    assert not any("database" in m for m in messages), messages  # reported last time

    carol = team.clone("Carol")
    carol.ok("decide", "--project", "S3", "--scope", "blobs", "--because", "cheap")
    carol.ok("push")
    calls.clear()  # Carol's clone checked its first pull whole
    partial.clear()
    again = bob.json("pull")  # nothing of bob's moved since his last pull
    assert calls == []
    assert partial == [True]  # the "before" was saved: only the merge is checked
    messages = [f["message"] for f in again["findings"]]
    assert not any("queue" in m or "database" in m for m in messages), messages


def test_a_pull_with_nothing_new_checks_nothing_again(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    _, bob = _scene(team)
    calls = _counting(monkeypatch)
    again = bob.json("pull")
    assert calls == []
    assert again["findings"] == []


@pytest.mark.parametrize("damage", ["not json", '{"version": 1, "states": {"K": 3}}',
                                    '{"version": 1, "states": []}'])
def test_a_damaged_or_foreign_cache_is_checked_again(
        team: Team, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    _, bob = _scene(team)
    _cache(bob).write_text(damage, encoding="utf-8")
    calls = _counting(monkeypatch)
    again = bob.json("pull")
    # Checked once, before: nothing moved, so that check is the "after" too, saved again.
    assert len(calls) == 1
    assert again["findings"] == []
    assert '"version":1' in _cache(bob).read_text(encoding="utf-8")
    calls.clear()
    bob.json("pull")
    assert calls == []


def test_saved_findings_that_are_not_findings_are_checked_again(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    _, bob = _scene(team)
    bad = [{"rule": "no-such-rule", "entry": None, "message": "m", "fix": "f", "ledger": ""}]
    path = _cache(bob)
    data = json.loads(path.read_text(encoding="utf-8"))
    for state in [*data["states"].values(), *data["last"].values()]:
        state["findings"] = bad
    path.write_text(json.dumps(data), encoding="utf-8")
    calls = _counting(monkeypatch)
    bob.json("pull")
    assert len(calls) == 1


def test_the_key_follows_every_ref_a_finding_depends_on_and_no_mirror(team: Team) -> None:
    _, bob = _scene(team)
    store = Store(Repo(bob.path))
    first = state_key(store, "q")
    assert state_key(store, "q") == first
    assert state_key(store, "other question") != first
    head = bob.git("rev-parse", "HEAD").strip()
    bob.git("update-ref", "refs/ledger/remotes/origin/project", head)  # a mirror moved
    assert state_key(store, "q") == first
    bob.git("branch", "side")  # a new branch: reachability may differ
    second = state_key(store, "q")
    assert second != first
    bob.git("commit", "-q", "--allow-empty", "-m", "later")  # HEAD moved
    third = state_key(store, "q")
    assert third != second
    bob.ok("decide", "--project", "one more", "--because", "x")  # a ledger moved
    assert state_key(store, "q") != third
