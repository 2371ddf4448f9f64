"""``git ledger check``: every rule, each planted once in an otherwise clean ledger.

Each test starts from a ledger that passes, plants exactly one mistake (through the CLI,
or by writing an entry's TOML into the ledger ref by hand, as an older version or a
person with ``git`` would), and asserts the check fails for that rule and that entry,
through the CLI in text and JSON.  The Stop-hook mode is driven with Claude Code's Stop
payload on stdin.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
import subprocess
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygit2
import pytest
import tomli_w
from click.testing import CliRunner, Result
from pygit2.enums import FileMode

from gitledger.audit.check import ASK_USER_CHECKPOINTS, RESTORE_LINES, RULES
from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import Entry
from gitledger.ledger.decisions import implement
from gitledger.ledger.operations import Ledger
from gitledger.storage.layout import PROJECT_REF
from tests.builders import entry_files, put
from tests.conftest import Run, git

REJECTED = "shared callback with query param routing"
CHOSEN = "OAuth callback uses PKCE; enterprise SSO gets its own route"
SCOPE = "auth/callback"
FINDING_KEYS = {"rule", "severity", "entry", "ledger", "message", "fix"}
SUMMARY = re.compile(r"^ledger check: (OK|FAILED) \(\d+ errors?, \d+ warnings? in \d+ "
                     r"entr(y|ies)\)$")


# -- helpers ---------------------------------------------------------------------------------


def wrote(result: Result) -> dict[str, Any]:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def decide(ledger: Run, text: str, *args: str) -> str:
    return str(wrote(ledger("decide", text, *args, "--json"))["id"])


def commit_file(repo: Path, name: str, content: str, message: str = "change") -> str:
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def implemented(ledger: Run, repo: Path, text: str = CHOSEN, *args: str) -> tuple[str, str]:
    """A decision implemented at a fresh commit on main: (decision id, commit)."""
    entry_id = decide(ledger, text, *args)
    sha = commit_file(repo, f"src/{entry_id}.py", "pass\n", f"implement {entry_id}")
    wrote(ledger("implement", entry_id, "--json"))
    return entry_id, sha


def session_ref(repo: Path) -> str:
    ref = Ledger.open(repo, session="").ref
    assert ref is not None
    return ref


def read_blob(repo: Path, ref: str, path: str) -> bytes:
    git_repo = pygit2.Repository(str(repo))
    tree = git_repo.references[ref].peel(pygit2.Commit).tree
    return bytes(git_repo[tree[path].id].data)  # type: ignore[attr-defined]


def rewrite(repo: Path, ref: str, files: dict[str, bytes | None]) -> str:
    """Commit ``files`` (None removes) on ``ref`` by hand, parent = the old tip."""
    git_repo = pygit2.Repository(str(repo))
    tip = git_repo.references[ref].peel(pygit2.Commit)
    index = pygit2.Index()
    index.read_tree(tip.tree)
    for path, data in files.items():
        if data is None:
            index.remove(path)
        else:
            index.add(pygit2.IndexEntry(path, git_repo.create_blob(data), FileMode.BLOB))
    tree = index.write_tree(git_repo)
    # The user's own hand (the identity the tests run as): a hand edit by someone else
    # is a teammate's change, which the Stop hook does not send the agent back to fix.
    who = pygit2.Signature("Ada Tester", "ada@example.com")
    return str(git_repo.create_commit(ref, who, who, "edited by hand", tree, [tip.id]))


def edit_entries(repo: Path, changes: dict[str, dict[str, Any]], ref: str | None = None
                 ) -> None:
    """Rewrite entries' TOML by hand in one commit; a value of None removes the key."""
    ref = ref or session_ref(repo)
    files: dict[str, bytes | None] = {}
    for entry_id, fields in changes.items():
        data = tomllib.loads(read_blob(repo, ref, entry_path(entry_id)).decode("utf-8"))
        for key, value in fields.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        files[entry_path(entry_id)] = tomli_w.dumps(data).encode("utf-8")
    rewrite(repo, ref, files)


def edit_entry(repo: Path, entry_id: str, ref: str | None = None, **fields: Any) -> None:
    edit_entries(repo, {entry_id: fields}, ref)


def run_check(ledger: Run, *args: str) -> tuple[Result, dict[str, Any]]:
    """``check`` in text and in JSON; both must agree on the exit status."""
    text = ledger("check", *args)
    as_json = ledger("check", "--json", *args)
    assert text.exit_code == as_json.exit_code, (text.stdout, as_json.stdout)
    assert text.stderr == ""
    assert as_json.stderr == ""
    data: dict[str, Any] = json.loads(as_json.stdout)
    return text, data


def errors_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in data["findings"] if f["severity"] == "error"]


def warnings_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in data["findings"] if f["severity"] == "warning"]


def assert_clean(ledger: Run, *args: str) -> dict[str, Any]:
    text, data = run_check(ledger, *args)
    assert text.exit_code == 0, text.stdout
    assert data["ok"] is True
    assert data["findings"] == [], data
    assert text.stdout.strip().splitlines()[-1].startswith("ledger check: OK (0 errors, 0 ")
    return data


