"""Text made safe to show: on a terminal, in a one-line message, in an agent's context.

Kept apart from ``text`` so printing needs no credential detector.  What may be shown is an
allow-list: control characters become a replacement mark and invisible ones ``<U+XXXX>``,
for text that did not come through our writes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

ALLOWED_CONTROLS = {"\t", "\n"}

#: Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1) and the
#: braille blank: characters a renderer draws as nothing, though ``str.isprintable`` passes
#: some of them (the variation selectors U+FE00-FE0F and U+E0100-E01EF, the Hangul fillers,
#: the combining grapheme joiner).  Hard-coded: ``unicodedata`` has no such property.
IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
_IGNORABLE = re.compile(
    "[" + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in IGNORABLE_RANGES) + "]")
#: Bidirectional overrides and isolates reorder how text is displayed ("Trojan Source"):
#: what a reviewer reads would not be what the agent is told.  All of them are ignorable.
BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}

#: The most characters of ledger or commit text one item of a hook's output, or of an MCP
#: prompt, quotes (an entry's finding, a trailer's complaint, a TASK).
QUOTE_LIMIT = 200
#: The most characters of such quoted text a hook's output or prompt carries in all.
OUTPUT_LIMIT = 2000


def is_shown(ch: str) -> bool:
    """The allow-list: may ``ch`` appear in text the product writes or shows as it is?

    Tab, newline, and every character that draws something: Unicode's letters, marks,
    numbers, punctuation, symbols and spaces (``isprintable``, or category Zs), less the
    default-ignorable ones.  Everything else (controls, format characters, line and
    paragraph separators, surrogates, private-use and unassigned code points, variation
    selectors, tag characters) is refused at write and shown escaped when planted.
    """
    if ch in ALLOWED_CONTROLS:
        return True
    if not ch.isprintable() and unicodedata.category(ch) != "Zs":
        return False
    return _IGNORABLE.match(ch) is None


def all_shown(text: str) -> bool:
    """Is every character of ``text`` on the allow-list?  Mostly in C: each distinct
    character is judged once."""
    if text.replace("\n", "").replace("\t", "").isprintable():
        return _IGNORABLE.search(text) is None
    return all(map(is_shown, set(text)))


def invisible_mark(ch: str) -> str:
    """How an invisible character is shown: ``<U+E0041>``."""
    return f"<U+{ord(ch):04X}>"


def _mark(ch: str) -> str:
    """How a character off the allow-list is shown: a control as ``�``, else ``<U+XXXX>``."""
    return "\ufffd" if unicodedata.category(ch) == "Cc" else invisible_mark(ch)


def one_line(message: str, cap: int | None = None) -> str:
    """A message as one printable line: messages quote user input (an id with a line
    break, an escape sequence), which must not break the line or the terminal.

    With ``cap`` the line is shortened to at most ``cap`` characters, ending in ``…``.
    """
    flat = " ".join(printable(message).split())
    return flat if cap is None or len(flat) <= cap else flat[: cap - 1] + "…"


def printable(text: str) -> str:
    """Text safe to print on a terminal or give an agent: control characters replaced by
    ``�``, invisible format characters shown as ``<U+XXXX>``.

    Writes refuse both, but a blob edited by hand or fetched from someone else has not
    been through our writes.
    """
    if all_shown(text):
        return text
    # Each distinct character judged once, the text rewritten in C.
    marks = {ord(ch): _mark(ch) for ch in set(text) if not is_shown(ch)}
    return text.translate(marks)


def shown(data: Any) -> Any:
    """A JSON document with every string in it (keys too) made ``printable``.

    What ``--json`` prints and what the MCP server returns reaches terminals and agents
    as well: JSON would carry a tag character or a C1 control through as it is.
    """
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, Mapping):
        return {shown(key): shown(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [shown(item) for item in data]
    return data


def quote(text: str, cap: int = QUOTE_LIMIT) -> str:
    """Ledger or commit text as a hook's output or a prompt quotes it: one printable line
    of at most ``cap`` characters."""
    return one_line(text, max(cap, 1))


def capped_join(
    items: Sequence[str], *, sep: str = "; ", each: int | None = QUOTE_LIMIT,
    total: int = OUTPUT_LIMIT, more: Callable[[int], str] = lambda n: f"and {n} more",
    unlisted: int = 0,
) -> str:
    """``items``, each one printable line of at most ``each`` characters, joined by ``sep``
    into at most ``total``: the items that do not fit are left out and counted by ``more``
    (``and 3 more``), together with ``unlisted`` ones the caller did not pass."""
    lines = [one_line(item, each) for item in items]
    count = len(lines) + unlisted
    kept: list[str] = []
    for line in lines:
        left = count - len(kept) - 1
        if len(sep.join([*kept, line, *([more(left)] if left else [])])) > total:
            break
        kept.append(line)
    rest = count - len(kept)
    return sep.join([*kept, *([more(rest)] if rest else [])])[:total]
