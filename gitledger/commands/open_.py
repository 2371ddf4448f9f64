"""``git ledger open``: Add an OPEN question, and what would settle it."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, given_text, next_option, open_ledger, wrote


@ledger_command("open")
@click.argument("text")
@click.option("--ask-user", is_flag=True, help="Only the user can close this question.")
@next_option
@common
def open_(text: str, ask_user: bool, next_text: str | None, repo: str | None,
          as_json: bool) -> None:
    """Add an OPEN question, and what would settle it.

    Give - as TEXT to read it from standard input.
    """
    result = open_ledger(repo).open_question(given_text(text, "question"), ask_user=ask_user,
                                             next_text=next_text)
    wrote(as_json, result)
