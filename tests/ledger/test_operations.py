"""The core ``Ledger`` API, called directly, against real repositories.

Every fact about storage is checked with the real git CLI (``git log``, ``git show``,
``git ls-tree``, ``git for-each-ref``), not only through our own reader.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest

from gitledger import FORMAT_VERSION
from gitledger.core.ids import KIND_LETTERS, entry_path, is_valid_id
from gitledger.core.model import Change, Entry
from gitledger.core.text import LINE_LIMIT
from gitledger.errors import InvalidInput, RepositoryError, UnknownEntry
from gitledger.ledger import reader
from gitledger.ledger.operations import Ledger, list_ledgers
from gitledger.ledger.reader import SESSION_ENV
from gitledger.ledger.results import WriteResult
from gitledger.storage.layout import PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.store import Store
from tests.conftest import FIXED_DATE, git


def _entry(result: WriteResult) -> Entry:
    assert result.entry is not None
    return result.entry


def _commits(repo: Path, ref: str) -> list[str]:
    return git(repo, "rev-list", ref).split()


def _trailers(repo: Path, rev: str) -> list[tuple[str, str]]:
    """The trailers of ``rev`` as git itself parses them."""
    out = git(repo, "log", "-1", "--format=%(trailers:only,unfold)", rev)
    pairs = []
    for line in out.splitlines():
        if line.strip():
            key, _, value = line.partition(": ")
            pairs.append((key, value))
    return pairs


def _changed_paths(repo: Path, rev: str) -> set[str]:
    out = git(repo, "diff-tree", "--root", "-r", "--no-commit-id", "--name-only", rev)
    return set(out.split())


def _tree_paths(repo: Path, rev: str) -> set[str]:
    return set(git(repo, "ls-tree", "-r", "--name-only", rev).split())


def _show_toml(repo: Path, rev: str, path: str) -> dict[str, object]:
    return tomllib.loads(git(repo, "show", f"{rev}:{path}"))


# -- every kind and its fields -------------------------------------------------------------


def test_open_question(repo: Path) -> None:
    ledger = Ledger.open(repo)
    plain = _entry(ledger.open_question("Does SSO need its own route?"))
    asked = _entry(ledger.open_question("Which region?", ask_user=True))
    assert plain.kind == "open"
    assert plain.id.startswith("o-")
    assert is_valid_id(plain.id)
    assert plain.text == "Does SSO need its own route?"
    assert plain.ask_user is False
    assert asked.ask_user is True
    assert plain.author == "Ada Tester <ada@example.com>"
    assert plain.session is None
    assert asked.seq == plain.seq + 1
    stored = _show_toml(repo, ledger.ref or "", entry_path(asked.id))
    assert stored["kind"] == "open"
    assert stored["ask_user"] is True
    assert stored["text"] == "Which region?"


def test_decide_with_every_field(repo: Path) -> None:
    ledger = Ledger.open(repo)
    first = _entry(ledger.decide("Use cookies"))
    decision = _entry(ledger.decide(
        "Use PKCE for the OAuth callback\nand never a client secret",
        over=["implicit flow", "client secret in the SPA"],
        because="the SPA cannot keep a secret",
        scope="auth/callback",
        supersedes=first.id[:6],
        evidence=["test:test_callback_pkce", "https://example.com/rfc7636"],
    ))
    assert decision.id.startswith("d-")
    assert decision.kind == "decided"
    assert decision.status == "accepted"
    assert decision.text == "Use PKCE for the OAuth callback\nand never a client secret"
    assert decision.over == ("implicit flow", "client secret in the SPA")
    assert decision.because == "the SPA cannot keep a secret"
    assert decision.scope == "auth/callback"
    assert decision.supersedes == first.id  # stored as the full id, not the prefix typed
    assert decision.evidence == ("test:test_callback_pkce", "https://example.com/rfc7636")
    stored = _show_toml(repo, ledger.ref or "", entry_path(decision.id))
    assert stored["over"] == ["implicit flow", "client secret in the SPA"]
    assert stored["status"] == "accepted"
    assert stored["supersedes"] == first.id
    assert stored["evidence"] == ["test:test_callback_pkce", "https://example.com/rfc7636"]


def test_decide_proposed(repo: Path) -> None:
    ledger = Ledger.open(repo)
    assert _entry(ledger.decide("Maybe use Redis", proposed=True)).status == "proposed"


def test_decide_supersedes_must_name_a_decision(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("Which cache?"))
    before = _commits(repo, ledger.ref or "")
    with pytest.raises(InvalidInput, match="not a decision"):
        ledger.decide("Use Redis", supersedes=question.id)
    with pytest.raises(UnknownEntry):
        ledger.decide("Use Redis", supersedes="d-zzzzzzzz")
    assert _commits(repo, ledger.ref or "") == before


def test_verify_in_an_unborn_repository_records_no_commit(repo: Path) -> None:
    ledger = Ledger.open(repo)
    fact = _entry(ledger.verify("The suite passes", by="pytest -q"))
    assert fact.kind == "verified"
    assert fact.id.startswith("v-")
    assert fact.by == "pytest -q"
    assert fact.commit is None
    stored = _show_toml(repo, ledger.ref or "", entry_path(fact.id))
    assert "commit" not in stored
    assert stored["by"] == "pytest -q"
    # the ledger never created a branch: HEAD is still unborn
    assert git(repo, "rev-parse", "--verify", "-q", "HEAD", check=False) == ""
    assert git(repo, "for-each-ref", "refs/heads/") == ""


def test_verify_records_the_head_commit(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    head = git(repo, "rev-parse", "HEAD").strip()
    fact = _entry(ledger.verify("README says hello", by="grep hello README"))
    assert fact.commit == head
    (repo / "README").write_text("hello again\n")
    git(repo, "commit", "-qam", "second")
    new_head = git(repo, "rev-parse", "HEAD").strip()
    later = _entry(ledger.verify("README says hello again", by="cat README"))
    assert later.commit == new_head != head
    assert _show_toml(repo, ledger.ref or "", entry_path(later.id))["commit"] == new_head


def test_drop(repo: Path) -> None:
    ledger = Ledger.open(repo)
    dropped = _entry(ledger.drop("Keep the token in localStorage", why="readable by XSS"))
    assert dropped.kind == "dropped"
    assert dropped.id.startswith("x-")
    assert dropped.why == "readable by XSS"
    assert _show_toml(repo, ledger.ref or "", entry_path(dropped.id))["why"] == "readable by XSS"


def test_plan_is_a_pointer_relative_to_the_work_tree(repo: Path) -> None:
    (repo / "docs").mkdir()
    ledger = Ledger.open(repo / "docs")
    pointer = _entry(ledger.plan("plan.md", note="the rollout plan"))
    assert pointer.kind == "plan"
    assert pointer.id.startswith("p-")
    assert pointer.path == "docs/plan.md"  # resolved from the directory we run in
    assert pointer.text == "docs/plan.md"
    assert pointer.note == "the rollout plan"
    outside = _entry(ledger.plan("../../elsewhere/plan.md"))
    assert outside.path == str((repo / "docs" / "../../elsewhere/plan.md").resolve())
    home = _entry(ledger.plan("~/notes/plan.md"))
    assert home.path == "~/notes/plan.md"
    # a pointer, never a copy: nothing was read or written in the work tree
    assert not (repo / "docs" / "plan.md").exists()


def test_plan_path_must_be_one_line(repo: Path) -> None:
    with pytest.raises(InvalidInput, match="one line"):
        Ledger.open(repo).plan("a\nb.md")


# -- TASK and NEXT -------------------------------------------------------------------------


def test_task_and_next_are_replaced_not_appended(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("First task")
    ledger.set_next("First step")
    ledger.set_task("Second task")
    result = ledger.set_next("Second step")
    assert result.entry is None
    assert result.focus.task == "Second task"
    assert result.focus.next == "Second step"
    state = _show_toml(repo, ledger.ref or "", "state.toml")
    assert state["task"] == "Second task"
    assert state["next"] == "Second step"
    snapshot = ledger.snapshot()
    assert snapshot.focus.task == "Second task"
    assert snapshot.entries == ()
    subjects = git(repo, "log", "--format=%s", ledger.ref or "").splitlines()
    assert subjects[:4] == ["next: Second step", "task: Second task", "next: First step",
                            "task: First task"]


def test_setting_the_same_task_or_next_writes_nothing(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it", next_text="Write the test")
    before = _commits(repo, ledger.ref or "")
    again = ledger.set_task("  Ship it  ")
    assert again.commit is None
    assert ledger.set_next("Write the test").commit is None
    assert _commits(repo, ledger.ref or "") == before


def test_task_must_be_one_line_and_bounded(repo: Path) -> None:
    ledger = Ledger.open(repo)
    with pytest.raises(InvalidInput, match="TASK must be one line"):
        ledger.set_task("one\ntwo")
    with pytest.raises(InvalidInput, match="NEXT is"):
        ledger.set_next("n" * (LINE_LIMIT + 1))
    assert ledger.set_task("t" * LINE_LIMIT).focus.task == "t" * LINE_LIMIT


def test_task_with_next_is_one_commit(repo: Path) -> None:
    ledger = Ledger.open(repo)
    result = ledger.set_task("Ship the callback", next_text="Sketch the handler")
    assert result.commit is not None
    assert result.focus.next == "Sketch the handler"
    assert ("Ledger-Next", "set") in _trailers(repo, result.commit)
    state = _show_toml(repo, result.commit, "state.toml")
    assert state["task"] == "Ship the callback"
    assert state["next"] == "Sketch the handler"
    # the start commit plus one event
    assert len(_commits(repo, result.ref)) == 2


@pytest.mark.parametrize("kind", ["open", "decided", "verified", "dropped", "plan"])
def test_next_rides_along_in_the_same_commit(repo: Path, kind: str) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it", next_text="old next")
    before = _commits(repo, ledger.ref or "")
    nxt = "Write the callback test"
    calls = {
        "open": lambda: ledger.open_question("q?", next_text=nxt),
        "decided": lambda: ledger.decide("d", next_text=nxt),
        "verified": lambda: ledger.verify("v", by="true", next_text=nxt),
        "dropped": lambda: ledger.drop("x", why="y", next_text=nxt),
        "plan": lambda: ledger.plan("PLAN.md", next_text=nxt),
    }
    result = calls[kind]()
    entry = _entry(result)
    after = _commits(repo, ledger.ref or "")
    assert len(after) == len(before) + 1  # one event, one commit
    assert result.commit == after[0]
    assert _changed_paths(repo, after[0]) == {entry_path(entry.id), "state.toml"}
    assert _show_toml(repo, after[0], "state.toml")["next"] == nxt
    assert _show_toml(repo, after[0], "state.toml")["task"] == "Ship it"
    assert _show_toml(repo, after[0], entry_path(entry.id))["id"] == entry.id
    trailers = _trailers(repo, after[0])
    assert ("Ledger-Event", "add") in trailers
    assert ("Ledger-Entry", entry.id) in trailers
    assert ("Ledger-Kind", kind) in trailers
    assert ("Ledger-Next", "set") in trailers
    assert result.focus.next == nxt


def test_append_without_next_leaves_next_alone(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_next("keep me")
    result = ledger.decide("d")
    assert result.focus.next == "keep me"
    assert result.commit is not None
    assert ("Ledger-Next", "set") not in _trailers(repo, result.commit)


def test_an_invalid_next_refuses_the_whole_write(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it")
    before = _commits(repo, ledger.ref or "")
    with pytest.raises(InvalidInput, match="NEXT must be one line"):
        ledger.decide("A good decision", next_text="two\nlines")
    assert _commits(repo, ledger.ref or "") == before


# -- resolve -------------------------------------------------------------------------------


def test_resolve_as_decided_keeps_the_id_and_records_the_question(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("Which flow for the callback?", ask_user=True))
    result = ledger.resolve(question.id[:5], as_kind="decided", text="Use PKCE",
                            over=["implicit"], because="no secret", scope="auth",
                            evidence=["test:pkce"], next_text="Implement PKCE")
    resolved = _entry(result)
    assert resolved.id == question.id
    assert resolved.kind == "decided"
    assert resolved.text == "Use PKCE"
    assert resolved.question == "Which flow for the callback?"
    assert resolved.status == "accepted"
    assert resolved.over == ("implicit",)
    assert resolved.because == "no secret"
    assert resolved.scope == "auth"
    assert resolved.evidence == ("test:pkce",)
    assert resolved.ask_user is False
    assert resolved.seq == question.seq
    assert result.focus.next == "Implement PKCE"
    snapshot = ledger.snapshot()
    assert snapshot.of_kind("open") == ()
    assert [e.id for e in snapshot.of_kind("decided")] == [question.id]
    # resolved in place: same blob path, one commit that touched only it and state.toml
    assert result.commit is not None
    assert _changed_paths(repo, result.commit) == {entry_path(question.id), "state.toml"}
    trailers = _trailers(repo, result.commit)
    assert ("Ledger-Event", "resolve") in trailers
    assert ("Ledger-Entry", question.id) in trailers
    assert ("Ledger-Kind", "decided") in trailers
    stored = _show_toml(repo, result.commit, entry_path(question.id))
    assert stored["kind"] == "decided"
    assert stored["question"] == "Which flow for the callback?"
    # the parent commit still holds the OPEN version
    parent = _show_toml(repo, f"{result.commit}^", entry_path(question.id))
    assert parent["kind"] == "open"
    assert parent["text"] == "Which flow for the callback?"


def test_resolve_as_decided_keeps_the_question_text_by_default(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("Use PKCE?"))
    resolved = _entry(ledger.resolve(question.id, as_kind="decided", proposed=True))
    assert resolved.text == "Use PKCE?"
    assert resolved.question == "Use PKCE?"
    assert resolved.status == "proposed"


def test_resolve_as_verified_records_by_and_head(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("Does the README greet?"))
    resolved = _entry(ledger.resolve(question.id, as_kind="verified", text="It greets",
                                     by="grep hello README"))
    assert resolved.id == question.id
    assert resolved.kind == "verified"
    assert resolved.by == "grep hello README"
    assert resolved.commit == git(repo, "rev-parse", "HEAD").strip()
    assert resolved.question == "Does the README greet?"
    assert ledger.snapshot().of_kind("open") == ()


def test_resolve_as_dropped_records_why(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("Try localStorage?"))
    resolved = _entry(ledger.resolve(question.id, as_kind="dropped", why="XSS"))
    assert resolved.id == question.id
    assert resolved.kind == "dropped"
    assert resolved.why == "XSS"
    assert resolved.text == "Try localStorage?"
    assert resolved.question == "Try localStorage?"
    assert [e.id for e in ledger.snapshot().of_kind("dropped")] == [question.id]


def test_resolved_entry_is_found_by_its_original_id(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("q?"))
    ledger.resolve(question.id, as_kind="dropped", why="no")
    assert question.id.startswith(KIND_LETTERS["open"])
    assert ledger.get(question.id).kind == "dropped"
    assert ledger.get(question.id[2:6]).id == question.id


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"as_kind": "verified"}, "needs --by"),
        ({"as_kind": "dropped"}, "needs --why"),
        ({"as_kind": "plan"}, "cannot resolve as 'plan'"),
        ({"as_kind": "open"}, "cannot resolve as 'open'"),
        ({"as_kind": "decided", "why": "x"}, "--why does not apply"),
        ({"as_kind": "dropped", "why": "x", "over": ["y"]}, "--over does not apply"),
        ({"as_kind": "verified", "by": "x", "because": "y"}, "--because does not apply"),
        ({"as_kind": "decided", "text": "   "}, "text is empty"),
    ],
)
def test_resolve_refuses_bad_arguments(repo: Path, kwargs: dict[str, object],
                                       message: str) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("q?"))
    before = _commits(repo, ledger.ref or "")
    with pytest.raises(InvalidInput, match=message):
        ledger.resolve(question.id, **kwargs)  # type: ignore[arg-type]
    assert _commits(repo, ledger.ref or "") == before
    assert ledger.get(question.id).kind == "open"


@pytest.mark.parametrize("kind", ["decided", "verified", "dropped", "plan"])
def test_resolve_of_a_non_open_entry_is_refused(repo: Path, kind: str) -> None:
    ledger = Ledger.open(repo)
    makers = {
        "decided": lambda: ledger.decide("d"),
        "verified": lambda: ledger.verify("v", by="true"),
        "dropped": lambda: ledger.drop("x", why="y"),
        "plan": lambda: ledger.plan("PLAN.md"),
    }
    entry = _entry(makers[kind]())
    before = _commits(repo, ledger.ref or "")
    with pytest.raises(InvalidInput, match="not OPEN; only OPEN items resolve"):
        ledger.resolve(entry.id, as_kind="dropped", why="z")
    assert _commits(repo, ledger.ref or "") == before
    assert ledger.get(entry.id) == entry


# -- edit ----------------------------------------------------------------------------------


def test_edit_changes_text_and_history_keeps_the_old_blob(repo: Path) -> None:
    ledger = Ledger.open(repo)
    decision = _entry(ledger.decide("Use PKCE", because="first reason", over=["implicit"]))
    result = ledger.edit(decision.id[:4], text="Use PKCE with S256", because="better reason",
                         over=["implicit", "plain"])
    edited = _entry(result)
    assert edited.id == decision.id
    assert edited.text == "Use PKCE with S256"
    assert edited.because == "better reason"
    assert edited.over == ("implicit", "plain")
    assert edited.seq == decision.seq
    assert edited.created == decision.created
    assert result.commit is not None
    assert _changed_paths(repo, result.commit) == {entry_path(decision.id)}
    path = entry_path(decision.id)
    assert _show_toml(repo, result.commit, path)["text"] == "Use PKCE with S256"
    old = _show_toml(repo, f"{result.commit}^", path)
    assert old["text"] == "Use PKCE"
    assert old["because"] == "first reason"
    trailers = _trailers(repo, result.commit)
    assert ("Ledger-Event", "edit") in trailers
    assert ("Ledger-Entry", decision.id) in trailers
    history = ledger.history(decision.id)
    assert history.entry == edited
    assert [e.trailers["Ledger-Event"][0] for e in history.events] == ["edit", "add"]


def test_edit_every_kinds_fields(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("q?"))
    assert _entry(ledger.edit(question.id, ask_user=True)).ask_user is True
    fact = _entry(ledger.verify("v", by="true"))
    assert _entry(ledger.edit(fact.id, by="pytest -q")).by == "pytest -q"
    dropped = _entry(ledger.drop("x", why="y"))
    assert _entry(ledger.edit(dropped.id, why="too slow")).why == "too slow"
    pointer = _entry(ledger.plan("PLAN.md"))
    moved = _entry(ledger.edit(pointer.id, path="docs/PLAN.md", note="moved"))
    assert moved.path == "docs/PLAN.md"
    assert moved.text == "docs/PLAN.md"
    assert moved.note == "moved"
    decision = _entry(ledger.decide("d"))
    changed = _entry(ledger.edit(decision.id, scope="api", evidence=["test:test_api"]))
    assert changed.scope == "api"
    assert changed.evidence == ("test:test_api",)


def test_edit_with_next_rides_along(repo: Path) -> None:
    ledger = Ledger.open(repo)
    decision = _entry(ledger.decide("d"))
    result = ledger.edit(decision.id, text="d2", next_text="now test it")
    assert result.commit is not None
    assert _changed_paths(repo, result.commit) == {entry_path(decision.id), "state.toml"}
    assert result.focus.next == "now test it"
    assert ("Ledger-Next", "set") in _trailers(repo, result.commit)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "nothing to change"),
        ({"text": "d"}, "already says that"),
        ({"why": "x"}, "--why does not apply"),
        ({"by": "x"}, "--by does not apply"),
        ({"path": "x"}, "--path does not apply"),
        ({"ask_user": True}, "--ask-user does not apply"),
        ({"text": ""}, "text is empty"),
        ({"scope": "a\nb"}, "--scope must be one line"),
        ({"status": "deployed"}, "'status' cannot be edited"),
        ({"author": "Mallory"}, "'author' cannot be edited"),
    ],
)
def test_edit_refuses(repo: Path, kwargs: dict[str, object], message: str) -> None:
    ledger = Ledger.open(repo)
    decision = _entry(ledger.decide("d"))
    before = _commits(repo, ledger.ref or "")
    with pytest.raises(InvalidInput, match=message):
        ledger.edit(decision.id, **kwargs)  # type: ignore[arg-type]
    assert _commits(repo, ledger.ref or "") == before
    assert ledger.get(decision.id) == decision


# -- ids -----------------------------------------------------------------------------------


def test_ids_are_unique_and_found_by_unique_prefix(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ids = [_entry(ledger.decide(f"decision {n}")).id for n in range(40)]
    assert len(set(ids)) == 40
    cores = sorted(i[2:] for i in ids)
    for entry_id in ids:
        # the shortest prefix no other id shares
        length = 1
        while sum(1 for c in cores if c.startswith(entry_id[2:2 + length])) > 1:
            length += 1
        assert ledger.get(entry_id[2:2 + length]).id == entry_id
        assert ledger.get(entry_id).id == entry_id
        assert ledger.get(entry_id.upper()).id == entry_id


def test_ambiguous_prefix_lists_the_candidates(repo: Path) -> None:
    ledger = Ledger.open(repo)
    seen: dict[str, str] = {}
    clash: tuple[str, str] | None = None
    # 33 ids over a 32-letter alphabet must share a first core character
    for n in range(33):
        entry_id = _entry(ledger.decide(f"d{n}")).id
        if entry_id[2] in seen:
            clash = (seen[entry_id[2]], entry_id)
            break
        seen[entry_id[2]] = entry_id
    assert clash is not None
    with pytest.raises(UnknownEntry) as caught:
        ledger.get(clash[0][2])
    message = str(caught.value)
    assert "ambiguous" in message
    assert clash[0] in message
    assert clash[1] in message
    with pytest.raises(UnknownEntry, match="ambiguous"):
        ledger.get("d-" + clash[0][2])


def test_unknown_prefix(repo: Path) -> None:
    ledger = Ledger.open(repo)
    with pytest.raises(UnknownEntry, match="the ledger is empty"):
        ledger.get("d-abc")
    decision = _entry(ledger.decide("d"))
    other = "0" if decision.id[2] != "0" else "1"
    with pytest.raises(UnknownEntry, match=f"no entry matches 'd-{other}'"):
        ledger.get(f"d-{other}")
    with pytest.raises(UnknownEntry, match="no entry matches"):
        ledger.get("o-" + decision.id[2:])  # right core, wrong kind letter
    with pytest.raises(UnknownEntry, match="not an entry id"):
        ledger.get("not an id!")


# -- storage shape -------------------------------------------------------------------------


def test_one_commit_per_event_and_each_tree_is_the_complete_state(repo: Path) -> None:
    ledger = Ledger.open(repo)
    results = [
        ledger.set_task("Ship it"),
        ledger.open_question("q?"),
        ledger.decide("d"),
        ledger.verify("v", by="true"),
        ledger.drop("x", why="y"),
        ledger.plan("PLAN.md"),
        ledger.set_next("next"),
    ]
    ref = ledger.ref or ""
    commits = list(reversed(_commits(repo, ref)))  # oldest first
    assert len(commits) == 1 + len(results)  # a start commit, then one per event
    assert commits[1:] == [r.commit for r in results]
    assert git(repo, "log", "-1", "--format=%s", commits[0]).startswith("start session ledger")
    assert ("Ledger-Format", str(FORMAT_VERSION)) in _trailers(repo, commits[0])
    # every commit is linear on its parent
    for parent, child in itertools.pairwise(commits):
        assert git(repo, "rev-list", "--parents", "-n", "1", child).split() == [child, parent]
    ids: list[str] = []
    for result, commit in zip(results, commits[1:], strict=True):
        if result.entry is not None:
            ids.append(result.entry.id)
        expected = {"ledger.toml", "state.toml", *(entry_path(i) for i in ids)}
        assert _tree_paths(repo, commit) == expected
    final = ledger.snapshot()
    assert [e.id for e in final.entries] == ids  # in the order they were added
    assert final.commit == commits[-1]
    assert final.focus.task == "Ship it"
    assert final.focus.next == "next"
    assert final.focus.seq == len(ids)


def test_entries_are_fanned_out_by_id(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ids = [_entry(ledger.decide(f"d{n}")).id for n in range(20)]
    ref = ledger.ref or ""
    top = git(repo, "ls-tree", "--name-only", f"{ref}:entries").split()
    assert sorted(top) == sorted({i[2] for i in ids})
    for entry_id in ids:
        listing = git(repo, "ls-tree", "--name-only", f"{ref}:entries/{entry_id[2]}").split()
        assert entry_id[3] in listing
        blob = git(repo, "show", f"{ref}:entries/{entry_id[2]}/{entry_id[3]}/{entry_id}.toml")
        assert tomllib.loads(blob)["id"] == entry_id


def test_ledger_toml_is_versioned_and_names_the_ledger(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.decide("d")
    ref = ledger.ref or ""
    assert ref.startswith(SESSIONS_PREFIX)
    meta = _show_toml(repo, ref, "ledger.toml")
    assert meta["format"] == FORMAT_VERSION
    assert meta["kind"] == "session"
    assert meta["id"] == ref.removeprefix(SESSIONS_PREFIX)
    assert meta["created_by"] == "Ada Tester <ada@example.com>"
    assert "session_id" not in meta


def test_ledger_names_differ_across_repositories(tmp_path: Path) -> None:
    refs = set()
    for n in range(5):
        path = tmp_path / f"clone{n}"
        git(tmp_path, "init", "-q", str(path))
        ledger = Ledger.open(path)
        ledger.set_task("t")
        refs.add(ledger.ref)
    assert len(refs) == 5


def test_writes_touch_nothing_but_the_ledger_ref(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    head = git(repo, "rev-parse", "HEAD").strip()
    refs_before = git(repo, "for-each-ref", "--format=%(refname)")
    ledger = Ledger.open(repo)
    ledger.set_task("t", next_text="n")
    ledger.decide("d")
    assert git(repo, "status", "--porcelain") == ""
    assert git(repo, "rev-parse", "HEAD").strip() == head
    refs_after = git(repo, "for-each-ref", "--format=%(refname)")
    new = set(refs_after.split()) - set(refs_before.split())
    assert new == {ledger.ref}
    assert git(repo, "fsck", "--strict", "--no-dangling") == ""


def test_author_and_committer_are_the_configured_identity(repo: Path) -> None:
    ledger = Ledger.open(repo)
    result = ledger.decide("d")
    assert result.commit is not None
    assert git(repo, "log", "-1", "--format=%an|%ae|%cn|%ce|%aI", result.commit).strip() == (
        f"Ada Tester|ada@example.com|Ada Tester|ada@example.com|{FIXED_DATE}"
    )


def test_identity_from_git_config(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME",
                "GIT_COMMITTER_EMAIL"):
        monkeypatch.delenv(key)
    git(repo, "config", "user.name", "Grace Config")
    git(repo, "config", "user.email", "grace@example.org")
    monkeypatch.setenv("GIT_COMMITTER_NAME", "Carl Committer")
    ledger = Ledger.open(repo)
    entry = _entry(ledger.decide("d"))
    assert entry.author == "Grace Config <grace@example.org>"
    assert git(repo, "log", "-1", "--format=%an|%ae|%cn|%ce", ledger.ref or "").strip() == (
        "Grace Config|grace@example.org|Carl Committer|grace@example.org"
    )


def test_no_identity_is_a_clear_error_and_writes_nothing(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME",
                "GIT_COMMITTER_EMAIL"):
        monkeypatch.delenv(key)
    with pytest.raises(RepositoryError, match=r"git config user\.name"):
        Ledger.open(repo).decide("d")
    assert git(repo, "for-each-ref", "refs/ledger/") == ""
    assert not (repo / ".git" / "ledger").exists()


# -- sessions ------------------------------------------------------------------------------


def test_session_env_sets_owner_and_trailer(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SESSION_ENV, "sess-123")
    ledger = Ledger.open(repo)
    result = ledger.decide("d")
    entry = _entry(result)
    assert entry.session == "sess-123"
    ref = ledger.ref or ""
    assert _show_toml(repo, ref, "ledger.toml")["session_id"] == "sess-123"
    assert _show_toml(repo, ref, entry_path(entry.id))["session"] == "sess-123"
    assert result.commit is not None
    assert ("Ledger-Session", "sess-123") in _trailers(repo, result.commit)
    start = _commits(repo, ref)[-1]
    assert ("Ledger-Session", "sess-123") in _trailers(repo, start)
    snapshot = ledger.snapshot()
    assert snapshot.meta is not None
    assert snapshot.meta.session_id == "sess-123"


def test_an_append_reads_its_session_once(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry and its commit's trailer name one session, read once: a session that
    changes during the write (another session's hook recording its start) cannot split
    them, and the started-session file is not read twice an append."""
    ledger = Ledger.open(repo)
    ledger.set_task("t")
    reads: list[str] = []

    def changing() -> str:
        reads.append(f"sess-{len(reads)}")
        return reads[-1]

    monkeypatch.setattr(reader, "_session_from_env", changing)
    result = ledger.decide("d")
    assert reads == ["sess-0"]
    assert _entry(result).session == "sess-0"
    assert result.commit is not None
    assert ("Ledger-Session", "sess-0") in _trailers(repo, result.commit)


