"""Hooks under failure: with ``git ledger install --agent claude`` done, git still works.

Whatever is wrong with gitledger's side — the tool is not on PATH, the ledger is
corrupted, the disk is full — ``git commit``, ``git commit --amend``, ``git checkout``
and ``git rebase`` succeed, our hooks say what went wrong in ``git ledger…`` lines on
stderr, and the agent hooks exit 0 (session-start with an envelope holding at least the
minimal block).  Every scenario runs real git in a real repository with the installed
hooks, as a user's shell would.

The full disk is a tiny tmpfs mounted in a private mount namespace (``unshare -m`` as
root, ``unshare -rm`` otherwise); where neither can mount, that test is skipped with the
reason.  A chained hook of the user's (``<hook>.pre-ledger``, which runs first) fills the
disk after git's own writes and before ours, so git's part succeeds and ours meets ENOSPC.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.ledger.operations import Ledger
from tests.conftest import Run, git, installed_git_ledger

HOOK_PREFIX = "git ledger"


@dataclass(frozen=True)
class Installed:
    repo: Path
    run: Run
    decision: str

    @property
    def ref(self) -> str:
        return (self.repo / ".git" / "ledger").read_text().strip()


@pytest.fixture
def installed(repo_with_commit: Path, runner: CliRunner) -> Installed:
    """Agent and git hooks installed; a decision implemented at HEAD (so that rewriting
    HEAD calls the Python part of post-rewrite); a branch ``side`` to rebase onto."""
    repo = repo_with_commit
    ledger = Ledger.open(repo)
    ledger.set_task("Ship it", next_text="Test it")
    decision = ledger.decide("Use PKCE").entry
    assert decision is not None
    run = Run(runner, repo)
    done = run("install", "--agent", "claude")
    assert done.exit_code == 0, done.stderr
    for name in ("post-commit", "post-checkout", "post-rewrite"):
        assert (repo / ".git" / "hooks" / name).exists()
    assert run("implement", decision.id).exit_code == 0
    git(repo, "branch", "side")
    git(repo, "checkout", "-q", "side")
    (repo / "side.txt").write_text("side\n")
    git(repo, "add", "side.txt")
    git(repo, "commit", "-q", "-m", "side work")
    git(repo, "checkout", "-q", "main")
    return Installed(repo, run, decision.id)


def path_without_git_ledger() -> str:
    """PATH with every directory holding a ``git-ledger`` left out (git stays)."""
    dirs = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not (Path(d) / "git-ledger").exists()]
    dirs = [d for d in dirs if Path(d).resolve() != installed_git_ledger().parent.resolve()]
    path = os.pathsep.join(dirs)
    assert shutil.which("git-ledger", path=path) is None
    assert shutil.which("git", path=path) is not None
    return path


def git_ok(repo: Path, env: dict[str, str], *args: str) -> str:
    """Run git with our hooks; it must succeed; our lines on stderr are well formed."""
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    ours = [line for line in done.stderr.splitlines() if "ledger" in line.lower()]
    for line in ours:
        assert line.startswith(HOOK_PREFIX) or "notes ref" in line, (args, line)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stderr


def everyday_git(inst: Installed, env: dict[str, str]) -> str:
    """commit, commit with a trailer (the Python path), amend (post-rewrite of a cited
    commit), checkout both ways, rebase; returns what they printed on stderr."""
    repo = inst.repo
    said = []
    (repo / "a.txt").write_text("one\n")
    git_ok(repo, env, "add", "a.txt")
    said.append(git_ok(repo, env, "commit", "--amend", "-q", "-m", "first, amended"))
    said.append(git_ok(repo, env, "commit", "-q", "--allow-empty", "-m", "plain"))
    said.append(git_ok(repo, env, "commit", "-q", "--allow-empty", "-m",
                       f"with trailer\n\nLedger-Refs: {inst.decision}"))
    said.append(git_ok(repo, env, "checkout", "-q", "side"))
    said.append(git_ok(repo, env, "checkout", "-q", "main"))
    said.append(git_ok(repo, env, "rebase", "-q", "side"))
    assert git(repo, "log", "--format=%s", "-4").splitlines()[:3] == [
        "with trailer", "plain", "first, amended"]
    git(repo, "fsck", "--strict", "--no-progress")
    return "".join(said)


def agent_hooks_exit_0(inst: Installed, env: dict[str, str], *, minimal: bool) -> None:
    """Every agent hook exits 0; session-start prints an envelope (the minimal block when
    the ledger cannot be read)."""
    payload = json.dumps({"cwd": str(inst.repo), "session_id": "s-failure",
                          "source": "startup"}).encode()
    hooks = [["hook", event, "--agent", "claude"]
             for event in ("session-start", "pre-compact", "session-end")]
    for args in [*hooks, ["check", "--hook", "stop", "--agent", "claude"]]:
        done = subprocess.run([str(installed_git_ledger()), *args], cwd=inst.repo, env=env,
                              input=payload, capture_output=True, check=False)
        err = done.stderr.decode()
        assert done.returncode == 0, (args, err)
        assert all(line.startswith(HOOK_PREFIX) for line in err.splitlines()), err
        if args[1] == "session-start":
            context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
            assert context.startswith("# git ledger")
            if minimal:
                assert "restore unavailable" in context
                assert len(err.splitlines()) == 1, err


# -- the tool is missing ------------------------------------------------------------------------


def test_git_works_when_git_ledger_is_not_on_path(installed: Installed) -> None:
    env = {**os.environ, "PATH": path_without_git_ledger()}
    said = everyday_git(installed, env)
    assert "git-ledger is not on PATH" in said
    # The ledger is as good as before: readable, and the fast path still recorded commits.
    shown = installed.run("show")
    assert shown.exit_code == 0
    assert "Use PKCE" in shown.stdout


def test_git_works_when_git_ledger_is_not_executable(installed: Installed,
                                                     tmp_path: Path) -> None:
    broken = tmp_path / "bin"
    broken.mkdir()
    (broken / "git-ledger").write_text("#!/bin/sh\nexit 127\n")  # a broken install
    (broken / "git-ledger").chmod(0o755)
    env = {**os.environ, "PATH": f"{broken}{os.pathsep}{path_without_git_ledger()}"}
    everyday_git(installed, env)
    assert installed.run("show").exit_code == 0


# -- the ledger is corrupted --------------------------------------------------------------------


def _blob(repo: Path, data: bytes) -> str:
    done = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=repo, input=data,
                          capture_output=True, check=True)
    return done.stdout.decode().strip()


def corrupt(inst: Installed, kind: str) -> None:
    repo, ref = inst.repo, inst.ref
    if kind == "ref-to-blob":
        git(repo, "update-ref", ref, _blob(repo, b"not a ledger\n"))
    elif kind == "ref-to-code-commit":
        git(repo, "update-ref", ref, "refs/heads/side")
    elif kind == "garbage-tree":
        header, state = _blob(repo, b"format = ["), _blob(repo, b"\x00\xff")
        listing = f"100644 blob {header}\tledger.toml\n100644 blob {state}\tstate.toml\n"
        tree = subprocess.run(["git", "mktree"], cwd=repo, check=True, capture_output=True,
                              input=listing.encode()).stdout.decode().strip()
        commit = git(repo, "commit-tree", tree, "-p", ref, "-m", "garbage").strip()
        git(repo, "update-ref", ref, commit)
    elif kind == "pointer-garbage":
        (repo / ".git" / "ledger").write_bytes(b"\xff\x00refs/heads/main\n")
    else:  # pragma: no cover
        raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["ref-to-blob", "ref-to-code-commit", "garbage-tree",
                                  "pointer-garbage"])
def test_git_and_agent_hooks_work_on_a_corrupted_ledger(
        installed: Installed, cli_env: dict[str, str], kind: str) -> None:
    corrupt(installed, kind)
    ref = installed.ref if kind != "pointer-garbage" else None
    tip = git(installed.repo, "rev-parse", ref).strip() if ref else None
    everyday_git(installed, cli_env)
    agent_hooks_exit_0(installed, cli_env, minimal=True)
    if ref and kind in ("ref-to-blob",):
        assert git(installed.repo, "rev-parse", ref).strip() == tip  # nothing made worse
    elif ref and tip:
        after = git(installed.repo, "rev-parse", ref).strip()
        done = subprocess.run(["git", "merge-base", "--is-ancestor", tip, after],
                              cwd=installed.repo, check=False)
        assert done.returncode == 0, "the corrupted ledger's history was rewritten"


# -- the disk is full ---------------------------------------------------------------------------

# Runs inside a private mount namespace; $1 the mount point, $2 the results file (outside
# the tmpfs).  Each git command runs with free space; its chained hook fills the disk, so
# our part of the hook meets ENOSPC.  Results: "name status" lines, then the outputs.
FULL_DISK = r"""
set -u
FILL_IN=
FS=$1; OUT=$2
mount -t tmpfs -o size=2m tmpfs "$FS" 2>/dev/null || exit 99
fill() { cat /dev/zero > "$FS/filler" 2>/dev/null; }
free() { rm -f "$FS/filler"; }
cd "$FS" && git init -q -b main r && cd r || exit 98
echo a > f && git add f && git commit -qm first || exit 98
git-ledger task "Ship it" --next "Test it" >/dev/null || exit 98
D=$(git-ledger decide "Use PKCE") || exit 98
git-ledger install --agent claude >/dev/null || exit 98
git-ledger implement "$D" >/dev/null || exit 98
git branch side && git checkout -q side && echo s > s && git add s \
    && git commit -qm side && git checkout -q main || exit 98
