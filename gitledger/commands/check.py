"""``git ledger check``: Validate this worktree's ledger and the project ledger."""

from __future__ import annotations

import os

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import common, printed, project_option, repo_path, stdin_payload
from gitledger.integrations.agent_registry import AGENTS


@ledger_command()
@click.option("--hook", "hook_event", type=click.Choice(["stop"]),
              help="Run as the agent's Stop hook: read its JSON on stdin, block on errors.")
@click.option("--agent", "agent", type=click.Choice(AGENTS), default="claude",
              show_default=True, help="With --hook: the agent calling.")
@click.option("--ledger", "name", metavar="NAME", help="Check only this ledger.")
@project_option
@common
def check(hook_event: str | None, agent: str, name: str | None, project: bool,
          repo: str | None, as_json: bool) -> None:
    """Validate this worktree's ledger and the project ledger.

    Prints each finding with its rule, the entry and a one-line fix.  Errors (claims the
    ledger cannot back) exit 1; warnings are printed and exit 0.  While no ref, HEAD or
    the worktree's pointer moved, a plain check prints the last one's report again.
    With --hook stop, reads the agent's Stop payload and prints {"decision": "block", ...}
    for errors only; it never blocks twice in a row, on warnings, or when it fails itself.
    """
    if hook_event is not None:
        if as_json or project or name:
            raise click.UsageError("--hook stop prints the agent's own JSON and checks this "
                                   "worktree: leave out --json, --project and --ledger")
        from gitledger.integrations.stop_hook import run_stop_check

        result = run_stop_check(agent, stdin_payload(), os.environ, cwd=repo_path(repo))
        if result.stdout:
            click.echo(result.stdout)
        if result.stderr:
            click.echo(result.stderr, err=True, nl=False)
        return
    if agent != "claude" and not hook_event:
        raise click.UsageError("--agent only applies with --hook stop")
    from gitledger.commands.check_fast import check as check_command

    printed(check_command({"as_json": as_json, "project": project}, None, repo_path(repo),
                          name=name))
