"""benchmarks/year_build.py builds a repository the tool reads as its own.

A small year (70 sessions: past the 256 notes where the notes tree fans out) is built
with fast-import, then read back through the CLI: doctor finds nothing wrong, the counts
are what was built, restore shows this worktree's ledger and the carried decisions, and
check, why and list --archived read the archives, the notes and the keep-alive chain.
No timings here (they are benchmarks/year.py's).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.audit.doctor import doctor
from gitledger.cli import cli
from gitledger.ledger.drift import drift
from gitledger.storage.layout import ARCHIVE_PREFIX, KEEP_REF, MONTHS_PREFIX, NOTES_REF

#: The year is built once, so the module shares one worker (--dist loadgroup).
pytestmark = pytest.mark.xdist_group("year-build")

SESSIONS = 70
#: Warnings a built year is expected to have: the other people's live ledgers have no
#: worktree here, and the shell path index is written by the first command that needs it.
EXPECTED_WARNINGS = {"orphan", "paths-missing"}


def _year_build() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "year_build.py"
    spec = importlib.util.spec_from_file_location("year_build", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["year_build"] = module
    spec.loader.exec_module(module)
    return module


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def ledger(repo: Path, *args: str) -> str:
    done = CliRunner().invoke(cli, ["-C", str(repo), *args])
    assert done.exit_code == 0, done.output
    return done.stdout


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    module = _year_build()
    path = tmp_path_factory.mktemp("year") / "repo"
    # The identity of tests/conftest.py: the worktree's own ledger is written as theirs.
    built = module.build(path, SESSIONS, me=module.Person("Ada Tester", "ada@example.com"))
    return path, built


def test_doctor_finds_nothing_wrong(year: tuple[Path, Any]) -> None:
    path, _ = year
    report = doctor(path)
    assert report.ok, [f.message for f in report.findings if f.severity == "error"]
    assert {f.code for f in report.findings} <= EXPECTED_WARNINGS


def test_the_counts_are_what_was_built(year: tuple[Path, Any]) -> None:
    path, built = year
    decisions = SESSIONS - SESSIONS // 5
    assert built.decisions == decisions
    # Format 3: no ref per archive; each person's month is one chain of their clone.
    assert git(path, "for-each-ref", ARCHIVE_PREFIX) == ""
    chains = git(path, "for-each-ref", "--format=%(objecttype)", MONTHS_PREFIX).split()
    assert chains
    assert set(chains) == {"commit"}
    assert len(chains) <= SESSIONS
    assert len(json.loads(ledger(path, "list", "--archived", "--json"))["archives"]) == SESSIONS
    assert git(path, "for-each-ref", "refs/tags/", "refs/year-build/") == ""
    assert int(git(path, "rev-list", "--count", "main")) == SESSIONS * 4 + 1
    project = json.loads(ledger(path, "show", "--project", "--json"))
    assert len(project["entries"]) == decisions
    assert all(e["kind"] == "decided" and e["status"] == "implemented"
               for e in project["entries"])
    notes = git(path, "ls-tree", "-r", "--name-only", NOTES_REF).split()
    assert len(notes) == SESSIONS * 4
    assert all("/" in name for name in notes)  # past 256 notes: fanned out
    kept = git(path, "ls-tree", "-r", "--name-only", KEEP_REF).split()
    assert len(kept) == decisions
    listed = ledger(path, "list", "--archived")
    assert len([line for line in listed.splitlines() if "entries" in line]) == SESSIONS


def test_restore_shows_this_worktrees_ledger_and_the_project(year: tuple[Path, Any]) -> None:
    path, built = year
    block = ledger(path, "restore")
    assert f"session ledger {built.live[0]}" in block
    assert "TASK: Ship the token verifier changes" in block
    assert block.count("open question") == 5
    assert "PROJECT DECISIONS" in block
    assert built.sample_decision[:6] in block


def test_check_why_and_drift_read_the_year(year: tuple[Path, Any]) -> None:
    path, built = year
    assert "ledger check: OK" in ledger(path, "check")
    assert drift(path).decisions == ()
    why = ledger(path, "why", built.sample_file)
    assert built.sample_decision in why
    assert f"archive/{built.sample_archive}" in why
    shown = ledger(path, "show", "--archive", built.sample_archive)
    assert "Does the token verifier need its own metrics?" in shown


def test_the_seeded_drift_cache_is_what_drift_computes(tmp_path: Path) -> None:
    module = _year_build()
    path = tmp_path / "repo"
    module.build(path, 12, me=module.Person("Ada Tester", "ada@example.com"),
                 drift_cache=False)
    cache = path / ".git" / "ledger-drift.json"
    assert not cache.exists()
    drift(path)
    computed = json.loads(cache.read_text())
    seeded_at = tmp_path / "seeded"
    module.build(seeded_at, 12, me=module.Person("Ada Tester", "ada@example.com"))
    seeded = json.loads((seeded_at / ".git" / "ledger-drift.json").read_text())
    assert seeded == computed  # one seed builds one repository: the same ids and blobs
