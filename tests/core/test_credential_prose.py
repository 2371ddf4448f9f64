"""A password people choose, known by its shape alone on a line of prose
(``gitledger/core/credential_prose.py``): refused and redacted whatever language the line
is written in, with no word for a password beside it; the shapes prose spells the same way
(products with their versions, events and files with their dates, lists, walks named as
examples, handles, ids) pass.

The languages below are made up (``Vrenu``, ``Tolmak``), so that no word list of the
scanner can be what finds the value: only its shape is.
"""

from __future__ import annotations

import re

import pytest

from gitledger.core.credential_prose import chosen_anywhere
from gitledger.core.credentials import find_credential, rule_finding
from gitledger.interchange.transcripts import redact

#: Lines of a made-up language, each holding a password by its shape alone.
SECRETS = {
    "a name and a year closing a clause": "Vrenu tolmak ekra Debrava1994, ulsu ten mirak.",
    "a name and a date, alone on a note": "Ekra vorn\nMahatolu_071985\nulsu ten",
    "a name, a sign and digits": "Vrenu ekra tolmak Sitrava@21# ulsu.",
    "a name and two digits with a sign": "Tolmak ekra vorn Flurat@29 — ulsu ten mirak",
    "leetspeak of a word": "Ekra vorn tolmak: K03k$1$t3r ulsu ten.",
    "leetspeak with a number": "Vrenu tolmak P4nt3r412! ekra",
    "a walk run into a name": "Ekra vorn zaq12wsxBesra ulsu ten.",
    "a walk with digits": "Tolmak ekra qwerty2931 vorn ulsu.",
    "words and a number": "Vrenu ekra puffin-walnut-7145 tolmak ulsu.",
    "a name and two digits, no product": "Tolmak ekra Bethanor70.",
    "in another script": "Ծեր տղա, Lwazira7697! ըստ այդմ",
    "after the part a quote opens": 'Vrenu ekra "Marisol1987" tolmak.',
    "after a slash in a login pair": "Tolmak ekra admin/Matahari!1054 vorn ulsu.",
}

#: From the review of the rule's code (each let a password or a part of one through).
REVIEWED = {
    "another rule's finding on the same line":
        "Vrenu ekra P4nt3r412! ulsu, the wifi ya malê: @m3d28.",
    "a comma inside the password": "Vrenu ekra Ab,Sitrava@21# ulsu ten",
    "a slash inside the password": "Vrenu ekra Mat/ahari!1054 tolmak.",
    "typed twice, once with a mark": "Vrenu ekra P4nt3r412!\nulsu ten P4nt3r412",
    "a name spelt with a to f": "Vrenu ekra Becca1990, ulsu.",
    "a name that begins with pass": "Vrenu ekra Passion1990, ulsu.",
    "an accent pasted decomposed": "Vrenu ekra Debra\u0301va1994, ulsu",
    "a title on the line before": "Sprint2024 retro\nVrenu ekra P4nt3r412! tolmak ulsu.",
    "a label's setting on the line before": "Codename: Phoenix2024\nVrenu ekra Sitrava@21# ulsu.",
    "an event on the same line": "Vrenu Tokyo2020 tolmak ekra P4nt3r412! ulsu.",
}