def assert_fails(ledger: Run, rule: str, entry: str | None, *args: str) -> dict[str, Any]:
    """Exit 1, the errors are exactly ``rule``, and one of them names ``entry``."""
    text, data = run_check(ledger, *args)
    assert text.exit_code == 1, text.stdout
    assert data["ok"] is False
    found = errors_of(data)
    assert {f["rule"] for f in found} == {rule}, found
    assert data["errors"] == len(found)
    mine = [f for f in found if f["entry"] == entry]
    assert mine, found
    lines = text.stdout.strip().splitlines()
    assert any(line.startswith(f"error: {rule}: ") for line in lines), text.stdout
    assert lines[-1].startswith("ledger check: FAILED ("), text.stdout
    return mine[0]


def assert_warns(ledger: Run, rule: str, entry: str | None) -> dict[str, Any]:
    """Exit 0, no errors, and exactly the warnings of ``rule``, one naming ``entry``."""
    text, data = run_check(ledger)
    assert text.exit_code == 0, text.stdout
    assert data["ok"] is True
    assert errors_of(data) == []
    found = warnings_of(data)
    assert {f["rule"] for f in found} == {rule}, found
    assert any(f["entry"] == entry for f in found), found
    assert f"warning: {rule}: " in text.stdout
    assert text.stdout.strip().splitlines()[-1].startswith("ledger check: OK (0 errors, ")
    return next(f for f in found if f["entry"] == entry)


def stop_payload(cwd: Path | str, active: bool = False) -> str:
    """Claude Code's Stop input (code.claude.com/docs/en/hooks#stop-input)."""
    return json.dumps({
        "session_id": "5f0c1e2a-claude",
        "transcript_path": "/home/ada/.claude/projects/-repo/5f0c1e2a-claude.jsonl",
        "cwd": str(cwd),
        "hook_event_name": "Stop",
        "stop_hook_active": active,
    })


def stop(ledger: Run, stdin: str | bytes) -> Result:
    result = ledger("check", "--hook", "stop", input=stdin)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result


def assert_not_blocked_with_note(result: Result) -> None:
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.endswith("\n")
    assert result.stderr.startswith("git ledger check --hook stop (claude): ")


# -- the second seed's five regression cases ------------------------------------------------


def test_seed_case_1_revived_alternative_names_its_source(ledger: Run,
                                                          repo_with_commit: Path) -> None:
    source = decide(ledger, CHOSEN, "--over", REJECTED, "--scope", SCOPE)
    decide(ledger, "log every callback", "--scope", "auth/logging")
    assert_clean(ledger)
    planted = ledger("decide", REJECTED, "--proposed", "--json")
    revived = wrote(planted)["id"]
    assert source in planted.stderr  # decide warns at write time too
    finding = assert_fails(ledger, "revived-alternative", revived)
    assert source in finding["message"]
    assert REJECTED in finding["message"]
    assert revived in finding["fix"]


def test_revived_alternative_not_flagged_for_a_replacement_or_a_mere_mention(
        ledger: Run, repo_with_commit: Path) -> None:
    source = decide(ledger, CHOSEN, "--over", REJECTED, "--scope", SCOPE)
    decide(ledger, f"document why we avoid {REJECTED}", "--proposed")
    assert_clean(ledger)
    replacement = ledger("decide", REJECTED, "--supersedes", source, "--json")
    wrote(replacement)
    assert replacement.stderr == ""
    assert_clean(ledger)


def test_seed_case_2_two_active_decisions_in_one_scope(ledger: Run,
                                                       repo_with_commit: Path) -> None:
    first = decide(ledger, CHOSEN, "--scope", SCOPE)
    decide(ledger, "SSO callback has its own route", "--scope", f"{SCOPE}/sso")
    assert_clean(ledger)  # a narrower scope is not the same scope
    second = decide(ledger, "one callback for everything", "--scope", SCOPE)
    finding = assert_fails(ledger, "scope-conflict", first)
    assert second in finding["message"]
    assert SCOPE in finding["message"]


def test_seed_case_3_deployed_without_a_receipt(ledger: Run, repo_with_commit: Path) -> None:
    entry_id, _ = implemented(ledger, repo_with_commit)
    assert_clean(ledger)
    edit_entry(repo_with_commit, entry_id, status="deployed")
    finding = assert_fails(ledger, "deploy-receipt", entry_id)
    for missing in ("env", "sha", "url", "at"):
        assert missing in finding["message"]


@pytest.mark.parametrize("hand_edit", [
    {"deployed_at": None},
    {"deployed_url": None},
    {"deployed_result": "failure"},
])
def test_deploy_receipt_incomplete_after_a_real_deploy(
        ledger: Run, repo_with_commit: Path, hand_edit: dict[str, Any]) -> None:
    entry_id, sha = implemented(ledger, repo_with_commit)
    wrote(ledger("deploy", entry_id, "--env", "production", "--sha", sha, "--url",
                 "https://ci.example.com/run/1", "--at", "2026-11-30T13:00:00Z", "--json"))
    assert_clean(ledger)
    edit_entry(repo_with_commit, entry_id, **hand_edit)
    assert_fails(ledger, "deploy-receipt", entry_id)


def test_seed_case_4_implemented_without_git_evidence(ledger: Run,
                                                      repo_with_commit: Path) -> None:
    entry_id, _sha = implemented(ledger, repo_with_commit)
    wrote(ledger("evidence", entry_id, "--add", "test:auth-callback", "--json"))
    assert_clean(ledger)
    edit_entry(repo_with_commit, entry_id, evidence=["test:auth-callback"])
    finding = assert_fails(ledger, "implemented-evidence", entry_id)
    assert "git:" in finding["fix"]


