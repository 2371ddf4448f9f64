"""``git ledger install`` / ``uninstall``: the git hooks and, for a named agent, its hooks
(and with ``--mcp`` its MCP registration).

``--agent`` adds the git hooks only where none of ours runs yet by any route, since a
second copy would record every commit twice.  One report says exactly what changed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from gitledger.errors import HookRouteRefused, InvalidInput, RepositoryError
from gitledger.integrations import agents, mcp_config

# Aliased: ``uninstall`` takes a flag named ``git_hooks``.
from gitledger.integrations import git_hooks as git_hook_scripts
from gitledger.integrations.agent_registry import agent as agent_record
from gitledger.integrations.config_files import staged
from gitledger.ledger import path_index
from gitledger.storage.commit_graph import INSTALL_LIMIT, path_filters, write_path_filters
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store

#: The last line of a dry run's report, once, whatever it covered.
DRY_RUN_LINE = "dry run: nothing was written"


@dataclass(frozen=True)
class Installed:
    agent: agents.HookConfigReport | None
    git: git_hook_scripts.GitHooksReport | None
    mcp: mcp_config.McpConfigReport | None = None
    #: ``install --agent`` left the git hooks alone: ours run already.
    git_left: bool = False
    #: ``install --agent`` did not install the git hooks: why (the manager's manual route).
    git_refused: str = ""
    #: What was done about git's changed-path filters, one line ("" when nothing).
    commit_graph: str = ""


def install(
    where: str | os.PathLike[str] | None, *, agent: str | None = None,
    git_hooks: bool = False, dry_run: bool = False, mcp: bool = False,
) -> Installed:
    if mcp and not agent:
        raise InvalidInput("--mcp registers git ledger mcp with an agent: name it with "
                           "--agent")
    repo = Repo(where)
    repo.require_work_tree("install")
    if agent:
        spec = agent_record(agent)  # an unknown name is refused before anything is written
        if mcp and spec.mcp is None:
            raise InvalidInput(f"{spec.title} takes no MCP server from the project: "
                               f"install --agent {spec.name} without --mcp")
    # With --agent alone, the git hooks only where none of ours runs yet by any route.
    with_git = git_hooks or not agent or not git_hook_scripts.runs_anywhere(where)

    def steps(dry: bool) -> Installed:
        # A dry run's steps see what the steps before them would have written.
        with staged(dry):
            git, refused = _git_step(where, with_git, optional=bool(agent) and not git_hooks,
                                      dry=dry)
            found = agents.install(where, agent, dry_run=dry) if agent else None
            server = mcp_config.install(where, agent, dry_run=dry) if agent and mcp else None
        return Installed(found, git, server, git_left=not with_git, git_refused=refused)

    done = replace(_all_or_nothing(steps, dry_run),
                   commit_graph=_path_filters_step(repo, dry_run))
    if agent and not dry_run:
        # The pre-tool-use hook's shell fast path reads this worktree's token file; from
        # now on every ledger write keeps it (ledger/path_index.py).
        path_index.refresh(Store(repo), create=True)
    return done


def _git_step(where: str | os.PathLike[str] | None, with_git: bool, *, optional: bool,
              dry: bool) -> tuple[git_hook_scripts.GitHooksReport | None, str]:
    """The git hooks installed, or (``install --agent`` alone, ``optional``) why not: a
    route the manager refuses stops the agent's install only when the git hooks were
    asked for."""
    if not with_git:
        return None, ""
    try:
        return git_hook_scripts.install_git_hooks(where, dry_run=dry), ""
    except HookRouteRefused as exc:
        if not optional:
            raise
        return None, str(exc).removesuffix("; nothing was changed")


def _path_filters_step(repo: Repo, dry: bool) -> str:
    """git's commit-graph made to record changed paths, once, on a long history: ``why``
    and drift wait for ``git blame``, which without them reads every commit's tree."""
    found = path_filters(repo, INSTALL_LIMIT)
    if not found.wanted:
        return ""
    if found.commits > INSTALL_LIMIT:
        return (f"commit-graph: over {INSTALL_LIMIT:,} commits and no changed-path filters: "
                "git blame, and so why, reads every commit; git ledger doctor --fix writes "
                "them (a minute or more at this size)")
    if dry:
        return (f"commit-graph: would record changed paths ({found.commits:,} commits), "
                "for git blame and so why")
    try:
        seconds = write_path_filters(repo)
    except RepositoryError as exc:
        return f"commit-graph: changed paths not written: {exc}"
    return (f"commit-graph: records changed paths now ({found.commits:,} commits, "
            f"{seconds:.1f} s): git blame, and so why and drift, reads only the commits "
            "that touch a file")


def uninstall(
    where: str | os.PathLike[str] | None, *, agent: str | None = None,
    git_hooks: bool = False, dry_run: bool = False,
) -> Installed:
    def steps(dry: bool) -> Installed:
        with staged(dry):
            found = agents.uninstall(where, agent, dry_run=dry) if agent else None
            server = (mcp_config.uninstall(where, agent, dry_run=dry)
                      if agent and agent_record(agent).mcp is not None else None)
            git = (git_hook_scripts.uninstall_git_hooks(where, dry_run=dry)
                   if git_hooks or not agent else None)
        return Installed(found, git, server)

    return _all_or_nothing(steps, dry_run)


def _all_or_nothing(steps: Callable[[bool], Installed], dry_run: bool) -> Installed:
    """Run ``steps`` as a dry run first: every refusal (a config we would not rewrite, a
    symbolic link on the way to a file) comes before the first write, so a refused
    install or uninstall has written nothing anywhere."""
    planned = steps(True)
    return planned if dry_run else steps(False)


def report_text(result: Installed) -> str:
    parts = []
    if result.agent is not None:
        parts.append(agents.report_text(result.agent))
    if result.mcp is not None:
        parts.append(mcp_config.report_text(result.mcp))
    if result.git is not None:
        parts.append(git_hook_scripts.report_text(result.git))
    elif result.git_refused:
        parts.append(f"git hooks: not installed: {result.git_refused}")
    elif result.git_left:
        parts.append("git hooks: ours run already; left alone (--git-hooks installs them "
                     "again by the route this repository needs)")
    if result.commit_graph:
        parts.append(result.commit_graph)
    dry = any(r is not None and r.dry_run for r in (result.agent, result.mcp, result.git))
    return "\n".join([*parts, DRY_RUN_LINE] if dry else parts)


def report_json(result: Installed) -> dict[str, Any]:
    """The agent's report (when one was named) with the MCP registration's under ``mcp``
    and the git hooks' under ``git_hooks``."""
    out: dict[str, Any] = agents.report_json(result.agent) if result.agent else {}
    if result.agent is not None:
        out["mcp"] = mcp_config.report_json(result.mcp) if result.mcp else None
    out["git_hooks"] = git_hook_scripts.report_json(result.git) if result.git else None
    if result.agent is not None:
        out["git_hooks_refused"] = result.git_refused or None
    out["commit_graph"] = result.commit_graph or None
    return out
