"""The full-text index ``git ledger search`` asks: every local ledger's entries, and with
``--transcripts`` the saved transcripts' messages, in SQLite FTS5.

Brought to the refs before each query by diffing trees; derived data that ``doctor --fix``
may delete.  Authors come from history (``storage/provenance.py``), never the blob's claim.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.display import printable
from gitledger.core.ids import entry_path
from gitledger.core.model import Entry
from gitledger.derived import registry, sqlite
from gitledger.derived.files import cache_dir
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.interchange.dialects import read_transcript
from gitledger.interchange.transcripts import load_saved
from gitledger.ledger.authorship import display_name
from gitledger.ledger.reader import archive_label
from gitledger.ledger.reread import reread
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    MONTHS_PREFIX,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import Verifier

DB_NAME = "search.sqlite3"
#: Bump when the tables or what a row holds change: an index of another version is rebuilt.
INDEX_VERSION = 4
BUSY_SECONDS = 2.0
#: What a transcript row is made of at most (a message is cut there).
TRANSCRIPT_TEXT = 20_000
#: An entry's text and its other fields, at most: a teammate's blob can hold anything,
#: and a hit reaches an agent (the MCP tool) or a page.
ENTRY_TEXT = 4_000

_SCHEMA = (
    "CREATE TABLE synced (ref TEXT PRIMARY KEY, target TEXT NOT NULL)",
    "CREATE TABLE docs (rowid INTEGER PRIMARY KEY, ref TEXT NOT NULL, path TEXT NOT NULL, "
    "source TEXT NOT NULL, ledger TEXT NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL, "
    "status TEXT, scope TEXT, author TEXT NOT NULL, ident TEXT NOT NULL, date TEXT, "
    "text TEXT NOT NULL, replaced_by TEXT, mirror INTEGER NOT NULL, "
    # 1 when another row holds the same id (a pulled copy of a local entry): only those
    # rows need counting by id, so a query's total stays a plain count otherwise.
    "copied INTEGER NOT NULL DEFAULT 0, UNIQUE (ref, path))",
    "CREATE INDEX docs_ref ON docs (ref)",
    "CREATE INDEX docs_id ON docs (id)",
    "CREATE INDEX docs_special ON docs (rowid) WHERE copied OR source != 'ledger'",
    "CREATE VIRTUAL TABLE fts USING fts5(text, body, tokenize = 'unicode61 remove_diacritics 2')",
    # An entry's own text weighs ten times its other fields; as the table's rank, FTS5
    # orders by it without a join.
    "INSERT INTO fts (fts, rank) VALUES ('rank', 'bm25(10.0, 1.0)')",
)
#: The rows a query ranks at a time, looking for ``limit`` distinct entries.
RANK_BATCH = 256
_TABLES = ("synced", "docs", "fts")
SCHEMA = sqlite.Schema(INDEX_VERSION, _TABLES, _SCHEMA)

#: Scripts written without spaces between words (Han, kana, Hangul): FTS5's unicode61
#: keeps a run of them as one token, so each character is indexed as a token of its own
#: and a word inside a longer run is found as a phrase of its characters.
_UNSPACED_CLASS = ("[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
                   "\uf900-\ufaff\uff66-\uff9f\U00020000-\U0002fa1f]")
_UNSPACED = re.compile(f"({_UNSPACED_CLASS})")
#: A space ``spaced`` put between two such characters, the snippet's marks around it.
_SPACED_PAIR = re.compile(f"({_UNSPACED_CLASS})([\\x02\\x03]*) +([\\x02\\x03]*)"
                          f"(?={_UNSPACED_CLASS})")


def spaced(text: str) -> str:
    """``text`` with a space around each character of an unspaced script, as it is
    indexed and queried."""
    return _UNSPACED.sub(r" \1 ", text) if _UNSPACED.search(text) else text


def unspaced(snippet: str) -> str:
    """A snippet of the index without the spaces ``spaced`` put between two characters
    (and at most one where it met another script)."""
    if not _UNSPACED.search(snippet):
        return snippet
    return re.sub(" {2,}", " ", _SPACED_PAIR.sub(r"\1\2\3", snippet)).strip(" ")


@dataclass(frozen=True)
class Row:
    """One searchable thing: an entry of a ledger, or a message of a transcript."""

    ref: str
    path: str
    source: str
    ledger: str
    id: str
    kind: str
    status: str | None
    scope: str | None
    #: Who brought it in, as a hit shows it (``Name``), and in full (``Name <email>``),
    #: which ``--author`` matches.
    author: str
    ident: str
    date: str | None
    text: str
    body: str
    replaced_by: str | None = None


def ledger_label(ref: str) -> str:
    """How a ledger is named in a hit: ``project``, a session ledger's id, ``archive/ID``,
    and ``REMOTE/…`` for a teammate's mirrored ledger."""
    if ref.startswith(REMOTES_PREFIX):
        remote, rest = ref.removeprefix(REMOTES_PREFIX).split("/", 1)
        if rest.startswith("archive/"):
            return archive_label(ref)
        return f"{remote}/{ledger_label(LEDGER_NAMESPACE + rest)}"
    if ref == PROJECT_REF:
        return "project"
    if ref.startswith(ARCHIVE_PREFIX):
        return "archive/" + archive_label(ref)
    return ref.removeprefix(SESSIONS_PREFIX)


