"""The entries that govern code, read from this worktree's session ledger and the project
ledger, with who wrote each: what the pre-tool-use hook matches a tool call against.

Read in full only when the saved copy (``storage/governing_cache.py``) no longer holds: a
ledger write, a commit of a ledger, another identity.  Then every governing entry (its
``role`` is not None) is labelled once, from each ledger's history, and saved again.
"""

from __future__ import annotations

from typing import Any

from gitledger.core.codec import entry_to_json
from gitledger.core.display import quote
from gitledger.core.footprint import role
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.governing_cache import Key, save
from gitledger.storage.layout import PROJECT_REF


def read_governing(where: str, key: Key | None) -> list[list[Any]]:
    """``[ledger, label, entry JSON]`` for every entry of the two ledgers that governs
    code, the session's first; saved under ``key`` when one is given."""
    session = LedgerReader.open(where, session="")
    project = LedgerReader(session.store, PROJECT_REF, "project")
    me = session.current_user()
    found: list[list[Any]] = []
    seen: set[str] = set()
    for reader in (session, project):
        snapshot = reader.snapshot()
        governing = [e for e in snapshot.entries if role(e) is not None and e.id not in seen]
        if not governing:
            continue
        records = reader.provenance(snapshot.commit)
        for entry in governing:
            seen.add(entry.id)
            others = records.others(entry.id, me)
            label = f" {quote(others.label(), 120)}" if others is not None else ""
            found.append([reader.kind, label, entry_to_json(entry)])
    if key is not None:
        save(key, found)
    return found


__all__ = ["read_governing"]
