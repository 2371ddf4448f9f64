"""Ctrl-C during ``git ledger archive``: a real SIGINT sent to the installed command at
points through its run.  Each time it either completed (the tag at its ref, the session
ref gone, the carried entries in the project ledger) or left no trace (every ref as it
was), and said which on stderr with status 130; a run it did not reach says nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.core import interrupts
from tests.conftest import git
from tests.remote_fixtures import subprocess_env

#: How an interrupted run ends: git ledger's 130, or git's own death by the signal (the
#: terminal sends it to git and to git-ledger alike); git-ledger's stderr says which.
#: git 2.39's signal handler can reap git-ledger before git's own wait does, and git then
#: exits 128 ("waitpid for git-ledger failed"): git's race, after git-ledger stopped.
STOPPED = (130, -signal.SIGINT)
GIT_LOST_ITS_CHILD = "waitpid for git-ledger failed"


def stopped(status: int, stderr: str) -> bool:
    return status in STOPPED or (status == 128 and GIT_LOST_ITS_CHILD in stderr)
#: Where the SIGINT lands: fractions of an uninterrupted run's time.
INTERRUPT_AT = (0.3, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0)


def refs(repo: Path) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/ledger/")
    return dict(line.split(" ") for line in out.splitlines())


def ledger_with_work(repo: Path, env: dict[str, str]) -> None:
    for args in (("task", "ship the cache"), ("decide", "cache in memory", "--because", "small"),
                 ("verify", "the cache holds 10k keys", "--by", "pytest -q"),
                 ("open", "eviction policy?")):
        subprocess.run(["git", "ledger", *args], cwd=repo, env=env, check=True,
                       capture_output=True, timeout=120)


def archive_in_child(repo: Path, env: dict[str, str], at: float | None
                     ) -> tuple[float, int, str]:
    """``git ledger archive``, sent SIGINT ``at`` seconds in (None: left to finish): how
    long it ran, its status and what it printed (stdout and stderr)."""
    started = time.monotonic()
    child = subprocess.Popen(["git", "ledger", "archive"], cwd=repo, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        if at is not None:
            time.sleep(at)
            # git runs git-ledger as its child: the signal goes to both, as a terminal's does
            for pid in subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True,
                                      text=True, check=False).stdout.split():
                subprocess.run(["kill", "-INT", pid], check=False)
            child.send_signal(signal.SIGINT)
        stderr, _ = child.communicate(timeout=120)
    finally:
        child.kill()
        child.wait(timeout=60)
    return time.monotonic() - started, child.returncode, stderr


def test_ctrl_c_during_archive_completes_or_leaves_no_trace(repo_with_commit: Path,
                                                            tmp_path: Path) -> None:
    env = subprocess_env()
    template = tmp_path / "template"
    subprocess.run(["cp", "-a", str(repo_with_commit), str(template)], check=True)
    ledger_with_work(template, env)
    before = refs(template)
    # An uninterrupted run's time, the faster of two: one slowed by the machine would put
    # every interrupt after the archive was done.
    runs = []
    for n in range(2):
        whole = tmp_path / f"whole-{n}"
        subprocess.run(["cp", "-a", str(template), str(whole)], check=True)
        took, status, _ = archive_in_child(whole, env, None)
        assert status == 0
        runs.append(took)
    took = min(runs)
    outcomes = []
    for n, fraction in enumerate(INTERRUPT_AT):
        copy = tmp_path / f"interrupted-{n}"
        subprocess.run(["cp", "-a", str(template), str(copy)], check=True)
        _, status, stderr = archive_in_child(copy, env, fraction * took)
        after = refs(copy)
        session = next(r for r in before if r.startswith("refs/ledger/sessions/"))
        archive = "refs/ledger/archive/" + session.rsplit("/", 1)[-1]
        if after == before:
            assert stopped(status, stderr), stderr
            assert "interrupted" in stderr
            assert "completed" not in stderr
            outcomes.append("nothing")
        else:
            assert session not in after
            assert git(copy, "cat-file", "-t", archive).strip() == "tag"
            assert after["refs/ledger/project"] != before.get("refs/ledger/project")
            assert git(copy, "ls-tree", "-r", "--name-only", archive).count("entries/") == 1
            assert status == 0 or stopped(status, stderr), stderr
            if f"archived {session} as {archive}" in stderr:
                # the signal came once it was done: it said so as usual, and nothing after
                assert "interrupted" not in stderr, stderr
                outcomes.append("finished")
            elif "interrupted" in stderr:
                assert "the archive was completed first" in stderr
                assert archive in stderr
                outcomes.append("completed, said")
            else:
                raise AssertionError(f"archived without saying so: {stderr}")
        assert subprocess.run(["git", "ledger", "doctor"], cwd=copy, env=env,
                              capture_output=True, check=False, timeout=120).returncode == 0
    assert "nothing" in outcomes, outcomes


def test_ctrl_c_while_the_report_prints_is_ignored(repo_with_commit: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the archive is made, a Ctrl-C while its report prints (or as the process ends)
    is not an interruption: the report is printed whole and the status is 0."""
    env = subprocess_env()
    ledger_with_work(repo_with_commit, env)
    from gitledger.views import render

    said = render.archive_text

    def interrupted_while_printing(result: Any) -> str:
        os.kill(os.getpid(), signal.SIGINT)  # delivered at once, to this (the main) thread
        return said(result)

    monkeypatch.setattr(render, "archive_text", interrupted_while_printing)
    handler = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(interrupts, "_TAKEN_OVER", [])
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # put back after the test
    interrupts.interruptible()  # as the executable does before click runs a command
    try:
        result = CliRunner().invoke(cli, ["-C", str(repo_with_commit), "archive"])
    finally:
        signal.signal(signal.SIGINT, handler)
    assert result.exit_code == 0, result.output
    assert "archived refs/ledger/sessions/" in result.output
    assert "interrupted" not in result.output
