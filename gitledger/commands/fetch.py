"""``git ledger fetch``: Copy REMOTE's ledgers into refs/ledger/remotes/REMOTE/, merging nothing."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path, warn


@ledger_command()
@click.argument("remote", required=False, metavar="[REMOTE]")
@click.option("--archives", is_flag=True,
              help="Also copy every archive REMOTE holds (for search over a team's "
                   "archives); otherwise an archive is fetched when it is read.")
@common
def fetch(remote: str | None, archives: bool, repo: str | None, as_json: bool) -> None:
    """Copy REMOTE's ledgers into refs/ledger/remotes/REMOTE/, merging nothing.

    REMOTE defaults to the current branch's remote, else origin, else the only one.
    The copies are read-only mirrors (git ledger list --remote shows the session ledgers
    among them); git ledger pull merges them.  Archives are not copied unless asked
    (--archives): git ledger show --archive REMOTE/ID fetches the one it reads.
    """
    from gitledger.team.fetching import fetch as fetch_ledgers
    from gitledger.team.fetching import fetch_json, fetch_text, skipped_warning

    result = fetch_ledgers(repo_path(repo), remote, archives=archives)
    emit(as_json, fetch_json(result), fetch_text(result))
    warn(skipped_warning(result.remote, result.skipped))
