"""The format registry (``interchange.formats``): one entry per format, read everywhere."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gitledger.errors import InvalidInput
from gitledger.interchange import formats
from gitledger.interchange.importer import guess_format


def test_each_format_is_one_entry_with_its_directions() -> None:
    names = [f.name for f in formats.FORMATS]
    assert len(names) == len(set(names))
    assert {f.name: f.directions for f in formats.FORMATS} == {
        "md": ("export",), "json": ("export",), "session-md": ("export", "import"),
        "jsonl": ("export", "import"), "atif": ("export",), "html": ("export",)}
    assert all(f.suffixes for f in formats.IMPORTS)  # an import can be guessed from a name


@pytest.mark.parametrize(("name", "expected"), [
    ("ledger.jsonl", "jsonl"), ("SESSION.MD", "session-md"), ("notes.markdown", "session-md")])
def test_the_file_name_says_the_format(name: str, expected: str) -> None:
    assert guess_format(name) == expected


def test_an_unknown_format_names_the_known_ones() -> None:
    with pytest.raises(InvalidInput, match="use session-md or jsonl"):
        formats.importer("csv")
    with pytest.raises(InvalidInput, match="use md, json, session-md, jsonl, atif"):
        formats.export_as(None, "csv")


def test_the_help_lists_every_format() -> None:
    text = formats.option_help("export")
    assert all(f"{f.name}: {f.help}" in text for f in formats.EXPORTS)
    assert all(f"{f.suffixes[0]} is {f.name}" in formats.option_help("import")
               for f in formats.IMPORTS)


def test_reading_the_table_loads_no_format_code() -> None:
    """cli.py reads it at start-up: it must not pull in storage (pygit2) or json."""
    code = ("import sys, gitledger.interchange.formats; "
            "print(sorted(m for m in ('pygit2', 'json', 'dataclasses', "
            "'gitledger.interchange.export') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
