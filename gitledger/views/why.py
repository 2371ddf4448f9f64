"""``git ledger why``: why is this code like this?

Blame to commits, commits to notes, notes to entries.  Notes are only an index anyone can
push to, so a line is shown only when its ledger itself records it; any other line is
listed apart as unbacked.  A gone ledger or entry is named, never fatal.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gitledger.core.codec import entry_to_json
from gitledger.core.colour import paint
from gitledger.core.display import one_line, printable
from gitledger.core.footprint import DROPPED, IN_FORCE, REJECTED, spans
from gitledger.core.ids import is_valid_id
from gitledger.core.model import Entry
from gitledger.errors import CorruptLedger, InvalidInput, LedgerError, UnknownEntry
from gitledger.ledger.drift import Drifted, drift, in_force
from gitledger.ledger.link_index import may_govern, worktree_views
from gitledger.ledger.tree import read_entry, read_header
from gitledger.storage.commits import CommitGraph
from gitledger.storage.drift_cache import blob_id
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    NOTES_REF,
    PROJECT_REF,
    SESSIONS_PREFIX,
)
from gitledger.storage.mirrors import mirrors_of
from gitledger.storage.notes import commit_lines, note_lines, read_note
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import Verifier
from gitledger.storage.store import Store, TreeView
from gitledger.views.drifted import drifted_json, drifted_lines
from gitledger.views.governing import Governing, how
from gitledger.views.governing_ledgers import governing
from gitledger.views.render import deploy_receipt

#: How many commits a whole-file (or long range) blame shows by default.
MAX_COMMITS = 20
#: How many VERIFIED facts and DROPPED approaches of the ledger around a commit are shown.
CONTEXT_ITEMS = 5
#: The note relations that name an entry, strongest first (the order they are shown in).
ENTRY_RELATIONS = ("deploys", "implements", "cites", "refs")
#: How many unbacked note lines of one commit are listed (a forged note can hold many).
UNBACKED_SHOWN = 5
#: What clears unbacked lines: the notes derived again from the ledgers alone.
UNBACKED_FIX = "git ledger notes rebuild"

_RANGE = re.compile(r"(\d+)(?:-(\d+))?")
_INDENT = "    "


@dataclass(frozen=True)
class Linked:
    """An entry a commit's note names, as it is now in its ledger (None when gone)."""

    relation: str
    ledger: str
    entry_id: str
    entry: Entry | None
    problem: str | None = None


@dataclass(frozen=True)
class Context:
    """The ledger that was active when a commit was made, at the tip it had then."""

    ledger: str
    tip: str
    task: str | None = None
    verified: tuple[Entry, ...] = ()
    dropped: tuple[Entry, ...] = ()
    more_verified: int = 0
    more_dropped: int = 0
    problem: str | None = None


@dataclass(frozen=True)
class CommitWhy:
    commit: str
    summary: str
    lines: tuple[tuple[int, int], ...] | None
    entries: tuple[Linked, ...] = ()
    context: Context | None = None
    noted: bool = False
    #: Note lines on this commit that their ledger does not record (forged, or stale).
    unbacked: tuple[str, ...] = ()


@dataclass(frozen=True)
class Why:
    target: str
    kind: str  # "rev" or "path"
    path: str | None
    lines: tuple[int, int] | None
    commits: tuple[CommitWhy, ...] = ()
    more_commits: int = 0
    hint: str | None = None
    #: The decisions in force governing the file whose footprint later commits changed.
    drift: tuple[Drifted, ...] = ()
    #: What governs the file (its lines) now, by footprint or ``--paths``, whatever the
    #: notes say: what the pre-tool-use hook tells an agent about to change them.
    governing: tuple[Governing, ...] = ()


