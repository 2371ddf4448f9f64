"""``git ledger mcp`` through the SDK's own stdio client, against the real server process
started in a real repository: tools, resources, the prompt, bad arguments, two clients."""

from __future__ import annotations

import json
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.shared.exceptions import MCPError

from gitledger.integrations import mcp_tools as tools
from gitledger.ledger.operations import Ledger
from tests.conftest import Run, git, installed_git_ledger


@asynccontextmanager
async def session(where: Path, env: dict[str, str]) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=str(installed_git_ledger()), args=["mcp"],
                                   cwd=str(where), env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        await client.initialize()
        yield client


def run(where: Path, env: dict[str, str],
        scenario: Callable[[ClientSession], Awaitable[Any]]) -> Any:
    async def main() -> Any:
        async with session(where, env) as client:
            return await scenario(client)
    return anyio.run(main)


def text_of(result: types.CallToolResult) -> str:
    content = result.content[0]
    assert isinstance(content, types.TextContent)
    return content.text


async def ok(client: ClientSession, name: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(name, arguments)
    assert not result.is_error, text_of(result)
    assert result.structured_content is not None
    data: dict[str, Any] = result.structured_content
    assert json.loads(text_of(result)) == data
    return data


async def refused(client: ClientSession, name: str, arguments: dict[str, Any]) -> str:
    result = await client.call_tool(name, arguments)
    assert result.is_error, f"{name} {arguments} was not refused"
    message = text_of(result)
    assert "\n" not in message
    assert message.startswith("git ledger: ")
    return message


def tip(where: Path) -> str | None:
    ledger = Ledger.open(where)
    return ledger.snapshot().commit


# -- listing ----------------------------------------------------------------------------------


def test_lists_every_tool_resource_and_the_prompt(repo_with_commit: Path,
                                                 cli_env: dict[str, str]) -> None:
    async def scenario(client: ClientSession) -> None:
        listed = (await client.list_tools()).tools
        assert [t.name for t in listed] == [t.name for t in tools.TOOLS]
        for tool in listed:
            assert tool.description
            assert len(tool.description) < 400
            assert tool.input_schema["type"] == "object"
            assert tool.input_schema["additionalProperties"] is False
            assert tool.annotations is not None
            assert tool.annotations.read_only_hint is (not tools.BY_NAME[tool.name].writes)
        by_name = {t.name: t for t in listed}
        for write in ("task", "open", "decide", "verify", "drop", "plan", "resolve", "accept",
                      "implement", "deploy", "reject", "edit", "evidence"):
            assert "next" in by_name[write].input_schema["properties"], write
        decide = by_name["decide"].input_schema
        assert decide["required"] == ["text"]
        assert decide["properties"]["over"] == {
            "type": "array", "items": {"type": "string"},
            "description": "The alternatives this beat, each a short phrase."}
        assert "secrets" in (by_name["decide"].description or "")
        resources = {str(r.uri) for r in (await client.list_resources()).resources}
        assert resources == {"ledger://restore", "ledger://ledger", "ledger://project"}
        templates = (await client.list_resource_templates()).resource_templates
        assert [t.uri_template for t in templates] == ["ledger://entry/{id}"]
        prompts = (await client.list_prompts()).prompts
        assert [p.name for p in prompts] == ["checkpoint"]

    run(repo_with_commit, cli_env, scenario)


def test_instructions_teach_the_protocol(repo_with_commit: Path,
                                         cli_env: dict[str, str]) -> None:
    async def main() -> str | None:
        params = StdioServerParameters(command=str(installed_git_ledger()), args=["mcp"],
                                       cwd=str(repo_with_commit), env=cli_env)
        async with stdio_client(params) as (read, write), ClientSession(read, write) as c:
            return (await c.initialize()).instructions

    instructions = anyio.run(main)
    assert instructions == tools.PROTOCOL
    assert "never per turn" in instructions
    assert "Never record secrets" in instructions


# -- a whole ledger through tools alone ---------------------------------------------------------


def test_an_agent_keeps_its_whole_ledger_through_tools_alone(
        repo_with_commit: Path, cli_env: dict[str, str], ledger: Run) -> None:
    repo = repo_with_commit
    (repo / "plan.md").write_text("# plan\n")
    head = git(repo, "rev-parse", "HEAD").strip()

    async def scenario(client: ClientSession) -> dict[str, Any]:
        got: dict[str, Any] = {}
        task = await ok(client, "task", text="Ship the OAuth callback", next="Write the test")
        assert task["task"] == "Ship the OAuth callback"
        assert task["next"] == "Write the test"
        question = await ok(client, "open", text="Does SSO need its own route?",
                            ask_user=True)
        settled = await ok(client, "open", text="Which hash for the verifier?")
        pkce = await ok(client, "decide", text="Use PKCE", over=["implicit flow"],
                        because="the SPA cannot keep a secret", scope="auth/callback",
                        evidence=[f"git:{head}"], next="Wire the verifier")
        assert pkce["entry"]["over"] == ["implicit flow"]
        assert pkce["next"] == "Wire the verifier"
        proposed = await ok(client, "decide", text="Rotate refresh tokens", proposed=True,
                            scope="auth/tokens")
        assert proposed["entry"]["status"] == "proposed"
        await ok(client, "accept", id=proposed["id"])
        await ok(client, "implement", id=proposed["id"], commit="HEAD")
        deployed = await ok(client, "deploy", id=proposed["id"], env="staging", sha=head,
                            url="https://ci.example.com/run/1")
        assert deployed["entry"]["status"] == "deployed"
        doomed = await ok(client, "decide", text="Cache tokens in memory", proposed=True)
        await ok(client, "reject", id=doomed["id"], why="lost on restart")
        await ok(client, "evidence", id=pkce["id"], add=["test:test_pkce"])
        await ok(client, "verify", fact="The callback rejects a missing verifier",
                 by="pytest -k verifier")
        await ok(client, "drop", approach="Token in localStorage", why="readable by XSS")
        await ok(client, "plan", path="plan.md", note="the rollout")
        resolved = await ok(client, "resolve", id=settled["id"], **{"as": "decided"},
                            text="SHA-256 for the verifier", because="RFC 7636 S256")
        assert resolved["entry"]["kind"] == "decided"
        await ok(client, "edit", id=question["id"], text="Does SSO need a separate route?")
        got["show"] = await ok(client, "show")
        got["entry"] = await ok(client, "show", id=pkce["id"])
        got["log"] = await ok(client, "log", max_count=3)
        got["check"] = await ok(client, "check")
        got["why"] = await ok(client, "why", target="HEAD", rev=True)
        got["restore"] = await ok(client, "restore")
        got["list"] = await ok(client, "list")
        got["pkce"] = pkce["id"]
        return got

    got = run(repo, cli_env, scenario)
    snapshot = Ledger.open(repo).snapshot()
    kinds = sorted(e.kind for e in snapshot.entries)
    assert kinds == ["decided"] * 4 + ["dropped", "open", "plan", "verified"]
    assert snapshot.focus.task == "Ship the OAuth callback"
    assert snapshot.focus.next == "Wire the verifier"
    statuses = {e.text: e.status for e in snapshot.entries if e.kind == "decided"}
    assert statuses["Cache tokens in memory"] == "rejected"
    assert statuses["Rotate refresh tokens"] == "deployed"
    # Results mirror --json: the same data the command prints.
    assert got["show"] == json.loads(ledger("show", "--json").stdout)
    assert got["entry"] == json.loads(ledger("show", got["pkce"], "--json").stdout)
    assert got["log"] == json.loads(ledger("log", "-n", "3", "--json").stdout)
    assert got["check"] == json.loads(ledger("check", "--json").stdout)
    assert got["why"] == json.loads(ledger("why", "--rev", "HEAD", "--json").stdout)
    assert got["restore"]["context"] == ledger("restore").stdout.rstrip("\n")
    assert got["list"] == json.loads(ledger("list", "--json").stdout)
    assert "test:test_pkce" in got["entry"]["entry"]["evidence"]


def test_archive_and_carry_through_tools(repo_with_commit: Path,
                                         cli_env: dict[str, str]) -> None:
    async def scenario(client: ClientSession) -> tuple[dict[str, Any], dict[str, Any]]:
        await ok(client, "task", text="A short task")
        fact = await ok(client, "verify", fact="The API is idempotent", by="curl -X PUT twice")
        await ok(client, "decide", text="Keep the retry loop")
        carried = await ok(client, "carry", ids=[fact["id"]])
        archived = await ok(client, "archive")
        return carried, archived

    carried, archived = run(repo_with_commit, cli_env, scenario)
    assert len(carried["carried"]) == 1
    assert archived["archive"].startswith("refs/ledger/archive/")
    assert archived["tag"]
    project = Ledger.open(repo_with_commit, project=True).snapshot()
    assert sorted(e.text for e in project.entries) == ["Keep the retry loop",
                                                       "The API is idempotent"]
    assert Ledger.open(repo_with_commit).snapshot().entries == ()


# -- bad arguments ------------------------------------------------------------------------------


BAD_CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("decide", {"text": 3}, "decide: 'text' must be a string"),
    ("decide", {"text": "x", "over": [1, 2]}, "decide: 'over' must be a list of strings"),
    ("decide", {"text": "x", "proposed": "yes"}, "decide: 'proposed' must be a boolean"),
    ("decide", {"text": "x", "bogus": 1}, "decide has no argument 'bogus'"),
    ("decide", {}, "decide needs the argument 'text'"),
    ("log", {"max_count": 0}, "log: 'max_count' must be at least 1"),
    ("log", {"max_count": True}, "log: 'max_count' must be an integer"),
    ("show", {"kind": "secrets"}, "show: 'kind' must be one of open, decided"),
    ("resolve", {"id": "o-zz", "as": "forgotten"}, "'as' must be one of decided"),
    ("accept", {"id": "d-nosuchthing"}, "d-nosuchthing"),
    ("show", {"id": "zzzz"}, "no entry matches 'zzzz'"),
    ("task", {"text": "token ghp_Xq3vT9bLm2Rk8sW4nJ7pZc1yHd6uFa0eGi5o"}, "credential"),
    ("verify", {"fact": "ok", "by": "curl -H 'Authorization: Bearer Kq7vX2mZ9pL4tR8wN3bH6c'"},
     "credential"),
    ("task", {"text": "a\x00b"}, "NUL"),
    ("task", {"text": "\x1b[31mred"}, "control character"),
    ("task", {"text": "x" * 600}, "the limit is"),
    ("task", {"text": "   "}, "TASK is empty"),
    ("plan", {"path": ""}, "empty"),
    ("why", {"target": "no-such-rev-or-file"}, "no-such-rev-or-file"),
    ("no_such_tool", {}, "unknown tool 'no_such_tool'"),
]


