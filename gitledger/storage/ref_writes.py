"""The compare-and-swap's parts: trees written along the changed paths only, a ledger ref
moved or created under its lock, and when a failed attempt is a lost race to retry.

A ref is moved only inside a ref transaction that took its lock first: libgit2's own checks
(``create_commit(ref, …)``, a non-forced ``create_reference``) look before they lock.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygit2
from pygit2.enums import FileMode
from pygit2.transaction import ReferenceTransaction

from gitledger.core.model import BlobRef, Change
from gitledger.errors import ConcurrentUpdate, RepositoryError
from gitledger.storage.layout import ENTRIES_DIR, FOCUS_PATH, SEQ_TRAILER
from gitledger.storage.tree_view import TreeView

#: How long a writer keeps re-applying its operation while other writers win the race.
RETRY_SECONDS = 60.0
#: A ref lock this old has no live writer behind it (a write holds one for milliseconds):
#: a write fails at once instead of waiting it out.
STALE_LOCK_MINUTES = 10
#: Where a caller that must not wait long (a git hook) says how long to wait instead.
RETRY_ENV = "GIT_LEDGER_RETRY_SECONDS"

#: What a write hook (``Store.add_write_hook``) is given: the tree the write starts from
#: (None: the ledger's first write), the files the change sets, and the id of the entries
#: tree the write is about to commit (None: no entries).  It returns the root files to
#: write beside them (path -> content), computed from those alone: it may run once per
#: attempt of a compare-and-swap, and must have no side effects beyond its own memo.
#: (None for a path: remove that file.)
WriteHook = Callable[["TreeView | None", "Mapping[str, bytes | BlobRef | None]", "str | None"],
                     "Mapping[str, bytes | None]"]
#: A change as a tree of paths: a blob's new content, an existing blob, None (remove), or
#: the changes below a directory.
Changes = dict[str, "bytes | BlobRef | dict[str, object] | None"]

#: What taking a ref's lock (or writing beside it) raises when another process holds it.
LOCK_ERRORS = (pygit2.GitError, OSError)


class LedgerMoved(Exception):
    """The ledger's tip moved between reading it and locking it: compute again."""


class RefExists(Exception):
    """Another writer created the ledger's ref first."""


def move_ref(git: pygit2.Repository, ref: str, commit: pygit2.Oid, expected: str,
             subject: str) -> None:
    """Move ``ref`` to ``commit`` if, under its lock, it still points at ``expected``:
    the compare-and-swap of every write.

    Not ``create_commit(ref, …)``: libgit2 checks the first parent only when the ref
    exists, so a write racing an archive that had just deleted the session ref would
    bring the ref back, holding an entry no reader looks for.
    """
    with git.transaction() as txn:
        txn.lock_ref(ref)
        current = git.references.get(ref)
        if current is None or str(current.target) != expected:
            raise RefExists(ref)  # moved or removed: compute again from the new state
        txn.set_target(ref, commit, message=f"commit: {subject}")


def create_ref(git: pygit2.Repository, ref: str, commit: pygit2.Oid, subject: str) -> None:
    """Create ``ref`` at ``commit`` if, and only if, it does not exist yet.

    Neither ``create_commit(ref, ..., [])`` nor a non-forced ``create_reference``
    will do: libgit2 checks that the ref is absent *before* it takes the ref's lock,
    so two writers starting one ledger can both succeed, and the later one resets the
    ref to its root commit, dropping whatever the first had appended meanwhile.  A ref
    transaction takes the lock first; the check made while holding it is final.
    """
    with git.transaction() as txn:
        txn.lock_ref(ref)
        if git.references.get(ref) is not None:
            raise RefExists(ref)  # leaving the block unlocks without writing
        # (pygit2 1.21 cannot pass a Signature here; a reflog, if one is kept, gets
        # libgit2's default identity.)
        txn.set_target(ref, commit, message=f"commit (initial): {subject}")


