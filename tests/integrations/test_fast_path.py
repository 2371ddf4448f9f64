"""The pre-tool-use hook's shell fast path (``scripts/git-ledger-pre-tool-use``), run through
the real ``sh`` in real repositories: Python starts only when the payload holds a token of
the worktree's token file, and the script exits 0 whatever happens."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gitledger.core.ids import new_id
from gitledger.integrations.agent_hooks import run_hook
from gitledger.integrations.agents import FAST_PATH, OURS, command
from gitledger.integrations.install import install
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.builders import entry_files, make_entry, put
from tests.conftest import git

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / FAST_PATH
#: A fake git-ledger: records its arguments and stdin, answers like the real hook would.
FAKE = """#!/bin/sh
here=$(dirname "$0")
printf '%s\\n' "$*" > "$here/args"
cat > "$here/stdin"
echo '{"hookSpecificOutput":{"additionalContext":"told"}}'
"""


def payload(path: str, **extra: object) -> bytes:
    return json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Edit",
                       "tool_input": {"file_path": path, **extra}}).encode()


@pytest.fixture
def fake_bin(tmp_path: Path) -> Path:
    folder = tmp_path / "fake bin"
    folder.mkdir()
    fake = folder / "git-ledger"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    return folder


def hook(cwd: Path, stdin: bytes, bin_dir: Path | None, *, script: Path = SCRIPT,
         agent: str = "claude", env: dict[str, str] | None = None,
         ) -> subprocess.CompletedProcess[bytes]:
    base = {"PATH": f"{bin_dir}{os.pathsep}/usr/bin:/bin" if bin_dir else "/usr/bin:/bin",
            "HOME": os.environ["HOME"], "GIT_CEILING_DIRECTORIES": str(cwd.parent.parent)}
    return subprocess.run(["sh", str(script), agent], cwd=cwd, input=stdin,
                          capture_output=True, env={**base, **(env or {})}, timeout=30,
                          check=False)


def tokens(gitdir: Path, *lines: str) -> None:
    (gitdir / "ledger-paths").write_text("".join(f"{line}\n" for line in lines))


def called(bin_dir: Path) -> tuple[str, bytes] | None:
    if not (bin_dir / "args").exists():
        return None
    return (bin_dir / "args").read_text().strip(), (bin_dir / "stdin").read_bytes()


def test_a_governed_path_hands_the_same_payload_to_the_python_hook(
        repo: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "handler.py", "src/db")
    sent = payload(str(repo / "src" / "db" / "pool.py"), old_string="a", new_string="b")
    (repo / "src").mkdir()
    done = hook(repo / "src", sent, fake_bin, agent="codex")
    assert done.returncode == 0
    assert done.stdout == b'{"hookSpecificOutput":{"additionalContext":"told"}}\n'
    assert called(fake_bin) == ("hook pre-tool-use --agent codex", sent)


def test_an_ungoverned_path_exits_0_with_no_output_and_no_python(
        repo: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "handler.py", "src/db")
    done = hook(repo, payload(str(repo / "docs" / "intro.md")), fake_bin)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert called(fake_bin) is None


def test_an_empty_line_sends_every_payload_to_python(repo: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "src/db", "")
    sent = payload(str(repo / "docs" / "intro.md"))
    assert hook(repo, sent, fake_bin).returncode == 0
    assert called(fake_bin) == ("hook pre-tool-use --agent claude", sent)


@pytest.mark.parametrize("content", [None, ""])
def test_no_token_file_or_no_tokens_is_nothing_governed(
        repo: Path, fake_bin: Path, content: str | None) -> None:
    if content is not None:
        (repo / ".git" / "ledger-paths").write_text(content)
    done = hook(repo, payload(str(repo / "src" / "db" / "x.py")), fake_bin)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert called(fake_bin) is None


def test_outside_any_repository_it_exits_0(tmp_path: Path, fake_bin: Path) -> None:
    nowhere = tmp_path / "a" / "b"
    nowhere.mkdir(parents=True)
    done = hook(nowhere, payload("/x/src/db/x.py"), fake_bin)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert called(fake_bin) is None


def test_the_agents_project_dir_is_used_when_the_cwd_is_no_repository(
        repo: Path, tmp_path: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "src/db")
    elsewhere = tmp_path / "elsewhere" / "deep"
    elsewhere.mkdir(parents=True)
    sent = payload(str(repo / "src" / "db" / "x.py"))
    done = hook(elsewhere, sent, fake_bin, env={"CLAUDE_PROJECT_DIR": str(repo)})
    assert done.returncode == 0
    assert called(fake_bin) == ("hook pre-tool-use --agent claude", sent)


def test_git_ledger_missing_exits_0_silently(repo: Path, tmp_path: Path) -> None:
    tokens(repo / ".git", "src/db")
    alone = tmp_path / "alone"
    alone.mkdir()
    script = alone / FAST_PATH
    shutil.copy(SCRIPT, script)  # nothing beside it, nothing on PATH
    done = hook(repo, payload(str(repo / "src" / "db" / "x.py")), None, script=script)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


def test_git_ledger_beside_the_script_is_used_when_path_lacks_it(
        repo: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "src/db")
    script = fake_bin / FAST_PATH
    shutil.copy(SCRIPT, script)
    sent = payload(str(repo / "src" / "db" / "x.py"))
    assert hook(repo, sent, None, script=script).returncode == 0
    assert called(fake_bin) == ("hook pre-tool-use --agent claude", sent)


def test_a_failing_python_hook_still_exits_0(repo: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "src/db")
    (fake_bin / "git-ledger").write_text("#!/bin/sh\ncat >/dev/null\nexit 3\n")
    assert hook(repo, payload(str(repo / "src/db/x.py")), fake_bin).returncode == 0


@pytest.mark.parametrize("stdin", [
    b"", b"\x00\x01\xff\xfesrc/db\x00", b"not json at all src/db\n\n\n", b"\n" * 100,
    "{\"file_path\": \"src/db/\u00e9\u0301\u202e.py\"}".encode(),
])
def test_weird_payloads_exit_0_and_print_nothing_of_their_own(
        repo: Path, fake_bin: Path, stdin: bytes) -> None:
    tokens(repo / ".git", "src/db")
    done = hook(repo, stdin, fake_bin)
    assert done.returncode == 0
    assert done.stderr == b""
    got = called(fake_bin)
    if b"src/db" in stdin:
        assert got is not None  # a token in it: Python decides (NULs cannot reach it)
    else:
        assert got is None
        assert done.stdout == b""


def test_a_payload_beyond_the_python_hooks_limit_is_drained_and_dropped(
        repo: Path, fake_bin: Path) -> None:
    tokens(repo / ".git", "src/db")
    huge = payload("src/db/x.py", new_string="y" * (2 << 20))
    done = hook(repo, huge, fake_bin)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert called(fake_bin) is None


def test_paths_with_spaces(tmp_path: Path, fake_bin: Path) -> None:
    where = tmp_path / "my projects" / "the app"
    where.mkdir(parents=True)
    git(where, "init", "-q", "-b", "main")
    tokens(where / ".git", "my docs/the guide.md", "guide.md")
    sub = where / "my docs"
    sub.mkdir()
    sent = payload(str(sub / "the guide.md"))
    assert hook(sub, sent, fake_bin).returncode == 0
    assert called(fake_bin) == ("hook pre-tool-use --agent claude", sent)


def test_a_worktree_reads_its_own_token_file(repo_with_commit: Path, tmp_path: Path,
                                             fake_bin: Path) -> None:
    other = tmp_path / "other tree"
    git(repo_with_commit, "worktree", "add", "-q", str(other), "-b", "side")
    gitdir = Path(git(other, "rev-parse", "--absolute-git-dir").strip())
    assert gitdir != repo_with_commit / ".git"
    tokens(repo_with_commit / ".git", "main-only")
    tokens(gitdir, "side-only")
    (other / "deep").mkdir()
    assert hook(other / "deep", payload(str(other / "main-only.py")), fake_bin).returncode == 0
    assert called(fake_bin) is None
    sent = payload(str(other / "side-only.py"))
    assert hook(other / "deep", sent, fake_bin).returncode == 0
    assert called(fake_bin) == ("hook pre-tool-use --agent claude", sent)


def test_a_relative_gitdir_file_is_followed(tmp_path: Path, fake_bin: Path) -> None:
    """A submodule's ``.git`` file names its git dir relative to itself."""
    top = tmp_path / "top"
    (top / "real-git").mkdir(parents=True)
    git(top, "init", "-q", "--separate-git-dir", str(top / "real-git"), "work")
    work = top / "work"
    (work / ".git").write_text("gitdir: ../real-git\n")
    tokens(top / "real-git", "src/db")
    sent = payload(str(work / "src/db/x.py"))
    assert hook(work, sent, fake_bin).returncode == 0
    assert called(fake_bin) == ("hook pre-tool-use --agent claude", sent)


