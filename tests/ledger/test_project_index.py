"""``ledger/project_index.py``: the project's active decisions, newest first, cached by tip."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from gitledger.core.ids import entry_path, match_prefix
from gitledger.core.model import Entry
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger import project_index
from gitledger.ledger.project_index import (
    ActiveDecisions,
    active_project_decisions,
    refresh_after_write,
)
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.store import Store
from tests.builders import entry_files, make_entry, put, store_at
from tests.conftest import git


def _decisions(count: int, status: str = "accepted", start: int = 1) -> list[Entry]:
    return [make_entry(f"d-{n:010d}", status=status, seq=n) for n in range(start, start + count)]


def _cache(store: Store) -> Path:
    return store.repo.commondir / CACHE_DIR / "project.json"


def _ids(found: ActiveDecisions) -> list[str]:
    return [entry.id for entry, _ in found.top]


def test_no_project_ledger_or_a_corrupt_one_has_no_decisions(repo: Path) -> None:
    store = store_at(repo)
    assert active_project_decisions(store) == ActiveDecisions()
    git(repo, "update-ref", PROJECT_REF, str(store.git.create_blob(b"not a commit")))
    assert active_project_decisions(store) == ActiveDecisions()


def test_only_active_decisions_newest_first_with_short_ids(repo: Path) -> None:
    store = store_at(repo)
    entries = [*_decisions(2), make_entry("d-0000000003", status="implemented", seq=3),
               make_entry("d-0000000004", status="proposed", seq=4),
               make_entry("d-0000000005", status="rejected", seq=5),
               make_entry("d-0000000006", status="deployed", seq=6),
               make_entry("o-0000000007", "open", seq=7)]
    tip = put(store, PROJECT_REF, entry_files(*entries))
    found = active_project_decisions(store)
    assert _ids(found) == ["d-0000000006", "d-0000000003", "d-0000000002", "d-0000000001"]
    assert found.active == 4
    assert found.commit == tip


def test_short_ids_are_unique_among_every_entry_of_the_ledger(repo: Path) -> None:
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(make_entry("d-abcd000000", seq=1),
                                        make_entry("d-abcd010000", seq=2),
                                        make_entry("d-zzzzzzzzzz", seq=3),
                                        make_entry("o-abce000000", "open", seq=4)))
    short = {e.id: s for e, s in active_project_decisions(store).top}
    assert short == {"d-zzzzzzzzzz": "d-zzzz", "d-abcd010000": "d-abcd01",
                     "d-abcd000000": "d-abcd00"}


def test_the_result_is_cached_by_the_tip(repo: Path) -> None:
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(*_decisions(2)))
    first = active_project_decisions(store)
    saved = json.loads(_cache(store).read_text())
    assert saved["commit"] == first.commit
    saved["top"][0]["entry"]["text"] = "read from the cache"
    _cache(store).write_text(json.dumps(saved))
    assert active_project_decisions(store).top[0][0].text == "read from the cache"
    put(store, PROJECT_REF, entry_files(*_decisions(1, start=3)))  # a new tip: read again
    again = active_project_decisions(store)
    assert _ids(again) == ["d-0000000003", "d-0000000002", "d-0000000001"]
    assert [e.text for e, _ in again.top][1] == "text of d-0000000002"


def test_at_most_top_are_kept_but_all_are_counted(repo: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(project_index, "TOP", 3)
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(*_decisions(5)))
    found = active_project_decisions(store)
    assert _ids(found) == ["d-0000000005", "d-0000000004", "d-0000000003"]
    assert found.active == 5


def test_refresh_carries_the_cache_over_a_write(repo: Path) -> None:
    store = store_at(repo)
    old = _decisions(3)
    put(store, PROJECT_REF, entry_files(*old))
    active_project_decisions(store)  # warm for the parent
    added = make_entry("d-0000000009", seq=9)
    rejected = replace(old[1], status="rejected")
    commit = put(store, PROJECT_REF, entry_files(added, rejected))
    refresh_after_write(store, commit, [entry_path(added.id), entry_path(rejected.id),
                                        "state.toml"])
    carried = json.loads(_cache(store).read_text())
    assert carried["commit"] == commit
    warm = active_project_decisions(store)
    assert _ids(warm) == ["d-0000000009", "d-0000000003", "d-0000000001"]
    assert warm.active == 3
    _cache(store).unlink()
    cold = active_project_decisions(store)
    assert [e for e, _ in cold.top] == [e for e, _ in warm.top]  # what a cold read finds
    assert (cold.active, cold.commit) == (warm.active, warm.commit)


def test_refresh_keeps_short_ids_unique(repo: Path) -> None:
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(make_entry("d-abcd000000", seq=1)))
    assert active_project_decisions(store).top[0][1] == "d-abcd"
    added = make_entry("d-abcd111111", seq=2)
    commit = put(store, PROJECT_REF, entry_files(added))
    refresh_after_write(store, commit, [entry_path(added.id)])
    ids = ["d-abcd000000", "d-abcd111111"]
    for entry, short in active_project_decisions(store).top:
        assert match_prefix(short, ids) == entry.id


def test_refresh_leaves_a_cache_for_another_commit_alone(repo: Path) -> None:
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(*_decisions(1)))
    put(store, PROJECT_REF, entry_files(*_decisions(1, start=2)))
    assert not _cache(store).exists()
    refresh_after_write(store, store.target(PROJECT_REF) or "", [entry_path("d-0000000002")])
    assert not _cache(store).exists()  # no cache for the parent: nothing to carry


def test_refresh_drops_a_list_that_lost_too_much(repo: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(project_index, "TOP", 4)
    store = store_at(repo)
    entries = _decisions(6)
    put(store, PROJECT_REF, entry_files(*entries))
    assert active_project_decisions(store).active == 6
    gone = [replace(e, status="superseded") for e in entries[-3:]]  # three of the four shown
    commit = put(store, PROJECT_REF, entry_files(*gone))
    refresh_after_write(store, commit, [entry_path(e.id) for e in gone])
    assert not _cache(store).exists()  # the next read rebuilds it
    assert _ids(active_project_decisions(store)) == ["d-0000000003", "d-0000000002",
                                                     "d-0000000001"]


def test_verified_and_dropped_are_kept_newest_first_and_counted(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(project_index, "DURABLE_TOP", 2)
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(
        *_decisions(1), *(make_entry(f"v-{n:010d}", "verified", seq=n) for n in (2, 3, 4)),
        make_entry("x-zzzz000005", "dropped", seq=5), make_entry("o-0000000006", "open", seq=6)))
    found = active_project_decisions(store)
    assert [e.id for e, _ in found.verified.entries] == ["v-0000000004", "v-0000000003"]
    assert found.verified.count == 3  # at most DURABLE_TOP kept, every one counted
    assert [(e.id, s) for e, s in found.dropped.entries] == [("x-zzzz000005", "x-zzzz")]
    assert found.dropped.count == 1
    assert _ids(found) == ["d-0000000001"]
    assert active_project_decisions(store) == found  # the cache keeps them too


def test_refresh_carries_verified_and_dropped_over_a_write(repo: Path) -> None:
    store = store_at(repo)
    fact = make_entry("v-0000000001", "verified", seq=1)
    put(store, PROJECT_REF, entry_files(fact, *_decisions(1, start=2)))
    active_project_decisions(store)  # warm for the parent
    dropped = make_entry("x-0000000003", "dropped", seq=3, why="too slow")
    reworded = replace(fact, text="reworded fact")
    commit = put(store, PROJECT_REF, entry_files(dropped, reworded))
    refresh_after_write(store, commit, [entry_path(dropped.id), entry_path(fact.id)])
    warm = active_project_decisions(store)
    assert json.loads(_cache(store).read_text())["commit"] == commit  # not rebuilt
    assert [e.text for e, _ in warm.verified.entries] == ["reworded fact"]
    assert [e.id for e, _ in warm.dropped.entries] == ["x-0000000003"]
    _cache(store).unlink()
    cold = active_project_decisions(store)  # what a cold read finds
    for kind in ("verified", "dropped"):
        assert [e for e, _ in getattr(cold, kind).entries] == [
            e for e, _ in getattr(warm, kind).entries]
        assert getattr(cold, kind).count == getattr(warm, kind).count == 1
