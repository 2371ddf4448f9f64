"""A regular expression compiled the first time it is used.

The credential detector holds about three hundred patterns, every one of them lazy, and a
write's short text meets a few dozen (``find_credential`` runs a pattern only over text
holding its literal): compiling them all at import cost every ``git ledger`` write about
20 ms of its start.
"""

from __future__ import annotations

import re
from typing import Any, cast

#: Global inline flags at the start of a source (``(?i)``, ``(?ix)``): Python takes them
#: only there, so reading them needs no parse.
_LEADING_FLAGS = re.compile(r"\(\?([aiLmsux]+)\)")
_FLAG_BITS = {"a": re.ASCII, "i": re.IGNORECASE, "L": re.LOCALE, "m": re.MULTILINE,
              "s": re.DOTALL, "u": re.UNICODE, "x": re.VERBOSE}


#: The pattern's methods, bound once compiled: a search then costs what a compiled
#: pattern's does (``__getattr__`` on every call made a 2 MB redaction half as slow again).
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class _LazyPattern:
    """``source`` and ``flags``; the compiled pattern behind every other attribute."""

    __slots__ = ("_compiled", "_flags", "pattern", *_METHODS)

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
            for method in _METHODS:
                setattr(self, method, getattr(self._compiled, method))
        return getattr(self._compiled, name)


def lazy(source: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern like ``re.compile(source, flags)``'s, compiled at its first search."""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))
