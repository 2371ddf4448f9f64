"""``git ledger take``: Take the version of an entry a commit of its ledger holds (a concurrent
edit's other side, which the pull printed); the history keeps both."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_ids
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, project_option, repo_path, wrote


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
@click.option("--from", "commit", required=True, metavar="COMMIT",
              help="The commit whose version of the entry to take: the other tip a pull "
                   "named for a concurrent edit.")
@project_option
@common
def take(entry_id: str, commit: str, project: bool, repo: str | None, as_json: bool) -> None:
    """Take the version of an entry a commit of its ledger holds (a concurrent edit's other
    side, which the pull printed); the history keeps both.

    COMMIT must be in the ledger's own history.
    """
    from gitledger.team.conflicts import take as take_version

    wrote(as_json, take_version(repo_path(repo), entry_id, commit, project=project))
