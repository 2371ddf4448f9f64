"""Real remotes for the team-sync tests: a bare repository and clones of it, a real
``git daemon`` serving it on 127.0.0.1, and a real web server (Debian's lighttpd) serving
it through ``git http-backend`` over smart HTTP with basic auth, as a hosted remote is.

A ``Team`` is a directory holding ``remote.git`` (bare, seeded with one commit on
``main``) and any number of clones made with a real ``git clone`` of its URL (``file://``
or ``git://127.0.0.1:PORT/remote.git``).  Each clone has its own ``user.name`` and
``user.email`` in its config, and the hermetic identity variables are removed, so every
write says who made it, as on two people's machines.

The clock is the team's: each command a clone runs happens one minute after the one
before (``GIT_AUTHOR_DATE`` / ``GIT_COMMITTER_DATE``), so "the newer side" of two
concurrent edits is a fact of the test, not of the machine's timer.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pygit2
import pytest
from click.testing import CliRunner, Result

from gitledger.cli import cli
from gitledger.storage.month_chains import archive_name, is_chain, read_chain
from tests.conftest import git, installed_git_ledger

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
IDENTITY_VARS = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME",
                 "GIT_COMMITTER_EMAIL")

#: The pre-receive hook of a host that takes code and nothing under ``refs/ledger/``.
REFUSING_HOOK = """#!/bin/sh
while read old new ref; do
  case "$ref" in
    refs/ledger/*) echo "policy: no ledgers on this server" >&2; exit 1 ;;
  esac
done
exit 0
"""


@dataclass
class Clock:
    """The team's clock: ``tick()`` moves every later write one minute on."""

    monkeypatch: pytest.MonkeyPatch
    minutes: int = 0

    def tick(self) -> str:
        self.minutes += 1
        stamp = (START + timedelta(minutes=self.minutes)).isoformat()
        self.monkeypatch.setenv("GIT_AUTHOR_DATE", stamp)
        self.monkeypatch.setenv("GIT_COMMITTER_DATE", stamp)
        return stamp


@dataclass
class Clone:
    """One teammate's clone: ``clone("decide", "x")`` runs the CLI in it, in-process."""

    path: Path
    name: str
    email: str
    clock: Clock
    runner: CliRunner = field(default_factory=CliRunner)

    @property
    def ident(self) -> str:
        return f"{self.name} <{self.email}>"

    def __call__(self, *args: str, input: str | None = None) -> Result:
        self.clock.tick()
        return self.runner.invoke(cli, ["-C", str(self.path), *args], input=input,
                                  catch_exceptions=False)

    def ok(self, *args: str) -> str:
        """Run a command that must succeed quietly; its stdout, stripped."""
        result = self(*args)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        assert result.stderr == "", (args, result.stderr)
        return result.stdout.strip()

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json"))

    def git(self, *args: str, check: bool = True) -> str:
        self.clock.tick()
        return git(self.path, *args, check=check)

    def refs(self) -> dict[str, str]:
        """Every ledger ref and the notes ref of this clone: {ref: sha}."""
        return refs_of(self.path, "refs/ledger/", "refs/notes/")

    def installed(self, *args: str, env: dict[str, str] | None = None
                  ) -> subprocess.CompletedProcess[str]:
        """The installed ``git ledger`` command (``git`` finds ``git-ledger`` on PATH)."""
        self.clock.tick()
        return subprocess.run(["git", "ledger", *args], cwd=self.path,
                              env=env or subprocess_env(), capture_output=True, text=True,
                              check=False)

    def session_ref(self) -> str:
        """This clone's worktree ledger ref (it must have one)."""
        gitdir = Path(git(self.path, "rev-parse", "--absolute-git-dir").strip())
        ref = (gitdir / "ledger").read_text(encoding="utf-8").strip()
        assert ref.startswith("refs/ledger/sessions/"), ref
        return ref


def subprocess_env() -> dict[str, str]:
    """The current environment with the test venv's scripts first on PATH."""
    env = dict(os.environ)
    env["PATH"] = f"{installed_git_ledger().parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def refs_of(path: Path, *patterns: str) -> dict[str, str]:
    """The refs matching ``patterns`` and, beside each month chain, the archives it holds
    by the names readers give them (``…/archive/<id>``: the commit that archived it)."""
    out = git(path, "for-each-ref", "--format=%(refname) %(objectname)", *patterns)
    return with_archives(path, dict(line.split(" ", 1) for line in out.splitlines()))


def ls_remote(bare: Path, *patterns: str) -> dict[str, str]:
    """What the bare repository holds, as ``git ls-remote`` lists it: {ref: sha}, and the
    archives its month chains hold, by name (``refs_of``)."""
    out = git(bare, "ls-remote", str(bare), *patterns)
    found: dict[str, str] = {}
    for line in out.splitlines():
        sha, ref = line.split("\t", 1)
        found[ref] = sha
    return with_archives(bare, found)


def with_archives(path: Path, refs: dict[str, str]) -> dict[str, str]:
    repo = pygit2.Repository(str(path))
    named: dict[str, str] = {}
    for ref, tip in refs.items():
        if is_chain(ref):
            for archived in reversed(read_chain(repo, ref, tip)):
                named[archive_name(ref, archived.ledger_id)] = archived.event
    return {**refs, **{name: event for name, event in named.items() if name not in refs}}


def fsck(path: Path) -> None:
    done = subprocess.run(["git", "fsck", "--strict", "--no-dangling"], cwd=path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in done.stderr.lower(), done.stderr
    assert "warning" not in done.stderr.lower(), done.stderr


@dataclass
class Team:
    """A bare ``remote.git`` under ``root``, reached at ``url``, and clones of it."""

    root: Path
    url: str
    clock: Clock
    clones: list[Clone] = field(default_factory=list)

    @property
    def bare(self) -> Path:
        return self.root / "remote.git"

    def clone(self, name: str) -> Clone:
        path = self.root / name.lower()
        git(self.root, "clone", "-q", self.url, str(path))
        email = f"{name.lower()}@example.com"
        git(path, "config", "user.name", name)
        git(path, "config", "user.email", email)
        made = Clone(path, name, email, self.clock)
        self.clones.append(made)
        return made

    def remote_refs(self, *patterns: str) -> dict[str, str]:
        return ls_remote(self.bare, *patterns)

    def remote_entry_ids(self, ref: str = "refs/ledger/project") -> set[str]:
        """The entry ids the remote's copy of a ledger holds, read with plain git."""
        return tree_entry_ids(self.bare, ref)


def tree_entry_ids(path: Path, ref: str) -> set[str]:
    out = git(path, "ls-tree", "-r", "--name-only", ref)
    return {Path(name).stem for name in out.splitlines()
            if name.endswith(".toml") and "/" in name}


def make_team(root: Path, url: str, monkeypatch: pytest.MonkeyPatch) -> Team:
    """``remote.git`` under ``root``, seeded with one commit on ``main``."""
    for var in IDENTITY_VARS:
        monkeypatch.delenv(var, raising=False)
    clock = Clock(monkeypatch)
    clock.tick()
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "--bare", "-b", "main", "remote.git")
    seed = root / "seed"
    git(root, "init", "-q", "-b", "main", str(seed))
    (seed / "README").write_text("team project\n")
    git(seed, "add", "README")
    git(seed, "-c", "user.name=Seed", "-c", "user.email=seed@example.com",
        "commit", "-q", "-m", "first")
    git(seed, "push", "-q", str(root / "remote.git"), "main")
    shutil.rmtree(seed)
    return Team(root, url, clock)


# -- git daemon ----------------------------------------------------------------------------


def daemon_available() -> bool:
    """Whether this git has ``git daemon`` (it has no --version: usage means it exists)."""
    try:
        done = subprocess.run(["git", "daemon", "--version"], capture_output=True,
                              text=True, check=False)
    except OSError:
        return False
    said = done.stdout + done.stderr
    return "usage: git daemon" in said


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def git_daemon(base: Path) -> Iterator[int]:
    """A real ``git daemon`` serving ``base`` (receive-pack enabled); yields its port."""
    if not daemon_available():
        pytest.skip("git daemon is not available in this git installation")

    def command(port: int) -> list[str]:
        return ["git", "daemon", "--export-all", "--enable=receive-pack",
                "--informative-errors", f"--base-path={base}", "--reuseaddr",
                "--listen=127.0.0.1", f"--port={port}", "--log-destination=none", str(base)]

    with _server("git daemon", command) as port:
        yield port


#: What asks a server of ours over HTTP: never through a proxy the environment names.
LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))
#: How many free ports a server is started on before its start counts as failed: another
#: process (a parallel run's server) may take the port between ``free_port`` and the bind.
PORT_ATTEMPTS = 5


@contextmanager
def _server(what: str, command: Callable[[int], list[str]],
            ours: Callable[[int], bool] | None = None) -> Iterator[int]:
    """A server ``command(port)`` started in the foreground on a free port of 127.0.0.1;
    yields the port once it listens there (and ``ours(port)`` says the server answering
    is this one), and ends it by its PID however the test ends.  Every wait is bounded."""
    for _ in range(PORT_ATTEMPTS):
        port = free_port()
        process = subprocess.Popen(command(port), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        try:
            if _listening(process, port, what, ours):
                yield port
                return
        finally:
            _end(process)
    pytest.fail(f"{what} did not start on any of {PORT_ATTEMPTS} free ports of 127.0.0.1")


def _listening(process: subprocess.Popen[str], port: int, what: str,
               ours: Callable[[int], bool] | None) -> bool:
    """Whether ``process`` listens on ``port``; False when it exited first (the port was
    taken: try another) or another server answers there; a failure after 30 s."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
        except OSError:
            time.sleep(0.05)
            continue
        if ours is not None:
            return ours(port)
        # Another server on the port: ours fails to bind and exits at once.
        time.sleep(0.2)
        return process.poll() is None
    pytest.fail(f"{what} did not listen on 127.0.0.1:{port} within 30 s")


def _end(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stderr is not None:
        process.stderr.close()


# -- lighttpd and git http-backend -----------------------------------------------------------


#: Debian's lighttpd (``.ci/run`` installs it) and where its modules are.
LIGHTTPD = Path("/usr/sbin/lighttpd")
LIGHTTPD_MODULES = Path("/usr/lib/lighttpd")
#: What would send git's (and urllib's) requests to 127.0.0.1 through a proxy.
PROXY_VARS = ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy",
              "ALL_PROXY")
#: The user the HTTP remote lets in, and the password it wants.
HTTP_USER, HTTP_PASSWORD = "alice", "s3cret-pass"


def lighttpd_config(base: Path, port: int, users_file: Path, log: Path, token: str, *,
                    public: bool = False) -> str:
    """A lighttpd that serves every repository under ``base`` at ``/git/<name>`` through
    ``git http-backend`` (fetch and push: receive-pack is on for an authenticated user),
    and asks every request for basic auth, as a hosted remote does for a private one
    (``public``: only a push's requests, as for a public one).
    Every answer carries ``token`` (``X-Test-Server``): the fixture knows it is its own."""
    backend = Path(git(base, "--exec-path").strip()) / "git-http-backend"
    # CGI children get no environment but this: the server's hooks need git on PATH.
    path = os.environ.get("PATH", "/usr/bin:/bin")
    require = ('auth.require = ("/git/" => ("method" => "basic", "realm" => "git", '
               '"require" => "valid-user"))')
    auth = (require if not public else
            f'$HTTP["querystring"] =~ "service=git-receive-pack" {{\n  {require}\n}}\n'
            f'$HTTP["url"] =~ "/git-receive-pack$" {{\n  {require}\n}}')
    return f"""\
server.document-root = "{base}"
server.bind = "127.0.0.1"
server.port = {port}
server.modules = ("mod_alias", "mod_auth", "mod_authn_file", "mod_cgi", "mod_setenv")
server.errorlog = "{log}"
setenv.add-response-header = ("X-Test-Server" => "{token}")
alias.url = ("/git/" => "{backend}/")
$HTTP["url"] =~ "^/git/" {{
  cgi.assign = ("" => "")
  setenv.add-environment = ("GIT_PROJECT_ROOT" => "{base}", "GIT_HTTP_EXPORT_ALL" => "1",
                            "PATH" => "{path}")
}}
auth.backend = "plain"
auth.backend.plain.userfile = "{users_file}"
{auth}
"""


@contextmanager
def http_server(base: Path, users: dict[str, str] | None = None, *,
                public: bool = False) -> Iterator[int]:
    """A real lighttpd serving ``base``'s repositories over smart HTTP on 127.0.0.1 with
    basic auth (``users``: name to password, default ``HTTP_USER``; ``public``: for
    pushes only); yields its port.
    Started on a free port in the foreground (``-D``), so it is ended by its own PID."""
    if not LIGHTTPD.is_file() or not (LIGHTTPD_MODULES / "mod_auth.so").is_file():
        absent = "lighttpd is not installed (.ci/run installs it: apt-get install lighttpd)"
        if os.environ.get("CI"):
            pytest.fail(f"{absent}; on CI that is a failure, never a skip")
        pytest.skip(absent)
    conf_dir = base.parent / f"{base.name}-lighttpd"
    conf_dir.mkdir(parents=True, exist_ok=True)
    users_file = conf_dir / "users"
    users_file.write_text("".join(f"{name}:{password}\n" for name, password in
                                  (users or {HTTP_USER: HTTP_PASSWORD}).items()))
    token = os.urandom(8).hex()
    conf = conf_dir / "lighttpd.conf"

    def command(port: int) -> list[str]:
        conf.write_text(lighttpd_config(base, port, users_file, conf_dir / "error.log", token,
                                        public=public))
        return [str(LIGHTTPD), "-D", "-f", str(conf), "-m", str(LIGHTTPD_MODULES)]

    def ours(port: int) -> bool:
        try:
            with LOOPBACK.open(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                return bool(answer.headers.get("X-Test-Server") == token)
        except urllib.error.HTTPError as answer:  # 401 or 404: it answered all the same
            with answer:
                return bool(answer.headers.get("X-Test-Server") == token)
        except OSError:
            return False

    with _server("lighttpd", command, ours) as port:
        yield port


def rewrite_blob(where: Path, ref: str, path: str, old: str, new: str,
                 who: tuple[str, str] | None = None) -> None:
    """Commit a changed blob at ``path`` on ``ref`` of the repository at ``where`` with
    plumbing (as its user, or as ``who``: name, email), as someone who writes ledger
    objects by hand would."""
    content = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=where, text=True,
                             capture_output=True, check=True).stdout.strip()
    assert old in content, content
    put_blob(where, ref, path, content.replace(old, new) + "\n", who)


def put_blob(where: Path, ref: str, path: str, content: str,
             who: tuple[str, str] | None = None) -> None:
    """Commit ``content`` at ``path`` on ``ref`` with plumbing (a new blob or a changed
    one), as ``rewrite_blob`` does."""
    env = {**os.environ, "GIT_INDEX_FILE": str(where / ".git" / "prov-index")}
    if who is not None:
        for role in ("AUTHOR", "COMMITTER"):
            env[f"GIT_{role}_NAME"], env[f"GIT_{role}_EMAIL"] = who

    def run(*args: str, stdin: str | None = None) -> str:
        done = subprocess.run(["git", *args], cwd=where, input=stdin, text=True,
                              capture_output=True, check=True, env=env)
        return done.stdout.strip()

    blob = run("hash-object", "-w", "--stdin", stdin=content)
    run("read-tree", ref)
    run("update-index", "--add", "--cacheinfo", f"100644,{blob},{path}")
    commit = run("commit-tree", run("write-tree"), "-p", ref, "-m", "hand edit")
    run("update-ref", ref, commit)
