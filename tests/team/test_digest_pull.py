"""The project ledger's restore digest across a pull: derived data never travels, and a
digest found in a pulled tree is never believed (issue 41: a teammate's forged digest hid
another teammate's decisions from everyone's restore)."""

from __future__ import annotations

import json
import shutil

from gitledger.core.codec import decode_entry_or_none
from gitledger.core.ids import entry_path
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger import digest
from gitledger.ledger.project_index import active_project_decisions
from gitledger.storage.layout import DIGEST_PATH, PROJECT_REF
from tests.builders import store_at
from tests.remote_fixtures import Clone, Team, put_blob


def _cold_decisions(clone: Clone) -> list[str]:
    """The project's active decisions as the first restore after a clone reads them."""
    store = store_at(clone.path)
    shutil.rmtree(store.repo.commondir / CACHE_DIR, ignore_errors=True)
    return sorted(entry.text for entry, _ in active_project_decisions(store).top)


def test_a_merge_keeps_a_local_digest_and_pushes_none(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("decide", "--project", "Redis for the cache", "--because", "speed")
    bob.ok("pull")
    store = store_at(bob.path)
    view = store.tip(PROJECT_REF).view
    assert view is not None
    assert not view.has(DIGEST_PATH)  # nothing derived in the tree that travels
    found = digest.checked(store, view)
    assert found is not None  # the merge's own, kept locally, describing the merged entries
    assert found.counts["decided"] == 2
    assert digest.local(store, view) == digest.full(store, view, {}, view.id_of("entries"))
    bob.ok("push")
    alice.ok("pull")
    assert digest.inspect(store_at(alice.path)).state == "ok"
    assert _cold_decisions(alice) == ["Postgres", "Redis for the cache"]


def _forge(mallory: Clone, mine: str) -> None:
    """Commit, with git plumbing, a digest that names the project's real entries tree but
    lists only Mallory's decision (count 1)."""
    def rev(name: str) -> str:
        return mallory.git("rev-parse", name).strip()

    path = entry_path(mine)
    blob = rev(f"{PROJECT_REF}:{path}")
    entry = decode_entry_or_none(mallory.git("cat-file", "blob", blob).encode(), path)
    assert entry is not None
    lie = {"format": 1, "entries": rev(f"{PROJECT_REF}:entries"),
           "decided": {"count": 1, "top": [[path, blob, entry.seq,
                                            entry.created.timestamp()]]},
           "verified": {"count": 0, "top": []}, "dropped": {"count": 0, "top": []}}
    put_blob(mallory.path, PROJECT_REF, DIGEST_PATH, json.dumps(lie))


def test_a_forged_digest_hides_no_teammate_decision(team: Team) -> None:
    alice, bob, mallory = team.clone("Alice"), team.clone("Bob"), team.clone("Mallory")
    bob.ok("decide", "--project", "Sign every release", "--because", "supply chain")
    bob.ok("push")
    mallory.ok("pull")
    mine = mallory.ok("decide", "--project", "Ship on Fridays", "--because", "speed")
    _forge(mallory, mine)
    mallory.ok("push")
    alice.ok("pull")  # a plain fast-forward: the forged digest arrives in the tree
    block = alice.ok("restore")
    assert "Sign every release" in block
    assert "Ship on Fridays" in block
    assert _cold_decisions(alice) == ["Ship on Fridays", "Sign every release"]
    found = json.loads(alice("doctor", "--json").stdout)
    assert "digest-forged" in {f["code"] for f in found["findings"]}
    # Alice's next project write does not carry the forged digest forward.
    alice.ok("decide", "--project", "Keep a changelog", "--because", "users")
    view = store_at(alice.path).tip(PROJECT_REF).view
    assert view is not None
    assert not view.has(DIGEST_PATH)
    assert "digest-forged" not in {f["code"] for f in alice.json("doctor")["findings"]}


def test_doctor_fix_takes_a_carried_digest_out_of_the_tree(team: Team) -> None:
    bob, mallory = team.clone("Bob"), team.clone("Mallory")
    bob.ok("decide", "--project", "Sign every release", "--because", "supply chain")
    bob.ok("push")
    mallory.ok("pull")
    _forge(mallory, mallory.ok("decide", "--project", "Ship on Fridays", "--because", "x"))
    mallory.ok("push")
    bob.ok("pull")
    assert digest.inspect(store_at(bob.path)).state == "forged"
    bob.ok("doctor", "--fix")
    assert digest.inspect(store_at(bob.path)).state == "ok"
    assert _cold_decisions(bob) == ["Ship on Fridays", "Sign every release"]
