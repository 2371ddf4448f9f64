"""A hook saves ``transcript_path`` only from the agent's own transcript directories.

The payload names the file and the hook stores it in ``refs/ledger/transcripts/``, so a
``transcript_path`` of ``/etc/passwd`` or ``/proc/self/environ`` used to be saved into the
repository (and pushed with ``push --transcripts``).  Now only a regular ``.json`` or
``.jsonl`` file under the directories of the agent's record (``transcripts`` in
``agent_registry.py``, resolved from HOME and the agent's variables when the hook runs,
with ``..`` and symbolic links resolved) is read; anything else is one line on stderr,
nothing saved, exit 0, and the checkpoint still happens.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gitledger.integrations import hook_io
from gitledger.integrations.agent_hooks import run_hook
from gitledger.integrations.agent_registry import AGENTS, BY_NAME, REGISTRY
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import TRANSCRIPTS_PREFIX
from tests.conftest import Run, git
from tests.core.hostile_text import hostile

LINE = b'{"type":"user","sessionId":"s-1","message":{"content":"hello"}}\n'

#: Where each agent's real client writes a transcript, below HOME (the agent suite's
#: clients write exactly there in their temporary HOME: tests/agents/conftest.py).
INSIDE = {
    "claude": ".claude/projects/-work-repo/0b7c9a1e-5d3f.jsonl",
    "codex": ".codex/sessions/2026/12/01/rollout-2026-12-01T10-00-00-0b7c9a1e.jsonl",
    "gemini": ".gemini/tmp/0f3e2c/chats/session-2026-12-01T10-00-0b7c9a1e.json",
    "cursor": ".cursor/projects/work-repo/agent-transcripts/0b7c9a1e.jsonl",
    "pi": ".pi/agent/sessions/--work-repo--/2026-12-01T10-00-00-000Z_0b7c9a1e.jsonl",
    "copilot": ".copilot/session-state/0b7c9a1e-5d3f/events.jsonl",
    "qwen": ".qwen/projects/-work-repo/chats/0b7c9a1e-5d3f.jsonl",
    "droid": ".factory/sessions/-work-repo/0b7c9a1e-5d3f.jsonl",
    "cline": ".cline/data/sessions/1796430087848_5mrq7/1796430087848_5mrq7.messages.json",
}


def home() -> Path:
    return Path(os.environ["HOME"])


def write(path: Path, data: bytes = LINE) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def payload(repo: Path, path: Path | str) -> bytes:
    return json.dumps({"session_id": "s-1", "cwd": str(repo), "transcript_path": str(path),
                       "hook_event_name": "SessionEnd", "reason": "exit"}).encode()


def saved(repo: Path) -> list[str]:
    return git(repo, "for-each-ref", "--format=%(refname)", TRANSCRIPTS_PREFIX).split()


def end(repo: Path, path: Path | str, agent: str = "claude",
        env: dict[str, str] | None = None) -> str:
    """Run session-end; return its stderr (exit 0 and nothing on stdout, always)."""
    done = run_hook("session-end", agent, payload(repo, path),
                    env if env is not None else {"HOME": os.environ["HOME"]})
    assert (done.exit_code, done.stdout) == (0, "")
    return done.stderr


def refused(repo: Path, path: Path | str, agent: str = "claude") -> str:
    Ledger.open(repo).set_task("Ship PKCE")
    line = end(repo, path, agent)
    assert line.count("\n") == 1, line
    assert "not saved" in line, line
    assert saved(repo) == []
    (last,) = Ledger.open(repo, session="").events(1)
    assert last.subject == "checkpoint: session-end"  # the checkpoint still happens
    return line


# -- accepted ---------------------------------------------------------------------------------


#: The agents that keep transcripts in files (the OpenCode family keeps them in SQLite).
FILE_TRANSCRIPTS = tuple(a for a in AGENTS if BY_NAME[a].transcripts
                         and not any(place.database for place in BY_NAME[a].transcripts))


@pytest.mark.parametrize("agent", FILE_TRANSCRIPTS)
def test_each_agents_own_transcript_is_saved(repo_with_commit: Path, agent: str) -> None:
    write(home() / INSIDE[agent])
    assert end(repo_with_commit, home() / INSIDE[agent], agent) == ""
    assert saved(repo_with_commit) == [TRANSCRIPTS_PREFIX + "s-1"]


@pytest.mark.parametrize(("agent", "var", "sub"), [
    ("claude", "CLAUDE_CONFIG_DIR", "projects/-w/s.jsonl"),
    ("codex", "CODEX_HOME", "sessions/2026/12/01/rollout-s.jsonl"),
    ("gemini", "GEMINI_CLI_HOME", ".gemini/tmp/h/chats/session-s.json"),
])
def test_the_agents_variable_moves_its_directory(repo_with_commit: Path, tmp_path: Path,
                                                 agent: str, var: str, sub: str) -> None:
    moved = tmp_path / "moved"
    path = write(moved / sub)
    env = {"HOME": os.environ["HOME"], var: str(moved)}
    assert end(repo_with_commit, path, agent, env) == ""
    assert saved(repo_with_commit) == [TRANSCRIPTS_PREFIX + "s-1"]


def test_a_home_reached_through_a_link_is_still_home(repo_with_commit: Path,
                                                     tmp_path: Path) -> None:
    """HOME itself behind a link (macOS's /var -> /private/var): both sides resolved."""
    linked = tmp_path / "linked-home"
    linked.symlink_to(home(), target_is_directory=True)
    path = write(home() / INSIDE["claude"])
    env = {"HOME": str(linked)}
    assert end(repo_with_commit, path, "claude", env) == ""
    assert saved(repo_with_commit) == [TRANSCRIPTS_PREFIX + "s-1"]


def test_the_directories_come_from_the_environment_of_the_call(tmp_path: Path) -> None:
    other = tmp_path / "other-home"
    other.mkdir()
    (claude,) = hook_io.transcript_dirs("claude", {"HOME": str(other)})
    assert claude == os.path.realpath(other / ".claude" / "projects")
    assert hook_io.transcript_dirs("codex", {"HOME": str(other), "CODEX_HOME": str(tmp_path)}) == (
        os.path.realpath(tmp_path / "sessions"),
        os.path.realpath(other / ".codex" / "sessions"))


def test_every_agent_record_names_its_transcript_directories() -> None:
    # Only the plugin agents name none: their sessions are in a database, not in files.
    assert all(agent.transcripts for agent in REGISTRY if not agent.plugin)
    assert set(FILE_TRANSCRIPTS) | {a.name for a in REGISTRY if a.plugin} == set(AGENTS)


# -- refused ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/etc/passwd", "/proc/self/environ", "/dev/zero"])
def test_a_system_file_is_not_saved(repo_with_commit: Path, path: str) -> None:
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    refused(repo_with_commit, path)


def test_a_json_file_elsewhere_is_not_saved(repo_with_commit: Path, tmp_path: Path) -> None:
    line = refused(repo_with_commit, write(tmp_path / "secrets" / "s-1.jsonl"))
    assert "transcript directories" in line


def test_a_link_inside_the_directory_pointing_out_is_not_saved(repo_with_commit: Path,
                                                               tmp_path: Path) -> None:
    outside = write(tmp_path / "outside.jsonl", b'{"secret": "x"}\n')
    link = home() / ".claude" / "projects" / "-repo" / "s-1.jsonl"
    link.parent.mkdir(parents=True)
    link.symlink_to(outside)
    assert "symbolic link" in refused(repo_with_commit, link)


def test_a_linked_directory_inside_pointing_out_is_not_saved(repo_with_commit: Path,
                                                             tmp_path: Path) -> None:
    write(tmp_path / "outside" / "s-1.jsonl")
    projects = home() / ".claude" / "projects"
    projects.mkdir(parents=True)
    (projects / "-repo").symlink_to(tmp_path / "outside", target_is_directory=True)
    refused(repo_with_commit, projects / "-repo" / "s-1.jsonl")


def test_a_path_climbing_out_with_dotdot_is_not_saved(repo_with_commit: Path) -> None:
    write(home() / "stolen.jsonl")
    (home() / ".claude" / "projects").mkdir(parents=True)
    refused(repo_with_commit, f"{home()}/.claude/projects/../../stolen.jsonl")


def test_a_fifo_is_not_read(repo_with_commit: Path) -> None:
    fifo = home() / ".claude" / "projects" / "-repo" / "s-1.jsonl"
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)
    assert "not a regular file" in refused(repo_with_commit, fifo)


