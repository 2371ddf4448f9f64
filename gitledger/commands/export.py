"""``git ledger export``: Export the ledger (the living page, JSON, the seeds' own files) or a
saved session."""

from __future__ import annotations

import click

from gitledger.commands.completion import complete_ledgers
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import given_file, project_option, repo_option, repo_path, warn
from gitledger.core.display import printable
from gitledger.interchange.formats import EXPORT_FORMATS, option_help


@ledger_command()
@click.option("--format", "fmt", required=True,
              type=click.Choice(EXPORT_FORMATS), help=option_help("export"))
@click.option("-o", "--output", "output", metavar="PATH",
              help="Write to PATH, atomically, instead of standard output ('-').")
@click.option("--force", is_flag=True, help="With -o: replace a file that exists.")
@click.option("--session", "session_id", metavar="ID",
              help="md, atif: export the saved session ID (its session id or a unique "
                   "prefix; git ledger transcript list shows them) instead of a ledger.")
@click.option("--ledger", "name", metavar="NAME", help="Another ledger (id, ref or project).",
              shell_complete=complete_ledgers)
@project_option
@repo_option
def export(fmt: str, output: str | None, force: bool, session_id: str | None,
           name: str | None, project: bool, repo: str | None) -> None:
    """Export the ledger (the living page, JSON, the seeds' own files) or a saved session.

    md is one Markdown page with every section, each line stamped with the ledger commit
    that wrote it, superseded and rejected decisions struck through with a link to what
    replaced them, and a Mermaid graph of the supersedes chains.  session-md and jsonl
    are what git ledger import reads back.  With --session ID, md is that saved session
    (Claude Code, Codex or Gemini CLI) as one document: frontmatter, every turn, and a
    Summary table of each turn's tool calls, files and ledger entries; atif is the same
    session as an ATIF v1.8 trajectory.  Without -o (or with -o -) the export goes to
    standard output; -o never overwrites a file unless --force, and never follows a
    symlink.  html writes the pages of git ledger serve into the directory -o DIR, as a
    static site with relative links (it needs the web extra: pip install
    'gitledger[web]').
    """
    from gitledger.interchange.formats import export_as, site_writer, writes_directory

    if force and output in (None, "-"):
        raise click.UsageError("--force goes with -o PATH")
    if writes_directory(fmt):
        if output in (None, "-"):
            raise click.UsageError(f"--format {fmt} writes a directory: give -o DIR")
        if session_id or name or project:
            raise click.UsageError(f"--format {fmt} exports every ledger: it takes neither "
                                   "--session, --ledger nor --project")
        writer = site_writer(fmt)
        assert writer is not None
        written = writer(repo_path(repo), given_file(repo, output), force=force)
        click.echo(f"wrote {written.pages} pages to {printable(str(written.path))}", err=True)
        return
    text, warnings = export_as(repo_path(repo), fmt, project=project, name=name,
                               session_id=session_id)
    for warning in warnings:
        warn(warning)
    if output in (None, "-"):
        click.echo(text, nl=False)
        return
    from gitledger.interchange.export import write_export

    written = write_export(repo_path(repo), given_file(repo, output), text, force=force)
    click.echo(f"wrote {printable(str(written))} ({len(text.encode('utf-8'))} bytes)", err=True)
