"""``git ledger verify``: Add a VERIFIED fact with the command that proved it, at the current
HEAD."""

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
@click.argument("fact")
@click.option("--by", "by", required=True, metavar="COMMAND",
              help="The exact command or probe that proved it.")
@next_option
@project_option
@common
def verify(fact: str, by: str, next_text: str | None, project: bool, repo: str | None,
           as_json: bool) -> None:
    """Add a VERIFIED fact with the command that proved it, at the current HEAD.

    Give - as FACT to read it from standard input.
    """
    result = open_ledger(repo, project).verify(given_text(fact, "fact"), by=by, next_text=next_text)
    wrote(as_json, result)
