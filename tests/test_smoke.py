from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import Run, git


def test_decide_then_show_json(ledger: Run, repo: Path) -> None:
    result = ledger("decide", "Use PKCE", "--over", "implicit flow", "--because", "no secret")
    assert result.exit_code == 0, result.output
    entry_id = result.output.strip()
    shown = json.loads(ledger("show", "--json").output)
    assert [e["id"] for e in shown["entries"]] == [entry_id]
    assert shown["entries"][0]["over"] == ["implicit flow"]
    assert "refs/ledger/sessions/" in git(repo, "for-each-ref", "refs/ledger/")
