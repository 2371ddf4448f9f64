"""The MCP server in the real clients: after ``git ledger install --agent A --mcp`` the
client starts ``git ledger mcp`` from the project's config, offers its tools to the model,
and a tool the model calls writes to the ledger.

Each client spells our server's tools its own way (``Reply.mcp`` finds the spelling in
the request, ``model_server.py``):

- Claude Code 2.1.332: ``mcp__git-ledger__decide``.  MCP tools are *deferred*: the first
  request only names them in a system message ("The following deferred tools are now
  available via ToolSearch") and offers ``ToolSearch``; the model loads a schema with
  ``ToolSearch`` ``select:mcp__git-ledger__decide``, and from the next request on the tool
  is in ``tools``.  The project's ``.mcp.json`` server must be approved
  (``enabledMcpjsonServers`` in ``~/.claude.json``) and, in ``-p`` mode, allowed
  (``--allowedTools mcp__git-ledger``).
- Codex CLI 0.171.0: one tool of type ``namespace`` named ``mcp__git_ledger`` (the hyphen
  becomes an underscore) holding the server's functions by their own names; the model's
  ``function_call`` carries ``name: "decide"`` and ``namespace: "mcp__git_ledger"`` (a
  flat ``mcp__git_ledger__decide`` is refused: "unsupported call").  Codex reads the
  project's ``.codex/config.toml`` only in a trusted project, and starts MCP servers beside
  its first request: without ``mcp_optional_startup_grace_ms`` the first request goes out
  before ``git ledger mcp`` is up (about a second) and offers none of its tools.
- Gemini CLI 0.61.0: ``mcp_git-ledger_decide``, a plain function declaration; the project's
  servers load in a trusted folder (the suite turns folder trust off).
"""

from __future__ import annotations

import pytest

from tests.agents.clients import MCP_SERVER
from tests.agents.conftest import Outcome, SharedRuns, World, one_worker
from tests.agents.model_server import Reply
from tests.agents.test_sessions import session_of

pytestmark = [pytest.mark.slow, pytest.mark.scenario("mcp"),
              pytest.mark.parametrize("mcp_world", one_worker("mcp", [
                  "claude", "codex", "gemini", "qwen", "copilot", "opencode", "kilo", "droid",
                  "omp"]), indirect=True)]

REJECTED_BECAUSE = "the load needs a server after all"


def mcp_run(world: World, prompt: str, script: list[Reply]) -> Outcome:
    """One prompt, gitledger's MCP tools offered.  Oh My Pi waits 250 ms for the MCP
    servers at startup and offers a slower one's tools from its cache (``agent.db``), filled
    once it has connected: so a first run fills it, and the prompt resumes that session."""
    if world.client.name == "omp":
        warm = world.run("hello", [Reply(text="Hello.")])
        assert warm.rc == 0, warm.describe()
        return world.run(prompt, script, resume=session_of(world))
    return world.run(prompt, script)


def _read_then_decide(world: World) -> tuple[str, Outcome]:
    """The model reads a rejected decision through the ``show`` tool, then decides through
    the ``decide`` tool: one client run proves the read and the write."""
    world.ledger("task", "pick the storage")
    rejected = world.ledger("decide", "use sqlite", "--over", "postgres").strip()
    world.ledger("reject", rejected, "--why", REJECTED_BECAUSE)
    return rejected, mcp_run(world, "what did we decide, and what now?", [
        Reply.mcp(MCP_SERVER, "show", id=rejected),
        Reply.mcp(MCP_SERVER, "decide", text="use duckdb", over=["postgres"],
                  because="one file", next="write the schema"),
        Reply(text="Recorded."),
    ])


@pytest.fixture
def used(mcp_world: World, shared_run: SharedRuns) -> tuple[World, str, Outcome]:
    world, (rejected, outcome) = shared_run.get("mcp", mcp_world, _read_then_decide)
    assert outcome.rc == 0, outcome.describe()
    assert outcome.unused == 0, outcome.describe()
    return world, rejected, outcome


def first_turn_holding(outcome: Outcome, text: str) -> int:
    """The index of the first turn whose request holds ``text`` (a tool's answer): where a
    client loads a deferred tool first (``ToolSearch``), the turns of the script shift."""
    held = [i for i in range(len(outcome.turns())) if text in outcome.seen(i)]
    assert held, f"{text!r} reached no turn: {outcome.describe()}"
    return held[0]


def test_a_read_through_the_mcp_tool_reaches_the_model(
        used: tuple[World, str, Outcome]) -> None:
    _, _, outcome = used
    # The restore block lists decisions in force only; the reason came from the tool.
    assert REJECTED_BECAUSE not in outcome.seen(0)
    assert first_turn_holding(outcome, REJECTED_BECAUSE) > 0


def test_a_decision_made_through_the_mcp_tool_lands(used: tuple[World, str, Outcome]) -> None:
    world, rejected, outcome = used
    shown = world.ledger_json("show")
    decisions = [e for e in shown["entries"] if e["kind"] == "decided" and e["id"] != rejected]
    assert [(d["text"], d["over"], d["because"]) for d in decisions] == [
        ("use duckdb", ["postgres"], "one file")], outcome.describe()
    assert shown["next"] == "write the schema"
    # The server knows no session of its own: the write is the session's that started here.
    assert decisions[0]["session"] == shown["ledger"]["session_id"]
    assert decisions[0]["session"] is not None
    # The tool's answer (the new entry's id, which only the server knew) reached the model.
    answered = first_turn_holding(outcome, decisions[0]["id"])
    assert answered > first_turn_holding(outcome, REJECTED_BECAUSE)
