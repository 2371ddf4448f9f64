"""Worktree pointer files: which session ledger each worktree of the repository uses.

A worktree finds its ledger through a file in its own git dir (``POINTER_FILE``), never
through its path; this module reads every such file and tells which worktrees still live.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gitledger.storage.layout import POINTER_FILE, SESSIONS_PREFIX
from gitledger.storage.store import Store


@dataclass(frozen=True)
class Pointer:
    """One worktree's pointer file: which ledger it names, and whether the worktree lives."""

    gitdir: Path
    ref: str
    worktree: Path
    alive: bool
    locked: bool = False


def pointers(store: Store) -> list[Pointer]:
    """Every worktree pointer file in the repository (main worktree first).

    A linked worktree is alive when the ``.git`` its git dir names still exists, or when
    it is locked (``git worktree lock``: git keeps it for when it comes back).
    """
    found: list[Pointer] = []
    common = store.repo.commondir
    for gitdir in store.worktree_gitdirs():
        try:
            ref = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if gitdir == common:
            found.append(Pointer(gitdir, ref, _main_worktree(store), True))
            continue
        locked = (gitdir / "locked").exists()
        try:
            dotgit = Path((gitdir / "gitdir").read_text(encoding="utf-8").strip())
        except (OSError, UnicodeDecodeError):
            found.append(Pointer(gitdir, ref, gitdir, locked, locked))
            continue
        found.append(Pointer(gitdir, ref, dotgit.parent, locked or dotgit.exists(), locked))
    return found


def _main_worktree(store: Store) -> Path:
    if store.repo.gitdir == store.repo.commondir:
        return store.repo.workdir
    return store.repo.commondir.parent


def live_worktree(store: Store, ref: str, *, besides: Path | None = None) -> Pointer | None:
    """The live worktree (other than the one whose git dir is ``besides``) using ``ref``."""
    for pointer in pointers(store):
        if pointer.ref == ref and pointer.alive and pointer.gitdir != besides:
            return pointer
    return None


def orphaned_refs(store: Store) -> set[str]:
    """Session ledgers no live worktree points at."""
    live = {p.ref for p in pointers(store) if p.alive}
    return {r for r in store.ledger_refs() if r.startswith(SESSIONS_PREFIX) and r not in live}
