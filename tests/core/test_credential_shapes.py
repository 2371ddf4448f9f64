"""A credential judged by its shape and its place, whoever issued it, and what makes a
value ordinary.

Every value is generated here from a seeded generator (random strings of the alphabet and
length the shape names), so no sample of either corpus is repeated: these hold the rules
of ``gitledger/core/credential_shapes.py``, not figures.
"""

from __future__ import annotations

import base64
import random
import string

import pytest

from gitledger.core import credential_shapes as shapes
from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import REDACTED, redact

_RNG = random.Random(20261205)
_BASE62 = string.ascii_letters + string.digits
_LOWER36 = string.ascii_lowercase + string.digits
_HEX = "0123456789abcdef"
#: Every printable character a generator draws a salt from, less quotes and backslash.
_PRINTABLE = "".join(chr(c) for c in range(33, 127) if chr(c) not in "'\"\\")


def _random(alphabet: str, size: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(size))


def _salt() -> str:
    """Random printable characters, with at least one of each class, as a generator makes."""
    while True:
        value = _random(_PRINTABLE, 40)
        if shapes.random_printable(value):
            return value


SECRETS = {
    "random printable value given to a setter": f'config.set("signing", "{_salt()}")',
    "random printable value under any key": f'salt: "{_salt()}"',
    "base62 at the end of a URL's path (few digits)":
        "curl https://api.vendor.example/ingest/tGWqgjKSHzdyKCODJEIP9gaRTFE0es",
    "lower-case letters and digits given to a sign-in command":
        "ops-cli auth gn2f814jlwafqvcf9ulbwnuh03dafogm",
}

ORDINARY = {
    "a request id under a header about ids": "x-request-id: 7F3k9QpL2vX8mN4bR6tY1wZ5",
    "ciphertext under a sealed parent key":
        "spec:\n  encryptedData:\n    password: AgB3kX9pQ2mL8vN4tW7yZ5bR6tY1wZ5Xk3bR9pQ2mL8vN4tW7y",
}


@pytest.mark.parametrize("kind", SECRETS)
def test_a_secret_judged_by_its_shape_and_place_is_refused_and_redacted(kind: str) -> None:
    text = SECRETS[kind]
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1
    assert REDACTED.encode() in out
    assert find_credential(out.decode()) is None


@pytest.mark.parametrize("kind", ORDINARY)
def test_an_ordinary_value_of_a_secret_shape_passes(kind: str) -> None:
    text = ORDINARY[kind]
    assert find_credential(text) is None, text
    assert redact(text.encode()) == (text.encode(), 0)


@pytest.mark.parametrize(("alphabet", "size"), [(_HEX, 32), (_LOWER36, 32), (_BASE62, 24),
                                                (_BASE62 + "+/", 32)])
def test_random_strings_of_each_alphabet_are_generated(alphabet: str, size: int) -> None:
    hits = sum(shapes.generated(_random(alphabet, size)) for _ in range(200))
    assert hits >= 0.8 * 200


@pytest.mark.parametrize("value", [
    "parseHttpResponseHandler", "user_profile_settings_v2", "MyApp2024ReleaseCandidateBuild7",
    "kubernetes-dashboard-7f9c8d6b5-x2x9p", "9b2f0c1e-4a7d-4e8b-9c3a-1f2e3d4c5b6a",
    "3f9a2b1c4d5e6f708192a3b4c5d6e7f809a1b2c3", "v1.2.3-beta.4+build.77",
    "xxxxxxxxxxxxxxxxxxxxxxxx",
    "node_modules/.bin/eslint", "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
    base64.b64encode(b"hello from the test suite").decode(),
])
def test_names_ids_digests_and_paths_are_not_generated(value: str) -> None:
    assert not shapes.generated(value)


def test_base64_of_a_pair_is_generated_and_of_text_is_not() -> None:
    pair = base64.b64encode(f"svc:{_random(_BASE62, 20)}".encode()).decode()
    text = base64.b64encode(b"gitledger decision record v1").decode()
    assert shapes.generated(pair)
    assert not shapes.generated(text)
