"""A pull reads each blob it brings once: the digest of its merge, the check after it and
the entry cache share one bounded read and one decoding of each (``shared_reads``).

Held to what the pull did before: on a pull of hostile blobs (garbage, a truncated entry,
an entry at another entry's path) and concurrent edits, the report, the merged tree (its
digest included) and the findings are those of a pull that reads every blob again, and
the findings are what a whole ``check`` before and after says is new.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pygit2
import pytest

from gitledger.core.codec import encode_entry
from gitledger.core.ids import entry_path
from gitledger.core.model import BlobRef
from gitledger.derived.files import CACHE_DIR
from gitledger.ledger import digest as digest_module
from gitledger.storage import bounded
from gitledger.storage.entry_cache import read_paths, shared_reads
from gitledger.storage.store import Store
from gitledger.team import sync
from tests.builders import (
    counting_blob_reads,
    entry_files,
    header_only_blob,
    make_entry,
    put,
    store_at,
)
from tests.remote_fixtures import Clone, Team
from tests.team.test_bounded_pull import plant

PROJECT = "refs/ledger/project"


def _scene(team: Team) -> tuple[Clone, Clone]:
    """Alice has not pulled since Mallory wrote decisions, concurrent edits of Alice's
    and blobs no write makes; both have written since their last sync."""
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    shared = alice.ok("decide", "--project", "--proposed", "Use PKCE", "--scope", "auth",
                      "--because", "public client")
    alice.ok("push")
    mallory.ok("pull")
    alice.ok("accept", shared)
    alice.ok("decide", "--project", "Postgres", "--scope", "database", "--because", "joins")
    mallory.ok("reject", shared, "--why", "no browser clients")
    mallory.ok("decide", "--project", "MySQL", "--scope", "database", "--because", "habit")
    for n in range(6):
        decided = mallory("decide", "--project", f"Queue choice {n}", "--scope",
                          f"queue{n % 2}", "--because", "throughput", "--over", "Kafka")
        assert decided.exit_code == 0, decided.stderr  # a scope in force: warned, written
    mallory.ok("drop", "--project", "Kafka", "--why", "ops cost")
    mallory.ok("push")
    git_repo = pygit2.Repository(str(mallory.path))
    whole = encode_entry(make_entry("d-tttttttttt"))
    for entry_id, data in (("d-gggggggggg", b"\x00\xff garbage, not TOML"),
                           ("d-tttttttttt", whole[: len(whole) // 2]),
                           ("d-mmmmmmmmmm", encode_entry(make_entry("d-nnnnnnnnnn")))):
        plant(mallory.path, PROJECT, str(git_repo.create_blob(data)), entry_path(entry_id))
    mallory.git("push", "-q", "origin", f"{PROJECT}:{PROJECT}")
    return alice, mallory


def _copy(team: Team, clone: Clone, name: str) -> Clone:
    path = clone.path.with_name(name)
    shutil.copytree(clone.path, path, symlinks=True)
    return Clone(path, clone.name, clone.email, team.clock)


def _tree(clone: Clone) -> str:
    return clone.git("rev-parse", f"{PROJECT}^{{tree}}").strip()


def _full_check(clone: Clone) -> list[dict[str, Any]]:
    """What ``check`` finds in the project ledger, read whole (no saved report, no index)."""
    shutil.rmtree(clone.path / ".git" / CACHE_DIR, ignore_errors=True)
    done = clone("check", "--project", "--json")
    findings: list[dict[str, Any]] = json.loads(done.stdout)["findings"]
    return findings


def _unstamped(report: dict[str, Any]) -> dict[str, Any]:
    """A pull's report without the merge commits' ids (their commit time differs)."""
    return {**report, "merges": [{k: v for k, v in merge.items() if k != "after"}
                                 for merge in report["merges"]]}


def _key(finding: dict[str, Any]) -> tuple[str, str | None, str, str]:
    return finding["rule"], finding["entry"], finding["ledger"], finding["message"]


@pytest.mark.parametrize("git_answers", ["at once", "late"])
def test_a_pull_reads_each_blob_it_brings_once(team: Team, monkeypatch: pytest.MonkeyPatch,
                                               git_answers: str) -> None:
    """Late: git's look for oversized blobs answers after the read-ahead has read every
    blob the pull brings (as on a loaded machine, where it once read one twice)."""
    if git_answers == "late":
        monkeypatch.setattr("gitledger.team.sync.OversizedProbe.answered", lambda self: False)
    alice, _ = _scene(team)
    counted = counting_blob_reads(monkeypatch)
    before = alice.git("rev-parse", PROJECT).strip()
    pulled = alice.json("pull")
    assert pulled["merges"][0]["outcome"] == "merged", pulled
    new = set(alice.git("rev-list", "--objects", "--no-object-names",
                        "refs/ledger/remotes/origin/project", "--not", before).split())
    listed = alice.git("ls-tree", "-r", "refs/ledger/remotes/origin/project", "entries")
    incoming = {line.split()[2] for line in listed.splitlines()} & new
    assert len(incoming & set(counted)) >= 10  # the entries Mallory wrote were read
    reads = Counter(counted)
    read_twice = {blob: n for blob, n in reads.items() if n > 1 and blob in incoming}
    assert not read_twice, read_twice


def test_a_hostile_pull_reports_and_merges_as_reading_every_blob_again_does(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, _ = _scene(team)
    again, whole = _copy(team, alice, "alice-again"), _copy(team, alice, "alice-whole")

    pulled = alice.json("pull")
    with monkeypatch.context() as patched:  # every blob read again, as before the change
        patched.setattr("gitledger.team.sync.shared_reads", contextlib.nullcontext)
        reread = again.json("pull")
    assert _unstamped(pulled) == _unstamped(reread)
    assert _tree(alice) == _tree(again)  # the entries and the digest the hook wrote
    assert pulled["merges"][0]["conflicts"], pulled  # the concurrent edit
    rules = Counter(f["rule"] for f in pulled["findings"])
    assert rules, pulled  # the unreadable blobs and the scope conflict are reported

    before = _full_check(whole)
    whole.json("pull")
    after = _full_check(whole)
    seen = {_key(f) for f in before}
    assert sorted(map(_key, pulled["findings"])) == sorted(
        _key(f) for f in after if _key(f) not in seen)
    assert _tree(whole) == _tree(alice)
    # The next check reads back what the pull's check saved: the same as a whole check.
    assert sorted(map(_key, json.loads(alice("check", "--project", "--json").stdout)[
        "findings"])) == sorted(map(_key, after))


def test_the_digest_of_a_hostile_pull_leaves_out_the_unreadable_blobs(team: Team) -> None:
    alice, _ = _scene(team)
    alice.ok("pull")
    alice.ok("restore")  # the digest is local (format 4): kept by the reads that need it
    digest = json.loads(digest_module.local_path(store_at(alice.path)).read_text())
    listed = {item[0] for bucket in ("decided", "verified", "dropped")
              for item in digest[bucket]["top"]}
    assert entry_path("d-gggggggggg") not in listed
    assert entry_path("d-tttttttttt") not in listed
    assert "Queue choice 5" in alice.ok("restore")


# -- reading ahead while git looks for oversized blobs -----------------------------------

MIRROR = "refs/ledger/remotes/origin/project"


class _Probe:
    """A probe git answers after ``busy`` looks at it."""

    def __init__(self, busy: int) -> None:
        self.busy = busy

    def answered(self) -> bool:
        self.busy -= 1
        return self.busy < 0


def _mirror(repo: Path, extra: dict[str, bytes | BlobRef] | None = None) -> Store:
    store = store_at(repo)
    put(store, PROJECT, entry_files(make_entry("d-aaaaaaaaaa")))
    put(store, MIRROR, {**entry_files(*(make_entry(f"d-{c * 10}") for c in "abcdefg")),
                        **(extra or {})})
    return store


def test_reading_ahead_stops_when_git_answers(repo: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    store = _mirror(repo)
    reads = counting_blob_reads(monkeypatch)
    theirs = store.target(MIRROR)
    with shared_reads():
        sync._read_ahead(store, theirs, _Probe(3))  # type: ignore[arg-type]
        assert len(reads) == 2  # then git answered: no more
        view = store.tip(MIRROR).view
        assert view is not None
        read_paths(view, [path for path, _ in view.blob_ids("entries")])
    assert len(reads) == len(set(reads)) == 7  # each once: the two read ahead not again
    reads.clear()
    sync._read_ahead(store, theirs, _Probe(0))  # type: ignore[arg-type]
    assert reads == []  # git had answered already: nothing read


def test_reading_ahead_takes_hostile_mirrors_without_a_word(
        repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Garbage and a blob over the bound in the mirror: every blob it brings is looked at
    once (the oversized one by its header only), the good entries are decoded for the
    merge, the hostile ones are kept as what they are; a mirror that is no ledger, or
    none, reads nothing.  Nothing raises and nothing is written."""
    huge = bounded.MAX_LEDGER_BLOB + 1
    store = store_at(repo)
    planted = header_only_blob(store.repo.commondir / "objects", huge)
    store = _mirror(repo, {"entries/x/x/d-xxxxxxxxxx.toml": b"\x00 garbage",
                           "entries/h/h/d-hhhhhhhhhh.toml": BlobRef(str(planted))})
    blob = str(store.git.create_blob(b"not a commit"))
    refs = {ref: store.target(ref) for ref in (PROJECT, MIRROR)}
    reads = counting_blob_reads(monkeypatch)
    theirs = store.target(MIRROR)
    assert theirs is not None
    view = store.view_at(theirs)
    brought = sorted(path for path, _ in view.blob_ids("entries")
                     if not path.endswith("d-aaaaaaaaaa.toml"))  # the one ours has
    assert len(brought) == 8
    with shared_reads():
        sync._read_ahead(store, theirs, _Probe(100))  # type: ignore[arg-type]
        assert sorted(reads) == sorted(str(view.blob_id(path)) for path in brought)
        reads.clear()
        entries, bad = read_paths(view, brought)  # what the merge reads: nothing again
        assert reads == []
        assert sorted(e.id for e in entries) == [f"d-{c * 10}" for c in "bcdefg"]
        assert sorted(b.path for b in bad) == ["entries/h/h/d-hhhhhhhhhh.toml",
                                              "entries/x/x/d-xxxxxxxxxx.toml"]
        assert "not read" in next(b.reason for b in bad if "d-hhh" in b.path)
    with shared_reads():
        for not_a_ledger in (blob, "0" * 40, None):
            sync._read_ahead(store, not_a_ledger, _Probe(100))  # type: ignore[arg-type]
        sync._read_ahead(store, theirs, None)
    assert reads == []
    assert {ref: store.target(ref) for ref in (PROJECT, MIRROR)} == refs
