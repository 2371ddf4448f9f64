"""Team sync: ``fetch``, ``pull`` and ``push`` of ledgers through a git remote.

A pull merges the shared ledgers and never removes from them, since anyone who can push
writes them; a session ledger or archive is its owner's, so a pull never moves a local one.
A push is never forced and atomic, and a rejected one is pulled and retried, bounded.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from dataclasses import dataclass
from typing import Any

from gitledger.audit.check import Finding, check
from gitledger.core.codec import iso
from gitledger.core.parsing import json_loads
from gitledger.derived.events import Moved
from gitledger.derived.files import write_atomic
from gitledger.errors import CorruptLedger, LedgerError, SyncError
from gitledger.ledger import digest, follow
from gitledger.ledger.tree import read_header
from gitledger.storage.bounded import MAX_LEDGER_BLOB
from gitledger.storage.entry_cache import decoded_blob, entry_at, shared_reads
from gitledger.storage.layout import (
    ARCHIVE_PREFIX,
    ENTRIES_DIR,
    KEEP_REF,
    KEPT_DIR,
    LEDGER_NAMESPACE,
    MONTHS_DIR,
    MONTHS_PREFIX,
    NOTES_REF,
    PROJECT_REF,
    SESSIONS_PREFIX,
    TRANSCRIPTS_PREFIX,
)
from gitledger.storage.merge import MergeResult, merge_into
from gitledger.storage.mirrors import tracking_prefix, tracking_ref
from gitledger.storage.month_chains import is_chain
from gitledger.storage.network import network_complaint, run_network
from gitledger.storage.notes import annotate
from gitledger.storage.remotes import (
    OversizedProbe,
    blocked,
    brings_oversized,
    default_remote,
    remote_refs,
    run_git,
    squatting,
)
from gitledger.storage.repo import Repo, now
from gitledger.storage.signatures import Gate
from gitledger.storage.store import LedgerMoved, Store
from gitledger.team.fetching import FetchResult, fetch_into
from gitledger.team.push_report import (
    PushUpdate,
    atomic_fallout,
    needs_pull,
    parse_porcelain,
    refusal,
    remote_said,
)

#: How many times ``push`` pulls and tries again when the remote moved first.
PUSH_ATTEMPTS = 5
#: The record of the last pull from each remote, in the common git dir (``review``).
PULLED_FILE = "ledger-pulled.json"
#: What a pull merges: the ledgers everyone writes.  Session ledgers and archives are
#: their owner's alone, and a pull never moves one (``owned_changes`` reports them).
SHARED_REFS = (PROJECT_REF, KEEP_REF)


@dataclass(frozen=True)
class OwnedChange:
    """A ledger this clone owns (``ref``: a session ledger or an archive) whose copy on the
    remote (``mirror``, at ``theirs``) holds what ours (``ours``) does not."""

    ref: str
    mirror: str
    ours: str
    theirs: str
    #: ``ahead``, ``diverged`` or ``retagged`` (see ``_how_changed``).
    state: str
    #: The command that reads the remote's copy.
    read: str


@dataclass(frozen=True)
class PullResult:
    remote: str
    fetched: FetchResult
    merges: tuple[MergeResult, ...]
    #: ``none`` (no notes there), ``up-to-date``, ``created``, ``fast-forward``, ``merged``.
    notes: str
    #: What ``check`` finds after the merge that it did not find before.
    findings: tuple[Finding, ...]
    #: Things the pull saw and left for a person (a mirror that is no ledger …).
    left: tuple[str, ...] = ()
    #: Ledgers this clone owns that the remote changed: reported, never merged.
    owned: tuple[OwnedChange, ...] = ()


@dataclass(frozen=True)
class PushResult:
    remote: str
    updates: tuple[PushUpdate, ...]
    pulls: tuple[PullResult, ...]
    dry_run: bool = False
    #: Our refs not pushed because a remote ref's name blocks them, and those remote refs.
    skipped: tuple[str, ...] = ()


# -- fetch and pull --------------------------------------------------------------------------


def pull(where: str | os.PathLike[str] | None = None, remote: str | None = None, *,
         verify_signatures: bool = False) -> PullResult:
    """Fetch ``remote``'s ledgers and merge each into its local counterpart; with
    ``verify_signatures`` (or ``ledger.verifySignatures``) a mirror whose new commits
    fail git's signature check is quarantined instead (``signatures.py``)."""
    repo = Repo(where)
    repo.require_work_tree("pull (it merges into the project ledger)")
    store = Store(repo)
    digest.register(store)  # a merge into the project ledger rebuilds its digest
    name = default_remote(repo, remote)
    fetched = fetch_into(repo, store, name)
    return _merge_fetched(repo, store, name, fetched, verify=verify_signatures)


