"""A scripted model server on 127.0.0.1: what the real agent clients call, answered from a
script, with every request body recorded.

It speaks the APIs the clients use: Anthropic's Messages API with SSE streaming
(Claude Code), OpenAI's Responses API (Codex CLI), Gemini's generateContent and
streamGenerateContent (Gemini CLI), and OpenAI's chat completions, streamed or not, with
tool calls (the clients that take an OpenAI-compatible base URL).  A scenario is a list
of ``Reply`` records: each request the client makes *for the agent's turn* (one that
offers tools) takes the next reply; the client's side requests (titles, routing, summaries
for compaction) are answered by ``side`` replies without using the script, so a scenario
does not depend on how many of those a client version makes.  When the script runs out,
the agent gets ``DONE_TEXT``.

Every request is kept in ``requests`` (path, parsed body, whether it was the agent's turn),
so a test asserts on exactly what reached the model: the restore block, a hook's reason.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DONE_TEXT = "Done."


@dataclass(frozen=True)
class Reply:
    """One scripted answer: text, or a call of one of the client's tools.

    ``tool`` names a tool by what it does, not by the client's name for it: ``"shell"``
    is the client's shell tool (Bash, shell, run_shell_command); ``"edit"`` and
    ``"write"`` (``Reply.edit``, ``Reply.write``) are its file-editing tool (Claude Code's
    ``Edit`` and ``Write``, Codex's ``apply_patch``, Gemini CLI's ``replace`` and
    ``write_file``); ``"mcp:SERVER:TOOL"`` (``Reply.mcp``) is a tool of an MCP server,
    spelled as the request offers it (``mcp_tool``); any other name is used as given.
    """

    text: str = ""
    tool: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    #: Input tokens the reply reports: a huge count makes a client compact on its own.
    input_tokens: int = 1_000

    @classmethod
    def shell(cls, command: str, **kw: Any) -> Reply:
        return cls(tool="shell", arguments={"command": command}, **kw)

    @classmethod
    def edit(cls, path: str, old: str, new: str) -> Reply:
        """Replace the text ``old`` (once) by ``new`` in the file at ``path`` (absolute)."""
        return cls(tool=EDIT, arguments={"path": path, "old": old, "new": new})

    @classmethod
    def hashline(cls, *edits: tuple[str, str, str]) -> Reply:
        """Oh My Pi's ``edit`` in its default mode: one hashline patch making each edit
        (path, old, new), written when the model answers (each file's tag is the one of
        the file as it is then)."""
        return cls(tool=EDIT, arguments={"hashline": [list(edit) for edit in edits]})

    @classmethod
    def write(cls, path: str, content: str) -> Reply:
        """Create (or overwrite) the file at ``path`` (absolute) with ``content``."""
        return cls(tool=WRITE, arguments={"path": path, "content": content})

    @classmethod
    def call(cls, tool: str, **arguments: Any) -> Reply:
        return cls(tool=tool, arguments=arguments)

    @classmethod
    def mcp(cls, server: str, tool: str, **arguments: Any) -> Reply:
        """A call of ``tool`` of the MCP server ``server`` (as configured, ``git-ledger``)."""
        return cls(tool=f"{MCP_PREFIX}{server}:{tool}", arguments=arguments)

    @property
    def mcp_tool(self) -> tuple[str, str] | None:
        """``(server, tool)`` of an MCP call, else None."""
        if not self.tool or not self.tool.startswith(MCP_PREFIX):
            return None
        server, _, tool = self.tool[len(MCP_PREFIX):].rpartition(":")
        return server, tool


MCP_PREFIX = "mcp:"
#: The client's file-editing tools, by what they do (``Reply.edit``, ``Reply.write``).
EDIT = "edit"
WRITE = "write"


def mcp_key(*parts: str) -> str:
    """How the clients' spellings of one MCP tool compare equal: each joins ``mcp``, the
    server and the tool with its own separators (Claude ``mcp__git-ledger__decide``, Codex
    a namespace ``mcp__git_ledger`` holding ``decide``, Gemini ``mcp_git-ledger_decide``,
    GitHub Copilot CLI ``git-ledger-decide``), so the letters and digits alone name it."""
    return re.sub(r"[^a-z0-9]", "", "".join(parts).lower())


def mcp_spelling(reply: Reply, names: Iterable[str]) -> str | None:
    """The name among ``names`` (a request's tools) that is ``reply``'s MCP tool."""
    wanted = reply.mcp_tool
    if wanted is None:
        return None
    # Copilot CLI and the OpenCode family spell it without ``mcp`` (``git-ledger_decide``).
    keys = (mcp_key("mcp", *wanted), mcp_key(*wanted))
    return next((n for n in names if mcp_key(n) in keys), None)


def missing_mcp(reply: Reply) -> Reply:
    """What the model says when the request offers no such MCP tool: a test that expected
    the call fails on what did not land, and the client's output says why."""
    return Reply(text=f"[scripted model: the request offered no MCP tool {reply.tool!r}]")


@dataclass(frozen=True)
class Request:
    path: str
    body: dict[str, Any]
    #: The agent's turn (took a reply from the script), not a side request.
    turn: bool
    at: float

def json_strings(value: object) -> Iterator[str]:
    """Every string in a parsed JSON value, in document order: where a test finds the
    context a client or an envelope carries, whatever it is wrapped in."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)


class ModelServer:
    """The server, in a thread of the test process; ``url`` is its base address."""

    def __init__(self, script: list[Reply] | None = None) -> None:
        self.script: list[Reply] = list(script or [])
        self.requests: list[Request] = []
        self.side_text = "ok"
        self._lock = threading.Lock()
        self._tool_ids = 0
        #: The most input tokens a scripted reply reported: the context a side request
        #: (a compaction summary) is sent with, which its answer reports back.
        self.context_tokens = 0
        handler = type("Handler", (_Handler,), {"model": self})
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._http.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> ModelServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(timeout=10)

    def add(self, *replies: Reply) -> None:
        with self._lock:
            self.script.extend(replies)

    def put_back(self, reply: Reply) -> None:
        """``reply`` answers the next turn again (a client needed a step before it)."""
        with self._lock:
            self.script.insert(0, reply)

    def turns(self) -> list[Request]:
        return [r for r in self.requests if r.turn]

    def next_reply(self, path: str, body: dict[str, Any], turn: bool) -> Reply:
        with self._lock:
            self.requests.append(Request(path, body, turn, time.monotonic()))
            if not turn:
                return Reply(text=self.side_text)
            reply = self.script.pop(0) if self.script else Reply(text=DONE_TEXT)
            self.context_tokens = max(self.context_tokens, reply.input_tokens)
            return reply

    def tool_id(self) -> str:
        with self._lock:
            self._tool_ids += 1
            return f"call_{self._tool_ids:04d}"


class _Handler(BaseHTTPRequestHandler):
    model: ModelServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        # Model listings and health checks: an empty, well-formed answer.
        self._json({"data": [], "models": []})

    def do_HEAD(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = {"raw": raw.decode("utf-8", "replace")}
        path = self.path.split("?", 1)[0]
        for pattern, dialect in DIALECTS:
            if re.search(pattern, path):
                dialect(self, path, body)
                return
        self.model.next_reply(path, body, turn=False)
        self._json({})

    # -- writing answers --------------------------------------------------------------

    def _json(self, payload: Any, status: int = 200) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _sse(self, events: list[tuple[str | None, Any]], *, done: bool = False) -> None:
        """``events`` as server-sent events; ``done`` ends them with OpenAI's ``[DONE]``."""
        chunks = []
        for name, data in events:
            head = f"event: {name}\n" if name else ""
            chunks.append(f"{head}data: {json.dumps(data)}\n\n")
        if done:
            chunks.append("data: [DONE]\n\n")
        payload = "".join(chunks).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


# -- Anthropic Messages (Claude Code) ---------------------------------------------------

#: Claude Code's tool for a shell command.
CLAUDE_SHELL = "Bash"
#: Claude Code's tool that loads a deferred tool's schema (MCP tools are deferred).
CLAUDE_TOOL_SEARCH = "ToolSearch"


def _anthropic(handler: _Handler, path: str, body: dict[str, Any]) -> None:
    if path.endswith("/count_tokens"):
        handler.model.next_reply(path, body, turn=False)
        handler._json({"input_tokens": 1_000})
        return
    tools = {t.get("name") for t in body.get("tools") or []}
    summary = _summary_request(body)
    turn = CLAUDE_SHELL in tools and not summary
    reply = handler.model.next_reply(path, body, turn)
    if summary:
        reply = Reply(text=SUMMARY_TEXT)
    model = body.get("model", "claude")
    if reply.mcp_tool:
        reply = _claude_mcp(handler.model, body, reply)
    if reply.tool in (EDIT, WRITE):
        reply = _claude_edit(reply)
    if reply.tool:
        name = CLAUDE_SHELL if reply.tool == "shell" else reply.tool
        arguments = dict(reply.arguments)
        if name == CLAUDE_SHELL:
            arguments.setdefault("description", "run a command")
        block: dict[str, Any] = {"type": "tool_use", "id": "toolu_" + handler.model.tool_id(),
                                 "name": name, "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(arguments)}
        stop = "tool_use"
        full = {**block, "input": arguments}
    else:
        block = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": reply.text}
        stop = "end_turn"
        full = {"type": "text", "text": reply.text}
    usage = {"input_tokens": reply.input_tokens, "output_tokens": 10,
             "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    message = {"id": "msg_" + handler.model.tool_id(), "type": "message", "role": "assistant",
               "model": model, "content": [], "stop_reason": None, "stop_sequence": None,
               "usage": usage}
    if not body.get("stream"):
        handler._json({**message, "content": [full], "stop_reason": stop})
        return
    handler._sse([
        ("message_start", {"type": "message_start", "message": message}),
        ("content_block_start", {"type": "content_block_start", "index": 0,
                                 "content_block": block}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": stop, "stop_sequence": None},
                           "usage": {"output_tokens": 10}}),
        ("message_stop", {"type": "message_stop"}),
    ])


#: What Claude Code's compaction request asks in one of its last messages (it still offers
#: tools), and the summary the scripted model gives: one that carries nothing of the
#: conversation, so what survives a compaction is what the client re-injects.
CLAUDE_SUMMARY = "create a detailed summary of the conversation so far"
SUMMARY_TEXT = ("<analysis>scripted</analysis>\n<summary>The scripted model's summary: it "
                "carries nothing of the conversation.</summary>")


def _summary_request(body: dict[str, Any]) -> bool:
    """Whether a Messages request is the client's own compaction summary: a side request,
    so a scenario's replies do not depend on where the client compacts."""
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    return any(CLAUDE_SUMMARY in text for m in messages[-3:]
               for text in json_strings(m.get("content")))


def _claude_edit(reply: Reply) -> Reply:
    """Claude Code's ``Edit`` (``old_string`` → ``new_string``) and ``Write``."""
    args = reply.arguments
    if reply.tool == EDIT:
        return Reply(tool="Edit", arguments={"file_path": args["path"], "old_string": args["old"],
                                             "new_string": args["new"]},
                     input_tokens=reply.input_tokens)
    return Reply(tool="Write", arguments={"file_path": args["path"], "content": args["content"]},
                 input_tokens=reply.input_tokens)


def _claude_mcp(model: ModelServer, body: dict[str, Any], reply: Reply) -> Reply:
    """An MCP call as Claude Code offers the tool.  Claude Code defers MCP tools: the
    request names them in a system message and offers ``ToolSearch``, whose
    ``select:NAME`` loads the schema; only then is the tool in ``tools``.  So a deferred
    tool is loaded first, and the call answers the next turn."""
    offered = [str(t.get("name")) for t in body.get("tools") or []]
    name = mcp_spelling(reply, offered)
    if name is not None:
        return Reply(tool=name, arguments=reply.arguments, input_tokens=reply.input_tokens)
    deferred = re.findall(r"\bmcp__[\w-]+", "\n".join(json_strings(body)))
    name = mcp_spelling(reply, deferred)
    if name is None or CLAUDE_TOOL_SEARCH not in offered:
        return missing_mcp(reply)
    model.put_back(reply)
    return Reply.call(CLAUDE_TOOL_SEARCH, query=f"select:{name}")


# -- OpenAI Responses (Codex CLI) -------------------------------------------------------

#: Codex's file-editing tool.
CODEX_PATCH = "apply_patch"
#: Codex's shell tools, by the names its releases have used, in the order we prefer them.
CODEX_SHELLS = ("shell_command", "exec_command", "shell", "local_shell")


def _responses(handler: _Handler, path: str, body: dict[str, Any]) -> None:
    tools = [t.get("name") or t.get("type") for t in body.get("tools") or []]
    turn = bool(tools)
    reply = handler.model.next_reply(path, body, turn)
    rid = "resp_" + handler.model.tool_id()
    spelled = _codex_mcp(body, reply) if reply.mcp_tool else None
    if reply.mcp_tool and spelled is None:
        reply = missing_mcp(reply)
    namespace: str | None = None
    if reply.tool:
        call_id = handler.model.tool_id()
        if reply.tool == "shell":
            name = next((n for n in CODEX_SHELLS if n in tools), "shell")
            command = reply.arguments["command"]
            arguments = _codex_shell_arguments(name, command)
        elif reply.tool in (EDIT, WRITE):
            # Codex edits through apply_patch: freeform in 0.171 (``custom``), a function
            # taking ``input`` in releases that offer it so; both carry the patch text.
            name, arguments = CODEX_PATCH, {"input": codex_patch(reply)}
        elif spelled is not None:
            namespace, name = spelled
            arguments = reply.arguments
        else:
            name, arguments = reply.tool, reply.arguments
        item: dict[str, Any]
        if name in _custom_tools(body):
            # A freeform tool (0.171's apply_patch): its input is raw text, not JSON.
            item = {"type": "custom_tool_call", "id": "ctc_" + call_id, "call_id": call_id,
                    "name": name, "input": str(arguments.get("input", "")),
                    "status": "completed"}
        else:
            item = {"type": "function_call", "id": "fc_" + call_id, "call_id": call_id,
                    "name": name, "arguments": json.dumps(arguments),
                    "status": "completed"}
        if namespace:
            item["namespace"] = namespace
    else:
        item = {"type": "message", "id": "msg_" + rid, "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": reply.text, "annotations": []}]}
    usage = {"input_tokens": reply.input_tokens, "output_tokens": 10,
             "total_tokens": reply.input_tokens + 10,
             "input_tokens_details": {"cached_tokens": 0},
             "output_tokens_details": {"reasoning_tokens": 0}}
    response = {"id": rid, "object": "response", "status": "completed",
                "model": body.get("model", "gpt"), "output": [item], "usage": usage}
    if not body.get("stream"):
        handler._json(response)
        return
    events: list[tuple[str | None, Any]] = [
        ("response.created", {"type": "response.created",
                              "response": {**response, "status": "in_progress",
                                           "output": []}}),
        ("response.output_item.added", {"type": "response.output_item.added",
                                        "output_index": 0, "item": item}),
    ]
    if item["type"] == "message":
        events.append(("response.output_text.delta", {
            "type": "response.output_text.delta", "item_id": item["id"], "output_index": 0,
            "content_index": 0, "delta": reply.text}))
    events += [
        ("response.output_item.done", {"type": "response.output_item.done",
                                       "output_index": 0, "item": item}),
        ("response.completed", {"type": "response.completed", "response": response}),
    ]
    handler._sse(events)


