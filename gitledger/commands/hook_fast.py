"""The agent hooks the executable runs without click: ``hook pre-tool-use`` (before every
edit an agent makes; its shell fast path hands it every payload that names a governed
file), ``hook session-start`` (every agent start), ``hook pre-compact`` and ``hook
session-end``, and the Stop hook's ``check --hook stop``, each as ``install`` writes it
(``--agent A``, ``--agent=A``, or nothing: Claude Code).  A hook reads its payload on
stdin and exits 0 whatever happens; the click ``hook`` and ``check --hook`` run the same
functions."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

from gitledger.commands.plain import Fast, Printed, Shape, parse
from gitledger.core.names import EVENTS

_AGENT = {"--agent": ("agent", "one")}
PRE_TOOL_USE = Shape(("hook", "pre-tool-use"), _AGENT, defaults={"agent": "claude"})
STOP = Shape(("check", "--hook", "stop"), _AGENT, defaults={"agent": "claude"})
#: The lifecycle hooks ``agent_hooks.run_hook`` answers, each a shape of its own: every
#: agent event but pre-tool-use, which has its own module.
SESSION_EVENTS = tuple(event for event in EVENTS if event != "pre-tool-use")


def pre_tool_use_agent(args: Sequence[str]) -> str | None:
    """The agent of a plain ``hook pre-tool-use`` call, or None for any other command line."""
    params = parse(PRE_TOOL_USE, args)
    return params["agent"] if params is not None else None


def stop_hook_agent(args: Sequence[str]) -> str | None:
    """The agent of the Stop hook's call as ``install`` writes it, or None for any other
    command line."""
    params = parse(STOP, args)
    return params["agent"] if params is not None else None


def pre_tool_use(params: dict[str, Any], _key: Any = None,
                 where: str | os.PathLike[str] | None = None) -> Printed:
    """What the agent is told before its edit (``pre_tool_hook``), from the payload on
    stdin."""
    from gitledger.integrations.hook_core import read_stdin
    from gitledger.integrations.pre_tool_hook import run_pre_tool_use

    result = run_pre_tool_use(params["agent"], read_stdin(sys.stdin), os.environ, cwd=where)
    return Printed(result.stdout or None, result.stderr, result.exit_code)


def stop(params: dict[str, Any], _key: Any = None,
         where: str | os.PathLike[str] | None = None) -> Printed:
    """The Stop hook's answer: nothing, without libgit2, when ``stop_gate`` lets the agent
    go unchecked (the payload says so, or the ledger was checked clean and nothing moved
    since); else the hook's check (``stop_hook``)."""
    from gitledger.integrations.hook_core import read_stdin
    from gitledger.integrations.stop_gate import let_go_unchecked

    stdin = read_stdin(sys.stdin)
    if let_go_unchecked(params["agent"], stdin, os.environ):
        return Printed(None)
    from gitledger.integrations.stop_hook import run_stop_check

    result = run_stop_check(params["agent"], stdin, os.environ, cwd=where)
    return Printed(result.stdout or None, result.stderr)


def session_event(event: str) -> Fast:
    """The plain ``hook EVENT`` call of a lifecycle hook: the restore block at a start, a
    checkpoint and the transcript at a compaction or an end (``agent_hooks``)."""

    def answer(params: dict[str, Any], _key: Any = None,
               where: str | os.PathLike[str] | None = None) -> Printed:
        from gitledger.integrations.agent_hooks import run_hook
        from gitledger.integrations.hook_core import read_stdin

        result = run_hook(event, params["agent"], read_stdin(sys.stdin), os.environ, cwd=where)
        return Printed(result.stdout or None, result.stderr)

    # Quiet: what the drain says waits for a command whose output someone reads; but a
    # commit a killed hook left unrecorded is recorded first, as the click hook does.
    return Fast(Shape(("hook", event), _AGENT, defaults={"agent": "claude"}), answer,
                report=False, utf8=True, drains_all=True)


def _unknown_agent(params: dict[str, Any]) -> bool:
    """An agent click refuses (its usage error names the agents)."""
    from gitledger.integrations.agent_registry import AGENTS

    return params["agent"] not in AGENTS


FAST_PRE_TOOL_USE = Fast(PRE_TOOL_USE, pre_tool_use, report=False)
FAST_STOP = Fast(STOP, stop, refuses=_unknown_agent, utf8=True)
FAST_SESSION = tuple(session_event(event) for event in SESSION_EVENTS)

__all__ = ["FAST_PRE_TOOL_USE", "FAST_SESSION", "FAST_STOP", "PRE_TOOL_USE",
           "SESSION_EVENTS", "STOP", "pre_tool_use", "pre_tool_use_agent", "session_event",
           "stop", "stop_hook_agent"]
