"""Files written where the user's tools read them: never through a symbolic link.

A repository can commit a link pointing anywhere, so ``export -o`` and ``install`` /
``uninstall`` refuse such a path here, with one check.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gitledger.core.display import printable
from gitledger.errors import InvalidInput, LedgerError


def refuse_links(path: Path, shown: str, *, top: Path | None = None,
                 hint: str = "nothing was written") -> os.stat_result | None:
    """The ``lstat`` of ``path`` (None when nothing is there), once neither ``path`` nor,
    with ``top``, any directory between ``top`` (itself excluded: the user chose it) and
    ``path`` is a symbolic link.  InvalidInput names the first link from the top, with
    ``hint`` in brackets; ``shown`` is how the message names ``path``.

    A missing directory is no link: the write that follows creates a real one.
    """
    chain = [path]
    if top is not None:
        for parent in path.parents:
            if parent == top:
                break
            chain.append(parent)
        else:
            chain = [path]  # not under ``top``: only the path itself is checked
    found: os.stat_result | None = None
    for place in reversed(chain):
        try:
            info = os.lstat(place)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            raise LedgerError(f"cannot write {shown}: {exc.strerror or exc}") from None
        if stat.S_ISLNK(info.st_mode):
            if place == path:
                raise InvalidInput(f"{shown} is a symbolic link; refusing to write through "
                                   f"it ({hint})")
            raise InvalidInput(f"{_relative(place, top)} is a symbolic link; refusing to "
                               f"write {shown} through it ({hint})")
        if place == path:
            found = info
    return found


def _relative(place: Path, top: Path | None) -> str:
    if top is not None:
        try:
            return printable(str(place.relative_to(top)))
        except ValueError:
            pass
    return printable(str(place))


__all__ = ["refuse_links"]
