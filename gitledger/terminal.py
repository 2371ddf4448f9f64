"""A person at a terminal: whether to colour, and which pager to page through, as git
decides them.

Asked only when stdout is a terminal, so pipes, hooks and ``--json`` never pay.  Settings
are read with the git CLI, which honours the overrides libgit2 does not, as ``git log`` does.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass

from gitledger.core import colour
from gitledger.derived.git_cli import git_output

#: The commands whose output can be long, paged by default like ``git log``.
PAGED = frozenset({"show", "log", "review", "why", "tour --verbose"})
#: git's default pager and the environment it gives it (git's PAGER_ENV).
DEFAULT_PAGER = "less"
PAGER_ENV = {"LESS": "FRX", "LV": "-c"}
_KEYS = r"^(color\.(ui|ledger|pager)|core\.pager|pager\.ledger)$"
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0", ""}


@dataclass(frozen=True)
class Settings:
    """The git config values that decide colour and paging (lower-case keys)."""

    values: Mapping[str, str]

    def colour(self) -> str:
        """``always``, ``auto`` or ``never``: color.ledger, else color.ui, as git reads a
        colour setting (true is auto, false is never)."""
        value = self.values.get("color.ledger", self.values.get("color.ui", "auto"))
        return colour_setting(value)

    def pager_flag(self) -> bool | None:
        """``pager.ledger`` as git reads it: True or False, a pager command (paging every
        command with it, as True does), or None when unset."""
        value = self.values.get("pager.ledger")
        if value is None:
            return None
        return value.strip().lower() not in _FALSE

    def pager_command(self, env: Mapping[str, str]) -> str | None:
        """The pager as git chooses it: GIT_PAGER, pager.ledger (a command), core.pager,
        PAGER, less; None when that is empty or ``cat``."""
        named = self.values.get("pager.ledger")
        if named is not None and named.strip().lower() in _TRUE | _FALSE:
            named = None
        for candidate in (env.get("GIT_PAGER"), named, self.values.get("core.pager"),
                          env.get("PAGER")):
            if candidate is not None:
                return None if candidate.strip() in ("", "cat") else candidate
        return DEFAULT_PAGER


def colour_setting(value: str) -> str:
    """A colour setting as git reads one (git_config_colorbool)."""
    lowered = value.strip().lower()
    if lowered in ("never", "always", "auto"):
        return lowered
    return "never" if lowered in _FALSE else "auto"


_read: dict[str, Settings] = {}


def settings(where: str | os.PathLike[str] | None) -> Settings:
    """The colour and pager keys from one ``git config`` (read once per repository)."""
    key = os.fspath(where) if where is not None else ""
    if key not in _read:
        out = git_output(where, "config", "-z", "--get-regexp", _KEYS) or ""
        values: dict[str, str] = {}
        for item in out.split("\0"):
            name, _, value = item.partition("\n")
            if name:
                values[name.lower()] = value
        _read[key] = Settings(values)
    return _read[key]


def _terminal(fd: int) -> bool:
    try:
        return os.isatty(fd)
    except OSError:
        return False


def pager_in_use(env: Mapping[str, str] | None = None) -> bool:
    """Whether git (or we) already started a pager for this output (git's own variable)."""
    return (env if env is not None else os.environ).get("GIT_PAGER_IN_USE", "") in _TRUE


def wants_colour(where: str | os.PathLike[str] | None, *, no_color: bool = False,
                 env: Mapping[str, str] | None = None) -> bool:
    """Colour for standard output: on a terminal (or a pager started for one), unless
    ``--no-color``, ``NO_COLOR`` or the config says never; ``auto`` also not on a dumb
    terminal.  Never in a pipe, whatever the config says."""
    env = os.environ if env is None else env
    if no_color or env.get("NO_COLOR"):
        return False
    paged = pager_in_use(env)
    if not (_terminal(1) or paged):
        return False
    found = settings(where)
    if paged and colour_setting(found.values.get("color.pager", "true")) == "never":
        return False
    setting = found.colour()
    if setting == "never":
        return False
    return setting == "always" or env.get("TERM", "") != "dumb"


def start_colour(where: str | os.PathLike[str] | None, *, no_color: bool = False) -> None:
    """Switch the renderers' colour on for this command when ``wants_colour``."""
    colour.switch(wants_colour(where, no_color=no_color))


def page(where: str | os.PathLike[str] | None, command: str, *, no_pager: bool = False,
         no_color: bool = False) -> bool:
    """Send the rest of standard output (and standard error, when it is the terminal too)
    through the pager, as git does for ``git log``, when standard output is a terminal and
    nothing says otherwise; True when a pager was started."""
    if no_pager or pager_in_use() or not _terminal(1):
        return False
    found = settings(where)
    flag = found.pager_flag()
    if flag is False or (flag is None and command not in PAGED):
        return False
    pager = found.pager_command(os.environ)
    if pager is None:
        return False
    _start(pager)
    start_colour(where, no_color=no_color)  # color.pager may say otherwise now
    return True


def _start(pager: str) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    env = {**PAGER_ENV, **os.environ, "GIT_PAGER_IN_USE": "true"}
    try:
        process = subprocess.Popen(pager, shell=True, stdin=subprocess.PIPE, env=env)
    except OSError:
        return
    assert process.stdin is not None
    saved = (os.dup(1), os.dup(2))
    os.dup2(process.stdin.fileno(), 1)
    if _terminal(2):
        os.dup2(process.stdin.fileno(), 2)
    process.stdin.close()
    os.environ["GIT_PAGER_IN_USE"] = "true"
    atexit.register(_finish, process, saved)


def _finish(process: subprocess.Popen[bytes], saved: tuple[int, int]) -> None:
    """Close our end of the pager's pipe and wait for the reader to quit it."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno() if not stream.closed else 1)
            os.close(null)
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    os.dup2(saved[0], 1)
    os.dup2(saved[1], 2)
    os.close(saved[0])
    os.close(saved[1])
    try:
        process.wait()
    except KeyboardInterrupt:
        process.wait()


__all__ = ["DEFAULT_PAGER", "PAGED", "PAGER_ENV", "Settings", "colour_setting", "page",
           "pager_in_use", "settings", "start_colour", "wants_colour"]
