"""Ctrl-C recognised whatever Python wraps it in, at the command line's one exit."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.core.interrupts import was_interrupted


def _wrapped_by_set_name() -> RuntimeError:
    """What Python 3.11 raises when Ctrl-C lands in a class body's ``__set_name__`` (seen
    importing ``ipaddress`` during a command's start)."""
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise RuntimeError("Error calling __set_name__ on 'cached_property'") from interrupt
    except RuntimeError as wrapped:
        return wrapped


def test_an_exception_caused_by_ctrl_c_is_the_interrupt() -> None:
    assert was_interrupted(KeyboardInterrupt())
    assert was_interrupted(_wrapped_by_set_name())
    assert not was_interrupted(RuntimeError("a bug of its own"))


def test_a_cause_chain_that_loops_is_not_followed_forever() -> None:
    first, second = RuntimeError("a"), RuntimeError("b")
    first.__cause__, second.__cause__ = second, first
    assert not was_interrupted(first)


def test_a_wrapped_interrupt_during_a_command_is_one_line(
        repo_with_commit: object, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise _wrapped_by_set_name()

    # (read at each call: a name a command module imported would keep the stand-in)
    monkeypatch.setattr("gitledger.storage.queue_probe.needs_drain", interrupted)
    result = CliRunner().invoke(cli, ["show"], prog_name="git ledger")
    assert (result.exit_code, result.stderr) == (130, "git ledger: interrupted\n")
