"""Every command through the CLI (click's CliRunner), with the documented --json schemas."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from gitledger import FORMAT_VERSION, __version__
from gitledger.cli import cli
from gitledger.core.ids import entry_path, is_valid_id
from gitledger.storage.layout import PROJECT_REF, SESSIONS_PREFIX
from tests.conftest import Run, git

WRITE_KEYS = {"id", "entry", "ref", "commit", "task", "next", "focus_ref", "warnings"}
ENTRY_COMMON = {"id", "kind", "text", "question", "created", "author", "session", "carried_from",
                "seq", "source_id"}
KIND_KEYS = {
    "open": {"ask_user"},
    "decided": {"status", "scope", "over", "because", "evidence", "supersedes", "superseded_by",
                "rejected_why", "deployed_env", "deployed_sha", "deployed_url", "deployed_at",
                "deployed_result", "paths", "footprint"},
    "verified": {"by", "commit"},
    "dropped": {"why", "paths"},
    "plan": {"path", "note"},
}


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stderr == ""
    return result


def as_json(result: Result) -> Any:
    return json.loads(ok(result).stdout)


def written(result: Result, kind: str) -> dict[str, Any]:
    """Check a write's --json against the documented schema and return the entry."""
    data = as_json(result)
    assert set(data) == WRITE_KEYS
    assert is_valid_id(data["id"])
    assert data["ref"].startswith("refs/ledger/")
    assert len(data["commit"]) == 40
    entry = data["entry"]
    assert entry["id"] == data["id"]
    assert entry["kind"] == kind
    assert set(entry) == ENTRY_COMMON | KIND_KEYS[kind]
    return dict(entry)


def ledger_ref(repo: Path) -> str:
    return (repo / ".git" / "ledger").read_text().strip()


# -- writes --------------------------------------------------------------------------------


def test_write_prints_the_new_id(ledger: Run, repo: Path) -> None:
    result = ok(ledger("decide", "Use PKCE"))
    entry_id = result.stdout.strip()
    assert is_valid_id(entry_id)
    assert entry_id.startswith("d-")
    assert result.stdout == entry_id + "\n"
    blob = git(repo, "show", f"{ledger_ref(repo)}:{entry_path(entry_id)}")
    assert tomllib.loads(blob)["text"] == "Use PKCE"


def test_task_and_next(ledger: Run, repo: Path) -> None:
    assert ok(ledger("task", "Ship the callback")).stdout == "TASK: Ship the callback\n"
    assert ok(ledger("task", "Ship the callback")).stdout == "TASK unchanged\n"
    assert ok(ledger("next", "Write the test")).stdout == "NEXT: Write the test\n"
    assert ok(ledger("next", "Write the test")).stdout == "NEXT unchanged\n"
    data = as_json(ledger("task", "Ship v2", "--next", "Plan v2", "--json"))
    assert set(data) == WRITE_KEYS
    assert data["id"] is None
    assert data["entry"] is None
    assert data["task"] == "Ship v2"
    assert data["next"] == "Plan v2"
    assert data["ref"] == ledger_ref(repo)
    assert data["commit"] == git(repo, "rev-parse", ledger_ref(repo)).strip()
    data = as_json(ledger("next", "Plan v3", "--json"))
    assert (data["task"], data["next"], data["id"]) == ("Ship v2", "Plan v3", None)
    unchanged = as_json(ledger("next", "Plan v3", "--json"))
    assert unchanged["commit"] is None
    assert unchanged["next"] == "Plan v3"


def test_open_json(ledger: Run) -> None:
    entry = written(ledger("open", "Own SSO route?", "--ask-user", "--json"), "open")
    assert entry["ask_user"] is True
    assert entry["text"] == "Own SSO route?"
    assert entry["id"].startswith("o-")
    assert entry["author"] == "Ada Tester <ada@example.com>"
    assert entry["created"] == "2026-11-30T12:00:00Z"
    assert entry["seq"] == 1
    assert written(ledger("open", "Plain?", "--json"), "open")["ask_user"] is False


