"""Parsing JSON and TOML that someone else wrote: an agent's hook payload, an imported
file, an agent's config, a teammate's ledger blob.

The standard parsers recurse per nesting level, so these bound the depth and report a
deeper document with the parser's own error, which callers already handle.
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from datetime import datetime
from json.decoder import scanstring as _scan  # type: ignore[attr-defined]  # C, in every CPython
from typing import Any

#: Deeper than any payload, config or record we read: hook payloads nest a few levels,
#: ledger records two.
MAX_DEPTH = 100
#: An agent's transcript line carries tool inputs and outputs as they were: allowed deeper.
TRANSCRIPT_DEPTH = 400


def json_loads(text: str | bytes, *, max_depth: int | None = MAX_DEPTH, **options: Any) -> Any:
    """``json.loads``; a document nested deeper than ``max_depth`` is a JSONDecodeError.

    ``max_depth=None`` is for our own caches: they hold only what was read through the
    bound already (a few levels deeper, for their own wrapping), so they are not walked
    again; a damaged one nested past the interpreter's limit is still a JSONDecodeError.
    """
    try:
        value = json.loads(text, **options)
    except RecursionError:
        raise json.JSONDecodeError(_too_deep_message(None), _str(text), 0) from None
    if max_depth is not None and _may_nest(_str(text), "[{", max_depth) and _too_deep(
            value, max_depth):
        raise json.JSONDecodeError(_too_deep_message(max_depth), _str(text), 0)
    return value


class BadNumber(json.JSONDecodeError):
    """A number JSON does not have (``NaN``, ``Infinity``, one past a float's range) or
    one too long to convert: Python's parser would take the first kind, and the second
    raises a ValueError that is not a JSONDecodeError."""

    def __init__(self, msg: str) -> None:
        super().__init__(msg, "", 0)

    def __str__(self) -> str:
        return self.msg  # no position: the hooks that raise it are not told one


def _refuse_constant(name: str) -> Any:
    raise BadNumber(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadNumber(f"{text[:20]} is too large for a number")
    return value


def transcript_json_loads(text: str | bytes) -> Any:
    """A transcript's JSON: ``json_loads`` to ``TRANSCRIPT_DEPTH``, refusing the numbers
    JSON does not define (a BadNumber, a JSONDecodeError): a line holding one is malformed
    like any other, where accepting it would make a trajectory that does not serialise."""
    try:
        return json_loads(text, max_depth=TRANSCRIPT_DEPTH, parse_constant=_refuse_constant,
                          parse_float=_finite_float)
    except json.JSONDecodeError:
        raise
    except ValueError:  # an integer of more digits than int() converts
        raise BadNumber("a number too long to read") from None


def _str(text: str | bytes) -> str:
    return text if isinstance(text, str) else text.decode("utf-8", errors="replace")


def toml_loads(text: str) -> dict[str, Any]:
    """``tomllib.loads``; a document nested deeper than ``MAX_DEPTH`` is a TOMLDecodeError."""
    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError(_too_deep_message(None)) from None
    # Dotted keys (a.b.c = 1) nest tables without a bracket.
    if _may_nest(text, "[{.", MAX_DEPTH) and _too_deep(value, MAX_DEPTH):
        raise tomllib.TOMLDecodeError(_too_deep_message(MAX_DEPTH))
    return value


def _too_deep_message(max_depth: int | None) -> str:
    """Past the interpreter's own limit (None), or past ``max_depth``."""
    if max_depth is None:
        return "nested too deeply to read"
    return f"nested deeper than {max_depth} levels"


def _may_nest(text: str, openers: str, max_depth: int) -> bool:
    """Whether ``text`` holds enough of the characters that open a level to nest
    ``max_depth`` deep: most documents do not, and are not walked."""
    return sum(text.count(opener) for opener in openers) >= max_depth


def _too_deep(value: Any, max_depth: int) -> bool:
    """Whether ``value`` nests lists and objects deeper than ``max_depth`` (no recursion):
    one level at a time, looking only at the containers of each."""
    level = [value] if isinstance(value, dict | list) else []
    depth = 0
    while level:
        if depth >= max_depth:
            return True
        below: list[Any] = []
        for item in level:
            children = item.values() if isinstance(item, dict) else item
            below.extend(child for child in children if isinstance(child, dict | list))
        level = below
        depth += 1
    return False


# -- the fast path for the TOML we write -------------------------------------------------
#
# ``tomllib`` is a character-at-a-time parser in Python: decoding the 5,000 entry blobs of a
# big project ledger (a cold ``check``, the entries a pull brought) spent most of its time
# there.  Every blob ``tomli-w`` writes for us is a flat list of ``key = value`` lines of a
# few shapes, which one regular expression reads at C speed.  Anything else (a comment, a
# table, a quoted key, an escape JSON spells differently, a duplicate key, CRLF …) is left
# to ``tomllib``, so the fast path can only ever be a shortcut to the same result: a
# property test holds it to ``tomllib`` on generated documents.

#: The inside of a one-line basic string: TOML forbids control characters but tab and
#: DEL; the escapes taken are those JSON spells the same way (\uXXXX off the surrogates).
_PLAIN = r'[^"\\\x00-\x08\x0a-\x1f\x7f]*'
_STR = (rf'{_PLAIN}(?:\\(?:[btnfr"\\]|u(?:[0-9a-cA-Ce-fE-F][0-9a-fA-F]{{3}}'
        rf'|[dD][0-7][0-9a-fA-F]{{2}})){_PLAIN})*')
#: One ``key = value`` line as tomli-w writes it: a string, an integer, a boolean, an
#: offset date-time, or an array of strings (one per line, or empty).
_LINE = re.compile(
    r'([A-Za-z0-9_-]+) = (?:'
    rf'"(?P<s>{_STR})"'
    r'|(?P<i>-?(?:0|[1-9][0-9]{0,18}))'
    r'|(?P<b>true|false)'
    # tomllib's own bounds on each field, so that what it refuses is refused here too.
    r'|(?P<t>[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])[ T]'
    r'(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{6})?'
    r'(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9]))'
    rf'|\[\n(?P<a>(?:    "{_STR}",\n)*)\]'
    r'|(?P<e>\[\]))\n')
_ITEM = re.compile(rf'    "({_STR})",\n')


def plain_toml_loads(text: str) -> dict[str, Any] | None:
    """What ``tomllib.loads(text)`` returns, for a document of only the flat ``key =
    value`` lines tomli-w writes for a ledger record; None for anything else (then read
    it with ``toml_loads``)."""
    out: dict[str, Any] = {}
    at = 0
    end = len(text)
    match = _LINE.match
    while at < end:
        found = match(text, at)
        if found is None:
            return None
        key = found.group(1)
        if key in out:
            return None  # tomllib's error, not ours to phrase
        kind = found.lastgroup
        raw = found.group(kind or "e")
        value: Any
        if kind == "s":
            value = _unescape(raw)
        elif kind == "i":
            value = int(raw)
        elif kind == "b":
            value = raw == "true"
        elif kind == "t":
            try:
                value = datetime.fromisoformat(raw.replace("Z", "+00:00"))
            except ValueError:
                return None  # 2026-02-30: tomllib says why
        elif kind == "a":
            value = [_unescape(item) for item in _ITEM.findall(raw)]
        else:
            value = []
        out[key] = value
        at = found.end()
    return out


def _unescape(raw: str) -> str:
    # The escapes the pattern lets through mean the same in JSON; a tab stays a tab.
    return _scan(raw + '"', 0, False)[0] if "\\" in raw else raw
