"""The seeds' file formats, in and out: ``.claude/session-ledger.md``, ``ledger.jsonl``.

Two ways people kept a ledger before ``git ledger``: the first seed's Markdown working set
(TASK, NEXT, OPEN, DECIDED, VERIFIED, DROPPED, PLAN) and the second seed's Decision Ledger,
one JSON record a line.  This module owns both shapes: ``export_*`` renders a snapshot in
one, ``parse_*`` reads one into planned records and per-line problems without touching a
repository, and ``import_file`` validates a whole file first and then writes every entry
in one ledger event (or nothing).

Exports are fixed points of import: ``export → import (fresh repository) → export`` gives
the same bytes.  The Decision Ledger keeps ids: a gitledger id is kept as the entry's id,
a foreign one (``DEC-2026-002``) in the entry's ``source_id`` extra key, and written back
on export.  The Markdown layout has no ids, so its items are recognised by their rendered
line: re-importing a file adds only the lines the ledger does not already show.  A text that
holds the layout's own separators (``: ``, ``(over ``, ``;`` in an alternative, unpaired
brackets in a command) is written with backslash escapes, so every text comes back as it
was; plain text is written as it is.

A jsonl record whose id the ledger already holds with other content is not imported: it
is an invalid line (``--skip-invalid`` skips it).  A ``supersedes`` naming a record neither
the file nor the ledger holds is kept as written (``source_supersedes``) with a warning.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from gitledger.core.codec import encode_entry, encode_focus, in_utc_range, iso
from gitledger.core.ids import KIND_LETTERS, entry_path, is_valid_id, new_id
from gitledger.core.model import LIVE_STATUSES, STATUSES, Entry, Focus, LedgerMeta, Snapshot
from gitledger.core.parsing import json_loads
from gitledger.core.text import LINE_LIMIT, clean_line, clean_text, decode_bytes, printable
from gitledger.errors import InvalidInput
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import Built
from gitledger.storage.keepalive import keep
from gitledger.storage.layout import FOCUS_PATH
from gitledger.storage.store import TreeView

#: The formats ``import_file`` reads and the exports that write them.
FORMATS = ("session-md", "jsonl")
#: The Markdown sections, in the seed's restore-first order.
SECTIONS = ("TASK", "NEXT", "OPEN", "DECIDED", "VERIFIED", "DROPPED", "PLAN")
SECTION_KINDS = {"OPEN": "open", "DECIDED": "decided", "VERIFIED": "verified",
                 "DROPPED": "dropped", "PLAN": "plan"}
TITLE = "# Session Ledger"
#: A Decision Ledger record's keys, in the order export writes them.
JSONL_KEYS = ("id", "scope", "status", "decision", "rejected", "reason", "evidence",
              "supersedes", "deployed_at")
JSONL_REQUIRED = ("id", "status", "decision")
#: Where a foreign id is kept in an entry (``Entry.extra``), and the session-md start time
#: in the ledger's focus (``Focus.extra``).
SOURCE_ID_KEY = "source_id"
STARTED_KEY = "started"
#: Where a ``supersedes`` naming no decision in the file or the ledger is kept as written
#: (``Entry.extra``), and written back on export.
SOURCE_SUPERSEDES_KEY = "source_supersedes"
#: The largest file ``import_file`` reads.
MAX_FILE_BYTES = 5 * 1024 * 1024
ID_LIMIT = 200
#: How many problems the one-line error of a refused import spells out.
SHOWN_PROBLEMS = 3
#: How many per-line reports the text of an import shows (``--json`` lists every one).
SHOWN_LINES = 20


@dataclass(frozen=True)
class Problem:
    """Why one line of an imported file cannot be imported (1-based line number)."""

    line: int
    message: str


@dataclass(frozen=True)
class Record:
    """One planned write read from a file.

    ``kind`` is an entry kind (open, decided, verified, dropped, plan) or ``task`` /
    ``next``; ``fields`` are the entry's kind fields (``KIND_FIELDS``); ``source_id`` is
    the id the file gave it (the Decision Ledger's ``id``; None in session-md).
    """

    line: int
    kind: str
    text: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    source_id: str | None = None


@dataclass(frozen=True)
class Parsed:
    """A parsed file: its valid records in file order and its invalid lines."""

    fmt: str
    records: tuple[Record, ...]
    problems: tuple[Problem, ...]
    #: session-md's ``_started: …_`` line, as written.
    started: str | None = None
    #: What is imported but not quite as the file says (a ``supersedes`` that names
    #: nothing: kept as written, not followed).
    warnings: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Imported:
    """A record as imported (or, in a dry run, as it would be), or found already present."""

    line: int
    kind: str
    text: str
    #: The entry it became or already is (None for TASK and NEXT).
    id: str | None
    source_id: str | None = None


@dataclass(frozen=True)
class ImportResult:
    path: str
    fmt: str
    ref: str
    commit: str | None
    dry_run: bool
    written: tuple[Imported, ...]
    present: tuple[Imported, ...]
    skipped: tuple[Problem, ...]
    #: What the write itself warned about (the notes of cited commits not updated).
    warnings: tuple[str, ...] = ()


# -- export -------------------------------------------------------------------------------


def export_session_md(snapshot: Snapshot) -> str:
    """The first seed's ``.claude/session-ledger.md`` layout of a ledger.

    Live decisions are DECIDED; a rejected decision is a DROPPED path (with the reason it
    was rejected); a superseded one is left out, its replacement stands in DECIDED.  Ids,
    statuses, scopes and evidence have no place in this layout (``jsonl`` keeps them).
    """
    lines = [TITLE]
    started = _started(snapshot)
    if started is not None:
        lines.append(f"_started: {started}_")
    items: dict[str, list[str]] = {title: [] for title in SECTIONS}
    for entry in snapshot.entries:
        item = _entry_item(entry)
        if item is not None:
            kind, body = item
            items[_TITLE_OF[kind]].append(_bullet(body))
    focus = snapshot.focus
    for title in SECTIONS:
        lines.append("")
        lines.append(f"## {title}")
        if title == "TASK" and focus.task:
            lines.append(_escape_line(focus.task))
        elif title == "NEXT" and focus.next:
            lines.append(_escape_line(focus.next))
        lines.extend(items[title])
    return "\n".join(lines) + "\n"


#: A TASK or NEXT line that would read back as a section heading: ``## `` after any
#: backslashes (the backslashes, so that an escaped line's own text survives too).
_HEADING_LIKE = re.compile(r"\\*## ")


def _escape_line(text: str) -> str:
    """A TASK or NEXT line as written: ``## Decisions`` gets a backslash in front (it would
    read back as a section); any other text is written as it is."""
    return "\\" + text if _HEADING_LIKE.match(text) else text


def _unescape_line(text: str) -> str:
    return text[1:] if text.startswith("\\") and _HEADING_LIKE.match(text) else text


def export_jsonl(snapshot: Snapshot) -> str:
    """The second seed's ``decisions/ledger.jsonl``: one decision a line, in ledger order."""
    decisions = snapshot.of_kind("decided")
    ids = {e.id: export_id(e) for e in decisions}
    return "".join(json.dumps(_jsonl_of(entry, ids), ensure_ascii=False,
                              separators=(",", ":")) + "\n" for entry in decisions)


