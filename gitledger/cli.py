"""The ``git ledger`` command line: click wiring only.

Each command parses its options, calls one library function and prints through
``render``.  Errors are mapped to exit statuses in one place, ``LedgerGroup.main``:
a ``LedgerError`` is one line on stderr and status 1, a usage error one line and status 2.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from gitledger import __version__, shell_commands, terminal
from gitledger.core.colour import colour_on
from gitledger.core.display import one_line, printable
from gitledger.core.interrupts import was_interrupted
from gitledger.core.model import STATUSES
from gitledger.core.names import KINDS, SOURCES
from gitledger.errors import ConflictingOptions, Interrupted, LedgerError
from gitledger.integrations.agent_registry import (
    AGENTS,
    FORMATS,
    choice_help,
)
from gitledger.interchange.formats import EXPORT_FORMATS, IMPORT_FORMATS, option_help
from gitledger.ledger import gate

if TYPE_CHECKING:
    from gitledger.commands.plain import Printed
    from gitledger.ledger.operations import Ledger
    from gitledger.ledger.results import WriteResult
    from gitledger.views.show_and_log import Shown

F = TypeVar("F", bound=Callable[..., Any])
PROG = "git ledger"


class LedgerCommand(click.Command):
    """A command whose library function's ConflictingOptions is a usage error (exit 2),
    spelled with the options' names: the library knows the arguments, not the flags."""

    def invoke(self, ctx: click.Context) -> Any:
        where = ctx.params.get("repo") or ctx.find_root().params.get("repo")
        if self.name not in _NO_DRAIN:
            _drain_git_events(where)
        if self.name not in _MACHINE and not ctx.params.get("as_json"):
            _for_a_person(where, f"{self.name} --verbose" if ctx.params.get("verbose")
                          else self.name or "")
        try:
            return super().invoke(ctx)
        except ConflictingOptions as exc:
            raise click.UsageError(exc.spelled(_flag), ctx=ctx) from None
        except (KeyboardInterrupt, ImportError) as exc:
            if not was_interrupted(exc):
                raise
            # Ours to say in one line: click's Abort would print an empty line first.
            raise Interrupted("interrupted") from None


#: Commands that do not apply the git hooks' queue first: doctor reports it (and --fix
#: drains it), install and uninstall read no ledger, a hook drains as its event needs, and
#: the MCP server drains before each tool call.
_NO_DRAIN = frozenset({"doctor", "hook", "install", "uninstall", "mcp"})


#: Commands whose output is read by a program (an agent, a hook, a shell's completion,
#: a server's log): never coloured, never paged.
_MACHINE = frozenset({"hook", "mcp", "serve", "restore", "complete", "completion"})


def _for_a_person(where: str | None, name: str) -> None:
    """Colour and a pager where git would give them (terminal.py): the global
    --no-color and --no-pager say no to each."""
    ctx = click.get_current_context()
    root = ctx.find_root().params
    if not terminal.page(where, name, no_pager=bool(root.get("no_pager")),
                         no_color=bool(root.get("no_color"))):
        terminal.start_colour(where, no_color=bool(root.get("no_color")))
    if colour_on():  # click.echo keeps the escapes going to the pager's pipe
        ctx.color = True


def _drain_git_events(where: str | None, *, report: bool = True) -> None:
    """Readers drain first: apply what the git hooks queued before reading the ledger, and
    say once what it had to say.  Never the reason a command fails."""
    from gitledger.storage.queue_probe import needs_drain

    if not needs_drain(where):
        return  # the common case: nothing queued, and nothing that applies it loaded
    from gitledger.integrations.git_events import drain_git_events

    try:
        lines = drain_git_events(where, report=report)
    except LedgerError as exc:
        lines = [f"{PROG}: warning: the queued git events were not applied: {one_line(str(exc))}"]
    for line in lines:
        click.echo(line, err=True)


class LedgerGroup(click.Group):
    """A click group whose errors are one line on stderr, whatever the command."""

    command_class = LedgerCommand

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, ImportError) as exc:
            if not was_interrupted(exc):
                raise
            raise Interrupted("interrupted") from None  # one line, without click's blank one

    def main(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> NoReturn:  # type: ignore[override]
        try:
            self._main(args, prog_name or PROG, extra)
        except LedgerError as exc:
            _fail(str(exc), exc.exit_code)
        except click.UsageError as exc:
            _fail(f"{exc.format_message()} (see {self._help_for(exc, args)} --help)", 2)
        except click.ClickException as exc:
            _fail(exc.format_message(), exc.exit_code)
        except click.exceptions.Abort:
            _fail("interrupted", 130)
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
        command = next((w for w in words if w in self.commands), None)
        return f"{PROG} {command}" if command else PROG

    def _main(self, args: Any, prog_name: str, extra: dict[str, Any]) -> None:
        try:
            super().main(args, prog_name, standalone_mode=False, **extra)
        except click.exceptions.Exit as exc:
            if exc.exit_code:
                sys.exit(exc.exit_code)


def _flag(name: str) -> str:
    """An argument's name as the command line spells its option: ``--carry-all-durable``."""
    return "--" + name.replace("_", "-")


def _fail(message: str, code: int) -> NoReturn:
    # One line, always: click's own messages (a list of choices) can span lines too.
    click.echo(f"{PROG}: {one_line(message)}", err=True)
    sys.exit(code)


# -- shared options ------------------------------------------------------------------------


def _repo_option(f: F) -> F:
    return click.option(
        "--repo", "-C", "repo", metavar="PATH", default=None,
        help="Run as if started in PATH (like git -C).",
    )(f)


def _json_option(f: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/cli.md).")(f)


def _next_option(f: F) -> F:
    return click.option(
        "--next", "next_text", metavar="TEXT", default=None,
        help="Also set NEXT in the same event (NEXT rides along).",
    )(f)


def _project_option(f: F) -> F:
    return click.option("--project", is_flag=True, help="Act on the project ledger.")(f)


def _dry_run_option(f: F) -> F:
    return click.option("--dry-run", is_flag=True,
                        help="Print what would change and write nothing.")(f)


def _common(f: F) -> F:
    return _repo_option(_json_option(f))


def _where(repo: str | None) -> str | None:
    ctx = click.get_current_context()
    return repo if repo is not None else ctx.find_root().params.get("repo")


def _file(repo: str | None, path: str) -> str:
    """A file the user named, relative to -C PATH when one was given, as git -C does."""
    where = _where(repo)
    if where is None or path == "-" or os.path.isabs(path):
        return path
    return os.path.join(where, path)


def _ledger(repo: str | None, project: bool = False, name: str | None = None) -> Ledger:
    from gitledger.ledger.operations import Ledger

    return Ledger.open(_where(repo), project=project, name=name)


def _text(value: str, field: str) -> str:
    """``-`` reads the text from standard input, which must be UTF-8."""
    from gitledger.core.text import decode_bytes

    if value != "-":
        return value
    data = sys.stdin.buffer.read()
    return decode_bytes(data, field)


def _emit(as_json: bool, data: Any, text: str) -> None:
    # Every report leaves through the gate: a ref name or a teammate's text with an
    # invisible character in it is shown escaped, in text as in the document.
    if as_json:
        from gitledger.commands.plain import document

        click.echo(document(data))
    else:
        click.echo(gate.text(text))


def _warn(warning: str | None) -> None:
    if warning:
        click.echo(f"{PROG}: warning: {one_line(warning)}", err=True)


def _printed(printed: Printed) -> None:
    """A command's output (``commands/``) as the fast path prints it too: stdout, stderr,
    then what follows it (a saved copy), and its exit status."""
    if printed.out is not None:
        click.echo(printed.out)
    if printed.err:
        click.echo(printed.err, err=True, nl=False)
    if printed.then is not None:
        printed.then()
    if printed.code:
        sys.exit(printed.code)


def _wrote(as_json: bool, result: WriteResult, what: str = "") -> None:
    from gitledger.views.render import write_json, write_text

    _emit(as_json, write_json(result), write_text(result, what))
    for warning in result.warnings:
        click.echo(f"{PROG}: warning: {one_line(warning)}", err=True)


# -- the group -----------------------------------------------------------------------------


@click.group(cls=LedgerGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="git-ledger")
@_repo_option
@click.option("--no-color", "--no-colour", "no_color", is_flag=True,
              help="Never colour the output (as NO_COLOR or color.ledger=never do).")
@click.option("--no-pager", "no_pager", is_flag=True,
              help="Never send the output through a pager (as pager.ledger=false does).")
@click.pass_context
def cli(ctx: click.Context, repo: str | None, no_color: bool, no_pager: bool) -> None:
    """Keep an AI coding agent's reasoning in git: task, next step, open questions,
    decisions with what they beat, verified facts, dropped approaches.

    Without a command, shows this worktree's ledger.  Every write prints the new
    entry's id; every command takes --json.  See docs/cli.md or man git-ledger.
    """
    if ctx.invoked_subcommand is None:
        from gitledger.views.show_and_log import show as show_ledger

        _drain_git_events(repo)
        _for_a_person(repo, "show")
        _print_shown(show_ledger(repo), as_json=False)


# -- focus ---------------------------------------------------------------------------------


@cli.command()
@click.argument("text")
@_next_option
@_common
def task(text: str, next_text: str | None, repo: str | None, as_json: bool) -> None:
    """Set the one-line TASK: what this session is trying to achieve.

    Replaces the previous TASK.  Give - as TEXT to read it from standard input.
    """
    _wrote(as_json, _ledger(repo).set_task(_text(text, "TASK"), next_text=next_text), "TASK")


@cli.command("next")
@click.argument("text")
@_common
def next_(text: str, repo: str | None, as_json: bool) -> None:
    """Set the one-line NEXT: the most valuable next action, ready to pick up cold.

    Prefer --next on the write it belongs to (NEXT rides along).  Give - as TEXT to
    read it from standard input.
    """
    _wrote(as_json, _ledger(repo).set_next(_text(text, "NEXT")), "NEXT")


# -- entries -------------------------------------------------------------------------------


@cli.command("open")
@click.argument("text")
@click.option("--ask-user", is_flag=True, help="Only the user can close this question.")
@_next_option
@_common
def open_(text: str, ask_user: bool, next_text: str | None, repo: str | None,
          as_json: bool) -> None:
    """Add an OPEN question, and what would settle it.

    Give - as TEXT to read it from standard input.
    """
    result = _ledger(repo).open_question(_text(text, "question"), ask_user=ask_user,
                                         next_text=next_text)
    _wrote(as_json, result)


@cli.command()
@click.argument("text")
@click.option("--over", multiple=True, metavar="ALT", help="A rejected alternative (repeatable).")
@click.option("--because", metavar="WHY", help="Why it beat the alternatives.")
@click.option("--scope", metavar="S", help="The smallest boundary it applies to.")
@click.option("--supersedes", metavar="ID", help="The decision this one replaces.")
@click.option("--proposed", is_flag=True, help="Record as proposed instead of accepted.")
@click.option("--evidence", multiple=True, metavar="EV",
              help="Evidence: git:<sha>, test:<name>, a URL (repeatable).")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="A glob of the files it governs, from here or the top (repeatable).")
