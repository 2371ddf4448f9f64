"""Saved transcripts: verbatim but for credentials, deduplicated, local unless asked.

Real repositories, a realistic Claude Code transcript written by the test (user turns,
assistant turns with tool_use, tool_result blocks), the hook runner as agents call it.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from gitledger.audit.doctor import doctor
from gitledger.errors import CorruptLedger, InvalidInput, UnknownEntry
from gitledger.integrations.agent_hooks import run_hook
from gitledger.interchange import transcripts
from gitledger.interchange.transcripts import (
    REDACTED,
    find_credentials,
    list_transcripts,
    load,
    redact,
    ref_component,
    save,
)
from gitledger.ledger.operations import Ledger, list_ledgers
from gitledger.storage.layout import TRANSCRIPTS_PREFIX
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from gitledger.team.sync import _push_set, push
from tests.conftest import Run, git

SESSION = "8a2c6e2e-5f1b-4c3d-9e7a-claude"
AWS_KEY = "AKIAZ3MHQ2XK7PLW4R5T"
GITHUB_TOKEN = "ghp_" + "A1b2C3d4E5" * 3 + "f6G7h8"
PASSWORD = "correct-horse-battery-9"
ANTHROPIC_KEY = "sk-ant-api03-" + "x9Y8z7W6v5" * 3
PRIVATE_KEY = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM\n"
               "kd8aP9tH2y1lQ0xXz7QwErTyUiOpAsDfGhJk\n-----END RSA PRIVATE KEY-----")


def claude_lines(session: str = SESSION, extra: str = "") -> list[dict[str, Any]]:
    """A Claude Code transcript: what ~/.claude/projects/<dir>/<session>.jsonl holds."""
    base = {"sessionId": session, "cwd": "/home/ada/repo", "version": "2.0.14",
            "gitBranch": "main", "userType": "external", "isSidechain": False}
    return [
        {**base, "type": "user", "uuid": "u1", "parentUuid": None,
         "timestamp": "2026-11-30T12:00:00.000Z",
         "message": {"role": "user", "content": f"Deploy it. My key is {AWS_KEY}{extra}"}},
        {**base, "type": "assistant", "uuid": "a1", "parentUuid": "u1",
         "timestamp": "2026-11-30T12:00:02.000Z", "requestId": "req_011",
         "message": {"id": "msg_01", "role": "assistant", "model": "claude-sonnet-4-6",
                     "content": [
                         {"type": "text", "text": "Reading the config — héllo ✓"},
                         {"type": "tool_use", "id": "toolu_01", "name": "Bash",
                          "input": {"command": "cat .env", "description": "Show env"}}],
                     "usage": {"input_tokens": 1200, "output_tokens": 40}}},
        {**base, "type": "user", "uuid": "u2", "parentUuid": "a1",
         "timestamp": "2026-11-30T12:00:03.000Z",
         "message": {"role": "user", "content": [
             {"type": "tool_result", "tool_use_id": "toolu_01", "is_error": False,
              "content": f"GITHUB_TOKEN={GITHUB_TOKEN}\npassword={PASSWORD}\n"
                         f"ANTHROPIC_API_KEY={ANTHROPIC_KEY}\nDEBUG=1\n{PRIVATE_KEY}\n"}]},
         "toolUseResult": {"stdout": "(4 lines)", "stderr": "", "interrupted": False}},
        {**base, "type": "assistant", "uuid": "a2", "parentUuid": "u2",
         "timestamp": "2026-11-30T12:00:05.000Z",
         "message": {"id": "msg_02", "role": "assistant", "content": [
             {"type": "text", "text": "The config sets a token; I will not print it."}]}},
    ]


def jsonl(lines: list[dict[str, Any]]) -> bytes:
    # Claude Code writes UTF-8 as is; one line escapes it, as other writers do.
    out = [json.dumps(line, ensure_ascii=(i == 2)) for i, line in enumerate(lines)]
    return ("\n".join(out) + "\n").encode("utf-8")


def write(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def expected_redaction(raw: bytes) -> bytes:
    """``raw`` with each planted credential, as it is spelled in the JSON, replaced."""
    text = raw.decode("utf-8")
    escaped_key = json.dumps(PRIVATE_KEY)[1:-1]
    for secret in (AWS_KEY, GITHUB_TOKEN, PASSWORD, ANTHROPIC_KEY, escaped_key):
        assert secret in text
        text = text.replace(secret, REDACTED)
    return text.encode("utf-8")


def refs(repo: Path) -> str:
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/")


@pytest.fixture
def transcript() -> Path:
    """Where Claude Code writes it (below the test's HOME): the hooks read only there."""
    projects = Path(os.environ["HOME"]) / ".claude" / "projects" / "-repo"
    return write(projects / f"{SESSION}.jsonl", jsonl(claude_lines()))


# -- saving: verbatim but for credentials --------------------------------------------------


def test_save_stores_the_transcript_verbatim_except_credentials(
        repo_with_commit: Path, transcript: Path) -> None:
    raw = transcript.read_bytes()
    result = save(repo_with_commit, transcript)
    assert result.ref == TRANSCRIPTS_PREFIX + SESSION
    assert result.redactions == 5
    assert not result.unchanged
    assert result.commit is not None
    stored = load(repo_with_commit, SESSION)
    assert stored == expected_redaction(raw)
    assert result.size == len(stored)
    for secret in (AWS_KEY, GITHUB_TOKEN, PASSWORD, ANTHROPIC_KEY, "MIIEpAIBAAKCAQEA"):
        assert secret.encode() not in stored
    # Still the agent's JSONL, line for line, and what is not a credential is untouched.
    lines = [json.loads(line) for line in stored.decode().splitlines()]
    assert [line["uuid"] for line in lines] == ["u1", "a1", "u2", "a2"]
    assert "DEBUG=1" in lines[2]["message"]["content"][0]["content"]
    assert lines[1]["message"]["content"][0]["text"] == "Reading the config — héllo ✓"
    # Plain git reads it: the tree holds the blob and meta.toml, the message its trailers.
    tree = git(repo_with_commit, "ls-tree", "--name-only", result.ref).split()
    assert tree == ["meta.toml", "transcript.jsonl"]
    meta = git(repo_with_commit, "show", f"{result.ref}:meta.toml")
    assert f'session = "{SESSION}"' in meta
    assert "redactions = 5" in meta
    assert f"size = {len(stored)}" in meta
    assert f'source_path = "{transcript}"' in meta
    assert 'source = "manual"' in meta
    message = git(repo_with_commit, "log", "-1", "--format=%B", result.ref)
    assert "Ledger-Event: transcript" in message
    assert "Ledger-Redactions: 5" in message


def test_a_transcript_without_credentials_is_stored_byte_for_byte(
        repo_with_commit: Path, tmp_path: Path) -> None:
    lines = claude_lines()
    lines[0]["message"]["content"] = "Deploy it."
    lines[2]["message"]["content"][0]["content"] = "DEBUG=1\ntoken: rotated\n"
    raw = jsonl(lines) + b'{"type": "summary", "summary": "tabs\\tand \\u00e9"}'  # no final \n
    path = write(tmp_path / "t.jsonl", raw)
    result = save(repo_with_commit, path)
    assert result.redactions == 0
    assert load(repo_with_commit, SESSION) == raw


def test_bytes_that_are_not_utf8_pass_through(repo_with_commit: Path, tmp_path: Path) -> None:
    raw = b"caf\xe9 log\npassword=" + PASSWORD.encode() + b"\n\xff\xfe end"
    path = write(tmp_path / "log.txt", raw)
    result = save(repo_with_commit, path, session_id="plain-log")
    assert result.redactions == 1
    assert load(repo_with_commit, "plain-log") == raw.replace(PASSWORD.encode(), b"[REDACTED]")
    assert git(repo_with_commit, "ls-tree", "--name-only", result.ref).split() == [
        "meta.toml", "transcript.txt"]


def test_redaction_keeps_json_valid_around_escapes() -> None:
    # A token right after a \n escape, a quoted assignment inside a JSON string, a
    # surrogate pair before a bearer token: found, and the JSON still parses.
    content = (f"line\n{AWS_KEY}\napi_token=\"{PASSWORD}\"\n\U0001f600 Authorization: "
               "Bearer abcdefghijklmnopqrstuvwxyz0123")
    raw = json.dumps({"content": content}).encode()
    assert b"\\ud83d\\ude00" in raw
    out, count = redact(raw)
    assert count == 3
    decoded = json.loads(out)["content"]
    assert decoded == (f"line\n{REDACTED}\napi_token=\"{REDACTED}\"\n\U0001f600 "
                       f"Authorization: Bearer {REDACTED}")


def test_placeholders_and_references_are_not_redacted() -> None:
    text = ("password=<password>\ntoken=$GITHUB_TOKEN\nsecret=os.environ['X']\n"
            "key: value\nhttps://user:${PASS}@example.com\n")
    assert find_credentials(text) == []
    assert redact(text.encode()) == (text.encode(), 0)


CORPUS = [
    f"x{AWS_KEY} and {AWS_KEY}x and ({AWS_KEY})",
    "db.password = s3cr3tvalue\nDB-PASSWORD: 'abc123def456'\nPASSWORD=hunter2hunter2",
    "https://ada:hunter22@example.com/x and ftp+ssl://u:p4ssw0rd9@h",
    "stripe sk_live_" + "a" * 24 + " rk_live_" + "B" * 20 + " xsk_live_" + "c" * 20,
    "Bearer " + "t" * 30 + " BEARER\n" + "u" * 25 + " bearer short",
    "eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2QT4",
    "client_secret := 'Zz9Yy8Xx7Ww6'\napi-key:\n  9f8e7d6c5b4a3f2e\nmy_token=ok\n",
    "xoxb-1234567890-abcdef and hf_" + "h" * 34 + " npm_" + "n" * 36,
    "İstanbul PASSWORD=hunter2hunter2 İ",  # a character whose lower case is longer
    PRIVATE_KEY + "\nafter",
    "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nend",
]


@pytest.mark.parametrize("text", CORPUS)
def test_the_fast_scan_finds_what_scanning_everything_finds(text: str) -> None:
    fast = find_credentials(text)
    assert fast == transcripts._merge(transcripts._find_everywhere(text))
    assert fast, "every corpus text holds a credential"


def test_every_credential_find_credential_names_is_redacted() -> None:
    from gitledger.core.credentials import find_credential

    for text in CORPUS:
        out, count = redact(text.encode())
        assert count >= 1
        assert find_credential(out.decode()) is None, out
        assert redact(out) == (out, 0)  # redacting again finds nothing: saves dedupe


# -- deduplication and the commit chain ----------------------------------------------------


def test_saving_the_same_content_again_writes_nothing(
        repo_with_commit: Path, transcript: Path) -> None:
    first = save(repo_with_commit, transcript)
    before = refs(repo_with_commit)
    again = save(repo_with_commit, transcript, source="pre-compact")
    assert again.unchanged
    assert again.commit is None
    assert (again.ref, again.size, again.redactions) == (first.ref, first.size, 5)
    assert refs(repo_with_commit) == before


def test_a_changed_credential_alone_changes_nothing_stored(
        repo_with_commit: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "t.jsonl", jsonl(claude_lines()))
    save(repo_with_commit, path)
    path.write_bytes(jsonl(claude_lines()).replace(AWS_KEY.encode(), b"AKIA" + b"Z" * 16))
    assert save(repo_with_commit, path).unchanged


def test_new_content_makes_a_new_commit_on_the_chain(
        repo_with_commit: Path, transcript: Path) -> None:
    first = save(repo_with_commit, transcript)
    transcript.write_bytes(transcript.read_bytes() + json.dumps(
        {"type": "user", "sessionId": SESSION, "message": {"content": "more"}}).encode() + b"\n")
    second = save(repo_with_commit, transcript, source="session-end")
    assert second.commit is not None
    assert second.commit != first.commit
    assert git(repo_with_commit, "rev-parse", f"{second.commit}^").strip() == first.commit
    assert load(repo_with_commit, SESSION).endswith(b'"content": "more"}}\n')
    (info,) = list_transcripts(repo_with_commit)
    assert (info.session_id, info.ref, info.saves) == (SESSION, second.ref, 2)
    assert info.size == second.size
    assert info.redactions == 5
    assert info.source_path == str(transcript)
    assert info.last_saved.year == 2026
    message = git(repo_with_commit, "log", "-1", "--format=%s%n%b", second.ref)
    assert message.startswith(f"transcript: save {SESSION} (session-end)")
    assert "Ledger-Source: session-end" in message


# -- session ids ---------------------------------------------------------------------------


def test_the_session_id_comes_from_the_transcript_then_the_file_name(
        repo_with_commit: Path, tmp_path: Path) -> None:
    inside = write(tmp_path / "renamed.jsonl", jsonl(claude_lines(session="from-inside")))
    assert save(repo_with_commit, inside).ref == TRANSCRIPTS_PREFIX + "from-inside"
    bare = write(tmp_path / "notes-of-day.md", b"# notes\nno session here\n")
    assert save(repo_with_commit, bare).ref == TRANSCRIPTS_PREFIX + "notes-of-day"
    given = save(repo_with_commit, bare, session_id="given one/two")
    assert given.ref == TRANSCRIPTS_PREFIX + "given-one-two"
    assert {i.session_id for i in list_transcripts(repo_with_commit)} == {
        "from-inside", "notes-of-day", "given-one-two"}


@pytest.mark.parametrize(("given", "name"), [
    ("abc", "abc"), ("a b\tc", "a-b-c"), ("..x..y..", "x.y"), ("x.lock", "x"),
    ("ünï/code", "n-code"), ("-lead-", "lead"), ("a" * 300, "a" * 128), (".lock", "lock"),
])
def test_ref_component(given: str, name: str) -> None:
    assert ref_component(given) == name


@pytest.mark.parametrize("given", ["", "   ", "///", "..", "-.-", "üü"])
def test_a_session_id_that_names_nothing_is_refused(
        repo_with_commit: Path, transcript: Path, given: str) -> None:
    before = refs(repo_with_commit)
    with pytest.raises(InvalidInput, match="cannot name a transcript"):
        save(repo_with_commit, transcript, session_id=given)
    assert refs(repo_with_commit) == before


# -- bad input: one line, nothing written --------------------------------------------------


def test_bad_files_are_refused_and_nothing_is_written(
        repo_with_commit: Path, tmp_path: Path, transcript: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = refs(repo_with_commit)
    with pytest.raises(InvalidInput, match=r"no transcript at .*missing\.jsonl"):
        save(repo_with_commit, tmp_path / "missing.jsonl")
    with pytest.raises(InvalidInput, match="is not a regular file"):
        save(repo_with_commit, tmp_path)
    monkeypatch.setattr(transcripts, "MAX_BYTES", 100)
    with pytest.raises(InvalidInput, match="larger than"):
        save(repo_with_commit, transcript)
    monkeypatch.undo()
    with pytest.raises(InvalidInput, match="not a transcript source"):
        save(repo_with_commit, transcript, source="Pre Compact")
    assert refs(repo_with_commit) == before


# -- reading: list, load, prefixes ---------------------------------------------------------


def test_list_and_load_by_id_and_unique_prefix(repo_with_commit: Path, tmp_path: Path) -> None:
    assert list_transcripts(repo_with_commit) == []
    for sid in ("abc-111", "abc-222", "xyz-999"):
        save(repo_with_commit, write(tmp_path / f"{sid}.md", f"{sid}\n".encode()))
    assert [i.session_id for i in list_transcripts(repo_with_commit)] == [
        "abc-111", "abc-222", "xyz-999"]
    assert load(repo_with_commit, "xyz-999") == b"xyz-999\n"
    assert load(repo_with_commit, "xy") == b"xyz-999\n"
    assert load(repo_with_commit, "abc-2") == b"abc-222\n"
    with pytest.raises(UnknownEntry, match=r"'abc' matches 2 saved transcripts \(abc-111, "):
        load(repo_with_commit, "abc")
    with pytest.raises(UnknownEntry, match="no saved transcript for 'nope'"):
        load(repo_with_commit, "nope")
    with pytest.raises(UnknownEntry, match="no saved transcript"):
        load(repo_with_commit, "///")


def test_a_tree_without_one_transcript_is_reported(repo_with_commit: Path) -> None:
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()  # its tree holds README only
    git(repo_with_commit, "update-ref", TRANSCRIPTS_PREFIX + "odd", head)
    with pytest.raises(CorruptLedger, match="holds 0 transcript files"):
        load(repo_with_commit, "odd")


# -- not ledgers: list, doctor, ledger_refs ------------------------------------------------


def test_transcripts_are_not_ledgers(repo_with_commit: Path, transcript: Path,
                                     ledger: Run) -> None:
    Ledger.open(repo_with_commit).set_task("Ship PKCE")
    before = [s.ref for s in list_ledgers(repo_with_commit)]
    report_before = doctor(repo_with_commit)
    save(repo_with_commit, transcript)
    store = Store(Repo(repo_with_commit))
    assert not any(r.startswith(TRANSCRIPTS_PREFIX) for r in store.ledger_refs())
    assert [s.ref for s in list_ledgers(repo_with_commit)] == before
    listed = ledger("list")
    assert listed.exit_code == 0
    assert SESSION not in listed.stdout
    assert len(listed.stdout.splitlines()) == len(before)
    report = doctor(repo_with_commit)
    assert report.findings == report_before.findings == ()
    checked = ledger("doctor")
    assert checked.exit_code == 0, checked.stdout
    assert SESSION not in checked.stdout
    assert "ref-unknown" not in checked.stdout


# -- push: never unless asked --------------------------------------------------------------


def test_push_sends_transcripts_only_when_asked(repo_with_commit: Path, tmp_path: Path,
                                               transcript: Path) -> None:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    git(repo_with_commit, "remote", "add", "origin", str(remote))
    Ledger.open(repo_with_commit).set_task("Ship PKCE")
    saved = save(repo_with_commit, transcript)
    store = Store(Repo(repo_with_commit))
    assert not any(r.startswith(TRANSCRIPTS_PREFIX) for r in _push_set(store, True))
    assert _push_set(store, False, transcripts=True)[saved.ref] == saved.commit

    push(repo_with_commit)
    there = git(remote, "for-each-ref", "--format=%(refname)", "refs/ledger/").split()
    assert there
    assert not any(r.startswith(TRANSCRIPTS_PREFIX) for r in there)

    pushed = push(repo_with_commit, transcripts=True)
    assert any(u.ref == saved.ref and u.status == "new" for u in pushed.updates)
    assert git(remote, "rev-parse", saved.ref).strip() == saved.commit


# -- the hooks -----------------------------------------------------------------------------


def claude_payload(cwd: Path, path: Path | str | None, event: str = "PreCompact",
                   session: str = SESSION) -> bytes:
    return json.dumps({"session_id": session, "transcript_path": str(path) if path else None,
                       "cwd": str(cwd), "hook_event_name": event, "trigger": "auto",
                       "custom_instructions": ""}).encode()


@pytest.mark.parametrize(("event", "name"), [("pre-compact", "PreCompact"),
                                             ("session-end", "SessionEnd")])
def test_the_hook_saves_the_transcript_and_checkpoints(
        repo_with_commit: Path, transcript: Path, event: str, name: str) -> None:
    Ledger.open(repo_with_commit).set_task("Ship PKCE")
    done = run_hook(event, "claude", claude_payload(repo_with_commit, transcript, name), {})
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    assert load(repo_with_commit, SESSION) == expected_redaction(transcript.read_bytes())
    message = git(repo_with_commit, "log", "-1", "--format=%B", TRANSCRIPTS_PREFIX + SESSION)
    assert f"Ledger-Source: {event}" in message
    (last,) = Ledger.open(repo_with_commit, session="").events(1)
    assert last.subject == f"checkpoint: {event}"
    # Again, unchanged: nothing new is written, the hook still says nothing.
    before = git(repo_with_commit, "rev-parse", TRANSCRIPTS_PREFIX + SESSION)
    again = run_hook(event, "claude", claude_payload(repo_with_commit, transcript, name), {})
    assert again.stderr == ""
    assert git(repo_with_commit, "rev-parse", TRANSCRIPTS_PREFIX + SESSION) == before


def test_the_hook_saves_a_transcript_without_a_ledger(repo_with_commit: Path,
                                                      transcript: Path) -> None:
    done = run_hook("pre-compact", "claude", claude_payload(repo_with_commit, transcript), {})
    assert (done.exit_code, done.stderr) == (0, "")
    assert [r.split()[0] for r in refs(repo_with_commit).splitlines()
            if "refs/ledger/" in r] == [TRANSCRIPTS_PREFIX + SESSION]


def test_a_payload_session_id_names_the_transcript(repo_with_commit: Path,
                                                   transcript: Path) -> None:
    payload = claude_payload(repo_with_commit, transcript, session="hook-session-7")
    assert run_hook("session-end", "claude", payload, {}).stderr == ""
    assert [i.session_id for i in list_transcripts(repo_with_commit)] == ["hook-session-7"]


@pytest.mark.parametrize("path", [None, "/nonexistent/dir/8a2c.jsonl", "relative/gone.jsonl"])
def test_a_missing_transcript_does_not_fail_the_hook(repo_with_commit: Path,
                                                     path: str | None) -> None:
    Ledger.open(repo_with_commit).set_task("Ship PKCE")
    done = run_hook("pre-compact", "claude", claude_payload(repo_with_commit, path), {})
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    assert list_transcripts(repo_with_commit) == []
    (last,) = Ledger.open(repo_with_commit, session="").events(1)
    assert last.subject == "checkpoint: pre-compact"


def test_a_transcript_that_cannot_be_saved_is_one_line_on_stderr(
        repo_with_commit: Path, tmp_path: Path, transcript: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    Ledger.open(repo_with_commit).set_task("Ship PKCE")
    done = run_hook("pre-compact", "claude", claude_payload(repo_with_commit, tmp_path), {})
    assert (done.exit_code, done.stdout) == (0, "")
    assert re.fullmatch(r"git ledger hook pre-compact \(claude\): the transcript .* is not "
                        r"in Claude Code's transcript directories \(.*\); not saved\n",
                        done.stderr)
    monkeypatch.setattr(transcripts, "MAX_BYTES", 10)
    done = run_hook("session-end", "claude", claude_payload(repo_with_commit, transcript), {})
    assert done.exit_code == 0
    assert "larger than" in done.stderr
    assert done.stderr.count("\n") == 1
    assert list_transcripts(repo_with_commit) == []
    (last,) = Ledger.open(repo_with_commit, session="").events(1)
    assert last.subject == "checkpoint: session-end"


def test_a_corrupt_ledger_does_not_lose_the_transcript(repo_with_commit: Path,
                                                       transcript: Path) -> None:
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()
    ref = "refs/ledger/sessions/notaledger"
    git(repo_with_commit, "update-ref", ref, head)
    (repo_with_commit / ".git" / "ledger").write_text(ref + "\n")
    done = run_hook("pre-compact", "claude", claude_payload(repo_with_commit, transcript), {})
    assert done.exit_code == 0
    assert "is not a ledger" in done.stderr
    assert done.stderr.count("\n") == 1
    assert load(repo_with_commit, SESSION) == expected_redaction(transcript.read_bytes())


def test_an_unchanged_file_is_known_by_its_hash_and_not_scanned_again(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hooks save the same transcript again and again: the second save of the same
    bytes must not pay the credential scan (a 20 MB transcript takes seconds)."""
    from gitledger.interchange import transcripts

    source = tmp_path / "same.jsonl"
    source.write_text('{"type":"user","sessionId":"same","message":{"content":"hi"}}\n',
                      encoding="utf-8")
    first = transcripts.save(repo, source)
    assert not first.unchanged

    def no_scan(data: bytes) -> tuple[bytes, int]:
        raise AssertionError("an unchanged file was scanned again")

    monkeypatch.setattr(transcripts, "redact", no_scan)
    again = transcripts.save(repo, source)
    assert again.unchanged
    assert (again.ref, again.size, again.redactions) == (first.ref, first.size,
                                                         first.redactions)


# -- credentials stored as JSON keys and values ---------------------------------------------

AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Kd0Lw2v"
BASIC = "dXNlcjpodW50ZXIyaHVudGVyMg"  # base64 of user:hunter2hunter2, unpadded
KEYED: list[tuple[str, object]] = [
    ("password", "Hunter2Secret99"),
    ("password", "hunter2"),  # short and plain: under a password key, still a password
    ("api_key", "abc123def456ghi"),
    ("apiKey", "abc123def456ghi"),
    ("client_secret", "s3cr3t-v4lue"),
    ("token", "tok_abcdefgh"),
    ("accessToken", "abcdefghijklmnopq"),
    ("AWS_SECRET_ACCESS_KEY", AWS_SECRET),
    ("DB_PASSWORD", "correct horse battery"),
    ("Authorization", f"Basic {BASIC}"),
    ("authorization", "Bearer abc123def456"),
]


@pytest.mark.parametrize(("key", "value"), KEYED)
def test_a_string_under_a_secret_key_is_redacted_whole(key: str, value: str) -> None:
    # A tool call's input, as Claude Code writes it: the key and the value are two JSON
    # strings, neither a credential alone.
    line = {"type": "assistant", "message": {"content": [
        {"type": "tool_use", "id": "toolu_9", "name": "Login",
         "input": {"user": "ada", key: value, "note": "keep"}}]}}
    for ensure_ascii in (True, False):
        raw = (json.dumps(line, ensure_ascii=ensure_ascii) + "\n").encode()
        out, count = redact(raw)
        assert count == 1
        stored = json.loads(out)["message"]["content"][0]["input"]
        assert stored == {"user": "ada", key: REDACTED, "note": "keep"}
        assert value.encode() not in out
        assert redact(out) == (out, 0)


def test_keyed_values_with_escapes_and_spacing_are_redacted() -> None:
    raw = (b'{"a":1,"password" :\t"Hunter2\\nSecret\\u00e999","token":"x\\"yz123"}\n'
           b'[{"api_key":"abc123def456ghi"}]\n')
    out, count = redact(raw)
    assert count == 3
    first, second = (json.loads(line) for line in out.decode().splitlines())
    assert first == {"a": 1, "password": REDACTED, "token": REDACTED}
    assert second == [{"api_key": REDACTED}]
    # A pretty-printed JSON document: the key, the colon and the value on their own lines.
    pretty = json.dumps({"auth": {"client_secret": "s3cr3t-v4lue", "user": "ada"}},
                        indent=2).replace('": "s3', '":\n    "s3').encode()
    out, count = redact(pretty)
    assert count == 1
    assert json.loads(out) == {"auth": {"client_secret": REDACTED, "user": "ada"}}


def test_a_keyed_value_holding_a_token_is_counted_once() -> None:
    raw = json.dumps({"token": f"prefix {GITHUB_TOKEN} suffix"}).encode()
    out, count = redact(raw)
    assert (json.loads(out), count) == ({"token": REDACTED}, 1)


NOT_KEYED: list[dict[str, object]] = [
    {"password": ""},
    {"password": "abc"},  # too short to be one
    {"token": True},
    {"api_key": None},
    {"max_tokens": 4096, "input_tokens": 1200},
    {"password_min_length": "12345678"},  # a setting about passwords, not one
    {"token_url": "https://example.com/oauth/token"},
    {"password": "<password>", "token": "$GITHUB_TOKEN", "secret": "changeme"},
    {"pwd": "/usr/src/app2", "private_key": "~/.ssh/id_ed25519"},
    {"description": "the password reset flow", "text": "password reset flow"},
    {"Authorization": "Bearer <token>", "authorization": "Basic authentication"},
    {"password": ["Hunter2Secret99"]},  # a list, not a string: its items are not keyed
    {"keys": {"password": 12345678}},
]


@pytest.mark.parametrize("data", NOT_KEYED)
def test_values_that_are_no_secret_are_kept(data: dict[str, object]) -> None:
    raw = (json.dumps(data) + "\n").encode()
    assert redact(raw) == (raw, 0)


def test_a_json_object_inside_a_string_is_redacted_by_the_assignment_pattern() -> None:
    inner = json.dumps({"password": "Hunter2Secret99", "api_key": "abcd1234efgh"})
    raw = json.dumps({"type": "tool_result", "content": inner}).encode()
    out, count = redact(raw)
    assert count == 2
    assert json.loads(json.loads(out)["content"]) == {"password": REDACTED,
                                                      "api_key": REDACTED}


def test_a_saved_transcript_keeps_no_secret_from_a_tool_input(repo_with_commit: Path,
                                                               tmp_path: Path) -> None:
    lines = claude_lines()
    lines[1]["message"]["content"][1]["input"] = {
        "command": "deploy", "password": "Hunter2Secret99", "AWS_SECRET_ACCESS_KEY": AWS_SECRET}
    source = write(tmp_path / f"{SESSION}.jsonl", jsonl(lines))
    result = save(repo_with_commit, source)
    assert result.redactions == 7
    stored = load(repo_with_commit, SESSION)
    assert b"Hunter2Secret99" not in stored
    assert AWS_SECRET.encode() not in stored
    tool_input = json.loads(stored.decode().splitlines()[1])["message"]["content"][1]["input"]
    assert tool_input == {"command": "deploy", "password": REDACTED,
                          "AWS_SECRET_ACCESS_KEY": REDACTED}


AUTH_TEXTS: list[tuple[str, str]] = [
    (f"curl -H 'Authorization: Basic {BASIC}==' https://x", f"{BASIC}=="),
    (f'headers = {{"Authorization": "Basic {BASIC}"}}', BASIC),
    ("Authorization: Bearer abc123def456", "abc123def456"),
    ("Proxy-Authorization: token 9f8e7d6c5b4a", "9f8e7d6c5b4a"),
    ('{"password": "Hunter2Secret99"}', "Hunter2Secret99"),
    ("'client_secret': 'abc'; 'api_key': 'abcdefgh'", "abcdefgh"),
]


@pytest.mark.parametrize(("text", "secret"), AUTH_TEXTS)
def test_authorization_headers_and_quoted_keys_in_plain_text(text: str, secret: str) -> None:
    from gitledger.core.credentials import find_credential

    assert find_credential(text) is not None
    found = find_credentials(text)
    assert [text[c.start:c.end] for c in found] == [secret]
    assert found == transcripts._merge(transcripts._find_everywhere(text))
    out, count = redact(text.encode())
    assert count == 1
    assert out.decode() == text.replace(secret, REDACTED)


PLAIN_PROSE = [
    "password reset flow",
    "The password reset flow emails a link",
    'the "password" field is required',
    'the "token": rotated yesterday',
    '"password": "", "token": true, "api_key": null',
    "Authorization: Basic auth is deprecated here",
    "Authorization: Basic <base64>",
    "Authorization: Bearer <token>",
    "Authorization: Bearer tokens",
    '"password": "$DB_PASSWORD"',
]


@pytest.mark.parametrize("text", PLAIN_PROSE)
def test_prose_about_credentials_is_not_redacted(text: str) -> None:
    from gitledger.core.credentials import find_credential

    assert find_credential(text) is None
    assert find_credentials(text) == []
    assert redact(text.encode()) == (text.encode(), 0)


def test_a_ledger_refuses_a_json_credential_and_writes_nothing(repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    before = refs(repo_with_commit)
    for text in ('Login with {"password": "Hunter2Secret99"}',
                 f"Call it with Authorization: Basic {BASIC}"):
        with pytest.raises(InvalidInput, match="looks like it contains a credential"):
            ledger.decide(text)
    assert refs(repo_with_commit) == before
