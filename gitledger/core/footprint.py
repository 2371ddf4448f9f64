"""A decision's code footprint: the files and lines it governs, as plain values.

Hand-written ``paths`` globs, and a ``footprint`` derived from implementing commits, stored
as ``<commit> <lines> <path>`` spans (docs/format.md, "Footprints").  This only parses,
formats and matches; deriving spans is storage's, choosing entries the ledger's.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from gitledger.core.model import ACTIVE_STATUSES, Entry, git_evidence

#: A span as stored: ``<40 or fewer hex digits> <lines or *> <path>``.
_SPAN = re.compile(r"(?P<commit>[0-9a-f]{4,40}) (?P<lines>\*|\d+-\d+(?:,\d+-\d+)*) (?P<path>.+)")
#: Characters a shell prefilter token may hold: what a path in a JSON payload shows as is.
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9._/@+-]+")
#: Glob characters: a glob's literal parts are the runs between them.
_GLOB_CHARS = re.compile(r"[*?\[\]]")
#: A character class, ``[abc]``: one character of a path, never its letters in a row.
_CLASS = re.compile(r"\[[^\]]*\]")
#: Spans one decision keeps at most (a commit that touches a thousand files governs them all
#: no better than its top-level directories would).
MAX_SPANS = 500

Lines = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Span:
    """Lines of one file a commit changed, as a footprint keeps them."""

    commit: str
    path: str
    #: Inclusive 1-based ranges, merged and sorted; empty means the whole file.
    lines: Lines = ()

    def covers(self, path: str, lines: Lines = ()) -> bool:
        """Whether this span is about ``path`` and, when both sides name lines, shares one."""
        return self.path == path and overlaps(self.lines, lines)

    def __str__(self) -> str:
        return f"{self.commit} {format_lines(self.lines)} {self.path}"


def parse_span(text: str) -> Span | None:
    """The span a stored string spells, or None for one that does not parse."""
    match = _SPAN.fullmatch(text)
    if match is None:
        return None
    lines = parse_lines(match["lines"])
    return None if lines is None else Span(match["commit"], match["path"], lines)


def spans(footprint: Iterable[str]) -> list[Span]:
    """The spans of a stored footprint, skipping any that do not parse."""
    return [span for text in footprint if (span := parse_span(text)) is not None]


def parse_lines(text: str) -> Lines | None:
    """``12-40,51-51`` as ranges, ``*`` as the whole file (empty), None when malformed."""
    if text == "*":
        return ()
    ranges = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        if not (first.isdigit() and last.isdigit()):
            return None
        start, end = int(first), int(last)
        if start < 1 or end < start:
            return None
        ranges.append((start, end))
    return merge_lines(ranges)


def format_lines(lines: Lines) -> str:
    return ",".join(f"{a}-{b}" for a, b in lines) if lines else "*"


def merge_lines(ranges: Iterable[tuple[int, int]]) -> Lines:
    """Ranges sorted, with touching or overlapping ones joined."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)


def overlaps(ours: Lines, theirs: Lines) -> bool:
    """Whether two sets of ranges share a line; an empty side (the whole file) shares all."""
    if not ours or not theirs:
        return True
    return any(a <= d and c <= b for a, b in ours for c, d in theirs)


def glob_matches(glob: str, path: str) -> bool:
    """Whether ``path`` (relative, ``/``-separated) matches ``glob`` as gitignore-style
    patterns do: ``*`` and ``?`` within one directory, ``**`` across any, ``[…]`` a class; a
    glob without ``/`` matches the file name at any depth, and a glob naming a directory
    (``src/db`` or ``src/db/``) matches everything under it."""
    # The literal run first: most globs of a big ledger do not match, and compiling each
    # (the cache holds 1,024) cost 4 s a pre-tool-use call at 5,000 decisions.
    token = prefilter_token(glob)
    if token and token not in path:
        return False
    return _glob_fullmatch(_steps(glob), path)


#: A glob's steps (``_steps``): a literal character, ``?``, a ``[…]`` class, ``*``, ``**``,
#: ``**/`` and the optional ``/…`` tail by which a directory governs what is under it.
_Step = tuple[str, object]


@lru_cache(maxsize=1024)
def _steps(glob: str) -> tuple[_Step, ...]:
    pattern = glob.strip().lstrip("/")
    directory = pattern.endswith("/")
    pattern = pattern.rstrip("/")
    anywhere = "/" not in pattern
    out: list[_Step] = [("dirs", None)] if anywhere else []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append(("dirs", None))
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(("any", None))
            i += 2
            continue
        if char == "*":
            out.append(("star", None))
        elif char == "?":
            out.append(("one", None))
        elif char == "[" and (found := _class(pattern, i)) is not None:
            out.append(("class", found[0]))
            i = found[1]
        else:
            out.append(("char", char))
        i += 1
    # A directory (or a path that names one) governs what is under it.
    if directory or not _GLOB_CHARS.search(pattern) or anywhere:
        out.append(("tail", None))
    return tuple(out)


def _class(pattern: str, at: int) -> tuple[re.Pattern[str], int] | None:
    """The ``[…]`` class opening at ``at`` and the index of its ``]``; None when there is
    none, or it is no class a regular expression takes (``[]``, ``[z-a]``): then the ``[``
    is a literal character, as it is with no ``]`` after it."""
    close = pattern.find("]", at + 1)
    if close == -1:
        return None
    body = pattern[at + 1:close].replace("\\", "\\\\")
    if body.startswith("!"):
        body = "^" + body[1:]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)  # "[[]": a nested set, one day
            return re.compile(f"[{body}]", re.DOTALL), close
    except re.error:
        return None


