"""End to end through the installed command, as a user meets it.

Everything here runs real processes: ``git ledger …`` (git finding ``git-ledger`` on PATH,
exactly as it finds any external subcommand), ``python -m gitledger``, and plain git
reading what the ledger wrote.  Nothing is called in-process.
"""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gitledger import FORMAT_VERSION, __version__
from tests.conftest import git, settle

ID = r"[dovxp]-[0-9a-hjkmnp-tv-z]{10}"


def run(cwd: Path, env: dict[str, str], *args: str, check: bool = True,
        input: str | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True,
                          check=False, input=input)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done


def ledger(cwd: Path, env: dict[str, str], *args: str) -> str:
    """``git ledger ARGS`` in ``cwd``; its stdout, after checking it succeeded quietly."""
    done = run(cwd, env, "git", "ledger", *args)
    assert done.stderr == "", done.stderr
    return done.stdout


def show_json(cwd: Path, env: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ledger(cwd, env, "show", "--json"))
    return data


def refs(repo: Path, prefix: str) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", prefix)
    return dict(line.split(" ", 1) for line in out.splitlines())


# -- the command is a git subcommand ------------------------------------------------------


def test_git_finds_the_installed_command(repo: Path, cli_env: dict[str, str]) -> None:
    done = run(repo, cli_env, "git", "ledger", "--version")
    assert __version__ in done.stdout
    assert done.stderr == ""
    which = run(repo, cli_env, sys.executable, "-c",
                "import shutil; print(shutil.which('git-ledger'))").stdout.strip()
    assert Path(which).parent == Path(sys.executable).parent


def test_task_through_git_then_show_through_python_m(
    repo_with_commit: Path, cli_env: dict[str, str]
) -> None:
    out = ledger(repo_with_commit, cli_env, "task", "Ship the OAuth callback",
                 "--next", "Write the handler")
    assert out.strip()
    shown = run(repo_with_commit, cli_env, sys.executable, "-m", "gitledger", "show", "--json")
    assert shown.stderr == ""
    data = json.loads(shown.stdout)
    assert data["task"] == "Ship the OAuth callback"
    assert data["next"] == "Write the handler"
    assert data["ledger"]["ref"].startswith("refs/ledger/sessions/")
    text = run(repo_with_commit, cli_env, sys.executable, "-m", "gitledger", "show").stdout
    assert "Ship the OAuth callback" in text


# -- the ledger lives in git, beside the code and out of its way ---------------------------


@pytest.mark.parametrize("born", [False, True], ids=["unborn", "with-commit"])
def test_ledger_writes_leave_the_code_branch_and_work_tree_alone(
    repo: Path, cli_env: dict[str, str], born: bool
) -> None:
    if born:
        (repo / "README").write_text("hello\n")
        git(repo, "add", "README")
        git(repo, "commit", "-q", "-m", "first")
    heads_before = refs(repo, "refs/heads/")
    ledger(repo, cli_env, "task", "Keep the code branch clean")
    decision = ledger(repo, cli_env, "decide", "Store the ledger under refs/ledger/",
                      "--over", "a branch", "--because", "a branch shows up in UIs").strip()
    ledger(repo, cli_env, "verify", "The work tree stays clean", "--by", "git status")
    ledger(repo, cli_env, "drop", "A ledger file in the work tree", "--why", "it gets committed")
    ledger(repo, cli_env, "open", "Should notes be pushed by default?", "--ask-user")

    # Ledger writes touch nothing under refs/heads/, HEAD, the index or the work tree.
    assert refs(repo, "refs/heads/") == heads_before
    assert git(repo, "status", "--porcelain", "--ignored") == ""
    assert sorted(p.name for p in repo.iterdir()) == (
        [".git", "README"] if born else [".git"]
    )
    if not born:
        assert run(repo, cli_env, "git", "rev-parse", "--verify", "-q", "HEAD",
                   check=False).returncode != 0
    ledger_refs = refs(repo, "refs/ledger/")
    assert len(ledger_refs) == 1

    # A real commit afterwards: the branch gets exactly that commit, the ledger is unmoved.
    (repo / "code.py").write_text("print('hi')\n")
    git(repo, "add", "code.py")
    git(repo, "commit", "-q", "-m", "Add code")
    heads_after = refs(repo, "refs/heads/")
    assert list(heads_after) == ["refs/heads/main"]
    main_log = git(repo, "log", "--format=%s", "main").splitlines()
    assert main_log == (["Add code", "first"] if born else ["Add code"])
    assert refs(repo, "refs/ledger/") == ledger_refs
    assert git(repo, "status", "--porcelain") == ""
    # And the ledger still reads.
    entries = show_json(repo, cli_env)["entries"]
    assert decision in [e["id"] for e in entries]
    assert len(entries) == 4