def why(
    where: str | os.PathLike[str] | None, target: str, *, rev: bool = False,
    max_commits: int = MAX_COMMITS, context_items: int = CONTEXT_ITEMS,
) -> Why:
    """What the ledgers say about ``target`` (a revision, or a file's lines at HEAD)."""
    repo = Repo(where)
    graph = CommitGraph(repo)
    store = Store(repo)
    path, lines = (None, None) if rev else _as_path(repo, graph, target)
    ranges: dict[str, tuple[tuple[int, int], ...] | None]
    if path is None:
        sha = graph.resolve(target, f"'{target}'")
        shas, ranges = [sha], {sha: None}
        kind, more = "rev", 0
    else:
        shas, ranges, more = _blamed(graph, path, lines, max_commits)
        kind = "path"
    reader = _Reader(store, graph, context_items)
    commits = tuple(reader.commit(sha, ranges[sha]) for sha in shas)
    hint = None
    if (any(not c.noted for c in commits) and not store.exists(NOTES_REF)
            and any(r.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX)) or r == PROJECT_REF
                    for r in store.ledger_refs())):
        hint = ("this repository has ledgers but no refs/notes/ledger (a clone without "
                "them?): run git ledger notes rebuild")
    drifted = _drifted(where, path, lines, commits) if path is not None else ()
    governed = (tuple(governing(str(repo.workdir), [(path, (lines,) if lines else ())]))
                if path is not None else ())
    return Why(target, kind, path, lines, commits, more, hint, drifted, governed)


def _drifted(where: str | os.PathLike[str] | None, path: str, lines: tuple[int, int] | None,
             commits: tuple[CommitWhy, ...]) -> tuple[Drifted, ...]:
    """The drift of the decisions governing ``path`` (its ``lines``): a drifted decision
    whose footprint names the file (as it was or is now), when the whole file is asked
    about, or a blamed commit implements it, or one of them is what changed its lines."""
    blamed = {c.commit for c in commits}
    linked = {x.entry_id for c in commits for x in c.entries}
    try:
        decisions = _may_govern(where, path, blamed, linked)
        report = drift(where, ids={entry.id for _, entry in decisions}, decisions=decisions)
    except LedgerError:
        return ()  # no git to blame with: why still answers
    return tuple(item for item in report.decisions
                 if any(path in (f.path, f.now) for f in item.files)
                 and (lines is None or item.entry.id in linked
                      or any(blamed & set(f.commits) for f in item.files)))


def _may_govern(where: str | os.PathLike[str] | None, path: str, blamed: set[str],
                linked: set[str]) -> list[tuple[str, Entry]]:
    """The decisions in force whose drift can concern ``path``: a span on ``path``, on a
    file HEAD no longer has (it may have moved to ``path``), of a blamed commit, or one a
    blamed commit names.  Only those are blamed again: a year of a team has 20,000
    decisions in force, and reverse-blaming every footprint to answer for one file cost
    minutes (docs/benchmarks.md, "A year of a team").  The link index finds them without
    reading the 20,000 (ledger/link_index.py); without it, every decision is read."""
    repo = Repo(where)
    gone = _gone_from_head(repo)
    store, views = worktree_views(where)
    found = may_govern(store, views, path, blamed=blamed, linked=linked, gone=gone)
    if found is not None:
        return found
    return [(ref, entry) for ref, entry in in_force(where)
            if entry.id in linked or any(
                span.path == path or span.commit in blamed or gone(span.path)
                for span in spans(entry.footprint))]


def _gone_from_head(repo: Repo) -> Callable[[str], bool]:
    """Whether a file is gone from HEAD, each looked up once (a year's decisions share a
    few thousand files)."""
    head = repo.head_commit()
    at_head: dict[str, bool] = {}

    def gone(file: str) -> bool:
        if file not in at_head:
            at_head[file] = head is not None and blob_id(repo, head, file) is None
        return at_head[file]

    return gone


# -- the target ----------------------------------------------------------------------------


