"""Gemini CLI's transcript read as an ATIF trajectory.

Both forms are read: one JSON object, or the JSON-lines log of it in which a message line
adds or replaces by id.  The chat names only a hash of its project root, so the root is
found among the tool calls' paths.  ``docs/cli.md`` has the full mapping.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import PurePosixPath
from typing import Any

from gitledger.core.parsing import transcript_json_loads
from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    UNKNOWN_VERSION,
    Reading,
    StepDraft,
    count,
    document,
    most_used,
    read_lines,
    timestamp_of,
)

AGENT_NAME = "gemini-cli"
SOURCE_FORMAT = "gemini-cli-chat"
SESSION_CONTEXT = "<session_context>"
_SYSTEM_TYPES = ("info", "warning", "error")
#: The longest path argument whose directories are tried as the project's root (Linux's
#: PATH_MAX): each ancestor is hashed, so a path of a million characters would cost the
#: square of that.
PATH_LIMIT = 4096


def whole_chat(data: bytes) -> dict[str, Any] | None:
    """The chat, when ``data`` is the one-object form (a JSON object with a ``messages``
    list); else None (the JSON-lines log, or not JSON)."""
    if data.lstrip()[:1] != b"{":
        return None
    try:
        chat = transcript_json_loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None
    return chat if isinstance(chat, dict) and isinstance(chat.get("messages"), list) else None


def from_gemini_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of the Gemini CLI chat ``data`` (either form); lines of the
    JSON-lines form that do not parse are left out and named in ``Reading.unreadable``."""
    unreadable: list[str] = []
    chat = whole_chat(data)
    skipped: dict[str, int] = {}
    if chat is None:
        chat, skipped = _replayed(data, unreadable)
    messages = [m for m in chat.get("messages", ()) if isinstance(m, dict)]
    drafts: list[StepDraft] = []
    models: dict[str, int] = {}
    for message in messages:
        draft = _step(message)
        if draft is None:
            continue
        if draft.model:
            models[draft.model] = models.get(draft.model, 0) + 1
        drafts.append(draft)
    sid = session_id or (chat.get("sessionId") if isinstance(chat.get("sessionId"), str)
                         else None)
    if not sid:
        raise AtifError("the transcript names no sessionId: give the session id")
    agent: dict[str, Any] = {"name": AGENT_NAME, "version": UNKNOWN_VERSION}
    model = most_used(models)
    if model:
        agent["model_name"] = model
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT}
    root = _project_root(chat.get("projectHash"), messages)
    if root:
        extra["cwd"] = root
    for key in ("projectHash", "startTime", "lastUpdated"):
        if isinstance(chat.get(key), str):
            extra[key] = chat[key]
    if skipped:
        extra["skipped_records"] = dict(sorted(skipped.items()))
    return Reading(document(sid, agent, drafts, extra), "gemini", tuple(unreadable))


def _project_root(project_hash: Any, messages: list[dict[str, Any]]) -> str | None:
    """The directory whose path hashes to ``project_hash``, among the ancestors of the
    absolute paths the tool calls name."""
    if not isinstance(project_hash, str):
        return None
    seen: set[str] = set()
    for message in messages:
        for call in _list(message.get("toolCalls")):
            args = call.get("args") if isinstance(call, dict) else None
            for value in args.values() if isinstance(args, dict) else ():
                if not (isinstance(value, str) and value.startswith("/")
                        and len(value) <= PATH_LIMIT):
                    continue
                for parent in PurePosixPath(value).parents:
                    candidate = str(parent)
                    if candidate in seen:
                        continue
                    seen.add(candidate)
                    if hashlib.sha256(candidate.encode()).hexdigest() == project_hash:
                        return candidate
    return None


def _replayed(data: bytes, unreadable: list[str]) -> tuple[dict[str, Any], dict[str, int]]:
    """The chat object the JSON-lines log ends at, and the operations it did not know."""
    log = _Log()
    unreadable.extend(read_lines(data, log.add))
    log.chat["messages"] = [log.by_id[key] for key in log.order]
    return log.chat, log.skipped


