"""The coding agents gitledger hooks into: their config files, our entries, their envelopes.

This module owns what we know about Claude Code, Codex CLI, Gemini CLI and Cursor
(docs/hooks.md gives each fact with its source): where the project's hook config lives,
which of the agent's events we hook and under what name, what our entries look like, how
``install`` merges them into a config the user already has and how ``uninstall`` takes
exactly them out again, and the JSON envelope in which each agent expects SessionStart
context on stdout.

Merging is conservative: the user's other hooks and settings survive byte-for-byte in
meaning and in key order, our entries are never duplicated, a second ``install`` changes
nothing, and a file that is not valid JSON (or not the documented shape where we would
write) is refused with nothing written.  Writes go through a temporary file and
``os.replace``, so a crash leaves the old file or the new one, never half of one.

Our entries are recognised by their command: it runs ``git ledger hook EVENT`` (or, for
the Stop entry, ``git ledger check --hook stop``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.names import AGENTS, EVENTS
from gitledger.core.text import printable
from gitledger.errors import AgentConfigError, InvalidInput
from gitledger.integrations.config_files import (
    delete_file,
    dump_json,
    load_json,
    staged,
    write_file,
)
from gitledger.storage.repo import Repo

#: Our hook events, in the order entries are written: the ``git ledger hook`` events, then
#: ``stop``, which runs ``git ledger check --hook stop`` when the agent is about to end its
#: turn (Claude Code's and Codex's ``Stop``, Gemini CLI's ``AfterAgent``, Cursor's ``stop``).
HOOKED: tuple[str, ...] = (*EVENTS, "stop")

#: What marks a hook entry as ours: the command runs ``git ledger hook …`` (or the Stop
#: hook ``git ledger check --hook …``), through ``git ledger`` or ``git-ledger``.
OURS = re.compile(r"(?<![\w.-])git[ -]ledger\s+(?:hook|check\s+--hook)\b")

#: Seconds an agent waits for one of our hooks (``hook`` itself gives up well before).
HOOK_TIMEOUT = 30


@dataclass(frozen=True)
class Agent:
    """One coding agent's hook system, as its documentation describes it."""

    name: str
    title: str
    #: The project config file, relative to the top of the work tree.
    config: str
    #: Our event → the agent's name for it (an event the agent lacks is absent).
    events: Mapping[str, str]
    #: Claude-style ``{"matcher": …, "hooks": [handler]}`` groups, or flat handler lists.
    grouped: bool
    #: The SessionStart matcher (None: match every source).
    start_matcher: str | None
    #: The handler's ``timeout`` value, in the unit the agent uses.
    timeout: int
    #: Keys written before ``hooks`` when we create the file (Cursor's ``version``).
    preamble: Mapping[str, Any]
    #: Extra handler fields, per our event.
    extra: Callable[[str], dict[str, Any]]
    #: What a user must know after installing (trust prompts, feature flags).
    notes: tuple[str, ...]


def _no_extra(event: str) -> dict[str, Any]:
    return {}


def _codex_extra(event: str) -> dict[str, Any]:
    return {"statusMessage": {
        "session-start": "Restoring the git ledger",
        "pre-compact": "Checkpointing the git ledger",
        "session-end": "Checkpointing the git ledger",
        "stop": "Checking the git ledger",
    }[event]}


def _gemini_extra(event: str) -> dict[str, Any]:
    return {"name": f"git-ledger-{event}",
            "description": _DESCRIPTIONS[event]}


_DESCRIPTIONS = {
    "session-start": "Restore this worktree's git ledger into the session",
    "pre-compact": "Record a checkpoint in the git ledger before compaction",
    "session-end": "Record a checkpoint in the git ledger at session end",
    "stop": "Check the git ledger after each turn; ask for one retry to fix its errors",
}

