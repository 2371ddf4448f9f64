"""The session lifecycle in the real clients: compaction (manual and automatic), resume,
clear, and a second session in the same worktree.

What each client can do headless decides what is tested for it: a manual ``/compact`` and a
``/clear`` are slash commands only Claude Code takes without a terminal (as stream-json
user messages); Codex compacts on its own when the model reports a full context; Gemini CLI
has no SessionStart after compression (docs/hooks.md), and fires PreCompress before every
model call, which must cost the ledger one checkpoint at most.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from gitledger.storage.layout import STARTED_FILE
from tests.agents.clients import FULL_CONTEXT, Run
from tests.agents.conftest import Outcome, SharedRuns, World, one_worker
from tests.agents.model_server import Reply
from tests.agents.survival import WAIT_FOR_THE_HOOK
from tests.agents.test_point_of_action import added
from tests.agents.test_sessions import TASK, Sessions, session_of, shared_sessions, whole_block

pytestmark = pytest.mark.slow

ANOTHER = "belongs to another session"


def messages(*texts: str) -> str:
    """Claude Code's stream-json input: one user message a line, slash commands included."""
    return "".join(json.dumps({"type": "user", "message": {"role": "user", "content": t}})
                   + "\n" for t in texts)


def forked(world: World, parent: str) -> str:
    """Claude Code resumed from ``parent`` into a new session (``--fork-session``): the
    newest restore block the model was sent, which says it was restored after a fork."""
    def prompt(home: Path, text: str, resume: str | None) -> Run:
        base = world.client.prompt(home, text, resume)
        return replace(base, argv=(*base.argv, "--fork-session"))
    fork = replace(world, client=replace(world.client, prompt=prompt))
    outcome = fork.run("go on", [Reply(text="Forked, going on.")], resume=parent)
    assert outcome.rc == 0, outcome.describe()
    block = whole_block(outcome.seen(-1))
    assert "restored after fork" in block
    return block


def checkpoints(world: World) -> list[str]:
    return [line for line in world.ledger("log").splitlines() if "checkpoint:" in line]


@pytest.mark.scenario("manual-compact")
@pytest.mark.parametrize("world", ["claude"], indirect=True)
def test_a_manual_compact_checkpoints_and_re_injects_the_block(world: World) -> None:
    world.ledger("task", "survive a compaction", "--next", "check the block comes back")
    outcome = world.run("", [Reply(text="Hello."), Reply(text="The summary."),
                             Reply(text="Going on.")],
                        stdin=messages("hello", "/compact", "go on"))
    assert outcome.rc == 0, outcome.describe()
    assert "restored after startup" in whole_block(outcome.seen(0))
    assert any("checkpoint: pre-compact" in line for line in checkpoints(world))
    after = whole_block(outcome.seen(-1))
    assert "restored after compact" in after
    assert "TASK: survive a compaction" in after
    assert "NEXT: check the block comes back" in after


@pytest.mark.scenario("auto-compact")
@pytest.mark.parametrize("world",
                         ["claude", "codex", "pi", "qwen", "opencode", "kilo", "cline", "omp"],
                         indirect=True)
def test_auto_compaction_checkpoints_and_re_injects_the_block(world: World) -> None:
    world.ledger("task", "survive an automatic compaction")
    full = FULL_CONTEXT[world.client.name]
    if world.client.name == "claude":
        outcome = world.run("", [Reply(text="One.", input_tokens=full), Reply(text="Summary."),
                                 Reply(text="Two.")], stdin=messages("hello", "go on"))
    elif world.client.compacts == "prompt":  # compacts when a prompt ends: one more goes on
        outcome = world.run("hello\n\ngo on", [Reply(text="One.", input_tokens=full),
                                                Reply(text="Two.")])
    elif world.client.name == "qwen":
        # Qwen keeps the hook's context in its system prompt, so the first request after
        # the compaction still has the earlier block; it fires the compact SessionStart
        # without waiting for it, and the fresh block comes once the hook has returned
        # (a bare ``sleep`` it refuses to run).
        outcome = world.run("hello", [
            Reply.shell("git ledger decide 'use sqlite' --over postgres", input_tokens=full),
            Reply.shell(WAIT_FOR_THE_HOOK), Reply(text="Two.")])
        assert "TASK: survive an automatic compaction" in whole_block(outcome.seen(1))
        assert "use sqlite" in whole_block(outcome.seen(-1))
    elif world.client.name == "cline":
        # Cline compacts within the turn; its plugin waits at most 2.5 s for the fresh block
        # (a hook gets 3 s), so on a loaded machine the block before it is in front of the
        # first request after the compaction, and the fresh one comes with a later one.
        outcome = world.run("hello", [Reply.shell("true", input_tokens=full),
                                      Reply.shell("sleep 3"), Reply(text="Two.")])
        assert "TASK: survive an automatic compaction" in whole_block(outcome.seen(1))
    else:  # Codex compacts within the turn, once a tool call's reply fills the window
        outcome = world.run("hello", [Reply.shell("true", input_tokens=full),
                                      Reply(text="Two.")])
    assert outcome.rc == 0, outcome.describe()
    assert checkpoints(world), world.ledger("log")
    after = whole_block(outcome.seen(-1))
    assert "restored after compact" in after
    assert "TASK: survive an automatic compaction" in after