def test_seed_case_5_supersedes_link_not_returned(ledger: Run, repo_with_commit: Path) -> None:
    old = decide(ledger, "one callback for everything", "--scope", SCOPE)
    new = decide(ledger, CHOSEN, "--supersedes", old)
    assert_clean(ledger)
    edit_entry(repo_with_commit, new, supersedes=None)
    finding = assert_fails(ledger, "superseded-link", old)
    assert new in finding["message"]


def test_seed_case_5_superseded_with_no_replacement(ledger: Run,
                                                   repo_with_commit: Path) -> None:
    old = decide(ledger, "one callback for everything", "--scope", SCOPE)
    decide(ledger, "log every callback", "--scope", "auth/logging")
    assert_clean(ledger)
    edit_entry(repo_with_commit, old, status="superseded")
    finding = assert_fails(ledger, "superseded-link", old)
    assert "no replacement" in finding["message"]


def test_superseding_both_in_force_is_a_superseded_link_error(
        ledger: Run, repo_with_commit: Path) -> None:
    old = decide(ledger, "one callback for everything", "--scope", SCOPE)
    new = decide(ledger, CHOSEN, "--scope", "auth/other")
    assert_clean(ledger)
    edit_entry(repo_with_commit, new, supersedes=old)
    finding = assert_fails(ledger, "superseded-link", old)
    assert "both are in force" in finding["message"]


# -- what only a git-native ledger can check --------------------------------------------------


def test_evidence_missing(ledger: Run, repo_with_commit: Path) -> None:
    entry_id, sha = implemented(ledger, repo_with_commit)
    assert_clean(ledger)
    ghost = "1" * 40
    edit_entry(repo_with_commit, entry_id, evidence=[f"git:{sha}", f"git:{ghost}"])
    finding = assert_fails(ledger, "evidence-missing", entry_id)
    assert ghost in finding["message"]


def test_evidence_unreachable_then_kept_alive(ledger: Run, repo_with_commit: Path) -> None:
    entry_id, _ = implemented(ledger, repo_with_commit)
    assert_clean(ledger)
    orphan = git(repo_with_commit, "commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m",
                 "never on a branch").strip()
    edit_entry(repo_with_commit, entry_id, evidence=[f"git:{orphan}"])
    finding = assert_fails(ledger, "evidence-unreachable", entry_id)
    assert orphan[:12] in finding["message"]
    # The fix the finding gives keeps it alive under refs/ledger/keep.
    assert f"git:{orphan}" in finding["fix"]
    wrote(ledger("evidence", entry_id, "--add", f"git:{orphan}", "--json"))
    assert_clean(ledger)


def test_rebased_evidence_commit_still_verifies_after_gc(ledger: Run,
                                                         repo_with_commit: Path) -> None:
    _entry_id, sha = implemented(ledger, repo_with_commit)
    git(repo_with_commit, "commit", "-q", "--amend", "-m", "reworded: the commit is rewritten")
    assert git(repo_with_commit, "rev-parse", "HEAD").strip() != sha
    git(repo_with_commit, "reflog", "expire", "--expire=now", "--all")
    git(repo_with_commit, "gc", "-q", "--prune=now")
    assert git(repo_with_commit, "cat-file", "-t", sha).strip() == "commit"
    assert_clean(ledger)


def test_deploy_contains(ledger: Run, repo_with_commit: Path) -> None:
    before = git(repo_with_commit, "rev-parse", "HEAD").strip()
    entry_id, sha = implemented(ledger, repo_with_commit)
    wrote(ledger("deploy", entry_id, "--env", "production", "--sha", sha, "--url",
                 "https://ci.example.com/run/2", "--json"))
    assert_clean(ledger)
    edit_entry(repo_with_commit, entry_id, deployed_sha=before)
    finding = assert_fails(ledger, "deploy-contains", entry_id)
    assert before[:12] in finding["message"]
    assert sha[:12] in finding["message"]


def test_deploy_contains_deployed_commit_missing(ledger: Run, repo_with_commit: Path) -> None:
    entry_id, sha = implemented(ledger, repo_with_commit)
    wrote(ledger("deploy", entry_id, "--env", "production", "--sha", sha, "--url",
                 "https://ci.example.com/run/3", "--json"))
    assert_clean(ledger)
    ghost = "2" * 40
    edit_entry(repo_with_commit, entry_id, deployed_sha=ghost)
    finding = assert_fails(ledger, "deploy-contains", entry_id)
    assert "not a commit" in finding["message"]


def test_supersedes_cycle_of_two(ledger: Run, repo_with_commit: Path) -> None:
    a = decide(ledger, "decision a")
    b = decide(ledger, "decision b")
    assert_clean(ledger)
    edit_entries(repo_with_commit, {
        a: {"status": "superseded", "supersedes": b, "superseded_by": b},
        b: {"status": "superseded", "supersedes": a, "superseded_by": a},
    })
    finding = assert_fails(ledger, "supersedes-cycle", min(a, b))
    assert a in finding["message"]
    assert b in finding["message"]
    _, data = run_check(ledger)
    assert len(errors_of(data)) == 1


def test_supersedes_cycle_of_three(ledger: Run, repo_with_commit: Path) -> None:
    a = decide(ledger, "decision a")
    b = decide(ledger, "decision b")
    c = decide(ledger, "decision c")
    assert_clean(ledger)
    edit_entries(repo_with_commit, {
        a: {"status": "superseded", "supersedes": b, "superseded_by": c},
        b: {"status": "superseded", "supersedes": c, "superseded_by": a},
        c: {"status": "superseded", "supersedes": a, "superseded_by": b},
    })
    finding = assert_fails(ledger, "supersedes-cycle", min(a, b, c))
    assert all(x in finding["message"] for x in (a, b, c))
    _, data = run_check(ledger)
    assert len(errors_of(data)) == 1  # one cycle, reported once


