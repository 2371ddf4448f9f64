"""The one atomic file writer, and where derived files live.

``write_atomic`` fills an exclusive temporary beside the target (never through a link) and
renames it over, so readers see the old file or the new one.  Imports nothing heavy: the
pre-tool-use hook writes through it before every edit.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

#: In the common git dir: the derived files every worktree shares (the indexes, the entry
#: caches, the SQLite files).  Never the only copy of anything (format.md, "Derived data
#: outside the refs").
CACHE_DIR = "ledger-cache"

Content = str | bytes | Callable[[TextIO], None]


def cache_dir(commondir: Path) -> Path:
    """The folder of the shared derived files of the repository whose common git dir is
    ``commondir``."""
    return commondir / CACHE_DIR


def write_atomic(path: Path, content: Content, *, mode: int | None = None,
                 sync: bool = False) -> None:
    """Replace ``path`` with ``content`` (text, bytes, or a function writing text to the
    open temporary) whole: an ``OSError`` is raised with the temporary removed and the
    old file in place.  ``mode``: the new file's permissions (else the umask's default);
    ``sync``: flushed to disk before it replaces the old file (a user's file, not a
    cache a crash may lose)."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(temp, flags, 0o666)
    try:
        if isinstance(content, bytes):
            with os.fdopen(fd, "wb") as out:
                out.write(content)
                if sync:
                    out.flush()
                    os.fsync(out.fileno())
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as text:
                if isinstance(content, str):
                    text.write(content)
                else:
                    content(text)
                if sync:
                    text.flush()
                    os.fsync(text.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def append_line(path: Path, line: str) -> None:
    """Add ``line`` (one line, no newline in it) to the end of ``path``, created if need
    be, in one write: a reader skips a line a crash cut short."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0),
                 0o666)
    try:
        os.write(fd, (line + "\n").encode("utf-8"))
    finally:
        os.close(fd)


def replace(source: Path, target: Path) -> None:
    """Move ``source`` (a file or a directory made beside ``target``) over ``target`` in one
    step: what a writer that fills a whole directory does with it."""
    os.replace(source, target)


def write_whole(path: Path, text: str) -> None:
    """``write_atomic`` of text, the hooks' state files' spelling."""
    write_atomic(path, text)


def read_json_object(path: Path, limit: int) -> dict[str, Any] | None:
    """The JSON object in ``path``; None when it is absent, unreadable, larger than
    ``limit`` bytes, malformed, or holds something other than an object."""
    try:
        if path.stat().st_size > limit:
            return None
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):  # nested past the recursion limit
        return None
    return data if isinstance(data, dict) else None


def load_versioned(path: Path, version: int, field: str) -> dict[str, Any]:
    """The dict under ``field`` of a cache file ``save_json`` wrote as layout ``version``;
    {} when the file is missing, unreadable, of another version or of another shape."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):  # a cache of ours: no depth bound to walk
        return {}
    if not isinstance(data, dict) or data.get("version") != version:
        return {}
    found = data.get(field)
    return found if isinstance(found, dict) else {}


def save_json(path: Path, data: object) -> None:
    """Replace a cache file atomically; a read-only git dir just goes without the cache."""
    try:
        path.parent.mkdir(exist_ok=True)
        write_atomic(path, lambda out: _write_json(out, data))
    except OSError:
        pass


def _write_json(out: TextIO, value: object, depth: int = 2) -> None:
    """``value`` as JSON, its outer dicts item by item: each piece goes through the C
    encoder (``json.dump`` would use the pure-Python one), and the file is never held
    whole as one string (``json.dumps`` of a big ledger's cache would be)."""
    if depth and isinstance(value, dict):
        out.write("{")
        for index, (key, item) in enumerate(value.items()):
            out.write(("," if index else "") + _encode(str(key)) + ":")
            _write_json(out, item, depth - 1)
        out.write("}")
    else:
        out.write(_encode(value))


#: One encoder for every piece: ``json.dumps`` with an option builds a new one per call,
#: which was a third of saving a 5,000-entry cache.
_encode = json.JSONEncoder(ensure_ascii=False).encode


__all__ = ["CACHE_DIR", "cache_dir", "load_versioned", "read_json_object", "replace",
           "save_json", "write_atomic", "write_whole"]
