"""``git ledger doctor [--fix]``: the storage under the ledgers is whole.

``check`` is about what entries say; ``doctor`` about whether they are there to be read,
through ``storage/integrity.py``.  ``--fix`` repairs only what is safe (derived data,
pointers, locks, interrupted steps) and never rewrites a ledger's history.
"""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gitledger import FORMAT_VERSION
from gitledger.core.codec import decode_focus, decode_meta
from gitledger.core.display import capped_join, one_line, printable
from gitledger.core.model import BadEntry, Entry, git_evidence
from gitledger.core.parsing import json_loads
from gitledger.derived import registry
from gitledger.derived.files import CACHE_DIR
from gitledger.errors import CorruptLedger, InvalidInput, LedgerError
from gitledger.ledger import digest, path_index
from gitledger.ledger.decision_footprints import stale_footprint
from gitledger.ledger.decisions import refresh_footprint
from gitledger.ledger.lifecycle import finish_carry
from gitledger.ledger.notes_from_ledgers import rebuild, wanted_notes
from gitledger.ledger.operations import Ledger
from gitledger.ledger.unrecorded import unrecorded
from gitledger.search import index as search_index
from gitledger.storage import event_queue
from gitledger.storage.archive_store import ArchiveStore, tag_chains
from gitledger.storage.entry_cache import collector_paused, read_entries
from gitledger.storage.integrity import (
    MISSING_OBJECT_ERRORS,
    Gap,
    Head,
    archived_copy,
    blob_data,
    object_kind,
    read_head,
    remove_ref_if_free,
    walk_chain,
)
from gitledger.storage.keepalive import KeptCommits, keep
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    DIGEST_PATH,
    FOCUS_PATH,
    KEEP_REF,
    KEPT_DIR,
    META_PATH,
    MONTHS_PREFIX,
    NOTES_REF,
    POINTER_FILE,
    PROJECT_REF,
    QUEUE_FILE,
    SESSIONS_PREFIX,
)
from gitledger.storage.mirrors import mirrors
from gitledger.storage.month_chains import chain_problem
from gitledger.storage.notes import current_notes
from gitledger.storage.repo import Repo
from gitledger.storage.store import STALE_LOCK_MINUTES, Store, TreeView, valid_ref_name

#: code → (severity, what it means).  Codes are stable: scripts may match on them.

CODES: dict[str, tuple[str, str]] = {
    "ref-symbolic": ("error", "a symbolic ref under refs/ledger/"),
    "ref-not-ledger": ("error", "a ref under refs/ledger/ that points at the wrong kind of "
                                "object for its place"),
    "ref-unknown": ("warning", "a ref under refs/ledger/ outside the ledger layout"),
    "object-missing": ("error", "a ledger chain names an object the repository lacks"),
    "header-missing": ("error", "a ledger commit whose tree has no ledger.toml"),
    "header-bad": ("error", "a ledger.toml or state.toml that does not parse, or a "
                   "ledger.toml that names the wrong kind"),
    "format-unknown": ("error", "a ledger format newer than this gitledger reads, or below 1"),
    "entry-unreadable": ("error", "an entry blob that does not parse"),
    "entry-misplaced": ("error", "an entry blob at a path its id does not belong at"),
    "duplicate-id": ("error", "one entry id held twice"),
    "pointer-invalid": ("error", "a worktree pointer file that does not name a session "
                                 "ledger"),
    "pointer-archived": ("warning", "a worktree pointer naming a ledger that was archived"),
    "orphan": ("warning", "a session ledger no worktree points at"),
    "notes-stale": ("error", "refs/notes/ledger differs from what notes rebuild would "
                             "write"),
    "note-unbacked": ("error", "a line on refs/notes/ledger that the ledger it names does "
                               "not record (forged, or left stale): why lists it apart and "
                               "shows nothing it names"),
    "keep-missing": ("error", "a git: evidence commit not kept alive on refs/ledger/keep"),
    "footprint-stale": ("warning", "a decision's footprint differs from what its git: "
                                   "evidence commits derive (written by an older gitledger, "
                                   "or edited by hand)"),
    "digest-stale": ("warning", "a restore digest in the project ledger's tree: derived data "
                     "that travelled; restore never reads it (it keeps its own, locally)"),
    "digest-forged": ("error", "a restore digest in the project ledger's tree that names its "
                      "entries tree and leaves out or invents what its entries say: a "
                      "restore that believed it would hide decisions"),
    "cache-unreadable": ("warning", "an unreadable file under ledger-cache/"),
    "chain-broken": ("error", "a month chain whose history stops at a commit that is no "
                     "archive: readers do not read what is behind it"),
    "archive-chained": ("warning", "format-3 archives (month chains under refs/ledger/months/) "
                        "not yet turned back into tags, which plain git cannot show by name"),
    "archive-unfinished": ("warning", "an archive stopped before removing its session ref "
                                      "(the ref is a copy of the archive)"),
    "carry-unfinished": ("warning", "a carry stopped between its steps (the entries are in "
                                    "the project ledger and still in the session's tree)"),
    "lock-stale": ("warning", "a ref lock under refs/ledger/ older than "
                              f"{STALE_LOCK_MINUTES} minutes (left by a killed writer)"),
    "paths-missing": ("warning", "no path token file in this worktree's git dir while "
                                 "decisions govern code: the pre-tool-use hook's fast path "
                                 "tells the agent nothing"),
    "paths-stale": ("warning", "this worktree's path token file does not reflect its "
                               "ledgers (the pre-tool-use hook's fast path may miss a "
                               "decision, or start Python for nothing)"),
    "queue-held": ("error", "the git hooks' queue stopped at an event it could not apply "
                            "(a broken ledger, a full disk): it and the later ones wait"),
    "queue-malformed": ("warning", "lines in the git hooks' queue this version cannot read"),
    "queue-stuck": ("warning", "git events queued and not applied, with no drain at work"),
    "search-index-unreadable": ("warning", "the index search asks is not a readable SQLite "
                                           "file (derived data: nothing is lost)"),
    "hooks-not-run": ("error", "a git hook of ours that git no longer runs (a hook "
                               "manager's install or re-sync hid it): commits are not "
                               "recorded"),
    "commit-unrecorded": ("error", "code commits made here after the last one a ledger "
                                   "recorded, without a note: the post-commit hook could "
                                   "not run its work (killed, a full disk, not run)"),
    "hooks-duplicated": ("warning", "a git hook of ours that runs twice for one event (two "
                                    "routes, or the last commit recorded twice)"),
}