@pytest.mark.parametrize("fields", [
    {"supersedes": "d-0000000000"},
    {"status": "superseded", "superseded_by": "d-0000000000"},
])
def test_dangling_link(ledger: Run, repo_with_commit: Path, fields: dict[str, Any]) -> None:
    entry_id = decide(ledger, CHOSEN)
    assert_clean(ledger)
    edit_entry(repo_with_commit, entry_id, **fields)
    finding = assert_fails(ledger, "dangling-link", entry_id)
    assert "d-0000000000" in finding["message"]


def test_duplicate_id(ledger: Run, repo_with_commit: Path) -> None:
    entry_id = decide(ledger, CHOSEN)
    assert_clean(ledger)
    ref = session_ref(repo_with_commit)
    blob = read_blob(repo_with_commit, ref, entry_path(entry_id))
    rewrite(repo_with_commit, ref, {entry_path("d-zzzzzzzzzz"): blob})
    finding = assert_fails(ledger, "duplicate-id", entry_id)
    assert entry_path("d-zzzzzzzzzz") in finding["message"]


def test_unknown_status(ledger: Run, repo_with_commit: Path) -> None:
    entry_id = decide(ledger, CHOSEN)
    assert_clean(ledger)
    edit_entry(repo_with_commit, entry_id, status="shipped")
    finding = assert_fails(ledger, "unknown-status", entry_id)
    assert "shipped" in finding["message"]


def test_unreadable_entry(ledger: Run, repo_with_commit: Path) -> None:
    decide(ledger, CHOSEN)
    assert_clean(ledger)
    path = entry_path("d-yyyyyyyyyy")
    rewrite(repo_with_commit, session_ref(repo_with_commit), {path: b"id = = 'not toml\n"})
    finding = assert_fails(ledger, "unreadable-entry", None)
    assert path in finding["message"]


# -- the warnings ------------------------------------------------------------------------------


def test_restore_long(ledger: Run, repo_with_commit: Path) -> None:
    ledger("open", "a first question")
    assert_clean(ledger)
    when = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    files: dict[str, bytes | None] = {}
    for n in range(RESTORE_LINES + 20):
        core = f"{n:010d}".replace("0", "a").replace("1", "b")  # digits and ALPHABET only
        entry = Entry(id=f"o-{core}", kind="open", text=f"question number {n}", seq=n + 2,
                      created=when, author="Ada Tester <ada@example.com>")
        files[entry_path(entry.id)] = encode_entry(entry)
    rewrite(repo_with_commit, session_ref(repo_with_commit), files)
    finding = assert_warns(ledger, "restore-long", None)
    assert "archive" in finding["fix"]


@pytest.mark.parametrize("text", [
    "all tests pass",
    "the build is green",
    "working on branch feature/x",
    "waiting on PRs #12, #13",
])
def test_rederivable_status(ledger: Run, repo_with_commit: Path, text: str) -> None:
    entry_id = wrote(ledger("open", text, "--json"))["id"]
    assert_warns(ledger, "rederivable-status", entry_id)


@pytest.mark.parametrize("text", [
    "the parser must handle empty input",
    "should we branch the SSO flow into its own route",
    "ask about the PR review policy",
])
def test_rederivable_status_not_for_normal_text(ledger: Run, repo_with_commit: Path,
                                                text: str) -> None:
    wrote(ledger("open", text, "--json"))
    assert_clean(ledger)


def test_stale_fact(ledger: Run, repo_with_commit: Path) -> None:
    commit_file(repo_with_commit, "tests/test_parser.py", "def test_empty(): pass\n")
    commit_file(repo_with_commit, "tests/test_other.py", "def test_other(): pass\n")
    fresh = wrote(ledger("verify", "other module is fine", "--by",
                         "pytest tests/test_other.py", "--json"))["id"]
    stale = wrote(ledger("verify", "parser handles empty input", "--by",
                         "pytest tests/test_parser.py", "--json"))["id"]
    commit_file(repo_with_commit, "README", "unrelated change\n")
    assert_clean(ledger)  # HEAD moved, but neither fact's file changed
    commit_file(repo_with_commit, "tests/test_parser.py", "def test_empty(): assert 0\n")
    finding = assert_warns(ledger, "stale-fact", stale)
    assert "tests/test_parser.py" in finding["message"]
    _, data = run_check(ledger)
    assert fresh not in {f["entry"] for f in data["findings"]}


def test_a_stale_facts_command_is_given_back_as_one_shell_word(
        ledger: Run, repo_with_commit: Path) -> None:
    """``re-run 'grep -n 'def f' x.py'`` broke in a shell: the command is quoted as one."""
    commit_file(repo_with_commit, "src/x.py", "def f(): pass\n")
    by = "grep -n 'def f' src/x.py"
    stale = wrote(ledger("verify", "f is defined", "--by", by, "--json"))["id"]
    commit_file(repo_with_commit, "src/x.py", "def g(): pass\n")
    finding = assert_warns(ledger, "stale-fact", stale)
    command = finding["fix"].removeprefix("re-run ").split(" and record")[0]
    assert shlex.split(command) == [by]


