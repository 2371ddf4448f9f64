"""The Stop hook in the real clients: ``git ledger check --hook stop`` runs when the
model's turn ends (Claude Code's and Codex's ``Stop``, Gemini CLI's ``AfterAgent``).

A ledger whose ``check`` fails sends the agent back once, with the errors and their fixes
as the next thing the model reads; the model's fix (``git ledger reject …``) makes the
check pass and the agent stops; a second stop in the same prompt is let go even when the
errors are still there; a ledger that passes lets the agent stop at once.

What the clients were seen to send (a spy handler beside ours records the payloads):

- Claude Code 2.1.332: ``session_id``, ``transcript_path``, ``cwd``, ``prompt_id``,
  ``permission_mode``, ``effort``, ``hook_event_name: "Stop"``, ``stop_hook_active``,
  ``last_assistant_message``, ``background_tasks``, ``session_crons``.  The reason
  reaches the model twice in the next request: as "Stop hook feedback" in a user message
  and as a "Stop hook blocking error" system message.  ``stop_hook_active`` is true on
  the stop after a block.
- Codex CLI 0.171.0: ``session_id``, ``turn_id``, ``transcript_path``, ``cwd``,
  ``hook_event_name: "Stop"``, ``model``, ``permission_mode``, ``stop_hook_active``,
  ``last_assistant_message``; the reason comes back as a user message wrapped in
  ``<hook_prompt hook_run_id="stop:…">``, the turn id stays the same.
- Gemini CLI 0.61.0: ``session_id``, ``transcript_path``, ``cwd``,
  ``hook_event_name: "AfterAgent"``, ``timestamp``, ``prompt`` (the user's prompt, with
  the SessionStart context in front of it), ``prompt_response`` (every response of the
  prompt so far, joined by newlines) and ``stop_hook_active``.  The reason is the text of
  a new user message.  ``stop_hook_active`` is true only when the retry was a single
  response: a retry in which the model used a tool ends with ``stop_hook_active: false``,
  so the loop protection cannot rest on it alone (the hook also remembers the prompt it
  sent back, see ``gitledger/integrations/stop_hook.py``).
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from gitledger.integrations.agent_registry import BY_NAME as AGENT_BY_NAME
from tests.agents.conftest import World
from tests.agents.model_server import Reply

pytestmark = [pytest.mark.slow, pytest.mark.scenario("stop"),
              pytest.mark.parametrize("world",
                                      ["claude", "codex", "gemini", "pi", "qwen", "copilot",
                                       "opencode", "droid", "kilo", "omp"],
                                      indirect=True)]

REASON = "git ledger check found 1 error in the ledger"


def failing_ledger(world: World) -> str:
    """A ledger whose ``check`` fails: an accepted decision repeats the alternative an
    earlier one rejected (rule ``revived-alternative``).  Returns that decision's id."""
    world.ledger("task", "pick the storage")
    world.ledger("decide", "use sqlite", "--over", "postgres", "--because", "one file")
    revived = world.ledger("decide", "postgres", "--because", "more features").strip()
    assert_check(world, passes=False)
    return revived


def assert_check(world: World, *, passes: bool) -> None:
    done = world.ledger_result("check", "--json")
    report = json.loads(done.stdout)
    assert report["ok"] is passes, report
    assert (done.returncode == 0) is passes, done


def stops(world: World, since: int = 0) -> list[dict[str, Any]]:
    """The stop payloads the client sent, from the ``since``-th on (a plugin client's spy
    also records the harness's own calls of the hook, which come through its ``PATH``)."""
    payloads = world.spied("stop")[since:]
    event = AGENT_BY_NAME[world.client.name].events["stop"]
    assert all(p["hook_event_name"] == event for p in payloads), payloads
    return payloads


