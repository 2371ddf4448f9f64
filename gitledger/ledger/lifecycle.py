"""A task's life: carrying its durable half to the project ledger, then archiving it.

A carry moves entries in two steps ordered so an interruption never loses one, and a taken
id never blocks it.  An archive is a tag under ``refs/ledger/archive/`` rather than
``refs/tags/``, which pushes and hosting UIs would spread; age is never a reason to archive.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from dataclasses import dataclass, replace

from gitledger.core.codec import decode_entry_or_none, encode_entry, encode_focus
from gitledger.core.ids import entry_path, new_id
from gitledger.core.interrupts import held_interrupts
from gitledger.core.model import ACTIVE_STATUSES, KINDS, SECTION_TITLES, Change, Entry, Snapshot
from gitledger.core.text import one_line_summary
from gitledger.derived.events import Moved
from gitledger.errors import ConcurrentUpdate, Interrupted, InvalidInput, LedgerError
from gitledger.ledger.carried import is_carried_copy
from gitledger.ledger.operations import Ledger, refuse_mirror
from gitledger.ledger.tree import find_entry_id, read_entry, read_header
from gitledger.ledger.worktree_pointers import live_worktree
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.notes import annotate, rename_ledger
from gitledger.storage.store import LedgerMoved, Store, TreeView

#: The key of a carried entry that arrived under a fresh id: the id it had in the session.
CARRIED_ID_KEY = "carried_id"

#: What ``archive`` carries by default, and what ``--carry-all-durable`` adds.
CARRY_MODES = ("default", "all-durable", "none")
DURABLE_KINDS = ("decided", "verified", "dropped")

ATTEMPTS = 50


@dataclass(frozen=True)
class CarryResult:
    ledger: str  # the session ref the entries left
    carried: tuple[str, ...]  # their ids, in the order given
    session_commit: str | None
    project_commit: str | None


@dataclass(frozen=True)
class ArchiveResult:
    ledger: str  # the session ref that was archived
    archive: str  # the ref of the tag under refs/ledger/archive/
    tag: str
    commit: str  # the ledger tip the tag points at
    entries: int
    next_ref: str  # the fresh ledger name this worktree writes to next
    carried: tuple[str, ...] = ()
    dry_run: bool = False
    #: Whether it was this worktree's ledger (then the worktree moved to ``next_ref``).
    own: bool = True
    #: OPEN questions marked ``--ask-user`` that were never answered: (id, text) of each.
    #: They stay with the archive, which is said, never done silently.
    unanswered: tuple[tuple[str, str], ...] = ()


def carry(where: str | os.PathLike[str] | None, ids: list[str]) -> CarryResult:
    """Move entries (by id or prefix) from this worktree's ledger to the project ledger."""
    ledger = Ledger.open(where)
    if ledger.ref is None or not ledger.store.exists(ledger.ref):
        raise InvalidInput("nothing to carry: this worktree has no ledger yet")
    if not ids:
        raise InvalidInput("nothing to carry: give the ids of the entries to carry")
    wanted = [ledger.get(prefix).id for prefix in ids]  # unknown ids fail before anything
    return _carry(ledger, with_chains(ledger.snapshot(), wanted))


def with_chains(snapshot: Snapshot, ids: list[str]) -> list[str]:
    """``ids`` with every decision their supersedes chains link to in this ledger, both
    ways: a chain is carried whole, so no link is left pointing into the archive."""
    by_id = {e.id: e for e in snapshot.entries}
    chosen: list[str] = []
    pending = list(ids)
    while pending:
        entry_id = pending.pop(0)
        if entry_id in chosen:
            continue
        chosen.append(entry_id)
        entry = by_id.get(entry_id)
        if entry is not None and entry.kind == "decided":
            pending += [link for link in (entry.supersedes, entry.superseded_by)
                        if link in by_id]
    return chosen


def durable_ids(snapshot: Snapshot, mode: str) -> list[str]:
    """What ``archive`` carries: by default the decisions in force (with the decisions they
    superseded, so their links stay whole), verified facts and dropped approaches."""
    if mode == "none":
        return []
    by_id = {e.id: e for e in snapshot.entries}
    chosen: list[str] = []
    for entry in snapshot.entries:
        if entry.kind in ("verified", "dropped"):
            chosen.append(entry.id)
        elif entry.kind == "decided" and (mode == "all-durable"
                                          or entry.status in ACTIVE_STATUSES):
            chosen.append(entry.id)
            cursor: Entry | None = entry
            while cursor is not None and cursor.supersedes in by_id:
                cursor = by_id[cursor.supersedes or ""]
                chosen.append(cursor.id)
    return list(dict.fromkeys(chosen))


