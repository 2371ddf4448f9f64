"""``core/apply_patch.py``: Codex's patch body read for its files and located lines."""

from __future__ import annotations

import pytest

from gitledger.core.apply_patch import locate, parse_patch

FILE = "".join(f"line {i}\n" for i in range(1, 21))


def test_the_files_of_a_patch() -> None:
    body = ("*** Begin Patch\n*** Update File: src/a.py\n*** Move to: src/b.py\n@@\n-line 3\n"
            "+LINE 3\n line 4\n*** Add File: src/new.py\n+x = 1\n+y = 2\n"
            "*** Delete File: src/old.py\n*** End Patch\n")
    files = parse_patch(body)
    assert files is not None
    assert [(f.action, f.path, f.move_to) for f in files] == [
        ("update", "src/a.py", "src/b.py"), ("add", "src/new.py", None),
        ("delete", "src/old.py", None)]
    assert files[0].hunks[0].lines == (("-", "line 3"), ("+", "LINE 3"), (" ", "line 4"))


def test_a_heredoc_around_the_patch_is_read() -> None:
    body = "apply_patch <<'EOF'\n*** Begin Patch\n*** Delete File: a\n*** End Patch\nEOF\n"
    files = parse_patch(body)
    assert files is not None
    assert [(f.action, f.path) for f in files] == [("delete", "a")]


@pytest.mark.parametrize("body", [
    "", "hello", "*** Begin Patch\n*** End Patch\n",
    "*** Begin Patch\n*** Update File: a.py\n-x\n",  # no end
    "*** Begin Patch\n*** Frobnicate File: a.py\n*** End Patch\n",
    "*** Begin Patch\n*** Update File: a.py\n*** End Patch\n",  # an update with no hunk
    "*** Begin Patch\n*** Update File: a.py\n@@\n?weird\n*** End Patch\n",
    "*** Begin Patch\n*** Add File: \n+x\n*** End Patch\n",
])
def test_what_is_not_a_patch_parses_as_nothing(body: str) -> None:
    assert parse_patch(body) is None


def located(hunk_text: str, text: str = FILE) -> object:
    files = parse_patch(f"*** Begin Patch\n*** Update File: f\n{hunk_text}*** End Patch\n")
    assert files is not None
    return locate(files[0].hunks, text)


def test_removed_lines_are_located() -> None:
    assert located("@@\n line 4\n-line 5\n-line 6\n+new\n line 7\n") == ((5, 6),)


def test_an_insertion_names_the_lines_either_side() -> None:
    assert located("@@\n line 9\n+inserted\n line 10\n") == ((9, 10),)


def test_the_context_header_is_found_first() -> None:
    text = "def a():\n    x = 1\ndef b():\n    x = 1\n"
    assert located("@@ def b():\n-    x = 1\n+    x = 2\n", text) == ((4, 4),)


def test_whitespace_differences_are_forgiven_as_codex_does() -> None:
    assert located("@@\n-line 5   \n+x\n") == ((5, 5),)
    assert located("@@\n-  line 5\n+x\n") == ((5, 5),)


def test_hunks_are_located_in_order() -> None:
    assert located("@@\n-line 2\n+two\n@@\n-line 18\n+eighteen\n") == ((2, 2), (18, 18))


def test_a_hunk_not_in_the_file_locates_nothing() -> None:
    assert located("@@\n-not there\n+x\n") is None


def test_an_end_of_file_hunk_is_anchored_at_the_end() -> None:
    text = "a\nb\na\nb\n"
    assert located("@@\n-a\n b\n*** End of File\n", text) == ((3, 3),)
