"""The suite's parallel runner does what ``pyproject.toml`` says: with ``--dist loadgroup``
the tests of one ``xdist_group`` (a costly module fixture) share one worker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

GROUPED = '''
import os
import pytest

@pytest.mark.xdist_group("one")
@pytest.mark.parametrize("n", range(8))
def test_grouped(n, tmp_path_factory):
    with open(os.environ["WORKERS_LOG"], "a") as log:
        log.write(os.environ.get("PYTEST_XDIST_WORKER", "none") + "\\n")
'''


def test_one_xdist_group_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    log = tmp_path / "workers.log"
    # --basetemp: its own temporary directories, so that it never spends minutes removing
    # the old runs' trees under /tmp/pytest-of-<user>, as pytest does keeping the last three.
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist",
                           "loadgroup", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "--basetemp", str(tmp_path / "basetemp"), "test_grouped.py"],
                          cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, check=False, env={"WORKERS_LOG": str(log),
                                                         "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stdout + done.stderr
    workers = log.read_text().split()
    assert len(workers) == 8
    assert len(set(workers)) == 1, f"one group ran on {sorted(set(workers))}"
