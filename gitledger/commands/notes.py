"""``git ledger notes``: The notes on code commits (refs/notes/ledger): which entries cite each
commit."""

from __future__ import annotations

import click

from gitledger.commands.shared import common, emit, repo_path


@click.group()
def notes() -> None:
    """The notes on code commits (refs/notes/ledger): which entries cite each commit.

    git log --notes=ledger shows them.  They are an index derived from the ledgers.
    """


@notes.command("rebuild")
@common
def notes_rebuild(repo: str | None, as_json: bool) -> None:
    """Derive every note from the ledgers again, as one commit on refs/notes/ledger.

    Use it after the notes were lost or damaged (a clone without them, a rewrite that did
    not carry them).  Lines no ledger backs any more are dropped; the notes ref's history
    keeps them.
    """
    from gitledger.ledger.notes_from_ledgers import rebuild

    result = rebuild(repo_path(repo))
    emit(as_json, {"commit": result.commit, "notes": result.notes, "lines": result.lines,
                   "ledgers": result.ledgers},
         f"{result.notes} commit{'s' if result.notes != 1 else ''} noted from "
         f"{result.ledgers} ledger{'s' if result.ledgers != 1 else ''} "
         f"({result.lines} line{'s' if result.lines != 1 else ''})")
