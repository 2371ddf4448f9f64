"""A pull moves the project ledger: the pre-tool-use fast path's token file follows."""

from __future__ import annotations

from gitledger.core.ids import new_id
from gitledger.derived.path_tokens import read_tokens
from gitledger.ledger import path_index
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.builders import entry_files, make_entry, put
from tests.remote_fixtures import Team


def test_a_pull_brings_a_teammates_governing_decision_into_the_token_file(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    entry = make_entry(new_id("decided"), paths=("db/migrations/**",), author=alice.ident)
    put(Store(Repo(alice.path)), PROJECT_REF, entry_files(entry))
    alice.ok("push")
    bob.ok("decide", "Redis for the cache", "--because", "speed")
    bob_store = Store(Repo(bob.path))
    path_index.refresh(bob_store, create=True)
    assert read_tokens(bob_store.repo.gitdir) == []
    bob.ok("pull")
    assert read_tokens(bob_store.repo.gitdir) == ["migrations"]
    assert path_index.status(bob_store).state == path_index.FRESH
