"""``storage/provenance.py``: who wrote and last changed each part of a ledger, from its
commits, kept in a derived cache that follows the tip incrementally."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygit2
import pytest

from gitledger.core.codec import encode_entry, encode_focus
from gitledger.core.ids import entry_path
from gitledger.core.model import Change, Focus
from gitledger.ledger.authorship import (
    LedgerProvenance,
    Others,
    Provenance,
    ledger_provenance,
    same_person,
    solo_provenance,
)
from gitledger.storage.provenance import TASK_KEY, cache_path
from gitledger.storage.signatures import author_of
from gitledger.storage.store import Store
from tests.builders import make_entry, put, store_at
from tests.conftest import git

REF = "refs/ledger/project"
ADA = "Ada Tester <ada@example.com>"
BOB = "Bob Builder <bob@example.com>"
CAROL = "Carol Coder <carol@example.com>"
ONE, TWO = make_entry("d-aaaaaaaaaa"), make_entry("d-bbbbbbbbbb")


Be = Callable[[str], None]


@pytest.fixture
def be(monkeypatch: pytest.MonkeyPatch) -> Be:
    def switch(ident: str) -> None:
        name, _, email = ident.partition(" <")
        for role in ("AUTHOR", "COMMITTER"):
            monkeypatch.setenv(f"GIT_{role}_NAME", name)
            monkeypatch.setenv(f"GIT_{role}_EMAIL", email.rstrip(">"))
    return switch


def _records(store: Store) -> LedgerProvenance:
    return ledger_provenance(store, REF, store.tip(REF).commit)


def _pair(records: LedgerProvenance, entry_id: str) -> tuple[str, str]:
    found = records.entry(entry_id)
    assert found is not None
    return found.created_by, found.changed_by


def _history(repo: Path, be: Be) -> Store:
    """Ada writes ONE and a task; Bob writes TWO and edits ONE; Carol changes only NEXT."""
    store = store_at(repo)
    be(ADA)
    put(store, REF, {entry_path(ONE.id): encode_entry(ONE),
                     "state.toml": encode_focus(Focus(task="the task", seq=1))})
    be(BOB)
    put(store, REF, {entry_path(TWO.id): encode_entry(TWO),
                     "state.toml": encode_focus(Focus(task="the task", seq=2))})
    put(store, REF, {entry_path(ONE.id): encode_entry(replace(ONE, text="Bob's text"))})
    be(CAROL)
    put(store, REF, {"state.toml": encode_focus(Focus(task="the task", next="n", seq=3))})
    return store


def test_each_entry_and_focus_field_is_attributed_from_its_commits(repo: Path, be: Be) -> None:
    records = _records(_history(repo, be))
    assert _pair(records, ONE.id) == (ADA, BOB)
    assert _pair(records, TWO.id) == (BOB, BOB)  # although its blob says Ada wrote it
    task, nxt = records.focus("task"), records.focus("next")
    assert task is not None
    assert nxt is not None
    assert (task.created_by, task.changed_by) == (ADA, ADA)  # seq moved, the task did not
    assert (nxt.created_by, nxt.changed_by) == (CAROL, CAROL)
    assert records.entry(ONE.id).others(ADA) == Others(None, "Bob Builder")  # type: ignore[union-attr]
    assert records.entry(TWO.id).others(ADA) == Others("Bob Builder", None)  # type: ignore[union-attr]
    assert records.entry(TWO.id).others(BOB) is None  # type: ignore[union-attr]


def test_the_cache_is_keyed_by_the_tip_and_follows_it_incrementally(repo: Path, be: Be) -> None:
    store = _history(repo, be)
    _records(store)
    path = cache_path(store, REF)
    data = json.loads(path.read_text())
    assert data["tip"] == store.tip(REF).commit
    # Rename everyone in the cache: a read at the same tip believes it (nothing is walked),
    # and a read after one more commit walks only that commit, so the rest stays renamed.
    data["people"] = [f"Cached {i} <c{i}@example.com>" for i in range(len(data["people"]))]
    path.write_text(json.dumps(data))
    assert _pair(_records(store), TWO.id)[0].startswith("Cached")
    be(CAROL)
    put(store, REF, {entry_path(TWO.id): encode_entry(replace(TWO, text="Carol's"))})
    again = _records(store)
    assert _pair(again, TWO.id)[1] == CAROL
    assert _pair(again, ONE.id)[0].startswith("Cached")
    assert json.loads(path.read_text())["tip"] == store.tip(REF).commit


@pytest.mark.parametrize("damage", ["garbage", "wrong version", "missing tip commit",
                                    "bad indexes"])
def test_a_damaged_cache_is_rebuilt(repo: Path, be: Be, damage: str) -> None:
    store = _history(repo, be)
    truth = _records(store)
    path = cache_path(store, REF)
    data = json.loads(path.read_text())
    be(CAROL)
    put(store, REF, {entry_path(TWO.id): encode_entry(replace(TWO, text="Carol's"))})
    if damage == "garbage":
        path.write_text("{not json")
    elif damage == "wrong version":
        path.write_text(json.dumps({**data, "version": -1}))
    elif damage == "missing tip commit":
        path.write_text(json.dumps({**data, "tip": "0" * 40}))
    else:
        keys = "\0".join(data["records"].values())
        path.write_text(json.dumps({**data, "records": {"99,-1": keys}}))
    records = _records(store)
    assert _pair(records, ONE.id) == _pair(truth, ONE.id)
    assert _pair(records, TWO.id) == (BOB, CAROL)


def test_a_rewritten_or_rewound_history_is_derived_again(repo: Path, be: Be) -> None:
    store = _history(repo, be)
    first = git(repo, "rev-list", "--max-parents=0", REF).strip()
    _records(store)
    # Rewound: the ref goes back to Ada's first commit.
    git(repo, "update-ref", REF, first)
    assert _pair(_records(store), ONE.id) == (ADA, ADA)
    assert _records(store).entry(TWO.id) is None
    # Rewritten: a history that does not contain the cached tip at all.
    be(CAROL)
    other = store.commit_change(first, Change("x", (), {
        entry_path(TWO.id): encode_entry(TWO)}))
    git(repo, "update-ref", REF, other)
    assert _pair(_records(store), TWO.id) == (CAROL, CAROL)


def test_a_merge_inherits_the_side_it_takes_and_owns_what_is_new(repo: Path, be: Be) -> None:
    store = store_at(repo)
    be(ADA)
    base = put(store, REF, {entry_path(ONE.id): encode_entry(ONE),
                            entry_path(TWO.id): encode_entry(TWO)})
    _records(store)  # cached at the base: the merge below is walked incrementally
    be(BOB)
    theirs = store.commit_change(base, Change("bob", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Bob's one")),
        entry_path(TWO.id): encode_entry(replace(TWO, text="Bob's two"))}))
    be(ADA)
    ours = put(store, REF, {entry_path(TWO.id): encode_entry(replace(TWO, because="Ada's"))})
    be(CAROL)  # whoever makes the merge commit
    merged = store.commit_change(ours, Change("merge", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Bob's one")),  # their side
        entry_path(TWO.id): encode_entry(replace(TWO, text="Bob's two", because="Ada's")),
    }, parents=(theirs,)))
    git(repo, "update-ref", REF, merged)
    records = _records(store)
    assert records.entry(ONE.id) == Provenance(ADA, BOB)
    assert records.entry(TWO.id) == Provenance(ADA, CAROL, (BOB,))
    cold = cache_path(store, REF)
    cold.unlink()
    assert _records(store).records == records.records  # the same from scratch


def test_same_person_is_the_same_email() -> None:
    assert same_person("Ada <ADA@example.com>", "Ada Lovelace <ada@example.com>")
    assert not same_person("Ada <ada@example.com>", "Ada <ada@evil.example>")
    assert not same_person(ADA, None)
    assert Others("x" * 80, None).label().startswith("[by xxx")


def test_a_one_person_history_answers_as_its_records_do_without_them(
        repo: Path, be: Be, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_at(repo)
    be(ADA)
    put(store, REF, {entry_path(ONE.id): encode_entry(replace(ONE, author=BOB))})
    put(store, REF, {entry_path(TWO.id): encode_entry(TWO),
                     "state.toml": encode_focus(Focus(task="t", seq=2))})
    tip = store.tip(REF).commit
    full = _records(store)
    solo = solo_provenance(store, REF, tip, ADA)
    assert solo is not None
    assert solo_provenance(store, REF, tip, BOB) is None  # Bob made none of the commits
    assert solo_provenance(store, REF, tip, None) is None
    for key in (ONE.id, TWO.id, TASK_KEY):  # what the tree holds (restore asks of nothing else)
        for me in (ADA, BOB, None):
            assert solo.others(key, me) == full.others(key, me), (key, me)
    assert not solo.anyone_else(ADA)
    assert full.anyone_else(BOB)
    assert solo.anyone_else(BOB)
    # Someone else's commit, or a history past the walk's bound: the records decide.
    be(BOB)
    put(store, REF, {entry_path(ONE.id): encode_entry(replace(ONE, text="Bob's"))})
    assert solo_provenance(store, REF, store.tip(REF).commit, ADA) is None
    monkeypatch.setattr("gitledger.storage.provenance.SOLO_WALK", 1)
    assert solo_provenance(store, REF, tip, ADA) is None


def test_created_by_lists_the_entries_whose_first_commit_was_mine(repo: Path, be: Be) -> None:
    records = _records(_history(repo, be))
    assert records.created_by(ADA) == {ONE.id}
    assert records.created_by(BOB) == {TWO.id}
    assert records.created_by(CAROL) == frozenset()
    assert records.anyone_else(ADA)


@pytest.fixture
def walked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The commits the records' walk reads, in order (it asks each one's author once)."""
    seen: list[str] = []

    def counted(commit: pygit2.Commit) -> pygit2.Signature:
        seen.append(str(commit.id))
        return author_of(commit)

    monkeypatch.setattr("gitledger.storage.provenance.author_of", counted)
    return seen


