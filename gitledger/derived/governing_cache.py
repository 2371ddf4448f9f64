"""The entries that govern code, kept in the worktree's git dir for the pre-tool-use hook.

The hook runs before every edit and must answer fast, so the governing entries are saved
under a key checked with the git CLI, without libgit2.  Session and project parts are keyed
apart, so a session write never re-reads the project ledger; and a part saved at an earlier
tip of its ledger is handed back (``earlier``) to be brought up to date, not read whole.
The file is JSON lines: a header (each part's key, its ids and an index of the files its
entries' footprints name and of their globs' literal tokens) and an entry a line, so that
a question about one file decodes the entries that may govern it, not a year's 20,000
(docs/format.md).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple, TypeGuard

from gitledger.core.footprint import parse_span, prefilter_token
from gitledger.derived.files import write_atomic
from gitledger.derived.snapshot import Snapshot
from gitledger.storage.layout import GOVERNING_FILE, POINTER_FILE, PROJECT_REF, SESSIONS_PREFIX

VERSION = 4
#: The saved parts, one per ledger, the session's first (its entries win an id both hold).
PARTS = ("session", "project")
#: The one JSON document an earlier gitledger saved them in (layout 2).
FORMER_FILE = "ledger-governing.json"
#: Entries larger than this in all are not saved (they are read from the ledgers each time).
CACHE_LIMIT = 32 << 20
#: Nor a header (the keys, ids and index) larger than this.
HEADER_LIMIT = 16 << 20


class Key(NamedTuple):
    """What the saved entries were read from."""

    gitdir: str
    top: str
    session_ref: str | None
    session_tip: str | None
    project_tip: str | None
    me: str | None

    def document(self, part: str) -> dict[str, Any]:
        """What part ``part`` of the saved copy was read from."""
        if part == "session":
            return {"ref": self.session_ref, "tip": self.session_tip, "me": self.me}
        return {"tip": self.project_tip, "me": self.me}


def current_key(where: str) -> Key | None:
    """The key as the repository is now, read with the git CLI; None when it cannot be
    read that way (not a repository, a bare one, no git, a pointer we do not trust)."""
    now = Snapshot.read(where, top=True)
    if now is None or now.top is None:
        return None
    gitdir, top = now.gitdir, now.top
    session_ref = _pointer(Path(gitdir))
    tips = now.tips(PROJECT_REF, *([session_ref] if session_ref else []))
    if tips is None:
        return None
    me = now.me()
    return Key(gitdir, top, session_ref, tips.get(session_ref or ""), tips.get(PROJECT_REF),
               me or None)


def _pointer(gitdir: Path) -> str | None:
    try:
        text = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith(SESSIONS_PREFIX) or any(c in text for c in " \t\n\\:?*[~^"):
        return None
    return text


#: A part saved at an earlier tip of the same ledger, for the same reader: (that tip, its
#: triples), which ``read_governing`` brings up to date from the entries changed since.
Earlier = dict[str, tuple[str, list[list[Any]]]]


def load(key: Key, earlier: Earlier | None = None,
         paths: Sequence[str] | None = None) -> dict[str, list[list[Any]]]:
    """The saved ``[ledger, label, entry JSON]`` triples of each part still saved under
    ``key``'s value for it; a part that is stale, absent or malformed is left out.  A part
    saved at another tip of the ledger ``key`` names, for the same reader, goes into
    ``earlier`` (when given).

    ``paths``: when every part holds, only the entries that may govern one of them (a
    footprint span on it, or a glob): the file's index finds them without decoding the
    others, a year's 20,000.  When a part must be read again, the others come whole (the
    caller saves them with it)."""
    saved = _Saved.open(Path(key.gitdir) / GOVERNING_FILE)
    if saved is None:
        return {}
    with saved:
        fresh = [part for part in PARTS if saved.key(part) == key.document(part)]
        if paths is not None and len(fresh) == len(PARTS):
            session, project = (saved.candidates(part, paths) for part in PARTS)
            if session is not None and project is not None:
                # What the session ledger holds wins (``combined``), candidate or not.
                mine = saved.ids("session") or set()
                return {"session": session,
                        "project": [item for item in project if item[2].get("id") not in mine]}
            # A part that cannot be read narrowly is read again, and saved with the
            # others: they come whole, never narrowed.
        found: dict[str, list[list[Any]]] = {}
        for part in PARTS:
            if part in fresh:
                items = saved.whole(part)
                if items is not None:
                    found[part] = items
            elif earlier is not None and (tip := _earlier_tip(saved.key(part), key, part)):
                items = saved.whole(part)
                if items is not None:
                    earlier[part] = (tip, items)
        return found


def _earlier_tip(saved: object, key: Key, part: str) -> str | None:
    """The tip a part was saved at, when all else it was read from is what ``key`` says
    (the ledger, the reader) and the ledger has another tip now."""
    if not isinstance(saved, dict):
        return None
    was, now = dict(saved), key.document(part)
    tip = was.pop("tip", None)
    return tip if isinstance(tip, str) and tip != now.pop("tip") and was == now else None


def combined(parts: dict[str, list[list[Any]]]) -> list[list[Any]]:
    """The parts' entries in one list, the session's first; an id the session ledger
    holds is not repeated from the project ledger."""
    seen: set[Any] = set()
    out: list[list[Any]] = []
    for part in PARTS:
        for item in parts.get(part, ()):
            if item[2].get("id") not in seen:
                seen.add(item[2].get("id"))
                out.append(item)
    return out


def advance(gitdir: Path, part: str, base: str | None, tip: str,
            written: Iterable[str]) -> None:
    """Carry the saved ``part`` over a write that moved its ledger from ``base`` to ``tip``
    and changed none of the entries it holds (``written``: the ids the write touched, none
    of which governs code now): what it saved is still what that ledger says, so the next
    governed edit need not read the ledger, and load libgit2, again.  Only the header is
    read and written again; the entries are copied as they are."""
    path = gitdir / GOVERNING_FILE
    saved = _Saved.open(path) if base is not None else None
    if saved is None:
        return
    with saved:
        key, ids = saved.key(part), saved.ids(part)
        if not isinstance(key, dict) or key.get("tip") != base or ids is None or \
                ids.intersection(written):
            return
        key["tip"] = tip
        content = saved.header_line() + saved.body()
    with contextlib.suppress(OSError):
        write_atomic(path, content)


def save(key: Key, parts: dict[str, list[list[Any]]]) -> None:
    """Save ``parts`` under ``key``; a git dir that refuses the file keeps the old one
    (the next call reads the ledgers again)."""
    write_parts(Path(key.gitdir) / GOVERNING_FILE,
                {part: (key.document(part), parts[part]) for part in PARTS if part in parts})
    with contextlib.suppress(OSError):  # an earlier gitledger's copy: nothing reads it
        (Path(key.gitdir) / FORMER_FILE).unlink(missing_ok=True)


def write_parts(path: Path, parts: dict[str, tuple[dict[str, Any], list[list[Any]]]]) -> None:
    """Write each part's key and triples to ``path``, indexed (nothing when too large or
    when the file cannot be written)."""
    body = bytearray()
    document: dict[str, Any] = {}
    for part in PARTS:
        if part not in parts:
            continue
        key, items = parts[part]
        start = len(body)
        files: dict[str, list[int]] = {}
        tokens: dict[str, list[int]] = {}
        always: list[int] = []
        for item in items:
            at = len(body)
            body += _dumps(item).encode("utf-8") + b"\n"
            named, literal, every = _index_terms(item[2])
            if every:
                always.append(at)
            for name in named:
                files.setdefault(name, []).append(at)
            for token in literal:
                tokens.setdefault(token, []).append(at)
        document[part] = {"key": key, "ids": [item[2].get("id") for item in items],
                          "start": start, "end": len(body), "files": files,
                          "tokens": tokens, "always": always}
    header = _dumps({"version": VERSION, "parts": document}).encode("utf-8") + b"\n"
    if len(header) > HEADER_LIMIT or len(body) > CACHE_LIMIT:
        return
    with contextlib.suppress(OSError):
        write_atomic(path, header + bytes(body))


def read_parts(path: Path) -> dict[str, tuple[object, list[list[Any]]]]:
    """Each readable part of the saved file at ``path``: its key and all its triples."""
    saved = _Saved.open(path)
    if saved is None:
        return {}
    with saved:
        return {part: (saved.key(part), items) for part in PARTS
                if (items := saved.whole(part)) is not None}


def _index_terms(entry: dict[str, Any]) -> tuple[set[str], set[str], bool]:
    """Under what ``entry`` is found: the files its footprint spans name, the literal
    tokens of its globs (``prefilter_token``: a path a glob matches contains its token),
    and whether it must be read for every path (a glob with no token to rely on, or
    ``paths`` that are not a list of strings)."""
    footprint = entry.get("footprint")
    named = {span.path for text in (footprint if isinstance(footprint, list) else ())
             if isinstance(text, str) and (span := parse_span(text)) is not None}
    globs = entry.get("paths") or []
    if not isinstance(globs, list) or not all(isinstance(glob, str) for glob in globs):
        return named, set(), True
    literal = {prefilter_token(glob) for glob in globs}
    return named, literal - {""}, "" in literal


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _Saved:
    """The saved file open for reading: its header (one JSON line: each part's key, ids,
    byte range and index) and the entries after it, one JSON line each."""

    def __init__(self, handle: BinaryIO, header: dict[str, Any], body_at: int) -> None:
        self._handle = handle
        self._header = header
        self._body_at = body_at

    @classmethod
    def open(cls, path: Path) -> _Saved | None:
        """None when the file is absent, unreadable, too large, or not of this layout."""
        try:
            handle = path.open("rb")
        except OSError:
            return None
        try:
            if os.fstat(handle.fileno()).st_size > CACHE_LIMIT + HEADER_LIMIT:
                raise ValueError("too large")
            line = handle.readline(HEADER_LIMIT + 1)
            header = json.loads(line) if line.endswith(b"\n") else None
            if not isinstance(header, dict) or header.get("version") != VERSION or \
                    not isinstance(header.get("parts"), dict):
                raise ValueError("not this layout")
            return cls(handle, header, len(line))
        except (OSError, ValueError, RecursionError):
            handle.close()
            return None

    def __enter__(self) -> _Saved:
        return self

    def __exit__(self, *_: object) -> None:
        self._handle.close()

    def _part(self, part: str) -> dict[str, Any]:
        found = self._header["parts"].get(part)
        return found if isinstance(found, dict) else {}

    def key(self, part: str) -> object:
        return self._part(part).get("key")

    def ids(self, part: str) -> set[str] | None:
        """The ids ``part`` holds; None when the header does not list them."""
        ids = self._part(part).get("ids")
        if not isinstance(ids, list):
            return None
        return {i for i in ids if isinstance(i, str)}

    def _range(self, part: str) -> tuple[int, int] | None:
        """The byte range of ``part``'s lines after the header; None when malformed."""
        start, end = self._part(part).get("start"), self._part(part).get("end")
        if _offset(start) and _offset(end) and start <= end:
            return start, end
        return None

    def whole(self, part: str) -> list[list[Any]] | None:
        """Every triple of ``part``; None when its range or a line is malformed."""
        span = self._range(part)
        if span is None:
            return None
        start, end = span
        try:
            self._handle.seek(self._body_at + start)
            data = self._handle.read(end - start)
        except OSError:
            return None
        if len(data) != end - start:
            return None
        return _triples(data.splitlines())

    def candidates(self, part: str, paths: Sequence[str]) -> list[list[Any]] | None:
        """The triples of ``part`` its index names for ``paths`` (a footprint span on one,
        a glob whose token one contains, a glob with none), in the order saved; None when
        the index or a line is malformed."""
        found, span = self._part(part), self._range(part)
        files, tokens, always = found.get("files"), found.get("tokens"), found.get("always")
        if not (span is not None and isinstance(files, dict) and isinstance(tokens, dict)
                and isinstance(always, list)):
            return None
        held = [always, *(files.get(path) for path in paths),
                *(at for token, at in tokens.items() if any(token in p for p in paths))]
        if not all(isinstance(group, list | None) for group in held):
            return None
        listed = [at for group in held for at in group or ()]
        if not all(_offset(at) and span[0] <= at < span[1] for at in listed):
            return None
        lines = []
        for at in sorted(set(listed)):
            try:
                self._handle.seek(self._body_at + at)
                lines.append(self._handle.readline(CACHE_LIMIT))
            except OSError:
                return None
        return _triples(lines)

    def header_line(self) -> bytes:
        return _dumps(self._header).encode("utf-8") + b"\n"

    def body(self) -> bytes:
        self._handle.seek(self._body_at)
        return self._handle.read()


def _offset(value: object) -> TypeGuard[int]:
    """A byte offset as the header may hold one (bool is an int to Python, not here)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= CACHE_LIMIT


def _triples(lines: Iterable[bytes]) -> list[list[Any]] | None:
    """``[ledger, label, entry JSON]`` of each line; None when one is not that."""
    out: list[list[Any]] = []
    for line in lines:
        try:
            item = json.loads(line)
        except (ValueError, RecursionError):
            return None
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)
                and isinstance(item[1], str) and isinstance(item[2], dict)):
            return None
        out.append(item)
    return out


__all__ = ["CACHE_LIMIT", "PARTS", "VERSION", "Earlier", "Key", "advance", "combined",
           "current_key", "load", "read_parts", "save", "write_parts"]
