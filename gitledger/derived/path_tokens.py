"""The path token file in a worktree's git dir (``ledger-paths``), which the shell fast path
of the pre-tool-use hook greps payloads with, and its state file beside it.

A payload matching no token starts no Python; an empty token line means every payload goes
to Python.  Built by ``ledger/path_index.py``.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from gitledger.derived.files import read_json_object, write_whole
from gitledger.storage.layout import POINTER_FILE, TOKENS_FILE, TOKENS_STATE_FILE

#: A state file larger than this is not ours: it is read as absent (and rebuilt).
STATE_LIMIT = 64 * 1024 * 1024


def tokens_path(gitdir: Path) -> Path:
    return gitdir / TOKENS_FILE


def state_path(gitdir: Path) -> Path:
    return gitdir / TOKENS_STATE_FILE


def read_state(gitdir: Path) -> dict[str, Any] | None:
    """The state file as a dict; None when absent, unreadable, oversized or not an object."""
    return read_json_object(state_path(gitdir), STATE_LIMIT)


def read_tokens(gitdir: Path) -> list[str] | None:
    """The token file's lines (an empty line is the token ""); None when it is absent."""
    try:
        text = tokens_path(gitdir).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def write(gitdir: Path, tokens: Iterable[str] | None, state: dict[str, Any]) -> None:
    """Write the token file (unless ``tokens`` is None: unchanged), then the state file:
    a crash between the two leaves a state that is older than the tokens, which the next
    refresh brings forward again."""
    if tokens is not None:
        write_whole(tokens_path(gitdir), "".join(f"{token}\n" for token in tokens))
    write_whole(state_path(gitdir), json.dumps(state, separators=(",", ":")))


def write_catch_all(gitdir: Path) -> None:
    """A token file of one empty line and no state: every payload goes to the Python hook,
    which is right whatever the ledgers say.  What a failed refresh leaves behind."""
    with contextlib.suppress(OSError):
        state_path(gitdir).unlink(missing_ok=True)
        write_whole(tokens_path(gitdir), "\n")


def remove(gitdir: Path) -> None:
    for path in (tokens_path(gitdir), state_path(gitdir)):
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def pointer_of(gitdir: Path) -> str | None:
    """The session ledger ref a worktree's git dir points at, as its pointer file says."""
    try:
        return (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip() or None
    except (OSError, UnicodeDecodeError):
        return None
