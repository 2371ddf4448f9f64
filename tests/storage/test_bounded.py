"""Bounded reads in the storage layer: a ledger blob's size comes from its header, and a
blob over ``MAX_LEDGER_BLOB`` is refused unread wherever a ledger file is read."""

from __future__ import annotations

from pathlib import Path

import pygit2
import pytest

from gitledger.core.ids import entry_path
from gitledger.core.text import LINE_LIMIT, TEXT_LIMIT
from gitledger.errors import CorruptLedger
from gitledger.storage import tree_view as tree_view_module
from gitledger.storage.bounded import MAX_LEDGER_BLOB, checked_blob, oversized
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.integrity import blob_data
from gitledger.storage.store import Store
from tests.builders import header_only_blob, store_at


def _tree_with(git: pygit2.Repository, path: str, oid: pygit2.Oid) -> pygit2.Tree:
    parts = path.split("/")
    current: pygit2.Oid = oid
    mode = pygit2.enums.FileMode.BLOB
    for name in reversed(parts):
        builder = git.TreeBuilder()
        builder.insert(name, current, mode)
        current, mode = builder.write(), pygit2.enums.FileMode.TREE
    tree = git[current]
    assert isinstance(tree, pygit2.Tree)
    return tree


def test_the_limit_is_above_the_largest_entry_a_write_can_make() -> None:
    largest_text = 8 * TEXT_LIMIT * 4 + 1024 * LINE_LIMIT * 4
    assert largest_text <= MAX_LEDGER_BLOB
    assert MAX_LEDGER_BLOB < 16 * 1024 * 1024


def test_a_huge_blob_is_refused_from_its_header(repo: Path) -> None:
    store = store_at(repo)
    oid = header_only_blob(repo / ".git" / "objects", 1 << 30)
    with pytest.raises(pygit2.GitError):
        store.git[oid].read_raw()  # whole: it is broken
    with pytest.raises(CorruptLedger, match=r"1,073,741,824 bytes, over the "):
        checked_blob(store.git, oid)
    assert store.blob_size(str(oid)) == 1 << 30
    with pytest.raises(CorruptLedger, match="over the"):
        blob_data(store, str(oid))
    tree = _tree_with(store.git, entry_path("d-zzzzzzzzzz"), oid)
    commit = store.git.create_commit(None, pygit2.Signature("a", "a@x"),
                                     pygit2.Signature("a", "a@x"), "m", tree.id, [])
    view = store.view_at(str(commit))
    with pytest.raises(CorruptLedger, match="over the"):
        view.read(entry_path("d-zzzzzzzzzz"))
    with pytest.raises(CorruptLedger, match="over the"):
        view.read_blob(str(oid))
    entries, bad = read_entries(store, "refs/ledger/project", view)
    assert entries == []
    assert [b.path for b in bad] == [entry_path("d-zzzzzzzzzz")]
    assert "over the" in bad[0].reason
    found = oversized(store.git, str(commit))
    assert found is not None
    assert (found.path, found.size, found.commit) == (entry_path("d-zzzzzzzzzz"), 1 << 30,
                                                       str(commit))


def test_a_blob_within_the_limit_reads(repo: Path) -> None:
    store: Store = store_at(repo)
    oid = store.git.create_blob(b"a" * MAX_LEDGER_BLOB)
    assert len(checked_blob(store.git, oid)) == MAX_LEDGER_BLOB
    over = store.git.create_blob(b"a" * (MAX_LEDGER_BLOB + 1))
    with pytest.raises(CorruptLedger):
        checked_blob(store.git, over)
    assert len(checked_blob(store.git, over, None)) == MAX_LEDGER_BLOB + 1


def test_oversized_skips_what_is_known_and_finds_history(repo: Path) -> None:
    store = store_at(repo)
    git = store.git
    sig = pygit2.Signature("a", "a@x")
    big = git.create_blob(b"a" * (MAX_LEDGER_BLOB + 1))
    small = git.create_blob(b"ok")
    first = git.create_commit(None, sig, sig, "1", _tree_with(git, "a/b", small).id, [])
    second = git.create_commit(None, sig, sig, "2", _tree_with(git, "a/c", big).id, [first])
    third = git.create_commit(None, sig, sig, "3", _tree_with(git, "a/b", small).id,
                              [second])
    assert oversized(git, str(first)) is None
    found = oversized(git, str(third), [str(first)])
    assert found is not None
    assert (found.commit, found.path) == (str(second), "a/c")
    assert oversized(git, str(third), [str(second)]) is None  # already here


def test_a_huge_header_blob_is_refused_every_time_and_never_kept(repo: Path) -> None:
    """The header files every write reads are kept by id once read: one over the limit is
    refused as ``read`` refuses it, at each read, and nothing of it is kept."""
    store = store_at(repo)
    oid = header_only_blob(repo / ".git" / "objects", 1 << 30)
    tree = _tree_with(store.git, "ledger.toml", oid)
    commit = store.git.create_commit(None, pygit2.Signature("a", "a@x"),
                                     pygit2.Signature("a", "a@x"), "m", tree.id, [])
    view = store.view_at(str(commit))
    for _ in range(2):
        with pytest.raises(CorruptLedger, match="over the"):
            view.read_header_blob("ledger.toml")
    assert oid not in tree_view_module._HEADER_BLOBS
