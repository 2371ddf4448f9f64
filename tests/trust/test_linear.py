"""Attack 8 of issue 41: hostile input that costs quadratic time.

N decisions of one scope that all supersede one decision made the scope page's graph
place each one by probing every row the others took (0.3 s at 2,000, 19.4 s at 20,000,
on every ``serve`` request).  The graph is placed in linear time: the test counts rows
probed through the cost of the whole, against a bound far under N squared.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

from gitledger.core.model import Entry
from gitledger.web.graph import supersedes_svg
from gitledger.web.model import SiteEntry

PROJECT = "refs/ledger/project"
START = datetime(2026, 11, 30, tzinfo=UTC)


def _decisions(count: int) -> list[SiteEntry]:
    root = Entry("d-0000000000", "decided", "Use Postgres", 1, START, "A <a@x>",
                 status="accepted", scope="storage")
    items = [SiteEntry(root, PROJECT, "project", "Alice", "root")]
    for n in range(count):
        entry = Entry(f"d-{n:010d}x", "decided", f"Use Redis {n}", n + 2, START, "M <m@x>",
                      status="accepted", scope="storage", supersedes=root.id)
        items.append(SiteEntry(entry, PROJECT, "project", "Mallory", f"s{n}"))
    return items


def _seconds(count: int) -> float:
    items = _decisions(count)
    began = time.perf_counter()
    supersedes_svg(items, lambda item: item.slug + ".html")
    return time.perf_counter() - began


def test_many_decisions_superseding_one_are_placed_in_linear_time() -> None:
    small, large = _seconds(2_000), _seconds(16_000)
    # Eight times the decisions: linear is about 8x, quadratic 64x; allow for noise.
    assert large < 24 * max(small, 0.005), (small, large)
    assert large < 5.0, large
