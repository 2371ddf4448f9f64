"""Merging two diverged copies of one ledger ref: the union of their entries by id.

A three-way merge path by path; an entry both sides changed is merged field by field, and
a field both set differently keeps the local value (a ``Conflict``, in the trailers), since
nothing the other side wrote, dates included, may decide it.  A merge never loses a change.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygit2
import tomli_w

from gitledger.core.codec import (
    decode_entry,
    decode_focus,
    decode_meta,
    encode_entry,
    encode_focus,
    encode_meta,
)
from gitledger.core.model import BlobRef, Change
from gitledger.core.parsing import toml_loads
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.storage.bounded import checked_blob
from gitledger.storage.layout import DIGEST_PATH, FOCUS_PATH, META_PATH, SEQ_TRAILER
from gitledger.storage.store import LedgerMoved, Store, TreeView, seq_of

#: The paths of a ledger's tree that are not entries (merged, counted and named apart).
_NOT_ENTRIES = (META_PATH, FOCUS_PATH, DIGEST_PATH)

#: How often a fast-forward is tried again when the local ref moves under it.
_ATTEMPTS = 20


@dataclass(frozen=True)
class Conflict:
    """An entry (or the ledger's focus or identity) both sides changed differently."""

    #: The entry id, or ``focus`` / ``ledger`` for ``state.toml`` / ``ledger.toml``.
    name: str
    path: str
    fields: tuple[str, ...]
    #: The tip whose values were kept, and the tip that holds the other version.
    kept: str
    other: str


@dataclass(frozen=True)
class MergeResult:
    ref: str
    #: ``up-to-date``, ``created``, ``fast-forward`` or ``merged``.
    outcome: str
    before: str | None
    after: str | None
    #: How many entries (blobs besides the ledger's identity and focus) came in.
    incoming: int = 0
    conflicts: tuple[Conflict, ...] = ()
    #: Entries the other copy lacks that were kept here (``keep_removed``).
    dropped: tuple[str, ...] = ()
    #: Entries that were here and whose version the other copy's replaced.
    rewritten: tuple[str, ...] = ()


#: (path, base blob, ours, theirs) -> (merged blob, the conflicted fields, where the
#: local value was kept).
Resolver = Callable[[str, bytes | None, bytes, bytes], tuple[bytes, tuple[str, ...]]]


def merge_into(store: Store, ref: str, theirs: str, *, label: str,
               lines: bool = False, keep_removed: bool = False) -> MergeResult:
    """Bring commit ``theirs`` (another copy of the ledger at ``ref``) into ``ref``.

    ``label`` names the other copy in the merge commit (``origin/project``); ``lines``
    merges blobs as sets of lines (the keep-alive chain) instead of as ledger records.
    ``keep_removed``: a path the other copy lacks is never removed here, not even by what
    would be a fast-forward (that becomes a merge commit keeping it), and is reported.
    """
    git = store.git
    other = pygit2.Oid(hex=theirs)
    resolver = _merge_lines if lines else _merge_record
    for _ in range(_ATTEMPTS):
        tip = store.tip(ref).commit
        try:
            if tip is None:
                store.set_ref(ref, theirs, None, f"ledger: created from {label}")
                return MergeResult(ref, "created", None, theirs)
            local = pygit2.Oid(hex=tip)
            if local == other or git.descendant_of(local, other):
                return MergeResult(ref, "up-to-date", tip, tip)
            if git.descendant_of(other, local) and not (
                    keep_removed and _removed_paths(git, local, other)):
                store.set_ref(ref, theirs, tip, f"ledger: fast-forward to {label}")
                return MergeResult(ref, "fast-forward", tip, theirs,
                                   incoming=_count_changes(git, local, other),
                                   rewritten=_rewritten(git, local, other))
        except LedgerMoved:
            continue
        commit, outcome = store.update(
            ref, lambda view: _merge_change(git, view, other, label, resolver,
                                            keep_removed=keep_removed))
        if outcome is None:
            continue  # the tip moved to contain theirs meanwhile: look again
        incoming, conflicts, dropped, rewritten = outcome
        return MergeResult(ref, "merged", tip, commit, incoming, conflicts, dropped,
                           rewritten)
    raise LedgerError(f"{ref} kept moving while merging {label}; nothing was lost, run the "
                      "pull again")


def _merge_change(
    git: pygit2.Repository, view: TreeView | None, other: pygit2.Oid, label: str,
    resolver: Resolver, *, keep_removed: bool = False,
) -> tuple[Change, tuple[int, tuple[Conflict, ...], tuple[str, ...], tuple[str, ...]]] | None:
    if view is None or view.commit is None:
        return None
    local = pygit2.Oid(hex=view.commit)
    if local == other or git.descendant_of(local, other):
        return None
    if git.descendant_of(other, local) and not (keep_removed
                                                and _removed_paths(git, local, other)):
        return None
    ours_commit = git[local]
    theirs_commit = git[other]
    assert isinstance(ours_commit, pygit2.Commit)
    assert isinstance(theirs_commit, pygit2.Commit)
    base_id = git.merge_base(local, other)
    base_tree = git[base_id].tree if base_id is not None else None
    ours = _changed(base_tree, ours_commit.tree)
    theirs = _changed(base_tree, theirs_commit.tree)
    files: dict[str, bytes | BlobRef | None] = {}
    conflicts: list[Conflict] = []
    dropped: list[str] = []
    rewritten: list[str] = []
    for path, their_blob in sorted(theirs.items()):
        if path == DIGEST_PATH:
            continue  # derived from the entries: the store's write hook rebuilds it
        if path not in ours:
            if their_blob is not None:
                files[path] = BlobRef(their_blob)
                if path in ours_commit.tree and path not in _NOT_ENTRIES:
                    rewritten.append(_name_of(path))
            elif path in ours_commit.tree:
                if keep_removed:
                    dropped.append(_name_of(path))  # removed there: kept here, reported
                else:
                    files[path] = None  # removed there, untouched here
            continue
        our_blob = ours[path]
        if our_blob == their_blob or their_blob is None:
            continue  # the same change, or removed there and changed here: keep ours
        if our_blob is None:
            files[path] = BlobRef(their_blob)  # removed here, changed there: keep it
            continue
        base_blob = _blob_at(git, base_tree, path)
        merged, fields = resolver(path, base_blob, _blob(git, our_blob), _blob(git, their_blob))
        if merged != _blob(git, our_blob):
            files[path] = merged
        if fields:
            conflicts.append(Conflict(_name_of(path), path, fields, str(local), str(other)))
    trailers: list[tuple[str, str]] = [("Ledger-Event", "merge"), ("Ledger-Merged", str(other))]
    trailers += [("Ledger-Kept", name) for name in dropped]
    for conflict in conflicts:
        if conflict.name not in ("focus", "ledger"):
            trailers.append(("Ledger-Entry", conflict.name))
        trailers.append(("Ledger-Conflict", f"{conflict.name} {conflict.other} "
                                            f"{','.join(conflict.fields)}"))
    counters = [seq for seq in (seq_of(ours_commit.message), seq_of(theirs_commit.message))
                if seq is not None]
    if counters:  # format 2: the larger counter never reuses a number (as in state.toml)
        trailers.append((SEQ_TRAILER, str(max(counters))))
    incoming = sum(1 for path in theirs if path not in _NOT_ENTRIES)
    subject = f"merge {label}: {incoming} entr{'ies' if incoming != 1 else 'y'} in"
    if conflicts:
        subject += f", {len(conflicts)} concurrent edit{'s' if len(conflicts) != 1 else ''}"
    if dropped:
        subject += f", {len(dropped)} the other side lacks kept"
    change = Change(subject, tuple(trailers), files, parents=(str(other),))
    return change, (incoming, tuple(conflicts), tuple(dropped), tuple(rewritten))


def _changed(base: pygit2.Tree | None, side: pygit2.Tree) -> dict[str, str | None]:
    """Each blob path that differs between ``base`` and ``side``: its blob there, or None."""
    diff = side.diff_to_tree(swap=True) if base is None else base.diff_to_tree(side)
    found: dict[str, str | None] = {}
    for delta in diff.deltas:
        if delta.status == pygit2.enums.DeltaStatus.DELETED:
            found[delta.old_file.path] = None
        else:
            found[delta.new_file.path] = str(delta.new_file.id)
    return found


def _blob_id(tree: pygit2.Tree, path: str) -> str | None:
    try:
        return str(tree[path].id)
    except KeyError:
        return None


def _removed_paths(git: pygit2.Repository, old: pygit2.Oid, new: pygit2.Oid) -> list[str]:
    """The paths ``old``'s tree has and ``new``'s lacks."""
    old_commit, new_commit = git[old], git[new]
    assert isinstance(old_commit, pygit2.Commit)
    assert isinstance(new_commit, pygit2.Commit)
    return [path for path, blob in _changed(old_commit.tree, new_commit.tree).items()
            if blob is None]


def _rewritten(git: pygit2.Repository, old: pygit2.Oid, new: pygit2.Oid) -> tuple[str, ...]:
    """The entries ``old`` has that ``new`` holds another version of."""
    old_commit, new_commit = git[old], git[new]
    assert isinstance(old_commit, pygit2.Commit)
    assert isinstance(new_commit, pygit2.Commit)
    return tuple(_name_of(path) for path, blob in _changed(old_commit.tree, new_commit.tree)
                 .items() if blob is not None and path in old_commit.tree
                 and path not in _NOT_ENTRIES)


def _count_changes(git: pygit2.Repository, old: pygit2.Oid, new: pygit2.Oid) -> int:
    old_commit, new_commit = git[old], git[new]
    assert isinstance(old_commit, pygit2.Commit)
    assert isinstance(new_commit, pygit2.Commit)
    return sum(1 for path in _changed(old_commit.tree, new_commit.tree)
               if path not in _NOT_ENTRIES)


def _blob(git: pygit2.Repository, blob_id: str) -> bytes:
    return checked_blob(git, pygit2.Oid(hex=blob_id))


def _blob_at(git: pygit2.Repository, tree: pygit2.Tree | None, path: str) -> bytes | None:
    if tree is None:
        return None
    try:
        return _blob(git, str(tree[path].id))
    except KeyError:
        return None


def _name_of(path: str) -> str:
    if path == FOCUS_PATH:
        return "focus"
    if path == META_PATH:
        return "ledger"
    return path.rsplit("/", 1)[-1].removesuffix(".toml")


# -- resolvers -----------------------------------------------------------------------------


def _merge_lines(path: str, base: bytes | None, ours: bytes,
                 theirs: bytes) -> tuple[bytes, tuple[str, ...]]:
    """Blobs that are sets of lines (the keep-alive index): the union, sorted."""
    lines = set(ours.decode("utf-8", "replace").splitlines())
    lines |= set(theirs.decode("utf-8", "replace").splitlines())
    return "".join(f"{line}\n" for line in sorted(lines)).encode("utf-8"), ()


def _merge_record(path: str, base: bytes | None, ours: bytes,
                  theirs: bytes) -> tuple[bytes, tuple[str, ...]]:
    """A TOML record both sides changed: merged key by key (see the module docstring).

    A record either side cannot parse, or a merge that would not read back as a valid
    record, is resolved whole: the winning side's blob, every differing key a conflict.
    """
    try:
        old = toml_loads(base.decode("utf-8")) if base is not None else {}
        mine = toml_loads(ours.decode("utf-8"))
        yours = toml_loads(theirs.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ours, ("(whole record)",)
    merged: dict[str, Any] = {}
    conflicts: list[str] = []
    if path == META_PATH and "created" in mine and "created" in yours:
        # One ledger started in two clones (the project ledger, before anyone pushed): its
        # creation here stands (a date the other side wrote decides nothing), no conflict.
        for key in ("created", "created_by"):
            old[key] = yours[key] = mine.get(key)
    for key in [*mine, *(k for k in yours if k not in mine)]:
        value, conflicted = _merge_value(key, old.get(key), mine.get(key), yours.get(key))
        if conflicted:
            conflicts.append(key)
        if value is not None:
            merged[key] = value
    try:
        blob = _canonical(path, tomli_w.dumps(merged).encode("utf-8"))
    except (CorruptLedger, TypeError, ValueError):
        differing = sorted(k for k in {*mine, *yours} if mine.get(k) != yours.get(k))
        return ours, tuple(differing) or ("(whole record)",)
    return blob, tuple(conflicts)


def _merge_value(key: str, base: Any, ours: Any, theirs: Any) -> tuple[Any, bool]:
    """One key's merged value, and whether both sides set it to different values."""
    if ours == theirs:
        return ours, False
    if ours == base:
        return theirs, False
    if theirs == base:
        return ours, False
    if key == "seq" and isinstance(ours, int) and isinstance(theirs, int):
        return max(ours, theirs), False  # a counter: the larger one never reuses a number
    if isinstance(ours, list) and isinstance(theirs, list):
        # Both sides added to a list (evidence, rejected alternatives): keep every item,
        # minus those one side removed from the base.
        removed = [item for item in base or [] if item not in ours or item not in theirs]
        union = [*ours, *(item for item in theirs if item not in ours)]
        return [item for item in union if item not in removed], False
    return ours, True  # the local value: see the module docstring


def _canonical(path: str, blob: bytes) -> bytes:
    """``blob`` re-encoded the way gitledger writes that record (and so validated)."""
    if path == META_PATH:
        return encode_meta(decode_meta(blob, path))
    if path == FOCUS_PATH:
        return encode_focus(decode_focus(blob, path))
    return encode_entry(decode_entry(blob, path))
