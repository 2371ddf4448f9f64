"""``git ledger hook``: the agents' documented payloads in, the agents' envelopes out.

The payloads are the shapes each agent's documentation gives (docs/hooks.md cites them),
piped into the installed ``git ledger hook`` as a real subprocess in a real repository,
started from a different directory than the session's ``cwd``.  Whatever goes wrong, the
hook exits 0 with one line on stderr: an agent's session must always start.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from gitledger.errors import InvalidInput
from gitledger.integrations import agent_hooks as hook_module
from gitledger.integrations import agent_registry, hook_io, stop_hook
from gitledger.integrations.agent_hooks import run_hook
from gitledger.integrations.agent_registry import AGENTS, BY_NAME, envelope, stop_envelope
from gitledger.integrations.agents import command, install
from gitledger.integrations.hook_io import HookFailure, parse_payload
from gitledger.integrations.stop_hook import run_stop_check, stop_reason
from gitledger.ledger.decisions import reject
from gitledger.ledger.operations import Ledger
from gitledger.views.restore import PROTOCOL
from tests.conftest import git

TASK = "Ship PKCE for the OAuth callback"
NEXT = "Write the verifier test"
SOURCES = ("startup", "resume", "clear", "compact")


# -- the documented payloads -----------------------------------------------------------------


def claude_start(cwd: Path, source: str, session: str = "8a2c6e2e-claude") -> dict[str, Any]:
    """Claude Code's SessionStart input (code.claude.com/docs/en/hooks#sessionstart-input)."""
    return {
        "session_id": session,
        "transcript_path": f"/home/ada/.claude/projects/-repo/{session}.jsonl",
        "cwd": str(cwd),
        "hook_event_name": "SessionStart",
        "source": source,
        "model": "claude-sonnet-4-6",
    }


def claude_pre_compact(cwd: Path, trigger: str = "manual") -> dict[str, Any]:
    """Claude Code's PreCompact input (code.claude.com/docs/en/hooks#precompact-input)."""
    return {
        "session_id": "8a2c6e2e-claude",
        "transcript_path": "/home/ada/.claude/projects/-repo/8a2c6e2e-claude.jsonl",
        "cwd": str(cwd),
        "hook_event_name": "PreCompact",
        "trigger": trigger,
        "custom_instructions": "",
    }


def claude_session_end(cwd: Path) -> dict[str, Any]:
    return {
        "session_id": "8a2c6e2e-claude",
        "transcript_path": "/home/ada/.claude/projects/-repo/8a2c6e2e-claude.jsonl",
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": "SessionEnd",
        "reason": "exit",
    }


def codex_start(cwd: Path, source: str = "startup") -> dict[str, Any]:
    """Codex CLI's SessionStart input (codex-rs/hooks/schema/generated/…input.schema.json)."""
    return {
        "session_id": "019a7c3e-codex",
        "transcript_path": None,
        "cwd": str(cwd),
        "hook_event_name": "SessionStart",
        "model": "gpt-5-codex",
        "permission_mode": "default",
        "source": source,
    }


def codex_pre_compact(cwd: Path) -> dict[str, Any]:
    return {
        "session_id": "019a7c3e-codex",
        "turn_id": "019a7c3f-turn",
        "transcript_path": None,
        "cwd": str(cwd),
        "hook_event_name": "PreCompact",
        "model": "gpt-5-codex",
        "trigger": "auto",
    }


def gemini_start(cwd: Path, source: str = "startup") -> dict[str, Any]:
    """Gemini CLI's SessionStart input (gemini-cli docs/hooks/reference.md)."""
    return {
        "session_id": "gemini-5d1f",
        "transcript_path": "/home/ada/.gemini/tmp/chats/session-5d1f.json",
        "cwd": str(cwd),
        "hook_event_name": "SessionStart",
        "timestamp": "2026-11-30T12:00:00Z",
        "source": source,
    }


def gemini_pre_compress(cwd: Path) -> dict[str, Any]:
    return {
        "session_id": "gemini-5d1f",
        "transcript_path": "/home/ada/.gemini/tmp/chats/session-5d1f.json",
        "cwd": str(cwd),
        "hook_event_name": "PreCompress",
        "timestamp": "2026-11-30T12:00:00Z",
        "trigger": "manual",
    }


def cursor_start(root: Path) -> dict[str, Any]:
    """Cursor's sessionStart input (cursor.com/docs/agent/hooks: common schema + sessionStart)."""
    return {
        "conversation_id": "c0ffee00-cursor",
        "generation_id": "c0ffee00-gen",
        "model": "claude-sonnet-4-6",
        "hook_event_name": "sessionStart",
        "cursor_version": "2.4.21",
        "workspace_roots": [str(root)],
        "user_email": None,
        "transcript_path": None,
        "session_id": "c0ffee00-cursor",
        "is_background_agent": False,
        "composer_mode": "agent",
    }


def cursor_session_end(root: Path) -> dict[str, Any]:
    return {
        "conversation_id": "c0ffee00-cursor",
        "generation_id": "c0ffee00-gen",
        "model": "claude-sonnet-4-6",
        "hook_event_name": "sessionEnd",
        "cursor_version": "2.4.21",
        "workspace_roots": [str(root)],
        "user_email": None,
        "transcript_path": None,
        "session_id": "c0ffee00-cursor",
        "reason": "completed",
        "duration_ms": 45000,
        "is_background_agent": False,
        "final_status": "completed",
    }


