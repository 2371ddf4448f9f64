"""``git ledger why``: blame to commits, commits to notes, notes to entries.

Every scenario is built with real git commits and the real ledger commands; the
``commit-in`` note the post-commit hook writes comes from the hook's own Python logic
(``gitevents.post_commit``), run right after ``git commit`` as the installed hook would.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from gitledger.core.codec import encode_entry
from gitledger.core.display import printable
from gitledger.core.ids import entry_path
from gitledger.core.model import Change
from gitledger.integrations.git_events import post_commit
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import NOTES_REF
from gitledger.storage.notes import add_lines
from gitledger.storage.store import TreeView
from gitledger.views.why import why
from tests.conftest import Run, git


def _ok(result: Result) -> str:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout.strip()


def _fails(result: Result, *needles: str) -> str:
    """A LedgerError: exit 1, nothing on stdout, one line on stderr naming the problem."""
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert result.stdout == ""
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith("git ledger: ")
    for needle in needles:
        assert needle in err, err
    return err


def _write(repo: Path, name: str, lines: list[str], message: str, *,
           hook: bool = False) -> str:
    """Write ``name`` and commit it with real git; ``hook`` runs the post-commit logic."""
    target = repo / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("".join(f"{line}\n" for line in lines))
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message)
    if hook:
        assert post_commit(repo) == []
    return git(repo, "rev-parse", "HEAD").strip()


def _session(repo: Path) -> str:
    return (repo / ".git" / "ledger").read_text().strip()


def _refs(repo: Path) -> str:
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)")


def _json(run: Run, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_ok(run("why", "--json", *args)))
    return data


@pytest.fixture
def run(runner: CliRunner, repo: Path) -> Run:
    return Run(runner, repo)


@pytest.fixture
def story(repo: Path, run: Run) -> dict[str, str]:
    """app.py: line 1-2 from 'base' (no ledger), line 3 from 'pkce' (decision implemented,
    made in the session ledger with a task, facts and a dropped approach), line 4 from
    'bff' (a second decision, cited), plus a README commit that touches nothing here."""
    base = _write(repo, "app.py", ["import os", "x = 1"], "base")
    _ok(run("task", "Add login"))
    fact = _ok(run("verify", "tokens expire after 5 minutes", "--by", "pytest -k expiry"))
    dropped = _ok(run("drop", "implicit flow", "--why", "deprecated by OAuth 2.1"))
    pkce = _ok(run("decide", "Use PKCE", "--over", "implicit flow", "--over", "ROPC",
                   "--because", "public client, no secret"))
    code = _write(repo, "app.py", ["import os", "x = 1", "pkce = True"], "add pkce",
                  hook=True)
    _ok(run("implement", pkce))
    later = _ok(run("verify", "PKCE round trip works", "--by", "pytest -k pkce"))
    bff = _ok(run("decide", "Keep tokens in a BFF", "--over", "localStorage",
                  "--because", "XSS"))
    bff_code = _write(repo, "app.py", ["import os", "x = 1", "pkce = True", "bff = 1"],
                      "add bff", hook=True)
    _ok(run("evidence", bff, "--add", f"git:{bff_code[:10]}"))
    readme = _write(repo, "README", ["hello"], "readme")
    return {"base": base, "code": code, "bff_code": bff_code, "readme": readme,
            "pkce": pkce, "bff": bff, "fact": fact, "later": later, "dropped": dropped,
            "ref": _session(repo)}


# -- why REV ---------------------------------------------------------------------------------


def test_why_rev_prints_the_decision_with_status_alternatives_and_reason(
        story: dict[str, str], run: Run) -> None:
    out = _ok(run("why", story["code"][:10]))
    assert f"commit {story['code'][:12]}  add pkce" in out
    assert f"implements {story['pkce']}" in out
    assert "Use PKCE  [implemented — not deployed]" in out
    assert "rejected alternatives: implicit flow | ROPC" in out
    assert "because: public client, no secret" in out
    # the ledger around the commit, at the tip it had then (before 'later' was verified)
    assert "TASK  Add login" in out
    assert f"{story['fact']}  tokens expire after 5 minutes  (by: pytest -k expiry)" in out
    assert f"{story['dropped']}  implicit flow  (why: deprecated by OAuth 2.1)" in out
    assert story["later"] not in out
    assert story["bff"] not in out


def test_why_rev_accepts_any_revision_syntax(story: dict[str, str], run: Run) -> None:
    data = _json(run, "HEAD~1")
    assert [c["commit"] for c in data["commits"]] == [story["bff_code"]]
    assert data["kind"] == "rev"
    assert data["path"] is None
    assert data["lines"] is None
    assert data["commits"][0]["lines"] is None


def test_why_rev_without_notes_says_so(story: dict[str, str], run: Run) -> None:
    out = _ok(run("why", story["readme"]))
    assert f"no ledger notes for {story['readme'][:12]}" in out
    assert "hint" not in out  # the notes ref exists: nothing to rebuild
    data = _json(run, story["base"])
    assert data["commits"][0]["noted"] is False
    assert data["commits"][0]["entries"] == []
    assert data["commits"][0]["context"] is None
    assert data["hint"] is None


def test_a_repository_without_any_ledger_has_no_hint(repo_with_commit: Path,
                                                     runner: CliRunner) -> None:
    out = _ok(Run(runner, repo_with_commit)("why", "HEAD"))
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()
    assert out.endswith(f"no ledger notes for {head[:12]}")
    assert "notes rebuild" not in out


def test_lost_notes_hint_at_rebuild_and_rebuild_restores_why(
        story: dict[str, str], repo: Path, run: Run) -> None:
    git(repo, "update-ref", "-d", NOTES_REF)
    out = _ok(run("why", story["code"]))
    assert f"no ledger notes for {story['code'][:12]}" in out
    assert "hint: " in out
    assert "git ledger notes rebuild" in out
    assert _json(run, story["code"])["hint"] is not None
    _ok(run("notes", "rebuild"))
    rebuilt = _json(run, story["code"])
    assert rebuilt["hint"] is None
    commit = rebuilt["commits"][0]
    assert [(e["relation"], e["id"]) for e in commit["entries"]] == [
        ("implements", story["pkce"])]
    assert commit["context"]["task"] == "Add login"


# -- why PATH[:LINE[-LINE]] ----------------------------------------------------------------


def test_why_path_line_blames_the_right_commit_per_line(story: dict[str, str], run: Run) -> None:
    one = _json(run, "app.py:1")
    assert [c["commit"] for c in one["commits"]] == [story["base"]]
    assert one["commits"][0]["lines"] == [[1, 1]]
    three = _json(run, "app.py:3")
    assert [c["commit"] for c in three["commits"]] == [story["code"]]
    assert three["commits"][0]["entries"][0]["id"] == story["pkce"]
    four = _json(run, "app.py:4")
    assert [c["commit"] for c in four["commits"]] == [story["bff_code"]]
    assert [(e["relation"], e["id"]) for e in four["commits"][0]["entries"]] == [
        ("cites", story["bff"])]


def test_why_path_range_lists_commits_newest_first(story: dict[str, str], run: Run) -> None:
    data = _json(run, "app.py:2-4")
    assert data["lines"] == [2, 4]
    assert [c["commit"] for c in data["commits"]] == [story["bff_code"], story["code"],
                                                      story["base"]]
    assert [c["lines"] for c in data["commits"]] == [[[4, 4]], [[3, 3]], [[2, 2]]]
    out = _ok(run("why", "app.py:2-4"))
    assert out.splitlines()[0] == "why app.py:2-4: 3 commits (newest first)"
    positions = [out.index(f"commit {story[k][:12]}") for k in ("bff_code", "code", "base")]
    assert positions == sorted(positions)
    assert "(line 4)" in out
    assert "(line 2)" in out


def test_why_whole_file_merges_a_commits_lines(repo: Path, run: Run) -> None:
    first = _write(repo, "f.txt", ["a", "b", "c"], "one")
    second = _write(repo, "f.txt", ["a", "B", "c", "d", "e"], "two")
    data = _json(run, "f.txt")
    assert data["lines"] is None
    assert data["path"] == "f.txt"
    assert [(c["commit"], c["lines"]) for c in data["commits"]] == [
        (second, [[2, 2], [4, 5]]), (first, [[1, 1], [3, 3]])]
    assert "(lines 2, 4-5)" in _ok(run("why", "f.txt"))


def test_max_commits_caps_the_blame_and_counts_the_rest(repo: Path, run: Run) -> None:
    shas = [_write(repo, "f.txt", [f"line {j}" for j in range(i + 1)], f"c{i}")
            for i in range(3)]
    data = _json(run, "f.txt", "--max-commits", "1")
    assert [c["commit"] for c in data["commits"]] == [shas[2]]
    assert data["more_commits"] == 2
    out = _ok(run("why", "f.txt", "--max-commits", "1"))
    assert "… and 2 older commits not shown" in out
    assert _json(run, "f.txt")["more_commits"] == 0


def test_path_is_relative_to_where_the_command_runs(repo: Path, runner: CliRunner) -> None:
    sha = _write(repo, "src/deep/mod.py", ["a", "b"], "mod")
    data = json.loads(_ok(Run(runner, repo / "src")("why", "--json", "deep/mod.py:2")))
    assert data["path"] == "src/deep/mod.py"
    assert [c["commit"] for c in data["commits"]] == [sha]
    absolute = json.loads(_ok(Run(runner, repo)("why", "--json", f"{repo}/src/deep/mod.py")))
    assert absolute["path"] == "src/deep/mod.py"


def test_a_file_named_like_a_branch_is_the_file_unless_rev(repo: Path, run: Run) -> None:
    base = _write(repo, "README", ["hi"], "first")
    named = _write(repo, "main", ["a file called main"], "add a file called main")
    tip = _write(repo, "README", ["hi", "there"], "tip")
    as_path = _json(run, "main")
    assert as_path["kind"] == "path"
    assert as_path["path"] == "main"
    assert [c["commit"] for c in as_path["commits"]] == [named]
    as_rev = _json(run, "--rev", "main")
    assert as_rev["kind"] == "rev"
    assert [c["commit"] for c in as_rev["commits"]] == [tip]
    assert base != tip


def test_a_file_name_with_a_colon(repo: Path, run: Run) -> None:
    sha = _write(repo, "a:b", ["x", "y"], "colon")
    assert [c["commit"] for c in _json(run, "a:b")["commits"]] == [sha]
    assert _json(run, "a:b:2")["lines"] == [2, 2]


# -- relations, statuses, context ----------------------------------------------------------


def test_ledger_refs_trailer_links_the_entry(story: dict[str, str], repo: Path, run: Run) -> None:
    (repo / "app.py").write_text("changed\n")
    git(repo, "commit", "-q", "-am", f"tweak\n\nLedger-Refs: {story['bff']}")
    assert post_commit(repo) == []
    data = _json(run, "HEAD")
    entries = data["commits"][0]["entries"]
    assert [(e["relation"], e["id"]) for e in entries] == [("refs", story["bff"])]
    assert entries[0]["entry"]["text"] == "Keep tokens in a BFF"
    assert entries[0]["problem"] is None
    out = _ok(run("why", "app.py:1"))
    assert f"refs {story['bff']}" in out
    assert "Keep tokens in a BFF  [accepted]" in out


def test_deployed_and_implemented_relations_show_the_receipt(repo: Path, run: Run) -> None:
    code = _write(repo, "a.py", ["a"], "code")
    entry = _ok(run("decide", "Rate-limit logins"))
    _ok(run("implement", entry, "--commit", code))
    _ok(run("deploy", entry, "--env", "production", "--sha", code,
            "--url", "https://ci.example.com/runs/7", "--at", "2026-11-30T12:00:00Z"))
    data = _json(run, code)
    entries = data["commits"][0]["entries"]
    assert [e["relation"] for e in entries] == ["deploys", "implements"]
    assert entries[0]["status"].startswith("deployed to production at 2026-11-30T12:00:00Z")
    out = _ok(run("why", code))
    assert f"deploys + implements {entry}" in out
    assert out.count("Rate-limit logins") == 1
    assert "https://ci.example.com/runs/7" in out


def test_rejected_decision_shows_why(repo: Path, run: Run) -> None:
    code = _write(repo, "a.py", ["a"], "spike")
    entry = _ok(run("decide", "Use server sessions", "--proposed", "--evidence", f"git:{code}"))
    _ok(run("reject", entry, "--why", "does not scale across regions"))
    out = _ok(run("why", code))
    assert f"cites {entry}" in out
    assert "[rejected]" in out
    assert "rejected because: does not scale across regions" in out


def test_entries_newest_first_within_a_commit(repo: Path, run: Run) -> None:
    code = _write(repo, "a.py", ["a"], "code")
    older = _ok(run("decide", "first decision", "--evidence", f"git:{code}"))
    newer = _ok(run("decide", "second decision", "--evidence", f"git:{code}"))
    ids = [e["id"] for e in _json(run, code)["commits"][0]["entries"]]
    assert ids == [newer, older]


def test_context_is_capped_newest_first_with_a_count(repo: Path, run: Run) -> None:
    _write(repo, "a.py", ["a"], "base")
    facts = [_ok(run("verify", f"fact {i}", "--by", f"cmd {i}")) for i in range(4)]
    _write(repo, "a.py", ["b"], "change", hook=True)
    result = why(repo, "HEAD", context_items=2)
    context = result.commits[0].context
    assert context is not None
    assert [e.id for e in context.verified] == [facts[3], facts[2]]
    assert context.more_verified == 2
    assert context.dropped == ()
    assert context.more_dropped == 0
    full = _json(run, "HEAD")["commits"][0]["context"]
    assert [e["id"] for e in full["verified"]] == facts[::-1]
    assert full["more_verified"] == 0


def test_stale_note_is_marked(repo: Path, run: Run) -> None:
    old = _write(repo, "a.py", ["a"], "old")
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{old}"))
    new = _write(repo, "a.py", ["b"], "new")
    _ok(run("evidence", entry, "--remove", f"git:{old}", "--add", f"git:{new}"))
    assert _json(run, old)["commits"][0]["entries"] == []  # the write dropped the line
    fresh = _json(run, new)["commits"][0]["entries"]
    assert [(e["id"], e["problem"]) for e in fresh] == [(entry, None)]
    # An index line the ledger no longer backs (a note merged in from elsewhere, say):
    # listed apart, and the entry (which does not name this commit) is not shown for it.
    line = f"cites {entry} {_session(repo)}"
    add_lines(Ledger.open(repo).store, {old: {line}}, "stale")
    stale = _json(run, old)["commits"][0]
    assert stale["entries"] == []
    assert stale["unbacked"] == [line]
    out = _ok(run("why", old))
    assert "unbacked note line (no ledger records it" in out
    assert "Use PKCE" not in out
    assert "fix: git ledger notes rebuild" in out


# -- archived and missing ledgers ----------------------------------------------------------


def test_an_archived_ledgers_entries_and_context_are_still_found(
        story: dict[str, str], repo: Path, run: Run) -> None:
    _ok(run("archive", "--no-carry"))
    assert git(repo, "for-each-ref", story["ref"]) == ""
    data = _json(run, story["code"])
    commit = data["commits"][0]
    # archive renamed the notes: they name the archive ref now, as rebuild would
    archived = story["ref"].replace("/sessions/", "/archive/")
    assert [(e["relation"], e["ledger"], e["id"]) for e in commit["entries"]] == [
        ("implements", archived, story["pkce"])]
    assert commit["context"]["ledger"] == archived
    assert commit["entries"][0]["entry"]["status"] == "implemented"
    assert commit["entries"][0]["problem"] is None
    assert commit["context"]["task"] == "Add login"
    assert "Use PKCE  [implemented — not deployed]" in _ok(run("why", story["code"]))


def test_the_ledgers_why_names_are_refs_git_reads(
        story: dict[str, str], repo: Path, run: Run) -> None:
    """A new user pasted ``archive/…`` from ``made while archive/… was active`` into ``git
    show``, which does not know it: every ledger named is its whole ref."""
    _ok(run("archive", "--no-carry"))
    out = _ok(run("why", story["code"]))
    archived = story["ref"].replace("/sessions/", "/archive/")
    assert f"implements {story['pkce']} ({archived})" in out
    assert f"made while {archived} was active" in out
    assert git(repo, "cat-file", "-t", archived).strip() == "tag"


def test_a_ledger_that_is_gone_is_named_not_fatal(
        story: dict[str, str], repo: Path, run: Run) -> None:
    git(repo, "update-ref", "-d", story["ref"])
    data = _json(run, story["bff_code"])
    entry = data["commits"][0]["entries"][0]
    assert entry["entry"] is None
    assert entry["id"] == story["bff"]
    assert "is gone" in entry["problem"]
    out = _ok(run("why", story["bff_code"]))
    assert f"cites {story['bff']}" in out
    assert "is gone" in out
    # The context's commits are still in the object database (unreachable, not yet
    # gc'd), but with no ledger to record them they are not shown as this commit's story.
    context = data["commits"][0]["context"]
    assert context["task"] is None
    assert "is gone" in context["problem"]


# -- JSON shape ------------------------------------------------------------------------------


def test_json_shape_is_stable(story: dict[str, str], run: Run) -> None:
    data = _json(run, "app.py:3")
    assert set(data) == {"target", "kind", "path", "lines", "commits", "more_commits", "hint",
                         "drift", "governing"}
    assert data["target"] == "app.py:3"
    assert data["lines"] == [3, 3]
    commit = data["commits"][0]
    assert set(commit) == {"commit", "summary", "lines", "noted", "entries", "context",
                           "unbacked", "unbacked_total"}
    assert commit["unbacked"] == []
    assert commit["summary"] == "add pkce"
    assert commit["noted"] is True
    entry = commit["entries"][0]
    assert set(entry) == {"relation", "ledger", "id", "entry", "status", "problem"}
    assert entry["ledger"] == story["ref"]
    assert entry["status"] == "implemented — not deployed"
    assert entry["entry"]["over"] == ["implicit flow", "ROPC"]
    assert entry["entry"]["because"] == "public client, no secret"
    assert entry["entry"]["evidence"] == [f"git:{story['code']}"]
    context = commit["context"]
    assert set(context) == {"ledger", "tip", "task", "verified", "dropped", "more_verified",
                            "more_dropped", "problem"}
    assert context["ledger"] == story["ref"]
    assert len(context["tip"]) == 40
    assert [e["id"] for e in context["verified"]] == [story["fact"]]
    assert [e["id"] for e in context["dropped"]] == [story["dropped"]]
    assert context["problem"] is None


# -- display safety ------------------------------------------------------------------------


def test_control_characters_in_entry_text_are_never_printed_raw(
        repo: Path, run: Run) -> None:
    code = _write(repo, "a.py", ["a"], "code")
    entry_id = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}",
                       "--because", "fine"))
    ledger = Ledger.open(repo)
    evil = dataclasses.replace(ledger.get(entry_id), text="Use \x1b[2J\x1b]0;pwned\x07PKCE",
                               because="ok\x1b[31m\u202e", over=("a\rb",))
    blob = encode_entry(evil)

    def operation(view: TreeView | None) -> tuple[Change, None]:
        return Change("hand edit", (("Ledger-Event", "edit"),),
                      {entry_path(entry_id): blob}), None

    ledger.store.update(_session(repo), operation)
    out = _ok(run("why", code))
    assert entry_id in out
    for raw in ("\x1b", "\x07", "\r", "\u202e"):
        assert raw not in out
    assert "\ufffd" in out
    raw_json = run("why", "--json", code).stdout
    assert "\x1b" not in raw_json
    assert "\x07" not in raw_json
    # JSON is shown like the text (issue 19): what reaches a reader or an agent is the same.
    assert json.loads(raw_json)["commits"][0]["entries"][0]["entry"]["text"] == printable(
        evil.text)


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "needles"), [
    ("missing.py", ("'missing.py' is neither a file at HEAD nor a commit",)),
    ("missing.py:3", ("no file 'missing.py' at HEAD",)),
    ("app.py:0", ("line numbers start at 1",)),
    ("app.py:5", ("'app.py' has 2 lines at HEAD", "line 5")),
    ("app.py:2-9", ("line 9 is beyond its end",)),
    ("app.py:2-1", ("ends before it starts",)),
    ("app.py:x", ("'x' is not a line range",)),
    ("app.py:1-", ("'1-' is not a line range",)),
    ("app.py:-1", ("'-1' is not a line range",)),
    ("deadbeef", ("neither a file at HEAD nor a commit",)),
    ("src", ("'src' is neither a file at HEAD nor a commit",)),
    ("src:1", ("'src' is a directory",)),
    ("../outside.py:1", ("outside the repository",)),
])
def test_bad_targets_fail_with_one_line_and_write_nothing(
        repo: Path, run: Run, target: str, needles: tuple[str, ...]) -> None:
    _write(repo, "app.py", ["a", "b"], "app")
    _write(repo, "src/mod.py", ["m"], "mod")
    _ok(run("decide", "something", "--evidence", "git:HEAD"))
    before = _refs(repo)
    _fails(run("why", target), *needles)
    _fails(run("why", "--json", target), *needles)
    assert _refs(repo) == before


def test_uncommitted_file_is_named(repo: Path, run: Run) -> None:
    _write(repo, "app.py", ["a"], "app")
    (repo / "new.py").write_text("x\n")
    _fails(run("why", "new.py:1"), "'new.py' is not committed at HEAD")


def test_rev_that_is_not_a_commit(repo: Path, run: Run) -> None:
    _write(repo, "app.py", ["a"], "app")
    _fails(run("why", "--rev", "HEAD^{tree}"), "names no commit")
    _fails(run("why", "--rev", "app.py"), "names no commit")
    _fails(run("why", "--rev", "nope"), "'nope' names no commit")


def test_empty_file_and_unborn_repository(repo: Path, run: Run) -> None:
    _fails(run("why", "x.py:1"), "no commits yet")
    _fails(run("why", "HEAD"), "no commits yet")
    _write(repo, "empty", [], "empty file")
    _fails(run("why", "empty"), "'empty' is empty at HEAD")
    _fails(run("why", "empty:1"), "'empty' has 0 lines at HEAD")


def test_usage_errors_exit_2(repo: Path, run: Run) -> None:
    _write(repo, "app.py", ["a"], "app")
    assert run("why").exit_code == 2
    assert run("why", "app.py", "--max-commits", "0").exit_code == 2


def test_commits_in_a_row_without_notes_are_said_once(repo_with_commit: Path,
                                                       runner: CliRunner) -> None:
    """A file older than its ledgers: each commit on its line, the missing notes once."""
    lines = ["one", "two", "three"]
    shas = []
    for n in range(3):
        (repo_with_commit / "f.txt").write_text("\n".join(lines[:n + 1]) + "\n")
        git(repo_with_commit, "add", "f.txt")
        git(repo_with_commit, "commit", "-q", "-m", f"line {n + 1}")
        shas.append(git(repo_with_commit, "rev-parse", "HEAD").strip())
    out = _ok(Run(runner, repo_with_commit)("why", "f.txt"))
    assert out.count("no ledger notes") == 1
    assert out.endswith("  no ledger notes for these 3 commits")
    for n, sha in enumerate(reversed(shas)):
        assert f"commit {sha[:12]}  line {3 - n}" in out
