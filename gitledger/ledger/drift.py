"""Drift: decisions in force whose footprint lines later commits changed.

A reverse blame (``storage/blame.py``) finds each later change to a footprint line; it is
drift unless the commit implements or acknowledges the decision (``Ledger-Refs:``) or
precedes ``since``.  Results are kept for the restore block (``storage/drift_cache``).
A decision someone else wrote or changed drifts by the footprint its evidence derives
here, never the one their blob stores: a forged footprint would make drift lie, and each
file it names costs a ``git blame``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from gitledger.core.display import quote
from gitledger.core.footprint import Span, drifts, spans
from gitledger.core.model import Entry, Snapshot, git_evidence
from gitledger.errors import BadRevisionOption, InvalidInput, LedgerError
from gitledger.ledger.authorship import UNKNOWN, Others
from gitledger.ledger.decision_footprints import commit_spans_cache, rebuilt_footprint
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.blame import (
    CommitInfo,
    changed_paths,
    children,
    commit_info,
    line_count,
    range_commits,
    reverse_blame,
)
from gitledger.storage.commits import CommitGraph
from gitledger.storage.drift_cache import (
    CachedDrift,
    blob_id,
    drift_key,
    fresh_records,
    write_cache,
)
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.notes import read_note
from gitledger.storage.store import Store

_REFS = re.compile(r"(?im)^ledger-refs:(.*)$")
#: The most files of one decision's footprint one run blames, and of all decisions: a
#: footprint is data a teammate can write, naming any number of files, and each blame is
#: a ``git blame`` process.  What is over either is counted (``DriftReport.unblamed``),
#: never taken for undrifted, and not cached.
BLAME_PER_DECISION = 100
BLAME_PER_RUN = 1000


@dataclass(frozen=True)
class DriftedFile:
    """One file of a footprint: its path there, where it is now (None: deleted), how many
    of its footprint lines changed, and the commits that changed them, newest first."""

    path: str
    now: str | None
    lines: int
    commits: tuple[str, ...]

    @property
    def deleted(self) -> bool:
        return self.now is None


@dataclass(frozen=True)
class Drifted:
    entry: Entry
    ledger: str
    files: tuple[DriftedFile, ...]
    commits: tuple[CommitInfo, ...]
    #: ``[by NAME]`` when someone else wrote or changed the decision (from history).
    label: str = ""

    @property
    def lines(self) -> int:
        return sum(f.lines for f in self.files)


@dataclass(frozen=True)
class DriftReport:
    head: str | None
    since: str | None
    #: How many decisions in force with a footprint were looked at.
    checked: int
    decisions: tuple[Drifted, ...]
    #: Footprint files left unblamed, over ``BLAME_PER_DECISION`` or ``BLAME_PER_RUN``.
    unblamed: int = 0
    #: Others' decisions whose footprint was left underived this run (over the budget of
    #: commits one run diffs, ``REBUILD_BUDGET``): not taken for undrifted.
    underived: int = 0


def in_force(where: str | os.PathLike[str] | None,
             read: dict[str, Snapshot] | None = None) -> list[tuple[str, Entry]]:
    """The decisions in force with a footprint or citing a commit (``drifts``), of this
    worktree's ledger and the project ledger (a decision carried to the project counted
    once).  ``read`` holds snapshots the
    caller has already read, by ref (``check``), which are not read again."""
    found: dict[str, tuple[str, Entry]] = {}
    for reader in (LedgerReader.open(where, session=""),
                   LedgerReader.open(where, project=True, session="")):
        if reader.ref is None:
            continue
        snap = (read or {}).get(reader.ref) or reader.snapshot()
        for entry in snap.entries:
            if drifts(entry):
                found.setdefault(entry.id, (reader.ref, entry))
    return list(found.values())


def drift(where: str | os.PathLike[str] | None = None, *, since: str | None = None,
          ids: Iterable[str] | None = None, read: dict[str, Snapshot] | None = None,
          decisions: list[tuple[str, Entry]] | None = None) -> DriftReport:
    """``drift``: the decisions in force (all, or those of ``ids``) whose footprint later
    commits changed; only commits after ``since`` when given (InvalidInput for a bad REV).
    ``decisions``: what ``in_force`` gave the caller already (a year's 20,000 take 0.6 s
    to read)."""
    if decisions is None:
        decisions = in_force(where, read)
    wanted = set(ids) if ids is not None else None
    if wanted is not None:
        decisions = [(ref, e) for ref, e in decisions if e.id in wanted]
    store = Store(LedgerReader.open(where, session="").repo)
    graph = CommitGraph(store.repo)
    try:
        since_sha = graph.resolve(since, "--since") if since is not None else None
    except InvalidInput as exc:
        raise BadRevisionOption(str(exc)) from None
    head = graph.head()
    if head is None:
        return DriftReport(None, since_sha, len(decisions), ())
    finder = _Finder(store, graph, head, since_sha)
    found: list[Drifted] = []
    records: list[tuple[str, CachedDrift]] = []
    # A decision the cache holds fresh and undrifted is not blamed again (the cache's
    # freshness rule, storage/drift_cache.py): in a year of a team nearly every decision
    # in force is one, and blaming each of them again made check and review minutes long.
    # A record naming no file (its span's commit was not in HEAD then) proves nothing.
    settled = {} if since_sha is not None else {
        c.entry: c for c in fresh_records(store.repo, [e for _, e in decisions])
        if not (c.lines or c.deleted) and c.files}
    theirs, underived = _as_derived(store, [(r, e) for r, e in decisions
                                            if e.id not in settled])
    for ref, entry in decisions:
        if entry.id in settled:
            records.append((settled[entry.id].key, settled[entry.id]))
            continue
        label, derived = theirs.get(entry.id, ("", entry))
        if derived is None:
            continue  # its footprint is still to derive: neither drifted nor a record
        skipped = finder.unblamed
        files = finder.files(derived)
        drifted = tuple(f for f in files if f.lines or f.deleted)
        if finder.unblamed == skipped:  # a decision blamed in part is not a record
            records.append((drift_key(entry), CachedDrift(
                entry.id, sum(f.lines for f in drifted),
                len({c for f in drifted for c in f.commits}), sum(f.deleted for f in drifted),
                {f.now: blob_id(store.repo, head, f.now) for f in files
                 if f.now is not None})))
        if drifted:
            shas = graph.newest_first(sorted({c for f in drifted for c in f.commits}))
            found.append(Drifted(derived, ref, drifted,
                                 tuple(commit_info(store.repo, sha) for sha in shas), label))
    # Some of the decisions, every one settled by the cache: it holds these records.
    if since_sha is None and not (wanted is not None and len(settled) == len(decisions)):
        write_cache(store.repo, records, whole=wanted is None and not underived)
    return DriftReport(head, since_sha, len(decisions), tuple(found), finder.unblamed,
                       underived)


def _as_derived(store: Store, decisions: list[tuple[str, Entry]]
                ) -> tuple[dict[str, tuple[str, Entry | None]], int]:
    """The decisions someone other than the reader wrote or changed (by the ledgers'
    history), each with its label and as it drifts: its footprint derived from its
    evidence here (None: left for a later run, the budget of diffs spent), and how many
    were left.  The cache's records stay keyed by the stored entry, which restore reads."""
    whose: dict[str, Callable[[str], Others | None]] = {}
    found: dict[str, tuple[str, Entry | None]] = {}
    if not decisions:
        return found, 0  # every one settled: the commits' spans are not loaded
    spans = commit_spans_cache(store.repo)
    left = 0
    for ref, entry in decisions:
        if ref not in whose:
            whose[ref] = _hands(store, ref)
        others = whose[ref](entry.id)
        if others is None:
            continue
        footprint = rebuilt_footprint(store.repo, entry.evidence, spans)
        left += footprint is None
        found[entry.id] = (quote(others.label(), 120),
                           None if footprint is None else replace(entry, footprint=footprint))
    spans.save()
    return found, left


