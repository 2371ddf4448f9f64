"""``storage/remotes.py``: ref naming and refspecs (pure), and which remote a command uses
(a real repository with remotes configured; nothing is fetched or pushed)."""

from __future__ import annotations

import time
from pathlib import Path

import pygit2
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gitledger.errors import InvalidInput, SyncError
from gitledger.storage.layout import NOTES_REF
from gitledger.storage.mirrors import local_ref_of, mirrors, tracking_prefix, tracking_ref
from gitledger.storage.network import git_complaint
from gitledger.storage.remotes import (
    OversizedProbe,
    blocked,
    brings_oversized,
    default_remote,
    fetch_refspecs,
    run_git,
    setup,
    setup_refspecs,
    teardown,
)
from gitledger.storage.repo import Repo
from tests.builders import put, recording_processes, store_at
from tests.conftest import git

LOCAL_REFS = ("refs/ledger/sessions/abc", "refs/ledger/archive/abc", "refs/ledger/project",
              "refs/ledger/keep", NOTES_REF)


def test_tracking_refs_round_trip() -> None:
    assert tracking_prefix("origin") == "refs/ledger/remotes/origin/"
    assert tracking_ref("origin", "refs/ledger/sessions/abc") == \
        "refs/ledger/remotes/origin/sessions/abc"
    assert tracking_ref("up", NOTES_REF) == "refs/ledger/remotes/up/notes"
    for ref in LOCAL_REFS:
        assert local_ref_of("up", tracking_ref("up", ref)) == ref


def test_fetch_refspecs_force_into_the_mirror_and_exclude_it() -> None:
    specs = fetch_refspecs("origin")
    # The live ledgers by name: no archive, no transcript, no mirror of a mirror.
    assert specs == ["+refs/ledger/sessions/*:refs/ledger/remotes/origin/sessions/*",
                     "+refs/ledger/project*:refs/ledger/remotes/origin/project*",
                     "+refs/ledger/keep*:refs/ledger/remotes/origin/keep*",
                     f"+{NOTES_REF}*:refs/ledger/remotes/origin/notes*"]
    assert fetch_refspecs("origin", ["refs/ledger/project/x"])[-1] == "^refs/ledger/project/x"


def test_setup_refspecs_are_never_forced() -> None:
    specs = setup_refspecs("origin")
    assert {key for key, _ in specs} == {"fetch", "push"}
    assert not any(value.startswith("+") for _, value in specs)
    pushed = [value for key, value in specs if key == "push"]
    assert "refs/ledger/sessions/*:refs/ledger/sessions/*" in pushed
    assert not any("remotes" in value or "transcripts" in value for value in pushed)


def test_setup_moves_archives_as_tags_and_fetches_none() -> None:
    specs = setup_refspecs("origin")
    assert ("push", "refs/ledger/archive/*:refs/ledger/archive/*") in specs
    assert not any("months" in value for key, value in specs if key == "push")
    assert ("fetch", "^refs/ledger/archive/*") in specs  # a pull brings none either


def _remotes(repo: Path, *names: str) -> Repo:
    for name in names:
        git(repo, "remote", "add", name, str(repo.parent / f"{name.replace('/', '-')}.git"))
    return Repo(repo)


def test_default_remote_is_the_one_git_would_use(repo: Path) -> None:
    one = _remotes(repo, "solo")
    assert default_remote(one, None) == "solo"  # the only one there is
    both = _remotes(repo, "origin")
    assert default_remote(both, None) == "origin"
    assert default_remote(both, "solo") == "solo"
    git(repo, "config", "branch.main.remote", "solo")  # the current branch's upstream
    assert default_remote(Repo(repo), None) == "solo"


def test_default_remote_refusals(repo: Path) -> None:
    with pytest.raises(InvalidInput, match="has no remote: add one with git remote add"):
        default_remote(Repo(repo), None)
    several = _remotes(repo, "b", "a")
    with pytest.raises(InvalidInput, match=r"which remote\? this repository has 2: a, b"):
        default_remote(several, None)
    with pytest.raises(InvalidInput, match="'origin' is not a configured remote"):
        default_remote(several, "origin")
    slashed = _remotes(repo, "team/x")
    with pytest.raises(InvalidInput, match="has a '/' in its name"):
        default_remote(slashed, "team/x")


def test_mirrors_lists_only_ledgers_of_configured_remotes(repo: Path) -> None:
    _remotes(repo, "origin")
    store = store_at(repo)
    commit = put(store, "refs/ledger/scratch", {"a": b"1"})
    for ref in LOCAL_REFS:
        store.mirror(tracking_ref("origin", ref), commit)
    store.mirror(tracking_ref("gone", "refs/ledger/project"), commit)  # no such remote
    assert mirrors(store) == {
        "refs/ledger/remotes/origin/archive/abc": ("origin", "refs/ledger/archive/abc"),
        "refs/ledger/remotes/origin/project": ("origin", "refs/ledger/project"),
        "refs/ledger/remotes/origin/sessions/abc": ("origin", "refs/ledger/sessions/abc"),
    }