def _as_path(repo: Repo, graph: CommitGraph,
             target: str) -> tuple[str | None, tuple[int, int] | None]:
    """(repository path, line range) when ``target`` names a file at HEAD, else (None,
    None) for a revision; InvalidInput when it names neither, or a bad line range."""
    head = graph.head()
    whole = _repo_path(repo, target)
    if head is not None and whole is not None and graph.line_count(head, whole) is not None:
        return whole, None
    name, colon, spec = target.rpartition(":")
    if colon and name:
        path = _repo_path(repo, name)
        count = graph.line_count(head, path) if head is not None and path else None
        if count is not None and path is not None:
            return path, _line_range(spec, count, path)
        if _RANGE.fullmatch(spec):
            raise InvalidInput(_no_file(repo, head, name, path))
    if _resolves(graph, target):
        return None, None
    if head is None:
        raise InvalidInput(f"'{target}' names no commit, and there are no commits yet "
                           "to blame a file in")
    raise InvalidInput(f"'{target}' is neither a file at HEAD nor a commit "
                       "(PATH[:LINE[-LINE]] or REV)")


def _resolves(graph: CommitGraph, target: str) -> bool:
    try:
        graph.resolve(target)
    except InvalidInput:
        return False
    return True


def _no_file(repo: Repo, head: str | None, name: str, path: str | None) -> str:
    if head is None:
        return "there are no commits yet: blame reads the lines of HEAD"
    if path is None:
        return f"'{name}' is outside the repository"
    if (repo.workdir / path).is_file():
        return (f"'{path}' is not committed at HEAD (blame reads committed lines; "
                "commit it first)")
    if (repo.workdir / path).is_dir():
        return f"'{path}' is a directory; why needs a file"
    return f"no file '{path}' at HEAD"


def _repo_path(repo: Repo, text: str) -> str | None:
    """``text`` (relative to where the command runs) relative to the work tree."""
    if not text:
        return None
    full = Path(os.path.normpath(repo.cwd / text))
    try:
        relative = full.relative_to(repo.workdir).as_posix()
    except ValueError:
        return None
    return relative if relative != "." else None


def _line_range(spec: str, count: int, path: str) -> tuple[int, int]:
    found = _RANGE.fullmatch(spec)
    if found is None:
        raise InvalidInput(f"'{spec}' is not a line range (PATH:LINE or PATH:FIRST-LAST)")
    first = int(found.group(1))
    last = int(found.group(2)) if found.group(2) else first
    if first < 1:
        raise InvalidInput(f"line numbers start at 1 (got {first})")
    if last < first:
        raise InvalidInput(f"the range {first}-{last} ends before it starts")
    if last > count:
        raise InvalidInput(f"'{path}' has {count} line{'s' if count != 1 else ''} at HEAD; "
                           f"line {last} is beyond its end")
    return first, last


def _blamed(
    graph: CommitGraph, path: str, lines: tuple[int, int] | None, max_commits: int,
) -> tuple[list[str], dict[str, tuple[tuple[int, int], ...] | None], int]:
    head = graph.head()
    assert head is not None
    count = graph.line_count(head, path) or 0
    if count == 0:
        raise InvalidInput(f"'{path}' is empty at HEAD: no lines to blame")
    first, last = lines or (1, count)
    hunks = graph.blame(head, path, first, last)
    spans: dict[str, list[tuple[int, int]]] = {}
    for sha, start, end in hunks:
        runs = spans.setdefault(sha, [])
        if runs and runs[-1][1] + 1 == start:
            runs[-1] = (runs[-1][0], end)
        else:
            runs.append((start, end))
    ordered = graph.newest_first(list(spans))
    ordered += sorted(set(spans) - set(ordered))  # a grafted or shallow history
    shown = ordered[:max_commits]
    return shown, {sha: tuple(spans[sha]) for sha in shown}, len(ordered) - len(shown)


# -- commits to notes to entries -----------------------------------------------------------


