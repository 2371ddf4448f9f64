"""gitledger: an AI coding agent's reasoning kept inside git.

The library is the product; ``cli.py`` is a thin click layer over it.  The layers and their
order are in docs/architecture.md, enforced by tests/test_architecture.py; ``storage`` is
the only importer of pygit2.
"""

# First, before anything loads: Ctrl-C from here on is one line (see _stop_while_loading).
# ``_signal`` is the C module under ``signal``, which would load ``enum`` first (5 ms in
# which an interrupt is still a traceback); ``os`` and ``sys`` are loaded already.
import _signal  # type: ignore[import-not-found]  # no stub: a C module of CPython
import os as _os
import sys as _sys


def _stop_while_loading(_signum: int, _frame: object) -> None:
    """Ctrl-C while Python loads a command (most of a read's time): nothing has begun, so
    one line and status 130, never a traceback from inside an import.  The command itself
    turns Ctrl-C back into ``KeyboardInterrupt`` (``core/interrupts.interruptible``)."""
    _os.write(2, b"git ledger: interrupted\n")
    _os._exit(130)


if _sys.argv and _os.path.basename(_sys.argv[0]) == "git-ledger":  # the executable only
    _signal.signal(_signal.SIGINT, _stop_while_loading)

__version__ = "0.1.0"
FORMAT_VERSION = 4
#: The first format whose entry counter is the ``Ledger-Seq`` trailer of the ledger's tip
#: (docs/format.md): an add writes its entry and nothing else, no ``state.toml``.
SEQ_TRAILER_FORMAT = 2
