"""Loose ends of issue 41: every path that picks decisions by their footprint takes the one
its evidence derives, never a teammate's stored one.

``drift`` and ``check`` derived a teammate's footprint again from its ``git:`` evidence,
but two paths still chose by the blob: the post-commit hook picked the decisions a commit
may touch by their stored footprint (Mallory's decision, citing the commit that wrote
``src/lib.py``, stores a footprint on ``src/app.py``: Alice's change to ``lib.py`` was
never blamed, so the restore block never flagged it), and ``in_force`` skipped any
decision whose stored footprint is empty (a decision citing a commit, forged to store
none, governed nothing: no drift, nothing at the point of action).
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from gitledger.storage.drift_cache import CACHE_FILE
from tests.conftest import installed_git_ledger, settle
from tests.remote_fixtures import Clone, Team, subprocess_env
from tests.trust.test_footprints import _hook
from tests.trust.test_outsider import SECONDS, _decision, _pair
from tests.trust.test_teammate_drift import _commit_all, _plant, _share

APP = "".join(f"app {n}\n" for n in range(1, 41))
LIB = "".join(f"lib {n}\n" for n in range(1, 11))


@pytest.fixture(autouse=True)
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = str(installed_git_ledger().parent)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")


def _code(alice: Clone) -> tuple[str, str]:
    """Alice's two commits: the app, then the lib (their ids)."""
    (alice.path / "src").mkdir()
    (alice.path / "src" / "app.py").write_text(APP)
    first = _commit_all(alice, "the app")
    (alice.path / "src" / "lib.py").write_text(LIB)
    return first, _commit_all(alice, "the lib")


def _planted(team: Team, entry_id: str, footprint: Callable[[str], list[str]]) -> Clone:
    """Alice's clone after she pulled Mallory's project decision ``entry_id``, which cites
    the lib's commit and stores ``footprint(the app's commit)``."""
    alice, mallory = _pair(team)
    first, lib = _code(alice)
    _share(alice, mallory)
    _plant(alice, mallory, {entry_id: _decision(
        entry_id, "Keep the lib small", evidence=json.dumps([f"git:{lib}"]),
        footprint=json.dumps(footprint(first)))})
    return alice


def _git_commit(alice: Clone, name: str, text: str, message: str) -> str:
    """A real ``git commit`` through the installed hooks, its queue applied."""
    env = {**subprocess_env(), "GIT_AUTHOR_NAME": alice.name, "GIT_AUTHOR_EMAIL": alice.email,
           "GIT_COMMITTER_NAME": alice.name, "GIT_COMMITTER_EMAIL": alice.email}
    (alice.path / name).write_text(text)
    for args in (["add", name], ["commit", "-q", "-m", message]):
        subprocess.run(["git", *args], cwd=alice.path, env=env, check=True,
                       capture_output=True, timeout=SECONDS)
    settle(alice.path)
    return alice.git("rev-parse", "HEAD").strip()


def _drift_record(alice: Clone, entry_id: str) -> dict[str, object] | None:
    path = Path(alice.git("rev-parse", "--absolute-git-dir").strip()) / CACHE_FILE
    if not path.exists():
        return None
    found = json.loads(path.read_text())["decisions"].get(entry_id)
    return found if isinstance(found, dict) else None


def test_a_commit_picks_a_teammates_decision_by_the_footprint_its_evidence_derives(
        team: Team) -> None:
    # Cites the lib's commit; its blob says it governs the app's lines instead.
    alice = _planted(team, "d-hhhhhhhhhh", lambda first: [f"{first} 1-40 src/app.py"])
    assert alice("install").exit_code == 0
    # The shell part hands a commit to Python when it names a token; every one here.
    (Path(alice.git("rev-parse", "--absolute-git-dir").strip()) / "ledger-paths") \
        .write_text("\n")

    _git_commit(alice, "src/app.py", APP.replace("app 3\n", "APP 3\n"), "the app, again")
    record = _drift_record(alice, "d-hhhhhhhhhh")
    assert record is None or record["lines"] == 0, record  # not attached to the app

    _git_commit(alice, "src/lib.py", LIB.replace("lib 3\n", "LIB 3\n"), "the lib, again")
    record = _drift_record(alice, "d-hhhhhhhhhh")
    assert record is not None  # not hidden from the lib
    assert record["lines"] == 1, record
    restored = alice("restore")
    assert restored.exit_code == 0, restored.stderr
    line = next(x for x in restored.stdout.splitlines() if "Keep the lib small" in x)
    assert "DRIFT" in line, line

    # ``why`` finds the decisions that may govern a file through the link index: by the
    # commits their evidence cites too, not only the files their stored footprint names.
    assert alice("check").exit_code in (0, 1)  # a whole check indexes the ledgers
    why = alice("why", "src/lib.py", "--json")
    assert why.exit_code == 0, why.stderr
    governing = {g["id"] for g in json.loads(why.stdout)["governing"]}
    assert "d-hhhhhhhhhh" in governing, governing


def test_a_teammates_decision_citing_a_commit_governs_without_a_stored_footprint(
        team: Team) -> None:
    alice = _planted(team, "d-eeeeeeeeee", lambda first: [])

    (alice.path / ".git" / "ledger-paths").write_text("\n")
    payload: dict[str, object] = {"session_id": "s-1", "transcript_path": "/nowhere.jsonl",
               "cwd": str(alice.path), "hook_event_name": "PreToolUse", "tool_name": "Edit",
               "tool_input": {"file_path": str(alice.path / "src" / "lib.py"),
                              "old_string": "lib 3\n", "new_string": "LIB 3\n"}}
    told = _hook(alice, payload, "git", "ledger", "hook", "pre-tool-use", "--agent", "claude")
    line = next((x for x in told.splitlines() if "Keep the lib small" in x), told)
    assert "[by Mallory]" in line, line

    (alice.path / "src" / "lib.py").write_text(LIB.replace("lib 3\n", "LIB 3\n"))
    _commit_all(alice, "the lib, again")
    drifted = {d["id"]: d for d in alice.json("drift")["decisions"]}
    assert [f["path"] for f in drifted["d-eeeeeeeeee"]["files"]] == ["src/lib.py"], drifted
    assert "Mallory" in drifted["d-eeeeeeeeee"]["label"]
    check = json.loads(alice("check", "--json").stdout)
    findings = {(f["rule"], f["entry"]) for f in check["findings"]}
    assert ("decision-drift", "d-eeeeeeeeee") in findings, findings
