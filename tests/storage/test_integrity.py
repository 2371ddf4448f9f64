"""storage/integrity.py (what doctor reads without trusting it) and the small accessors
transcripts and doctor read through instead of pygit2.

Objects are made and damaged with git plumbing (``hash-object``, ``commit-tree``, deleting
a loose object), the way a broken clone would leave them.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gitledger.errors import CorruptLedger
from gitledger.storage.integrity import (
    Gap,
    Head,
    Link,
    archived_copy,
    blob_data,
    object_kind,
    read_head,
    remove_ref_if_free,
    walk_chain,
)
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, blob_id_of, valid_ref_name
from tests.conftest import git


def _run(repo: Path, *args: str, data: bytes | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=repo, input=data, capture_output=True,
                          check=True)
    return done.stdout.decode().strip()


def _blob(repo: Path, data: bytes) -> str:
    return _run(repo, "hash-object", "-w", "--stdin", data=data)


def _tree(repo: Path, files: dict[str, bytes]) -> str:
    lines = "".join(f"100644 blob {_blob(repo, data)}\t{name}\n" for name, data in files.items())
    return _run(repo, "mktree", data=lines.encode())


def _commit(repo: Path, tree: str, *parents: str, message: str = "c") -> str:
    flags = [arg for parent in parents for arg in ("-p", parent)]
    return _run(repo, "commit-tree", tree, *flags, "-m", message)


def _chain(repo: Path, length: int) -> list[str]:
    """``length`` commits, each the parent of the next; the tip last."""
    commits: list[str] = []
    for count in range(length):
        tree = _tree(repo, {"n": str(count).encode()})
        commits.append(_commit(repo, tree, *commits[-1:]))
    return commits


def _lose(repo: Path, sha: str) -> None:
    """Delete a loose object, as a gc run from a clone that did not need it would."""
    (repo / ".git" / "objects" / sha[:2] / sha[2:]).unlink()


@pytest.fixture
def store(repo: Path) -> Store:
    return Store(Repo(repo))


# -- read_head and object_kind ---------------------------------------------------------------


def test_read_head_of_a_commit_ref(repo: Path, store: Store) -> None:
    [tip] = _chain(repo, 1)
    git(repo, "update-ref", "refs/ledger/project", tip)
    assert read_head(store, "refs/ledger/project") == Head(tip, kind="commit")


def test_read_head_of_an_annotated_tag_names_what_it_tags(repo: Path, store: Store) -> None:
    [tip] = _chain(repo, 1)
    git(repo, "tag", "-a", "-m", "archived", "t", tip)
    tag = git(repo, "rev-parse", "refs/tags/t").strip()
    git(repo, "update-ref", "refs/ledger/archive/x", tag)
    assert read_head(store, "refs/ledger/archive/x") == Head(
        tag, kind="tag", tagged=tip, tagged_kind="commit")


def test_read_head_of_a_symbolic_ref(repo: Path, store: Store) -> None:
    git(repo, "symbolic-ref", "refs/ledger/sessions/sym", "refs/heads/main")
    assert read_head(store, "refs/ledger/sessions/sym") == Head("refs/heads/main",
                                                                symbolic=True)


def test_read_head_of_a_ref_whose_object_is_gone(repo: Path, store: Store) -> None:
    gone = "1" * 40
    (repo / ".git" / "refs" / "ledger").mkdir(parents=True)
    (repo / ".git" / "refs" / "ledger" / "project").write_text(gone + "\n")
    assert read_head(store, "refs/ledger/project") == Head(gone, kind=None)


@pytest.mark.parametrize("ref", ["refs/ledger/none", "refs/ledger/bad..name"])
def test_read_head_of_no_ref_is_none(store: Store, ref: str) -> None:
    assert read_head(store, ref) is None


def test_object_kind(repo: Path, store: Store) -> None:
    [tip] = _chain(repo, 1)
    assert object_kind(store, tip) == "commit"
    assert object_kind(store, _blob(repo, b"x")) == "blob"
    assert object_kind(store, "2" * 40) is None


# -- blob_data -------------------------------------------------------------------------------


def test_blob_data_reads_a_blob(repo: Path, store: Store) -> None:
    assert blob_data(store, _blob(repo, b"format = 1\n")) == b"format = 1\n"


def test_blob_data_of_a_tree_or_a_missing_blob_is_corrupt(repo: Path, store: Store) -> None:
    with pytest.raises(CorruptLedger, match=r"is a tree, not a file"):
        blob_data(store, _tree(repo, {"a": b"a"}))
    with pytest.raises(CorruptLedger, match=r"^3{12} is missing, not a file$"):
        blob_data(store, "3" * 40)


# -- walk_chain ------------------------------------------------------------------------------


def test_walk_chain_yields_each_commit_tip_first(repo: Path, store: Store) -> None:
    commits = _chain(repo, 3)
    steps = list(walk_chain(store, commits[-1]))
    assert [s.commit for s in steps] == commits[::-1]
    assert all(isinstance(s, Link) for s in steps)
    assert isinstance(steps[0], Link)
    assert steps[0].view.read("n") == b"2"


def test_walk_chain_reads_no_parent_before_asked(repo: Path, store: Store) -> None:
    first, second = _chain(repo, 2)
    _lose(repo, first)
    walk = walk_chain(store, second)
    assert isinstance(next(walk), Link)  # the tip alone: its parent is not looked at yet
    assert next(walk) == Gap(second, first, "first-parent")
    assert list(walk) == []


def test_walk_chain_ends_at_a_missing_tree(repo: Path, store: Store) -> None:
    tree = _tree(repo, {"only-here": b"unique 4f1c\n"})
    tip = _commit(repo, tree)
    _lose(repo, tree)
    assert list(walk_chain(store, tip)) == [Gap(tip, tree, "tree")]


def test_walk_chain_ends_at_a_missing_other_parent(repo: Path, store: Store) -> None:
    [base] = _chain(repo, 1)
    other = _commit(repo, _tree(repo, {"o": b"o"}), message="other")
    merge = _commit(repo, _tree(repo, {"m": b"m"}), base, other)
    _lose(repo, other)
    steps = list(walk_chain(store, merge))
    assert steps[-1] == Gap(merge, other, "other-parent")
    assert len(steps) == 2


def test_walk_chain_of_no_commit_is_corrupt(repo: Path, store: Store) -> None:
    with pytest.raises(CorruptLedger, match="is not a commit"):
        list(walk_chain(store, _blob(repo, b"not a commit")))


# -- archived_copy and remove_ref_if_free ----------------------------------------------------


def _archive_of(repo: Path, name: str, commit: str) -> None:
    git(repo, "tag", "-a", "-m", "archived", f"tmp-{name}", commit)
    tag = git(repo, "rev-parse", f"refs/tags/tmp-{name}").strip()
    git(repo, "update-ref", f"refs/ledger/archive/{name}", tag)


def test_archived_copy_is_the_tip_its_archive_tags(repo: Path, store: Store) -> None:
    first, second = _chain(repo, 2)
    git(repo, "update-ref", "refs/ledger/sessions/a", second)
    assert archived_copy(store, "refs/ledger/sessions/a") is None  # not archived
    _archive_of(repo, "a", first)
    assert archived_copy(store, "refs/ledger/sessions/a") is None  # went on after
    git(repo, "update-ref", "refs/ledger/sessions/a", first)
    assert archived_copy(store, "refs/ledger/sessions/a") == first


def test_remove_ref_if_free(repo: Path, store: Store) -> None:
    first, second = _chain(repo, 2)
    git(repo, "update-ref", "refs/ledger/sessions/a", second)
    assert remove_ref_if_free(store, "refs/ledger/sessions/a", first)  # moved: left alone
    assert store.exists("refs/ledger/sessions/a")
    assert remove_ref_if_free(store, "refs/ledger/sessions/a", second)
    assert not store.exists("refs/ledger/sessions/a")


def test_remove_ref_if_free_does_not_wait_for_a_lock(repo: Path, store: Store) -> None:
    [tip] = _chain(repo, 1)
    git(repo, "update-ref", "refs/ledger/sessions/a", tip)
    store.lock_file("refs/ledger/sessions/a").write_text("")
    assert not remove_ref_if_free(store, "refs/ledger/sessions/a", tip)
    assert store.exists("refs/ledger/sessions/a")


# -- the accessors of store.py ---------------------------------------------------------------


def test_blob_id_of_is_gits_id(repo: Path) -> None:
    assert blob_id_of(b"hello\n") == _run(repo, "hash-object", "--stdin", data=b"hello\n")


@pytest.mark.parametrize(("name", "valid"), [
    ("refs/ledger/transcripts/abc-1", True),
    ("refs/ledger/transcripts/a..b", False),
    ("refs/ledger/transcripts/x.lock", False),
    ("refs/ledger/sessions/with space", False),
])
def test_valid_ref_name(name: str, valid: bool) -> None:
    assert valid_ref_name(name) is valid


def test_blob_size(repo: Path, store: Store) -> None:
    assert store.blob_size(_blob(repo, b"12345")) == 5
    with pytest.raises(CorruptLedger, match="is missing"):
        store.blob_size("4" * 40)


def test_tree_view_id_of_and_top_blob_ids(repo: Path, store: Store) -> None:
    inner = _tree(repo, {"deep": b"d"})
    top = _run(repo, "mktree", data=(
        f"100644 blob {_blob(repo, b'a')}\ta\n040000 tree {inner}\tdir\n").encode())
    view = store.view_at(_commit(repo, top))
    assert view.id_of("dir") == inner
    assert view.id_of("dir/deep") == _blob(repo, b"d")
    assert view.id_of("nothing") is None
    assert view.top_blob_ids() == [("a", _blob(repo, b"a"))]
