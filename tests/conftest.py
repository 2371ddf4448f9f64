"""Hermetic fixtures: every test runs against real repositories in temp dirs.

Nothing of the developer's machine leaks in: HOME and the XDG dirs are temporary, the
system git config is off, identity and dates are fixed, and pygit2's own config search
path (which does not read HOME from the environment after import) is pointed at the
temporary HOME as well.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import warnings
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pygit2
import pytest
from click.testing import CliRunner, Result
from pygit2.enums import ConfigLevel

from gitledger.audit import check as check_module
from gitledger.audit import check_delta
from gitledger.cli import cli
from gitledger.derived import sqlite

FIXED_DATE = "2026-11-30T12:00:00+00:00"
GIT_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Ada Tester",
    "GIT_AUTHOR_EMAIL": "ada@example.com",
    "GIT_COMMITTER_NAME": "Ada Tester",
    "GIT_COMMITTER_EMAIL": "ada@example.com",
    "GIT_AUTHOR_DATE": FIXED_DATE,
    "GIT_COMMITTER_DATE": FIXED_DATE,
    "GIT_TERMINAL_PROMPT": "0",
    "LC_ALL": "C.UTF-8",
}
UNSET = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_LEDGER_SESSION_ID",
         "CODEX_THREAD_ID", "GIT_CONFIG_GLOBAL", "GIT_CONFIG", "EMAIL")


@pytest.fixture(autouse=True)
def hermetic(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
             monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("home")
    for sub in ("config", "data", "cache", "state"):
        (home / f".{sub}").mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".state"))
    # Temporary files of the test, and of what it runs, land under pytest's own temporary
    # directory: nothing a test forgets to remove is left in the machine's /tmp.
    scratch = home / ".tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    for key in UNSET:
        monkeypatch.delenv(key, raising=False)
    paths = pygit2.settings.search_path
    saved = {level: paths[level] for level in (ConfigLevel.GLOBAL, ConfigLevel.XDG,
                                              ConfigLevel.SYSTEM)}
    paths[ConfigLevel.GLOBAL] = str(home)
    paths[ConfigLevel.XDG] = str(home / ".config")
    paths[ConfigLevel.SYSTEM] = str(home / "no-system")
    monkeypatch.chdir(home)
    interrupts = _interrupt_state()
    yield home
    # What the test opened in-process and kept (an index connection, three descriptors)
    # closes with it: a worker had 2,700 files open by the end of a run.
    sqlite.release_kept()
    for level, value in saved.items():
        paths[level] = value
    if _interrupt_state() != interrupts:
        # A test (or what it ran in-process) left Ctrl-C handled otherwise: later tests in
        # this worker would not see the interrupts they send themselves.
        signal.signal(signal.SIGINT, interrupts[0])
        signal.pthread_sigmask(signal.SIG_SETMASK, interrupts[1])
        warnings.warn(f"the test left SIGINT's handling changed: {interrupts} -> "
                      f"{_interrupt_state()}", stacklevel=1)
    if request.node.stash.get(_PASSED, False):
        # As pytest does with ``tmp_path`` (``tmp_path_retention_policy``): a passed test's
        # home goes now, a failed one's stays to be read.
        shutil.rmtree(home, ignore_errors=True)


def _interrupt_state() -> tuple[Any, frozenset[int]]:
    """SIGINT's handler and the main thread's blocked signals."""
    if threading.current_thread() is not threading.main_thread():
        return None, frozenset()
    return (signal.getsignal(signal.SIGINT),
            frozenset(signal.pthread_sigmask(signal.SIG_BLOCK, [])))


@pytest.fixture(autouse=True)
def every_check_again_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check again from a last check (audit/check_delta.py) in the suite is compared
    with a check of every entry of the same state: the partial check must find exactly
    what the whole one finds.  The drift cache is kept as the partial check left it, so
    that the whole check's writing it cannot hide what the next partial one reads."""
    partial_check, whole_check = check_delta.recheck, check_module._full_check

    def compared(where: Any, ledgers: Any, index: Any, base: Any, **kwargs: Any) -> Any:
        partial = partial_check(where, ledgers, index, base, **kwargs)
        if partial is not None:
            drift_file = ledgers[0].store.repo.gitdir / "ledger-drift.json"
            kept = drift_file.read_bytes() if drift_file.exists() else None
            whole, _ = whole_check(where, ledgers, kwargs["with_drift"])
            if kept is None:
                drift_file.unlink(missing_ok=True)
            else:
                drift_file.write_bytes(kept)
            assert partial == whole, f"check again != check of everything:\n{partial}\n{whole}"
        return partial

    monkeypatch.setattr("gitledger.audit.check.recheck", compared)


