"""``git ledger archive``: Carry the durable half to the project ledger, archive the rest,
start afresh."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, dry_run_option, emit, repo_path, warn


@ledger_command()
@click.option("--carry", "carry_ids", multiple=True, metavar="ID",
              help="Carry exactly these entries (repeatable) instead of the default.")
@click.option("--carry-all-durable", "all_durable", is_flag=True,
              help="Carry every decision, verified fact and dropped approach.")
@click.option("--no-carry", "no_carry", is_flag=True, help="Carry nothing.")
@click.option("--ledger", "name", metavar="NAME",
              help="Archive this session ledger (id, prefix or ref) instead of this "
                   "worktree's: an orphaned one, whose worktree is gone.  A ledger another "
                   "live worktree uses is refused; this worktree's pointer is left alone.")
@dry_run_option
@common
def archive(carry_ids: tuple[str, ...], all_durable: bool, no_carry: bool, name: str | None,
            dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Carry the durable half to the project ledger, archive the rest, start afresh.

    By default the decisions in force (with the decisions they superseded), VERIFIED
    facts and DROPPED approaches are carried; OPEN questions and NEXT stay with the
    archive; an --ask-user question never answered is warned about (--dry-run lists
    them).  The ledger then becomes an annotated tag at refs/ledger/archive/<ledger-id>
    (git show and git cat-file -p read it; signed when tag.gpgSign is set) whose message
    summarises the task and what was carried; nothing is deleted, and the next write in
    this worktree starts a new ledger.  Interrupted (Ctrl-C), it finishes the archive or
    leaves nothing, and says which.
    """
    from gitledger.core.interrupts import finished
    from gitledger.ledger.archive_command import archive as archive_ledger
    from gitledger.views.render import archive_json, archive_text, archive_warning

    result = archive_ledger(repo_path(repo), carry=carry_ids, carry_all_durable=all_durable,
                            no_carry=no_carry, dry_run=dry_run, name=name)
    finished()  # archived: the report is printed whole, whatever Ctrl-C comes now
    emit(as_json, archive_json(result), archive_text(result))
    warn(archive_warning(result))
