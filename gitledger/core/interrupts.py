"""Ctrl-C held over a sequence of writes that must all happen once the first has.

Inside ``held_interrupts`` a SIGINT is only noted, so the user gets "done" or "nothing
happened", never half an operation.  Outside the main thread it does nothing.
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType


@contextmanager
def held_interrupts() -> Iterator[Callable[[], bool]]:
    """SIGINT is noted, not raised, for the block; the callable says whether one came."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return
    arrived: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        arrived.append(signum)

    previous = signal.signal(signal.SIGINT, note)
    try:
        yield lambda: bool(arrived)
    finally:
        signal.signal(signal.SIGINT, previous)


#: Whether Ctrl-C came since ``interruptible``: an import it cuts short may surface as an
#: ImportError (a C module's ``PyCapsule_Import``), not as the KeyboardInterrupt it was.
_RECEIVED: list[int] = []
#: Whether ``interruptible`` took Ctrl-C over: the executable, not a caller of the library.
_TAKEN_OVER: list[bool] = []


def _interrupt(signum: int, frame: FrameType | None) -> None:
    _RECEIVED.append(signum)
    signal.default_int_handler(signum, frame)


def _unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    """Ctrl-C that landed in code Python cannot raise from (a weakref's callback, such as
    importlib's module lock's, or a ``__del__``) is not printed as "Exception ignored" with
    a traceback: it is raised again once this hook has returned, where the command can end
    with its one line.  (Raised from here, Python would print the hook's own traceback.)"""
    if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
        _IN_HOOK[0] = True
        try:
            with suppress(RuntimeError):  # the interpreter is ending: so is the command
                _thread.start_new_thread(_interrupt_once_returned, ())
        finally:
            _IN_HOOK[0] = False  # a plain store: no signal is handled between it and the return
        return
    _UNRAISABLE_BEFORE[0](unraisable)


def _interrupt_once_returned() -> None:
    """SIGINT to the main thread once the hook has returned (at most a second on): a real
    signal, so a sleep or a wait the main thread is in is cut short.  Not where the handler
    is no longer Python's (``finished`` ignores it; the default would kill the process)."""
    until = time.monotonic() + 1
    while _IN_HOOK[0] and time.monotonic() < until:
        time.sleep(0.001)
    main = threading.main_thread().ident
    if main is not None and callable(signal.getsignal(signal.SIGINT)):
        signal.pthread_kill(main, signal.SIGINT)


#: The hook ``interruptible`` replaced, which every other unraisable exception goes to.
_UNRAISABLE_BEFORE = [sys.unraisablehook]
#: Whether ``_unraisable`` is still running: the interrupt waits until it has returned.
_IN_HOOK = [False]


def interruptible() -> None:
    """From here on Ctrl-C is Python's ``KeyboardInterrupt``, which a command may hold off
    (``held_interrupts``) and which the command line ends with one line and status 130."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _interrupt)
        if sys.unraisablehook is not _unraisable:
            _UNRAISABLE_BEFORE[0] = sys.unraisablehook
            sys.unraisablehook = _unraisable
        _TAKEN_OVER.append(True)


def finished() -> None:
    """The command's work is done and said: a Ctrl-C from here to the exit (the rest of the
    report, click's teardown) is ignored, never an "interrupted" after the report said
    done.  Only where ``interruptible`` took Ctrl-C over."""
    if _TAKEN_OVER and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def was_interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is what Ctrl-C left behind: a KeyboardInterrupt, an exception it
    caused (Python 3.11 wraps one raised in a class body's ``__set_name__`` in a
    RuntimeError), or an ImportError raised after one came (the import it stopped)."""
    seen: BaseException | None = exc
    for _ in range(8):  # a cause chain is short; a cycle must not hang the exit
        if seen is None:
            break
        if isinstance(seen, KeyboardInterrupt):
            return True
        # What the code chose to say instead (``raise … from None``) is not the interrupt.
        seen = seen.__cause__ or (None if seen.__suppress_context__ else seen.__context__)
    return isinstance(exc, ImportError) and bool(_RECEIVED)
