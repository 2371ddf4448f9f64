"""Oh My Pi's hashline patches (its ``edit`` tool's default mode): the files a patch names
and the lines of each that it touches, as the file is before the edit.

A section opens with ``[PATH#TAG]`` (the tag is the snapshot the model read the file at, so
the line numbers are the file's own as it is now); its ops name lines (``PUT 3.=5:``,
``CUT 7.=7``), gaps between lines (``PUT <N:``, ``PUT >N:``, ``PUT >$:``), a block the
client resolves from the syntax tree (``PUT N*:``: its end is unknown here, so the whole
file), or the file itself (``REM``, ``MV DEST``).  Body rows start with ``+``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gitledger.core.footprint import Lines, merge_lines

#: ``[PATH#TAG]``: a section's header, the tag four hex digits.
_HEADER = re.compile(r"^\[(?P<path>.+)#[0-9A-Fa-f]{4}\]$")
#: ``PUT N.=M`` / ``CUT N.=M`` (lines N to M), with or without a body or a register.
_RANGE = re.compile(r"^(?:PUT|CUT)\s+(?P<first>\d+)\.=(?P<last>\d+)\b")
#: ``PUT <N`` / ``PUT >N`` (the gap before or after line N), ``PUT >$`` (the file's end).
_GAP = re.compile(r"^PUT\s+(?P<side>[<>])(?P<line>\d+|\$)(?P<block>\*)?")
_MOVE = re.compile(r"^MV\s+(?P<dest>.+)$")
#: A patch's frame, which the client takes or leaves.
_FRAME = ("*** Begin Patch", "*** End Patch")


@dataclass(frozen=True)
class HashlineFile:
    """One file a patch edits: the lines it touches (empty with ``whole``: all of it),
    whether it appends at the end (``PUT >$``: the caller knows the last line), and where
    ``MV`` moves it."""

    path: str
    lines: Lines = ()
    whole: bool = False
    appends: bool = False
    moved_to: str | None = None


def is_hashline(body: str) -> bool:
    """Whether ``body`` is a hashline patch: some line of it is a section header."""
    return any(_HEADER.match(line.strip()) for line in body.splitlines())


@dataclass
class _Section:
    """What the ops of one file's sections name, as they are read."""

    ranges: list[tuple[int, int]] = field(default_factory=list)
    whole: bool = False
    appends: bool = False
    moved_to: str | None = None

    def take(self, line: str) -> None:
        if (span := _RANGE.match(line)) is not None:
            first, last = int(span.group("first")), int(span.group("last"))
            self.ranges.append((max(min(first, last), 1), max(first, last, 1)))
        elif (gap := _GAP.match(line)) is not None:
            at = gap.group("line")
            if gap.group("block"):
                self.whole = True
            elif at == "$":
                self.appends = True
            else:
                # The lines either side of the gap: an insertion changes neither, but it
                # is where they are.
                number = max(int(at), 1)
                self.ranges.append((max(number - 1, 1), number) if gap.group("side") == "<"
                                   else (number, number + 1))
        elif (moved := _MOVE.match(line)) is not None:
            self.moved_to = _unquoted(moved.group("dest").strip())
            self.whole = True
        else:  # a block (``N*``), ``REM``, or an op this does not know
            self.whole = True


def parse_hashline(body: str) -> list[HashlineFile]:
    """The files of hashline patch ``body``, in order, each once; an op this does not know
    names its whole file (the client refuses it, or reads more than we do)."""
    found: dict[str, _Section] = {}
    current: _Section | None = None
    for raw in body.splitlines():
        line = raw.strip()
        if not line or raw.startswith("+") or line in _FRAME:
            continue
        header = _HEADER.match(line)
        if header:
            current = found.setdefault(_unquoted(header.group("path")), _Section())
        elif current is not None:
            current.take(line)
    return [HashlineFile(path, () if part.whole else merge_lines(part.ranges), part.whole,
                         part.appends, part.moved_to)
            for path, part in found.items()]


def _unquoted(path: str) -> str:
    """A path as the header or ``MV`` gives it, without the quotes a space asks for."""
    if len(path) >= 2 and path[0] == path[-1] and path[0] in "\"'":
        return path[1:-1]
    return path


__all__ = ["HashlineFile", "is_hashline", "parse_hashline"]
