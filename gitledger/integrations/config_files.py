"""The agents' config files: read a JSON object keeping its layout, write any file atomically.

Shared by ``agents`` and ``mcp_config``: a malformed file is refused with nothing written,
a symbolic link is never followed out of the repository, and inside ``staged()`` (a dry
run) writes stay in memory so later steps see them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.display import printable
from gitledger.core.parsing import json_loads
from gitledger.core.user_files import refuse_links
from gitledger.derived.files import write_atomic
from gitledger.errors import AgentConfigError


@dataclass(frozen=True)
class JsonStyle:
    indent: int | str
    newline: bool


#: The files a dry run would have written (their text) or deleted (None), by real path.
_staged: ContextVar[dict[str, str | None] | None] = ContextVar("staged", default=None)


@contextlib.contextmanager
def staged(dry_run: bool = True) -> Iterator[None]:
    """With ``dry_run``, within: ``write_file`` and ``delete_file`` change nothing on disk,
    and ``read_text`` reads what they would have left.  An enclosing ``staged()`` is
    joined, so the steps of one dry run see each other's writes; without ``dry_run``,
    writes happen."""
    if not dry_run or _staged.get() is not None:
        yield
        return
    token = _staged.set({})
    try:
        yield
    finally:
        _staged.reset(token)


def _no_links(path: Path, rel: str) -> None:
    """Refuse ``path`` (the work tree's top joined with ``rel``) when it, or a directory
    of ``rel`` above it, is a symbolic link."""
    depth = len(Path(rel).parts)
    top = path.parents[depth - 1] if 0 < depth <= len(path.parents) else None
    refuse_links(path, printable(rel), top=top)


def read_text(path: Path, rel: str) -> str | None:
    """The file's text, or None when there is no file."""
    _no_links(path, rel)
    overlay = _staged.get()
    if overlay is not None and os.path.realpath(path) in overlay:
        return overlay[os.path.realpath(path)]
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise AgentConfigError(f"cannot read {rel}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise AgentConfigError(
            f"{rel} is not UTF-8 (byte {exc.start}); nothing was written"
        ) from None


def load_json(path: Path, rel: str) -> tuple[bool, dict[str, Any], JsonStyle]:
    """Whether the file exists, its JSON object, and how it was laid out."""
    default = JsonStyle(2, True)
    text = read_text(path, rel)
    if text is None:
        return False, {}, default
    if not text.strip():
        return True, {}, default
    try:
        doc = json_loads(text, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as exc:
        raise AgentConfigError(
            f"{rel} repeats the key \"{printable(str(exc))}\"; rewriting it would lose one "
            "of them, so nothing was written (fix it by hand)"
        ) from None
    except json.JSONDecodeError as exc:
        raise AgentConfigError(
            f"{rel} is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
            "fix it by hand, nothing was written"
        ) from None
    if not isinstance(doc, dict):
        raise AgentConfigError(
            f"{rel} is not a JSON object at the top; fix it by hand, nothing was written"
        )
    match = re.search(r"\n([ \t]+)\S", text)
    indent: int | str = 2
    if match:
        unit = match.group(1)
        indent = "\t" if unit.startswith("\t") else len(unit)
    return True, doc, JsonStyle(indent, text.endswith("\n"))


class _DuplicateKey(Exception):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def dump_json(doc: dict[str, Any], style: JsonStyle) -> str:
    text = json.dumps(doc, indent=style.indent, ensure_ascii=False)
    return text + "\n" if style.newline else text


def write_file(path: Path, rel: str, text: str) -> None:
    """Replace ``path`` atomically; never through a symbolic link."""
    _no_links(path, rel)
    target = path
    overlay = _staged.get()
    if overlay is not None:
        overlay[os.path.realpath(target)] = text
        return
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            mode = target.stat().st_mode & 0o7777
        except FileNotFoundError:
            mask = os.umask(0)
            os.umask(mask)
            mode = 0o666 & ~mask
    except OSError as exc:
        raise AgentConfigError(f"cannot write {rel}: {exc.strerror or exc}") from None
    try:
        write_atomic(target, text, mode=mode, sync=True)
    except OSError as exc:
        raise AgentConfigError(
            f"cannot write {rel}: {exc.strerror or exc}; it is unchanged"
        ) from None


def delete_file(path: Path, rel: str) -> None:
    """Delete the file (and its directory, if that is then empty); never a symbolic link
    or a file under one."""
    _no_links(path, rel)
    overlay = _staged.get()
    if overlay is not None:
        overlay[os.path.realpath(path)] = None
        return
    try:
        path.unlink()
    except OSError as exc:
        raise AgentConfigError(f"cannot delete {rel}: {exc.strerror or exc}") from None
    with contextlib.suppress(OSError):  # only a directory left empty goes
        path.parent.rmdir()
