"""What the ledger's operations return: frozen records the CLI and the MCP tools render."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gitledger.core.model import (
    Entry,
    Event,
    Focus,
    LedgerMeta,
)


@dataclass(frozen=True)
class WriteResult:
    """What a write command reports: the entry it wrote (if any) and where."""

    ref: str
    commit: str | None
    entry: Entry | None
    focus: Focus
    #: Things worth saying that did not stop the write (a rejected alternative revived).
    warnings: tuple[str, ...] = ()
    #: The ledger ``focus`` is of when it is not ``ref``: this worktree's session ledger,
    #: after ``--next`` on a write to the project ledger (NEXT is a worktree's next step).
    focus_ref: str | None = None


@dataclass(frozen=True)
class EntryHistory:
    """An entry, the events that touched it (newest first) and, for a decision, its chain."""

    entry: Entry
    events: tuple[Event, ...]
    #: What it superseded, oldest first, and what superseded it, in order.
    earlier: tuple[Entry, ...] = ()
    later: tuple[Entry, ...] = ()
    #: Each status it had, oldest first, with the event that set it.
    statuses: tuple[tuple[str, Event], ...] = ()


@dataclass(frozen=True)
class LedgerSummary:
    ref: str
    meta: LedgerMeta | None
    focus: Focus
    entries: int
    last_change: Event | None
    worktree: Path | None
    current: bool
    problem: str | None = None
    #: A session ledger no live worktree points at (``git ledger adopt`` or ``archive``).
    orphaned: bool = False


@dataclass(frozen=True)
class Amended:
    """A new entry as adjusted by the entries it touches, and those entries changed."""

    entry: Entry
    others: tuple[Entry, ...] = ()
    trailers: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Built:
    """What one write computed from the tree it started from."""

    subject: str
    trailers: list[tuple[str, str]]
    files: dict[str, bytes | None]
    entry: Entry | None
    focus: Focus
    next_changed: bool