class _Log:
    def __init__(self) -> None:
        self.chat: dict[str, Any] = {}
        self.order: list[str] = []
        self.by_id: dict[str, dict[str, Any]] = {}
        self.skipped: dict[str, int] = {}

    def add(self, number: int, record: dict[str, Any]) -> None:
        if "$set" in record:
            fields = record["$set"]
            if not isinstance(fields, dict):
                raise AtifError(f"line {number}: \"$set\" must hold an object")
            messages = fields.get("messages", [])
            if not isinstance(messages, list):
                raise AtifError(f"line {number}: \"messages\" must be a list")
            self.chat.update((k, v) for k, v in fields.items() if k != "messages")
            if "messages" in fields:
                self.order, self.by_id = [], {}
                for message in messages:
                    _upsert(message, self.order, self.by_id)
        elif isinstance(record.get("id"), str) and isinstance(record.get("type"), str):
            _upsert(record, self.order, self.by_id)
        elif any(key.startswith("$") for key in record):
            operation = next(key for key in record if key.startswith("$"))
            self.skipped[operation] = self.skipped.get(operation, 0) + 1
        elif not self.chat and isinstance(record.get("sessionId"), str):
            self.chat.update(record)
        else:
            raise AtifError(f"line {number}: neither a message nor a change of the chat")


def _upsert(message: Any, order: list[str], by_id: dict[str, dict[str, Any]]) -> None:
    if not isinstance(message, dict):
        return
    key = message.get("id")
    if not isinstance(key, str):
        key = f"#{len(order)}"
    if key not in by_id:
        order.append(key)
    by_id[key] = message


def _step(message: dict[str, Any]) -> StepDraft | None:
    kind = message.get("type")
    when = timestamp_of(message.get("timestamp"))
    if kind == "user":
        text = _text(message.get("content"))
        if not text:
            return None  # only function responses: they are the calls' results
        if text.lstrip().startswith(SESSION_CONTEXT):
            return StepDraft("system", when, [text], extra={"gemini_kind": "session-context"})
        return StepDraft("user", when, [text])
    if kind == "gemini":
        return _response(message, when)
    if kind in _SYSTEM_TYPES:
        return StepDraft("system", when, [_text(message.get("content"))],
                         extra={"gemini_kind": kind})
    return None


def _response(message: dict[str, Any], when: str | None) -> StepDraft:
    model = message.get("model") if isinstance(message.get("model"), str) else None
    step = StepDraft("agent", when, [_text(message.get("content"))], model=model)
    for thought in _list(message.get("thoughts")):
        if isinstance(thought, dict):
            parts = [thought.get(k) for k in ("subject", "description")]
            shown = ": ".join(p for p in parts if isinstance(p, str) and p)
            if shown:
                step.thoughts.append(shown)
    for index, call in enumerate(_list(message.get("toolCalls"))):
        if not isinstance(call, dict) or not isinstance(call.get("name"), str):
            continue
        call_id = call.get("id") if isinstance(call.get("id"), str) else f"call-{index}"
        args = call.get("args")
        step.calls.append({"tool_call_id": call_id, "function_name": call["name"],
                           "arguments": args if isinstance(args, dict) else {}})
        result: dict[str, Any] = {"source_call_id": call_id, "content": _call_output(call)}
        status = call.get("status")
        if isinstance(status, str) and status != "success":
            result["extra"] = {"status": status}
        step.results.append(result)
    tokens = message.get("tokens")
    if isinstance(tokens, dict):
        step.metrics = {"prompt_tokens": count(tokens, "input"),
                        "completion_tokens": count(tokens, "output"),
                        "cached_tokens": count(tokens, "cached")}
        more = {f"{key}_tokens": count(tokens, key) for key in ("thoughts", "tool")
                if count(tokens, key)}
        if more:
            step.metrics["extra"] = more
    return step


def _list(value: Any) -> list[Any]:
    """``value`` when it is a list, else no items: a hand-edited or hostile chat may hold
    anything where the client writes a list (a number would not iterate, a string or an
    object would iterate as its characters or keys)."""
    return value if isinstance(value, list) else []


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    texts = [part["text"] for part in content if isinstance(part, dict)
             and isinstance(part.get("text"), str)] if isinstance(content, list) else []
    return "\n\n".join(texts)


def _call_output(call: dict[str, Any]) -> str:
    """What the call gave back to the model: its function response's output (or error),
    else what the CLI displayed."""
    for part in _list(call.get("result")):
        response = part.get("functionResponse") if isinstance(part, dict) else None
        body = response.get("response") if isinstance(response, dict) else None
        if isinstance(body, dict):
            for key in ("output", "error"):
                if isinstance(body.get(key), str):
                    return str(body[key])
            return json.dumps(body, ensure_ascii=False)
    shown = call.get("resultDisplay")
    return shown if isinstance(shown, str) else ""
