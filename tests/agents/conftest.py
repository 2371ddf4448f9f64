"""The agent suite's fixtures: a project with gitledger installed for a real client, a
temporary HOME the client is set up in, and ``World.run`` to drive one headless prompt.

Every run goes through ``runner.py`` (the client beside its scripted model server, in a
loopback-only network namespace where ``unshare -n`` works), bounded by a timeout, and
gives back an ``Outcome``: the client's exit code and output and each request the model saw.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pickle
import re
import shlex
import shutil
import signal
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.integrations.agent_registry import BY_NAME as AGENT_BY_NAME
from gitledger.integrations.agents import command as agent_command
from tests.agents.clients import CLIENTS, Client, ClientMissing, install
from tests.agents.model_server import Reply
from tests.conftest import git, installed_git_ledger

#: The top of the checkout, where ``python -m tests.agents.runner`` is found.
ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")
#: One client run, start to exit; the clients take 3-10 s against the local server.
RUN_TIMEOUT = 150


@cache
def network_namespace() -> bool:
    """Whether this machine lets us run the clients with only loopback (``unshare -n``)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    probe = subprocess.run(["unshare", "-n", "ip", "link", "set", "lo", "up"],
                           capture_output=True, timeout=30, check=False)
    return probe.returncode == 0


def ledger_in_process(where: Path, env: Mapping[str, str],
                      *args: str) -> subprocess.CompletedProcess[bytes]:
    """``git ledger ARGS`` run in ``where`` with ``env``, in this process (the CLI through
    click's test runner).  What a test writes and reads around a client run costs no
    interpreter start of its own (800 of them in the agent suite); what the client runs,
    its hooks, is the installed command in the client's own processes."""
    before = Path.cwd()
    os.chdir(where)
    try:
        result = CliRunner().invoke(cli, list(args), env=dict(env), prog_name="git ledger")
    finally:
        os.chdir(before)
    stderr = result.stderr_bytes
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception)).encode()
    return subprocess.CompletedProcess(["git", "ledger", *args], result.exit_code,
                                       result.stdout_bytes, stderr)


@dataclass(frozen=True)
class Outcome:
    rc: int
    stdout: str
    stderr: str
    timed_out: bool
    requests: tuple[dict[str, Any], ...]
    #: Scripted replies the client never asked for.
    unused: int

    def turns(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["turn"]]

    def seen(self, index: int = 0) -> str:
        """Everything the model was sent in its ``index``-th turn, as one text."""
        return json.dumps(self.turns()[index]["body"], ensure_ascii=False)

    def describe(self) -> str:
        return (f"rc={self.rc} timed_out={self.timed_out} turns={len(self.turns())} "
                f"unused={self.unused}\nstdout: {self.stdout[-2000:]}\n"
                f"stderr: {self.stderr[-2000:]}")


