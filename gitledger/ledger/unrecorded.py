"""Code commits the post-commit hook should have recorded and did not.

The hook records a commit with git alone, so a commit goes unrecorded only when the hook
could not run its work: it was killed, the disk was full, or git did not run it at all
(``core.hooksPath`` pointed elsewhere for one command).  Those commits are found from the
commit's side: on HEAD's first-parent line, back to the last commit a ledger recorded
(its note has a ``commit-in`` line), the ones made here (our committer identity, no
merge, after the ledger began).  ``doctor`` reports them; the next
command after a hook that stopped midway, and ``doctor --fix``, record them
(``integrations/git_events.py``).
"""

from __future__ import annotations

import os

from gitledger.errors import LedgerError
from gitledger.ledger.tree import read_header
from gitledger.storage import hook_routes
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
