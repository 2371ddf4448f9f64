"""``git ledger transcript import``: the repository's earlier sessions, found in each agent's
own transcript directories, saved as the session-end hook saves them.

The transcripts are the ones the pinned clients wrote (tests/interchange/transcripts/, recorded
by the agent suite), moved to this test's repository: their working directory (Claude Code's
``cwd``, Codex's ``session_meta`` ``cwd``, Gemini CLI's ``projectHash``, the SHA-256 of its
project root, Factory Droid's ``session_start`` ``cwd``, GitHub Copilot CLI's
``session.start`` ``context.cwd``, the working directory of Cline CLI's system prompt)
rewritten to it, and each placed where its client keeps it under HOME.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from gitledger.integrations import transcript_import
from gitledger.integrations.transcript_import import IMPORTABLE, import_transcripts
from gitledger.interchange import transcripts
from gitledger.storage.layout import TRANSCRIPTS_PREFIX
from tests.conftest import Run, git, installed_git_ledger
from tests.interchange.test_opencode_transcript import SID, database

RECORDED = Path(__file__).resolve().parents[1] / "interchange" / "transcripts"
#: The project each recording was made in (the agent suite's temporary repository).
RECORDED_AT = re.compile(rb"/tmp/pytest-of-[^/\"]+/pytest-\d+/test_a_saved_session_exports_a\d+"
                         rb"/project")
#: Each client's session id in its recording, and where the client keeps such a file.
SESSIONS = {
    "claude": ("c6f0700f-6010-4534-aef3-7c0b41aff439",
               ".claude/projects/{dashed}/c6f0700f-6010-4534-aef3-7c0b41aff439.jsonl"),
    "codex": ("01a23900-7988-70d3-8809-317534888a33",
              ".codex/sessions/2026/12/02/rollout-2026-12-02T23-04-22-"
              "01a23900-7988-70d3-8809-317534888a33.jsonl"),
    "gemini": ("3b9afc84-4cfb-44d2-9ed8-29efe35fd00f",
               ".gemini/tmp/project/chats/session-2026-12-02T23-04-3b9afc84.jsonl"),
    "droid": ("76eb33db-a7a2-45bc-924a-ae96efc4bef5",
              ".factory/sessions/{dashed}/76eb33db-a7a2-45bc-924a-ae96efc4bef5.jsonl"),
    "copilot": ("7386b9cb-ded8-499d-9dc2-d1e459225d71",
                ".copilot/session-state/7386b9cb-ded8-499d-9dc2-d1e459225d71/events.jsonl"),
    "cline": ("1796441052586_0ubvl",
              ".cline/data/sessions/1796441052586_0ubvl/1796441052586_0ubvl.messages.json"),
}
#: Each recording's file, when it is not ``<agent>.jsonl``.
RECORDING = {"cline": "cline.json"}
GEMINI_HASH = re.compile(rb'"projectHash":"[0-9a-f]{64}"')


def home() -> Path:
    return Path(os.environ["HOME"])


def recording(agent: str, project: Path) -> bytes:
    """The client's recorded transcript, as if its session had worked in ``project``."""
    data = (RECORDED / RECORDING.get(agent, f"{agent}.jsonl")).read_bytes()
    data = RECORDED_AT.sub(str(project).encode(), data)
    digest = hashlib.sha256(str(project).encode()).hexdigest()
    return GEMINI_HASH.sub(f'"projectHash":"{digest}"'.encode(), data)


def place(agent: str, project: Path, data: bytes | None = None,
          name: str | None = None) -> Path:
    """A transcript of ``project`` where ``agent`` keeps it under HOME."""
    relative = SESSIONS[agent][1].format(dashed=str(project).replace("/", "-"))
    path = home() / (relative if name is None else str(Path(relative).parent / name))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(recording(agent, project) if data is None else data)
    return path


def saved(repo: Path) -> dict[str, str]:
    """Each transcript ref and its tip."""
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", TRANSCRIPTS_PREFIX)
    return dict(line.split() for line in out.splitlines())


def imported(ledger: Run, *args: str) -> dict[str, object]:
    done = ledger("transcript", "import", *args, "--json")
    assert done.exit_code == 0, done.output
    result: dict[str, object] = json.loads(done.stdout)
    return result


def ids(sessions: object) -> list[str]:
    assert isinstance(sessions, list)
    return [str(s["session_id"]) for s in sessions]


