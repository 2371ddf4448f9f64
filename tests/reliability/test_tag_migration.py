"""The migration from format 3 (month chains) back to archive tags (format 4), killed.

A format-3 repository is built as that version wrote one (``tests.builders.to_format_3``),
then ``doctor --fix`` runs in a child process that is sent SIGKILL at several points of the
migration: after each kill every archive reads as before (same ledger, archiver, date and
task, each once), and a run to the end leaves only tags, which plain git reads.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gitledger.audit.doctor import doctor
from gitledger.ledger.archives import list_archives
from gitledger.ledger.lifecycle import archive
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import ARCHIVE_PREFIX, MONTHS_PREFIX
from tests.builders import aged_past_stale, to_format_3
from tests.conftest import git

#: Where the child is killed: fractions of a whole run's time, from its start (after its
#: imports) to its end.
KILL_AT = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 0.97)

CHILD = """
import sys
from gitledger.audit.doctor import doctor
print("ready", flush=True)
doctor(sys.argv[1], fix=True)
print("done", flush=True)
"""


def format_3_repo(repo: Path, monkeypatch: pytest.MonkeyPatch, count: int) -> list[str]:
    """``count`` archives over three months, then rolled into month chains."""
    ids = []
    for n in range(count):
        ledger = Ledger.open(repo)
        ledger.set_task(f"task {n}")
        ledger.open_question(f"question {n}")
        monkeypatch.setenv("GIT_COMMITTER_DATE", f"2026-0{1 + n % 3}-{1 + n % 27:02d}T10:00:00Z")
        ids.append(archive(repo, mode="none").archive.removeprefix(ARCHIVE_PREFIX))
        monkeypatch.delenv("GIT_COMMITTER_DATE")
    assert len(to_format_3(repo)) == min(count, 3)
    return ids


def readable(repo: Path) -> dict[str, tuple[object, ...]]:
    found = [(a.id, (a.commit, a.tagger, a.tagged, a.task)) for a in list_archives(repo)]
    assert len(found) == len({key for key, _ in found})  # each archive once
    return dict(found)


def state(repo: Path) -> tuple[int, int]:
    """(archive tag refs, month chains) as plain git lists them."""
    tags = git(repo, "for-each-ref", "--format=%(objecttype)", ARCHIVE_PREFIX).split()
    assert set(tags) <= {"tag"}
    return len(tags), len(git(repo, "for-each-ref", MONTHS_PREFIX).splitlines())


def fix_in_child(repo: Path, kill_after: float | None = None) -> float:
    """``doctor --fix`` in a child process, SIGKILLed ``kill_after`` seconds into its run
    (None: run to the end); how long it ran from its start."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(repo)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    with child.stdout:
        try:
            assert child.stdout.readline().strip() == "ready"
            started = time.monotonic()
            if kill_after is None:
                assert child.stdout.readline().strip() == "done"
            else:
                time.sleep(kill_after)
                child.send_signal(signal.SIGKILL)
            return time.monotonic() - started
        finally:
            child.kill()
            child.wait(timeout=60)


def test_doctor_fix_killed_anywhere_leaves_every_archive_readable(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ids = format_3_repo(repo_with_commit, monkeypatch, 30)
    before = readable(repo_with_commit)
    assert sorted(before) == sorted(ids)
    assert state(repo_with_commit) == (0, 3)
    # A lock the kill left is one no writer will release: doctor's writes wait for it only
    # briefly here (a write's default, a minute, is for a live writer).
    monkeypatch.setenv("GIT_LEDGER_RETRY_SECONDS", "0.2")
    assert "archive-chained" in [f.code for f in doctor(repo_with_commit).findings]
    whole = tmp_path / "whole"
    shutil.copytree(repo_with_commit, whole, symlinks=True)
    took = fix_in_child(whole)
    assert state(whole) == (30, 0)
    seen: set[tuple[int, int]] = set()
    # Timing under load varies: after the fixed points, until a kill lands inside the
    # migration, bisect between the latest kill that left it unstarted and the earliest
    # that left it done (bounded), so a narrow window is found on a slow or loaded machine.
    before_at, done_at = 0.0, 1.5
    for n in range(len(KILL_AT) + 16):
        partial = any(0 < t < 30 or (t == 30 and c) for t, c in seen)
        if n >= len(KILL_AT) and partial:
            break
        at = KILL_AT[n] if n < len(KILL_AT) else (before_at + done_at) / 2
        copy = tmp_path / f"killed-{n}"
        shutil.copytree(repo_with_commit, copy, symlinks=True)
        fix_in_child(copy, at * took)
        landed = state(copy)
        seen.add(landed)
        if landed == (0, 3):
            before_at = max(before_at, at)
        elif landed == (30, 0):
            done_at = min(done_at, at)
        assert readable(copy) == before, f"killed at {at} of the run"
        # A lock the kill left is named, and the archive stays in its chain, until removed
        # (what the message says to do once no git command runs).
        for lock in (copy / ".git" / "refs").rglob("*.lock"):
            report = doctor(copy, fix=True)
            held = lock.name.removesuffix(".lock")  # the ref whose lock it is, named
            if not any(held in f.message for f in report.findings):
                # A lock of a ref the migration does not write again: named once it is
                # older than a live writer holds one (aged here), and removed by --fix.
                aged_past_stale(lock)
                report = doctor(copy, fix=True)
                assert any(held in f.message for f in report.findings), report.findings
            assert readable(copy) == before
            lock.unlink(missing_ok=True)
        # Run again to the end: only tags are left, and they hold the same archives.
        assert doctor(copy, fix=True).ok
        assert state(copy) == (30, 0)
        assert readable(copy) == before
    # The kills landed before, inside and after the migration (a partial state was seen).
    assert any(0 < tags < 30 or (tags == 30 and chains) for tags, chains in seen), seen


def test_migrated_archives_are_tags_plain_git_reads(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (first, _) = format_3_repo(repo_with_commit, monkeypatch, 2)
    ref = ARCHIVE_PREFIX + first
    assert git(repo_with_commit, "show", ref, check=False).strip() == ""  # no such ref yet
    before = readable(repo_with_commit)
    report = doctor(repo_with_commit, fix=True)
    assert [(f.code, f.fixed) for f in report.findings] == [("archive-chained", True)]
    assert readable(repo_with_commit) == before
    assert git(repo_with_commit, "cat-file", "-t", ref).strip() == "tag"
    body = git(repo_with_commit, "cat-file", "-p", ref)
    assert f"Ledger-Archived: {first}" in body
    assert "tagger Ada Tester <ada@example.com> 1767261600 +0000" in body  # the archiver's date
    assert "TASK: task 0" in git(repo_with_commit, "show", "--no-patch", ref)
    assert git(repo_with_commit, "for-each-ref", MONTHS_PREFIX) == ""
    assert doctor(repo_with_commit).findings == ()
    assert git(repo_with_commit, "fsck", "--strict", "--no-dangling") == ""
