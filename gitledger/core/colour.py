"""Colour roles: the one place that says which of the product's own labels are coloured,
and how.  Text is plain unless the command line turned colour on for a terminal, and colour
only ever wraps text already made printable, so ledger text cannot carry its own escapes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

#: Each role and its SGR code (git's names: red, yellow, magenta, cyan, blue, green).
ROLES: dict[str, tuple[str, str]] = {
    "error": ("1;31", "bold red: an error (check's findings, a failure line)"),
    "warning": ("33", "yellow: a warning"),
    "drift": ("35", "magenta: a decision whose code changed since (drift)"),
    "stale": ("36", "cyan: a verified fact whose files changed since (stale-fact)"),
    "teammate": ("34", "blue: a teammate's name on what they wrote or changed"),
    "status": ("32", "green: a decision's status and its changes (accepted, implemented …)"),
}
RESET = "\033[m"

_ON: ContextVar[bool] = ContextVar("gitledger_colour", default=False)


def paint(role: str, text: str) -> str:
    """``text`` in ``role``'s colour while colour is on, else as it is."""
    if not _ON.get() or not text:
        return text
    return f"\033[{ROLES[role][0]}m{text}{RESET}"


def colour_on() -> bool:
    return _ON.get()


def sequences() -> tuple[str, ...]:
    """The escape sequences ``paint`` writes while colour is on (none while it is off):
    what the gate lets through a coloured report, and nothing else."""
    if not _ON.get():
        return ()
    return (RESET, *(f"\033[{code}m" for code, _ in ROLES.values()))


@contextlib.contextmanager
def colouring(on: bool) -> Iterator[None]:
    """Colour on (or off) for what is rendered inside."""
    token = _ON.set(on)
    try:
        yield
    finally:
        _ON.reset(token)


def switch(on: bool) -> None:
    """Colour on or off for the rest of this command (the command line sets it once)."""
    _ON.set(on)


__all__ = ["RESET", "ROLES", "colour_on", "colouring", "paint", "sequences", "switch"]
