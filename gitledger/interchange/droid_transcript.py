"""Factory Droid's session file read as an ATIF trajectory.

A Droid session is JSON lines: a ``session_start`` header (id, cwd), then ``message``
records holding Anthropic-shaped content (``text``, ``tool_use``, ``tool_result``) and a
``compaction_state`` record at each compaction.  Every hook run is a message of its own,
empty and shown to the user only (``visibility: user_only``): those are left out, while what
the harness told the model alone (``llm_only``: its reminders, a hook's context) is a
system step.
"""

from __future__ import annotations

from typing import Any

from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    UNKNOWN_VERSION,
    Reading,
    StepDraft,
    document,
    most_used,
    read_lines,
    timestamp_of,
)

AGENT_NAME = "factory-droid"
SOURCE_FORMAT = "droid-session"


def from_droid_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of the Droid session ``data``; lines that do not parse are left
    out and named in ``Reading.unreadable``."""
    header: dict[str, Any] = {}
    records: list[dict[str, Any]] = []

    def add(number: int, record: dict[str, Any]) -> None:
        if record.get("type") == "session_start" and not header:
            header.update(record)
        elif isinstance(record.get("type"), str):
            records.append(record)
        else:
            raise AtifError(f"line {number}: not a Droid session record (no type)")

    unreadable = read_lines(data, add)
    drafts: list[StepDraft] = []
    models: dict[str, int] = {}
    pending: dict[str, StepDraft] = {}
    for record in records:
        draft = _step(record, pending)
        if draft is None:
            continue
        if draft.model:
            models[draft.model] = models.get(draft.model, 0) + 1
        drafts.append(draft)
    sid = session_id or (header.get("id") if isinstance(header.get("id"), str) else None)
    if not sid:
        raise AtifError("the transcript names no session id: give the session id")
    agent: dict[str, Any] = {"name": AGENT_NAME, "version": UNKNOWN_VERSION}
    model = most_used(models)
    if model:
        agent["model_name"] = model
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT}
    if isinstance(header.get("cwd"), str):
        extra["cwd"] = header["cwd"]
    return Reading(document(sid, agent, drafts, extra), "droid", tuple(unreadable))


def _step(record: dict[str, Any], pending: dict[str, StepDraft]) -> StepDraft | None:
    when = timestamp_of(record.get("timestamp"))
    if record.get("type") == "compaction_state":
        summary = record.get("summaryText")
        return StepDraft("system", when, [summary], extra={"droid_kind": "compaction"}) \
            if isinstance(summary, str) and summary else None
    message = record.get("message")
    if record.get("type") != "message" or not isinstance(message, dict):
        return None
    role = message.get("role")
    if role == "assistant":
        return _response(message, when, pending)
    if role != "user" or message.get("visibility") == "user_only":
        return None
    parts = [p for p in _list(message.get("content")) if isinstance(p, dict)]
    for part in parts:
        if part.get("type") == "tool_result":
            _result(part, pending)
    text = _text(message.get("content"))
    if not text:
        return None
    if message.get("visibility") == "llm_only":
        return StepDraft("system", when, [text], extra={"droid_kind": "context"})
    return StepDraft("user", when, [text])


def _response(message: dict[str, Any], when: str | None,
              pending: dict[str, StepDraft]) -> StepDraft:
    model = message.get("modelId") if isinstance(message.get("modelId"), str) else None
    step = StepDraft("agent", when, [], model=model)
    for part in _list(message.get("content")):
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text" and isinstance(part.get("text"), str):
            step.texts.append(part["text"])
        elif part.get("type") == "thinking" and isinstance(part.get("thinking"), str):
            step.thoughts.append(part["thinking"])
        elif part.get("type") == "tool_use" and isinstance(part.get("name"), str):
            given = part.get("id")
            call = given if isinstance(given, str) else f"call-{len(step.calls)}"
            args = part.get("input")
            step.calls.append({"tool_call_id": call, "function_name": part["name"],
                               "arguments": args if isinstance(args, dict) else {}})
            pending[call] = step
    return step


def _result(part: dict[str, Any], pending: dict[str, StepDraft]) -> None:
    call = part.get("tool_use_id")
    step = pending.pop(call, None) if isinstance(call, str) else None
    if step is None:
        return
    result: dict[str, Any] = {"source_call_id": call, "content": _text(part.get("content"))}
    if part.get("is_error") is True:
        result["extra"] = {"is_error": True}
    step.results.append(result)


def _list(value: Any) -> list[Any]:
    """``value`` when it is a list, else no items (a hand-edited file may hold anything)."""
    return value if isinstance(value, list) else []


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n\n".join(part["text"] for part in _list(content) if isinstance(part, dict)
                       and part.get("type") == "text" and isinstance(part.get("text"), str))
