"""``git ledger list``: List every ledger in the repository; * marks this worktree's."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command("list")
@click.option("--archived", is_flag=True,
              help="List the archives instead, newest first: id, date, tagger, TASK, "
                   "entries and what was carried to the project ledger.")
@click.option("--remote", "remote", is_flag=False, flag_value="", default=None,
              metavar="[REMOTE]",
              help="List teammates' session ledgers fetched from REMOTE (every remote "
                   "when none is named) instead: name, author, entries, last change, TASK. "
                   "Copies of this clone's own ledgers are left out.")
@common
def list_(archived: bool, remote: str | None, repo: str | None, as_json: bool) -> None:
    """List every ledger in the repository; * marks this worktree's.

    A session ledger whose worktree is gone (git worktree remove or prune deleted the
    worktree's git dir, or its pointer names another ledger now) is marked ORPHANED,
    with the commands that continue it (git ledger adopt ID, run in the worktree that
    takes it over) or archive it (git ledger archive --ledger ID); in --json it has
    "orphaned": true.  --archived lists the archives instead.
    """
    from gitledger.team.listing import listing, listing_json, listing_text

    found = listing(repo_path(repo), archived=archived, remote=remote)
    emit(as_json, listing_json(found), listing_text(found))
