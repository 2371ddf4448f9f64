"""What every benchmark here sets up the same way: a hermetic environment, temporary
repositories, the installed ``git-ledger`` script, timed child processes, and the
formatting of figures.

Imported by the benchmark scripts beside it (``benchmarks/*.py`` are run as scripts, so
this directory is on ``sys.path``); it prints nothing by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygit2
from pygit2.enums import ConfigLevel

IDENTITY = {
    "GIT_AUTHOR_NAME": "Bench Mark",
    "GIT_AUTHOR_EMAIL": "bench@example.com",
    "GIT_COMMITTER_NAME": "Bench Mark",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_TERMINAL_PROMPT": "0",
    "LC_ALL": "C.UTF-8",
}
UNSET = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_LEDGER_SESSION_ID",
         "GIT_CONFIG_GLOBAL", "GIT_CONFIG", "GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE")


def hermetic(home: Path) -> dict[str, str]:
    """Make this process and every child hermetic; return the children's environment."""
    for sub in (".config", ".cache"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    os.environ.update(IDENTITY)
    os.environ["HOME"] = str(home)
    os.environ["XDG_CONFIG_HOME"] = str(home / ".config")
    os.environ["XDG_CACHE_HOME"] = str(home / ".cache")
    for key in UNSET:
        os.environ.pop(key, None)
    # pygit2 read HOME when it was imported; point its config search path at ours.
    paths = pygit2.settings.search_path
    paths[ConfigLevel.GLOBAL] = str(home)
    paths[ConfigLevel.XDG] = str(home / ".config")
    paths[ConfigLevel.SYSTEM] = str(home / "no-system")
    env = dict(os.environ)
    scripts = str(Path(sys.executable).parent)
    env["PATH"] = f"{scripts}{os.pathsep}{env.get('PATH', '')}"
    return env


def with_bytecode(env: dict[str, str], cache: Path) -> dict[str, str]:
    """``env`` with Python's bytecode cache on, kept under ``cache`` (not the source tree).

    An installed package runs from cached bytecode; a shell with PYTHONDONTWRITEBYTECODE
    set would otherwise recompile gitledger's modules (never pygit2's, which ship
    compiled) in every process and make the comparison unfair to us.
    """
    out = dict(env)
    out.pop("PYTHONDONTWRITEBYTECODE", None)
    out["PYTHONPYCACHEPREFIX"] = str(cache)
    return out


def smallest_option(parser: argparse.ArgumentParser) -> None:
    """``--smallest``: what tests/benchmarks/test_run.py runs (``benchmarks/run --smallest``).
    Every step once (no warm-up, one sample of each floor, each repository built once),
    every row recorded; the figures mean nothing."""
    parser.add_argument("--smallest", action="store_true",
                        help="every step once, no repeats or warm-up: does the script still "
                             "run and record its rows? (the figures mean nothing)")


def new_repo(path: Path, env: dict[str, str], *, first_commit: bool = True) -> Path:
    """``git init`` at ``path`` (branch main), with one commit of a README unless told not."""
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], env=env, check=True)
    if first_commit:
        (path / "README").write_text("bench\n", encoding="utf-8")
        subprocess.run(["git", "-C", str(path), "add", "README"], env=env, check=True)
        subprocess.run(["git", "-C", str(path), "commit", "-q", "-m", "first"], env=env,
                       check=True)
    return path


def git_ledger_script() -> str:
    beside = Path(sys.executable).parent / "git-ledger"
    if beside.exists():
        return str(beside)
    found = shutil.which("git-ledger")
    if found is None:
        sys.exit("git-ledger is not installed (pip install -e . in this environment)")
    return found


class Timings:
    """Wall and CPU (user + system) seconds of repeated runs of one command."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def run(self, command: Sequence[str], cwd: Path, env: dict[str, str],
            before: Callable[[], None] | None = None) -> None:
        if before is not None:
            before()
        elapsed, cpu = timed(command, cwd, env)
        self.wall.append(elapsed)
        self.cpu.append(cpu)

    def median(self) -> float:
        return statistics.median(self.wall)

    def line(self, floor: Timings | None = None) -> str:
        text = (f"  {self.label:<44} {ms(self.median()):>10} wall "
                f"(min {ms(min(self.wall))}), {ms(statistics.median(self.cpu))} CPU")
        if floor is not None:
            text += f"  = {self.ratio(floor):.2f}x"
        return text

    def ratio(self, floor: Timings) -> float:
        return self.median() / floor.median()


def timed(command: Sequence[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run ``command``; its wall time and the CPU time it used, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(list(command), cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


#: Realistic decision texts and rejected alternatives for the benchmarks' ledgers.
DECISION_TEXTS = ("keep the token verifier behind one cache per client",
                  "move the retry policy into the shared HTTP client",
                  "store the audit trail in an append-only table",
                  "serve the public API through the gateway only",
                  "batch the outbound webhooks every five seconds",
                  "use one connection pool per worker process")
ALTERNATIVES = ("a global cache", "a sidecar proxy", "a cron job", "per-request setup",
                "an in-memory queue", "a feature flag")


@dataclass(frozen=True)
class Workspace:
    """A throwaway directory with a hermetic environment, and how to run git ledger."""

    root: Path
    env: dict[str, str]
    #: ``env`` plus a bytecode cache of its own, for the processes that are measured.
    proc_env: dict[str, str]
    script: str


@contextlib.contextmanager
def workspace(tmpdir: str | None, keep: str | None = None) -> Iterator[Workspace]:
    """The directory every benchmark works in, removed afterwards (unless it is ``keep``,
    created if need be and left in place for the next run); output is line-buffered so
    that progress shows as it happens."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    if keep is not None:
        root = Path(keep).resolve()
        root.mkdir(parents=True, exist_ok=True)
        env = hermetic(root / "home")
        yield Workspace(root, env, with_bytecode(env, root / "pycache"), git_ledger_script())
        return
    with tempfile.TemporaryDirectory(prefix="gitledger-bench-", dir=tmpdir) as tmp:
        root = Path(tmp)
        env = hermetic(root / "home")
        yield Workspace(root, env, with_bytecode(env, root / "pycache"), git_ledger_script())


