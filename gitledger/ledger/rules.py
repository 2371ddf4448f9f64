"""The rules a decision's write and ``check`` share: legal status moves, repeating a rejected
alternative, and retrying a dropped approach or rejected decision.  Pure functions over
entries, so the write path, the decision index and the checks read one definition.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from gitledger.core.model import (
    ACTIVE_STATUSES,
    SECTION_TITLES,
    STATUSES,
    Entry,
    source_id,
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


# -- retrying what was given up ------------------------------------------------------------


@dataclass(frozen=True)
class Retired:
    """A dropped approach or a rejected decision that a new decision's text repeats."""

    id: str
    kind: str  # "dropped" or "rejected"
    source_id: str | None = None

    def described(self) -> str:
        what = "an approach dropped" if self.kind == "dropped" else "a decision rejected"
        return f"{what} before"


def retired_kind(entry: Entry) -> str | None:
    """``dropped`` or ``rejected`` for what a new decision must not silently retry."""
    if entry.kind == "dropped":
        return "dropped"
    if entry.kind == "decided" and entry.status == "rejected":
        return "rejected"
    return None


def as_retired(entry: Entry) -> Retired | None:
    kind = retired_kind(entry)
    return Retired(entry.id, kind, source_id(entry)) if kind else None


def retired_index(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    """Each dropped approach's and rejected decision's text (normalised) → those entries."""
    index: dict[str, list[Entry]] = {}
    for entry in entries:
        if retired_kind(entry) is not None:
            index.setdefault(normalised(entry.text), []).append(entry)
    return index


#: What names an entry in prose: an id or a prefix of one with its letter (``x-3kq9``).
_MENTION = re.compile(r"\b[a-z]-[0-9a-z]{4,10}\b", re.I)


def acknowledges(because: str | None, retired: Retired) -> bool:
    """Whether a decision's reason names the approach it retries (by its id, a prefix of
    at least four characters, or its imported source id): it is retried on purpose."""
    if not because:
        return False
    if retired.source_id and retired.source_id.casefold() in because.casefold():
        return True
    return any(retired.id.startswith(word.lower()) for word in _MENTION.findall(because))


def came_before(earlier: Entry, later: Entry, *, same_ledger: bool) -> bool:
    """Whether ``earlier`` was written before ``later`` (so ``later`` can retry it): by
    time, and within one ledger by its order when the times are equal."""
    if earlier.created != later.created:
        return earlier.created < later.created
    return not same_ledger or earlier.seq < later.seq