# -- running the installed hook ---------------------------------------------------------------


@pytest.fixture
def project(repo_with_commit: Path) -> Path:
    """A repository whose worktree ledger has a TASK, a NEXT, a decision and a fact."""
    ledger = Ledger.open(repo_with_commit)
    ledger.set_task(TASK, next_text=NEXT)
    ledger.decide("Use PKCE", over=["implicit flow"], because="no client secret")
    ledger.verify("The verifier rejects reused codes", by="pytest -k verifier")
    return repo_with_commit


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """The directory the agent starts the hook in: not the session's cwd."""
    path = tmp_path / "elsewhere"
    path.mkdir()
    return path


def run(cli_env: dict[str, str], where: Path, event: str, agent: str | None,
        stdin: bytes | dict[str, Any], **env: str) -> subprocess.CompletedProcess[str]:
    data = stdin if isinstance(stdin, bytes) else json.dumps(stdin).encode()
    args = ["git", "ledger", "hook", event] + (["--agent", agent] if agent else [])
    started = time.monotonic()
    done = subprocess.run(args, cwd=where, env={**cli_env, **env}, input=data,
                          capture_output=True, check=False, timeout=60)
    assert time.monotonic() - started < 30
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode(), done.stderr.decode())


def one_line(stderr: str) -> str:
    assert stderr.endswith("\n"), stderr
    assert stderr.count("\n") == 1, stderr
    assert stderr.startswith("git ledger hook ")
    return stderr


def context_of(stdout: str, agent: str) -> str:
    """The context string from an agent's envelope, checking the envelope's exact shape."""
    document = json.loads(stdout)
    if len(BY_NAME[agent].context_path) == 1:  # the key alone (Cursor, Pi, Copilot CLI)
        (key,) = BY_NAME[agent].context_path
        assert set(document) == {key}
        context = document[key]
    elif BY_NAME[agent].plugin:  # what our plugin reads (the OpenCode family)
        assert set(document) == {"additionalContext"}
        context = document["additionalContext"]
    else:
        assert set(document) == {"hookSpecificOutput"}
        inner = document["hookSpecificOutput"]
        assert set(inner) == {"hookEventName", "additionalContext"}
        assert inner["hookEventName"] == "SessionStart"
        context = inner["additionalContext"]
    assert isinstance(context, str)
    return context


def owner(repo: Path) -> str | None:
    return Ledger.open(repo, session="").owner()


def subjects(repo: Path) -> list[str]:
    return [e.subject for e in Ledger.open(repo, session="").events()]


# -- SessionStart -----------------------------------------------------------------------------


@pytest.mark.parametrize("source", SOURCES)
def test_claude_session_start_for_each_source(project: Path, elsewhere: Path,
                                              cli_env: dict[str, str], source: str) -> None:
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(project, source))
    assert done.returncode == 0
    assert done.stderr == ""
    context = context_of(done.stdout, "claude")
    assert TASK in context
    assert NEXT in context
    assert "Use PKCE" in context
    assert "ledger-canary: " in context
    assert len(context) <= agent_registry.DEFAULT_BUDGETS["claude"]


def test_claude_is_the_default_agent(project: Path, elsewhere: Path,
                                     cli_env: dict[str, str]) -> None:
    done = run(cli_env, elsewhere, "session-start", None, claude_start(project, "compact"))
    assert done.returncode == 0
    assert TASK in context_of(done.stdout, "claude")


@pytest.mark.parametrize("source", ["startup", "resume", "clear", "compact"])
def test_codex_session_start(project: Path, elsewhere: Path, cli_env: dict[str, str],
                             source: str) -> None:
    done = run(cli_env, elsewhere, "session-start", "codex", codex_start(project, source))
    assert done.returncode == 0
    assert done.stderr == ""
    context = context_of(done.stdout, "codex")
    assert TASK in context
    assert len(context) <= agent_registry.DEFAULT_BUDGETS["codex"]


@pytest.mark.parametrize("source", ["startup", "resume", "clear"])
def test_gemini_session_start(project: Path, elsewhere: Path, cli_env: dict[str, str],
                              source: str) -> None:
    done = run(cli_env, elsewhere, "session-start", "gemini", gemini_start(project, source))
    assert done.returncode == 0
    assert done.stderr == ""
    assert TASK in context_of(done.stdout, "gemini")


def test_cursor_session_start_uses_workspace_roots(project: Path, elsewhere: Path,
                                                   cli_env: dict[str, str]) -> None:
    done = run(cli_env, elsewhere, "session-start", "cursor", cursor_start(project))
    assert done.returncode == 0
    assert done.stderr == ""
    assert TASK in context_of(done.stdout, "cursor")
    assert owner(project) == "c0ffee00-cursor"


def test_cursor_without_roots_uses_its_project_dir(project: Path, elsewhere: Path,
                                                   cli_env: dict[str, str]) -> None:
    payload = cursor_start(project)
    del payload["workspace_roots"]
    done = run(cli_env, elsewhere, "session-start", "cursor", payload,
               CURSOR_PROJECT_DIR=str(project))
    assert done.returncode == 0
    assert TASK in context_of(done.stdout, "cursor")


def test_cwd_inside_the_work_tree_finds_the_repository(project: Path, elsewhere: Path,
                                                       cli_env: dict[str, str]) -> None:
    sub = project / "src" / "auth"
    sub.mkdir(parents=True)
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(sub, "resume"))
    assert done.returncode == 0
    assert TASK in context_of(done.stdout, "claude")


