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

from gitledger.interchange.atif import (
    Reading,
    SessionFile,
    StepDraft,
    add_parts,
    as_list,
    read_session_file,
    timestamp_of,
)

DROID = SessionFile(dialect="droid", agent="factory-droid", source_format="droid-session",
                    header="session_start", record="a Droid session record")


def from_droid_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of the Droid session ``data``; lines that do not parse are left
    out and named in ``Reading.unreadable``."""
    return read_session_file(data, DROID, _step, session_id=session_id)


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
    parts = [p for p in as_list(message.get("content")) if isinstance(p, dict)]
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
    add_parts(step, message.get("content"), pending, call="tool_use", arguments="input")
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


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n\n".join(part["text"] for part in as_list(content) if isinstance(part, dict)
                       and part.get("type") == "text" and isinstance(part.get("text"), str))