def remove_at(git: pygit2.Repository, txn: ReferenceTransaction, ref: str, tip: str) -> None:
    """Remove ``ref`` in ``txn`` if it still points at ``tip``; ``LedgerMoved`` if not."""
    current = git.references.get(ref)
    if current is None:
        return  # removed already (an archive finished by another process)
    if str(current.target) != tip:
        raise LedgerMoved(ref)
    txn.remove(ref)


def with_lock(git: pygit2.Repository, ref: str, lock: Path,
              action: Callable[[ReferenceTransaction], None]) -> None:
    """Run ``action`` holding ``ref``'s lock (the file ``lock``).  A lock another writer
    holds is waited for (as a write does); one left by a killed writer is an error naming
    it."""
    deadline = time.monotonic() + retry_seconds()
    delay = 0.001
    while True:
        try:
            with git.transaction() as txn:
                txn.lock_ref(ref)
                action(txn)
            return
        except (pygit2.GitError, OSError) as exc:
            if not is_race(exc):
                raise RepositoryError(f"cannot update {ref}: {exc}") from None
            if time.monotonic() > deadline or stale_lock_minutes(lock) is not None:
                raise ConcurrentUpdate(
                    f"{ref} is locked ({lock} exists); if no git ledger "
                    "or git command is running, remove it") from None
            time.sleep(random.uniform(0, delay))
            delay = min(delay * 2, 0.05)


def remove_if_free(git: pygit2.Repository, ref: str, expected: str) -> bool:
    """Remove ``ref`` if it still points at ``expected``, without waiting for its lock (a
    repair, or a read finishing an interrupted archive: a held lock has a finding of its
    own).  False when the lock could not be had; True otherwise, also when ``ref`` had
    moved or gone and was left alone."""
    try:
        with git.transaction() as txn:
            txn.lock_ref(ref)
            current = git.references.get(ref)
            if current is not None and str(current.target) == expected:
                txn.remove(ref)
    except (pygit2.GitError, OSError):
        return False
    return True


def stale_lock_minutes(lock: Path) -> float | None:
    """The age of the lock file ``lock`` when it is too old for a live writer to hold it."""
    try:
        age = (time.time() - lock.stat().st_mtime) / 60
    except OSError:
        return None
    return age if age >= STALE_LOCK_MINUTES else None


def hooked_tree(git: pygit2.Repository, hooks: Sequence[WriteHook], view: TreeView | None,
                base: pygit2.Tree | None,
                files: Mapping[str, bytes | BlobRef | None]) -> pygit2.Oid:
    """The tree of a write: the change, and what the ref's write ``hooks`` derive from it.
    The entries subtree is written first, so a hook learns its id without a second root
    tree being written and thrown away."""
    changes = split_changes(files)
    if not hooks:
        return write_tree(git, base, changes)
    entries = changes.pop(ENTRIES_DIR, None)
    existing = base[ENTRIES_DIR] if base is not None and ENTRIES_DIR in base else None
    old = existing if isinstance(existing, pygit2.Tree) else None
    if isinstance(entries, dict):
        written, size = write_subtree(git, old, entries)  # type: ignore[arg-type]
        entries_id = str(written) if size else None
    else:
        entries_id = str(old.id) if old is not None else None
    if entries_id is not None:
        changes[ENTRIES_DIR] = Subtree(entries_id)  # type: ignore[assignment]
    elif old is not None:
        changes[ENTRIES_DIR] = None
    for hook in hooks:
        changes.update(hook(view, files, entries_id))
    return write_tree(git, base, changes)


def write_tree(git: pygit2.Repository, base: pygit2.Tree | None,
               changes: Changes) -> pygit2.Oid:
    """The root tree of ``base`` with ``changes`` applied."""
    return write_subtree(git, base, changes, root=True)[0]


