"""Team sync at its edges: each test here shows one defect a review found, fixed.

Real repositories only: a bare ``remote.git`` reached over ``file://`` and clones of it
(``tests/remote_fixtures.py``), driven through the CLI in-process (``-C``) and, where a
step has no command (half a pull), through the library.  Each test names the old
behaviour it guards against.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygit2
import pytest

from gitledger.core.ids import entry_path
from gitledger.errors import SyncError
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.merge import Conflict, merge_into
from gitledger.storage.remotes import run_git
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from gitledger.team import fetching, sync
from tests.conftest import git
from tests.remote_fixtures import Clone, Team, fsck, refs_of

PROJECT = PROJECT_REF
NOTES = "refs/notes/ledger"
MIRRORS = "refs/ledger/remotes/origin/"
SCRATCH = "refs/notes/ledger-merging-"



def _one_line_error(result: Any) -> str:
    assert result.exit_code == 1, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("git ledger: "), lines[0]
    return str(lines[0])


def _ledger_id(clone: Clone) -> str:
    return clone.session_ref().rsplit("/", 1)[-1]


def _all_scratch_refs(clone: Clone) -> list[str]:
    out = clone.git("for-each-ref", "--format=%(refname)")
    return [ref for ref in out.splitlines() if ref.startswith(SCRATCH)]


def _peeled(path: Path, sha: str) -> str:
    return git_out(path, "rev-parse", f"{sha}^{{commit}}")


def git_out(path: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=path, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout.strip()


def _doctor_rules(clone: Clone) -> list[str]:
    result = clone("doctor", "--json")
    data = json.loads(result.stdout)
    return [f["code"] for f in data["findings"]]


# -- H1: two archives of one ledger ----------------------------------------------------------


def test_a_ledger_adopted_in_another_clone_is_archived_there_under_its_own_id(
        team: Team) -> None:
    """Old: adopt continued the same ref, so one ledger could be archived in two clones
    and the archives had to be merged.  Now the adopted ledger is a copy with its own id:
    both archives are pushed side by side, and each keeps what its clone wrote."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    first = alice.ok("decide", "cache in memory", "--because", "small")
    ledger_id = _ledger_id(alice)
    alice.ok("push")
    bob.ok("fetch")
    bob.ok("adopt", f"origin/{ledger_id}")
    copy_id = _ledger_id(bob)
    assert copy_id != ledger_id
    from_alice = alice.ok("decide", "log every miss", "--because", "debugging")
    from_bob = bob.ok("decide", "evict after an hour", "--because", "memory")
    alice.ok("archive", "--no-carry")
    bob.ok("archive", "--no-carry")
    alice.ok("push")
    result = bob("push", "--json")
    assert result.exit_code == 0, result.stderr
    on_remote = team.remote_refs()
    assert on_remote[f"refs/ledger/archive/{ledger_id}"] == alice.refs()[
        f"refs/ledger/archive/{ledger_id}"]
    assert on_remote[f"refs/ledger/archive/{copy_id}"] == bob.refs()[
        f"refs/ledger/archive/{copy_id}"]
    assert {e["id"] for e in alice.json("show", "--archive", ledger_id)["entries"]} == {
        first, from_alice}
    assert {e["id"] for e in bob.json("show", "--archive", copy_id)["entries"]} == {
        first, from_bob}
    pulled = alice("pull", "--json")
    assert json.loads(pulled.stdout)["owned_changed"] == []
    fsck(team.bare)


# -- H2: a remote ref that is not a ledger ---------------------------------------------------


