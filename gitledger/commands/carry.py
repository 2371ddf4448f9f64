"""``git ledger carry``: Move entries from this worktree's ledger to the project ledger."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_ids
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command()
@click.argument("entry_ids", metavar="ID...", nargs=-1, required=True,
                shell_complete=complete_ids)
@common
def carry(entry_ids: tuple[str, ...], repo: str | None, as_json: bool) -> None:
    """Move entries from this worktree's ledger to the project ledger.

    Carried out means gone from here: the project ledger gains them, then the session
    ledger drops them (interrupted in between, the move counts as done and the next
    carry, archive or doctor --fix finishes it); each history records the move and each
    entry names the ledger it came from.  Only DECIDED, VERIFIED and DROPPED entries
    outlive a task.
    """
    from gitledger.ledger.lifecycle import carry as carry_entries
    from gitledger.views.render import carry_json, carry_text

    result = carry_entries(repo_path(repo), list(entry_ids))
    emit(as_json, carry_json(result), carry_text(result))