def _merge_fetched(repo: Repo, store: Store, remote: str, fetched: FetchResult, *,
                   verify: bool = False) -> PullResult:
    """Merge the shared ledgers (the project ledger, the keep-alive chain, the notes) and
    report, without touching them, the ledgers this clone owns that the remote changed."""
    # The blobs the merge brings are read and decoded once: by the digest of the merge, the
    # check after it and the entry cache it saves.
    with shared_reads():
        return _merged(repo, store, remote, fetched, verify=verify)


def _merged(repo: Repo, store: Store, remote: str, fetched: FetchResult, *,
            verify: bool) -> PullResult:
    gate = Gate(repo, verify)
    prefix = tracking_prefix(remote)
    # The archives of the chains (a year's 25,000) only for the signatures' sweep.
    mirrors = store.refs_under(prefix, chained=gate.on)
    project_before = store.target(PROJECT_REF)
    checked = [PROJECT_REF]
    # git looks for oversized blobs in what each mirror brings while the "before" check
    # runs: nothing is merged before its answer.
    probes = {local: OversizedProbe(repo, theirs, store.target(local), MAX_LEDGER_BLOB)
              for local in (*SHARED_REFS, NOTES_REF)
              if (theirs := mirrors.get(tracking_ref(remote, local))) is not None}
    try:
        findings_before = _findings(repo, store, checked)
        _read_ahead(store, mirrors.get(tracking_ref(remote, PROJECT_REF)),
                    probes.get(PROJECT_REF))
        merges: list[MergeResult] = []
        left: list[str] = []
        for local in SHARED_REFS:
            theirs = mirrors.get(tracking_ref(remote, local))
            if theirs is None:
                continue
            refused = refuse_merge(store, gate, remote, local, theirs, probes.get(local))
            if refused is not None:
                left.append(f"{_label(remote, local)} was not merged: {refused}")
                continue
            merges.append(merge_into(store, local, theirs, label=_label(remote, local),
                                     lines=local == KEEP_REF,
                                     keep_removed=local == PROJECT_REF))
        left.extend(gate.sweep(mirrors))
        their_notes = mirrors.get(tracking_ref(remote, NOTES_REF))
        too_big = (_oversized(store, their_notes, NOTES_REF, probes.get(NOTES_REF))
                   if their_notes else None)
    finally:
        for probe in probes.values():
            probe.close()
    if too_big:
        left.append(f"{_label(remote, NOTES_REF)} was not merged: {too_big}")
    notes = _merge_notes(repo, store, None if too_big else their_notes)
    _renote_conflicts(store, merges)
    findings_after = _findings(repo, store, checked)
    seen = {_finding_key(f) for f in findings_before}
    new = tuple(f for f in findings_after if _finding_key(f) not in seen)
    owned = owned_changes(store, remote)
    result = PullResult(remote, fetched, tuple(merges), notes, new, tuple(left), owned)
    if fetched.moved or any(m.outcome != "up-to-date" for m in merges):
        _record_pull(store, remote, project_before, fetched, merges)
    follow.register(store)
    for merge in merges:  # what follows a write (the hooks' path tokens) follows the merge
        if merge.after is not None and merge.after != merge.before:
            store.publish(Moved(merge.ref, merge.before, merge.after, merged=True))
    return result


def _read_ahead(store: Store, theirs: str | None, probe: OversizedProbe | None) -> None:
    """While git still looks for oversized blobs in ``theirs`` (the project ledger's
    mirror), read the entries it would bring: bounded reads, each blob's size checked
    from its header first, decoded once for the merge's digest and the check after it
    (``shared_reads``).  It stops when git answers, so that it never delays the pull."""
    if probe is None or theirs is None or probe.answered():
        return
    try:
        ours, mirrored = store.tip(PROJECT_REF).view, store.view_at(store.peeled(theirs))
        bringing = (ours.changed_blobs(mirrored, ENTRIES_DIR) if ours is not None
                    else mirrored.blob_ids(ENTRIES_DIR))
        for path, blob in bringing:
            if probe.answered():
                return
            if blob is not None:
                with contextlib.suppress(CorruptLedger, KeyError, TypeError, ValueError):
                    decoded_blob(mirrored.read_blob, blob, path)
    except (LedgerError, KeyError, TypeError, ValueError):
        return  # not a ledger (or not a commit): the merge's gate says so, not this


