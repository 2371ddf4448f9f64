"""``git ledger review``: Summarise the decisions added, changed, superseded or deployed, by
scope."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command()
@click.option("--since", "since", metavar="REF|DATE",
              help="Since DATE (YYYY-MM-DD or ISO 8601) or since commit REF (what it does "
                   "not reach, made after it).  Default: since the last pull.")
@click.option("--remote", "remote", metavar="REMOTE",
              help="Whose ledgers and last pull (default: as for pull).")
@common
def review(since: str | None, remote: str | None, repo: str | None, as_json: bool) -> None:
    """Summarise the decisions added, changed, superseded or deployed, by scope.

    Reads the project ledger and every teammate's session ledger fetched from REMOTE
    (copies of this clone's own ledgers are left out; with no remote at all, the
    project ledger alone): each decision that changed is listed under its scope with
    its status now, the ledger it is in and every change (added, accepted, implemented,
    deployed, superseded, rejected, edited, evidence, merged) with who made it and when.
    """
    from gitledger.team.render import review_json, review_text
    from gitledger.team.review import review as review_decisions

    result = review_decisions(repo_path(repo), since=since, remote=remote)
    emit(as_json, review_json(result), review_text(result))
