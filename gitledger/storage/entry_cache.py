"""Parsed entries kept by blob id, so reading a ledger parses only what changed.

A blob's id is the hash of its content, so its parse is valid forever: the cache file in
``ledger-cache/`` maps blob ids to entries, and within ``shared_reads`` (a pull) decoded
blobs are also kept in memory.  Derived data: losing the file loses nothing.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

from gitledger.core.codec import cache_json, decode_entry, entry_from_json
from gitledger.core.ids import entry_path
from gitledger.core.model import BadEntry, Entry
from gitledger.derived.files import CACHE_DIR, load_versioned, save_json
from gitledger.errors import CorruptLedger
from gitledger.storage.layout import ENTRIES_DIR
from gitledger.storage.store import Store, TreeView

#: Bump when decoding changes what an entry blob means, or the cache's shape changes
#: (6: entries with unknown keys are cached, with them under ``extra``).
CACHE_VERSION = 6

#: What ``shared_reads`` keeps: (blob id, path) -> the entry decoded, or the error that
#: reading or decoding it raised (raised again at every later read).
_Decoded = dict[tuple[str, str], "Entry | Exception"]
_SHARED: ContextVar[_Decoded | None] = ContextVar("gitledger_shared_reads", default=None)


def read_entries(store: Store, ref: str, view: TreeView) -> tuple[list[Entry], list[BadEntry]]:
    """Every entry of the tree at ``view``, and the blobs that could not be read."""
    with collector_paused():
        return _read_entries(store, ref, view)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a whole ledger is read and worked on.

    Reading a big ledger allocates hundreds of thousands of objects, none of them garbage
    and none in cycles: the collector would walk them all, again and again, for nothing.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _read_entries(
    store: Store, ref: str, view: TreeView
) -> tuple[list[Entry], list[BadEntry]]:
    path = store.repo.commondir / CACHE_DIR / f"entries-{ref.rsplit('/', 1)[-1]}.json"
    known = _load(path)
    fresh: dict[str, dict[str, object]] = {}
    entries: list[Entry] = []
    bad: list[BadEntry] = []
    misses = 0
    for where, blob_id in view.blob_ids(ENTRIES_DIR):
        cached = known.get(blob_id)
        if cached is None:
            misses += 1
        entry = _decoded(view, where, blob_id, cached)
        if isinstance(entry, BadEntry):
            bad.append(entry)
            continue
        entries.append(entry)
        if cached is None:
            data = cache_json(entry)
            if data is None:
                # An unknown key with no JSON form (a TOML date): decoded every time.
                misses -= 1
                continue
            cached = _compact(data)
        fresh[blob_id] = cached
    dropped = len(known) - (len(fresh) - misses)
    if _worth_saving(misses, len(fresh)) or _worth_saving(dropped, len(known)):
        _save(path, fresh)
    return entries, bad


def read_paths(view: TreeView, paths: list[str]) -> tuple[list[Entry], list[BadEntry]]:
    """The entries at ``paths`` of ``view`` (those that are blobs there), read as
    ``read_entries`` reads them: a few entries, parsed without loading the cache."""
    entries: list[Entry] = []
    bad: list[BadEntry] = []
    for where in paths:
        blob_id = view.blob_id(where)
        if blob_id is None:
            continue
        entry = _decoded(view, where, blob_id, None)
        (bad if isinstance(entry, BadEntry) else entries).append(entry)  # type: ignore[arg-type]
    return entries, bad


def _decoded(view: TreeView, where: str, blob_id: str,
             cached: dict[str, object] | None) -> Entry | BadEntry:
    try:
        entry = (entry_from_json(cached) if cached is not None
                 else decoded_blob(view.read_blob, blob_id, where))
        if entry_path(entry.id) != where:
            raise CorruptLedger(f"{where}: holds '{entry.id}', which belongs elsewhere")
    except (CorruptLedger, KeyError, TypeError, ValueError) as exc:
        message = str(exc) if isinstance(exc, CorruptLedger) else f"{where}: {exc}"
        return BadEntry(where, message)
    return entry


@contextlib.contextmanager
def shared_reads() -> Iterator[None]:
    """Keep every entry blob decoded inside, by blob id and path, until the end of the
    block (a blob is immutable: its id is the hash of what was read, size-checked, decoded
    then).  Nested blocks share the outer one's."""
    if _SHARED.get() is not None:
        yield
        return
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def decoded_blob(read: Callable[[str], bytes], blob_id: str, where: str) -> Entry:
    """The entry blob ``blob_id`` at ``where`` holds, read with ``read`` (a bounded read:
    ``Store.read_blob``, ``TreeView.read_blob``) and decoded; whatever either raises is
    raised.  Inside ``shared_reads`` each blob is read and decoded once."""
    shared = _SHARED.get()
    if shared is None:
        return decode_entry(read(blob_id), where)
    found = shared.get((blob_id, where))
    if found is None:
        try:
            found = decode_entry(read(blob_id), where)
        except (CorruptLedger, KeyError, TypeError, ValueError) as exc:
            found = exc  # what the blob is: the same at every read (anything else is not kept)
        shared[(blob_id, where)] = found
    if isinstance(found, Exception):
        raise found.with_traceback(None)
    return found


def entry_at(view: TreeView, path: str) -> Entry | None:
    """The entry at ``path`` in ``view`` (``decoded_blob``: once in ``shared_reads``), or
    None when there is none there or it cannot be read."""
    blob = view.blob_id(path)
    if blob is None:
        return None
    try:
        return decoded_blob(view.read_blob, blob, path)
    except (CorruptLedger, KeyError, TypeError, ValueError):
        return None


def _worth_saving(changed: int, size: int) -> bool:
    """Whether a cache that differs from the ledger by ``changed`` entries of ``size`` is
    rewritten: a few misses in a big ledger are decoded again next time, rather than the
    whole file rewritten after every append (which made each append cost O(n))."""
    return changed > 0 and (changed * 20 > size or changed > 64)


def _compact(data: dict[str, object]) -> dict[str, object]:
    """An entry's JSON without its empty fields: the cache of a big ledger loads faster."""
    return {k: v for k, v in data.items() if v is not None and v != [] and v is not False}


def _load(path: Path) -> dict[str, dict[str, object]]:
    return load_versioned(path, CACHE_VERSION, "entries")


def _save(path: Path, entries: dict[str, dict[str, object]]) -> None:
    save_json(path, {"version": CACHE_VERSION, "entries": entries})


