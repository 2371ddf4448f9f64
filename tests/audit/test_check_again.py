"""``check`` again from the last check: only what a change can have touched, with exactly
the findings of a check of everything.

The suite's autouse fixture ``every_check_again_is_exact`` (tests/conftest.py) compares
every partial check with a whole one, here and everywhere else; these tests walk each rule
through a change that makes and clears its finding, and prove the partial check is the
one that answered (or that it stood aside where it must)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gitledger.audit import check_delta
from gitledger.audit.check import CheckReport, check
from gitledger.core.ids import entry_path
from gitledger.ledger.decisions import implement, reject
from gitledger.ledger.link_index import DB_NAME
from gitledger.ledger.operations import Ledger
from gitledger.storage.store import TreeView
from tests.builders import entry_files, make_entry, put
from tests.conftest import git


@pytest.fixture
def partial(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each check again: True when it answered, False when it stood aside."""
    calls: list[bool] = []
    real = check_delta.recheck

    def counted(*args: Any, **kwargs: Any) -> CheckReport | None:
        found = real(*args, **kwargs)
        calls.append(found is not None)
        return found

    monkeypatch.setattr("gitledger.audit.check.recheck", counted)
    return calls


def rules(report: CheckReport) -> dict[str, set[str | None]]:
    found: dict[str, set[str | None]] = {}
    for finding in report.findings:
        found.setdefault(finding.rule, set()).add(finding.entry)
    return found


def commit_file(repo: Path, name: str, text: str) -> str:
    (repo / name).parent.mkdir(parents=True, exist_ok=True)
    (repo / name).write_text(text, encoding="utf-8")
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", f"change {name}")
    return git(repo, "rev-parse", "HEAD").strip()


def decided(ledger: Ledger, text: str, **fields: Any) -> str:
    done = ledger.decide(text, because=fields.pop("because", "it is simpler"), **fields)
    assert done.entry is not None
    return done.entry.id


def test_each_cross_entry_rule_is_made_and_cleared_in_part(repo_with_commit: Path,
                                                            partial: list[bool]) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-again")
    first = decided(ledger, "Cache the verifier", over=["no cache"], scope="auth")
    assert not check(repo_with_commit).findings
    # scope-conflict, made and cleared
    second = decided(ledger, "Sessions in Redis", scope="auth")
    assert rules(check(repo_with_commit))["scope-conflict"] == {first}
    reject(ledger, second, why="one store is enough")
    assert "scope-conflict" not in rules(check(repo_with_commit))
    # revived-alternative: a new decision repeats what the first one rejected
    revived = decided(ledger, "No cache.", scope="perf")
    assert rules(check(repo_with_commit))["revived-alternative"] == {revived}
    # retried-approach: an approach dropped, then decided without naming it
    dropped = ledger.drop("Poll the queue", why="too slow").entry
    assert dropped is not None
    retried = decided(ledger, "poll the queue", scope="queue")
    found = rules(check(repo_with_commit))
    assert found["retried-approach"] == {retried}
    ledger.edit(retried, because=f"faster now than when {dropped.id} was dropped")
    assert "retried-approach" not in rules(check(repo_with_commit))
    # superseding the first: its rejected alternative is no longer in force
    decided(ledger, "Cache the verifier in Redis", scope="auth", supersedes=first)
    assert "revived-alternative" not in rules(check(repo_with_commit))
    assert partial == [True] * 6


def test_hand_written_damage_is_found_in_part(repo_with_commit: Path,
                                              partial: list[bool]) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-again")
    a, b, c = (decided(ledger, f"decision {n}", scope=f"s{n}") for n in "abc")
    assert not check(repo_with_commit).findings
    store = ledger.store
    ref = ledger.ref
    assert ref is not None
    # a supersedes cycle through three unchanged-but-one decisions
    for one, two in ((a, b), (b, c)):
        put(store, ref, entry_files(make_entry(one, status="superseded", supersedes=two,
                                               superseded_by=None, scope=f"s-{one}")))
    assert "supersedes-cycle" not in rules(check(repo_with_commit))
    put(store, ref, entry_files(make_entry(c, status="superseded", supersedes=a,
                                           scope="s-c")))
    assert rules(check(repo_with_commit))["supersedes-cycle"] == {min(a, b, c)}
    # an unreadable blob, then a duplicate of an id, then both gone
    put(store, ref, {"entries/zz/zz/d-broken.toml": b"not = [toml"})
    assert rules(check(repo_with_commit))["unreadable-entry"] == {None}
    put(store, ref, {"entries/zz/zz/d-broken.toml": None,
                     "entries/zz/zz/d-copy.toml": entry_files(make_entry(a))[entry_path(a)]})
    found = rules(check(repo_with_commit))
    assert "unreadable-entry" not in found
    assert found["duplicate-id"] == {a}
    put(store, ref, {"entries/zz/zz/d-copy.toml": None})
    assert "duplicate-id" not in rules(check(repo_with_commit))
    # a link to an entry that is deleted
    put(store, ref, {entry_path(b): None})
    assert "dangling-link" in rules(check(repo_with_commit))
    assert partial == [True] * 6


