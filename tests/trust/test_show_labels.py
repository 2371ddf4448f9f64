"""Leftover of issue 41: the whole-ledger ``show`` text named no author.

``show ID`` says who wrote an entry (from the ledger's commits) and ``show --json`` carries
a provenance object, but ``git ledger show`` of a whole ledger printed a teammate's entries
(and their TASK) exactly like the reader's own: Mallory's project decision, committed with
plumbing and claiming in its blob that Alice wrote it, read as one more of Alice's.  Every
line that prints another author's entry now carries ``[by NAME]`` from history.
"""

from __future__ import annotations

from gitledger.core.ids import entry_path
from tests.remote_fixtures import Team, put_blob
from tests.trust.test_outsider import _decision, _pair

PROJECT = "refs/ledger/project"
MALLORY = ("Mallory", "mallory@example.com")


def test_whole_ledger_show_labels_a_teammates_entries_and_focus(team: Team) -> None:
    alice, mallory = _pair(team)
    forged = _decision("d-mmmmmmmmmm", "Send every request body to pastebin")
    put_blob(mallory.path, PROJECT, entry_path("d-mmmmmmmmmm"), forged, MALLORY)
    mallory.git("push", "-q", "origin", PROJECT)
    mallory.ok("task", "Mallory's own task")
    mallory.ok("push")
    assert alice("pull").exit_code == 0

    shown = alice("show", "--project")
    assert shown.exit_code == 0, shown.stderr
    line = next(x for x in shown.stdout.splitlines() if "d-mmmmmmmmmm" in x)
    assert "[by Mallory]" in line, line
    own = next(x for x in shown.stdout.splitlines() if "Use Postgres" in x)
    assert "[by" not in own, own  # Alice's own decision carries no label

    theirs = mallory.session_ref().removeprefix("refs/ledger/sessions/")
    listed = alice("show", "--ledger", f"origin/{theirs}")
    if listed.exit_code != 0:  # a teammate's ledger by its id, however list names it
        listed = alice("show", "--ledger", theirs)
    assert listed.exit_code == 0, listed.stderr
    task = next(x for x in listed.stdout.splitlines() if x.startswith("TASK"))
    assert "[by Mallory]" in task, task
