"""A session saved by the real client's own hooks, exported as one Markdown document and
as an ATIF trajectory (docs/cli.md, "export --format md --session" and "--format atif").

The transcripts these runs save are the fixtures of tests/interchange/test_session_export.py:
run this file with ``GITLEDGER_RECORD_TRANSCRIPTS=1`` to record them again from the pinned
clients (tests/agents/clients.py), as the recorded files' names say.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gitledger.interchange.atif import validate
from tests.agents.conftest import SharedRuns, World, one_worker
from tests.agents.model_server import Reply

#: Both tests export the one session a client run saved (``saved``).
pytestmark = [pytest.mark.slow, pytest.mark.scenario("export"),
              pytest.mark.parametrize("world", one_worker("export", [
                  "claude", "codex", "gemini", "pi", "droid", "copilot", "cline", "opencode",
                  "kilo", "omp"]), indirect=True)]

#: Where ``GITLEDGER_RECORD_TRANSCRIPTS=1`` writes each client's transcript.
RECORDED = Path(__file__).resolve().parents[1] / "interchange" / "transcripts"
DECISION = "greet in English"
#: Claude Code's and GitHub Copilot CLI's records that carry their own system prompt and
#: tool listings (tens of kB of the vendor's text the exporter leaves out anyway): left out
#: of a recorded fixture.
VENDOR_RECORDS = frozenset({"api-request-shape", "api-request-blob", "api-request",
                            "system.message"})
VENDOR_ATTACHMENTS = frozenset({"prompt_snapshot", "skill_listing", "agent_listing_delta",
                                "deferred_tools_delta"})


def recorded(data: bytes) -> bytes:
    """A transcript as the fixture keeps it: every line, but the vendor's prompt records."""
    kept = []
    for line in data.splitlines(keepends=True):
        try:
            record = json.loads(line)
        except ValueError:
            kept.append(line)
            continue
        attachment = record.get("attachment") if isinstance(record, dict) else None
        if isinstance(record, dict) and (record.get("type") in VENDOR_RECORDS or (
                isinstance(attachment, dict) and attachment.get("type") in VENDOR_ATTACHMENTS)):
            continue
        kept.append(line)
    return b"".join(kept)


def write_hello(world: World) -> Reply:
    """The client's way of writing a new file: its file tool, or (Codex, whose models write
    through the shell) ``apply_patch`` in a here-document."""
    target = world.repo / "hello.txt"
    if world.client.name == "codex":
        return Reply.shell(f"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: {target}\n"
                           "+hello\n*** End Patch\nEOF\n")
    return Reply.write(str(target), "hello\n")


def run_the_session(world: World) -> str:
    """One turn that decides through the shell tool and writes a file through the file tool;
    the id of the transcript the client's hooks saved."""
    world.ledger("task", "greet the users")
    outcome = world.run("write the greeting and record why", [
        Reply.shell(f"git ledger decide '{DECISION}' --over 'greet in French' "
                    "--because 'the users read English'"),
        write_hello(world),
        Reply(text="Done: hello.txt is written and the decision recorded."),
    ])
    assert outcome.rc == 0, outcome.describe()
    assert outcome.unused == 0, outcome.describe()
    saved = world.ledger_json("transcript", "list")["transcripts"]
    assert saved, (world.ledger("log"), outcome.describe())
    session = str(saved[-1]["session_id"])
    if os.environ.get("GITLEDGER_RECORD_TRANSCRIPTS"):
        # A session read from the client's database is saved as one JSON document.
        suffix = Path(saved[-1]["source_path"]).suffix.replace(".db", ".json")
        RECORDED.mkdir(exist_ok=True)
        (RECORDED / f"{world.client.name}{suffix}").write_bytes(
            recorded(world.ledger_bytes("transcript", "show", session)))
    return session


@pytest.fixture
def saved(world: World, shared_run: SharedRuns) -> tuple[World, str]:
    """The world and the id of the session the client's hooks saved there: one run per
    client (``run_the_session``), which both exports read."""
    return shared_run.get("export", world, run_the_session)


def test_a_saved_session_exports_as_one_markdown_document(saved: tuple[World, str]) -> None:
    world, session = saved
    decision = next(e for e in world.ledger_json("show")["entries"] if e["text"] == DECISION)
    document = world.ledger("export", "--format", "md", "--session", session[:8])
    head, _, body = document.removeprefix("---\n").partition("\n---\n")
    assert f"session_id: {session}" in head, document
    assert f"agent: {world.client.name}" in head, document
    assert "write the greeting and record why" in body
    assert "git ledger decide" in body  # the shell call's input
    assert decision["id"] in body        # its output, and the summary's entry
    assert "## Summary" in body
    summary = body.split("## Summary", 1)[1]
    assert f"`{decision['id']}` (decided)" in summary, summary
    assert "| `hello.txt` |" in summary, summary


def test_a_saved_session_exports_as_a_valid_atif_trajectory(saved: tuple[World, str]) -> None:
    world, session = saved
    trajectory = json.loads(world.ledger("export", "--format", "atif", "--session", session))
    assert validate(trajectory) == []
    assert trajectory["schema_version"] == "ATIF-v1.8"
    assert trajectory["session_id"] == session
    calls = [c for s in trajectory["steps"] for c in s.get("tool_calls", ())]
    assert len(calls) >= 2, trajectory
    results = [r for s in trajectory["steps"]
               for r in s.get("observation", {}).get("results", ())]
    assert any("d-" in str(r.get("content")) for r in results), results
