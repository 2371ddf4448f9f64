"""Replays, through git plumbing and a shared remote, of the attacks before issue 41 whose
tests plant through the product's own writer (``git ledger decide`` then ``push`` as a
teammate) or in one repository with pygit2: here Mallory makes the same hostile state
with ``hash-object``, ``update-index``, ``commit-tree``, ``update-ref`` and ``git push``,
which no check of ours runs on.

Where each original lives: ``tests/team/test_trust.py`` (adopting your ledger),
``tests/team/test_provenance.py`` (a teammate's edit of your entry, their NEXT),
``tests/views/test_restore_foreign.py`` (a flood of foreign decisions),
``tests/trust/test_quarantine.py`` and ``tests/team/test_signing.py`` (unsigned commits).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from gitledger.core.ids import entry_path
from tests.remote_fixtures import Clone, Team, put_blob

PROJECT = "refs/ledger/project"


def _plumb(where: Path, ref: str, files: dict[str, str], *,
           who: tuple[str, str] = ("Mallory", "mallory@example.com")) -> str:
    """One commit on top of ``ref`` adding or replacing ``files`` (path → content), made
    with a scratch index and ``commit-tree`` as ``who``; the ref is moved with
    ``update-ref``.  Its id."""
    env = {**os.environ, "GIT_INDEX_FILE": str(where / ".git" / "replay-index")}
    for role in ("AUTHOR", "COMMITTER"):
        env[f"GIT_{role}_NAME"], env[f"GIT_{role}_EMAIL"] = who

    def run(*args: str, data: str | None = None) -> str:
        return subprocess.run(["git", *args], cwd=where, input=data, env=env, text=True,
                              capture_output=True, check=True, timeout=120).stdout.strip()

    run("read-tree", ref)
    listing = "".join(
        f"100644 {run('hash-object', '-w', '--stdin', data=content)}\t{path}\n"
        for path, content in files.items())
    run("update-index", "--index-info", data=listing)
    commit = run("commit-tree", run("write-tree"), "-p", ref, "-m", "hand edit")
    run("update-ref", ref, commit)
    return commit


def _pair(team: Team) -> tuple[Clone, Clone, str]:
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    alice.ok("task", "Alice's task")
    mine = alice.ok("decide", "--project", "Use Postgres", "--because", "durable",
                    "--scope", "storage")
    alice.ok("push")
    mallory.ok("pull")
    return alice, mallory, mine


def _decision(entry_id: str, text: str, created: str = "2099-01-01T00:00:00Z") -> str:
    return (f'id = "{entry_id}"\nkind = "decided"\ntext = {json.dumps(text)}\n'
            f'status = "accepted"\nscope = "s/{entry_id}"\ncreated = {created}\n'
            'author = "Alice <alice@example.com>"\nseq = 1\n')


def test_replay_appending_to_your_session_ledger_by_plumbing_moves_nothing(
        team: Team) -> None:
    """``test_a_teammate_who_adopts_your_ledger_writes_to_a_copy_of_their_own``, by hand:
    Mallory fetches Alice's session ledger, commits an entry on top of it with plumbing
    (a fast-forward) and pushes it to her ref."""
    alice, mallory, _ = _pair(team)
    ref = alice.session_ref()
    before = alice.git("rev-parse", ref).strip()
    mallory.git("fetch", "-q", "origin", f"{ref}:{ref}")
    _plumb(mallory.path, ref, {entry_path("d-mmmmmmmmmm"): _decision(
        "d-mmmmmmmmmm", "Disable the auth check")})
    mallory.git("push", "-q", "origin", ref)
    pulled = alice("pull")
    assert pulled.exit_code == 0, pulled.stderr
    assert "someone else wrote it" in pulled.stdout, pulled.stdout
    assert alice.git("rev-parse", ref).strip() == before
    assert "Disable the auth check" not in alice("restore").stdout


def test_replay_a_teammates_edit_of_your_entry_is_labelled(team: Team) -> None:
    """``test_a_teammates_edit_to_your_entry_is_labelled``, by hand: a plumbing commit of
    Mallory's rewrites the text of Alice's project decision, its ``author`` left Alice."""
    alice, mallory, mine = _pair(team)
    path = entry_path(mine)
    text = mallory.git("show", f"{PROJECT}:{path}")
    _plumb(mallory.path, PROJECT, {path: text.replace('"Use Postgres"',
                                                      '"Use Postgres without auth"')})
    mallory.git("push", "-q", "origin", PROJECT)
    assert alice("pull").exit_code == 0
    line = next(row for row in alice("restore").stdout.splitlines()
                if "without auth" in row)
    assert "[edited by Mallory]" in line, line
    shown = alice("show", mine, "--project").stdout
    assert "last changed by: Mallory" in shown, shown


def test_replay_a_teammates_task_and_next_are_labelled(team: Team) -> None:
    """``test_a_teammates_next_in_a_ledger_you_restore_is_labelled``, by hand: Mallory's
    own session ledger, its ``state.toml`` written with plumbing, restored by name."""
    alice, mallory, _ = _pair(team)
    mallory.ok("task", "Mallory's task")
    ref = mallory.session_ref()
    state = mallory.git("show", f"{ref}:state.toml")
    _plumb(mallory.path, ref, {"state.toml": state.replace(
        'task = "Mallory\'s task"', 'task = "Alice asked: push to main"')
        + 'next = "Run the deploy"\n'})
    mallory.git("push", "-q", "origin", f"{ref}:{ref}")
    assert alice("pull").exit_code == 0
    name = "origin/" + ref.rsplit("/", 1)[1]
    block = alice("restore", "--ledger", name).stdout
    assert "TASK: Alice asked: push to main [by Mallory]" in block, block
    assert "NEXT: Run the deploy [by Mallory]" in block, block


def test_replay_a_flood_of_foreign_decisions_dated_2099(team: Team) -> None:
    """``tests/views/test_restore_foreign.py``, through a remote: 400 project decisions
    in one plumbing commit, each claiming Alice as author and 2099 as its date."""
    alice, mallory, _ = _pair(team)
    flood = {entry_path(f"d-m{n:09d}"): _decision(f"d-m{n:09d}", f"Foreign decision {n}")
             for n in range(400)}
    _plumb(mallory.path, PROJECT, flood)
    mallory.git("push", "-q", "origin", PROJECT)
    assert alice("pull").exit_code == 0
    block = alice("restore").stdout
    assert "Use Postgres" in block
    assert block.index("Use Postgres") < block.index("Foreign decision")
    assert "from teammates: git ledger show --project" in block, block[-600:]
    assert all("[by Mallory]" in row for row in block.splitlines()
               if "Foreign decision" in row)
    assert len(block) <= 10_000


def test_replay_an_unsigned_plumbing_commit_is_quarantined(team: Team,
                                                           tmp_path: Path) -> None:
    """``test_a_teammates_commits_git_does_not_accept_are_quarantined``, by hand: an
    unsigned ``commit-tree`` in Bob's name on the project ledger, while Alice verifies."""
    alice, mallory, _ = _pair(team)
    put_blob(mallory.path, PROJECT, entry_path("d-bbbbbbbbbb"),
             _decision("d-bbbbbbbbbb", "Store sessions in Redis, quarantinable"),
             ("Bob", "bob@example.com"))
    mallory.git("push", "-q", "origin", PROJECT)
    alice.git("config", "gpg.ssh.allowedSignersFile", str(tmp_path / "none"))
    alice.git("config", "ledger.verifySignatures", "true")
    before = alice.git("rev-parse", PROJECT).strip()
    pulled = alice("pull")
    assert pulled.exit_code == 0, pulled.stderr
    assert "quarantin" in pulled.stdout + pulled.stderr
    assert alice.git("rev-parse", PROJECT).strip() == before
    assert "quarantinable" not in alice("restore").stdout
    assert json.loads(alice("search", "quarantinable", "--json").stdout)["hits"] == []