def test_ask_user_waiting(ledger: Run, repo_with_commit: Path) -> None:
    asked = wrote(ledger("open", "which region do we deploy to?", "--ask-user",
                         "--json"))["id"]
    wrote(ledger("open", "do we need a migration?", "--json"))
    for _ in range(ASK_USER_CHECKPOINTS - 1):
        Ledger.open(repo_with_commit).checkpoint("pre-compact")
    assert_clean(ledger)
    Ledger.open(repo_with_commit).checkpoint("pre-compact")
    finding = assert_warns(ledger, "ask-user-waiting", asked)
    assert str(ASK_USER_CHECKPOINTS) in finding["message"]
    _, data = run_check(ledger)
    assert len(data["findings"]) == 1  # the plain question is not waiting on the user


# -- output ------------------------------------------------------------------------------------


def test_every_rule_is_error_or_warning() -> None:
    assert {severity for severity, _ in RULES.values()} == {"error", "warning"}
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", rule) for rule in RULES)


def test_json_and_text_shape(ledger: Run, repo_with_commit: Path) -> None:
    decide(ledger, CHOSEN, "--over", REJECTED, "--scope", SCOPE)
    decide(ledger, REJECTED, "--proposed")
    status = decide(ledger, "keep sessions short")
    edit_entry(repo_with_commit, status, status="shipped")
    wrote(ledger("open", "all tests pass", "--json"))
    text, data = run_check(ledger)
    assert text.exit_code == 1
    assert set(data) == {"ok", "ledgers", "entries", "errors", "warnings", "findings"}
    assert data["ledgers"] == [session_ref(repo_with_commit)]
    assert data["entries"] == 4
    assert (data["errors"], data["warnings"]) == (2, 1)
    for finding in data["findings"]:
        assert set(finding) == FINDING_KEYS
        assert finding["severity"] == RULES[finding["rule"]][0]
        assert finding["ledger"] == session_ref(repo_with_commit)
        assert finding["message"]
        assert finding["fix"]
        assert "\n" not in finding["fix"]
    lines = text.stdout.rstrip("\n").split("\n")
    assert len(lines) == 2 * len(data["findings"]) + 1
    for i, finding in enumerate(data["findings"]):
        assert lines[2 * i].startswith(f"{finding['severity']}: {finding['rule']}: ")
        assert lines[2 * i + 1].startswith("  fix: ")
    assert SUMMARY.match(lines[-1])
    assert lines[-1].startswith("ledger check: FAILED")
    assert "2 errors, 1 warning in 4 entries" in lines[-1]
    # errors come before warnings
    severities = [f["severity"] for f in data["findings"]]
    assert severities == sorted(severities, key=lambda s: s != "error")


def test_clean_summary_line(ledger: Run, repo_with_commit: Path) -> None:
    decide(ledger, CHOSEN)
    text, _ = run_check(ledger)
    assert text.stdout == "ledger check: OK (0 errors, 0 warnings in 1 entry)\n"


@pytest.mark.parametrize("with_commit", [False, True])
def test_no_ledger_to_check(ledger: Run, repo: Path, with_commit: bool) -> None:
    if with_commit:
        commit_file(repo, "README", "hello\n")
    text, data = run_check(ledger)
    assert text.exit_code == 0
    assert text.stdout == "no ledger to check\n"
    assert data["ok"] is True
    assert data["ledgers"] == []
    assert data["findings"] == []


def test_not_a_repository_is_one_line_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    outside = tmp_path / "plain"
    outside.mkdir()
    result = Run(runner, outside)("check")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("git ledger")
    assert result.stderr.count("\n") == 1


def test_corrupt_pointer_is_one_line_exit_1(ledger: Run, repo_with_commit: Path) -> None:
    decide(ledger, CHOSEN)
    (repo_with_commit / ".git" / "ledger").write_text("refs/heads/main\n")
    result = ledger("check")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "ledger" in result.stderr


def test_control_characters_never_reach_the_output(ledger: Run,
                                                   repo_with_commit: Path) -> None:
    a = decide(ledger, CHOSEN, "--scope", SCOPE)
    b = decide(ledger, "another route", "--scope", "auth/x")
    assert_clean(ledger)
    edit_entries(repo_with_commit, {
        a: {"status": "\x1b[2Jshipped\x07", "text": "\x1b[31mred\x1b[0m"},
        b: {"scope": "auth/\x1b]0;pwned\x07x\nnext", "text": "all tests pass \x1b[1m"},
    })
    edit_entry(repo_with_commit, decide(ledger, "third", "--scope", "z"),
               scope="auth/\x1b]0;pwned\x07x\nnext")
    text, data = run_check(ledger)
    assert text.exit_code == 1
    assert {f["rule"] for f in data["findings"]} >= {"unknown-status", "scope-conflict",
                                                     "rederivable-status"}
    as_json = ledger("check", "--json").stdout
    hook = stop(ledger, stop_payload(repo_with_commit)).stdout
    for output in (text.stdout, as_json, hook):
        assert "\x1b" not in output
        assert "\x07" not in output
    assert text.stdout.count("\n") == 2 * len(data["findings"]) + 1
    reason = json.loads(hook)["reason"]
    assert "\x1b" not in reason
    assert "\n" not in reason


# -- which ledgers are checked -----------------------------------------------------------------


