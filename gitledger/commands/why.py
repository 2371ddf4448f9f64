"""``git ledger why``: Why is this code like this? The ledger entries behind a commit or file
lines."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_paths
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command()
@click.argument("target", metavar="REV|PATH[:LINE[-LINE]]",
                shell_complete=complete_paths)
@click.option("--rev", "as_rev", is_flag=True,
              help="Read REV|PATH as a revision, even where a file has that name.")
@click.option("--max-commits", "max_commits", type=click.IntRange(min=1), default=20,
              show_default=True, metavar="N", help="Show at most N blamed commits.")
@common
def why(target: str, as_rev: bool, max_commits: int, repo: str | None,
        as_json: bool) -> None:
    """Why is this code like this? The ledger entries behind a commit or file lines.

    REV is one commit.  PATH, PATH:LINE or PATH:FIRST-LAST blames those lines at HEAD
    and takes the commits that last changed them, newest first.  For each commit: the
    decisions that cite, implement or deploy it (status, rejected alternatives, reasons),
    entries a Ledger-Refs trailer linked, and the TASK, VERIFIED facts and DROPPED
    approaches of the ledger it was made in.  A name that is both a file at HEAD and a
    revision is the file; --rev makes it the revision.
    """
    from gitledger.views.why import why as why_target
    from gitledger.views.why import why_json, why_text

    result = why_target(repo_path(repo), target, rev=as_rev, max_commits=max_commits)
    emit(as_json, why_json(result), why_text(result))
