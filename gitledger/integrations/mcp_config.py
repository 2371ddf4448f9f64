"""Registering ``git ledger mcp`` in a coding agent's project MCP configuration.

The target is the agent's record (``agent_registry.py``).  Our entry is ``git-ledger``; one
of that name that runs something else is refused.  TOML is edited as text between marker
comments, and checked by parsing, so the user's comments and layout survive.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.display import printable
from gitledger.core.parsing import toml_loads
from gitledger.errors import AgentConfigError
from gitledger.integrations.agent_registry import REGISTRY
from gitledger.integrations.agent_registry import agent as agent_record
from gitledger.integrations.config_files import (
    delete_file,
    dump_json,
    load_json,
    read_text,
    staged,
    write_file,
)
from gitledger.storage.repo import Repo

SERVER = "git-ledger"
COMMAND = "git"
ARGS = ("ledger", "mcp")

_BEGIN = "# >>> git ledger mcp: git ledger uninstall --agent codex removes this table"
_END = "# <<< git ledger mcp"


@dataclass(frozen=True)
class Target:
    """Where one agent reads a project's MCP servers, and our entry there."""

    agent: str
    config: str
    entry: dict[str, Any]
    notes: tuple[str, ...] = ()
    #: The object in the config that holds the servers.
    key: str = "mcpServers"


#: The fields an agent's record adds to our entry (but ``type``), with the value we write:
#: an entry holding one of them, so, is still ours (Qwen Code's ``alwaysLoadTools``).
_OUR_FIELDS: dict[str, Any] = {k: v for a in REGISTRY if a.mcp is not None
                               for k, v in a.mcp.fields.items() if k != "type"}

#: Each agent's target, from its record: our entry is its fields, then the command (one
#: list for OpenCode's kind, else ``command`` and ``args``).
TARGETS: dict[str, Target] = {
    a.name: Target(a.name, a.mcp.config,
                   {**a.mcp.fields, "command": [COMMAND, *ARGS]} if a.mcp.command_list
                   else {**a.mcp.fields, "command": COMMAND, "args": list(ARGS)},
                   a.mcp.notes, a.mcp.key)
    for a in REGISTRY if a.mcp is not None
}


@dataclass(frozen=True)
class McpConfigReport:
    """What install or uninstall did (or, with ``dry_run``, would do) to one MCP config."""

    agent: str
    path: Path
    relpath: str
    #: "created", "updated", "unchanged", "deleted" or "absent" (uninstall, no file).
    file: str
    #: "added", "updated", "unchanged", "removed", or None (nothing of ours there).
    action: str | None
    dry_run: bool
    notes: tuple[str, ...] = ()


def install(where: str | os.PathLike[str] | None, agent: str, *,
            dry_run: bool = False) -> McpConfigReport:
    """Add (or bring up to date) our server in ``agent``'s project MCP config."""
    target, path = _target(where, agent)
    if target.config.endswith(".toml"):
        file, action = _toml_install(path, target, dry_run)
    else:
        file, action = _json_install(path, target, dry_run)
    return McpConfigReport(agent, path, target.config, file, action, dry_run,
                  target.notes if file != "unchanged" else ())


def uninstall(where: str | os.PathLike[str] | None, agent: str, *,
              dry_run: bool = False) -> McpConfigReport:
    """Remove our server, and only it, from ``agent``'s project MCP config."""
    target, path = _target(where, agent)
    if target.config.endswith(".toml"):
        file, action = _toml_uninstall(path, target, dry_run)
    else:
        file, action = _json_uninstall(path, target, dry_run)
    return McpConfigReport(agent, path, target.config, file, action, dry_run)


def report_json(report: McpConfigReport) -> dict[str, Any]:
    """The ``mcp`` object of ``install --json`` / ``uninstall --json`` (docs/cli.md)."""
    return {"agent": report.agent, "path": str(report.path), "file": report.file,
            "server": SERVER, "action": report.action, "command": command_line(),
            "notes": list(report.notes)}


def report_text(report: McpConfigReport) -> str:
    rel = printable(report.relpath)
    if report.action is None:
        return f"{rel}: {'not present' if report.file == 'absent' else 'unchanged'}, " \
               f"no {SERVER} MCP server to remove"
    state = report.file
    if report.dry_run and state in ("created", "updated", "deleted"):
        state = f"would be {state}"
    sign = {"added": "+", "updated": "~", "unchanged": "=", "removed": "-"}[report.action]
    lines = [f"{rel}: {state}", f"  {sign} mcp {SERVER}  {command_line()}"]
    lines += [f"note: {n}" for n in report.notes]
    return "\n".join(lines)


