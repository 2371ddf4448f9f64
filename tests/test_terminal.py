"""Colour and the pager, as a person at a terminal gets them: the real ``git ledger`` on a
pseudo-terminal (escapes and the pager appear), and in a pipe, with ``--json`` and in the
hooks (they never do)."""

from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path

import pytest

from gitledger.core.colour import colouring, paint
from gitledger.terminal import Settings, colour_setting
from tests.conftest import git

ESC = "\x1b["


def on_pty(args: list[str], cwd: Path, env: dict[str, str], timeout: float = 60.0,
           ) -> tuple[int, str]:
    """Run ``args`` with stdin, stdout and stderr on a new pseudo-terminal; its exit
    status and everything it wrote there."""
    master, slave = os.openpty()
    proc = subprocess.Popen(args, cwd=cwd, env=env, stdin=slave, stdout=slave, stderr=slave,
                            close_fds=True, start_new_session=True)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    # poll, not select: a long test worker may hold descriptors past select's 1024.
    watch = select.poll()
    watch.register(master, select.POLLIN)
    try:
        while time.monotonic() < deadline:
            if watch.poll(200):
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: every writer closed its end
                    break
                if not data:
                    break
                out += data
            elif proc.poll() is not None:
                break
        else:
            raise AssertionError(f"{args} did not finish in {timeout}s: {out!r}")
        code = proc.wait(timeout=10)
    finally:
        proc.kill()
        proc.wait(timeout=10)
        os.close(master)
    return code, out.decode("utf-8", "replace").replace("\r\n", "\n")


