"""``git ledger prune``: Delete archives made before a date: the only deletion gitledger has."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, dry_run_option, emit, repo_path


@ledger_command()
@click.option("--archived-before", "before", required=True, metavar="DATE",
              help="Delete the archives made before DATE: YYYY-MM-DD (midnight UTC) or an "
                   "ISO 8601 date-time (UTC unless it has an offset).  Not in the future.")
@dry_run_option
@common
def prune(before: str, dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Delete archives made before a date: the only deletion gitledger has.

    Only archives made strictly before DATE are deleted; session ledgers, the project
    ledger and the keep-alive chain are never touched, and age alone never retires a
    live ledger.  A month chain goes whole, once its month is over and all it holds is
    due (else its archives are kept and listed), in a locked ref transaction that
    checks it still names what was read, so one that moved meanwhile is kept.  Prints
    what it deleted (with --dry-run, what it would delete).  The notes on code commits
    keep naming the pruned archives' entries until git ledger notes rebuild drops those
    lines; the archived commits themselves go at git's next gc.
    """
    from gitledger.ledger.archives import prune as prune_archives
    from gitledger.views.render import prune_json, prune_text

    result = prune_archives(repo_path(repo), before, dry_run=dry_run)
    emit(as_json, prune_json(result), prune_text(result))
