"""The commands that serve a person at a shell rather than the ledger: ``config``,
``completion`` and ``complete`` (what the scripts ask at each TAB).  Apart from ``cli.py``
so that ``complete`` loads as little as it can.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

PROG = "git ledger"


def _where(repo: str | None) -> str | None:
    ctx = click.get_current_context()
    return repo if repo is not None else ctx.find_root().params.get("repo")


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

    result = run_config(_where(repo), key, value, scope=scope, unset=unset)
    if result.changed is None and key is not None and result.values[0].effective is None \
            and not as_json:
        sys.exit(1)  # unset, with no default in force: nothing, status 1, as git config
    _emit(as_json, config_json(result), config_text(result, one=key is not None))


# -- completion ------------------------------------------------------------------------------

#: The most ids one TAB offers (a ledger of thousands would scroll the terminal away).
MAX_IDS = 200


def complete_ids(ctx: click.Context, param: click.Parameter, incomplete: str,
                 ) -> list[CompletionItem]:
    """The entry ids a command's ID takes: this worktree's ledger and the project's, or
    the ledger --ledger, --project or --archive names; each id checked to be an id (so a
    teammate's blob cannot print anything else), its text made printable, on one line."""
    from click.shell_completion import CompletionItem

    from gitledger.core.display import one_line
    from gitledger.core.ids import is_valid_id
    from gitledger.errors import LedgerError
    from gitledger.ledger.reader import LedgerReader, open_archive_reader

    where = ctx.params.get("repo") or ctx.find_root().params.get("repo")
    name, archive = ctx.params.get("name"), ctx.params.get("archive_name")
    project = bool(ctx.params.get("project"))
    asked = [(name, project)] if (name or project) else [(None, False), (None, True)]
    wanted = incomplete.lower()
    items: list[CompletionItem] = []
    for ledger_name, in_project in asked:
        try:
            reader = (open_archive_reader(where, archive) if archive else
                      LedgerReader.open(where, name=ledger_name, project=in_project))
            entries = reader.snapshot().entries
        except LedgerError:
            continue
        for entry in entries:
            if is_valid_id(entry.id) and entry.id.lower().startswith(wanted):
                label = entry.status or entry.kind
                items.append(CompletionItem(entry.id, help=one_line(
                    f"{label}: {entry.text}", 72)))
    return items[:MAX_IDS]


def complete_paths(ctx: click.Context, param: click.Parameter, incomplete: str,
                   ) -> list[CompletionItem]:
    """A path the shell completes itself (``why``'s PATH)."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(incomplete, type="file")]


def complete_ledgers(ctx: click.Context, param: click.Parameter, incomplete: str,
                     ) -> list[CompletionItem]:
    """--ledger's names: project and this repository's session ledgers' ids."""
    from click.shell_completion import CompletionItem

    from gitledger.errors import LedgerError
    from gitledger.storage.layout import SESSIONS_PREFIX
    from gitledger.storage.repo import Repo
    from gitledger.storage.store import Store

    where = ctx.params.get("repo") or ctx.find_root().params.get("repo")
    names = ["project"]
    try:
        store = Store(Repo(where))
        names += [ref.removeprefix(SESSIONS_PREFIX) for ref in store.ledger_refs(chained=False)
                  if ref.startswith(SESSIONS_PREFIX)]
    except LedgerError:
        pass
    return [CompletionItem(n) for n in names
            if n.isascii() and n.isalnum() and n.startswith(incomplete)][:MAX_IDS]


@click.command("complete", hidden=True)
@click.option("--shell", "shell", type=click.Choice(["bash", "zsh", "fish"]),
              default="bash", show_default=True, help="The shell asking.")
@click.argument("words", nargs=-1, metavar="-- [WORD]...")
def complete(shell: str, words: tuple[str, ...]) -> None:
    """What the completion scripts call at each TAB: the candidates for the last WORD,
    after the words before it (those after ``ledger``), one per line as TYPE, VALUE and
    HELP separated by tabs (TYPE ``file`` or ``dir``: the shell completes a path).
    """
    from click.shell_completion import ShellComplete

    from gitledger.core.display import one_line

    root = click.get_current_context().find_root()
    where = root.params.get("repo")  # git ledger -C PATH complete: as if typed there
    args = [*(["-C", where] if where else []), *words[:-1]]
    incomplete = words[-1] if words else ""
    completer = ShellComplete(root.command, {}, PROG, "_GIT_LEDGER_COMPLETE")
    for item in completer.get_completions(args, incomplete):
        value = one_line(str(item.value))
        if "\t" in value or (not value and item.type == "plain"):
            continue
        help_text = one_line(item.help or "", 72) if shell != "bash" else ""
        click.echo(f"{item.type}\t{value}\t{help_text}")


@click.command("completion")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the completion script for SHELL (bash, zsh or fish).

    bash: eval "$(git ledger completion bash)" in ~/.bashrc (git ledger <TAB> completes
    through git's own completion).  zsh: save it as _git-ledger in a directory of $fpath.
    fish: save it as ~/.config/fish/completions/git-ledger.fish.  git ledger install
    --completion does it for you.
    """
    from gitledger.integrations.completion import script

    click.echo(script(shell), nl=False)


__all__ = ["MAX_IDS", "complete", "complete_ids", "complete_ledgers", "complete_paths",
           "completion", "config"]
