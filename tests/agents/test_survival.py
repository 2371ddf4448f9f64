"""The survival benchmark at CI size, in every client the suite makes compact: what an agent
recorded comes back after real automatic compactions (``survival.py``; the full table is
``benchmarks/run --only survival``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.agents import survival
from tests.agents.clients import BY_NAME

pytestmark = pytest.mark.slow

CLIENT_NAMES = [c.name for c in survival.compacting_clients()]


def _session(name: str, client_bin: Path, tmp_path: Path,
             the_plan: survival.Plan) -> survival.Outcome:
    world = survival.prepare(BY_NAME[name], client_bin, tmp_path)
    out = survival.run_session(world, the_plan, timeout=400)
    report = "\n".join(survival.summary(out))
    assert not out.problems, report
    assert len(out.compactions) == the_plan.compactions, report
    for after in out.compactions:
        assert after.task, report
        assert after.next, report
        assert after.unlabelled == [], report
    return out


@pytest.mark.parametrize("name", CLIENT_NAMES)
def test_every_item_comes_back_after_each_compaction_at_a_small_size(
        name: str, client_bin: Path, tmp_path: Path) -> None:
    out = _session(name, client_bin, tmp_path, survival.plan(15, 3, 2))
    assert out.plan.size == 24
    for after in out.compactions:
        assert after.share() == 100.0, "\n".join(survival.summary(out))
        assert not after.clipped


@pytest.mark.parametrize("name", CLIENT_NAMES)
def test_past_the_cap_the_block_keeps_what_the_work_at_hand_needs(
        name: str, client_bin: Path, tmp_path: Path) -> None:
    out = _session(name, client_bin, tmp_path, survival.plan(110, 3, 1))
    report = "\n".join(survival.summary(out))
    (after,) = out.compactions
    assert after.clipped.get("decided"), report  # past the cap: the test is about choosing
    assert after.share(("dropped", "open", "verified")) == 100.0, report
    # The early decisions that govern files the branch committed and the session edited.
    assert after.governing == after.governing_recorded == survival.GOVERNING, report
    assert after.named, report
    assert after.reachable, report