def test_bad_arguments_are_tool_errors_and_write_nothing(repo_with_commit: Path,
                                                         cli_env: dict[str, str]) -> None:
    async def scenario(client: ClientSession) -> list[str]:
        await ok(client, "task", text="Before the bad calls")
        before = tip(repo_with_commit)
        messages = []
        for name, arguments, expected in BAD_CALLS:
            message = await refused(client, name, arguments)
            assert expected in message, (name, arguments, message)
            assert tip(repo_with_commit) == before, (name, arguments)
            messages.append(message)
        # The server is still serving, and nothing earlier was lost.
        shown = await ok(client, "show")
        assert shown["task"] == "Before the bad calls"
        return messages

    messages = run(repo_with_commit, cli_env, scenario)
    assert len(messages) == len(BAD_CALLS)
    assert not list((repo_with_commit / ".git").glob("**/*.lock"))


def test_tool_errors_carry_the_line_the_command_prints(
        repo_with_commit: Path, cli_env: dict[str, str], ledger: Run) -> None:
    secret = "token ghp_Xq3vT9bLm2Rk8sW4nJ7pZc1yHd6uFa0eGi5o"

    async def scenario(client: ClientSession) -> list[str]:
        return [await refused(client, "task", {"text": secret}),
                await refused(client, "show", {"id": "zzzz"}),
                await refused(client, "reject", {"id": "d-zz", "why": "x"})]

    via_mcp = run(repo_with_commit, cli_env, scenario)
    via_cli = [ledger("task", secret).stderr.strip(), ledger("show", "zzzz").stderr.strip(),
               ledger("reject", "d-zz", "--why", "x").stderr.strip()]
    assert via_mcp == via_cli


