"""A regular expression compiled the first time it is used.

The credential detector holds about two hundred patterns, and a write's short text meets a
few dozen of them (``find_credential`` runs a pattern only over text holding its literal):
compiling the rest at import cost every ``git ledger`` write about 20 ms of its start.
"""

from __future__ import annotations

import re
from typing import Any, cast

#: Global inline flags at the start of a source (``(?i)``, ``(?ix)``): Python takes them
#: only there, so reading them needs no parse.
_LEADING_FLAGS = re.compile(r"\(\?([aiLmsux]+)\)")
_FLAG_BITS = {"a": re.ASCII, "i": re.IGNORECASE, "L": re.LOCALE, "m": re.MULTILINE,
              "s": re.DOTALL, "u": re.UNICODE, "x": re.VERBOSE}


class _LazyPattern:
    """``source`` and ``flags``; the compiled pattern behind every other attribute."""

    __slots__ = ("_compiled", "_flags", "pattern")

    def __init__(self, source: str, flags: int) -> None:
        self.pattern = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def flags(self) -> int:
        """The flags ``re.compile`` would give, without compiling: given and inline ones."""
        leading = _LEADING_FLAGS.match(self.pattern)
        inline = 0 if leading is None else sum(_FLAG_BITS[c] for c in set(leading.group(1)))
        return self._flags | inline | (0 if inline & re.ASCII else re.UNICODE)

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self._flags)
        return getattr(self._compiled, name)


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern like ``re.compile(source, flags)``'s, compiled at its first search."""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))
