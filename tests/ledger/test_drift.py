"""``git ledger drift``: real repositories, real commits, reverse blame across renames."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.ledger import drift as drift_module
from gitledger.ledger.decisions import add_evidence, implement
from gitledger.ledger.drift import drift, touched
from gitledger.ledger.link_index import DB_NAME
from gitledger.ledger.operations import Ledger
from gitledger.storage.blame import reverse_blame
from gitledger.storage.drift_cache import CACHE_FILE
from gitledger.views import why as why_module
from tests.builders import entry_files, put
from tests.conftest import git

BASE = "".join(f"line {n}\n" for n in range(1, 21))


def commit(repo: Path, message: str, files: dict[str, str | None] | None = None,
           author: str = "Ada Tester <ada@example.com>") -> str:
    for name, text in (files or {}).items():
        if text is None:
            git(repo, "rm", "-q", name)
            continue
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
        git(repo, "add", name)
    git(repo, "commit", "-q", "--allow-empty", "-m", message, f"--author={author}")
    return git(repo, "rev-parse", "HEAD").strip()


def edit(text: str, number: int, new: str) -> str:
    lines = text.splitlines(keepends=True)
    lines[number - 1] = f"{new}\n"
    return "".join(lines)


def decision_at(repo: Path, sha: str, footprint: tuple[str, ...], text: str = "use WAL") -> str:
    """A decision implemented by ``sha`` whose footprint is ``footprint``."""
    ledger = Ledger.open(repo)
    made = ledger.decide(text, over=["rollback journal"], because="readers never block")
    assert made.entry is not None
    implement(ledger, made.entry.id, commit=sha)
    entry = dataclasses.replace(ledger.get(made.entry.id), footprint=footprint)
    assert ledger.ref is not None
    put(ledger.store, ledger.ref, entry_files(entry))
    return entry.id


@pytest.fixture
def implemented(repo: Path) -> tuple[Path, str, str]:
    """a.py with 20 lines; commit C changes lines 5-7 and implements a decision."""
    commit(repo, "base", {"a.py": BASE, "other.py": "x\n"})
    text = BASE
    for n in (5, 6, 7):
        text = edit(text, n, f"line {n} wal")
    sha = commit(repo, "use WAL", {"a.py": text})
    entry_id = decision_at(repo, sha, (f"{sha} 5-7 a.py",))
    return repo, entry_id, text


def run(repo: Path, *args: str) -> tuple[int, str, str]:
    done = CliRunner().invoke(cli, ["-C", str(repo), "drift", *args])
    return done.exit_code, done.stdout, done.stderr


def count_blames(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files drift reverse-blames from now on, in order (the blames still run)."""
    blamed: list[str] = []

    def counting(*args: Any) -> Any:
        blamed.append(args[3])
        return reverse_blame(*args)

    monkeypatch.setattr(drift_module, "reverse_blame", counting)
    return blamed


def test_untouched_footprint_has_no_drift(implemented: tuple[Path, str, str]) -> None:
    repo, _, text = implemented
    # Lines inserted above shift the span; other lines change: neither is drift.
    commit(repo, "header", {"a.py": "# header\n# more\n" + edit(text, 15, "line 15 other")})
    report = drift(repo)
    assert report.checked == 1
    assert report.decisions == ()
    code, out, _ = run(repo)
    assert code == 0
    assert "no drift" in out


