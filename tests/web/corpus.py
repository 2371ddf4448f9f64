"""A repository the web tests read: a scope with a supersedes chain, a deployed decision
with its evidence commit, a verified fact gone stale, an archived session, and hostile
texts (script tags, attribute breakers, ``javascript:`` links) in every field a page shows.
Built through the real CLI, in-process."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import Run, git

#: Texts a page must show as text: each would run or inject something if not escaped.
HOSTILE = (
    "<script>window.__pwned = 1</script>",
    "\" onmouseover=\"window.__pwned = 2\" x=\"",
    "javascript:window.__pwned = 3",
    "<img src=x onerror=\"window.__pwned = 4\">",
    "</textarea><svg onload=\"window.__pwned = 5\">",
)


@dataclass(frozen=True)
class Corpus:
    repo: Path
    chain: tuple[str, ...]  # the db scope's decisions, oldest first (each superseding the last)
    deployed: str
    evidence: str  # the sha the deployed decision cites
    fact: str
    hostile: str
    archived: str
    archive: str


def _json(run: Run, *args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return json.loads(result.stdout)


def _id(run: Run, *args: str) -> str:
    return str(_json(run, *args)["entry"]["id"])


def build_corpus(run: Run, repo: Path) -> Corpus:
    run("task", "an archived session")
    archived = _id(run, "decide", "Ship the importer behind a flag", "--scope", "importer")
    archive = str(_json(run, "archive", "--no-carry")["archive"]).removeprefix(
        "refs/ledger/archive/")
    run("task", "move the database")
    chain = [_id(run, "decide", "Keep the jobs in MySQL", "--scope", "db", "--over", "SQLite")]
    for text in ("Move the jobs to Postgres", "Move the jobs to Postgres 16 with pg_partman"):
        chain.append(_id(run, "decide", text, "--scope", "db", "--supersedes", chain[-1],
                         "--because", "MySQL's JSON columns are slow for our queries"))
    (repo / "jobs.sql").write_text("create table jobs (id int);\n")
    git(repo, "add", "jobs.sql")
    git(repo, "commit", "-q", "-m", "Create the jobs table in Postgres")
    sha = git(repo, "rev-parse", "HEAD").strip()
    assert run("evidence", chain[-1], "--add", f"git:{sha}").exit_code == 0
    assert run("implement", chain[-1], "--commit", sha).exit_code == 0
    deployed = run("deploy", chain[-1], "--env", "production", "--sha", sha,
                   "--url", "https://ci.example.com/run/42")
    assert deployed.exit_code == 0, deployed.stderr
    (repo / "check.sh").write_text("echo ok\n")
    git(repo, "add", "check.sh")
    git(repo, "commit", "-q", "-m", "Add the check script")
    fact = _id(run, "verify", "The check script passes", "--by", "sh check.sh")
    (repo / "check.sh").write_text("echo changed\n")
    (repo / "jobs.sql").write_text("create table jobs (id bigint);\n")
    git(repo, "commit", "-q", "-am", "Change the check script and the jobs table")
    hostile = _id(run, "decide", " ".join(HOSTILE), "--scope", "web", "--over", HOSTILE[1],
                  "--because", HOSTILE[2], "--evidence", HOSTILE[2])
    # In the project ledger too: the teammates' page reviews it.
    assert run("decide", HOSTILE[3], "--scope", "web", "--project").exit_code == 0
    return Corpus(repo, tuple(chain), chain[-1], sha, fact, hostile, archived, archive)
