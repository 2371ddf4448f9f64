"""One ledger tree read: ``TreeView``, what every operation computes its change from.

Every read of a blob is bounded by its header (``bounded.py``); the small header files every
write reads are kept by id, since an id names the same bytes in every repository.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygit2
from pygit2.enums import ObjectType

from gitledger.storage.bounded import MAX_LEDGER_BLOB, checked_blob
from gitledger.storage.layout import SEQ_TRAILER

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
    """What a ledger ref points at: its commit and that commit's tree (None, None: no
    ledger there yet)."""

    commit: str | None
    view: TreeView | None


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

