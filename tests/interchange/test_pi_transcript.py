"""Pi's session file read as an ATIF trajectory: the branch the conversation went on with,
each tool's result in the step that called it, the session and its directory from the
header."""

from __future__ import annotations

import json
from typing import Any

from gitledger.interchange.atif import validate
from gitledger.interchange.dialects import dialect_of, read_transcript

SID = "01a242e0-3748-71d3-bfa4-c3c36fa3823e"


def entry(kind: str, key: str, parent: str | None, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "id": key, "parentId": parent,
            "timestamp": "2026-12-04T21:05:20.276Z", **fields}


def message(key: str, parent: str | None, role: str, content: Any,
            **fields: Any) -> dict[str, Any]:
    return entry("message", key, parent, message={"role": role, "content": content, **fields})


def session() -> bytes:
    records = [
        {"type": "session", "version": 3, "id": SID, "timestamp": "2026-12-04T21:05:20.201Z",
         "cwd": "/work/repo"},
        entry("model_change", "m1", None, provider="scripted", modelId="scripted-model"),
        message("u1", "m1", "user", [{"type": "text", "text": "make a file"}]),
        # A branch the user rewound with /tree: not part of the conversation that went on.
        message("a0", "u1", "assistant", [{"type": "text", "text": "abandoned answer"}],
                model="scripted-model"),
        message("a1", "u1", "assistant",
                [{"type": "thinking", "thinking": "a shell will do"},
                 {"type": "toolCall", "id": "call_1", "name": "bash",
                  "arguments": {"command": "echo hi > out.txt"}}],
                model="scripted-model", usage={"input": 1000, "output": 10, "cacheRead": 5}),
        message("r1", "a1", "toolResult", [{"type": "text", "text": "(no output)"}],
                toolCallId="call_1", toolName="bash", isError=False),
        entry("compaction", "c1", "r1", summary="made out.txt", firstKeptEntryId="a1"),
        message("a2", "c1", "assistant", [{"type": "text", "text": "all done"}],
                model="scripted-model"),
    ]
    return "".join(json.dumps(r) + "\n" for r in records).encode()


def test_a_pi_session_reads_as_the_branch_it_went_on_with() -> None:
    data = session()
    assert dialect_of(data).name == "pi"
    reading = read_transcript(data)
    doc = reading.trajectory
    assert validate(doc) == []
    assert doc["session_id"] == SID
    assert doc["agent"] == {"name": "pi", "version": "unknown", "model_name": "scripted-model"}
    assert doc["extra"] == {"source_format": "pi-session", "cwd": "/work/repo"}
    steps = doc["steps"]
    assert [(s["source"], s["message"]) for s in steps] == [
        ("user", "make a file"), ("agent", ""), ("system", "made out.txt"),
        ("agent", "all done")]
    call = steps[1]
    assert call["reasoning_content"] == "a shell will do"
    assert call["tool_calls"] == [{"tool_call_id": "call_1", "function_name": "bash",
                                   "arguments": {"command": "echo hi > out.txt"}}]
    assert call["observation"]["results"] == [{"source_call_id": "call_1",
                                               "content": "(no output)"}]
    assert call["metrics"] == {"prompt_tokens": 1000, "completion_tokens": 10,
                               "cached_tokens": 5}
    assert "abandoned answer" not in json.dumps(doc)


def test_an_oh_my_pi_session_its_title_line_first_reads_as_its_own_branch() -> None:
    """Oh My Pi, Pi's fork, writes a ``title`` line (no id) before the header: the file is
    its dialect, named for it, and still read along the branch, not in file order."""
    title = {"type": "title", "v": 1, "title": "", "updatedAt": "2026-12-04T21:05:20.201Z",
             "pad": " " * 40}
    data = (json.dumps(title) + "\n").encode() + session()
    assert dialect_of(data).name == "omp"
    assert dialect_of(session()).name == "pi"
    reading = read_transcript(data)
    doc = reading.trajectory
    assert validate(doc) == []
    assert reading.dialect == "omp"
    assert reading.unreadable == ()
    assert doc["agent"] == {"name": "omp", "version": "unknown", "model_name": "scripted-model"}
    assert doc["extra"] == {"source_format": "pi-session", "cwd": "/work/repo"}
    assert [(s["source"], s["message"]) for s in doc["steps"]] == [
        ("user", "make a file"), ("agent", ""), ("system", "made out.txt"),
        ("agent", "all done")]
    assert "abandoned answer" not in json.dumps(doc)
