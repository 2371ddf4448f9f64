"""The file mechanics ``restore_cache.py`` and ``check_output.py`` share: what a read-only
command last printed, under the key of what it was made from.

Reading never fails (anything unexpected is a miss) and only printable text is served,
since anything with the user's rights can write the git dir.  Imports no libgit2.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gitledger.core.display import printable
from gitledger.derived.files import read_json_object, write_whole

#: The file larger than this is not read; an output larger than this is not saved.
CACHE_LIMIT = 4 << 20
OUTPUT_LIMIT = 1 << 20
#: Requests kept for one state.
MAX_OUTPUTS = 8


def servable(found: object) -> bool:
    """Whether a saved output may be printed as it is: a string that ``printable`` leaves
    alone and that is UTF-8 (JSON's ``\\ud800`` makes a lone surrogate, which printing,
    or saving the file again, would fail on)."""
    if not isinstance(found, str) or printable(found) != found:
        return False
    try:
        found.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def load_output(path: Path, holds: Callable[[dict[str, Any]], bool], asked: str,
                valid: Callable[[object], bool] = servable) -> Any | None:
    """The value saved for request ``asked`` in the file at ``path`` when ``holds`` accepts
    the file's header and ``valid`` the value; else None."""
    data = read_json_object(path, CACHE_LIMIT)
    if data is None or not holds(data):
        return None
    outputs = data.get("outputs")
    found = outputs.get(asked) if isinstance(outputs, dict) else None
    return found if valid(found) else None


def save_output(path: Path, header: dict[str, Any], holds: Callable[[dict[str, Any]], bool],
                asked: str, value: Any, valid: Callable[[object], bool] = servable) -> None:
    """Save ``value`` for request ``asked`` under ``header`` (its version and state), beside
    the other requests the file holds for the same state (``holds``).  A value ``valid``
    refuses, or one larger than ``OUTPUT_LIMIT``, is not saved; a git dir that refuses the
    file keeps the old one."""
    if not valid(value) or len(json.dumps(value, ensure_ascii=False)) > OUTPUT_LIMIT:
        return
    data = read_json_object(path, CACHE_LIMIT)
    outputs: dict[str, Any] = {}
    if data is not None and holds(data) and isinstance(data.get("outputs"), dict):
        outputs = {k: v for k, v in data["outputs"].items()
                   if k != asked and servable(k) and valid(v)}
    kept = dict(list(outputs.items())[-(MAX_OUTPUTS - 1):])
    kept[asked] = value
    with contextlib.suppress(OSError):
        write_whole(path, json.dumps({**header, "outputs": kept}, ensure_ascii=False,
                                     separators=(",", ":")))


__all__ = ["CACHE_LIMIT", "MAX_OUTPUTS", "OUTPUT_LIMIT", "load_output", "save_output",
           "servable"]
