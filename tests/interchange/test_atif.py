"""ATIF export: a Claude Code transcript becomes a trajectory the RFC's rules accept."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from gitledger.errors import AtifError, InvalidInput
from gitledger.interchange.atif import SCHEMA_VERSION, to_json, validate
from gitledger.interchange.claude_transcript import from_claude_transcript

SESSION = "0d3c5e7a-1b2c-4d5e-8f90-123456789abc"
BASE = {"sessionId": SESSION, "cwd": "/home/ada/proj", "version": "1.0.98",
        "userType": "external", "isSidechain": False, "gitBranch": "main"}


def rec(kind: str, uuid: str, parent: str | None, ts: str, **fields: Any) -> dict[str, Any]:
    return {**BASE, "type": kind, "uuid": uuid, "parentUuid": parent, "timestamp": ts,
            **fields}


def assistant(uuid: str, parent: str, ts: str, msg_id: str, content: list[dict[str, Any]],
              output_tokens: int = 10) -> dict[str, Any]:
    return rec("assistant", uuid, parent, ts, requestId=f"req_{msg_id}", message={
        "id": msg_id, "type": "message", "role": "assistant",
        "model": "claude-sonnet-4-5-20250929", "content": content,
        "stop_reason": None, "usage": {
            "input_tokens": 4, "cache_creation_input_tokens": 100,
            "cache_read_input_tokens": 1000, "output_tokens": output_tokens}})


def user(uuid: str, parent: str | None, ts: str, content: Any, **fields: Any) -> dict[str, Any]:
    return rec("user", uuid, parent, ts, message={"role": "user", "content": content},
               **fields)


def transcript_records() -> list[dict[str, Any]]:
    """A realistic session: a prompt, a turn with thinking and two parallel tool calls
    (written as Claude Code writes them: one record per block, one message id), their
    results (one an error), a retry, and a final answer; plus a title and a system line."""
    return [
        {"type": "summary", "summary": "Fix the failing date parser test",
         "leafUuid": "u9"},
        user("u1", None, "2026-03-01T10:00:00.000Z",
             "The date parser test fails; find out why and fix it."),
        assistant("u2", "u1", "2026-03-01T10:00:02.000Z", "msg_01", [
            {"type": "thinking", "thinking": "I should read the test and the parser.",
             "signature": "sig"}], output_tokens=3),
        assistant("u3", "u2", "2026-03-01T10:00:02.500Z", "msg_01", [
            {"type": "text", "text": "Let me look at the test and the parser."}],
            output_tokens=8),
        assistant("u4", "u3", "2026-03-01T10:00:03.000Z", "msg_01", [
            {"type": "tool_use", "id": "toolu_read_test", "name": "Read",
             "input": {"file_path": "/home/ada/proj/tests/test_dates.py"}}],
            output_tokens=30),
        assistant("u5", "u4", "2026-03-01T10:00:03.100Z", "msg_01", [
            {"type": "tool_use", "id": "toolu_grep", "name": "Grep",
             "input": {"pattern": "def parse_date", "path": "src"}}], output_tokens=52),
        user("u6", "u5", "2026-03-01T10:00:04.000Z", [
            {"type": "tool_result", "tool_use_id": "toolu_read_test",
             "content": "def test_parse():\n    assert parse_date('2026-03-01')"},
            {"type": "tool_result", "tool_use_id": "toolu_grep",
             "content": [{"type": "text", "text": "src/dates.py:12:def parse_date(s):"}]},
        ], toolUseResult={"type": "text"}),
        {**BASE, "type": "system", "subtype": "informational", "uuid": "u7",
         "parentUuid": "u6", "timestamp": "2026-03-01T10:00:05.000Z",
         "content": "PostToolUse hook ran", "level": "info", "isMeta": False},
        assistant("u8", "u7", "2026-03-01T10:00:06.000Z", "msg_02", [
            {"type": "tool_use", "id": "toolu_bash", "name": "Bash",
             "input": {"command": "pytest tests/test_dates.py -q"}}]),
        user("u9", "u8", "2026-03-01T10:00:09.000Z", [
            {"type": "tool_result", "tool_use_id": "toolu_bash", "is_error": True,
             "content": "Exit code 1\nFAILED tests/test_dates.py::test_parse"}]),
        assistant("u10", "u9", "2026-03-01T10:00:12.000Z", "msg_03", [
            {"type": "text", "text": "The parser rejects ISO dates without a time; "
                                     "I will make the time optional."}]),
        {"type": "file-history-snapshot", "messageId": "u10", "snapshot": {}},
    ]


def jsonl(records: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


@pytest.fixture
def doc() -> dict[str, Any]:
    return from_claude_transcript(jsonl(transcript_records())).trajectory


def test_transcript_becomes_a_valid_trajectory(doc: dict[str, Any]) -> None:
    assert validate(doc) == []
    assert doc["schema_version"] == SCHEMA_VERSION == "ATIF-v1.8"
    assert doc["session_id"] == SESSION
    assert doc["agent"] == {"name": "claude-code", "version": "1.0.98",
                            "model_name": "claude-sonnet-4-5-20250929"}
    assert [s["step_id"] for s in doc["steps"]] == list(range(1, len(doc["steps"]) + 1))
    assert [s["source"] for s in doc["steps"]] == ["user", "agent", "system", "agent",
                                                  "agent"]
    json.loads(to_json(doc))  # serialises, and what it writes reads back


def test_user_prompt_is_a_user_step(doc: dict[str, Any]) -> None:
    first = doc["steps"][0]
    assert first["message"] == "The date parser test fails; find out why and fix it."
    assert first["timestamp"] == "2026-03-01T10:00:00.000Z"
    for key in ("tool_calls", "reasoning_content", "metrics", "model_name"):
        assert key not in first


def test_one_response_written_as_many_records_is_one_agent_step(doc: dict[str, Any]) -> None:
    step = doc["steps"][1]
    assert step["message"] == "Let me look at the test and the parser."
    assert step["reasoning_content"] == "I should read the test and the parser."
    assert step["model_name"] == "claude-sonnet-4-5-20250929"
    assert step["timestamp"] == "2026-03-01T10:00:02.000Z"
    assert [c["tool_call_id"] for c in step["tool_calls"]] == ["toolu_read_test",
                                                               "toolu_grep"]
    assert step["tool_calls"][1] == {"tool_call_id": "toolu_grep", "function_name": "Grep",
                                     "arguments": {"pattern": "def parse_date",
                                                   "path": "src"}}
    assert step["extra"]["claude_code_uuids"] == ["u2", "u3", "u4", "u5"]
    # the last record's usage is the response's: every input token counts as prompt
    assert step["metrics"] == {"prompt_tokens": 1104, "completion_tokens": 52,
                               "cached_tokens": 1000,
                               "extra": {"cache_creation_input_tokens": 100}}


def test_tool_results_are_the_observation_of_the_step_that_called(
        doc: dict[str, Any]) -> None:
    for step in doc["steps"]:
        calls = {c["tool_call_id"] for c in step.get("tool_calls", [])}
        for result in step.get("observation", {}).get("results", []):
            assert result["source_call_id"] in calls
    results = doc["steps"][1]["observation"]["results"]
    assert [r["source_call_id"] for r in results] == ["toolu_read_test", "toolu_grep"]
    assert results[0]["content"].startswith("def test_parse():")
    assert results[1]["content"] == "src/dates.py:12:def parse_date(s):"
    assert "extra" not in results[0]
    # no step was made of the user records that only carried results
    assert all(s["message"] != "" or s["source"] == "agent" for s in doc["steps"])


def test_error_result_is_marked(doc: dict[str, Any]) -> None:
    bash = doc["steps"][3]
    assert bash["tool_calls"][0]["function_name"] == "Bash"
    assert bash["message"] == ""
    (result,) = bash["observation"]["results"]
    assert result == {"source_call_id": "toolu_bash",
                      "content": "Exit code 1\nFAILED tests/test_dates.py::test_parse",
                      "extra": {"is_error": True}}


def test_system_summary_and_other_records(doc: dict[str, Any]) -> None:
    system = doc["steps"][2]
    assert system["message"] == "PostToolUse hook ran"
    assert system["extra"]["claude_code_kind"] == "system:informational"
    assert doc["steps"][4]["message"].startswith("The parser rejects ISO dates")
    assert doc["extra"]["summaries"] == ["Fix the failing date parser test"]
    assert doc["extra"]["skipped_records"] == {"file-history-snapshot": 1}
    assert doc["extra"]["cwd"] == "/home/ada/proj"
    assert doc["final_metrics"] == {"total_prompt_tokens": 3 * 1104,
                                    "total_completion_tokens": 52 + 10 + 10,
                                    "total_cached_tokens": 3000, "total_steps": 5}


def test_session_and_version_given_by_the_caller_win() -> None:
    doc = from_claude_transcript(jsonl(transcript_records()), session_id="other",
                                 agent_version="2.0.0").trajectory
    assert doc["session_id"] == "other"
    assert doc["agent"]["version"] == "2.0.0"
    assert validate(doc) == []


def test_meta_compact_and_sidechain_records() -> None:
    records = [
        user("a", None, "2026-03-01T10:00:00Z", "<command-name>/clear</command-name>",
             isMeta=True),
        user("b", "a", "2026-03-01T10:00:01Z", "This session is being continued...",
             isCompactSummary=True),
        user("c", "b", "2026-03-01T10:00:02Z", [{"type": "text", "text": "go on"}]),
        {**assistant("d", "c", "2026-03-01T10:00:03Z", "msg_side",
                     [{"type": "text", "text": "subagent"}]), "isSidechain": True},
    ]
    doc = from_claude_transcript(jsonl(records)).trajectory
    assert validate(doc) == []
    assert [(s["source"], s.get("extra", {}).get("claude_code_kind"))
            for s in doc["steps"]] == [("system", "meta"), ("system", "compact-summary"),
                                       ("user", None)]
    assert doc["extra"]["skipped_records"] == {"assistant (sidechain)": 1}
    assert "model_name" not in doc["agent"]  # no assistant step ran a model


def test_result_for_a_call_not_in_the_transcript_keeps_its_content() -> None:
    records = [
        user("a", None, "2026-03-01T10:00:00Z", "hi"),
        user("b", "a", "2026-03-01T10:00:01Z", [
            {"type": "tool_result", "tool_use_id": "toolu_gone", "content": "output"}]),
    ]
    doc = from_claude_transcript(jsonl(records)).trajectory
    assert validate(doc) == []
    orphan = doc["steps"][1]
    assert orphan["source"] == "system"
    assert orphan["observation"]["results"] == [
        {"content": "output", "extra": {"tool_use_id": "toolu_gone"}}]


def test_result_of_an_earlier_step_joins_that_step() -> None:
    records = [
        user("a", None, "2026-03-01T10:00:00Z", "run it"),
        assistant("b", "a", "2026-03-01T10:00:01Z", "m1", [
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}]),
        user("c", "b", "2026-03-01T10:00:02Z", "[Request interrupted by user]"),
        assistant("d", "c", "2026-03-01T10:00:03Z", "m2", [{"type": "text", "text": "ok"}]),
        user("e", "d", "2026-03-01T10:00:04Z", [
            {"type": "tool_result", "tool_use_id": "t1", "content": "late"}]),
    ]
    doc = from_claude_transcript(jsonl(records)).trajectory
    assert validate(doc) == []
    assert doc["steps"][1]["observation"]["results"][0]["content"] == "late"
    assert "observation" not in doc["steps"][3]


# ------------------------------------------------------------------ what validate catches


def test_validate_missing_schema_version(doc: dict[str, Any]) -> None:
    del doc["schema_version"]
    assert validate(doc) == ["schema_version: required"]


def test_validate_unknown_schema_version(doc: dict[str, Any]) -> None:
    doc["schema_version"] = "ATIF-v2.0"
    assert validate(doc) == ["schema_version: 'ATIF-v2.0' is not one of ATIF-v1.0 to "
                             "ATIF-v1.8"]


def test_validate_wrong_source(doc: dict[str, Any]) -> None:
    doc["steps"][0]["source"] = "assistant"
    assert validate(doc) == ["steps[0].source: 'assistant' is not one of system, user, "
                             "agent"]


def test_validate_observation_naming_another_steps_call(doc: dict[str, Any]) -> None:
    # the Bash result moved to the step that made the Read and Grep calls
    moved = doc["steps"][3].pop("observation")
    doc["steps"][1]["observation"]["results"].extend(moved["results"])
    assert validate(doc) == ["steps[1].observation.results[2].source_call_id: 'toolu_bash' "
                             "is not a tool_call_id of step 2"]


def test_validate_non_sequential_step_ids(doc: dict[str, Any]) -> None:
    doc["steps"][2]["step_id"] = 4
    assert validate(doc) == ["steps[2].step_id: expected 3 (sequential from 1), got 4"]


def test_validate_step_ids_start_at_one(doc: dict[str, Any]) -> None:
    for step in doc["steps"]:
        step["step_id"] -= 1
    problems = validate(doc)
    assert problems[0] == "steps[0].step_id: expected 1 (sequential from 1), got 0"
    assert len(problems) == len(doc["steps"])


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.pop("agent"), "agent: required"),
    (lambda d: d["agent"].pop("version"), "agent.version: required"),
    (lambda d: d.__setitem__("steps", []), "steps: must hold at least one step"),
    (lambda d: d["steps"][0].pop("message"),
     "steps[0].message: required (it may be an empty string)"),
    (lambda d: d["steps"][0].__setitem__("reasoning_content", "x"),
     "steps[0].reasoning_content: only an agent step may have it (source is 'user')"),
    (lambda d: d["steps"][1]["tool_calls"][0].__setitem__("arguments", "ls"),
     "steps[1].tool_calls[0].arguments: required, an object (it may be empty)"),
    (lambda d: d["steps"][0].__setitem__("timestamp", "yesterday"),
     "steps[0].timestamp: 'yesterday' is not an ISO 8601 timestamp"),
    (lambda d: d["steps"][0].__setitem__("step_id", True),
     "steps[0].step_id: must be an integer"),
    (lambda d: d["steps"][0].__setitem__("colour", "red"),
     "steps[0].colour: not a field of the ATIF schema (custom data goes in \"extra\")"),
    (lambda d: d["final_metrics"].__setitem__("total_steps", "5"),
     "final_metrics.total_steps: must be an integer"),
])
def test_validate_catches(doc: dict[str, Any], change: Any, expected: str) -> None:
    change(doc)
    assert validate(doc) == [expected]


def test_validate_duplicate_call_ids(doc: dict[str, Any]) -> None:
    doc["steps"][1]["tool_calls"][1]["tool_call_id"] = "toolu_read_test"
    assert validate(doc) == [
        "steps[1].tool_calls[1].tool_call_id: 'toolu_read_test' appears twice in the step",
        "steps[1].observation.results[1].source_call_id: 'toolu_grep' is not a "
        "tool_call_id of step 2",
    ]


def test_validate_catches_what_json_cannot_carry(doc: dict[str, Any]) -> None:
    doc["extra"]["when"] = {1, 2}
    (problem,) = validate(doc)
    assert problem.startswith("the trajectory does not serialise as JSON")


def test_validate_does_not_change_the_document(doc: dict[str, Any]) -> None:
    before = copy.deepcopy(doc)
    validate(doc)
    assert doc == before


def test_validate_a_non_object() -> None:
    assert validate([]) == ["the trajectory is not a JSON object"]  # type: ignore[arg-type]


# ------------------------------------------------------------------- unreadable transcripts


def test_malformed_lines_are_left_out_and_named() -> None:
    records = transcript_records()
    data = (jsonl(records[:3]) + b'{"type": "user", "message": \n' + b"[1, 2]\n"
            + b'{"type": "user\xff"}\n' + jsonl(records[3:]))
    reading = from_claude_transcript(data)
    assert validate(reading.trajectory) == []
    whole = from_claude_transcript(jsonl(records)).trajectory
    assert reading.trajectory["steps"] == whole["steps"]  # everything that parsed is kept
    assert reading.unreadable == ("line 4: not valid JSON (Expecting value at column 29)",
                                  "line 5: not a JSON object",
                                  "line 6: not valid UTF-8 (byte 14)")
    assert reading.warning() == ("3 transcript lines could not be read and were left out: "
                                 + "; ".join(reading.unreadable))


def test_a_warning_names_three_lines_and_counts_the_rest() -> None:
    data = jsonl(transcript_records()) + b"x\n" * 5
    warning = from_claude_transcript(data).warning()
    assert warning is not None
    assert warning.startswith("5 transcript lines could not be read and were left out: line ")
    assert warning.endswith("(and 2 more)")
    assert from_claude_transcript(jsonl(transcript_records())).warning() is None


@pytest.mark.parametrize(("record", "message"), [
    ({"message": {"content": "x"}}, 'line 2: the record has no "type"'),
    ({"type": "user", "message": {"content": 5}},
     'line 2: "message.content" must be a string or a list of blocks'),
    ({"type": "assistant", "message": "hello"},
     'line 2: an assistant record needs a "message" object'),
    ({"type": "assistant", "message": {"id": "m", "content": [
        {"type": "tool_use", "name": "Bash", "input": {}}]}},
     'line 2: content[0]: a tool_use block needs a string "id"'),
    ({"type": "user", "message": {"content": [{"type": "tool_result"}]}},
     'line 2: content[0]: a tool_result block needs a string "tool_use_id"'),
])
def test_records_of_the_wrong_shape_are_left_out_and_named(record: dict[str, Any],
                                                           message: str) -> None:
    first = {"type": "user", "sessionId": SESSION, "message": {"content": "hi"}}
    reading = from_claude_transcript(jsonl([first, record]))
    assert reading.unreadable == (message,)
    assert reading.trajectory["steps"][0]["message"] == "hi"  # the lines before are kept


@pytest.mark.parametrize("data", [b"", b"\n\n  \n"])
def test_empty_transcript(data: bytes) -> None:
    with pytest.raises(InvalidInput, match=r"^the transcript is empty$"):
        from_claude_transcript(data)


def test_transcript_with_nothing_to_make_a_step_of() -> None:
    data = jsonl([{"type": "summary", "summary": "t", "leafUuid": "x"},
                  {"type": "file-history-snapshot", "snapshot": {}}])
    with pytest.raises(AtifError, match="needs at least one step"):
        from_claude_transcript(data)


def test_transcript_without_a_session_id_needs_one() -> None:
    record = {"type": "user", "message": {"content": "hi"}}
    with pytest.raises(AtifError, match="names no sessionId"):
        from_claude_transcript(jsonl([record]))
    doc = from_claude_transcript(jsonl([record]), session_id="s1").trajectory
    assert validate(doc) == []
    assert doc["agent"]["version"] == "unknown"
    assert "timestamp" not in doc["steps"][0]
