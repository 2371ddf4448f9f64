"""What the code's history says: revisions, ancestry, reachability and file versions.

It answers what ``decide``, ``implement``, ``deploy`` and ``check`` ask of the commits a
decision cites; like ``store`` it talks to pygit2, so the modules above see only shas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

import pygit2

from gitledger.errors import InvalidInput
from gitledger.storage.blame import forward_blame
from gitledger.storage.layout import LEDGER_NAMESPACE
from gitledger.storage.repo import Repo
from gitledger.storage.signatures import author_of

#: Refs whose history counts as "the code": a commit reachable from none of them (nor
#: from the keep-alive chain) is one ``git gc`` will delete.
_CODE_PREFIXES = ("refs/heads/", "refs/remotes/", "refs/tags/")
_FULL_SHA = re.compile(r"[0-9a-f]{40}")
_SHA_PREFIX = re.compile(r"[0-9a-fA-F]{4,40}")


@dataclass(frozen=True)
class CommitSummary:
    """A commit as a reviewer sees it cited: its subject, author, time and diff stat."""

    sha: str
    subject: str
    author: str
    time: datetime
    files: int
    #: None when the commit changed more than ``COUNTED_FILES`` files: not counted.
    insertions: int | None
    deletions: int | None
    #: The files it changed (the first ``SUMMARY_FILES``), with lines added and deleted.
    paths: tuple[tuple[str, int, int], ...]


#: The most files a ``CommitSummary`` names.
SUMMARY_FILES = 20
#: Above this many changed files, lines are not counted (a whole vendored tree would
#: take seconds to diff line by line).
COUNTED_FILES = 1000


class CommitGraph:
    """Read-only questions about the commits of one repository."""

    def __init__(self, repo: Repo) -> None:
        self.repo = repo
        self.git = repo.git
        self._tips: list[pygit2.Oid] | None = None

    def resolve(self, rev: str, label: str | None = None) -> str:
        """The full sha of the commit ``rev`` names, or InvalidInput saying why not.

        ``label`` is how the error names what was given (default: ``'<rev>'``).
        """
        named = label or f"'{rev}'"
        if not rev or rev.startswith("-") or any(c.isspace() for c in rev):
            raise InvalidInput(f"{named} is not a revision")
        try:
            obj = self.git.revparse_single(rev)
            commit = obj.peel(pygit2.Commit)
        except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            raise InvalidInput(f"{named} names no commit in this repository") from None
        return str(commit.id)

    def exists(self, sha: str) -> bool:
        """Whether ``sha`` (full or abbreviated) is a commit in the object database."""
        return self._commit(sha) is not None

    def full(self, sha: str) -> str | None:
        """The full sha of the commit ``sha`` abbreviates, or None.

        A full sha is only looked up in the object database's index, not read: a check
        asks this of every commit every decision cites.
        """
        oid = self._oid(sha)
        return str(oid) if oid is not None else None

    def contains(self, descendant: str, ancestor: str) -> bool:
        """Whether ``descendant``'s history contains ``ancestor`` (or they are the same)."""
        new, old = self._oid(descendant), self._oid(ancestor)
        if new is None or old is None:
            return False
        return new == old or self.git.descendant_of(new, old)

    def reachable(self, sha: str) -> bool:
        """Whether a branch, tag or remote-tracking ref (or HEAD) reaches ``sha``."""
        oid = self._oid(sha)
        if oid is None:
            return False
        return any(tip == oid or self.git.descendant_of(tip, oid) for tip in self._code_tips())

    def roots(self) -> list[str]:
        """What ``reachable`` starts from: every branch, tag and remote-tracking tip, and
        HEAD.  While each of a set of roots is still reachable, so is everything they
        reached."""
        return [str(tip) for tip in self._code_tips()]

    def changed_paths(self, old: str, new: str) -> set[str] | None:
        """The files that differ between the trees of commits ``old`` and ``new`` (both
        sides of a rename), or None when one of them is no commit here."""
        before, after = self._commit(old), self._commit(new)
        if before is None or after is None:
            return None
        found: set[str] = set()
        for delta in before.tree.diff_to_tree(after.tree).deltas:
            found.update(p for p in (delta.old_file.path, delta.new_file.path) if p)
        return found

    def path_ids(self, commit: str, paths: list[str]) -> dict[str, str | None]:
        """The object id of each path in ``commit``'s tree (None where it is absent)."""
        found = self._commit(commit)
        out: dict[str, str | None] = {}
        for path in paths:
            if found is None:
                out[path] = None
                continue
            try:
                out[path] = str(found.tree[path].id)
            except (KeyError, ValueError):
                out[path] = None
        return out

    def message(self, sha: str) -> str:
        """The message of commit ``sha`` ("" when there is no such commit)."""
        commit = self._commit(sha)
        return commit.message if commit is not None else ""

    def head(self) -> str | None:
        return self.repo.head_commit()

    def summary(self, sha: str) -> CommitSummary | None:
        """What commit ``sha`` (full or abbreviated) changed against its first parent, or
        None when there is no such commit here."""
        commit = self._commit(sha)
        if commit is None:
            return None
        if commit.parents:
            diff = self.git.diff(commit.parents[0], commit)
        else:
            diff = commit.tree.diff_to_tree(swap=True)
        files = len(diff)
        paths: list[tuple[str, int, int]] = []
        insertions: int | None = None
        deletions: int | None = None
        if files <= COUNTED_FILES:
            stats = diff.stats
            insertions, deletions = stats.insertions, stats.deletions
            for patch in diff:
                if patch is None or len(paths) >= SUMMARY_FILES:
                    break
                _, added, deleted = patch.line_stats
                paths.append((patch.delta.new_file.path, added, deleted))
        return CommitSummary(
            str(commit.id), commit.message.split("\n", 1)[0].strip(),
            f"{author_of(commit).name} <{author_of(commit).email}>",
            datetime.fromtimestamp(commit.commit_time, UTC), files,
            insertions, deletions, tuple(paths))

    def line_count(self, commit: str, path: str) -> int | None:
        """How many lines the file ``path`` has in ``commit`` (None when it is no file there:
        absent, a directory or a submodule)."""
        found = self._commit(commit)
        if found is None or not path:
            return None
        try:
            obj = found.tree[path]
        except (KeyError, ValueError):
            return None
        if not isinstance(obj, pygit2.Blob):
            return None
        data = obj.data
        return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)

    def blame(self, commit: str, path: str, first: int, last: int) -> list[tuple[str, int, int]]:
        """Which commit last changed each of lines ``first``..``last`` (1-based, inclusive)
        of ``path`` as of ``commit``: (sha, first line, last line) hunks, in line order."""
        return forward_blame(self.repo, commit, path, first, last)

    def newest_first(self, shas: list[str]) -> list[str]:
        """``shas`` (full commit ids) ordered newest first: by commit time, and a child
        before its parent among commits made in the same second.

        No walk of the history: the topological walk this was took 1.2 s of a ``why`` in a
        year's repository (it visits every commit down to the root).  Only the clocks of
        commits made in the same second are not trusted; a parent whose clock ran ahead of
        its child's (skew between machines) is listed before it."""
        found = {sha: commit for sha in dict.fromkeys(shas)
                 if (commit := self._commit(sha)) is not None and str(commit.id) == sha}
        by_time = sorted(found, key=lambda sha: (-found[sha].commit_time, sha))
        ordered: list[str] = []
        for sha in by_time:
            when = found[sha].commit_time
            # Before the first commit of its second that it descends from, if any.
            at = next((i for i, other in enumerate(ordered)
                       if found[other].commit_time == when
                       and self.git.descendant_of(found[sha].id, found[other].id)),
                      len(ordered))
            ordered.insert(at, sha)
        return ordered

    def ref_commit(self, ref: str) -> str | None:
        """The commit ``ref`` points at, through annotated tags (None when it is missing)."""
        try:
            return str(self.git.references[ref].peel(pygit2.Commit).id)
        except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            return None

    def _oid(self, sha: str) -> pygit2.Oid | None:
        if _FULL_SHA.fullmatch(sha):
            oid = pygit2.Oid(hex=sha)
            return oid if oid in self.git.odb else None
        commit = self._commit(sha)
        return commit.id if commit is not None else None

    def _commit(self, sha: str) -> pygit2.Commit | None:
        if not _SHA_PREFIX.fullmatch(sha):
            return None
        try:
            obj = self.git.get(sha) if len(sha) == 40 else self.git.revparse_single(sha)
        except (KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            return None
        return obj if isinstance(obj, pygit2.Commit) else None

    def _code_tips(self) -> list[pygit2.Oid]:
        if self._tips is None:
            tips: set[pygit2.Oid] = set()
            for name in self.git.references:
                if name.startswith(LEDGER_NAMESPACE) or not name.startswith(_CODE_PREFIXES):
                    continue
                try:
                    target = self.git.references[name].peel(pygit2.Commit).id
                except (KeyError, ValueError, pygit2.GitError):
                    continue
                tips.add(target)
            if not self.git.head_is_unborn:
                head = self.git.head.target  # a detached HEAD counts too
                if isinstance(head, pygit2.Oid):
                    tips.add(head)
            self._tips = sorted(tips, key=str)
        return self._tips
