"""``ledger/worktree_pointers.py``: worktree pointer files of live, removed and locked worktrees."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gitledger.ledger.worktree_pointers import live_worktree, orphaned_refs, pointers
from gitledger.storage.store import Store
from tests.builders import put, store_at
from tests.conftest import git


@pytest.fixture
def main(repo_with_commit: Path) -> Path:
    return repo_with_commit


def _linked(main: Path, name: str) -> tuple[Path, str]:
    path = main.parent / name
    git(main, "worktree", "add", "-q", str(path))
    store = store_at(path)
    ref = store.ensure_worktree_ref()
    put(store, ref, {"ledger.toml": b"format = 1\n"})
    return path, ref


def _main_ref(main: Path) -> tuple[Store, str]:
    store = store_at(main)
    ref = store.ensure_worktree_ref()
    put(store, ref, {"ledger.toml": b"format = 1\n"})
    return store, ref


def test_live_worktrees_main_first(main: Path) -> None:
    store, main_ref = _main_ref(main)
    path, ref = _linked(main, "wt-a")
    found = pointers(store)
    assert [(p.ref, p.worktree, p.alive, p.locked) for p in found] == [
        (main_ref, main.resolve(), True, False), (ref, path.resolve(), True, False)]
    assert found[0].gitdir == store.repo.commondir
    assert found[1].gitdir == store.repo.commondir / "worktrees" / "wt-a"
    assert orphaned_refs(store) == set()


def test_a_removed_worktree_orphans_its_ledger(main: Path) -> None:
    store, main_ref = _main_ref(main)
    path, ref = _linked(main, "wt-b")
    git(main, "worktree", "remove", str(path))
    assert not path.exists()
    assert ref not in {p.ref for p in pointers(store)}  # `worktree remove` took the git dir
    assert orphaned_refs(store) == {ref}
    assert live_worktree(store, ref) is None
    assert live_worktree(store, main_ref) is not None


def test_a_vanished_work_tree_is_dead_unless_locked(main: Path) -> None:
    store, _ = _main_ref(main)
    gone, gone_ref = _linked(main, "wt-gone")
    kept, kept_ref = _linked(main, "wt-kept")
    git(main, "worktree", "lock", str(kept))
    for path in (gone, kept):  # the directories vanish (an unplugged disk, an rm -rf)
        shutil.rmtree(path)
    by_ref = {p.ref: p for p in pointers(store)}
    assert not by_ref[gone_ref].alive
    assert not by_ref[gone_ref].locked
    assert by_ref[kept_ref].alive
    assert by_ref[kept_ref].locked
    assert by_ref[gone_ref].worktree == gone.resolve()
    assert orphaned_refs(store) == {gone_ref}


def test_live_worktree_can_leave_one_git_dir_out(main: Path) -> None:
    store, _ = _main_ref(main)
    path, ref = _linked(main, "wt-c")
    linked = store_at(path)
    found = live_worktree(store, ref)
    assert found is not None
    assert found.worktree == path.resolve()
    assert live_worktree(store, ref, besides=linked.repo.gitdir) is None
    assert live_worktree(store, "refs/ledger/sessions/unknown000") is None


def test_a_ledger_no_pointer_names_is_orphaned(main: Path) -> None:
    store, _ = _main_ref(main)
    stray = "refs/ledger/sessions/stray00000"
    put(store, stray, {"ledger.toml": b"format = 1\n"})
    put(store, "refs/ledger/project", {"ledger.toml": b"format = 1\n"})
    assert orphaned_refs(store) == {stray}  # the project ledger is never an orphan