@dataclass
class _Reader:
    store: Store
    graph: CommitGraph
    context_items: int
    _views: dict[str, tuple[TreeView | None, str | None]] = field(default_factory=dict)
    _records: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    _held: set[str] | None = None  # the quarantined mirrors

    def _first_made(self, contexts: list[tuple[str, str]]) -> tuple[str, str]:
        """Of several ``commit-in`` lines (a rewritten commit carries its earlier ones),
        the one from when the work was first committed: the oldest ledger tip."""
        oldest = self.graph.newest_first([tip for _, tip in contexts])
        if not oldest:
            return sorted(contexts)[0]
        return next(pair for pair in contexts if pair[1] == oldest[-1])

    def commit(self, sha: str, lines: tuple[tuple[int, int], ...] | None) -> CommitWhy:
        summary = (self.graph.message(sha).strip().splitlines() or [""])[0]
        noted = read_note(self.store, sha)
        linked: list[Linked] = []
        contexts: list[tuple[str, str]] = []
        gone: list[tuple[str, str, str]] = []
        unbacked: list[str] = []
        for line in noted:
            parts = line.split()
            if not parts:
                continue
            relation, first, second = parts if len(parts) == 3 else ("", "", "")
            if relation in ENTRY_RELATIONS and is_valid_id(first):
                if any(x.entry_id == first and x.ledger == second and x.relation == relation
                       for x in linked):
                    continue
                found = self._linked(relation, first, second, sha)
                if found is None:
                    unbacked.append(line)
                else:
                    linked.append(found)
            elif relation == "commit-in":
                problem = self._unrecorded(first, sha, line)
                if problem is None:
                    if second not in (t for _, t in contexts):
                        contexts.append((first, second))
                elif problem:
                    gone.append((first, second, problem))
                else:
                    unbacked.append(line)
            else:
                unbacked.append(line)
        linked.sort(key=_entry_order)
        context = None
        if contexts:
            context = self._context(*self._first_made(contexts))
        elif gone:
            ref, tip, problem = gone[0]
            context = Context(ref, tip, problem=problem)
        return CommitWhy(sha, summary, lines, tuple(linked), context, bool(noted),
                         tuple(unbacked))

    def _linked(self, relation: str, entry_id: str, ref: str, sha: str) -> Linked | None:
        """The entry a note line names, when its ledger records the line; a ledger that
        is not here is named with the problem; None when the line is unbacked."""
        view, problem = self._view(ref)
        if view is None:
            return None if problem is None else Linked(relation, ref, entry_id, None, problem)
        line = f"{relation} {entry_id} {ref}"
        if relation == "refs" and line not in self._recorded(ref).get(sha, ()):
            return None
        try:
            entry = read_entry(view, entry_id)
        except UnknownEntry:
            return None
        except CorruptLedger as exc:
            return Linked(relation, ref, entry_id, None, str(exc))
        if relation != "refs" and line not in note_lines(entry, ref).get(sha, ()):
            return None  # the entry (as it is now) does not name this commit so
        return Linked(relation, ref, entry_id, entry)

    def _unrecorded(self, ref: str, sha: str, line: str) -> str | None:
        """None when ``ref``'s own history records the ``commit-in`` line; why not when
        the ledger is not here; "" when it is here and does not record it."""
        view, problem = self._view(ref)
        if view is None:
            return problem or ""
        return None if line in self._recorded(ref).get(sha, ()) else ""

    def _recorded(self, ref: str) -> dict[str, set[str]]:
        """The lines ``ref``'s ``commit`` events put on code commits (one walk a ledger)."""
        if ref not in self._records:
            view, _ = self._view(ref)
            commit = view.commit if view is not None else None
            self._records[ref] = commit_lines(self.store, ref, commit) if commit else {}
        return self._records[ref]

    def _view(self, ref: str) -> tuple[TreeView | None, str | None]:
        """The ledger ``ref`` names now: itself, else its archive; or why there is none
        (None: no ledger could be named so, and nothing can back the line)."""
        if ref not in self._views:
            self._views[ref] = self._find(ref)
        return self._views[ref]

    def _find(self, ref: str) -> tuple[TreeView | None, str | None]:
        if not ref.startswith(LEDGER_NAMESPACE):
            return None, None
        candidates = [ref]
        if ref.startswith(SESSIONS_PREFIX):
            candidates.append(ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX))
        # A teammate's ledger is read from its copy fetched from a remote.
        candidates += [mirror for want in list(candidates) for mirror in self._mirrors_of(want)]
        for candidate in candidates:
            chained = self.store.chained(candidate)  # an archive in a month chain
            commit = chained.commit if chained is not None else self.graph.ref_commit(candidate)
            if commit is not None:
                return self.store.view_at(commit), None
        return None, f"the ledger {ref} is gone (neither it nor an archive of it exists)"

    def _mirrors_of(self, own: str) -> list[str]:
        if self._held is None:
            self._held = {verdict.ref for verdict in Verifier(self.store.repo).quarantined()}
        return mirrors_of(self.store, own, self._held)

    def _context(self, ref: str, tip: str) -> Context:
        full = self.graph.full(tip) if re.fullmatch(r"[0-9a-f]{40}", tip) else None
        if full is None:
            return Context(ref, tip, problem=f"the ledger commit {tip[:12]} is gone")
        view = self.store.view_at(full)
        try:
            _, focus = read_header(ref, view)
        except CorruptLedger as exc:
            return Context(ref, tip, problem=str(exc))
        entries, _ = read_entries(self.store, ref, view)
        newest = sorted(entries, key=lambda e: (e.seq, e.created), reverse=True)
        verified = [e for e in newest if e.kind == "verified"]
        dropped = [e for e in newest if e.kind == "dropped"]
        n = self.context_items
        return Context(ref, tip, focus.task, tuple(verified[:n]), tuple(dropped[:n]),
                       max(0, len(verified) - n), max(0, len(dropped) - n))


