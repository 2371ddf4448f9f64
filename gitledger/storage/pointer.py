"""Which ledger this worktree uses (the pointer file in its git dir), this clone's id, and
where every worktree of the repository is.

Two processes starting a worktree's first ledger at once must agree on one name: a pointer
(and the clone id) is written aside and published with a hard link, which fails if it
already exists.
"""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygit2

from gitledger.core.ids import ALPHABET
from gitledger.derived.files import write_atomic
from gitledger.errors import ConcurrentUpdate, CorruptLedger, LedgerError, RepositoryError
from gitledger.storage.layout import ARCHIVE_PREFIX, CLONE_ID_FILE, POINTER_FILE, SESSIONS_PREFIX
from gitledger.storage.month_chains import chain_ref, month_of
from gitledger.storage.ref_writes import remove_if_free
from gitledger.storage.repo import Repo, now

if TYPE_CHECKING:
    from gitledger.storage.store import Store

#: Seconds after which the worktree pointer's lock is taken for one a killed process left.
POINTER_LOCK_STALE_SECONDS = 2.0


def worktree_ref(store: Store) -> str | None:
    """The session ledger ref this worktree's git dir points at, if any."""
    path = store.pointer_path
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise CorruptLedger(f"cannot read {path}: {exc}") from None
    if not text.startswith(SESSIONS_PREFIX) or not pygit2.reference_is_valid_name(text):
        raise CorruptLedger(
            f"{path} does not name a ledger ref ('{text[:80]}'); "
            "remove the file to start a new ledger"
        )
    if _archive_interrupted(store, text):
        return _finish_archive(store, text)
    return text


def _archive_interrupted(store: Store, ref: str) -> bool:
    """Whether an archive of ``ref`` set its tag (or its event in this month's chain) but
    was stopped before removing the session ref (both hold the same commit): the ledger
    counts as archived.  Asked on every read of the pointer, so only this month's chain is
    looked at (one tree entry); doctor finds an older one."""
    name = ref.removeprefix(SESSIONS_PREFIX)
    archived = store.git.references.get(ARCHIVE_PREFIX + name)
    current = store.git.references.get(ref)
    if current is None:
        return False
    if archived is None:
        return _in_this_months_chain(store, name, str(current.target))
    try:
        return bool(archived.peel(pygit2.Commit).id == current.target)
    except (KeyError, ValueError, pygit2.GitError):
        return False


def _in_this_months_chain(store: Store, name: str, tip: str) -> bool:
    clone = clone_id(store.repo, create=False)
    if clone is None:
        return False
    try:  # the month an archive made now would go to (the committer date: git's own)
        month = month_of(store.repo.person("COMMITTER").when)
    except LedgerError:
        month = month_of(now())
    chain = store.git.references.get(chain_ref(month, clone))
    if chain is None:
        return False
    try:
        entry = chain.peel(pygit2.Tree)[name]
    except (KeyError, ValueError, pygit2.GitError):
        return False
    commit = store.git.get(tip)
    if not isinstance(commit, pygit2.Commit) or entry.id != commit.tree_id:
        return False
    chained = store.chained(ARCHIVE_PREFIX + name)
    return chained is not None and chained.commit == tip


def clone_id(repo: Repo, *, create: bool = True) -> str | None:
    """The name this clone's month chains carry (``ledger-clone-id`` in the common git
    dir), made at its first archive: written aside and linked into place, so two processes
    agree on one and a killed one leaves no lock behind."""
    path = repo.commondir / CLONE_ID_FILE
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
            return clone_id(repo, create=False) or made  # another process won
    except OSError as exc:
        raise RepositoryError(f"cannot write {path}: {exc}") from None
    finally:
        temp.unlink(missing_ok=True)
    return made


def _finish_archive(store: Store, ref: str) -> str | None:
    """Finish an interrupted archive: the worktree moves on to a fresh ledger name, and the
    session ref (a copy of the archive) goes if its lock can be had at once.  Every read
    of the pointer comes here: a lock the killed archive left must not make it wait."""
    current = store.git.references.get(ref)
    if current is not None:
        # Its lock held (left by the kill): doctor reports the ref; the archive is whole.
        remove_if_free(store.git, ref, str(current.target))
    try:
        return replace_worktree_ref(store.pointer_path, ref)
    except OSError:
        return None  # a read-only git dir: no ledger to read here, as after the archive


