"""Archives read and removed at the storage level: an archive is a commit of a month
chain (format 3, ``month_chains.py``) or an annotated tag at ``refs/ledger/archive/<id>``
(format 2), either leading to the ledger's last commit (docs/format.md).

``ArchiveStore`` reads archives and writes nothing at all; ``read_archive_tag`` reads one
without trusting it; ``delete_ref_if_unchanged`` is the one deletion ``prune`` makes,
under the ref's lock (for a month chain: the whole chain, once all of it is due).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

import pygit2

from gitledger.errors import CorruptLedger, InvalidInput
from gitledger.storage.layout import ARCHIVE_PREFIX, REMOTES_PREFIX
from gitledger.storage.month_chains import ChainedArchive, chain_ref, month_of
from gitledger.storage.store import Store, Tip, TreeView


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
class RollUp:
    """What ``roll_up_tags`` did: the archives now read from month chains, the chains
    they went into, and the tags left as they were (with why)."""

    rolled: tuple[str, ...]
    chains: tuple[str, ...]
    left: tuple[tuple[str, str], ...]


def unrolled_tags(store: Store) -> dict[str, str]:
    """This clone's format-2 archives: ``refs/ledger/archive/<id>`` refs, and their tags."""
    return {ref: tag for ref, tag in store.refs_under(ARCHIVE_PREFIX, chained=False).items()
            if "/" not in ref.removeprefix(ARCHIVE_PREFIX)}


def roll_up_tags(store: Store, *, clone_for: Callable[[ArchiveTag], str] | None = None,
                 wait_seconds: float = 2.0) -> RollUp:
    """Move this clone's format-2 archive tags into month chains (format 3), the
    migration ``doctor --fix`` runs.

    Each month's tags (by tagger date, oldest first) become commits of this clone's chain
    for that month, with the tag's message, tagger and date; then each tag ref is deleted
    if it still names the tag read.  Killed half-way, both hold the archive (readers take
    the tag), and running again only deletes the tags.  ``clone_for`` names the chain of
    each tag instead of this clone (a simulated team, ``benchmarks/year_build.py``)."""
    groups: dict[str, list[tuple[str, ArchiveTag]]] = {}
    written: list[tuple[str, ArchiveTag]] = []
    done: list[tuple[str, str]] = []
    left: list[tuple[str, str]] = []
    own = store.clone_id() if clone_for is None else None
    for ref, tag_id in sorted(unrolled_tags(store).items()):
        try:
            tag = read_archive_tag(store, ref)
        except CorruptLedger as exc:
            left.append((ref, str(exc)))
            continue
        if tag.commit is None or tag.tagged is None or tag.tagger is None:
            left.append((ref, tag.problem or "the tag has no tagger date"))
            continue
        chained = store.archive_index().held(ref)
        if chained is not None and chained.commit == tag.commit:
            done.append((ref, tag_id))  # rolled up before, the tag not yet deleted
            continue
        clone = clone_for(tag) if clone_for is not None else own or ""
        groups.setdefault(chain_ref(month_of(tag.tagged), clone), []).append((ref, tag))
    for chain, tags in sorted(groups.items()):
        tags.sort(key=lambda item: (item[1].tagged or 0, item[0]))
        store.extend_chain(chain, [(ref.removeprefix(ARCHIVE_PREFIX), tag.commit or "",
                                    tag.message, _signature(tag)) for ref, tag in tags])
        written += [(ref, tag) for ref, tag in tags]
    index = store.archive_index()  # read again: extend_chain moved the chains
    for ref, tag in written:
        # The tag goes only once the chain is read back holding the same ledger.
        chained = index.held(ref)
        if chained is not None and chained.commit == tag.commit:
            done.append((ref, tag.id))
        else:
            left.append((ref, "its month chain does not read back as this archive"))
    rolled = []
    for ref, tag_id in done:
        reason = delete_ref_if_unchanged(store, ref, tag_id, wait_seconds=wait_seconds)
        if reason is None:
            rolled.append(ref)
        else:
            left.append((ref, reason))
    return RollUp(tuple(rolled), tuple(sorted(groups)), tuple(left))


def _signature(tag: ArchiveTag) -> pygit2.Signature:
    name, _, email = (tag.tagger or "").rpartition(" <")
    assert tag.tagged is not None
    offset = tag.tagged.utcoffset() or timedelta(0)
    return pygit2.Signature(name or "unknown", email.removesuffix(">") or "unknown",
                            int(tag.tagged.timestamp()), int(offset.total_seconds() // 60))
