"""Which of two entries came first, wherever the checks order a pair, comes from the
ledger's history, never from a blob's ``created`` nor from a commit date a writer chose.

``retried-approach`` (a live decision repeating an approach dropped *before* it) ordered
the pair by ``created``; and ``Store.arrived`` took the committer time of the commit that
brought an entry in, which ``commit-tree`` sets to anything: a teammate's commit dated
2000 on top of Alice's history made their entry "older" than hers.
"""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from gitledger.core.ids import entry_path
from tests.remote_fixtures import Team, put_blob
from tests.trust.test_outsider import _pair

PROJECT = "refs/ledger/project"
MALLORY = ("Mallory", "mallory@example.com")


def _dropped(entry_id: str, text: str, created: str) -> str:
    return (f'id = "{entry_id}"\nkind = "dropped"\ntext = {json.dumps(text)}\n'
            f'why = "too slow"\ncreated = {created}\nauthor = "Alice <alice@example.com>"\n'
            "seq = 9\n")


def _about(report: dict[str, object], entry_id: str) -> list[dict[str, str]]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return [f for f in findings if entry_id in (f["entry"], f.get("cause"))
            and f["rule"] in ("retried-approach", "teammate-conflict")]


def test_a_drop_written_after_a_decision_is_not_what_the_decision_retries(
        team: Team) -> None:
    alice, _ = _pair(team)
    mine = alice.ok("decide", "--project", "Cache in Redis", "--scope", "cache")
    # Alice drops the same words later, her blob's created hand-dated 2000.
    put_blob(alice.path, PROJECT, entry_path("x-aaaaaaaaaa"),
             _dropped("x-aaaaaaaaaa", "Cache in Redis", "2000-01-01T00:00:00Z"),
             (alice.name, alice.email))
    report = json.loads(alice("check", "--json", "--project").stdout)
    assert _about(report, mine) == [], report


def test_a_commit_dated_2000_on_top_of_alices_history_is_not_older(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, mallory = _pair(team)
    mine = alice.ok("decide", "--project", "Cache in Redis", "--scope", "cache")
    alice.ok("push")
    mallory.ok("pull")
    blob = _dropped("x-mmmmmmmmmm", "Cache in Redis", "2000-01-01T00:00:00Z")
    for role in ("AUTHOR", "COMMITTER"):  # the team's clock sets them again at its next tick
        monkeypatch.setenv(f"GIT_{role}_DATE", "2000-01-01T00:00:00Z")
    put_blob(mallory.path, PROJECT, entry_path("x-mmmmmmmmmm"), blob, MALLORY)
    stamp = subprocess.run(["git", "log", "-1", "--format=%cI", PROJECT], cwd=mallory.path,
                           capture_output=True, text=True, check=True).stdout
    assert re.match(r"2000-01-01", stamp), stamp
    mallory.git("push", "-q", "origin", PROJECT)
    assert alice("pull").exit_code == 0
    report = json.loads(alice("check", "--json", "--project").stdout)
    assert _about(report, mine) == [], report
