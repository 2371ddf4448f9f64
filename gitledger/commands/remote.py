"""``git ledger remote``: Make plain git fetch and git push move ledgers too (opt-in)."""

from __future__ import annotations

import click

from gitledger.commands.shared import common, dry_run_option, emit, repo_path


@click.group("remote")
def remote_() -> None:
    """Make plain git fetch and git push move ledgers too (opt-in)."""


@remote_.command("setup")
@click.argument("remote", metavar="REMOTE")
@dry_run_option
@common
def remote_setup(remote: str, dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Add non-forced ledger fetch and push refspecs to remote.REMOTE.

    First the ledger refs are pushed (with none yet, a probe ref that is deleted
    again): a remote that refuses them is one line and nothing is configured, so a
    plain git push of code never starts failing.  Lines already there are left
    alone, and what was added is remembered so that git ledger remote teardown
    removes exactly those.  When REMOTE had no push refspecs, HEAD is added too: with
    any push refspec configured, a plain git push pushes only those.  --dry-run
    contacts no remote.
    """
    from gitledger.team.remote_setup import setup_remote
    from gitledger.team.render import setup_json, setup_text

    result = setup_remote(repo_path(repo), remote, dry_run=dry_run)
    emit(as_json, setup_json(result, "setup"), setup_text(result, "setup"))


@remote_.command("teardown")
@click.argument("remote", metavar="REMOTE")
@dry_run_option
@common
def remote_teardown(remote: str, dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Remove exactly the lines git ledger remote setup added to remote.REMOTE."""
    from gitledger.storage.remotes import teardown
    from gitledger.team.render import setup_json, setup_text

    result = teardown(repo_path(repo), remote, dry_run=dry_run)
    emit(as_json, setup_json(result, "teardown"), setup_text(result, "teardown"))
