"""The rules a decision's write and ``check`` share: which status may follow which, and
when a decision's text repeats an alternative another decision rejected.

Pure functions over entries (no git), so that the write path, the decision index and the
checks read one definition of each rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from gitledger.core.model import (
    ACTIVE_STATUSES,
    SECTION_TITLES,
    STATUSES,
    Entry,
)
from gitledger.errors import InvalidInput

#: status → the statuses it may move to.  A status listed as its own successor is an
#: amendment (another implementation commit, a newer deploy receipt).
TRANSITIONS: dict[str, tuple[str, ...]] = {
    "proposed": ("accepted", "rejected", "superseded"),
    "accepted": ("implemented", "rejected", "superseded"),
    "implemented": ("implemented", "deployed", "superseded"),
    "deployed": ("deployed", "superseded"),
    "rejected": (),
    "superseded": (),
}

_AGAIN = {
    "implemented": "implement {id} --commit REV adds a commit",
    "deployed": "deploy {id} … records a newer deploy",
}

_HOW = {
    "accepted": "accept {id}",
    "implemented": "implement {id}",
    "deployed": "deploy {id} --env ENV --sha REV --url URL",
    "rejected": "reject {id} --why WHY",
    "superseded": "decide TEXT --supersedes {id}",
}


def legal_moves(entry: Entry) -> str:
    """Where a decision can go from its status, with the command for each: for errors."""
    legal = TRANSITIONS.get(entry.status or "", ())
    moves = [s for s in legal if s != entry.status]
    if not moves:
        return f"{entry.status} is final"
    text = "from {} it can become {}".format(
        entry.status,
        ", ".join(f"{s} (git ledger {_HOW[s].format(id=entry.id)})" for s in moves),
    )
    if entry.status in legal:
        text += (f", or be {entry.status} again (git ledger "
                 f"{_AGAIN[entry.status].format(id=entry.id)})")
    return text


def require_move(entry: Entry, to: str) -> None:
    """InvalidInput unless ``entry`` is a decision that may move to status ``to``."""
    if entry.kind != "decided":
        raise InvalidInput(
            f"{entry.id} is {SECTION_TITLES[entry.kind]}, not a decision: only decisions "
            "have a status"
        )
    if entry.status not in STATUSES:
        raise InvalidInput(
            f"{entry.id} has the unknown status '{entry.status}'; fix it with git ledger "
            "check, which names the cause"
        )
    if to not in TRANSITIONS[entry.status or ""]:
        raise InvalidInput(f"{entry.id} is {entry.status} and cannot become {to}: "
                           f"{legal_moves(entry)}")


def is_log_url(text: str) -> bool:
    """Whether ``text`` can be a deploy receipt's log URL (a scheme, a host, no spaces)."""
    parts = urlsplit(text)
    return bool(parts.scheme and parts.netloc) and not any(c.isspace() for c in text)


def repeats_rejected(text: str, decisions: Iterable[Entry]) -> Entry | None:
    """The active decision among ``decisions`` that rejected exactly ``text``, if any."""
    found = rejection_index(decisions).get(normalised(text), ())
    return found[0] if found else None


def rejection_index(decisions: Iterable[Entry]) -> dict[str, list[Entry]]:
    """Each alternative an active decision rejected (normalised) → the decisions that did.

    Built once per check, so comparing every live decision with every rejection is a
    lookup, not a scan of all decisions for each one.
    """
    index: dict[str, list[Entry]] = {}
    for decision in decisions:
        if decision.status in ACTIVE_STATUSES:
            for alternative in decision.over:
                index.setdefault(normalised(alternative), []).append(decision)
    return index


def normalised(text: str) -> str:
    """A decision's text as alternatives are compared: case, runs of whitespace and the
    final stops (with any space before them) do not count."""
    return " ".join(text.casefold().split()).rstrip(".。! ")
