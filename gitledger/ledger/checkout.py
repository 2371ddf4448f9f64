"""The line post-checkout prints, kept ready in the worktree's git dir (``ledger-checkout``).

A checkout must not wait for Python, so the hook prints this file, which every write to the
worktree's ledger that may change it rewrites, sanitised to one printable, capped line.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from gitledger.core.display import one_line
from gitledger.core.model import Snapshot
from gitledger.derived import registry
from gitledger.derived.files import write_whole
from gitledger.errors import LedgerError
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.layout import CHECKOUT_FILE
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store


def checkout_text(snapshot: Snapshot) -> str | None:
    """TASK, NEXT and how many questions are open; None without a ledger."""
    if snapshot.meta is None:
        return None
    opened = len(snapshot.of_kind("open"))
    task = one_line(snapshot.focus.task or "(no task)", 80)
    nxt = one_line(snapshot.focus.next or "(not set)", 80)
    return (f"TASK {task} · NEXT {nxt} · {opened} open "
            f"question{'s' if opened != 1 else ''} (git ledger show)")


def refresh_checkout_line(store: Store, ref: str) -> None:
    """Rewrite the line from ``ref``'s current state; a failure leaves the old line, which
    only a checkout prints (the write it follows has happened)."""
    with contextlib.suppress(LedgerError, OSError):
        text = checkout_text(LedgerReader(store, ref, "session", "").snapshot())
        path = store.repo.gitdir / CHECKOUT_FILE
        if text is None:
            path.unlink(missing_ok=True)
        else:
            write_whole(path, text + "\n")


def _rebuild_for_doctor(top: Path) -> str:
    store = Store(Repo(top))
    ref = store.worktree_ref()
    if ref is None:
        return "no session ledger here: no checkout line to rebuild"
    refresh_checkout_line(store, ref)
    return f"rebuilt the checkout line of {ref}"


registry.on_rebuild("checkout-line", _rebuild_for_doctor)
