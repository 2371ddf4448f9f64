"""The post-commit hook records a commit that touches a decision's footprint (real
``git commit``, the installed hooks and ``git-ledger``), and stays on the shell path when a
commit touches nothing the path index names."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.ledger.decisions import implement
from gitledger.ledger.operations import Ledger
from gitledger.storage.drift_cache import CACHE_FILE
from tests.builders import entry_files, put
from tests.conftest import Run, git, installed_git_ledger, settle

BASE = "".join(f"line {n}\n" for n in range(1, 21))


@pytest.fixture(autouse=True)
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = str(installed_git_ledger().parent)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")


def git_dir(repo: Path) -> Path:
    return Path(git(repo, "rev-parse", "--absolute-git-dir").strip())


def edit(text: str, number: int, new: str) -> str:
    lines = text.splitlines(keepends=True)
    lines[number - 1] = f"{new}\n"
    return "".join(lines)


def commit(repo: Path, files: dict[str, str], message: str,
           env: dict[str, str] | None = None) -> tuple[str, str]:
    for name, text in files.items():
        (repo / name).write_text(text)
        subprocess.run(["git", "add", name], cwd=repo, check=True, env=env, timeout=60)
    done = subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", message], cwd=repo,
                          capture_output=True, text=True, check=True, env=env, timeout=120)
    # What the hook queued is applied (and what it said taken) before the test reads.
    said = "".join(f"{line}\n" for line in settle(repo))
    return git(repo, "rev-parse", "HEAD").strip(), done.stderr + said


def last_event(repo: Path, ref: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in git(repo, "log", "-1", "--format=%B", ref).splitlines():
        key, sep, value = line.partition(": ")
        if sep and key.startswith("Ledger-"):
            found.setdefault(key, []).append(value)
    return found


@pytest.fixture
def governed(repo_with_commit: Path, runner: CliRunner) -> tuple[Path, str, str, str]:
    """Hooks installed, a ledger, a decision implemented by a commit changing a.py 5-7,
    and the path index naming a.py: (repo, ledger ref, decision id, a.py's text)."""
    repo = repo_with_commit
    run = Run(runner, repo)
    assert run("install").exit_code == 0
    assert run("task", "journal work").exit_code == 0
    commit(repo, {"a.py": BASE, "other.py": "x\n"}, "base")
    text = BASE
    for n in (5, 6, 7):
        text = edit(text, n, f"line {n} wal")
    sha, _ = commit(repo, {"a.py": text}, "use WAL")
    ledger = Ledger.open(repo)
    made = ledger.decide("use WAL", over=["rollback journal"], because="readers never block")
    assert made.entry is not None
    assert ledger.ref is not None
    implement(ledger, made.entry.id, commit=sha)
    put(ledger.store, ledger.ref, entry_files(dataclasses.replace(
        ledger.get(made.entry.id), footprint=(f"{sha} 5-7 a.py",))))
    (git_dir(repo) / "ledger-paths").write_text("a.py\n")
    return repo, ledger.ref, made.entry.id, text


def without_git_ledger() -> dict[str, str]:
    """An environment whose PATH has git but no ``git-ledger``: the shell path must not
    need Python (the hook would say 'git-ledger is not on PATH' if it called it)."""
    git_bin = shutil.which("git")
    assert git_bin is not None
    keep = [d for d in os.environ["PATH"].split(os.pathsep)
            if d and not (Path(d) / "git-ledger").exists()]
    return {**os.environ, "PATH": os.pathsep.join([str(Path(git_bin).parent), *keep])}


def test_a_commit_changing_footprint_lines_is_recorded_as_a_touch(
        governed: tuple[Path, str, str, str]) -> None:
    """The shell path records the commit event before git returns; the Python part the
    indexed file starts computes the touch into the drift cache restore reads (the event
    carries ``Ledger-Touches`` only when Python recorded it: docs/format.md)."""
    repo, ref, entry_id, text = governed
    sha, stderr = commit(repo, {"a.py": edit(text, 6, "line 6 journal")}, "journal again")
    assert stderr == ""
    event = last_event(repo, ref)
    assert event["Ledger-Commit"] == [sha]
    assert event.get("Ledger-Touches", [entry_id]) == [entry_id]
    cache = json.loads((git_dir(repo) / CACHE_FILE).read_text())
    assert cache["decisions"][entry_id]["lines"] == 1  # kept for restore


def test_other_lines_of_an_indexed_file_are_no_touch(
        governed: tuple[Path, str, str, str]) -> None:
    repo, ref, _, text = governed
    sha, _ = commit(repo, {"a.py": edit(text, 15, "line 15 other")}, "elsewhere")
    event = last_event(repo, ref)
    assert event["Ledger-Commit"] == [sha]
    assert "Ledger-Touches" not in event


def test_an_acknowledging_commit_is_no_touch(governed: tuple[Path, str, str, str]) -> None:
    repo, ref, entry_id, text = governed
    commit(repo, {"a.py": edit(text, 7, "line 7 tuned")},
           f"tune the journal\n\nLedger-Refs: {entry_id}")
    event = last_event(repo, ref)
    assert event["Ledger-Refs"] == [entry_id]
    assert "Ledger-Touches" not in event


@pytest.mark.parametrize("index", ["other file", "no index", "empty index"])
def test_a_commit_the_index_does_not_name_stays_on_the_shell_path(
        governed: tuple[Path, str, str, str], index: str) -> None:
    repo, ref, _, text = governed
    paths = git_dir(repo) / "ledger-paths"
    if index == "no index":
        paths.unlink()
    elif index == "empty index":
        paths.write_text("")
    changed = {"other.py": "y\n"} if index == "other file" else \
        {"a.py": edit(text, 6, "line 6 journal")}
    sha, stderr = commit(repo, changed, "plain", env=without_git_ledger())
    assert stderr == ""  # Python was never asked for
    event = last_event(repo, ref)
    assert event["Ledger-Commit"] == [sha]
    assert "Ledger-Touches" not in event


def ledger_cli(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(installed_git_ledger()), *args], cwd=repo, capture_output=True,
                          text=True, check=False, timeout=120)


