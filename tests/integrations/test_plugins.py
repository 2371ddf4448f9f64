"""``install --agent pi``: an agent whose hooks are a plugin we ship, not entries in a config.

Install writes ``hooks/pi/git-ledger.ts`` byte for byte where Pi loads project extensions,
says which events it covers, changes nothing the second time, brings an older copy of ours
up to date, and refuses (untouched) a file of that name that is not ours; uninstall deletes
only ours.  The plugin runs exactly the commands the other agents' hooks run.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import Result

from gitledger.integrations.agent_registry import HOOKED, PI
from gitledger.integrations.agents import PLUGIN_MARK, command
from tests.conftest import Run

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / PI.example


def ok(result: Result) -> str:
    assert result.exit_code == 0, result.output
    return result.stdout


def test_install_writes_the_shipped_plugin_and_uninstall_removes_it(ledger: Run,
                                                                    repo: Path) -> None:
    out = ok(ledger("install", "--agent", "pi"))
    plugin = repo / PI.config
    assert plugin.read_bytes() == SHIPPED.read_bytes()
    assert out.splitlines()[:6] == [
        ".pi/extensions/git-ledger.ts: created",
        "  + session_start           git ledger hook session-start --agent pi",
        "  + session_before_compact  git ledger hook pre-compact --agent pi",
        "  + session_shutdown        git ledger hook session-end --agent pi",
        "  + tool_call               git-ledger-pre-tool-use pi",
        "  + agent_end               git ledger check --hook stop --agent pi",
    ]
    again = json.loads(ok(ledger("install", "--agent", "pi", "--json")))
    assert again["file"] == "unchanged"
    assert {c["action"] for c in again["changes"]} == {"unchanged"}
    gone = ok(ledger("uninstall", "--agent", "pi"))
    assert ".pi/extensions/git-ledger.ts: deleted" in gone
    assert not (repo / ".pi" / "extensions").exists()


def test_an_older_copy_of_ours_is_brought_up_to_date(ledger: Run, repo: Path) -> None:
    plugin = repo / PI.config
    plugin.parent.mkdir(parents=True)
    plugin.write_text(f"{PLUGIN_MARK}Pi: an older release\n")
    out = ok(ledger("install", "--agent", "pi"))
    assert ".pi/extensions/git-ledger.ts: updated" in out
    assert plugin.read_bytes() == SHIPPED.read_bytes()


def test_a_file_of_that_name_that_is_not_ours_is_left_alone(ledger: Run, repo: Path) -> None:
    plugin = repo / PI.config
    plugin.parent.mkdir(parents=True)
    plugin.write_text("export default function (pi) {}\n")
    refused = ledger("install", "--agent", "pi")
    assert refused.exit_code == 1
    assert refused.stderr.count("\n") == 1
    assert "not git ledger's" in refused.stderr
    assert plugin.read_text() == "export default function (pi) {}\n"
    out = ok(ledger("uninstall", "--agent", "pi"))
    assert "unchanged" in out
    assert plugin.read_text() == "export default function (pi) {}\n"


def test_a_dry_run_writes_nothing(ledger: Run, repo: Path) -> None:
    out = ok(ledger("install", "--agent", "pi", "--dry-run"))
    assert ".pi/extensions/git-ledger.ts: would be created" in out
    assert not (repo / ".pi").exists()


def test_the_plugin_runs_the_commands_every_agent_runs() -> None:
    text = SHIPPED.read_text()
    assert text.startswith(PLUGIN_MARK + "Pi")
    for event in HOOKED:
        *words, agent = command("pi", event).split()
        assert agent == "pi"
        # The command's words, then the agent's name (AGENT in the plugin).
        assert f"[{', '.join(json.dumps(w) for w in words)}, AGENT]" in text, event
        assert f'"{PI.events[event]}"' in text, event
