"""``ledger/digest.py``: the restore digest, kept locally (``ledger-cache/digest.json``) by
every write to the project ledger, never in its tree, checked before use, rebuilt when it
does not hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitledger.audit.doctor import doctor
from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import BlobRef
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger import digest, project_index
from gitledger.ledger.digest import LIMITS, SLACK, DigestHook
from gitledger.ledger.operations import Ledger
from gitledger.ledger.project_index import active_project_decisions
from gitledger.storage.layout import DIGEST_PATH, PROJECT_REF
from gitledger.storage.store import Store
from tests.builders import entry_files, make_entry, put, store_at


def _hooked(repo: Path) -> Store:
    store = store_at(repo)
    digest.register(store)
    return store


def _raw(store: Store) -> dict[str, object]:
    view = store.tip(PROJECT_REF).view
    assert view is not None
    assert not view.has(DIGEST_PATH)  # never in the tree: it would travel
    loaded = json.loads(digest.local_path(store).read_bytes())
    assert isinstance(loaded, dict)
    return loaded


def checked(store: Store) -> digest.Checked | None:
    view = store.tip(PROJECT_REF).view
    assert view is not None
    return digest.checked(store, view)


def _cold(store: Store) -> None:
    """Every cache gone but the digest: the first restore after a pull."""
    for path in (store.repo.commondir / CACHE_DIR).glob("*"):
        if path.name != digest.LOCAL_FILE:
            path.unlink()


def test_every_write_through_a_registered_store_keeps_a_digest_of_its_tree(
        repo: Path) -> None:
    store = _hooked(repo)
    put(store, PROJECT_REF, entry_files(
        make_entry("d-0000000001", seq=1), make_entry("d-0000000002", status="rejected", seq=2),
        make_entry("v-0000000003", "verified", seq=3)))
    view = store.tip(PROJECT_REF).view
    assert view is not None
    raw = _raw(store)
    assert raw["version"] == digest.DIGEST_FORMAT
    assert raw["entries"] == view.id_of("entries")
    assert raw["decided"] == {"count": 1, "top": [
        [entry_path("d-0000000001"), view.id_of(entry_path("d-0000000001")), 1,
         make_entry("d-0000000001").created.timestamp()]]}
    assert raw["verified"]["count"] == 1  # type: ignore[index]
    # A change of status takes the decision out; a new one comes in first.
    put(store, PROJECT_REF, entry_files(
        make_entry("d-0000000001", status="superseded", seq=1),
        make_entry("d-0000000004", seq=4)))
    found = checked(store)
    assert found is not None
    assert [e.id for e in found.newest["decided"]] == ["d-0000000004"]
    assert found.counts == {"decided": 1, "verified": 1, "dropped": 0}


def test_an_unregistered_store_writes_no_digest_and_restore_reads_every_entry(
        repo: Path) -> None:
    store = store_at(repo)
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000001", seq=1)))
    assert not digest.local_path(store).exists()
    assert [e.id for e, _ in active_project_decisions(store).top] == ["d-0000000001"]


def test_the_incremental_digest_equals_a_full_rebuild_over_many_writes(repo: Path) -> None:
    store = _hooked(repo)
    statuses = ("accepted", "rejected", "implemented", "proposed")
    for n in range(1, 40):
        entries = [make_entry(f"d-{n:010d}", status=statuses[n % 4], seq=n)]
        if n % 5 == 0:  # rewrite an older one
            entries.append(make_entry(f"d-{n - 3:010d}", status="superseded", seq=n - 3))
        if n % 7 == 0:
            entries.append(make_entry(f"x-{n:010d}", "dropped", seq=n, why="slow"))
        put(store, PROJECT_REF, entry_files(*entries))
    view = store.tip(PROJECT_REF).view
    assert view is not None
    kept = digest.local(store, view)
    rebuilt = digest.full(store, view, {}, view.id_of("entries"))
    assert kept == rebuilt


def test_a_list_emptied_below_what_the_index_needs_is_rebuilt_from_every_entry(
        repo: Path) -> None:
    store = _hooked(repo)
    limit = LIMITS["verified"] + SLACK
    entries = [make_entry(f"v-{n:010d}", "verified", seq=n) for n in range(1, limit + 11)]
    put(store, PROJECT_REF, entry_files(*entries))
    assert len(_raw(store)["verified"]["top"]) == limit  # type: ignore[index]
    # Turn the newest SLACK + 1 into open questions: only older ones, beyond the list, are
    # left to fill it, which only a full rebuild knows.
    newest = entries[-(SLACK + 1):]
    put(store, PROJECT_REF, entry_files(*(make_entry(
        e.id.replace("v-", "o-"), "open", seq=e.seq) for e in newest)) | {
        entry_path(e.id): None for e in newest})
    found = checked(store)
    assert found is not None
    assert found.counts["verified"] == limit + 10 - (SLACK + 1)
    assert found.newest["verified"][0].id == f"v-{limit + 10 - SLACK - 1:010d}"


def test_a_cold_restore_reads_the_digest_not_every_entry(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _hooked(repo)
    entries = [make_entry(f"d-{n:010d}", seq=n) for n in range(1, 30)]
    put(store, PROJECT_REF, entry_files(*entries))
    warm = active_project_decisions(store)
    _cold(store)

    def everything(*args: object) -> None:
        raise AssertionError("a cold read through the digest reads no whole ledger")
    monkeypatch.setattr(project_index, "read_entries", everything)
    found = active_project_decisions(store)
    assert found.top == warm.top
    assert found.active == warm.active == 29


def test_a_lying_local_digest_is_set_aside_and_every_entry_read(repo: Path) -> None:
    store = store_at(repo)  # no hook: the liar writes the digest file by hand
    entries = [make_entry("d-0000000001", seq=1), make_entry("d-0000000002", seq=2),
               make_entry("d-0000000003", status="rejected", seq=3)]
    put(store, PROJECT_REF, entry_files(*entries))
    view = store.tip(PROJECT_REF).view
    assert view is not None
    honest = digest.full(store, view, {}, view.id_of("entries"))
    rejected = entry_path("d-0000000003")
    blob = view.id_of(rejected)
    assert blob is not None
    lies = {
        # a rejected decision listed as active (the blob it names says otherwise)
        "status": {**honest.buckets, "decided": digest.Bucket(3, (
            (rejected, blob, 3, entries[2].created.timestamp()),
            *honest.buckets["decided"].top))},
        # an item whose blob is not the one its tree holds at that path
        "blob": {**honest.buckets, "decided": digest.Bucket(2, (
            (entry_path("d-0000000002"), blob, 2, entries[1].created.timestamp()),
            honest.buckets["decided"].top[1]))},
        # a list that hides the newest behind an older one
        "order": {**honest.buckets, "decided": digest.Bucket(
            2, tuple(reversed(honest.buckets["decided"].top)))},
        # fewer listed than it counts, within the limit
        "count": {**honest.buckets, "decided": digest.Bucket(
            5, honest.buckets["decided"].top)},
    }
    for lie, buckets in lies.items():
        forged = digest.encode(digest.Digest(view.id_of("entries"), buckets))
        _cold(store)
        digest.local_path(store).write_bytes(forged)
        assert checked(store) is None, lie
        found = active_project_decisions(store)
        assert [e.id for e, _ in found.top] == ["d-0000000002", "d-0000000001"], lie
        assert found.active == 2, lie


def test_a_digest_in_the_tree_is_stale_and_doctor_fix_takes_it_out(repo: Path) -> None:
    store = _hooked(repo)
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000001", seq=1)))
    old = digest.local_path(store).read_bytes()
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000002", seq=2)))
    plain = store_at(repo)  # a writer without the hook (an older gitledger) commits one
    put(plain, PROJECT_REF, {DIGEST_PATH: old})
    assert digest.inspect(store).state == "stale"
    report = doctor(repo)
    assert "digest-stale" in [f.code for f in report.findings]
    fixed = doctor(repo, fix=True)
    assert [f.fixed for f in fixed.findings if f.code == "digest-stale"] == [True]
    assert digest.inspect(store).state == "ok"
    assert "digest-stale" not in [f.code for f in doctor(repo).findings]


def test_the_hook_advances_from_the_digest_it_wrote_without_reading_it_back(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_at(repo)
    store.add_write_hook(PROJECT_REF, DigestHook(store))
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000001", seq=1)))

    def never(*args: object) -> None:
        raise AssertionError("the hook read back the digest it had just written")
    monkeypatch.setattr(digest, "local", never)
    monkeypatch.setattr(digest, "full", never)
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000002", seq=2)))
    monkeypatch.undo()
    found = checked(store)
    assert found is not None
    assert [e.id for e in found.newest["decided"]] == ["d-0000000002", "d-0000000001"]
    # A process that did not write the tip (a new hook) reads the saved digest.
    fresh = DigestHook(store_at(repo))
    monkeypatch.setattr(digest, "full", never)
    view = store.tip(PROJECT_REF).view
    assert fresh(view, entry_files(make_entry("d-0000000003", seq=3)), None) == {}
    assert b"d-0000000002" in digest.local_path(store).read_bytes()


def test_a_hook_that_cannot_read_an_entry_keeps_no_digest_and_the_write_goes_on(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _hooked(repo)
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000001", seq=1)))

    def broken(*args: object) -> None:
        raise ValueError("unreadable")
    monkeypatch.setattr(digest, "advanced", broken)
    put(store, PROJECT_REF, entry_files(make_entry("d-0000000002", seq=2)))
    view = store.tip(PROJECT_REF).view
    assert view is not None
    assert view.has(entry_path("d-0000000002"))
    assert digest.local(store, view) is None


def test_a_ledger_written_through_the_library_keeps_its_digest(repo: Path) -> None:
    ledger = Ledger.open(repo, project=True)
    ledger.decide("Use one gateway", over=["direct"], because="one place for auth")
    ledger.verify("the gateway holds 10k rps", by="bench/gateway.sh")
    store = ledger.store
    found = checked(store)
    assert found is not None
    assert found.counts == {"decided": 1, "verified": 1, "dropped": 0}


def test_blob_refs_in_a_change_are_read_for_the_digest(repo: Path) -> None:
    store = _hooked(repo)
    entry = make_entry("d-0000000001", seq=1)
    blob = str(store.git.create_blob(encode_entry(entry)))
    put(store, PROJECT_REF, {entry_path(entry.id): BlobRef(blob)})
    found = checked(store)
    assert found is not None
    assert [e.id for e in found.newest["decided"]] == [entry.id]


@pytest.mark.parametrize("data", [b"[" * 100_000, b"{\"format\": 1}", b"not json", b"\xff",
                                  b'{"format": 1, "entries": null, "decided": {"count": -1,'
                                  b' "top": []}, "verified": {"count": 0, "top": []},'
                                  b' "dropped": {"count": 0, "top": []}}'])
def test_a_malformed_digest_is_no_digest(data: bytes) -> None:
    assert digest.decode(data) is None


def test_a_tip_written_elsewhere_carries_the_saved_digest_forward(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pull's fast-forward brings commits no hook here saw: the saved digest of the old
    tip is carried over the entries that differ, and no whole ledger is read."""
    store = _hooked(repo)
    put(store, PROJECT_REF, entry_files(*(make_entry(f"d-{n:010d}", seq=n)
                                          for n in range(1, 20))))
    assert checked(store) is not None  # a restore: the saved digest is stamped with its tip
    elsewhere = store_at(repo)  # no hook: as a teammate's commits arrive
    put(elsewhere, PROJECT_REF, entry_files(
        make_entry("d-0000000020", seq=20), make_entry("d-0000000003", status="rejected",
                                                       seq=3)))
    _cold(store)

    def everything(*args: object) -> None:
        raise AssertionError("the carried digest reads no whole ledger")
    monkeypatch.setattr(project_index, "read_entries", everything)
    monkeypatch.setattr(digest, "read_entries", everything)
    found = active_project_decisions(store_at(repo))
    assert found.active == 19
    assert found.top[0][0].id == "d-0000000020"
    assert "d-0000000003" not in {e.id for e, _ in found.top}


def test_a_restore_that_read_every_entry_keeps_a_digest_for_the_next(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_at(repo)  # no hook: no digest (a fresh clone, every cache deleted)
    put(store, PROJECT_REF, entry_files(*(make_entry(f"d-{n:010d}", seq=n)
                                          for n in range(1, 12))))
    first = active_project_decisions(store)  # reads every entry
    _cold(store)

    def everything(*args: object) -> None:
        raise AssertionError("the second restore reads no whole ledger")
    monkeypatch.setattr(project_index, "read_entries", everything)
    again = active_project_decisions(store_at(repo))
    assert again.top == first.top
    assert again.active == first.active == 11
