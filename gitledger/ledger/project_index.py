"""The project ledger's durable half as restore shows it, without reading every entry.

Which entries are active and newest is derived data, cached in ``ledger-cache/`` by the
project ledger's tip, so most restores read one small file.  Losing it loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.codec import cache_json, decode_entry_or_none, entry_from_json, entry_to_json
from gitledger.core.ids import entry_path, shortest_unique
from gitledger.core.model import ACTIVE_STATUSES, Entry
from gitledger.core.parsing import json_loads
from gitledger.derived.files import CACHE_DIR, save_json
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.ledger.authorship import (
    LedgerProvenance,
    ledger_provenance,
    same_person,
    solo_provenance,
)
from gitledger.ledger.digest import LIMITS, checked, keep_read
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import ENTRIES_DIR, PROJECT_REF
from gitledger.storage.store import Store, TreeView

#: Project decisions that count as active (in force): what restore injects.
ACTIVE = ACTIVE_STATUSES
#: How many of the newest active decisions the cache keeps; more never fit a restore.
TOP = LIMITS["decided"]
#: How many of the newest VERIFIED facts and of the newest DROPPED approaches it keeps.
DURABLE_TOP = LIMITS["verified"]
#: The kinds the cache keeps the newest of (of ``decided``, the active ones only).
BUCKETS = ("decided", "verified", "dropped")
#: The same kinds, of the current user's own entries only: kept apart so that entries by
#: others (however many, however new their blobs claim to be) never push them out.
OWN_PREFIX = "own:"
ALL_BUCKETS = (*BUCKETS, *(OWN_PREFIX + bucket for bucket in BUCKETS))
#: 2: entries keep their unknown keys (``codec.cache_json``); 3: VERIFIED and DROPPED too.
CACHE_VERSION = 5  # 4: the current user's own newest, apart; 5: own by history

Shorts = tuple[tuple[Entry, str], ...]


@dataclass(frozen=True)
class Newest:
    """The newest entries of one kind (with their short ids), and how many there are."""

    entries: Shorts = ()
    count: int = 0


@dataclass(frozen=True)
class ActiveDecisions:
    """The newest active project decisions (with their short ids) and how many there are,
    and the newest of the project's VERIFIED facts and DROPPED approaches."""

    top: Shorts = ()
    active: int = 0
    commit: str | None = None
    verified: Newest = Newest()
    dropped: Newest = Newest()
    #: The newest of the current user's own, per kind (``decided``, ``verified``,
    #: ``dropped``), whether or not they are among the newest of all; and who that is.
    own: tuple[Newest, Newest, Newest] = (Newest(), Newest(), Newest())
    me: str | None = None


def is_foreign(entry: Entry, me: str | None) -> bool:
    """Whether ``entry`` is someone else's by what its blob says (no identity: nothing is
    foreign).  Only a first sort for the index's ``own`` buckets: restore asks history
    (``views/restore.py``), since whoever wrote a blob chose its ``author``."""
    return me is not None and not same_person(entry.author, me)


def _wanted(bucket: str, entry: Entry | None, mine: Callable[[Entry], bool]) -> bool:
    """Whether ``entry`` belongs in ``bucket``: ``decided`` (the active decisions),
    ``verified`` or ``dropped``; ``own:…`` the same, of the ``mine`` entries only."""
    own = bucket.startswith(OWN_PREFIX)
    kind = bucket.removeprefix(OWN_PREFIX)
    if entry is None or entry.kind != kind or (own and not mine(entry)):
        return False
    return kind != "decided" or entry.status in ACTIVE


def _limit(bucket: str) -> int:
    return TOP if bucket.removeprefix(OWN_PREFIX) == "decided" else DURABLE_TOP


def _newest_first(pairs: Iterable[tuple[Entry, str]], limit: int) -> Shorts:
    return tuple(sorted(pairs, key=lambda p: (p[0].seq, p[0].created, p[0].id),
                        reverse=True)[:limit])


def _buckets(result: ActiveDecisions) -> dict[str, Newest]:
    return {"decided": Newest(result.top, result.active), "verified": result.verified,
            "dropped": result.dropped,
            **{OWN_PREFIX + b: own for b, own in zip(BUCKETS, result.own, strict=True)}}


def _result(buckets: dict[str, Newest], commit: str | None, me: str | None) -> ActiveDecisions:
    decided = buckets["decided"]
    own = tuple(buckets.get(OWN_PREFIX + b, Newest()) for b in BUCKETS)
    return ActiveDecisions(decided.entries, decided.count, commit, buckets["verified"],
                           buckets["dropped"], (own[0], own[1], own[2]), me)


