"""The ``git-ledger`` executable: the click command line, except for the one call that
must start fast.

An agent's shell fast path hands ``git-ledger hook pre-tool-use --agent A`` every payload
that names a governed file, before the edit goes on, and importing click with the command
table costs that wait about a third of its time.  Exactly that call (``--agent A`` or
``--agent=A``, nothing else) goes straight to the hook; anything else, the same hook
spelled another way included (``-C DIR``, ``--help``), goes through ``cli.py``, whose
``hook`` command does the same.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

_HOOK = ("hook", "pre-tool-use")


def pre_tool_use_agent(args: Sequence[str]) -> str | None:
    """The agent of a plain ``hook pre-tool-use`` call, or None for any other command line."""
    if tuple(args[:2]) != _HOOK:
        return None
    rest = list(args[2:])
    if not rest:
        return "claude"
    if len(rest) == 2 and rest[0] == "--agent":
        return rest[1]
    if len(rest) == 1 and rest[0].startswith("--agent="):
        return rest[0].removeprefix("--agent=")
    return None


def main() -> None:
    agent = pre_tool_use_agent(sys.argv[1:])
    if agent is None:
        from gitledger.cli import main as cli_main

        cli_main()
        return
    # The fast call alone loads the hook; the code that applies the git hooks' queue loads
    # only when something is queued (the decisions read below must not be behind it).
    from gitledger.integrations.hook_core import read_stdin
    from gitledger.integrations.pre_tool_hook import run_pre_tool_use
    from gitledger.storage.queue_probe import queued_here

    if queued_here():
        from gitledger.integrations.git_events import drain_git_events

        drain_git_events(None, report=False)

    result = run_pre_tool_use(agent, read_stdin(sys.stdin), os.environ, cwd=None)
    if result.stdout:
        sys.stdout.write(result.stdout + "\n")
    if result.stderr:
        sys.stderr.write(result.stderr)
    sys.exit(result.exit_code)


__all__ = ["main", "pre_tool_use_agent"]
