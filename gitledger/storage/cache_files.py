"""Derived files in ``<common git dir>/ledger-cache/``: written whole and atomically, read
back only when their layout version matches; never the only copy of anything (format.md,
"Derived data outside the refs")."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, TextIO

from gitledger.core.parsing import json_loads

CACHE_DIR = "ledger-cache"


def load_versioned(path: Path, version: int, field: str) -> dict[str, Any]:
    """The dict under ``field`` of a cache file ``save_json`` wrote as layout ``version``;
    {} when the file is missing, unreadable, of another version or of another shape."""
    try:
        data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != version:
        return {}
    found = data.get(field)
    return found if isinstance(found, dict) else {}


def save_json(path: Path, data: object) -> None:
    """Replace a cache file atomically; a read-only git dir just goes without the cache."""
    try:
        path.parent.mkdir(exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=path.stem + ".", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            _write_json(out, data)
        os.replace(temp, path)
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