@pytest.mark.parametrize("agent", ["claude", "codex", "gemini", "droid", "copilot", "cline"])
def test_each_clients_earlier_session_is_saved_searched_and_exported(
        repo_with_commit: Path, ledger: Run, agent: str) -> None:
    session = SESSIONS[agent][0]
    path = place(agent, repo_with_commit)
    ledger.where = repo_with_commit
    result = imported(ledger)
    assert ids(result["imported"]) == [session]
    assert result["imported"][0]["path"] == os.path.realpath(path)  # type: ignore[index]
    assert list(saved(repo_with_commit)) == [TRANSCRIPTS_PREFIX + session]
    # Byte for byte as the hook saves it (nothing to redact in these recordings).
    assert transcripts.load(repo_with_commit, session) == path.read_bytes()
    listed = json.loads(ledger("transcript", "list", "--json").stdout)["transcripts"]
    assert [t["session_id"] for t in listed] == [session]
    document = ledger("export", "--format", "md", "--session", session[:8])
    assert document.exit_code == 0, document.output
    assert "write the greeting and record why" in document.stdout
    found = ledger("search", "--transcripts", "greeting", "--json")
    assert found.exit_code == 0, found.output
    assert f"transcript/{session}" in found.stdout


def test_a_second_import_saves_nothing_new_and_says_so(repo_with_commit: Path,
                                                       ledger: Run) -> None:
    for agent in SESSIONS:
        place(agent, repo_with_commit)
    ledger.where = repo_with_commit
    first = ledger("transcript", "import")
    assert first.exit_code == 0, first.output
    assert first.stdout.startswith(f"Imported {len(SESSIONS)} sessions"), first.stdout
    tips = saved(repo_with_commit)
    again = ledger("transcript", "import")
    assert again.exit_code == 0, again.output
    assert again.stdout.startswith("Nothing new to import"), again.stdout
    assert f"{len(SESSIONS)} already saved" in again.stdout
    assert saved(repo_with_commit) == tips


def test_a_session_saved_by_the_hook_is_not_saved_again(repo_with_commit: Path) -> None:
    path = place("claude", repo_with_commit)
    transcripts.save(repo_with_commit, path, source="session-end")
    tips = saved(repo_with_commit)
    result = import_transcripts(repo_with_commit)
    assert (result.imported, ids_of(result.already)) == ((), [SESSIONS["claude"][0]])
    assert saved(repo_with_commit) == tips


def ids_of(sessions: tuple[transcript_import.Session, ...]) -> list[str]:
    return [s.session_id for s in sessions]


def test_only_this_repositorys_sessions_and_its_worktrees_are_imported(
        repo_with_commit: Path, tmp_path: Path) -> None:
    other = tmp_path / "other-project"
    other.mkdir()
    place("claude", other)
    place("codex", other)
    place("gemini", other)
    # A sibling whose path starts with the repository's is another project too.
    place("claude", Path(f"{repo_with_commit}-fork"), name="fork.jsonl",
          data=recording("claude", Path(f"{repo_with_commit}-fork")).replace(
              b"c6f0700f", b"f0f0f0f0"))
    linked = tmp_path / "linked"
    git(repo_with_commit, "worktree", "add", "-q", str(linked), "-b", "side")
    place("codex", linked, name="rollout-linked.jsonl",
          data=recording("codex", linked).replace(b"01a23900", b"11111111"))
    place("claude", repo_with_commit / "src", name="sub.jsonl",
          data=recording("claude", repo_with_commit / "src").replace(b"c6f0700f", b"22222222"))
    result = import_transcripts(linked)  # from the linked worktree: the whole repository
    assert sorted(ids_of(result.imported)) == [
        "11111111-7988-70d3-8809-317534888a33", "22222222-6010-4534-aef3-7c0b41aff439"]
    assert result.elsewhere == 4
    assert result.skipped == ()


def test_dry_run_lists_and_saves_nothing(repo_with_commit: Path, ledger: Run) -> None:
    place("gemini", repo_with_commit)
    ledger.where = repo_with_commit
    done = ledger("transcript", "import", "--dry-run")
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("Would import 1 session"), done.stdout
    assert f"would import {SESSIONS['gemini'][0]} (gemini," in done.stdout
    assert saved(repo_with_commit) == {}
    imported(ledger)
    again = imported(ledger, "--dry-run")
    assert (again["imported"], ids(again["already_saved"])) == ([], [SESSIONS["gemini"][0]])


