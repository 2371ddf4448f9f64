"""The restore block's saved copy (``derived/restore_cache.py``, read by ``launch.py``):
printed only while nothing it was made from moved, and then byte for byte the block a full
restore composes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gitledger.commands import restore_fast as restore_command
from gitledger.commands.plain import parse
from gitledger.derived import restore_cache
from gitledger.storage.layout import QUEUE_FILE, RESTORE_FILE
from gitledger.views.restore import render, restore
from tests.conftest import Run, git


def plain_restore(args: list[str]) -> dict[str, Any] | None:
    """The parameters the executable's fast path takes ``args`` for, or None."""
    return parse(restore_command.SHAPE, args)


def saved_restore(params: dict[str, Any]) -> str | None:
    """What the executable's fast path would serve for ``params``."""
    found: str | None = restore_command.saved(params)[1]
    return found

PLAIN = ["restore"]
AGENT = ["restore", "--format", "claude", "--source", "startup", "--session-id", "s-1"]


def _uncached(repo: Path, args: list[str]) -> str:
    """What a full restore prints for ``args`` (nothing saved, nothing read saved)."""
    params = plain_restore(args)
    assert params is not None
    from gitledger.integrations.agent_hooks import session_start_output
    from gitledger.integrations.agent_registry import BY_NAME, default_budget

    block = restore(repo, budget=default_budget(params["fmt"], params["budget"]),
                    session_id=params["session_id"], source=params["source"])
    if params["fmt"] in BY_NAME:
        return session_start_output(params["fmt"], block.text)
    return render(block, params["fmt"])


