"""Archives rolled up per month (format 3): one commit chain a month for each clone.

One ref per archived session made thousands of refs that every fetch and push paid for; a
chain at ``refs/ledger/months/<yyyy-mm>/<clone-id>`` (docs/format.md) is appended to only by
its clone, so it only moves forward.  Readers above storage see archive names, not chains.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pygit2

from gitledger.derived.files import CACHE_DIR, load_versioned, save_json
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    MONTHS_DIR,
    MONTHS_PREFIX,
)
from gitledger.storage.signatures import author_of

ARCHIVED_TRAILER = "Ledger-Archived: "
#: The most archives one chain is read for (a month of one clone is a few hundred).
MAX_CHAIN = 200_000
#: ``ledger-cache/months.json``: each chain's archives as read at a tip (derived).
INDEX_FILE = "months.json"
INDEX_VERSION = 2
_MONTH = re.compile(r"\d{4}-(0[1-9]|1[0-2])")


@dataclass(frozen=True)
class ChainedArchive:
    """One archive as a month chain holds it."""

    ledger_id: str
    #: The chain commit that archived it: what compare-and-swap and quarantine name,
    #: where a format-2 archive has its tag's id.
    event: str
    #: The archived ledger's last commit (the event's last parent).
    commit: str
    chain: str
    archiver: str  # "Name <email>" of the event's author
    archived: datetime


def chain_ref(month: str, clone_id: str) -> str:
    return f"{MONTHS_PREFIX}{month}/{clone_id}"


def month_of(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m")


def is_chain(ref: str) -> bool:
    """``refs/ledger/months/<m>/<c>`` or a remote's mirror of one."""
    parts = ref.rsplit("/", 3)
    return (len(parts) == 4 and parts[1] == MONTHS_DIR and _MONTH.fullmatch(parts[2]) is not None
            and ref.startswith(LEDGER_NAMESPACE))


def archive_name(chain: str, ledger_id: str) -> str:
    """The name an archive of ``chain`` is read by: ``refs/ledger/archive/<id>`` for our
    own chains, ``refs/ledger/remotes/<r>/archive/<id>`` for a mirrored one."""
    base = chain.rsplit("/", 3)[0]
    return f"{base}/archive/{ledger_id}"


def archive_id(message: str) -> str | None:
    """The ledger id an archive message names (its last ``Ledger-Archived:`` line)."""
    found = None
    for line in message.splitlines():
        if line.startswith(ARCHIVED_TRAILER):
            found = line[len(ARCHIVED_TRAILER):].strip()
    return found if found and "/" not in found and pygit2.reference_is_valid_name(
        ARCHIVE_PREFIX + found) else None


def read_chain(git: pygit2.Repository, chain: str, tip: str,
               known: tuple[str, list[ChainedArchive]] | None = None) -> list[ChainedArchive]:
    """The archives of ``chain`` from ``tip`` back, newest first (an id archived twice:
    its newest event only).  ``known`` (a tip read earlier and what it held) ends the
    walk there.  A commit that is not an archive event ends it too: what a teammate's
    chain holds past it is not read."""
    found: list[ChainedArchive] = []
    seen: set[str] = set()
    current: str | None = tip
    for _ in range(MAX_CHAIN):
        if current is None:
            break
        if known is not None and current == known[0]:
            found += [a for a in known[1] if a.ledger_id not in seen]
            break
        obj = git.get(current)
        if not isinstance(obj, pygit2.Commit) or _not_an_event(obj) is not None:
            break
        ledger_id = archive_id(obj.message or "") or ""
        if ledger_id not in seen:
            seen.add(ledger_id)
            author = author_of(obj)
            when = datetime.fromtimestamp(author.time,
                                          timezone(timedelta(minutes=author.offset)))
            found.append(ChainedArchive(ledger_id, current, str(obj.parent_ids[-1]), chain,
                                        f"{author.name} <{author.email}>", when))
        current = str(obj.parent_ids[0]) if len(obj.parent_ids) == 2 else None
    return found


def _not_an_event(commit: pygit2.Commit) -> str | None:
    """Why ``commit`` is no archive event of a chain (None: it is one)."""
    if not 1 <= len(commit.parent_ids) <= 2:
        return f"{str(commit.id)[:12]} has {len(commit.parent_ids)} parents"
    if archive_id(commit.message or "") is None:
        return f"{str(commit.id)[:12]} names no archived ledger (no Ledger-Archived line)"
    return None


