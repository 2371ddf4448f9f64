"""``prefilter_token`` is a string every path a glob matches contains (the shell fast path
and ``glob_matches`` rely on it), and ``glob_matches`` answers as the regex does."""

from __future__ import annotations

import pytest

from gitledger.core.footprint import glob_matches, prefilter_token

CASES = [
    ("src/db/**", "src/db/pool.py", True),
    ("src/db", "src/db/deep/x.py", True),
    ("*.py", "a/b/c.py", True),
    ("**/handler.py", "services/svc-1/handler.py", True),
    ("src/[abcdefgh].py", "src/a.py", True),
    ("src/[!abcdefgh]x.py", "src/zx.py", True),
    ("docs/guide-?.md", "docs/guide-1.md", True),
    ("src/db/**", "src/other/pool.py", False),
    ("src/[abcdefgh].py", "src/z.py", False),
    ("lib/pool manager.py", "lib/pool manager.py", True),
]


@pytest.mark.parametrize(("glob", "path", "matches"), CASES)
def test_the_token_is_in_every_matching_path(glob: str, path: str, matches: bool) -> None:
    assert glob_matches(glob, path) is matches
    if matches:
        assert prefilter_token(glob) in path


def test_a_character_class_is_never_taken_for_a_literal() -> None:
    assert prefilter_token("[abcdefgh].py") == ".py"
    assert prefilter_token("src/[abc]/deep") == "deep"


def test_governs_reads_the_spans_of_the_path_alone() -> None:
    from datetime import UTC, datetime

    from gitledger.core.footprint import governs
    from gitledger.core.model import Entry

    entry = Entry(id="d-aaaaaaaaaa", kind="decided", seq=1, status="accepted",
                  created=datetime(2026, 1, 1, tzinfo=UTC), author="A <a@x>", text="t",
                  footprint=("abcd 3-4 src/x.py", "abcd * my src/x.py", "bad span"))
    assert governs(entry, "src/x.py", ((4, 9),))
    assert not governs(entry, "src/x.py", ((5, 9),))
    assert governs(entry, "my src/x.py", ((100, 100),))  # the whole file
    assert not governs(entry, "x.py")
    rejected = Entry(id="d-bbbbbbbbbb", kind="decided", seq=2, status="rejected",
                     created=datetime(2026, 1, 1, tzinfo=UTC), author="A <a@x>", text="t",
                     footprint=("abcd * src/x.py",), paths=("lib/**",))
    assert not governs(rejected, "src/x.py")  # a rejected decision governs by its paths
    assert governs(rejected, "lib/y.py")