CLAUDE = Agent(
    name="claude", title="Claude Code", config=".claude/settings.json",
    events={"session-start": "SessionStart", "pre-compact": "PreCompact",
            "session-end": "SessionEnd", "stop": "Stop"},
    grouped=True, start_matcher="startup|resume|clear|compact", timeout=HOOK_TIMEOUT,
    preamble={}, extra=_no_extra,
    notes=("Claude Code reads hooks at startup; review them with /hooks.",
           "The Stop hook sends Claude back once to fix errors git ledger check finds; "
           "warnings never keep it from stopping."),
)
CODEX = Agent(
    name="codex", title="Codex CLI", config=".codex/hooks.json",
    events={"session-start": "SessionStart", "pre-compact": "PreCompact", "stop": "Stop"},
    grouped=True, start_matcher="startup|resume|clear|compact", timeout=HOOK_TIMEOUT,
    preamble={}, extra=_codex_extra,
    notes=("Codex runs project hooks only in a trusted project, once you have reviewed "
           "and trusted them (/hooks); older releases also need [features] codex_hooks "
           "= true in config.toml.",
           "Codex has no SessionEnd hook event: nothing is recorded at session end.",
           "The Stop hook continues the turn once to fix errors git ledger check finds; "
           "warnings never keep Codex from stopping."),
)
GEMINI = Agent(
    name="gemini", title="Gemini CLI", config=".gemini/settings.json",
    events={"session-start": "SessionStart", "pre-compact": "PreCompress",
            "session-end": "SessionEnd", "stop": "AfterAgent"},
    grouped=True, start_matcher=None, timeout=HOOK_TIMEOUT * 1000,
    preamble={}, extra=_gemini_extra,
    notes=("Gemini CLI runs project hooks only in a trusted folder; releases before "
           "hooks were on by default need hooksConfig.enabled (or tools.enableHooks).",
           "Gemini CLI fires SessionStart on startup, resume and clear, not after "
           "compression: run git ledger restore after a /compress.",
           "The AfterAgent hook asks Gemini for one retry to fix errors git ledger check "
           "finds; warnings never trigger a retry."),
)
CURSOR = Agent(
    name="cursor", title="Cursor", config=".cursor/hooks.json",
    events={"session-start": "sessionStart", "pre-compact": "preCompact",
            "session-end": "sessionEnd", "stop": "stop"},
    grouped=False, start_matcher=None, timeout=HOOK_TIMEOUT,
    preamble={"version": 1}, extra=_no_extra,
    notes=("Cursor runs project hooks in a trusted workspace; the Hooks output channel "
           "shows what ran.",
           "The stop hook sends one follow-up message asking the agent to fix errors git "
           "ledger check finds; warnings, aborted runs and follow-ups never get one."),
)

BY_NAME: dict[str, Agent] = {a.name: a for a in (CLAUDE, CODEX, GEMINI, CURSOR)}