def test_a_changed_line_is_drift_with_its_commit(implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    later = commit(repo, "tweak the journal", {"a.py": edit(text, 6, "line 6 changed")},
                   author="Bob Other <bob@example.com>")
    code, out, _ = run(repo, "--json")
    assert code == 0
    document = json.loads(out)
    assert set(document) == {"head", "since", "checked", "unblamed", "underived",
                             "decisions"}
    [found] = document["decisions"]
    assert found["id"] == entry_id
    assert found["lines"] == 1
    assert found["text"] == "use WAL"
    assert found["files"] == [{"path": "a.py", "now": "a.py", "deleted": False, "lines": 1,
                               "commits": [later]}]
    [who] = found["commits"]
    assert who["sha"] == later
    assert who["author"] == "Bob Other <bob@example.com>"
    assert who["subject"] == "tweak the journal"
    assert who["date"]
    code, out, _ = run(repo)
    assert code == 0
    assert entry_id in out
    assert later[:12] in out
    assert "a.py: 1 line" in out


def test_newest_commit_first(implemented: tuple[Path, str, str]) -> None:
    repo, _, text = implemented
    first = commit(repo, "one", {"a.py": (text := edit(text, 5, "five"))})
    second = commit(repo, "two", {"a.py": edit(text, 7, "seven")})
    [found] = drift(repo).decisions
    assert [c.sha for c in found.commits] == [second, first]
    assert found.lines == 2


def test_rename_is_followed(implemented: tuple[Path, str, str]) -> None:
    repo, _, text = implemented
    git(repo, "mv", "a.py", "b.py")
    commit(repo, "rename")
    assert drift(repo).decisions == ()  # a rename alone changes no line
    later = commit(repo, "change", {"b.py": "top\n" + edit(text, 6, "line 6 changed")})
    [found] = drift(repo).decisions
    [moved] = found.files
    assert (moved.path, moved.now, moved.lines, moved.commits) == ("a.py", "b.py", 1, (later,))
    _code, out, _ = run(repo)
    assert "a.py (now b.py): 1 line" in out


def test_deleted_file_is_reported_as_deleted(implemented: tuple[Path, str, str]) -> None:
    repo, _, _ = implemented
    gone = commit(repo, "remove a.py", {"a.py": None})
    [found] = drift(repo).decisions
    [deleted] = found.files
    assert deleted.deleted
    assert deleted.now is None
    assert deleted.lines == 3
    assert deleted.commits == (gone,)
    document = json.loads(run(repo, "--json")[1])
    assert document["decisions"][0]["files"][0]["deleted"] is True
    assert "deleted" in run(repo)[1]


def test_ledger_implements_clears(implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    further = commit(repo, f"more WAL\n\nLedger-Implements: {entry_id}",
                     {"a.py": edit(text, 6, "line 6 wal2")})
    assert drift(repo).decisions  # until the commit is the decision's evidence
    add_evidence(Ledger.open(repo), entry_id, [f"git:{further}"])
    assert drift(repo).decisions == ()


def test_ledger_refs_acknowledges_that_commit_and_its_ancestors(
        implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    commit(repo, "change", {"a.py": (text := edit(text, 6, "line 6 changed"))})
    commit(repo, f"reviewed\n\nLedger-Refs: {entry_id}")
    assert drift(repo).decisions == ()
    after = commit(repo, "again", {"a.py": edit(text, 7, "line 7 changed")})
    [found] = drift(repo).decisions
    assert [c.sha for c in found.commits] == [after]
    assert found.lines == 1


def test_since(implemented: tuple[Path, str, str]) -> None:
    repo, _, text = implemented
    later = commit(repo, "change", {"a.py": edit(text, 6, "line 6 changed")})
    assert drift(repo, since=later).decisions == ()
    assert drift(repo, since=f"{later}~1").decisions
    code, out, _ = run(repo, "--since", later, "--json")
    assert code == 0
    assert json.loads(out)["since"] == later


@pytest.mark.parametrize("rev", ["nope", "-x", ""])
def test_bad_since_is_one_line_exit_2(implemented: tuple[Path, str, str], rev: str) -> None:
    repo, _, _ = implemented
    code, out, err = run(repo, "--since", rev)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_without_footprints_or_commits(repo: Path) -> None:
    code, out, _ = run(repo)
    assert code == 0
    assert "nothing to drift" in out
    commit(repo, "base", {"a.py": BASE})
    Ledger.open(repo).decide("no footprint", because="none")
    assert drift(repo).checked == 0


def test_unmerged_or_missing_footprint_commit_says_nothing(
        implemented: tuple[Path, str, str]) -> None:
    repo, _, text = implemented
    git(repo, "checkout", "-q", "-b", "side")
    side = commit(repo, "side", {"a.py": edit(text, 1, "one")})
    git(repo, "checkout", "-q", "-")
    head = git(repo, "rev-parse", "HEAD").strip()
    decision_at(repo, head, (f"{side} 1-1 a.py", f"{'0' * 40} 1-2 a.py", f"{head} 1-1 nope.py"),
                "gone")
    commit(repo, "change", {"a.py": edit(text, 1, "changed")})
    assert drift(repo).decisions == ()


def test_drift_is_cached_for_restore(implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    commit(repo, "change", {"a.py": edit(text, 6, "line 6 changed")})
    drift(repo)
    body = json.loads((Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
                       / CACHE_FILE).read_text())
    assert body["decisions"][entry_id]["lines"] == 1


def invoke(repo: Path, *args: str) -> dict[str, Any]:
    done = CliRunner().invoke(cli, ["-C", str(repo), *args, "--json"])
    assert done.exit_code == 0, (done.stdout, done.stderr)
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_why_shows_the_drift_of_the_decisions_governing_the_lines(
        implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    later = commit(repo, "tweak", {"a.py": edit(edit(text, 6, "line 6 changed"), 15, "15")})
    [shown] = invoke(repo, "why", "a.py:6")["drift"]
    assert shown["id"] == entry_id
    assert shown["commits"][0]["sha"] == later
    assert [d["id"] for d in invoke(repo, "why", "a.py:5")["drift"]] == [entry_id]  # implements
    assert invoke(repo, "why", "a.py:2")["drift"] == []  # base lines: not the decision's
    assert [d["id"] for d in invoke(repo, "why", "a.py")["drift"]] == [entry_id]
    assert invoke(repo, "why", "--rev", "HEAD")["drift"] == []
    done = CliRunner().invoke(cli, ["-C", str(repo), "why", "a.py:6"])
    assert f"drift: {entry_id}" in done.stdout
    assert "1 line changed since: a.py: 1 line" in done.stdout


def test_review_lists_drifted_decisions(implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    assert invoke(repo, "review")["drifted"] == []
    commit(repo, "tweak", {"a.py": edit(text, 6, "line 6 changed")})
    assert [d["id"] for d in invoke(repo, "review")["drifted"]] == [entry_id]
    done = CliRunner().invoke(cli, ["-C", str(repo), "review"])
    assert "Decisions whose code changed since they were made" in done.stdout
    assert entry_id in done.stdout


def restored(repo: Path) -> str:
    done = CliRunner().invoke(cli, ["-C", str(repo), "restore"])
    assert done.exit_code == 0, done.stderr
    return done.stdout


def test_restore_flags_drift_from_the_cache_only(implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, text = implemented
    commit(repo, "tweak", {"a.py": (text := edit(text, 6, "line 6 changed"))})
    assert "DRIFT" not in restored(repo)  # nothing computed yet: restore blames nothing
    drift(repo)
    [line] = [line for line in restored(repo).splitlines() if "DRIFT" in line]
    assert "use WAL" in line
    assert line.endswith("[DRIFT: 1 line of its code changed since by 1 commit: git ledger drift]")
    commit(repo, "unrelated", {"other.py": "y\n"})
    assert "DRIFT" in restored(repo)  # its files are as they were: still known
    commit(repo, "more", {"a.py": edit(text, 7, "line 7 changed")})
    assert "DRIFT" not in restored(repo)  # a.py changed since: not known until drift runs
    drift(repo)
    assert "2 lines of its code changed since by 2 commits" in restored(repo)
    commit(repo, f"ok\n\nLedger-Refs: {entry_id}")
    drift(repo)
    assert "DRIFT" not in restored(repo)


def test_touched_blames_only_the_decisions_a_commit_may_touch(
        implemented: tuple[Path, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    repo, entry_id, text = implemented
    other_sha = commit(repo, "other", {"other.py": "x\nwal\n"})
    other_id = decision_at(repo, other_sha, (f"{other_sha} 2-2 other.py",), "other rule")
    sha = commit(repo, "tweak", {"a.py": edit(text, 6, "line 6 changed")})
    blamed = count_blames(monkeypatch)
    assert touched(repo, sha) == [entry_id]
    assert blamed == ["a.py"]  # other.py's decision was not blamed again
    assert touched(repo, sha, [other_id]) == [entry_id]  # named by a trailer: looked at
    # other.py is the same file at HEAD as in its commit: no line of it changed, so
    # there is nothing to blame; its record is written all the same (below).
    assert blamed == ["a.py", "a.py"]
    body = json.loads((Path(git(repo, "rev-parse", "--absolute-git-dir").strip())
                       / CACHE_FILE).read_text())
    assert set(body["decisions"]) == {entry_id, other_id}


def test_a_footprint_path_with_control_characters_is_shown_flattened(
        implemented: tuple[Path, str, str]) -> None:
    repo, _, _ = implemented
    name = "we\x1b[31mird.py"
    sha = commit(repo, "weird", {name: BASE})
    decision_at(repo, sha, (f"{sha} 1-2 {name}",), "weird one")
    commit(repo, "change it", {name: edit(BASE, 1, "one")})
    code, out, _ = run(repo)
    assert code == 0
    assert "\x1b" not in out
    assert "ird.py: 1 line" in out


def test_lines_moved_to_another_file_are_followed(repo: Path) -> None:
    """``-C``: the implementing lines moved into another file in one commit still survive;
    a later change to them there is drift, found in the file they are in now."""
    text = "".join(f"def function_number_{n}(argument): return argument * {n} + 12345\n"
                   for n in range(1, 21))
    sha = commit(repo, "base", {"a.py": text})
    entry_id = decision_at(repo, sha, (f"{sha} 5-7 a.py",))
    lines = text.splitlines(keepends=True)
    moved = "".join(lines[4:7])
    commit(repo, "move them", {"a.py": "".join(lines[:4] + lines[7:]), "c.py": moved})
    assert drift(repo).decisions == ()
    later = commit(repo, "change there", {"c.py": edit(moved, 2, "changed = 1")})
    [found] = drift(repo).decisions
    assert found.entry.id == entry_id
    assert [(f.path, f.lines, f.commits) for f in found.files] == [("a.py", 1, (later,))]


def test_a_fresh_undrifted_record_is_not_blamed_again(
        implemented: tuple[Path, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    repo, entry_id, text = implemented
    commit(repo, "append", {"a.py": text + "a new last line\n"})  # a.py changed, not its lines
    blamed = count_blames(monkeypatch)
    assert drift(repo).decisions == ()
    assert blamed == ["a.py"]
    assert drift(repo).decisions == ()  # the cache says it did not drift at this a.py
    assert blamed == ["a.py"]
    commit(repo, "tweak", {"a.py": edit(text, 6, "line 6 changed")})
    assert [d.entry.id for d in drift(repo).decisions] == [entry_id]  # a.py moved on
    assert blamed == ["a.py", "a.py"]


@pytest.mark.parametrize("later", ["edit", "rename then edit", "delete"])
def test_why_and_review_find_with_the_link_index_what_reading_every_decision_finds(
        implemented: tuple[Path, str, str], monkeypatch: pytest.MonkeyPatch,
        later: str) -> None:
    """``why`` asks the link index which decisions may govern a file, ``review`` takes the
    drifted ones from ``check``: both as ``drift`` of every decision in force finds them."""
    repo, entry_id, text = implemented
    other = commit(repo, "other", {"other.py": "x\ny\n"})
    decision_at(repo, other, (f"{other} 1-2 other.py",), text="an unrelated decision")
    path = "a.py"
    if later == "edit":
        commit(repo, "tweak", {"a.py": edit(text, 6, "line 6 changed")})
    elif later == "rename then edit":
        git(repo, "mv", "a.py", "b.py")
        commit(repo, "rename")
        commit(repo, "tweak", {"b.py": edit(text, 6, "line 6 changed")})
        path = "b.py"
    else:
        commit(repo, "remove a.py", {"a.py": None})
        path = "other.py"  # why asks about a file HEAD has
    everything = [d.entry.id for d in drift(repo).decisions]
    assert everything == [entry_id]
    assert [d["id"] for d in invoke(repo, "review")["drifted"]] == everything
    index = repo / ".git" / "ledger-cache" / DB_NAME
    assert index.is_file()  # the review's check indexed the ledgers

    def unread(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("every decision in force was read")

    with monkeypatch.context() as patched:
        patched.setattr(why_module, "in_force", unread)
        indexed = invoke(repo, "why", path)["drift"]
    index.unlink()
    assert invoke(repo, "why", path)["drift"] == indexed
    if later != "delete":
        assert [d["id"] for d in indexed] == everything


def test_a_drift_of_some_decisions_that_changes_nothing_writes_nothing(
        implemented: tuple[Path, str, str]) -> None:
    repo, entry_id, _ = implemented
    drift(repo)
    cache = repo / ".git" / CACHE_FILE
    before = cache.stat().st_ino
    drift(repo, ids=[entry_id])  # a record as the cache holds it already: kept as it is
    assert cache.stat().st_ino == before
    commit(repo, "tweak", {"a.py": "changed\n" * 20})
    drift(repo, ids=[entry_id])
    assert cache.stat().st_ino != before
    assert json.loads(cache.read_text())["decisions"][entry_id]["lines"] == 3


def test_a_drift_the_cache_settles_whole_reads_no_spans_and_writes_no_cache(
        implemented: tuple[Path, str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """why asks about the few decisions that may govern a file: when the cache settles
    every one, the commits' spans (a year's thousands) are not loaded and the cache is
    not read again to be compared."""
    repo, entry_id, text = implemented
    commit(repo, "append", {"a.py": text + "a new last line\n"})  # not its lines
    drift(repo)

    def untouched(*_: Any, **__: Any) -> None:
        raise AssertionError("not needed: the cache settled every decision asked about")

    with monkeypatch.context() as patched:
        patched.setattr("gitledger.ledger.drift.write_cache", untouched)
        patched.setattr("gitledger.ledger.drift.commit_spans_cache", untouched)
        assert drift(repo, ids=[entry_id]).decisions == ()
    commit(repo, "tweak", {"a.py": "changed\n" * 20})
    assert [d.entry.id for d in drift(repo, ids=[entry_id]).decisions] == [entry_id]
