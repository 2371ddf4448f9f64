"""``storage/keepalive.py``: cited commits stay reachable from ``refs/ledger/keep``."""

from __future__ import annotations

from pathlib import Path

from gitledger.storage.keepalive import KeptCommits, keep, kept_path
from gitledger.storage.layout import KEEP_REF
from tests.builders import store_at
from tests.conftest import git


def _commits(repo: Path, count: int) -> list[str]:
    shas = []
    for n in range(count):
        (repo / "f").write_text(f"{n}\n")
        git(repo, "add", "f")
        git(repo, "commit", "-q", "-m", f"c{n}")
        shas.append(git(repo, "rev-parse", "HEAD").strip())
    return shas


def test_kept_path_fans_out_by_the_first_two_characters() -> None:
    assert kept_path("ab" + "0" * 38) == "commits/ab/ab" + "0" * 38


def test_keep_makes_a_commit_a_parent_and_indexes_who_cites_it(repo: Path) -> None:
    a, b = _commits(repo, 2)
    store = store_at(repo)
    first = keep(store, [b, a, a], "d-aaaaaaaaaa")
    assert first is not None
    parents = git(repo, "rev-list", "--parents", "-n1", KEEP_REF).split()
    assert parents[0] == first
    assert sorted(parents[1:]) == sorted([a, b])
    assert git(repo, "show", f"{KEEP_REF}:{kept_path(a)}") == "d-aaaaaaaaaa\n"
    message = git(repo, "log", "-1", "--format=%B", KEEP_REF)
    assert f"Ledger-Keep: {a}" in message
    assert f"Ledger-Keep: {b}" in message
    assert "Ledger-Event: keep" in message


def test_keeping_again_adds_the_citer_without_a_second_parent(repo: Path) -> None:
    (a,) = _commits(repo, 1)
    store = store_at(repo)
    first = keep(store, [a], "d-aaaaaaaaaa")
    assert keep(store, [a], "d-aaaaaaaaaa") is None  # nothing new: no commit
    second = keep(store, [a], "d-bbbbbbbbbb")
    assert second is not None
    assert git(repo, "rev-list", "--parents", "-n1", second).split() == [second, first or ""]
    assert git(repo, "show", f"{KEEP_REF}:{kept_path(a)}") == "d-aaaaaaaaaa\nd-bbbbbbbbbb\n"


def test_a_kept_commit_survives_a_reset_and_gc(repo: Path) -> None:
    base, doomed = _commits(repo, 2)
    keep(store_at(repo), [doomed], "d-aaaaaaaaaa")
    git(repo, "reset", "-q", "--hard", base)
    git(repo, "reflog", "expire", "--expire=now", "--all")
    git(repo, "gc", "-q", "--prune=now")
    assert git(repo, "cat-file", "-t", doomed).strip() == "commit"


def test_kept_commits_answers_membership(repo: Path) -> None:
    a, b = _commits(repo, 2)
    store = store_at(repo)
    assert a not in KeptCommits(store)  # no chain at all
    keep(store, [a], "d-aaaaaaaaaa")
    kept = KeptCommits(store)
    assert a in kept
    assert b not in kept
    assert 42 not in kept
