"""Defects a review found in export/import (``interchange`` session_md, jsonl, importer),
each pinned down.

session-md round trips of texts that hold the layout's own separators; a changed jsonl
record re-imported; a dangling ``supersedes`` in a Decision Ledger file; files that are not
regular files; ``-o`` through a symlinked directory; the report of a very large import.
Real repositories in temporary directories; refusals are checked with plain git (every ref
under ``refs/ledger/`` points where it pointed before).
"""

from __future__ import annotations

import json
import os
import re
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from gitledger.core.model import Entry, Focus, Snapshot
from gitledger.core.text import clean_line, clean_text
from gitledger.errors import InvalidInput
from gitledger.interchange.importer import import_file, import_json, import_text, read_file
from gitledger.interchange.jsonl import export_jsonl
from gitledger.interchange.session_md import export_session_md, parse_session_md
from gitledger.ledger import decisions
from gitledger.ledger.operations import Ledger
from tests.conftest import Run, git
from tests.interchange.test_seedformats import fresh, refs, write

# -- session-md: texts holding the layout's separators ----------------------------------------

#: Texts that hold what the layout uses as structure.
NASTY = [
    "a: b",
    "a; b",
    "x (over y)",
    "(over y)",
    "x (over y; z)",
    "ends with a colon:",
    "C:\\Users\\ada and \\: and \\\\ and a\\",
    "a \\(over b) \\; c \\",
    "pipes | and — dashes — here",
    "two\nlines: with (over x)\n\nand a gap",
    "[bracketed] text ]",
    "trailing backslash \\",
    ": starts with a colon",
    "- looks like a bullet",
    "## looks like a section",
]
#: One-line texts (alternatives, PLAN paths): the ones above without a line break.
NASTY_LINES = [text for text in NASTY if "\n" not in text]


def _rich(repo: Path) -> Ledger:
    """A ledger whose every separable field holds a text from NASTY."""
    ledger = Ledger.open(repo)
    for index, text in enumerate(NASTY):
        other = NASTY[(index + 3) % len(NASTY)]
        line = NASTY_LINES[index % len(NASTY_LINES)]
        ledger.decide(text, because=other,
                      over=[line, NASTY_LINES[(index + 1) % len(NASTY_LINES)]])
        ledger.decide(f"{text} alone")
        ledger.decide(f"{text} unexplained", over=[line])
        ledger.decide(f"{text} no alternatives", because=other)
        ledger.drop(text, why=other)
        ledger.verify(text, by=other)
        ledger.verify(f"{text} odd command", by=f"{line} ] [ {other}")
        ledger.open_question(text)
        ledger.plan(f"{index} {line}", note=other)
        ledger.plan(f"{line} bare {index}")
    rejected = ledger.decide("a: rejected (over x)", proposed=True).entry
    assert rejected is not None
    decisions.reject(ledger, rejected.id, why="it: was (over y) wrong")
    return ledger


FIELDS = ("kind", "text", "status", "because", "over", "why", "by", "path", "note",
          "rejected_why")


def _shown(entry: Entry) -> tuple[object, ...]:
    """What session-md carries of an entry; a rejected decision comes back a DROPPED one."""
    if entry.kind == "decided" and entry.status == "rejected":
        return ("dropped", entry.text, None, None, (), entry.rejected_why, None, None, None,
                None)
    values = [getattr(entry, name) for name in FIELDS]
    if entry.kind == "plan":
        values[FIELDS.index("path")] = entry.path or entry.text
    return tuple(values)


