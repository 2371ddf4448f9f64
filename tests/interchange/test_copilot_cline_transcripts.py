"""GitHub Copilot CLI's ``events.jsonl`` and Cline CLI's ``messages.json`` read as ATIF: what
each event and message becomes, and the text someone else wrote that does not fit read as
far as it goes, never raised on (the recorded sessions are in test_session_export.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gitledger.errors import AtifError, InvalidInput
from gitledger.interchange.atif import validate
from gitledger.interchange.dialects import dialect_of, read_transcript, sniff
from gitledger.interchange.session_document import session_markdown
from gitledger.interchange.transcripts import session_id_of
from tests.conftest import Run

SID = "7e916329-1504-45ab-bbaf-99ba238abac6"
WHEN = "2026-12-05T03:18:35.192Z"


def event(kind: str, data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"type": kind, "data": data, "id": "e", "timestamp": WHEN, "parentId": None,
            **fields}


def copilot(*events: dict[str, Any] | str) -> bytes:
    head = event("session.start", {"sessionId": SID, "copilotVersion": "1.0.102",
                                   "context": {"cwd": "/work/repo"}})
    return "".join((e if isinstance(e, str) else json.dumps(e)) + "\n"
                   for e in (head, *events)).encode()


def call(call_id: str, name: str, **args: Any) -> dict[str, Any]:
    return {"toolCallId": call_id, "name": name, "arguments": args, "type": "function"}


def test_a_copilot_session_reads_as_its_messages_calls_and_results() -> None:
    data = copilot(
        event("user.message", {"content": "make a file", "transformedContent": "<t/>make"}),
        event("system.message", {"role": "system", "content": "You are the vendor's prompt"}),
        event("hook.end", {"hookType": "sessionStart", "success": True,
                           "output": {"additionalContext": "TASK: greet"}}),
        event("assistant.message", {"model": "m1", "content": "", "reasoningText": "a shell",
                                    "toolRequests": [call("c1", "bash", command="echo hi"),
                                                     call("c2", "create", path="/w/a.txt")]}),
        event("tool.execution_complete", {"toolCallId": "c1", "success": True,
                                          "result": {"content": "hi"}}),
        event("tool.execution_complete", {"toolCallId": "c2", "success": False,
                                          "error": {"message": "denied"}}),
        event("session.compaction_complete", {"success": True, "summaryContent": "made a"}),
        event("assistant.message", {"model": "m1", "content": "done", "toolRequests": []}),
        event("session.usage_record", {"usage": {"model": "m1"}}),
    )
    assert dialect_of(data).name == "copilot"
    reading = read_transcript(data)
    doc = reading.trajectory
    assert (validate(doc), reading.unreadable) == ([], ())
    assert doc["session_id"] == SID
    assert doc["agent"] == {"name": "copilot-cli", "version": "1.0.102", "model_name": "m1"}
    assert doc["extra"] == {"source_format": "copilot-events", "cwd": "/work/repo"}
    steps = doc["steps"]
    assert [(s["source"], s["message"]) for s in steps] == [
        ("user", "make a file"), ("system", "TASK: greet"), ("agent", ""),
        ("system", "made a"), ("agent", "done")]
    assert steps[2]["reasoning_content"] == "a shell"
    assert steps[2]["observation"]["results"] == [
        {"source_call_id": "c1", "content": "hi"},
        {"source_call_id": "c2", "content": "denied", "extra": {"is_error": True}}]
    assert sniff(data)[1].paths == ("/work/repo",)
    assert session_id_of(data, Path("events.jsonl")) == SID


def test_copilot_lines_that_do_not_fit_are_named_and_the_rest_read() -> None:
    data = copilot(
        "not json at all",
        json.dumps({"type": "user.message"}),            # no data
        json.dumps(["a", "list"]),
        "[" * 100_000,                                   # nested past any bound
        json.dumps(event("some.future_event", {"x": 1})),
        json.dumps(event("user.message", {"content": 12})),
        json.dumps(event("assistant.message", {"content": "sub", "toolRequests": "x"},
                         agentId="sub-agent")),
        json.dumps(event("tool.execution_complete", {"toolCallId": "gone",
                                                     "result": {"content": "left over"}})),
        json.dumps(event("assistant.message", {"model": 3, "content": "kept",
                                               "toolRequests": [{"name": 1}, "x"]})),
    )
    reading = read_transcript(data)
    assert [p.split(":", 1)[0] for p in reading.unreadable] == [
        "line 2", "line 3", "line 4", "line 5"]
    steps = reading.trajectory["steps"]
    assert [(s["source"], s["message"]) for s in steps] == [("system", ""), ("agent", "kept")]
    assert steps[0]["observation"]["results"][0]["content"] == "left over"
    assert validate(reading.trajectory) == []


def cline(messages: list[Any], **fields: Any) -> bytes:
    chat = {"version": 1, "agent": "lead", "sessionId": "1796440749424_xab8q",
            "origin": {"source": "cli", "version": "3.0.65"},
            "system_prompt": "<env>\n1. Platform: linux\n4. Working Directory: /work/repo\n"
                             "</env>", "messages": messages, **fields}
    return json.dumps(chat, indent=2).encode()


def test_a_cline_conversation_reads_as_its_messages_calls_and_results() -> None:
    data = cline([
        {"role": "user", "content": [{"type": "text", "text":
                                      '<user_input mode="act">make a file</user_input>'}],
         "ts": 1796440756596},
        {"role": "assistant", "ts": 1796440761972, "modelInfo": {"id": "m1"},
         "metrics": {"inputTokens": 100, "outputTokens": 5, "cacheReadTokens": 2},
         "content": [{"type": "thinking", "thinking": "a shell"},
                     {"type": "tool_use", "id": "c1", "name": "run_commands",
                      "input": {"commands": ["echo hi"]}},
                     {"type": "tool_use", "id": "c2", "name": "editor",
                      "input": {"path": "/work/repo/a.txt", "new_text": "a"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "c1", "name": "run_commands",
             "content": [{"query": "echo hi", "result": "hi\n", "success": True}]},
            {"type": "tool_result", "tool_use_id": "c2", "content": "refused",
             "is_error": True}]},
        {"role": "assistant", "content": "done", "modelInfo": {"id": "m1"}},
    ])
    assert dialect_of(data).name == "cline"
    reading = read_transcript(data)
    doc = reading.trajectory
    assert (validate(doc), reading.unreadable) == ([], ())
    assert doc["session_id"] == "1796440749424_xab8q"
    assert doc["agent"] == {"name": "cline-cli", "version": "3.0.65", "model_name": "m1"}
    assert doc["extra"] == {"source_format": "cline-messages", "cwd": "/work/repo"}
    steps = doc["steps"]
    assert [(s["source"], s["message"]) for s in steps] == [
        ("user", "make a file"), ("agent", ""), ("agent", "done")]
    assert steps[0]["timestamp"] == "2026-12-05T03:19:16.596Z"
    assert steps[1]["metrics"] == {"prompt_tokens": 100, "completion_tokens": 5,
                                   "cached_tokens": 2}
    assert steps[1]["observation"]["results"] == [
        {"source_call_id": "c1", "content": "hi\n"},
        {"source_call_id": "c2", "content": "refused", "extra": {"is_error": True}}]
    assert sniff(data)[1].paths == ("/work/repo",)
    assert session_id_of(data, Path("1796440749424_xab8q.messages.json")) == \
        "1796440749424_xab8q"


def test_cline_messages_that_do_not_fit_are_named_and_the_rest_read() -> None:
    data = cline([
        "a string", 7, {"role": "tool", "content": "?"}, {"content": "no role"},
        {"role": "user", "content": [{"type": "image"}, {"type": "tool_result"},
                                     {"type": "tool_result", "tool_use_id": "gone",
                                      "content": [{"result": {"x": 1}, "success": False}]}],
         "ts": -5},
        {"role": "assistant", "content": [{"type": "tool_use", "name": 3}, "x"],
         "ts": 10**20, "modelInfo": "m", "metrics": {"inputTokens": -1}},
        {"role": "user", "content": "plain words", "ts": True},
    ], system_prompt=7)
    reading = read_transcript(data)
    assert reading.unreadable == tuple(f"message {n}: not a user or assistant message"
                                       for n in (1, 2, 3, 4))
    doc = reading.trajectory
    assert validate(doc) == []
    assert [(s["source"], s["message"]) for s in doc["steps"]] == [
        ("system", ""), ("agent", ""), ("user", "plain words")]
    assert doc["steps"][0]["observation"]["results"][0]["content"] == '{"x": 1}'
    assert all("timestamp" not in s for s in doc["steps"])
    assert "cwd" not in doc["extra"]
    assert sniff(data)[1].paths == ()


def test_a_gemini_chat_is_still_gemini_and_a_broken_cline_file_is_refused() -> None:
    gemini = json.dumps({"sessionId": "g", "projectHash": "0" * 64, "messages": []}).encode()
    assert dialect_of(gemini).name == "gemini"
    with pytest.raises(InvalidInput):
        dialect_of(cline([])[:-20])
    with pytest.raises(AtifError, match="no user or agent message"):
        read_transcript(cline([]))


HEAD = b'{"sessionId": "s", "origin": {}, "version": 1, "messages": '


def export(ledger: Run, tmp_path: Path, data: bytes, fmt: str) -> Any:
    source = tmp_path / "s.messages.json"
    source.write_bytes(data)
    assert ledger("transcript", "save", "--from", str(source)).exit_code == 0
    return ledger("export", "--format", fmt, "--session", "s")


@pytest.mark.parametrize("fmt", ["md", "atif"])
def test_a_cline_file_exports_as_far_as_it_reads_and_names_the_rest(
        ledger: Run, tmp_path: Path, fmt: str) -> None:
    done = export(ledger, tmp_path, HEAD + b'["odd", {"role": "user", "content": "hi"}]}', fmt)
    assert done.exit_code == 0, done.output
    assert "hi" in done.stdout
    assert done.stderr == ("git ledger: warning: 1 transcript line could not be read and was "
                           "left out: message 1: not a user or assistant message\n")


@pytest.mark.parametrize("data", [HEAD + b'[{"role": "user", "content": "\xff"}]}',
                                  HEAD + b"[" * 100_000 + b"]" * 100_000 + b"}"],
                         ids=["not-utf8", "nested-100000-deep"])
def test_an_odd_cline_file_is_refused_in_one_line(ledger: Run, tmp_path: Path,
                                                  data: bytes) -> None:
    """Not UTF-8, or nested past the bound: not read as anything, one line, exit 1; the
    same conversation, readable, exports."""
    done = export(ledger, tmp_path, data, "atif")
    assert done.exit_code == 1, done.output
    assert done.stderr.startswith("git ledger: the transcript is not one gitledger can "
                                  "read"), done.stderr
    assert done.stderr.count("\n") == 1
    fine = export(ledger, tmp_path, HEAD + b'[{"role": "user", "content": "hi"}]}', "atif")
    assert fine.exit_code == 0, fine.output


def test_the_files_each_of_clines_command_lines_writes_are_in_the_summary() -> None:
    data = cline([
        {"role": "user", "content": "write two files"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name":
                                           "run_commands", "input": {"commands": [
                                               "echo a > /work/repo/a.txt", "ls",
                                               "printf b > /work/repo/b.txt"]}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1",
                                      "content": "done"}]}])
    summary = session_markdown(read_transcript(data)).split("## Summary", 1)[1]
    assert "`a.txt`, `b.txt`" in summary, summary
