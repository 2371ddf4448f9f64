"""The ``git ledger`` command line: the group, its global options, and one line per command.

Each command lives in ``commands/<name>.py`` (docs/architecture.md, "A command"); what the
commands share is in ``commands/shared.py``, and the group's error handling, one place for
every exit status, in ``commands/group.py``.
"""

from __future__ import annotations

import click

from gitledger import __version__
from gitledger.commands.group import LedgerGroup
from gitledger.commands.shared import repo_option


@click.group(cls=LedgerGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="git-ledger")
@repo_option
@click.option("--no-color", "--no-colour", "no_color", is_flag=True,
              help="Never colour the output (as NO_COLOR or color.ledger=never do).")
@click.option("--no-pager", "no_pager", is_flag=True,
              help="Never send the output through a pager (as pager.ledger=false does).")
@click.pass_context
def cli(ctx: click.Context, repo: str | None, no_color: bool, no_pager: bool) -> None:
    """Keep an AI coding agent's reasoning in git: task, next step, open questions,
    decisions with what they beat, verified facts, dropped approaches.

    Without a command, shows this worktree's ledger.  Every write prints the new
    entry's id; every command takes --json.  See docs/cli.md or man git-ledger.
    """
    if ctx.invoked_subcommand is None:
        from gitledger.commands.show import show_worktree  # noqa: PLC0415 - as add_lazy does

        show_worktree(repo)


cli.add_lazy("task", "task:task")
cli.add_lazy("next", "next_:next_")
cli.add_lazy("open", "open_:open_")
cli.add_lazy("decide", "decide:decide")
cli.add_lazy("verify", "verify:verify")
cli.add_lazy("drop", "drop:drop")
cli.add_lazy("plan", "plan:plan")
cli.add_lazy("resolve", "resolve:resolve")
cli.add_lazy("edit", "edit:edit")
cli.add_lazy("take", "take:take")
cli.add_lazy("accept", "status:accept")
cli.add_lazy("implement", "status:implement")
cli.add_lazy("deploy", "status:deploy")
cli.add_lazy("reject", "status:reject")
cli.add_lazy("evidence", "status:evidence")
cli.add_lazy("check", "check:check")
cli.add_lazy("doctor", "doctor:doctor")
cli.add_lazy("notes", "notes:notes")
cli.add_lazy("show", "show:show")
cli.add_lazy("log", "log:log")
cli.add_lazy("why", "why:why")
cli.add_lazy("search", "search:search")
cli.add_lazy("drift", "drift:drift")
cli.add_lazy("restore", "restore:restore")
cli.add_lazy("claim", "claim:claim")
cli.add_lazy("carry", "carry:carry")
cli.add_lazy("archive", "archive:archive")
cli.add_lazy("list", "list_:list_")
cli.add_lazy("prune", "prune:prune")
cli.add_lazy("adopt", "adopt:adopt")
cli.add_lazy("fetch", "fetch:fetch")
cli.add_lazy("pull", "pull:pull")
cli.add_lazy("push", "push:push")
cli.add_lazy("remote", "remote:remote_")
cli.add_lazy("review", "review:review")
cli.add_lazy("export", "export:export")
cli.add_lazy("import", "import_:import_")
cli.add_lazy("transcript", "transcript:transcript")
cli.add_lazy("tour", "tour:tour")
cli.add_lazy("install", "install:install")
cli.add_lazy("uninstall", "uninstall:uninstall")
cli.add_lazy("hook", "hook:hook")
cli.add_lazy("mcp", "mcp:mcp")
cli.add_lazy("serve", "serve:serve")
cli.add_lazy("config", "config:config")
cli.add_lazy("completion", "completion:completion")
cli.add_lazy("complete", "completion:complete")