def test_head_moving_makes_a_fact_stale_and_a_decision_drift(repo_with_commit: Path,
                                                             partial: list[bool]) -> None:
    repo = repo_with_commit
    commit_file(repo, "src/app.py", "".join(f"line {n}\n" for n in range(10)))
    ledger = Ledger.open(repo, session="s-again")
    ledger.verify("src/app.py parses", by="python -m py_compile src/app.py")
    governed = decided(ledger, "Parse with the standard library", scope="parse")
    commit_file(repo, "src/lib.py", "".join(f"lib {n}\n" for n in range(10)))
    implement(ledger, governed)
    assert not check(repo).findings
    commit_file(repo, "README.txt", "unrelated\n")  # HEAD moves, nothing watched changed
    assert not check(repo).findings
    commit_file(repo, "src/app.py", "changed\n")
    assert set(rules(check(repo))) == {"stale-fact"}
    commit_file(repo, "src/lib.py", "lib 0\nrewritten\n")
    assert rules(check(repo))["decision-drift"] == {governed}
    assert partial == [True] * 3


def test_the_project_ledger_and_a_carried_decision(repo_with_commit: Path,
                                                   partial: list[bool]) -> None:
    project = Ledger.open(repo_with_commit, project=True, session="")
    mine = Ledger.open(repo_with_commit, session="s-again")
    decided(project, "Postgres for everything", scope="db")
    assert not check(repo_with_commit).findings
    in_session = decided(mine, "SQLite for tests", scope="db")
    assert rules(check(repo_with_commit))["scope-conflict"] != set()
    reject(mine, in_session, why="Postgres in containers is fast enough")
    assert not check(repo_with_commit).findings
    assert not check(repo_with_commit, project=True).findings
    # The first check had no session ledger (another question: whole), and --project is
    # checked for the first time (whole).
    assert partial == [True]


def test_when_a_partial_check_stands_aside(repo_with_commit: Path, partial: list[bool],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-again")
    decided(ledger, "One", scope="one")
    check(repo_with_commit)
    # more changed than is worth diffing
    monkeypatch.setattr(check_delta, "MAX_CHANGED", 1)
    decided(ledger, "Two", scope="two")
    decided(ledger, "Three", scope="three")
    check(repo_with_commit)
    assert partial == [False]
    monkeypatch.setattr(check_delta, "MAX_CHANGED", 2000)
    # the ledger rewritten: the commit checked last is gone
    ref = ledger.ref
    assert ref is not None
    git(repo_with_commit, "update-ref", ref, f"{ref}~1")
    git(repo_with_commit, "reflog", "expire", "--expire=now", "--all")
    git(repo_with_commit, "gc", "-q", "--prune=now")
    assert check(repo_with_commit).entries == 2
    assert partial[-1] is False


@pytest.mark.parametrize("damage", ["deleted", "garbage", "a-table-dropped"])
def test_a_lost_or_damaged_index_costs_one_whole_check(repo_with_commit: Path,
                                                       partial: list[bool],
                                                       damage: str) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-again")
    decided(ledger, "One", scope="s")
    check(repo_with_commit)
    path = repo_with_commit / ".git" / "ledger-cache" / DB_NAME
    assert path.is_file()
    if damage == "deleted":
        path.unlink()
    elif damage == "garbage":
        for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            extra.unlink(missing_ok=True)
        path.write_bytes(b"this is not a database" * 100)
    else:
        with sqlite3.connect(path) as db:
            db.execute("DROP TABLE keys")
    decided(ledger, "Two", scope="s")
    assert "scope-conflict" in rules(check(repo_with_commit))
    decided(ledger, "Three", scope="t")
    assert "scope-conflict" in rules(check(repo_with_commit))
    assert partial[-1] is True  # the index is whole again after one whole check


def test_a_read_only_cache_dir_still_checks(repo_with_commit: Path, partial: list[bool]
                                            ) -> None:
    ledger = Ledger.open(repo_with_commit, session="s-again")
    decided(ledger, "One", scope="s")
    cache = repo_with_commit / ".git" / "ledger-cache"
    cache.mkdir(exist_ok=True)
    (cache / DB_NAME).mkdir()  # a directory where the database belongs: cannot be opened
    assert not check(repo_with_commit).findings
    decided(ledger, "Two", scope="s")
    assert "scope-conflict" in rules(check(repo_with_commit))


def test_a_change_too_big_stands_aside_before_walking_all_of_it(
        repo_with_commit: Path, partial: list[bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """A pull of 5,000 entries is checked whole: the partial check stops diffing as soon
    as the change is too big, rather than listing all of it first."""
    ledger = Ledger.open(repo_with_commit, session="s-again")
    decided(ledger, "One", scope="one")
    check(repo_with_commit)
    for n in range(8):
        decided(ledger, f"More {n}", scope=f"more{n}")
    monkeypatch.setattr(check_delta, "MAX_CHANGED", 3)
    walked: list[str] = []
    real = TreeView.changed_blobs

    def counted(self: TreeView, newer: TreeView, path: str) -> Iterator[tuple[str, str | None]]:
        for found in real(self, newer, path):
            walked.append(found[0])
            yield found

    monkeypatch.setattr(TreeView, "changed_blobs", counted)
    report = check(repo_with_commit)
    assert partial == [False]
    assert len(walked) == 4  # MAX_CHANGED + 1 of the 8 changed: then it stood aside
    assert report.entries == 9
