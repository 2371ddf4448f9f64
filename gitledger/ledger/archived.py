"""Opening one archive as a read-only ``Ledger``: what ``show`` and ``restore --archive``
need, kept apart from listing and pruning archives (``archives.py``) so that every
restore does not pay for those.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from gitledger.errors import (
    InvalidInput,
    UnknownEntry,
)
from gitledger.ledger.operations import Ledger
from gitledger.storage.archive_store import (
    ArchiveStore,
    read_only_error,
)
from gitledger.storage.layout import ARCHIVE_PREFIX, REMOTES_PREFIX, SESSIONS_PREFIX
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

if TYPE_CHECKING:
    from gitledger.core.model import Focus, LedgerMeta
    from gitledger.ledger.results import Built, WriteResult


class ArchivedLedger(Ledger):
    """An archived ledger, read-only: every read of ``Ledger`` works, every write fails."""

    def __init__(self, store: ArchiveStore, ref: str) -> None:
        super().__init__(store, ref, "archive", "")

    @property
    def name(self) -> str:
        ref = self.ref or ""
        if ref.startswith(REMOTES_PREFIX):  # a teammate's: REMOTE/ID
            remote = ref.removeprefix(REMOTES_PREFIX).split("/", 1)[0]
            return f"{remote}/{ref.rsplit('/', 1)[-1]}"
        return ref.removeprefix(ARCHIVE_PREFIX)

    def write(self, build: Callable[[TreeView, LedgerMeta, Focus], Built | None]) -> WriteResult:
        raise read_only_error(self.ref or ARCHIVE_PREFIX)

    def ensure_started(self, ref: str) -> None:
        raise read_only_error(ref)


def archive_refs(store: Store) -> list[str]:
    return [r for r in store.ledger_refs() if r.startswith(ARCHIVE_PREFIX)]


def resolve_archive(store: Store, name: str) -> str:
    """The archive ref ``name`` names: its full ref, its ledger id, or a unique prefix."""
    if not name:
        raise InvalidInput("--archive needs an archive name (git ledger list --archived)")
    refs = archive_refs(store)
    if name.startswith(REMOTES_PREFIX) or ("/" in name and not name.startswith(
            ("refs/", "archive/"))):
        return _fetched_archive(store, name)
    if name.startswith("refs/"):
        if name in refs:
            return name
        if name.startswith(SESSIONS_PREFIX) and store.exists(name):
            raise UnknownEntry(f"{name} is a live session ledger, not an archive: "
                               f"read it with git ledger show --ledger {name}")
        raise UnknownEntry(f"no archive at {name} (git ledger list --archived shows them)")
    key = name.removeprefix("archive/")
    exact = ARCHIVE_PREFIX + key
    if exact in refs:
        return exact
    matches = [r for r in refs if r.startswith(exact)]
    if len(matches) > 1:
        shown = ", ".join(r.removeprefix(ARCHIVE_PREFIX) for r in matches[:5])
        raise UnknownEntry(f"'{name}' is ambiguous: it matches the archives {shown}")
    if not matches:
        raise UnknownEntry(f"no archive named '{name}' (git ledger list --archived shows them)")
    return matches[0]


def _fetched_archive(store: Store, name: str) -> str:
    """A teammate's archive, fetched from a remote: ``REMOTE/ID`` (or a prefix of ID), or
    its full ref under ``refs/ledger/remotes/``."""
    fetched = [r for r in store.refs_under(REMOTES_PREFIX) if "/archive/" in r]
    if name.startswith(REMOTES_PREFIX):
        if name in fetched:
            return name
        raise UnknownEntry(f"no archive at {name} (git ledger fetch brings a remote's)")
    remote, _, key = name.partition("/")
    exact = f"{REMOTES_PREFIX}{remote}/archive/{key.removeprefix('archive/')}"
    matches = [r for r in fetched if r.startswith(exact)]
    if exact in matches:
        return exact
    if len(matches) > 1:
        raise UnknownEntry(f"'{name}' is ambiguous: it matches {', '.join(matches[:5])}")
    if not matches:
        raise UnknownEntry(f"no archive named '{name}' was fetched (git ledger fetch "
                           f"{remote} brings a remote's archives)")
    return matches[0]


def open_archive(where: str | os.PathLike[str] | None, name: str) -> ArchivedLedger:
    """The archive ``name`` names, as a read-only ledger."""
    store = ArchiveStore(Repo(where))
    return ArchivedLedger(store, resolve_archive(store, name))
