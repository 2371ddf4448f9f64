"""The git hooks: marked ``sh`` templates, and installing them next to the user's own.

Three hooks link code commits to the ledger that explains them:

* ``post-commit`` records, in the worktree's ledger, that the commit was made while it was
  active (a ``commit`` event) and notes the commit (``commit-in <ledger> <tip>``).  That
  fast path is git plumbing only — no Python — because every commit pays for it; a commit
  whose message has a ``Ledger-Implements:`` or ``Ledger-Refs:`` trailer, or that changes a
  file named in the path index (``<git dir>/ledger-paths``: a decision's footprint may be
  touched), or that comes while earlier ones wait, is queued for Python instead (one line
  in ``<git dir>/ledger-queue`` and a detached ``git ledger hook drain``: git does not
  wait for Python; ``storage/event_queue.py``);
* ``post-checkout`` prints one line (TASK, NEXT, open questions) in a worktree with a
  ledger: the line its writes keep in ``<git dir>/ledger-checkout``, without Python, and
  nothing for a file checkout or inside a rebase;
* ``post-rewrite`` carries the notes over an amend or a rebase (when ``notes.rewriteRef``
  does not already make git do it) and, when a rewritten commit is cited as evidence,
  queues the rewrite so that Python cites the new commit in its place.

Each template is marked (``MARK``) so that install recognises its own hooks; a hook that
was there before is kept as ``<hook>.pre-ledger`` and runs first, with its exit status
passed on; uninstall puts it back.  Whatever the ledger part meets, it exits 0: a ledger
hook never fails or blocks a git command.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

from gitledger.core.display import one_line, printable
from gitledger.errors import AgentConfigError
from gitledger.storage import hook_routes
from gitledger.storage.hook_routes import (
    BLOCK_END,
    HUSKY,
    HUSKY_4,
    HUSKY_OLD,
    LEFTHOOK,
    PLAIN,
    PRE_COMMIT,
    SCRIPTS_DIR,
    SIMPLE_GIT_HOOKS,
)
from gitledger.storage.repo import Config, Repo
from gitledger.storage.user_files import refuse_links

#: The marker, the chained suffix and the hooks, where the templates are.
MARK = hook_routes.MARK
CHAINED_SUFFIX = hook_routes.CHAINED_SUFFIX
GIT_HOOKS = hook_routes.GIT_HOOKS
NOTES_REF = "refs/notes/ledger"
REWRITE_MODE = "cat_sort_uniq"
#: Marks a notes.rewriteMode that install set (uninstall takes out only that one).
SET_MODE_KEY = "ledger.setRewriteMode"
SET_REF_KEY = "ledger.setRewriteRef"

_HEAD = """#!/bin/sh
{mark}: {name} (installed by `git ledger install`; `git ledger uninstall` removes it)
# A hook that was here before is kept as {name}{chained} and runs first; its exit status is
# this hook's.  The ledger part below never fails and never blocks the git command.
case $0 in */*) git_ledger_dir=${{0%/*}} ;; *) git_ledger_dir=. ;; esac
git_ledger_status=0
"""

_CHAIN = """if [ -x "$git_ledger_dir/{name}{chained}" ]; then
    "$git_ledger_dir/{name}{chained}" "$@" || git_ledger_status=$?
fi
"""

_CHAIN_WITH_INPUT = """git_ledger_input=$(cat)
if [ -x "$git_ledger_dir/{name}{chained}" ]; then
    printf '%s\\n' "$git_ledger_input" | "$git_ledger_dir/{name}{chained}" "$@" \\
        || git_ledger_status=$?
fi
"""

# Shared by every template: where the worktree's ledger is, without starting Python.
_FIND_LEDGER = """git_ledger_ref() {
    unset GIT_INDEX_FILE
    git_ledger_git_dir=$(git rev-parse --absolute-git-dir 2>/dev/null) || return 1
    [ -f "$git_ledger_git_dir/ledger" ] || return 1
    # A pointer written without a final newline is still read (read fails, the value stays).
    read -r git_ledger_ref < "$git_ledger_git_dir/ledger" || [ -n "$git_ledger_ref" ] \
        || return 1
    case $git_ledger_ref in refs/ledger/sessions/*) ;; *) return 1 ;; esac
}
"""

#: What only the hooks that write need (post-checkout only reads a file).
_WRITE = """# Append an event ($1, its message) to the worktree's ledger: a compare-and-swap on
# its ref; another writer that moved it meanwhile means reading the new tip and trying
# again, a few times, then saying so ($2 names what is not recorded).  Sets git_ledger_tip
# to the tip the event was written on.
git_ledger_append() {
    for attempt in 1 2 3 4 5; do
        git_ledger_tip=$(git rev-parse -q --verify "$git_ledger_ref^{commit}" 2>/dev/null) \\
            || return 1
        event=$(printf '%s\\n' "$1" | git commit-tree "$git_ledger_tip^{tree}" \\
            -p "$git_ledger_tip") || return 1
        git update-ref -m "git ledger: $2" "$git_ledger_ref" "$event" "$git_ledger_tip" \\
            2>/dev/null && return 0
        sleep 0.1 2>/dev/null || sleep 1
    done
    echo "git ledger: $git_ledger_ref stayed busy or locked ($git_ledger_ref.lock?);" \\
        "$2 is not recorded in the ledger" >&2
    return 1
}

git_ledger_python() {
    if ! command -v git-ledger >/dev/null 2>&1; then
        echo "git ledger: git-ledger is not on PATH; the ledger hook did nothing" >&2
        return 0
    fi
    # Inside a git command, a held lock is waited out for seconds, not a minute.
    GIT_LEDGER_RETRY_SECONDS=3 git-ledger hook "$@" || :
}
"""

_POST_COMMIT = """git_ledger_post_commit() {
    git_ledger_ref || return 0
    # One process for the commit's id and its message: "<sha> commit <size>", the commit.
    commit=$(git cat-file --batch 2>/dev/null <<git_ledger_end
HEAD
git_ledger_end
) || return 0
    head=${commit%% *}
    case $head in ''|*[!0-9a-f]*) return 0 ;; esac
    # Items waiting in the queue come first: this commit's event waits behind them.
    if [ -s "$git_ledger_git_dir/ledger-queue" ]; then
        git_ledger_queue post-commit "$head"; return 0
    fi
    # Trailer keys are case-insensitive to git; so is this look (Python parses them).
    case $commit in
        *[Ll][Ee][Dd][Gg][Ee][Rr]-[Ii][Mm][Pp][Ll][Ee][Mm][Ee][Nn][Tt][Ss]:*|\\
        *[Ll][Ee][Dd][Gg][Ee][Rr]-[Rr][Ee][Ff][Ss]:*)
            git_ledger_queue post-commit "$head"; return 0 ;;
    esac
    # A commit that changes a file a decision's footprint names goes to Python, which
    # checks the lines and records the touch.  The tokens are the path index's
    # (<git dir>/ledger-paths, one fixed string a line); no index, no extra process.
    if [ -s "$git_ledger_git_dir/ledger-paths" ] && git diff-tree --root --no-commit-id \\
            --name-only -r "$head" 2>/dev/null | grep -qF -f "$git_ledger_git_dir/ledger-paths"
    then
        git_ledger_queue post-commit "$head"; return 0
    fi
    # Every process costs a commit a millisecond or two: shell expansions where they do.
    message="commit ${head%????????????????????????????}

Ledger-Event: commit
Ledger-Commit: $head"
    git_ledger_session
    [ "$git_ledger_session" = - ] || message="$message
Ledger-Session: $git_ledger_session"
    git_ledger_append "$message" "commit ${head%????????????????????????????}" || return 0
    line="commit-in $git_ledger_ref $git_ledger_tip"
    # A new commit has no note yet; only when it has one are the lines merged.
    git notes --ref=ledger add -m "$line" "$head" 2>/dev/null && return 0
    note=$(git notes --ref=ledger show "$head" 2>/dev/null)
    { [ -n "$note" ] && printf '%s\\n' "$note"; echo "$line"; } \\
        | LC_ALL=C sort -u | git notes --ref=ledger add -f -F - "$head" 2>/dev/null
}
git_ledger_post_commit </dev/null
"""

_POST_CHECKOUT = """git_ledger_post_checkout() {
    # A file checkout (flag 0; the pre-commit framework passes it in its env) says nothing.
    [ "${3:-${PRE_COMMIT_CHECKOUT_TYPE:-1}}" = 0 ] && return 0
    git_ledger_ref || return 0
    # Nor does each step of a rebase: the user checked out nothing.
    { [ -d "$git_ledger_git_dir/rebase-merge" ] || [ -d "$git_ledger_git_dir/rebase-apply" ]; } \\
        && return 0
    # The line every write to this worktree's ledger keeps ready (no Python here), printed
    # while the ledger exists (an archived one has no ref).
    [ -s "$git_ledger_git_dir/ledger-checkout" ] || return 0
    git rev-parse -q --verify "$git_ledger_ref^{commit}" >/dev/null 2>&1 || return 0
    read -r line < "$git_ledger_git_dir/ledger-checkout" || [ -n "$line" ] || return 0
    printf 'git ledger: %s\\n' "$line" >&2
}
git_ledger_post_checkout "$@" </dev/null
"""

_POST_REWRITE = """git_ledger_post_rewrite() {
    unset GIT_INDEX_FILE
    case $(git config --get-all notes.rewriteRef 2>/dev/null) in
        *{notes}*) ;;
        *) printf '%s\\n' "$git_ledger_input" | GIT_NOTES_REWRITE_REF={notes} \\
               GIT_NOTES_REWRITE_MODE=cat_sort_uniq git notes copy --for-rewrite="$1" \\
               2>/dev/null ;;
    esac
    git_ledger_rewritten "$1"
    kept=$(git ls-tree -r --name-only refs/ledger/keep -- commits 2>/dev/null) || return 0
    for old in $(printf '%s\\n' "$git_ledger_input" | cut -d' ' -f1); do
        case $kept in
            *"$old"*) git_ledger_queue post-rewrite "$1" $(printf '%s\\n' "$git_ledger_input" \\
                          | cut -d' ' -f1,2)
                      return 0 ;;
        esac
    done
}
# The rewritten commits this worktree's ledger recorded (their notes, copied to the new
# commits, say commit-in <this ledger>): one rewrite event names each old and new commit,
# so that the ledger backs the copied lines (docs/format.md, "Notes on code commits").
git_ledger_rewritten() {
    git_ledger_ref || return 0
    pairs=
    while read -r old new rest; do
        [ -n "$new" ] || continue
        case $(git notes --ref=ledger show "$old" 2>/dev/null) in
            *"commit-in $git_ledger_ref "*) pairs="$pairs
Ledger-Rewritten: $old $new" ;;
        esac
    done <<git_ledger_end
$git_ledger_input
git_ledger_end
    [ -n "$pairs" ] || return 0
    git_ledger_append "rewrite ($1)

Ledger-Event: rewrite$pairs" "a $1 of commits it recorded"
}
git_ledger_post_rewrite "$@"
"""

# Only in post-commit and post-rewrite: what needs Python goes to the queue and a detached
# drain, so that git returns at once (docs/hooks.md, "The queue").
_QUEUE = """# The session (GIT_LEDGER_SESSION_ID, cleaned) in git_ledger_session, - for none.
git_ledger_session() {
    git_ledger_session=-
    [ -n "${GIT_LEDGER_SESSION_ID:-}" ] || return 0
    git_ledger_session=$(printf '%s' "$GIT_LEDGER_SESSION_ID" | tr -cd 'A-Za-z0-9._:@+-' \\
        | cut -c1-200)
    [ -n "$git_ledger_session" ] || git_ledger_session=-
}

# Queue event $1 with fields $2...: one line appended (one write, O_APPEND) to the queue,
# then a detached git ledger hook drain applies it; git does not wait for it.  When the
# line cannot be written (a full disk), the event is applied now instead.
git_ledger_queue() {
    if ! command -v git-ledger >/dev/null 2>&1; then
        echo "git ledger: git-ledger is not on PATH; the ledger hook did nothing" >&2
        return 0
    fi
    git_ledger_event=$1; shift
    git_ledger_session
    if ! printf '1 %s %s %s\\n' "$git_ledger_event" "$git_ledger_session" "$*" \\
            >> "$git_ledger_git_dir/ledger-queue" 2>/dev/null; then
        case $git_ledger_event in
            post-rewrite) printf '%s\\n' "$git_ledger_input" \\
                              | git_ledger_python post-rewrite "$1" ;;
            *) git_ledger_python "$git_ledger_event" ;;
        esac
        return 0
    fi
    # A held lock is waited out for seconds, not a minute: the next command tries again.
    if command -v setsid >/dev/null 2>&1; then
        GIT_LEDGER_RETRY_SECONDS=3 setsid git-ledger hook drain </dev/null >/dev/null 2>&1 &
    else
        GIT_LEDGER_RETRY_SECONDS=3 nohup git-ledger hook drain </dev/null >/dev/null 2>&1 &
    fi
}
"""

_TAIL = """exit $git_ledger_status
"""


def template(name: str) -> str:
    """The whole script installed as hook ``name``."""
    values = {"mark": MARK, "name": name, "chained": CHAINED_SUFFIX, "notes": NOTES_REF}
    chain = _CHAIN_WITH_INPUT if name == "post-rewrite" else _CHAIN
    body = {"post-commit": _POST_COMMIT, "post-checkout": _POST_CHECKOUT,
            "post-rewrite": _POST_REWRITE}[name]
    writes = [_WRITE, _QUEUE] if name in ("post-commit", "post-rewrite") else []
    parts = [_HEAD.format(**values), chain.format(**values), _FIND_LEDGER, *writes,
             body.replace("{notes}", NOTES_REF), _TAIL]
    return "\n".join(parts)


@dataclass(frozen=True)
class GitHookChange:
    """What install or uninstall did (or would do) to one hook or setting."""

    name: str
    #: added, chained, updated, unchanged, runs-already, cleaned (install); removed,
    #: restored, absent, kept (uninstall; kept also for a setting of the user's)
    action: str
    path: str
    #: How our hook runs after this (``ROUTES``), empty for a setting.
    route: str = ""


#: route → how it reads in the report.
ROUTES = {
    "hooks-dir": "our script in the hooks directory",
    "husky": "a call in husky's script, to our script in the git dir",
    "lefthook": "a lefthook command, to our script in the git dir",
    "pre-commit-legacy": "our script as <hook>.legacy, which pre-commit runs first",
    "pre-commit-config": "pre-commit's config runs git-ledger hook",
    "call": "a git-ledger hook line of yours",
}


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


@dataclass(frozen=True)
class _Op:
    """One file operation of a planned install or uninstall, applied in order."""

    kind: str  # write, move, unlink, lefthook
    path: Path
    text: str = ""
    dest: Path | None = None
    mode: int = 0o755


@dataclass(frozen=True)
class _Plan:
    changes: tuple[GitHookChange, ...]
    ops: tuple[_Op, ...]


def hooks_dir(repo: Repo) -> Path:
    """The directory git runs hooks from: ``core.hooksPath``, else the common git dir's."""
    return hook_routes.hooks_dir(repo)


def install_git_hooks(
    where: str | os.PathLike[str] | None = None, *, dry_run: bool = False
) -> GitHooksReport:
    """Install the three hooks by the route the repository's hook manager needs; set the
    notes config.

    Every hook is planned (and a refusal raised) before anything is written.
    """
    repo = Repo(where)
    setup = hook_routes.detect(repo)
    plan = _plan_install(repo, setup)
    if not dry_run:
        _apply(setup, plan.ops)
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
    plan = _plan_uninstall(repo, setup)
    if not dry_run:
        _apply(setup, plan.ops)
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
    if setup.configured_only is None:
        return ()
    return (f"{setup.configured_only} is configured here but its hooks are not installed: "
            f"once they are, run git ledger install again (it would hide ours)",)


# -- install -----------------------------------------------------------------------------


def _plan_install(repo: Repo, setup: hook_routes.Setup) -> _Plan:
    manager = setup.manager
    if manager == HUSKY_4:
        raise AgentConfigError(
            f"{setup.hooks_dir} belongs to husky 4, whose scripts run hooks by their file "
            "name from package.json: add \"post-commit\": \"git-ledger hook post-commit\", "
            "\"post-checkout\": \"git-ledger hook post-checkout $HUSKY_GIT_PARAMS\" and "
            "\"post-rewrite\": \"git-ledger hook post-rewrite $HUSKY_GIT_PARAMS\" to its "
            "husky.hooks (docs/hooks.md); nothing was changed")
    if manager == SIMPLE_GIT_HOOKS:
        raise AgentConfigError(
            f"{setup.hooks_dir} belongs to simple-git-hooks, which rewrites or deletes every "
            "hook on its next run: add \"post-commit\": \"git-ledger hook post-commit\", "
            "\"post-checkout\": \"git-ledger hook post-checkout \\\"$@\\\"\" and "
            "\"post-rewrite\": \"git-ledger hook post-rewrite \\\"$1\\\"\" to its config, "
            "then run npx simple-git-hooks (docs/hooks.md); nothing was changed")
    changes: list[GitHookChange] = []
    ops: list[_Op] = []
    written: set[Path] = set()
    if manager in (HUSKY, HUSKY_OLD):
        for name in GIT_HOOKS:
            change, more = _husky(repo, setup, name)
            changes.append(change)
            ops += more
    elif manager == LEFTHOOK:
        found, more = _lefthook(repo, setup)
        changes += found
        ops += more
    else:
        for name in GIT_HOOKS:
            owned = _pre_commit_owns(setup, name)
            change, more = (_pre_commit(repo, setup, name) if owned
                            else _plain(repo, setup, name))
            changes.append(change)
            ops += more
    written = {op.path for op in ops} | {op.dest for op in ops if op.dest is not None}
    for name in GIT_HOOKS:
        for idle in hook_routes.runs(setup, name).idle:
            if idle not in written:
                ops += _remove_ours(repo, idle, name)
                changes.append(GitHookChange(name, "cleaned", str(idle)))
    return _Plan(tuple(changes), tuple(ops))


def _pre_commit_owns(setup: hook_routes.Setup, name: str) -> bool:
    """pre-commit's script runs this hook, or ours chained it (what an older gitledger
    did, which made pre-commit run ours twice and say "bug")."""
    if name in setup.pre_commit:
        return True
    entry = setup.hooks_dir / name
    return (hook_routes.is_ours(_read(entry))
            and hook_routes.is_pre_commit(_read(_chained(entry))))


def _plain(repo: Repo, setup: hook_routes.Setup, name: str) -> tuple[GitHookChange, list[_Op]]:
    """Our script where git runs hooks; a hook of the user's is chained (kept as
    ``<hook>.pre-ledger`` and run first)."""
    target = setup.hooks_dir / name
    _no_links(repo, target)
    _no_links(repo, _chained(target))
    current = _read(target)
    ours = hook_routes.is_ours(current)
    route = "hooks-dir"
    if current == template(name):
        return GitHookChange(name, "unchanged", str(target), route), []
    if current is not None and not ours:
        if hook_routes.script_calls(current, name):
            return GitHookChange(name, "runs-already", str(target), "call"), []
        if hook_routes.is_lefthook(current) or hook_routes.BY_OWN_NAME.search(current):
            args = {"post-commit": "", "post-checkout": ' "$@"', "post-rewrite": ' "$1"'}[name]
            raise AgentConfigError(
                f"{target} runs hooks by their file name (a hook manager) and would stop "
                f"working renamed to {name}{CHAINED_SUFFIX}: add the line "
                f"'git-ledger hook {name}{args}' to that manager's {name} script instead "
                "(docs/hooks.md); nothing was changed")
        if _chained(target).exists():
            raise AgentConfigError(
                f"{target} is not ours and {_chained(target).name} exists already: move one "
                "of them away, then install again (nothing was changed)")
        return (GitHookChange(name, "chained", str(target), route),
                [_Op("move", target, dest=_chained(target)),
                 _Op("write", target, template(name))])
    return (GitHookChange(name, "updated" if ours else "added", str(target), route),
            [_Op("write", target, template(name))])


def _pre_commit(repo: Repo, setup: hook_routes.Setup,
                name: str) -> tuple[GitHookChange, list[_Op]]:
    """Beside pre-commit's script: ours as ``<hook>.legacy``, which pre-commit runs first
    with git's arguments (its migration mode, kept by ``pre-commit install`` unless
    ``-f``); a hook it had moved there already is chained behind ours.  Where the
    pre-commit config runs ours itself, nothing more is installed."""
    entry = setup.hooks_dir / name
    legacy = entry.with_name(f"{name}.legacy")
    for path in (entry, legacy, _chained(entry), _chained(legacy)):
        _no_links(repo, path)
    ops: list[_Op] = []
    if hook_routes.is_ours(_read(entry)):
        # An older gitledger chained pre-commit's script: it goes back where pre-commit
        # wrote it.
        ops.append(_Op("move", _chained(entry), dest=entry))
    script = _read(_chained(entry)) if ops else _read(entry)
    config = hook_routes.pre_commit_config(setup.top, script or "")
    current = _read(legacy)
    if hook_routes.pre_commit_calls(config, name):
        if hook_routes.is_ours(current):
            ops += _remove_ours(repo, legacy, name)
            return GitHookChange(name, "removed", str(legacy), "pre-commit-config"), ops
        return GitHookChange(name, "runs-already", str(config), "pre-commit-config"), ops
    route = "pre-commit-legacy"
    if current == template(name):
        return GitHookChange(name, "unchanged", str(legacy), route), ops
    if current is not None and not hook_routes.is_ours(current):
        if hook_routes.script_calls(current, name):
            return GitHookChange(name, "runs-already", str(legacy), "call"), ops
        if _chained(entry).exists() and not ops:
            raise AgentConfigError(
                f"{legacy} is not ours and {_chained(entry).name} exists already: move one "
                "of them away, then install again (nothing was changed)")
        ops += [_Op("move", legacy, dest=_chained(entry)), _Op("write", legacy, template(name))]
        return GitHookChange(name, "chained", str(legacy), route), ops
    ops.append(_Op("write", legacy, template(name)))
    action = "updated" if current is not None else "added"
    return GitHookChange(name, action, str(legacy), route), ops


def husky_call(name: str) -> str:
    """The two lines install adds to husky's script ``name``: its marker and the call to
    our script in the common git dir, which keeps the shell fast path (husky runs the
    script with ``sh -e``: the call can neither fail nor read what git did not send)."""
    args = {"post-commit": "", "post-checkout": ' "$@"', "post-rewrite": ' "$@"'}[name]
    return (f"{MARK}: {name} (added by `git ledger install`; `git ledger uninstall` takes "
            f"it out)\nif git_ledger_hook=\"$(git rev-parse --git-common-dir)/"
            f"{SCRIPTS_DIR}/{name}\" && [ -x \"$git_ledger_hook\" ]; then "
            f"\"$git_ledger_hook\"{args}; fi\n")


#: What husky 5-8 needs at the top of a hook script it did not write (git runs it).
_HUSKY_OLD_HEAD = '#!/usr/bin/env sh\n. "$(dirname -- "$0")/_/husky.sh"\n'
#: husky 9's stub for one hook in ``.husky/_`` (what ``husky`` writes).
HUSKY_STUB_TEXT = '#!/usr/bin/env sh\n. "$(dirname "$0")/h"'


def _husky(repo: Repo, setup: hook_routes.Setup,
           name: str) -> tuple[GitHookChange, list[_Op]]:
    """husky owns the hooks: our call at the end of husky's ``.husky/<hook>`` (created
    when missing), our script in the common git dir.  Nothing husky dispatches by name
    is renamed, and ``husky`` re-writing ``.husky/_`` leaves both in place."""
    assert setup.husky_dir is not None
    script = setup.husky_dir / name
    entry = setup.hooks_dir / name
    ours = setup.scripts_dir / name
    for path in (script, entry, _chained(entry), ours):
        _no_links(repo, path)
    ops: list[_Op] = []
    text = _read(script)
    if hook_routes.is_ours(_read(entry)):
        # An older gitledger chained husky's file: it goes back under its own name.
        if _chained(entry).exists():
            ops.append(_Op("move", _chained(entry), dest=entry))
            if entry == script:
                text = _read(_chained(entry))
        elif setup.manager == HUSKY:
            ops.append(_Op("write", entry, HUSKY_STUB_TEXT))
        else:
            ops.append(_Op("unlink", entry))
            text = None
    elif setup.manager == HUSKY and hook_routes.is_husky_stub(_read(_chained(entry))):
        ops.append(_Op("unlink", _chained(entry)))  # a stale copy husky re-wrote
    calls = hook_routes.script_calls(text or "", name)
    if any(not added for added, _ in calls):
        return GitHookChange(name, "runs-already", str(script), "call"), ops
    action = "unchanged" if _read(ours) == template(name) else (
        "updated" if hook_routes.is_ours(_read(ours)) else "added")
    if _read(ours) != template(name):
        ops.append(_Op("write", ours, template(name)))
    if not calls:
        action = "added"
        if text is None:
            head = _HUSKY_OLD_HEAD if setup.manager == HUSKY_OLD else ""
            mode = 0o755 if setup.manager == HUSKY_OLD else 0o644
            ops.append(_Op("write", script, head + husky_call(name), mode=mode))
        else:
            body = text if not text or text.endswith("\n") else text + "\n"
            ops.append(_Op("write", script, body + "\n" + husky_call(name),
                           mode=_mode(script)))
    return GitHookChange(name, action, str(script), "husky"), ops


def lefthook_block(names: tuple[str, ...]) -> str:
    """What install adds to lefthook's local config: one command per hook, each calling
    our script in the common git dir with git's arguments (post-rewrite gets git's stdin:
    ``use_stdin``)."""
    args = {"post-commit": "", "post-checkout": " {1} {2} {3}", "post-rewrite": " {1}"}
    lines = [f"{MARK}: lefthook (added by `git ledger install`; `git ledger uninstall` "
             "takes it out)"]
    for name in names:
        call = (f"if h=\"$(git rev-parse --git-common-dir)/{SCRIPTS_DIR}/{name}\" && "
                f"[ -x \"$h\" ]; then \"$h\"{args[name]}; fi")
        lines += [f"{name}:", "  commands:", "    git-ledger:", f"      run: '{call}'"]
        if name == "post-rewrite":
            lines.append("      use_stdin: true")
    lines.append(BLOCK_END)
    return "\n".join(lines) + "\n"


_BLOCK = re.compile(rf"\n?^{re.escape(MARK)}: lefthook .*?^{re.escape(BLOCK_END)}\n?",
                    re.MULTILINE | re.DOTALL)


def _lefthook(repo: Repo, setup: hook_routes.Setup) -> tuple[list[GitHookChange], list[_Op]]:
    """lefthook owns the hooks: our commands in its local config (``lefthook-local.yml``,
    never committed; lefthook merges it over ``lefthook.yml``), our scripts in the common
    git dir, then ``lefthook install`` so that lefthook's own scripts run them.  Its
    re-sync after a change to ``lefthook.yml`` writes the same scripts again, ours kept."""
    assert setup.lefthook_local is not None
    local = setup.lefthook_local
    _no_links(repo, local)
    changes: list[GitHookChange] = []
    ops: list[_Op] = []
    wanted: list[str] = []
    for name in GIT_HOOKS:
        calls = [ours for config in hook_routes.lefthook_configs(setup.top)
                 for ours in hook_routes.lefthook_calls(config, name)]
        entry = setup.hooks_dir / name
        _no_links(repo, entry)
        current = _read(entry)
        if hook_routes.is_ours(current):
            if _chained(entry).exists():
                raise AgentConfigError(
                    f"{_chained(entry)} is a hook of yours that ours ran; lefthook would "
                    f"rename it to {name}.old and never run it: add it to lefthook.yml as "
                    "a command, remove it, then install again (nothing was changed)")
            ops.append(_Op("unlink", entry))
        elif current is not None and not hook_routes.is_lefthook(current):
            raise AgentConfigError(
                f"{entry} is not lefthook's, and lefthook would rename it to {name}.old and "
                "never run it once it runs this hook: add it to lefthook.yml as a command, "
                "remove it, then install again (nothing was changed)")
        if any(not ours for ours in calls):
            changes.append(GitHookChange(name, "runs-already", str(local), "call"))
            continue
        wanted.append(name)
        ours = setup.scripts_dir / name
        _no_links(repo, ours)
        script = _read(ours)
        if script != template(name):
            ops.append(_Op("write", ours, template(name)))
        action = ("unchanged" if script == template(name) and calls
                  else "updated" if hook_routes.is_ours(script) and calls else "added")
        changes.append(GitHookChange(name, action, str(local), "lefthook"))
    text = _read(local) or ""
    block = lefthook_block(tuple(wanted))
    present = _BLOCK.search(text)
    if wanted and (present is None or present.group(0).strip("\n") != block.strip("\n")):
        if local.suffix not in (".yml", ".yaml"):
            raise AgentConfigError(
                f"lefthook's local config {local.name} is not YAML, which install edits: "
                "add the commands of docs/hooks.md (lefthook) to it (nothing was changed)")
        rest = _BLOCK.sub("", text) if present else text
        taken = [n for n in wanted if re.search(rf"^['\"]?{n}['\"]?\s*:", rest, re.MULTILINE)]
        if taken:
            raise AgentConfigError(
                f"{local} already has a {taken[0]} section: add the git-ledger command of "
                "docs/hooks.md (lefthook) to it (nothing was changed)")
        body = rest if not rest or rest.endswith("\n") else rest + "\n"
        ops.append(_Op("write", local, body + ("\n" if body else "") + block,
                       mode=_mode(local, 0o644)))
    needs_sync = any(op.path == local for op in ops) or any(
        not hook_routes.is_lefthook(_read(setup.hooks_dir / name)) for name in wanted)
    if needs_sync:
        if setup.lefthook_bin is None:
            raise AgentConfigError(
                "lefthook runs the git hooks here, but no lefthook executable was found to "
                "re-sync them (LEFTHOOK_BIN, PATH, node_modules/.bin): add the commands of "
                "docs/hooks.md (lefthook) and run lefthook install (nothing was changed)")
        ops.append(_Op("lefthook", setup.top, setup.lefthook_bin))
    return changes, ops


# -- uninstall ---------------------------------------------------------------------------


def _plan_uninstall(repo: Repo, setup: hook_routes.Setup) -> _Plan:
    changes: list[GitHookChange] = []
    ops: list[_Op] = []
    husky_dirs = {d for d in (setup.husky_dir, setup.top / ".husky") if d is not None}
    for name in GIT_HOOKS:
        found = hook_routes.runs(setup, name)
        files = {Path(run.path) for run in found.runs if run.ours and run.how == "hook"}
        files |= set(found.idle)
        files |= {p for p in (setup.scripts_dir / name,) if hook_routes.is_ours(_read(p))}
        action, where = "absent", str(setup.hooks_dir / name)
        for path in sorted(files):
            _no_links(repo, path)
            if not hook_routes.is_ours(_read(path)):
                continue  # a husky script whose call is ours: handled below
            more = _remove_ours(repo, path, name)
            ops += more
            restoring = any(op.kind == "move" for op in more)
            if action == "absent" or path.parent != setup.scripts_dir:
                action, where = ("restored" if restoring else "removed"), str(path)
        for directory in sorted(husky_dirs):
            script = directory / name
            text = _read(script)
            if text is None or f"{MARK}: {name}" not in text:
                continue
            _no_links(repo, script)
            left = _without_call(text, name)
            empty = left.strip() in ("", _HUSKY_OLD_HEAD.strip(), "#!/usr/bin/env sh")
            ops.append(_Op("unlink", script) if empty
                       else _Op("write", script, left, mode=_mode(script)))
            action, where = "removed", str(script)
        changes.append(GitHookChange(name, action, where))
    for local in (setup.top / n for n in hook_routes.LEFTHOOK_LOCAL):
        text = _read(local)
        if text is None or not _BLOCK.search(text):
            continue
        _no_links(repo, local)
        left = _BLOCK.sub("", text)
        ops.append(_Op("unlink", local) if not left.strip()
                   else _Op("write", local, left, mode=_mode(local, 0o644)))
        changes = [replace(c, action="removed", path=str(local)) if c.action == "absent"
                   else c for c in changes]
    if setup.scripts_dir.is_dir():
        ops.append(_Op("rmdir", setup.scripts_dir))
    return _Plan(tuple(changes), tuple(ops))


def _without_call(text: str, name: str) -> str:
    """A husky script without the call install added (and the blank line before it)."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    skip = 0
    for line in lines:
        if skip:
            skip -= 1
            continue
        if line.startswith(f"{MARK}: {name} "):
            skip = 1
            if out and not out[-1].strip():
                out.pop()
            continue
        out.append(line)
    return "".join(out)


def _remove_ours(repo: Repo, path: Path, name: str) -> list[_Op]:
    """Take out one copy of our script, putting back the hook it chained where that hook
    ran from: ``<hook>.pre-ledger`` becomes ``<hook>`` again (or ``<hook>.legacy``, where
    ours stood in for pre-commit's legacy hook).  A copy lefthook renamed ``.old`` chained
    nothing that still runs: it is only removed."""
    _no_links(repo, path)
    chained = path.with_name(f"{name}{CHAINED_SUFFIX}")
    ops = [_Op("unlink", path)]
    if path.name in (name, f"{name}.legacy") and chained.exists():
        _no_links(repo, chained)
        ops.append(_Op("move", chained, dest=path))
    return ops


# -- applying ----------------------------------------------------------------------------


def _apply(setup: hook_routes.Setup, ops: tuple[_Op, ...]) -> None:
    for op in ops:
        if op.kind == "write":
            op.path.parent.mkdir(parents=True, exist_ok=True)
            _write_file(op.path, op.text, op.mode)
        elif op.kind == "move":
            assert op.dest is not None
            op.path.replace(op.dest)
        elif op.kind == "unlink":
            op.path.unlink(missing_ok=True)
        elif op.kind == "rmdir":
            with contextlib.suppress(OSError):
                op.path.rmdir()  # only when nothing else is left in it
        elif op.kind == "lefthook":
            _lefthook_install(op.text, op.path)


#: ``lefthook install`` takes milliseconds; a remote config it fetches may take longer.
LEFTHOOK_TIMEOUT = 120


def _lefthook_install(binary: str, top: Path) -> None:
    """Run ``lefthook install``: lefthook writes its scripts for the hooks its merged
    config now names (ours among them), as it does at every re-sync."""
    try:
        done = subprocess.run([binary, "install"], cwd=top, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=LEFTHOOK_TIMEOUT,
                              check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise AgentConfigError(f"lefthook install did not finish ({one_line(str(exc))}): "
                               "run it yourself to make lefthook run ours") from None
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        raise AgentConfigError(f"lefthook install failed ({one_line(last)}): run it yourself "
                               "to make lefthook run ours")


def _no_links(repo: Repo, path: Path) -> None:
    """Refuse a path that is, or lies under, a symbolic link inside the repository."""
    refuse_links(path, printable(str(path)), top=_top(repo, path.parent),
                 hint="nothing was changed")


def _top(repo: Repo, directory: Path) -> Path | None:
    """Where the hooks directory's own links start to matter: the work tree (a committed
    ``core.hooksPath`` directory) or the git dir; elsewhere it is the user's own choice."""
    plain = Path(os.path.normpath(directory))  # ``../hooks`` is outside, not under the top
    for top in (repo.workdir, repo.commondir):
        if plain == top or top in plain.parents:
            return top
    return None


def _mode(path: Path, default: int = 0o755) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return default


def _chained(target: Path) -> Path:
    return target.with_name(f"{target.name}{CHAINED_SUFFIX}")


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


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise AgentConfigError(f"cannot read {path}: {exc.strerror or exc}") from None


def _write_file(path: Path, text: str, mode: int = 0o755) -> None:
    # A fresh name, created exclusively and never through a link that waits there.
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(temp, flags, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        temp.chmod(mode | stat.S_IRUSR)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


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