def test_agent_limits_the_import_and_an_agent_without_a_reader_is_refused(
        repo_with_commit: Path, ledger: Run) -> None:
    for agent in SESSIONS:
        place(agent, repo_with_commit)
    ledger.where = repo_with_commit
    result = imported(ledger, "--agent", "codex")
    assert (result["agents"], ids(result["imported"])) == (["codex"], [SESSIONS["codex"][0]])
    refused = ledger("transcript", "import", "--agent", "cursor")
    assert refused.exit_code == 1
    assert refused.stderr.count("\n") == 1, refused.stderr
    assert f"transcript import reads {', '.join(IMPORTABLE)}" in refused.stderr
    assert ledger("transcript", "import", "--agent", "nobody").exit_code == 2


def test_credentials_are_redacted_as_the_hook_redacts_them(repo_with_commit: Path) -> None:
    secret = "sk-ant-api03-" + "x7Q2" * 20
    data = recording("claude", repo_with_commit).replace(
        b"write the greeting and record why", f"use the key {secret}".encode(), 1)
    place("claude", repo_with_commit, data=data)
    result = import_transcripts(repo_with_commit)
    assert result.redactions == 1
    stored = transcripts.load(repo_with_commit, SESSIONS["claude"][0])
    assert secret.encode() not in stored
    assert transcripts.REDACTED.encode() in stored


def test_one_file_of_a_session_is_saved_its_own_else_the_newest(repo_with_commit: Path) -> None:
    """Claude Code keeps a subagent's transcript beside its session's, under the session's
    id: the session's own file (named after it) is saved, however old; among files named
    alike, the newest."""
    session = SESSIONS["claude"][0]
    own = place("claude", repo_with_commit)
    subagent = place("claude", repo_with_commit, name=f"{session}/subagents/agent-a1b2.jsonl",
                     data=recording("claude", repo_with_commit).replace(
                         b'"isSidechain":false', b'"isSidechain":true'))
    copy = place("claude", repo_with_commit, name=f"copy-{session}.jsonl",
                 data=recording("claude", repo_with_commit) + b'{"type":"summary",'
                 b'"sessionId":"' + session.encode() + b'","summary":"more"}\n')
    os.utime(own, ns=(1_000_000_000, 1_000_000_000))
    later = copy.stat().st_mtime_ns + 10**9
    os.utime(subagent, ns=(later, later))  # the newest of all, and not the session's
    first = import_transcripts(repo_with_commit)
    assert [s.path for s in first.imported] == [os.path.realpath(copy)]
    assert sorted(s.path for s in first.skipped) == sorted(
        [os.path.realpath(own), os.path.realpath(subagent)])
    assert all(f"another file of session {session} (the one saved is {copy})" in s.reason
               for s in first.skipped)
    assert transcripts.load(repo_with_commit, session) == copy.read_bytes()
    assert import_transcripts(repo_with_commit).imported == ()
    copy.unlink()
    assert [s.path for s in import_transcripts(repo_with_commit).imported] == [str(own)]


# -- bad paths ---------------------------------------------------------------------------------


def test_a_link_out_of_the_directory_is_refused_and_never_read(repo_with_commit: Path,
                                                              tmp_path: Path) -> None:
    outside = tmp_path / "outside.jsonl"
    outside.write_bytes(recording("claude", repo_with_commit))
    link = home() / ".claude" / "projects" / "-repo" / "linked.jsonl"
    link.parent.mkdir(parents=True)
    link.symlink_to(outside)
    (home() / ".claude" / "projects" / "linked-dir").symlink_to(tmp_path, target_is_directory=True)
    result = import_transcripts(repo_with_commit)
    assert result.imported == ()
    (skip,) = result.skipped
    assert (skip.path, skip.reason) == (str(link), f"the transcript {link} is a symbolic link; "
                                                   "not saved")
    assert saved(repo_with_commit) == {}