def _entry_order(item: Linked) -> tuple[int, float, int, int]:
    """Found entries newest first (the same entry's relations strongest first)."""
    if item.entry is None:
        return (1, 0.0, 0, ENTRY_RELATIONS.index(item.relation))
    return (0, -item.entry.created.timestamp(), -item.entry.seq,
            ENTRY_RELATIONS.index(item.relation))


def status_text(entry: Entry) -> str:
    """A decision's status as ``restore`` words it: implemented is "not deployed" yet."""
    if entry.status == "implemented":
        return "implemented — not deployed"
    if entry.status == "deployed":
        return f"deployed to {deploy_receipt(entry)}"
    if entry.status == "proposed" and entry.supersedes:
        return f"proposed, would supersede {entry.supersedes}"
    return entry.status or "?"


# -- JSON ----------------------------------------------------------------------------------


def why_json(result: Why) -> dict[str, Any]:
    """The documented ``--json`` shape (docs/cli.md, "why")."""
    return {
        "target": result.target,
        "kind": result.kind,
        "path": result.path,
        "lines": list(result.lines) if result.lines else None,
        "commits": [_commit_json(c) for c in result.commits],
        "more_commits": result.more_commits,
        "hint": result.hint,
        "drift": [drifted_json(item) for item in result.drift],
        "governing": [_governing_json(item, result) for item in result.governing],
    }


def _drifted_ids(result: Why) -> set[str]:
    return {item.entry.id for item in result.drift}


def _governing_json(item: Governing, result: Why) -> dict[str, Any]:
    return {"id": item.entry.id, "ledger": item.ledger, "role": item.role, "how": how(item),
            "label": item.label.strip(), "by_lines": item.by_lines,
            "drifted": item.entry.id in _drifted_ids(result),
            "status": status_text(item.entry) if item.entry.kind == "decided" else None,
            "entry": entry_to_json(item.entry)}


def _commit_json(found: CommitWhy) -> dict[str, Any]:
    context = found.context
    return {
        "commit": found.commit,
        "summary": found.summary,
        "lines": [list(r) for r in found.lines] if found.lines is not None else None,
        "noted": found.noted,
        # As the text lists them: the first few, each one line of at most 200 characters
        # (a forged note can hold a thousand lines of any length); how many in all apart.
        "unbacked": [one_line(line, 200) for line in found.unbacked[:UNBACKED_SHOWN]],
        "unbacked_total": len(found.unbacked),
        "entries": [{"relation": x.relation, "ledger": x.ledger, "id": x.entry_id,
                     "entry": entry_to_json(x.entry) if x.entry else None,
                     "status": status_text(x.entry)
                     if x.entry and x.entry.kind == "decided" else None,
                     "problem": x.problem} for x in found.entries],
        "context": None if context is None else {
            "ledger": context.ledger,
            "tip": context.tip,
            "task": context.task,
            "verified": [entry_to_json(e) for e in context.verified],
            "dropped": [entry_to_json(e) for e in context.dropped],
            "more_verified": context.more_verified,
            "more_dropped": context.more_dropped,
            "problem": context.problem,
        },
    }


