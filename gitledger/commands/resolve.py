"""``git ledger resolve``: Resolve an OPEN item in place: it becomes a decision, a fact or a
dropped path."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_ids
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, given_text, next_option, open_ledger, wrote


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
@click.option("--as", "as_kind", required=True,
              type=click.Choice(["decided", "verified", "dropped"]),
              help="What the OPEN item becomes.")
@click.option("--text", metavar="TEXT", help="New text (default: keep the question's).")
@click.option("--over", multiple=True, metavar="ALT",
              help="decided: a rejected alternative (repeatable).")
@click.option("--because", metavar="WHY", help="decided: why it won.")
@click.option("--scope", metavar="S", help="decided: where it applies.")
@click.option("--evidence", multiple=True, metavar="EV",
              help="decided: evidence, git:<sha>, test:<name>, a URL (repeatable).")
@click.option("--proposed", is_flag=True, help="decided: record as proposed.")
@click.option("--by", "by", metavar="COMMAND", help="verified: the command that proved it.")
@click.option("--why", metavar="WHY", help="dropped: why it was abandoned.")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="decided, dropped: a glob of the files it governs (repeatable).")
@next_option
@common
def resolve(entry_id: str, as_kind: str, text: str | None, over: tuple[str, ...],
            because: str | None, scope: str | None, evidence: tuple[str, ...],
            proposed: bool, by: str | None, why: str | None, paths: tuple[str, ...],
            next_text: str | None, repo: str | None, as_json: bool) -> None:
    """Resolve an OPEN item in place: it becomes a decision, a fact or a dropped path.

    The entry keeps its id and its history; the question is kept beside the new text.
    Only the options of the new kind apply.  Give - as --text to read it from standard
    input.
    """
    result = open_ledger(repo).resolve(
        entry_id, as_kind=as_kind, text=given_text(text, "text") if text is not None else None,
        over=over, because=because, scope=scope, evidence=evidence, proposed=proposed, by=by,
        why=why, paths=paths, next_text=next_text,
    )
    wrote(as_json, result)
