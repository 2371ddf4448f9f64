"""The agent suite's own parts, without a client: the scripted server answers each dialect
as its client expects, and a machine without node is one clear failure, never a skip."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.agents import clients
from tests.agents.model_server import DONE_TEXT, ModelServer, Reply


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_anthropic_turns_take_the_script_and_side_requests_do_not() -> None:
    with ModelServer([Reply.shell("git ledger show"), Reply(text="bye")]) as server:
        side = post(f"{server.url}/v1/messages", {"messages": [], "tools": []})
        turn = post(f"{server.url}/v1/messages", {"messages": [], "tools": [{"name": "Bash"}]})
        last = post(f"{server.url}/v1/messages", {"messages": [], "tools": [{"name": "Bash"}]})
        after = post(f"{server.url}/v1/messages", {"messages": [], "tools": [{"name": "Bash"}]})
    assert side["content"][0]["text"] == "ok"
    (call,) = turn["content"]
    assert (call["type"], call["name"], call["input"]["command"]) == (
        "tool_use", "Bash", "git ledger show")
    assert turn["stop_reason"] == "tool_use"
    assert last["content"][0]["text"] == "bye"
    assert after["content"][0]["text"] == DONE_TEXT
    assert [r.turn for r in server.requests] == [False, True, True, True]


def test_codex_gets_its_shell_tool_without_a_login_shell() -> None:
    with ModelServer([Reply.shell("true")]) as server:
        answer = post(f"{server.url}/v1/responses",
                      {"input": [], "tools": [{"name": "exec_command"}]})
    (item,) = answer["output"]
    assert item["name"] == "exec_command"
    assert json.loads(item["arguments"]) == {"cmd": "true", "login": False}


def test_gemini_router_questions_get_json_of_the_asked_shape() -> None:
    schema = {"type": "OBJECT", "properties": {
        "complexity_reasoning": {"type": "STRING"}, "complexity_score": {"type": "INTEGER"}}}
    with ModelServer([Reply(text="scripted")]) as server:
        routed = post(f"{server.url}/v1beta/models/flash:generateContent",
                      {"generationConfig": {"responseMimeType": "application/json",
                                            "responseJsonSchema": schema},
                       "tools": [{"functionDeclarations": [{"name": "run_shell_command"}]}]})
    text = routed["candidates"][0]["content"]["parts"][0]["text"]
    assert json.loads(text) == {"complexity_reasoning": "flash", "complexity_score": 1}
    assert server.script  # the router took no scripted reply


def test_each_client_edits_through_its_own_file_tool() -> None:
    edit = Reply.edit("/p/src/store.py", "x = 1", "x = 10")
    with ModelServer([edit, edit, edit, Reply.write("/p/new.py", "a = 1\n")]) as server:
        claude = post(f"{server.url}/v1/messages", {"messages": [], "tools": [{"name": "Bash"}]})
        codex = post(f"{server.url}/v1/responses",
                     {"input": [], "tools": [{"type": "custom", "name": "apply_patch"}]})
        gemini = post(f"{server.url}/v1beta/models/flash:generateContent",
                      {"tools": [{"functionDeclarations": [{"name": "replace"}]}]})
        written = post(f"{server.url}/v1/responses",
                       {"input": [], "tools": [{"type": "function", "name": "apply_patch"}]})
    (call,) = claude["content"]
    assert (call["name"], call["input"]) == ("Edit", {
        "file_path": "/p/src/store.py", "old_string": "x = 1", "new_string": "x = 10"})
    (item,) = codex["output"]
    assert (item["type"], item["name"]) == ("custom_tool_call", "apply_patch")
    assert item["input"] == ("*** Begin Patch\n*** Update File: /p/src/store.py\n@@\n"
                             "-x = 1\n+x = 10\n*** End Patch\n")
    replace = gemini["candidates"][0]["content"]["parts"][0]["functionCall"]
    assert replace["name"] == "replace"
    assert replace["args"]["file_path"] == "/p/src/store.py"
    assert (replace["args"]["old_string"], replace["args"]["new_string"]) == ("x = 1", "x = 10")
    (item,) = written["output"]
    assert (item["type"], item["name"]) == ("function_call", "apply_patch")
    assert json.loads(item["arguments"])["input"] == (
        "*** Begin Patch\n*** Add File: /p/new.py\n+a = 1\n*** End Patch\n")


def test_no_node_is_one_line_saying_so(monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # neither node nor npm here
    with pytest.raises(clients.ClientMissing, match="needs node on PATH") as failure:
        clients.install(clients.CLAUDE)
    assert "\n" not in str(failure.value)


#: What npm printed when a postinstall script's own npm failed (@kilocode/cli@7.8.1): its
#: last line points at a log that the install removes with its download cache.
NPM_POSTINSTALL_FAILURE = """npm error code 1
npm error command sh -c node ./postinstall.mjs
npm error npm error notarget No matching version found for @kilocode/cli-linux-x64@7.8.1.
npm error npm error A complete log of this run can be found in: /c/.npm/_logs/1-debug-0.log
npm error Failed to setup kilo binary: It seems your package manager failed to install it
npm error A complete log of this run can be found in: /c/.npm/_logs/0-debug-0.log
"""


def fake_npm(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, npm: str) -> None:
    """``node`` that does nothing and ``npm`` running the shell line ``npm``, alone on
    PATH with the system's tools, and the clients' cache under ``tmp_path``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool, script in (("node", "exit 0"), ("npm", npm)):
        (bin_dir / tool).write_text(f"#!/bin/sh\n{script}\n")
        (bin_dir / tool).chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setattr(clients, "CACHE_ROOT", tmp_path / "cache")