def _saved(repo: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> str | None:
    params = plain_restore(args)
    assert params is not None
    monkeypatch.chdir(repo)
    return saved_restore(params)


@pytest.fixture
def started(ledger: Run, repo_with_commit: Path) -> Path:
    ledger("task", "cache the verifier")
    ledger("decide", "use x", "--over", "y", "--because", "z")
    ledger("decide", "--project", "ship it", "--because", "z")
    return repo_with_commit


def _restored(ledger: Run, args: list[str]) -> str:
    done = ledger(*args)
    assert done.exit_code == 0
    return done.output.removesuffix("\n")


@pytest.mark.parametrize("args", [PLAIN, AGENT, ["restore", "--budget", "3000"],
                                  ["restore", "--format=json"]])
def test_a_saved_block_is_the_full_restore_byte_for_byte(
        ledger: Run, started: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert _saved(started, args, monkeypatch) is None  # nothing saved yet
    printed = _restored(ledger, args)
    assert _saved(started, args, monkeypatch) == printed == _uncached(started, args)
    # Another request is not this one's block.
    other = AGENT if args != AGENT else PLAIN
    assert _saved(started, other, monkeypatch) is None


def test_any_write_a_pull_or_a_deleted_ref_is_a_miss(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _restored(ledger, PLAIN)
    ledger("next", "measure it")
    assert _saved(started, PLAIN, monkeypatch) is None
    assert _restored(ledger, PLAIN) == _uncached(started, PLAIN)
    assert _saved(started, PLAIN, monkeypatch) == _uncached(started, PLAIN)
    # A teammate's ledger fetched (any ref under refs/ledger/ moving is a miss).
    tip = git(started, "rev-parse", "refs/ledger/project").strip()
    git(started, "update-ref", "refs/ledger/remotes/origin/project", tip)
    assert _saved(started, PLAIN, monkeypatch) is None
    _restored(ledger, PLAIN)
    git(started, "update-ref", "-d", "refs/ledger/remotes/origin/project")
    assert _saved(started, PLAIN, monkeypatch) is None


def test_packed_refs_are_the_same_refs(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    printed = _restored(ledger, PLAIN)
    git(started, "pack-refs", "--all")
    assert _saved(started, PLAIN, monkeypatch) == printed == _uncached(started, PLAIN)


def test_a_queued_git_event_is_applied_by_the_full_restore(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _restored(ledger, PLAIN)
    (started / ".git" / QUEUE_FILE).write_text("anything\n")
    assert _saved(started, PLAIN, monkeypatch) is None


def test_another_pointer_or_identity_is_a_miss(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _restored(ledger, PLAIN)
    pointer = started / ".git" / "ledger"
    mine = pointer.read_text()
    pointer.write_text("refs/ledger/sessions/someone-else\n")
    assert _saved(started, PLAIN, monkeypatch) is None
    pointer.write_text(mine)
    assert _saved(started, PLAIN, monkeypatch) is not None
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Bob Other")
    assert _saved(started, PLAIN, monkeypatch) is None
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "bob@example.com")
    printed = _restored(ledger, PLAIN)
    assert "[by Ada Tester]" in printed  # the labels are the reader's, who changed
    assert _saved(started, PLAIN, monkeypatch) == printed == _uncached(started, PLAIN)
    monkeypatch.setenv("GIT_AUTHOR_NAME", "")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "")
    git(started, "config", "user.name", "Carol Config")
    assert _saved(started, PLAIN, monkeypatch) is None


def test_a_linked_worktree_keeps_its_own(
        ledger: Run, started: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _restored(ledger, PLAIN)
    other = tmp_path / "other"
    git(started, "worktree", "add", "-q", str(other))
    assert _saved(other, PLAIN, monkeypatch) is None
    there = Run(ledger.runner, other)
    there("task", "another task")
    printed = _restored(there, PLAIN)
    assert "another task" in printed
    assert _saved(other, PLAIN, monkeypatch) == printed == _uncached(other, PLAIN)
    # Its new ledger ref is a ref that moved for the main worktree too.
    assert _saved(started, PLAIN, monkeypatch) is None
    mine = _restored(ledger, PLAIN)
    assert "another task" not in mine
    assert _saved(started, PLAIN, monkeypatch) == mine
    assert _saved(other, PLAIN, monkeypatch) == printed


@pytest.mark.parametrize("body", [
    "not json", "[]", '{"version": 1}', "",
])
def test_a_corrupt_file_is_a_miss(ledger: Run, started: Path, body: str,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _restored(ledger, PLAIN)
    (started / ".git" / RESTORE_FILE).write_text(body)
    assert _saved(started, PLAIN, monkeypatch) is None
    assert _restored(ledger, PLAIN) == _uncached(started, PLAIN)
    assert _saved(started, PLAIN, monkeypatch) is not None  # replaced


@pytest.mark.parametrize("planted", ["\x1b]0;owned\x07", "ignore this\u200b", "\u202e", 7])
def test_a_hostile_output_under_a_good_key_is_a_miss(
        ledger: Run, started: Path, planted: object, monkeypatch: pytest.MonkeyPatch) -> None:
    _restored(ledger, PLAIN)
    path = started / ".git" / RESTORE_FILE
    data = json.loads(path.read_text())
    data["outputs"] = dict.fromkeys(data["outputs"], planted)
    path.write_text(json.dumps(data))
    assert _saved(started, PLAIN, monkeypatch) is None


def test_a_block_with_a_footprint_follows_head_and_the_drift_cache(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = _restored(ledger, PLAIN)
    git(started, "commit", "-q", "--allow-empty", "-m", "unrelated")
    # No decision shown has a footprint: a commit changes nothing the block shows.
    assert _saved(started, PLAIN, monkeypatch) == plain == _uncached(started, PLAIN)
    (started / "code.py").write_text("a = 1\nb = 2\n")
    git(started, "add", "code.py")
    git(started, "commit", "-q", "-m", "code")
    sha = git(started, "rev-parse", "HEAD").strip()
    ledger("decide", "code is so", "--evidence", f"git:{sha}", "--because", "w")
    printed = _restored(ledger, PLAIN)
    assert _saved(started, PLAIN, monkeypatch) == printed
    (started / "code.py").write_text("a = 3\nb = 2\n")
    git(started, "commit", "-q", "-am", "changed")
    assert _saved(started, PLAIN, monkeypatch) is None
    _restored(ledger, PLAIN)
    assert _saved(started, PLAIN, monkeypatch) == _uncached(started, PLAIN)
    ledger("drift")  # writes the drift cache: the flag may appear now
    assert _saved(started, PLAIN, monkeypatch) is None
    assert _restored(ledger, PLAIN) == _uncached(started, PLAIN)
    assert "DRIFT" in _uncached(started, PLAIN)


def test_nothing_is_saved_when_something_moved_while_composing(
        ledger: Run, started: Path) -> None:
    key = restore_cache.current_key(started)
    assert key is not None
    ledger("next", "moved")
    after = restore_cache.current_key(started)
    restore_cache.save(key, after, restore_cache.request("text", None, None, None), "x",
                       me=key.me, reads_head=False)
    assert not (started / ".git" / RESTORE_FILE).exists()
    restore_cache.save(key, key, restore_cache.request("text", None, None, None), "x",
                       me="Someone <else@example.com>", reads_head=False)
    assert not (started / ".git" / RESTORE_FILE).exists()


@pytest.mark.parametrize("args", [
    ["restore", "--archive", "x"], ["restore", "--ledger", "o/x"], ["restore", "-C", "."],
    ["restore", "--budget", "0"], ["restore", "--budget", "12x"], ["restore", "--help"],
    ["restore", "--format", "text", "--format", "json"], ["restore", "--source"],
    ["-C", ".", "restore"], ["show"],
])
def test_only_a_plain_restore_is_looked_up(args: list[str]) -> None:
    assert plain_restore(args) is None


def test_the_fast_restore_knows_click_s_options_but_archive_ledger_and_repo() -> None:
    import click

    from gitledger.commands.restore import restore as click_restore
    RESTORE_OPTIONS = restore_command.OPTIONS

    found = {spelling: param.name for param in click_restore.params
             if isinstance(param, click.Option) for spelling in param.opts}
    assert {k: v for k, v in found.items()
            if v not in ("archive_name", "ledger_name", "repo")} == RESTORE_OPTIONS


def _process(repo: Path, *args: str) -> tuple[int, str, str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "gitledger", *args], cwd=repo,
                          capture_output=True, text=True, timeout=120, check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", [PLAIN, AGENT, ["restore", "--budget", "10"],
                                  ["restore", "--format", "nope"],
                                  ["restore", "--source", "startup", "--format=codex"]])
def test_the_executable_prints_what_click_prints(started: Path, args: list[str]) -> None:
    through_click = _process(started, "-C", str(started), *args)
    (started / ".git" / RESTORE_FILE).unlink(missing_ok=True)
    composed = _process(started, *args)  # composed without click, and saved
    assert composed == through_click
    assert _process(started, *args) == through_click  # the saved copy, when one was saved


def test_git_dir_in_the_environment_is_not_the_repository_minus_c_names(
        ledger: Run, started: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``git ledger -C B restore`` reads B whatever ``GIT_DIR`` says (``Repo(start)``
    ignores it; a git hook or ``git --git-dir=A`` sets it): its block is neither keyed by
    nor saved into A, whose next restore would print B's block."""
    mine = _restored(ledger, PLAIN)
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q", "-b", "main")
    there = Run(ledger.runner, other)
    there("task", "the other repository's task")
    (started / ".git" / RESTORE_FILE).unlink()
    monkeypatch.setenv("GIT_DIR", str(started / ".git"))
    theirs = _restored(there, PLAIN)
    assert "the other repository's task" in theirs
    monkeypatch.delenv("GIT_DIR")
    assert _saved(started, PLAIN, monkeypatch) in (None, mine)
    assert _restored(ledger, PLAIN) == mine == _uncached(started, PLAIN)


def test_a_saved_output_that_cannot_be_printed_is_a_miss(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone surrogate (JSON's ``\\ud800``) is no UTF-8: printing it would fail."""
    _restored(ledger, PLAIN)
    path = started / ".git" / RESTORE_FILE
    data = json.loads(path.read_text())
    data["outputs"] = dict.fromkeys(data["outputs"], "block \ud800")
    path.write_text(json.dumps(data))
    assert _saved(started, PLAIN, monkeypatch) is None


def test_a_deeply_nested_file_is_a_miss(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """JSON nested deeper than Python's recursion limit raises RecursionError, not
    ValueError: a miss, never a traceback, on either path."""
    _restored(ledger, PLAIN)
    (started / ".git" / RESTORE_FILE).write_text("[" * 100_000)
    assert _saved(started, PLAIN, monkeypatch) is None
    assert _restored(ledger, PLAIN) == _uncached(started, PLAIN)
    assert _saved(started, PLAIN, monkeypatch) is not None  # replaced


def test_the_executable_with_a_bad_file_prints_the_block(started: Path) -> None:
    through_click = _process(started, "-C", str(started), *PLAIN)
    path = started / ".git" / RESTORE_FILE
    data = json.loads(path.read_text())
    data["outputs"] = {**dict.fromkeys(data["outputs"], "block \ud800"),
                       '["json", null, null, null]': "\udfff"}
    path.write_text(json.dumps(data))
    assert _process(started, *PLAIN) == through_click  # saved again, the bad one left out
    assert _process(started, "-C", str(started), *PLAIN) == through_click
    assert _process(started, *PLAIN) == through_click
    path.write_text("[" * 100_000)
    assert _process(started, *PLAIN) == through_click


def test_git_s_config_overrides_libgit2_never_reads_do_not_hide_a_changed_identity(
        started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``GIT_CONFIG_COUNT``/``GIT_CONFIG_PARAMETERS``/``GIT_CONFIG_GLOBAL`` (``git -c``, a
    harness's environment) pin what the git CLI says of the identity; libgit2, which
    composes the block, reads the config files only.  The key must follow what the block
    is read as: an identity changed in the file is a miss, however git is told."""
    monkeypatch.setenv("GIT_AUTHOR_NAME", "")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "")
    git(started, "config", "user.name", "Ada Tester")
    git(started, "config", "user.email", "ada@example.com")
    monkeypatch.setenv("GIT_CONFIG_COUNT", "2")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "user.name")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", "Ada Tester")
    monkeypatch.setenv("GIT_CONFIG_KEY_1", "user.email")
    monkeypatch.setenv("GIT_CONFIG_VALUE_1", "ada@example.com")
    first = _process(started, *PLAIN)
    assert first == _process(started, *PLAIN)
    git(started, "config", "user.name", "Bob Other")
    git(started, "config", "user.email", "bob@example.com")
    composed = _process(started, "-C", str(started), *PLAIN)
    assert "[by Ada Tester]" in composed[1]  # the reader is Bob now
    assert _process(started, *PLAIN) == composed


def test_a_pointer_that_is_not_utf8_is_keyed_not_a_traceback(
        ledger: Run, started: Path) -> None:
    """A pointer file of garbage bytes (hostile or damaged) reached the key as lone
    surrogates, and hashing it raised UnicodeEncodeError: a traceback where every other
    command says one line about the pointer."""
    from gitledger.storage.layout import POINTER_FILE

    (started / ".git" / POINTER_FILE).write_bytes(b"\xff\xfe refs/ledger/\x80garbage\n")
    assert restore_cache.current_key(started) is not None
    through_click = _process(started, "-C", str(started), "restore")
    assert "Traceback" not in through_click[2]
    assert _process(started, "restore") == through_click
    assert ledger("restore").exit_code == through_click[0]


def test_the_mcp_restore_tool_shares_the_saved_block(
        ledger: Run, started: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gitledger.integrations import mcp_tools

    args = ["restore", "--format=json"]
    assert _saved(started, args, monkeypatch) is None
    from_mcp = mcp_tools.tool("restore").call(str(started), {})
    saved = _saved(started, args, monkeypatch)  # the tool's call saved what the CLI serves
    assert saved == _uncached(started, args)
    assert from_mcp == json.loads(saved)
    # And it serves the saved copy while its key holds (a marked copy is what comes back).
    path = started / ".git" / RESTORE_FILE
    data = json.loads(path.read_text())
    marked = json.loads(saved)
    marked["context"] = "served from the saved copy"
    data["outputs"] = dict.fromkeys(data["outputs"], json.dumps(marked))
    path.write_text(json.dumps(data))
    assert mcp_tools.tool("restore").call(str(started), {})["context"] == \
        "served from the saved copy"
    ledger("next", "measure it")  # a write moves the key: composed again
    assert "measure it" in mcp_tools.tool("restore").call(str(started), {})["context"]
