"""Entry ids: shape, fan-out path, prefix parsing and matching, shortest unique forms."""

from __future__ import annotations

import re

import pytest

from gitledger.core.ids import (
    ALPHABET,
    CORE_LENGTH,
    KIND_LETTERS,
    LETTER_KINDS,
    entry_path,
    is_valid_id,
    match_prefix,
    new_id,
    shortest_unique,
    split_prefix,
)
from gitledger.core.model import KINDS
from gitledger.errors import LedgerError, UnknownEntry

ID_SHAPE = re.compile(r"^[odvxp]-[0-9a-hjkmnp-tv-z]{10}$")


def test_alphabet_is_crockford_lower_case_base32() -> None:
    assert len(ALPHABET) == 32
    assert len(set(ALPHABET)) == 32
    # Crockford leaves out the letters people misread as digits (and u).
    assert not set("ilou") & set(ALPHABET)
    assert ALPHABET.lower() == ALPHABET


def test_every_kind_has_its_own_letter() -> None:
    assert set(KIND_LETTERS) == set(KINDS)
    assert len(set(KIND_LETTERS.values())) == len(KINDS)
    assert {LETTER_KINDS[letter] for letter in KIND_LETTERS.values()} == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_new_id_is_kind_letter_dash_ten_core_chars(kind: str) -> None:
    entry_id = new_id(kind)
    assert ID_SHAPE.match(entry_id), entry_id
    assert entry_id[0] == KIND_LETTERS[kind]
    assert entry_id[1] == "-"
    assert len(entry_id) == 2 + CORE_LENGTH
    assert all(ch in ALPHABET for ch in entry_id[2:])
    assert is_valid_id(entry_id)


def test_new_ids_do_not_collide() -> None:
    ids = {new_id("decided") for _ in range(20_000)}
    assert len(ids) == 20_000


def test_new_ids_use_the_whole_alphabet() -> None:
    seen = {ch for _ in range(2_000) for ch in new_id("open")[2:]}
    assert seen == set(ALPHABET)


def test_new_id_refuses_an_unknown_kind() -> None:
    with pytest.raises(KeyError):
        new_id("task")


@pytest.mark.parametrize(
    "value",
    [
        "",
        "d-",
        "d-abc",
        "d-0123456789a",  # eleven core chars
        "d-012345678",  # nine
        "q-0123456789",  # no kind has the letter q
        "D-0123456789",  # ids are stored lower case
        "d-012345678i",  # i is not in the alphabet
        "d-012345678u",
        "d_0123456789",
        "d-0123456789\n",
        " d-0123456789",
        "0123456789",
    ],
)
def test_is_valid_id_refuses(value: str) -> None:
    assert not is_valid_id(value)


@pytest.mark.parametrize("value", ["d-0123456789", "o-zzzzzzzzzz", "x-abcdefghjk", "p-00000000vv",
                                   "v-mnpqrstvwx"])
def test_is_valid_id_accepts(value: str) -> None:
    assert is_valid_id(value)


def test_entry_path_fans_out_on_the_first_two_core_chars() -> None:
    assert entry_path("d-4f7k2m9xq1") == "entries/4/f/d-4f7k2m9xq1.toml"
    assert entry_path("o-zz00000000") == "entries/z/z/o-zz00000000.toml"


def test_entry_path_does_not_depend_on_the_kind_letter() -> None:
    # resolve changes an entry's kind but not its id, so its blob stays where it was.
    assert entry_path("o-ab12345678").split("/")[:3] == entry_path("d-ab12345678").split("/")[:3]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("d-4f7", ("d", "4f7")),
        ("4f7", (None, "4f7")),
        ("D-4F7", ("d", "4f7")),
        ("  d-4f7  ", ("d", "4f7")),
        ("o-", ("o", "")),
        ("x-0", ("x", "0")),
        ("d-4f7k2m9xq1", ("d", "4f7k2m9xq1")),
        # "d" alone is a core prefix (d is a base32 digit), not a kind letter
        ("d", (None, "d")),
    ],
)
def test_split_prefix(typed: str, expected: tuple[str | None, str]) -> None:
    assert split_prefix(typed) == expected


@pytest.mark.parametrize("typed", ["", "   ", "-", "q-4f7", "d-4f!", "d-4fi", "hello world",
                                   "d--4f", "refs/ledger/x", "o"])
def test_split_prefix_refuses(typed: str) -> None:
    with pytest.raises(UnknownEntry):
        split_prefix(typed)


