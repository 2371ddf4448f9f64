"""A saved session as one Markdown document: the third seed's ``export <session-id> --md``.

Built from the transcript read as ATIF, so every agent's makes the same document.  Every
transcript text sits in a fenced block, never as Markdown a viewer would interpret, since
it holds whatever the model and tools said; long blocks are folded, never cut.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import PurePosixPath
from typing import Any

from gitledger.core.apply_patch import BEGIN, parse_patch
from gitledger.core.display import one_line
from gitledger.core.model import Event
from gitledger.core.shell_writes import written_files
from gitledger.interchange.atif import Reading
from gitledger.interchange.dialects import BY_NAME, Dialect
from gitledger.interchange.export import code_span
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store

#: A block longer than this many lines, or characters, is folded.
FOLD_LINES = 20
FOLD_CHARS = 2000
#: The longest summary line of a folded block.
SUMMARY_LIMIT = 200
#: A commit without a session trailer counts as the session's within this of its span.
SLACK = timedelta(seconds=1)
#: A frontmatter value written unquoted: a word of these characters that YAML reads as a
#: string (no ``:``, which makes a sexagesimal number of ``12:30``) …
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_./+-]*")
#: … unless YAML 1.1 or 1.2 reads it as something else: a boolean or null, a number
#: (decimal, float, hex, octal, binary; a version like ``1.10`` is YAML 1.1's float), a date.
_YAML_TYPED = re.compile(
    r"(?i:y|n|yes|no|on|off|true|false|null)"
    r"|[-+]?[0-9][0-9_.]*(?:[eE][-+]?[0-9]+)?"
    r"|0[xXoObB][0-9a-fA-F_]+"
    r"|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}")
#: A timestamp YAML reads as one: ``started`` and ``ended`` stay timestamps when they are.
_YAML_TIMESTAMP = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}[Tt][0-9]{1,2}:[0-9]{2}:[0-9]{2}"
                             r"(?:\.[0-9]+)?(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?)?")
_TIME_FIELDS = frozenset({"started", "ended"})
_HOOK_CONTEXT = re.compile(r"^\s*<hook_context>(.*?)</hook_context>\s*", re.S)
_PATH_KEYS = ("file_path", "path", "absolute_path", "notebook_path", "filePath")


@dataclass(frozen=True)
class LedgerWrite:
    """One entry a ledger commit wrote."""

    commit: str
    time: datetime
    entry: str
    kind: str
    #: Linked by its time alone: the commit names no session, so another writer (you in
    #: another terminal, an agent in another worktree writing the project ledger) may
    #: have made it.
    by_time: bool = False


@dataclass(frozen=True)
class SessionContext:
    """What the repository knows of a session: its worktree's ledger, the entries written
    during it, and the top of the work tree (files are shown relative to it)."""

    ledger: str | None = None
    writes: tuple[LedgerWrite, ...] = ()
    top: str | None = None


@dataclass(frozen=True)
class _Turn:
    number: int
    steps: tuple[dict[str, Any], ...]
    start: datetime | None


def session_context(where: str | os.PathLike[str] | None, session_id: str,
                    reading: Reading) -> SessionContext:
    """The worktree's ledger name, the entries written during the session by the
    worktree's session ledger or the project ledger (oldest first), and the work tree."""
    store = Store(Repo(where))
    mine = store.worktree_ref()
    times = [t for t in (_time(s.get("timestamp")) for s in reading.trajectory["steps"]) if t]
    begin, end = (min(times) - SLACK, max(times) + SLACK) if times else (None, None)
    found: list[LedgerWrite] = []
    for ref in dict.fromkeys(r for r in (mine, PROJECT_REF) if r is not None):
        if store.tip(ref).commit is None:
            continue
        for event in store.history(ref):
            if _during(event, session_id, begin, end):
                found.extend(_writes(event, by_time=not event.trailers.get(
                    "Ledger-Session")))
    found.sort(key=lambda w: w.time)
    return SessionContext(mine.rsplit("/", 1)[-1] if mine else None, tuple(found),
                          str(store.repo.workdir))


def _during(event: Event, session_id: str, begin: datetime | None,
            end: datetime | None) -> bool:
    sessions = event.trailers.get("Ledger-Session", ())
    if sessions:
        return session_id in sessions
    return begin is not None and end is not None and begin <= event.time <= end