def _hands(store: Store, ref: str) -> Callable[[str], Others | None]:
    """Who else wrote or changed an entry of ``ref`` (None: the reader alone; someone
    unknown when the ledger's history cannot be read)."""
    reader = LedgerReader(store, ref, "project" if ref == PROJECT_REF else "session",
                          session="")
    try:
        me = reader.current_user()
        records = reader.provenance(reader=me)
    except LedgerError:
        return lambda entry_id: UNKNOWN
    return lambda entry_id: records.others(entry_id, me)


class _Finder:
    """The reverse blames of one ``drift`` run, sharing the walks between decisions."""

    def __init__(self, store: Store, graph: CommitGraph, head: str, since: str | None) -> None:
        self.store, self.repo, self.graph = store, store.repo, graph
        self.head, self.since = head, since
        self._children: dict[str, dict[str, list[str]]] = {}
        self._ranges: dict[str, list[str]] = {}
        self._refs: dict[str, set[str]] = {}
        self.blamed = 0
        self.unblamed = 0
        self._this_decision = 0

    def files(self, entry: Entry) -> list[DriftedFile]:
        self._this_decision = 0
        implementing = {full for sha in git_evidence(entry)
                        if (full := self.graph.full(sha)) is not None}
        by_path: dict[str, tuple[str | None, int, list[str]]] = {}
        acks: set[str] | None = None
        for span in spans(entry.footprint):
            start = self.graph.full(span.commit)
            if start is None or start == self.head or not self.graph.contains(self.head, start):
                continue
            if acks is None:
                acks = set()
            acks |= self._acknowledging(entry.id, start)
            now, changed = self._span(start, span)
            if now is False:
                continue  # the span names no file of its commit
            kept_now, lines, commits = by_path.get(span.path, (None, 0, []))
            for changer in changed:
                if (changer in implementing or self._acknowledged(changer, acks)
                        or (self.since is not None and self.graph.contains(self.since,
                                                                           changer))):
                    continue
                lines += 1
                commits.append(changer)
            by_path[span.path] = (kept_now or (now if isinstance(now, str) else None),
                                  lines, commits)
        out = []
        for path, (now, lines, commits) in sorted(by_path.items()):
            if now is None and not lines:
                continue  # deleted, but by a commit that implements or acknowledges it
            out.append(DriftedFile(path, now, lines, tuple(dict.fromkeys(commits))))
        return out

    def _span(self, start: str, span: Span) -> tuple[str | bool | None, list[str]]:
        """Where the span's file is at HEAD (None: deleted, False: no such file in
        ``start``) and, per changed line, the commit that changed it."""
        total = line_count(self.repo, start, span.path)
        if total is None:
            return False, []
        if blob_id(self.repo, start, span.path) == blob_id(self.repo, self.head, span.path):
            return span.path, []  # the same file at HEAD: no line of it changed
        lines = tuple((a, min(b, total)) for a, b in span.lines if a <= total) \
            if span.lines else ((1, total),) if total else ()
        if not lines:
            return (span.path if blob_id(self.repo, self.head, span.path) else None), []
        if self.blamed >= BLAME_PER_RUN or self._this_decision >= BLAME_PER_DECISION:
            self.unblamed += 1
            return False, []
        self.blamed += 1
        self._this_decision += 1
        kids = self._children.setdefault(start, children(self.repo, start, self.head))
        now: str | None = None
        changed: list[str] = []
        for seen in reverse_blame(self.repo, start, self.head, span.path, lines):
            if seen.commit == self.head:
                now = seen.path
                continue
            changed.append(self._changer(seen.commit, seen.path, kids))
        if now is None and blob_id(self.repo, self.head, span.path) is not None:
            now = span.path
        return now, changed

    def _changer(self, last: str, path: str, kids: dict[str, list[str]]) -> str:
        """The child of ``last`` (where the line last existed) that changed ``path``."""
        candidates = kids.get(last, [])
        before = blob_id(self.repo, last, path)
        for child in candidates:
            if blob_id(self.repo, child, path) != before:
                return child
        return candidates[0] if candidates else last

    def _acknowledging(self, entry_id: str, start: str) -> set[str]:
        """The commits of ``start..HEAD`` that name ``entry_id`` in ``Ledger-Refs:``."""
        commits = self._ranges.setdefault(start, range_commits(self.repo, start, self.head))
        return {sha for sha in commits if entry_id in self._referenced(sha)}

    def _referenced(self, sha: str) -> set[str]:
        """The ids a commit's ``Ledger-Refs:`` names: by its note, or by its message."""
        if sha not in self._refs:
            named = {line.split()[1] for line in read_note(self.store, sha)
                     if line.startswith("refs ") and len(line.split()) >= 2}
            for value in _REFS.findall(self.graph.message(sha)):
                named.update(word for word in re.split(r"[,\s]+", value) if word)
            self._refs[sha] = named
        return self._refs[sha]

    def _acknowledged(self, changer: str, acks: set[str]) -> bool:
        return any(self.graph.contains(ack, changer) for ack in acks)