_FIXABLE = {"archive-chained",
            "digest-stale", "digest-forged", "pointer-invalid", "pointer-archived",
            "notes-stale", "note-unbacked",
            "keep-missing", "footprint-stale",
            "cache-unreadable", "archive-unfinished", "carry-unfinished", "lock-stale",
            "paths-missing", "paths-stale", "queue-held", "queue-malformed", "queue-stuck",
            "search-index-unreadable", "commit-unrecorded"}

_BROKEN_CODES = {"ref-symbolic", "ref-not-ledger", "object-missing", "header-missing",
                 "header-bad", "format-unknown"}


@dataclass(frozen=True)
class DoctorFinding:
    code: str
    ref: str  # the ref, or the file, the finding is about
    message: str
    fix: str
    fixed: bool = False

    @property
    def severity(self) -> str:
        return CODES[self.code][0]


@dataclass(frozen=True)
class ArtifactState:
    """One derived artifact (``derived/registry.py``) as doctor found it."""

    name: str
    location: str
    state: str
    inputs: str


@dataclass(frozen=True)
class DoctorReport:
    findings: tuple[DoctorFinding, ...]
    #: What ``--fix`` did, one line per action.
    actions: tuple[str, ...] = ()
    refs: int = 0
    #: Every derived artifact, after any rebuild.
    artifacts: tuple[ArtifactState, ...] = ()

    @property
    def unfixed(self) -> tuple[DoctorFinding, ...]:
        return tuple(f for f in self.findings if not f.fixed)

    @property
    def ok(self) -> bool:
        """No unfixed error (warnings, such as an orphaned ledger, do not fail)."""
        return not any(f.severity == "error" for f in self.unfixed)


@dataclass(frozen=True)
class _Readable:
    """A ledger whose tip can be read: where its entries are checked from."""

    ref: str
    view: TreeView


#: What a layer above reports of the git hooks (``ledger/hook_routes.py``'s
#: ``findings``): ``(code, where, message, fix)`` each, None when ours were never installed.
GitHookFindings = Callable[[Repo], "list[tuple[str, str, str, str]] | None"]


def doctor(where: str | os.PathLike[str] | None = None, *, fix: bool = False,
           drain: Callable[[], list[str]] | None = None,
           git_hooks: GitHookFindings | None = None,
           rebuild: Collection[str] = ()) -> DoctorReport:
    """Inspect the ledger storage of the repository at ``where``; with ``fix``, repair
    what is safe to repair (see the module docstring) and mark those findings fixed.

    ``drain`` applies the git hooks' queue, held or not (the caller's: what applies an
    item lives above this layer); ``--fix`` calls it for a queue that waits.  ``git_hooks``
    reports whether our git hooks run (the caller's too: which hook manager runs what is the
    integrations' knowledge).  ``rebuild``: derived artifacts rebuilt by name, whatever
    their state (``all``: every one)."""
    unknown = sorted(set(rebuild) - set(registry.BY_NAME) - {"all"})
    if unknown:
        raise InvalidInput(f"no derived artifact named {one_line(unknown[0])} (doctor lists "
                           "them)")
    with collector_paused():
        return _Doctor(Store(Repo(where)), fix, drain, git_hooks, rebuild).run()


#: A queue unchanged this long, with no drain holding its lock, is stuck (a drain takes
#: milliseconds an item; the hooks start one right after appending).
QUEUE_IDLE_SECONDS = 30.0


