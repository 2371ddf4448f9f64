"""``git ledger search`` (issue 22): ranked full-text search over every local ledger, the
index derived from the refs, kept up to date incrementally, and never trusted as a copy.

Real repositories in temp dirs, the CLI in-process; the teammate's ledger comes from a real
``file://`` remote and a real pull (tests/remote_fixtures.py).
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from gitledger.audit.doctor import doctor
from gitledger.cli import cli
from gitledger.core.ids import entry_path
from gitledger.search import index as search_index
from gitledger.search.query import MAX_QUERY, search
from gitledger.storage.archive_store import ArchiveStore
from gitledger.storage.entry_cache import read_paths
from gitledger.storage.layout import PROJECT_REF
from gitledger.storage.repo import Repo
from tests.conftest import Run, git
from tests.remote_fixtures import Clone, Team, make_team, rewrite_blob

TRANSCRIPTS = Path(__file__).parent.parent / "interchange" / "transcripts"


@pytest.fixture
def run(runner: Any, repo_with_commit: Path) -> Run:
    return Run(runner, repo_with_commit)


def _json(run: Run, *args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return json.loads(result.stdout)


def _id(run: Run, *args: str) -> str:
    return str(_json(run, *args)["entry"]["id"])


def _hits(run: Run, *args: str) -> list[dict[str, Any]]:
    result = run("search", *args, "--json")
    document = json.loads(result.stdout)
    # like grep: 1 when nothing matched
    assert result.exit_code == (0 if document["total"] else 1), (args, result.stderr)
    return list(document["hits"])


def _index_file(repo: Path) -> Path:
    return repo / ".git" / "ledger-cache" / search_index.DB_NAME


def test_a_hit_names_its_ledger_kind_status_author_date_and_snippet(run: Run) -> None:
    run("task", "speed up the jobs")
    queue = _id(run, "decide", "Use a Redis queue for jobs", "--over", "Postgres LISTEN",
                "--because", "bursts of ten thousand a second", "--scope", "jobs/queue")
    _id(run, "verify", "the worker drains 12k jobs a second", "--by", "bench/drain.sh")
    _id(run, "decide", "Log in JSON", "--scope", "logging")
    document = _json(run, "search", "queue")
    assert document["total"] == 1
    assert document["shown"] == 1
    assert document["indexed"] == 3
    (hit,) = document["hits"]
    assert hit["id"] == queue
    assert hit["kind"] == "decided"
    assert hit["status"] == "accepted"
    assert hit["scope"] == "jobs/queue"
    assert hit["source"] == "ledger"
    assert hit["ref"] == f"refs/ledger/sessions/{hit['ledger']}"
    assert hit["author"] == "Ada Tester"
    assert hit["date"].startswith("2026-11-30T12:00:00")
    assert hit["text"] == "Use a Redis queue for jobs"
    start, end = hit["highlights"][0]
    assert hit["snippet"][start:end].lower() == "queue"
    # A word of the other fields (the rejected alternative, the reason) finds it too,
    # ranked below an entry whose own text holds it.
    assert [h["id"] for h in _hits(run, "postgres")] == [queue]
    text = run("search", "queue").stdout
    assert text.splitlines()[0] == (f"{queue} · decided · accepted · {hit['ledger']} · "
                                    "Ada Tester · 2026-11-30")
    assert text.rstrip().endswith("1 match")


def test_every_word_must_appear_and_the_entrys_own_text_ranks_first(run: Run) -> None:
    low = _id(run, "decide", "Keep the cache small", "--because", "the queue reads it")
    high = _id(run, "decide", "Shard the queue by tenant")
    _id(run, "decide", "Retry failed jobs", "--because", "the broker drops some")
    assert [h["id"] for h in _hits(run, "queue")] == [high, low]
    assert [h["id"] for h in _hits(run, "queue", "tenant")] == [high]
    assert _hits(run, "queue", "nonexistentword") == []


def test_superseded_and_rejected_decisions_are_found_and_marked(run: Run) -> None:
    old = _id(run, "decide", "Use a Redis queue", "--scope", "jobs")
    new = _id(run, "decide", "Use SQS as the queue", "--supersedes", old, "--scope", "jobs")
    proposed = _id(run, "decide", "Use Kafka as the queue", "--proposed", "--scope", "jobs")
    run("reject", proposed, "--why", "too heavy for us")
    hits = {h["id"]: h for h in _hits(run, "queue")}
    assert hits[old]["status"] == "superseded"
    assert hits[old]["superseded_by"] == new
    assert hits[new]["status"] == "accepted"
    assert hits[new]["superseded_by"] is None
    assert hits[proposed]["status"] == "rejected"
    text = run("search", "queue").stdout
    assert f"{old} · decided · superseded by {new} ·" in text
    assert f"{proposed} · decided · rejected ·" in text
    assert [h["id"] for h in _hits(run, "queue", "--status", "superseded")] == [old]
    assert {h["id"] for h in _hits(run, "queue", "--status", "rejected",
                                   "--status", "superseded")} == {old, proposed}


def test_filters_by_kind_scope_and_author(run: Run) -> None:
    auth = _id(run, "decide", "Tokens expire after an hour", "--scope", "auth")
    login = _id(run, "decide", "Login tokens are single use", "--scope", "auth/login")
    _id(run, "decide", "Tokens in the authors table", "--scope", "authors")
    fact = _id(run, "verify", "tokens are 32 bytes", "--by", "pytest tests/test_tokens.py")
    assert {h["id"] for h in _hits(run, "tokens", "--scope", "auth")} == {auth, login}
    assert [h["id"] for h in _hits(run, "tokens", "--kind", "verified")] == [fact]
    assert len(_hits(run, "tokens", "--author", "ada@EXAMPLE")) == 4
    assert _hits(run, "tokens", "--author", "bob") == []
    # LIKE's own characters are text, not patterns.
    assert _hits(run, "tokens", "--author", "%") == []
    assert _hits(run, "tokens", "--scope", "aut_") == []


def test_an_archived_ledgers_decision_is_found(run: Run) -> None:
    run("task", "first session")
    archived = _id(run, "decide", "Ship the importer behind a flag")
    done = _json(run, "archive", "--no-carry")
    archive_id = done["archive"].removeprefix("refs/ledger/archive/")
    _id(run, "decide", "Ship the exporter now")
    hits = {h["id"]: h for h in _hits(run, "ship")}
    assert hits[archived]["ledger"] == f"archive/{archive_id}"
    assert hits[archived]["ref"] == f"refs/ledger/archive/{archive_id}"
    # what show takes for it
    assert run("show", archived, "--archive", archive_id).exit_code == 0


def test_the_project_ledger_is_searched(run: Run) -> None:
    project = _id(run, "decide", "Release on Tuesdays", "--project")
    (hit,) = _hits(run, "tuesdays")
    assert hit["id"] == project
    assert hit["ledger"] == "project"
    assert hit["ref"] == PROJECT_REF


@pytest.mark.parametrize("query", ['"queue', 'queue"', "queue*", "^queue", "NEAR(queue jobs)",
                                   "queue AND", "OR queue", "queue NOT jobs", "{kind}: queue",
                                   "queue -jobs", "(queue", "queue:"])
def test_fts5_syntax_is_searched_literally(run: Run, query: str) -> None:
    _id(run, "decide", "Use a queue for the jobs")
    result = run("search", query, "--json")
    hits = json.loads(result.stdout)["hits"]
    assert result.exit_code == (0 if hits else 1), result.stderr
    # Operators are words like any other: NEAR, AND, OR, NOT, kind are not in the entry.
    words = {w.lower() for w in re.findall(r"\w+", query)}
    found = words <= {"use", "a", "queue", "for", "the", "jobs"}
    assert bool(hits) == found, (query, hits)


@pytest.mark.parametrize(("query", "message"), [
    ("", "the query is empty: give the words to search for"),
    ("   ", "the query is empty: give the words to search for"),
    ('"*^"', "has no word to search for"),
    ("x" * (MAX_QUERY + 1), f"the query is {MAX_QUERY + 1} characters long; search takes at "
     f"most {MAX_QUERY}"),
    (" ".join(["w"] * 33), "the query has 33 words; search takes at most 32"),
])
def test_an_empty_or_huge_query_is_refused_in_one_line(run: Run, query: str,
                                                       message: str) -> None:
    _id(run, "decide", "Use a queue for the jobs")
    result = run("search", query)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert message in result.stderr
    assert result.stderr.startswith("git ledger: ")


def test_bad_options_are_refused(run: Run) -> None:
    for args in (("--limit", "0"), ("--limit", "1001"), ("--kind", "wish")):
        result = run("search", "queue", *args)
        assert result.exit_code == 2, args
    outside = run.runner.invoke(cli, ["-C", str(run.where.parent), "search", "queue"])
    assert outside.exit_code == 1
    assert "not a git repository" in outside.stderr.lower()


def test_limit_shows_the_best_and_counts_the_rest(run: Run) -> None:
    for n in range(5):
        _id(run, "decide", f"Queue rule {n}")
    document = _json(run, "search", "queue", "--limit", "2")
    assert document["total"] == 5
    assert document["shown"] == 2
    assert run("search", "queue", "--limit", "2").stdout.rstrip().endswith(
        "5 matches, 2 shown (--limit)")


def test_the_index_follows_every_write_edit_and_deletion(run: Run, repo_with_commit: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    first = _id(run, "decide", "Use a queue for the jobs")
    assert [h["id"] for h in _hits(run, "queue")] == [first]
    assert _index_file(repo_with_commit).exists()
    # Only what a write changed is read again: count the entries decoded per query.
    decoded: list[int] = []
    seen: list[list[str]] = []
    def counted(view: Any, paths: list[str]) -> Any:
        decoded.append(len(paths))
        seen.append(list(paths))
        return read_paths(view, paths)

    monkeypatch.setattr("gitledger.ledger.reread.read_paths", counted)
    for n in range(3):
        _id(run, "decide", f"Unrelated rule {n}")
    second = _id(run, "decide", "Drain the queue nightly")
    decoded.clear()
    assert {h["id"] for h in _hits(run, "queue")} == {first, second}
    assert sum(decoded) == 4  # the four new entries, not the first one again
    decoded.clear()
    run("edit", first, "Use a stream for the jobs")
    assert [h["id"] for h in _hits(run, "queue")] == [second]
    assert [h["id"] for h in _hits(run, "stream")] == [first]
    assert decoded == [1], seen
    decoded.clear()
    assert _hits(run, "stream")
    assert decoded == []
    # A ledger that is gone loses its rows.
    ref = _hits(run, "stream")[0]["ref"]
    git(repo_with_commit, "update-ref", "-d", ref)
    assert _hits(run, "stream") == []


def test_a_damaged_index_is_never_the_only_copy(run: Run, repo_with_commit: Path) -> None:
    first = _id(run, "decide", "Use a queue for the jobs")
    assert _hits(run, "queue")
    path = _index_file(repo_with_commit)
    path.write_bytes(b"not a database at all" * 100)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    report = doctor(repo_with_commit)
    assert [f.code for f in report.findings] == ["search-index-unreadable"]
    fixed = doctor(repo_with_commit, fix=True)
    assert [f.code for f in fixed.findings if f.fixed] == ["search-index-unreadable"]
    assert any("rebuilt" in action and "search.sqlite3" in action for action in fixed.actions)
    assert doctor(repo_with_commit).findings == ()
    assert [h["id"] for h in _hits(run, "queue")] == [first]
    # Damaged again, a query itself deletes it and builds it again.
    path.write_bytes(b"garbage" * 1000)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    assert [h["id"] for h in _hits(run, "queue")] == [first]
    assert search_index.problem(ArchiveStore(Repo(repo_with_commit))) is None


def test_an_index_of_another_version_is_built_again(run: Run, repo_with_commit: Path) -> None:
    first = _id(run, "decide", "Use a queue for the jobs")
    assert _hits(run, "queue")
    db = sqlite3.connect(_index_file(repo_with_commit))
    db.execute("DELETE FROM docs")
    db.execute("PRAGMA user_version = 999")
    db.commit()
    db.close()
    assert [h["id"] for h in _hits(run, "queue")] == [first]


def test_hostile_text_is_shown_printable_and_capped(run: Run, repo_with_commit: Path) -> None:
    """Written by plumbing, as a teammate's blob can be: what no write would let in."""
    entry = _id(run, "decide", "Use the queue MARK", "--project")
    rewrite_blob(repo_with_commit, PROJECT_REF, entry_path(entry), "MARK",
                 "\\u001b[2J\\u202e\\u200b<script>alert(1)</script>" + "y" * 9000)
    (hit,) = _hits(run, "queue")
    assert hit["id"] == entry
    for text in (hit["text"], hit["snippet"]):
        assert "\x1b" not in text
        assert "\u202e" not in text
        assert "\u200b" not in text
    assert "<U+202E>" in hit["text"]
    assert "<script>" in hit["text"]  # text, escaped by whoever renders it as HTML
    assert len(hit["text"]) <= search_index.ENTRY_TEXT + 100
    line = run("search", "queue").stdout.splitlines()[1]
    assert "\x1b" not in line
    assert len(line) <= 110