def searchable_refs(store: ArchiveStore) -> dict[str, str]:
    """Every ledger the index covers and what it points at: this repository's ledgers,
    its archives, and the mirrors of teammates' ledgers (transcripts apart) that pull did
    not quarantine: ``search``, its MCP tool, ``serve`` and the static site all read
    through here, and a quarantined mirror's author is not who its commits claim."""
    held = {verdict.ref for verdict in Verifier(store.repo).quarantined()}
    return {ref: target for ref, target in store.refs_under(LEDGER_NAMESPACE).items()
            if not ref.startswith((TRANSCRIPTS_PREFIX, MONTHS_PREFIX))
            and "/months/" not in ref and ref != LEDGER_NAMESPACE + "keep"
            and ref not in held}


class SearchIndex:
    """The index of one repository, open for one query."""

    def __init__(self, db: sqlite3.Connection, store: ArchiveStore,
                 where: str | os.PathLike[str] | None) -> None:
        self.db, self.store, self.where = db, store, where
        #: The ids whose rows changed in this transaction (their ``copied`` is redone).
        self._touched: set[str] = set()

    def sync(self, refs: dict[str, str], *, transcripts: dict[str, str] | None = None) -> None:
        """Bring the index to ``refs`` (ref → target), and to ``transcripts`` when given
        (without, the transcripts indexed before stay as they are)."""
        wanted = dict(refs) | (transcripts or {})
        synced = dict(self.db.execute("SELECT ref, target FROM synced").fetchall())
        for ref in synced.keys() - wanted.keys():
            if transcripts is None and ref.startswith(TRANSCRIPTS_PREFIX):
                continue
            with self._transaction():
                self._drop(ref)
        for ref, target in sorted(wanted.items()):
            if synced.get(ref) != target:
                with self._transaction():
                    if ref.startswith(TRANSCRIPTS_PREFIX):
                        self._index_transcript(ref, target)
                    else:
                        self._index_ledger(ref, target, synced.get(ref))

    def _index_ledger(self, ref: str, target: str, before: str | None) -> None:
        try:
            read = reread(self.store, ref, before)
        except CorruptLedger:
            # A ledger that cannot be read (a teammate's commit git would not write) is
            # searched as empty until its ref moves; ``doctor`` and ``list`` name it.
            self._drop(ref)
            self.db.execute("INSERT OR REPLACE INTO synced VALUES (?, ?)", (ref, target))
            return
        if read is None:
            self._drop(ref)
            return
        if read.changed is None:
            self._drop(ref)
        for path in sorted(read.changed or ()):
            self._remove(ref, path)
        label = ledger_label(ref)
        self._insert([entry_row(ref, label, entry, read.authors[entry.id])
                      for entry in read.entries], fresh=read.changed is None)
        self.db.execute("INSERT OR REPLACE INTO synced VALUES (?, ?)", (ref, target))

    def _index_transcript(self, ref: str, target: str) -> None:
        """A saved transcript's messages, a row each (the user's and the agent's texts,
        and the tools' outputs), read as the session exports read it."""
        self._drop(ref)
        session = ref.removeprefix(TRANSCRIPTS_PREFIX)
        try:
            saved = load_saved(None if self.where is None else self.where, session)
            reading = read_transcript(saved.data, saved.session_id)
        except (LedgerError, OSError):
            self.db.execute("INSERT OR REPLACE INTO synced VALUES (?, ?)", (ref, target))
            return  # not a transcript anyone can read: nothing to find in it
        self._insert(transcript_rows(ref, reading.trajectory), fresh=True)
        self.db.execute("INSERT OR REPLACE INTO synced VALUES (?, ?)", (ref, target))

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM docs").fetchone()[0])

    def query(self, match: str, where: str, params: list[object], limit: int, *,
              transcripts: bool, filtered: bool) -> tuple[int, list[tuple[object, ...]]]:
        """The number of matching entries, and the best ``limit`` of them with their score
        and snippet (``\\x02``/``\\x03`` around each matched term).  An entry held by a
        ledger here and by a mirror of a remote's (the project ledger after a pull, a
        session pushed from here) is one hit: the ledger here."""
        total = (self._total(match, where, params) if filtered
                 else self._plain_total(match, transcripts=transcripts))
        chosen: list[tuple[int, float]] = []
        seen: set[str] = set()
        # FTS5 ranks every match once; the rows are then read a batch at a time until
        # ``limit`` distinct entries are found (equal scores keep the index's order).
        ranked = self.db.execute("SELECT rowid, rank FROM fts WHERE fts MATCH ? ORDER BY rank",
                                 (match,))
        while len(chosen) < limit and (batch := ranked.fetchmany(RANK_BATCH)):
            marks = ", ".join("?" * len(batch))
            found = {rowid: (entry_id, mirror, copied)
                     for rowid, entry_id, mirror, copied in self.db.execute(
                         f"SELECT rowid, id, mirror, copied FROM docs WHERE rowid IN ({marks}) "
                         f"{where}", [*(rowid for rowid, _ in batch), *params])}
            for rowid, score in batch:
                if rowid not in found or len(chosen) == limit:
                    continue
                entry_id, mirror, copied = found[rowid]
                # Only a row with a copy can have a local one to give way to.
                if entry_id in seen or (mirror and copied and self._local_match(
                        entry_id, match, where, params)):
                    continue  # a local copy is the hit, at its own rank
                seen.add(entry_id)
                chosen.append((rowid, score))
        ranked.close()
        return total, self._rows(chosen, match)

    def _total(self, match: str, where: str, params: list[object]) -> int:
        counted = self.db.execute(
            "SELECT count(*) FILTER (WHERE NOT copied), count(DISTINCT id) FILTER (WHERE copied) "
            f"FROM docs WHERE rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?) {where}",
            [match, *params]).fetchone()
        return int(counted[0]) + int(counted[1])

    def _plain_total(self, match: str, *, transcripts: bool) -> int:
        """``_total`` for a query without filters: FTS5's own count of matching rows,
        corrected by the few rows that are not plain entries (copies, transcripts)."""
        rows = int(self.db.execute("SELECT count(*) FROM fts WHERE fts MATCH ?",
                                   (match,)).fetchone()[0])
        special = self.db.execute(
            "SELECT id, copied, source FROM docs INDEXED BY docs_special "
            "WHERE (copied OR source != 'ledger') "
            "AND rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)", (match,)).fetchall()
        kept = [(entry_id, copied) for entry_id, copied, source in special
                if transcripts or source == "ledger"]
        return (rows - len(special) + len({entry_id for entry_id, copied in kept if copied})
                + sum(1 for _, copied in kept if not copied))

    def _local_match(self, entry_id: str, match: str, where: str, params: list[object]
                     ) -> bool:
        """Whether a ledger here (not a mirror) holds ``entry_id`` and it matches."""
        local = [rowid for (rowid,) in self.db.execute(
            f"SELECT rowid FROM docs WHERE id = ? AND NOT mirror {where}", [entry_id, *params])]
        return any(self.db.execute("SELECT 1 FROM fts WHERE fts MATCH ? AND rowid = ?",
                                   (match, rowid)).fetchone() for rowid in local)

    def _rows(self, chosen: list[tuple[int, float]], match: str) -> list[tuple[object, ...]]:
        """The hits' rows, in the order chosen."""
        if not chosen:
            return []
        marks = ", ".join("?" * len(chosen))
        rowids = [rowid for rowid, _ in chosen]
        marked = dict(self.db.execute(
            "SELECT rowid, snippet(fts, -1, char(2), char(3), '…', 16) FROM fts "
            f"WHERE fts MATCH ? AND rowid IN ({marks})", [match, *rowids]).fetchall())
        found = {row[0]: row[1:] for row in self.db.execute(
            "SELECT rowid, ledger, ref, id, kind, status, scope, author, date, text, source, "
            f"replaced_by, ident FROM docs WHERE rowid IN ({marks})", rowids)}
        return [(*found[rowid], score, marked.get(rowid, "")) for rowid, score in chosen]

    def _drop(self, ref: str) -> None:
        self._touched.update(entry_id for (entry_id,) in self.db.execute(
            "SELECT DISTINCT id FROM docs WHERE ref = ?", (ref,)))
        self.db.execute("DELETE FROM fts WHERE rowid IN (SELECT rowid FROM docs WHERE ref = ?)",
                        (ref,))
        self.db.execute("DELETE FROM docs WHERE ref = ?", (ref,))
        self.db.execute("DELETE FROM synced WHERE ref = ? OR ref = ?", (ref, ref + "#commit"))

    def _remove(self, ref: str, path: str) -> None:
        found = self.db.execute("SELECT rowid, id FROM docs WHERE ref = ? AND path = ?",
                                (ref, path)).fetchone()
        if found is not None:
            self._touched.add(found[1])
            self.db.execute("DELETE FROM fts WHERE rowid = ?", (found[0],))
            self.db.execute("DELETE FROM docs WHERE rowid = ?", (found[0],))

    def _insert(self, rows: list[Row], *, fresh: bool = False) -> None:
        """Add ``rows``, replacing what the ref held at the same paths (``fresh``: the
        ref holds nothing yet)."""
        for row in rows:
            if not fresh:
                self._remove(row.ref, row.path)
            self._touched.add(row.id)
            cursor = self.db.execute(
                "INSERT INTO docs (ref, path, source, ledger, id, kind, status, scope, author, "
                "ident, date, text, replaced_by, mirror) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.ref, row.path, row.source, row.ledger, row.id, row.kind, row.status,
                 row.scope, row.author, row.ident, row.date, row.text, row.replaced_by,
                 int(row.ref.startswith(REMOTES_PREFIX))))
            self.db.execute("INSERT INTO fts (rowid, text, body) VALUES (?, ?, ?)",
                            (cursor.lastrowid, spaced(row.text), spaced(row.body)))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._mark_copies()
        except BaseException:
            self._touched.clear()
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _mark_copies(self) -> None:
        touched, self._touched = sorted(self._touched), set()
        for at in range(0, len(touched), 500):
            part = touched[at:at + 500]
            marks = ", ".join("?" * len(part))
            self.db.execute(
                f"UPDATE docs SET copied = id IN (SELECT id FROM docs WHERE id IN ({marks}) "
                f"GROUP BY id HAVING count(*) > 1) WHERE id IN ({marks})", [*part, *part])


