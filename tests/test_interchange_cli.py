"""The interchange commands through the CLI: export, import, transcript (issue 8).

The formats themselves are tested with their modules (test_export, test_seedformats,
test_transcripts, test_atif); this checks the wiring a user meets: stdout or -o, the
usage errors, one line on stderr for a refusal, and the round trips end to end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger.core.ids import new_id
from gitledger.interchange.atif import validate
from tests.builders import entry_files, make_entry, put, store_at
from tests.conftest import Run, git

TRANSCRIPT = "\n".join(json.dumps(record) for record in (
    {"type": "user", "sessionId": "sess-42", "uuid": "u1", "timestamp": "2026-11-30T10:00:00Z",
     "message": {"role": "user", "content": "list the files; my token is "
                 "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}},
    {"type": "assistant", "sessionId": "sess-42", "uuid": "a1",
     "timestamp": "2026-11-30T10:00:01Z",
     "message": {"id": "m1", "role": "assistant", "model": "claude-x", "content": [
         {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "ls"}}]}},
    {"type": "user", "sessionId": "sess-42", "uuid": "u2", "timestamp": "2026-11-30T10:00:02Z",
     "message": {"role": "user", "content": [
         {"type": "tool_result", "tool_use_id": "t1", "content": "a.txt"}]}},
    {"type": "assistant", "sessionId": "sess-42", "uuid": "a2",
     "timestamp": "2026-11-30T10:00:03Z",
     "message": {"id": "m2", "role": "assistant", "model": "claude-x",
                 "content": [{"type": "text", "text": "one file"}]}},
)) + "\n"


@pytest.fixture
def runner_repo(runner: CliRunner, tmp_path: Path) -> Run:
    """A second, empty repository: where an export is imported."""
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    return Run(runner, other)


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.output, result.stderr)
    return result


def refused(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def ledger_refs(repo: Path) -> str:
    return git(repo, "for-each-ref", "refs/ledger/", "refs/notes/")


def a_ledger(ledger: Run) -> tuple[str, str]:
    ok(ledger("task", "Ship the cache"))
    first = ok(ledger("decide", "Use an LRU cache", "--over", "memoize forever",
                      "--because", "bounded memory", "--scope", "cache")).stdout.strip()
    second = ok(ledger("decide", "Use a TTL cache", "--supersedes", first,
                       "--scope", "cache")).stdout.strip()
    ok(ledger("verify", "The cache holds 1000 items", "--by", "pytest -k cache"))
    return first, second


def test_export_md_goes_to_stdout_and_strikes_the_superseded(ledger: Run) -> None:
    first, second = a_ledger(ledger)
    page = ok(ledger("export", "--format", "md")).stdout
    assert "~~Use an LRU cache~~" in page
    assert f"[{second}](#{second})" in page
    node = {first: first.replace("-", "_"), second: second.replace("-", "_")}
    assert f"{node[first]} --> {node[second]}" in page
    assert "```mermaid" in page
    assert page.endswith("\n")


def test_export_json_is_the_documented_document(ledger: Run) -> None:
    a_ledger(ledger)
    data = json.loads(ok(ledger("export", "--format", "json")).stdout)
    assert data["format"] == "gitledger-export"
    assert len(data["entries"]) == 3
    assert data["history"]


def test_export_to_a_file_refuses_to_overwrite_without_force(ledger: Run,
                                                            tmp_path: Path) -> None:
    a_ledger(ledger)
    target = tmp_path / "page.md"
    done = ok(ledger("export", "--format", "md", "-o", str(target)))
    assert done.stdout == ""
    first = target.read_text(encoding="utf-8")
    assert "Ship the cache" in first
    line = refused(ledger("export", "--format", "md", "-o", str(target)))
    assert "--force" in line
    ok(ledger("task", "Ship the cache, take two"))
    ok(ledger("export", "--format", "md", "-o", str(target), "--force"))
    assert "take two" in target.read_text(encoding="utf-8")


def test_force_without_a_file_and_session_where_it_has_no_place_are_errors(ledger: Run) -> None:
    a_ledger(ledger)
    assert "--force" in refused(ledger("export", "--format", "md", "--force"), 2)
    assert refused(ledger("export", "--format", "json", "--session", "x")) == (
        "git ledger: --session goes with --format md or atif only")
    assert "no saved transcript for 'x'" in refused(
        ledger("export", "--format", "md", "--session", "x"))
    assert "--session" in refused(ledger("export", "--format", "atif"))
    assert "neither --project nor --ledger" in refused(
        ledger("export", "--format", "md", "--session", "x", "--project"))


def test_jsonl_round_trip_through_the_cli(ledger: Run, runner_repo: Run,
                                          tmp_path: Path) -> None:
    a_ledger(ledger)
    exported = ok(ledger("export", "--format", "jsonl")).stdout
    path = tmp_path / "ledger.jsonl"
    path.write_text(exported, encoding="utf-8")

    dry = json.loads(ok(runner_repo("import", str(path), "--dry-run", "--json")).stdout)
    assert dry["dry_run"] is True
    assert ledger_refs(runner_repo.where) == ""
    ok(runner_repo("import", str(path)))
    assert ok(runner_repo("export", "--format", "jsonl")).stdout == exported
    again = json.loads(ok(runner_repo("import", str(path), "--json")).stdout)
    assert again["written"] == []


def test_import_of_an_invalid_file_writes_nothing(ledger: Run, tmp_path: Path) -> None:
    a_ledger(ledger)
    before = ledger_refs(ledger.where)
    path = tmp_path / "ledger.jsonl"
    path.write_text('{"id": "D-1", "status": "done", "decision": "x"}\nnot json\n',
                    encoding="utf-8")
    line = refused(ledger("import", str(path)))
    assert "line 1" in line
    assert "line 2" in line
    assert ledger_refs(ledger.where) == before


def test_transcript_save_list_show_and_atif(ledger: Run, tmp_path: Path) -> None:
    source = tmp_path / "sess-42.jsonl"
    source.write_text(TRANSCRIPT, encoding="utf-8")
    saved = json.loads(ok(ledger("transcript", "save", "--from", str(source),
                                 "--json")).stdout)
    assert saved["redactions"] == 1
    assert saved["unchanged"] is False
    again = json.loads(ok(ledger("transcript", "save", "--from", str(source),
                                 "--json")).stdout)
    assert again["unchanged"] is True
    listed = json.loads(ok(ledger("transcript", "list", "--json")).stdout)
    assert [t["session_id"] for t in listed["transcripts"]] == ["sess-42"]
    shown = ok(ledger("transcript", "show", "sess")).stdout
    assert "ghp_" not in shown
    assert shown == TRANSCRIPT.replace("ghp_abcdefghijklmnopqrstuvwxyz0123456789",
                                       "[REDACTED]")

    trajectory = json.loads(ok(ledger("export", "--format", "atif", "--session",
                                      "sess")).stdout)
    assert validate(trajectory) == []
    assert trajectory["session_id"] == "sess-42"
    # A transcript is not a ledger: list and the push set leave it alone.
    assert "transcripts" not in ok(ledger("list")).stdout


def test_unknown_transcript_is_one_line(ledger: Run) -> None:
    assert "nope" in refused(ledger("export", "--format", "atif", "--session", "nope"))
    refused(ledger("transcript", "show", "nope"))


# -- an imported file's own ids (issue 18) ---------------------------------------------------

#: Two decisions in the second seed's form, with the seed's own ids.
FOREIGN = (
    '{"id":"DEC-2026-001","scope":"auth","status":"proposed","decision":"Use PKCE",'
    '"rejected":[],"reason":"stops code interception","evidence":[],"supersedes":[],'
    '"deployed_at":null}\n'
    '{"id":"DEC-2026-002","scope":"billing","status":"accepted","decision":"Invoices in UTC",'
    '"rejected":[],"reason":"one clock","evidence":[],"supersedes":[],"deployed_at":null}\n'
)


def imported(ledger: Run, tmp_path: Path, *flags: str) -> dict[str, str]:
    """Import FOREIGN; its source ids → the entry ids they became."""
    path = tmp_path / "ledger.jsonl"
    path.write_text(FOREIGN, encoding="utf-8")
    data = json.loads(ok(ledger("import", str(path), "--json", *flags)).stdout)
    return {item["source_id"]: item["id"] for item in data["written"]}


@pytest.mark.parametrize("where", [(), ("--project",)])
def test_an_imported_files_ids_name_its_entries(ledger: Run, tmp_path: Path,
                                               where: tuple[str, ...]) -> None:
    git(ledger.where, "commit", "-q", "--allow-empty", "-m", "base")
    ids = imported(ledger, tmp_path, *where)
    shown = json.loads(ok(ledger("show", "DEC-2026-001", "--json")).stdout)
    assert shown["id"] == ids["DEC-2026-001"]
    assert shown["entry"]["source_id"] == "DEC-2026-001"
    assert "DEC-2026-001" in ok(ledger("show", "DEC-2026-001")).stdout
    # Every status command, and edit, takes the file's id (without --project too).
    ok(ledger("accept", "DEC-2026-001"))
    ok(ledger("implement", "DEC-2026-001"))
    ok(ledger("edit", "DEC-2026-002", "--because", "one clock for every region", *where))
    ok(ledger("reject", "dec-2026-002", "--why", "customers want their zone"))
    snapshot = json.loads(ok(ledger("show", "--json", *where)).stdout)
    by_source = {e["source_id"]: e for e in snapshot["entries"]}
    assert by_source["DEC-2026-001"]["status"] == "implemented"
    assert by_source["DEC-2026-002"]["status"] == "rejected"
    assert by_source["DEC-2026-002"]["because"] == "one clock for every region"
    # A decision made here has no source id.
    own = ok(ledger("decide", "Cache JWKS", *where)).stdout.strip()
    assert json.loads(ok(ledger("show", own, "--json")).stdout)["entry"]["source_id"] is None
    # And a new decision can supersede one by its file id.
    new = ok(ledger("decide", "Use PKCE with S256", "--supersedes", "DEC-2026-001",
                    *where)).stdout.strip()
    assert json.loads(ok(ledger("show", new, "--json")).stdout)["entry"]["supersedes"] == \
        ids["DEC-2026-001"]


def test_unknown_and_ambiguous_file_ids_are_one_line(ledger: Run, tmp_path: Path) -> None:
    imported(ledger, tmp_path)
    imported(ledger, tmp_path, "--project")  # the same file ids, in another ledger
    before = ledger_refs(ledger.where)
    line = refused(ledger("show", "DEC-2026-999"))
    assert "DEC-2026-999" in line
    assert "no entry" in line
    assert "source id" in line
    assert "DEC-2026-999" in refused(ledger("accept", "DEC-2026-999"))
    assert ledger_refs(ledger.where) == before
    # The session's own copy is found first; with --project, the project's.
    session = json.loads(ok(ledger("show", "DEC-2026-001", "--json")).stdout)
    project = json.loads(ok(ledger("show", "DEC-2026-001", "--project", "--json")).stdout)
    assert session["id"] != project["id"]
    # Two entries of one ledger with one file id (written by hand): ambiguous, one line.
    store = store_at(ledger.where)
    ref = store.worktree_ref()
    assert ref is not None
    twin = make_entry(new_id("decided"), text="Use PKCE, again", seq=9,
                      extra={"source_id": "DEC-2026-001"})
    put(store, ref, entry_files(twin))
    line = refused(ledger("show", "DEC-2026-001"))
    assert "ambiguous" in line
    assert session["id"] in line
    assert twin.id in line
    assert "ambiguous" in refused(ledger("reject", "DEC-2026-001", "--why", "twice"))
