"""``git ledger uninstall``: Remove gitledger's hooks, and only those: an agent's, or the git
hooks."""

from __future__ import annotations

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import (
    agent_option,
    common,
    dry_run_option,
    emit,
    git_hooks_option,
    repo_path,
)


@ledger_command()
@agent_option(required=False)
@git_hooks_option("Remove the git hooks (the default when no --agent is given).")
@dry_run_option
@common
def uninstall(agent: str | None, git_hooks: bool, dry_run: bool, repo: str | None,
              as_json: bool) -> None:
    """Remove gitledger's hooks, and only those: an agent's, or the git hooks.

    With --agent, our entries leave that agent's config, and our MCP server its MCP
    config (other hooks, servers and settings are kept; a file left with nothing else
    is deleted).  Without --agent, or with
    --git-hooks, our git hooks are removed and the hooks they chained are put back.
    Prints exactly what it changed.
    """
    from gitledger.integrations.install import report_json, report_text
    from gitledger.integrations.install import uninstall as uninstall_all

    result = uninstall_all(repo_path(repo), agent=agent, git_hooks=git_hooks, dry_run=dry_run)
    emit(as_json, report_json(result), report_text(result))
