"""``git ledger show``: Show the current ledger, or one entry with its history."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from gitledger.commands.completion import complete_ids, complete_ledgers
from gitledger.commands.group import drain_git_events, for_a_person, ledger_command
from gitledger.commands.shared import common, emit, fail, project_option, repo_path
from gitledger.core.names import KINDS

if TYPE_CHECKING:
    from gitledger.views.show_and_log import Shown


@ledger_command()
@click.argument("entry_id", metavar="[ID]", required=False,
                shell_complete=complete_ids)
@click.option("--kind", type=click.Choice(KINDS), help="Only this section.")
@click.option("--ledger", "name", metavar="NAME", help="Another ledger (id, ref or project).",
              shell_complete=complete_ledgers)
@click.option("--archive", "archive_name", metavar="NAME",
              help="An archived ledger, read-only (its id, a unique prefix, or its ref; "
                   "git ledger list --archived shows them), or a teammate's fetched from a "
                   "remote (REMOTE/ID).")
@project_option
@common
def show(entry_id: str | None, kind: str | None, name: str | None, archive_name: str | None,
         project: bool, repo: str | None, as_json: bool) -> None:
    """Show the current ledger, or one entry with its history.

    --archive NAME shows an archived ledger as it stood when it was archived; with
    --json the output gains an "archive" object (tag, date, tagger, what was carried).
    Exits 1 after printing everything else if some entry could not be read.
    """
    from gitledger.views.show_and_log import show as show_ledger

    _print_shown(show_ledger(repo_path(repo), entry_id or None, kind=kind, name=name,
                             archive=archive_name, project=project), as_json)


def _print_shown(shown: Shown, as_json: bool) -> None:
    """Print a ledger; unreadable entries are named on stderr after the rest (exit 1).

    The MCP tool names them in its document instead: it has no exit status.
    """
    from gitledger.views.show_and_log import show_json, show_text, unreadable

    emit(as_json, show_json(shown), show_text(shown))
    bad = unreadable(shown)
    if bad:
        fail(f"{len(bad)} unreadable entr{'y' if len(bad) == 1 else 'ies'}: "
             f"{', '.join(bad)} (everything else is shown)", 1)


def show_worktree(repo: str | None) -> None:
    """``git ledger`` without a command: this worktree's ledger, as ``show`` prints it."""
    from gitledger.views.show_and_log import show as show_ledger

    drain_git_events(repo)
    for_a_person(repo, "show")
    _print_shown(show_ledger(repo), as_json=False)