def test_transcripts_are_searched_only_when_asked(run: Run) -> None:
    saved = run("transcript", "save", "--from", str(TRANSCRIPTS / "claude.jsonl"))
    assert saved.exit_code == 0, saved.stderr
    assert _hits(run, "recorded") == []
    hits = _hits(run, "recorded", "--transcripts")
    assert hits
    assert all(h["source"] == "transcript" for h in hits)
    assert hits[0]["ledger"].startswith("transcript/")
    assert "#" in hits[0]["id"]
    assert hits[0]["kind"] in ("user", "agent", "system")
    # Without --transcripts again, the rows stay but are neither shown nor counted.
    assert _hits(run, "recorded") == []
    assert _hits(run, "recorded") == []
    everything = _json(run, "search", "recorded", "--transcripts", "--limit", "1000")
    assert everything["total"] == len(everything["hits"]) > 0


@pytest.fixture
def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Team:
    root = tmp_path / "team"
    return make_team(root, (root / "remote.git").as_uri(), monkeypatch)


def test_a_teammates_mirrored_ledger_is_searched_with_the_author_from_history(
        team: Team) -> None:
    ada: Clone = team.clone("Ada")
    bob: Clone = team.clone("Bob")
    bob.ok("task", "migrate the broker")
    mine = str(bob.json("decide", "Move the queue to the new broker")["entry"]["id"])
    # The blob claims Ada wrote it; the ledger's history says Bob.
    rewrite_blob(bob.path, bob.session_ref(), entry_path(mine), 'author = "Bob <bob@example.com>"',
                 'author = "Ada <ada@example.com>"')
    project = str(bob.json("decide", "The queue keeps 7 days", "--project")["entry"]["id"])
    bob.ok("push")
    ada.ok("pull")
    hits = {h["id"]: h for h in ada.json("search", "queue")["hits"]}
    bob_id = bob.session_ref().rsplit("/", 1)[-1]
    assert hits[mine]["ledger"] == f"origin/{bob_id}"
    assert hits[mine]["author"] == "Bob"
    assert hits[project]["ledger"] == "project"
    assert hits[project]["author"] == "Bob"
    assert ada.json("search", "queue", "--author", "bob")["total"] == 2
    nothing = ada("search", "queue", "--author", "ada", "--json")
    assert nothing.exit_code == 1
    assert json.loads(nothing.stdout)["total"] == 0


