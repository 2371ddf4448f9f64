"""Which agent wrote a saved transcript, and its reader: one ``Dialect`` per agent.

A transcript is recognised by what its first lines hold, never by its name, since any file
may be saved.  Each dialect also says which of its agent's tools write files, and where its
session worked (``transcript import`` keeps only this repository's sessions).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gitledger.core.parsing import transcript_json_loads
from gitledger.errors import InvalidInput
from gitledger.interchange.atif import Reading, read_trajectory
from gitledger.interchange.claude_transcript import from_claude_transcript
from gitledger.interchange.cline_transcript import conversation, from_cline_transcript
from gitledger.interchange.cline_transcript import working_directory as cline_directory
from gitledger.interchange.codex_transcript import from_codex_transcript
from gitledger.interchange.copilot_transcript import from_copilot_transcript, start_data
from gitledger.interchange.copilot_transcript import working_directory as copilot_directory
from gitledger.interchange.droid_transcript import from_droid_transcript
from gitledger.interchange.gemini_transcript import from_gemini_transcript
from gitledger.interchange.opencode_transcript import from_opencode_transcript, saved_session
from gitledger.interchange.pi_transcript import from_pi_transcript

#: How many leading lines are looked at to recognise a JSON-lines transcript, and how
#: many at most when those do not tell (lines that do not parse, or records no dialect
#: claims: a client's preamble, a damaged start).
SNIFF_LINES = 20
SNIFF_LIMIT = 200
_CLAUDE_TYPES = frozenset({"user", "assistant", "system", "summary", "queue-operation",
                           "file-history-snapshot", "attachment"})
_CODEX_TYPES = frozenset({"session_meta", "response_item", "event_msg", "turn_context",
                          "compacted"})


@dataclass(frozen=True)
class Workspace:
    """Where a session worked, as its transcript's leading records say: directories, or
    (Gemini CLI) the SHA-256 of its project root's path."""

    paths: tuple[str, ...] = ()
    path_hashes: tuple[str, ...] = ()