def test_project_and_ledger_restrict_the_check(ledger: Run, repo_with_commit: Path) -> None:
    in_session = decide(ledger, "session decision")
    in_project = decide(ledger, "project decision", "--project")
    assert_clean(ledger)
    edit_entry(repo_with_commit, in_session, status="shipped")
    edit_entry(repo_with_commit, in_project, ref=PROJECT_REF, status="launched")
    ref = session_ref(repo_with_commit)

    _, both = run_check(ledger)
    assert {f["entry"] for f in errors_of(both)} == {in_session, in_project}
    assert set(both["ledgers"]) == {ref, PROJECT_REF}
    assert {f["ledger"] for f in both["findings"]} == {ref, PROJECT_REF}

    _, project = run_check(ledger, "--project")
    assert project["ledgers"] == [PROJECT_REF]
    assert [f["entry"] for f in errors_of(project)] == [in_project]

    for name in (ref.rsplit("/", 1)[-1], ref):
        _, session = run_check(ledger, "--ledger", name)
        assert session["ledgers"] == [ref]
        assert [f["entry"] for f in errors_of(session)] == [in_session]

    _, named_project = run_check(ledger, "--ledger", "project")
    assert [f["entry"] for f in errors_of(named_project)] == [in_project]


def test_unknown_ledger_name_is_one_line_exit_1(ledger: Run, repo_with_commit: Path) -> None:
    decide(ledger, CHOSEN)
    result = ledger("check", "--ledger", "nosuchledger")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "nosuchledger" in result.stderr
    assert result.stderr.count("\n") == 1


def test_scope_conflict_across_session_and_project(ledger: Run,
                                                   repo_with_commit: Path) -> None:
    project = decide(ledger, CHOSEN, "--scope", SCOPE, "--project")
    assert_clean(ledger)
    session = decide(ledger, "one callback for everything", "--scope", SCOPE)
    # Both were made at the same (fixed) time, so either may be reported as the older.
    _, data = run_check(ledger)
    assert [f["rule"] for f in data["findings"]] == ["scope-conflict"]
    finding = data["findings"][0]
    assert finding["entry"] in (project, session)
    assert project in finding["message"]
    assert session in finding["message"]
    assert_clean(ledger, "--project")  # each ledger alone is consistent
    assert_clean(ledger, "--ledger", session_ref(repo_with_commit))


def test_link_from_session_to_project_resolves(ledger: Run, repo_with_commit: Path) -> None:
    old = decide(ledger, "one callback for everything", "--scope", SCOPE, "--project")
    new = decide(ledger, CHOSEN, "--scope", SCOPE)
    edit_entry(repo_with_commit, new, supersedes=old)
    edit_entry(repo_with_commit, old, ref=PROJECT_REF, status="superseded",
               superseded_by=new)
    assert_clean(ledger)


# -- the Stop hook -----------------------------------------------------------------------------


def plant_revived(ledger: Run) -> tuple[str, str]:
    source = decide(ledger, CHOSEN, "--over", REJECTED, "--scope", SCOPE)
    return source, decide(ledger, REJECTED, "--proposed")


def test_stop_hook_blocks_on_errors(ledger: Run, repo_with_commit: Path) -> None:
    source, revived = plant_revived(ledger)
    result = stop(ledger, stop_payload(repo_with_commit))
    assert result.stderr == ""
    assert result.stdout.endswith("\n")
    assert result.stdout.count("\n") == 1
    data = json.loads(result.stdout)
    assert set(data) == {"decision", "reason"}
    assert data["decision"] == "block"
    assert "revived-alternative" in data["reason"]
    assert revived in data["reason"]
    assert "fix:" in data["reason"]
    assert f"git ledger reject {revived}" in data["reason"]
    assert source in data["reason"]


def test_stop_hook_blocks_once_then_lets_the_agent_go(ledger: Run,
                                                     repo_with_commit: Path) -> None:
    _, revived = plant_revived(ledger)
    first = stop(ledger, stop_payload(repo_with_commit, active=False))
    assert json.loads(first.stdout)["decision"] == "block"
    again = stop(ledger, stop_payload(repo_with_commit, active=True))
    assert (again.stdout, again.stderr) == ("", "")
    # the agent fixes it; the next stop is clean
    wrote(ledger("reject", revived, "--why", "rejected already", "--json"))
    fixed = stop(ledger, stop_payload(repo_with_commit, active=False))
    assert (fixed.stdout, fixed.stderr) == ("", "")


def test_stop_hook_silent_on_warnings_and_when_clean(ledger: Run,
                                                     repo_with_commit: Path) -> None:
    empty = stop(ledger, stop_payload(repo_with_commit))
    assert (empty.stdout, empty.stderr) == ("", "")  # no ledger at all
    decide(ledger, CHOSEN, "--scope", SCOPE)
    clean = stop(ledger, stop_payload(repo_with_commit))
    assert (clean.stdout, clean.stderr) == ("", "")
    wrote(ledger("open", "all tests pass", "--json"))
    assert ledger("check").exit_code == 0
    assert "warning: rederivable-status" in \
        ledger("check").stdout
    warned = stop(ledger, stop_payload(repo_with_commit))
    assert (warned.stdout, warned.stderr) == ("", "")


@pytest.mark.parametrize("stdin", [b"", b"{not json", b"[1, 2]", b"\xff\xfe\x00"])
def test_stop_hook_malformed_stdin_never_blocks(ledger: Run, repo_with_commit: Path,
                                                stdin: bytes) -> None:
    plant_revived(ledger)
    assert_not_blocked_with_note(stop(ledger, stdin))


def test_stop_hook_cwd_not_a_repository(ledger: Run, repo_with_commit: Path,
                                        tmp_path: Path) -> None:
    plant_revived(ledger)
    elsewhere = tmp_path / "not-a-repo"
    elsewhere.mkdir()
    assert_not_blocked_with_note(stop(ledger, stop_payload(elsewhere)))
    assert_not_blocked_with_note(stop(ledger, stop_payload(tmp_path / "missing")))


