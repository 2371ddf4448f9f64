"""What an append costs: the decision index behind ``decide``'s warnings, the tree diff
that keeps it current, and the entry cache for entries with keys this version does not know.

No timings here (they are ``benchmarks/storage.py``'s): the flat cost is asserted as the
number of entry blobs a ``decide`` reads, which must not grow with the ledger.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from gitledger.core.codec import (
    decode_entry,
    decode_entry_or_none,
    encode_entry,
    entry_from_json,
)
from gitledger.core.ids import entry_path, new_id
from gitledger.core.model import Change, Entry
from gitledger.derived import sqlite
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger import decision_index
from gitledger.ledger.deciding import _scanned_matches, write_warnings
from gitledger.ledger.decision_index import DB_NAME, Matches, find_matches
from gitledger.ledger.decisions import reject
from gitledger.ledger.operations import Ledger
from gitledger.storage import entry_cache
from gitledger.storage.entry_cache import CACHE_VERSION, read_entries
from gitledger.storage.layout import ENTRIES_DIR, PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.store import Store, TreeView
from tests.conftest import git


def _put(ledger: Ledger, entry: Entry, *, ref: str | None = None) -> None:
    """Write ``entry``'s blob into a ledger as it is (what an import or a hand edit does)."""
    target = ref or ledger.ref
    assert target is not None
    path = entry_path(entry.id)

    def operation(view: TreeView | None) -> tuple[Change, None]:
        return Change(f"put {entry.id}", (("Ledger-Event", "edit"),),
                      {path: encode_entry(entry)}), None

    ledger.store.update(target, operation)


def _decide(ledger: Ledger, text: str, over: list[str], scope: str | None = None,
            proposed: bool = False) -> Entry:
    result = ledger.decide(text, over=over, scope=scope, proposed=proposed)
    assert result.entry is not None
    return result.entry


def _both_ways(ledger: Ledger, text: str, scope: str | None, supersedes: str | None = None,
               proposed: bool = False) -> Matches:
    """The index's answer, asserted equal to the answer of reading every decision."""
    indexed = find_matches(ledger.store, ledger.ref, text, scope, supersedes,
                           proposed=proposed)
    scanned = _scanned_matches(ledger, text, scope, supersedes, proposed=proposed)
    assert indexed == scanned
    return scanned


@pytest.fixture
def pair(repo: Path) -> tuple[Ledger, Ledger]:
    """This worktree's ledger and the project ledger, with decisions in both."""
    session, project = Ledger.open(repo), Ledger.open(repo, project=True)
    _decide(project, "Use PostgreSQL", ["MySQL", "SQLite"], scope="storage")
    _decide(project, "Ship weekly", ["Ship daily"], scope="release")
    _decide(session, "Cache tokens per client", ["A global cache"], scope="auth")
    _decide(session, "Retry twice", ["Retry forever", "MySQL"], scope="storage")
    return session, project


# -- the index gives the answers reading every decision gives -------------------------------


@pytest.mark.parametrize(("text", "scope"), [
    ("MySQL", None), ("  mysql. ", None), ("Ship daily", None), ("A global cache", "auth"),
    ("Nothing like it", "storage"), ("Nothing like it", "release"), ("SQLite", "elsewhere"),
    ("Retry forever", ""),
])
def test_the_index_answers_as_a_scan_of_both_ledgers(
        pair: tuple[Ledger, Ledger], text: str, scope: str | None) -> None:
    session, project = pair
    for ledger in (session, project):
        _both_ways(ledger, text, scope)
        _both_ways(ledger, text, scope, proposed=True)


def test_the_ledger_s_own_decisions_come_first_then_the_project_s(
        pair: tuple[Ledger, Ledger]) -> None:
    session, project = pair
    own = next(d for d in session.snapshot().of_kind("decided") if d.text == "Retry twice")
    shared = next(d for d in project.snapshot().of_kind("decided") if d.text == "Use PostgreSQL")
    assert _both_ways(session, "MySQL", "storage") == Matches(own.id, own.id)
    assert _both_ways(project, "MySQL", "storage") == Matches(shared.id, shared.id)
    # The decision being superseded is never a match: the next one in order is.
    assert _both_ways(session, "MySQL", "storage", supersedes=own.id) == Matches(
        shared.id, shared.id)


