"""``git ledger drift``: Decisions in force whose footprint lines later commits changed."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command()
@click.option("--since", metavar="REV", help="Only changes by commits after REV.")
@common
def drift(since: str | None, repo: str | None, as_json: bool) -> None:
    """Decisions in force whose footprint lines later commits changed.

    Reverse-blames each footprint span (following renames and moves) and lists, per
    decision, the files and how many lines changed, and the commits that changed them
    (author, date, subject), newest first; a deleted footprint file is said so.  A commit
    that implements the decision (Ledger-Implements:) or acknowledges it (Ledger-Refs:, for
    its changes and its ancestors') is not drift.  Exits 0 with or without drift.
    """
    from gitledger.audit.drift_report import drift as drift_report
    from gitledger.audit.drift_report import drift_json, drift_text

    report = drift_report(repo_path(repo), since=since)
    emit(as_json, drift_json(report), drift_text(report))
