"""Reading archives, pruning them, orphaned ledgers and adopt, in real repositories."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gitledger.cli import cli
from gitledger.errors import InvalidInput, UnknownEntry
from gitledger.ledger import archives as archives_module
from gitledger.ledger import worktree_pointers
from gitledger.ledger import worktrees as worktrees_module
from gitledger.ledger.archived import ArchivedLedger, open_archive
from gitledger.ledger.archives import list_archives, parse_cutoff, prune
from gitledger.ledger.lifecycle import archive
from gitledger.ledger.operations import Ledger, list_ledgers
from gitledger.ledger.worktrees import adopt
from gitledger.storage.layout import ARCHIVE_PREFIX, PROJECT_REF, SESSIONS_PREFIX
from gitledger.storage.month_chains import is_chain
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store
from tests.conftest import archived_commit, git
from tests.remote_fixtures import refs_of

OLD = "2025-01-10T09:00:00+00:00"
NEWER = "2025-03-20T18:30:00+00:00"


def run(where: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["-C", str(where), *args], catch_exceptions=False)


def ok(result: Result) -> Result:
    assert result.exit_code == 0, result.stderr
    return result


def refused(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, result.stdout
    assert result.stdout == ""
    assert result.stderr.startswith("git ledger: ")
    assert result.stderr.count("\n") == 1
    return result.stderr


def refs(repo: Path) -> dict[str, str]:
    """Every ref, with each month chain's archives by name in place of the chain."""
    return {ref: sha for ref, sha in refs_of(repo).items() if not is_chain(ref)}


def chain_of(repo: Path, ledger_id: str) -> str:
    """The ref that holds archive ``ledger_id``: its tag's (format 4), or the month chain
    of a format-3 archive not yet migrated."""
    chained = Store(Repo(repo)).chained(ARCHIVE_PREFIX + ledger_id)
    return chained.chain if chained is not None else ARCHIVE_PREFIX + ledger_id


def archived_task(repo: Path, monkeypatch: pytest.MonkeyPatch, task: str, when: str,
                  *, carry: bool = True) -> str:
    """Write a small ledger in ``repo`` and archive it at ``when``; its archive id."""
    ledger = Ledger.open(repo)
    ledger.set_task(task, next_text=f"next of {task}")
    ledger.decide(f"decision of {task}", over=["the other way"])
    ledger.open_question(f"question of {task}")
    monkeypatch.setenv("GIT_COMMITTER_DATE", when)
    result = archive(repo, mode="default" if carry else "none")
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-11-30T12:00:00+00:00")
    return result.archive.removeprefix(ARCHIVE_PREFIX)


