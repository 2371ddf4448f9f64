"""What the pages show, read once per state of the refs: every entry of every local ledger,
each with the author its history gives, and the flags ``check`` raises on them.

A server keeps the last ``Site`` until the refs move.  Every text is made printable and
capped, since a teammate's blob can hold anything.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property

from gitledger.audit.check import check
from gitledger.core.display import printable
from gitledger.core.ids import entry_path
from gitledger.core.model import STATUSES, BadEntry, Entry, Event
from gitledger.core.names import KINDS
from gitledger.errors import LedgerError
from gitledger.ledger.authorship import current_identity, label_name
from gitledger.ledger.reread import reread
from gitledger.search.index import ledger_label, searchable_refs
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.commits import CommitGraph, CommitSummary
from gitledger.storage.layout import PROJECT_REF, REMOTES_PREFIX
from gitledger.storage.repo import Repo
from gitledger.team.review import Review, review

#: The longest text a page shows of one field; the rest is cut with "…".
FIELD_CAP = 4_000
#: The most events an entry's page lists.
HISTORY_CAP = 200
#: The most commits an entry's page summarises (a blob can cite any number).
EVIDENCE_CAP = 20
#: Commit summaries by (repository, sha): a commit's diff never changes, and every
#: page citing it (every exported page) would diff it again.
_SUMMARIES: dict[tuple[str, str], CommitSummary | object | None] = {}
_SUMMARIES_LOCK = threading.Lock()
_UNSEEN = object()
#: What a page name may hold: anything else becomes "_".
UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_CLASSES = frozenset((*STATUSES, *KINDS))


@dataclass(frozen=True)
class SiteEntry:
    """One entry of one ledger, as the pages show it."""

    entry: Entry
    ref: str
    #: ``project``, a session ledger's id, ``archive/…``, or ``REMOTE/…`` for a mirror.
    ledger: str
    #: Who brought it in, from the ledger's history (never the blob's ``author``).
    author: str
    #: Its page's file name, under ``entry/``.
    slug: str

    @property
    def mirrored(self) -> bool:
        return self.ref.startswith(REMOTES_PREFIX)


@dataclass(frozen=True)
class Flag:
    """A finding of ``check`` on an entry: ``decision-drift`` or ``stale-fact``."""

    rule: str
    message: str


@dataclass(frozen=True)
class ReadLedger:
    """One ledger's entries, as read at its tip ``commit``."""

    commit: str
    entries: tuple[SiteEntry, ...]
    #: Entry blobs that could not be read (the pages name them).
    bad: tuple[BadEntry, ...] = ()


@dataclass(frozen=True)
class Site:
    """Everything the pages show, at one state of the refs."""

    state: str
    entries: tuple[SiteEntry, ...]
    flags: dict[str, tuple[Flag, ...]] = field(default_factory=dict)
    #: What teammates changed since the last pull, or why that cannot be told.
    review: Review | None = None
    review_problem: str | None = None
    #: Ledgers that could not be read, with the reason (the pages say so).
    problems: tuple[tuple[str, str], ...] = ()
    #: Each ledger read, by ref: what the next state's read starts from.
    ledgers: dict[str, ReadLedger] = field(default_factory=dict)
    #: The state the flags and the review were taken at (older while they are redone).
    checked: str | None = None

    @property
    def version(self) -> str:
        """What a page was built from: the state, and whether its flags are of it."""
        return self.state if self.checked == self.state else f"{self.state}+checking"

    def by_slug(self, slug: str) -> SiteEntry | None:
        return self._slugs.get(slug)

    def decisions(self) -> tuple[SiteEntry, ...]:
        return self._decisions

    def scopes(self) -> tuple[str, ...]:
        return self._scopes

    def in_scope(self, scope: str) -> tuple[SiteEntry, ...]:
        return tuple(e for e in self.decisions() if e.entry.scope == scope)

    def linked(self, ref: str, entry_id: str | None) -> SiteEntry | None:
        """The entry ``entry_id`` names from ledger ``ref`` (what a decision supersedes):
        that ledger's, else the copy shown of it elsewhere (carried to the project)."""
        if not entry_id:
            return None
        return self._ids.get((ref, entry_id)) or self._first.get(entry_id)

    def labelled(self, label: str, entry_id: str) -> SiteEntry | None:
        """The entry ``entry_id`` of the ledger a hit or a review names ``label`` (or the
        copy shown of it, when that ledger's is not)."""
        return self._labels.get((label, entry_id)) or self._first.get(entry_id)

    # A frozen dataclass still takes a cached_property: it writes the instance's __dict__.
    # Every page asks these of the same site, the timeline several times.
    @cached_property
    def _decisions(self) -> tuple[SiteEntry, ...]:
        return tuple(e for e in self.entries if e.entry.kind == "decided")

    @cached_property
    def _scopes(self) -> tuple[str, ...]:
        return tuple(sorted({e.entry.scope for e in self._decisions if e.entry.scope}))

    @cached_property
    def _slugs(self) -> dict[str, SiteEntry]:
        return {e.slug: e for e in self.entries}

    @cached_property
    def _ids(self) -> dict[tuple[str, str], SiteEntry]:
        return {(e.ref, e.entry.id): e for e in self.entries}

    @cached_property
    def _first(self) -> dict[str, SiteEntry]:
        first: dict[str, SiteEntry] = {}
        for item in self.entries:
            first.setdefault(item.entry.id, item)
        return first

    @cached_property
    def _labels(self) -> dict[tuple[str, str], SiteEntry]:
        return {(e.ledger, e.entry.id): e for e in self.entries}


