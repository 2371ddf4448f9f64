"""Leftover 2 of issue 41: ``export --format md`` (and ``session-md``) showed a teammate's
entries with no ``[by NAME]``, and the page's "started … by" was the ``created_by`` their
``ledger.toml`` claims.  Every text export of other people's content now names its real
author, from history, capped and escaped through the gate."""

from __future__ import annotations

import re

from gitledger.core.ids import entry_path
from tests.remote_fixtures import Team, put_blob
from tests.trust.test_outsider import _blob, _decision, _ledger_toml, _pair, _session

PROJECT = "refs/ledger/project"
MALLORY = ("Mallory", "mallory@example.com")


def _line(page: str, text: str) -> str:
    found = [line for line in page.splitlines() if text in line]
    assert found, (text, page)
    return found[0]


def test_text_exports_label_a_teammates_entries_from_history(team: Team) -> None:
    alice, mallory = _pair(team)
    mine = next(e["id"] for e in alice.json("show", "--project")["entries"]
                if e["text"] == "Use Postgres")
    # Her own decision, its blob claiming Alice; and an edit of Alice's, both by plumbing.
    put_blob(mallory.path, PROJECT, entry_path("d-mmmmmmmmmm"),
             _decision("d-mmmmmmmmmm", "Drop the audit log " + "x" * 20_000), MALLORY)
    added = mallory.git("rev-parse", PROJECT).strip()
    blob = mallory.git("show", f"{PROJECT}:{entry_path(mine)}")
    put_blob(mallory.path, PROJECT, entry_path(mine),
             re.sub(r"(?m)^because = .*$", 'because = "she said so"', blob), MALLORY)
    edited = mallory.git("rev-parse", PROJECT).strip()
    mallory.git("push", "-q", "origin", PROJECT)
    assert alice("pull").exit_code == 0

    page = alice("export", "--format", "md", "--project")
    assert page.exit_code == 0, page.stderr
    theirs = _line(page.stdout, "Drop the audit log")
    assert "by Mallory" in theirs, theirs[-300:]
    assert len(theirs) < 5_000, len(theirs)  # capped: the gate's field limit
    assert "edited by Mallory" in _line(page.stdout, "Use Postgres")
    # Stamped with the commits that wrote them, though no trailer of theirs names them.
    assert f"`{added[:10]}`" in theirs, theirs[-200:]
    assert f"`{edited[:10]}`" in _line(page.stdout, "Use Postgres")

    seed = alice("export", "--format", "session-md", "--project")
    assert seed.exit_code == 0, seed.stderr
    assert "by Mallory" in _line(seed.stdout, "Drop the audit log")
    assert len(_line(seed.stdout, "Drop the audit log")) < 5_000

    # A session ledger whose ledger.toml claims Alice: the page names who brought it in.
    _session(mallory, "mmmmmmmmm8", [("100644", "ledger.toml", _blob(
        mallory.path, _ledger_toml("mmmmmmmmm8", created_by="Alice <alice@example.com>")))])
    assert alice("pull").exit_code == 0
    theirs_page = alice("export", "--format", "md", "--ledger", "origin/mmmmmmmmm8")
    assert theirs_page.exit_code == 0, theirs_page.stderr
    started = _line(theirs_page.stdout, "started ")
    assert "Mallory" in started, started
    assert "Alice" not in started, started
