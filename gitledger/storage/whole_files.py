"""Files in the git dir written whole or not at all: the derived state the hooks and the
caches keep (a reader never sees half a file, and no temporary is left behind).

Imports nothing heavy: the pre-tool-use hook writes through it before every edit.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


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


__all__ = ["write_whole"]