@_next_option
@_project_option
@_common
def decide(text: str, over: tuple[str, ...], because: str | None, scope: str | None,
           supersedes: str | None, proposed: bool, evidence: tuple[str, ...],
           paths: tuple[str, ...], next_text: str | None, project: bool, repo: str | None,
           as_json: bool) -> None:
    """Add a DECIDED entry: the decision and the alternatives it beat.

    Recorded as accepted unless --proposed.  Give - as TEXT to read it from standard
    input.
    """
    from gitledger.commands.decide import decide as decide_command

    _printed(decide_command(
        {"text": _text(text, "decision"), "over": over, "because": because, "scope": scope,
         "supersedes": supersedes, "proposed": proposed, "evidence": evidence,
         "paths": paths, "next_text": next_text, "project": project, "as_json": as_json},
        _where(repo)))


@cli.command()
@click.argument("fact")
@click.option("--by", "by", required=True, metavar="COMMAND",
              help="The exact command or probe that proved it.")
@_next_option
@_project_option
@_common
def verify(fact: str, by: str, next_text: str | None, project: bool, repo: str | None,
           as_json: bool) -> None:
    """Add a VERIFIED fact with the command that proved it, at the current HEAD.

    Give - as FACT to read it from standard input.
    """
    result = _ledger(repo, project).verify(_text(fact, "fact"), by=by, next_text=next_text)
    _wrote(as_json, result)


@cli.command()
@click.argument("approach")
@click.option("--why", required=True, metavar="WHY", help="Why it was abandoned.")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="A glob of the files it was about (repeatable).")
@_next_option
@_project_option
@_common
def drop(approach: str, why: str, paths: tuple[str, ...], next_text: str | None,
         project: bool, repo: str | None, as_json: bool) -> None:
    """Add a DROPPED approach with the reason, so it is never retried.

    Give - as APPROACH to read it from standard input.
    """
    result = _ledger(repo, project).drop(_text(approach, "approach"), why=why, paths=paths,
                                         next_text=next_text)
    _wrote(as_json, result)


@cli.command()
@click.argument("path")
@click.option("--note", metavar="TEXT", help="What the file is for.")
@_next_option
@_common
def plan(path: str, note: str | None, next_text: str | None, repo: str | None,
         as_json: bool) -> None:
    """Add a PLAN pointer: a path to a plan or project-state file, never a copy.

    A path inside the work tree is stored relative to its top, any other path as an
    absolute path.
    """
    _wrote(as_json, _ledger(repo).plan(path, note=note, next_text=next_text))


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.option("--as", "as_kind", required=True,
              type=click.Choice(["decided", "verified", "dropped"]),
              help="What the OPEN item becomes.")
@click.option("--text", metavar="TEXT", help="New text (default: keep the question's).")
@click.option("--over", multiple=True, metavar="ALT",
              help="decided: a rejected alternative (repeatable).")
@click.option("--because", metavar="WHY", help="decided: why it won.")
@click.option("--scope", metavar="S", help="decided: where it applies.")
@click.option("--evidence", multiple=True, metavar="EV",
              help="decided: evidence, git:<sha>, test:<name>, a URL (repeatable).")
@click.option("--proposed", is_flag=True, help="decided: record as proposed.")
@click.option("--by", "by", metavar="COMMAND", help="verified: the command that proved it.")
@click.option("--why", metavar="WHY", help="dropped: why it was abandoned.")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="decided, dropped: a glob of the files it governs (repeatable).")
@_next_option
@_common
def resolve(entry_id: str, as_kind: str, text: str | None, over: tuple[str, ...],
            because: str | None, scope: str | None, evidence: tuple[str, ...],
            proposed: bool, by: str | None, why: str | None, paths: tuple[str, ...],
            next_text: str | None, repo: str | None, as_json: bool) -> None:
    """Resolve an OPEN item in place: it becomes a decision, a fact or a dropped path.

    The entry keeps its id and its history; the question is kept beside the new text.
    Only the options of the new kind apply.  Give - as --text to read it from standard
    input.
    """
    result = _ledger(repo).resolve(
        entry_id, as_kind=as_kind, text=_text(text, "text") if text is not None else None,
        over=over, because=because, scope=scope, evidence=evidence, proposed=proposed, by=by,
        why=why, paths=paths, next_text=next_text,
    )
    _wrote(as_json, result)


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.argument("text", required=False)
@click.option("--because", metavar="WHY", help="decided: new reason.")
@click.option("--scope", metavar="S", help="decided: new scope.")
@click.option("--over", multiple=True, metavar="ALT",
              help="decided: replace the rejected alternatives (repeatable).")
@click.option("--evidence", multiple=True, metavar="EV",
              help="decided: replace the evidence list (repeatable).")
@click.option("--by", "by", metavar="COMMAND", help="verified: new command.")
@click.option("--why", metavar="WHY", help="dropped: new reason.")
@click.option("--paths", multiple=True, metavar="GLOB",
              help="decided, dropped: replace the globs (repeatable; --paths '' clears).")
@click.option("--path", "path", metavar="PATH", help="plan: new path.")
@click.option("--note", metavar="TEXT", help="plan: new note.")
@click.option("--ask-user/--no-ask-user", "ask_user", default=None,
              help="open: whether only the user can close it.")
@_next_option
@_project_option
@_common
def edit(entry_id: str, text: str | None, because: str | None, scope: str | None,
         over: tuple[str, ...], evidence: tuple[str, ...], by: str | None, why: str | None,
         paths: tuple[str, ...], path: str | None, note: str | None, ask_user: bool | None,
         next_text: str | None, project: bool, repo: str | None, as_json: bool) -> None:
    """Change an entry's text or fields in place; its history keeps every earlier state.

    TEXT replaces the text; each field option replaces that field (--over and --evidence
    replace the whole list).  An option that does not apply to the entry's kind is
    refused.  Give - as TEXT to read it from standard input.
    """
    ledger = _ledger(repo, project)
    result = ledger.edit(
        entry_id, text=_text(text, "text") if text is not None else None, next_text=next_text,
        because=because, scope=scope, over=over, evidence=evidence, by=by, why=why,
        paths=paths or None, path=path, note=note,
        ask_user=ask_user,
    )
    _wrote(as_json, result)


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.option("--from", "commit", required=True, metavar="COMMIT",
              help="The commit whose version of the entry to take: the other tip a pull "
                   "named for a concurrent edit.")
