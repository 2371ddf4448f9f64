"""A saved session exported as one Markdown document and as ATIF v1.8, from transcripts
recorded from the real clients (tests/interchange/transcripts/, written by
tests/agents/test_session_export.py with GITLEDGER_RECORD_TRANSCRIPTS=1).

Each recorded session is one turn: the user asks for a greeting; the agent records a
decision through its shell tool (``git ledger decide``), writes ``hello.txt`` through its
file tool (Codex: ``apply_patch`` in the shell), and says it is done.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from gitledger.errors import InvalidInput
from gitledger.interchange.atif import SCHEMA_VERSION, validate
from gitledger.interchange.dialects import dialect_of, read_transcript
from gitledger.interchange.gemini_transcript import from_gemini_transcript
from gitledger.interchange.session_document import session_markdown
from tests.conftest import Run

RECORDED = Path(__file__).parent / "transcripts"
CLIENTS = {"claude": ("claude.jsonl", "claude-code"), "codex": ("codex.jsonl", "codex"),
           "gemini": ("gemini.jsonl", "gemini-cli"), "droid": ("droid.jsonl", "factory-droid"),
           "copilot": ("copilot.jsonl", "copilot-cli"), "cline": ("cline.json", "cline-cli"),
           "opencode": ("opencode.json", "opencode"), "kilo": ("kilo.json", "kilo")}


#: The prompt of every recorded session, as each client kept it: ``opencode run`` (and
#: Kilo's) quotes a message argument holding a space before it sends it to the model.
PROMPT = "write the greeting and record why"


def prompt(client: str) -> str:
    return f'"{PROMPT}"' if client in ("opencode", "kilo") else PROMPT


def recorded(client: str) -> bytes:
    return (RECORDED / CLIENTS[client][0]).read_bytes()


def saved(ledger: Run, tmp_path: Path, data: bytes, name: str = "t.jsonl") -> str:
    """Save ``data`` as a transcript; its session id."""
    source = tmp_path / name
    source.write_bytes(data)
    result = ledger("transcript", "save", "--from", str(source))
    assert result.exit_code == 0, result.stderr
    return result.stdout.rsplit("/", 1)[-1].strip()


def export(ledger: Run, fmt: str, session: str) -> Any:
    result = ledger("export", "--format", fmt, "--session", session)
    assert result.exit_code == 0, result.stderr
    return result


@pytest.mark.parametrize("client", CLIENTS)
def test_each_clients_transcript_is_recognised_and_read(client: str) -> None:
    reading = read_transcript(recorded(client))
    doc = reading.trajectory
    assert dialect_of(recorded(client)).name == client == reading.dialect
    assert reading.unreadable == ()
    assert validate(doc) == []
    assert doc["schema_version"] == SCHEMA_VERSION == "ATIF-v1.8"
    assert doc["agent"]["name"] == CLIENTS[client][1]
    users = [s for s in doc["steps"] if s["source"] == "user"]
    assert [u["message"].rsplit("\n", 1)[-1] for u in users] == [prompt(client)]
    calls = [c for s in doc["steps"] for c in s.get("tool_calls", ())]
    assert len(calls) == 2
    results = {r["source_call_id"]: r["content"] for s in doc["steps"]
               for r in s.get("observation", {}).get("results", ()) if "source_call_id" in r}
    assert set(results) == {c["tool_call_id"] for c in calls}  # every call has its output
    assert "d-" in results[calls[0]["tool_call_id"]]            # the decision's new id
    last = [s for s in doc["steps"] if s["source"] == "agent"][-1]
    assert last["message"] == "Done: hello.txt is written and the decision recorded."
    assert doc["final_metrics"]["total_steps"] == len(doc["steps"])


@pytest.mark.parametrize("client", CLIENTS)
def test_the_markdown_document_of_each_client(client: str) -> None:
    document = session_markdown(read_transcript(recorded(client)))
    head, _, body = document.removeprefix("---\n").partition("\n---\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines())
    assert fields["agent"] == client
    assert fields["turns"] == "1"
    assert {"session_id", "started", "ended", "model"} <= set(fields)
    assert datetime.fromisoformat(fields["started"]) <= datetime.fromisoformat(fields["ended"])
    assert body.count("\n## Turn ") == 1
    assert f"```text\n{prompt(client)}\n```" in body
    assert "git ledger decide 'greet in English'" in body
    assert "Done: hello.txt is written" in body
    summary = body.split("\n## Summary\n", 1)[1]
    assert summary.splitlines()[3].startswith("| 1 | ")
    assert "| 2 | `hello.txt` | — |" in summary  # two calls; the file, relative to the cwd


@pytest.mark.parametrize("client", CLIENTS)
def test_export_links_the_entries_written_during_the_turn(ledger: Run, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         client: str) -> None:
    reading = read_transcript(recorded(client))
    session = reading.trajectory["session_id"]
    agent_time = next(s["timestamp"] for s in reading.trajectory["steps"]
                      if s["source"] == "agent")
    ledger("task", "greet the users")  # before the session, by no session: not linked
    monkeypatch.setenv("GIT_LEDGER_SESSION_ID", session)
    monkeypatch.setenv("GIT_COMMITTER_DATE", agent_time)
    monkeypatch.setenv("GIT_AUTHOR_DATE", agent_time)
    decided = ledger("decide", "greet in English", "--over", "French", "--because", "users")
    monkeypatch.setenv("GIT_LEDGER_SESSION_ID", "another-session")
    ledger("verify", "hello.txt exists", "--by", "test -f hello.txt")  # not this session's
    entry = decided.stdout.strip()
    monkeypatch.delenv("GIT_LEDGER_SESSION_ID")
    assert saved(ledger, tmp_path, recorded(client)) == session
    document = export(ledger, "md", session[:8]).stdout
    assert f"`{entry}` (decided)" in document.split("## Summary", 1)[1]
    assert document.count("(verified)") == 0
    assert f"**Written to the ledger:** `{entry}` (decided, commit `" in document
    ledger_name = ledger("show", "--json")
    assert f"ledger: {json.loads(ledger_name.stdout)['ledger']['id']}" in document


@pytest.mark.parametrize("client", CLIENTS)
def test_atif_export_of_each_client_through_the_cli(ledger: Run, tmp_path: Path,
                                                    client: str) -> None:
    session = saved(ledger, tmp_path, recorded(client))
    trajectory = json.loads(export(ledger, "atif", session[:6]).stdout)
    assert validate(trajectory) == []
    assert trajectory["session_id"] == session  # the full id, from a prefix
    assert trajectory == read_transcript(recorded(client), session).trajectory


def test_malformed_lines_are_kept_as_far_as_they_parse_and_named_once(
        ledger: Run, tmp_path: Path) -> None:
    lines = recorded("codex").splitlines(keepends=True)
    broken = b"".join([*lines[:4], b"{not json\n", *lines[4:9], b"[1]\n", *lines[9:]])
    session = saved(ledger, tmp_path, broken)
    for fmt in ("md", "atif"):
        result = export(ledger, fmt, session)
        assert result.stderr == ("git ledger: warning: 2 transcript lines could not be read "
                                 "and were left out: line 5: not valid JSON (Expecting "
                                 "property name "
                                 "enclosed in double quotes at column 2); line 11: not a "
                                 "JSON object\n")
    assert "write the greeting and record why" in export(ledger, "md", session).stdout


def test_an_unknown_agents_transcript_is_refused_in_one_line(ledger: Run,
                                                             tmp_path: Path) -> None:
    session = saved(ledger, tmp_path, b'{"role": "user", "text": "hi"}\n{"x": 1}\n')
    for fmt in ("md", "atif"):
        result = ledger("export", "--format", fmt, "--session", session)
        assert result.exit_code == 1
        assert result.stderr == ("git ledger: the transcript is not one gitledger can read: "
                                 "not a transcript of Codex CLI, Cline CLI, Gemini CLI, "
                                 "Claude Code, Pi, Factory Droid, OpenCode, Kilo, GitHub "
                                 "Copilot CLI, nor an ATIF trajectory\n")
        assert result.stdout == ""


def test_an_ambiguous_or_unknown_session_lists_the_candidates(ledger: Run,
                                                              tmp_path: Path) -> None:
    for sid in ("abc-1", "abc-2"):
        record = {"type": "user", "sessionId": sid, "message": {"content": "hi"}}
        saved(ledger, tmp_path, json.dumps(record).encode() + b"\n", f"{sid}.jsonl")
    result = ledger("export", "--format", "md", "--session", "abc")
    assert result.exit_code == 1
    assert result.stderr == ("git ledger: 'abc' matches 2 saved transcripts (abc-1, abc-2); "
                             "give more of the session id\n")
    for unknown in ("zzz", "///"):  # the second can name no transcript at all
        result = ledger("export", "--format", "md", "--session", unknown)
        assert result.exit_code == 1
        assert result.stderr == (f"git ledger: no saved transcript for '{unknown}' (the "
                                 "saved ones: abc-1, abc-2)\n")
    for sid in (f"b-{n}" for n in range(6)):
        record = {"type": "user", "sessionId": sid, "message": {"content": "hi"}}
        saved(ledger, tmp_path, json.dumps(record).encode() + b"\n", f"{sid}.jsonl")
    assert ledger("export", "--format", "md", "--session", "zzz").stderr == (
        "git ledger: no saved transcript for 'zzz' (the saved ones: abc-1, abc-2, b-0, b-1, "
        "b-2 and 3 more; git ledger transcript list shows them)\n")


def test_an_unknown_session_where_none_is_saved_says_so(ledger: Run) -> None:
    result = ledger("export", "--format", "atif", "--session", "zzz")
    assert result.exit_code == 1
    assert result.stderr == ("git ledger: no saved transcript for 'zzz': none is saved yet "
                             "(git ledger transcript save --from FILE saves one)\n")


def claude(*records: dict[str, Any]) -> bytes:
    base = {"sessionId": "s-1", "timestamp": "2026-12-01T10:00:00Z"}
    return b"".join(json.dumps({**base, **r}).encode() + b"\n" for r in records)


def test_long_outputs_are_folded_never_cut_and_every_text_is_fenced() -> None:
    output = "\n".join(f"line {n}" for n in range(100)) + "\n```\n<script>alert(1)</script>"
    data = claude(
        {"type": "user", "uuid": "u1", "message": {"content": "show ```` me <b>x</b>"}},
        {"type": "assistant", "uuid": "a1", "message": {"id": "m1", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "cat f"}}]}},
        {"type": "user", "uuid": "u2", "message": {"content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": output}]}})
    document = session_markdown(read_transcript(data))
    assert "<details><summary>Result: 102 lines, " in document
    assert "line 99" in document
    assert "<script>alert(1)</script>" in document
    assert "`````text\nshow ```` me <b>x</b>\n`````" in document  # a longer fence
    fenced = document.split("<details><summary>Result: ", 1)[1]
    assert fenced.split("\n", 2)[2].startswith("````text\nline 0")


def test_a_failed_call_is_shown_as_an_error() -> None:
    data = claude(
        {"type": "user", "uuid": "u1", "message": {"content": "go"}},
        {"type": "assistant", "uuid": "a1", "message": {"id": "m1", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "false"}}]}},
        {"type": "user", "uuid": "u2", "message": {"content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "exit 1",
             "is_error": True}]}})
    assert "Result (an error):" in session_markdown(read_transcript(data))


def test_gemini_hook_context_is_folded_apart_from_the_users_words() -> None:
    document = session_markdown(read_transcript(recorded("gemini")))
    user = document.split("### User", 1)[1]
    assert user.index("<details><summary>Context a hook added</summary>") < user.index(
        "```text\nwrite the greeting and record why\n```")


def test_gemini_whole_chat_file_reads_like_its_log(tmp_path: Path) -> None:
    """Gemini CLI before its JSON-lines log kept a chat as one object: the same session."""
    log = from_gemini_transcript(recorded("gemini")).trajectory
    messages: dict[str, dict[str, Any]] = {}
    header: dict[str, Any] = {}
    for line in recorded("gemini").splitlines():
        record = json.loads(line)
        if "$set" in record:
            header.update({k: v for k, v in record["$set"].items() if k != "messages"})
            for message in record["$set"].get("messages", ()):
                messages[message["id"]] = message
        elif "id" in record:
            messages[record["id"]] = record
        else:
            header.update(record)
    whole = json.dumps({**header, "messages": list(messages.values())}).encode()
    assert dialect_of(whole).name == "gemini"
    assert read_transcript(whole).trajectory["steps"] == log["steps"]


def test_a_saved_atif_trajectory_of_any_version_is_read_and_written_as_v1_8(
        ledger: Run, tmp_path: Path) -> None:
    trajectory = read_transcript(recorded("claude")).trajectory
    old = {**trajectory, "schema_version": "ATIF-v1.2"}
    session = saved(ledger, tmp_path, json.dumps(old, indent=2).encode(), "t.json")
    again = json.loads(export(ledger, "atif", session).stdout)
    assert again == {**trajectory, "schema_version": "ATIF-v1.8"}
    assert "write the greeting" in export(ledger, "md", session).stdout
    broken = {**trajectory, "steps": []}
    bad = saved(ledger, tmp_path, json.dumps({**broken, "session_id": "b"}).encode(), "b.json")
    result = ledger("export", "--format", "atif", "--session", bad)
    assert result.exit_code == 1
    assert result.stderr == ("git ledger: the saved ATIF trajectory is not valid: steps: must "
                             "hold at least one step\n")


def test_audio_content_is_ATIF_v1_8s() -> None:
    doc = read_transcript(recorded("claude")).trajectory
    doc["steps"][0]["message"] = [{"type": "audio", "source": {
        "media_type": "audio/wav", "path": "a.wav", "duration_sec": 1.5}}]
    assert validate(doc) == []
    assert validate({**doc, "schema_version": "ATIF-v1.7"}) == [
        "steps[0].message[0]: a content part is an object of type text, image (audio is "
        "ATIF-v1.8's)"]
    doc["steps"][0]["message"][0]["source"]["media_type"] = "image/png"
    assert validate(doc) == ["steps[0].message[0].source.media_type: 'image/png' is not an "
                             "audio type"]


def test_export_refuses_paths_inside_git_and_symlinks(ledger: Run, tmp_path: Path,
                                                      repo: Path) -> None:
    session = saved(ledger, tmp_path, recorded("gemini"))
    inside = ledger("export", "--format", "md", "--session", session, "-o",
                    str(repo / ".git" / "session.md"))
    assert inside.exit_code == 1
    assert ".git" in inside.stderr
    (tmp_path / "real.md").write_text("keep\n")
    (repo / "link.md").symlink_to(tmp_path / "real.md")
    linked = ledger("export", "--format", "md", "--session", session, "-o",
                    str(repo / "link.md"), "--force")
    assert linked.exit_code == 1
    assert (tmp_path / "real.md").read_text() == "keep\n"
    written = ledger("export", "--format", "md", "--session", session, "-o",
                     str(repo / "session.md"))
    assert written.exit_code == 0
    assert (repo / "session.md").read_text().startswith("---\nsession_id: ")


def test_a_pipe_in_a_file_name_does_not_break_the_summary_table() -> None:
    data = claude(
        {"type": "user", "uuid": "u1", "message": {"content": "go"}},
        {"type": "assistant", "uuid": "a1", "message": {"id": "m1", "content": [
            {"type": "tool_use", "id": "t1", "name": "Write",
             "input": {"file_path": "a|b\nc.txt", "content": "x"}}]}})
    row = session_markdown(read_transcript(data)).rstrip("\n").rsplit("\n", 1)[1]
    assert row.endswith("| 1 | `a\\|b c.txt` | — |")
    assert row.count("|") - row.count("\\|") == 6


def test_numbers_json_does_not_have_make_a_line_malformed(ledger: Run, tmp_path: Path) -> None:
    """NaN, Infinity, a number past a float's range and an integer too long to convert are
    each one malformed line: left out and counted, never taken into the trajectory (it
    would not serialise) and never a crash."""
    good = claude({"type": "user", "uuid": "u1", "message": {"content": "go"}})
    bad = [b'{"type": "assistant", "sessionId": "s-1", "uuid": "a%d", "message": {"id": '
           b'"m%d", "content": [{"type": "tool_use", "id": "t%d", "name": "Bash", "input": '
           b'{"n": %s}}]}}\n' % (n, n, n, value)
           for n, value in enumerate((b"NaN", b"-Infinity", b"1e999", b"1" * 5000))]
    session = saved(ledger, tmp_path, good + b"".join(bad))
    result = export(ledger, "atif", session)
    assert result.stderr == (
        "git ledger: warning: 4 transcript lines could not be read and were left out: "
        "line 2: not valid JSON (NaN is not a JSON number); line 3: not valid JSON "
        "(-Infinity is not a JSON number); line 4: not valid JSON (1e999 is too large for "
        "a number) (and 1 more)\n")
    trajectory = json.loads(result.stdout)
    assert [s["source"] for s in trajectory["steps"]] == ["user"]
    assert "line 5: not valid JSON (a number too long to read)" in read_transcript(
        good + b"".join(bad)).unreadable


def codex(*items: dict[str, Any]) -> bytes:
    """A Codex rollout: its session_meta, then a response_item for each of ``items``."""
    records = [{"type": "session_meta", "payload": {"id": "c-1", "cwd": "/w"}},
               *({"type": "response_item", "payload": item} for item in items)]
    return b"".join(json.dumps({"timestamp": "2026-12-01T10:00:00Z", **r}).encode() + b"\n"
                    for r in records)


def test_codex_arguments_nested_too_deep_are_kept_as_the_string() -> None:
    """A call's arguments are a JSON string inside the line: read with the same bound as
    a line, so one nested past it (or past the interpreter's limit) is kept as written."""
    deep = '{"a": ' + "[" * 500 + "]" * 500 + "}"
    deeper = "[" * 100_000 + "]" * 100_000
    data = codex({"type": "message", "role": "user", "content": "go"},
                 *({"type": "function_call", "call_id": f"c{n}", "name": "exec_command",
                    "arguments": raw} for n, raw in enumerate((deep, deeper, '{"x": NaN}'))))
    reading = read_transcript(data)
    calls = [c for s in reading.trajectory["steps"] for c in s.get("tool_calls", ())]
    assert [c["arguments"] for c in calls] == [{"input": deep}, {"input": deeper},
                                               {"input": '{"x": NaN}'}]
    assert validate(reading.trajectory) == []


def gemini(*messages: dict[str, Any]) -> bytes:
    """A Gemini CLI chat log: its header line, then a line per message."""
    header = {"sessionId": "g-1", "projectHash": hashlib.sha256(b"/p").hexdigest(),
              "startTime": "2026-12-01T10:00:00Z"}
    return b"".join(json.dumps(r).encode() + b"\n" for r in (header, *messages))


@pytest.mark.parametrize("odd", [5, True, 2.5])
def test_gemini_values_that_are_not_lists_are_skipped(odd: Any) -> None:
    """toolCalls, thoughts and a call's result that are not lists are read as none (a
    string or an object, which iterate, are skipped the same way)."""
    data = gemini(
        {"id": "u", "type": "user", "timestamp": "2026-12-01T10:00:01Z", "content": "go"},
        {"id": "g", "type": "gemini", "timestamp": "2026-12-01T10:00:02Z", "content": "ok",
         "thoughts": odd, "toolCalls": odd},
        {"id": "h", "type": "gemini", "timestamp": "2026-12-01T10:00:03Z", "content": "",
         "toolCalls": [{"id": "t", "name": "run_shell_command", "args": {"command": "ls"},
                        "result": odd, "resultDisplay": "a.txt"}]})
    steps = read_transcript(data).trajectory["steps"]
    assert [s["source"] for s in steps] == ["user", "agent", "agent"]
    assert "tool_calls" not in steps[1]
    assert "reasoning_content" not in steps[1]
    assert steps[2]["observation"]["results"] == [{"source_call_id": "t",
                                                   "content": "a.txt"}]
    assert "## Turn 1" in session_markdown(read_transcript(data))


def test_gemini_project_root_is_looked_for_in_paths_of_a_sane_length() -> None:
    """Each directory of a path argument is hashed to find the root: a path longer than
    PATH_MAX is not looked into (a hostile one would cost the square of its length)."""
    def chat(path: str) -> bytes:
        return gemini(
            {"id": "u", "type": "user", "content": "go"},
            {"id": "g", "type": "gemini", "content": "", "toolCalls": [
                {"id": "t", "name": "write_file", "args": {"file_path": path}}]})

    assert read_transcript(chat("/p/a.txt")).trajectory["extra"]["cwd"] == "/p"
    long = "/p/" + "d/" * 2100 + "a.txt"
    assert "cwd" not in read_transcript(chat(long)).trajectory["extra"]


@pytest.mark.parametrize("edge", ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z",
                                  "0001-01-01T00:00:00+05:00", "9999-12-31T23:00:00-05:00"])
