"""The last ``drift`` result (``<git dir>/ledger-drift.json``), for the restore block.

Restore runs at every agent start and must not blame, so it reads these records: each is
fresh while its key (the decision's status, footprint, evidence) and the blobs its footprint
names at HEAD are unchanged.  A cache only; imports no ``subprocess`` and walks no commits.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

import pygit2

from gitledger.core.model import Entry, git_evidence
from gitledger.derived.files import write_whole
from gitledger.storage.layout import DRIFT_FILE
from gitledger.storage.repo import Repo

CACHE_FILE = DRIFT_FILE
VERSION = 2


@dataclass(frozen=True)
class CachedDrift:
    """One decision's drift as last computed: drifted lines (0: none), how many commits,
    how many of its files are deleted, and the files its footprint names now."""

    entry: str
    lines: int
    commits: int
    deleted: int
    files: dict[str, str | None]  # path now -> its blob at HEAD then (None: deleted)
    key: str = ""  # the decision's drift_key, when read back from the cache


def drift_key(entry: Entry) -> str:
    """What a decision's drift depends on in the ledger, hashed."""
    parts = [entry.id, entry.status or "", *sorted(entry.footprint),
             *sorted(git_evidence(entry))]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:32]


def blob_id(repo: Repo, commit: str, path: str) -> str | None:
    """The blob ``path`` names in ``commit`` (None when it is no file there)."""
    try:
        obj = repo.git.get(commit)
        if not isinstance(obj, pygit2.Commit):
            return None
        found = obj.tree[path]
    except (KeyError, ValueError, pygit2.GitError):
        return None
    return str(found.id) if isinstance(found, pygit2.Blob) else None


def write_cache(repo: Repo, records: list[tuple[str, CachedDrift]], *,
                whole: bool = True) -> None:
    """Keep ``records`` (a decision's key and its drift) for restore: all of them
    (``whole``), or these decisions' records updated and the others' kept."""
    path = repo.gitdir / CACHE_FILE
    kept: dict[str, object] = {}
    if not whole:
        try:
            body = json.loads(path.read_text(encoding="utf-8"))
            if body.get("version") == VERSION and isinstance(body.get("decisions"), dict):
                kept = body["decisions"]
        except (OSError, ValueError, AttributeError):
            kept = {}
    fresh = {drift.entry: {"key": key, "lines": drift.lines, "commits": drift.commits,
                           "deleted": drift.deleted, "files": drift.files}
             for key, drift in records}
    if not whole and all(kept.get(entry) == record for entry, record in fresh.items()):
        return  # what it holds already: a year's file is megabytes to write again
    kept.update(fresh)
    with contextlib.suppress(OSError):  # a cache that cannot be written is only slower
        write_whole(path, json.dumps({"version": VERSION, "decisions": kept}, sort_keys=True))


def cached_drift(repo: Repo, entries: list[Entry]) -> list[CachedDrift]:
    """The drifted ones of ``entries`` (decisions in force with a footprint) whose record
    in the cache is fresh; a decision without a fresh record is not known to drift."""
    return [c for c in fresh_records(repo, entries) if c.lines or c.deleted]


def fresh_records(repo: Repo, entries: list[Entry]) -> list[CachedDrift]:
    """The records of ``entries`` in the cache that are fresh (the key matches and every
    file is the same blob at HEAD), drifted or not: ``drift`` need not blame those again."""
    head = repo.head_commit()
    if head is None or not entries:
        return []
    records = _records(repo)
    if records is None:
        return []
    found: list[CachedDrift] = []
    at_head = _blobs_at(repo, head)
    for entry in entries:
        record = records.get(entry.id)
        key = drift_key(entry)
        if not isinstance(record, dict) or record.get("key") != key:
            continue
        try:
            cached = CachedDrift(entry.id, int(record["lines"]), int(record["commits"]),
                                 int(record["deleted"]), dict(record["files"]), key)
        except (KeyError, TypeError, ValueError):
            continue
        if all(at_head(path) == blob for path, blob in cached.files.items()):
            found.append(cached)
    return found


def watched_files(repo: Repo) -> dict[str, frozenset[str]] | None:
    """Each decision the cache holds a record of → the files that record watches at HEAD
    (those its footprint names now, after renames); None when there is no cache."""
    records = _records(repo)
    if records is None:
        return None
    found: dict[str, frozenset[str]] = {}
    for entry_id, record in records.items():
        files = record.get("files") if isinstance(record, dict) else None
        if isinstance(files, dict):
            found[entry_id] = frozenset(str(path) for path in files)
    return found


def _records(repo: Repo) -> dict[str, object] | None:
    try:
        body = json.loads((repo.gitdir / CACHE_FILE).read_text(encoding="utf-8"))
        records = body["decisions"] if body.get("version") == VERSION else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return records if isinstance(records, dict) else None


def _blobs_at(repo: Repo, commit: str) -> Callable[[str], str | None]:
    """``blob_id`` at one commit, each path looked up once: a year's 20,000 decisions
    name a few thousand files."""
    seen: dict[str, str | None] = {}

    def at(path: str) -> str | None:
        if path not in seen:
            seen[path] = blob_id(repo, commit, path)
        return seen[path]

    return at


__all__ = ["CACHE_FILE", "CachedDrift", "blob_id", "cached_drift", "drift_key", "fresh_records",
           "watched_files", "write_cache"]
