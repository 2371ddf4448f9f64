"""``git ledger hook EVENT``: what an agent's lifecycle hook runs, and how it never breaks it.

The repository is found from the payload's ``cwd`` (docs/hooks.md), not the directory we
were started in.  Whatever goes wrong, the hook prints one line on stderr, a minimal block
for ``session-start``, and exits 0: the agent's session always starts.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
from collections.abc import Mapping
from pathlib import Path

from gitledger.core.display import one_line, quote
from gitledger.core.names import EVENTS, GIT_EVENTS
from gitledger.core.text import clean_line
from gitledger.errors import InvalidInput, LedgerError, RepositoryError
from gitledger.integrations.agent_registry import (
    AGENTS,
    BY_NAME,
    DEFAULT_BUDGETS,
    ENV_FILES,
)
from gitledger.integrations.hook_io import (
    DEADLINE_SECONDS,
    SESSION_COMPONENT,
    Deadline,
    HookFailure,
    HookResult,
    Payload,
    hook_line,
    parse_payload,
    session_database,
    session_dir,
    session_transcript,
    time_limit,
    transcript_file,
)
from gitledger.integrations.pre_tool_hook import run_pre_tool_use
from gitledger.ledger import path_index
from gitledger.ledger.hook_state import forget_told, read_started, record_end, record_start
from gitledger.ledger.operations import Ledger
from gitledger.ledger.reader import SESSION_ENV, SESSION_LIMIT
from gitledger.views.restore import minimal_block, restore

_CHECKPOINTS = {"pre-compact": "pre-compact", "session-end": "session-end"}
#: The SessionStart sources after which the agent's context no longer holds what the
#: pre-tool-use hook told it: it is told again.
_FORGETTING = ("compact", "clear", "resume")


def run_hook(
    event: str, agent: str, stdin: bytes, env: Mapping[str, str], *,
    cwd: str | os.PathLike[str] | None = None, deadline: float = DEADLINE_SECONDS,
) -> HookResult:
    """Run hook ``event`` for ``agent`` on the agent's ``stdin``; never raises, exits 0.

    ``cwd`` is where to look when the payload names no directory (default: the process's
    current directory); ``env`` is the hook's environment (``CLAUDE_ENV_FILE`` …).
    """
    if event == "pre-tool-use":  # its own module: it runs before every edit, and is silent
        return run_pre_tool_use(agent, stdin, env, cwd=cwd)
    prefix = f"git ledger hook {one_line(event)}"
    if event not in EVENTS:
        return HookResult("", hook_line(prefix, "unknown event; use one of "
                                            f"{', '.join((*EVENTS, *GIT_EVENTS))}"))
    if agent not in AGENTS:
        return HookResult("", hook_line(prefix, f"unknown agent '{one_line(agent)}'; use one "
                                            f"of {', '.join(AGENTS)}"))
    prefix = f"{prefix} ({agent})"
    notes: list[str] = []
    try:
        with time_limit(deadline):
            stdout = _run(event, agent, stdin, env, cwd, notes)
    except Deadline:
        return _failed(event, agent, prefix, notes,
                       f"gave up after {deadline:g} seconds")
    except HookFailure as exc:
        return _failed(event, agent, prefix, notes, str(exc))
    except LedgerError as exc:
        return _failed(event, agent, prefix, notes, str(exc))
    except Exception as exc:  # a bug of ours must not break the agent's session
        return _failed(event, agent, prefix, notes,
                       f"internal error: {type(exc).__name__}: {exc}")
    return HookResult(stdout, hook_line(prefix, "; ".join(notes)) if notes else "")


# -- the events ----------------------------------------------------------------------------


def _run(event: str, agent: str, stdin: bytes, env: Mapping[str, str],
         fallback: str | os.PathLike[str] | None, notes: list[str]) -> str:
    payload = parse_payload(stdin, agent)
    where = session_dir(payload, env, fallback)
    sid = _session_id(payload, notes)
    if event == "session-start":
        return _session_start(agent, where, sid, payload, env, notes)
    # Gemini CLI fires PreCompress before every model call: there a checkpoint (and the
    # transcript with it) is saved only when something is new since the last one.
    each_call = event == "pre-compact" and BY_NAME[agent].pre_compact_each_call
    try:
        ledger = Ledger.open(where, session=sid or "")
        if event == "pre-compact" and sid is not None and not each_call:
            forget_told(ledger.repo.gitdir, sid)
        if event == "session-end" and sid is not None:
            try:
                record_end(ledger.repo.gitdir, sid, cleared=payload.reason == "clear")
            except OSError as exc:  # the checkpoint and the transcript still matter more
                notes.append(f"could not update the started session: {exc.strerror or exc}")
        wrote = ledger.checkpoint(_CHECKPOINTS[event], only_if_new=each_call).commit
    except RepositoryError:
        raise  # no repository to save the transcript in either
    except LedgerError:
        # A broken ledger is no reason to lose the transcript: save it, then report.
        _save_transcript(where, sid, payload, event, notes, agent, env)
        raise
    if wrote is not None or not each_call:
        _save_transcript(where, sid, payload, event, notes, agent, env)
    return ""


def _save_transcript(where: str, sid: str | None, payload: Payload, event: str,
                     notes: list[str], agent: str, env: Mapping[str, str]) -> None:
    """Save the payload's ``transcript_path`` (transcripts.py); a problem is a note.

    Only a regular JSON/JSONL file under the agent's transcript directories is read
    (``hook_io.transcript_file``).  A path that does not exist is skipped quietly: agents
    name the file a session will write (Codex and Cursor send null, Gemini a path of its
    own) before it exists.  A payload that names none (Copilot CLI's sessionEnd) is
    looked up by its session id where the agent's record says (``session_file``).
    """
    named = payload.transcript_path or session_transcript(agent, sid, env)
    if named is None:
        _save_from_database(where, sid, event, notes, agent, env)
        return
    try:
        path = transcript_file(named, agent, env)
    except HookFailure as exc:
        notes.append(str(exc))
        return
    if path is None:
        return
    # Lazy for start-up speed (LAZY_IMPORTS in tests/test_architecture.py): session-start,
    # run at every agent start, saves no transcript.
    from gitledger.interchange import transcripts  # noqa: PLC0415

    try:
        transcripts.save(where, path, session_id=sid, source=event, follow_links=False)
    except LedgerError as exc:
        notes.append(f"could not save the transcript: {quote(str(exc))}")


def _save_from_database(where: str, sid: str | None, event: str, notes: list[str],
                        agent: str, env: Mapping[str, str]) -> None:
    """Save the session's rows of the database the agent keeps its sessions in (the
    OpenCode family), read-only, as one document; a problem is a note."""
    database = session_database(agent, env)
    if database is None or sid is None or not SESSION_COMPONENT.match(sid):
        return
    # Lazy as the transcripts are, below: sqlite3 loads only for such an agent's end.
    from gitledger.interchange import transcripts  # noqa: PLC0415
    from gitledger.interchange.opencode_transcript import session_export  # noqa: PLC0415

    try:
        data = session_export(Path(database), sid, agent)
        transcripts.save_data(where, data, session_id=sid, source=event,
                              file_name=transcripts.TRANSCRIPT_STEM + ".json",
                              source_path=database)
    except LedgerError as exc:
        notes.append(f"could not save the transcript: {quote(str(exc))}")


def _session_start(agent: str, where: str, sid: str | None, payload: Payload,
                   env: Mapping[str, str], notes: list[str]) -> str:
    ledger = Ledger.open(where, session="")  # not a repository: fails here, before anything
    handed_over = sid is not None and _hand_over(ledger, sid, payload, agent, env, notes)
    if sid is not None:
        if payload.source in _FORGETTING:
            forget_told(ledger.repo.gitdir, sid)
        try:
            record_start(ledger.repo.gitdir, sid)
        except OSError as exc:
            notes.append(f"could not record the session in the git dir: {exc.strerror or exc}")
    # The pre-tool-use fast path's tokens, for a worktree no install or write has set up
    # (a new ``git worktree add``); a no-op when they are up to date.
    path_index.refresh(ledger.store, create=True)
    # Restore before claiming: to the block, a session that finds the ledger unowned is
    # new to it (and gets the protocol on startup), not its owner all along.
    try:
        block = restore(where, budget=DEFAULT_BUDGETS[agent], session_id=sid,
                        source=payload.source)
    except InvalidInput as exc:  # the default budget is below even the minimal block
        notes.append(quote(str(exc)))
        block = minimal_block(budget=DEFAULT_BUDGETS[agent],
                              message=f"{quote(str(exc))} (git ledger show prints the whole "
                              "ledger)")
    if sid is not None:
        try:
            if not handed_over:
                ledger.claim(sid, only_if_unowned=True)
        except LedgerError as exc:  # no identity, say: the block is still worth printing
            notes.append(f"could not make this session the ledger's owner: {quote(str(exc))}")
        _export_session(sid, env, notes)
    return session_start_output(agent, block.text)


def _hand_over(ledger: Ledger, sid: str, payload: Payload, agent: str,
               env: Mapping[str, str], notes: list[str]) -> bool:
    """After a clear or a fork the conversation goes on under a new id: the ledger of the
    session it continues passes to it, with a recorded handover, instead of being "another
    session's".  That session is the one that started here last, or, for the fork of an
    agent whose payload lets us check (``fork_lineage``), the owner whose own transcript
    ends in the response the fork went on from, whether or not it has ended."""
    source = payload.source
    if source not in ("clear", "fork"):
        return False
    owner = ledger.owner()
    if owner is None or owner == sid:
        return False
    if source == "fork" and BY_NAME[agent].payload.fork_lineage:
        # Lazy: only a fork reads a transcript at session start.
        from gitledger.integrations.fork_lineage import forked_from  # noqa: PLC0415

        if not forked_from(owner, payload, agent, env):
            return False
    else:
        previous = read_started(ledger.repo.gitdir)
        if previous is None or previous.session != owner:
            return False
    try:
        ledger.claim(sid, handover=source)
    except LedgerError as exc:
        notes.append(f"could not hand the ledger over to this session: {quote(str(exc))}")
        return False
    return True


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
                message=f"{quote(reason)} (run git ledger restore in the repository to see it)",
            )
            stdout = session_start_output(agent, block.text)
        except Exception:  # never let the fallback be what breaks the agent
            stdout = ""
    return HookResult(stdout, hook_line(prefix, "; ".join([*notes, reason])))


# -- payload helpers ------------------------------------------------------------------------


def _session_id(payload: Payload, notes: list[str]) -> str | None:
    if payload.session_id is None:
        return None
    try:
        return clean_line(payload.session_id, "session_id", SESSION_LIMIT)
    except InvalidInput as exc:
        notes.append(f"ignoring the session id: {quote(str(exc))}")
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