# -- resources and the prompt -------------------------------------------------------------------


def test_resources_read_the_restore_block_the_ledgers_and_each_entry(
        repo_with_commit: Path, cli_env: dict[str, str], ledger: Run) -> None:
    async def scenario(client: ClientSession) -> dict[str, Any]:
        await ok(client, "task", text="Read me back")
        made = await ok(client, "decide", text="Use WAL mode", over=["rollback journal"])
        await ok(client, "decide", text="Shared rule", project=True)
        out: dict[str, Any] = {"id": made["id"]}
        for uri in ("ledger://restore", "ledger://ledger", "ledger://project",
                    f"ledger://entry/{made['id'][:6]}"):
            contents = (await client.read_resource(uri)).contents
            assert len(contents) == 1
            assert isinstance(contents[0], types.TextResourceContents)
            out[uri] = contents[0].text
        for bad in ("ledger://entry/zzzz", "ledger://nothing", "ledger://entry/"):
            with pytest.raises(MCPError) as caught:
                await client.read_resource(bad)
            out[bad] = caught.value.error.message
        return out

    out = run(repo_with_commit, cli_env, scenario)
    assert out["ledger://restore"] == ledger("restore").stdout.rstrip("\n")
    assert json.loads(out["ledger://ledger"]) == json.loads(ledger("show", "--json").stdout)
    project = json.loads(out["ledger://project"])
    assert [e["text"] for e in project["entries"]] == ["Shared rule"]
    entry = json.loads(out[f"ledger://entry/{out['id'][:6]}"])
    assert entry["entry"]["id"] == out["id"]
    assert entry["entry"]["over"] == ["rollback journal"]
    assert "no entry matches 'zzzz'" in out["ledger://entry/zzzz"]
    assert "no resource 'ledger://nothing'" in out["ledger://nothing"]
    assert "no resource" in out["ledger://entry/"]