def piped(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.fixture
def failing(repo_with_commit: Path, cli_env: dict[str, str]) -> Path:
    """A repository whose check finds an error: a decision repeats what another beat."""
    env = {**cli_env, "TERM": "xterm"}
    for args in (["decide", "Use PKCE", "--over", "implicit flow"],
                 ["decide", "implicit flow", "--proposed"]):
        assert piped(["git", "ledger", *args], repo_with_commit, env).returncode == 0
    return repo_with_commit


def _env(cli_env: dict[str, str], **extra: str) -> dict[str, str]:
    env = {**cli_env, "TERM": "xterm", "GIT_PAGER": "cat"}
    env.pop("NO_COLOR", None)
    env.update(extra)
    return env


def test_check_is_coloured_on_a_terminal_and_never_in_a_pipe(
        failing: Path, cli_env: dict[str, str]) -> None:
    env = _env(cli_env)
    for args in (["git", "ledger", "check"], ["git-ledger", "check"]):  # click, launch.py
        for _ in range(2):  # composed, then the saved report printed again
            code, out = on_pty(args, failing, env)
            assert code == 1, out
            assert f"{ESC}1;31merror\x1b[m: {ESC}1;31mrevived-alternative\x1b[m:" in out
            assert f"ledger check: {ESC}1;31mFAILED\x1b[m" in out
            done = piped(args, failing, env)
            assert done.returncode == 1
            assert "error: revived-alternative:" in done.stdout
            assert ESC not in done.stdout + done.stderr


@pytest.mark.parametrize("how", ["--no-color", "NO_COLOR", "color.ledger", "color.ui",
                                 "--json", "TERM=dumb"])
def test_what_turns_colour_off_on_a_terminal(failing: Path, cli_env: dict[str, str],
                                             how: str) -> None:
    env = _env(cli_env)
    args = ["git", "ledger", "check"]
    _, coloured = on_pty(args, failing, env)
    assert f"{ESC}1;31merror" in coloured  # the same terminal, without what turns it off
    if how == "--no-color":
        args = ["git", "ledger", "--no-color", "check"]
    elif how == "NO_COLOR":
        env["NO_COLOR"] = "1"
    elif how == "color.ledger":
        git(failing, "config", "color.ui", "always")
        git(failing, "config", "color.ledger", "never")
    elif how == "color.ui":
        git(failing, "config", "color.ui", "false")
    elif how == "--json":
        args = ["git", "ledger", "check", "--json"]
    else:
        env["TERM"] = "dumb"
    code, out = on_pty(args, failing, env)
    assert code == 1
    assert "revived-alternative" in out
    assert ESC not in out


def test_color_ledger_always_wins_over_color_ui_and_a_dumb_terminal(
        failing: Path, cli_env: dict[str, str]) -> None:
    git(failing, "config", "color.ui", "never")
    git(failing, "config", "color.ledger", "always")
    _, out = on_pty(["git", "ledger", "check"], failing, _env(cli_env, TERM="dumb"))
    assert f"{ESC}1;31merror" in out
    done = piped(["git", "ledger", "check"], failing, _env(cli_env))
    assert ESC not in done.stdout  # a pipe never, whatever the config says


def test_show_log_and_drift_colour_status_and_drift(failing: Path,
                                                    cli_env: dict[str, str]) -> None:
    env = _env(cli_env)
    _, shown = on_pty(["git", "ledger", "show"], failing, env)
    assert f"[{ESC}32maccepted\x1b[m" in shown
    assert f"[{ESC}32mproposed\x1b[m" in shown
    piped(["git", "ledger", "reject", "d-", "--why", "no"], failing, env)  # ambiguous: fails
    ids = [e for e in shown.split() if e.startswith("d-")]
    assert piped(["git", "ledger", "reject", ids[-1], "--why", "no"], failing,
                 env).returncode == 0
    _, logged = on_pty(["git", "ledger", "log"], failing, env)
    status_line = next(line for line in logged.splitlines() if "reject" in line)
    assert f"{ESC}32m" in status_line
    add_line = next(line for line in logged.splitlines() if "Use PKCE" in line)
    assert ESC not in add_line


def test_hooks_are_never_coloured(failing: Path, cli_env: dict[str, str]) -> None:
    env = _env(cli_env)
    _, coloured = on_pty(["git", "ledger", "check"], failing, env)
    assert ESC in coloured  # the same terminal colours a person's check
    payload = f'{{"session_id": "s1", "hook_event_name": "Stop", "cwd": "{failing}"}}'
    for args in (["git", "ledger", "hook", "session-start"],
                 ["git", "ledger", "restore"]):
        _, out = on_pty(args, failing, env)
        assert "git ledger" in out or "TASK" in out or "DECIDED" in out
        assert ESC not in out
    master, slave = os.openpty()
    try:
        done = subprocess.run(["git", "ledger", "check", "--hook", "stop"], cwd=failing,
                              env=env, input=payload.encode(), stdout=slave, stderr=slave,
                              timeout=60, check=False)
        os.close(slave)
        watch = select.poll()
        watch.register(master, select.POLLIN)
        out = os.read(master, 65536).decode() if watch.poll(5000) else ""
    finally:
        os.close(master)
    assert done.returncode == 0
    assert "block" in out
    assert ESC not in out


def test_paint_puts_colour_only_around_printable_text() -> None:
    with colouring(True):
        assert paint("teammate", "Sam") == f"{ESC}34mSam\x1b[m"
    assert paint("teammate", "Sam") == "Sam"


def test_colour_settings_read_as_git_reads_them() -> None:
    assert [colour_setting(v) for v in ("true", "yes", "1", "auto", "ALWAYS", "never",
                                        "false", "off", "0")] == [
        "auto", "auto", "auto", "auto", "always", "never", "never", "never", "never"]
    assert Settings({"color.ui": "always", "color.ledger": "false"}).colour() == "never"
    assert Settings({"color.ui": "never"}).colour() == "never"
    assert Settings({}).colour() == "auto"


# -- the pager ---------------------------------------------------------------------------


@pytest.fixture
def fake_pager(tmp_path: Path) -> Path:
    """A pager that copies what it reads to a file, with its LESS, and says it ran."""
    script = tmp_path / "pager.sh"
    record = tmp_path / "paged.txt"
    script.write_text(f'#!/bin/sh\necho "LESS=$LESS" > {record}\ncat >> {record}\n'
                      'echo PAGER-RAN\n')
    script.chmod(0o755)
    return script


def _paged(fake_pager: Path) -> str:
    record = fake_pager.with_name("paged.txt")
    return record.read_text() if record.exists() else ""


@pytest.mark.parametrize("command", ["show", "log", "why", "review"])
def test_long_outputs_go_through_the_pager_on_a_terminal(
        failing: Path, cli_env: dict[str, str], fake_pager: Path, command: str) -> None:
    env = _env(cli_env)
    env.pop("GIT_PAGER")
    env.pop("LESS", None)
    git(failing, "config", "core.pager", str(fake_pager))
    args = ["git", "ledger", command] + (["README"] if command == "why" else [])
    _code, out = on_pty(args, failing, env)
    assert "PAGER-RAN" in out, out
    paged = _paged(fake_pager)
    assert paged.startswith("LESS=FRX\n")  # git's default for less, when LESS is unset
    assert len(paged.splitlines()) > 1
    fake_pager.with_name("paged.txt").unlink()
    done = piped(args, failing, env)  # a pipe: never
    assert "PAGER-RAN" not in done.stdout
    assert not _paged(fake_pager)


@pytest.mark.parametrize("how", ["--no-pager", "pager.ledger", "GIT_PAGER=cat",
                                 "git --no-pager"])
def test_what_keeps_the_pager_away(failing: Path, cli_env: dict[str, str], fake_pager: Path,
                                   how: str) -> None:
    env = _env(cli_env)
    env["GIT_PAGER"] = str(fake_pager)
    args = ["git", "ledger", "show"]
    _, paged = on_pty(args, failing, env)
    assert "PAGER-RAN" in paged  # the same terminal pages without what keeps it away
    fake_pager.with_name("paged.txt").unlink()
    if how == "--no-pager":
        args = ["git", "ledger", "--no-pager", "show"]
    elif how == "pager.ledger":
        git(failing, "config", "pager.ledger", "false")
        env.pop("GIT_PAGER")
        git(failing, "config", "core.pager", str(fake_pager))
    elif how == "GIT_PAGER=cat":
        env["GIT_PAGER"] = "cat"
    else:
        args = ["git", "--no-pager", "ledger", "show"]
    code, out = on_pty(args, failing, env)
    assert code == 0
    assert "PAGER-RAN" not in out
    assert not _paged(fake_pager)
    assert "DECIDED" in out


def test_pager_ledger_chooses_the_pager_and_pages_every_command(
        failing: Path, cli_env: dict[str, str], fake_pager: Path) -> None:
    env = _env(cli_env)
    env.pop("GIT_PAGER")
    git(failing, "config", "pager.ledger", str(fake_pager))
    _code, out = on_pty(["git-ledger", "list"], failing, env)  # not a paged command by default
    assert "PAGER-RAN" in out
    assert "2 entries" in _paged(fake_pager)


def test_check_is_not_paged_and_the_pager_keeps_the_colour(
        failing: Path, cli_env: dict[str, str], fake_pager: Path) -> None:
    env = _env(cli_env, GIT_PAGER=str(fake_pager))
    on_pty(["git", "ledger", "check"], failing, env)
    assert not _paged(fake_pager)
    on_pty(["git", "ledger", "show"], failing, env)
    assert f"{ESC}32maccepted" in _paged(fake_pager)
