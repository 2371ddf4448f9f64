"""The suite's parallel runner does what ``pyproject.toml`` says: with ``--dist loadgroup``
the tests of one ``xdist_group`` (a costly module fixture) share one worker."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import conftest

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


def _statvfs(flags: int, free_bytes: int) -> os.statvfs_result:
    # f_bsize, f_frsize, f_blocks, f_bfree, f_bavail, f_files, f_ffree, f_favail, f_flag,
    # f_namemax
    return os.statvfs_result((4096, 4096, 1 << 22, free_bytes // 4096, free_bytes // 4096,
                              1 << 20, 1 << 20, 1 << 20, flags, 255))


def test_the_temporary_directories_go_to_memory_only_where_hooks_run_and_there_is_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    roomy, tight = conftest.RAM_TEMPROOT_ROOM * 2, conftest.RAM_TEMPROOT_ROOM // 2
    monkeypatch.setattr(os, "statvfs", lambda _: _statvfs(0, roomy))
    assert conftest.ram_temproot(tmp_path) == str(tmp_path)
    monkeypatch.setattr(os, "statvfs", lambda _: _statvfs(os.ST_NOEXEC, roomy))
    assert conftest.ram_temproot(tmp_path) is None
    monkeypatch.setattr(os, "statvfs", lambda _: _statvfs(0, tight))
    assert conftest.ram_temproot(tmp_path) is None
    assert conftest.ram_temproot(tmp_path / "absent") is None


def test_this_run_keeps_its_trees_where_it_chose(tmp_path: Path) -> None:
    chosen = os.environ.get(conftest.CHOSEN_TEMPROOT)
    if chosen is None:
        pytest.skip("this run keeps its temporary directories where pytest puts them")
    assert tmp_path.resolve().is_relative_to(Path(chosen).resolve()), (tmp_path, chosen)
