"""``git ledger import``: Import a .claude/session-ledger.md or a decisions/ledger.jsonl into
the ledger."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import (
    common,
    dry_run_option,
    emit,
    given_file,
    project_option,
    repo_path,
)
from gitledger.interchange.formats import IMPORT_FORMATS, option_help


@ledger_command("import")
@click.argument("path", metavar="FILE")
@click.option("--format", "fmt", type=click.Choice(IMPORT_FORMATS), help=option_help("import"))
@click.option("--skip-invalid", "skip_invalid", is_flag=True,
              help="Import the valid records and report the invalid ones, instead of "
                   "importing nothing.")
@dry_run_option
@project_option
@common
def import_(path: str, fmt: str | None, skip_invalid: bool, dry_run: bool, project: bool,
            repo: str | None, as_json: bool) -> None:
    """Import a .claude/session-ledger.md or a decisions/ledger.jsonl into the ledger.

    Every record is validated first; with any invalid one nothing is written (one line
    names the first problems with their line numbers) unless --skip-invalid.  The import
    is one event.  Ids survive: git ledger export --format jsonl (or session-md) gives
    the file back, and importing the same file again writes nothing new.
    """
    from gitledger.interchange.importer import import_file, import_json, import_text

    result = import_file(repo_path(repo), given_file(repo, path), fmt=fmt, project=project,
                         dry_run=dry_run, skip_invalid=skip_invalid)
    emit(as_json, import_json(result), import_text(result))
