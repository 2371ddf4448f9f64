"""``git ledger doctor [--fix]``: planted storage faults are found, each with its one-line
fix, and ``--fix`` repairs the safe ones without moving any ledger's history.

Faults are planted with real git plumbing (``update-ref``, ``commit-tree``, a temporary
index), the way a user or a broken tool would leave them.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger import FORMAT_VERSION
from gitledger.audit.doctor import CODES, DoctorReport, doctor, report_json, report_text
from gitledger.core.codec import decode_entry, encode_entry
from gitledger.core.ids import entry_path, new_id
from gitledger.derived import registry
from gitledger.derived.path_tokens import state_path, tokens_path
from gitledger.ledger import path_index
from gitledger.ledger.operations import Ledger
from gitledger.storage.keepalive import kept_path
from gitledger.storage.layout import KEEP_REF, NOTES_REF
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.builders import aged_past_stale, make_entry
from tests.conftest import Run, archived_commit, git

#: The line of a ledger.toml this version writes.
_FORMAT_LINE = f"format = {FORMAT_VERSION}".encode()


def _ok(result: Result) -> str:
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout.strip()


def _commit(repo: Path, name: str) -> str:
    (repo / name).write_text(f"{name}\n")
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", f"add {name}")
    return git(repo, "rev-parse", "HEAD").strip()


def _session(repo: Path) -> str:
    return (repo / ".git" / "ledger").read_text().strip()


def _refs(repo: Path, *patterns: str) -> str:
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)", *patterns)


def _ledger_refs(repo: Path) -> str:
    """The refs doctor must never move: the ledgers and their archives."""
    return _refs(repo, "refs/ledger/sessions/", "refs/ledger/project", "refs/ledger/archive/")


def _codes(report: DoctorReport, *, fixed: bool | None = None) -> list[str]:
    return [f.code for f in report.findings if fixed is None or f.fixed == fixed]


def _one(report: DoctorReport, code: str) -> str:
    """The single text line of the (only) finding with ``code``."""
    lines = [line for line in report_text(report).splitlines() if f": {code}: " in line]
    assert len(lines) == 1, report_text(report)
    return lines[0]


def _plant(repo: Path, ref: str, files: dict[str, bytes | None], message: str = "plant") -> str:
    """A commit on top of ``ref`` whose tree has ``files`` changed (None removes one)."""
    index = repo / ".git" / "plant-index"
    env = {**os.environ, "GIT_INDEX_FILE": str(index)}

    def run(*args: str, data: bytes | None = None) -> str:
        done = subprocess.run(["git", *args], cwd=repo, env=env, input=data,
                              capture_output=True, check=True)
        return done.stdout.decode().strip()

    tip = run("rev-parse", ref)
    run("read-tree", tip)
    for path, data in files.items():
        if data is None:
            run("update-index", "--force-remove", path)
        else:
            blob = run("hash-object", "-w", "--stdin", data=data)
            run("update-index", "--add", "--cacheinfo", f"100644,{blob},{path}")
    tree = run("write-tree")
    commit = run("commit-tree", tree, "-p", tip, "-m", message)
    run("update-ref", ref, commit)
    index.unlink()
    return commit


def _blob(repo: Path, ref: str, path: str) -> bytes:
    return subprocess.run(["git", "cat-file", "blob", f"{ref}:{path}"], cwd=repo,
                          capture_output=True, check=True).stdout


@pytest.fixture
def work(repo_with_commit: Path, ledger: Run) -> Path:
    """A repository in normal use: session and project decisions citing a commit, facts,
    questions (so notes and the keep-alive chain exist)."""
    code = git(repo_with_commit, "rev-parse", "HEAD").strip()
    _ok(ledger("decide", "Use PKCE", "--over", "implicit flow", "--evidence", f"git:{code}"))
    _ok(ledger("open", "Which IdP?"))
    _ok(ledger("verify", "login works", "--by", "make test"))
    _ok(ledger("decide", "--project", "Python 3.12 everywhere", "--evidence", f"git:{code}"))
    return repo_with_commit


def _clean(repo: Path) -> None:
    report = doctor(repo)
    assert report.findings == (), report_text(report)
    assert report.ok


# -- a healthy repository --------------------------------------------------------------------


def test_a_repository_without_ledgers_is_clean(repo: Path) -> None:
    report = doctor(repo)
    assert report.findings == ()
    assert report.ok
    assert report_text(report).startswith("ledger doctor: OK")


def test_a_repository_in_normal_use_is_clean(work: Path) -> None:
    _clean(work)
    assert "refs/ledger/keep" in _refs(work, "refs/ledger/")
    assert _refs(work, NOTES_REF)


def test_doctor_reads_without_writing_any_ref(work: Path) -> None:
    before = _refs(work)
    doctor(work)
    doctor(work, fix=True)
    assert _refs(work) == before


def test_after_archive_with_carry_is_clean(work: Path, ledger: Run) -> None:
    _ok(ledger("archive"))
    _clean(work)
    # The worktree now points at a fresh name no ref has yet: that is no fault.
    assert not git(work, "for-each-ref", _session(work)).strip()
    _clean(work)


def test_after_archive_without_carry_is_clean(work: Path, ledger: Run) -> None:
    """The archived decision's notes must name the archive, as notes rebuild does."""
    _ok(ledger("archive", "--no-carry"))
    _clean(work)


