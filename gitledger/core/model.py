"""The records a ledger is made of: entries, the ledger's identity, its focus, its events.

Plain frozen dataclasses with no storage in them; ``codec`` turns them into TOML blobs and
``store`` puts those into git.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from gitledger.core.names import KINDS as KINDS  # noqa: PLC0414 - re-exported: kinds are the model's

SECTION_TITLES = {
    "open": "OPEN",
    "decided": "DECIDED",
    "verified": "VERIFIED",
    "dropped": "DROPPED",
    "plan": "PLAN",
}
#: Decision states; the legal transitions between them are the decisions module's business.
STATUSES = ("proposed", "accepted", "implemented", "deployed", "rejected", "superseded")
#: The states in which a decision is in force (the second seed's "active").
ACTIVE_STATUSES = ("accepted", "implemented", "deployed")
#: The states in which a decision is still live: in force, or proposed and awaiting a verdict.
LIVE_STATUSES = ("proposed", *ACTIVE_STATUSES)
#: The fields of a deploy receipt; a deployed decision needs every one of them.
RECEIPT_FIELDS = ("deployed_env", "deployed_sha", "deployed_url", "deployed_at",
                  "deployed_result")

#: The fields each kind carries beyond the common ones, in the order they are shown.
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "open": ("ask_user",),
    "decided": ("status", "scope", "over", "because", "evidence", "supersedes", "superseded_by",
                "rejected_why", *RECEIPT_FIELDS, "paths", "footprint"),
    "verified": ("by", "commit"),
    "dropped": ("why", "paths"),
    "plan": ("path", "note"),
}
LEDGER_KINDS = ("session", "project")
#: Where an entry imported from a file keeps the id the file gave it (``DEC-2026-002``),
#: among its ``extra`` keys; commands take it wherever they take an entry id.
SOURCE_ID_KEY = "source_id"


@dataclass(frozen=True)
class Entry:
    """One ledger entry, as stored in ``entries/<c0>/<c1>/<id>.toml``."""

    id: str
    kind: str
    text: str
    seq: int
    created: datetime
    author: str
    session: str | None = None
    question: str | None = None  # the OPEN text this entry was resolved from
    ask_user: bool = False
    status: str | None = None
    scope: str | None = None
    over: tuple[str, ...] = ()
    because: str | None = None
    evidence: tuple[str, ...] = ()
    supersedes: str | None = None
    superseded_by: str | None = None
    rejected_why: str | None = None
    #: The deploy receipt: environment, deployed commit, log URL, time and result.
    deployed_env: str | None = None
    deployed_sha: str | None = None
    deployed_url: str | None = None
    deployed_at: datetime | None = None
    deployed_result: str | None = None
    by: str | None = None
    commit: str | None = None
    why: str | None = None
    path: str | None = None
    note: str | None = None
    #: Globs of the files a decision (or a dropped approach) governs, written by hand
    #: (``decide --paths``); ``core/footprint.py`` matches them.
    paths: tuple[str, ...] = ()
    #: The lines its implementing commits changed, derived from them (``core/footprint.py``
    #: gives the ``<commit> <lines> <path>`` form of each span).
    footprint: tuple[str, ...] = ()
    #: The session ledger an entry was carried out of (``carry``, ``archive``).
    carried_from: str | None = None
    #: Keys this version does not know, kept so that rewriting an entry loses nothing.
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


def source_id(entry: Entry) -> str | None:
    """The id the file an entry was imported from gave it, if it had one of its own."""
    value = entry.extra.get(SOURCE_ID_KEY)
    return value if isinstance(value, str) and value else None


def git_evidence(entry: Entry) -> list[str]:
    """The commits a decision cites as ``git:<sha>`` evidence, as written."""
    return [item[4:].strip() for item in entry.evidence
            if item.startswith("git:") and item[4:].strip()]


def missing_receipt(entry: Entry) -> list[str]:
    """What a deployed decision's receipt lacks (``url``, ``result success (it says …)``),
    empty when it is complete: only then is "deployed" a fact."""
    missing = [name.removeprefix("deployed_") for name in RECEIPT_FIELDS
               if getattr(entry, name) in (None, "")]
    if entry.deployed_result not in (None, "success"):
        missing.append(f"result success (it says {entry.deployed_result})")
    return missing


@dataclass(frozen=True)
class LedgerMeta:
    """A ledger's identity, in ``ledger.toml``."""

    format: int
    id: str
    kind: str
    created: datetime
    created_by: str
    session_id: str | None = None
    #: The sessions whose conversation the owner goes on with (handed over by a clear or a
    #: fork, oldest first): what they wrote is the owner's own.
    continues: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Focus:
    """TASK, NEXT and the entry sequence counter, in ``state.toml``."""

    task: str | None = None
    next: str | None = None
    seq: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class BadEntry:
    """An entry blob that could not be read; the rest of the ledger still is."""

    path: str
    reason: str


@dataclass(frozen=True)
class Event:
    """One commit of a ledger's history."""

    commit: str
    parents: tuple[str, ...]
    subject: str
    trailers: dict[str, tuple[str, ...]]
    author: str
    time: datetime


@dataclass(frozen=True)
class Snapshot:
    """A ledger's complete state at one commit."""

    ref: str
    commit: str | None
    meta: LedgerMeta | None
    focus: Focus
    entries: tuple[Entry, ...] = ()
    bad: tuple[BadEntry, ...] = ()

    def of_kind(self, kind: str) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.kind == kind)


@dataclass(frozen=True)
class BlobRef:
    """A blob already in the object database, put in a tree by its id (a merge takes the
    other side's entries as they are, without reading and hashing them again)."""

    id: str


@dataclass(frozen=True)
class Change:
    """What one ledger event writes: blobs by path (None removes), and the message."""

    subject: str
    trailers: tuple[tuple[str, str], ...]
    files: Mapping[str, bytes | BlobRef | None]
    #: Commits the new commit also has as parents (after the ref's tip), to keep them alive.
    parents: tuple[str, ...] = ()


def format_message(change: Change) -> str:
    body = "\n".join(f"{key}: {value}" for key, value in change.trailers)
    return f"{change.subject}\n\n{body}\n" if body else f"{change.subject}\n"


def parse_trailers(message: str) -> dict[str, tuple[str, ...]]:
    """The ``Key: value`` lines of a message's last paragraph, every value kept."""
    # Only line breaks are stripped at the end: a last trailer may have an empty value.
    paragraphs = message.lstrip().rstrip("\n").split("\n\n")
    if len(paragraphs) < 2:
        return {}
    found: dict[str, list[str]] = {}
    for line in paragraphs[-1].splitlines():
        key, sep, value = line.partition(": ")
        if not sep or not key or " " in key:
            return {}
        found.setdefault(key, []).append(value.strip())
    return {key: tuple(values) for key, values in found.items()}
