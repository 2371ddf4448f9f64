"""``storage/store.py``: the compare-and-swap of every write, and refusing corrupt refs."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pygit2
import pytest

from gitledger.core.model import Change
from gitledger.errors import ConcurrentUpdate, CorruptLedger
from gitledger.storage import tree_view as tree_view_module
from gitledger.storage.bounded import checked_blob
from gitledger.storage.store import Store, TreeView
from tests.builders import put, store_at
from tests.conftest import git

REF = "refs/ledger/sessions/unittest01"


def test_first_write_creates_the_ref_with_the_whole_tree(repo: Path) -> None:
    store = store_at(repo)
    assert store.tip(REF).commit is None
    first = put(store, REF, {"a/b.toml": b"one\n"}, "add one", (("Ledger-Event", "add"),))
    second = put(store, REF, {"c.toml": b"two\n"}, "add two")
    assert git(repo, "rev-parse", REF).strip() == second
    assert git(repo, "rev-parse", f"{REF}^").strip() == first
    assert git(repo, "show", f"{REF}:a/b.toml") == "one\n"  # earlier files stay
    assert git(repo, "log", "-1", "--format=%B", first).strip() == \
        "add one\n\nLedger-Event: add"
    events = list(store.history(REF))
    assert [e.subject for e in events] == ["add two", "add one"]
    assert events[1].trailers == {"Ledger-Event": ("add",)}
    assert events[0].author == "Ada Tester <ada@example.com>"
    assert [e.subject for e in store.history(REF, limit=1)] == ["add two"]


def test_an_operation_with_nothing_to_do_writes_nothing(repo: Path) -> None:
    store = store_at(repo)
    assert store.update(REF, lambda view: None) == (None, None)
    assert not store.exists(REF)


def test_removing_every_file_of_a_directory_drops_the_directory(repo: Path) -> None:
    store = store_at(repo)
    put(store, REF, {"d/e/f": b"x", "keep": b"y"})
    put(store, REF, {"d/e/f": None})
    assert git(repo, "ls-tree", "-r", "--name-only", REF).split() == ["keep"]


def test_a_moved_tip_is_retried_on_the_new_state(repo: Path) -> None:
    store, rival = store_at(repo), store_at(repo)
    put(store, REF, {"base": b"0"})
    seen: list[str | None] = []

    def operation(view: TreeView | None) -> tuple[Change, int]:
        assert view is not None
        seen.append(view.commit)
        if len(seen) == 1:  # another writer wins the race after we read the tip
            put(rival, REF, {"theirs": b"t"})
        saw = b"theirs" if view.has("theirs") else b"nothing"
        return Change("ours", (), {"ours": b"o", "saw": saw}), 7

    commit, result = store.update(REF, operation, retry_seconds=10)
    assert result == 7
    assert len(seen) == 2
    assert seen[0] != seen[1]
    assert git(repo, "ls-tree", "--name-only", REF).split() == ["base", "ours", "saw", "theirs"]
    assert git(repo, "show", f"{REF}:saw") == "theirs"  # computed from the new tip
    assert git(repo, "rev-list", "--count", REF).strip() == "3"
    assert commit == git(repo, "rev-parse", REF).strip()


def test_concurrent_writers_never_lose_a_write(repo: Path) -> None:
    threads, writes = 4, 5
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            store = store_at(repo)  # a pygit2 Repository stays in its thread
            for i in range(writes):
                put(store, REF, {f"w{n}/{i}": f"{n}.{i}".encode()})
        except BaseException as exc:
            errors.append(exc)

    workers = [threading.Thread(target=writer, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert not any(w.is_alive() for w in workers)
    assert errors == []
    names = git(repo, "ls-tree", "-r", "--name-only", REF).split()
    assert sorted(names) == sorted(f"w{n}/{i}" for n in range(threads) for i in range(writes))
    assert git(repo, "rev-list", "--count", REF).strip() == str(threads * writes)


def _lock(store: Store, ref: str, age_seconds: float = 0) -> Path:
    lock = store.lock_file(ref)
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text("")
    if age_seconds:
        then = time.time() - age_seconds
        os.utime(lock, (then, then))
    return lock


def test_a_held_lock_is_waited_out_then_refused(repo: Path) -> None:
    store = store_at(repo)
    before = put(store, REF, {"a": b"1"})
    _lock(store, REF)
    started = time.monotonic()
    with pytest.raises(ConcurrentUpdate, match=r"stayed locked for 0\.3s; nothing was written"):
        store.update(REF, lambda v: (Change("x", (), {"b": b"2"}), None), retry_seconds=0.3)
    assert time.monotonic() - started < 10
    assert git(repo, "rev-parse", REF).strip() == before


def test_a_stale_lock_is_refused_at_once(repo: Path) -> None:
    store = store_at(repo)
    _lock(store, REF, age_seconds=11 * 60)
    started = time.monotonic()
    with pytest.raises(ConcurrentUpdate, match="minutes old"):
        store.update(REF, lambda v: (Change("x", (), {"b": b"2"}), None), retry_seconds=30)
    assert time.monotonic() - started < 5  # not the 30 s of retries
    assert not store.exists(REF)


def test_corrupt_refs_are_refused_not_crashed_on(repo: Path) -> None:
    store = store_at(repo)
    put(store, REF, {"a": b"1"})
    blob = str(store.git.create_blob(b"not a commit"))
    git(repo, "update-ref", "refs/ledger/blob", blob)
    git(repo, "symbolic-ref", "refs/ledger/sym", REF)
    (store.repo.commondir / "refs/ledger/missing").write_text("1" * 40 + "\n")
    cases = {
        "refs/ledger/blob": "points at a blob, not a ledger commit",
        "refs/ledger/sym": "is a symbolic ref, not a ledger",
        "refs/ledger/missing": "points at 1111111111111111111111111111111111111111, which is "
                               "missing",
        "refs/ledger/bad..name": "is not a valid ref name",
    }
    for ref, message in cases.items():
        with pytest.raises(CorruptLedger, match=message):
            store.tip(ref)
        with pytest.raises(CorruptLedger, match=message):
            store.update(ref, lambda v: (Change("x", (), {"b": b"2"}), None))
    assert git(repo, "rev-parse", "refs/ledger/blob").strip() == blob  # left as it was


def test_ledger_refs_leave_out_mirrors_and_transcripts(repo: Path) -> None:
    store = store_at(repo)
    commit = put(store, REF, {"a": b"1"})
    for ref in ("refs/ledger/project", "refs/ledger/remotes/origin/project",
                "refs/ledger/transcripts/s1", "refs/heads/main"):
        store.mirror(ref, commit)
    assert store.ledger_refs() == ["refs/ledger/project", REF]
    assert store.refs_under("refs/ledger/remotes/") == {
        "refs/ledger/remotes/origin/project": commit}
    store.mirror("refs/ledger/project", None)
    assert not store.exists("refs/ledger/project")
    assert store.target(REF) == commit
    assert store.target("refs/ledger/none") is None


# -- the header blobs every write reads --------------------------------------------------------


def test_a_header_blob_is_read_from_git_once_then_kept_by_id(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_at(repo)
    ref = "refs/ledger/project"
    put(store, ref, {"state.toml": b"seq = 1\n", "other.toml": b"x = 1\n"})
    view = store.tip(ref).view
    assert view is not None
    reads: list[object] = []

    def counting(git: pygit2.Repository, oid: pygit2.Oid, *args: int | None) -> bytes:
        reads.append(oid)
        return checked_blob(git, oid, *args)

    monkeypatch.setattr(tree_view_module, "checked_blob", counting)
    tree_view_module._HEADER_BLOBS.clear()
    assert view.read_header_blob("state.toml") == view.read("state.toml") == b"seq = 1\n"
    assert len(reads) == 2  # the header read, and read's own
    assert view.read_header_blob("state.toml") == b"seq = 1\n"
    assert len(reads) == 2  # kept
    assert view.read_header_blob("missing.toml") is None
    put(store, ref, {"state.toml": b"seq = 2\n"})  # new content, new id: never stale
    later = store.tip(ref).view
    assert later is not None
    assert later.read_header_blob("state.toml") == b"seq = 2\n"
    assert len(reads) == 3


def test_a_header_path_that_is_a_tree_reads_as_none(repo: Path) -> None:
    store = store_at(repo)
    ref = "refs/ledger/project"
    put(store, ref, {"state.toml/inner": b"x = 1\n"})
    view = store.tip(ref).view
    assert view is not None
    assert view.read_header_blob("state.toml") is None


def test_the_kept_header_blobs_stay_bounded(repo: Path) -> None:
    store = store_at(repo)
    ref = "refs/ledger/project"
    tree_view_module._HEADER_BLOBS.clear()
    for n in range(tree_view_module.HEADER_BLOBS_KEPT * 2 + 3):
        put(store, ref, {"state.toml": f"seq = {n}\n".encode()})
        view = store.tip(ref).view
        assert view is not None
        assert view.read_header_blob("state.toml") == f"seq = {n}\n".encode()
        assert len(tree_view_module._HEADER_BLOBS) <= tree_view_module.HEADER_BLOBS_KEPT