@pytest.mark.scenario("auto-compact", instead=True)
@pytest.mark.parametrize("world", ["gemini"], indirect=True)
def test_gemini_pre_compress_before_every_call_costs_one_checkpoint(world: World) -> None:
    world.ledger("task", "three model calls")
    outcome = world.run("go", [Reply.shell("true"), Reply.shell("true"), Reply(text="Done.")])
    assert outcome.rc == 0, outcome.describe()
    assert len(outcome.turns()) == 3
    compactions = [line for line in checkpoints(world) if "pre-compact" in line]
    assert len(compactions) == 1, world.ledger("log")


#: Every client a second session in the owner's worktree runs in; all but Cline (whose resume
#: by id opens its terminal UI) then resume the owner's session.
TWO_SESSIONS = ["claude", "codex", "gemini", "pi", "qwen", "copilot", "opencode", "kilo",
                "droid", "cline", "omp"]
RESUMED = [name for name in TWO_SESSIONS if name != "cline"]


@pytest.fixture
def two_sessions(world: World, shared_run: SharedRuns) -> tuple[World, Sessions]:
    """The owner's session, then a second one in the same worktree: the startup test's
    run (``test_sessions.shared_sessions``)."""
    return shared_sessions(world, shared_run)


@pytest.mark.scenario("resume")
@pytest.mark.parametrize("world", one_worker("sessions", RESUMED), indirect=True)
def test_a_resumed_session_gets_the_block_again(
        two_sessions: tuple[World, Sessions]) -> None:
    """The owner's session resumed, after a second session came and went in its worktree."""
    world, sessions = two_sessions
    world.ledger("verify", "the resume test runs", "--by", "pytest tests/agents")
    again = world.run("go on", [Reply(text="Resumed.")], resume=sessions.owner)
    assert again.rc == 0, again.describe()
    block = whole_block(again.seen(-1))
    assert "restored after resume" in block
    assert "the resume test runs" in block
    assert f"TASK: {TASK}" in block
    assert ANOTHER not in block
    assert session_of(world) == sessions.owner


@pytest.mark.scenario("auto-compact", instead=True)
@pytest.mark.parametrize("world", ["copilot"], indirect=True)
def test_copilot_compaction_checkpoints_and_the_next_edit_is_told_again(world: World) -> None:
    """GitHub Copilot CLI fires PreCompact but no SessionStart after a compaction, so the
    restore block does not come back; what the ledger does instead: the PreCompact hook
    checkpoints and forgets what the session was told, and the next edit of governed code
    tells the decision again, into the compacted context."""
    store = world.repo / "store.py"
    store.write_text("PATH = 'data.db'\n")
    world.ledger("task", "survive a compaction in copilot")
    world.ledger("decide", "keep the store in one sqlite file", "--over", "a postgres server",
                 "--because", "one file to back up", "--paths", "store.py")
    outcome = world.run("tune the store", [
        Reply.edit(str(store), "data.db", "store.db"),
        # Its reply fills the window: Copilot compacts in the background from here on.
        Reply.shell("true", input_tokens=FULL_CONTEXT["copilot"]),
        Reply.shell("sleep 3"),
        Reply.edit(str(store), "store.db", "main.db"),
        Reply(text="Tuned."),
    ])
    assert outcome.rc == 0, outcome.describe()
    assert any("checkpoint: pre-compact" in line for line in checkpoints(world)), \
        world.ledger("log")
    told = [i for i in range(1, len(outcome.turns()))
            if "one file to back up" in added(outcome, i)]
    last = outcome.seen(-1)
    assert "summarized to free up context" in last, last[-3000:]
    assert "restored after compact" not in last  # no SessionStart after a compaction
    # Told at the first edit, and again at the edit after the compaction.
    assert told == [1, len(outcome.turns()) - 1], (told, outcome.describe())
    assert "main.db" in store.read_text()


@pytest.mark.scenario("clear")
@pytest.mark.parametrize("world", ["claude"], indirect=True)
def test_a_clear_continues_the_ledger_with_a_handover(world: World) -> None:
    world.ledger("task", "clear and go on")
    # The session writes, then (resumed: messages queued behind a tool call are folded
    # into that turn) clears and goes on.
    first = world.run("decide", [Reply.shell("git ledger decide 'use sqlite' --over postgres"),
                                 Reply(text="Decided.")])
    assert first.rc == 0, first.describe()
    outcome = world.run("", [Reply(text="Cleared, going on.")], resume=session_of(world),
                        stdin=messages("/clear", "go on"))
    assert outcome.rc == 0, outcome.describe()
    after = whole_block(outcome.seen(-1))
    assert "restored after clear" in after
    assert ANOTHER not in after
    assert "TASK: clear and go on" in after
    # What the session wrote before the clear is the new session's own.
    (sqlite,) = [line for line in after.splitlines() if "use sqlite" in line]
    assert "from another session" not in sqlite, after
    handovers = [e for e in world.ledger_json("log")["events"]
                 if e["trailers"].get("Ledger-Handover") == ["clear"]]
    assert len(handovers) == 1, world.ledger("log")
    assert session_of(world) == handovers[0]["trailers"]["Ledger-Owner"][0]


