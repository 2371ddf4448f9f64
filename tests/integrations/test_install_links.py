"""``install`` / ``uninstall`` never write, rename or delete through a symbolic link.

A repository can commit a symbolic link where an agent's config or a hook goes
(``.claude -> /elsewhere``, ``.mcp.json -> ~/.bashrc``, a ``core.hooksPath`` directory
pointing out of the tree).  Every such target is refused with one line on stderr and exit
status 1, before anything is written anywhere: the file the link points at is untouched,
nothing is created beside it, and the git hooks and the other configs are not installed
either (all or nothing), exactly as ``export -o`` refuses a link.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result

from gitledger.integrations.agent_registry import AGENTS, BY_NAME
from gitledger.integrations.git_hooks import GIT_HOOKS, MARK
from tests.conftest import Run, git

#: The agents ``install --mcp`` takes (Pi has no MCP client).
MCP_AGENTS = tuple(a for a in AGENTS if BY_NAME[a].mcp is not None)


def files_of(agent: str) -> tuple[str, ...]:
    """What install writes for ``agent``: its hook config (or plugin), its MCP config."""
    mcp = BY_NAME[agent].mcp
    return (BY_NAME[agent].config, *((mcp.config,) if mcp else ()))


#: Every project file install writes for an agent: its hooks' config and its MCP config.
FILES = sorted({(a, rel) for a in AGENTS for rel in files_of(a)})


def install(agent: str) -> tuple[str, ...]:
    """``install --agent AGENT``, with ``--mcp`` where the agent has an MCP client."""
    return ("install", "--agent", agent, *(("--mcp",) if agent in MCP_AGENTS else ()))


def refused(result: Result) -> str:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "symbolic link" in result.stderr
    return result.stderr


def tree(path: Path) -> dict[str, bytes]:
    """Every file under ``path``, by relative name, with its content."""
    return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*"))
            if p.is_file() and not p.is_symlink()}


def nothing_installed(repo: Path) -> None:
    hooks = repo / ".git" / "hooks"
    assert not any((hooks / name).exists() for name in GIT_HOOKS)
    for agent in AGENTS:
        for rel in files_of(agent):
            path = repo / rel
            if path.is_file() and not path.is_symlink():
                assert "git ledger" not in path.read_text(), rel
    assert "rewriteRef" not in (repo / ".git" / "config").read_text()


def commit_all(repo: Path) -> None:
    """Commit the links, as a teammate's commit would bring them."""
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=Mallory", "-c", "user.email=m@example.com",
        "commit", "-q", "-m", "links")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    path = tmp_path / "elsewhere"
    path.mkdir()
    (path / "victim").write_text('{"mine": true}\n')
    return path


@pytest.mark.parametrize(("agent", "rel"), FILES)
def test_a_config_that_is_a_link_is_refused(ledger: Run, repo: Path, outside: Path,
                                           agent: str, rel: str) -> None:
    link = repo / rel
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside / "victim")
    commit_all(repo)
    line = refused(ledger(*install(agent)))
    assert rel in line
    assert tree(outside) == {"victim": b'{"mine": true}\n'}
    nothing_installed(repo)


@pytest.mark.parametrize(("agent", "rel"), FILES)
def test_a_dangling_link_creates_nothing(ledger: Run, repo: Path, outside: Path,
                                         agent: str, rel: str) -> None:
    link = repo / rel
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside / "new-file")
    refused(ledger(*install(agent)))
    assert tree(outside) == {"victim": b'{"mine": true}\n'}
    nothing_installed(repo)


@pytest.mark.parametrize("agent", AGENTS)
def test_an_agent_dir_that_is_a_link_is_refused(ledger: Run, repo: Path, outside: Path,
                                                agent: str) -> None:
    directory = BY_NAME[agent].config.split("/")[0]
    (repo / directory).symlink_to(outside, target_is_directory=True)
    commit_all(repo)
    line = refused(ledger("install", "--agent", agent))
    assert f"{directory} is a symbolic link" in line
    assert tree(outside) == {"victim": b'{"mine": true}\n'}
    nothing_installed(repo)


@pytest.mark.parametrize("agent", AGENTS)
def test_uninstall_never_edits_or_deletes_through_a_link(ledger: Run, repo: Path,
                                                         outside: Path, agent: str) -> None:
    """A config holding only our entries would be deleted by uninstall: behind a link it
    is the other side's file, and stays."""
    assert ledger(*install(agent)).exit_code == 0
    directory = BY_NAME[agent].config.split("/")[0]
    for rel in set(files_of(agent)):
        if rel.startswith(directory + "/"):
            continue
        (repo / rel).unlink()  # a root file (.mcp.json): moved out, linked back
    (repo / directory).rename(outside / "moved")
    (repo / directory).symlink_to(outside / "moved", target_is_directory=True)
    before = tree(outside)
    git_hooks = {name: (repo / ".git" / "hooks" / name).read_bytes() for name in GIT_HOOKS}
    refused(ledger("uninstall", "--agent", agent))
    assert tree(outside) == before
    assert {name: (repo / ".git" / "hooks" / name).read_bytes()
            for name in GIT_HOOKS} == git_hooks


