"""The path tokens of a worktree: what the shell fast path of the pre-tool-use hook greps an
agent's payload for before starting Python (docs/hooks.md, "The fast path").

Refreshed by diffing ledger trees, and only where a token file exists; a failed refresh
leaves an empty token, which sends every payload to Python: slower, never wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.core.codec import decode_entry_or_none
from gitledger.core.footprint import governed, prefilter_token
from gitledger.core.model import Entry
from gitledger.derived import path_tokens, registry
from gitledger.errors import CorruptLedger, LedgerError
from gitledger.storage.entry_cache import read_entries
from gitledger.storage.layout import ENTRIES_DIR, PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView

#: Bump when what a token is changes: a state of another version is rebuilt.
VERSION = 1
#: The fewest characters ``short_token`` keeps of a longer token.
SHORT = 4
#: Entry blobs a refresh may diff from an older state before it writes a new one.
LAG = 16
#: Refreshes one call makes at most when the tips keep moving under it.
ROUNDS = 3

FRESH = "fresh"
STALE = "stale"
MISSING = "missing"


@dataclass(frozen=True)
class TokenStatus:
    """How a worktree's token file compares with its ledgers (what ``doctor`` reports)."""

    gitdir: Path
    #: ``fresh``, ``stale`` or ``missing``.
    state: str
    #: How many tokens the ledgers give now (an empty one counted).
    tokens: int
    detail: str = ""


def entry_tokens(entry: Entry | None) -> list[str]:
    """The tokens of one entry: one per glob and per footprint path ("" = cannot prefilter)."""
    if entry is None:
        return []
    globs, spans = governed(entry)
    return [short_token(prefilter_token(text)) for text in (*globs, *(s.path for s in spans))]


def short_token(token: str) -> str:
    """The last components of ``token`` (a path's literal run), as few as make at least
    ``SHORT`` characters: still a string every payload naming a matching file contains.

    ``grep -F -f`` pays for every byte of its patterns at each start (some 0.1 ms a kB):
    14,000 footprint paths in full cost 35 ms an edit, their file names a tenth of that.
    Two files of one name in different folders then share a token; the Python hook, which
    matches the whole path, sorts them out on the rare edit the prefilter lets through.
    """
    parts = token.split("/")
    kept = parts.pop()
    while parts and len(kept) < SHORT:
        kept = f"{parts.pop()}/{kept}"
    return kept


def has_token_file(gitdir: Path) -> bool:
    return path_tokens.tokens_path(gitdir).exists() or path_tokens.state_path(gitdir).exists()


def refresh(store: Store, gitdir: Path | None = None, *, create: bool = False) -> bool:
    """Bring the token file of the worktree whose git dir is ``gitdir`` (this one by default)
    to its ledgers' tips; only where one exists, unless ``create``.  Whether it was written.

    Never raises for a ledger or file problem: the token file then sends everything to the
    Python hook (``write_catch_all``), and ``doctor`` reports it.
    """
    where = gitdir if gitdir is not None else store.repo.gitdir
    if not create and not has_token_file(where):
        return False
    try:
        wrote = False
        state = path_tokens.read_state(where)
        if state is not None and not path_tokens.tokens_path(where).exists():
            state = None
        for _ in range(ROUNDS):
            # Again after a write: a tip that moved meanwhile (another writer's refresh may
            # have lost the race to ours) is brought in from the state just written.
            tips = _tips(store, where)
            if _reflects(state, tips):
                return wrote
            state, settled = _write(store, where, state, tips)
            if settled:
                return wrote
            wrote = True
        return wrote
    except (LedgerError, OSError, ValueError, KeyError, TypeError, AttributeError):
        path_tokens.write_catch_all(where)
        return True


def refresh_after_write(store: Store, ref: str, *, governs: bool = False) -> None:
    """After a write to ``ref``: every worktree's token file that reflects ``ref`` (the
    project ledger is every worktree's), this worktree's first.  A write that made an entry
    govern code (``governs``) creates this worktree's file where there is none yet, so that
    the pre-tool-use fast path and the post-commit hook see it without an ``install``."""
    for gitdir in _gitdirs(store):
        here = gitdir == store.repo.gitdir
        if here or ref == PROJECT_REF or path_tokens.pointer_of(gitdir) == ref:
            refresh(store, gitdir, create=here and governs)


def status(store: Store, gitdir: Path | None = None) -> TokenStatus:
    """Whether the token file is there and reflects the ledgers as they are now."""
    where = gitdir if gitdir is not None else store.repo.gitdir
    tips = _tips(store, where)
    session_ref, session_commit, project_commit = tips
    counts = _full(store, PROJECT_REF, project_commit)
    if session_ref is not None:
        counts.update(_full(store, session_ref, session_commit))
    wanted = _token_lines(counts)
    held = path_tokens.read_tokens(where)
    if held is None:
        return TokenStatus(where, MISSING, len(wanted), "no token file")
    if sorted(held) != wanted:
        state = path_tokens.read_state(where)
        why = ("its ledgers moved since it was built" if not _reflects(state, tips)
               else "its tokens differ from the ledgers'")
        return TokenStatus(where, STALE, len(wanted), why)
    return TokenStatus(where, FRESH, len(wanted))


def rebuild(store: Store, gitdir: Path | None = None) -> None:
    """Build the token file afresh from the whole ledgers (``doctor --fix``)."""
    where = gitdir if gitdir is not None else store.repo.gitdir
    path_tokens.remove(where)
    refresh(store, where, create=True)


def _rebuild_for_doctor(top: Path) -> str:
    rebuild(Store(Repo(top)))
    return "rebuilt this worktree's path tokens from the ledgers"


registry.on_rebuild("path-tokens", _rebuild_for_doctor)


