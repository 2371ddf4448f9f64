"""``git ledger adopt``: Attach an existing session ledger to this worktree, which continues it."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command()
@click.argument("name", metavar="REF")
@common
def adopt(name: str, repo: str | None, as_json: bool) -> None:
    """Attach an existing session ledger to this worktree, which continues it.

    REF is a session ledger's id, a unique prefix or its ref, typically one git ledger
    list marks ORPHANED after its worktree was removed, or REMOTE/ID, a ledger fetched
    from a remote (your own, pushed from another machine): it gets a local ref of the
    same name, and pull and push merge the two copies from then on.  Refused when this worktree's
    own ledger holds anything (archive it first), when REF is the project ledger or an
    archive, and when another live worktree uses it: a ledger is never shared by two
    worktrees (there is no --force; a locked worktree counts as live).  Pointer files
    of removed worktrees that still name the ledger are deleted.
    """
    from gitledger.ledger.worktrees import adopt as adopt_ledger
    from gitledger.views.render import adopt_json, adopt_text

    result = adopt_ledger(repo_path(repo), name)
    emit(as_json, adopt_json(result), adopt_text(result))