def ensure_worktree_ref(store: Store) -> str:
    """The worktree's ledger ref, choosing a fresh unique name on first use."""
    existing = worktree_ref(store)
    if existing and not _archived(store, existing):
        return existing
    if existing:
        # The ledger was archived (a crash may have kept the old pointer): its name is
        # spent, this worktree's next ledger gets a new one.
        return replace_worktree_ref(store.pointer_path, existing)
    pointer = store.pointer_path
    ref = SESSIONS_PREFIX + "".join(secrets.choice(ALPHABET) for _ in range(10))
    temp = pointer.with_name(f"{POINTER_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    temp.write_text(ref + "\n", encoding="utf-8")
    try:
        os.link(temp, pointer)
    except FileExistsError:
        pass
    finally:
        temp.unlink()
    found = worktree_ref(store)
    assert found is not None
    return found


def replace_worktree_ref(pointer: Path, spent: str | None = None) -> str:
    """Point the worktree whose pointer file is ``pointer`` at a fresh ledger name (its
    ledger ``spent`` was archived).

    Two processes that both find the ledger archived (the archive itself, and a write
    racing it) must move on to one new name, not two: under a lock on the pointer, a
    pointer that no longer names ``spent`` is another's move, and is kept.
    """
    lock = pointer.with_name(f"{POINTER_FILE}.lock")
    deadline = time.monotonic() + 5
    while True:
        try:
            handle = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            break
        except FileExistsError:
            if _older_than(lock, POINTER_LOCK_STALE_SECONDS):
                # A holder keeps it for the microseconds of one rename: this one was left
                # by a killed process, and would block every write here.
                lock.unlink(missing_ok=True)
                continue
            if time.monotonic() > deadline:
                raise ConcurrentUpdate(f"{lock} exists; if no git ledger is running, "
                                       "remove it") from None
            time.sleep(0.005)
    try:
        os.close(handle)
        try:
            current = pointer.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            current = ""
        if spent is not None and current and current != spent:
            return current
        ref = SESSIONS_PREFIX + "".join(secrets.choice(ALPHABET) for _ in range(10))
        write_atomic(pointer, ref + "\n")
        return ref
    finally:
        lock.unlink(missing_ok=True)


def _archived(store: Store, ref: str) -> bool:
    name = ref.removeprefix(SESSIONS_PREFIX)
    return not store.exists(ref) and store.exists(ARCHIVE_PREFIX + name)


def _older_than(path: Path, seconds: float) -> bool:
    try:
        return time.time() - path.stat().st_mtime > seconds
    except FileNotFoundError:
        return False


def worktree_gitdirs(repo: Repo) -> list[Path]:
    """The git dir of every worktree: the common one first, then each linked one's."""
    gitdirs = [repo.commondir]
    worktrees = repo.commondir / "worktrees"
    if worktrees.is_dir():
        gitdirs.extend(sorted(p for p in worktrees.iterdir() if p.is_dir()))
    return gitdirs


def worktree_roots(repo: Repo) -> list[Path]:
    """The top of every work tree of this repository (none for a bare one): the main one
    first, then each linked one's."""
    roots: list[Path] = []
    for gitdir in worktree_gitdirs(repo):
        if gitdir == repo.gitdir:
            root: Path | None = None if repo.bare else repo.workdir
        elif gitdir == repo.commondir:
            # Seen from a linked worktree: the main one is <top>/.git, or bare.
            root = gitdir.parent if gitdir.name == ".git" else None
        else:
            root = _workdir_of(gitdir, repo)
            root = None if root == gitdir else root
        if root is not None and root not in roots:
            roots.append(root)
    return roots


def worktree_pointers(repo: Repo) -> dict[str, Path]:
    """Which worktree (by work tree path) points at which ledger ref."""
    found: dict[str, Path] = {}
    for gitdir in worktree_gitdirs(repo):
        try:
            ref = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
        found[ref] = _workdir_of(gitdir, repo)
    return found


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