@_project_option
@_common
def take(entry_id: str, commit: str, project: bool, repo: str | None, as_json: bool) -> None:
    """Take the version of an entry a commit of its ledger holds (a concurrent edit's other
    side, which the pull printed); the history keeps both.

    COMMIT must be in the ledger's own history.
    """
    from gitledger.team.conflicts import take as take_version

    _wrote(as_json, take_version(_where(repo), entry_id, commit, project=project))


# -- decision status -----------------------------------------------------------------------


def _decision_ledger(repo: str | None, entry_id: str, project: bool) -> Ledger:
    from gitledger.ledger.decisions import locate

    return locate(_where(repo), entry_id, project=project)


def _decision_options(f: F) -> F:
    return _next_option(_project_option(_common(f)))


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@_decision_options
def accept(entry_id: str, next_text: str | None, project: bool, repo: str | None,
           as_json: bool) -> None:
    """Accept a proposed decision (proposed → accepted).

    A proposed decision made with --supersedes replaces its target now: the old one
    becomes superseded, in the same event.
    """
    from gitledger.ledger.decisions import accept as accept_decision

    _wrote(as_json, accept_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                    next_text=next_text))


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.option("--commit", "commit", metavar="REV", help="The implementing commit "
              "(default: HEAD).")
@_decision_options
def implement(entry_id: str, commit: str | None, next_text: str | None, project: bool,
              repo: str | None, as_json: bool) -> None:
    """Mark an accepted decision implemented at a commit (accepted → implemented).

    Records the commit's full sha as git:<sha> evidence after checking it exists, and
    keeps it reachable under refs/ledger/keep so a rebase and git gc cannot delete it.
    Run again on an implemented decision to add another implementing commit.
    """
    from gitledger.ledger.decisions import implement as implement_decision

    _wrote(as_json, implement_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                       commit=commit, next_text=next_text))


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.option("--env", "env", required=True, metavar="ENV",
              help="The environment deployed to (production, staging …).")
@click.option("--sha", "sha", required=True, metavar="REV", help="The commit deployed.")
@click.option("--url", "url", required=True, metavar="URL", help="The deploy's log URL.")
@click.option("--at", "at", metavar="TIME",
              help="When it succeeded, ISO 8601 with an offset (default: now).")
@_decision_options
def deploy(entry_id: str, env: str, sha: str, url: str, at: str | None,
           next_text: str | None, project: bool, repo: str | None, as_json: bool) -> None:
    """Record a successful deploy of an implemented decision (implemented → deployed).

    The receipt keeps the environment, the deployed commit, the log URL and the time.
    Refused unless the deployed commit exists and contains every git:<sha> the decision
    cites (an ancestor check).  Run again on a deployed decision for a newer deploy.
    """
    from gitledger.ledger.decisions import deploy as deploy_decision

    _wrote(as_json, deploy_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                    env=env, sha=sha, url=url, at=at, next_text=next_text))


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.option("--why", "why", required=True, metavar="WHY", help="Why it was rejected.")
@_decision_options
def reject(entry_id: str, why: str, next_text: str | None, project: bool,
           repo: str | None, as_json: bool) -> None:
    """Reject a proposed or accepted decision, with the reason (→ rejected, final)."""
    from gitledger.ledger.decisions import reject as reject_decision

    _wrote(as_json, reject_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                    why=why, next_text=next_text))


@cli.command()
@click.argument("entry_id", metavar="ID", shell_complete=shell_commands.complete_ids)
@click.option("--add", "items", multiple=True, metavar="EV",
              help="Evidence to add: git:<rev>, test:<name>, a URL (repeatable).")
@click.option("--remove", "remove", multiple=True, metavar="EV",
              help="Evidence to take off, exactly as shown (repeatable).")
@_decision_options
def evidence(entry_id: str, items: tuple[str, ...], remove: tuple[str, ...],
             next_text: str | None, project: bool, repo: str | None, as_json: bool) -> None:
    """Add evidence to a decision, or take it off; its status does not change.

    git:<rev> is resolved to the commit's full sha (refused if there is none) and kept
    reachable under refs/ledger/keep.  Evidence already recorded is not added twice.
    --remove takes off an item exactly as recorded, such as the old sha of a rewritten
    implementation commit (--remove git:OLD --add git:NEW).
    """
    from gitledger.ledger.decisions import add_evidence

    _wrote(as_json, add_evidence(_decision_ledger(repo, entry_id, project), entry_id, items,
                                 remove=remove, next_text=next_text))


@cli.command()
@click.option("--hook", "hook_event", type=click.Choice(["stop"]),
              help="Run as the agent's Stop hook: read its JSON on stdin, block on errors.")
@click.option("--agent", "agent", type=click.Choice(AGENTS), default="claude",
              show_default=True, help="With --hook: the agent calling.")
@click.option("--ledger", "name", metavar="NAME", help="Check only this ledger.")
@_project_option
@_common
def check(hook_event: str | None, agent: str, name: str | None, project: bool,
          repo: str | None, as_json: bool) -> None:
    """Validate this worktree's ledger and the project ledger.

    Prints each finding with its rule, the entry and a one-line fix.  Errors (claims the
    ledger cannot back) exit 1; warnings are printed and exit 0.  While no ref, HEAD or
    the worktree's pointer moved, a plain check prints the last one's report again.
    With --hook stop, reads the agent's Stop payload and prints {"decision": "block", ...}
    for errors only; it never blocks twice in a row, on warnings, or when it fails itself.
    """
    if hook_event is not None:
        if as_json or project or name:
            raise click.UsageError("--hook stop prints the agent's own JSON and checks this "
                                   "worktree: leave out --json, --project and --ledger")
        from gitledger.integrations.stop_hook import run_stop_check

        result = run_stop_check(agent, _stdin_payload(), os.environ, cwd=_where(repo))
        if result.stdout:
            click.echo(result.stdout)
        if result.stderr:
            click.echo(result.stderr, err=True, nl=False)
        return
    if agent != "claude" and not hook_event:
        raise click.UsageError("--agent only applies with --hook stop")
    from gitledger.commands.check import check as check_command

    _printed(check_command({"as_json": as_json, "project": project}, None, _where(repo),
                           name=name))


@cli.command()
@click.option("--fix", is_flag=True,
              help="Repair what is safe to repair (pointers, notes, keep-alive, caches).")
@click.option("--rebuild", "rebuild", multiple=True, metavar="NAME",
              help="Rebuild the derived artifact NAME (as doctor lists them; 'all' for "
                   "every one), whatever its state. Repeatable.")
@_common
def doctor(fix: bool, rebuild: tuple[str, ...], repo: str | None, as_json: bool) -> None:
    """Check the ledger storage: every ref under refs/ledger/, every entry, the pointers,
    the notes index, the keep-alive chain and the caches; one line per finding with its fix.

    --fix repairs derived and local data only (it removes a broken worktree pointer,
    rebuilds the notes, re-keeps cited commits, empties the caches) and never rewrites a
    ledger's history.  It also reports the git hooks' queue when it is held (applying
    stopped at a broken ledger or a full disk), has lines it cannot read, or waits with no
    drain at work; --fix then applies it in order.  It lists every derived artifact (the
    caches, indexes and saved outputs in the git dirs) with its state: fresh, stale,
    missing or damaged; --fix rebuilds the stale and damaged ones, --rebuild NAME any one.
    Exits 1 while an error remains.
    """
    from gitledger.audit.doctor import doctor as run_doctor
    from gitledger.audit.doctor import report_json, report_text
    from gitledger.integrations.git_events import drain_git_events
    from gitledger.ledger.hook_routes import findings as git_hook_findings

    where = _where(repo)
    report = run_doctor(where, fix=fix, drain=lambda: drain_git_events(where, fix=True),
                        git_hooks=git_hook_findings, rebuild=rebuild)
    _emit(as_json, report_json(report), report_text(report))
    if not report.ok:
        sys.exit(1)


# -- notes on code commits -----------------------------------------------------------------


