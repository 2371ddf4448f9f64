"""Passwords plain in shape, refused by where they stand (round seventeen): a heart run into
a name (``i<3Pusi76``), a name or a word in capitals with two or three digits, or words in
both cases joined by a mark, at the end of a clause on a line that has said "password"; the
field under a table's secret column; a flag named for a password in a chat client's
command; a made-up value under a setting of any name, one letter included.

The languages are made up (``Vrenu``, ``Tolmak``), so that only the shape and the place can
be what finds the value.
"""

from __future__ import annotations

import pytest

from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import redact

#: Each text and the password in it.
SECRETS = {
    "a heart run into a name, no word for a password": (
        "Vrenu Kondra, tolmak ekra a wifi ulsu i<3Mphaka74 mirak", "i<3Mphaka74"),
    "a heart after the word": ("Vrenu ekra password ko i<3Pusi76 🌺", "i<3Pusi76"),
    "capitals and digits after the word, an emoji after": (
        "Vrenu Tendai, password ye wifi ulsu ndi DRAKONS129 😊", "DRAKONS129"),
    "capitals and digits after the word, closing a sentence": (
        "Tolmak, na password ni wifi e VORNA992. Ekra ulsu!", "VORNA992"),
    "capitals and digits after the word, a comma after": (
        "Vrenu le mot de passe TLK973, ekra.", "TLK973"),
    "words in both cases after the word": (
        "Ekra wifi password no ne kenkey_Vorna_jollof. Tolmak!", "kenkey_Vorna_jollof"),
    "under a table's secret column": (
        "| step | account | secret | result |\n|---|---|---|---|\n"
        "| login | finance-test | Rocky758 | ok |", "Rocky758"),
    "a flag named for a password in a chat client's command": (
        "/network add -sasl_username frodo -sasl_password M0nk3y2024 -sasl_mechanism PLAIN",
        "M0nk3y2024"),
    "a made-up value under a one-letter key": (
        "N=Libera.Chat\nI=frodo\nP=2W3*r3i1U8PeAQ\nS=irc.libera.chat/+6697", "2W3*r3i1U8PeAQ"),
}

#: The same shapes and places holding no password.
ORDINARY = {
    "an algorithm after the word": "The password is hashed with SHA256.",
    "a runtime after the word": "Reset the password for Node20.",
    "a setting's path after the word": "the password field maps to Spring.Datasource.Password.",
    "a component's name in one case": "password rotation is handled by the Vault_Agent_Sidecar.",
    "two values after the word": "password rotated for DRAKONS129 and VORNA992.",
    "a heart and a word, spaced": "I <3 Python 3.12 so much",
    "a heart and a slogan": "I<3Paris stickers are sold out",
    "a heart and two letters": "i<3u2 lol",
    "a secret column of names and flags": (
        "| name | secret | description |\n|---|---|---|\n| db | DB_PASSWORD | the database |\n"
        "| api | true | yes |"),
    "a flag given a variable": "pass --token $GITHUB_TOKEN to the step",
    "a setting given options": 'OPTIONS=" -f $CONFIGFILE"',
    "a setting given a question": "prompt='Are you sure you want to drop the db?'",
    "a setting given a format": "DATE_FORMAT=%Y-%m-%d_%H:%M",
}


@pytest.mark.parametrize("kind", SECRETS)
def test_a_plain_password_in_its_place_is_refused_and_redacted(kind: str) -> None:
    text, password = SECRETS[kind]
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1
    assert password not in out.decode(), out


@pytest.mark.parametrize("kind", ORDINARY)
def test_the_same_shapes_holding_no_password_pass(kind: str) -> None:
    assert find_credential(ORDINARY[kind]) is None
