"""Code commits the post-commit hook should have recorded and did not (it was killed, or git
did not run it), found on HEAD's first-parent line back to the last recorded one.
``doctor`` reports them; the next command and ``doctor --fix`` record them.
"""

from __future__ import annotations

import os

from gitledger.errors import LedgerError
from gitledger.ledger import hook_routes
from gitledger.ledger.tree import read_header
from gitledger.storage.layout import SESSIONS_PREFIX
from gitledger.storage.notes import unrecorded_commits
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store

#: How far back on HEAD's line the commits are looked at.
LOOK_BACK = 100


def unrecorded(where: str | os.PathLike[str] | None) -> list[str]:
    """This worktree's unrecorded commits, oldest first (none without a ledger that reads,
    a HEAD, or the git hooks installed: a broken ledger is doctor's to report)."""
    try:
        return _unrecorded(Store(Repo(where)))
    except LedgerError:
        return []


def _unrecorded(store: Store) -> list[str]:
    repo = store.repo
    # The pointer as written: reading it through the store would finish an interrupted
    # archive, and doctor reports before it repairs.
    try:
        ref = store.pointer_path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return []
    head = repo.head_commit()
    if head is None or not ref.startswith(SESSIONS_PREFIX) or not store.exists(ref):
        return []
    tip = store.tip(ref)
    if tip.view is None or not _hooks_installed(repo):
        return []
    meta, _ = read_header(ref, tip.view)
    return unrecorded_commits(store, head, since=meta.created.timestamp(),
                              committer=repo.person("COMMITTER").email, limit=LOOK_BACK)


def _hooks_installed(repo: Repo) -> bool:
    setup = hook_routes.detect(repo)
    return bool(hook_routes.runs(setup, "post-commit").runs)


__all__ = ["LOOK_BACK", "unrecorded"]