def test_an_added_decision_reads_no_parent_for_its_notes(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An add's entry had no earlier version, so the notes need not read the parent to
    learn it named no commit; an edit still does, and drops the notes it no longer names."""
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    ledger.set_task("t")
    parents: list[str] = []
    real = Store.first_parent

    def counting(self: Store, commit: str) -> str | None:
        parents.append(commit)
        return real(self, commit)

    monkeypatch.setattr(Store, "first_parent", counting)
    plain = _entry(ledger.decide("No commits named"))
    assert parents == []
    cited = _entry(ledger.decide("Named", evidence=["git:HEAD"]))
    assert parents == []
    head = git(repo, "rev-parse", "HEAD").strip()
    assert cited.id in git(repo, "notes", "--ref=refs/notes/ledger", "show", head)
    ledger.edit(cited.id, evidence=["test:unit"])  # it names no commit any more: its line goes
    assert len(parents) == 1
    assert cited.id not in git(repo, "notes", "--ref=refs/notes/ledger", "show", head,
                               check=False)
    ledger.edit(plain.id, text="Still no commits named")
    assert len(parents) == 2


def test_first_session_claims_an_unowned_ledger_and_keeps_it(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("t")
    ref = ledger.ref or ""
    assert "session_id" not in _show_toml(repo, ref, "ledger.toml")
    monkeypatch.setenv(SESSION_ENV, "sess-A")
    claimed = ledger.decide("d")
    assert claimed.commit is not None
    trailers = _trailers(repo, claimed.commit)
    assert ("Ledger-Owner", "sess-A") in trailers
    assert ("Ledger-Session", "sess-A") in trailers
    assert _changed_paths(repo, claimed.commit) >= {"ledger.toml"}
    assert _show_toml(repo, ref, "ledger.toml")["session_id"] == "sess-A"
    monkeypatch.setenv(SESSION_ENV, "sess-B")
    other = ledger.decide("e")
    assert other.commit is not None
    assert ("Ledger-Session", "sess-B") in _trailers(repo, other.commit)
    assert not any(key == "Ledger-Owner" for key, _ in _trailers(repo, other.commit))
    assert _show_toml(repo, ref, "ledger.toml")["session_id"] == "sess-A"
    assert _entry(other).session == "sess-B"


def test_blank_session_env_is_no_session(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SESSION_ENV, "   ")
    ledger = Ledger.open(repo)
    assert _entry(ledger.decide("d")).session is None
    assert "session_id" not in _show_toml(repo, ledger.ref or "", "ledger.toml")


def test_session_env_is_validated(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SESSION_ENV, "bad\x1b[31m")
    with pytest.raises(InvalidInput, match=SESSION_ENV):
        Ledger.open(repo).decide("d")
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


# -- project ledger ------------------------------------------------------------------------


def test_project_ledger_is_one_shared_ref(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SESSION_ENV, "sess-P")
    project = Ledger.open(repo, project=True)
    assert project.ref == PROJECT_REF
    assert project.kind == "project"
    decision = _entry(project.decide("All services log JSON", scope="platform"))
    fact = _entry(project.verify("CI runs on every push", by="cat .ci/run"))
    assert git(repo, "for-each-ref", "--format=%(refname)", "refs/ledger/").split() == [
        PROJECT_REF
    ]
    meta = _show_toml(repo, PROJECT_REF, "ledger.toml")
    assert meta["kind"] == "project"
    assert meta["id"] == "project"
    # the shared project ledger is nobody's session
    assert "session_id" not in meta
    # no worktree pointer: the project ledger is not this worktree's session ledger
    assert not (repo / ".git" / "ledger").exists()
    again = Ledger.open(repo, project=True).snapshot()
    assert [e.id for e in again.entries] == [decision.id, fact.id]
    # the session ledger is separate and empty
    session = Ledger.open(repo)
    assert session.ref is None
    assert session.snapshot().entries == ()
    session.decide("session-only decision")
    assert len(Ledger.open(repo, project=True).snapshot().entries) == 2
    assert len(git(repo, "for-each-ref", "refs/ledger/").splitlines()) == 2


def test_open_by_name(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("t")
    Ledger.open(repo, project=True).decide("p")
    ref = ledger.ref or ""
    ledger_id = ref.removeprefix(SESSIONS_PREFIX)
    assert Ledger.open(repo, name=ledger_id[:4]).ref == ref
    assert Ledger.open(repo, name=ref).ref == ref
    assert Ledger.open(repo, name="project").ref == PROJECT_REF
    assert Ledger.open(repo, name=PROJECT_REF).kind == "project"
    with pytest.raises(UnknownEntry, match="no ledger named"):
        Ledger.open(repo, name="zzzzzzzzzzzz")
    with pytest.raises(UnknownEntry, match="no ledger at"):
        Ledger.open(repo, name="refs/ledger/sessions/nope")


# -- worktrees -----------------------------------------------------------------------------


def test_two_worktrees_hold_two_separate_ledgers(repo_with_commit: Path,
                                                tmp_path: Path) -> None:
    main = repo_with_commit
    linked = tmp_path / "linked"
    git(main, "worktree", "add", "-q", "-b", "feature", str(linked))
    in_main = Ledger.open(main)
    in_linked = Ledger.open(linked)
    main_decision = _entry(in_main.decide("main decision", next_text="main next"))
    linked_decision = _entry(in_linked.decide("linked decision", next_text="linked next"))
    assert in_main.ref != in_linked.ref
    assert in_main.ref is not None
    assert in_main.ref.startswith(SESSIONS_PREFIX)
    assert in_linked.ref is not None
    assert in_linked.ref.startswith(SESSIONS_PREFIX)

    listed = git(main, "for-each-ref", "--format=%(refname) %(objecttype)", "refs/ledger/")
    assert sorted(listed.splitlines()) == sorted(
        [f"{in_main.ref} commit", f"{in_linked.ref} commit"]
    )
    # the same from inside the linked worktree: refs are shared, ledgers are not mixed
    assert git(linked, "for-each-ref", "refs/ledger/") == git(main, "for-each-ref",
                                                             "refs/ledger/")
    for ref, entry in ((in_main.ref, main_decision), (in_linked.ref, linked_decision)):
        blob = tomllib.loads(git(linked, "show", f"{ref}:{entry_path(entry.id)}"))
        assert blob["id"] == entry.id
        assert blob["text"] == entry.text
        meta = tomllib.loads(git(main, "show", f"{ref}:ledger.toml"))
        assert meta["kind"] == "session"
        assert tomllib.loads(git(main, "show", f"{ref}:state.toml"))["seq"] == 1

    # each worktree's pointer lives in its own git dir, not in the work tree
    common = main / ".git"
    main_pointer = common / "ledger"
    linked_pointer = common / "worktrees" / "linked" / "ledger"
    assert main_pointer.read_text().strip() == in_main.ref
    assert linked_pointer.read_text().strip() == in_linked.ref
    assert git(linked, "rev-parse", "--absolute-git-dir").strip() == str(
        linked_pointer.parent.resolve())
    assert not (linked / "ledger").exists()
    assert (linked / ".git").is_file()
    assert git(main, "status", "--porcelain") == ""
    assert git(linked, "status", "--porcelain") == ""

    # reopened, each worktree finds its own ledger again, even from a subdirectory
    (linked / "sub").mkdir()
    reopened = Ledger.open(linked / "sub").snapshot()
    assert [e.id for e in reopened.entries] == [linked_decision.id]
    assert reopened.focus.next == "linked next"
    assert [e.id for e in Ledger.open(main).snapshot().entries] == [main_decision.id]

    summaries = {s.ref: s for s in list_ledgers(linked)}
    assert set(summaries) == {in_main.ref, in_linked.ref}
    assert summaries[in_linked.ref].current is True
    assert summaries[in_main.ref].current is False
    assert summaries[in_linked.ref].worktree == linked.resolve()
    assert summaries[in_main.ref].worktree == main.resolve()
    assert summaries[in_main.ref].entries == 1


def test_worktree_pointer_is_not_derived_from_the_path(repo_with_commit: Path,
                                                      tmp_path: Path) -> None:
    main = repo_with_commit
    first = tmp_path / "first"
    git(main, "worktree", "add", "-q", "-b", "f1", str(first))
    ledger = Ledger.open(first)
    ledger.set_task("t")
    ref = ledger.ref
    moved = tmp_path / "moved"
    git(main, "worktree", "move", str(first), str(moved))
    assert Ledger.open(moved).ref == ref
    assert Ledger.open(moved).snapshot().focus.task == "t"


# -- reading -------------------------------------------------------------------------------


def test_history_of_one_entry(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = _entry(ledger.open_question("q?"))
    ledger.decide("unrelated")
    ledger.edit(question.id, text="q, sharper?")
    ledger.resolve(question.id, as_kind="dropped", why="moot")
    history = ledger.history(question.id[:6])
    assert history.entry.kind == "dropped"
    assert [e.trailers["Ledger-Event"][0] for e in history.events] == [
        "resolve", "edit", "add"]
    assert all(question.id in e.trailers["Ledger-Entry"] for e in history.events)
    assert history.events[0].author == "Ada Tester <ada@example.com>"


def test_events_newest_first_with_limit(repo: Path) -> None:
    ledger = Ledger.open(repo)
    assert ledger.events() == []
    ledger.set_task("t")
    ledger.decide("d")
    events = ledger.events()
    assert [e.subject.split(":")[0].split(" ")[0] for e in events] == ["decide", "task", "start"]
    assert [e.commit for e in events] == _commits(repo, ledger.ref or "")
    assert len(ledger.events(limit=2)) == 2
    assert events[0].parents == (events[1].commit,)
    assert events[-1].parents == ()


def test_snapshot_of_a_worktree_with_no_ledger(repo: Path) -> None:
    snapshot = Ledger.open(repo).snapshot()
    assert snapshot.meta is None
    assert snapshot.commit is None
    assert snapshot.entries == ()
    # reading never creates anything
    assert git(repo, "for-each-ref", "refs/ledger/") == ""
    assert not (repo / ".git" / "ledger").exists()


def test_list_ledgers_of_an_empty_repository(repo: Path) -> None:
    assert list_ledgers(repo) == []


def test_open_outside_a_repository(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(RepositoryError, match="not a git repository"):
        Ledger.open(plain)
    with pytest.raises(RepositoryError, match="no such directory"):
        Ledger.open(tmp_path / "missing")


def test_a_bare_repository_opens_for_reading_and_refuses_a_write(tmp_path: Path) -> None:
    bare = tmp_path / "bare.git"
    git(tmp_path, "init", "-q", "--bare", str(bare))
    ledger = Ledger.open(bare)
    assert ledger.snapshot().entries == ()
    with pytest.raises(RepositoryError, match="bare repository"):
        ledger.set_task("write here")
    assert git(bare, "for-each-ref") == ""


# -- format 2: the entry counter rides in the commit, an add writes only its entry ---------


def _objects_of(repo: Path, commit: str) -> set[str]:
    """The objects ``commit`` adds beyond its first parent: itself, its new trees, blobs."""
    listed = git(repo, "rev-list", "--objects", commit, "--not", f"{commit}^")
    return {line.split()[0] for line in listed.splitlines() if line.strip()}


def test_an_add_writes_six_objects_and_leaves_state_toml_alone(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it")
    first = ledger.decide("Use PostgreSQL", over=["MySQL"])
    second = ledger.decide("Use pgbouncer", over=["no pooling"])
    assert first.commit is not None
    assert second.commit is not None
    # The commit, the root, entries/ and its two fan-out levels, and the entry: no
    # state.toml blob (format 1 wrote one more per event).
    assert len(_objects_of(repo, second.commit)) == 6
    state = git(repo, "rev-parse", f"{second.commit}:state.toml").strip()
    assert state == git(repo, "rev-parse", f"{first.commit}^:state.toml").strip()
    assert ("Ledger-Seq", "2") in _trailers(repo, second.commit)
    assert [e.seq for e in ledger.snapshot().entries] == [1, 2]
    assert ledger.snapshot().focus.seq == 2


def test_writes_without_an_entry_carry_the_counter_on(repo: Path) -> None:
    ledger = Ledger.open(repo)
    question = ledger.open_question("Which pool?").entry
    assert question is not None
    edited = ledger.edit(question.id, text="Which pool size?")  # no state.toml, no add
    assert edited.commit is not None
    assert ("Ledger-Seq", "1") in _trailers(repo, edited.commit)
    moved = ledger.set_next("measure")  # state.toml rewritten: the counter is in it
    assert moved.commit is not None
    assert tomllib.loads(git(repo, "show", f"{moved.commit}:state.toml"))["seq"] == 1
    later = ledger.decide("Pool of 20").entry
    assert later is not None
    assert later.seq == 2


def test_a_format_1_ledger_keeps_its_counter_in_state_toml(repo: Path) -> None:
    ledger = Ledger.open(repo)
    ledger.set_task("Old ledger")
    ref = ledger.ref
    assert ref is not None
    meta = git(repo, "show", f"{ref}:ledger.toml").replace(
        f"format = {FORMAT_VERSION}", "format = 1").encode()
    assert b"format = 1\n" in meta
    ledger.store.update(ref, lambda view: (Change("format 1", (("Ledger-Event", "edit"),),
                                                  {"ledger.toml": meta}), None))
    first = ledger.decide("Use PostgreSQL").commit
    second = ledger.decide("Use pgbouncer").commit
    assert first is not None
    assert second is not None
    assert not any(key == "Ledger-Seq" for key, _ in _trailers(repo, second))
    assert tomllib.loads(git(repo, "show", f"{second}:state.toml"))["seq"] == 2
    assert len(_objects_of(repo, second)) == 7
