"""The restore digest: what restore needs of the project ledger, kept beside it, locally.

Each kind's count and newest entries, kept in ``ledger-cache/digest.json`` and never in the
ledger's tree, since a digest that travels cannot be believed (docs/format.md).  Even the
local file is checked item by item against the tree before use.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from gitledger.core.codec import decode_entry_or_none
from gitledger.core.ids import entry_path
from gitledger.core.model import ACTIVE_STATUSES, BlobRef, Change, Entry
from gitledger.core.parsing import json_loads
from gitledger.derived import registry
from gitledger.derived.files import cache_dir, write_atomic
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.storage.entry_cache import decoded_blob, entry_at, read_entries
from gitledger.storage.layout import DIGEST_PATH, ENTRIES_DIR, PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView, blob_id_of

#: The digest's own format version (``format`` in the file); another is never read.
DIGEST_FORMAT = 1
#: Its file in ``ledger-cache/``.
LOCAL_FILE = "digest.json"
#: The kinds it keeps the newest of (of ``decided``, the active ones only), and how many:
#: as many as the local index keeps (``project_index.TOP``, ``DURABLE_TOP``) ...
BUCKETS = ("decided", "verified", "dropped")
LIMITS = {"decided": 400, "verified": 200, "dropped": 200}
#: ... and a margin, so that a write that takes entries out of a list (a decision
#: rejected) seldom leaves it shorter than the index needs, which costs a full rebuild.
SLACK = 50

#: One newest entry: its path, blob id, ``seq`` and creation time (POSIX seconds).
Item = tuple[str, str, int, float]


@dataclass(frozen=True)
class Bucket:
    count: int = 0
    top: tuple[Item, ...] = ()


@dataclass(frozen=True)
class Digest:
    """The digest of one entries tree (``entries``: its id, None for no entries)."""

    entries: str | None
    buckets: Mapping[str, Bucket]


@dataclass(frozen=True)
class Checked:
    """A digest that checked out against its tree: per kind, the count and the newest
    entries, read from their blobs."""

    counts: Mapping[str, int]
    newest: Mapping[str, tuple[Entry, ...]]
    #: The fan-out directories the check listed (directory -> {path: blob id}): the
    #: short ids of the entries shown need no other entry than their neighbours there.
    listings: Mapping[str, Mapping[str, str]]


def wanted(bucket: str, entry: Entry | None) -> bool:
    """Whether ``entry`` belongs in ``bucket`` (``decided`` holds the active ones only)."""
    if entry is None or entry.kind != bucket:
        return False
    return bucket != "decided" or entry.status in ACTIVE_STATUSES


def sort_key(entry: Entry) -> tuple[int, float, str]:
    """Newest first is this key, descending (the index sorts by the same)."""
    return entry.seq, entry.created.timestamp(), entry.id


def _item(path: str, blob: str, entry: Entry) -> Item:
    return path, blob, entry.seq, entry.created.timestamp()


def _ordered(items: Iterable[Item], limit: int) -> tuple[Item, ...]:
    def key(item: Item) -> tuple[int, float, str]:
        return item[2], item[3], item[0]
    return tuple(sorted(items, key=key, reverse=True)[:limit])


def build(entries: Iterable[tuple[str, str, Entry]], entries_id: str | None) -> Digest:
    """The digest of every (path, blob id, entry) of a tree."""
    chosen: dict[str, list[Item]] = {bucket: [] for bucket in BUCKETS}
    for path, blob, entry in entries:
        if entry.kind in chosen and wanted(entry.kind, entry):
            chosen[entry.kind].append(_item(path, blob, entry))
    return Digest(entries_id, {bucket: Bucket(len(items), _ordered(
        items, LIMITS[bucket] + SLACK)) for bucket, items in chosen.items()})


def encode(digest: Digest, commit: str | None = None) -> bytes:
    """The digest as its file holds it; ``commit``: the project commit whose tree it
    describes, when known (a later tip's digest is then carried forward from it)."""
    data = {"version": DIGEST_FORMAT, "entries": digest.entries,
            **({"commit": commit} if commit is not None else {}),
            **{bucket: {"count": held.count, "top": [list(item) for item in held.top]}
               for bucket, held in digest.buckets.items()}}
    return (json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n").encode("utf-8")


def decode(data: bytes | None, field: str = "version") -> Digest | None:
    """The digest in ``data``; None when it is absent, another format or malformed.
    ``field``: the key its format is under (``format`` in a digest a tree carries)."""
    if data is None:
        return None
    try:
        # No depth walk (it cost most of a write's hook): every value is taken by its
        # fixed place and type-checked, so nesting elsewhere is never looked at, and one
        # nested past the interpreter's limit is a JSONDecodeError all the same.
        raw = json_loads(data, max_depth=None)
        if not isinstance(raw, dict) or raw.get(field) != DIGEST_FORMAT:
            return None
        entries = raw.get("entries")
        if entries is not None and not isinstance(entries, str):
            return None
        buckets: dict[str, Bucket] = {}
        for bucket in BUCKETS:
            held = raw[bucket]
            count = held["count"]
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                return None
            top = tuple((str(p), str(b), int(s), float(t)) for p, b, s, t in held["top"])
            if len(top) > LIMITS[bucket] + SLACK or count < len(top):
                return None
            buckets[bucket] = Bucket(count, top)
    except (ValueError, KeyError, TypeError):
        return None
    return Digest(entries, buckets)


def local_path(store: Store) -> Path:
    """Where the repository's digest is kept (one file: the project ledger's newest tree)."""
    return cache_dir(store.repo.commondir) / LOCAL_FILE


def local(store: Store, view: TreeView | None) -> Digest | None:
    """The saved digest, if it describes ``view``'s very entries tree."""
    if view is None:
        return None
    try:
        digest = decode(local_path(store).read_bytes())
    except OSError:
        return None
    if digest is None or digest.entries != view.id_of(ENTRIES_DIR):
        return None
    return digest


def save(store: Store, digest: Digest, commit: str | None = None) -> None:
    """Keep ``digest`` as the repository's; a git dir that refuses it goes without."""
    path = local_path(store)
    with contextlib.suppress(OSError):
        path.parent.mkdir(exist_ok=True)
        write_atomic(path, encode(digest, commit))


def keep_read(store: Store, view: TreeView, entries: Iterable[Entry]) -> None:
    """Save the digest of ``view`` from its entries, read whole by the caller (a restore
    with no digest to start from): the next restore after a write or a pull starts from
    it instead of reading them all again."""
    blobs = dict(view.blob_ids(ENTRIES_DIR))
    found = ((entry_path(e.id), blobs[entry_path(e.id)], e) for e in entries
             if entry_path(e.id) in blobs)
    save(store, build(found, view.id_of(ENTRIES_DIR)), view.commit)


def _saved(store: Store) -> tuple[Digest | None, str | None]:
    """The saved digest and the project commit it was stamped with, if any."""
    try:
        data = local_path(store).read_bytes()
        raw = json_loads(data, max_depth=None)
    except (OSError, ValueError):
        return None, None
    commit = raw.get("commit") if isinstance(raw, dict) else None
    return decode(data), commit if isinstance(commit, str) else None


def _current(store: Store, view: TreeView) -> Digest | None:
    """The saved digest if it describes ``view`` (stamped with its commit, so that a later
    tip can carry it forward), else one carried forward to it."""
    saved, commit = _saved(store)
    if saved is not None and saved.entries == view.id_of(ENTRIES_DIR):
        if commit is None and view.commit is not None:
            save(store, saved, view.commit)
        return saved
    return _carried_forward(store, view, saved, commit)


def _carried_forward(store: Store, view: TreeView, saved: Digest | None,
                     commit: str | None) -> Digest | None:
    """``saved``, the digest of the older project commit ``commit``, brought to ``view``
    (a pull's fast-forward, a write by another tool): the entries that differ between the
    two trees are read on both sides, nothing else; kept for the next restore."""
    if saved is None or commit is None or view.commit is None:
        return None
    try:
        old = store.view_at(commit)
    except (KeyError, ValueError, LedgerError):
        return None
    if old.id_of(ENTRIES_DIR) != saved.entries:
        return None
    files: dict[str, bytes | BlobRef | None] = {
        path: BlobRef(blob) if blob is not None else None
        for path, blob in old.changed_blobs(view, ENTRIES_DIR)}
    try:
        digest = advanced(store, saved, old, files, view.id_of(ENTRIES_DIR))
    except (LedgerError, KeyError, ValueError, TypeError):
        return None
    if digest is not None:
        save(store, digest, view.commit)
    return digest


def in_tree(view: TreeView | None) -> Digest | None:
    """The digest a project tree carries (a teammate's, or one written before digests
    became local): never used, only judged by ``inspect``."""
    if view is None or not view.has(DIGEST_PATH):
        return None
    try:
        return decode(view.read(DIGEST_PATH), "format")
    except CorruptLedger:
        return None


def checked(store: Store, view: TreeView) -> Checked | None:
    """The saved digest of ``view`` (or of an older project commit, carried forward),
    each item read from its blob and checked; None when there is none or any item does not
    hold."""
    digest = _current(store, view)
    if digest is None:
        return None
    counts: dict[str, int] = {}
    newest: dict[str, tuple[Entry, ...]] = {}
    listings: dict[str, dict[str, str]] = {}
    for bucket in BUCKETS:
        held = digest.buckets[bucket]
        entries: list[Entry] = []
        for path, blob, seq, created in held.top[:LIMITS[bucket]]:
            # One listing per fan-out directory rather than a lookup of each path.
            where = path.rsplit("/", 1)[0]
            listing = listings.get(where)
            if listing is None:
                listing = listings[where] = dict(view.blob_ids(where))
            if listing.get(path) != blob:
                return None
            try:
                entry = decode_entry_or_none(view.read_blob(blob), path)
            except (CorruptLedger, KeyError, ValueError):
                return None
            if (entry is None or entry_path(entry.id) != path or not wanted(bucket, entry)
                    or (entry.seq, entry.created.timestamp()) != (seq, created)):
                return None
            if entries and sort_key(entries[-1]) < sort_key(entry):
                return None  # out of order: it would show older entries as the newest
            entries.append(entry)
        if len(entries) < min(held.count, LIMITS[bucket]):
            return None
        counts[bucket] = held.count
        newest[bucket] = tuple(entries)
    return Checked(counts, newest, listings)


def full(store: Store, view: TreeView | None,
         files: Mapping[str, bytes | BlobRef | None], entries_id: str | None) -> Digest:
    """The digest of ``view`` with ``files`` applied, from every entry (the entry cache
    spares the decoding of those read before)."""
    found: dict[str, tuple[str, Entry]] = {}
    if view is not None:
        blobs = dict(view.blob_ids(ENTRIES_DIR))
        entries, _ = read_entries(store, PROJECT_REF, view)  # the bad ones stay out
        for entry in entries:
            path = entry_path(entry.id)
            if path in blobs:
                found[path] = (blobs[path], entry)
    for path, change in files.items():
        if not path.startswith(f"{ENTRIES_DIR}/"):
            continue
        found.pop(path, None)
        new = _new_entry(store, path, change)
        if new is not None and change is not None:
            found[path] = (_blob_of(change), new)
    return build(((path, blob, entry) for path, (blob, entry) in found.items()), entries_id)


def advanced(store: Store, base: Digest, view: TreeView | None,
             files: Mapping[str, bytes | BlobRef | None], entries_id: str | None
             ) -> Digest | None:
    """``base`` (the digest of ``view``) carried over ``files``: the entries they change
    are read from both sides, nothing else.  None when a list lost so many entries that
    older ones it no longer holds may be among the newest: only a full rebuild knows."""
    buckets = {bucket: (held.count, {item[0]: item for item in held.top})
               for bucket, held in base.buckets.items()}
    for path, change in files.items():
        if not path.startswith(f"{ENTRIES_DIR}/"):
            continue
        old = _old_entry(view, path)
        new = _new_entry(store, path, change)
        for bucket, (count, items) in buckets.items():
            items.pop(path, None)
            if new is not None and change is not None and wanted(bucket, new):
                items[path] = _item(path, _blob_of(change), new)
            buckets[bucket] = (count + wanted(bucket, new) - wanted(bucket, old), items)
    result: dict[str, Bucket] = {}
    for bucket, (count, items) in buckets.items():
        top = _ordered(items.values(), LIMITS[bucket] + SLACK)
        if count < len(top) or len(top) < min(count, LIMITS[bucket]):
            return None
        result[bucket] = Bucket(count, top)
    return Digest(entries_id, result)


def _old_entry(view: TreeView | None, path: str) -> Entry | None:
    # A bad entry was in no list.  Decoded once in a pull: its check before the merge read it.
    return entry_at(view, path) if view is not None else None


def _new_entry(store: Store, path: str, change: bytes | BlobRef | None) -> Entry | None:
    if change is None:
        return None
    try:
        if isinstance(change, bytes):
            return decode_entry_or_none(change, path)
        # A teammate's blob (a pull's merge): read and decoded once for the pull's check too.
        return decoded_blob(store.read_blob, change.id, path)
    except (CorruptLedger, KeyError, ValueError):
        return None  # a bad entry is in no list, as a full read leaves it out


def _blob_of(change: bytes | BlobRef) -> str:
    return change.id if isinstance(change, BlobRef) else blob_id_of(change)


class DigestHook:
    """The project ledger's write hook: the digest of each write's new entries tree.

    It remembers the last digest it computed, by the entries tree it describes, so a
    process writing several times (a carry, a pull's merge) does not read back the digest
    it has just written.  ``rebuild``: always from every entry (``doctor --fix``).
    """

    def __init__(self, store: Store, *, rebuild: bool = False) -> None:
        self._store = store
        self._rebuild = rebuild
        self._last: Digest | None = None

    def __call__(self, view: TreeView | None, files: Mapping[str, bytes | BlobRef | None],
                 entries_id: str | None) -> Mapping[str, bytes | None]:
        try:
            digest = self._digest(view, files, entries_id)
        except (LedgerError, KeyError, ValueError, TypeError):
            # Derived data never fails a write: without a digest restore reads every
            # entry, and the next write (or doctor --fix) makes one again.
            self._last = None
        else:
            self._last = digest
            save(self._store, digest)
        # A digest in the tree (pulled, or older than local digests) leaves with this write.
        return {DIGEST_PATH: None} if view is not None and view.has(DIGEST_PATH) else {}

    def _digest(self, view: TreeView | None, files: Mapping[str, bytes | BlobRef | None],
                entries_id: str | None) -> Digest:
        if self._rebuild:
            base: Digest | None = None
        elif view is None:
            base = Digest(None, {b: Bucket() for b in BUCKETS})
        elif self._last is not None and self._last.entries == view.id_of(ENTRIES_DIR):
            base = self._last
        else:
            base = local(self._store, view)
        digest = advanced(self._store, base, view, files, entries_id) if base is not None else None
        if digest is None:
            digest = full(self._store, view, files, entries_id)
        return digest


def register(store: Store) -> None:
    """Keep the project ledger's digest in every write through ``store`` to it."""
    if not store.has_write_hook(PROJECT_REF):
        store.add_write_hook(PROJECT_REF, DigestHook(store))


@dataclass(frozen=True)
class DigestState:
    """What ``doctor`` finds in the project ledger's tree: ``ok`` (no digest there),
    ``stale`` (a digest of another entries tree or format, or one that agrees with every
    entry: set aside all the same) or ``forged`` (it names this very entries tree and
    leaves out, or invents, what its entries say)."""

    state: str
    commit: str | None = None


def inspect(store: Store) -> DigestState:
    """The state of a digest the project ledger's tree carries."""
    tip = store.tip(PROJECT_REF)
    if tip.view is None or not tip.view.has(DIGEST_PATH):
        return DigestState("ok", tip.commit)
    entries_id = tip.view.id_of(ENTRIES_DIR)
    carried = in_tree(tip.view)
    if carried is None or carried.entries != entries_id:
        return DigestState("stale", tip.commit)
    truth = full(store, tip.view, {}, entries_id)
    return DigestState("stale" if carried == truth else "forged", tip.commit)


def rebuild(store: Store) -> str | None:
    """Take a carried digest out of the project ledger's tree and rebuild the local one
    from every entry (``doctor --fix``); the new commit, or None when there is no project
    ledger or no digest in its tree (the local one is rebuilt all the same)."""
    def operation(view: TreeView | None) -> tuple[Change, None] | None:
        if view is None:
            return None
        if not view.has(DIGEST_PATH):
            save(store, full(store, view, {}, view.id_of(ENTRIES_DIR)))
            return None
        return Change("take the restore digest out of the tree", (("Ledger-Event", "digest"),),
                      {}), None

    writer = Store(store.repo)  # its only hook rebuilds, whatever ``store`` has registered
    writer.add_write_hook(PROJECT_REF, DigestHook(writer, rebuild=True))
    commit, _ = writer.update(PROJECT_REF, operation)
    return commit


def rebuild_local(top: Path) -> str:
    """The local digest rebuilt from every entry of the project ledger (``doctor
    --rebuild restore-digest``)."""
    store = Store(Repo(top))
    view = store.tip(PROJECT_REF).view
    if view is None:
        return "no project ledger: no restore digest to rebuild"
    save(store, full(store, view, {}, view.id_of(ENTRIES_DIR)))
    return "rebuilt the restore digest from every project entry"


registry.on_rebuild("restore-digest", rebuild_local)
