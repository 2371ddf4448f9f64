"""Past the block's budget, restore keeps the decisions that govern the work at hand: the
files the branch changed since the ledger opened and the files the session is editing,
then the newest.  Through the CLI, in real repositories."""

from __future__ import annotations

import json
from pathlib import Path

from gitledger.integrations.pre_tool_hook import run_pre_tool_use
from tests.conftest import Run, git

#: Decisions enough to clip the DECIDED section at the default budget many times over.
FILLER = 50
WHY = ("it reads better in review, costs nothing at run time, and keeps the module "
       "boundaries where the team already expects them to be")


def _commit(repo: Path, path: str, text: str) -> None:
    target = repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    git(repo, "add", path)
    git(repo, "commit", "-q", "-m", f"change {path}")


def _decided(ledger: Run) -> str:
    done = ledger("restore", "--format", "json")
    assert done.exit_code == 0, done.output
    return str(json.loads(done.stdout)["context"])


def _fill(ledger: Run, early: list[tuple[str, str]]) -> None:
    """The early decisions (text, governed glob), then many newer ones governing nothing."""
    assert ledger("task", "a long task", "--next", "the next step").exit_code == 0
    for text, glob in early:
        assert ledger("decide", text, "--over", "something else", "--paths", glob).exit_code == 0
    for n in range(FILLER):
        assert ledger("decide", f"filler decision number {n} about an unrelated matter",
                      "--over", f"the alternative {n}",
                      "--because", WHY).exit_code == 0


def test_a_decision_governing_a_file_the_branch_changed_survives_the_clip(
        ledger: Run, repo_with_commit: Path) -> None:
    early = [("keep the parser pure", "src/parser.py"),
             ("one retry policy in the http client", "src/http/*.py"),
             ("never cache tokens on disk", "src/auth.py")]
    _fill(ledger, early)
    assert "keep the parser pure" not in _decided(ledger)  # and the block is saved
    _commit(repo_with_commit, "src/parser.py", "pure = True\n")
    _commit(repo_with_commit, "src/http/client.py", "retries = 3\n")
    text = _decided(ledger)
    assert "more DECIDED" in text  # clipped: the test is about choosing, not room
    assert "keep the parser pure" in text
    assert "one retry policy in the http client" in text
    assert "never cache tokens on disk" not in text  # nothing of the branch touched it
    assert "filler decision number 49" in text  # then the newest, as before


def test_a_decision_governing_a_file_the_session_is_editing_survives_the_clip(
        ledger: Run, repo_with_commit: Path) -> None:
    _fill(ledger, [("the schema lives in one module", "src/schema.py")])
    assert ledger("claim", "--session-id", "sess-1").exit_code == 0
    before = ledger("restore", "--session-id", "sess-1", "--source", "compact").stdout
    assert "the schema lives in one module" not in before  # and the block is saved
    payload = {"session_id": "sess-1", "cwd": str(repo_with_commit), "tool_name": "Edit",
               "tool_input": {"file_path": str(repo_with_commit / "src" / "schema.py"),
                              "old_string": "a", "new_string": "b"}}
    (repo_with_commit / "src").mkdir()
    (repo_with_commit / "src" / "schema.py").write_text("a = 1\n")
    told = run_pre_tool_use("claude", json.dumps(payload).encode(), {})
    assert "the schema lives in one module" in told.stdout  # told before the edit
    # After a compaction the agent has lost that text; the block brings it back.
    done = ledger("restore", "--session-id", "sess-1", "--source", "compact")
    assert done.exit_code == 0, done.output
    assert "more DECIDED" in done.stdout
    assert "the schema lives in one module" in done.stdout


def test_without_relevant_files_the_newest_decisions_are_kept(
        ledger: Run, repo_with_commit: Path) -> None:
    _fill(ledger, [("keep the parser pure", "src/parser.py")])
    _commit(repo_with_commit, "docs/notes.md", "unrelated\n")
    text = _decided(ledger)
    assert "keep the parser pure" not in text
    assert "filler decision number 49" in text
    assert "git ledger show --kind decided" in text  # the rest, one command away