def test_stop_hook_corrupt_ledger_never_blocks(ledger: Run, repo_with_commit: Path) -> None:
    plant_revived(ledger)
    (repo_with_commit / ".git" / "ledger").write_text("not a ref at all\n")
    assert_not_blocked_with_note(stop(ledger, stop_payload(repo_with_commit)))


def test_stop_hook_ledger_ref_not_a_commit_never_blocks(ledger: Run,
                                                       repo_with_commit: Path) -> None:
    plant_revived(ledger)
    blob = git(repo_with_commit, "hash-object", "-w", "README").strip()
    git(repo_with_commit, "update-ref", session_ref(repo_with_commit), blob)
    assert_not_blocked_with_note(stop(ledger, stop_payload(repo_with_commit)))


def test_stop_hook_uses_the_payload_cwd(ledger: Run, repo_with_commit: Path, runner: CliRunner,
                                        tmp_path: Path) -> None:
    """Run from another directory: the payload's cwd names the repository."""
    plant_revived(ledger)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    git(elsewhere, "init", "-q", "-b", "main")
    result = Run(runner, elsewhere)("check", "--hook", "stop",
                                    input=stop_payload(repo_with_commit))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["decision"] == "block"


# -- end to end: the installed git-ledger and a real commit ------------------------------------


def gl(repo: Path, env: dict[str, str], *args: str, stdin: str | None = None
       ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "ledger", *args], cwd=repo, env=env, capture_output=True,
                          text=True, input=stdin, check=False)


def test_end_to_end_case_trail(repo_with_commit: Path, cli_env: dict[str, str]) -> None:
    repo = repo_with_commit
    made = gl(repo, cli_env, "decide", CHOSEN, "--over", REJECTED, "--scope", SCOPE,
              "--because", "enterprise SSO has its own audit and rollback boundary",
              "--json")
    assert made.returncode == 0, made.stderr
    decision = json.loads(made.stdout)["id"]

    (repo / "auth").mkdir()
    (repo / "auth" / "callback.py").write_text("def callback(): return 'pkce'\n")
    git(repo, "add", "auth/callback.py")
    git(repo, "commit", "-q", "-m", "PKCE callback")
    head = git(repo, "rev-parse", "HEAD").strip()

    done = gl(repo, cli_env, "implement", decision, "--json")
    assert done.returncode == 0, done.stderr
    assert f"git:{head}" in json.loads(done.stdout)["entry"]["evidence"]

    ok = gl(repo, cli_env, "check")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout == "ledger check: OK (0 errors, 0 warnings in 1 entry)\n"
    quiet = gl(repo, cli_env, "check", "--hook", "stop", stdin=stop_payload(repo))
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")

    planted = gl(repo, cli_env, "decide", REJECTED, "--proposed", "--json")
    assert planted.returncode == 0
    assert decision in planted.stderr
    revived = json.loads(planted.stdout)["id"]

    failed = gl(repo, cli_env, "check", "--json")
    assert failed.returncode == 1, failed.stdout
    findings = json.loads(failed.stdout)["findings"]
    assert [(f["rule"], f["entry"]) for f in findings] == [("revived-alternative", revived)]
    assert decision in findings[0]["message"]
    text = gl(repo, cli_env, "check")
    assert text.returncode == 1
    assert text.stdout.splitlines()[-1].startswith(
        "ledger check: FAILED (1 error, 0 warnings in 2 entries)")

    blocked = gl(repo, cli_env, "check", "--hook", "stop", stdin=stop_payload(repo))
    assert blocked.returncode == 0
    assert json.loads(blocked.stdout)["decision"] == "block"
    released = gl(repo, cli_env, "check", "--hook", "stop",
                  stdin=stop_payload(repo, active=True))
    assert (released.returncode, released.stdout) == (0, "")


def test_ask_user_counts_only_checkpoints_after_the_question(ledger: Run,
                                                            repo_with_commit: Path) -> None:
    wrote(ledger("task", "ship PKCE", "--json"))
    for _ in range(ASK_USER_CHECKPOINTS + 1):
        Ledger.open(repo_with_commit).checkpoint("pre-compact")
    asked = wrote(ledger("open", "which region do we deploy to?", "--ask-user",
                         "--json"))["id"]
    Ledger.open(repo_with_commit).checkpoint("pre-compact")
    assert_clean(ledger)
    for _ in range(ASK_USER_CHECKPOINTS - 1):
        Ledger.open(repo_with_commit).checkpoint("session-end")
    assert_warns(ledger, "ask-user-waiting", asked)
    wrote(ledger("resolve", asked, "--as", "decided", "--text", "deploy to eu-west-1",
                 "--json"))
    assert_clean(ledger)


def test_link_to_project_decision_when_only_the_session_is_checked(
        ledger: Run, repo_with_commit: Path) -> None:
    old = decide(ledger, "one callback for everything", "--scope", SCOPE, "--project")
    new = decide(ledger, CHOSEN, "--scope", SCOPE)
    edit_entry(repo_with_commit, new, supersedes=old)
    edit_entry(repo_with_commit, old, ref=PROJECT_REF, status="superseded",
               superseded_by=new)
    _, data = run_check(ledger, "--ledger", session_ref(repo_with_commit))
    assert data["findings"] == []