def test_every_code_has_a_severity() -> None:
    assert CODES
    assert {severity for severity, _ in CODES.values()} == {"error", "warning"}


# -- refs that are no ledger -----------------------------------------------------------------


def test_a_ledger_ref_pointing_at_a_blob(work: Path) -> None:
    blob = subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=work, input=b"junk\n",
                          capture_output=True, check=True).stdout.decode().strip()
    git(work, "update-ref", "refs/ledger/sessions/blobby0000", blob)
    report = doctor(work)
    assert _codes(report) == ["ref-not-ledger"]
    line = _one(report, "ref-not-ledger")
    assert line.startswith("error: ref-not-ledger: refs/ledger/sessions/blobby0000 points at a "
                           "blob, not a ledger commit (fix: ")
    assert "git update-ref -d refs/ledger/sessions/blobby0000" in line
    assert not report.ok


def test_an_archive_that_is_a_plain_commit(work: Path) -> None:
    git(work, "update-ref", "refs/ledger/archive/plain00000", _session(work))
    report = doctor(work)
    assert "ref-not-ledger" in _codes(report)
    assert "not an annotated archive tag" in _one(report, "ref-not-ledger")


def test_a_symbolic_ref_under_refs_ledger(work: Path) -> None:
    git(work, "symbolic-ref", "refs/ledger/sessions/sym0000000", _session(work))
    before = _ledger_refs(work)
    report = doctor(work, fix=True)
    assert _codes(report) == ["ref-symbolic"]
    line = _one(report, "ref-symbolic")
    assert "refs/ledger/sessions/sym0000000 is a symbolic ref" in line
    assert "(fix: git update-ref --no-deref -d refs/ledger/sessions/sym0000000)" in line
    assert not report.ok, "a symbolic ref is not doctor's to remove"
    assert _ledger_refs(work) == before
    # The one-line fix works.
    git(work, "update-ref", "--no-deref", "-d", "refs/ledger/sessions/sym0000000")
    _clean(work)


def test_a_ref_outside_the_layout_is_a_warning(work: Path) -> None:
    git(work, "update-ref", "refs/ledger/stray", "HEAD")
    report = doctor(work)
    assert _codes(report) == ["ref-unknown"]
    assert report.ok
    assert _one(report, "ref-unknown").startswith("warning: ref-unknown: refs/ledger/stray")


def test_a_ledger_commit_without_ledger_toml(work: Path) -> None:
    ref = _session(work)
    _plant(work, ref, {"ledger.toml": None})
    before = _ledger_refs(work)
    report = doctor(work, fix=True)
    assert _codes(report) == ["header-missing"]
    assert f"{ref}: its tip has no ledger.toml" in _one(report, "header-missing")
    assert _ledger_refs(work) == before, "doctor never rewrites a ledger's history"


def test_a_commit_deep_in_the_chain_without_ledger_toml(work: Path, ledger: Run) -> None:
    ref = _session(work)
    bad = _plant(work, ref, {"ledger.toml": None})
    _plant(work, ref, {"ledger.toml": _blob(work, f"{bad}^", "ledger.toml")})
    report = doctor(work)
    assert _codes(report) == ["header-missing"]
    assert f"commit {bad[:12]} has no ledger.toml" in _one(report, "header-missing")


def test_a_ledger_format_newer_than_known(work: Path) -> None:
    ref = _session(work)
    meta = _blob(work, ref, "ledger.toml").replace(_FORMAT_LINE, b"format = 99")
    assert b"format = 99" in meta
    _plant(work, ref, {"ledger.toml": meta})
    report = doctor(work)
    assert _codes(report) == ["format-unknown"]
    line = _one(report, "format-unknown")
    assert "format 99" in line
    assert "(fix: upgrade gitledger)" in line


