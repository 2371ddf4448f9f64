"""The first seed's Markdown working set, ``.claude/session-ledger.md``: export and parse.

The layout has no ids, so ``importer`` recognises an item by its rendered line, and texts
holding the layout's separators are escaped.  Exports are fixed points of import.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from gitledger.core.codec import iso
from gitledger.core.model import LIVE_STATUSES, Entry, Snapshot
from gitledger.core.text import LINE_LIMIT, clean_line, clean_text
from gitledger.errors import InvalidInput
from gitledger.interchange.records import (
    STARTED_KEY,
    Parsed,
    Problem,
    Record,
    parse_time,
    short,
)
from gitledger.ledger import gate
from gitledger.storage.provenance import FOCUS_KEYS

#: The Markdown sections, in the seed's restore-first order.
SECTIONS = ("TASK", "NEXT", "OPEN", "DECIDED", "VERIFIED", "DROPPED", "PLAN")
SECTION_KINDS = {"OPEN": "open", "DECIDED": "decided", "VERIFIED": "verified",
                 "DROPPED": "dropped", "PLAN": "plan"}
TITLE = "# Session Ledger"


def export_session_md(snapshot: Snapshot,
                      labels: Callable[[str], str] = lambda key: "") -> str:
    """The first seed's ``.claude/session-ledger.md`` layout of a ledger.

    Live decisions are DECIDED; a rejected decision is a DROPPED path (with the reason it
    was rejected); a superseded one is left out, its replacement stands in DECIDED.  Ids,
    statuses, scopes and evidence have no place in this layout (``jsonl`` keeps them).
    An item ``labels`` names as someone else's (``[by NAME]``, from history) ends with
    that label and is capped by the gate: our writes checked only the reader's own.  Every
    other item is capped too, above anything a write accepts: a teammate's text carried
    by the reader's own later write (an edit of its scope) is still theirs.
    """
    lines = [TITLE]
    started = _started(snapshot)
    if started is not None:
        lines.append(f"_started: {started}_")
    items: dict[str, list[str]] = {title: [] for title in SECTIONS}
    for entry in snapshot.entries:
        item = entry_item(entry)
        if item is not None:
            kind, body = item
            label = labels(entry.id)
            if label:
                first, newline, rest = gate.cut(body).partition("\n")
                body = f"{first} {label}{newline}{rest}"
            else:  # the reader's by history, yet anyone's bytes may be in it (carried)
                body = gate.cut(body, gate.ENTRY_LIMIT)
            items[_TITLE_OF[kind]].append(_bullet(body))
    focus = snapshot.focus
    for title in SECTIONS:
        lines.append("")
        lines.append(f"## {title}")
        if title == "TASK" and focus.task:
            lines.append(_focus_line(focus.task, labels(FOCUS_KEYS["task"])))
        elif title == "NEXT" and focus.next:
            lines.append(_focus_line(focus.next, labels(FOCUS_KEYS["next"])))
        lines.extend(items[title])
    return "\n".join(lines) + "\n"


#: A TASK or NEXT line that would read back as a section heading: ``## `` after any
#: backslashes (the backslashes, so that an escaped line's own text survives too).
_HEADING_LIKE = re.compile(r"\\*## ")


def _focus_line(text: str, label: str) -> str:
    if label:
        return f"{_escape_line(gate.cut(text))} {label}"
    return _escape_line(gate.cut(text, gate.ENTRY_LIMIT))


def _escape_line(text: str) -> str:
    """A TASK or NEXT line as written: ``## Decisions`` gets a backslash in front (it would
    read back as a section); any other text is written as it is."""
    return "\\" + text if _HEADING_LIKE.match(text) else text


def _unescape_line(text: str) -> str:
    return text[1:] if text.startswith("\\") and _HEADING_LIKE.match(text) else text


_TITLE_OF = {kind: title for title, kind in SECTION_KINDS.items()}


def _started(snapshot: Snapshot) -> str | None:
    started = snapshot.focus.extra.get(STARTED_KEY)
    if isinstance(started, str) and started:
        return started
    return iso(snapshot.meta.created) if snapshot.meta is not None else None


def entry_item(entry: Entry) -> tuple[str, str] | None:
    """(entry kind of the section, item body) an entry shows as in session-md, or None."""
    if entry.kind == "decided":
        if entry.status == "rejected":
            why = entry.rejected_why or entry.because
            return "dropped", _joined(entry.text, why)
        if entry.status not in LIVE_STATUSES:
            return None
        return "decided", item_body("decided", entry.text,
                                {"because": entry.because, "over": entry.over})
    return entry.kind, item_body(entry.kind, entry.text, _entry_fields(entry))


def _entry_fields(entry: Entry) -> dict[str, Any]:
    if entry.kind == "verified":
        return {"by": entry.by}
    if entry.kind == "dropped":
        return {"why": entry.why}
    if entry.kind == "plan":
        return {"path": entry.path or entry.text, "note": entry.note}
    return {}


def item_body(kind: str, text: str, fields: Mapping[str, Any]) -> str:
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
                                    f"'{short(line)}'"))
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
        if parse_time(value) is None:
            return started, Problem(number, f"_started: '{short(value)}' is not an ISO 8601 "
                                    "time with an offset (like 2026-11-30T12:00:00Z)")
        return value, None
    return started, Problem(number, f"text before the first section: '{short(stripped)}' "
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


__all__ = [
    "SECTIONS",
    "SECTION_KINDS",
    "TITLE",
    "entry_item",
    "export_session_md",
    "item_body",
    "parse_session_md",
]
