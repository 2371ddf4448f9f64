"""Small builders shared by the unit tests of ``storage/`` and ``ledger/``: a ``Store`` on a
real temporary repository, raw writes through ``Store.update``, and entries to write."""

from __future__ import annotations

import hashlib
import subprocess
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
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

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