def test_git_log_and_git_show_read_the_ledger(repo_with_commit: Path,
                                              cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    ledger(repo, cli_env, "task", "Read the ledger with plain git")
    ids = [
        ledger(repo, cli_env, "decide", "Use TOML entries", "--over", "JSON",
               "--because", "humans read it", "--scope", "format").strip(),
        ledger(repo, cli_env, "verify", "tomllib reads every entry", "--by",
               "python -c 'import tomllib'").strip(),
        ledger(repo, cli_env, "drop", "One big YAML file", "--why", "O(n) rewrites").strip(),
    ]
    ref = show_json(repo, cli_env)["ledger"]["ref"]

    # git log: one commit per event (start, task, three adds), newest first, with trailers.
    log = git(repo, "log", "--format=%H%x00%P%x00%s%x00%(trailers:only,unfold)%x01", ref)
    records = [r.strip("\n").split("\0") for r in log.split("\x01") if r.strip()]
    assert len(records) == 5
    assert all(len(parents.split()) <= 1 for _, parents, _, _ in records)
    subjects = [subject for _, _, subject, _ in records]
    assert subjects[-1].startswith("start session ledger ")
    assert subjects[-2].startswith("task: Read the ledger with plain git")
    for (_, _, subject, trailers), entry_id in zip(records[:3], reversed(ids), strict=True):
        assert entry_id in subject
        assert "Ledger-Event: add" in trailers
        assert f"Ledger-Entry: {entry_id}" in trailers
    assert f"Ledger-Format: {FORMAT_VERSION}" in records[-1][3]
    # The real user wrote it.
    assert set(git(repo, "log", "--format=%an <%ae>", ref).splitlines()) == {
        "Ada Tester <ada@example.com>"
    }

    # git show: each entry blob is TOML, at entries/<c0>/<c1>/<id>.toml.
    for entry_id in ids:
        core = entry_id[2:]
        path = f"entries/{core[0]}/{core[1]}/{entry_id}.toml"
        data = tomllib.loads(git(repo, "show", f"{ref}:{path}"))
        assert data["id"] == entry_id
    decided = tomllib.loads(git(repo, "show",
                                f"{ref}:entries/{ids[0][2]}/{ids[0][3]}/{ids[0]}.toml"))
    assert decided["text"] == "Use TOML entries"
    assert decided["over"] == ["JSON"]
    meta = tomllib.loads(git(repo, "show", f"{ref}:ledger.toml"))
    assert meta["format"] == FORMAT_VERSION
    # The tree is the whole state: no replay needed.
    names = set(git(repo, "ls-tree", "-r", "--name-only", ref).split())
    assert {"ledger.toml", "state.toml"} <= names
    assert len([n for n in names if n.startswith("entries/")]) == 3

    fsck = run(repo, cli_env, "git", "fsck", "--strict", "--no-dangling")
    assert "error" not in (fsck.stdout + fsck.stderr).lower()


# -- the tour -----------------------------------------------------------------------------


def test_tour_runs_and_cleans_up(tmp_path: Path, cli_env: dict[str, str]) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**cli_env, "TMPDIR": str(scratch)}
    done = run(tmp_path, env, "git", "ledger", "tour", "--verbose", "--no-keep")
    assert done.returncode == 0
    assert done.stderr == ""
    out = done.stdout
    # It shows the ledger it built.
    for section in ("TASK", "NEXT", "DECIDED", "VERIFIED", "DROPPED", "PLAN"):
        assert section in out
    assert "Use PKCE for the OAuth callback" in out
    assert "refs/ledger/sessions/" in out
    # --no-keep leaves nothing behind.
    assert list(scratch.iterdir()) == []


def test_the_tour_says_what_the_product_does_in_one_screen(
        tmp_path: Path, cli_env: dict[str, str]) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    done = run(tmp_path, {**cli_env, "TMPDIR": str(scratch)}, "git", "ledger", "tour")
    assert done.returncode == 0
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) <= 24
    assert "git ledger keeps an AI coding agent's reasoning in git" in done.stdout
    assert lines[-1].endswith("git ledger tour --verbose")
    kept = sorted(p for p in scratch.iterdir() if not p.name.endswith("-team"))
    assert f"  cd {kept[0]}" in lines
    # What it names is in the repository it kept: the decision's id, the commit.
    decision = next(line.split()[1].rstrip(":") for line in lines
                    if line.startswith("  decide "))
    commit = next(line.split()[1] for line in lines if line.startswith("  commit "))
    shown = run(kept[0], cli_env, "git", "ledger", "show", "--project", decision).stdout
    assert "Use PKCE for the OAuth callback" in shown
    assert run(kept[0], cli_env, "git", "cat-file", "-t", commit).stdout == "commit\n"