def _writes(event: Event, *, by_time: bool) -> list[LedgerWrite]:
    kinds = event.trailers.get("Ledger-Kind", ())
    return [LedgerWrite(event.commit, event.time, entry,
                        kinds[i] if i < len(kinds) else (kinds[-1] if kinds else "entry"),
                        by_time)
            for i, entry in enumerate(event.trailers.get("Ledger-Entry", ()))]


def session_markdown(reading: Reading, context: SessionContext = SessionContext()) -> str:
    """The Markdown document of the session ``reading`` holds."""
    doc = reading.trajectory
    dialect = BY_NAME[reading.dialect]
    preface, turns = _turns(doc["steps"])
    placed = _placed(turns, context.writes)
    cwd = doc.get("extra", {}).get("cwd")
    bases = tuple(b for b in (context.top, cwd) if isinstance(b, str) and b)
    lines = _frontmatter(doc, reading.dialect, context.ledger, len(turns))
    lines += ["", f"# Session {doc.get('session_id', '')[:8]} ({dialect.title})"]
    lines += _steps(preface)  # the context the agent started with, each step folded
    summary: list[str] = []
    for turn in turns:
        when = _shown_time(turn.start)
        lines += ["", f"## Turn {turn.number}" + (f" · {when}" if when else "")]
        lines += _steps(turn.steps)
        calls = [c for s in turn.steps for c in s.get("tool_calls", ())]
        files = _files(calls, dialect, bases, cwd if isinstance(cwd, str) else None)
        entries = placed.get(turn.number, [])
        lines += _written(entries)
        touched = ", ".join(code_span(f) for f in files) or "—"
        written = ", ".join(f"{code_span(w.entry)} ({w.kind}{_how(w)})" for w in entries) or "—"
        summary.append(f"| {turn.number} | {when or '—'} | {len(calls)} | {_cell(touched)} | "
                       f"{_cell(written)} |")
    lines += ["", "## Summary", "",
              "| turn | time | tool calls | files touched | ledger entries written |",
              "|---|---|---|---|---|", *summary]
    return "\n".join(lines) + "\n"


# -- the turns -------------------------------------------------------------------------------


