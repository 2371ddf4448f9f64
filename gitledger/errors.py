"""The one error hierarchy of gitledger.

Every failure the user can cause or meet is a ``LedgerError``; the CLI turns each into
one line on stderr and an exit status (see ``commands/group.py``), and the library never prints.
"""

from __future__ import annotations

from collections.abc import Callable


class LedgerError(Exception):
    """Base of every error gitledger raises on purpose. Exit status 1."""

    exit_code = 1


class Interrupted(LedgerError):
    """Ctrl-C: the command stopped, and the message says whether what it was doing was
    finished first or never begun.  Exit status 130, as for any interrupted command."""

    exit_code = 130


class RepositoryError(LedgerError):
    """No usable repository: outside one, bare, or no identity to write with."""


class InvalidInput(LedgerError):
    """Text or arguments the ledger refuses: empty, too long, binary, a credential…"""


class BudgetTooSmall(InvalidInput):
    """A restore budget below what the block can never go under (its fixed header and one
    shortened entry per section): a usage error, exit status 2."""

    exit_code = 2


class BadRevisionOption(InvalidInput):
    """An option's revision that names no commit (``drift --since``): a usage error, exit
    status 2."""

    exit_code = 2


class BadQuery(InvalidInput):
    """A search query that is empty, has no word, or is too long: a usage error, exit
    status 2."""

    exit_code = 2


class ConflictingOptions(InvalidInput):
    """Arguments given together that exclude each other.

    It keeps the arguments' names, not their spelling: the CLI says ``--no-carry`` and
    exits 2 (a usage error), an MCP tool says ``'no_carry'`` and fails the call, and both
    learn the conflict from the library function of the command.
    """

    def __init__(self, *names: str, phrase: str = "exclude each other") -> None:
        #: ``"excludes"`` puts the first name before the rest: "A excludes B and C".
        self.names = names
        self.phrase = phrase
        super().__init__(self.spelled(lambda name: f"'{name}'"))

    def spelled(self, spell: Callable[[str], str]) -> str:
        words = [spell(name) for name in self.names]
        if self.phrase == "excludes":
            return f"{words[0]} excludes {_listed(words[1:])}"
        return f"{_listed(words)} {self.phrase}"


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


class UnknownEntry(LedgerError):
    """An id or prefix that names no entry, or more than one."""


class AmbiguousEntry(UnknownEntry):
    """An id, prefix or imported file's id that names more than one entry."""


class CorruptLedger(LedgerError):
    """A ref, tree or blob under ``refs/ledger/`` that is not a valid ledger."""


class ConcurrentUpdate(LedgerError):
    """The ledger ref kept moving under us for longer than we are willing to retry."""


class AgentConfigError(LedgerError):
    """An agent's config file we will not rewrite: not JSON, or not the documented shape."""


class HookRouteRefused(AgentConfigError):
    """A hook manager that leaves no route for our git hooks but its own config, by hand
    (husky 4, simple-git-hooks): the message names that manual route."""


class SyncError(LedgerError):
    """A remote could not be reached, refused our refs, or kept moving."""


class RemoteRefused(SyncError):
    """The remote refused ledger refs for a reason no pull can fix (a server hook, a
    protected namespace, permissions).  ``landed`` is what it took of the same push (a
    server without atomic pushes takes the refs its hooks let through), ``unsent`` what
    else of it did not land (the remote had moved first)."""

    def __init__(self, message: str, *, remote: str, refused: tuple[str, ...], reason: str,
                 said: str, landed: tuple[str, ...], unsent: tuple[str, ...] = ()) -> None:
        self.remote = remote
        self.refused = refused
        self.reason = reason
        self.said = said
        self.landed = landed
        self.unsent = unsent
        super().__init__(message)


class Quarantined(LedgerError):
    """A teammate's ledger whose new commits git's signature check did not accept
    (``ledger.verifySignatures``): it is neither merged nor read as a ledger."""


class AtifError(InvalidInput):
    """A transcript that cannot be read as a Claude Code transcript (names the line)."""


class MissingExtra(LedgerError):
    """A feature whose optional dependencies (an extra of the package) are not installed."""

    def __init__(self, extra: str, feature: str) -> None:
        self.extra = extra
        super().__init__(f"{feature} needs the optional {extra} extra: "
                         f"pip install 'gitledger[{extra}]'")