def test_the_agent_configs_run_the_fast_path_and_know_it_as_ours() -> None:
    line = command("gemini", "pre-tool-use")
    assert line == f"{FAST_PATH} gemini"
    assert OURS.search(line)
    assert OURS.search(f"/opt/venv/bin/{FAST_PATH} claude")
    assert not OURS.search(f"{FAST_PATH}-mine claude")
    assert command("claude", "session-start") == "git ledger hook session-start --agent claude"


def test_the_installed_script_is_the_source_one() -> None:
    installed = shutil.which(FAST_PATH, path=str(Path(sys.executable).parent))
    assert installed is not None, f"{FAST_PATH} is not beside {sys.executable}"
    assert Path(installed).read_bytes() == SCRIPT.read_bytes()
    assert os.access(installed, os.X_OK)


# -- where the token file comes from -----------------------------------------------------------


def test_install_agent_and_session_start_create_the_token_file(
        repo_with_commit: Path, tmp_path: Path) -> None:
    first = Ledger.open(repo_with_commit, project=True)
    first.decide("the project starts", because="b")
    entry = make_entry(new_id("decided"), paths=("src/db/**",))
    put(Store(Repo(repo_with_commit)), PROJECT_REF, entry_files(entry))
    gitdir = repo_with_commit / ".git"
    install(repo_with_commit, agent="claude", dry_run=True)
    assert not (gitdir / "ledger-paths").exists()
    install(repo_with_commit, agent="claude")
    assert (gitdir / "ledger-paths").read_text() == "src/db\n"
    # A worktree added later gets its own at its first session start.
    other = tmp_path / "later"
    git(repo_with_commit, "worktree", "add", "-q", str(other), "-b", "later")
    theirs = Path(git(other, "rev-parse", "--absolute-git-dir").strip())
    assert not (theirs / "ledger-paths").exists()
    start = {"session_id": "s-later", "cwd": str(other), "hook_event_name": "SessionStart",
             "source": "startup", "transcript_path": "/nowhere.jsonl"}
    result = run_hook("session-start", "claude", json.dumps(start).encode(), {})
    assert result.exit_code == 0
    assert (theirs / "ledger-paths").read_text() == "src/db\n"


