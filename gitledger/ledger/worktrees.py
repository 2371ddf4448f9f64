"""Ledgers whose worktree is gone, and ``adopt``: attaching one to the worktree that should
continue it.

A fetched ledger is never continued under its owner's name: ``adopt`` makes a copy this
clone owns under a fresh id, on top of the fetched history so authorship stays.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass, replace

from gitledger.core.codec import encode_meta
from gitledger.core.ids import ALPHABET
from gitledger.core.model import Change
from gitledger.derived import files
from gitledger.errors import (
    ConcurrentUpdate,
    InvalidInput,
    UnknownEntry,
)
from gitledger.ledger import path_index
from gitledger.ledger.reader import archive_refs, resolve_ledger_name
from gitledger.ledger.tree import count_entries, read_header
from gitledger.ledger.worktree_pointers import live_worktree, pointers
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    META_PATH,
    POINTER_FILE,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
)
from gitledger.storage.repo import Repo
from gitledger.storage.store import LOCK_ERRORS, LedgerMoved, Store


@dataclass(frozen=True)
class AdoptResult:
    ref: str  # the ledger this worktree now continues
    previous: str | None  # the ledger the pointer named before (None: no pointer)
    adopted: bool  # False: it already was this worktree's ledger
    entries: int
    task: str | None
    #: Pointer files of gone worktrees that named the ledger, removed so it is never shared.
    released: tuple[str, ...] = ()
    #: The previous ledger, empty, left as an orphan (None if there was none to leave).
    left: str | None = None
    #: For a remote's ledger: the mirror it was copied from (``ref`` is the new copy).
    copied_from: str | None = None


def adopt(where: str | os.PathLike[str] | None, name: str) -> AdoptResult:
    """Attach an existing session ledger to this worktree, which continues it.

    Refused when this worktree's own ledger holds anything (archive it first), when the
    target is the project ledger or an archive, and when another live worktree uses it:
    a ledger is never shared by two worktrees.
    """
    store = Store(Repo(where))
    ref = _adoptable(store, name)
    mirror: str | None = None
    previous = store.worktree_ref()
    if ref.startswith(REMOTES_PREFIX):
        mirror = ref
    elif previous == ref:
        view = store.tip(ref).view
        assert view is not None
        return AdoptResult(ref, previous, False, count_entries(view),
                           read_header(ref, view)[1].task)
    left = _refuse_own_content(store, previous)
    if mirror is not None:
        ref = _copy_of_mirror(store, mirror)
    for attempt in range(50):
        try:
            return replace(_adopt_locked(store, ref, previous, left), copied_from=mirror)
        except LOCK_ERRORS as exc:
            if "lock" not in str(exc).lower() or attempt == 49:
                raise ConcurrentUpdate(f"cannot lock {ref} to adopt it ({exc}); "
                                       "nothing was changed") from None
            time.sleep(0.02)
    raise AssertionError("unreachable")


def _copy_of_mirror(store: Store, mirror: str) -> str:
    """A new session ledger of this clone's holding what the mirror ``mirror`` holds: one
    commit on top of the fetched tip that gives it a fresh id and says where it came from.
    Its ref, which no other adopt can have taken (the name is new)."""
    fetched = store.peeled(store.refs_under(mirror)[mirror])
    view = store.view_at(fetched)
    meta, _ = read_header(mirror, view)
    person = store.repo.person()
    source = f"{mirror_remote(mirror)}/{mirror.rsplit('/', 1)[-1]}"
    for _ in range(10):
        ledger_id = "".join(secrets.choice(ALPHABET) for _ in range(10))
        ref = SESSIONS_PREFIX + ledger_id
        if store.exists(ref) or store.exists(ARCHIVE_PREFIX + ledger_id):
            continue
        copied = replace(meta, id=ledger_id, created=person.when, created_by=person.ident,
                         session_id=None,
                         extra={**meta.extra, "adopted_from": source,
                                "adopted_commit": fetched})
        change = Change(f"adopt {source} as {ledger_id}",
                        (("Ledger-Event", "adopt"),
                         ("Ledger-Adopted-From", f"{mirror} {fetched}")),
                        {META_PATH: encode_meta(copied)})
        try:
            store.set_ref(ref, store.commit_change(fetched, change), None,
                          f"ledger: adopted copy of {source}")
        except LedgerMoved:
            continue
        return ref
    raise ConcurrentUpdate("could not choose a fresh ledger id for the copy; nothing was "
                           "changed")


def mirror_remote(mirror: str) -> str:
    """The remote a mirror ref was fetched from."""
    return mirror.removeprefix(REMOTES_PREFIX).split("/", 1)[0]


def _adoptable(store: Store, name: str) -> str:
    if not name.strip():
        raise InvalidInput("adopt needs the ledger to continue: an id, prefix or ref "
                           "(git ledger list shows them)")
    if name in ("project", PROJECT_REF):
        raise InvalidInput("the project ledger is shared by every worktree and cannot be "
                           "adopted; write to it with --project")
    try:
        ref = resolve_ledger_name(store, name)
    except UnknownEntry:
        archived = [r for r in archive_refs(store)
                    if r.startswith(ARCHIVE_PREFIX + name.removeprefix(ARCHIVE_PREFIX))]
        if archived and not name.startswith("refs/"):
            raise InvalidInput(
                f"'{name}' is archived ({archived[0]}), and archives are read-only: read "
                f"it with git ledger show --archive {name}; start a new ledger here instead"
            ) from None
        raise
    if ref.startswith(REMOTES_PREFIX) and "/sessions/" in ref:
        return ref
    if not ref.startswith(SESSIONS_PREFIX):
        raise InvalidInput(f"{ref} is not a session ledger: only a session ledger "
                           f"({SESSIONS_PREFIX}<id>) belongs to a worktree")
    return ref


def _refuse_own_content(store: Store, previous: str | None) -> str | None:
    """Refuse if this worktree's ledger holds anything; the empty one left behind, if any."""
    if previous is None or not store.exists(previous):
        return None
    tip = store.tip(previous)
    if tip.view is None:
        return None
    meta, focus = read_header(previous, tip.view)
    entries = count_entries(tip.view)
    if entries or focus.task or focus.next:
        held = f"{entries} entr{'y' if entries == 1 else 'ies'}" if entries else "a TASK"
        raise InvalidInput(
            f"this worktree's ledger {meta.id} holds {held}; a worktree has one ledger: "
            "archive it first (git ledger archive), then adopt again"
        )
    return previous


