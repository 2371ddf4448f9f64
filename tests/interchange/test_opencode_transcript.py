"""OpenCode's and Kilo's sessions: the rows of the client's own database saved at session
end, read-only, as one document, and that document read as ATIF.  The database here has the
tables and columns OpenCode 1.18 writes (the recorded sessions are in
test_session_export.py)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from gitledger.errors import AtifError, InvalidInput
from gitledger.integrations import hook_io
from gitledger.integrations.agent_hooks import run_hook
from gitledger.interchange.atif import validate
from gitledger.interchange.dialects import dialect_of, read_transcript
from gitledger.interchange.opencode_transcript import session_export
from gitledger.interchange.transcripts import load
from gitledger.storage.layout import TRANSCRIPTS_PREFIX
from tests.conftest import git

SID = "ses_dbbbc3f79ffecs590p2INXPRH0"
TABLES = (
    "CREATE TABLE session (id text PRIMARY KEY, project_id text, directory text NOT NULL, "
    "title text NOT NULL, version text NOT NULL, time_created integer NOT NULL)",
    "CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, "
    "time_created integer NOT NULL, data text NOT NULL)",
    "CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT "
    "NULL, time_created integer NOT NULL, data text NOT NULL)",
)


def database(path: Path, directory: str = "/work/repo",
             parts: list[tuple[str, Any]] | None = None) -> Path:
    """A client database holding one session: a prompt, a tool call with its output, an
    answer (``parts``: other parts of the answer instead, raw data allowed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    for table in TABLES:
        db.execute(table)
    db.execute("INSERT INTO session VALUES (?, 'p', ?, 'greet', '1.18.33', 1796441621000)",
               (SID, directory))
    user = {"role": "user", "time": {"created": 1796441621533}}
    answer = {"role": "assistant", "modelID": "m1", "time": {"created": 1796441625716},
              "tokens": {"input": 100, "output": 5, "cache": {"read": 2, "write": 0}}}
    db.executemany("INSERT INTO message VALUES (?, ?, ?, ?)", [
        ("msg_1", SID, 1, json.dumps(user)), ("msg_2", SID, 2, json.dumps(answer)),
        ("msg_0", "ses_other", 0, json.dumps(user))])
    rows = parts if parts is not None else [
        ("msg_2", {"type": "step-start"}),
        ("msg_2", {"type": "reasoning", "text": "a file"}),
        ("msg_2", {"type": "tool", "callID": "c1", "tool": "write", "state": {
            "status": "completed", "input": {"filePath": "/work/repo/a.txt", "content": "a"},
            "output": "Wrote file"}}),
        ("msg_2", {"type": "tool", "callID": "c2", "tool": "bash", "state": {
            "status": "error", "input": {"command": "false"}, "error": "exit 1"}}),
        ("msg_2", {"type": "text", "text": "done"})]
    rows = [("msg_1", {"type": "text", "text": "make a file"}), *rows]
    db.executemany("INSERT INTO part VALUES (?, ?, ?, 0, ?)", [
        (f"prt_{n}", message, SID, data if isinstance(data, str) else json.dumps(data))
        for n, (message, data) in enumerate(rows)])
    db.commit()
    db.close()
    return path


def test_a_session_of_the_database_reads_as_its_messages_calls_and_results(
        tmp_path: Path) -> None:
    data = session_export(database(tmp_path / "opencode.db"), SID, "kilo")
    assert dialect_of(data).name == "kilo"
    reading = read_transcript(data)
    doc = reading.trajectory
    assert (validate(doc), reading.unreadable) == ([], ())
    assert doc["session_id"] == SID
    assert doc["agent"] == {"name": "kilo", "version": "1.18.33", "model_name": "m1"}
    assert doc["extra"] == {"source_format": "opencode-session", "cwd": "/work/repo"}
    steps = doc["steps"]
    assert [(s["source"], s["message"]) for s in steps] == [("user", "make a file"),
                                                            ("agent", "done")]
    assert steps[1]["reasoning_content"] == "a file"
    assert steps[1]["metrics"] == {"prompt_tokens": 100, "completion_tokens": 5,
                                   "cached_tokens": 2}
    assert steps[1]["observation"]["results"] == [
        {"source_call_id": "c1", "content": "Wrote file"},
        {"source_call_id": "c2", "content": "exit 1", "extra": {"is_error": True}}]


def test_rows_that_do_not_fit_are_left_out_and_the_rest_read(tmp_path: Path) -> None:
    data = session_export(database(tmp_path / "opencode.db", parts=[
        ("msg_2", "not json"), ("msg_2", "[" * 100_000), ("msg_2", "[1, 2]"),
        ("msg_gone", {"type": "text", "text": "of no message"}),
        ("msg_2", {"type": "tool", "tool": "bash", "state": "odd"}),
        ("msg_2", {"type": "future-part", "x": 1}),
        ("msg_2", {"type": "text", "text": "kept"})]), SID, "opencode")
    doc = read_transcript(data).trajectory
    assert validate(doc) == []
    assert [(s["source"], s["message"]) for s in doc["steps"]] == [("user", "make a file"),
                                                                   ("agent", "kept")]
    assert doc["steps"][1]["tool_calls"] == [
        {"tool_call_id": "call-0", "function_name": "bash", "arguments": {}}]


def test_a_missing_session_or_a_database_that_is_not_one_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(AtifError, match="holds no session ses_none"):
        session_export(database(tmp_path / "opencode.db"), "ses_none", "opencode")
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    with pytest.raises(InvalidInput, match="cannot read the database"):
        session_export(tmp_path / "junk.db", SID, "opencode")
    with pytest.raises(InvalidInput, match="cannot read the database"):
        session_export(tmp_path / "absent.db", SID, "opencode")
    assert not (tmp_path / "absent.db").exists()  # read-only: never created


def end(repo: Path, session: str = SID) -> str:
    body = json.dumps({"agent": "opencode", "cwd": str(repo), "session_id": session,
                       "hook_event_name": "dispose", "reason": "exit"}).encode()
    done = run_hook("session-end", "opencode", body, {"HOME": os.environ["HOME"]})
    assert (done.exit_code, done.stdout) == (0, "")
    return done.stderr


def saved(repo: Path) -> list[str]:
    return git(repo, "for-each-ref", "--format=%(refname)", TRANSCRIPTS_PREFIX).split()


def data_dir() -> Path:
    return Path(os.environ["HOME"]) / ".local" / "share" / "opencode"


def test_the_session_end_saves_the_sessions_rows(repo_with_commit: Path) -> None:
    database(data_dir() / "opencode.db", directory=str(repo_with_commit))
    assert end(repo_with_commit) == ""
    assert saved(repo_with_commit) == [TRANSCRIPTS_PREFIX + SID]
    doc = json.loads(load(repo_with_commit, SID))
    assert doc["info"]["directory"] == str(repo_with_commit)
    assert [m["info"]["id"] for m in doc["messages"]] == ["msg_1", "msg_2"]  # its own only


def test_a_session_the_database_lacks_is_a_note_and_nothing_saved(
        repo_with_commit: Path) -> None:
    database(data_dir() / "opencode.db")
    line = end(repo_with_commit, "ses_none")
    assert "could not save the transcript" in line, line
    assert line.count("\n") == 1
    assert saved(repo_with_commit) == []


def test_a_linked_database_or_an_odd_session_id_is_never_read(repo_with_commit: Path,
                                                             tmp_path: Path) -> None:
    outside = database(tmp_path / "elsewhere" / "opencode.db")
    data_dir().mkdir(parents=True)
    (data_dir() / "opencode.db").symlink_to(outside)
    assert hook_io.session_database("opencode", {"HOME": os.environ["HOME"]}) is None
    assert end(repo_with_commit) == ""
    (data_dir() / "opencode.db").unlink()
    database(data_dir() / "opencode.db")
    assert end(repo_with_commit, "../x' OR 1=1 --") == ""
    assert saved(repo_with_commit) == []
