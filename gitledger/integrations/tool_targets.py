"""What an agent's tool call is about to write: the files, relative to the top of the work
tree, and the lines where the tool input says which.

Each agent's tool shapes are data in its record (``agent_registry.py``).  Nothing outside
the work tree, binary or missing is a target; an unreadable payload gives no targets.
"""

from __future__ import annotations

import os
import shlex
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gitledger.core.apply_patch import BEGIN, locate, parse_patch
from gitledger.core.footprint import Lines, merge_lines
from gitledger.core.hashline import is_hashline, parse_hashline
from gitledger.core.parsing import json_loads
from gitledger.core.shell_writes import written_files
from gitledger.integrations.agent_registry import Agent, ToolShape

#: A file larger than this is not read for lines: an edit of it names the whole file.
READ_LIMIT = 4 << 20
#: How much of a file is looked at for a NUL byte, as git does to call it binary.
BINARY_PROBE = 8000
#: The most targets one tool call gives (a ``cp -r`` of a tree names its top only anyway).
MAX_TARGETS = 50


@dataclass(frozen=True)
class Target:
    """A file a tool is about to write, and the lines (empty: the whole file)."""

    path: str
    lines: Lines = ()


class _Binary(Exception):
    pass


def tool_name(data: Mapping[str, Any]) -> str | None:
    name = data.get("tool_name")
    return name if isinstance(name, str) else None


def tool_targets(spec: Agent, data: Mapping[str, Any], top: str, cwd: str) -> list[Target]:
    """The targets of the tool call in ``data`` (the payload), for agent ``spec``; the work
    tree's top is ``top`` and relative paths are relative to ``cwd``."""
    name = tool_name(data)
    shape = spec.tools.get(name) if name is not None else None
    if shape is None:
        return []
    tool_input = data.get("tool_input")
    if isinstance(tool_input, str) and shape.kind not in ("shell", "patch"):
        try:
            tool_input = json_loads(tool_input)
        except ValueError:
            return []
    if not isinstance(tool_input, Mapping) and shape.kind not in ("shell", "patch"):
        return []
    reader = _Reader(os.path.realpath(top), cwd)
    try:
        found = _READERS[shape.kind](reader, shape, tool_input, data)
    except _Binary:
        return []
    merged: dict[str, list[tuple[int, int]] | None] = {}
    for target in found:
        if target.path in merged and merged[target.path] is None:
            continue
        if not target.lines:
            merged[target.path] = None  # the whole file wins over any lines
        else:
            merged.setdefault(target.path, []).extend(target.lines)  # type: ignore[union-attr]
    return [Target(path, merge_lines(lines) if lines else ())
            for path, lines in list(merged.items())[:MAX_TARGETS]]


class _Reader:
    """Paths made relative to the work tree, and files read, for one payload."""

    def __init__(self, top: str, cwd: str) -> None:
        self.top = top
        self.cwd = cwd

    def relative(self, path: Any) -> tuple[str, str] | None:
        """``(relative path, absolute path)`` of a path in the work tree, else None."""
        if not isinstance(path, str) or not path.strip() or "\x00" in path:
            return None
        full = path if os.path.isabs(path) else os.path.join(self.cwd, path)
        full = os.path.normpath(full)
        # The directory resolved (symbolic links, /tmp on macOS), the name kept: the file
        # may not exist yet.
        parent, name = os.path.split(full)
        real = os.path.join(os.path.realpath(parent), name)
        try:
            rel = os.path.relpath(real, self.top)
        except ValueError:  # another drive
            return None
        parts = rel.replace(os.sep, "/").split("/")
        if rel in (".", "") or parts[0] == ".." or parts[0] == ".git" or not name:
            return None
        return "/".join(parts), real

    def text(self, full: str) -> str | None:
        """The file's text; None when it is not a regular file; "" when too large to read
        (its lines are not looked for); _Binary for a binary file."""
        try:
            info = os.stat(full)
        except OSError:
            return None
        if not stat.S_ISREG(info.st_mode):
            return None
        if info.st_size > READ_LIMIT:
            return ""
        try:
            with open(full, "rb") as handle:
                data = handle.read()
        except OSError:
            return None
        if b"\x00" in data[:BINARY_PROBE]:
            raise _Binary
        return data.decode("utf-8", errors="replace")

    def exists_as_dir(self, path: str) -> bool:
        full = path if os.path.isabs(path) else os.path.join(self.cwd, path)
        return os.path.isdir(full)


