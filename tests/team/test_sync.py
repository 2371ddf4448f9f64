"""Team sync end to end: push, pull and fetch of ledgers against real remotes.

Every remote here is real: a bare ``remote.git`` reached over ``file://``, the same
repository served by a real ``git daemon`` on 127.0.0.1 with receive-pack enabled, or by a
real web server (lighttpd and ``git http-backend``, basic auth: ``http_team``).
Every clone is a real ``git clone`` with its own identity.  The ledgers are read back
with the ledger itself and with plain git (``ls-remote``, ``ls-tree``, ``notes``,
``fsck --strict``), so what the tests call "the union" is what any git user would see.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gitledger.core.ids import entry_path
from gitledger.errors import InvalidInput, SyncError
from gitledger.ledger.operations import Ledger
from gitledger.team import fetching, sync
from tests.builders import to_format_3
from tests.remote_fixtures import (
    REFUSING_HOOK,
    Clone,
    Team,
    fsck,
    git_daemon,
    make_team,
    refs_of,
    subprocess_env,
)

PROJECT = "refs/ledger/project"
MIRRORS = "refs/ledger/remotes/origin/"
NAMES = ("Alice", "Bob", "Carol")



@pytest.fixture
def daemon_team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Team]:
    """The same, served by a real git daemon on 127.0.0.1 (skipped without one)."""
    root = tmp_path / "team"
    made = make_team(root, "", monkeypatch)
    with git_daemon(root) as port:
        made.url = f"git://127.0.0.1:{port}/remote.git"
        yield made


@pytest.fixture(params=["file", "daemon", "http"])
def any_team(request: pytest.FixtureRequest) -> Team:
    """Each scenario that takes it runs over file://, git:// and http:// with basic auth."""
    fixture = {"file": "team", "daemon": "daemon_team", "http": "http_team"}[request.param]
    made: Team = request.getfixturevalue(fixture)
    return made


def _project_ids(clone: Clone) -> set[str]:
    return {e["id"] for e in clone.json("show", "--project")["entries"]}


def _one_line_error(result: Any) -> str:
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("git ledger: ")
    return str(lines[0])


# -- diverged project ledgers converge -----------------------------------------------------


@pytest.mark.parametrize("size", [2, 3])
def test_diverged_project_ledgers_converge_to_the_union(any_team: Team, size: int) -> None:
    clones = [any_team.clone(name) for name in NAMES[:size]]
    written: set[str] = set()
    # Round one: everybody appends before anybody pushed (the project ledger is born in
    # every clone), then each pulls and pushes in turn.
    for clone in clones:
        written.add(clone.ok("decide", "--project", f"{clone.name} picks a queue",
                             "--because", "ordering"))
        written.add(clone.ok("verify", "--project", f"{clone.name}'s build passes",
                             "--by", "make test"))
    for clone in clones:
        clone.ok("pull")
        clone.ok("push")
    # Round two: everybody appends again on the merged history; pushes in the reverse
    # order, without pulling first: each later push is rejected, pulls, merges and retries.
    for clone in clones:
        written.add(clone.ok("decide", "--project", f"{clone.name} again", "--because", "r2"))
    pushed = [clone.json("push") for clone in reversed(clones)]
    assert pushed[0]["pulls"] == []
    for later in pushed[1:]:
        assert later["pulls"], later  # the remote had moved: it pulled and merged first
        assert {u["ref"]: u["status"] for u in later["updates"]}[PROJECT] == "updated"
    for clone in clones:
        clone.ok("pull")

    assert len(written) == 3 * size
    tips = {clone.refs()[PROJECT] for clone in clones}
    assert len(tips) == 1, "every clone ends at the same project tip"
    assert tips == {any_team.remote_refs(PROJECT)[PROJECT]}
    for clone in clones:
        assert _project_ids(clone) == written
        assert clone.refs()[MIRRORS + "project"] == clone.refs()[PROJECT]
        fsck(clone.path)
    assert any_team.remote_entry_ids() == written
    fsck(any_team.bare)
    # Authorship survived the merges: each entry is its writer's.
    entries = clones[0].json("show", "--project")["entries"]
    authors = {e["text"]: e["author"] for e in entries}
    for clone in clones:
        assert authors[f"{clone.name} picks a queue"] == clone.ident
        assert authors[f"{clone.name} again"] == clone.ident