def versions() -> str:
    """The versions every figure depends on, in one line."""
    import importlib.metadata
    import platform

    git_version = subprocess.run(["git", "--version"], capture_output=True, text=True,
                                 check=False).stdout.strip()
    return (f"python {platform.python_version()}, pygit2 "
            f"{importlib.metadata.version('pygit2')}, libgit2 {pygit2.LIBGIT2_VERSION}, "
            f"{git_version}")


def banner(title: str, root: Path) -> None:
    """The first lines of every report: what ran, on what, and where."""
    print(title)
    print(f"  {versions()}")
    print(f"  {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}, "
          f"repositories in {root}")


class RawLedgerWrites:
    """The storage floor of one ledger write, for comparison in the same run: what any
    commit-per-event store in git must do, done directly with pygit2 and nothing else.

    Each ``write`` adds one entry blob at ``entries/<ab>/<cd>/<id>.toml`` and rewrites a
    ``state.toml`` blob (so the root, ``entries`` and both fan-out trees are rewritten, on
    top of the previous tree, as a ledger append does), then one commit, and moves the
    ref under its lock in a transaction: the objects and the ref a ``decide`` of ledger
    format 1 wrote, without the ledger's reading, checking, encoding and warnings.  (A
    format 2 append writes one object fewer, no ``state.toml``: the floor is kept as it
    was, so the figures before and after compare.)
    """

    REF = "refs/raw/ledger"

    def __init__(self, path: Path) -> None:
        self.git = pygit2.init_repository(str(path), bare=True)
        self.signature = pygit2.Signature("Bench Mark", "bench@example.com")
        self.tip: pygit2.Oid | None = None
        self.count = 0

    def write(self) -> float:
        """One write; its cost in seconds."""
        start = time.perf_counter()
        self.count += 1
        name = f"{self.count:08x}{os.urandom(4).hex()}"
        entry = self.git.create_blob(f'id = "{name}"\ntext = "decision {self.count}"\n')
        state = self.git.create_blob(f"seq = {self.count}\n")
        base = self.git[self.tip].tree if self.tip is not None else None
        entries = base["entries"] if base is not None else None
        root = self.git.TreeBuilder(base) if base is not None else self.git.TreeBuilder()
        root.insert("entries", self._insert(entries, [name[:2], name[2:4]],  # type: ignore[arg-type]
                                            f"{name}.toml", entry), pygit2.enums.FileMode.TREE)
        root.insert("state.toml", state, pygit2.enums.FileMode.BLOB)
        commit = self.git.create_commit(None, self.signature, self.signature,
                                        f"add {name}", root.write(),
                                        [self.tip] if self.tip is not None else [])
        with self.git.transaction() as txn:
            txn.lock_ref(self.REF)
            txn.set_target(self.REF, commit, message="add")
        self.tip = commit
        return time.perf_counter() - start

    def _insert(self, base: pygit2.Tree | None, folders: list[str], name: str,
                blob: pygit2.Oid) -> pygit2.Oid:
        builder = self.git.TreeBuilder(base) if base is not None else self.git.TreeBuilder()
        if folders:
            sub = base[folders[0]] if base is not None and folders[0] in base else None
            builder.insert(folders[0], self._insert(sub, folders[1:], name, blob),  # type: ignore[arg-type]
                           pygit2.enums.FileMode.TREE)
        else:
            builder.insert(name, blob, pygit2.enums.FileMode.BLOB)
        return builder.write()


#: The file ``benchmarks/run`` collects every script's headline figures in (JSON lines).
ROWS_ENV = "GITLEDGER_BENCH_ROWS"


def record(section: str, label: str, value: float, *, unit: str = "s",
           against: str | None = None, ratio: float | None = None, note: str = "") -> None:
    """One headline figure for ``benchmarks/run``'s table; nothing when run alone."""
    import json

    target = os.environ.get(ROWS_ENV)
    if not target:
        return
    row = {"section": section, "label": label, "value": value, "unit": unit,
           "against": against, "ratio": ratio, "note": note}
    with open(target, "a", encoding="utf-8") as out:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")


def progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def verdict(ok: bool) -> str:
    return "yes" if ok else "NO"