def refuse_merge(store: Store, gate: Gate, remote: str, local: str, theirs: str,
                 probe: OversizedProbe | None = None) -> str | None:
    """Why the mirror ``theirs`` of ``remote``'s ``local`` must not be merged into
    ``local`` (None: it may be).  The one gate every shared ref passes before a merge:
    no blob a write could not make (read from the headers, never inflated; ``probe``:
    git's look at them started already), the kind of record it must be, and, where the
    team verifies, signatures git accepts."""
    return (_oversized(store, theirs, local, probe) or _not_a_ledger(store, local, theirs)
            or gate.refusal(tracking_ref(remote, local), theirs))


def _label(remote: str, ref: str) -> str:
    return f"{remote}/{ref.removeprefix('refs/ledger/').removeprefix('sessions/')}"


def _oversized(store: Store, theirs: str, local: str,
               probe: OversizedProbe | None = None) -> str | None:
    """Why ``theirs`` is refused unread: a blob no ledger write could make (bounded reads).
    ``probe`` is git's look started earlier, from what ``local`` held then (what it holds
    now can only be more: a yes is walked again from there, to name the blob)."""
    known = store.target(local)
    said = (probe.answer() if probe is not None
            else brings_oversized(store.repo, theirs, known, MAX_LEDGER_BLOB))
    if said is False:
        return None
    found = store.oversized(theirs, known)
    return None if found is None else str(found)


def owned_changes(store: Store, remote: str) -> tuple[OwnedChange, ...]:
    """The ledgers this clone owns whose copy on ``remote`` (as last fetched) holds
    something the local one does not: left in the mirror, never merged, reported.

    Owned: every local ``refs/ledger/sessions/*`` (a worktree's, an adopted one, an
    orphan: none is ever anyone else's to write) and every local archive.  A session
    archived here counts through its archive: its remote copy is owed nothing the
    archive holds already (``push`` deletes it), anything else is reported."""
    prefix = tracking_prefix(remote)
    found: list[OwnedChange] = []
    # A chain as pushed holds nothing changed: its archives are not even listed.
    for mirror, theirs in sorted(store.refs_unlike_here(prefix).items()):
        kind, _, ledger_id = mirror.removeprefix(prefix).partition("/")
        if kind not in ("sessions", "archive") or not ledger_id or "/" in ledger_id:
            continue
        session, archive = SESSIONS_PREFIX + ledger_id, ARCHIVE_PREFIX + ledger_id
        local = session if kind == "sessions" and store.exists(session) else archive
        ours = store.target(local)
        if ours is None or ours == theirs:
            continue
        state = _how_changed(store, ours, theirs)
        if state == "retagged" and (kind == "sessions" or (
                store.reference(local) is None) != (store.reference(mirror) is None)):
            # The session this archive holds (push deletes it), or the same archive in
            # the other format (a tag here, a month chain there, or the reverse).
            continue
        if state is None:
            continue
        read = (f"git ledger show --ledger {remote}/{ledger_id}" if kind == "sessions"
                else f"git ledger show --archive {remote}/{ledger_id}")
        found.append(OwnedChange(local, mirror, ours, theirs, state, read))
    return tuple(found)


def _how_changed(store: Store, ours: str, theirs: str) -> str | None:
    """``ahead`` (the remote's copy went on from ours), ``diverged``, ``retagged`` (the
    same commit under another archive tag), or None when ours holds all of theirs."""
    try:
        ours_commit, theirs_commit = store.peeled(ours), store.peeled(theirs)
        if ours_commit == theirs_commit:
            return "retagged"
        if store.contains(ours_commit, theirs_commit):
            return None
        return "ahead" if store.contains(theirs_commit, ours_commit) else "diverged"
    except LedgerError:
        return "diverged"  # not even a commit there: still nothing of ours to take