def test_a_failing_check_sends_the_agent_back_once_and_its_fix_lets_it_stop(
        world: World) -> None:
    revived = failing_ledger(world)
    world.spy("stop")
    outcome = world.run("we are done", [
        Reply(text="All done."),
        Reply.shell(f"git ledger reject {revived} --why 'repeats the rejected postgres'"),
        Reply(text="Fixed the ledger."),
    ])
    assert outcome.rc == 0, outcome.describe()
    assert outcome.unused == 0, outcome.describe()
    # One block: the model's stop, its fix, its second stop; no fourth turn.
    assert len(outcome.turns()) == 3, outcome.describe()
    assert REASON not in outcome.seen(0)
    sent_back = outcome.seen(1)
    assert REASON in sent_back, sent_back[-3000:]
    assert f"revived-alternative {revived}" in sent_back
    assert f"git ledger reject {revived} --why WHY" in sent_back  # the fix, spelled out
    assert_check(world, passes=True)
    payloads = stops(world)
    assert len(payloads) == 2, payloads
    assert payloads[0]["stop_hook_active"] is False
    assert world.ledger_json("show", revived)["entry"]["status"] == "rejected"


def test_a_passing_check_lets_the_agent_stop_from_the_saved_verdict_until_a_write_fails_it(
        world: World) -> None:
    """A ledger that passes lets the agent stop at once.  Then the client's Stop hook
    (``git ledger check --hook stop``), after a clean check with nothing moved since, lets
    the agent stop from the saved verdict (launch.py, without libgit2), which writes
    nothing; a write that makes an error is checked again and sends the agent back, and
    the second stop of that prompt is let go although the error remains (the model's retry
    used a tool and fixed nothing).

    Each run of a client here is a whole session, whose session-end hook writes a
    checkpoint after the stop: so the harness checks once by hand, as the stop of an
    earlier turn of the same session would have, before the run whose stop it watches."""
    from gitledger.integrations.stop_gate import STOP_REQUEST
    from gitledger.storage.layout import CHECK_OUTPUT_FILE

    world.ledger("task", "pick the storage")
    world.ledger("decide", "use sqlite", "--over", "postgres", "--because", "one file")
    assert_check(world, passes=True)
    world.spy("stop")
    outcome = world.run("we are done", [Reply(text="All done.")])  # owns the ledger now
    assert outcome.rc == 0, outcome.describe()
    assert len(outcome.turns()) == 1, outcome.describe()
    payloads = stops(world)
    assert len(payloads) == 1, payloads
    assert payloads[0]["stop_hook_active"] is False
    assert "git ledger check" not in outcome.stdout
    saved = world.repo / ".git" / CHECK_OUTPUT_FILE
    payload = json.dumps({"session_id": "an-earlier-turn", "cwd": str(world.repo),
                          "hook_event_name": "Stop", "stop_hook_active": False})
    done = subprocess.run(["git", "ledger", "check", "--hook", "stop", "--agent",
                           world.client.name], input=payload, cwd=world.repo,
                          env=world.env(), capture_output=True, text=True, timeout=60,
                          check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert STOP_REQUEST in json.loads(saved.read_text())["outputs"]
    stamp = saved.stat().st_mtime_ns
    outcome = world.run("anything else?", [Reply(text="Nothing else.")])
    assert outcome.rc == 0, outcome.describe()
    assert len(outcome.turns()) == 1, outcome.describe()
    assert saved.stat().st_mtime_ns == stamp, "the client's stop was checked again"
    world.ledger("decide", "postgres", "--because", "more features")  # revived-alternative
    before = len(world.spied("stop"))
    outcome = world.run("and now?", [
        Reply(text="All done."),
        Reply.shell("git ledger show"),
        Reply(text="I will leave the ledger as it is."),
        Reply(text="(a turn only a second block would ask for)"),
    ])
    assert outcome.rc == 0, outcome.describe()
    assert len(outcome.turns()) == 3, outcome.describe()
    assert outcome.unused == 1, outcome.describe()
    assert REASON not in outcome.seen(0)
    assert REASON in outcome.seen(1)
    assert_check(world, passes=False)
    assert len(stops(world, since=before)) == 2
