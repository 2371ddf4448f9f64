"""The real clients, against the scripted model: what reaches the model, and what lands in
the ledger, at startup and when the model's shell tool writes to the ledger (one run a client
proves both, and is the owner's session of the second-session and resume tests:
``shared_sessions``)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import pytest

from tests.agents.conftest import Outcome, SharedRuns, World, one_worker
from tests.agents.model_server import Reply, json_strings

pytestmark = pytest.mark.slow


def whole_block(seen: str) -> str:
    """The newest restore block in what the model was sent, checked whole by its canary:
    the canary is the hash of the block above it, so a block cut or altered on the way
    fails.  (A resumed conversation also holds the blocks of its earlier starts.)"""
    text = json.loads(seen) if seen.startswith("{") else seen
    blocks = [s for s in json_strings(text) if "ledger-canary: " in s]
    assert blocks, f"no restore block reached the model: {seen[:3000]}"
    found = blocks[-1]
    start = found.index("# git ledger:")
    body, _, rest = found[start:].partition("\nledger-canary: ")
    assert hashlib.sha256(body.encode()).hexdigest()[:10] == rest[:10], found
    return body


def session_of(world: World) -> str:
    session = world.ledger_json("show")["ledger"]["session_id"]
    assert session, "the client's SessionStart claimed the ledger for its session"
    return str(session)


#: Every client the startup and shell-write scenarios run in: one run proves both.
CLIENTS = one_worker("sessions", ["claude", "codex", "gemini", "pi", "qwen", "copilot",
                                  "opencode", "kilo", "droid", "cline", "omp"])
TASK = "make the parser stream"


@dataclass(frozen=True)
class Sessions:
    #: The owner's session: started on a ledger with a TASK and a NEXT, its model decides
    #: through the client's shell tool.
    first: Outcome
    owner: str
    #: A second session in the same worktree, after the first ended.
    second: Outcome
    #: Whose the ledger is once the second session has ended.
    owner_after: str


def _sessions(world: World) -> Sessions:
    world.ledger("task", TASK, "--next", "write the tokenizer test")
    first = world.run("decide the storage", [
        Reply.shell("git ledger decide 'use sqlite' --over postgres --because 'one file'"),
        Reply(text="Recorded."),
    ])
    assert first.rc == 0, first.describe()
    owner = session_of(world)
    second = world.run("something else", [Reply(text="Noted.")])
    return Sessions(first, owner, second, session_of(world))


def shared_sessions(world: World, shared_run: SharedRuns) -> tuple[World, Sessions]:
    """Two sessions, the owner's then another, run once per client (xdist group
    ``sessions-NAME``): read by the startup, shell-write and second-session tests, and
    the resume test resumes the owner's."""
    return shared_run.get("sessions", world, _sessions)


@pytest.fixture
def started(world: World, shared_run: SharedRuns) -> tuple[World, Outcome]:
    world, sessions = shared_sessions(world, shared_run)
    return world, sessions.first


@pytest.mark.scenario("startup")
@pytest.mark.parametrize("world", CLIENTS, indirect=True)
def test_startup_puts_the_restore_block_in_the_models_context(
        started: tuple[World, Outcome]) -> None:
    world, outcome = started
    assert outcome.rc == 0, outcome.describe()
    block = whole_block(outcome.seen(0))
    assert "restored after startup" in block
    assert f"TASK: {TASK}" in block
    assert "NEXT: write the tokenizer test" in block
    assert session_of(world)  # and the session that started owns the ledger now


@pytest.mark.scenario("shell-write")
@pytest.mark.parametrize("world", CLIENTS, indirect=True)
def test_a_decision_made_through_the_shell_tool_lands_attributed(
        started: tuple[World, Outcome]) -> None:
    world, outcome = started
    assert outcome.rc == 0, outcome.describe()
    assert outcome.unused == 0, outcome.describe()
    shown = world.ledger_json("show")
    decisions = [e for e in shown["entries"] if e["kind"] == "decided"]
    assert [d["text"] for d in decisions] == ["use sqlite"], outcome.describe()
    session = decisions[0]["session"]
    assert session, "the write carries the agent's session id"
    assert shown["ledger"]["session_id"] == session
    # The tool's output (the new id) went back to the model with the next turn.
    assert decisions[0]["id"] in outcome.seen(1)