def test_a_code_commit_at_the_remotes_project_ref_is_never_merged(team: Team) -> None:
    """Old: pull merged whatever the remote had at refs/ledger/project into the project
    ledger (code files in a ledger tree), or created the project ledger from it."""
    alice, bob, carol = team.clone("Alice"), team.clone("Bob"), team.clone("Carol")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("pull")
    assert PROJECT in bob.refs()
    # Someone pushes a code commit where the project ledger is.
    (carol.path / "app.py").write_text("print('hi')\n")
    carol.git("add", "app.py")
    carol.git("commit", "-q", "-m", "code")
    carol.git("push", "-q", "--force", str(team.bare), f"main:{PROJECT}")
    code = carol.git("rev-parse", "HEAD").strip()
    assert team.remote_refs(PROJECT)[PROJECT] == code

    before = bob.refs()[PROJECT]
    result = bob("pull", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [m for m in data["merges"] if m["ref"] == PROJECT] == []
    (left,) = [item for item in data["left"] if item.startswith("origin/project")]
    assert left.startswith("origin/project was not merged: "), left
    assert len(left) > len("origin/project was not merged: ")
    assert bob.refs()[PROJECT] == before
    assert bob.refs()[MIRRORS + "project"] == code  # the mirror says what the remote has
    names = bob.git("ls-tree", "-r", "--name-only", PROJECT).split()
    assert "app.py" not in names
    assert "README" not in names
    text = bob.ok("pull")
    assert "origin/project was not merged" in text
    assert bob.refs()[PROJECT] == before

    # A clone with no project ledger of its own does not get one from it.
    fresh = carol("pull", "--json")
    assert fresh.exit_code == 0, fresh.stderr
    assert PROJECT not in carol.refs()
    assert any(i.startswith("origin/project was not merged: ")
               for i in json.loads(fresh.stdout)["left"])

    for clone in (bob, carol):
        doctor = clone("doctor", "--json")
        assert doctor.exit_code == 0, (doctor.stdout, doctor.stderr)
        assert json.loads(doctor.stdout)["findings"] == []

    # Pushing cannot fix it and must not loop: one line saying why.
    bob.ok("decide", "--project", "and a cache", "--because", "speed")
    local_before = bob.refs()
    remote_before = team.remote_refs()
    refused = bob("push")
    line = _one_line_error(refused)
    assert "origin refused refs/ledger/project" in line
    assert "although everything it has is merged here" in line
    assert "was not merged: " in line  # the reason the pull gave
    assert "nothing local was changed" in line
    assert "kept moving" not in line
    assert bob.refs() == local_before
    assert team.remote_refs() == remote_before


# -- H3: the notes merge is a compare-and-swap through a scratch ref -------------------------


def _shared_commit(team: Team, alice: Clone, bob: Clone) -> str:
    (alice.path / "app.py").write_text("print('hi')\n")
    alice.git("add", "app.py")
    alice.git("commit", "-q", "-m", "app")
    sha = alice.git("rev-parse", "HEAD").strip()
    alice.git("push", "-q", "origin", "main")
    bob.git("pull", "-q", "--ff-only", "origin", "main")
    return sha


def _note(path: Path, sha: str, ref: str = "ledger") -> list[str]:
    done = subprocess.run(["git", "notes", f"--ref={ref}", "show", sha], cwd=path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_true_notes_merge_keeps_both_lines_and_leaves_no_scratch_ref(team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    sha = _shared_commit(team, alice, bob)
    in_alice = alice.ok("decide", "--project", "print, not logging", "--because", "tiny",
                        "--evidence", f"git:{sha}")
    alice.ok("push")
    in_bob = bob.ok("decide", "no framework", "--because", "tiny", "--evidence", f"git:{sha}")
    bob_notes = bob.refs()[NOTES]
    alice_notes = team.remote_refs(NOTES)[NOTES]

    pulled = bob.json("pull")
    assert pulled["notes"] == "merged"
    merged = bob.refs()[NOTES]
    parents = bob.git("rev-list", "--parents", "-n", "1", merged).split()[1:]
    assert sorted(parents) == sorted([bob_notes, alice_notes])
    lines = _note(bob.path, sha)
    assert any(in_alice in line and PROJECT in line for line in lines), lines
    assert any(in_bob in line and bob.session_ref() in line for line in lines), lines
    assert _all_scratch_refs(bob) == []
    assert "notes-stale" not in _doctor_rules(bob)
    fsck(bob.path)


def test_a_notes_write_that_lands_during_the_notes_merge_is_kept(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ledger write (which notes its commits) lands on refs/notes/ledger while git
    merges the remote's notes: the merge result replaces the notes only if they did not
    move, so the write is merged again, not overwritten."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    sha = _shared_commit(team, alice, bob)
    in_alice = alice.ok("decide", "--project", "print, not logging", "--because", "tiny",
                        "--evidence", f"git:{sha}")
    alice.ok("push")
    in_bob = bob.ok("decide", "no framework", "--because", "tiny", "--evidence", f"git:{sha}")
    (bob.path / "b.py").write_text("x = 1\n")
    bob.git("add", "b.py")
    bob.git("commit", "-q", "-m", "b")
    other = bob.git("rev-parse", "HEAD").strip()
    real = run_git
    raced: list[str] = []

    def racing(repo: Repo, args: list[str], **kwargs: Any) -> Any:
        done = real(repo, args, **kwargs)
        if args[:1] == ["notes"] and "merge" in args and not raced:
            written = Ledger.open(bob.path).decide("concurrent", because="a hook wrote",
                                                   evidence=[f"git:{other}"]).entry
            assert written is not None
            raced.append(written.id)
        return done

    monkeypatch.setattr(sync, "run_git", racing)
    team.clock.tick()
    pulled = sync.pull(bob.path)

    assert raced, "the concurrent write happened during the notes merge"
    assert pulled.notes == "merged"
    lines = _note(bob.path, sha)
    assert any(in_alice in line for line in lines), lines
    assert any(in_bob in line for line in lines), lines
    assert any(raced[0] in line for line in _note(bob.path, other))
    assert _all_scratch_refs(bob) == []
    assert "notes-stale" not in _doctor_rules(bob)
    fsck(bob.path)


def test_a_notes_ref_on_the_remote_that_is_no_commit_fails_the_pull_cleanly(
        team: Team) -> None:
    alice, bob = team.clone("Alice"), team.clone("Bob")
    sha = _shared_commit(team, alice, bob)
    alice.ok("decide", "--project", "print, not logging", "--because", "tiny",
             "--evidence", f"git:{sha}")
    alice.ok("push")
    bob.ok("decide", "no framework", "--because", "tiny", "--evidence", f"git:{sha}")
    # The remote's notes ref now names a blob: nothing a notes merge can take.
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=team.bare,
                          input="not a notes commit\n", capture_output=True, text=True,
                          check=True).stdout.strip()
    git_out(team.bare, "update-ref", NOTES, blob)
    before = bob.refs()[NOTES]

    result = bob("pull")
    line = _one_line_error(result)
    assert "notes" in line, line
    assert bob.refs()[NOTES] == before
    assert _all_scratch_refs(bob) == []
    with pytest.raises(SyncError):
        sync.pull(bob.path)
    assert bob.refs()[NOTES] == before
    assert _all_scratch_refs(bob) == []
    assert PROJECT in bob.refs()  # the project ledger was still merged before the notes


# -- M1: a status conflict and the notes ------------------------------------------------------


@pytest.mark.parametrize("later", ["reject", "implement"])
def test_a_status_conflict_leaves_notes_that_agree_with_the_merged_entry(
        team: Team, later: str) -> None:
    """Old: the notes were the union of both sides' lines, so the losing side's
    ``implements`` (or ``cites``) line stayed and doctor found the notes stale."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    sha = _shared_commit(team, alice, bob)
    entry = alice.ok("decide", "--project", "Use SQLite", "--because", "simple")
    alice.ok("push")
    bob.ok("pull")
    # Which edit is later does not matter (no date decides): Bob merges, his is kept.
    if later == "reject":
        alice.ok("implement", entry, "--project", "--commit", sha)
        alice.ok("push")
        bob.ok("reject", entry, "--project", "--why", "too small for us")
    else:
        bob.ok("reject", entry, "--project", "--why", "too small for us")
        alice.ok("implement", entry, "--project", "--commit", sha)
        alice.ok("push")

    pulled = bob.json("pull")
    (project,) = [m for m in pulled["merges"] if m["ref"] == PROJECT]
    assert project["outcome"] == "merged"
    conflicts = {c["entry"]: c for c in project["conflicts"]}
    assert "status" in conflicts[entry]["fields"], conflicts

    merged = bob.json("show", entry, "--project")["entry"]
    expected = "rejected"
    assert merged["status"] == expected
    wrong = "implements" if expected == "rejected" else "cites"
    lines = _notes_or_empty(bob.path, sha)
    assert not any(line.startswith(f"{wrong} {entry} ") for line in lines), lines
    if expected == "implemented":
        assert f"implements {entry} {PROJECT}" in lines
    assert "notes-stale" not in _doctor_rules(bob)
    # What a rebuild derives from the ledgers agrees with the merge too.
    bob.ok("notes", "rebuild")
    rebuilt = _notes_or_empty(bob.path, sha)
    assert not any(line.startswith(f"{wrong} {entry} ") for line in rebuilt), rebuilt
    fsck(bob.path)


def _notes_or_empty(path: Path, sha: str) -> list[str]:
    done = subprocess.run(["git", "notes", "--ref=ledger", "show", sha], cwd=path,
                          capture_output=True, text=True, check=False)
    return done.stdout.splitlines() if done.returncode == 0 else []


# -- M2: review after an interrupted pull -----------------------------------------------------


def _review_ids(clone: Clone) -> dict[str, str]:
    data = clone.json("review")
    return {d["id"]: d["ledger"] for scope in data["scopes"] for d in scope["decisions"]}


def test_review_after_an_interrupted_pull_still_lists_what_it_merged(team: Team) -> None:
    """Old: the pull after a half-finished one recorded the project ledger as it found
    it, already holding the teammate's decision, as "before": review hid it."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
    bob.ok("pull")  # pull #1: recorded
    teammates = alice.ok("decide", "--project", "Redis for the cache", "--because", "speed")
    alice.ok("push")
    # A pull that stopped after merging the project ledger, before recording anything.
    fetching.fetch(bob.path)
    team.clock.tick()
    store = Store(Repo(bob.path))
    half = merge_into(store, PROJECT, bob.refs()[MIRRORS + "project"], label="origin/project")
    assert half.outcome == "fast-forward"
    later = alice.ok("decide", "--project", "pgbouncer in front", "--because", "pooling")
    alice.ok("push")

    pulled = bob.json("pull")  # moves the mirror again: this pull is recorded
    assert pulled["fetched"]

    reviewed = _review_ids(bob)
    assert reviewed.get(teammates) == "project", reviewed
    assert reviewed.get(later) == "project", reviewed


# -- M3: a server that refuses the deletion of an archived session ---------------------------


#: Servers that keep every ref: a pre-receive hook (it refuses the whole push) and an
#: update hook (it refuses the one ref; an atomic push then fails as a whole too).
NO_DELETIONS_HOOKS = {
    "pre-receive": """#!/bin/sh
status=0
while read old new ref; do
  if [ "$new" = "0000000000000000000000000000000000000000" ]; then
    echo "policy: no ref is ever deleted here ($ref)" >&2
    status=1
  fi
done
exit $status
""",
    "update": """#!/bin/sh
if [ "$3" = "0000000000000000000000000000000000000000" ]; then
  echo "policy: no ref is ever deleted here ($1)" >&2
  exit 1
fi
exit 0
""",
}


def _refuse_deletions(team: Team, kind: str) -> None:
    hook = team.bare / "hooks" / kind
    hook.write_text(NO_DELETIONS_HOOKS[kind])
    hook.chmod(0o755)


@pytest.mark.parametrize("hook", ["pre-receive", "update"])
def test_a_refused_deletion_of_an_archived_session_does_not_fail_the_push(
        team: Team, hook: str) -> None:
    """Old: the whole push failed (atomic), so neither the archive nor the project
    ledger ever reached a server that keeps every ref."""
    alice = team.clone("Alice")
    alice.ok("task", "ship the cache")
    alice.ok("decide", "cache in memory", "--because", "small")
    session = alice.session_ref()
    archive = f"refs/ledger/archive/{_ledger_id(alice)}"
    alice.ok("push")
    assert session in team.remote_refs()
    _refuse_deletions(team, hook)
    alice.ok("archive", "--no-carry")
    decided = alice.ok("decide", "--project", "Postgres", "--because", "joins")

    result = alice("push", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)
    statuses = {u["ref"]: u for u in data["updates"]}
    assert statuses[PROJECT]["status"] == "new"
    assert statuses[archive]["status"] == "new"  # the archive tag, at its own ref
    assert statuses[session]["status"] == "rejected"
    assert "policy: no ref is ever deleted here" in statuses[session]["reason"]
    on_remote = team.remote_refs()
    assert on_remote[archive] == alice.refs()[archive]
    assert on_remote[PROJECT] == alice.refs()[PROJECT]
    assert decided in team.remote_entry_ids()
    assert session in on_remote  # the server kept it

    # Pushing again is no failure either: the deletion is refused again and said so.
    again = alice("push", "--json")
    assert again.exit_code == 0, again.stderr
    assert again.stderr == ""
    for update in json.loads(again.stdout)["updates"]:
        if update["ref"] == session:
            assert update["status"] == "rejected", update
    assert session in team.remote_refs()
    assert team.remote_refs()[archive] == alice.refs()[archive]


@pytest.mark.parametrize("hook", ["pre-receive", "update"])
def test_a_refused_deletion_is_reported_in_text(team: Team, hook: str) -> None:
    alice = team.clone("Alice")
    alice.ok("decide", "cache in memory", "--because", "small")
    session = alice.session_ref()
    alice.ok("push")
    _refuse_deletions(team, hook)
    alice.ok("archive", "--no-carry")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    text = alice.ok("push")
    short = session.removeprefix("refs/ledger/")
    (line,) = [ln for ln in text.splitlines() if short in ln]
    assert "rejected" in line
    assert "policy: no ref is ever deleted here" in line
    assert "pulls and merges first" not in line  # it is not a race: a pull cannot help


# -- M4: remote names with '/' ----------------------------------------------------------------


@pytest.mark.parametrize("command", ["fetch", "pull", "push"])
def test_a_remote_name_with_a_slash_is_refused(team: Team, command: str) -> None:
    """Old: ``team/x`` mirrored into refs/ledger/remotes/team/x/…, which reads back as
    remote ``team`` holding ledgers under ``x/``."""
    alice = team.clone("Alice")
    alice.git("remote", "add", "team/x", team.url)
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.git("push", "-q", team.url, f"{PROJECT}:{PROJECT}")
    before = alice.refs()
    line = _one_line_error(alice(command, "team/x"))
    assert "'team/x'" in line
    assert "'/'" in line
    assert alice.refs() == before
    assert refs_of(alice.path, "refs/ledger/remotes/") == {}


def test_the_only_remote_with_a_slash_is_refused_when_chosen_by_default(team: Team) -> None:
    alice = team.clone("Alice")
    alice.git("remote", "rename", "origin", "team/x")
    before = alice.refs()
    line = _one_line_error(alice("fetch"))
    assert "'team/x'" in line
    assert "'/'" in line
    assert alice.refs() == before


# -- M5: teammates' archives in review and list --remote ---------------------------------------


def test_a_teammates_archive_shows_in_list_remote_show_and_review(team: Team) -> None:
    """Old: a teammate's ledger vanished from list --remote and review once archived
    (only sessions/ mirrors were read)."""
    alice, bob = team.clone("Alice"), team.clone("Bob")
    bob.ok("task", "pick a queue")
    proposed = bob.ok("decide", "RabbitMQ", "--proposed", "--scope", "queue",
                      "--because", "ops know it")
    ledger_id = _ledger_id(bob)
    bob.ok("push")
    bob.ok("archive", "--no-carry")
    bob.ok("push")
    assert f"refs/ledger/archive/{ledger_id}" in team.remote_refs()
    assert f"refs/ledger/sessions/{ledger_id}" not in team.remote_refs()

    alice.ok("pull")
    name = f"origin/{ledger_id}"
    # A pull brings no archive (format 4): list --remote shows the ones fetched.
    assert name not in alice.ok("list", "--remote")
    alice.ok("fetch", "--archives")
    text = alice.ok("list", "--remote")
    (line,) = [ln for ln in text.splitlines() if ln.startswith(name)]
    assert "ARCHIVED" in line
    assert "Bob" in line
    assert "pick a queue" in line
    listed = alice.json("list", "--remote")
    (theirs,) = [s for s in listed["ledgers"] if s["name"] == name]
    assert theirs["archived"] is True

    shown = alice.json("show", "--archive", name)
    assert [e["id"] for e in shown["entries"]] == [proposed]
    assert "RabbitMQ" in alice.ok("show", "--archive", name)

    reviewed = alice.json("review")
    scopes = {s["scope"]: s["decisions"] for s in reviewed["scopes"]}
    (decision,) = [d for d in scopes["queue"] if d["id"] == proposed]
    assert decision["ledger"] == name
    assert decision["status"] == "proposed"
    assert name in reviewed["ledgers"]
    assert f"in {name}" in alice.ok("review")


# -- Low 4: a merge that took one parent's version made no edit -------------------------------


BASE_TIME = "2026-11-30T12:00:00+00:00"
T1 = "2026-11-30T12:10:00+00:00"
T_UNRELATED = "2026-11-30T12:12:00+00:00"
T2 = "2026-11-30T12:20:00+00:00"
T3 = "2026-11-30T12:30:00+00:00"


def dated(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """``at(TIME)``: every write from now on is authored and committed at TIME."""
    def at(when: str) -> None:
        monkeypatch.setenv("GIT_AUTHOR_DATE", when)
        monkeypatch.setenv("GIT_COMMITTER_DATE", when)
    return at


def project_on(store: Store) -> Callable[[str], Ledger]:
    """The project ledger written through ``ref`` (another clone's copy of it)."""
    return lambda ref: Ledger(store, ref, "project", session="")


def test_a_merge_that_only_brought_an_edit_in_is_not_the_edit(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Side A's edit of X (t1) reached it through a merge made at t3 whose first parent
    had X unchanged; side B edited X at t2.  The merge into A keeps A's value: no date,
    neither the edit's nor the merge's, decides (issue 19)."""
    at = dated(monkeypatch)
    store = Store(Repo(repo_with_commit))
    on = project_on(store)

    def fork(ref: str, at_commit: str) -> None:
        git_out(repo_with_commit, "update-ref", ref, at_commit)

    at(BASE_TIME)
    made = on(PROJECT).decide("use sqlite", because="small", scope="storage")
    assert made.entry is not None
    x = made.entry.id
    base = store.tip(PROJECT).commit
    assert base is not None
    # A's other clone edits X at t1 …
    fork("refs/test/a-elsewhere", base)
    at(T1)
    on("refs/test/a-elsewhere").edit(x, text="A: sqlite in WAL mode")
    # … while A writes something unrelated, then merges that clone in at t3.
    at(T_UNRELATED)
    on(PROJECT).decide("an unrelated decision")
    at(T3)
    elsewhere = store.tip("refs/test/a-elsewhere").commit
    assert elsewhere is not None
    brought = merge_into(store, PROJECT, elsewhere, label="a-elsewhere")
    assert brought.outcome == "merged"
    assert brought.conflicts == ()
    a_tip = store.tip(PROJECT).commit
    assert a_tip is not None
    merge_commit = store.git[pygit2.Oid(hex=a_tip)]
    assert isinstance(merge_commit, pygit2.Commit)
    first_parent_x = merge_commit.parents[0].tree[entry_path(x)].id
    assert merge_commit.tree[entry_path(x)].id != first_parent_x  # the old trap
    # B edits X at t2, between A's edit and A's merge.
    fork("refs/test/b", base)
    at(T2)
    on("refs/test/b").edit(x, text="B: sqlite with a pool")
    b_tip = store.tip("refs/test/b").commit
    assert b_tip is not None

    result = merge_into(store, PROJECT, b_tip, label="origin/project")

    assert result.outcome == "merged"
    assert result.conflicts == (Conflict(x, entry_path(x), ("text",), a_tip, b_tip),)
    assert on(PROJECT).get(x).text == "A: sqlite in WAL mode"


def test_the_same_histories_merged_from_the_other_side_agree(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same two histories merged the other way round keep B's value too."""
    at = dated(monkeypatch)
    store = Store(Repo(repo_with_commit))
    on = project_on(store)

    at(BASE_TIME)
    made = on(PROJECT).decide("use sqlite", because="small")
    assert made.entry is not None
    x = made.entry.id
    base = store.tip(PROJECT).commit
    assert base is not None
    for ref in ("refs/test/a", "refs/test/a-elsewhere", "refs/test/b"):
        git_out(repo_with_commit, "update-ref", ref, base)
    at(T1)
    on("refs/test/a-elsewhere").edit(x, text="A: sqlite in WAL mode")
    at(T_UNRELATED)
    on("refs/test/a").decide("an unrelated decision")
    at(T3)
    elsewhere = store.tip("refs/test/a-elsewhere").commit
    assert elsewhere is not None
    merge_into(store, "refs/test/a", elsewhere, label="a-elsewhere")
    at(T2)
    on("refs/test/b").edit(x, text="B: sqlite with a pool")
    at(T3)
    a_tip = store.tip("refs/test/a").commit
    assert a_tip is not None
    b_tip = store.tip("refs/test/b").commit
    assert b_tip is not None
    # B merges A in: B keeps its own value (the local side; no date decides).
    result = merge_into(store, "refs/test/b", a_tip, label="a")
    assert result.conflicts == (Conflict(x, entry_path(x), ("text",), b_tip, a_tip),)
    assert on("refs/test/b").get(x).text == "B: sqlite with a pool"


# -- review and list --remote leave this clone's own mirrors out -------------------------------


def test_own_mirrors_are_neither_reviewed_nor_listed(team: Team) -> None:
    alice = team.clone("Alice")
    alice.ok("task", "ship the cache")
    mine = alice.ok("decide", "cache in memory", "--because", "small")
    ledger_id = _ledger_id(alice)
    alice.ok("push")
    alice.ok("pull")
    assert MIRRORS + f"sessions/{ledger_id}" in alice.refs()

    def check_nothing_of_mine() -> None:
        reviewed = alice.json("review")
        assert reviewed["ledgers"] == ["project"]
        names = {d["ledger"] for s in reviewed["scopes"] for d in s["decisions"]}
        assert not any(n.startswith("origin/") for n in names), reviewed
        assert mine not in {d["id"] for s in reviewed["scopes"] for d in s["decisions"]}
        text = alice.ok("list", "--remote")
        assert text.startswith("No teammates' ledgers fetched"), text
        assert ledger_id not in text
        assert alice.json("list", "--remote")["ledgers"] == []
        assert alice.json("list", "--remote", "origin")["ledgers"] == []

    check_nothing_of_mine()
    # Archived and pushed: the archive's mirror is this clone's own too.
    alice.ok("archive", "--no-carry")
    alice.ok("push")
    alice.ok("pull")
    alice.ok("fetch", "--archives")  # a pull brings no archive mirror; this one does
    assert MIRRORS + f"archive/{ledger_id}" in alice.refs()
    check_nothing_of_mine()


def test_teardown_leaves_the_config_file_byte_for_byte_as_before_setup(repo: Path) -> None:
    """libgit2 writes setup's lines under a second copy of the section header when the
    section is not the file's last; teardown takes that copy away again."""
    from gitledger.storage.remotes import setup, teardown

    git(repo, "remote", "add", "origin", str(repo.parent / "remote.git"))
    git(repo, "config", "branch.main.remote", "origin")  # a section after the remote's
    config = repo / ".git" / "config"
    before = config.read_bytes()

    added = setup(repo, "origin")
    assert config.read_bytes() != before
    assert added.changed
    removed = teardown(repo, "origin")

    assert sorted(removed.changed) == sorted(added.changed)
    assert config.read_bytes() == before
