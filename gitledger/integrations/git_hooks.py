"""Installing and uninstalling the git hooks, by the route the repository's hook manager
needs, plus the notes settings that carry our notes over amend and rebase, and the report.
Templates are ``git_hook_templates.py``; routes are ``hook_plans.py``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from gitledger.integrations import hook_plans
from gitledger.integrations.git_hook_templates import (
    CHAINED_SUFFIX,
    GIT_HOOKS,
    MARK,
    NOTES_REF,
    template,
)
from gitledger.integrations.hook_plans import GitHookChange
from gitledger.ledger import hook_routes
from gitledger.ledger.hook_routes import PLAIN, PRE_COMMIT, SCRIPTS_DIR
from gitledger.storage.repo import Config, Repo

__all__ = ["CHAINED_SUFFIX", "GIT_HOOKS", "MARK", "NOTES_REF", "GitHookChange",
           "GitHooksReport", "install_git_hooks", "report_json", "report_text",
           "runs_anywhere", "template", "uninstall_git_hooks"]

REWRITE_MODE = "cat_sort_uniq"
#: Marks a notes.rewriteMode that install set (uninstall takes out only that one).
SET_MODE_KEY = "ledger.setRewriteMode"
SET_REF_KEY = hook_routes.INSTALLED_KEY


@dataclass(frozen=True)
class GitHooksReport:
    hooks_dir: str
    changes: tuple[GitHookChange, ...]
    dry_run: bool
    #: The hook manager found (``hook_routes``: git, husky 9, husky 5-8, lefthook,
    #: pre-commit).
    manager: str = PLAIN
    #: What else the reader should know: a manager configured but not installed.
    notes: tuple[str, ...] = ()


def install_git_hooks(
    where: str | os.PathLike[str] | None = None, *, dry_run: bool = False
) -> GitHooksReport:
    """Install the three hooks by the route the repository's hook manager needs; set the
    notes config.

    Every hook is planned (and a refusal raised) before anything is written.
    """
    repo = Repo(where)
    setup = hook_routes.detect(repo)
    plan = hook_plans.plan_install(repo, setup)
    if not dry_run:
        hook_plans.apply(plan.ops)
    changes = [*plan.changes, _rewrite_ref(repo, add=True, dry_run=dry_run),
               _rewrite_mode(repo, add=True, dry_run=dry_run)]
    return GitHooksReport(str(setup.hooks_dir), tuple(changes), dry_run, setup.manager,
                          _notes(setup))


def uninstall_git_hooks(
    where: str | os.PathLike[str] | None = None, *, dry_run: bool = False
) -> GitHooksReport:
    """Remove our hooks and our calls (and only ours), wherever install put them, putting
    back the hooks they chained; the manager keeps working."""
    repo = Repo(where)
    setup = hook_routes.detect(repo)
    plan = hook_plans.plan_uninstall(repo, setup)
    if not dry_run:
        hook_plans.apply(plan.ops)
    # A git-ledger hook line of the user's still runs ours: the notes still need carrying.
    still = sorted({run.path for name in GIT_HOOKS
                    for run in hook_routes.runs(setup, name).runs if not run.ours})
    changes = [*plan.changes, _rewrite_ref(repo, add=False, dry_run=dry_run, kept_by=still),
               _rewrite_mode(repo, add=False, dry_run=dry_run, kept_by=still)]
    return GitHooksReport(str(setup.hooks_dir), tuple(changes), dry_run, setup.manager,
                          _notes(setup))


def runs_anywhere(where: str | os.PathLike[str] | None = None) -> bool:
    """Whether any hook of ours runs here yet, by any route (``install --agent`` installs
    the git hooks only where none does)."""
    setup = hook_routes.detect(Repo(where))
    return any(hook_routes.runs(setup, name).runs for name in GIT_HOOKS)


def _notes(setup: hook_routes.Setup) -> tuple[str, ...]:
    if setup.unsynced:
        return (f"husky has not written its hooks in this worktree ({setup.hooks_dir} is "
                "missing): run npx husky here (npm install runs it); until then git runs "
                "neither husky's hooks nor ours",)
    if setup.configured_only is None:
        return ()
    return (f"{setup.configured_only} is configured here but its hooks are not installed: "
            f"once they are, run git ledger install again (it would hide ours)",)


def _rewrite_ref(repo: Repo, *, add: bool, dry_run: bool,
                 kept_by: list[str] | None = None) -> GitHookChange:
    """``notes.rewriteRef`` names our notes so git carries them over amend and rebase.

    Written to (and removed from) the repository's own config only, and removed only when
    install added it there: a value from the user's config, or set before, stays; so does
    ours while a hook line of the user's (``kept_by``) still records commits.
    """
    label = f"notes.rewriteRef={NOTES_REF}"
    everywhere = _values(repo.git.config, "notes.rewriteRef")
    local = repo.local_config()
    ours = _config_flag(local, SET_REF_KEY)
    if add:
        if NOTES_REF in everywhere:
            return GitHookChange(label, "unchanged", "git config")
        if not dry_run:
            local.set_multivar("notes.rewriteRef", "^$", NOTES_REF)
            local[SET_REF_KEY] = True
        return GitHookChange(label, "added", "git config")
    if not ours or NOTES_REF not in _values(local, "notes.rewriteRef"):
        return GitHookChange(label, "absent", "git config")
    if kept_by:
        return GitHookChange(label, "kept", kept_by[0])
    if not dry_run:
        local.delete_multivar("notes.rewriteRef", f"^{NOTES_REF}$")
        del local[SET_REF_KEY]
    return GitHookChange(label, "removed", "git config")


def _rewrite_mode(repo: Repo, *, add: bool, dry_run: bool,
                  kept_by: list[str] | None = None) -> GitHookChange:
    """``notes.rewriteMode=cat_sort_uniq``: a rewritten commit's note is the sorted union
    of its lines (git's default, ``concatenate``, would repeat lines the hook wrote again).

    Set only where nothing says otherwise, and taken out only when install set it."""
    try:
        current: str | None = str(repo.git.config["notes.rewriteMode"])
    except KeyError:
        current = None
    local = repo.local_config()
    ours = _config_flag(local, SET_MODE_KEY)
    if add:
        if current == REWRITE_MODE:
            return GitHookChange(f"notes.rewriteMode={REWRITE_MODE}", "unchanged",
                                 "git config")
        if current is not None:  # the user's choice stands; the report says what it is
            return GitHookChange(f"notes.rewriteMode={current}", "kept", "git config")
        if not dry_run:
            local["notes.rewriteMode"] = REWRITE_MODE
            local[SET_MODE_KEY] = True  # so uninstall knows the setting is ours to take
        return GitHookChange(f"notes.rewriteMode={REWRITE_MODE}", "added", "git config")
    label = f"notes.rewriteMode={REWRITE_MODE}"
    if not ours or current != REWRITE_MODE:
        return GitHookChange(label, "absent", "git config")
    if kept_by:
        return GitHookChange(label, "kept", kept_by[0])
    if not dry_run:
        del local["notes.rewriteMode"]
        del local[SET_MODE_KEY]
    return GitHookChange(label, "removed", "git config")


def _values(config: Config, key: str) -> list[str]:
    try:
        return [str(v) for v in config.get_multivar(key)]
    except KeyError:
        return []


def _config_flag(config: Config, key: str) -> bool:
    try:
        return bool(config.get_bool(key))
    except (KeyError, ValueError):
        return False


_SIGNS = {"added": "+", "chained": "+", "updated": "~", "unchanged": "=", "kept": "=",
          "runs-already": "=", "removed": "-", "restored": "-", "cleaned": "-", "absent": " "}


def _header(report: GitHooksReport) -> str:
    if report.manager == PLAIN:
        return f"git hooks in {report.hooks_dir}:"
    if report.manager == PRE_COMMIT:
        return f"git hooks in {report.hooks_dir}, beside pre-commit's:"
    return f"git hooks through {report.manager} (git runs {report.hooks_dir}):"


def _extra(change: GitHookChange) -> str:
    name, where = change.name, Path(change.path).name
    if change.action == "kept" and change.path != "git config":
        return f" ({change.path} still runs git-ledger hook)"
    if change.action == "cleaned":
        return f" ({change.path}: a copy of ours that nothing ran)"
    if change.action == "runs-already":
        return f" ({change.path} runs git-ledger hook {name} already: nothing added)"
    if change.action == "absent":
        return " (not installed)"
    if change.action == "restored":
        return f" (your {name}{CHAINED_SUFFIX} is back as {where})"
    if change.action == "kept":
        return (f" (yours; the ledger's notes want {REWRITE_MODE} when a commit is"
                " rewritten)")
    if change.action in ("removed", "unchanged", "updated", "added", "chained"):
        return {
            "husky": f" (a call at the end of {change.path}, to ours in the git dir's "
                     f"{SCRIPTS_DIR}/)",
            "lefthook": f" (a git-ledger command in {change.path}; lefthook's own script "
                        "runs it)",
            "pre-commit-legacy": f" (ours is {where}, which pre-commit runs first)",
            "pre-commit-config": f" (pre-commit's config runs git-ledger hook {name}: the "
                                 "copy of ours would have run twice)",
        }.get(change.route, " (your hook is kept as " + name + CHAINED_SUFFIX
              + " and runs first)" if change.action == "chained" else "")
    return ""


def report_text(report: GitHooksReport) -> str:
    lines = [_header(report)]
    for change in report.changes:
        lines.append(f"  {_SIGNS[change.action]} {change.name}  {change.action}"
                     f"{_extra(change)}")
    lines += [f"  note: {note}" for note in report.notes]
    return "\n".join(lines)


def report_json(report: GitHooksReport) -> dict[str, object]:
    return {"hooks_dir": report.hooks_dir, "dry_run": report.dry_run,
            "manager": report.manager, "notes": list(report.notes),
            "changes": [{"name": c.name, "action": c.action, "path": c.path,
                         "route": c.route or None}
                        for c in report.changes]}

