"""Text made safe to show: on a terminal, in a one-line message, in an agent's context.

Apart from ``text`` (what a ledger accepts), so that printing needs no credential
detector: ``cli.py`` imports this at every start, and the detector's patterns take
milliseconds to compile.

Two kinds of characters never reach a reader as they are.  Control characters (C0 but tab
and newline, DEL, C1) become ``�``: they are terminal escapes.  Invisible format
characters (Unicode category Cf: tag characters, zero-width characters, bidirectional
controls, the soft hyphen …) become ``<U+XXXX>``: a human reading the text would not see
them, and an agent reading it would — tag characters spell out hidden instructions — so
both are shown the same visible mark.  Writes refuse both kinds (``text.clean_text``);
these rules are for what did not come through our writes: a blob edited by hand or
fetched from a teammate.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

ALLOWED_CONTROLS = {"\t", "\n"}

#: Unicode category Cf as ranges (Unicode 15.1, a superset of older versions'; a test holds
#: this to ``unicodedata``).  Hard-coded: finding them by category at import would scan
#: every code point at every start.
INVISIBLE_RANGES = (
    (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD),
    (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x2064), (0x2066, 0x206F),
    (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
)
INVISIBLE = frozenset(chr(c) for lo, hi in INVISIBLE_RANGES for c in range(lo, hi + 1))
#: Bidirectional overrides and isolates reorder how text is displayed ("Trojan Source"):
#: what a reviewer reads would not be what the agent is told.  All of them are Cf.
BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}

#: The most characters of ledger or commit text one item of a hook's output, or of an MCP
#: prompt, quotes (an entry's finding, a trailer's complaint, a TASK).
QUOTE_LIMIT = 200
#: The most characters of such quoted text a hook's output or prompt carries in all.
OUTPUT_LIMIT = 2000

_DISPLAY_UNSAFE: dict[int, str] = {
    ch: "\ufffd" for ch in range(0x20) if chr(ch) not in ALLOWED_CONTROLS}
_DISPLAY_UNSAFE.update(dict.fromkeys(range(127, 160), "\ufffd"))
_DISPLAY_UNSAFE.update({ord(ch): f"<U+{ord(ch):04X}>" for ch in INVISIBLE})


def invisible_mark(ch: str) -> str:
    """How an invisible character is shown: ``<U+E0041>``."""
    return f"<U+{ord(ch):04X}>"


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
    return text.translate(_DISPLAY_UNSAFE)


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