def test_a_failed_install_names_npms_reason_not_its_removed_log(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "stderr.txt").write_text(NPM_POSTINSTALL_FAILURE)
    fake_npm(monkeypatch, tmp_path, f"cat {tmp_path / 'stderr.txt'} >&2; exit 1")
    with pytest.raises(clients.ClientMissing) as failure:
        clients.install(clients.KILO)
    message = str(failure.value)
    assert "Failed to setup kilo binary" in message, message
    assert "complete log" not in message
    assert "\n" not in message


def sse_data(url: str, body: dict[str, Any]) -> list[str]:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.headers["Content-Type"] == "text/event-stream"
        text = answer.read().decode()
    return [line.removeprefix("data: ") for line in text.split("\n\n") if line]


CHAT_TOOLS = [{"type": "function", "function": {"name": "run_shell_command",
                                                 "parameters": {"type": "object"}}}]


def test_openai_chat_completions_whole_and_streamed() -> None:
    with ModelServer([Reply.shell("git ledger show"), Reply(text="bye"),
                      Reply.shell("true")]) as server:
        url = f"{server.url}/v1/chat/completions"
        side = post(url, {"messages": [{"role": "user", "content": "title?"}]})
        turn = post(url, {"messages": [], "tools": CHAT_TOOLS})
        streamed = sse_data(url, {"messages": [], "tools": CHAT_TOOLS, "stream": True,
                                  "stream_options": {"include_usage": True}})
        called = sse_data(url, {"messages": [], "tools": CHAT_TOOLS, "stream": True})
    assert side["choices"][0]["message"]["content"] == "ok"
    (choice,) = turn["choices"]
    assert choice["finish_reason"] == "tool_calls"
    (call,) = choice["message"]["tool_calls"]
    assert call["function"]["name"] == "run_shell_command"
    assert json.loads(call["function"]["arguments"]) == {"command": "git ledger show"}
    assert streamed[-1] == "[DONE]"
    chunks = [json.loads(c) for c in streamed[:-1]]
    assert "".join(c["choices"][0]["delta"].get("content") or ""
                   for c in chunks if c["choices"]) == "bye"
    assert chunks[-1]["usage"]["prompt_tokens"] == 1_000
    deltas = [json.loads(c)["choices"][0] for c in called[:-1]]
    (tool,) = [d["delta"]["tool_calls"][0] for d in deltas if "tool_calls" in d["delta"]]
    assert (tool["index"], tool["function"]["name"]) == (0, "run_shell_command")
    assert deltas[-1]["finish_reason"] == "tool_calls"
    assert [r.turn for r in server.requests] == [False, True, True, True]


