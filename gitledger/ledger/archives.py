"""Archived ledgers (reading and pruning them) and ledgers whose worktree is gone.

An archive is an annotated tag object at ``refs/ledger/archive/<ledger-id>`` pointing at
the archived ledger's last commit (see ``lifecycle.archive``).  Archives are read-only:
``open_archive`` gives a ``Ledger`` whose every write is refused, through a store that
reads through the tag and refuses to move any ref.  ``prune`` is the only deletion
gitledger has, and it deletes nothing but archive refs tagged before a date the user
gives, each in a locked ref transaction that checks the ref still names the tag read.

A session ledger is **orphaned** when no live worktree points at it: ``git worktree
remove`` or ``prune`` deleted the worktree's git dir (and with it the pointer file), or
the pointer names another ledger now.  Its ref is untouched by git; ``adopt`` attaches it
to the worktree that should continue it, ``archive --ledger`` archives it.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygit2

from gitledger.errors import (
    ConcurrentUpdate,
    CorruptLedger,
    InvalidInput,
    UnknownEntry,
)
from gitledger.ledger.operations import Ledger, read_header, resolve_ledger_name
from gitledger.storage.repo import Repo, now
from gitledger.storage.store import (
    ARCHIVE_PREFIX,
    ENTRIES_DIR,
    POINTER_FILE,
    PROJECT_REF,
    REMOTES_PREFIX,
    SESSIONS_PREFIX,
    LedgerMoved,
    Store,
    Tip,
    TreeView,
)

if TYPE_CHECKING:
    from gitledger.core.model import Focus, LedgerMeta
    from gitledger.ledger.operations import Built, WriteResult

CARRIED_LINE = "Carried to the project ledger: "
#: How long ``prune`` waits for an archive ref another git process holds locked.
LOCK_WAIT_SECONDS = 2.0


# -- reading archives ----------------------------------------------------------------------


@dataclass(frozen=True)
class ArchiveSummary:
    """One archive as ``list --archived`` shows it."""

    id: str
    ref: str
    tag: str | None  # the tag object's id (what prune checks before deleting)
    commit: str | None  # the ledger commit the tag points at
    tagged: datetime | None  # the tagger date: when it was archived
    tagger: str | None
    task: str | None
    next: str | None
    entries: int
    carried: tuple[str, ...]  # what the archive carried to the project ledger
    owner: str | None = None  # the agent session that owned the ledger
    problem: str | None = None  # why it could not be read (such an archive is never pruned)


class ArchiveStore(Store):
    """A store that reads archive refs through their tag and writes nothing at all."""

    def tip(self, ref: str) -> Tip:
        if not (ref.startswith(ARCHIVE_PREFIX)
                or (ref.startswith(REMOTES_PREFIX) and "/archive/" in ref)):
            return super().tip(ref)
        reference = self.reference(ref)
        if reference is None:
            return Tip(None, None)
        try:
            commit = reference.peel(pygit2.Commit)
        except (KeyError, ValueError, pygit2.GitError) as exc:
            raise CorruptLedger(f"{ref} does not lead to a ledger commit: {exc}") from None
        return Tip(str(commit.id), TreeView(self.git, commit.tree, str(commit.id)))

    def update(self, ref: str, operation: Any, *, retry_seconds: float | None = None) -> Any:
        raise _read_only(ref)

    def update_pair(self, refs: tuple[str, str], operation: Any) -> Any:
        raise _read_only(refs[0])

    def archive(self, ref: str, expected_tip: str, message: str) -> tuple[str, str]:
        raise _read_only(ref)


class ArchivedLedger(Ledger):
    """An archived ledger, read-only: every read of ``Ledger`` works, every write fails."""

    def __init__(self, store: ArchiveStore, ref: str) -> None:
        super().__init__(store, ref, "archive", "")

    @property
    def name(self) -> str:
        ref = self.ref or ""
        if ref.startswith(REMOTES_PREFIX):  # a teammate's: REMOTE/ID
            remote = ref.removeprefix(REMOTES_PREFIX).split("/", 1)[0]
            return f"{remote}/{ref.rsplit('/', 1)[-1]}"
        return ref.removeprefix(ARCHIVE_PREFIX)

    def write(self, build: Callable[[TreeView, LedgerMeta, Focus], Built | None]) -> WriteResult:
        raise _read_only(self.ref or ARCHIVE_PREFIX)

    def ensure_started(self, ref: str) -> None:
        raise _read_only(ref)


def _read_only(ref: str) -> InvalidInput:
    return InvalidInput(f"{ref} is an archive, and archives are read-only: nothing was written")


def archive_refs(store: Store) -> list[str]:
    return [r for r in store.ledger_refs() if r.startswith(ARCHIVE_PREFIX)]


def resolve_archive(store: Store, name: str) -> str:
    """The archive ref ``name`` names: its full ref, its ledger id, or a unique prefix."""
    if not name:
        raise InvalidInput("--archive needs an archive name (git ledger list --archived)")
    refs = archive_refs(store)
    if name.startswith(REMOTES_PREFIX) or ("/" in name and not name.startswith(
            ("refs/", "archive/"))):
        return _fetched_archive(store, name)
    if name.startswith("refs/"):
        if name in refs:
            return name
        if name.startswith(SESSIONS_PREFIX) and store.exists(name):
            raise UnknownEntry(f"{name} is a live session ledger, not an archive: "
                               f"read it with git ledger show --ledger {name}")
        raise UnknownEntry(f"no archive at {name} (git ledger list --archived shows them)")
    key = name.removeprefix("archive/")
    exact = ARCHIVE_PREFIX + key
    if exact in refs:
        return exact
    matches = [r for r in refs if r.startswith(exact)]
    if len(matches) > 1:
        shown = ", ".join(r.removeprefix(ARCHIVE_PREFIX) for r in matches[:5])
        raise UnknownEntry(f"'{name}' is ambiguous: it matches the archives {shown}")
    if not matches:
        raise UnknownEntry(f"no archive named '{name}' (git ledger list --archived shows them)")
    return matches[0]


def _fetched_archive(store: Store, name: str) -> str:
    """A teammate's archive, fetched from a remote: ``REMOTE/ID`` (or a prefix of ID), or
    its full ref under ``refs/ledger/remotes/``."""
    fetched = [r for r in store.refs_under(REMOTES_PREFIX) if "/archive/" in r]
    if name.startswith(REMOTES_PREFIX):
        if name in fetched:
            return name
        raise UnknownEntry(f"no archive at {name} (git ledger fetch brings a remote's)")
    remote, _, key = name.partition("/")
    exact = f"{REMOTES_PREFIX}{remote}/archive/{key.removeprefix('archive/')}"
    matches = [r for r in fetched if r.startswith(exact)]
    if exact in matches:
        return exact
    if len(matches) > 1:
        raise UnknownEntry(f"'{name}' is ambiguous: it matches {', '.join(matches[:5])}")
    if not matches:
        raise UnknownEntry(f"no archive named '{name}' was fetched (git ledger fetch "
                           f"{remote} brings a remote's archives)")
    return matches[0]


def open_archive(where: str | os.PathLike[str] | None, name: str) -> ArchivedLedger:
    """The archive ``name`` names, as a read-only ledger."""
    store = ArchiveStore(Repo(where))
    return ArchivedLedger(store, resolve_archive(store, name))


def read_archive(store: Store, ref: str) -> ArchiveSummary:
    """What the tag and the archived tree say about one archive; never raises on damage."""
    ledger_id = ref.rsplit("/", 1)[-1]
    empty = ArchiveSummary(ledger_id, ref, None, None, None, None, None, None, 0, ())
    try:
        reference = store.git.references[ref]
        target = reference.target
        if not isinstance(target, pygit2.Oid):
            return _damaged(empty, f"{ref} is a symbolic ref, not an archive")
        obj = store.git[target]
    except (KeyError, ValueError, pygit2.GitError) as exc:
        return _damaged(empty, f"{ref} cannot be read: {exc}")
    if not isinstance(obj, pygit2.Tag):
        return _damaged(empty, f"{ref} points at a {obj.type_str}, not an archive tag")
    message = obj.message or ""
    lines = message.splitlines()
    tagger = obj.tagger
    tagged = tagger_time(tagger) if tagger is not None else None
    who = f"{tagger.name} <{tagger.email}>" if tagger is not None else None
    summary = ArchiveSummary(
        ledger_id, ref, str(obj.id), None, tagged, who, _field(lines, "TASK: "),
        _field(lines, "NEXT: "), _entries_trailer(lines), _carried(lines),
        _field(lines, "Ledger-Owner: "),
    )
    try:
        commit = obj.peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError) as exc:
        return _damaged(summary, f"{ref}: the tag does not lead to a ledger commit ({exc})")
    view = TreeView(store.git, commit.tree)
    try:
        meta, focus = read_header(ref, view)
    except CorruptLedger as exc:
        return _damaged(_replace(summary, commit=str(commit.id)), str(exc))
    problem = None if tagged is not None else f"{ref}: the tag has no tagger date"
    return _replace(summary, commit=str(commit.id), task=focus.task, next=focus.next,
                    entries=count_entries(view), owner=meta.session_id, problem=problem)


def list_archives(where: str | os.PathLike[str] | None = None) -> list[ArchiveSummary]:
    """Every archive, newest first (archives whose date cannot be read come last)."""
    return _archives(Store(Repo(where)))


def _archives(store: Store) -> list[ArchiveSummary]:
    found = [read_archive(store, ref) for ref in archive_refs(store)]
    oldest = datetime.min.replace(tzinfo=UTC)
    found.sort(key=lambda a: (a.tagged or oldest, a.id), reverse=True)
    return found


def count_entries(view: TreeView) -> int:
    return sum(
        1
        for a in view.names(ENTRIES_DIR)
        for b in view.names(f"{ENTRIES_DIR}/{a}")
        for name in view.names(f"{ENTRIES_DIR}/{a}/{b}")
        if name.endswith(".toml")
    )


def tagger_time(signature: pygit2.Signature) -> datetime:
    return datetime.fromtimestamp(signature.time, timezone(timedelta(minutes=signature.offset)))


def _field(lines: list[str], prefix: str) -> str | None:
    for line in lines:
        if line.startswith(prefix):
            value = line[len(prefix):].strip()
            return None if value in ("", "(no task)", "(not set)") else value
    return None


def _entries_trailer(lines: list[str]) -> int:
    value = _field(lines, "Ledger-Entries: ")
    return int(value) if value and value.isdigit() else 0


def _carried(lines: list[str]) -> tuple[str, ...]:
    value = _field(lines, CARRIED_LINE)
    if value is None or value == "nothing":
        return ()
    return tuple(part.strip() for part in value.split(",") if part.strip())


def _damaged(summary: ArchiveSummary, problem: str) -> ArchiveSummary:
    return _replace(summary, problem=problem)


def _replace(summary: ArchiveSummary, **changes: Any) -> ArchiveSummary:
    from dataclasses import replace

    return replace(summary, **changes)


# -- pruning -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PruneResult:
    before: datetime
    dry_run: bool
    pruned: tuple[ArchiveSummary, ...]  # deleted (or, in a dry run, would be)
    kept: int  # archives tagged at or after ``before``
    #: Archives that matched but were left alone, with the reason.
    skipped: tuple[tuple[str, str], ...] = ()


DATE_RE = re.compile(
    r"\d{4}-\d{2}-\d{2}"
    r"(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)


def parse_cutoff(text: str, *, current: datetime | None = None,
                 option: str = "--archived-before") -> datetime:
    """``--archived-before``: an ISO date (midnight UTC) or date-time (UTC if no offset).

    Refused: anything else, and a moment in the future (it would prune every archive,
    including those still to be made by this command's own clock skew).
    """
    value = text.strip()
    if not value:
        raise InvalidInput(f"{option} needs a date: YYYY-MM-DD or an ISO 8601 "
                           "date-time")
    shape = ("give YYYY-MM-DD (midnight UTC) or an ISO 8601 date-time such as "
             "2026-01-31T18:00:00+01:00")
    if not DATE_RE.fullmatch(value):
        raise InvalidInput(f"{option} '{value[:60]}' is not a date: {shape}")
    try:
        if len(value) == 10:
            day = date.fromisoformat(value)
            cutoff = datetime(day.year, day.month, day.day, tzinfo=UTC)
        else:
            cutoff = datetime.fromisoformat(value.replace("Z", "+00:00"))
            if cutoff.tzinfo is None:
                cutoff = cutoff.replace(tzinfo=UTC)
    except ValueError as exc:
        raise InvalidInput(f"{option} '{value}' is not a valid date ({exc}): "
                           f"{shape}") from None
    moment = current or now()
    if cutoff > moment and option != "--archived-before":
        raise InvalidInput(f"{option} {value} is in the future")
    if cutoff > moment:
        raise InvalidInput(
            f"--archived-before {value} is in the future: it would prune every archive; "
            "give a date in the past (git ledger list --archived shows each archive's date)"
        )
    return cutoff


def prune(
    where: str | os.PathLike[str] | None, before: str | datetime, *, dry_run: bool = False
) -> PruneResult:
    """Delete the archives tagged strictly before ``before``; nothing else, ever.

    Each deletion is a locked ref transaction that first checks the archive ref still
    names the tag object that was read, so an archive re-created meanwhile is kept.  An
    archive whose date cannot be read is never deleted.
    """
    cutoff = parse_cutoff(before) if isinstance(before, str) else before
    if cutoff.tzinfo is None:
        raise InvalidInput("the prune date needs a time zone")
    store = Store(Repo(where))
    archives = _archives(store)
    due = [a for a in archives if a.problem is None and a.tagged is not None
           and a.tag is not None and a.tagged < cutoff]
    unfinished = [a for a in due if store.exists(SESSIONS_PREFIX + a.id)]
    due = [a for a in due if a not in unfinished]
    skipped = [(a.ref, f"left alone: {a.problem}") for a in archives if a.problem is not None]
    skipped += [(a.ref, f"kept: its archiving was interrupted ({SESSIONS_PREFIX}{a.id} still "
                        f"exists); finish it with git ledger archive --ledger {a.id}")
                for a in unfinished]
    kept = sum(1 for a in archives if a.problem is None and a not in due)
    if dry_run:
        return PruneResult(cutoff, True, tuple(due), kept, tuple(skipped))
    pruned: list[ArchiveSummary] = []
    for archive in due:
        reason = _delete_ref(store, archive.ref, archive.tag or "")
        if reason is None:
            pruned.append(archive)
            _drop_cache(store, archive.id)
        else:
            skipped.append((archive.ref, reason))
    return PruneResult(cutoff, False, tuple(pruned), kept, tuple(skipped))


class _Changed(Exception):
    pass


def _delete_ref(store: Store, ref: str, expected: str) -> str | None:
    """Delete ``ref`` if, under its lock, it still names ``expected``; else why not."""
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        try:
            with store.git.transaction() as txn:
                txn.lock_ref(ref)
                current = store.git.references.get(ref)
                if current is None or str(current.target) != expected:
                    raise _Changed
                txn.remove(ref)
            return None
        except _Changed:
            return "kept: it changed after it was read (archived again meanwhile?)"
        except (pygit2.GitError, OSError) as exc:
            if time.monotonic() > deadline:
                return f"kept: cannot lock it ({' '.join(str(exc).split())})"
            time.sleep(0.05)


def _drop_cache(store: Store, ledger_id: str) -> None:
    """The parsed-entry cache of a pruned archive is derived data for nothing now."""
    if store.exists(SESSIONS_PREFIX + ledger_id):
        return
    from gitledger.storage.entry_cache import CACHE_DIR

    with contextlib.suppress(OSError):
        (store.repo.commondir / CACHE_DIR / f"entries-{ledger_id}.json").unlink()


# -- worktrees: orphans and adopt ----------------------------------------------------------


@dataclass(frozen=True)
class Pointer:
    """One worktree's pointer file: which ledger it names, and whether the worktree lives."""

    gitdir: Path
    ref: str
    worktree: Path
    alive: bool
    locked: bool = False


def pointers(store: Store) -> list[Pointer]:
    """Every worktree pointer file in the repository (main worktree first).

    A linked worktree is alive when the ``.git`` its git dir names still exists, or when
    it is locked (``git worktree lock``: git keeps it for when it comes back).
    """
    found: list[Pointer] = []
    common = store.repo.commondir
    for gitdir in store.worktree_gitdirs():
        try:
            ref = (gitdir / POINTER_FILE).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            continue
        if gitdir == common:
            found.append(Pointer(gitdir, ref, _main_worktree(store), True))
            continue
        locked = (gitdir / "locked").exists()
        try:
            dotgit = Path((gitdir / "gitdir").read_text(encoding="utf-8").strip())
        except (OSError, UnicodeDecodeError):
            found.append(Pointer(gitdir, ref, gitdir, locked, locked))
            continue
        found.append(Pointer(gitdir, ref, dotgit.parent, locked or dotgit.exists(), locked))
    return found


def _main_worktree(store: Store) -> Path:
    if store.repo.gitdir == store.repo.commondir:
        return store.repo.workdir
    return store.repo.commondir.parent


def live_worktree(store: Store, ref: str, *, besides: Path | None = None) -> Pointer | None:
    """The live worktree (other than the one whose git dir is ``besides``) using ``ref``."""
    for pointer in pointers(store):
        if pointer.ref == ref and pointer.alive and pointer.gitdir != besides:
            return pointer
    return None


def orphaned_refs(store: Store) -> set[str]:
    """Session ledgers no live worktree points at."""
    live = {p.ref for p in pointers(store) if p.alive}
    return {r for r in store.ledger_refs() if r.startswith(SESSIONS_PREFIX) and r not in live}


@dataclass(frozen=True)
class AdoptResult:
    ref: str  # the ledger this worktree now continues
    previous: str | None  # the ledger the pointer named before (None: no pointer)
    adopted: bool  # False: it already was this worktree's ledger
    entries: int
    task: str | None
    #: Pointer files of gone worktrees that named the ledger, removed so it is never shared.
    released: tuple[str, ...] = ()
    #: The previous ledger, empty, left as an orphan (None if there was none to leave).
    left: str | None = None


def adopt(where: str | os.PathLike[str] | None, name: str) -> AdoptResult:
    """Attach an existing session ledger to this worktree, which continues it.

    Refused when this worktree's own ledger holds anything (archive it first), when the
    target is the project ledger or an archive, and when another live worktree uses it:
    a ledger is never shared by two worktrees.
    """
    store = Store(Repo(where))
    ref = _adoptable(store, name)
    fetched: str | None = None
    if ref.startswith(REMOTES_PREFIX):
        # Continuing on this machine a ledger pushed from another: it gets its own local
        # ref under the same name, and pull and push merge the two from then on.
        fetched = store.refs_under(ref)[ref]
        ref = SESSIONS_PREFIX + ref.rsplit("/", 1)[-1]
    previous = store.worktree_ref()
    if previous == ref:
        view = store.tip(ref).view
        assert view is not None
        return AdoptResult(ref, previous, False, count_entries(view),
                           read_header(ref, view)[1].task)
    left = _refuse_own_content(store, previous)
    if fetched is not None and not store.exists(ref):
        # (made meanwhile by another adopt: this one continues that)
        with contextlib.suppress(LedgerMoved):
            store.set_ref(ref, fetched, None, "ledger: adopted from a remote's copy")
    for attempt in range(50):
        try:
            return _adopt_locked(store, ref, previous, left)
        except (pygit2.GitError, OSError) as exc:
            if "lock" not in str(exc).lower() or attempt == 49:
                raise ConcurrentUpdate(f"cannot lock {ref} to adopt it ({exc}); "
                                       "nothing was changed") from None
            time.sleep(0.02)
    raise AssertionError("unreachable")


def _adoptable(store: Store, name: str) -> str:
    if not name.strip():
        raise InvalidInput("adopt needs the ledger to continue: an id, prefix or ref "
                           "(git ledger list shows them)")
    if name in ("project", PROJECT_REF):
        raise InvalidInput("the project ledger is shared by every worktree and cannot be "
                           "adopted; write to it with --project")
    try:
        ref = resolve_ledger_name(store, name)
    except UnknownEntry:
        archived = [r for r in archive_refs(store)
                    if r.startswith(ARCHIVE_PREFIX + name.removeprefix(ARCHIVE_PREFIX))]
        if archived and not name.startswith("refs/"):
            raise InvalidInput(
                f"'{name}' is archived ({archived[0]}), and archives are read-only: read "
                f"it with git ledger show --archive {name}; start a new ledger here instead"
            ) from None
        raise
    if ref.startswith(REMOTES_PREFIX) and "/sessions/" in ref:
        return ref
    if not ref.startswith(SESSIONS_PREFIX):
        raise InvalidInput(f"{ref} is not a session ledger: only a session ledger "
                           f"({SESSIONS_PREFIX}<id>) belongs to a worktree")
    return ref


def _refuse_own_content(store: Store, previous: str | None) -> str | None:
    """Refuse if this worktree's ledger holds anything; the empty one left behind, if any."""
    if previous is None or not store.exists(previous):
        return None
    tip = store.tip(previous)
    if tip.view is None:
        return None
    meta, focus = read_header(previous, tip.view)
    entries = count_entries(tip.view)
    if entries or focus.task or focus.next:
        held = f"{entries} entr{'y' if entries == 1 else 'ies'}" if entries else "a TASK"
        raise InvalidInput(
            f"this worktree's ledger {meta.id} holds {held}; a worktree has one ledger: "
            "archive it first (git ledger archive), then adopt again"
        )
    return previous


def _adopt_locked(store: Store, ref: str, previous: str | None,
                  left: str | None) -> AdoptResult:
    """Under the ledger ref's lock (which ``archive`` and another ``adopt`` take too):
    check it is still there and nobody else's, then point this worktree at it."""
    with store.git.transaction() as txn:
        txn.lock_ref(ref)
        tip = store.tip(ref)
        if tip.view is None:
            raise UnknownEntry(f"{ref} is gone (archived meanwhile?); nothing was changed")
        _, focus = read_header(ref, tip.view)
        ledger_id = ref.removeprefix(SESSIONS_PREFIX)
        if store.exists(ARCHIVE_PREFIX + ledger_id):
            raise InvalidInput(f"{ref} is being archived (or its archiving was interrupted): "
                               f"finish it with git ledger archive --ledger {ledger_id}")
        other = live_worktree(store, ref, besides=store.repo.gitdir)
        if other is not None:
            how = ("it is locked (git worktree lock) and may come back" if other.locked
                   else "a ledger belongs to one worktree")
            raise InvalidInput(
                f"{ref} is the ledger of the worktree at {other.worktree}, and {how}: "
                "continue it there, or archive it there first"
            )
        _publish_pointer(store, ref, previous)
        released = _release_stale(store, ref)
        # Leaving the block with the lock taken and nothing set unlocks, writing nothing.
    return AdoptResult(ref, previous, True, count_entries(tip.view), focus.task,
                       released, left)


def _publish_pointer(store: Store, ref: str, previous: str | None) -> None:
    path = store.pointer_path
    temp = path.with_name(f"{POINTER_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    temp.write_text(ref + "\n", encoding="utf-8")
    try:
        if previous is None:
            try:
                os.link(temp, path)  # fails if a write started a ledger here meanwhile
            except FileExistsError:
                raise ConcurrentUpdate(
                    "this worktree started a ledger of its own meanwhile; nothing was "
                    "changed (run git ledger adopt again to see why it is refused)"
                ) from None
        else:
            if store.worktree_ref() != previous:
                raise ConcurrentUpdate("this worktree's ledger changed meanwhile; nothing "
                                       "was changed")
            os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def _release_stale(store: Store, ref: str) -> tuple[str, ...]:
    """Remove the pointer files of gone worktrees that still name ``ref``."""
    released: list[str] = []
    for pointer in pointers(store):
        if pointer.ref != ref or pointer.alive or pointer.gitdir == store.repo.gitdir:
            continue
        try:
            (pointer.gitdir / POINTER_FILE).unlink()
        except OSError:
            continue
        released.append(str(pointer.gitdir))
    return tuple(released)


__all__ = [
    "AdoptResult",
    "ArchiveStore",
    "ArchiveSummary",
    "ArchivedLedger",
    "Pointer",
    "PruneResult",
    "adopt",
    "archive_refs",
    "list_archives",
    "live_worktree",
    "open_archive",
    "orphaned_refs",
    "parse_cutoff",
    "pointers",
    "prune",
    "read_archive",
    "resolve_archive",
]
