"""``ledger/decision_footprints.py``: globs as ``--paths`` stores them, and the footprint
every route that gives a decision ``git:`` evidence derives (decide, resolve, edit,
implement, evidence)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gitledger.core.footprint import MAX_SPANS, spans
from gitledger.errors import InvalidInput
from gitledger.ledger import decisions
from gitledger.ledger.archive_command import archive
from gitledger.ledger.archived import open_archive
from gitledger.ledger.decision_footprints import (
    MAX_PATHS,
    PATH_LIMIT,
    clean_paths,
    derived_footprint,
)
from gitledger.ledger.lifecycle import carry
from gitledger.ledger.operations import Ledger
from gitledger.storage.repo import Repo
from tests.conftest import git


def _commit(repo: Path, files: dict[str, str], message: str = "change") -> str:
    for name, content in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(content)
        git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def _refs(repo: Path) -> str:
    return git(repo, "for-each-ref", "refs/ledger/")


# -- clean_paths ---------------------------------------------------------------------------


def test_globs_are_made_relative_to_the_top(repo: Path) -> None:
    (repo / "src" / "db").mkdir(parents=True)
    top = Repo(repo)
    assert clean_paths(top, ["src/db/**", "./lib/*.py", "src//x/", "src/db/**"]) == (
        "src/db/**", "lib/*.py", "src/x/")
    assert clean_paths(top, ["*.sql", "."]) == ("*.sql", "**")
    below = Repo(repo / "src")
    assert clean_paths(below, ["db/**", "../README", ".", str(repo / "lib" / "*.py")]) == (
        "src/db/**", "README", "src", "lib/*.py")
    assert clean_paths(top, [str(repo)]) == ("**",)


@pytest.mark.parametrize(("glob", "message"), [
    ("../x", "leads outside the work tree"),
    ("src/../../x", "leads outside the work tree"),
    ("/etc/passwd", "is outside the work tree"),
    ("!src/x", "negated glob"),
    ("", "is empty"),
    ("   ", "is empty"),
    ("src/\x1b[31m", "control character"),
    ("src/\u200bdb", "invisible character"),
    ("a\nb", "one line"),
    ("x" * (PATH_LIMIT + 1), "the limit is 300"),
])
def test_bad_globs_are_refused(repo: Path, glob: str, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        clean_paths(Repo(repo), [glob])


def test_bounded_count(repo: Path) -> None:
    assert len(clean_paths(Repo(repo), [f"d{i}/" for i in range(MAX_PATHS)])) == MAX_PATHS
    with pytest.raises(InvalidInput, match=f"the limit is {MAX_PATHS}"):
        clean_paths(Repo(repo), [f"d{i}/" for i in range(MAX_PATHS + 1)])


def test_outside_from_a_sibling_worktree_dir_prefix(repo: Path, tmp_path: Path) -> None:
    # /…/repo2 starts with /…/repo as a string but is not inside it.
    with pytest.raises(InvalidInput, match="outside the work tree"):
        clean_paths(Repo(repo), [str(tmp_path / "repo2" / "x")])


# -- paths on decide, drop, edit -----------------------------------------------------------


def test_decide_drop_edit_keep_paths(repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    proposed = ledger.decide("Maybe Redis", proposed=True, paths=["cache/**"]).entry
    assert proposed is not None
    assert proposed.paths == ("cache/**",)
    rejected = decisions.reject(ledger, proposed.id, why="one more server").entry
    assert rejected is not None
    assert rejected.paths == ("cache/**",)
    dropped = ledger.drop("Polling", why="slow", paths=["src/poll.py"]).entry
    assert dropped is not None
    assert dropped.paths == ("src/poll.py",)
    edited = ledger.edit(dropped.id, paths=["src/poll/", "x.py"]).entry
    assert edited is not None
    assert edited.paths == ("src/poll/", "x.py")
    question = ledger.open_question("Which queue?").entry
    assert question is not None
    resolved = ledger.resolve(question.id, as_kind="dropped", why="w", paths=["q/"]).entry
    assert resolved is not None
    assert resolved.paths == ("q/",)
    cleared = ledger.edit(dropped.id, paths=[""]).entry
    assert cleared is not None
    assert cleared.paths == ()
    assert ledger.get(dropped.id).paths == ()


def test_edit_paths_refused_where_they_do_not_apply(repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    fact = ledger.verify("It builds", by="make").entry
    decision = ledger.decide("Use a queue").entry
    assert fact is not None
    assert decision is not None
    before = _refs(repo_with_commit)
    with pytest.raises(InvalidInput, match="--paths does not apply"):
        ledger.edit(fact.id, paths=["src/"])
    with pytest.raises(InvalidInput, match="give it alone"):
        ledger.edit(decision.id, paths=["", "src/"])
    with pytest.raises(InvalidInput, match="outside the work tree"):
        ledger.decide("Nope", paths=["../elsewhere/*"])
    with pytest.raises(InvalidInput, match="already says that"):
        ledger.edit(decision.id, paths=[])
    assert _refs(repo_with_commit) == before


# -- footprints derived --------------------------------------------------------------------


def test_every_route_to_git_evidence_derives_the_footprint(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    first = _commit(repo, {"src/a.py": "a\nb\nc\n"})
    second = _commit(repo, {"src/b.py": "x\n", "src/a.py": "a\nB\nc\n"})
    ledger = Ledger.open(repo)
    a_span = f"{first} 1-3 src/a.py"
    second_spans = (f"{second} 2-2 src/a.py", f"{second} 1-1 src/b.py")

    by_decide = ledger.decide("Decided with evidence", evidence=[f"git:{first[:8]}"]).entry
    assert by_decide is not None
    assert by_decide.footprint == (a_span,)

    implemented = decisions.implement(ledger, by_decide.id, commit=second[:7]).entry
    assert implemented is not None
    assert implemented.footprint == (a_span, *second_spans)

    removed = decisions.add_evidence(ledger, by_decide.id, [], remove=[f"git:{first}"]).entry
    assert removed is not None
    assert removed.footprint == second_spans

    plain = ledger.decide("Decided plainly", evidence=["test:x"]).entry
    assert plain is not None
    assert plain.footprint == ()
    added = decisions.add_evidence(ledger, plain.id, ["git:HEAD~1"]).entry
    assert added is not None
    assert added.footprint == (a_span,)
    edited = ledger.edit(plain.id, evidence=["test:x"]).entry
    assert edited is not None
    assert edited.footprint == ()

    question = ledger.open_question("Which file?").entry
    assert question is not None
    resolved = ledger.resolve(question.id, as_kind="decided", evidence=[f"git:{second}"]).entry
    assert resolved is not None
    assert resolved.footprint == second_spans


def test_footprint_and_paths_kept_by_carry_and_archive(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    sha = _commit(repo, {"src/a.py": "a\n"})
    ledger = Ledger.open(repo)
    decision = ledger.decide("Carried", evidence=[f"git:{sha}"], paths=["src/"]).entry
    kept = ledger.decide("Archived", evidence=[f"git:{sha}"], paths=["lib/"]).entry
    dropped = ledger.drop("Archived too", why="w", paths=["old/"]).entry
    assert decision is not None
    assert kept is not None
    assert dropped is not None
    carry(repo, [decision.id])
    carried = Ledger.open(repo, project=True).get(decision.id)
    assert carried.paths == ("src/",)
    assert carried.footprint == (f"{sha} 1-1 src/a.py",)
    done = archive(repo, no_carry=True)
    archived = open_archive(repo, done.archive.rsplit("/", 1)[-1])
    assert archived.get(kept.id).footprint == (f"{sha} 1-1 src/a.py",)
    assert archived.get(kept.id).paths == ("lib/",)
    assert archived.get(dropped.id).paths == ("old/",)


def test_derived_footprint_caps_and_keeps_a_lost_commits_spans(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    sha = _commit(repo, {f"m{i:04d}.py": "x\n" for i in range(MAX_SPANS + 5)})
    other = _commit(repo, {"z.py": "z\n"})
    footprint = derived_footprint(Repo(repo), [f"git:{sha}", f"git:{other}"])
    assert len(footprint) == MAX_SPANS
    assert all(span.commit == sha for span in spans(footprint))
    gone = "f" * 40
    previous = (f"{gone} 3-4 lost.py", f"{other} 9-9 stale.py")
    assert derived_footprint(Repo(repo), [f"git:{gone}", f"git:{other}", "test:y"],
                             previous) == (f"{gone} 3-4 lost.py", f"{other} 1-1 z.py")


def test_a_file_name_no_one_could_read_is_left_out(repo_with_commit: Path) -> None:
    repo = repo_with_commit
    names = ["line\nbreak.py", "esc\x1b[2J.py", "zero\u200bwidth.py", "tab\there.py"]
    for name in names:
        (repo / name).write_text("x\n")
    (repo / "fine name ü.py").write_text("y\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "odd names")
    sha = git(repo, "rev-parse", "HEAD").strip()
    assert derived_footprint(Repo(repo), [f"git:{sha}"]) == (f"{sha} 1-1 fine name ü.py",)