def test_a_ledger_format_below_one(work: Path) -> None:
    meta = _blob(work, "refs/ledger/project", "ledger.toml").replace(_FORMAT_LINE,
                                                                     b"format = 0")
    _plant(work, "refs/ledger/project", {"ledger.toml": meta})
    report = doctor(work)
    assert _codes(report) == ["format-unknown"]
    assert "does not exist" in _one(report, "format-unknown")


def test_a_ledger_toml_that_is_a_directory_is_named_as_such(work: Path) -> None:
    ref = _session(work)
    _plant(work, ref, {"ledger.toml": None, "ledger.toml/inside": b"x"})
    report = doctor(work)
    assert "header-bad" in _codes(report)
    line = _one(report, "header-bad")
    assert "is a tree, not a file" in line
    assert "NoneType" not in line
    assert "attribute" not in line


def test_a_project_header_in_a_session_ref(work: Path) -> None:
    ref = _session(work)
    _plant(work, ref, {"ledger.toml": _blob(work, "refs/ledger/project", "ledger.toml")})
    report = doctor(work)
    assert "header-bad" in _codes(report)
    assert "is a project ledger where a session ledger belongs" in _one(report, "header-bad")


def test_a_missing_commit_in_the_chain(work: Path) -> None:
    ref = _session(work)
    parent = git(work, "rev-parse", f"{ref}^").strip()
    obj = work / ".git" / "objects" / parent[:2] / parent[2:]
    assert obj.exists()
    obj.unlink()
    report = doctor(work)
    assert "object-missing" in _codes(report)
    assert f"{parent[:12]}" in _one(report, "object-missing")
    assert not report.ok


# -- entries ---------------------------------------------------------------------------------


def _an_entry(ledger: Run) -> str:
    """A fresh OPEN entry of the session ledger, to plant a fault on."""
    return _ok(ledger("open", "planted?"))


def test_an_entry_that_does_not_parse(work: Path, ledger: Run) -> None:
    entry = _an_entry(ledger)
    ref = _session(work)
    _plant(work, ref, {entry_path(entry): b"text = [unclosed\n"})
    report = doctor(work, fix=True)
    assert _codes(report) == ["entry-unreadable"]
    line = _one(report, "entry-unreadable")
    assert entry_path(entry) in line
    assert f"git log -p {ref} -- {entry_path(entry)}" in line
    assert not report.ok


def test_a_misplaced_entry(work: Path, ledger: Run) -> None:
    entry = _an_entry(ledger)
    ref = _session(work)
    body = _blob(work, ref, entry_path(entry))
    wrong = "entries/z/z/o-zzzzzzzzzz.toml"
    _plant(work, ref, {entry_path(entry): None, wrong: body})
    report = doctor(work)
    assert _codes(report) == ["entry-misplaced"]
    line = _one(report, "entry-misplaced")
    assert wrong in line
    assert f"where {entry} belongs" in line


def test_a_duplicated_entry_in_one_ledger(work: Path, ledger: Run) -> None:
    entry = _an_entry(ledger)
    ref = _session(work)
    body = _blob(work, ref, entry_path(entry))
    _plant(work, ref, {"entries/z/z/o-zzzzzzzzzz.toml": body})
    report = doctor(work)
    assert _codes(report) == ["duplicate-id"]
    assert f"holds {entry}" in _one(report, "duplicate-id")


def test_one_id_in_two_ledgers(work: Path, ledger: Run) -> None:
    entry = _an_entry(ledger)
    body = _blob(work, _session(work), entry_path(entry))
    _plant(work, "refs/ledger/project", {entry_path(entry): body})
    report = doctor(work)
    # Planted past the write hook: no digest is in the tree to go stale (it is local).
    assert _codes(report) == ["duplicate-id"]
    line = _one(report, "duplicate-id")
    assert f"{entry} is held by 2 ledgers" in line
    assert "refs/ledger/project" in line
    assert _session(work) in line


# -- worktree pointers and orphans -----------------------------------------------------------


