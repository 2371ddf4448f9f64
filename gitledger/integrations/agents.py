"""An agent's project hook config: our entries in it, and how install and uninstall edit it.

The agent's facts are its record in ``agent_registry.py``.  Edits are conservative: the
user's hooks survive, ours are never duplicated and are recognised by their command, and a
config we cannot read is refused with nothing written.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.display import printable
from gitledger.errors import AgentConfigError
from gitledger.integrations import plugins
from gitledger.integrations.agent_registry import HOOKED, Agent, agent
from gitledger.integrations.config_files import (
    delete_file,
    dump_json,
    load_json,
    read_text,
    staged,
    write_file,
)
from gitledger.storage.repo import Repo

#: The pre-tool-use hook's shell fast path, installed on PATH beside ``git-ledger``
#: (``scripts/`` in the source tree, a wheel's shared script).
FAST_PATH = "git-ledger-pre-tool-use"

#: What marks a hook entry as ours: the command runs ``git ledger hook …`` (or the Stop
#: hook ``git ledger check --hook …``), through ``git ledger`` or ``git-ledger``, or the
#: pre-tool-use hook's shell fast path.
OURS = re.compile(r"(?<![\w.-])(?:git[ -]ledger\s+(?:hook|check\s+--hook)\b"
                  rf"|{re.escape(FAST_PATH)}(?![\w.-]))")


def command(agent_name: str, event: str) -> str:
    """The command line our hook entry runs for ``event``: the one place it is built (the
    example configs under ``hooks/``, install and the docs all come from here)."""
    if event == "stop":
        return f"git ledger check --hook stop --agent {agent_name}"
    if event == "pre-tool-use":
        # Runs before every tool call: a shell script that starts Python only when the
        # payload names a path a decision governs (docs/hooks.md, "The fast path").
        return f"{FAST_PATH} {agent_name}"
    return f"git ledger hook {event} --agent {agent_name}"


def handler(spec: Agent, event: str) -> dict[str, Any]:
    """Our handler object for ``event`` (what runs the command)."""
    if spec.grouped:
        body: dict[str, Any] = {"type": "command", "command": command(spec.name, event),
                                "timeout": spec.timeout}
    else:
        body = {"command": command(spec.name, event), "timeout": spec.timeout}
        if event == "pre-tool-use" and spec.tool_matcher:  # flat handlers carry their own
            body["matcher"] = spec.tool_matcher
    extra = spec.extra(event)
    if "name" in extra:  # Gemini identifies hooks by name: put it first, as its docs do
        return {"name": extra.pop("name"), **body, **extra}
    return {**body, **extra}


def entry(spec: Agent, event: str) -> dict[str, Any]:
    """What we put in the agent's list for ``event``: a matcher group, or a handler."""
    if not spec.grouped:
        return handler(spec, event)
    group: dict[str, Any] = {}
    if event == "session-start" and spec.start_matcher:
        group["matcher"] = spec.start_matcher
    elif event == "pre-tool-use" and spec.tool_matcher:
        group["matcher"] = spec.tool_matcher
    group["hooks"] = [handler(spec, event)]
    return group


def plugin_source(spec: Agent) -> str:
    """The plugin file ``install`` writes for a plugin agent (``spec.plugin``)."""
    return plugins.source(spec, {e: command(spec.name, e) for e in HOOKED})


def config_for_empty_project(spec: Agent) -> dict[str, Any]:
    """The whole config file ``install`` writes into a project that has none."""
    return {**spec.preamble,
            "hooks": {spec.events[e]: [entry(spec, e)] for e in HOOKED if e in spec.events}}


# -- install / uninstall -----------------------------------------------------------------


@dataclass(frozen=True)
class HookChange:
    """One of our entries in one event list, and what install or uninstall did to it."""

    event: str
    action: str  # "added", "updated", "unchanged" or "removed"
    command: str


@dataclass(frozen=True)
class HookConfigReport:
    """What install or uninstall did (or, with ``dry_run``, would do) to one config file."""

    agent: str
    path: Path
    relpath: str
    #: "created", "updated", "unchanged", "deleted" or "absent" (uninstall, no file).
    file: str
    changes: tuple[HookChange, ...]
    dry_run: bool
    notes: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return self.file in ("created", "updated", "deleted")


