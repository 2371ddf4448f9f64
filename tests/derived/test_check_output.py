"""The report ``check`` last printed (``derived/check_output.py``, read by ``launch.py``):
printed again, with its exit status, only while nothing it was made from moved, and then
byte for byte what click's ``check`` prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gitledger.commands import check_fast as check_command
from gitledger.commands.plain import parse
from gitledger.derived import check_output
from gitledger.storage.layout import CHECK_OUTPUT_FILE, POINTER_FILE, QUEUE_FILE
from tests.audit.test_check import edit_entry, implemented
from tests.conftest import Run, git

CHECK_FLAGS = check_command.FLAGS


def plain_check(args: list[str]) -> dict[str, Any] | None:
    """The parameters the executable's fast path takes ``args`` for, or None."""
    return parse(check_command.SHAPE, args)


#: Prints, after the command, whether it loaded libgit2 (the saved report must not).
_PROBE = ("import atexit, sys\n"
          "atexit.register(lambda: sys.stderr.write(f\"\\npygit2={'pygit2' in sys.modules}\"))\n"
          "from gitledger.launch import main\n"
          "sys.argv = ['git-ledger', *sys.argv[1:]]\n"
          "main()\n")


def _process(repo: Path, *args: str) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "gitledger", *args], cwd=repo,
                          capture_output=True, text=True, timeout=120, check=False)
    return done.returncode, done.stdout, done.stderr


def _probed(repo: Path, *args: str, said: str = "") -> tuple[int, str, bool]:
    """The executable's exit status and stdout, and whether it loaded libgit2; its stderr
    must be ``said``."""
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=repo,
                          capture_output=True, text=True, timeout=120, check=False)
    stderr, _, loaded = done.stderr.rpartition("\npygit2=")
    assert loaded in ("True", "False"), done.stderr
    assert stderr == said
    return done.returncode, done.stdout, loaded == "True"


def _click(repo: Path, *args: str) -> tuple[int, str, str]:
    """What click's ``check`` prints (``-C`` never takes the fast path)."""
    return _process(repo, "-C", str(repo), *args)


@pytest.fixture
def started(ledger: Run, repo_with_commit: Path) -> Path:
    ledger("decide", "use x", "--over", "y", "--because", "z", "--scope", "auth")
    ledger("decide", "use w", "--because", "v", "--scope", "billing")
    ledger("decide", "--project", "ship it", "--because", "z")
    return repo_with_commit


def _saved_file(repo: Path) -> Path:
    return repo / ".git" / CHECK_OUTPUT_FILE


CALLS = [["check"], ["check", "--json"], ["check", "--project"],
         ["check", "--project", "--json"]]


@pytest.mark.parametrize("args", CALLS)
def test_the_saved_report_is_click_s_byte_for_byte_without_libgit2(
        started: Path, args: list[str]) -> None:
    through_click = _click(started, *args)
    assert through_click[0] == 0
    assert through_click[2] == ""
    assert not _saved_file(started).exists()  # click's check saves nothing here
    composed = _probed(started, *args)
    assert composed == (0, through_click[1], True)
    assert _saved_file(started).is_file()
    assert _probed(started, *args) == (0, through_click[1], False)


def test_an_error_is_served_with_its_exit_status(ledger: Run, started: Path) -> None:
    ledger("decide", "use v", "--because", "w", "--scope", "auth")  # a scope conflict
    code, out, _ = _click(started, "check")
    assert code == 1
    assert "scope-conflict" in out
    assert _probed(started, "check") == (1, out, True)
    assert _probed(started, "check") == (1, out, False)
    entry_id, sha = implemented(ledger, started)
    edit_entry(started, entry_id, evidence=[f"git:{sha}", f"git:{'1' * 40}"])
    through_click = _click(started, "check")
    assert through_click[0] == 1
    assert "evidence-missing" in through_click[1]
    assert _probed(started, "check") == (1, through_click[1], True)
    assert _probed(started, "check") == (1, through_click[1], False)


