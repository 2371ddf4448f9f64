"""Leftover 1 of issue 41: ``review`` read what changed from the commits' trailers, so a
teammate who rewrote or added entries with ``commit-tree`` (no ``Ledger-Entry`` trailer)
was invisible to it.  What changed now comes from the trees: each reviewed commit's tree
against its parents', labelled with the commit's author from history."""

from __future__ import annotations

import json
import re

from gitledger.core.ids import entry_path
from tests.remote_fixtures import Team, put_blob
from tests.trust.test_outsider import (
    _blob,
    _decision,
    _ledger_toml,
    _pair,
    _raw_tree,
    _session,
)

PROJECT = "refs/ledger/project"
MALLORY = ("Mallory", "mallory@example.com")


def _decisions(data: dict[str, object]) -> dict[str, dict[str, object]]:
    scopes = data["scopes"]
    assert isinstance(scopes, list)
    return {d["id"]: d for scope in scopes for d in scope["decisions"]}


def test_review_shows_entries_a_teammate_changed_without_trailers(team: Team) -> None:
    alice, mallory = _pair(team)
    assert alice("pull").exit_code == 0  # what "since the last pull" starts from
    mine = next(e["id"] for e in alice.json("show", "--project")["entries"]
                if e["text"] == "Use Postgres")
    path = entry_path(mine)
    blob = mallory.git("show", f"{PROJECT}:{path}")
    edited = re.sub(r'(?m)^text = .*$', 'text = "Use MongoDB"', blob)
    assert edited != blob
    put_blob(mallory.path, PROJECT, path, edited, MALLORY)
    put_blob(mallory.path, PROJECT, entry_path("d-mmmmmmmmmm"),
             _decision("d-mmmmmmmmmm", "Drop the audit log", scope='"storage"'), MALLORY)
    mallory.git("push", "-q", "origin", PROJECT)
    # A session ledger of hers made with plumbing alone: its decision has no trailer.
    entry = _blob(mallory.path, _decision("d-ssssssssss", "Log nothing", scope='"ops"'))
    bucket = _raw_tree(mallory.path, [("040000", "s", _raw_tree(
        mallory.path, [("100644", "d-ssssssssss.toml", entry)]))])
    entries = _raw_tree(mallory.path, [("040000", "s", bucket)])
    assert entry_path("d-ssssssssss") == "entries/s/s/d-ssssssssss.toml"
    _session(mallory, "mmmmmmmmm7", [
        ("100644", "ledger.toml", _blob(mallory.path, _ledger_toml("mmmmmmmmm7"))),
        ("040000", "entries", entries)], message="hand made\n")
    assert alice("pull").exit_code == 0

    done = alice("review", "--json")
    assert done.exit_code == 0, done.stderr
    found = _decisions(json.loads(done.stdout))
    assert {mine, "d-mmmmmmmmmm", "d-ssssssssss"} <= set(found), found
    for entry_id, what in ((mine, "edited"), ("d-mmmmmmmmmm", "added"),
                           ("d-ssssssssss", "added")):
        changes = found[entry_id]["changes"]
        assert isinstance(changes, list)
        assert [c["what"] for c in changes] == [what], (entry_id, changes)
        assert changes[0]["author"] == "Mallory <mallory@example.com>", changes
    # Who wrote the new one is who committed it, whatever its blob's author says.
    assert found["d-mmmmmmmmmm"]["author"] == "Mallory <mallory@example.com>"
    assert found[mine]["author"] == "Alice <alice@example.com>"
    text = alice("review").stdout
    assert "Use MongoDB" in text
    assert "edited by Mallory" in text
    assert "Drop the audit log" in text
    assert "Log nothing" in text