def git(cwd: Path, *args: str, check: bool = True) -> str:
    """Run the real git CLI in ``cwd`` and return its stdout."""
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"git {' '.join(args)} failed: {done.stderr}")
    return done.stdout


def archived_commit(repo: Path, name: str) -> str | None:
    """The ledger commit the archive named ``name`` (``refs/ledger/archive/<id>``, or a
    mirror's) holds, read through its month chain or its version-2 tag; None if none."""
    from gitledger.storage.archive_store import ArchiveStore
    from gitledger.storage.repo import Repo

    return ArchiveStore(Repo(repo)).tip(name).commit


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """An empty (unborn) repository with a work tree."""
    path = tmp_path / "repo"
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    return path


@pytest.fixture
def repo_with_commit(repo: Path) -> Path:
    (repo / "README").write_text("hello\n")
    git(repo, "add", "README")
    git(repo, "commit", "-q", "-m", "first")
    return repo


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


class Run:
    """``ledger("decide", "x")`` runs the CLI in-process inside a repository."""

    def __init__(self, runner: CliRunner, where: Path) -> None:
        self.runner = runner
        self.where = where

    def __call__(self, *args: str, input: bytes | str | None = None) -> Result:
        return self.runner.invoke(cli, ["-C", str(self.where), *args], input=input,
                                  catch_exceptions=False)


@pytest.fixture
def ledger(runner: CliRunner, repo: Path) -> Run:
    return Run(runner, repo)


def installed_git_ledger() -> Path:
    """The ``git-ledger`` console script of the environment running the tests."""
    script = Path(sys.executable).parent / "git-ledger"
    if not script.exists():
        pytest.fail(f"git-ledger is not installed next to {sys.executable}")
    return script


@pytest.fixture
def cli_env() -> dict[str, str]:
    """The environment for subprocesses: the test venv's scripts first on PATH."""
    env = dict(os.environ)
    env["PATH"] = f"{installed_git_ledger().parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def settle(cwd: Path, timeout: float = 60.0) -> list[str]:
    """Wait (bounded) until the detached ``git ledger hook drain`` the hooks started has
    applied the queue; then what it had to say, taken as the next command would print it
    (``git ledger: …`` lines).  A queue still there after ``timeout`` fails the test."""
    import fcntl
    import time

    from gitledger.storage import event_queue, queue_probe
    from gitledger.storage.layout import QUEUE_LOCK_FILE

    gitdir = Path(git(cwd, "rev-parse", "--absolute-git-dir").strip())
    deadline = time.monotonic() + timeout
    while True:
        idle = True
        if (gitdir / QUEUE_LOCK_FILE).exists():
            with open(gitdir / QUEUE_LOCK_FILE, "rb") as lock:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    fcntl.flock(lock, fcntl.LOCK_UN)
                except OSError:
                    idle = False
        if idle and (not queue_probe.pending(gitdir) or event_queue.read_held(gitdir)):
            # A drain that was spawned but has not taken the lock yet: give it a moment.
            time.sleep(0.05)
            if not queue_probe.pending(gitdir) or event_queue.read_held(gitdir):
                break
        assert time.monotonic() < deadline, f"the queue in {gitdir} was not drained"
        time.sleep(0.02)
    return [f"git ledger: {line}" for line in event_queue.take_report(gitdir)]


