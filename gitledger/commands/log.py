"""``git ledger log``: Show the ledger's event history, newest first."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_ledgers
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, project_option, repo_path


@ledger_command()
@click.option("-n", "--max-count", "limit", type=click.IntRange(min=1), metavar="N",
              help="Show at most N events.")
@click.option("--ledger", "name", metavar="NAME", help="Another ledger (id, ref or project).",
              shell_complete=complete_ledgers)
@project_option
@common
def log(limit: int | None, name: str | None, project: bool, repo: str | None,
        as_json: bool) -> None:
    """Show the ledger's event history, newest first."""
    from gitledger.views.show_and_log import log as ledger_log
    from gitledger.views.show_and_log import log_json, log_text

    result = ledger_log(repo_path(repo), limit, name=name, project=project)
    emit(as_json, log_json(result), log_text(result))
