"""``git ledger mcp``: the tool table, resources and checkpoint prompt, served over stdio.

The wiring into the MCP SDK: an error becomes a tool error, never a crash.  Each call runs
in a worker thread with its own repository so reads never wait on the network, and git
never prompts while serving.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import traceback
from functools import partial
from typing import TYPE_CHECKING, Any

from gitledger import __version__
from gitledger.core.display import OUTPUT_LIMIT, one_line, quote
from gitledger.errors import LedgerError
from gitledger.integrations.git_events import drain_git_events
from gitledger.integrations.mcp_tools import PROTOCOL, TOOLS, tool
from gitledger.ledger import gate
from gitledger.storage.queue_probe import needs_drain

if TYPE_CHECKING:
    import mcp_types as types
    from mcp.server.context import ServerRequestContext

#: What to install when the SDK is missing (the command says exactly this).
INSTALL_HINT = ("git ledger mcp needs the MCP SDK, an optional extra: "
                "pip install 'gitledger[mcp]'")
SERVER_NAME = "git-ledger"
PREFIX = "git ledger"

RESTORE_URI = "ledger://restore"
LEDGER_URI = "ledger://ledger"
PROJECT_URI = "ledger://project"
ENTRY_TEMPLATE = "ledger://entry/{id}"
_ENTRY_PREFIX = "ledger://entry/"

CHECKPOINT = "checkpoint"

#: The environment of a serving process: git asks nobody for credentials.
NO_PROMPTS = {"GIT_TERMINAL_PROMPT": "0", "GCM_INTERACTIVE": "never"}
#: The tools that wait on the network take turns with each other, never with the rest.
NETWORK_TOOLS = ("push", "pull")

_log = logging.getLogger("gitledger.mcp")


def serve(where: str | os.PathLike[str] | None = None) -> None:
    """Serve the ledger of the repository at ``where`` until the client closes stdin."""
    try:
        import anyio
        import mcp_types  # noqa: F401
        from mcp.server.lowlevel import Server  # noqa: F401
    except ImportError:
        raise LedgerError(INSTALL_HINT) from None
    from gitledger.storage.repo import Repo, keep_repositories_open

    root = str(Repo(where).workdir)  # outside a repository: one line, before serving
    keep_repositories_open()
    os.environ.update(NO_PROMPTS)
    os.environ.setdefault("GIT_SSH_COMMAND", "ssh -o BatchMode=yes")
    anyio.run(_serve, root if where is None else os.fspath(where))


def error_text(exc: BaseException) -> str:
    """What a failed call returns: the CLI's line for our errors, a named crash otherwise."""
    if isinstance(exc, LedgerError):
        return f"{PREFIX}: {one_line(str(exc), OUTPUT_LIMIT)}"
    return f"{PREFIX}: internal error ({type(exc).__name__}: {quote(str(exc))})"


def call(where: str | None, name: str, arguments: dict[str, Any] | None) -> dict[str, Any]:
    """Run one tool; LedgerError for an unknown tool or a bad argument.

    The result, and every resource built from it, leaves through the gate: it goes into
    the agent's context, where a tag character is an instruction nobody else sees and a
    teammate's megabyte of text would crowd out everything else.
    """
    drain_first(where)
    data: dict[str, Any] = gate.response(tool(name).call(where, arguments))
    return data


def drain_first(where: str | None) -> None:
    """Apply what the git hooks queued before a tool reads; what it says waits for the
    next command in a terminal (a tool's result is its command's JSON, nothing more)."""
    if needs_drain(where):
        drain_git_events(where, report=False)


