"""The path token file the pre-tool-use fast path reads: built from the worktree's session
ledger and the project ledger, and kept at their tips by the writes that move them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gitledger.core.ids import new_id
from gitledger.derived import path_tokens
from gitledger.ledger import path_index
from gitledger.ledger.decisions import reject
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.builders import entry_files, make_entry, put
from tests.conftest import git

SHA = "a" * 40


def lines(gitdir: Path) -> list[str] | None:
    return path_tokens.read_tokens(gitdir)


def store_of(where: Path) -> Store:
    return Store(Repo(where))


@pytest.fixture
def session(repo_with_commit: Path) -> Ledger:
    led = Ledger.open(repo_with_commit, session="s-1")
    led.set_task("the task")
    return led


def governed_decision(**fields: object) -> tuple[str, dict[str, bytes | None]]:
    entry_id = new_id("decided")
    entry = make_entry(entry_id, **fields)  # type: ignore[arg-type]
    return entry_id, dict(entry_files(entry))  # type: ignore[arg-type]


def test_short_tokens_keep_the_last_components_of_at_least_four_characters() -> None:
    assert path_index.short_token("services/svc-0042/handler.py") == "handler.py"
    assert path_index.short_token("src/db") == "src/db"
    assert path_index.short_token("a/b/c") == "a/b/c"
    assert path_index.short_token(".py") == ".py"
    assert path_index.short_token("") == ""


def test_built_from_the_session_and_the_project_ledger(session: Ledger) -> None:
    store = session.store
    assert session.ref is not None
    _, mine = governed_decision(paths=("src/db/**",))
    put(store, session.ref, mine)
    _, project = governed_decision(footprint=(f"{SHA} 1-9 lib/pool manager.py",))
    _, everything = governed_decision(paths=("*",))  # cannot prefilter: the empty line
    dropped = make_entry(new_id("dropped"), "dropped", why="slow", paths=("tools/gen-*.sh",))
    Ledger.open(store.repo.workdir, project=True).decide("the project starts", because="b")
    put(store, PROJECT_REF, {**project, **everything, **entry_files(dropped)})
    # Entries that govern nothing give nothing: superseded, rejected without paths, facts.
    _, gone = governed_decision(status="superseded", paths=("old/**",))
    _, refused = governed_decision(status="rejected", footprint=(f"{SHA} * no/such.py",))
    put(store, PROJECT_REF, {**gone, **refused})

    assert path_index.refresh(store, create=True)
    assert lines(store.repo.gitdir) == ["", "gen-", "manager.py", "src/db"]
    state = path_tokens.read_state(store.repo.gitdir)
    assert state is not None
    assert state["session"]["ref"] == session.ref
    assert state["project"]["commit"] == store.tip(PROJECT_REF).commit
    assert path_index.status(store).state == path_index.FRESH


def test_a_write_refreshes_only_a_file_that_is_there(session: Ledger) -> None:
    gitdir = session.store.repo.gitdir
    _, files = governed_decision(paths=("src/db/**",))
    assert session.ref is not None
    put(session.store, session.ref, files)
    session.set_next("next")
    assert not path_index.has_token_file(gitdir)
    path_index.refresh(session.store, create=True)
    assert lines(gitdir) == ["src/db"]


def test_decide_edit_reject_and_supersede_move_the_tokens(session: Ledger) -> None:
    store = session.store
    gitdir = store.repo.gitdir
    path_index.refresh(store, create=True)
    assert lines(gitdir) == []
    assert session.ref is not None
    # Written by someone else (a plain put): the next write of ours brings it in.
    first, files = governed_decision(footprint=(f"{SHA} 3-4 app/routes.py",))
    second, more = governed_decision(paths=("app/models/**",))
    put(store, session.ref, {**files, **more})
    session.decide("plain decision", because="no paths")
    assert lines(gitdir) == ["models", "routes.py"]
    session.edit(first, text="routes stay thin")
    assert lines(gitdir) == ["models", "routes.py"]
    reject(session, first, why="changed our mind")  # rejected, no paths: governs nothing
    assert lines(gitdir) == ["models"]
    session.decide("models move to one module", supersedes=second)
    assert lines(gitdir) == []
    assert path_index.status(store).state == path_index.FRESH


def test_writes_that_change_no_token_leave_the_state_file_alone_for_a_while(
        session: Ledger) -> None:
    store = session.store
    gitdir = store.repo.gitdir
    assert session.ref is not None
    _, files = governed_decision(paths=("src/db/**",))
    put(store, session.ref, files)
    path_index.refresh(store, create=True)
    written = path_tokens.state_path(gitdir).read_bytes()
    at = json.loads(written)["session"]["commit"]
    session.decide("one more", because="b")
    assert path_tokens.state_path(gitdir).read_bytes() == written
    assert path_index.status(store).state == path_index.FRESH
    for i in range(path_index.LAG + 1):
        session.verify(f"fact {i}", by="pytest")
    state = json.loads(path_tokens.state_path(gitdir).read_bytes())
    assert state["session"]["commit"] != at  # brought forward once the lag grew
    assert lines(gitdir) == ["src/db"]


def test_a_project_write_refreshes_every_worktrees_file(repo_with_commit: Path,
                                                       tmp_path: Path) -> None:
    other = tmp_path / "other"
    git(repo_with_commit, "worktree", "add", "-q", str(other), "-b", "side")
    here, there = store_of(repo_with_commit), store_of(other)
    assert here.repo.gitdir != there.repo.gitdir
    path_index.refresh(here, create=True)
    path_index.refresh(there, create=True)
    Ledger.open(other, session="s-2").set_task("their own task")
    Ledger.open(repo_with_commit, project=True).decide("the project starts", because="b")
    _, files = governed_decision(paths=("shared/**",))
    put(here, PROJECT_REF, files)
    Ledger.open(repo_with_commit, project=True).decide("any project write", because="b")
    assert lines(here.repo.gitdir) == lines(there.repo.gitdir) == ["shared"]
    # A session write in one worktree leaves the other's tokens as they are.
    theirs = there.worktree_ref()
    assert theirs is not None
    _, own = governed_decision(paths=("side/only/**",))
    put(there, theirs, own)
    Ledger.open(repo_with_commit, session="s-1").set_task("mine")
    assert lines(there.repo.gitdir) == ["shared"]
    Ledger.open(other, session="s-2").set_next("on")
    assert lines(there.repo.gitdir) == ["only", "shared"]
    assert lines(here.repo.gitdir) == ["shared"]


def test_a_refresh_that_fails_sends_everything_to_python(session: Ledger) -> None:
    store = session.store
    path_index.refresh(store, create=True)
    store.pointer_path.write_text("refs/ledger/sessions/not..a-ref\n")
    assert path_index.refresh(store)
    assert lines(store.repo.gitdir) == [""]
    assert path_tokens.read_state(store.repo.gitdir) is None


def test_a_damaged_state_file_is_rebuilt(session: Ledger) -> None:
    store = session.store
    assert session.ref is not None
    _, files = governed_decision(paths=("src/db/**",))
    put(store, session.ref, files)
    path_index.refresh(store, create=True)
    path_tokens.state_path(store.repo.gitdir).write_text('{"version": 1, "project": 7}')
    assert path_index.refresh(store)
    assert lines(store.repo.gitdir) == ["src/db"]
    assert path_index.status(store).state == path_index.FRESH


def test_status_names_a_missing_or_stale_file_and_rebuild_fixes_it(session: Ledger) -> None:
    store = session.store
    assert session.ref is not None
    _, files = governed_decision(paths=("src/db/**",))
    put(store, session.ref, files)
    assert path_index.status(store).state == path_index.MISSING
    path_index.refresh(store, create=True)
    path_tokens.tokens_path(store.repo.gitdir).write_text("other\n")
    assert path_index.status(store).state == path_index.STALE
    path_index.rebuild(store)
    assert path_index.status(store).state == path_index.FRESH