def _me(store: Store) -> str | None:
    try:
        return store.repo.person().ident
    except LedgerError:
        return None


def active_project_decisions(store: Store) -> ActiveDecisions:
    """The project's active decisions, VERIFIED facts and DROPPED approaches, newest first:
    one read of the project ledger per tip, every other call one small JSON file."""
    try:
        tip = store.tip(PROJECT_REF)
    except CorruptLedger:
        return ActiveDecisions()
    if tip.commit is None or tip.view is None:
        return ActiveDecisions()
    cache = store.repo.commondir / CACHE_DIR / "project.json"
    me = _me(store)
    cached = _load(cache, tip.commit, me)
    if cached is not None:
        return cached
    result = _from_digest(store, tip.view, tip.commit, me)
    if result is not None:
        _save(cache, result)
        return result
    everything, bad = read_entries(store, PROJECT_REF, tip.view)  # show names the bad ones
    keep_read(store, tip.view, everything)
    # An unreadable blob's name still answers a prefix: a short id must not match it too.
    short = shortest_unique([*(entry.id for entry in everything),
                             *(b.path.rsplit("/", 1)[-1].removesuffix(".toml") for b in bad)])
    mine = _created_by(store, tip.commit, me)
    buckets: dict[str, Newest] = {}
    for bucket in ALL_BUCKETS:
        chosen = [e for e in everything if _wanted(bucket, e, mine)]
        buckets[bucket] = Newest(_newest_first(((e, short[e.id]) for e in chosen),
                                               _limit(bucket)), len(chosen))
    result = _result(buckets, tip.commit, me)
    _save(cache, result)
    return result


def _from_digest(store: Store, view: TreeView, commit: str,
                 me: str | None) -> ActiveDecisions | None:
    """The same answer from the ledger's restore digest (``ledger/digest.py``), when it
    checks out against the tree: the newest entries are read from their blobs, and only
    the user's own older entries besides (none when nobody else wrote in the ledger)."""
    found = checked(store, view)
    if found is None:
        return None
    buckets: dict[str, Newest] = {}
    shorts = _Shorts(view, found.listings)
    listed = {e.id for held in found.newest.values() for e in held}
    own_extra: list[Entry] = []
    records = _records(store, commit, me) if me is not None else None
    mine: frozenset[str] | None = None
    if records is not None and records.anyone_else(me):
        mine = records.created_by(me)
        for entry_id in sorted(mine - listed):
            try:
                entry = decode_entry_or_none(view.read(entry_path(entry_id)),
                                             entry_path(entry_id))
            except CorruptLedger:
                continue
            if entry is not None:
                own_extra.append(entry)
    for bucket in BUCKETS:
        newest = found.newest[bucket]
        buckets[bucket] = Newest(tuple((e, shorts(e.id)) for e in newest[:_limit(bucket)]),
                                 found.counts[bucket])
        if me is None:
            own: Newest = Newest()
        elif mine is None:  # everything in the ledger is the user's own
            own = buckets[bucket]
        else:
            chosen = [e for e in (*newest, *own_extra)
                      if e.id in mine and _wanted(bucket, e, lambda _e: True)]
            own = Newest(_newest_first(((e, shorts(e.id)) for e in chosen), _limit(bucket)),
                         len(chosen))
        buckets[OWN_PREFIX + bucket] = own
    return _result(buckets, commit, me)


def _records(store: Store, commit: str, me: str | None) -> LedgerProvenance:
    return (solo_provenance(store, PROJECT_REF, commit, me)
            or ledger_provenance(store, PROJECT_REF, commit))


class _Shorts:
    """Short ids from the fan-out directory of each id alone: ids in other directories
    differ within the first two characters, and a short id has at least four."""

    def __init__(self, view: TreeView, listings: Mapping[str, Mapping[str, str]]) -> None:
        self._view = view
        self._listings = listings
        self._known: dict[str, dict[str, str]] = {}

    def __call__(self, entry_id: str) -> str:
        where = entry_path(entry_id).rsplit("/", 1)[0]
        known = self._known.get(where)
        if known is None:
            listing = self._listings.get(where)
            paths = listing.keys() if listing is not None else (
                f"{where}/{name}" for name in self._view.names(where))
            known = self._known[where] = shortest_unique(
                path.rsplit("/", 1)[-1].removesuffix(".toml") for path in paths
                if path.endswith(".toml"))
        return known.get(entry_id, entry_id)


