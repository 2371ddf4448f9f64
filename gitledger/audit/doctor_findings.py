"""What ``doctor`` reports, and the state one run of it builds: the stable finding codes,
a finding, and ``DoctorRun``, which every check rule (``doctor_*.py``) adds its findings to.

A rule both reports and, under ``--fix``, repairs, so what it found and what it did stay
side by side in one function; the run marks a finding fixed only once the repair is done.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from gitledger.storage.repo import Repo
from gitledger.storage.store import STALE_LOCK_MINUTES, Store, TreeView

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
    "blame-unfiltered": ("warning", "a history of 1,000 commits or more whose commit-graph "
                         "does not record changed paths: git blame, and so why and drift, "
                         "reads every commit's tree"),
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


#: The codes ``--fix`` repairs.
FIXABLE = {"archive-chained",
           "digest-stale", "digest-forged", "pointer-invalid", "pointer-archived",
           "notes-stale", "note-unbacked",
           "keep-missing", "footprint-stale",
           "cache-unreadable", "archive-unfinished", "carry-unfinished", "lock-stale",
           "paths-missing", "paths-stale", "queue-held", "queue-malformed", "queue-stuck",
           "search-index-unreadable", "commit-unrecorded", "blame-unfiltered"}

#: The codes that leave a ledger unreadable: what its notes say is unknown.
BROKEN_CODES = {"ref-symbolic", "ref-not-ledger", "object-missing", "header-missing",
                "header-bad", "format-unknown"}


@dataclass(frozen=True)
class DoctorFinding:
    """One problem found: its code, the ref or file it is about, what it is, how to fix
    it, and whether ``--fix`` did."""

    code: str
    ref: str  # the ref, or the file, the finding is about
    message: str
    fix: str
    fixed: bool = False

    @property
    def severity(self) -> str:
        return CODES[self.code][0]


@dataclass(frozen=True)
class Readable:
    """A ledger whose tip can be read: where its entries are checked from."""

    ref: str
    view: TreeView


#: What a layer above reports of the git hooks (``ledger/hook_routes.py``'s
#: ``findings``): ``(code, where, message, fix)`` each, None when ours were never installed.
GitHookFindings = Callable[[Repo], "list[tuple[str, str, str, str]] | None"]


class DoctorRun:
    """One run of ``doctor``: what it was asked, and what its rules found and did."""

    def __init__(self, store: Store, fix: bool,
                 drain: Callable[[], list[str]] | None = None,
                 git_hooks: GitHookFindings | None = None,
                 rebuild: Collection[str] = ()) -> None:
        self.store = store
        self.fix = fix
        #: Derived artifacts to rebuild by name, whatever their state.
        self.rebuild = frozenset(rebuild)
        self.drain = drain
        self.git_hooks = git_hooks
        self.findings: list[DoctorFinding] = []
        self.actions: list[str] = []
        self.readable: list[Readable] = []
        #: What each ledger.toml blob was found to be, by blob and kind.
        self.meta_seen: dict[str, DoctorFinding | None] = {}
        #: Session refs an unfinished archive left (copies of their archive), and the
        #: entries an unfinished carry left in a session (copies of the project's).
        self.archive_copies: set[str] = set()
        self.carried: dict[str, set[str]] = {}

    def add(self, code: str, ref: str, message: str, fix: str) -> DoctorFinding:
        finding = DoctorFinding(code, ref, message, fix)
        self.findings.append(finding)
        return finding

    def mark_fixed(self, finding: DoctorFinding, action: str) -> None:
        self.findings[self.findings.index(finding)] = replace(finding, fixed=True)
        self.actions.append(action)
