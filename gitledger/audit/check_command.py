"""The ``check`` command as one function for the CLI and the MCP tool, so both refuse the same
arguments.  The exit status is the CLI's: it exits 1 on errors, while MCP returns the same
document with ``"ok": false``.
"""

from __future__ import annotations

import os

from gitledger.audit.check import CheckReport
from gitledger.audit.check import check as check_ledgers
from gitledger.errors import ConflictingOptions


def check(where: str | os.PathLike[str] | None, *, project: bool = False,
          name: str | None = None) -> CheckReport:
    """``check``: this worktree's ledger and the project ledger, or only one of them."""
    if project and name:
        raise ConflictingOptions("project", "ledger")
    return check_ledgers(where, project=project, name=name)


__all__ = ["check"]
