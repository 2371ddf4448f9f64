"""``git ledger install`` / ``uninstall --agent``: merge into the agents' configs, never clobber.

Every agent's config is tried with hooks and settings of the user's already in it: those
survive install and uninstall in content and in key order, a second install changes
nothing, uninstall gives back the original document, a file that is not valid JSON (or
not the documented shape) is refused and left byte-for-byte alone, and ``--dry-run``
writes nothing.  The examples in ``hooks/`` are exactly what install writes.  Each agent
that has an end-of-turn event also gets the Stop entry (``git ledger check --hook stop``).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from gitledger.integrations.agent_registry import AGENTS, BY_NAME, HOOKED, REGISTRY
from gitledger.integrations.agents import (
    PLUGIN_MARK,
    command,
    config_for_empty_project,
    install,
    plugin_source,
    uninstall,
)
from tests.conftest import Run, git

ROOT = Path(__file__).resolve().parents[2]
#: The agents whose hooks are entries in a JSON config (Pi's are a plugin we ship:
#: tests/integrations/test_plugins.py).
CONFIG_AGENTS = tuple(a.name for a in REGISTRY if not a.plugin)

#: A config per agent with the user's own hooks and settings in it.
#: The agents whose hooks are entries in a JSON config (the others load our plugin file).
CONFIG_AGENTS = tuple(a for a in AGENTS if not BY_NAME[a].plugin)
PLUGIN_AGENTS = tuple(a for a in AGENTS if BY_NAME[a].plugin)
#: The plugins generated from a family's template (integrations/plugins.py).
TEMPLATE_PLUGINS = tuple(a.name for a in REGISTRY if a.template)

EXISTING: dict[str, dict[str, Any]] = {
    "claude": {
        "$schema": "https://json.schemastore.org/claude-code-settings.json",
        "permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Read(./.env)"]},
        "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": "./.claude/hooks/block-rm.sh"}]}],
            "SessionStart": [{"matcher": "startup", "hooks": [
                {"type": "command", "command": "echo 'welcome, Zoë'", "timeout": 5}]}],
        },
        "env": {"NODE_ENV": "development"},
    },
    "codex": {
        "hooks": {
            "Stop": [{"hooks": [{"type": "command", "command": "python3 .codex/stop.py"}]}],
            "SessionStart": [{"matcher": "startup|resume", "hooks": [
                {"type": "command", "command": "bd prime", "statusMessage": "priming"}]}],
        },
    },
    "gemini": {
        "general": {"vimMode": True},
        "hooksConfig": {"enabled": True},
        "hooks": {
            "disabled": ["secret-scanner"],
            "BeforeTool": [{"matcher": "write_file|replace", "hooks": [
                {"name": "secret-scanner", "type": "command",
                 "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/scan.sh", "timeout": 5000}]}],
            "SessionEnd": [{"hooks": [
                {"name": "bye", "type": "command", "command": "echo bye"}]}],
        },
        "ui": {"theme": "GitHub"},
    },
    "qwen": {
        "model": {"name": "qwen3-coder-plus"},
        "hooks": {
            "PreToolUse": [{"matcher": "run_shell_command", "hooks": [
                {"type": "command", "command": "$QWEN_PROJECT_DIR/.qwen/guard.sh",
                 "timeout": 5}]}],
        },
    },
    "droid": {
        "model": "custom:scripted",
        "hooks": {
            "PreToolUse": [{"matcher": "Execute", "hooks": [
                {"type": "command", "command": "$FACTORY_PROJECT_DIR/.factory/guard.sh",
                 "timeout": 5}]}],
        },
    },
    "cursor": {
        "version": 1,
        "hooks": {
            "afterFileEdit": [{"command": ".cursor/hooks/format.sh"}],
            "sessionStart": [{"command": ".cursor/hooks/session-init.sh", "timeout": 10}],
            "stop": [{"command": ".cursor/hooks/audit.sh", "loop_limit": 10}],
        },
    },
    "copilot": {
        "version": 1,
        "hooks": {
            "preToolUse": [{"type": "command", "bash": "./scripts/guard.sh", "timeoutSec": 10}],
            "SessionStart": [{"hooks": [{"type": "command", "command": "echo 'welcome'"}]}],
        },
    },
}


def config(repo: Path, agent: str) -> Path:
    return repo / BY_NAME[agent].config


def write_json_file(path: Path, document: Any, indent: int | str = 2) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(document, indent=indent, ensure_ascii=False) + "\n").encode()
    path.write_bytes(data)
    return data


def ok(result: Result) -> str:
    assert result.exit_code == 0, result.output
    return result.output


def refused(result: Result) -> str:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    return result.stderr


def our_commands(document: dict[str, Any]) -> list[str]:
    """Every command of ours in a config document, in order."""
    found: list[str] = []
    for items in document.get("hooks", {}).values():
        if not isinstance(items, list):
            continue
        for item in items:
            handlers = item.get("hooks", [item]) if isinstance(item, dict) else []
            found += [h["command"] for h in handlers if isinstance(h, dict) and any(
                mark in h.get("command", "") for mark in (
                    "git ledger hook", "git ledger check --hook", "git-ledger-pre-tool-use "))]
    return found


def leftovers(repo: Path) -> list[Path]:
    return [p for p in repo.rglob("*.tmp") if ".git" not in p.parts]


# -- into an empty project ------------------------------------------------------------------


@pytest.mark.parametrize("agent", CONFIG_AGENTS)
def test_examples_in_hooks_are_what_install_writes(ledger: Run, repo: Path,
                                                   agent: str) -> None:
    out = ok(ledger("install", "--agent", agent))
    path = config(repo, agent)
    example = ROOT / "hooks" / agent / path.name
    assert path.read_bytes() == example.read_bytes(), (
        f"hooks/{agent}/{path.name} is stale: it must be exactly what install writes"
    )
    if agent in TEMPLATE_PLUGINS:
        assert path.read_text() == plugin_source(BY_NAME[agent])
    elif not BY_NAME[agent].plugin:
        assert json.loads(path.read_text()) == config_for_empty_project(BY_NAME[agent])
    assert f"{BY_NAME[agent].config}: created" in out
    assert leftovers(repo) == []


@pytest.mark.parametrize("agent", AGENTS)
def test_install_then_uninstall_leaves_no_trace(ledger: Run, repo: Path, agent: str) -> None:
    ok(ledger("install", "--agent", agent))
    out = ok(ledger("uninstall", "--agent", agent))
    assert f"{BY_NAME[agent].config}: deleted" in out
    assert not config(repo, agent).exists()
    assert not config(repo, agent).parent.exists()


def test_the_agent_dir_stays_when_it_holds_other_files(ledger: Run, repo: Path) -> None:
    (repo / ".claude").mkdir()
    (repo / ".claude" / "CLAUDE.md").write_text("notes\n")
    ok(ledger("install", "--agent", "claude"))
    ok(ledger("uninstall", "--agent", "claude"))
    assert not (repo / ".claude" / "settings.json").exists()
    assert (repo / ".claude" / "CLAUDE.md").read_text() == "notes\n"


def test_claude_entries(repo: Path) -> None:
    install(repo, "claude")
    document = json.loads(config(repo, "claude").read_text())
    start = document["hooks"]["SessionStart"]
    assert start == [{"matcher": "startup|resume|clear|compact|fork", "hooks": [
        {"type": "command", "command": "git ledger hook session-start --agent claude",
         "timeout": 30}]}]
    assert list(document["hooks"]) == ["SessionStart", "PreCompact", "SessionEnd",
                                       "PreToolUse", "Stop"]
    assert document["hooks"]["PreToolUse"] == [{
        "matcher": "Edit|Write|MultiEdit|NotebookEdit|Bash", "hooks": [
            {"type": "command", "command": "git-ledger-pre-tool-use claude",
             "timeout": 30}]}]
    assert document["hooks"]["Stop"] == [{"hooks": [
        {"type": "command", "command": "git ledger check --hook stop --agent claude",
         "timeout": 30}]}]


#: The Stop entry each agent gets, under the agent's name for its end-of-turn event.
STOP_ENTRIES: dict[str, tuple[str, dict[str, Any]]] = {
    "claude": ("Stop", {"hooks": [
        {"type": "command", "command": "git ledger check --hook stop --agent claude",
         "timeout": 30}]}),
    "codex": ("Stop", {"hooks": [
        {"type": "command", "command": "git ledger check --hook stop --agent codex",
         "timeout": 30, "statusMessage": "Checking the git ledger"}]}),
    "gemini": ("AfterAgent", {"hooks": [
        {"name": "git-ledger-stop", "type": "command",
         "command": "git ledger check --hook stop --agent gemini", "timeout": 30000,
         "description": "Check the git ledger after each turn; ask for one retry to fix "
                        "its errors"}]}),
    "qwen": ("Stop", {"hooks": [
        {"type": "command", "command": "git ledger check --hook stop --agent qwen",
         "timeout": 30}]}),
    "droid": ("Stop", {"hooks": [
        {"type": "command", "command": "git ledger check --hook stop --agent droid",
         "timeout": 30}]}),
    "cursor": ("stop", {"command": "git ledger check --hook stop --agent cursor",
                        "timeout": 30}),
    "copilot": ("Stop", {"hooks": [
        {"type": "command", "command": "git ledger check --hook stop --agent copilot",
         "timeout": 30}]}),
}


@pytest.mark.parametrize("agent", CONFIG_AGENTS)
def test_stop_entry_per_agent(repo: Path, agent: str) -> None:
    event, wanted = STOP_ENTRIES[agent]
    report = install(repo, agent)
    document = json.loads(config(repo, agent).read_text())
    assert document["hooks"][event] == [wanted]
    assert list(document["hooks"])[-1] == event  # written after the hook events
    assert BY_NAME[agent].events["stop"] == event
    stop = [c for c in report.changes if c.event == event]
    assert [(c.action, c.command) for c in stop] == [("added", command(agent, "stop"))]
    assert any("git ledger check" in note for note in report.notes)

    again = install(repo, agent)
    assert again.file == "unchanged"
    assert [c.action for c in again.changes if c.event == event] == ["unchanged"]

    removed = uninstall(repo, agent)
    assert ("removed", command(agent, "stop")) in [(c.action, c.command)
                                                   for c in removed.changes]
    assert not config(repo, agent).exists()


#: The events an agent's hooks or plugin cannot have, and so the record leaves out.
CANNOT = {"cline": {"stop"}}  # a Cline plugin cannot send the agent back


def test_every_agent_gets_every_hooked_event() -> None:
    assert HOOKED[-1] == "stop"
    for agent in AGENTS:
        spec = BY_NAME[agent]
        assert set(spec.events) == set(HOOKED) - CANNOT.get(agent, set())
        assert command(agent, "stop") == f"git ledger check --hook stop --agent {agent}"
        assert command(agent, "pre-compact") == f"git ledger hook pre-compact --agent {agent}"


@pytest.mark.parametrize("agent", [a.name for a in REGISTRY if a.grouped])
def test_a_users_stop_hooks_are_kept(repo: Path, agent: str) -> None:
    event, ours = STOP_ENTRIES[agent]
    theirs = {"hooks": [{"type": "command", "command": "./notify-done.sh"}]}
    path = config(repo, agent)
    original = {"hooks": {event: [theirs]}}
    write_json_file(path, original)
    install(repo, agent)
    assert json.loads(path.read_text())["hooks"][event] == [theirs, ours]
    uninstall(repo, agent)
    assert json.loads(path.read_text()) == original


def test_a_users_cursor_stop_hook_is_kept(repo: Path) -> None:
    _, ours = STOP_ENTRIES["cursor"]
    theirs = {"command": ".cursor/hooks/audit.sh", "loop_limit": 10}
    path = config(repo, "cursor")
    original = {"version": 1, "hooks": {"stop": [theirs]}}
    write_json_file(path, original)
    install(repo, "cursor")
    assert json.loads(path.read_text())["hooks"]["stop"] == [theirs, ours]
    assert install(repo, "cursor").file == "unchanged"
    uninstall(repo, "cursor")
    assert json.loads(path.read_text()) == original


def test_an_older_stop_entry_of_ours_is_updated_not_duplicated(repo: Path) -> None:
    path = config(repo, "claude")
    lint = {"type": "command", "command": "./lint.sh"}
    older = {"type": "command", "command": "git ledger check --hook stop", "timeout": 5}
    write_json_file(path, {"hooks": {"Stop": [{"hooks": [lint, older]}]}})
    report = install(repo, "claude")
    assert [c.action for c in report.changes if c.event == "Stop"] == ["updated"]
    stop = json.loads(path.read_text())["hooks"]["Stop"]
    assert stop == [STOP_ENTRIES["claude"][1], {"hooks": [lint]}]
    assert install(repo, "claude").file == "unchanged"


def test_install_from_a_subdirectory_writes_at_the_top(ledger: Run, repo: Path) -> None:
    sub = repo / "src" / "pkg"
    sub.mkdir(parents=True)
    install(sub, "codex")
    assert config(repo, "codex").is_file()
    assert not (sub / ".codex").exists()


def test_install_outside_a_repository_is_refused(runner: Any, tmp_path: Path) -> None:
    from gitledger.cli import cli

    result = runner.invoke(cli, ["install", "--agent", "claude", "-C", str(tmp_path)])
    assert "not a git repository" in refused(result)
    assert not (tmp_path / ".claude").exists()


# -- merging with what is there ----------------------------------------------------------------


@pytest.mark.parametrize("agent", CONFIG_AGENTS)
def test_other_hooks_and_settings_survive(ledger: Run, repo: Path, agent: str) -> None:
    original = EXISTING[agent]
    path = config(repo, agent)
    before = write_json_file(path, original)
    out = ok(ledger("install", "--agent", agent))
    assert f"{BY_NAME[agent].config}: updated" in out
    merged = json.loads(path.read_text())
    assert list(merged) == list(original)  # top-level key order kept
    for key, value in original.items():
        if key != "hooks":
            assert merged[key] == value
    for event, items in original["hooks"].items():
        assert merged["hooks"][event][: len(items)] == items  # theirs first, untouched
    assert list(merged["hooks"])[: len(original["hooks"])] == list(original["hooks"])
    spec = BY_NAME[agent]
    assert len(our_commands(merged)) == len(spec.events)

    # Idempotent: the same bytes, and the report says so.
    installed = path.read_bytes()
    out = ok(ledger("install", "--agent", agent))
    assert f"{spec.config}: unchanged" in out
    assert path.read_bytes() == installed

    # Uninstall gives back the original document, key order included.
    out = ok(ledger("uninstall", "--agent", agent))
    assert f"{spec.config}: updated" in out
    restored = json.loads(path.read_text())
    assert restored == original
    assert list(restored) == list(original)
    assert list(restored["hooks"]) == list(original["hooks"])
    assert path.read_bytes() == before
    assert leftovers(repo) == []


def test_a_stale_entry_of_ours_is_updated_in_place(repo: Path) -> None:
    path = config(repo, "claude")
    stale = {"type": "command", "command": "git ledger hook session-start --agent claude",
             "timeout": 5}
    mine = {"type": "command", "command": "./mine.sh"}
    write_json_file(path, {"hooks": {"SessionStart": [
        {"matcher": "startup", "hooks": [mine]},
        {"matcher": "startup", "hooks": [stale]},
        {"matcher": "resume", "hooks": [dict(stale)]},
    ]}})
    report = install(repo, "claude")
    assert [c.action for c in report.changes] == ["updated", "added", "added", "added",
                                                  "added"]
    start = json.loads(path.read_text())["hooks"]["SessionStart"]
    assert start[0] == {"matcher": "startup", "hooks": [mine]}
    assert len(start) == 2
    assert start[1]["hooks"][0]["timeout"] == 30
    assert install(repo, "claude").file == "unchanged"


def test_our_handler_in_a_users_group_leaves_theirs_in_place(repo: Path) -> None:
    path = config(repo, "codex")
    theirs = {"type": "command", "command": "bd prime"}
    ours = {"type": "command", "command": "git ledger hook session-start --agent codex"}
    write_json_file(path, {"hooks": {"SessionStart": [
        {"matcher": "startup", "hooks": [theirs, ours]}]}})
    install(repo, "codex")
    start = json.loads(path.read_text())["hooks"]["SessionStart"]
    assert {"matcher": "startup", "hooks": [theirs]} in start
    assert our_commands(json.loads(path.read_text())).count(ours["command"]) == 1
    uninstall(repo, "codex")
    assert json.loads(path.read_text()) == {"hooks": {"SessionStart": [
        {"matcher": "startup", "hooks": [theirs]}]}}


def test_cursor_duplicates_of_ours_collapse_to_one(repo: Path) -> None:
    path = config(repo, "cursor")
    ours = {"command": "git ledger hook session-start --agent cursor"}
    write_json_file(path, {"version": 1, "hooks": {"sessionStart": [
        ours, {"command": "./x.sh"}, dict(ours)]}})
    install(repo, "cursor")
    start = json.loads(path.read_text())["hooks"]["sessionStart"]
    assert start == [{"command": "git ledger hook session-start --agent cursor",
                      "timeout": 30}, {"command": "./x.sh"}]


def test_uninstall_removes_every_entry_of_ours_only(repo: Path) -> None:
    path = config(repo, "claude")
    document = {"hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "git ledger check --hook stop"},
                            {"type": "command", "command": "./lint.sh"}]}],
        "UserPromptSubmit": [{"hooks": [
            {"type": "command", "command": "/opt/bin/git-ledger hook session-start"}]}],
        "PostToolUse": [{"hooks": [
            {"type": "command", "command": "echo 'see git ledger hooks docs'"},
            {"type": "command", "command": "my-git-ledger hook x"}]}],
    }}
    write_json_file(path, document)
    report = uninstall(repo, "claude")
    assert sorted(c.command for c in report.changes) == [
        "/opt/bin/git-ledger hook session-start", "git ledger check --hook stop"]
    assert json.loads(path.read_text()) == {"hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "./lint.sh"}]}],
        "PostToolUse": document["hooks"]["PostToolUse"],
    }}


def test_indentation_and_unicode_are_kept(repo: Path) -> None:
    path = config(repo, "gemini")
    document = {"ui": {"theme": "Ayu — dark"}, "hooks": {}}
    write_json_file(path, document, indent=4)
    install(repo, "gemini")
    text = path.read_text(encoding="utf-8")
    assert '\n    "ui": {\n        "theme": "Ayu — dark"' in text
    uninstall(repo, "gemini")
    assert json.loads(path.read_text()) == {"ui": {"theme": "Ayu — dark"}}


def test_tab_indented_file_stays_tab_indented(repo: Path) -> None:
    path = config(repo, "cursor")
    write_json_file(path, {"version": 1, "hooks": {"stop": [{"command": "./a.sh"}]}},
                    indent="\t")
    install(repo, "cursor")
    assert '\n\t"hooks": {' in path.read_text()


def test_file_mode_is_kept(repo: Path) -> None:
    path = config(repo, "claude")
    write_json_file(path, EXISTING["claude"])
    path.chmod(0o600)
    install(repo, "claude")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_symlinked_config_is_refused_not_written_through(ledger: Run, repo: Path,
                                                           tmp_path: Path) -> None:
    """A link may point anywhere (a teammate can commit one): test_install_links.py."""
    shared = tmp_path / "shared-settings.json"
    data = write_json_file(shared, EXISTING["claude"])
    (repo / ".claude").mkdir()
    config(repo, "claude").symlink_to(shared)
    assert "is a symbolic link" in refused(ledger("install", "--agent", "claude"))
    assert config(repo, "claude").is_symlink()
    assert shared.read_bytes() == data


def test_an_empty_file_is_treated_as_an_empty_config(repo: Path) -> None:
    path = config(repo, "codex")
    path.parent.mkdir()
    path.write_text("\n")
    report = install(repo, "codex")
    assert report.file == "updated"
    assert json.loads(path.read_text()) == config_for_empty_project(BY_NAME["codex"])


# -- refused, untouched -----------------------------------------------------------------------


BROKEN: dict[str, tuple[str, str]] = {
    "not json": ('{"hooks": {"SessionStart": [}', "is not valid JSON"),
    "trailing comma": ('{"hooks": {},}', "is not valid JSON"),
    "comments": ('// my settings\n{"hooks": {}}', "is not valid JSON"),
    "duplicate key": ('{"hooks": {}, "hooks": {"Stop": []}}', 'repeats the key "hooks"'),
    "array": ("[]", "not a JSON object"),
    "hooks is a list": ('{"hooks": []}', '"hooks" is not a JSON object'),
    "event is an object": ('{"hooks": {"SessionStart": {"hooks": []}}}',
                           "hooks.SessionStart is not a list"),
    "group is a string": ('{"hooks": {"SessionStart": ["echo hi"]}}', "not a matcher group"),
    "not utf-8": ('{"env": {"A": "\udcff"}}', "is not UTF-8"),
}


@pytest.mark.parametrize("what", sorted(BROKEN))
@pytest.mark.parametrize("command", ["install", "uninstall"])
def test_a_broken_config_is_refused_and_untouched(ledger: Run, repo: Path, what: str,
                                                  command: str) -> None:
    text, message = BROKEN[what]
    path = config(repo, "claude")
    path.parent.mkdir()
    data = text.encode("utf-8", "surrogateescape")
    path.write_bytes(data)
    if command == "uninstall" and what in ("event is an object", "group is a string"):
        # Nothing of ours can be in there: uninstall leaves what it does not understand.
        assert "unchanged" in ok(ledger(command, "--agent", "claude"))
    else:
        line = refused(ledger(command, "--agent", "claude"))
        assert message in line
        assert "nothing was written" in line
    assert path.read_bytes() == data
    assert leftovers(repo) == []
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]


def test_an_unwritable_directory_is_a_clear_error(ledger: Run, repo: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    path = config(repo, "claude")
    data = write_json_file(path, EXISTING["claude"])
    path.parent.chmod(0o500)
    try:
        line = refused(ledger("install", "--agent", "claude"))
    finally:
        path.parent.chmod(0o700)
    assert "cannot write .claude/settings.json" in line
    assert path.read_bytes() == data


# -- dry run ----------------------------------------------------------------------------------


@pytest.mark.parametrize("agent", CONFIG_AGENTS)
def test_dry_run_writes_nothing(ledger: Run, repo: Path, agent: str) -> None:
    out = ok(ledger("install", "--agent", agent, "--dry-run"))
    assert f"{BY_NAME[agent].config}: would be created" in out
    assert "dry run: nothing was written" in out
    assert not config(repo, agent).parent.exists()

    data = write_json_file(config(repo, agent), EXISTING[agent])
    out = ok(ledger("install", "--agent", agent, "--dry-run"))
    assert "would be updated" in out
    assert config(repo, agent).read_bytes() == data

    ok(ledger("install", "--agent", agent))
    installed = config(repo, agent).read_bytes()
    out = ok(ledger("uninstall", "--agent", agent, "--dry-run"))
    assert "would be updated" in out
    assert config(repo, agent).read_bytes() == installed
    assert leftovers(repo) == []


def _as_done(dry_run_report: str) -> str:
    """A dry run's report as the real run would print it."""
    lines = dry_run_report.splitlines()
    assert lines[-1] == "dry run: nothing was written"
    assert lines.count("dry run: nothing was written") == 1
    return "\n".join(lines[:-1]).replace(": would be ", ": ") + "\n"


