"""``git ledger drift``: the one command function and its text and JSON.

The computation is ``ledger/drift.py`` (``why``, ``review`` and restore read it too); this
renders it.  Drift is a question to review, not an error: the command exits 0 either way.
Commit authors and subjects are other people's text: flattened and capped before display.
"""

from __future__ import annotations

import os
from typing import Any

from gitledger.core.display import one_line
from gitledger.ledger.drift import Drifted, DriftReport
from gitledger.ledger.drift import drift as compute_drift

#: How much of a decision's text a drift line shows.
TEXT_CHARS = 200
SUBJECT_CHARS = 100


def drift(where: str | os.PathLike[str] | None, *, since: str | None = None) -> DriftReport:
    """``drift``: decisions in force whose footprint later commits changed."""
    return compute_drift(where, since=since)


def drifted_json(item: Drifted) -> dict[str, Any]:
    return {
        "id": item.entry.id,
        "text": one_line(item.entry.text, TEXT_CHARS),
        "status": item.entry.status,
        "scope": item.entry.scope,
        "ledger": item.ledger,
        "lines": item.lines,
        "files": [{"path": f.path, "now": f.now, "deleted": f.deleted, "lines": f.lines,
                   "commits": list(f.commits)} for f in item.files],
        "commits": [{"sha": c.sha, "author": one_line(c.author, 200),
                     "date": c.date.isoformat(), "subject": one_line(c.subject, SUBJECT_CHARS)}
                    for c in item.commits],
    }


def drift_json(report: DriftReport) -> dict[str, Any]:
    return {"head": report.head, "since": report.since, "checked": report.checked,
            "decisions": [drifted_json(d) for d in report.decisions]}


def file_line(item: Drifted) -> str:
    """The files of one drifted decision, on one line."""
    parts = []
    for f in item.files:
        moved = f" (now {f.now})" if f.now is not None and f.now != f.path else ""
        gone = " deleted" if f.deleted else ""
        parts.append(f"{f.path}{moved}{gone}: {f.lines} line{'s' if f.lines != 1 else ''}")
    return "; ".join(parts)


def drift_text(report: DriftReport) -> str:
    if not report.decisions:
        if not report.checked:
            return "no decision in force has a footprint: nothing to drift"
        since = f" since {report.since[:12]}" if report.since else ""
        return (f"no drift{since}: {report.checked} decision"
                f"{'s' if report.checked != 1 else ''} in force, their footprint lines as "
                "their implementing commits left them")
    out = []
    for item in report.decisions:
        out.append(f"{item.entry.id}  {one_line(item.entry.text, TEXT_CHARS)}")
        out.append(f"  {item.lines} line{'s' if item.lines != 1 else ''} changed since: "
                   f"{file_line(item)}")
        for c in item.commits:
            out.append(f"  {c.sha[:12]} {c.date.date().isoformat()} "
                       f"{one_line(c.author, 60)}  {one_line(c.subject, SUBJECT_CHARS)}")
    out.append("Drift is a question, not an error: a later commit with Ledger-Implements: "
               "or Ledger-Refs: <id> clears it.")
    return "\n".join(out)


__all__ = ["drift", "drift_json", "drift_text", "drifted_json", "file_line"]
