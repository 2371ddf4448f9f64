"""The entries that govern code, read from the ledgers: the project ledger's saved part
brought up to date from the entries changed since it was saved, never read whole again
for a change of a few (a year of a team holds 20,000 decisions, and every pull moves the
project ledger), yet always what a whole read says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gitledger.derived.governing_cache import current_key
from gitledger.ledger.decisions import reject
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import GOVERNING_FILE, PROJECT_REF
from gitledger.views.governing_ledgers import governing, read_governing
from tests.builders import saved_governing, write_saved_governing
from tests.conftest import git

OTHER = {"GIT_AUTHOR_NAME": "Mallory Other", "GIT_AUTHOR_EMAIL": "mallory@example.com"}


def saved_file(repo: Path) -> Path:
    return Path(git(repo, "rev-parse", "--absolute-git-dir").strip()) / GOVERNING_FILE


def read_now(repo: Path) -> list[list[Any]]:
    """What ``governing`` reads now: from the saved copy, caught up where it is behind."""
    governing(str(repo), [("src/a.py", ())])
    key = current_key(str(repo))
    assert key is not None
    document = saved_governing(saved_file(repo))
    assert document["parts"]["project"]["key"]["tip"] == key.project_tip
    return [item for part in ("session", "project")
            for item in document["parts"][part]["entries"]]


def read_whole(repo: Path) -> list[list[Any]]:
    return read_governing(str(repo), None)


def decide(repo: Path, text: str, **fields: Any) -> str:
    result = Ledger.open(repo, project=True, session="").decide(text, **fields)
    assert result.entry is not None
    return result.entry.id


def mark_saved(repo: Path, entry_id: str, text: str) -> None:
    """Change the saved copy of ``entry_id`` (derived data, local): a whole read would not
    say ``text``, a caught-up one keeps it."""
    path = saved_file(repo)
    document = saved_governing(path)
    for item in document["parts"]["project"]["entries"]:
        if item[2]["id"] == entry_id:
            item[2]["text"] = text
    write_saved_governing(path, document)


@pytest.fixture
def project(repo: Path) -> Path:
    (repo / "src").mkdir()
    (repo / "src" / "a.py").write_text("a = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    return repo


def test_a_project_write_reads_only_the_entries_it_changed(project: Path) -> None:
    kept = decide(project, "Keep a in one module", paths=["src/a.py"])
    read_now(project)
    mark_saved(project, kept, "as saved")
    added = decide(project, "Keep a small", paths=["src/*.py"])
    texts = {item[2]["id"]: item[2]["text"] for item in read_now(project)}
    assert texts == {kept: "as saved", added: "Keep a small"}
    # Unless the saved tip is no ancestor of the ledger's (rewritten): read whole.
    tip = git(project, "rev-parse", PROJECT_REF).strip()
    rewritten = git(project, "commit-tree", "-m", "rewritten", f"{tip}^{{tree}}").strip()
    git(project, "update-ref", PROJECT_REF, rewritten, tip)
    texts = {item[2]["id"]: item[2]["text"] for item in read_now(project)}
    assert texts == {kept: "Keep a in one module", added: "Keep a small"}


def test_caught_up_is_what_a_whole_read_says(project: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    mine = decide(project, "Mine: keep a in one module", paths=["src/a.py"])
    rejected = decide(project, "Mine: split a", paths=["src/a.py"])
    untouched = decide(project, "Mine: never touched", paths=["src/a.py"])
    read_now(project)
    mark_saved(project, untouched, "as saved")
    # Someone else changes my decision and puts its text back: the blob is as saved,
    # yet its history names them now, so its label changes.
    with monkeypatch.context() as other:
        for name, value in OTHER.items():
            other.setenv(name, value)
        ledger = Ledger.open(project, project=True, session="")
        ledger.edit(mine, text="Theirs now")
        ledger.edit(mine, text="Mine: keep a in one module")
        theirs = decide(project, "Theirs: a stays tiny", paths=["src/a.py"])
    ours = Ledger.open(project, project=True, session="")
    reject(ours, rejected, why="a is small enough")
    ours.edit(theirs, paths=["src/a.py", "src/b.py"])
    caught_up = read_now(project)
    labels = {item[2]["id"]: item[1] for item in caught_up}
    assert "Mallory Other" in labels[mine]
    assert "Mallory Other" in labels[theirs]
    # Only the untouched one was not read again; the rest is what a whole read says.
    marked = next(item for item in caught_up if item[2]["id"] == untouched)
    assert marked[2]["text"] == "as saved"
    marked[2]["text"] = "Mine: never touched"
    assert caught_up == read_whole(project)
