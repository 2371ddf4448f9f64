"""A ledger read again after its tip moved, for the derived views that keep a copy of it:
only the entry blobs changed since the copy's commit, each with who brought it in.
"""

from __future__ import annotations

from dataclasses import dataclass

from gitledger.core.model import BadEntry, Entry
from gitledger.errors import CorruptLedger
from gitledger.ledger.authorship import UNKNOWN, ledger_provenance
from gitledger.storage.entry_cache import read_entries, read_paths
from gitledger.storage.layout import ARCHIVE_PREFIX, ENTRIES_DIR
from gitledger.storage.store import Store, TreeView


@dataclass(frozen=True)
class Reread:
    """What changed in a ledger since a copy of it was taken."""

    commit: str
    #: The entry paths that changed (each read again, or gone); None: the ledger was read
    #: whole, and nothing of the copy is kept.
    changed: frozenset[str] | None
    #: The entries read: every one, or those of ``changed`` still there.
    entries: tuple[Entry, ...]
    bad: tuple[BadEntry, ...]
    #: Who brought each entry read in (``Name <email>``), from the ledger's history.
    authors: dict[str, str]


def reread(store: Store, ref: str, before: str | None) -> Reread | None:
    """``ref`` read again since commit ``before`` (None: read whole); None when the ref is
    gone or holds no ledger."""
    tip = store.tip(ref)
    if tip.view is None or tip.commit is None:
        return None
    old = _old_view(store, ref, before)
    changed: frozenset[str] | None = None
    if old is None:
        entries, bad = read_entries(store, ref, tip.view)
    else:
        # A changed blob is named once as it was and once as it is now.
        changed = frozenset(path for path, _ in old.changed_blobs(tip.view, ENTRIES_DIR))
        entries, bad = read_paths(tip.view, sorted(p for p in changed if tip.view.has(p)))
    provenance = ledger_provenance(store, ref, tip.commit)
    authors = {}
    for entry in entries:
        record = provenance.entry(entry.id)
        authors[entry.id] = record.created_by if record else str(UNKNOWN.wrote)
    return Reread(tip.commit, changed, tuple(entries), tuple(bad), authors)


def _old_view(store: Store, ref: str, before: str | None) -> TreeView | None:
    if before is None or ref.startswith(ARCHIVE_PREFIX) or "/archive/" in ref:
        return None
    try:
        return store.view_at(before)
    except (KeyError, ValueError, CorruptLedger):
        return None
