"""``git ledger search``: ranked full-text search over every local ledger ("have we decided
this before?"), and with ``transcripts`` the saved transcripts too.

A query is searched literally, FTS5's own syntax meaning nothing in it, and ranked by BM25.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass

from gitledger.core.display import one_line, printable
from gitledger.derived.files import CACHE_DIR
from gitledger.errors import BadQuery, InvalidInput, LedgerError
from gitledger.ledger.authorship import current_identity, label_name
from gitledger.search.index import DB_NAME, opened, searchable_refs, spaced, unspaced
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.layout import TRANSCRIPTS_PREFIX
from gitledger.storage.repo import Repo

#: The longest query searched.
MAX_QUERY = 500
#: The most words a query may hold.
MAX_WORDS = 32
DEFAULT_LIMIT = 20
MAX_LIMIT = 1000
#: A word: what FTS5's unicode61 tokenizer keeps (letters and digits, any script).
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_MARK_START, _MARK_END = "\x02", "\x03"


@dataclass(frozen=True)
class Hit:
    """One entry (or transcript message) a query found."""

    ledger: str
    ref: str
    id: str
    kind: str
    status: str | None
    scope: str | None
    #: Who brought it in, from the ledger's history (a transcript message: its source).
    author: str
    date: str | None
    text: str
    #: The best passage, with the matched words at ``highlights`` (offsets into it).
    snippet: str
    highlights: tuple[tuple[int, int], ...]
    score: float
    source: str
    superseded_by: str | None = None


@dataclass(frozen=True)
class SearchResult:
    query: str
    #: How many entries match, before ``limit``.
    total: int
    hits: tuple[Hit, ...]
    #: How many entries (and transcript messages) the index holds.
    indexed: int


def search(where: str | os.PathLike[str] | None, query: str, *,
           kinds: Collection[str] = (), scopes: Collection[str] = (),
           statuses: Collection[str] = (), authors: Collection[str] = (),
           transcripts: bool = False, limit: int = DEFAULT_LIMIT) -> SearchResult:
    """The entries of every local ledger that hold every word of ``query``, best first."""
    match = fts_query(query)
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"--limit takes a number from 1 to {MAX_LIMIT}")
    store = ArchiveStore(Repo(where))
    clauses: list[str] = []
    params: list[object] = []
    if not transcripts:
        clauses.append("docs.source = 'ledger'")
    for column, values in (("kind", kinds), ("status", statuses)):
        if values:
            clauses.append(f"docs.{column} IN ({', '.join('?' * len(values))})")
            params += list(values)
    if scopes:
        clauses.append("(" + " OR ".join("docs.scope = ? OR docs.scope LIKE ? ESCAPE '\\'"
                                        for _ in scopes) + ")")
        for scope in scopes:
            params += [scope, _like_prefix(scope) + "/%"]
    if authors:
        clauses.append("(" + " OR ".join("lower(docs.ident) LIKE ? ESCAPE '\\'"
                                        for _ in authors) + ")")
        params += [f"%{_like_prefix(a.lower())}%" for a in authors]
    where_sql = "".join(f" AND {clause}" for clause in clauses)
    for attempt in range(2):
        try:
            with opened(store, where) as index:
                index.sync(searchable_refs(store),
                           transcripts=store.refs_under(TRANSCRIPTS_PREFIX, chained=False)
                           if transcripts else None)
                total, rows = index.query(
                    match, where_sql, params, limit, transcripts=transcripts,
                    filtered=bool(kinds or statuses or scopes or authors))
                indexed = index.count()
            break
        except sqlite3.DatabaseError as exc:
            # opened() deleted a damaged file: the second attempt builds it again.
            busy = isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)
            if busy or attempt:
                raise LedgerError(
                    f"the search index ({CACHE_DIR}/{DB_NAME}) "
                    + ("is busy: another search is updating it; try again" if busy
                       else f"cannot be used: {one_line(str(exc), 100)}")) from None
        except OSError as exc:
            raise LedgerError(f"the search index ({CACHE_DIR}/{DB_NAME}) cannot be written: "
                              f"{one_line(str(exc), 100)}") from None
    me = current_identity(store.repo)
    return SearchResult(query, total, tuple(_hit(row, me) for row in rows), indexed)


def fts_query(query: str) -> str:
    """``query`` as an FTS5 query that means its words, literally; InvalidInput (one line)
    for an empty query, one with no word, or one too long."""
    if len(query) > MAX_QUERY:
        raise BadQuery(f"the query is {len(query):,} characters long; search takes at "
                           f"most {MAX_QUERY}")
    words = _WORD.findall(query)
    if not query.strip():
        raise BadQuery("the query is empty: give the words to search for")
    if not words:
        raise BadQuery(f"the query '{one_line(query, 60)}' has no word to search for "
                           "(punctuation alone matches nothing)")
    if len(words) > MAX_WORDS:
        raise BadQuery(f"the query has {len(words)} words; search takes at most "
                           f"{MAX_WORDS}")
    # Each word as a quoted string (FTS5 then reads it as text, never as an operator) that
    # matches as a prefix, so "ValueErr" finds ValueError; a word of an unspaced script is
    # a phrase of its characters, found inside a longer run.
    return " ".join('"' + spaced(word).strip().replace('"', '""') + '"*' for word in words)


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _hit(row: tuple[object, ...], me: str | None = None) -> Hit:
    (ledger, ref, entry_id, kind, status, scope, author, date, text, source, replaced,
     ident, score, marked) = row
    if source == "ledger":  # a teammate under your name is shown with their email
        author = printable(label_name(str(ident), me))
    snippet, highlights = _highlights(unspaced(str(marked)))
    return Hit(ledger=str(ledger), ref=str(ref), id=str(entry_id), kind=str(kind),
               status=None if status is None else str(status),
               scope=None if scope is None else str(scope), author=str(author),
               date=None if date is None else str(date), text=str(text), snippet=snippet,
               highlights=highlights, score=-float(str(score)), source=str(source),
               superseded_by=None if replaced is None else str(replaced))


def _highlights(marked: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """The snippet without its marks, and where the marks were."""
    plain: list[str] = []
    spans: list[tuple[int, int]] = []
    start = None
    length = 0
    for char in marked:
        if char == _MARK_START:
            start = length
        elif char == _MARK_END and start is not None:
            spans.append((start, length))
            start = None
        else:
            plain.append(char)
            length += 1
    return "".join(plain), tuple(spans)


# -- rendering -------------------------------------------------------------------------------


def search_json(result: SearchResult) -> dict[str, object]:
    return {"query": result.query, "total": result.total, "shown": len(result.hits),
            "indexed": result.indexed,
            "hits": [{"ledger": h.ledger, "ref": h.ref, "id": h.id, "kind": h.kind,
                      "status": h.status, "scope": h.scope, "author": h.author,
                      "date": h.date, "text": h.text, "snippet": h.snippet,
                      "highlights": [list(span) for span in h.highlights],
                      "score": h.score, "source": h.source,
                      "superseded_by": h.superseded_by} for h in result.hits]}


def search_text(result: SearchResult) -> str:
    if not result.hits:
        return f"no entry matches '{one_line(result.query, 60)}' ({result.indexed:,} searched)"
    lines: list[str] = []
    for hit in result.hits:
        state = hit.status or ""
        if hit.status == "superseded":
            state = f"superseded by {hit.superseded_by}" if hit.superseded_by else state
        head = " · ".join(part for part in (hit.id, hit.kind, state, hit.ledger, hit.author,
                                           (hit.date or "")[:10]) if part)
        lines += [one_line(head), f"  {one_line(hit.text, 100)}"]
        if hit.snippet and one_line(hit.snippet) != one_line(hit.text):
            lines.append(f"  … {one_line(_bracketed(hit), 100)}")
    more = result.total - len(result.hits)
    lines.append(f"{result.total:,} match{'es' if result.total != 1 else ''}"
                 + (f", {len(result.hits)} shown (--limit)" if more > 0 else ""))
    return "\n".join(lines)


def _bracketed(hit: Hit) -> str:
    """The snippet with each matched word in [brackets], for a terminal."""
    text, shown, at = hit.snippet, [], 0
    for start, end in hit.highlights:
        shown += [text[at:start], "[", text[start:end], "]"]
        at = end
    shown.append(text[at:])
    return "".join(shown)
