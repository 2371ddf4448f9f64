"""``git ledger config``: list, read or set gitledger's settings in git's own config.

Its JSON is printed as it is: the table of settings holds no ledger content.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from gitledger.commands.shared import repo_path


def _emit(as_json: bool, data: Any, text: str) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False) if as_json else text)


@click.command("config")
@click.argument("key", required=False, metavar="[KEY")
@click.argument("value", required=False, metavar="[VALUE]]")
@click.option("--local", "scope", flag_value="local", default=None,
              help="Set in this repository's config (the default for a set).")
@click.option("--global", "scope", flag_value="global",
              help="Set in your global git config (~/.gitconfig).")
@click.option("--unset", is_flag=True, help="Take KEY out of the config (the default "
              "applies again).")
@click.option("--repo", "-C", "repo", metavar="PATH", default=None,
              help="Run as if started in PATH (like git -C).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/cli.md).")
def config(key: str | None, value: str | None, scope: str | None, unset: bool,
           repo: str | None, as_json: bool) -> None:
    """List, read or set gitledger's settings in git's own config.

    Without KEY, lists every setting with its value (and where it comes from) or its
    default, and what it does.  With KEY, prints the value git ledger uses.  With KEY
    VALUE, sets it with git config (--local unless --global); --unset KEY takes it out.
    Values are checked as git reads them (true/false, auto/always/never).
    """
    from gitledger.integrations.settings import config as run_config
    from gitledger.integrations.settings import config_json, config_text

    result = run_config(repo_path(repo), key, value, scope=scope, unset=unset)
    if result.changed is None and key is not None and result.values[0].effective is None \
            and not as_json:
        sys.exit(1)  # unset, with no default in force: nothing, status 1, as git config
    _emit(as_json, config_json(result), config_text(result, one=key is not None))