def archive(
    where: str | os.PathLike[str] | None = None, *, carry_ids: list[str] | None = None,
    mode: str = "default", dry_run: bool = False, name: str | None = None,
) -> ArchiveResult:
    """Carry the durable half to the project ledger, then archive the rest as a tag and
    point the worktree at a new ledger.  Each step is atomic: interrupted between them,
    the carried entries are in the project ledger and the rest still in the session.

    ``name`` (an id, prefix or ref) archives another session ledger instead of this
    worktree's: an orphaned one, whose worktree is gone.  This worktree's pointer is then
    left alone, and a ledger another live worktree uses is refused.

    Ctrl-C before the first write stops it with nothing written; from the first write on
    it is held until the archive is whole.  Either way ``Interrupted`` says which."""
    if mode not in CARRY_MODES:
        raise InvalidInput(f"unknown carry mode '{mode}': use {', '.join(CARRY_MODES)}")
    try:
        ledger, own, chosen, unanswered, planned = _plan(where, carry_ids, mode, dry_run,
                                                         name)
    except KeyboardInterrupt:
        raise Interrupted("interrupted (Ctrl-C) before anything was written: nothing was "
                          "archived") from None
    if planned is not None:
        return planned
    with held_interrupts() as interrupted:
        done = _archive_now(ledger, chosen, own, unanswered)
    if interrupted():
        raise Interrupted(f"interrupted (Ctrl-C), but the archive was completed first: "
                          f"{done.ledger} is archived as {done.archive}")
    return done


def _plan(where: str | os.PathLike[str] | None, carry_ids: list[str] | None, mode: str,
          dry_run: bool, name: str | None,
          ) -> tuple[Ledger, bool, list[str], tuple[tuple[str, str], ...],
                     ArchiveResult | None]:
    """What ``archive`` will do, read and checked before anything is written: the ledger,
    whether it is this worktree's, what is carried, the ask-user questions nobody
    answered, and (``dry_run``) the result to return instead."""
    ledger = Ledger.open(where, name=name) if name else Ledger.open(where)
    own = not name or ledger.ref == ledger.store.worktree_ref()
    if not own:
        _refuse_foreign(ledger)
    ledger.repo.person()  # fail before anything without an identity to tag with
    snapshot = ledger.snapshot()
    if ledger.ref is None or snapshot.commit is None or snapshot.meta is None:
        raise InvalidInput("nothing to archive: this worktree has no ledger yet")
    unanswered = tuple((e.id, e.text) for e in snapshot.entries
                       if e.kind == "open" and e.ask_user)
    if carry_ids is not None:
        chosen = with_chains(snapshot, [ledger.get(prefix).id for prefix in carry_ids])
    else:
        chosen = durable_ids(snapshot, mode)
    # A carry stopped between its two steps is finished before the tag is made, so the
    # archive never holds an entry the project ledger has.
    chosen += [i for i in _half_carried(ledger, snapshot) if i not in chosen]
    if dry_run:
        tip = ledger.store.tip(ledger.ref).view
        shared = ledger.store.tip(PROJECT_REF).view
        origin = ledger.ref.rsplit("/", 1)[-1]
        for entry_id in chosen:  # the real run's refusals, without its writes
            if tip is not None:
                _carryable(ledger.store, read_entry(tip, find_entry_id(tip, entry_id)), shared,
                           origin)
        shown = {e.id for e in snapshot.entries}
        return ledger, own, chosen, unanswered, ArchiveResult(
            ledger.ref, _archive_ref(ledger.ref), "", snapshot.commit,
            len(shown - set(chosen)), ledger.ref, tuple(chosen), True, own=own,
            unanswered=unanswered)
    return ledger, own, chosen, unanswered, None


def _archive_now(ledger: Ledger, chosen: list[str], own: bool,
                 unanswered: tuple[tuple[str, str], ...]) -> ArchiveResult:
    """The writes of ``archive``: the carry, the tag, the worktree's next ledger."""
    assert ledger.ref is not None
    if chosen:
        _carry(ledger, chosen)
    for _ in range(ATTEMPTS):
        snapshot = ledger.snapshot()
        assert snapshot.commit is not None
        try:
            archived, tag = ledger.store.archive(ledger.ref, snapshot.commit,
                                                 archive_message(snapshot, chosen))
        except LedgerMoved:
            continue  # a write landed meanwhile: archive that state instead
        next_ref = (ledger.store.replace_worktree_ref(ledger.ref) if own
                    else ledger.store.worktree_ref() or "")
        _rename_in_notes(ledger, archived, snapshot)
        ledger.store.publish(Moved(ledger.ref, snapshot.commit, None))
        return ArchiveResult(ledger.ref, archived, tag, snapshot.commit,
                             len(snapshot.entries), next_ref, tuple(chosen), own=own,
                             unanswered=unanswered)
    raise ConcurrentUpdate(f"{ledger.ref} kept changing; nothing was archived")


