"""``ledger/rules.py``: which status may follow which, and repeating a rejected alternative."""

from __future__ import annotations

import pytest

from gitledger.core.model import STATUSES, Entry
from gitledger.errors import InvalidInput
from gitledger.ledger.rules import (
    legal_moves,
    normalised,
    rejection_index,
    repeats_rejected,
    require_move,
)
from tests.builders import make_entry

#: The second seed's lifecycle, written out here rather than read from the module: a
#: status listed as its own successor is an amendment (another commit, a newer deploy).
LEGAL = {
    ("proposed", "accepted"), ("proposed", "rejected"), ("proposed", "superseded"),
    ("accepted", "implemented"), ("accepted", "rejected"), ("accepted", "superseded"),
    ("implemented", "implemented"), ("implemented", "deployed"),
    ("implemented", "superseded"),
    ("deployed", "deployed"), ("deployed", "superseded"),
}
PAIRS = [(a, b) for a in STATUSES for b in STATUSES]


def _decision(status: str | None, entry_id: str = "d-aaaaaaaaaa") -> Entry:
    return make_entry(entry_id, status=status)


@pytest.mark.parametrize(("now", "to"), sorted(LEGAL))
def test_every_legal_move_is_allowed(now: str, to: str) -> None:
    require_move(_decision(now), to)


@pytest.mark.parametrize(("now", "to"), [p for p in PAIRS if p not in LEGAL])
def test_every_illegal_move_is_refused_naming_the_legal_ones(now: str, to: str) -> None:
    entry = _decision(now)
    with pytest.raises(InvalidInput) as caught:
        require_move(entry, to)
    message = str(caught.value)
    assert message.startswith(f"d-aaaaaaaaaa is {now} and cannot become {to}: ")
    assert message.endswith(legal_moves(entry))


def test_a_move_to_no_status_at_all_is_refused() -> None:
    with pytest.raises(InvalidInput, match="cannot become done"):
        require_move(_decision("accepted"), "done")


@pytest.mark.parametrize("kind", ["open", "verified", "dropped", "plan"])
def test_only_decisions_have_a_status(kind: str) -> None:
    entry = make_entry(f"{kind[0]}-aaaaaaaaaa", kind)
    with pytest.raises(InvalidInput, match=r"is [A-Z]+, not a decision: only decisions"):
        require_move(entry, "accepted")


@pytest.mark.parametrize("status", ["bogus", None])
def test_an_unknown_status_is_refused_pointing_at_check(status: str | None) -> None:
    with pytest.raises(InvalidInput, match=f"has the unknown status '{status}'; fix it with "
                                           "git ledger check"):
        require_move(_decision(status), "accepted")


def test_legal_moves_name_the_command_for_each() -> None:
    assert legal_moves(_decision("rejected")) == "rejected is final"
    assert legal_moves(_decision("superseded")) == "superseded is final"
    accepted = legal_moves(_decision("accepted"))
    assert accepted.startswith("from accepted it can become implemented (git ledger implement "
                               "d-aaaaaaaaaa)")
    assert "again" not in accepted
    deployed = legal_moves(_decision("deployed"))
    assert "superseded (git ledger decide TEXT --supersedes d-aaaaaaaaaa)" in deployed
    assert deployed.endswith("or be deployed again (git ledger deploy d-aaaaaaaaaa … records "
                             "a newer deploy)")


def test_normalised_ignores_case_spacing_and_final_stops() -> None:
    assert normalised("  Use\tREDIS\n for  caching. ") == "use redis for caching"
    assert normalised("Straße!") == normalised("STRASSE")  # casefold, not lower
    assert normalised("use redis...") == "use redis"
    assert normalised("use redis。") == "use redis"
    assert normalised("use redis?") != normalised("use redis")


def test_normalised_ignores_a_spaced_final_stop() -> None:
    assert normalised("Use Redis !") == normalised("use redis")


def test_repeats_rejected_finds_the_active_decision_that_rejected_it() -> None:
    deciding = make_entry("d-aaaaaaaaaa", over=("Use Redis", "memcached"))
    implemented = make_entry("d-bbbbbbbbbb", status="implemented", over=("use redis.",))
    assert repeats_rejected("use  redis", [deciding, implemented]) == deciding
    assert repeats_rejected("USE REDIS!", [implemented, deciding]) == implemented
    assert repeats_rejected("Memcached.", [deciding]) == deciding
    assert repeats_rejected("use redis cluster", [deciding]) is None  # exact, not a substring
    assert repeats_rejected("anything", []) is None


@pytest.mark.parametrize("status", ["proposed", "rejected", "superseded"])
def test_a_decision_not_in_force_rejects_nothing(status: str) -> None:
    entry = make_entry("d-aaaaaaaaaa", status=status, over=("Use Redis",))
    assert repeats_rejected("use redis", [entry]) is None


def test_rejection_index_groups_the_decisions_by_alternative() -> None:
    one = make_entry("d-aaaaaaaaaa", over=("Redis", "Kafka"))
    two = make_entry("d-bbbbbbbbbb", status="deployed", over=("redis.",))
    off = make_entry("d-cccccccccc", status="rejected", over=("Redis",))
    index = rejection_index([one, two, off])
    assert index == {"redis": [one, two], "kafka": [one]}
