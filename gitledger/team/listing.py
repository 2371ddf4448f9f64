"""The ``list`` command: every ledger this clone holds, its archives, or teammates'.

One function for the three lists ``list`` prints, so that the CLI and the MCP tool do not
each decide which to read.  It sits in ``team`` because one of the lists is the
teammates' mirrors (``review.remote_ledgers``); the other two come from ``ledger``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from gitledger.errors import ConflictingOptions
from gitledger.ledger.archives import ArchiveSummary, list_archives
from gitledger.ledger.operations import list_ledgers
from gitledger.ledger.results import LedgerSummary
from gitledger.team.render import remote_list_json, remote_list_text
from gitledger.team.review import remote_ledgers
from gitledger.views.render import archive_summary_json, archives_text, list_text, summary_json

Where = str | os.PathLike[str] | None


@dataclass(frozen=True)
class Ledgers:
    """The live ledgers of this clone (``list``)."""

    ledgers: tuple[LedgerSummary, ...]


@dataclass(frozen=True)
class Archives:
    """The archives, newest first (``list --archived``)."""

    archives: tuple[ArchiveSummary, ...]


@dataclass(frozen=True)
class RemoteLedgers:
    """Teammates' ledgers fetched from a remote (``list --remote``)."""

    ledgers: tuple[LedgerSummary, ...]


Listing = Ledgers | Archives | RemoteLedgers


def listing(where: Where, *, archived: bool = False, remote: str | None = None) -> Listing:
    """``list``: the ledgers; the archives with ``archived``; with ``remote`` (``""`` for
    every remote) the teammates' ledgers mirrored from it."""
    if remote is not None:
        if archived:
            raise ConflictingOptions("remote", "archived", phrase="do not mix")
        return RemoteLedgers(tuple(remote_ledgers(where, remote or None)))
    if archived:
        return Archives(tuple(list_archives(where)))
    return Ledgers(tuple(list_ledgers(where)))


def listing_json(found: Listing) -> dict[str, Any]:
    if isinstance(found, RemoteLedgers):
        return remote_list_json(list(found.ledgers))
    if isinstance(found, Archives):
        return {"archives": [archive_summary_json(a) for a in found.archives]}
    return {"ledgers": [summary_json(s) for s in found.ledgers]}


def listing_text(found: Listing) -> str:
    if isinstance(found, RemoteLedgers):
        return remote_list_text(list(found.ledgers))
    if isinstance(found, Archives):
        return archives_text(list(found.archives))
    return list_text(list(found.ledgers))


__all__ = ["Archives", "Ledgers", "Listing", "RemoteLedgers", "listing", "listing_json",
           "listing_text"]