def test_session_start_claims_an_unowned_ledger(project: Path, elsewhere: Path,
                                                cli_env: dict[str, str]) -> None:
    assert owner(project) is None
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(project, "startup"))
    assert done.returncode == 0
    assert owner(project) == "8a2c6e2e-claude"
    assert subjects(project)[0] == "claim for session 8a2c6e2e-claude"
    # A session that finds the ledger unowned is new to it: startup primes the protocol.
    assert PROTOCOL[0] in context_of(done.stdout, "claude")


def test_session_start_never_takes_over_another_sessions_ledger(
        project: Path, elsewhere: Path, cli_env: dict[str, str]) -> None:
    run(cli_env, elsewhere, "session-start", "claude", claude_start(project, "startup"))
    before = subjects(project)
    done = run(cli_env, elsewhere, "session-start", "claude",
               claude_start(project, "startup", session="other-session"))
    assert done.returncode == 0
    assert owner(project) == "8a2c6e2e-claude"
    assert subjects(project) == before
    assert TASK in context_of(done.stdout, "claude")


def test_the_owner_resuming_writes_nothing(project: Path, elsewhere: Path,
                                           cli_env: dict[str, str]) -> None:
    run(cli_env, elsewhere, "session-start", "claude", claude_start(project, "startup"))
    before = subjects(project)
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(project, "compact"))
    assert done.returncode == 0
    assert subjects(project) == before
    assert PROTOCOL[0] not in context_of(done.stdout, "claude")


def test_no_ledger_yet_gives_a_short_block_and_creates_nothing(
        repo: Path, elsewhere: Path, cli_env: dict[str, str]) -> None:
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(repo, "startup"))
    assert done.returncode == 0
    assert done.stderr == ""
    assert context_of(done.stdout, "claude")
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


