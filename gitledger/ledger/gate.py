"""The one gate between ledger content and every output: what leaves the process is
escaped and capped here.

Some ledger text was written by others without our checks, so every output path passes it
here.  Imports only ``core``, so fast paths and ``launch.py`` use it without libgit2.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gitledger.core.colour import sequences
from gitledger.core.display import printable

#: The most characters of one string field an output carries: what a write accepts for
#: an entry's text (``core.text.TEXT_LIMIT``), with room for the longest derived field.
FIELD_LIMIT = 4000
#: The most characters of all the strings of one entry (a mapping with an ``id``) in a
#: response for an agent: an entry our writes made fits with room to spare.
ENTRY_LIMIT = 12_000
#: The most characters of strings one response for an agent carries in all (an MCP tool's
#: result or resource): about what a restore block may hold, many times over.
RESPONSE_LIMIT = 60_000


def text(value: str) -> str:
    """A text output (a report, a page's string) as it may leave: every character off the
    allow-list shown escaped; tabs and line breaks kept.  On a terminal with colour on, the
    exact sequences of the product's own colour roles pass (``core/colour.sequences``); any
    other escape, a teammate's included, is shown escaped."""
    ours = sequences() if "\033" in value else ()
    if not ours:
        return printable(value)
    parts = re.split("(" + "|".join(re.escape(seq) for seq in ours) + ")", value)
    return "".join(part if part in ours else printable(part) for part in parts)


def cut(value: str, limit: int = FIELD_LIMIT) -> str:
    """``value`` at most ``limit`` characters (a few more for the mark), saying how many
    were left out."""
    if len(value) <= limit:
        return value
    return f"{value[:limit]}… [{len(value) - limit} more characters]"


def field(value: str, limit: int = FIELD_LIMIT) -> str:
    """One field of a text output (an entry's text, a TASK): escaped, then cut."""
    return cut(printable(value), limit)


@dataclass
class _Budget:
    left: int


def document(data: Any, *, field: int = FIELD_LIMIT) -> Any:
    """A JSON document as ``--json`` prints it: every string (keys too) escaped, each
    value cut at ``field`` characters."""
    return _walk(data, field, None, entries=False)


def response(data: Any, *, field: int = FIELD_LIMIT, entry: int = ENTRY_LIMIT,
             total: int = RESPONSE_LIMIT) -> Any:
    """A JSON document for an agent (an MCP result): escaped and cut like ``document``,
    each entry's strings at most ``entry`` characters, and the whole at most ``total``;
    list items past the budget are left out and counted in a last string item."""
    return _walk(data, field, _Budget(total), entries=True, entry=entry)


def _walk(data: Any, field: int, budget: _Budget | None, *, entries: bool,
          entry: int = ENTRY_LIMIT) -> Any:
    if isinstance(data, str):
        limit = field if budget is None else max(0, min(field, budget.left))
        shown = cut(printable(data), limit)
        if budget is not None:
            budget.left -= min(len(shown), limit)
        return shown
    if isinstance(data, Mapping):
        inner = budget
        if entries and budget is not None and "id" in data:
            inner = _Budget(min(entry, budget.left))
        out = {printable(str(key)) if isinstance(key, str) else key:
               _walk(value, field, inner, entries=entries, entry=entry)
               for key, value in data.items()}
        if inner is not budget and budget is not None and inner is not None:
            budget.left -= min(entry, budget.left) - max(inner.left, 0)
        return out
    if isinstance(data, list | tuple):
        items: list[Any] = []
        for n, item in enumerate(data):
            if budget is not None and budget.left <= 0:
                items.append(f"… {len(data) - n} more left out: the response is capped")
                break
            items.append(_walk(item, field, budget, entries=entries, entry=entry))
        return items
    return data
