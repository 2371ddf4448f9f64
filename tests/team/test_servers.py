"""The real servers of the team tests (tests/remote_fixtures.py): started on a port that is
really theirs, reached directly, ended by their PID, and skipped only off CI where the
server is absent."""

from __future__ import annotations

import socket
import urllib.error
from pathlib import Path

import pytest

from tests import remote_fixtures
from tests.remote_fixtures import Team, http_server


def test_a_port_another_server_took_first_is_not_taken_for_ours(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between ``free_port`` and lighttpd's bind another process (a parallel run's server)
    may take the port.  Old: the fixture connected to that one and yielded its port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        ports = iter([taken.getsockname()[1]])
        real = remote_fixtures.free_port
        monkeypatch.setattr(remote_fixtures, "free_port", lambda: next(ports, None) or real())
        (tmp_path / "base").mkdir()
        with http_server(tmp_path / "base") as port:
            assert port != taken.getsockname()[1]
            with pytest.raises(urllib.error.HTTPError) as answered:
                remote_fixtures.LOOPBACK.open(f"http://127.0.0.1:{port}/git/x", timeout=10)
            with answered.value as answer:
                assert answer.code == 401  # our lighttpd, asking for basic auth


def test_without_lighttpd_ci_fails_and_a_workstation_skips(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """CI installs lighttpd (.ci/run): there a missing one is a failure, never a silent
    skip of every HTTP test."""
    monkeypatch.setattr(remote_fixtures, "LIGHTTPD", tmp_path / "no-lighttpd")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="lighttpd is not installed"), \
            http_server(tmp_path):
        pass
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="lighttpd is not installed"), \
            http_server(tmp_path):
        pass


def test_the_server_is_ended_when_the_test_fails(tmp_path: Path) -> None:
    with pytest.raises(AssertionError), http_server(tmp_path) as port:  # noqa: PT012
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
        raise AssertionError
    with pytest.raises(ConnectionRefusedError), \
            socket.create_connection(("127.0.0.1", port), timeout=5):
        pass


@pytest.fixture
def proxied(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine whose environment names a proxy (nothing listens on port 9)."""
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "all_proxy"):
        monkeypatch.setenv(var, "http://127.0.0.1:9")


def test_the_http_remote_is_reached_directly_whatever_proxy_is_set(
        proxied: None, http_team: Team) -> None:
    """Old: git sent the team's requests to 127.0.0.1 to the environment's proxy."""
    alice = http_team.clone("Alice")
    alice.ok("decide", "--project", "Postgres", "--because", "joins")
    alice.ok("push")
