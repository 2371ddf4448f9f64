"""``git ledger check --hook stop``: one prompt is sent back at most once, whatever the
agent says about it.

``stop_hook_active`` alone does not hold the line: Gemini CLI 0.61 sends it true only
when the retry was a single response, and false again after a retry in which the model
used a tool (seen in ``tests/agents/test_stop.py``), so an agent whose attempts fail would
be sent back after every one.  The hook remembers, in the worktree's git dir, the prompt
it last sent back per session (Codex ``turn_id``, Claude Code ``prompt_id``, Gemini
``prompt``).  The payloads here are the ones the real clients were seen to send.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gitledger.integrations.hook_io import HookResult
from gitledger.integrations.stop_hook import run_stop_check
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import STOP_MARK_FILE

PROMPT = "<hook_context># git ledger: …</hook_context>\n\nwe are done"


def gemini(cwd: Path, response: str, *, active: bool = False, prompt: str = PROMPT,
           session: str = "d7e07bc9-gemini") -> dict[str, Any]:
    return {"session_id": session, "transcript_path": "/home/ada/.gemini/tmp/chats/s.jsonl",
            "cwd": str(cwd), "hook_event_name": "AfterAgent",
            "timestamp": "2026-12-01T13:12:32.874Z", "prompt": prompt,
            "prompt_response": response, "stop_hook_active": active}


def claude(cwd: Path, prompt_id: str, *, active: bool = False) -> dict[str, Any]:
    return {"session_id": "111e2343-claude", "transcript_path": "/home/ada/t.jsonl",
            "cwd": str(cwd), "prompt_id": prompt_id, "permission_mode": "default",
            "effort": {"level": "medium"}, "hook_event_name": "Stop",
            "stop_hook_active": active, "last_assistant_message": "All done.",
            "background_tasks": [], "session_crons": []}


def codex(cwd: Path, turn_id: str, *, active: bool = False) -> dict[str, Any]:
    return {"session_id": "01a231bc-codex", "turn_id": turn_id, "transcript_path": None,
            "cwd": str(cwd), "hook_event_name": "Stop", "model": "gpt-5-codex",
            "permission_mode": "bypassPermissions", "stop_hook_active": active,
            "last_assistant_message": "All done."}


def stop(agent: str, payload: dict[str, Any]) -> HookResult:
    return run_stop_check(agent, json.dumps(payload).encode(), {})


def sent_back(result: HookResult) -> bool:
    assert result.stderr == "", result.stderr
    if not result.stdout:
        return False
    assert "git ledger check found 1 error" in json.loads(result.stdout)["reason"]
    return True


@pytest.fixture
def failing(repo_with_commit: Path) -> Path:
    """A ledger whose check fails: a decision revives the alternative another rejected."""
    ledger = Ledger.open(repo_with_commit)
    ledger.decide("use sqlite", over=["postgres"], because="one file")
    ledger.decide("postgres", because="more features")
    return repo_with_commit


def test_a_gemini_retry_that_used_a_tool_is_not_sent_back_again(failing: Path) -> None:
    assert sent_back(stop("gemini", gemini(failing, "All done.")))
    # The retry ran a command and fixed nothing; Gemini says stop_hook_active: false.
    assert not sent_back(stop("gemini", gemini(failing, "All done.\nNot fixed.")))
    assert not sent_back(stop("gemini", gemini(failing, "All done.\nNot fixed.\nStill.")))


def test_the_next_prompt_and_another_session_are_sent_back(failing: Path) -> None:
    assert sent_back(stop("gemini", gemini(failing, "All done.")))
    assert sent_back(stop("gemini", gemini(failing, "Done.", prompt="and the docs")))
    assert sent_back(stop("gemini", gemini(failing, "All done.", session="another")))
    # Each session remembers its own last prompt.
    assert not sent_back(stop("gemini", gemini(failing, "Done, again.", prompt="and the docs")))


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_prompt_is_sent_back_once_even_when_stop_hook_active_stays_false(
        failing: Path, agent: str) -> None:
    # anthropics/claude-code#54360: stop_hook_active can stay false between attempts.
    payload = claude if agent == "claude" else codex
    assert sent_back(stop(agent, payload(failing, "p-1")))
    assert not sent_back(stop(agent, payload(failing, "p-1")))
    assert not sent_back(stop(agent, payload(failing, "p-1", active=True)))
    assert sent_back(stop(agent, payload(failing, "p-2")))


def test_the_mark_holds_digests_only_and_a_broken_one_is_replaced(failing: Path) -> None:
    mark = failing / ".git" / STOP_MARK_FILE
    mark.write_text("{not json")
    assert sent_back(stop("gemini", gemini(failing, "All done.")))
    text = mark.read_text()
    assert "we are done" not in text
    assert "gemini" not in text
    assert len(json.loads(text)) == 1
    assert not sent_back(stop("gemini", gemini(failing, "All done.\nNot fixed.")))


def test_a_payload_naming_no_prompt_relies_on_stop_hook_active(failing: Path) -> None:
    payload = {k: v for k, v in claude(failing, "p-1").items() if k != "prompt_id"}
    assert sent_back(stop("claude", payload))
    assert sent_back(stop("claude", payload))
    assert not sent_back(stop("claude", {**payload, "stop_hook_active": True}))
    assert not (failing / ".git" / STOP_MARK_FILE).exists()


def test_a_clean_ledger_writes_no_mark(repo_with_commit: Path) -> None:
    Ledger.open(repo_with_commit).set_task("pick the storage")
    assert not sent_back(stop("gemini", gemini(repo_with_commit, "All done.")))
    assert not (repo_with_commit / ".git" / STOP_MARK_FILE).exists()