class _Doctor:
    def __init__(self, store: Store, fix: bool,
                 drain: Callable[[], list[str]] | None = None,
                 git_hooks: GitHookFindings | None = None,
                 rebuild: Collection[str] = ()) -> None:
        self.store = store
        self.fix = fix
        self.rebuild = frozenset(registry.BY_NAME if "all" in rebuild else rebuild)
        self.drain = drain
        self.git_hooks = git_hooks
        self.findings: list[DoctorFinding] = []
        self.actions: list[str] = []
        self.readable: list[_Readable] = []
        self._meta_seen: dict[str, DoctorFinding | None] = {}
        #: Session refs an unfinished archive left (copies of their archive), and the
        #: entries an unfinished carry left in a session (copies of the project's).
        self._archive_copies: set[str] = set()
        self._carried: dict[str, set[str]] = {}

    def run(self) -> DoctorReport:
        # The caches first: reading the ledgers below rewrites them.
        self._caches()
        # Before the registry's pass, which would rebuild a damaged index without the
        # finding that names it.
        self._search_index()
        artifacts = self._artifacts()
        self._queue()
        refs = self.store.ledger_refs()
        for ref in refs:
            self._ref(ref)
        self._chained()
        self._month_chains()
        self._locks()
        self._interrupted(refs)
        entries = self._entries()
        self._pointers_and_orphans(refs)
        self._keep(entries)
        self._footprints(entries)
        self._notes()
        self._path_tokens()
        self._digest()
        self._git_hooks()
        self._unrecorded()
        artifacts = self._rebuilt(artifacts)
        order = {"error": 0, "warning": 1}
        self.findings.sort(key=lambda f: (order[f.severity], f.code, f.ref, f.message))
        return DoctorReport(tuple(self.findings), tuple(self.actions), len(refs), artifacts)

    def _add(self, code: str, ref: str, message: str, fix: str) -> DoctorFinding:
        finding = DoctorFinding(code, ref, message, fix)
        self.findings.append(finding)
        return finding

    def _mark_fixed(self, finding: DoctorFinding, action: str) -> None:
        self.findings[self.findings.index(finding)] = replace(finding, fixed=True)
        self.actions.append(action)

    # -- caches --------------------------------------------------------------------------

    def _artifacts(self) -> tuple[ArtifactState, ...]:
        """Every derived artifact of the registry with its state as found (before the reads
        below, which repair what they use)."""
        repo = self.store.repo
        return tuple(ArtifactState(artifact.name, str(where), now, artifact.inputs)
                     for artifact, where, now in registry.listing(repo.commondir,
                                                                  Path(repo.git.path)))

    def _rebuilt(self, found: tuple[ArtifactState, ...]) -> tuple[ArtifactState, ...]:
        """With ``--fix``, each artifact still damaged or stale once the checks above have
        fixed theirs, and any named by ``--rebuild``, rebuilt; the states after that."""
        if not self.fix and not self.rebuild:
            return found
        repo = self.store.repo
        commondir, gitdir = repo.commondir, Path(repo.git.path)
        after: list[ArtifactState] = []
        for artifact, seen in zip(registry.ARTIFACTS, found, strict=True):
            now = registry.state(artifact, commondir, gitdir)
            if artifact.name in self.rebuild or (
                    self.fix and now in (registry.DAMAGED, registry.STALE)):
                self.actions.append(registry.rebuild(artifact, commondir, gitdir, repo.workdir))
                now = registry.state(artifact, commondir, gitdir)
            after.append(replace(seen, state=now))
        return tuple(after)

    def _caches(self) -> None:
        folder = self.store.repo.commondir / CACHE_DIR
        if not folder.is_dir():
            return
        bad: list[DoctorFinding] = []
        for path in sorted(folder.iterdir()):
            if not path.is_file() or path.suffix != ".json":
                continue  # a writer's temporary file, or something not ours
            try:
                data = json_loads(path.read_text(encoding="utf-8"), max_depth=None)
                readable = isinstance(data, dict) and isinstance(data.get("version"), int)
            except (OSError, ValueError):
                readable = False
            if not readable:
                bad.append(self._add(
                    "cache-unreadable", str(path), f"{path.name} is not a readable cache "
                    "file (derived data: nothing is lost by deleting it)",
                    f"git ledger doctor --fix (deletes {folder}/*)"))
        if bad and self.fix:
            removed = 0
            for path in folder.iterdir():
                if path.is_file():
                    try:
                        path.unlink()
                        removed += 1
                    except OSError:
                        pass
            if not any(p.is_file() for p in folder.iterdir()):
                for finding in bad:
                    self._mark_fixed(finding, f"deleted {finding.ref}")
                self.actions.append(f"emptied {folder} ({removed} files; rebuilt on demand)")

    def _search_index(self) -> None:
        """The index ``search`` asks (derived data: deleted and built again)."""
        store = ArchiveStore(self.store.repo)
        wrong = search_index.problem(store)
        if wrong is None:
            return
        folder = self.store.repo.commondir / CACHE_DIR
        finding = self._add("search-index-unreadable", str(folder / search_index.DB_NAME),
                            wrong, "git ledger doctor --fix (builds it again from the ledgers)")
        if self.fix:
            try:
                rows = search_index.rebuild(store, self.store.repo.workdir)
            except (sqlite3.Error, OSError, LedgerError) as exc:
                self.actions.append(f"could not rebuild the search index: {one_line(str(exc))}")
                return
            self._mark_fixed(finding, f"rebuilt {folder / search_index.DB_NAME} ({rows} rows)")

    def _digest(self) -> None:
        """A restore digest carried in the project ledger's tree (derived data that
        travelled: never read, reported, and taken out)."""
        try:
            found = digest.inspect(self.store)
        except LedgerError:
            return  # a broken project ledger is reported above
        if found.state == "ok":
            return
        code, what = (("digest-forged", "leaves out or invents entries of the tree it names")
                      if found.state == "forged" else
                      ("digest-stale", "is derived data that travelled (set aside)"))
        finding = self._add(code, PROJECT_REF, f"{PROJECT_REF}: its {DIGEST_PATH} {what}",
                            "git ledger doctor --fix (commits the tree without it)")
        if self.fix:
            try:
                commit = digest.rebuild(self.store)
            except LedgerError:
                return
            self._mark_fixed(finding, f"took {DIGEST_PATH} out of {PROJECT_REF} "
                             f"({(commit or '')[:12]})")

    def _path_tokens(self) -> None:
        """This worktree's token file for the pre-tool-use fast path (derived data)."""
        try:
            found = path_index.status(self.store)
        except LedgerError:
            return  # a broken ledger is reported above; the tokens wait for its repair
        if found.state == path_index.FRESH or (found.state == path_index.MISSING
                                               and not found.tokens):
            return
        code = "paths-missing" if found.state == path_index.MISSING else "paths-stale"
        what = (f"{found.gitdir}/ledger-paths is missing" if code == "paths-missing"
                else f"{found.gitdir}/ledger-paths is stale: {found.detail}")
        finding = self._add(code, str(found.gitdir), what,
                            "git ledger doctor --fix (rebuilds it from the ledgers)")
        if self.fix:
            path_index.rebuild(self.store)
            self._mark_fixed(finding, f"rebuilt {found.gitdir}/ledger-paths "
                             f"({found.tokens} tokens)")

    def _queue(self) -> None:
        """The git hooks' queue in this worktree's git dir: held after a failure, holding
        lines this version cannot read, or waiting with no drain at work (one killed)."""
        gitdir = self.store.repo.gitdir
        found = event_queue.state(gitdir)
        where = str(gitdir / QUEUE_FILE)
        findings: list[DoctorFinding] = []
        if found.held is not None:
            findings.append(self._add(
                "queue-held", where, f"{found.waiting} queued git event"
                f"{'s wait' if found.waiting != 1 else ' waits'}: applying stopped at "
                f"the first ({one_line(found.held, 200)})",
                "repair what it names, then git ledger doctor --fix (applies them in order)"))
        if found.malformed:
            findings.append(self._add(
                "queue-malformed", where, f"{found.malformed} line"
                f"{'s' if found.malformed != 1 else ''} of the queue this version cannot read",
                "git ledger doctor --fix (skips them, saying each)"))
        if found.held is None and found.waiting and self._queue_idle(gitdir):
            findings.append(self._add(
                "queue-stuck", where, f"{found.waiting} queued git event"
                f"{'s were' if found.waiting != 1 else ' was'} not applied (a drain "
                "was killed, or none started)", "git ledger doctor --fix (applies them), "
                "as does any git ledger command"))
        if not findings or not self.fix or self.drain is None:
            return
        said = self.drain()
        after = event_queue.state(gitdir)
        if after.held is None and after.waiting == 0:
            for finding in findings:
                self._mark_fixed(finding, f"applied the queued git events in {where}")
            self.actions.extend(one_line(line) for line in said)
        elif after.held is not None:
            self.actions.append(f"the queue is held again: {one_line(after.held, 200)}")

    def _unrecorded(self) -> None:
        """Commits the post-commit hook should have recorded and did not; ``--fix``
        records them (the caller's drain does, as the next command would)."""
        found = unrecorded(self.store.repo.workdir)
        if not found:
            return
        ref = str(self.store.repo.gitdir / "ledger")
        finding = self._add(
            "commit-unrecorded", ref, f"{len(found)} commit{'s' if len(found) != 1 else ''} "
            f"not recorded in this worktree's ledger: "
            f"{capped_join([sha[:12] for sha in found], sep=', ')}",
            "git ledger doctor --fix (records them, as the hook would have)")
        if not self.fix or self.drain is None:
            return
        said = self.drain()
        if not unrecorded(self.store.repo.workdir):
            self._mark_fixed(finding, "; ".join(one_line(line) for line in said)
                             or f"recorded {len(found)} commits")

    @staticmethod
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

    # -- git hooks -----------------------------------------------------------------------

    def _git_hooks(self) -> None:
        """Our git hooks run, once each (``git_hooks``: the integrations' reading of git's
        dispatch through the hook manager's), wherever anything of ours shows they were
        installed."""
        found = self.git_hooks(self.store.repo) if self.git_hooks is not None else None
        if found is None:
            return  # never installed here: nothing to miss
        for code, where, message, fix in found:
            self._add(code, where, message, fix)
        self._recorded_twice()

    def _recorded_twice(self) -> None:
        """The worktree's last commit recorded twice: its post-commit ran twice."""
        ref = self.store.worktree_ref()
        if ref is None or not self.store.exists(ref):
            return
        recorded: list[str] = []
        try:
            for event in self.store.history(ref, limit=50):
                if event.trailers.get("Ledger-Event") == ("commit",):
                    recorded += event.trailers.get("Ledger-Commit", ())[:1]
                    if len(recorded) == 2:
                        break
        except LedgerError:
            return  # a broken ledger is reported above
        if len(recorded) == 2 and recorded[0] == recorded[1]:
            self._add("hooks-duplicated", ref,
                      f"{ref} recorded commit {recorded[0][:12]} twice in a row: its "
                      "post-commit hook ran twice", "git ledger doctor (it names the two "
                      "routes), then git ledger install --git-hooks")

    # -- interrupted writes --------------------------------------------------------------

    def _locks(self) -> None:
        self._pointer_locks()
        folder = self.store.repo.commondir / "refs" / "ledger"
        if not folder.is_dir():
            return
        now = time.time()
        for lock in sorted(folder.rglob("*.lock")):
            age = (now - lock.stat().st_mtime) / 60
            if age < STALE_LOCK_MINUTES:
                continue  # a writer may hold it right now
            finding = self._add(
                "lock-stale", str(lock), f"{lock.name} has been held for {age:.0f} minutes: "
                "writes to its ref fail until it goes", f"git ledger doctor --fix (removes "
                f"locks older than {STALE_LOCK_MINUTES} minutes)")
            if self.fix:
                lock.unlink(missing_ok=True)
                self._mark_fixed(finding, f"removed {lock}")

    def _pointer_locks(self) -> None:
        """A worktree pointer's lock is held for the microseconds of one rename: one that
        is there was left by a killed archive, and stalls every write in that worktree."""
        common = self.store.repo.commondir
        gitdirs = {self.store.repo.gitdir, common, *sorted((common / "worktrees").glob("*"))}
        for gitdir in sorted(gitdirs):
            lock = gitdir / "ledger.lock"
            if not lock.is_file():
                continue
            finding = self._add(
                "lock-stale", str(lock), f"{lock} was left by a killed git ledger: writes in "
                "its worktree wait for it", "git ledger doctor --fix (removes it)")
            if self.fix:
                lock.unlink(missing_ok=True)
                self._mark_fixed(finding, f"removed {lock}")

    def _interrupted(self, refs: list[str]) -> None:
        """An archive or a carry killed between its two steps: readers already see it as
        done; --fix finishes it in storage too."""
        for ref in refs:
            if not ref.startswith(SESSIONS_PREFIX):
                continue
            archived = ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX)
            session_tip = archived_copy(self.store, ref)
            if session_tip is not None:
                self._archive_copies.add(ref)
                finding = self._add(
                    "archive-unfinished", ref, f"{ref} is the same commit as {archived}: an "
                    "archive stopped before removing it", "git ledger doctor --fix (removes "
                    f"{ref}; {archived} keeps everything)")
                if self.fix:
                    self._finish_archive(finding, ref, session_tip)
                continue
            self._unfinished_carry(ref)

    def _finish_archive(self, finding: DoctorFinding, ref: str, tip: str) -> None:
        if not remove_ref_if_free(self.store, ref, tip):
            return  # locked: the lock-stale finding says what to do first
        self._mark_fixed(finding, f"removed {ref} (archived)")

    def _unfinished_carry(self, ref: str) -> None:
        try:
            tip = self.store.tip(ref)
        except LedgerError:
            return
        if tip.view is None:
            return
        ledger = Ledger(self.store, ref, "session", "")
        try:
            stored, _ = read_entries(self.store, ref, tip.view)
            shown = {e.id for e in ledger.snapshot().entries}
        except LedgerError:
            return  # a broken ledger: its own finding says so
        hidden = sorted(e.id for e in stored if e.id not in shown)
        if not hidden:
            return
        self._carried[ref] = set(hidden)
        finding = self._add(
            "carry-unfinished", ref, f"{len(hidden)} entr{'y' if len(hidden) == 1 else 'ies'}"
            f" of {ref} ({', '.join(hidden[:3])}{'…' if len(hidden) > 3 else ''}) are in the "
            "project ledger already: a carry stopped before removing them here",
            "git ledger doctor --fix (finishes the carry)")
        if self.fix:
            try:
                finish_carry(ledger, hidden)
            except LedgerError:
                return
            self._mark_fixed(finding, f"finished the carry of {', '.join(hidden)} from {ref}")

    # -- refs ----------------------------------------------------------------------------

    def _ref(self, ref: str) -> None:
        head = read_head(self.store, ref)
        if head is None:
            chained = self.store.chained(ref)
            if chained is not None:
                self._chain(ref, chained.commit, "session")
            return
        if head.symbolic:
            self._add("ref-symbolic", ref, f"{ref} is a symbolic ref (to "
                      f"{printable(head.target)}), not a ledger",
                      f"git update-ref --no-deref -d {ref}")
            return
        rest = ref.removeprefix(SESSIONS_PREFIX)
        if ref.startswith(SESSIONS_PREFIX) and rest and "/" not in rest:
            self._ledger_ref(ref, head, "session")
        elif ref == PROJECT_REF:
            self._ledger_ref(ref, head, "project")
        elif ref.startswith(ARCHIVE_PREFIX) and "/" not in ref.removeprefix(ARCHIVE_PREFIX):
            self._archive_ref(ref, head)
        elif ref == KEEP_REF:
            self._keep_ref(ref, head)
        else:
            self._add("ref-unknown", ref, f"{ref} is not part of the ledger layout (sessions/"
                      "<id>, project, archive/<id>, keep)",
                      f"move it out of refs/ledger/ (git update-ref -d {ref} once it is "
                      "kept elsewhere)")

    def _month_chains(self) -> None:
        for chain, tip in sorted(self.store.chain_refs().items()):
            problem = chain_problem(self.store.git, tip)
            if problem is not None:
                self._add("chain-broken", chain, f"{chain}: {problem}; the archives behind "
                          "it are not read", f"inspect it (git log --first-parent {chain}); "
                          "the archived ledgers are its commits' last parents")

    def _chained(self) -> None:
        """Format-3 month chains of this clone: their archives have no ref of their own
        (``git show refs/ledger/archive/<id>`` fails); --fix makes each a tag again."""
        chains = self.store.chain_refs()
        if not chains:
            return
        count = sum(len(self.store.archive_index().in_chain(chain)) for chain in chains)
        finding = self._add(
            "archive-chained", MONTHS_PREFIX, f"{count} archive(s) are held in "
            f"{len(chains)} format-3 month chain(s) under {MONTHS_PREFIX}, not as tags",
            f"git ledger doctor --fix (makes each an annotated tag at {ARCHIVE_PREFIX}<id> "
            "and then removes the chain; git ledger push then removes the remote's copy)")
        if self.fix:
            done = tag_chains(self.store)
            if done.removed and not done.left:
                self._mark_fixed(finding, f"tagged {len(done.tagged)} archive(s), removed "
                                 f"{len(done.removed)} month chain(s)")
            for ref, why in done.left:
                self._add("archive-chained", ref, f"{ref} was not migrated: {why}",
                          f"inspect it (git cat-file -p {ref})")

    def _not_ledger(self, ref: str, what: str, expected: str) -> None:
        self._add("ref-not-ledger", ref, f"{ref} points at {what}, not {expected}",
                  f"inspect it (git cat-file -p {ref}); if it is no ledger, "
                  f"git update-ref -d {ref}")

    def _ledger_ref(self, ref: str, head: Head, kind: str) -> None:
        if head.kind is None:
            self._missing(ref, head.target, "its tip")
        elif head.kind != "commit":
            self._not_ledger(ref, f"a {head.kind}", "a ledger commit")
        else:
            self._chain(ref, head.target, kind)

    def _archive_ref(self, ref: str, head: Head) -> None:
        if head.kind is None:
            self._missing(ref, head.target, "its tag")
        elif head.kind != "tag" or head.tagged is None:
            self._not_ledger(ref, f"a {head.kind}", "an annotated archive tag")
        elif head.tagged_kind is None:
            self._missing(ref, head.tagged, "the commit its tag names")
        elif head.tagged_kind != "commit":
            self._not_ledger(ref, f"a tag of a {head.tagged_kind}", "a tag of a ledger commit")
        else:
            self._chain(ref, head.tagged, "session")

    def _missing(self, ref: str, sha: str, what: str) -> None:
        self._add("object-missing", ref, f"{ref}: {what} ({sha[:12]}) is missing from the "
                  "object database", f"fetch the ledger from a clone that has it (git fetch "
                  f"REMOTE {ref}), or git fsck to see what else is lost")

    def _gap(self, ref: str, gap: Gap, label: str, other_parent: str) -> None:
        """``other_parent`` says what a parent after the first is in this kind of chain."""
        what = {"tree": f"the tree of {label}", "other-parent": f"{other_parent} {label}",
                "first-parent": f"the parent of {label}"}[gap.part]
        self._missing(ref, gap.missing, what)

    def _chain(self, ref: str, tip: str, kind: str) -> None:
        """Walk the first-parent chain: every commit exists and has a good ledger.toml.

        Stops at the first problem (one finding per ref); the tip is readable if its own
        header is good."""
        for step in walk_chain(self.store, tip):
            label = _label(step.commit, tip)
            if isinstance(step, Gap):
                self._gap(ref, step, label, "a parent of")
                return
            problem = self._header(ref, step.view, label, kind)
            if problem is not None:
                self.findings.append(problem)
                return
            if step.commit == tip:
                self.readable.append(_Readable(ref, step.view))

    def _header(self, ref: str, view: TreeView, label: str, kind: str) -> DoctorFinding | None:
        blob_id = view.id_of(META_PATH)
        if blob_id is None:
            return DoctorFinding("header-missing", ref, f"{ref}: {label} has no {META_PATH} in its "
                                 "tree: that commit is not a ledger's",
                                 f"inspect it (git show {ref}); doctor never rewrites a ledger's "
                                 "history")
        key = f"{blob_id}:{kind}"
        if key not in self._meta_seen:
            self._meta_seen[key] = self._meta(ref, blob_id, kind)
        found = self._meta_seen[key]
        if found is None:
            focus_id = view.id_of(FOCUS_PATH)
            if focus_id is not None:
                found = self._focus(ref, focus_id)
        if found is None:
            return None
        return replace(found, ref=ref, message=_fill(found.message, ref, label),
                       fix=_fill(found.fix, ref, label))

    def _focus(self, ref: str, blob_id: str) -> DoctorFinding | None:
        """What is wrong with one state.toml blob (TASK and NEXT), which every command
        reads: one that does not parse makes the whole ledger unreadable."""
        try:
            decode_focus(blob_data(self.store, blob_id), FOCUS_PATH)
        except CorruptLedger as exc:
            return DoctorFinding("header-bad", ref, f"{{ref}}: the {FOCUS_PATH} of {{label}} does "
                                 f"not parse ({printable(str(exc))})", f"inspect it (git show "
                                 f"{{ref}}:{FOCUS_PATH}); doctor never rewrites a ledger's history")
        return None

    def _meta(self, ref: str, blob_id: str, kind: str) -> DoctorFinding | None:
        """What is wrong with one ledger.toml blob ({ref} and {label} filled in later)."""
        if object_kind(self.store, blob_id) is None:
            return DoctorFinding("object-missing", ref, f"{{ref}}: the {META_PATH} of {{label}} "
                                 f"({blob_id[:12]}) is missing", "fetch the ledger from a clone "
                                 "that has it, or git fsck to see what else is lost")
        try:
            meta = decode_meta(blob_data(self.store, blob_id), META_PATH)
        except CorruptLedger as exc:
            return DoctorFinding("header-bad", ref, f"{{ref}}: the {META_PATH} of {{label}} does "
                                 f"not parse ({printable(str(exc))})", f"inspect it (git show "
                                 f"{{ref}}:{META_PATH}); doctor never rewrites a ledger's history")
        if meta.format < 1 or meta.format > FORMAT_VERSION:
            newer = meta.format > FORMAT_VERSION
            return DoctorFinding("format-unknown", ref, f"{{ref}}: {{label}} says ledger format "
                                 f"{meta.format}; this gitledger reads formats 1 to "
                                 f"{FORMAT_VERSION}",
                                 "upgrade gitledger" if newer else
                                 f"inspect it (git show {{ref}}:{META_PATH}); format {meta.format} "
                                 "does not exist")
        if meta.kind != kind:
            return DoctorFinding("header-bad", ref, f"{{ref}}: {{label}} is a {meta.kind} ledger "
                                 f"where a {kind} ledger belongs", f"inspect it (git show "
                                 f"{{ref}}:{META_PATH}); doctor never rewrites a ledger's history")
        return None

    def _keep_ref(self, ref: str, head: Head) -> None:
        if head.kind is None:
            self._missing(ref, head.target, "its tip")
            return
        if head.kind != "commit":
            self._not_ledger(ref, f"a {head.kind}", "a keep-alive commit")
            return
        for step in walk_chain(self.store, head.target):
            label = _label(step.commit, head.target)
            if isinstance(step, Gap):
                self._gap(ref, step, label, "a kept commit, a parent of")
                return
            if step.commit == head.target and not step.view.has(KEPT_DIR):
                self._not_ledger(ref, f"a commit whose tree has no {KEPT_DIR}/",
                                 "the keep-alive chain")
                return

    # -- entries -------------------------------------------------------------------------

    def _entries(self) -> list[tuple[str, Entry]]:
        found: list[tuple[str, Entry]] = []
        holders: dict[str, list[str]] = {}
        for ledger in self.readable:
            if ledger.ref in self._archive_copies:
                continue  # the same commit as its archive: one ledger, read once
            try:
                entries, bad = read_entries(self.store, ledger.ref, ledger.view)
            except MISSING_OBJECT_ERRORS as exc:
                self._add("object-missing", ledger.ref, f"{ledger.ref}: an entries tree is "
                          f"missing ({printable(str(exc))})", "fetch the ledger from a "
                          "clone that has it, or git fsck to see what else is lost")
                continue
            ids = {e.id for e in entries}
            for item in bad:
                self._bad_entry(ledger.ref, item, ids)
            for entry in entries:
                if entry.id in self._carried.get(ledger.ref, ()):
                    continue  # counted where it was carried to (carry-unfinished says so)
                found.append((ledger.ref, entry))
                holders.setdefault(entry.id, []).append(ledger.ref)
        for entry_id, refs in sorted(holders.items()):
            if len(refs) > 1:
                self._add("duplicate-id", refs[0], f"{entry_id} is held by {len(refs)} "
                          f"ledgers: {', '.join(refs)}", f"keep it in one ledger: remove "
                          f"the other copies (git ledger show {entry_id} --ledger REF shows "
                          "each); doctor never rewrites a ledger")
        return found

    def _bad_entry(self, ref: str, bad: BadEntry, ids: set[str]) -> None:
        holds = re.search(r"holds '([^']+)', which belongs elsewhere", bad.reason)
        if holds and holds.group(1) in ids:
            self._add("duplicate-id", ref, f"{ref}: {bad.path} holds {holds.group(1)}, "
                      "which another entry already is", f"remove {bad.path} from the "
                      "ledger's tree with a new ledger commit")
        elif holds:
            self._add("entry-misplaced", ref, f"{ref}: {printable(bad.reason)}",
                      f"move {bad.path} to where {holds.group(1)} belongs with a new "
                      "ledger commit")
        else:
            self._add("entry-unreadable", ref, f"{ref}: {printable(bad.reason)}",
                      f"fix the TOML of {bad.path} by hand, or restore it from the ledger's "
                      f"history (git log -p {ref} -- {bad.path})")

    # -- worktree pointers and orphans ---------------------------------------------------

    def _pointers_and_orphans(self, refs: list[str]) -> None:
        named: set[str] = set()
        for pointer in self._pointer_files():
            ref = self._pointer(pointer)
            if ref is not None:
                named.add(ref)
        readable = {ledger.ref for ledger in self.readable}
        for ref in refs:
            # (a session ref that is no readable ledger has its own finding already)
            if ref.startswith(SESSIONS_PREFIX) and ref in readable and ref not in named:
                self._add("orphan", ref, f"{ref} is a session ledger no worktree points at "
                          "(its worktree was removed?)", f"git ledger adopt {ref} in the "
                          "worktree that continues it (then git ledger archive to close it)")

    def _pointer_files(self) -> Iterator[Path]:
        common = self.store.repo.commondir
        gitdirs = [common]
        worktrees = common / "worktrees"
        if worktrees.is_dir():
            gitdirs.extend(sorted(p for p in worktrees.iterdir() if p.is_dir()))
        for gitdir in gitdirs:
            path = gitdir / POINTER_FILE
            if path.exists() or path.is_symlink():
                yield path

    def _pointer(self, path: Path) -> str | None:
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
            finding = self._add("pointer-invalid", str(path), f"{path} {problem}",
                                f"remove {path} so the next write starts a fresh ledger "
                                "(git ledger doctor --fix does)")
            self._remove_pointer(finding, path)
            return None
        name = text.removeprefix(SESSIONS_PREFIX)
        if not self.store.exists(text) and self.store.exists(ARCHIVE_PREFIX + name):
            finding = self._add("pointer-archived", str(path), f"{path} names {text}, "
                                f"which was archived as {ARCHIVE_PREFIX}{name}",
                                f"remove {path} so the next write starts a fresh ledger "
                                "(git ledger doctor --fix does)")
            self._remove_pointer(finding, path)
            return None
        # A pointer to a ledger not written yet is how a fresh ledger starts: fine.
        return text

    def _remove_pointer(self, finding: DoctorFinding, path: Path) -> None:
        if not self.fix:
            return
        try:
            path.unlink()
        except OSError:
            return
        self._mark_fixed(finding, f"removed {path}; the next write starts a fresh ledger")

    # -- keep-alive ----------------------------------------------------------------------

    def _keep(self, entries: list[tuple[str, Entry]]) -> None:
        try:
            kept = KeptCommits(self.store)
        except (CorruptLedger, *MISSING_OBJECT_ERRORS):
            return  # the keep ref's own finding says what is wrong with it
        citing: dict[str, list[tuple[str, str]]] = {}
        for ref, entry in entries:
            if entry.kind != "decided":
                continue
            for sha in git_evidence(entry):
                if not _is_full_sha(sha) or sha in kept:
                    continue
                if object_kind(self.store, sha) == "commit":
                    citing.setdefault(sha, []).append((ref, entry.id))
        for sha, cited in sorted(citing.items()):
            ids = ", ".join(entry_id for _, entry_id in cited)
            finding = self._add("keep-missing", cited[0][0], f"{sha[:12]}, cited by {ids}, "
                                f"is not kept on {KEEP_REF}: git gc may delete it once no "
                                "branch holds it", "git ledger doctor --fix (keeps it)")
            if self.fix:
                try:
                    for _, entry_id in cited:
                        keep(self.store, [sha], cited_by=entry_id)
                except LedgerError as exc:
                    self.actions.append(f"could not keep {sha[:12]}: {exc}")
                    continue
                self._mark_fixed(finding, f"kept {sha[:12]} on {KEEP_REF} for {ids}")

    # -- footprints ----------------------------------------------------------------------

    def _footprints(self, entries: list[tuple[str, Entry]]) -> None:
        """Each decision of a writable ledger holds the footprint its evidence derives; an
        archive is read-only (and governs no code), a fetched mirror is someone else's."""
        cache: dict[str, list[str]] = {}
        for ref, entry in entries:
            if ref != PROJECT_REF and not ref.startswith(SESSIONS_PREFIX):
                continue
            try:
                problem = stale_footprint(self.store.repo, entry, cache=cache)
            except LedgerError:
                continue  # a commit that cannot be read: keep-missing or check says so
            if problem is None:
                continue
            finding = self._add("footprint-stale", ref, f"{entry.id}: {problem}",
                                "git ledger doctor --fix (derives it again from the "
                                "evidence, as an edit event)")
            if not self.fix:
                continue
            ledger = Ledger(self.store, ref, "project" if ref == PROJECT_REF else "session", "")
            try:
                refresh_footprint(ledger, entry.id)
            except LedgerError as exc:
                self.actions.append(f"could not derive {entry.id}'s footprint: {exc}")
                continue
            self._mark_fixed(finding, f"derived {entry.id}'s footprint from its evidence")

    # -- notes ---------------------------------------------------------------------------

    def _notes(self) -> None:
        wanted, _ = wanted_notes(self.store, skip_broken=True)
        try:
            current = current_notes(self.store)
        except CorruptLedger as exc:
            finding = self._add("notes-stale", NOTES_REF, f"{NOTES_REF} is not a notes "
                                f"commit ({printable(str(exc))})", "git ledger notes rebuild")
            self._rebuild(finding)
            return
        missing = [(sha, line) for sha, lines in sorted(wanted.items())
                   for line in sorted(lines - current.get(sha, set()))]
        # A ledger that cannot be read has its own finding; what its notes say is unknown.
        broken = {f.ref for f in self.findings if f.code in _BROKEN_CODES}
        # A line about a ledger this clone cannot read (a teammate's that was never
        # pushed, or a session archived since, whose old line a union merge of notes
        # brings back) is not contradicted by anything here.
        readable = {*self.store.ledger_refs(), *(own for _, own in mirrors(self.store).values())}
        extra = [(sha, line) for sha, lines in sorted(current.items())
                 for line in sorted(lines - wanted.get(sha, set()))
                 if line.strip()  # `git notes append` separates what it adds by a blank line
                 and not broken.intersection(line.split())
                 and not any(word.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX))
                             and word not in readable for word in line.split())]
        found: list[DoctorFinding] = []
        if missing:
            sha, line = missing[0]
            found.append(self._add(
                "notes-stale", NOTES_REF, f"{NOTES_REF} is out of date: {len(missing)} "
                f"line{'s' if len(missing) != 1 else ''} missing (e.g. {sha[:12]}: {line})",
                "git ledger notes rebuild"))
        if extra:
            sha, line = extra[0]
            n = len(extra)
            found.append(self._add(
                "note-unbacked", NOTES_REF, f"{n} line{'s' if n != 1 else ''} on {NOTES_REF} "
                f"no ledger backs (e.g. {sha[:12]}: {one_line(line, 160)}): "
                f"{'they name' if n != 1 else 'it names'} an entry or ledger state that "
                "does not record the commit, so why lists "
                f"{'them' if n != 1 else 'it'} apart", "git ledger notes rebuild"))
        if found:
            self._rebuild(*found)

    def _rebuild(self, *findings: DoctorFinding) -> None:
        if not self.fix:
            return
        try:
            done = rebuild(self.store.repo.cwd, skip_broken=True)
        except LedgerError as exc:
            self.actions.append(f"could not rebuild {NOTES_REF}: {exc}")
            return
        self._mark_fixed(findings[0], f"rebuilt {NOTES_REF} ({done.lines} lines on "
                         f"{done.notes} commits)")
        for finding in findings[1:]:  # one rebuild fixed them all
            self.findings[self.findings.index(finding)] = replace(finding, fixed=True)


