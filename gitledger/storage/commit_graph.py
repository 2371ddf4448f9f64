"""git's commit-graph with changed-path filters, which ``why`` and drift wait for.

``git blame`` reads every commit's tree down the history unless the commit-graph records
which paths each commit changed (Bloom filters): at 40,000 commits a file's blame takes
0.33 s without them and 0.06 s with them.  git carries them once they are written (its
later writes, by ``gc`` or ``fetch``, keep them), so ``install`` writes them once and
``doctor`` reports a long history without them.  The file is git's, read and written by
git's own rules; this module only looks at its chunk table and runs ``git commit-graph``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from gitledger.errors import RepositoryError
from gitledger.storage.repo import Repo

#: Below this many commits blame is quick without the filters: nothing is said or written.
LONG_HISTORY = 1_000
#: Above this many, a write takes minutes: ``install`` leaves it to ``doctor --fix``.
INSTALL_LIMIT = 100_000
#: How long a write may take before it is stopped (git removes its lock on SIGTERM).
WRITE_SECONDS = 600.0
#: The chunk that indexes the filters, in a commit-graph file's table of chunks.
_FILTER_CHUNK = b"BIDX"


@dataclass(frozen=True)
class PathFilters:
    """What the repository's commit-graph holds, and how long its history is."""

    #: Commits reachable from HEAD, counted up to ``counted_to`` (then ``counted_to + 1``).
    commits: int
    counted_to: int
    #: Every layer of the commit-graph records changed paths (False without a graph).
    present: bool

    @property
    def wanted(self) -> bool:
        """A history long enough for blame to need them, and none recorded."""
        return not self.present and self.commits >= LONG_HISTORY


def path_filters(repo: Repo, count_to: int = LONG_HISTORY) -> PathFilters:
    """The filters' state, with HEAD's history counted up to ``count_to`` commits."""
    return PathFilters(_count(repo, count_to), count_to, _recorded(_objects(repo)))


def write_path_filters(repo: Repo, timeout: float = WRITE_SECONDS) -> float:
    """Write the commit-graph of every reachable commit with changed paths; the seconds it
    took.  A write that fails or runs out of time leaves git's earlier graph as it was."""
    args = ["git", "--git-dir", str(repo.gitdir), "commit-graph", "write", "--reachable",
            "--changed-paths", "--no-progress"]
    begun = time.perf_counter()
    try:
        child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    except OSError as exc:
        raise RepositoryError(f"cannot run git commit-graph: {exc}") from None
    try:
        _, stderr = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        # SIGTERM, not SIGKILL: git removes its commit-graph.lock on the way out.
        child.send_signal(signal.SIGTERM)
        child.communicate(timeout=30)
        raise RepositoryError(f"git commit-graph write took over {timeout:g} s and was "
                              "stopped") from None
    if child.returncode != 0:
        raise RepositoryError("git commit-graph write failed: "
                              f"{stderr.decode('utf-8', 'replace').strip()[:200]}")
    return time.perf_counter() - begun


def _objects(repo: Repo) -> Path:
    # GIT_OBJECT_DIRECTORY would move it, but every git run by this product inherits the
    # same environment, so the graph git reads is the one looked at here.
    return Path(os.environ.get("GIT_OBJECT_DIRECTORY") or repo.commondir / "objects")


def _count(repo: Repo, limit: int) -> int:
    """Commits reachable from HEAD, stopping at ``limit + 1``."""
    head = repo.head_commit()
    if head is None:
        return 0
    count = 0
    for _ in repo.git.walk(head):
        count += 1
        if count > limit:
            break
    return count


def _recorded(objects: Path) -> bool:
    """Whether the commit-graph (one file, or every layer of a chain) records changed
    paths; False when there is none or it cannot be read."""
    info = objects / "info"
    chain = info / "commit-graphs" / "commit-graph-chain"
    try:
        if chain.is_file():
            layers = [info / "commit-graphs" / f"graph-{line.strip()}.graph"
                      for line in chain.read_text(encoding="ascii").splitlines()
                      if line.strip()]
        else:
            layers = [info / "commit-graph"]
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