# The hook that runs last in each command fills the disk (one that ran earlier would make
# git's own later writes fail: the notes copy of an amend, the commits of a rebase).
for h in post-commit post-checkout post-rewrite; do
    printf '#!/bin/sh\n[ "$FILL_IN" = %s ] && cat /dev/zero > "%s/filler" 2>/dev/null\nexit 0\n' \
        "$h" "$FS" > .git/hooks/$h.pre-ledger
    chmod +x .git/hooks/$h.pre-ledger
done
run() { name=$1; FILL_IN=$2; export FILL_IN; shift 2; free
        "$@" > "$OUT.$name.out" 2> "$OUT.$name.err"; st=$?; free; FILL_IN=
        echo "$name $st" >> "$OUT"; }
free; echo b > g; git add g || exit 98
run amend post-rewrite git commit --amend -qm "first, amended"
run commit post-commit git commit -q --allow-empty -m plain
run trailer post-commit git commit -q --allow-empty -m "with trailer

Ledger-Refs: $D"
run checkout-side post-checkout git checkout -q side
run checkout-main post-checkout git checkout -q main
run rebase post-rewrite git rebase -q side
PAYLOAD="{\"cwd\": \"$FS/r\", \"session_id\": \"s-full\", \"source\": \"startup\"}"
for event in session-start pre-compact session-end; do
    free; fill
    printf '%s' "$PAYLOAD" | git-ledger hook $event --agent claude \
        > "$OUT.$event.out" 2> "$OUT.$event.err"
    echo "$event $?" >> "$OUT"
