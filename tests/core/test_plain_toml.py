"""``plain_toml_loads``: the fast path for the TOML tomli-w writes is ``tomllib`` or nothing.

Whatever it reads it must read exactly as ``tomllib`` does (same keys, values, types and
time zones); whatever it cannot be sure of it must hand back (None), never guess.  The
documents are generated both from values (through tomli-w, as the ledger writes them) and
as raw text close to the accepted shapes (mutations, odd escapes, bad dates), since a
hand-edited or hostile blob is exactly where a shortcut could go wrong.
"""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gitledger.core.codec import decode_entry, encode_entry
from gitledger.core.model import Entry
from gitledger.core.parsing import plain_toml_loads

_KEYS = st.text("abcdefghijklmnopqrstuvwxyz_-0123456789", min_size=1, max_size=8)
_TEXT = st.text(st.characters(codec="utf-8"), max_size=30)
_ZONES = st.sampled_from([UTC, timezone(timedelta(hours=2)), timezone(-timedelta(hours=5,
                                                                                 minutes=30))])
_TIMES = st.builds(lambda moment, zone: moment.replace(tzinfo=zone),
                   st.datetimes(datetime(1, 1, 2), datetime(9999, 12, 30)), _ZONES)
_VALUES = st.one_of(_TEXT, st.integers(-(2**63), 2**63 - 1), st.booleans(), _TIMES,
                    st.lists(_TEXT, max_size=4))


def _same(text: str) -> None:
    """The fast path agrees with tomllib on ``text``, or declines it."""
    fast = plain_toml_loads(text)
    try:
        slow: dict[str, Any] | None = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        slow = None
    if fast is None:
        return
    assert slow is not None, f"fast path read what tomllib refuses: {text!r}"
    assert fast == slow
    for key, value in slow.items():
        assert type(fast[key]) is type(value)
        if isinstance(value, datetime):
            assert fast[key].utcoffset() == value.utcoffset()


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_KEYS, _VALUES, max_size=8))
def test_what_tomli_w_writes_reads_as_tomllib_reads_it(data: dict[str, Any]) -> None:
    text = tomli_w.dumps(data)
    _same(text)
    # Flat documents of these shapes are what the fast path is for: it must take them.
    assert plain_toml_loads(text) is not None, text


_PIECES = st.sampled_from([
    'a = "x"\n', 'b = 1\n', "c = true\n", "d = 2026-02-03 04:05:06+00:00\n",
    'e = [\n    "p",\n    "q",\n]\n', "f = []\n", 'g = "\\u00e9\\t\\n\\"\\\\"\n',
    'h = "\\ud800"\n', 'i = "\\U0001F600"\n', 'j = "\\/"\n', "k = 2026-02-30 00:00:00Z\n",
    "l = 2026-01-01 24:00:00Z\n", "m = 2026-01-01 00:00:60Z\n", "n = 01\n", "o = -0\n",
    "p = 2026-01-01 00:00:00+00:60\n", "q = 2026-01-01T00:00:00.123456-07:00\n",
    "r = 2026-01-01 00:00:00\n", "# note\n", "\n", "[t]\n", 's = "a"  # c\n', "a = 2\n",
    '"k" = 1\n', "u = +1\n", "v = 1_000\n", "w = 1.5\n", 'x = "tab\there"\n',
    'y = "del\x7f"\n', 'z = "nul\x00"\n', "aa = [ ]\n", 'ab = [\n    "p"\n]\n',
    'ac = "é"\r\n', "ad = 99999999999999999999\n", 'ae = "\\e"\n', "af = 2026-01-01 00:00:00z\n",
])


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=6), st.integers(0, 40), st.sampled_from(
    ["", "x", "\n", " ", '"', "\\", "]", "=", "\x00", "é"]))
def test_near_misses_are_read_as_tomllib_reads_them_or_declined(
        pieces: list[str], cut: int, extra: str) -> None:
    text = "".join(pieces)
    _same(text)
    # One character changed or added anywhere: still tomllib's answer, or none.
    where = min(cut, len(text))
    _same(text[:where] + extra + text[where:])
    _same(text[:where] + extra + text[where + 1:])


def test_every_kind_of_value_is_taken_by_the_fast_path() -> None:
    text = ('id = "d-abc"\nn = -12\nok = false\nat = 2026-01-02 03:04:05+00:00\n'
            'list = [\n    "a \\"b\\"",\n    "\\u00e9\\t",\n]\nnone = []\ntab = "a\tb"\n')
    assert plain_toml_loads(text) == tomllib.loads(text)
    assert plain_toml_loads(text) is not None


def test_a_duplicate_key_or_a_table_is_left_to_tomllib() -> None:
    assert plain_toml_loads('a = "x"\na = "y"\n') is None
    assert plain_toml_loads('a = "x"\n[extra]\nb = 1\n') is None
    assert plain_toml_loads('a = "x"') is None  # no final newline: not what tomli-w writes


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT, _TEXT, st.lists(_TEXT, max_size=3), st.booleans())
def test_entries_round_trip_through_the_fast_path(text: str, because: str,
                                                  over: list[str], ask: bool) -> None:
    entry = Entry(id="d-2zbywtxs06", kind="decided", seq=4,
                  created=datetime(2026, 1, 5, 9, 30, tzinfo=UTC), author="A <a@example.com>",
                  text=text, status="accepted", because=because, over=tuple(over),
                  scope="svc/a")
    blob = encode_entry(entry)
    assert decode_entry(blob, "entries/2/z/d-2zbywtxs06.toml") == entry
    _same(blob.decode())
    question = Entry(id="o-0mrtr1qzf5", kind="open", seq=1, created=entry.created,
                     author=entry.author, text=text, ask_user=ask)
    assert decode_entry(encode_entry(question), "q") == question
