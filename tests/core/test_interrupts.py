"""Ctrl-C recognised whatever Python wraps it in, at the command line's one exit."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from gitledger.cli import cli
from gitledger.core.interrupts import was_interrupted
from gitledger.errors import Interrupted


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


def _said_instead() -> RuntimeError:
    """What a command raises in place of Ctrl-C (``raise … from None``), as archive does."""
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise RuntimeError("stopped before anything was written") from None
    except RuntimeError as instead:
        return instead


def test_what_a_command_says_instead_of_the_interrupt_is_not_the_interrupt() -> None:
    assert not was_interrupted(_said_instead())


def test_an_error_raised_while_handling_ctrl_c_keeps_its_words(
        repo_with_commit: object, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_args: object, **_kwargs: object) -> None:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            # (no ``from None``: the context holds the interrupt; its words must stand)
            raise Interrupted(  # noqa: B904
                "interrupted before anything was written: nothing was archived")

    monkeypatch.setattr("gitledger.storage.queue_probe.needs_drain", interrupted)
    result = CliRunner().invoke(cli, ["show"], prog_name="git ledger")
    assert result.exit_code == Interrupted.exit_code
    assert result.stderr == ("git ledger: interrupted before anything was written: "
                             "nothing was archived\n")


@pytest.mark.parametrize("args", [["check", "--json"], ["restore"],
                                  ["decide", "use sqlite", "--because", "one file"]])
def test_a_fast_command_whose_reader_is_gone_says_nothing(
        repo_with_commit: Path, cli_env: dict[str, str], args: list[str]) -> None:
    """A reader that went away (``| head -c1``) ends a fast command quietly, as click's:
    the closed pipe is not mistaken for an error of its own."""
    subprocess.run(["git-ledger", "task", "ship it"], cwd=repo_with_commit, env=cli_env,
                   check=True, capture_output=True)
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(["git-ledger", *args], cwd=repo_with_commit, env=cli_env,
                              stdout=writer, stderr=subprocess.PIPE, text=True, timeout=60,
                              check=False)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (0, "")


_DYING_IN_A_CALLBACK = """
import sys
import time
from gitledger.core import interrupts
interrupts.interruptible()
class Dying:
    def __del__(self):
        raise KeyboardInterrupt  # as Ctrl-C landing in importlib's module lock's callback
try:
    Dying()
    if sys.argv[1] == "finished":
        interrupts.finished()
    # a wait the command is in: the interrupt must cut it short (finished: nothing comes)
    time.sleep(20 if sys.argv[1] == "running" else 0.5)
except KeyboardInterrupt:
    print("raised")
    sys.exit(0)
print("went on")
"""


@pytest.mark.parametrize(("moment", "said"), [("running", "raised\n"),
                                              ("finished", "went on\n")])
def test_ctrl_c_in_a_callback_python_cannot_raise_from_is_raised_after_it(
        moment: str, said: str) -> None:
    """Python prints an interrupt in a weakref's callback or a ``__del__`` as "Exception
    ignored" with a traceback and goes on: the command's Ctrl-C must still end it, in one
    line, even from a wait (seen once in 24 interrupts of ``show`` at import time,
    tests/test_e2e.py); once the command has finished (``finished``), it is ignored."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", _DYING_IN_A_CALLBACK, moment],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.stdout, done.stderr, done.returncode) == (said, "", 0)
    assert moment == "finished" or time.monotonic() - started < 15
