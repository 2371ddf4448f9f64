"""``git ledger edit``: Change an entry's text or fields in place; its history keeps every
earlier state."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_ids
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
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
@click.argument("text", required=False)
@click.option("--because", metavar="WHY", help="decided: new reason.")
@click.option("--scope", metavar="S", help="decided: new scope.")
@click.option("--over", multiple=True, metavar="ALT",
              help="decided: replace the rejected alternatives (repeatable).")
@click.option("--evidence", multiple=True, metavar="EV",
              help="decided: replace the evidence list (repeatable).")
@click.option("--by", "by", metavar="COMMAND", help="verified: new command.")
@click.option("--why", metavar="WHY", help="dropped: new reason.")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="decided, dropped: replace the globs (repeatable; --paths '' clears).")
@click.option("--path", "path", metavar="PATH", help="plan: new path.")
@click.option("--note", metavar="TEXT", help="plan: new note.")
@click.option("--ask-user/--no-ask-user", "ask_user", default=None,
              help="open: whether only the user can close it.")
@next_option
@project_option
@common
def edit(entry_id: str, text: str | None, because: str | None, scope: str | None,
         over: tuple[str, ...], evidence: tuple[str, ...], by: str | None, why: str | None,
         paths: tuple[str, ...], path: str | None, note: str | None, ask_user: bool | None,
         next_text: str | None, project: bool, repo: str | None, as_json: bool) -> None:
    """Change an entry's text or fields in place; its history keeps every earlier state.

    TEXT replaces the text; each field option replaces that field (--over and --evidence
    replace the whole list).  An option that does not apply to the entry's kind is
    refused.  Give - as TEXT to read it from standard input.
    """
    ledger = open_ledger(repo, project)
    result = ledger.edit(
        entry_id, text=given_text(text, "text") if text is not None else None, next_text=next_text,
        because=because, scope=scope, over=over, evidence=evidence, by=by, why=why,
        paths=paths or None, path=path, note=note,
        ask_user=ask_user,
    )
    wrote(as_json, result)