def test_decide_json_with_every_option(ledger: Run) -> None:
    first = ok(ledger("decide", "Use cookies")).stdout.strip()
    entry = written(ledger(
        "decide", "Use PKCE", "--over", "implicit flow", "--over", "client secret",
        "--because", "the SPA cannot keep a secret", "--scope", "auth/callback",
        "--supersedes", first[:5], "--evidence", "test:test_pkce", "--evidence",
        "https://ci.example/runs/1", "--paths", "src/auth/**", "--paths", "*.pem", "--json",
    ), "decided")
    assert entry["status"] == "accepted"
    assert entry["over"] == ["implicit flow", "client secret"]
    assert entry["because"] == "the SPA cannot keep a secret"
    assert entry["scope"] == "auth/callback"
    assert entry["supersedes"] == first
    assert entry["superseded_by"] is None
    assert entry["evidence"] == ["test:test_pkce", "https://ci.example/runs/1"]
    assert entry["paths"] == ["src/auth/**", "*.pem"]
    assert entry["footprint"] == []
    proposed = written(ledger("decide", "Maybe Redis", "--proposed", "--json"), "decided")
    assert proposed["status"] == "proposed"
    assert proposed["over"] == []
    assert proposed["evidence"] == []
    assert proposed["paths"] == []


def test_paths_from_a_subdirectory_edit_drop_and_show(runner: CliRunner, repo: Path) -> None:
    (repo / "src" / "db").mkdir(parents=True)
    (repo / "src" / "db" / "pool.py").write_text("a\nb\nc\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "db")
    sha = git(repo, "rev-parse", "HEAD").strip()
    below = Run(runner, repo / "src")
    decision = written(below("decide", "One pool", "--paths", "db/**", "--paths",
                             str(repo / "schema.sql"), "--evidence", "git:HEAD", "--json"),
                       "decided")
    assert decision["paths"] == ["src/db/**", "schema.sql"]
    assert decision["footprint"] == [f"{sha} 1-3 src/db/pool.py"]
    shown = ok(below("show", decision["id"])).stdout
    assert "        paths: src/db/**, schema.sql\n" in shown
    assert "        footprint: src/db/pool.py 1-3\n" in shown
    dropped = written(below("drop", "A pool per request", "--why", "too many connections",
                            "--paths", "db/request_pool.py", "--json"), "dropped")
    assert dropped["paths"] == ["src/db/request_pool.py"]
    assert "paths: src/db/request_pool.py" in ok(below("show", "--kind", "dropped")).stdout
    edited = written(below("edit", decision["id"], "--paths", "../lib/", "--json"), "decided")
    assert edited["paths"] == ["lib/"]
    cleared = written(below("edit", decision["id"], "--paths", "", "--json"), "decided")
    assert cleared["paths"] == []
    assert "paths:" not in ok(below("show", decision["id"])).stdout


def test_verify_json_in_unborn_and_born_repositories(ledger: Run, repo: Path) -> None:
    entry = written(ledger("verify", "Suite passes", "--by", "pytest -q", "--json"), "verified")
    assert entry["by"] == "pytest -q"
    assert entry["commit"] is None
    (repo / "f").write_text("x")
    git(repo, "add", "f")
    git(repo, "commit", "-qm", "c")
    entry = written(ledger("verify", "f exists", "--by", "test -f f", "--json"), "verified")
    assert entry["commit"] == git(repo, "rev-parse", "HEAD").strip()


def test_drop_json(ledger: Run) -> None:
    entry = written(ledger("drop", "localStorage", "--why", "XSS", "--json"), "dropped")
    assert entry["why"] == "XSS"
    assert entry["text"] == "localStorage"


def test_plan_json(ledger: Run, repo: Path) -> None:
    entry = written(ledger("plan", "docs/plan.md", "--note", "rollout", "--json"), "plan")
    assert entry["path"] == "docs/plan.md"
    assert entry["note"] == "rollout"


def test_plan_path_is_relative_to_where_the_command_runs(runner: CliRunner, repo: Path) -> None:
    (repo / "sub").mkdir()
    result = runner.invoke(cli, ["plan", "-C", str(repo / "sub"), "p.md", "--json"])
    assert json.loads(ok(result).stdout)["entry"]["path"] == "sub/p.md"


@pytest.mark.parametrize(
    ("args", "kind"),
    [
        (["open", "q?"], "open"),
        (["decide", "d"], "decided"),
        (["verify", "v", "--by", "true"], "verified"),
        (["drop", "x", "--why", "y"], "dropped"),
        (["plan", "PLAN.md"], "plan"),
    ],
)
def test_every_write_takes_next(ledger: Run, repo: Path, args: list[str], kind: str) -> None:
    ok(ledger("task", "t"))
    count = int(git(repo, "rev-list", "--count", ledger_ref(repo)))
    data = as_json(ledger(*args, "--next", "the next step", "--json"))
    assert data["next"] == "the next step"
    assert data["entry"]["kind"] == kind
    assert int(git(repo, "rev-list", "--count", ledger_ref(repo))) == count + 1
    assert "Ledger-Next: set" in git(repo, "log", "-1", "--format=%B", ledger_ref(repo))
    shown = as_json(ledger("show", "--json"))
    assert shown["next"] == "the next step"
    assert shown["task"] == "t"


def test_resolve_commands(ledger: Run) -> None:
    q1 = ok(ledger("open", "Which flow?")).stdout.strip()
    q2 = ok(ledger("open", "Does it pass?")).stdout.strip()
    q3 = ok(ledger("open", "Try localStorage?")).stdout.strip()
    entry = written(ledger("resolve", q1, "--as", "decided", "--text", "Use PKCE", "--over",
                           "implicit", "--because", "safer", "--scope", "auth", "--evidence",
                           "test:x", "--next", "build it", "--json"), "decided")
    assert entry["id"] == q1
    assert entry["question"] == "Which flow?"
    assert entry["text"] == "Use PKCE"
    assert entry["over"] == ["implicit"]
    assert entry["status"] == "accepted"
    entry = written(ledger("resolve", q2[:6], "--as", "verified", "--by", "pytest", "--json"),
                    "verified")
    assert (entry["id"], entry["by"], entry["text"]) == (q2, "pytest", "Does it pass?")
    assert ok(ledger("resolve", q3, "--as", "dropped", "--why", "XSS")).stdout == f"{q3}\n"
    shown = as_json(ledger("show", "--json"))
    kinds = {e["id"]: e["kind"] for e in shown["entries"]}
    assert kinds == {q1: "decided", q2: "verified", q3: "dropped"}
    assert shown["next"] == "build it"
    assert as_json(ledger("show", "--kind", "open", "--json"))["entries"] == []


def test_resolve_proposed(ledger: Run) -> None:
    q = ok(ledger("open", "Redis?")).stdout.strip()
    assert written(ledger("resolve", q, "--as", "decided", "--proposed", "--json"),
                   "decided")["status"] == "proposed"


def test_edit_command(ledger: Run, repo: Path) -> None:
    d = ok(ledger("decide", "Use PKCE", "--because", "first")).stdout.strip()
    entry = written(ledger("edit", d, "Use PKCE (S256)", "--because", "second", "--over", "a",
                           "--over", "b", "--scope", "auth", "--evidence", "test:y", "--json"),
                    "decided")
    assert entry["text"] == "Use PKCE (S256)"
    assert entry["because"] == "second"
    assert entry["over"] == ["a", "b"]
    assert entry["scope"] == "auth"
    assert entry["evidence"] == ["test:y"]
    q = ok(ledger("open", "q?")).stdout.strip()
    assert written(ledger("edit", q, "--ask-user", "--json"), "open")["ask_user"] is True
    assert written(ledger("edit", q, "--no-ask-user", "--json"), "open")["ask_user"] is False
    v = ok(ledger("verify", "v", "--by", "true")).stdout.strip()
    assert written(ledger("edit", v, "--by", "pytest", "--json"), "verified")["by"] == "pytest"
    x = ok(ledger("drop", "x", "--why", "y")).stdout.strip()
    assert written(ledger("edit", x, "--why", "slow", "--json"), "dropped")["why"] == "slow"
    p = ok(ledger("plan", "a.md")).stdout.strip()
    entry = written(ledger("edit", p, "--path", "b.md", "--note", "n", "--json"), "plan")
    assert (entry["path"], entry["text"], entry["note"]) == ("b.md", "b.md", "n")
    assert ok(ledger("edit", d, "final text", "--next", "ship")).stdout == f"{d}\n"
    assert as_json(ledger("show", "--json"))["next"] == "ship"
    old = git(repo, "show", f"{ledger_ref(repo)}~1:{entry_path(d)}")
    assert tomllib.loads(old)["text"] == "Use PKCE (S256)"


def test_dash_reads_text_from_stdin(ledger: Run) -> None:
    text = "A long decision\nwith two lines — and UTF-8 ✓"
    entry = written(ledger("decide", "-", "--json", input=text.encode()), "decided")
    assert entry["text"] == text
    assert as_json(ledger("task", "-", "--json", input=b"From stdin\n"))["task"] == "From stdin"
    assert as_json(ledger("next", "-", "--json", input="Next ✓\n"))["next"] == "Next ✓"
    q = written(ledger("open", "-", "--json", input=b"q from stdin?"), "open")
    assert q["text"] == "q from stdin?"
    v = written(ledger("verify", "-", "--by", "cat", "--json", input=b"fact"), "verified")
    assert v["text"] == "fact"
    x = written(ledger("drop", "-", "--why", "w", "--json", input=b"approach"), "dropped")
    assert x["text"] == "approach"
    r = written(ledger("resolve", q["id"], "--as", "dropped", "--why", "w", "--text", "-",
                       "--json", input=b"resolved text"), "dropped")
    assert r["text"] == "resolved text"
    e = written(ledger("edit", x["id"], "-", "--json", input=b"edited text"), "dropped")
    assert e["text"] == "edited text"


# -- reads ---------------------------------------------------------------------------------


def test_show_json_schema(ledger: Run, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_LEDGER_SESSION_ID", "sess-42")
    ok(ledger("task", "Ship it", "--next", "Test it"))
    q = ok(ledger("open", "q?", "--ask-user")).stdout.strip()
    d = ok(ledger("decide", "d", "--over", "alt", "--because", "b")).stdout.strip()
    v = ok(ledger("verify", "v", "--by", "true")).stdout.strip()
    x = ok(ledger("drop", "x", "--why", "y")).stdout.strip()
    p = ok(ledger("plan", "PLAN.md", "--note", "n")).stdout.strip()
    data = as_json(ledger("show", "--json"))
    assert set(data) >= {"ledger", "task", "next", "entries"}
    ref = ledger_ref(repo)
    meta = data["ledger"]
    assert {"id", "ref", "owner", "session_id"} <= set(meta)
    assert meta["ref"] == ref
    assert meta["id"] == ref.removeprefix(SESSIONS_PREFIX)
    assert meta["session_id"] == "sess-42"
    assert meta["owner"] == "Ada Tester <ada@example.com>"
    assert meta["kind"] == "session"
    assert meta["format"] == FORMAT_VERSION
    assert meta["commit"] == git(repo, "rev-parse", ref).strip()
    assert data["task"] == "Ship it"
    assert data["next"] == "Test it"
    assert data["errors"] == []
    entries = data["entries"]
    assert [e["id"] for e in entries] == [q, d, v, x, p]
    for e in entries:
        assert set(e) == ENTRY_COMMON | KIND_KEYS[e["kind"]]
        assert e["session"] == "sess-42"
    assert entries[0]["ask_user"] is True
    assert entries[1]["over"] == ["alt"]
    assert entries[1]["because"] == "b"
    assert entries[2]["by"] == "true"
    assert entries[2]["commit"] is None
    assert entries[3]["why"] == "y"
    assert entries[4]["path"] == "PLAN.md"
    only = as_json(ledger("show", "--kind", "decided", "--json"))
    assert [e["id"] for e in only["entries"]] == [d]


def test_show_text(ledger: Run) -> None:
    ok(ledger("task", "Ship it", "--next", "Test it"))
    q = ok(ledger("open", "Which region?", "--ask-user")).stdout.strip()
    d = ok(ledger("decide", "Use PKCE", "--over", "implicit", "--because", "safer",
                  "--scope", "auth")).stdout.strip()
    v = ok(ledger("verify", "It passes", "--by", "pytest -q")).stdout.strip()
    x = ok(ledger("drop", "localStorage", "--why", "XSS")).stdout.strip()
    p = ok(ledger("plan", "PLAN.md", "--note", "the plan")).stdout.strip()
    out = ok(ledger("show")).stdout
    lines = out.splitlines()
    assert "TASK  Ship it" in lines
    assert "NEXT  Test it" in lines
    for title in ("OPEN", "DECIDED", "VERIFIED", "DROPPED", "PLAN"):
        assert title in lines
    assert [lines.index(t) for t in ("OPEN", "DECIDED", "VERIFIED", "DROPPED", "PLAN")] == sorted(
        lines.index(t) for t in ("OPEN", "DECIDED", "VERIFIED", "DROPPED", "PLAN"))
    assert f"  {q}  Which region?  [ask user]" in lines
    assert f"  {d}  Use PKCE  [accepted, scope auth]" in lines
    assert "        over: implicit" in lines
    assert "        because: safer" in lines
    assert f"  {v}  It passes" in lines
    assert "        by: pytest -q" in lines
    assert "        at: no commit yet" in lines
    assert f"  {x}  localStorage" in lines
    assert "        why: XSS" in lines
    assert f"  {p}  PLAN.md" in lines
    assert "        note: the plan" in lines
    assert "5 entries" in lines[0]
    section = ok(ledger("show", "--kind", "dropped")).stdout
    assert x in section
    assert d not in section
    assert "TASK" not in section


def test_show_never_prints_escapes_from_a_hand_edited_blob(ledger: Run, repo: Path) -> None:
    ok(ledger("decide", "clean"))
    ref = ledger_ref(repo)
    assert "seq" in git(repo, "show", f"{ref}:state.toml")
    # smuggle an escape sequence into TASK with plumbing, as a fetched ledger could
    _replace_blob(repo, ref, "state.toml",
                  b'task = "\\u001b[2Jowned"\nnext = "n"\nseq = 1\n')
    out = ok(ledger("show")).stdout
    assert "\x1b" not in out
    assert "owned" in out


def _replace_blob(repo: Path, ref: str, path: str, data: bytes) -> None:
    """Commit on ``ref`` a tree where ``path`` holds ``data``, with git plumbing."""
    env = {**os.environ, "GIT_INDEX_FILE": str(repo / ".git" / "tmp-index")}

    def plumbing(*args: str, stdin: bytes | None = None) -> str:
        done = subprocess.run(["git", *args], cwd=repo, env=env, input=stdin,
                              capture_output=True, check=True)
        return done.stdout.decode().strip()

    blob = plumbing("hash-object", "-w", "--stdin", stdin=data)
    plumbing("read-tree", ref)
    plumbing("update-index", "--cacheinfo", f"100644,{blob},{path}")
    tree = plumbing("write-tree")
    (repo / ".git" / "tmp-index").unlink()
    commit = git(repo, "commit-tree", tree, "-p", ref, "-m", "hand edit").strip()
    git(repo, "update-ref", ref, commit)


def test_show_one_entry_with_history(ledger: Run) -> None:
    q = ok(ledger("open", "Which flow?")).stdout.strip()
    ok(ledger("edit", q, "Which OAuth flow?"))
    ok(ledger("resolve", q, "--as", "decided", "--text", "PKCE", "--because", "safer"))
    data = as_json(ledger("show", q[:5], "--json"))
    # a decision has a chain
    assert set(data) == {"id", "entry", "history", "chain", "merged_conflicts",
                         "provenance"}
    assert data["id"] == q
    assert data["entry"]["kind"] == "decided"
    assert data["entry"]["question"] == "Which OAuth flow?"
    events = data["history"]
    assert [e["event"] for e in events] == ["resolve", "edit", "add"]
    for event in events:
        assert set(event) == {"commit", "parents", "subject", "event", "entries", "author",
                              "time", "trailers"}
        assert event["entries"] == [q]
        assert event["author"] == "Ada Tester <ada@example.com>"
        assert event["time"] == "2026-11-30T12:00:00Z"
    assert events[0]["subject"].startswith(f"resolve {q} as decided")
    text = ok(ledger("show", q)).stdout
    assert text.startswith("DECIDED\n")
    assert "was OPEN: Which OAuth flow?" in text
    assert "history (newest first):" in text
    assert text.count(f"{q}:") == 2  # the add and the edit subjects name it
    assert f"resolve {q} as decided: PKCE" in text


def test_log(ledger: Run, repo: Path) -> None:
    assert ok(ledger("log")).stdout == "No ledger events yet.\n"
    assert as_json(ledger("log", "--json")) == {"ref": None, "events": []}
    ok(ledger("task", "t"))
    d = ok(ledger("decide", "d")).stdout.strip()
    data = as_json(ledger("log", "--json"))
    assert data["ref"] == ledger_ref(repo)
    assert [e["event"] for e in data["events"]] == ["add", "task", "start"]
    assert data["events"][0]["entries"] == [d]
    assert data["events"][0]["trailers"]["Ledger-Kind"] == ["decided"]
    assert data["events"][0]["parents"] == [data["events"][1]["commit"]]
    assert [e["commit"] for e in data["events"]] == git(
        repo, "rev-list", ledger_ref(repo)).split()
    text = ok(ledger("log")).stdout.splitlines()
    assert len(text) == 3
    assert text[0].endswith(f"decide {d}: d")
    assert "Ada Tester" in text[0]
    limited = as_json(ledger("log", "-n", "1", "--json"))
    assert len(limited["events"]) == 1
    assert len(ok(ledger("log", "--max-count", "2")).stdout.splitlines()) == 2


def test_list(ledger: Run, repo: Path) -> None:
    assert "No ledgers" in ok(ledger("list")).stdout
    assert as_json(ledger("list", "--json")) == {"ledgers": []}
    ok(ledger("task", "Session task"))
    ok(ledger("decide", "d"))
    ok(ledger("decide", "project wide", "--project"))
    data = as_json(ledger("list", "--json"))
    ledgers = data["ledgers"]
    assert [item["ref"] for item in ledgers] == [PROJECT_REF, ledger_ref(repo)]
    project, session = ledgers
    expected_keys = {"id", "ref", "kind", "current", "worktree", "task", "next", "entries",
                     "owner", "session_id", "last_change", "problem", "orphaned"}
    assert set(project) == expected_keys
    assert set(session) == expected_keys
    assert project["kind"] == "project"
    assert project["current"] is False
    assert project["entries"] == 1
    assert session["current"] is True
    assert session["task"] == "Session task"
    assert session["entries"] == 1
    assert session["worktree"] == str(repo.resolve())
    assert session["problem"] is None
    lines = ok(ledger("list")).stdout.splitlines()
    assert lines[0].startswith("  project  1 entry")
    assert lines[1].startswith("* ")
    assert "Session task" in lines[1]


def test_project_flag_on_reads_and_writes(ledger: Run, repo: Path) -> None:
    d = written(ledger("decide", "All services log JSON", "--project", "--json"), "decided")
    assert as_json(ledger("decide", "x", "--project", "--json"))["ref"] == PROJECT_REF
    written(ledger("verify", "CI green", "--by", "ci", "--project", "--json"), "verified")
    written(ledger("drop", "XML logs", "--why", "no", "--project", "--json"), "dropped")
    written(ledger("edit", d["id"], "All services log JSON lines", "--project", "--json"),
            "decided")
    shown = as_json(ledger("show", "--project", "--json"))
    assert shown["ledger"]["ref"] == PROJECT_REF
    assert shown["ledger"]["kind"] == "project"
    assert len(shown["entries"]) == 4
    assert as_json(ledger("show", "--ledger", "project", "--json")) == shown
    assert len(as_json(ledger("log", "--project", "--json"))["events"]) == 6
    # the session ledger was never created
    assert not (repo / ".git" / "ledger").exists()
    assert as_json(ledger("show", "--json"))["ledger"] is None


def test_show_and_log_another_ledger_by_name(runner: CliRunner, repo_with_commit: Path,
                                             tmp_path: Path) -> None:
    main = repo_with_commit
    linked = tmp_path / "linked"
    git(main, "worktree", "add", "-q", "-b", "other", str(linked))
    ok(runner.invoke(cli, ["-C", str(linked), "decide", "linked decision"]))
    linked_ref = (main / ".git" / "worktrees" / "linked" / "ledger").read_text().strip()
    ledger_id = linked_ref.removeprefix(SESSIONS_PREFIX)
    for name in (ledger_id, ledger_id[:3], linked_ref):
        data = json.loads(ok(runner.invoke(cli, ["-C", str(main), "show", "--ledger", name,
                                                 "--json"])).stdout)
        assert data["ledger"]["ref"] == linked_ref
        assert [e["text"] for e in data["entries"]] == ["linked decision"]
    logged = json.loads(ok(runner.invoke(cli, ["-C", str(main), "log", "--ledger", ledger_id,
                                               "--json"])).stdout)
    assert logged["ref"] == linked_ref
    # the main worktree's own ledger is still empty
    assert json.loads(ok(runner.invoke(cli, ["-C", str(main), "show", "--json"])).stdout)[
        "entries"] == []


def test_bare_git_ledger_shows_the_ledger(ledger: Run) -> None:
    empty = ok(ledger()).stdout
    assert "No ledger in this worktree yet" in empty
    ok(ledger("task", "Ship it"))
    d = ok(ledger("decide", "Use PKCE")).stdout.strip()
    out = ok(ledger()).stdout
    assert out == ok(ledger("show")).stdout
    assert "TASK  Ship it" in out
    assert d in out


def test_show_of_an_empty_worktree(ledger: Run, repo: Path) -> None:
    data = as_json(ledger("show", "--json"))
    assert data == {"ledger": None, "task": None, "next": None, "entries": [], "errors": []}
    assert git(repo, "for-each-ref", "refs/ledger/") == ""


def test_repo_option_in_either_place(runner: CliRunner, repo: Path) -> None:
    ok(runner.invoke(cli, ["-C", str(repo), "task", "via group -C"]))
    ok(runner.invoke(cli, ["--repo", str(repo), "next", "via group --repo"]))
    ok(runner.invoke(cli, ["decide", "via command -C", "-C", str(repo)]))
    ok(runner.invoke(cli, ["decide", "--repo", str(repo), "via command --repo"]))
    (repo / "deep" / "er").mkdir(parents=True)
    data = json.loads(ok(runner.invoke(cli, ["show", "--json", "-C",
                                             str(repo / "deep" / "er")])).stdout)
    assert data["task"] == "via group -C"
    assert data["next"] == "via group --repo"
    assert [e["text"] for e in data["entries"]] == ["via command -C", "via command --repo"]


def test_runs_in_the_current_directory_without_repo(runner: CliRunner, repo: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(repo)
    ok(runner.invoke(cli, ["decide", "here"]))
    assert ledger_ref(repo).startswith(SESSIONS_PREFIX)


def test_tour_no_keep_json(runner: CliRunner) -> None:
    data = json.loads(ok(runner.invoke(cli, ["tour", "--no-keep", "--json"])).stdout)
    assert set(data) == {"repository", "kept", "show", "transcript"}
    assert data["kept"] is False
    assert not Path(data["repository"]).exists()
    snapshot = data["show"]
    kinds = [e["kind"] for e in snapshot["entries"]]
    assert {"decided", "verified", "dropped", "plan"} <= set(kinds)
    assert "open" not in kinds  # the tour's question was resolved
    assert snapshot["task"]
    assert snapshot["next"]
    decided = [e for e in snapshot["entries"] if e["kind"] == "decided"]
    assert any(e["over"] for e in decided)
    assert any(e["question"] for e in decided)
    verified = [e for e in snapshot["entries"] if e["kind"] == "verified"]
    assert all(e["commit"] and len(e["commit"]) == 40 for e in verified)
    transcript = "\n".join(data["transcript"])
    assert "$ git ledger task" in transcript
    assert "$ git ledger show" in transcript


def test_tour_keeps_its_repository_by_default(runner: CliRunner, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = ok(runner.invoke(cli, ["tour", "--verbose"]))
    kept = sorted(p for p in tmp_path.iterdir() if p.name.startswith("gitledger-tour-"))
    # The repository, and beside it the team round's bare remote and teammate's clone.
    assert [p.name for p in kept] == [kept[0].name, kept[0].name + "-team"]
    assert sorted(p.name for p in kept[1].iterdir()) == ["remote.git", "sam"]
    assert str(kept[0]) in result.stdout
    assert "Try next:" in result.stdout
    # It ends with the command that shows it all in the browser, and that command works.
    assert result.stdout.rstrip().splitlines()[-1].strip() == (
        f"git ledger -C {kept[0]} serve --open")
    assert "search tokens" in result.stdout
    found = ok(runner.invoke(cli, ["-C", str(kept[0]), "search", "tokens"])).stdout
    assert not found.startswith("no entry matches")
    refs = git(kept[0], "for-each-ref", "--format=%(refname)", "refs/ledger/").split()
    # The archived task, the keep-alive chain that holds the implementing commit, and the
    # project ledger that got the durable half; the worktree's next ledger is not started.
    # Then the mirrors of what the remote holds after the team round.
    own = [r for r in refs if not r.startswith("refs/ledger/remotes/")]
    assert len(own) == 3
    assert own[0] == "refs/ledger/keep"
    assert own[1].startswith("refs/ledger/months/")  # this clone's chain of the month
    assert own[2] == "refs/ledger/project"
    mirrored = [r for r in refs if r.startswith("refs/ledger/remotes/origin/")]
    sams = [r for r in mirrored if r.startswith("refs/ledger/remotes/origin/sessions/")]
    assert len(sams) == 1  # the teammate's session ledger, read-only here
    assert sorted(set(mirrored) - set(sams)) == sorted(
        ["refs/ledger/remotes/origin/notes",
         *("refs/ledger/remotes/origin/" + r.removeprefix("refs/ledger/") for r in own)])
    # The teammate's decision arrived by the pull, and review names its author.
    assert "added by Sam Teammate" in result.stdout
    sam = git(kept[1] / "sam", "for-each-ref", "--format=%(refname)", "refs/ledger/project")
    assert git(kept[0], "merge-base", "--is-ancestor", sam.strip(), "refs/ledger/project") == ""
    chain = next(r for r in refs if r.startswith("refs/ledger/months/"))
    assert git(kept[0], "cat-file", "-t", chain).strip() == "commit"
    assert "ledger check: FAILED" in result.stdout  # the planted mistake is caught
    assert git(kept[0], "fsck", "--strict") == ""


# -- help, version, packaging --------------------------------------------------------------

COMMANDS = ["task", "next", "open", "decide", "verify", "drop", "plan", "resolve", "edit",
            "accept", "implement", "deploy", "reject", "evidence", "check",
            "show", "log", "list", "tour"]


def test_every_command_is_registered_and_has_help(runner: CliRunner) -> None:
    assert set(COMMANDS) <= set(cli.list_commands(None))  # type: ignore[arg-type]
    top = ok(runner.invoke(cli, ["--help"], prog_name="git ledger")).stdout
    for name in COMMANDS:
        assert name in top
        result = ok(runner.invoke(cli, [name, "--help"], prog_name="git ledger"))
        assert f"git ledger {name}" in result.stdout
        if name != "tour":
            assert "--json" in result.stdout
        if name != "tour":
            assert "--repo" in result.stdout


@pytest.mark.parametrize("name", ["task", "open", "decide", "verify", "drop", "plan",
                                  "resolve", "edit"])
def test_every_write_command_documents_next(runner: CliRunner, name: str) -> None:
    assert "--next" in ok(runner.invoke(cli, [name, "--help"])).stdout


def test_version(runner: CliRunner) -> None:
    version = ok(runner.invoke(cli, ["--version"])).stdout.strip()
    assert version == f"git-ledger, version {__version__}"


def test_as_a_git_subcommand_and_as_a_module(repo: Path, cli_env: dict[str, str]) -> None:
    done = subprocess.run(["git", "ledger", "decide", "via git", "--json"], cwd=repo,
                          env=cli_env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    entry_id = json.loads(done.stdout)["id"]
    done = subprocess.run([sys.executable, "-m", "gitledger", "-C", str(repo), "show",
                           "--json"], env=cli_env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert [e["id"] for e in json.loads(done.stdout)["entries"]] == [entry_id]
    done = subprocess.run(["git", "-C", str(repo), "ledger", "show", entry_id[:6]],
                          env=cli_env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert entry_id in done.stdout


def test_list_names_the_work_tree_of_a_separate_git_dir(runner: CliRunner, tmp_path: Path
                                                        ) -> None:
    work = tmp_path / "work"
    git(tmp_path, "init", "-q", "--separate-git-dir", str(tmp_path / "elsewhere.git"),
        str(work))
    ok(runner.invoke(cli, ["-C", str(work), "task", "t"]))
    (listed,) = json.loads(ok(runner.invoke(cli, ["-C", str(work), "list", "--json"]))
                           .stdout)["ledgers"]
    assert listed["worktree"] == str(work.resolve())
    assert listed["current"] is True


# -- --next on a write to the project ledger (issue 18) --------------------------------------


def test_next_on_a_project_write_sets_this_worktrees_next(ledger: Run,
                                                          repo_with_commit: Path) -> None:
    ok(ledger("task", "Ship PKCE"))
    written = json.loads(ok(ledger("decide", "Use PKCE", "--project", "--proposed",
                                   "--next", "Write the callback", "--json")).stdout)
    session = ok(ledger("show", "--json")).stdout
    assert json.loads(session)["next"] == "Write the callback"
    assert json.loads(ok(ledger("show", "--project", "--json")).stdout)["next"] is None
    assert written["ref"] == "refs/ledger/project"
    assert written["next"] == "Write the callback"
    assert written["task"] == "Ship PKCE"
    assert written["focus_ref"] == json.loads(session)["ledger"]["ref"]
    assert "Write the callback" in ok(ledger("restore")).stdout
    # A status command on a project decision found without --project does the same.
    ok(ledger("accept", written["id"], "--next", "Test the callback"))
    assert json.loads(ok(ledger("show", "--json")).stdout)["next"] == "Test the callback"
    ok(ledger("edit", written["id"], "--project", "--because", "no secret",
              "--next", "Ship it"))
    assert json.loads(ok(ledger("show", "--json")).stdout)["next"] == "Ship it"
    # The project ledger's history holds the decision's events, never a NEXT.
    project_log = json.loads(ok(ledger("log", "--project", "--json")).stdout)["events"]
    assert all("Ledger-Next" not in e["trailers"] for e in project_log)


def test_next_on_a_project_write_without_a_session_ledger_starts_one(
        ledger: Run, repo_with_commit: Path) -> None:
    ok(ledger("drop", "Poll", "--why", "rate limits", "--project", "--next", "Use webhooks"))
    assert json.loads(ok(ledger("show", "--json")).stdout)["next"] == "Use webhooks"


def test_a_bad_next_on_a_project_write_writes_nothing(ledger: Run,
                                                      repo_with_commit: Path) -> None:
    ok(ledger("task", "Ship PKCE"))
    before = git(repo_with_commit, "for-each-ref", "refs/ledger/")
    done = ledger("decide", "Use PKCE", "--project", "--next", "bad\x1b[31m")
    assert done.exit_code == 1
    assert len(done.stderr.strip().splitlines()) == 1
    assert git(repo_with_commit, "for-each-ref", "refs/ledger/") == before
