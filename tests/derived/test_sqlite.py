"""The one SQLite opener: a connection kept for a later use belongs to one thread."""

from __future__ import annotations

import threading
from pathlib import Path

from gitledger.derived import sqlite

SCHEMA = sqlite.Schema(1, ("t",), ("CREATE TABLE t (x INTEGER)",))


def test_a_kept_connection_is_never_handed_to_another_thread(tmp_path: Path) -> None:
    """Two threads writing at once used the one kept connection and crashed the interpreter
    (a segmentation fault in ``decision_index.record_write``, two threads accepting one
    decision): each thread keeps its own."""
    path = tmp_path / "cache" / "index.sqlite3"
    with sqlite.opened(path, SCHEMA, keep=True) as db:
        db.execute("INSERT INTO t VALUES (1)")
    try:
        mine = sqlite.kept(path)
        assert mine is not None
        seen: list[object] = []
        other = threading.Thread(target=lambda: seen.append(sqlite.kept(path)))
        other.start()
        other.join(timeout=30)
        assert seen == [None]
        assert sqlite.kept(path) is mine
    finally:
        sqlite.release_kept()
