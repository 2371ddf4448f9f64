"""The ``archive`` command as one function for the CLI and the MCP tool.

``lifecycle.archive`` takes a carry mode; the command takes three flags that choose it.
Turning the flags into the mode (and refusing two at once) is done here, once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from gitledger.errors import ConflictingOptions
from gitledger.ledger.lifecycle import ArchiveResult
from gitledger.ledger.lifecycle import archive as archive_ledger


def archive(
    where: str | os.PathLike[str] | None, *, carry: Sequence[str] = (),
    carry_all_durable: bool = False, no_carry: bool = False, dry_run: bool = False,
    name: str | None = None,
) -> ArchiveResult:
    """``archive``: carry exactly ``carry``, every durable entry, nothing, or (with none
    of the three) the default half, then archive the ledger (``name``: an orphaned one)."""
    if sum((bool(carry), carry_all_durable, no_carry)) > 1:
        raise ConflictingOptions("carry", "carry_all_durable", "no_carry")
    mode = "all-durable" if carry_all_durable else "none" if no_carry else "default"
    return archive_ledger(where, carry_ids=list(carry) or None, mode=mode, dry_run=dry_run,
                          name=name)


__all__ = ["archive"]