def chain_problem(git: pygit2.Repository, tip: str) -> str | None:
    """Why readers stop short of the root of the chain at ``tip`` (None: they do not)."""
    current = tip
    for _ in range(MAX_CHAIN):
        obj = git.get(current)
        if not isinstance(obj, pygit2.Commit):
            return f"{current[:12]} is missing or no commit"
        problem = _not_an_event(obj)
        if problem is not None or len(obj.parent_ids) == 1:
            return problem
        current = str(obj.parent_ids[0])
    return None


#: One archive as the index keeps it until asked: (ledger id, event, commit, archiver,
#: POSIX time, UTC offset in minutes), as in ``months.json``.
Item = Sequence[Any]


class ArchiveIndex:
    """Every month chain's archives, by the name each is read by.  Kept as plain items and
    made into ``ChainedArchive`` when asked: a listing of 50,000 names needs no more."""

    def __init__(self, items: dict[str, tuple[str, Item]], tips: dict[str, str],
                 hidden: dict[str, tuple[str, Item]] | None = None,
                 shadowed: frozenset[str] = frozenset()) -> None:
        #: By name; a name a real ref has (a version-2 tag) is not among them, but in
        #: ``hidden``: the tag is read, and only the migration asks for the chain's copy.
        self._items = items
        self._hidden = hidden or {}
        #: Each chain's tip and items as read, for the next reading to start from.
        self.read: dict[str, tuple[str, list[Item]]] = {}
        #: Each chain's tip as read: what a deletion of the chain checks it still names.
        self.tips = tips
        #: The real refs' names it was built beside: with ``tips``, all it depends on.
        self.shadowed = shadowed
        self._by_event: dict[str, str] | None = None
        self._by_chain: dict[str, list[str]] | None = None

    def names(self) -> Iterator[str]:
        return iter(self._items)

    def event_of(self, name: str) -> str | None:
        found = self._items.get(name)
        return found[1][1] if found is not None else None

    def get(self, name: str) -> ChainedArchive | None:
        found = self._items.get(name)
        return _archive(found[0], found[1]) if found is not None else None

    def held(self, name: str) -> ChainedArchive | None:
        """The chain's copy of ``name`` even where a tag of that name is read."""
        found = self._items.get(name) or self._hidden.get(name)
        return _archive(found[0], found[1]) if found is not None else None

    def in_chain(self, chain: str) -> list[str]:
        """The names ``chain`` holds (those another chain holds a newer event of are the
        other chain's): read from that chain's items, not from every name."""
        if self._by_chain is None:
            self._by_chain = {}
        found = self._by_chain.get(chain)
        if found is None:
            base = chain.rsplit("/", 3)[0] + "/archive/"
            held = self.read.get(chain, ("", []))[1]
            found = list(dict.fromkeys(
                name for item in reversed(held) if (name := base + item[0]) in self._items
                and self._items[name][0] == chain))
            self._by_chain[chain] = found
        return list(found)

    def by_event(self, event: str) -> ChainedArchive | None:
        if self._by_event is None:
            self._by_event = {item[1]: name for name, (_, item) in self._items.items()}
        name = self._by_event.get(event)
        return self.get(name) if name is not None else None


def moved_names(prefix: str, refs_before: dict[str, str], before: ArchiveIndex,
                refs_after: dict[str, str], after: ArchiveIndex,
                ) -> list[tuple[str, str | None, str | None]]:
    """The names under ``prefix`` whose object differs between two listings (what
    ``Store.refs_under(prefix)`` gave before and after: the real refs, and the archives
    of the chains by name), each with its object before and after (None: absent).  Only
    the real refs and the names of the chains that moved are compared: a name's object
    changes only when its ref or a chain holding it does."""
    moved = {chain for chain in {*before.tips, *after.tips} if chain.startswith(prefix)
             and before.tips.get(chain) != after.tips.get(chain)}
    names = {*refs_before, *refs_after}
    for chain in moved:
        names.update(before.in_chain(chain), after.in_chain(chain))

    def value(refs: dict[str, str], index: ArchiveIndex, name: str) -> str | None:
        if name in refs:
            return refs[name]
        return index.event_of(name) if name.startswith(prefix) else None

    found = [(name, value(refs_before, before, name), value(refs_after, after, name))
             for name in sorted(names)]
    return [(name, old, new) for name, old, new in found if old != new]


