"""Review: what teammates decided, and the ledgers fetched from a remote.

``review`` groups by scope the decisions changed since the last pull (or a date or commit),
each with its author, and lists owned ledgers whose remote copy someone else changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gitledger.audit.drift_report import drifted_in_force
from gitledger.core.ids import entry_path
from gitledger.core.model import Entry, Event, Focus
from gitledger.errors import CorruptLedger, LedgerError, UnknownEntry
from gitledger.ledger.archives import DATE_RE, parse_cutoff
from gitledger.ledger.authorship import LedgerProvenance, current_identity, ledger_provenance
from gitledger.ledger.drift import Drifted
from gitledger.ledger.results import LedgerSummary
from gitledger.ledger.tree import changed_entries, find_entry_id, read_entry, read_header
from gitledger.storage.commits import CommitGraph
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
)
from gitledger.storage.mirrors import tracking_prefix
from gitledger.storage.remotes import default_remote
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import Verdict, Verifier
from gitledger.storage.store import Store, TreeView
from gitledger.team.conflicts import OpenConflict, open_conflicts
from gitledger.team.sync import OwnedChange, owned_changes, read_pulls


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
    #: Who wrote it: the author of the commit that brought it in (never its blob's
    #: ``author``); "?" when its history cannot be read.
    author: str = "?"


@dataclass(frozen=True)
class Review:
    #: What "since" meant: the last pull, a date, a commit, or the whole history.
    since: str
    remote: str
    ledgers: tuple[str, ...]
    scopes: tuple[tuple[str | None, tuple[ReviewedDecision, ...]], ...]
    #: The remote's ledgers pull quarantined (signatures), with the reason; not reviewed.
    quarantined: tuple[Verdict, ...] = ()
    #: Ledgers this clone owns whose copy on the remote someone else changed.
    owned: tuple[OwnedChange, ...] = ()
    #: What the last pull from the remote did to project entries: those the remote's copy
    #: lacked (kept here) and those whose version a teammate's replaced.
    dropped: tuple[str, ...] = ()
    rewritten: tuple[str, ...] = ()
    #: Concurrent edits of project entries still as the merge left them.
    conflicts: tuple[OpenConflict, ...] = ()
    #: Decisions in force whose footprint later commits changed (``git ledger drift``).
    drifted: tuple[Drifted, ...] = ()
    #: The current user's git identity (None: none configured): a teammate committing
    #: under the same name is shown with their email.
    me: str | None = None


def review(where: str | os.PathLike[str] | None = None, *, since: str | None = None,
           remote: str | None = None) -> Review:
    """The decisions changed in the project ledger and in ``remote``'s ledgers of
    teammates (live or archived)."""
    repo = Repo(where)
    store = Store(repo)
    # With no remote at all, the project ledger is still worth reviewing.
    name = default_remote(repo, remote) if remote or list(repo.git.remotes.names()) else ""
    prefix = tracking_prefix(name)
    ledgers = {PROJECT_REF: "project"}
    held = Verifier(repo).quarantined(prefix) if name else []
    for ref in teammates(store, prefix):
        if ref not in {v.ref for v in held}:
            ledgers[ref] = mirror_name(ref)
    pulls = read_pulls(store)  # read once: a year's record is a large file
    described, hide, cutoff = _since(repo, store, name, ledgers, since, pulls)
    found: dict[tuple[str, str], list[ReviewedChange]] = {}
    tips = {ref: _commit(store, ref) if ref == PROJECT_REF else _readable(store, ref)
            for ref in ledgers}
    for ref, tip in tips.items():
        if tip is None:
            continue
        for event in store.history_from(tip, hide=hide.get(ref, [])):
            if cutoff is not None and event.time < cutoff:
                continue
            for entry_id, what in _changes(store, event):
                found.setdefault((ref, entry_id), []).append(
                    ReviewedChange(what, event.author, event.time, event.commit))
    scopes: dict[str | None, list[ReviewedDecision]] = {}
    for decision in _decisions(store, ledgers, tips, found):
        scopes.setdefault(decision.entry.scope, []).append(decision)
    ordered = sorted(scopes.items(), key=lambda item: (item[0] is None, item[0] or ""))
    last = pulls.get(name, {})
    return Review(described, name, tuple(ledgers.values()),
                  tuple((scope, tuple(items)) for scope, items in ordered), tuple(held),
                  owned_changes(store, name) if name else (),
                  tuple(_strings(last.get("dropped"))), tuple(_strings(last.get("rewritten"))),
                  open_conflicts(store), _drifted(where), current_identity(repo))


def _drifted(where: str | os.PathLike[str] | None) -> tuple[Drifted, ...]:
    try:
        return drifted_in_force(where)
    except LedgerError:
        return ()  # no git to blame with: the review of the ledgers still stands


def _strings(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _since(repo: Repo, store: Store, remote: str, ledgers: dict[str, str],
           since: str | None, pulls: dict[str, dict[str, Any]],
           ) -> tuple[str, dict[str, list[str]], datetime | None]:
    """What "since" means: its description, the commits each ledger's walk stops at,
    and the time before which events are left out (``pulls``: the pull record)."""
    if since is None:
        record = pulls.get(remote)
        if record is None:
            return (f"the whole history (no pull from {remote} recorded yet)" if remote
                    else "the whole history (this repository has no remote)"), {}, None
        before = record.get("before", {})
        hide = {ref: [_peeled_or_none(store, before[ref])] for ref in ledgers
                if before.get(ref)}
        return (f"the last pull from {remote} ({record.get('time', '?')})",
                {ref: [c for c in commits if c] for ref, commits in hide.items()}, None)
    if DATE_RE.fullmatch(since.strip()):
        return since.strip(), {}, parse_cutoff(since, option="--since")
    commit = CommitGraph(repo).resolve(since, f"--since '{since}'")
    return (f"commit {commit[:12]}", {ref: [commit] for ref in ledgers},
            store.commit_time(commit))


def _commit(store: Store, ref: str) -> str | None:
    """The ledger commit at ``ref``, through its tag for an archive."""
    found = store.target(ref)
    return store.peeled(found) if found is not None else None


def _readable(store: Store, ref: str) -> str | None:
    """``_commit`` of a teammate's mirror, None when it cannot be read: a commit git would
    not write (pushed with ``hash-object --literally``) leaves that ledger out of the
    review, not the review out (``list --remote`` shows it BROKEN)."""
    try:
        return _commit(store, ref)
    except CorruptLedger:
        return None


def _peeled_or_none(store: Store, sha: str) -> str | None:
    try:
        return store.peeled(sha)
    except CorruptLedger:
        return None  # gone (a pruned archive): nothing to stop at


def mirror_name(ref: str) -> str:
    """``refs/ledger/remotes/origin/sessions/k3m…`` as the name commands take:
    ``origin/k3m…`` (``--ledger``, or ``--archive`` for an archive)."""
    remote, _, rest = ref.removeprefix(REMOTES_PREFIX).partition("/")
    return f"{remote}/{rest.split('/', 1)[-1]}"


def teammates(store: Store, prefix: str) -> list[str]:
    """The session ledgers and archives mirrored under ``prefix`` that are not ours: one
    this clone pushed (or continues with ``adopt``) has a local ref or archive too."""
    found = []
    own = store.owns()  # one listing, not two lookups a mirror (50,000 a year)
    # The archives of our chains as we pushed them are not even listed (chain by chain).
    for ref in sorted(store.refs_unlike_here(prefix)):
        kind, _, ledger_id = ref.removeprefix(prefix).partition("/")
        if kind not in ("sessions", "archive") or not ledger_id:
            continue
        if not own(SESSIONS_PREFIX + ledger_id) and not own(ARCHIVE_PREFIX + ledger_id):
            found.append(ref)
    return found


def _changes(store: Store, event: Event) -> list[tuple[str, str]]:
    """(entry id, what happened to it) for each entry whose blob the commit's tree changed
    against its parent's (against every parent's, for a merge: what the merge itself
    brought in).  The trees say which entries changed, so a commit made with plumbing and
    no trailers is reviewed like any other; the trailers only name the kind of a change
    the trees show (``evidence``, ``carried``), never which entries it touched."""
    try:
        view = store.view_at(event.commit)
        parents: list[TreeView | None] = [store.view_at(p) for p in event.parents]
    except (KeyError, ValueError, CorruptLedger):
        return []
    kind = event.trailers.get("Ledger-Event", ("",))[0]
    named = set(event.trailers.get("Ledger-Entry", ()))
    found: list[tuple[str, str]] = []
    for entry_id, blob in sorted(changed_entries(view, parents).items()):
        if blob is None or not entry_id.startswith("d-"):
            continue  # gone, or no decision: review lists decisions
        if len(parents) > 1:
            found.append((entry_id, "merged"))
            continue
        before = _status(parents[0], entry_id) if parents and parents[0] else None
        if before is None:
            found.append((entry_id, "carried" if kind == "carry" and entry_id in named
                          else "added"))
            continue
        after = _status(view, entry_id)
        if after is not None and after[0] != before[0]:
            found.append((entry_id, after[0] or "edited"))
        else:
            found.append((entry_id, "evidence" if kind == "evidence" and entry_id in named
                          else "edited"))
    return found


def _status(view: TreeView, entry_id: str) -> tuple[str | None] | None:
    """(status,) of ``entry_id`` in ``view``; None when the tree has no such entry, and
    (None,) when its blob cannot be read."""
    if view.blob_id(entry_path(entry_id)) is None:
        return None
    try:
        return (read_entry(view, entry_id).status,)
    except (UnknownEntry, CorruptLedger):
        return (None,)


def _decisions(store: Store, ledgers: dict[str, str], tips: dict[str, str | None],
               found: dict[tuple[str, str], list[ReviewedChange]]) -> list[ReviewedDecision]:
    decisions: list[ReviewedDecision] = []
    views = {ref: store.view_at(tip) for ref, tip in tips.items() if tip is not None}
    histories: dict[str, LedgerProvenance | None] = {}
    for (ref, entry_id), changes in found.items():
        view = views[ref]
        try:
            entry = read_entry(view, find_entry_id(view, entry_id))
        except (UnknownEntry, CorruptLedger):
            continue  # carried away, or unreadable: check and doctor report those
        if entry.kind != "decided":
            continue
        changes.reverse()  # the walk is newest first: same-second changes keep their order
        changes.sort(key=lambda c: c.time)
        if ref not in histories:
            try:
                histories[ref] = ledger_provenance(store, ref, tips[ref])
            except (LedgerError, ValueError):
                histories[ref] = None
        history = histories[ref]
        record = history.entry(entry.id) if history is not None else None
        decisions.append(ReviewedDecision(entry, ledgers[ref], tuple(changes),
                                          record.created_by if record is not None else "?"))
    decisions.sort(key=lambda d: (d.changes[-1].time, d.entry.id))
    return decisions


def _started_by(store: Store, ref: str, commit: str) -> str:
    """Who wrote ``ledger.toml`` of ledger ``ref``: the author of the commit that brought it
    in (``storage/provenance.py``), "?" when its history cannot be read."""
    try:
        found = ledger_provenance(store, ref, commit).ledger
    except (LedgerError, ValueError):
        return "?"
    return found.created_by if found is not None else "?"


def remote_ledgers(where: str | os.PathLike[str] | None = None,
                   remote: str | None = None) -> list[LedgerSummary]:
    """The teammates' session ledgers and archives mirrored from ``remote`` (every
    remote when None); copies of this clone's own ledgers are left out."""
    repo = Repo(where)
    store = Store(repo)
    names = [default_remote(repo, remote)] if remote else \
        sorted(str(n) for n in repo.git.remotes.names() if n)
    summaries: list[LedgerSummary] = []
    held = {v.ref: v for v in Verifier(repo).quarantined()}
    for ref in sorted(r for name in names for r in teammates(store, tracking_prefix(name))):
        if ref in held:
            summaries.append(LedgerSummary(ref, None, Focus(), 0, None, None, False,
                                           f"quarantined: {held[ref].describe()}"))
            continue
        try:
            commit = _commit(store, ref)
            if commit is None:
                continue
            view = store.view_at(commit)
            meta, focus = read_header(ref, view)
            if meta is not None:  # whose it is from history: ledger.toml says what it likes
                meta = replace(meta, created_by=_started_by(store, ref, commit))
            entries, _ = read_entries(store, ref, view)
            last = next(store.history_from(commit), None)
        except CorruptLedger as exc:
            summaries.append(LedgerSummary(ref, None, Focus(), 0, None, None, False,
                                           str(exc)))
            continue
        summaries.append(LedgerSummary(ref, meta, focus, len(entries), last, None, False))
    summaries.sort(key=lambda s: (s.last_change.time.timestamp() if s.last_change else 0),
                   reverse=True)
    return summaries

