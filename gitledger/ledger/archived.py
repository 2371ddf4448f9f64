"""One archive as a ``Ledger`` whose every write is refused, for ``show --archive`` and
any caller holding a ``Ledger``; ``restore --archive`` reads it through
``reader.open_archive_reader`` and loads none of the writes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from gitledger.ledger.operations import Ledger
from gitledger.ledger.reader import archive_label, resolve_archive
from gitledger.storage.archive_store import (
    ArchiveStore,
    read_only_error,
)
from gitledger.storage.layout import ARCHIVE_PREFIX
from gitledger.storage.repo import Repo
from gitledger.storage.store import TreeView

if TYPE_CHECKING:
    from gitledger.core.model import Focus, LedgerMeta
    from gitledger.ledger.results import Built, WriteResult


class ArchivedLedger(Ledger):
    """An archived ledger, read-only: every read of ``Ledger`` works, every write fails."""

    def __init__(self, store: ArchiveStore, ref: str) -> None:
        super().__init__(store, ref, "archive", "")

    @property
    def name(self) -> str:
        return archive_label(self.ref or "")

    def write(self, build: Callable[[TreeView, LedgerMeta, Focus], Built | None], *,
              session: object = None) -> WriteResult:
        raise read_only_error(self.ref or ARCHIVE_PREFIX)

    def ensure_started(self, ref: str) -> None:
        raise read_only_error(ref)


def open_archive(where: str | os.PathLike[str] | None, name: str) -> ArchivedLedger:
    """The archive ``name`` names, as a read-only ledger."""
    store = ArchiveStore(Repo(where))
    return ArchivedLedger(store, resolve_archive(store, name))
