"""Parsed entries kept by blob id, so reading a ledger parses only what changed.

An entry blob is immutable (its id is the hash of its content), so the parse of a blob is
valid forever: ``<common git dir>/ledger-cache/entries-<ledger-id>.json`` maps blob ids
to parsed entries.  Reading a ledger walks its tree (names and ids, no blob reads), takes
every known blob from the cache and parses only the new ones.  Derived data: losing the
file loses nothing, and a read-only git dir just parses every time.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from pathlib import Path

from gitledger.core.codec import cache_json, decode_entry, entry_from_json
from gitledger.core.ids import entry_path
from gitledger.core.model import BadEntry, Entry
from gitledger.errors import CorruptLedger
from gitledger.storage.cache_files import CACHE_DIR, load_versioned, save_json
from gitledger.storage.layout import ENTRIES_DIR
from gitledger.storage.store import Store, TreeView

#: Bump when decoding changes what an entry blob means, or the cache's shape changes
#: (6: entries with unknown keys are cached, with them under ``extra``).
CACHE_VERSION = 6


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
                 else decode_entry(view.read_blob(blob_id), where))
        if entry_path(entry.id) != where:
            raise CorruptLedger(f"{where}: holds '{entry.id}', which belongs elsewhere")
    except (CorruptLedger, KeyError, TypeError, ValueError) as exc:
        message = str(exc) if isinstance(exc, CorruptLedger) else f"{where}: {exc}"
        return BadEntry(where, message)
    return entry


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