@cli.group()
def notes() -> None:
    """The notes on code commits (refs/notes/ledger): which entries cite each commit.

    git log --notes=ledger shows them.  They are an index derived from the ledgers.
    """


@notes.command("rebuild")
@_common
def notes_rebuild(repo: str | None, as_json: bool) -> None:
    """Derive every note from the ledgers again, as one commit on refs/notes/ledger.

    Use it after the notes were lost or damaged (a clone without them, a rewrite that did
    not carry them).  Lines no ledger backs any more are dropped; the notes ref's history
    keeps them.
    """
    from gitledger.ledger.notes_from_ledgers import rebuild

    result = rebuild(_where(repo))
    _emit(as_json, {"commit": result.commit, "notes": result.notes, "lines": result.lines,
                    "ledgers": result.ledgers},
          f"{result.notes} commit{'s' if result.notes != 1 else ''} noted from "
          f"{result.ledgers} ledger{'s' if result.ledgers != 1 else ''} "
          f"({result.lines} line{'s' if result.lines != 1 else ''})")


# -- reading -------------------------------------------------------------------------------


@cli.command()
@click.argument("entry_id", metavar="[ID]", required=False,
                shell_complete=shell_commands.complete_ids)
@click.option("--kind", type=click.Choice(KINDS), help="Only this section.")
@click.option("--ledger", "name", metavar="NAME", help="Another ledger (id, ref or project).",
              shell_complete=shell_commands.complete_ledgers)
@click.option("--archive", "archive_name", metavar="NAME",
              help="An archived ledger, read-only (its id, a unique prefix, or its ref; "
                   "git ledger list --archived shows them), or a teammate's fetched from a "
                   "remote (REMOTE/ID).")
@_project_option
@_common
def show(entry_id: str | None, kind: str | None, name: str | None, archive_name: str | None,
         project: bool, repo: str | None, as_json: bool) -> None:
    """Show the current ledger, or one entry with its history.

    --archive NAME shows an archived ledger as it stood when it was archived; with
    --json the output gains an "archive" object (tag, date, tagger, what was carried).
    Exits 1 after printing everything else if some entry could not be read.
    """
    from gitledger.views.show_and_log import show as show_ledger

    _print_shown(show_ledger(_where(repo), entry_id or None, kind=kind, name=name,
                             archive=archive_name, project=project), as_json)


def _print_shown(shown: Shown, as_json: bool) -> None:
    """Print a ledger; unreadable entries are named on stderr after the rest (exit 1).

    The MCP tool names them in its document instead: it has no exit status.
    """
    from gitledger.views.show_and_log import show_json, show_text, unreadable

    _emit(as_json, show_json(shown), show_text(shown))
    bad = unreadable(shown)
    if bad:
        _fail(f"{len(bad)} unreadable entr{'y' if len(bad) == 1 else 'ies'}: "
              f"{', '.join(bad)} (everything else is shown)", 1)


@cli.command()
@click.option("-n", "--max-count", "limit", type=click.IntRange(min=1), metavar="N",
              help="Show at most N events.")
@click.option("--ledger", "name", metavar="NAME", help="Another ledger (id, ref or project).",
              shell_complete=shell_commands.complete_ledgers)
@_project_option
@_common
def log(limit: int | None, name: str | None, project: bool, repo: str | None,
        as_json: bool) -> None:
    """Show the ledger's event history, newest first."""
    from gitledger.views.show_and_log import log as ledger_log
    from gitledger.views.show_and_log import log_json, log_text

    result = ledger_log(_where(repo), limit, name=name, project=project)
    _emit(as_json, log_json(result), log_text(result))


@cli.command()
@click.argument("target", metavar="REV|PATH[:LINE[-LINE]]",
                shell_complete=shell_commands.complete_paths)
@click.option("--rev", "as_rev", is_flag=True,
              help="TARGET is a revision, even where a file has that name.")
@click.option("--max-commits", "max_commits", type=click.IntRange(min=1), default=20,
              show_default=True, metavar="N", help="Show at most N blamed commits.")
@_common
def why(target: str, as_rev: bool, max_commits: int, repo: str | None,
        as_json: bool) -> None:
    """Why is this code like this? The ledger entries behind a commit or file lines.

    REV is one commit.  PATH, PATH:LINE or PATH:FIRST-LAST blames those lines at HEAD
    and takes the commits that last changed them, newest first.  For each commit: the
    decisions that cite, implement or deploy it (status, rejected alternatives, reasons),
    entries a Ledger-Refs trailer linked, and the TASK, VERIFIED facts and DROPPED
    approaches of the ledger it was made in.  A name that is both a file at HEAD and a
    revision is the file; --rev makes it the revision.
    """
    from gitledger.views.why import why as why_target
    from gitledger.views.why import why_json, why_text

    result = why_target(_where(repo), target, rev=as_rev, max_commits=max_commits)
    _emit(as_json, why_json(result), why_text(result))


@cli.command()
@click.argument("words", nargs=-1, required=True, metavar="QUERY...")
@click.option("--kind", "kinds", multiple=True, metavar="KIND",
              type=click.Choice(KINDS), help="Only entries of this kind (repeat for several).")
@click.option("--scope", "scopes", multiple=True, metavar="SCOPE",
              help="Only decisions of this scope or one under it (auth finds auth/login).")
@click.option("--status", "statuses", multiple=True, metavar="STATUS",
              type=click.Choice(STATUSES),
              help=f"Only decisions with this status: {', '.join(STATUSES)} (repeat for "
                   "several).")
@click.option("--author", "authors", multiple=True, metavar="NAME",
              help="Only entries brought in by someone whose name or email holds NAME.")
@click.option("--transcripts", is_flag=True,
              help="Also search the saved transcripts' messages.")
@click.option("--limit", type=click.IntRange(1, 1000), default=20, show_default=True,
              metavar="N", help="Show at most N hits.")
@_common
def search(words: tuple[str, ...], kinds: tuple[str, ...], scopes: tuple[str, ...],
           statuses: tuple[str, ...], authors: tuple[str, ...], transcripts: bool,
           limit: int, repo: str | None, as_json: bool) -> None:
    """Have we decided this before? Full-text search of every local ledger.

    Session ledgers, the project ledger, archives and the mirrors of teammates' ledgers
    (and the saved transcripts with --transcripts), ranked by BM25, best first; each hit
    with its ledger, id, kind, status, author (from history) and date, and the passage
    that matched.  Every word of QUERY (one argument or several) must begin a word of the
    entry (ValueErr finds ValueError; a Chinese, Japanese or Korean word is found inside a
    longer run); it is searched literally (quotes, *, NEAR, AND, OR mean nothing).
    Superseded and rejected decisions are found and marked.  The index is derived, in the
    git dir, kept up to date from the refs.  Exits 1 when nothing matches, like grep.
    """
    from gitledger.search.query import search as search_ledgers
    from gitledger.search.query import search_json, search_text

    result = search_ledgers(_where(repo), " ".join(words), kinds=kinds, scopes=scopes,
                            statuses=statuses, authors=authors, transcripts=transcripts,
                            limit=limit)
    _emit(as_json, search_json(result), search_text(result))
    if not result.total:
        sys.exit(1)  # like grep: nothing matched


@cli.command()
@click.option("--since", metavar="REV", help="Only changes by commits after REV.")
@_common
def drift(since: str | None, repo: str | None, as_json: bool) -> None:
    """Decisions in force whose footprint lines later commits changed.

    Reverse-blames each footprint span (following renames and moves) and lists, per
    decision, the files and how many lines changed, and the commits that changed them
    (author, date, subject), newest first; a deleted footprint file is said so.  A commit
    that implements the decision (Ledger-Implements:) or acknowledges it (Ledger-Refs:, for
    its changes and its ancestors') is not drift.  Exits 0 with or without drift.
    """
    from gitledger.audit.drift_report import drift as drift_report
    from gitledger.audit.drift_report import drift_json, drift_text

    report = drift_report(_where(repo), since=since)
    _emit(as_json, drift_json(report), drift_text(report))


@cli.command()
@click.option("--budget", type=click.IntRange(min=1), metavar="CHARS",
              help="Hard cap in characters of the context (default: per format); below "
                   "the block's fixed header a usage error.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
              show_default=True, help="Plain text, JSON, or an agent's hook envelope.")
@click.option("--session-id", metavar="ID", help="The agent session asking (ownership).")
@click.option("--source", type=click.Choice(SOURCES),
              help="Why the context is being restored; startup primes the protocol once.")
