"""The ``git-ledger`` executable: the click command line, except for the calls that must
start fast.

Importing click with the command table costs an agent's most frequent calls about a third
of their time: the pre-tool-use hook (before every edit), ``restore`` (every start), the
Stop hook's ``check --hook stop`` (every stop), ``decide`` (the write it makes most) and a
plain ``check`` (after every pull).  Each is a ``Fast`` of its command's module under
``commands/``; a command line of exactly its shape runs through ``commands/plain.py``'s
one mechanism (the saved output while its key holds, else the command's library call,
rendered as ``cli.py`` renders it, which calls the same function).  Anything else goes
through ``cli.py``.
"""

from __future__ import annotations

import sys

from gitledger.commands import check, decide, hook, restore
from gitledger.commands.plain import Fast, run, taken
from gitledger.core.interrupts import interruptible

#: The calls that start without click, the first that takes the command line wins.
FAST: tuple[Fast, ...] = (hook.FAST_PRE_TOOL_USE, decide.FAST, restore.FAST, check.FAST,
                          hook.FAST_STOP)


def main() -> None:
    args = sys.argv[1:]
    for fast in FAST:
        params = taken(fast, args)
        if params is not None:
            run(fast, params)
    from gitledger.cli import main as cli_main

    interruptible()  # click's group does the same for every other command
    cli_main()


__all__ = ["FAST", "main"]