def _jsonl_of(entry: Entry, ids: Mapping[str, str]) -> dict[str, Any]:
    """An entry as a Decision Ledger record; ``ids`` maps entry ids to exported ids."""
    kept = entry.extra.get(SOURCE_SUPERSEDES_KEY)
    if entry.supersedes:
        supersedes = [ids.get(entry.supersedes, entry.supersedes)]
    else:
        supersedes = [kept] if isinstance(kept, str) and kept else []
    return {
        "id": ids.get(entry.id, export_id(entry)),
        "scope": entry.scope,
        "status": entry.status,
        "decision": entry.text,
        "rejected": list(entry.over),
        "reason": entry.because if entry.because is not None else entry.rejected_why,
        "evidence": list(entry.evidence),
        "supersedes": supersedes,
        "deployed_at": iso(entry.deployed_at) if entry.deployed_at else None,
    }


def _jsonl_of_record(record: Record) -> dict[str, Any]:
    """A parsed record as ``_jsonl_of`` writes it (its supersedes as the file gives it)."""
    fields = record.fields
    when = fields.get("deployed_at")
    return {
        "id": record.source_id,
        "scope": fields.get("scope"),
        "status": fields.get("status"),
        "decision": record.text,
        "rejected": list(fields.get("over", ())),
        "reason": fields.get("because"),
        "evidence": list(fields.get("evidence", ())),
        "supersedes": [fields["supersedes"]] if fields.get("supersedes") else [],
        "deployed_at": iso(when) if isinstance(when, datetime) else None,
    }


def export_id(entry: Entry) -> str:
    """The id an entry is exported under: the file's own id it came with, else its id."""
    source = entry.extra.get(SOURCE_ID_KEY)
    return source if isinstance(source, str) and source else entry.id


_TITLE_OF = {kind: title for title, kind in SECTION_KINDS.items()}


def _started(snapshot: Snapshot) -> str | None:
    started = snapshot.focus.extra.get(STARTED_KEY)
    if isinstance(started, str) and started:
        return started
    return iso(snapshot.meta.created) if snapshot.meta is not None else None


def _entry_item(entry: Entry) -> tuple[str, str] | None:
    """(entry kind of the section, item body) an entry shows as in session-md, or None."""
    if entry.kind == "decided":
        if entry.status == "rejected":
            why = entry.rejected_why or entry.because
            return "dropped", _joined(entry.text, why)
        if entry.status not in LIVE_STATUSES:
            return None
        return "decided", _body("decided", entry.text,
                                {"because": entry.because, "over": entry.over})
    return entry.kind, _body(entry.kind, entry.text, _entry_fields(entry))


def _entry_fields(entry: Entry) -> dict[str, Any]:
    if entry.kind == "verified":
        return {"by": entry.by}
    if entry.kind == "dropped":
        return {"why": entry.why}
    if entry.kind == "plan":
        return {"path": entry.path or entry.text, "note": entry.note}
    return {}


