"""The ``git-ledger`` executable: the pre-tool-use hook's plain call skips click."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gitledger.commands import decide_fast as decide_command
from gitledger.commands.hook_fast import pre_tool_use_agent
from gitledger.commands.plain import parse
from gitledger.storage import event_queue
from gitledger.storage.queue_probe import pending

_PROBE = """
import sys
sys.argv = ["git-ledger", *sys.argv[1:]]
from gitledger.launch import main
try:
    main()
except SystemExit:
    pass
sys.stderr.write("CLICK=%s" % ("click" in sys.modules))
"""


@pytest.mark.parametrize(("args", "agent"), [
    (["hook", "pre-tool-use"], "claude"),
    (["hook", "pre-tool-use", "--agent", "codex"], "codex"),
    (["hook", "pre-tool-use", "--agent=gemini"], "gemini"),
    (["hook", "pre-tool-use", "--agent"], None),
    (["hook", "pre-tool-use", "--agent", "codex", "--help"], None),
    (["-C", "x", "hook", "pre-tool-use"], None),
    (["hook", "session-start"], None),
    ([], None),
])
def test_only_the_plain_call_is_taken_aside(args: list[str], agent: str | None) -> None:
    assert pre_tool_use_agent(args) == agent


def plain_decide(args: list[str]) -> dict[str, Any] | None:
    """The parameters the executable's fast path takes ``args`` for, or None."""
    return parse(decide_command.SHAPE, args)


def _probe(cwd: Path, *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=cwd, input=stdin,
                          capture_output=True, timeout=60, check=False)


def test_the_hook_call_loads_no_click_and_tells_the_decision(repo: Path) -> None:
    (repo / "src").mkdir()
    (repo / "src" / "store.py").write_text("x = 1\n")
    subprocess.run(["git", "ledger", "decide", "Store in sqlite", "--over", "json files",
                    "--because", "atomic writes", "--paths", "src/store.py"],
                   cwd=repo, check=True, capture_output=True, timeout=60)
    payload = {"session_id": "s1", "cwd": str(repo), "hook_event_name": "PreToolUse",
               "tool_name": "Write",
               "tool_input": {"file_path": str(repo / "src" / "store.py"), "content": "y\n"}}
    done = _probe(repo, "hook", "pre-tool-use", "--agent", "claude",
                  stdin=json.dumps(payload).encode())
    assert done.stderr.decode().endswith("CLICK=False")
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "Store in sqlite" in context
    assert "json files" in context


@pytest.mark.parametrize("event", ["session-start", "pre-compact", "session-end"])
def test_a_lifecycle_hook_loads_no_click_and_answers_as_the_cli_does(
        repo: Path, event: str) -> None:
    """What an agent's start, compaction and end run: the same answer as the click
    ``hook`` command gives (stdout and stderr), without loading click."""
    subprocess.run(["git", "ledger", "task", "Port the importer"], cwd=repo, check=True,
                   capture_output=True, timeout=60)
    payload = json.dumps({"session_id": "s-1", "cwd": str(repo), "hook_event_name": event,
                          "source": "startup", "transcript_path": None}).encode()
    twin = repo.parent / "twin"  # the same state, for the click call
    shutil.copytree(repo, twin, symlinks=True)
    fast = _probe(repo, "hook", event, "--agent", "codex", stdin=payload)
    assert fast.stderr.decode().endswith("CLICK=False")
    clicked = _probe(twin, "hook", event, "--agent", "codex", "--agent", "codex",
                     stdin=payload.replace(str(repo).encode(), str(twin).encode()))
    # (an option given twice is no plain call: click answers it)
    assert clicked.stderr.decode().endswith("CLICK=True")
    assert fast.stdout == clicked.stdout
    assert fast.stderr.decode().removesuffix("CLICK=False") == \
        clicked.stderr.decode().removesuffix("CLICK=True")
    if event == "session-start":
        context = json.loads(fast.stdout)["hookSpecificOutput"]["additionalContext"]
        assert "TASK: Port the importer" in context


def test_a_lifecycle_hook_of_an_unknown_agent_says_so_and_exits_0(repo: Path) -> None:
    done = _probe(repo, "hook", "session-start", "--agent", "nobody", stdin=b"{}")
    assert done.returncode == 0
    assert "unknown agent 'nobody'" in done.stderr.decode()
    assert done.stderr.decode().endswith("CLICK=False")


def test_every_other_call_goes_through_the_cli(repo: Path) -> None:
    done = _probe(repo, "--version")
    assert b"version" in done.stdout
    assert done.stderr.decode().endswith("CLICK=True")


# -- a plain decide skips click too ---------------------------------------------------------


def _click_decide_options() -> dict[str, tuple[str, str]]:
    """``decide``'s options as click declares them, in DECIDE_OPTIONS's terms."""
    import click

    from gitledger.commands.decide import decide

    found: dict[str, tuple[str, str]] = {}
    for param in decide.params:
        if not isinstance(param, click.Option):
            continue
        how = "many" if param.multiple else "flag" if param.is_flag else "one"
        for spelling in param.opts:
            assert param.name is not None
            found[spelling] = (param.name, how)
    return found