def _nowhere(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    return Workspace()


@dataclass(frozen=True)
class Dialect:
    """One agent's transcript format."""

    #: The agent's name, as ``install --agent`` spells it (``atif`` for a trajectory).
    name: str
    #: How the help and the errors name it.
    title: str
    read: Callable[[bytes, str | None], Reading]
    #: Whether the leading records (or the whole document) are this dialect's.
    recognises: Callable[[list[dict[str, Any]], Any], bool]
    #: Tools that write the file their path argument names.
    file_tools: frozenset[str] = frozenset()
    #: Tools whose ``command`` (or ``cmd``) argument is a shell command.
    shell_tools: frozenset[str] = frozenset()
    #: Tools whose argument is a patch in Codex's ``*** Begin Patch`` format.
    patch_tools: frozenset[str] = frozenset()
    #: Where the session worked, from the leading records (or the whole document).
    workspace: Callable[[list[dict[str, Any]], Any], Workspace] = _nowhere

    @property
    def knows_workspace(self) -> bool:
        """Whether its transcripts say where their session worked."""
        return self.workspace is not _nowhere


def _claude(lines: list[dict[str, Any]], whole: Any) -> bool:
    return any(isinstance(r.get("sessionId"), str) and ("uuid" in r or r.get("type")
                                                         in _CLAUDE_TYPES) for r in lines)


def _codex(lines: list[dict[str, Any]], whole: Any) -> bool:
    return any(r.get("type") in _CODEX_TYPES and isinstance(r.get("payload"), dict)
               for r in lines)


def _gemini(lines: list[dict[str, Any]], whole: Any) -> bool:
    if isinstance(whole, dict):
        return isinstance(whole.get("messages"), list) and "sessionId" in whole
    return bool(lines) and ("projectHash" in lines[0] or "$set" in lines[0])


def _text_values(records: list[dict[str, Any]], key: str) -> tuple[str, ...]:
    found: list[str] = []
    for record in records:
        value = record.get(key)
        if isinstance(value, str) and value and value not in found:
            found.append(value)
    return tuple(found)


def _claude_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    return Workspace(paths=_text_values(lines, "cwd"))


def _codex_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    metas = [r["payload"] for r in lines
             if r.get("type") == "session_meta" and isinstance(r.get("payload"), dict)]
    return Workspace(paths=_text_values(metas, "cwd"))


def _gemini_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    heads = [whole] if isinstance(whole, dict) else lines[:1]
    return Workspace(path_hashes=_text_values(heads, "projectHash"))


def _header_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    return Workspace(paths=_text_values(lines[:1], "cwd"))


def _pi(lines: list[dict[str, Any]], whole: Any) -> bool:
    return bool(lines) and lines[0].get("type") == "session" and "cwd" in lines[0] \
        and isinstance(lines[0].get("version"), int)


def _droid(lines: list[dict[str, Any]], whole: Any) -> bool:
    return bool(lines) and lines[0].get("type") == "session_start" \
        and isinstance(lines[0].get("id"), str)


def _copilot(lines: list[dict[str, Any]], whole: Any) -> bool:
    return bool(lines) and start_data(lines[0]) is not None \
        and isinstance(lines[0]["data"].get("sessionId"), str)


def _copilot_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    start = start_data(lines[0]) if lines else None
    cwd = copilot_directory(start) if start is not None else None
    return Workspace(paths=(cwd,) if cwd else ())


def _cline(lines: list[dict[str, Any]], whole: Any) -> bool:
    return conversation(whole) is not None


def _cline_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    chat = conversation(whole)
    cwd = cline_directory(chat) if chat is not None else None
    return Workspace(paths=(cwd,) if cwd else ())


def _opencode_family(client: str) -> Callable[[list[dict[str, Any]], Any], bool]:
    def recognises(lines: list[dict[str, Any]], whole: Any) -> bool:
        found = saved_session(whole)
        return found is not None and found.get("gitledger_client") == client
    return recognises


def _opencode_workspace(lines: list[dict[str, Any]], whole: Any) -> Workspace:
    found = saved_session(whole)
    directory = found["info"].get("directory") if found is not None else None
    return Workspace(paths=(directory,) if isinstance(directory, str) and directory else ())


#: The OpenCode family's tools that write files, and its shell (both clients name them so).
_OPENCODE_FILE_TOOLS = frozenset({"write", "edit"})


def _atif(lines: list[dict[str, Any]], whole: Any) -> bool:
    version = whole.get("schema_version") if isinstance(whole, dict) else None
    return isinstance(version, str) and version.startswith("ATIF-v1.")


DIALECTS: tuple[Dialect, ...] = (
    Dialect("atif", "an ATIF trajectory",
            lambda data, sid: read_trajectory(data, session_id=sid), _atif),
    Dialect("codex", "Codex CLI", lambda data, sid: from_codex_transcript(data, session_id=sid),
            _codex, shell_tools=frozenset({"exec_command", "shell", "local_shell"}),
            patch_tools=frozenset({"apply_patch"}), workspace=_codex_workspace),
    # Before Gemini CLI's: a Cline conversation is one JSON object with a messages list too.
    Dialect("cline", "Cline CLI",
            lambda data, sid: from_cline_transcript(data, session_id=sid), _cline,
            file_tools=frozenset({"editor"}), shell_tools=frozenset({"run_commands"}),
            patch_tools=frozenset({"apply_patch"}), workspace=_cline_workspace),
    Dialect("gemini", "Gemini CLI",
            lambda data, sid: from_gemini_transcript(data, session_id=sid), _gemini,
            file_tools=frozenset({"write_file", "replace", "edit"}),
            shell_tools=frozenset({"run_shell_command"}), workspace=_gemini_workspace),
    Dialect("claude", "Claude Code",
            lambda data, sid: from_claude_transcript(data, session_id=sid), _claude,
            file_tools=frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit"}),
            shell_tools=frozenset({"Bash"}), workspace=_claude_workspace),
    Dialect("pi", "Pi", lambda data, sid: from_pi_transcript(data, session_id=sid), _pi,
            file_tools=frozenset({"write", "edit"}), shell_tools=frozenset({"bash"}),
            workspace=_header_workspace),
    Dialect("droid", "Factory Droid",
            lambda data, sid: from_droid_transcript(data, session_id=sid), _droid,
            file_tools=frozenset({"Create", "Edit"}), shell_tools=frozenset({"Execute"}),
            workspace=_header_workspace),
    *(Dialect(name, title, lambda data, sid: from_opencode_transcript(data, session_id=sid),
              _opencode_family(name), file_tools=_OPENCODE_FILE_TOOLS,
              shell_tools=frozenset({"bash"}), patch_tools=frozenset({"apply_patch"}),
              workspace=_opencode_workspace)
      for name, title in (("opencode", "OpenCode"), ("kilo", "Kilo"))),
    Dialect("copilot", "GitHub Copilot CLI",
            lambda data, sid: from_copilot_transcript(data, session_id=sid), _copilot,
            file_tools=frozenset({"create", "edit"}), shell_tools=frozenset({"bash"}),
            patch_tools=frozenset({"apply_patch"}), workspace=_copilot_workspace),
)
BY_NAME = {dialect.name: dialect for dialect in DIALECTS}


def dialect_of(data: bytes) -> Dialect:
    """The dialect ``data`` is written in; InvalidInput (one line) when none is."""
    return sniff(data)[0]


def sniff(data: bytes) -> tuple[Dialect, Workspace]:
    """The dialect ``data`` is written in and where its session worked, from its leading
    records (``data`` may be only the head of a file); InvalidInput when no dialect is."""
    whole = _whole(data)
    raws = data.split(b"\n", SNIFF_LIMIT)[:SNIFF_LIMIT]
    lines: list[dict[str, Any]] = []
    read = 0
    for stop in (SNIFF_LINES, SNIFF_LIMIT):
        lines += _records(raws[read:stop])
        read = stop
        for dialect in DIALECTS:
            if dialect.recognises(lines, whole):
                found = dialect.workspace(lines, whole)
                if found == Workspace() and read < len(raws):
                    found = dialect.workspace(lines + _records(raws[read:]), whole)
                return dialect, found
        if read >= len(raws):
            break
    known = ", ".join(d.title for d in DIALECTS[1:])
    raise InvalidInput(f"the transcript is not one gitledger can read: not a transcript "
                       f"of {known}, nor an ATIF trajectory")


def read_transcript(data: bytes, session_id: str | None = None) -> Reading:
    """``data`` read as an ATIF trajectory by its dialect's reader."""
    return dialect_of(data).read(data, session_id)


def _whole(data: bytes) -> Any:
    """The document, when all of ``data`` is one JSON value (a trajectory, a chat)."""
    if not data.lstrip().startswith(b"{"):
        return None
    try:
        return transcript_json_loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return None


def _records(raws: list[bytes]) -> list[dict[str, Any]]:
    """The lines that are JSON objects."""
    found: list[dict[str, Any]] = []
    for raw in raws:
        try:
            record = transcript_json_loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            continue
        if isinstance(record, dict):
            found.append(record)
    return found
