"""The project ledger's restore digest across a pull: a merge commits one rebuilt from its
own entries, a fast-forward takes the other side's, and a lying one is never believed."""

from __future__ import annotations

import shutil

from gitledger.core.ids import entry_path
from gitledger.ledger import digest
from gitledger.ledger.project_index import CACHE_DIR, active_project_decisions
from gitledger.storage.layout import DIGEST_PATH, PROJECT_REF
from tests.builders import put, store_at
from tests.remote_fixtures import Clone, Team


def _cold_decisions(clone: Clone) -> list[str]:
    """The project's active decisions as the first restore after a clone reads them."""
    store = store_at(clone.path)
    shutil.rmtree(store.repo.commondir / CACHE_DIR, ignore_errors=True)
    return sorted(entry.text for entry, _ in active_project_decisions(store).top)


def test_a_merge_rebuilds_the_digest_and_a_fast_forward_brings_a_checked_one(
        team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("decide", "--project", "Redis for the cache", "--because", "speed")
    bob.ok("pull")
    store = store_at(bob.path)
    view = store.tip(PROJECT_REF).view
    assert view is not None
    found = digest.checked(view)
    assert found is not None  # the merge's own, describing the merged entries
    assert found.counts["decided"] == 2
    assert digest.of_view(view) == digest.full(store, view, {}, view.id_of("entries"))
    bob.ok("push")
    alice.ok("pull")  # a fast-forward: Bob's digest, checked before it is used
    assert digest.inspect(store_at(alice.path)).state == "ok"
    assert _cold_decisions(alice) == ["Postgres", "Redis for the cache"]


def test_a_pushed_lying_digest_is_set_aside_by_the_one_who_pulls_it(team: Team) -> None:
    mallory, bob = team.clone("Mallory"), team.clone("Bob")
    mallory.ok("decide", "--project", "Postgres", "--because", "joins")
    hidden = mallory.ok("decide", "--project", "Rotate keys weekly", "--because", "audit")
    store = store_at(mallory.path)
    view = store.tip(PROJECT_REF).view
    assert view is not None
    honest = digest.of_view(view)
    assert honest is not None
    # The digest lists the rotation decision's path with the other decision's blob.
    items = honest.buckets["decided"].top
    (other,) = [item for item in items if item[0] != entry_path(hidden)]
    lie = tuple((item[0], other[1], *item[2:]) if item[0] == entry_path(hidden) else item
                for item in items)
    forged = digest.encode(digest.Digest(honest.entries, {
        **honest.buckets, "decided": digest.Bucket(2, lie)}))
    put(store_at(mallory.path), PROJECT_REF, {DIGEST_PATH: forged})  # no hook: as pushed
    mallory.ok("push")
    bob.ok("pull")
    assert digest.inspect(store_at(bob.path)).state == "mismatched"
    assert _cold_decisions(bob) == ["Postgres", "Rotate keys weekly"]
    found = bob.json("doctor")
    assert "digest-stale" in {f["code"] for f in found["findings"]}
    bob.ok("doctor", "--fix")
    assert digest.inspect(store_at(bob.path)).state == "ok"
