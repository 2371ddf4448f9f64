"""What text a ledger accepts: the rules every field passes before anything is written.

Ledger text is re-injected into agents' contexts, so it must be UTF-8, bounded and only
allow-listed characters (``display.is_shown``), with nothing invisible that an agent would
read and a human would not see.  Each rule fails with one line naming the field.
"""

from __future__ import annotations

import unicodedata

from gitledger.core.display import all_shown, is_shown
from gitledger.errors import InvalidInput

#: A one-line field: TASK, NEXT, scope, a rejected alternative, an evidence item, a path.
LINE_LIMIT = 500
#: A free-text field: an entry's text, a reason, the command that proved a fact.
TEXT_LIMIT = 2000


def clean_line(value: str, field: str, limit: int = LINE_LIMIT) -> str:
    """Validate a one-line field and return it stripped."""
    text = clean_text(value, field, limit)
    if "\n" in text:
        raise InvalidInput(f"{field} must be one line (it contains a line break)")
    return text


def clean_text(value: str, field: str, limit: int = TEXT_LIMIT) -> str:
    """Validate a free-text field and return it stripped, with line endings normalised."""
    # Text whose every character is on the allow-list holds no surrogate, control or
    # invisible character: the character checks below are skipped, mostly in C.
    plain = all_shown(value.replace("\r\n", "\n"))
    if not plain and any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise InvalidInput(f"{field} is not valid UTF-8")
    text = value.replace("\r\n", "\n").strip()
    if not text:
        raise InvalidInput(f"{field} is empty")
    for ch in "" if plain else text:
        if ch == "\x00":
            raise InvalidInput(f"{field} contains a NUL byte")
        if is_shown(ch):
            continue
        if unicodedata.category(ch) == "Cc":
            raise InvalidInput(
                f"{field} contains the control character U+{ord(ch):04X}; "
                "ledger text must be plain text"
            )
        raise InvalidInput(
            f"{field} contains the invisible character U+{ord(ch):04X} "
            f"({unicodedata.name(ch, 'a character with no visible form')}); ledger text "
            "must be what a reader sees"
        )
    if len(text) > limit:
        raise InvalidInput(f"{field} is {len(text)} characters; the limit is {limit}")
    # Only writes clean text: restore, show and the hooks' reads never compile the
    # detector's patterns (about 15 ms of every start that imports this module).
    from gitledger.core.credentials import find_credential  # noqa: PLC0415

    credential = find_credential(text)
    if credential:
        raise InvalidInput(
            f"{field} looks like it contains a credential ({credential}); record that "
            "the credential was configured and where, never its value"
        )
    return text


def decode_bytes(data: bytes, field: str) -> str:
    """Decode text read from stdin or a file, refusing anything that is not UTF-8."""
    if b"\x00" in data:
        raise InvalidInput(f"{field} contains a NUL byte")
    try:
        # A byte order mark (Notepad writes one) is no part of the text.
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{field} is not valid UTF-8 (byte {exc.start})") from None


def one_line_summary(text: str, width: int = 72) -> str:
    """The first line of ``text``, shortened to ``width`` characters for subjects."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first if len(first) <= width else first[: width - 1] + "…"