def test_setup_then_teardown_leaves_the_config_as_it_was(repo: Path) -> None:
    _remotes(repo, "origin")
    before = (repo / ".git" / "config").read_text()
    dry = setup(repo, "origin", dry_run=True)
    assert dry.dry_run
    assert (repo / ".git" / "config").read_text() == before
    done = setup(repo, "origin")
    assert ("push", "HEAD") in done.changed  # a plain git push still pushes the branch
    pushes = git(repo, "config", "--get-all", "remote.origin.push").split()
    assert pushes[0] == "HEAD"
    assert "refs/ledger/keep*:refs/ledger/keep*" in pushes
    assert setup(repo, "origin").changed == ()  # a second setup adds nothing
    undone = teardown(repo, "origin")
    assert sorted(undone.changed) == sorted(done.changed)
    assert undone.unchanged == ()
    assert (repo / ".git" / "config").read_text() == before


def test_run_git_reports_gits_own_complaint(repo_with_commit: Path) -> None:
    repo = Repo(repo_with_commit)
    assert run_git(repo, ["rev-parse", "HEAD"]).stdout.strip() == repo.head_commit()
    with pytest.raises(SyncError, match=r"^git rev-parse failed: Needed a single revision$"):
        run_git(repo, ["rev-parse", "--verify", "nosuch"])
    assert run_git(repo, ["rev-parse", "--verify", "-q", "nosuch"], ok=(0, 1)).returncode == 1
    assert git_complaint("hint: x\nerror: second\nfatal: the cause\n") == "the cause"
    assert git_complaint("warning: a\nerror: it broke\n") == "it broke"
    assert git_complaint("just this\nand this\n") == "and this"
    assert git_complaint("\n \n") == "no message"


def test_blocked_names_the_refs_a_remote_ref_is_a_directory_or_a_file_of() -> None:
    there = ["refs/ledger/archive/a/b", "refs/ledger/sessions/x", "refs/ledger/project"]
    refs = ["refs/ledger/archive/a", "refs/ledger/sessions/x/y", "refs/ledger/archive/ab",
            "refs/ledger/project", "refs/ledger/sessions/xy", "refs/ledger/archive/a/b"]
    assert blocked(refs, there) == ["refs/ledger/archive/a", "refs/ledger/sessions/x/y"]
    assert blocked(refs, {}) == []


_NAME = st.lists(st.sampled_from(["a", "b", "ab"]), min_size=1, max_size=4).map("/".join)


@given(st.lists(_NAME, max_size=8), st.lists(_NAME, max_size=8))
def test_blocked_is_the_pairwise_rule(refs: list[str], there: list[str]) -> None:
    """Computed by directories (a year's push has 25,000 refs against 50,000), it says what
    comparing every pair says."""
    pairwise = [ref for ref in refs
                if any(n.startswith(ref + "/") or ref.startswith(n + "/") for n in there)]
    assert blocked(refs, there) == pairwise


# -- the oversized probe: git's look at what a fetch brought, in the background ----------


def test_the_oversized_probe_answers_as_brings_oversized_does(repo: Path) -> None:
    store = store_at(repo)
    small = put(store, "refs/ledger/project", {"entries/a.toml": b"x" * 10})
    big = put(store, "refs/ledger/project", {"entries/b.toml": b"y" * 100})
    after = put(store, "refs/ledger/project", {"entries/b.toml": None})  # history holds it
    for tip, known, want in ((small, None, False), (big, None, True), (after, None, True),
                             (after, big, False), (big, small, True)):
        probe = OversizedProbe(store.repo, tip, known, 50)
        assert probe.answer() is want, (tip, known)
        assert probe.answer() is want  # asked again: the same answer, git is not rerun
        assert brings_oversized(store.repo, tip, known, 50) is want


def test_the_oversized_probe_says_none_when_git_cannot_say(repo: Path) -> None:
    store = store_at(repo)
    put(store, "refs/ledger/project", {"entries/a.toml": b"x"})
    assert OversizedProbe(store.repo, "0" * 40, None, 50).answer() is None  # no such commit
    assert OversizedProbe(store.repo, "not-a-sha", None, 50).answer() is None


def test_the_oversized_probe_runs_while_the_caller_works_and_close_stops_it(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_at(repo)
    tip = put(store, "refs/ledger/project", {"entries/a.toml": b"x"})
    started = recording_processes(monkeypatch)
    probe = OversizedProbe(store.repo, tip, None, 50)
    assert len(started) == 1  # git started before anyone asked
    probe.close()
    assert started[0].returncode is not None  # waited for: no process left behind
    assert probe.answer() is None  # closed unasked: git's answer is not made up


def test_the_oversized_probe_finishes_with_nobody_reading_its_listing(repo: Path) -> None:
    """git lists every object it walks (far more than a pipe holds for a big pull): it
    must finish on its own while the caller works, not wait for the caller to read."""
    store = store_at(repo)
    git_repo = pygit2.Repository(str(repo))
    builder = git_repo.TreeBuilder()
    for n in range(3000):  # 3,000 lines of 41 bytes: twice what a pipe holds
        builder.insert(f"{n}.toml", git_repo.create_blob(f"{n}\n".encode()),
                       pygit2.enums.FileMode.BLOB)
    who = pygit2.Signature("A", "a@example.com")
    tip = str(git_repo.create_commit(None, who, who, "many", builder.write(), []))
    probe = OversizedProbe(store.repo, tip, None, 50)
    deadline = time.monotonic() + 10
    while not probe.answered():
        assert time.monotonic() < deadline, "git is stuck on a full pipe"
        time.sleep(0.01)
    assert probe.answer() is False