def write_subtree(git: pygit2.Repository, base: pygit2.Tree | None, changes: Changes, *,
                  root: bool = False) -> tuple[pygit2.Oid, int]:
    """Write ``base`` with ``changes`` applied; the new tree and how many entries it has.

    Only the trees on the changed paths are rewritten (an append touches the root,
    ``entries`` and its two fan-out levels, whatever the ledger's size), and no tree is
    read back after it is written.
    """
    builder = git.TreeBuilder(base) if base is not None else git.TreeBuilder()
    for name, change in changes.items():
        if isinstance(change, dict):
            sub_base = None
            if base is not None and name in base:
                existing = base[name]
                sub_base = existing if isinstance(existing, pygit2.Tree) else None
            sub, size = write_subtree(git, sub_base, change)  # type: ignore[arg-type]
            if size == 0:
                if builder.get(name) is not None:
                    builder.remove(name)
            else:
                builder.insert(name, sub, FileMode.TREE)
        elif change is None:
            if builder.get(name) is not None:
                builder.remove(name)
        elif isinstance(change, Subtree):
            builder.insert(name, pygit2.Oid(hex=change.id), FileMode.TREE)
        elif isinstance(change, BlobRef):
            builder.insert(name, pygit2.Oid(hex=change.id), FileMode.BLOB)
        else:
            assert isinstance(change, bytes)
            builder.insert(name, git.create_blob(change), FileMode.BLOB)
    size = len(builder)
    if size == 0 and not root:
        # An emptied subtree (or one whose every change removed something it did not
        # have) is dropped by its parent: writing it would only leave a dangling empty
        # tree for fsck to report.  Its id is never used.
        return base.id if base is not None else NO_TREE, 0
    return builder.write(), size


@dataclass(frozen=True)
class Subtree:
    """A subtree already written (``hooked_tree``'s entries), inserted by its id."""

    id: str


#: What ``write_subtree`` returns for a subtree it did not write (its parent drops it).
NO_TREE = pygit2.Oid(raw=bytes(20))


def split_changes(files: Mapping[str, bytes | BlobRef | None]) -> Changes:
    """A change's files (path -> content) as a tree of paths."""
    nested: dict[str, object] = {}
    for path, data in files.items():
        parts = path.split("/")
        node = nested
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            assert isinstance(child, dict)
            node = child
        node[parts[-1]] = data
    return nested  # type: ignore[return-value]


def carrying_seq(tip: TreeView | None, change: Change) -> Change:
    """``change`` with the tip's ``Ledger-Seq`` carried forward when it neither rewrites
    ``state.toml`` nor sets the counter itself: the counter of a format-2 ledger is the
    trailer of its tip, so every commit on it must carry it (a ledger without the trailer,
    format 1, gets none)."""
    if tip is None or FOCUS_PATH in change.files or any(
            key == SEQ_TRAILER for key, _ in change.trailers):
        return change
    seq = tip.carried_seq()
    if seq is None:
        return change
    return Change(change.subject, (*change.trailers, (SEQ_TRAILER, str(seq))), change.files,
                  change.parents)


def retry_seconds() -> float:
    """How long a write waits out a moved tip or a held lock (``RETRY_ENV``, else 60)."""
    try:
        return max(0.0, float(os.environ.get(RETRY_ENV, "") or RETRY_SECONDS))
    except ValueError:
        return RETRY_SECONDS


def reason(exc: BaseException) -> str:
    """An OSError's own words (``No space left on device``) rather than its repr."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return " ".join(str(exc).split())


#: What libgit2 says when another writer won the race for the ref.  The lock failure is
#: an ``OSError`` in pygit2 (libgit2 files it under the OS error class).
RACE_MESSAGES = (
    "not the first parent",  # the tip moved before we locked the ref
    "old reference value does not match",  # ... or between reading it and locking it
    "failed to lock file",  # another writer holds the ref lock ...
    "failed to create locked file",  # ... (both spellings of it)
)


def is_race(exc: Exception) -> bool:
    """Whether ``exc`` says another writer won the race (retry), not that the write
    cannot be made (a read-only or full git dir)."""
    message = str(exc).lower()
    if "permission denied" in message or "read-only" in message:
        return False
    return any(text in message for text in RACE_MESSAGES)