#: Prose that spells the same shapes and holds no password.
ORDINARY = {
    "a runtime's version": "Upgrade the CI runners to Node20.",
    "two versions of a language": "Moved the build to Java17, then Java21.",
    "an interpreter's versions": "Tests run on Python311 and Python312.",
    "a database with its version": "Decision: use Postgres16 over MySQL8.",
    "a branch named for a year": "Named the branch feature2024.",
    "a host named for a year": "Host is web2024.",
    "a file with its date": "Saved as report_20240105, see the attachment.",
    "a title with its year before a dash": "Sprint2024 - retro notes",
    "a setting's value with its year": "Codename: Phoenix2024",
    "a model and its year": "Model: Corolla2019",
    "a name mid-sentence": "Sprint2024 retro is on Monday",
    "a list of names with their years": "Team A\nMaria1990\nJohn1985\nAnna1992",
    "example passwords in a policy":
        "Passwords like Winter2023!, Amsterdam1990 or B@nana77 are refused.",
    "a walk named as an example": "The first keys of each row stack as qweasdzxc on QWERTY.",
    "a walk alone": "Banned: 1qaz2wsx",
    "a layout's name": "Switch the VM to QwertzLayout, then retry.",
    "a package at its version": "RUN npm install -g @angular/cli@13",
    "an issue reference": "Fixed upstream in flask#6025, see the changelog.",
    "an order's id": "Temporal run: workflow id order-8812 finished.",
    "a host and its number": "Deploy to web01 and db02 tonight.",
    "a handle": "Ping @deploy42 in the channel.",
    "a shell's prompt, a user at a host": "redpanda@1add2615774b:/$ cd /app",
    "an address": "Mail ana.silva1990@example.org about it.",
    "a commit": "Reverts d10e62ad1064 which broke the arm64 build.",
    "a word's bits": "The processor is an Intel64 Family 6 part.",
    "a password's own name as an example": "Password123 is in every breach list.",
    "a version": "Released v2.4.1-rc.3 yesterday.",
    "a time": "Meet at 10:30, room 4.",
    "a short code line": 'params={"blah": "asdf1234"},',
    "a hash in a config line": "checksum = sha256:9f86d081884c7d659a2feaa0c55ad015",
}


#: Passwords of the cases here, no part of which a redaction may leave.
_PARTS = ("P4nt3r412", "Sitrava@21#", "ahari!1054", "Becca1990", "Passion1990", "va1994",
          "m3d28")


@pytest.mark.parametrize("kind", [*SECRETS, *REVIEWED])
def test_a_password_known_by_its_shape_is_refused_and_redacted_whole(kind: str) -> None:
    text = {**SECRETS, **REVIEWED}[kind]
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1
    assert rule_finding(out.decode()) is None, out
    assert not [part for part in _PARTS if part in out.decode()], out


@pytest.mark.parametrize("kind", ORDINARY)
def test_prose_spelling_the_same_shapes_passes(kind: str) -> None:
    text = ORDINARY[kind]
    assert find_credential(text) is None, text
    assert redact(text.encode()) == (text.encode(), 0)


def _found(text: str) -> str | None:
    for line in re.finditer(r"(?m)^[^\n]+", text):
        span = chosen_anywhere(line)
        if span is not None:
            return text[span[0]:span[1]]
    return None


@pytest.mark.parametrize("kind", SECRETS)
def test_the_shape_alone_finds_each(kind: str) -> None:
    """The rule of this module finds each secret itself, not another rule beside it."""
    assert _found(SECRETS[kind]) is not None


def test_the_value_is_what_is_named_not_its_quotes_or_its_login() -> None:
    assert _found('Vrenu ekra "Marisol1987" tolmak.') == "Marisol1987"
    assert _found("Tolmak ekra admin/Matahari!1054 vorn ulsu.") == "Matahari!1054"
    assert _found("Vrenu tolmak ekra Debrava1994, ulsu") == "Debrava1994"


def test_a_password_typed_twice_is_redacted_both_times() -> None:
    """Two lines holding the same value are a password typed twice, not a list."""
    text = "Ekra vorn\nDebrava1994\nDebrava1994\nulsu"
    out, count = redact(text.encode())
    assert b"Debrava1994" not in out
    assert count >= 1


def test_a_code_line_or_a_data_run_is_no_prose() -> None:
    assert _found("x = compute(Debrava1994)") is None
    assert _found("A" * 30 + "Debrava1994" + "b" * 10) is None


def test_a_link_or_a_list_a_blank_line_apart_is_no_password() -> None:
    link = "Vrenu ekra https://example.org/" + "a" * 175 + "/wiki/K03k$1$t3r tolmak."
    assert find_credential(link) is None
    assert find_credential("Team A\n\nMaria1990\n\nJohn1985") is None
