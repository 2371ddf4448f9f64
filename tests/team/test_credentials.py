"""Credentials against a real server: lighttpd serving ``git http-backend`` with basic auth.

Every ``git ledger`` command that talks to a remote asks for a credential at most once,
however many git commands it runs (a push that must pull and retry runs five): the first
answer is reused through git's own credential API (``git credential fill``, then
``approve`` or ``reject``), so the user's helper stores it, or forgets a wrong one.  Without
a terminal on standard input nothing ever prompts (``GIT_TERMINAL_PROMPT=0``).  The
prompts are counted by a real askpass program, a real credential helper and a real
pseudo-terminal, each writing down every time it is asked.
"""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from gitledger.errors import SyncError
from gitledger.storage import network
from gitledger.storage.repo import Repo
from tests.conftest import git
from tests.remote_fixtures import (
    HTTP_PASSWORD,
    HTTP_USER,
    PROXY_VARS,
    Clone,
    Team,
    http_server,
    make_team,
    subprocess_env,
)

PROJECT = "refs/ledger/project"


def _no_helper(tmp_path: Path) -> None:
    """Take the fixture's store helper away: whatever answers now is what the test sets."""
    git(tmp_path, "config", "--global", "--unset", "credential.helper")


def _askpass(tmp_path: Path, password: str = HTTP_PASSWORD) -> tuple[Path, Path]:
    """An askpass program that writes down each prompt it is given, and answers it."""
    log, program = tmp_path / "askpass.log", tmp_path / "askpass"
    program.write_text(f"""#!/bin/sh
echo "$1" >> '{log}'
case "$1" in
  Username*) echo '{HTTP_USER}' ;;
  *) echo '{password}' ;;
esac
""")
    program.chmod(0o755)
    return program, log


def _helper(tmp_path: Path, password: str = HTTP_PASSWORD) -> tuple[str, Path]:
    """A credential helper that writes down each operation git asks of it (get, store,
    erase) and answers every get."""
    log, program = tmp_path / "helper.log", tmp_path / "helper"
    program.write_text(f"""#!/bin/sh
cat >/dev/null
echo "$1" >> '{log}'
if [ "$1" = get ]; then
  echo username='{HTTP_USER}'
  echo password='{password}'
fi
""")
    program.chmod(0o755)
    return str(program), log


