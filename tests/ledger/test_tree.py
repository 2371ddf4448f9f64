"""``ledger/tree.py``: reading one ledger tree: an entry by unique prefix, and the header."""

from __future__ import annotations

from pathlib import Path

import pygit2
import pytest

from gitledger import FORMAT_VERSION
from gitledger.core.codec import encode_entry, encode_focus, encode_meta
from gitledger.core.model import BlobRef, Focus, LedgerMeta
from gitledger.errors import CorruptLedger, UnknownEntry
from gitledger.ledger.tree import count_entries, find_entry_id, read_entry, read_header
from gitledger.storage import tree_view as tree_view_module
from gitledger.storage.bounded import checked_blob
from gitledger.storage.store import TreeView
from tests.builders import CREATED, entry_files, make_entry, put, store_at

REF = "refs/ledger/sessions/treetest01"
IDS = ("d-4f7k2m9xq1", "d-4f7k2m9xq2", "o-4fa0000000", "v-9zzzzzzzzz")
META = LedgerMeta(FORMAT_VERSION, "treetest01", "session", CREATED, "Ada <ada@example.com>")


def _view(repo: Path, files: dict[str, bytes | BlobRef | None]) -> TreeView:
    store = store_at(repo)
    put(store, REF, files)
    view = store.tip(REF).view
    assert view is not None
    return view


@pytest.fixture
def view(repo: Path) -> TreeView:
    kinds = {"d": "decided", "o": "open", "v": "verified"}
    entries = [make_entry(i, kinds[i[0]]) for i in IDS]
    return _view(repo, {"ledger.toml": encode_meta(META), **entry_files(*entries)})


@pytest.mark.parametrize(("prefix", "found"), [
    ("d-4f7k2m9xq1", "d-4f7k2m9xq1"), ("4f7k2m9xq2", "d-4f7k2m9xq2"),
    ("o-4f", "o-4fa0000000"), ("4fa", "o-4fa0000000"), ("9", "v-9zzzzzzzzz"),
    ("V-9ZZ", "v-9zzzzzzzzz"), ("v-", "v-9zzzzzzzzz"), (" d-4f7k2m9xq1 ", "d-4f7k2m9xq1"),
])
def test_a_unique_prefix_names_its_entry(view: TreeView, prefix: str, found: str) -> None:
    assert find_entry_id(view, prefix) == found


@pytest.mark.parametrize(("prefix", "message"), [
    ("4f", "'4f' is ambiguous: it matches d-4f7k2m9xq1, d-4f7k2m9xq2, o-4fa0000000"),
    ("d-4f7k", "is ambiguous: it matches d-4f7k2m9xq1, d-4f7k2m9xq2$"),
    ("d-", "is ambiguous"),
    ("o-4f7k", "no entry matches 'o-4f7k'"),  # the kind letter narrows
    ("7", "no entry matches '7'"),
    ("d-4f7k2m9xq3", "no entry matches"),
    ("q-4f", "no kind has the letter 'q'"),
    ("4f!", "is not an entry id"),
    ("", "is not an entry id"),
])
def test_ambiguous_unknown_and_malformed_prefixes_are_refused(
        view: TreeView, prefix: str, message: str) -> None:
    with pytest.raises(UnknownEntry, match=message):
        find_entry_id(view, prefix)


def test_read_entry_and_count(view: TreeView) -> None:
    entry = read_entry(view, "o-4fa0000000")
    assert entry.kind == "open"
    assert entry.text == "text of o-4fa0000000"
    assert count_entries(view) == 4
    with pytest.raises(UnknownEntry, match="no entry d-0000000000"):
        read_entry(view, "d-0000000000")


def test_read_header_without_a_state_file_gives_an_empty_focus(view: TreeView) -> None:
    assert read_header(REF, view) == (META, Focus())


def test_read_header_reads_the_focus(repo: Path) -> None:
    focus = Focus(task="ship it", next="write tests", seq=7)
    found = read_header(REF, _view(repo, {"ledger.toml": encode_meta(META),
                                          "state.toml": encode_focus(focus)}))
    assert found == (META, focus)


def test_read_header_reads_the_objects_of_a_header_once(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write reads the header: the second time its blobs come from what was kept
    (an id names the same bytes), and a header that changed is read afresh."""
    focus = Focus(task="ship it", next="write tests", seq=7)
    view = _view(repo, {"ledger.toml": encode_meta(META), "state.toml": encode_focus(focus)})
    reads: list[pygit2.Oid] = []

    def counting(git: pygit2.Repository, oid: pygit2.Oid, *args: int | None) -> bytes:
        reads.append(oid)
        return checked_blob(git, oid, *args)

    monkeypatch.setattr(tree_view_module, "checked_blob", counting)
    tree_view_module._HEADER_BLOBS.clear()
    assert read_header(REF, view) == (META, focus)
    assert len(reads) == 2
    assert read_header(REF, view) == (META, focus)
    assert len(reads) == 2
    moved = Focus(task="ship it", next="release", seq=8)
    later = _view(repo, {"ledger.toml": encode_meta(META), "state.toml": encode_focus(moved)})
    assert read_header(REF, later) == (META, moved)
    assert len(reads) == 3  # only the new state.toml


def test_a_tree_without_ledger_toml_is_not_a_ledger(repo: Path) -> None:
    view = _view(repo, {"README": b"hi\n"})
    with pytest.raises(CorruptLedger, match=f"^{REF} is not a ledger: its tree has no "
                                            "ledger.toml$"):
        read_header(REF, view)
    assert count_entries(view) == 0


@pytest.mark.parametrize(("version", "message"), [
    (0, "ledger format 0 does not exist"),
    (-3, "ledger format -3 does not exist"),
    (FORMAT_VERSION + 1, f"uses ledger format {FORMAT_VERSION + 1}; this gitledger reads "
                         f"format {FORMAT_VERSION} \\(upgrade gitledger\\)"),
])
def test_an_unknown_format_is_refused(repo: Path, version: int, message: str) -> None:
    meta = LedgerMeta(version, "treetest01", "session", CREATED, "Ada <ada@example.com>")
    with pytest.raises(CorruptLedger, match=message):
        read_header(REF, _view(repo, {"ledger.toml": encode_meta(meta)}))


@pytest.mark.parametrize(("blob", "message"), [
    (b"format = [", "not valid TOML"),
    (b"\xff\xfe", "not valid UTF-8"),
    (b"format = 1\n", "missing 'kind'"),
    (encode_meta(META).replace(b'"session"', b'"branch"'), "unknown ledger kind 'branch'"),
    (encode_meta(META).replace(f"format = {FORMAT_VERSION}".encode(), b'format = "1"'),
     "'format' has the wrong type"),
])
def test_a_damaged_header_is_refused_naming_the_file(repo: Path, blob: bytes,
                                                     message: str) -> None:
    with pytest.raises(CorruptLedger, match=f"^{REF}:ledger.toml: {message}"):
        read_header(REF, _view(repo, {"ledger.toml": blob}))


def test_a_damaged_entry_is_refused_naming_its_path(repo: Path) -> None:
    path = "entries/4/f/d-4f7k2m9xq1.toml"
    view = _view(repo, {path: encode_entry(make_entry("d-4f7k2m9xq1")).replace(
        b'kind = "decided"', b'kind = "rumour"')})
    with pytest.raises(CorruptLedger, match=f"{path}: unknown kind 'rumour'"):
        read_entry(view, "d-4f7k2m9xq1")
