"""The ledger in a repository made by pytest-git's ``git_repo`` fixture (GitPython's init)."""

from __future__ import annotations

from typing import Any

from gitledger import FORMAT_VERSION
from gitledger.ledger.operations import Ledger


def test_ledger_lives_only_under_refs_ledger(git_repo: Any) -> None:
    path = git_repo.workspace
    (path / "app.py").write_text("print('hi')\n")
    git_repo.api.git.add("app.py")
    git_repo.api.git.commit("-m", "first")
    heads_before = {h.name: h.commit.hexsha for h in git_repo.api.heads}

    result = Ledger.open(path).decide("Keep the CLI thin", over=["a fat CLI"])

    refs = [r.path for r in git_repo.api.refs]
    assert result.ref in refs
    assert all(r.startswith(("refs/heads/", "refs/ledger/")) for r in refs)
    assert {h.name: h.commit.hexsha for h in git_repo.api.heads} == heads_before
    assert git_repo.api.git.status("--porcelain") == ""
    meta = git_repo.api.git.show(f"{result.ref}:ledger.toml")
    assert meta.startswith(f"format = {FORMAT_VERSION}")