def _body(kind: str, text: str, fields: Mapping[str, Any]) -> str:
    """An item's text in session-md, before the bullet: what the parser splits again.

    Plain text is written as it is; a backslash escapes only what would otherwise be read
    as structure (docs/format.md): ``\\: `` in the text before the ``: `` that ends it,
    ``\\(over `` in a decision's reason, ``\\;`` ``\\(`` ``\\)`` in its alternatives,
    ``\\[`` ``\\]`` in a command whose brackets do not pair, and ``\\\\`` for a
    backslash before any of these (or at the end of the part).
    """
    if kind == "decided":
        reason = _escape(fields.get("because") or "", _OVER_SPECIAL, over_only=True)
        if fields.get("over"):
            alternatives = "; ".join(_escape(alt, _OVER_SPECIAL) for alt in fields["over"])
            reason = f"{reason} (over {alternatives})".strip()
        return _joined(text, reason or None)
    if kind == "dropped":
        return _joined(text, fields.get("why"))
    if kind == "verified":
        by = fields.get("by")
        if not by:
            return text
        return f"{text} [{_escape(by, _COMMAND_SPECIAL, brackets=not _balanced(by))}]"
    if kind == "plan":
        return _joined(fields.get("path") or text, fields.get("note"))
    return text


def _joined(text: str, reason: str | None) -> str:
    """``<text>: <reason>``, the text escaped so that its first ``: `` is the separator."""
    head = _escape(text, _HEAD_SPECIAL)
    return f"{head}: {reason}" if reason else head


#: The characters a backslash escapes in each part of an item (and the backslash itself).
_HEAD_SPECIAL = frozenset(":\\")
_OVER_SPECIAL = frozenset("();\\")
_COMMAND_SPECIAL = frozenset("[]\\")


def _escape(text: str, special: frozenset[str], *, over_only: bool = False,
            brackets: bool = False) -> str:
    """``text`` with a backslash before what a reader would take for structure.

    A backslash is doubled where the next character is one ``special`` names, or at the
    end; in a head ``: `` becomes ``\\: ``; in a reason (``over_only``) ``(over ``
    becomes ``\\(over ``; in alternatives every ``;``, ``(`` and ``)`` is escaped; in a
    command (``brackets``) every ``[`` and ``]``.
    """
    out: list[str] = []
    for at, char in enumerate(text):
        following = text[at + 1:at + 2]
        if char == "\\":
            out.append("\\\\" if following in special or not following else "\\")
        elif char == ":" and ":" in special:
            out.append("\\:" if following == " " else ":")
        elif char == "(" and over_only:
            out.append("\\(" if text.startswith("(over ", at) else "(")
        elif ((char in "();" and "(" in special and not over_only)
              or (char in "[]" and brackets)):
            out.append("\\" + char)
        else:
            out.append(char)
    return "".join(out)


def _tokens(text: str, special: frozenset[str]) -> list[tuple[str, bool, int]]:
    """``text`` read as (character, escaped, offset) triples: a backslash before a
    character ``special`` names escapes it; any other backslash is itself."""
    out: list[tuple[str, bool, int]] = []
    at = 0
    while at < len(text):
        if text[at] == "\\" and text[at + 1:at + 2] in special and at + 1 < len(text):
            out.append((text[at + 1], True, at))
            at += 2
        else:
            out.append((text[at], False, at))
            at += 1
    return out


def _unescape(text: str, special: frozenset[str]) -> str:
    return "".join(char for char, _, _ in _tokens(text, special))


def _balanced(text: str) -> bool:
    """Whether every ``]`` in ``text`` closes a ``[`` before it, and every ``[`` is closed."""
    depth = 0
    for char in text:
        depth += 1 if char == "[" else -1 if char == "]" else 0
        if depth < 0:
            return False
    return depth == 0


def _bullet(body: str) -> str:
    """A list item; the lines after the first are continuation lines indented two spaces."""
    return "- " + body.replace("\n", "\n  ")


# -- parsing: session-md ------------------------------------------------------------------


def parse_session_md(text: str) -> Parsed:
    """Read the first seed's layout; every line that cannot be imported is a Problem."""
    records: list[Record] = []
    problems: list[Problem] = []
    started: str | None = None
    section: str | None = None
    seen: dict[str, int] = {}
    single: list[tuple[int, str]] = []  # TASK or NEXT lines
    item: list[str] = []
    item_line = 0

    def flush_item() -> None:
        nonlocal item
        if item and section is not None:
            record = _item_record(SECTION_KINDS[section], item_line, "\n".join(item))
            if isinstance(record, Record):
                records.append(record)
            else:
                problems.append(record)
        item = []

    def flush_single() -> None:
        nonlocal single
        if section in ("TASK", "NEXT") and single:
            if len(single) > 1:
                problems.append(Problem(single[1][0], f"{section} must be one line "
                                        f"(it continues on line {single[1][0]})"))
            else:
                line_no, value = single[0]
                try:
                    records.append(Record(line_no, section.lower(),
                                          clean_line(_unescape_line(value), section)))
                except InvalidInput as exc:
                    problems.append(Problem(line_no, str(exc)))
        single = []

    for number, raw in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        line = raw.rstrip()
        if line.startswith("## "):
            flush_item()
            flush_single()
            name = line[3:].strip()
            title = name.upper()
            if title not in SECTIONS:
                problems.append(Problem(number, f"unknown section '## {name}' (the sections "
                                        f"are {', '.join(SECTIONS)})"))
                section = "?"
            elif title in seen:
                problems.append(Problem(number, f"a second {title} section (the first is on "
                                        f"line {seen[title]})"))
                section = "?"
            else:
                seen[title] = number
                section = title
            continue
        if section == "?":
            continue  # the lines of a section already reported
        if section is None:
            started, problem = _preamble(line, number, started)
            if problem is not None:
                problems.append(problem)
            continue
        if section in ("TASK", "NEXT"):
            if line.strip():
                single.append((number, line))
            continue
        # An item's own text is kept as written (raw): only the file's structure is
        # read from the stripped line, so an export's continuation lines come back whole.
        if line.startswith(("- ", "* ")) or line in ("-", "*"):
            flush_item()
            item, item_line = [raw[2:]], number
        elif raw.startswith("  ") and item:
            item.append(raw[2:])
        elif not line.strip():
            flush_item()
        elif section == "PLAN":
            flush_item()  # the seed's PLAN is "a path each": a bare line is a path
            item, item_line = [line], number
        else:
            flush_item()
            problems.append(Problem(number, f"expected a '- ' item in {section}, not "
                                    f"'{_short(line)}'"))
    flush_item()
    flush_single()
    problems.sort(key=lambda p: p.line)
    return Parsed("session-md", tuple(records), tuple(problems), started)