def test_a_garbage_pointer_is_removed_by_fix(work: Path, ledger: Run) -> None:
    pointer = work / ".git" / "ledger"
    old = _session(work)
    pointer.write_bytes(b"\xff\xfe not a ref \x00\n")
    before = _ledger_refs(work)
    report = doctor(work)
    assert "pointer-invalid" in _codes(report)
    line = _one(report, "pointer-invalid")
    assert str(pointer) in line
    assert "so the next write starts a fresh ledger" in line
    assert pointer.exists(), "without --fix nothing is removed"
    # The ledger the pointer lost is listed as orphaned as well.
    assert [f.ref for f in report.findings if f.code == "orphan"] == [old]

    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["pointer-invalid"]
    assert any(str(pointer) in action for action in fixed.actions)
    assert not pointer.exists()
    assert _ledger_refs(work) == before
    assert _codes(doctor(work)) == ["orphan"]
    # The next write starts a fresh ledger.
    _ok(ledger("open", "fresh?"))
    assert _session(work) != old


def test_a_pointer_naming_a_non_session_ref(work: Path) -> None:
    pointer = work / ".git" / "ledger"
    pointer.write_text("refs/ledger/project\n")
    report = doctor(work)
    assert "pointer-invalid" in _codes(report)
    assert "'refs/ledger/project', which is not a session ledger ref" in _one(
        report, "pointer-invalid")


def test_a_pointer_naming_an_archived_ledger(work: Path, ledger: Run) -> None:
    old = _session(work)
    _ok(ledger("archive"))
    pointer = work / ".git" / "ledger"
    pointer.write_text(old + "\n")  # what a crash between the two steps would leave
    report = doctor(work)
    assert _codes(report) == ["pointer-archived"]
    assert report.ok
    assert f"names {old}, which was archived as refs/ledger/archive/" in _one(
        report, "pointer-archived")
    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["pointer-archived"]
    assert not pointer.exists()
    _clean(work)


def test_a_pointer_naming_a_ledger_not_written_yet_is_fine(work: Path) -> None:
    pointer = work / ".git" / "ledger"
    pointer.write_text("refs/ledger/sessions/notyet0000\n")
    report = doctor(work)
    # The old ledger is orphaned now, but the pointer itself is no fault.
    assert _codes(report) == ["orphan"]


def test_a_ledger_orphaned_by_git_worktree_remove(work: Path, runner: CliRunner) -> None:
    tree = work.parent / "feature"
    git(work, "worktree", "add", "-q", "-b", "feature", str(tree))
    other = Run(runner, tree)
    _ok(other("open", "in the feature worktree?"))
    ref = (work / ".git" / "worktrees" / "feature" / "ledger").read_text().strip()
    _clean(work)
    git(work, "worktree", "remove", str(tree))
    assert ref in _ledger_refs(work), "a ledger survives git worktree remove"
    report = doctor(work, fix=True)
    assert _codes(report) == ["orphan"]
    assert report.ok, "an orphan is a warning"
    line = _one(report, "orphan")
    assert line.startswith(f"warning: orphan: {ref} is a session ledger no worktree points at")
    assert f"git ledger adopt {ref}" in line
    assert ref in _ledger_refs(work), "--fix never deletes a ledger"


# -- notes -----------------------------------------------------------------------------------


def test_deleted_notes_are_found_and_rebuilt(work: Path) -> None:
    code = git(work, "rev-parse", "HEAD").strip()
    note = git(work, "notes", "--ref=ledger", "show", code)
    git(work, "update-ref", "-d", NOTES_REF)
    before = _ledger_refs(work)
    report = doctor(work)
    assert _codes(report) == ["notes-stale"]
    line = _one(report, "notes-stale")
    assert "2 lines missing" in line
    assert "(fix: git ledger notes rebuild)" in line
    assert not report.ok

    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["notes-stale"]
    assert fixed.ok
    assert git(work, "notes", "--ref=ledger", "show", code) == note
    assert _ledger_refs(work) == before
    _clean(work)


def test_notes_edited_by_hand_are_found_and_rebuilt(work: Path) -> None:
    code = git(work, "rev-parse", "HEAD").strip()
    note = git(work, "notes", "--ref=ledger", "show", code)
    git(work, "notes", "--ref=ledger", "add", "-f", "-m", "cites d-bogus00000 refs/x", code)
    report = doctor(work)
    assert sorted(_codes(report)) == ["note-unbacked", "notes-stale"]
    assert "2 lines missing" in _one(report, "notes-stale")
    line = _one(report, "note-unbacked")
    assert "1 line on refs/notes/ledger no ledger backs" in line
    assert "d-bogus00000" in line
    fixed = doctor(work, fix=True)
    assert sorted(_codes(fixed, fixed=True)) == ["note-unbacked", "notes-stale"]
    assert git(work, "notes", "--ref=ledger", "show", code) == note
    _clean(work)