#: The checkout the suite runs from: its git hooks and config, as they were at the start.
_CHECKOUT = Path(__file__).resolve().parent.parent
_CHECKOUT_KEY = pytest.StashKey[tuple[str, ...]]()


def _checkout_state() -> tuple[str, ...]:
    """What a test must never change in the checkout it runs from: its hooks and its
    local git config (an installer run from the wrong directory writes there)."""
    where = subprocess.run(["git", "-C", str(_CHECKOUT), "rev-parse", "--git-path", "hooks",
                            "--git-path", "config"], capture_output=True, text=True,
                           check=False).stdout.split()
    if len(where) != 2:
        return ()
    hooks, config = (_CHECKOUT / p if not Path(p).is_absolute() else Path(p) for p in where)
    listing = sorted(p.name for p in hooks.iterdir()) if hooks.is_dir() else []
    return (*listing, config.read_text(errors="replace") if config.is_file() else "")


#: Where the suite's child Python processes (the installed ``git-ledger``, the hooks'
#: detached drains, benchmark scripts) keep their bytecode: read before the hermetic
#: fixture moves HOME, shared by the workers, kept between runs.
BYTECODE_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") \
    / "gitledger-tests" / "pycache"


def pytest_configure(config: pytest.Config) -> None:
    """Child processes compile each module once, not once a process: with
    PYTHONDONTWRITEBYTECODE set (as shells and CI images often have it) every
    ``git-ledger`` a test started compiled every module it imported, three times the CPU
    of a start from bytecode, as an installed package starts.  The temporary directories
    go to memory when the machine has room there (``ram_temproot``)."""
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        os.environ.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE_CACHE))
    if config.option.basetemp is None and "PYTEST_DEBUG_TEMPROOT" not in os.environ:
        root = ram_temproot()
        if root is not None:
            # The second name tells the workers (and a test) that this run chose it.
            os.environ["PYTEST_DEBUG_TEMPROOT"] = os.environ[CHOSEN_TEMPROOT] = root


#: Set to the memory-backed root when the run chose one (``pytest_configure``).
CHOSEN_TEMPROOT = "GITLEDGER_TESTS_TEMPROOT"
#: What a run needs in memory at most: the trees of the tests running at once and of the
#: shared client worlds (a whole run wrote 2.5 GB and 500,000 files when nothing was removed).
RAM_TEMPROOT_ROOM = 2 << 30


def ram_temproot(candidate: Path = Path("/dev/shm")) -> str | None:
    """A memory-backed directory for the suite's repositories, or None: one that exists, is
    writable and lets git run hooks from it (not ``noexec``), with ``RAM_TEMPROOT_ROOM``
    free.  On a disk the suite waits on the file system: on two cores with ext4 the
    integration, ledger and team tests took 210 s, 130 % of the cores; in memory 136 s,
    180 % (docs/agents-suite.md)."""
    try:
        stats = os.statvfs(candidate)
    except OSError:
        return None
    if stats.f_flag & os.ST_NOEXEC or not os.access(candidate, os.W_OK | os.X_OK):
        return None
    if stats.f_bavail * stats.f_frsize < RAM_TEMPROOT_ROOM:
        return None
    return str(candidate)


_PASSED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Whether the test itself passed, for the hermetic fixture's teardown."""
    report: pytest.TestReport = yield
    if report.when == "call":
        item.stash[_PASSED] = report.passed
    return report


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers for every two cores (``PYTEST_XDIST_AUTO_NUM_WORKERS``
    sets another number).  A client test waits on its client between model turns: with
    two workers on two cores the cores were busy three quarters of the time (19.9 minutes),
    with three 89 % (15.5 minutes that day); four kept them no busier (docs/agents-suite.md)."""
    chosen = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if chosen:
        return int(chosen)
    cores = len(os.sched_getaffinity(0))
    return cores + cores // 2


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_CHECKOUT_KEY] = _checkout_state()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = session.config.stash.get(_CHECKOUT_KEY, None)
    if before is not None and _checkout_state() != before:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print(f"\nthe tests changed the git hooks or config of {_CHECKOUT}: a test is not "
              "hermetic", file=sys.stderr)
