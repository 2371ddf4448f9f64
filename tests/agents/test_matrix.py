"""The support matrix is the suite: what the docs say each client is proven in is what
pytest collects for it, and the records' ``lacks`` never contradict the tests.  Fast, no
node: collection runs no client."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.agents import matrix
from tests.agents.clients import Client, Run
from tests.agents.matrix import NOT_AVAILABLE, PROVEN, UNVERIFIED, Item


@pytest.fixture(scope="module")
def items() -> list[Item]:
    return matrix.collect()


def test_the_docs_hold_the_matrix_the_suite_runs(items: list[Item]) -> None:
    for path, text in matrix.expected(items).items():
        assert path.read_text() == text, (
            f"{path.name} is out of date: run python -m tests.agents.matrix --write")


def test_every_client_test_names_its_scenario_and_the_records_agree(
        items: list[Item]) -> None:
    assert matrix.problems(items) == []
    runs = {(i.scenario, i.client) for i in items if i.client}
    # What the suite runs today, read back: the three clients at start, Claude Code alone
    # through /clear, Gemini CLI's PreCompress standing in for auto-compaction.
    assert {("startup", name) for name in ("claude", "codex", "gemini")} <= runs
    assert ("clear", "claude") in runs
    assert ("clear", "codex") not in runs
    assert any(i.instead and i.client == "gemini" for i in items)


def _client(name: str, **lacks: str) -> Client:
    def prompt(home: Path, text: str, resume: str | None) -> Run:
        return Run(())

    return Client(name, f"@x/{name}", "1.0.0", name, lambda home, repo: None, prompt,
                  lacks={k.replace("_", "-"): v for k, v in lacks.items()}, title=name.upper())


def test_a_cell_is_proven_only_when_every_test_of_its_scenario_runs_for_the_client() -> None:
    one, two = _client("one"), _client("two", manual_compact="no slash commands")
    items = [Item("t.py::test_stop_blocks", "stop", "one", False),
             Item("t.py::test_stop_lets_go", "stop", "one", False),
             Item("t.py::test_stop_lets_go", "stop", "two", False),
             Item("t.py::test_fallback", "manual-compact", "two", True)]
    cells = matrix.cells(items, [one, two])
    assert cells["stop", "one"].state == PROVEN
    assert cells["stop", "two"] == matrix.Cell(UNVERIFIED, "test_stop_blocks")
    assert cells["manual-compact", "one"].state == UNVERIFIED
    assert cells["manual-compact", "two"] == matrix.Cell(NOT_AVAILABLE, "no slash commands",
                                                         instead=True)
    assert cells["startup", "two"].state == UNVERIFIED
    table = matrix.render(items, [one, two])
    assert "| Scenario | ONE 1.0.0 | TWO 1.0.0 |" in table
    assert "TWO, manual-compact: no slash commands (what the ledger does instead is proven)" \
        in table
    assert "TWO 1.0.0: 0 of 13 (1 not available)" in matrix.summary(items, [one, two])


def test_a_disagreement_between_tests_and_records_is_named() -> None:
    lacking = _client("one", stop="no stop event")
    found = matrix.problems([
        Item("t.py::test_untagged", None, "one", False),
        Item("t.py::test_unnamed_client", "startup", "", False),
        Item("t.py::test_typo", "strat", "one", False),
        Item("t.py::test_stranger", "startup", "nobody", False),
        Item("t.py::test_stop", "stop", "one", False),
        Item("t.py::test_fallback", "clear", "one", True),
        Item("t.py::test_no_client", None, None, False),
    ], [lacking])
    assert [line.split(" ", 1)[0] for line in found] == [
        "t.py::test_untagged", "t.py::test_unnamed_client", "t.py::test_typo:",
        "t.py::test_stranger:", "client", "client"]
    assert any("lacks 'stop' (no stop event) yet runs its tests" in line for line in found)
    assert any("fallback of 'clear'" in line for line in found)


def test_a_record_lacking_an_unknown_scenario_is_named() -> None:
    assert matrix.problems([], [_client("one", compaction="1.2 has none")]) == [
        "client one: lacks unknown scenario 'compaction'"]


def test_the_docs_without_markers_are_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="no support-matrix markers"):
        matrix.replace_block("# no matrix here\n", "x", tmp_path / "doc.md")