def test_notes_ref_that_is_not_a_commit(work: Path) -> None:
    tree = git(work, "write-tree").strip()
    git(work, "update-ref", NOTES_REF, tree)
    report = doctor(work)
    assert _codes(report) == ["notes-stale"]
    assert "is not a notes commit" in _one(report, "notes-stale")
    doctor(work, fix=True)
    _clean(work)


# -- keep-alive ------------------------------------------------------------------------------


def test_keep_ref_deleted_while_evidence_exists(work: Path) -> None:
    code = git(work, "rev-parse", "HEAD").strip()
    git(work, "update-ref", "-d", KEEP_REF)
    before = _ledger_refs(work)
    report = doctor(work)
    assert _codes(report) == ["keep-missing"]
    line = _one(report, "keep-missing")
    assert line.startswith(f"error: keep-missing: {code[:12]}, cited by d-")
    assert "git ledger doctor --fix" in line
    assert not report.ok

    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["keep-missing"]
    assert git(work, "cat-file", "-t", f"{KEEP_REF}:{kept_path(code)}").strip() == "blob"
    kept_for = git(work, "cat-file", "blob", f"{KEEP_REF}:{kept_path(code)}").split()
    assert len(kept_for) == 2, "both citing decisions are named"
    git(work, "merge-base", "--is-ancestor", code, KEEP_REF)  # reachable from the chain
    assert _ledger_refs(work) == before
    _clean(work)


def test_keep_ref_that_is_no_keep_chain(work: Path) -> None:
    git(work, "update-ref", KEEP_REF, "HEAD")  # a code commit: its tree has no commits/
    report = doctor(work)
    assert "ref-not-ledger" in _codes(report)
    assert "no commits/" in _one(report, "ref-not-ledger")


# -- caches ----------------------------------------------------------------------------------


def test_a_corrupt_cache_file_is_found_and_deleted(work: Path) -> None:
    _clean(work)  # reading the ledgers writes their caches
    cache = work / ".git" / "ledger-cache"
    files = sorted(p.name for p in cache.iterdir() if p.name.startswith("entries-"))
    assert files, "reading the ledgers leaves caches"
    bad = cache / files[0]
    bad.write_bytes(b"{not json")
    report = doctor(work)
    assert _codes(report) == ["cache-unreadable"]
    assert report.ok, "a cache is derived data: a warning"
    assert _one(report, "cache-unreadable").startswith(f"warning: cache-unreadable: {bad.name}")

    bad.write_bytes(b"[1, 2]")  # (reading the ledgers above rewrote it)
    (cache / "project.json").write_bytes(b"\x00\x01")
    before = _ledger_refs(work)
    fixed = doctor(work, fix=True)
    assert sorted(_codes(fixed, fixed=True)) == ["cache-unreadable", "cache-unreadable"]
    assert not [p for p in cache.iterdir() if p.name in (bad.name, "project.json")
                and p.read_bytes() in (b"[1, 2]", b"\x00\x01")]
    assert _ledger_refs(work) == before
    _clean(work)


# -- several faults at once, and the report --------------------------------------------------


def test_fix_repairs_the_fixable_and_leaves_the_rest(work: Path, ledger: Run) -> None:
    entry = _an_entry(ledger)
    ref = _session(work)
    _plant(work, ref, {entry_path(entry): b"= broken\n"})
    git(work, "update-ref", "-d", KEEP_REF)
    git(work, "update-ref", "-d", NOTES_REF)
    before = _ledger_refs(work)
    fixed = doctor(work, fix=True)
    assert sorted(_codes(fixed, fixed=True)) == ["keep-missing", "notes-stale"]
    assert _codes(fixed, fixed=False) == ["entry-unreadable"]
    assert not fixed.ok
    assert _ledger_refs(work) == before
    again = doctor(work)
    assert _codes(again) == ["entry-unreadable"]


def test_report_json_keys(work: Path) -> None:
    git(work, "update-ref", "-d", NOTES_REF)
    git(work, "update-ref", "refs/ledger/stray", "HEAD")
    data = report_json(doctor(work))
    assert data["ok"] is False
    assert data["fixed"] == 0
    assert {f["code"] for f in data["findings"]} == {"notes-stale", "ref-unknown"}
    for finding in data["findings"]:
        assert set(finding) == {"code", "severity", "ref", "message", "fix", "fixed"}
        assert finding["fixed"] is False
    json.dumps(data)
    fixed = report_json(doctor(work, fix=True))
    assert fixed["ok"] is True
    assert fixed["fixed"] == 1
    assert len(fixed["actions"]) == 1
    assert "rebuilt refs/notes/ledger" in fixed["actions"][0]


