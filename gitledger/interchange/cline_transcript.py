"""Cline CLI's saved conversation read as an ATIF trajectory.

A Cline session is ``sessions/<id>/<id>.messages.json``: one JSON document (``sessionId``,
``origin``, ``system_prompt``, ``messages``), each message Anthropic-shaped (``text``,
``thinking``, ``tool_use``, ``tool_result`` parts) with its time in milliseconds (``ts``).
The document names no working directory of its own: the one its system prompt was given
(``Working Directory: …``) is where the session worked.  The user's words come wrapped in
``<user_input mode="…">``, which is taken off.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gitledger.core.parsing import transcript_json_loads
from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    Reading,
    StepDraft,
    add_parts,
    agent_record,
    as_list,
    count,
    document,
    keep_steps,
    millisecond_time,
    orphan_result,
)

AGENT_NAME = "cline-cli"
SOURCE_FORMAT = "cline-messages"
_KIND = "cline_kind"
#: Where Cline's system prompt names the session's directory (its ``<env>`` block).
_WORKING_DIRECTORY = re.compile(r"^\s*\d+\.\s*Working Directory:[ \t]*(/[^\n]{0,4096})$",
                                re.MULTILINE)
_USER_INPUT = re.compile(r"\A\s*<user_input(?: [^>\n]{0,200})?>(.*)</user_input>\s*\Z",
                         re.DOTALL)


def conversation(whole: Any) -> dict[str, Any] | None:
    """``whole`` when it is a Cline conversation document, else None."""
    if not isinstance(whole, dict) or not isinstance(whole.get("messages"), list):
        return None
    origin = whole.get("origin")
    return whole if isinstance(origin, dict) and isinstance(whole.get("sessionId"), str) \
        and "version" in whole else None


def working_directory(chat: dict[str, Any]) -> str | None:
    """The directory the conversation's system prompt says the session worked in."""
    prompt = chat.get("system_prompt")
    found = _WORKING_DIRECTORY.search(prompt) if isinstance(prompt, str) else None
    return found.group(1).rstrip() if found else None


def from_cline_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of the Cline conversation ``data``; messages that are not
    objects with a role are left out and named in ``Reading.unreadable``."""
    try:
        chat = conversation(transcript_json_loads(data.decode("utf-8")))
    except UnicodeDecodeError as exc:
        raise AtifError(f"the transcript is not valid UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise AtifError(f"the transcript is not valid JSON ({exc.msg} at line {exc.lineno} "
                        f"column {exc.colno})") from None
    except RecursionError:
        raise AtifError("the transcript is nested too deeply") from None
    if chat is None:
        raise AtifError("the transcript is not a Cline conversation (no sessionId, origin "
                        "and messages)")
    unreadable: list[str] = []
    drafts: list[StepDraft] = []
    models: dict[str, int] = {}
    pending: dict[str, StepDraft] = {}
    for number, message in enumerate(chat["messages"], start=1):
        if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
            unreadable.append(f"message {number}: not a user or assistant message")
            continue
        keep_steps(drafts, models, _steps(message, pending))
    sid = session_id or chat["sessionId"]
    origin = chat["origin"]
    version = origin.get("version") if isinstance(origin.get("version"), str) else None
    agent = agent_record(AGENT_NAME, version, models)
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT}
    cwd = working_directory(chat)
    if cwd:
        extra["cwd"] = cwd
    return Reading(document(sid, agent, drafts, extra), "cline", tuple(unreadable))


def _steps(message: dict[str, Any], pending: dict[str, StepDraft]) -> list[StepDraft]:
    when = millisecond_time(message.get("ts"))
    content = message.get("content")
    if message["role"] == "assistant":
        info = message.get("modelInfo")
        model = info.get("id") if isinstance(info, dict) else None
        step = StepDraft("agent", when, [], model=model if isinstance(model, str) else None)
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else content
        add_parts(step, parts, pending, call="tool_use", arguments="input")
        metrics = message.get("metrics")
        if isinstance(metrics, dict):
            step.metrics = {"prompt_tokens": count(metrics, "inputTokens"),
                            "completion_tokens": count(metrics, "outputTokens"),
                            "cached_tokens": count(metrics, "cacheReadTokens")}
        return [step]
    steps: list[StepDraft] = []
    texts: list[str] = []
    for part in as_list(content) if isinstance(content, list) else [content]:
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict) and part.get("type") == "text" \
                and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif isinstance(part, dict) and part.get("type") == "tool_result":
            orphan = _result(part, pending, when)
            if orphan is not None:
                steps.append(orphan)
    text = "\n\n".join(_unwrapped(t) for t in texts if t)
    if text:
        steps.append(StepDraft("user", when, [text]))
    return steps


def _result(part: dict[str, Any], pending: dict[str, StepDraft],
            when: str | None) -> StepDraft | None:
    """The output of a call, added to the step that made it; a system step when no step
    did."""
    call = part.get("tool_use_id")
    if not isinstance(call, str):
        return None
    text = _output(part.get("content"))
    step = pending.pop(call, None)
    if step is None:
        return orphan_result(call, text, when, _KIND, "tool-result")
    result: dict[str, Any] = {"source_call_id": call, "content": text}
    if part.get("is_error") is True or _failed(part.get("content")):
        result["extra"] = {"is_error": True}
    step.results.append(result)
    return None


def _output(content: Any) -> str:
    """A tool result's text: a string, text parts, or Cline's ``{query, result}`` list
    (one per command of a ``run_commands`` call)."""
    if isinstance(content, str):
        return content
    texts: list[str] = []
    for part in as_list(content):
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict) and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif isinstance(part, dict) and "result" in part:
            result = part.get("result")
            texts.append(result if isinstance(result, str) else json.dumps(result))
            if isinstance(part.get("error"), str):
                texts.append(part["error"])
    return "\n".join(texts)


def _failed(content: Any) -> bool:
    return any(isinstance(part, dict) and part.get("success") is False
               for part in as_list(content))


def _unwrapped(text: str) -> str:
    found = _USER_INPUT.match(text)
    return found.group(1).strip() if found else text
