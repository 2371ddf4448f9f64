"""Shared pieces of the reliability suite: its scale, the library writer run as a separate
process, and the checks every scenario ends with.

The scale comes from the environment variable ``GITLEDGER_RELIABILITY_SCALE``:

* unset, empty or ``ci`` (the default): bounded sizes, so that ``tests/reliability/``
  runs in well under a minute on two CPUs;
* ``full``: the sizes issue 10 names (8 processes x 250 appends, 200 crash trials).

Any other value is a usage error, not silently the default.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from tests.conftest import git


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The whole reliability suite is ``slow``: ``pytest -m "not slow"`` leaves it out."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.slow)


SCALE_ENV = "GITLEDGER_RELIABILITY_SCALE"
SCALES = ("ci", "full")


def scale() -> str:
    """``ci`` or ``full``, from ``GITLEDGER_RELIABILITY_SCALE``."""
    value = os.environ.get(SCALE_ENV, "").strip().lower() or "ci"
    if value not in SCALES:
        raise pytest.UsageError(f"{SCALE_ENV}={value!r}: expected one of {', '.join(SCALES)}")
    return value


def sized(ci: int, full: int) -> int:
    """``ci`` at the default scale, ``full`` with ``GITLEDGER_RELIABILITY_SCALE=full``."""
    return full if scale() == "full" else ci


# A writer process that calls the library: ``python -c WRITER PATH TAG COUNT GO EVERY STOP``.
# It waits until the file GO exists (when GO is not empty), so that several writers start
# together, then makes COUNT decisions (COUNT < 0: until the file STOP exists); every
# EVERY-th one (EVERY > 0) goes to the project ledger.  Each id is printed, flushed, only
# once its write returned: a printed id is an acknowledged write.  pygit2's config search
# path is pointed at HOME before any repository is opened, as the hermetic fixture does for
# the test process.
WRITER = r"""
import os, sys, time
from pathlib import Path
import pygit2
from pygit2.enums import ConfigLevel
home = os.environ["HOME"]
pygit2.settings.search_path[ConfigLevel.GLOBAL] = home
pygit2.settings.search_path[ConfigLevel.XDG] = str(Path(home) / ".config")
pygit2.settings.search_path[ConfigLevel.SYSTEM] = str(Path(home) / "no-system")
from gitledger.ledger.operations import Ledger
path, tag, go = sys.argv[1], sys.argv[2], sys.argv[4]
count, every, stop = int(sys.argv[3]), int(sys.argv[5]), sys.argv[6]
while go and not Path(go).exists():
    time.sleep(0.002)
i = 0
while i < count if count >= 0 else not Path(stop).exists():
    project = every > 0 and i % every == every - 1
    result = Ledger.open(path, project=project).decide(
        f"{tag} decision {i}", over=[f"{tag} alternative {i}"], because="reliability")
    assert result.entry is not None
    print(("P " if project else "S ") + result.entry.id, flush=True)
    i += 1
"""


def start_writer(where: Path, env: dict[str, str], tag: str, count: int, *,
                 go: Path | None = None, project_every: int = 0, stop: Path | None = None,
                 new_session: bool = False) -> subprocess.Popen[str]:
    """Start one library writer process (see ``WRITER``); ``stop`` instead of a count
    makes it write until that file exists."""
    if stop is not None:
        count = -1
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(where), tag, str(count),
         str(go) if go is not None else "", str(project_every), str(stop or "")],
        cwd=where, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=new_session,
    )


def written_ids(stdout: str) -> tuple[list[str], list[str]]:
    """(session ids, project ids) a writer acknowledged, from its complete output lines."""
    session: list[str] = []
    project: list[str] = []
    for line in stdout.splitlines(keepends=True):
        if not line.endswith("\n"):
            continue  # cut short by a kill: not acknowledged
        where, _, entry_id = line.strip().partition(" ")
        (project if where == "P" else session).append(entry_id)
    return session, project


def invoke(where: Path, *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process in ``where``: (exit code, stdout, stderr)."""
    result = CliRunner().invoke(cli, ["-C", str(where), *args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def show(where: Path, *args: str) -> dict[str, Any]:
    """``git ledger show --json`` (plus ``args``); it must succeed and read every entry."""
    import json

    code, out, err = invoke(where, "show", "--json", *args)
    assert code == 0, (args, out, err)
    data: dict[str, Any] = json.loads(out)
    assert data["errors"] == [], data["errors"]
    return data


def entry_ids(data: dict[str, Any]) -> list[str]:
    return [str(entry["id"]) for entry in data["entries"]]


def parent_counts(where: Path, ref: str) -> list[int]:
    """How many parents each commit reachable from ``ref`` has."""
    lines = git(where, "rev-list", "--parents", ref).splitlines()
    return [len(line.split()) - 1 for line in lines]


def assert_linear(where: Path, ref: str) -> None:
    """Every commit of ``ref`` has at most one parent, and there is exactly one root."""
    counts = parent_counts(where, ref)
    assert all(count <= 1 for count in counts), f"{ref} has a merge: {counts}"
    assert counts.count(0) == 1, f"{ref} has {counts.count(0)} roots"


def fsck(where: Path) -> None:
    """``git fsck --strict`` is clean: exit 0, and no error, warning or broken object."""
    done = subprocess.run(["git", "fsck", "--strict", "--no-dangling", "--no-progress"],
                          cwd=where, capture_output=True, text=True, check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    for word in ("error", "warning", "missing", "broken", "corrupt", "bad"):
        assert word not in said.lower(), said