def _turns(steps: Iterable[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[_Turn]]:
    """The steps before the first user message, and each turn from a user message on."""
    preface: list[dict[str, Any]] = []
    groups: list[list[dict[str, Any]]] = []
    for step in steps:
        if step["source"] == "user":
            groups.append([step])
        elif groups:
            groups[-1].append(step)
        elif step["source"] == "agent":
            groups.append([step])  # an agent that speaks first opens a turn of its own
        else:
            preface.append(step)
    turns = [_Turn(n, tuple(g), next((t for t in (_time(s.get("timestamp")) for s in g) if t),
                                     None)) for n, g in enumerate(groups, start=1)]
    return preface, turns


def _placed(turns: Sequence[_Turn], writes: Iterable[LedgerWrite]) -> dict[int, list[LedgerWrite]]:
    """Each write in the turn under way at its commit time (a commit time has whole
    seconds: a turn that started within the second counts as under way)."""
    placed: dict[int, list[LedgerWrite]] = {}
    starts = [(t.number, t.start.replace(microsecond=0)) for t in turns if t.start]
    for write in writes:
        number = next((n for n, start in reversed(starts) if start <= write.time),
                      turns[0].number if turns else None)
        if number is not None:
            placed.setdefault(number, []).append(write)
    return placed


def _files(calls: Iterable[dict[str, Any]], dialect: Dialect, bases: tuple[str, ...],
           cwd: str | None) -> list[str]:
    """The files the calls wrote (or meant to), relative to the work tree (or the agent's
    working directory) when inside it.  A relative path is the call's: Codex names the
    directory a command runs in (``workdir``), else it is the agent's."""
    found: list[str] = []
    for call in calls:
        name, args = call["function_name"], call.get("arguments", {})
        paths: list[str] = []
        if name in dialect.file_tools:
            paths = [args[k] for k in _PATH_KEYS if isinstance(args.get(k), str)][:1]
        elif name in dialect.shell_tools:
            lines = args.get("commands")  # Cline's run_commands: command lines, in turn
            paths = [p for line in lines if isinstance(line, str) for p in _shell_writes(line)] \
                if isinstance(lines, list) else _shell_writes(args.get("command", args.get("cmd")))
        elif name in dialect.patch_tools:
            body = args.get("input", args.get("patch"))
            paths = _patched(body) if isinstance(body, str) else []
        workdir = args.get("workdir")
        found += [_absolute(path, workdir if isinstance(workdir, str) else cwd)
                  for path in paths]
    return list(dict.fromkeys(_relative(path, bases) for path in found))


def _shell_writes(command: Any) -> list[str]:
    """The files a shell command writes, with those of a patch it gives apply_patch: in a
    here-document, or as the argument of ``["apply_patch", PATCH]`` (Codex's shell tool)."""
    if isinstance(command, list):
        parts = [str(part) for part in command]
        if len(parts) == 2 and parts[0] == "apply_patch":
            return _patched(parts[1])
        command = shlex.join(parts)
    if not isinstance(command, str):
        return []
    return (_patched(command) if BEGIN in command else []) + written_files(command)


def _patched(body: str) -> list[str]:
    files = parse_patch(body) or []
    return [p for f in files for p in (f.path, f.move_to) if p]


def _absolute(path: str, directory: str | None) -> str:
    """``path`` joined to ``directory`` when it is relative and the directory is absolute."""
    if directory is None or PurePosixPath(path).is_absolute() or not PurePosixPath(
            directory).is_absolute():
        return path
    return str(PurePosixPath(directory) / path)


def _relative(path: str, bases: tuple[str, ...]) -> str:
    """``path`` relative to the first base it lies under, component by component; as
    written when it lies under none, or climbs with ``..`` (it may leave the base)."""
    target = PurePosixPath(path)
    if ".." in target.parts:
        return path
    for base in bases:
        root = PurePosixPath(base)
        if root.is_absolute() and target != root and target.is_relative_to(root):
            return str(target.relative_to(root))
    return path


# -- rendering -------------------------------------------------------------------------------


def _frontmatter(doc: dict[str, Any], agent: str, ledger: str | None, turns: int) -> list[str]:
    steps = doc["steps"]
    times = [s["timestamp"] for s in steps if _time(s.get("timestamp")) is not None]
    fields: list[tuple[str, Any]] = [
        ("session_id", doc.get("session_id")),
        ("agent", agent),
        ("agent_version", doc["agent"].get("version")),
        ("model", doc["agent"].get("model_name")),
        ("started", min(times, key=_sort_key) if times else None),
        ("ended", max(times, key=_sort_key) if times else None),
        ("ledger", ledger),
        ("turns", turns),
        ("steps", len(steps)),
    ]
    if any("metrics" in s for s in steps):
        final = doc.get("final_metrics", {})
        fields += [("prompt_tokens", final.get("total_prompt_tokens")),
                   ("completion_tokens", final.get("total_completion_tokens")),
                   ("cached_tokens", final.get("total_cached_tokens"))]
    return ["---", *(f"{key}: {_yaml(value, time=key in _TIME_FIELDS)}"
                     for key, value in fields if value is not None), "---"]


def _steps(steps: Iterable[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for step in steps:
        source = step["source"]
        message = _message(step.get("message"))
        if source == "user":
            hook = _HOOK_CONTEXT.match(message)
            lines += ["", "### User"]
            if hook:
                lines += ["", *_folded("Context a hook added", _fenced(hook.group(1).strip()))]
                message = message[hook.end():]
            lines += ["", *_maybe_folded("Message", message, "text", shown=False)]
        elif source == "agent":
            model = step.get("model_name")
            lines += ["", "### Agent" + (f" · {code_span(model)}" if model else "")]
            if step.get("reasoning_content"):
                lines += ["", *_folded("Reasoning", _fenced(step["reasoning_content"]))]
            if message:
                lines += ["", *_maybe_folded("Message", message, "text", shown=False)]
            lines += _calls(step)
        else:
            kind = next((v for k, v in step.get("extra", {}).items() if k.endswith("_kind")),
                        "system")
            if message.strip():  # an empty one (a hook's bare summary) says nothing here
                lines += ["", *_folded(f"System ({kind})", _fenced(message))]
            lines += _results(step.get("observation", {}).get("results", ()), None)
    return lines


def _calls(step: dict[str, Any]) -> list[str]:
    results = step.get("observation", {}).get("results", ())
    lines: list[str] = []
    for call in step.get("tool_calls", ()):
        arguments = json.dumps(call.get("arguments", {}), indent=2, ensure_ascii=False)
        lines += ["", f"**Tool call** {code_span(call['function_name'])} · "
                      f"{code_span(call['tool_call_id'])}", "",
                  *_maybe_folded("Input", arguments, "json")]
        lines += _results(results, call["tool_call_id"])
    return lines


def _results(results: Iterable[dict[str, Any]], call_id: str | None) -> list[str]:
    lines: list[str] = []
    for result in results:
        if result.get("source_call_id") != call_id:
            continue
        failed = result.get("extra", {}).get("is_error") or result.get(
            "extra", {}).get("status", "success") not in ("success",)
        label = "Result (an error)" if failed else "Result"
        lines += ["", *_maybe_folded(label, _message(result.get("content")), "text")]
    return lines


def _written(entries: Sequence[LedgerWrite]) -> list[str]:
    if not entries:
        return []
    return ["", "**Written to the ledger:** " + ", ".join(
        f"{code_span(w.entry)} ({w.kind}, commit {code_span(w.commit[:12])}{_how(w)})"
        for w in entries)]


def _how(write: LedgerWrite) -> str:
    return ", by time" if write.by_time else ""


def _maybe_folded(label: str, text: str, info: str, *, shown: bool = True) -> list[str]:
    """``text`` fenced, folded under ``label`` when it is long; a short one follows its
    label (``shown``) or stands alone (a message, whose heading says what it is)."""
    block = _fenced(text, info)
    rows = text.count("\n") + 1
    if rows > FOLD_LINES or len(text) > FOLD_CHARS:
        return _folded(f"{label}: {rows} line{'s' if rows != 1 else ''}, {len(text)} "
                       "characters", block)
    return [f"{label}:", "", *block] if shown else block


def _folded(summary: str, body: list[str]) -> list[str]:
    # A summary can quote the transcript (a step's kind): one line, or the element breaks.
    shown = one_line(summary, SUMMARY_LIMIT).replace("&", "&amp;").replace(
        "<", "&lt;").replace(">", "&gt;")
    return [f"<details><summary>{shown}</summary>", "", *body, "", "</details>"]


def _fenced(text: str, info: str = "text") -> list[str]:
    """``text`` exactly, in a fence longer than any run of backticks it holds."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}{info}", *(text.split("\n") if text else []), fence]


def _message(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n\n".join(p["text"] if p.get("type") == "text" else
                           f"[{p.get('type')}: {p.get('source', {}).get('path', '')}]"
                           for p in content if isinstance(p, dict))
    return ""


def _cell(text: str) -> str:
    """A table cell: a ``|`` ends a cell even inside a code span, unless escaped."""
    return text.replace("|", "\\|")


def _yaml(value: Any, *, time: bool = False) -> str:
    """A frontmatter value: an integer as it is, a string plain only where YAML reads it
    back as that string (or, for a time, as that timestamp), else double-quoted (JSON's
    escapes are YAML's; U+2028 and U+2029 are escaped too, YAML 1.1 breaks a line there)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    if time and _YAML_TIMESTAMP.fullmatch(text):
        return text
    if _PLAIN.fullmatch(text) and not _YAML_TYPED.fullmatch(text):
        return text
    return json.dumps(text, ensure_ascii=False).replace("\u2028", "\\u2028").replace(
        "\u2029", "\\u2029")


#: The times a transcript's timestamp may be: one within the slack of what a datetime
#: holds is unknown (the span around the session would overflow).
_EARLIEST = datetime.min.replace(tzinfo=UTC) + SLACK
_LATEST = datetime.max.replace(tzinfo=UTC) - SLACK


def _time(value: Any) -> datetime | None:
    """A step's timestamp in UTC; None when it is none, or not one a datetime can hold
    with the session's slack around it (year 1 in an offset east of UTC, year 9999 …):
    such a time is unknown, like a missing one."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return moment if _EARLIEST <= moment <= _LATEST else None


def _sort_key(value: str) -> datetime:
    return _time(value) or datetime.min.replace(tzinfo=UTC)


def _shown_time(moment: datetime | None) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC") if moment else ""
