"""Files in the git dir written whole or not at all, and read back bounded: the derived
state the hooks and the caches keep (a reader never sees half a file, and no temporary is
left behind).

Imports nothing heavy: the pre-tool-use hook writes through it before every edit.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path
from typing import Any


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary beside it and ``os.replace``; an
    ``OSError`` is raised with the temporary removed."""
    temp = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


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


__all__ = ["read_json_object", "write_whole"]
