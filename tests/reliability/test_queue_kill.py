"""The git hooks' queue survives a SIGKILL at every step of applying it: after the next
drain, every queued commit is recorded exactly once, its decision implemented once, its
note written, and the queue is empty (``GIT_LEDGER_TEST_KILL_AT`` names the step)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gitledger.ledger.operations import Ledger
from gitledger.storage import event_queue, queue_probe
from tests.conftest import git, installed_git_ledger

pytestmark = pytest.mark.slow

STEPS = ("locked", "post-commit-opened", "post-commit-implemented", "post-commit-recorded",
         "applied", "advanced", "rotate-renamed", "rotate-moved")


def _drain(repo: Path, kill_at: str | None) -> subprocess.CompletedProcess[bytes]:
    env = {k: v for k, v in os.environ.items() if k != event_queue.KILL_ENV}
    if kill_at is not None:
        env[event_queue.KILL_ENV] = kill_at
    return subprocess.run([str(installed_git_ledger()), "hook", "drain"], cwd=repo, env=env,
                          capture_output=True, check=False, timeout=120)


@pytest.mark.parametrize("step", STEPS)
def test_a_drain_killed_at_any_step_loses_nothing_and_applies_nothing_twice(
        repo_with_commit: Path, step: str) -> None:
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    ledger.set_task("queue under fire")
    ids = [e.id for e in (ledger.decide(f"decision {i}").entry for i in range(2)) if e]
    gitdir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    shas = []
    for i, entry in enumerate(ids):
        (repo / f"f{i}.txt").write_text(f"{i}\n")
        git(repo, "add", f"f{i}.txt")
        git(repo, "commit", "-q", "-m", f"c{i}\n\nLedger-Implements: {entry}")
        sha = git(repo, "rev-parse", "HEAD").strip()
        shas.append(sha)
        event_queue.append(gitdir, "post-commit", "", (sha,))
    killed = _drain(repo, step)
    assert killed.returncode == -9, (step, killed.stderr)
    again = _drain(repo, None)
    assert again.returncode == 0, again.stderr
    assert not queue_probe.pending(gitdir)
    assert event_queue.read_held(gitdir) is None
    ref = ledger.ref
    assert ref is not None
    log = git(repo, "log", "--format=%(trailers:key=Ledger-Commit,valueonly)%x1e%s", ref)
    for sha, entry in zip(shas, ids, strict=True):
        assert log.count(sha) == 1, (step, sha, log)
        shown = Ledger.open(repo).get(entry)
        assert shown.status == "implemented"
        assert shown.evidence.count(f"git:{sha}") == 1
        note = git(repo, "notes", "--ref=ledger", "show", sha)
        assert f"commit-in {ref} " in note