def touched(where: str | os.PathLike[str] | None, commit: str,
            named: Iterable[str] = ()) -> list[str]:
    """The decisions whose footprint lines ``commit`` changed without implementing or
    acknowledging them.  Only the decisions whose footprint names a file the commit
    changed (or that its trailers ``named``) are blamed again, and only their records in
    the cache are written: a commit pays for the decisions it may touch, not for all.
    The footprint a candidate is picked by is the one it drifts by (``_as_derived``):
    someone else's blob cannot hide their decision from a commit, nor attach it to files
    its evidence never changed."""
    repo = LedgerReader.open(where, session="").repo
    paths = changed_paths(repo, commit)
    decisions = in_force(where)
    theirs, _ = _as_derived(Store(repo), decisions)
    wanted = set(named)
    candidates: set[str] = set()
    for _, entry in decisions:
        derived = theirs[entry.id][1] if entry.id in theirs else entry
        if entry.id in wanted or (derived is not None and any(
                s.path in paths for s in spans(derived.footprint))):
            candidates.add(entry.id)
    if not candidates:
        return []
    report = drift(where, ids=candidates, decisions=decisions)
    return [d.entry.id for d in report.decisions if any(commit in f.commits for f in d.files)]


__all__ = ["DriftReport", "Drifted", "DriftedFile", "drift", "in_force", "touched"]