def entry_row(ref: str, label: str, entry: Entry, ident: str) -> Row:
    """An entry as the index keeps it: its text to rank first, the rest of its words."""
    body = [*entry.over, entry.because, entry.why, entry.by, entry.rejected_why,
            entry.note, entry.path, entry.scope, *entry.evidence, entry.deployed_env]
    return Row(ref=ref, path=entry_path(entry.id), source="ledger", ledger=label, id=entry.id,
               kind=entry.kind, status=_field(entry.status), scope=_field(entry.scope),
               author=printable(display_name(ident)), ident=printable(ident),
               date=entry.created.isoformat() if entry.created else None,
               text=printable(entry.text[:ENTRY_TEXT]),
               body=printable("\n".join(part for part in body if part)[:ENTRY_TEXT]),
               replaced_by=_field(entry.superseded_by))


def _field(value: str | None) -> str | None:
    """A short field of a blob (status, scope, an id) as a hit carries it: printable and
    capped, like every text (a teammate's blob can hold anything there)."""
    return None if value is None else printable(value[:200])


def transcript_rows(ref: str, trajectory: dict[str, Any]) -> list[Row]:
    """A row per step with text: its message, its calls' inputs and its results."""
    session = str(trajectory.get("session_id") or ref.removeprefix(TRANSCRIPTS_PREFIX))
    rows: list[Row] = []
    for step in trajectory["steps"]:
        message = step.get("message")
        text = message if isinstance(message, str) else " ".join(
            p.get("text", "") for p in message if isinstance(p, dict))
        body = [json.dumps(c.get("arguments", {}), ensure_ascii=False)
                for c in step.get("tool_calls", ())]
        body += [r["content"] for r in step.get("observation", {}).get("results", ())
                 if isinstance(r.get("content"), str)]
        if not text.strip() and not body:
            continue
        rows.append(Row(ref=ref, path=f"steps/{step['step_id']}", source="transcript",
                        ledger=f"transcript/{session}", id=f"{session}#{step['step_id']}",
                        kind=step["source"], status=None, scope=None,
                        author=step["source"], ident=step["source"],
                        date=step.get("timestamp"),
                        text=printable(text[:TRANSCRIPT_TEXT]),
                        body=printable("\n".join(body)[:TRANSCRIPT_TEXT])))
    return rows