def test_claude_env_file_gets_the_session_id_appended(
        project: Path, elsewhere: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    env_file = tmp_path / "claude-env.sh"
    env_file.write_text("export NODE_ENV=production\n")
    payload = claude_start(project, "startup")
    for _ in range(2):
        done = run(cli_env, elsewhere, "session-start", "claude", payload,
                   CLAUDE_ENV_FILE=str(env_file))
        assert done.returncode == 0
        assert done.stderr == ""
    assert env_file.read_text() == (
        "export NODE_ENV=production\nexport GIT_LEDGER_SESSION_ID=8a2c6e2e-claude\n"
    )
    exported = subprocess.run(
        ["sh", "-c", f". {env_file} && printf %s \"$GIT_LEDGER_SESSION_ID\""],
        capture_output=True, text=True, check=True,
    ).stdout
    assert exported == "8a2c6e2e-claude"


def test_session_id_is_quoted_for_the_shell(project: Path, elsewhere: Path, tmp_path: Path,
                                            cli_env: dict[str, str]) -> None:
    env_file = tmp_path / "claude-env.sh"
    payload = claude_start(project, "startup", session="a b'; touch pwned #")
    done = run(cli_env, elsewhere, "session-start", "claude", payload,
               CLAUDE_ENV_FILE=str(env_file))
    assert done.returncode == 0
    exported = subprocess.run(
        ["sh", "-c", f". {env_file} && printf %s \"$GIT_LEDGER_SESSION_ID\""],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    ).stdout
    assert exported == "a b'; touch pwned #"
    assert not (tmp_path / "pwned").exists()


def test_unwritable_env_file_is_one_line_and_the_block_still_comes(
        project: Path, elsewhere: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(project, "startup"),
               CLAUDE_ENV_FILE=str(tmp_path / "missing-dir" / "env.sh"))
    assert done.returncode == 0
    assert "CLAUDE_ENV_FILE" in one_line(done.stderr)
    assert TASK in context_of(done.stdout, "claude")


def test_a_session_id_with_an_escape_sequence_is_ignored(
        project: Path, elsewhere: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    env_file = tmp_path / "claude-env.sh"
    payload = claude_start(project, "startup", session="\x1b[31mred")
    done = run(cli_env, elsewhere, "session-start", "claude", payload,
               CLAUDE_ENV_FILE=str(env_file))
    assert done.returncode == 0
    assert "\x1b" not in one_line(done.stderr)
    assert TASK in context_of(done.stdout, "claude")
    assert owner(project) is None
    assert not env_file.exists()


# -- PreCompact and SessionEnd: a checkpoint, nothing on stdout --------------------------------


@pytest.mark.parametrize(("agent", "event", "payload", "label"), [
    ("claude", "pre-compact", claude_pre_compact, "pre-compact"),
    ("codex", "pre-compact", codex_pre_compact, "pre-compact"),
    ("gemini", "pre-compact", gemini_pre_compress, "pre-compact"),
    ("claude", "session-end", claude_session_end, "session-end"),
    ("cursor", "session-end", cursor_session_end, "session-end"),
])
def test_checkpoint_events_record_a_checkpoint_commit(
        project: Path, elsewhere: Path, cli_env: dict[str, str], agent: str, event: str,
        payload: Any, label: str) -> None:
    before = Ledger.open(project, session="").snapshot()
    done = run(cli_env, elsewhere, event, agent, payload(project))
    assert done.returncode == 0
    assert done.stdout == ""
    assert done.stderr == ""
    (last,) = Ledger.open(project, session="").events(1)
    assert last.subject == f"checkpoint: {label}"
    assert last.trailers["Ledger-Event"] == ("checkpoint",)
    after = Ledger.open(project, session="").snapshot()
    assert after.entries == before.entries
    assert after.focus == before.focus


def test_pre_compact_without_a_ledger_creates_nothing(
        repo: Path, elsewhere: Path, cli_env: dict[str, str]) -> None:
    done = run(cli_env, elsewhere, "pre-compact", "claude", claude_pre_compact(repo))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


# -- bad input: exit 0, one line on stderr, a minimal block for session-start -------------------


def _bare(tmp_path: Path) -> Path:
    path = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", str(path))
    return path


def _not_a_repo(tmp_path: Path) -> Path:
    path = tmp_path / "plain"
    path.mkdir()
    return path


BAD_STDIN: dict[str, bytes] = {
    "malformed": b'{"session_id": "x", "cwd": ',
    "empty": b"",
    "whitespace": b"  \n",
    "array": b"[1, 2]",
    "string": b'"SessionStart"',
    "not utf-8": b'{"cwd": "\xff\xfe"}',
    "nul": b'{"cwd": "/tmp"}\x00',
}


@pytest.mark.parametrize("agent", AGENTS)
def test_bad_stdin_gives_a_minimal_block(project: Path, cli_env: dict[str, str],
                                         agent: str) -> None:
    # Every bad payload in one project: the hook writes nothing, so none sees another's.
    before = subjects(project)
    for what, payload in sorted(BAD_STDIN.items()):
        done = run(cli_env, project, "session-start", agent, payload)
        assert done.returncode == 0, what
        one_line(done.stderr)
        assert "restore unavailable" in context_of(done.stdout, agent), what
        assert subjects(project) == before, what


def test_oversized_stdin_is_refused_without_reading_it_all(
        project: Path, cli_env: dict[str, str]) -> None:
    payload = claude_start(project, "startup")
    payload["padding"] = "x" * (3 << 20)
    done = run(cli_env, project, "session-start", "claude", payload)
    assert done.returncode == 0
    assert "more than" in one_line(done.stderr)
    assert "restore unavailable" in context_of(done.stdout, "claude")


@pytest.mark.parametrize("what", sorted(BAD_STDIN))
def test_bad_stdin_for_a_checkpoint_prints_nothing(project: Path, cli_env: dict[str, str],
                                                   what: str) -> None:
    before = subjects(project)
    done = run(cli_env, project, "pre-compact", "claude", BAD_STDIN[what])
    assert done.returncode == 0
    assert done.stdout == ""
    one_line(done.stderr)
    assert subjects(project) == before


@pytest.mark.parametrize("where", ["missing", "not a repository"])
@pytest.mark.parametrize("event", ["session-start", "pre-compact", "session-end"])
def test_a_cwd_that_is_no_work_tree(project: Path, tmp_path: Path, cli_env: dict[str, str],
                                    where: str, event: str) -> None:
    cwd = {"missing": tmp_path / "gone", "not a repository": _not_a_repo(tmp_path)}[where]
    # Started inside a repository with a ledger: the hook must not fall back to it.
    before = subjects(project)
    done = run(cli_env, project, event, "claude", claude_start(cwd, "startup"))
    assert done.returncode == 0
    line = one_line(done.stderr)
    assert {"missing": "does not exist", "not a repository": "not a git repository"}[where] in line
    if event == "session-start":
        assert "restore unavailable" in context_of(done.stdout, "claude")
    else:
        assert done.stdout == ""
    assert subjects(project) == before


@pytest.mark.parametrize("event", ["session-start", "pre-compact", "session-end"])
def test_a_bare_repository_is_read_never_written(project: Path, tmp_path: Path,
                                                 cli_env: dict[str, str], event: str) -> None:
    """A bare repository is read like a clone (its project ledger restored), and has no
    work tree whose session a checkpoint could save: nothing is written, nothing fails."""
    bare = _bare(tmp_path)
    refs = git(bare, "for-each-ref").splitlines()
    before = subjects(project)
    done = run(cli_env, project, event, "claude", claude_start(bare, "startup"))
    assert done.returncode == 0
    assert done.stderr == ""
    if event == "session-start":
        context = context_of(done.stdout, "claude")
        assert "no session ledger in this worktree" in context
        assert "restore unavailable" not in context
    else:
        assert done.stdout == ""
    assert git(bare, "for-each-ref").splitlines() == refs
    assert subjects(project) == before


def test_a_corrupt_ledger(repo_with_commit: Path, elsewhere: Path,
                          cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    ref = "refs/ledger/sessions/notaledger"
    git(repo, "update-ref", ref, head)
    (repo / ".git" / "ledger").write_text(ref + "\n")
    for event in ("session-start", "pre-compact", "session-end"):
        done = run(cli_env, elsewhere, event, "claude", claude_start(repo, "startup"))
        assert done.returncode == 0
        assert "is not a ledger" in one_line(done.stderr)
        if event == "session-start":
            assert "restore unavailable" in context_of(done.stdout, "claude")
    assert git(repo, "rev-parse", ref).strip() == head


def test_no_identity_still_restores(project: Path, elsewhere: Path,
                                    cli_env: dict[str, str]) -> None:
    env = {k: v for k, v in cli_env.items()
           if not k.startswith(("GIT_AUTHOR_", "GIT_COMMITTER_"))}
    done = subprocess.run(
        ["git", "ledger", "hook", "session-start"], cwd=elsewhere, env=env,
        input=json.dumps(claude_start(project, "startup")).encode(), capture_output=True,
        check=False,
    )
    assert done.returncode == 0
    assert "owner" in one_line(done.stderr.decode())
    assert TASK in context_of(done.stdout.decode(), "claude")
    assert owner(project) is None


@pytest.mark.parametrize(("event", "agent"), [("session-begin", "claude"),
                                              ("session-start", "windsurf")])
def test_unknown_event_or_agent(project: Path, cli_env: dict[str, str], event: str,
                                agent: str) -> None:
    done = run(cli_env, project, event, agent, claude_start(project, "startup"))
    assert done.returncode == 0
    assert done.stdout == ""
    one_line(done.stderr)


def test_an_unknown_source_restores_plainly(project: Path, elsewhere: Path,
                                            cli_env: dict[str, str]) -> None:
    done = run(cli_env, elsewhere, "session-start", "claude", claude_start(project, "fork"))
    assert done.returncode == 0
    assert done.stderr == ""
    assert TASK in context_of(done.stdout, "claude")


# -- in process: budgets, deadlines and our own bugs ------------------------------------------


def test_a_budget_too_small_for_the_floors_gives_a_minimal_block(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = Ledger.open(project)
    for i in range(3):
        ledger.drop(f"approach {i} " + "x" * 300, why="y" * 300)
        ledger.open_question(f"question {i} " + "q" * 300)
    monkeypatch.setitem(agent_registry.DEFAULT_BUDGETS, "claude", 250)
    result = run_hook("session-start", "claude",
                      json.dumps(claude_start(project, "resume")).encode(), {})
    assert result.exit_code == 0
    one_line(result.stderr)
    context = context_of(result.stdout, "claude")
    assert "restore unavailable" in context
    assert len(context) <= 250


def test_a_hook_that_takes_too_long_gives_up(project: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(10)
        raise AssertionError("not reached")

    monkeypatch.setattr(hook_module, "restore", slow)
    started = time.monotonic()
    result = run_hook("session-start", "claude",
                      json.dumps(claude_start(project, "startup")).encode(), {},
                      deadline=0.3)
    assert time.monotonic() - started < 5
    assert result.exit_code == 0
    assert "gave up after 0.3 seconds" in one_line(result.stderr)
    assert "restore unavailable" in context_of(result.stdout, "claude")


def test_a_bug_of_ours_never_breaks_the_agent(project: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(hook_module, "restore", broken)
    result = run_hook("session-start", "gemini",
                      json.dumps(gemini_start(project)).encode(), {})
    assert result.exit_code == 0
    assert "internal error: RuntimeError: boom second line" in one_line(result.stderr)
    assert "restore unavailable" in context_of(result.stdout, "gemini")


def test_without_cwd_the_hook_uses_the_agents_project_dir(project: Path) -> None:
    payload = claude_start(project, "startup")
    del payload["cwd"]
    result = run_hook("session-start", "claude", json.dumps(payload).encode(),
                      {"CLAUDE_PROJECT_DIR": str(project)}, cwd="/")
    assert result.stderr == ""
    assert TASK in context_of(result.stdout, "claude")


# -- the payload parser and the envelopes ------------------------------------------------------


def test_parse_payload_reads_each_agents_names(tmp_path: Path) -> None:
    claude = parse_payload(json.dumps(claude_start(tmp_path, "clear")).encode(), "claude")
    assert (claude.session_id, claude.cwd, claude.source) == (
        "8a2c6e2e-claude", str(tmp_path), "clear")
    assert claude.event_name == "SessionStart"
    cursor = parse_payload(json.dumps(cursor_start(tmp_path)).encode(), "cursor")
    assert (cursor.session_id, cursor.cwd, cursor.source) == (
        "c0ffee00-cursor", str(tmp_path), "startup")
    early_gemini = {"session_id": "g", "cwd": str(tmp_path), "trigger": "resume"}
    assert parse_payload(json.dumps(early_gemini).encode(), "gemini").source == "resume"
    only_conversation = {"conversation_id": "c1", "workspace_roots": [str(tmp_path)]}
    assert parse_payload(json.dumps(only_conversation).encode(), "cursor").session_id == "c1"
    with pytest.raises(HookFailure):
        parse_payload(b"null", "claude")


def test_envelopes() -> None:
    for agent in ("claude", "codex", "gemini"):
        assert envelope(agent, "SessionStart", "ctx") == {
            "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "ctx"}
        }
    assert envelope("cursor", "SessionStart", "ctx") == {"additional_context": "ctx"}
    with pytest.raises(InvalidInput):
        envelope("text", "SessionStart", "ctx")
    with pytest.raises(InvalidInput):
        envelope("claude", "Stop", "ctx")


# -- the Stop hook: git ledger check --hook stop -----------------------------------------------
#
# Each agent's end-of-turn payload as its documentation gives it (docs/hooks.md, "The Stop
# hook"), and the exact answer that makes that agent carry on with our reason.

STOP_AGENTS = tuple(a for a in AGENTS if "stop" in BY_NAME[a].events)  # Cline has none


def claude_stop(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """Claude Code's Stop input (code.claude.com/docs/en/hooks#stop-input)."""
    return {
        "session_id": "8a2c6e2e-claude",
        "transcript_path": "/home/ada/.claude/projects/-repo/8a2c6e2e-claude.jsonl",
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": "Stop",
        "stop_hook_active": active,
        "last_assistant_message": "Done: PKCE is in.",
    }


def pi_agent_end(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """What our Pi extension (hooks/pi/git-ledger.ts) sends at Pi's ``agent_end``."""
    return {"session_id": "01a242e8-pi", "transcript_path": None, "cwd": str(cwd),
            "hook_event_name": "agent_end", "stop_hook_active": active}


def omp_session_stop(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """What our Oh My Pi extension (hooks/omp/git-ledger.ts) sends at ``session_stop``,
    whose ``stop_hook_active`` is Oh My Pi's own."""
    return {"session_id": "01a242e8-omp", "transcript_path": None, "cwd": str(cwd),
            "hook_event_name": "session_stop", "stop_hook_active": active}


def copilot_stop(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """GitHub Copilot CLI 1.0.102's Stop input, as its PascalCase ``Stop`` hook got it."""
    return {
        "hook_event_name": "Stop",
        "session_id": "b99fb641-copilot",
        "timestamp": "2026-12-04T21:06:26.900Z",
        "cwd": str(cwd),
        "transcript_path": "/home/ada/.copilot/session-state/b99fb641-copilot/events.jsonl",
        "stop_reason": "end_turn",
        "stop_hook_active": active,
    }


def codex_stop(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """Codex CLI's Stop input (codex-rs/hooks/schema/generated/stop.command.input.schema.json)."""
    return {
        "session_id": "019a7c3e-codex",
        "turn_id": "019a7c3f-turn",
        "transcript_path": None,
        "cwd": str(cwd),
        "hook_event_name": "Stop",
        "model": "gpt-5-codex",
        "permission_mode": "default",
        "stop_hook_active": active,
        "last_assistant_message": "Done: PKCE is in.",
    }


def gemini_after_agent(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """Gemini CLI's AfterAgent input (gemini-cli docs/hooks/reference.md, AfterAgent)."""
    return {
        "session_id": "gemini-5d1f",
        "transcript_path": "/home/ada/.gemini/tmp/chats/session-5d1f.json",
        "cwd": str(cwd),
        "hook_event_name": "AfterAgent",
        "timestamp": "2026-11-30T12:00:00Z",
        "prompt": "Add PKCE to the OAuth callback",
        "prompt_response": "Done: PKCE is in.",
        "stop_hook_active": active,
    }


def qwen_stop(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """Qwen Code's Stop input (0.24.4 ``createBaseInput`` and the Stop fields)."""
    return {
        "session_id": "5b7e0c1a-qwen",
        "transcript_path": "/home/ada/.qwen/projects/-repo/chats/5b7e0c1a-qwen.jsonl",
        "cwd": str(cwd),
        "hook_event_name": "Stop",
        "timestamp": "2026-11-30T12:00:00Z",
        "permission_mode": "yolo",
        "stop_hook_active": active,
        "last_assistant_message": "Done: PKCE is in.",
    }


def droid_stop(cwd: Path, *, active: bool = False) -> dict[str, Any]:
    """Factory Droid's Stop input, as 0.225.2 sent it to a hook in ``droid exec``."""
    return {
        "session_id": "167471d0-droid",
        "transcript_path": "/home/ada/.factory/sessions/-repo/167471d0-droid.jsonl",
        "cwd": str(cwd),
        "permission_mode": "auto-high",
        "hook_event_name": "Stop",
        "message_id": "abd99a8a-ce0f-4280-a8e6-295b4376c3e2",
        "stop_hook_active": active,
        "tool_execution_count": 0,
        "elapsed_time": 138,
    }


def cursor_stop(root: Path, *, loops: int = 0, status: str = "completed") -> dict[str, Any]:
    """Cursor's stop input (cursor.com/docs/agent/hooks: common schema + stop)."""
    return {
        "conversation_id": "c0ffee00-cursor",
        "generation_id": "c0ffee00-gen",
        "model": "claude-sonnet-4-6",
        "hook_event_name": "stop",
        "cursor_version": "2.4.21",
        "workspace_roots": [str(root)],
        "user_email": None,
        "transcript_path": None,
        "status": status,
        "loop_count": loops,
    }


def stop_payload(agent: str, cwd: Path, *, continuing: bool = False) -> dict[str, Any]:
    """The agent's payload for a first stop, or for one it makes after we sent it back."""
    if agent == "cursor":
        return cursor_stop(cwd, loops=1 if continuing else 0)
    if BY_NAME[agent].template == "opencode-plugin.js":  # what the OpenCode family sends
        return {"agent": agent, "cwd": str(cwd), "session_id": f"ses_{agent}",
                "hook_event_name": BY_NAME[agent].events["stop"],
                "stop_hook_active": continuing}
    return {"claude": claude_stop, "codex": codex_stop, "gemini": gemini_after_agent,
            "pi": pi_agent_end, "omp": omp_session_stop, "qwen": qwen_stop,
            "copilot": copilot_stop, "droid": droid_stop}[agent](cwd, active=continuing)


def reason_of(stdout: str, agent: str) -> str:
    """The reason in an agent's "carry on" answer, checking the answer's exact shape."""
    document = json.loads(stdout)
    if agent == "cursor":
        assert set(document) == {"followup_message"}
        reason = document["followup_message"]
    else:
        assert set(document) == {"decision", "reason"}
        assert document["decision"] == ("deny" if agent == "gemini" else "block")
        reason = document["reason"]
    assert isinstance(reason, str)
    assert reason.strip()
    assert "\n" not in reason
    return reason


@pytest.fixture
def conflicted(project: Path) -> tuple[Path, str, str]:
    """The project with two decisions in force in one scope: a check error."""
    ledger = Ledger.open(project)
    older = ledger.decide("Keep sessions in Postgres", scope="session store").entry
    newer = ledger.decide("Keep sessions in Redis", scope="session store").entry
    assert older is not None
    assert newer is not None
    return project, older.id, newer.id


def stop_check(agent: str, payload: dict[str, Any] | bytes, **kwargs: Any) -> Any:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return run_stop_check(agent, data, {}, **kwargs)


def stop_line(stderr: str, agent: str) -> str:
    assert stderr.endswith("\n"), stderr
    assert stderr.count("\n") == 1, stderr
    assert stderr.startswith(f"git ledger check --hook stop ({agent}): "), stderr
    return stderr


@pytest.mark.parametrize("agent", STOP_AGENTS)
def test_stop_sends_the_agent_back_with_the_fixes(conflicted: tuple[Path, str, str],
                                                   agent: str) -> None:
    project, older, newer = conflicted
    result = stop_check(agent, stop_payload(agent, project))
    assert (result.exit_code, result.stderr) == (0, "")
    reason = reason_of(result.stdout, agent)
    assert reason.startswith("git ledger check found 1 error in the ledger; fix it")
    assert f"scope-conflict {older}:" in reason
    assert newer in reason
    assert f"(fix: narrow one of them (git ledger edit {older} --scope" in reason


@pytest.mark.parametrize("agent", STOP_AGENTS)
def test_stop_never_sends_the_agent_back_twice(conflicted: tuple[Path, str, str],
                                               agent: str) -> None:
    project, _, _ = conflicted
    result = stop_check(agent, stop_payload(agent, project, continuing=True))
    assert (result.stdout, result.stderr, result.exit_code) == ("", "", 0)


@pytest.mark.parametrize("loops", [1, 4])
def test_cursor_follow_ups_count_as_continuing(conflicted: tuple[Path, str, str],
                                               loops: int) -> None:
    project, _, _ = conflicted
    assert stop_check("cursor", cursor_stop(project, loops=loops)).stdout == ""
    # A loop_count that is not a count is no reason to let the agent go.
    odd = {**cursor_stop(project), "loop_count": True}
    assert reason_of(stop_check("cursor", odd).stdout, "cursor")


@pytest.mark.parametrize("status", ["aborted", "error"])
def test_cursor_run_that_did_not_complete_is_let_go(conflicted: tuple[Path, str, str],
                                                     status: str) -> None:
    project, _, _ = conflicted
    result = stop_check("cursor", cursor_stop(project, status=status))
    assert (result.stdout, result.stderr, result.exit_code) == ("", "", 0)


def test_stop_hook_active_must_be_true_not_truthy(conflicted: tuple[Path, str, str]) -> None:
    project, _, _ = conflicted
    payload = {**claude_stop(project), "stop_hook_active": "false"}
    assert reason_of(stop_check("claude", payload).stdout, "claude")


@pytest.mark.parametrize("agent", STOP_AGENTS)
def test_stop_never_blocks_on_warnings(project: Path, agent: str) -> None:
    from gitledger.audit.check import check

    Ledger.open(project).verify("all tests pass on branch main", by="pytest")
    report = check(project)
    assert report.warnings  # the test means something
    assert not report.errors
    result = stop_check(agent, stop_payload(agent, project))
    assert (result.stdout, result.stderr, result.exit_code) == ("", "", 0)


@pytest.mark.parametrize("agent", STOP_AGENTS)
def test_stop_on_a_clean_ledger_prints_nothing(project: Path, agent: str) -> None:
    result = stop_check(agent, stop_payload(agent, project))
    assert (result.stdout, result.stderr, result.exit_code) == ("", "", 0)


def test_stop_in_a_repository_without_a_ledger_prints_nothing(repo_with_commit: Path) -> None:
    result = stop_check("claude", claude_stop(repo_with_commit))
    assert (result.stdout, result.stderr, result.exit_code) == ("", "", 0)
    assert git(repo_with_commit, "for-each-ref", "refs/ledger/") == ""


def test_stop_without_cwd_uses_the_agents_project_dir(
        conflicted: tuple[Path, str, str]) -> None:
    project, older, _ = conflicted
    payload = claude_stop(project)
    del payload["cwd"]
    result = run_stop_check("claude", json.dumps(payload).encode(),
                            {"CLAUDE_PROJECT_DIR": str(project)}, cwd="/")
    assert older in reason_of(result.stdout, "claude")


@pytest.mark.parametrize("what", ["empty", "not json", "array", "binary", "too big"])
def test_stop_with_bad_stdin_lets_the_agent_go(conflicted: tuple[Path, str, str],
                                               what: str) -> None:
    data = {"empty": b"", "not json": b"{stop", "array": b"[]", "binary": b"\xff\xfe{",
            "too big": b" " * (hook_io.STDIN_LIMIT + 1)}[what]
    result = stop_check("claude", data, cwd=conflicted[0])
    assert result.stdout == ""
    assert result.exit_code == 0
    stop_line(result.stderr, "claude")


def test_stop_in_a_directory_that_is_no_repository(tmp_path: Path) -> None:
    result = stop_check("codex", codex_stop(tmp_path))
    assert (result.stdout, result.exit_code) == ("", 0)
    assert "not a git repository" in stop_line(result.stderr, "codex")


def test_stop_with_a_cwd_that_is_gone(tmp_path: Path) -> None:
    result = stop_check("gemini", gemini_after_agent(tmp_path / "gone"))
    assert (result.stdout, result.exit_code) == ("", 0)
    assert "does not exist" in stop_line(result.stderr, "gemini")


def test_stop_for_an_unknown_agent(project: Path) -> None:
    result = stop_check("windsurf", claude_stop(project))
    assert (result.stdout, result.exit_code) == ("", 0)
    assert "unknown agent" in stop_line(result.stderr, "windsurf")


def test_a_bug_in_the_check_never_keeps_the_agent(conflicted: tuple[Path, str, str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from gitledger.audit import check as check_module

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(check_module, "check", broken)
    result = stop_check("cursor", cursor_stop(conflicted[0]))
    assert (result.stdout, result.exit_code) == ("", 0)
    assert "internal error: RuntimeError: boom second line" in stop_line(result.stderr,
                                                                          "cursor")


def test_a_slow_check_gives_up_and_lets_the_agent_go(conflicted: tuple[Path, str, str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gitledger.audit import check as check_module

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(10)
        raise AssertionError("not reached")

    monkeypatch.setattr(check_module, "check", slow)
    started = time.monotonic()
    result = stop_check("claude", claude_stop(conflicted[0]), deadline=0.3)
    assert time.monotonic() - started < 5
    assert (result.stdout, result.exit_code) == ("", 0)
    assert "gave up after 0.3 seconds" in stop_line(result.stderr, "claude")


def test_stop_reason_names_five_errors_and_counts_the_rest() -> None:
    from gitledger.audit.check import Finding

    errors = [Finding("dangling-link", f"d-{i:02d}", f"d-{i:02d} links to d-none",
                      f"edit d-{i:02d}") for i in range(8)]
    reason = stop_reason(errors)
    assert reason.startswith("git ledger check found 8 errors in the ledger; fix them")
    assert [f"d-{i:02d}:" in reason for i in range(8)] == [True] * 5 + [False] * 3
    assert "; and 3 more; then run git ledger check to confirm" in reason
    no_entry = stop_reason([Finding("supersedes-cycle", None, "a cycle\nof two", "cut it")])
    assert "supersedes-cycle: a cycle of two (fix: cut it)" in no_entry


def test_stop_reason_is_bounded() -> None:
    from gitledger.audit.check import Finding

    errors = [Finding("dangling-link", "d-1", "x" * 3000, "y" * 3000)] * 5
    reason = stop_reason(errors)
    assert len(reason) <= stop_hook.STOP_REASON_LIMIT <= 2000
    assert reason.endswith("; then run git ledger check to confirm")
    # Each finding is capped (200), its rule and entry id whole, the fix and message cut.
    assert reason.count("dangling-link d-1: xxx") == 5
    assert reason.count("x…") == 5


def test_stop_envelopes() -> None:
    assert stop_envelope("claude", "r") == {"decision": "block", "reason": "r"}
    assert stop_envelope("codex", "r") == {"decision": "block", "reason": "r"}
    assert stop_envelope("gemini", "r") == {"decision": "deny", "reason": "r"}
    assert stop_envelope("cursor", "r") == {"followup_message": "r"}
    with pytest.raises(InvalidInput):
        stop_envelope("text", "r")


@pytest.mark.parametrize("agent", STOP_AGENTS)
def test_installed_stop_hook_blocks_once_then_lets_the_agent_go(
        conflicted: tuple[Path, str, str], elsewhere: Path, cli_env: dict[str, str],
        agent: str) -> None:
    """End to end: the command install writes, run by a shell like the agent runs it."""
    project, older, _ = conflicted
    install(project, agent)
    spec = BY_NAME[agent]
    if spec.plugin:  # the plugin runs the command (tests/integrations/test_plugins.py)
        command_line = command(agent, "stop")
    else:
        document = json.loads((project / spec.config).read_text())
        (stop_entry,) = document["hooks"][spec.events["stop"]]
        handler = stop_entry["hooks"][0] if spec.grouped else stop_entry
        command_line = handler["command"]
    assert command_line == f"git ledger check --hook stop --agent {agent}"

    def stop(payload: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(["sh", "-c", command_line], cwd=elsewhere, env=cli_env,
                              input=json.dumps(payload).encode(), capture_output=True,
                              check=False, timeout=60)
        return subprocess.CompletedProcess(done.args, done.returncode,
                                           done.stdout.decode(), done.stderr.decode())

    first = stop(stop_payload(agent, project))
    assert (first.returncode, first.stderr) == (0, "")
    assert f"scope-conflict {older}" in reason_of(first.stdout, agent)

    second = stop(stop_payload(agent, project, continuing=True))
    assert (second.returncode, second.stdout, second.stderr) == (0, "", "")

    # Fixed, the next first stop goes through too.
    reject(Ledger.open(project), older, why="Redis already holds the session cache")
    third = stop(stop_payload(agent, project))
    assert (third.returncode, third.stdout, third.stderr) == (0, "", "")
