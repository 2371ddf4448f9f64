"""``storage/store.py``: ``TreeView`` reads of one ledger tree, and reading commits."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitledger.core.model import BlobRef
from gitledger.errors import CorruptLedger
from gitledger.storage.store import TreeView
from tests.builders import put, store_at
from tests.conftest import git

REF = "refs/ledger/sessions/viewtest01"


def _view(repo: Path) -> TreeView:
    store = store_at(repo)
    put(store, REF, {"ledger.toml": b"format = 1\n", "entries/a/b/x.toml": b"x\n",
                     "entries/a/b/y.toml": b"y\n", "entries/c/d/z.toml": b"z\n"})
    view = store.tip(REF).view
    assert view is not None
    return view


def test_reads_blobs_names_and_presence(repo: Path) -> None:
    view = _view(repo)
    assert view.commit == git(repo, "rev-parse", REF).strip()
    assert view.read("ledger.toml") == b"format = 1\n"
    assert view.read("entries/a") is None  # a directory is not a blob
    assert view.read("nope.toml") is None
    assert view.has("entries/a")
    assert view.has("entries/a/b/x.toml")
    assert not view.has("entries/q")
    assert view.names("entries") == ["a", "c"]
    assert view.names("entries/a/b") == ["x.toml", "y.toml"]
    assert view.names("ledger.toml") == []  # a blob has no names below it
    assert view.names("missing") == []


def test_walks_every_blob_below_a_path(repo: Path) -> None:
    view = _view(repo)
    assert sorted(view.blobs("entries")) == [
        ("entries/a/b/x.toml", b"x\n"), ("entries/a/b/y.toml", b"y\n"),
        ("entries/c/d/z.toml", b"z\n")]
    ids = dict(view.blob_ids("entries/c"))
    assert ids == {"entries/c/d/z.toml": git(repo, "rev-parse", f"{REF}:entries/c/d/z.toml")
                   .strip()}
    assert view.read_blob(ids["entries/c/d/z.toml"]) == b"z\n"
    assert list(view.blob_ids("ledger.toml")) == []
    assert list(view.blob_ids("missing")) == []


def test_changed_blobs_names_added_changed_and_removed(repo: Path) -> None:
    store = store_at(repo)
    old = _view(repo)
    put(store, REF, {"entries/a/b/x.toml": b"x2\n", "entries/c/d/z.toml": None,
                     "entries/e/f/w.toml": b"w\n", "ledger.toml": b"format = 1\n# c\n"})
    new = store.tip(REF).view
    assert new is not None
    changed = dict(old.changed_blobs(new, "entries"))
    assert set(changed) == {"entries/a/b/x.toml", "entries/c/d/z.toml", "entries/e/f/w.toml"}
    assert changed["entries/c/d/z.toml"] is None
    assert new.read_blob(changed["entries/a/b/x.toml"] or "") == b"x2\n"
    assert list(new.changed_blobs(new, "entries")) == []  # same tree: nothing opened


def test_a_blob_ref_puts_an_existing_blob_in_the_tree(repo: Path) -> None:
    store = store_at(repo)
    blob = str(store.git.create_blob(b"shared\n"))
    put(store, REF, {"copy.toml": BlobRef(blob)})
    assert git(repo, "rev-parse", f"{REF}:copy.toml").strip() == blob


def test_history_ancestry_and_tags(repo: Path) -> None:
    store = store_at(repo)
    first = put(store, REF, {"a": b"1"}, "one")
    second = put(store, REF, {"b": b"2"}, "two")
    assert store.first_parent(second) == first
    assert store.first_parent(first) is None
    assert store.view_at(first).read("a") == b"1"
    assert not store.view_at(first).has("b")
    blob = str(store.git.create_blob(b"not a commit"))
    with pytest.raises(CorruptLedger, match="not a commit"):  # a ledger error, never an assert
        store.view_at(blob)
    with pytest.raises(KeyError):
        store.view_at("0" * 40)
    assert store.contains(second, first)
    assert store.contains(first, first)
    assert not store.contains(first, second)
    assert [e.subject for e in store.history_from(second, hide=[first])] == ["two"]
    assert [e.subject for e in store.history_from(second, hide=["0" * 40])] == ["two", "one"]
    assert store.commit_time(first).isoformat() == "2026-11-30T12:00:00+00:00"
    git(repo, "tag", "-a", "-m", "archived ledger\n\nsummary", "t1", second)
    tag = git(repo, "rev-parse", "t1").strip()
    git(repo, "update-ref", "refs/ledger/archive/viewtest01", tag)
    assert store.peeled(tag) == second
    assert store.tag_message("refs/ledger/archive/viewtest01") == "archived ledger\n\nsummary\n"
    assert store.tag_message(REF) is None  # a commit, not a tag
    with pytest.raises(CorruptLedger, match="does not lead to a commit"):
        store.peeled("2" * 40)
