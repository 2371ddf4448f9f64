"""The durable queue of git events in a worktree's git dir (docs/format.md, "The event queue").

A git hook must return at once, so work that needs Python is appended as one line (by the
hook's ``printf >>``) and applied later, in order, by whoever drains first.  Applying is at
least once, so every item's work is idempotent; an empty queue is an absent file.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from gitledger.derived.files import write_whole
from gitledger.storage.layout import (
    QUEUE_DONE_FILE,
    QUEUE_FILE,
    QUEUE_HELD_FILE,
    QUEUE_LOCK_FILE,
    QUEUE_REPORT_FILE,
)
from gitledger.storage.queue_probe import ROTATED_SUFFIX

FORMAT = "1"
#: What one drain reads of the queue at a time (it loops until the queue is empty).
BATCH_BYTES = 1 << 20
#: A line longer than this is not one of ours (a rebase of thousands of commits is less).
LINE_LIMIT = 1 << 20
#: The report and held files are ours and small; anything larger is cut.
NOTE_LIMIT = 64 * 1024
#: For the kill test only: a step name at which this process kills itself (SIGKILL).
KILL_ENV = "GIT_LEDGER_TEST_KILL_AT"


@dataclass(frozen=True)
class QueueItem:
    """One queued git event: where its line starts and ends in the queue file."""

    offset: int
    end: int
    event: str
    session: str  # "" for none
    fields: tuple[str, ...]


@dataclass(frozen=True)
class Malformed:
    """A line that is not an item of a format this version reads: skipped, and said."""

    offset: int
    end: int
    text: str


@dataclass(frozen=True)
class QueueState:
    """What doctor reports: items waiting, malformed lines among them, why it is held."""

    waiting: int
    malformed: int
    held: str | None
    bytes_waiting: int


def kill_point(step: str) -> None:
    """The kill test's hook: die here, now, as a power cut would, when asked to."""
    if os.environ.get(KILL_ENV) == step:
        os.kill(os.getpid(), signal.SIGKILL)


def item_line(event: str, session: str, fields: tuple[str, ...]) -> bytes:
    """The line for an item, as the shell templates write it."""
    words = [FORMAT, event, session or "-", *fields]
    if any(not w or any(c.isspace() for c in w) for w in words):
        raise ValueError(f"a queue field is empty or has white space: {words!r}")
    return (" ".join(words) + "\n").encode("utf-8")