# -- end to end: the installed script and the installed git-ledger ----------------------------


def test_installed_fast_path_tells_the_decision_and_stays_silent_elsewhere(
        repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    (repo_with_commit / "src" / "db").mkdir(parents=True)
    (repo_with_commit / "src" / "db" / "pool.py").write_text("size = 5\n")
    led = Ledger.open(repo_with_commit, project=True, session="")
    decided = led.decide("one pool per worker process", over=["a global pool"],
                         because="forks share no sockets").entry
    assert decided is not None
    governing = dataclasses.replace(decided, paths=("src/db/**",))
    put(Store(Repo(repo_with_commit)), PROJECT_REF, entry_files(governing))
    install(repo_with_commit, agent="claude")
    script = shutil.which(FAST_PATH, path=cli_env["PATH"])
    assert script is not None

    def edit(path: str) -> subprocess.CompletedProcess[bytes]:
        sent = {"session_id": "s-e2e", "transcript_path": "/nowhere.jsonl",
                "cwd": str(repo_with_commit), "hook_event_name": "PreToolUse",
                "tool_name": "Edit", "tool_input": {"file_path": str(repo_with_commit / path),
                                                    "old_string": "size = 5",
                                                    "new_string": "size = 9"}}
        return subprocess.run([script, "claude"], cwd=repo_with_commit, env=cli_env,
                              input=json.dumps(sent).encode(), capture_output=True,
                              timeout=60, check=False)

    told = edit("src/db/pool.py")
    assert (told.returncode, told.stderr) == (0, b"")
    context = json.loads(told.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "one pool per worker process" in context
    assert "a global pool" in context
    quiet = edit("README")
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, b"", b"")
