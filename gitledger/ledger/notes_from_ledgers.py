"""The notes on code commits as the ledgers say they should be: ``storage/notes.py``'s
derivation and rebuild, given the ledger's rule of which entries a session still holds (an
entry carried to the project ledger is noted there, ``carried.py``)."""

from __future__ import annotations

import os

from gitledger.ledger.carried import not_carried
from gitledger.storage import notes
from gitledger.storage.notes import Rebuilt
from gitledger.storage.store import Store


def wanted_notes(store: Store, *, skip_broken: bool = False) -> tuple[dict[str, set[str]], int]:
    """What ``rebuild`` would write, and from how many ledgers (``notes.wanted_notes``)."""
    return notes.wanted_notes(store, not_carried, skip_broken=skip_broken)


def rebuild(where: str | os.PathLike[str] | None = None, *,
            skip_broken: bool = False) -> Rebuilt:
    """Derive every note from the ledgers again and write them as one notes commit."""
    return notes.rebuild(where, not_carried, skip_broken=skip_broken)


__all__ = ["rebuild", "wanted_notes"]
