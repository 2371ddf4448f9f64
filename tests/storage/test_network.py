"""``storage/network.py`` without a server: the error's wording, what every git command is
run with, and when someone may be typing.  (Against a real server with basic auth, the one
prompt per command: tests/team/test_credentials.py.)"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from gitledger.errors import SyncError
from gitledger.storage import network
from gitledger.storage.repo import Repo


def test_a_failure_is_named_by_what_the_caller_calls_it(repo: Path) -> None:
    with pytest.raises(SyncError) as raised:
        network.run_network(Repo(repo), ["ls-remote", "file:///nonexistent/remote.git"],
                            what="git push to origin")
    assert str(raised.value).startswith("git push to origin failed: "), raised.value
    assert "nonexistent" in str(raised.value)


def test_no_git_command_may_prompt_or_ask_the_users_helpers(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the git command itself sees: prompts off, askpass empty, helpers reset."""
    seen = tmp_path / "seen"
    monkeypatch.setenv("GIT_TERMINAL_PROMPT", "1")
    monkeypatch.setenv("GIT_ASKPASS", "/usr/bin/false")
    network.run_network(
        Repo(repo), ["-c", f"alias.seen=!env > '{seen}'; git config --get-all "
                     f"credential.helper >> '{seen}'; true", "seen"], what="git")
    lines = seen.read_text().splitlines()
    assert "GIT_TERMINAL_PROMPT=0" in lines
    assert "GIT_ASKPASS=" in lines
    assert lines[-1] == ""  # the last credential.helper is the reset


def test_someone_may_be_typing_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert not network.interactive()

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(""))
    assert network.interactive()

    closed = io.StringIO("")
    closed.close()
    monkeypatch.setattr(sys, "stdin", closed)
    assert not network.interactive()


def test_a_credential_never_shows_its_password() -> None:
    """A record printed by a traceback, a log or a debugger names no secret."""
    credential = network.Credential("https://example.com", "https://example.com",
                                    "example.com", "username=u\npassword=s3cret-pass\n",
                                    "u", "s3cret-pass")
    assert "s3cret-pass" not in repr(credential)
    assert "s3cret-pass" not in str(credential)


def test_server_text_is_printable_one_line_and_capped() -> None:
    """What a server wrote reaches a terminal or an agent through our errors: no escape,
    no invisible character, no line break, and never more than the cap."""
    said = network.server_text("\x1b[2Jpolicy\u202e: no\nledgers " + "x" * 5000)
    assert "\x1b" not in said
    assert "\u202e" not in said
    assert "\n" not in said
    assert said.startswith("\ufffd[2Jpolicy<U+202E>: no ledgers")
    assert len(said) <= network.SERVER_TEXT_LIMIT
    complaint = network.git_complaint("remote: x\nfatal: remote error: \x1b[31m" + "y" * 900)
    assert "\x1b" not in complaint
    assert len(complaint) <= network.SERVER_TEXT_LIMIT