def command_line() -> str:
    return " ".join((COMMAND, *ARGS))


# -- JSON -------------------------------------------------------------------------------------


def _json_install(path: Path, target: Target, dry_run: bool) -> tuple[str, str]:
    existed, doc, style = load_json(path, target.config)
    servers = _servers(doc, target, create=True)
    assert servers is not None
    current = servers.get(SERVER)
    if current == target.entry or (current is not None and not _is_ours(current)
                                   and _runs_us(current)):
        return "unchanged", "unchanged"  # ours as it is, or the user's own way of running us
    if current is not None and not _runs_us(current):
        raise AgentConfigError(
            f"{target.config} already has an MCP server named \"{SERVER}\" that does not "
            f"run {command_line()}; rename or remove it (nothing was written)")
    action = "added" if current is None else "updated"
    servers[SERVER] = target.entry
    with staged(dry_run):
        write_file(path, target.config, dump_json(doc, style))
    return "updated" if existed else "created", action


def _json_uninstall(path: Path, target: Target, dry_run: bool) -> tuple[str, str | None]:
    existed, doc, style = load_json(path, target.config)
    if not existed:
        return "absent", None
    servers = _servers(doc, target, create=False)
    if servers is None or SERVER not in servers or not _is_ours(servers[SERVER]):
        return "unchanged", None
    del servers[SERVER]
    if not servers:
        del doc[target.key]
    state = "updated" if doc else "deleted"
    with staged(dry_run):
        if doc:
            write_file(path, target.config, dump_json(doc, style))
        else:
            delete_file(path, target.config)
    return state, "removed"


def _servers(doc: dict[str, Any], target: Target, *, create: bool) -> dict[str, Any] | None:
    servers = doc.get(target.key)
    if servers is None:
        if not create:
            return None
        servers = doc[target.key] = {}
    if not isinstance(servers, dict):
        raise AgentConfigError(f"{target.config}: \"{target.key}\" is not a JSON object; fix "
                               "it by hand (nothing was written)")
    return servers


def _words(entry: dict[str, Any]) -> list[Any] | None:
    """The command line of a server entry: ``command`` and ``args``, or (OpenCode) one
    ``command`` list; None when it is neither."""
    command, args = entry.get("command"), entry.get("args", [])
    if isinstance(command, list) and command and "args" not in entry:
        return command
    if isinstance(command, str) and isinstance(args, list):
        return [command, *args]
    return None


def _runs_us(entry: Any) -> bool:
    """Whether a server entry runs ``git ledger mcp`` (through ``git``, or the
    ``git-ledger`` script by name or absolute path), whatever else it sets."""
    words = _words(entry) if isinstance(entry, dict) else None
    if not words or not isinstance(words[0], str):
        return False
    script = os.path.basename(words[0]).removesuffix(".exe")
    return words[:3] == [COMMAND, *ARGS] or (script == "git-ledger" and words[1:2] == ["mcp"])


def _is_ours(entry: Any) -> bool:
    """Whether an entry is one we wrote (now or in an earlier form): exactly ``git ledger
    mcp`` or ``git-ledger mcp``, and nothing else.  An entry that runs us by an absolute
    path, or with arguments or an environment of its own, is the user's: never touched."""
    if not isinstance(entry, dict) or not _runs_us(entry):
        return False
    rest = {k: v for k, v in entry.items() if k not in ("command", "args", "type")}
    return all(k in _OUR_FIELDS and _OUR_FIELDS[k] == v for k, v in rest.items()) and entry.get(
        "type", "stdio") in ("stdio", "local") and _words(entry) in ([COMMAND, *ARGS],
                                                                       ["git-ledger", "mcp"])


# -- TOML (Codex) ---------------------------------------------------------------------------


def _toml_block(target: Target) -> str:
    args = ", ".join(f'"{a}"' for a in target.entry["args"])
    return (f"{_BEGIN}\n[mcp_servers.{SERVER}]\ncommand = \"{target.entry['command']}\"\n"
            f"args = [{args}]\n{_END}\n")


_BLOCK = re.compile(rf"(?:\r?\n)?{re.escape(_BEGIN)}\r?\n.*?{re.escape(_END)}(?:\r?\n)?",
                    re.DOTALL)


