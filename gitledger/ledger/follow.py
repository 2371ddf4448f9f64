"""The derived data that follows every write to a ledger, subscribed once per store.

Writers publish what each write moved (``derived/events.py``); the refreshes subscribe here,
so a new derived thing follows writes without any writer changing.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from gitledger.core.footprint import role
from gitledger.core.ids import entry_path
from gitledger.derived.events import Moved
from gitledger.derived.governing_cache import advance
from gitledger.ledger import path_index
from gitledger.ledger.checkout import refresh_checkout_line
from gitledger.ledger.decision_index import record_write
from gitledger.ledger.project_index import refresh_after_write
from gitledger.storage.layout import CHECKOUT_FILE, ENTRIES_DIR, PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.store import Store


def register(store: Store) -> None:
    """Subscribe the derived data that follows writes to every write through ``store``."""
    if store.moves.subscribed("project-index"):
        return
    store.moves.subscribe("project-index", lambda moved: _project_index(store, moved))
    store.moves.subscribe("decision-index", lambda moved: _decision_index(store, moved))
    store.moves.subscribe("path-tokens", lambda moved: _path_tokens(store, moved))
    store.moves.subscribe("checkout-line", lambda moved: _checkout_line(store, moved))


def _project_index(store: Store, moved: Moved) -> None:
    # A merge brings a teammate's entries: the index is rebuilt when next read, never
    # carried over as if the user had written them.
    if moved.ref == PROJECT_REF and moved.new is not None and not moved.merged:
        refresh_after_write(store, moved.new, list(moved.files))


def _decision_index(store: Store, moved: Moved) -> None:
    entry = moved.entry
    if entry is None or moved.new is None:
        return
    if [p for p in moved.files if p.startswith(f"{ENTRIES_DIR}/")] == [entry_path(entry.id)]:
        record_write(store, moved.ref, moved.old, moved.new, entry, added=moved.added)


def _path_tokens(store: Store, moved: Moved) -> None:
    """The pre-tool-use hook's tokens, and its saved copy of the governing entries (carried
    over a write that changed no entry that governs code)."""
    if not moved.detailed:
        path_index.refresh_after_write(store, moved.ref)
        return
    governs = moved.entry is not None and role(moved.entry) is not None
    path_index.refresh_after_write(store, moved.ref, governs=governs)
    if not governs and moved.new is not None:
        written = [PurePosixPath(p).stem for p in moved.files if p.startswith("entries/")]
        advance(store.repo.gitdir, "project" if moved.ref == PROJECT_REF else "session",
                moved.old, moved.new, written)


def _checkout_line(store: Store, moved: Moved) -> None:
    if not moved.detailed:
        return
    if (moved.focus_moved or not (store.repo.gitdir / CHECKOUT_FILE).exists()) and \
            moved.ref.startswith(SESSIONS_PREFIX) and moved.ref == store.worktree_ref():
        refresh_checkout_line(store, moved.ref)


__all__ = ["register"]
