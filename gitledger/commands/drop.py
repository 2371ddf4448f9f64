"""``git ledger drop``: Add a DROPPED approach with the reason, so it is never retried."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import (
    common,
    given_text,
    next_option,
    open_ledger,
    project_option,
    wrote,
)


@ledger_command()
@click.argument("approach")
@click.option("--why", required=True, metavar="WHY", help="Why it was abandoned.")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="A glob of the files it was about (repeatable).")
@next_option
@project_option
@common
def drop(approach: str, why: str, paths: tuple[str, ...], next_text: str | None,
         project: bool, repo: str | None, as_json: bool) -> None:
    """Add a DROPPED approach with the reason, so it is never retried.

    Give - as APPROACH to read it from standard input.
    """
    result = open_ledger(repo, project).drop(given_text(approach, "approach"), why=why, paths=paths,
                                             next_text=next_text)
    wrote(as_json, result)