def _refuse_foreign(ledger: Ledger) -> None:
    """``archive --ledger``: only a session ledger that no live worktree uses."""

    refuse_mirror(ledger.ref)
    if ledger.ref == PROJECT_REF:
        raise InvalidInput("the project ledger is never archived: it holds what outlives "
                           "every task")
    other = live_worktree(ledger.store, ledger.ref or "", besides=ledger.repo.gitdir)
    if other is not None:
        raise InvalidInput(f"{ledger.ref} is the ledger of the worktree at {other.worktree}: "
                           "archive it there (a task's owner decides when it ends)")


def _rename_in_notes(ledger: Ledger, archived: str, snapshot: Snapshot) -> None:
    """The notes named the session ref, which is gone: they name the archive now.  The
    notes are an index (``notes rebuild`` restores them), so a failure here is not one
    of the archive's."""

    assert snapshot.commit is not None
    with contextlib.suppress(LedgerError):
        rename_ledger(ledger.store, snapshot.ref, archived, snapshot.entries, snapshot.commit)


def _half_carried(ledger: Ledger, snapshot: Snapshot) -> list[str]:
    """Entries still in the session's tree that its reads hide, because the project ledger
    holds them as carried from it (a carry interrupted between its steps)."""

    if snapshot.commit is None:
        return []
    # The same commit the snapshot read: entries written since are not hidden, only new.
    stored, _ = read_entries(ledger.store, snapshot.ref, ledger.store.view_at(snapshot.commit))
    shown = {e.id for e in snapshot.entries}
    return sorted(e.id for e in stored if e.id not in shown)


def _archive_ref(ref: str) -> str:
    return "refs/ledger/archive/" + ref.rsplit("/", 1)[-1]


def _carry(ledger: Ledger, ids: list[str]) -> CarryResult:
    """Two steps, each a compare-and-swap, in the order that never loses an entry: the
    project ledger gains the entries, then the session ledger drops them.  Killed between
    the two, an entry is in both places, and the next ``carry`` or ``archive`` of it (or
    ``doctor --fix``) finishes the move: an entry already in the project ledger, carried
    from this very session ledger, only needs to leave the session."""

    assert ledger.ref is not None
    session_ref = ledger.ref
    origin = session_ref.rsplit("/", 1)[-1]
    project = Ledger.open(ledger.repo.cwd, project=True)
    session_view = ledger.store.tip(session_ref).view
    if session_view is None:
        raise InvalidInput("nothing to carry: this worktree has no ledger yet")
    shared_now = ledger.store.tip(PROJECT_REF).view
    for entry_id in ids:  # refusals come before anything is written
        _carryable(ledger.store,
                   read_entry(session_view, find_entry_id(session_view, entry_id)),
                   shared_now, origin)
    project.ensure_started(PROJECT_REF)

    def arrive(shared: TreeView | None) -> tuple[Change, list[Entry]] | None:
        if shared is None:
            raise InvalidInput("the project ledger disappeared; nothing was carried")
        _, focus = read_header(PROJECT_REF, shared)
        session = ledger.store.tip(session_ref).view
        moved: list[Entry] = []
        for entry_id in ids:
            entry = _session_entry(session, entry_id, session_ref)
            if entry is None or not _carryable(ledger.store, entry, shared, origin):
                continue  # in the project already, from here: only the leaving is left
            arrived = replace(entry, seq=focus.seq + len(moved) + 1, carried_from=origin)
            if shared.read(entry_path(entry.id)) is not None:
                # The id is taken there by another entry: a fresh one, naming the original.
                taken = {e.id for e in moved}
                fresh = new_id(entry.kind)
                while shared.read(entry_path(fresh)) is not None or fresh in taken:
                    fresh = new_id(entry.kind)
                arrived = replace(arrived, id=fresh,
                                  extra={**entry.extra, CARRIED_ID_KEY: entry.id})
            moved.append(arrived)
        if not moved:
            return None
        listed = ", ".join(e.id for e in moved)
        files: dict[str, bytes | None] = {entry_path(e.id): encode_entry(e) for e in moved}
        files["state.toml"] = encode_focus(replace(focus, seq=focus.seq + len(moved)))
        return Change(
            f"carry {listed} from {session_ref}",
            (("Ledger-Event", "carry"), *(("Ledger-Entry", e.id) for e in moved),
             ("Ledger-Carried-From", session_ref)), files,
        ), moved

    project_commit, moved = ledger.store.update(PROJECT_REF, arrive)
    arrived = [e.id for e in moved or []]

    def leave(session: TreeView | None) -> tuple[Change, list[str]] | None:
        if session is None:
            raise InvalidInput(f"{session_ref} disappeared; the entries are in the project "
                               "ledger")
        gone = [i for i in ids if session.read(entry_path(i)) is not None]
        if not gone:
            return None
        return Change(
            f"carry {', '.join(gone)} to the project ledger",
            (("Ledger-Event", "carry"), *(("Ledger-Entry", i) for i in gone),
             ("Ledger-Carried-To", PROJECT_REF)),
            {entry_path(i): None for i in gone},
        ), gone

    session_commit, _ = ledger.store.update(session_ref, leave)
    ledger.store.publish(Moved(PROJECT_REF, None, project_commit,
                               tuple(entry_path(i) for i in arrived)))
    for entry in moved or []:  # the notes now name the project ledger
        original = entry.extra.get(CARRIED_ID_KEY, entry.id)
        annotate(ledger.store, None, session_ref, replace(entry, id=original))
        annotate(ledger.store, entry, PROJECT_REF)
    return CarryResult(session_ref, tuple(ids), session_commit, project_commit)


