"""Who owns a session ledger when the agent gives its shell no session id, and how a clear,
a fork, a second session and a write by a non-owner are handled (docs/hooks.md,
"Ownership and the session id").  The hooks run as real subprocesses on the payloads the
agent suite saw the clients send; the writes are the shell commands a model would run."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gitledger.integrations import agent_hooks
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import STARTED_FILE
from tests.conftest import git
from tests.integrations.test_agent_hooks import (
    TASK,
    claude_pre_compact,
    claude_session_end,
    claude_start,
    codex_start,
    context_of,
    gemini_pre_compress,
    gemini_start,
    owner,
    run,
    subjects,
)

ANOTHER = "belongs to another session"


def shell(cli_env: dict[str, str], repo: Path, *args: str,
          **env: str) -> subprocess.CompletedProcess[str]:
    """``git ledger ARGS`` as the agent's shell tool runs it: no session id unless given."""
    return subprocess.run(["git", "ledger", *args], cwd=repo, env={**cli_env, **env},
                          capture_output=True, text=True, check=False, timeout=60)


def started_file(repo: Path) -> Path:
    return repo / ".git" / STARTED_FILE


def gemini(cwd: Path, session: str, **fields: Any) -> dict[str, Any]:
    return {**gemini_start(cwd), "session_id": session, **fields}


