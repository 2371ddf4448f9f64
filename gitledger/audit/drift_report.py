"""``git ledger drift``: the one command function and its text and JSON.

The computation is ``ledger/drift.py`` (``why``, ``review`` and restore read it too); this
renders the report, one decision as ``views/drifted.py`` does (``why`` shares it).  Drift is
a question to review, not an error: the command exits 0 either way.
"""

from __future__ import annotations

import os
from typing import Any

from gitledger.audit.check import check
from gitledger.core.colour import paint
from gitledger.core.display import one_line
from gitledger.ledger.decision_footprints import REBUILD_BUDGET
from gitledger.ledger.drift import BLAME_PER_DECISION, BLAME_PER_RUN, Drifted, DriftReport
from gitledger.ledger.drift import drift as compute_drift
from gitledger.ledger.link_index import in_force_with_ids, worktree_views
from gitledger.views.drifted import TEXT_CHARS, drifted_json, drifted_lines


def drift(where: str | os.PathLike[str] | None, *, since: str | None = None) -> DriftReport:
    """``drift``: decisions in force whose footprint later commits changed."""
    return compute_drift(where, since=since)


def drifted_in_force(where: str | os.PathLike[str] | None) -> tuple[Drifted, ...]:
    """Every decision in force that drifted, as ``drift`` finds them, found the way
    ``check`` finds them: checked again in part after a change (audit/check_delta.py), so
    that ``review`` does not read a year's 20,000 decisions.  Each one drifted is blamed
    again for its files and commits."""
    report = check(where)
    ids = {f.entry for f in report.findings if f.rule == "decision-drift" and f.entry}
    if not ids:
        return ()
    store, views = worktree_views(where)
    decisions = in_force_with_ids(store, views, ids)
    return compute_drift(where, ids=ids, decisions=decisions).decisions


def drift_json(report: DriftReport) -> dict[str, Any]:
    return {"head": report.head, "since": report.since, "checked": report.checked,
            "unblamed": report.unblamed, "underived": report.underived,
            "decisions": [drifted_json(d) for d in report.decisions]}


def drift_text(report: DriftReport) -> str:
    text = _drift_text(report)
    if report.unblamed:
        text += (f"\n{report.unblamed} footprint file{'s' if report.unblamed != 1 else ''} "
                 f"not blamed: over {BLAME_PER_DECISION} a decision or {BLAME_PER_RUN} a "
                 "run (a footprint is data a teammate can write)")
    if report.underived:
        text += (f"\n{report.underived} teammate decision{'s' if report.underived != 1 else ''}"
                 f" not checked yet: their footprints are derived from their evidence, at "
                 f"most {REBUILD_BUDGET} commits a run (run drift again)")
    return text


def _drift_text(report: DriftReport) -> str:
    if not report.decisions:
        if not report.checked:
            return "no decision in force has a footprint: nothing to drift"
        since = f" since {report.since[:12]}" if report.since else ""
        return (f"no drift{since}: {report.checked} decision"
                f"{'s' if report.checked != 1 else ''} in force, their footprint lines as "
                "their implementing commits left them")
    out = []
    for item in report.decisions:
        by = f"  {item.label}" if item.label else ""
        out.append(f"{paint('drift', item.entry.id)}  {one_line(item.entry.text, TEXT_CHARS)}"
                   f"{by}")
        out += drifted_lines(item, "  ")
    out.append("Drift is a question, not an error: a later commit with Ledger-Implements: "
               "or Ledger-Refs: <id> clears it.")
    return "\n".join(out)


__all__ = ["drift", "drift_json", "drift_text", "drifted_in_force"]
