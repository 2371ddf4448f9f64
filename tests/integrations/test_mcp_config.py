"""``install --agent NAME --mcp`` registers ``git ledger mcp`` in the agent's MCP config;
``uninstall --agent NAME`` takes exactly it out again."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gitledger.errors import AgentConfigError
from gitledger.integrations import mcp_config as mcpconfig
from gitledger.integrations.agent_registry import AGENTS, BY_NAME, REGISTRY
from tests.conftest import Run

#: The agents with an MCP client (Pi has none: install --mcp refuses it).
MCP_AGENTS = tuple(a for a in AGENTS if a in mcpconfig.TARGETS)
JSON_AGENTS = {a.name: a.mcp.config for a in REGISTRY
               if a.mcp is not None and a.mcp.config.endswith(".json")}


@pytest.mark.parametrize(("agent", "title"), [("pi", "Pi"), ("cline", "Cline CLI")])
def test_an_agent_without_mcp_is_refused_with_nothing_written(
        repo: Path, ledger: Run, agent: str, title: str) -> None:
    # Pi has no MCP client; Cline CLI has one, but reads no project file for it.
    result = ledger("install", "--agent", agent, "--mcp")
    assert result.exit_code == 1, result.output
    assert result.stderr == (f"git ledger: {title} takes no MCP server from the project: "
                             f"install --agent {agent} without --mcp\n")
    assert not (repo / f".{agent}").exists()


@pytest.mark.parametrize("agent", MCP_AGENTS)
def test_install_registers_the_server_once_and_uninstall_removes_it(
        agent: str, repo: Path, ledger: Run) -> None:
    target = mcpconfig.TARGETS[agent]
    path = repo / target.config
    result = ledger("install", "--agent", agent, "--mcp")
    assert result.exit_code == 0, result.stderr
    assert f"{target.config}: created" in result.stdout or \
        f"{target.config}: updated" in result.stdout
    assert "+ mcp git-ledger  git ledger mcp" in result.stdout
    if agent == "codex":
        entry = tomllib.loads(path.read_text())["mcp_servers"]["git-ledger"]
    else:
        entry = json.loads(path.read_text())[target.key]["git-ledger"]
    assert entry == target.entry
    spec = BY_NAME[agent].mcp
    assert spec is not None
    if spec.command_list:  # the OpenCode family: one list, a local server
        assert entry == {"type": "local", "command": ["git", "ledger", "mcp"]}
    else:
        assert entry["command"] == "git"
        assert entry["args"] == ["ledger", "mcp"]
    written = path.read_bytes()
    again = ledger("install", "--agent", agent, "--mcp", "--json")
    assert json.loads(again.stdout)["mcp"]["action"] == "unchanged"
    assert path.read_bytes() == written
    gone = ledger("uninstall", "--agent", agent)
    assert gone.exit_code == 0
    assert "- mcp git-ledger" in gone.stdout
    assert not path.exists()
    nothing = ledger("uninstall", "--agent", agent)
    assert "no git-ledger MCP server to remove" in nothing.stdout


@pytest.mark.parametrize("agent", sorted(JSON_AGENTS))
def test_json_config_keeps_everything_else(agent: str, repo: Path, ledger: Run) -> None:
    path = repo / JSON_AGENTS[agent]
    key = mcpconfig.TARGETS[agent].key
    path.parent.mkdir(parents=True, exist_ok=True)
    theirs: dict[str, Any] = {"theme": "dark",
                              key: {"docs": {"command": "npx", "args": ["docs"]}}}
    path.write_text(json.dumps(theirs, indent=4) + "\n")
    assert ledger("install", "--agent", agent, "--mcp").exit_code == 0
    doc = json.loads(path.read_text())
    assert doc["theme"] == "dark"
    assert doc[key]["docs"] == theirs[key]["docs"]
    assert list(doc[key]) == ["docs", "git-ledger"]
    assert path.read_text().startswith('{\n    "theme"')  # their indentation kept
    assert ledger("uninstall", "--agent", agent).exit_code == 0
    assert json.loads(path.read_text()) == theirs


def test_a_users_own_server_of_that_name_is_refused_not_overwritten(repo: Path,
                                                                   ledger: Run) -> None:
    path = repo / ".mcp.json"
    text = json.dumps({"mcpServers": {"git-ledger": {"command": "my-own-thing"}}})
    path.write_text(text)
    result = ledger("install", "--agent", "claude", "--mcp")
    assert result.exit_code == 1
    assert "already has an MCP server named \"git-ledger\"" in result.stderr
    assert result.stderr.count("\n") == 1
    assert path.read_text() == text
    assert "no git-ledger MCP server" in ledger("uninstall", "--agent", "claude").stdout
    assert path.read_text() == text


def test_an_older_registration_of_ours_is_brought_up_to_date(repo: Path, ledger: Run) -> None:
    path = repo / ".cursor" / "mcp.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"mcpServers": {"git-ledger": {
        "command": "git-ledger", "args": ["mcp"]}}}))
    result = ledger("install", "--agent", "cursor", "--mcp", "--json")
    assert json.loads(result.stdout)["mcp"]["action"] == "updated"
    assert json.loads(path.read_text())["mcpServers"]["git-ledger"] == {
        "command": "git", "args": ["ledger", "mcp"]}


@pytest.mark.parametrize(("agent", "content", "message"), [
    ("claude", "{not json", "is not valid JSON"),
    ("claude", '{"mcpServers": []}', "\"mcpServers\" is not a JSON object"),
    ("codex", "[mcp_servers\nbroken", "is not valid TOML"),
    ("codex", 'mcp_servers = { other = { command = "x" } }\n', "would not be valid TOML"),
])
def test_a_config_we_cannot_edit_safely_is_left_untouched(
        agent: str, content: str, message: str, repo: Path, ledger: Run) -> None:
    path = repo / mcpconfig.TARGETS[agent].config
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    result = ledger("install", "--agent", agent, "--mcp")
    assert result.exit_code == 1
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert path.read_text() == content


CODEX_CONFIG = """\
# my Codex settings
model = "gpt-5"  # the model I use

