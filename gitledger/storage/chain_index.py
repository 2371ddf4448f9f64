"""The month chains' archives (format 3) as one index per store, shared by the stores of a
process, and the names listings ask of it.

A year's index holds 25,000 archives: it is read again only once a chain may have moved,
which the modification times of the chains' ref files say without a lookup per name.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygit2

from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    MONTHS_DIR,
    MONTHS_PREFIX,
    REMOTES_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.month_chains import ArchiveIndex, build_index, is_chain

if TYPE_CHECKING:
    from gitledger.storage.store import Store

#: How long a store trusts its reading of the month chains before it looks whether
#: another process moved one (``ChainIndex.read``).
RECHECK_SECONDS = 0.05
#: Bumped by every write of a month chain in this process (``ChainIndex.forget``).
_chains_generation = [0]
#: The last archive index read in this process, by common git dir, with the signature
#: and generation it was read at: what the next ``Store`` starts from.
_shared_indexes: dict[str, tuple[ArchiveIndex, tuple[int, ...], int]] = {}


class ChainIndex:
    """One store's reading of the month chains: read at the first name that needs it and
    forgotten by every write of a chain in this process."""

    def __init__(self, git: pygit2.Repository, commondir: Path) -> None:
        self._git = git
        self._commondir = commondir
        self._index: ArchiveIndex | None = None
        self._seen: tuple[int, ...] = ()
        self._checked = 0.0
        self._generation = 0

    def read(self) -> ArchiveIndex:
        """Every month chain's archives, own and mirrored, by the name each is read by.

        Read again once a chain may have moved: at once after a write of a chain through
        any store of this process; after another process's (an archive, a fetch) at the
        first read ``RECHECK_SECONDS`` after the last look.  A chain's ref is a file in a
        month directory or a line of packed-refs, so their modification times say so; a
        loop of 25,000 lookups must not stat them 25,000 times."""
        key = str(self._commondir)
        if self._index is None and key in _shared_indexes:
            # Another store of this process read it: start from there (a pull opens a
            # few, and a year's index holds 25,000 archives), looking whether it holds.
            self._index, self._seen, self._generation = _shared_indexes[key]
        if self._index is not None and self._generation == _chains_generation[0] and (
                time.monotonic() - self._checked < RECHECK_SECONDS):
            return self._index
        seen = chains_seen(self._commondir)
        self._checked = time.monotonic()
        if (self._index is None or seen != self._seen
                or self._generation != _chains_generation[0]):
            chains, tags = {}, set()
            for reference in self._git.references.iterator():
                name, target = reference.name, reference.target
                if is_chain(name) and isinstance(target, pygit2.Oid):
                    chains[name] = str(target)
                elif "archive/" in name:
                    tags.add(name)  # a ref of that name is read, not a chain's archive
            self._index = build_index(self._git, self._commondir, chains, tags,
                                      previous=self._index)
            self._seen = seen
            self._generation = _chains_generation[0]
            _shared_indexes[key] = (self._index, seen, self._generation)
        return self._index

    def forget(self) -> None:
        """A chain moved: the next name that needs the index, in any store of this
        process, reads it again."""
        self._checked = 0.0  # kept to read again from, not trusted
        _chains_generation[0] += 1


def chains_seen(commondir: Path) -> tuple[int, ...]:
    """The modification times of what holds the chains' refs (packed-refs, and the month
    directories, this clone's and each remote's mirrors')."""
    base = str(commondir)
    dirs = [os.path.join(base, MONTHS_PREFIX)]
    with contextlib.suppress(OSError):
        remotes = os.path.join(base, REMOTES_PREFIX)
        dirs += [os.path.join(entry.path, MONTHS_DIR) for entry in os.scandir(remotes)]
    found = []
    for path in [os.path.join(base, "packed-refs"), *dirs]:
        try:
            found.append(os.stat(path).st_mtime_ns)
        except OSError:
            found.append(0)
    for months in dirs:
        with contextlib.suppress(OSError):
            found += sorted(entry.stat().st_mtime_ns for entry in os.scandir(months))
    return tuple(found)


def refs_unlike_here(store: Store, prefix: str) -> dict[str, str]:
    """``refs_under(prefix)`` (a remote's mirrors) without the archives of the mirrored
    chains whose tip is this clone's chain of the same name: each of those is this clone's
    archive, unchanged there, which a review or a pull need not look at one by one.  Found
    chain by chain, so that they (a year's 25,000 in 1,200 chains) are never listed."""
    found = store.refs_under(prefix, chained=False)
    index = store.archive_index()
    for chain, tip in index.tips.items():
        if not chain.startswith(prefix):
            continue
        own = MONTHS_PREFIX + chain.removeprefix(prefix).removeprefix(MONTHS_DIR + "/")
        if index.tips.get(own) == tip:
            continue
        for name in index.in_chain(chain):
            if name not in found:
                found[name] = index.event_of(name) or ""
    return found


def owns(store: Store) -> Callable[[str], bool]:
    """Whether a name is one of ``ledger_refs()`` (this clone's own ledgers and archives),
    asked name by name without listing the archives of its chains."""
    names = {r for r in store.git.references
             if r.startswith(LEDGER_NAMESPACE) and not r.startswith(REMOTES_PREFIX)
             and not r.startswith(TRANSCRIPTS_PREFIX)}
    index = store.archive_index() if any(r.startswith(MONTHS_PREFIX) for r in names) \
        else None

    def owned(name: str) -> bool:
        if name.startswith(MONTHS_PREFIX) and index is not None:
            return False
        return name in names or (index is not None and name.startswith(ARCHIVE_PREFIX)
                                 and index.event_of(name) is not None)

    return owned