def agent(name: str) -> Agent:
    """The agent called ``name``, or InvalidInput naming the ones we know."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise InvalidInput(
            f"unknown agent '{name}': use one of {', '.join(AGENTS)}"
        ) from None


def command(agent_name: str, event: str) -> str:
    """The command line our hook entry runs for ``event``."""
    if event == "stop":
        return f"git ledger check --hook stop --agent {agent_name}"
    return f"git ledger hook {event} --agent {agent_name}"


def handler(spec: Agent, event: str) -> dict[str, Any]:
    """Our handler object for ``event`` (what runs the command)."""
    if spec.grouped:
        body: dict[str, Any] = {"type": "command", "command": command(spec.name, event),
                                "timeout": spec.timeout}
    else:
        body = {"command": command(spec.name, event), "timeout": spec.timeout}
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
    group["hooks"] = [handler(spec, event)]
    return group


def config_for_empty_project(spec: Agent) -> dict[str, Any]:
    """The whole config file ``install`` writes into a project that has none."""
    return {**spec.preamble,
            "hooks": {spec.events[e]: [entry(spec, e)] for e in HOOKED if e in spec.events}}


def envelope(fmt: str, event: str, context: str) -> dict[str, Any]:
    """The JSON object an agent reads from a SessionStart hook's stdout, holding ``context``.

    ``event`` is the hook event's name as Claude Code spells it (``SessionStart``); the
    agents that echo the event name get the name they use for it.  Sources: docs/hooks.md.
    """
    spec = agent(fmt)
    if event != "SessionStart":
        raise InvalidInput(f"no {spec.title} context envelope for the {event} event")
    if spec.name == "cursor":
        return {"additional_context": context}
    return {"hookSpecificOutput": {"hookEventName": spec.events["session-start"],
                                   "additionalContext": context}}


def stop_envelope(fmt: str, reason: str) -> dict[str, Any]:
    """What makes agent ``fmt`` carry on instead of stopping, with ``reason`` as its task.

    Claude Code and Codex read ``{"decision": "block", "reason": …}`` from a Stop hook,
    Gemini CLI ``{"decision": "deny", "reason": …}`` from AfterAgent (a retry turn whose
    prompt is the reason), Cursor ``{"followup_message": …}`` from stop (sent as the next
    user message).  Sources: docs/hooks.md, "The Stop hook".
    """
    spec = agent(fmt)
    if spec.name == "cursor":
        return {"followup_message": reason}
    if spec.name == "gemini":
        return {"decision": "deny", "reason": reason}
    return {"decision": "block", "reason": reason}


# -- install / uninstall -----------------------------------------------------------------


@dataclass(frozen=True)
class HookChange:
    """One of our entries in one event list, and what install or uninstall did to it."""

    event: str
    action: str  # "added", "updated", "unchanged" or "removed"
    command: str


@dataclass(frozen=True)
class Report:
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
            dry_run: bool = False) -> Report:
    """Merge our hook entries into ``agent_name``'s project config at the work tree's top.

    ``where`` is any directory inside the work tree (default: the current directory).
    Idempotent: a second run reports every entry unchanged and writes nothing.
    """
    spec = agent(agent_name)
    path, rel = _config_path(where, spec)
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
    return Report(spec.name, path, rel, state, tuple(changes), dry_run, spec.notes)


def uninstall(where: str | os.PathLike[str] | None, agent_name: str, *,
              dry_run: bool = False) -> Report:
    """Remove our hook entries, and only ours, from ``agent_name``'s project config.

    Lists and objects that our removal leaves empty go too; a file left with nothing we
    did not write is deleted (with its directory, if that is then empty).
    """
    spec = agent(agent_name)
    path, rel = _config_path(where, spec)
    existed, doc, style = load_json(path, rel)
    if not existed:
        return Report(spec.name, path, rel, "absent", (), dry_run)
    hooks = _hooks_object(doc, rel, create=False)
    changes: list[HookChange] = []
    if hooks is not None:
        for name in list(hooks):
            for removed in _remove_ours(hooks, name, spec.grouped):
                changes.append(HookChange(name, "removed", removed))
        if not hooks and changes:
            del doc["hooks"]
    if not changes:
        return Report(spec.name, path, rel, "unchanged", (), dry_run)
    leftover = {k: v for k, v in doc.items() if spec.preamble.get(k, _MISSING) != v}
    state = "deleted" if not leftover else "updated"
    with staged(dry_run):
        if state == "deleted":
            delete_file(path, rel, empty="{}\n")
        else:
            write_file(path, rel, dump_json(doc, style))
    return Report(spec.name, path, rel, state, tuple(changes), dry_run)


_MISSING = object()


def report_json(report: Report) -> dict[str, Any]:
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


def report_text(report: Report) -> str:
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


# -- files ---------------------------------------------------------------------------------


def _config_path(where: str | os.PathLike[str] | None, spec: Agent) -> tuple[Path, str]:
    top = Repo(where).workdir
    return top / spec.config, spec.config


__all__ = [
    "AGENTS",
    "BY_NAME",
    "EVENTS",
    "HOOKED",
    "Agent",
    "HookChange",
    "Report",
    "agent",
    "command",
    "config_for_empty_project",
    "entry",
    "envelope",
    "install",
    "report_json",
    "report_text",
    "stop_envelope",
    "uninstall",
]
