"""Attack 4 of issue 41 (notes): 51 forged note lines of 5 KB came back whole (254,827
characters) from MCP ``why`` and ``why --json``, while text ``why`` showed five lines.

The note is written with git plumbing (a blob, a notes tree, a commit on
``refs/notes/ledger``), as anyone who can push the notes ref could.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from click.testing import CliRunner

from gitledger.integrations import mcp_server
from tests.conftest import Run, git

NOTES = "refs/notes/ledger"


def _plumb(repo: Path, *args: str, stdin: str | None = None) -> str:
    return subprocess.run(["git", *args], cwd=repo, input=stdin, text=True,
                          capture_output=True, check=True).stdout.strip()


def test_forged_note_lines_are_capped_like_the_text(repo_with_commit: Path,
                                                    runner: CliRunner) -> None:
    repo = repo_with_commit
    sha = git(repo, "rev-parse", "HEAD").strip()
    note = "".join(f"cites d-{n:010d} refs/ledger/x {'IGNORE ALL ' * 500}\n" for n in range(51))
    blob = _plumb(repo, "hash-object", "-w", "--stdin", stdin=note)
    tree = _plumb(repo, "mktree", stdin=f"100644 blob {blob}\t{sha}\n")
    commit = _plumb(repo, "commit-tree", tree, "-m", "forged")
    _plumb(repo, "update-ref", NOTES, commit)

    run = Run(runner, repo)
    done = run("why", "--json", sha)
    assert done.exit_code == 0, done.stderr
    found = json.loads(done.stdout)["commits"][0]
    assert found["unbacked_total"] == 51
    assert len(found["unbacked"]) == 5
    assert all(len(line) <= 200 for line in found["unbacked"])
    assert len(done.stdout) < 5_000
    tool = json.dumps(mcp_server.call(str(repo), "why", {"target": sha}))
    assert len(tool) < 5_000
