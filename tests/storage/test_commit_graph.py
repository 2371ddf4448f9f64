"""git's commit-graph with changed-path filters: ``install`` writes them once on a long
history, ``doctor`` reports a long history without them and ``--fix`` has git write them,
and git itself (``blame``, ``gc``) is the judge of what was written."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.errors import RepositoryError
from gitledger.storage import commit_graph
from gitledger.storage.commit_graph import LONG_HISTORY, path_filters, write_path_filters
from gitledger.storage.repo import Repo
from tests.conftest import Run, git

#: A history just long enough for the filters to be wanted.
_COMMITS = LONG_HISTORY + 50


def _history(repo: Path, commits: int) -> None:
    """``commits`` commits on main through git fast-import, each changing one of ten
    files, so a blame of one of them meets commits that did not touch it."""
    stream = []
    for n in range(commits):
        body = f"line {n}\n".encode()
        stream.append(f"commit refs/heads/main\nmark :{n + 1}\n"
                      f"committer A U Thor <a@example.com> {1_700_000_000 + n} +0000\n"
                      f"data 3\nc{n % 10}\n".encode()
                      + (f"from :{n}\n".encode() if n else b"")
                      + f"M 100644 inline f{n % 10}.txt\ndata {len(body)}\n".encode()
                      + body + b"\n")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=repo, input=b"".join(stream),
                   check=True)
    git(repo, "reset", "-q", "--hard", "main")


@pytest.fixture
def long_repo(repo: Path) -> Path:
    _history(repo, _COMMITS)
    return repo


def _graph_says(repo: Path) -> bool:
    """git's own word that the filters are there: a blame skips commits by them (its trace
    counts the filters' answers of no)."""
    done = subprocess.run(["git", "blame", "--porcelain", "--", "f3.txt"], cwd=repo,
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "GIT_TRACE2_PERF": "1"})
    return re.search(r"bloom/response-no:[1-9]", done.stderr) is not None


def test_a_long_history_without_filters_wants_them(long_repo: Path) -> None:
    found = path_filters(Repo(long_repo))
    assert (found.present, found.wanted) == (False, True)
    assert found.commits == LONG_HISTORY + 1  # counted only as far as it needs
    git(long_repo, "commit-graph", "write", "--reachable")  # a graph, without the filters
    assert path_filters(Repo(long_repo)).wanted


def test_a_short_history_wants_nothing(repo_with_commit: Path, ledger: Run) -> None:
    assert not path_filters(Repo(repo_with_commit)).wanted
    result = ledger("install")
    assert result.exit_code == 0, result.output
    assert "commit-graph" not in result.output
    assert not (repo_with_commit / ".git/objects/info/commit-graph").exists()


def test_install_writes_them_once_and_git_keeps_them(long_repo: Path, ledger: Run) -> None:
    assert not _graph_says(long_repo)
    result = ledger("install")
    assert result.exit_code == 0, result.output
    assert f"commit-graph: records changed paths now ({_COMMITS:,} commits" in result.output
    assert path_filters(Repo(long_repo)).present
    assert _graph_says(long_repo)
    again = ledger("install", "--json")
    assert json.loads(again.stdout)["commit_graph"] is None  # written once
    # git's own later writes carry them.
    git(long_repo, "commit", "-q", "--allow-empty", "-m", "later")
    git(long_repo, "gc", "-q")
    assert path_filters(Repo(long_repo)).present
    assert _graph_says(long_repo)
    git(long_repo, "commit-graph", "write", "--reachable", "--split")
    assert path_filters(Repo(long_repo)).present


def test_a_dry_run_writes_nothing(long_repo: Path, ledger: Run) -> None:
    result = ledger("install", "--dry-run")
    assert result.exit_code == 0, result.output
    assert f"commit-graph: would record changed paths ({_COMMITS:,} commits)" in result.output
    assert not (long_repo / ".git/objects/info/commit-graph").exists()