def _first_path(shape: ToolShape, tool_input: Any) -> Any:
    if not isinstance(tool_input, Mapping):
        return None
    return next((tool_input[k] for k in shape.path if isinstance(tool_input.get(k), str)),
                None)


def _edit(reader: _Reader, shape: ToolShape, tool_input: Any,
          data: Mapping[str, Any]) -> list[Target]:
    where = reader.relative(_first_path(shape, tool_input))
    if where is None:
        return []
    rel, full = where
    text = reader.text(full)
    if text is None:
        return []  # an edit of a file that is not there fails in the agent
    old = tool_input.get(shape.old) if shape.old else None
    every = tool_input.get("replace_all") is True
    before = _original(data, shape.original)
    if before is not None:  # after the tool: where the old text was in the file as it was
        return [Target(rel, _lines_of(before, old, every=every))]
    if shape.new:  # after the tool, without the file as it was: where the new text is now
        lines = _lines_of(text, tool_input.get(shape.new), every=every)
        if lines:
            return [Target(rel, lines)]
    return [Target(rel, _lines_of(text, old, every=every))]


def _original(data: Mapping[str, Any], keys: tuple[str, ...]) -> str | None:
    value: Any = data
    for key in keys:
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    if not keys or not isinstance(value, str) or len(value) > READ_LIMIT:
        return None
    if "\x00" in value[:BINARY_PROBE]:
        raise _Binary
    return value


def _multi(reader: _Reader, shape: ToolShape, tool_input: Any,
           data: Mapping[str, Any]) -> list[Target]:
    where = reader.relative(_first_path(shape, tool_input))
    edits = tool_input.get(shape.edits) if shape.edits else None
    if where is None or not isinstance(edits, list):
        return []
    rel, full = where
    text = reader.text(full)
    if text is None:
        return []
    found: list[Target] = []
    for edit in edits:
        if not isinstance(edit, Mapping):
            return [Target(rel)]
        old = edit.get(shape.old or "old_string")
        found.append(Target(rel, _lines_of(text, old, every=edit.get("replace_all") is True)))
    return found or [Target(rel)]


def _write(reader: _Reader, shape: ToolShape, tool_input: Any,
           data: Mapping[str, Any]) -> list[Target]:
    where = reader.relative(_first_path(shape, tool_input))
    if where is None:
        return []
    rel, full = where
    if os.path.lexists(full) and not os.path.isdir(full):
        reader.text(full)  # raises _Binary for a binary file
    elif os.path.isdir(full):
        return []
    return [Target(rel)]


def _shell(reader: _Reader, shape: ToolShape, tool_input: Any,
           data: Mapping[str, Any]) -> list[Target]:
    command = tool_input.get(shape.command) if isinstance(tool_input, Mapping) else tool_input
    if isinstance(command, list) and all(isinstance(w, str) for w in command):
        command = shlex.join(command)
    if not isinstance(command, str):
        return []
    if command.lstrip().startswith(_PATCH_COMMANDS) and BEGIN in command:
        # ``apply_patch <<'EOF' … EOF`` through the shell: Codex applies it as a patch.
        return _patch(reader, shape, command, data)
    if isinstance(tool_input, Mapping) and isinstance(tool_input.get("workdir"), str):
        reader = _Reader(reader.top, os.path.join(reader.cwd, tool_input["workdir"]))
    found: list[Target] = []
    for path in written_files(command, reader.exists_as_dir):
        where = reader.relative(path)
        if where is None or os.path.isdir(where[1]):
            continue
        if os.path.lexists(where[1]):
            try:
                reader.text(where[1])
            except _Binary:
                continue
        found.append(Target(where[0]))
    return found