def test_a_chat_compaction_summary_is_a_side_request_reporting_the_whole_context() -> None:
    """Qwen Code's first summary request offers the session's tools, and its compaction
    fails unless the summary's reported input covers the context the script made."""
    with ModelServer([Reply.shell("true", input_tokens=900_000), Reply(text="after")]) as server:
        url = f"{server.url}/v1/chat/completions"
        post(url, {"messages": [], "tools": CHAT_TOOLS})
        summary = post(url, {"messages": [{"role": "user", "content": [
            {"type": "text", "text": "Then, produce the <state_snapshot> XML."}]}],
            "tools": CHAT_TOOLS})
        after = post(url, {"messages": [], "tools": CHAT_TOOLS})
    assert summary["choices"][0]["message"]["content"] == "ok"
    assert summary["usage"]["prompt_tokens"] == 900_000
    assert after["choices"][0]["message"]["content"] == "after"
    assert [r.turn for r in server.requests] == [True, False, True]


def copilot_tool(name: str, *params: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "parameters": {
        "type": "object", "properties": {p: {"type": "string"} for p in params}}}}


def test_copilots_compaction_tools_and_mcp_spelling_in_chat_completions() -> None:
    """GitHub Copilot CLI's chat requests: its compaction request offers every tool yet is a
    side request; its ``edit`` and ``create`` take ``path``, ``old_str``, ``new_str`` and
    ``file_text``; its MCP tools are ``git-ledger-decide`` (no ``mcp`` prefix)."""
    tools = [copilot_tool("bash", "command"), copilot_tool("edit", "path", "old_str", "new_str"),
             copilot_tool("create", "path", "file_text"), copilot_tool("git-ledger-decide")]
    compacting = {"role": "user", "content": "Please create a detailed summary of the "
                  "conversation so far. The history is being compacted so moving forward…"}
    with ModelServer([Reply.edit("/p/a.py", "x = 1", "x = 2"), Reply.write("/p/b.py", "y\n"),
                      Reply.mcp("git-ledger", "decide", text="use sqlite")]) as server:
        url = f"{server.url}/v1/chat/completions"
        summary = post(url, {"messages": [compacting], "tools": tools})
        calls = [post(url, {"messages": [], "tools": tools})["choices"][0]["message"]
                 ["tool_calls"][0]["function"] for _ in range(3)]
    assert summary["choices"][0]["message"]["content"] == "ok"
    assert [r.turn for r in server.requests] == [False, True, True, True]
    assert [(c["name"], json.loads(c["arguments"])) for c in calls] == [
        ("edit", {"path": "/p/a.py", "old_str": "x = 1", "new_str": "x = 2"}),
        ("create", {"path": "/p/b.py", "file_text": "y\n"}),
        ("git-ledger-decide", {"text": "use sqlite"})]


