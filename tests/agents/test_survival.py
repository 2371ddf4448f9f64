"""The survival benchmark at CI size, in every client the suite makes compact: what an agent
recorded comes back after real automatic compactions (``survival.py``; the full table is
``benchmarks/run --only survival``).

One session per client serves both tests: its first two compactions come at the small size,
its last past the block's budget (``survival.grown``).  A client's session is the longest
run of the suite, so it runs once, kept for the run (``conftest.SharedRuns``).
"""

from __future__ import annotations

import pytest

from tests.agents import survival
from tests.agents.conftest import SharedRuns, World, one_worker

pytestmark = pytest.mark.slow

#: Every client the suite makes compact (``clients.FULL_CONTEXT``): a client added there is
#: measured here, and proven in the support matrix, by itself.  Each client's tests are
#: one xdist group: they share its session.
CLIENT_NAMES = one_worker("survival", [c.name for c in survival.compacting_clients()])
#: The small size: 24 items, all of which come back after each of two compactions.
SMALL = survival.plan(15, 3, 2)
#: Then 45 decisions more (60 in all) before a third compaction: past the budget.
PLAN = survival.grown(SMALL, 45)

def _session(world: World) -> survival.Outcome:
    # (the hook's time is the benchmark's figure, not asserted here: timed once)
    return survival.run_session(survival.surround(world), PLAN, timeout=400, hook_runs=1)


@pytest.fixture
def outcome(world: World, shared_run: SharedRuns) -> survival.Outcome:
    """The client's one survival session (run by whichever of its tests comes first),
    checked as every compaction of it must be."""
    _, out = shared_run.get("survival", world, _session)
    report = "\n".join(survival.summary(out))
    assert not out.problems, report
    assert len(out.compactions) == PLAN.compactions, report
    for after in out.compactions:
        assert after.task, report
        assert after.next, report
        assert after.unlabelled == [], report
    return out


@pytest.mark.scenario("survival")
@pytest.mark.parametrize("world", CLIENT_NAMES, indirect=True)
def test_every_item_comes_back_after_each_compaction_at_a_small_size(
        outcome: survival.Outcome) -> None:
    assert SMALL.size == 24
    assert outcome.plan.items[:SMALL.size] == SMALL.items
    for after in outcome.compactions[:SMALL.compactions]:
        assert after.share() == 100.0, "\n".join(survival.summary(outcome))
        assert not after.clipped


@pytest.mark.scenario("survival")
@pytest.mark.parametrize("world", CLIENT_NAMES, indirect=True)
def test_past_the_cap_the_block_keeps_what_the_work_at_hand_needs(
        outcome: survival.Outcome) -> None:
    report = "\n".join(survival.summary(outcome))
    after = outcome.compactions[-1]
    assert after.clipped.get("decided"), report  # past the cap: the test is about choosing
    assert after.share(("dropped", "open", "verified")) == 100.0, report
    # The early decisions that govern files the branch committed and the session edited.
    assert after.governing == after.governing_recorded == survival.GOVERNING, report
    assert after.named, report
    assert after.reachable, report
