"""``git ledger claim``: Make a session the owner of this worktree's ledger (the same task
continues)."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, open_ledger


@ledger_command()
@click.option("--session-id", "session_id", required=True, metavar="ID",
              help="The session that takes the ledger over.")
@common
def claim(session_id: str, repo: str | None, as_json: bool) -> None:
    """Make a session the owner of this worktree's ledger (the same task continues)."""
    from gitledger.views.render import claim_text, write_json

    result = open_ledger(repo).claim(session_id)
    emit(as_json, write_json(result), claim_text(result, session_id))
