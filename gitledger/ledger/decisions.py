"""The decision state machine: accept, implement, deploy, reject, supersede, evidence.

Each transition is decided inside the write's ``build`` step from the tree it applies to,
so two racing writers cannot both move a decision from one state; cited commits are kept
alive before the entry citing them is written.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from gitledger.core.codec import decode_entry, encode_entry, encode_focus, in_utc_range
from gitledger.core.ids import entry_path
from gitledger.core.model import (
    SECTION_TITLES,
    Entry,
    Event,
    Focus,
    LedgerMeta,
    git_evidence,
)
from gitledger.core.text import LINE_LIMIT, clean_line, clean_text, one_line_summary
from gitledger.errors import AmbiguousEntry, CorruptLedger, InvalidInput, UnknownEntry
from gitledger.ledger.deciding import checked_evidence, write_warnings
from gitledger.ledger.decision_footprints import derived_footprint, with_evidence
from gitledger.ledger.operations import Ledger, clean_next
from gitledger.ledger.results import Built, EntryHistory, WriteResult
from gitledger.ledger.rules import TRANSITIONS, is_log_url, require_move
from gitledger.ledger.tree import find_entry_id, read_entry
from gitledger.storage.commits import CommitGraph
from gitledger.storage.keepalive import keep
from gitledger.storage.layout import FOCUS_PATH, PROJECT_REF
from gitledger.storage.store import TreeView

if TYPE_CHECKING:
    pass

#: How a status change computes the entry (and any entries it drags along) from the tree.
_Change = Callable[[TreeView, Entry], tuple[Entry, list[Entry]]]


# -- the commands --------------------------------------------------------------------------


def accept(ledger: Ledger, prefix: str, *, next_text: str | None = None) -> WriteResult:
    """proposed → accepted; a proposed replacement supersedes its target now."""

    def change(view: TreeView, old: Entry) -> tuple[Entry, list[Entry]]:
        new = replace(old, status="accepted")
        if old.supersedes is None:
            return new, []
        target = read_entry(view, find_entry_id(view, old.supersedes))
        if TRANSITIONS.get(target.status or "") and "superseded" in TRANSITIONS[
                target.status or ""]:
            return new, [replace(target, status="superseded", superseded_by=old.id)]
        after = (f"; decide it again with --supersedes {target.superseded_by}"
                 if target.superseded_by else "")
        raise InvalidInput(
            f"cannot accept {old.id}: it would supersede {target.id}, which is "
            f"{target.status}{f' by {target.superseded_by}' if target.superseded_by else ''}"
            f"; reject {old.id} (git ledger reject {old.id} --why WHY){after}")

    entry = ledger.get(prefix)
    warnings = (write_warnings(ledger, entry.text, entry.scope, entry.supersedes,
                               because=entry.because)
                if entry.kind == "decided" else ())
    result = _move(ledger, prefix, "accepted", change, next_text)
    return replace(result, warnings=warnings if result.commit else ())


def implement(
    ledger: Ledger, prefix: str, *, commit: str | None = None, next_text: str | None = None
) -> WriteResult:
    """accepted → implemented at a commit (HEAD by default), kept as ``git:<sha>``."""
    graph = CommitGraph(ledger.repo)
    if commit is None and graph.head() is None:
        raise InvalidInput("HEAD has no commit yet: commit the implementation first, "
                           "or name it with --commit REV")
    sha = graph.resolve(commit or "HEAD", f"--commit '{commit or 'HEAD'}'")
    entry_id = _decision_id(ledger, prefix, "implemented")
    if commit is None:
        _not_implemented_yet(ledger.get(entry_id), sha)
    clean_next(next_text)  # every refusal comes before the keep-alive write
    keep(ledger.store, [sha], entry_id)
    evidence = f"git:{sha}"

    def change(view: TreeView, old: Entry) -> tuple[Entry, list[Entry]]:
        items = old.evidence if evidence in old.evidence else (*old.evidence, evidence)
        return replace(with_evidence(ledger.repo, old, items), status="implemented"), []

    return _move(ledger, prefix, "implemented", change, next_text)


def deploy(
    ledger: Ledger, prefix: str, *, env: str, sha: str, url: str, at: str | None = None,
    next_text: str | None = None,
) -> WriteResult:
    """implemented → deployed, with a receipt whose commit contains the implementation."""
    environment = clean_line(env, "--env", 100)
    log_url = clean_line(url, "--url")
    if not is_log_url(log_url):
        raise InvalidInput(f"--url '{log_url}' is not a URL (the deploy's log, https://…)")
    when = parse_time(at, "--at") if at is not None else ledger.repo.person().when
    graph = CommitGraph(ledger.repo)
    deployed = graph.resolve(sha, f"--sha '{sha}'")
    entry_id = _decision_id(ledger, prefix, "deployed")
    _require_contained(graph, deployed, ledger.get(entry_id))
    clean_next(next_text)  # every refusal comes before the keep-alive write
    keep(ledger.store, [deployed], entry_id)

    def change(view: TreeView, old: Entry) -> tuple[Entry, list[Entry]]:
        _require_contained(graph, deployed, old)
        return replace(old, status="deployed", deployed_env=environment,
                       deployed_sha=deployed, deployed_url=log_url, deployed_at=when,
                       deployed_result="success"), []

    return _move(ledger, prefix, "deployed", change, next_text)


def _require_contained(graph: CommitGraph, deployed: str, decision: Entry) -> None:
    """InvalidInput unless the deployed commit contains every implementation commit."""
    for sha in git_evidence(decision):
        if graph.full(sha) is None:
            raise InvalidInput(
                f"{decision.id}'s implementation commit {sha[:12]} no longer exists: record "
                f"the commit that replaced it (git ledger evidence {decision.id} --remove "
                f"git:{sha} --add git:REV)")
        if not graph.contains(deployed, sha):
            raise InvalidInput(
                f"{deployed[:12]} does not contain {decision.id}'s implementation commit "
                f"{sha[:12]}: deploy a commit that does, or if that commit was rewritten, "
                f"cite its new version (git ledger evidence {decision.id} --remove "
                f"git:{sha} --add git:REV)")


def reject(
    ledger: Ledger, prefix: str, *, why: str, next_text: str | None = None
) -> WriteResult:
    """proposed or accepted → rejected, with the reason."""
    reason = clean_text(why, "--why")

    def change(view: TreeView, old: Entry) -> tuple[Entry, list[Entry]]:
        return replace(old, status="rejected", rejected_why=reason), []

    return _move(ledger, prefix, "rejected", change, next_text)


def add_evidence(
    ledger: Ledger, prefix: str, items: Sequence[str], *, remove: Sequence[str] = (),
    next_text: str | None = None,
) -> WriteResult:
    """Add evidence to a decision (``git:`` evidence is resolved and kept alive), or take
    evidence off it (exactly as recorded; a rewritten commit's old sha, say)."""
    if not items and not remove:
        raise InvalidInput("nothing to change: give --add EV (git:<rev>, test:<name>, a URL) "
                           "or --remove EV")
    lines = tuple(clean_line(item, "--add", LINE_LIMIT) for item in items)
    dropped = tuple(clean_line(item, "--remove", LINE_LIMIT) for item in remove)
    entry_id = find_decision(ledger, prefix)
    current = ledger.get(entry_id).evidence
    unknown = [item for item in dropped if item not in current]
    if unknown:
        raise InvalidInput(f"{entry_id} has no evidence '{unknown[0]}' to remove "
                           "(git ledger show lists it exactly)")
    nxt = clean_next(next_text)  # every refusal comes before the keep-alive write
    checked = checked_evidence(ledger, lines, cited_by=entry_id)

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
        old = read_entry(view, entry_id)
        kept = tuple(item for item in old.evidence if item not in dropped)
        new_items = tuple(item for item in dict.fromkeys(checked) if item not in kept)
        new_focus = replace(focus, next=nxt) if nxt is not None else focus
        if kept == old.evidence and not new_items and new_focus == focus:
            return None
        entry = with_evidence(ledger.repo, old, (*kept, *new_items))
        files: dict[str, bytes | None] = {entry_path(entry.id): encode_entry(entry)}
        if new_focus != focus:
            files[FOCUS_PATH] = encode_focus(new_focus)
        return Built(
            f"evidence {entry.id}: "
            f"{one_line_summary('; '.join([*new_items, *(f'-{d}' for d in dropped)]))}",
            [("Ledger-Event", "evidence"), ("Ledger-Entry", entry.id),
             ("Ledger-Kind", "decided")],
            files, entry, new_focus, nxt is not None and nxt != focus.next,
        )

    return _with_entry(ledger, ledger.write(build), entry_id)




def refresh_footprint(ledger: Ledger, prefix: str) -> WriteResult:
    """Derive a decision's footprint again from its ``git:`` evidence (``doctor --fix``: a
    decision written by an older gitledger, or a footprint edited by hand); an ``edit``
    event, or no write when it is already what the evidence derives."""
    entry_id = find_decision(ledger, prefix)

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
        old = read_entry(view, entry_id)
        footprint = derived_footprint(ledger.repo, old.evidence, old.footprint)
        if footprint == old.footprint:
            return None
        entry = replace(old, footprint=footprint)
        return Built(f"edit {entry.id}: footprint derived from its evidence again",
                     [("Ledger-Event", "edit"), ("Ledger-Entry", entry.id),
                      ("Ledger-Kind", "decided")],
                     {entry_path(entry.id): encode_entry(entry)}, entry, focus, False)

    return _with_entry(ledger, ledger.write(build), entry_id)


def find_decision(ledger: Ledger, prefix: str) -> str:
    entry = ledger.get(prefix)
    if entry.kind != "decided":
        raise InvalidInput(
            f"{entry.id} is {SECTION_TITLES[entry.kind]}, not a decision"
        )
    return entry.id


def parse_time(text: str, option: str) -> datetime:
    try:
        value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput(f"{option} '{text}' is not an ISO 8601 time "
                           "(like 2026-11-30T12:00:00Z)") from None
    if value.tzinfo is None:
        raise InvalidInput(f"{option} '{text}' needs a UTC offset (like 2026-11-30T12:00:00Z)")
    if not in_utc_range(value):
        raise InvalidInput(f"{option} '{text}' is outside the years UTC can show")
    return value


def locate(
    where: str | os.PathLike[str] | None, prefix: str, *, project: bool = False,
    name: str | None = None,
) -> Ledger:
    """The ledger holding decision ``prefix``: the one named, else this worktree's, else
    the project's (a decision carried out of a session lives there)."""
    ledger = Ledger.open(where, project=project, name=name)
    if project or name:
        return ledger
    try:
        ledger.get(prefix)
    except AmbiguousEntry:
        raise  # an ambiguous id is the user's to narrow, not a reason to look elsewhere
    except UnknownEntry:
        project_ledger = Ledger.open(where, project=True)
        if project_ledger.store.exists(PROJECT_REF):
            try:
                project_ledger.get(prefix)
            except AmbiguousEntry:
                return project_ledger  # whose get says so, naming the candidates
            except UnknownEntry:
                return ledger
            return project_ledger
    return ledger


# -- status history ------------------------------------------------------------------------


def entry_history(ledger: Ledger, prefix: str) -> EntryHistory:
    """An entry with its events; for a decision also its supersedes chain and statuses."""
    history = ledger.history(prefix)
    entry = history.entry
    if entry.kind != "decided":
        return history
    earlier: list[Entry] = []
    later: list[Entry] = []
    seen = {entry.id}
    for link, out in (("supersedes", earlier), ("superseded_by", later)):
        cursor = entry
        while (target := getattr(cursor, link)) and target not in seen:
            try:
                cursor = ledger.get(target)
            except UnknownEntry:
                break
            seen.add(cursor.id)
            out.append(cursor)
    earlier.reverse()
    return replace(history, earlier=tuple(earlier), later=tuple(later),
                   statuses=_statuses(ledger, entry, history.events))


def _statuses(
    ledger: Ledger, entry: Entry, events: Sequence[Event]
) -> tuple[tuple[str, Event], ...]:
    path = entry_path(entry.id)

    def status_at(commit: str) -> str | None:
        blob = ledger.store.view_at(commit).read(path)
        try:
            return decode_entry(blob, path).status if blob is not None else None
        except CorruptLedger:
            return None

    # An event set a status when its version differs from every parent's: after a merge
    # of two copies (git ledger pull) the history is not a line, and a merge that took
    # one side's status set nothing of its own.
    changes: list[tuple[str, Event]] = []
    for event in reversed(events):
        status = status_at(event.commit)
        if status is not None and all(status_at(p) != status for p in event.parents):
            changes.append((status, event))
    return tuple(changes)


# -- machinery -----------------------------------------------------------------------------


def _not_implemented_yet(entry: Entry, head: str) -> None:
    """``implement`` without ``--commit`` of a decision implemented already: said, not
    done.  Adding HEAD as one more implementing commit is a claim the user names."""
    if entry.status != "implemented":
        return
    cited = git_evidence(entry)
    at = f" at {', '.join(sha[:12] for sha in cited[:3])}" if cited else ""
    more = ("HEAD is one of them" if head in cited else
            f"git ledger implement {entry.id} --commit HEAD adds HEAD as one more "
            "implementing commit")
    raise InvalidInput(f"{entry.id} is implemented already{at}: {more}")


def _decision_id(ledger: Ledger, prefix: str, to: str) -> str:
    """Check the move on the current state before any side effect (a keep-alive write)."""
    entry = ledger.get(prefix)
    require_move(entry, to)
    return entry.id


def _move(
    ledger: Ledger, prefix: str, to: str,
    change: _Change, next_text: str | None,
) -> WriteResult:
    nxt = clean_next(next_text)
    entry_id = _decision_id(ledger, prefix, to)

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
        old = read_entry(view, entry_id)
        require_move(old, to)
        entry, others = change(view, old)
        new_focus = replace(focus, next=nxt) if nxt is not None else focus
        if entry == old and not others and new_focus == focus:
            return None
        files: dict[str, bytes | None] = {entry_path(entry.id): encode_entry(entry)}
        trailers = [("Ledger-Event", "status"), ("Ledger-Entry", entry.id),
                    ("Ledger-Status", f"{entry.id} {to}")]
        for other in others:
            files[entry_path(other.id)] = encode_entry(other)
            trailers += [("Ledger-Entry", other.id),
                         ("Ledger-Status", f"{other.id} {other.status}")]
        if new_focus != focus:
            files[FOCUS_PATH] = encode_focus(new_focus)
        return Built(f"{to} {entry.id}: {one_line_summary(entry.text)}", trailers, files,
                     entry, new_focus, nxt is not None and nxt != focus.next)

    return _with_entry(ledger, ledger.write(build), entry_id)


def _with_entry(ledger: Ledger, result: WriteResult, entry_id: str) -> WriteResult:
    """A write that changed nothing still names the entry it was about."""
    if result.entry is not None:
        return result
    return replace(result, entry=ledger.get(entry_id))