def codex_patch(reply: Reply) -> str:
    """The apply_patch text for an ``edit`` or ``write`` reply.  An edit names the one line
    ``old`` is on (Codex finds a hunk by its lines, so ``old`` must be whole lines)."""
    args = reply.arguments
    if reply.tool == WRITE:
        added = "".join(f"+{line}\n" for line in str(args["content"]).splitlines())
        return f"*** Begin Patch\n*** Add File: {args['path']}\n{added}*** End Patch\n"
    removed = "".join(f"-{line}\n" for line in str(args["old"]).splitlines())
    added = "".join(f"+{line}\n" for line in str(args["new"]).splitlines())
    return (f"*** Begin Patch\n*** Update File: {args['path']}\n@@\n{removed}{added}"
            "*** End Patch\n")


def _custom_tools(body: dict[str, Any]) -> set[str]:
    """The freeform (``custom``) tools a Responses request offers, by name."""
    return {str(t.get("name")) for t in body.get("tools") or [] if t.get("type") == "custom"}


def _codex_mcp(body: dict[str, Any], reply: Reply) -> tuple[str | None, str] | None:
    """``(namespace, name)`` of an MCP tool as Codex offers it: a ``namespace`` tool per
    server (``mcp__git_ledger``) holding the server's functions, called with the function's
    name and the namespace; or, in releases without namespaces, one flat function."""
    for tool in body.get("tools") or []:
        if tool.get("type") == "namespace":
            inner = [str(t.get("name")) for t in tool.get("tools") or []]
            found = mcp_spelling(reply, [str(tool.get("name")) + n for n in inner])
            if found is not None:
                return str(tool["name"]), found[len(str(tool["name"])):]
    flat = mcp_spelling(reply, [str(t.get("name")) for t in body.get("tools") or []])
    return None if flat is None else (None, flat)