def _not_a_ledger(store: Store, local: str, theirs: str) -> str | None:
    """Why the remote's ``theirs`` cannot be merged into ``local`` (None: it can): it must
    be the same kind of record, a ledger of the same kind or the keep-alive chain."""
    try:
        view = store.view_at(store.peeled(theirs))
    except LedgerError as exc:
        return str(exc)
    if local == KEEP_REF:
        extra = sorted(set(view.names("")) - {KEPT_DIR})
        return f"it is not a keep-alive chain (it holds {extra[0]})" if extra else None
    try:
        meta, _ = read_header(local, view)
    except LedgerError as exc:
        return str(exc)
    kind = "project" if local == PROJECT_REF else "session"  # a session's archive too
    if meta.kind != kind:
        return f"it is a {meta.kind} ledger, not a {kind} ledger"
    return None


def _renote_conflicts(store: Store, merges: list[MergeResult]) -> None:
    """An entry whose concurrent edits were merged names what its merged version names,
    on the notes too: the lines only the losing version put there (an ``implements``
    that became ``cites``) are taken back, which a union of notes cannot do."""
    for merge in merges:
        if merge.after is None or not merge.conflicts or merge.ref == KEEP_REF:
            continue
        merged_view = store.view_at(merge.after)
        for conflict in merge.conflicts:
            if conflict.name in ("focus", "ledger"):
                continue
            merged = entry_at(merged_view, conflict.path)
            lost = entry_at(store.view_at(conflict.other), conflict.path)
            if merged is not None and lost is not None:
                annotate(store, merged, merge.ref, before=lost)


def _merge_notes(repo: Repo, store: Store, theirs: str | None) -> str:
    if theirs is None:
        return "none"
    ours = store.target(NOTES_REF)
    try:
        store.peeled(theirs)
    except LedgerError as exc:
        raise SyncError(f"the remote's {NOTES_REF} is not a notes commit ({exc}); nothing "
                        "local was changed by the notes merge") from None
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
    # libgit2 has no notes merge: git's cat_sort_uniq keeps every line of both sides.  git
    # moves the ref it merges into without checking what it held, so it merges into a
    # scratch ref, and the result replaces ours only if ours did not move meanwhile.
    scratch = f"{NOTES_REF}-merging-{os.getpid()}"
    try:
        for _ in range(10):
            store.mirror(scratch, ours)
            run_git(repo, ["notes", f"--ref={scratch}", "merge", "--strategy=cat_sort_uniq",
                           "--quiet", theirs])
            merged = store.target(scratch)
            assert merged is not None
            try:
                store.set_ref(NOTES_REF, merged, ours, "ledger: notes merged")
                return "merged"
            except LedgerMoved:
                ours = store.target(NOTES_REF)
                if ours is None:
                    ours = theirs
    finally:
        store.mirror(scratch, None)
    raise SyncError(f"{NOTES_REF} kept moving while merging the remote's notes; pull again")


def _findings(repo: Repo, store: Store, refs: list[str]) -> list[Finding]:
    # check keeps its reports by the refs they depend on: the "before" of a pull is nearly
    # always what the previous pull left, read back rather than checked again.
    found: list[Finding] = []
    for ref in refs:
        if ref == PROJECT_REF:  # as --project: checked again in part after the merge
            found.extend(check(repo.cwd, project=True).findings)
        elif store.exists(ref):
            found.extend(check(repo.cwd, name=ref).findings)
    return found


def _finding_key(finding: Finding) -> tuple[str, str | None, str, str]:
    return (finding.rule, finding.entry, finding.ledger, finding.message)


def _record_pull(store: Store, remote: str, project_before: str | None,
                 fetched: FetchResult, merges: list[MergeResult]) -> None:
    """Remember what the ledgers held before and after this pull, for ``review``.

    The "before" of a mirror is what the previous pull left there, so that a plain
    ``git fetch`` in between (after ``remote setup``) does not hide what it brought.
    """
    path = store.repo.commondir / PULLED_FILE
    records = read_pulls(store)
    previous = records.get(remote, {}).get("after", {})
    # Not the archives of a chain mirrored as this clone holds it: they are this clone's,
    # which review never looks at (a year's 25,000 names).
    after = store.refs_unlike_here(tracking_prefix(remote))
    before = {ref: previous.get(ref, old) for ref, old in
              ((m.ref, m.old) for m in fetched.moved)}
    before.update({ref: previous[ref] for ref in after if ref in previous})
    # After an interrupted pull the project may be merged already: what the last finished
    # pull left is the truer "before" (our own writes since then are shown too).
    before[PROJECT_REF] = previous.get(PROJECT_REF) or project_before
    after[PROJECT_REF] = store.target(PROJECT_REF) or ""
    project = [m for m in merges if m.ref == PROJECT_REF]
    records[remote] = {"time": iso(now()), "before": before, "after": after,
                       "dropped": [i for m in project for i in m.dropped],
                       "rewritten": [i for m in project for i in m.rewritten]}
    # Not indented: json's C encoder then writes it (a year's 50,000 mirror tips took the
    # pure-Python one 0.6 s of a pull).  Unwritten, review falls back to the whole history.
    with contextlib.suppress(OSError):
        write_atomic(path, json.dumps(records, sort_keys=True, separators=(",", ":")))


