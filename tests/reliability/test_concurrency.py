"""Reliability, concurrency: many processes writing one ledger, and writers on two
worktrees while a ``git ledger pull`` merges a remote's ledgers into the same repository.

Sizes (see ``tests/reliability/conftest.py``): by default bounded for CI; with
``GITLEDGER_RELIABILITY_SCALE=full`` the sizes of issue 10: 8 processes x 250 appends
each (library writers), 8 x 40 ``git-ledger`` processes, and 2 worktree writers appending
for as long as 20 pulls take (4 by default), while a teammate keeps pushing.  Run the full
scale with::

    GITLEDGER_RELIABILITY_SCALE=full .venv/bin/pytest -q tests/reliability/

Every scenario ends with the same proof, read with the ledger itself and with plain git:
every acknowledged write is in the ledger it was written to (and nothing else is), each
session ledger's history is linear (every commit has at most one parent, one root), and
``git fsck --strict`` is clean.  The project ledger may hold merge commits, but only the
ones ``pull`` makes (two parents, ``Ledger-Event: merge``).
"""

from __future__ import annotations

import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import git, installed_git_ledger
from tests.reliability.conftest import (
    assert_linear,
    entry_ids,
    fsck,
    parent_counts,
    show,
    sized,
    start_writer,
    written_ids,
)
from tests.remote_fixtures import make_team, subprocess_env, tree_entry_ids

WRITERS = 8
ID = re.compile(r"^d-[0-9a-hjkmnp-tv-z]{10}$")


def finish(process: subprocess.Popen[str]) -> str:
    """Wait for a writer; it must exit 0 and say nothing on stderr.  Its stdout."""
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    assert err == "", err
    return out


def session_ref(where: Path) -> str:
    gitdir = Path(git(where, "rev-parse", "--absolute-git-dir").strip())
    ref = (gitdir / "ledger").read_text(encoding="utf-8").strip()
    assert ref.startswith("refs/ledger/sessions/"), ref
    return ref


def assert_exactly(where: Path, ref: str, acknowledged: list[str],
                   *args: str) -> None:
    """The ledger at ``ref`` holds every acknowledged id, once, and nothing else new;
    its ``seq`` numbers are 1..N (every append was built on the tip before it)."""
    assert len(acknowledged) == len(set(acknowledged)), "an id was handed out twice"
    assert all(ID.match(i) for i in acknowledged), acknowledged[:5]
    data = show(where, *args)
    assert data["ledger"]["ref"] == ref
    ids = entry_ids(data)
    assert len(ids) == len(set(ids))
    assert len(ids) == len(acknowledged)
    assert set(acknowledged) <= set(ids)
    seqs = sorted(int(entry["seq"]) for entry in data["entries"])
    assert seqs == list(range(1, len(ids) + 1)), "two appends were built on the same tip"


def no_locks(where: Path) -> None:
    gitdir = Path(git(where, "rev-parse", "--git-common-dir").strip())
    if not gitdir.is_absolute():
        gitdir = where / gitdir
    assert not list(gitdir.rglob("*.lock")), "a lock file was left behind"


# -- N processes x M appends to one ledger -------------------------------------------------


def test_library_writer_processes_append_to_one_ledger(
    repo_with_commit: Path, cli_env: dict[str, str], tmp_path: Path
) -> None:
    """8 writer processes, started together, each append M decisions to one ledger."""
    appends = sized(25, 250)
    go = tmp_path / "go"
    writers = [start_writer(repo_with_commit, cli_env, f"w{n}", appends, go=go)
               for n in range(WRITERS)]
    time.sleep(0.5)  # let every interpreter reach the starting line
    go.touch()
    outputs = [finish(process) for process in writers]

    per_writer = [written_ids(out)[0] for out in outputs]
    assert [len(ids) for ids in per_writer] == [appends] * WRITERS
    acknowledged = [i for ids in per_writer for i in ids]
    ref = session_ref(repo_with_commit)
    assert_exactly(repo_with_commit, ref, acknowledged)

    # Each writer's own appends are in the ledger in the order it made them.
    data = show(repo_with_commit)
    by_id = {entry["id"]: entry for entry in data["entries"]}
    for number, ids in enumerate(per_writer):
        assert [by_id[i]["text"] for i in ids] == [f"w{number} decision {i}"
                                                   for i in range(appends)]
        seqs = [by_id[i]["seq"] for i in ids]
        assert seqs == sorted(seqs)

    # One commit per append on top of the root, never a merge; the code branch untouched.
    assert_linear(repo_with_commit, ref)
    assert len(parent_counts(repo_with_commit, ref)) == 1 + len(acknowledged)
    assert git(repo_with_commit, "for-each-ref", "--format=%(refname)",
               "refs/ledger/").split() == [ref]
    assert git(repo_with_commit, "status", "--porcelain") == ""
    no_locks(repo_with_commit)
    fsck(repo_with_commit)


