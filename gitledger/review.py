"""Review: what teammates decided, and the ledgers fetched from a remote.

``review`` reads the history of the project ledger and of every session ledger mirrored
from a remote, since the last pull (or a date, or a commit), and groups the decisions
that were added, changed, superseded or deployed by scope, each change with its author.
``remote_ledgers`` lists the mirrored session ledgers for ``list --remote``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime

from gitledger.archives import DATE_RE, parse_cutoff
from gitledger.commits import CommitGraph
from gitledger.entry_cache import read_entries
from gitledger.errors import CorruptLedger, UnknownEntry
from gitledger.ledger import LedgerSummary, find_entry_id, read_entry, read_header
from gitledger.model import Entry, Event, Focus
from gitledger.remotes import default_remote, tracking_prefix
from gitledger.repo import Repo
from gitledger.store import ARCHIVE_PREFIX, PROJECT_REF, SESSIONS_PREFIX, Store
from gitledger.sync import read_pulls

#: What each event did to the entries it names, when no ``Ledger-Status`` says more.
_EVENT_CHANGES = {"add": "added", "resolve": "added", "edit": "edited", "status": "status",
                  "evidence": "evidence", "carry": "carried", "merge": "merged"}


@dataclass(frozen=True)
class ReviewedChange:
    #: ``added``, a status (``accepted``, ``deployed``, ``superseded`` …), ``edited``,
    #: ``evidence``, ``carried``, or ``merged`` (concurrent edits merged).
    what: str
    author: str
    time: datetime
    commit: str


@dataclass(frozen=True)
class ReviewedDecision:
    entry: Entry
    #: The ledger it is in: ``project``, or ``<remote>/<ledger id>``.
    ledger: str
    changes: tuple[ReviewedChange, ...]


@dataclass(frozen=True)
class Review:
    #: What "since" meant: the last pull, a date, a commit, or the whole history.
    since: str
    remote: str
    ledgers: tuple[str, ...]
    scopes: tuple[tuple[str | None, tuple[ReviewedDecision, ...]], ...]


def review(where: str | os.PathLike[str] | None = None, *, since: str | None = None,
           remote: str | None = None) -> Review:
    """The decisions changed in the project ledger and in ``remote``'s session ledgers."""
    repo = Repo(where)
    store = Store(repo)
    # With no remote at all, the project ledger is still worth reviewing.
    name = default_remote(repo, remote) if remote or list(repo.git.remotes.names()) else ""
    prefix = tracking_prefix(name)
    ledgers = {PROJECT_REF: "project"}
    for ref in sorted(teammates(store, prefix)):
        ledgers[ref] = f"{name}/{ref.removeprefix(prefix + 'sessions/')}"
    hide: dict[str, list[str]] = {}
    cutoff: datetime | None = None
    if since is None:
        record = read_pulls(store).get(name)
        if record is None:
            described = (f"the whole history (no pull from {name} recorded yet)" if name
                         else "the whole history (this repository has no remote)")
        else:
            described = f"the last pull from {name} ({record.get('time', '?')})"
            before = record.get("before", {})
            hide = {ref: [before[ref]] for ref in ledgers if before.get(ref)}
    elif DATE_RE.fullmatch(since.strip()):
        cutoff = parse_cutoff(since, option="--since")
        described = since.strip()
    else:
        commit = CommitGraph(repo).resolve(since, f"--since '{since}'")
        cutoff = store.commit_time(commit)
        described = f"commit {commit[:12]}"
        hide = {ref: [commit] for ref in ledgers}
    found: dict[tuple[str, str], list[ReviewedChange]] = {}
    for ref in ledgers:
        tip = store.tip(ref)
        if tip.commit is None:
            continue
        for event in store.history_from(tip.commit, hide=hide.get(ref, [])):
            if cutoff is not None and event.time < cutoff:
                continue
            for entry_id, what in _changes(event):
                found.setdefault((ref, entry_id), []).append(
                    ReviewedChange(what, event.author, event.time, event.commit))
    decisions = _decisions(store, ledgers, found)
    scopes: dict[str | None, list[ReviewedDecision]] = {}
    for decision in decisions:
        scopes.setdefault(decision.entry.scope, []).append(decision)
    ordered = sorted(scopes.items(), key=lambda item: (item[0] is None, item[0] or ""))
    return Review(described, name, tuple(ledgers.values()),
                  tuple((scope, tuple(items)) for scope, items in ordered))


