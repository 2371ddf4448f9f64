"""Attack 2 of issue 41: a teammate's decision made your Stop hook tell your agent to
reject your own decision.

Mallory runs a plain ``git ledger decide --project "Store sessions in Redis" --over "Use
Postgres"``, where "Use Postgres" is Alice's decision.  After Alice pulled, her Stop hook
blocked with ``revived-alternative d-<Alice's id> … (fix: git ledger reject d-<Alice's
id> …)``, naming nobody.  Now it is a ``teammate-conflict`` warning naming Mallory, which
lets the agent stop, and no fix tells Alice to change her entry.
"""

from __future__ import annotations

import json
import re

from gitledger.core.ids import entry_path
from gitledger.integrations.stop_hook import run_stop_check
from tests.remote_fixtures import Team, put_blob

PROJECT = "refs/ledger/project"


def test_a_teammates_over_is_a_question_for_the_team_not_a_block(team: Team) -> None:
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    mine = alice.ok("decide", "--project", "Use Postgres", "--because", "durable")
    alice.ok("push")
    mallory.ok("pull")
    theirs = mallory.ok("decide", "--project", "Store sessions in Redis", "--over",
                        "Use Postgres", "--because", "fast")
    mallory.ok("push")
    pulled = alice("pull")
    assert pulled.exit_code == 0, pulled.stderr

    report = json.loads(alice("check", "--json").stdout)
    about_mine = [f for f in report["findings"] if f["entry"] == mine]
    assert about_mine, report
    for finding in about_mine:
        assert finding["severity"] == "warning", finding
        assert finding["rule"] == "teammate-conflict", finding
        assert "Mallory" in finding["message"]
        assert theirs in finding["message"]
        assert f"reject {mine}" not in finding["fix"]
    payload = {"session_id": "s-1", "hook_event_name": "Stop", "stop_hook_active": False,
               "cwd": str(alice.path), "prompt_id": "p-1"}
    answer = run_stop_check("claude", json.dumps(payload).encode(), {}, cwd=alice.path)
    assert answer.stdout == "", answer.stdout
    assert f"reject {mine}" not in answer.stdout + answer.stderr


def test_a_scope_conflict_with_a_teammate_is_theirs_to_settle_whatever_created_says(
        team: Team) -> None:
    """``scope-conflict`` told the entry whose blob's ``created`` was older to narrow or
    retire: a teammate who writes a decision in your scope, dated 2000 or not, made your
    agent retire yours."""
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    mine = alice.ok("decide", "--project", "Use Postgres", "--because", "durable",
                    "--scope", "storage")
    alice.ok("push")
    mallory.ok("pull")
    made = mallory("decide", "--project", "Use MySQL", "--because", "cheap", "--scope",
                   "storage")
    assert made.exit_code == 0, made.stderr  # warned, and written: the team's question
    theirs = made.stdout.strip()
    path = entry_path(theirs)
    blob = mallory.git("show", f"{PROJECT}:{path}")
    dated = re.sub(r"(?m)^created = .*$", "created = 2000-01-01T00:00:00Z", blob)
    assert dated != blob
    put_blob(mallory.path, PROJECT, path, dated)
    mallory.git("push", "-q", "origin", PROJECT)
    assert alice("pull").exit_code == 0

    report = json.loads(alice("check", "--json").stdout)
    conflicts = [f for f in report["findings"] if {f["entry"]} & {mine, theirs}]
    assert conflicts, report
    for finding in conflicts:
        assert finding["rule"] == "teammate-conflict", finding
        assert finding["severity"] == "warning"
        assert "Mallory" in finding["message"]
        assert f"{mine} --scope" not in finding["fix"]
        assert f"reject {mine}" not in finding["fix"]