done
free; fill
printf '%s' "$PAYLOAD" | git-ledger check --hook stop --agent claude \
    > "$OUT.stop.out" 2> "$OUT.stop.err"
echo "stop $?" >> "$OUT"
fill
git-ledger decide "written on a full disk" > "$OUT.decide.out" 2> "$OUT.decide.err"
echo "decide $?" >> "$OUT"
free
git fsck --strict --no-progress > "$OUT.fsck.out" 2> "$OUT.fsck.err"; echo "fsck $?" >> "$OUT"
cat .git/logs/refs/notes/ledger > "$OUT.reflog.out" 2>&1; echo "reflog 0" >> "$OUT"
git-ledger show > "$OUT.show.out" 2> "$OUT.show.err"; echo "show $?" >> "$OUT"
git log --format=%B "$(cat .git/ledger)" > "$OUT.ledgerlog.out"; echo "ledgerlog $?" >> "$OUT"
git log --format=%s > "$OUT.log.out"; echo "log $?" >> "$OUT"
exit 0
"""


@dataclass(frozen=True)
class FullDisk:
    status: dict[str, int]
    out: dict[str, str]
    err: dict[str, str]


def _unshare() -> list[str]:
    return ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]


_FULL_DISK: list[FullDisk] = []


@pytest.fixture
def full_disk(tmp_path: Path, cli_env: dict[str, str]) -> FullDisk:
    """The scenario's outcome; run once per session (it is the same for every reader)."""
    if not _FULL_DISK:
        _FULL_DISK.append(_run_full_disk(tmp_path, cli_env))
    return _FULL_DISK[0]