@click.option("--archive", "archive_name", metavar="NAME",
              help="Restore an archived ledger instead, read-only (its id, a unique "
                   "prefix, or its ref; a teammate's: REMOTE/ID).")
@click.option("--ledger", "ledger_name", metavar="NAME",
              help="Restore another session ledger instead, read-only and headed with its "
                   "author: a teammate's, fetched from a remote (REMOTE/ID).")
@_repo_option
def restore(budget: int | None, fmt: str, session_id: str | None, source: str | None,
            archive_name: str | None, ledger_name: str | None, repo: str | None) -> None:
    """Print the capped re-inject block: what a compaction destroys, restore-first.

    Degrades by priority when the ledger holds more than fits, shortening entries
    rather than refusing when even one per section does not fit whole, names what was
    clipped with the command that shows it, and ends with a ledger-canary line only when
    nothing was clipped.  --format json describes the block; claude, codex, gemini, qwen,
    cursor, pi, copilot, opencode, kilo and omp print the agent's SessionStart hook
    envelope.  --archive NAME prints the same block for an archived ledger, headed as a
    read-only archive, without the project's decisions; it takes neither --session-id
    nor --source.  --ledger NAME
    does the same for a teammate's ledger fetched from a remote, headed with its
    author: nobody else's reasoning is ever injected unless asked for by name.
    """
    from gitledger.commands.restore import restore as restore_command
    from gitledger.derived import restore_cache

    if archive_name is not None and (session_id is not None or source is not None):
        raise click.UsageError("--archive takes neither --session-id nor --source: an "
                               "archive belongs to no session")
    if ledger_name is not None and (session_id is not None or source is not None
                                    or archive_name is not None):
        raise click.UsageError("--ledger takes neither --archive, --session-id nor "
                               "--source: another's ledger is read, never owned")
    # This worktree's own block is saved with the key of what it was read from, for the
    # next restore to print without libgit2 while nothing moved (derived/restore_cache.py).
    own = archive_name is None and ledger_name is None
    key = restore_cache.current_key(_where(repo)) if own else None
    _printed(restore_command({"budget": budget, "fmt": fmt, "session_id": session_id,
                              "source": source}, key, _where(repo), archive=archive_name,
                             ledger_name=ledger_name))


@cli.command()
@click.option("--session-id", "session_id", required=True, metavar="ID",
              help="The session that takes the ledger over.")
@_common
def claim(session_id: str, repo: str | None, as_json: bool) -> None:
    """Make a session the owner of this worktree's ledger (the same task continues)."""
    from gitledger.views.render import claim_text, write_json

    result = _ledger(repo).claim(session_id)
    _emit(as_json, write_json(result), claim_text(result, session_id))


@cli.command()
@click.argument("entry_ids", metavar="ID...", nargs=-1, required=True,
                shell_complete=shell_commands.complete_ids)
@_common
def carry(entry_ids: tuple[str, ...], repo: str | None, as_json: bool) -> None:
    """Move entries from this worktree's ledger to the project ledger.

    Carried out means gone from here: the project ledger gains them, then the session
    ledger drops them (interrupted in between, the move counts as done and the next
    carry, archive or doctor --fix finishes it); each history records the move and each
    entry names the ledger it came from.  Only DECIDED, VERIFIED and DROPPED entries
    outlive a task.
    """
    from gitledger.ledger.lifecycle import carry as carry_entries
    from gitledger.views.render import carry_json, carry_text

    result = carry_entries(_where(repo), list(entry_ids))
    _emit(as_json, carry_json(result), carry_text(result))


@cli.command()
@click.option("--carry", "carry_ids", multiple=True, metavar="ID",
              help="Carry exactly these entries (repeatable) instead of the default.")
@click.option("--carry-all-durable", "all_durable", is_flag=True,
              help="Carry every decision, verified fact and dropped approach.")
@click.option("--no-carry", "no_carry", is_flag=True, help="Carry nothing.")
@click.option("--ledger", "name", metavar="NAME",
              help="Archive this session ledger (id, prefix or ref) instead of this "
                   "worktree's: an orphaned one, whose worktree is gone.  A ledger another "
                   "live worktree uses is refused; this worktree's pointer is left alone.")