def test_pull_reports_the_merge_and_a_second_pull_has_nothing_to_do(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    mine = alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    theirs = bob.ok("decide", "--project", "Redis for the cache", "--because", "speed")
    pulled = bob.json("pull")
    (project,) = [m for m in pulled["merges"] if m["ref"] == PROJECT]
    assert project["outcome"] == "merged"
    assert project["incoming"] == 1
    assert project["conflicts"] == []
    merge = bob.refs()[PROJECT]
    parents = bob.git("rev-list", "--parents", "-n", "1", merge).split()[1:]
    assert alice.refs()[PROJECT] in parents
    message = bob.git("log", "-1", "--format=%B", merge)
    assert "Ledger-Event: merge" in message
    assert f"Ledger-Merged: {alice.refs()[PROJECT]}" in message
    assert _project_ids(bob) == {mine, theirs}

    again = bob.json("pull")
    assert again["fetched"] == []
    assert {m["outcome"] for m in again["merges"]} == {"up-to-date"}
    assert bob.refs()[PROJECT] == merge
    text = bob.ok("pull")
    assert text.startswith("Fetched from origin: up to date")


# -- one session ledger written in two clones ----------------------------------------------


def test_a_session_ledger_written_in_two_clones_is_never_merged_by_a_pull(team: Team) -> None:
    """A session ledger is its owner's: the same ref written in two clones (here made with
    plumbing, since adopt makes a copy under a new id) is never merged by either pull;
    each side is reported, and each push leaves that ref alone and sends the rest."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    first = alice.ok("decide", "cache in memory", "--because", "small")
    ref = alice.session_ref()
    pushed = sync.push(alice.path)
    assert {u.ref: u.status for u in pushed.updates}[ref] == "new"

    fetched = fetching.fetch(bob.path)
    mirror = MIRRORS + ref.removeprefix("refs/ledger/")
    assert [(m.ref, m.old) for m in fetched.moved if m.ref == mirror] == [(mirror, None)]
    # A mirror is read-only: a local copy of the same ledger is made from it.
    with pytest.raises(InvalidInput, match="read-only"):
        Ledger.open(bob.path, name=mirror).decide("nope", because="mirror")
    bob.git("update-ref", ref, bob.refs()[mirror])
    team.clock.tick()
    bob_entry = Ledger.open(bob.path, name=ref).decide("evict after an hour",
                                                       because="memory").entry
    assert bob_entry is not None
    second = alice.ok("decide", "log every miss", "--because", "debugging")

    sync.push(alice.path)
    alice_tip = alice.refs()[ref]
    bob_tip = bob.refs()[ref]
    team.clock.tick()
    pulled = sync.pull(bob.path)
    assert [m for m in pulled.merges if m.ref == ref] == []
    (changed,) = pulled.owned
    assert (changed.ref, changed.state, changed.theirs) == (ref, "diverged", alice_tip)
    assert bob.refs()[ref] == bob_tip
    team.clock.tick()
    pushed_back = sync.push(bob.path, all_sessions=True)
    assert {u.ref: u.status for u in pushed_back.updates}[ref] == "rejected"
    assert team.remote_refs(ref)[ref] == alice_tip
    team.clock.tick()
    assert sync.pull(alice.path).owned == ()  # the remote holds Alice's own tip

    assert {e["id"] for e in alice.json("show", "--ledger", ref)["entries"]} == {first, second}
    assert {e["id"] for e in bob.json("show", "--ledger", ref)["entries"]} == {first,
                                                                               bob_entry.id}
    for clone in (alice, bob):
        fsck(clone.path)


# -- concurrent edits of one entry ---------------------------------------------------------


@pytest.mark.parametrize("merger", ["Alice", "Bob"])
def test_concurrent_edits_keep_the_merging_side_and_converge(team: Team, merger: str) -> None:
    """The merge keeps the local value (no date from the other side decides); the other
    clone fast-forwards to that merge, so both end with the merger's value."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    entry = alice.ok("decide", "--project", "Use SQLite", "--because", "simple")
    alice.ok("push")
    bob.ok("pull")
    alice.ok("edit", entry, "--project", "--because", "Alice: zero setup")
    bob.ok("edit", entry, "--project", "--because", "Bob: one file")
    alice_tip, bob_tip = alice.refs()[PROJECT], bob.refs()[PROJECT]
    first, second = (bob, alice) if merger == "Alice" else (alice, bob)

    first.ok("push")
    pulled = second.json("pull")
    (project,) = [m for m in pulled["merges"] if m["ref"] == PROJECT]
    assert project["outcome"] == "merged"
    (conflict,) = project["conflicts"]
    assert conflict["entry"] == entry
    assert conflict["fields"] == ["because"]
    assert conflict["path"] == entry_path(entry)
    second_tip, first_tip = (alice_tip, bob_tip) if merger == "Alice" else (bob_tip, alice_tip)
    assert conflict["kept"] == second_tip
    assert conflict["other"] == first_tip
    assert conflict["take"] == f"git ledger take {entry} --from {first_tip[:12]} --project"
    text = second.ok("pull")  # nothing new now: the report was the first pull's
    assert "concurrent" not in text
    second.ok("push")
    first.ok("pull")

    assert alice.refs()[PROJECT] == bob.refs()[PROJECT]
    for clone in (alice, bob):
        shown = clone.json("show", entry, "--project")
        assert shown["entry"]["because"] == f"{merger}: " + (
            "zero setup" if merger == "Alice" else "one file")
        (merged,) = shown["merged_conflicts"]
        assert merged["other"] == first_tip
        assert merged["fields"] == ["because"]
        assert merged["commit"] == clone.refs()[PROJECT]
        # Both versions stay reachable in the history.
        losing = clone.git("show", f"{merged['other']}:{merged['path']}")
        assert ("Bob: one file" if merger == "Alice" else "Alice: zero setup") in losing
        assert clone.git("merge-base", "--is-ancestor", alice_tip, PROJECT) == ""
        assert clone.git("merge-base", "--is-ancestor", bob_tip, PROJECT) == ""
        human = clone.ok("show", entry, "--project")
        assert "concurrent edits merged" in human
        fsck(clone.path)


# -- racing pushes -------------------------------------------------------------------------


def test_racing_pushes_from_two_clones_both_land(any_team: Team) -> None:
    alice, bob = any_team.clone("Alice"), any_team.clone("Bob")
    written: set[str] = set()
    for round_ in range(3):
        for clone in (alice, bob):
            for n in range(2):
                written.add(clone.ok("decide", "--project", f"{clone.name} {round_}.{n}",
                                     "--because", "race"))
        env = subprocess_env()
        racers = [subprocess.Popen(["git", "ledger", "push", "--json"], cwd=clone.path,
                                   env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
                  for clone in (alice, bob)]
        outcomes = [racer.communicate() for racer in racers]
        for racer, (out, err) in zip(racers, outcomes, strict=True):
            assert racer.returncode == 0, err
            assert err == ""
            assert json.loads(out)["remote"] == "origin"
        assert any_team.remote_entry_ids() == written
    for clone in (alice, bob):
        clone.ok("pull")
        assert _project_ids(clone) == written
        fsck(clone.path)
    fsck(any_team.bare)


#: A server-side stand-in for a teammate whose push lands between our ref advertisement
#: and our ref update: the first push that reaches the hook finds refs/ledger/project
#: moved under it (to what Bob parked at refs/pending/project), as in a real race.
LOSING_RACE_HOOK = """#!/bin/sh
cat >/dev/null
if [ ! -e "$GIT_DIR/raced" ]; then
  touch "$GIT_DIR/raced"
  env -u GIT_QUARANTINE_PATH git update-ref refs/ledger/project refs/pending/project
fi
exit 0
"""


def test_a_push_that_loses_the_race_on_the_server_pulls_and_retries(any_team: Team) -> None:
    alice, bob = any_team.clone("Alice"), any_team.clone("Bob")
    base = alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("pull")
    theirs = bob.ok("decide", "--project", "Redis for the cache", "--because", "speed")
    bob.git("push", "-q", "origin", f"{PROJECT}:refs/pending/project")
    hook = any_team.bare / "hooks" / "pre-receive"
    hook.write_text(LOSING_RACE_HOOK)
    hook.chmod(0o755)
    mine = alice.ok("decide", "--project", "pgbouncer in front", "--because", "pooling")

    result = alice("push", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert (any_team.bare / "raced").exists()  # the race did happen
    data = json.loads(result.stdout)
    assert data["pulls"], "the lost race was pulled, merged and pushed again"
    assert any_team.remote_entry_ids() == {base, theirs, mine}
    assert any_team.remote_refs(PROJECT)[PROJECT] == alice.refs()[PROJECT]
    fsck(any_team.bare)


# -- a remote that refuses our refs --------------------------------------------------------


def test_a_remote_that_refuses_ledgers_is_one_clear_line_and_nothing_changes(
        any_team: Team) -> None:
    alice = any_team.clone("Alice")
    hook = any_team.bare / "hooks" / "pre-receive"
    hook.write_text(REFUSING_HOOK)
    hook.chmod(0o755)
    alice.ok("decide", "--project", "keep it", "--because", "policy")
    alice.ok("decide", "a session note", "--because", "mine")
    before = alice.refs()
    remote_before = any_team.remote_refs()

    result = alice("push")
    line = _one_line_error(result)
    assert "refs/ledger/" in line
    assert "policy: no ledgers on this server" in line
    assert "nothing local was changed" in line
    assert result.stdout == ""
    assert alice.refs() == before
    assert any_team.remote_refs() == remote_before
    assert not any(ref.startswith("refs/ledger/") for ref in any_team.remote_refs())

    with pytest.raises(SyncError, match="policy: no ledgers"):
        sync.push(alice.path)
    assert alice.refs() == before
    # A branch push is not refused: the hook only names ledgers.
    alice.git("commit", "-q", "--allow-empty", "-m", "code")
    alice.git("push", "-q", "origin", "main")
    assert any_team.remote_refs("refs/heads/main") == refs_of(alice.path, "refs/heads/main")


# -- notes on one commit from two clones ---------------------------------------------------


def test_notes_on_the_same_commit_from_two_clones_keep_both_lines(any_team: Team) -> None:
    alice, bob = any_team.clone("Alice"), any_team.clone("Bob")
    (alice.path / "app.py").write_text("print('hi')\n")
    alice.git("add", "app.py")
    alice.git("commit", "-q", "-m", "app")
    sha = alice.git("rev-parse", "HEAD").strip()
    alice.git("push", "-q", "origin", "main")
    bob.git("pull", "-q", "--ff-only", "origin", "main")
    assert bob.git("rev-parse", "HEAD").strip() == sha

    in_session = alice.ok("decide", "print, not logging", "--because", "tiny",
                          "--evidence", f"git:{sha}")
    in_project = bob.ok("decide", "--project", "no framework", "--because", "tiny",
                        "--evidence", f"git:{sha}")
    alice.ok("push")
    bob.ok("push")
    alice.ok("pull")
    bob.ok("pull")

    notes_tip = {clone.refs()["refs/notes/ledger"] for clone in (alice, bob)}
    assert len(notes_tip) == 1
    for where in (alice.path, bob.path, any_team.bare):
        note = subprocess.run(["git", "notes", "--ref=ledger", "show", sha], cwd=where,
                              capture_output=True, text=True, check=False)
        assert note.returncode == 0, note.stderr
        lines = note.stdout.splitlines()
        assert any(in_session in line and alice.session_ref() in line for line in lines)
        assert any(in_project in line and PROJECT in line for line in lines)
        assert len(lines) == len(set(lines)) == 2
    fsck(alice.path)
    fsck(bob.path)


# -- push --dry-run ------------------------------------------------------------------------


def test_push_dry_run_moves_nothing_and_says_what_would(team: Team) -> None:
    alice = team.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("decide", "a session one", "--because", "x")
    remote_before = team.remote_refs()
    local_before = alice.refs()

    text = alice.ok("push", "--dry-run")
    assert text.startswith("Would push to origin:")
    assert re.search(r"^  project +new$", text, re.MULTILINE), text
    data = alice.json("push", "--dry-run")
    assert data["dry_run"] is True
    statuses = {u["ref"]: u["status"] for u in data["updates"]}
    assert statuses[PROJECT] == "new"
    assert statuses[alice.session_ref()] == "new"
    assert team.remote_refs() == remote_before
    assert alice.refs() == local_before  # not even the mirrors moved

    alice.ok("push")
    after_push = team.remote_refs()
    alice.ok("decide", "--project", "and a cache", "--because", "speed")
    again = alice.json("push", "--dry-run")
    assert {u["ref"]: u["status"] for u in again["updates"]}[PROJECT] == "updated"
    assert team.remote_refs() == after_push


# -- archive -------------------------------------------------------------------------------


def test_an_archived_session_leaves_the_remote_and_teammates_mirrors(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("task", "ship the cache")
    kept = alice.ok("decide", "cache in memory", "--because", "small")
    session = alice.session_ref()
    ledger_id = session.rsplit("/", 1)[-1]
    alice.ok("push")
    bob.ok("fetch")
    mirror = MIRRORS + f"sessions/{ledger_id}"
    assert mirror in bob.refs()

    alice.ok("archive")
    archive = f"refs/ledger/archive/{ledger_id}"
    pushed = alice.json("push")
    statuses = {u["ref"]: u["status"] for u in pushed["updates"]}
    assert statuses[session] == "deleted"
    assert statuses[archive] == "new"  # the archive's tag, at its own ref
    assert not [ref for ref in statuses if ref.startswith("refs/ledger/months/")]
    on_remote = team.remote_refs()
    assert session not in on_remote
    assert archive in on_remote
    assert subprocess.run(["git", "cat-file", "-t", archive], cwd=team.bare, text=True,
                          capture_output=True, check=True).stdout.strip() == "tag"
    assert kept in team.remote_entry_ids()  # carried to the project ledger

    # A pull (or fetch) brings the live ledgers, not the archives: the durable half is in
    # the project ledger already.
    bob.ok("pull")
    assert mirror not in bob.refs()
    assert MIRRORS + f"archive/{ledger_id}" not in bob.refs()
    assert kept in {e["id"] for e in bob.json("show", "--ledger", "project")["entries"]}
    # Read, it is fetched: one archive, at the name plain git shows.
    shown = bob.json("show", "--archive", f"origin/{ledger_id}")
    assert shown["task"] == "ship the cache"
    assert bob.git("cat-file", "-t", MIRRORS + f"archive/{ledger_id}").strip() == "tag"
    fsck(team.bare)


def test_fetch_archives_brings_every_archive_for_search(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    ids = []
    for task in ("tune the retry policy", "shard the queue"):
        alice.ok("task", task)
        alice.ok("open", f"who owns the {task.split()[-2]} settings?")  # stays with the archive
        ids.append(alice.session_ref().rsplit("/", 1)[-1])
        alice.ok("archive")
    alice.ok("push")
    bob.ok("pull")
    assert not [r for r in bob.refs() if r.startswith(MIRRORS + "archive/")]
    assert "retry settings" not in bob("search", "retry").stdout
    fetched = bob.json("fetch", "--archives")
    assert sorted(fetched["archives"]) == sorted(MIRRORS + f"archive/{i}" for i in ids)
    assert sorted(r for r in bob.refs() if r.startswith(MIRRORS + "archive/")) == \
        sorted(MIRRORS + f"archive/{i}" for i in ids)
    assert "retry settings" in bob.ok("search", "retry")


def test_a_push_after_the_migration_replaces_the_remotes_month_chain(team: Team) -> None:
    """Format 3 to 4: the chain Alice pushed goes from the remote once her doctor --fix
    made its archives tags, and the tags arrive; a teammate reads the archive throughout."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("task", "ship the cache")
    ledger_id = alice.session_ref().rsplit("/", 1)[-1]
    alice.ok("archive")
    (chain,) = to_format_3(alice.path)
    alice.ok("push")
    assert bare_refs(team) == {chain}
    bob.ok("fetch", "--archives")  # a teammate who has not migrated: read from the chain
    assert bob.json("show", "--archive", f"origin/{ledger_id}")["task"] == "ship the cache"

    assert alice.json("doctor", "--fix")["ok"]
    pushed = {u["ref"]: u["status"] for u in alice.json("push")["updates"]}
    assert pushed == {chain: "deleted", f"refs/ledger/archive/{ledger_id}": "new"}
    assert bare_refs(team) == {f"refs/ledger/archive/{ledger_id}"}
    assert subprocess.run(["git", "cat-file", "-t", f"refs/ledger/archive/{ledger_id}"],
                          cwd=team.bare, text=True, capture_output=True,
                          check=True).stdout.strip() == "tag"
    bob.ok("fetch", "--archives")
    assert bob.json("show", "--archive", f"origin/{ledger_id}")["task"] == "ship the cache"
    assert not [r for r in bob.refs() if "/months/" in r]  # the pruned mirror of the chain
    assert alice.json("push")["updates"] == []  # nothing left to move
    fsck(team.bare)


def bare_refs(team: Team) -> set[str]:
    """The remote's archive refs and month chains, as plain git lists them."""
    return set(subprocess.run(["git", "for-each-ref", "--format=%(refname)",
                               "refs/ledger/archive/", "refs/ledger/months/"], cwd=team.bare,
                              text=True, capture_output=True, check=True).stdout.split())


# -- remote setup / teardown ---------------------------------------------------------------


def _remote_config(clone: Clone) -> dict[str, str]:
    """``git config --get-all remote.origin.<key>`` for fetch, push and our marker, and
    the whole section as ``--get-regexp`` lists it."""
    found = {key: clone.git("config", "--get-all", f"remote.origin.{key}", check=False)
             for key in ("fetch", "push", "ledgerRefspec")}
    found["section"] = clone.git("config", "--get-regexp", r"^remote\.origin\.", check=False)
    return found


def test_remote_setup_lets_plain_git_move_ledgers_and_teardown_restores(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    before = _remote_config(alice)
    assert before["push"] == ""  # a fresh clone has no push refspecs
    assert before["ledgerRefspec"] == ""

    text = alice.ok("remote", "setup", "origin")
    assert text.startswith("Added to remote.origin")
    fetch_lines = alice.git("config", "--get-all", "remote.origin.fetch").splitlines()
    push_lines = alice.git("config", "--get-all", "remote.origin.push").splitlines()
    assert fetch_lines[0] == "+refs/heads/*:refs/remotes/origin/*"
    assert "refs/ledger/*:refs/ledger/remotes/origin/*" in fetch_lines
    assert "HEAD" in push_lines
    assert not any(line.startswith("+") for line in push_lines)
    configured = _remote_config(alice)
    again = alice.ok("remote", "setup", "origin")
    assert again == "remote.origin already moves ledgers: nothing added"
    assert alice.json("remote", "setup", "origin")["changed"] == []
    assert _remote_config(alice) == configured

    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("decide", "a session one", "--because", "x")
    (alice.path / "code.py").write_text("x = 1\n")
    alice.git("add", "code.py")
    alice.git("commit", "-q", "-m", "code")
    alice.git("push", "-q")
    on_remote = team.remote_refs()
    assert on_remote[PROJECT] == alice.refs()[PROJECT]
    assert on_remote[alice.session_ref()] == alice.refs()[alice.session_ref()]
    assert on_remote["refs/heads/main"] == alice.git("rev-parse", "HEAD").strip()

    bob.ok("remote", "setup", "origin")
    bob.git("fetch", "-q")
    assert bob.refs()[MIRRORS + "project"] == alice.refs()[PROJECT]
    assert bob.git("rev-parse", "origin/main").strip() == on_remote["refs/heads/main"]
    assert PROJECT not in bob.refs()  # fetched as a mirror, never into a local ledger

    removed = alice.json("remote", "teardown", "origin")
    assert [f"{c['key']} {c['value']}" for c in removed["changed"]] == \
        configured["ledgerRefspec"].splitlines()
    assert _remote_config(alice) == before
    nothing = alice("remote", "teardown", "origin")
    assert nothing.exit_code == 0
    assert nothing.stdout.startswith("Nothing to remove from remote.origin")
    assert _remote_config(alice) == before


def test_after_setup_plain_git_pushes_archive_tags_and_fetches_none(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("remote", "setup", "origin")
    bob.ok("remote", "setup", "origin")
    alice.ok("decide", "a session one", "--because", "x")
    alice.ok("archive")
    archives = [ref for ref in alice.refs() if ref.startswith("refs/ledger/archive/")]
    assert len(archives) == 1
    alice.git("push", "-q")
    assert archives[0] in team.remote_refs()  # the tag itself, as a plain git push sends it
    assert not [ref for ref in team.remote_refs() if ref.startswith("refs/ledger/months/")]
    bob.git("fetch", "-q")
    assert not [ref for ref in bob.refs() if "/archive/" in ref]  # as a pull brings none
    assert bob.refs()[MIRRORS + "project"] == team.remote_refs()[PROJECT]


def test_teardown_of_a_remote_never_set_up_removes_nothing(team: Team) -> None:
    alice = team.clone("Alice")
    before = (alice.path / ".git" / "config").read_text()
    result = alice("remote", "teardown", "origin")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.startswith("Nothing to remove from remote.origin")
    assert (alice.path / ".git" / "config").read_text() == before


def test_setup_keeps_existing_push_refspecs_and_teardown_leaves_them(team: Team) -> None:
    alice = team.clone("Alice")
    alice.git("config", "--add", "remote.origin.push", "refs/heads/main:refs/heads/main")
    before = _remote_config(alice)
    added = alice.json("remote", "setup", "origin")["changed"]
    assert {"key": "push", "value": "HEAD"} not in added
    alice.ok("remote", "teardown", "origin")
    assert _remote_config(alice) == before


# -- reading a teammate's ledger -----------------------------------------------------------


def test_a_teammates_ledger_reads_by_name_and_refuses_writes(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("task", "ship the cache")
    decision = alice.ok("decide", "cache in memory", "--because", "small")
    ledger_id = alice.session_ref().rsplit("/", 1)[-1]
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("fetch")
    name = f"origin/{ledger_id[:8]}"

    listed = bob.ok("list", "--remote")
    assert f"origin/{ledger_id}" in listed
    assert "Alice" in listed
    assert "ship the cache" in listed
    data = bob.json("list", "--remote", "origin")
    (theirs,) = [s for s in data["ledgers"] if s["name"] == f"origin/{ledger_id}"]
    assert theirs["owner"] == alice.ident
    assert theirs["task"] == "ship the cache"

    shown = bob.json("show", "--ledger", name)
    assert [e["id"] for e in shown["entries"]] == [decision]
    assert shown["entries"][0]["author"] == alice.ident
    assert decision in bob.ok("show", decision, "--ledger", name)
    logged = bob.ok("log", "--ledger", name)
    assert f"decide {decision}: cache in memory" in logged
    assert "Alice" in logged
    assert bob.json("show", "--ledger", "origin/project")["entries"][0]["author"] == \
        alice.ident

    before = bob.refs()
    head_file = bob.path / ".git" / "ledger"
    refused = bob("archive", "--ledger", f"origin/{ledger_id}")
    line = _one_line_error(refused)
    assert "read-only" in line
    assert bob.refs() == before
    assert not head_file.exists()

    restored = bob("restore", "--ledger", name)
    assert restored.exit_code == 0, restored.stderr
    head = restored.stdout.splitlines()[0]
    assert head.startswith("# git ledger: Alice"), head
    assert f"'s ledger {name}, asked for by name, read-only" in head
    assert "cache in memory" in restored.stdout
    assert bob.refs() == before
    # Bob's own restore never injects Alice's ledger.
    own = bob("restore")
    assert "cache in memory" not in own.stdout


# -- bad paths -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["fetch", "pull", "push"])
def test_an_unknown_remote_name_is_refused(team: Team, command: str) -> None:
    alice = team.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    before = alice.refs()
    line = _one_line_error(alice(command, "nosuch"))
    assert "'nosuch' is not a configured remote" in line
    assert alice.refs() == before
    assert PROJECT not in team.remote_refs()


@pytest.mark.parametrize("command", ["fetch", "pull", "push"])
def test_a_repository_without_a_remote_is_refused(team: Team, command: str) -> None:
    alice = team.clone("Alice")
    alice.git("remote", "remove", "origin")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    before = alice.refs()
    line = _one_line_error(alice(command))
    assert "has no remote" in line
    assert alice.refs() == before


@pytest.mark.parametrize("command", ["fetch", "pull", "push"])
def test_an_unreachable_remote_is_one_line_and_changes_nothing(team: Team,
                                                               command: str) -> None:
    alice = team.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    alice.git("remote", "set-url", "origin", "file:///nonexistent/remote.git")
    alice.ok("decide", "--project", "and a cache", "--because", "speed")
    before = alice.refs()
    line = _one_line_error(alice(command))
    assert "nonexistent" in line or "does not appear to be a git repository" in line
    assert alice.refs() == before
    with pytest.raises(SyncError):
        getattr(fetching if command == "fetch" else sync, command)(alice.path)
    assert alice.refs() == before


def test_remote_setup_of_an_unknown_remote_is_refused(team: Team) -> None:
    alice = team.clone("Alice")
    before = (alice.path / ".git" / "config").read_text()
    line = _one_line_error(alice("remote", "setup", "nosuch"))
    assert "nosuch" in line
    assert (alice.path / ".git" / "config").read_text() == before


# -- the installed command -----------------------------------------------------------------


def test_installed_git_ledger_round_trip_over_git_daemon(daemon_team: Team) -> None:
    alice, bob = daemon_team.clone("Alice"), daemon_team.clone("Bob")
    assert alice.git("remote", "get-url", "origin").startswith("git://127.0.0.1:")
    ids = set()
    for clone in (alice, bob):
        done = clone.installed("decide", "--project", f"{clone.name}'s way", "--because", "x")
        assert done.returncode == 0, done.stderr
        ids.add(done.stdout.strip())
    for clone in (alice, bob, alice):
        pushed = clone.installed("push")
        assert pushed.returncode == 0, pushed.stderr
        assert pushed.stderr == ""
        pulled = clone.installed("pull", "--json")
        assert pulled.returncode == 0, pulled.stderr
        assert json.loads(pulled.stdout)["remote"] == "origin"
    for clone in (alice, bob):
        assert _project_ids(clone) == ids
        fsck(clone.path)
    assert daemon_team.remote_entry_ids() == ids

    hook = daemon_team.bare / "hooks" / "pre-receive"
    hook.write_text(REFUSING_HOOK)
    hook.chmod(0o755)
    alice.installed("decide", "--project", "one more", "--because", "y")
    before = alice.refs()
    refused = alice.installed("push")
    assert refused.returncode == 1
    (line,) = refused.stderr.splitlines()
    assert "refs/ledger/project" in line
    assert "policy: no ledgers on this server" in line
    assert alice.refs() == before


# -- what a merge makes inconsistent -------------------------------------------------------


def test_pull_reports_two_decisions_in_force_in_one_scope_from_two_people(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--scope", "database", "--because", "joins")
    alice.ok("push")
    bob.ok("decide", "--project", "MySQL", "--scope", "database", "--because", "habit")
    pulled = bob.json("pull")
    assert [m["outcome"] for m in pulled["merges"] if m["ref"] == PROJECT] == ["merged"]
    assert pulled["findings"], pulled
    assert any("database" in f["message"] for f in pulled["findings"])
    text_again = bob.ok("pull")  # already reported: the second pull finds nothing new
    assert "new problem" not in text_again


def test_push_with_nothing_to_push_says_so(team: Team) -> None:
    alice = team.clone("Alice")
    before = team.remote_refs()
    assert alice.ok("push") == "Nothing to push to origin: no ledger refs here yet"
    assert alice.json("push")["updates"] == []
    assert team.remote_refs() == before


def test_push_sends_only_this_worktrees_session_unless_all(team: Team) -> None:
    alice = team.clone("Alice")
    alice.ok("decide", "in the main worktree", "--because", "x")
    main_ref = alice.session_ref()
    other = alice.path.parent / "alice-wt"
    alice.git("worktree", "add", "-q", "-b", "side", str(other))
    second = Clone(other, alice.name, alice.email, team.clock)
    second.ok("decide", "in the second worktree", "--because", "y")
    side_ref = second.session_ref()
    assert side_ref != main_ref

    alice.ok("push")
    assert main_ref in team.remote_refs()
    assert side_ref not in team.remote_refs()
    pushed = alice.json("push", "--all")
    assert {u["ref"]: u["status"] for u in pushed["updates"]}[side_ref] == "new"
    assert team.remote_refs()[side_ref] == alice.refs()[side_ref]


def test_push_dry_run_to_a_remote_that_moved_merges_nothing(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("decide", "--project", "MySQL", "--because", "habit")
    before, remote_before = bob.refs(), team.remote_refs()
    data = bob.json("push", "--dry-run")
    assert data["dry_run"] is True
    assert data["pulls"] == []
    (project,) = [u for u in data["updates"] if u["ref"] == PROJECT]
    assert project["status"] == "rejected"
    assert bob.refs() == before
    assert team.remote_refs() == remote_before


@pytest.mark.parametrize("threshold", [1, 10_000])
def test_a_fetch_that_brings_many_new_mirrors_packs_the_refs(
        team: Team, threshold: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """git's fetch writes each mirror as a loose file; a year's 25,000 made every listing of
    the refs slow, so a fetch that brought many packs them, as ``git gc`` would."""
    monkeypatch.setattr(fetching, "PACK_AFTER_NEW_REFS", threshold)
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "cache in memory", "--because", "small")
    alice.ok("push")
    bob.ok("fetch")
    loose = {p.relative_to(bob.path / ".git").as_posix()
             for p in (bob.path / ".git" / "refs" / "ledger" / "remotes").rglob("*")
             if p.is_file()}
    packed = (bob.path / ".git" / "packed-refs")
    packed_text = packed.read_text() if packed.exists() else ""
    mirror = MIRRORS + "sessions/" + alice.session_ref().rsplit("/", 1)[-1]
    assert mirror in bob.refs()
    if threshold == 1:
        assert loose == set()
        assert f" {mirror}\n" in packed_text
    else:
        assert mirror in loose