def site_state(where: str | os.PathLike[str] | None) -> str:
    """A name for the state of every ref the pages read: it changes when any of them
    moves (a write, a pull, a checkout of the code the evidence cites)."""
    store = ArchiveStore(Repo(where))
    refs = searchable_refs(store)
    head = store.repo.head_commit() or ""
    digest = hashlib.sha256(head.encode())
    for ref, target in sorted(refs.items()):
        digest.update(f"{ref} {target}\n".encode())
    return digest.hexdigest()[:16]


def build_site(where: str | os.PathLike[str] | None, previous: Site | None = None, *,
               checked: bool = True) -> Site:
    """Every ledger read, with its authors; with ``checked``, the flags ``check`` raises
    and the teammates' review too (else ``previous``'s are kept, marked as older).

    With ``previous``, a ledger whose tip has not moved is not read again, and one that
    moved is read only where its tree changed (as the search index is kept)."""
    store = ArchiveStore(Repo(where))
    state = site_state(where)
    held = previous.ledgers if previous is not None else {}
    ledgers: dict[str, ReadLedger] = {}
    problems: list[tuple[str, str]] = []
    taken = {item.slug for ledger in held.values() for item in ledger.entries}
    me = current_identity(store.repo)
    for ref in sorted(searchable_refs(store), key=_ledger_order):
        try:
            read = _read_ledger(store, ref, held.get(ref), taken, me)
        except (LedgerError, KeyError, ValueError, OSError) as exc:
            problems.append((ledger_label(ref), printable(str(exc))[:200]))
            continue
        if read is not None:
            ledgers[ref] = read
            problems += [(f"{ledger_label(ref)}: {printable(bad.path)[:120]}",
                          printable(bad.reason)[:200]) for bad in read.bad]
    entries = tuple(_one_copy_each([item for ledger in ledgers.values()
                                    for item in ledger.entries]))
    if checked or previous is None:
        review_found, review_problem = _review(where)
        return Site(state, entries, _flags(where), review_found, review_problem,
                    tuple(problems), ledgers, checked=state)
    return Site(state, entries, previous.flags, previous.review, previous.review_problem,
                tuple(problems), ledgers, checked=previous.checked)


def with_checks(where: str | os.PathLike[str] | None, site: Site) -> Site:
    """``site`` with the flags and the review of the refs as they are now."""
    review_found, review_problem = _review(where)
    return replace(site, flags=_flags(where), review=review_found,
                   review_problem=review_problem, checked=site.state)


def _read_ledger(store: ArchiveStore, ref: str, before: ReadLedger | None,
                 taken: set[str], me: str | None = None) -> ReadLedger | None:
    if before is not None and store.tip(ref).commit == before.commit:
        return before
    read = reread(store, ref, before.commit if before else None)
    if read is None:
        return None
    label = ledger_label(ref)
    kept: list[SiteEntry] = []
    bad = list(read.bad)
    if before is not None and read.changed is not None:
        kept = [item for item in before.entries
                if entry_path(item.entry.id) not in read.changed]
        bad = [*(b for b in before.bad if b.path not in read.changed), *bad]
    # An entry read again keeps its page's name: a link to it stays good.
    slugs = {item.entry.id: item.slug for item in before.entries} if before else {}
    for entry in read.entries:
        author = printable(label_name(read.authors[entry.id], me))[:200]
        kept.append(SiteEntry(entry, ref, label, author,
                              slugs.get(entry.id) or _slug(label, entry.id, taken)))
    kept.sort(key=lambda item: item.entry.seq)
    return ReadLedger(read.commit, tuple(kept), tuple(bad))


def history(where: str | os.PathLike[str] | None, item: SiteEntry) -> tuple[Event, ...]:
    """The commits of its ledger that touched ``item``, newest first (at most
    ``HISTORY_CAP``)."""
    store = ArchiveStore(Repo(where))
    tip = store.tip(item.ref)
    if tip.commit is None:
        return ()
    return _HISTORIES.of(store, item.ref, tip.commit).get(item.entry.id, ())


