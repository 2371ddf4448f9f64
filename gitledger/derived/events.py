"""What a write to a ledger moved, published to the derived data that follows writes.

Each derived thing subscribes once per store rather than every writer refreshing it, so a
writer cannot forget one; a subscriber never fails a write that has landed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gitledger.core.model import Entry


@dataclass(frozen=True)
class Moved:
    """One landed write: ``ref`` moved from ``old`` (None: it was created) to ``new``
    (None: it went away, an archive) changing ``files``.  ``detailed``: a ledger write
    that says what it wrote: ``entry`` (None: no entry, a TASK or NEXT change), whether
    its path was new (``added``), and whether what post-checkout prints may have moved
    (``focus_moved``).  ``merged``: a merge of someone else's commits (a pull), whose
    entries are theirs: nothing that carries a write of the user's own over follows it."""

    ref: str
    old: str | None
    new: str | None
    files: tuple[str, ...] = ()
    detailed: bool = False
    entry: Entry | None = None
    added: bool = False
    focus_moved: bool = False
    merged: bool = False


Subscriber = Callable[[Moved], None]


class Moves:
    """One store's subscribers, by name (a name subscribes once), called in order."""

    def __init__(self) -> None:
        self._subscribers: dict[str, Subscriber] = {}

    def subscribe(self, name: str, subscriber: Subscriber) -> None:
        self._subscribers.setdefault(name, subscriber)

    def subscribed(self, name: str) -> bool:
        return name in self._subscribers

    def publish(self, moved: Moved) -> None:
        for subscriber in tuple(self._subscribers.values()):
            subscriber(moved)


__all__ = ["Moved", "Moves", "Subscriber"]
