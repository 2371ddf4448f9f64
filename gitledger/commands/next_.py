"""``git ledger next``: Set the one-line NEXT: the most valuable next action, ready to pick up
cold."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, given_text, open_ledger, wrote


@ledger_command("next")
@click.argument("text")
@common
def next_(text: str, repo: str | None, as_json: bool) -> None:
    """Set the one-line NEXT: the most valuable next action, ready to pick up cold.

    Prefer --next on the write it belongs to (NEXT rides along).  Give - as TEXT to
    read it from standard input.
    """
    wrote(as_json, open_ledger(repo).set_next(given_text(text, "NEXT")), "NEXT")
