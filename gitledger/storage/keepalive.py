"""The keep-alive chain (``refs/ledger/keep``): evidence commits stay reachable after a
rebase and a ``git gc``.  Each commit a decision cites becomes a parent of a keep commit,
whose tree indexes what is kept; it is written before the citing entry, so a crash keeps an
uncited commit, never the reverse.
"""

from __future__ import annotations

from collections.abc import Iterable

from gitledger.core.model import Change
from gitledger.storage.layout import KEEP_REF, KEPT_DIR
from gitledger.storage.store import Store, TreeView


def kept_path(sha: str) -> str:
    return f"{KEPT_DIR}/{sha[:2]}/{sha}"


def keep(store: Store, shas: Iterable[str], cited_by: str) -> str | None:
    """Make each full sha in ``shas`` reachable from the keep-alive chain.

    Returns the new keep commit, or None when every one of them was kept already.
    """
    wanted = sorted(set(shas))

    def operation(view: TreeView | None) -> tuple[Change, None] | None:
        files: dict[str, bytes | None] = {}
        new: list[str] = []
        for sha in wanted:
            path = kept_path(sha)
            before = view.read(path) if view is not None else None
            lines = before.decode("utf-8").splitlines() if before else []
            if cited_by in lines:
                continue
            files[path] = "\n".join([*lines, cited_by]).encode("utf-8") + b"\n"
            if before is None:
                new.append(sha)
        if not files:
            return None
        subject = f"keep {', '.join(s[:12] for s in wanted)} for {cited_by}"
        trailers = tuple(("Ledger-Keep", sha) for sha in new)
        return Change(subject, (("Ledger-Event", "keep"), *trailers), files,
                      parents=tuple(new)), None

    commit, _ = store.update(KEEP_REF, operation)
    return commit


class KeptCommits:
    """The set of kept commits at the chain's current tip, read in one walk of its tree."""

    def __init__(self, store: Store) -> None:
        self._view = store.tip(KEEP_REF).view
        self._kept: frozenset[str] | None = None

    def __contains__(self, sha: object) -> bool:
        if self._view is None or not isinstance(sha, str):
            return False
        if self._kept is None:
            self._kept = frozenset(path.rsplit("/", 1)[-1]
                                   for path, _ in self._view.blob_ids(KEPT_DIR))
        return sha in self._kept
