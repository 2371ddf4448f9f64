"""The restore block served from its saved copy while the key it was made from holds, else
composed, rendered and saved: the one protocol behind the CLI's ``restore``, the
executable's fast path and the MCP ``restore`` tool, so none of them can disagree.  A
served block loads no libgit2: the block's reader loads on a miss only."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from gitledger.derived import restore_cache
from gitledger.storage.queue_probe import needs_drain

if TYPE_CHECKING:
    from gitledger.views.restore import Block

Where = str | os.PathLike[str] | None


class Asked(NamedTuple):
    """One restore request, as its saved output is looked up by."""

    fmt: str
    budget: int | None = None
    session_id: str | None = None
    source: str | None = None

    def key(self) -> str:
        return restore_cache.request(self.fmt, self.budget, self.session_id, self.source)


def saved(asked: Asked, where: Where = None) -> tuple[restore_cache.Key | None, str | None]:
    """The key as the repository is now (None: nothing may be saved or served, such as
    while git events wait), and the output saved under it for ``asked``."""
    if needs_drain(where):
        return None, None
    key = restore_cache.current_key(where)
    if key is None:
        return None, None
    return key, restore_cache.load(key, asked.key())


def composed(asked: Asked, key: restore_cache.Key | None, render: Callable[[Block], str],
             where: Where = None, *, budget: int | None = None, archive: str | None = None,
             ledger_name: str | None = None) -> tuple[str, Callable[[], None] | None]:
    """The block ``asked`` for, composed (within ``budget``) and rendered, and what saves it
    under ``key`` (read before the block was) once it is out: only this worktree's own
    block (no ``archive``, no ``ledger_name``), and only when there is a key."""
    from gitledger.views.restore import restore as compose  # noqa: PLC0415 - libgit2, on a miss

    block = compose(where, budget=budget, session_id=asked.session_id, source=asked.source,
                    archive=archive, ledger_name=ledger_name)
    output = render(block)
    if key is None or archive is not None or ledger_name is not None:
        return output, None
    held = key

    def save() -> None:
        restore_cache.save(held, restore_cache.current_key(where), asked.key(), output,
                           me=block.reader, reads_head=block.reads_head)

    return output, save


def served(asked: Asked, render: Callable[[Block], str], where: Where = None, *,
           budget: int | None = None) -> str:
    """This worktree's block for ``asked``: the saved output while its key holds, else
    composed, rendered and saved."""
    key, text = saved(asked, where)
    if text is not None:
        return text
    output, save = composed(asked, key, render, where, budget=budget)
    if save is not None:
        save()
    return output


__all__ = ["Asked", "composed", "saved", "served"]
