"""Format 3 archives: month chains, read by the names archives always had, and the
migration of them back into tags (format 4, ``doctor --fix``), in real repositories.  The
chains are built as format 3 wrote them (``tests.builders.to_format_3``)."""

from __future__ import annotations

import json
import time
from datetime import UTC
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gitledger.audit.doctor import doctor
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger.archives import list_archives, prune
from gitledger.ledger.lifecycle import archive
from gitledger.ledger.operations import Ledger
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.layout import ARCHIVE_PREFIX, CLONE_ID_FILE, MONTHS_PREFIX
from gitledger.storage.month_chains import (
    INDEX_FILE,
    ArchiveIndex,
    Item,
    assemble,
    is_chain,
    moved_names,
)
from gitledger.storage.repo import Repo, now
from gitledger.storage.store import RECHECK_SECONDS, Store
from tests.builders import to_format_3
from tests.conftest import git


def archived(repo: Path, monkeypatch: pytest.MonkeyPatch, task: str, when: str) -> str:
    """A ledger with ``task`` and one question, archived at ``when``; its id."""
    ledger = Ledger.open(repo)
    ledger.set_task(task)
    ledger.open_question(f"question of {task}")
    monkeypatch.setenv("GIT_COMMITTER_DATE", when)
    result = archive(repo, mode="none")
    monkeypatch.delenv("GIT_COMMITTER_DATE")
    to_format_3(repo)  # as format 3 archived it: a commit of the month's chain
    return result.archive.removeprefix(ARCHIVE_PREFIX)


def chains(repo: Path) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", MONTHS_PREFIX)
    return dict(line.split(" ") for line in out.splitlines())