def test_tour_json(tmp_path: Path, cli_env: dict[str, str]) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**cli_env, "TMPDIR": str(scratch)}
    data = json.loads(ledger(tmp_path, env, "tour", "--no-keep", "--json"))
    assert data["kept"] is False
    assert data["repository"]
    shown = data["show"]  # the tour ledger's `show --json` document (docs/cli.md)
    assert shown["task"] == "Ship the OAuth callback with PKCE"
    assert shown["ledger"]["ref"].startswith("refs/ledger/sessions/")
    assert {e["kind"] for e in shown["entries"]} >= {"decided", "verified", "dropped"}
    assert any("git ledger" in line for line in data["transcript"])
    assert list(scratch.iterdir()) == []


def test_the_tours_commands_are_copyable_as_printed(tmp_path: Path,
                                                   cli_env: dict[str, str]) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**cli_env, "TMPDIR": str(scratch)}
    data = json.loads(ledger(tmp_path, env, "tour", "--no-keep", "--json"))
    commands = [line.split("$ ", 1)[1] for line in data["transcript"]
                for line in line.splitlines() if "$ git ledger " in line]
    assert len(commands) > 15
    # Every command the tour prints is whole: nothing stands for text it did not show.
    assert [c for c in commands if "…" in c] == []
    because = {e["because"] for e in data["show"]["entries"] if e.get("because")}
    printed = {words[words.index("--because") + 1] for c in commands
               if "--because" in (words := shlex.split(c))}
    assert because <= printed


