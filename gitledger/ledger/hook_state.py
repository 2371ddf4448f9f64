"""What the agent hooks remember in a worktree's git dir: the session that started there last,
the prompt the Stop hook last sent back, the decisions each session was told, and those
governing the files it edited (kept across a compaction, which forgets what was told).

Local state, written whole.  Agents whose shell never learns the session id get their
writes attributed through the recorded session (docs/hooks.md, "Ownership").
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from gitledger.derived.files import read_json_object, write_whole
from gitledger.storage.layout import EDITING_FILE, STARTED_FILE, STOP_MARK_FILE, TOLD_FILE

#: A stop-mark file larger than this is not ours: it is read as empty.
STOP_MARKS_LIMIT = 64 * 1024

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
    write_whole(gitdir / STARTED_FILE, "".join(f"{line}\n" for line in lines))


def read_stop_marks(gitdir: Path) -> dict[str, str]:
    """The Stop hook's marks (a digest of a session → a digest of its prompt); an absent,
    unreadable, oversized or malformed file is no marks."""
    data = read_json_object(gitdir / STOP_MARK_FILE, STOP_MARKS_LIMIT) or {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def write_stop_marks(gitdir: Path, marks: dict[str, str]) -> None:
    """Replace the marks; a git dir that refuses the file keeps the old ones, silently (the
    payload's ``stop_hook_active`` is then the only guard)."""
    with contextlib.suppress(OSError):
        write_whole(gitdir / STOP_MARK_FILE, json.dumps(marks))


#: A told-marks file larger than this is not ours: it is read as empty.
TOLD_LIMIT = 256 * 1024
#: Sessions the told marks remember (the oldest are forgotten first), and entries each.
TOLD_SESSIONS = 32
TOLD_ENTRIES = 500


def read_told(gitdir: Path, session: str) -> dict[str, str]:
    """What the pre-tool-use hook has told ``session`` already: an entry id → a digest of
    the entry as told.  An absent, unreadable, oversized or malformed file is nothing."""
    marks = _read_told(gitdir)
    found = marks.get(_session_key(session), {})
    return dict(found)


def record_told(gitdir: Path, session: str, told: dict[str, str]) -> None:
    """Add ``told`` (id → digest) to what ``session`` has been told; a git dir that
    refuses the file keeps the old marks, silently (the session is then told again)."""
    marks = _read_told(gitdir)
    key = _session_key(session)
    entries = {**marks.pop(key, {}), **told}
    marks[key] = dict(list(entries.items())[-TOLD_ENTRIES:])
    kept = dict(list(marks.items())[-TOLD_SESSIONS:])
    with contextlib.suppress(OSError):
        write_whole(gitdir / TOLD_FILE, json.dumps(kept))


def forget_told(gitdir: Path, session: str) -> None:
    """Forget what ``session`` was told: its context lost the text (a compaction, a clear,
    a resume), so the next edit of governed code tells it again.  A git dir that refuses
    the file keeps the marks, silently."""
    marks = _read_told(gitdir)
    if marks.pop(_session_key(session), None) is None:
        return
    with contextlib.suppress(OSError):
        write_whole(gitdir / TOLD_FILE, json.dumps(marks))


def read_editing(gitdir: Path, sessions: Iterable[str]) -> set[str]:
    """The ids of the decisions governing files ``sessions`` edited (``record_editing``)."""
    marks = _read_told(gitdir, EDITING_FILE)
    return {entry for session in sessions for entry in marks.get(_session_key(session), {})}


def record_editing(gitdir: Path, session: str, ids: Iterable[str]) -> None:
    """Add ``ids`` (decisions in force governing a file ``session`` is about to edit) to
    what it is editing; written only when one is new, and silently not when the git dir
    refuses the file.  A compaction does not forget them: the restore block keeps them."""
    marks = _read_told(gitdir, EDITING_FILE)
    key = _session_key(session)
    known = marks.pop(key, {})
    new = {i: "" for i in ids if i not in known}
    if not new:
        return
    marks[key] = dict(list({**known, **new}.items())[-TOLD_ENTRIES:])
    kept = dict(list(marks.items())[-TOLD_SESSIONS:])
    with contextlib.suppress(OSError):
        write_whole(gitdir / EDITING_FILE, json.dumps(kept))


def _read_told(gitdir: Path, name: str = TOLD_FILE) -> dict[str, dict[str, str]]:
    data = read_json_object(gitdir / name, TOLD_LIMIT) or {}
    return {k: {i: d for i, d in v.items() if isinstance(i, str) and isinstance(d, str)}
            for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}


def _session_key(session: str) -> str:
    # A digest, not the id: the file is local, but a session id is nobody's business here.
    return hashlib.sha256(session.encode("utf-8", errors="replace")).hexdigest()[:32]
