"""The survival benchmark at CI size, in every client the suite makes compact: what an agent
recorded comes back after real automatic compactions (``survival.py``; the full table is
``benchmarks/run --only survival``)."""

from __future__ import annotations

import pytest

from tests.agents import survival
from tests.agents.conftest import World

pytestmark = pytest.mark.slow

#: Every client the suite makes compact (``clients.FULL_CONTEXT``): a client added there is
#: measured here, and proven in the support matrix, by itself.
CLIENT_NAMES = [c.name for c in survival.compacting_clients()]


def _session(world: World, the_plan: survival.Plan) -> survival.Outcome:
    out = survival.run_session(survival.surround(world), the_plan, timeout=400)
    report = "\n".join(survival.summary(out))
    assert not out.problems, report
    assert len(out.compactions) == the_plan.compactions, report
    for after in out.compactions:
        assert after.task, report
        assert after.next, report
        assert after.unlabelled == [], report
    return out


@pytest.mark.scenario("survival")
@pytest.mark.parametrize("world", CLIENT_NAMES, indirect=True)
def test_every_item_comes_back_after_each_compaction_at_a_small_size(world: World) -> None:
    out = _session(world, survival.plan(15, 3, 2))
    assert out.plan.size == 24
    for after in out.compactions:
        assert after.share() == 100.0, "\n".join(survival.summary(out))
        assert not after.clipped


@pytest.mark.scenario("survival")
@pytest.mark.parametrize("world", CLIENT_NAMES, indirect=True)
def test_past_the_cap_the_block_keeps_what_the_work_at_hand_needs(world: World) -> None:
    out = _session(world, survival.plan(110, 3, 1))
    report = "\n".join(survival.summary(out))
    (after,) = out.compactions
    assert after.clipped.get("decided"), report  # past the cap: the test is about choosing
    assert after.share(("dropped", "open", "verified")) == 100.0, report
    # The early decisions that govern files the branch committed and the session edited.
    assert after.governing == after.governing_recorded == survival.GOVERNING, report
    assert after.named, report
    assert after.reachable, report