#: The commands through which a shell line is a Codex patch.
_PATCH_COMMANDS = ("apply_patch", "applypatch")


def _patch(reader: _Reader, shape: ToolShape, tool_input: Any,
           data: Mapping[str, Any]) -> list[Target]:
    body = tool_input.get(shape.command) if isinstance(tool_input, Mapping) else tool_input
    if isinstance(body, list) and body and all(isinstance(w, str) for w in body):
        body = body[-1]  # ["apply_patch", "*** Begin Patch …"]
    if not isinstance(body, str):
        return []
    files = parse_patch(body)
    if files is None:
        return []
    found: list[Target] = []
    for patch in files:
        where = reader.relative(patch.path)
        if where is None:
            continue
        rel, full = where
        if patch.action == "add":
            found.append(Target(rel))
            continue
        text = reader.text(full)
        if text is None:
            continue  # updating or deleting a file that is not there fails in Codex
        if patch.action == "delete" or not text:
            found.append(Target(rel))
        else:
            found.append(Target(rel, locate(patch.hunks, text) or ()))
        if patch.move_to is not None:
            moved = reader.relative(patch.move_to)
            if moved is not None:
                found.append(Target(moved[0]))
    return found


def _hashline(reader: _Reader, shape: ToolShape, tool_input: Any,
              data: Mapping[str, Any]) -> list[Target]:
    """Oh My Pi's ``edit``, whichever ``edit.mode`` it runs in: a body under ``command``
    that is a hashline patch (the default) or a Codex patch (``apply_patch``), else a path
    with the text replaced (``replace``; ``patch`` names the path and diffs: the whole
    file).  The body is read first: for a hashline patch, Oh My Pi's event adds ``path``
    (one file) or ``paths`` from its headers, without the lines."""
    body = tool_input.get(shape.command) if isinstance(tool_input, Mapping) else tool_input
    if not isinstance(body, str):
        return _edit(reader, shape, tool_input, data)
    if not is_hashline(body):
        return _patch(reader, shape, body, data)
    found: list[Target] = []
    for patch in parse_hashline(body):
        where = reader.relative(patch.path)
        if where is None:
            continue
        rel, full = where
        text = reader.text(full)
        if text is None:
            continue  # a hashline patch edits files that exist; the client refuses it
        lines = patch.lines
        if patch.appends and not patch.whole:
            last = max(text.count("\n") + (0 if text.endswith("\n") else 1), 1)
            lines = merge_lines((*lines, (last, last)))
        found.append(Target(rel, () if patch.whole or not text else lines))
        if patch.moved_to is not None:
            moved = reader.relative(patch.moved_to)
            if moved is not None:
                found.append(Target(moved[0]))
    return found


_READERS = {"edit": _edit, "multi": _multi, "write": _write, "shell": _shell,
            "patch": _patch, "hashline": _hashline}


def _lines_of(text: str, old: Any, *, every: bool = False) -> Lines:
    """The lines ``old`` spans in ``text`` (each occurrence with ``every``); the whole file
    (empty) when there is no ``old``, the file was too large to read, or it is not
    found."""
    if not isinstance(old, str) or not old or not text:
        return ()
    ranges: list[tuple[int, int]] = []
    at = text.find(old)
    line = 1
    last = 0
    while at != -1:
        line += text.count("\n", last, at)
        last = at
        span = old.rstrip("\n").count("\n")
        ranges.append((line, line + span))
        if not every:
            break
        at = text.find(old, at + len(old))
    return merge_lines(ranges)


__all__ = ["BINARY_PROBE", "MAX_TARGETS", "READ_LIMIT", "Target", "tool_name",
           "tool_targets"]
