"""Reviewing teammates' work: ``review``, ``list --remote``, ledgers read by their
remote name, and ``restore --ledger``.

Real repositories only: a bare repository in tmp_path is the team's remote, and Ada's
and Bob's clones talk to it through ``gitledger.team.sync`` (the git CLI over the file
system).  Ada is the fixture's default identity; Bob is switched to through the
environment, as a second person on a second machine would be.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from gitledger.errors import InvalidInput, UnknownEntry
from gitledger.ledger import decisions
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF, REMOTES_PREFIX, SESSIONS_PREFIX
from gitledger.storage.repo import Repo
from gitledger.team.sync import pull, push
from tests.conftest import Run, git

ADA = "Ada Tester <ada@example.com>"
BOB = "Bob Builder <bob@example.com>"
BOB_SESSION = "bbbb000001"
BOB_OTHER = "bbbb000002"
MIRROR = f"{REMOTES_PREFIX}origin/sessions/{BOB_SESSION}"


@dataclass
class Team:
    remote: Path
    ada: Path
    bob: Path
    runner: CliRunner
    monkeypatch: pytest.MonkeyPatch

    def be(self, ident: str) -> None:
        name, _, email = ident.partition(" <")
        for role in ("AUTHOR", "COMMITTER"):
            self.monkeypatch.setenv(f"GIT_{role}_NAME", name)
            self.monkeypatch.setenv(f"GIT_{role}_EMAIL", email.rstrip(">"))

    def at(self, when: str) -> None:
        self.monkeypatch.setenv("GIT_AUTHOR_DATE", when)
        self.monkeypatch.setenv("GIT_COMMITTER_DATE", when)

    def run(self, where: Path, *args: str) -> Result:
        return Run(self.runner, where)(*args)


@pytest.fixture
def team(tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> Team:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(remote))
    seed = tmp_path / "seed"
    git(tmp_path, "init", "-q", "-b", "main", str(seed))
    (seed / "README").write_text("team\n")
    git(seed, "add", "README")
    git(seed, "commit", "-q", "-m", "first")
    git(seed, "push", "-q", str(remote), "main")
    clones = []
    for name in ("ada", "bob"):
        path = tmp_path / name
        git(tmp_path, "clone", "-q", str(remote), str(path))
        clones.append(path)
    t = Team(remote, clones[0], clones[1], runner, monkeypatch)
    t.at("2025-03-01T10:00:00+00:00")
    return t


def bob_session(team: Team, ledger_id: str = BOB_SESSION) -> Ledger:
    """Bob's worktree ledger, under a chosen id (a prefix test needs two alike)."""
    (team.bob / ".git" / "ledger").write_text(f"{SESSIONS_PREFIX}{ledger_id}\n")
    return Ledger.open(team.bob, session="")


def review_json(team: Team, where: Path, *args: str) -> dict[str, Any]:
    done = team.run(where, "review", "--json", *args)
    assert done.exit_code == 0, done.output
    data: dict[str, Any] = json.loads(done.output)
    return data


