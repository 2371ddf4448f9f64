"""Whether a forked session goes on from the ledger owner's conversation.

A fork starts under a new id, usually after the session it came from has ended, and its
SessionStart names no parent: only what the client computed from the conversation it
forked, the last response's context size and age.  The owner's own transcript, in the
client's transcript directory beside the fork's, must end in a response of that size and
age, or the fork is another session (a claim in a payload proves nothing by itself).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gitledger.core.parsing import transcript_json_loads
from gitledger.integrations.hook_io import HookFailure, Payload, transcript_file

#: What of a transcript's end is read for its last response (a JSONL line is one record).
TAIL_BYTES = 1024 * 1024
#: Seconds between the client measuring the response's age and the hook reading the
#: clock: the hooks start right after, but a loaded machine may be slow to.
AGE_SLACK = 30
#: A session id that names a file (no separator, no ``..``).
_SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
#: The model Claude Code gives the responses it makes up itself (never the model's).
_SYNTHETIC_MODEL = "<synthetic>"


def forked_from(owner: str, payload: Payload, agent: str, env: Mapping[str, str]) -> bool:
    """Whether the fork ``payload`` starts went on from ``owner``'s conversation: the
    owner's transcript (``<the fork's transcript dir>/<owner><suffix>``, a file in the
    agent's own transcript directories) ends in a response of the payload's
    ``context_tokens``, made ``seconds_since_last_response`` ago."""
    if (payload.transcript_path is None or payload.context_tokens is None
            or payload.since_response is None or _SAFE_ID.fullmatch(owner) is None
            or ".." in owner):
        return False
    folder, name = os.path.split(payload.transcript_path)
    suffix = os.path.splitext(name)[1]
    try:
        path = transcript_file(os.path.join(folder, owner + suffix), agent, env)
    except HookFailure:
        return False
    if path is None:
        return False
    last = last_response(path)
    if last is None:
        return False
    tokens, when = last
    age = time.time() - when
    return (tokens == payload.context_tokens
            and payload.since_response - 1 <= age <= payload.since_response + AGE_SLACK)


def last_response(path: str) -> tuple[int, float] | None:
    """The last model response in Claude Code's transcript ``path``: its context tokens
    (input, cache reads and writes, output; a tool loop's last iteration) and when it
    came (seconds since the epoch).  None when the tail holds none or cannot be read."""
    try:
        with open(path, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - TAIL_BYTES))
            tail = handle.read(TAIL_BYTES)
    except OSError:
        return None
    tokens: int | None = None
    when: float | None = None
    for raw in reversed(tail.splitlines()):
        record = _record(raw)
        if record is None or record.get("type") != "assistant":
            continue
        message = record.get("message")
        if not isinstance(message, dict) or message.get("model") == _SYNTHETIC_MODEL:
            continue
        if when is None:  # the age is the last response's, whatever its usage says
            when = _timestamp(record.get("timestamp"))
            if when is None:
                return None
        tokens = _context_tokens(message.get("usage"))
        if tokens is not None:
            return tokens, when
    return None


def _record(raw: bytes) -> dict[str, Any] | None:
    try:
        record = transcript_json_loads(raw)
    except (ValueError, UnicodeDecodeError):  # malformed, too deep or a number JSON lacks
        return None
    return record if isinstance(record, dict) else None


def _context_tokens(usage: object) -> int | None:
    if not isinstance(usage, dict):
        return None
    iterations = usage.get("iterations")
    if isinstance(iterations, list) and iterations and isinstance(iterations[-1], dict):
        usage = iterations[-1]
    keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens",
            "output_tokens")
    counts = [usage.get(k, 0) for k in keys]
    if not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts):
        return None
    total = sum(counts)
    return total if total > 0 else None


def _timestamp(value: object) -> float | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None