def _codex_shell_arguments(name: str, command: str) -> dict[str, Any]:
    if name == "shell":
        return {"command": ["bash", "-lc", command]}
    if name == "exec_command":
        return {"cmd": command, "login": False}
    return {"command": command}


# -- Gemini generateContent (Gemini CLI) ------------------------------------------------

GEMINI_SHELL = "run_shell_command"


def _gemini(handler: _Handler, path: str, body: dict[str, Any]) -> None:
    declarations = [str(d.get("name")) for t in body.get("tools") or []
                    for d in t.get("functionDeclarations") or []]
    config = body.get("generationConfig") or {}
    wants_json = config.get("responseMimeType") == "application/json"
    turn = bool(declarations) and not wants_json
    reply = handler.model.next_reply(path, body, turn)
    if wants_json:
        # The model router's question (which model takes the turn, how complex it is):
        # an answer of the asked shape, or the client retries for minutes.
        schema = config.get("responseJsonSchema") or config.get("responseSchema") or {}
        part: dict[str, Any] = {"text": json.dumps(_sample(schema))}
    elif reply.mcp_tool and mcp_spelling(reply, declarations) is None:
        part = {"text": missing_mcp(reply).text}
    elif reply.tool in (EDIT, WRITE):
        part = {"functionCall": _gemini_edit(reply)}
    elif reply.tool:
        name = (GEMINI_SHELL if reply.tool == "shell"
                else mcp_spelling(reply, declarations) or reply.tool)
        part = {"functionCall": {"name": name, "args": reply.arguments}}
    else:
        part = {"text": reply.text}
    answer = {
        "candidates": [{"content": {"role": "model", "parts": [part]},
                        "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": reply.input_tokens,
                          "candidatesTokenCount": 10,
                          "totalTokenCount": reply.input_tokens + 10},
        "modelVersion": "gemini-scripted",
    }
    if path.endswith(":countTokens"):
        handler._json({"totalTokens": reply.input_tokens})
    elif ":streamGenerateContent" in path:
        handler._sse([(None, answer)])
    else:
        handler._json(answer)


def _gemini_edit(reply: Reply) -> dict[str, Any]:
    """Gemini CLI's ``replace`` (``old_string`` → ``new_string``) and ``write_file``."""
    args = reply.arguments
    if reply.tool == EDIT:
        return {"name": "replace", "args": {"file_path": args["path"],
                                            "old_string": args["old"],
                                            "new_string": args["new"],
                                            "instruction": "apply the scripted change"}}
    return {"name": "write_file", "args": {"file_path": args["path"],
                                           "content": args["content"]}}


def _sample(schema: dict[str, Any]) -> Any:
    """A value of the shape a JSON schema asks for (Gemini spells the types in capitals)."""
    kind = str(schema.get("type", "object")).lower()
    if schema.get("enum"):
        return schema["enum"][0]
    if kind == "object":
        return {key: _sample(sub) for key, sub in (schema.get("properties") or {}).items()}
    if kind == "array":
        return [_sample(schema.get("items") or {})]
    return {"integer": 1, "number": 1, "boolean": False}.get(kind, "flash")


# -- OpenAI chat completions (OpenAI-compatible clients: Qwen Code …) --------------------

#: Shell tools by the names OpenAI-compatible clients give them, in the order we prefer them.
#: (Cline CLI's ``run_commands`` takes a list of command lines.)
CHAT_SHELLS = ("run_shell_command", "shell", "bash", "Bash", "exec_command", "Execute",
               "run_commands")
#: Their file-editing tools: an edit (``old_string`` → ``new_string``) and a whole write.
CHAT_EDITS = ("edit", "replace", "Edit", "editor")
CHAT_WRITES = ("write_file", "Write", "create", "write", "Create", "editor")
#: Each argument by the names the clients' edit and write tools give it, in the order the
#: first client to use each gave it (GitHub Copilot CLI: ``path``, ``old_str``, ``new_str``,
#: ``file_text``); the tool's own schema decides.
CHAT_ARGUMENTS = {"file_path": ("file_path", "path"),
                  "old_string": ("old_string", "old_str", "old_text"),
                  "new_string": ("new_string", "new_str", "new_text"),
                  "content": ("content", "file_text", "new_text")}


def _chat_arguments(body: dict[str, Any], tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """``args`` (keyed by the first name of each in ``CHAT_ARGUMENTS``) under the names the
    offered ``tool``'s parameters use: one of those names, or its camelCase (the OpenCode
    family's ``filePath``, ``oldString``, ``newString``)."""
    known = _chat_parameters(body, tool)

    def spelled(key: str) -> str:
        for name in CHAT_ARGUMENTS[key]:
            camel = re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)
            found = next((n for n in (name, camel) if n in known), None)
            if found is not None:
                return found
        return key
    return {spelled(key): value for key, value in args.items()}


#: What the last user message of a compaction request says in a client that offers its tools
#: there too (GitHub Copilot CLI 1.0.102; Oh My Pi 18.2.3, which asks for a handoff before
#: it compacts): a side request, answered without the script.
CHAT_COMPACTION_ASKS = ("The history is being compacted",
                        "Write a handoff document for another instance of yourself")


def _compacting(body: dict[str, Any]) -> bool:
    users = [m for m in body.get("messages") or [] if m.get("role") == "user"]
    last = json.dumps(users[-1].get("content")) if users else ""
    return any(ask in last for ask in CHAT_COMPACTION_ASKS)


#: What Qwen Code's compaction prompt asks for: its first summary request offers the
#: session's tools (to share the prompt cache), but it is a side request, not a turn.
CHAT_SUMMARY_MARK = "<state_snapshot>"


def _chat_summary(body: dict[str, Any]) -> bool:
    messages = body.get("messages") or []
    last = messages[-1] if messages else {}
    return last.get("role") == "user" and any(
        CHAT_SUMMARY_MARK in text for text in json_strings(last.get("content")))


def _chat(handler: _Handler, path: str, body: dict[str, Any]) -> None:
    """``POST /v1/chat/completions``: a turn is a request that offers tools (and is no
    compaction summary); the answer is one message (text, or one ``tool_calls`` entry),
    whole or as SSE chunks ending in ``[DONE]`` when the request asks for ``stream``."""
    offered = [str((t.get("function") or {}).get("name") or t.get("name"))
               for t in body.get("tools") or []]
    if _chat_summary(body):
        offered = []
    reply = handler.model.next_reply(path, body, bool(offered) and not _compacting(body))
    call: dict[str, Any] | None = None
    if reply.mcp_tool and mcp_spelling(reply, offered) is None:
        reply = _chat_deferred_mcp(handler.model, body, offered, reply)
    if reply.tool:
        args = reply.arguments
        if reply.tool == "shell":
            name = next((n for n in CHAT_SHELLS if n in offered), "run_shell_command")
            args = _chat_required(body, name, {"commands": [args["command"]]}
                                  if name == "run_commands" else {"command": args["command"]})
        elif reply.tool == EDIT and "input" in _chat_parameters(body, "edit") \
                and "path" not in _chat_parameters(body, "edit"):
            # Oh My Pi's edit in its default mode: a hashline patch of the file as it is.
            name = "edit"
            edits = args.get("hashline") or [[args["path"], args["old"], args["new"]]]
            args = {"input": "".join(hashline_patch(*edit) for edit in edits)}
        elif reply.tool == EDIT and "edits" in _chat_parameters(body, "edit"):
            # Pi's edit: a path and a list of replacements.
            name = "edit"
            args = {"path": args["path"],
                    "edits": [{"oldText": args["old"], "newText": args["new"]}]}
        elif reply.tool == EDIT:
            name = next((n for n in CHAT_EDITS if n in offered), "edit")
            args = _chat_arguments(body, name, {"file_path": args["path"],
                                                "old_string": args["old"],
                                                "new_string": args["new"]})
        elif reply.tool == WRITE and "path" in _chat_parameters(body, "write"):
            name = "write"  # Pi's write
            args = {"path": args["path"], "content": args["content"]}
        elif reply.tool == WRITE:
            name = next((n for n in CHAT_WRITES if n in offered), "write_file")
            args = _chat_arguments(body, name, {"file_path": args["path"],
                                                "content": args["content"]})
        elif reply.mcp_tool:
            name = mcp_spelling(reply, offered) or reply.tool
        else:
            name = reply.tool
        call = {"id": handler.model.tool_id(), "type": "function",
                "function": {"name": name, "arguments": json.dumps(args)}}
    finish = "tool_calls" if call else "stop"
    # A side request (Qwen Code's compaction summary) carries the whole conversation: it
    # reports the context the script made, or the client thinks compaction inflated it.
    prompt = reply.input_tokens if offered else max(reply.input_tokens,
                                                    handler.model.context_tokens)
    usage = {"prompt_tokens": prompt, "completion_tokens": 10, "total_tokens": prompt + 10}
    head = {"id": "chatcmpl-" + handler.model.tool_id(), "created": int(time.time()),
            "model": body.get("model", "scripted")}
    if not body.get("stream"):
        message: dict[str, Any] = {"role": "assistant", "content": None if call else reply.text}
        if call:
            message["tool_calls"] = [call]
        handler._json({**head, "object": "chat.completion", "usage": usage, "choices": [
            {"index": 0, "message": message, "finish_reason": finish}]})
        return
    chunk = {**head, "object": "chat.completion.chunk"}
    delta: dict[str, Any] = ({"tool_calls": [{"index": 0, **call}]} if call
                             else {"content": reply.text})
    chunks = [
        {**chunk, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""},
                               "finish_reason": None}]},
        {**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
        {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]},
    ]
    if (body.get("stream_options") or {}).get("include_usage"):
        chunks.append({**chunk, "choices": [], "usage": usage})
    handler._sse([(None, c) for c in chunks], done=True)


