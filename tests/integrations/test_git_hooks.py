"""The git hooks end to end: ``git ledger install`` writes them, and real ``git commit``,
``commit --amend``, ``rebase``, ``cherry-pick``, ``checkout``/``switch`` and ``git worktree``
run them.  Nothing is called in-process on the hook side: git runs the installed ``sh``
scripts, and they run the ``git-ledger`` of the test venv (put first on PATH).

What a hook did is read back with git itself (``git log --notes=ledger``, ``git notes``,
the ledger ref's commits); the git command must always succeed, even with the tool broken.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger.integrations.git_hooks import MARK, template
from gitledger.ledger.operations import Ledger
from tests.conftest import Run, git, installed_git_ledger, settle

HOOKS = ("post-commit", "post-checkout", "post-rewrite")
NOTES = "refs/notes/ledger"


@pytest.fixture(autouse=True)
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hooks call ``git-ledger``: the test venv's scripts come first on PATH."""
    bin_dir = str(installed_git_ledger().parent)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")


# -- helpers -------------------------------------------------------------------------------


def _git(cwd: Path, *args: str, env: dict[str, str] | None = None,
         ok: bool = True) -> subprocess.CompletedProcess[str]:
    """Real git, with its stderr (where the hooks speak) kept, and what the queued work it
    left had to say (``settle``: printed by the next command) after it."""
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          check=False, env=env, timeout=120)
    if ok:
        assert done.returncode == 0, (args, done.stdout, done.stderr)
    said = settle(cwd)
    if said:
        done.stderr += "".join(f"{line}\n" for line in said)
    return done


def _commit_event(repo: Path, ref: str, sha: str) -> dict[str, list[str]]:
    """The ledger's one ``commit`` event that records code commit ``sha``."""
    found = [e for e in _events(repo, ref) if e.get("Ledger-Commit") == [sha]]
    assert len(found) == 1, found
    return found[0]


def _hook_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("git ledger")]


def _commit(repo: Path, name: str, message: str | None = None,
            env: dict[str, str] | None = None) -> tuple[str, str]:
    """Add file ``name`` and commit it; (the new commit, git's stderr)."""
    (repo / name).write_text(f"{name}\n")
    _git(repo, "add", name, env=env)
    done = _git(repo, "commit", "-q", "-m", message or f"add {name}", env=env)
    return _head(repo), done.stderr


def _head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def _rev(repo: Path, rev: str) -> str:
    done = _git(repo, "rev-parse", "-q", "--verify", rev, ok=False)
    return done.stdout.strip()


def _note(repo: Path, sha: str) -> str:
    done = _git(repo, "notes", "--ref=ledger", "show", sha, ok=False)
    return done.stdout if done.returncode == 0 else ""


def _pointer(repo: Path) -> str:
    git_dir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    return (git_dir / "ledger").read_text().strip()


def _refs(repo: Path, prefix: str = "refs/") -> str:
    return git(repo, "for-each-ref", "--format=%(objectname) %(refname)", prefix)


def _events(repo: Path, ref: str) -> list[dict[str, list[str]]]:
    """The ledger's events, newest first: their ``Ledger-*`` trailers (and the subject)."""
    out = git(repo, "log", "--format=%x1e%H%n%B", ref)
    events = []
    for record in out.split("\x1e")[1:]:
        lines = record.strip("\n").splitlines()
        found: dict[str, list[str]] = {"commit": [lines[0]], "subject": [lines[1]]}
        for line in lines[2:]:
            key, sep, value = line.partition(": ")
            if sep and key.startswith("Ledger-"):
                found.setdefault(key, []).append(value)
        events.append(found)
    return events


