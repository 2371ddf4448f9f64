"""Reading the objects under ``refs/ledger/`` without trusting them: what ``doctor`` sees.

Other readers go through ``Store.tip`` and give up at the first fault; doctor must name each
fault and go on, so it reads refs and chains through here.  Wording findings is doctor's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

import pygit2
from pygit2.enums import ReferenceType

from gitledger.errors import CorruptLedger
from gitledger.storage.bounded import checked_blob
from gitledger.storage.layout import ARCHIVE_PREFIX, SESSIONS_PREFIX
from gitledger.storage.ref_writes import remove_if_free
from gitledger.storage.store import Store, TreeView

#: What reading through an object the repository lacks raises: libgit2 says it in more
#: than one way, depending on which object of a chain is gone.
MISSING_OBJECT_ERRORS = (KeyError, ValueError, pygit2.GitError)


@dataclass(frozen=True)
class Head:
    """What one ref points at, read without assuming it is what its name promises."""

    #: The object id; for a symbolic ref, the name of the ref it points to.
    target: str
    symbolic: bool = False
    #: ``commit``, ``tag``, ``tree`` or ``blob``; None when the object is missing.
    kind: str | None = None
    #: For an annotated tag: the object it names, and that object's kind (None: missing).
    tagged: str | None = None
    tagged_kind: str | None = None


@dataclass(frozen=True)
class Link:
    """One commit of a chain, with its tree (a view without a commit: read, not cached)."""

    commit: str
    view: TreeView


@dataclass(frozen=True)
class Gap:
    """An object a chain walk needed and the repository lacks; the walk ends with it."""

    #: The commit being read when the gap was found.
    commit: str
    missing: str
    #: Which of that commit's objects: its tree, a parent after the first, or the first.
    part: Literal["tree", "other-parent", "first-parent"]


def read_head(store: Store, ref: str) -> Head | None:
    """What ``ref`` points at; None when there is no such ref (or no such ref name)."""
    try:
        reference = store.git.references[ref]
    except (KeyError, pygit2.InvalidSpecError):
        return None
    if reference.type == ReferenceType.SYMBOLIC:
        return Head(str(reference.target), symbolic=True)
    target = str(reference.target)
    obj = store.git.get(target)
    if not isinstance(obj, pygit2.Tag):
        return Head(target, kind=obj.type_str if obj is not None else None)
    tagged = str(obj.target)
    return Head(target, kind="tag", tagged=tagged, tagged_kind=object_kind(store, tagged))


def object_kind(store: Store, sha: str) -> str | None:
    """``commit``, ``tag``, ``tree`` or ``blob``; None when the repository lacks ``sha``."""
    obj = store.git.get(sha)
    return obj.type_str if obj is not None else None


def blob_data(store: Store, blob_id: str) -> bytes:
    """The content of blob ``blob_id``; CorruptLedger when it is missing or not a blob."""
    return checked_blob(store.git, pygit2.Oid(hex=blob_id))  # its header first


def walk_chain(store: Store, tip: str) -> Iterator[Link | Gap]:
    """The first-parent chain from commit ``tip`` back to its root, one ``Link`` a commit.

    A commit's parents are looked at only when the next link is asked for, so a caller
    that stops at a bad commit reads nothing older.  A ``Gap`` is the last item: the
    commit's tree, a parent after the first, or the first parent is missing (or the first
    parent is no commit).  CorruptLedger when ``tip`` itself is no commit.
    """
    commit = store.git.get(tip)
    if not isinstance(commit, pygit2.Commit):
        raise CorruptLedger(f"{tip[:12]} is not a commit")
    while True:
        try:
            tree = commit.tree
        except MISSING_OBJECT_ERRORS:
            yield Gap(str(commit.id), str(commit.tree_id), "tree")
            return
        yield Link(str(commit.id), TreeView(store.git, tree))
        for extra in commit.parent_ids[1:]:
            if not store.git.odb.exists(extra):
                yield Gap(str(commit.id), str(extra), "other-parent")
                return
        if not commit.parent_ids:
            return
        parent = store.git.get(commit.parent_ids[0])
        if not isinstance(parent, pygit2.Commit):
            yield Gap(str(commit.id), str(commit.parent_ids[0]), "first-parent")
            return
        commit = parent


def archived_copy(store: Store, ref: str) -> str | None:
    """The tip of session ``ref`` when its archive (tag, or month chain) holds that very
    commit (an archive stopped before removing the session ref), else None."""
    archived = ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX)
    try:
        session_tip = store.git.references[ref].target
        if store.reference(archived) is None:
            chained = store.chained(archived)
            return str(session_tip) if chained and chained.commit == str(session_tip) else None
        tagged = store.git.references[archived].peel(pygit2.Commit).id
    except MISSING_OBJECT_ERRORS:
        return None
    return str(session_tip) if tagged == session_tip else None


def remove_ref_if_free(store: Store, ref: str, expected: str) -> bool:
    """``ref_writes.remove_if_free`` in ``store``'s repository (``Store.remove_ref`` waits
    for the lock: a repair runs once, and a held lock has a finding of its own)."""
    return remove_if_free(store.git, ref, expected)