def _created_by(store: Store, commit: str, me: str | None) -> Callable[[Entry], bool]:
    """Whether the current user created an entry, read from the project ledger's history
    (``storage/provenance.py``: the commits that brought it in), never from its blob: a
    flood of blobs that claim to be yours must not take your own entries' place.  No
    identity: nothing is anyone's own."""
    if me is None:
        return lambda entry: False
    records = _records(store, commit, me)

    def created_by_me(entry: Entry) -> bool:
        others = records.others(entry.id, me)
        return others is None or others.wrote is None
    return created_by_me


def refresh_after_write(store: Store, commit: str, paths: list[str]) -> None:
    """Carry the cache over a write we made, so the next restore stays warm.

    Only when the cache is for the write's parent; the entries the write touched are
    re-read from both trees.  If a newest-first list lost too much to be trusted (entries
    beyond it are unknown), the cache is dropped and rebuilt on demand.
    """
    parent = store.first_parent(commit)
    path = store.repo.commondir / CACHE_DIR / "project.json"
    me = _me(store)
    cached = _load(path, parent, me) if parent else None
    if cached is None or parent is None:
        return
    before, after = store.view_at(parent), store.view_at(commit)
    changes = [(_entry_at(before, p), _entry_at(after, p)) for p in paths
               if p.startswith(f"{ENTRIES_DIR}/")]
    arrived = [new.id for old, new in changes if old is None and new is not None]
    # Our own write: what it adds is ours; what it changes stays whoever's it was.
    ours = {*arrived, *(e.id for held in cached.own for e, _ in held.entries)}

    def mine(entry: Entry) -> bool:
        return me is not None and entry.id in ours
    buckets: dict[str, Newest] = {}
    for bucket, held in _buckets(cached).items():
        kept = {entry.id: (entry, short) for entry, short in held.entries}
        count = held.count
        for old, new in changes:
            count += _wanted(bucket, new, mine) - _wanted(bucket, old, mine)
            known = new or old
            if known is None:
                continue
            short = kept.pop(known.id, (known, known.id[: 2 + 8]))[1]
            if new is not None and _wanted(bucket, new, mine):
                kept[known.id] = (new, short)
        ordered = _newest_first(((e, _still_unique(s, e.id, arrived)) for e, s in kept.values()),
                                _limit(bucket))
        if len(ordered) < min(count, _limit(bucket) // 2):
            path.unlink(missing_ok=True)
            return
        buckets[bucket] = Newest(ordered, count)
    _save(path, _result(buckets, commit, me))


def _still_unique(short: str, entry_id: str, arrived: list[str]) -> str:
    """``short`` lengthened until no entry that arrived since it was computed shares it.

    It was unique among the entries before; a longer prefix of the same id still is, so
    only the newcomers can make it ambiguous.
    """
    for other in arrived:
        if other != entry_id and other.startswith(short):
            common = next((i for i, (a, b) in enumerate(zip(entry_id, other, strict=False))
                           if a != b), min(len(entry_id), len(other)))
            short = entry_id[: max(len(short), common + 1)]
    return short


def _entry_at(view: TreeView, path: str) -> Entry | None:
    return decode_entry_or_none(view.read(path), path)


def _load(path: Path, commit: str, me: str | None) -> ActiveDecisions | None:
    try:
        data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
        if (data.get("version") != CACHE_VERSION or data.get("commit") != commit
                or data.get("me") != me):
            return None
        buckets = {"decided": Newest(_pairs(data["top"]), int(data["active"]))}
        for bucket in ALL_BUCKETS[1:]:
            buckets[bucket] = Newest(_pairs(data[bucket]["top"]), int(data[bucket]["count"]))
        return _result(buckets, commit, me)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _pairs(items: list[dict[str, Any]]) -> Shorts:
    return tuple((entry_from_json(item["entry"]), str(item["short"])) for item in items)


def _items(pairs: Shorts, done: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON of ``pairs``; ``done`` keeps each entry's, by id, across the lists (an
    entry is in the newest of all and in the user's own, most often)."""
    items = []
    for entry, short in pairs:
        data = done.get(entry.id)
        if data is None:
            data = done[entry.id] = cache_json(entry) or entry_to_json(entry)
        items.append({"entry": data, "short": short})
    return items


def _save(path: Path, result: ActiveDecisions) -> None:
    done: dict[str, Any] = {}
    data = {
        "version": CACHE_VERSION,
        "commit": result.commit,
        "active": result.active,
        "top": _items(result.top, done),
        "me": result.me,
        **{bucket: {"count": held.count, "top": _items(held.entries, done)}
           for bucket, held in _buckets(result).items() if bucket != "decided"},
    }
    save_json(path, data)
