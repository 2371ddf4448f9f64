"""What every hook of ours shares: the agent's payload read tolerantly, the result it
prints, the deadline it keeps, and the one-line form of what went wrong.

Every hook exits 0 and never breaks the agent or the git command: the hooks build a
``HookResult`` (stdout for the agent, one line on stderr) whatever happens.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from gitledger.core.display import OUTPUT_LIMIT, one_line, printable
from gitledger.core.names import SOURCES
from gitledger.core.parsing import json_loads
from gitledger.core.text import decode_bytes
from gitledger.errors import InvalidInput
from gitledger.integrations.agent_registry import (
    BY_NAME,
    PROJECT_DIR_VARS,
)

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


@dataclass(frozen=True)
class Payload:
    """The fields we use from an agent's hook JSON, whatever the agent calls them."""

    session_id: str | None
    cwd: str | None
    source: str | None
    event_name: str | None
    transcript_path: str | None
    #: Why a session ended (SessionEnd's ``reason``: ``clear``, ``exit``, ``other`` …).
    reason: str | None = None


class HookFailure(Exception):
    """What a hook reports on stderr when it cannot do its job."""


class Deadline(BaseException):
    """Raised by the alarm; a BaseException so no ``except Exception`` swallows it."""


def parse_payload(stdin: bytes, agent: str) -> Payload:
    """The agent's hook JSON, tolerant of each agent's field names; HookFailure if none."""
    if not stdin.strip():
        raise HookFailure("no JSON on stdin (the agent passes its session's JSON there)")
    if len(stdin) > STDIN_LIMIT:
        raise HookFailure(f"stdin holds more than {STDIN_LIMIT} bytes; not a hook payload")
    try:
        text = decode_bytes(stdin, "stdin")
        data = json_loads(text)
    except InvalidInput as exc:
        raise HookFailure(f"cannot read the agent's JSON: {exc}") from None
    except json.JSONDecodeError as exc:
        raise HookFailure(
            f"stdin is not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    if not isinstance(data, dict):
        raise HookFailure("stdin is JSON but not an object; expected the agent's hook payload")
    keys = BY_NAME[agent].payload
    source = _text(data, *keys.source)
    if source is not None and source not in SOURCES:
        source = None  # a source this gitledger does not know ("fork"…) restores plainly
    if source is None:
        source = keys.default_source
    cwd = _text(data, *CWD_KEYS)
    if cwd is None:
        roots = data.get(ROOTS_KEY)
        if isinstance(roots, list) and roots and isinstance(roots[0], str) and roots[0]:
            cwd = roots[0]
    return Payload(
        session_id=_text(data, *SESSION_KEYS),
        cwd=cwd,
        source=source,
        event_name=_text(data, *EVENT_KEYS),
        transcript_path=_text(data, *TRANSCRIPT_KEYS),
        reason=_text(data, "reason"),
    )


def payload_object(stdin: bytes) -> dict[str, Any]:
    try:
        data = json_loads(stdin.decode("utf-8", errors="replace") or "{}")
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def _text(data: dict[str, Any], *keys: str) -> str | None:
    for key in keys:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value
    return None


def session_dir(payload: Payload, env: Mapping[str, str],
           fallback: str | os.PathLike[str] | None) -> str:
    """The directory the session runs in: the payload's, else the agent's project dir."""
    if payload.cwd is not None:
        if "\x00" in payload.cwd:
            raise HookFailure("the payload's cwd contains a NUL byte")
        if not Path(payload.cwd).is_dir():
            raise HookFailure(f"the session's cwd '{payload.cwd}' does not exist")
        return payload.cwd
    for name in PROJECT_DIR_VARS:
        value = env.get(name, "")
        if value and Path(value).is_dir():
            return value
    return str(fallback) if fallback is not None else os.getcwd()


#: What a transcript a hook saves is named: the agents write JSON or JSON Lines.
TRANSCRIPT_SUFFIXES = (".json", ".jsonl")


def transcript_dirs(agent: str, env: Mapping[str, str]) -> tuple[str, ...]:
    """Where ``agent`` writes its transcripts (its record's ``transcripts``), as real
    paths, from HOME and its variables as they are when the hook runs."""
    home = env.get("HOME") or os.path.expanduser("~")
    found: list[str] = []
    for place in BY_NAME[agent].transcripts:
        bases = [env[place.var]] if place.var and env.get(place.var) else []
        bases.append(os.path.join(home, place.home))
        for base in bases:
            if os.path.isabs(base):
                real = os.path.realpath(os.path.join(base, place.sub))
                if real not in found:
                    found.append(real)
    return tuple(found)


def transcript_file(path: str, agent: str, env: Mapping[str, str]) -> str | None:
    """The real path of the payload's ``transcript_path`` when a hook may save it: a
    regular ``.json`` or ``.jsonl`` file, not a symbolic link, inside one of the agent's
    transcript directories once ``..`` and every link are resolved.  None when nothing
    is there (an agent names the file a session will write before it exists);
    HookFailure saying why for anything else, which is not read.

    The payload names the file and the hook would save it into the repository: without
    this a ``transcript_path`` of ``/etc/passwd`` or ``/proc/self/environ`` was saved."""
    shown = printable(path[:300])
    if "\x00" in path:
        raise HookFailure("the payload's transcript_path contains a NUL byte; not saved")
    if not os.path.lexists(path):
        return None
    if os.path.islink(path):
        raise HookFailure(f"the transcript {shown} is a symbolic link; not saved")
    real = os.path.realpath(path)
    dirs = transcript_dirs(agent, env)
    if not any(real.startswith(d.rstrip(os.sep) + os.sep) for d in dirs):
        where = ", ".join(printable(d) for d in dirs) or "none"
        raise HookFailure(f"the transcript {shown} is not in {BY_NAME[agent].title}'s "
                          f"transcript directories ({where}); not saved")
    if not path.endswith(TRANSCRIPT_SUFFIXES):
        raise HookFailure(f"the transcript {shown} is not a .json or .jsonl file; not saved")
    try:
        mode = os.stat(real).st_mode
    except OSError as exc:
        raise HookFailure(f"cannot read the transcript {shown}: "
                          f"{exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        raise HookFailure(f"the transcript {shown} is not a regular file; not saved")
    return real


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