def test_the_index_follows_every_status_change_and_edit(pair: tuple[Ledger, Ledger]) -> None:
    session, _ = pair
    own = _decide(session, "Keep logs a week", ["Keep logs forever"], scope="logs")
    assert _both_ways(session, "Keep logs forever", "logs") == Matches(own.id, own.id)
    reject(session, own.id, why="too short")
    assert _both_ways(session, "Keep logs forever", "logs") == Matches()
    again = _decide(session, "Keep logs a month", ["Keep logs forever"], scope="logs")
    session.edit(again.id, over=["Keep logs a year"], scope="audit")
    assert _both_ways(session, "Keep logs forever", "logs") == Matches()
    assert _both_ways(session, "keep logs a year", "audit") == Matches(again.id, again.id)
    newer = session.decide("Keep logs a quarter", over=["Keep logs a day"], supersedes=again.id)
    assert newer.entry is not None
    assert _both_ways(session, "Keep logs a year", "audit") == Matches(None, newer.entry.id)
    assert _both_ways(session, "Keep logs a day", None) == Matches(newer.entry.id, None)


def test_a_proposed_decision_is_not_in_force_until_accepted(
        pair: tuple[Ledger, Ledger]) -> None:
    session, _ = pair
    proposal = _decide(session, "Shard by tenant", ["One big table"], scope="db",
                       proposed=True)
    assert _both_ways(session, "One big table", "db") == Matches()
    from gitledger.ledger.decisions import accept

    accept(session, proposal.id)
    assert _both_ways(session, "One big table", "db") == Matches(proposal.id, proposal.id)


def test_a_half_carried_decision_counts_as_the_project_s(pair: tuple[Ledger, Ledger]) -> None:
    session, project = pair
    own = _decide(session, "Sign every release", ["Unsigned tarballs"], scope="supply")
    origin = (session.ref or "").removeprefix(SESSIONS_PREFIX)
    # The first step of a carry, the second never made: both ledgers hold the decision.
    _put(project, replace(own, carried_from=origin, seq=99), ref=PROJECT_REF)
    assert own.id not in {e.id for e in session.snapshot().entries}
    assert _both_ways(session, "Unsigned tarballs", "supply") == Matches(own.id, own.id)
    # The project's copy is no longer in force: nothing stands in for the session's.
    _put(project, replace(own, carried_from=origin, seq=99, status="rejected"),
         ref=PROJECT_REF)
    assert _both_ways(session, "Unsigned tarballs", "supply") == Matches()


def test_a_session_copy_of_a_project_decision_stands_in_for_it(
        pair: tuple[Ledger, Ledger]) -> None:
    session, project = pair
    shared = next(d for d in project.snapshot().of_kind("decided") if d.text == "Ship weekly")
    # The same decision, proposed in the session (never carried from there): the
    # session's copy is the one compared, and it is not in force.
    _put(session, replace(shared, status="proposed"))
    assert _both_ways(session, "Ship daily", "release") == Matches()
    assert _both_ways(project, "Ship daily", "release") == Matches(shared.id, shared.id)


def test_only_the_project_s_newest_active_decisions_are_compared(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decision_index, "TOP", 3)
    from gitledger.ledger import project_index

    monkeypatch.setattr(project_index, "TOP", 3)
    session, project = Ledger.open(repo), Ledger.open(repo, project=True)
    oldest = _decide(project, "Oldest", ["Old idea"], scope="s")
    for n in range(3):
        _decide(project, f"Newer {n}", [f"idea {n}"])
    _decide(session, "Mine", ["mine"])
    assert _both_ways(session, "Old idea", "s") == Matches()  # beyond the newest 3
    newest = _decide(project, "Newest", ["Old idea"], scope="s")
    assert _both_ways(session, "Old idea", "s") == Matches(newest.id, newest.id)
    assert _both_ways(project, "Old idea", "s") == Matches(oldest.id, oldest.id)