@pytest.mark.scenario("clear")
@pytest.mark.parametrize("world", ["claude"], indirect=True)
def test_a_fork_continues_the_ledger_with_a_handover(world: World) -> None:
    """``--resume ID --fork-session`` goes on from the session's messages under a new id,
    after that session ended: its SessionStart (``source: fork``) names no parent, so the
    hook matches the fork's ``context_tokens`` and ``seconds_since_last_response`` against
    the last response in the owner's own transcript before handing the ledger over."""
    world.ledger("task", "fork and go on")
    first = world.run("decide", [Reply.shell("git ledger decide 'use sqlite' --over postgres"),
                                 Reply(text="Decided.")])
    assert first.rc == 0, first.describe()
    parent = session_of(world)
    after = forked(world, parent)
    assert ANOTHER not in after, after
    assert "TASK: fork and go on" in after
    (sqlite,) = [line for line in after.splitlines() if "use sqlite" in line]
    assert "from another session" not in sqlite, after
    handovers = [e for e in world.ledger_json("log")["events"]
                 if e["trailers"].get("Ledger-Handover") == ["fork"]]
    assert len(handovers) == 1, world.ledger("log")
    child = session_of(world)
    assert child != parent
    assert child == handovers[0]["trailers"]["Ledger-Owner"][0]


@pytest.mark.scenario("clear")
@pytest.mark.parametrize("world", ["claude"], indirect=True)
def test_a_fork_of_a_session_that_is_not_the_owner_is_not_handed_the_ledger(
        world: World) -> None:
    """The fork of another session (here: one that ended before the owner started) is
    told the ledger is another's, as any second session is.  Its conversation ends in a
    response of another size than the owner's, as two real conversations do: with equal
    sizes and the hook started late on a loaded machine, the two cannot be told apart."""
    world.ledger("task", "an earlier task")
    first = world.run("hello", [Reply(text="Hello.", input_tokens=1_234)])
    assert first.rc == 0, first.describe()
    other = session_of(world)
    world.ledger("archive")
    world.ledger("task", "the owner's task")
    owner = world.run("start", [Reply(text="Started.")])
    assert owner.rc == 0, owner.describe()
    owner_id = session_of(world)
    assert ANOTHER in forked(world, other)
    assert session_of(world) == owner_id


@pytest.mark.scenario("second-session")
@pytest.mark.parametrize("world", one_worker("sessions", TWO_SESSIONS), indirect=True)
def test_a_second_session_is_told_the_ledger_is_anothers(
        two_sessions: tuple[World, Sessions]) -> None:
    _, sessions = two_sessions
    second = sessions.second
    assert second.rc == 0, second.describe()
    block = whole_block(second.seen(0)) if "ledger-canary" in second.seen(0) else second.seen(0)
    assert ANOTHER in block
    assert sessions.owner in block
    assert "git ledger archive" in block
    assert f"Its TASK: {TASK}" in block
    assert sessions.owner_after == sessions.owner  # told, never silently handed the ledger


#: Every client whose session end is recorded and saves its transcript: one run proves both.
ENDING = one_worker("ending", ["claude", "codex", "gemini", "pi", "copilot", "opencode",
                               "kilo", "droid", "cline", "omp"])


def _end(world: World) -> Outcome:
    world.ledger("task", "end cleanly and keep the transcript")
    return world.run("hello", [Reply(text="Bye.")])


@pytest.fixture
def ended(world: World, shared_run: SharedRuns) -> tuple[World, Outcome]:
    """One short session, ended: run once per client, read by both tests."""
    return shared_run.get("ending", world, _end)


@pytest.mark.scenario("session-end")
@pytest.mark.parametrize("world", ENDING, indirect=True)
def test_the_session_end_is_recorded_and_forgets_the_session(
        ended: tuple[World, Outcome]) -> None:
    world, outcome = ended
    assert outcome.rc == 0, outcome.describe()
    # Codex 0.171 fires SessionEnd too: every client's end is a checkpoint in the history,
    # and the worktree no longer attributes writes to the session that ended.
    assert any("checkpoint: session-end" in line for line in checkpoints(world)), \
        world.ledger("log")
    assert not (world.repo / ".git" / STARTED_FILE).exists()


@pytest.mark.scenario("transcript")
@pytest.mark.parametrize("world", ENDING, indirect=True)
def test_the_session_end_saves_the_clients_own_transcript(
        ended: tuple[World, Outcome]) -> None:
    """The transcript the client names in its payload lives in its own transcript
    directories (docs/hooks.md), so the hook's path check lets it through and saves it."""
    world, outcome = ended
    assert outcome.rc == 0, outcome.describe()
    saved = world.ledger_json("transcript", "list")["transcripts"]
    assert saved, (world.ledger("log"), outcome.describe())
    assert "transcript directories" not in outcome.stderr, outcome.stderr
