"""``core/model.py``: the records a ledger is made of, and commit messages with trailers."""

from __future__ import annotations

import dataclasses

import pytest

from gitledger.core.model import (
    ACTIVE_STATUSES,
    KIND_FIELDS,
    KINDS,
    LIVE_STATUSES,
    RECEIPT_FIELDS,
    SECTION_TITLES,
    STATUSES,
    Change,
    Entry,
    Focus,
    Snapshot,
    format_message,
    git_evidence,
    parse_trailers,
)
from tests.builders import make_entry


def test_the_kinds_and_statuses_agree_with_each_other() -> None:
    assert tuple(SECTION_TITLES) == KINDS
    assert tuple(KIND_FIELDS) == KINDS
    assert set(ACTIVE_STATUSES) < set(LIVE_STATUSES) < set(STATUSES)
    assert "proposed" not in ACTIVE_STATUSES
    fields = {f.name for f in dataclasses.fields(Entry)}
    assert {key for keys in KIND_FIELDS.values() for key in keys} <= fields
    assert set(RECEIPT_FIELDS) <= set(KIND_FIELDS["decided"])


def test_format_message_is_subject_blank_line_and_trailers() -> None:
    change = Change("add: a decision", (("Ledger-Event", "add"), ("Ledger-Entry", "d-1")), {})
    assert format_message(change) == "add: a decision\n\nLedger-Event: add\nLedger-Entry: d-1\n"
    assert format_message(Change("keep", (), {})) == "keep\n"


def test_trailers_round_trip_with_every_value_kept() -> None:
    trailers = (("Ledger-Event", "carry"), ("Ledger-Entry", "d-1"), ("Ledger-Entry", "o-2"))
    message = format_message(Change("carry", trailers, {}))
    assert parse_trailers(message) == {"Ledger-Event": ("carry",),
                                       "Ledger-Entry": ("d-1", "o-2")}


def test_trailers_are_read_from_the_last_paragraph_only() -> None:
    message = "subject\n\nBody: looks like one\n\nKey: value \nKey: again\n"
    assert parse_trailers(message) == {"Key": ("value", "again")}  # values are stripped


@pytest.mark.parametrize("message", [
    "Ledger-Event: add",  # a subject alone has no trailers
    "subject\n\nan ordinary body paragraph",
    "subject\n\nKey: value\nnot a trailer line",  # one bad line: the paragraph is prose
    "subject\n\nTwo words: value",
    "subject\n\nKey:value",  # git's trailers have a space after the colon
    "subject\n\n: value",
])
def test_a_paragraph_that_is_not_all_trailers_gives_none(message: str) -> None:
    assert parse_trailers(message) == {}


def test_an_empty_trailer_value_in_the_middle_is_kept() -> None:
    message = format_message(Change("s", (("Empty", ""), ("Key", "1")), {}))
    assert parse_trailers(message) == {"Empty": ("",), "Key": ("1",)}


def test_an_empty_trailer_value_at_the_end_is_kept() -> None:
    message = format_message(Change("s", (("Key", "1"), ("Empty", "")), {}))
    assert parse_trailers(message) == {"Key": ("1",), "Empty": ("",)}


def test_git_evidence_takes_the_shas_of_git_items_only() -> None:
    entry = make_entry("d-aaaaaaaaaa", evidence=(
        "git:abc123", "test:test_x", "git: def456 ", "git:", "https://example.com/git:1"))
    assert git_evidence(entry) == ["abc123", "def456"]
    assert git_evidence(make_entry("d-bbbbbbbbbb")) == []


def test_entries_compare_without_their_unknown_keys_and_are_frozen() -> None:
    plain = make_entry("o-aaaaaaaaaa", "open")
    extended = dataclasses.replace(plain, extra={"future": 1})
    assert plain == extended
    assert extended.extra == {"future": 1}
    assert dataclasses.replace(plain, text="other") != plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        plain.text = "changed"  # type: ignore[misc]
    assert make_entry("o-bbbbbbbbbb", "open").extra is not plain.extra  # no shared default


def test_snapshot_of_kind_keeps_the_order() -> None:
    entries = (make_entry("d-aaaaaaaaaa"), make_entry("o-bbbbbbbbbb", "open"),
               make_entry("d-cccccccccc"))
    snapshot = Snapshot("refs/ledger/project", None, None, Focus(), entries)
    assert [e.id for e in snapshot.of_kind("decided")] == ["d-aaaaaaaaaa", "d-cccccccccc"]
    assert snapshot.of_kind("plan") == ()
    assert Focus().seq == 0
    assert Focus().task is None