def test_a_directory_is_not_read(repo_with_commit: Path) -> None:
    directory = home() / ".claude" / "projects" / "-repo" / "s-1.jsonl"
    directory.mkdir(parents=True)
    refused(repo_with_commit, directory)


def test_another_suffix_is_not_saved(repo_with_commit: Path) -> None:
    path = write(home() / ".claude" / "projects" / "-repo" / "notes.txt")
    assert ".json or .jsonl" in refused(repo_with_commit, path)


def test_another_agents_directory_is_not_this_agents(repo_with_commit: Path) -> None:
    path = write(home() / INSIDE["codex"])
    refused(repo_with_commit, path, "claude")


# -- the user's own command -----------------------------------------------------------------


def test_transcript_save_takes_any_regular_file_the_user_names(ledger: Run,
                                                               tmp_path: Path) -> None:
    path = write(tmp_path / "exported-chat.log")
    done = ledger("transcript", "save", "--from", str(path), "--session-id", "mine")
    assert done.exit_code == 0, done.output


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_transcript_save_refuses_what_is_not_a_regular_file(ledger: Run, repo: Path,
                                                            tmp_path: Path,
                                                            kind: str) -> None:
    if kind == "fifo":
        path = tmp_path / "pipe.jsonl"
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    done = ledger("transcript", "save", "--from", str(path), "--session-id", "mine")
    assert done.exit_code == 1
    assert "not a regular file" in done.stderr
    assert done.stderr.count("\n") == 1
    assert saved(repo) == []