def test_report_text_is_one_line_per_finding(work: Path) -> None:
    git(work, "update-ref", "-d", NOTES_REF)
    git(work, "update-ref", "-d", KEEP_REF)
    text = report_text(doctor(work))
    # After the summary, one line per derived artifact (derived/registry.py).
    lines, derived = text.split("\nderived: ", 1)[0].splitlines(), text.count("\nderived: ")
    assert len(lines) == 3
    assert all("(fix: " in line for line in lines[:2])
    assert lines[-1].startswith("ledger doctor: FAILED (2 errors, 0 warnings, 0 fixed")
    assert derived == len(registry.ARTIFACTS)
    # A new user read "missing" as something to fix: each state says what it means.
    missing = [line for line in text.splitlines() if ": missing" in line]
    assert missing, text
    assert all(", made when first needed (nothing to fix) (" in line for line in missing)


def test_doctor_outside_a_repository_fails_cleanly(tmp_path: Path) -> None:
    from gitledger.errors import RepositoryError

    with pytest.raises(RepositoryError):
        doctor(tmp_path)


# -- the command (git ledger doctor [--fix] [--json]) ---------------------------------------


def test_cli_doctor_healthy(work: Path, ledger: Run) -> None:
    result = ledger("doctor")
    assert result.exit_code == 0, (result.stdout, result.stderr)
    assert result.stdout.strip().startswith("ledger doctor: OK")


def test_cli_doctor_finds_and_fixes(work: Path, ledger: Run) -> None:
    git(work, "update-ref", "-d", NOTES_REF)
    found = ledger("doctor")
    assert found.exit_code == 1
    lines = [line for line in found.stdout.strip().splitlines()
             if not line.startswith("derived: ")]  # the artifacts follow the summary
    assert lines[0].startswith("error: notes-stale: ")
    assert lines[0].endswith("(fix: git ledger notes rebuild)")
    assert lines[-1].startswith("ledger doctor: FAILED")
    assert not git(work, "for-each-ref", NOTES_REF).strip(), "doctor without --fix fixes nothing"

    fixed = ledger("doctor", "--fix")
    assert fixed.exit_code == 0, (fixed.stdout, fixed.stderr)
    assert "fixed: notes-stale" in fixed.stdout
    assert git(work, "for-each-ref", NOTES_REF).strip()
    assert ledger("doctor").exit_code == 0


