"""What the Stop hook can answer before it loads libgit2: a stop the payload says to let go,
and a ledger checked clean while nothing it is read from has moved since.

Most turns end clean with no ref moved, so ``launch.py`` lets the agent stop on the
remembered result (``derived/check_output.py``) without loading the check.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from gitledger.derived import check_output
from gitledger.integrations.agent_registry import AGENTS, BY_NAME
from gitledger.integrations.hook_io import (
    STDIN_LIMIT,
    parse_payload,
    payload_object,
    session_dir,
)

#: What a clean Stop hook check is saved as, beside ``check``'s own reports.
STOP_REQUEST = json.dumps(["check --hook stop"])
CLEAN = check_output.Printed("", 0)


def lets_the_agent_go(agent: str, data: Mapping[str, Any]) -> bool:
    """Whether the payload says this stop must not be refused, whatever the ledger holds.

    Every agent but Cursor sends ``stop_hook_active`` (true once a Stop hook has already
    made it continue); Cursor counts its automatic follow-ups in ``loop_count`` and says in
    ``status`` whether the run completed, was aborted or failed.
    """
    if data.get("stop_hook_active") is True:
        return True
    loops = data.get("loop_count")
    if isinstance(loops, int) and not isinstance(loops, bool) and loops > 0:
        return True
    key = BY_NAME[agent].payload.stop_status
    status = data.get(key) if key is not None else None
    return isinstance(status, str) and status != "completed"


def let_go_unchecked(agent: str, stdin: bytes, env: Mapping[str, str],
                     cwd: str | os.PathLike[str] | None = None) -> bool:
    """Whether this stop is let go, silently, without running the check: what the hook
    would answer too.  False: run the hook (which may still let it go)."""
    try:
        if agent not in AGENTS or len(stdin) > STDIN_LIMIT:
            return False
        if lets_the_agent_go(agent, payload_object(stdin)):
            return True
        where = session_dir(parse_payload(stdin, agent), env, cwd)
        key = check_output.current_key(where)
        return key is not None and check_output.load(key, STOP_REQUEST) == CLEAN
    except Exception:  # the hook itself says what is wrong with the payload
        return False


def remember_clean(where: str | os.PathLike[str], before: check_output.Key | None) -> None:
    """Remember that the check the hook ran in ``where`` found no error, when ``before``
    (the key read before it) still holds."""
    if before is not None:
        check_output.save(before, check_output.current_key(where), STOP_REQUEST, CLEAN)


__all__ = ["CLEAN", "STOP_REQUEST", "let_go_unchecked", "lets_the_agent_go", "remember_clean"]
