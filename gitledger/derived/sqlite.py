"""The one SQLite opener of the derived indexes (``ledger-cache/*.sqlite3``).

Derived data, so: write-ahead log, no sync, a layout version that remakes the tables when
it differs, and a damaged file deleted to start over.  ``sqlite3`` loads at first open, so
a write that never asks an index does not pay for it.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from gitledger.core.display import printable
from gitledger.errors import InvalidInput

if TYPE_CHECKING:
    import sqlite3

#: Seconds a statement waits for another process's write before it fails as busy.
BUSY_SECONDS = 2.0


@dataclass(frozen=True)
class Schema:
    """One index's layout: its version, its tables (dropped when the version differs) and
    the statements that make them."""

    version: int
    tables: tuple[str, ...]
    statements: tuple[str, ...]


#: The connections kept open for a thread's next use, by path, process and thread: a fork
#: opens its own, and so does a thread (two threads writing at once used one connection
#: and crashed the interpreter).
_KEPT: dict[tuple[str, int, int], sqlite3.Connection] = {}


def _key(path: Path) -> tuple[str, int, int]:
    return str(path), os.getpid(), threading.get_ident()


def busy(exc: BaseException) -> bool:
    """Whether ``exc`` is another process's write in the way, not damage."""
    import sqlite3  # noqa: PLC0415 - loaded with the first index opened

    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


def connect(path: Path, schema: Schema) -> sqlite3.Connection:
    """The index at ``path``, made or remade at ``schema``'s version; ``sqlite3.Error``
    or ``OSError`` when it cannot be (the file is deleted unless it was only busy)."""
    import sqlite3  # noqa: PLC0415 - loaded with the first index opened

    path.parent.mkdir(exist_ok=True)
    db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                         check_same_thread=False)
    try:
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA journal_mode = WAL")
        if db.execute("PRAGMA user_version").fetchone()[0] != schema.version:
            _create(db, schema)
    except sqlite3.DatabaseError as exc:
        db.close()
        if not busy(exc):
            remove(path)
        raise
    return db


@contextlib.contextmanager
def opened(path: Path, schema: Schema, *, keep: bool = False
           ) -> Iterator[sqlite3.Connection]:
    """The index at ``path`` for one use.  A ``sqlite3.DatabaseError`` raised in the use
    that is not a busy file deletes it (the next use builds it again).  ``keep``: the
    connection stays open for this thread's next use (``kept``)."""
    import sqlite3  # noqa: PLC0415 - loaded with the first index opened

    key = _key(path)
    db = _KEPT.pop(key, None) if keep else None
    if db is not None and not path.exists():  # deleted under us: start a new file
        db.close()
        db = None
    if db is None:
        db = connect(path, schema)
    try:
        yield db
    except sqlite3.DatabaseError as exc:
        db.close()
        if not busy(exc):
            remove(path)
        raise
    except BaseException:
        db.close()
        raise
    if keep:
        _KEPT[key] = db
    else:
        db.close()


def kept(path: Path) -> sqlite3.Connection | None:
    """The connection this thread keeps open to ``path``, if any."""
    return _KEPT.get(_key(path))


def release_kept() -> None:
    """Close every connection this process keeps open (a test's fresh start)."""
    for db in _KEPT.values():
        db.close()
    _KEPT.clear()


def _close_kept(path: Path) -> None:
    """Close the connection this thread keeps to ``path``, if any."""
    kept_db = _KEPT.pop(_key(path), None)
    if kept_db is not None:
        kept_db.close()


def _read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the file on disk now (a connection this thread keeps
    would answer from its own view of it, so that one is closed first)."""
    import sqlite3  # noqa: PLC0415 - loaded with the first index opened

    _close_kept(path)
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_SECONDS)


def foreign_rows(path: Path, sql: str, params: tuple[object, ...], *,
                 limit: int) -> list[tuple[object, ...]]:
    """At most ``limit`` rows of one query on another program's database (an agent keeps
    its sessions in one): opened read-only (``mode=ro``: never created, written or kept),
    InvalidInput (one line) when it cannot be read."""
    import sqlite3  # noqa: PLC0415 - loaded with the first database opened

    try:
        db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True,
                             timeout=BUSY_SECONDS)
        try:
            return list(db.execute(sql, params).fetchmany(limit))
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise InvalidInput(f"cannot read the database {printable(str(path))[:300]}: "
                           f"{printable(str(exc))[:200]}") from None


def problem(path: Path, schema: Schema, probe: str | None = None) -> str | None:
    """What is wrong with the index at ``path`` (read only), or None when it reads, is
    busy, or is not there yet.  ``probe``: a query the current layout must answer."""
    import sqlite3  # noqa: PLC0415 - loaded with the first index opened

    if not path.exists():
        return None
    try:
        db = _read_only(path)
        try:
            found = db.execute("PRAGMA quick_check").fetchone()
            if found is None or found[0] != "ok":
                return f"{path.name} fails SQLite's quick_check: {str(found)[:80]}"
            if probe and db.execute("PRAGMA user_version").fetchone()[0] == schema.version:
                db.execute(probe)
        finally:
            db.close()
    except sqlite3.Error as exc:
        if busy(exc):
            return None
        return f"{path.name} is not a readable SQLite index ({str(exc)[:80]})"
    return None


def version_of(path: Path) -> int | None:
    """The layout version of the index at ``path``; None when it is absent or unreadable."""
    import sqlite3  # noqa: PLC0415 - loaded with the first index opened

    if not path.exists():
        return None
    try:
        db = _read_only(path)
        try:
            return int(db.execute("PRAGMA user_version").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return None


def remove(path: Path) -> bool:
    """Delete the index at ``path`` and its log; whether there was one."""
    _close_kept(path)
    existed = path.exists()
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.unlink(f"{path}{suffix}")
    return existed


def _create(db: sqlite3.Connection, schema: Schema) -> None:
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] != schema.version:
            for table in schema.tables:
                db.execute(f"DROP TABLE IF EXISTS {table}")
            for statement in schema.statements:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {schema.version}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


__all__ = ["BUSY_SECONDS", "Schema", "busy", "connect", "kept", "opened", "problem",
           "release_kept", "remove", "version_of"]
