"""``git ledger push``: Push this worktree's ledger, the project ledger, archives, keep-alive
and notes."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, dry_run_option, emit, repo_path, warn


@ledger_command()
@click.argument("remote", required=False, metavar="[REMOTE]")
@click.option("--all", "all_sessions", is_flag=True,
              help="Push the session ledger of every worktree of this clone, not only "
                   "this worktree's.")
@click.option("--transcripts", is_flag=True,
              help="Also push the saved transcripts (refs/ledger/transcripts/*): large and "
                   "private, never pushed otherwise.")
@dry_run_option
@common
def push(remote: str | None, all_sessions: bool, transcripts: bool, dry_run: bool,
         repo: str | None, as_json: bool) -> None:
    """Push this worktree's ledger, the project ledger, archives, keep-alive and notes.

    Through your git (credentials, ssh config and insteadOf apply), never forced, atomic
    where the server supports it, and with --no-verify so that a pre-push hook that
    calls git ledger cannot recurse.  When the remote moved first, the push pulls,
    merges and tries again (up to 5 times).  A ledger archived here is deleted from the
    remote once its archive holds everything the remote's copy had.  A refusal (a
    server hook) is one line naming the ref and the server's reason; nothing local
    changes.  --dry-run asks the remote what would move and pushes nothing.
    """
    from gitledger.team.fetching import skipped_warning
    from gitledger.team.render import push_json, push_text
    from gitledger.team.sync import push as push_ledgers

    result = push_ledgers(repo_path(repo), remote, all_sessions=all_sessions, dry_run=dry_run,
                          transcripts=transcripts)
    emit(as_json, push_json(result), push_text(result))
    warn(skipped_warning(result.remote, result.skipped))
