"""The decision at the point of action, in the real clients: the scripted model edits files
through the client's own edit tool (Claude Code ``Edit``, Codex ``apply_patch``, Gemini CLI
``replace``), and the request after each edit carries what gitledger's pre-tool hook told
the agent — the decision governing that file, with its rejected alternative and reason — or
nothing, for a file no decision governs.

One session per client does the three edits, so the suite pays for one run each.  What the
hook added is found as the strings of a request that the request before it did not hold:
the restore block at startup names the decisions too, and is in every request after it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.agents.clients import codex_edits
from tests.agents.conftest import Outcome, World
from tests.agents.model_server import Reply, json_strings
from tests.conftest import git

pytestmark = pytest.mark.slow

#: Governs src/store.py by an explicit path (``decide --paths``), before any commit.
BY_PATHS = ("keep the store in one sqlite file", "a postgres server", "one file to back up")
#: Governs the lines of src/cache.py its implementing commit added (its footprint).
BY_FOOTPRINT = ("cache entries expire after ten minutes", "an unbounded LRU cache",
                "stale prices cost money")

STORE = "def connect():\n    return open_store('data.db')\n"
CACHE = "TTL_SECONDS = 600\n\n\ndef fresh(age):\n    return age < TTL_SECONDS\n"
NOTES = "# scratch notes\nnothing = None\n"


def added(outcome: Outcome, turn: int) -> str:
    """The strings of the agent's ``turn``-th request that its previous request lacked."""
    turns = outcome.turns()
    before = set(json_strings(turns[turn - 1]["body"]))
    return "\n".join(s for s in json_strings(turns[turn]["body"]) if s not in before)


def decide(world: World, text: str, alternative: str, why: str, *extra: str) -> str:
    made: dict[str, Any] = world.ledger_json("decide", text, "--over", alternative,
                                             "--because", why, *extra)
    return str(made["id"])


def test_an_edit_of_governed_code_brings_the_decision_into_the_next_request(
        world: World) -> None:
    if world.client.name == "codex":
        codex_edits(world.home)
    src = world.repo / "src"
    src.mkdir()
    (src / "store.py").write_text(STORE)
    (src / "notes.py").write_text(NOTES)
    git(world.repo, "add", "src")
    git(world.repo, "commit", "-q", "-m", "store and notes")
    (src / "cache.py").write_text(CACHE)
    git(world.repo, "add", "src/cache.py")
    git(world.repo, "commit", "-q", "-m", "cache with a ttl")
    world.ledger("task", "tune the storage layer")
    decide(world, *BY_PATHS, "--paths", "src/store.py")
    cached = decide(world, *BY_FOOTPRINT)
    world.ledger("implement", cached, "--commit", "HEAD")

    outcome = world.run("tune the storage layer", [
        Reply.edit(str(src / "notes.py"), "nothing = None", "nothing = 0"),
        Reply.edit(str(src / "store.py"), "    return open_store('data.db')",
                   "    return open_store('store.db')"),
        Reply.edit(str(src / "cache.py"), "TTL_SECONDS = 600", "TTL_SECONDS = 900"),
        Reply(text="Tuned."),
    ])
    assert outcome.rc == 0, outcome.describe()
    assert len(outcome.turns()) == 4, outcome.describe()
    # The tool ran every time: the hook tells, it never blocks or denies.
    assert "nothing = 0" in (src / "notes.py").read_text()
    assert "store.db" in (src / "store.py").read_text()
    assert "TTL_SECONDS = 900" in (src / "cache.py").read_text()

    after_notes, after_store, after_cache = added(outcome, 1), added(outcome, 2), added(outcome, 3)
    for text in (*BY_PATHS, *BY_FOOTPRINT):
        assert text not in after_notes, after_notes
    for text in BY_PATHS:
        assert text in after_store, after_store
    for text in BY_FOOTPRINT:
        assert text in after_cache, after_cache
    # Each decision where its own code is edited, not the other one's.
    assert BY_FOOTPRINT[0] not in after_store, after_store
    assert BY_PATHS[0] not in after_cache, after_cache