def test_a_report_naming_unreachable_evidence_is_never_saved(
        ledger: Run, started: Path) -> None:
    """git gc may prune a commit no ref reaches without any ref moving."""
    entry_id, _ = implemented(ledger, started)
    orphan = git(started, "commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m", "nowhere").strip()
    edit_entry(started, entry_id, evidence=[f"git:{orphan}"])
    first = _probed(started, "check")
    assert first[0] == 1
    assert "evidence-unreachable" in first[1]
    assert _probed(started, "check") == first  # checked again: libgit2 loaded
    assert not _saved_file(started).exists()
    git(started, "gc", "-q", "--prune=now")  # no ref moved
    code, out, _ = _probed(started, "check")
    assert code == 1
    assert "evidence-missing" in out


def _served(repo: Path, *args: str) -> bool:
    """Whether the executable printed the saved report (and that it is click's)."""
    code, out, loaded = _probed(repo, *args)
    assert (code, out) == _click(repo, *args)[:2]
    return not loaded


@pytest.mark.parametrize("move", [
    "a write", "a branch deleted", "a new branch commit", "a detached head", "a tag",
    "a mirror fetched", "another pointer", "packed refs",
])
def test_whatever_the_report_reads_moving_is_a_miss(
        ledger: Run, started: Path, move: str) -> None:
    _probed(started, "check")
    assert _served(started, "check")
    head = git(started, "rev-parse", "HEAD").strip()
    if move == "a write":
        ledger("decide", "use q", "--because", "r", "--scope", "auth")
    elif move == "a branch deleted":
        git(started, "branch", "-q", "side")
        assert not _served(started, "check")
        git(started, "branch", "-q", "-D", "side")
    elif move == "a new branch commit":
        git(started, "commit", "-q", "--allow-empty", "-m", "more")
    elif move == "a detached head":  # moved with no ref moving
        git(started, "checkout", "-q", "--detach", head)
        assert _served(started, "check")  # the same commit: the same report
        git(started, "commit", "-q", "--allow-empty", "-m", "detached")
    elif move == "a tag":
        git(started, "tag", "v1")
    elif move == "a mirror fetched":
        tip = git(started, "rev-parse", "refs/ledger/project").strip()
        git(started, "update-ref", "refs/ledger/remotes/origin/project", tip)
    elif move == "another pointer":
        pointer = started / ".git" / POINTER_FILE
        pointer.write_bytes(pointer.read_bytes() + b"\n")
    elif move == "packed refs":
        git(started, "pack-refs", "--all")
        # The same refs, packed: still the same key.
        assert _served(started, "check")
        return
    assert not _served(started, "check")
    assert _served(started, "check")


def test_a_tools_ref_to_a_tree_moving_is_still_served(started: Path) -> None:
    """Kilo keeps snapshots of the work tree as refs to trees
    (``refs/kilo/materialize/…``), made and deleted as its sessions run: no commit is
    reachable through a tree, so the report cannot have changed.  A ref to a commit in
    the same namespace may keep evidence from gc: that one is a miss."""
    _probed(started, "check")
    assert _served(started, "check")
    tree = git(started, "rev-parse", "HEAD^{tree}").strip()
    git(started, "update-ref", "refs/kilo/materialize/" + "a" * 40, tree)
    assert _served(started, "check")
    git(started, "update-ref", "-d", "refs/kilo/materialize/" + "a" * 40)
    assert _served(started, "check")
    git(started, "update-ref", "refs/kilo/kept", "HEAD")
    assert not _served(started, "check")


def test_a_queued_git_event_is_applied_before_any_report(started: Path) -> None:
    _probed(started, "check")
    (started / ".git" / QUEUE_FILE).write_text("")
    key = check_output.current_key(started)
    assert key is not None
    asked = check_output.request(as_json=False, project=False)
    assert check_output.load(key, asked) is not None
    (started / ".git" / QUEUE_FILE).write_text("garbage that is no event\n")
    said = ("git ledger: skipped a queued git event this version cannot read: "
            "'garbage that is no event'\n")
    code, _, loaded = _probed(started, "check", said=said)
    assert loaded
    assert code == 0
    assert _served(started, "check")  # applied, said once