def build_index(git: pygit2.Repository, commondir: Path, chains: dict[str, str],
                shadowed: set[str] | frozenset[str] = frozenset(),
                previous: ArchiveIndex | None = None) -> ArchiveIndex:
    """The index of ``chains`` ({chain ref: tip}), from the cache file where a chain's tip
    has not moved (or has moved on from the tip cached), read from git otherwise.  The
    names in ``shadowed`` are real refs (version-2 tags): those are read, not the chain."""
    if (previous is not None and previous.tips == chains
            and previous.shadowed == frozenset(shadowed)):
        return previous  # a function of the tips and the tags: nothing to read again
    path = commondir / CACHE_DIR / INDEX_FILE
    read: dict[str, tuple[str, list[Item]]] = previous.read if previous is not None else {}
    cached = (load_versioned(path, INDEX_VERSION, "chains") if chains and not read
              else {})  # what this process read last is the file's content, or newer
    fresh: dict[str, object] = {}
    now_read: dict[str, tuple[str, list[Item]]] = {}
    changed = set(cached or read) != set(chains)
    # A chain at the tip of one read before holds what that one holds (its mirror, as
    # pushed): read, validated and written once (a year's 25,000 archives, not 50,000).
    by_tip: dict[str, list[Item]] = {}
    for chain, tip in sorted(chains.items()):
        known = read.get(chain) or _cached(cached.get(chain), by_tip)
        if tip in by_tip:
            held = by_tip[tip]
            changed = changed or known is None or known[0] != tip
        elif known is not None and known[0] == tip:
            held = known[1]
        else:
            walked = read_chain(git, chain, tip, None if known is None else (
                known[0], [_archive(chain, item) for item in known[1]]))
            held = [_item(a) for a in walked]
            changed = True
        fresh[chain] = {"tip": tip, "same": True} if tip in by_tip else {"tip": tip,
                                                                          "items": held}
        by_tip.setdefault(tip, held)
        now_read[chain] = (tip, held)
    if changed:
        save_json(path, {"version": INDEX_VERSION, "chains": fresh})
    return assemble(now_read, shadowed)


def assemble(read: dict[str, tuple[str, list[Item]]],
             shadowed: set[str] | frozenset[str] = frozenset()) -> ArchiveIndex:
    """The index of the chains ``read`` ({chain ref: (tip, items newest first)}): each
    archive by the name it is read by, the newest event of an id winning (of one chain,
    then of the chain sorted last); the names in ``shadowed`` (real refs) held back."""
    items: dict[str, tuple[str, Item]] = {}
    for chain, (_, held) in sorted(read.items()):
        base = chain.rsplit("/", 3)[0] + "/archive/"
        for item in reversed(held):  # the newest event of an id wins
            items[base + item[0]] = (chain, item)
    hidden = {name: items.pop(name) for name in shadowed if name in items}
    index = ArchiveIndex(items, {chain: tip for chain, (tip, _) in read.items()}, hidden,
                         frozenset(shadowed))
    index.read = read
    return index


def _item(a: ChainedArchive) -> Item:
    offset = a.archived.utcoffset() or timedelta(0)
    return (a.ledger_id, a.event, a.commit, a.archiver, int(a.archived.timestamp()),
            int(offset.total_seconds() // 60))


def _archive(chain: str, item: Item) -> ChainedArchive:
    zone = timezone(timedelta(minutes=item[5]))
    return ChainedArchive(item[0], item[1], item[2], chain, item[3],
                          datetime.fromtimestamp(item[4], zone))


def _cached(data: object, by_tip: dict[str, list[Item]]) -> tuple[str, list[Item]] | None:
    """A chain's entry of ``months.json``, or None when it is not one; ``by_tip``: the
    items of the chains before it, by tip, which one marked ``same`` holds."""
    if not isinstance(data, dict) or not isinstance(data.get("tip"), str):
        return None
    if data.get("same") is True:
        return (data["tip"], by_tip[data["tip"]]) if data["tip"] in by_tip else None
    items = data.get("items")
    if not isinstance(items, list):
        return None
    for item in items:  # spelled out: a year's file holds 50,000 of them
        if not (type(item) is list and len(item) == 6 and type(item[0]) is str
                and type(item[1]) is str and type(item[2]) is str and type(item[3]) is str
                and type(item[4]) is int and type(item[5]) is int):
            return None
    return data["tip"], items