def test_cli_processes_append_to_one_ledger(
    repo_with_commit: Path, cli_env: dict[str, str]
) -> None:
    """8 streams of real ``git-ledger decide`` processes, half of them ``--project``."""
    appends = sized(4, 40)
    script = str(installed_git_ledger())
    start = threading.Barrier(WRITERS)
    said: list[list[tuple[int, str, str, bool]]] = [[] for _ in range(WRITERS)]

    def stream(number: int) -> None:
        start.wait()
        for i in range(appends):
            project = (number + i) % 2 == 1
            done = subprocess.run(
                [script, "decide", f"cli {number} decision {i}", "--over", "other",
                 "--because", "reliability", *(["--project"] if project else [])],
                cwd=repo_with_commit, env=cli_env, capture_output=True, text=True,
                check=False)
            said[number].append((done.returncode, done.stdout, done.stderr, project))

    threads = [threading.Thread(target=stream, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    outcomes = [o for per in said for o in per]
    failed = [o for o in outcomes if o[0] != 0 or o[2]]
    assert not failed, failed[:3]
    session = [o[1].strip() for o in outcomes if not o[3]]
    project = [o[1].strip() for o in outcomes if o[3]]
    assert len(session) + len(project) == WRITERS * appends
    ref = session_ref(repo_with_commit)
    assert_exactly(repo_with_commit, ref, session)
    assert_exactly(repo_with_commit, "refs/ledger/project", project, "--project")
    assert_linear(repo_with_commit, ref)
    assert_linear(repo_with_commit, "refs/ledger/project")
    no_locks(repo_with_commit)
    fsck(repo_with_commit)


# -- two worktrees writing while a pull merges ---------------------------------------------


def test_two_worktrees_write_while_a_pull_merges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada's clone has a second worktree.  Writers in both worktrees append to their own
    session ledgers and to the project ledger, while a loop runs ``git ledger pull`` in
    the main worktree and Bea keeps pushing project decisions to the bare remote."""
    pull_count = sized(4, 20)
    team = make_team(tmp_path / "team", (tmp_path / "team" / "remote.git").as_uri(),
                     monkeypatch)
    ada = team.clone("Ada")
    bea = team.clone("Bea")
    env = subprocess_env()
    linked = tmp_path / "ada-linked"
    git(ada.path, "worktree", "add", "-q", "-b", "side", str(linked))
    script = str(installed_git_ledger())

    def run(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([script, *args], cwd=where, env=env, capture_output=True,
                              text=True, check=False)

    # Bea has something on the remote before the race, so the first pull creates the
    # project ledger while Ada's writers may be creating it too.
    bea_ids: list[str] = []
    for i in range(2):
        done = run(bea.path, "decide", f"bea before {i}", "--project")
        assert done.returncode == 0, done.stderr
        bea_ids.append(done.stdout.strip())
    pushed = run(bea.path, "push")
    assert pushed.returncode == 0, pushed.stderr

    go, stop = tmp_path / "go", tmp_path / "stop"
    writers = [start_writer(where, env, tag, 0, go=go, project_every=3, stop=stop)
               for where, tag in ((ada.path, "main"), (linked, "linked"))]
    pulls: list[subprocess.CompletedProcess[str]] = []
    pushes: list[subprocess.CompletedProcess[str]] = []

    def puller() -> None:
        for _ in range(pull_count):
            pulls.append(run(ada.path, "pull"))

    def bea_writes() -> None:
        i = 0
        while not stop.exists():
            done = run(bea.path, "decide", f"bea during {i}", "--project")
            assert done.returncode == 0, done.stderr
            bea_ids.append(done.stdout.strip())
            pushes.append(run(bea.path, "push"))
            i += 1

    pulling, pushing = threading.Thread(target=puller), threading.Thread(target=bea_writes)
    time.sleep(0.5)
    go.touch()
    pushing.start()
    pulling.start()
    try:
        pulling.join()
    finally:
        stop.touch()
        pushing.join()
    outputs = [finish(process) for process in writers]

    # Every push went through; every pull either merged or said the ledger moved under it
    # (documented: nothing lost, run it again).
    assert pushes
    assert all(p.returncode == 0 for p in pushes), [p.stderr for p in pushes]
    assert len(pulls) == pull_count
    for done in pulls:
        assert done.returncode == 0 or "kept moving" in done.stderr, done.stderr
    final = run(ada.path, "pull")
    assert final.returncode == 0, final.stderr

    main_session, main_project = written_ids(outputs[0])
    linked_session, linked_project = written_ids(outputs[1])
    assert main_session
    assert main_project
    assert linked_session
    assert linked_project

    # Each worktree's session ledger: exactly its writer's entries, linear history.
    for where, acknowledged in ((ada.path, main_session), (linked, linked_session)):
        ref = session_ref(where)
        assert_exactly(where, ref, acknowledged)
        assert_linear(where, ref)
    assert session_ref(ada.path) != session_ref(linked)

    # The project ledger, seen from both worktrees: both writers' entries and all of Bea's.
    want = set(main_project) | set(linked_project) | set(bea_ids)
    for where in (ada.path, linked):
        ids = entry_ids(show(where, "--project"))
        assert len(ids) == len(set(ids))
        assert set(ids) == want
    assert tree_entry_ids(team.bare, "refs/ledger/project") == set(bea_ids)

    # Its only merges are pull's: two parents and the merge trailer.
    for line in git(ada.path, "log", "--format=%P%x09%(trailers:key=Ledger-Event,valueonly)",
                    "refs/ledger/project").splitlines():
        parents, _, event = line.partition("\t")
        if len(parents.split()) > 1:
            assert len(parents.split()) == 2
            assert event.strip() == "merge"
    fsck(ada.path)
    fsck(bea.path)
    fsck(team.bare)
    no_locks(ada.path)
