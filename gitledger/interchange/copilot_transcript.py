"""GitHub Copilot CLI's session log read as an ATIF trajectory.

A Copilot session is ``session-state/<id>/events.jsonl``: one typed event a line
(``type``, ``data``, ``timestamp``), opened by ``session.start`` (the session id, the
working directory).  Messages, tool calls and their results are separate events, joined by
``toolCallId``; a compaction's summary is a system step, and so is the context a
SessionStart hook added (``hook.end``), which reaches the model.  The vendor's own system
prompt (``system.message``), telemetry and a sub-agent's events (``agentId``) are left out.
"""

from __future__ import annotations

from typing import Any

from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    Reading,
    StepDraft,
    agent_record,
    count,
    document,
    orphan_result,
    read_lines,
    timestamp_of,
)

AGENT_NAME = "copilot-cli"
SOURCE_FORMAT = "copilot-events"
#: The event that opens a session's log.
START = "session.start"
_KIND = "copilot_kind"


def from_copilot_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of the Copilot CLI session log ``data``; lines that do not
    parse are left out and named in ``Reading.unreadable``."""
    reader = _Reader()
    unreadable = read_lines(data, reader.add)
    sid = session_id or reader.session_id
    if not sid:
        raise AtifError("the transcript names no session id: give the session id")
    agent = agent_record(AGENT_NAME, reader.version, reader.models)
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT}
    if reader.cwd:
        extra["cwd"] = reader.cwd
    return Reading(document(sid, agent, reader.drafts, extra), "copilot", tuple(unreadable))


def start_data(record: dict[str, Any]) -> dict[str, Any] | None:
    """The ``data`` of a ``session.start`` event, else None."""
    data = record.get("data")
    return data if record.get("type") == START and isinstance(data, dict) else None


def working_directory(start: dict[str, Any]) -> str | None:
    """The directory a ``session.start`` event's data says the session worked in."""
    context = start.get("context")
    cwd = context.get("cwd") if isinstance(context, dict) else None
    return cwd if isinstance(cwd, str) and cwd else None


class _Reader:
    """The events, one at a time, into steps."""

    def __init__(self) -> None:
        self.drafts: list[StepDraft] = []
        self.models: dict[str, int] = {}
        self.pending: dict[str, StepDraft] = {}
        self.session_id: str | None = None
        self.cwd: str | None = None
        self.version: str | None = None

    def add(self, number: int, record: dict[str, Any]) -> None:
        kind = record.get("type")
        data = record.get("data")
        if not isinstance(kind, str) or not isinstance(data, dict):
            raise AtifError(f"line {number}: not a Copilot CLI event (no type or data)")
        if "agentId" in record:
            return  # a sub-agent's own conversation
        when = timestamp_of(record.get("timestamp"))
        if kind == START:
            self._start(data)
        elif kind == "user.message":
            self._text_step("user", when, data.get("content"))
        elif kind == "assistant.message":
            self._response(data, when)
        elif kind == "tool.execution_complete":
            self._result(data, when)
        elif kind == "session.compaction_complete":
            self._text_step("system", when, data.get("summaryContent"),
                            {_KIND: "compaction"})
        elif kind == "hook.end":
            self._text_step("system", when, _hook_context(data.get("output")),
                            {_KIND: "hook-context"})

    def _start(self, data: dict[str, Any]) -> None:
        if self.session_id is None and isinstance(data.get("sessionId"), str):
            self.session_id = data["sessionId"]
        self.cwd = self.cwd or working_directory(data)
        if self.version is None and isinstance(data.get("copilotVersion"), str):
            self.version = data["copilotVersion"]

    def _text_step(self, source: str, when: str | None, text: Any,
                   extra: dict[str, Any] | None = None) -> None:
        if isinstance(text, str) and text:
            self.drafts.append(StepDraft(source, when, [text], extra=extra or {}))

    def _response(self, data: dict[str, Any], when: str | None) -> None:
        model = data.get("model") if isinstance(data.get("model"), str) else None
        step = StepDraft("agent", when, [], model=model)
        if isinstance(data.get("content"), str) and data["content"]:
            step.texts.append(data["content"])
        if isinstance(data.get("reasoningText"), str) and data["reasoningText"]:
            step.thoughts.append(data["reasoningText"])
        requests = data.get("toolRequests")
        for request in requests if isinstance(requests, list) else ():
            if not isinstance(request, dict) or not isinstance(request.get("name"), str):
                continue
            given = request.get("toolCallId")
            call_id = given if isinstance(given, str) else f"call-{len(step.calls)}"
            args = request.get("arguments")
            step.calls.append({"tool_call_id": call_id, "function_name": request["name"],
                               "arguments": args if isinstance(args, dict) else {}})
            self.pending[call_id] = step
        if not step.texts and not step.calls and not step.thoughts:
            return
        tokens = data.get("outputTokens")
        if isinstance(tokens, int) and not isinstance(tokens, bool):
            step.metrics = {"completion_tokens": count(data, "outputTokens")}
        if model:
            self.models[model] = self.models.get(model, 0) + 1
        self.drafts.append(step)

    def _result(self, data: dict[str, Any], when: str | None) -> None:
        call = data.get("toolCallId")
        if not isinstance(call, str):
            return
        result = data.get("result")
        error = data.get("error")
        content = result.get("content") if isinstance(result, dict) else None
        if not isinstance(content, str) and isinstance(error, dict):
            content = error.get("message")
        text = content if isinstance(content, str) else ""
        step = self.pending.pop(call, None)
        if step is None:
            self.drafts.append(orphan_result(call, text, when, _KIND, "tool-result"))
            return
        entry: dict[str, Any] = {"source_call_id": call, "content": text}
        if data.get("success") is False:
            entry["extra"] = {"is_error": True}
        step.results.append(entry)


def _hook_context(output: Any) -> str | None:
    """The context a hook's answer gave the model (``additionalContext``, at the top or
    in ``hookSpecificOutput``)."""
    if not isinstance(output, dict):
        return None
    inner = output.get("hookSpecificOutput")
    for holder in (output, inner if isinstance(inner, dict) else {}):
        if isinstance(holder.get("additionalContext"), str):
            return str(holder["additionalContext"])
    return None
