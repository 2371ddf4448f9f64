"""Ledgers in git: refs, the worktree pointer, trees of TOML blobs, and compare-and-swap.

A ledger ref's commit tree is its whole state (docs/format.md).  Every write goes through
``Store.update``: compute a ``Change`` from the tip read, and move the ref only if it still
points there, else apply again; a crash leaves the ref at the earlier commit.
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TypeVar

import pygit2
from pygit2.enums import FileMode, ObjectType, SortMode
from pygit2.transaction import ReferenceTransaction

from gitledger.core.ids import ALPHABET
from gitledger.core.model import BlobRef, Change, Event, format_message, parse_trailers
from gitledger.derived.events import Moved, Moves
from gitledger.derived.files import write_atomic
from gitledger.errors import ConcurrentUpdate, CorruptLedger, LedgerError, RepositoryError
from gitledger.storage.bounded import MAX_LEDGER_BLOB, Oversized, blob_size, checked_blob
from gitledger.storage.bounded import oversized as _oversized
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    CLONE_ID_FILE,
    ENTRIES_DIR,
    FOCUS_PATH,
    LEDGER_NAMESPACE,
    MONTHS_DIR,
    MONTHS_PREFIX,
    POINTER_FILE,
    REMOTES_PREFIX,
    SEQ_TRAILER,
    SESSIONS_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.month_chains import (
    ARCHIVED_TRAILER,
    ArchiveIndex,
    ChainedArchive,
    build_index,
    chain_problem,
    chain_ref,
    is_chain,
    month_of,
    read_chain,
)
from gitledger.storage.repo import Repo, now
from gitledger.storage.signatures import (
    author_of,
    signed_commit,
    signed_tag,
    signing_configured,
    tag_signing_configured,
)

#: How long a writer keeps re-applying its operation while other writers win the race.
RETRY_SECONDS = 60.0
#: A ref lock this old has no live writer behind it (a write holds one for milliseconds):
#: a write fails at once instead of waiting it out.
STALE_LOCK_MINUTES = 10
#: How many commits ``Store.arrived`` walks back: a scope conflict's few decisions each
#: walk their ledger's first-parent chain once.
ARRIVAL_WALK = 20_000
#: Where a caller that must not wait long (a git hook) says how long to wait instead.
RETRY_ENV = "GIT_LEDGER_RETRY_SECONDS"

R = TypeVar("R")
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
_Changes = dict[str, "bytes | BlobRef | dict[str, object] | None"]

#: The header blobs (``ledger.toml``, ``state.toml``) this process has read, by id: an id
#: names the same bytes in every repository, so what is kept is never stale, and every
#: write reads the two again (two object reads each, size header then content) though they
#: change at a claim or a NEXT.  Bounded: emptied when full.
_HEADER_BLOBS: dict[pygit2.Oid, bytes] = {}
HEADER_BLOBS_KEPT = 64


class TreeView:
    """Read access to one ledger tree; what operations compute their change from."""

    def __init__(self, repo: pygit2.Repository, tree: pygit2.Tree,
                 commit: str | None = None) -> None:
        self._repo = repo
        self._tree = tree
        #: The ledger commit this tree is the state of (None for a tree read on its own).
        self.commit = commit

    @property
    def tree(self) -> pygit2.Tree:
        return self._tree

    def carried_seq(self) -> int | None:
        """The entry counter this tree's commit carries in its ``Ledger-Seq`` trailer
        (format 2), or None (no commit, no trailer, or not a number)."""
        if self.commit is None:
            return None
        obj = self._repo[pygit2.Oid(hex=self.commit)]
        return seq_of(obj.message) if isinstance(obj, pygit2.Commit) else None

    def has(self, path: str) -> bool:
        """Whether ``path`` exists in this tree (without reading what is there)."""
        try:
            self._tree[path]
        except KeyError:
            return False
        return True

    def id_of(self, path: str) -> str | None:
        """The id of whatever is at ``path`` (None when nothing is), without reading it."""
        try:
            return str(self._tree[path].id)
        except KeyError:
            return None

    def read(self, path: str) -> bytes | None:
        """The blob at ``path`` (None when there is none); CorruptLedger, unread, when
        its header says it is bigger than a ledger file can be."""
        oid = self._blob_at(path)
        return None if oid is None else checked_blob(self._repo, oid)

    def read_header_blob(self, path: str) -> bytes | None:
        """``read`` for the small files every write reads (the ledger's header): the same
        bytes, checked the same way the first time, then kept by id (``_HEADER_BLOBS``)."""
        oid = self._blob_at(path)
        if oid is None:
            return None
        kept = _HEADER_BLOBS.get(oid)
        if kept is None:
            kept = checked_blob(self._repo, oid)  # CorruptLedger, unkept, if too big
            if len(_HEADER_BLOBS) >= HEADER_BLOBS_KEPT:
                _HEADER_BLOBS.clear()
            _HEADER_BLOBS[oid] = kept
        return kept

    def _blob_at(self, path: str) -> pygit2.Oid | None:
        try:
            entry = self._tree[path]
        except KeyError:
            return None
        return entry.id if entry.type == ObjectType.BLOB else None

    def names(self, path: str) -> list[str]:
        obj = self._lookup(path)
        if obj is None or obj.type != ObjectType.TREE:
            return []
        assert isinstance(obj, pygit2.Tree)
        return [str(item.name) for item in obj]

    def top_blob_ids(self) -> list[tuple[str, str]]:
        """(name, blob id) of each blob at the top of this tree, not below it."""
        return [(str(item.name), str(item.id)) for item in self._tree
                if item.type == ObjectType.BLOB]

    def blobs(self, path: str) -> Iterator[tuple[str, bytes]]:
        """Every blob below ``path``, depth first, with its full path."""
        for full, blob_id in self.blob_ids(path):
            yield full, self.read_blob(blob_id)

    def blob_id(self, path: str) -> str | None:
        """The id of the blob at ``path`` (None when there is none), without reading it."""
        try:
            item = self._tree[path]
        except KeyError:
            return None
        return str(item.id) if item.type == ObjectType.BLOB else None

    def blob_ids(self, path: str) -> Iterator[tuple[str, str]]:
        """(path, blob id) of every blob below ``path``, without reading the blobs."""
        obj = self._lookup(path)
        if obj is None or obj.type != ObjectType.TREE:
            return
        stack: list[tuple[str, pygit2.Tree]] = [(path, obj)]  # type: ignore[list-item]
        while stack:
            prefix, tree = stack.pop()
            for item in tree:
                full = f"{prefix}/{item.name}"
                if item.type == ObjectType.TREE:
                    stack.append((full, self._repo[item.id]))  # type: ignore[arg-type]
                elif item.type == ObjectType.BLOB:
                    yield full, str(item.id)

    def changed_blobs(self, newer: TreeView, path: str) -> Iterator[tuple[str, str | None]]:
        """(path, blob id in ``newer`` or None if gone there) of every blob below ``path``
        that differs between this tree and ``newer``.

        Subtrees with the same id on both sides are never opened, so the cost follows the
        size of the change, not of the ledger (libgit2's tree diff walks every subtree).
        """
        old, new = self._lookup(path), newer._lookup(path)
        yield from self._changed(path, old if isinstance(old, pygit2.Tree) else None,
                                 new if isinstance(new, pygit2.Tree) else None)

    def _changed(self, prefix: str, old: pygit2.Tree | None,
                 new: pygit2.Tree | None) -> Iterator[tuple[str, str | None]]:
        if old is not None and new is not None and old.id == new.id:
            return
        before = {str(item.name): item for item in old} if old is not None else {}
        after = {str(item.name): item for item in new} if new is not None else {}
        for name in sorted(before.keys() | after.keys()):
            was, now = before.get(name), after.get(name)
            if was is not None and now is not None and was.id == now.id:
                continue
            full = f"{prefix}/{name}"
            old_tree = self._subtree(was)
            new_tree = self._subtree(now)
            if old_tree is not None or new_tree is not None:
                yield from self._changed(full, old_tree, new_tree)
            if was is not None and was.type == ObjectType.BLOB:
                yield full, None
            if now is not None and now.type == ObjectType.BLOB:
                yield full, str(now.id)

    def _subtree(self, item: pygit2.Object | None) -> pygit2.Tree | None:
        if item is None or item.type != ObjectType.TREE:
            return None
        tree = self._repo[item.id]
        return tree if isinstance(tree, pygit2.Tree) else None

    def read_blob(self, blob_id: str, limit: int | None = MAX_LEDGER_BLOB) -> bytes:
        """Blob ``blob_id``, read only when its header says it fits ``limit``."""
        return checked_blob(self._repo, pygit2.Oid(hex=blob_id), limit)

    def _lookup(self, path: str) -> pygit2.Object | None:
        """The tree at ``path`` (None for anything else: a blob is never loaded here)."""
        try:
            entry = self._tree[path]
        except KeyError:
            return None
        return self._repo[entry.id] if entry.type == ObjectType.TREE else None


@dataclass(frozen=True)
class Tip:
    commit: str | None
    view: TreeView | None


#: How long a store trusts its reading of the month chains before it looks whether
#: another process moved one (``Store.archive_index``).
RECHECK_SECONDS = 0.05
#: Bumped by every write of a month chain in this process (``Store.forget_archives``).
_chains_generation = [0]
#: The last archive index read in this process, by common git dir, with the signature
#: and generation it was read at: what the next ``Store`` starts from.
_shared_indexes: dict[str, tuple[ArchiveIndex, tuple[int, ...], int]] = {}

#: What taking a ref's lock (or writing beside it) raises when another process holds it.
LOCK_ERRORS = (pygit2.GitError, OSError)


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
        #: and forgotten by every write of a chain through this store.
        self._index: ArchiveIndex | None = None
        self._index_seen: tuple[int, ...] = ()
        self._index_checked = 0.0
        self._index_generation = 0
        #: ``_settled``'s answers by commit: the latest time of its first-parent chain.
        self._latest: dict[pygit2.Oid, tuple[int, int]] = {}

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

    # -- which ledger this worktree uses -------------------------------------------------

    @property
    def pointer_path(self) -> Path:
        return self.repo.gitdir / POINTER_FILE

    def worktree_ref(self) -> str | None:
        """The session ledger ref this worktree's git dir points at, if any."""
        try:
            text = self.pointer_path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            raise CorruptLedger(f"cannot read {self.pointer_path}: {exc}") from None
        if not text.startswith(SESSIONS_PREFIX) or not pygit2.reference_is_valid_name(text):
            raise CorruptLedger(
                f"{self.pointer_path} does not name a ledger ref ('{text[:80]}'); "
                "remove the file to start a new ledger"
            )
        if self._archive_interrupted(text):
            return self._finish_archive(text)
        return text

    def _archive_interrupted(self, ref: str) -> bool:
        """Whether an archive of ``ref`` set its tag (or its event in this month's chain)
        but was stopped before removing the session ref (both hold the same commit): the
        ledger counts as archived.  Asked on every read of the pointer, so only this
        month's chain is looked at (one tree entry); doctor finds an older one."""
        name = ref.removeprefix(SESSIONS_PREFIX)
        archived = self.git.references.get(ARCHIVE_PREFIX + name)
        current = self.git.references.get(ref)
        if current is None:
            return False
        if archived is None:
            return self._in_this_months_chain(name, str(current.target))
        try:
            return bool(archived.peel(pygit2.Commit).id == current.target)
        except (KeyError, ValueError, pygit2.GitError):
            return False

    def _in_this_months_chain(self, name: str, tip: str) -> bool:
        clone = self.clone_id(create=False)
        if clone is None:
            return False
        try:  # the month an archive made now would go to (the committer date: git's own)
            month = month_of(self.repo.person("COMMITTER").when)
        except LedgerError:
            month = month_of(now())
        chain = self.git.references.get(chain_ref(month, clone))
        if chain is None:
            return False
        try:
            entry = chain.peel(pygit2.Tree)[name]
        except (KeyError, ValueError, pygit2.GitError):
            return False
        commit = self.git.get(tip)
        if not isinstance(commit, pygit2.Commit) or entry.id != commit.tree_id:
            return False
        chained = self.chained(ARCHIVE_PREFIX + name)
        return chained is not None and chained.commit == tip

    def clone_id(self, *, create: bool = True) -> str | None:
        """The name this clone's month chains carry (``ledger-clone-id`` in the common git
        dir), made at its first archive: written aside and linked into place, so two
        processes agree on one and a killed one leaves no lock behind."""
        path = self.repo.commondir / CLONE_ID_FILE
        try:
            found = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            found = ""
        if len(found) == 10 and all(c in ALPHABET for c in found):
            return found
        if not create:
            return None
        made = "".join(secrets.choice(ALPHABET) for _ in range(10))
        temp = path.with_name(f"{CLONE_ID_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
        try:
            temp.write_text(made + "\n", encoding="ascii")
            try:
                os.link(temp, path)
            except FileExistsError:
                return self.clone_id(create=False) or made  # another process won
        except OSError as exc:
            raise RepositoryError(f"cannot write {path}: {exc}") from None
        finally:
            temp.unlink(missing_ok=True)
        return made

    def _finish_archive(self, ref: str) -> str | None:
        """Finish an interrupted archive: the worktree moves on to a fresh ledger name, and
        the session ref (a copy of the archive) goes if its lock can be had."""
        current = self.git.references.get(ref)
        try:
            if current is not None:
                self._locked(ref, lambda txn: self._remove_at(txn, ref, str(current.target)))
        except LedgerError:
            pass  # a stale lock: doctor reports the leftover ref; the archive is whole
        try:
            return self.replace_worktree_ref(ref)
        except OSError:
            return None  # a read-only git dir: no ledger to read here, as after the archive

    def ensure_worktree_ref(self) -> str:
        """The worktree's ledger ref, choosing a fresh unique name on first use.

        Two processes starting the first ledger of a worktree at once must agree on one
        name: the pointer is published with a hard link, which fails if it already exists.
        """
        existing = self.worktree_ref()
        if existing and not self._archived(existing):
            return existing
        if existing:
            # The ledger was archived (a crash may have kept the old pointer): its name is
            # spent, this worktree's next ledger gets a new one.
            return self.replace_worktree_ref(existing)
        ref = SESSIONS_PREFIX + "".join(secrets.choice(ALPHABET) for _ in range(10))
        temp = self.pointer_path.with_name(f"{POINTER_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
        temp.write_text(ref + "\n", encoding="utf-8")
        try:
            os.link(temp, self.pointer_path)
        except FileExistsError:
            pass
        finally:
            temp.unlink()
        found = self.worktree_ref()
        assert found is not None
        return found

    def replace_worktree_ref(self, spent: str | None = None) -> str:
        """Point this worktree at a fresh ledger name (its ledger ``spent`` was archived).

        Two processes that both find the ledger archived (the archive itself, and a write
        racing it) must move on to one new name, not two: under a lock on the pointer,
        a pointer that no longer names ``spent`` is another's move, and is kept.
        """
        lock = self.pointer_path.with_name(f"{POINTER_FILE}.lock")
        deadline = time.monotonic() + 5
        while True:
            try:
                handle = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
                break
            except FileExistsError:
                if _older_than(lock, POINTER_LOCK_STALE_SECONDS):
                    # A holder keeps it for the microseconds of one rename: this one was
                    # left by a killed process, and would block every write here.
                    lock.unlink(missing_ok=True)
                    continue
                if time.monotonic() > deadline:
                    raise ConcurrentUpdate(f"{lock} exists; if no git ledger is running, "
                                           "remove it") from None
                time.sleep(0.005)
        try:
            os.close(handle)
            try:
                current = self.pointer_path.read_text(encoding="utf-8").strip()
            except FileNotFoundError:
                current = ""
            if spent is not None and current and current != spent:
                return current
            ref = SESSIONS_PREFIX + "".join(secrets.choice(ALPHABET) for _ in range(10))
            write_atomic(self.pointer_path, ref + "\n")
            return ref
        finally:
            lock.unlink(missing_ok=True)

    def _archived(self, ref: str) -> bool:
        name = ref.removeprefix(SESSIONS_PREFIX)
        return not self.exists(ref) and self.exists(ARCHIVE_PREFIX + name)

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
        """Every month chain's archives, own and mirrored, by the name each is read by.

        Read again once a chain may have moved: at once after a write of a chain through
        any store of this process; after another process's (an archive, a fetch) at the
        first read ``RECHECK_SECONDS`` after the last look.  A chain's ref is a file in a
        month directory or a line of packed-refs, so their modification times say so; a
        loop of 25,000 lookups must not stat them 25,000 times."""
        if self._index is None and str(self.repo.commondir) in _shared_indexes:
            # Another store of this process read it: start from there (a pull opens a
            # few, and a year's index holds 25,000 archives), looking whether it holds.
            self._index, self._index_seen, self._index_generation = _shared_indexes[
                str(self.repo.commondir)]
        if self._index is not None and self._index_generation == _chains_generation[0] and (
                time.monotonic() - self._index_checked < RECHECK_SECONDS):
            return self._index
        seen = self._chains_seen()
        self._index_checked = time.monotonic()
        if (self._index is None or seen != self._index_seen
                or self._index_generation != _chains_generation[0]):
            chains, tags = {}, set()
            for reference in self.git.references.iterator():
                name, target = reference.name, reference.target
                if is_chain(name) and isinstance(target, pygit2.Oid):
                    chains[name] = str(target)
                elif "archive/" in name:
                    tags.add(name)  # a ref of that name is read, not a chain's archive
            self._index = build_index(self.git, self.repo.commondir, chains, tags,
                                      previous=self._index)
            self._index_seen = seen
            self._index_generation = _chains_generation[0]
            _shared_indexes[str(self.repo.commondir)] = (self._index, seen,
                                                         self._index_generation)
        return self._index

    def _chains_seen(self) -> tuple[int, ...]:
        """The modification times of what holds the chains' refs (packed-refs, and the
        month directories, this clone's and each remote's mirrors')."""
        base = str(self.repo.commondir)
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

    def chained(self, ref: str) -> ChainedArchive | None:
        """The archive a month chain holds under the name ``ref``, if any."""
        if not (ref.startswith(ARCHIVE_PREFIX)
                or (ref.startswith(REMOTES_PREFIX) and "/archive/" in ref)):
            return None
        return self.archive_index().get(ref)

    def refs_unlike_here(self, prefix: str) -> dict[str, str]:
        """``refs_under(prefix)`` (a remote's mirrors) without the archives of the mirrored
        chains whose tip is this clone's chain of the same name: each of those is this
        clone's archive, unchanged there, which a review or a pull need not look at one by
        one.  Found chain by chain, so that they (a year's 25,000 in 1,200 chains) are
        never listed."""
        found = self.refs_under(prefix, chained=False)
        index = self.archive_index()
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

    def owns(self) -> Callable[[str], bool]:
        """Whether a name is one of ``ledger_refs()`` (this clone's own ledgers and
        archives), asked name by name without listing the archives of its chains."""
        names = {r for r in self.git.references
                 if r.startswith(LEDGER_NAMESPACE) and not r.startswith(REMOTES_PREFIX)
                 and not r.startswith(TRANSCRIPTS_PREFIX)}
        index = self.archive_index() if any(r.startswith(MONTHS_PREFIX) for r in names) \
            else None

        def owned(name: str) -> bool:
            if name.startswith(MONTHS_PREFIX) and index is not None:
                return False
            return name in names or (index is not None and name.startswith(ARCHIVE_PREFIX)
                                     and index.event_of(name) is not None)

        return owned

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

    def forget_archives(self) -> None:
        """A chain moved: the next name that needs the index, in any store of this
        process, reads it again."""
        self._index_checked = 0.0  # kept to read again from, not trusted
        _chains_generation[0] += 1

    def worktree_gitdirs(self) -> list[Path]:
        """The git dir of every worktree: the common one first, then each linked one's."""
        gitdirs = [self.repo.commondir]
        worktrees = self.repo.commondir / "worktrees"
        if worktrees.is_dir():
            gitdirs.extend(sorted(p for p in worktrees.iterdir() if p.is_dir()))
        return gitdirs

    def worktree_roots(self) -> list[Path]:
        """The top of every work tree of this repository (none for a bare one): the main
        one first, then each linked one's."""
        roots: list[Path] = []
        for gitdir in self.worktree_gitdirs():
            if gitdir == self.repo.gitdir:
                root: Path | None = None if self.repo.bare else self.repo.workdir
            elif gitdir == self.repo.commondir:
                # Seen from a linked worktree: the main one is <top>/.git, or bare.
                root = gitdir.parent if gitdir.name == ".git" else None
            else:
                root = _workdir_of(gitdir, self.repo)
                root = None if root == gitdir else root
            if root is not None and root not in roots:
                roots.append(root)
        return roots

    def worktree_pointers(self) -> dict[str, Path]:
        """Which worktree (by work tree path) points at which ledger ref."""
        found: dict[str, Path] = {}
        for gitdir in self.worktree_gitdirs():
            try:
                ref = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
            except (OSError, UnicodeDecodeError):
                continue
            found[ref] = _workdir_of(gitdir, self.repo)
        return found

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
        walker = self.git.walk(pygit2.Oid(hex=commit), SortMode.TOPOLOGICAL | SortMode.TIME)
        for hidden in hide:
            try:
                walker.hide(pygit2.Oid(hex=hidden))
            except (KeyError, ValueError, pygit2.GitError):
                continue  # gone (a pruned archive): it hides nothing
        for found in walker:
            yield _event(found)

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
        if tip is None:
            return None
        for commit in self.git.walk(pygit2.Oid(hex=tip),
                                    SortMode.TOPOLOGICAL | SortMode.REVERSE):
            try:
                blob = commit.tree[path]
            except KeyError:
                continue
            return bytes(blob.data) if isinstance(blob, pygit2.Blob) else None
        return None

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
            retry_seconds = _retry_seconds()
        deadline = time.monotonic() + retry_seconds
        delay = 0.001
        while True:
            tip = self.tip(ref)
            outcome = operation(tip.view)
            if outcome is None:
                return None, None
            change, result = outcome
            change = _carrying_seq(tip.view, change)
            base = tip.view.tree if tip.view is not None else None
            try:
                tree = self._write_hooked(ref, tip.view, base, change.files)
            except (pygit2.GitError, OSError) as exc:  # a read-only .git, a full disk
                raise RepositoryError(f"cannot write to {ref}'s objects: "
                                      f"{_reason(exc)}; nothing was written") from None
            author = self.repo.person("AUTHOR").signature()
            committer = self.repo.person("COMMITTER").signature()
            message = format_message(change)
            extra = [pygit2.Oid(hex=sha) for sha in change.parents]
            try:
                if tip.commit is not None:
                    commit = self._new_commit(author, committer, message, tree,
                                              [pygit2.Oid(hex=tip.commit), *extra])
                    self._move_ref(ref, commit, tip.commit, change.subject)
                else:
                    commit = self._new_commit(author, committer, message, tree, extra)
                    self._create_ref(ref, commit, change.subject)
            except (pygit2.GitError, OSError, _RefExists) as exc:
                if time.monotonic() > deadline:
                    locked = (f" ({self.lock_file(ref)} exists; if no git ledger or git "
                              "command is running, remove it)"
                              if self.lock_file(ref).exists() else "")
                    raise ConcurrentUpdate(
                        f"{ref} kept changing or stayed locked for {retry_seconds:g}s; "
                        f"nothing was written{locked}"
                    ) from None
                if not isinstance(exc, _RefExists) and not _is_race(exc):
                    raise RepositoryError(f"cannot update {ref}: {_reason(exc)}; nothing "
                                          "was written") from None
                stale = self._stale_lock_minutes(ref)
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
        change = _carrying_seq(TreeView(self.git, base.tree, parent), change)
        tree = self._write_tree(base.tree, _split_changes(change.files))
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

    def _stale_lock_minutes(self, ref: str) -> float | None:
        """The age of ``ref``'s lock when it is too old for a live writer to hold it."""
        try:
            age = (time.time() - self.lock_file(ref).stat().st_mtime) / 60
        except OSError:
            return None
        return age if age >= STALE_LOCK_MINUTES else None

    def archive(self, ref: str, expected_tip: str, message: str) -> tuple[str, str]:
        """Archive the session ledger at ``ref`` in this month's chain, never losing it.

        Two steps, each under its ref's lock, in the order a crash cannot make lossy: a
        commit archiving the ledger's tip (authored by the writer, ``message`` its
        message) is added to this clone's chain for the month, then the session ref is
        removed if it still points at ``expected_tip``.  Killed between them, both hold
        the same content, and archiving again finishes the job.  A ledger archived as a
        format-2 tag before goes on as one.  Returns (the archive's name, the commit that
        archived it, or the tag's id).  Raises ``LedgerMoved`` when the tip is no longer
        ``expected_tip``.
        """
        name = ref.removeprefix(SESSIONS_PREFIX)
        target = ARCHIVE_PREFIX + name
        existing = self.git.references.get(target)
        tag: pygit2.Oid | str
        if existing is None:
            # A format-3 month chain may hold an earlier archive of it (not yet migrated):
            # the tag made now holds the ledger's newest state, and is read before it.
            chained = self.chained(target)
            if chained is not None and chained.commit != expected_tip and \
                    not self.git.descendant_of(pygit2.Oid(hex=expected_tip),
                                               pygit2.Oid(hex=chained.commit)):
                raise CorruptLedger(f"{target} holds a ledger that is not an earlier state "
                                    f"of {ref}; git ledger doctor explains")
            made = self.write_tag(name, expected_tip, message)
            self._locked(target, lambda txn: self._set_new(txn, target, made, None, name))
            self.forget_archives()
            tag = made
        else:
            tagged = existing.peel(pygit2.Commit).id
            if str(tagged) == expected_tip:
                tag = existing.target  # an interrupted archive: only the removal is left
            elif self.git.descendant_of(pygit2.Oid(hex=expected_tip), tagged):
                # The ledger went on after the tag was set (a write racing this archive,
                # or work after an interrupted one): the archive follows it.
                followed = self.write_tag(name, expected_tip, message)
                old = existing.target
                self._locked(target,
                             lambda txn: self._set_new(txn, target, followed, old, name))
                tag = followed
            else:
                raise CorruptLedger(f"{target} holds a ledger that is not an earlier state "
                                    f"of {ref}; git ledger doctor explains")
        self._locked(ref, lambda txn: self._remove_at(txn, ref, expected_tip))
        return target, str(tag)

    def write_tag(self, name: str, tip: str, message: str,
                   tagger: pygit2.Signature | None = None) -> pygit2.Oid:
        """Write the annotated tag archiving ledger ``name`` at ``tip`` (no ref yet):
        signed as ``git tag -s`` signs when the user signs tags (``tag.gpgSign``), else
        by libgit2.  ``tagger``: who archived it (default: the committer, now)."""
        who = tagger or self.repo.person("COMMITTER").signature()
        if tag_signing_configured(self.git.config):
            return pygit2.Oid(hex=signed_tag(self.repo, name, tip, who, message))
        offset = who.offset
        zone = f"{'-' if offset < 0 else '+'}{abs(offset) // 60:02d}{abs(offset) % 60:02d}"
        raw = (
            f"object {tip}\ntype commit\ntag {name}\n"
            f"tagger {who.name} <{who.email}> {who.time} {zone}\n\n{message}"
        )
        return self.git.odb.write(ObjectType.TAG, raw.encode("utf-8"))

    def _set_new(self, txn: ReferenceTransaction, target: str, tag: pygit2.Oid,
                 old: object, name: str) -> None:
        """Set ``target`` to ``tag`` if it still holds ``old`` (None: does not exist)."""
        current = self.git.references.get(target)
        if (current.target if current is not None else None) != old:
            raise LedgerMoved(target)
        txn.set_target(target, tag, message=f"archive {name}")

    def _remove_at(self, txn: ReferenceTransaction, ref: str, tip: str) -> None:
        current = self.git.references.get(ref)
        if current is None:
            return  # removed already (an archive finished by another process)
        if str(current.target) != tip:
            raise LedgerMoved(ref)
        txn.remove(ref)

    def _locked(self, ref: str, action: Callable[[ReferenceTransaction], None]
                ) -> None:
        """Run ``action`` holding ``ref``'s lock.  A lock another writer holds is waited
        for (as ``update`` does); one left by a killed writer is an error naming it."""
        deadline = time.monotonic() + _retry_seconds()
        delay = 0.001
        while True:
            try:
                with self.git.transaction() as txn:
                    txn.lock_ref(ref)
                    action(txn)
                return
            except (pygit2.GitError, OSError) as exc:
                if not _is_race(exc):
                    raise RepositoryError(f"cannot update {ref}: {exc}") from None
                if time.monotonic() > deadline or self._stale_lock_minutes(ref) is not None:
                    raise ConcurrentUpdate(
                        f"{ref} is locked ({self.lock_file(ref)} exists); if no git ledger "
                        "or git command is running, remove it") from None
                time.sleep(random.uniform(0, delay))
                delay = min(delay * 2, 0.05)

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
        self._locked(ref, lambda txn: self._remove_at(txn, ref, expected))

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

    def arrived(self, commit: str, path: str, limit: int = ARRIVAL_WALK) -> datetime | None:
        """When ``path`` came into the ledger whose tip is ``commit``: the committer time of
        the oldest commit of its first-parent chain, back from ``commit``, that holds it
        (at most ``limit`` commits back), or of a commit before it if one says later: a
        commit cannot come before the history it builds on.  None when ``commit`` does
        not hold it.

        What a history says, where a blob's ``created`` is whatever its writer typed, and
        a commit's date too (``commit-tree`` takes any): one dated 2000 on top of this
        year's commits arrived no earlier than they did."""
        try:
            cursor = self.git[pygit2.Oid(hex=commit)]
            found = None
            walked = 0
            while walked < limit:
                walked += 1
                if not isinstance(cursor, pygit2.Commit) or path not in cursor.tree:
                    break
                found = cursor
                if not cursor.parent_ids:
                    break
                cursor = self.git[cursor.parent_ids[0]]
            if found is None:
                return None
            latest = self._settled(found, max(1, limit - walked))
        except (KeyError, ValueError, pygit2.GitError):
            return None
        offset = timezone(timedelta(minutes=latest[1]))
        return datetime.fromtimestamp(latest[0], offset)

    def _settled(self, start: pygit2.Commit, limit: int) -> tuple[int, int]:
        """(time, offset) of the latest committer time on ``start``'s first-parent chain,
        back to its root (at most ``limit`` commits), remembered for every commit walked:
        the pairs a check orders share their ledger's history."""
        memo = self._latest
        chain: list[pygit2.Commit] = []
        step: pygit2.Commit | pygit2.Object | None = start
        below = (0, 0)  # earlier than any commit: the chain's own times decide
        while isinstance(step, pygit2.Commit) and len(chain) < limit:
            if step.id in memo:
                below = memo[step.id]
                break
            chain.append(step)
            step = self.git.get(step.parent_ids[0]) if step.parent_ids else None
        for found in reversed(chain):
            if found.commit_time >= below[0]:
                below = (found.commit_time, found.commit_time_offset)
            memo[found.id] = below
        return memo.get(start.id, below)

    def commit_time(self, sha: str) -> datetime:
        """When commit ``sha`` was made (its committer time, in its own offset)."""
        obj = self.git[pygit2.Oid(hex=sha)]
        assert isinstance(obj, pygit2.Commit)
        return datetime.fromtimestamp(obj.commit_time,
                                      timezone(timedelta(minutes=obj.commit_time_offset)))

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

    def _move_ref(self, ref: str, commit: pygit2.Oid, expected: str, subject: str) -> None:
        """Move ``ref`` to ``commit`` if, under its lock, it still points at ``expected``:
        the compare-and-swap of every write.

        Not ``create_commit(ref, …)``: libgit2 checks the first parent only when the ref
        exists, so a write racing an archive that had just deleted the session ref would
        bring the ref back, holding an entry no reader looks for.
        """
        with self.git.transaction() as txn:
            txn.lock_ref(ref)
            current = self.git.references.get(ref)
            if current is None or str(current.target) != expected:
                raise _RefExists(ref)  # moved or removed: compute again from the new state
            txn.set_target(ref, commit, message=f"commit: {subject}")

    def _create_ref(self, ref: str, commit: pygit2.Oid, subject: str) -> None:
        """Create ``ref`` at ``commit`` if, and only if, it does not exist yet.

        Neither ``create_commit(ref, ..., [])`` nor a non-forced ``create_reference``
        will do: libgit2 checks that the ref is absent *before* it takes the ref's lock,
        so two writers starting one ledger can both succeed, and the later one resets the
        ref to its root commit, dropping whatever the first had appended meanwhile.  A ref
        transaction takes the lock first; the check made while holding it is final.
        """
        with self.git.transaction() as txn:
            txn.lock_ref(ref)
            if self.git.references.get(ref) is not None:
                raise _RefExists(ref)  # leaving the block unlocks without writing
            # (pygit2 1.21 cannot pass a Signature here; a reflog, if one is kept, gets
            # libgit2's default identity.)
            txn.set_target(ref, commit, message=f"commit (initial): {subject}")

    def _write_tree(self, base: pygit2.Tree | None, changes: _Changes) -> pygit2.Oid:
        return self._write_subtree(base, changes, root=True)[0]

    def _write_hooked(self, ref: str, view: TreeView | None, base: pygit2.Tree | None,
                      files: Mapping[str, bytes | BlobRef | None]) -> pygit2.Oid:
        """The tree of a write to ``ref``: the change, and what its write hooks derive
        from it.  The entries subtree is written first, so a hook learns its id without a
        second root tree being written and thrown away."""
        hooks = self._hooks.get(ref)
        changes = _split_changes(files)
        if not hooks:
            return self._write_tree(base, changes)
        entries = changes.pop(ENTRIES_DIR, None)
        existing = base[ENTRIES_DIR] if base is not None and ENTRIES_DIR in base else None
        old = existing if isinstance(existing, pygit2.Tree) else None
        if isinstance(entries, dict):
            written, size = self._write_subtree(old, entries)  # type: ignore[arg-type]
            entries_id = str(written) if size else None
        else:
            entries_id = str(old.id) if old is not None else None
        if entries_id is not None:
            changes[ENTRIES_DIR] = _Subtree(entries_id)  # type: ignore[assignment]
        elif old is not None:
            changes[ENTRIES_DIR] = None
        for hook in hooks:
            changes.update(hook(view, files, entries_id))
        return self._write_tree(base, changes)

    def _write_subtree(
        self, base: pygit2.Tree | None, changes: _Changes, *, root: bool = False,
    ) -> tuple[pygit2.Oid, int]:
        """Write ``base`` with ``changes`` applied; the new tree and how many entries it has.

        Only the trees on the changed paths are rewritten (an append touches the root,
        ``entries`` and its two fan-out levels, whatever the ledger's size), and no tree is
        read back after it is written.
        """
        builder = self.git.TreeBuilder(base) if base is not None else self.git.TreeBuilder()
        for name, change in changes.items():
            if isinstance(change, dict):
                sub_base = None
                if base is not None and name in base:
                    existing = base[name]
                    sub_base = existing if isinstance(existing, pygit2.Tree) else None
                sub, size = self._write_subtree(sub_base, change)  # type: ignore[arg-type]
                if size == 0:
                    if builder.get(name) is not None:
                        builder.remove(name)
                else:
                    builder.insert(name, sub, FileMode.TREE)
            elif change is None:
                if builder.get(name) is not None:
                    builder.remove(name)
            elif isinstance(change, _Subtree):
                builder.insert(name, pygit2.Oid(hex=change.id), FileMode.TREE)
            elif isinstance(change, BlobRef):
                builder.insert(name, pygit2.Oid(hex=change.id), FileMode.BLOB)
            else:
                assert isinstance(change, bytes)
                builder.insert(name, self.git.create_blob(change), FileMode.BLOB)
        size = len(builder)
        if size == 0 and not root:
            # An emptied subtree (or one whose every change removed something it did not
            # have) is dropped by its parent: writing it would only leave a dangling empty
            # tree for fsck to report.  Its id is never used.
            return base.id if base is not None else _NO_TREE, 0
        return builder.write(), size


@dataclass(frozen=True)
class _Subtree:
    """A subtree already written (``_write_hooked``), inserted by its id."""

    id: str


#: What ``_write_subtree`` returns for a subtree it did not write (its parent drops it).
_NO_TREE = pygit2.Oid(raw=bytes(20))


def seq_of(message: str) -> int | None:
    """The last ``Ledger-Seq`` trailer of a commit message (None: none, or not a count)."""
    prefix = f"{SEQ_TRAILER}: "
    for line in reversed(message.splitlines()):
        if not line.strip():
            return None  # the trailers are the message's last paragraph
        value = line.removeprefix(prefix)
        if value != line:
            # A count of entries, bounded: a hostile trailer cannot make a huge number.
            return int(value) if value.isascii() and value.isdigit() and len(value) <= 12 \
                else None
    return None


def _carrying_seq(tip: TreeView | None, change: Change) -> Change:
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


def valid_ref_name(name: str) -> bool:
    """Whether git accepts ``name`` as a full ref name (``refs/…``)."""
    return bool(pygit2.reference_is_valid_name(name))


def blob_id_of(data: bytes) -> str:
    """The id ``data`` has, or would have, as a blob: without writing it."""
    return str(pygit2.hash(data))


def _retry_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get(RETRY_ENV, "") or RETRY_SECONDS))
    except ValueError:
        return RETRY_SECONDS


#: Seconds after which the worktree pointer's lock is taken for one a killed process left.
POINTER_LOCK_STALE_SECONDS = 2.0


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except FileNotFoundError:
        return False


def _reason(exc: BaseException) -> str:
    """An OSError's own words (``No space left on device``) rather than its repr."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return " ".join(str(exc).split())


def _split_changes(files: Mapping[str, bytes | BlobRef | None]) -> _Changes:
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


class LedgerMoved(Exception):
    """The ledger's tip moved between reading it and locking it: compute again."""


class _RefExists(Exception):
    """Another writer created the ledger's ref first."""


#: What libgit2 says when another writer won the race for the ref.  The lock failure is
#: an ``OSError`` in pygit2 (libgit2 files it under the OS error class).
_RACE_MESSAGES = (
    "not the first parent",  # the tip moved before we locked the ref
    "old reference value does not match",  # ... or between reading it and locking it
    "failed to lock file",  # another writer holds the ref lock ...
    "failed to create locked file",  # ... (both spellings of it)
)


def _is_race(exc: Exception) -> bool:
    message = str(exc).lower()
    if "permission denied" in message or "read-only" in message:
        return False
    return any(text in message for text in _RACE_MESSAGES)


def _event(commit: pygit2.Commit) -> Event:
    message = commit.message
    author = author_of(commit)
    offset = timezone(timedelta(minutes=author.offset))
    return Event(
        commit=str(commit.id),
        parents=tuple(str(p) for p in commit.parent_ids),
        subject=message.split("\n", 1)[0],
        trailers=parse_trailers(message),
        author=f"{author.name} <{author.email}>",
        time=datetime.fromtimestamp(author.time, offset),
    )


def _workdir_of(gitdir: Path, repo: Repo) -> Path:
    if gitdir == repo.gitdir:
        return repo.workdir  # right even for a --separate-git-dir layout
    if gitdir == repo.commondir:
        return gitdir.parent
    try:
        # A linked worktree's git dir has a "gitdir" file naming <worktree>/.git.
        return Path((gitdir / "gitdir").read_text(encoding="utf-8").strip()).parent
    except OSError:
        return gitdir