#: The tool that loads a deferred tool's schema in a chat client that defers MCP tools
#: (Factory Droid), and the heading of the reminder that lists those tools, one a line.
CHAT_TOOL_SEARCH = "ToolSearch"
CHAT_DEFERRED = "Deferred tools:"


def _chat_deferred_mcp(model: ModelServer, body: dict[str, Any], offered: list[str],
                       reply: Reply) -> Reply:
    """An MCP call the request does not offer: where the client lists it as deferred
    (Factory Droid's ``git-ledger___decide``), ``ToolSearch`` ``select:NAME`` loads it
    first and the call answers the next turn, as with Claude Code (``_claude_mcp``)."""
    deferred = [name for text in json_strings(body.get("messages"))
                if CHAT_DEFERRED in text
                for name in re.findall(r"^[\w-]+$", text.split(CHAT_DEFERRED, 1)[1], re.M)]
    name = mcp_spelling(reply, deferred)
    if name is None or CHAT_TOOL_SEARCH not in offered:
        return missing_mcp(reply)
    model.put_back(reply)
    return Reply(tool=CHAT_TOOL_SEARCH, arguments={"query": f"select:{name}"},
                 input_tokens=reply.input_tokens)


#: What the scripted model writes in a string a tool requires and the script does not give
#: (Factory Droid's ``Execute`` requires a "3-8 words, Sentence cased" ``summary``).
CHAT_FILLER = "Run the scripted command"