@pytest.mark.parametrize("args", [
    ("--hook", "stop", "--json"),
    ("--hook", "stop", "--project"),
    ("--agent", "codex"),
    ("--project", "--ledger", "project"),
])
def test_check_options_that_do_not_mix_are_usage_errors(ledger: Run, args: tuple[str, ...]
                                                       ) -> None:
    result = ledger("check", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1


# -- a decision that retries a dropped approach or a rejected decision (issue 18) -----------

DROPPED = "poll the IdP for the token every second"


def drop(ledger: Run, text: str, *args: str) -> str:
    return str(wrote(ledger("drop", text, "--why", "the IdP rate-limits us", *args,
                            "--json"))["id"])


def test_retried_approach_names_the_dropped_approach(ledger: Run,
                                                      repo_with_commit: Path) -> None:
    dropped = drop(ledger, DROPPED)
    decide(ledger, f"never {DROPPED}")  # a mention is not a repeat
    assert_clean(ledger)
    planted = ledger("decide", "Poll the IdP for the token every second.", "--json")
    retried = wrote(planted)["id"]
    assert dropped in planted.stderr  # decide warns at write time too
    assert planted.stderr.count("\n") == 1
    finding = assert_fails(ledger, "retried-approach", retried)
    assert dropped in finding["message"]
    assert "dropped" in finding["message"]
    assert retried in finding["fix"]
    assert dropped in finding["fix"]


def test_retried_approach_names_the_rejected_decision(ledger: Run,
                                                       repo_with_commit: Path) -> None:
    rejected = decide(ledger, "Store the token in localStorage", "--proposed")
    wrote(ledger("reject", rejected, "--why", "any XSS reads it", "--json"))
    assert_clean(ledger)
    planted = ledger("decide", "store the token in localStorage", "--proposed", "--json")
    retried = wrote(planted)["id"]
    assert rejected in planted.stderr
    finding = assert_fails(ledger, "retried-approach", retried)
    assert rejected in finding["message"]
    assert "rejected" in finding["message"]
    # Accepting it warns again; saying why it is right now, naming the old id, settles it.
    assert rejected in ledger("accept", retried).stderr
    wrote(ledger("edit", retried, "--because", f"{rejected[:6]} predates the CSP; now "
                 "inline scripts cannot run", "--json"))
    assert_clean(ledger)


def test_retried_approach_across_tasks_through_the_project(ledger: Run,
                                                            repo_with_commit: Path) -> None:
    dropped = drop(ledger, DROPPED)
    rejected = decide(ledger, "Use implicit flow", "--project", "--proposed")
    wrote(ledger("reject", rejected, "--why", "tokens in URLs", "--json"))
    wrote(ledger("archive", "--json"))  # the next task: the drop is the project's now
    assert_clean(ledger)
    for text, source in ((DROPPED, dropped), ("use implicit flow", rejected)):
        planted = ledger("decide", text, "--json")
        assert source in planted.stderr, planted.stderr
    _, data = run_check(ledger)
    named = sorted(f["message"].split(" repeats ")[1].split(",")[0] for f in errors_of(data))
    assert {f["rule"] for f in errors_of(data)} == {"retried-approach"}
    assert named == sorted([dropped, rejected])
    # Checking the session ledger alone still reads the project's, and the project itself.
    _, alone = run_check(ledger, "--ledger", session_ref(repo_with_commit))
    assert len(errors_of(alone)) == 2
    wrote(ledger("decide", DROPPED, "--project", "--json"))
    _, project = run_check(ledger, "--project")
    assert [f["rule"] for f in errors_of(project)] == ["retried-approach"]


def test_a_decision_older_than_the_drop_is_not_a_retry(ledger: Run,
                                                      repo_with_commit: Path) -> None:
    decide(ledger, "Keep the session cookie", "--proposed")
    duplicate = decide(ledger, "keep the session cookie", "--proposed")
    wrote(ledger("reject", duplicate, "--why", "a duplicate", "--json"))
    assert_clean(ledger)
    later = drop(ledger, "Pin the IdP certificate")
    text, data = run_check(ledger)
    assert text.exit_code == 0, text.stdout
    assert later not in text.stdout
    assert data["errors"] == 0


def test_decision_drift(ledger: Run, repo_with_commit: Path) -> None:
    repo = repo_with_commit
    commit_file(repo, "db.py", "".join(f"line {n}\n" for n in range(1, 11)), "db")
    commit_file(repo, "db.py", "".join(f"line {n} wal\n" for n in range(1, 11)), "use WAL")
    sha = git(repo, "rev-parse", "HEAD").strip()
    held = Ledger.open(repo)
    made = held.decide("use WAL", over=["rollback journal"], because="readers never block")
    assert made.entry is not None
    implement(held, made.entry.id, commit=sha)
    assert held.ref is not None
    put(held.store, held.ref, entry_files(dataclasses.replace(
        held.get(made.entry.id), footprint=(f"{sha} 2-4 db.py",))))
    commit_file(repo, "db.py", "".join(f"line {n} wal\n" for n in range(1, 9)) + "x\ny\n")
    assert_clean(ledger)  # lines 9-10 changed: outside the footprint
    commit_file(repo, "db.py", "line 1 wal\nline 2 journal\n" +
                "".join(f"line {n} wal\n" for n in range(3, 9)) + "x\ny\n", "journal again")
    finding = assert_warns(ledger, "decision-drift", made.entry.id)
    assert "db.py: 1 line" in finding["message"]
    assert f"Ledger-Refs: {made.entry.id}" in finding["fix"]