def test_the_fast_decide_knows_exactly_click_s_options_but_repo() -> None:
    DECIDE_OPTIONS = decide_command.OPTIONS

    options = _click_decide_options()
    # -C/--repo is click's alone: a decide elsewhere goes through the CLI.
    assert {k: v for k, v in options.items() if v[0] != "repo"} == DECIDE_OPTIONS
    from gitledger.commands.decide import decide

    arguments = [p.name for p in decide.params if p.param_type_name == "argument"]
    assert arguments == ["text"]


_DECIDE_LINES = [
    ["decide", "Use PostgreSQL"],
    ["decide", "Use PostgreSQL", "--over", "MySQL", "--over=SQLite", "--because", "pgvector"],
    ["decide", "--scope", "storage", "Use PostgreSQL", "--proposed", "--json"],
    ["decide", "Pool of 20", "--supersedes=d-abc", "--evidence", "test:pool", "--paths",
     "src/*.py", "--next", "measure", "--project", "--because="],
    ["decide", ""],
    ["decide", "x", "--over", ""],
]

_NOT_FAST = [
    ["decide"], ["decide", "-"], ["decide", "a", "b"], ["decide", "a", "--help"],
    ["decide", "a", "-C", "."], ["decide", "a", "--repo", "."], ["decide", "a", "--ove", "x"],
    ["decide", "a", "--over"], ["decide", "a", "--because", "-x"],
    ["decide", "a", "--scope", "s", "--scope", "t"], ["decide", "a", "--json=yes"],
    ["decide", "a", "--"], ["-C", ".", "decide", "a"], ["verify", "a", "--by", "b"],
    ["decide", "-5 retries"], [],
]


@pytest.mark.parametrize("args", _DECIDE_LINES)
def test_a_plain_decide_parses_as_click_parses_it(args: list[str]) -> None:
    from gitledger.commands.decide import decide
    ours = plain_decide(args)
    assert ours is not None
    theirs = dict(decide.make_context("decide", list(args[1:])).params)
    theirs.pop("repo")
    assert ours == theirs


@pytest.mark.parametrize("args", _NOT_FAST)
def test_any_other_decide_goes_through_click(args: list[str]) -> None:
    assert plain_decide(args) is None


def test_the_fast_decide_loads_no_click_and_writes_as_the_cli_does(repo: Path) -> None:
    fast = _probe(repo, "decide", "Use PostgreSQL", "--over", "MySQL", "--scope", "storage")
    assert fast.returncode == 0, fast.stderr
    assert fast.stderr.decode().endswith("CLICK=False")
    first = fast.stdout.decode().strip()
    # The same write through click (-C takes it there): the same output, the same warning.
    slow = _probe(repo, "-C", str(repo), "decide", "Use pgbouncer", "--scope", "storage",
                  "--json")
    fast_json = _probe(repo, "decide", "Use pgpool", "--scope", "storage", "--json")
    assert slow.stderr.decode().endswith("CLICK=True")
    assert fast_json.stderr.decode().endswith("CLICK=False")
    slow_out, fast_out = json.loads(slow.stdout), json.loads(fast_json.stdout)
    assert slow_out.keys() == fast_out.keys()
    assert slow_out["entry"]["text"] == "Use pgbouncer"
    assert fast_out["entry"]["text"] == "Use pgpool"
    warning = f"git ledger: warning: {first} is already in force in scope 'storage'"
    assert slow.stderr.decode().startswith(warning)
    assert fast_json.stderr.decode().startswith(warning)
    shown = subprocess.run(["git", "ledger", "show", first, "--json"], cwd=repo, check=True,
                           capture_output=True, timeout=60)
    assert json.loads(shown.stdout)["entry"]["over"] == ["MySQL"]


def test_a_fast_decide_that_fails_fails_as_the_cli_does(repo: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(["git", "ledger", *args], cwd=repo, capture_output=True,
                              timeout=60, check=False)

    fast = run("decide", "Use PostgreSQL", "--supersedes", "d-nothing")
    slow = run("-C", str(repo), "decide", "Use PostgreSQL", "--supersedes", "d-nothing")
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout,
                                                           slow.stderr)
    assert fast.returncode == 1
    assert fast.stderr.decode().startswith("git ledger: no entry matches 'd-nothing'")
    assert len(fast.stderr.splitlines()) == 1


def test_a_fast_decide_applies_the_queue_first_and_says_its_result(repo: Path) -> None:
    """The plain decide skips click, not the rule every reader keeps: what the git hooks
    queued is applied before the write, and what it had to say is said by it."""
    subprocess.run(["git", "ledger", "task", "queue"], cwd=repo, check=True, timeout=60,
                   capture_output=True)
    (repo / "q.txt").write_text("q\n")
    subprocess.run(["git", "add", "q.txt"], cwd=repo, check=True, timeout=60)
    subprocess.run(["git", "-c", "core.hooksPath=/dev/null", "commit", "-q", "-m",
                    "x\n\nLedger-Refs: d-zzzzzzzz"], cwd=repo, check=True, timeout=60)
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, check=True, text=True,
                         capture_output=True, timeout=60).stdout.strip()
    gitdir = repo / ".git"
    event_queue.append(gitdir, "post-commit", "", (sha,))
    fast = _probe(repo, "decide", "Use a queue")
    assert fast.returncode == 0, fast.stderr
    assert fast.stderr.decode().endswith("CLICK=False")
    assert "d-zzzzzzzz" in fast.stderr.decode()
    assert not pending(gitdir)