def _fsck(repo: Path) -> None:
    done = _git(repo, "fsck", "--strict", "--no-progress", ok=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in done.stderr.lower()
    assert "warning" not in done.stderr.lower()


def _ok(result: Result) -> str:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout.strip()


@pytest.fixture
def hooked(repo_with_commit: Path, runner: CliRunner) -> Path:
    """A repository with one commit and the git hooks installed (no ledger yet)."""
    _ok(Run(runner, repo_with_commit)("install"))
    return repo_with_commit


@pytest.fixture
def active(hooked: Path, runner: CliRunner) -> tuple[Path, Run, str]:
    """… and an active ledger in its worktree: (repo, ledger CLI, ledger ref)."""
    run = Run(runner, hooked)
    _ok(run("task", "ship the parser"))
    return hooked, run, _pointer(hooked)


# -- install / uninstall -------------------------------------------------------------------


def test_install_writes_three_marked_executable_hooks_and_the_notes_config(
        repo_with_commit: Path, runner: CliRunner) -> None:
    out = _ok(Run(runner, repo_with_commit)("install"))
    hooks = repo_with_commit / ".git" / "hooks"
    assert out.splitlines() == [
        f"git hooks in {hooks}:",
        "  + post-commit  added",
        "  + post-checkout  added",
        "  + post-rewrite  added",
        "  + notes.rewriteRef=refs/notes/ledger  added",
        "  + notes.rewriteMode=cat_sort_uniq  added",
    ]
    for name in HOOKS:
        path = hooks / name
        assert path.read_text().startswith("#!/bin/sh\n")
        assert MARK in path.read_text()
        assert path.stat().st_mode & stat.S_IXUSR
    assert not [p for p in hooks.iterdir() if p.name.endswith((".pre-ledger", ".tmp"))]
    assert git(repo_with_commit, "config", "--get-all", "notes.rewriteRef").split() == [NOTES]
    assert git(repo_with_commit, "config", "notes.rewriteMode").strip() == "cat_sort_uniq"
    # git itself agrees that this is where it runs hooks from
    said = git(repo_with_commit, "rev-parse", "--git-path", "hooks").strip()
    assert (repo_with_commit / said).resolve() == hooks.resolve()


def test_install_twice_changes_nothing_the_second_time(hooked: Path,
                                                       runner: CliRunner) -> None:
    hooks = hooked / ".git" / "hooks"
    before = {name: (hooks / name).read_bytes() for name in HOOKS}
    config = (hooked / ".git" / "config").read_bytes()
    result = Run(runner, hooked)("install", "--json")
    data = json.loads(_ok(result))
    assert [c["action"] for c in data["git_hooks"]["changes"]] == ["unchanged"] * 5
    assert {name: (hooks / name).read_bytes() for name in HOOKS} == before
    assert (hooked / ".git" / "config").read_bytes() == config
    text = _ok(Run(runner, hooked)("install"))
    assert all(line.startswith("  = ") for line in text.splitlines()[1:])


def test_install_dry_run_writes_nothing(repo_with_commit: Path, runner: CliRunner) -> None:
    hooks = repo_with_commit / ".git" / "hooks"
    listing = sorted(p.name for p in hooks.iterdir())
    config = (repo_with_commit / ".git" / "config").read_bytes()
    out = _ok(Run(runner, repo_with_commit)("install", "--dry-run"))
    assert "  + post-commit  added" in out.splitlines()
    assert out.splitlines()[-1] == "dry run: nothing was written"
    data = json.loads(_ok(Run(runner, repo_with_commit)("install", "--dry-run", "--json")))
    assert data["git_hooks"]["dry_run"] is True
    assert sorted(p.name for p in hooks.iterdir()) == listing
    assert (repo_with_commit / ".git" / "config").read_bytes() == config


def test_install_json_shape(repo_with_commit: Path, runner: CliRunner) -> None:
    data = json.loads(_ok(Run(runner, repo_with_commit)("install", "--json")))
    assert set(data) == {"git_hooks", "commit_graph"}
    assert data["commit_graph"] is None  # a history of one commit
    hooks = data["git_hooks"]
    assert set(hooks) == {"hooks_dir", "dry_run", "manager", "notes", "changes"}
    assert hooks["manager"] == "git"
    assert hooks["notes"] == []
    assert Path(hooks["hooks_dir"]) == repo_with_commit / ".git" / "hooks"
    assert hooks["dry_run"] is False
    assert [(c["name"], c["action"]) for c in hooks["changes"]] == [
        ("post-commit", "added"), ("post-checkout", "added"), ("post-rewrite", "added"),
        ("notes.rewriteRef=refs/notes/ledger", "added"),
        ("notes.rewriteMode=cat_sort_uniq", "added")]
    assert [c["path"] for c in hooks["changes"]][:3] == [
        str(repo_with_commit / ".git" / "hooks" / name) for name in HOOKS]
    assert all(set(c) == {"name", "action", "path", "route"} for c in hooks["changes"])
    assert [c["route"] for c in hooks["changes"]] == ["hooks-dir"] * 3 + [None] * 2


@pytest.mark.parametrize("absolute", [False, True], ids=["relative", "absolute"])
def test_install_follows_core_hooks_path(repo_with_commit: Path, runner: CliRunner,
                                         tmp_path: Path, absolute: bool) -> None:
    target = tmp_path / "shared-hooks" if absolute else repo_with_commit / ".githooks"
    git(repo_with_commit, "config", "core.hooksPath",
        str(target) if absolute else ".githooks")
    data = json.loads(_ok(Run(runner, repo_with_commit)("install", "--json")))
    assert Path(data["git_hooks"]["hooks_dir"]) == target
    assert sorted(p.name for p in target.iterdir()) == sorted(HOOKS)
    assert not (repo_with_commit / ".git" / "hooks" / "post-commit").exists()
    # git really runs them from there
    run = Run(runner, repo_with_commit)
    _ok(run("task", "t"))
    sha, _ = _commit(repo_with_commit, "a.txt")
    assert f"commit-in {_pointer(repo_with_commit)} " in _note(repo_with_commit, sha)


def test_install_from_a_linked_worktree_goes_to_the_common_hooks(
        repo_with_commit: Path, runner: CliRunner, tmp_path: Path) -> None:
    linked = tmp_path / "linked"
    git(repo_with_commit, "worktree", "add", "-q", str(linked), "-b", "side")
    data = json.loads(_ok(Run(runner, linked)("install", "--json")))
    common = repo_with_commit / ".git" / "hooks"
    assert Path(data["git_hooks"]["hooks_dir"]) == common
    assert all((common / name).is_file() for name in HOOKS)
    assert not (repo_with_commit / ".git" / "worktrees" / "linked" / "hooks").exists()


USER_POST_COMMIT = (
    "#!/bin/sh\n"
    "# the user's own hook\n"
    "echo \"user hook ran: $(git rev-parse HEAD)\" >> \"$(git rev-parse --git-dir)/user.log\"\n"
    "echo 'user hook says hi' >&2\n"
    "exit 3\n"
)


def test_an_existing_hook_is_chained_still_runs_and_uninstall_restores_it(
        repo_with_commit: Path, runner: CliRunner) -> None:
    hooks = repo_with_commit / ".git" / "hooks"
    mine = hooks / "post-commit"
    mine.write_text(USER_POST_COMMIT)
    mine.chmod(0o750)
    run = Run(runner, repo_with_commit)
    out = _ok(run("install"))
    assert ("  + post-commit  chained (your hook is kept as post-commit.pre-ledger and runs "
            "first)") in out.splitlines()
    assert (hooks / "post-commit.pre-ledger").read_text() == USER_POST_COMMIT
    assert MARK in mine.read_text()

    _ok(run("task", "t"))
    ref = _pointer(repo_with_commit)
    sha, stderr = _commit(repo_with_commit, "b.txt")  # asserts git commit exited 0
    assert "user hook says hi" in stderr
    assert (repo_with_commit / ".git" / "user.log").read_text() == f"user hook ran: {sha}\n"
    assert _events(repo_with_commit, ref)[0]["Ledger-Commit"] == [sha]
    assert f"commit-in {ref} " in _note(repo_with_commit, sha)

    out = _ok(run("uninstall"))
    assert ("  - post-commit  restored (your post-commit.pre-ledger is back as post-commit)"
            in out.splitlines())
    assert "  - post-checkout  removed" in out.splitlines()
    assert mine.read_bytes() == USER_POST_COMMIT.encode()
    assert stat.S_IMODE(mine.stat().st_mode) == 0o750
    assert not (hooks / "post-commit.pre-ledger").exists()
    assert not (hooks / "post-checkout").exists()
    assert not (hooks / "post-rewrite").exists()
    for key in ("notes.rewriteRef", "notes.rewriteMode"):
        assert _git(repo_with_commit, "config", "--get-all", key, ok=False).returncode == 1
    # and the user's hook alone runs again
    sha2, _ = _commit(repo_with_commit, "c.txt")
    assert _events(repo_with_commit, ref)[0]["Ledger-Commit"] == [sha]
    assert _note(repo_with_commit, sha2) == ""


def test_a_chained_post_rewrite_hook_still_gets_its_stdin(active: tuple[Path, Run, str]) -> None:
    repo, run, _ = active
    hooks = repo / ".git" / "hooks"
    _ok(run("uninstall"))
    (hooks / "post-rewrite").write_text(
        "#!/bin/sh\ncat > \"$(git rev-parse --git-dir)/rewritten.txt\"\necho \"$1\" >> "
        "\"$(git rev-parse --git-dir)/rewritten.txt\"\n")
    (hooks / "post-rewrite").chmod(0o755)
    _ok(run("install"))
    old, _ = _commit(repo, "x.txt")
    _git(repo, "commit", "-q", "--amend", "-m", "reworded")
    new = _head(repo)
    assert (repo / ".git" / "rewritten.txt").read_text() == f"{old} {new}\namend\n"


def test_uninstall_keeps_a_foreign_hook_and_a_users_rewrite_mode(
        repo_with_commit: Path, runner: CliRunner) -> None:
    git(repo_with_commit, "config", "notes.rewriteMode", "concatenate")
    run = Run(runner, repo_with_commit)
    data = json.loads(_ok(run("install", "--json")))
    assert data["git_hooks"]["changes"][-1]["action"] == "kept"
    hooks = repo_with_commit / ".git" / "hooks"
    (hooks / "post-checkout").write_text("#!/bin/sh\nexit 0\n")  # replaced ours by hand
    out = _ok(run("uninstall"))
    assert "  - post-commit  removed" in out.splitlines()
    assert "    post-checkout  absent (not installed)" in out.splitlines()
    assert (hooks / "post-checkout").read_text() == "#!/bin/sh\nexit 0\n"
    assert git(repo_with_commit, "config", "notes.rewriteMode").strip() == "concatenate"


@pytest.mark.parametrize("name", HOOKS)
def test_install_refuses_when_pre_ledger_exists_beside_a_foreign_hook(
        repo_with_commit: Path, runner: CliRunner, name: str) -> None:
    hooks = repo_with_commit / ".git" / "hooks"
    (hooks / name).write_text("#!/bin/sh\necho mine\n")
    (hooks / f"{name}.pre-ledger").write_text("#!/bin/sh\necho older\n")
    listing = {p.name: p.read_bytes() for p in hooks.iterdir()}
    config = (repo_with_commit / ".git" / "config").read_bytes()
    result = Run(runner, repo_with_commit)("install")
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"{name}.pre-ledger exists already" in lines[0]
    assert {p.name: p.read_bytes() for p in hooks.iterdir()} == listing
    assert (repo_with_commit / ".git" / "config").read_bytes() == config


# -- post-commit ---------------------------------------------------------------------------


def test_a_plain_commit_is_recorded_in_the_ledger_and_noted(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    tip = _rev(repo, ref)
    sha, stderr = _commit(repo, "p.txt")
    assert _hook_lines(stderr) == []
    event = _events(repo, ref)[0]
    assert event["Ledger-Event"] == ["commit"]
    assert event["Ledger-Commit"] == [sha]
    assert "Ledger-Session" not in event
    assert git(repo, "rev-parse", f"{event['commit'][0]}^").strip() == tip
    assert git(repo, "rev-parse", f"{event['commit'][0]}^{{tree}}").strip() == \
        git(repo, "rev-parse", f"{tip}^{{tree}}").strip()
    assert f"commit {sha[:12]}" in _ok(run("log")).splitlines()[0]
    shown = git(repo, "log", "-1", "--notes=ledger", sha)
    assert f"Notes (ledger):\n    commit-in {ref} {tip}\n" in shown
    assert _note(repo, sha) == f"commit-in {ref} {tip}\n"
    _fsck(repo)


@pytest.mark.parametrize("trailer", [False, True], ids=["shell", "python"])
def test_the_session_id_rides_on_the_commit_event(active: tuple[Path, Run, str],
                                                  trailer: bool) -> None:
    repo, run, ref = active
    refs = ""
    if trailer:
        entry = _ok(run("decide", "use a table"))
        refs = f"\n\nLedger-Refs: {entry}"
    env = dict(os.environ, GIT_LEDGER_SESSION_ID="sess-42")
    sha, stderr = _commit(repo, "s.txt", f"session commit{refs}", env=env)
    assert _hook_lines(stderr) == []
    event = _events(repo, ref)[0]
    assert event["Ledger-Commit"] == [sha]
    assert event["Ledger-Session"] == ["sess-42"]


def test_no_ledger_no_writes(hooked: Path) -> None:
    sha, stderr = _commit(hooked, "n.txt", "plain\n\nLedger-Refs: d-abc123")
    assert stderr == ""
    assert _refs(hooked, "refs/ledger/") == ""
    assert _refs(hooked, "refs/notes/") == ""
    assert _note(hooked, sha) == ""
    _fsck(hooked)


def test_an_archived_ledger_gets_no_commit_event(active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    archive = ref.replace("refs/ledger/sessions/", "refs/ledger/archive/")
    _ok(run("archive"))
    before = _refs(repo)
    sha, stderr = _commit(repo, "after-archive.txt")
    assert _hook_lines(stderr) == []
    assert _refs(repo, "refs/ledger/") + _refs(repo, "refs/notes/") == \
        "".join(line + "\n" for line in before.splitlines()
                if " refs/ledger/" in line or " refs/notes/" in line)
    assert _note(repo, sha) == ""
    # a pointer naming the archive itself is not followed either
    git_dir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    (git_dir / "ledger").write_text(archive + "\n")
    before = _refs(repo)
    sha, stderr = _commit(repo, "after-archive2.txt")
    assert _hook_lines(stderr) == []
    assert _refs(repo, "refs/ledger/") + _refs(repo, "refs/notes/") == "".join(
        line + "\n" for line in before.splitlines()
        if " refs/ledger/" in line or " refs/notes/" in line)
    assert _note(repo, sha) == ""
    _fsck(repo)


def test_ledger_implements_after_an_archive_implements_the_project_decision(
        active: tuple[Path, Run, str]) -> None:
    """Issue 18: the trailer named a project decision and was ignored without a word."""
    repo, run, _ = active
    shared = _ok(run("decide", "Use PKCE", "--project"))
    carried = _ok(run("decide", "Split the SSO route"))  # the archive carries it
    proposed = _ok(run("decide", "Cache JWKS", "--proposed"))  # stays in the archive
    _ok(run("archive"))
    sha, stderr = _commit(repo, "pkce.txt", f"pkce\n\nLedger-Implements: {shared}\n"
                          f"Ledger-Implements: {carried[:6]}\nLedger-Implements: {proposed}\n"
                          "Ledger-Refs: d-zzzzzzzzzz")
    project = Ledger.open(repo, project=True)
    for entry_id in (shared, carried):
        entry = project.get(entry_id)
        assert (entry.status, entry.evidence) == ("implemented", (f"git:{sha}",))
        assert f"implements {entry_id} refs/ledger/project" in _note(repo, sha)
    lines = _hook_lines(stderr)
    assert len(lines) == 2, stderr
    assert lines[0].startswith(f"git ledger: Ledger-Implements: {proposed}: ")
    assert "archive" in lines[0]
    assert lines[1].startswith("git ledger: Ledger-Refs: d-zzzzzzzzzz: ")
    assert _rev(repo, _pointer(repo)) == ""  # no session ledger was started for it
    _fsck(repo)


def test_ledger_implements_names_an_imported_decision_by_its_file_id(
        active: tuple[Path, Run, str], tmp_path: Path) -> None:
    repo, run, _ = active
    path = tmp_path / "ledger.jsonl"
    path.write_text('{"id":"DEC-2026-002","status":"accepted","decision":"Use PKCE"}\n',
                    encoding="utf-8")
    _ok(run("import", str(path), "--project"))
    _ok(run("archive"))
    sha, stderr = _commit(repo, "imp.txt", "pkce\n\nLedger-Implements: DEC-2026-002")
    assert _hook_lines(stderr) == []
    entry = Ledger.open(repo, project=True).get("DEC-2026-002")
    assert (entry.status, entry.evidence) == ("implemented", (f"git:{sha}",))


# -- trailers ------------------------------------------------------------------------------


def test_ledger_implements_by_prefix_implements_the_decision(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "parse with a table", "--over", "regexes", "--because", "speed"))
    sha, stderr = _commit(repo, "impl.txt", f"implement it\n\nLedger-Implements: {entry[:5]}")
    assert _hook_lines(stderr) == []
    data = json.loads(_ok(run("show", entry, "--json")))
    shown = json.dumps(data)
    assert '"implemented"' in shown
    assert f"git:{sha}" in shown
    event = _commit_event(repo, ref, sha)
    assert event["Ledger-Event"] == ["commit"]
    assert event["Ledger-Implements"] == [entry]
    note = _note(repo, sha).splitlines()
    assert f"implements {entry} {ref}" in note
    tip = git(repo, "rev-parse", f"{event['commit'][0]}^").strip()
    assert [line for line in note if line.startswith("commit-in ")] == [f"commit-in {ref} {tip}"]
    assert note == sorted(set(note))
    _fsck(repo)


def test_ledger_refs_links_without_a_status_change(active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "cache per request", "--proposed"))
    sha, stderr = _commit(repo, "refs.txt", f"touch cache\n\nLedger-Refs: {entry}")
    assert _hook_lines(stderr) == []
    event = _events(repo, ref)[0]
    assert event["Ledger-Refs"] == [entry]
    assert event["Ledger-Commit"] == [sha]
    assert "Ledger-Implements" not in event
    assert f"refs {entry} {ref}" in _note(repo, sha).splitlines()
    assert f"refs {entry} {ref}" in git(repo, "log", "-1", "--notes=ledger")
    assert '"proposed"' in _ok(run("show", entry, "--json"))


def test_unknown_ids_and_illegal_moves_are_reported_and_the_rest_recorded(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    good = _ok(run("decide", "use sqlite"))
    rejected = _ok(run("decide", "use mongo", "--proposed"))
    _ok(run("reject", rejected, "--why", "no ops team"))
    message = (f"mixed\n\nLedger-Implements: {rejected}\nLedger-Implements: {good}\n"
               "Ledger-Refs: d-zzzzzzzz\nLedger-Refs: not-an-id\n")
    (repo / "mixed.txt").write_text("m\n")
    git(repo, "add", "mixed.txt")
    done = _git(repo, "commit", "-q", "-m", message)
    assert done.returncode == 0
    sha = _head(repo)
    lines = _hook_lines(done.stderr)
    assert len(lines) == 3, lines
    assert any(rejected in line and "rejected" in line for line in lines)
    assert any("d-zzzzzzzz" in line for line in lines)
    assert any("not-an-id" in line for line in lines)
    assert all(line.startswith("git ledger: ") for line in lines)
    event = _events(repo, ref)[0]
    assert event["Ledger-Commit"] == [sha]
    assert event["Ledger-Implements"] == [good]
    assert "Ledger-Refs" not in event
    assert '"implemented"' in _ok(run("show", good, "--json"))
    assert '"rejected"' in _ok(run("show", rejected, "--json"))
    note = _note(repo, sha)
    assert f"implements {good} {ref}" in note
    assert rejected not in note


# -- rewrites ------------------------------------------------------------------------------


def _clean_sorted(note: str) -> list[str]:
    lines = note.splitlines()
    assert "" not in lines, note
    assert lines == sorted(set(lines)), note
    return lines


def test_amend_carries_the_notes(active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "amend me"))
    old, _ = _commit(repo, "a1.txt", f"first try\n\nLedger-Implements: {entry}")
    old_note = _note(repo, old).splitlines()
    done = _git(repo, "commit", "-q", "--amend", "-m", f"second try\n\nLedger-Refs: {entry}")
    assert done.returncode == 0
    new = _head(repo)
    assert new != old
    lines = _clean_sorted(_note(repo, new))
    assert set(old_note) <= set(lines)
    assert f"refs {entry} {ref}" in lines
    assert len([x for x in lines if x.startswith("commit-in ")]) == 2
    assert f"git:{new}" in _ok(run("show", entry, "--json"))
    _fsck(repo)


def test_an_amend_or_a_rebase_of_recorded_commits_leaves_doctor_clean(
        active: tuple[Path, Run, str]) -> None:
    """git copies a recorded commit's note to its rewrite; the rewrite event backs it."""
    repo, run, ref = active
    old, _ = _commit(repo, "plain.txt")
    _git(repo, "commit", "-q", "--amend", "-m", "plain, reworded")
    amended = _head(repo)
    _commit(repo, "b1.txt")
    _commit(repo, "b2.txt")
    _git(repo, "rebase", "-q", "HEAD~2", "--exec",
         "git commit -q --amend --no-edit -m \"$(git log -1 --format=%s) (r)\"")
    rebased = [_head(repo), git(repo, "rev-parse", "HEAD~1").strip()]
    pairs = git(repo, "log", "--format=%(trailers:key=Ledger-Rewritten,valueonly)", ref)
    assert f"{old} {amended}" in pairs.splitlines()
    for sha in (amended, *rebased):
        assert f"commit-in {ref} " in _note(repo, sha)
        found = json.loads(_ok(run("why", sha, "--json")))
        assert found["commits"][0]["unbacked"] == [], found
    assert _ok(run("doctor")).startswith("ledger doctor: OK")
    _fsck(repo)


def _feature_branch(repo: Path, run: Run) -> tuple[str, str, str]:
    """main gets a commit after ``feat`` branched with two; a decision cites feat's first."""
    git(repo, "branch", "feat")
    _git(repo, "switch", "-q", "feat")
    f1, _ = _commit(repo, "f1.txt")
    entry = _ok(run("decide", "split the module", "--evidence", f"git:{f1}"))
    f2, _ = _commit(repo, "f2.txt")
    _git(repo, "switch", "-q", "main")
    _commit(repo, "m1.txt")
    _git(repo, "switch", "-q", "feat")
    return entry, f1, f2


def test_rebase_carries_the_notes_and_remaps_cited_evidence(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry, f1, f2 = _feature_branch(repo, run)
    old_notes = {f1: _note(repo, f1).splitlines(), f2: _note(repo, f2).splitlines()}
    assert f"cites {entry} {ref}" in old_notes[f1]
    done = _git(repo, "rebase", "-q", "main")
    new2 = _head(repo)
    new1 = git(repo, "rev-parse", "HEAD^").strip()
    assert git(repo, "log", "-1", "--format=%s", new1).strip() == "add f1.txt"
    assert {new1, new2}.isdisjoint({f1, f2})
    for old, new in ((f1, new1), (f2, new2)):
        lines = _clean_sorted(_note(repo, new))
        assert set(old_notes[old]) <= set(lines), (old_notes[old], lines)
    assert f"cites {entry} {ref}" in _note(repo, new1).splitlines()
    assert any(f"{entry} now cites {new1[:12]}" in line for line in _hook_lines(done.stderr))
    shown = _ok(run("show", entry, "--json"))
    assert f"git:{new1}" in shown
    assert f"git:{f1}" not in shown
    # The footprint follows the rewrite: the new commit's spans, none of the old one's.
    assert json.loads(shown)["entry"]["footprint"] == [f"{new1} 1-1 f1.txt"]
    kept = git(repo, "ls-tree", "-r", "--name-only", "refs/ledger/keep").split()
    assert f"commits/{f1[:2]}/{f1}" in kept
    assert f"commits/{new1[:2]}/{new1}" in kept
    assert git(repo, "cat-file", "-t", f1).strip() == "commit"
    _fsck(repo)


def test_the_post_rewrite_fallback_copies_notes_without_rewrite_ref(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    git(repo, "config", "--unset-all", "notes.rewriteRef")
    entry, f1, _f2 = _feature_branch(repo, run)
    _git(repo, "rebase", "-q", "main")
    new1 = git(repo, "rev-parse", "HEAD^").strip()
    lines = _clean_sorted(_note(repo, new1))
    assert set(_note(repo, f1).splitlines()) <= set(lines)
    assert f"cites {entry} {ref}" in lines
    old, _ = _commit(repo, "amend-me.txt")
    old_lines = _note(repo, old).splitlines()
    _git(repo, "commit", "-q", "--amend", "-m", "amended without rewriteRef")
    assert set(old_lines) <= set(_clean_sorted(_note(repo, _head(repo))))


def test_cherry_pick_gets_its_own_commit_in_note(active: tuple[Path, Run, str]) -> None:
    repo, _run, ref = active
    git(repo, "branch", "other")
    picked, _ = _commit(repo, "pick.txt")
    _git(repo, "switch", "-q", "other")
    _commit(repo, "diverge.txt")
    tip = _rev(repo, ref)
    done = _git(repo, "cherry-pick", picked)
    new = _head(repo)
    assert new != picked
    assert f"commit-in {ref} {tip}" in _note(repo, new).splitlines()
    assert _events(repo, ref)[0]["Ledger-Commit"] == [new]
    assert "internal error" not in done.stderr
    _fsck(repo)


# -- post-checkout -------------------------------------------------------------------------


@pytest.mark.parametrize("command", [("checkout", "-b", "x"), ("switch", "-c", "x"),
                                     ("switch", "side")])
def test_a_branch_checkout_prints_one_status_line(active: tuple[Path, Run, str],
                                                  command: tuple[str, ...]) -> None:
    repo, run, _ = active
    git(repo, "branch", "side")
    _ok(run("next", "write the tests"))
    _ok(run("open", "which encoding?"))
    done = _git(repo, *command)
    assert _hook_lines(done.stderr) == [
        "git ledger: TASK ship the parser · NEXT write the tests · 1 open question "
        "(git ledger show)"]
    assert done.stderr.splitlines()[-1].startswith("git ledger: TASK")


def test_a_file_checkout_prints_nothing(active: tuple[Path, Run, str]) -> None:
    repo, _, _ = active
    (repo / "README").write_text("changed\n")
    done = _git(repo, "checkout", "--", "README")
    assert "git ledger" not in done.stderr
    assert (repo / "README").read_text() == "hello\n"


def test_a_checkout_without_a_ledger_prints_nothing(hooked: Path) -> None:
    done = _git(hooked, "checkout", "-b", "y")
    assert "git ledger" not in done.stderr
    assert _refs(hooked, "refs/ledger/") == ""


# -- linked worktrees ----------------------------------------------------------------------


def test_each_worktree_commits_to_its_own_ledger(active: tuple[Path, Run, str],
                                                 runner: CliRunner, tmp_path: Path) -> None:
    repo, _, main_ref = active
    linked = tmp_path / "linked"
    git(repo, "worktree", "add", "-q", str(linked), "-b", "side")
    in_linked = Run(runner, linked)
    _ok(in_linked("task", "the linked task"))
    linked_ref = _pointer(linked)
    assert linked_ref != main_ref
    done = _git(linked, "checkout", "-b", "side2")
    assert _hook_lines(done.stderr) == [
        "git ledger: TASK the linked task · NEXT (not set) · 0 open questions "
        "(git ledger show)"]
    side, _ = _commit(linked, "side.txt")
    here, _ = _commit(repo, "here.txt")
    assert _events(repo, linked_ref)[0]["Ledger-Commit"] == [side]
    assert _events(repo, main_ref)[0]["Ledger-Commit"] == [here]
    assert _note(repo, side).startswith(f"commit-in {linked_ref} ")
    assert _note(repo, here).startswith(f"commit-in {main_ref} ")
    _fsck(repo)


# -- the tool broken: the git command still succeeds ---------------------------------------


def test_a_ledger_ref_pointing_at_a_blob(active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "corrupt"))
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input="junk\n",
                          capture_output=True, text=True, check=True).stdout.strip()
    git(repo, "update-ref", ref, blob)
    for name, message in (("c1.txt", "plain"), ("c2.txt", f"t\n\nLedger-Implements: {entry}")):
        sha, stderr = _commit(repo, name, message)
        assert len(_hook_lines(stderr)) <= 1
        assert _note(repo, sha) == ""
    done = _git(repo, "checkout", "-b", "corrupt")
    assert len(_hook_lines(done.stderr)) <= 1
    assert _rev(repo, ref) == blob


@pytest.mark.parametrize("content", [b"\x00\xffgarbage\n", b"", b"refs/heads/main\n",
                                     b"refs/ledger/sessions/../../heads/main\n"])
def test_a_pointer_file_with_garbage(active: tuple[Path, Run, str], content: bytes) -> None:
    repo, run, _ = active
    entry = _ok(run("decide", "pointer"))
    git_dir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    (git_dir / "ledger").write_bytes(content)
    before = _refs(repo, "refs/ledger/") + _refs(repo, "refs/notes/")
    main_before = _rev(repo, "refs/heads/main")
    sha, stderr = _commit(repo, "g.txt", f"g\n\nLedger-Refs: {entry}")
    assert len(_hook_lines(stderr)) <= 1
    assert git(repo, "rev-parse", "HEAD^").strip() == main_before  # main moved by git only
    assert _rev(repo, "refs/heads/main") == sha
    assert _refs(repo, "refs/ledger/") + _refs(repo, "refs/notes/") == before
    done = _git(repo, "checkout", "-b", "g")
    assert len(_hook_lines(done.stderr)) <= 1


def test_a_notes_ref_pointing_at_a_blob(active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "notes blob"))
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input="x\n",
                          capture_output=True, text=True, check=True).stdout.strip()
    git(repo, "update-ref", NOTES, blob)
    plain, stderr = _commit(repo, "nb1.txt")
    assert _hook_lines(stderr) == []
    assert _events(repo, ref)[0]["Ledger-Commit"] == [plain]
    sha, stderr = _commit(repo, "nb2.txt", f"x\n\nLedger-Implements: {entry}")
    assert len(_hook_lines(stderr)) == 1
    _commit_event(repo, ref, sha)
    assert '"implemented"' in _ok(run("show", entry, "--json"))
    assert _rev(repo, NOTES) == blob


