"""The generated-value model: identifiers of public repositories that the thresholds took
for generated are vetoed, random strings of every alphabet still pass, and its table is
whole.

The identifiers are copied from the text files of public repositories (the kind of
ordinary value the model was fitted against); the random values are drawn here.
"""

from __future__ import annotations

import random
import string

import pytest

from gitledger.core import credential_model as model
from gitledger.core import credential_model_weights as weights
from gitledger.core import credential_shapes as shapes
from gitledger.core.credentials import find_credential

_RNG = random.Random(41)

#: Values of public repositories' configuration and code that pass every threshold of
#: ``credential_shapes`` (long, varied, mixed classes) and are names, paths or versions.
IDENTIFIERS = (
    "NumberOfGCLogFiles=10",
    "org.h2.jdbcx.JdbcDataSource",
    "httpd-2.2.25-win32-x86-no_ssl.msi",
    "www.w3.org/TR/DOM-Level-3-Events",
    "registry.yarnpkg.com/y18n/-/y18n-5.0.8.tgz",
    "usr/lib/jvm/java-8-openjdk-amd64/bin",
)


@pytest.mark.parametrize("value", IDENTIFIERS)
def test_identifiers_the_thresholds_took_for_generated_are_vetoed(value: str) -> None:
    assert shapes._shaped(value, None)  # the hand-written thresholds alone take it
    assert not shapes.generated(value)
    assert find_credential(f'setting: "{value}"') is None
    assert find_credential(f'items = ["{value}"]') is None


@pytest.mark.parametrize("alphabet", [
    string.ascii_letters + string.digits,
    string.ascii_letters + string.digits + "+/",
    string.ascii_letters + string.digits + "-_",
    string.ascii_lowercase + string.digits,
    "0123456789abcdef",
])
def test_random_values_stay_generated(alphabet: str) -> None:
    values = ["".join(_RNG.choice(alphabet) for _ in range(36)) for _ in range(200)]
    assert sum(shapes.generated(v) for v in values) >= 0.9 * len(values)


def test_the_table_is_whole() -> None:
    cells = (model.SYMBOLS + 1) * model.SYMBOLS
    assert len(weights.NATURAL) == len(weights.RANDOM) == cells
    assert len(weights.MEANS) == len(weights.SCALES) == len(weights.NAMES)
    assert set(weights.WEIGHTS) == set(weights.BIAS) == {16, 36, 62, 64, 94}
    assert all(len(row) == len(weights.NAMES) for row in weights.WEIGHTS.values())
    assert len(model.features("abc")) == len(weights.NAMES)
    assert 0 < weights.THRESHOLD < 1


def test_a_value_is_read_to_a_bound() -> None:
    value = "".join(_RNG.choice(string.ascii_letters) for _ in range(300))
    assert model.score(value) == model.score(value + "x" * 100_000)
