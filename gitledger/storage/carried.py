"""Which of a session ledger's entries it still holds: a carry to the project ledger
stopped between its two steps counts as done (``carry`` and ``doctor --fix`` finish it)."""

from __future__ import annotations

from gitledger.core.codec import decode_entry_or_none
from gitledger.core.ids import entry_path
from gitledger.core.model import Entry
from gitledger.errors import CorruptLedger
from gitledger.storage.layout import PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.store import Store


def not_carried(store: Store, ref: str, entries: list[Entry]) -> list[Entry]:
    """A session's entries without those the project ledger already holds as carried from
    it: a carry stopped between its two steps counts as done (``carry`` finishes it)."""
    try:
        project = store.tip(PROJECT_REF).view
    except CorruptLedger:
        return entries
    if project is None:
        return entries
    origin = ref.removeprefix(SESSIONS_PREFIX)
    kept: list[Entry] = []
    for entry in entries:
        path = entry_path(entry.id)
        there = project.read(path) if project.has(path) else None
        arrived = decode_entry_or_none(there, path)
        if arrived is None or arrived.carried_from != origin:
            kept.append(entry)
    return kept
