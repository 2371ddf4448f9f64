"""What the seeds' file formats are read into: records, per-line problems, and the keys
an imported entry keeps its file's own data under.

``session_md`` and ``jsonl`` parse into these, ``importer`` plans and writes them.  A
parse never touches a repository.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gitledger.core.codec import in_utc_range
from gitledger.core.model import SOURCE_ID_KEY, Entry, source_id


@dataclass(frozen=True)
class Problem:
    """Why one line of an imported file cannot be imported (1-based line number)."""

    line: int
    message: str


@dataclass(frozen=True)
class Record:
    """One planned write read from a file.

    ``kind`` is an entry kind (open, decided, verified, dropped, plan) or ``task`` /
    ``next``; ``fields`` are the entry's kind fields (``KIND_FIELDS``); ``source_id`` is
    the id the file gave it (the Decision Ledger's ``id``; None in session-md).
    """

    line: int
    kind: str
    text: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    source_id: str | None = None


@dataclass(frozen=True)
class Parsed:
    """A parsed file: its valid records in file order and its invalid lines."""

    fmt: str
    records: tuple[Record, ...]
    problems: tuple[Problem, ...]
    #: session-md's ``_started: …_`` line, as written.
    started: str | None = None
    #: What is imported but not quite as the file says (a ``supersedes`` that names
    #: nothing: kept as written, not followed).
    warnings: tuple[Problem, ...] = ()


#: The session-md start time in the ledger's focus (``Focus.extra``); a foreign id is kept
#: in an entry's ``extra`` under ``SOURCE_ID_KEY`` (``core.model``).
STARTED_KEY = "started"
#: Where a ``supersedes`` naming no decision in the file or the ledger is kept as written
#: (``Entry.extra``), and written back on export.
SOURCE_SUPERSEDES_KEY = "source_supersedes"


def export_id(entry: Entry) -> str:
    """The id an entry is exported under: the file's own id it came with, else its id."""
    return source_id(entry) or entry.id


def parse_time(value: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None or not in_utc_range(moment):
        return None
    return moment


def short(text: str, width: int = 40) -> str:
    flat = " ".join(text.split())
    shown = flat if len(flat) <= width else flat[: width - 1] + "…"
    return shown.encode("ascii", "backslashreplace").decode("ascii") if any(
        ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in shown) else shown


__all__ = [
    "SOURCE_ID_KEY",
    "SOURCE_SUPERSEDES_KEY",
    "STARTED_KEY",
    "Parsed",
    "Problem",
    "Record",
    "export_id",
    "parse_time",
    "short",
]