[mcp_servers.docs]
command = "npx"
args = ["docs"]
"""


def test_codex_toml_keeps_comments_and_layout(repo: Path, ledger: Run) -> None:
    path = repo / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text(CODEX_CONFIG)
    assert ledger("install", "--agent", "codex", "--mcp").exit_code == 0
    text = path.read_text()
    assert text.startswith(CODEX_CONFIG)
    doc = tomllib.loads(text)
    assert doc["model"] == "gpt-5"
    assert doc["mcp_servers"]["docs"]["command"] == "npx"
    assert doc["mcp_servers"]["git-ledger"] == {"command": "git", "args": ["ledger", "mcp"]}
    assert ledger("uninstall", "--agent", "codex").exit_code == 0
    assert path.read_text() == CODEX_CONFIG


def test_codex_table_the_user_wrote_is_kept_and_theirs(repo: Path) -> None:
    path = repo / ".codex" / "config.toml"
    path.parent.mkdir()
    mine = '[mcp_servers.git-ledger]\ncommand = "git"\nargs = ["ledger", "mcp"]\n'
    path.write_text(mine)
    assert mcpconfig.install(repo, "codex").action == "unchanged"
    assert mcpconfig.uninstall(repo, "codex").action is None
    assert path.read_text() == mine
    path.write_text('[mcp_servers.git-ledger]\ncommand = "other"\n')
    with pytest.raises(AgentConfigError, match="does not run git ledger mcp"):
        mcpconfig.install(repo, "codex")


def test_text_after_our_codex_table_is_refused_on_uninstall(repo: Path) -> None:
    path = repo / ".codex" / "config.toml"
    mcpconfig.install(repo, "codex")
    path.write_text(path.read_text().replace("# <<< git ledger mcp\n",
                                             "# <<< git ledger mcp\nextra = 1\n"))
    before = path.read_text()
    # "extra" now sits in our table: removing the table would lose it.
    with pytest.raises(AgentConfigError, match="change more than"):
        mcpconfig.uninstall(repo, "codex")
    assert path.read_text() == before


def test_dry_run_writes_nothing(repo: Path, ledger: Run) -> None:
    result = ledger("install", "--agent", "claude", "--mcp", "--dry-run")
    assert result.exit_code == 0
    assert ".mcp.json: would be created" in result.stdout
    assert not (repo / ".mcp.json").exists()


def test_mcp_needs_an_agent(repo: Path, ledger: Run) -> None:
    result = ledger("install", "--mcp")
    assert result.exit_code == 1
    assert "name it with --agent" in result.stderr
    assert not (repo / ".git" / "hooks" / "post-commit").exists()


def test_install_without_mcp_leaves_mcp_configs_alone(repo: Path, ledger: Run) -> None:
    result = ledger("install", "--agent", "claude", "--json")
    assert json.loads(result.stdout)["mcp"] is None
    assert not (repo / ".mcp.json").exists()


# -- what the review of issue 9 found -------------------------------------------------------------


def test_a_refused_mcp_config_installs_nothing_at_all(repo: Path, ledger: Run) -> None:
    path = repo / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text('mcp_servers = { x = { command = "a" } }\n')
    result = ledger("install", "--agent", "codex", "--mcp")
    assert result.exit_code == 1
    assert not (repo / ".codex" / "hooks.json").exists()
    assert not (repo / ".git" / "hooks" / "post-commit").exists()


@pytest.mark.parametrize("entry", [
    {"command": "/home/ada/.venv/bin/git-ledger", "args": ["mcp"]},
    {"command": "git", "args": ["ledger", "mcp", "--repo", "/srv/app"]},
    {"command": "git", "args": ["ledger", "mcp"], "env": {"GIT_LEDGER_SESSION_ID": "s"}},
])
def test_a_users_own_way_of_running_us_is_never_touched(entry: dict[str, Any], repo: Path,
                                                        ledger: Run) -> None:
    path = repo / ".cursor" / "mcp.json"
    path.parent.mkdir()
    text = json.dumps({"mcpServers": {"git-ledger": entry}}, indent=2) + "\n"
    path.write_text(text)
    result = ledger("install", "--agent", "cursor", "--mcp", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["mcp"]["action"] == "unchanged"
    assert path.read_text() == text
    assert ledger("uninstall", "--agent", "cursor").exit_code == 0
    assert path.read_text() == text


def test_codex_crlf_file_keeps_its_line_endings_and_uninstalls(repo: Path) -> None:
    path = repo / ".codex" / "config.toml"
    path.parent.mkdir()
    original = b'model = "gpt-5"\r\n'
    path.write_bytes(original)
    mcpconfig.install(repo, "codex")
    data = path.read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n")  # no bare LF added
    assert mcpconfig.install(repo, "codex").action == "unchanged"
    assert mcpconfig.uninstall(repo, "codex").action == "removed"
    assert path.read_bytes() == original
    # A file converted to CRLF after the install (an editor, core.autocrlf) still uninstalls.
    path.write_bytes(b"")
    path.unlink()
    mcpconfig.install(repo, "codex")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert mcpconfig.uninstall(repo, "codex").action == "removed"
    assert not path.exists()


def test_codex_keys_added_to_our_table_outside_the_markers_refuse_uninstall(repo: Path) -> None:
    path = repo / ".codex" / "config.toml"
    mcpconfig.install(repo, "codex")
    with path.open("a") as out:
        out.write('\n[mcp_servers.git-ledger.env]\nGIT_LEDGER_SESSION_ID = "x"\n')
    before = path.read_text()
    with pytest.raises(AgentConfigError, match="without a command"):
        mcpconfig.uninstall(repo, "codex")
    assert path.read_text() == before


def test_a_symlinked_config_is_refused_and_the_link_kept(repo: Path, ledger: Run) -> None:
    """A link may point anywhere (a teammate can commit one): test_install_links.py."""
    shared = repo.parent / "shared-mcp.json"
    shared.write_text("{}\n")
    (repo / ".mcp.json").symlink_to(shared)
    result = ledger("install", "--agent", "claude", "--mcp")
    assert result.exit_code == 1
    assert "is a symbolic link" in result.stderr
    assert (repo / ".mcp.json").is_symlink()
    assert shared.read_text() == "{}\n"
