"""The supersedes graph's layout (issue 22): a node per decision, placed once, beside what
it superseded; a branch below its sibling; a loop (only a hand-edited ledger holds one)
drawn, not followed forever."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from gitledger.core.model import Entry
from gitledger.web.graph import supersedes_svg
from gitledger.web.model import SiteEntry

START = datetime(2026, 12, 1, tzinfo=UTC)


def _decision(n: int, supersedes: str | None = None) -> SiteEntry:
    entry = Entry(id=f"d-{n}", kind="decided", text=f"decision {n}", seq=n,
                  created=START + timedelta(minutes=n), author="A <a@x>", status="accepted",
                  scope="s", supersedes=supersedes)
    return SiteEntry(entry, "refs/ledger/project", "project", "A", f"project--d-{n}")


def _places(svg: str) -> dict[str, tuple[int, int]]:
    found = re.findall(r'data-id="([^"]+)"><title>[^<]*</title><rect x="(\d+)" y="(\d+)"', svg)
    return {node: (int(x), int(y)) for node, x, y in found}


def _edges(svg: str) -> list[tuple[str, str]]:
    return re.findall(r'data-from="([^"]+)" data-to="([^"]+)"', svg)


def test_a_chain_runs_left_to_right_on_one_row() -> None:
    chain = [_decision(1), _decision(2, "d-1"), _decision(3, "d-2")]
    places = _places(str(supersedes_svg(chain, lambda i: "#")))
    assert len({y for _, y in places.values()}) == 1
    assert places["d-1"][0] < places["d-2"][0] < places["d-3"][0]


def test_a_branch_goes_below_and_its_child_stays_on_its_row() -> None:
    nodes = [_decision(1), _decision(2, "d-1"), _decision(3, "d-1"), _decision(4, "d-3"),
             _decision(5)]
    svg = str(supersedes_svg(nodes, lambda i: "#"))
    places = _places(svg)
    assert len(places) == 5
    assert len(set(places.values())) == 5  # no two nodes in one place
    assert places["d-2"][1] == places["d-1"][1]
    assert places["d-3"][1] > places["d-1"][1]
    assert places["d-4"][1] == places["d-3"][1]  # beside its parent, not its uncle
    assert sorted(_edges(svg)) == [("d-1", "d-2"), ("d-1", "d-3"), ("d-3", "d-4")]


def test_a_loop_or_a_decision_superseding_itself_is_drawn_once() -> None:
    loop = [_decision(1, "d-2"), _decision(2, "d-1"), replace(_decision(3), entry=replace(
        _decision(3).entry, supersedes="d-3"))]
    svg = str(supersedes_svg(loop, lambda i: "#"))
    places = _places(svg)
    assert sorted(places) == ["d-1", "d-2", "d-3"]
    assert len(set(places.values())) == 3
    assert ("d-3", "d-3") not in _edges(svg)