def test_split_prefix_names_the_unknown_letter() -> None:
    with pytest.raises(UnknownEntry, match="letter 'q'"):
        split_prefix("q-4f7")


def test_unknown_entry_is_a_ledger_error_with_exit_1() -> None:
    assert issubclass(UnknownEntry, LedgerError)
    assert UnknownEntry.exit_code == 1


CANDIDATES = ["d-4f7k2m9xq1", "d-4f7zzzzzzz", "o-4a00000000", "v-9bbbbbbbbb", "x-9bccccccc0"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("d-4f7k", "d-4f7k2m9xq1"),
        ("4f7k", "d-4f7k2m9xq1"),
        ("4f7z", "d-4f7zzzzzzz"),
        ("4a", "o-4a00000000"),
        ("o-4", "o-4a00000000"),  # the letter narrows a core prefix that alone is ambiguous
        ("9bb", "v-9bbbbbbbbb"),
        ("x-9", "x-9bccccccc0"),
        ("V-9", "v-9bbbbbbbbb"),
        ("d-4f7k2m9xq1", "d-4f7k2m9xq1"),
    ],
)
def test_match_prefix_finds_the_one_id(typed: str, expected: str) -> None:
    assert match_prefix(typed, CANDIDATES) == expected


def test_match_prefix_ambiguous_lists_the_candidates() -> None:
    with pytest.raises(UnknownEntry) as caught:
        match_prefix("4f7", CANDIDATES)
    message = str(caught.value)
    assert "ambiguous" in message
    assert "d-4f7k2m9xq1" in message
    assert "d-4f7zzzzzzz" in message
    assert "o-4a00000000" not in message


def test_match_prefix_ambiguous_with_many_candidates_is_cut_short() -> None:
    many = [f"d-4{ALPHABET[i]}00000000" for i in range(12)]
    with pytest.raises(UnknownEntry) as caught:
        match_prefix("4", many)
    message = str(caught.value)
    assert "and 4 more" in message
    assert sum(1 for entry_id in many if entry_id in message) == 8
    assert "\n" not in message


@pytest.mark.parametrize("typed", ["5", "d-9", "4f7k3", "p-4", "d-4f7k2m9xq1z"])
def test_match_prefix_unknown(typed: str) -> None:
    with pytest.raises(UnknownEntry, match="no entry matches"):
        match_prefix(typed, CANDIDATES)


def test_match_prefix_on_no_candidates() -> None:
    with pytest.raises(UnknownEntry, match="no entry matches 'd-4'"):
        match_prefix("d-4", [])


def test_match_prefix_bare_letter_dash_matches_every_entry_of_that_kind() -> None:
    assert match_prefix("o-", CANDIDATES) == "o-4a00000000"
    with pytest.raises(UnknownEntry, match="ambiguous"):
        match_prefix("d-", CANDIDATES)


def test_shortest_unique_uses_the_minimum_when_ids_differ_early() -> None:
    ids = ["d-0000000000", "d-vvvvvvvvvv", "o-ggggghhhhh"]
    assert shortest_unique(ids) == {
        "d-0000000000": "d-0000",
        "d-vvvvvvvvvv": "d-vvvv",
        "o-ggggghhhhh": "o-gggg",
    }


def test_shortest_unique_grows_past_a_shared_prefix() -> None:
    ids = ["d-abcdef0000", "o-abcdefg000", "v-abcdefh000", "x-zz00000000"]
    short = shortest_unique(ids)
    assert short["d-abcdef0000"] == "d-abcdef0"
    assert short["o-abcdefg000"] == "o-abcdefg"
    assert short["v-abcdefh000"] == "v-abcdefh"
    assert short["x-zz00000000"] == "x-zz00"
    # every short form names exactly its own id
    for full, typed in short.items():
        assert match_prefix(typed[2:], ids) == full


def test_shortest_unique_minimum_is_adjustable_and_capped_at_the_full_id() -> None:
    assert shortest_unique(["d-abcdefghjk"], minimum=2) == {"d-abcdefghjk": "d-ab"}
    assert shortest_unique(["d-abcdefghjk"], minimum=50) == {"d-abcdefghjk": "d-abcdefghjk"}


def test_shortest_unique_of_random_ids_always_round_trips() -> None:
    ids = [new_id(kind) for kind in KINDS for _ in range(400)]
    short = shortest_unique(ids)
    assert set(short) == set(ids)
    for full, typed in short.items():
        assert full.startswith(typed)
        assert len(typed) >= 2 + 4
        assert match_prefix(typed, ids) == full