def test_a_time_at_the_edge_of_the_calendar_is_unknown(ledger: Run, tmp_path: Path,
                                                       edge: str) -> None:
    """A timestamp a datetime can hold only just (the slack around the session, or its
    offset, would overflow) is an unknown time: the export goes on without it."""
    data = claude({"type": "user", "uuid": "u1", "message": {"content": "go"}},
                  {"type": "user", "uuid": "u2", "timestamp": edge,
                   "message": {"content": "again"}})
    ledger("task", "a task")  # a ledger commit for the session's span to be compared with
    document = export(ledger, "md", saved(ledger, tmp_path, data)).stdout
    assert "## Turn 1 · 2026-12-01 10:00:00 UTC" in document
    assert "\n## Turn 2\n" in document  # no time shown
    assert f"ended: {edge}" not in document


def test_a_saved_trajectory_with_null_optional_fields_reads_as_without_them(
        ledger: Run, tmp_path: Path) -> None:
    """ATIF writers serialise an unset optional field as null (Pydantic's default dump):
    a null is read as the field's absence."""
    trajectory = read_transcript(recorded("claude")).trajectory
    nulled = {**trajectory, "extra": None, "final_metrics": None, "notes": None,
              "agent": {**trajectory["agent"], "model_name": None, "extra": None},
              "steps": [{**step, "extra": None, "observation": step.get("observation"),
                         "tool_calls": step.get("tool_calls"), "metrics": None,
                         "model_name": None, "reasoning_content": None}
                        for step in trajectory["steps"]]}
    first_call = next(s for s in nulled["steps"] if s["tool_calls"])
    first_call["tool_calls"] = [{**c, "extra": None} for c in first_call["tool_calls"]]
    first_call["observation"] = {"results": [
        {**r, "extra": None, "subagent_trajectory_ref": None}
        for r in first_call["observation"]["results"]]}
    session = saved(ledger, tmp_path, json.dumps(nulled).encode(), "t.json")
    document = export(ledger, "md", session).stdout
    assert "write the greeting and record why" in document
    assert "Done: hello.txt is written" in document
    again = json.loads(export(ledger, "atif", session).stdout)
    assert "extra" not in again
    assert "final_metrics" not in again
    assert all(None not in step.values() for step in again["steps"])
    assert validate(again) == []


