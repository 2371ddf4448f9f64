"""Text made safe to show: on a terminal, in a one-line message, in an agent's context.

Apart from ``text`` (what a ledger accepts), so that printing needs no credential
detector: ``cli.py`` imports this at every start, and the detector's patterns take
milliseconds to compile.
"""

from __future__ import annotations

ALLOWED_CONTROLS = {"\t", "\n"}
#: Bidirectional overrides and isolates reorder how text is displayed ("Trojan Source"):
#: what a reviewer reads would not be what the agent is told.
BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}

_DISPLAY_UNSAFE = {ch: "\ufffd" for ch in range(0x20) if chr(ch) not in ALLOWED_CONTROLS}
_DISPLAY_UNSAFE.update(dict.fromkeys(range(127, 160), "\ufffd"))
_DISPLAY_UNSAFE.update(dict.fromkeys(map(ord, BIDI_CONTROLS), "\ufffd"))


def one_line(message: str, cap: int | None = None) -> str:
    """A message as one printable line: messages quote user input (an id with a line
    break, an escape sequence), which must not break the line or the terminal.

    With ``cap`` the line is shortened to at most ``cap`` characters, ending in ``…``.
    """
    flat = " ".join(printable(message).split())
    return flat if cap is None or len(flat) <= cap else flat[: cap - 1] + "…"


def printable(text: str) -> str:
    """Text safe to print on a terminal: control characters (escapes among them) replaced.

    Writes refuse control characters, but a blob edited by hand or fetched from someone
    else has not been through our writes.
    """
    return text.translate(_DISPLAY_UNSAFE)