def decisions_in(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {d["id"]: d for scope in data["scopes"] for d in scope["decisions"]}


def whats(data: dict[str, Any], entry_id: str) -> list[str]:
    return [c["what"] for c in decisions_in(data)[entry_id]["changes"]]


def one_line_error(done: Result, code: int) -> str:
    assert done.exit_code == code, done.output
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("git ledger: ")
    return lines[0]


def ledger_refs(where: Path) -> str:
    return git(where, "for-each-ref", "--format=%(refname) %(objectname)", "refs/")


@pytest.fixture
def bob_pushed(team: Team) -> dict[str, str]:
    """Bob's session ledger and a project decision pushed to the remote, and pulled by
    Ada; yields the ids."""
    team.be(BOB)
    team.at("2025-03-02T09:00:00+00:00")
    mine = bob_session(team)
    mine.set_task("bob: make the api fast")
    web = mine.decide("bob session: use websockets", scope="api").entry
    question = mine.open_question("bob wonders about retries").entry
    shared = Ledger.open(team.bob, project=True, session="").decide(
        "bob project: cache responses", scope="api").entry
    assert web
    assert question
    assert shared
    push(team.bob)
    team.be(ADA)
    team.at("2025-03-03T09:00:00+00:00")
    Ledger.open(team.ada, session="").decide("ada session: try grpc", scope="api")
    pull(team.ada)
    return {"web": web.id, "question": question.id, "shared": shared.id}


# -- review: the whole history, dates, commits -----------------------------------------------


def test_review_without_a_pull_covers_the_whole_history_by_scope(team: Team) -> None:
    led = Ledger.open(team.ada, project=True, session="")
    team.at("2025-03-01T10:00:00+00:00")
    first = led.decide("use postgres", scope="storage", over=["sqlite"]).entry
    team.be("Carol Coder <carol@example.com>")
    team.at("2025-03-01T11:00:00+00:00")
    second = led.decide("rest over grpc", scope="api").entry
    loose = led.decide("tabs, not spaces").entry
    led.open_question("which cloud?")
    led.verify("tests pass", by="pytest")
    led.drop("a monorepo", why="too slow")
    team.be(ADA)
    assert first
    assert second
    assert loose

    data = review_json(team, team.ada)

    assert data["remote"] == "origin"
    assert "the whole history" in data["since"]
    assert data["ledgers"] == ["project"]
    assert [s["scope"] for s in data["scopes"]] == ["api", "storage", None]
    found = decisions_in(data)
    assert set(found) == {first.id, second.id, loose.id}  # nothing but decisions
    assert found[first.id]["author"] == ADA
    assert found[second.id]["author"] == "Carol Coder <carol@example.com>"
    assert found[first.id]["changes"][0]["author"] == ADA
    assert found[second.id]["changes"][0]["author"] == "Carol Coder <carol@example.com>"
    assert whats(data, first.id) == ["added"]
    assert found[first.id]["ledger"] == "project"
    assert found[first.id]["status"] == "accepted"

    text = team.run(team.ada, "review")
    assert text.exit_code == 0, text.output
    out = text.output
    assert out.startswith("Decisions changed since the whole history")
    assert "3 decisions in 3 scopes" in out
    assert out.index("scope api") < out.index("scope storage") < out.index("(no scope)")
    assert "added by Carol Coder" in out
    assert "added by Ada Tester" in out
    assert "over: sqlite" in out
    assert "which cloud?" not in out
    assert "tests pass" not in out
    assert "monorepo" not in out


def test_review_json_has_the_documented_keys(team: Team) -> None:
    Ledger.open(team.ada, project=True, session="").decide("use postgres", scope="storage")
    data = review_json(team, team.ada)
    assert set(data) == {"remote", "since", "ledgers", "scopes", "quarantined",
                         "owned_changed", "dropped", "rewritten", "conflicts", "drifted"}
    scope = data["scopes"][0]
    assert set(scope) == {"scope", "decisions"}
    decision = scope["decisions"][0]
    assert {"id", "text", "status", "ledger", "author", "changes"} <= set(decision)
    change = decision["changes"][0]
    assert set(change) == {"what", "author", "time", "commit"}
    assert change["commit"] == git(team.ada, "rev-parse", PROJECT_REF).strip()
    assert change["time"].startswith("2025-03-01T10:00:00")


def test_review_of_nothing_says_none(team: Team) -> None:
    done = team.run(team.ada, "review")
    assert done.exit_code == 0, done.output
    assert done.output.strip().endswith(": none")
    assert review_json(team, team.ada)["scopes"] == []


def test_a_long_title_is_shortened_with_an_ellipsis(team: Team) -> None:
    """A title past 100 characters was cut mid-word with nothing to say it was cut."""
    led = Ledger.open(team.ada, project=True, session="")
    title = "Keep every session token in the server's store " + "and rotate it " * 8
    entry = led.decide(title, scope="auth", over=["cookies " * 30]).entry
    assert entry is not None
    done = team.run(team.ada, "review")
    assert done.exit_code == 0, done.output
    line = next(x for x in done.output.splitlines() if entry.id in x)
    assert f"{entry.id}  {title[:99]}…  [" in line
    assert next(x for x in done.output.splitlines() if "over:" in x).endswith("…")


def test_status_changes_are_listed_as_changes(team: Team) -> None:
    run = team.run
    head = git(team.ada, "rev-parse", "HEAD").strip()
    led = Ledger.open(team.ada, project=True, session="")
    team.at("2025-03-01T10:00:00+00:00")
    shipped = led.decide("ship feature flags", scope="release", proposed=True).entry
    doomed = led.decide("nightly builds", scope="release", proposed=True).entry
    old = led.decide("deploy on fridays", scope="release").entry
    assert shipped
    assert doomed
    assert old
    team.at("2025-03-01T11:00:00+00:00")
    assert run(team.ada, "accept", shipped.id, "--project").exit_code == 0
    team.at("2025-03-01T12:00:00+00:00")
    assert run(team.ada, "implement", shipped.id, "--project").exit_code == 0
    team.at("2025-03-01T13:00:00+00:00")
    done = run(team.ada, "deploy", shipped.id, "--project", "--env", "production",
               "--sha", head, "--url", "https://ci.example.com/1")
    assert done.exit_code == 0, done.output
    assert run(team.ada, "reject", doomed.id, "--project", "--why", "too costly").exit_code == 0
    team.at("2025-03-01T14:00:00+00:00")
    newer = led.decide("deploy on mondays", supersedes=old.id).entry
    assert newer

    data = review_json(team, team.ada)

    assert whats(data, shipped.id) == ["added", "accepted", "implemented", "deployed"]
    assert whats(data, doomed.id) == ["added", "rejected"]
    assert whats(data, old.id) == ["added", "superseded"]
    assert whats(data, newer.id) == ["added"]
    found = decisions_in(data)
    assert found[shipped.id]["status"] == "deployed"
    assert found[old.id]["superseded_by"] == newer.id
    assert found[newer.id]["supersedes"] == old.id
    text = run(team.ada, "review").output
    assert "deployed by Ada Tester" in text
    assert "rejected by Ada Tester" in text


def test_review_since_a_date_leaves_out_what_came_before(team: Team) -> None:
    led = Ledger.open(team.ada, project=True, session="")
    team.at("2025-03-01T10:00:00+00:00")
    early = led.decide("early decision", scope="a").entry
    untouched = led.decide("never touched again", scope="a").entry
    team.at("2025-03-10T10:00:00+00:00")
    late = led.decide("late decision", scope="b").entry
    assert early
    assert untouched
    assert late
    led.edit(early.id, because="revisited")

    for since in ("2025-03-05", "2025-03-05T00:00:00Z", "2025-03-10T10:00:00+00:00"):
        data = review_json(team, team.ada, "--since", since)
        assert set(decisions_in(data)) == {early.id, late.id}, since
        assert whats(data, early.id) == ["edited"]
        assert data["since"] == since
    assert set(decisions_in(review_json(team, team.ada, "--since", "2025-01-01"))) == \
        {early.id, untouched.id, late.id}
    assert decisions_in(review_json(team, team.ada, "--since", "2025-03-11")) == {}


def test_review_since_a_ledger_commit_shows_only_later_changes(team: Team) -> None:
    led = Ledger.open(team.ada, project=True, session="")
    before = led.decide("before the mark", scope="a").entry
    mark = git(team.ada, "rev-parse", PROJECT_REF).strip()
    after = led.decide("after the mark", scope="a").entry
    assert before
    assert after

    for since in (mark, mark[:12], f"{PROJECT_REF}~1"):
        data = review_json(team, team.ada, "--since", since)
        assert set(decisions_in(data)) == {after.id}, since
        assert data["since"] == f"commit {mark[:12]}"


@pytest.mark.parametrize("since", ["last tuesday", "2025-13-45", "no-such-ref", "2999-01-01",
                                   "-x"])
def test_a_bad_since_is_one_line_and_exit_1(team: Team, since: str) -> None:
    Ledger.open(team.ada, project=True, session="").decide("something", scope="a")
    refs = ledger_refs(team.ada)
    line = one_line_error(team.run(team.ada, "review", "--since", since), 1)
    assert "--since" in line
    assert ledger_refs(team.ada) == refs


def test_review_of_an_unknown_remote_is_refused(team: Team) -> None:
    line = one_line_error(team.run(team.ada, "review", "--remote", "upstream"), 1)
    assert "'upstream' is not a configured remote" in line


# -- review since the last pull ------------------------------------------------------------


def test_review_shows_exactly_what_the_last_pull_brought(team: Team) -> None:
    team.at("2025-03-01T10:00:00+00:00")
    old = Ledger.open(team.ada, project=True, session="").decide("old, shared", scope="db").entry
    push(team.ada)
    team.be(BOB)
    pull(team.bob)
    team.at("2025-03-02T10:00:00+00:00")
    bobs = Ledger.open(team.bob, project=True, session="").decide("bob's new", scope="db").entry
    session = bob_session(team)
    bob_private = session.decide("bob in his session", scope="ui").entry
    session.open_question("not a decision")
    push(team.bob)
    team.be(ADA)
    team.at("2025-03-03T10:00:00+00:00")
    mine = Ledger.open(team.ada, project=True, session="").decide("ada's own", scope="db").entry
    assert old
    assert bobs
    assert bob_private
    assert mine

    pulled = pull(team.ada)
    assert any(m.outcome == "merged" for m in pulled.merges)
    data = review_json(team, team.ada)

    assert data["since"].startswith("the last pull from origin")
    assert data["ledgers"] == ["project", f"origin/{BOB_SESSION}"]
    found = decisions_in(data)
    assert set(found) == {bobs.id, bob_private.id}  # not the old one, not Ada's own
    assert found[bobs.id]["ledger"] == "project"
    assert found[bobs.id]["author"] == BOB
    assert found[bob_private.id]["ledger"] == f"origin/{BOB_SESSION}"
    assert [c["author"] for c in found[bob_private.id]["changes"]] == [BOB]
    assert [s["scope"] for s in data["scopes"]] == ["db", "ui"]

    # Bob goes on; the next pull's review shows only that.
    team.be(BOB)
    team.at("2025-03-04T10:00:00+00:00")
    newest = Ledger.open(team.bob, project=True, session="").decide("bob again").entry
    push(team.bob)
    team.be(ADA)
    pull(team.ada)
    assert newest
    assert set(decisions_in(review_json(team, team.ada))) == {newest.id}
    # An explicit --since still reaches further back.
    assert {old.id, bobs.id, mine.id, newest.id, bob_private.id} <= set(
        decisions_in(review_json(team, team.ada, "--since", "2025-01-01")))


# -- list --remote -------------------------------------------------------------------------


def test_list_remote_shows_teammates_ledgers(team: Team, bob_pushed: dict[str, str]) -> None:
    for args in (("list", "--remote"), ("list", "--remote", "origin")):
        done = team.run(team.ada, *args)
        assert done.exit_code == 0, done.output
        lines = done.output.splitlines()
        row = next(line for line in lines if line.startswith(f"origin/{BOB_SESSION}"))
        assert "Bob Builder" in row
        assert "2 entries" in row
        assert "2025-03-02" in row
        assert "bob: make the api fast" in row
        assert not any(line.startswith("origin/project") for line in lines)
        assert "show --ledger NAME" in lines[-1]
    data = json.loads(team.run(team.ada, "list", "--remote", "--json").output)
    assert len(data["ledgers"]) == 1
    row = data["ledgers"][0]
    assert row["name"] == f"origin/{BOB_SESSION}"
    assert row["owner"] == BOB
    assert row["task"] == "bob: make the api fast"
    assert row["entries"] == 2
    assert row["last_change"].startswith("2025-03-02T09:00:00")
    assert row["ref"] == MIRROR
    # The plain list is this clone's own ledgers only.
    own = json.loads(team.run(team.ada, "list", "--json").output)
    assert not [r for r in own["ledgers"] if r["ref"].startswith(REMOTES_PREFIX)]


def test_list_remote_with_nothing_fetched_says_how_to_get_some(team: Team) -> None:
    done = team.run(team.ada, "list", "--remote")
    assert done.exit_code == 0, done.output
    assert done.output.startswith("No teammates' ledgers fetched")
    assert json.loads(team.run(team.ada, "list", "--remote", "--json").output) == \
        {"ledgers": []}


def test_list_remote_and_archived_do_not_mix(team: Team) -> None:
    line = one_line_error(team.run(team.ada, "list", "--remote", "--archived"), 2)
    assert "--remote and --archived" in line


# -- a teammate's ledger by name -----------------------------------------------------------


def test_a_fetched_ledger_opens_by_remote_and_prefix(team: Team,
                                                     bob_pushed: dict[str, str]) -> None:
    for name in (f"origin/{BOB_SESSION}", f"origin/{BOB_SESSION[:6]}", MIRROR,
                 f"origin/sessions/{BOB_SESSION[:5]}"):
        ledger = Ledger.open(team.ada, name=name)
        assert ledger.ref == MIRROR, name
        assert {e.id for e in ledger.snapshot().entries} == \
            {bob_pushed["web"], bob_pushed["question"]}
    project = Ledger.open(team.ada, name="origin/project")
    assert project.ref == f"{REMOTES_PREFIX}origin/project"
    shown = team.run(team.ada, "show", bob_pushed["web"], "--ledger",
                     f"origin/{BOB_SESSION[:4]}", "--json")
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["entry"]["author"] == BOB


def test_unknown_and_ambiguous_remote_names_are_clear(team: Team,
                                                      bob_pushed: dict[str, str]) -> None:
    team.be(BOB)
    bob_session(team, BOB_OTHER).decide("bob's second ledger")
    push(team.bob, all_sessions=True)
    team.be(ADA)
    pull(team.ada)

    with pytest.raises(UnknownEntry, match="no ledgers fetched from a remote named 'upstream'"):
        Ledger.open(team.ada, name="upstream/bbbb")
    with pytest.raises(UnknownEntry, match="no ledger named 'origin/zzzz' was fetched"):
        Ledger.open(team.ada, name="origin/zzzz")
    with pytest.raises(UnknownEntry, match="'origin/bbbb' is ambiguous") as ambiguous:
        Ledger.open(team.ada, name="origin/bbbb")
    assert BOB_SESSION in str(ambiguous.value)
    assert BOB_OTHER in str(ambiguous.value)
    with pytest.raises(UnknownEntry, match="no ledger at"):
        Ledger.open(team.ada, name=f"{REMOTES_PREFIX}origin/sessions/zzzz")
    assert Ledger.open(team.ada, name=f"origin/{BOB_OTHER}").ref.endswith(BOB_OTHER)  # type: ignore[union-attr]
    line = one_line_error(team.run(team.ada, "show", "--ledger", "origin/bbbb"), 1)
    assert "ambiguous" in line


@pytest.mark.parametrize("write", ["decide", "task", "edit", "open", "claim", "reject"])
def test_writes_to_a_fetched_ledger_are_refused(team: Team, bob_pushed: dict[str, str],
                                                write: str) -> None:
    refs = ledger_refs(team.ada)
    ledger = Ledger.open(team.ada, name=f"origin/{BOB_SESSION}")
    actions: dict[str, Callable[[], object]] = {
        "decide": lambda: ledger.decide("ada writes into bob's"),
        "task": lambda: ledger.set_task("hijack"),
        "edit": lambda: ledger.edit(bob_pushed["web"], text="changed"),
        "open": lambda: ledger.open_question("?"),
        "claim": lambda: ledger.claim("ada-session"),
        "reject": lambda: decisions.reject(ledger, bob_pushed["web"], why="no"),
    }
    with pytest.raises(InvalidInput, match="read-only"):
        actions[write]()
    assert ledger_refs(team.ada) == refs
    assert not (Repo(team.ada).gitdir / "ledger.lock").exists()


# -- restore --ledger ------------------------------------------------------------------------


def test_restore_of_a_teammates_ledger_is_labelled_with_its_author(
        team: Team, bob_pushed: dict[str, str]) -> None:
    done = team.run(team.ada, "restore", "--ledger", f"origin/{BOB_SESSION[:5]}")
    assert done.exit_code == 0, done.output
    first = done.output.splitlines()[0]
    assert first.startswith(f"# git ledger: {BOB}'s ledger origin/{BOB_SESSION[:5]}, "
                            "asked for by name, read-only")
    assert "bob session: use websockets" in done.output
    assert "bob wonders about retries" in done.output
    assert "ada session: try grpc" not in done.output  # never this worktree's


def test_plain_restore_never_injects_a_teammates_session(
        team: Team, bob_pushed: dict[str, str]) -> None:
    for args in (("restore",), ("restore", "--session-id", "s1", "--source", "startup"),
                 ("restore", "--format", "json")):
        done = team.run(team.ada, *args)
        assert done.exit_code == 0, done.output
        assert "ada session: try grpc" in done.output
        assert "bob session: use websockets" not in done.output
        assert "bob wonders about retries" not in done.output
        assert "asked for by name" not in done.output


@pytest.mark.parametrize("extra", [("--session-id", "s1"), ("--source", "startup"),
                                   ("--archive", "x")])
def test_restore_ledger_refuses_session_options(team: Team, bob_pushed: dict[str, str],
                                                extra: tuple[str, str]) -> None:
    line = one_line_error(team.run(team.ada, "restore", "--ledger", f"origin/{BOB_SESSION}",
                                   *extra), 2)
    assert "--ledger" in line


@pytest.mark.parametrize("name", ["project", PROJECT_REF, "origin/project"])
def test_restore_ledger_refuses_the_project_ledger(team: Team, bob_pushed: dict[str, str],
                                                   name: str) -> None:
    line = one_line_error(team.run(team.ada, "restore", "--ledger", name), 1)
    assert "project" in line


@pytest.mark.parametrize("name", ["origin/zzzz", "upstream/bbbb"])
def test_restore_ledger_of_an_unknown_name_is_exit_1(team: Team, bob_pushed: dict[str, str],
                                                     name: str) -> None:
    line = one_line_error(team.run(team.ada, "restore", "--ledger", name), 1)
    assert name.split("/", maxsplit=1)[0] in line