def finish_carry(ledger: Ledger, ids: list[str]) -> CarryResult:
    """Finish a carry stopped between its steps (the entries are in the project already)."""
    return _carry(ledger, ids)


def _session_entry(view: TreeView | None, entry_id: str, session_ref: str) -> Entry | None:
    if view is None:
        raise InvalidInput(f"{session_ref} disappeared; nothing was carried")
    blob = view.read(entry_path(entry_id))
    return read_entry(view, entry_id) if blob is not None else None


def _carryable(store: Store, entry: Entry, shared: TreeView | None, origin: str) -> bool:
    """Whether ``entry`` still has to arrive in the project ledger; InvalidInput if it may
    not go there at all (False: it is there already, carried from this session ledger,
    under its own id or, when that was taken, under a fresh one naming it)."""
    if entry.kind not in DURABLE_KINDS:
        raise InvalidInput(f"{entry.id} is {SECTION_TITLES[entry.kind]}: only DECIDED, "
                           "VERIFIED and DROPPED entries outlive a task (OPEN and PLAN stay "
                           "with the archive)")
    there = shared.read(entry_path(entry.id)) if shared is not None else None
    if there is None or shared is None:
        return True
    arrived = decode_entry_or_none(there, entry_path(entry.id))
    if arrived is not None and is_carried_copy(store, arrived, entry, origin):
        return False
    # Squatted (someone else's entry has the id): arrived already under a fresh id?
    return not any(e.extra.get(CARRIED_ID_KEY) == entry.id
                   and is_carried_copy(store, e, entry, origin)
                   for e in _project_entries(shared))


def _project_entries(shared: TreeView) -> list[Entry]:
    found: list[Entry] = []
    for path, blob in shared.blobs("entries"):
        decoded = decode_entry_or_none(blob, path)
        if decoded is not None:
            found.append(decoded)
    return found


def archive_message(snapshot: Snapshot, carried: list[str] | None = None) -> str:
    """The tag message: what the task was, where it stood, and what the ledger held."""
    assert snapshot.meta is not None
    counts = Counter(entry.kind for entry in snapshot.entries)
    held = ", ".join(f"{SECTION_TITLES[k]} {counts[k]}" for k in KINDS if counts[k]) or "none"
    task = one_line_summary(snapshot.focus.task or "(no task)", 200)
    lines = [
        f"archive session ledger {snapshot.meta.id}: {one_line_summary(task, 60)}",
        "",
        f"TASK: {task}",
        f"NEXT: {one_line_summary(snapshot.focus.next or '(not set)', 200)}",
        f"Entries: {len(snapshot.entries)} ({held})",
    ]
    decided = [e for e in snapshot.entries if e.kind == "decided"]
    if decided:
        lines += ["", "Decided:"]
        lines += [f"- {e.id} {one_line_summary(e.text, 100)} [{e.status}]" for e in decided[:20]]
        if len(decided) > 20:
            lines.append(f"- … and {len(decided) - 20} more")
    lines += [
        "",
        "Carried to the project ledger: " + (", ".join(carried) if carried else "nothing"),
        "",
        "Ledger-Event: archive",
        f"Ledger-Archived: {snapshot.meta.id}",
        f"Ledger-Entries: {len(snapshot.entries)}",
    ]
    if snapshot.meta.session_id:
        lines.append(f"Ledger-Owner: {snapshot.meta.session_id}")
    return "\n".join(lines) + "\n"
