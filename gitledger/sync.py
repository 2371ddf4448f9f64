"""Team sync: ``fetch``, ``pull`` and ``push`` of ledgers through a git remote.

``fetch`` mirrors the remote's ledger refs and notes into the tracking namespace
(``remotes.py``).  ``pull`` fetches, then merges each mirror that has a local
counterpart into it (``merge.py``): the project ledger, the keep-alive chain, a session
ledger written in two clones, an archive that went on elsewhere; notes are merged by
``git notes merge -s cat_sort_uniq``.  Teammates' own session ledgers stay in the
tracking namespace, readable by name.  ``check`` then runs on what was merged, and what
the merge made inconsistent is reported.

``push`` sends this worktree's session ledger (``--all``: every one of this clone), the
project ledger, archives, the keep-alive chain and the notes, never forced and atomic;
a rejected update (someone pushed first) is pulled, merged and pushed again, a bounded
number of times.  A session ledger archived here whose copy on the remote the archive
contains is deleted there, with a lease on the value we saw.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from gitledger.check import Finding, check
from gitledger.codec import iso
from gitledger.errors import LedgerError
from gitledger.keepalive import KEEP_REF
from gitledger.merge import MergeResult, merge_into
from gitledger.remotes import (
    NOTES_REF,
    SyncError,
    default_remote,
    fetch_refspecs,
    git_complaint,
    run_git,
    tracking_prefix,
    tracking_ref,
)
from gitledger.repo import Repo, now
from gitledger.store import ARCHIVE_PREFIX, PROJECT_REF, SESSIONS_PREFIX, Store

#: How many times ``push`` pulls and tries again when the remote moved first.
PUSH_ATTEMPTS = 5
#: The record of the last pull from each remote, in the common git dir (``review``).
PULLED_FILE = "ledger-pulled.json"
_NEEDS_PULL = ("non-fast-forward", "fetch first", "stale info")


@dataclass(frozen=True)
class RefMove:
    ref: str
    old: str | None
    new: str | None


@dataclass(frozen=True)
class FetchResult:
    remote: str
    moved: tuple[RefMove, ...]


@dataclass(frozen=True)
class PullResult:
    remote: str
    fetched: FetchResult
    merges: tuple[MergeResult, ...]
    #: ``none`` (no notes there), ``up-to-date``, ``created``, ``fast-forward``, ``merged``.
    notes: str
    #: What ``check`` finds after the merge that it did not find before.
    findings: tuple[Finding, ...]
    #: Things the pull saw and left for a person (an archive that diverged …).
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class PushUpdate:
    ref: str
    #: ``new``, ``updated``, ``deleted``, ``up-to-date`` or ``rejected``.
    status: str
    reason: str = ""


@dataclass(frozen=True)
class PushResult:
    remote: str
    updates: tuple[PushUpdate, ...]
    pulls: tuple[PullResult, ...]
    dry_run: bool = False


# -- fetch and pull --------------------------------------------------------------------------


def fetch(where: str | os.PathLike[str] | None = None, remote: str | None = None) -> FetchResult:
    """Mirror ``remote``'s ledgers into ``refs/ledger/remotes/<remote>/``; merge nothing."""
    repo = Repo(where)
    return _fetch(repo, Store(repo), default_remote(repo, remote))


def _fetch(repo: Repo, store: Store, remote: str) -> FetchResult:
    prefix = tracking_prefix(remote)
    before = store.refs_under(prefix)
    run_git(repo, ["fetch", "--quiet", "--prune", "--no-tags", "--no-write-fetch-head",
                   "--no-recurse-submodules", remote, *fetch_refspecs(remote)])
    after = store.refs_under(prefix)
    moved = [RefMove(ref, before.get(ref), after.get(ref))
             for ref in sorted({*before, *after}) if before.get(ref) != after.get(ref)]
    return FetchResult(remote, tuple(moved))


