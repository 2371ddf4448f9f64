"""Archives at the storage level: read (``ArchiveStore`` writes nothing), pruned under the
ref's lock, and migrated from format-3 month chains to annotated tags (``tag_chains``).
An archive is a tag at ``refs/ledger/archive/<id>`` or a month-chain commit, either leading
to the ledger's last commit (docs/format.md).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

import pygit2

from gitledger.errors import CorruptLedger, InvalidInput, LedgerError
from gitledger.storage.layout import ARCHIVE_PREFIX, REMOTES_PREFIX
from gitledger.storage.month_chains import ChainedArchive, chain_problem, read_chain
from gitledger.storage.store import LedgerMoved, Store, Tip, TreeView


class ArchiveStore(Store):
    """A store that reads archive refs through their tag and writes nothing at all."""

    def tip(self, ref: str) -> Tip:
        if not (ref.startswith(ARCHIVE_PREFIX)
                or (ref.startswith(REMOTES_PREFIX) and "/archive/" in ref)):
            return super().tip(ref)
        if self.chained(ref) is not None:
            return super().tip(ref)  # in a month chain
        reference = self.reference(ref)
        if reference is None:
            return Tip(None, None)
        try:
            commit = reference.peel(pygit2.Commit)
        except (KeyError, ValueError, pygit2.GitError) as exc:
            raise CorruptLedger(f"{ref} does not lead to a ledger commit: {exc}") from None
        return Tip(str(commit.id), TreeView(self.git, commit.tree, str(commit.id)))

    def update(self, ref: str, operation: Any, *, retry_seconds: float | None = None) -> Any:
        raise read_only_error(ref)

    def update_pair(self, refs: tuple[str, str], operation: Any) -> Any:
        raise read_only_error(refs[0])

    def archive(self, ref: str, expected_tip: str, message: str) -> tuple[str, str]:
        raise read_only_error(ref)


def read_only_error(ref: str) -> InvalidInput:
    return InvalidInput(f"{ref} is an archive, and archives are read-only: nothing was written")


@dataclass(frozen=True)
class ArchiveTag:
    """One archive tag as read: what the tag says, and the commit it leads to (if any)."""

    id: str
    message: str
    tagger: str | None  # "Name <email>"
    tagged: datetime | None  # the tagger date
    commit: str | None
    view: TreeView | None
    #: Why the tag does not lead to a commit (``commit`` and ``view`` are then None).
    problem: str | None = None


def read_archive_tag(store: Store, ref: str) -> ArchiveTag:
    """The tag at ``ref`` (or the commit that archived it in a month chain, read as its
    tag); CorruptLedger when ``ref`` is not an annotated tag at all."""
    chained = store.chained(ref)  # None where a ref of that name exists
    if chained is not None:
        return _chained_tag(store, chained)
    try:
        reference = store.git.references[ref]
        target = reference.target
        if not isinstance(target, pygit2.Oid):
            raise CorruptLedger(f"{ref} is a symbolic ref, not an archive")
        obj = store.git[target]
    except (KeyError, ValueError, pygit2.GitError) as exc:
        raise CorruptLedger(f"{ref} cannot be read: {exc}") from None
    if not isinstance(obj, pygit2.Tag):
        raise CorruptLedger(f"{ref} points at a {obj.type_str}, not an archive tag")
    signature = obj.tagger
    who = f"{signature.name} <{signature.email}>" if signature is not None else None
    when = tagger_time(signature) if signature is not None else None
    try:
        commit = obj.peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError) as exc:
        return ArchiveTag(str(obj.id), obj.message or "", who, when, None, None,
                          f"{ref}: the tag does not lead to a ledger commit ({exc})")
    return ArchiveTag(str(obj.id), obj.message or "", who, when, str(commit.id),
                      TreeView(store.git, commit.tree))


def _chained_tag(store: Store, chained: ChainedArchive) -> ArchiveTag:
    event = store.git.get(chained.event)
    message = event.message if isinstance(event, pygit2.Commit) else ""
    commit = store.git.get(chained.commit)
    if not isinstance(commit, pygit2.Commit):
        return ArchiveTag(chained.event, message, chained.archiver, chained.archived, None,
                          None, f"{chained.chain}: {chained.commit} is not a ledger commit")
    return ArchiveTag(chained.event, message, chained.archiver, chained.archived,
                      chained.commit, TreeView(store.git, commit.tree, chained.commit))


def tagger_time(signature: pygit2.Signature) -> datetime:
    return datetime.fromtimestamp(signature.time, timezone(timedelta(minutes=signature.offset)))


class _Changed(Exception):
    pass


def delete_ref_if_unchanged(store: Store, ref: str, expected: str, *,
                            wait_seconds: float) -> str | None:
    """Delete ``ref`` if, under its lock, it still names ``expected``; else why not."""
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            with store.git.transaction() as txn:
                txn.lock_ref(ref)
                current = store.git.references.get(ref)
                if current is None or str(current.target) != expected:
                    raise _Changed
                txn.remove(ref)
            store.forget_archives()
            return None
        except _Changed:
            return "kept: it changed after it was read (archived again meanwhile?)"
        except (pygit2.GitError, OSError) as exc:
            if time.monotonic() > deadline:
                return f"kept: cannot lock it ({' '.join(str(exc).split())})"
            time.sleep(0.05)


@dataclass(frozen=True)
class Tagged:
    """What ``tag_chains`` did: the archives now read from their own tags, the month
    chains removed, and what was left as it was (with why)."""

    tagged: tuple[str, ...]
    removed: tuple[str, ...]
    left: tuple[tuple[str, str], ...]


def tag_chains(store: Store, *, wait_seconds: float = 2.0) -> Tagged:
    """Turn this clone's format-3 month chains back into archive tags (format 4), the
    migration ``doctor --fix`` runs.

    Each archive of a chain becomes an annotated tag at ``refs/ledger/archive/<id>`` with
    the chain commit's message, its author as tagger (same date) and the archived ledger's
    last commit as target, set only where no ref of that name exists; a chain is deleted
    once every archive it holds has a tag that leads to that ledger (or a later state of
    it), and only if it still names the tip read.  Readers take a tag before a chain, so
    killed at any point every archive is read, once; running again carries on."""
    tagged: list[str] = []
    removed: list[str] = []
    left: list[tuple[str, str]] = []
    # Newest month first: a ledger archived again a month later is tagged at its newest.
    for chain, tip in sorted(store.chain_refs().items(), reverse=True):
        problem = chain_problem(store.git, tip)
        if problem is not None:
            left.append((chain, f"kept: {problem} (doctor reports it as chain-broken)"))
            continue
        whole = True
        for chained in read_chain(store.git, chain, tip):
            ref = ARCHIVE_PREFIX + chained.ledger_id
            why = _tag_one(store, ref, chained)
            if why is None:
                tagged.append(ref)
            elif why:
                left.append((ref, why))
                whole = False
        if whole:
            reason = delete_ref_if_unchanged(store, chain, tip, wait_seconds=wait_seconds)
            if reason is None:
                removed.append(chain)
            else:
                left.append((chain, reason))
    store.forget_archives()
    return Tagged(tuple(tagged), tuple(removed), tuple(left))


def _tag_one(store: Store, ref: str, chained: ChainedArchive) -> str | None:
    """Tag one archive of a chain: None when tagged now, "" when a tag of it (or of a
    later state of that ledger) was there already, else why not."""
    for _ in range(2):
        existing = store.git.references.get(ref)
        if existing is not None:
            try:
                held = existing.peel(pygit2.Commit).id
            except (KeyError, ValueError, pygit2.GitError):
                return f"kept in its month chain: {ref} is no archive tag"
            if str(held) == chained.commit or store.git.descendant_of(
                    held, pygit2.Oid(hex=chained.commit)):
                return ""
            return (f"kept in its month chain: {ref} holds a ledger that is no later "
                    "state of it")
        event = store.git.get(chained.event)
        if not isinstance(event, pygit2.Commit):
            return f"kept: its chain commit {chained.event[:12]} is missing"
        tag = store.write_tag(chained.ledger_id, chained.commit, event.message or "",
                              event.author)
        try:
            store.set_ref(ref, str(tag), None, f"ledger: tag archive {chained.ledger_id}")
            return None
        except LedgerMoved:
            continue  # made meanwhile (an archive of it): looked at again
        except LedgerError as exc:  # a lock a killed writer left: said, the chain kept
            return f"kept in its month chain: {exc}"
    return f"kept in its month chain: {ref} kept changing"
