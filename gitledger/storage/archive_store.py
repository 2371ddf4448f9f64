"""Archive tags read and removed at the storage level: an archive is an annotated tag at
``refs/ledger/archive/<id>`` pointing at the ledger's last commit (docs/format.md).

``ArchiveStore`` reads such refs through their tag and writes nothing at all;
``read_archive_tag`` reads one tag without trusting it; ``delete_ref_if_unchanged`` is the
one deletion ``prune`` makes, under the ref's lock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

import pygit2

from gitledger.errors import CorruptLedger, InvalidInput
from gitledger.storage.layout import ARCHIVE_PREFIX, REMOTES_PREFIX
from gitledger.storage.store import Store, Tip, TreeView


class ArchiveStore(Store):
    """A store that reads archive refs through their tag and writes nothing at all."""

    def tip(self, ref: str) -> Tip:
        if not (ref.startswith(ARCHIVE_PREFIX)
                or (ref.startswith(REMOTES_PREFIX) and "/archive/" in ref)):
            return super().tip(ref)
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
    """The tag at ``ref``; CorruptLedger when ``ref`` is not an annotated tag at all."""
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
            return None
        except _Changed:
            return "kept: it changed after it was read (archived again meanwhile?)"
        except (pygit2.GitError, OSError) as exc:
            if time.monotonic() > deadline:
                return f"kept: cannot lock it ({' '.join(str(exc).split())})"
            time.sleep(0.05)