def _adopt_locked(store: Store, ref: str, previous: str | None,
                  left: str | None) -> AdoptResult:
    """Under the ledger ref's lock (which ``archive`` and another ``adopt`` take too):
    check it is still there and nobody else's, then point this worktree at it."""
    with store.locked(ref):
        tip = store.tip(ref)
        if tip.view is None:
            raise UnknownEntry(f"{ref} is gone (archived meanwhile?); nothing was changed")
        _, focus = read_header(ref, tip.view)
        ledger_id = ref.removeprefix(SESSIONS_PREFIX)
        if store.exists(ARCHIVE_PREFIX + ledger_id):
            raise InvalidInput(f"{ref} is being archived (or its archiving was interrupted): "
                               f"finish it with git ledger archive --ledger {ledger_id}")
        other = live_worktree(store, ref, besides=store.repo.gitdir)
        if other is not None:
            how = ("it is locked (git worktree lock) and may come back" if other.locked
                   else "a ledger belongs to one worktree")
            raise InvalidInput(
                f"{ref} is the ledger of the worktree at {other.worktree}, and {how}: "
                "continue it there, or archive it there first"
            )
        _publish_pointer(store, ref, previous)
        released = _release_stale(store, ref)
        # Leaving the block with the lock taken and nothing set unlocks, writing nothing.
    path_index.refresh(store)
    return AdoptResult(ref, previous, True, count_entries(tip.view), focus.task,
                       released, left)


def _publish_pointer(store: Store, ref: str, previous: str | None) -> None:
    path = store.pointer_path
    temp = path.with_name(f"{POINTER_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    temp.write_text(ref + "\n", encoding="utf-8")
    try:
        if previous is None:
            try:
                os.link(temp, path)  # fails if a write started a ledger here meanwhile
            except FileExistsError:
                raise ConcurrentUpdate(
                    "this worktree started a ledger of its own meanwhile; nothing was "
                    "changed (run git ledger adopt again to see why it is refused)"
                ) from None
        else:
            if store.worktree_ref() != previous:
                raise ConcurrentUpdate("this worktree's ledger changed meanwhile; nothing "
                                       "was changed")
            files.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def _release_stale(store: Store, ref: str) -> tuple[str, ...]:
    """Remove the pointer files of gone worktrees that still name ``ref``."""
    released: list[str] = []
    for pointer in pointers(store):
        if pointer.ref != ref or pointer.alive or pointer.gitdir == store.repo.gitdir:
            continue
        try:
            (pointer.gitdir / POINTER_FILE).unlink()
        except OSError:
            continue
        released.append(str(pointer.gitdir))
    return tuple(released)