def test_the_first_session_owns_what_its_shell_writes(repo_with_commit: Path, tmp_path: Path,
                                                     cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    run(cli_env, tmp_path, "session-start", "gemini", gemini(repo, "gemini-first"))
    assert started_file(repo).read_text() == "gemini-first\n"
    assert shell(cli_env, repo, "task", TASK).returncode == 0
    assert owner(repo) == "gemini-first"
    decided = shell(cli_env, repo, "decide", "use sqlite", "--over", "postgres")
    assert decided.returncode == 0, decided.stderr
    assert decided.stderr == ""
    (entry,) = Ledger.open(repo, session="").snapshot().entries
    assert entry.session == "gemini-first"
    # The next session is told, never handed the first one's ledger.
    second = run(cli_env, tmp_path, "session-start", "gemini", gemini(repo, "gemini-second"))
    context = context_of(second.stdout, "gemini")
    assert ANOTHER in context
    assert "git ledger archive" in context
    assert owner(repo) == "gemini-first"


def test_a_session_end_forgets_the_started_session(repo_with_commit: Path, tmp_path: Path,
                                                   cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    run(cli_env, tmp_path, "session-start", "gemini", gemini(repo, "gemini-first"))
    end = {**gemini(repo, "gemini-first"), "hook_event_name": "SessionEnd", "reason": "exit"}
    assert run(cli_env, tmp_path, "session-end", "gemini", end).stderr == ""
    assert not started_file(repo).exists()
    assert shell(cli_env, repo, "task", TASK).returncode == 0
    assert owner(repo) is None  # the user's own write after the session: nobody's session


def test_another_sessions_end_leaves_the_record(repo_with_commit: Path, tmp_path: Path,
                                                cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    run(cli_env, tmp_path, "session-start", "gemini", gemini(repo, "gemini-first"))
    run(cli_env, tmp_path, "session-start", "gemini", gemini(repo, "gemini-second"))
    end = {**gemini(repo, "gemini-first"), "hook_event_name": "SessionEnd", "reason": "exit"}
    run(cli_env, tmp_path, "session-end", "gemini", end)
    assert started_file(repo).read_text() == "gemini-second\n"


def test_codex_shell_writes_carry_its_thread_id(repo_with_commit: Path,
                                               cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    done = shell(cli_env, repo, "task", TASK, CODEX_THREAD_ID="019a7c3e-codex")
    assert done.returncode == 0, done.stderr
    assert owner(repo) == "019a7c3e-codex"
    # Ours wins over the agent's own, when both are set.
    shell(cli_env, repo, "open", "which port?", CODEX_THREAD_ID="019a7c3e-codex",
          GIT_LEDGER_SESSION_ID="019a7c3e-codex")
    assert {e.session for e in Ledger.open(repo, session="").snapshot().entries} == {
        "019a7c3e-codex"}


def test_a_write_by_another_session_is_kept_warned_and_attributed(
        repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    shell(cli_env, repo, "task", TASK, GIT_LEDGER_SESSION_ID="session-a")
    done = shell(cli_env, repo, "decide", "use sqlite", GIT_LEDGER_SESSION_ID="session-b")
    assert done.returncode == 0
    warning = done.stderr.strip()
    assert warning.count("\n") == 0
    assert "belongs to session session-a, not to this one (session-b)" in warning
    assert "git ledger claim --session-id session-b" in warning
    (entry,) = Ledger.open(repo, session="").snapshot().entries
    assert entry.session == "session-b"
    assert owner(repo) == "session-a"
    # The owner's own writes say nothing.
    assert shell(cli_env, repo, "open", "why?", GIT_LEDGER_SESSION_ID="session-a").stderr == ""


def assert_handed_over(repo: Path, context: str, to: str, how: str) -> None:
    """The ledger passed from ``8a2c6e2e-claude`` to ``to`` by a handover (``how``), and
    the decision the old session wrote is unlabelled in the new one's block."""
    (sqlite,) = [line for line in context.splitlines() if "use sqlite" in line]
    assert "from another session" not in sqlite
    assert owner(repo) == to
    (claim,) = [e for e in Ledger.open(repo, session="").events()
                if "claim" in e.trailers.get("Ledger-Event", ())][:1]
    assert claim.trailers["Ledger-Handover"] == (how,)
    assert claim.trailers["Ledger-Previous-Owner"] == ("8a2c6e2e-claude",)


def test_a_clear_hands_the_ledger_over(repo_with_commit: Path, tmp_path: Path,
                                       cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    run(cli_env, tmp_path, "session-start", "claude", claude_start(repo, "startup"))
    shell(cli_env, repo, "task", TASK, GIT_LEDGER_SESSION_ID="8a2c6e2e-claude")
    shell(cli_env, repo, "decide", "use sqlite", GIT_LEDGER_SESSION_ID="8a2c6e2e-claude")
    end = {**claude_session_end(repo), "reason": "clear"}
    run(cli_env, tmp_path, "session-end", "claude", end)
    assert started_file(repo).read_text() == "8a2c6e2e-claude\ncleared\n"
    done = run(cli_env, tmp_path, "session-start", "claude",
               claude_start(repo, "clear", session="after-the-clear"))
    assert done.stderr == ""
    context = context_of(done.stdout, "claude")
    assert ANOTHER not in context
    assert f"TASK: {TASK}" in context
    # What the session wrote before the clear is the new session's own: no label.
    assert_handed_over(repo, context, "after-the-clear", "clear")


def test_a_fork_continues_the_session_it_forks(repo_with_commit: Path, tmp_path: Path,
                                               cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    run(cli_env, tmp_path, "session-start", "codex", codex_start(repo))
    shell(cli_env, repo, "task", TASK, CODEX_THREAD_ID="019a7c3e-codex")
    fork = {**codex_start(repo, "fork"), "session_id": "019a7c3e-forked"}
    done = run(cli_env, tmp_path, "session-start", "codex", fork)
    assert ANOTHER not in context_of(done.stdout, "codex")
    assert owner(repo) == "019a7c3e-forked"


def claude_fork(repo: Path, cli_env: dict[str, str], *, tokens: int, age: int,
                last: dict[str, Any] | None) -> dict[str, Any]:
    """Claude Code's SessionStart after ``--resume 8a2c6e2e-claude --fork-session``, its
    owner's transcript (when ``last`` is given) ending in the response ``last``."""
    folder = Path(cli_env["HOME"]) / ".claude" / "projects" / "-repo"
    folder.mkdir(parents=True, exist_ok=True)
    if last is not None:
        (folder / "8a2c6e2e-claude.jsonl").write_text(
            json.dumps({"type": "user", "message": {"role": "user", "content": "hi"}}) + "\n"
            + json.dumps(last) + "\n"
            + json.dumps({"type": "system", "subtype": "turn_duration"}) + "\n")
    return {**claude_start(repo, "fork", session="b7d1-forked"),
            "transcript_path": str(folder / "b7d1-forked.jsonl"),
            "seconds_since_last_response": age, "context_tokens": tokens}


def response(tokens: int, seconds_ago: float) -> dict[str, Any]:
    """A response record of Claude Code's transcript, ``tokens`` of context in all."""
    when = datetime.now(UTC) - timedelta(seconds=seconds_ago)
    return {"type": "assistant", "timestamp": when.isoformat().replace("+00:00", "Z"),
            "message": {"role": "assistant", "model": "claude-sonnet-4-6",
                        "usage": {"input_tokens": tokens - 110, "output_tokens": 10,
                                  "cache_read_input_tokens": 100,
                                  "cache_creation_input_tokens": 0}}}


def claude_session(repo: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    """A Claude Code session that wrote a decision and ended (which forgets it)."""
    run(cli_env, tmp_path, "session-start", "claude", claude_start(repo, "startup"))
    shell(cli_env, repo, "task", TASK, GIT_LEDGER_SESSION_ID="8a2c6e2e-claude")
    shell(cli_env, repo, "decide", "use sqlite", GIT_LEDGER_SESSION_ID="8a2c6e2e-claude")
    run(cli_env, tmp_path, "session-end", "claude", claude_session_end(repo))
    assert not started_file(repo).exists()


def test_a_claude_fork_of_the_ended_owner_is_handed_the_ledger(
        repo_with_commit: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    claude_session(repo, tmp_path, cli_env)
    fork = claude_fork(repo, cli_env, tokens=1500, age=4, last=response(1500, 4))
    done = run(cli_env, tmp_path, "session-start", "claude", fork)
    assert done.stderr == ""
    context = context_of(done.stdout, "claude")
    assert ANOTHER not in context
    assert_handed_over(repo, context, "b7d1-forked", "fork")


@pytest.mark.parametrize(("tokens", "age", "last"), [
    (1499, 4, response(1500, 4)),     # another conversation's size
    (1500, 4, response(1500, 120)),   # the owner answered long before the fork's source
    (1500, 4, None),                  # no transcript of the owner's to check against
], ids=["tokens", "age", "no-transcript"])
def test_a_claude_fork_not_matching_the_owners_transcript_is_told_it_is_anothers(
        repo_with_commit: Path, tmp_path: Path, cli_env: dict[str, str], tokens: int,
        age: int, last: dict[str, Any] | None) -> None:
    repo = repo_with_commit
    claude_session(repo, tmp_path, cli_env)
    fork = claude_fork(repo, cli_env, tokens=tokens, age=age, last=last)
    done = run(cli_env, tmp_path, "session-start", "claude", fork)
    assert ANOTHER in context_of(done.stdout, "claude")
    assert owner(repo) == "8a2c6e2e-claude"


def test_a_claude_fork_while_the_owner_runs_is_checked_too(
        repo_with_commit: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    """The owner started here last, but the fork went on from another conversation: that
    the owner is still running proves nothing about the fork."""
    repo = repo_with_commit
    run(cli_env, tmp_path, "session-start", "claude", claude_start(repo, "startup"))
    shell(cli_env, repo, "task", TASK, GIT_LEDGER_SESSION_ID="8a2c6e2e-claude")
    fork = claude_fork(repo, cli_env, tokens=900, age=4, last=response(1500, 4))
    done = run(cli_env, tmp_path, "session-start", "claude", fork)
    assert ANOTHER in context_of(done.stdout, "claude")
    assert owner(repo) == "8a2c6e2e-claude"


def test_what_every_earlier_session_of_the_conversation_wrote_stays_its_own(
        repo_with_commit: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    """Two clears and a fork in a row: each session's writes stay unlabelled; a session
    that claims the ledger outright (no handover) does not inherit them."""
    repo = repo_with_commit
    previous = None
    for n, source in enumerate(("startup", "clear", "clear")):
        session = f"conversation-{n}"
        if previous is not None:
            run(cli_env, tmp_path, "session-end", "claude",
                {**claude_session_end(repo), "session_id": previous, "reason": "clear"})
        run(cli_env, tmp_path, "session-start", "claude",
            claude_start(repo, source, session=session))
        shell(cli_env, repo, "open", f"question {n}?", GIT_LEDGER_SESSION_ID=session)
        previous = session
    block = shell(cli_env, repo, "restore", "--session-id", "conversation-2").stdout
    assert "from another session" not in block, block
    assert all(f"question {n}?" in block for n in range(3))
    shell(cli_env, repo, "claim", "--session-id", "someone-else")
    block = shell(cli_env, repo, "restore", "--session-id", "someone-else").stdout
    assert block.count("[from another session: conversation-") == 3, block


def test_a_clear_never_takes_a_ledger_from_another_conversation(
        repo_with_commit: Path, tmp_path: Path, cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    shell(cli_env, repo, "task", TASK, GIT_LEDGER_SESSION_ID="session-a")
    # session-b started here last, then a third session starts after a clear of its own:
    # the ledger is session-a's, which never cleared, so it stays session-a's.
    run(cli_env, tmp_path, "session-start", "claude",
        claude_start(repo, "startup", session="session-b"))
    done = run(cli_env, tmp_path, "session-start", "claude",
               claude_start(repo, "clear", session="session-c"))
    assert ANOTHER in context_of(done.stdout, "claude")
    assert owner(repo) == "session-a"


def test_a_checkpoint_with_nothing_new_writes_nothing(repo_with_commit: Path, tmp_path: Path,
                                                      cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    shell(cli_env, repo, "task", TASK)
    # Where Gemini CLI writes it, below the HOME the hooks run with.
    transcript = Path(cli_env["HOME"]) / ".gemini" / "tmp" / "h" / "chats" / "session-1.json"
    transcript.parent.mkdir(parents=True)
    transcript.write_text('{"messages": []}')
    payload = {**gemini_pre_compress(repo), "transcript_path": str(transcript),
               "trigger": "auto"}
    for _ in range(3):  # Gemini CLI fires PreCompress before every model call
        assert run(cli_env, tmp_path, "pre-compact", "gemini", payload).stderr == ""
    assert [s for s in subjects(repo) if s.startswith("checkpoint")] == [
        "checkpoint: pre-compact"]
    saved = git(repo, "for-each-ref", "--format=%(refname)", "refs/ledger/transcripts/")
    assert git(repo, "rev-list", "--count", saved.strip()).strip() == "1"
    # Something new, and the next one records again.
    shell(cli_env, repo, "open", "which port?")
    run(cli_env, tmp_path, "pre-compact", "gemini", payload)
    assert [s for s in subjects(repo) if s.startswith("checkpoint")] == [
        "checkpoint: pre-compact", "checkpoint: pre-compact"]


def test_the_block_labels_what_another_session_wrote(repo_with_commit: Path,
                                                    cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    shell(cli_env, repo, "task", TASK, GIT_LEDGER_SESSION_ID="session-a")
    shell(cli_env, repo, "decide", "use sqlite", GIT_LEDGER_SESSION_ID="session-a")
    shell(cli_env, repo, "decide", "use redis", GIT_LEDGER_SESSION_ID="session-b")
    block = shell(cli_env, repo, "restore", "--session-id", "session-a").stdout
    (redis,) = [line for line in block.splitlines() if "use redis" in line]
    (sqlite,) = [line for line in block.splitlines() if "use sqlite" in line]
    assert redis.endswith("[from another session: session-b]")
    assert "another session" not in sqlite


def test_every_real_compaction_is_a_checkpoint(repo_with_commit: Path, tmp_path: Path,
                                               cli_env: dict[str, str]) -> None:
    # Claude Code's PreCompact fires only when it compacts: two in a row are two windows.
    repo = repo_with_commit
    shell(cli_env, repo, "task", TASK)
    for _ in range(2):
        run(cli_env, tmp_path, "pre-compact", "claude", claude_pre_compact(repo))
    assert [s for s in subjects(repo) if s.startswith("checkpoint")] == [
        "checkpoint: pre-compact", "checkpoint: pre-compact"]


def test_a_session_end_that_cannot_touch_the_git_dir_still_checkpoints(
        repo_with_commit: Path, cli_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    repo = repo_with_commit
    shell(cli_env, repo, "task", TASK)

    def fails(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(agent_hooks, "record_end", fails)
    result = agent_hooks.run_hook("session-end", "claude",
                                  json.dumps(claude_session_end(repo)).encode(), {})
    assert "could not update the started session: Permission denied" in result.stderr
    assert result.stderr.count("\n") == 1
    assert subjects(repo)[0] == "checkpoint: session-end"
