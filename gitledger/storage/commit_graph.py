"""git's commit-graph with changed-path filters, which ``why`` and drift wait for.

``git blame`` reads every commit's tree down the history unless the commit-graph records
which paths each commit changed (Bloom filters): at 40,000 commits a file's blame takes
0.33 s without them and 0.06 s with them.  git carries them once they are written (its
later writes, by ``gc``, ``fetch`` or ``maintenance``, keep them), so ``install`` writes
them once and ``doctor`` reports a long history without them.  The file is git's, read and
written by git's own rules; this module only looks at its chunk table and runs
``git commit-graph``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pygit2

from gitledger.derived.git_cli import REPOSITORY_VARS
from gitledger.errors import RepositoryError
from gitledger.storage.repo import Repo

#: Below this many commits blame is quick without the filters: nothing is said or written.
LONG_HISTORY = 1_000
#: Above this many, a write takes a minute or more: ``install`` leaves it to ``doctor --fix``.
INSTALL_LIMIT = 200_000
#: How long a write may take before it is stopped (git removes its lock on SIGTERM).
WRITE_SECONDS = 600.0
#: The chunk that indexes the filters, in a commit-graph file's table of chunks.
_FILTER_CHUNK = b"BIDX"


@dataclass(frozen=True)
class PathFilters:
    """What the repository's commit-graph holds, and how long its history is."""

    #: Commits reachable from HEAD, counted up to ``counted_to`` (then ``counted_to + 1``);
    #: not counted (0) when the filters are there or git would not use them.
    commits: int
    counted_to: int
    #: The commit-graph git reads records changed paths (False without a graph).
    present: bool
    #: Why git would not use filters here, if it would not ("" when it would).
    unusable: str = ""

    @property
    def wanted(self) -> bool:
        """A history long enough for blame to need them, none recorded, and git would
        use them if they were."""
        return not self.present and not self.unusable and self.commits >= LONG_HISTORY


def path_filters(repo: Repo, count_to: int = LONG_HISTORY) -> PathFilters:
    """The filters' state, with HEAD's history counted up to ``count_to`` commits only
    when they are missing and git would use them."""
    present = _recorded(repo.commondir / "objects")
    unusable = "" if present else _unusable(repo)
    commits = 0 if present or unusable else _count(repo, count_to)
    return PathFilters(commits, count_to, present, unusable)


def write_path_filters(repo: Repo, timeout: float = WRITE_SECONDS) -> float:
    """Have git write the commit-graph of every reachable commit with changed paths (all
    of them, whatever ``commitGraph.maxNewFilters`` says); the seconds it took.  A write
    that fails, runs out of time or leaves no filters git would read raises; git's earlier
    graph is then as it was."""
    args = ["git", "--git-dir", str(repo.gitdir), "commit-graph", "write", "--reachable",
            "--changed-paths", "--max-new-filters=-1", "--no-progress"]
    # The repository is the one opened, whatever the environment names (a git hook's
    # GIT_DIR, GIT_COMMON_DIR), and git asks nothing (a partial clone fetches missing
    # objects).
    env = {name: value for name, value in os.environ.items() if name not in REPOSITORY_VARS}
    begun = time.perf_counter()
    try:
        child = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE, env={**env, "GIT_TERMINAL_PROMPT": "0"})
    except OSError as exc:
        raise RepositoryError(f"cannot run git commit-graph: {exc}") from None
    try:
        _, stderr = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _stop(child)
        raise RepositoryError(f"git commit-graph write took over {timeout:g} s and was "
                              "stopped") from None
    if child.returncode != 0:
        raise RepositoryError("git commit-graph write failed: "
                              f"{stderr.decode('utf-8', 'replace').strip()[:200]}")
    if not _recorded(repo.commondir / "objects"):
        raise RepositoryError("git commit-graph write wrote no changed-path filters")
    return time.perf_counter() - begun


def _stop(child: subprocess.Popen[bytes]) -> None:
    """SIGTERM first, so that git removes its commit-graph.lock; SIGKILL if it lingers."""
    child.send_signal(signal.SIGTERM)
    try:
        child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()


def _unusable(repo: Repo) -> str:
    """Why git would neither write nor read a commit-graph here, or would fetch every tree
    to write one; "" when it would do neither."""
    git = repo.git
    if git.is_shallow:
        return "a shallow clone (git keeps no commit-graph in one)"
    if (repo.commondir / "info" / "grafts").exists() or any(
            name.startswith("refs/replace/") for name in git.references):
        return "replace refs or grafts (git reads no commit-graph with them)"
    try:
        config = git.config
        filters = [entry.value or "" for entry in config
                   if entry.name.startswith("remote.")
                   and entry.name.endswith(".partialclonefilter")]
    except pygit2.GitError:
        filters = []
    if any(value.startswith("tree:") for value in filters):
        return "a treeless partial clone (a write would fetch every tree)"
    return ""


def _count(repo: Repo, limit: int) -> int:
    """Commits reachable from HEAD, stopping at ``limit + 1`` (0 when the history cannot
    be walked: a missing commit is doctor's to report, not this count's)."""
    head = repo.head_commit()
    if head is None:
        return 0
    count = 0
    try:
        for _ in repo.git.walk(head):
            count += 1
            if count > limit:
                break
    except (pygit2.GitError, KeyError, ValueError):
        return 0
    return count


def _recorded(objects: Path) -> bool:
    """Whether the commit-graph git reads records changed paths: the single file when
    there is one (git reads it first), else every layer of a chain; False when there is
    none or it cannot be read."""
    info = objects / "info"
    single = info / "commit-graph"
    chain = info / "commit-graphs" / "commit-graph-chain"
    try:
        if single.exists():
            layers = [single]
        elif chain.is_file():
            layers = [info / "commit-graphs" / f"graph-{line.strip()}.graph"
                      for line in chain.read_text(encoding="ascii").splitlines()
                      if line.strip()]
        else:
            return False
        return bool(layers) and all(_has_filters(layer) for layer in layers)
    except (OSError, UnicodeDecodeError):
        return False


def _has_filters(graph: Path) -> bool:
    """The file's table of chunks (after an 8-byte header naming how many there are)
    lists the filters' index."""
    with graph.open("rb") as handle:
        header = handle.read(8)
        if len(header) != 8 or header[:4] != b"CGPH":
            return False
        table = handle.read(12 * (header[6] + 1))
    return any(table[at:at + 4] == _FILTER_CHUNK for at in range(0, len(table), 12))


__all__ = ["INSTALL_LIMIT", "LONG_HISTORY", "PathFilters", "path_filters",
           "write_path_filters"]
