"""What the team-sync tests share: a bare remote over file:// with no clones yet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.remote_fixtures import Team, make_team


@pytest.fixture
def team(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Team:
    """A bare remote over file:// (no clones yet); ``team.clone(...)`` adds teammates."""
    root = tmp_path / "team"
    return make_team(root, (root / "remote.git").as_uri(), monkeypatch)