def _asked(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def _moved_first(team: Team) -> Clone:
    """Alice, with a project decision to push, after Bob pushed one of his: her push is
    rejected, pulls, merges and pushes again (ls-remote, push, fetch, ls-remote, push)."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    bob.ok("decide", "--project", "Postgres", "--because", "joins")
    bob.ok("push")
    alice.ok("decide", "--project", "a cache", "--because", "speed")
    return alice


def test_a_push_that_pulls_and_retries_asks_askpass_once(
        http_team: Team, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Old: five prompts for username and password, one per git command."""
    alice = _moved_first(http_team)
    _no_helper(tmp_path)
    program, log = _askpass(tmp_path)
    monkeypatch.setenv("GIT_ASKPASS", str(program))

    data = alice.json("push")
    assert data["pulls"], "the push pulled and retried"
    assert http_team.remote_refs(PROJECT)[PROJECT] == alice.refs()[PROJECT]
    prompts = _asked(log)
    assert [p.split()[0] for p in prompts] == ["Username", "Password"], prompts


def test_a_credential_helper_is_asked_once_and_told_it_worked(
        http_team: Team, tmp_path: Path) -> None:
    """A helper can prompt too (Git Credential Manager does): one get per command, and
    one store once the answer worked, never one per git command."""
    alice = _moved_first(http_team)
    helper, log = _helper(tmp_path)
    git(tmp_path, "config", "--global", "credential.helper", helper)

    assert alice.json("push")["pulls"]
    assert _asked(log) == ["get", "store"]
    log.unlink()
    alice.ok("pull")
    assert _asked(log) == ["get", "store"]


def test_a_wrong_password_is_asked_once_rejected_and_one_documented_line(
        http_team: Team, tmp_path: Path) -> None:
    alice = _moved_first(http_team)
    helper, log = _helper(tmp_path, password="wrong")
    git(tmp_path, "config", "--global", "credential.helper", helper)
    before = alice.refs()

    result = alice("push")
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: "), line
    assert "Authentication failed" in line
    # Asked once; told it was wrong (a helper that stores forgets it); never told it worked.
    assert _asked(log) == ["get", "erase"]
    assert alice.refs() == before


def test_the_password_is_on_no_command_line(http_team: Team, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Command lines are readable by every user of the machine: the reused answer reaches
    the later git commands through their environment only."""
    alice = _moved_first(http_team)
    real, log, bin_dir = shutil.which("git"), tmp_path / "argv.log", tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "git").write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> \'{log}\'\n'
                                 f'exec \'{real}\' "$@"\n')
    (bin_dir / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")

    assert alice.json("push")["pulls"]
    logged = log.read_text()
    assert "credential fill" in logged
    assert sum("push --porcelain" in line for line in logged.splitlines()) == 2
    assert HTTP_PASSWORD not in logged


def test_a_server_that_is_down_is_the_documented_line(http_team: Team) -> None:
    alice = http_team.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    url = alice.git("remote", "get-url", "origin").strip()
    # Nothing listens on port 9 of 127.0.0.1 (discard): the connection is refused.
    alice.git("remote", "set-url", "origin", url.replace(url.split("/")[2], "127.0.0.1:9"))
    result = alice("push")
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: "), line
    assert "127.0.0.1" in line


def test_without_a_terminal_nothing_prompts(http_team: Team, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """No helper, no askpass, and standard input no terminal (an agent's shell): the
    command fails at once with one line, however git would have prompted."""
    alice = _moved_first(http_team)
    _no_helper(tmp_path)
    monkeypatch.delenv("GIT_TERMINAL_PROMPT", raising=False)
    result = alice("push")
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: "), line
    assert "terminal prompts disabled" in line
    # Old: git's words alone, which do not say what to do.
    assert line.endswith(f"({network.NO_TERMINAL})"), line


# -- a real terminal ---------------------------------------------------------------------------


def _on_a_terminal(clone: Clone, args: list[str], *, stdin_is_terminal: bool,
                   answer: Callable[[str], str | None]) -> tuple[int, str, str]:
    """Run the installed ``git ledger`` with a pseudo-terminal as its controlling terminal
    (where git's prompts go), standard input on it or not; ``answer`` is given what the
    terminal showed so far and returns what to type, or None.  Returns the exit status,
    stderr and everything the terminal showed.  Every wait is bounded."""
    master, slave = pty.openpty()
    slave_name = os.ttyname(slave)
    env = subprocess_env()
    env.pop("GIT_TERMINAL_PROMPT", None)
    env.pop("GIT_ASKPASS", None)
    env.pop("SSH_ASKPASS", None)

    def take_terminal() -> None:  # after setsid: the first terminal opened becomes ours
        os.close(os.open(slave_name, os.O_RDWR))

    process = subprocess.Popen(
        ["git", "ledger", "-C", str(clone.path), *args], env=env,
        stdin=slave if stdin_is_terminal else subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=take_terminal,  # noqa: PLW1509 (no threads here)
    )
    os.close(slave)
    shown = ""
    answered = 0
    deadline = time.monotonic() + 60
    # poll, not select: the whole suite may hold more than FD_SETSIZE (1,024) descriptors.
    terminal = select.poll()
    terminal.register(master, select.POLLIN)
    try:
        while process.poll() is None and time.monotonic() < deadline:
            if terminal.poll(100):
                try:
                    chunk = os.read(master, 4096).decode(errors="replace")
                except OSError:  # the terminal closed: the command is ending
                    chunk = ""
                shown += chunk
            reply = answer(shown[answered:])
            if reply is not None:
                answered = len(shown)
                os.write(master, reply.encode())
        if process.poll() is None:
            process.kill()
            process.wait()
            pytest.fail(f"git ledger {' '.join(args)} still waited after 60 s; the terminal "
                        f"showed: {shown!r}")
        assert process.stderr is not None
        stderr = process.stderr.read()
        return process.returncode, stderr, shown
    finally:
        if process.poll() is None:  # a failure above: end what was started
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
        os.close(master)


def _typist(tmp: list[str]) -> Callable[[str], str | None]:
    """Types the username or the password when the terminal asks, and notes each prompt."""
    def answer(new: str) -> str | None:
        if "Username for" in new:
            tmp.append("Username")
            return HTTP_USER + "\n"
        if "Password for" in new:
            tmp.append("Password")
            return HTTP_PASSWORD + "\n"
        return None
    return answer


def test_a_terminal_user_types_the_password_once_for_a_push_that_retries(
        http_team: Team, tmp_path: Path) -> None:
    """Old: the password was asked on the terminal once per git command, three times."""
    alice = _moved_first(http_team)
    _no_helper(tmp_path)
    prompts: list[str] = []
    status, stderr, _ = _on_a_terminal(alice, ["push"], stdin_is_terminal=True,
                                       answer=_typist(prompts))
    assert status == 0, stderr
    assert prompts == ["Username", "Password"]
    assert http_team.remote_refs(PROJECT)[PROJECT] == alice.refs()[PROJECT]


def test_a_terminal_that_is_not_standard_input_is_never_prompted_on(
        http_team: Team, tmp_path: Path) -> None:
    """An agent's command inherits the user's terminal but reads no input from it: a
    prompt there would hang the agent.  Old: git asked on that terminal."""
    alice = _moved_first(http_team)
    _no_helper(tmp_path)
    prompts: list[str] = []
    status, stderr, shown = _on_a_terminal(alice, ["push"], stdin_is_terminal=False,
                                           answer=_typist(prompts))
    assert prompts == [], shown
    assert status == 1
    (line,) = stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: "), line


def test_a_credential_helper_that_hangs_is_ended_and_one_line(
        http_team: Team, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Old: a helper that never answered (a keychain waiting for a dialog nobody sees)
    hung the command for ever.  Now it is given a bounded time, ended with everything it
    started, and the command says so in one line."""
    alice = _moved_first(http_team)
    pid_file, program = tmp_path / "helper.pid", tmp_path / "hanging-helper"
    program.write_text(f"#!/bin/sh\necho $$ > '{pid_file}'\nexec sleep 300\n")
    program.chmod(0o755)
    git(tmp_path, "config", "--global", "credential.helper", str(program))
    monkeypatch.setattr(network, "HELPER_SECONDS", 1.0)
    before = alice.refs()

    started = time.monotonic()
    result = alice("push")
    assert time.monotonic() - started < 30
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: "), line
    assert "git credential fill did not answer within 1 s" in line, line
    assert alice.refs() == before
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid), "the hanging helper was left running"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is ended: only its parent's wait is missing.
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ", 1)[-1].startswith("Z"))


def test_an_interrupt_while_a_helper_runs_ends_the_helper_too(
        http_team: Team, tmp_path: Path) -> None:
    """Ctrl-C while ``git credential fill`` waits on a helper: the helper, in a process
    group of its own, was left running after the command had gone."""
    alice = http_team.clone("Alice")
    pid_file, program = tmp_path / "helper.pid", tmp_path / "interrupting-helper"
    program.write_text(f"#!/bin/sh\necho $$ > '{pid_file}.new'\nmv '{pid_file}.new' "
                       f"'{pid_file}'\nexec sleep 300\n")
    program.chmod(0o755)
    git(tmp_path, "config", "--global", "credential.helper", str(program))
    # Ctrl-C as the terminal sends it, to the main thread: a signal sent to this whole
    # process (``kill -INT``) may be taken by another thread of the test worker (an
    # earlier test's server), which leaves the main thread waiting out the helper's 60 s.
    main = threading.main_thread().ident
    assert main is not None

    def interrupt_once_the_helper_runs() -> None:
        deadline = time.monotonic() + 30
        while not pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        if pid_file.exists():  # never after the wait is over: that would end the run
            signal.pthread_kill(main, signal.SIGINT)

    sender = threading.Thread(target=interrupt_once_the_helper_runs, daemon=True)
    # Ctrl-C as a ``git ledger`` process takes it (Python's own handler): what the worker
    # had may be another's (in the full run it was, and the interrupt never came).
    had = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            network.run_network(Repo(alice.path), ["ls-remote", "origin"],
                                what="git ls-remote")
    except SyncError as exc:
        raise AssertionError(
            f"no interrupt: {exc}; the helper {'ran' if pid_file.exists() else 'never ran'}; "
            f"the worker had SIGINT handled by {had!r}, blocked: "
            f"{signal.pthread_sigmask(signal.SIG_BLOCK, [])}") from exc
    finally:
        signal.signal(signal.SIGINT, had)
    sender.join(timeout=30)
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid), "the helper was left running"


def test_an_ssh_remote_is_left_to_ssh(team: Team, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The credential path is HTTP's: over ssh no helper is asked, no credential is put in
    ssh's environment, and ssh's own askpass (a key's passphrase) is as the user set it."""
    alice = team.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    helper, log = _helper(tmp_path)
    git(tmp_path, "config", "--global", "credential.helper", helper)
    seen, ssh = tmp_path / "ssh.env", tmp_path / "fake-ssh"
    ssh.write_text(f"#!/bin/sh\nenv > '{seen}'\necho 'ssh: no route' >&2\nexit 255\n")
    ssh.chmod(0o755)
    monkeypatch.setenv("GIT_SSH_COMMAND", str(ssh))
    monkeypatch.setenv("SSH_ASKPASS", "/usr/bin/ssh-askpass")
    alice.git("remote", "set-url", "origin", "ssh://git@example.invalid/remote.git")

    result = alice("push")
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: "), line
    env = seen.read_text().splitlines()
    assert "SSH_ASKPASS=/usr/bin/ssh-askpass" in env
    assert not [v for v in env if v.startswith("GITLEDGER_CREDENTIAL")]
    assert _asked(log) == []


def test_a_public_remote_that_wants_a_credential_to_push_says_what_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads need no credential, a push does (a public repository): the push itself is
    the first git command that would prompt.  Old: its line was git's words alone, the
    hint of what to do lost on the push's own error path."""
    for var in PROXY_VARS:
        monkeypatch.delenv(var, raising=False)
    root = tmp_path / "team"
    team = make_team(root, "", monkeypatch)
    with http_server(root, public=True) as port:
        team.url = f"http://127.0.0.1:{port}/git/remote.git"
        alice = team.clone("Alice")  # no credential: reads are open
        alice.ok("decide", "--project", "Postgres", "--because", "joins")
        monkeypatch.delenv("GIT_TERMINAL_PROMPT", raising=False)
        result = alice("push")
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("git ledger: git push to origin failed: could not read Username"), line
    assert line.endswith(f"({network.NO_TERMINAL})"), line
