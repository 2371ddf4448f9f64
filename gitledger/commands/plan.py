"""``git ledger plan``: Add a PLAN pointer: a path to a plan or project-state file, never a copy."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, next_option, open_ledger, wrote


@ledger_command()
@click.argument("path")
@click.option("--note", metavar="TEXT", help="What the file is for.")
@next_option
@common
def plan(path: str, note: str | None, next_text: str | None, repo: str | None,
         as_json: bool) -> None:
    """Add a PLAN pointer: a path to a plan or project-state file, never a copy.

    A path inside the work tree is stored relative to its top, any other path as an
    absolute path.
    """
    wrote(as_json, open_ledger(repo).plan(path, note=note, next_text=next_text))