def test_the_library_and_the_cli_give_the_same_document(run: Run, repo_with_commit: Path
                                                        ) -> None:
    from gitledger.search.query import search_json
    _id(run, "decide", "Use a queue for the jobs")
    assert search_json(search(repo_with_commit, "queue")) == _json(run, "search", "queue")


def test_a_pulled_copy_is_one_hit_however_the_ranking_is_paged(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    ada: Clone = team.clone("Ada")
    bob: Clone = team.clone("Bob")
    bob.ok("task", "tune the broker")
    for n in range(3):
        bob.ok("decide", f"The broker queue {n} keeps {n} days", "--project")
    bob.ok("decide", "A queue for the broker's dead letters")
    bob.ok("push")
    ada.ok("pull")
    ada.ok("decide", "The queue of the mailer stays", "--project")
    whole = ada.json("search", "queue")
    assert whole["total"] == 5
    assert [h["ledger"] for h in whole["hits"]].count("project") == 4
    assert len({h["id"] for h in whole["hits"]}) == 5
    # Counted by FTS5 corrected for the copies, or row by row with a filter: the same.
    assert ada.json("search", "queue", "--kind", "decided")["total"] == 5
    # One row ranked at a time: the same hits, in the same order, and each limit its prefix.
    monkeypatch.setattr(search_index, "RANK_BATCH", 1)
    assert ada.json("search", "queue") == whole
    for limit in (1, 2, 4):
        shown = ada.json("search", "queue", "--limit", str(limit))
        assert shown["total"] == 5
        assert shown["hits"] == whole["hits"][:limit]


def test_a_word_finds_the_words_it_begins_and_cjk_inside_a_longer_run(run: Run) -> None:
    typed = _id(run, "decide", "Raise ValueError on an empty callback URL")
    japanese = _id(run, "decide", "日本語テキストの検索を速くする")
    korean = _id(run, "verify", "한국어검색도 된다", "--by", "pytest -k korean")
    assert [h["id"] for h in _hits(run, "ValueErr")] == [typed]
    assert [h["id"] for h in _hits(run, "日本語")] == [japanese]
    assert [h["id"] for h in _hits(run, "テキスト")] == [japanese]
    assert [h["id"] for h in _hits(run, "검색")] == [korean]
    (hit,) = _hits(run, "テキスト")
    start, end = hit["highlights"][0]
    assert hit["snippet"].startswith("日本語テキスト")
    assert hit["snippet"][start:end] == "テキスト"
    # A word is not found in the middle of another (only scripts without spaces are).
    assert _hits(run, "alueError") == []


def test_search_exits_1_when_nothing_matches_like_grep(run: Run) -> None:
    _id(run, "decide", "Use a Redis queue")
    missed = run("search", "kafka")
    assert missed.exit_code == 1
    assert missed.stdout.startswith("no entry matches 'kafka'")
    missed_json = run("search", "kafka", "--json")
    assert missed_json.exit_code == 1
    assert json.loads(missed_json.stdout)["total"] == 0
    assert run("search", "redis").exit_code == 0
