"""The merge core: two copies of one ledger that diverged come together without loss.

Everything runs in real repositories.  Most tests use one repository and make the second
copy of a ledger by hand: the ledger's tip is saved, one side writes on, a second ref
(``refs/test/side``) is set to the saved tip and written differently through the library
(``Ledger`` on that ref, or ``Store.update``), then ``merge_into`` brings that ref's tip
into the ledger.  Which side's tip is newer is set through ``GIT_COMMITTER_DATE``.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygit2
import pytest
from click.testing import CliRunner

from gitledger.core.ids import entry_path
from gitledger.core.model import Change, Event
from gitledger.ledger.decisions import add_evidence
from gitledger.ledger.operations import Ledger
from gitledger.storage.keepalive import keep, kept_path
from gitledger.storage.layout import FOCUS_PATH, KEEP_REF, META_PATH, PROJECT_REF
from gitledger.storage.merge import Conflict, MergeResult, merge_into
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView
from tests.conftest import Run, git

SIDE = "refs/test/side"
OTHER = "refs/test/other"
BASE_TIME = "2026-11-30T12:00:00+00:00"
A_TIME = "2026-11-30T12:10:00+00:00"
B_TIME = "2026-11-30T12:20:00+00:00"
LATER_TIME = "2026-11-30T12:30:00+00:00"


# -- helpers -----------------------------------------------------------------------------


@pytest.fixture
def store(repo_with_commit: Path) -> Store:
    return Store(Repo(repo_with_commit))


@pytest.fixture
def at(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """``at(TIME)``: every write from now on is authored and committed at TIME."""
    def set_time(when: str) -> None:
        monkeypatch.setenv("GIT_AUTHOR_DATE", when)
        monkeypatch.setenv("GIT_COMMITTER_DATE", when)
    return set_time


def project(store: Store) -> Ledger:
    return Ledger(store, PROJECT_REF, "project", session="")


def on(store: Store, ref: str) -> Ledger:
    """The project ledger written through another ref (the other clone's copy)."""
    return Ledger(store, ref, "project", session="")


def tip(store: Store, ref: str) -> str:
    commit = store.tip(ref).commit
    assert commit is not None, f"{ref} does not exist"
    return commit


def fork(store: Store, ref: str, at_commit: str) -> None:
    git(store.repo.workdir, "update-ref", ref, at_commit)


def commit_of(store: Store, sha: str) -> pygit2.Commit:
    obj = store.git[pygit2.Oid(hex=sha)]
    assert isinstance(obj, pygit2.Commit)
    return obj


def trailers(store: Store, sha: str) -> list[tuple[str, str]]:
    """The trailer lines of a commit, in order, every value kept."""
    message = commit_of(store, sha).message
    body = message.strip().split("\n\n")[-1]
    return [(k, v) for k, _, v in (line.partition(": ") for line in body.splitlines())]


def ids(store: Store, ref: str) -> set[str]:
    snapshot = Ledger(store, ref, "project", session="").snapshot()
    assert snapshot.bad == ()
    return {e.id for e in snapshot.entries}


def blob(store: Store, ref: str, path: str) -> bytes | None:
    view = store.tip(ref).view
    assert view is not None
    return view.read(path)


def fsck_clean(store: Store) -> None:
    done = git(store.repo.workdir, "fsck", "--strict", "--no-progress")
    assert "error" not in done.lower(), done
    assert "warning" not in done.lower(), done


def history(store: Store, ref: str) -> list[Event]:
    return list(store.history(ref))


def race_set_ref(store: Store, monkeypatch: pytest.MonkeyPatch, text: str) -> list[str]:
    """Make the project ledger get a decision ``text`` just before the next ``set_ref``
    takes its lock (a concurrent writer); the list gets that decision's id."""
    real = store.set_ref
    raced: list[str] = []

    def racing_set_ref(ref: str, target: str, expected: str | None, reason: str) -> None:
        if not raced:
            written = project(store).decide(text).entry
            assert written is not None
            raced.append(written.id)
        real(ref, target, expected, reason)

    monkeypatch.setattr(store, "set_ref", racing_set_ref)
    return raced


def diverge(store: Store, at: Callable[[str], None],
            a: Callable[[Ledger], Any], b: Callable[[Ledger], Any],
            *, a_time: str = A_TIME, b_time: str = B_TIME) -> tuple[str, str, str]:
    """Write ``a`` on the project ledger and ``b`` on a copy of it made from the same tip;
    (base, project tip, side tip)."""
    base = tip(store, PROJECT_REF)
    at(a_time)
    a(project(store))
    fork(store, SIDE, base)
    at(b_time)
    b(on(store, SIDE))
    at(LATER_TIME)
    return base, tip(store, PROJECT_REF), tip(store, SIDE)


@pytest.fixture
def based(store: Store, at: Callable[[str], None]) -> str:
    """A project ledger with one decision in it, written at BASE_TIME; yields its id."""
    at(BASE_TIME)
    result = project(store).decide("use sqlite", because="small", scope="storage",
                                   over=["postgres"], evidence=["test:a", "test:b"])
    assert result.entry is not None
    return result.entry.id


# -- outcomes ----------------------------------------------------------------------------


def test_created_when_the_local_ref_is_missing(store: Store) -> None:
    on(store, SIDE).decide("from the other clone")
    theirs = tip(store, SIDE)
    assert not store.exists(PROJECT_REF)

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result == MergeResult(PROJECT_REF, "created", None, theirs)
    assert tip(store, PROJECT_REF) == theirs
    assert ids(store, PROJECT_REF) == ids(store, SIDE)


@pytest.mark.parametrize("how", ["equal", "ancestor"])
def test_up_to_date_when_theirs_is_contained(store: Store, based: str, how: str) -> None:
    older = tip(store, PROJECT_REF)
    project(store).decide("a second decision")
    ours = tip(store, PROJECT_REF)
    theirs = ours if how == "equal" else older

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result == MergeResult(PROJECT_REF, "up-to-date", ours, ours)
    assert tip(store, PROJECT_REF) == ours
    assert len(history(store, PROJECT_REF)) == 3  # start, two adds: no merge commit


def test_fast_forward_when_ours_is_contained(store: Store, based: str) -> None:
    ours = tip(store, PROJECT_REF)
    fork(store, SIDE, ours)
    side = on(store, SIDE)
    added = [side.decide(f"decision {n}").entry for n in range(3)]
    side.set_task("a task")  # focus only: not an entry
    theirs = tip(store, SIDE)

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result.outcome == "fast-forward"
    assert (result.before, result.after) == (ours, theirs)
    assert result.incoming == 3
    assert result.conflicts == ()
    assert tip(store, PROJECT_REF) == theirs  # no merge commit
    assert ids(store, PROJECT_REF) == {based, *(e.id for e in added if e)}


def test_fast_forward_retries_when_the_ref_moves_under_it(
        store: Store, based: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast-forward is a compare-and-swap: a write that lands between reading the tip
    and moving the ref makes it look again (now a real merge), never lose the write."""
    fork(store, SIDE, tip(store, PROJECT_REF))
    incoming = on(store, SIDE).decide("theirs").entry
    theirs = tip(store, SIDE)
    raced = race_set_ref(store, monkeypatch, "written concurrently")
    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert raced, "the race was not staged"
    assert result.outcome == "merged"
    assert incoming is not None
    assert ids(store, PROJECT_REF) == {based, incoming.id, raced[0]}
    parents = [str(p) for p in commit_of(store, tip(store, PROJECT_REF)).parent_ids]
    assert parents[1] == theirs
    assert parents[0] == result.before


def test_created_retries_when_the_ref_is_created_under_it(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    incoming = on(store, SIDE).decide("theirs").entry
    theirs = tip(store, SIDE)
    raced = race_set_ref(store, monkeypatch, "started here meanwhile")
    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert raced
    assert result.outcome == "merged"
    assert incoming is not None
    assert ids(store, PROJECT_REF) == {incoming.id, raced[0]}
    assert result.conflicts == ()


def test_diverged_copies_get_a_merge_commit_with_the_union(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    ours_ids: list[str] = []
    theirs_ids: list[str] = []

    def write(into: list[str], who: str) -> Callable[[Ledger], None]:
        def go(ledger: Ledger) -> None:
            for n in range(6):
                result = (ledger.decide(f"{who} decision {n}", scope=f"{who}-{n % 2}")
                          if n % 2 else ledger.open_question(f"{who} question {n}"))
                assert result.entry is not None
                into.append(result.entry.id)
        return go

    base, ours, theirs = diverge(store, at, write(ours_ids, "ours"), write(theirs_ids, "theirs"))
    ours_events = {e.commit for e in store.history_from(ours)}
    theirs_events = {e.commit for e in store.history_from(theirs)}

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    merged = tip(store, PROJECT_REF)
    assert result.outcome == "merged"
    assert (result.before, result.after, result.ref) == (ours, merged, PROJECT_REF)
    assert result.incoming == 6
    assert result.conflicts == ()
    commit = commit_of(store, merged)
    assert [str(p) for p in commit.parent_ids] == [ours, theirs]
    assert ("Ledger-Event", "merge") in trailers(store, merged)
    assert ("Ledger-Merged", theirs) in trailers(store, merged)
    assert not [t for t in trailers(store, merged) if t[0] == "Ledger-Conflict"]
    assert commit.message.startswith("merge origin/project: 6 entries in\n")
    # Nothing lost, nothing invented.
    assert ids(store, PROJECT_REF) == {based, *ours_ids, *theirs_ids}
    assert len(ours_ids) == len(theirs_ids) == 6
    # Both sides' histories are reachable from the merge.
    reachable = {e.commit for e in history(store, PROJECT_REF)}
    assert ours_events | theirs_events | {merged} == reachable
    assert base in reachable
    # Each side's entries are byte for byte what that side wrote.
    for entry_id in ours_ids:
        assert blob(store, PROJECT_REF, entry_path(entry_id)) == \
            store.view_at(ours).read(entry_path(entry_id))
    for entry_id in theirs_ids:
        assert blob(store, PROJECT_REF, entry_path(entry_id)) == \
            store.view_at(theirs).read(entry_path(entry_id))
    fsck_clean(store)


def test_merging_again_after_both_went_on_brings_only_the_new(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    _, _, theirs = diverge(store, at, lambda led: led.decide("ours 1"),
                           lambda led: led.edit(based, text="theirs edits the base"))
    first = merge_into(store, PROJECT_REF, theirs, label="origin/project")
    assert first.outcome == "merged"
    assert first.conflicts == ()
    at("2026-11-30T13:00:00+00:00")
    later = on(store, SIDE).decide("theirs 2").entry
    project(store).decide("ours 2")
    second = merge_into(store, PROJECT_REF, tip(store, SIDE), label="origin/project")

    assert second.outcome == "merged"
    assert second.incoming == 1  # only what the side wrote since the first merge
    assert second.conflicts == ()
    assert later is not None
    assert later.id in ids(store, PROJECT_REF)
    entry = project(store).get(based)
    assert entry.text == "theirs edits the base"
    # The side holds the merge's own parent: merging it back the other way is up to date
    # once the side takes the project's tip.
    assert merge_into(store, SIDE, tip(store, PROJECT_REF), label="x").outcome == \
        "fast-forward"
    fsck_clean(store)


# -- concurrent edits of one entry -------------------------------------------------------


def test_edits_of_different_fields_merge_field_by_field(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    _, _, theirs = diverge(store, at,
                           lambda led: led.edit(based, because="it ships with python"),
                           lambda led: led.edit(based, scope="persistence"))

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result.outcome == "merged"
    assert result.conflicts == ()
    entry = project(store).get(based)
    assert entry.because == "it ships with python"
    assert entry.scope == "persistence"
    assert entry.text == "use sqlite"
    assert not [t for t in trailers(store, tip(store, PROJECT_REF)) if t[0] == "Ledger-Conflict"]
    fsck_clean(store)


@pytest.mark.parametrize("newer", ["ours", "theirs"])
def test_the_same_field_set_differently_is_a_conflict_the_local_value_is_kept(
        store: Store, based: str, at: Callable[[str], None], newer: str) -> None:
    a_time, b_time = (B_TIME, A_TIME) if newer == "ours" else (A_TIME, B_TIME)
    _, ours, theirs = diverge(
        store, at,
        lambda led: led.edit(based, text="use sqlite in WAL mode", because="ours says"),
        lambda led: led.edit(based, text="use sqlite with a pool", scope="db"),
        a_time=a_time, b_time=b_time)

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    # Whichever side's commits are dated later: no date decides (issue 19).
    kept, other = ours, theirs
    path = entry_path(based)
    assert result.outcome == "merged"
    assert result.conflicts == (Conflict(based, path, ("text",), kept, other),)
    entry = project(store).get(based)
    assert entry.text == "use sqlite in WAL mode"
    assert (entry.because, entry.scope) == ("ours says", "db")  # the other fields merged
    merged = tip(store, PROJECT_REF)
    found = trailers(store, merged)
    assert ("Ledger-Entry", based) in found
    assert ("Ledger-Conflict", f"{based} {other} text") in found
    assert "1 concurrent edit" in commit_of(store, merged).message.split("\n")[0]
    # The losing version stays in the history, at the other parent.
    lost = store.view_at(other).read(path)
    assert lost is not None
    assert blob(store, PROJECT_REF, path) != lost
    assert other in {e.commit for e in history(store, PROJECT_REF)}
    fsck_clean(store)


def test_conflict_resolution_is_the_same_from_either_side(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    """Merging A into B and B into A: each keeps its own values (the local side wins), with
    the same conflicts named; the clones converge when one merge is pushed and the other
    fast-forwards to it."""
    _, ours, theirs = diverge(
        store, at,
        lambda led: (led.edit(based, text="one way", because="a"), led.set_task("task A"),
                     led.decide("only on A")),
        lambda led: (led.edit(based, text="another way", because="b"), led.set_task("task B"),
                     led.decide("only on B")),
        a_time=A_TIME, b_time=A_TIME)
    assert commit_of(store, ours).commit_time == commit_of(store, theirs).commit_time
    fork(store, OTHER, theirs)

    into_a = merge_into(store, PROJECT_REF, theirs, label="b")
    into_b = merge_into(store, OTHER, ours, label="a")

    assert into_a.outcome == into_b.outcome == "merged"
    assert {c.kept for c in into_a.conflicts} == {ours}
    assert {c.kept for c in into_b.conflicts} == {theirs}
    assert project(store).get(based).text == "one way"
    assert on(store, OTHER).get(based).text == "another way"
    # B takes A's merge (a fast-forward, A's merge contains B's tip): one tree again.
    assert merge_into(store, OTHER, tip(store, PROJECT_REF), label="a").outcome in (
        "fast-forward", "merged")
    assert {(c.name, c.fields) for c in into_a.conflicts} == \
        {(c.name, c.fields) for c in into_b.conflicts} == \
        {(based, ("text", "because")), ("focus", ("task",))}


def test_a_merged_conflict_shows_in_the_entry_history(
        store: Store, based: str, at: Callable[[str], None], runner: CliRunner) -> None:
    _, _ours, theirs = diverge(store, at, lambda led: led.edit(based, text="ours"),
                              lambda led: led.edit(based, text="theirs"))
    merge_into(store, PROJECT_REF, theirs, label="origin/project")
    merged = tip(store, PROJECT_REF)

    events = project(store).history(based).events
    assert events[0].commit == merged
    run = Run(runner, store.repo.workdir)
    shown = run("show", based, "--project", "--json")
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert data["merged_conflicts"] == [{"commit": merged, "other": theirs,
                                         "fields": ["text"], "path": entry_path(based)}]
    assert data["entry"]["text"] == "ours"
    text = run("show", based, "--project")
    assert text.exit_code == 0
    assert "concurrent edits merged" in text.output
    assert f"git show {theirs[:12]}:{entry_path(based)}" in text.output
    # The other version is where the command says it is.
    other = git(store.repo.workdir, "show", f"{theirs[:12]}:{entry_path(based)}")
    assert 'text = "theirs"' in other


def test_an_entry_without_concurrent_edits_has_no_merged_conflicts(
        store: Store, based: str, at: Callable[[str], None], runner: CliRunner) -> None:
    _, _, theirs = diverge(store, at, lambda led: led.decide("x"),
                           lambda led: led.edit(based, text="theirs"))
    merge_into(store, PROJECT_REF, theirs, label="origin/project")
    shown = Run(runner, store.repo.workdir)("show", based, "--project", "--json")
    assert json.loads(shown.output)["merged_conflicts"] == []


def test_lists_added_to_on_both_sides_are_unioned(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    def ours(led: Ledger) -> None:
        add_evidence(led, based, ["test:c"], remove=["test:a"])
        led.edit(based, over=["postgres", "mysql"])

    def theirs(led: Ledger) -> None:
        add_evidence(led, based, ["test:d"])
        led.edit(based, over=["postgres", "duckdb"])

    _, _, their_tip = diverge(store, at, ours, theirs)
    result = merge_into(store, PROJECT_REF, their_tip, label="origin/project")

    assert result.conflicts == ()
    entry = project(store).get(based)
    assert set(entry.evidence) == {"test:b", "test:c", "test:d"}  # test:a stays removed
    assert len(entry.evidence) == 3
    assert set(entry.over) == {"postgres", "mysql", "duckdb"}
    assert len(entry.over) == 3


def test_an_item_removed_on_one_side_stays_removed_when_the_other_adds(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    _, _, theirs = diverge(store, at,
                           lambda led: add_evidence(led, based, ["test:new"]),
                           lambda led: add_evidence(led, based, [], remove=["test:b"]))
    merge_into(store, PROJECT_REF, theirs, label="origin/project")
    assert project(store).get(based).evidence == ("test:a", "test:new")


def test_focus_task_changed_on_both_sides_is_a_conflict_named_focus(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    def ours(led: Ledger) -> None:
        led.set_task("ours: ship it")
        for n in range(3):
            led.open_question(f"q{n}")

    _, ours_tip, theirs = diverge(
        store, at, ours, lambda led: (led.set_task("theirs: test it"), led.decide("d")))
    seq_ours = project(store).snapshot().focus.seq
    seq_theirs = on(store, SIDE).snapshot().focus.seq
    assert (seq_ours, seq_theirs) == (4, 2)

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result.conflicts == (Conflict("focus", FOCUS_PATH, ("task",), ours_tip, theirs),)
    focus = project(store).snapshot().focus
    assert focus.task == "ours: ship it"  # the local value
    assert focus.seq == 4  # a counter: the larger, no conflict
    found = trailers(store, tip(store, PROJECT_REF))
    assert ("Ledger-Conflict", f"focus {theirs} task") in found
    assert ("Ledger-Entry", "focus") not in found
    # The next entry takes a number neither side used.
    nxt = project(store).decide("after the merge").entry
    assert nxt is not None
    assert nxt.seq == 5


def test_a_project_ledger_born_in_two_clones_merges_without_a_base(
        tmp_path: Path, at: Callable[[str], None], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two clones each start the project ledger before anyone pushed: no merge base, two
    ``ledger.toml`` with different creation times and creators, and that is no conflict."""
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    clones = []
    for name in ("a", "b"):
        path = tmp_path / name
        git(tmp_path, "clone", "-q", str(remote), str(path))
        clones.append(path)
    a, b = clones
    at(A_TIME)
    ada = Ledger.open(a, project=True, session="").decide("ada's decision", scope="api").entry
    at(B_TIME)
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Bob Builder")
    monkeypatch.setenv("GIT_AUTHOR_EMAIL", "bob@example.com")
    bob = Ledger.open(b, project=True, session="").decide("bob's decision", scope="ui").entry
    assert ada is not None
    assert bob is not None
    git(b, "push", "-q", "origin", f"{PROJECT_REF}:{PROJECT_REF}")
    git(a, "fetch", "-q", "origin", f"{PROJECT_REF}:refs/test/bob")
    store = Store(Repo(a))
    theirs = tip(store, "refs/test/bob")
    ours = tip(store, PROJECT_REF)
    assert git(a, "merge-base", ours, theirs, check=False) == ""  # no common history

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result.outcome == "merged"
    assert result.conflicts == ()
    assert result.incoming == 1
    assert ids(store, PROJECT_REF) == {ada.id, bob.id}
    meta = tomllib.loads((blob(store, PROJECT_REF, META_PATH) or b"").decode())
    assert meta["created_by"] == "Ada Tester <ada@example.com>"  # this clone's start
    assert str(meta["created"]).startswith("2026-11-30 12:10:00")
    assert [str(p) for p in commit_of(store, tip(store, PROJECT_REF)).parent_ids] == \
        [ours, theirs]
    assert not [t for t in trailers(store, tip(store, PROJECT_REF)) if t[0] == "Ledger-Conflict"]
    assert Ledger.open(a, project=True).snapshot().bad == ()
    fsck_clean(store)
    # Merged the other way round, Bob's clone keeps its own start (no date decides): still
    # no conflict, and the clones agree once one merge is pushed and fast-forwarded to.
    git(a, "update-ref", "refs/test/ada", ours)
    git(b, "fetch", "-q", str(a), "refs/test/ada:refs/test/ada")
    bstore = Store(Repo(b))
    back = merge_into(bstore, PROJECT_REF, tip(bstore, "refs/test/ada"), label="origin/project")
    assert back.conflicts == ()
    assert b"Bob Builder" in (blob(bstore, PROJECT_REF, META_PATH) or b"")
    assert ids(bstore, PROJECT_REF) == {ada.id, bob.id}


def test_removed_on_one_side_and_changed_on_the_other_is_kept(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    path = entry_path(based)

    def remove(view: TreeView | None) -> tuple[Change, None]:
        return Change("remove it", (("Ledger-Event", "test"),), {path: None}), None

    base = tip(store, PROJECT_REF)
    at(A_TIME)
    store.update(PROJECT_REF, remove)
    fork(store, SIDE, base)
    at(B_TIME)
    on(store, SIDE).edit(based, text="still wanted")
    at(LATER_TIME)

    result = merge_into(store, PROJECT_REF, tip(store, SIDE), label="origin/project")

    assert result.outcome == "merged"
    assert project(store).get(based).text == "still wanted"


def test_removed_on_one_side_and_untouched_on_the_other_stays_removed(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    path = entry_path(based)
    base = tip(store, PROJECT_REF)
    fork(store, SIDE, base)
    at(B_TIME)
    store.update(SIDE, lambda view: (Change("remove it", (("Ledger-Event", "test"),),
                                            {path: None}), None))
    at(A_TIME)
    kept = project(store).decide("ours").entry
    at(LATER_TIME)

    merge_into(store, PROJECT_REF, tip(store, SIDE), label="origin/project")

    assert blob(store, PROJECT_REF, path) is None
    assert kept is not None
    assert ids(store, PROJECT_REF) == {kept.id}


@pytest.mark.parametrize("newer", ["valid", "garbage"])
def test_a_record_one_side_cannot_parse_is_resolved_whole(
        store: Store, based: str, at: Callable[[str], None], newer: str) -> None:
    path = entry_path(based)
    garbage = b'id = "unterminated\nkind = [\n'

    def scribble(led: Ledger) -> None:
        led.store.update(SIDE, lambda view: (Change("scribble", (("Ledger-Event", "test"),),
                                                    {path: garbage}), None))

    a_time, b_time = (B_TIME, A_TIME) if newer == "valid" else (A_TIME, B_TIME)
    _, ours, theirs = diverge(store, at, lambda led: led.edit(based, text="ours, valid"),
                              scribble, a_time=a_time, b_time=b_time)

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    kept, other = ours, theirs  # the local version, whichever is dated later
    assert result.outcome == "merged"
    assert result.conflicts == (Conflict(based, path, ("(whole record)",), kept, other),)
    expected = store.view_at(kept).read(path)
    assert blob(store, PROJECT_REF, path) == expected
    found = trailers(store, tip(store, PROJECT_REF))
    assert ("Ledger-Conflict", f"{based} {other} (whole record)") in found
    fsck_clean(store)


# -- the keep-alive chain ----------------------------------------------------------------


def _unreachable_commit(repo: Path, name: str) -> str:
    """A commit only a deleted branch reached: git gc would delete it unless kept."""
    git(repo, "checkout", "-q", "-b", name)
    (repo / f"{name}.txt").write_text(name)
    git(repo, "add", f"{name}.txt")
    git(repo, "commit", "-q", "-m", name)
    sha = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "main")
    git(repo, "branch", "-q", "-D", name)
    return sha


def test_keep_alive_chains_merge_line_by_line_and_keep_every_commit(
        store: Store, at: Callable[[str], None]) -> None:
    repo = store.repo.workdir
    shared = _unreachable_commit(repo, "shared")
    cited_a = _unreachable_commit(repo, "cited-a")
    cited_b = _unreachable_commit(repo, "cited-b")
    at(BASE_TIME)
    keep(store, [shared], "d-base")
    base = tip(store, KEEP_REF)
    at(A_TIME)
    keep(store, [shared, cited_a], "d-aaaa")
    ours = tip(store, KEEP_REF)
    git(repo, "update-ref", KEEP_REF, base)
    at(B_TIME)
    keep(store, [shared, cited_b], "d-bbbb")
    theirs = tip(store, KEEP_REF)
    git(repo, "update-ref", KEEP_REF, ours)
    at(LATER_TIME)

    result = merge_into(store, KEEP_REF, theirs, label="origin/keep", lines=True)

    assert result.outcome == "merged"
    assert result.conflicts == ()
    assert blob(store, KEEP_REF, kept_path(shared)) == b"d-aaaa\nd-base\nd-bbbb\n"
    assert blob(store, KEEP_REF, kept_path(cited_a)) == b"d-aaaa\n"
    assert blob(store, KEEP_REF, kept_path(cited_b)) == b"d-bbbb\n"
    merged = tip(store, KEEP_REF)
    for sha in (shared, cited_a, cited_b):
        done = git(repo, "merge-base", "--is-ancestor", sha, merged, check=False)
        assert done == ""
        assert sha in git(repo, "rev-list", KEEP_REF).split()
    git(repo, "reflog", "expire", "--expire=now", "--all")
    git(repo, "gc", "-q", "--prune=now")
    for sha in (shared, cited_a, cited_b):
        assert git(repo, "cat-file", "-t", sha).strip() == "commit"
    fsck_clean(store)


def test_a_merge_leaves_no_ref_lock(store: Store, based: str,
                                    at: Callable[[str], None]) -> None:
    _, _, theirs = diverge(store, at, lambda led: led.decide("a"), lambda led: led.decide("b"))
    merge_into(store, PROJECT_REF, theirs, label="origin/project")
    assert not list((store.repo.commondir / "refs").rglob("*.lock"))


def test_the_later_edit_of_a_record_does_not_win_either(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    """Old rule: theirs, which edited the entry later, won.  Dates the other side wrote
    decide nothing now: the local version is kept."""
    def ours_side(led: Ledger) -> None:
        led.edit(based, text="ours, edited at 12:10")
        at(LATER_TIME)
        led.decide("an unrelated decision, at 12:30")

    _, ours, theirs = diverge(store, at, ours_side,
                              lambda led: led.edit(based, text="theirs, edited at 12:20"))
    assert commit_of(store, ours).commit_time > commit_of(store, theirs).commit_time

    result = merge_into(store, PROJECT_REF, theirs, label="origin/project")

    assert result.conflicts == (Conflict(based, entry_path(based), ("text",), ours, theirs),)
    assert project(store).get(based).text == "ours, edited at 12:10"


def test_status_history_across_a_merge_lists_each_change_once(
        store: Store, based: str, at: Callable[[str], None]) -> None:
    """One side edits a decision's reason, the other rejects it: after the merge the
    status history is accepted then rejected, without the edit counted as a return to
    accepted (the history is no line any more) or the merge counted as a rejection."""
    from gitledger.ledger.decisions import entry_history, reject

    _, _, theirs = diverge(store, at,
                           lambda led: led.edit(based, because="measured: small enough"),
                           lambda led: reject(led, based, why="too slow"),
                           a_time=B_TIME, b_time=A_TIME)
    at(LATER_TIME)
    merge_into(store, PROJECT_REF, theirs, label="origin/project")

    history = entry_history(project(store), based)
    assert history.entry.status == "rejected"
    assert history.entry.because == "measured: small enough"
    assert [(status, event.commit) for status, event in history.statuses] == [
        ("accepted", history.events[-1].commit), ("rejected", theirs)]
