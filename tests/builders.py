"""Small builders shared by the unit tests of ``storage/`` and ``ledger/``: a ``Store`` on a
real temporary repository, raw writes through ``Store.update``, and entries to write."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import BlobRef, Change, Entry
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
