"""The real clients' tool-call payloads (tests/integrations/payloads/, captured from Claude
Code 2.1.332, Codex CLI 0.171.0, Gemini CLI 0.61.0 and Factory Droid 0.225.2) read for their
targets, and told the decisions that govern them.

Each capture edited ``src/store.py`` (``x = 1`` → ``x = 10``), wrote ``src/new.py`` or ran
``echo hi > notes.txt``; the test puts its repository where the capture's project was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gitledger.core.footprint import Lines
from gitledger.integrations.agent_registry import BY_NAME
from gitledger.integrations.pre_tool_hook import run_pre_tool_use
from gitledger.integrations.tool_targets import tool_targets
from tests.conftest import git
from tests.integrations.test_pre_tool_hook import context, decide, govern

PAYLOADS = Path(__file__).parent / "payloads"
PROJECT = "/tmp/ledger-fixture/project"
BEFORE = "x = 1\ny = 2\nz = 3\n"
AFTER = "x = 10\ny = 2\nz = 3\n"

#: Each capture: the agent, and the targets it names (path, lines).
CAPTURES: dict[str, tuple[str, list[tuple[str, Lines]]]] = {
    "claude-edit": ("claude", [("src/store.py", ((1, 1),))]),
    "claude-write": ("claude", [("src/new.py", ())]),
    "claude-bash": ("claude", [("notes.txt", ())]),
    "codex-apply_patch": ("codex", [("src/store.py", ((1, 1),)), ("src/new.py", ())]),
    "codex-apply_patch-relative": ("codex", [("src/store.py", ((1, 1),))]),
    "codex-bash-apply_patch": ("codex", [("src/store.py", ((1, 1),))]),
    "codex-bash": ("codex", [("notes.txt", ())]),
    "gemini-aftertool-replace": ("gemini", [("src/store.py", ((1, 1),))]),
    "gemini-replace-relative": ("gemini", [("src/store.py", ((1, 1),))]),
    "gemini-aftertool-write_file": ("gemini", [("src/new.py", ())]),
    "gemini-aftertool-run_shell_command": ("gemini", [("notes.txt", ())]),
    # BeforeTool, which we do not install for Gemini (it cannot add context): still read.
    "gemini-replace": ("gemini", [("src/store.py", ((1, 1),))]),
    "gemini-write_file": ("gemini", [("src/new.py", ())]),
    "gemini-run_shell_command": ("gemini", [("notes.txt", ())]),
    # Factory Droid 0.225.2's PostToolUse (its PreToolUse cannot add context).
    "droid-posttooluse-edit": ("droid", [("src/store.py", ((1, 1),))]),
    "droid-posttooluse-create": ("droid", [("src/new.py", ())]),
    "droid-posttooluse-execute": ("droid", [("notes.txt", ())]),
}


def capture(name: str, repo: Path) -> dict[str, Any]:
    text = (PAYLOADS / f"{name}.json").read_text()
    data: dict[str, Any] = json.loads(text.replace(PROJECT, str(repo)))
    return data


def project(repo: Path, name: str) -> str:
    (repo / "src").mkdir()
    (repo / "src" / "store.py").write_text(BEFORE)
    (repo / "notes.txt").write_text("old\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    head = git(repo, "rev-parse", "HEAD").strip()
    if "aftertool" in name or "posttooluse" in name or name == "gemini-replace-relative":
        (repo / "src" / "store.py").write_text(AFTER)  # the tool has run
        if "write_file" in name or "create" in name:
            (repo / "src" / "new.py").write_text("a = 1\n")
    return head


def test_every_capture_is_listed() -> None:
    assert {p.stem for p in PAYLOADS.glob("*.json")} == set(CAPTURES)


@pytest.mark.parametrize("name", sorted(CAPTURES))
def test_the_capture_names_its_targets(repo: Path, name: str) -> None:
    agent, wanted = CAPTURES[name]
    project(repo, name)
    data = capture(name, repo)
    found = tool_targets(BY_NAME[agent], data, str(repo), data["cwd"])
    assert [(t.path, t.lines) for t in found] == wanted


@pytest.mark.parametrize("name", sorted(CAPTURES))
def test_the_capture_is_told_the_decision(repo: Path, name: str) -> None:
    agent, wanted = CAPTURES[name]
    head = project(repo, name)
    in_force = decide(repo, "Keep x a small constant", over=("read x from the environment",),
                      because="tests pin it", footprint=(f"{head} 1-1 src/store.py",))
    new_file = decide(repo, "New modules go under src/", paths=("src/new.py",))
    notes = decide(repo, "Notes are kept by hand", paths=("notes.txt",))
    stdout = run_pre_tool_use(agent, json.dumps(capture(name, repo)).encode(), {}).stdout
    text = context(stdout, agent)
    expected = {"src/store.py": in_force.id, "src/new.py": new_file.id, "notes.txt": notes.id}
    for path, _ in wanted:
        assert expected[path] in text
    for path, entry_id in expected.items():
        if path not in dict(wanted):
            assert entry_id not in text


def test_a_decision_on_other_lines_of_the_file_is_not_told(repo: Path) -> None:
    head = project(repo, "claude-edit")
    decide(repo, "z stays last", footprint=(f"{head} 3-3 src/store.py",))
    assert run_pre_tool_use("claude", json.dumps(capture("claude-edit", repo)).encode(),
                            {}).stdout == ""


def test_a_rejected_decision_and_a_dropped_approach_by_paths(repo: Path) -> None:
    from gitledger.ledger.operations import Ledger

    project(repo, "claude-edit")
    rejected = decide(repo, "Store x in Redis", paths=("src/*.py",))
    govern(repo, rejected.id, status="rejected", rejected_why="an extra service for one int")
    ledger = Ledger.open(repo, session="")
    dropped = ledger.drop("Generating store.py from a template", why="nobody read the template")
    assert dropped.entry is not None
    govern(repo, dropped.entry.id, paths=("src/store.py",))
    text = context(run_pre_tool_use("claude", json.dumps(capture("claude-edit", repo)).encode(),
                                    {}).stdout)
    assert "Rejected decision" in text
    assert "Store x in Redis" in text
    assert "an extra service for one int" in text
    assert "Dropped approach" in text
    assert "nobody read the template" in text
    assert text.index("Rejected decision") < text.index("Dropped approach")