def read_pulls(store: Store) -> dict[str, dict[str, Any]]:
    """What ``_record_pull`` wrote, per remote; {} when it is missing or unreadable."""
    try:
        data = json_loads((store.repo.commondir / PULLED_FILE).read_text(encoding="utf-8"),
                          max_depth=None)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


# -- push ------------------------------------------------------------------------------------


def push(where: str | os.PathLike[str] | None = None, remote: str | None = None, *,
         all_sessions: bool = False, dry_run: bool = False,
         transcripts: bool = False) -> PushResult:
    """Push our ledger refs to ``remote``; pull and retry when it moved first.

    Saved transcripts (``refs/ledger/transcripts/*``) go only with ``transcripts``."""
    repo = Repo(where)
    store = Store(repo)
    digest.register(store)  # a merge into the project ledger rebuilds its digest
    name = default_remote(repo, remote)
    return push_refs(repo, store, name, all_sessions=all_sessions, dry_run=dry_run,
                 transcripts=transcripts)


def push_refs(repo: Repo, store: Store, name: str, *, all_sessions: bool, dry_run: bool,
              transcripts: bool) -> PushResult:
    """``push`` in an open repository, to a remote already checked to be configured
    (``remote setup`` pushes through it too)."""
    pulls: list[PullResult] = []
    atomic = True
    #: Deletions of archived sessions the remote refused (a hook): pushed without them.
    kept_back: list[PushUpdate] = []
    there = remote_refs(repo, name, what=f"git push to {name}")
    squatters = squatting(there)
    skipped: tuple[str, ...] = ()
    for _ in range(PUSH_ATTEMPTS):
        refs = _push_set(store, all_sessions, transcripts)
        held = _held_back(store, name, refs, there)
        stuck = blocked(list(refs), there)
        skipped = (*stuck, *squatters) if stuck else ()
        refs = {ref: sha for ref, sha in refs.items()
                if ref not in {u.ref for u in held} and ref not in stuck}
        spent = {} if kept_back else _spent_sessions(store, name, there)
        # What the remote holds at this very commit already is not sent again: a year's
        # 25,000 archives on git push's command line, every push, cost minutes.
        sending = {ref: sha for ref, sha in refs.items() if there.get(ref) != sha}
        if not sending and not spent:
            if not dry_run:
                _mirror_pushed(store, name, refs, {})
            return PushResult(name, (*held, *kept_back), tuple(pulls), dry_run, skipped)
        done, updates = _push_once(repo, name, sending, spent, atomic=atomic,
                                   dry_run=dry_run)
        if atomic and "does not support --atomic" in done.stderr:
            atomic = False  # an old server: each ref is still compare-and-swap on its own
            continue
        rejected = [u for u in updates if u.status == "rejected"]
        if not rejected:
            if not dry_run:
                _mirror_pushed(store, name, refs, spent)
            return PushResult(name, (*updates, *held, *kept_back), tuple(pulls), dry_run,
                              skipped)
        causes = [r for r in rejected if not atomic_fallout(r.reason)] or rejected
        refused = [r for r in causes if not needs_pull(r.reason, done.stderr)]
        said = remote_said(done.stderr)
        if refused and spent:
            # Perhaps only the deletions offend the server (a hook that forbids deleting):
            # the rest goes without them, and the sessions stay there.
            why = f"{refused[0].reason}{': ' + said if said else ''}"
            kept_back = [PushUpdate(ref, "rejected", f"{why}; the session stays there")
                         for ref in spent]
            continue
        if refused:
            # Without an atomic push the server took what its hooks let through: the
            # mirrors say so (the next push does not send it again), and so does the error.
            landed = [u for u in updates if u.status in ("new", "updated", "deleted")]
            if landed and not dry_run:
                _mirror_pushed(store, name,
                               {u.ref: refs[u.ref] for u in landed if u.ref in refs},
                               {u.ref: spent[u.ref] for u in landed if u.ref in spent})
            # Turned away for another reason (the remote moved first): not landed either.
            unsent = [u for u in rejected if u not in refused] if landed else []
            raise refusal(name, refused, said, landed, unsent)
        if dry_run:  # a real push would pull and merge first
            return PushResult(name, tuple(updates), tuple(pulls), dry_run, skipped)
        pulled = _merge_fetched(repo, store, name, fetch_into(repo, store, name))
        pulls.append(pulled)
        # What the remote holds now, for the next try.
        there = remote_refs(repo, name, what=f"git push to {name}")
        if not pulled.fetched.moved and all(m.outcome == "up-to-date" for m in pulled.merges):
            # The remote holds nothing we lack, yet refused: its copy of a ref is no
            # earlier state of ours, which a pull cannot merge (say which, if it knows).
            left = "; ".join(pulled.left)
            raise SyncError(f"{name} refused {causes[0].ref} ({causes[0].reason}) although "
                            f"everything it has is merged here{': ' + left if left else ''}"
                            "; nothing local was changed")
    left = "; ".join(pulls[-1].left) if pulls and pulls[-1].left else ""
    raise SyncError(f"{name} kept moving: {PUSH_ATTEMPTS} pushes were rejected by newer "
                    "updates; everything is merged locally, push again"
                    f"{' (' + left + ')' if left else ''}")