def test_end_to_end_implements_then_drift_then_refs(repo_with_commit: Path,
                                                    runner: CliRunner) -> None:
    """Only real commits and the installed command: the hook implements the decision and
    derives its footprint, a later commit drifts it, a Ledger-Refs commit clears it."""
    repo = repo_with_commit
    assert ledger_cli(repo, "install").returncode == 0
    made = ledger_cli(repo, "decide", "use WAL", "--over", "rollback journal", "--because",
                      "readers never block", "--json")
    entry_id = json.loads(made.stdout)["id"]
    commit(repo, {"db.py": BASE}, f"use WAL\n\nLedger-Implements: {entry_id}")
    shown = json.loads(ledger_cli(repo, "show", entry_id, "--json").stdout)
    assert shown["entry"]["status"] == "implemented"
    assert shown["entry"]["footprint"]  # derived from the implementing commit
    (git_dir(repo) / "ledger-paths").write_text("db.py\n")
    clean = ledger_cli(repo, "drift", "--json")
    assert clean.returncode == 0
    assert json.loads(clean.stdout)["decisions"] == []
    later, _ = commit(repo, {"db.py": edit(BASE, 3, "line 3 journal")}, "journal again")
    ref = Path(git_dir(repo) / "ledger").read_text().strip()
    assert last_event(repo, ref).get("Ledger-Touches", [entry_id]) == [entry_id]
    found = ledger_cli(repo, "drift", "--json")
    assert found.returncode == 0
    [drifted] = json.loads(found.stdout)["decisions"]
    assert drifted["id"] == entry_id
    assert drifted["commits"][0]["sha"] == later
    checked = ledger_cli(repo, "check")
    assert checked.returncode == 0
    assert f"warning: decision-drift: {entry_id}: 1 footprint line changed" in checked.stdout
    assert "DRIFT" in ledger_cli(repo, "restore").stdout
    commit(repo, {}, f"reviewed: WAL still holds\n\nLedger-Refs: {entry_id}")
    assert json.loads(ledger_cli(repo, "drift", "--json").stdout)["decisions"] == []
    assert "DRIFT" not in ledger_cli(repo, "restore").stdout
