"""Notes on code commits (``refs/notes/ledger``): which ledger entries cite each commit.

An index derivable from the ledgers (``rebuild``), one ``<relation> <entry-id> <ledger-ref>``
line per fact so that ``cat_sort_uniq`` merges clones' notes; written through
``Store.update``, in git's fan-out layout once large.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygit2

from gitledger.core.model import BlobRef, Change, Entry, git_evidence, parse_trailers
from gitledger.errors import CorruptLedger
from gitledger.storage.entry_cache import collector_paused, read_entries
from gitledger.storage.layout import ARCHIVE_PREFIX, NOTES_REF, PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.mirrors import mirrors
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

RELATIONS = ("cites", "implements", "deploys")
#: How long a note write waits out a held lock: the notes are an index that rebuild can
#: restore, so a stale lock must not stall a commit's hook for long.
NOTES_RETRY_SECONDS = 2.0
#: A flat notes tree holding more notes than this is laid out in fan-out directories.
FANOUT_AT = 256
#: Lines the post-commit hook writes (derived again from the ledgers' ``commit`` events).
HOOK_RELATIONS = ("commit-in", "refs")
_COMMIT_EVENT = b"Ledger-Event: commit"
_REWRITE_EVENT = b"Ledger-Event: rewrite"


@dataclass(frozen=True)
class Rebuilt:
    """What ``notes rebuild`` wrote: how many commits got notes, from how many ledgers."""

    commit: str | None
    notes: int
    lines: int
    ledgers: int


def note_lines(entry: Entry, ledger_ref: str) -> dict[str, set[str]]:
    """The note lines a ledger entry puts on each commit it names (full shas only)."""
    lines: dict[str, set[str]] = {}
    if entry.kind != "decided":
        return lines
    relation = "implements" if entry.status in ("implemented", "deployed") else "cites"
    for sha in git_evidence(entry):
        if _is_full_sha(sha):
            lines.setdefault(sha, set()).add(f"{relation} {entry.id} {ledger_ref}")
    if entry.deployed_sha and _is_full_sha(entry.deployed_sha):
        lines.setdefault(entry.deployed_sha, set()).add(f"deploys {entry.id} {ledger_ref}")
    return lines


def annotate(
    store: Store, entry: Entry | None, ledger_ref: str, before: Entry | None = None
) -> str | None:
    """Make the notes say what ``entry`` (as just written) names, where ``before`` (its
    previous version) named other commits; the new notes commit, or None."""
    wanted = note_lines(entry, ledger_ref) if entry is not None else {}
    for sha in note_lines(before, ledger_ref) if before is not None else {}:
        wanted.setdefault(sha, set())  # a commit it no longer names loses its lines
    if not wanted:
        return None
    entry_id = (entry or before).id  # type: ignore[union-attr]
    # A decision that moved from cited to implemented says so once, not twice.
    stale = {f"{r} {entry_id} {ledger_ref}" for r in RELATIONS}
    return add_lines(store, wanted, f"notes for {entry_id}", replacing=stale)


def add_lines(
    store: Store, wanted: dict[str, set[str]], subject: str, *,
    replacing: set[str] | None = None,
) -> str | None:
    """Merge ``wanted`` lines into the notes of their commits (dropping ``replacing``
    lines not wanted any more); the new notes commit, or None when nothing changed."""
    drop = replacing or set()

    def operation(view: TreeView | None) -> tuple[Change, None] | None:
        files: dict[str, bytes | BlobRef | None] = {}
        fanned = _fanned_out(view)
        added = 0
        for sha, lines in wanted.items():
            path, before = _read_note(view, sha)
            old = set(before.decode("utf-8", "replace").splitlines()) if before else set()
            new = (old - (drop - lines)) | lines
            if new != old:
                if before is None:
                    added += 1
                    path = _note_path(sha, fanned)
                files[path] = _body(new) if new else None
        if not files:
            return None
        if not fanned and view is not None and len(view.tree) + added > FANOUT_AT:
            files = _fan_out(view, files)
        return Change(subject, (("Ledger-Event", "notes"),), files), None

    commit, _ = store.update(NOTES_REF, operation, retry_seconds=NOTES_RETRY_SECONDS)
    return commit


#: The entries a session ledger still holds, given the ledger's name and its entries (a
#: ledger rule, ``ledger/carried.py``'s ``not_carried``: what a carry moved is noted where
#: it went).
Held = Callable[[Store, str, list[Entry]], list[Entry]]


def wanted_notes(store: Store, held: Held, *,
                 skip_broken: bool = False) -> tuple[dict[str, set[str]], int]:
    """What ``rebuild`` would write: every commit's note lines, derived from the ledgers,
    and how many ledgers they came from.  Writes nothing.

    With ``skip_broken`` a ref under ``refs/ledger/`` that cannot be read as a ledger
    contributes nothing instead of failing (what ``doctor`` needs).
    """
    wanted: dict[str, set[str]] = {}
    ledgers = 0
    with collector_paused():
        for name, ref in _note_sources(store):
            try:
                view_of = _ledger_view(store, name, ref)
                if view_of is None:
                    continue
                _, view, tip = view_of
                entries, _ = read_entries(store, ref, view)
                if name.startswith(SESSIONS_PREFIX):
                    if ref == name and _is_archive_copy(store, ref, tip):
                        continue  # an archive stopped before removing it: read as archive
                    entries = held(store, name, entries)
                found = [note_lines(entry, name) for entry in entries]
                found.append(commit_lines(store, name, tip))
            except (CorruptLedger, KeyError, ValueError, pygit2.GitError):
                if not skip_broken:
                    raise
                continue
            ledgers += 1
            for per_commit in found:
                for sha, lines in per_commit.items():
                    if store.git.odb.exists(pygit2.Oid(hex=sha)):
                        wanted.setdefault(sha, set()).update(lines)
    return wanted, ledgers


def current_notes(store: Store) -> dict[str, set[str]]:
    """Every note line now on ``refs/notes/ledger``, by commit (flat or fan-out layout).

    Raises ``CorruptLedger`` when the notes ref is not a commit."""
    view = store.tip(NOTES_REF).view
    if view is None:
        return {}
    return {path.replace("/", ""): set(view.read_blob(blob_id).decode("utf-8", "replace")
                                       .splitlines())
            for path, blob_id in _all_notes(view).items()}


def rebuild(where: str | os.PathLike[str] | None, held: Held, *,
            skip_broken: bool = False) -> Rebuilt:
    """Derive every note from the ledgers again and write them as one notes commit.

    Lines no ledger backs any more are dropped; the notes ref's history keeps them.
    """
    store = Store(Repo(where))
    wanted, ledgers = wanted_notes(store, held, skip_broken=skip_broken)

    fanned = len(wanted) > FANOUT_AT
    bodies = {_note_path(sha, fanned): _body(lines) for sha, lines in wanted.items()}

    def operation(view: TreeView | None) -> tuple[Change, None] | None:
        if _holds_exactly(view, bodies):
            return None
        files: dict[str, bytes | BlobRef | None] = dict.fromkeys(
            path for path in (_all_notes(view) if view is not None else {})
            if path not in bodies)
        files.update(bodies)
        return Change("rebuild the ledger notes from the ledgers",
                      (("Ledger-Event", "notes"), ("Ledger-Notes", "rebuild")), files), None

    try:
        store.tip(NOTES_REF)
    except CorruptLedger:
        # The notes are an index: a notes ref that is not even a commit is replaced.
        store.git.references.delete(NOTES_REF)
    commit, _ = store.update(NOTES_REF, operation)
    return Rebuilt(commit, len(wanted), sum(len(v) for v in wanted.values()), ledgers)


def rename_ledger(
    store: Store, old_ref: str, new_ref: str, entries: Iterable[Entry], tip: str
) -> str | None:
    """Make the notes name a ledger by its new ref (an archived session's tag ref): the
    lines its entries and its ``commit`` events put on code commits, old name for new."""
    old_lines: dict[str, set[str]] = {}
    new_lines: dict[str, set[str]] = {}
    for entry in entries:
        for sha, lines in note_lines(entry, old_ref).items():
            old_lines.setdefault(sha, set()).update(lines)
        for sha, lines in note_lines(entry, new_ref).items():
            new_lines.setdefault(sha, set()).update(lines)
    for sha, lines in commit_lines(store, old_ref, tip).items():
        old_lines.setdefault(sha, set()).update(lines)
    for sha, lines in commit_lines(store, new_ref, tip).items():
        new_lines.setdefault(sha, set()).update(lines)
    if not old_lines:
        return None
    wanted = {sha: new_lines.get(sha, set()) for sha in old_lines}
    dropped = set().union(*old_lines.values())
    return add_lines(store, wanted, f"notes for {new_ref}", replacing=dropped)


def unrecorded_commits(store: Store, head: str, *, since: float, committer: str | None,
                       limit: int) -> list[str]:
    """The commits on ``head``'s first-parent line, newest first back to the last one a
    ledger recorded (its note has a ``commit-in`` line: the hooks ran there, in this
    worktree or in another whose commits came in by a merge), that ``committer`` made
    after ``since`` (seconds), that are no merge and that have no such line: oldest
    first.  At most ``limit`` commits are looked at."""
    view = store.tip(NOTES_REF).view
    found: list[str] = []
    commit = store.git.get(head)
    for _ in range(limit):
        if not isinstance(commit, pygit2.Commit) or commit.commit_time <= since:
            break
        sha = str(commit.id)
        _, blob = _read_note(view, sha)
        if blob is not None and (blob.startswith(b"commit-in ") or b"\ncommit-in " in blob):
            break
        ours = committer is None or commit.committer.email == committer
        if len(commit.parent_ids) <= 1 and ours:
            found.append(sha)
        if not commit.parent_ids:
            break
        commit = store.git.get(commit.parent_ids[0])
    return found[::-1]


def read_note(store: Store, commit: str) -> list[str]:
    """The lines of ``commit``'s ledger note (empty when it has none)."""
    _, blob = _read_note(store.tip(NOTES_REF).view, commit)
    return blob.decode("utf-8", "replace").splitlines() if blob else []


# -- helpers -------------------------------------------------------------------------------


def commit_lines(store: Store, ref: str, tip: str) -> dict[str, set[str]]:
    """The lines a ledger's ``commit`` events put on code commits (the post-commit hook's):
    ``commit-in <ledger> <its tip then>`` and ``refs <id> <ledger>`` per ``Ledger-Refs``."""
    lines: dict[str, set[str]] = {}
    rewritten: list[tuple[str, str]] = []
    walker = store.git.walk(pygit2.Oid(hex=tip), pygit2.enums.SortMode.TOPOLOGICAL)
    for commit in walker:
        # Most of a ledger's commits are not commit events: their messages are not parsed
        # (why checks every commit-in line against this, so it must stay cheap).
        raw = commit.raw_message
        if (_COMMIT_EVENT not in raw and _REWRITE_EVENT not in raw) or not commit.parent_ids:
            continue
        trailers = parse_trailers(commit.message)
        event = trailers.get("Ledger-Event", ("",))[0]
        if event == "rewrite":
            rewritten += [(old, new) for old, new in
                          (pair.split(" ", 1) for pair in trailers.get("Ledger-Rewritten", ())
                           if pair.count(" ") == 1)
                          if _is_full_sha(old) and _is_full_sha(new)]
            continue
        if event != "commit":
            continue
        for sha in trailers.get("Ledger-Commit", ())[:1]:
            if not _is_full_sha(sha):
                continue
            found = lines.setdefault(sha, set())
            found.add(f"commit-in {ref} {commit.parent_ids[0]}")
            found.update(f"refs {entry_id} {ref}" for entry_id in trailers.get("Ledger-Refs", ()))
    # An amend or a rebase copies a recorded commit's lines to its new commit (the notes'
    # rewrite); the rewrite event backs them there.  Oldest first, so that a commit
    # rewritten twice gets what the first rewrite gave its predecessor.
    for old, new in reversed(rewritten):
        if old in lines:
            lines.setdefault(new, set()).update(lines[old])
    return lines


def _is_archive_copy(store: Store, ref: str, tip: str) -> bool:
    name = ARCHIVE_PREFIX + ref.removeprefix(SESSIONS_PREFIX)
    archived = store.git.references.get(name)
    if archived is None:
        chained = store.chained(name)
        return chained is not None and chained.commit == tip
    try:
        return str(archived.peel(pygit2.Commit).id) == tip
    except (KeyError, ValueError, pygit2.GitError):
        return False


def _note_sources(store: Store) -> list[tuple[str, str]]:
    """(the ledger's name in note lines, the ref to read it from): this repository's
    ledgers, then the copies fetched from remotes, named as their owners name them (so a
    rebuild keeps the lines a teammate's push brought)."""
    own = [(ref, ref) for ref in store.ledger_refs()]
    fetched = []
    for mirror, (_, name) in mirrors(store).items():
        # A copy our own ledger already holds (merged by a pull, or pushed from here)
        # adds nothing, and may hold a version a merge has since replaced.
        local, there = store.refs_under(name).get(name), store.refs_under(mirror).get(mirror)
        try:
            if local is not None and there is not None and store.contains(
                    store.peeled(local), store.peeled(there)):
                continue
        except CorruptLedger:
            pass  # read (or reported) as it is, below
        fetched.append((name, mirror))
    return own + fetched


def _ledger_view(store: Store, name: str, ref: str) -> tuple[str, TreeView, str] | None:
    if name.startswith(SESSIONS_PREFIX) or name == PROJECT_REF:
        tip = store.tip(ref)
        view, commit = tip.view, tip.commit
    elif name.startswith(ARCHIVE_PREFIX):
        reference = store.git.references.get(ref)
        chained = store.chained(ref) if reference is None else None
        if reference is None and chained is None:
            return None
        commit = (chained.commit if chained is not None
                  else str(reference.peel(pygit2.Commit).id) if reference is not None else "")
        view = store.view_at(commit)
    else:
        return None
    if view is not None and commit is not None and view.read("ledger.toml") is not None:
        return ref, view, commit
    return None


def _read_note(view: TreeView | None, sha: str) -> tuple[str, bytes | None]:
    """Where ``sha``'s note is (flat, or in git's fan-out directories) and its body."""
    if view is not None:
        for path in (sha, f"{sha[:2]}/{sha[2:]}", f"{sha[:2]}/{sha[2:4]}/{sha[4:]}"):
            blob = view.read(path)
            if blob is not None:
                return path, blob
    return sha, None


def _note_path(sha: str, fanned: bool) -> str:
    return f"{sha[:2]}/{sha[2:]}" if fanned else sha


def _fanned_out(view: TreeView | None) -> bool:
    """Whether the notes tree uses fan-out directories (git's, or ours)."""
    return view is not None and any(
        len(str(item.name)) == 2 and item.type == pygit2.enums.ObjectType.TREE
        for item in view.tree)


def _fan_out(view: TreeView, files: dict[str, bytes | BlobRef | None]
             ) -> dict[str, bytes | BlobRef | None]:
    """``files`` written into a flat tree, with every flat note moved to ``ab/cdef…``."""
    moved: dict[str, bytes | BlobRef | None] = {}
    for item in view.tree:
        name = str(item.name)
        if _is_full_sha(name) and item.type == pygit2.enums.ObjectType.BLOB:
            moved[name] = None
            moved[_note_path(name, True)] = BlobRef(str(item.id))
    for path, change in files.items():
        if "/" not in path and _is_full_sha(path):
            moved[_note_path(path, True)] = change
        else:
            moved[path] = change
    return moved


def _all_notes(view: TreeView) -> dict[str, str]:
    """Every note blob's path and blob id, in any layout."""
    found: dict[str, str] = {}
    for item in view.tree:
        name = str(item.name)
        if item.type == pygit2.enums.ObjectType.TREE:
            found.update(view.blob_ids(name))
        elif item.type == pygit2.enums.ObjectType.BLOB:
            found[name] = str(item.id)
    return found


def _holds_exactly(view: TreeView | None, bodies: dict[str, bytes]) -> bool:
    """Whether the notes tree is already exactly ``bodies`` (a rebuild's no-op)."""
    if view is None:
        return not bodies
    notes = _all_notes(view)
    return set(notes) == set(bodies) and all(
        view.read_blob(blob_id) == bodies[path] for path, blob_id in notes.items())


def _body(lines: Iterable[str]) -> bytes:
    return "".join(f"{line}\n" for line in sorted(lines)).encode("utf-8")


def _is_full_sha(sha: str) -> bool:
    return len(sha) == 40 and all(c in "0123456789abcdef" for c in sha)