def pull(where: str | os.PathLike[str] | None = None, remote: str | None = None) -> PullResult:
    """Fetch ``remote``'s ledgers and merge each into its local counterpart."""
    repo = Repo(where)
    store = Store(repo)
    name = default_remote(repo, remote)
    fetched = _fetch(repo, store, name)
    return _merge_fetched(repo, store, name, fetched)


def _merge_fetched(repo: Repo, store: Store, remote: str, fetched: FetchResult) -> PullResult:
    prefix = tracking_prefix(remote)
    mirrors = store.refs_under(prefix)
    project_before = _tip(store, PROJECT_REF)
    sessions = [ref for ref in store.ledger_refs() if ref.startswith(SESSIONS_PREFIX)
                and tracking_ref(remote, ref) in mirrors]
    checked = [PROJECT_REF, *sessions]
    findings_before = _findings(repo, store, checked)
    merges: list[MergeResult] = []
    left: list[str] = []
    for local in [PROJECT_REF, *sessions]:
        theirs = mirrors.get(tracking_ref(remote, local))
        if theirs is not None:
            merges.append(merge_into(store, local, theirs, label=_label(remote, local)))
    keep = mirrors.get(tracking_ref(remote, KEEP_REF))
    if keep is not None:
        merges.append(merge_into(store, KEEP_REF, keep, label=_label(remote, KEEP_REF),
                                 lines=True))
    for archive in (r for r in store.ledger_refs() if r.startswith(ARCHIVE_PREFIX)):
        theirs = mirrors.get(tracking_ref(remote, archive))
        if theirs is not None:
            outcome = _follow_archive(store, archive, theirs)
            if outcome is not None:
                left.append(outcome)
    notes = _merge_notes(repo, store, mirrors.get(tracking_ref(remote, NOTES_REF)))
    findings_after = _findings(repo, store, checked)
    seen = {_finding_key(f) for f in findings_before}
    new = tuple(f for f in findings_after if _finding_key(f) not in seen)
    result = PullResult(remote, fetched, tuple(merges), notes, new, tuple(left))
    if fetched.moved or any(m.outcome != "up-to-date" for m in merges):
        _record_pull(store, remote, project_before, fetched)
    return result


def _label(remote: str, ref: str) -> str:
    return f"{remote}/{ref.removeprefix('refs/ledger/').removeprefix('sessions/')}"


def _tip(store: Store, ref: str) -> str | None:
    found = store.reference(ref)
    return str(found.target) if found is not None else None


def _follow_archive(store: Store, archive: str, theirs: str) -> str | None:
    """Move a local archive to the remote's when that one archives a later state of the
    same ledger; say so when the two diverged (both are kept, nothing is merged)."""
    ours = _tip(store, archive)
    if ours is None or ours == theirs:
        return None
    ours_commit, theirs_commit = store.peeled(ours), store.peeled(theirs)
    if ours_commit == theirs_commit or store.contains(ours_commit, theirs_commit):
        return None
    if store.contains(theirs_commit, ours_commit):
        try:
            store.set_ref(archive, theirs, ours, "ledger: archive followed")
        except LedgerError:
            return f"{archive} moved while following the remote's archive; pull again"
        return None
    return (f"{archive} and the remote's copy archive different states of one ledger; "
            f"both are kept (the remote's is {tracking_ref('…', archive)})")


def _merge_notes(repo: Repo, store: Store, theirs: str | None) -> str:
    if theirs is None:
        return "none"
    ours = _tip(store, NOTES_REF)
    try:
        if ours is None:
            store.set_ref(NOTES_REF, theirs, None, "ledger: notes from remote")
            return "created"
        if ours == theirs or store.contains(ours, theirs):
            return "up-to-date"
        if store.contains(theirs, ours):
            store.set_ref(NOTES_REF, theirs, ours, "ledger: notes fast-forward")
            return "fast-forward"
    except LedgerError as exc:
        raise SyncError(f"{NOTES_REF} moved while merging it ({exc}); pull again") from None
    # libgit2 has no notes merge: git's cat_sort_uniq keeps every line of both sides.
    run_git(repo, ["notes", f"--ref={NOTES_REF}", "merge", "--strategy=cat_sort_uniq",
                   "--quiet", theirs])
    return "merged"


