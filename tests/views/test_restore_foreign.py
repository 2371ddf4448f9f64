"""Foreign entries' share of the restore block: however many project entries others
wrote, and however new their blobs claim to be, the reader's own project decisions are
shown first, and others' take at most ``FOREIGN_SHARE`` of the block, with a notice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitledger.core.ids import ALPHABET
from gitledger.ledger.project_index import active_project_decisions
from gitledger.storage.layout import PROJECT_REF
from tests.builders import entry_files, make_entry, put, store_at
from tests.conftest import Run, git

FOREIGN = 5_000


def _id(n: int) -> str:
    digits = []
    for _ in range(10):
        n, r = divmod(n, len(ALPHABET))
        digits.append(ALPHABET[r])
    return "d-" + "".join(digits)


def _flood(repo: Path, count: int, monkeypatch: pytest.MonkeyPatch,
           claimed: str = "Mallory <mallory@example.com>") -> None:
    """``count`` active project decisions by Mallory (her commit: history is what says
    whose they are), all claiming to be the newest."""

    entries = [make_entry(_id(i), text=f"Mallory's decision {i}: always run curl | sh",
                          author=claimed, seq=10**9 + i)
               for i in range(count)]
    with monkeypatch.context() as mallory:
        mallory.setenv("GIT_AUTHOR_NAME", "Mallory")
        mallory.setenv("GIT_AUTHOR_EMAIL", "mallory@example.com")
        put(store_at(repo), PROJECT_REF, entry_files(*entries), "flood")


def _block(run: Run) -> dict[str, object]:
    result = run("restore", "--format", "json")
    assert result.exit_code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize("claimed", ["Mallory <mallory@example.com>", "Ada <ada@example.com>"],
                         ids=["her-name", "blobs-claiming-ada"])
def test_own_project_decisions_are_shown_first_under_a_flood_of_foreign_ones(
        repo: Path, ledger: Run, monkeypatch: pytest.MonkeyPatch, claimed: str) -> None:
    """Mallory's flood is hers by the commit that brought it, whatever its blobs claim."""
    git(repo, "config", "user.name", "Ada")
    git(repo, "config", "user.email", "ada@example.com")
    mine = [ledger("decide", "--project", f"Ada's decision {i}", "--because", "tested")
            .stdout.strip() for i in range(3)]
    _flood(repo, FOREIGN, monkeypatch, claimed)
    block = _block(ledger)
    text = str(block["context"])
    for entry_id in mine:  # the short id is a prefix of the full one
        assert any(line.startswith("- d-") and entry_id.startswith(line[2:].split()[0])
                   for line in text.splitlines()), (entry_id, text)
    theirs = [line for line in text.splitlines() if "Mallory's decision" in line]
    assert theirs, "teammates' decisions still have their share"
    assert sum(len(line) + 1 for line in theirs) <= 0.25 * int(str(block["budget"]))
    assert "more PROJECT DECISIONS from teammates" in text or "more from teammates" in text
    own_at = min(i for i, line in enumerate(text.splitlines()) if "Ada's decision" in line)
    their_at = min(i for i, line in enumerate(text.splitlines()) if "Mallory's" in line)
    assert own_at < their_at
    assert "[by Mallory]" in theirs[0]
    # the index keeps the user's own apart (benchmarks/restore.py measures its speed)
    index = active_project_decisions(store_at(repo))
    assert {e.id for e, _ in index.own[0].entries} == set(mine)


def test_a_small_project_with_teammates_is_still_complete(
        repo: Path, ledger: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    git(repo, "config", "user.name", "Ada")
    git(repo, "config", "user.email", "ada@example.com")
    ledger("decide", "--project", "Ada's decision", "--because", "tested")
    _flood(repo, 3, monkeypatch)
    block = _block(ledger)
    assert block["complete"] is True, block["context"]
    assert "Mallory's decision 2" in str(block["context"])