def _preamble(line: str, number: int, started: str | None) -> tuple[str | None, Problem | None]:
    stripped = line.strip()
    if not stripped or stripped == TITLE:
        return started, None
    if stripped.startswith("_started:") and stripped.endswith("_") and len(stripped) > 10:
        value = stripped[len("_started:"):-1].strip()
        if _parse_time(value) is None:
            return started, Problem(number, f"_started: '{_short(value)}' is not an ISO 8601 "
                                    "time with an offset (like 2026-11-30T12:00:00Z)")
        return value, None
    return started, Problem(number, f"text before the first section: '{_short(stripped)}' "
                            "(a ledger starts with '# Session Ledger', then '## TASK')")


def _item_record(kind: str, line: int, body: str) -> Record | Problem:
    """Split one item's text into an entry's text and fields, validated."""
    title = _TITLE_OF[kind]
    try:
        if not body.strip():
            raise InvalidInput(f"an empty {title} item")
        if kind == "open":
            return Record(line, kind, clean_text(body, "question"))
        if kind == "verified":
            fact, by = _split_command(body.strip())
            if by is None:
                raise InvalidInput("a VERIFIED item needs the command that proved it: "
                                   "'- <fact> [<command>]'")
            return Record(line, kind, clean_text(fact, "fact"), {"by": clean_text(by, "command")})
        head, tail = _split_reason(body.strip())
        if kind == "decided":
            reason, over = _split_over(tail)
            because = clean_text(reason, "reason") if reason else None
            return Record(line, kind, clean_text(head, "decision"),
                          {"status": "accepted", "because": because,
                           "over": tuple(clean_line(alt, "rejected", LINE_LIMIT)
                                         for alt in over)})
        if kind == "dropped":
            if tail is None:
                raise InvalidInput("a DROPPED item needs its reason: '- <approach>: <why>'")
            return Record(line, kind, clean_text(head, "approach"),
                          {"why": clean_text(tail, "why")})
        path = clean_line(head, "PLAN path")
        note = clean_text(tail, "PLAN note") if tail is not None else None
        return Record(line, kind, path, {"path": path, "note": note})
    except InvalidInput as exc:
        return Problem(line, str(exc))


def _split_over(tail: str | None) -> tuple[str | None, tuple[str, ...]]:
    """A DECIDED item's reason and the alternatives it beat: ``<why> (over a; b)``, the
    shape ``export_session_md`` writes them in (reason and alternatives unescaped).

    The alternatives are the last unescaped ``(over `` … ``)`` that ends the text,
    split at unescaped ``;``; the reason may run over several lines."""
    if tail is None:
        return None, ()
    tokens = _tokens(tail.rstrip(), _OVER_SPECIAL)
    opener = next((i for i in range(len(tokens) - 1, -1, -1)
                   if tokens[i][:2] == ("(", False)), None)
    word = tokens[opener + 1:opener + 6] if opener is not None else []
    if (opener is None or not tokens or tokens[-1][:2] != (")", False)
            or [(c, e) for c, e, _ in word] != [(c, False) for c in "over "]):
        return _unescape(tail, _OVER_SPECIAL), ()
    over: list[str] = []
    current: list[str] = []
    for char, escaped, _ in tokens[opener + 6:-1]:
        if char == ";" and not escaped:
            over.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    over.append("".join(current).strip())
    reason = "".join(char for char, _, _ in tokens[:opener]).rstrip()
    return (reason or None), tuple(alt for alt in over if alt)


def _split_reason(body: str) -> tuple[str, str | None]:
    """``<text>: <reason>`` at the first unescaped ``': '`` after the first character;
    the text unescaped, the reason as written."""
    tokens = _tokens(body, _HEAD_SPECIAL)
    for index in range(1, len(tokens) - 1):
        char, escaped, at = tokens[index]
        if char == ":" and not escaped and tokens[index + 1][:2] == (" ", False):
            return _unescape(body[:at], _HEAD_SPECIAL), body[at + 2:]
    return _unescape(body, _HEAD_SPECIAL), None


