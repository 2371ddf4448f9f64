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


def json_loads(text: str | bytes, **options: Any) -> Any:
    """``json.loads``; a document nested deeper than ``MAX_DEPTH`` is a JSONDecodeError."""
    source = text if isinstance(text, str) else text.decode("utf-8", errors="replace")
    try:
        value = json.loads(text, **options)
    except RecursionError:
        raise json.JSONDecodeError(_TOO_DEEP, source, 0) from None
    if _too_deep(value):
        raise json.JSONDecodeError(_TOO_DEEP, source, 0)
    return value


def toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads``; a document nested deeper than ``MAX_DEPTH`` is a TOMLDecodeError."""
    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(_TOO_DEEP) from None
    if _too_deep(value):
        raise tomllib.TOMLDecodeError(_TOO_DEEP)
    return value


_TOO_DEEP = f"nested deeper than {MAX_DEPTH} levels"


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests lists and objects deeper than ``MAX_DEPTH`` (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False
