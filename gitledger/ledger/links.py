"""What each rule of ``check`` looks at beside an entry: the links between entries.

``check`` (audit/check.py) checks again, after a change, only the entries a change can have
touched, and ``why`` blames again only the decisions that may govern one file: both ask
the link index (``link_index.py``), which keeps, per entry, the keys below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from gitledger.core.footprint import drifts, spans
from gitledger.core.model import ACTIVE_STATUSES, LIVE_STATUSES, BadEntry, Entry, git_evidence
from gitledger.ledger.rules import normalised, retired_kind

#: Words of an entry that name files: path-like tokens, with pytest's ``::test`` and a
#: ``:LINE`` suffix removed.
_PATHISH = re.compile(r"[\w.@+-]*[/.][\w./@+-]*")


def paths_in(text: str) -> list[str]:
    found: list[str] = []
    for word in _PATHISH.findall(text):
        token = re.sub(r":\d+$", "", word.split("::", 1)[0].rstrip(".:,;")).removeprefix("./")
        if not token or "://" in token or token.startswith(("/", "..")):
            continue
        clean = str(PurePosixPath(token))
        if clean not in found and clean != ".":
            found.append(clean)
    return found


@dataclass(frozen=True)
class Links:
    """What the rules find an entry by (``names``), what they look up for it (``looks``),
    and the files whose change at HEAD can change its findings (``watches``).

    Two entries can change each other's findings only when one ``names`` a key the other
    ``looks`` at: an id and the links to it (supersedes, superseded_by, a second entry
    with the id), a scope among the decisions in force, a text and the alternatives
    rejected or the approaches retired with that text.  ``check`` checks again, after a
    change, the entries linked to what changed, with the entries linked to those.
    """

    names: frozenset[str] = frozenset()
    looks: frozenset[str] = frozenset()
    watches: frozenset[str] = frozenset()
    #: A decision in force with a footprint or citing a commit: what ``decision-drift``
    #: blames (``core.footprint.drifts``).
    drifts: bool = False
    #: An open question only the user can answer: what ``ask-user-waiting`` counts.
    asks: bool = False
    #: The commits its footprint's spans start at and its ``git:`` evidence cites (a
    #: drifting decision's): ``why`` asks for the decisions a blamed commit may concern.
    commits: frozenset[str] = frozenset()


def links_of(entry: Entry) -> Links:
    """The keys of ``entry`` for each rule of ``check`` (audit/check_rules.py)."""
    names = {f"id:{entry.id}"}
    looks = {f"id:{entry.id}"}  # a second entry with this id: a carried copy, a duplicate
    looks.update(f"id:{target}" for target in (entry.supersedes, entry.superseded_by)
                 if target)
    if entry.kind == "decided":
        if entry.status in ACTIVE_STATUSES:
            if entry.scope:
                names.add(f"scope:{entry.scope.strip()}")
                looks.add(f"scope:{entry.scope.strip()}")
            names.update(f"alt:{normalised(alternative)}" for alternative in entry.over)
        if entry.status in LIVE_STATUSES:
            looks.update((f"alt:{normalised(entry.text)}",
                          f"retired:{normalised(entry.text)}"))
    if retired_kind(entry) is not None:
        names.add(f"retired:{normalised(entry.text)}")
    watches: set[str] = set()
    if entry.kind == "verified" and entry.commit:
        watches.update(paths_in(f"{entry.text} {entry.by or ''}"))
    drifting = drifts(entry)
    found = spans(entry.footprint) if drifting else []
    watches.update(span.path for span in found)
    commits = {span.commit for span in found}
    if drifting:
        commits.update(git_evidence(entry))
    return Links(frozenset(names), frozenset(looks), frozenset(watches), drifting,
                 entry.kind == "open" and bool(entry.ask_user), frozenset(commits))


def bad_links(bad: BadEntry) -> Links:
    """An unreadable entry looks at the id its blob holds (``duplicate-id``)."""
    held = held_id(bad)
    return Links(looks=frozenset({f"id:{held}"}) if held else frozenset())


def held_id(bad: BadEntry) -> str | None:
    """The id an entry blob at another entry's path holds, if that is what is wrong."""
    holds = re.search(r"holds '([^']+)', which belongs elsewhere", bad.reason)
    return holds.group(1) if holds else None
