"""``storage/commit_spans.py``: the new-side lines each file of a commit changed."""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path

import pytest

from gitledger.core.footprint import MAX_SPANS, Span
from gitledger.errors import InvalidInput
from gitledger.storage.commit_spans import commit_spans
from gitledger.storage.repo import Repo
from tests.conftest import git


def _commit(repo: Path, files: Mapping[str, str | bytes | None], message: str = "change") -> str:
    for name, content in files.items():
        path = repo / name
        if content is None:
            git(repo, "rm", "-q", name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        git(repo, "add", name)
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def _lines(n: int, tag: str = "line") -> str:
    return "".join(f"{tag} {i}\n" for i in range(1, n + 1))


def test_root_commit_spans_every_file_whole_range(repo: Path) -> None:
    sha = _commit(repo, {"src/a.py": _lines(3), "b.txt": "b\n"})
    assert commit_spans(Repo(repo), sha) == [Span(sha, "b.txt", ((1, 1),)),
                                              Span(sha, "src/a.py", ((1, 3),))]


def test_changed_lines_of_the_new_side_merged(repo: Path) -> None:
    _commit(repo, {"a.py": _lines(20)})
    text = _lines(20).replace("line 3\n", "LINE 3\n").replace("line 4\n", "LINE 4\n")
    text = text.replace("line 10\n", "line 10\nnew a\nnew b\n").replace("line 20\n", "")
    sha = _commit(repo, {"a.py": text})
    # 3-4 changed, two lines added after 10 (new 11-12), the last line removed (at new 21).
    assert commit_spans(Repo(repo), sha) == [Span(sha, "a.py", ((3, 4), (11, 12), (21, 21)))]


def test_removals_only_point_at_where_the_lines_were(repo: Path) -> None:
    _commit(repo, {"a.py": _lines(10), "b.py": _lines(3)})
    sha = _commit(repo, {"a.py": _lines(10).replace("line 5\n", "").replace("line 1\n", ""),
                         "b.py": ""})
    spans = commit_spans(Repo(repo), sha)
    assert spans == [Span(sha, "a.py", ((1, 1), (3, 3))), Span(sha, "b.py", ())]


def test_rename_new_path_deleted_left_out_binary_and_mode_whole(repo: Path) -> None:
    _commit(repo, {"old/name.py": _lines(30), "gone.py": "x\n", "tool.sh": "echo\n",
                   "logo.png": b"\x89PNG\x00\x01"})
    git(repo, "mv", "old/name.py", "new name.py")
    (repo / "new name.py").write_text(_lines(30).replace("line 7\n", "seven\n"))
    git(repo, "add", "new name.py")
    git(repo, "update-index", "--chmod=+x", "tool.sh")
    sha = _commit(repo, {"gone.py": None, "logo.png": b"\x89PNG\x00\x02\x03"})
    assert commit_spans(Repo(repo), sha) == [Span(sha, "logo.png", ()),
                                              Span(sha, "new name.py", ((7, 7),)),
                                              Span(sha, "tool.sh", ())]


def test_empty_commit_and_new_empty_file(repo: Path) -> None:
    _commit(repo, {"a": "a\n"})
    assert commit_spans(Repo(repo), _commit(repo, {})) == []
    sha = _commit(repo, {"empty.txt": ""})
    assert commit_spans(Repo(repo), sha) == [Span(sha, "empty.txt", ())]


def test_merge_commit_diffs_against_first_parent(repo: Path) -> None:
    base = _commit(repo, {"a.py": _lines(5)})
    git(repo, "checkout", "-q", "-b", "side")
    _commit(repo, {"side.py": "s\n"})
    git(repo, "checkout", "-q", "main")
    _commit(repo, {"a.py": _lines(5).replace("line 2\n", "two\n")})
    git(repo, "merge", "-q", "--no-ff", "-m", "merge", "side")
    merge = git(repo, "rev-parse", "HEAD").strip()
    assert [s.path for s in commit_spans(Repo(repo), merge)] == ["side.py"]
    assert commit_spans(Repo(repo), base[:8])[0].commit == base  # a prefix names it too


def test_not_a_commit(repo: Path) -> None:
    _commit(repo, {"a": "a\n"})
    for bad in ("f" * 40, "zz", "HEAD:a"):
        with pytest.raises(InvalidInput, match="names no commit"):
            commit_spans(Repo(repo), bad)


def test_capped_and_fast_on_a_big_commit(repo: Path) -> None:
    _commit(repo, {"seed": "s\n"})
    files = {f"pkg/m{i:04d}.py": _lines(40, f"v{i}") for i in range(MAX_SPANS + 20)}
    sha = _commit(repo, files)
    started = time.perf_counter()
    spans = commit_spans(Repo(repo), sha)
    elapsed = time.perf_counter() - started
    assert len(spans) == MAX_SPANS
    assert spans[0] == Span(sha, "pkg/m0000.py", ((1, 40),))
    assert elapsed < 2.0, f"{elapsed:.3f}s for {len(files)} files"