@dataclass(frozen=True)
class World:
    """A project (``repo``) and a HOME set up for ``client``, with gitledger installed."""

    client: Client
    bin_dir: Path
    repo: Path
    home: Path
    tmp: Path

    def env(self) -> dict[str, str]:
        spy_bin = self.tmp / "spy-bin"  # a plugin agent's spy (``spy``), where there is one
        path = os.pathsep.join([*([str(spy_bin)] if spy_bin.is_dir() else []),
                                str(installed_git_ledger().parent), str(self.bin_dir),
                                os.environ.get("PATH", "")])
        keep = {k: v for k, v in os.environ.items()
                if k.startswith(("GIT_", "LC_", "XDG_")) or k in ("LANG", "TERM", "TMPDIR")}
        keep.pop("GIT_LEDGER_SESSION_ID", None)
        # The client's own dirs are the world's, as a user's are under their HOME: a world
        # shared between tests (``SharedRuns``) keeps its sessions whichever test runs it.
        keep.update({"XDG_CONFIG_HOME": str(self.home / ".config"),
                     "XDG_DATA_HOME": str(self.home / ".local" / "share"),
                     "XDG_STATE_HOME": str(self.home / ".local" / "state"),
                     "XDG_CACHE_HOME": str(self.home / ".cache")})
        return {**keep, "PATH": path, "HOME": str(self.home), "USER": "tester",
                "NO_UPDATE_NOTIFIER": "1", "NODE_NO_WARNINGS": "1",
                "npm_config_update_notifier": "false", "CI": "1"}

    def run(self, prompt: str, script: Sequence[Reply] = (), *, resume: str | None = None,
            stdin: str | None = None, timeout: float = RUN_TIMEOUT) -> Outcome:
        run = self.client.prompt(self.home, prompt, resume)
        env = {**self.env(), **run.env}
        if network_namespace():
            env["GITLEDGER_AGENT_NETNS"] = "1"
            prefix = ["unshare", "-n"]
        else:
            prefix = []
        out = self.tmp / f"outcome-{os.urandom(4).hex()}.json"
        job = {"script": [_reply_json(r) for r in script],
               "argv": [str(self.bin_dir / self.client.binary), *run.argv],
               "env": env, "cwd": str(self.repo),
               "stdin": run.stdin if stdin is None else stdin, "files": run.files,
               "timeout": timeout, "out": str(out)}
        job_file = out.with_suffix(".job.json")
        job_file.write_text(json.dumps(job))
        subprocess.run([*prefix, sys.executable, "-m", "tests.agents.runner", str(job_file)],
                       env=env, cwd=ROOT, check=True, timeout=timeout + 60)
        result = json.loads(out.read_text())
        return Outcome(result["rc"], result["stdout"], result["stderr"], result["timed_out"],
                       tuple(result["requests"]), result["unused"])

    def ledger_result(self, *args: str) -> subprocess.CompletedProcess[str]:
        """``git ledger ARGS`` in the project, whatever its exit status."""
        done = ledger_in_process(self.repo, self.env(), *args)
        return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(),
                                           done.stderr.decode())

    def ledger(self, *args: str) -> str:
        """``git ledger ARGS`` in the project, as the user would type it."""
        done = self.ledger_result(*args)
        if done.returncode != 0:
            raise AssertionError(f"git ledger {' '.join(args)}: {done.stderr}")
        return done.stdout

    def ledger_bytes(self, *args: str) -> bytes:
        """``git ledger ARGS``'s output as bytes (a transcript, byte for byte)."""
        done = ledger_in_process(self.repo, self.env(), *args)
        if done.returncode != 0:
            raise AssertionError(f"git ledger {' '.join(args)}: {done.stderr!r}")
        return done.stdout

    def ledger_json(self, *args: str) -> Any:
        return json.loads(self.ledger(*args, "--json"))

    def spy(self, event: str) -> Path:
        """Record every payload the client sends for our hook ``event`` (``stop``,
        ``session-start``, …): a handler of our own, beside gitledger's in the project's
        hook config, appends each one as a JSON line to the file returned.  It prints
        nothing, so the client's behaviour is gitledger's alone."""
        agent = AGENT_BY_NAME[self.client.name]
        log = self.tmp / f"spy-{event}.jsonl"
        if agent.plugin:
            self._spy_plugin(event, log)
            return log
        config = self.repo / agent.config
        data = json.loads(config.read_text())
        record = ("import json, sys; "
                  f"open({str(log)!r}, 'a').write(json.dumps(json.load(sys.stdin)) + '\\n')")
        handler: dict[str, Any] = {"type": "command",
                                   "command": f"{shlex.quote(sys.executable)} -c "
                                              f"{shlex.quote(record)}",
                                   "timeout": agent.timeout}
        if agent.name == "gemini":
            handler["name"] = f"spy-{event}"
        data["hooks"][agent.events[event]][0]["hooks"].append(handler)
        config.write_text(json.dumps(data, indent=2))
        return log

    def _spy_plugin(self, event: str, log: Path) -> None:
        """A plugin agent's spy: our plugin runs ``git ledger …`` itself, so a ``git`` of
        the spy's, first on PATH (``env``), records the payload of that command and hands
        it, unchanged, to the real git."""
        spy_bin = self.tmp / "spy-bin"
        spy_bin.mkdir(exist_ok=True)
        real = shutil.which("git")
        assert real, "git on PATH"
        words = agent_command(self.client.name, event).split()
        assert words[0] == "git", "only a git ledger command is spied on"
        shim = spy_bin / "git"
        shim.write_text(
            "#!/bin/sh\n"
            f'if [ "$*" = {shlex.quote(" ".join(words[1:]))} ]; then\n'
            '    payload=$(cat)\n'
            f"    printf '%s\\n' \"$payload\" >> {shlex.quote(str(log))}\n"
            f"    printf '%s' \"$payload\" | {shlex.quote(real)} \"$@\"\n"
            "    exit $?\n"
            "fi\n"
            f'exec {shlex.quote(real)} "$@"\n')
        shim.chmod(0o755)

    def spied(self, event: str) -> list[dict[str, Any]]:
        """The payloads ``spy(event)`` recorded, in the order the client sent them."""
        log = self.tmp / f"spy-{event}.jsonl"
        if not log.exists():
            return []
        return [json.loads(line) for line in log.read_text().splitlines() if line]


def _reply_json(reply: Reply) -> dict[str, Any]:
    return {"text": reply.text, "tool": reply.tool, "arguments": reply.arguments,
            "input_tokens": reply.input_tokens}


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """As pytest's, but kept until the run ends, whatever the test's outcome: a shared
    client run (``SharedRuns``) keeps the world it made in the first test's directory, and
    the other tests read it there."""
    return tmp_path_factory.mktemp(re.sub(r"\W", "_", request.node.name)[:30])