def _run_full_disk(tmp_path: Path, cli_env: dict[str, str]) -> FullDisk:
    if shutil.which("unshare") is None:
        pytest.skip("no unshare: cannot mount a tiny tmpfs to fill")
    mount_point = tmp_path / "fs"
    mount_point.mkdir()
    results = tmp_path / "results"
    try:
        done = subprocess.run([*_unshare(), "sh", "-c", FULL_DISK, "sh", str(mount_point),
                               str(results)], env=cli_env, capture_output=True, text=True,
                              timeout=120, check=False)
    except subprocess.TimeoutExpired:  # pragma: no cover
        pytest.fail("the full-disk scenario hung")
    if done.returncode != 0 or not results.exists():
        reason = {99: "mount -t tmpfs is not permitted here",
                  98: "the scenario's setup failed"}.get(done.returncode, done.stderr.strip())
        if done.returncode == 98:
            pytest.fail(f"{reason}: {done.stderr}")
        pytest.skip(f"cannot simulate a full disk: {reason or 'unshare failed'}")
    status = dict(line.rsplit(" ", 1) for line in results.read_text().splitlines())
    names = list(status)

    def read(suffix: str) -> dict[str, str]:
        files = {n: tmp_path / f"results.{n}.{suffix}" for n in names}
        return {n: f.read_text() if f.exists() else "" for n, f in files.items()}

    return FullDisk({k: int(v) for k, v in status.items()}, read("out"), read("err"))


def test_git_and_agent_hooks_work_on_a_full_disk(full_disk: FullDisk) -> None:
    for name in ("amend", "commit", "trailer", "checkout-side", "checkout-main", "rebase"):
        assert full_disk.status[name] == 0, (name, full_disk.err[name])
        assert "Traceback" not in full_disk.err[name], full_disk.err[name]
    # our part did meet the full disk and said so in one of our lines
    # The trailer's work was queued (or, when the line could not be written, done at once
    # and said then): either way it is not lost once there is room again.
    trailer = full_disk.err["trailer"]
    assert trailer == "" or "No space left on device" in trailer, trailer
    assert "Ledger-Refs: " in full_disk.out["ledgerlog"], full_disk.out["ledgerlog"]
    for event in ("session-start", "pre-compact", "session-end", "stop"):
        assert full_disk.status[event] == 0, (event, full_disk.err[event])
        assert all(line.startswith(HOOK_PREFIX)
                   for line in full_disk.err[event].splitlines()), full_disk.err[event]
    envelope = json.loads(full_disk.out["session-start"])
    assert envelope["hookSpecificOutput"]["additionalContext"].startswith("# git ledger")
    # afterwards, with space again: the repository and the ledger are intact
    # (the notes' reflog, to tell which writer left an entry fsck rejects: seen once, under
    # a loaded full run, naming an object that was not there)
    assert full_disk.status["fsck"] == 0, (full_disk.err["fsck"], full_disk.out["reflog"])
    assert full_disk.status["show"] == 0, full_disk.err["show"]
    assert "Use PKCE" in full_disk.out["show"]
    # A write on a full disk fails with one line, or (when what it first let go of, a
    # saved output it replaces, freed the room) is whole: never half there.
    written = "written on a full disk" in full_disk.out["show"]
    assert written == (full_disk.status["decide"] == 0), full_disk.err["decide"]
    assert full_disk.out["log"].splitlines()[:3] == ["with trailer", "plain", "first, amended"]


def test_a_write_on_a_full_disk_is_one_line(full_disk: FullDisk) -> None:
    if full_disk.status["decide"] == 0:  # it found room: whole (the test above), no noise
        assert full_disk.err["decide"] == ""
        return
    assert full_disk.status["decide"] == 1
    lines = full_disk.err["decide"].splitlines()
    assert len(lines) == 1, full_disk.err["decide"]
    assert lines[0].startswith("git ledger: "), lines[0]


def test_session_start_on_a_full_disk_still_restores(full_disk: FullDisk) -> None:
    context = json.loads(full_disk.out["session-start"])["hookSpecificOutput"][
        "additionalContext"]
    assert "TASK: Ship it" in context
