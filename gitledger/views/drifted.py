"""One drifted decision as text and JSON: what ``drift``, ``why``, ``check`` and ``review``
show of it.  Commit authors and subjects are other people's text: flattened and capped."""

from __future__ import annotations

from typing import Any

from gitledger.core.display import capped_join, one_line
from gitledger.ledger.drift import Drifted

#: How much of a decision's text a drift line shows.
TEXT_CHARS = 200
SUBJECT_CHARS = 100


def drifted_json(item: Drifted) -> dict[str, Any]:
    return {
        "id": item.entry.id,
        "text": one_line(item.entry.text, TEXT_CHARS),
        "status": item.entry.status,
        "scope": item.entry.scope,
        "ledger": item.ledger,
        "label": item.label,
        "lines": item.lines,
        "files": [{"path": f.path, "now": f.now, "deleted": f.deleted, "lines": f.lines,
                   "commits": list(f.commits)} for f in item.files],
        "commits": [{"sha": c.sha, "author": one_line(c.author, 200),
                     "date": c.date.isoformat(), "subject": one_line(c.subject, SUBJECT_CHARS)}
                    for c in item.commits],
    }


def file_line(item: Drifted) -> str:
    """The files of one drifted decision, on one line."""
    parts = []
    for f in item.files:  # a path is a teammate's footprint, as written: one line, capped
        moved = f" (now {one_line(f.now, 200)})" if f.now is not None and f.now != f.path else ""
        gone = " deleted" if f.deleted else ""
        parts.append(f"{one_line(f.path, 200)}{moved}{gone}: "
                     f"{f.lines} line{'s' if f.lines != 1 else ''}")
    return capped_join(parts, sep="; ", each=None, total=600,
                       more=lambda n: f"and {n} more file{'s' if n != 1 else ''}")


def drifted_lines(item: Drifted, indent: str) -> list[str]:
    """How many lines changed, where, and by which commits (newest first)."""
    out = [f"{indent}{item.lines} line{'s' if item.lines != 1 else ''} changed since: "
           f"{file_line(item)}"]
    for c in item.commits:
        out.append(f"{indent}{c.sha[:12]} {c.date.date().isoformat()} "
                   f"{one_line(c.author, 60)}  {one_line(c.subject, SUBJECT_CHARS)}")
    return out


__all__ = ["SUBJECT_CHARS", "TEXT_CHARS", "drifted_json", "drifted_lines", "file_line"]
