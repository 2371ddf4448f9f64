"""Which agent session started last in this worktree: a file in the worktree's git dir.

The SessionStart hook is the one place that reliably knows the session id, and only some
agents let it reach the agent's shell (Claude Code's env file, Codex's ``CODEX_THREAD_ID``).
For the others (Gemini CLI, Cursor) the hook records the session here, so that a write from
the agent's shell is attributed to it: the session that started in a worktree owns what
that worktree writes next.  The session's end removes the record again, except after a
clear, which is the same conversation going on under a new id: the record then says so,
for the next start to take the ledger over as a handover (docs/hooks.md, "Ownership").
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import NamedTuple

from gitledger.storage.layout import STARTED_FILE

#: The record's second line after a SessionEnd whose reason was a clear.
CLEARED = "cleared"


class Started(NamedTuple):
    session: str
    #: The session ended by a clear: its successor continues its ledger.
    cleared: bool = False


def read_started(gitdir: Path) -> Started | None:
    try:
        lines = (gitdir / STARTED_FILE).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if not lines or not lines[0].strip():
        return None
    return Started(lines[0].strip(), len(lines) > 1 and lines[1].strip() == CLEARED)


def record_start(gitdir: Path, session: str) -> None:
    _write(gitdir, session)


def record_end(gitdir: Path, session: str, *, cleared: bool = False) -> None:
    """The session ended: forget it (if it is still the one recorded), or mark it cleared."""
    started = read_started(gitdir)
    if started is None or started.session != session:
        return
    if cleared:
        _write(gitdir, session, CLEARED)
    else:
        (gitdir / STARTED_FILE).unlink(missing_ok=True)


def _write(gitdir: Path, *lines: str) -> None:
    # Whole or not at all: a reader never sees half a session id.
    temp = gitdir / f"{STARTED_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
    temp.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    os.replace(temp, gitdir / STARTED_FILE)
