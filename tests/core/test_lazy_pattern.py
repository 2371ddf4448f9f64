"""A lazy pattern answers as ``re.compile``'s would, and the detector compiles its tables
only when a text needs them."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from gitledger.core.lazy_pattern import lazy


@pytest.mark.parametrize(("source", "flags"), [
    (r"abc", 0), (r"(?i)abc", 0), (r"(?ix) a b c", 0), (r"^x", re.MULTILINE), (r"(?a)\w+", 0),
    (r"(?ms)^a.b", 0), (r"(?i)\bbearer\s+\S+", re.VERBOSE),
])
def test_its_flags_are_those_re_compile_gives(source: str, flags: int) -> None:
    assert lazy(source, flags).flags == re.compile(source, flags).flags


def test_it_finds_what_the_compiled_pattern_finds() -> None:
    text = "user=ada token=f00d password=hunter2 token=beef"
    compiled, deferred = re.compile(r"token=(?P<v>\w+)"), lazy(r"token=(?P<v>\w+)")
    assert [m.span("v") for m in deferred.finditer(text)] == \
        [m.span("v") for m in compiled.finditer(text)]
    assert deferred.search(text, 20).group("v") == "beef"  # type: ignore[union-attr]
    assert deferred.pattern == compiled.pattern


def fresh_interpreter(probe: str) -> str:
    """What ``probe`` prints in a new interpreter, where nothing is compiled or imported yet."""
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60).stdout


def test_the_detector_compiles_only_the_patterns_a_text_needs() -> None:
    """Importing the detector compiles none of its tables; a short text compiles a few."""
    probe = (
        "from gitledger.core import credentials as c\n"
        "tables = [p for _, p in c.TOKEN_PATTERNS] + [p for _, p, _ in c.JUDGED_PATTERNS]"
        " + [p for _, p, _ in c.GENERIC_PATTERNS]\n"
        "lazy = [p for p in tables if hasattr(p, '_compiled')]\n"
        "before = sum(p._compiled is not None for p in lazy)\n"
        "c.find_credential('Use Postgres for sessions; Redis loses data on restart')\n"
        "after = sum(p._compiled is not None for p in lazy)\n"
        "print(len(tables), len(lazy), before, after)\n")
    tables, lazy_count, before, after = map(int, fresh_interpreter(probe).split())
    assert lazy_count >= 0.9 * tables
    assert before == 0
    assert 0 < after < lazy_count // 3


def test_importing_the_detector_compiles_almost_nothing() -> None:
    """Every pattern of the detector's modules is lazy: importing them (every write's start)
    compiled 132 patterns, about 15 ms, before a text was seen."""
    probe = (
        "import re, collections, typing, dataclasses, pathlib, base64, json, math\n"
        "calls = []\n"
        "original = re._compile\n"
        "re._compile = lambda *a, **k: (calls.append(a[0]), original(*a, **k))[1]\n"
        "import gitledger.core.credentials\n"
        "print(len(calls))\n")
    compiled = fresh_interpreter(probe)
    assert int(compiled) <= 8, compiled


def test_once_compiled_a_search_does_not_go_through_the_wrapper() -> None:
    """After the first use the compiled pattern's methods sit in the wrapper's own slots:
    ``__getattr__`` on every call made a 2 MB transcript's redaction 50% slower."""
    deferred = lazy(r"token=(?P<v>\w+)")
    assert deferred.search("token=ab") is not None
    held = vars(type(deferred)).get("search")
    assert held is not None, "search is not a slot of the wrapper"
    assert held.__get__(deferred) == deferred._compiled.search  # type: ignore[attr-defined]