def teammates(store: Store, prefix: str) -> list[str]:
    """The session ledgers mirrored under ``prefix`` that are not also ours: a ledger
    this clone pushed (or continues with ``adopt``) has a local ref or archive too."""
    found = []
    for ref in store.refs_under(prefix):
        rest = ref.removeprefix(prefix)
        if not rest.startswith("sessions/"):
            continue
        ledger_id = rest.removeprefix("sessions/")
        if not (store.exists(SESSIONS_PREFIX + ledger_id)
                or store.exists(ARCHIVE_PREFIX + ledger_id)):
            found.append(ref)
    return found


def _changes(event: Event) -> list[tuple[str, str]]:
    """(entry id, what happened to it) for each entry an event names."""
    kind = event.trailers.get("Ledger-Event", ("",))[0]
    if kind not in _EVENT_CHANGES:
        return []
    statuses = {}
    for value in event.trailers.get("Ledger-Status", ()):
        entry_id, _, status = value.partition(" ")
        statuses[entry_id] = status
    if kind == "merge":
        conflicted = {v.split(" ", 1)[0] for v in event.trailers.get("Ledger-Conflict", ())}
        return [(i, "merged") for i in event.trailers.get("Ledger-Entry", ()) if i in conflicted]
    return [(entry_id, "added" if kind in ("add", "resolve") and entry_id not in statuses
             else statuses.get(entry_id, _EVENT_CHANGES[kind]))
            for entry_id in dict.fromkeys(event.trailers.get("Ledger-Entry", ()))]


def _decisions(store: Store, ledgers: dict[str, str],
               found: dict[tuple[str, str], list[ReviewedChange]]) -> list[ReviewedDecision]:
    decisions: list[ReviewedDecision] = []
    views = {ref: store.tip(ref).view for ref in {ref for ref, _ in found}}
    for (ref, entry_id), changes in found.items():
        view = views[ref]
        if view is None:
            continue
        try:
            entry = read_entry(view, find_entry_id(view, entry_id))
        except (UnknownEntry, CorruptLedger):
            continue  # carried away, or unreadable: check and doctor report those
        if entry.kind != "decided":
            continue
        changes.sort(key=lambda c: c.time)
        decisions.append(ReviewedDecision(entry, ledgers[ref], tuple(changes)))
    decisions.sort(key=lambda d: (d.changes[-1].time, d.entry.id))
    return decisions


def remote_ledgers(where: str | os.PathLike[str] | None = None,
                   remote: str | None = None) -> list[LedgerSummary]:
    """The teammates' session ledgers mirrored from ``remote`` (every remote when None);
    copies of this clone's own ledgers are left out."""
    repo = Repo(where)
    store = Store(repo)
    names = [default_remote(repo, remote)] if remote else \
        sorted(str(n) for n in repo.git.remotes.names() if n)
    summaries: list[LedgerSummary] = []
    for ref in sorted(r for name in names for r in teammates(store, tracking_prefix(name))):
        try:
            tip = store.tip(ref)
            assert tip.view is not None
            meta, focus = read_header(ref, tip.view)
            entries, _ = read_entries(store, ref, tip.view)
            last = next(store.history(ref, 1), None)
        except CorruptLedger as exc:
            summaries.append(LedgerSummary(ref, None, Focus(), 0, None, None, False,
                                           str(exc)))
            continue
        summaries.append(LedgerSummary(ref, meta, focus, len(entries), last, None, False))
    summaries.sort(key=lambda s: (s.last_change.time.timestamp() if s.last_change else 0),
                   reverse=True)
    return summaries

