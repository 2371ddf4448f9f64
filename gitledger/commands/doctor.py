"""``git ledger doctor``: Check the ledger storage: every ref under refs/ledger/, every entry,
the pointers, the notes index, the keep-alive chain and the caches; one line per finding
with its fix."""

from __future__ import annotations

import sys

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, emit, repo_path


@ledger_command()
@click.option("--fix", is_flag=True,
              help="Repair what is safe to repair (pointers, notes, keep-alive, caches).")
@click.option("--rebuild", "rebuild", multiple=True, metavar="NAME",
              help="Rebuild the derived artifact NAME (as doctor lists them; 'all' for "
                   "every one), whatever its state. Repeatable.")
@common
def doctor(fix: bool, rebuild: tuple[str, ...], repo: str | None, as_json: bool) -> None:
    """Check the ledger storage: every ref under refs/ledger/, every entry, the pointers,
    the notes index, the keep-alive chain and the caches; one line per finding with its fix.

    --fix repairs derived and local data only (it removes a broken worktree pointer,
    rebuilds the notes, re-keeps cited commits, empties the caches) and never rewrites a
    ledger's history.  It also reports the git hooks' queue when it is held (applying
    stopped at a broken ledger or a full disk), has lines it cannot read, or waits with no
    drain at work; --fix then applies it in order.  It lists every derived artifact (the
    caches, indexes and saved outputs in the git dirs) with its state: fresh, stale,
    missing or damaged; --fix rebuilds the stale and damaged ones, --rebuild NAME any one.
    Exits 1 while an error remains.
    """
    from gitledger.audit.doctor import doctor as run_doctor
    from gitledger.audit.doctor import report_json, report_text
    from gitledger.integrations.git_events import drain_git_events
    from gitledger.ledger.hook_routes import findings as git_hook_findings

    where = repo_path(repo)
    report = run_doctor(where, fix=fix, drain=lambda: drain_git_events(where, fix=True),
                        git_hooks=git_hook_findings, rebuild=rebuild)
    emit(as_json, report_json(report), report_text(report))
    if not report.ok:
        sys.exit(1)