@pytest.fixture
def two_archives(repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    old = archived_task(repo_with_commit, monkeypatch, "Old task", OLD)
    new = archived_task(repo_with_commit, monkeypatch, "Newer task", NEWER, carry=False)
    return old, new


# -- list --archived -----------------------------------------------------------------------


def test_list_archived_json_newest_first(repo_with_commit: Path,
                                         two_archives: tuple[str, str]) -> None:
    old, new = two_archives
    data = json.loads(ok(run(repo_with_commit, "list", "--archived", "--json")).stdout)
    found = data["archives"]
    assert [a["id"] for a in found] == [new, old]
    first, second = found
    assert set(first) == {"id", "ref", "tag", "commit", "archived", "tagger", "task", "next",
                          "entries", "carried", "session_id", "problem"}
    assert first["archived"] == "2025-03-20T18:30:00Z"
    assert second["archived"] == "2025-01-10T09:00:00Z"
    assert first["tagger"] == "Ada Tester <ada@example.com>"
    assert first["task"] == "Newer task"
    assert first["next"] == "next of Newer task"
    assert first["entries"] == 2
    assert first["carried"] == []
    # the old one carried its decision: the archive holds only the question
    assert second["entries"] == 1
    assert len(second["carried"]) == 1
    assert second["carried"][0].startswith("d-")
    project = Ledger.open(repo_with_commit, project=True).snapshot()
    assert [e.id for e in project.entries] == second["carried"]
    # "tag": the archive's annotated tag, which leads to the ledger's last commit
    assert git(repo_with_commit, "cat-file", "-t", first["tag"]).strip() == "tag"
    assert git(repo_with_commit, "rev-parse", first["ref"]).strip() == first["tag"]
    assert git(repo_with_commit, "rev-parse",
               first["tag"] + "^{commit}").strip() == first["commit"]
    assert archived_commit(repo_with_commit, first["ref"]) == first["commit"]
    assert first["problem"] is None


def test_list_archived_text(repo_with_commit: Path, two_archives: tuple[str, str]) -> None:
    old, new = two_archives
    lines = ok(run(repo_with_commit, "list", "--archived")).stdout.splitlines()
    assert lines[0].startswith(f"  {new}  2025-03-20 18:30  2 entries  Ada Tester  Newer task")
    assert lines[1].startswith(f"  {old}  2025-01-10 09:00  1 entry  Ada Tester  Old task")
    assert lines[2].startswith("    carried to the project ledger: d-")
    assert "git ledger show --archive ID" in lines[-1]
    # the plain list shows live ledgers only
    assert old not in ok(run(repo_with_commit, "list")).stdout


def test_list_archived_when_there_are_none(repo: Path) -> None:
    assert ok(run(repo, "list", "--archived")).stdout.startswith("No archived ledgers.")
    assert json.loads(ok(run(repo, "list", "--archived", "--json")).stdout) == {"archives": []}


def test_a_ref_under_archive_that_is_no_tag_is_listed_as_broken(repo_with_commit: Path) -> None:
    git(repo_with_commit, "update-ref", ARCHIVE_PREFIX + "bogus", "HEAD")
    (found,) = list_archives(repo_with_commit)
    assert found.problem is not None
    assert "not an archive tag" in found.problem
    assert "bogus" in ok(run(repo_with_commit, "list", "--archived")).stdout.split("BROKEN")[0]


# -- show / restore --archive ----------------------------------------------------------------


def test_show_archive_text_json_and_one_entry(repo_with_commit: Path,
                                             two_archives: tuple[str, str]) -> None:
    _, new = two_archives
    text = ok(run(repo_with_commit, "show", "--archive", new)).stdout
    assert text.startswith(f"Archived ledger {new} · {ARCHIVE_PREFIX}{new} · 2 entries\n"
                           "read-only:")
    assert "TASK  Newer task" in text
    assert "question of Newer task" in text
    data = json.loads(ok(run(repo_with_commit, "show", "--archive", new[:5], "--json")).stdout)
    assert data["ledger"]["ref"] == ARCHIVE_PREFIX + new
    assert data["archive"]["id"] == new
    assert data["archive"]["archived"] == "2025-03-20T18:30:00Z"
    decision = next(e for e in data["entries"] if e["kind"] == "decided")
    one = json.loads(ok(run(repo_with_commit, "show", "--archive", ARCHIVE_PREFIX + new,
                            decision["id"], "--json")).stdout)
    assert one["id"] == decision["id"]
    assert [e["event"] for e in one["history"]] == ["add"]
    assert one["chain"]["statuses"][0]["status"] == "accepted"
    only_open = ok(run(repo_with_commit, "show", "--archive", new, "--kind", "open")).stdout
    assert "question of Newer task" in only_open
    assert "decision of" not in only_open


def test_show_archive_refusals(repo_with_commit: Path, two_archives: tuple[str, str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    _old, new = two_archives
    assert "no archive named 'zzzz'" in refused(run(repo_with_commit, "show", "--archive",
                                                    "zzzz"))
    assert "excludes --ledger and --project" in refused(
        run(repo_with_commit, "show", "--archive", new, "--project"), 2)
    Ledger.open(repo_with_commit).set_task("live")
    live = Ledger.open(repo_with_commit).ref or ""
    assert "is a live session ledger" in refused(
        run(repo_with_commit, "show", "--archive", live))
    # two archives sharing a prefix: ambiguous
    git(repo_with_commit, "update-ref", f"{ARCHIVE_PREFIX}{new}x",
        archived_commit(repo_with_commit, ARCHIVE_PREFIX + new) or "")
    assert "ambiguous" in refused(run(repo_with_commit, "show", "--archive", new[:3]))
    ok(run(repo_with_commit, "show", "--archive", new))  # the exact id still wins


def test_restore_archive_is_a_normal_block_saying_it_is_an_archive(
        repo_with_commit: Path, two_archives: tuple[str, str]) -> None:
    _old, new = two_archives
    Ledger.open(repo_with_commit, project=True).decide("Project-wide rule")
    text = ok(run(repo_with_commit, "restore", "--archive", new)).stdout
    first = text.splitlines()[0]
    assert first.startswith(f"# git ledger: ARCHIVED ledger {new}, read-only")
    assert "TASK: Newer task" in text
    assert "question of Newer task" in text
    assert "Project-wide rule" not in text  # the archive alone, not today's project state
    assert "ledger-canary: " in text.splitlines()[-1]
    data = json.loads(ok(run(repo_with_commit, "restore", "--archive", new,
                             "--format", "json")).stdout)
    assert data["ledger"] == ARCHIVE_PREFIX + new
    assert data["complete"] is True
    # the worktree's own restore is unaffected
    assert "no session ledger in this worktree yet" in ok(run(repo_with_commit,
                                                              "restore")).stdout


def test_restore_archive_clipped_points_at_the_archive(repo_with_commit: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = Ledger.open(repo_with_commit)
    ledger.set_task("Big task")
    for n in range(30):
        ledger.open_question(f"question number {n} " + "x" * 80)
    name = archive(repo_with_commit, mode="none").archive.removeprefix(ARCHIVE_PREFIX)
    text = ok(run(repo_with_commit, "restore", "--archive", name, "--budget", "1500")).stdout
    assert len(text.rstrip("\n")) <= 1500
    assert f"git ledger show --archive {name} --kind open" in text
    assert "ledger-canary" not in text


def test_restore_archive_usage_errors(repo_with_commit: Path,
                                      two_archives: tuple[str, str]) -> None:
    _, new = two_archives
    assert "--archive takes neither" in refused(
        run(repo_with_commit, "restore", "--archive", new, "--session-id", "s1"), 2)
    assert "no archive named" in refused(run(repo_with_commit, "restore", "--archive", "nope"))


# -- archives are read-only ----------------------------------------------------------------


def test_every_write_to_an_archive_is_refused(repo_with_commit: Path,
                                              two_archives: tuple[str, str]) -> None:
    _, new = two_archives
    before = refs(repo_with_commit)
    ledger = open_archive(repo_with_commit, new)
    assert isinstance(ledger, ArchivedLedger)
    from gitledger.ledger.decisions import add_evidence, reject

    entry = ledger.snapshot().entries[0]
    decision = next(e for e in ledger.snapshot().entries if e.kind == "decided")
    attempts: list[Callable[[], object]] = [
        lambda: ledger.set_task("hijack"),
        lambda: ledger.decide("sneak in"),
        lambda: ledger.open_question("sneak in"),
        lambda: ledger.edit(entry.id, text="changed"),
        lambda: ledger.checkpoint("pre-compact"),
        lambda: reject(ledger, decision.id, why="no"),
        lambda: add_evidence(ledger, decision.id, ["test:x"]),
    ]
    for attempt in attempts:
        with pytest.raises(InvalidInput, match="archives are read-only"):
            attempt()
    with pytest.raises(InvalidInput):
        ledger.claim("someone")
    assert refs(repo_with_commit) == before
    assert archived_commit(repo_with_commit, ARCHIVE_PREFIX + new) is not None


def test_no_ledger_option_can_name_an_archive(repo_with_commit: Path,
                                              two_archives: tuple[str, str]) -> None:
    _, new = two_archives
    before = refs(repo_with_commit)
    full = ARCHIVE_PREFIX + new
    with pytest.raises(InvalidInput, match="archives are read-only"):
        Ledger.open(repo_with_commit, name=full)
    with pytest.raises(UnknownEntry, match="it is archived"):
        Ledger.open(repo_with_commit, name=new)
    assert "show --archive" in refused(run(repo_with_commit, "show", "--ledger", full))
    assert "show --archive" in refused(run(repo_with_commit, "log", "--ledger", full))
    assert "read-only" in refused(run(repo_with_commit, "archive", "--ledger", full))
    assert "it is archived" in refused(run(repo_with_commit, "archive", "--ledger", new))
    assert "no ledger at refs/heads/main" in refused(run(repo_with_commit, "show", "--ledger",
                                                         "refs/heads/main"))
    assert refs(repo_with_commit) == before


# -- prune ---------------------------------------------------------------------------------


def test_prune_dry_run_then_real(repo_with_commit: Path, two_archives: tuple[str, str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    old, new = two_archives
    Ledger.open(repo_with_commit).set_task("live task")
    before = refs(repo_with_commit)
    assert any(r.startswith("refs/ledger/keep") for r in before) is False
    dry = ok(run(repo_with_commit, "prune", "--archived-before", "2025-02-01", "--dry-run"))
    assert dry.stdout.splitlines()[0].startswith(f"would delete {ARCHIVE_PREFIX}{old} "
                                                 "(archived 2025-01-10T09:00:00Z, 1 entry)")
    assert "dry run: nothing was deleted" in dry.stdout
    assert refs(repo_with_commit) == before
    done = json.loads(ok(run(repo_with_commit, "prune", "--archived-before", "2025-02-01",
                             "--json")).stdout)
    assert [a["id"] for a in done["pruned"]] == [old]
    assert done["kept"] == 1
    assert done["dry_run"] is False
    assert done["skipped"] == []
    assert done["before"] == "2025-02-01T00:00:00Z"
    after = refs(repo_with_commit)
    assert ARCHIVE_PREFIX + old not in after
    assert {k: v for k, v in before.items() if k != ARCHIVE_PREFIX + old} == after
    assert [a.id for a in list_archives(repo_with_commit)] == [new]


def test_prune_boundary_is_strictly_before(repo_with_commit: Path,
                                           two_archives: tuple[str, str]) -> None:
    old, _new = two_archives
    at = prune(repo_with_commit, "2025-01-10T09:00:00Z", dry_run=True)
    assert at.pruned == ()
    assert at.kept == 2
    assert [a.id for a in prune(repo_with_commit, "2025-01-10T09:00:01Z",
                                dry_run=True).pruned] == [old]
    # an offset is honoured: 10:00+01:00 is 09:00Z, so still not before
    assert prune(repo_with_commit, "2025-01-10T10:00:00+01:00", dry_run=True).pruned == ()
    # a date alone is midnight UTC
    assert prune(repo_with_commit, "2025-01-10", dry_run=True).pruned == ()
    assert [a.id for a in prune(repo_with_commit, "2025-01-11", dry_run=True).pruned] == [old]
    text = ok(run(repo_with_commit, "prune", "--archived-before", "2025-01-01")).stdout
    assert text.startswith("no archive was made before 2025-01-01T00:00:00Z\n"
                           "kept 2 archives")
    assert len(list_archives(repo_with_commit)) == 2


@pytest.mark.parametrize("bad", ["garbage", "2025-13-01", "2025-02-30", "01/02/2025",
                                 "1736500000", "2025-01-01T25:00", "", "  ", "yesterday",
                                 "2999-01-01", "9999-12-31T23:59:59Z"])
def test_prune_refuses_bad_dates_and_deletes_nothing(repo_with_commit: Path,
                                                     two_archives: tuple[str, str],
                                                     bad: str) -> None:
    before = refs(repo_with_commit)
    message = refused(run(repo_with_commit, "prune", "--archived-before", bad))
    assert "--archived-before" in message
    assert refs(repo_with_commit) == before


def test_parse_cutoff_future_is_refused_relative_to_now() -> None:
    from datetime import UTC, datetime

    current = datetime(2025, 6, 1, tzinfo=UTC)
    assert parse_cutoff("2025-05-31", current=current) == datetime(2025, 5, 31, tzinfo=UTC)
    with pytest.raises(InvalidInput, match="in the future"):
        parse_cutoff("2025-06-02", current=current)


def test_prune_requires_the_date(repo_with_commit: Path) -> None:
    assert "--archived-before" in refused(run(repo_with_commit, "prune"), 2)


def test_prune_never_touches_other_refs(repo_with_commit: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    old = archived_task(repo_with_commit, monkeypatch, "Old", OLD)
    # a session ledger, the project ledger and the keep chain, all made long ago
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2020-01-01T00:00:00Z")
    monkeypatch.setenv("GIT_AUTHOR_DATE", "2020-01-01T00:00:00Z")
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()
    ledger = Ledger.open(repo_with_commit)
    ledger.decide("cite a commit", evidence=[f"git:{head}"])
    Ledger.open(repo_with_commit, project=True).decide("project decision")
    git(repo_with_commit, "tag", "-a", "v1", "-m", "a release")
    before = refs(repo_with_commit)
    assert "refs/ledger/keep" in before
    assert PROJECT_REF in before
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-11-30T12:00:00+00:00")
    result = prune(repo_with_commit, "2026-01-01")
    assert [a.id for a in result.pruned] == [old]
    assert refs(repo_with_commit) == {k: v for k, v in before.items()
                                      if k != ARCHIVE_PREFIX + old}


def test_prune_keeps_an_archive_recreated_since_it_was_read(
        repo_with_commit: Path, two_archives: tuple[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    old, _ = two_archives
    ref = ARCHIVE_PREFIX + old
    real = archives_module._archives
    chain = chain_of(repo_with_commit, old)
    other = git(repo_with_commit, "rev-parse", chain_of(repo_with_commit, two_archives[1]))
    other_tag = other.strip()

    def read_then_race(store: Store) -> list[archives_module.ArchiveSummary]:
        found = real(store)
        git(repo_with_commit, "update-ref", chain, other_tag)  # moved meanwhile
        return found

    monkeypatch.setattr(archives_module, "_archives", read_then_race)
    result = prune(repo_with_commit, "2025-02-01")
    assert result.pruned == ()
    assert result.skipped == ((ref, "kept: it changed after it was read (archived again "
                                    "meanwhile?)"),)
    assert git(repo_with_commit, "rev-parse", chain).strip() == other_tag


def test_prune_keeps_a_locked_archive(repo_with_commit: Path, two_archives: tuple[str, str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    old, _ = two_archives
    monkeypatch.setattr(archives_module, "LOCK_WAIT_SECONDS", 0.1)
    lock = repo_with_commit / ".git" / f"{chain_of(repo_with_commit, old)}.lock"
    lock.write_text("held\n")
    result = prune(repo_with_commit, "2025-02-01")
    assert result.pruned == ()
    assert result.skipped[0][0] == ARCHIVE_PREFIX + old
    assert result.skipped[0][1].startswith("kept: cannot lock it")
    lock.unlink()
    assert archived_commit(repo_with_commit, ARCHIVE_PREFIX + old) is not None
    assert [a.id for a in prune(repo_with_commit, "2025-02-01").pruned] == [old]


def test_prune_leaves_a_broken_archive_alone(repo_with_commit: Path) -> None:
    git(repo_with_commit, "update-ref", ARCHIVE_PREFIX + "bogus", "HEAD")
    result = prune(repo_with_commit, "2026-01-01")
    assert result.pruned == ()
    assert "not an archive tag" in result.skipped[0][1]
    assert ARCHIVE_PREFIX + "bogus" in refs(repo_with_commit)


# -- worktrees: orphans --------------------------------------------------------------------


def _worktree_ledger(repo: Path, name: str = "wt") -> tuple[Path, str]:
    path = repo.parent / name
    git(repo, "worktree", "add", "-q", str(path))
    ledger = Ledger.open(path)
    ledger.set_task(f"task in {name}")
    ledger.decide(f"decision in {name}")
    assert ledger.ref is not None
    return path, ledger.ref


def test_ledger_survives_worktree_remove_and_is_listed_as_orphaned(
        repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    summary = next(s for s in list_ledgers(repo_with_commit) if s.ref == ref)
    assert not summary.orphaned
    assert summary.worktree == path.resolve()
    tip = git(repo_with_commit, "rev-parse", ref).strip()
    git(repo_with_commit, "worktree", "remove", str(path))
    assert not path.exists()
    assert git(repo_with_commit, "rev-parse", ref).strip() == tip  # untouched
    data = json.loads(ok(run(repo_with_commit, "list", "--json")).stdout)
    entry = next(item for item in data["ledgers"] if item["ref"] == ref)
    assert entry["orphaned"] is True
    assert entry["worktree"] is None
    assert entry["task"] == "task in wt"
    assert entry["entries"] == 1
    lines = ok(run(repo_with_commit, "list")).stdout.splitlines()
    ledger_id = ref.removeprefix(SESSIONS_PREFIX)
    at = next(i for i, line in enumerate(lines) if ledger_id in line)
    assert "ORPHANED (its worktree is gone)" in lines[at]
    assert lines[at + 1].strip().startswith(f"continue it: git ledger adopt {ledger_id}")
    assert lines[at + 2].strip() == f"or archive it: git ledger archive --ledger {ledger_id}"


def test_orphan_after_deleting_the_directory_with_and_without_prune(
        repo_with_commit: Path) -> None:
    import shutil

    path, ref = _worktree_ledger(repo_with_commit)
    shutil.rmtree(path)  # gone, but git has not pruned its git dir yet
    assert ref in worktree_pointers.orphaned_refs(Store(_repo(repo_with_commit)))
    git(repo_with_commit, "worktree", "prune")
    assert next(s for s in list_ledgers(repo_with_commit) if s.ref == ref).orphaned
    assert git(repo_with_commit, "cat-file", "-t", ref).strip() == "commit"


def test_a_locked_worktree_is_not_an_orphan(repo_with_commit: Path) -> None:
    import shutil

    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "lock", str(path))
    shutil.rmtree(path)  # on a removable disk, say: git keeps it for when it comes back
    assert not next(s for s in list_ledgers(repo_with_commit) if s.ref == ref).orphaned
    assert "locked" in refused(run(repo_with_commit, "adopt", ref))


def test_a_pointer_naming_another_ledger_orphans_the_old_one(repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    ledger.set_task("first")
    first = ledger.ref or ""
    (repo_with_commit / ".git" / "ledger").write_text(SESSIONS_PREFIX + "somethingel\n")
    summary = next(s for s in list_ledgers(repo_with_commit) if s.ref == first)
    assert summary.orphaned
    assert not summary.current


# -- adopt ---------------------------------------------------------------------------------


def _repo(path: Path) -> Repo:
    return Repo(path)


def test_adopt_an_orphan(repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "remove", str(path))
    ledger_id = ref.removeprefix(SESSIONS_PREFIX)
    data = json.loads(ok(run(repo_with_commit, "adopt", ledger_id[:6], "--json")).stdout)
    assert data == {"ref": ref, "id": ledger_id, "previous": None, "adopted": True,
                    "entries": 1, "task": "task in wt", "released": [], "left": None,
                    "copied_from": None}
    assert (repo_with_commit / ".git" / "ledger").read_text() == ref + "\n"
    shown = ok(run(repo_with_commit, "show")).stdout
    assert "TASK  task in wt" in shown
    assert "decision in wt" in shown
    summary = next(s for s in list_ledgers(repo_with_commit) if s.ref == ref)
    assert summary.current
    assert not summary.orphaned
    ok(run(repo_with_commit, "decide", "continued here"))
    assert len(Ledger.open(repo_with_commit).snapshot().entries) == 2
    again = ok(run(repo_with_commit, "adopt", ref)).stdout
    assert again.startswith(f"{ref} already is this worktree's ledger")


def test_adopt_into_a_new_worktree_text(repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "remove", str(path))
    fresh = repo_with_commit.parent / "fresh"
    git(repo_with_commit, "worktree", "add", "-q", str(fresh))
    text = ok(run(fresh, "adopt", ref)).stdout
    assert text.splitlines()[0] == (f"this worktree now continues {ref} (1 entry): "
                                    "task in wt")
    assert Ledger.open(fresh).ref == ref
    assert Ledger.open(repo_with_commit).ref is None  # the main worktree did not move
    assert "continue it there" in refused(run(repo_with_commit, "adopt", ref))


def test_adopt_releases_the_pointer_of_a_deleted_unpruned_worktree(
        repo_with_commit: Path) -> None:
    import shutil

    path, ref = _worktree_ledger(repo_with_commit)
    gitdir = repo_with_commit / ".git" / "worktrees" / "wt"
    shutil.rmtree(path)
    result = adopt(repo_with_commit, ref)
    assert result.released == (str(gitdir.resolve()),)
    assert not (gitdir / "ledger").exists()  # if the worktree is repaired, it starts afresh
    assert [p.ref for p in worktree_pointers.pointers(Store(_repo(repo_with_commit)))] == [ref]


def test_adopt_refuses_when_this_worktree_has_a_ledger_with_content(
        repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "remove", str(path))
    Ledger.open(repo_with_commit).open_question("mine")
    own = Ledger.open(repo_with_commit).ref
    pointer = (repo_with_commit / ".git" / "ledger").read_text()
    message = refused(run(repo_with_commit, "adopt", ref))
    assert "holds 1 entry" in message
    assert "archive it first" in message
    assert (repo_with_commit / ".git" / "ledger").read_text() == pointer
    # a TASK alone is content too
    other = repo_with_commit.parent / "other"
    git(repo_with_commit, "worktree", "add", "-q", str(other))
    Ledger.open(other).set_task("only a task")
    assert "holds a TASK" in refused(run(other, "adopt", ref))
    # after archiving its own, the worktree may adopt
    archive(repo_with_commit, mode="none")
    assert adopt(repo_with_commit, ref).adopted
    assert own != ref


def test_adopt_leaves_an_empty_own_ledger_as_an_orphan(repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "remove", str(path))
    Ledger.open(repo_with_commit).checkpoint("session start")  # starts nothing
    own = Ledger.open(repo_with_commit)
    own.ensure_started(own.store.ensure_worktree_ref())
    empty = own.store.worktree_ref()
    assert empty is not None
    assert empty != ref
    text = ok(run(repo_with_commit, "adopt", ref)).stdout
    assert (f"its previous, empty ledger {empty} is left orphaned (git ledger archive "
            f"--ledger {empty.removeprefix(SESSIONS_PREFIX)} --no-carry)") in text
    assert Ledger.open(repo_with_commit).ref == ref
    assert next(s for s in list_ledgers(repo_with_commit) if s.ref == empty).orphaned


@pytest.mark.parametrize("target", ["project", PROJECT_REF])
def test_adopt_refuses_the_project_ledger(repo_with_commit: Path, target: str) -> None:
    Ledger.open(repo_with_commit, project=True).decide("shared")
    assert "cannot be adopted" in refused(run(repo_with_commit, "adopt", target))
    assert not (repo_with_commit / ".git" / "ledger").exists()


def test_adopt_refuses_an_archive(repo_with_commit: Path, two_archives: tuple[str, str]
                                  ) -> None:
    _, new = two_archives
    pointer = (repo_with_commit / ".git" / "ledger").read_text()
    assert "archives are read-only" in refused(run(repo_with_commit, "adopt", new))
    assert "archives are read-only" in refused(run(repo_with_commit, "adopt",
                                                   ARCHIVE_PREFIX + new))
    assert (repo_with_commit / ".git" / "ledger").read_text() == pointer


def test_adopt_refuses_another_live_worktrees_ledger(repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    message = refused(run(repo_with_commit, "adopt", ref))
    assert f"worktree at {path.resolve()}" in message
    assert "a ledger belongs to one worktree" in message
    assert not (repo_with_commit / ".git" / "ledger").exists()
    assert Ledger.open(path).ref == ref


def test_adopt_refuses_unknown_and_empty_names(repo_with_commit: Path) -> None:
    assert "no ledger named 'nope'" in refused(run(repo_with_commit, "adopt", "nope"))
    assert "adopt needs" in refused(run(repo_with_commit, "adopt", " "))
    assert "no ledger at refs/ledger/keep" in refused(run(repo_with_commit, "adopt",
                                                          "refs/ledger/keep"))
    head = git(repo_with_commit, "rev-parse", "HEAD").strip()
    Ledger.open(repo_with_commit).decide("cite", evidence=[f"git:{head}"])
    archive(repo_with_commit, mode="none")
    assert "is not a session ledger" in refused(run(repo_with_commit, "adopt",
                                                    "refs/ledger/keep"))
    assert not (repo_with_commit / ".git" / "ledger").read_text().strip().endswith("keep")
    assert "Missing argument" in refused(run(repo_with_commit, "adopt"), 2)


def test_adopt_when_the_ledger_was_archived_meanwhile(repo_with_commit: Path,
                                                      monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "remove", str(path))
    real = worktrees_module._adoptable

    def resolve_then_archive(store: Store, name: str) -> str:
        found = real(store, name)
        archive(repo_with_commit, name=found, mode="none")
        return found

    monkeypatch.setattr(worktrees_module, "_adoptable", resolve_then_archive)
    with pytest.raises(UnknownEntry, match="archived meanwhile"):
        adopt(repo_with_commit, ref)
    assert not (repo_with_commit / ".git" / "ledger").exists()


# -- archive --ledger ----------------------------------------------------------------------


def test_archive_an_orphan_by_name_leaves_this_worktree_alone(repo_with_commit: Path) -> None:
    Ledger.open(repo_with_commit).set_task("main's own task")
    own = Ledger.open(repo_with_commit).ref
    path, ref = _worktree_ledger(repo_with_commit)
    git(repo_with_commit, "worktree", "remove", str(path))
    ledger_id = ref.removeprefix(SESSIONS_PREFIX)
    out = ok(run(repo_with_commit, "archive", "--ledger", ledger_id, "--no-carry")).stdout
    assert f"archived {ref} as {ARCHIVE_PREFIX}{ledger_id}" in out
    assert "this worktree's own ledger is unchanged" in out
    assert Ledger.open(repo_with_commit).ref == own
    assert Ledger.open(repo_with_commit).snapshot().focus.task == "main's own task"
    assert [a.id for a in list_archives(repo_with_commit)] == [ledger_id]
    assert not any(s.orphaned for s in list_ledgers(repo_with_commit))


def test_archive_by_name_refusals(repo_with_commit: Path) -> None:
    path, ref = _worktree_ledger(repo_with_commit)
    before = refs(repo_with_commit)
    assert "archive it there" in refused(run(repo_with_commit, "archive", "--ledger", ref))
    Ledger.open(repo_with_commit, project=True).decide("shared")
    before = refs(repo_with_commit)
    assert "never archived" in refused(run(repo_with_commit, "archive", "--ledger",
                                           "project"))
    assert refs(repo_with_commit) == before
    # naming one's own ledger is plain archive
    result = archive(path, name=ref, mode="none")
    assert result.own
    assert result.next_ref != ref


# -- help ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "words"), [
    (["list", "--help"], ["--archived", "ORPHANED", "git ledger adopt ID"]),
    (["show", "--help"], ["--archive NAME", "read-only"]),
    (["restore", "--help"], ["--archive NAME"]),
    (["prune", "--help"], ["--archived-before DATE", "--dry-run", "notes rebuild",
                           "only deletion"]),
    (["adopt", "--help"], ["never shared", "archive it first"]),
    (["archive", "--help"], ["--ledger NAME", "orphaned"]),
])
def test_help_explains_the_new_options(args: list[str], words: list[str]) -> None:
    text = " ".join(ok(CliRunner().invoke(cli, args)).stdout.split())
    for word in words:
        assert word in text, word


def test_an_interrupted_archive_is_neither_pruned_nor_adopted(repo_with_commit: Path) -> None:
    """Killed between setting the tag and removing the session ref, both refs exist."""
    path, ref = _worktree_ledger(repo_with_commit)
    ledger_id = ref.removeprefix(SESSIONS_PREFIX)
    tip = git(repo_with_commit, "rev-parse", ref).strip()
    raw = repo_with_commit.parent / "tag.txt"
    raw.write_text(f"object {tip}\ntype commit\ntag {ledger_id}\n"
                   "tagger Ada Tester <ada@example.com> 1700000000 +0000\n\nhalf done\n")
    tag = git(repo_with_commit, "hash-object", "-t", "tag", "-w", str(raw)).strip()
    git(repo_with_commit, "update-ref", ARCHIVE_PREFIX + ledger_id, tag)
    git(repo_with_commit, "worktree", "remove", str(path))
    before = refs(repo_with_commit)
    result = prune(repo_with_commit, "2026-01-01")
    assert result.pruned == ()
    assert "its archiving was interrupted" in result.skipped[0][1]
    assert "finish it with git ledger archive" in refused(run(repo_with_commit, "adopt", ref))
    assert refs(repo_with_commit) == before
    assert not (repo_with_commit / ".git" / "ledger").exists()


def test_a_read_after_an_archive_killed_before_the_session_ref_went_never_waits(
        repo_with_commit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An archive killed between setting its tag and removing the session ref leaves that
    ref and its lock.  Every read of the worktree finishes the archive (the pointer moves
    on); the lock it cannot take must not make it wait: it waited a write's whole retry,
    60 s, at every read in the ten minutes before such a lock counts as stale."""
    pointer = repo_with_commit / ".git" / "ledger"
    ledger = Ledger.open(repo_with_commit)
    ledger.set_task("archived, then killed")
    session = pointer.read_text().strip()
    archive(repo_with_commit, mode="default")
    # The state the kill left: the pointer still names the session ref, which still holds
    # the archived commit, and the ref's lock is there.
    pointer.write_text(session + "\n")
    archived = git(repo_with_commit, "rev-parse",
                   ARCHIVE_PREFIX + session.removeprefix(SESSIONS_PREFIX) + "^{commit}").strip()
    git(repo_with_commit, "update-ref", session, archived)
    lock = repo_with_commit / ".git" / (session + ".lock")
    lock.touch()

    def waited(seconds: float) -> None:
        raise AssertionError(f"a read waited {seconds} s for {lock.name}")
    monkeypatch.setattr("gitledger.storage.ref_writes.time.sleep", waited)
    shown = json.loads(ok(run(repo_with_commit, "show", "--json")).stdout)
    assert shown["ledger"] is None  # archived: the worktree has moved on
    assert pointer.read_text().strip() != session
    assert lock.exists()  # doctor names it once no live writer can hold it
