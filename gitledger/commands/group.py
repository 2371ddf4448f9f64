"""The command line's group and its commands' class: what every command does before it
runs (apply the git hooks' queue, choose colour and pager) and the one place errors become
exit statuses: a ``LedgerError`` one line on stderr and status 1, a usage error one line
and status 2.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from gitledger import terminal
from gitledger.commands.shared import PROG, fail, flag
from gitledger.core.colour import colour_on
from gitledger.core.display import one_line
from gitledger.core.interrupts import finished, was_interrupted
from gitledger.errors import ConflictingOptions, Interrupted, LedgerError

#: Errors a command raises on purpose: their own words stand, even when raised while a
#: KeyboardInterrupt was being handled (``was_interrupted`` would see it in the context).
_SAID_ON_PURPOSE = (LedgerError, click.ClickException, click.exceptions.Exit,
                    click.exceptions.Abort)


class LedgerCommand(click.Command):
    """A command whose library function's ConflictingOptions is a usage error (exit 2),
    spelled with the options' names: the library knows the arguments, not the flags."""

    def invoke(self, ctx: click.Context) -> Any:
        where = ctx.params.get("repo") or ctx.find_root().params.get("repo")
        if self.name not in _NO_DRAIN:
            drain_git_events(where)
        if self.name not in _MACHINE and not ctx.params.get("as_json"):
            for_a_person(where, f"{self.name} --verbose" if ctx.params.get("verbose")
                         else self.name or "")
        try:
            return super().invoke(ctx)
        except ConflictingOptions as exc:
            raise click.UsageError(exc.spelled(flag), ctx=ctx) from None
        except _SAID_ON_PURPOSE:
            raise
        except (KeyboardInterrupt, Exception) as exc:
            if not was_interrupted(exc):
                raise
            # Ours to say in one line: click's Abort would print an empty line first.
            raise Interrupted("interrupted") from None


def ledger_command(name: str | None = None) -> Callable[[Callable[..., Any]], click.Command]:
    """``@click.command`` for a command of the group (a ``LedgerCommand``)."""
    return click.command(name, cls=LedgerCommand)


#: Commands that do not apply the git hooks' queue first: doctor reports it (and --fix
#: drains it), install and uninstall read no ledger, a hook drains as its event needs, and
#: the MCP server drains before each tool call.
_NO_DRAIN = frozenset({"doctor", "hook", "install", "uninstall", "mcp"})


#: Commands whose output is read by a program (an agent, a hook, a shell's completion,
#: a server's log): never coloured, never paged.
_MACHINE = frozenset({"hook", "mcp", "serve", "restore", "complete", "completion"})


def for_a_person(where: str | None, name: str) -> None:
    """Colour and a pager where git would give them (terminal.py): the global
    --no-color and --no-pager say no to each."""
    ctx = click.get_current_context()
    root = ctx.find_root().params
    if not terminal.page(where, name, no_pager=bool(root.get("no_pager")),
                         no_color=bool(root.get("no_color"))):
        terminal.start_colour(where, no_color=bool(root.get("no_color")))
    if colour_on():  # click.echo keeps the escapes going to the pager's pipe
        ctx.color = True


def drain_git_events(where: str | None, *, report: bool = True) -> None:
    """Readers drain first: apply what the git hooks queued before reading the ledger, and
    say once what it had to say.  Never the reason a command fails."""
    from gitledger.storage.queue_probe import needs_drain

    if not needs_drain(where):
        return  # the common case: nothing queued, and nothing that applies it loaded
    from gitledger.integrations.git_events import drain_git_events as drain

    try:
        lines = drain(where, report=report)
    except LedgerError as exc:
        lines = [f"{PROG}: warning: the queued git events were not applied: {one_line(str(exc))}"]
    for line in lines:
        click.echo(line, err=True)


class LedgerGroup(click.Group):
    """A click group whose errors are one line on stderr, whatever the command, and whose
    commands are imported when the command line names one (``add_lazy``): a start loads
    one command's module, not forty (about 20 ms of every call's import time)."""

    command_class = LedgerCommand

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, str] = {}

    def add_lazy(self, name: str, where: str) -> None:
        """Add command ``name``, the function ``where`` names as ``module:function``
        under ``gitledger.commands``, importing it only when it is asked for."""
        self.lazy[name] = where

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module, _, function = self.lazy[cmd_name].partition(":")
            command = getattr(importlib.import_module(f"gitledger.commands.{module}"), function)
            self.commands[cmd_name] = command
        return self.commands.get(cmd_name)

    def every_command(self) -> dict[str, click.Command]:
        """Every command, in the order they were added, each module imported: what the
        man page, the docs and their tests read."""
        ctx = click.Context(self)
        for name in self.lazy:
            self.get_command(ctx, name)
        return {name: self.commands[name] for name in (*self.lazy, *self.commands)}

    def invoke(self, ctx: click.Context) -> Any:
        try:
            done = super().invoke(ctx)
            finished()
            return done
        except _SAID_ON_PURPOSE:
            raise
        except (KeyboardInterrupt, Exception) as exc:
            if not was_interrupted(exc):
                raise
            raise Interrupted("interrupted") from None  # one line, without click's blank one

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> NoReturn:  # type: ignore[override]
        try:
            self._main(args, prog_name or PROG, extra)
        except LedgerError as exc:
            fail(str(exc), exc.exit_code)
        except click.UsageError as exc:
            fail(f"{exc.format_message()} (see {self._help_for(exc, args)} --help)", 2)
        except click.ClickException as exc:
            fail(exc.format_message(), exc.exit_code)
        except click.exceptions.Abort:
            fail("interrupted", 130)
        except BrokenPipeError:
            sys.stderr.close()
            sys.exit(0)
        sys.exit(0)

    def _help_for(self, exc: click.UsageError, args: Any) -> str:
        """The command whose --help answers a usage error (click omits it for some)."""
        if exc.ctx is not None and exc.ctx.parent is not None:
            names: list[str] = []
            ctx: click.Context | None = exc.ctx
            while ctx is not None and ctx.parent is not None:
                names.insert(0, ctx.info_name or "")
                ctx = ctx.parent
            return " ".join([PROG, *names])
        words = list(args) if args is not None else sys.argv[1:]
        command = next((w for w in words if w in self.lazy or w in self.commands), None)
        return f"{PROG} {command}" if command else PROG

    def _main(self, args: Any, prog_name: str, extra: dict[str, Any]) -> None:
        try:
            super().main(args, prog_name, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            if exc.exit_code:
                sys.exit(exc.exit_code)
