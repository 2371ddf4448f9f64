"""Pi's session file (and Oh My Pi's, its fork's) read as an ATIF trajectory.

A Pi session is JSON lines: a ``session`` header (id, cwd), then entries in a tree (each
names its ``parentId``); Oh My Pi writes a ``title`` line (rewritten in place) first.
The steps are the ``message`` entries along the branch that ends
at the last entry, in order, so a conversation rewound with ``/tree`` reads as the branch
it went on with; a ``compaction`` entry's summary is a system step.
"""

from __future__ import annotations

from typing import Any

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

AGENT_NAME = "pi"
SOURCE_FORMAT = "pi-session"
#: The entry types that carry no step (settings changes, labels, an extension's state).
_QUIET = frozenset({"model_change", "thinking_level_change", "label", "session_info",
                    "custom"})
#: Oh My Pi's first line: the session's title, outside the tree of entries.
TITLE = "title"


def from_pi_transcript(data: bytes, *, session_id: str | None = None,
                       agent_name: str = AGENT_NAME) -> Reading:
    """The ATIF trajectory of the Pi session ``data`` (written by ``agent_name``, a
    dialect's name: ``pi`` or ``omp``); lines that do not parse are left out and named in
    ``Reading.unreadable``."""
    header: dict[str, Any] = {}
    entries: list[dict[str, Any]] = []

    def add(number: int, record: dict[str, Any]) -> None:
        if record.get("type") == "session" and not header:
            header.update(record)
        elif record.get("type") == TITLE and not header:
            return
        elif isinstance(record.get("type"), str):
            entries.append(record)
        else:
            raise AtifError(f"line {number}: not a Pi session entry (no type)")

    unreadable = read_lines(data, add)
    drafts: list[StepDraft] = []
    models: dict[str, int] = {}
    pending: dict[str, StepDraft] = {}
    for entry in _branch(entries):
        draft = _step(entry, pending)
        if draft is None:
            continue
        if draft.model:
            models[draft.model] = models.get(draft.model, 0) + 1
        drafts.append(draft)
    sid = session_id or (header.get("id") if isinstance(header.get("id"), str) else None)
    if not sid:
        raise AtifError("the transcript names no session id: give the session id")
    agent: dict[str, Any] = {"name": agent_name, "version": UNKNOWN_VERSION}
    model = most_used(models)
    if model:
        agent["model_name"] = model
    extra: dict[str, Any] = {"source_format": SOURCE_FORMAT}
    if isinstance(header.get("cwd"), str):
        extra["cwd"] = header["cwd"]
    return Reading(document(sid, agent, drafts, extra), agent_name, tuple(unreadable))


def _branch(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries from the root to the last one, by ``parentId``; entries without ids
    (an older session version) in file order."""
    by_id = {e["id"]: e for e in entries if isinstance(e.get("id"), str)}
    if not entries or len(by_id) != len(entries):
        return entries
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    node: dict[str, Any] | None = entries[-1]
    while node is not None and node["id"] not in seen:
        seen.add(node["id"])
        path.append(node)
        parent = node.get("parentId")
        node = by_id.get(parent) if isinstance(parent, str) else None
    return path[::-1]


def _step(entry: dict[str, Any], pending: dict[str, StepDraft]) -> StepDraft | None:
    when = timestamp_of(entry.get("timestamp"))
    if entry.get("type") == "compaction":
        return StepDraft("system", when, [_text(entry.get("summary"))],
                         extra={"pi_kind": "compaction"})
    if entry.get("type") in _QUIET or entry.get("type") != "message":
        return None
    message = entry.get("message")
    if not isinstance(message, dict):
        return None
    role = message.get("role")
    if role == "user":
        return StepDraft("user", when, [_text(message.get("content"))])
    if role == "assistant":
        return _response(message, when, pending)
    if role == "toolResult":
        call = message.get("toolCallId")
        step = pending.pop(call, None) if isinstance(call, str) else None
        if step is not None:
            result: dict[str, Any] = {"source_call_id": call,
                                      "content": _text(message.get("content"))}
            if message.get("isError") is True:
                result["extra"] = {"is_error": True}
            step.results.append(result)
        return None
    if role in ("custom", "bashExecution", "branchSummary", "compactionSummary"):
        text = _text(message.get("content") or message.get("summary")
                     or message.get("output"))
        return StepDraft("system", when, [text], extra={"pi_kind": str(role)}) if text \
            else None
    return None


def _response(message: dict[str, Any], when: str | None,
              pending: dict[str, StepDraft]) -> StepDraft:
    model = message.get("model") if isinstance(message.get("model"), str) else None
    step = StepDraft("agent", when, [], model=model)
    for part in _list(message.get("content")):
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text" and isinstance(part.get("text"), str):
            step.texts.append(part["text"])
        elif part.get("type") == "thinking" and isinstance(part.get("thinking"), str):
            step.thoughts.append(part["thinking"])
        elif part.get("type") == "toolCall" and isinstance(part.get("name"), str):
            given = part.get("id")
            call = given if isinstance(given, str) else f"call-{len(step.calls)}"
            args = part.get("arguments")
            step.calls.append({"tool_call_id": call, "function_name": part["name"],
                               "arguments": args if isinstance(args, dict) else {}})
            pending[call] = step
    usage = message.get("usage")
    if isinstance(usage, dict):
        step.metrics = {"prompt_tokens": count(usage, "input"),
                        "completion_tokens": count(usage, "output"),
                        "cached_tokens": count(usage, "cacheRead")}
    return step


def _list(value: Any) -> list[Any]:
    """``value`` when it is a list, else no items (a hand-edited file may hold anything)."""
    return value if isinstance(value, list) else []


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n\n".join(part["text"] for part in _list(content) if isinstance(part, dict)
                       and isinstance(part.get("text"), str))
