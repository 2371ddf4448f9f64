"""Ledgers in git: ``Store``, the one façade every layer above reads and writes refs through.

A ledger ref's commit tree is its whole state (docs/format.md).  Every write goes through
``Store.update``: compute a ``Change`` from the tip read, and move the ref only if it still
points there, else apply again; a crash leaves the ref at the earlier commit.  The parts
live beside it by concern: ``tree_view`` (one tree read), ``ref_writes`` (trees, locks and
the compare-and-swap), ``history`` (events and dates), ``chain_index`` (format 3's month
chains), ``archiving`` (archive tags) and ``pointer`` (which ledger a worktree uses).
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TypeVar

import pygit2
from pygit2.transaction import ReferenceTransaction

from gitledger.core.model import Change, Event, format_message
from gitledger.derived.events import Moved, Moves
from gitledger.errors import ConcurrentUpdate, CorruptLedger, RepositoryError
from gitledger.storage import archiving, chain_index, history, pointer, ref_writes
from gitledger.storage.bounded import Oversized, blob_size, checked_blob
from gitledger.storage.bounded import oversized as _oversized
from gitledger.storage.chain_index import RECHECK_SECONDS, ChainIndex
from gitledger.storage.history import ARRIVAL_WALK
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    LEDGER_NAMESPACE,
    MONTHS_PREFIX,
    POINTER_FILE,
    REMOTES_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.month_chains import (
    ARCHIVED_TRAILER,
    ArchiveIndex,
    ChainedArchive,
    chain_problem,
    is_chain,
    read_chain,
)
from gitledger.storage.ref_writes import (
    LOCK_ERRORS,
    STALE_LOCK_MINUTES,
    LedgerMoved,
    RefExists,
    WriteHook,
    carrying_seq,
    create_ref,
    hooked_tree,
    is_race,
    move_ref,
    reason,
    remove_at,
    split_changes,
    stale_lock_minutes,
    with_lock,
    write_tree,
)
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import signed_commit, signing_configured
from gitledger.storage.tree_view import Tip, TreeView, seq_of

#: What callers import from here, though it lives beside ``Store``.
__all__ = ["LOCK_ERRORS", "RECHECK_SECONDS", "STALE_LOCK_MINUTES", "LedgerMoved", "Store",
           "Tip", "TreeView", "WriteHook", "blob_id_of", "seq_of", "valid_ref_name"]

R = TypeVar("R")

class Store:
    """The ledger refs of one repository, seen from one worktree."""

    def __init__(self, repo: Repo) -> None:
        self.repo = repo
        self.git = repo.git
        #: Whether ledger commits are signed (``commit.gpgSign``): read at the first write.
        self._signs: bool | None = None
        #: Derived files kept in a ledger's own tree, by ref (``add_write_hook``).
        self._hooks: dict[str, list[WriteHook]] = {}
        #: What follows a landed write (``publish``): the derived data outside the refs.
        self.moves = Moves()
        #: The month chains' archives (format 3), read at the first name that needs them
        #: and forgotten by every write of a chain in this process.
        self._chains = ChainIndex(self.git, repo.commondir)
        #: ``history.settled``'s answers by commit: the latest time of its first-parent chain.
        self._latest: history.Settled = {}

    def add_write_hook(self, ref: str, hook: WriteHook) -> None:
        """Run ``hook`` in every write to ``ref`` through this store, so what it derives
        (the project ledger's restore digest) is committed with the change that it
        describes.  Registered explicitly by whoever opens the store to write, never by
        an import."""
        hooks = self._hooks.setdefault(ref, [])
        if hook not in hooks:
            hooks.append(hook)

    def has_write_hook(self, ref: str) -> bool:
        return bool(self._hooks.get(ref))

    def publish(self, moved: Moved) -> None:
        """Tell what follows writes through this store that ``moved`` landed."""
        self.moves.publish(moved)

    # -- which ledger this worktree uses (``pointer.py``) ---------------------------------

    @property
    def pointer_path(self) -> Path:
        return self.repo.gitdir / POINTER_FILE

    def worktree_ref(self) -> str | None:
        """The session ledger ref this worktree's git dir points at, if any (an archive
        found interrupted is finished first)."""
        return pointer.worktree_ref(self)

    def ensure_worktree_ref(self) -> str:
        """The worktree's ledger ref, choosing a fresh unique name on first use."""
        return pointer.ensure_worktree_ref(self)

    def replace_worktree_ref(self, spent: str | None = None) -> str:
        """Point this worktree at a fresh ledger name (its ledger ``spent`` was archived)."""
        return pointer.replace_worktree_ref(self.pointer_path, spent)

    def clone_id(self, *, create: bool = True) -> str | None:
        """The name this clone's month chains carry, made at its first archive."""
        return pointer.clone_id(self.repo, create=create)

    def worktree_gitdirs(self) -> list[Path]:
        """The git dir of every worktree: the common one first, then each linked one's."""
        return pointer.worktree_gitdirs(self.repo)

    def worktree_roots(self) -> list[Path]:
        """The top of every work tree of this repository (none for a bare one)."""
        return pointer.worktree_roots(self.repo)

    def worktree_pointers(self) -> dict[str, Path]:
        """Which worktree (by work tree path) points at which ledger ref."""
        return pointer.worktree_pointers(self.repo)

    # -- reading -------------------------------------------------------------------------

    def reference(self, ref: str) -> pygit2.Reference | None:
        """The ref ``ref`` (None when it does not exist); CorruptLedger for a bad name."""
        try:
            return self.git.references[ref]
        except KeyError:
            return None
        except pygit2.InvalidSpecError:
            raise CorruptLedger(f"'{ref}' is not a valid ref name") from None
        except ValueError:  # longer than libgit2 takes (git takes it: a teammate pushed it)
            raise CorruptLedger(f"'{ref[:80]}…' is too long a ref name to read") from None

    def tip(self, ref: str) -> Tip:
        chained = self.chained(ref)  # a dict lookup: before a ref lookup that misses
        if chained is not None:
            return self._chained_tip(ref, chained)
        reference = self.reference(ref)
        if reference is None:
            return Tip(None, None)
        target = reference.target
        if not isinstance(target, pygit2.Oid):
            raise CorruptLedger(f"{ref} is a symbolic ref, not a ledger")
        try:
            obj = self.git[target]
        except KeyError:
            raise CorruptLedger(f"{ref} points at {target}, which is missing") from None
        except (ValueError, pygit2.GitError) as exc:  # written by hand: libgit2 refuses it
            raise CorruptLedger(f"{ref} points at {target}, which cannot be read: "
                                f"{str(exc).removeprefix(f'{target}: ')}") from None
        if not isinstance(obj, pygit2.Commit):
            raise CorruptLedger(f"{ref} points at a {obj.type_str}, not a ledger commit")
        return Tip(str(target), TreeView(self.git, obj.tree, str(target)))

    def _chained_tip(self, ref: str, chained: ChainedArchive) -> Tip:
        """An archive in a month chain: the archived ledger's last commit."""
        obj = self.git.get(chained.commit)
        if not isinstance(obj, pygit2.Commit):
            raise CorruptLedger(f"{ref} (in {chained.chain}) leads to {chained.commit}, "
                                "which is not a ledger commit")
        return Tip(chained.commit, TreeView(self.git, obj.tree, chained.commit))

    def exists(self, ref: str) -> bool:
        """Whether ``ref`` exists (an archive in a month chain too); reads only the ref,
        not what it points at."""
        if self.chained(ref) is not None:  # a dict lookup: before a ref lookup that misses
            return True
        try:
            return self.git.references.get(ref) is not None
        except pygit2.InvalidSpecError:
            raise CorruptLedger(f"'{ref}' is not a valid ref name") from None

    def ledger_refs(self, *, chained: bool = True) -> list[str]:
        """This repository's own ledgers under ``refs/ledger/`` (not the remotes' mirrors,
        not the saved transcripts): the refs, and (with ``chained``) the archives of its
        month chains by the names they are read by (``refs/ledger/archive/<id>``), not the
        chains."""
        names = [r for r in self.git.references
                 if r.startswith(LEDGER_NAMESPACE) and not r.startswith(REMOTES_PREFIX)
                 and not r.startswith(TRANSCRIPTS_PREFIX)]
        real = set(names)
        if any(r.startswith(MONTHS_PREFIX) for r in names):
            names = [r for r in names if not r.startswith(MONTHS_PREFIX)]
            if chained:
                names += [name for name in self.archive_index().names()
                          if name.startswith(ARCHIVE_PREFIX) and name not in real]
        return sorted(names)

    def target(self, ref: str) -> str | None:
        """The object ``ref`` points at (a commit, or an archive's tag; for an archive in
        a month chain, the commit that archived it), or None."""
        chained = self.chained(ref)  # a dict lookup: before a ref lookup that misses
        if chained is not None:
            return chained.event
        found = self.reference(ref)
        return str(found.target) if found is not None else None

    def refs_under(self, prefix: str, *, chained: bool = True) -> dict[str, str]:
        """Every ref under ``prefix`` and the object it points at (symbolic refs skipped);
        with ``chained``, the archives of month chains too, by name (``target``)."""
        found: dict[str, str] = {}
        chains = False
        # The references as they are listed, not looked up again by name: a year's
        # repository has 50,000 refs, and the second lookup doubled the cost of a listing.
        for reference in self.git.references.iterator():
            name = reference.name
            if name.startswith(prefix):
                target = reference.target
                if isinstance(target, pygit2.Oid):
                    found[name] = str(target)
                    chains = chains or is_chain(name)
        if chained and (chains or MONTHS_PREFIX.startswith(prefix) or "archive" in prefix):
            index = self.archive_index()
            for name in index.names():
                if name.startswith(prefix) and name not in found:
                    found[name] = index.event_of(name) or ""
        return found

    # -- month chains (format 3 archives, ``month_chains.py``) ---------------------------

    def archive_index(self) -> ArchiveIndex:
        """Every month chain's archives, own and mirrored, by the name each is read by
        (``ChainIndex.read``: read again only once a chain may have moved)."""
        return self._chains.read()

    def forget_archives(self) -> None:
        """A chain moved: the next name that needs the index, in any store of this
        process, reads it again."""
        self._chains.forget()

    def chained(self, ref: str) -> ChainedArchive | None:
        """The archive a month chain holds under the name ``ref``, if any."""
        if not (ref.startswith(ARCHIVE_PREFIX)
                or (ref.startswith(REMOTES_PREFIX) and "/archive/" in ref)):
            return None
        return self.archive_index().get(ref)

    def refs_unlike_here(self, prefix: str) -> dict[str, str]:
        """``refs_under(prefix)`` without the mirrored chains' archives that are this
        clone's own, unchanged there (``chain_index.refs_unlike_here``)."""
        return chain_index.refs_unlike_here(self, prefix)

    def owns(self) -> Callable[[str], bool]:
        """Whether a name is one of ``ledger_refs()`` (this clone's own ledgers and
        archives), asked name by name without listing the archives of its chains."""
        return chain_index.owns(self)

    def chain_refs(self) -> dict[str, str]:
        """This clone's own month chains and their tips."""
        return {ref: tip for ref, tip in self.refs_under(MONTHS_PREFIX, chained=False).items()
                if is_chain(ref)}

    def archives_of_chain(self, chain: str, tip: str) -> list[tuple[str, str]]:
        """(ledger id, archived commit) of each archive the chain at ``tip`` holds, read
        from its commits whatever ref names it; empty when they are not all here."""
        if not self.git.get(tip) or chain_problem(self.git, tip) is not None:
            return []
        return [(a.ledger_id, a.commit) for a in read_chain(self.git, chain, tip)]

    # -- history (``history.py``) ----------------------------------------------------------

    def history(self, ref: str, limit: int | None = None) -> Iterator[Event]:
        tip = self.tip(ref)
        if tip.commit is None:
            return
        for count, event in enumerate(self.history_from(tip.commit)):
            if limit is not None and count >= limit:
                return
            yield event

    def history_from(self, commit: str, hide: Iterable[str] = ()) -> Iterator[Event]:
        """The events of a ledger from ``commit`` back (an archived ledger has no ref),
        without those ``hide`` (commits that may be in no ledger at all) reaches."""
        return history.events_from(self.git, commit, hide)

    def tag_message(self, ref: str) -> str | None:
        """The message of the annotated tag ``ref`` names (an archive; in a month chain,
        of the commit that archived it), or None."""
        try:
            obj = self.git.references[ref].peel(pygit2.Tag)
        except KeyError:
            chained = self.chained(ref)
            event = self.git.get(chained.event) if chained is not None else None
            return event.message if isinstance(event, pygit2.Commit) else None
        except (ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            return None
        return str(obj.message)

    def first_parent(self, commit: str) -> str | None:
        obj = self.git[pygit2.Oid(hex=commit)]
        assert isinstance(obj, pygit2.Commit)
        return str(obj.parent_ids[0]) if obj.parent_ids else None

    def oldest_blob(self, ref: str, path: str) -> bytes | None:
        """The blob at ``path`` in the oldest commit of ``ref`` that holds it (one walk of
        the history, oldest first); None when none does or it is not a blob."""
        tip = self.tip(ref).commit
        return None if tip is None else history.oldest_blob(self.git, tip, path)

    def arrived(self, commit: str, path: str, limit: int = ARRIVAL_WALK) -> datetime | None:
        """When ``path`` came into the ledger whose tip is ``commit``, no earlier than the
        history it builds on (``history.arrived``); None when ``commit`` does not hold it."""
        return history.arrived(self.git, self._latest, commit, path, limit)

    def commit_time(self, sha: str) -> datetime:
        """When commit ``sha`` was made (its committer time, in its own offset)."""
        return history.commit_time(self.git, sha)

    def view_at(self, commit: str) -> TreeView:
        """The tree of ``commit``: KeyError if git has no such object, ValueError if it
        is no object id, CorruptLedger if it names something else than a commit."""
        obj = self.git[pygit2.Oid(hex=commit)]
        if not isinstance(obj, pygit2.Commit):
            raise CorruptLedger(f"{commit[:12]} is a {obj.type_str}, not a commit")
        return TreeView(self.git, obj.tree, commit)

    # -- writing -------------------------------------------------------------------------

    def update(
        self, ref: str, operation: Callable[[TreeView | None], tuple[Change, R] | None],
        *, retry_seconds: float | None = None,
    ) -> tuple[str | None, R | None]:
        """Apply ``operation`` to the tip of ``ref`` and commit its change atomically.

        Returns (new commit, operation result), or (None, None) when the operation found
        nothing to do.  The operation may run several times and must not have side effects.
        ``retry_seconds`` bounds how long a moved tip or a held lock is waited out
        (default: ``GIT_LEDGER_RETRY_SECONDS``, which the git hooks set low, else 60).
        """
        if retry_seconds is None:
            retry_seconds = ref_writes.retry_seconds()
        deadline = time.monotonic() + retry_seconds
        delay = 0.001
        while True:
            tip = self.tip(ref)
            outcome = operation(tip.view)
            if outcome is None:
                return None, None
            change, result = outcome
            change = carrying_seq(tip.view, change)
            base = tip.view.tree if tip.view is not None else None
            try:
                tree = hooked_tree(self.git, self._hooks.get(ref, ()), tip.view, base,
                                   change.files)
            except (pygit2.GitError, OSError) as exc:  # a read-only .git, a full disk
                raise RepositoryError(f"cannot write to {ref}'s objects: "
                                      f"{reason(exc)}; nothing was written") from None
            author = self.repo.person("AUTHOR").signature()
            committer = self.repo.person("COMMITTER").signature()
            message = format_message(change)
            extra = [pygit2.Oid(hex=sha) for sha in change.parents]
            try:
                if tip.commit is not None:
                    commit = self._new_commit(author, committer, message, tree,
                                              [pygit2.Oid(hex=tip.commit), *extra])
                    move_ref(self.git, ref, commit, tip.commit, change.subject)
                else:
                    commit = self._new_commit(author, committer, message, tree, extra)
                    create_ref(self.git, ref, commit, change.subject)
            except (pygit2.GitError, OSError, RefExists) as exc:
                if time.monotonic() > deadline:
                    locked = (f" ({self.lock_file(ref)} exists; if no git ledger or git "
                              "command is running, remove it)"
                              if self.lock_file(ref).exists() else "")
                    raise ConcurrentUpdate(
                        f"{ref} kept changing or stayed locked for {retry_seconds:g}s; "
                        f"nothing was written{locked}"
                    ) from None
                if not isinstance(exc, RefExists) and not is_race(exc):
                    raise RepositoryError(f"cannot update {ref}: {reason(exc)}; nothing "
                                          "was written") from None
                stale = stale_lock_minutes(self.lock_file(ref))
                if stale is not None:
                    raise ConcurrentUpdate(
                        f"{ref} is locked by {self.lock_file(ref)}, {stale:.0f} minutes old "
                        "(left by a killed writer?): remove it, or run git ledger doctor "
                        "--fix; nothing was written") from None
                time.sleep(random.uniform(0, delay))
                delay = min(delay * 2, 0.05)
                continue
            return str(commit), result

    def commit_change(self, parent: str, change: Change) -> str:
        """Write ``change`` on top of commit ``parent`` as a commit no ref points at."""
        base = self.git[pygit2.Oid(hex=parent)]
        assert isinstance(base, pygit2.Commit)
        change = carrying_seq(TreeView(self.git, base.tree, parent), change)
        tree = write_tree(self.git, base.tree, split_changes(change.files))
        parents = [pygit2.Oid(hex=parent), *(pygit2.Oid(hex=sha) for sha in change.parents)]
        return str(self._new_commit(
            self.repo.person("AUTHOR").signature(),
            self.repo.person("COMMITTER").signature(), format_message(change), tree, parents))

    def _new_commit(self, author: pygit2.Signature, committer: pygit2.Signature,
                    message: str, tree: pygit2.Oid, parents: list[pygit2.Oid]) -> pygit2.Oid:
        """Write a ledger commit no ref points at: signed as git signs when the user signs
        commits (``signatures.signed_commit``), else by libgit2, with no process started."""
        if self._signs is None:
            self._signs = signing_configured(self.git.config)
        if not self._signs:
            return self.git.create_commit(None, author, committer, message, tree, parents)
        return pygit2.Oid(hex=signed_commit(self.repo, str(tree), [str(p) for p in parents],
                                            author, committer, message))

    # -- archives and ref locks (``archiving.py``, ``ref_writes.py``) --------------------

    def archive(self, ref: str, expected_tip: str, message: str) -> tuple[str, str]:
        """Archive the session ledger at ``ref`` as a tag, never losing it
        (``archiving.archive``); ``LedgerMoved`` when its tip is no longer
        ``expected_tip``."""
        return archiving.archive(self, ref, expected_tip, message)

    def write_tag(self, name: str, tip: str, message: str,
                  tagger: pygit2.Signature | None = None) -> pygit2.Oid:
        """Write the annotated tag archiving ledger ``name`` at ``tip`` (no ref yet)."""
        return archiving.write_tag(self, name, tip, message, tagger)

    def _locked(self, ref: str, action: Callable[[ReferenceTransaction], None]) -> None:
        with_lock(self.git, ref, self.lock_file(ref), action)

    def set_ref(self, ref: str, target: str, expected: str | None, reason: str) -> None:
        """Point ``ref`` at ``target`` if it still points at ``expected`` (None: if it does
        not exist yet), under its lock; ``LedgerMoved`` otherwise."""
        def action(txn: ReferenceTransaction) -> None:
            current = self.git.references.get(ref)
            if (str(current.target) if current is not None else None) != expected:
                raise LedgerMoved(ref)
            txn.set_target(ref, pygit2.Oid(hex=target), message=reason)
        self._locked(ref, action)

    @contextlib.contextmanager
    def locked(self, ref: str) -> Iterator[None]:
        """Hold ``ref``'s lock for the block, the lock ``set_ref`` and ``archive`` take:
        leaving the block sets nothing and unlocks.  Raises one of ``LOCK_ERRORS`` when
        another process holds it."""
        with self.git.transaction() as txn:
            txn.lock_ref(ref)
            yield

    def remove_ref(self, ref: str, expected: str) -> None:
        """Delete ``ref`` if it still points at ``expected``; ``LedgerMoved`` otherwise."""
        self._locked(ref, lambda txn: remove_at(self.git, txn, ref, expected))

    def mirror(self, ref: str, target: str | None) -> None:
        """Set (None: delete) a ref that follows something else whatever it held: a copy
        of what a remote holds under ``refs/ledger/remotes/`` (as git's remote-tracking
        refs do), or a scratch ref only this process uses."""
        if is_chain(ref):
            self.forget_archives()
        if target is None:
            try:
                if self.git.references.get(ref) is not None:
                    self.git.references.delete(ref)
            except ValueError:  # a name too long for libgit2 to look up, not to list
                for found in self.git.references.iterator():
                    if found.name == ref:
                        found.delete()
            return
        self.git.references.create(ref, pygit2.Oid(hex=target), force=True)

    # -- objects ---------------------------------------------------------------------------

    def peeled(self, sha: str) -> str:
        """The commit ``sha`` names, through an annotated tag (an archive) if it is one,
        or the archived ledger's commit if ``sha`` archived it in a month chain."""
        try:
            obj = self.git[pygit2.Oid(hex=sha)]
            if isinstance(obj, pygit2.Commit) and ARCHIVED_TRAILER in (obj.message or ""):
                event = self.archive_index().by_event(sha)
                if event is not None:
                    return event.commit
            return str(obj.peel(pygit2.Commit).id)
        except (KeyError, ValueError, pygit2.GitError) as exc:
            raise CorruptLedger(f"{sha[:12]} does not lead to a commit ({exc})") from None

    def read_blob(self, blob_id: str) -> bytes:
        """Blob ``blob_id``, read only when its header says a ledger file can be that big."""
        return checked_blob(self.git, pygit2.Oid(hex=blob_id))

    def blob_size(self, blob_id: str) -> int:
        """The size in bytes of blob ``blob_id``, from its header (never inflated)."""
        return blob_size(self.git, pygit2.Oid(hex=blob_id))

    def oversized(self, tip: str, known: str | None) -> Oversized | None:
        """The first blob too big for a ledger that ``tip``'s commits bring beyond what
        ``known`` (a ref's target, or None) holds; None when there is none, or ``tip``
        leads to no commit (what reads it next says so)."""
        try:
            return _oversized(self.git, tip, [known] if known else [])
        except (KeyError, ValueError, pygit2.GitError, CorruptLedger):
            return None

    def contains(self, newer: str, older: str) -> bool:
        """Whether commit ``older`` is ``newer`` or one of its ancestors."""
        new, old = pygit2.Oid(hex=newer), pygit2.Oid(hex=older)
        try:
            return new == old or bool(self.git.descendant_of(new, old))
        except (KeyError, ValueError, pygit2.GitError) as exc:
            raise CorruptLedger(f"{newer[:12]} or {older[:12]} is not a commit ({exc})") from None

    def lock_file(self, ref: str) -> Path:
        """Where git keeps the lock of loose ref ``ref``."""
        return self.repo.commondir / f"{ref}.lock"


def valid_ref_name(name: str) -> bool:
    """Whether git accepts ``name`` as a full ref name (``refs/…``)."""
    return bool(pygit2.reference_is_valid_name(name))


def blob_id_of(data: bytes) -> str:
    """The id ``data`` has, or would have, as a blob: without writing it."""
    return str(pygit2.hash(data))

