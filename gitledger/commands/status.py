"""A decision's status verbs, one family: ``accept``, ``implement``, ``deploy``, ``reject``,
and ``evidence``, which adds to what ``implement`` recorded; each finds the ledger that holds
the decision, its own or the project's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from gitledger.commands.completion import complete_ids
from gitledger.commands.group import ledger_command
from gitledger.commands.shared import F, common, next_option, project_option, repo_path, wrote

if TYPE_CHECKING:
    from gitledger.ledger.operations import Ledger


def _decision_ledger(repo: str | None, entry_id: str, project: bool) -> Ledger:
    from gitledger.ledger.decisions import locate

    return locate(repo_path(repo), entry_id, project=project)


def _decision_options(f: F) -> F:
    return next_option(project_option(common(f)))


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
@_decision_options
def accept(entry_id: str, next_text: str | None, project: bool, repo: str | None,
           as_json: bool) -> None:
    """Accept a proposed decision (proposed → accepted).

    A proposed decision made with --supersedes replaces its target now: the old one
    becomes superseded, in the same event.
    """
    from gitledger.ledger.decisions import accept as accept_decision

    wrote(as_json, accept_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                   next_text=next_text))


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
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

    wrote(as_json, implement_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                      commit=commit, next_text=next_text))


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
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

    wrote(as_json, deploy_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                   env=env, sha=sha, url=url, at=at, next_text=next_text))


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
@click.option("--why", "why", required=True, metavar="WHY", help="Why it was rejected.")
@_decision_options
def reject(entry_id: str, why: str, next_text: str | None, project: bool,
           repo: str | None, as_json: bool) -> None:
    """Reject a proposed or accepted decision, with the reason (→ rejected, final)."""
    from gitledger.ledger.decisions import reject as reject_decision

    wrote(as_json, reject_decision(_decision_ledger(repo, entry_id, project), entry_id,
                                   why=why, next_text=next_text))


@ledger_command()
@click.argument("entry_id", metavar="ID", shell_complete=complete_ids)
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

    wrote(as_json, add_evidence(_decision_ledger(repo, entry_id, project), entry_id, items,
                                remove=remove, next_text=next_text))
