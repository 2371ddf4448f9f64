"""The ``git-ledger`` executable: the pre-tool-use hook's plain call skips click."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gitledger.launch import pre_tool_use_agent

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


def test_every_other_call_goes_through_the_cli(repo: Path) -> None:
    done = _probe(repo, "--version")
    assert b"version" in done.stdout
    assert done.stderr.decode().endswith("CLICK=True")
