"""Bounded reads: a ledger blob's size is checked before it is read, never after.

Anyone who can push chooses a blob's content, and a huge blob of one repeated byte packs
small, so every read asks the object header for the size first (without inflating), and
``oversized`` lets a pull refuse a fetched ledger holding such a blob before merging it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygit2
from pygit2.enums import ObjectType

from gitledger.core.text import LINE_LIMIT, TEXT_LIMIT
from gitledger.errors import CorruptLedger

#: UTF-8 takes at most 4 bytes a character, and TOML's escapes (``\"``, ``\n``) at most 2.
_BYTES_A_CHAR = 4
#: The free-text fields an entry can have (text, question, because, rejected_why, why, by,
#: note, deployed_result), each up to TEXT_LIMIT characters.
_TEXT_FIELDS = 8
#: One-line values (scope, path, ids, the deploy receipt, and generously many rejected
#: alternatives and evidence items), each up to LINE_LIMIT characters.
_LINE_VALUES = 1024
#: The largest entry a write can make is about 2.1 MB (the fields above, full); twice that
#: leaves room for keys, quoting and fields a later version adds.
MAX_LEDGER_BLOB = 2 * _BYTES_A_CHAR * (_TEXT_FIELDS * TEXT_LIMIT + _LINE_VALUES * LINE_LIMIT)


@dataclass(frozen=True)
class Oversized:
    """A blob too big to be a ledger's, where a fetched ledger holds it."""

    commit: str
    path: str
    size: int

    def __str__(self) -> str:
        return (f"its commit {self.commit[:12]} holds {self.path}, {self.size:,} bytes, over "
                f"the {MAX_LEDGER_BLOB:,} a ledger file can be (not read)")


def blob_size(git: pygit2.Repository, oid: pygit2.Oid) -> int:
    """The size of blob ``oid`` from its header, without inflating it; CorruptLedger
    when it is missing or not a blob."""
    try:
        kind, size = git.odb.read_header(oid)
    except (KeyError, ValueError, pygit2.GitError):
        raise CorruptLedger(f"{str(oid)[:12]} is missing, not a file") from None
    if kind != ObjectType.BLOB:
        raise CorruptLedger(f"{str(oid)[:12]} is a {ObjectType(kind).name.lower()}, not a file")
    return int(size)


def checked_blob(git: pygit2.Repository, oid: pygit2.Oid,
                 limit: int | None = MAX_LEDGER_BLOB) -> bytes:
    """The content of blob ``oid``, read only when its header says it fits ``limit``
    (None: any size); CorruptLedger otherwise."""
    size = blob_size(git, oid)
    if limit is not None and size > limit:
        raise CorruptLedger(f"{str(oid)[:12]} is {size:,} bytes, over the {limit:,} a "
                            "ledger file can be (not read)")
    return bytes(git[oid].data)  # type: ignore[attr-defined]


def oversized(git: pygit2.Repository, tip: str, known: Iterable[str] = (),
              limit: int = MAX_LEDGER_BLOB) -> Oversized | None:
    """The first blob over ``limit`` that the commits from ``tip`` back bring (those
    ``known`` commits reach are left out: they are here already), or None.

    Each commit is compared with its first parent, subtrees with the same id are never
    opened and a blob is looked at once, by its header: the cost follows what changed."""
    walker = git.walk(pygit2.Oid(hex=tip), pygit2.enums.SortMode.TOPOLOGICAL)
    for sha in known:
        try:
            walker.hide(pygit2.Oid(hex=sha))
        except (KeyError, ValueError, pygit2.GitError):
            continue
    seen: set[pygit2.Oid] = set()
    for commit in walker:
        parent = commit.parents[0].tree if commit.parents else None
        found = _first_over(git, "", parent, commit.tree, seen, limit)
        if found is not None:
            return Oversized(str(commit.id), found[0], found[1])
    return None


def _first_over(git: pygit2.Repository, prefix: str, old: pygit2.Tree | None,
                new: pygit2.Tree, seen: set[pygit2.Oid], limit: int
                ) -> tuple[str, int] | None:
    if old is not None and old.id == new.id:
        return None
    before = {str(item.name): item.id for item in old} if old is not None else {}
    for item in new:
        name = str(item.name)
        if before.get(name) == item.id or item.id in seen:
            continue
        seen.add(item.id)
        path = f"{prefix}{name}"
        if item.type == ObjectType.TREE:
            was = before.get(name)
            old_tree = git.get(was) if was is not None else None
            subtree = git[item.id]
            assert isinstance(subtree, pygit2.Tree)
            found = _first_over(git, path + "/", old_tree if isinstance(old_tree, pygit2.Tree)
                                else None, subtree, seen, limit)
            if found is not None:
                return found
        elif item.type == ObjectType.BLOB:
            size = blob_size(git, item.id)
            if size > limit:
                return path, size
    return None


__all__ = ["MAX_LEDGER_BLOB", "Oversized", "blob_size", "checked_blob", "oversized"]
