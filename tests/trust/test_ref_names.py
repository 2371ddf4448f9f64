"""Attack 6 of issue 41: a pushed ref whose name carries invisible characters.

git takes any bytes but a few in a ref name; every report that names refs (pull, fetch,
list --remote, in text and ``--json``) must show such a name escaped, not raw.
"""

from __future__ import annotations

import json

from tests.remote_fixtures import Team
from tests.trust.hostile import HIDDEN, unshown


def test_a_ref_name_with_invisible_characters_is_shown_escaped(team: Team) -> None:
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    alice.ok("decide", "--project", "Use Postgres", "--because", "durable")
    alice.ok("push")
    mallory.ok("decide", "cache in memory", "--because", "small")
    sha = mallory.git("rev-parse", mallory.session_ref()).strip()
    hostile = "refs/ledger/sessions/ab" + HIDDEN.replace("\x1b[2J", "").replace("\u2028", "")
    mallory.git("push", "-q", "origin", f"{sha}:{hostile}")

    for args in (("fetch",), ("pull",), ("list", "--remote")):
        for form in ((), ("--json",)):
            result = alice(*args, *form)
            assert result.exit_code == 0, (args, result.stderr)
            assert unshown(result.stdout + result.stderr) == [], (args, form)
            if form:
                json.loads(result.stdout)
    listed = alice("list", "--remote").stdout
    assert "ab<U+E0072><U+E0075>" in listed