# -- text ----------------------------------------------------------------------------------


def why_text(result: Why) -> str:
    if result.kind == "path":
        where = f"{result.path}:{_span(result.lines)}" if result.lines else result.path
        n = len(result.commits) + result.more_commits
        head = f"why {where}: {n} commit{'s' if n != 1 else ''} (newest first)"
    else:
        head = f"why {result.target}"
    lines = [printable(head or "")]
    if result.governing:
        lines += ["", "governed by (what an agent changing these lines is told):"]
        for ruling in result.governing:
            lines.extend(_governing_lines(ruling, result))
    unnoted: list[CommitWhy] = []
    for found in result.commits:
        if _unnoted(found):
            unnoted.append(found)  # said once for a run of them, after the run
            continue
        lines += _unnoted_lines(unnoted)
        unnoted = []
        lines.append("")
        lines.extend(_commit_lines(found))
    lines += _unnoted_lines(unnoted)
    if result.more_commits:
        lines += ["", f"… and {result.more_commits} older commit"
                      f"{'s' if result.more_commits != 1 else ''} not shown "
                      "(--max-commits, or a narrower PATH:FIRST-LAST)"]
    for item in result.drift:
        lines += ["", f"{paint('drift', 'drift:')} {item.entry.id}  "
                      f"{one_line(item.entry.text, 200)}  "
                      "[its footprint changed since; git ledger drift]"]
        lines += drifted_lines(item, "  ")
    if result.hint:
        lines += ["", f"hint: {result.hint}"]
    return "\n".join(lines)


#: How each role governs, as why says it.
_ROLES = {IN_FORCE: "decision in force", REJECTED: "rejected decision",
          DROPPED: "dropped approach"}


def _governing_lines(item: Governing, result: Why) -> list[str]:
    entry = item.entry
    drifted = ", drifted since (git ledger drift)" if entry.id in _drifted_ids(result) else ""
    name = _ROLES.get(item.role, item.role)
    out = [f"  {name} {entry.id} ({item.ledger}{printable(item.label)}): governs by "
           f"{one_line(how(item), 200)}{drifted}"]
    tag = f"  [{one_line(status_text(entry), 120)}]" if entry.kind == "decided" else ""
    out.append(f"{_INDENT}{one_line(entry.text, 200)}{tag}")
    details = [("rejected alternatives", " | ".join(entry.over) or None),
               ("because", entry.because), ("rejected because", entry.rejected_why),
               ("why", entry.why)]
    out.extend(f"{_INDENT}{_INDENT}{label}: {one_line(value, 300)}"
               for label, value in details if value)
    return out


def _unnoted(found: CommitWhy) -> bool:
    return not found.entries and found.context is None and not found.unbacked


def _unnoted_lines(run: list[CommitWhy]) -> list[str]:
    """Commits in a row that no ledger explains, one line each and the fact said once:
    a file older than its ledgers is mostly such commits."""
    if not run:
        return []
    said = run[0].commit[:12] if len(run) == 1 else f"these {len(run)} commits"
    return ["", *(_commit_line(found) for found in run), f"  no ledger notes for {said}"]


def _commit_line(found: CommitWhy) -> str:
    at = ""
    if found.lines:
        several = len(found.lines) > 1 or found.lines[0][0] != found.lines[0][1]
        at = f"  (line{'s' if several else ''} {', '.join(_span(r) for r in found.lines)})"
    return f"commit {found.commit[:12]}  {one_line(found.summary, 72)}{at}"


def _commit_lines(found: CommitWhy) -> list[str]:
    """A commit some ledger explains: its line, then what the ledgers say of it."""
    lines = [_commit_line(found)]
    shown: dict[tuple[str, str], list[str]] = {}
    for item in found.entries:
        key = (item.ledger, item.entry_id)
        if key in shown:
            shown[key].append(item.relation)
            continue
        shown[key] = [item.relation]
    printed: set[tuple[str, str]] = set()
    for item in found.entries:
        key = (item.ledger, item.entry_id)
        if key in printed:
            continue
        printed.add(key)
        lines.extend(_linked_lines(item, shown[key]))
    if found.context is not None:
        lines.extend(_context_lines(found.context))
    lines.extend(_unbacked_lines(found.unbacked))
    return lines


