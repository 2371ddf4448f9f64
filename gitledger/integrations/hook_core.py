"""The part of every hook of ours that loads nothing heavy: what it prints (``HookResult``),
the deadline it keeps, its one-line complaint, and the payload field names the agents
share.  ``hook_io.py`` adds the payload parsing; the pre-tool-use hook, which runs before
every edit, needs only this (``hook_io`` loads the credential detector through
``core.text``, milliseconds of start the edit would wait for).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType

from gitledger.core.display import OUTPUT_LIMIT, one_line

#: The most stdin we read: agents send a few hundred bytes.
STDIN_LIMIT = 1 << 20


#: Seconds after which a hook gives up and says so (agents are configured to wait 30).
DEADLINE_SECONDS = 20.0


#: The field names every agent's payload may use, whichever agent it is (a hook installed
#: for one agent and run by another still finds its session); an agent's record names
#: what only it sends (Cursor's ``workspace_roots``, early Gemini's ``trigger``).
SESSION_KEYS = ("session_id", "sessionId", "conversation_id")


CWD_KEYS = ("cwd", "working_directory")


EVENT_KEYS = ("hook_event_name", "hookEventName")


TRANSCRIPT_KEYS = ("transcript_path", "transcriptPath")


#: Cursor's list of workspace roots, for payloads that carry no ``cwd``.
ROOTS_KEY = "workspace_roots"


@dataclass(frozen=True)
class HookResult:
    """Exactly what the hook process prints and how it exits."""

    stdout: str
    stderr: str
    exit_code: int = 0


class HookFailure(Exception):
    """What a hook reports on stderr when it cannot do its job."""


class Deadline(BaseException):
    """Raised by the alarm; a BaseException so no ``except Exception`` swallows it."""


def hook_line(prefix: str, message: str) -> str:
    """One line on stderr, at most ``OUTPUT_LIMIT`` characters of message: what a hook
    says can quote ledger text, and an agent reads it."""
    return f"{prefix}: {one_line(message, OUTPUT_LIMIT)}\n"


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Deadline after ``seconds`` (where SIGALRM exists and we are the main thread)."""
    usable = (seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise Deadline

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


__all__ = [
    "CWD_KEYS",
    "DEADLINE_SECONDS",
    "EVENT_KEYS",
    "ROOTS_KEY",
    "SESSION_KEYS",
    "STDIN_LIMIT",
    "TRANSCRIPT_KEYS",
    "Deadline",
    "HookFailure",
    "HookResult",
    "hook_line",
    "time_limit",
]
