"""Applying the queued git events in order (the queue itself: ``storage/event_queue.py``).

One process at a time applies items under the lock.  A failing item holds the queue until
``doctor --fix``, so a broken ledger is not retried on every command; a passing failure (a
full disk, a busy ref) just stops the drain for the next one to retry.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from gitledger.core.display import one_line
from gitledger.errors import ConcurrentUpdate
from gitledger.storage import event_queue, queue_probe
from gitledger.storage.event_queue import Malformed, QueueItem, kill_point

#: An item's work: what to say about it (one line each).
Applier = Callable[[QueueItem], list[str]]
#: A drain gives up on a lock held this long (another drain applies the items meanwhile).
WAIT_SECONDS = 10.0


@dataclass(frozen=True)
class Drained:
    applied: int
    lines: tuple[str, ...]
    #: Why the queue is held now, when this drain held it (said once); else None.
    held: str | None = None


def drain(gitdir: Path, appliers: Mapping[str, Applier], *, wait: float = WAIT_SECONDS,
          fix: bool = False) -> Drained:
    """Apply everything queued in ``gitdir``, in order; ``fix`` releases a held queue."""
    if fix:
        event_queue.release(gitdir)
    if not queue_probe.pending(gitdir) or event_queue.read_held(gitdir) is not None:
        return Drained(0, ())
    lines: list[str] = []
    applied = 0
    with event_queue.locked(gitdir, wait) as mine:
        if not mine:
            return Drained(0, ())
        kill_point("locked")
        event_queue.recover(gitdir)  # a rotation a killed drain left half done
        while event_queue.read_held(gitdir) is None:
            inode, offset = event_queue.applied_offset(gitdir)
            items = event_queue.read_items(gitdir, offset)
            if not items:
                break
            for item in items:
                if isinstance(item, Malformed):
                    lines.append(f"skipped a queued git event this version cannot read: "
                                 f"{one_line(item.text, 80)!r}")
                else:
                    failed = _apply(item, appliers, lines)
                    if failed is not None and _passing(failed):
                        return Drained(applied, tuple(lines))
                    if failed is not None:
                        cause = _cause(failed)
                        try:
                            event_queue.hold(gitdir, cause)
                        except OSError:  # no room to say why: tried again next time
                            return Drained(applied, tuple(lines))
                        return Drained(applied, tuple(lines), cause)
                    applied += 1
                kill_point("applied")
                event_queue.write_done(gitdir, inode, item.end)
                kill_point("advanced")
        if event_queue.read_held(gitdir) is None and event_queue.fully_applied(gitdir):
            event_queue.rotate(gitdir)
    return Drained(applied, tuple(lines))


#: The words of a full disk as ``os.strerror`` gives them, also inside libgit2's errors.
_FULL_DISK = (os.strerror(errno.ENOSPC), os.strerror(errno.EDQUOT))


def _passing(exc: Exception) -> bool:
    """A failure that passes by itself: a full disk, a ref another writer kept busy."""
    if isinstance(exc, ConcurrentUpdate):
        return True
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    return any(words in str(exc) for words in _FULL_DISK)


def _cause(exc: Exception) -> str:
    return one_line(str(exc) or type(exc).__name__, 300)


def _apply(item: QueueItem, appliers: Mapping[str, Applier], lines: list[str]
           ) -> Exception | None:
    """Do one item's work; what it failed with (the item then stays queued)."""
    work = appliers.get(item.event)
    if work is None:
        lines.append(f"skipped a queued git event of a kind this version does not know: "
                     f"{one_line(item.event, 40)!r}")
        return None
    try:
        lines.extend(work(item))
    except Exception as exc:  # whatever it is, the item waits and the cause is said once
        return exc
    return None


__all__ = ["Applier", "Drained", "drain"]
