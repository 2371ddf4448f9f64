"""Every benchmark ``benchmarks/run`` lists runs, at the smallest sizes it takes, and
records its rows for the table: a script that breaks fails here, not in the next run of
the whole set (which takes an hour and is run seldom).  No figure is judged here."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.agents import clients
from tests.integrations import managers

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
#: One script at its smallest, the first install of the hook managers or peers included.
TIMEOUT = 900


def _run_all() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_all", BENCHMARKS / "run_all.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUN_ALL = _run_all()
LISTED = [name for name, _, _ in (*RUN_ALL.SUITE, *RUN_ALL.ON_REQUEST)]
#: Seconds or less at their smallest; the others take half a minute to four (a
#: repository to build, peers to install), together far over the inner loop's share.
QUICK = {"credentials", "hostile"}


def _env(cli_env: dict[str, str], tmp_path: Path, rows: Path) -> dict[str, str]:
    # The hook managers' and the agent clients' caches as the suite's own tests use them
    # (read before HOME moved).
    return {**cli_env, "TMPDIR": str(tmp_path), "GITLEDGER_BENCH_ROWS": str(rows),
            "GITLEDGER_MANAGER_CACHE": str(managers.CACHE_ROOT),
            "GITLEDGER_AGENT_CACHE": str(clients.CACHE_ROOT)}


def test_every_listed_benchmark_has_its_smallest_sizes() -> None:
    assert LISTED
    assert sorted(RUN_ALL.SMALLEST) == sorted(LISTED)
    for name in LISTED:
        assert (BENCHMARKS / f"{name}.py").is_file(), name


@pytest.mark.parametrize("name", [name if name in QUICK else pytest.param(
    name, marks=pytest.mark.slow) for name in LISTED])
def test_the_benchmark_runs_at_its_smallest_and_records_its_rows(
        name: str, tmp_path: Path, cli_env: dict[str, str]) -> None:
    rows = tmp_path / "rows.jsonl"
    rows.touch()
    done = subprocess.run([sys.executable, str(BENCHMARKS / f"{name}.py"),
                           *RUN_ALL.SMALLEST[name]], env=_env(cli_env, tmp_path, rows),
                          cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT,
                          check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"{name}: {done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    recorded = [json.loads(line) for line in rows.read_text().splitlines() if line]
    assert recorded, f"{name} recorded no row for the table:\n{done.stdout[-3000:]}"
    for row in recorded:
        assert row["section"]
        assert row["label"]
        assert math.isfinite(float(row["value"])), row


def test_the_runner_prints_the_table_and_exits_0(tmp_path: Path,
                                                cli_env: dict[str, str]) -> None:
    # The runner is what is tested: the quickest script at its smallest feeds it.
    done = subprocess.run([str(BENCHMARKS / "run"), "--smallest", "--only", "hostile"],
                          env={**cli_env, "TMPDIR": str(tmp_path), "PYTHON": sys.executable},
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    table = done.stdout.splitlines()
    assert table[0].split(" | ")[0].strip() == "section"
    assert any(line.startswith("hostile ") for line in table[2:])
    assert "FAILED" not in done.stdout



def test_write_docs_puts_one_dated_run_between_the_markers(tmp_path: Path,
                                                          cli_env: dict[str, str]) -> None:
    page = tmp_path / "benchmarks.md"
    page.write_text(f"# Before\n\n{RUN_ALL.BEGIN}\n\n| an old | table |\n\n{RUN_ALL.END}\n"
                    "\nAfter.\n", encoding="utf-8")
    done = subprocess.run([str(BENCHMARKS / "run"), "--smallest", "--only", "hostile",
                           "--write-docs", str(page)],
                          env={**cli_env, "TMPDIR": str(tmp_path), "PYTHON": sys.executable},
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Before\n")
    assert text.endswith("\nAfter.\n")
    block = text[text.index(RUN_ALL.BEGIN):text.index(RUN_ALL.END)]
    assert "an old" not in block
    assert "Measured " in block
    assert " CPUs (" in block
    assert "pygit2 " in block
    assert "| hostile | " in block


def test_write_docs_refuses_a_page_without_markers(tmp_path: Path) -> None:
    page = tmp_path / "benchmarks.md"
    page.write_text("# No markers\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(BENCHMARKS / "run_all.py"), "--only",
                           "credentials", "--write-docs", str(page)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "marker" in done.stderr.splitlines()[-1]
    assert page.read_text(encoding="utf-8") == "# No markers\n"


def test_the_docs_hold_the_markers_the_runner_writes_between() -> None:
    text = RUN_ALL.DOCS.read_text(encoding="utf-8")
    assert text.count(RUN_ALL.BEGIN) == 1
    assert text.count(RUN_ALL.END) == 1
    assert text.index(RUN_ALL.BEGIN) < text.index(RUN_ALL.END)