def test_decide_warns_the_same_through_the_index_and_without_it(
        pair: tuple[Ledger, Ledger], monkeypatch: pytest.MonkeyPatch) -> None:
    session, _ = pair
    indexed = write_warnings(session, "MySQL", "storage", None)
    assert len(indexed) == 2
    assert "repeats an alternative" in indexed[0]

    def unavailable(store: Store) -> Iterator[sqlite3.Connection]:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(decision_index, "_connection", unavailable)
    assert find_matches(session.store, session.ref, "MySQL", "storage", None) is None
    assert write_warnings(session, "MySQL", "storage", None) == indexed
    result = session.decide("MySQL after all", over=["Nothing"], scope="storage")
    assert result.commit is not None
    assert len(result.warnings) == 1


# -- the index is derived data ----------------------------------------------------------------


def test_a_deleted_or_damaged_index_is_rebuilt(pair: tuple[Ledger, Ledger]) -> None:
    session, _ = pair
    expected = _both_ways(session, "MySQL", "storage")
    path = session.repo.commondir / CACHE_DIR / DB_NAME
    assert path.is_file()
    sqlite.release_kept()
    path.unlink()
    assert find_matches(session.store, session.ref, "MySQL", "storage", None) == expected
    sqlite.release_kept()
    path.write_bytes(b"this is not a database" * 100)
    # The damaged file is dropped (this answer comes from reading the ledgers) ...
    assert write_warnings(session, "MySQL", "storage", None) == write_warnings(
        session, "MySQL", "storage", None)
    assert find_matches(session.store, session.ref, "MySQL", "storage", None) == expected
    with sqlite3.connect(path) as db:  # ... and a new index is in its place
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_ledger_moved_back_or_rewritten_is_indexed_as_it_is_now(
        pair: tuple[Ledger, Ledger]) -> None:
    session, _ = pair
    assert session.ref is not None
    before = git(session.repo.workdir, "rev-parse", session.ref).strip()
    later = _decide(session, "Later", ["Something later"])
    assert _both_ways(session, "Something later", None) == Matches(later.id, None)
    git(session.repo.workdir, "update-ref", session.ref, before)  # as a reset would
    assert _both_ways(session, "Something later", None) == Matches()
    # A commit the index was synced at, gone from the repository: indexed afresh.
    with sqlite3.connect(session.repo.commondir / CACHE_DIR / DB_NAME) as db:
        db.execute("UPDATE synced SET commit_id = ? WHERE ref = ?", ("0" * 40, session.ref))
    sqlite.release_kept()
    assert _both_ways(session, "Retry forever", "storage").rejected_by is not None


# -- the cost of an append does not grow with the ledger ------------------------------------


def _blob_reads_of_one_decide(ledger: Ledger, monkeypatch: pytest.MonkeyPatch,
                              n: int) -> int:
    reads = 0
    original_read, original_blob = TreeView.read, TreeView.read_blob

    def read(self: TreeView, path: str) -> bytes | None:
        nonlocal reads
        reads += path.startswith(f"{ENTRIES_DIR}/")
        return original_read(self, path)

    def read_blob(self: TreeView, blob_id: str) -> bytes:
        nonlocal reads
        reads += 1
        return original_blob(self, blob_id)

    with monkeypatch.context() as patch:
        patch.setattr(TreeView, "read", read)
        patch.setattr(TreeView, "read_blob", read_blob)
        patch.setattr(entry_cache, "_read_entries", None)  # a whole-ledger read would fail
        ledger.decide(f"Decision {n}", over=[f"alternative {n}"], scope=f"s{n % 3}")
    return reads