def test_a_folded_blocks_summary_is_one_line() -> None:
    """A summary is built from the transcript (a system step's kind): it stays one line,
    so the <details> element is not broken up."""
    trajectory = read_transcript(recorded("claude")).trajectory
    odd = {"step_id": 1, "source": "system", "message": "hook text",
           "extra": {"hook_kind": "pre\ncompact\n\n</summary>  <b>x"}}
    steps = [odd, *({**s, "step_id": n} for n, s in enumerate(trajectory["steps"], start=2))]
    reading = read_transcript(json.dumps({**trajectory, "steps": steps}).encode())
    document = session_markdown(reading)
    assert ("<details><summary>System (pre compact &lt;/summary&gt; &lt;b&gt;x)</summary>"
            in document)


@pytest.mark.parametrize("preamble", [b"not json\n", b'{"note": "no dialect claims this"}\n'])
def test_a_transcript_is_recognised_past_a_start_that_does_not_tell(preamble: bytes) -> None:
    """Twenty leading lines that do not parse, or that no dialect claims, are not the end
    of the look: up to 200 lines are read to recognise it; past that it is refused."""
    data = preamble * 25 + recorded("codex")
    assert dialect_of(data).name == "codex"
    reading = read_transcript(data)
    assert "write the greeting and record why" in session_markdown(reading)
    assert len(reading.unreadable) == 25  # each named in the warning
    with pytest.raises(InvalidInput, match="not one gitledger can read"):
        dialect_of(preamble * 200 + recorded("codex"))


