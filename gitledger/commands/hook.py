"""``git ledger hook``: an agent hook (session-start, pre-compact, session-end,
pre-tool-use), the Python part of a git hook, or the drain of what the git hooks queued.
The plain pre-tool-use call runs without click, in ``hook_fast.py``."""

from __future__ import annotations

import os

import click

from gitledger.commands.group import drain_git_events, ledger_command
from gitledger.commands.shared import repo_path, stdin_payload
from gitledger.integrations.agent_registry import AGENTS


@ledger_command()
@click.argument("event", metavar="EVENT")
@click.argument("args", nargs=-1, metavar="[ARGS]...")
@click.option("--agent", "agent", default="claude", show_default=True,
              metavar=f"[{'|'.join(AGENTS)}]",
              help="The agent calling: how to read its JSON and shape the output.")
def hook(event: str, args: tuple[str, ...], agent: str) -> None:
    """Run an agent hook (session-start, pre-compact, session-end, pre-tool-use) or the
    Python part of a git hook (post-commit, post-checkout, post-rewrite, with git's ARGS),
    or drain: apply what the git hooks queued (they start it, detached).

    What the hooks that install writes call.  An agent hook reads the agent's JSON from
    standard input and finds the repository from its cwd.  session-start makes the session
    the owner of an unowned ledger, exports GIT_LEDGER_SESSION_ID through CLAUDE_ENV_FILE when the
    agent provides it, and prints the restore block in the agent's format; pre-compact
    and session-end record a checkpoint; pre-tool-use prints the decisions that govern
    the file the agent's tool is about to write (never blocking it), or nothing.  Never
    fails the agent or git: on any error it prints one line on standard error (and a
    minimal block for session-start) and exits 0.
    """
    from gitledger.core.names import GIT_EVENTS

    if event in GIT_EVENTS or event == "drain":
        from gitledger.integrations.git_events import run_git_hook

        result = run_git_hook(event, args, stdin_payload(), cwd=repo_path(None))
    elif event == "pre-tool-use":
        # Before every edit: only the pre-tool-use module and the ledger's reads load.
        from gitledger.integrations.pre_tool_hook import run_pre_tool_use

        result = run_pre_tool_use(agent, stdin_payload(), os.environ, cwd=repo_path(None))
    else:
        from gitledger.integrations.agent_hooks import run_hook

        # An agent's hook reads the ledger too; what the drain says waits for a command
        # whose output someone reads (the restore block is the agent's, stderr no one's).
        drain_git_events(None, report=False)
        result = run_hook(event, agent, stdin_payload(), os.environ, cwd=repo_path(None))
    if result.stdout:
        click.echo(result.stdout)
    if result.stderr:
        click.echo(result.stderr, err=True, nl=False)
