"""``git ledger completion``, the script for a shell, and ``complete``, what that script
asks at each TAB: click's completion over the command table.  The completers of the
commands' arguments (entry ids, ledgers, paths) live here too: each reads only what its
candidates need."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from gitledger.commands.shared import PROG

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

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
           "completion"]