def test_uninstall_through_a_linked_mcp_json_is_refused(ledger: Run, repo: Path,
                                                        outside: Path) -> None:
    shared = outside / "mcp.json"
    shared.write_text(json.dumps({"mcpServers": {"git-ledger": {
        "type": "stdio", "command": "git", "args": ["ledger", "mcp"]}}}) + "\n")
    (repo / ".mcp.json").symlink_to(shared)
    before = shared.read_bytes()
    refused(ledger("uninstall", "--agent", "claude"))
    assert shared.read_bytes() == before


def test_dry_run_refuses_a_link_too(ledger: Run, repo: Path, outside: Path) -> None:
    (repo / ".mcp.json").symlink_to(outside / "victim")
    refused(ledger("install", "--agent", "claude", "--mcp", "--dry-run"))


def test_a_link_outside_the_named_agent_is_no_concern(ledger: Run, repo: Path,
                                                      outside: Path) -> None:
    (repo / ".codex").symlink_to(outside, target_is_directory=True)
    assert ledger("install", "--agent", "claude", "--mcp").exit_code == 0
    assert tree(outside) == {"victim": b'{"mine": true}\n'}


# -- the git hooks ------------------------------------------------------------------------------


def test_a_hooks_path_dir_that_is_a_link_is_refused(ledger: Run, repo: Path,
                                                    outside: Path) -> None:
    (repo / ".githooks").symlink_to(outside, target_is_directory=True)
    commit_all(repo)
    git(repo, "config", "core.hooksPath", ".githooks")
    line = refused(ledger("install"))
    assert ".githooks is a symbolic link" in line
    assert tree(outside) == {"victim": b'{"mine": true}\n'}


def test_a_hooks_path_dir_under_a_linked_dir_is_refused(ledger: Run, repo: Path,
                                                        outside: Path) -> None:
    (repo / "tools").symlink_to(outside, target_is_directory=True)
    git(repo, "config", "core.hooksPath", "tools/hooks")
    line = refused(ledger("install"))
    assert "tools is a symbolic link" in line
    assert tree(outside) == {"victim": b'{"mine": true}\n'}


@pytest.mark.parametrize("name", GIT_HOOKS)
def test_a_committed_hook_that_is_a_link_is_refused(ledger: Run, repo: Path, outside: Path,
                                                    name: str) -> None:
    """Not renamed to .pre-ledger, not written through, and the other hooks not
    installed either."""
    hooks = repo / ".githooks"
    hooks.mkdir()
    (hooks / name).symlink_to(outside / "victim")
    commit_all(repo)
    git(repo, "config", "core.hooksPath", ".githooks")
    line = refused(ledger("install", "--agent", "claude"))
    assert f"{name} is a symbolic link" in line
    assert sorted(p.name for p in hooks.iterdir()) == [name]
    assert (hooks / name).is_symlink()
    assert tree(outside) == {"victim": b'{"mine": true}\n'}
    assert not (repo / ".claude").exists()


def test_a_linked_pre_ledger_hook_is_refused(ledger: Run, repo: Path, outside: Path) -> None:
    hooks = repo / ".githooks"
    hooks.mkdir()
    (hooks / "post-commit.pre-ledger").symlink_to(outside / "victim")
    git(repo, "config", "core.hooksPath", ".githooks")
    refused(ledger("install"))
    assert tree(outside) == {"victim": b'{"mine": true}\n'}
    assert not (hooks / "post-commit").exists()


def test_uninstall_never_deletes_a_hook_through_a_linked_dir(ledger: Run, repo: Path,
                                                             outside: Path) -> None:
    git(repo, "config", "core.hooksPath", ".githooks")
    assert ledger("install").exit_code == 0
    (repo / ".githooks").rename(outside / "hooks")
    (repo / ".githooks").symlink_to(outside / "hooks", target_is_directory=True)
    refused(ledger("uninstall"))
    assert all(MARK in (outside / "hooks" / name).read_text() for name in GIT_HOOKS)


def test_a_linked_hook_in_the_git_dir_is_refused(ledger: Run, repo: Path,
                                                 outside: Path) -> None:
    hooks = repo / ".git" / "hooks"
    hooks.mkdir(exist_ok=True)
    (hooks / "post-checkout").symlink_to(outside / "victim")
    refused(ledger("install"))
    assert tree(outside) == {"victim": b'{"mine": true}\n'}


def test_a_hooks_path_outside_the_repository_is_the_users_own(ledger: Run, repo: Path,
                                                              tmp_path: Path) -> None:
    """``core.hooksPath`` in the user's config may name a linked directory of theirs (a
    dotfiles checkout): nobody committed it, so it is used; its hooks are still checked."""
    (tmp_path / "dotfiles-hooks").mkdir()
    (tmp_path / "hooks").symlink_to(tmp_path / "dotfiles-hooks", target_is_directory=True)
    git(repo, "config", "core.hooksPath", str(tmp_path / "hooks"))
    assert ledger("install").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "dotfiles-hooks").iterdir()) == sorted(GIT_HOOKS)
