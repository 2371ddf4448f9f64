"""Codex's ``apply_patch`` body read for the files it names and the lines it changes.

A body that does not follow the format parses as nothing, as Codex would refuse it.
``locate`` finds a hunk's lines in the current file the way Codex does.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitledger.core.footprint import Lines, merge_lines

BEGIN = "*** Begin Patch"
END = "*** End Patch"
_ADD = "*** Add File: "
_DELETE = "*** Delete File: "
_UPDATE = "*** Update File: "
_MOVE = "*** Move to: "
_EOF = "*** End of File"


@dataclass(frozen=True)
class Hunk:
    #: The ``@@ CONTEXT`` line, if the hunk names one ("" otherwise).
    context: str
    #: The hunk's lines with their marks: ``(" ", text)``, ``("-", text)``, ``("+", text)``.
    lines: tuple[tuple[str, str], ...]
    at_end: bool = False


@dataclass(frozen=True)
class FilePatch:
    #: ``add``, ``delete`` or ``update``.
    action: str
    path: str
    move_to: str | None = None
    hunks: tuple[Hunk, ...] = ()


def parse_patch(body: str) -> list[FilePatch] | None:
    """The files of an apply_patch body, or None when it is not one."""
    lines = body.strip().splitlines()
    # Codex accepts the patch wrapped in a heredoc (``apply_patch <<'EOF' … EOF``).
    if lines and lines[0].strip() != BEGIN:
        start = next((i for i, line in enumerate(lines) if line.strip() == BEGIN), None)
        if start is None:
            return None
        lines = lines[start:]
    end = next((i for i, line in enumerate(lines) if line.strip() == END), None)
    if not lines or end is None:
        return None
    lines = lines[1:end]
    files: list[FilePatch] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(_ADD):
            i += 1
            while i < len(lines) and lines[i].startswith("+"):
                i += 1
            files.append(FilePatch("add", _path(line, _ADD)))
        elif line.startswith(_DELETE):
            files.append(FilePatch("delete", _path(line, _DELETE)))
            i += 1
        elif line.startswith(_UPDATE):
            path = _path(line, _UPDATE)
            i += 1
            move_to = None
            if i < len(lines) and lines[i].startswith(_MOVE):
                move_to = _path(lines[i], _MOVE)
                i += 1
            hunks, i = _hunks(lines, i)
            if hunks is None:
                return None
            files.append(FilePatch("update", path, move_to, tuple(hunks)))
        elif not line.strip():
            i += 1
        else:
            return None
        if files and not files[-1].path:
            return None
    return files or None


def _path(line: str, prefix: str) -> str:
    return line[len(prefix):].strip()


def _hunks(lines: list[str], i: int) -> tuple[list[Hunk] | None, int]:
    hunks: list[Hunk] = []
    context: str | None = None
    body: list[tuple[str, str]] = []
    at_end = False

    def close() -> None:
        nonlocal body, context, at_end
        if body or context:
            hunks.append(Hunk(context or "", tuple(body), at_end))
        body, context, at_end = [], None, False

    while i < len(lines) and (not lines[i].startswith("*** ") or lines[i].strip() == _EOF):
        line = lines[i]
        if line.strip() == _EOF:
            at_end = True
        elif line.startswith("@@"):
            close()
            context = line[2:].strip()
        elif line[:1] in (" ", "-", "+"):
            body.append((line[0], line[1:]))
        elif line == "":
            body.append((" ", ""))  # an empty context line that lost its space
        else:
            return None, i
        i += 1
    close()
    if not hunks:
        return None, i  # an update that changes nothing is not a patch Codex applies
    return hunks, i


def locate(hunks: tuple[Hunk, ...], text: str) -> Lines | None:
    """The lines of ``text`` (the file as it is) that ``hunks`` change: the removed ones,
    and the lines either side of each insertion; None when a hunk is not found (the
    patch will not apply as it stands: the whole file is what it is about)."""
    current = text.splitlines()
    cursor = 0
    ranges: list[tuple[int, int]] = []
    for hunk in hunks:
        if hunk.context:
            found = _seek(current, [hunk.context], cursor)
            if found is None:
                return None
            cursor = found + 1
        old = [t for mark, t in hunk.lines if mark != "+"]
        if not old:  # only additions: at the end of the file (or after the context)
            at = len(current) if not hunk.context else cursor
            ranges.append((max(at, 1), max(at, 1)))
            continue
        start = _seek(current, old, cursor, at_end=hunk.at_end)
        if start is None:
            return None
        line = start  # old lines consumed: the 1-based number of the line before the next
        replacing = False  # a ``+`` run right after a ``-`` run replaces those lines
        for mark, _ in hunk.lines:
            if mark == "-":
                ranges.append((line + 1, line + 1))
                line += 1
                replacing = True
            elif mark == "+":
                if not replacing:  # a pure insertion: the lines either side of it
                    ranges.append((max(line, 1), min(line + 1, max(len(current), 1))))
            else:
                line += 1
                replacing = False
        cursor = start + len(old)
    return merge_lines(ranges)


def _seek(lines: list[str], pattern: list[str], start: int, *,
          at_end: bool = False) -> int | None:
    """Where ``pattern`` starts in ``lines`` at or after ``start``: exactly, then ignoring
    trailing whitespace, then surrounding whitespace (as Codex's ``seek_sequence``)."""
    if len(pattern) > len(lines):
        return None
    last = len(lines) - len(pattern)
    order = [last] if at_end else []
    order += list(range(start, last + 1))
    for norm in (lambda s: s, str.rstrip, str.strip):
        wanted = [norm(p) for p in pattern]
        for at in order:
            if [norm(x) for x in lines[at:at + len(pattern)]] == wanted:
                return at
    return None


__all__ = ["BEGIN", "END", "FilePatch", "Hunk", "locate", "parse_patch"]
