"""OpenCode's (and Kilo's, its fork's) sessions: taken from the client's own database, and
read as an ATIF trajectory.

The client keeps no transcript file: a session is rows of its SQLite database
(``opencode.db``, ``kilo.db``): the ``session`` row, its ``message`` rows and their ``part``
rows, each with a JSON ``data`` column.  At session end those rows are read (read-only,
bounded) into one JSON document shaped as ``opencode export`` prints a session
(``{info, messages: [{info, parts}]}``, with the client named), and that document is what
is saved and read here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gitledger.core.parsing import transcript_json_loads
from gitledger.derived.sqlite import foreign_rows
from gitledger.errors import AtifError
from gitledger.interchange.atif import (
    Reading,
    StepDraft,
    agent_record,
    count,
    document,
    keep_steps,
    millisecond_time,
)

#: The key that names the client in a saved document (``opencode`` or ``kilo``).
CLIENT_KEY = "gitledger_client"
#: At most this many messages and parts are read of one session.
ROW_LIMIT = 100_000
#: The JSON text read of one session, at most (``transcripts.MAX_BYTES``'s size).
BYTE_LIMIT = 50 * 1024 * 1024
_KIND = "opencode_kind"


def session_export(database: Path, session_id: str, client: str) -> bytes:
    """The session ``session_id`` of the client's ``database`` as one JSON document
    (InvalidInput when the database cannot be read, AtifError when it holds no such
    session); a row whose data does not parse is left out."""
    found = foreign_rows(database, "SELECT id, directory, title, version, time_created "
                         "FROM session WHERE id = ?", (session_id,), limit=1)
    if not found:
        raise AtifError(f"the client's database holds no session {session_id[:80]}")
    sid, directory, title, version, created = found[0]
    info = {"id": sid, "directory": directory, "title": title, "version": version,
            "time": {"created": created}}
    budget = [BYTE_LIMIT]
    messages: dict[str, dict[str, Any]] = {}
    for key, data in foreign_rows(database, "SELECT id, data FROM message WHERE session_id = ? "
                                  "ORDER BY time_created, id", (session_id,),
                                  limit=ROW_LIMIT):
        parsed = _row(data, budget)
        if parsed is not None and isinstance(key, str):
            messages[key] = {"info": {**parsed, "id": key}, "parts": []}
    for key, message, data in foreign_rows(
            database, "SELECT id, message_id, data FROM part WHERE session_id = ? "
            "ORDER BY message_id, id", (session_id,), limit=ROW_LIMIT):
        parsed = _row(data, budget)
        if parsed is not None and isinstance(message, str) and message in messages:
            messages[message]["parts"].append({**parsed, "id": key})
    return json.dumps({CLIENT_KEY: client, "info": info, "messages": list(messages.values())},
                      ensure_ascii=False).encode("utf-8")


def _row(data: object, budget: list[int]) -> dict[str, Any] | None:
    if not isinstance(data, str) or len(data) > budget[0]:
        return None
    budget[0] -= len(data)
    try:
        parsed = transcript_json_loads(data)
    except (json.JSONDecodeError, RecursionError):
        return None
    return parsed if isinstance(parsed, dict) else None


def saved_session(whole: Any) -> dict[str, Any] | None:
    """``whole`` when it is such a document, else None."""
    if not isinstance(whole, dict) or whole.get(CLIENT_KEY) not in ("opencode", "kilo"):
        return None
    info = whole.get("info")
    return whole if isinstance(info, dict) and isinstance(info.get("id"), str) \
        and isinstance(whole.get("messages"), list) else None


def from_opencode_transcript(data: bytes, *, session_id: str | None = None) -> Reading:
    """The ATIF trajectory of a saved OpenCode (or Kilo) session; a message that is not an
    object with a role is left out and named in ``Reading.unreadable``."""
    try:
        doc = saved_session(transcript_json_loads(data.decode("utf-8")))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        doc = None
    if doc is None:
        raise AtifError("the transcript is not a saved OpenCode or Kilo session")
    unreadable: list[str] = []
    drafts: list[StepDraft] = []
    models: dict[str, int] = {}
    pending: dict[str, StepDraft] = {}
    for number, message in enumerate(doc["messages"], start=1):
        info = message.get("info") if isinstance(message, dict) else None
        parts = message.get("parts") if isinstance(message, dict) else None
        if not isinstance(info, dict) or info.get("role") not in ("user", "assistant") \
                or not isinstance(parts, list):
            unreadable.append(f"message {number}: not a user or assistant message")
            continue
        keep_steps(drafts, models,
                   _steps(info, [p for p in parts if isinstance(p, dict)], pending))
    info = doc["info"]
    version = info.get("version") if isinstance(info.get("version"), str) else None
    agent = agent_record(str(doc[CLIENT_KEY]), version, models)
    extra: dict[str, Any] = {"source_format": "opencode-session"}
    if isinstance(info.get("directory"), str):
        extra["cwd"] = info["directory"]
    return Reading(document(session_id or info["id"], agent, drafts, extra),
                   str(doc[CLIENT_KEY]), tuple(unreadable))


def _steps(info: dict[str, Any], parts: list[dict[str, Any]],
           pending: dict[str, StepDraft]) -> list[StepDraft]:
    time = info.get("time")
    when = millisecond_time(time.get("created") if isinstance(time, dict) else None)
    if info["role"] == "user":
        texts = [p["text"] for p in parts if p.get("type") == "text"
                 and isinstance(p.get("text"), str) and not p.get("synthetic")]
        return [StepDraft("user", when, ["\n\n".join(texts)])] if texts else []
    model = info.get("modelID") if isinstance(info.get("modelID"), str) else None
    step = StepDraft("agent", when, [], model=model)
    steps = [step]
    for part in parts:
        kind = part.get("type")
        if kind == "text" and isinstance(part.get("text"), str):
            step.texts.append(part["text"])
        elif kind == "reasoning" and isinstance(part.get("text"), str):
            step.thoughts.append(part["text"])
        elif kind == "tool" and isinstance(part.get("tool"), str):
            _tool(step, part)
        elif kind == "compaction":
            steps.append(StepDraft("system", when, ["(compacted)"], extra={_KIND: "compaction"}))
    tokens = info.get("tokens")
    if isinstance(tokens, dict):
        cache = tokens.get("cache")
        step.metrics = {"prompt_tokens": count(tokens, "input"),
                        "completion_tokens": count(tokens, "output"),
                        "cached_tokens": count(cache, "read") if isinstance(cache, dict)
                        else 0}
    if info.get("summary") is True and step.texts:
        step.source, step.extra = "system", {_KIND: "summary"}
    return steps if step.texts or step.calls or step.thoughts else steps[1:]


def _tool(step: StepDraft, part: dict[str, Any]) -> None:
    """A tool part: the call, and its output once it has one."""
    given = part.get("callID")
    call_id = given if isinstance(given, str) else f"call-{len(step.calls)}"
    given_state = part.get("state")
    state: dict[str, Any] = given_state if isinstance(given_state, dict) else {}
    args = state.get("input")
    step.calls.append({"tool_call_id": call_id, "function_name": part["tool"],
                       "arguments": args if isinstance(args, dict) else {}})
    output = state.get("output", state.get("error"))
    if isinstance(output, str):
        result: dict[str, Any] = {"source_call_id": call_id, "content": output}
        if state.get("status") == "error":
            result["extra"] = {"is_error": True}
        step.results.append(result)
