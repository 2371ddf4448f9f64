"""The ``git-ledger`` executable: the click command line, except for the calls that must
start fast.

Importing click costs an agent's most frequent calls a third of their time, so each hot
command's exact shape runs through ``commands/plain.py``; anything else goes to ``cli.py``.
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
