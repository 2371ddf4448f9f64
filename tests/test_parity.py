"""The CLI and the MCP server are two renderings of one library: the same document.

Every command that has an MCP tool is run twice on the same repository state: through the
CLI with ``--json`` (click's CliRunner, in-process) and through the tool's function
(``mcp_tools.tool(name).call``), and the two JSON documents must be equal.  A write is run
on a copy of the state each time (the repository and its remote are put back between the
two runs) with the same random ids, so even the new entry ids and commit shas must agree.

The one documented difference: a ledger with unreadable entries.  The CLI prints the
document, names them on stderr and exits 1; the tool has no exit status, so its document
gains an ``unreadable`` key.  ``test_unreadable_entries`` pins both down.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.errors import InvalidInput
from gitledger.integrations import mcp_tools
from gitledger.ledger import decisions
from gitledger.ledger.operations import Ledger
from gitledger.ledger.results import WriteResult
from tests.conftest import git

URL = "https://ci.example.com/deploys/1"


@dataclass(frozen=True)
class Case:
    """One command, as the CLI spells its arguments and as the tool takes them.

    ``{name}`` in either is replaced by an id of the prepared state (``State.ids``).
    """

    tool: str
    cli: tuple[str, ...] = ()
    mcp: dict[str, Any] = field(default_factory=dict)
    #: ``restore`` prints JSON with ``--format json``, not ``--json``.
    json_flag: bool = True

    @property
    def id(self) -> str:
        return " ".join((self.tool, *self.cli)) or self.tool


@dataclass
class State:
    repo: Path
    remote: Path
    ids: dict[str, str]


CASES = (
    Case("task", ("T2", "--next", "N2"), {"text": "T2", "next": "N2"}),
    Case("next", ("N3",), {"text": "N3"}),
    Case("open", ("Which cache?", "--ask-user"), {"text": "Which cache?", "ask_user": True}),
    Case("decide", ("Use SQLite", "--over", "files", "--over", "redis", "--because", "one file",
                    "--scope", "storage", "--evidence", "test:db"),
         {"text": "Use SQLite", "over": ["files", "redis"], "because": "one file",
          "scope": "storage", "evidence": ["test:db"]}),
    Case("decide", ("Project rule", "--project", "--proposed"),
         {"text": "Project rule", "project": True, "proposed": True}),
    Case("verify", ("Tests pass on 3.11", "--by", "pytest -q"),
         {"fact": "Tests pass on 3.11", "by": "pytest -q"}),
    Case("drop", ("Polling", "--why", "too slow"), {"approach": "Polling", "why": "too slow"}),
    Case("drop", ("Threads", "--why", "races", "--paths", "src/workers/**"),
         {"approach": "Threads", "why": "races", "paths": ["src/workers/**"]}),
    Case("decide", ("Queue in db", "--paths", "src/db/**", "--paths", "./schema.sql"),
         {"text": "Queue in db", "paths": ["src/db/**", "./schema.sql"]}),
    Case("plan", ("README", "--note", "the plan"), {"path": "README", "note": "the plan"}),
    Case("resolve", ("{open}", "--as", "dropped", "--why", "not needed"),
         {"id": "{open}", "as": "dropped", "why": "not needed"}),
    Case("resolve", ("{open}", "--as", "dropped", "--why", "w", "--paths", "queue/"),
         {"id": "{open}", "as": "dropped", "why": "w", "paths": ["queue/"]}),
    Case("resolve", ("{open}", "--as", "decided", "--over", "b", "--because", "c"),
         {"id": "{open}", "as": "decided", "over": ["b"], "because": "c"}),
    Case("edit", ("{accepted}", "Use a queue, bounded", "--scope", "workers"),
         {"id": "{accepted}", "text": "Use a queue, bounded", "scope": "workers"}),
    Case("edit", ("{accepted}", "--paths", "lib/*.py"),
         {"id": "{accepted}", "paths": ["lib/*.py"]}),
    Case("edit", ("{implemented}", "--paths", ""), {"id": "{implemented}", "paths": []}),
    Case("accept", ("{proposed}",), {"id": "{proposed}"}),
    Case("implement", ("{accepted}",), {"id": "{accepted}"}),
    Case("deploy", ("{implemented}", "--env", "production", "--sha", "HEAD", "--url", URL,
                    "--at", "2026-11-30T13:00:00Z"),
         {"id": "{implemented}", "env": "production", "sha": "HEAD", "url": URL,
          "at": "2026-11-30T13:00:00Z"}),
    Case("reject", ("{proposed}", "--why", "too risky"), {"id": "{proposed}", "why": "too risky"}),
    Case("evidence", ("{accepted}", "--add", "test:queue"),
         {"id": "{accepted}", "add": ["test:queue"]}),
    Case("show"),
    Case("show", ("--kind", "decided"), {"kind": "decided"}),
    Case("show", ("{accepted}",), {"id": "{accepted}"}),
    Case("show", ("--project",), {"project": True}),
    Case("show", ("--ledger", "project"), {"ledger": "project"}),
    Case("show", ("--archive", "{archive}"), {"archive": "{archive}"}),
    Case("show", ("{archived}", "--archive", "{archive}"),
         {"id": "{archived}", "archive": "{archive}"}),
    Case("log"),
    Case("log", ("-n", "2", "--project"), {"max_count": 2, "project": True}),
    Case("check"),
    Case("check", ("--project",), {"project": True}),
    Case("why", ("HEAD",), {"target": "HEAD"}),
    Case("why", ("README",), {"target": "README"}),
    Case("search", ("queue",), {"query": "queue"}),
    Case("search", ("queue", "--kind", "decided", "--limit", "3"),
         {"query": "queue", "kind": ["decided"], "limit": 3}),
    Case("drift"),
    Case("drift", ("--since", "HEAD"), {"since": "HEAD"}),
    Case("restore", ("--format", "json"), json_flag=False),
    Case("restore", ("--format", "json", "--budget", "1200"), {"budget": 1200}, json_flag=False),
    Case("archive", ("--dry-run",), {"dry_run": True}),
    Case("archive", ("--no-carry",), {"no_carry": True}),
    Case("archive", ("--carry", "{accepted}"), {"carry": ["{accepted}"]}),
    Case("carry", ("{verified}",), {"ids": ["{verified}"]}),
    Case("list"),
    Case("list", ("--archived",), {"archived": True}),
    Case("pull", ("origin",), {"remote": "origin"}),
    Case("push", ("origin", "--dry-run"), {"remote": "origin", "dry_run": True}),
    Case("push", ("origin",), {"remote": "origin"}),
    Case("review"),
)


def test_every_tool_has_a_case() -> None:
    assert {c.tool for c in CASES} == set(mcp_tools.BY_NAME)


@pytest.fixture
def state(repo_with_commit: Path, tmp_path: Path) -> State:
    """A repository with an archive, a remote, a project decision and a session ledger
    holding an open question and a proposed, an accepted, an implemented decision."""
    repo = repo_with_commit
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo, "remote", "add", "origin", str(remote))
    git(repo, "push", "-q", "origin", "main")
    ids: dict[str, str] = {}
    ledger = Ledger.open(repo)
    ids["archived"] = _id(ledger.decide("An archived decision", because="it was"))
    runner = CliRunner()
    archived = runner.invoke(cli, ["-C", str(repo), "archive", "--no-carry", "--json"])
    assert archived.exit_code == 0, archived.output
    ids["archive"] = json.loads(archived.stdout)["archive"].rsplit("/", 1)[-1]
    Ledger.open(repo, project=True).decide("A project decision", because="shared")
    ledger = Ledger.open(repo)
    ledger.set_task("Ship the parity test")
    ids["open"] = _id(ledger.open_question("Which queue?"))
    ids["proposed"] = _id(ledger.decide("Maybe a cache", proposed=True))
    ids["accepted"] = _id(ledger.decide("Use a queue", over=("threads",),
                                    because="backpressure"))
    ids["implemented"] = _id(ledger.decide("Log as JSON", because="grep", paths=("logs/",)))
    decisions.implement(ledger, ids["implemented"])
    ids["verified"] = _id(ledger.verify("It builds", by="make"))
    return State(repo, remote, ids)


def _id(result: WriteResult) -> str:
    assert result.entry is not None
    return result.entry.id


def _filled(value: Any, ids: dict[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**ids)
    if isinstance(value, list):
        return [_filled(v, ids) for v in value]
    return value


def _via_cli(case: Case, state: State) -> dict[str, Any]:
    args = [_filled(a, state.ids) for a in case.cli]
    done = CliRunner().invoke(
        cli, ["-C", str(state.repo), case.tool, *args, *(["--json"] if case.json_flag else [])],
        catch_exceptions=False)
    # check exits 1 on errors and still prints the document; every other case succeeds
    assert done.exit_code in ((0, 1) if case.tool == "check" else (0,)), done.output
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def _via_mcp(case: Case, state: State) -> dict[str, Any]:
    arguments = {k: _filled(v, state.ids) for k, v in case.mcp.items()}
    data = mcp_tools.tool(case.tool).call(str(state.repo), arguments)
    # what the server sends: the tool's result as JSON text
    parsed: dict[str, Any] = json.loads(json.dumps(data, ensure_ascii=False))
    return parsed


def _saved(state: State, where: Path) -> None:
    shutil.copytree(state.repo / ".git", where / "git")
    shutil.copytree(state.remote, where / "remote")


def _restored(state: State, where: Path) -> None:
    for saved, live in ((where / "git", state.repo / ".git"), (where / "remote", state.remote)):
        shutil.rmtree(live)
        shutil.copytree(saved, live)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_cli_json_is_the_tool_document(case: Case, state: State, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    saved = tmp_path / "saved"
    _saved(state, saved)
    monkeypatch.setattr(secrets, "choice", random.Random(17).choice)
    from_cli = _via_cli(case, state)
    _restored(state, saved)
    monkeypatch.setattr(secrets, "choice", random.Random(17).choice)
    from_mcp = _via_mcp(case, state)
    assert from_cli
    assert from_cli == from_mcp


@pytest.mark.parametrize(("case", "cli_says", "tool_says"), [
    (Case("show", ("--archive", "x", "--project"), {"archive": "x", "project": True}),
     "--archive excludes --ledger and --project",
     "show: 'archive' excludes 'ledger' and 'project'"),
    (Case("check", ("--project", "--ledger", "x"), {"project": True, "ledger": "x"}),
     "--project and --ledger exclude each other",
     "check: 'project' and 'ledger' exclude each other"),
    (Case("archive", ("--no-carry", "--carry-all-durable"),
          {"no_carry": True, "carry_all_durable": True}),
     "--carry, --carry-all-durable and --no-carry exclude each other",
     "archive: 'carry', 'carry_all_durable' and 'no_carry' exclude each other"),
], ids=["show", "check", "archive"])
def test_conflicting_arguments_are_refused_by_both(case: Case, cli_says: str, tool_says: str,
                                                   state: State) -> None:
    """One check, in the library function; each surface spells the names its own way:
    the CLI as a usage error (exit 2), the tool as a refused call."""
    done = CliRunner().invoke(cli, ["-C", str(state.repo), case.tool, *case.cli])
    assert done.exit_code == 2
    assert done.stderr == f"git ledger: {cli_says} (see git ledger {case.tool} --help)\n"
    with pytest.raises(InvalidInput) as refused:
        mcp_tools.tool(case.tool).call(str(state.repo), case.mcp)
    assert str(refused.value) == tool_says


def test_unreadable_entries(state: State, tmp_path: Path) -> None:
    """The CLI's document plus ``unreadable`` is the tool's; only the CLI exits 1."""
    ref = Ledger.open(state.repo).ref or ""
    victim = next(p for p in git(state.repo, "ls-tree", "-r", "--name-only", ref).split()
                  if p.startswith("entries/"))
    # One entry's blob replaced by text that is not TOML, in a commit of its own.
    index = {"GIT_INDEX_FILE": str(tmp_path / "index")}
    _git(state.repo, index, "read-tree", ref)
    blob = _git(state.repo, index, "hash-object", "-w", "--stdin", stdin="not = toml [")
    _git(state.repo, index, "update-index", "--cacheinfo", f"100644,{blob},{victim}")
    tree = _git(state.repo, index, "write-tree")
    git(state.repo, "update-ref", ref,
        _git(state.repo, index, "commit-tree", tree, "-p", ref, "-m", "damage one entry"))

    done = CliRunner().invoke(cli, ["-C", str(state.repo), "show", "--json"])
    assert done.exit_code == 1
    assert victim in done.stderr
    from_mcp = mcp_tools.tool("show").call(str(state.repo), {})
    assert from_mcp == {**json.loads(done.stdout), "unreadable": [victim]}


def _git(cwd: Path, env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                          input=stdin, env={**os.environ, **env}, check=True)
    return done.stdout.strip()
