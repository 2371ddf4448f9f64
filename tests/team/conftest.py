"""What the team-sync tests share: a bare remote over file:// with no clones yet, and the
same remote behind a real web server (``http_team``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import git
from tests.remote_fixtures import (
    HTTP_PASSWORD,
    HTTP_USER,
    PROXY_VARS,
    Team,
    http_server,
    make_team,
)


@pytest.fixture
def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Team:
    """A bare remote over file:// (no clones yet); ``team.clone(...)`` adds teammates."""
    root = tmp_path / "team"
    return make_team(root, (root / "remote.git").as_uri(), monkeypatch)


@pytest.fixture
def http_team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Team]:
    """The same remote served by lighttpd and ``git http-backend`` over smart HTTP on
    127.0.0.1, asking basic auth of every request.  Clones authenticate the way people's
    do, through a credential helper: git's ``store``, in the test's own HOME (a test that
    counts prompts removes it)."""
    # Reached directly, as 127.0.0.1 always is: never through a proxy the machine names.
    for var in PROXY_VARS:
        monkeypatch.delenv(var, raising=False)
    root = tmp_path / "team"
    made = make_team(root, "", monkeypatch)
    with http_server(root) as port:
        made.url = f"http://127.0.0.1:{port}/git/remote.git"
        store = tmp_path / "git-credentials"
        store.write_text(f"http://{HTTP_USER}:{HTTP_PASSWORD}@127.0.0.1:{port}\n")
        git(tmp_path, "config", "--global", "credential.helper", f"store --file={store}")
        yield made
