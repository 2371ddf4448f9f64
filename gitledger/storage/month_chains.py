"""Archives rolled up per month (format 3): one commit chain a month for each clone.

A format-2 archive is an annotated tag, one ref per archived session: a year of a team is
25,000 refs, and once fetched as many mirrors, which every ``git fetch``, ``git push`` and
ref listing pays for.  Format 3 keeps a month's archives made by one clone as one chain at
``refs/ledger/months/<yyyy-mm>/<clone-id>`` (docs/format.md, "Archives"): one commit per
archived session, whose

* second parent is the archived ledger's last commit (the first commit of a chain has it
  as its only parent), so the ledger's history stays reachable and ``git log`` works;
* message is what the archive tag's message was (``Ledger-Archived: <ledger-id>``);
* author is who archived it, and when;
* tree holds ``<ledger-id>/``: that ledger's final tree (``git show <chain>:<id>/…``).

Only the clone named in the ref appends to a chain, so a chain only ever moves forward:
a push never needs a merge, and a pull only mirrors.  Readers above the storage layer see
no chains: ``ArchiveIndex`` turns each into the names an archive always had
(``refs/ledger/archive/<id>``, or ``refs/ledger/remotes/<remote>/archive/<id>`` for a
teammate's), with the archiving commit where the tag's id was.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pygit2
from pygit2.enums import FileMode

from gitledger.storage.cache_files import CACHE_DIR, load_versioned, save_json
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    MONTHS_DIR,
    MONTHS_PREFIX,
)

ARCHIVED_TRAILER = "Ledger-Archived: "
#: The most archives one chain is read for (a month of one clone is a few hundred).
MAX_CHAIN = 200_000
#: ``ledger-cache/months.json``: each chain's archives as read at a tip (derived).
INDEX_FILE = "months.json"
INDEX_VERSION = 1
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
        if not isinstance(obj, pygit2.Commit) or not 1 <= len(obj.parent_ids) <= 2:
            break
        ledger_id = archive_id(obj.message or "")
        if ledger_id is None:
            break
        if ledger_id not in seen:
            seen.add(ledger_id)
            author = obj.author
            when = datetime.fromtimestamp(author.time,
                                          timezone(timedelta(minutes=author.offset)))
            found.append(ChainedArchive(ledger_id, current, str(obj.parent_ids[-1]), chain,
                                        f"{author.name} <{author.email}>", when))
        current = str(obj.parent_ids[0]) if len(obj.parent_ids) == 2 else None
    return found


class ArchiveIndex:
    """Every month chain's archives, by the name each is read by."""

    def __init__(self, by_name: dict[str, ChainedArchive], tips: dict[str, str]) -> None:
        self.by_name = by_name
        #: Each chain's tip as read: what a deletion of the chain checks it still names.
        self.tips = tips
        self.by_event = {a.event: a for a in by_name.values()}

    def get(self, name: str) -> ChainedArchive | None:
        return self.by_name.get(name)


def build_index(git: pygit2.Repository, commondir: Path,
                chains: dict[str, str]) -> ArchiveIndex:
    """The index of ``chains`` ({chain ref: tip}), from the cache file where a chain's tip
    has not moved (or has moved on from the tip cached), read from git otherwise."""
    path = commondir / CACHE_DIR / INDEX_FILE
    cached = load_versioned(path, INDEX_VERSION, "chains") if chains else {}
    fresh: dict[str, object] = {}
    by_name: dict[str, ChainedArchive] = {}
    changed = set(cached) != set(chains)
    for chain, tip in sorted(chains.items()):
        known = _decode(chain, cached.get(chain))
        if known is not None and known[0] == tip:
            archives = known[1]
        else:
            archives = read_chain(git, chain, tip, known)
            changed = True
        fresh[chain] = {"tip": tip, "items": [_encode(a) for a in archives]}
        for archive in reversed(archives):  # the newest event of an id wins
            by_name[archive_name(chain, archive.ledger_id)] = archive
    if changed:
        save_json(path, {"version": INDEX_VERSION, "chains": fresh})
    return ArchiveIndex(by_name, dict(chains))


def _encode(a: ChainedArchive) -> list[object]:
    offset = a.archived.utcoffset() or timedelta(0)
    return [a.ledger_id, a.event, a.commit, a.archiver, int(a.archived.timestamp()),
            int(offset.total_seconds() // 60)]


def _decode(chain: str, data: object) -> tuple[str, list[ChainedArchive]] | None:
    if not isinstance(data, dict) or not isinstance(data.get("tip"), str):
        return None
    items = data.get("items")
    if not isinstance(items, list):
        return None
    archives = []
    for item in items:
        if not (isinstance(item, list) and len(item) == 6
                and all(isinstance(v, str) for v in item[:4])
                and all(isinstance(v, int) for v in item[4:])):
            return None
        zone = timezone(timedelta(minutes=item[5]))
        archives.append(ChainedArchive(item[0], item[1], item[2], chain, item[3],
                                       datetime.fromtimestamp(item[4], zone)))
    return data["tip"], archives


def event_tree(git: pygit2.Repository, parent: str | None, ledger_tip: str,
               ledger_id: str) -> tuple[pygit2.Oid, list[pygit2.Oid]]:
    """The tree and parents of the chain commit that archives ``ledger_tip`` after
    ``parent`` (None: the month's first).  The tree holds that one ledger's final tree
    as ``<ledger-id>/``, not the month's: a chain's trees stay as small as its archives."""
    tip_commit = git[pygit2.Oid(hex=ledger_tip)]
    assert isinstance(tip_commit, pygit2.Commit)
    builder = git.TreeBuilder()
    builder.insert(ledger_id, tip_commit.tree_id, FileMode.TREE)
    parents = [pygit2.Oid(hex=parent)] if parent is not None else []
    return builder.write(), [*parents, tip_commit.id]