def _glob_fullmatch(steps: tuple[_Step, ...], path: str) -> bool:
    """Whether ``path`` matches ``steps`` whole, by following every position of the glob at
    once (a Thompson simulation): time linear in the path for a glob of a given length,
    where a backtracking regular expression of ``*a*a*a…b`` takes exponential time on a
    name of ``a``s, and a teammate can write any glob into a decision's ``paths``.

    A state is (step, inside): ``inside`` is true within the ``.*/`` of a ``dirs`` step or
    the ``/.*`` of a ``tail`` step, once it has consumed a character."""
    end = len(steps)

    def close(states: set[tuple[int, bool]]) -> set[tuple[int, bool]]:
        todo, seen = list(states), set(states)
        while todo:
            at, inside = todo.pop()
            if at == end:
                continue
            kind = steps[at][0]
            skips = kind == "tail" or (not inside and kind in ("star", "any", "dirs"))
            if skips and (at + 1, False) not in seen:
                seen.add((at + 1, False))
                todo.append((at + 1, False))
        return seen

    states = close({(0, False)})
    for char in path:
        after: set[tuple[int, bool]] = set()
        for at, inside in states:
            if at == end:
                continue
            kind, arg = steps[at]
            if kind == "char":
                if char == arg:
                    after.add((at + 1, False))
            elif kind == "one":
                if char != "/":
                    after.add((at + 1, False))
            elif kind == "class":
                if arg.fullmatch(char) is not None:  # type: ignore[attr-defined]
                    after.add((at + 1, False))
            elif kind == "star":
                if char != "/":
                    after.add((at, False))
            elif kind == "any":
                after.add((at, False))
            elif kind == "dirs":  # (?:.*/)?: anything, ended by a slash
                after.add((at, True))
                if char == "/":
                    after.add((at + 1, False))
            elif kind == "tail" and (inside or char == "/"):  # (?:/.*)?
                after.add((at, True))
        if not after:
            return False
        states = close(after)
    return (end, False) in states


@lru_cache(maxsize=8192)
def prefilter_token(glob_or_path: str) -> str:
    """The longest literal run of a glob or path that a payload naming a matching file must
    contain, for the shell fast path's ``grep -F``; "" when there is none to rely on (``*``),
    which sends every payload to the full check."""
    text = _CLASS.sub("*", glob_or_path.strip().lstrip("/"))  # ``[abc]`` is no literal
    literal = max(_GLOB_CHARS.split(text), key=len, default="")
    runs = _TOKEN_CHARS.findall(literal)
    token = max(runs, key=len, default="")
    # Too short a token matches nearly every payload; it still has to be checked in full.
    return token.strip("/") if len(token.strip("/")) >= 3 else ""


#: How an entry governs code, as the pre-tool-use hook tells an agent about it.
IN_FORCE = "in force"
REJECTED = "rejected"
DROPPED = "dropped"


def role(entry: Entry) -> str | None:
    """How ``entry`` governs the code its paths and footprint name, or None when it does
    not: a decision in force (by its footprint or its paths), a rejected decision or a
    dropped approach (by their paths alone: what was rejected has no code to point at)."""
    if entry.kind == "decided":
        if entry.status in ACTIVE_STATUSES and (entry.paths or entry.footprint):
            return IN_FORCE
        if entry.status == "rejected" and entry.paths:
            return REJECTED
    elif entry.kind == "dropped" and entry.paths:
        return DROPPED
    return None


def drifts(entry: Entry) -> bool:
    """Whether ``entry`` is a decision in force whose lines can drift: it has a footprint,
    or cites a commit one derives from.  The stored footprint alone cannot say: someone
    else's is derived again from the evidence, and a blob that stores none (forged, or
    written before its commit arrived) still governs what its commits changed."""
    return (entry.kind == "decided" and entry.status in ACTIVE_STATUSES
            and bool(entry.footprint or git_evidence(entry)))


def governed(entry: Entry) -> tuple[tuple[str, ...], list[Span]]:
    """The globs and the footprint spans through which ``entry`` governs code (both empty
    for an entry whose ``role`` is None)."""
    kind = role(entry)
    if kind is None:
        return (), []
    return entry.paths, spans(entry.footprint) if kind == IN_FORCE else []


def governs(entry: Entry, path: str, lines: Lines = ()) -> bool:
    """Whether ``entry`` governs ``path`` (and, where both name lines, those ``lines``)."""
    kind = role(entry)
    if kind is None:
        return False
    if any(glob_matches(glob, path) for glob in entry.paths):
        return True
    # Only the spans that end in the path are parsed: a pre-tool-use call asks this of
    # every entry of the project ledger, and parsing every span was most of its cost.
    return kind == IN_FORCE and any(
        span.covers(path, lines) for text in entry.footprint
        if text.endswith(f" {path}") and (span := parse_span(text)) is not None)


__all__ = [
    "DROPPED",
    "IN_FORCE",
    "MAX_SPANS",
    "REJECTED",
    "Lines",
    "Span",
    "drifts",
    "format_lines",
    "glob_matches",
    "governed",
    "governs",
    "merge_lines",
    "overlaps",
    "parse_lines",
    "parse_span",
    "prefilter_token",
    "role",
    "spans",
]