def test_a_decide_reads_as_many_blobs_at_80_entries_as_at_20(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = Ledger.open(repo)
    Ledger.open(repo, project=True).decide("Shared", over=["x"])
    counts: dict[int, int] = {}
    for n in range(80):
        if n in (20, 79):
            counts[n] = _blob_reads_of_one_decide(ledger, monkeypatch, n)
        else:
            ledger.decide(f"Decision {n}", over=[f"alternative {n}"], scope=f"s{n % 3}")
        if n % 7 == 0:
            ledger.verify(f"fact {n}", by="pytest")
    assert counts[20] == counts[79] <= 3


def _index_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        return {table: sorted(db.execute(f"SELECT * FROM {table}"))
                for table in ("synced", "decisions", "rejections", "retired")}


def test_the_index_a_decide_leaves_is_the_index_a_rebuild_makes(
        pair: tuple[Ledger, Ledger]) -> None:
    session, project = pair
    for n in range(6):  # each decide updates the index from the entry it wrote
        _decide(session, f"Decision {n}", [f"alternative {n}", "MySQL"], scope=f"s{n % 2}")
        _decide(project, f"Shared {n}", [f"shared alternative {n}"])
    session.drop("Polling", why="too slow")
    _decide(session, "Last", ["Polling"])
    path = session.repo.commondir / CACHE_DIR / DB_NAME
    written = _index_rows(path)
    assert session.ref is not None
    synced = {str(row[0]): row[1] for row in written["synced"]}
    assert synced[session.ref] == git(session.repo.workdir, "rev-parse", session.ref).strip()
    sqlite.release_kept()
    path.unlink()
    find_matches(session.store, session.ref, "anything", None, None)
    assert _index_rows(path) == written


def test_a_decide_after_a_decide_decodes_no_entry_to_index_it(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = Ledger.open(repo)
    _decide(ledger, "First", ["x"])
    _decide(ledger, "Second", ["y"])
    decoded: list[str] = []
    original = decode_entry_or_none

    def counting(blob: bytes | None, where: str) -> Entry | None:
        decoded.append(where)
        return original(blob, where)

    monkeypatch.setattr(decision_index, "decode_entry_or_none", counting)
    _decide(ledger, "Third", ["z"])
    assert decoded == []
    assert _both_ways(ledger, "z", None).rejected_by is not None  # and it holds the third


# -- the tree diff -------------------------------------------------------------------------


def test_changed_blobs_names_exactly_what_changed(repo: Path) -> None:
    ledger = Ledger.open(repo)
    kept = _decide(ledger, "Kept", ["a"])
    edited = _decide(ledger, "Edited", ["b"])
    gone = _decide(ledger, "Gone", ["c"])
    store = ledger.store
    assert ledger.ref is not None
    before = store.tip(ledger.ref).view
    ledger.edit(edited.id, text="Edited again")
    added = _decide(ledger, "Added", ["d"])

    def remove(view: TreeView | None) -> tuple[Change, None]:
        return Change("remove", (("Ledger-Event", "edit"),), {entry_path(gone.id): None}), None

    store.update(ledger.ref, remove)
    after = store.tip(ledger.ref).view
    assert before is not None
    assert after is not None
    changes = list(before.changed_blobs(after, ENTRIES_DIR))
    now = dict(after.blob_ids(ENTRIES_DIR))
    assert sorted(changes, key=lambda c: (c[0], c[1] or "")) == sorted([
        (entry_path(edited.id), None), (entry_path(edited.id), now[entry_path(edited.id)]),
        (entry_path(gone.id), None), (entry_path(added.id), now[entry_path(added.id)]),
    ], key=lambda c: (c[0], c[1] or ""))
    assert entry_path(kept.id) not in {path for path, _ in changes}
    assert list(after.changed_blobs(after, ENTRIES_DIR)) == []
    assert list(after.changed_blobs(before, "no-such-dir")) == []


# -- entries with unknown keys are cached too -----------------------------------------------


def _imported(repo: Path) -> tuple[Ledger, Entry]:
    ledger = Ledger.open(repo)
    ledger.set_task("Import")
    entry = Entry(id=new_id("decided"), kind="decided", text="Imported decision", seq=1,
                  created=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
                  author="Ada <ada@example.com>", status="accepted", over=("Other",),
                  extra={"source_id": "dl-0042", "tags": ["db", "ops"],
                         "origin": {"file": "ledger.jsonl", "line": 7}, "extra": "kept"})
    _put(ledger, entry)
    return ledger, entry


def test_an_entry_with_unknown_keys_round_trips_through_the_cache(repo: Path) -> None:
    ledger, written = _imported(repo)
    assert ledger.ref is not None
    view = ledger.store.tip(ledger.ref).view
    assert view is not None
    decoded = decode_entry(view.read(entry_path(written.id)) or b"", "blob")
    assert decoded.extra == written.extra
    first, _ = read_entries(ledger.store, ledger.ref, view)
    cache = repo / ".git" / CACHE_DIR / f"entries-{ledger.ref.rsplit('/', 1)[-1]}.json"
    stored = json.loads(cache.read_text(encoding="utf-8"))
    assert stored["version"] == CACHE_VERSION == 6
    cached = [data for data in stored["entries"].values() if data["id"] == written.id]
    assert len(cached) == 1
    assert cached[0]["extra"] == written.extra
    from_cache = entry_from_json(cached[0])
    assert from_cache == decoded
    assert from_cache.extra == decoded.extra
    again, _ = read_entries(ledger.store, ledger.ref, view)  # served from the cache
    assert again == first
    assert [e.extra for e in again] == [e.extra for e in first]
    # What rewriting the entry writes keeps every unknown key.
    assert encode_entry(from_cache) == encode_entry(decoded)


def test_an_unknown_key_with_no_json_form_is_decoded_every_time(repo: Path) -> None:
    ledger = Ledger.open(repo)
    result = ledger.decide("Dated", over=["Undated"])
    assert result.entry is not None
    assert ledger.ref is not None
    blob = encode_entry(result.entry) + b"imported_on = 2026-01-02\n"
    path = entry_path(result.entry.id)

    def operation(view: TreeView | None) -> tuple[Change, None]:
        return Change("dated", (("Ledger-Event", "edit"),), {path: blob}), None

    ledger.store.update(ledger.ref, operation)
    for _ in range(2):
        entries = {e.id: e for e in ledger.snapshot().entries}
        assert str(entries[result.entry.id].extra["imported_on"]) == "2026-01-02"


def test_a_cache_of_an_earlier_version_is_not_read(repo: Path) -> None:
    ledger, written = _imported(repo)
    assert ledger.ref is not None
    view = ledger.store.tip(ledger.ref).view
    assert view is not None
    blob_ids = dict(view.blob_ids(ENTRIES_DIR))
    cache = repo / ".git" / CACHE_DIR / f"entries-{ledger.ref.rsplit('/', 1)[-1]}.json"
    cache.parent.mkdir(exist_ok=True)
    lie = {"id": written.id, "kind": "decided", "text": "A lie", "seq": 1,
           "created": "2026-01-02T03:04:05Z", "author": "x", "status": "accepted"}
    cache.write_text(json.dumps({"version": 5, "entries": {
        blob_ids[entry_path(written.id)]: lie}}), encoding="utf-8")
    entries, _ = read_entries(ledger.store, ledger.ref, view)
    assert [e.text for e in entries] == ["Imported decision"]
    assert json.loads(cache.read_text(encoding="utf-8"))["version"] == CACHE_VERSION


def test_entry_from_json_refuses_an_extra_that_is_not_a_table() -> None:
    data = {"id": "d-0000000000", "kind": "decided", "text": "t", "seq": 1,
            "created": "2026-01-02T03:04:05Z", "author": "a", "extra": ["no"]}
    with pytest.raises(TypeError, match="'extra' must be a table"):
        entry_from_json(data)


def test_dropped_approaches_and_rejected_decisions_are_indexed(
        pair: tuple[Ledger, Ledger]) -> None:
    session, project = pair
    dropped = session.drop("Poll every second", why="rate limits").entry
    shared = project.drop("poll every second.", why="the IdP said so").entry
    assert dropped is not None
    assert shared is not None
    found = _both_ways(session, "Poll every second", None)
    assert [(r.id, r.kind) for r in found.retried] == [(dropped.id, "dropped"),
                                                        (shared.id, "dropped")]
    assert [r.id for r in _both_ways(project, "Poll every second", None).retried] == [
        shared.id]
    proposal = _decide(session, "Store tokens in localStorage", [], proposed=True)
    assert _both_ways(session, "store tokens in localStorage", None).retried == ()
    reject(session, proposal.id, why="XSS")
    assert [(r.id, r.kind) for r in _both_ways(session, "Store tokens in localStorage",
                                               None).retried] == [(proposal.id, "rejected")]
    session.edit(dropped.id, text="Poll every minute")
    assert [r.id for r in _both_ways(session, "Poll every second", None).retried] == [
        shared.id]
    warned = write_warnings(session, "Poll every second", None, None)
    assert len(warned) == 1
    assert shared.id in warned[0]
    assert write_warnings(session, "Poll every second", None, None,
                          because=f"{shared.id[:6]} was before the quota rose") == ()


# -- what the write itself costs the index -----------------------------------------------------


def _statements_of(ledger: Ledger, action: Callable[[], object]) -> list[str]:
    """The SQL statements this process's open index ran during ``action``."""
    db = sqlite.kept(ledger.repo.commondir / CACHE_DIR / DB_NAME)
    assert db is not None
    seen: list[str] = []
    db.set_trace_callback(seen.append)
    try:
        action()
    finally:
        db.set_trace_callback(None)
    return seen


def test_an_add_brings_the_index_along_without_a_delete_or_a_select(repo: Path) -> None:
    """No DELETE for a path no earlier tree had, and the move of ``synced`` from the base
    is the check that the index is there: a transaction, that move, the inserts."""
    ledger = Ledger.open(repo)
    first = _decide(ledger, "First", ["x"])
    _decide(ledger, "Second", ["w"])  # the index is at the tip from here on
    assert ledger.ref is not None
    result: list[Entry] = []
    seen = _statements_of(ledger, lambda: result.append(_decide(ledger, "Third", ["y", "z"])))
    assert not [s for s in seen if s.startswith("DELETE")]
    assert seen.count("BEGIN IMMEDIATE") == 1  # the query found the index at the base
    written = seen[seen.index("BEGIN IMMEDIATE"):]
    assert [s.split(" ", 1)[0] for s in written] == [
        "BEGIN", "UPDATE", "INSERT", "INSERT", "INSERT", "COMMIT"]  # two rejections
    assert _both_ways(ledger, "y", None) == Matches(result[0].id, None)
    assert _both_ways(ledger, "x", None) == Matches(first.id, None)


def test_an_edit_still_removes_what_the_entry_held(repo: Path) -> None:
    ledger = Ledger.open(repo)
    entry = _decide(ledger, "Keep logs a week", ["Keep logs forever"], scope="logs")
    find_matches(ledger.store, ledger.ref, "x", None, None)  # the index at the tip
    seen = _statements_of(ledger, lambda: ledger.edit(entry.id, over=["Keep logs a day"]))
    assert len([s for s in seen if s.startswith("DELETE")]) == 3
    # At the tip already (nothing left to diff), and without the old alternative.
    assert _statements_of(ledger, lambda: find_matches(
        ledger.store, ledger.ref, "x", None, None))[0].startswith("SELECT commit_id")
    assert _both_ways(ledger, "Keep logs forever", None) == Matches()
    assert _both_ways(ledger, "keep logs a day", None) == Matches(entry.id, None)


def test_an_index_another_process_moved_is_not_updated_by_the_write(repo: Path) -> None:
    """The index is not at the write's base: the conditional move moves nothing, no row
    goes in, and the next query brings the index to the tip from where it is."""
    ledger = Ledger.open(repo)
    _decide(ledger, "First", ["x"])
    path = ledger.repo.commondir / CACHE_DIR / DB_NAME
    assert ledger.ref is not None
    elsewhere = git(ledger.repo.workdir, "rev-parse", f"{ledger.ref}~1").strip()
    db = sqlite.kept(path)
    assert db is not None
    db.execute("UPDATE synced SET commit_id = ? WHERE ref = ?", (elsewhere, ledger.ref))
    real = decision_index.record_write
    entries: list[Entry] = []

    def recorded(*args: Any, **kwargs: Any) -> None:
        real(*args, **kwargs)
        entries.append(args[4])
        rows = db.execute("SELECT commit_id FROM synced WHERE ref = ?", (ledger.ref,))
        assert rows.fetchone()[0] == elsewhere  # not moved
        assert db.execute("SELECT COUNT(*) FROM decisions WHERE id = ?",
                          (args[4].id,)).fetchone()[0] == 0

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("gitledger.ledger.follow.record_write", recorded)
        # find_matches brings the index to the tip first, so move it away in between.
        real_find = decision_index.find_matches

        def moved_after(*args: Any, **kwargs: Any) -> Matches | None:
            found = real_find(*args, **kwargs)
            db.execute("UPDATE synced SET commit_id = ? WHERE ref = ?", (elsewhere, ledger.ref))
            return found

        patch.setattr("gitledger.ledger.deciding.find_matches", moved_after)
        second = _decide(ledger, "Second", ["y"])
    assert entries
    assert entries[0].id == second.id
    assert _both_ways(ledger, "y", None) == Matches(second.id, None)
    assert _both_ways(ledger, "x", None).rejected_by is not None
