"""The routes that put our git hooks where the repository's hook manager runs them (plain
git, pre-commit, husky, lefthook) and take them out, planned whole before anything is
written.  ``apply`` runs a plan and, when an operation fails, restores every file it
touched, so a refused install changes nothing.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

from gitledger.core.display import one_line, printable
from gitledger.core.user_files import refuse_links
from gitledger.derived.files import write_atomic
from gitledger.errors import AgentConfigError, HookRouteRefused
from gitledger.integrations.git_hook_templates import CHAINED_SUFFIX, GIT_HOOKS, MARK, template
from gitledger.ledger import hook_routes
from gitledger.ledger.hook_routes import (
    BLOCK_END,
    HUSKY,
    HUSKY_4,
    HUSKY_OLD,
    LEFTHOOK,
    SCRIPTS_DIR,
    SIMPLE_GIT_HOOKS,
)
from gitledger.storage.repo import Repo


@dataclass(frozen=True)
class GitHookChange:
    """What install or uninstall did (or would do) to one hook or setting."""

    name: str
    #: added, chained, updated, unchanged, runs-already, cleaned (install); removed,
    #: restored, absent, kept (uninstall; kept also for a setting of the user's)
    action: str
    path: str
    #: How our hook runs after this: hooks-dir, husky, lefthook, pre-commit-legacy,
    #: pre-commit-config, or call (a git-ledger hook line of the user's); empty for a
    #: setting.
    route: str = ""


@dataclass(frozen=True)
class Op:
    """One file operation of a planned install or uninstall, applied in order."""

    kind: str  # write, move, unlink, lefthook
    path: Path
    text: str = ""
    dest: Path | None = None
    mode: int = 0o755


@dataclass(frozen=True)
class Plan:
    changes: tuple[GitHookChange, ...]
    ops: tuple[Op, ...]

# -- install -----------------------------------------------------------------------------


def plan_install(repo: Repo, setup: hook_routes.Setup) -> Plan:
    manager = setup.manager
    if manager == HUSKY_4:
        calls = {name: [run for run in hook_routes.runs(setup, name).runs if not run.ours]
                 for name in GIT_HOOKS}
        if all(calls.values()):
            # Its manual route, taken: every hook's command in husky's config runs ours.
            return Plan(tuple(GitHookChange(name, "runs-already", calls[name][0].path, "call")
                              for name in GIT_HOOKS), ())
    if manager == HUSKY_4:
        raise HookRouteRefused(
            f"{setup.hooks_dir} belongs to husky 4, whose scripts run hooks by their file "
            "name from package.json: add \"post-commit\": \"git-ledger hook post-commit\", "
            "\"post-checkout\": \"git-ledger hook post-checkout $HUSKY_GIT_PARAMS\" and "
            "\"post-rewrite\": \"git-ledger hook post-rewrite $HUSKY_GIT_PARAMS\" to its "
            "husky.hooks (docs/hooks.md); nothing was changed")
    if manager == SIMPLE_GIT_HOOKS:
        raise HookRouteRefused(
            f"{setup.hooks_dir} belongs to simple-git-hooks, which rewrites or deletes every "
            "hook on its next run: add \"post-commit\": \"git-ledger hook post-commit\", "
            "\"post-checkout\": \"git-ledger hook post-checkout \\\"$@\\\"\" and "
            "\"post-rewrite\": \"git-ledger hook post-rewrite \\\"$1\\\"\" to its config, "
            "then run npx simple-git-hooks (docs/hooks.md); nothing was changed")
    changes: list[GitHookChange] = []
    ops: list[Op] = []
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
                ops += remove_ours(repo, idle, name)
                changes.append(GitHookChange(name, "cleaned", str(idle)))
    return Plan(tuple(changes), tuple(ops))


def _pre_commit_owns(setup: hook_routes.Setup, name: str) -> bool:
    """pre-commit's script runs this hook, or ours chained it (what an older gitledger
    did, which made pre-commit run ours twice and say "bug")."""
    if name in setup.pre_commit:
        return True
    entry = setup.hooks_dir / name
    return (hook_routes.is_ours(read(entry))
            and hook_routes.is_pre_commit(read(chained(entry))))


def _plain(repo: Repo, setup: hook_routes.Setup, name: str) -> tuple[GitHookChange, list[Op]]:
    """Our script where git runs hooks; a hook of the user's is chained (kept as
    ``<hook>.pre-ledger`` and run first)."""
    target = setup.hooks_dir / name
    _no_links(repo, target)
    _no_links(repo, chained(target))
    current = read(target)
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
        if chained(target).exists():
            raise AgentConfigError(
                f"{target} is not ours and {chained(target).name} exists already: move one "
                "of them away, then install again (nothing was changed)")
        return (GitHookChange(name, "chained", str(target), route),
                [Op("move", target, dest=chained(target)),
                 Op("write", target, template(name))])
    return (GitHookChange(name, "updated" if ours else "added", str(target), route),
            [Op("write", target, template(name))])


def _pre_commit(repo: Repo, setup: hook_routes.Setup,
                name: str) -> tuple[GitHookChange, list[Op]]:
    """Beside pre-commit's script: ours as ``<hook>.legacy``, which pre-commit runs first
    with git's arguments (its migration mode, kept by ``pre-commit install`` unless
    ``-f``); a hook it had moved there already is chained behind ours.  Where the
    pre-commit config runs ours itself, nothing more is installed."""
    entry = setup.hooks_dir / name
    legacy = entry.with_name(f"{name}.legacy")
    for path in (entry, legacy, chained(entry), chained(legacy)):
        _no_links(repo, path)
    ops: list[Op] = []
    if hook_routes.is_ours(read(entry)):
        # An older gitledger chained pre-commit's script: it goes back where pre-commit
        # wrote it.
        ops.append(Op("move", chained(entry), dest=entry))
    script = read(chained(entry)) if ops else read(entry)
    config = hook_routes.pre_commit_config(setup.top, script or "")
    current = read(legacy)
    if hook_routes.pre_commit_calls(config, name):
        if hook_routes.is_ours(current):
            ops += remove_ours(repo, legacy, name)
            return GitHookChange(name, "removed", str(legacy), "pre-commit-config"), ops
        return GitHookChange(name, "runs-already", str(config), "pre-commit-config"), ops
    route = "pre-commit-legacy"
    if current == template(name):
        return GitHookChange(name, "unchanged", str(legacy), route), ops
    if current is not None and not hook_routes.is_ours(current):
        if hook_routes.script_calls(current, name):
            return GitHookChange(name, "runs-already", str(legacy), "call"), ops
        if chained(entry).exists() and not ops:
            raise AgentConfigError(
                f"{legacy} is not ours and {chained(entry).name} exists already: move one "
                "of them away, then install again (nothing was changed)")
        ops += [Op("move", legacy, dest=chained(entry)), Op("write", legacy, template(name))]
        return GitHookChange(name, "chained", str(legacy), route), ops
    ops.append(Op("write", legacy, template(name)))
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
           name: str) -> tuple[GitHookChange, list[Op]]:
    """husky owns the hooks: our call at the end of husky's ``.husky/<hook>`` (created
    when missing), our script in the common git dir.  Nothing husky dispatches by name
    is renamed, and ``husky`` re-writing ``.husky/_`` leaves both in place."""
    assert setup.husky_dir is not None
    script = setup.husky_dir / name
    entry = setup.hooks_dir / name
    ours = setup.scripts_dir / name
    for path in (script, entry, chained(entry), ours):
        _no_links(repo, path)
    ops: list[Op] = []
    text = read(script)
    if hook_routes.is_ours(read(entry)):
        # An older gitledger chained husky's file: it goes back under its own name.
        if chained(entry).exists():
            ops.append(Op("move", chained(entry), dest=entry))
            if entry == script:
                text = read(chained(entry))
        elif setup.manager == HUSKY and not setup.unsynced:
            ops.append(Op("write", entry, HUSKY_STUB_TEXT))
        else:
            ops.append(Op("unlink", entry))
            text = None
    elif setup.manager == HUSKY and hook_routes.is_husky_stub(read(chained(entry))):
        ops.append(Op("unlink", chained(entry)))  # a stale copy husky re-wrote
    calls = hook_routes.script_calls(text or "", name)
    if any(not added for added, _ in calls):
        return GitHookChange(name, "runs-already", str(script), "call"), ops
    action = "unchanged" if read(ours) == template(name) else (
        "updated" if hook_routes.is_ours(read(ours)) else "added")
    if read(ours) != template(name):
        ops.append(Op("write", ours, template(name)))
    if not calls:
        action = "added"
        if text is None:
            head = _HUSKY_OLD_HEAD if setup.manager == HUSKY_OLD else ""
            mode = 0o755 if setup.manager == HUSKY_OLD else 0o644
            ops.append(Op("write", script, head + husky_call(name), mode=mode))
        else:
            body = text if not text or text.endswith("\n") else text + "\n"
            ops.append(Op("write", script, body + "\n" + husky_call(name),
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


def _lefthook(repo: Repo, setup: hook_routes.Setup) -> tuple[list[GitHookChange], list[Op]]:
    """lefthook owns the hooks: our commands in its local config (``lefthook-local.yml``,
    never committed; lefthook merges it over ``lefthook.yml``), our scripts in the common
    git dir, then ``lefthook install`` so that lefthook's own scripts run them.  Its
    re-sync after a change to ``lefthook.yml`` writes the same scripts again, ours kept."""
    assert setup.lefthook_local is not None
    local = setup.lefthook_local
    _no_links(repo, local)
    changes: list[GitHookChange] = []
    ops: list[Op] = []
    wanted: list[str] = []
    for name in GIT_HOOKS:
        calls = [ours for config in hook_routes.lefthook_configs(setup.top)
                 for ours in hook_routes.lefthook_calls(config, name)]
        entry = setup.hooks_dir / name
        _no_links(repo, entry)
        current = read(entry)
        if hook_routes.is_ours(current):
            if chained(entry).exists():
                raise AgentConfigError(
                    f"{chained(entry)} is a hook of yours that ours ran; lefthook would "
                    f"rename it to {name}.old and never run it: add it to lefthook.yml as "
                    "a command, remove it, then install again (nothing was changed)")
            ops.append(Op("unlink", entry))
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
        script = read(ours)
        if script != template(name):
            ops.append(Op("write", ours, template(name)))
        action = ("unchanged" if script == template(name) and calls
                  else "updated" if hook_routes.is_ours(script) and calls else "added")
        changes.append(GitHookChange(name, action, str(local), "lefthook"))
    text = read(local) or ""
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
        ops.append(Op("write", local, body + ("\n" if body else "") + block,
                       mode=_mode(local, 0o644)))
    needs_sync = any(op.path == local for op in ops) or any(
        not hook_routes.is_lefthook(read(setup.hooks_dir / name)) for name in wanted)
    if needs_sync:
        if setup.lefthook_bin is None:
            raise AgentConfigError(
                "lefthook runs the git hooks here, but no lefthook executable was found to "
                "re-sync them (LEFTHOOK_BIN, PATH, node_modules/.bin): add the commands of "
                "docs/hooks.md (lefthook) and run lefthook install (nothing was changed)")
        ops.append(Op("lefthook", setup.top, setup.lefthook_bin))
    return changes, ops



# -- uninstall ---------------------------------------------------------------------------


def plan_uninstall(repo: Repo, setup: hook_routes.Setup) -> Plan:
    changes: list[GitHookChange] = []
    ops: list[Op] = []
    husky_dirs = {d for d in (setup.husky_dir, setup.top / ".husky") if d is not None}
    for name in GIT_HOOKS:
        found = hook_routes.runs(setup, name)
        files = {Path(run.path) for run in found.runs if run.ours and run.how == "hook"}
        files |= set(found.idle)
        files |= {p for p in (setup.scripts_dir / name,) if hook_routes.is_ours(read(p))}
        action, where = "absent", str(setup.hooks_dir / name)
        for path in sorted(files):
            _no_links(repo, path)
            if not hook_routes.is_ours(read(path)):
                continue  # a husky script whose call is ours: handled below
            more = remove_ours(repo, path, name)
            ops += more
            restoring = any(op.kind == "move" for op in more)
            if action == "absent" or path.parent != setup.scripts_dir:
                action, where = ("restored" if restoring else "removed"), str(path)
        for directory in sorted(husky_dirs):
            script = directory / name
            text = read(script)
            if text is None or f"{MARK}: {name}" not in text:
                continue
            _no_links(repo, script)
            left = _without_call(text, name)
            empty = left.strip() in ("", _HUSKY_OLD_HEAD.strip(), "#!/usr/bin/env sh")
            ops.append(Op("unlink", script) if empty
                       else Op("write", script, left, mode=_mode(script)))
            action, where = "removed", str(script)
        changes.append(GitHookChange(name, action, where))
    for local in (setup.top / n for n in hook_routes.LEFTHOOK_LOCAL):
        text = read(local)
        if text is None or not _BLOCK.search(text):
            continue
        _no_links(repo, local)
        block = _BLOCK.search(text)
        left = _BLOCK.sub("", text)
        ops.append(Op("unlink", local) if not left.strip()
                   else Op("write", local, left, mode=_mode(local, 0o644)))
        changes = [replace(c, action="removed", path=str(local)) if c.action == "absent"
                   else c for c in changes]
        ops += _lefthook_scripts_left(repo, setup, local, left, block.group(0) if block else "")
    if setup.scripts_dir.is_dir():
        ops.append(Op("rmdir", setup.scripts_dir))
    return Plan(tuple(changes), tuple(ops))


def _lefthook_scripts_left(repo: Repo, setup: hook_routes.Setup, local: Path, left: str,
                           block: str) -> list[Op]:
    """lefthook's scripts for the hooks only our block named: ``lefthook install`` wrote
    them for ours and never removes one, so each would go on running lefthook for nothing
    (its banner at every checkout).  Taken out where no config of the user's names the
    hook; lefthook writes one again when a config does."""
    named = hook_routes.lefthook_sections(left)
    for config in hook_routes.lefthook_configs(setup.top):
        if config != local:
            named |= hook_routes.lefthook_sections(
                read(config) or "", yaml=config.suffix in (".yml", ".yaml"))
    ops = []
    for name in sorted(hook_routes.lefthook_sections(block) - named):
        entry = setup.hooks_dir / name
        if hook_routes.is_lefthook(read(entry)):
            _no_links(repo, entry)
            ops.append(Op("unlink", entry))
    return ops


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


def remove_ours(repo: Repo, path: Path, name: str) -> list[Op]:
    """Take out one copy of our script, putting back the hook it chained where that hook
    ran from: ``<hook>.pre-ledger`` becomes ``<hook>`` again (or ``<hook>.legacy``, where
    ours stood in for pre-commit's legacy hook).  A copy lefthook renamed ``.old`` chained
    nothing that still runs: it is only removed."""
    _no_links(repo, path)
    chained = path.with_name(f"{name}{CHAINED_SUFFIX}")
    ops = [Op("unlink", path)]
    if path.name in (name, f"{name}.legacy") and chained.exists():
        _no_links(repo, chained)
        ops.append(Op("move", chained, dest=path))
    return ops


# -- applying ----------------------------------------------------------------------------


def apply(ops: tuple[Op, ...]) -> None:
    """Write a plan, in order.  When an operation fails (``lefthook install`` refusing a
    config it cannot read, a full disk), every file the plan had touched is put back as it
    was and the directories it made are removed, then the error is raised: a refused
    install or uninstall has changed nothing."""
    saved: dict[Path, _Saved] = {}
    made: list[Path] = []
    try:
        for op in ops:
            for path in (op.path, op.dest):
                if path is not None and op.kind in ("write", "move", "unlink") \
                        and path not in saved:
                    saved[path] = _save(path)
            _apply_one(op, made)
    except BaseException:
        _put_back(saved, made)
        raise


def _apply_one(op: Op, made: list[Path]) -> None:
    if op.kind == "write":
        missing = [d for d in (op.path.parent, *op.path.parent.parents) if not d.exists()]
        op.path.parent.mkdir(parents=True, exist_ok=True)
        made += reversed(missing)
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


@dataclass(frozen=True)
class _Saved:
    """A file as it was before a plan touched it (``data`` None: there was none)."""

    data: bytes | None
    mode: int


def _save(path: Path) -> _Saved:
    try:
        return _Saved(path.read_bytes(), stat.S_IMODE(path.stat().st_mode))
    except (FileNotFoundError, NotADirectoryError):
        return _Saved(None, 0)


def _put_back(saved: dict[Path, _Saved], made: list[Path]) -> None:
    """Every saved file as it was, then the directories made, innermost first; what
    cannot be put back is left (the error being raised says what went wrong)."""
    for path, was in reversed(saved.items()):
        with contextlib.suppress(OSError):
            if was.data is None:
                path.unlink(missing_ok=True)
            else:
                _write_file(path, was.data, was.mode)
    for directory in reversed(made):
        with contextlib.suppress(OSError):
            directory.rmdir()


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
        raise AgentConfigError(f"lefthook install did not finish ({one_line(str(exc))}); "
                               "nothing was changed") from None
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        raise AgentConfigError(f"lefthook install failed ({one_line(last)}): put its config "
                               "right, then git ledger install again (nothing was changed)")


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


def chained(target: Path) -> Path:
    return target.with_name(f"{target.name}{CHAINED_SUFFIX}")


def read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise AgentConfigError(f"cannot read {path}: {exc.strerror or exc}") from None


def _write_file(path: Path, text: str | bytes, mode: int = 0o755) -> None:
    write_atomic(path, text if isinstance(text, bytes) else text.encode(),
                 mode=mode | stat.S_IRUSR)