def test_a_history_too_long_for_install_is_left_to_doctor(
        long_repo: Path, ledger: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gitledger.integrations.install.INSTALL_LIMIT", LONG_HISTORY + 10)
    result = ledger("install")
    assert result.exit_code == 0, result.output
    assert "git ledger doctor --fix writes them" in result.output
    assert not path_filters(Repo(long_repo)).present


def test_a_write_git_refuses_does_not_stop_install(long_repo: Path, ledger: Run) -> None:
    lock = long_repo / ".git/objects/info/commit-graph.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text("")  # another git writes it
    result = ledger("install")
    assert result.exit_code == 0, result.output
    assert "commit-graph: changed paths not written: git commit-graph write failed" in \
        result.output
    assert "git hooks" in result.output  # the rest of install is done
    lock.unlink()
    assert path_filters(Repo(long_repo)).wanted


def test_a_chain_is_judged_by_every_layer_and_a_single_file_first(long_repo: Path) -> None:
    git(long_repo, "commit-graph", "write", "--reachable", "--split")  # base: no filters
    git(long_repo, "commit", "-q", "--allow-empty", "-m", "later")
    git(long_repo, "commit-graph", "write", "--reachable", "--split", "--changed-paths")
    assert path_filters(Repo(long_repo)).wanted  # the base layer has none
    git(long_repo, "commit-graph", "write", "--reachable", "--split=replace",
        "--changed-paths")
    assert path_filters(Repo(long_repo)).present
    # A single file beside the chain (an interrupted write, an older git): git reads it
    # first, and it has no filters.
    info = long_repo / ".git/objects/info"
    chain = sorted((info / "commit-graphs").glob("graph-*.graph"))
    (info / "commit-graph").write_bytes(_graph_without_filters(long_repo))
    assert chain  # still there
    assert path_filters(Repo(long_repo)).wanted


def _graph_without_filters(repo: Path) -> bytes:
    """A commit-graph file of ``repo`` without filters, written in a copy."""
    copy = repo.parent / "copy"
    git(repo.parent, "clone", "-q", "--no-local", str(repo), str(copy))
    git(copy, "commit-graph", "write", "--reachable")
    return (copy / ".git/objects/info/commit-graph").read_bytes()


@pytest.mark.parametrize("how", ["shallow", "replace", "treeless"])
def test_where_git_would_not_use_them_nothing_is_written_or_said(
        long_repo: Path, tmp_path: Path, runner: CliRunner, how: str) -> None:
    where = long_repo
    if how == "shallow":
        where = tmp_path / "shallow"
        git(tmp_path, "clone", "-q", "--depth", str(_COMMITS - 10),
            long_repo.as_uri(), str(where))
    elif how == "replace":
        first, second = git(where, "rev-list", "--max-count=2", "HEAD").split()
        git(where, "replace", first, second)
    else:
        git(where, "config", "remote.origin.partialclonefilter", "tree:0")
    assert path_filters(Repo(where)).unusable
    result = Run(runner, where)("install")
    assert result.exit_code == 0, result.output
    assert "commit-graph" not in result.output
    assert "blame-unfiltered" not in Run(runner, where)("doctor").output


def test_a_max_new_filters_setting_does_not_leave_empty_filters(long_repo: Path,
                                                               ledger: Run) -> None:
    git(long_repo, "config", "commitGraph.maxNewFilters", "10")
    assert "records changed paths now" in ledger("install").output
    assert _graph_says(long_repo)


def test_a_missing_commit_in_the_history_is_no_crash(repo: Path, ledger: Run) -> None:
    for n in range(5):
        git(repo, "commit", "-q", "--allow-empty", "-m", f"c{n}")
    old = git(repo, "rev-parse", "HEAD~2").strip()
    (repo / ".git/objects" / old[:2] / old[2:]).unlink()
    assert not path_filters(Repo(repo)).wanted
    assert ledger("install").exit_code == 0


def test_the_write_goes_to_the_repository_opened(long_repo: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "other"
    git(tmp_path, "init", "-q", str(other))
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_COMMON_DIR", str(other / ".git"))
    write_path_filters(Repo(long_repo))
    monkeypatch.delenv("GIT_DIR")
    monkeypatch.delenv("GIT_COMMON_DIR")
    assert _graph_says(long_repo)
    assert not (other / ".git/objects/info/commit-graph").exists()


def test_a_write_out_of_time_is_stopped_and_leaves_no_lock(long_repo: Path) -> None:
    with pytest.raises(RepositoryError, match="was stopped"):
        write_path_filters(Repo(long_repo), timeout=0.001)
    assert not (long_repo / ".git/objects/info/commit-graph.lock").exists()
    git(long_repo, "commit-graph", "write", "--reachable")  # git can write after it


def test_doctor_reports_and_fix_writes_them(long_repo: Path, ledger: Run) -> None:
    result = ledger("doctor")
    assert result.exit_code == 0, result.output  # a warning: blame is only slower
    assert "warning: blame-unfiltered: 1,000 commits or more" in result.output
    fixed = ledger("doctor", "--fix")
    assert "fixed: blame-unfiltered" in fixed.output
    assert "did: wrote git's commit-graph with changed paths" in fixed.output
    assert _graph_says(long_repo)
    assert "blame-unfiltered" not in ledger("doctor").output


def test_an_unreadable_graph_counts_as_none(long_repo: Path) -> None:
    info = long_repo / ".git/objects/info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "commit-graph").write_bytes(b"CGP")  # cut short
    assert path_filters(Repo(long_repo)).wanted
    chain = info / "commit-graphs"
    chain.mkdir()
    (chain / "commit-graph-chain").write_text("0" * 40 + "\n")  # names a missing layer
    assert not commit_graph._recorded(long_repo / ".git/objects")
