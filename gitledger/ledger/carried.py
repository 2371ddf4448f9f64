"""Which of a session ledger's entries it still holds: a carry to the project ledger
stopped between its two steps counts as done (``carry`` and ``doctor --fix`` finish it)."""

from __future__ import annotations

from dataclasses import replace

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
        if arrived is None or not is_carried_copy(store, arrived, entry, origin):
            kept.append(entry)
    return kept


def is_carried_copy(store: Store, arrived: Entry, entry: Entry, origin: str) -> bool:
    """Whether ``arrived`` (in the project ledger) is ``entry`` carried from session ledger
    ``origin``: it says ``carried_from = origin``, and it is the session's entry but for its
    place (``seq``), now or as it first arrived (edited in the project ledger since).
    Saying ``carried_from = origin`` is not enough: a teammate's entry that squats the id
    and says so must neither hide the session's entry nor count as its arrival."""
    if arrived.carried_from != origin:
        return False
    if _same(arrived, entry, origin):
        return True
    path = entry_path(arrived.id)
    first = decode_entry_or_none(store.oldest_blob(PROJECT_REF, path), path)
    return first is not None and _same(first, entry, origin)


def _same(arrived: Entry, entry: Entry, origin: str) -> bool:
    return arrived == replace(entry, id=arrived.id, seq=arrived.seq, carried_from=origin)
