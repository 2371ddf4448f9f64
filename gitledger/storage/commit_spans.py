"""The code a commit changed, as footprint spans: what a decision it implements governs.

One diff against the first parent: changed lines merged into ranges, a pure removal kept as
the line it was removed at, the whole file when lines mean nothing (binary, mode, empty),
deleted files left out; at most ``MAX_SPANS``.  ``ledger/deciding.py`` makes the footprint.
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