def test_an_archive_is_a_commit_of_this_months_chain(repo_with_commit: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    first = archived(repo_with_commit, monkeypatch, "first", "2026-03-02T10:00:00+00:00")
    second = archived(repo_with_commit, monkeypatch, "second", "2026-03-20T10:00:00+00:00")
    third = archived(repo_with_commit, monkeypatch, "third", "2026-04-01T10:00:00+00:00")
    clone = (repo_with_commit / ".git" / CLONE_ID_FILE).read_text().strip()
    assert set(chains(repo_with_commit)) == {f"{MONTHS_PREFIX}2026-03/{clone}",
                                             f"{MONTHS_PREFIX}2026-04/{clone}"}
    # No ref per archive: the names are read through the chains.
    assert git(repo_with_commit, "for-each-ref", ARCHIVE_PREFIX) == ""
    march = f"{MONTHS_PREFIX}2026-03/{clone}"
    # Plain git reads it: one commit per archive, the ledger as its last parent.
    parents = git(repo_with_commit, "rev-list", "--parents", "-n1", march).split()
    store = Store(Repo(repo_with_commit))
    second_archive = store.chained(ARCHIVE_PREFIX + second)
    assert second_archive is not None
    assert parents[0] == second_archive.event
    assert parents[2] == second_archive.commit
    assert len(parents) == 3
    assert git(repo_with_commit, "log", "-1", "--format=%an %ad", "--date=iso-strict",
               march).strip() == "Ada Tester 2026-03-20T10:00:00+00:00"
    assert f"Ledger-Archived: {second}" in git(repo_with_commit, "log", "-1", march)
    assert git(repo_with_commit, "ls-tree", "--name-only", march).split() == [second]
    assert git(repo_with_commit, "ls-tree", "-r", "--name-only", f"{march}:{second}",
               "entries").split()  # the archived ledger's tree, by its id
    # Every reader sees the three archives by name, newest first.
    assert [a.id for a in list_archives(repo_with_commit)] == [third, second, first]
    assert {ARCHIVE_PREFIX + i for i in (first, second, third)} <= set(store.ledger_refs())
    assert not any(is_chain(r) for r in store.ledger_refs())
    reader = ArchiveStore(Repo(repo_with_commit))
    view = reader.tip(ARCHIVE_PREFIX + first).view
    assert view is not None
    assert view.names("entries")


def test_the_index_cache_is_derived(repo_with_commit: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ids = [archived(repo_with_commit, monkeypatch, f"task {n}", f"2026-05-0{n}T10:00:00Z")
           for n in range(1, 4)]
    cache = repo_with_commit / ".git" / CACHE_DIR / INDEX_FILE
    expected = {ARCHIVE_PREFIX + i for i in ids}
    assert expected <= set(Store(Repo(repo_with_commit)).ledger_refs())
    assert cache.exists()
    saved = json.loads(cache.read_text())
    assert saved["version"] == 2
    assert len(next(iter(saved["chains"].values()))["items"]) == 3
    # Garbage, or a cache that lies about a tip, is read again from git.
    cache.write_text("{not json")
    assert expected <= set(Store(Repo(repo_with_commit)).ledger_refs())
    chain = next(iter(saved["chains"]))
    saved["chains"][chain]["items"] = saved["chains"][chain]["items"][:1]
    saved["chains"][chain]["tip"] = "0" * 40
    cache.write_text(json.dumps(saved))
    assert expected <= set(Store(Repo(repo_with_commit)).ledger_refs())
    # A later archive is read on top of what the cache held.
    more = archived(repo_with_commit, monkeypatch, "task 4", "2026-05-09T10:00:00Z")
    assert ARCHIVE_PREFIX + more in Store(Repo(repo_with_commit)).ledger_refs()


def test_a_chain_commit_that_is_no_archive_ends_the_walk(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A teammate's chain can hold anything: a commit without ``Ledger-Archived`` (or
    with three parents) is not read as an archive, nor is anything behind it."""
    first = archived(repo_with_commit, monkeypatch, "first", "2026-06-01T10:00:00Z")
    (chain, tip), = chains(repo_with_commit).items()
    tree = git(repo_with_commit, "rev-parse", f"{tip}^{{tree}}").strip()
    forged = git(repo_with_commit, "commit-tree", tree, "-p", tip, "-p", tip,
                 "-m", "not an archive").strip()
    git(repo_with_commit, "update-ref", chain, forged)
    assert ARCHIVE_PREFIX + first not in Store(Repo(repo_with_commit)).ledger_refs()
    (finding,) = [f for f in doctor(repo_with_commit).findings if f.code == "chain-broken"]
    assert finding.ref == chain
    assert "names no archived ledger" in finding.message
    git(repo_with_commit, "update-ref", chain, tip)
    assert ARCHIVE_PREFIX + first in Store(Repo(repo_with_commit)).ledger_refs()
    assert "chain-broken" not in [f.code for f in doctor(repo_with_commit).findings]


def test_prune_takes_whole_months_only(repo_with_commit: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    early = archived(repo_with_commit, monkeypatch, "early", "2025-01-03T10:00:00Z")
    late = archived(repo_with_commit, monkeypatch, "late", "2025-01-30T10:00:00Z")
    march = archived(repo_with_commit, monkeypatch, "march", "2025-03-03T10:00:00Z")
    # The date splits January: its chain goes whole or not at all, so both stay.
    result = prune(repo_with_commit, "2025-01-15")
    assert result.pruned == ()
    assert {ref for ref, _ in result.skipped} == {ARCHIVE_PREFIX + early}
    assert "goes whole or not at all" in result.skipped[0][1]
    result = prune(repo_with_commit, "2025-02-01")
    assert sorted(a.id for a in result.pruned) == sorted([early, late])
    assert [a.id for a in list_archives(repo_with_commit)] == [march]
    assert len(chains(repo_with_commit)) == 1


def test_prune_keeps_the_month_under_way(repo_with_commit: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The chain of the month under way is still appended to (and pushed): never pruned,
    even when every archive it holds is older than the date."""
    start = now().astimezone(UTC).replace(day=1, hour=0, minute=0, second=0)
    made = archived(repo_with_commit, monkeypatch, "now", start.isoformat())
    result = prune(repo_with_commit, now())
    assert result.pruned == ()
    assert result.skipped[0][0] == ARCHIVE_PREFIX + made
    assert "this month's" in result.skipped[0][1]
    assert [a.id for a in list_archives(repo_with_commit)] == [made]


def test_a_store_sees_what_another_archived_after_it_read(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long-lived store (the tour, the MCP server) read the chains once; an archive by
    another store, or a chain git moved, is seen at its next read."""
    watching = Store(Repo(repo_with_commit))
    first = archived(repo_with_commit, monkeypatch, "first", "2026-07-01T10:00:00Z")
    assert ARCHIVE_PREFIX + first in watching.ledger_refs()
    second = archived(repo_with_commit, monkeypatch, "second", "2026-07-02T10:00:00Z")
    assert watching.tag_message(ARCHIVE_PREFIX + second) is not None
    git(repo_with_commit, "pack-refs", "--all")
    (chain, tip), = chains(repo_with_commit).items()
    git(repo_with_commit, "update-ref", chain, f"{tip}^1")  # back to the first archive
    time.sleep(RECHECK_SECONDS * 2)  # another process's move: seen at the next look
    assert ARCHIVE_PREFIX + second not in watching.ledger_refs()


def test_archives_mirrored_as_here_are_left_out_chain_by_chain(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = archived(repo_with_commit, monkeypatch, "one", "2026-10-05T10:00:00+00:00")
    second = archived(repo_with_commit, monkeypatch, "two", "2026-11-05T10:00:00+00:00")
    mirror = "refs/ledger/remotes/origin/"
    own = chains(repo_with_commit)
    for chain, tip in own.items():  # as a fetch of what this clone pushed leaves them
        git(repo_with_commit, "update-ref", mirror + chain.removeprefix("refs/ledger/"), tip)
    names = {mirror + f"archive/{first}", mirror + f"archive/{second}"}
    store = Store(Repo(repo_with_commit))
    everything = store.refs_under(mirror)
    assert names <= set(everything)
    assert store.refs_unlike_here(mirror) == {
        ref: tip for ref, tip in everything.items() if ref not in names}
    # The mirrors at our chains' tips are kept once in the cache file, and read back alike.
    saved = json.loads((repo_with_commit / ".git" / CACHE_DIR / INDEX_FILE).read_text())
    assert {c: e for c, e in saved["chains"].items() if c.startswith(mirror)} == {
        mirror + c.removeprefix("refs/ledger/"): {"tip": t, "same": True}
        for c, t in own.items()}
    assert Store(Repo(repo_with_commit)).refs_under(mirror) == everything
    owned = store.owns()
    assert all(owned(ref) for ref in store.ledger_refs())
    assert not any(owned(ref) for ref in [*everything, *own, ARCHIVE_PREFIX + "nothing"])
    # Someone else's push moved one month's copy: its archives are looked at one by one.
    october = next(c for c in own if "/2026-10/" in c)
    forged = git(repo_with_commit, "commit-tree", "-m", f"not yours\n\nLedger-Archived: {first}",
                 "-p", own[october], f"{own[october]}^{{tree}}").strip()
    git(repo_with_commit, "update-ref", mirror + october.removeprefix("refs/ledger/"), forged)
    store = Store(Repo(repo_with_commit))
    store.forget_archives()
    everything = store.refs_under(mirror)
    assert mirror + f"archive/{first}" in everything
    assert store.refs_unlike_here(mirror) == {
        ref: tip for ref, tip in everything.items() if ref != mirror + f"archive/{second}"}
    assert store.refs_unlike_here("refs/ledger/remotes/elsewhere/") == {}


# -- which names moved: chain by chain, held to the whole listings' difference ------------

_REMOTE = "refs/ledger/remotes/origin/"
_CHAINS = [f"{_REMOTE}months/2026-{m:02d}/{c}" for m in (1, 2) for c in ("aaa", "bbb")]
_IDS = ("id1", "id2", "id3", "id4")


@st.composite
def _listing(draw: st.DrawFn) -> tuple[dict[str, str], ArchiveIndex]:
    """Real refs under the remote's prefix and an index of some of ``_CHAINS``."""
    read: dict[str, tuple[str, list[Item]]] = {}
    for chain in draw(st.sets(st.sampled_from(_CHAINS))):
        ids = draw(st.lists(st.sampled_from(_IDS), max_size=4))
        read[chain] = (draw(st.sampled_from(("t1", "t2"))),
                       [(i, draw(st.sampled_from(("e1", "e2", "e3"))), "c", "a", 0, 0)
                        for i in ids])
    tags = draw(st.sets(st.sampled_from([f"{_REMOTE}archive/{i}" for i in _IDS]), max_size=2))
    refs = {ref: draw(st.sampled_from(("r1", "r2"))) for ref in [*read, *tags]}
    return refs, assemble(read, tags)


def _whole(refs: dict[str, str], index: ArchiveIndex) -> dict[str, str]:
    """What ``Store.refs_under`` lists: the refs, then the chains' names not among them."""
    found = dict(refs)
    for name in index.names():
        if name.startswith(_REMOTE) and name not in found:
            found[name] = index.event_of(name) or ""
    return found


@given(_listing(), _listing())
def test_moved_names_are_the_whole_listings_difference(
        before: tuple[dict[str, str], ArchiveIndex],
        after: tuple[dict[str, str], ArchiveIndex]) -> None:
    (refs_before, index_before), (refs_after, index_after) = before, after
    # A chain at the same tip holds the same archives: only then is it "not moved".
    for chain, tip in index_after.tips.items():
        if index_before.tips.get(chain) == tip:
            index_after.read[chain] = index_before.read[chain]
    index_after = assemble(index_after.read, index_after.shadowed)
    old, new = _whole(refs_before, index_before), _whole(refs_after, index_after)
    expected = [(name, old.get(name), new.get(name)) for name in sorted({*old, *new})
                if old.get(name) != new.get(name)]
    assert moved_names(_REMOTE, refs_before, index_before, refs_after, index_after) == expected