async def _serve(where: str) -> None:
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.server.stdio import stdio_server

    network = anyio.Lock()

    async def run(fn: Any, *args: Any, on_network: bool = False) -> Any:
        if not on_network:
            return await anyio.to_thread.run_sync(partial(fn, *args))
        async with network:
            return await anyio.to_thread.run_sync(partial(fn, *args))

    async def list_tools(ctx: ServerRequestContext[Any],
                         params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[
            types.Tool(name=t.name, title=t.title, description=t.description,
                       input_schema=t.input_schema(),
                       annotations=types.ToolAnnotations(
                           title=t.title, read_only_hint=not t.writes,
                           destructive_hint=t.name == "push",
                           open_world_hint=t.name in NETWORK_TOOLS))
            for t in TOOLS
        ])

    async def call_tool(ctx: ServerRequestContext[Any],
                        params: types.CallToolRequestParams) -> types.CallToolResult:
        try:
            data = await run(call, where, params.name, params.arguments,
                             on_network=params.name in NETWORK_TOOLS)
        except Exception as exc:
            if not isinstance(exc, LedgerError):
                _log.error("tool %s failed:\n%s", params.name, traceback.format_exc())
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=error_text(exc))], is_error=True)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=json.dumps(data, ensure_ascii=False))],
            structured_content=data)

    async def list_resources(ctx: ServerRequestContext[Any],
                             params: types.PaginatedRequestParams | None
                             ) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=[
            types.Resource(uri=RESTORE_URI, name="restore", title="The restore block",
                           description="Task, next, open questions, decisions, facts and "
                           "dropped approaches, restore-first and capped: read it after a "
                           "compaction.", mime_type="text/plain"),
            types.Resource(uri=LEDGER_URI, name="ledger", title="This worktree's ledger",
                           description="The session ledger as JSON (git ledger show "
                           "--json).", mime_type="application/json"),
            types.Resource(uri=PROJECT_URI, name="project", title="The project ledger",
                           description="The project ledger, shared by every worktree, as "
                           "JSON.", mime_type="application/json"),
        ])

    async def list_templates(ctx: ServerRequestContext[Any],
                             params: types.PaginatedRequestParams | None
                             ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[
            types.ResourceTemplate(uri_template=ENTRY_TEMPLATE, name="entry",
                                   title="One ledger entry",
                                   description="An entry by id or unique prefix, with its "
                                   "history (git ledger show ID --json).",
                                   mime_type="application/json"),
        ])

    async def read_resource(ctx: ServerRequestContext[Any],
                            params: types.ReadResourceRequestParams
                            ) -> types.ReadResourceResult:
        uri = str(params.uri)
        try:
            text, mime = await run(read, where, uri)
        except Exception as exc:
            from mcp.shared.exceptions import MCPError

            if not isinstance(exc, LedgerError):
                _log.error("resource %s failed:\n%s", uri, traceback.format_exc())
            raise MCPError(code=types.INVALID_PARAMS, message=error_text(exc),
                           data={"uri": uri}) from None
        return types.ReadResourceResult(contents=[
            types.TextResourceContents(uri=uri, text=text, mime_type=mime)])

    async def list_prompts(ctx: ServerRequestContext[Any],
                           params: types.PaginatedRequestParams | None
                           ) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(
            name=CHECKPOINT, title="Checkpoint the ledger",
            description="Ask the model to record what changed since the ledger's last "
            "event.")])

    async def get_prompt(ctx: ServerRequestContext[Any],
                         params: types.GetPromptRequestParams) -> types.GetPromptResult:
        from mcp.shared.exceptions import MCPError

        if params.name != CHECKPOINT:
            raise MCPError(code=types.INVALID_PARAMS,
                           message=f"{PREFIX}: unknown prompt '{one_line(params.name)}': "
                           f"use {CHECKPOINT}")
        try:
            text = await run(checkpoint_prompt, where)
        except LedgerError as exc:
            raise MCPError(code=types.INVALID_PARAMS, message=error_text(exc)) from None
        return types.GetPromptResult(
            description="Record what changed since the ledger's last event",
            messages=[types.PromptMessage(role="user", content=types.TextContent(
                type="text", text=text))])

    server: Server[Any] = Server(
        SERVER_NAME, version=__version__, title="git ledger",
        description="An agent's reasoning kept in git: task, next step, open questions, "
        "decisions, verified facts, dropped approaches.", instructions=PROTOCOL,
        on_list_tools=list_tools, on_call_tool=call_tool, on_list_resources=list_resources,
        on_list_resource_templates=list_templates, on_read_resource=read_resource,
        on_list_prompts=list_prompts, on_get_prompt=get_prompt)
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="git ledger mcp: %(message)s")
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def read(where: str | None, uri: str) -> tuple[str, str]:
    """A resource's text and MIME type; UnknownEntry or InvalidInput for a bad URI."""
    from gitledger.errors import InvalidInput

    if uri == RESTORE_URI:
        from gitledger.views.restore import restore

        drain_first(where)
        return gate.text(restore(where).text), "text/plain"
    if uri == LEDGER_URI:
        return _json(call(where, "show", {})), "application/json"
    if uri == PROJECT_URI:
        return _json(call(where, "show", {"project": True})), "application/json"
    if uri.startswith(_ENTRY_PREFIX) and len(uri) > len(_ENTRY_PREFIX):
        entry_id = uri[len(_ENTRY_PREFIX):]
        return _json(call(where, "show", {"id": entry_id})), "application/json"
    raise InvalidInput(f"no resource '{uri}': use {RESTORE_URI}, {LEDGER_URI}, "
                       f"{PROJECT_URI} or {ENTRY_TEMPLATE}")


def checkpoint_prompt(where: str | None) -> str:
    """The checkpoint prompt's text, naming the ledger's last event so the model knows
    where "since" starts."""
    from gitledger.core.codec import iso
    from gitledger.core.text import one_line_summary
    from gitledger.ledger.operations import Ledger

    events = Ledger.open(where).events(1)
    if events:
        last = events[0]
        since = (f"Its last event was \"{quote(one_line_summary(last.subject))}\" "
                 f"at {iso(last.time)} (commit {last.commit[:12]}).")
    else:
        since = "It has no event yet."
    return (
        f"Checkpoint the git ledger. {since} Record, with the git-ledger tools, only what "
        "changed since then and is not in it yet: decisions locked (decide, with `over` "
        "and `because`), facts a command proved (verify, with `by`), questions opened or "
        "settled (open, resolve), approaches abandoned (drop, with `why`), and the task if "
        "it changed (task). Pass `next` on the last write. If nothing changed, record "
        "nothing. Never record secrets or status that can be re-derived (branch, build, "
        "test runs)."
    )


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


__all__ = [
    "CHECKPOINT",
    "ENTRY_TEMPLATE",
    "INSTALL_HINT",
    "LEDGER_URI",
    "PROJECT_URI",
    "RESTORE_URI",
    "SERVER_NAME",
    "call",
    "checkpoint_prompt",
    "error_text",
    "read",
    "serve",
]
