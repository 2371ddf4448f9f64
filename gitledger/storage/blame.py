"""Reverse blame (where the lines a commit wrote went, for ``drift``) and forward blame
(where a file's lines came from, for ``why``), plus the commit walks around them.
Both blames run the user's git: libgit2 has no ``--reverse`` and no copy or move tracking,
and its forward blame is far slower than git's with a commit-graph.  The rest is pygit2.
"""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime

import pygit2
from pygit2.enums import SortMode

from gitledger.core.footprint import Lines
from gitledger.errors import RepositoryError
from gitledger.storage.drift_cache import blob_id
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import author_of

#: A porcelain header line: the commit, the line's number in that commit's version, its
#: number in the blamed version (with ``--reverse``, the start commit's), and (on a group's
#: first line) how many lines follow.
_HEADER = re.compile(r"([0-9a-f]{40}) (\d+) (\d+)(?: \d+)?")
#: One file's reverse blame is bounded: a footprint file is a source file, not a log.
BLAME_SECONDS = 30.0


@dataclass(frozen=True)
class LastSeen:
    """Line ``line`` of the file as the start commit has it last existed in ``commit``,
    where the file was called ``path``."""

    line: int
    commit: str
    path: str


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    author: str
    date: datetime
    subject: str


def forward_blame(repo: Repo, commit: str, path: str, first: int,
                  last: int) -> list[tuple[str, int, int]]:
    """Which commit last changed each of lines ``first``..``last`` (1-based, inclusive) of
    ``path`` as ``commit`` has it: (sha, first line, last line) runs, in line order."""
    # blame.ignoreRevsFile emptied: a user's list of commits to skip would move lines onto
    # other commits, and a missing file named there would fail the blame.
    args = ["git", "--git-dir", str(repo.gitdir), "-c", "blame.ignoreRevsFile=", "blame",
            "--porcelain", f"-L{first},{last}", commit, "--", path]
    lines = _run_blame(args, path)
    runs: list[tuple[str, int, int]] = []
    for line in lines.split("\n"):
        match = _HEADER.fullmatch(line)
        if not match:
            continue
        sha, number = match[1], int(match[3])
        if runs and runs[-1][0] == sha and runs[-1][2] + 1 == number:
            runs[-1] = (sha, runs[-1][1], number)
        else:
            runs.append((sha, number, number))
    return runs


def reverse_blame(repo: Repo, start: str, end: str, path: str, lines: Lines) -> list[LastSeen]:
    """For each of ``lines`` (all when empty) of ``path`` in ``start``, the last commit of
    ``start..end`` (or ``start`` itself) in which it existed, following renames and moves."""
    # quotePath off: the porcelain names a renamed file as it is, not C-quoted.
    args = ["git", "-C", str(repo.workdir), "-c", "core.quotePath=false", "blame", "--reverse",
            "--porcelain", "-M", "-C"]
    args += [f"-L{first},{last}" for first, last in lines]
    args += [f"{start}..{end}", "--", path]
    return _parse_porcelain(_run_blame(args, path))


