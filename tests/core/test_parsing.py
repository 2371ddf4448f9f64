"""``core/parsing.py``: JSON and TOML from others, with nesting bounded at ``MAX_DEPTH``."""

from __future__ import annotations

import json
import tomllib

import pytest

from gitledger.core.parsing import MAX_DEPTH, TRANSCRIPT_DEPTH, json_loads, toml_loads


def _nested_json(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_json_reads_like_json_loads() -> None:
    assert json_loads('{"a": [1, {"b": null}], "c": "é"}') == {"a": [1, {"b": None}], "c": "é"}
    assert json_loads(b'{"a": 1}') == {"a": 1}  # bytes, as a hook's stdin gives them
    assert json_loads("1.5", parse_float=str) == "1.5"  # options reach json.loads


def test_json_at_the_bound_is_read_and_past_it_refused() -> None:
    assert json_loads(_nested_json(MAX_DEPTH)) is not None
    with pytest.raises(json.JSONDecodeError, match=f"nested deeper than {MAX_DEPTH} levels"):
        json_loads(_nested_json(MAX_DEPTH + 1))
    with pytest.raises(json.JSONDecodeError, match="nested deeper than 5 levels"):
        json_loads('{"a": {"b": {"c": {"d": {"e": {}}}}}}', max_depth=5)
    assert json_loads('{"a": {"b": {"c": {"d": {}}}}}', max_depth=5) is not None


def test_many_brackets_side_by_side_are_not_depth() -> None:
    wide = "[" + ",".join(["[]"] * (MAX_DEPTH * 3)) + "]"
    assert len(json_loads(wide)) == MAX_DEPTH * 3
    mixed = '{"k": "' + "[" * (MAX_DEPTH * 2) + '"}'  # brackets inside a string
    assert json_loads(mixed) == {"k": "[" * (MAX_DEPTH * 2)}


def test_transcripts_may_nest_deeper_and_caches_are_unbounded() -> None:
    deep = _nested_json(TRANSCRIPT_DEPTH)
    assert json_loads(deep, max_depth=TRANSCRIPT_DEPTH) is not None
    with pytest.raises(json.JSONDecodeError, match=f"deeper than {TRANSCRIPT_DEPTH}"):
        json_loads(_nested_json(TRANSCRIPT_DEPTH + 1), max_depth=TRANSCRIPT_DEPTH)
    assert json_loads(_nested_json(TRANSCRIPT_DEPTH + 1), max_depth=None) is not None


def test_json_past_the_interpreters_limit_is_a_decode_error_not_a_crash() -> None:
    for bound in (MAX_DEPTH, None):
        with pytest.raises(json.JSONDecodeError, match="nested too deeply to read"):
            json_loads(_nested_json(100_000), max_depth=bound)


def test_malformed_json_keeps_the_parsers_own_error() -> None:
    with pytest.raises(json.JSONDecodeError, match="Expecting value"):
        json_loads('{"a": ')


def test_toml_reads_like_tomllib() -> None:
    assert toml_loads('a = 1\n[t]\nb = ["x"]\n') == {"a": 1, "t": {"b": ["x"]}}
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_loads("a = [unclosed\n")


def test_toml_arrays_are_bounded() -> None:
    # The document itself is the first level: ``x = [[…]]`` with n arrays nests n + 1.
    inner = MAX_DEPTH - 1
    assert toml_loads("x = " + _nested_json(inner)) is not None
    with pytest.raises(tomllib.TOMLDecodeError, match=f"nested deeper than {MAX_DEPTH}"):
        toml_loads("x = " + _nested_json(inner + 1))


def test_toml_dotted_keys_nest_too() -> None:
    def dotted(count: int) -> str:
        return ".".join(f"k{i}" for i in range(count)) + " = 1"
    assert toml_loads(dotted(MAX_DEPTH)) is not None
    with pytest.raises(tomllib.TOMLDecodeError, match=f"nested deeper than {MAX_DEPTH}"):
        toml_loads(dotted(MAX_DEPTH + 1))


def test_toml_past_the_interpreters_limit_is_a_decode_error() -> None:
    with pytest.raises(tomllib.TOMLDecodeError, match="nested too deeply to read"):
        toml_loads("x = " + _nested_json(100_000))
