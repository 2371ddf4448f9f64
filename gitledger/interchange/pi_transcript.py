"""Pi's session file (and Oh My Pi's, its fork's) read as an ATIF trajectory.

A Pi session is JSON lines: a ``session`` header (id, cwd), then entries in a tree (each
names its ``parentId``); Oh My Pi writes a ``title`` line (rewritten in place) first.
The steps are the ``message`` entries along the branch that ends
at the last entry, in order, so a conversation rewound with ``/tree`` reads as the branch
it went on with; a ``compaction`` entry's summary is a system step.
"""

from __future__ import annotations

from typing import Any

from gitledger.interchange.atif import (
    Reading,
    SessionFile,
    StepDraft,
    add_parts,
    as_list,
    count,
    read_session_file,
    timestamp_of,
)

#: Oh My Pi's first line: the session's title, outside the tree of entries.
TITLE = "title"
PI = SessionFile(dialect="pi", agent="pi", source_format="pi-session", header="session",
                 record="a Pi session entry")
OMP = SessionFile(dialect="omp", agent="omp", source_format="pi-session", header="session",
                  record="an Oh My Pi session entry", preamble=frozenset({TITLE}))
#: The entry types that carry no step (settings changes, labels, an extension's state).
_QUIET = frozenset({"model_change", "thinking_level_change", "label", "session_info",
                    "custom"})


def from_pi_transcript(data: bytes, *, session_id: str | None = None,
                       kind: SessionFile = PI) -> Reading:
    """The ATIF trajectory of the Pi session ``data`` (``kind``: Pi's file, or ``OMP``,
    Oh My Pi's); lines that do not parse are left out and named in
    ``Reading.unreadable``."""
    return read_session_file(data, kind, _step, session_id=session_id, order=_branch)


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
    add_parts(step, message.get("content"), pending, call="toolCall", arguments="arguments")
    usage = message.get("usage")
    if isinstance(usage, dict):
        step.metrics = {"prompt_tokens": count(usage, "input"),
                        "completion_tokens": count(usage, "output"),
                        "cached_tokens": count(usage, "cacheRead")}
    return step


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n\n".join(part["text"] for part in as_list(content) if isinstance(part, dict)
                       and isinstance(part.get("text"), str))
