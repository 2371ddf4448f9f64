"""``git ledger mcp``: Serve this repository's ledger to an agent over MCP (stdio): a tool per
command."""

from __future__ import annotations

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import repo_option, repo_path


@ledger_command()
@repo_option
def mcp(repo: str | None) -> None:
    """Serve this repository's ledger to an agent over MCP (stdio): a tool per command.

    Tools for every write (task, next, open, decide, verify, drop, plan, resolve, edit,
    accept, implement, deploy, reject, evidence, archive, carry, pull, push) and read
    (show, log, check, why, restore, list, review), taking the command's options as JSON
    arguments and returning what it prints with --json; the resources ledger://restore,
    ledger://ledger, ledger://project and ledger://entry/{id}; and a checkpoint prompt.
    An agent starts it; git ledger install --agent NAME --mcp registers it.  Needs the
    optional extra: pip install 'gitledger[mcp]'.  See docs/mcp.md.
    """
    from gitledger.integrations.mcp_server import serve

    serve(repo_path(repo))