def install(where: str | os.PathLike[str] | None, agent_name: str, *,
            dry_run: bool = False) -> HookConfigReport:
    """Merge our hook entries into ``agent_name``'s project config at the work tree's top.

    ``where`` is any directory inside the work tree (default: the current directory).
    Idempotent: a second run reports every entry unchanged and writes nothing.
    """
    spec = agent(agent_name)
    path, rel = _config_path(where, spec)
    if spec.plugin:
        return _install_plugin(spec, path, rel, dry_run)
    existed, doc, style = load_json(path, rel)
    if not existed:
        doc = dict(spec.preamble)
    hooks = _hooks_object(doc, rel, create=True)
    assert hooks is not None
    changes: list[HookChange] = []
    for event in HOOKED:
        if event not in spec.events:
            continue
        name = spec.events[event]
        action = _put(hooks, name, entry(spec, event), spec.grouped, rel)
        changes.append(HookChange(name, action, command(spec.name, event)))
    touched = any(c.action != "unchanged" for c in changes)
    state = "created" if not existed else ("updated" if touched else "unchanged")
    if state != "unchanged":
        with staged(dry_run):
            write_file(path, rel, dump_json(doc, style))
    return HookConfigReport(spec.name, path, rel, state, tuple(changes), dry_run, spec.notes)


def uninstall(where: str | os.PathLike[str] | None, agent_name: str, *,
              dry_run: bool = False) -> HookConfigReport:
    """Remove our hook entries, and only ours, from ``agent_name``'s project config.

    Lists and objects that our removal leaves empty go too; a file left with nothing we
    did not write is deleted (with its directory, if that is then empty).
    """
    spec = agent(agent_name)
    path, rel = _config_path(where, spec)
    if spec.plugin:
        return _uninstall_plugin(spec, path, rel, dry_run)
    existed, doc, style = load_json(path, rel)
    if not existed:
        return HookConfigReport(spec.name, path, rel, "absent", (), dry_run)
    hooks = _hooks_object(doc, rel, create=False)
    changes: list[HookChange] = []
    if hooks is not None:
        for name in list(hooks):
            for removed in _remove_ours(hooks, name, spec.grouped):
                changes.append(HookChange(name, "removed", removed))
        if not hooks and changes:
            del doc["hooks"]
    if not changes:
        return HookConfigReport(spec.name, path, rel, "unchanged", (), dry_run)
    leftover = {k: v for k, v in doc.items() if spec.preamble.get(k, _MISSING) != v}
    state = "deleted" if not leftover else "updated"
    with staged(dry_run):
        if state == "deleted":
            delete_file(path, rel)
        else:
            write_file(path, rel, dump_json(doc, style))
    return HookConfigReport(spec.name, path, rel, state, tuple(changes), dry_run)


_MISSING = object()


def report_json(report: HookConfigReport) -> dict[str, Any]:
    """``install --json`` / ``uninstall --json``: one config file (docs/cli.md)."""
    return {
        "agent": report.agent,
        "path": str(report.path),
        "file": report.file,
        "dry_run": report.dry_run,
        "changes": [{"event": c.event, "action": c.action, "command": c.command}
                    for c in report.changes],
        "notes": list(report.notes),
    }


_SIGNS = {"added": "+", "updated": "~", "unchanged": "=", "removed": "-"}
_WOULD = {"created": "would be created", "updated": "would be updated",
          "deleted": "would be deleted"}


def report_text(report: HookConfigReport) -> str:
    """What install or uninstall changed, one line per entry, for people."""
    rel = printable(report.relpath)
    if report.file == "absent":
        lines = [f"{rel}: not present, no git ledger hooks to remove"]
    elif report.file == "unchanged" and not report.changes:
        lines = [f"{rel}: unchanged, it has no git ledger hooks"]
    else:
        state = _WOULD.get(report.file, report.file) if report.dry_run else report.file
        lines = [f"{rel}: {state}"]
        width = max(len(c.event) for c in report.changes)
        lines += [f"  {_SIGNS[c.action]} {c.event.ljust(width)}  {printable(c.command)}"
                  for c in report.changes]
    lines += [f"note: {n}" for n in report.notes if report.file != "unchanged"]
    return "\n".join(lines)


# -- merging -------------------------------------------------------------------------------


def _is_ours(item: Any) -> bool:
    return isinstance(item, dict) and isinstance(item.get("command"), str) and (
        OURS.search(item["command"]) is not None
    )


def _put(hooks: dict[str, Any], name: str, wanted: dict[str, Any], grouped: bool,
         rel: str) -> str:
    """Make ``wanted`` our only entry in ``hooks[name]``; say what that took."""
    items = hooks.get(name)
    if items is None:
        hooks[name] = [wanted]
        return "added"
    if not isinstance(items, list):
        raise AgentConfigError(
            f"{rel}: hooks.{name} is not a list; fix it by hand (nothing was written)"
        )
    if grouped:
        for group in items:
            if not isinstance(group, dict) or not isinstance(group.get("hooks", []), list):
                raise AgentConfigError(
                    f"{rel}: hooks.{name} holds an entry that is not a matcher group "
                    "with a hooks list; fix it by hand (nothing was written)"
                )
        holders = [i for i, g in enumerate(items) if any(map(_is_ours, g.get("hooks", [])))]
        if not holders:
            items.append(wanted)
            return "added"
        if len(holders) == 1 and items[holders[0]] == wanted:
            return "unchanged"
        kept: list[Any] = []
        for i, group in enumerate(items):
            if i not in holders:
                kept.append(group)
                continue
            if i == holders[0]:
                kept.append(wanted)
            rest = [h for h in group.get("hooks", []) if not _is_ours(h)]
            if rest:  # a user's handler that shared a group with ours stays, in its group
                kept.append({**group, "hooks": rest})
        items[:] = kept
        return "updated"
    mine = [i for i, h in enumerate(items) if _is_ours(h)]
    if not mine:
        items.append(wanted)
        return "added"
    if len(mine) == 1 and items[mine[0]] == wanted:
        return "unchanged"
    first = mine[0]
    items[:] = [wanted if i == first else h for i, h in enumerate(items)
                if i == first or i not in mine]
    return "updated"


