"""The ``git-ledger`` executable: the click command line, except for the calls that must
start fast.

Importing click costs an agent's most frequent calls a third of their time, so each hot
command's exact shape runs through ``commands/plain.py``; anything else goes to ``cli.py``.
"""

from __future__ import annotations

import sys

from gitledger.commands import check_fast, decide_fast, hook_fast, restore_fast
from gitledger.commands.plain import Fast, run, taken
from gitledger.core.interrupts import interruptible

#: The calls that start without click, the first that takes the command line wins.
FAST: tuple[Fast, ...] = (hook_fast.FAST_PRE_TOOL_USE, decide_fast.FAST, restore_fast.FAST,
                          check_fast.FAST, hook_fast.FAST_STOP, *hook_fast.FAST_SESSION)


def main() -> None:
    args = sys.argv[1:]
    for fast in FAST:
        params = taken(fast, args)
        if params is not None:
            run(fast, params)
    from gitledger.cli import cli

    interruptible()  # click's group does the same for every other command
    cli.main()


__all__ = ["FAST", "main"]