def test_unreadable_files_are_named_and_the_rest_imported(repo_with_commit: Path) -> None:
    place("codex", repo_with_commit)
    sessions = home() / ".codex" / "sessions"
    fifo = sessions / "2026" / "12" / "03" / "rollout-fifo.jsonl"
    fifo.parent.mkdir(parents=True)
    os.mkfifo(fifo)  # reading it would block: refused by its type, never opened for reading
    (sessions / "garbage.jsonl").write_bytes(b"\xff\xfe not json at all\n")
    (sessions / "directory.jsonl").mkdir()
    (home() / ".gemini" / "tmp" / "project").mkdir(parents=True)
    (home() / ".gemini" / "tmp" / "project" / "logs.json").write_text("[]")
    result = import_transcripts(repo_with_commit)
    assert ids_of(result.imported) == [SESSIONS["codex"][0]]
    (skip,) = result.skipped
    assert skip.path == str(fifo)
    assert "not a regular file" in skip.reason
    assert result.unrecognised == 2  # the garbage and Gemini CLI's own logs.json


def test_a_huge_transcript_is_capped_not_read(repo_with_commit: Path) -> None:
    path = place("claude", repo_with_commit)
    with path.open("r+b") as handle:  # sparse: the size without the disk
        handle.truncate(transcripts.MAX_BYTES + 1)
    result = import_transcripts(repo_with_commit)
    assert result.imported == ()
    (skip,) = result.skipped
    assert skip.reason == f"{path} is larger than 50 MB; not imported"
    assert saved(repo_with_commit) == {}


def test_progress_is_reported_per_file_and_drawn_at_most_a_few_times(
        repo_with_commit: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for agent in SESSIONS:
        place(agent, repo_with_commit)
    calls: list[tuple[str, int, int]] = []
    import_transcripts(repo_with_commit, progress=lambda *a: calls.append(a))
    every = len(SESSIONS)
    assert calls == [(stage, done, every) for stage in ("reading", "saving")
                     for done in range(1, every + 1)]
    from gitledger.commands.transcript import _Progress

    drawn = _Progress()
    for done in range(1, 10_001):
        drawn("reading", done, 10_000)
    drawn.done()
    err = capsys.readouterr().err
    assert err.count("\r") <= 10, err
    assert "reading transcripts: 10000/10000" in err
    assert err.endswith("\r\x1b[K")


def test_the_installed_command_imports_from_the_real_home(repo_with_commit: Path) -> None:
    place("claude", repo_with_commit)
    done = subprocess.run([str(installed_git_ledger()), "transcript", "import"],
                          cwd=repo_with_commit, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Imported 1 session ({', '.join(IMPORTABLE)}: 1 file"), \
        done.stdout
    assert done.stderr == ""  # not a terminal: no progress
    assert git(repo_with_commit, "show", f"{TRANSCRIPTS_PREFIX}{SESSIONS['claude'][0]}",
               "--stat", "--format=%s").startswith("transcript: save")


def test_the_help_names_every_agent_an_import_reads() -> None:
    """The CLI names them without loading the transcript readers; this keeps it true."""
    import click

    from gitledger.cli import cli

    group = cli.every_command()["transcript"]
    assert isinstance(group, click.Group)
    help_text = " ".join(str(group.commands["import"].params[0].help).split())
    assert ", ".join(transcript_import.IMPORTABLE) + ")" in help_text


@pytest.mark.parametrize("agent", ["opencode", "kilo"])
def test_the_sessions_of_this_repository_in_a_clients_database_are_imported(
        repo_with_commit: Path, ledger: Run, tmp_path: Path, agent: str) -> None:
    """OpenCode and Kilo keep their sessions as rows of a database: read-only, each of
    this repository's sessions is saved as the session-end hook saves it."""
    data = home() / ".local" / "share" / agent
    database(data / f"{agent}.db", directory=str(repo_with_commit / "sub"))
    ledger.where = repo_with_commit
    result = imported(ledger, "--agent", agent)
    assert ids(result["imported"]) == [SID]
    assert json.loads(transcripts.load(repo_with_commit, SID))["gitledger_client"] == agent
    document = ledger("export", "--format", "md", "--session", SID)
    assert document.exit_code == 0, document.output
    assert "make a file" in document.stdout
    again = imported(ledger, "--agent", agent)
    assert (again["imported"], ids(again["already_saved"])) == ([], [SID])


def test_a_clients_database_of_other_projects_is_left_alone(repo_with_commit: Path,
                                                            tmp_path: Path) -> None:
    database(home() / ".local" / "share" / "opencode" / "opencode.db", directory="/elsewhere")
    result = import_transcripts(repo_with_commit, agents=["opencode"])
    assert (result.imported, result.elsewhere) == ((), 1)
    assert saved(repo_with_commit) == {}
