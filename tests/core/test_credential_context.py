"""The context model's part in ``find_credential`` (``gitledger/core/credential_context.py``):
it names a chosen password no rule names, never overrules a rule (a real password under a
well-known key reads like a tutorial's default), leaves alone a token with nothing around
it and what the rules know for no secret, and is left out of text decoded from base64.
The cases were written for this file, not taken from a corpus the model was fitted on."""

from __future__ import annotations

import pytest

from gitledger.core import credential_context
from gitledger.core.credentials import (
    CAUGHT_ABOVE,
    PLACED_LIKE_A_SECRET,
    find_credential,
    rule_finding,
)
from gitledger.core.text import clean_text
from gitledger.errors import InvalidInput

#: Passwords people choose, placed where no rule looks: the model alone names them.
CAUGHT_BY_THE_MODEL = [
    "the kiosk login changed, it is Pemberton77 from today",
    "my netflix is Ravenclaw_2011 if you need it",
]

#: Real passwords under the best-known keys, which the model scores like tutorials'
#: defaults (round nineteen's review): a rule names them, and the model never overrules it.
UNDER_A_KEY = [
    "POSTGRES_PASSWORD=marmaladeotter",
    "redis-cli -h cache.prod -a quietharbor ping",
    "# hash of the dump is in the ticket\nREDIS_PASSWORD=quietharbor",
    "DB_PASSWORD=v)(<GNWAMs{[I;z0",
]

#: Shapes like a chosen password's that prose uses: neither names them.
PROSE = [
    "See PEP484 and RFC6749 for the token format.",
    "Room204 has the router; the password is on the sticker.",
    "Deployed build 20241107.2 to staging; rollback tag v3.4.1-rc2.",
    "commit 3f2a9c1e0b7d4a6f8e2c1b0a9d8e7f6c5b4a3e2d fixed the flaky test",
    "echo 'aGVsbG8gd29ybGQK' | base64 -d   # prints hello world",
]


@pytest.mark.parametrize("text", CAUGHT_BY_THE_MODEL)
def test_a_password_no_rule_names_is_named_by_the_model(text: str) -> None:
    assert rule_finding(text) is None
    assert find_credential(text) == PLACED_LIKE_A_SECRET
    best = credential_context.likeliest(text)
    assert best is not None
    assert best.score > CAUGHT_ABOVE
    with pytest.raises(InvalidInput, match="a value placed and shaped like a secret"):
        clean_text(text, "text", 2000)


@pytest.mark.parametrize("text", UNDER_A_KEY)
def test_a_rule_finding_is_never_overruled(text: str) -> None:
    best = credential_context.likeliest(text)
    assert best is not None
    assert best.score < 0.5  # the model alone would let it pass
    assert find_credential(text) == rule_finding(text) is not None


def test_text_decoded_from_base64_is_judged_by_the_rules_alone() -> None:
    # base64 of POSTGRES_PASSWORD=marmaladeotter, and a fixture of plain words
    assert find_credential("echo UE9TVEdSRVNfUEFTU1dPUkQ9bWFybWFsYWRlb3R0ZXI= | base64 -d")
    fixture = "eyJub3RlIjogIlVzZSBLOHNPcGVyYXRvclYyIGZvciB0aGUgc21va2UgdGVzdC4ifQ=="
    assert find_credential(f"Fixture payload {fixture}") is None


@pytest.mark.parametrize("text", PROSE)
def test_prose_of_the_same_shapes_passes(text: str) -> None:
    assert find_credential(text) is None


@pytest.mark.parametrize("field", ["Xk9mP2qLw7vR8tYb", "Xk9mP2qLw7vR8tYb."])
def test_a_token_alone_is_no_place(field: str) -> None:
    # an id in a field of its own (a client's session id) is a random token with nothing
    # around it, a full stop at most
    best = credential_context.likeliest(field)
    assert best is not None
    assert best.score > CAUGHT_ABOVE
    assert find_credential(field) is None


def test_a_provider_token_is_never_overruled() -> None:
    # the model scores a token of a provider's shape as anything; the pattern decides
    text = "token for the docs sample: ghp_" + "a1B2c3D4" * 4 + "e5F6"
    assert find_credential(text) == "GitHub token"


def test_the_table_holds_a_bias_and_weights_for_words_and_shapes() -> None:
    weights = credential_context._weights()
    assert "bias" in weights
    assert any(name.startswith("p0=") for name in weights)
    assert any(name.startswith("sh=") for name in weights)
    assert 0.5 < CAUGHT_ABOVE < 1


def test_a_token_is_scored_by_its_window_alone() -> None:
    # text further than the window from a token changes nothing: the scan stays linear
    window = "notes " * 40 + "wifi at the cabin is Kestrel4471 now" + " and more" * 20
    first, second = "a " * 300 + window, "b, " * 700 + window
    at_first, at_second = first.index("Kestrel4471"), second.index("Kestrel4471")
    assert credential_context.score(first, at_first, at_first + 11) == credential_context.score(
        second, at_second, at_second + 11)
