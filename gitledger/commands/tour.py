"""``git ledger tour``: Run the main job end to end in a throwaway repository."""

from __future__ import annotations

import click

from gitledger.commands.group import ledger_command
from gitledger.commands.shared import json_option


@ledger_command()
@click.option("--keep/--no-keep", default=True,
              help="Keep the throwaway repository afterwards (default) or delete it.")
@click.option("--verbose", "-v", is_flag=True,
              help="Print every step with the command it ran and its output (paged on a "
                   "terminal).")
@json_option
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
