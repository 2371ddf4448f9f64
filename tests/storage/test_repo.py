"""Opening repositories: ``open_repo`` reusing what a long-lived process opened."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from gitledger.errors import RepositoryError
from gitledger.ledger.operations import Ledger
from gitledger.storage import repo as repo_module
from gitledger.storage.repo import keep_repositories_open, open_repo
from tests.conftest import git


@pytest.fixture
def kept() -> Iterator[None]:
    keep_repositories_open()
    yield
    repo_module._OpenRepositories.enabled = False
    repo_module._kept.by_path.clear()


def test_by_default_every_open_is_fresh(repo: Path) -> None:
    assert open_repo(repo) is not open_repo(repo)


def test_kept_open_a_thread_reuses_its_repository(
        repo: Path, kept: None, monkeypatch: pytest.MonkeyPatch) -> None:
    first = open_repo(repo)
    assert open_repo(repo) is first
    monkeypatch.chdir(repo)
    assert open_repo(None) is not first  # the cwd may change: never kept


def test_kept_open_another_thread_opens_its_own(repo: Path, kept: None) -> None:
    mine = open_repo(repo)
    theirs: list[object] = []
    worker = threading.Thread(target=lambda: theirs.append(open_repo(repo)))
    worker.start()
    worker.join()
    assert theirs
    assert theirs[0] is not mine


def test_kept_open_a_repository_made_again_at_the_path_is_written_correctly(
        repo: Path, kept: None) -> None:
    # The new git dir may even get the old one's inode: what matters is that writes
    # through whatever is kept land in the new repository, whole.
    Ledger.open(repo).set_task("in the first repository")
    shutil.rmtree(repo)
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    result = Ledger.open(repo).set_task("in the second repository")
    assert result.commit is not None
    assert git(repo, "for-each-ref", "--format=%(objectname)", "refs/ledger/").split() \
        == [result.commit]
    assert "in the second repository" in git(repo, "log", "-1", "--format=%B",
                                                result.commit)
    git(repo, "fsck", "--strict")


def test_kept_open_a_deleted_repository_fails_as_a_fresh_open_does(
        repo: Path, kept: None) -> None:
    open_repo(repo)
    shutil.rmtree(repo)
    with pytest.raises(RepositoryError, match="no such directory"):
        open_repo(repo)


def test_an_rfc_2822_date_parses_and_its_module_loads_only_then() -> None:
    import subprocess
    import sys

    from gitledger.storage.repo import parse_git_date

    assert parse_git_date("Thu, 07 Apr 2005 22:13:13 +0200").isoformat() == (
        "2005-04-07T22:13:13+02:00")
    probe = ("import sys; import gitledger.storage.repo as r; a = 'email.utils' in sys.modules; "
             "r.parse_git_date('Thu, 07 Apr 2005 22:13:13 +0200'); "
             "print(a, 'email.utils' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.split() == ["False", "True"]