def test_checkpoint_prompt_names_the_last_event(repo_with_commit: Path,
                                                cli_env: dict[str, str]) -> None:
    async def scenario(client: ClientSession) -> tuple[str, str]:
        empty = await client.get_prompt("checkpoint")
        await ok(client, "decide", text="Use WAL mode")
        after = await client.get_prompt("checkpoint")
        with pytest.raises(MCPError):
            await client.get_prompt("nope")
        texts = []
        for result in (empty, after):
            content = result.messages[0].content
            assert result.messages[0].role == "user"
            assert isinstance(content, types.TextContent)
            texts.append(content.text)
        return texts[0], texts[1]

    empty, after = run(repo_with_commit, cli_env, scenario)
    assert "It has no event yet" in empty
    assert "decide" in after
    assert "Use WAL mode" in after
    assert "Pass `next`" in after


# -- two clients, and the wire --------------------------------------------------------------------


def test_two_clients_writing_at_once_lose_nothing(repo_with_commit: Path,
                                                  cli_env: dict[str, str]) -> None:
    per_client = 15

    async def writer(name: str) -> None:
        async with session(repo_with_commit, cli_env) as client:
            for i in range(per_client):
                await ok(client, "verify", fact=f"{name} fact {i}", by=f"echo {name} {i}")

    async def main() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(writer, "alpha")
            group.start_soon(writer, "beta")

    anyio.run(main)
    facts = {e.text for e in Ledger.open(repo_with_commit).snapshot().entries}
    assert facts == {f"{n} fact {i}" for n in ("alpha", "beta") for i in range(per_client)}
    ref = Ledger.open(repo_with_commit).ref
    assert ref is not None
    parents = git(repo_with_commit, "rev-list", "--parents", ref).splitlines()
    assert all(len(line.split()) <= 2 for line in parents)  # linear history
    assert len(parents) == 2 * per_client + 1  # one commit per write, plus the start
    git(repo_with_commit, "fsck", "--strict")


