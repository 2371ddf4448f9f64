"""``storage/store.py``: the worktree's pointer to its ledger, archives, and guarded ref moves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gitledger.core.ids import ALPHABET
from gitledger.errors import CorruptLedger
from gitledger.storage.layout import ARCHIVE_PREFIX, SESSIONS_PREFIX
from gitledger.storage.store import LedgerMoved
from tests.builders import put, store_at
from tests.conftest import git

NAME = re.compile(rf"{re.escape(SESSIONS_PREFIX)}[{ALPHABET}]{{10}}")


def test_a_worktree_gets_one_ledger_name_and_keeps_it(repo: Path) -> None:
    store = store_at(repo)
    assert store.worktree_ref() is None
    ref = store.ensure_worktree_ref()
    assert NAME.fullmatch(ref)
    assert (repo / ".git" / "ledger").read_text() == ref + "\n"
    assert store.ensure_worktree_ref() == ref
    assert store_at(repo).worktree_ref() == ref
    assert [p.name for p in (repo / ".git").iterdir() if p.name.startswith("ledger.")] == []


@pytest.mark.parametrize("text", ["refs/heads/main", "refs/ledger/sessions/a..b", "garbage"])
def test_a_pointer_naming_no_ledger_is_refused(repo: Path, text: str) -> None:
    (repo / ".git" / "ledger").write_text(text + "\n")
    with pytest.raises(CorruptLedger, match=r"does not name a ledger ref.*remove the file"):
        store_at(repo).worktree_ref()


def test_replacing_a_spent_name_keeps_a_move_another_process_made(repo: Path) -> None:
    store = store_at(repo)
    first = store.ensure_worktree_ref()
    fresh = store.replace_worktree_ref(first)
    assert fresh != first
    assert NAME.fullmatch(fresh)
    assert store.replace_worktree_ref(first) == fresh  # first is spent already: keep fresh
    assert store.worktree_ref() == fresh
    assert not (repo / ".git" / "ledger.lock").exists()


def test_archive_tags_the_ledger_and_moves_the_worktree_on(
        repo: Path) -> None:
    store = store_at(repo)
    ref = store.ensure_worktree_ref()
    tip = put(store, ref, {"ledger.toml": b"format = 1\n"})
    name = ref.removeprefix(SESSIONS_PREFIX)
    message = f"task: the summary\n\nLedger-Archived: {name}\n"
    target, event = store.archive(ref, tip, message)
    assert target == ARCHIVE_PREFIX + name
    assert not store.exists(ref)
    assert store.exists(target)
    assert git(repo, "cat-file", "-t", event).strip() == "tag"
    assert git(repo, "rev-parse", target).strip() == event  # a real ref, no month chain
    assert store.chain_refs() == {}
    assert git(repo, "rev-parse", f"{target}^{{commit}}").strip() == tip
    assert store.peeled(event) == tip
    assert store.target(target) == event
    assert store.tag_message(target) == message
    again = store.ensure_worktree_ref()  # the archived name is spent
    assert again != ref
    assert NAME.fullmatch(again)


def test_archive_of_a_moved_ledger_keeps_the_ledger(repo: Path) -> None:
    store = store_at(repo)
    ref = store.ensure_worktree_ref()
    old = put(store, ref, {"a": b"1"})
    new = put(store, ref, {"b": b"2"})
    with pytest.raises(LedgerMoved):
        store.archive(ref, old, "stale\n")
    assert git(repo, "rev-parse", ref).strip() == new
    target, tag = store.archive(ref, new, "current\n")  # archiving again follows the ledger
    assert store.peeled(tag) == new
    name = ref.removeprefix(SESSIONS_PREFIX)
    # A tag names the ledger itself (its tag header): the message is kept as given.
    assert store.tag_message(target) == "current\n"
    assert f"tag {name}\n" in git(repo, "cat-file", "-p", target)
    assert not store.exists(ref)


def test_an_interrupted_archive_is_finished_when_the_pointer_is_read(repo: Path) -> None:
    store = store_at(repo)
    ref = store.ensure_worktree_ref()
    tip = put(store, ref, {"a": b"1"})
    git(repo, "tag", "-a", "-m", "archived", "t", tip)  # killed after the tag was set
    git(repo, "update-ref", ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX),
        git(repo, "rev-parse", "t").strip())
    moved = store_at(repo).worktree_ref()
    assert moved is not None
    assert moved != ref
    assert NAME.fullmatch(moved)
    assert not store.exists(ref)  # the session ref (a copy of the archive) is gone


def test_set_ref_and_remove_ref_move_only_from_the_expected_value(repo: Path) -> None:
    store = store_at(repo)
    one = put(store, "refs/ledger/scratch", {"a": b"1"})
    two = put(store, "refs/ledger/scratch", {"b": b"2"})
    store.set_ref("refs/ledger/copy", one, None, "test: create")
    with pytest.raises(LedgerMoved):
        store.set_ref("refs/ledger/copy", two, None, "test: create again")
    with pytest.raises(LedgerMoved):
        store.set_ref("refs/ledger/copy", two, two, "test: wrong expectation")
    store.set_ref("refs/ledger/copy", two, one, "test: move")
    assert store.target("refs/ledger/copy") == two
    with pytest.raises(LedgerMoved):
        store.remove_ref("refs/ledger/copy", one)
    store.remove_ref("refs/ledger/copy", two)
    assert not store.exists("refs/ledger/copy")


def test_worktree_pointers_name_the_work_tree_of_each_ledger(repo_with_commit: Path) -> None:
    store = store_at(repo_with_commit)
    main_ref = store.ensure_worktree_ref()
    linked = repo_with_commit.parent / "linked"
    git(repo_with_commit, "worktree", "add", "-q", str(linked))
    linked_ref = store_at(linked).ensure_worktree_ref()
    found = store_at(repo_with_commit).worktree_pointers()
    assert found == {main_ref: repo_with_commit.resolve(), linked_ref: linked.resolve()}
    gitdirs = store.worktree_gitdirs()
    assert gitdirs[0] == store.repo.commondir
    assert len(gitdirs) == 2
