"""``git ledger restore``: Print the capped re-inject block: what a compaction destroys,
restore-first."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import printed, repo_option, repo_path
from gitledger.core.names import SOURCES
from gitledger.integrations.agent_registry import FORMATS


@ledger_command()
@click.option("--budget", type=click.IntRange(min=1), metavar="CHARS",
              help="Hard cap in characters of the context (default: per format); below "
                   "the block's fixed header a usage error.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
              show_default=True, help="Plain text, JSON, or an agent's hook envelope.")
@click.option("--session-id", metavar="ID", help="The agent session asking (ownership).")
@click.option("--source", type=click.Choice(SOURCES),
              help="Why the context is being restored; startup primes the protocol once.")
@click.option("--archive", "archive_name", metavar="NAME",
              help="Restore an archived ledger instead, read-only (its id, a unique "
                   "prefix, or its ref; a teammate's: REMOTE/ID).")
@click.option("--ledger", "ledger_name", metavar="NAME",
              help="Restore another session ledger instead, read-only and headed with its "
                   "author: a teammate's, fetched from a remote (REMOTE/ID).")
@repo_option
def restore(budget: int | None, fmt: str, session_id: str | None, source: str | None,
            archive_name: str | None, ledger_name: str | None, repo: str | None) -> None:
    """Print the capped re-inject block: what a compaction destroys, restore-first.

    Degrades by priority when the ledger holds more than fits, shortening entries
    rather than refusing when even one per section does not fit whole, names what was
    clipped with the command that shows it, and ends with a ledger-canary line only when
    nothing was clipped.  --format json describes the block; claude, codex, gemini, qwen,
    cursor, pi, copilot, opencode, kilo, droid, cline and omp print the agent's
    SessionStart hook envelope.
    --archive NAME prints the
    same block for an archived ledger, headed as a read-only archive, without the
    project's decisions; it takes neither --session-id nor --source.  --ledger NAME
    does the same for a teammate's ledger fetched from a remote, headed with its
    author: nobody else's reasoning is ever injected unless asked for by name.
    """
    from gitledger.commands.restore_fast import restore as restore_command
    from gitledger.derived import restore_cache

    if archive_name is not None and (session_id is not None or source is not None):
        raise click.UsageError("--archive takes neither --session-id nor --source: an "
                               "archive belongs to no session")
    if ledger_name is not None and (session_id is not None or source is not None
                                    or archive_name is not None):
        raise click.UsageError("--ledger takes neither --archive, --session-id nor "
                               "--source: another's ledger is read, never owned")
    # This worktree's own block is saved with the key of what it was read from, for the
    # next restore to print without libgit2 while nothing moved (derived/restore_cache.py).
    own = archive_name is None and ledger_name is None
    key = restore_cache.current_key(repo_path(repo)) if own else None
    printed(restore_command({"budget": budget, "fmt": fmt, "session_id": session_id,
                             "source": source}, key, repo_path(repo), archive=archive_name,
                            ledger_name=ledger_name))