def _chat_required(body: dict[str, Any], tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """``args``, with a value for each parameter the offered ``tool`` requires beside them
    (Factory Droid's ``Execute`` requires a summary and a risk level with the command)."""
    function = next((t.get("function") or {} for t in body.get("tools") or []
                     if (t.get("function") or {}).get("name") == tool), {})
    schema = function.get("parameters") or {}
    properties = schema.get("properties") or {}
    filled = dict(args)
    for key in schema.get("required") or ():
        if key not in filled:
            sub = properties.get(key) or {}
            plain = str(sub.get("type")) == "string" and not sub.get("enum")
            filled[key] = CHAT_FILLER if plain else _sample(sub)
    return filled


def hashline_patch(path: str, old: str, new: str) -> str:
    """Oh My Pi's hashline patch replacing ``old`` (once) by ``new`` in the file at
    ``path``: the lines ``old`` spans, headed by the file's tag as its ``read`` shows it
    (xxHash32 of the text, its low 16 bits in hex), and those lines as they become."""
    text = Path(path).read_text()
    at = text.index(old)
    first = text.count("\n", 0, at) + 1
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at + len(old))
    end = len(text) if end == -1 else end
    lines = (text[start:at] + new + text[at + len(old):end]).split("\n")
    last = first + text.count("\n", start, end)
    body = "".join(f"+{line}\n" for line in lines)
    return f"[{path}#{xxh32(text.encode()) & 0xFFFF:04X}]\nPUT {first}.={last}:\n{body}"


