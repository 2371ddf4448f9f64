"""``show``'s text for the code an entry governs: its globs and a footprint summary."""

from __future__ import annotations

from gitledger.views.render import entry_lines, footprint_summary
from tests.builders import make_entry

A = "a" * 40
B = "b" * 40


def test_summary_merges_a_files_lines_across_commits() -> None:
    assert footprint_summary([f"{A} 4-5 src/db/pool.py", f"{B} 6-9,20-20 src/db/pool.py"]) == (
        "src/db/pool.py 4-9,20")


def test_summary_names_whole_files_and_counts_files() -> None:
    footprint = [f"{A} 1-3 a.py", f"{A} * logo.png", f"{B} 2-2 logo.png", f"{B} 7-7 b c.py"]
    assert footprint_summary(footprint) == (
        "3 files: a.py 1-3; logo.png (whole file); b c.py 7")


def test_summary_is_capped_and_skips_what_does_not_parse() -> None:
    footprint = [f"{A} {i}-{i} f{i}.py" for i in range(1, 9)] + ["garbage", f"{A} 0-1 x"]
    assert footprint_summary(footprint) == (
        "8 files: f1.py 1; f2.py 2; f3.py 3; f4.py 4; f5.py 5; and 3 more")
    assert footprint_summary(["not a span"]) == ""
    assert footprint_summary([]) == ""


def test_entry_lines_show_paths_and_footprint_and_strip_control_characters() -> None:
    decision = make_entry("d-aaaaaaaaaa", paths=("src/db/**", "x\x1b[2J.py"),
                          footprint=(f"{A} 1-2 src/db/\x1b[31mpool.py",))
    text = "\n".join(entry_lines(decision))
    assert "        paths: src/db/**, x" in text
    assert "        footprint: src/db/" in text
    assert "\x1b" not in text
    dropped = make_entry("x-aaaaaaaaaa", kind="dropped", why="slow", paths=("poll/",))
    assert "        paths: poll/" in entry_lines(dropped)
    assert not any("paths" in line or "footprint" in line
                   for line in entry_lines(make_entry("d-bbbbbbbbbb")))
