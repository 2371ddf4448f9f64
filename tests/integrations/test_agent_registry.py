"""An agent is one record: what the CLI, the hooks, install and the tests list comes from it.

Adding an agent to ``gitledger/integrations/agent_registry.py`` (plus its example config
under ``hooks/`` and its docs) must be all it takes: these tests fail where something still
lists the agents by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from gitledger.cli import cli
from gitledger.core.names import BLOCK_BUDGET, BLOCK_FORMATS
from gitledger.integrations import hook_io, mcp_config
from gitledger.integrations.agent_registry import (
    AGENTS,
    BY_NAME,
    DEFAULT_BUDGETS,
    ENV_FILES,
    FORMATS,
    PROJECT_DIR_VARS,
    REGISTRY,
    SHELL_SESSION_VARS,
)
from gitledger.integrations.agents import (
    PLUGIN_MARK,
    config_for_empty_project,
    plugin_source,
)
from gitledger.ledger.reader import SESSION_ENV, SESSION_VARS
from tests.integrations import test_agent_hooks, test_agents, test_mcp_config
from tests.reliability import test_hostile_input

ROOT = Path(__file__).resolve().parents[2]


def _option(command: str, name: str) -> click.Option:
    (option,) = [p for p in cli.every_command()[command].params
                 if isinstance(p, click.Option) and name in p.opts]
    return option


def test_the_cli_offers_the_registry() -> None:
    for command in ("install", "uninstall", "check"):
        choice = _option(command, "--agent").type
        assert isinstance(choice, click.Choice)
        assert tuple(choice.choices) == AGENTS
    fmt = _option("restore", "--format").type
    assert isinstance(fmt, click.Choice)
    assert tuple(fmt.choices) == FORMATS == (*BLOCK_FORMATS, *AGENTS)
    assert _option("hook", "--agent").metavar == f"[{'|'.join(AGENTS)}]"
    assert _option("install", "--agent").help == (
        f"The coding agent: {', '.join(AGENTS[:-1])} or {AGENTS[-1]}.")


def test_the_help_prose_names_every_agent() -> None:
    """Docstrings are prose, not derived: they must still name each record's files."""
    install_help = cli.every_command()["install"].help or ""
    restore_help = " ".join((cli.every_command()["restore"].help or "").split())
    for agent in REGISTRY:
        assert agent.config in install_help, agent.name
        assert agent.mcp is None or agent.mcp.config in install_help, agent.name
        assert agent.name in restore_help, agent.name


def test_budgets_and_payload_facts_come_from_the_records() -> None:
    budgets = {**dict.fromkeys(BLOCK_FORMATS, BLOCK_BUDGET),
               **{a.name: a.budget for a in REGISTRY}}
    # Each file once, though two agents name it (Factory Droid gives hooks CLAUDE_ENV_FILE).
    env_files = list(dict.fromkeys(a.payload.env_file for a in REGISTRY if a.payload.env_file))
    project_dirs = [a.payload.project_dir for a in REGISTRY if a.payload.project_dir]
    assert budgets == DEFAULT_BUDGETS
    assert list(ENV_FILES) == env_files
    assert list(PROJECT_DIR_VARS) == project_dirs
    # A write finds its session in our variable, then in each agent's own.
    shell_vars = [a.payload.shell_session for a in REGISTRY if a.payload.shell_session]
    assert list(SHELL_SESSION_VARS) == shell_vars
    assert (SESSION_ENV, *SHELL_SESSION_VARS) == SESSION_VARS
    for agent in REGISTRY:  # every agent's documented session key is one the parser reads
        assert set(agent.payload.session) <= set(hook_io.SESSION_KEYS), agent.name
        assert agent.payload.directory in (*hook_io.CWD_KEYS, hook_io.ROOTS_KEY)
    assert set(mcp_config.TARGETS) == {a.name for a in REGISTRY if a.mcp is not None}
    for agent in REGISTRY:
        if agent.mcp is not None:
            assert mcp_config.TARGETS[agent.name].config == agent.mcp.config


def test_each_record_has_its_example_config_and_nothing_else_does() -> None:
    for agent in REGISTRY:
        example = ROOT / agent.example
        if agent.plugin:  # the plugin itself: test_plugins.py
            assert example.read_text().startswith(PLUGIN_MARK), agent.name
            if agent.template:  # made from its family's template
                assert example.read_text() == plugin_source(agent)
            continue
        assert json.loads(example.read_text()) == config_for_empty_project(agent)
    folders = {p.name for p in (ROOT / "hooks").iterdir() if p.is_dir()} - {"git"}
    assert folders == set(AGENTS)


def test_the_tests_parameter_lists_are_the_registry() -> None:
    # The test modules import AGENTS from the registry: the very object, not a copy.
    stopping = tuple(a for a in AGENTS if "stop" in BY_NAME[a].events)
    assert stopping == test_agent_hooks.STOP_AGENTS
    assert vars(test_agents)["AGENTS"] is AGENTS
    assert vars(test_mcp_config)["AGENTS"] is AGENTS
    assert vars(test_hostile_input)["AGENTS"] is AGENTS
    # Tables of each agent's expected answers must cover every record.
    assert set(test_agents.STOP_ENTRIES) == set(test_agents.CONFIG_AGENTS)
    assert set(test_agents.EXISTING) == set(test_agents.CONFIG_AGENTS)
    assert set(test_agents.CONFIG_AGENTS) | set(test_agents.PLUGIN_AGENTS) == set(AGENTS)