def _split_command(body: str) -> tuple[str, str | None]:
    """``<fact> [<command>]``: the unescaped bracket that closes the line, matched from
    the end over unescaped brackets; the command unescaped, the fact as written."""
    tokens = _tokens(body, _COMMAND_SPECIAL)
    if not tokens or tokens[-1][:2] != ("]", False):
        return body, None
    depth = 0
    for index in range(len(tokens) - 1, -1, -1):
        char, escaped, at = tokens[index]
        if escaped:
            continue
        if char == "]":
            depth += 1
        elif char == "[":
            depth -= 1
            if depth == 0:
                if index > 0 and tokens[index - 1][:2] == (" ", False):
                    return body[:at - 1], _unescape(body[at + 1:-1], _COMMAND_SPECIAL)
                break
    at = body.rfind(" [")  # unbalanced brackets in the command: the last " [" opens it
    if at <= 0:
        return body, None
    return body[:at], _unescape(body[at + 2:-1], _COMMAND_SPECIAL)


# -- parsing: jsonl -----------------------------------------------------------------------


def parse_jsonl(text: str, known: Collection[str] = ()) -> Parsed:
    """Read the second seed's Decision Ledger; every line that cannot be imported is a Problem.

    ``known`` are ids that exist outside the file (the target ledger's ids and source ids):
    a record may supersede one of those as well as one of the file's own.
    """
    records: list[Record] = []
    problems: list[Problem] = []
    first: dict[str, int] = {}
    invalid: dict[str, int] = {}  # the ids of invalid lines, where they can be read
    for number, raw in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if not raw.strip():
            continue
        try:
            record = _jsonl_record(number, raw)
        except InvalidInput as exc:
            problems.append(Problem(number, str(exc)))
            invalid.setdefault(_id_of(raw) or "", number)
            continue
        assert record.source_id is not None
        if record.source_id in first:
            problems.append(Problem(number, f"duplicate id '{record.source_id}' (first on "
                                    f"line {first[record.source_id]})"))
            continue
        first[record.source_id] = number
        records.append(record)
    # A link must land on a record that is imported or already there; dropping an invalid
    # record can strand the records that supersede it, so repeat until nothing changes.
    # A link to an id the file never gives (the seed's own example supersedes a record
    # it does not show) is source data: kept as written, with a warning, not followed.
    valid = list(records)
    warnings: dict[int, Problem] = {}
    while True:
        ids = {r.source_id for r in valid} | set(known)
        claimed: dict[str, int] = {}
        kept: list[Record] = []
        for record in valid:
            target = record.fields.get("supersedes")
            line = (first.get(target) or invalid.get(target)) if target is not None else None
            if target is not None and target not in ids and line:
                problems.append(Problem(record.line, f"supersedes '{target}', which is on "
                                        f"line {line}, which is invalid"))
            elif target is not None and target in claimed:
                problems.append(Problem(record.line, f"'{target}' is already superseded by "
                                        f"line {claimed[target]}"))
            else:
                if target is not None:
                    claimed[target] = record.line
                if target is not None and target not in ids:
                    warnings[record.line] = Problem(
                        record.line, f"'{record.source_id}' supersedes '{_short(target)}', "
                        "which is neither in this file nor in the ledger; the link is kept "
                        "as written and not followed")
                kept.append(record)
        if len(kept) == len(valid):
            break
        valid = kept
    problems.sort(key=lambda p: p.line)
    lines = {r.line for r in valid}
    return Parsed("jsonl", tuple(valid), tuple(problems),
                  warnings=tuple(w for n, w in sorted(warnings.items()) if n in lines))


def _jsonl_record(number: int, raw: str) -> Record:
    try:
        data = json_loads(raw, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"a record must be a JSON object, not {_json_type(data)}")
    unknown = [key for key in data if key not in JSONL_KEYS]
    if unknown:
        raise InvalidInput(f"unknown key '{_short(unknown[0])}' (a record has "
                           f"{', '.join(JSONL_KEYS)})")
    for key in JSONL_REQUIRED:
        if key not in data:
            raise InvalidInput(f"missing required key '{key}'")
    source_id = clean_line(_string(data, "id"), "id", ID_LIMIT)
    status = _string(data, "status")
    if status not in STATUSES:
        raise InvalidInput(f"unknown status '{_short(status)}' (use {', '.join(STATUSES)})")
    decision = clean_text(_string(data, "decision"), "decision")
    scope = _optional_string(data, "scope")
    reason = _optional_string(data, "reason")
    supersedes = _strings(data, "supersedes")
    if len(supersedes) > 1:
        raise InvalidInput(f"supersedes {len(supersedes)} decisions; gitledger links a "
                           "decision to the one it replaces (split the scope, one each)")
    target = clean_line(supersedes[0], "supersedes", ID_LIMIT) if supersedes else None
    if target == source_id:
        raise InvalidInput(f"'{source_id}' supersedes itself")
    deployed_at = data.get("deployed_at")
    when: datetime | None = None
    if deployed_at is not None:
        when = _parse_time(deployed_at) if isinstance(deployed_at, str) else None
        if when is None:
            raise InvalidInput("'deployed_at' must be an ISO 8601 time with an offset "
                               "(like 2026-11-30T12:00:00Z) or null")
    because = clean_text(reason, "reason") if reason is not None else None
    fields: dict[str, Any] = {
        "status": status,
        "scope": clean_line(scope, "scope") if scope is not None else None,
        "over": tuple(clean_line(v, "rejected", LINE_LIMIT) for v in _strings(data, "rejected")),
        "because": because,
        "evidence": tuple(clean_line(v, "evidence", LINE_LIMIT)
                          for v in _strings(data, "evidence")),
        "supersedes": target,
        "deployed_at": when,
        "rejected_why": because if status == "rejected" else None,
    }
    return Record(number, "decided", decision, fields, source_id)


