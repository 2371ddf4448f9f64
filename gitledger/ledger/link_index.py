"""The links between entries, indexed: what ``check`` checks again after a change, and
which decisions ``why`` blames again for one file.

A SQLite file in ``ledger-cache/`` brought to the tip by diffing trees, like
``decision_index.py``.  Derived data: on any error of its own, callers read every entry.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gitledger.core.ids import entry_path
from gitledger.core.model import BadEntry, Entry
from gitledger.derived import sqlite
from gitledger.derived.files import cache_dir
from gitledger.errors import CorruptLedger
from gitledger.ledger.links import Links, bad_links, links_of
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.entry_cache import read_paths
from gitledger.storage.layout import ENTRIES_DIR
from gitledger.storage.store import Store, TreeView

DB_NAME = "links.sqlite3"
#: Bump when ``links_of`` or the tables change: an index of another version is rebuilt.
INDEX_VERSION = 2
BUSY_SECONDS = 2.0
#: SQLite's default limit on a statement's parameters is 32,766; stay well below it.
_CHUNK = 900

_SCHEMA = (
    "CREATE TABLE synced (ref TEXT PRIMARY KEY, commit_id TEXT NOT NULL)",
    "CREATE TABLE rows (ref TEXT NOT NULL, path TEXT NOT NULL, id TEXT, bad INTEGER NOT "
    "NULL, drifts INTEGER NOT NULL, asks INTEGER NOT NULL, supersedes TEXT, "
    "PRIMARY KEY (ref, path))",
    "CREATE INDEX rows_id ON rows (id)",
    "CREATE INDEX rows_flags ON rows (ref, bad, drifts, asks)",
    # role: n (names), l (looks), w (watches a file), c (a footprint's commit)
    "CREATE TABLE keys (ref TEXT NOT NULL, path TEXT NOT NULL, role TEXT NOT NULL, "
    "key TEXT NOT NULL)",
    "CREATE INDEX keys_key ON keys (role, key)",
    "CREATE INDEX keys_row ON keys (ref, path)",
)
_TABLES = ("synced", "rows", "keys")
SCHEMA = sqlite.Schema(INDEX_VERSION, _TABLES, _SCHEMA)

#: One entry of one ledger: (ref, path).
Row = tuple[str, str]


@dataclass(frozen=True)
class Indexed:
    """What the index says of one row."""

    ref: str
    path: str
    id: str | None
    supersedes: str | None


class LinkIndex:
    """The index of one repository, open for one check."""

    def __init__(self, db: sqlite3.Connection, store: Store) -> None:
        self.db, self.store = db, store

    # -- keeping it at the tips ----------------------------------------------------------

    def sync(self, ref: str, view: TreeView) -> bool:
        """Bring ``ref``'s rows to ``view``; False when that would read the whole ledger
        (never indexed, or indexed at a commit that is gone): the caller checks it whole."""
        at = self._synced(ref)
        if at == view.commit:
            return True
        before = _view_at(self.store, at)
        if before is None:
            return False
        with self._transaction():
            changed = [path for path, blob in before.changed_blobs(view, ENTRIES_DIR)
                       if blob is not None or not view.has(path)]
            entries, bad = read_paths(view, changed)
            for path in changed:
                self._remove(ref, path)
            self._insert(ref, entries, bad)
            self.db.execute("INSERT OR REPLACE INTO synced VALUES (?, ?)", (ref, view.commit))
        return True

    def rebuild(self, ref: str, commit: str | None, entries: Iterable[Entry],
                bad: Iterable[BadEntry]) -> None:
        """Index ``ref`` afresh from its entries at ``commit``, read already (a full check)."""
        if commit is None:
            return
        with self._transaction():
            for table in _TABLES[1:]:
                self.db.execute(f"DELETE FROM {table} WHERE ref = ?", (ref,))
            self._insert(ref, entries, bad)
            self.db.execute("INSERT OR REPLACE INTO synced VALUES (?, ?)", (ref, commit))

    def refs(self) -> list[str]:
        return [str(ref) for (ref,) in self.db.execute("SELECT ref FROM synced")]

    def forget(self, keep: Collection[str]) -> None:
        """Drop the rows of refs not in ``keep`` (a ledger deleted, archived, switched)."""
        for (ref,) in self.db.execute("SELECT ref FROM synced").fetchall():
            if ref not in keep:
                with self._transaction():
                    for table in _TABLES:
                        self.db.execute(f"DELETE FROM {table} WHERE ref = ?", (ref,))

    # -- questions -----------------------------------------------------------------------

    def linked(self, refs: Collection[str], links: Iterable[Links]) -> set[Row]:
        """The rows of ``refs`` that name what one of ``links`` looks at, or look at what
        one of them names: the entries whose findings those can change."""
        names: set[str] = set()
        looks: set[str] = set()
        for link in links:
            names |= link.names
            looks |= link.looks
        return (self._with_keys(refs, "n", looks) | self._with_keys(refs, "l", names))

    def links(self, rows: Iterable[Row]) -> list[Links]:
        """The names and looks of ``rows``, one ``Links`` per ref (what ``linked`` takes)."""
        out: list[Links] = []
        by_ref: dict[str, list[str]] = {}
        for ref, path in rows:
            by_ref.setdefault(ref, []).append(path)
        for ref, paths in by_ref.items():
            names: set[str] = set()
            looks: set[str] = set()
            for chunk in _chunks(paths):
                marks = ",".join("?" * len(chunk))
                for role, key in self.db.execute(
                        f"SELECT role, key FROM keys WHERE ref = ? AND path IN ({marks}) "
                        "AND role IN ('n', 'l')", (ref, *chunk)):
                    (names if role == "n" else looks).add(key)
            out.append(Links(frozenset(names), frozenset(looks)))
        return out

    def watching(self, refs: Collection[str], paths: Iterable[str]) -> set[Row]:
        """The rows of ``refs`` that watch one of ``paths``."""
        return self._with_keys(refs, "w", set(paths))

    def starting_at(self, refs: Collection[str], commits: Iterable[str]) -> set[Row]:
        """The rows of ``refs`` whose footprint starts at one of ``commits``."""
        return self._with_keys(refs, "c", set(commits))

    def watched(self, refs: Collection[str]) -> set[str]:
        """Every file a row of ``refs`` watches."""
        if set(self.refs()) <= set(refs):
            # Every key is of ``refs``: the (role, key) index alone answers, where a filter
            # by ref reads a row of the table for each key (a year's 20,000, 44 MB).
            return {str(key) for (key,) in self.db.execute(
                "SELECT DISTINCT key FROM keys WHERE role = 'w'")}
        marks = ",".join("?" * len(refs))
        return {str(key) for (key,) in self.db.execute(
            f"SELECT DISTINCT key FROM keys WHERE role = 'w' AND ref IN ({marks})",
            tuple(refs))}

    def drifting_among(self, rows: Iterable[Row]) -> set[Row]:
        """Those of ``rows`` that are decisions in force with a footprint."""
        by_ref: dict[str, list[str]] = {}
        for ref, path in rows:
            by_ref.setdefault(ref, []).append(path)
        found: set[Row] = set()
        for ref, paths in by_ref.items():
            for chunk in _chunks(sorted(paths)):
                marks = ",".join("?" * len(chunk))
                found |= {(ref, str(p)) for (p,) in self.db.execute(
                    f"SELECT path FROM rows WHERE ref = ? AND drifts AND path IN ({marks})",
                    (ref, *chunk))}
        return found

    def with_ids(self, refs: Collection[str], ids: Iterable[str]) -> set[Row]:
        found: set[Row] = set()
        for chunk in _chunks(sorted(set(ids))):
            marks = ",".join("?" * len(chunk))
            found |= {(r, p) for r, p in self.db.execute(
                f"SELECT ref, path FROM rows WHERE id IN ({marks})", chunk) if r in refs}
        return found

    def drifting(self, refs: Collection[str]) -> list[Indexed]:
        """The rows of ``refs`` that are decisions in force with a footprint."""
        return [Indexed(r, p, i, s) for r, p, i, s in self.db.execute(
            "SELECT ref, path, id, supersedes FROM rows WHERE drifts") if r in refs]

    def flagged(self, refs: Collection[str], flag: str) -> set[Row]:
        """The rows of ``refs`` that are ``bad``, ``drifts`` or ``asks``."""
        assert flag in ("bad", "drifts", "asks")
        return {(r, p) for r, p in self.db.execute(f"SELECT ref, path FROM rows WHERE {flag}")
                if r in refs}

    def described(self, rows: Iterable[Row]) -> list[Indexed]:
        """The id and supersedes link of each of ``rows`` the index holds."""
        by_ref: dict[str, list[str]] = {}
        for ref, path in rows:
            by_ref.setdefault(ref, []).append(path)
        out: list[Indexed] = []
        for ref, paths in by_ref.items():
            for chunk in _chunks(sorted(paths)):
                marks = ",".join("?" * len(chunk))
                out += [Indexed(ref, path, entry_id, supersedes)
                        for path, entry_id, supersedes in self.db.execute(
                            f"SELECT path, id, supersedes FROM rows WHERE ref = ? AND "
                            f"path IN ({marks})", (ref, *chunk))]
        return out

    def chain(self, refs: Collection[str], ids: Iterable[str], limit: int) -> set[Row]:
        """The rows reached from ``ids`` by following ``supersedes`` (a cycle's members),
        at most ``limit`` of them."""
        seen: set[str] = set()
        found: set[Row] = set()
        todo = [i for i in ids if i]
        while todo and len(found) < limit:
            entry_id = todo.pop()
            if entry_id in seen:
                continue
            seen.add(entry_id)
            for ref, path, supersedes in self.db.execute(
                    "SELECT ref, path, supersedes FROM rows WHERE id = ?", (entry_id,)):
                if ref in refs:
                    found.add((ref, path))
                    if supersedes:
                        todo.append(supersedes)
        return found

    def count(self, ref: str) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM rows WHERE ref = ?",
                                   (ref,)).fetchone()[0])

    # -- inside --------------------------------------------------------------------------

    def _with_keys(self, refs: Collection[str], role: str, keys: set[str]) -> set[Row]:
        found: set[Row] = set()
        for chunk in _chunks(sorted(keys)):
            marks = ",".join("?" * len(chunk))
            found |= {(r, p) for r, p in self.db.execute(
                f"SELECT ref, path FROM keys WHERE role = ? AND key IN ({marks})",
                (role, *chunk)) if r in refs}
        return found

    def _synced(self, ref: str) -> str | None:
        row = self.db.execute("SELECT commit_id FROM synced WHERE ref = ?", (ref,)).fetchone()
        return str(row[0]) if row else None

    def _remove(self, ref: str, path: str) -> None:
        for table in _TABLES[1:]:
            self.db.execute(f"DELETE FROM {table} WHERE ref = ? AND path = ?", (ref, path))

    def _insert(self, ref: str, entries: Iterable[Entry], bad: Iterable[BadEntry]) -> None:
        rows: list[tuple[object, ...]] = []
        keys: list[tuple[str, str, str, str]] = []
        items: list[tuple[str, str | None, bool, str | None, Links]] = [
            (entry_path(e.id), e.id, False, e.supersedes, links_of(e)) for e in entries]
        items += [(b.path, None, True, None, bad_links(b)) for b in bad]
        for path, entry_id, is_bad, supersedes, link in items:
            rows.append((ref, path, entry_id, int(is_bad), int(link.drifts), int(link.asks),
                         supersedes))
            for role, found in (("n", link.names), ("l", link.looks), ("w", link.watches),
                                ("c", link.commits)):
                keys.extend((ref, path, role, key) for key in found)
        self.db.executemany("INSERT OR REPLACE INTO rows VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        self.db.executemany("INSERT INTO keys VALUES (?, ?, ?, ?)", keys)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")


def in_force_at(views: dict[str, TreeView], rows: Iterable[Row]) -> list[tuple[str, Entry]]:
    """The decisions in force that drift (``core.footprint.drifts``) at ``rows``, each id
    once, the first ledger's of ``views`` first: what ``drift.in_force`` gives, for those
    rows only."""
    wanted = set(rows)
    found: dict[str, tuple[str, Entry]] = {}
    for ref, view in views.items():
        entries, _ = read_paths(view, sorted(p for r, p in wanted if r == ref))
        for entry in entries:
            if links_of(entry).drifts:
                found.setdefault(entry.id, (ref, entry))
    return list(found.values())


def worktree_views(where: str | os.PathLike[str] | None) -> tuple[Store, dict[str, TreeView]]:
    """This worktree's ledger and the project ledger at their tips (those that exist), in
    the order ``drift.in_force`` reads them."""
    store = Store(LedgerReader.open(where, session="").repo)
    views: dict[str, TreeView] = {}
    for reader in (LedgerReader.open(where, session=""),
                   LedgerReader.open(where, project=True, session="")):
        if reader.ref is not None and reader.ref not in views and store.exists(reader.ref):
            view = store.tip(reader.ref).view
            if view is not None:
                views[reader.ref] = view
    return store, views


def in_force_with_ids(store: Store, views: dict[str, TreeView],
                      ids: Collection[str]) -> list[tuple[str, Entry]] | None:
    """The decisions in force that drift among ``ids``; None when the index does not
    hold the ledgers or cannot be used."""
    with contextlib.suppress(sqlite3.Error, OSError), opened(store) as index:
        if not all(index.sync(ref, view) for ref, view in views.items()):
            return None
        return in_force_at(views, index.with_ids(set(views), ids))
    return None


def may_govern(store: Store, views: dict[str, TreeView], path: str, *, blamed: set[str],
               linked: set[str], gone: Callable[[str], bool]) -> list[tuple[str, Entry]] | None:
    """The decisions in force whose drift can concern ``path`` (``why``): a span on
    ``path`` or on a file ``gone`` from HEAD (it may have moved to ``path``), or starting
    at a ``blamed`` commit, or one of ``linked``.  None when the index does not hold the
    ledgers (a full check indexes them) or cannot be used: the caller reads every one."""
    refs = set(views)
    with contextlib.suppress(sqlite3.Error, OSError), opened(store) as index:
        if not all(index.sync(ref, view) for ref, view in views.items()):
            return None
        moved = {f for f in index.watched(refs) if gone(f)}
        rows = (index.watching(refs, {path, *moved}) | index.starting_at(refs, blamed)
                | index.with_ids(refs, linked))
        return in_force_at(views, index.drifting_among(rows))
    return None


def _chunks(items: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start:start + _CHUNK]


def _view_at(store: Store, commit: str | None) -> TreeView | None:
    if commit is None:
        return None
    try:
        return store.view_at(commit)
    except (KeyError, ValueError, CorruptLedger):
        return None


@contextlib.contextmanager
def opened(store: Store) -> Iterator[LinkIndex]:
    """The index of ``store``'s repository; sqlite3.Error or OSError when it cannot be
    used (the caller then checks everything). A damaged file is deleted."""
    with sqlite.opened(index_path(store), SCHEMA) as db:
        yield LinkIndex(db, store)


def index_path(store: Store) -> Path:
    """Where the index of ``store``'s repository lives."""
    return cache_dir(store.repo.commondir) / DB_NAME

