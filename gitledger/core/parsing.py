"""Parsing JSON and TOML that someone else wrote: an agent's hook payload, an imported
file, an agent's config, a teammate's ledger blob.

The standard parsers recurse once per level of nesting, so a document of ``[[[[…`` nested
a few thousand deep raises ``RecursionError`` (an internal error, not a message about the
input), and one nested just under the interpreter's limit parses but breaks whatever walks
it next.  These wrappers bound the depth at ``MAX_DEPTH`` and report a document beyond it
with the parser's own error, so that every caller's existing handling of a malformed
document applies.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

#: Deeper than any payload, config or record we read: hook payloads nest a few levels,
#: ledger records two.
MAX_DEPTH = 100
#: An agent's transcript line carries tool inputs and outputs as they were: allowed deeper.
TRANSCRIPT_DEPTH = 400


def json_loads(text: str | bytes, *, max_depth: int | None = MAX_DEPTH, **options: Any) -> Any:
    """``json.loads``; a document nested deeper than ``max_depth`` is a JSONDecodeError.

    ``max_depth=None`` is for our own caches: they hold only what was read through the
    bound already (a few levels deeper, for their own wrapping), so they are not walked
    again; a damaged one nested past the interpreter's limit is still a JSONDecodeError.
    """
    try:
        value = json.loads(text, **options)
    except RecursionError:
        raise json.JSONDecodeError(_too_deep_message(None), _str(text), 0) from None
    if max_depth is not None and _may_nest(_str(text), "[{", max_depth) and _too_deep(
            value, max_depth):
        raise json.JSONDecodeError(_too_deep_message(max_depth), _str(text), 0)
    return value


def _str(text: str | bytes) -> str:
    return text if isinstance(text, str) else text.decode("utf-8", errors="replace")


def toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads``; a document nested deeper than ``MAX_DEPTH`` is a TOMLDecodeError."""
    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(_too_deep_message(None)) from None
    # Dotted keys (a.b.c = 1) nest tables without a bracket.
    if _may_nest(text, "[{.", MAX_DEPTH) and _too_deep(value, MAX_DEPTH):
        raise tomllib.TOMLDecodeError(_too_deep_message(MAX_DEPTH))
    return value


def _too_deep_message(max_depth: int | None) -> str:
    """Past the interpreter's own limit (None), or past ``max_depth``."""
    if max_depth is None:
        return "nested too deeply to read"
    return f"nested deeper than {max_depth} levels"


def _may_nest(text: str, openers: str, max_depth: int) -> bool:
    """Whether ``text`` holds enough of the characters that open a level to nest
    ``max_depth`` deep: most documents do not, and are not walked."""
    return sum(text.count(opener) for opener in openers) >= max_depth


def _too_deep(value: Any, max_depth: int) -> bool:
    """Whether ``value`` nests lists and objects deeper than ``max_depth`` (no recursion):
    one level at a time, looking only at the containers of each."""
    level = [value] if isinstance(value, dict | list) else []
    depth = 0
    while level:
        if depth >= max_depth:
            return True
        below: list[Any] = []
        for item in level:
            children = item.values() if isinstance(item, dict) else item
            below.extend(child for child in children if isinstance(child, dict | list))
        level = below
        depth += 1
    return False