def test_an_interrupted_tour_removes_its_repositories(tmp_path: Path,
                                                      cli_env: dict[str, str]) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**cli_env, "TMPDIR": str(scratch), "PYTHONUNBUFFERED": "1"}
    for lines_before_ctrl_c, verbose in ((1, ()), (60, ("--verbose",))):
        tour = subprocess.Popen(["git-ledger", "tour", *verbose], cwd=tmp_path, env=env,
                                text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            assert tour.stdout is not None
            for _ in range(lines_before_ctrl_c):
                assert tour.stdout.readline(), "the tour ended before it was interrupted"
            assert list(scratch.iterdir())  # the tour's repository exists
            tour.send_signal(signal.SIGINT)
            _, err = tour.communicate(timeout=60)
        finally:
            tour.kill()
            tour.wait(timeout=10)
        assert tour.returncode != 0
        assert "Traceback" not in err
        assert list(scratch.iterdir()) == []


# -- worktrees ------------------------------------------------------------------------------


def test_each_worktree_gets_its_own_ledger(repo_with_commit: Path, cli_env: dict[str, str],
                                           tmp_path: Path) -> None:
    main = repo_with_commit
    linked = tmp_path / "linked"
    git(main, "worktree", "add", "-q", "-b", "feature", str(linked))

    ledger(main, cli_env, "task", "Main worktree task")
    main_decision = ledger(main, cli_env, "decide", "Main decision").strip()
    ledger(linked, cli_env, "task", "Linked worktree task")
    linked_decision = ledger(linked, cli_env, "decide", "Linked decision").strip()

    main_data = show_json(main, cli_env)
    linked_data = show_json(linked, cli_env)
    assert main_data["task"] == "Main worktree task"
    assert linked_data["task"] == "Linked worktree task"
    assert [e["id"] for e in main_data["entries"]] == [main_decision]
    assert [e["id"] for e in linked_data["entries"]] == [linked_decision]
    main_ref = main_data["ledger"]["ref"]
    linked_ref = linked_data["ledger"]["ref"]
    assert main_ref != linked_ref

    # Both are shared refs under refs/ledger/ (never refs/worktree/, never refs/heads/),
    # visible from either worktree.
    for where in (main, linked):
        listed = git(where, "for-each-ref", "--format=%(refname)", "refs/ledger/").split()
        assert sorted(listed) == sorted([main_ref, linked_ref])
    assert git(main, "for-each-ref", "refs/worktree/") == ""
    assert sorted(refs(main, "refs/heads/")) == ["refs/heads/feature", "refs/heads/main"]

    # Each worktree finds its ledger through its own git dir.
    main_gitdir = Path(git(main, "rev-parse", "--absolute-git-dir").strip())
    linked_gitdir = Path(git(linked, "rev-parse", "--absolute-git-dir").strip())
    assert main_gitdir != linked_gitdir
    assert (main_gitdir / "ledger").read_text().strip() == main_ref
    assert (linked_gitdir / "ledger").read_text().strip() == linked_ref

    # Plain git reads either ledger from either worktree.
    core = linked_decision[2:]
    blob = git(main, "show", f"{linked_ref}:entries/{core[0]}/{core[1]}/{linked_decision}.toml")
    assert tomllib.loads(blob)["text"] == "Linked decision"

    # `git ledger list` knows both and marks where each lives.
    listing = json.loads(ledger(linked, cli_env, "list", "--json"))
    by_ref = {entry["ref"]: entry for entry in listing["ledgers"]}
    assert set(by_ref) >= {main_ref, linked_ref}
    assert Path(by_ref[main_ref]["worktree"]).resolve() == main.resolve()
    assert Path(by_ref[linked_ref]["worktree"]).resolve() == linked.resolve()
    assert by_ref[linked_ref]["current"] is True
    assert by_ref[main_ref]["current"] is False

    # Neither work tree gained a file.
    assert git(main, "status", "--porcelain") == ""
    assert git(linked, "status", "--porcelain") == ""


# -- footprints: a commit with Ledger-Implements, then an amend ----------------------------


def test_a_commit_implementing_a_decision_gives_it_its_footprint(
        repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    assert "git hooks" in ledger(repo, cli_env, "install")
    (repo / "src" / "db").mkdir(parents=True)
    pool = repo / "src" / "db" / "pool.py"
    pool.write_text("".join(f"line {i}\n" for i in range(1, 11)))
    run(repo, cli_env, "git", "add", ".")
    run(repo, cli_env, "git", "commit", "-q", "-m", "db: the module")
    decision = ledger(repo / "src", cli_env, "decide", "One pool per process",
                      "--over", "a pool per request", "--paths", "db/**").strip()
    pool.write_text(pool.read_text().replace("line 4\n", "pool = Pool()\nclose()\n"))
    commit = run(repo, cli_env, "git", "commit", "-q", "-am",
                 f"db: one pool\n\nLedger-Implements: {decision}")
    assert "git ledger" not in commit.stderr, commit.stderr
    sha = git(repo, "rev-parse", "HEAD").strip()
    entry = json.loads(ledger(repo, cli_env, "show", decision, "--json"))["entry"]
    assert entry["status"] == "implemented"
    assert entry["paths"] == ["src/db/**"]
    assert entry["footprint"] == [f"{sha} 4-5 src/db/pool.py"]
    shown = ledger(repo, cli_env, "show", decision)
    assert "paths: src/db/**" in shown
    assert "footprint: src/db/pool.py 4-5" in shown

    # The amend rewrites the commit: post-rewrite cites the new one and derives its spans.
    pool.write_text(pool.read_text() + "tail\n")
    run(repo, cli_env, "git", "commit", "-q", "-a", "--amend", "--no-edit")
    new = git(repo, "rev-parse", "HEAD").strip()
    assert new != sha
    # The hook queued the rewrite; the next command applies it (if the detached drain has
    # not yet) and says, once, what it did.
    after = run(repo, cli_env, "git", "ledger", "show", decision, "--json")
    said = after.stderr + "".join(settle(repo))
    assert said.count(f"{decision} now cites {new[:12]}") == 1, said
    entry = json.loads(after.stdout)["entry"]
    assert entry["evidence"] == [f"git:{new}"]
    assert entry["footprint"] == [f"{new} 4-5,12-12 src/db/pool.py"]
    doctor = run(repo, cli_env, "git", "ledger", "doctor", check=False).stdout
    assert "footprint-stale" not in doctor, doctor


# -- why answers for the line: what governs it, as the agent is told -----------------------


def _told(repo: Path, env: dict[str, str], path: str, old: str) -> str:
    """What the pre-tool-use hook tells Claude about to edit ``old`` in ``path``."""
    payload = json.dumps({"session_id": "s-why", "cwd": str(repo), "tool_name": "Edit",
                          "hook_event_name": "PreToolUse",
                          "tool_input": {"file_path": str(repo / path), "old_string": old,
                                         "new_string": "x"}})
    done = run(repo, env, "git", "ledger", "hook", "pre-tool-use", "--agent", "claude",
               input=payload)
    return done.stdout


def test_why_shows_the_decisions_that_govern_the_line(repo_with_commit: Path,
                                                      cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    ledger(repo, cli_env, "install")
    (repo / "src").mkdir()
    (repo / "src" / "types.py").write_text("".join(f"t{i} = {i}\n" for i in range(1, 61)))
    (repo / "src" / "utils.py").write_text("".join(f"u{i} = {i}\n" for i in range(1, 61)))
    run(repo, cli_env, "git", "add", ".")
    run(repo, cli_env, "git", "commit", "-q", "-m", "the modules")
    by_paths = ledger(repo, cli_env, "decide", "Types stay plain", "--over", "dataclasses",
                      "--because", "speed", "--paths", "src/types.py").strip()
    # governed by --paths alone: no commit names the decision, blame's notes say nothing
    said = ledger(repo, cli_env, "why", "src/types.py:50")
    assert by_paths in said, said
    assert "--paths src/types.py" in said
    assert by_paths in _told(repo, cli_env, "src/types.py", "t50 = 50\n")
    data = json.loads(ledger(repo, cli_env, "why", "src/types.py:50", "--json"))
    assert [(g["id"], g["how"]) for g in data["governing"]] == [(by_paths, "--paths src/types.py")]

    # by footprint: implemented by a commit, then drifted by another, then acknowledged
    by_lines = ledger(repo, cli_env, "decide", "Utils read once", "--over", "re-reading",
                      "--because", "cost").strip()
    utils = repo / "src" / "utils.py"
    utils.write_text(utils.read_text().replace("u30 = 30\n", "u30 = once()\n"))
    run(repo, cli_env, "git", "commit", "-q", "-am", f"once\n\nLedger-Implements: {by_lines}")
    utils.write_text(utils.read_text().replace("u30 = once()\n", "u30 = twice()\n"))
    run(repo, cli_env, "git", "commit", "-q", "-am", "drift")
    said = ledger(repo, cli_env, "why", "src/utils.py:30")
    assert by_lines in said, said
    assert "drifted" in said, said
    run(repo, cli_env, "git", "commit", "-q", "--allow-empty", "-m",
        f"reviewed\n\nLedger-Refs: {by_lines}")
    said = ledger(repo, cli_env, "why", "src/utils.py:30")
    assert f"decision in force {by_lines}" in said, said
    assert "footprint" in said
    assert by_lines in _told(repo, cli_env, "src/utils.py", "u30 = twice()\n")


def test_the_readme_example_shows_the_note_when_git_commit_returns(
        repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    ledger(repo, cli_env, "install")
    decision = ledger(repo, cli_env, "decide", "Exchange the code with a PKCE verifier",
                      "--over", "implicit flow").strip()
    (repo / "src").mkdir()
    (repo / "src" / "callback.py").write_text("".join(f"line {i}\n" for i in range(1, 21)))
    run(repo, cli_env, "git", "add", ".")
    for _ in range(3):  # the README's example, three times: the note is there each time
        with (repo / "src" / "callback.py").open("a") as f:
            f.write("more\n")
        run(repo, cli_env, "git", "commit", "-qam", "Exchange the code with a PKCE verifier"
            f"\n\nLedger-Implements: {decision[:6]}")
        shown = run(repo, cli_env, "git", "log", "--notes=ledger", "-1")
        assert shown.stderr == ""
        assert f"implements {decision} refs/ledger/sessions/" in shown.stdout
    said = ledger(repo, cli_env, "why", "src/callback.py:12")
    assert decision in said
    assert "Exchange the code with a PKCE verifier" in said


def test_a_push_right_after_the_commit_carries_its_note(repo_with_commit: Path,
                                                        cli_env: dict[str, str],
                                                        tmp_path: Path) -> None:
    repo = repo_with_commit
    remote = tmp_path / "remote.git"
    run(tmp_path, cli_env, "git", "init", "-q", "--bare", str(remote))
    run(repo, cli_env, "git", "remote", "add", "origin", str(remote))
    ledger(repo, cli_env, "install")
    run(repo, cli_env, "git", "ledger", "remote", "setup", "origin")
    decision = ledger(repo, cli_env, "decide", "Ship it", "--over", "wait").strip()
    (repo / "code.py").write_text("x = 1\n")
    run(repo, cli_env, "git", "add", "code.py")
    # A script that commits and pushes at once: no git ledger command in between.
    run(repo, cli_env, "sh", "-c", f"git commit -qm 'ship\n\nLedger-Implements: {decision}' "
                                   "&& git push -q origin 2>/dev/null")
    sha = git(repo, "rev-parse", "HEAD").strip()
    pushed = run(repo, cli_env, "git", "--git-dir", str(remote), "notes", "--ref=ledger",
                 "show", sha)
    assert f"implements {decision} refs/ledger/" in pushed.stdout
