"""The ``git-ledger`` executable: the click command line, except for the calls that must
start fast.

An agent's shell fast path hands ``git-ledger hook pre-tool-use --agent A`` every payload
that names a governed file, before the edit goes on, and importing click with the command
table costs that wait about a third of its time.  Exactly that call (``--agent A`` or
``--agent=A``, nothing else) goes straight to the hook; anything else, the same hook
spelled another way included (``-C DIR``, ``--help``), goes through ``cli.py``, whose
``hook`` command does the same.

``decide`` is the write an agent makes most, one process each: a plain one (TEXT and the
options of ``DECIDE_OPTIONS``, each spelled ``--name VALUE`` or ``--name=VALUE``, and
nothing else) is parsed here and, after applying the git hooks' queue as every click
command does first, calls the same library function ``cli.py``'s ``decide`` calls,
printing what it prints, without loading click and the command table.  Anything
else (``-C``, ``--help``, TEXT ``-`` read from stdin, an abbreviation, a value that starts
with ``-``, a single-valued option given twice) goes through click.  A test holds this
table equal to click's options of ``decide``, so the two cannot drift apart.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

_HOOK = ("hook", "pre-tool-use")

#: ``decide``'s options as cli.py declares them: the parameter each sets, and how
#: ("many": repeatable, "one": a value, "flag": no value).
DECIDE_OPTIONS: dict[str, tuple[str, str]] = {
    "--over": ("over", "many"),
    "--because": ("because", "one"),
    "--scope": ("scope", "one"),
    "--supersedes": ("supersedes", "one"),
    "--proposed": ("proposed", "flag"),
    "--evidence": ("evidence", "many"),
    "--paths": ("paths", "many"),
    "--next": ("next_text", "one"),
    "--project": ("project", "flag"),
    "--json": ("as_json", "flag"),
}

PROG = "git ledger"


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


def plain_decide(args: Sequence[str]) -> dict[str, Any] | None:
    """The parameters click would give ``decide`` for a plain ``decide`` command line (see
    the module docstring), or None for any other command line."""
    if not args or args[0] != "decide":
        return None
    params: dict[str, Any] = {name: () if how == "many" else (False if how == "flag" else None)
                              for name, how in DECIDE_OPTIONS.values()}
    text: str | None = None
    seen: set[str] = set()
    words = list(args[1:])
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("-"):
            if text is not None:
                return None  # a second TEXT: click's usage error says it
            text = word
            continue
        name, equals, value = word.partition("=")
        known = DECIDE_OPTIONS.get(name)
        if known is None:
            return None  # -C, --help, --, an abbreviation, a typo: click's to answer
        param, how = known
        if how == "flag":
            if equals:
                return None
            params[param] = True
            continue
        if not equals:
            if i >= len(words):
                return None  # a missing value: click's usage error
            value = words[i]
            i += 1
        if value.startswith("-"):
            return None  # click may read it otherwise (another option)
        if how == "many":
            params[param] = (*params[param], value)
        else:
            if name in seen:
                return None
            seen.add(name)
            params[param] = value
    if text is None or text == "-":
        return None  # no TEXT (a usage error) or TEXT on stdin: through click
    params["text"] = text
    return params


def run_decide(params: dict[str, Any]) -> None:
    """``cli.decide`` with its parameters: the same library call, output and exit status."""
    from gitledger.core.display import one_line
    from gitledger.errors import ConflictingOptions, LedgerError

    try:
        from gitledger.ledger.operations import Ledger
        from gitledger.views.render import write_json, write_text

        result = Ledger.open(None, project=params["project"]).decide(
            params["text"], over=params["over"], because=params["because"],
            scope=params["scope"], supersedes=params["supersedes"],
            proposed=params["proposed"], evidence=params["evidence"], paths=params["paths"],
            next_text=params["next_text"],
        )
        if params["as_json"]:
            import json

            from gitledger.core.display import shown

            out = json.dumps(shown(write_json(result)), indent=2, ensure_ascii=False)
        else:
            out = write_text(result, "")
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        for warning in result.warnings:
            sys.stderr.write(f"{PROG}: warning: {one_line(warning)}\n")
    except ConflictingOptions as exc:
        message = exc.spelled(lambda name: "--" + name.replace("_", "-"))
        _fail(f"{message} (see {PROG} decide --help)", 2)
    except LedgerError as exc:
        _fail(str(exc), exc.exit_code)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    sys.exit(0)


def _fail(message: str, code: int) -> None:
    from gitledger.core.display import one_line

    sys.stderr.write(f"{PROG}: {one_line(message)}\n")
    sys.exit(code)


def _drain_first(*, report: bool) -> None:
    """What every click command does first: apply what the git hooks queued, and say once
    what it had to say (``report``); the code that applies it loads only when something
    waits.  Never the reason the call fails."""
    from gitledger.storage.queue_probe import needs_drain, queued_here

    if not (needs_drain(None) if report else queued_here()):
        return
    from gitledger.core.display import one_line
    from gitledger.errors import LedgerError
    from gitledger.integrations.git_events import drain_git_events

    try:
        lines = drain_git_events(None, report=report)
    except LedgerError as exc:
        lines = [f"{PROG}: warning: the queued git events were not applied: {one_line(str(exc))}"]
    for line in lines:
        sys.stderr.write(line + "\n")


def main() -> None:
    args = sys.argv[1:]
    agent = pre_tool_use_agent(args)
    if agent is None:
        decide = plain_decide(args)
        if decide is not None:
            _drain_first(report=True)
            run_decide(decide)
            return
        from gitledger.cli import main as cli_main

        cli_main()
        return
    # The fast call alone loads the hook; the code that applies the git hooks' queue loads
    # only when something is queued (the decisions read below must not be behind it).
    from gitledger.integrations.hook_core import read_stdin
    from gitledger.integrations.pre_tool_hook import run_pre_tool_use

    _drain_first(report=False)
    result = run_pre_tool_use(agent, read_stdin(sys.stdin), os.environ, cwd=None)
    if result.stdout:
        sys.stdout.write(result.stdout + "\n")
    if result.stderr:
        sys.stderr.write(result.stderr)
    sys.exit(result.exit_code)


__all__ = ["DECIDE_OPTIONS", "main", "plain_decide", "pre_tool_use_agent", "run_decide"]