def test_session_md_round_trip_keeps_every_separator(repo_with_commit: Path,
                                                     tmp_path: Path) -> None:
    ledger = _rich(repo_with_commit)
    first = export_session_md(ledger.snapshot())
    target = fresh(tmp_path, "other")
    result = import_file(target, write(tmp_path / "session-ledger.md", first))
    assert result.skipped == ()
    # The layout groups items by section: compare in that order, field by field.
    before = sorted((_shown(e) for e in ledger.snapshot().entries), key=repr)
    after = sorted((_shown(e) for e in Ledger.open(target).snapshot().entries), key=repr)
    assert len(after) == len(before) == 151
    for old, new in zip(before, after, strict=True):
        assert dict(zip(FIELDS, new, strict=True)) == dict(zip(FIELDS, old, strict=True))
    assert export_session_md(Ledger.open(target).snapshot()) == first
    again = import_file(target, tmp_path / "session-ledger.md")
    assert again.written == ()  # every line is recognised as already there


def test_plain_items_are_written_without_escapes(repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    ledger.decide("Use PKCE", because="a (see RFC 7636); safer", over=["implicit flow"])
    ledger.verify("Suite passes", by="pytest -k 'not [slow]'")
    ledger.drop("localStorage", why="XSS: reads it")
    text = export_session_md(ledger.snapshot())
    assert "- Use PKCE: a (see RFC 7636); safer (over implicit flow)\n" in text
    assert "- Suite passes [pytest -k 'not [slow]']\n" in text
    assert "- localStorage: XSS: reads it\n" in text
    assert "\\" not in text


def test_what_needs_escaping_is_escaped(repo_with_commit: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    ledger.decide("a: b", because="c (over d)", over=["e; f", "g (h)"])
    ledger.verify("fact", by="echo ]")
    ledger.plan("C:\\dir\\", note="n")
    text = export_session_md(ledger.snapshot())
    assert "- a\\: b: c \\(over d) (over e\\; f; g \\(h\\))\n" in text
    assert "- fact [echo \\]]\n" in text
    assert "- C:\\dir\\\\: n\n" in text


PIECES = ["a", "b", "7", " ", ": ", ":", ";", "; ", "(", ")", "(over ", "[", "]", "\\",
          "|", " — ", "\n", "over", "- ", "## ", "*", "é"]


def _texts(one_line: bool = False) -> st.SearchStrategy[str]:
    pieces = [p for p in PIECES if p != "\n"] if one_line else PIECES
    return st.lists(st.sampled_from(pieces), min_size=1, max_size=14).map(
        lambda parts: "".join(parts).strip()).filter(bool)


def _valid(text: str, one_line: bool = False) -> bool:
    try:
        cleaned = clean_line(text, "x") if one_line else clean_text(text, "x")
    except InvalidInput:
        return False
    return cleaned == text


def _entry(seq: int, kind: str, text: str, **fields: object) -> Entry:
    return Entry(id=f"x-{seq}", kind=kind, text=text, seq=seq,
                 created=datetime(2026, 11, 30, tzinfo=UTC), author="Ada <a@x>",
                 **fields)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(text=_texts(), reason=st.one_of(st.none(), _texts()),
       over=st.lists(_texts(one_line=True), max_size=3), why=_texts(), by=_texts(),
       path=_texts(one_line=True), note=st.one_of(st.none(), _texts()))
@example(text="a: b", reason="c (over d)", over=["e; f"], why="g: h", by="] [",
         path="p: q", note=None)
@example(text="x\\", reason="\\", over=["\\"], why="\\", by="\\", path="\\", note="\\")
def test_session_md_items_parse_back_to_what_was_exported(
        text: str, reason: str | None, over: list[str], why: str, by: str, path: str,
        note: str | None) -> None:
    assume(_valid(text) and _valid(why) and _valid(by) and _valid(path, one_line=True))
    assume(reason is None or _valid(reason))
    assume(note is None or _valid(note))
    assume(all(_valid(alt, one_line=True) for alt in over))
    entries = (
        _entry(1, "decided", text, status="accepted", because=reason, over=tuple(over)),
        _entry(2, "dropped", text, why=why),
        _entry(3, "verified", text, by=by),
        _entry(4, "open", text),
        _entry(5, "plan", path, path=path, note=note),
    )
    snapshot = Snapshot("refs/ledger/x", None, None, Focus(), entries)
    parsed = parse_session_md(export_session_md(snapshot))
    assert parsed.problems == ()
    got = {r.kind: (r.text, dict(r.fields)) for r in parsed.records}
    assert got["decided"] == (text, {"status": "accepted", "because": reason,
                                     "over": tuple(over)})
    assert got["dropped"] == (text, {"why": why})
    assert got["verified"] == (text, {"by": by})
    assert got["open"] == (text, {})
    assert got["plan"] == (path, {"path": path, "note": note})


def test_hand_written_backslashes_before_ordinary_characters_stay(repo: Path,
                                                                  tmp_path: Path) -> None:
    text = ("# Session Ledger\n\n## DECIDED\n- Match \\d+ in C:\\logs: \\w is enough\n\n"
            "## VERIFIED\n- It greps [grep -E '\\s+ok' log]\n")
    parsed = parse_session_md(text)
    assert parsed.problems == ()
    assert [(r.text, r.fields.get("because"), r.fields.get("by")) for r in parsed.records] == [
        ("Match \\d+ in C:\\logs", "\\w is enough", None),
        ("It greps", None, "grep -E '\\s+ok' log")]


# -- jsonl: a record the ledger holds with other content --------------------------------------

FIRST = ('{"id":"DEC-2026-001","scope":"auth/callback","status":"superseded",'
         '"decision":"callback 使用 PKCE","rejected":[],"reason":"PKCE 防止授權碼攔截",'
         '"evidence":["test:auth-callback"],"supersedes":[],"deployed_at":null}\n')
#: The second seed's example record, character for character (seeds/002).
SEED_002 = ('{"id":"DEC-2026-002","scope":"auth/callback","status":"implemented",'
            '"decision":"OAuth callback 使用 PKCE，企業 SSO callback 拆成獨立路由",'  # noqa: RUF001
            '"rejected":["共用一條 callback 再用 query 參數分流"],'
            '"reason":"企業 SSO 有獨立稽核與回滾邊界",'
            '"evidence":["git:1a2b3c4","test:auth-callback"],"supersedes":["DEC-2026-001"],'
            '"deployed_at":null}\n')


def _changed(line: str, **changes: object) -> str:
    record = json.loads(line)
    record.update(changes)
    return json.dumps(record, ensure_ascii=False) + "\n"


def test_a_changed_record_is_reported_not_taken_for_present(repo: Path,
                                                            tmp_path: Path) -> None:
    import_file(repo, write(tmp_path / "a.jsonl", FIRST + SEED_002))
    before = refs(repo)
    changed = write(tmp_path / "b.jsonl", FIRST + _changed(
        SEED_002, status="deployed", deployed_at="2026-12-01T08:00:00Z", reason="新的理由"))
    with pytest.raises(InvalidInput) as caught:
        import_file(repo, changed)
    message = str(caught.value)
    assert re.search(r"line 2: DEC-2026-002 is already in the ledger \(as d-\w+\) with "
                     r"different content \(status, reason, deployed_at differ\); not imported",
                     message), message
    assert "nothing was imported" in message
    assert "\n" not in message
    assert refs(repo) == before
    # --skip-invalid: skipped and reported; the unchanged record is present.
    result = import_file(repo, changed, skip_invalid=True)
    assert result.commit is None
    assert [(i.line, i.source_id) for i in result.present] == [(1, "DEC-2026-001")]
    assert [p.line for p in result.skipped] == [2]
    assert "! line 2: skipped: DEC-2026-002 is already in the ledger" in import_text(result)
    assert import_json(result)["skipped"] == [{"line": 2, "message": result.skipped[0].message}]
    assert refs(repo) == before
    entry = next(e for e in Ledger.open(repo).snapshot().entries
                 if e.extra.get("source_id") == "DEC-2026-002")
    assert entry.status == "implemented"  # what the ledger held stays


def test_the_same_content_written_differently_is_present(repo: Path, tmp_path: Path) -> None:
    import_file(repo, write(tmp_path / "a.jsonl", FIRST + SEED_002))
    spaced = "".join(json.dumps(dict(reversed(json.loads(line).items())), indent=None,
                                ensure_ascii=True) + "\n" for line in (FIRST, SEED_002))
    result = import_file(repo, write(tmp_path / "b.jsonl", spaced))
    assert (result.written, result.skipped) == ((), ())
    assert [i.source_id for i in result.present] == ["DEC-2026-001", "DEC-2026-002"]


def test_a_changed_record_with_a_gitledger_id(repo_with_commit: Path, tmp_path: Path) -> None:
    ledger = Ledger.open(repo_with_commit)
    ledger.decide("Cache JWKS", because="latency", over=["no cache"])
    exported = export_jsonl(ledger.snapshot())
    entry_id = json.loads(exported)["id"]
    edited = write(tmp_path / "l.jsonl", _changed(exported, rejected=["no cache", "a CDN"]))
    with pytest.raises(InvalidInput, match=f"line 1: {entry_id} is already in the ledger "
                       "with different content \\(rejected differs\\)"):
        import_file(repo_with_commit, edited)
    assert import_file(repo_with_commit, write(tmp_path / "same.jsonl", exported)).present


# -- jsonl: a supersedes naming a record the file does not hold -------------------------------


def test_the_seed_example_alone_imports_with_its_link_kept(repo: Path, tmp_path: Path) -> None:
    from gitledger.audit.check import check

    path = write(tmp_path / "ledger.jsonl", SEED_002)
    result = import_file(repo, path)
    assert [(i.line, i.source_id) for i in result.written] == [(1, "DEC-2026-002")]
    assert result.skipped == ()
    assert result.warnings == (
        "line 1: 'DEC-2026-002' supersedes 'DEC-2026-001', which is neither in this file nor "
        "in the ledger; the link is kept as written and not followed",)
    entry = Ledger.open(repo).snapshot().entries[0]
    assert (entry.status, entry.supersedes) == ("implemented", None)
    assert entry.extra["source_supersedes"] == "DEC-2026-001"
    assert export_jsonl(Ledger.open(repo).snapshot()) == SEED_002  # as the file wrote it
    links = [f for f in check(repo).findings
             if f.rule in ("dangling-link", "superseded-link", "supersedes-cycle")]
    assert links == []  # the link is not followed, so check has nothing to say of it
    again = import_file(repo, path)
    assert (again.written, again.skipped) == ((), ())
    assert [i.source_id for i in again.present] == ["DEC-2026-002"]


def test_the_warning_reaches_the_cli(ledger: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "ledger.jsonl", SEED_002)
    done = ledger("import", str(path))
    assert done.exit_code == 0, done.output
    assert "imported 1 from ledger.jsonl" in done.stdout
    assert "warning: line 1: 'DEC-2026-002' supersedes 'DEC-2026-001'" in done.stdout
    data = json.loads(ledger("import", str(path), "--json", "--dry-run").stdout)
    assert data["written"] == []
    assert data["warnings"] == []  # the record is there: nothing is imported, no warning


def test_two_records_claiming_one_missing_record_are_still_refused(repo: Path,
                                                                   tmp_path: Path) -> None:
    text = SEED_002 + _changed(SEED_002, id="DEC-2026-009")
    with pytest.raises(InvalidInput, match="line 2: 'DEC-2026-001' is already superseded "
                       "by line 1"):
        import_file(repo, write(tmp_path / "l.jsonl", text))
    assert refs(repo) == ""


# -- reading: only regular files --------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_fifo_is_refused_without_blocking(repo: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "ledger.jsonl"
    os.mkfifo(fifo)
    # A writer that waits for a reader: if the import read the pipe, it would get a valid
    # file from it (and not refuse it) instead of hanging the test.
    def feed() -> None:
        try:
            with open(fifo, "w", encoding="utf-8") as out:
                out.write(SEED_002)
        except OSError:
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        with pytest.raises(InvalidInput) as caught:
            import_file(repo, fifo)
    finally:
        release = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # let the writer finish
        writer.join()
        os.close(release)
    assert str(caught.value) == (f"{fifo} is not a regular file (a pipe, a device or a "
                                 "socket); import reads a file")
    assert refs(repo) == ""


@pytest.mark.parametrize(("make", "message"), [
    ("missing", "no such file"),
    ("directory", "is a directory, not a file"),
    ("device", "is not a regular file"),
])
def test_what_is_not_a_readable_file_is_one_line(tmp_path: Path, make: str,
                                                 message: str) -> None:
    path = {"missing": tmp_path / "gone.jsonl", "directory": tmp_path,
            "device": Path(os.devnull)}[make]
    with pytest.raises(InvalidInput, match=message) as caught:
        read_file(path)
    assert "\n" not in str(caught.value)


def test_a_symlink_to_a_file_is_read(repo: Path, tmp_path: Path) -> None:
    real = write(tmp_path / "real.jsonl", FIRST)
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert [i.source_id for i in import_file(repo, link).written] == ["DEC-2026-001"]


# -- -o through a symlinked directory ---------------------------------------------------------


def test_export_through_a_symlinked_directory_writes_the_file(ledger: Run,
                                                              tmp_path: Path) -> None:
    real = tmp_path / "real-dir"
    real.mkdir()
    linked = tmp_path / "linked-dir"  # /tmp on macOS is one: a normal place to write
    linked.symlink_to(real, target_is_directory=True)
    assert ledger("decide", "Use PKCE", "--because", "safer").exit_code == 0
    done = ledger("export", "--format", "jsonl", "-o", str(linked / "ledger.jsonl"))
    assert done.exit_code == 0, done.output
    written = (real / "ledger.jsonl").read_text(encoding="utf-8")
    assert '"decision":"Use PKCE"' in written
    assert done.stderr.startswith("wrote ")
    assert sorted(p.name for p in real.iterdir()) == ["ledger.jsonl"]  # no temporary left
    # The file itself as a symlink is still refused, and nothing is written through it.
    (real / "target.jsonl").write_text("keep\n", encoding="utf-8")
    (linked / "alias.jsonl").symlink_to(real / "target.jsonl")
    refused = ledger("export", "--format", "jsonl", "-o", str(linked / "alias.jsonl"),
                     "--force")
    assert refused.exit_code == 1
    assert "is a symbolic link" in refused.stderr
    assert (real / "target.jsonl").read_text(encoding="utf-8") == "keep\n"
    # And the file written through the link imports back through it.
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    result = import_file(other, linked / "ledger.jsonl")
    assert [i.text for i in result.written] == ["Use PKCE"]


# -- the report of a very large import --------------------------------------------------------


def test_a_large_import_report_is_summarised(repo: Path, tmp_path: Path) -> None:
    lines = [json.dumps({"id": f"DEC-{n}", "status": "accepted", "decision": f"rule {n}"})
             for n in range(1, 2001)]
    lines[4] = '{"id": "DEC-5", "status": "done", "decision": "x"}'
    path = write(tmp_path / "big.jsonl", "\n".join(lines) + "\n")
    result = import_file(repo, path, skip_invalid=True, dry_run=True)
    text = import_text(result)
    reports = [line for line in text.splitlines() if line.startswith("  ")]
    assert len(reports) == 21
    assert reports[0].startswith("  ! line 5: skipped: unknown status 'done'")  # first
    assert reports[-1] == ("  … and 1980 more (1999 written, 0 already there, 1 skipped; "
                           "--json lists every line)")
    data = import_json(result)
    assert len(data["written"]) == 1999
    assert len(data["skipped"]) == 1


def test_a_small_import_report_lists_every_line(repo: Path, tmp_path: Path) -> None:
    result = import_file(repo, write(tmp_path / "a.jsonl", FIRST + SEED_002))
    text = import_text(result)
    assert "+ line 1: " in text
    assert "+ line 2: " in text
    assert "more" not in text