def xxh32(data: bytes, seed: int = 0) -> int:
    """xxHash32 of ``data`` (the reference algorithm)."""
    primes = (2654435761, 2246822519, 3266489917, 668265263, 374761393)
    mask = 0xFFFFFFFF

    def rotl(x: int, r: int) -> int:
        return ((x << r) | (x >> (32 - r))) & mask

    def word(i: int) -> int:
        return int.from_bytes(data[i:i + 4], "little")

    n, i = len(data), 0
    if n >= 16:
        lanes = [(seed + primes[0] + primes[1]) & mask, (seed + primes[1]) & mask,
                 seed & mask, (seed - primes[0]) & mask]
        while i + 16 <= n:
            for j in range(4):
                lanes[j] = (rotl((lanes[j] + word(i) * primes[1]) & mask, 13)
                            * primes[0]) & mask
                i += 4
        h = (rotl(lanes[0], 1) + rotl(lanes[1], 7) + rotl(lanes[2], 12)
             + rotl(lanes[3], 18)) & mask
    else:
        h = (seed + primes[4]) & mask
    h = (h + n) & mask
    while i + 4 <= n:
        h = (rotl((h + word(i) * primes[2]) & mask, 17) * primes[3]) & mask
        i += 4
    while i < n:
        h = (rotl((h + data[i] * primes[4]) & mask, 11) * primes[0]) & mask
        i += 1
    h ^= h >> 15
    h = (h * primes[1]) & mask
    h ^= h >> 13
    h = (h * primes[2]) & mask
    return h ^ (h >> 16)


def _chat_parameters(body: dict[str, Any], tool: str) -> dict[str, Any]:
    """The properties of the offered function ``tool``'s parameters (empty if not offered)."""
    for offered in body.get("tools") or []:
        function = offered.get("function") or {}
        if function.get("name") == tool:
            return dict((function.get("parameters") or {}).get("properties") or {})
    return {}


Dialect = Callable[[_Handler, str, dict[str, Any]], None]
DIALECTS: tuple[tuple[str, Dialect], ...] = (
    (r"/v1/messages", _anthropic),
    (r"/responses$", _responses),
    (r"/models/[^/]+:(stream)?[gG]enerateContent$|:countTokens$", _gemini),
    (r"/chat/completions$", _chat),
)
