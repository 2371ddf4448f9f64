"""The Stop hook's answer before libgit2 loads (``integrations/stop_gate.py``, called by
``launch.py``): a stop is let go unchecked only when the hook would let it go too, and a
clean verdict is never served once anything it was read from moved."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gitledger.commands.hook_fast import stop_hook_agent
from gitledger.derived import check_output
from gitledger.integrations.stop_gate import STOP_REQUEST, let_go_unchecked
from gitledger.integrations.stop_hook import run_stop_check
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import CHECK_OUTPUT_FILE, QUEUE_FILE
from tests.conftest import git
from tests.integrations.test_stop_hook import claude, codex, gemini


def _bytes(payload: dict[str, object]) -> bytes:
    return json.dumps(payload).encode()


@pytest.fixture
def clean(repo_with_commit: Path) -> Path:
    Ledger.open(repo_with_commit).decide("use sqlite", over=["postgres"], because="one file")
    return repo_with_commit


def test_a_clean_check_is_remembered_and_lets_the_next_stop_go(clean: Path) -> None:
    payload = _bytes(claude(clean, "p-1"))
    assert not let_go_unchecked("claude", payload, {})  # nothing checked yet
    assert run_stop_check("claude", payload, {}).stdout == ""
    assert let_go_unchecked("claude", payload, {})
    # Every agent's payload names the same worktree.
    assert let_go_unchecked("codex", _bytes(codex(clean, "t-1")), {})
    assert let_go_unchecked("gemini", _bytes(gemini(clean, "All done.")), {})


@pytest.mark.parametrize("move", ["a write", "a commit", "a branch", "another pointer"])
def test_anything_moved_means_the_hook_checks_again(clean: Path, move: str) -> None:
    payload = _bytes(claude(clean, "p-1"))
    run_stop_check("claude", payload, {})
    assert let_go_unchecked("claude", payload, {})
    if move == "a write":
        Ledger.open(clean).decide("postgres", because="more features")  # an error now
    elif move == "a commit":
        git(clean, "commit", "-q", "--allow-empty", "-m", "more")
    elif move == "a branch":
        git(clean, "branch", "-q", "side")
    else:
        pointer = clean / ".git" / "ledger"
        pointer.write_bytes(pointer.read_bytes() + b"\n")
    assert not let_go_unchecked("claude", payload, {})


def test_nothing_is_let_go_unchecked_while_git_events_wait(clean: Path) -> None:
    """A queued event (a commit's ``Ledger-Implements:``) may move a ledger once applied."""
    payload = _bytes(claude(clean, "p-1"))
    run_stop_check("claude", payload, {})
    (clean / ".git" / QUEUE_FILE).write_text("an event not applied yet\n")
    assert not let_go_unchecked("claude", payload, {})
    (clean / ".git" / QUEUE_FILE).write_text("")
    assert let_go_unchecked("claude", payload, {})


def test_a_check_with_errors_is_never_remembered(clean: Path) -> None:
    Ledger.open(clean).decide("postgres", because="more features")
    payload = _bytes(claude(clean, "p-1"))
    assert json.loads(run_stop_check("claude", payload, {}).stdout)["decision"] == "block"
    assert not let_go_unchecked("claude", payload, {})
    assert run_stop_check("claude", payload, {}).stdout == ""  # the prompt's mark, not this
    assert not let_go_unchecked("claude", payload, {})


@pytest.mark.parametrize("stdin", [
    b"", b"not json", b"[]", b'{"cwd": "/nonexistent/dir"}', b"{" * 100_000,
    b'{"cwd": "a\\u0000b"}', b" " * (2 << 20),
], ids=["empty", "not-json", "a-list", "no-such-cwd", "100000-braces", "nul-in-cwd",
        "2-mb-of-spaces"])  # an id of the payload itself would not fit in the environment
def test_a_payload_it_cannot_read_is_the_hook_s_to_answer(clean: Path, stdin: bytes,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    run_stop_check("claude", _bytes(claude(clean, "p-1")), {})
    monkeypatch.chdir(clean)
    assert not let_go_unchecked("claude", stdin, {})


def test_the_payload_letting_the_agent_go_needs_no_repository(tmp_path: Path) -> None:
    assert let_go_unchecked("claude", _bytes(claude(tmp_path, "p", active=True)), {})
    assert let_go_unchecked("cursor", b'{"loop_count": 1}', {})
    assert let_go_unchecked("cursor", b'{"status": "aborted"}', {})
    assert not let_go_unchecked("claude", _bytes(claude(tmp_path, "p")), {})
    assert not let_go_unchecked("nope", _bytes(claude(tmp_path, "p", active=True)), {})


@pytest.mark.parametrize("value", [
    {"text": "", "code": 1}, {"text": "x", "code": 0}, {"text": "", "code": False}, "",
])
def test_a_forged_verdict_is_no_verdict(clean: Path, value: object) -> None:
    payload = _bytes(claude(clean, "p-1"))
    run_stop_check("claude", payload, {})
    path = clean / ".git" / CHECK_OUTPUT_FILE
    data = json.loads(path.read_text())
    data["outputs"][STOP_REQUEST] = value
    path.write_text(json.dumps(data))
    assert not let_go_unchecked("claude", payload, {})


def test_nothing_is_remembered_when_a_ref_moved_during_the_check(
        clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gitledger.audit import check as check_module

    real = check_module.check

    def moving(*args: object, **kwargs: object) -> check_module.CheckReport:
        report = real(*args, **kwargs)  # type: ignore[arg-type]
        git(clean, "branch", "-q", "moved-meanwhile")
        return report

    monkeypatch.setattr(check_module, "check", moving)
    payload = _bytes(claude(clean, "p-1"))
    assert run_stop_check("claude", payload, {}).stdout == ""
    key = check_output.current_key(clean)
    assert key is not None
    assert check_output.load(key, STOP_REQUEST) is None
    assert not let_go_unchecked("claude", payload, {})


@pytest.mark.parametrize(("args", "agent"), [
    (["check", "--hook", "stop"], "claude"),
    (["check", "--hook", "stop", "--agent", "codex"], "codex"),
    (["check", "--hook", "stop", "--agent=gemini"], "gemini"),
    (["check", "--hook", "stop", "--agent", "nope"], "nope"),
    (["check", "--hook=stop"], None), (["check", "--agent", "codex", "--hook", "stop"], None),
    (["check", "--hook", "stop", "-C", "."], None), (["check", "--hook", "stop", "--json"], None),
    (["check", "--hook", "stop", "--agent"], None), (["check"], None),
])
def test_only_the_call_install_writes_is_the_fast_stop(args: list[str],
                                                       agent: str | None) -> None:
    assert stop_hook_agent(args) == agent


def _executable(repo: Path, stdin: bytes, *args: str) -> tuple[int, bytes, bytes]:
    done = subprocess.run([sys.executable, "-m", "gitledger", *args], cwd=repo, input=stdin,
                          capture_output=True, timeout=120, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini", "nope"])
def test_the_executable_answers_what_click_answers(clean: Path, agent: str) -> None:
    payload = _bytes(claude(clean, "p-1"))
    call = ["check", "--hook", "stop", "--agent", agent]
    through_click = _executable(clean, payload, "-C", str(clean), *call)
    assert _executable(clean, payload, *call) == through_click  # checked, remembered
    assert _executable(clean, payload, *call) == through_click  # let go from the verdict
    Ledger.open(clean).decide("postgres", because="more features")
    fresh = _bytes(claude(clean, "p-2"))
    sent = _executable(clean, fresh, *call)
    assert sent == _executable(clean, _bytes(claude(clean, "p-3")), "-C", str(clean), *call)
    if agent != "nope":
        assert b"git ledger check found 1 error" in sent[1]
    assert _executable(clean, b"not json", *call) == _executable(
        clean, b"not json", "-C", str(clean), *call)