def test_nothing_but_protocol_reaches_stdout(repo_with_commit: Path,
                                            cli_env: dict[str, str]) -> None:
    def message(ident: int, method: str, params: dict[str, Any]) -> str:
        return json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})

    lines = [
        message(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                  "clientInfo": {"name": "raw", "version": "0"}}),
        json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        "this is not json",
        message(2, "tools/call", {"name": "decide", "arguments": {"text": ["not", "text"]}}),
        message(3, "tools/call", {"name": "decide", "arguments": {"text": "Raw decision"}}),
        message(4, "tools/call", {"name": "show", "arguments": "not an object"}),
        message(5, "resources/read", {"uri": "ledger://restore"}),
    ]
    server = subprocess.Popen([str(installed_git_ledger()), "mcp"], cwd=repo_with_commit,
                              env=cli_env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    assert server.stdin is not None
    assert server.stdout is not None
    replies = []
    try:
        for line in lines:
            server.stdin.write(line + "\n")
            server.stdin.flush()
            if '"id"' in line:  # wait for each reply, so none is in flight at EOF
                while True:
                    reply = json.loads(server.stdout.readline())
                    replies.append(reply)
                    if reply.get("id") is not None:
                        break
    finally:
        server.stdin.close()
        rest = server.stdout.read()
        server.wait(timeout=60)
        if server.stderr is not None:
            server.stderr.close()
        server.stdout.close()
    assert server.returncode == 0
    replies += [json.loads(line) for line in rest.splitlines()]
    assert all(r.get("jsonrpc") == "2.0" for r in replies)
    by_id = {r["id"]: r for r in replies if "id" in r}
    assert by_id[2]["result"]["isError"] is True
    assert by_id[3]["result"]["isError"] is False
    assert "error" in by_id[4]  # a malformed request is a protocol error, not a crash
    assert "Raw decision" in by_id[5]["result"]["contents"][0]["text"]


def test_outside_a_repository_it_says_so_in_one_line(tmp_path: Path,
                                                     cli_env: dict[str, str]) -> None:
    done = subprocess.run([str(installed_git_ledger()), "mcp"], cwd=tmp_path, env=cli_env,
                          input="", capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "not a git repository" in done.stderr


def test_without_the_sdk_it_says_what_to_install(repo_with_commit: Path, ledger: Run,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "mcp", None)  # import mcp raises ImportError
    monkeypatch.setitem(sys.modules, "mcp.server.lowlevel", None)
    result = ledger.runner.invoke(ledger_cli(), ["-C", str(repo_with_commit), "mcp"])
    assert result.exit_code == 1
    assert result.stderr == ("git ledger: git ledger mcp needs the MCP SDK, an optional "
                             "extra: pip install 'gitledger[mcp]'\n")


def ledger_cli() -> Any:
    from gitledger.cli import cli

    return cli


# -- the tool table, directly -----------------------------------------------------------------


def test_validate_checks_types_and_names_the_first_fault() -> None:
    decide = tools.tool("decide")
    assert tools.validate(decide, {"text": "x", "over": "one alternative"}) == {
        "text": "x", "over": ("one alternative",)}
    assert tools.validate(decide, {"text": "x", "scope": None}) == {"text": "x"}
    log = tools.tool("log")
    assert tools.validate(log, {"max_count": 2}) == {"max_count": 2}
    from gitledger.errors import InvalidInput

    for arguments, message in (
            ({"max_count": 1.5}, "must be an integer"),
            ({"max_count": "2"}, "must be an integer"),
            ({"ledger": ["a"]}, "'ledger' must be a string")):
        with pytest.raises(InvalidInput, match=message):
            tools.validate(log, arguments)
    with pytest.raises(InvalidInput, match="unknown tool 'x'"):
        tools.tool("x")


def test_every_tool_has_a_schema_that_names_its_handler_arguments() -> None:
    for tool in tools.TOOLS:
        schema = tool.input_schema()
        assert set(schema["required"]) <= set(schema["properties"])
        assert tool.description.endswith(".")
        assert tool.title
        assert all(p["description"] for p in schema["properties"].values())


def test_mcp_md_documents_every_tool_and_argument() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "mcp.md").read_text()
    rows = {line.split("|")[1].strip().strip("`"): line for line in doc.splitlines()
            if line.startswith("| `")}
    for tool in tools.TOOLS:
        assert tool.name in rows, f"docs/mcp.md has no row for the tool {tool.name}"
        for param in tool.params:
            bold = f"**`{param.name}`**" in rows[tool.name]
            assert bold == param.required or f"`{param.name}`" in rows[tool.name], \
                f"docs/mcp.md: {tool.name} does not document {param.name}"
            assert bold == param.required, f"docs/mcp.md: {tool.name} {param.name} bold"
    for uri in ("ledger://restore", "ledger://ledger", "ledger://project",
                "ledger://entry/{id}"):
        assert f"`{uri}`" in doc


# -- team tools, and the registered snippet -------------------------------------------------------


def test_push_pull_and_review_through_tools(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.remote_fixtures import make_team, subprocess_env

    team = make_team(tmp_path / "team", str(tmp_path / "team" / "remote.git"), monkeypatch)
    ada, bob = team.clone("Ada"), team.clone("Bob")

    async def ada_pushes(client: ClientSession) -> dict[str, Any]:
        await ok(client, "next", text="Tell Bob about the pool")
        await ok(client, "decide", text="One connection pool per worker", project=True,
                 scope="db/pool", over=["a global pool"])
        dry = await ok(client, "push", dry_run=True)
        assert dry["dry_run"] is True
        return await ok(client, "push")

    async def bob_pulls(client: ClientSession) -> tuple[dict[str, Any], ...]:
        pulled = await ok(client, "pull")
        review = await ok(client, "review", since="2000-01-01")
        project = await ok(client, "show", project=True)
        archives = await ok(client, "list", archived=True)
        return pulled, review, project, archives

    pushed = run(ada.path, subprocess_env(), ada_pushes)
    assert {u["ref"]: u["status"] for u in pushed["updates"]}["refs/ledger/project"] == "new"
    assert "refs/ledger/project" in team.remote_refs("refs/ledger/project")
    pulled, review, project, archives = run(bob.path, subprocess_env(), bob_pulls)
    assert [e["text"] for e in project["entries"]] == ["One connection pool per worker"]
    assert "db/pool" in json.dumps(review)
    assert archives == {"archives": []}
    assert pulled["remote"] == "origin"


def test_the_registered_snippet_starts_a_working_server(repo_with_commit: Path, ledger: Run,
                                                        cli_env: dict[str, str]) -> None:
    assert ledger("install", "--agent", "claude", "--mcp").exit_code == 0
    entry = json.loads((repo_with_commit / ".mcp.json").read_text())["mcpServers"][
        "git-ledger"]

    async def main() -> dict[str, Any]:
        # Exactly what Claude Code runs: the entry's command and args, in the project.
        params = StdioServerParameters(command=entry["command"], args=entry["args"],
                                       cwd=str(repo_with_commit), env=cli_env)
        async with stdio_client(params) as (read, write), ClientSession(read, write) as c:
            await c.initialize()
            return await ok(c, "task", text="Started from .mcp.json")

    assert anyio.run(main)["task"] == "Started from .mcp.json"
    assert Ledger.open(repo_with_commit).snapshot().focus.task == "Started from .mcp.json"


def test_a_read_never_waits_behind_a_push(repo_with_commit: Path, cli_env: dict[str, str],
                                          tmp_path: Path) -> None:
    slow_ssh = tmp_path / "slow-ssh"
    slow_ssh.write_text("#!/bin/sh\nsleep 3\nexit 255\n")
    slow_ssh.chmod(0o755)
    git(repo_with_commit, "remote", "add", "origin", "ssh://example.invalid/x.git")
    env = {**cli_env, "GIT_SSH_COMMAND": str(slow_ssh)}
    finished: list[str] = []

    async def scenario(client: ClientSession) -> None:
        await ok(client, "task", text="Something to push")

        async def push() -> None:
            result = await client.call_tool("push", {})
            assert result.is_error  # the fake ssh fails it, in one line
            finished.append("push")

        async with anyio.create_task_group() as group:
            group.start_soon(push)
            await anyio.sleep(0.5)
            shown = await ok(client, "show")
            assert shown["task"] == "Something to push"
            finished.append("show")

    run(repo_with_commit, env, scenario)
    assert finished == ["show", "push"]