@contextlib.contextmanager
def opened(store: ArchiveStore,
           where: str | os.PathLike[str] | None = None) -> Iterator[SearchIndex]:
    """The index of ``store``'s repository; sqlite3.Error or OSError when it cannot be
    used. A damaged file is deleted (the next query builds it again)."""
    with sqlite.opened(index_path(store), SCHEMA) as db:
        yield SearchIndex(db, store, where)


def index_path(store: ArchiveStore) -> Path:
    """Where the index of ``store``'s repository lives."""
    return cache_dir(store.repo.commondir) / DB_NAME


def problem(store: ArchiveStore) -> str | None:
    """What is wrong with the index file, or None when it reads (or is not there yet)."""
    return sqlite.problem(index_path(store), SCHEMA,
                          "SELECT count(*) FROM docs JOIN fts ON fts.rowid = docs.rowid")


def rebuild(store: ArchiveStore, where: str | os.PathLike[str] | None) -> int:
    """Delete the index and build it again from every ledger and saved transcript (``doctor
    --fix``); how many rows it holds."""
    remove(store)
    with opened(store, where) as index:
        index.sync(searchable_refs(store),
                   transcripts=store.refs_under(TRANSCRIPTS_PREFIX, chained=False))
        return index.count()


def remove(store: ArchiveStore) -> bool:
    """Delete the index (``doctor --fix``); whether there was one."""
    return sqlite.remove(index_path(store))


def _rebuild_for_doctor(top: Path) -> str:
    rows = rebuild(ArchiveStore(Repo(top)), top)
    return f"rebuilt the search index ({rows} rows)"


registry.on_rebuild("search-index", _rebuild_for_doctor)
