"""Archiving: a finished task's ledger becomes an annotated tag, and the worktree starts afresh.

A ledger belongs to one task.  When the worktree moves on to a different task, the old
ledger is not deleted and not mixed with the new one: it becomes an annotated tag object
under ``refs/ledger/archive/<ledger-id>`` (not ``refs/tags/``, which ``git push --tags``
and hosting UIs would spray around) whose message summarises it, and the next write in the
worktree starts a fresh ledger.  Age is never a reason to archive.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass

from gitledger.errors import ConcurrentUpdate, InvalidInput
from gitledger.ledger import Ledger
from gitledger.model import KINDS, SECTION_TITLES, Snapshot
from gitledger.store import LedgerMoved
from gitledger.text import one_line_summary

ATTEMPTS = 50


@dataclass(frozen=True)
class ArchiveResult:
    ledger: str  # the session ref that was archived
    archive: str  # the ref of the tag under refs/ledger/archive/
    tag: str
    commit: str  # the ledger tip the tag points at
    entries: int
    next_ref: str  # the fresh ledger name this worktree writes to next


def archive(where: str | os.PathLike[str] | None = None) -> ArchiveResult:
    """Archive this worktree's session ledger as a tag and point the worktree at a new one."""
    ledger = Ledger.open(where)
    ledger.repo.person()  # fail before anything without an identity to tag with
    for _ in range(ATTEMPTS):
        snapshot = ledger.snapshot()
        if ledger.ref is None or snapshot.commit is None or snapshot.meta is None:
            raise InvalidInput("nothing to archive: this worktree has no ledger yet")
        try:
            archived, tag = ledger.store.archive(ledger.ref, snapshot.commit,
                                                 archive_message(snapshot))
        except LedgerMoved:
            continue  # a write landed meanwhile: archive that state instead
        next_ref = ledger.store.replace_worktree_ref()
        return ArchiveResult(ledger.ref, archived, tag, snapshot.commit,
                             len(snapshot.entries), next_ref)
    raise ConcurrentUpdate(f"{ledger.ref} kept changing; nothing was archived")


def archive_message(snapshot: Snapshot) -> str:
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
        "Carried to the project ledger: nothing",
        "",
        "Ledger-Event: archive",
        f"Ledger-Archived: {snapshot.meta.id}",
        f"Ledger-Entries: {len(snapshot.entries)}",
    ]
    if snapshot.meta.session_id:
        lines.append(f"Ledger-Owner: {snapshot.meta.session_id}")
    return "\n".join(lines) + "\n"
