"""``git ledger decide``: Add a DECIDED entry: the decision and the alternatives it beat."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import (
    common,
    given_text,
    next_option,
    printed,
    project_option,
    repo_path,
)


@ledger_command()
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
@next_option
@project_option
@common
def decide(text: str, over: tuple[str, ...], because: str | None, scope: str | None,
           supersedes: str | None, proposed: bool, evidence: tuple[str, ...],
           paths: tuple[str, ...], next_text: str | None, project: bool, repo: str | None,
           as_json: bool) -> None:
    """Add a DECIDED entry: the decision and the alternatives it beat.

    Recorded as accepted unless --proposed.  Give - as TEXT to read it from standard
    input.
    """
    from gitledger.commands.decide_fast import decide as decide_command

    printed(decide_command(
        {"text": given_text(text, "decision"), "over": over, "because": because, "scope": scope,
         "supersedes": supersedes, "proposed": proposed, "evidence": evidence,
         "paths": paths, "next_text": next_text, "project": project, "as_json": as_json},
        repo_path(repo)))