def test_a_locked_notes_ref_neither_blocks_the_commit_nor_loses_the_event(
        active: tuple[Path, Run, str]) -> None:
    """A stale ``refs/notes/ledger.lock`` (a crashed writer): the notes cannot be written,
    but the commit returns promptly and the ledger still records it."""
    repo, run, ref = active
    entry = _ok(run("decide", "locked notes"))
    _commit(repo, "before-lock.txt")  # the notes ref exists as a loose ref
    lock = repo / ".git" / "refs" / "notes" / "ledger.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_text("")
    start = time.monotonic()
    plain, _ = _commit(repo, "l1.txt")
    assert _events(repo, ref)[0]["Ledger-Commit"] == [plain]
    sha, stderr = _commit(repo, "l2.txt", f"x\n\nLedger-Implements: {entry}")
    elapsed = time.monotonic() - start
    assert len(_hook_lines(stderr)) <= 1
    assert '"implemented"' in _ok(run("show", entry, "--json"))
    _commit_event(repo, ref, sha)
    assert elapsed < 10, f"two commits took {elapsed:.1f}s with the notes ref locked"


# -- notes rebuild -------------------------------------------------------------------------


def test_notes_rebuild_restores_the_hook_lines(active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    decided = _ok(run("decide", "rebuild me"))
    linked = _ok(run("decide", "link me", "--proposed"))
    plain, _ = _commit(repo, "r1.txt")
    both, _ = _commit(repo, "r2.txt",
                      f"x\n\nLedger-Implements: {decided}\nLedger-Refs: {linked}")
    before = {sha: _note(repo, sha) for sha in (plain, both)}
    assert f"implements {decided} {ref}" in before[both]
    assert f"refs {linked} {ref}" in before[both]
    git(repo, "update-ref", "-d", NOTES)
    assert _note(repo, both) == ""
    _ok(run("notes", "rebuild"))
    assert {sha: _note(repo, sha) for sha in (plain, both)} == before
    _fsck(repo)


def test_git_hooks_flag_and_agent_install_uninstall_scopes(repo_with_commit: Path,
                                                           runner: CliRunner) -> None:
    run = Run(runner, repo_with_commit)
    hooks = repo_with_commit / ".git" / "hooks"
    data = json.loads(_ok(run("install", "--git-hooks", "--json")))
    assert set(data) == {"git_hooks", "commit_graph"}
    assert all((hooks / name).is_file() for name in HOOKS)
    assert not (repo_with_commit / ".claude").exists()

    # Ours run already: --agent alone leaves the git hooks alone.
    data = json.loads(_ok(run("install", "--agent", "claude", "--json")))
    assert data["agent"] == "claude"
    assert data["git_hooks"] is None
    assert (repo_with_commit / ".claude" / "settings.json").is_file()
    assert "git hooks: ours run already; left alone" in _ok(run("install", "--agent",
                                                                "claude"))
    # With --git-hooks too, they are installed (again: unchanged).
    data = json.loads(_ok(run("install", "--agent", "claude", "--git-hooks", "--json")))
    assert [c["action"] for c in data["git_hooks"]["changes"]] == ["unchanged"] * 5

    out = _ok(run("uninstall", "--agent", "claude"))  # the agent's hooks only
    assert "git hooks" not in out
    assert all((hooks / name).is_file() for name in HOOKS)
    assert not (repo_with_commit / ".claude").exists()

    _ok(run("uninstall", "--agent", "claude", "--git-hooks"))
    assert not any((hooks / name).exists() for name in HOOKS)


def test_agent_install_adds_the_git_hooks_where_none_of_ours_runs(
        repo_with_commit: Path, runner: CliRunner) -> None:
    run = Run(runner, repo_with_commit)
    data = json.loads(_ok(run("install", "--agent", "claude", "--json")))
    assert [c["action"] for c in data["git_hooks"]["changes"]][:3] == ["added"] * 3


# -- found in review -----------------------------------------------------------------------


def test_a_commit_racing_another_ledger_writer_is_still_recorded(
        active: tuple[Path, Run, str]) -> None:
    """The shell path retries its compare-and-swap instead of dropping the commit."""
    import threading

    repo, _, ref = active
    stop = threading.Event()

    def writer() -> None:
        count = 0
        while not stop.is_set():
            count += 1
            subprocess.run(["git-ledger", "next", f"step {count}"], cwd=repo,
                           capture_output=True, check=False)

    thread = threading.Thread(target=writer)
    thread.start()
    made = []
    try:
        for i in range(12):
            made.append(_commit(repo, f"race{i}.txt")[0])
    finally:
        stop.set()
        thread.join()
    recorded = {e["Ledger-Commit"][0] for e in _events(repo, ref) if "Ledger-Commit" in e}
    assert set(made) <= recorded
    for sha in made:
        assert f"commit-in {ref} " in _note(repo, sha)


@pytest.mark.parametrize("message", [
    "x\n\nledger-implements: {id}\n",             # keys are case-insensitive to git
    "x\r\n\r\nLedger-Implements: {id}\r\n",        # CRLF, kept with --cleanup=verbatim
    "x\n\nSigned-off-by: A <a@b>\nLedger-Implements: {id}\n",
])
def test_trailers_as_git_reads_them_are_acted_on(active: tuple[Path, Run, str],
                                                 message: str) -> None:
    repo, run, _ = active
    decision = _ok(run("decide", "use a queue"))
    (repo / "q.txt").write_text("q\n")
    _git(repo, "add", "q.txt")
    _git(repo, "commit", "-q", "--cleanup=verbatim", "-m", message.format(id=decision[:6]))
    assert "[implemented" in _ok(run("show", decision))


def test_a_trailer_outside_the_last_paragraph_is_reported(
        active: tuple[Path, Run, str]) -> None:
    repo, run, _ = active
    decision = _ok(run("decide", "use a queue"))
    (repo / "q.txt").write_text("q\n")
    _git(repo, "add", "q.txt")
    done = _git(repo, "commit", "-q", "-m", "x", "-m", f"Ledger-Implements: {decision}",
                "-m", "more prose")
    assert "is not in the message's last paragraph" in done.stderr
    assert "[accepted" in _ok(run("show", decision))


def test_a_script_that_dispatches_on_its_own_name_is_refused_not_chained(
        repo_with_commit: Path, runner: CliRunner) -> None:
    """No manager's real script (those are tests/integrations/test_hook_managers.py's):
    one of the user's that runs something by its own file name."""
    hooks = repo_with_commit / ".git" / "hooks"
    husky = '#!/bin/sh\nexec scripts/"$(basename "$0")"\n'
    (hooks / "post-commit").write_text(husky)
    before = _refs(repo_with_commit)
    result = Run(runner, repo_with_commit)("install")
    assert result.exit_code == 1
    assert "git-ledger hook post-commit" in result.stderr
    assert (hooks / "post-commit").read_text() == husky
    assert not (hooks / "post-commit.pre-ledger").exists()
    assert not (hooks / "post-checkout").exists()
    assert _refs(repo_with_commit) == before


def test_uninstall_leaves_a_rewrite_ref_from_the_users_config(
        repo_with_commit: Path, runner: CliRunner, hermetic: Path) -> None:
    git(repo_with_commit, "config", "--global", "notes.rewriteRef", NOTES)
    run = Run(runner, repo_with_commit)
    assert "notes.rewriteRef=refs/notes/ledger  unchanged" in _ok(run("install"))
    out = _ok(run("uninstall"))
    assert "notes.rewriteRef=refs/notes/ledger  absent" in out
    assert git(repo_with_commit, "config", "--global", "notes.rewriteRef").strip() == NOTES


def test_post_checkout_carries_no_write_path() -> None:
    """post-checkout only prints a saved line: it holds none of the code that writes a
    ledger or starts Python, which post-commit and post-rewrite share."""
    checkout = template("post-checkout")
    for writer in ("git_ledger_append", "git_ledger_python", "git_ledger_queue",
                   "commit-tree", "update-ref", "git-ledger hook"):
        assert writer not in checkout, writer
        assert writer in template("post-commit") + template("post-rewrite"), writer


# -- the note is in git when git commit returns --------------------------------------------


def _note_now(repo: Path, sha: str) -> str:
    """The commit's note as git reads it, without waiting for anything queued."""
    done = subprocess.run(["git", "notes", "--ref=ledger", "show", sha], cwd=repo,
                          capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else ""


def _raw_commit(repo: Path, name: str, message: str,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``git commit`` and nothing after it: no settling, no next command."""
    (repo / name).write_text(f"{name}\n")
    git(repo, "add", name)
    return subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, env=env,
                          capture_output=True, text=True, check=True, timeout=120)


@pytest.mark.parametrize("key", ["Ledger-Implements", "Ledger-Refs"])
def test_the_note_is_in_git_when_git_commit_returns(active: tuple[Path, Run, str],
                                                     key: str) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "parse with a table", "--over", "regexes"))
    done = _raw_commit(repo, "now.txt", f"parse\n\n{key}: {entry[:6]}")
    sha = _head(repo)
    # Read at once, before any drain: git itself shows the note, and says nothing else.
    shown = subprocess.run(["git", "log", "--notes=ledger", "-1"], cwd=repo,
                           capture_output=True, text=True, check=True)
    assert shown.stderr == ""
    assert done.stderr == ""
    relation = "implements" if key == "Ledger-Implements" else "refs"
    first = _note_now(repo, sha).splitlines()
    assert f"{relation} {entry} {ref}" in first
    assert f"    {relation} {entry} {ref}" in shown.stdout
    assert len([line for line in first if line.startswith("commit-in ")]) == 1
    # The Python part that follows writes the identical lines: nothing is added twice.
    settle(repo)
    status = json.loads(_ok(run("show", entry, "--json")))["entry"]["status"]
    assert status == ("implemented" if key == "Ledger-Implements" else "accepted")
    assert _clean_sorted(_note_now(repo, sha)) == first
    recorded = [e for e in _events(repo, ref) if e.get("Ledger-Commit") == [sha]]
    assert len(recorded) == 1
    assert recorded[0].get(key) == [entry]
    tip = git(repo, "rev-parse", f"{recorded[0]['commit'][0]}^").strip()
    assert f"commit-in {ref} {tip}" in first
    assert "note-" not in _ok(run("doctor"))


def test_a_commit_off_path_is_noted_and_its_status_change_waits(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "no tool", "--paths", "gov/**"))
    (repo / "gov").mkdir()
    env = dict(os.environ, PATH="/usr/bin:/bin")
    if shutil.which("git-ledger", path=env["PATH"]):
        pytest.skip("another git-ledger is on PATH")
    done = _raw_commit(repo, "gov/a.txt", f"x\n\nLedger-Implements: {entry}", env=env)
    sha = _head(repo)
    assert _hook_lines(done.stderr) == [
        "git ledger: git-ledger is not on PATH; the next git ledger command applies this "
        "post-commit"]
    assert f"implements {entry} {ref}" in _note_now(repo, sha)
    assert _events(repo, ref)[0]["Ledger-Commit"] == [sha]
    # A governed file with no trailer: recorded all the same.
    done = _raw_commit(repo, "gov/b.txt", "y", env=env)
    other = _head(repo)
    assert f"commit-in {ref} " in _note_now(repo, other)
    assert _events(repo, ref)[0]["Ledger-Commit"] == [other]
    # The next command applies what waited.
    assert '"implemented"' in _ok(run("show", entry, "--json"))


def _later_commit(repo: Path, name: str) -> str:
    """Add file ``name`` and commit it with no hook run, after the ledger began (the tests'
    clock is fixed: a commit of that same second counts as made before); the commit."""
    (repo / f"{name}.txt").write_text(f"{name}\n")
    git(repo, "add", f"{name}.txt")
    env = dict(os.environ, GIT_COMMITTER_DATE="2026-11-30T13:00:00+00:00")
    subprocess.run(["git", "-c", "core.hooksPath=/nonexistent", "commit", "-q", "-m",
                    name], cwd=repo, env=env, check=True, capture_output=True)
    return _head(repo)


def test_a_commit_whose_hook_did_not_run_is_found_and_recorded(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    sha = _later_commit(repo, "lost")
    assert _note_now(repo, sha) == ""
    report = run("doctor")
    assert report.exit_code != 0
    assert "commit-unrecorded: 1 commit not recorded" in report.stdout
    assert sha[:12] in report.stdout
    fixed = _ok(run("doctor", "--fix"))
    assert sha[:12] in fixed
    assert f"commit-in {ref} " in _note_now(repo, sha)
    _commit_event(repo, ref, sha)
    assert "commit-unrecorded" not in _ok(run("doctor"))


@pytest.mark.parametrize("next_command", ["show", "the session-start hook"])
def test_a_hook_stopped_midway_is_recorded_by_the_next_command(
        active: tuple[Path, Run, str], next_command: str) -> None:
    repo, run, ref = active
    sha = _later_commit(repo, "cut")
    # What a hook killed after it began leaves: the commit marked, never marked done.
    git_dir = Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
    (git_dir / "ledger-recording").write_text(f"{sha}\n")
    old = time.time() - 60
    os.utime(git_dir / "ledger-recording", (old, old))
    if next_command == "show":
        _ok(run("show"))
    else:  # the executable's plain call, which runs without click (hook_fast)
        payload = json.dumps({"session_id": "s-9", "cwd": str(repo), "source": "startup"})
        started = subprocess.run(["git-ledger", "hook", "session-start"], cwd=repo,
                                 input=payload, capture_output=True, text=True, timeout=60,
                                 check=False)
        assert started.returncode == 0, started.stderr
    assert f"commit-in {ref} " in _note_now(repo, sha)
    _commit_event(repo, ref, sha)


def test_a_quiet_checkout_prints_nothing(active: tuple[Path, Run, str]) -> None:
    repo, run, _ = active
    _ok(run("next", "write the tests"))
    for command in (["checkout", "-q", "-b", "quiet"], ["switch", "--quiet", "main"],
                    ["checkout", "-qb", "quiet2"]):
        done = subprocess.run(["git", *command], cwd=repo, capture_output=True, text=True,
                              check=True)
        assert done.stderr == "", (command, done.stderr)
    done = subprocess.run(["git", "checkout", "main"], cwd=repo, capture_output=True,
                          text=True, check=True)
    assert "git ledger: TASK ship the parser" in done.stderr


def test_several_ids_are_noted_sorted_when_git_commit_returns(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    first = _ok(run("decide", "parse with a table"))
    second = _ok(run("decide", "cache the table"))
    linked = _ok(run("verify", "the table parses", "--by", "pytest"))
    env = dict(os.environ, GIT_LEDGER_SESSION_ID="ab c/42")  # cleaned: abc42
    done = _raw_commit(repo, "many.txt", f"many\n\nLedger-Implements: {second[:6]}, {first}\n"
                                         f"Ledger-Refs: {linked[:7]}\n", env=env)
    assert done.stderr == ""
    sha = _head(repo)
    note = _note_now(repo, sha).splitlines()
    assert note == sorted(set(note))
    assert {f"implements {first} {ref}", f"implements {second} {ref}",
            f"refs {linked} {ref}"} <= set(note)
    event = _commit_event(repo, ref, sha)
    assert event["Ledger-Implements"] == [second, first]
    assert event["Ledger-Refs"] == [linked]
    assert event["Ledger-Session"] == ["abc42"]
    settle(repo)
    assert _note_now(repo, sha).splitlines() == note


def test_commits_another_worktree_recorded_are_not_unrecorded_here(
        active: tuple[Path, Run, str], runner: CliRunner, tmp_path: Path) -> None:
    repo, run, _ = active
    linked = tmp_path / "linked-ff"
    git(repo, "worktree", "add", "-q", str(linked), "-b", "ff")
    _ok(Run(runner, linked)("task", "the linked task"))
    (linked / "ff.txt").write_text("ff\n")
    git(linked, "add", "ff.txt")
    git(linked, "commit", "-q", "-m", "ff")
    settle(linked)
    git(repo, "merge", "-q", "--ff-only", "ff")
    assert "commit-unrecorded" not in _ok(run("doctor"))


def test_an_implements_line_is_taken_back_when_the_decision_moved_meanwhile(
        active: tuple[Path, Run, str]) -> None:
    repo, run, ref = active
    entry = _ok(run("decide", "moved meanwhile"))
    env = dict(os.environ, PATH="/usr/bin:/bin")
    if shutil.which("git-ledger", path=env["PATH"]):
        pytest.skip("another git-ledger is on PATH")
    _raw_commit(repo, "moved.txt", f"x\n\nLedger-Implements: {entry}", env=env)
    sha = _head(repo)
    assert f"implements {entry} {ref}" in _note_now(repo, sha)
    # Rejected before the queued status change is applied (the library call drains nothing).
    from gitledger.ledger import decisions
    decisions.reject(Ledger.open(repo), entry, why="changed our mind")
    result = run("show")
    assert result.exit_code == 0, result.stderr
    assert f"Ledger-Implements: {entry}" in result.stderr
    note = _note_now(repo, sha)
    assert note.startswith(f"commit-in {ref} ")
    assert "implements" not in note
    assert "note-unbacked" not in _ok(run("doctor"))