def test_droids_required_shell_fields_and_deferred_mcp_tools_in_chat_completions() -> None:
    """Factory Droid's chat requests: its shell, ``Execute``, requires a summary and a risk
    level beside the command; its MCP tools are deferred, named in a "Deferred tools:"
    reminder (``git-ledger___decide``) and loaded with ``ToolSearch`` before the call."""
    execute = {"type": "function", "function": {"name": "Execute", "parameters": {
        "type": "object", "required": ["summary", "command", "riskLevel"], "properties": {
            "summary": {"type": "string", "pattern": "^[A-Z]\\S*(?:\\s+\\S+){2,7}$"},
            "command": {"type": "string"}, "timeout": {"type": "number"},
            "riskLevel": {"type": "string", "enum": ["low", "medium", "high"]}}}}}
    tools = [execute, copilot_tool("ToolSearch", "query")]
    reminder = {"role": "user", "content": [{"type": "text", "text": (
        "<system-reminder>\nDeferred tools:\nWebSearch\ngit-ledger___decide\n"
        "</system-reminder>")}]}
    with ModelServer([Reply.shell("true"),
                      Reply.mcp("git-ledger", "decide", text="use sqlite")]) as server:
        url = f"{server.url}/v1/chat/completions"
        calls = [post(url, {"messages": [reminder], "tools": offered})["choices"][0]
                 ["message"]["tool_calls"][0]["function"]
                 for offered in (tools, tools, [*tools, copilot_tool("git-ledger___decide")])]
    assert [(c["name"], json.loads(c["arguments"])) for c in calls] == [
        ("Execute", {"command": "true", "summary": "Run the scripted command",
                     "riskLevel": "low"}),
        ("ToolSearch", {"query": "select:git-ledger___decide"}),
        ("git-ledger___decide", {"text": "use sqlite"})]
    assert not server.script


def test_clines_shell_and_editor_in_chat_completions() -> None:
    """Cline CLI's ``run_commands`` takes a list of command lines, its ``editor`` a path,
    ``old_text`` and ``new_text`` (and no ``old_text`` to create a file)."""
    editor = {"type": "object", "properties": {"path": {}, "old_text": {}, "new_text": {},
                                               "insert_line": {}}}
    tools = [{"type": "function", "function": {"name": "run_commands",
                                               "parameters": {"type": "object"}}},
             {"type": "function", "function": {"name": "editor", "parameters": editor}}]
    with ModelServer([Reply.shell("git ledger show"),
                      Reply.edit("/p/store.py", "x = 1", "x = 10"),
                      Reply.write("/p/new.py", "a = 1\n")]) as server:
        url = f"{server.url}/v1/chat/completions"
        calls = [post(url, {"messages": [], "tools": tools})["choices"][0]["message"]
                 ["tool_calls"][0]["function"] for _ in range(3)]
    assert [(c["name"], json.loads(c["arguments"])) for c in calls] == [
        ("run_commands", {"commands": ["git ledger show"]}),
        ("editor", {"path": "/p/store.py", "old_text": "x = 1", "new_text": "x = 10"}),
        ("editor", {"path": "/p/new.py", "new_text": "a = 1\n"}),
    ]


def test_a_client_that_does_not_install_is_tried_once_a_run(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each test of a client whose install failed ran npm again (up to its timeout each);
    now the first failure is remembered for the run, in this process and, under xdist,
    for the other workers, and every later test fails at once with the same reason."""
    calls = tmp_path / "calls"
    fake_npm(monkeypatch, tmp_path,
             f"echo x >> {calls}; echo 'npm error 404 Not Found - nothing here' >&2; exit 1")
    monkeypatch.setattr(clients, "RUN_ID", "run-1", raising=False)
    monkeypatch.setattr(clients, "_FAILED", {}, raising=False)
    reasons = []
    for _ in range(3):
        with pytest.raises(clients.ClientMissing) as failure:
            clients.install(clients.OMP)
        reasons.append(str(failure.value))
    assert "404 Not Found" in reasons[0], reasons
    assert len(set(reasons)) == 1, reasons
    assert calls.read_text().count("x") == 1
    # Another worker of the same run (nothing in its memory) reads the failure...
    monkeypatch.setattr(clients, "_FAILED", {}, raising=False)
    with pytest.raises(clients.ClientMissing, match="404 Not Found"):
        clients.install(clients.OMP)
    assert calls.read_text().count("x") == 1
    # ...and the next run tries again.
    monkeypatch.setattr(clients, "_FAILED", {}, raising=False)
    monkeypatch.setattr(clients, "RUN_ID", "run-2", raising=False)
    with pytest.raises(clients.ClientMissing, match="404 Not Found"):
        clients.install(clients.OMP)
    assert calls.read_text().count("x") == 2