def _push_once(repo: Repo, remote: str, refs: dict[str, str], spent: dict[str, str], *,
               atomic: bool, dry_run: bool,
               ) -> tuple[subprocess.CompletedProcess[str], list[PushUpdate]]:
    """One ``git push``: never forced (a deletion is leased on the value we saw)."""
    args = ["push", "--porcelain", "--no-verify"]
    if atomic:
        args.append("--atomic")
    if dry_run:
        args.append("--dry-run")
    args += [f"--force-with-lease={ref}:{sha}" for ref, sha in spent.items()]
    args += [remote, *(f"{ref}:{ref}" for ref in refs), *(f":{ref}" for ref in spent)]
    # 128 too: an old server's "does not support --atomic" is git's fatal error, and the
    # caller pushes again without --atomic.
    done = run_network(repo, args, what=f"git push to {remote}", ok=(0, 1, 128))
    updates = parse_porcelain(done.stdout)
    if done.returncode != 0 and not updates and "does not support --atomic" not in done.stderr:
        raise SyncError(f"git push to {remote} failed: {network_complaint(done.stderr)}")
    return done, updates


def _push_set(store: Store, all_sessions: bool, transcripts: bool = False) -> dict[str, str]:
    """The refs a push sends and their tips.  Saved transcripts are large and private:
    only with ``transcripts`` (the prefixes below take neither them nor the mirrors)."""
    mine = store.worktree_ref()
    refs: dict[str, str] = {}
    # The refs as one listing gives them with their targets, not looked up again by name:
    # a year's 25,000 archive tags.  An archive of a month chain is no ref: its chain goes.
    listed = store.refs_under(LEDGER_NAMESPACE, chained=False)
    notes = store.target(NOTES_REF)
    for ref, tip in [*listed.items(), *([(NOTES_REF, notes)] if notes else [])]:
        if ref.startswith(SESSIONS_PREFIX) and not all_sessions and ref != mine:
            continue
        if ref.startswith((SESSIONS_PREFIX, ARCHIVE_PREFIX)) or \
                ref in (PROJECT_REF, KEEP_REF, NOTES_REF) or \
                (ref.startswith(MONTHS_PREFIX) and is_chain(ref)):
            refs[ref] = tip  # any other name is not gitledger's (doctor reports it)
    if transcripts:
        refs.update(store.refs_under(TRANSCRIPTS_PREFIX))
    return refs


