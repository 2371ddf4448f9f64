"""The spans each commit changed (``commit_spans``), kept by commit in ``ledger-cache/``.

A teammate's decision governs only what its evidence derives here, never the footprint
their blob stores, so those footprints are derived again on every read of the ledgers
that govern code; a commit never changes, so its spans are derived once.  A read may
derive at most ``budget`` new commits: the pre-tool-use hook has seconds, and a clone's
first read of a year of a team's decisions must still make progress call by call.
"""

from __future__ import annotations

from collections.abc import Callable

from gitledger.derived.files import CACHE_DIR, load_versioned, save_json
from gitledger.errors import InvalidInput
from gitledger.storage.commit_spans import commit_spans
from gitledger.storage.repo import Repo

CACHE_FILE = "commit-spans.json"
VERSION = 1
#: A cache holding more commits than this is started again (it only saves diffs).
MAX_COMMITS = 100_000


class CommitSpans:
    """Each commit's spans as strings (``<commit> <lines> <path>``), read from the cache
    or derived, ``keep`` deciding which of a commit's paths a footprint may hold."""

    def __init__(self, repo: Repo, keep: Callable[[str], bool], budget: int) -> None:
        self.repo = repo
        self.keep = keep
        self.budget = budget
        self.path = repo.commondir / CACHE_DIR / CACHE_FILE
        loaded = load_versioned(self.path, VERSION, "spans")
        self.known: dict[str, list[str]] = {
            sha: spans for sha, spans in loaded.items()
            if isinstance(spans, list) and all(isinstance(s, str) for s in spans)
        } if len(loaded) <= MAX_COMMITS else {}
        self.added = 0
        #: Whether a commit was left underived this read (the budget ran out).
        self.short = False

    def of(self, full: str) -> list[str] | None:
        """The spans of commit ``full`` (a full id this repository has); None when the
        budget of new diffs is spent."""
        found = self.known.get(full)
        if found is not None:
            return found
        if self.added >= self.budget:
            self.short = True
            return None
        try:
            found = [str(span) for span in commit_spans(self.repo, full)
                     if self.keep(span.path)]
        except InvalidInput:
            found = []
        self.known[full] = found
        self.added += 1
        return found

    def save(self) -> None:
        """Keep what this read derived (a read-only git dir goes without)."""
        if self.added:
            save_json(self.path, {"version": VERSION, "spans": self.known})


__all__ = ["CACHE_FILE", "MAX_COMMITS", "VERSION", "CommitSpans"]