@pytest.mark.parametrize("body", [
    "not json", "[" * 100_000, "[]", '{"version": 1}', '{"version": 2, "outputs": {}}',
])
def test_a_damaged_file_is_a_miss_and_is_replaced(started: Path, body: str) -> None:
    _probed(started, "check")
    _saved_file(started).write_text(body)
    assert not _served(started, "check")
    assert _served(started, "check")


@pytest.mark.parametrize("value", [
    {"text": "ledger check: OK \x1b[2J", "code": 0},
    {"text": "ledger check: OK \u200b", "code": 0},
    {"text": "block \ud800", "code": 0},
    {"text": "ledger check: OK", "code": 2},
    {"text": "ledger check: OK", "code": True},
    {"text": "ledger check: OK", "code": 0, "more": 1},
    "ledger check: OK",
])
def test_a_hostile_report_under_a_good_key_is_a_miss(started: Path, value: object) -> None:
    """The file is in the git dir, where anything running as the user can write."""
    _probed(started, "check")
    path = _saved_file(started)
    data = json.loads(path.read_text())
    data["outputs"] = dict.fromkeys(data["outputs"], value)
    path.write_text(json.dumps(data))
    key = check_output.current_key(started)
    assert key is not None
    assert check_output.load(key, check_output.request(as_json=False, project=False)) is None
    assert not _served(started, "check")


def test_nothing_is_saved_when_something_moved_while_checking(started: Path) -> None:
    key = check_output.current_key(started)
    assert key is not None
    asked = check_output.request(as_json=False, project=False)
    git(started, "branch", "-q", "moved")
    check_output.save(key, check_output.current_key(started), asked,
                      check_output.Printed("x", 0))
    assert check_output.load(key, asked) is None
    check_output.save(key, key, asked, check_output.Printed("x", 0))
    assert check_output.load(key, asked) == ("x", 0)


def test_a_linked_worktree_keeps_its_own(ledger: Run, started: Path, tmp_path: Path) -> None:
    other = tmp_path / "wt"
    git(started, "worktree", "add", "-q", "-b", "wt", str(other))
    Run(ledger.runner, other)("decide", "only here", "--because", "b")
    _probed(started, "check")
    _probed(other, "check")
    assert _served(started, "check")
    assert _served(other, "check")
    assert _probed(started, "check")[1] != _probed(other, "check")[1]


@pytest.mark.parametrize("args", [
    ["check", "--json", "--json"], ["check", "--hook", "stop"], ["check", "--ledger", "x"],
    ["check", "-C", "."], ["check", "--help"], ["check", "--js"], ["check", "--json=1"],
    ["-C", ".", "check"], ["show"], [],
])
def test_only_a_plain_check_is_looked_up(args: list[str]) -> None:
    assert plain_check(args) is None


def test_a_plain_check_reads_as_click_would() -> None:
    assert plain_check(["check"]) == {"as_json": False, "project": False}
    assert plain_check(["check", "--project", "--json"]) == {"as_json": True, "project": True}


def test_the_fast_check_knows_click_s_flags_but_hook_agent_ledger_and_repo() -> None:
    import click

    from gitledger.commands.check import check as click_check

    found = {spelling: param.name for param in click_check.params
             if isinstance(param, click.Option) for spelling in param.opts}
    assert {k: v for k, v in found.items()
            if v not in ("hook_event", "agent", "name", "repo")} == CHECK_FLAGS


def test_outside_a_repository_is_click_s_one_line(tmp_path: Path) -> None:
    code, out, err = _process(tmp_path, "check")
    assert (code, out, err) == _process(tmp_path, "-C", str(tmp_path), "check")
    assert code != 0
    assert len(err.splitlines()) == 1