@pytest.mark.parametrize("agent", CONFIG_AGENTS)
def test_dry_run_reports_what_the_run_then_does(ledger: Run, repo: Path, agent: str) -> None:
    # Gemini keeps hooks and MCP servers in one file: the MCP step of a dry run must see
    # what the hooks step would have written (created, then updated; updated, then deleted).
    before = leftovers(repo)
    planned = ok(ledger("install", "--agent", agent, "--mcp", "--dry-run"))
    assert leftovers(repo) == before
    assert not config(repo, agent).exists()
    assert _as_done(planned) == ok(ledger("install", "--agent", agent, "--mcp"))
    installed = config(repo, agent).read_bytes()
    planned = ok(ledger("uninstall", "--agent", agent, "--dry-run"))
    assert config(repo, agent).read_bytes() == installed
    assert _as_done(planned) == ok(ledger("uninstall", "--agent", agent))
    assert not config(repo, agent).exists()


# -- what the commands print ------------------------------------------------------------------


def test_install_text_names_every_entry(ledger: Run, repo: Path) -> None:
    out = ok(ledger("install", "--agent", "gemini"))
    assert out.splitlines()[:6] == [
        ".gemini/settings.json: created",
        "  + SessionStart  git ledger hook session-start --agent gemini",
        "  + PreCompress   git ledger hook pre-compact --agent gemini",
        "  + SessionEnd    git ledger hook session-end --agent gemini",
        "  + AfterTool     git-ledger-pre-tool-use gemini",
        "  + AfterAgent    git ledger check --hook stop --agent gemini",
    ]


