"""``storage/entry_cache.py``: parsed entries kept by blob id, so a read parses what changed."""

from __future__ import annotations

import gc
import json
from pathlib import Path

from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.storage.cache_files import CACHE_DIR, save_json
from gitledger.storage.entry_cache import (
    CACHE_VERSION,
    collector_paused,
    read_entries,
)
from gitledger.storage.store import Store, TreeView
from tests.builders import entry_files, make_entry, put, store_at

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
