"""``doctor``'s rules for what a stopped write or a killed process left: the git hooks'
queue, commits the post-commit hook did not record, stale ref and pointer locks, archives
and carries stopped between their steps, and worktree pointers and orphaned ledgers.

Readers already see an interrupted step as done; ``--fix`` finishes it in storage too.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

from gitledger.audit.doctor_findings import DoctorFinding, DoctorRun
from gitledger.core.display import capped_join, one_line, printable
from gitledger.errors import LedgerError
from gitledger.ledger.lifecycle import finish_carry
from gitledger.ledger.operations import Ledger
from gitledger.ledger.unrecorded import unrecorded
from gitledger.storage import event_queue
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.integrity import archived_copy, remove_ref_if_free
from gitledger.storage.layout import ARCHIVE_PREFIX, POINTER_FILE, QUEUE_FILE, SESSIONS_PREFIX
from gitledger.storage.store import STALE_LOCK_MINUTES, valid_ref_name

#: A queue unchanged this long, with no drain holding its lock, is stuck (a drain takes
#: milliseconds an item; the hooks start one right after appending).
QUEUE_IDLE_SECONDS = 30.0


def queue(run: DoctorRun) -> None:
    """The git hooks' queue in this worktree's git dir: held after a failure, holding
    lines this version cannot read, or waiting with no drain at work (one killed)."""
    gitdir = run.store.repo.gitdir
    found = event_queue.state(gitdir)
    where = str(gitdir / QUEUE_FILE)
    findings: list[DoctorFinding] = []
    if found.held is not None:
        findings.append(run.add(
            "queue-held", where, f"{found.waiting} queued git event"
            f"{'s wait' if found.waiting != 1 else ' waits'}: applying stopped at "
            f"the first ({one_line(found.held, 200)})",
            "repair what it names, then git ledger doctor --fix (applies them in order)"))
    if found.malformed:
        findings.append(run.add(
            "queue-malformed", where, f"{found.malformed} line"
            f"{'s' if found.malformed != 1 else ''} of the queue this version cannot read",
            "git ledger doctor --fix (skips them, saying each)"))
    if found.held is None and found.waiting and _queue_idle(gitdir):
        findings.append(run.add(
            "queue-stuck", where, f"{found.waiting} queued git event"
            f"{'s were' if found.waiting != 1 else ' was'} not applied (a drain "
            "was killed, or none started)", "git ledger doctor --fix (applies them), "
            "as does any git ledger command"))
    if not findings or not run.fix or run.drain is None:
        return
    said = run.drain()
    after = event_queue.state(gitdir)
    if after.held is None and after.waiting == 0:
        for finding in findings:
            run.mark_fixed(finding, f"applied the queued git events in {where}")
        run.actions.extend(one_line(line) for line in said)
    elif after.held is not None:
        run.actions.append(f"the queue is held again: {one_line(after.held, 200)}")


def unrecorded_commits(run: DoctorRun) -> None:
    """Commits the post-commit hook should have recorded and did not; ``--fix``
    records them (the caller's drain does, as the next command would)."""
    found = unrecorded(run.store.repo.workdir)
    if not found:
        return
    ref = str(run.store.repo.gitdir / "ledger")
    finding = run.add(
        "commit-unrecorded", ref, f"{len(found)} commit{'s' if len(found) != 1 else ''} "
        f"not recorded in this worktree's ledger: "
        f"{capped_join([sha[:12] for sha in found], sep=', ')}",
        "git ledger doctor --fix (records them, as the hook would have)")
    if not run.fix or run.drain is None:
        return
    said = run.drain()
    if not unrecorded(run.store.repo.workdir):
        run.mark_fixed(finding, "; ".join(one_line(line) for line in said)
                       or f"recorded {len(found)} commits")


def _queue_idle(gitdir: Path) -> bool:
    """No drain holds the queue's lock, and the queue has not moved for a while."""
    try:
        age = time.time() - (gitdir / QUEUE_FILE).stat().st_mtime
    except OSError:
        return False
    if age < QUEUE_IDLE_SECONDS:
        return False
    with event_queue.locked(gitdir, 0.0) as free:
        return free


def locks(run: DoctorRun) -> None:
    """No ref lock under ``refs/ledger/`` older than a live writer holds one, and no
    worktree pointer lock; ``--fix`` removes them."""
    _pointer_locks(run)
    folder = run.store.repo.commondir / "refs" / "ledger"
    if not folder.is_dir():
        return
    now = time.time()
    for lock in sorted(folder.rglob("*.lock")):
        age = (now - lock.stat().st_mtime) / 60
        if age < STALE_LOCK_MINUTES:
            continue  # a writer may hold it right now
        finding = run.add(
            "lock-stale", str(lock), f"{lock.name} has been held for {age:.0f} minutes: "
            "writes to its ref fail until it goes", f"git ledger doctor --fix (removes "
            f"locks older than {STALE_LOCK_MINUTES} minutes)")
        if run.fix:
            lock.unlink(missing_ok=True)
            run.mark_fixed(finding, f"removed {lock}")


def _pointer_locks(run: DoctorRun) -> None:
    """A worktree pointer's lock is held for the microseconds of one rename: one that
    is there was left by a killed archive, and stalls every write in that worktree."""
    common = run.store.repo.commondir
    gitdirs = {run.store.repo.gitdir, common, *sorted((common / "worktrees").glob("*"))}
    for gitdir in sorted(gitdirs):
        lock = gitdir / "ledger.lock"
        if not lock.is_file():
            continue
        finding = run.add(
            "lock-stale", str(lock), f"{lock} was left by a killed git ledger: writes in "
            "its worktree wait for it", "git ledger doctor --fix (removes it)")
        if run.fix:
            lock.unlink(missing_ok=True)
            run.mark_fixed(finding, f"removed {lock}")


def interrupted(run: DoctorRun, refs: list[str]) -> None:
    """An archive or a carry killed between its two steps: readers already see it as
    done; --fix finishes it in storage too."""
    for ref in refs:
        if not ref.startswith(SESSIONS_PREFIX):
            continue
        archived = ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX)
        session_tip = archived_copy(run.store, ref)
        if session_tip is not None:
            run.archive_copies.add(ref)
            lock = run.store.lock_file(ref)
            held = (f"{lock} holds it: if no git ledger or git command is running, remove "
                    "that, then " if lock.exists() else "")
            finding = run.add(
                "archive-unfinished", ref, f"{ref} is the same commit as {archived}: an "
                "archive stopped before removing it", f"{held}git ledger doctor --fix "
                f"(removes {ref}; {archived} keeps everything)")
            if run.fix:
                _finish_archive(run, finding, ref, session_tip)
            continue
        _unfinished_carry(run, ref)


