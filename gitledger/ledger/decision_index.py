"""An index of the decisions in force in each ledger: what ``decide`` compares a new one with.

A SQLite file in ``ledger-cache/`` brought to the ledger's tip by diffing trees, so an
append costs what changed rather than reading every entry.  Derived data: when it cannot be
used, ``find_matches`` returns None and the caller reads the ledger.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gitledger.core.codec import decode_entry_or_none
from gitledger.core.ids import entry_path
from gitledger.core.model import ACTIVE_STATUSES, LIVE_STATUSES, Entry, source_id
from gitledger.derived import sqlite
from gitledger.derived.files import cache_dir
from gitledger.errors import CorruptLedger
from gitledger.ledger.project_index import TOP
from gitledger.ledger.rules import Retired, normalised, retired_kind
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import ENTRIES_DIR, PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.store import Store, TreeView

if TYPE_CHECKING:
    import sqlite3

DB_NAME = "decisions.sqlite3"
#: Bump when what is indexed, or how alternatives are normalised, changes: an index of
#: another version is emptied and rebuilt.
INDEX_VERSION = 3  # 2: a space before a final stop no longer counts; 3: what was retired
#: How long a query waits for another process's update of the index before giving up
#: (and reading the ledger instead).
BUSY_SECONDS = 2.0

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS synced (ref TEXT PRIMARY KEY, commit_id TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS decisions (ref TEXT NOT NULL, path TEXT NOT NULL, "
    "id TEXT NOT NULL, seq INTEGER NOT NULL, created REAL NOT NULL, scope TEXT, "
    "carried_from TEXT, PRIMARY KEY (ref, path))",
    "CREATE INDEX IF NOT EXISTS decisions_order ON decisions (ref, seq, created, id)",
    "CREATE INDEX IF NOT EXISTS decisions_scope ON decisions (ref, scope, seq, created, id)",
    "CREATE TABLE IF NOT EXISTS rejections (ref TEXT NOT NULL, path TEXT NOT NULL, "
    "alternative TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS rejections_alternative ON rejections (ref, alternative)",
    "CREATE INDEX IF NOT EXISTS rejections_path ON rejections (ref, path)",
    "CREATE TABLE IF NOT EXISTS retired (ref TEXT NOT NULL, path TEXT NOT NULL, "
    "id TEXT NOT NULL, kind TEXT NOT NULL, normal TEXT NOT NULL, source_id TEXT, "
    "PRIMARY KEY (ref, path))",
    "CREATE INDEX IF NOT EXISTS retired_text ON retired (ref, normal)",
)
_TABLES = ("synced", "decisions", "rejections", "retired")
SCHEMA = sqlite.Schema(INDEX_VERSION, _TABLES, _SCHEMA)


@dataclass(frozen=True)
class Matches:
    """What a new decision runs into: the first decision in force that rejected its text,
    the first in force in its scope (ids), in the order ``decide`` reports them, and every
    dropped approach or rejected decision with its text (this ledger's, then the project's)."""

    rejected_by: str | None = None
    in_scope: str | None = None
    retried: tuple[Retired, ...] = ()


@dataclass(frozen=True)
class _Candidate:
    id: str
    path: str
    seq: int
    created: float
    carried_from: str | None


def find_matches(
    store: Store, ref: str | None, text: str, scope: str | None, exclude: str | None, *,
    proposed: bool = False,
) -> Matches | None:
    """The decisions a new decision in ``ref`` meets, compared as ``decide`` does.

    The decisions compared are the live ones of ``ref`` (oldest first; a session's entry
    already carried to the project counts as the project's) and then, for a ledger other
    than the project's, the project's newest ``TOP`` active decisions (newest first) that
    the ledger does not hold itself; ``exclude`` (the decision being superseded) is never
    a match.  None when the index cannot be used: the caller reads the ledgers instead.
    """
    own = store.tip(ref).view if ref else None  # a broken ledger ref fails as a read does
    try:
        project = store.tip(PROJECT_REF).view if ref != PROJECT_REF else None
    except CorruptLedger:
        project = None  # restore, and so decide, see no project decisions then
    # Only a decision's write asks the index, and every Ledger (each restore among them)
    # imports this module: sqlite3 loads here, not at start-up (about 2.5 ms).
    import sqlite3  # noqa: PLC0415

    try:
        with _connection(store) as db:
            for indexed, view in ((ref, own), (PROJECT_REF, project)):
                if indexed is not None and view is not None:
                    _sync(db, store, indexed, view)
            return _matches(db, ref, own, project, normalised(text),
                            scope if scope and not proposed else None, exclude)
    except (sqlite3.Error, OSError):
        return None


# -- queries -------------------------------------------------------------------------------


def _matches(
    db: sqlite3.Connection, ref: str | None, own: TreeView | None, project: TreeView | None,
    alternative: str, scope: str | None, exclude: str | None,
) -> Matches:
    origin = ref.removeprefix(SESSIONS_PREFIX) if ref and ref.startswith(SESSIONS_PREFIX) else None
    carried_check = project if origin is not None else None
    found: list[str | None] = []
    for where, value in (("alternative", alternative), ("scope", scope)):
        match: str | None = None
        if value is not None:
            if ref is not None and own is not None:
                match = next((c.id for c in _candidates(db, ref, where, value, newest=False)
                              if c.id != exclude and not _carried(carried_check, c, origin)),
                             None)
            if match is None and project is not None:
                match = _project_match(db, where, value, exclude, own, origin)
        found.append(match)
    retried: dict[str, Retired] = {}
    for where_ref, view in ((ref, own), (PROJECT_REF, project)):
        if where_ref is None or view is None:
            continue
        for row in db.execute("SELECT id, kind, source_id FROM retired WHERE ref = ? AND "
                              "normal = ? ORDER BY id", (where_ref, alternative)):
            retried.setdefault(row[0], Retired(*row))
    return Matches(found[0], found[1], tuple(retried.values()))


def _project_match(
    db: sqlite3.Connection, where: str, value: str, exclude: str | None,
    own: TreeView | None, origin: str | None,
) -> str | None:
    for candidate in _candidates(db, PROJECT_REF, where, value, newest=True):
        newer = db.execute(
            "SELECT COUNT(*) FROM (SELECT 1 FROM decisions WHERE ref = ? AND "
            "(seq, created, id) > (?, ?, ?) LIMIT ?)",
            (PROJECT_REF, candidate.seq, candidate.created, candidate.id, TOP)).fetchone()[0]
        if newer >= TOP:
            return None  # beyond the newest TOP, and so is every older candidate
        if candidate.id == exclude or _shadowed(own, candidate, origin):
            continue
        return candidate.id
    return None


def _candidates(
    db: sqlite3.Connection, ref: str, where: str, value: str, *, newest: bool
) -> Iterator[_Candidate]:
    order = "DESC" if newest else "ASC"
    if where == "alternative":
        query = ("SELECT DISTINCT d.id, d.path, d.seq, d.created, d.carried_from "
                 "FROM rejections r JOIN decisions d ON d.ref = r.ref AND d.path = r.path "
                 "WHERE r.ref = ? AND r.alternative = ? "
                 f"ORDER BY d.seq {order}, d.created {order}, d.id {order}")
    else:
        query = ("SELECT id, path, seq, created, carried_from FROM decisions "
                 "WHERE ref = ? AND scope = ? "
                 f"ORDER BY seq {order}, created {order}, id {order}")
    for row in db.execute(query, (ref, value)):
        yield _Candidate(*row)


def _carried(project: TreeView | None, candidate: _Candidate, origin: str | None) -> bool:
    """Whether a session's decision is the project's already (half of a carry)."""
    if project is None or not project.has(candidate.path):
        return False
    there = decode_entry_or_none(project.read(candidate.path), candidate.path)
    return there is not None and there.carried_from == origin


def _shadowed(own: TreeView | None, candidate: _Candidate, origin: str | None) -> bool:
    """Whether the ledger's own live copy of a project decision stands in for it."""
    if own is None or not own.has(candidate.path):
        return False
    mine = decode_entry_or_none(own.read(candidate.path), candidate.path)
    return (mine is not None and entry_path(mine.id) == candidate.path
            and mine.kind == "decided" and mine.status in LIVE_STATUSES
            and (origin is None or candidate.carried_from != origin))


# -- keeping the index at the tip ----------------------------------------------------------


def record_write(store: Store, ref: str, parent: str | None, commit: str,
                 entry: Entry, *, added: bool = False) -> None:
    """Bring the index of ``ref`` from ``parent`` to ``commit``, a write of ``entry`` alone
    (its one changed blob), from the entry in hand: the next query then finds the index at
    the tip and decodes nothing.  ``added``: the entry's path was in no tree of ``parent``
    (an add), so an index at ``parent`` holds no row of it to remove.

    Only when this process has the index open (it asked it before the write, as
    ``decide`` does) and the index is at ``parent``; otherwise, or on any error, the index
    is left as it was and the next query brings it to the tip by diffing, as always.
    Five statements for an add: the move of ``synced`` from ``parent`` (which is the
    check that the index is there: it moves nothing otherwise), the rows, the transaction.
    """
    db = sqlite.kept(index_path(store))
    if db is None or parent is None:
        return
    import sqlite3  # noqa: PLC0415 - loaded already: the index is open

    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            moved = db.execute("UPDATE synced SET commit_id = ? WHERE ref = ? AND "
                               "commit_id = ?", (commit, ref, parent)).rowcount
            if moved:
                if not added:
                    _remove(db, ref, entry_path(entry.id))
                _insert(db, ref, entry)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    except sqlite3.Error:
        pass  # derived data: the next query diffs from wherever the index is


def _sync(db: sqlite3.Connection, store: Store, ref: str, view: TreeView) -> None:
    if _synced(db, ref) == view.commit:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        at = _synced(db, ref)  # another process may have brought it here meanwhile
        if at != view.commit:
            before = _view_at(store, at)
            if before is None:
                _rebuild(db, store, ref, view)
            else:
                for path, blob_id in before.changed_blobs(view, ENTRIES_DIR):
                    _remove(db, ref, path)
                    if blob_id is not None:
                        entry = decode_entry_or_none(view.read_blob(blob_id), path)
                        if entry is not None and entry_path(entry.id) == path:
                            _insert(db, ref, entry)
            db.execute("INSERT OR REPLACE INTO synced (ref, commit_id) VALUES (?, ?)",
                       (ref, view.commit))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _synced(db: sqlite3.Connection, ref: str) -> str | None:
    row = db.execute("SELECT commit_id FROM synced WHERE ref = ?", (ref,)).fetchone()
    return str(row[0]) if row else None


def _view_at(store: Store, commit: str | None) -> TreeView | None:
    if commit is None:
        return None
    try:
        return store.view_at(commit)
    except (KeyError, ValueError, CorruptLedger):
        return None  # gone (a rewritten ledger, gc) or not a commit: index it afresh


def _rebuild(db: sqlite3.Connection, store: Store, ref: str, view: TreeView) -> None:
    for table in _TABLES[1:]:
        db.execute(f"DELETE FROM {table} WHERE ref = ?", (ref,))
    entries, _ = read_entries(store, ref, view)  # the unreadable ones are never in force
    for entry in entries:
        _insert(db, ref, entry)


def _remove(db: sqlite3.Connection, ref: str, path: str) -> None:
    for table in _TABLES[1:]:
        db.execute(f"DELETE FROM {table} WHERE ref = ? AND path = ?", (ref, path))


def _insert(db: sqlite3.Connection, ref: str, entry: Entry) -> None:
    path = entry_path(entry.id)
    kind = retired_kind(entry)
    if kind is not None:
        db.execute("INSERT OR REPLACE INTO retired (ref, path, id, kind, normal, source_id) "
                   "VALUES (?, ?, ?, ?, ?, ?)",
                   (ref, path, entry.id, kind, normalised(entry.text), source_id(entry)))
        return
    if entry.kind != "decided" or entry.status not in ACTIVE_STATUSES:
        return
    db.execute("INSERT OR REPLACE INTO decisions (ref, path, id, seq, created, scope, "
               "carried_from) VALUES (?, ?, ?, ?, ?, ?, ?)",
               (ref, path, entry.id, entry.seq, entry.created.timestamp(), entry.scope,
                entry.carried_from))
    db.executemany("INSERT INTO rejections (ref, path, alternative) VALUES (?, ?, ?)",
                   [(ref, path, alt) for alt in dict.fromkeys(map(normalised, entry.over))])


def index_path(store: Store) -> Path:
    """Where the index of ``store``'s repository lives."""
    return cache_dir(store.repo.commondir) / DB_NAME


def _connection(store: Store) -> contextlib.AbstractContextManager[sqlite3.Connection]:
    """The index of ``store``'s repository, kept open for the process's next query."""
    return sqlite.opened(index_path(store), SCHEMA, keep=True)