def _unbacked_lines(unbacked: tuple[str, ...]) -> list[str]:
    """Note lines no ledger records, apart and labelled: what they name is not shown."""
    if not unbacked:
        return []
    n = len(unbacked)
    out = [f"  unbacked note line{'s' if n != 1 else ''} (no ledger records "
           f"{'them' if n != 1 else 'it'}; not shown as this commit's history):"]
    out += [f"{_INDENT}{one_line(line, 200)}" for line in unbacked[:UNBACKED_SHOWN]]
    if n > UNBACKED_SHOWN:
        out.append(f"{_INDENT}… and {n - UNBACKED_SHOWN} more")
    out.append(f"{_INDENT}fix: {UNBACKED_FIX}")
    return out


def _linked_lines(item: Linked, relations: list[str]) -> list[str]:
    how = " + ".join(relations)
    where = _ledger_name(item.ledger)
    if item.entry is None:
        return [f"  {how} {item.entry_id} ({where}): {printable(item.problem or 'not found')}"]
    entry = item.entry
    tag = f"  [{one_line(status_text(entry), 120)}]" if entry.kind == "decided" else ""
    out = [f"  {how} {entry.id} ({where})", f"{_INDENT}{one_line(entry.text, 200)}{tag}"]
    details: list[tuple[str, str | None]] = []
    if entry.kind == "decided":
        details = [("rejected alternatives", " | ".join(entry.over) or None),
                   ("because", entry.because),
                   ("rejected because", entry.rejected_why),
                   ("superseded by", entry.superseded_by),
                   ("evidence", "; ".join(entry.evidence) or None)]
    elif entry.kind == "verified":
        details = [("by", entry.by)]
    elif entry.kind == "dropped":
        details = [("why", entry.why)]
    elif entry.kind == "plan":
        details = [("note", entry.note)]
    out.extend(f"{_INDENT}{_INDENT}{label}: {one_line(value, 300)}"
               for label, value in details if value)
    if item.problem:
        out.append(f"{_INDENT}{_INDENT}note: {printable(item.problem)}")
    return out


def _context_lines(context: Context) -> list[str]:
    name = _ledger_name(context.ledger)
    if context.problem:
        # Nothing here records the line any more (a pruned ledger, or one that never was):
        # the note's word alone, said as such.
        return [f"  a note says it was made while {name} was active (at {context.tip[:12]}); "
                "no ledger here confirms it",
                f"{_INDENT}{printable(context.problem)}"]
    out = [f"  made while {name} was active (at {context.tip[:12]})"]
    out.append(f"{_INDENT}TASK  {one_line(context.task or '(not set)', 200)}")
    for title, items, more, detail in (
        ("VERIFIED", context.verified, context.more_verified, "by"),
        ("DROPPED", context.dropped, context.more_dropped, "why"),
    ):
        if not items:
            continue
        out.append(f"{_INDENT}{title} then (newest first)")
        for entry in items:
            reason = getattr(entry, detail) or "?"
            out.append(f"{_INDENT}  {entry.id}  {one_line(entry.text, 160)}  "
                       f"({detail}: {one_line(reason, 160)})")
        if more:
            out.append(f"{_INDENT}  … and {more} more")
    return out


def _ledger_name(ref: str) -> str:
    """The ledger's whole ref, as ``git show`` and ``git log`` take it."""
    return printable(ref)


def _span(lines: tuple[int, int] | None) -> str:
    if lines is None:
        return ""
    first, last = lines
    return str(first) if first == last else f"{first}-{last}"



__all__ = ["CONTEXT_ITEMS", "MAX_COMMITS", "UNBACKED_FIX", "CommitWhy", "Context", "Linked", "Why",
           "status_text", "why", "why_json", "why_text"]