def _held_back(store: Store, remote: str, refs: dict[str, str],
               there: dict[str, str]) -> list[PushUpdate]:
    """Owned ledgers (sessions, archives) whose copy on the remote someone else changed:
    not pushed, since it would be rejected (not a fast-forward) and a pull never merges
    it; the rest of the push goes.  The pull reports the change and how to read it."""
    changed = {c.ref: c for c in owned_changes(store, remote)
               if c.mirror == tracking_ref(remote, c.ref)}
    held = [PushUpdate(ref, "rejected", f"the remote's copy was changed by someone else "
                       f"({changed[ref].state}); yours stays here, read theirs: "
                       f"{changed[ref].read}")
            for ref in refs if ref in changed]
    # An archive tag there that is not ours, and that no mirror here explains (a pull
    # fetches no archives): someone else's, which a push of ours would be refused over.
    for ref, ours in refs.items():
        theirs = there.get(ref)
        if (ref.startswith(ARCHIVE_PREFIX) and theirs is not None and theirs != ours
                and ref not in changed):
            held.append(PushUpdate(ref, "rejected", "the remote's copy was changed by "
                                   "someone else; yours stays here, read theirs: git "
                                   f"ledger show --archive {remote}/"
                                   f"{ref.removeprefix(ARCHIVE_PREFIX)}"))
    # Only this clone appends to its month chains: a copy there that ours does not hold
    # was written by someone else, and a push of ours would be refused.
    mirrored = store.refs_under(tracking_prefix(remote) + MONTHS_DIR + "/", chained=False)
    for ref, ours in refs.items():
        theirs = mirrored.get(tracking_ref(remote, ref)) if is_chain(ref) else None
        if theirs is not None and theirs != ours and not store.contains(ours, theirs):
            held.append(PushUpdate(ref, "rejected", "the remote's copy of this month chain "
                                   "was changed by someone else; yours stays here"))
    return held


def _spent_sessions(store: Store, remote: str, there: dict[str, str]) -> dict[str, str]:
    """Session refs still on the remote whose ledger was archived here (the archive
    holds all the remote's copy had), and this clone's format-3 month chains there whose
    archives are tags here now (``doctor --fix``): deleted by the push, leased on that
    copy."""
    spent = _spent_chains(store, there)
    prefix = tracking_prefix(remote) + "sessions/"
    # From the remote's sessions (a few dozen), not from every archive here (thousands).
    for mirror, theirs in sorted(store.refs_under(prefix).items()):
        ledger_id = mirror.removeprefix(prefix)
        session, archive = SESSIONS_PREFIX + ledger_id, ARCHIVE_PREFIX + ledger_id
        tag = store.target(archive)
        if tag is None or store.exists(session):
            continue
        archived = store.peeled(tag)
        if archived == theirs or store.contains(archived, theirs):
            spent[session] = theirs
    return spent


def _spent_chains(store: Store, there: dict[str, str]) -> dict[str, str]:
    """The remote's copies of month chains this clone wrote and migrated to tags: each
    gone here, and every archive it holds a tag here of that ledger or a later state."""
    clone = store.clone_id(create=False)
    if clone is None:
        return {}
    spent: dict[str, str] = {}
    own = store.chain_refs()
    for ref, tip in sorted(there.items()):
        if not is_chain(ref) or not ref.startswith(MONTHS_PREFIX) or \
                not ref.endswith("/" + clone) or ref in own:
            continue
        held = store.archives_of_chain(ref, tip)
        if held and all(store.contains(store.peeled(tag), commit) if tag else False
                        for commit, tag in ((commit, store.target(ARCHIVE_PREFIX + ledger))
                                            for ledger, commit in held)):
            spent[ref] = tip
    return spent


def _mirror_pushed(store: Store, remote: str, refs: dict[str, str],
                   spent: dict[str, str]) -> None:
    """The remote now holds what we pushed: the mirrors say so without another fetch.
    (Transcripts and archives have no mirrors: no pull copies them.)  A mirror that says so already
    is not written again."""
    mirrored = store.refs_under(tracking_prefix(remote))
    for ref, sha in refs.items():
        # Archives have no mirrors unless read (a year's would double this clone's refs).
        if not ref.startswith((TRANSCRIPTS_PREFIX, ARCHIVE_PREFIX)) and \
                mirrored.get(tracking_ref(remote, ref)) != sha:
            store.mirror(tracking_ref(remote, ref), sha)
    for ref in spent:
        store.mirror(tracking_ref(remote, ref), None)
