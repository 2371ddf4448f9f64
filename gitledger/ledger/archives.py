"""Archived ledgers: reading them and pruning them.

An archive is read-only: ``open_archive`` gives a ``Ledger`` whose every write is refused.
``prune`` is gitledger's only deletion: archives tagged before a date the user gives, each
under a lock that checks the ref still names what was read.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any

from gitledger.derived.files import CACHE_DIR
from gitledger.errors import (
    CorruptLedger,
    InvalidInput,
)
from gitledger.ledger.reader import archive_refs
from gitledger.ledger.tree import count_entries, read_header
from gitledger.storage.archive_store import (
    delete_ref_if_unchanged,
    read_archive_tag,
)
from gitledger.storage.layout import ARCHIVE_PREFIX, SESSIONS_PREFIX
from gitledger.storage.month_chains import month_of
from gitledger.storage.repo import Repo, now
from gitledger.storage.store import Store

CARRIED_LINE = "Carried to the project ledger: "
#: How long ``prune`` waits for an archive ref another git process holds locked.
LOCK_WAIT_SECONDS = 2.0


# -- reading archives ----------------------------------------------------------------------


@dataclass(frozen=True)
class ArchiveSummary:
    """One archive as ``list --archived`` shows it."""

    id: str
    ref: str
    tag: str | None  # the tag object's id (what prune checks before deleting)
    commit: str | None  # the ledger commit the tag points at
    tagged: datetime | None  # the tagger date: when it was archived
    tagger: str | None
    task: str | None
    next: str | None
    entries: int
    carried: tuple[str, ...]  # what the archive carried to the project ledger
    owner: str | None = None  # the agent session that owned the ledger
    problem: str | None = None  # why it could not be read (such an archive is never pruned)


def read_archive(store: Store, ref: str) -> ArchiveSummary:
    """What the tag and the archived tree say about one archive; never raises on damage."""
    ledger_id = ref.rsplit("/", 1)[-1]
    empty = ArchiveSummary(ledger_id, ref, None, None, None, None, None, None, 0, ())
    try:
        tag = read_archive_tag(store, ref)
    except CorruptLedger as exc:
        return _damaged(empty, str(exc))
    lines = tag.message.splitlines()
    summary = ArchiveSummary(
        ledger_id, ref, tag.id, None, tag.tagged, tag.tagger, _field(lines, "TASK: "),
        _field(lines, "NEXT: "), _entries_trailer(lines), _carried(lines),
        _field(lines, "Ledger-Owner: "),
    )
    if tag.commit is None or tag.view is None:
        return _damaged(summary, tag.problem or f"{ref}: the tag does not lead to a commit")
    try:
        meta, focus = read_header(ref, tag.view)
    except CorruptLedger as exc:
        return _damaged(_replace(summary, commit=tag.commit), str(exc))
    problem = None if tag.tagged is not None else f"{ref}: the tag has no tagger date"
    return _replace(summary, commit=tag.commit, task=focus.task, next=focus.next,
                    entries=count_entries(tag.view), owner=meta.session_id, problem=problem)


def list_archives(where: str | os.PathLike[str] | None = None) -> list[ArchiveSummary]:
    """Every archive, newest first (archives whose date cannot be read come last)."""
    return _archives(Store(Repo(where)))


def _archives(store: Store) -> list[ArchiveSummary]:
    found = [read_archive(store, ref) for ref in archive_refs(store)]
    oldest = datetime.min.replace(tzinfo=UTC)
    found.sort(key=lambda a: (a.tagged or oldest, a.id), reverse=True)
    return found


def _field(lines: list[str], prefix: str) -> str | None:
    for line in lines:
        if line.startswith(prefix):
            value = line[len(prefix):].strip()
            return None if value in ("", "(no task)", "(not set)") else value
    return None


def _entries_trailer(lines: list[str]) -> int:
    value = _field(lines, "Ledger-Entries: ")
    return int(value) if value and value.isdigit() else 0


def _carried(lines: list[str]) -> tuple[str, ...]:
    value = _field(lines, CARRIED_LINE)
    if value is None or value == "nothing":
        return ()
    return tuple(part.strip() for part in value.split(",") if part.strip())


def _damaged(summary: ArchiveSummary, problem: str) -> ArchiveSummary:
    return _replace(summary, problem=problem)


def _replace(summary: ArchiveSummary, **changes: Any) -> ArchiveSummary:
    return replace(summary, **changes)


# -- pruning -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PruneResult:
    before: datetime
    dry_run: bool
    pruned: tuple[ArchiveSummary, ...]  # deleted (or, in a dry run, would be)
    kept: int  # archives tagged at or after ``before``
    #: Archives that matched but were left alone, with the reason.
    skipped: tuple[tuple[str, str], ...] = ()


DATE_RE = re.compile(
    r"\d{4}-\d{2}-\d{2}"
    r"(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)


def parse_cutoff(text: str, *, current: datetime | None = None,
                 option: str = "--archived-before") -> datetime:
    """``--archived-before``: an ISO date (midnight UTC) or date-time (UTC if no offset).

    Refused: anything else, and a moment in the future (it would prune every archive,
    including those still to be made by this command's own clock skew).
    """
    value = text.strip()
    if not value:
        raise InvalidInput(f"{option} needs a date: YYYY-MM-DD or an ISO 8601 "
                           "date-time")
    shape = ("give YYYY-MM-DD (midnight UTC) or an ISO 8601 date-time such as "
             "2026-01-31T18:00:00+01:00")
    if not DATE_RE.fullmatch(value):
        raise InvalidInput(f"{option} '{value[:60]}' is not a date: {shape}")
    try:
        if len(value) == 10:
            day = date.fromisoformat(value)
            cutoff = datetime(day.year, day.month, day.day, tzinfo=UTC)
        else:
            cutoff = datetime.fromisoformat(value.replace("Z", "+00:00"))
            if cutoff.tzinfo is None:
                cutoff = cutoff.replace(tzinfo=UTC)
    except ValueError as exc:
        raise InvalidInput(f"{option} '{value}' is not a valid date ({exc}): "
                           f"{shape}") from None
    moment = current or now()
    if cutoff > moment and option != "--archived-before":
        raise InvalidInput(f"{option} {value} is in the future")
    if cutoff > moment:
        raise InvalidInput(
            f"--archived-before {value} is in the future: it would prune every archive; "
            "give a date in the past (git ledger list --archived shows each archive's date)"
        )
    return cutoff


def prune(
    where: str | os.PathLike[str] | None, before: str | datetime, *, dry_run: bool = False
) -> PruneResult:
    """Delete the archives tagged strictly before ``before``; nothing else, ever.

    Each deletion is a locked ref transaction that first checks the archive ref still
    names the tag object that was read, so an archive re-created meanwhile is kept.  An
    archive whose date cannot be read is never deleted.
    """
    cutoff = parse_cutoff(before) if isinstance(before, str) else before
    if cutoff.tzinfo is None:
        raise InvalidInput("the prune date needs a time zone")
    store = Store(Repo(where))
    archives = _archives(store)
    tips = store.archive_index().tips  # the chains as read with the archives
    due = [a for a in archives if a.problem is None and a.tagged is not None
           and a.tag is not None and a.tagged < cutoff]
    unfinished = [a for a in due if store.exists(SESSIONS_PREFIX + a.id)]
    due = [a for a in due if a not in unfinished]
    skipped = [(a.ref, f"left alone: {a.problem}") for a in archives if a.problem is not None]
    skipped += [(a.ref, f"kept: its archiving was interrupted ({SESSIONS_PREFIX}{a.id} still "
                        f"exists); finish it with git ledger archive --ledger {a.id}")
                for a in unfinished]
    kept = sum(1 for a in archives if a.problem is None and a not in due)
    chains, held = _whole_chains(store, due)
    skipped += held
    due = [a for a in due if a.ref not in dict(held)]
    if dry_run:
        return PruneResult(cutoff, True, tuple(due), kept, tuple(skipped))
    pruned: list[ArchiveSummary] = []
    for archive in (a for a in due if a.ref not in chains):
        reason = delete_ref_if_unchanged(store, archive.ref, archive.tag or "",
                                         wait_seconds=LOCK_WAIT_SECONDS)
        if reason is None:
            pruned.append(archive)
            _drop_cache(store, archive.id)
        else:
            skipped.append((archive.ref, reason))
    for chain in dict.fromkeys(chains.values()):
        members = [a for a in due if chains.get(a.ref) == chain]
        reason = delete_ref_if_unchanged(store, chain, tips.get(chain, ""),
                                         wait_seconds=LOCK_WAIT_SECONDS)
        if reason is None:
            pruned += members
            for archive in members:
                _drop_cache(store, archive.id)
        else:
            skipped += [(a.ref, reason) for a in members]
    return PruneResult(cutoff, False, tuple(pruned), kept, tuple(skipped))


def _whole_chains(store: Store, due: list[ArchiveSummary]
                  ) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """Which due archives are in a month chain, by name ({archive: chain}); and the due
    ones left alone: a chain goes whole or not at all, so only once its month is over
    and every archive it holds is due (a chain is never rewritten: it is pushed)."""
    index = store.archive_index()
    chains = {a.ref: c.chain for a in due if (c := index.get(a.ref)) is not None}
    names = set(chains)
    this_month = month_of(now())
    held: list[tuple[str, str]] = []
    for chain in set(chains.values()):
        month = chain.rsplit("/", 2)[-2]
        members = [n for n in index.in_chain(chain) if n.startswith(ARCHIVE_PREFIX)]
        why = (f"kept: {chain} is this month's; it goes whole once the month is over"
               if month >= this_month else
               None if names.issuperset(members) else
               f"kept: {chain} goes whole or not at all, and holds archives made after "
               "the date")
        if why is not None:
            held += [(n, why) for n in members if n in names]
    held_names = {n for n, _ in held}
    return {n: c for n, c in chains.items() if n not in held_names}, held


def _drop_cache(store: Store, ledger_id: str) -> None:
    """The parsed-entry cache of a pruned archive is derived data for nothing now."""
    if store.exists(SESSIONS_PREFIX + ledger_id):
        return

    with contextlib.suppress(OSError):
        (store.repo.commondir / CACHE_DIR / f"entries-{ledger_id}.json").unlink()