def _label(commit: str, tip: str) -> str:
    return "its tip" if commit == tip else f"commit {commit[:12]}"


def _fill(text: str, ref: str, label: str) -> str:
    return text.replace("{ref}", ref).replace("{label}", label)


def _is_full_sha(sha: str) -> bool:
    return len(sha) == 40 and all(c in "0123456789abcdef" for c in sha)


# -- output --------------------------------------------------------------------------------



def report_json(report: DoctorReport) -> dict[str, Any]:
    """``ok`` (no unfixed error), ``fixed`` (how many findings --fix repaired),
    ``actions`` (what it did), ``findings`` [code, severity, ref, message, fix, fixed] and
    ``artifacts`` [name, location, state, inputs]."""
    return {
        "ok": report.ok,
        "fixed": sum(1 for f in report.findings if f.fixed),
        "actions": list(report.actions),
        "findings": [
            {"code": f.code, "severity": f.severity, "ref": f.ref, "message": f.message,
             "fix": f.fix, "fixed": f.fixed}
            for f in report.findings
        ],
        "artifacts": [{"name": a.name, "location": a.location, "state": a.state,
                       "inputs": a.inputs} for a in report.artifacts],
    }


def report_text(report: DoctorReport) -> str:
    """One line per finding (``severity: code: message (fix: …)``, or ``fixed: …``), the
    actions --fix took, and a summary line."""
    lines = []
    for f in report.findings:
        if f.fixed:
            lines.append(f"fixed: {f.code}: {one_line(f.message)}")
        else:
            lines.append(f"{f.severity}: {f.code}: {one_line(f.message)} (fix: {one_line(f.fix)})")
    lines += [f"did: {one_line(action)}" for action in report.actions]
    errors = sum(1 for f in report.unfixed if f.severity == "error")
    warnings = sum(1 for f in report.unfixed if f.severity == "warning")
    fixed = len(report.findings) - len(report.unfixed)
    summary = (f"{errors} error{'s' if errors != 1 else ''}, "
               f"{warnings} warning{'s' if warnings != 1 else ''}, {fixed} fixed, "
               f"{report.refs} ref{'s' if report.refs != 1 else ''}")
    lines.append(f"ledger doctor: {'OK' if report.ok else 'FAILED'} ({summary})")
    lines += [f"derived: {a.name}: {a.state} ({one_line(a.location)})"
              for a in report.artifacts]
    return "\n".join(lines)
