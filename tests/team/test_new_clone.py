"""A new clone of a remote that holds the team's ledgers: until the first pull, ``show``
and ``restore`` of a ledger not started yet say that ``git ledger pull`` brings the team's
decisions; after it, they show them instead.  Real clones of a bare remote over file://,
the CLI in-process."""

from __future__ import annotations

from tests.remote_fixtures import Team

HINT = "git ledger pull brings the team's decisions from origin"


def test_a_new_clone_is_told_to_pull_until_it_has(team: Team) -> None:
    ada = team.clone("Ada")
    ada.ok("decide", "--project", "Use one queue for every job")
    ada.ok("push")
    bob = team.clone("Bob")
    for command in (("show",), ("show", "--project"), ("restore",)):
        assert HINT in bob.ok(*command), command
    # A reader asked for a particular ledger, and the machine documents, are not told.
    assert HINT not in bob.ok("show", "--json")
    bob.ok("pull")
    for command in (("show",), ("show", "--project"), ("restore",)):
        assert HINT not in bob.ok(*command), command
    assert "Use one queue for every job" in bob.ok("restore")


def test_the_hint_is_a_first_contact_only(team: Team) -> None:
    """Once this worktree has a ledger, or the clone a project ledger of its own, the
    user has met the product: a remote without ledgers never nags."""
    ada = team.clone("Ada")
    assert HINT in ada.ok("show")
    ada.ok("task", "Ship it")
    assert HINT not in ada.ok("show")
    assert HINT not in ada.ok("restore")
    bob = team.clone("Bob")
    bob.ok("decide", "--project", "Keep the project ledger here")
    assert HINT not in bob.ok("show", "--project")
    assert HINT not in bob.ok("restore")


def test_a_plain_fetch_after_remote_setup_is_no_pull(team: Team) -> None:
    """``remote setup`` makes a plain ``git fetch`` fill the mirrors; the team's decisions
    are still not merged, so the hint stays until ``git ledger pull``."""
    ada = team.clone("Ada")
    ada.ok("decide", "--project", "Use one queue for every job")
    ada.ok("push")
    bob = team.clone("Bob")
    bob.ok("remote", "setup", "origin")
    bob.git("fetch", "-q")
    assert "refs/ledger/remotes/origin/project" in bob.refs()
    for command in (("show",), ("show", "--project"), ("restore",)):
        assert HINT in bob.ok(*command), command
    bob.ok("pull")
    assert HINT not in bob.ok("restore")
    assert "Use one queue for every job" in bob.ok("restore")
