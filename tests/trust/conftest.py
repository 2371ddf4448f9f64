"""The standing red team's fixtures: the team-sync tests' bare remote, and its clones."""

from __future__ import annotations

from tests.team.conftest import team

__all__ = ["team"]