def _forged(repo: Path, parent: str, tree_of: str) -> str:
    """A commit on ``parent`` with ``tree_of``'s tree and two author lines: libgit2 reads
    Ada's, git (and so the records) Carol's."""
    tree = git(repo, "rev-parse", f"{tree_of}^{{tree}}").strip()
    raw = (f"tree {tree}\nparent {parent}\n"
           f"author {ADA} 1700000000 +0000\nauthor {CAROL} 1700000000 +0000\n"
           f"committer {CAROL} 1700000000 +0000\n\nforged\n")
    done = subprocess.run(["git", "hash-object", "-t", "commit", "-w", "--literally", "--stdin"],
                          cwd=repo, input=raw, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_pull_after_a_pull_walks_only_what_the_second_brought(
        repo: Path, be: Be, walked: list[str]) -> None:
    """The teammates' commits branch from their tip of the last pull, not from ours: the
    records kept at the merge's parents let the next merge walk only the new commits, and
    give what a walk from the root gives (merges, a renamed entry file, a forged author)."""
    store = store_at(repo)
    be(ADA)
    base = put(store, REF, {entry_path(ONE.id): encode_entry(ONE)})
    _records(store)
    be(BOB)
    theirs = store.commit_change(base, Change("bob", (), {
        entry_path(TWO.id): encode_entry(TWO)}))
    be(ADA)  # ONE's file renamed to a path that is not an entry's
    ours = put(store, REF, {entry_path(ONE.id): None, "notes/one.toml": encode_entry(ONE)})
    be(CAROL)
    merged = store.commit_change(ours, Change("merge", (), {
        entry_path(TWO.id): encode_entry(TWO)}, parents=(theirs,)))
    git(repo, "update-ref", REF, merged)
    _records(store)
    be(BOB)
    theirs = store.commit_change(theirs, Change("bob", (), {
        entry_path(TWO.id): encode_entry(replace(TWO, text="Bob's two"))}))
    theirs = _forged(repo, theirs, store.commit_change(theirs, Change("x", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Carol's one"))})))
    be(ADA)
    again = store.commit_change(merged, Change("merge", (), {
        entry_path(TWO.id): encode_entry(replace(TWO, text="Bob's two")),
        entry_path(ONE.id): encode_entry(replace(ONE, text="Carol's one")),
        "notes/one.toml": None}, parents=(theirs,)))
    git(repo, "update-ref", REF, again)
    walked.clear()
    records = _records(store)
    assert len(walked) == 3  # Bob's two commits and the merge, not the history before
    assert records.entry(TWO.id) == Provenance(BOB, BOB)
    assert records.entry(ONE.id) == Provenance(ADA, CAROL)  # git's reading of the forged commit
    assert records.of("notes/one.toml") is None
    for cached in cache_path(store, REF).parent.glob("provenance-*"):
        cached.unlink()
    walked.clear()
    assert _records(store).records == records.records  # the same from the root
    assert len(walked) == 7


def _pulled(repo: Path, be: Be) -> tuple[Store, str, str]:
    """Ada writes ONE; Bob, from there, TWO; Ada merges Bob's commit (a pull): the store,
    Bob's commit and the merge, the ledger's tip."""
    store = store_at(repo)
    be(ADA)
    base = put(store, REF, {entry_path(ONE.id): encode_entry(ONE)})
    be(BOB)
    theirs = store.commit_change(base, Change("bob", (), {
        entry_path(TWO.id): encode_entry(TWO)}))
    be(ADA)
    merged = store.commit_change(base, Change("merge", (), {
        entry_path(TWO.id): encode_entry(TWO)}, parents=(theirs,)))
    git(repo, "update-ref", REF, merged)
    return store, theirs, merged


def _merge_bobs_one(repo: Path, be: Be, store: Store, on: str, into: str) -> tuple[str, str]:
    """Bob edits ONE on commit ``on``; Ada merges that into ``into``, the ledger's new tip:
    Bob's commit and the merge."""
    be(BOB)
    theirs = store.commit_change(on, Change("bob", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Bob's one"))}))
    be(ADA)
    merged = store.commit_change(into, Change("merge", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Bob's one"))}, parents=(theirs,)))
    git(repo, "update-ref", REF, merged)
    return theirs, merged


def test_a_local_write_after_a_pull_keeps_the_merge_to_walk_on_from(
        repo: Path, be: Be, walked: list[str]) -> None:
    """We pull and push, write on; a teammate writes on what we pushed: the next merge
    walks only the teammate's commit and itself, although our tip moved past the merge."""
    store, _, pushed = _pulled(repo, be)
    _records(store)
    ours = put(store, REF, {"state.toml": encode_focus(Focus(task="on", seq=3))})
    _records(store)
    theirs, merged = _merge_bobs_one(repo, be, store, pushed, ours)
    walked.clear()
    records = _records(store)
    assert walked == [theirs, merged]
    assert records.entry(ONE.id) == Provenance(ADA, BOB)
    assert records.entry(TWO.id) == Provenance(BOB, BOB)
    assert records.focus("task") == Provenance(ADA, ADA)


def test_commits_that_branch_from_an_older_commit_walk_on_from_the_log(
        repo: Path, be: Be, walked: list[str]) -> None:
    """A teammate's commits that branch from a commit older than anything kept beside the
    tip (their clone had not pulled since): the records there come from the log of what
    each walked commit set, so only the new commits are walked, and the records are the
    ones a walk from the root gives (a renamed entry file, a forged author line)."""
    store = store_at(repo)
    be(ADA)
    base = put(store, REF, {entry_path(ONE.id): encode_entry(ONE)})
    be(BOB)
    older = store.commit_change(base, Change("bob", (), {
        entry_path(TWO.id): encode_entry(TWO)}))
    newer = store.commit_change(older, Change("bob", (), {
        entry_path(TWO.id): encode_entry(replace(TWO, text="Bob's two"))}))
    be(ADA)  # ONE's file renamed to a path that is not an entry's
    ours = put(store, REF, {entry_path(ONE.id): None, "notes/one.toml": encode_entry(ONE)})
    merged = store.commit_change(ours, Change("merge", (), {
        entry_path(TWO.id): encode_entry(replace(TWO, text="Bob's two"))}, parents=(newer,)))
    git(repo, "update-ref", REF, merged)
    _records(store)
    be(BOB)  # from the older commit, and signed off with a second author line
    branch = _forged(repo, older, store.commit_change(older, Change("x", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Carol's one"))})))
    be(ADA)
    again = store.commit_change(merged, Change("merge", (), {
        entry_path(ONE.id): encode_entry(replace(ONE, text="Carol's one")),
        "notes/one.toml": None}, parents=(branch,)))
    git(repo, "update-ref", REF, again)
    walked.clear()
    records = _records(store)
    assert walked == [branch, again]
    assert records.entry(ONE.id) == Provenance(ADA, CAROL)
    assert records.entry(TWO.id) == Provenance(BOB, BOB)
    for cached in cache_path(store, REF).parent.glob("provenance-*"):
        cached.unlink()
    assert _records(store).records == records.records


@pytest.mark.parametrize("damage", ["garbage", "cut short", "another ref"])
def test_a_damaged_log_is_walked_from_the_root(repo: Path, be: Be, damage: str) -> None:
    store, older, _ = _pulled(repo, be)
    ours = put(store, REF, {entry_path(TWO.id): encode_entry(replace(TWO, text="Ada's two"))})
    _records(store)
    log = cache_path(store, REF).with_suffix(".log")
    text = log.read_text()
    log.write_text("{not json\n" if damage == "garbage" else text[:len(text) // 2]
                   if damage == "cut short" else text.replace(REF, REF + "x"))
    _merge_bobs_one(repo, be, store, older, ours)
    records = _records(store)
    assert records.entry(ONE.id) == Provenance(ADA, BOB)
    assert records.entry(TWO.id) == Provenance(BOB, ADA)