def _toml_install(path: Path, target: Target, dry_run: bool) -> tuple[str, str]:
    rel = target.config
    text = read_text(path, rel)
    existed = text is not None
    before = _parse_toml(text or "", rel)
    newline = "\r\n" if (text or "").count("\r\n") * 2 > (text or "").count("\n") else "\n"
    block = _toml_block(target).replace("\n", newline)
    found = _BLOCK.search(text or "")
    theirs = before.get("mcp_servers", {}).get(SERVER) if isinstance(
        before.get("mcp_servers"), dict) else None
    if found is not None:
        if found.group(0).lstrip("\r\n") == block:
            return "unchanged", "unchanged"
        lead = newline if found.group(0).startswith(("\n", "\r\n")) else ""
        new = (text or "")[:found.start()] + lead + block + (text or "")[found.end():]
        action = "updated"
    elif theirs is not None:
        if _runs_us(theirs):  # registered by hand: theirs to keep, and already done
            return "unchanged", "unchanged"
        raise AgentConfigError(
            f"{rel} already has [mcp_servers.{SERVER}] that does not run {command_line()}; "
            "rename or remove it (nothing was written)")
    else:
        body = text or ""
        if body and not body.endswith("\n"):
            body += newline
        new = body + (newline if body.strip() else "") + block
        action = "added"
    after = _parse_toml(new, rel, ours=True)
    _only_ours_differs(before, after, rel)
    if after.get("mcp_servers", {}).get(SERVER) != target.entry:
        raise AgentConfigError(f"{rel}: [mcp_servers.{SERVER}] would not read back as "
                               "written; nothing was written")
    with staged(dry_run):
        write_file(path, rel, new)
    return "updated" if existed else "created", action


def _toml_uninstall(path: Path, target: Target, dry_run: bool) -> tuple[str, str | None]:
    rel = target.config
    text = read_text(path, rel)
    if text is None:
        return "absent", None
    found = _BLOCK.search(text)
    if found is None:
        return "unchanged", None
    before = _parse_toml(text, rel)
    rest = text[found.end():]
    # The blank line before our table goes with it, unless a table follows to need it.
    lead = found.group(0)[:len(found.group(0)) - len(found.group(0).lstrip("\r\n"))]
    gap = lead if lead and rest and not rest.startswith(("\n", "\r\n")) else ""
    new = text[:found.start()] + gap + rest
    after = _parse_toml(new, rel)
    _only_ours_differs(before, after, rel)
    if SERVER in (after.get("mcp_servers") or {}):
        raise AgentConfigError(
            f"{rel}: keys of [mcp_servers.{SERVER}] were added outside our marker comments; "
            "removing our table would leave a server without a command, so nothing was "
            "written (remove them by hand)")
    state = "updated" if new.strip() else "deleted"
    with staged(dry_run):
        if new.strip():
            write_file(path, rel, new)
        else:
            delete_file(path, rel)
    return state, "removed"


def _parse_toml(text: str, rel: str, *, ours: bool = False) -> dict[str, Any]:
    try:
        return toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
        if ours:
            raise AgentConfigError(
                f"{rel}: adding [mcp_servers.{SERVER}] would not be valid TOML ({exc}); "
                "add it by hand (nothing was written)") from None
        raise AgentConfigError(f"{rel} is not valid TOML ({exc}); fix it by hand, nothing "
                               "was written") from None


def _only_ours_differs(before: dict[str, Any], after: dict[str, Any], rel: str) -> None:
    """Refuse an edit that changes anything but our table (a safety net for text edits)."""
    if _without_ours(before) != _without_ours(after):
        raise AgentConfigError(f"{rel}: the edit would change more than the "
                               f"[mcp_servers.{SERVER}] table; nothing was written")


def _without_ours(doc: dict[str, Any]) -> dict[str, Any]:
    out = dict(doc)
    servers = out.get("mcp_servers")
    if isinstance(servers, dict) and SERVER in servers:
        servers = {k: v for k, v in servers.items() if k != SERVER}
        if servers:
            out["mcp_servers"] = servers
        else:
            del out["mcp_servers"]
    return out


def _target(where: str | os.PathLike[str] | None, agent: str) -> tuple[Target, Path]:
    spec = agent_record(agent)  # one line naming the agents for an unknown name
    target = TARGETS[spec.name]
    return target, Repo(where).workdir / target.config


__all__ = ["ARGS", "COMMAND", "SERVER", "TARGETS", "McpConfigReport", "Target", "command_line",
           "install", "report_json", "report_text", "uninstall"]
