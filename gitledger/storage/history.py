"""A ledger's history read from its commits: its events, when a path arrived in it, and
the oldest blob at a path.

A commit's date is whatever its writer typed (``commit-tree`` takes any), so when a path
arrived is bounded below by the history it builds on (``arrived``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta, timezone

import pygit2
from pygit2.enums import SortMode

from gitledger.core.model import Event, parse_trailers

#: How many commits ``arrived`` walks back: a scope conflict's few decisions each walk
#: their ledger's first-parent chain once.
ARRIVAL_WALK = 20_000
#: What ``settled`` remembers, by commit: the latest (time, offset) of its first-parent chain.
Settled = dict[pygit2.Oid, tuple[int, int]]


def events_from(git: pygit2.Repository, commit: str,
                hide: Iterable[str] = ()) -> Iterator[Event]:
    """The events of a ledger from ``commit`` back, without those ``hide`` reaches."""
    walker = git.walk(pygit2.Oid(hex=commit), SortMode.TOPOLOGICAL | SortMode.TIME)
    for hidden in hide:
        try:
            walker.hide(pygit2.Oid(hex=hidden))
        except (KeyError, ValueError, pygit2.GitError):
            continue  # gone (a pruned archive): it hides nothing
    for found in walker:
        yield event_of(found)


def event_of(commit: pygit2.Commit) -> Event:
    """A ledger commit as an ``Event``: its subject, trailers and author."""
    message = commit.message
    offset = timezone(timedelta(minutes=commit.author.offset))
    return Event(
        commit=str(commit.id),
        parents=tuple(str(p) for p in commit.parent_ids),
        subject=message.split("\n", 1)[0],
        trailers=parse_trailers(message),
        author=f"{commit.author.name} <{commit.author.email}>",
        time=datetime.fromtimestamp(commit.author.time, offset),
    )


def oldest_blob(git: pygit2.Repository, tip: str, path: str) -> bytes | None:
    """The blob at ``path`` in the oldest commit from ``tip`` back that holds it (one walk
    of the history, oldest first); None when none does or it is not a blob."""
    for commit in git.walk(pygit2.Oid(hex=tip), SortMode.TOPOLOGICAL | SortMode.REVERSE):
        try:
            blob = commit.tree[path]
        except KeyError:
            continue
        return bytes(blob.data) if isinstance(blob, pygit2.Blob) else None
    return None


def arrived(git: pygit2.Repository, memo: Settled, commit: str, path: str,
            limit: int = ARRIVAL_WALK) -> datetime | None:
    """When ``path`` came into the ledger whose tip is ``commit``: the committer time of
    the oldest commit of its first-parent chain, back from ``commit``, that holds it (at
    most ``limit`` commits back), or of a commit before it if one says later: a commit
    cannot come before the history it builds on.  None when ``commit`` does not hold it.

    What a history says, where a blob's ``created`` is whatever its writer typed, and a
    commit's date too (``commit-tree`` takes any): one dated 2000 on top of this year's
    commits arrived no earlier than they did."""
    try:
        cursor = git[pygit2.Oid(hex=commit)]
        found = None
        walked = 0
        while walked < limit:
            walked += 1
            if not isinstance(cursor, pygit2.Commit) or path not in cursor.tree:
                break
            found = cursor
            if not cursor.parent_ids:
                break
            cursor = git[cursor.parent_ids[0]]
        if found is None:
            return None
        latest = settled(git, memo, found, max(1, limit - walked))
    except (KeyError, ValueError, pygit2.GitError):
        return None
    offset = timezone(timedelta(minutes=latest[1]))
    return datetime.fromtimestamp(latest[0], offset)


def settled(git: pygit2.Repository, memo: Settled, start: pygit2.Commit,
            limit: int) -> tuple[int, int]:
    """(time, offset) of the latest committer time on ``start``'s first-parent chain,
    back to its root (at most ``limit`` commits), remembered in ``memo`` for every commit
    walked: the pairs a check orders share their ledger's history."""
    chain: list[pygit2.Commit] = []
    step: pygit2.Commit | pygit2.Object | None = start
    below = (0, 0)  # earlier than any commit: the chain's own times decide
    while isinstance(step, pygit2.Commit) and len(chain) < limit:
        if step.id in memo:
            below = memo[step.id]
            break
        chain.append(step)
        step = git.get(step.parent_ids[0]) if step.parent_ids else None
    for found in reversed(chain):
        if found.commit_time >= below[0]:
            below = (found.commit_time, found.commit_time_offset)
        memo[found.id] = below
    return memo.get(start.id, below)


def commit_time(git: pygit2.Repository, sha: str) -> datetime:
    """When commit ``sha`` was made (its committer time, in its own offset)."""
    obj = git[pygit2.Oid(hex=sha)]
    assert isinstance(obj, pygit2.Commit)
    return datetime.fromtimestamp(obj.commit_time,
                                  timezone(timedelta(minutes=obj.commit_time_offset)))
