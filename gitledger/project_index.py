"""The project ledger's active decisions, newest first, without reading 50,000 blobs.

Restore shows at most a screenful of the project's decisions, but which ones are active and
newest can only be known by reading every entry.  That answer is derived data, so it is
cached outside the refs, under ``<common git dir>/ledger-cache/``, keyed by the project
ledger's tip commit: a restore after any change reads the ledger once, every other restore
reads one small JSON file.  Losing the cache loses nothing; ``doctor`` may delete it.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gitledger.codec import decode_entry, entry_from_json, entry_to_json
from gitledger.errors import CorruptLedger
from gitledger.ids import shortest_unique
from gitledger.model import Entry
from gitledger.store import ENTRIES_DIR, PROJECT_REF, Store

#: Project decisions that count as active (in force): what restore injects.
ACTIVE = ("accepted", "implemented", "deployed")
#: How many of the newest active decisions the cache keeps; more never fit a restore.
TOP = 400
CACHE_DIR = "ledger-cache"
CACHE_VERSION = 1


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
    entries: list[Entry] = []
    ids: list[str] = []
    for path, blob in tip.view.blobs(ENTRIES_DIR):
        try:
            entry = decode_entry(blob, path)
        except CorruptLedger:
            continue  # show and doctor name it; restore shows what it can
        ids.append(entry.id)
        if entry.kind == "decided" and entry.status in ACTIVE:
            entries.append(entry)
    entries.sort(key=lambda e: (e.seq, e.created, e.id), reverse=True)
    short = shortest_unique(ids)
    result = ActiveDecisions(
        tuple((e, short[e.id]) for e in entries[:TOP]), len(entries), tip.commit
    )
    _save(cache, result)
    return result


def _load(path: Path, commit: str) -> ActiveDecisions | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
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
        "top": [{"entry": entry_to_json(e), "short": s} for e, s in result.top],
    }
    try:
        path.parent.mkdir(exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix="project.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False)
        os.replace(temp, path)
    except OSError:
        pass  # a read-only git dir: restore still works, it just reads the ledger each time
