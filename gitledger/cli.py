"""The ``git ledger`` command line: the group, its global options, and one line per command.

Each command lives in ``commands/<name>.py`` (docs/architecture.md, "A command"); what the
commands share is in ``commands/shared.py``, and the group's error handling, one place for
every exit status, in ``commands/group.py``.
"""

from __future__ import annotations

import click

from gitledger import __version__
from gitledger.commands import (
    adopt,
    archive,
    carry,
    check,
    claim,
    completion,
    config,
    decide,
    doctor,
    drift,
    drop,
    edit,
    export,
    fetch,
    hook,
    import_,
    install,
    list_,
    log,
    mcp,
    next_,
    notes,
    open_,
    plan,
    prune,
    pull,
    push,
    remote,
    resolve,
    restore,
    review,
    search,
    serve,
    show,
    status,
    take,
    task,
    tour,
    transcript,
    uninstall,
    verify,
    why,
)
from gitledger.commands.group import LedgerGroup
from gitledger.commands.shared import repo_option


@click.group(cls=LedgerGroup, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="git-ledger")
@repo_option
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
        show.show_worktree(repo)


cli.add_command(task.task)
cli.add_command(next_.next_)
cli.add_command(open_.open_)
cli.add_command(decide.decide)
cli.add_command(verify.verify)
cli.add_command(drop.drop)
cli.add_command(plan.plan)
cli.add_command(resolve.resolve)
cli.add_command(edit.edit)
cli.add_command(take.take)
cli.add_command(status.accept)
cli.add_command(status.implement)
cli.add_command(status.deploy)
cli.add_command(status.reject)
cli.add_command(status.evidence)
cli.add_command(check.check)
cli.add_command(doctor.doctor)
cli.add_command(notes.notes)
cli.add_command(show.show)
cli.add_command(log.log)
cli.add_command(why.why)
cli.add_command(search.search)
cli.add_command(drift.drift)
cli.add_command(restore.restore)
cli.add_command(claim.claim)
cli.add_command(carry.carry)
cli.add_command(archive.archive)
cli.add_command(list_.list_)
cli.add_command(prune.prune)
cli.add_command(adopt.adopt)
cli.add_command(fetch.fetch)
cli.add_command(pull.pull)
cli.add_command(push.push)
cli.add_command(remote.remote_)
cli.add_command(review.review)
cli.add_command(export.export)
cli.add_command(import_.import_)
cli.add_command(transcript.transcript)
cli.add_command(tour.tour)
cli.add_command(install.install)
cli.add_command(uninstall.uninstall)
cli.add_command(hook.hook)
cli.add_command(mcp.mcp)
cli.add_command(serve.serve)
cli.add_command(config.config)
cli.add_command(completion.completion)
cli.add_command(completion.complete)
