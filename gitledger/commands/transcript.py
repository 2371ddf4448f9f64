"""``git ledger transcript``: Agent transcripts, kept verbatim (credentials redacted) and never
pushed."""

from __future__ import annotations

import sys

import click

from gitledger.commands.shared import common, emit, given_file, repo_option, repo_path
from gitledger.integrations.agent_registry import AGENTS


@click.group()
def transcript() -> None:
    """Agent transcripts, kept verbatim (credentials redacted) and never pushed.

    They live in refs/ledger/transcripts/<session-id>, one commit per save that changed
    something; git ledger hook pre-compact and session-end save the agent's transcript.
    git ledger push sends them only with --transcripts.
    """


@transcript.command("save")
@click.option("--from", "path", required=True, metavar="PATH",
              help="The transcript file (Claude Code: the hook payload's transcript_path).")
@click.option("--session-id", "session_id", metavar="ID",
              help="Whose transcript (default: the session id inside it, else the file name).")
@common
def transcript_save(path: str, session_id: str | None, repo: str | None,
                    as_json: bool) -> None:
    """Save a transcript verbatim, credentials redacted; unchanged content writes nothing."""
    from gitledger.interchange.render import save_json, save_text
    from gitledger.interchange.transcripts import save

    result = save(repo_path(repo), given_file(repo, path), session_id=session_id)
    emit(as_json, save_json(result), save_text(result))


@transcript.command("list")
@common
def transcript_list(repo: str | None, as_json: bool) -> None:
    """List the saved transcripts: session id, saves, size, last saved."""
    from gitledger.interchange.render import transcripts_json, transcripts_text
    from gitledger.interchange.transcripts import list_transcripts

    found = list_transcripts(repo_path(repo))
    emit(as_json, transcripts_json(found), transcripts_text(found))


@transcript.command("import")
@click.option("--agent", "agents", multiple=True, type=click.Choice(AGENTS), metavar="NAME",
              help="Only this agent's transcript directories (repeatable; default every "
                   "agent whose transcripts name their working directory: claude, codex, "
                   "gemini, pi, copilot, opencode, kilo, droid, cline).")
@click.option("--dry-run", is_flag=True,
              help="List the sessions it would import; save nothing.")
@common
def transcript_import(agents: tuple[str, ...], dry_run: bool, repo: str | None,
                      as_json: bool) -> None:
    """Save this repository's earlier sessions from the agents' own transcript directories.

    Reads (never writes) each agent's transcript directories, with the hooks' path checks,
    keeps the sessions whose working directory is in one of this repository's work trees,
    and saves each, credentials redacted, as the session-end hook would. A session already
    saved as it is now is not saved again. Progress goes to stderr on a terminal.
    """
    from gitledger.integrations.transcript_import import (
        import_json,
        import_text,
        import_transcripts,
    )

    progress = _Progress() if sys.stderr.isatty() and not as_json else None
    try:
        result = import_transcripts(repo_path(repo), agents=agents, dry_run=dry_run,
                                    progress=progress)
    finally:
        if progress is not None:
            progress.done()
    emit(as_json, import_json(result), import_text(result))


class _Progress:
    """One line on stderr, rewritten at most every ``EVERY`` seconds, for a long import."""

    EVERY = 0.25

    def __init__(self) -> None:
        self.shown = 0.0
        self.drawn = False

    def __call__(self, stage: str, done: int, total: int) -> None:
        import time

        now = time.monotonic()
        if done != total and now - self.shown < self.EVERY:
            return
        self.shown = now
        self.drawn = True
        click.echo(f"\r{stage} transcripts: {done}/{total}\x1b[K", nl=False, err=True,
                   color=True)

    def done(self) -> None:
        if self.drawn:
            click.echo("\r\x1b[K", nl=False, err=True, color=True)


@transcript.command("show")
@click.argument("session_id", metavar="ID")
@repo_option
def transcript_show(session_id: str, repo: str | None) -> None:
    """Print a saved transcript, byte for byte as saved."""
    from gitledger.interchange.transcripts import load

    click.echo(load(repo_path(repo), session_id), nl=False)  # bytes: written as they are
