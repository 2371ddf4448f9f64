"""The code a commit changed, as footprint spans: what a decision it implements governs.

One diff of the commit against its first parent (a root commit: against the empty tree),
with rename detection, no context lines, and one span per changed file of the new version:

* the lines it added or changed, merged into ranges;
* a change that only removes lines is kept as the line before the removal (the line they
  were removed at), so the file still points at the decision that cut it;
* the whole file (no ranges) for a binary file, a change of mode only, a new empty file,
  a file emptied, a submodule;
* a renamed file under its new path; a deleted file is left out (no code is left to govern).

At most ``MAX_SPANS`` spans, by path: a commit touching thousands of files governs them
no better than its top-level directories would.  Only pygit2 here; the ledger turns spans
into an entry's ``footprint`` (``ledger/deciding.py``).
"""

from __future__ import annotations

import pygit2
from pygit2.enums import DeltaStatus, DiffFind, DiffOption

from gitledger.core.footprint import MAX_SPANS, Lines, Span, merge_lines
from gitledger.errors import InvalidInput
from gitledger.storage.repo import Repo

_GITLINK = 0o160000
#: Renames only: copy detection reads every unmodified file of the tree.
_FIND = DiffFind.FIND_RENAMES


def commit_spans(repo: Repo, sha: str) -> list[Span]:
    """The spans of the files ``sha`` changed, sorted by path (InvalidInput: no commit)."""
    try:
        commit = repo.git[sha].peel(pygit2.Commit)
    except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
        raise InvalidInput(f"'{sha}' names no commit in this repository") from None
    full = str(commit.id)
    flags = DiffOption.NORMAL
    if commit.parents:
        diff = commit.parents[0].tree.diff_to_tree(commit.tree, flags=flags, context_lines=0)
    else:
        diff = commit.tree.diff_to_tree(flags=flags, context_lines=0, swap=True)
    diff.find_similar(flags=_FIND)
    found: dict[str, Lines] = {}
    for patch in diff:
        if patch is None:
            continue
        delta = patch.delta
        if delta.status == DeltaStatus.DELETED:
            continue
        found[delta.new_file.path] = _lines(patch)
    paths = sorted(found)[:MAX_SPANS]
    return [Span(full, path, found[path]) for path in paths]


def _lines(patch: pygit2.Patch) -> Lines:
    """The new version's changed lines of one file; empty for the whole file."""
    delta = patch.delta
    if delta.is_binary or delta.new_file.mode == _GITLINK or not patch.hunks:
        return ()
    ranges: list[tuple[int, int]] = []
    for hunk in patch.hunks:
        if hunk.new_lines:
            ranges.append((hunk.new_start, hunk.new_start + hunk.new_lines - 1))
        elif hunk.new_start >= 1 or delta.new_file.size:
            # Lines removed after line new_start (0: before the first line): where they were.
            line = max(hunk.new_start, 1)
            ranges.append((line, line))
    return merge_lines(ranges)


__all__ = ["commit_spans"]
