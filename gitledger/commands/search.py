"""``git ledger search``: Have we decided this before? Full-text search of every local ledger."""

from __future__ import annotations

import sys

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path
from gitledger.core.model import STATUSES
from gitledger.core.names import KINDS


@ledger_command()
@click.argument("words", nargs=-1, required=True, metavar="QUERY...")
@click.option("--kind", "kinds", multiple=True, metavar="KIND",
              type=click.Choice(KINDS), help="Only entries of this kind (repeat for several).")
@click.option("--scope", "scopes", multiple=True, metavar="SCOPE",
              help="Only decisions of this scope or one under it (auth finds auth/login).")
@click.option("--status", "statuses", multiple=True, metavar="STATUS",
              type=click.Choice(STATUSES),
              help=f"Only decisions with this status: {', '.join(STATUSES)} (repeat for "
                   "several).")
@click.option("--author", "authors", multiple=True, metavar="NAME",
              help="Only entries brought in by someone whose name or email holds NAME.")
@click.option("--transcripts", is_flag=True,
              help="Also search the saved transcripts' messages.")
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True,
              metavar="N", help="Show at most N hits.")
@common
def search(words: tuple[str, ...], kinds: tuple[str, ...], scopes: tuple[str, ...],
           statuses: tuple[str, ...], authors: tuple[str, ...], transcripts: bool,
           limit: int, repo: str | None, as_json: bool) -> None:
    """Have we decided this before? Full-text search of every local ledger.

    Session ledgers, the project ledger, archives and the mirrors of teammates' ledgers
    (and the saved transcripts with --transcripts), ranked by BM25, best first; each hit
    with its ledger, id, kind, status, author (from history) and date, and the passage
    that matched.  Every word of QUERY (one argument or several) must begin a word of the
    entry (ValueErr finds ValueError; a Chinese, Japanese or Korean word is found inside a
    longer run); it is searched literally (quotes, *, NEAR, AND, OR mean nothing).
    Superseded and rejected decisions are found and marked.  The index is derived, in the
    git dir, kept up to date from the refs.  Exits 1 when nothing matches, like grep.
    """
    from gitledger.search.query import search as search_ledgers
    from gitledger.search.query import search_json, search_text

    result = search_ledgers(repo_path(repo), " ".join(words), kinds=kinds, scopes=scopes,
                            statuses=statuses, authors=authors, transcripts=transcripts,
                            limit=limit)
    emit(as_json, search_json(result), search_text(result))
    if not result.total:
        sys.exit(1)  # like grep: nothing matched