def _id_of(raw: str) -> str | None:
    """The string ``id`` of a line that failed, when it is a JSON object at all."""
    try:
        data = json_loads(raw)
    except json.JSONDecodeError:
        return None
    value = data.get("id") if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InvalidInput(f"the key '{_short(key)}' appears twice")
        out[key] = value
    return out


def _string(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise InvalidInput(f"'{key}' must be a string, not {_json_type(value)}")
    return value


def _optional_string(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise InvalidInput(f"'{key}' must be a string or null, not {_json_type(value)}")
    return value


def _strings(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidInput(f"'{key}' must be a list of strings, not {_json_type(value)}"
                           if not isinstance(value, list)
                           else f"'{key}' must be a list of strings (it holds "
                           f"{_json_type(next(v for v in value if not isinstance(v, str)))})")
    return value


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _parse_time(value: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None or not in_utc_range(moment):
        return None
    return moment


def _short(text: str, width: int = 40) -> str:
    flat = " ".join(text.split())
    shown = flat if len(flat) <= width else flat[: width - 1] + "…"
    return shown.encode("ascii", "backslashreplace").decode("ascii") if any(
        ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in shown) else shown


# -- import -------------------------------------------------------------------------------


def guess_format(path: str | os.PathLike[str]) -> str:
    """The format a file's name says: ``.jsonl`` → jsonl, ``.md`` → session-md."""
    name = Path(path).name.lower()
    if name.endswith(".jsonl"):
        return "jsonl"
    if name.endswith((".md", ".markdown")):
        return "session-md"
    raise InvalidInput(f"cannot tell the format of {Path(path).name} from its name: give "
                       f"--format {' or --format '.join(FORMATS)}")


def read_file(path: str | os.PathLike[str]) -> str:
    """A file's text: UTF-8, no NUL, at most ``MAX_FILE_BYTES``; one-line errors."""
    name = Path(path).name
    shown = printable(os.fspath(path))
    try:
        # Opened without blocking, then checked: a FIFO or a device would hang the read.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InvalidInput(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise InvalidInput(f"{shown} is a directory, not a file") from None
    except OSError as exc:
        raise InvalidInput(f"{shown}: cannot read it ({exc.strerror or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InvalidInput(f"{shown} is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise InvalidInput(f"{shown} is not a regular file (a pipe, a device or a "
                               "socket); import reads a file")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InvalidInput(f"{shown}: cannot read it ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise InvalidInput(f"{name} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB; a "
                           "ledger file that big is not a ledger")
    return decode_bytes(data, name)


def import_file(
    where: str | os.PathLike[str] | None, path: str | os.PathLike[str], *,
    fmt: str | None = None, project: bool = False, dry_run: bool = False,
    skip_invalid: bool = False,
) -> ImportResult:
    """Import a seed-format file into the session (or ``project``) ledger, in one event.

    Everything is validated before anything is written: with any invalid line and no
    ``skip_invalid``, InvalidInput names the lines and nothing is written.  Records the
    ledger already holds (same id or source id; in session-md, the same rendered line)
    are reported as present, not written again; a jsonl record whose id the ledger holds
    with different content is an invalid line ("already in the ledger with different
    content"), never a silent "present".
    """
    chosen = fmt or guess_format(path)
    if chosen not in FORMATS:
        raise InvalidInput(f"unknown import format '{chosen}': use {' or '.join(FORMATS)}")
    text = read_file(path)
    ledger = Ledger.open(where, project=project)
    snapshot = ledger.snapshot()
    if snapshot.bad:
        raise InvalidInput(f"{snapshot.ref} has unreadable entries ({snapshot.bad[0].path}); "
                           "fix them first (git ledger check names the cause)")
    parsed = (parse_jsonl(text, known=_known_ids(snapshot)) if chosen == "jsonl"
              else parse_session_md(text))
    name = Path(path).name
    new, present, changed = _plan(parsed, snapshot)
    problems = tuple(sorted(parsed.problems + tuple(changed), key=lambda p: p.line))
    if problems and not skip_invalid:
        raise InvalidInput(problems_summary(name, problems))
    writing = {r.line for r in new}
    result = ImportResult(
        path=str(path), fmt=chosen, ref=ledger.ref or snapshot.ref, commit=None,
        dry_run=dry_run, written=tuple(_imported(r, None) for r in new),
        present=tuple(present), skipped=problems,
        warnings=tuple(f"line {w.line}: {w.message}" for w in parsed.warnings
                       if w.line in writing))
    if dry_run or not new:
        return result
    ledger.repo.person()  # no identity: fail before the keep-alive write
    _keep_evidence(ledger, new)
    written: list[Imported] = []
    outcome = ledger.write(_builder(ledger, parsed, new, _existing_ids(snapshot), written))
    return replace(result, ref=outcome.ref, commit=outcome.commit, written=tuple(written),
                   warnings=result.warnings + outcome.warnings)


def problems_summary(name: str, problems: Iterable[Problem]) -> str:
    """One line naming the invalid lines: what a refused import says."""
    found = list(problems)
    lines = len({p.line for p in found})
    shown = "; ".join(f"line {p.line}: {p.message}" for p in found[:SHOWN_PROBLEMS])
    more = f"; and {len(found) - SHOWN_PROBLEMS} more" if len(found) > SHOWN_PROBLEMS else ""
    noun = "line" if lines == 1 else "lines"
    return (f"{name}: {lines} invalid {noun} ({shown}{more}); nothing was imported "
            "(fix them, or --skip-invalid imports the valid lines)")


def import_json(result: ImportResult) -> dict[str, Any]:
    """The documented JSON of an import (``git ledger import --json``)."""

    def one(item: Imported) -> dict[str, Any]:
        return {"line": item.line, "kind": item.kind, "id": item.id,
                "source_id": item.source_id, "text": item.text}

    return {
        "file": result.path,
        "format": result.fmt,
        "ref": result.ref or None,
        "commit": result.commit,
        "dry_run": result.dry_run,
        "written": [one(i) for i in result.written],
        "present": [one(i) for i in result.present],
        "skipped": [{"line": p.line, "message": p.message} for p in result.skipped],
        "warnings": list(result.warnings),
    }


def import_text(result: ImportResult) -> str:
    """The human report of an import."""
    verb = "would import" if result.dry_run else "imported"
    into = result.ref or "this worktree's new session ledger"
    lines = [f"{verb} {len(result.written)} from {Path(result.path).name} into {into}"
             + (f" ({result.commit[:10]})" if result.commit else "")]
    # What was refused first, then what was written, then what was there already; at
    # most SHOWN_LINES of them (a 60,000-line file is not read line by line).
    reports = [f"  ! line {p.line}: skipped: {p.message}" for p in result.skipped]
    reports += [f"  + line {i.line}: {_label(i)}" for i in result.written]
    reports += [f"  = line {i.line}: {_label(i)} (already in the ledger)"
                for i in result.present]
    warnings = [f"warning: {w}" for w in result.warnings]
    lines.extend(reports[:SHOWN_LINES])
    if len(reports) > SHOWN_LINES:
        lines.append(f"  … and {len(reports) - SHOWN_LINES} more ({len(result.written)} "
                     f"written, {len(result.present)} already there, {len(result.skipped)} "
                     "skipped; --json lists every line)")
    lines.extend(warnings[:SHOWN_LINES])
    if len(warnings) > SHOWN_LINES:
        lines.append(f"… and {len(warnings) - SHOWN_LINES} more warnings (--json lists "
                     "every one)")
    if result.dry_run:
        lines.append("dry run: nothing was written")
    return "\n".join(lines)


def _label(item: Imported) -> str:
    head = item.kind.upper() if item.kind in ("task", "next") else (item.id or item.kind)
    source = f" ({item.source_id})" if item.source_id and item.source_id != item.id else ""
    return f"{head}{source} {_short(item.text, 60)}"


def _known_ids(snapshot: Snapshot) -> set[str]:
    ids: set[str] = set()
    for entry in snapshot.entries:
        ids.add(entry.id)
        source = entry.extra.get(SOURCE_ID_KEY)
        if isinstance(source, str):
            ids.add(source)
    return ids


def _plan(parsed: Parsed, snapshot: Snapshot,
          ) -> tuple[list[Record], list[Imported], list[Problem]]:
    """The records to write, those the ledger already holds (as Imported), and the
    records whose id the ledger holds with other content (as Problems: not imported)."""
    new: list[Record] = []
    present: list[Imported] = []
    changed: list[Problem] = []
    if parsed.fmt == "jsonl":
        by_id = {e.id: e for e in snapshot.entries}
        by_source = {export_id(e): e for e in snapshot.entries}
        ids = {e.id: export_id(e) for e in snapshot.entries}
        for record in parsed.records:
            assert record.source_id is not None
            there = by_id.get(record.source_id) or by_source.get(record.source_id)
            if there is None:
                new.append(record)
                continue
            label = _short(record.source_id)
            held = f" (as {there.id})" if there.id != record.source_id else ""
            differ = _differences(record, there, ids)
            if there.kind != "decided":
                changed.append(Problem(record.line, f"{label} is already in the ledger as "
                                       f"{_A_KIND.get(there.kind, there.kind)}, not a "
                                       "decision; not imported"))
            elif differ:
                changed.append(Problem(record.line, f"{label} is already in the ledger"
                                       f"{held} with different content ({', '.join(differ)}"
                                       f" differ{'s' if len(differ) == 1 else ''}); not "
                                       "imported"))
            else:
                present.append(_imported(record, there.id))
        return new, present, changed
    shown: dict[tuple[str, str], str] = {}
    for entry in snapshot.entries:
        item = _entry_item(entry)
        if item is not None:
            shown.setdefault(item, entry.id)
    focus = snapshot.focus
    for record in parsed.records:
        if record.kind in ("task", "next"):
            current = focus.task if record.kind == "task" else focus.next
            if current == record.text:
                present.append(_imported(record, None))
            else:
                new.append(record)
            continue
        key = (record.kind, _body(record.kind, record.text, record.fields))
        if key in shown:
            present.append(_imported(record, shown[key]))
        else:
            shown[key] = ""  # a line the file repeats is imported once
            new.append(record)
    return new, present, changed


_A_KIND = {"open": "an open question", "verified": "a verified fact",
           "dropped": "a dropped approach", "plan": "a plan"}


def _differences(record: Record, entry: Entry, ids: Mapping[str, str]) -> list[str]:
    """The Decision Ledger keys on which ``record`` and the entry the ledger holds under
    its id differ (a link is compared by the id export writes for it)."""
    if entry.kind != "decided":
        return ["kind"]
    ours = _jsonl_of_record(record)
    target = record.fields.get("supersedes")
    if target is not None:
        ours["supersedes"] = [ids.get(target, target)]
    theirs = _jsonl_of(entry, ids)
    return [key for key in JSONL_KEYS if key != "id" and ours[key] != theirs[key]]


def _imported(record: Record, entry_id: str | None) -> Imported:
    return Imported(record.line, record.kind, record.text, entry_id, record.source_id)


def _keep_evidence(ledger: Ledger, records: list[Record]) -> None:
    """Keep alive the cited commits this repository has (others are kept as written)."""
    from gitledger.storage.commits import CommitGraph

    graph: CommitGraph | None = None
    for record in records:
        shas: list[str] = []
        for item in record.fields.get("evidence", ()):
            if item.startswith("git:"):
                graph = graph or CommitGraph(ledger.repo)
                full = graph.full(item[4:].strip())
                if full is not None and full == item[4:].strip():
                    shas.append(full)
        if shas:
            keep(ledger.store, shas, record.source_id or "import")


def _builder(
    ledger: Ledger, parsed: Parsed, new: list[Record], existing: Mapping[str, str],
    written: list[Imported],
) -> Callable[[TreeView, LedgerMeta, Focus], Built | None]:
    person = ledger.repo.person()
    session = ledger.session

    def build(view: TreeView, meta: LedgerMeta, focus: Focus) -> Built | None:
        written.clear()
        assigned = _assign_ids(new, view)
        links = {r.source_id: i for r, i in zip(new, assigned, strict=True)
                 if r.source_id is not None and i is not None}
        seq = focus.seq
        entries: dict[str, Entry] = {}
        new_focus = focus
        trailers: list[tuple[str, str]] = [("Ledger-Event", "add"),
                                           ("Ledger-Import", parsed.fmt)]
        for record, entry_id in zip(new, assigned, strict=True):
            if entry_id is None:  # TASK or NEXT
                new_focus = (replace(new_focus, task=record.text) if record.kind == "task"
                             else replace(new_focus, next=record.text))
                written.append(_imported(record, None))
                continue
            seq += 1
            values = dict(record.fields)
            target = values.get("supersedes")
            extra: dict[str, Any] = (
                {SOURCE_ID_KEY: record.source_id}
                if record.source_id is not None and record.source_id != entry_id else {})
            if target is not None:
                linked = links.get(target) or existing.get(target)
                values["supersedes"] = linked
                if linked is None:  # names nothing here: kept as the file wrote it
                    extra[SOURCE_SUPERSEDES_KEY] = target
            entry = Entry(id=entry_id, kind=record.kind, text=record.text, seq=seq,
                          created=person.when, author=person.ident, session=session,
                          extra=extra, **values)
            entries[entry.id] = entry
            trailers.append(("Ledger-Entry", entry.id))
            written.append(_imported(record, entry.id))
        for entry in list(entries.values()):  # the back links of the file's own chains
            old = entries.get(entry.supersedes or "")
            if old is not None and old.status == "superseded" and old.superseded_by is None:
                entries[old.id] = replace(old, superseded_by=entry.id)
        new_focus = replace(new_focus, seq=seq)
        if (parsed.started and STARTED_KEY not in focus.extra and focus.seq == 0
                and focus.task is None):
            new_focus = replace(new_focus, extra={**focus.extra, STARTED_KEY: parsed.started})
        files: dict[str, bytes | None] = {entry_path(e.id): encode_entry(e)
                                          for e in entries.values()}
        if new_focus != focus:
            files[FOCUS_PATH] = encode_focus(new_focus)
        if not files:
            return None
        count = len(entries)
        subject = (f"import {count} {'entry' if count == 1 else 'entries'} from "
                   f"{parsed.fmt}" if count else f"import TASK/NEXT from {parsed.fmt}")
        return Built(subject, trailers, files, None, new_focus,
                     new_focus.next != focus.next)

    return build


def _assign_ids(records: list[Record], view: TreeView) -> list[str | None]:
    """Each record's entry id (None for TASK and NEXT): the file's own gitledger id when
    it is of the record's kind and free, else a new one."""
    taken: set[str] = set()
    out: list[str | None] = []
    for record in records:
        if record.kind in ("task", "next"):
            out.append(None)
            continue
        source = record.source_id
        chosen = source if (source is not None and is_valid_id(source)
                            and source[0] == KIND_LETTERS[record.kind]
                            and source not in taken
                            and view.read(entry_path(source)) is None) else None
        while chosen is None or chosen in taken or view.read(entry_path(chosen)) is not None:
            chosen = new_id(record.kind)
        taken.add(chosen)
        out.append(chosen)
    return out


def _existing_ids(snapshot: Snapshot) -> dict[str, str]:
    """Id or source id → entry id of a ledger's entries (links to what is already there)."""
    out = {e.id: e.id for e in snapshot.entries}
    for entry in snapshot.entries:
        out.setdefault(export_id(entry), entry.id)
    return out


__all__ = [
    "FORMATS",
    "ImportResult",
    "Imported",
    "Parsed",
    "Problem",
    "Record",
    "export_id",
    "export_jsonl",
    "export_session_md",
    "guess_format",
    "import_file",
    "import_json",
    "import_text",
    "parse_jsonl",
    "parse_session_md",
    "problems_summary",
]
