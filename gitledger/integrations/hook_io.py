"""What every hook of ours shares: the agent's payload read tolerantly, the result it
prints, the deadline it keeps, and the one-line form of what went wrong.

Every hook exits 0 and never breaks the agent or the git command: the hooks build a
``HookResult`` (stdout for the agent, one line on stderr) whatever happens.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.display import printable
from gitledger.core.names import SOURCES
from gitledger.core.parsing import json_loads
from gitledger.core.text import decode_bytes
from gitledger.errors import InvalidInput
from gitledger.integrations.agent_registry import (
    BY_NAME,
    PROJECT_DIR_VARS,
    TranscriptDir,
)
from gitledger.integrations.hook_core import (
    CWD_KEYS,
    DEADLINE_SECONDS,
    EVENT_KEYS,
    ROOTS_KEY,
    SESSION_KEYS,
    STDIN_LIMIT,
    TRANSCRIPT_KEYS,
    Deadline,
    HookFailure,
    HookResult,
    hook_line,
    time_limit,
)


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
    #: After a resume or fork (Claude Code): the context size of the conversation's last
    #: response, and its age in seconds (``fork_lineage.py`` checks them).
    context_tokens: int | None = None
    since_response: int | None = None


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
        context_tokens=_count(data, "context_tokens"),
        since_response=_count(data, "seconds_since_last_response"),
    )


def payload_object(stdin: bytes) -> dict[str, Any]:
    try:
        data = json_loads(stdin.decode("utf-8", errors="replace") or "{}")
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


def _count(data: dict[str, Any], key: str) -> int | None:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


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


#: A session id a transcript's path is built from: one path component, never ``..``.
SESSION_COMPONENT = re.compile(r"\A[A-Za-z0-9][A-Za-z0-9_-]{0,127}\Z")
#: What a transcript a hook saves is named: the agents write JSON or JSON Lines.
TRANSCRIPT_SUFFIXES = (".json", ".jsonl")


def transcript_dirs(agent: str, env: Mapping[str, str]) -> tuple[str, ...]:
    """Where ``agent`` writes its transcripts (its record's ``transcripts``), as real
    paths, from HOME and its variables as they are when the hook runs."""
    found: list[str] = []
    for place in BY_NAME[agent].transcripts:
        for real in _place_dirs(place, env):
            if real not in found:
                found.append(real)
    return tuple(found)


def _place_dirs(place: TranscriptDir, env: Mapping[str, str]) -> list[str]:
    home = env.get("HOME") or os.path.expanduser("~")
    bases = [env[place.var]] if place.var and env.get(place.var) else []
    bases.append(os.path.join(home, place.home))
    return [os.path.realpath(os.path.join(base, place.sub)) for base in bases
            if os.path.isabs(base)]


def session_transcript(agent: str, session_id: str | None,
                       env: Mapping[str, str]) -> str | None:
    """Where ``agent`` keeps the transcript of ``session_id`` (its record's
    ``session_file``), for a payload that names none: the first such file that exists,
    else None.  Only an id that is one plain path component is looked up; the file still
    goes through ``transcript_file``."""
    if session_id is None or not SESSION_COMPONENT.match(session_id):
        return None
    for place in BY_NAME[agent].transcripts:
        if not place.session_file:
            continue
        for directory in _place_dirs(place, env):
            candidate = os.path.join(directory, place.session_file.format(session_id))
            if os.path.lexists(candidate):
                return candidate
    return None


def session_database(agent: str, env: Mapping[str, str]) -> str | None:
    """The real path of the database ``agent`` keeps its sessions in (its record's
    ``database``), when it is a regular file, not a symbolic link, inside its directory
    once resolved; else None."""
    for place in BY_NAME[agent].transcripts:
        if not place.database:
            continue
        for directory in _place_dirs(place, env):
            candidate = os.path.join(directory, place.database)
            if not os.path.lexists(candidate) or os.path.islink(candidate):
                continue
            real = os.path.realpath(candidate)
            try:
                regular = stat.S_ISREG(os.stat(real).st_mode)
            except OSError:
                continue
            if regular and _inside(real, (directory,)):
                return real
    return None


def _inside(real: str, directories: tuple[str, ...]) -> bool:
    """Whether the resolved path ``real`` lies under one of ``directories`` (real paths)."""
    return any(real.startswith(d.rstrip(os.sep) + os.sep) for d in directories)


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
    if not _inside(real, dirs):
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


__all__ = [
    "CWD_KEYS",
    "DEADLINE_SECONDS",
    "EVENT_KEYS",
    "ROOTS_KEY",
    "SESSION_COMPONENT",
    "SESSION_KEYS",
    "STDIN_LIMIT",
    "TRANSCRIPT_KEYS",
    "TRANSCRIPT_SUFFIXES",
    "Deadline",
    "HookFailure",
    "HookResult",
    "Payload",
    "hook_line",
    "parse_payload",
    "payload_object",
    "session_database",
    "session_dir",
    "session_transcript",
    "time_limit",
    "transcript_dirs",
    "transcript_file",
]
