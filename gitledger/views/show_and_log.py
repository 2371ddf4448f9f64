"""The reading commands ``show`` and ``log``: one function each, shared by the CLI and MCP.

Each returns a typed result rendered by ``*_json`` and ``*_text``.  Unreadable entries
differ on purpose: the CLI names them on stderr and exits 1, MCP adds an ``unreadable`` key.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gitledger.core.display import one_line
from gitledger.core.model import Event, Snapshot
from gitledger.errors import ConflictingOptions, UnknownEntry
from gitledger.ledger.archived import open_archive
from gitledger.ledger.archives import ArchiveSummary, read_archive
from gitledger.ledger.authorship import UNKNOWN, LedgerProvenance, Provenance, current_identity
from gitledger.ledger.decisions import entry_history, locate
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import EntryHistory
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.mirrors import unpulled_remote
from gitledger.storage.provenance import FOCUS_KEYS
from gitledger.views.render import (
    archive_summary_json,
    event_json,
    history_json,
    history_text,
    ledger_provenance_json,
    provenance_json,
    provenance_lines,
    snapshot_json,
    snapshot_text,
)
from gitledger.views.render import log_text as events_text
from gitledger.views.restore import pull_hint

Where = str | os.PathLike[str] | None


@dataclass(frozen=True)
class LedgerShown:
    """A whole ledger (or one section of it, ``kind``); ``archive`` when it is one."""

    snapshot: Snapshot
    kind: str | None = None
    archive: ArchiveSummary | None = None
    #: Who wrote and last changed each entry and the focus, from history.
    provenance: LedgerProvenance | None = None
    #: The remote a new clone has not pulled the team's ledgers from yet (asked only while
    #: the ledger shown does not exist: a clone's first contact).
    unpulled: str | None = None
    #: Who is reading (git's identity; None: none set): what is not theirs is labelled.
    me: str | None = None
    #: This worktree has no ledger (yet, or since an archive) while the project ledger
    #: exists: the text says where the decisions are.
    project_elsewhere: bool = False


@dataclass(frozen=True)
class EntryShown:
    """One entry with its history, and who wrote and last changed it (from history)."""

    history: EntryHistory
    provenance: Provenance | None = None
    #: The current user's identity: a teammate under the same name is shown with their email.
    me: str | None = None


Shown = LedgerShown | EntryShown


@dataclass(frozen=True)
class LedgerLog:
    ref: str | None
    events: tuple[Event, ...]
    #: The current user's identity: a teammate under the same name is shown with their email.
    me: str | None = None


def show(
    where: Where, entry_id: str | None = None, *, kind: str | None = None,
    name: str | None = None, archive: str | None = None, project: bool = False,
) -> Shown:
    """``show``: this worktree's ledger, another (``name``, ``project``), an archive, or
    one entry of any of them (``entry_id``) with its history."""
    if archive is not None and (name is not None or project):
        raise ConflictingOptions("archive", "ledger", "project", phrase="excludes")
    summary: ArchiveSummary | None = None
    if archive is not None:
        ledger: Ledger = open_archive(where, archive)
        summary = read_archive(ledger.store, ledger.ref or "")
    else:
        ledger = Ledger.open(where, project=project, name=name)
    if entry_id is not None:
        if not (project or name or archive):  # a carried entry is in the project
            ledger = locate(where, entry_id)
            if ledger.ref != PROJECT_REF and not ledger.store.exists(ledger.ref or ""):
                # Neither holds it, and this worktree has no ledger (since an archive,
                # say): not "the ledger is empty", when both were looked in.
                raise UnknownEntry(f"no entry matches '{one_line(entry_id, 80)}' in this "
                                   "worktree's ledger or the project ledger")
        history = entry_history(ledger, entry_id)
        return EntryShown(history, ledger.provenance().entry(history.entry.id),
                          ledger.current_user())
    snapshot = ledger.snapshot()
    unpulled = (unpulled_remote(ledger.store)
                if archive is None and name is None and snapshot.commit is None else None)
    me = ledger.current_user()
    records = ledger.provenance(snapshot.commit, reader=me)
    elsewhere = (snapshot.commit is None and not (project or name or archive)
                 and ledger.store.exists(PROJECT_REF))
    return LedgerShown(snapshot, kind, summary, records, unpulled, me, elsewhere)


def unreadable(shown: Shown) -> tuple[str, ...]:
    """The paths of the entries that could not be read (only a whole ledger has any)."""
    if isinstance(shown, EntryShown):
        return ()
    return tuple(bad.path for bad in shown.snapshot.bad)


def show_json(shown: Shown) -> dict[str, Any]:
    if isinstance(shown, EntryShown):
        return {**history_json(shown.history), "provenance": provenance_json(shown.provenance)}
    out = snapshot_json(shown.snapshot, shown.kind)
    if shown.snapshot.commit is not None:  # no ledger yet: the empty document stays as it was
        out["provenance"] = ledger_provenance_json(shown.provenance, shown.snapshot, shown.kind)
    if shown.archive is not None:
        out["archive"] = archive_summary_json(shown.archive)
    return out


def show_text(shown: Shown) -> str:
    if isinstance(shown, EntryShown):
        return history_text(shown.history, provenance_lines(shown.provenance), shown.me)
    text = snapshot_text(shown.snapshot, shown.kind, _labels(shown))
    if shown.project_elsewhere:
        text += ("\nThe project ledger holds the decisions carried out of finished work: "
                 "git ledger show --project")
    return f"{text}\n\n{pull_hint(shown.unpulled)}" if shown.unpulled else text


def _labels(shown: LedgerShown) -> Callable[[str], str]:
    """``[by NAME]`` for an entry id or focus key someone other than the reader wrote or
    last changed, from the ledger's history ("" for the reader's own); an entry no record
    covers is an unknown author's, a focus field without one is nobody's."""
    records = shown.provenance
    if records is None or shown.snapshot.commit is None:
        return lambda key: ""

    def label(key: str) -> str:
        focus = key in FOCUS_KEYS.values()
        others = records.others(key, shown.me, missing=None if focus else UNKNOWN)
        return others.label() if others is not None else ""
    return label


def log(where: Where, limit: int | None = None, *, name: str | None = None,
        project: bool = False) -> LedgerLog:
    """``log``: a ledger's events, newest first, at most ``limit``."""
    ledger = Ledger.open(where, project=project, name=name)
    return LedgerLog(ledger.ref, tuple(ledger.events(limit)), current_identity(ledger.store.repo))


def log_json(result: LedgerLog) -> dict[str, Any]:
    return {"ref": result.ref, "events": [event_json(e) for e in result.events]}


def log_text(result: LedgerLog) -> str:
    return events_text(list(result.events), result.me)


__all__ = ["EntryShown", "LedgerLog", "LedgerShown", "Shown", "log", "log_json",
           "log_text", "show", "show_json", "show_text", "unreadable"]