# -- building ------------------------------------------------------------------------------

Tips = tuple[str | None, str | None, str | None]


def _tips(store: Store, gitdir: Path) -> Tips:
    """(session ref, its tip, the project's tip) for the worktree of ``gitdir``.

    The pointer file is read as it is, never through ``Store.worktree_ref``, which finishes
    an interrupted archive: ``doctor`` without ``--fix`` asks this too, and changes nothing.
    """
    ref = path_tokens.pointer_of(gitdir)
    if ref is not None and not ref.startswith(SESSIONS_PREFIX):
        ref = None
    session = store.tip(ref).commit if ref is not None else None
    return ref, session, store.tip(PROJECT_REF).commit


def _reflects(state: dict[str, Any] | None, tips: Tips) -> bool:
    if state is None or state.get("version") != VERSION:
        return False
    session, project = state.get("session"), state.get("project")
    if not isinstance(session, dict) or not isinstance(project, dict):
        return False
    return (session.get("ref"), session.get("commit"), project.get("commit")) == tips


def _write(store: Store, gitdir: Path, state: dict[str, Any] | None,
           tips: Tips) -> tuple[dict[str, Any], bool]:
    """Write the files for ``tips``, from ``state`` where it can; the new state, and whether
    nothing needed writing (the tips moved by entries that govern nothing, lately)."""
    session_ref, session_commit, project_commit = tips
    usable = state if state is not None and state.get("version") == VERSION else {}
    project, project_settled = _part(store, PROJECT_REF, project_commit,
                                     usable.get("project"))
    session, session_settled = _part(store, session_ref, session_commit,
                                     usable.get("session"))
    if project_settled and session_settled and state is not None:
        return state, True
    parts = {"project": project, "session": session}
    lines = _token_lines(_union(parts))
    # The token file is rewritten only when its lines change (most writes govern nothing).
    same = bool(usable) and lines == _token_lines(_union(usable))
    new = {"version": VERSION, **parts}
    path_tokens.write(gitdir, None if same else lines, new)
    return new, False


def _union(parts: dict[str, Any]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for name in ("project", "session"):
        part = parts.get(name)
        if isinstance(part, dict) and isinstance(part.get("counts"), dict):
            counts.update(part["counts"])
    return counts


def _part(store: Store, ref: str | None, commit: str | None,
          held: Any) -> tuple[dict[str, Any], bool]:
    """One ledger's share of the state at ``commit``: from ``held`` when it is the same
    ledger at an older commit we can diff from, else from the whole tree; and whether
    ``held`` stands as it is (its commit is ``commit``, or older by at most ``LAG`` changed
    entries none of which changed a token: the next refresh diffs from it again, and the
    write the state file would cost, some 60 kB at 5,000 decisions, is saved)."""
    if ref is None or commit is None:
        empty: dict[str, Any] = {"ref": ref, "commit": None, "counts": {}}
        return empty, held == empty
    if (isinstance(held, dict) and held.get("ref") == ref and isinstance(held.get("counts"),
                                                                         dict)):
        if held.get("commit") == commit:
            return held, True
        moved = _moved(store, held.get("commit"), commit)
        if moved is not None:
            delta, changed = moved
            if changed <= LAG and not any(delta.values()):
                return held, True
            counts: Counter[str] = Counter(held["counts"])
            counts.update(delta)
            return {"ref": ref, "commit": commit,
                    "counts": {t: n for t, n in counts.items() if n > 0}}, False
    return {"ref": ref, "commit": commit, "counts": dict(_full(store, ref, commit))}, False


def _full(store: Store, ref: str | None, commit: str | None) -> Counter[str]:
    if ref is None or commit is None:
        return Counter()
    # An entry that cannot be read governs nothing (doctor and check name it).
    entries, _ = read_entries(store, ref, store.view_at(commit))
    return _count(entries)


def _moved(store: Store, old: Any, new: str) -> tuple[Counter[str], int] | None:
    """How the token counts change from commit ``old`` to ``new`` (by the entries that
    changed), and how many entry blobs did; None when ``old`` cannot be read (gone, or not
    a commit)."""
    before = _view_at(store, old)
    if before is None:
        return None
    after = store.view_at(new)
    delta: Counter[str] = Counter()
    changed = 0
    for path, blob_id in before.changed_blobs(after, ENTRIES_DIR):
        changed += 1
        if blob_id is None:  # gone (or replaced: its new blob comes as a second item)
            delta.subtract(_blob_tokens(before.read(path), path))
        else:
            delta.update(_blob_tokens(after.read_blob(blob_id), path))
    return delta, changed


def _blob_tokens(blob: bytes | None, path: str) -> list[str]:
    """``entry_tokens`` of an entry blob; one that names neither key is not decoded (most
    entries govern nothing, and decoding is most of what a refresh costs)."""
    if blob is None or (b"paths" not in blob and b"footprint" not in blob):
        return []
    try:
        return entry_tokens(decode_entry_or_none(blob, path))
    except LedgerError:
        return []


def _view_at(store: Store, commit: Any) -> TreeView | None:
    if not isinstance(commit, str):
        return None
    try:
        return store.view_at(commit)
    except (KeyError, ValueError, CorruptLedger):
        return None


def _count(entries: Iterable[Entry]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in entries:
        counts.update(entry_tokens(entry))
    return counts


def _token_lines(counts: Counter[str] | dict[str, int]) -> list[str]:
    return sorted(token for token, n in counts.items() if n > 0)


def _gitdirs(store: Store) -> list[Path]:
    """This worktree's git dir first, then every other worktree's."""
    mine = store.repo.gitdir
    return [mine, *(g for g in store.worktree_gitdirs() if g != mine)]
