"""``find_credential``'s literal prefilter: a pattern runs only over text that holds the
literal every one of its matches contains, and the verdicts are those of running every
pattern over every text.

The proof is structural: for every pattern of the detector's set, the literal
``required_literal`` reads off the source is held to a run of literal characters that
``re``'s own parser puts, unconditionally, in the pattern's top-level sequence.  The
verdicts are then compared with the unfiltered scan over the whole corpus, and over each
corpus text cut and shifted.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest

from gitledger.core import credentials
from gitledger.core.credentials import (
    ASSIGNMENT,
    AUTH_HEADER,
    GENERIC_PATTERNS,
    JUDGED_PATTERNS,
    TOKEN_PATTERNS,
    URL_PASSWORD,
    assignment_secret,
    auth_kind,
    auth_secret,
    find_credential,
    required_literal,
    rule_finding,
    url_password_secret,
)
from tests.core.credential_corpus import ORDINARY, SECRETS

#: ``re``'s own parser (no stubs: its modules are private).
sre_parser: Any = importlib.import_module("re._parser")
sre_constants: Any = importlib.import_module("re._constants")

ALL_PATTERNS: list[re.Pattern[str]] = [
    *(pattern for _, pattern in TOKEN_PATTERNS),
    *(pattern for _, pattern, _ in JUDGED_PATTERNS),
    *(pattern for _, pattern, _ in GENERIC_PATTERNS),
    URL_PASSWORD, AUTH_HEADER, ASSIGNMENT,
]


def _mandatory_runs(pattern: re.Pattern[str]) -> list[str]:
    """The runs of consecutive literal characters of ``pattern``'s top-level sequence, as
    ``re``'s parser sees them: every match holds each of them (a case-insensitive pattern
    has none: its literals match other characters too)."""
    if pattern.flags & re.IGNORECASE:
        return []
    runs, run = [], ""
    for op, value in sre_parser.parse(pattern.pattern, pattern.flags & ~re.UNICODE):
        if op is sre_constants.LITERAL:
            run += chr(value)
        else:
            runs.append(run)
            run = ""
    return [r for r in (*runs, run) if r]


def _unfiltered(text: str) -> str | None:
    """``find_credential`` as it was: every pattern over all of ``text``."""
    for name, pattern in TOKEN_PATTERNS:
        if any(not credentials._is_dummy(m.group(0)) for m in pattern.finditer(text)):
            return name
    for name, pattern, judge in JUDGED_PATTERNS:
        for match in pattern.finditer(text):
            if judge(match) is not None:
                return name
    for match in URL_PASSWORD.finditer(text):
        if url_password_secret(match) is not None:
            return "password in a URL"
    for match in AUTH_HEADER.finditer(text):
        if auth_secret(match) is not None:
            return auth_kind(match)
    for match in credentials.assignments(text):
        if assignment_secret(match) is not None:
            return credentials.assignment_name(match.group("key"))
    for name, pattern, judge in GENERIC_PATTERNS:
        for match in pattern.finditer(text):
            if judge(match) is not None:
                return name
    return None


@pytest.mark.parametrize("pattern", ALL_PATTERNS, ids=lambda p: p.pattern[:40])
def test_every_literal_is_one_the_parser_requires(pattern: re.Pattern[str]) -> None:
    literal = required_literal(pattern)
    assert literal == "" or any(literal in run for run in _mandatory_runs(pattern)), (
        f"{literal!r} is not a literal every match of {pattern.pattern!r} holds")


def test_most_patterns_are_skipped_over_prose() -> None:
    """The prefilter is worth having: most of the set has a literal, and the fields of a
    benchmark append meet only a minority of the patterns.  The shapes of any provider
    (a random key, a value after a word that names a secret, a quoted pair …) have no
    literal to open with and run over every field, and so do the last two passes over each
    line for a password people choose, known by its shape and place (``CHOSEN_BY_SHAPE``)
    and by its shape alone (``credential_prose``): patterns of their own so that the rules
    naming a place keep their names, and each finding its own span.  "password" as other
    languages borrow it (paswod, pasiwedi) opens with "as", in most English fields: its
    three patterns run there too."""
    literals = [required_literal(p) for p in ALL_PATTERNS]
    assert sum(1 for lit in literals if lit) >= 0.8 * len(ALL_PATTERNS)
    field = "measured: the verifier lookup dominated the callback"
    assert sum(1 for lit in literals if lit in field) <= 29


def _variants(text: str) -> Iterator[str]:
    yield text
    yield f"note: {text} (see the runbook)"
    yield text[1:]
    yield text[:-1]
    yield text[: len(text) // 2]
    yield text.upper()
    yield text.lower()


@pytest.mark.parametrize(("kind", "text"), SECRETS, ids=[k for k, _ in SECRETS])
def test_the_verdict_on_every_secret_is_unchanged(kind: str, text: str) -> None:
    for variant in _variants(text):
        assert rule_finding(variant) == _unfiltered(variant), (kind, variant)


def test_the_verdict_on_every_ordinary_text_is_unchanged() -> None:
    for text in ORDINARY:
        for variant in _variants(text):
            assert rule_finding(variant) == _unfiltered(variant), variant


def test_the_first_kind_found_is_still_the_one_named() -> None:
    """Two credentials in one text: the one whose pattern comes first is named, as before."""
    text = ("AKIAZ3MHQ2XK7PLW4R5T and ghp_" + "a1B2" * 9)
    assert find_credential(text) == rule_finding(text) == _unfiltered(text) == "AWS access key id"


class _Refusing:
    """A pattern that fails the test if it is ever run."""

    pattern = "never"
    flags = 0

    def search(self, text: str) -> None:
        raise AssertionError(f"searched {text!r} without its literal")

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        raise AssertionError(f"searched {text!r} without its literal")


def test_a_pattern_whose_literal_is_absent_is_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    refusing = _Refusing()
    monkeypatch.setattr(credentials, "TOKEN_PATTERNS", (("test token", refusing),))
    monkeypatch.setattr(credentials, "_TOKEN_SCAN", (("test token", refusing, "zq9-literal"),))
    monkeypatch.setattr(credentials, "JUDGED_PATTERNS",
                        (("test judged", refusing, lambda m: m.span()),))
    monkeypatch.setattr(credentials, "_JUDGED_SCAN",
                        (("test judged", refusing, lambda m: m.span(), "zq9-other"),))
    assert find_credential("a decision about the token cache") is None


def test_a_pattern_whose_literal_is_present_is_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(credentials, "_TOKEN_SCAN",
                        (("test token", re.compile(r"zq9-\d+"), "zq9-"),))
    assert find_credential("see zq9-123") == "test token"
    assert find_credential("see zq9-abc") is None  # the literal alone is not a match


@pytest.mark.parametrize(("source", "flags", "literal"), [
    ("-----BEGIN [A-Z]+", 0, "-----BEGIN "),
    (r"\bghp_[A-Za-z0-9]{36}", 0, "ghp_"),
    (r"ya29\.(?<!x)[a-z]+", 0, "ya29."),
    ("abc?d", 0, "ab"),  # c may be absent
    ("abc*", 0, "ab"),
    ("abc+", 0, "ab"),  # c is there once at least, but the literal stays conservative
    ("ab{2}", 0, "a"),
    ("a+", 0, ""),
    (r"\d{4}-x", 0, ""),  # a class first
    ("[ab]cd", 0, ""),
    ("(?:ab)cd", 0, ""),
    ("ab|cd", 0, ""),  # an alternation at the top: neither side is in every match
    ("ab(?:c|d)", 0, "ab"),  # an alternation inside a group is no branch of the whole
    ("ab[|]c|d", 0, ""),
    ("ab[|]cd", 0, "ab"),  # a | in a class is a character
    (r"ab[\]|]cd", 0, "ab"),
    ("ab[]|]cd", 0, "ab"),  # a ] first in a class is a character too
    (r"\|ab", 0, "|ab"),  # an escaped | is a literal
    (r"ab\|cd", 0, "ab|cd"),
    ("(?i)token", 0, ""),  # case-insensitive: "token" matches "TOKEN" and the Kelvin sign
    ("token", re.IGNORECASE, ""),
    ("tok en", re.VERBOSE, ""),  # verbose: the space is no character
    (r"ab\Z", 0, "ab"),
    (r"\Aab", 0, ""),
    ("^ab", 0, ""),
    ("ab$", 0, "ab"),
    ("", 0, ""),
])
def test_required_literal(source: str, flags: int, literal: str) -> None:
    pattern = re.compile(source, flags)
    assert required_literal(pattern) == literal
    if literal:
        assert any(literal in run for run in _mandatory_runs(pattern))


def test_a_trailing_backslash_is_read_safely() -> None:
    """Not a pattern ``re`` compiles, but the reader stops at it rather than failing."""
    odd = cast(re.Pattern[str], SimpleNamespace(pattern="ab\\", flags=0))
    assert required_literal(odd) == "ab"
