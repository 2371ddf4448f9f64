"""Every derived artifact kept outside the refs, in one table: its name, where it lives, what
it is computed from, and how ``doctor`` judges and rebuilds it.

Each is a function of the refs, so deleting it is always a correct rebuild.  Owners
register rebuilds from their own layer, so this imports nothing above ``core``.
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gitledger.derived import sqlite
from gitledger.derived.files import CACHE_DIR

#: Where an artifact lives: the shared cache folder of the common git dir, the common git
#: dir itself, or a worktree's own git dir.
CACHE, COMMON, WORKTREE = "ledger-cache", "common git dir", "worktree git dir"

#: The states ``doctor`` reports.
FRESH, STALE, MISSING, DAMAGED = "fresh", "stale", "missing", "damaged"


@dataclass(frozen=True)
class Artifact:
    """One derived artifact: ``patterns`` are its file names (globs) in ``place``."""

    name: str
    place: str
    patterns: tuple[str, ...]
    #: The layout version its owner writes (``version`` in a JSON file, ``user_version``
    #: of an index); None for a plain text file, keyed inside.
    version: int | None
    #: What it is computed from: a change to any of them is a miss, never a wrong answer.
    inputs: str
    #: The module that writes it.
    owner: str
    kind: str = "json"  # "json", "jsonl" (a JSON header line first), "sqlite" or "text"


ARTIFACTS: tuple[Artifact, ...] = (
    Artifact("project-index", CACHE, ("project.json",), 5,
             "the project ledger's tip and the reader's identity", "ledger.project_index"),
    Artifact("restore-digest", CACHE, ("digest.json",), 1,
             "the project ledger's entries tree", "ledger.digest"),
    Artifact("entry-cache", CACHE, ("entries-*.json",), 6,
             "entry blobs, by id (a parse never goes stale)", "storage.entry_cache"),
    Artifact("provenance", CACHE, ("provenance-*.json",), 2,
             "a ledger's commits: who wrote and last changed each entry",
             "storage.provenance"),
    Artifact("provenance-log", CACHE, ("provenance-*.log",), None,
             "a ledger's commits: the records each commit set (a commit's never change)",
             "storage.provenance", "text"),
    Artifact("commit-spans", CACHE, ("commit-spans.json",), 1,
             "commits, by id (what a commit changed never changes)", "storage.span_cache"),
    Artifact("check-findings", CACHE, ("check.json",), 1,
             "every ref a check's findings depend on, HEAD and the gitledger version",
             "storage.check_cache"),
    Artifact("conflicts", CACHE, ("conflicts.json",), 1,
             "the project ledger's tip and the mirrors a pull merged", "storage.conflict_cache"),
    Artifact("month-index", CACHE, ("months.json",), 2,
             "the tips of the month chains", "storage.month_chains"),
    Artifact("decision-index", CACHE, ("decisions.sqlite3", "decisions.sqlite3-*"), 3,
             "each ledger's tip (diffed from the tip it was indexed at)",
             "ledger.decision_index", "sqlite"),
    Artifact("link-index", CACHE, ("links.sqlite3", "links.sqlite3-*"), 2,
             "each ledger's tip (diffed from the tip it was indexed at)", "ledger.link_index",
             "sqlite"),
    Artifact("search-index", CACHE, ("search.sqlite3", "search.sqlite3-*"), 4,
             "every ledger's tip and the saved transcripts", "search.index", "sqlite"),
    Artifact("signature-verdicts", COMMON, ("ledger-signatures.json",), None,
             "each signed ledger tip and the keys that verified it", "storage.signatures"),
    Artifact("restore-output", WORKTREE, ("ledger-restore.json",), 1,
             "every ref under refs/ledger/, the pointer, the identity, the month, the "
             "sessions' edited decisions; HEAD and the drift file for a block that shows a "
             "footprint or holds decisions that govern code", "derived.restore_cache"),
    Artifact("check-output", WORKTREE, ("ledger-check.json",), 1,
             "every ref, HEAD, the pointer and the gitledger version",
             "derived.check_output"),
    Artifact("governing-entries", WORKTREE, ("ledger-governing.jsonl", "ledger-governing.json"),
             4, "the session and project ledgers' tips and the identity",
             "derived.governing_cache", "jsonl"),
    Artifact("drift", WORKTREE, ("ledger-drift.json",), 2,
             "each decision's footprint and the blobs it names at HEAD",
             "storage.drift_cache"),
    Artifact("path-tokens", WORKTREE, ("ledger-paths", "ledger-paths.json"), None,
             "the ledgers' tips: the paths their entries govern", "derived.path_tokens",
             "text"),
    Artifact("checkout-line", WORKTREE, ("ledger-checkout",), None,
             "the worktree's ledger: the line post-checkout prints", "ledger.checkout",
             "text"),
)

BY_NAME = {artifact.name: artifact for artifact in ARTIFACTS}

#: How an owner rebuilds its artifact at once, given the worktree's top: a line saying
#: what it did, or None.  Artifacts without one are rebuilt by deletion (on next use).
Rebuild = Callable[[Path], str | None]
_REBUILDERS: dict[str, Rebuild] = {}


def on_rebuild(name: str, rebuild: Rebuild) -> None:
    """Register how artifact ``name`` is rebuilt at once (its owner's call, at import)."""
    if name not in BY_NAME:
        raise KeyError(name)
    _REBUILDERS[name] = rebuild


def folder(artifact: Artifact, commondir: Path, gitdir: Path) -> Path:
    """The directory ``artifact``'s files are in."""
    if artifact.place == CACHE:
        return commondir / CACHE_DIR
    return commondir if artifact.place == COMMON else gitdir


def files_of(artifact: Artifact, commondir: Path, gitdir: Path) -> list[Path]:
    """The files of ``artifact`` that exist now."""
    where = folder(artifact, commondir, gitdir)
    try:
        names = sorted(os.listdir(where))
    except OSError:
        return []
    return [where / name for name in names
            if any(fnmatch.fnmatchcase(name, p) for p in artifact.patterns)
            and (where / name).is_file()]


def owner_of(path: Path, commondir: Path, gitdir: Path) -> Artifact | None:
    """The artifact ``path`` is a file of, if any."""
    for artifact in ARTIFACTS:
        if path.parent == folder(artifact, commondir, gitdir) and any(
                fnmatch.fnmatchcase(path.name, p) for p in artifact.patterns):
            return artifact
    return None


def state(artifact: Artifact, commondir: Path, gitdir: Path) -> str:
    """``missing`` (no file), ``damaged`` (a file its owner cannot read), ``stale`` (of
    another layout version: its owner ignores it and writes it again) or ``fresh``
    (readable at its version; whether its key still holds is asked at each use)."""
    found = files_of(artifact, commondir, gitdir)
    if not found:
        return MISSING
    states = [_state_of(artifact, path) for path in found]
    for worst in (DAMAGED, STALE):
        if worst in states:
            return worst
    return FRESH


def _state_of(artifact: Artifact, path: Path) -> str:
    if artifact.kind == "sqlite":
        if path.name.endswith(("-wal", "-shm")):
            return FRESH
        schema = sqlite.Schema(artifact.version or 0, (), ())
        if sqlite.problem(path, schema) is not None:
            return DAMAGED
        return FRESH if sqlite.version_of(path) in (artifact.version, 0) else STALE
    try:
        data = path.read_bytes()
    except OSError:
        return DAMAGED
    if artifact.kind == "text" or not path.name.endswith((".json", ".jsonl")):
        return FRESH
    try:
        # JSON lines: the first line is the header that holds the version.
        loaded = json.loads(data.split(b"\n", 1)[0] if path.name.endswith(".jsonl") else data)
    except (ValueError, RecursionError):
        return DAMAGED
    if not isinstance(loaded, dict):
        return DAMAGED
    if artifact.version is not None and loaded.get("version") != artifact.version:
        return STALE
    return FRESH


def rebuild(artifact: Artifact, commondir: Path, gitdir: Path, top: Path) -> str:
    """Rebuild ``artifact``: its owner's way when it registered one, else delete its files
    (the next use makes them again); a line saying what was done."""
    removed = 0
    for path in files_of(artifact, commondir, gitdir):
        if artifact.kind == "sqlite":
            removed += sqlite.remove(path)
            continue
        with contextlib.suppress(OSError):
            path.unlink()
            removed += 1
    rebuilt = _REBUILDERS.get(artifact.name)
    if rebuilt is not None:
        said = rebuilt(top)
        if said:
            return said
    return f"deleted {artifact.name} ({removed} files; rebuilt on demand)"


def listing(commondir: Path, gitdir: Path) -> Iterator[tuple[Artifact, Path, str]]:
    """Each artifact with its folder and its state."""
    for artifact in ARTIFACTS:
        yield artifact, folder(artifact, commondir, gitdir), state(artifact, commondir, gitdir)


__all__ = ["ARTIFACTS", "BY_NAME", "CACHE", "COMMON", "DAMAGED", "FRESH", "MISSING", "STALE",
           "WORKTREE", "Artifact", "Rebuild", "files_of", "folder", "listing", "on_rebuild",
           "owner_of", "rebuild", "state"]
