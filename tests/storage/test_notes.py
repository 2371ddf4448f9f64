"""Notes on code commits (refs/notes/ledger): written by every decision write, rebuilt
from the ledgers, merged by git's cat_sort_uniq, and never able to fail a ledger write.

Everything is read back with real git (``git notes --ref=ledger``, ``git log
--notes=ledger``), the way a user and the format document see it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger.core.codec import decode_entry
from gitledger.core.ids import entry_path
from gitledger.storage import notes as notes_module
from gitledger.storage.layout import NOTES_REF
from gitledger.storage.notes import add_lines, annotate, read_note
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.conftest import Run, git


def _ok(result: Result) -> str:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout.strip()


def _commit(repo: Path, name: str) -> str:
    (repo / name).write_text(f"{name}\n")
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", f"add {name}")
    return git(repo, "rev-parse", "HEAD").strip()


def _note(repo: Path, sha: str) -> str:
    """The body of ``sha``'s ledger note as git shows it ('' when it has none)."""
    done = subprocess.run(["git", "notes", "--ref=ledger", "show", sha], cwd=repo,
                          capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else ""


def _notes(repo: Path) -> dict[str, str]:
    """Every ledger note, by annotated commit, as git lists them."""
    done = subprocess.run(["git", "notes", "--ref=ledger", "list"], cwd=repo,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return {}
    found = {}
    for line in done.stdout.splitlines():
        _, annotated = line.split()
        found[annotated] = _note(repo, annotated)
    return found


def _tip(repo: Path, ref: str = NOTES_REF) -> str:
    done = subprocess.run(["git", "rev-parse", "-q", "--verify", ref], cwd=repo,
                          capture_output=True, text=True, check=False)
    return done.stdout.strip()


def _session(repo: Path) -> str:
    return (repo / ".git" / "ledger").read_text().strip()


def _fsck(repo: Path) -> None:
    done = subprocess.run(["git", "fsck", "--strict", "--no-dangling"], cwd=repo,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in done.stderr.lower()
    assert "warning" not in done.stderr.lower()


@pytest.fixture
def work(repo_with_commit: Path) -> Path:
    return repo_with_commit


@pytest.fixture
def run(runner: CliRunner, work: Path) -> Run:
    return Run(runner, work)


# -- what each write puts on a commit --------------------------------------------------------


def test_decide_with_git_evidence_notes_the_full_sha(work: Path, run: Run) -> None:
    cited = _commit(work, "a")
    other = _commit(work, "b")
    entry = _ok(run("decide", "Use PKCE", "--evidence", "git:HEAD~1"))
    ref = _session(work)
    assert _note(work, cited) == f"cites {entry} {ref}\n"
    assert _note(work, other) == ""
    shown = git(work, "log", "--notes=ledger", "-1", cited)
    assert "Notes (ledger):" in shown
    assert f"    cites {entry} {ref}" in shown
    subject = git(work, "log", "-1", "--format=%s%n%(trailers)", NOTES_REF)
    assert subject.splitlines()[0] == f"notes for {entry}"
    assert "Ledger-Event: notes" in subject
    _fsck(work)


def test_a_decision_without_commits_writes_no_notes(work: Path, run: Run) -> None:
    _ok(run("decide", "Use PKCE", "--evidence", "test:test_pkce"))
    _ok(run("open", "Which IdP?"))
    assert _tip(work) == ""


def test_implement_replaces_the_cites_line_of_the_same_entry(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE", "--proposed", "--evidence", f"git:{code}"))
    ref = _session(work)
    assert _note(work, code) == f"cites {entry} {ref}\n"
    _ok(run("accept", entry))
    _ok(run("implement", entry, "--commit", code))
    assert _note(work, code) == f"implements {entry} {ref}\n"
    later = _commit(work, "b")
    _ok(run("implement", entry, "--commit", "HEAD"))  # a second implementing commit
    assert _note(work, later) == f"implements {entry} {ref}\n"
    assert _note(work, code) == f"implements {entry} {ref}\n"
    _fsck(work)


def test_lines_of_several_entries_are_sorted_and_unique(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    first = _ok(run("decide", "Use PKCE", "--proposed"))
    _ok(run("accept", first))
    _ok(run("implement", first, "--commit", code))
    second = _ok(run("decide", "Keep tokens server-side", "--evidence", "git:HEAD"))
    ref = _session(work)
    body = _note(work, code)
    assert body == f"cites {second} {ref}\nimplements {first} {ref}\n"
    assert body.splitlines() == sorted(set(body.splitlines()))


def test_deploy_notes_the_deployed_commit(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    shipped = _commit(work, "b")
    entry = _ok(run("decide", "Use PKCE"))
    _ok(run("implement", entry, "--commit", code))
    _ok(run("deploy", entry, "--env", "production", "--sha", "HEAD",
            "--url", "https://ci.example.com/runs/1"))
    ref = _session(work)
    assert _note(work, shipped) == f"deploys {entry} {ref}\n"
    # A deployed decision's implementing commit keeps saying it implements it.
    assert _note(work, code) == f"implements {entry} {ref}\n"
    _fsck(work)


def test_evidence_edit_and_resolve_annotate(work: Path, run: Run) -> None:
    a = _commit(work, "a")
    b = _commit(work, "b")
    c = _commit(work, "c")
    entry = _ok(run("decide", "Use PKCE"))
    assert _tip(work) == ""
    _ok(run("evidence", entry, "--add", f"git:{a[:10]}"))
    ref = _session(work)
    assert _note(work, a) == f"cites {entry} {ref}\n"
    edited = _ok(run("decide", "Use a BFF"))
    _ok(run("edit", edited, "--evidence", f"git:{b}", "--evidence", "test:bff"))
    assert _note(work, b) == f"cites {edited} {ref}\n"
    question = _ok(run("open", "Which IdP?"))
    _ok(run("resolve", question, "--as", "decided", "--because", "audit",
            "--evidence", f"git:{c}"))
    assert _note(work, c) == f"cites {question} {ref}\n"
    _fsck(work)


def test_superseded_decision_is_noted_as_cites(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    old = _ok(run("decide", "Use PKCE"))
    _ok(run("implement", old, "--commit", code))
    ref = _session(work)
    assert _note(work, code) == f"implements {old} {ref}\n"
    new = _ok(run("decide", "Use a BFF", "--supersedes", old))
    # status-based: a superseded decision only cites the commits it named
    assert _note(work, code) == f"cites {old} {ref}\n"
    assert new not in _note(work, code)


def test_rejected_decision_is_noted_as_cites(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use sessions", "--proposed", "--evidence", f"git:{code}"))
    _ok(run("reject", entry, "--why", "no"))
    assert _note(work, code) == f"cites {entry} {_session(work)}\n"
    before = _notes(work)
    _ok(run("notes", "rebuild"))
    assert _notes(work) == before


def test_project_decisions_name_the_project_ref(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Tokens stay server-side", "--project", "--evidence",
                    f"git:{code}"))
    assert _note(work, code) == f"cites {entry} refs/ledger/project\n"
    git(work, "update-ref", "-d", NOTES_REF)
    _ok(run("notes", "rebuild"))
    assert _note(work, code) == f"cites {entry} refs/ledger/project\n"


# -- annotate agrees with rebuild -------------------------------------------------------------


def test_evidence_moved_to_a_rewritten_commit_leaves_no_stale_line(work: Path,
                                                                     run: Run) -> None:
    old = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE"))
    _ok(run("implement", entry, "--commit", old))
    git(work, "commit", "-q", "--amend", "-m", "add a (reworded)")
    new = git(work, "rev-parse", "HEAD").strip()
    _ok(run("evidence", entry, "--remove", f"git:{old}", "--add", f"git:{new}"))
    ref = _session(work)
    assert _note(work, new) == f"implements {entry} {ref}\n"
    # The ledger no longer says the old commit implements it, so neither may its note.
    assert _note(work, old) == ""
    written = _notes(work)
    _ok(run("notes", "rebuild"))
    assert _notes(work) == written


def test_a_newer_deploy_moves_the_deploys_line(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    shipped = _commit(work, "b")
    entry = _ok(run("decide", "Use PKCE"))
    _ok(run("implement", entry, "--commit", code))
    _ok(run("deploy", entry, "--env", "production", "--sha", shipped,
            "--url", "https://ci.example.com/runs/1"))
    ref = _session(work)
    assert _note(work, shipped) == f"deploys {entry} {ref}\n"
    newer = _commit(work, "c")
    _ok(run("deploy", entry, "--env", "production", "--sha", newer,
            "--url", "https://ci.example.com/runs/2"))
    assert _note(work, newer) == f"deploys {entry} {ref}\n"
    assert _note(work, code) == f"implements {entry} {ref}\n"
    # The receipt now names the newer commit; the older one's line goes (rebuild agrees).
    assert _note(work, shipped) == ""
    written = _notes(work)
    _ok(run("notes", "rebuild"))
    assert _notes(work) == written


# -- rebuild ---------------------------------------------------------------------------------


def _busy_history(work: Path, run: Run) -> dict[str, str]:
    a = _commit(work, "a")
    b = _commit(work, "b")
    first = _ok(run("decide", "Use PKCE", "--evidence", f"git:{a}"))
    _ok(run("implement", first, "--commit", b))
    _ok(run("deploy", first, "--env", "staging", "--sha", b,
            "--url", "https://ci.example.com/runs/1"))
    _ok(run("decide", "Keep tokens server-side", "--project", "--evidence", f"git:{a}"))
    proposed = _ok(run("decide", "Use sessions", "--proposed", "--evidence", f"git:{b}"))
    _ok(run("reject", proposed, "--why", "no"))
    return _notes(work)


def test_rebuild_restores_exactly_the_same_notes(work: Path, run: Run) -> None:
    written = _busy_history(work, run)
    assert len(written) == 2
    git(work, "update-ref", "-d", NOTES_REF)
    assert _notes(work) == {}
    out = json.loads(_ok(run("notes", "rebuild", "--json")))
    assert _notes(work) == written
    assert out == {"commit": _tip(work), "notes": 2,
                   "lines": sum(len(body.splitlines()) for body in written.values()),
                   "ledgers": 2}
    message = git(work, "log", "-1", "--format=%B", NOTES_REF)
    assert message.splitlines()[0] == "rebuild the ledger notes from the ledgers"
    assert "Ledger-Event: notes" in message
    assert "Ledger-Notes: rebuild" in message
    # Flat layout: one blob per annotated commit, named by its full sha.
    paths = git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split()
    assert sorted(paths) == sorted(written)
    _fsck(work)


def test_rebuild_text_output(work: Path, run: Run) -> None:
    written = _busy_history(work, run)
    lines = sum(len(body.splitlines()) for body in written.values())
    result = run("notes", "rebuild")
    assert _ok(result) == f"2 commits noted from 2 ledgers ({lines} lines)"
    assert result.stderr == ""


def test_rebuild_drops_unbacked_lines_and_keeps_history(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    stray = _commit(work, "b")
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    ref = _session(work)
    bogus = "cites d-0000000000 refs/ledger/sessions/nosuchledg"
    git(work, "notes", "--ref=ledger", "append", "-m", bogus, code)
    git(work, "notes", "--ref=ledger", "add", "-m", bogus, stray)
    assert bogus in _note(work, code)
    before = _tip(work)
    out = json.loads(_ok(run("notes", "rebuild", "--json")))
    assert out["notes"] == 1
    assert out["lines"] == 1
    assert _note(work, code) == f"cites {entry} {ref}\n"
    assert _note(work, stray) == ""
    # The notes ref's history keeps what rebuild dropped.
    assert git(work, "rev-parse", f"{NOTES_REF}^").strip() == before
    assert bogus in git(work, "show", f"{before}:{stray}")
    _fsck(work)


def test_rebuild_names_archived_ledgers_by_their_archive_ref(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    session = _session(work)
    archived = json.loads(_ok(run("archive", "--no-carry", "--json")))["archive"]
    assert archived == session.replace("/sessions/", "/archive/")
    assert _note(work, code) == f"cites {entry} {archived}\n"  # archive renamed it
    out = json.loads(_ok(run("notes", "rebuild", "--json")))
    assert out["ledgers"] == 1
    assert out["commit"] is None  # rebuild agrees: nothing to change
    assert _note(work, code) == f"cites {entry} {archived}\n"
    _fsck(work)


def test_rebuild_that_changes_nothing_writes_nothing(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    tip = _tip(work)
    out = json.loads(_ok(run("notes", "rebuild", "--json")))
    assert out["notes"] == 1
    assert _tip(work) == tip, "a rebuild that changes no note must not add a commit"


def test_rebuild_without_ledgers_creates_no_notes_ref(work: Path, run: Run) -> None:
    out = json.loads(_ok(run("notes", "rebuild", "--json")))
    assert out == {"commit": None, "notes": 0, "lines": 0, "ledgers": 0}
    assert _tip(work) == ""


def test_rebuild_skips_commits_missing_from_this_clone(work: Path, run: Run,
                                                       tmp_path: Path) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    ref = _session(work)
    # A clone with the ledger but not the cited commit (it was never pushed).
    clone = tmp_path / "clone"
    git(work, "branch", "old", "HEAD~1")
    git(tmp_path, "clone", "-q", "--no-local", "-b", "old", "--single-branch",
        str(work), str(clone))
    git(clone, "fetch", "-q", str(work), f"{ref}:{ref}")
    # The ledger's own commits do not reach the cited code commit.
    assert subprocess.run(["git", "cat-file", "-e", code], cwd=clone,
                          check=False).returncode != 0
    out = json.loads(_ok(Run(run.runner, clone)("notes", "rebuild", "--json")))
    assert out["ledgers"] == 1
    assert out["notes"] == 0
    assert entry  # the entry exists; only its note is skipped


# -- git's fan-out layout ------------------------------------------------------------------


def _fan_out_note(repo: Path, sha: str, body: str) -> None:
    """Write ``sha``'s note at ``ab/cdef…`` the way git lays out a big notes tree."""
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input=body,
                          capture_output=True, text=True, check=True).stdout.strip()
    inner = subprocess.run(["git", "mktree"], cwd=repo, input=f"100644 blob {blob}\t{sha[2:]}\n",
                           capture_output=True, text=True, check=True).stdout.strip()
    outer = subprocess.run(["git", "mktree"], cwd=repo, input=f"040000 tree {inner}\t{sha[:2]}\n",
                           capture_output=True, text=True, check=True).stdout.strip()
    commit = git(repo, "commit-tree", outer, "-m", "Notes added by hand").strip()
    git(repo, "update-ref", NOTES_REF, commit)


def test_a_fan_out_note_is_read_and_updated_in_place(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    foreign = "cites d-0000000000 refs/ledger/sessions/elsewhere0\n"
    _fan_out_note(work, code, foreign)
    assert _note(work, code) == foreign  # git itself reads it
    store = Store(Repo(work))
    assert read_note(store, code) == foreign.splitlines()
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    ref = _session(work)
    assert _note(work, code) == f"{foreign}cites {entry} {ref}\n"
    # Updated where it was, not duplicated beside it at the flat path.
    assert git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split() == [
        f"{code[:2]}/{code[2:]}"]
    assert read_note(Store(Repo(work)), code) == [foreign.strip(), f"cites {entry} {ref}"]
    _fsck(work)


def test_rebuild_replaces_a_fan_out_tree_with_flat_notes(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    ref = _session(work)
    _fan_out_note(work, code, f"cites {entry} {ref}\n")
    _ok(run("notes", "rebuild"))
    assert git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split() == [code]
    assert _note(work, code) == f"cites {entry} {ref}\n"


def test_git_written_fan_out_notes_are_read(work: Path, run: Run) -> None:
    # Enough notes that git itself fans the tree out (it does past 256 notes).
    marks = "".join(
        f"commit refs/heads/many\nmark :{i}\ncommitter A <a@b> {1700000000 + i} +0000\n"
        f"data 2\n{i % 10}\n\n" for i in range(1, 301))
    subprocess.run(["git", "fast-import", "--quiet"], cwd=work, input=marks, text=True,
                   check=True)
    shas = git(work, "rev-list", "many").split()
    assert len(shas) == 300
    script = "".join(f"N inline {sha}\ndata 5\nseed\n\n" for sha in shas)
    done = subprocess.run(
        ["git", "fast-import", "--quiet"], cwd=work, check=True, text=True,
        input=f"commit {NOTES_REF}\ncommitter A <a@b> 1700000000 +0000\ndata 5\nnotes\n"
              + script)
    assert done.returncode == 0
    git(work, "notes", "--ref=ledger", "add", "-f", "-m", "seed", shas[0])  # git rewrites it
    paths = git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split()
    assert all("/" in path for path in paths), "git did not fan the notes tree out"
    target = shas[5]
    assert read_note(Store(Repo(work)), target) == ["seed"]
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{target}"))
    assert _note(work, target) == f"cites {entry} {_session(work)}\nseed\n"
    assert len(git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split()) == 300
    _fsck(work)


def _many_commits(work: Path, count: int) -> list[str]:
    marks = "".join(
        f"commit refs/heads/many\nmark :{i}\ncommitter A <a@b> {1700000000 + i} +0000\n"
        f"data 2\n{i % 10}\n\n" for i in range(1, count + 1))
    subprocess.run(["git", "fast-import", "--quiet"], cwd=work, input=marks, text=True,
                   check=True)
    return git(work, "rev-list", "--reverse", "many").split()


def test_a_growing_flat_tree_is_fanned_out_once_and_stays_so(
        work: Path, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notes_module, "FANOUT_AT", 4)
    shas = _many_commits(work, 7)
    entries = [_ok(run("decide", f"Decision {i}", "--evidence", f"git:{sha}"))
               for i, sha in enumerate(shas)]
    ref = _session(work)
    paths = git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split()
    assert sorted(paths) == sorted(f"{sha[:2]}/{sha[2:]}" for sha in shas)
    # The fourth note was written flat; the fifth moved all five into the directories.
    history = git(work, "rev-list", "--reverse", NOTES_REF).split()
    flat_then = git(work, "ls-tree", "--name-only", history[3]).split()
    assert flat_then == sorted(shas[:4])
    for sha, entry in zip(shas, entries, strict=True):
        assert _note(work, sha) == f"cites {entry} {ref}\n"  # git reads every one
    # A later write rewrites one small directory, not a root listing every note.
    root = git(work, "ls-tree", NOTES_REF).splitlines()
    assert all(line.split()[1] == "tree" for line in root)
    _fsck(work)


def test_rebuild_of_many_notes_writes_the_fan_out_layout(
        work: Path, run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notes_module, "FANOUT_AT", 2)
    shas = _many_commits(work, 4)
    for i, sha in enumerate(shas):
        _ok(run("decide", f"Decision {i}", "--evidence", f"git:{sha}"))
    before = _notes(work)
    git(work, "update-ref", "-d", NOTES_REF)
    _ok(run("notes", "rebuild"))
    assert _notes(work) == before
    assert all("/" in path for path in
               git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split())
    tip = _tip(work)
    _ok(run("notes", "rebuild"))
    assert _tip(work) == tip  # the same notes in the same layout: nothing written
    _fsck(work)


def test_fanning_out_while_a_note_goes_leaves_no_empty_tree(
        work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notes_module, "FANOUT_AT", 2)
    shas = [_commit(work, f"f{i}") for i in range(12)]  # real trees: none of them empty
    first, second = shas[0], next(s for s in shas if s[:2] != shas[0][:2])
    third = next(s for s in shas if s[:2] not in (first[:2], second[:2]))
    store = Store(Repo(work))
    add_lines(store, {first: {"cites d-0000000001 r"}, second: {"cites d-0000000002 r"}},
              "two flat notes")
    # One write: past FANOUT_AT (the tree is fanned out) and the first note's only line goes.
    add_lines(store, {third: {"cites d-0000000003 r"}, first: set()}, "fan out",
              replacing={"cites d-0000000001 r"})
    assert sorted(git(work, "ls-tree", "-r", "--name-only", NOTES_REF).split()) == sorted(
        f"{sha[:2]}/{sha[2:]}" for sha in (second, third))
    dangling = subprocess.run(["git", "fsck", "--strict", "--dangling"], cwd=work,
                              capture_output=True, text=True, check=True).stdout
    assert "dangling tree" not in dangling, dangling


# -- merging two clones' notes ------------------------------------------------------------


def test_cat_sort_uniq_merges_two_clones_notes_into_their_union(
    work: Path, runner: CliRunner, tmp_path: Path
) -> None:
    code = _commit(work, "a")
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", str(work), str(other))
    here = _ok(Run(runner, work)("decide", "Use PKCE", "--evidence", f"git:{code}"))
    there = Run(runner, other)
    theirs = _ok(there("decide", "Use a BFF", "--evidence", f"git:{code}"))
    _ok(there("implement", theirs, "--commit", code))
    mine, yours = _note(work, code), _note(other, code)
    assert mine != yours
    git(work, "fetch", "-q", str(other), f"{NOTES_REF}:refs/notes/ledger-other")
    git(work, "notes", "--ref=ledger", "merge", "-q", "-s", "cat_sort_uniq",
        "refs/notes/ledger-other")
    merged = _note(work, code)
    assert merged.splitlines() == sorted(set(mine.splitlines()) | set(yours.splitlines()))
    assert f"cites {here} {_session(work)}" in merged
    assert f"implements {theirs} {_session(other)}" in merged
    # The merge is a merge commit of both notes histories.
    parents = git(work, "log", "-1", "--format=%P", NOTES_REF).split()
    assert len(parents) == 2
    # And our next write builds on it instead of losing the other clone's lines.
    again = _ok(Run(runner, work)("decide", "Log the state param", "--evidence",
                                  f"git:{code}"))
    assert set(merged.splitlines()) < set(_note(work, code).splitlines())
    assert again in _note(work, code)
    _fsck(work)


# -- notes never fail a write ---------------------------------------------------------------


def test_a_broken_notes_ref_warns_but_the_write_happens(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE"))
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=work, input="junk\n",
                          capture_output=True, text=True, check=True).stdout.strip()
    git(work, "update-ref", NOTES_REF, blob)
    result = run("implement", entry, "--commit", code, "--json")
    assert result.exit_code == 0, result.stderr
    written = json.loads(result.stdout)
    assert written["id"] == entry
    assert len(written["warnings"]) == 1
    assert "git ledger notes rebuild" in written["warnings"][0]
    warnings = result.stderr.splitlines()
    assert len(warnings) == 1, result.stderr
    assert warnings[0].startswith("git ledger: warning: ")
    assert "git ledger notes rebuild" in warnings[0]
    shown = json.loads(_ok(run("show", entry, "--json")))
    assert shown["entry"]["status"] == "implemented"
    assert f"git:{code}" in shown["entry"]["evidence"]
    assert git(work, "rev-parse", NOTES_REF).strip() == blob  # untouched
    # The command the warning names repairs it: the notes are an index, the bad ref goes.
    repaired = run("notes", "rebuild", "--json")
    assert repaired.exit_code == 0, repaired.stderr
    assert json.loads(repaired.stdout)["notes"] == 1
    assert git(work, "cat-file", "-t", NOTES_REF).strip() == "commit"
    assert f"implements {entry}" in git(work, "notes", "--ref=ledger", "show", code)
    # Deleting the broken ref and rebuilding restores the note.
    git(work, "update-ref", "-d", NOTES_REF)
    _ok(run("notes", "rebuild"))
    assert _note(work, code) == f"implements {entry} {_session(work)}\n"
    _fsck(work)


def test_a_write_without_commits_ignores_a_broken_notes_ref(work: Path, run: Run) -> None:
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=work, input="junk\n",
                          capture_output=True, text=True, check=True).stdout.strip()
    git(work, "update-ref", NOTES_REF, blob)
    result = run("decide", "Use PKCE", "--evidence", "test:pkce")
    assert result.exit_code == 0
    assert result.stderr == ""


def test_annotate_writes_nothing_when_the_note_already_says_it(work: Path, run: Run) -> None:
    code = _commit(work, "a")
    entry = _ok(run("decide", "Use PKCE", "--evidence", f"git:{code}"))
    ref = _session(work)
    path = entry_path(entry)
    decided = decode_entry(git(work, "cat-file", "blob", f"{ref}:{path}").encode(), path)
    tip = _tip(work)
    assert annotate(Store(Repo(work)), decided, ref) is None
    assert _tip(work) == tip


# -- the command line ----------------------------------------------------------------------


def test_notes_rebuild_usage_errors(run: Run) -> None:
    extra = run("notes", "rebuild", "extra")
    assert extra.exit_code == 2
    assert "extra" in extra.stderr
    bare = run("notes")
    assert bare.exit_code == 2
    unknown = run("notes", "prune")
    assert unknown.exit_code == 2
    assert "prune" in unknown.stderr


def test_notes_rebuild_outside_a_repository(runner: CliRunner, tmp_path: Path) -> None:
    from gitledger.cli import cli

    result = runner.invoke(cli, ["-C", str(tmp_path), "notes", "rebuild"])
    assert result.exit_code == 1
    assert result.stderr.startswith("git ledger: ")
    assert result.stderr.count("\n") == 1
