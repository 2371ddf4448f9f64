"""The context model's part in ``find_credential`` (``gitledger/core/credential_context.py``):
it names a chosen password no rule names, overrules a rule's finding on a value that stands
where the read corpora and public text hold none, never overrules a provider's token or a
passphrase, and leaves alone what the rules know for no secret.  The cases were written for
this file, not taken from a corpus the model was fitted on."""

from __future__ import annotations

import pytest

from gitledger.core import credential_context
from gitledger.core.credentials import (
    CAUGHT_ABOVE,
    OVERRULED_BELOW,
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

#: A rule names a value here, and the model overrules it: a sample from a tutorial, an
#: image's default.
OVERRULED = [
    "NEXTAUTH_ADMIN_SECRET=mysupersecretvalue  # from the tutorial, replace it",
    "docs sample: mongosh -u admin -p admin (the image default until you change it)",
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


@pytest.mark.parametrize("text", OVERRULED)
def test_a_rule_finding_the_model_scores_low_is_overruled(text: str) -> None:
    assert rule_finding(text) is not None
    assert find_credential(text) is None


@pytest.mark.parametrize("text", PROSE)
def test_prose_of_the_same_shapes_passes(text: str) -> None:
    assert find_credential(text) is None


def test_a_token_alone_is_no_place() -> None:
    # a client's session id (Kilo's) is a random token with nothing around it
    session = "ses_dbbb588e6ffeVP7GJref7rhm3H"
    best = credential_context.likeliest(session)
    assert best is not None
    assert best.score > CAUGHT_ABOVE
    assert find_credential(session) is None


def test_a_provider_token_is_never_overruled() -> None:
    # the model scores a token of a provider's shape as anything; the pattern decides
    text = "token for the docs sample: ghp_" + "a1B2c3D4" * 4 + "e5F6"
    assert find_credential(text) == "GitHub token"


def test_a_passphrase_of_words_is_never_overruled() -> None:
    # the model reads one token at a time, and each word of a passphrase is a word
    text = "DB_PASSWORD = 'correct horse battery'"
    assert rule_finding(text) is not None
    assert find_credential(text) is not None


def test_many_overruled_findings_name_the_first() -> None:
    # past _OVERRULED_AT_MOST findings the first is named: the scan stays linear
    line = "NEXTAUTH_ADMIN_SECRET=mysupersecretvalue  # from the tutorial\n"
    assert find_credential(line) is None
    assert find_credential(line * 40) == rule_finding(line * 40) is not None


def test_the_table_holds_a_bias_and_weights_for_words_and_shapes() -> None:
    weights = credential_context._weights()
    assert "bias" in weights
    assert any(name.startswith("p0=") for name in weights)
    assert any(name.startswith("sh=") for name in weights)
    assert 0 < OVERRULED_BELOW < CAUGHT_ABOVE < 1


def test_a_token_is_scored_by_its_window_alone() -> None:
    # text further than the window from a token changes nothing: the scan stays linear
    window = "notes " * 40 + "wifi at the cabin is Kestrel4471 now" + " and more" * 20
    first, second = "a " * 300 + window, "b, " * 700 + window
    at_first, at_second = first.index("Kestrel4471"), second.index("Kestrel4471")
    assert credential_context.score(first, at_first, at_first + 11) == credential_context.score(
        second, at_second, at_second + 11)
