"""``git ledger check --hook stop``: the agent's Stop hook, which sends the agent back only
when the ledger holds errors, and never twice in a row.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from gitledger.audit import check as audit_check
from gitledger.audit.check import Finding
from gitledger.core.display import one_line
from gitledger.errors import LedgerError
from gitledger.integrations.agent_registry import (
    AGENTS,
    BY_NAME,
)
from gitledger.integrations.hook_io import (
    DEADLINE_SECONDS,
    STDIN_LIMIT,
    Deadline,
    HookFailure,
    HookResult,
    hook_line,
    parse_payload,
    payload_object,
    session_dir,
    time_limit,
)

#: How many errors a Stop hook's reason spells out (the rest are counted).
STOP_FINDINGS = 5


#: The most characters of a Stop hook's reason (Claude Code caps hook output at 10,000).
STOP_REASON_LIMIT = 4000


def run_stop_check(
    agent: str, stdin: bytes, env: Mapping[str, str], *,
    cwd: str | os.PathLike[str] | None = None, deadline: float = DEADLINE_SECONDS,
) -> HookResult:
    """Check the ledger when the agent is about to stop; send it back only for errors.

    ``agent`` picks the payload's fields and the answer's shape (``stop_envelope``).  The
    agent is let go, with nothing on stdout, when the payload says it is already
    continuing because of a Stop hook (``stop_hook_active``; Cursor's ``loop_count`` above
    0), when the run did not complete (Cursor's ``status``), when the ledger has only
    warnings or nothing to say, and when the check itself fails: then one line on stderr,
    and exit 0 like every hook of ours.
    """
    prefix = f"git ledger check --hook stop ({one_line(agent)})"
    if agent not in AGENTS:
        return HookResult("", hook_line(prefix, f"unknown agent; use one of {', '.join(AGENTS)}"))
    try:
        with time_limit(deadline):
            if len(stdin) > STDIN_LIMIT:
                raise HookFailure(f"stdin holds more than {STDIN_LIMIT} bytes; not a hook "
                                  "payload")
            if _lets_the_agent_go(agent, payload_object(stdin)):
                return HookResult("", "")
            payload = parse_payload(stdin, agent)
            where = session_dir(payload, env, cwd)
            # Through the module, so that the check can be replaced in tests.
            report = audit_check.check(where)
            if not report.errors:
                return HookResult("", "")
            answer = json.dumps(BY_NAME[agent].stop_envelope(stop_reason(report.errors)),
                                ensure_ascii=False)
    except Deadline:
        return HookResult("", hook_line(prefix, f"gave up after {deadline:g} seconds"))
    except (HookFailure, LedgerError) as exc:
        return HookResult("", hook_line(prefix, str(exc)))
    except Exception as exc:  # a bug of ours must never keep the agent from stopping
        return HookResult("", hook_line(prefix, f"internal error: {type(exc).__name__}: {exc}"))
    return HookResult(answer, "")


def stop_reason(errors: Sequence[Finding]) -> str:
    """One line for the agent: how many errors, the first few with their fixes."""
    count = len(errors)
    plural = count != 1
    shown = "; ".join(
        f"{f.rule}{f' {f.entry}' if f.entry else ''}: {f.message} (fix: {f.fix})"
        for f in errors[:STOP_FINDINGS]
    )
    more = count - STOP_FINDINGS
    reason = one_line(
        f"git ledger check found {count} error{'s' if plural else ''} in the ledger; fix "
        f"{'them' if plural else 'it'} before stopping: {shown}"
        + (f"; and {more} more" if more > 0 else "")
        + "; then run git ledger check to confirm"
    )
    if len(reason) > STOP_REASON_LIMIT:
        reason = reason[: STOP_REASON_LIMIT - 40].rstrip() + " … (run git ledger check)"
    return reason


def _lets_the_agent_go(agent: str, data: Mapping[str, Any]) -> bool:
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
