"""``check`` again after a change: the entries a change can have touched, not all of them.

It rechecks changed entries, what ``ledger/links.py`` links to them, entries watching a
file HEAD changed, and last time's findings, keeping the rest.  That is exact only while
every commit reachable before still is; otherwise everything is checked.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from gitledger.audit.check_rules import (
    CheckReport,
    Finding,
    born_in,
    drift_findings,
    evaluate,
    ledger_warnings,
)
from gitledger.core.model import BadEntry, Focus, Snapshot
from gitledger.errors import CorruptLedger
from gitledger.ledger.link_index import LinkIndex, Row, in_force_at
from gitledger.ledger.links import bad_links, held_id, links_of
from gitledger.ledger.operations import Ledger
from gitledger.storage.commits import CommitGraph
from gitledger.storage.drift_cache import watched_files
from gitledger.storage.entry_cache import read_paths
from gitledger.storage.keepalive import KeptCommits
from gitledger.storage.layout import ENTRIES_DIR, KEEP_REF, KEPT_DIR, PROJECT_REF
from gitledger.storage.store import Store, TreeView

#: Past this many changed entries a check reads everything: diffing would cost more.
MAX_CHANGED = 2000
#: The rules ``evaluate`` applies; the others are the ledger warnings and drift.
_LEDGER_RULES = ("restore-long", "ask-user-waiting")
_DRIFT_RULE = "decision-drift"


@dataclass(frozen=True)
class Base:
    """What a check saw: what the next check diffs from."""

    ledgers: dict[str, str]  # ref -> the commit checked
    head: str | None
    roots: tuple[str, ...]
    keep: str | None  # the keep-alive ledger's commit
    report: CheckReport

    def as_json(self) -> dict[str, object]:
        return {"ledgers": self.ledgers, "head": self.head, "roots": list(self.roots),
                "keep": self.keep}

    @classmethod
    def from_json(cls, data: object, report: CheckReport) -> Base | None:
        if not isinstance(data, dict):
            return None
        ledgers, head, roots, keep = (data.get(k) for k in ("ledgers", "head", "roots",
                                                            "keep"))
        if (not isinstance(ledgers, dict)
                or not all(isinstance(k, str) and isinstance(v, str)
                           for k, v in ledgers.items())
                or not isinstance(head, str | None) or not isinstance(keep, str | None)
                or not isinstance(roots, list) or not all(isinstance(r, str) for r in roots)):
            return None
        return cls(dict(ledgers), head, tuple(roots), keep, report)


def base_of(store: Store, views: dict[str, TreeView], report: CheckReport) -> Base:
    """The ``Base`` of a check of ``views`` that gave ``report``, as the refs are now."""
    graph = CommitGraph(store.repo)
    return Base({ref: view.commit for ref, view in views.items() if view.commit}, graph.head(),
                tuple(graph.roots()), store.target(KEEP_REF), report)


def recheck(where: str | os.PathLike[str] | None, ledgers: list[Ledger], index: LinkIndex,
            base: Base, *, with_drift: bool) -> CheckReport | None:
    """The report of checking ``ledgers`` again from ``base``, or None when everything
    must be checked (see the module's docstring)."""
    store = ledgers[0].store
    views = current_views(ledgers)
    if set(views) != set(base.ledgers) or not views:
        return None
    graph = CommitGraph(store.repo)
    if not _still_reached(store, graph, base):
        return None
    head = graph.head()
    refs = set(views)
    changed: set[Row] = set()
    seeds = []
    gone: set[str] = set()
    for ref, view in views.items():
        before = _view_at(store, base.ledgers[ref])
        if before is None:
            return None
        listed: set[str] = set()
        for path, _ in before.changed_blobs(view, ENTRIES_DIR):
            listed.add(path)
            if len(changed) + len(listed) > MAX_CHANGED:
                return None  # as soon as it is known: a pull of 5,000 walks no further
        paths = sorted(listed)
        old_entries, old_bad = read_paths(before, paths)
        seeds += [links_of(e) for e in old_entries] + [bad_links(b) for b in old_bad]
        # An entry deleted leaves no row: its findings go by the id it had.
        gone |= {e.id for e in old_entries} | {h for b in old_bad if (h := held_id(b))}
        changed |= {(ref, path) for path in paths}
    for ref, view in views.items():
        if not index.sync(ref, view):
            return None
    touched_files: set[str] = set()
    if head != base.head:
        if head is None or base.head is None:
            return None
        found = graph.changed_paths(base.head, head)
        if found is None:
            return None
        touched_files = found
    # Whose findings can have changed ...
    seeds += index.links(changed)
    again = set(changed) | index.linked(refs, seeds)
    old_ids = {f.entry for f in base.report.findings if f.entry}
    again |= index.with_ids(refs, old_ids)
    again |= index.flagged(refs, "bad")
    if touched_files:
        again |= index.watching(refs, touched_files)
    described = index.described(again)
    again |= index.chain(refs, [d.supersedes or "" for d in described], limit=10_000)
    described = index.described(again)
    # ... each read with what its rules look at.
    read = again | index.linked(refs, index.links(again))
    snapshots = _partial_snapshots(views, read)
    ids = gone | {d.id for d in described if d.id} | {
        held for ref, snap in snapshots.items() for bad in snap.bad
        if (ref, bad.path) in again and (held := held_id(bad))}
    kept_commits = KeptCommits(store)
    born = born_in(store, {ref: view.commit for ref, view in views.items()})
    fresh = [f for f in evaluate(list(snapshots.items()), graph, kept_commits, born=born)
             if f.entry is None or f.entry in ids]
    findings = [f for f in base.report.findings
                if f.rule not in _LEDGER_RULES and f.rule != _DRIFT_RULE
                and f.entry is not None and f.entry not in ids]
    findings += fresh
    findings += _ledger_warnings(ledgers, index, refs, views)
    if with_drift:
        findings += _drift(where, base, index, refs, views, again, touched_files, head)
    findings.sort(key=lambda f: (f.severity != "error", f.rule, f.entry or "", f.message))
    order = [led.ref for led in ledgers if led.ref in views]
    total = sum(index.count(ref) for ref in order)
    return CheckReport(tuple(r for r in order if r), total, tuple(findings))


def current_views(ledgers: list[Ledger]) -> dict[str, TreeView]:
    """The tip of each checked ledger that exists, by ref, in the order checked."""
    views: dict[str, TreeView] = {}
    for ledger in ledgers:
        if ledger.ref is None or not ledger.store.exists(ledger.ref):
            continue
        view = ledger.store.tip(ledger.ref).view
        if view is not None:
            views[ledger.ref] = view
    return views


def _still_reached(store: Store, graph: CommitGraph, base: Base) -> bool:
    """Whether everything reachable at ``base`` is still: each of its roots is, and no
    kept commit was let go."""
    tips = set(graph.roots())  # most roots are still tips: only a moved one is walked
    if not all(root in tips or graph.reachable(root) for root in base.roots):
        return False
    keep = store.target(KEEP_REF)
    if keep == base.keep:
        return True
    if base.keep is None:
        return True
    before, after = _view_at(store, base.keep), _view_at(store, keep) if keep else None
    if before is None or after is None:
        return False
    return all(blob is not None for _, blob in before.changed_blobs(after, KEPT_DIR))


def _partial_snapshots(views: dict[str, TreeView], rows: set[Row]) -> dict[str, Snapshot]:
    out: dict[str, Snapshot] = {}
    for ref, view in views.items():
        entries, bad = read_paths(view, sorted(p for r, p in rows if r == ref))
        out[ref] = Snapshot(ref, view.commit, None, Focus(), tuple(entries), tuple(bad))
    return out


def _ledger_warnings(ledgers: list[Ledger], index: LinkIndex, refs: set[str],
                     views: dict[str, TreeView]) -> list[Finding]:
    """``restore-long`` and ``ask-user-waiting``: a session ledger read whole, the project
    ledger's questions for the user only (it has no restore-long)."""
    out: list[Finding] = []
    for ledger in ledgers:
        if ledger.ref not in refs:
            continue
        if ledger.ref != PROJECT_REF:
            out += ledger_warnings(ledger, ledger.snapshot())
            continue
        asking = index.flagged({ledger.ref}, "asks")
        if asking:
            out += ledger_warnings(ledger, _partial_snapshots(
                {ledger.ref: views[ledger.ref]}, asking)[ledger.ref])
    return out


def _drift(where: str | os.PathLike[str] | None, base: Base, index: LinkIndex,
           refs: set[str], views: dict[str, TreeView], again: set[Row],
           touched_files: set[str], head: str | None) -> list[Finding]:
    """``decision-drift`` of the decisions whose drift can have changed: the ones checked
    again, and when HEAD moved, those whose files it changed (by the drift cache, which
    knows where renamed files are now) and those the cache knows nothing of."""
    drifting = index.drifting(refs)
    blame = {(d.ref, d.path) for d in drifting} & again
    if head != base.head:
        watched = watched_files(index.store.repo)
        blame |= {(d.ref, d.path) for d in drifting
                  if watched is None or d.id not in watched or not watched[d.id]
                  or watched[d.id] & touched_files}
    ids = {d.id for d in index.described(blame) if d.id}
    kept = [f for f in base.report.findings if f.rule == _DRIFT_RULE and f.entry not in ids
            and (f.entry is not None or not blame)]  # the last blaming run's note
    if not blame:
        return kept
    decisions = in_force_at(views, blame)
    return kept + drift_findings(where, refs, decisions=decisions, ids=ids)


def _view_at(store: Store, commit: str) -> TreeView | None:
    try:
        return store.view_at(commit)
    except (KeyError, ValueError, CorruptLedger):
        return None


__all__ = ["BadEntry", "Base", "base_of", "current_views", "recheck"]
