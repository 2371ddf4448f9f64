"""The project ledger's active decisions, newest first, without reading 50,000 blobs.

Restore shows at most a screenful of the project's decisions, but which ones are active and
newest can only be known by reading every entry.  That answer is derived data, so it is
cached outside the refs, under ``<common git dir>/ledger-cache/``, keyed by the project
ledger's tip commit: a restore after any change reads the ledger once, every other restore
reads one small JSON file.  Losing the cache loses nothing; ``doctor`` may delete it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gitledger.core.codec import cache_json, decode_entry_or_none, entry_from_json, entry_to_json
from gitledger.core.ids import shortest_unique
from gitledger.core.model import ACTIVE_STATUSES, Entry
from gitledger.core.parsing import json_loads
from gitledger.errors import CorruptLedger
from gitledger.storage.entry_cache import read_entries, save_json
from gitledger.storage.layout import ENTRIES_DIR, PROJECT_REF
from gitledger.storage.store import Store, TreeView

#: Project decisions that count as active (in force): what restore injects.
ACTIVE = ACTIVE_STATUSES
#: How many of the newest active decisions the cache keeps; more never fit a restore.
TOP = 400
CACHE_DIR = "ledger-cache"
#: 2: entries keep their unknown keys (``codec.cache_json``).
CACHE_VERSION = 2


@dataclass(frozen=True)
class ActiveDecisions:
    """The newest active project decisions (with their short ids) and how many there are."""

    top: tuple[tuple[Entry, str], ...] = ()
    active: int = 0
    commit: str | None = None


def active_project_decisions(store: Store) -> ActiveDecisions:
    try:
        tip = store.tip(PROJECT_REF)
    except CorruptLedger:
        return ActiveDecisions()
    if tip.commit is None or tip.view is None:
        return ActiveDecisions()
    cache = store.repo.commondir / CACHE_DIR / "project.json"
    cached = _load(cache, tip.commit)
    if cached is not None:
        return cached
    everything, _ = read_entries(store, PROJECT_REF, tip.view)  # show names the bad ones
    ids = [entry.id for entry in everything]
    entries = [e for e in everything if e.kind == "decided" and e.status in ACTIVE]
    entries.sort(key=lambda e: (e.seq, e.created, e.id), reverse=True)
    short = shortest_unique(ids)
    result = ActiveDecisions(
        tuple((e, short[e.id]) for e in entries[:TOP]), len(entries), tip.commit
    )
    _save(cache, result)
    return result


def refresh_after_write(store: Store, commit: str, paths: list[str]) -> None:
    """Carry the cache over a write we made, so the next restore stays warm.

    Only when the cache is for the write's parent; the entries the write touched are
    re-read from both trees.  If the newest-active list lost too much to be trusted
    (active decisions beyond it are unknown), the cache is dropped and rebuilt on demand.
    """
    parent = store.first_parent(commit)
    path = store.repo.commondir / CACHE_DIR / "project.json"
    cached = _load(path, parent) if parent else None
    if cached is None or parent is None:
        return
    before, after = store.view_at(parent), store.view_at(commit)
    top = {entry.id: (entry, short) for entry, short in cached.top}
    active = cached.active
    arrived: list[str] = []
    for changed in paths:
        if not changed.startswith(f"{ENTRIES_DIR}/"):
            continue
        old, new = _entry_at(before, changed), _entry_at(after, changed)
        active += _is_active(new) - _is_active(old)
        known = new or old
        if known is None:
            continue
        entry_id = known.id
        if old is None:
            arrived.append(entry_id)
        short = top.pop(entry_id, (None, entry_id[: 2 + 8]))[1]
        if new is not None and _is_active(new):
            top[entry_id] = (new, short)
    for entry_id, (entry, short) in list(top.items()):
        top[entry_id] = (entry, _still_unique(short, entry_id, arrived))
    ordered = sorted(top.values(), key=lambda p: (p[0].seq, p[0].created, p[0].id),
                     reverse=True)[:TOP]
    if len(ordered) < min(active, TOP // 2):
        path.unlink(missing_ok=True)
        return
    _save(path, ActiveDecisions(tuple(ordered), active, commit))


def _still_unique(short: str, entry_id: str, arrived: list[str]) -> str:
    """``short`` lengthened until no entry that arrived since it was computed shares it.

    It was unique among the entries before; a longer prefix of the same id still is, so
    only the newcomers can make it ambiguous.
    """
    for other in arrived:
        if other != entry_id and other.startswith(short):
            common = next((i for i, (a, b) in enumerate(zip(entry_id, other, strict=False))
                           if a != b), min(len(entry_id), len(other)))
            short = entry_id[: max(len(short), common + 1)]
    return short


def _entry_at(view: TreeView, path: str) -> Entry | None:
    return decode_entry_or_none(view.read(path), path)


def _is_active(entry: Entry | None) -> int:
    return int(entry is not None and entry.kind == "decided" and entry.status in ACTIVE)


def _load(path: Path, commit: str) -> ActiveDecisions | None:
    try:
        data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
        if data.get("version") != CACHE_VERSION or data.get("commit") != commit:
            return None
        top = tuple((entry_from_json(item["entry"]), str(item["short"])) for item in data["top"])
        return ActiveDecisions(top, int(data["active"]), commit)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _save(path: Path, result: ActiveDecisions) -> None:
    data = {
        "version": CACHE_VERSION,
        "commit": result.commit,
        "active": result.active,
        "top": [{"entry": cache_json(e) or entry_to_json(e), "short": s} for e, s in result.top],
    }
    save_json(path, data)