def test_a_codex_rollout_is_saved_under_its_session_meta_id(ledger: Run,
                                                            tmp_path: Path) -> None:
    """Codex names its session in session_meta's payload ``id`` (newer releases add a
    ``session_id`` beside it; older ones write only the ``id``)."""
    data = codex({"type": "message", "role": "user", "content": "go"})
    assert saved(ledger, tmp_path, data, "rollout-2026-12-01.jsonl") == "c-1"
    trajectory = json.loads(export(ledger, "atif", "c-1").stdout)
    assert trajectory["session_id"] == "c-1"


def test_entries_land_on_the_turn_under_way_and_a_link_by_time_says_so(
        ledger: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write naming the session lands on the turn under way at its time (turn 2, not
    1); a write naming no session is linked by its time only, and marked so: another
    writer may have made it; a write naming another session is not linked."""
    data = claude(
        {"type": "user", "uuid": "u1", "timestamp": "2026-12-01T10:00:00Z",
         "message": {"content": "first"}},
        {"type": "user", "uuid": "u2", "timestamp": "2026-12-01T10:05:00Z",
         "message": {"content": "second"}},
        {"type": "assistant", "uuid": "a2", "timestamp": "2026-12-01T10:06:00Z",
         "message": {"id": "m2", "content": [{"type": "text", "text": "done"}]}})

    def write(when: str, session: str | None, *args: str) -> str:
        monkeypatch.setenv("GIT_AUTHOR_DATE", when)
        monkeypatch.setenv("GIT_COMMITTER_DATE", when)
        if session is None:
            monkeypatch.delenv("GIT_LEDGER_SESSION_ID", raising=False)
        else:
            monkeypatch.setenv("GIT_LEDGER_SESSION_ID", session)
        result = ledger(*args)
        assert result.exit_code == 0, result.stderr
        return result.stdout.strip()

    unnamed = write("2026-12-01T10:01:00Z", None, "verify", "it builds", "--by", "make")
    write("2026-12-01T10:02:00Z", "another-session", "drop", "redis", "--why", "slow")
    mine = write("2026-12-01T10:05:30Z", "s-1", "decide", "use sqlite")
    monkeypatch.delenv("GIT_LEDGER_SESSION_ID", raising=False)
    document = export(ledger, "md", saved(ledger, tmp_path, data)).stdout
    rows = document.split("\n## Summary\n", 1)[1].strip().splitlines()[2:]
    assert rows == [
        f"| 1 | 2026-12-01 10:00:00 UTC | 0 | — | `{unnamed}` (verified, by time) |",
        f"| 2 | 2026-12-01 10:05:00 UTC | 0 | — | `{mine}` (decided) |"]
    turn_two = document.split("## Turn 2", 1)[1]
    assert f"**Written to the ledger:** `{mine}` (decided, commit `" in turn_two
    assert "(verified, commit `" in document.split("## Turn 2", 1)[0]
    assert "by time)" in document.split("## Turn 2", 1)[0]
    assert "(dropped" not in document


def test_frontmatter_values_yaml_would_read_as_another_type_are_quoted() -> None:
    """A plain scalar YAML resolves to a number, a boolean, null, a date or a sexagesimal
    is quoted, as is one with spaces at its ends or a character YAML gives a meaning to;
    a timestamp stays a plain YAML timestamp."""
    trajectory = read_transcript(recorded("claude")).trajectory
    values = {"1.10": '"1.10"', "null": '"null"', "yes": '"yes"', "No": '"No"',
              "true": '"true"', "off": '"off"', "~": '"~"', "12:30": '"12:30"',
              "42": '"42"', "-7": '"-7"', "1e3": '"1e3"', "0x1F": '"0x1F"',
              "2026-12-01": '"2026-12-01"', " padded ": '" padded "', "a #b": '"a #b"',
              "a: b": '"a: b"', "a\nb": '"a\\nb"', "1_000": '"1_000"',
              "claude-opus-4": "claude-opus-4", "my_model": "my_model",
              "gpt-5.1-codex": "gpt-5.1-codex"}
    for value, shown in values.items():
        doc = {**trajectory, "agent": {**trajectory["agent"], "model_name": value}}
        document = session_markdown(read_transcript(json.dumps(doc).encode()))
        head = document.split("\n---\n", 1)[0].splitlines()
        assert f"model: {shown}" in head, value
        assert "started: 2026-12-02T23:04:18.460Z" in head


def test_long_messages_are_folded_whole_like_every_long_block() -> None:
    """The user's and the agent's messages are folded past 20 lines or 2,000 characters,
    as inputs and results are, and kept whole; a short one is shown as it is."""
    asked = "\n".join(f"ask {n}" for n in range(30))
    answer = "x" * 2500
    data = claude(
        {"type": "user", "uuid": "u1", "message": {"content": asked}},
        {"type": "assistant", "uuid": "a1", "message": {"id": "m1", "content": [
            {"type": "text", "text": answer}]}},
        {"type": "user", "uuid": "u2", "message": {"content": "short"}})
    document = session_markdown(read_transcript(data))
    assert (f"<details><summary>Message: 30 lines, {len(asked)} characters</summary>\n\n"
            f"```text\n{asked}\n```\n\n</details>") in document
    assert (f"<details><summary>Message: 1 line, 2500 characters</summary>\n\n"
            f"```text\n{answer}\n```\n\n</details>") in document
    assert "### User\n\n```text\nshort\n```" in document


def test_the_files_a_turn_touched_are_resolved_against_the_calls_directory() -> None:
    """A relative path is the call's own working directory's (Codex's ``workdir``), else
    the agent's; a path is shown relative to that directory by its components (``//``
    too), and one that climbs out with ``..`` stays as written; a patch given to
    apply_patch as its argument, or in a here-document beside other writes, counts."""
    patch = "*** Begin Patch\n*** Add File: {}\n+x\n*** End Patch\n"
    calls = [
        ("exec_command", {"cmd": "echo x > out.txt", "workdir": "/w/sub"}),
        ("exec_command", {"cmd": "echo x > /w//double.txt"}),
        ("exec_command", {"cmd": "echo x > /w/../etc/escaped"}),
        ("shell", {"command": ["apply_patch", patch.format("listed.txt")]}),
        ("exec_command", {"cmd": f"apply_patch <<'EOF'\n{patch.format('here.txt')}EOF\n"
                                 "echo y > beside.txt"}),
    ]
    data = codex({"type": "message", "role": "user", "content": "go"},
                 *({"type": "function_call", "call_id": f"c{n}", "name": name,
                    "arguments": json.dumps(args)} for n, (name, args) in enumerate(calls)))
    row = session_markdown(read_transcript(data)).rstrip("\n").rsplit("\n", 1)[1]
    assert row.split(" | ")[3] == ("`sub/out.txt`, `double.txt`, `/w/../etc/escaped`, "
                                   "`listed.txt`, `here.txt`, `beside.txt`")
