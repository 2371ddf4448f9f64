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


def test_show_id_names_a_borrowed_name_with_its_email(team: Team) -> None:
    """``show ID``'s history and status lines named each event's author by display name
    alone: Mallory, committing as ``user.name = Alice`` with her own email, rejected
    Alice's decision, and the history read as Alice's own events.  Like ``log`` and the
    whole ledger's labels, a name that reads as the reader's and is not, or that two
    emails of the lines shown share, is named with its email."""
    alice, mallory = _pair(team)
    shown = alice.json("show", "--project")
    own = next(e["id"] for e in shown["entries"] if e["text"] == "Use Postgres")
    for name, email, args in (
            ("Carol", "bob@example.com", ("evidence", own, "--add", "test:b")),
            ("Carol", "carol@example.com", ("evidence", own, "--add", "test:c")),
            ("Alice", "mallory@example.com", ("reject", own, "--why", "slow"))):
        mallory.git("config", "user.name", name)
        mallory.git("config", "user.email", email)
        mallory.ok(*args, "--project")
    mallory.ok("push")
    assert alice("pull").exit_code == 0

    text = alice("show", own).stdout
    history = text.split("history (newest first):", 1)[1]
    assert "Alice <mallory@example.com>" in history, history
    assert "Carol <bob@example.com>" in history, history
    assert "Carol <carol@example.com>" in history, history
    statuses = text.split("status history (oldest first):", 1)[1].split("\n\n", 1)[0]
    assert "Alice <mallory@example.com>" in statuses, statuses
