"""``git ledger hook EVENT``: what an agent's lifecycle hook runs, and how it never breaks it.

An agent calls us with its JSON on stdin (docs/hooks.md lists each agent's fields).  We
find the repository from the payload's ``cwd`` (Cursor sends ``workspace_roots``), not
from the directory the agent happened to start us in, and then:

* ``session-start`` makes the session the owner of an unowned ledger, exports the session
  id to the agent's shell through ``CLAUDE_ENV_FILE`` (or ``CODEX_ENV_FILE``) when the
  agent offers one, and prints the restore block in the agent's envelope;
* ``pre-compact`` records a checkpoint event.  A hook cannot steer what the summary keeps
  (seeds/000, "The contract with the harness"): the ledger itself is the carrier, and the
  checkpoint marks in its history where a context window ended;
* ``session-end`` records a checkpoint as well.

Both also save the agent's transcript (the payload's ``transcript_path``) verbatim, with
credentials redacted, in ``refs/ledger/transcripts/<session-id>`` (``transcripts.py``),
ledger or not.

Whatever goes wrong (no or malformed JSON, a ``cwd`` that is gone or not a repository, a
bare repository, a corrupt ledger, a budget too small, a bug of ours, a deadline) ends the
same way: one line on stderr saying what failed, a minimal block on stdout for
``session-start``, exit status 0.  The agent's session always starts.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from gitledger.core.names import EVENTS, GIT_EVENTS, SOURCES
from gitledger.core.parsing import json_loads
from gitledger.core.text import clean_line, decode_bytes, printable
from gitledger.errors import InvalidInput, LedgerError, RepositoryError
from gitledger.integrations.agent_registry import (
    AGENTS,
    BY_NAME,
    DEFAULT_BUDGETS,
    ENV_FILES,
    PROJECT_DIR_VARS,
)
from gitledger.ledger.operations import SESSION_ENV, SESSION_LIMIT, Ledger
from gitledger.views.restore import minimal_block, restore

if TYPE_CHECKING:
    from gitledger.audit.check import Finding

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

#: How many errors a Stop hook's reason spells out (the rest are counted).
STOP_FINDINGS = 5
#: The most characters of a Stop hook's reason (Claude Code caps hook output at 10,000).
STOP_REASON_LIMIT = 4000

_CHECKPOINTS = {"pre-compact": "pre-compact", "session-end": "session-end"}


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


class HookFailure(Exception):
    """What a hook reports on stderr when it cannot do its job."""


class _Deadline(BaseException):
    """Raised by the alarm; a BaseException so no ``except Exception`` swallows it."""


def run_hook(
    event: str, agent: str, stdin: bytes, env: Mapping[str, str], *,
    cwd: str | os.PathLike[str] | None = None, deadline: float = DEADLINE_SECONDS,
) -> HookResult:
    """Run hook ``event`` for ``agent`` on the agent's ``stdin``; never raises, exits 0.

    ``cwd`` is where to look when the payload names no directory (default: the process's
    current directory); ``env`` is the hook's environment (``CLAUDE_ENV_FILE`` …).
    """
    prefix = f"git ledger hook {_one_line(event)}"
    if event not in EVENTS:
        return HookResult("", _line(prefix, "unknown event; use one of "
                                            f"{', '.join((*EVENTS, *GIT_EVENTS))}"))
    if agent not in AGENTS:
        return HookResult("", _line(prefix, f"unknown agent '{_one_line(agent)}'; use one "
                                            f"of {', '.join(AGENTS)}"))
    prefix = f"{prefix} ({agent})"
    notes: list[str] = []
    try:
        with _time_limit(deadline):
            stdout = _run(event, agent, stdin, env, cwd, notes)
    except _Deadline:
        return _failed(event, agent, prefix, notes,
                       f"gave up after {deadline:g} seconds")
    except HookFailure as exc:
        return _failed(event, agent, prefix, notes, str(exc))
    except LedgerError as exc:
        return _failed(event, agent, prefix, notes, str(exc))
    except Exception as exc:  # a bug of ours must not break the agent's session
        return _failed(event, agent, prefix, notes,
                       f"internal error: {type(exc).__name__}: {exc}")
    return HookResult(stdout, _line(prefix, "; ".join(notes)) if notes else "")


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
    )


# -- the events ----------------------------------------------------------------------------


def _run(event: str, agent: str, stdin: bytes, env: Mapping[str, str],
         fallback: str | os.PathLike[str] | None, notes: list[str]) -> str:
    payload = parse_payload(stdin, agent)
    where = _where(payload, env, fallback)
    sid = _session_id(payload, notes)
    if event == "session-start":
        return _session_start(agent, where, sid, payload, env, notes)
    try:
        Ledger.open(where, session=sid or "").checkpoint(_CHECKPOINTS[event])
    except RepositoryError:
        raise  # no repository to save the transcript in either
    except LedgerError:
        # A broken ledger is no reason to lose the transcript: save it, then report.
        _save_transcript(where, sid, payload, event, notes)
        raise
    _save_transcript(where, sid, payload, event, notes)
    return ""


def _save_transcript(where: str, sid: str | None, payload: Payload, event: str,
                     notes: list[str]) -> None:
    """Save the payload's ``transcript_path`` (transcripts.py); a problem is a note.

    A path that does not exist is skipped quietly: agents name the file a session will
    write (Codex and Cursor send null, Gemini a path of its own) before it exists.
    """
    path = payload.transcript_path
    if path is None or "\x00" in path or not Path(path).exists():
        return
    # Lazy for start-up speed: session-start, run at every agent start, saves no transcript.
    from gitledger.interchange import transcripts

    try:
        transcripts.save(where, path, session_id=sid, source=event)
    except LedgerError as exc:
        notes.append(f"could not save the transcript: {exc}")


def _session_start(agent: str, where: str, sid: str | None, payload: Payload,
                   env: Mapping[str, str], notes: list[str]) -> str:
    ledger = Ledger.open(where, session="")  # not a repository: fails here, before anything
    # Restore before claiming: to the block, a session that finds the ledger unowned is
    # new to it (and gets the protocol on startup), not its owner all along.
    try:
        block = restore(where, budget=DEFAULT_BUDGETS[agent], session_id=sid,
                        source=payload.source)
    except InvalidInput as exc:  # the default budget cannot hold this ledger's floors
        notes.append(str(exc))
        block = minimal_block(budget=DEFAULT_BUDGETS[agent],
                              message=f"{exc} (git ledger show prints the whole ledger)")
    if sid is not None:
        try:
            ledger.claim(sid, only_if_unowned=True)
        except LedgerError as exc:  # no identity, say: the block is still worth printing
            notes.append(f"could not make this session the ledger's owner: {exc}")
        _export_session(sid, env, notes)
    return session_start_output(agent, block.text)


def session_start_output(agent: str, context: str) -> str:
    """Exactly what session-start prints for ``agent``: its envelope, as one JSON line
    (``restore --format AGENT`` prints the same)."""
    return json.dumps(BY_NAME[agent].envelope("SessionStart", context), ensure_ascii=False)


def _failed(event: str, agent: str, prefix: str, notes: list[str], reason: str) -> HookResult:
    stdout = ""
    if event == "session-start":
        try:
            block = minimal_block(
                budget=DEFAULT_BUDGETS[agent],
                message=f"{reason} (run git ledger restore in the repository to see it)",
            )
            stdout = session_start_output(agent, block.text)
        except Exception:  # never let the fallback be what breaks the agent
            stdout = ""
    return HookResult(stdout, _line(prefix, "; ".join([*notes, reason])))


# -- git hooks: what the sh templates hand to Python -----------------------------------------


def run_git_hook(
    event: str, args: tuple[str, ...], stdin: bytes, *,
    cwd: str | os.PathLike[str] | None = None, deadline: float = DEADLINE_SECONDS,
) -> HookResult:
    """Run git hook ``event``'s Python part; never raises, never fails the git command.

    What it has to say (an unknown id in a trailer, a rewritten citation, the checkout
    line) goes to stderr, one line each, prefixed ``git ledger:``.
    """
    # Lazy for start-up speed: the agent hooks never run the git hooks' Python part.
    from gitledger.integrations import git_events as gitevents

    prefix = "git ledger"
    try:
        with _time_limit(deadline):
            if event == "post-commit":
                lines = gitevents.post_commit(cwd)
            elif event == "post-checkout":
                lines = gitevents.post_checkout(cwd, args)
            else:
                lines = gitevents.post_rewrite(cwd, decode_bytes(stdin, "stdin"))
    except _Deadline:
        lines = [f"{event} hook gave up after {deadline:g} seconds"]
    except LedgerError as exc:
        lines = [f"{event} hook: {exc}"]
    except Exception as exc:  # a bug of ours must never fail the git command
        lines = [f"{event} hook: internal error: {type(exc).__name__}: {exc}"]
    return HookResult("", "".join(_line(prefix, line) for line in lines))


# -- the Stop hook: git ledger check --hook stop ---------------------------------------------


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
    prefix = f"git ledger check --hook stop ({_one_line(agent)})"
    if agent not in AGENTS:
        return HookResult("", _line(prefix, f"unknown agent; use one of {', '.join(AGENTS)}"))
    try:
        with _time_limit(deadline):
            if len(stdin) > STDIN_LIMIT:
                raise HookFailure(f"stdin holds more than {STDIN_LIMIT} bytes; not a hook "
                                  "payload")
            if _lets_the_agent_go(agent, _payload_object(stdin)):
                return HookResult("", "")
            payload = parse_payload(stdin, agent)
            where = _where(payload, env, cwd)
            # Lazy for start-up speed: only the Stop hook checks the ledger.
            from gitledger.audit.check import check

            report = check(where)
            if not report.errors:
                return HookResult("", "")
            answer = json.dumps(BY_NAME[agent].stop_envelope(stop_reason(report.errors)),
                                ensure_ascii=False)
    except _Deadline:
        return HookResult("", _line(prefix, f"gave up after {deadline:g} seconds"))
    except (HookFailure, LedgerError) as exc:
        return HookResult("", _line(prefix, str(exc)))
    except Exception as exc:  # a bug of ours must never keep the agent from stopping
        return HookResult("", _line(prefix, f"internal error: {type(exc).__name__}: {exc}"))
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
    reason = _one_line(
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


def _payload_object(stdin: bytes) -> dict[str, Any]:
    try:
        data = json_loads(stdin.decode("utf-8", errors="replace") or "{}")
    except json.JSONDecodeError:
        return {}
    return data if isinstance(data, dict) else {}


# -- payload helpers ------------------------------------------------------------------------


def _text(data: dict[str, Any], *keys: str) -> str | None:
    for key in keys:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            return value
    return None


def _where(payload: Payload, env: Mapping[str, str],
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


def _session_id(payload: Payload, notes: list[str]) -> str | None:
    if payload.session_id is None:
        return None
    try:
        return clean_line(payload.session_id, "session_id", SESSION_LIMIT)
    except InvalidInput as exc:
        notes.append(f"ignoring the session id: {exc}")
        return None


def _export_session(sid: str, env: Mapping[str, str], notes: list[str]) -> None:
    """Append ``export GIT_LEDGER_SESSION_ID=…`` to the agent's env file, if it has one."""
    name = next((n for n in ENV_FILES if env.get(n)), None)
    if name is None:
        return
    path = Path(env[name])
    line = f"export {SESSION_ENV}={shlex.quote(sid)}\n"
    try:
        with contextlib.suppress(FileNotFoundError):
            if line in path.read_text(encoding="utf-8", errors="replace").splitlines(True):
                return
        with path.open("a", encoding="utf-8") as out:
            out.write(line)
    except OSError as exc:
        notes.append(f"could not write {name} ({path}): {exc.strerror or exc}")


# -- output helpers ---------------------------------------------------------------------------


def _one_line(text: str) -> str:
    return " ".join(printable(text).split())


def _line(prefix: str, message: str) -> str:
    return f"{prefix}: {_one_line(message)}\n"


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise _Deadline after ``seconds`` (where SIGALRM exists and we are the main thread)."""
    usable = (seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise _Deadline

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


__all__ = ["HookFailure", "HookResult", "Payload", "parse_payload", "run_git_hook", "run_hook",
           "run_stop_check", "session_start_output", "stop_reason"]
