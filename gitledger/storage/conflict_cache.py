"""Where ``open_conflicts`` stopped reading a ledger's history, so that it reads only what
came after (``ledger-cache/conflicts.json``).

Only the ``Ledger-Conflict`` records are cached; whether one is still open is read from the
tip each time.  Derived data: a missing or foreign file costs one walk of the history.
"""

from __future__ import annotations

from typing import Any

from gitledger.derived.files import CACHE_DIR, load_versioned, save_json
from gitledger.storage.store import Store

CONFLICTS_FILE = "conflicts.json"
CONFLICTS_VERSION = 1
#: (entry, fields, merge commit, other tip) as the merge's trailer recorded them.
Record = tuple[str, str, str, str]


def load_records(store: Store, ref: str) -> tuple[str, list[Record]] | None:
    """The tip read last for ``ref`` and its records, or None."""
    saved = _load(store).get(ref)
    if not isinstance(saved, dict) or not isinstance(saved.get("tip"), str):
        return None
    records = saved.get("records")
    if not isinstance(records, list) or not all(
            isinstance(r, list) and len(r) == 4 and all(isinstance(f, str) for f in r)
            for r in records):
        return None
    return saved["tip"], [(r[0], r[1], r[2], r[3]) for r in records]


def save_records(store: Store, ref: str, tip: str, records: list[Record]) -> None:
    refs = {k: v for k, v in _load(store).items() if k != ref}
    refs[ref] = {"tip": tip, "records": [list(r) for r in records]}
    save_json(store.repo.commondir / CACHE_DIR / CONFLICTS_FILE,
              {"version": CONFLICTS_VERSION, "refs": refs})


def _load(store: Store) -> dict[str, Any]:
    return load_versioned(store.repo.commondir / CACHE_DIR / CONFLICTS_FILE,
                          CONFLICTS_VERSION, "refs")
