"""The entries that govern code, read from this worktree's session ledger and the project
ledger with who wrote each, only where the saved copy (``derived/governing_cache.py``) no
longer holds: what the pre-tool-use hook matches a tool call against.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gitledger.core.codec import entry_to_json
from gitledger.core.display import quote
from gitledger.core.footprint import Lines, role
from gitledger.derived.governing_cache import PARTS, Key, combined, current_key, load, save
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.layout import PROJECT_REF
from gitledger.views.governing import Governing, select


def read_governing(where: str, key: Key | None,
                   have: dict[str, list[list[Any]]] | None = None) -> list[list[Any]]:
    """``[ledger, label, entry JSON]`` for every entry of the two ledgers that governs
    code, the session's first: the parts ``have`` lacks read from their ledger, and all
    saved under ``key`` when one is given."""
    parts = dict(have or {})
    session = LedgerReader.open(where, session="")
    readers = {"session": session, "project": LedgerReader(session.store, PROJECT_REF,
                                                           "project")}
    me = session.current_user()
    for part, reader in readers.items():
        if part in parts:
            continue
        snapshot = reader.snapshot()
        governing = [e for e in snapshot.entries if role(e) is not None]
        found: list[list[Any]] = []
        if governing:
            records = reader.provenance(snapshot.commit)
            for entry in governing:
                others = records.others(entry.id, me)
                label = f" {quote(others.label(), 120)}" if others is not None else ""
                found.append([reader.kind, label, entry_to_json(entry)])
        parts[part] = found
    if key is not None:
        save(key, parts)
    return combined(parts)


def governing(where: str, targets: Sequence[tuple[str, Lines]]) -> list[Governing]:
    """The entries that govern ``targets`` (path, lines), best first, from the saved copy
    while it holds, else from the ledgers: the pre-tool-use hook's answer (``select``)."""
    key = current_key(where)
    parts = load(key) if key is not None else {}
    saved = combined(parts) if len(parts) == len(PARTS) else read_governing(where, key, parts)
    return select(saved, targets)


__all__ = ["governing", "read_governing"]