@pytest.fixture(autouse=True)
def _nothing_left_running(tmp_path: Path) -> Iterator[None]:
    """End what a client left behind after its run (Cline's hub daemon outlives it): every
    process whose command line names this test's directory is killed by its PID."""
    yield
    mark = str(tmp_path).encode()
    proc = Path("/proc")
    for entry in proc.iterdir() if proc.is_dir() else ():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            named = mark in (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if named:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(int(entry.name), signal.SIGKILL)


@pytest.fixture(scope="session")
def client_bin() -> Callable[[Client], Path]:
    """Where a client's binary is: each client installed the first time a test needs it
    (``clients.install``), so running one client's tests installs that one alone."""
    installed: dict[str, Path] = {}

    def bin_dir(client: Client) -> Path:
        if client.name not in installed:
            try:
                installed[client.name] = install(client)
            except ClientMissing as exc:
                pytest.fail(str(exc), pytrace=False)
        return installed[client.name]
    return bin_dir


def one_worker(group: str, names: Sequence[str]) -> list[Any]:
    """``names`` for a ``parametrize("world", …)`` list whose tests share one client run
    per client (``shared_run``): each client's tests one xdist group, so ``--dist
    loadgroup`` can run them on one worker (``shared_run`` does not rely on it)."""
    return [pytest.param(name, marks=pytest.mark.xdist_group(f"{group}-{name}"))
            for name in names]


class SharedRuns:
    """Client runs that prove more than one test, made once in a pytest run: the first
    test to ask runs it in its world; the others, in any xdist worker, wait for it and
    read the same world and result.  A run that raises is not kept (the next test tries)."""

    def __init__(self, where: Path) -> None:
        self.where = where
        where.mkdir(parents=True, exist_ok=True)

    def get(self, key: str, world: World, make: Callable[[World], T]) -> tuple[World, T]:
        name = f"{key}-{world.client.name}"
        kept = self.where / f"{name}.pickle"
        with (self.where / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another worker making it: wait for it
            if kept.exists():
                client, bin_dir, repo, home, tmp, value = pickle.loads(kept.read_bytes())
                made = next(c for c in CLIENTS if c.name == client)
                return World(made, Path(bin_dir), Path(repo), Path(home), Path(tmp)), value
            value = make(world)
            kept.write_bytes(pickle.dumps((world.client.name, str(world.bin_dir),
                                           str(world.repo), str(world.home), str(world.tmp),
                                           value)))
            return world, value


@pytest.fixture(scope="session")
def shared_run(tmp_path_factory: pytest.TempPathFactory) -> SharedRuns:
    """The run's ``SharedRuns``, in a directory every xdist worker of this run shares (the
    parent of the workers' own temporary directories)."""
    base = tmp_path_factory.getbasetemp()
    return SharedRuns((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)
                      / "shared-runs")


def named_client(request: pytest.FixtureRequest) -> Client:
    """The client a scenario test names in its ``parametrize`` list: there is no default,
    so the support matrix (``matrix.py``) is exactly the lists the tests give."""
    name = getattr(request, "param", None)
    if name is None:
        pytest.fail(f"{request.node.nodeid} names no client: add @pytest.mark.parametrize("
                    f"{request.fixturename!r}, [NAMES], indirect=True)", pytrace=False)
    return next(c for c in CLIENTS if c.name == name)


@pytest.fixture
def world(request: pytest.FixtureRequest, client_bin: Callable[[Client], Path],
          tmp_path: Path) -> World:
    """A project and a HOME for the client named by the test's ``parametrize`` list."""
    client = named_client(request)
    return make_world(client, client_bin(client), tmp_path)


@pytest.fixture
def mcp_world(request: pytest.FixtureRequest, client_bin: Callable[[Client], Path],
              tmp_path: Path) -> World:
    """A ``world`` whose install added our MCP server (``install --agent A --mcp``)."""
    client = named_client(request)
    return make_world(client, client_bin(client), tmp_path, mcp=True)


def make_world(client: Client, bin_dir: Path, tmp_path: Path, *, mcp: bool = False) -> World:
    repo = tmp_path / "project"
    home = tmp_path / "agent-home"
    repo.mkdir()
    home.mkdir()
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Ada Tester")
    git(repo, "config", "user.email", "ada@example.com")
    (repo / "README.md").write_text("a project\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-q", "-m", "init")
    client.prepare(home, repo)
    world = World(client, bin_dir, repo, home, tmp_path)
    world.ledger("install", "--agent", client.name, *(["--mcp"] if mcp else []))
    return world
