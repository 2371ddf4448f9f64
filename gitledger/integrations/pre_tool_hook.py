"""``git ledger hook pre-tool-use --agent A``: tell an agent, before its tool writes a file,
the decisions that govern that file, once per session (``ledger/hook_state.py``).

It never blocks the tool (context only, exit 0) and prints nothing it cannot use.  It runs
before every edit, so it imports the ledger's reads only, never the writes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gitledger.core.display import one_line
from gitledger.core.footprint import IN_FORCE
from gitledger.core.parsing import json_loads
from gitledger.derived.governing_cache import PARTS, Earlier, Key, combined, current_key, load
from gitledger.errors import InvalidInput, LedgerError
from gitledger.integrations.agent_registry import AGENTS, BY_NAME, PROJECT_DIR_VARS
from gitledger.integrations.hook_core import (
    CWD_KEYS,
    ROOTS_KEY,
    SESSION_KEYS,
    STDIN_LIMIT,
    Deadline,
    HookResult,
    hook_line,
    time_limit,
)
from gitledger.integrations.tool_targets import tool_name, tool_targets
from gitledger.ledger.hook_state import read_told, record_editing, record_told
from gitledger.views.governing import MAX_ENTRIES, context_text, select

#: The longest session id we key on (``ledger.reader.SESSION_LIMIT``, which this module
#: does not import: it would load libgit2).
SESSION_LIMIT = 200
#: Seconds before the hook gives up (silently: the edit goes on without the context).
PRE_TOOL_DEADLINE = 5.0
_PREFIX = "git ledger hook pre-tool-use"


def run_pre_tool_use(agent: str, stdin: bytes, env: Mapping[str, str], *,
                     cwd: str | os.PathLike[str] | None = None,
                     deadline: float = PRE_TOOL_DEADLINE) -> HookResult:
    """Run the hook for ``agent`` on its ``stdin``; never raises, always exits 0."""
    if agent not in AGENTS:
        return HookResult("", hook_line(_PREFIX, f"unknown agent '{one_line(agent)}'; use "
                                                 f"one of {', '.join(AGENTS)}"))
    try:
        with time_limit(deadline):
            return HookResult(_run(agent, stdin, env, cwd), "")
    except Deadline:
        return HookResult("", hook_line(f"{_PREFIX} ({agent})",
                                        f"gave up after {deadline:g} seconds"))
    except LedgerError as exc:
        return HookResult("", hook_line(f"{_PREFIX} ({agent})", str(exc)))
    except Exception as exc:  # a bug of ours must never stop the agent's edit
        return HookResult("", hook_line(f"{_PREFIX} ({agent})",
                                        f"internal error: {type(exc).__name__}: {exc}"))


def _run(agent: str, stdin: bytes, env: Mapping[str, str],
         fallback: str | os.PathLike[str] | None) -> str:
    data = _payload(stdin)
    spec = BY_NAME[agent]
    if data is None or tool_name(data) not in spec.tools:
        return ""
    where = _directory(data, env, fallback)
    if where is None:
        return ""
    key = current_key(where)
    if key is None:
        saved = None
        try:
            top, gitdir, saved = _read_ledgers(where, None)
        except LedgerError:
            return ""  # not a repository (or a bare one): nothing governs anything here
    else:
        top, gitdir = key.top, key.gitdir
    targets = [(t.path, t.lines) for t in tool_targets(spec, data, top, where)]
    if not targets:
        return ""
    if key is not None:
        earlier: Earlier = {}
        parts = load(key, earlier, [path for path, _ in targets])
        saved = (combined(parts) if len(parts) == len(PARTS)
                 else _read_ledgers(where, key, parts, earlier)[2])
    found = select(saved or (), targets)
    if not found:
        return ""
    session = _session(data)
    if session:
        record_editing(Path(gitdir), session,
                       [g.entry.id for g in found if g.role == IN_FORCE and g.ledger == "session"])
    told = read_told(Path(gitdir), session) if session else {}
    fresh = [g for g in found if told.get(g.entry.id) != g.digest]
    if not fresh:
        return ""
    text = context_text(fresh, targets=targets)
    if not text:
        return ""
    if session:
        shown = [g for g in fresh[:MAX_ENTRIES] if g.entry.id in text]
        record_told(Path(gitdir), session, {g.entry.id: g.digest for g in shown})
    return json.dumps(spec.tool_envelope(text), ensure_ascii=False)


def _read_ledgers(where: str, key: Key | None, have: dict[str, list[list[Any]]] | None = None,
                  earlier: Earlier | None = None) -> tuple[str, str, list[list[Any]]]:
    """The work tree's top, its git dir and the governing entries, read from the ledgers
    (and saved under ``key``).  Lazy for speed (LAZY_IMPORTS in tests/test_architecture.py):
    with the saved copy fresh, libgit2 and the ledgers' reads never load."""
    from gitledger.ledger.reader import LedgerReader  # noqa: PLC0415
    from gitledger.views.governing_ledgers import read_governing  # noqa: PLC0415

    reader = LedgerReader.open(where, session="")
    return (str(reader.repo.workdir), str(reader.repo.gitdir),
            read_governing(where, key, have, earlier))


def _payload(stdin: bytes) -> dict[str, Any] | None:
    if not stdin.strip() or len(stdin) > STDIN_LIMIT:
        return None
    try:
        data = json_loads(stdin.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, InvalidInput):
        return None
    return data if isinstance(data, dict) else None


def _directory(data: Mapping[str, Any], env: Mapping[str, str],
               fallback: str | os.PathLike[str] | None) -> str | None:
    """The session's directory: the payload's ``cwd`` (Cursor: its first workspace root),
    else the agent's project directory variable, else where we were started."""
    for key in CWD_KEYS:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value if "\x00" not in value and os.path.isdir(value) else None
    roots = data.get(ROOTS_KEY)
    if isinstance(roots, list) and roots and isinstance(roots[0], str) and roots[0]:
        return roots[0] if "\x00" not in roots[0] and os.path.isdir(roots[0]) else None
    for name in PROJECT_DIR_VARS:
        value = env.get(name, "")
        if value and os.path.isdir(value):
            return value
    return str(fallback) if fallback is not None else os.getcwd()


def _session(data: Mapping[str, Any]) -> str | None:
    """The payload's session id, only to key what it was told: one printable line."""
    for key in SESSION_KEYS:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            value = value.strip()
            if len(value) > SESSION_LIMIT or one_line(value) != value:
                return None
            return value
    return None


__all__ = ["PRE_TOOL_DEADLINE", "SESSION_LIMIT", "run_pre_tool_use"]
