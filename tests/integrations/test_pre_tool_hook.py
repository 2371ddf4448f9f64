"""``git ledger hook pre-tool-use``: an agent's tool call in, the decisions that govern its
target out, in the agent's envelope; never a block, never an error for the agent.

Real repositories with real ledgers: the decisions are written through ``Ledger`` and get
their ``paths`` and ``footprint`` by a raw ledger write (the commands that set them are
another part of issue 20's).
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import Change, Entry
from gitledger.integrations.agent_registry import AGENTS, BY_NAME
from gitledger.integrations.pre_tool_hook import run_pre_tool_use
from gitledger.ledger.operations import Ledger
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.layout import TOLD_FILE
from tests.conftest import git

POOL = "".join(f"line {i}\n" for i in range(1, 51))


def setup_repo(repo: Path) -> str:
    (repo / "src" / "db").mkdir(parents=True)
    (repo / "src" / "db" / "pool.py").write_text(POOL)
    (repo / "src" / "other.py").write_text("x = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    return git(repo, "rev-parse", "HEAD").strip()


def govern(repo: Path, entry_id: str, *, project: bool = False, **fields: Any) -> Entry:
    """Give entry ``entry_id`` ``paths`` / ``footprint`` (a raw write of its blob)."""
    reader = LedgerReader.open(repo, project=project, session="")
    entry = dataclasses.replace(reader.get(entry_id), **fields)

    def operation(view: object) -> tuple[Change, None]:
        return Change("edit", (), {entry_path(entry.id): encode_entry(entry)}), None
    assert reader.ref is not None
    reader.store.update(reader.ref, operation, retry_seconds=10)
    return entry


def decide(repo: Path, text: str, *, project: bool = False, **fields: Any) -> Entry:
    ledger = Ledger.open(repo, project=project, session="")
    result = ledger.decide(text, over=fields.pop("over", ()), because=fields.pop("because", None))
    assert result.entry is not None
    return govern(repo, result.entry.id, project=project, **fields)


def claude_edit(repo: Path, path: str, old: str, session: str = "sess-1") -> dict[str, Any]:
    return {"session_id": session, "transcript_path": "/nowhere.jsonl", "cwd": str(repo),
            "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": str(repo / path), "old_string": old,
                           "new_string": "changed"}}


def run(agent: str, payload: Any, repo: Path) -> tuple[str, str]:
    stdin = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    result = run_pre_tool_use(agent, stdin, {}, cwd=repo)
    assert result.exit_code == 0
    return result.stdout, result.stderr


def context(stdout: str, agent: str = "claude") -> str:
    document = json.loads(stdout)
    if agent == "cursor":
        assert set(document) == {"additional_context"}
        return str(document["additional_context"])
    assert set(document) == {"hookSpecificOutput"}
    inner = document["hookSpecificOutput"]
    assert set(inner) == {"hookEventName", "additionalContext"}
    assert inner["hookEventName"] == BY_NAME[agent].events["pre-tool-use"]
    return str(inner["additionalContext"])


@pytest.fixture
def pool(repo: Path) -> tuple[Path, Entry]:
    head = setup_repo(repo)
    entry = decide(repo, "Use one pooled connection per worker",
                   over=("a connection per request",),
                   because="it exhausted the server at 200 users",
                   footprint=(f"{head} 10-20 src/db/pool.py",))
    return repo, entry


def test_claude_edit_of_footprint_lines_is_told_the_decision(pool: tuple[Path, Entry]) -> None:
    repo, entry = pool
    stdout, stderr = run("claude", claude_edit(repo, "src/db/pool.py", "line 12\nline 13\n"),
                         repo)
    text = context(stdout)
    assert stderr == ""
    assert entry.id in text
    assert "Use one pooled connection per worker" in text
    assert "a connection per request" in text
    assert "it exhausted the server at 200 users" in text
    assert "accepted" in text
    assert "lines 12-13" in text
    assert len(text) <= 1500
    assert "permissionDecision" not in stdout
    assert "deny" not in stdout


def test_an_edit_outside_the_footprint_lines_is_not_told(pool: tuple[Path, Entry]) -> None:
    repo, _ = pool
    # Lines 40-41 are outside the footprint's 10-20: a footprint names lines, and the edit
    # does too, so they must share one.
    stdout, _ = run("claude", claude_edit(repo, "src/db/pool.py", "line 40\nline 41\n"), repo)
    assert stdout == ""


def test_an_ungoverned_file_prints_nothing(pool: tuple[Path, Entry]) -> None:
    repo, _ = pool
    assert run("claude", claude_edit(repo, "src/other.py", "x = 1"), repo) == ("", "")


def test_each_decision_once_per_session_unless_it_changed(pool: tuple[Path, Entry]) -> None:
    repo, entry = pool
    payload = claude_edit(repo, "src/db/pool.py", "line 15\n")
    assert entry.id in context(run("claude", payload, repo)[0])
    assert run("claude", payload, repo) == ("", "")
    assert (Path(git(repo, "rev-parse", "--absolute-git-dir").strip()) / TOLD_FILE).exists()
    # Another session is told again.
    other = claude_edit(repo, "src/db/pool.py", "line 15\n", session="sess-2")
    assert entry.id in context(run("claude", other, repo)[0])
    # The decision changes: the first session is told again.
    govern(repo, entry.id, because="it exhausted the server at 150 users")
    assert "150 users" in context(run("claude", payload, repo)[0])


@pytest.mark.parametrize("payload", [
    b"", b"not json", b"[1, 2]", b"{\"tool_name\": 3}", b"\xff\xfe",
    b"{" * 5000, b" " * (2 << 20),
])
def test_a_bad_payload_prints_nothing(pool: tuple[Path, Entry], payload: bytes) -> None:
    repo, _ = pool
    assert run("claude", payload, repo) == ("", "")


@pytest.mark.parametrize("tool_input", [
    {}, {"file_path": 7}, {"file_path": ""}, {"file_path": "/etc/passwd", "old_string": "r"},
    {"file_path": "../outside.py"}, {"file_path": "src/db/gone.py", "old_string": "x"},
    {"file_path": "src/db", "old_string": "x"}, {"file_path": ".git/config", "old_string": "["},
    {"file_path": "src/db/pool.py\u0000x", "old_string": "line"},
])
def test_a_bad_path_prints_nothing(pool: tuple[Path, Entry], tool_input: dict[str, Any]) -> None:
    repo, _ = pool
    payload = {**claude_edit(repo, "src/db/pool.py", "x"), "tool_input": tool_input}
    assert run("claude", payload, repo) == ("", "")


def test_a_binary_file_prints_nothing(repo: Path) -> None:
    setup_repo(repo)
    (repo / "src" / "db" / "blob.bin").write_bytes(b"\x00\x01line 1\n")
    decide(repo, "Keep the blob format", paths=("src/db/**",))
    payload = {**claude_edit(repo, "src/db/blob.bin", "line 1"),
               "tool_name": "Write", "tool_input": {"file_path": "src/db/blob.bin",
                                                   "content": "x"}}
    assert run("claude", payload, repo) == ("", "")


def test_not_a_repository_prints_nothing(tmp_path: Path) -> None:
    payload = {"cwd": str(tmp_path), "tool_name": "Write",
               "tool_input": {"file_path": str(tmp_path / "a.py"), "content": ""}}
    assert run("claude", payload, tmp_path) == ("", "")


def test_the_cli_runs_it_in_process(pool: tuple[Path, Entry]) -> None:
    repo, entry = pool
    payload = json.dumps(claude_edit(repo, "src/db/pool.py", "line 11\n"))
    result = CliRunner().invoke(cli, ["hook", "pre-tool-use", "--agent", "claude"],
                                input=payload, catch_exceptions=False)
    assert result.exit_code == 0
    assert entry.id in context(result.output.strip())
    again = CliRunner().invoke(cli, ["hook", "pre-tool-use", "--agent", "claude"],
                               input=payload, catch_exceptions=False)
    assert (again.exit_code, again.output) == (0, "")


@pytest.mark.parametrize("agent", AGENTS)
def test_every_agent_gets_its_envelope(pool: tuple[Path, Entry], agent: str) -> None:
    repo, entry = pool
    spec = BY_NAME[agent]
    tool = next(name for name, shape in spec.tools.items() if shape.kind == "shell")
    payload = {"session_id": f"s-{agent}", "cwd": str(repo), "tool_name": tool,
               "tool_input": {"command": "echo more >> src/db/pool.py"}}
    if agent == "cursor":
        payload = {"conversation_id": "c-1", "workspace_roots": [str(repo)],
                   "tool_name": tool, "tool_input": {"command": "echo > src/db/pool.py"}}
    assert entry.id in context(run(agent, payload, repo)[0], agent)


def test_it_never_depends_on_the_process_directory(pool: tuple[Path, Entry],
                                                   tmp_path: Path) -> None:
    repo, entry = pool
    os.chdir(tmp_path)
    payload = claude_edit(repo, "src/db/pool.py", "line 12\n")
    payload["tool_input"]["file_path"] = "src/db/pool.py"  # relative to the payload's cwd
    assert entry.id in context(run("claude", payload, tmp_path)[0])