class _Histories:
    """Each ledger's events by the entries they touched, walked once per tip: an entry's
    page (and a static site of every entry) would walk the whole history each time.  A
    tip that moved on is walked only back to the one indexed before."""

    def __init__(self, size: int = 16) -> None:
        self._lock = threading.Lock()
        self._size = size
        self._held: dict[tuple[str, str], tuple[str, dict[str, tuple[Event, ...]]]] = {}

    def of(self, store: ArchiveStore, ref: str, tip: str) -> dict[str, tuple[Event, ...]]:
        key = (str(store.repo.commondir), ref)
        with self._lock:
            held = self._held.get(key)
        if held is not None and held[0] == tip:
            return held[1]
        older = held if held is not None and _descends(store, tip, held[0]) else None
        walked: dict[str, list[Event]] = {}
        for event in store.history_from(tip, hide=[older[0]] if older else []):
            for entry_id in event.trailers.get("Ledger-Entry", ()):
                walked.setdefault(entry_id, []).append(event)
        index = dict(older[1]) if older else {}
        for entry_id, events in walked.items():
            index[entry_id] = (*events, *index.get(entry_id, ()))[:HISTORY_CAP]
        with self._lock:
            self._held.pop(key, None)
            self._held[key] = (tip, index)
            while len(self._held) > self._size:
                self._held.pop(next(iter(self._held)))
        return index


def _descends(store: ArchiveStore, tip: str, older: str) -> bool:
    return CommitGraph(store.repo).contains(tip, older)


_HISTORIES = _Histories()


def evidence(where: str | os.PathLike[str] | None, entry: Entry
             ) -> tuple[tuple[str, CommitSummary | None], ...]:
    """Each ``git:`` evidence of ``entry`` with the commit it names here (None when this
    clone lacks it), and the commit its deploy receipt shipped."""
    repo = Repo(where)
    graph = CommitGraph(repo)
    cited = [item[4:].strip()[:80] for item in entry.evidence if item.startswith("git:")]
    if entry.deployed_sha:
        cited.append(entry.deployed_sha[:80])
    found = []
    for sha in list(dict.fromkeys(cited))[:EVIDENCE_CAP]:
        key = (str(repo.commondir), sha)
        with _SUMMARIES_LOCK:
            known = _SUMMARIES.get(key, _UNSEEN)
        if known is _UNSEEN:
            known = graph.summary(sha)
            with _SUMMARIES_LOCK:
                if len(_SUMMARIES) >= 4096:
                    _SUMMARIES.clear()
                _SUMMARIES[key] = known
        found.append((sha, known if isinstance(known, CommitSummary) else None))
    return tuple(found)


def shown(text: str | None, cap: int = FIELD_CAP) -> str:
    """A field as a page shows it: printable and capped."""
    if not text:
        return ""
    clean = printable(text)
    return clean if len(clean) <= cap else clean[:cap] + "…"


def status_class(value: str | None) -> str:
    """A status or kind as a CSS class: one we know, else ``unknown`` (a hand-written blob
    must not style itself as a flag)."""
    return value if value in _CLASSES else "unknown"


def when(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M") if moment else ""


def _flags(where: str | os.PathLike[str] | None) -> dict[str, tuple[Flag, ...]]:
    try:
        report = check(where)
    except LedgerError:
        return {}
    flags: dict[str, list[Flag]] = {}
    for finding in report.findings:
        if finding.rule in ("decision-drift", "stale-fact") and finding.entry:
            flags.setdefault(finding.entry, []).append(
                Flag(finding.rule, shown(finding.message, 300)))
    return {key: tuple(value) for key, value in flags.items()}


def _review(where: str | os.PathLike[str] | None) -> tuple[Review | None, str | None]:
    try:
        return review(where), None
    except LedgerError as exc:
        return None, printable(str(exc))[:300]


def _one_copy_each(entries: list[SiteEntry]) -> list[SiteEntry]:
    """An entry held by several ledgers as the same entry (pulled into a mirror, pushed
    from here, carried to the project ledger) is shown once: the project ledger's copy,
    else this repository's, else a mirror's (``_ledger_order`` lists them so).  One that
    only shares the id (a teammate's blob squatting it, a version changed elsewhere) is
    shown beside it: it must not hide yours."""
    shown: dict[str, list[Entry]] = {}
    kept = []
    for item in entries:
        earlier = shown.setdefault(item.entry.id, [])
        if any(_same_entry(first, item.entry) for first in earlier):
            continue
        earlier.append(item.entry)
        kept.append(item)
    return kept


def _same_entry(first: Entry, other: Entry) -> bool:
    """Whether ``other`` is ``first`` but for its place in its ledger and where it was
    carried from (what a carry or a pull changes)."""
    return replace(other, seq=first.seq, carried_from=first.carried_from) == first


def _ledger_order(ref: str) -> tuple[int, str]:
    """The project ledger first, then this repository's, then teammates' mirrors."""
    return (0 if ref == PROJECT_REF else 2 if ref.startswith(REMOTES_PREFIX) else 1, ref)


def _slug(label: str, entry_id: str, taken: set[str]) -> str:
    """A file name for an entry's page, the same in the server and the static site: the
    ledger and the id made safe, with a digest where the safe form of two would meet."""
    base = UNSAFE_NAME.sub("_", f"{label}--{entry_id}")[:120]
    slug = base
    if slug in taken:
        digest = hashlib.sha256("\0".join((label, entry_id)).encode()).hexdigest()
        slug = f"{base}-{digest[:8]}"
    taken.add(slug)
    return slug
