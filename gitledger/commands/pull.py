"""``git ledger pull``: Fetch REMOTE's ledgers and merge the shared ones into ours; then check
the result."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path, warn


@ledger_command()
@click.argument("remote", required=False, metavar="[REMOTE]")
@click.option("--verify-signatures", is_flag=True,
              help="Quarantine every fetched ledger whose new commits git's signature "
                   "check does not accept, or that are signed by someone other than their "
                   "author (as the ledger.verifySignatures config does).")
@common
def pull(remote: str | None, verify_signatures: bool, repo: str | None,
         as_json: bool) -> None:
    """Fetch REMOTE's ledgers and merge the shared ones into ours; then check the result.

    The project ledger and the keep-alive chain are merged: diverged copies get a merge
    commit whose tree is the union of both sides' entries, and nothing is removed (an
    entry the remote lacks is kept and named).  An entry both sides changed is merged
    field by field; where both set one field the local value is kept (no date decides),
    and the conflict is reported with the git ledger take command that picks the other.
    Notes are merged with git's cat_sort_uniq.  Your own session ledgers and archives
    are never moved: a remote change to one stays in its mirror and is reported.
    Teammates' session ledgers stay read-only copies: git ledger list --remote.  Refs
    on the remote whose names block ledger refs are skipped with a warning.  What git
    ledger check finds after the merge that it did not before is printed (the exit
    status stays 0).  With --verify-signatures (or ledger.verifySignatures) a
    quarantined ledger is named and left unmerged.
    """
    from gitledger.team.fetching import skipped_warning
    from gitledger.team.render import pull_json, pull_text
    from gitledger.team.sync import pull as pull_ledgers

    result = pull_ledgers(repo_path(repo), remote, verify_signatures=verify_signatures)
    emit(as_json, pull_json(result), pull_text(result))
    warn(skipped_warning(result.remote, result.fetched.skipped))