def test_a_hostile_transcript_of_100_kb_is_still_saved(repo_with_commit: Path) -> None:
    """A fixture the agent read, made of what the credential scanner looks for, once made
    redaction quadratic: the hook gave up at its deadline and saved nothing."""
    lines = [json.dumps({"type": "user", "sessionId": "s-1",
                         "message": {"content": hostile(unit, 50_000)}})
             for unit in ("pass=", "İa=a=")]
    write(home() / INSIDE["claude"], "\n".join(lines).encode() + b"\n")
    assert end(repo_with_commit, home() / INSIDE["claude"]) == ""
    assert saved(repo_with_commit) == [TRANSCRIPTS_PREFIX + "s-1"]


def copilot_end(repo: Path, session: str) -> str:
    """Copilot CLI's sessionEnd: its payload names no transcript (only agentStop's does)."""
    body = json.dumps({"reason": "complete", "sessionId": session, "timestamp": 1796440718997,
                       "cwd": str(repo)}).encode()
    done = run_hook("session-end", "copilot", body, {"HOME": os.environ["HOME"]})
    assert (done.exit_code, done.stdout) == (0, "")
    return done.stderr


def test_a_payload_naming_no_transcript_saves_the_sessions_own(repo_with_commit: Path) -> None:
    """Copilot CLI's transcript is found by the session id, where its record says."""
    session = "7e916329-1504-45ab-bbaf-99ba238abac6"
    write(home() / ".copilot" / "session-state" / session / "events.jsonl")
    write(home() / ".copilot" / "session-state" / "other" / "events.jsonl")
    assert copilot_end(repo_with_commit, session) == ""
    assert saved(repo_with_commit) == [TRANSCRIPTS_PREFIX + session]


@pytest.mark.parametrize("session", ["..", "../../etc", "a/b", ".hidden", "x" * 129, "a\x00b"])
def test_a_session_id_that_is_not_one_plain_name_is_never_looked_up(
        repo_with_commit: Path, session: str) -> None:
    write(home() / ".copilot" / "session-state" / "events.jsonl")
    write(home() / ".copilot" / "events.jsonl")
    assert hook_io.session_transcript("copilot", session, {"HOME": os.environ["HOME"]}) is None
    copilot_end(repo_with_commit, session)
    assert saved(repo_with_commit) == []


def test_a_linked_session_directory_pointing_out_is_not_saved(repo_with_commit: Path,
                                                             tmp_path: Path) -> None:
    outside = write(tmp_path / "elsewhere" / "events.jsonl")
    state = home() / ".copilot" / "session-state"
    state.mkdir(parents=True)
    (state / "s-link").symlink_to(outside.parent)
    line = copilot_end(repo_with_commit, "s-link")
    assert "not saved" in line, line
    assert saved(repo_with_commit) == []