def test_cli_doctor_json(work: Path, ledger: Run) -> None:
    git(work, "update-ref", "refs/ledger/sessions/sym0000000", "HEAD^{tree}")
    result = ledger("doctor", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert [f["code"] for f in data["findings"]] == ["ref-not-ledger"]
    assert data["findings"][0]["ref"] == "refs/ledger/sessions/sym0000000"


def test_cli_doctor_unfixable_fault_still_fails_after_fix(work: Path, ledger: Run) -> None:
    meta = _blob(work, _session(work), "ledger.toml").replace(_FORMAT_LINE, b"format = 99")
    _plant(work, _session(work), {"ledger.toml": meta})
    before = _ledger_refs(work)
    result = ledger("doctor", "--fix")
    assert result.exit_code == 1
    assert "error: format-unknown: " in result.stdout
    assert _ledger_refs(work) == before


def test_fix_rebuilds_notes_despite_a_broken_ledger_ref(work: Path) -> None:
    from gitledger.errors import CorruptLedger
    from gitledger.ledger.notes_from_ledgers import rebuild

    code = git(work, "rev-parse", "HEAD").strip()
    note = git(work, "notes", "--ref=ledger", "show", code)
    git(work, "update-ref", "refs/ledger/sessions/treeish000", "HEAD^{tree}")
    git(work, "update-ref", "-d", NOTES_REF)
    with pytest.raises(CorruptLedger):
        rebuild(work)  # plain rebuild refuses a ref it cannot read
    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["notes-stale"]
    assert _codes(fixed, fixed=False) == ["ref-not-ledger"]
    assert git(work, "notes", "--ref=ledger", "show", code) == note


# -- interrupted writes (a killed archive or carry, a stale lock) ------------------------------


def _archive_killed_after_its_tag(work: Path) -> tuple[str, str, str]:
    """What an archive killed after setting its tag leaves: the tag, and the session ref.
    The session ref, the archive ref and the commit both hold."""
    session = _session(work)
    archived = session.replace("/sessions/", "/archive/")
    tip = git(work, "rev-parse", session).strip()
    tag = subprocess.run(["git", "mktag"], cwd=work, capture_output=True, text=True, check=True,
                         input=f"object {tip}\ntype commit\ntag x\n"
                               "tagger A <a@b> 1796040000 +0000\n\nx\n").stdout.strip()
    git(work, "update-ref", archived, tag)
    return session, archived, tip


def test_an_unfinished_archive_is_found_and_finished(work: Path, ledger: Run) -> None:
    session, archived, tip = _archive_killed_after_its_tag(work)
    report = doctor(work)
    assert "archive-unfinished" in _codes(report)
    # readers see it as archived already: a warning; the notes still name the session ref
    assert CODES["archive-unfinished"][0] == "warning"
    fixed = doctor(work, fix=True)
    assert "archive-unfinished" in _codes(fixed, fixed=True)
    assert fixed.ok
    assert doctor(work).findings == ()
    assert git(work, "for-each-ref", session) == ""
    assert archived_commit(work, archived) == tip


def test_an_unfinished_archive_read_since_is_no_orphan(work: Path, ledger: Run) -> None:
    """A read finishes an unfinished archive by moving the worktree's pointer on; the
    session ref (the archive's copy) stays while the lock the kill left is there, named by
    no worktree: doctor says what it is, and never tells the user to adopt it (which would
    revive an archived ledger)."""
    session, _, _ = _archive_killed_after_its_tag(work)
    lock = work / ".git" / f"{session}.lock"
    lock.touch()
    _ok(ledger("show"))  # the read moves the pointer on; the locked ref stays
    assert git(work, "for-each-ref", "--format=%(refname)", session).strip() == session
    # While the lock is fresh, --fix cannot remove the ref: the advice names the lock.
    held = doctor(work, fix=True)
    assert "archive-unfinished" not in _codes(held, fixed=True)
    assert f"{lock} holds it" in _one(held, "archive-unfinished")
    aged_past_stale(lock)
    found = _codes(doctor(work))
    assert {"archive-unfinished", "lock-stale"} <= set(found), found
    assert "orphan" not in found
    fixed = doctor(work, fix=True)
    assert {"archive-unfinished", "lock-stale"} <= set(_codes(fixed, fixed=True))
    assert "orphan" not in _codes(fixed)
    assert fixed.ok
    assert git(work, "for-each-ref", session) == ""


def test_an_unfinished_carry_is_found_and_finished(work: Path, ledger: Run) -> None:
    from gitledger.ledger.operations import Ledger

    session = _session(work)
    decision = next(e for e in Ledger.open(work).snapshot().entries if e.kind == "decided")
    _ok(ledger("carry", decision.id))
    # Put the entry back into the session's tree: the state a carry killed between its
    # project step and its session step leaves.
    path = f"entries/{decision.id[2]}/{decision.id[3]}/{decision.id}.toml"
    before = git(work, "rev-parse", f"{session}~1").strip()
    _plant(work, session, {path: _blob(work, before, path)})
    assert decision.id not in {e.id for e in Ledger.open(work).snapshot().entries}  # hidden
    report = doctor(work)
    assert "carry-unfinished" in _codes(report)
    fixed = doctor(work, fix=True)
    assert "carry-unfinished" in _codes(fixed, fixed=True)
    assert "carry-unfinished" not in _codes(doctor(work))
    listing = git(work, "ls-tree", "-r", "--name-only", session, "entries")
    assert decision.id not in listing


def test_a_stale_ref_lock_is_reported_and_removed(work: Path) -> None:
    session = _session(work)
    lock = work / ".git" / f"{session}.lock"
    lock.write_text("")
    assert "lock-stale" not in _codes(doctor(work))  # fresh: a writer may hold it
    old = time.time() - 3600
    os.utime(lock, (old, old))
    assert "lock-stale" in _codes(doctor(work))
    assert "lock-stale" in _codes(doctor(work, fix=True), fixed=True)
    assert not lock.exists()


# -- the pre-tool-use fast path's token file -------------------------------------------------


def test_a_missing_or_stale_token_file_is_found_and_rebuilt(work: Path) -> None:
    store = Store(Repo(work))
    # The fixture's implemented decision governs README: its write created the file.
    assert tokens_path(store.repo.gitdir).read_text() == "README\n"
    assert doctor(work).findings == ()
    tokens_path(store.repo.gitdir).unlink()
    state_path(store.repo.gitdir).unlink()
    entry = make_entry(new_id("decided"), paths=("src/db/**",))
    _plant(work, _session(work), {entry_path(entry.id): encode_entry(entry)})
    report = doctor(work)
    assert _codes(report) == ["paths-missing"]
    assert "ledger-paths is missing" in _one(report, "paths-missing")
    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["paths-missing"]
    assert path_index.status(store).state == path_index.FRESH
    tokens_path(store.repo.gitdir).write_text("something else\n")
    assert _codes(doctor(work)) == ["paths-stale"]
    assert _codes(doctor(work, fix=True), fixed=True) == ["paths-stale"]
    assert sorted(tokens_path(store.repo.gitdir).read_text().split()) == ["README", "src/db"]
    assert doctor(work).findings == ()


def test_a_repository_that_governs_nothing_needs_no_token_file(tmp_path: Path) -> None:
    repo = tmp_path / "plain"
    git(tmp_path, "init", "-q", str(repo))
    git(repo, "commit", "-q", "--allow-empty", "-m", "init")
    store = Store(Repo(repo))
    Ledger.open(repo, session="").decide("Ship it", over=["wait"], because="ready")
    assert not tokens_path(store.repo.gitdir).exists()
    assert doctor(repo).findings == ()


# -- footprints ------------------------------------------------------------------------------


def _decision_path(repo: Path, ref: str) -> str:
    listing = git(repo, "ls-tree", "-r", "--name-only", ref, "entries/").split()
    blobs = [p for p in listing if b'"Use PKCE"' in _blob(repo, ref, p)]
    assert len(blobs) == 1
    return blobs[0]


def _with_footprint(blob: bytes, path: str, footprint: tuple[str, ...],
                    evidence: tuple[str, ...] | None = None) -> bytes:
    entry = decode_entry(blob, path)
    return encode_entry(replace(entry, footprint=footprint,
                                evidence=entry.evidence if evidence is None else evidence))


@pytest.mark.parametrize(("planted", "said"), [
    ((), "none of the spans of"),  # written by a gitledger older than footprints
    (("not a span", "{code} 1-1 README"), "1 span that do not parse"),
    (("{code} 1-1 README", "{other} 1-3 x.py"), "which it does not cite"),
    (("{code} 7-9 README",), "not all of the spans of"),
])
def test_a_stale_footprint_is_found_and_derived_again(work: Path, planted: tuple[str, ...],
                                                      said: str) -> None:
    code = git(work, "rev-parse", "HEAD").strip()
    other = _commit(work, "x.py")
    ref = _session(work)
    path = _decision_path(work, ref)
    good = _blob(work, ref, path)
    assert decode_entry(good, path).footprint == (f"{code} 1-1 README",)
    footprint = tuple(text.format(code=code, other=other) for text in planted)
    _plant(work, ref, {path: _with_footprint(good, path, footprint)})
    path_index.refresh(Store(Repo(work)))  # the tokens are another finding's business
    report = doctor(work)
    assert _codes(report) == ["footprint-stale"]
    assert report.ok, "a warning: the footprint is derived data"
    line = _one(report, "footprint-stale")
    assert line.startswith("warning: footprint-stale: d-")
    assert said in line
    assert "git ledger doctor --fix" in line

    before = _refs(work, "refs/ledger/project", "refs/ledger/archive/")
    fixed = doctor(work, fix=True)
    assert _codes(fixed, fixed=True) == ["footprint-stale"]
    assert any("footprint from its evidence" in action for action in fixed.actions)
    assert _blob(work, ref, path) == good, "derived exactly as a write derives it"
    assert _refs(work, "refs/ledger/project", "refs/ledger/archive/") == before
    event = git(work, "log", "-1", "--format=%s%n%(trailers:key=Ledger-Event,valueonly)", ref)
    assert event.split("\n")[:2] == [f"edit {path.rsplit('/', 1)[-1][:-5]}: footprint "
                                     "derived from its evidence again", "edit"]
    _clean(work)


def test_a_footprint_of_a_lost_commit_is_kept(work: Path) -> None:
    """A cited commit gone from the repository cannot be diffed again: its spans stay."""
    code = git(work, "rev-parse", "HEAD").strip()
    ref = _session(work)
    path = _decision_path(work, ref)
    gone = "e" * 40
    planted = _with_footprint(_blob(work, ref, path), path,
                              (f"{gone} 2-3 lost.py", f"{code} 1-1 README"),
                              (f"git:{gone}", f"git:{code}"))
    _plant(work, ref, {path: planted})
    assert "footprint-stale" not in _codes(doctor(work))
