"""Small builders shared by the unit tests of ``storage/`` and ``ledger/``: a ``Store`` on a
real temporary repository, raw writes through ``Store.update``, and entries to write."""

from __future__ import annotations

import hashlib
import os
import subprocess
import time
import zlib
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygit2
import pytest

from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import BlobRef, Change, Entry
from gitledger.storage import bounded
from gitledger.storage.archive_store import read_archive_tag
from gitledger.storage.layout import ARCHIVE_PREFIX
from gitledger.storage.month_chains import chain_ref, month_of
from gitledger.storage.repo import Repo
from gitledger.storage.store import STALE_LOCK_MINUTES, Store, TreeView

CREATED = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def store_at(path: Path) -> Store:
    return Store(Repo(path))


def put(store: Store, ref: str, files: Mapping[str, bytes | BlobRef | None],
        subject: str = "write", trailers: tuple[tuple[str, str], ...] = ()) -> str:
    """Write ``files`` on top of ``ref``'s tip (or as its first commit); the new commit."""
    def operation(view: TreeView | None) -> tuple[Change, None]:
        return Change(subject, trailers, files), None
    commit, _ = store.update(ref, operation, retry_seconds=10)
    assert commit is not None
    return commit


def make_entry(entry_id: str, kind: str = "decided", **fields: Any) -> Entry:
    values: dict[str, Any] = {"text": f"text of {entry_id}", "seq": 1, "created": CREATED,
                              "author": "Ada Tester <ada@example.com>"}
    if kind == "decided":
        values["status"] = "accepted"
    values.update(fields)
    return Entry(id=entry_id, kind=kind, **values)


def entry_files(*entries: Entry) -> dict[str, bytes | BlobRef | None]:
    """The tree paths and blobs of ``entries``, as a ledger write stores them."""
    return {entry_path(e.id): encode_entry(e) for e in entries}


# -- watching reads and processes ----------------------------------------------------------


def counting_blob_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The blob ids read whole from now on (every bounded read of a store or a tree view
    goes through ``checked_blob``), in order, one item a read."""
    reads: list[str] = []
    real = bounded.checked_blob

    def counted(git: pygit2.Repository, oid: pygit2.Oid, *args: Any) -> bytes:
        reads.append(str(oid))
        return real(git, oid, *args)

    monkeypatch.setattr("gitledger.storage.store.checked_blob", counted)
    monkeypatch.setattr("gitledger.storage.tree_view.checked_blob", counted)
    return reads


def recording_processes(monkeypatch: pytest.MonkeyPatch) -> list[subprocess.Popen[bytes]]:
    """Every process started from now on (``subprocess.run`` starts them through Popen)."""
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def recorded(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        process = real(*args, **kwargs)
        started.append(process)
        return process

    monkeypatch.setattr(subprocess, "Popen", recorded)
    return started


def header_only_blob(objects: Path, size: int) -> pygit2.Oid:
    """A loose object under ``objects`` whose header says "blob of ``size`` bytes" and whose
    content stops short after it: its header reads; reading it whole fails.  So a read that
    gets past the size check without error never inflated it."""
    data = zlib.compress(f"blob {size}\0".encode() + b"a" * 64)
    sha = hashlib.sha1(f"blob {size}".encode()).hexdigest()  # any name: never verified
    folder = objects / sha[:2]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / sha[2:]).write_bytes(data)
    return pygit2.Oid(hex=sha)


def to_format_3(path: Path) -> list[str]:
    """Make a repository's archive tags what format 3 wrote: each tag a commit of this
    clone's month chain (by tagger month, oldest first; the tag's message, tagger and
    date), and the tag ref gone.  The chain names, for the migration tests to start from
    a format-3 repository built as that version built one."""
    store = store_at(path)
    clone = store.clone_id() or ""
    groups: dict[str, list[tuple[str, str, str, pygit2.Signature]]] = {}
    tags = store.refs_under(ARCHIVE_PREFIX, chained=False)
    for ref in sorted(tags):
        tag = read_archive_tag(store, ref)
        assert tag.tagged is not None
        assert tag.commit is not None
        assert tag.tagger is not None
        name, _, email = tag.tagger.rpartition(" <")
        offset = tag.tagged.utcoffset()
        who = pygit2.Signature(name, email.removesuffix(">"), int(tag.tagged.timestamp()),
                               int(offset.total_seconds() // 60) if offset else 0)
        groups.setdefault(chain_ref(month_of(tag.tagged), clone), []).append(
            (ref.removeprefix(ARCHIVE_PREFIX), tag.commit, tag.message, who))
    for chain, archives in sorted(groups.items()):
        archives.sort(key=lambda item: (item[3].time, item[0]))
        existing = store.git.references.get(chain)  # a month's chain goes on
        parent = [existing.peel(pygit2.Commit).id] if existing is not None else []
        for ledger_id, commit, message, who in archives:
            # One commit per archive: the ledger's final tree as <id>/, the ledger's
            # last commit as its last parent, the tag's message, the archiver as author.
            ledger = store.git[pygit2.Oid(hex=commit)]
            assert isinstance(ledger, pygit2.Commit)
            builder = store.git.TreeBuilder()
            builder.insert(ledger_id, ledger.tree_id, pygit2.enums.FileMode.TREE)
            parent = [store.git.create_commit(None, who, who, message, builder.write(),
                                              [*parent, ledger.id])]
        store.git.references.create(chain, parent[0], force=True)
    for ref, tag_id in tags.items():
        subprocess.run(["git", "-C", str(path), "update-ref", "-d", ref, tag_id], check=True,
                       timeout=60)
    store.forget_archives()
    return sorted(groups)


def aged_past_stale(lock: Path) -> None:
    """Make ``lock`` as old as one a killed writer left long ago: past the minutes a live
    writer may hold a lock, so doctor reports it and ``--fix`` removes it."""
    old = time.time() - 60 * (STALE_LOCK_MINUTES + 1)
    os.utime(lock, (old, old))


def saved_governing(path: Path) -> dict[str, Any]:
    """The pre-tool-use hook's saved governing entries as one document,
    ``{"parts": {part: {"key": …, "entries": [triples]}}}``, to read or change in a test."""
    from gitledger.derived.governing_cache import read_parts

    return {"parts": {part: {"key": key, "entries": items}
                      for part, (key, items) in read_parts(path).items()}}


def write_saved_governing(path: Path, document: dict[str, Any]) -> None:
    """Write ``document`` (``saved_governing``'s shape) back, indexed as the hook saves it."""
    from gitledger.derived.governing_cache import write_parts

    write_parts(path, {part: (saved["key"], saved["entries"])
                       for part, saved in document["parts"].items()})
