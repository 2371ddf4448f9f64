"""Attack 8 of issue 41: hostile input that costs quadratic time.

N decisions of one scope that all supersede one decision made the scope page's graph
place each one by probing every row the others took (0.3 s at 2,000, 19.4 s at 20,000,
on every ``serve`` request).  The graph is placed in linear time: the test counts rows
probed through the cost of the whole, against a bound far under N squared.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.core.ids import entry_path
from gitledger.ledger import drift as drift_module
from gitledger.storage import blame as blame_module
from gitledger.web.graph import supersedes_svg
from tests.conftest import Run, git
from tests.remote_fixtures import put_blob
from tests.trust.hostile import superseding_one


def _seconds(count: int) -> float:
    items = superseding_one(count)
    began = time.perf_counter()
    supersedes_svg(items, lambda item: item.slug + ".html")
    return time.perf_counter() - began


def test_many_decisions_superseding_one_are_placed_in_linear_time() -> None:
    small, large = _seconds(2_000), _seconds(16_000)
    # Eight times the decisions: linear is about 8x, quadratic 64x; allow for noise.
    assert large < 24 * max(small, 0.005), (small, large)
    assert large < 5.0, large


def test_a_forged_footprint_is_blamed_within_a_cap(
        repo_with_commit: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """A footprint naming 150 changed files cost ``drift`` and ``check`` 150 ``git blame``
    runs: a teammate chooses the number.  One decision is blamed at most
    ``BLAME_PER_DECISION`` times, and what is left is counted, not taken for undrifted."""
    repo = repo_with_commit
    count = 150
    for n in range(count):
        (repo / f"f{n}.py").write_text("a = 1\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "many files")
    first = git(repo, "rev-parse", "HEAD").strip()
    for n in range(count):
        (repo / f"f{n}.py").write_text("a = 2\n")
    git(repo, "commit", "-q", "-am", "change them all")
    run = Run(runner, repo)
    made = run("decide", "Keep a = 1", "--because", "x", "--json")
    assert made.exit_code == 0, made.stderr
    entry_id = json.loads(made.stdout)["id"]
    ref = (Path(git(repo, "rev-parse", "--absolute-git-dir").strip()) / "ledger").read_text()
    path = entry_path(entry_id)
    blob = git(repo, "show", f"{ref.strip()}:{path}")
    spans = json.dumps([f"{first} 1-1 f{n}.py" for n in range(count)])
    put_blob(repo, ref.strip(), path, f"{blob.rstrip()}\nfootprint = {spans}\n")

    calls = []
    real = blame_module.reverse_blame

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(drift_module, "reverse_blame", counted)
    done = run("drift", "--json")
    assert done.exit_code == 0, done.stderr
    report = json.loads(done.stdout)
    assert len(calls) == drift_module.BLAME_PER_DECISION
    assert report["unblamed"] == count - drift_module.BLAME_PER_DECISION
    assert report["decisions"][0]["id"] == entry_id
