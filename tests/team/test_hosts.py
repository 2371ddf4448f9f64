"""Hosts that refuse ledger refs, tried with real server hooks over file:// and over a real
web server (lighttpd and ``git http-backend``, basic auth).

A server that refuses ``refs/ledger/*`` (a ``pre-receive`` or per-ref ``update`` hook, a
hosted service's rules) must never make a plain ``git push`` of code fail: ``remote setup``
first pushes the ledger refs and, when the host declines them, refuses in one line and
configures nothing.  A push that partly landed (atomic push off, a per-ref hook) says what
landed on the remote and what did not, with the server's text once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from gitledger.errors import SyncError
from gitledger.storage import network
from gitledger.storage.remotes import PROBE_PREFIX
from gitledger.storage.repo import Repo
from gitledger.team import remote_setup, sync
from tests.conftest import git
from tests.remote_fixtures import REFUSING_HOOK, Clone, Team, refs_of

PROJECT = "refs/ledger/project"
NOTES = "refs/notes/ledger"

#: A per-ref hook: each refs/ledger/ ref is refused on its own, the notes go through.
UPDATE_REFUSING = """#!/bin/sh
case "$1" in
  refs/ledger/*) echo "policy: only notes here" >&2; exit 1 ;;
esac
exit 0
"""


@pytest.fixture(params=["file", "http"])
def host(request: pytest.FixtureRequest) -> Team:
    made: Team = request.getfixturevalue("team" if request.param == "file" else "http_team")
    return made


def _hook(team: Team, name: str, text: str) -> None:
    hook = team.bare / "hooks" / name
    hook.write_text(text)
    hook.chmod(0o755)


def _one_line_error(result: Result) -> str:
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("git ledger: ")
    return lines[0]


def _config(clone: Clone) -> str:
    return (clone.path / ".git" / "config").read_text()


def _code_commit(clone: Clone) -> str:
    (clone.path / "app.py").write_text("print('hi')\n")
    clone.git("add", "app.py")
    clone.git("commit", "-q", "-m", "app")
    return clone.git("rev-parse", "HEAD").strip()


def _ledger_refs_on(team: Team) -> list[str]:
    return [ref for ref in team.remote_refs() if ref.startswith(("refs/ledger/", NOTES))]


# -- remote setup tries the host first ---------------------------------------------------------


@pytest.mark.parametrize("ledgers", ["with ledgers", "before any ledger"])
@pytest.mark.parametrize("hook", ["pre-receive", "update"])
def test_setup_refuses_a_host_that_declines_ledger_refs_and_configures_nothing(
        host: Team, hook: str, ledgers: str) -> None:
    """Old: setup configured the push lines, and every plain git push of code then failed
    (``! [remote rejected] HEAD -> main``)."""
    alice = host.clone("Alice")
    _hook(host, hook, REFUSING_HOOK if hook == "pre-receive" else UPDATE_REFUSING)
    if ledgers == "with ledgers":
        alice.ok("decide", "--project", "Postgres", "--because", "joins")
        alice.ok("decide", "a session one", "--because", "x")
    before, refs = _config(alice), alice.refs()

    line = _one_line_error(alice("remote", "setup", "origin"))
    assert "refuses ledger refs" in line, line
    assert "remote.origin was not set up" in line, line
    assert "docs/team.md" in line, line
    assert _config(alice) == before
    assert alice.refs() == refs
    assert _ledger_refs_on(host) == []
    # The point of refusing: a plain push of code still works.
    _code_commit(alice)
    alice.git("push", "-q")
    assert host.remote_refs("refs/heads/main") == refs_of(alice.path, "refs/heads/main")


def test_setup_on_a_host_that_takes_ledgers_pushes_them_first(host: Team) -> None:
    alice = host.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    data = alice.json("remote", "setup", "origin")
    assert {"key": "push", "value": "HEAD"} in data["changed"]
    assert PROJECT in data["pushed"]
    assert host.remote_refs()[PROJECT] == alice.refs()[PROJECT]
    # Configured: a plain push moves code and ledgers together.
    alice.ok("decide", "--project", "and a cache", "--because", "speed")
    _code_commit(alice)
    alice.git("push", "-q")
    assert host.remote_refs()[PROJECT] == alice.refs()[PROJECT]


def test_setup_before_any_ledger_tries_a_probe_and_leaves_nothing_there(host: Team) -> None:
    alice = host.clone("Alice")
    text = alice.ok("remote", "setup", "origin")
    assert text.startswith("Added to remote.origin")
    assert "origin accepts ledger refs" in text
    assert _ledger_refs_on(host) == []  # the probe was deleted again
    assert alice.refs() == {}


def test_setup_dry_run_and_a_second_setup_contact_no_remote(host: Team) -> None:
    alice = host.clone("Alice")
    _hook(host, "pre-receive", REFUSING_HOOK)
    assert alice.json("remote", "setup", "--dry-run", "origin")["pushed"] == []
    (host.bare / "hooks" / "pre-receive").unlink()
    alice.ok("remote", "setup", "origin")
    alice.git("remote", "set-url", "origin", "file:///nonexistent/remote.git")
    assert alice.ok("remote", "setup", "origin") == \
        "remote.origin already moves ledgers: nothing added"


def test_setup_that_cannot_reach_the_host_configures_nothing(team: Team) -> None:
    alice = team.clone("Alice")
    alice.git("remote", "set-url", "origin", "file:///nonexistent/remote.git")
    before = _config(alice)
    line = _one_line_error(alice("remote", "setup", "origin"))
    assert line.startswith("git ledger: git push to origin failed: "), line
    assert _config(alice) == before


# -- a push that partly landed -----------------------------------------------------------------


def test_a_partial_push_names_what_landed_and_the_servers_text_once(host: Team) -> None:
    """Old: "nothing local was changed", not a word of the notes that did land, and the
    server's text once per refused ref."""
    alice = host.clone("Alice")
    sha = _code_commit(alice)
    alice.git("push", "-q", "origin", "main")
    git(host.bare, "config", "receive.advertiseAtomic", "false")
    _hook(host, "update", UPDATE_REFUSING)
    alice.ok("decide", "--project", "print, not logging", "--because", "tiny",
             "--evidence", f"git:{sha}")
    alice.ok("decide", "a session one", "--because", "x")
    session = alice.session_ref()
    before = alice.refs()

    line = _one_line_error(alice("push"))
    assert line.count("policy: only notes here") == 1, line
    refused, _, landed = line.partition("landed on origin:")
    assert PROJECT in refused, line
    assert session in refused, line
    assert NOTES in landed, line
    assert PROJECT not in landed, line
    assert "your ledgers here were not changed" in line
    on_remote = host.remote_refs()
    assert on_remote[NOTES] == before[NOTES]
    assert PROJECT not in on_remote
    assert session not in on_remote
    assert {r: s for r, s in alice.refs().items() if not r.startswith("refs/ledger/remotes/")} \
        == before
    # What landed is mirrored as landed: the next push does not send it again.
    assert alice.refs()["refs/ledger/remotes/origin/notes"] == before[NOTES]

    with pytest.raises(SyncError) as raised:
        sync.push(alice.path)
    assert str(raised.value).count("policy: only notes here") == 1
    # The JSON is not half-printed: the error is the whole answer.
    result = alice("push", "--json")
    assert result.stdout == ""
    assert json.dumps(result.stderr).count("policy") == 1


def test_an_atomic_refusal_says_nothing_landed(host: Team) -> None:
    alice = host.clone("Alice")
    _hook(host, "update", UPDATE_REFUSING)
    sha = _code_commit(alice)
    alice.git("push", "-q", "origin", "main")
    alice.ok("decide", "--project", "print", "--because", "tiny", "--evidence", f"git:{sha}")
    line = _one_line_error(alice("push"))
    assert "landed" not in line
    assert line.count("policy: only notes here") == 1, line
    assert "nothing local was changed" in line
    assert _ledger_refs_on(host) == []


def test_setup_of_a_host_that_takes_only_the_notes_says_they_landed(
        host: Team, tmp_path: Path) -> None:
    alice = host.clone("Alice")
    sha = _code_commit(alice)
    alice.git("push", "-q", "origin", "main")
    git(host.bare, "config", "receive.advertiseAtomic", "false")
    _hook(host, "update", UPDATE_REFUSING)
    alice.ok("decide", "--project", "print", "--because", "tiny", "--evidence", f"git:{sha}")
    before = _config(alice)
    line = _one_line_error(alice("remote", "setup", "origin"))
    assert "remote.origin was not set up" in line
    assert f"landed on origin: {NOTES}" in line
    assert _config(alice) == before


# -- what the server says is untrusted ----------------------------------------------------------


def test_a_hostile_servers_text_is_printable_and_capped(team: Team) -> None:
    """Old: a hook's escape sequences and invisible characters went into the error as
    they were, and a line of any length, once per refused ref."""
    alice = team.clone("Alice")
    _hook(team, "pre-receive", "#!/bin/sh\ncat >/dev/null\n"
          "printf '\\033[2J\\342\\200\\256policy %s\\n' "
          "\"$(head -c 20000 /dev/zero | tr '\\0' x)\" >&2\nexit 1\n")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    with pytest.raises(SyncError) as raised:
        sync.push(alice.path)
    message = str(raised.value)
    assert "\x1b" not in message, message[:200]
    assert "\u202e" not in message, message[:200]
    assert "<U+202E>policy xxx" in message
    assert len(message) < 1000, len(message)
    line = _one_line_error(alice("push"))
    assert len(line) < 1000


# -- the probe leaves nothing behind -------------------------------------------------------------


def test_setup_interrupted_after_the_probe_landed_still_deletes_it(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    """Old: an interrupt (or a failure) between the probe's push and its deletion left
    ``refs/ledger/probe/<hex>`` on the remote for good."""
    alice = team.clone("Alice")

    def interrupted(repo: Repo, args: list[str], **kwargs: Any) -> Any:
        done = network.run_network(repo, args, **kwargs)
        if PROBE_PREFIX in args[-1] and not args[-1].startswith(":"):
            raise KeyboardInterrupt  # the probe landed; its deletion was not sent yet
        return done

    monkeypatch.setattr("gitledger.team.remote_setup.run_network", interrupted)
    before = _config(alice)
    with pytest.raises(KeyboardInterrupt):
        remote_setup.setup_remote(alice.path, "origin")
    assert _ledger_refs_on(team) == []
    assert _config(alice) == before


def test_setup_on_a_host_that_refuses_deletions_sets_up_and_names_the_probe_left(
        host: Team) -> None:
    """(``receive.denyDeletes`` guards branches only: a hook, as hosts have.)"""
    alice = host.clone("Alice")
    _hook(host, "update", '#!/bin/sh\ncase "$3" in *[!0]*) exit 0 ;; esac\n'
          'echo "policy: no deletions" >&2\nexit 1\n')
    data = alice.json("remote", "setup", "origin")
    assert {"key": "push", "value": "HEAD"} in data["changed"]
    assert data["probe"].startswith("left: refs/ledger/probe/"), data
    (left,) = _ledger_refs_on(host)
    assert data["probe"].startswith(f"left: {left} (")


def test_a_partial_push_names_too_what_did_not_land_for_another_reason(team: Team) -> None:
    """A ref the remote turned away because it moved first (not the hook's refusal) did
    not land either.  Old: the line named the refused and the landed, and not that one."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    sha = _code_commit(alice)
    alice.git("push", "-q", "origin", "main")
    git(team.bare, "config", "receive.advertiseAtomic", "false")
    _hook(team, "update", '#!/bin/sh\ncase "$1" in\n  refs/ledger/sessions/*) '
          'echo "policy: no sessions here" >&2; exit 1 ;;\nesac\nexit 0\n')
    bob.ok("decide", "--project", "Postgres", "--because", "joins")
    bob.ok("push")
    alice.ok("decide", "--project", "print", "--because", "tiny", "--evidence", f"git:{sha}")
    alice.ok("decide", "a session one", "--because", "x")

    line = _one_line_error(alice("push"))
    refused, _, rest = line.partition("landed on origin:")
    assert alice.session_ref() in refused, line
    assert NOTES in rest, line
    landed, _, not_pushed = rest.partition("not pushed")
    assert PROJECT not in landed, line
    assert PROJECT in not_pushed, line
    assert team.remote_refs()[PROJECT] == bob.refs()[PROJECT]
