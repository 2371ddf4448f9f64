"""``git ledger install``: Install the git hooks, or an agent's hooks with --agent."""

from __future__ import annotations

import os
from typing import Any

import click

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
@click.option("--mcp", "mcp_server", is_flag=True,
              help="With --agent: also register git ledger mcp in the agent's MCP config.")
@git_hooks_option("The git hooks (with --agent: the git hooks as well, in any case).")
@click.option("--completion", "shell", is_flag=False, flag_value="", default=None,
              metavar="[SHELL]", help="Install the shell completion for SHELL (bash, zsh or "
              "fish; default: your $SHELL) in your home; alone, nothing else.")
@dry_run_option
@common
def install(agent: str | None, mcp_server: bool, git_hooks: bool, shell: str | None,
            dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Install the git hooks, or an agent's hooks with --agent.

    The git hooks (post-commit, post-checkout, post-rewrite) go by the route the
    repository's hook manager needs, and the report says which: where git runs hooks
    (core.hooksPath, or the common git dir's hooks/), a hook of yours kept as
    <hook>.pre-ledger and run first; beside pre-commit's scripts as <hook>.legacy, which
    it runs first; a call in husky's .husky/<hook>, or a command in lefthook's
    lefthook-local.yml, to our scripts in the git dir.  notes.rewriteRef is set so the
    notes follow amend and rebase.  --agent merges our entries into
    .claude/settings.json, .codex/hooks.json, .gemini/settings.json, .qwen/settings.json,
    .cursor/hooks.json, .github/hooks/git-ledger.json or .factory/settings.json (Factory
    Droid), keeping everything else (a config that is not valid JSON is refused
    untouched), or for Pi, OpenCode, Kilo, Cline CLI and Oh My Pi writes our plugin,
    .pi/extensions/git-ledger.ts, .opencode/plugins/git-ledger.js,
    .kilo/plugins/git-ledger.js, .cline/plugins/git-ledger.ts or
    .omp/extensions/git-ledger.ts (a file of that name that is not ours is refused
    untouched), and installs the git hooks only where none of ours
    runs yet, unless --git-hooks is given too (where the manager leaves them only a
    manual route, husky 4 or simple-git-hooks, it says so and installs the agent's hooks
    all the same).  --mcp also registers the MCP server (git ledger mcp) in .mcp.json
    (Claude Code, Copilot CLI), .codex/config.toml, .gemini/settings.json,
    .qwen/settings.json, .cursor/mcp.json, opencode.json, kilo.json, .factory/mcp.json or
    .omp/mcp.json (Pi has no MCP client; Cline CLI reads none from the project).
    --completion installs the shell completion where the shell finds it (git ledger
    completion prints the script instead).  Running it again changes nothing.  Prints
    exactly what it changed.
    """
    from gitledger.integrations.install import install as install_all
    from gitledger.integrations.install import report_json, report_text

    data: dict[str, Any] = {}
    texts: list[str] = []
    if shell is not None:
        from gitledger.integrations import completion

        if shell and shell not in completion.SHELLS:
            raise click.BadParameter(f"{shell!r} is not one of bash, zsh, fish",
                                     param_hint="--completion")
        done = completion.install_completion(shell or completion.detect_shell(os.environ),
                                             os.environ, dry_run=dry_run)
        data, texts = completion.installed_json(done), [completion.installed_text(done)]
        if agent is None and not git_hooks:
            emit(as_json, data, texts[0])
            return
    result = install_all(repo_path(repo), agent=agent, git_hooks=git_hooks,
                         dry_run=dry_run, mcp=mcp_server)
    emit(as_json, {**report_json(result), **data}, "\n".join([report_text(result), *texts]))
