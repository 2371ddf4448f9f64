"""The saved governing entries as JSON lines with an index: a question about some files
decodes only the entries that may govern them, and answers what a read of every entry
answers; a header-only carry-over keeps the entries byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gitledger.core.codec import entry_to_json
from gitledger.derived import registry
from gitledger.derived.governing_cache import (
    Key,
    advance,
    combined,
    load,
    read_parts,
    save,
)
from gitledger.storage.layout import GOVERNING_FILE
from gitledger.views.governing import select
from tests.builders import make_entry

FILES = ("src/a.py", "src/b.py", "src/dir/c.py", "docs/read me.md", "src/a.pyx")
_SHA = "a" * 40


def _key(gitdir: Path, project_tip: str = "p1") -> Key:
    return Key(str(gitdir), str(gitdir.parent), "refs/ledger/sessions/s", "s1",
               project_tip, "Ada <ada@example.com>")


def _triple(ledger: str, entry_id: str, *, files: tuple[str, ...] = (),
            globs: tuple[str, ...] = (), text: str = "") -> list[Any]:
    entry = make_entry(entry_id, footprint=tuple(f"{_SHA} 1-3 {f}" for f in files),
                       paths=globs, text=text or f"text of {entry_id}")
    return [ledger, "", entry_to_json(entry)]


_entries = st.lists(st.tuples(st.sampled_from(("session", "project")),
                              st.lists(st.sampled_from(FILES), max_size=2, unique=True),
                              st.sampled_from(((), ("src/*.py",), ("docs/**",), ("*",)))),
                    max_size=12)


@settings(max_examples=60, deadline=None)
@given(_entries, st.lists(st.sampled_from(FILES), min_size=1, max_size=2, unique=True))
def test_a_narrow_read_answers_what_every_entry_answers(
        tmp_path_factory: Any, drawn: list[tuple[str, list[str], tuple[str, ...]]],
        asked: list[str]) -> None:
    gitdir = tmp_path_factory.mktemp("g") / ".git"
    gitdir.mkdir()
    parts: dict[str, list[list[Any]]] = {"session": [], "project": []}
    unshared: list[str] = []  # project ids no session entry holds yet
    for n, (part, files, globs) in enumerate(drawn):
        # A session entry holds the last project id when there is one (a ledger holds an
        # id once): the session's copy wins, candidate or not.
        entry_id = f"d-{n:04d}"
        if part == "project":
            unshared.append(entry_id)
        elif unshared:
            entry_id = unshared.pop()
        parts[part].append(_triple(part, entry_id, files=tuple(files), globs=globs))
    key = _key(gitdir)
    save(key, parts)
    targets = [(path, ()) for path in asked]
    narrow = load(key, paths=asked)
    assert set(narrow) == {"session", "project"}
    expected = select(combined(parts), targets)
    assert select(combined(narrow), targets) == expected
    assert select(combined(load(key)), targets) == expected


def test_only_the_candidates_are_decoded(tmp_path: Path) -> None:
    key = _key(tmp_path)
    parts = {"session": [],
             "project": [_triple("project", "d-aaaa", files=("src/a.py",)),
                         _triple("project", "d-bbbb", files=("src/b.py",)),
                         _triple("project", "d-gggg", globs=("src/*.py",)),
                         _triple("project", "d-docs", globs=("docs/**",)),
                         _triple("project", "d-star", globs=("*",))]}
    save(key, parts)
    path = tmp_path / GOVERNING_FILE
    # Break the lines of the entries that only src/b.py and docs/ can concern.
    lines = path.read_bytes().split(b"\n")
    for broken in (b"d-bbbb", b"d-docs"):
        at = next(i for i, line in enumerate(lines) if broken in line and i > 0)
        lines[at] = b"{" + lines[at][1:]
    path.write_bytes(b"\n".join(lines))
    narrow = load(key, paths=["src/a.py"])
    # A glob is read where its literal token is in the path, or always when it has none.
    assert [item[2]["id"] for item in narrow["project"]] == ["d-aaaa", "d-gggg", "d-star"]
    # A question that needs the broken line drops the part: it is read again.
    assert "project" not in load(key, paths=["src/b.py"])
    assert "project" not in load(key)


def test_a_part_that_cannot_be_read_narrowly_brings_the_others_whole(tmp_path: Path) -> None:
    """The caller reads the broken part again and saves it with the others: a narrowed
    other part would be saved as if it were whole, and its entries lost for good."""
    key = _key(tmp_path)
    parts = {"session": [_triple("session", "d-ssss", files=("src/a.py",))],
             "project": [_triple("project", "d-pa", files=("src/a.py",)),
                         _triple("project", "d-pb", files=("src/b.py",))]}
    save(key, parts)
    path = tmp_path / GOVERNING_FILE
    lines = path.read_bytes().split(b"\n")
    at = next(i for i, line in enumerate(lines) if b"d-ssss" in line and i > 0)
    lines[at] = b"{" + lines[at][1:]
    path.write_bytes(b"\n".join(lines))
    assert load(key, paths=["src/a.py"]) == {"project": parts["project"]}


@pytest.mark.parametrize(("field", "value"), [
    ("always", [0, "x"]), ("always", [[0]]), ("always", [10**30]), ("always", [True]),
    ("files", {"src/a.py": "0"}), ("tokens", {"src": [-1]}), ("end", 10**30),
    ("start", None), ("always", [999_999]),
])
def test_a_malformed_header_is_no_crash(tmp_path: Path, field: str, value: object) -> None:
    key = _key(tmp_path)
    parts = {"session": [],
             "project": [_triple("project", "d-pa", files=("src/a.py",)),
                         _triple("project", "d-gg", globs=("src/*.py",))]}
    save(key, parts)
    path = tmp_path / GOVERNING_FILE
    header, body = path.read_bytes().split(b"\n", 1)
    document = json.loads(header)
    document["parts"]["project"][field] = value
    path.write_bytes(json.dumps(document).encode() + b"\n" + body)
    # No narrow read of a malformed index: whole where the part's range still holds (the
    # caller saves it again), else left out to be read from the ledger.
    found = load(key, paths=["src/a.py"])
    assert found.get("project", parts["project"]) == parts["project"]
    assert found["session"] == []
    assert ("project" in found) == (field not in ("start", "end"))


def test_advance_leaves_a_part_without_ids_alone(tmp_path: Path) -> None:
    key = _key(tmp_path)
    save(key, {"session": [], "project": [_triple("project", "d-pa", files=("src/a.py",))]})
    path = tmp_path / GOVERNING_FILE
    header, body = path.read_bytes().split(b"\n", 1)
    document = json.loads(header)
    document["parts"]["project"]["ids"] = "d-pa"
    path.write_bytes(json.dumps(document).encode() + b"\n" + body)
    advance(tmp_path, "project", "p1", "p2", written=["d-pa"])
    assert read_parts(path)["project"][0] == {"tip": "p1", "me": "Ada <ada@example.com>"}


def test_a_save_removes_the_copy_an_earlier_gitledger_left(tmp_path: Path) -> None:
    former = tmp_path / "ledger-governing.json"
    former.write_text(json.dumps({"version": 2, "parts": {}}))
    save(_key(tmp_path), {"session": [], "project": []})
    assert not former.exists()


def test_a_stale_part_hands_back_the_others_whole(tmp_path: Path) -> None:
    key = _key(tmp_path)
    parts = {"session": [_triple("session", "d-ssss", files=("src/b.py",))],
             "project": [_triple("project", "d-pppp", files=("src/b.py",))]}
    save(key, parts)
    earlier: dict[str, Any] = {}
    moved = _key(tmp_path, project_tip="p2")
    found = load(moved, earlier, paths=["src/a.py"])
    # The session part comes whole (the caller saves it with the project part read again).
    assert found == {"session": parts["session"]}
    assert earlier == {"project": ("p1", parts["project"])}


def test_advance_rewrites_the_header_only(tmp_path: Path) -> None:
    key = _key(tmp_path)
    parts = {"session": [_triple("session", "d-ssss", files=("src/a.py",))],
             "project": [_triple("project", "d-pppp", files=("src/a.py",),
                                 text="ünïcode\u2028and a line separator")]}
    save(key, parts)
    path = tmp_path / GOVERNING_FILE
    body = path.read_bytes().split(b"\n", 1)[1]
    advance(tmp_path, "project", "p1", "p2", written=["d-other"])
    assert path.read_bytes().split(b"\n", 1)[1] == body
    assert read_parts(path)["project"][0] == {"tip": "p2", "me": "Ada <ada@example.com>"}
    assert load(_key(tmp_path, project_tip="p2"), paths=["src/a.py"]) == parts
    # A write that touched a saved entry leaves the part stale.
    advance(tmp_path, "project", "p2", "p3", written=["d-pppp"])
    assert "project" not in load(_key(tmp_path, project_tip="p3"))


def test_doctor_reads_the_version_from_the_header(tmp_path: Path) -> None:
    artifact = registry.BY_NAME["governing-entries"]
    save(_key(tmp_path), {"session": [], "project": []})
    assert registry.state(artifact, tmp_path, tmp_path) == registry.FRESH
    # The layout before JSON lines, left by an earlier gitledger: stale, rebuilt on demand.
    (tmp_path / "ledger-governing.json").write_text(json.dumps({"version": 2, "parts": {}}))
    assert registry.state(artifact, tmp_path, tmp_path) == registry.STALE
    (tmp_path / "ledger-governing.json").unlink()
    (tmp_path / GOVERNING_FILE).write_text("not json\n{}\n")
    assert registry.state(artifact, tmp_path, tmp_path) == registry.DAMAGED


def test_the_session_copy_of_an_id_wins_even_when_it_governs_nothing_asked(
        tmp_path: Path) -> None:
    key = _key(tmp_path)
    parts = {"session": [_triple("session", "d-same", files=("src/b.py",))],
             "project": [_triple("project", "d-same", files=("src/a.py",))]}
    save(key, parts)
    assert select(combined(load(key, paths=["src/a.py"])), [("src/a.py", ())]) == []