def append(gitdir: Path, event: str, session: str, fields: tuple[str, ...]) -> None:
    """Append one item with a single ``O_APPEND`` write (what the hooks' ``printf >>`` do)."""
    data = item_line(event, session, fields)
    fd = os.open(gitdir / QUEUE_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def parse(offset: int, line: bytes) -> QueueItem | Malformed:
    end = offset + len(line)
    text = line.rstrip(b"\n").decode("utf-8", "replace")
    words = text.split(" ")
    if len(words) < 3 or words[0] != FORMAT or not all(words) or len(line) > LINE_LIMIT:
        return Malformed(offset, end, text[:200])
    session = "" if words[2] == "-" else words[2]
    return QueueItem(offset, end, words[1], session, tuple(words[3:]))


def read_done(gitdir: Path) -> tuple[int, int]:
    """(inode, offset) of the last applied item; (0, 0) when none or unreadable."""
    try:
        words = (gitdir / QUEUE_DONE_FILE).read_text(encoding="utf-8").split()
        if len(words) == 3 and words[0] == FORMAT:
            return int(words[1]), int(words[2])
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    return 0, 0


def write_done(gitdir: Path, inode: int, offset: int) -> None:
    write_whole(gitdir / QUEUE_DONE_FILE, f"{FORMAT} {inode} {offset}\n")


def applied_offset(gitdir: Path) -> tuple[int, int]:
    """(inode of the queue file, bytes of it applied): an offset recorded for another file
    (rotated away meanwhile) counts as none of this one."""
    try:
        inode = (gitdir / QUEUE_FILE).stat().st_ino
    except FileNotFoundError:
        return 0, 0
    done_inode, offset = read_done(gitdir)
    return inode, offset if done_inode == inode else 0


def read_items(gitdir: Path, offset: int) -> list[QueueItem | Malformed]:
    """The complete lines from ``offset`` on (a line still being written has no newline
    yet and waits for the next drain), at most ``BATCH_BYTES`` of them."""
    try:
        with open(gitdir / QUEUE_FILE, "rb") as f:
            f.seek(offset)
            data = f.read(BATCH_BYTES)
    except FileNotFoundError:
        return []
    items: list[QueueItem | Malformed] = []
    at = offset
    # Split on newlines alone (``splitlines`` would cut at a carriage return too).
    for line in (part + b"\n" for part in data.split(b"\n")[:-1]):
        items.append(parse(at, line))
        at += len(line)
    rest = data[at - offset:]
    if rest and not items and len(data) >= BATCH_BYTES:  # one line past the batch: not ours
        items.append(Malformed(at, at + len(rest), rest[:200].decode("utf-8", "replace")))
    return items


def fully_applied(gitdir: Path) -> bool:
    """Every byte of the queue file is applied (a line still being written is not)."""
    _inode, offset = applied_offset(gitdir)
    try:
        return (gitdir / QUEUE_FILE).stat().st_size == offset
    except FileNotFoundError:
        return True


def rotate(gitdir: Path) -> None:
    """All applied: take the file away, so that "pending" is "the file is there".

    A hook that opened the file just before the rename writes its line into the renamed
    file: that tail is moved into a fresh queue before the renamed file is removed (and a
    drain killed on the way does the same next time, ``recover``)."""
    queue = gitdir / QUEUE_FILE
    try:
        queue.replace(gitdir / f"{QUEUE_FILE}{ROTATED_SUFFIX}")
    except FileNotFoundError:
        return
    kill_point("rotate-renamed")
    recover(gitdir)


def recover(gitdir: Path) -> None:
    """Finish a rotation: move what the renamed file holds past its applied offset."""
    old = gitdir / f"{QUEUE_FILE}{ROTATED_SUFFIX}"
    try:
        stat = old.stat()
    except FileNotFoundError:
        return
    done_inode, offset = read_done(gitdir)
    start = offset if done_inode == stat.st_ino else 0
    with open(old, "rb") as f:
        f.seek(start)
        tail = f.read()
    if tail:
        fd = os.open(gitdir / QUEUE_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            os.write(fd, tail)
        finally:
            os.close(fd)
    write_done(gitdir, 0, 0)
    kill_point("rotate-moved")
    old.unlink(missing_ok=True)


@contextlib.contextmanager
def locked(gitdir: Path, wait: float) -> Iterator[bool]:
    """Hold the queue's lock (``flock``: released by the kernel when the holder dies);
    yields False when another process kept it for ``wait`` seconds."""
    fd = os.open(gitdir / QUEUE_LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise
                if time.monotonic() >= deadline:
                    yield False
                    return
                time.sleep(0.02)
        yield True
    finally:
        os.close(fd)


def read_held(gitdir: Path) -> str | None:
    try:
        text = (gitdir / QUEUE_HELD_FILE).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return text[:NOTE_LIMIT].strip() or "(no reason recorded)"


def hold(gitdir: Path, cause: str) -> None:
    write_whole(gitdir / QUEUE_HELD_FILE, cause[:NOTE_LIMIT] + "\n")


def release(gitdir: Path) -> None:
    (gitdir / QUEUE_HELD_FILE).unlink(missing_ok=True)


def add_report(gitdir: Path, lines: list[str]) -> None:
    """Keep what a detached drain had to say for the next command to print."""
    if not lines:
        return
    data = "".join(f"{line}\n" for line in lines).encode("utf-8")[:NOTE_LIMIT]
    fd = os.open(gitdir / QUEUE_REPORT_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def take_report(gitdir: Path) -> list[str]:
    """What detached drains had to say, once: the file is taken away as it is read."""
    path = gitdir / QUEUE_REPORT_FILE
    taken = path.with_name(f"{path.name}.{os.getpid()}")
    try:
        path.replace(taken)
    except FileNotFoundError:
        return []
    try:
        with open(taken, "rb") as f:
            data = f.read(NOTE_LIMIT)
    finally:
        taken.unlink(missing_ok=True)
    return [line for line in data.decode("utf-8", "replace").splitlines() if line.strip()]


def state(gitdir: Path) -> QueueState:
    """The queue as doctor sees it (without the lock: a drain may be under way)."""
    _inode, offset = applied_offset(gitdir)
    waiting = malformed = 0
    size = 0
    with contextlib.suppress(OSError):
        size = (gitdir / QUEUE_FILE).stat().st_size
    at = offset
    while at < size:
        items = read_items(gitdir, at)
        if not items:
            break
        for item in items:
            waiting += 1
            malformed += isinstance(item, Malformed)
        at = items[-1].end
    return QueueState(waiting, malformed, read_held(gitdir), max(0, size - offset))