def _finish_archive(run: DoctorRun, finding: DoctorFinding, ref: str, tip: str) -> None:
    if not remove_ref_if_free(run.store, ref, tip):
        return  # locked: the lock-stale finding says what to do first
    run.mark_fixed(finding, f"removed {ref} (archived)")


def _unfinished_carry(run: DoctorRun, ref: str) -> None:
    try:
        tip = run.store.tip(ref)
    except LedgerError:
        return
    if tip.view is None:
        return
    ledger = Ledger(run.store, ref, "session", "")
    try:
        stored, _ = read_entries(run.store, ref, tip.view)
        shown = {e.id for e in ledger.snapshot().entries}
    except LedgerError:
        return  # a broken ledger: its own finding says so
    hidden = sorted(e.id for e in stored if e.id not in shown)
    if not hidden:
        return
    run.carried[ref] = set(hidden)
    finding = run.add(
        "carry-unfinished", ref, f"{len(hidden)} entr{'y' if len(hidden) == 1 else 'ies'}"
        f" of {ref} ({', '.join(hidden[:3])}{'…' if len(hidden) > 3 else ''}) are in the "
        "project ledger already: a carry stopped before removing them here",
        "git ledger doctor --fix (finishes the carry)")
    if run.fix:
        try:
            finish_carry(ledger, hidden)
        except LedgerError:
            return
        run.mark_fixed(finding, f"finished the carry of {', '.join(hidden)} from {ref}")


def pointers_and_orphans(run: DoctorRun, refs: list[str]) -> None:
    """Every worktree pointer names a session ledger that is not archived, and every
    readable session ledger has a worktree pointing at it."""
    named: set[str] = set()
    for pointer in _pointer_files(run):
        ref = _pointer(run, pointer)
        if ref is not None:
            named.add(ref)
    readable = {ledger.ref for ledger in run.readable}
    for ref in refs:
        # (a session ref that is no readable ledger, or an unfinished archive's copy, has
        # its own finding already: adopting a copy of an archive would revive it)
        if (ref.startswith(SESSIONS_PREFIX) and ref in readable and ref not in named
                and ref not in run.archive_copies):
            run.add("orphan", ref, f"{ref} is a session ledger no worktree points at "
                    "(its worktree was removed?)", f"git ledger adopt {ref} in the "
                    "worktree that continues it (then git ledger archive to close it)")


def _pointer_files(run: DoctorRun) -> Iterator[Path]:
    for gitdir in run.store.worktree_gitdirs():
        path = gitdir / POINTER_FILE
        if path.exists() or path.is_symlink():
            yield path


def _pointer(run: DoctorRun, path: Path) -> str | None:
    """The session ref the pointer file names, or None after a finding about it."""
    try:
        text = path.read_text(encoding="utf-8").strip()
        problem = None
    except (OSError, UnicodeDecodeError) as exc:
        text = ""
        problem = f"cannot be read ({printable(str(exc))})"
    if problem is None:
        rest = text.removeprefix(SESSIONS_PREFIX)
        if not (text.startswith(SESSIONS_PREFIX) and rest and "/" not in rest
                and valid_ref_name(text)):
            problem = f"says '{printable(text[:80])}', which is not a session ledger ref"
    if problem is not None:
        finding = run.add("pointer-invalid", str(path), f"{path} {problem}",
                          f"remove {path} so the next write starts a fresh ledger "
                          "(git ledger doctor --fix does)")
        _remove_pointer(run, finding, path)
        return None
    name = text.removeprefix(SESSIONS_PREFIX)
    if not run.store.exists(text) and run.store.exists(ARCHIVE_PREFIX + name):
        finding = run.add("pointer-archived", str(path), f"{path} names {text}, "
                          f"which was archived as {ARCHIVE_PREFIX}{name}",
                          f"remove {path} so the next write starts a fresh ledger "
                          "(git ledger doctor --fix does)")
        _remove_pointer(run, finding, path)
        return None
    # A pointer to a ledger not written yet is how a fresh ledger starts: fine.
    return text


def _remove_pointer(run: DoctorRun, finding: DoctorFinding, path: Path) -> None:
    if not run.fix:
        return
    try:
        path.unlink()
    except OSError:
        return
    run.mark_fixed(finding, f"removed {path}; the next write starts a fresh ledger")
