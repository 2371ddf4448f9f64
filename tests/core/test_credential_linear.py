"""The credential scanner and redaction take time linear in their input, whatever it is.

A teammate's text and a transcript the agent read decide what the scanner sees, and
the hooks give up after a deadline: a quadratic pattern there is a checkpoint lost.
Each case times the scanner on a text and on one four times as long, of the same hostile
unit repeated (tests/core/hostile_text.py), in CPU time, and holds the larger to
``FACTOR`` times the smaller (4 is linear), plus ``SLACK`` seconds so that times of a few
milliseconds, all noise, cannot fail it: 25 KB and 100 KB for hypothesis's units, 12.5 KB
and 50 KB for the known units and runs (a quadratic one is 16 times at either size, but
the larger size shows a smaller quadratic term above the linear time and the slack;
benchmarks/credentials.py times them at 100 KB).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import redact
from tests.core.hostile_text import FRAGMENTS, KNOWN, RUNS, cpu, hostile, run_of

SMALL, LARGE = 25_000, 100_000
#: The known units' and runs' sizes: half the cost, the same factor.
KNOWN_SIZES = (12_500, 50_000)
#: 100 KB may take at most this many times what 25 KB took (4 is linear).
FACTOR = 8.0
#: CPU seconds under which a large run passes whatever the ratio (timer noise).
SLACK = 0.05


def redact_text(text: str) -> object:
    return redact(text.encode("utf-8", "surrogatepass"))


def redact_json(text: str) -> object:
    """A JSONL transcript line holding ``text``, as a hook saves it."""
    return redact(json.dumps({"type": "user", "message": {"content": text}}).encode())


SCANNERS: dict[str, Callable[[str], object]] = {
    "find_credential": find_credential, "redact": redact_text, "redact json": redact_json,
}


def assert_linear(unit: str, build: Callable[[int], str] | None = None,
                  sizes: tuple[int, int] = (SMALL, LARGE)) -> None:
    """The least of two runs at the larger size within the bound one run at the smaller
    sets: a first run within it passes (the least of two would), so the second runs only
    when the first is over; a pause in the smaller run only widens the bound.  ``build``
    makes the text of a size (``unit`` repeated when None)."""
    make = build or (lambda size: hostile(unit, size))
    less, more = sizes
    for name, call in SCANNERS.items():
        small = cpu(call, make(less), runs=1)
        bound = FACTOR * small + SLACK
        large = cpu(call, make(more), runs=1)
        if large > bound:
            large = min(large, cpu(call, make(more), runs=1))
        assert large <= bound, (
            f"{name} on {unit!r}: {small:.3f} s at {less:,} characters, {large:.3f} s "
            f"at {more:,}")


@pytest.mark.parametrize("run", list(RUNS.values()), ids=list(RUNS))
def test_a_prefix_then_a_long_run_takes_linear_time(run: tuple[str, str, str]) -> None:
    assert_linear(repr(run), lambda size: run_of(*run, size), KNOWN_SIZES)


@pytest.mark.parametrize("unit", list(KNOWN.values()), ids=list(KNOWN))
def test_known_hostile_units_take_linear_time(unit: str) -> None:
    assert_linear(unit, sizes=KNOWN_SIZES)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=4).map("".join))
@example("pass=")
@example("İa=a=")
def test_any_unit_of_scanner_pieces_takes_linear_time(unit: str) -> None:
    assert_linear(unit)


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=12))
def test_random_units_take_linear_time(unit: str) -> None:
    assert_linear(unit)