def _remove_ours(hooks: dict[str, Any], name: str, grouped: bool) -> list[str]:
    """Take our entries out of ``hooks[name]``; return their commands."""
    items = hooks[name]
    if not isinstance(items, list):
        return []  # not an event list (Gemini's old "disabled", say): not ours to touch
    removed: list[str] = []
    kept: list[Any] = []
    for item in items:
        if grouped and isinstance(item, dict) and isinstance(item.get("hooks"), list):
            ours = [h for h in item["hooks"] if _is_ours(h)]
            if not ours:
                kept.append(item)
                continue
            removed += [h["command"] for h in ours]
            rest = [h for h in item["hooks"] if not _is_ours(h)]
            if rest:
                kept.append({**item, "hooks": rest})
        elif _is_ours(item):
            removed.append(item["command"])
        else:
            kept.append(item)
    if removed:
        if kept:
            items[:] = kept
        else:
            del hooks[name]
    return removed


def _hooks_object(doc: dict[str, Any], rel: str, *, create: bool) -> dict[str, Any] | None:
    hooks = doc.get("hooks")
    if hooks is None:
        if not create:
            return None
        hooks = doc["hooks"] = {}
    if not isinstance(hooks, dict):
        raise AgentConfigError(
            f"{rel}: \"hooks\" is not a JSON object; fix it by hand (nothing was written)"
        )
    return hooks


# -- plugins -------------------------------------------------------------------------------

#: The first line of every plugin we ship: how a plugin file is known to be ours.
PLUGIN_MARK = "// git ledger for "


def plugin_text(spec: Agent) -> str:
    """The plugin we ship for ``spec`` (``hooks/`` in the source tree, ``gitledger/hooks``
    in a wheel)."""
    package = Path(__file__).resolve().parents[1]
    for top in (package, package.parent):
        shipped = top / spec.example
        if shipped.is_file():
            return shipped.read_text(encoding="utf-8")
    raise AgentConfigError(f"this gitledger has no {spec.example} to install (a broken "
                           "installation: reinstall gitledger)")


def _plugin_changes(spec: Agent, action: str) -> tuple[HookChange, ...]:
    return tuple(HookChange(spec.events[e], action, command(spec.name, e))
                 for e in HOOKED if e in spec.events)


def _install_plugin(spec: Agent, path: Path, rel: str, dry_run: bool) -> HookConfigReport:
    """Write our plugin file; one there that is not ours is refused, never overwritten."""
    wanted = plugin_text(spec)
    found = read_text(path, rel)
    if found == wanted:
        return HookConfigReport(spec.name, path, rel, "unchanged",
                                _plugin_changes(spec, "unchanged"), dry_run, spec.notes)
    if found is not None and not found.startswith(PLUGIN_MARK):
        raise AgentConfigError(f"{rel}: a file that is not git ledger's is there; move it "
                               "away (nothing was written)")
    with staged(dry_run):
        write_file(path, rel, wanted)
    state, action = ("created", "added") if found is None else ("updated", "updated")
    return HookConfigReport(spec.name, path, rel, state, _plugin_changes(spec, action),
                            dry_run, spec.notes)


def _uninstall_plugin(spec: Agent, path: Path, rel: str, dry_run: bool) -> HookConfigReport:
    found = read_text(path, rel)
    if found is None:
        return HookConfigReport(spec.name, path, rel, "absent", (), dry_run)
    if not found.startswith(PLUGIN_MARK):
        return HookConfigReport(spec.name, path, rel, "unchanged", (), dry_run)
    with staged(dry_run):
        delete_file(path, rel)
    return HookConfigReport(spec.name, path, rel, "deleted", _plugin_changes(spec, "removed"),
                            dry_run)


# -- files ---------------------------------------------------------------------------------


def _config_path(where: str | os.PathLike[str] | None, spec: Agent) -> tuple[Path, str]:
    top = Repo(where).workdir
    return top / spec.config, spec.config


__all__ = [
    "OURS",
    "HookChange",
    "HookConfigReport",
    "command",
    "config_for_empty_project",
    "entry",
    "install",
    "plugin_source",
    "report_json",
    "report_text",
    "uninstall",
]