def _run_blame(args: list[str], path: str) -> str:
    env = {**os.environ, "LC_ALL": "C", "LANGUAGE": "C"}
    env.pop("GIT_INDEX_FILE", None)
    try:
        done = subprocess.run(args, capture_output=True, env=env, check=False,
                              timeout=BLAME_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RepositoryError(f"cannot run git blame on {path}: {exc}") from None
    if done.returncode != 0:
        raise RepositoryError(f"git blame {path} failed: "
                              f"{done.stderr.decode('utf-8', 'replace').strip()[:200]}")
    return done.stdout.decode("utf-8", "replace")


def _parse_porcelain(text: str) -> list[LastSeen]:
    seen: list[LastSeen] = []
    names: dict[str, str] = {}
    current: tuple[str, int] | None = None
    for line in text.split("\n"):
        if line.startswith("\t"):
            if current is not None:
                sha, number = current
                seen.append(LastSeen(number, sha, names.get(sha, "")))
            current = None
            continue
        match = _HEADER.fullmatch(line)
        if match:
            # --reverse: the second number is the line in ``start``, the one asked about.
            current = (match[1], int(match[3]))
        elif line.startswith("filename ") and current is not None:
            names[current[0]] = unquote(line.removeprefix("filename "))
    return seen


_ESCAPES = {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, '"': 34, "\\": 92}


def unquote(name: str) -> str:
    """A path as git prints it: C-quoted (``"we\\033[31m.py"``) when it holds a control
    character, a quote or a backslash; the path itself either way."""
    if len(name) < 2 or not (name.startswith('"') and name.endswith('"')):
        return name
    body, out, i = name[1:-1], bytearray(), 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if len(body[i + 1:i + 4]) == 3 and all(c in "01234567" for c in body[i + 1:i + 4]):
                out.append(int(body[i + 1:i + 4], 8) & 0xFF)
                i += 4
                continue
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
                continue
        out += char.encode("utf-8")
        i += 1
    return out.decode("utf-8", "replace")


def children(repo: Repo, start: str, end: str) -> dict[str, list[str]]:
    """Each commit of ``start..end`` (and ``start``) mapped to its children in that range."""
    found: dict[str, list[str]] = {}
    walker = repo.git.walk(pygit2.Oid(hex=end), SortMode.TOPOLOGICAL)
    walker.hide(pygit2.Oid(hex=start))
    for commit in walker:
        for parent in commit.parent_ids:
            found.setdefault(str(parent), []).append(str(commit.id))
    return found


def range_commits(repo: Repo, start: str, end: str) -> list[str]:
    """The commits of ``start..end``, newest first."""
    walker = repo.git.walk(pygit2.Oid(hex=end), SortMode.TOPOLOGICAL | SortMode.TIME)
    walker.hide(pygit2.Oid(hex=start))
    return [str(commit.id) for commit in walker]


def line_count(repo: Repo, commit: str, path: str) -> int | None:
    blob = blob_id(repo, commit, path)
    if blob is None:
        return None
    data: bytes = repo.git.get(blob).data  # type: ignore[union-attr]
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def changed_paths(repo: Repo, sha: str) -> set[str]:
    """The paths commit ``sha`` changed against its first parent, both names of a rename."""
    commit = repo.git.get(sha)
    if not isinstance(commit, pygit2.Commit):
        return set()
    if commit.parents:
        diff = commit.parents[0].tree.diff_to_tree(commit.tree)
    else:
        diff = commit.tree.diff_to_tree(swap=True)
    diff.find_similar()
    found: set[str] = set()
    for delta in diff.deltas:
        found.update((delta.old_file.path, delta.new_file.path))
    return found


#: ``changed_since`` looks back this many commits at most, and names this many files.
CHANGED_WALK = 500
CHANGED_PATHS = 2000


def changed_since(repo: Repo, when: datetime, *, walk: int = CHANGED_WALK,
                  most: int = CHANGED_PATHS) -> set[str]:
    """The files HEAD changed since ``when``: against the newest commit of its first-parent
    line made before then (or the empty tree, when every commit is newer), one tree diff;
    at most ``most`` paths, and at most ``walk`` commits looked back."""
    if repo.git.head_is_unborn:
        return set()
    head = repo.git.head.peel(pygit2.Commit)
    limit = int(when.timestamp())
    base: pygit2.Commit | None = head
    for _ in range(walk):
        if base is None or base.commit_time < limit:
            break
        base = base.parents[0] if base.parents else None
    if base is not None and base.id == head.id:
        return set()
    diff = (base.tree.diff_to_tree(head.tree) if base is not None
            else head.tree.diff_to_tree(swap=True))
    found: set[str] = set()
    for delta in diff.deltas:
        found.update(p for p in (delta.old_file.path, delta.new_file.path) if p)
        if len(found) >= most:
            break
    return found


def commit_info(repo: Repo, sha: str) -> CommitInfo:
    commit = repo.git.get(sha)
    assert isinstance(commit, pygit2.Commit)
    author = author_of(commit)
    when = datetime.fromtimestamp(author.time, UTC)
    subject = commit.message.split("\n", 1)[0]
    return CommitInfo(sha, f"{author.name} <{author.email}>", when, subject)


__all__ = ["BLAME_SECONDS", "CommitInfo", "LastSeen", "changed_paths", "children", "commit_info",
           "line_count", "range_commits", "reverse_blame", "unquote"]