def test_uninstall_of_nothing(ledger: Run, repo: Path) -> None:
    assert "not present" in ok(ledger("uninstall", "--agent", "cursor"))
    data = write_json_file(config(repo, "cursor"), EXISTING["cursor"])
    out = ok(ledger("uninstall", "--agent", "cursor"))
    assert "unchanged, it has no git ledger hooks" in out
    assert config(repo, "cursor").read_bytes() == data


def test_install_json(ledger: Run, repo: Path) -> None:
    document = json.loads(ok(ledger("install", "--agent", "codex", "--json")))
    assert document["agent"] == "codex"
    assert document["file"] == "created"
    assert document["dry_run"] is False
    assert Path(document["path"]) == (repo / ".codex" / "hooks.json").resolve()
    assert [c["event"] for c in document["changes"]] == ["SessionStart", "PreCompact",
                                                           "SessionEnd", "PreToolUse", "Stop"]
    assert document["changes"][-1]["command"] == "git ledger check --hook stop --agent codex"
    assert {c["action"] for c in document["changes"]} == {"added"}
    assert document["notes"]
    document = json.loads(ok(ledger("uninstall", "--agent", "codex", "--json")))
    assert document["file"] == "deleted"
    assert {c["action"] for c in document["changes"]} == {"removed"}


