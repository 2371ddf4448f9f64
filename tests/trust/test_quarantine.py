"""Attack 3 of issue 41: quarantine covered the merge only.

With ``ledger.verifySignatures=true`` an unsigned ledger whose commits claim to be Bob's
is quarantined by pull; ``search``, the MCP ``search`` tool and the static site (the model
``serve`` uses) returned it as Bob's all the same.
"""

from __future__ import annotations

import json
from pathlib import Path

from gitledger.integrations import mcp_server
from tests.remote_fixtures import Team


def test_a_quarantined_ledger_is_read_by_no_output(team: Team, tmp_path: Path) -> None:
    alice, mallory = team.clone("Alice"), team.clone("Mallory")
    alice.ok("decide", "--project", "Use Postgres", "--because", "durable")
    alice.ok("push")
    mallory.git("config", "user.name", "Bob")
    mallory.ok("decide", "Store sessions in Redis", "--because", "forged quarantinable")
    mallory.ok("push")
    alice.git("config", "gpg.ssh.allowedSignersFile", str(tmp_path / "none"))
    alice.ok("search", "Postgres")  # the index exists before the pull
    alice.git("config", "ledger.verifySignatures", "true")
    pulled = alice("pull", "--json")
    assert pulled.exit_code == 0, pulled.stderr
    assert "quarantin" in pulled.stdout + pulled.stderr

    found = alice("search", "quarantinable", "--json")
    assert json.loads(found.stdout)["hits"] == [], found.stdout
    tool = mcp_server.call(str(alice.path), "search", {"query": "quarantinable"})
    assert tool["hits"] == []
    site = tmp_path / "site"
    exported = alice("export", "--format", "html", "-o", str(site))
    assert exported.exit_code == 0, exported.stderr
    pages = "".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    assert "Use Postgres" in pages
    assert "quarantinable" not in pages
