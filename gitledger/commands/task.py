"""``git ledger task``: Set the one-line TASK: what this session is trying to achieve."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, given_text, next_option, open_ledger, wrote


@ledger_command()
@click.argument("text")
@next_option
@common
def task(text: str, next_text: str | None, repo: str | None, as_json: bool) -> None:
    """Set the one-line TASK: what this session is trying to achieve.

    Replaces the previous TASK.  Give - as TEXT to read it from standard input.
    """
    wrote(as_json, open_ledger(repo).set_task(given_text(text, "TASK"), next_text=next_text),
          "TASK")