def _findings(repo: Repo, store: Store, refs: list[str]) -> list[Finding]:
    found: list[Finding] = []
    for ref in refs:
        if store.exists(ref):
            found.extend(check(repo.cwd, name=ref).findings)
    return found


def _finding_key(finding: Finding) -> tuple[str, str | None, str, str]:
    return (finding.rule, finding.entry, finding.ledger, finding.message)


def _record_pull(store: Store, remote: str, project_before: str | None,
                 fetched: FetchResult) -> None:
    """Remember what the ledgers held before and after this pull, for ``review``.

    The "before" of a mirror is what the previous pull left there, so that a plain
    ``git fetch`` in between (after ``remote setup``) does not hide what it brought.
    """
    path = store.repo.commondir / PULLED_FILE
    records = read_pulls(store)
    previous = records.get(remote, {}).get("after", {})
    after = store.refs_under(tracking_prefix(remote))
    before = {ref: previous.get(ref, old) for ref, old in
              ((m.ref, m.old) for m in fetched.moved)}
    before.update({ref: previous[ref] for ref in after if ref in previous})
    before[PROJECT_REF] = project_before
    after[PROJECT_REF] = _tip(store, PROJECT_REF) or ""
    records[remote] = {"time": iso(now()), "before": before, "after": after}
    temp = path.with_name(f"{PULLED_FILE}.{os.getpid()}")
    try:
        temp.write_text(json.dumps(records, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        pass  # review then falls back to the whole history; the pull itself is done


def read_pulls(store: Store) -> dict[str, dict[str, Any]]:
    """What ``_record_pull`` wrote, per remote; {} when it is missing or unreadable."""
    try:
        data = json.loads((store.repo.commondir / PULLED_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


# -- push ------------------------------------------------------------------------------------


def push(where: str | os.PathLike[str] | None = None, remote: str | None = None, *,
         all_sessions: bool = False, dry_run: bool = False) -> PushResult:
    """Push our ledger refs to ``remote``; pull and retry when it moved first."""
    repo = Repo(where)
    store = Store(repo)
    name = default_remote(repo, remote)
    pulls: list[PullResult] = []
    atomic = True
    for _ in range(PUSH_ATTEMPTS):
        refs = _push_set(store, all_sessions)
        spent = _spent_sessions(store, name)
        if not refs and not spent:
            return PushResult(name, (), tuple(pulls), dry_run)
        args = ["push", "--porcelain", "--no-verify"]
        if atomic:
            args.append("--atomic")
        if dry_run:
            args.append("--dry-run")
        args += [f"--force-with-lease={ref}:{sha}" for ref, sha in spent.items()]
        args += [name, *(f"{ref}:{ref}" for ref in refs), *(f":{ref}" for ref in spent)]
        done = run_git(repo, args, ok=(0, 1))
        if atomic and "does not support --atomic" in done.stderr:
            atomic = False  # an old server: each ref is still compare-and-swap on its own
            continue
        updates = _parse_porcelain(done.stdout)
        if done.returncode != 0 and not updates:
            raise SyncError(f"git push to {name} failed: {git_complaint(done.stderr)}")
        rejected = [u for u in updates if u.status == "rejected"]
        if not rejected:
            if not dry_run:
                _mirror_pushed(store, name, refs, spent)
            return PushResult(name, tuple(updates), tuple(pulls), dry_run)
        causes = [r for r in rejected if "atomic push failed" not in r.reason] or rejected
        if not all(_needs_pull(r.reason, done.stderr) for r in causes):
            refused = next(r for r in causes if not _needs_pull(r.reason, done.stderr))
            said = _remote_said(done.stderr)
            raise SyncError(f"{name} refused {refused.ref} ({refused.reason})"
                            f"{': ' + said if said else ''}; nothing local was changed")
        if dry_run:  # a real push would pull and merge first
            return PushResult(name, tuple(updates), tuple(pulls), dry_run)
        pulls.append(_merge_fetched(repo, store, name, _fetch(repo, store, name)))
    raise SyncError(f"{name} kept moving: {PUSH_ATTEMPTS} pushes were rejected by newer "
                    "updates; everything is merged locally, push again")


def _push_set(store: Store, all_sessions: bool) -> dict[str, str]:
    mine = store.worktree_ref()
    refs: dict[str, str] = {}
    for ref in [*store.ledger_refs(), NOTES_REF]:
        if ref.startswith(SESSIONS_PREFIX) and not all_sessions and ref != mine:
            continue
        if not (ref.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX))
                or ref in (PROJECT_REF, KEEP_REF, NOTES_REF)):
            continue  # a name gitledger does not write (doctor reports it): not ours to push
        tip = _tip(store, ref)
        if tip is not None:
            refs[ref] = tip
    return refs


def _spent_sessions(store: Store, remote: str) -> dict[str, str]:
    """Session refs still on the remote whose ledger was archived here (the archive
    holds all the remote's copy had): deleted by the push, leased on that copy."""
    mirrors = store.refs_under(tracking_prefix(remote) + "sessions/")
    spent: dict[str, str] = {}
    for archive in (r for r in store.ledger_refs() if r.startswith(ARCHIVE_PREFIX)):
        session = SESSIONS_PREFIX + archive.removeprefix(ARCHIVE_PREFIX)
        there = mirrors.get(tracking_ref(remote, session))
        tag = _tip(store, archive)
        if there is None or tag is None or store.exists(session):
            continue
        archived = store.peeled(tag)
        if archived == there or store.contains(archived, there):
            spent[session] = there
    return spent


def _mirror_pushed(store: Store, remote: str, refs: dict[str, str],
                   spent: dict[str, str]) -> None:
    """The remote now holds what we pushed: the mirrors say so without another fetch."""
    for ref, sha in refs.items():
        store.mirror(tracking_ref(remote, ref), sha)
    for ref in spent:
        store.mirror(tracking_ref(remote, ref), None)


def _parse_porcelain(stdout: str) -> list[PushUpdate]:
    """``git push --porcelain``: ``<flag>\\t<from>:<to>\\t<summary>`` per ref."""
    statuses = {" ": "updated", "+": "updated", "*": "new", "-": "deleted",
                "=": "up-to-date", "!": "rejected"}
    updates: list[PushUpdate] = []
    for line in stdout.splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or len(parts[0]) != 1 or parts[0] not in statuses:
            continue
        target = parts[1].rsplit(":", 1)[-1]
        summary = parts[2]
        reason = summary[summary.find("(") + 1:summary.rfind(")")] if "(" in summary else ""
        if parts[0] == "!" and summary.startswith("[remote rejected]"):
            reason = f"remote rejected: {reason}" if reason else "remote rejected"
        updates.append(PushUpdate(target, statuses[parts[0]], reason))
    return updates


def _needs_pull(reason: str, stderr: str) -> bool:
    """Whether a rejection means "someone pushed first": refused before the transfer
    (not a fast-forward), or lost on the server, where the ref moved (or was created)
    between its advertisement and its update: its lock found another value."""
    if any(text in reason for text in _NEEDS_PULL):
        return True
    lost_race = any("cannot lock ref" in line
                    and ("but expected" in line or "reference already exists" in line)
                    for line in stderr.splitlines())
    return lost_race and ("atomic transaction failed" in reason
                          or "failed to update ref" in reason)


def _remote_said(stderr: str) -> str:
    lines = [line.removeprefix("remote:").strip() for line in stderr.splitlines()
             if line.startswith("remote:") and line.removeprefix("remote:").strip()]
    return " / ".join(lines[:3])
