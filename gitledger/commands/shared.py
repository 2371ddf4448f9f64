"""What the click commands share: the common options, the helpers that read an argument
(the repository, a file, text from standard input) and those that print a result.

Every report leaves through ``ledger/gate.py`` (``emit``), so a command module never
prints a teammate's text unescaped by accident.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from gitledger.core.display import one_line
from gitledger.integrations.agent_registry import AGENTS, choice_help
from gitledger.ledger import gate

if TYPE_CHECKING:
    from gitledger.commands.plain import Printed
    from gitledger.ledger.operations import Ledger
    from gitledger.ledger.results import WriteResult

F = TypeVar("F", bound=Callable[..., Any])
PROG = "git ledger"


def flag(name: str) -> str:
    """An argument's name as the command line spells its option: ``--carry-all-durable``."""
    return "--" + name.replace("_", "-")


def fail(message: str, code: int) -> NoReturn:
    # One line, always: click's own messages (a list of choices) can span lines too.
    click.echo(f"{PROG}: {one_line(message)}", err=True)
    sys.exit(code)


# -- options ---------------------------------------------------------------------------------


def repo_option(f: F) -> F:
    return click.option(
        "--repo", "-C", "repo", metavar="PATH", default=None,
        help="Run as if started in PATH (like git -C).",
    )(f)


def json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/cli.md).")(f)


def next_option(f: F) -> F:
    return click.option(
        "--next", "next_text", metavar="TEXT", default=None,
        help="Also set NEXT in the same event (NEXT rides along).",
    )(f)


def project_option(f: F) -> F:
    return click.option("--project", is_flag=True, help="Act on the project ledger.")(f)


def dry_run_option(f: F) -> F:
    return click.option("--dry-run", is_flag=True,
                        help="Print what would change and write nothing.")(f)


def common(f: F) -> F:
    return repo_option(json_option(f))


def agent_option(*, required: bool) -> Callable[[F], F]:
    def decorate(f: F) -> F:
        return click.option(
            "--agent", "agent", type=click.Choice(AGENTS), required=required,
            help=f"The coding agent: {choice_help()}.",
        )(f)
    return decorate


def git_hooks_option(help_text: str) -> Callable[[F], F]:
    def decorate(f: F) -> F:
        return click.option("--git-hooks", "git_hooks", is_flag=True, help=help_text)(f)
    return decorate


# -- arguments -------------------------------------------------------------------------------


def repo_path(repo: str | None) -> str | None:
    """The repository a command runs in: its own -C, else the global one, else here."""
    ctx = click.get_current_context()
    return repo if repo is not None else ctx.find_root().params.get("repo")


def given_file(repo: str | None, path: str) -> str:
    """A file the user named, relative to -C PATH when one was given, as git -C does."""
    where = repo_path(repo)
    if where is None or path == "-" or os.path.isabs(path):
        return path
    return os.path.join(where, path)


def open_ledger(repo: str | None, project: bool = False, name: str | None = None) -> Ledger:
    from gitledger.ledger.operations import Ledger

    return Ledger.open(repo_path(repo), project=project, name=name)


def given_text(value: str, field: str) -> str:
    """``-`` reads the text from standard input, which must be UTF-8."""
    from gitledger.core.text import decode_bytes

    if value != "-":
        return value
    data = sys.stdin.buffer.read()
    return decode_bytes(data, field)


def stdin_payload() -> bytes:
    """Standard input for a hook, bounded; nothing when it is a terminal or unreadable."""
    from gitledger.integrations.hook_core import read_stdin

    return read_stdin(sys.stdin)


# -- output ----------------------------------------------------------------------------------


def emit(as_json: bool, data: Any, text: str) -> None:
    # Every report leaves through the gate: a ref name or a teammate's text with an
    # invisible character in it is shown escaped, in text as in the document.
    if as_json:
        from gitledger.commands.plain import document

        click.echo(document(data))
    else:
        click.echo(gate.text(text))


def warn(warning: str | None) -> None:
    if warning:
        click.echo(f"{PROG}: warning: {one_line(warning)}", err=True)


def printed(output: Printed) -> None:
    """A command's output (a hot path's module) as the fast path prints it too: stdout,
    stderr, then what follows it (a saved copy), and its exit status."""
    if output.out is not None:
        click.echo(output.out)
    if output.err:
        click.echo(output.err, err=True, nl=False)
    if output.then is not None:
        output.then()
    if output.code:
        sys.exit(output.code)


def wrote(as_json: bool, result: WriteResult, what: str = "") -> None:
    from gitledger.views.render import write_json, write_text

    emit(as_json, write_json(result), write_text(result, what))
    for warning in result.warnings:
        click.echo(f"{PROG}: warning: {one_line(warning)}", err=True)
