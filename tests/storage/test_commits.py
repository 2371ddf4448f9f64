"""``storage/commits.py``: what the code's history says about the commits decisions cite."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitledger.errors import InvalidInput
from gitledger.storage.commits import CommitGraph
from gitledger.storage.repo import Repo
from tests.conftest import git


def _commit(repo: Path, name: str, content: str, message: str) -> str:
    (repo / name).parent.mkdir(parents=True, exist_ok=True)
    (repo / name).write_text(content)
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


@pytest.fixture
def history(repo: Path) -> tuple[CommitGraph, list[str]]:
    shas = [_commit(repo, "src/a.py", "one\n", "first"),
            _commit(repo, "src/a.py", "one\ntwo\nthree", "second\n\nbody"),
            _commit(repo, "b.txt", "b\n", "third")]
    return CommitGraph(Repo(repo)), shas


def test_resolve_names_a_commit_or_says_why_not(history: tuple[CommitGraph, list[str]]) -> None:
    graph, shas = history
    assert graph.resolve("HEAD") == shas[2]
    assert graph.resolve("HEAD~2") == shas[0]
    assert graph.resolve(shas[1][:7]) == shas[1]
    git(graph.repo.workdir, "tag", "-a", "-m", "v1", "v1", shas[1])
    assert graph.resolve("v1") == shas[1]  # an annotated tag peels to its commit
    for bad, message in (("", "is not a revision"), ("--all", "is not a revision"),
                         ("a b", "is not a revision"), ("nosuch", "names no commit"),
                         ("HEAD:b.txt", "names no commit")):
        with pytest.raises(InvalidInput, match=message):
            graph.resolve(bad)
    with pytest.raises(InvalidInput, match=r"^--commit is not a revision$"):
        graph.resolve("", label="--commit")


def test_exists_full_and_contains(history: tuple[CommitGraph, list[str]]) -> None:
    graph, shas = history
    assert graph.exists(shas[0])
    assert graph.exists(shas[0][:8])
    assert not graph.exists("f" * 40)
    assert not graph.exists("zz")
    assert not graph.exists("abc")
    assert graph.full(shas[1][:10]) == shas[1]
    assert graph.full("0" * 40) is None
    assert graph.contains(shas[2], shas[0])
    assert graph.contains(shas[1], shas[1])
    assert not graph.contains(shas[0], shas[2])
    assert not graph.contains(shas[2], "e" * 40)
    assert graph.head() == shas[2]
    assert graph.message(shas[1]) == "second\n\nbody\n"
    assert graph.message("e" * 40) == ""


def test_reachable_follows_code_refs_not_ledger_refs(history: tuple[CommitGraph, list[str]]
                                                      ) -> None:
    graph, shas = history
    repo = graph.repo.workdir
    assert graph.reachable(shas[0])
    git(repo, "reset", "-q", "--hard", shas[0])  # the later commits leave every branch
    git(repo, "update-ref", "refs/ledger/keep", shas[2])  # a ledger ref is not "the code"
    fresh = CommitGraph(Repo(repo))
    assert not fresh.reachable(shas[2])
    assert fresh.reachable(shas[0])
    git(repo, "tag", "keep-it", shas[1])
    assert CommitGraph(Repo(repo)).reachable(shas[1])
    assert not fresh.reachable("d" * 40)


def test_file_versions_and_line_counts(history: tuple[CommitGraph, list[str]]) -> None:
    graph, shas = history
    ids = graph.path_ids(shas[1], ["src/a.py", "b.txt", "src"])
    assert ids["src/a.py"] == git(graph.repo.workdir, "rev-parse", f"{shas[1]}:src/a.py").strip()
    assert ids["b.txt"] is None
    assert ids["src"] is not None
    assert graph.path_ids("e" * 40, ["src/a.py"]) == {"src/a.py": None}
    assert graph.line_count(shas[0], "src/a.py") == 1
    assert graph.line_count(shas[1], "src/a.py") == 3  # no newline at the end still counts
    assert graph.line_count(shas[1], "src") is None  # a directory
    assert graph.line_count(shas[1], "b.txt") is None
    assert graph.line_count(shas[1], "") is None


def test_blame_newest_first_and_ref_commit(history: tuple[CommitGraph, list[str]]) -> None:
    graph, shas = history
    assert graph.blame(shas[2], "src/a.py", 1, 3) == [(shas[0], 1, 1), (shas[1], 2, 3)]
    assert graph.blame(shas[2], "src/a.py", 2, 2) == [(shas[1], 2, 2)]
    assert graph.newest_first([shas[0], shas[2], shas[1], "c" * 40]) == [shas[2], shas[1],
                                                                           shas[0]]
    assert graph.newest_first(["c" * 40]) == []
    assert graph.ref_commit("refs/heads/main") == shas[2]
    assert graph.ref_commit("refs/heads/none") is None
    assert graph.ref_commit("bad..ref") is None
