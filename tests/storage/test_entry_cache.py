"""``storage/entry_cache.py``: parsed entries kept by blob id, so a read parses what changed."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import BlobRef
from gitledger.derived.files import CACHE_DIR, save_json
from gitledger.errors import CorruptLedger
from gitledger.storage.bounded import MAX_LEDGER_BLOB
from gitledger.storage.entry_cache import (
    CACHE_VERSION,
    collector_paused,
    decoded_blob,
    read_entries,
    read_paths,
    shared_reads,
)
from gitledger.storage.store import Store, TreeView
from tests.builders import (
    counting_blob_reads,
    entry_files,
    header_only_blob,
    make_entry,
    put,
    store_at,
)

REF = "refs/ledger/sessions/cachetest1"
IDS = ("d-aaaaaaaaaa", "o-bbbbbbbbbb", "v-cccccccccc")


def _ledger(repo: Path) -> tuple[Store, TreeView]:
    store = store_at(repo)
    put(store, REF, entry_files(*(make_entry(i, {"d": "decided", "o": "open",
                                                "v": "verified"}[i[0]]) for i in IDS)))
    view = store.tip(REF).view
    assert view is not None
    return store, view


def _cache(store: Store) -> Path:
    return store.repo.commondir / CACHE_DIR / "entries-cachetest1.json"


def test_reads_every_entry_and_saves_the_cache(repo: Path) -> None:
    store, view = _ledger(repo)
    entries, bad = read_entries(store, REF, view)
    assert sorted(e.id for e in entries) == list(IDS)
    assert bad == []
    saved = json.loads(_cache(store).read_text())
    assert saved["version"] == CACHE_VERSION
    assert sorted(saved["entries"]) == sorted(blob for _, blob in view.blob_ids("entries"))
    again, _ = read_entries(store, REF, view)
    assert sorted(again, key=lambda e: e.id) == sorted(entries, key=lambda e: e.id)


def test_a_known_blob_is_taken_from_the_cache_not_parsed(repo: Path) -> None:
    store, view = _ledger(repo)
    read_entries(store, REF, view)
    saved = json.loads(_cache(store).read_text())
    blob = dict(view.blob_ids("entries"))[entry_path(IDS[0])]
    saved["entries"][blob]["text"] = "from the cache"
    _cache(store).write_text(json.dumps(saved))
    entries, _ = read_entries(store, REF, view)
    assert {e.id: e.text for e in entries}[IDS[0]] == "from the cache"
    saved["version"] = CACHE_VERSION - 1  # an older cache's shape is not trusted
    _cache(store).write_text(json.dumps(saved))
    entries, _ = read_entries(store, REF, view)
    assert {e.id: e.text for e in entries}[IDS[0]] == f"text of {IDS[0]}"


def test_a_damaged_cache_is_ignored_and_rewritten(repo: Path) -> None:
    store, view = _ledger(repo)
    _cache(store).parent.mkdir(parents=True, exist_ok=True)
    _cache(store).write_text("{not json")
    entries, bad = read_entries(store, REF, view)
    assert len(entries) == 3
    assert bad == []
    assert json.loads(_cache(store).read_text())["version"] == CACHE_VERSION


def test_unreadable_blobs_are_reported_and_the_rest_read(repo: Path) -> None:
    store, _ = _ledger(repo)
    misplaced = make_entry("d-dddddddddd")
    put(store, REF, {"entries/b/b/o-bbbbbbbbbb.toml": b"id = [unclosed\n",
                     "entries/z/z/d-zzzzzzzzzz.toml": encode_entry(misplaced)})
    view = store.tip(REF).view
    assert view is not None
    entries, bad = read_entries(store, REF, view)
    assert sorted(e.id for e in entries) == [IDS[0], IDS[2]]
    reasons = {b.path: b.reason for b in bad}
    assert set(reasons) == {"entries/b/b/o-bbbbbbbbbb.toml", "entries/z/z/d-zzzzzzzzzz.toml"}
    assert "holds 'd-dddddddddd', which belongs elsewhere" in reasons[
        "entries/z/z/d-zzzzzzzzzz.toml"]


def test_save_json_without_a_writable_place_saves_nothing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    save_json(tmp_path / "file" / "cache.json", {"a": 1})  # its parent is a file: no error
    assert (tmp_path / "file").read_text() == ""
    save_json(tmp_path / "c" / "x.json", {"a": {"b": [1, "é"]}, "n": None})
    assert json.loads((tmp_path / "c" / "x.json").read_text(encoding="utf-8")) == {
        "a": {"b": [1, "é"]}, "n": None}
    assert [p.name for p in (tmp_path / "c").iterdir()] == ["x.json"]  # no temp file left


def test_collector_paused_restores_the_collector() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()


# -- shared_reads: a pull reads, size-checks and decodes each blob once -------------------


def test_inside_shared_reads_each_blob_is_read_once(repo: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store, view = _ledger(repo)
    paths = [path for path, _ in view.blob_ids("entries")]
    reads = counting_blob_reads(monkeypatch)
    read_paths(view, paths)
    read_paths(view, paths)
    assert len(reads) == 2 * len(IDS)  # outside: read again at every read
    reads.clear()
    with shared_reads():
        first, _ = read_paths(view, paths)
        for path, blob in view.blob_ids("entries"):
            assert decoded_blob(store.read_blob, blob, path) in first
        again, _ = read_entries(store, REF, view)
    assert sorted(reads) == sorted(blob for _, blob in view.blob_ids("entries"))
    assert sorted(again, key=lambda e: e.id) == sorted(first, key=lambda e: e.id)
    reads.clear()
    read_paths(view, paths)  # the block is over: nothing is kept
    assert len(reads) == len(IDS)


def _hostile(store: Store) -> TreeView:
    """A teammate's blobs no write makes: garbage, a truncated entry, an entry at another
    entry's path, and one whose header says it is far too big (never inflated)."""
    whole = encode_entry(make_entry("d-eeeeeeeeee"))
    huge = header_only_blob(store.repo.commondir / "objects", MAX_LEDGER_BLOB + 1)
    put(store, REF, {"entries/b/b/o-bbbbbbbbbb.toml": b"\x00\xffnot toml at all",
                     "entries/e/e/d-eeeeeeeeee.toml": whole[: len(whole) // 2],
                     "entries/z/z/d-zzzzzzzzzz.toml": encode_entry(make_entry("d-dddddddddd")),
                     "entries/h/h/d-hhhhhhhhhh.toml": BlobRef(str(huge))})
    view = store.tip(REF).view
    assert view is not None
    return view


def test_shared_reads_keep_every_bad_blob_bad(repo: Path) -> None:
    store, _ = _ledger(repo)
    view = _hostile(store)
    paths = [path for path, _ in view.blob_ids("entries")]
    alone = read_paths(view, paths)
    errors: dict[str, str] = {}
    for path, blob in view.blob_ids("entries"):
        try:
            decoded_blob(store.read_blob, blob, path)
        except (CorruptLedger, KeyError, TypeError, ValueError) as exc:
            errors[path] = f"{type(exc).__name__}: {exc}"
    assert set(errors) == {"entries/b/b/o-bbbbbbbbbb.toml", "entries/e/e/d-eeeeeeeeee.toml",
                           "entries/h/h/d-hhhhhhhhhh.toml"}
    assert "over the" in errors["entries/h/h/d-hhhhhhhhhh.toml"]  # refused from its header
    with shared_reads():
        for _ in range(2):  # read again: the same entries, the same errors, raised again
            assert read_paths(view, paths) == alone
            for path, blob in view.blob_ids("entries"):
                if path in errors:
                    with pytest.raises((CorruptLedger, KeyError, TypeError, ValueError)) as got:
                        decoded_blob(store.read_blob, blob, path)
                    assert f"{got.type.__name__}: {got.value}" == errors[path]
                else:  # the misplaced entry decodes: only a ledger read says where it is
                    assert decoded_blob(store.read_blob, blob, path).id in {
                        *IDS, "d-dddddddddd"}
    entries, bad = alone
    assert {b.path for b in bad} == set(errors) | {"entries/z/z/d-zzzzzzzzzz.toml"}
    assert sorted(e.id for e in entries) == [IDS[0], IDS[2]]


def test_shared_reads_nest_and_end_with_the_outer_block(repo: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _, view = _ledger(repo)
    paths = [path for path, _ in view.blob_ids("entries")]
    reads = counting_blob_reads(monkeypatch)
    with shared_reads():
        with shared_reads():
            read_paths(view, paths)
        read_paths(view, paths)  # the inner block kept them for the outer one
        assert len(reads) == len(IDS)
    read_paths(view, paths)
    assert len(reads) == 2 * len(IDS)