@_dry_run_option
@_common
def archive(carry_ids: tuple[str, ...], all_durable: bool, no_carry: bool, name: str | None,
            dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Carry the durable half to the project ledger, archive the rest, start afresh.

    By default the decisions in force (with the decisions they superseded), VERIFIED
    facts and DROPPED approaches are carried; OPEN questions and NEXT stay with the
    archive; an --ask-user question never answered is warned about (--dry-run lists
    them).  The ledger then becomes an annotated tag at refs/ledger/archive/<ledger-id>
    (git show and git cat-file -p read it; signed when tag.gpgSign is set) whose message
    summarises the task and what was carried; nothing is deleted, and the next write in
    this worktree starts a new ledger.  Interrupted (Ctrl-C), it finishes the archive or
    leaves nothing, and says which.
    """
    from gitledger.ledger.archive_command import archive as archive_ledger
    from gitledger.views.render import archive_json, archive_text, archive_warning

    result = archive_ledger(_where(repo), carry=carry_ids, carry_all_durable=all_durable,
                            no_carry=no_carry, dry_run=dry_run, name=name)
    _emit(as_json, archive_json(result), archive_text(result))
    _warn(archive_warning(result))


@cli.command("list")
@click.option("--archived", is_flag=True,
              help="List the archives instead, newest first: id, date, tagger, TASK, "
                   "entries and what was carried to the project ledger.")
@click.option("--remote", "remote", is_flag=False, flag_value="", default=None,
              metavar="[REMOTE]",
              help="List teammates' session ledgers fetched from REMOTE (every remote "
                   "when none is named) instead: name, author, entries, last change, TASK. "
                   "Copies of this clone's own ledgers are left out.")
@_common
def list_(archived: bool, remote: str | None, repo: str | None, as_json: bool) -> None:
    """List every ledger in the repository; * marks this worktree's.

    A session ledger whose worktree is gone (git worktree remove or prune deleted the
    worktree's git dir, or its pointer names another ledger now) is marked ORPHANED,
    with the commands that continue it (git ledger adopt ID, run in the worktree that
    takes it over) or archive it (git ledger archive --ledger ID); in --json it has
    "orphaned": true.  --archived lists the archives instead.
    """
    from gitledger.team.listing import listing, listing_json, listing_text

    found = listing(_where(repo), archived=archived, remote=remote)
    _emit(as_json, listing_json(found), listing_text(found))


@cli.command()
@click.option("--archived-before", "before", required=True, metavar="DATE",
              help="Delete the archives made before DATE: YYYY-MM-DD (midnight UTC) or an "
                   "ISO 8601 date-time (UTC unless it has an offset).  Not in the future.")
@_dry_run_option
@_common
def prune(before: str, dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Delete archives made before a date: the only deletion gitledger has.

    Only archives made strictly before DATE are deleted; session ledgers, the project
    ledger and the keep-alive chain are never touched, and age alone never retires a
    live ledger.  A month chain goes whole, once its month is over and all it holds is
    due (else its archives are kept and listed), in a locked ref transaction that
    checks it still names what was read, so one that moved meanwhile is kept.  Prints
    what it deleted (with --dry-run, what it would delete).  The notes on code commits
    keep naming the pruned archives' entries until git ledger notes rebuild drops those
    lines; the archived commits themselves go at git's next gc.
    """
    from gitledger.ledger.archives import prune as prune_archives
    from gitledger.views.render import prune_json, prune_text

    result = prune_archives(_where(repo), before, dry_run=dry_run)
    _emit(as_json, prune_json(result), prune_text(result))


@cli.command()
@click.argument("name", metavar="REF")
@_common
def adopt(name: str, repo: str | None, as_json: bool) -> None:
    """Attach an existing session ledger to this worktree, which continues it.

    REF is a session ledger's id, a unique prefix or its ref, typically one git ledger
    list marks ORPHANED after its worktree was removed, or REMOTE/ID, a ledger fetched
    from a remote (your own, pushed from another machine): it gets a local ref of the
    same name, and pull and push merge the two copies from then on.  Refused when this worktree's
    own ledger holds anything (archive it first), when REF is the project ledger or an
    archive, and when another live worktree uses it: a ledger is never shared by two
    worktrees (there is no --force; a locked worktree counts as live).  Pointer files
    of removed worktrees that still name the ledger are deleted.
    """
    from gitledger.ledger.worktrees import adopt as adopt_ledger
    from gitledger.views.render import adopt_json, adopt_text

    result = adopt_ledger(_where(repo), name)
    _emit(as_json, adopt_json(result), adopt_text(result))


# -- team: remotes --------------------------------------------------------------------------


@cli.command()
@click.argument("remote", required=False, metavar="[REMOTE]")
@click.option("--archives", is_flag=True,
              help="Also copy every archive REMOTE holds (for search over a team's "
                   "archives); otherwise an archive is fetched when it is read.")
@_common
def fetch(remote: str | None, archives: bool, repo: str | None, as_json: bool) -> None:
    """Copy REMOTE's ledgers into refs/ledger/remotes/REMOTE/, merging nothing.

    REMOTE defaults to the current branch's remote, else origin, else the only one.
    The copies are read-only mirrors (git ledger list --remote shows the session ledgers
    among them); git ledger pull merges them.  Archives are not copied unless asked
    (--archives): git ledger show --archive REMOTE/ID fetches the one it reads.
    """
    from gitledger.team.fetching import fetch as fetch_ledgers
    from gitledger.team.fetching import fetch_json, fetch_text, skipped_warning

    result = fetch_ledgers(_where(repo), remote, archives=archives)
    _emit(as_json, fetch_json(result), fetch_text(result))
    _warn(skipped_warning(result.remote, result.skipped))


@cli.command()
@click.argument("remote", required=False, metavar="[REMOTE]")
@click.option("--verify-signatures", is_flag=True,
              help="Quarantine every fetched ledger whose new commits git's signature "
                   "check does not accept, or that are signed by someone other than their "
                   "author (as the ledger.verifySignatures config does).")
@_common
def pull(remote: str | None, verify_signatures: bool, repo: str | None,
         as_json: bool) -> None:
    """Fetch REMOTE's ledgers and merge the shared ones into ours; then check the result.

    The project ledger and the keep-alive chain are merged: diverged copies get a merge
    commit whose tree is the union of both sides' entries, and nothing is removed (an
    entry the remote lacks is kept and named).  An entry both sides changed is merged
    field by field; where both set one field the local value is kept (no date decides),
    and the conflict is reported with the git ledger take command that picks the other.
    Notes are merged with git's cat_sort_uniq.  Your own session ledgers and archives
    are never moved: a remote change to one stays in its mirror and is reported.
    Teammates' session ledgers stay read-only copies: git ledger list --remote.  Refs
    on the remote whose names block ledger refs are skipped with a warning.  What git
    ledger check finds after the merge that it did not before is printed (the exit
    status stays 0).  With --verify-signatures (or ledger.verifySignatures) a
    quarantined ledger is named and left unmerged.
    """
    from gitledger.team.fetching import skipped_warning
    from gitledger.team.render import pull_json, pull_text
    from gitledger.team.sync import pull as pull_ledgers

    result = pull_ledgers(_where(repo), remote, verify_signatures=verify_signatures)
    _emit(as_json, pull_json(result), pull_text(result))
    _warn(skipped_warning(result.remote, result.fetched.skipped))


@cli.command()
@click.argument("remote", required=False, metavar="[REMOTE]")
@click.option("--all", "all_sessions", is_flag=True,
              help="Push the session ledger of every worktree of this clone, not only "
                   "this worktree's.")
@click.option("--transcripts", is_flag=True,
              help="Also push the saved transcripts (refs/ledger/transcripts/*): large and "
                   "private, never pushed otherwise.")
@_dry_run_option
@_common
def push(remote: str | None, all_sessions: bool, transcripts: bool, dry_run: bool,
         repo: str | None, as_json: bool) -> None:
    """Push this worktree's ledger, the project ledger, archives, keep-alive and notes.

    Through your git (credentials, ssh config and insteadOf apply), never forced, atomic
    where the server supports it, and with --no-verify so that a pre-push hook that
    calls git ledger cannot recurse.  When the remote moved first, the push pulls,
    merges and tries again (up to 5 times).  A ledger archived here is deleted from the
    remote once its archive holds everything the remote's copy had.  A refusal (a
    server hook) is one line naming the ref and the server's reason; nothing local
    changes.  --dry-run asks the remote what would move and pushes nothing.
    """
    from gitledger.team.fetching import skipped_warning
    from gitledger.team.render import push_json, push_text
    from gitledger.team.sync import push as push_ledgers

    result = push_ledgers(_where(repo), remote, all_sessions=all_sessions, dry_run=dry_run,
                          transcripts=transcripts)
    _emit(as_json, push_json(result), push_text(result))
    _warn(skipped_warning(result.remote, result.skipped))


@cli.group("remote")
def remote_() -> None:
    """Make plain git fetch and git push move ledgers too (opt-in)."""


@remote_.command("setup")
@click.argument("remote", metavar="REMOTE")
@_dry_run_option
@_common
def remote_setup(remote: str, dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Add non-forced ledger fetch and push refspecs to remote.REMOTE.

    First the ledger refs are pushed (with none yet, a probe ref that is deleted
    again): a remote that refuses them is one line and nothing is configured, so a
    plain git push of code never starts failing.  Lines already there are left
    alone, and what was added is remembered so that git ledger remote teardown
    removes exactly those.  When REMOTE had no push refspecs, HEAD is added too: with
    any push refspec configured, a plain git push pushes only those.  --dry-run
    contacts no remote.
    """
    from gitledger.team.remote_setup import setup_remote
    from gitledger.team.render import setup_json, setup_text

    result = setup_remote(_where(repo), remote, dry_run=dry_run)
    _emit(as_json, setup_json(result, "setup"), setup_text(result, "setup"))


@remote_.command("teardown")
@click.argument("remote", metavar="REMOTE")
@_dry_run_option
@_common
def remote_teardown(remote: str, dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Remove exactly the lines git ledger remote setup added to remote.REMOTE."""
    from gitledger.storage.remotes import teardown
    from gitledger.team.render import setup_json, setup_text

    result = teardown(_where(repo), remote, dry_run=dry_run)
    _emit(as_json, setup_json(result, "teardown"), setup_text(result, "teardown"))


@cli.command()
@click.option("--since", "since", metavar="REF|DATE",
              help="Since DATE (YYYY-MM-DD or ISO 8601) or since commit REF (what it does "
                   "not reach, made after it).  Default: since the last pull.")
@click.option("--remote", "remote", metavar="REMOTE",
              help="Whose ledgers and last pull (default: as for pull).")
@_common
def review(since: str | None, remote: str | None, repo: str | None, as_json: bool) -> None:
    """Summarise the decisions added, changed, superseded or deployed, by scope.

    Reads the project ledger and every teammate's session ledger fetched from REMOTE
    (copies of this clone's own ledgers are left out; with no remote at all, the
    project ledger alone): each decision that changed is listed under its scope with
    its status now, the ledger it is in and every change (added, accepted, implemented,
    deployed, superseded, rejected, edited, evidence, merged) with who made it and when.
    """
    from gitledger.team.render import review_json, review_text
    from gitledger.team.review import review as review_decisions

    result = review_decisions(_where(repo), since=since, remote=remote)
    _emit(as_json, review_json(result), review_text(result))


# -- interchange ---------------------------------------------------------------------------


@cli.command()
@click.option("--format", "fmt", required=True,
              type=click.Choice(EXPORT_FORMATS), help=option_help("export"))
@click.option("-o", "--output", "output", metavar="PATH",
              help="Write to PATH, atomically, instead of standard output ('-').")
@click.option("--force", is_flag=True, help="With -o: replace a file that exists.")
@click.option("--session", "session_id", metavar="ID",
              help="md, atif: export the saved session ID (its session id or a unique "
                   "prefix; git ledger transcript list shows them) instead of a ledger.")
@click.option("--ledger", "name", metavar="NAME", help="Another ledger (id, ref or project).",
              shell_complete=shell_commands.complete_ledgers)
@_project_option
@_repo_option
def export(fmt: str, output: str | None, force: bool, session_id: str | None,
           name: str | None, project: bool, repo: str | None) -> None:
    """Export the ledger (the living page, JSON, the seeds' own files) or a saved session.

    md is one Markdown page with every section, each line stamped with the ledger commit
    that wrote it, superseded and rejected decisions struck through with a link to what
    replaced them, and a Mermaid graph of the supersedes chains.  session-md and jsonl
    are what git ledger import reads back.  With --session ID, md is that saved session
    (Claude Code, Codex or Gemini CLI) as one document: frontmatter, every turn, and a
    Summary table of each turn's tool calls, files and ledger entries; atif is the same
    session as an ATIF v1.8 trajectory.  Without -o (or with -o -) the export goes to
    standard output; -o never overwrites a file unless --force, and never follows a
    symlink.  html writes the pages of git ledger serve into the directory -o DIR, as a
    static site with relative links (it needs the web extra: pip install
    'gitledger[web]').
    """
    from gitledger.interchange.formats import export_as, site_writer, writes_directory

    if force and output in (None, "-"):
        raise click.UsageError("--force goes with -o PATH")
    if writes_directory(fmt):
        if output in (None, "-"):
            raise click.UsageError(f"--format {fmt} writes a directory: give -o DIR")
        if session_id or name or project:
            raise click.UsageError(f"--format {fmt} exports every ledger: it takes neither "
                                   "--session, --ledger nor --project")
        writer = site_writer(fmt)
        assert writer is not None
        written = writer(_where(repo), _file(repo, output), force=force)
        click.echo(f"wrote {written.pages} pages to {printable(str(written.path))}", err=True)
        return
    text, warnings = export_as(_where(repo), fmt, project=project, name=name,
                               session_id=session_id)
    for warning in warnings:
        _warn(warning)
    if output in (None, "-"):
        click.echo(text, nl=False)
        return
    from gitledger.interchange.export import write_export

    written = write_export(_where(repo), _file(repo, output), text, force=force)
    click.echo(f"wrote {printable(str(written))} ({len(text.encode('utf-8'))} bytes)", err=True)


@cli.command("import")
@click.argument("path", metavar="FILE")
@click.option("--format", "fmt", type=click.Choice(IMPORT_FORMATS), help=option_help("import"))
@click.option("--skip-invalid", "skip_invalid", is_flag=True,
              help="Import the valid records and report the invalid ones, instead of "
                   "importing nothing.")
@_dry_run_option
@_project_option
@_common
def import_(path: str, fmt: str | None, skip_invalid: bool, dry_run: bool, project: bool,
            repo: str | None, as_json: bool) -> None:
    """Import a .claude/session-ledger.md or a decisions/ledger.jsonl into the ledger.

    Every record is validated first; with any invalid one nothing is written (one line
    names the first problems with their line numbers) unless --skip-invalid.  The import
    is one event.  Ids survive: git ledger export --format jsonl (or session-md) gives
    the file back, and importing the same file again writes nothing new.
    """
    from gitledger.interchange.importer import import_file, import_json, import_text

    result = import_file(_where(repo), _file(repo, path), fmt=fmt, project=project,
                         dry_run=dry_run, skip_invalid=skip_invalid)
    _emit(as_json, import_json(result), import_text(result))


@cli.group()
def transcript() -> None:
    """Agent transcripts, kept verbatim (credentials redacted) and never pushed.

    They live in refs/ledger/transcripts/<session-id>, one commit per save that changed
    something; git ledger hook pre-compact and session-end save the agent's transcript.
    git ledger push sends them only with --transcripts.
    """


@transcript.command("save")
@click.option("--from", "path", required=True, metavar="PATH",
              help="The transcript file (Claude Code: the hook payload's transcript_path).")
@click.option("--session-id", "session_id", metavar="ID",
              help="Whose transcript (default: the session id inside it, else the file name).")
@_common
def transcript_save(path: str, session_id: str | None, repo: str | None,
                    as_json: bool) -> None:
    """Save a transcript verbatim, credentials redacted; unchanged content writes nothing."""
    from gitledger.interchange.render import save_json, save_text
    from gitledger.interchange.transcripts import save

    result = save(_where(repo), _file(repo, path), session_id=session_id)
    _emit(as_json, save_json(result), save_text(result))


@transcript.command("list")
@_common
def transcript_list(repo: str | None, as_json: bool) -> None:
    """List the saved transcripts: session id, saves, size, last saved."""
    from gitledger.interchange.render import transcripts_json, transcripts_text
    from gitledger.interchange.transcripts import list_transcripts

    found = list_transcripts(_where(repo))
    _emit(as_json, transcripts_json(found), transcripts_text(found))


@transcript.command("import")
@click.option("--agent", "agents", multiple=True, type=click.Choice(AGENTS), metavar="NAME",
              help="Only this agent's transcript directories (repeatable; default every "
                   "agent whose transcripts name their working directory: claude, codex, "
                   "gemini, pi, omp).")
@click.option("--dry-run", is_flag=True,
              help="List the sessions it would import; save nothing.")
@_common
def transcript_import(agents: tuple[str, ...], dry_run: bool, repo: str | None,
                      as_json: bool) -> None:
    """Save this repository's earlier sessions from the agents' own transcript directories.

    Reads (never writes) each agent's transcript directories, with the hooks' path checks,
    keeps the sessions whose working directory is in one of this repository's work trees,
    and saves each, credentials redacted, as the session-end hook would. A session already
    saved as it is now is not saved again. Progress goes to stderr on a terminal.
    """
    from gitledger.integrations.transcript_import import (
        import_json,
        import_text,
        import_transcripts,
    )

    progress = _Progress() if sys.stderr.isatty() and not as_json else None
    try:
        result = import_transcripts(_where(repo), agents=agents, dry_run=dry_run,
                                    progress=progress)
    finally:
        if progress is not None:
            progress.done()
    _emit(as_json, import_json(result), import_text(result))


class _Progress:
    """One line on stderr, rewritten at most every ``EVERY`` seconds, for a long import."""

    EVERY = 0.25

    def __init__(self) -> None:
        self.shown = 0.0
        self.drawn = False

    def __call__(self, stage: str, done: int, total: int) -> None:
        import time

        now = time.monotonic()
        if done != total and now - self.shown < self.EVERY:
            return
        self.shown = now
        self.drawn = True
        click.echo(f"\r{stage} transcripts: {done}/{total}\x1b[K", nl=False, err=True,
                   color=True)

    def done(self) -> None:
        if self.drawn:
            click.echo("\r\x1b[K", nl=False, err=True, color=True)


@transcript.command("show")
@click.argument("session_id", metavar="ID")
@_repo_option
def transcript_show(session_id: str, repo: str | None) -> None:
    """Print a saved transcript, byte for byte as saved."""
    from gitledger.interchange.transcripts import load

    click.echo(load(_where(repo), session_id), nl=False)  # bytes: written as they are


# -- the tour ------------------------------------------------------------------------------


@cli.command()
@click.option("--keep/--no-keep", default=True,
              help="Keep the throwaway repository afterwards (default) or delete it.")
@click.option("--verbose", "-v", is_flag=True,
              help="Print every step with the command it ran and its output (paged on a "
                   "terminal).")
@_json_option
def tour(keep: bool, verbose: bool, as_json: bool) -> None:
    """Run the main job end to end in a throwaway repository.

    Prints one screen: what git ledger does, what the tour did and where to look;
    --verbose prints the whole walkthrough.
    """
    import json

    from gitledger.tour import first_screen, run_tour

    lines: list[str] = []

    def quietly(line: str) -> None:
        if not lines and not as_json:  # its repository exists: say what is going on
            click.echo("git ledger tour: an agent's session, played in a throwaway "
                       "repository …\n")
        lines.append(line)

    outcome = run_tour(click.echo if verbose and not as_json else quietly, keep=keep)
    if not verbose and not as_json:
        click.echo(first_screen(outcome))
    if as_json:
        click.echo(json.dumps({"repository": outcome.repository, "kept": outcome.kept,
                               "show": outcome.ledger, "transcript": lines}, indent=2))


# -- agent hooks ---------------------------------------------------------------------------


def _agent_option(*, required: bool) -> Callable[[F], F]:
    def decorate(f: F) -> F:
        return click.option(
            "--agent", "agent", type=click.Choice(AGENTS), required=required,
            help=f"The coding agent: {choice_help()}.",
        )(f)
    return decorate


def _git_hooks_option(help_text: str) -> Callable[[F], F]:
    def decorate(f: F) -> F:
        return click.option("--git-hooks", "git_hooks", is_flag=True, help=help_text)(f)
    return decorate


@cli.command()
@_agent_option(required=False)
@click.option("--mcp", "mcp_server", is_flag=True,
              help="With --agent: also register git ledger mcp in the agent's MCP config.")
@_git_hooks_option("The git hooks (with --agent: the git hooks as well, in any case).")
@click.option("--completion", "shell", is_flag=False, flag_value="", default=None,
              metavar="[SHELL]", help="Install the shell completion for SHELL (bash, zsh or "
              "fish; default: your $SHELL) in your home; alone, nothing else.")
@_dry_run_option
@_common
def install(agent: str | None, mcp_server: bool, git_hooks: bool, shell: str | None,
            dry_run: bool, repo: str | None, as_json: bool) -> None:
    """Install the git hooks, or an agent's hooks with --agent.

    The git hooks (post-commit, post-checkout, post-rewrite) go by the route the
    repository's hook manager needs, and the report says which: where git runs hooks
    (core.hooksPath, or the common git dir's hooks/), a hook of yours kept as
    <hook>.pre-ledger and run first; beside pre-commit's scripts as <hook>.legacy, which
    it runs first; a call in husky's .husky/<hook>, or a command in lefthook's
    lefthook-local.yml, to our scripts in the git dir.  notes.rewriteRef is set so the
    notes follow amend and rebase.  --agent merges our entries into
    .claude/settings.json, .codex/hooks.json, .gemini/settings.json, .qwen/settings.json,
    .cursor/hooks.json or .github/hooks/git-ledger.json, keeping everything else (a config
    that is not valid JSON is refused untouched), or for Pi, OpenCode, Kilo and Oh My Pi
    writes our plugin, .pi/extensions/git-ledger.ts, .opencode/plugins/git-ledger.js,
    .kilo/plugins/git-ledger.js or .omp/extensions/git-ledger.ts (a file of that name that
    is not ours is refused untouched), and installs the git hooks only where none of
    ours runs yet, unless
    --git-hooks is given too (where the manager leaves them only a manual route, husky 4
    or simple-git-hooks, it says so and installs the agent's hooks all the same).  --mcp
    also registers the MCP server (git ledger mcp) in .mcp.json (Claude Code, Copilot
    CLI), .codex/config.toml, .gemini/settings.json, .qwen/settings.json,
    .cursor/mcp.json, opencode.json, kilo.json or .omp/mcp.json (Pi has no MCP
    client).  --completion installs the shell completion where the shell finds it (git
    ledger completion prints
    the script instead).  Running it again changes nothing.  Prints exactly what it
    changed.
    """
    from gitledger.integrations.install import install as install_all
    from gitledger.integrations.install import report_json, report_text

    data: dict[str, Any] = {}
    texts: list[str] = []
    if shell is not None:
        from gitledger.integrations import completion

        if shell and shell not in completion.SHELLS:
            raise click.BadParameter(f"{shell!r} is not one of bash, zsh, fish",
                                     param_hint="--completion")
        done = completion.install_completion(shell or completion.detect_shell(os.environ),
                                             os.environ, dry_run=dry_run)
        data, texts = completion.installed_json(done), [completion.installed_text(done)]
        if agent is None and not git_hooks:
            _emit(as_json, data, texts[0])
            return
    result = install_all(_where(repo), agent=agent, git_hooks=git_hooks,
                         dry_run=dry_run, mcp=mcp_server)
    _emit(as_json, {**report_json(result), **data}, "\n".join([report_text(result), *texts]))


@cli.command()
@_agent_option(required=False)
@_git_hooks_option("Remove the git hooks (the default when no --agent is given).")
@_dry_run_option
@_common
def uninstall(agent: str | None, git_hooks: bool, dry_run: bool, repo: str | None,
              as_json: bool) -> None:
    """Remove gitledger's hooks, and only those: an agent's, or the git hooks.

    With --agent, our entries leave that agent's config, and our MCP server its MCP
    config (other hooks, servers and settings are kept; a file left with nothing else
    is deleted).  Without --agent, or with
    --git-hooks, our git hooks are removed and the hooks they chained are put back.
    Prints exactly what it changed.
    """
    from gitledger.integrations.install import report_json, report_text
    from gitledger.integrations.install import uninstall as uninstall_all

    result = uninstall_all(_where(repo), agent=agent, git_hooks=git_hooks, dry_run=dry_run)
    _emit(as_json, report_json(result), report_text(result))


@cli.command()
@click.argument("event", metavar="EVENT")
@click.argument("args", nargs=-1, metavar="[ARGS]...")
@click.option("--agent", "agent", default="claude", show_default=True,
              metavar=f"[{'|'.join(AGENTS)}]",
              help="The agent calling: how to read its JSON and shape the output.")
def hook(event: str, args: tuple[str, ...], agent: str) -> None:
    """Run an agent hook (session-start, pre-compact, session-end, pre-tool-use) or the
    Python part of a git hook (post-commit, post-checkout, post-rewrite, with git's ARGS),
    or drain: apply what the git hooks queued (they start it, detached).

    What the hooks that install writes call.  An agent hook reads the agent's JSON from
    standard input and finds the repository from its cwd.  session-start makes the session
    the owner of an unowned ledger, exports GIT_LEDGER_SESSION_ID through CLAUDE_ENV_FILE when the
    agent provides it, and prints the restore block in the agent's format; pre-compact
    and session-end record a checkpoint; pre-tool-use prints the decisions that govern
    the file the agent's tool is about to write (never blocking it), or nothing.  Never
    fails the agent or git: on any error it prints one line on standard error (and a
    minimal block for session-start) and exits 0.
    """
    from gitledger.core.names import GIT_EVENTS

    if event in GIT_EVENTS or event == "drain":
        from gitledger.integrations.git_events import run_git_hook

        result = run_git_hook(event, args, _stdin_payload(), cwd=_where(None))
    elif event == "pre-tool-use":
        # Before every edit: only the pre-tool-use module and the ledger's reads load.
        from gitledger.integrations.pre_tool_hook import run_pre_tool_use

        result = run_pre_tool_use(agent, _stdin_payload(), os.environ, cwd=_where(None))
    else:
        from gitledger.integrations.agent_hooks import run_hook

        # An agent's hook reads the ledger too; what the drain says waits for a command
        # whose output someone reads (the restore block is the agent's, stderr no one's).
        _drain_git_events(None, report=False)
        result = run_hook(event, agent, _stdin_payload(), os.environ, cwd=_where(None))
    if result.stdout:
        click.echo(result.stdout)
    if result.stderr:
        click.echo(result.stderr, err=True, nl=False)


@cli.command()
@_repo_option
def mcp(repo: str | None) -> None:
    """Serve this repository's ledger to an agent over MCP (stdio): a tool per command.

    Tools for every write (task, next, open, decide, verify, drop, plan, resolve, edit,
    accept, implement, deploy, reject, evidence, archive, carry, pull, push) and read
    (show, log, check, why, restore, list, review), taking the command's options as JSON
    arguments and returning what it prints with --json; the resources ledger://restore,
    ledger://ledger, ledger://project and ledger://entry/{id}; and a checkpoint prompt.
    An agent starts it; git ledger install --agent NAME --mcp registers it.  Needs the
    optional extra: pip install 'gitledger[mcp]'.  See docs/mcp.md.
    """
    from gitledger.integrations.mcp_server import serve

    serve(_where(repo))


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Any but a loopback address needs the token "
                   "printed at start.")
@click.option("--port", type=click.IntRange(0, 65535), default=8421, show_default=True,
              help="The port (0: any free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@_repo_option
def serve(host: str, port: int, open_browser: bool, repo: str | None) -> None:
    """Serve the ledgers as read-only web pages on a local port, until interrupted.

    Pages: the decisions timeline with filters (scope, status, author, ledger, time); a
    scope's page with its supersedes graph; an entry's page with its full history, its
    evidence (each commit's subject and diff stat) and its deploy receipt; drift and
    stale facts; what teammates changed since the last pull; search.  Every ledger is
    read: sessions, the project ledger, archives and teammates' mirrors, each entry with
    the author its ledger's history gives.  Pages reload when the refs move.  There is
    no endpoint that writes.  Needs the optional extra: pip install 'gitledger[web]'.
    See docs/web.md.
    """
    from gitledger.core.extras import load_extra

    server = load_extra("gitledger.web.server", "web", "git ledger serve")

    def started(served: Any) -> None:
        click.echo(f"serving the ledgers at {served.url}", err=True)
        if served.token:
            click.echo("any request without that token is refused; stop with Ctrl-C", err=True)
        else:
            click.echo("stop with Ctrl-C", err=True)

    server.serve(_where(repo), host=host, port=port, open_browser=open_browser,
                 started=started)


def _stdin_payload() -> bytes:
    """Standard input for a hook, bounded; nothing when it is a terminal or unreadable."""
    from gitledger.integrations.hook_core import read_stdin

    return read_stdin(sys.stdin)


for _command in (shell_commands.config, shell_commands.completion, shell_commands.complete):
    cli.add_command(_command)


def main() -> None:
    cli.main(prog_name=PROG)
