"""``restore``, which runs at every agent start: its options as a plain command line spells
them, the block composed and rendered (text, JSON or an agent's envelope) and saved with
the key of what it was read from, and the saved block served while that key holds
(``derived/restore_cache.py``: the ledger refs, the pointer, the identity, read with the
git CLI, so a start with nothing changed loads no libgit2)."""

from __future__ import annotations

import os
from typing import Any

from gitledger.commands.plain import Fast, Printed, Shape

#: ``restore``'s options a saved block is looked up by; ``--archive``, ``--ledger`` and
#: ``-C`` go through click.
SHAPE = Shape(("restore",), {"--budget": ("budget", "count"), "--format": ("fmt", "one"),
                             "--session-id": ("session_id", "one"),
                             "--source": ("source", "one")},
              defaults={"fmt": "text"})
#: The parameter each of those options sets.
OPTIONS: dict[str, str] = {spelling: param for spelling, (param, _) in SHAPE.options.items()}


def refused(params: dict[str, Any]) -> bool:
    """A format or source click refuses (its usage error says which)."""
    from gitledger.core.names import SOURCES
    from gitledger.integrations.agent_registry import FORMATS

    return params["fmt"] not in FORMATS or (params["source"] is not None
                                            and params["source"] not in SOURCES)


def _asked(params: dict[str, Any]) -> Any:
    from gitledger.views.restore_served import Asked

    return Asked(params["fmt"], params["budget"], params["session_id"], params["source"])


def saved(params: dict[str, Any], where: str | os.PathLike[str] | None = None
          ) -> tuple[Any, str | None]:
    """The key as the repository is now (None: nothing may be saved or served, such as
    while git events wait), and the block saved under it for ``params``."""
    from gitledger.views.restore_served import saved as saved_block

    return saved_block(_asked(params), where)


def restore(params: dict[str, Any], key: Any, where: str | os.PathLike[str] | None = None,
            *, archive: str | None = None, ledger_name: str | None = None) -> Printed:
    """The block ``params`` ask for, rendered; this worktree's own block (no ``archive``,
    no ``ledger_name``) is saved under ``key`` (read before the block was) once printed."""
    from gitledger.integrations.agent_registry import BY_NAME, default_budget
    from gitledger.views.restore import Block, render
    from gitledger.views.restore_served import composed

    fmt = params["fmt"]

    def rendered(block: Block) -> str:
        if fmt in BY_NAME:
            # An agent's format prints what its session-start hook prints: the block in
            # its envelope (the hooks' module loads only then).
            from gitledger.integrations.agent_hooks import session_start_output

            return session_start_output(fmt, block.text)
        return render(block, fmt)

    output, save = composed(_asked(params), key, rendered, where,
                            budget=default_budget(fmt, params["budget"]),
                            archive=archive, ledger_name=ledger_name)
    return Printed(output, then=save)


def _serve(params: dict[str, Any]) -> tuple[Any, Printed | None]:
    key, text = saved(params)
    return key, Printed(text) if text is not None else None


FAST = Fast(SHAPE, restore, serve=_serve, refuses=refused, utf8=True)

__all__ = ["FAST", "OPTIONS", "SHAPE", "refused", "restore", "saved"]