def test_unknown_agent_is_a_usage_error(ledger: Run, repo: Path) -> None:
    result = ledger("install", "--agent", "windsurf")
    assert result.exit_code == 2
    assert not (repo / ".windsurf").exists()
    assert ledger("install", "--agent").exit_code == 2  # --agent needs its value


def test_agent_with_git_hooks_installs_both(ledger: Run, repo: Path) -> None:
    ok(ledger("install", "--git-hooks", "--agent", "claude"))
    assert (repo / ".claude" / "settings.json").is_file()
    assert (repo / ".git" / "hooks" / "post-commit").is_file()


def test_install_does_not_touch_git(ledger: Run, repo: Path) -> None:
    ok(ledger("install", "--agent", "claude"))
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


# -- plugin agents (the OpenCode family) ---------------------------------------------------


@pytest.mark.parametrize("agent", TEMPLATE_PLUGINS)
def test_a_plugin_is_written_once_refused_over_a_foreign_file_and_removed(
        ledger: Run, repo: Path, agent: str) -> None:
    spec = BY_NAME[agent]
    path = repo / spec.config
    out = ok(ledger("install", "--agent", agent, "--dry-run"))
    assert f"{spec.config}: would be created" in out
    assert not path.parent.exists()
    ok(ledger("install", "--agent", agent))
    assert path.read_text() == plugin_source(spec)
    assert f'const AGENT = "{agent}"' in path.read_text()
    again = ok(ledger("install", "--agent", agent))
    assert f"{spec.config}: unchanged" in again
    # An older plugin of ours is replaced; a file of someone else's is never touched.
    path.write_text(PLUGIN_MARK + "an older version\n")
    assert f"{spec.config}: updated" in ok(ledger("install", "--agent", agent))
    path.write_text("export const Theirs = async () => ({})\n")
    refused = ledger("install", "--agent", agent)
    assert refused.exit_code == 1
    assert "not git ledger's" in refused.output
    assert path.read_text() == "export const Theirs = async () => ({})\n"
    assert f"{spec.config}: unchanged" in ok(ledger("uninstall", "--agent", agent))
    assert path.exists()
    path.unlink()
    ok(ledger("install", "--agent", agent))
    out = ok(ledger("uninstall", "--agent", agent))
    assert f"{spec.config}: deleted" in out
    assert not path.parent.exists()
    assert leftovers(repo) == []
