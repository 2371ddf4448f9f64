"""Round eight's rules against the cases of a reviewer who had not seen them
(``credential_review_eight.py``): what they reach, what they must let pass, and the real
secrets a loosened judgement must not let through.  The cases still wrong are named, with
why they are left; any other case going wrong fails here."""

from __future__ import annotations

import pytest

from gitledger.core.credentials import find_credential
from tests.core.credential_review_eight import A, B, C

#: Credentials still let through: prompts the rule does not read (a token file's hex,
#: starship's and zsh's prompts), a Rust Option around the password, a chap-secrets line.
MISSED = {"a30", "a62", "a65", "a74"}
#: Refused before round eight too: a token's UUID or GUID a prompt names as one, an ARN a
#: command printing a secret's output, a test naming an auth constructor's arguments, a
#: JSON value an auth endpoint returned.
REFUSED = {"b11", "b64", "b74", "b100", "b128"}
#: Let through before round eight too (c01, c02, c07, c08, c14, c15, c22, c29, c34, c55,
#: c59, c62, c63, c67, c12), or read as code or as what the name says (c16, c17, c65: an
#: unquoted name in a call is a variable; c64: a value under a crc's name).
LET_THROUGH = {"c01", "c02", "c07", "c08", "c12", "c14", "c15", "c16", "c17", "c22", "c29",
               "c34", "c55", "c59", "c62", "c63", "c64", "c65", "c67"}


def _id(case: tuple[str, str]) -> str:
    return case[0].split()[0]


@pytest.mark.parametrize("case", [c for c in A if _id(c) not in MISSED], ids=_id)
def test_a_credential_in_a_new_place_is_found(case: tuple[str, str]) -> None:
    assert find_credential(case[1]) is not None, case[0]


@pytest.mark.parametrize("case", [c for c in B if _id(c) not in REFUSED], ids=_id)
def test_ordinary_text_in_the_new_places_passes(case: tuple[str, str]) -> None:
    assert find_credential(case[1]) is None, case[0]


@pytest.mark.parametrize("case", [c for c in C if _id(c) not in LET_THROUGH], ids=_id)
def test_a_real_secret_is_not_excused_by_a_new_judgement(case: tuple[str, str]) -> None:
    assert find_credential(case[1]) is not None, case[0]
