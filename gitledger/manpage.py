"""Render ``git-ledger(1)`` from the click command tree; the page is never edited by hand.

Regenerate it after changing a command with ``python -m gitledger.manpage
man/git-ledger.1``; ``tests/test_docs.py`` fails when the committed page differs.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from gitledger import FORMAT_VERSION, __version__
from gitledger.cli import cli
from gitledger.commands.shared import PROG
from gitledger.core.ids import KIND_LETTERS
from gitledger.core.text import LINE_LIMIT, TEXT_LIMIT
from gitledger.ledger.reader import SESSION_ENV
from gitledger.storage.layout import (
    ENTRIES_DIR,
    FOCUS_PATH,
    META_PATH,
    POINTER_FILE,
    PROJECT_REF,
    SESSIONS_PREFIX,
)

if TYPE_CHECKING:
    import click

TITLE = "GIT-LEDGER"
SECTION = "1"
MANUAL = "Git Ledger Manual"
SUMMARY = "keep an AI coding agent's reasoning inside git, in refs and notes"

# -- roff ------------------------------------------------------------------------------------


def escape(text: str) -> str:
    """Plain text as roff: backslashes, hyphens, quotes and non-ASCII made literal."""
    out: list[str] = []
    for ch in text:
        if ch == "\\":
            out.append("\\e")
        elif ch == "-":
            out.append("\\-")
        elif ch == "'":
            out.append("\\(aq")
        elif ch == "`":
            out.append("\\(ga")
        elif ord(ch) > 126:
            out.append(f"\\[u{ord(ch):04X}]")
        else:
            out.append(ch)
    return "".join(out)


def _line(text: str) -> str:
    """One roff text line: a leading dot or quote would be read as a request."""
    escaped = escape(text)
    return "\\&" + escaped if escaped[:1] in {".", "'"} else escaped


def _quoted(text: str) -> str:
    """An argument of a request such as ``.SS``."""
    return '"' + escape(text).replace('"', '\\(dq') + '"'


def _bold(text: str) -> str:
    return f"\\fB{escape(text)}\\fR"


def _italic(text: str) -> str:
    return f"\\fI{escape(text)}\\fR"


def _paragraphs(help_text: str | None) -> list[str]:
    """A click help string as paragraphs: ``\\f`` ends it, blank lines separate them."""
    text = inspect.cleandoc(help_text or "").split("\f", 1)[0].strip()
    paragraphs = []
    for raw in text.split("\n\n"):
        block = raw.strip("\n")
        if block.startswith("\b\n"):  # click's "do not rewrap" marker
            paragraphs.append(block[2:])
        elif block.strip():
            paragraphs.append(" ".join(line.strip() for line in block.splitlines()))
    return paragraphs


def _emit_paragraphs(out: list[str], paragraphs: Iterable[str], first: str = ".PP") -> None:
    for index, paragraph in enumerate(paragraphs):
        out.append(first if index == 0 else ".PP")
        if "\n" in paragraph:
            out.extend([".nf", *(_line(line) for line in paragraph.splitlines()), ".fi"])
        else:
            out.append(_line(paragraph))


def _synopsis_words(pieces: Sequence[str]) -> str:
    """``[OPTIONS] TEXT`` as roff: literal words bold, placeholders italic."""
    words: list[str] = []
    for piece in " ".join(pieces).split():
        core = piece.strip("[].")
        if core and core.isupper():
            words.append(escape(piece.replace(core, "\x00")).replace("\x00", _italic(core)))
        else:
            words.append(escape(piece))
    return " ".join(words)


def _option_label(record: str) -> str:
    """``-C, --repo PATH`` as roff: option names bold, their value placeholders italic."""
    parts: list[str] = []
    for word in record.split(" "):
        name = word.rstrip(",")
        comma = "," if word.endswith(",") else ""
        if name.startswith("-"):
            parts.append(_bold(name) + comma)
        elif name == "/":
            parts.append("/")
        else:
            parts.append(_italic(name) + comma)
    return " ".join(parts)


# -- the page --------------------------------------------------------------------------------


def _root_context() -> click.Context:
    return cli.make_context(PROG, [], resilient_parsing=True)


def _options(command: click.Command, ctx: click.Context, skip_help: bool) -> list[str]:
    out: list[str] = []
    for param in command.get_params(ctx):
        if param.param_type_name != "option":
            continue  # arguments are named in the synopsis and described in the help
        record = param.get_help_record(ctx)
        if record is None or (skip_help and "--help" in getattr(param, "opts", ())):
            continue
        label, help_text = record
        out.extend([".TP", _option_label(label), _line(help_text)])
    return out


def _commands(root: click.Context) -> list[tuple[str, click.Command, click.Context]]:
    """Every command with the context it runs under; a group's subcommands stand in for
    the group (``notes rebuild``), so each gets its own synopsis line and section."""
    found: list[tuple[str, click.Command, click.Context]] = []
    for name, command in cli.every_command().items():
        subcommands: dict[str, click.Command] | None = getattr(command, "commands", None)
        if subcommands:
            group_ctx = command.make_context(name, [], parent=root, resilient_parsing=True)
            found += [(f"{name} {sub_name}", sub, group_ctx)
                      for sub_name, sub in subcommands.items()]
        else:
            found.append((name, command, root))
    return found


def render() -> str:
    """The whole of ``git-ledger(1)``, as roff."""
    root = _root_context()
    commands = _commands(root)  # definition order: writes, then reads, then tour
    out: list[str] = [
        f".\\\" {TITLE}({SECTION}), generated by python -m gitledger.manpage; do not edit.",
        f".TH {_quoted(TITLE)} {_quoted(SECTION)} \"\" "
        f"{_quoted(f'gitledger {__version__}')} {_quoted(MANUAL)}",
        ".SH NAME",
        f"git\\-ledger \\- {escape(SUMMARY)}",
        ".SH SYNOPSIS",
        ".nf",
        f"{_bold(PROG)} [{_bold('-C')} {_italic('PATH')}] [{_bold('--version')}] "
        f"[{_bold('-h')}|{_bold('--help')}]",
        f"{_bold(PROG)} [{_bold('-C')} {_italic('PATH')}] {_italic('COMMAND')} "
        f"[{_italic('OPTIONS')}] [{_italic('ARGS')}]",
        "",
    ]
    for name, command, parent in commands:
        ctx = command.make_context(name, [], parent=parent, resilient_parsing=True)
        usage = _synopsis_words(command.collect_usage_pieces(ctx))
        out.append(f"{_bold(f'{PROG} {name}')} {usage}")
    out.append(".fi")

    out.append(".SH DESCRIPTION")
    _emit_paragraphs(out, _paragraphs(cli.help))
    _emit_paragraphs(out, [
        "Each worktree has its own session ledger, a chain of commits on its own ref "
        f"under {SESSIONS_PREFIX}; {PROJECT_REF} holds the durable project record.  Every "
        "event (a task, a decision, a resolved question, an edit) is one commit whose tree "
        "is the complete current state, with one TOML blob per entry, so plain git reads "
        "it: git log on the ref is the history, git show REF:PATH prints an entry.  "
        "Nothing is written to the work tree.",
        "Entries have ids such as d-2m8rfzqmma: a letter for the kind the entry was born "
        "as (" + ", ".join(f"{letter} {kind}" for kind, letter in KIND_LETTERS.items())
        + ") and ten random base32 characters.  Any unique prefix names an entry, "
        "like an abbreviated commit id.",
        "Every write command prints the id of the entry it wrote, accepts --next TEXT to "
        "set NEXT in the same event, and is a compare-and-swap on the ledger ref: writers "
        "that race are retried and never lose an entry.  Every command accepts --json; the "
        "schemas are documented in docs/cli.md: keys may be added, never renamed or removed.",
    ])

    out.append(".SH OPTIONS")
    _emit_paragraphs(out, [
        "These options go before the command.  -C also works after it; --json, --next and "
        "--project are options of the commands that take them (see COMMANDS)."
    ])
    out.extend(_options(cli, root, skip_help=False))

    out.append(".SH COMMANDS")
    for name, command, parent in commands:
        ctx = command.make_context(name, [], parent=parent, resilient_parsing=True)
        usage = " ".join(command.collect_usage_pieces(ctx))
        out.append(f".SS {_quoted(f'{PROG} {name} {usage}')}")
        _emit_paragraphs(out, _paragraphs(command.help))
        out.extend(_options(command, ctx, skip_help=True))

    out.append(".SH TEXT")
    _emit_paragraphs(out, [
        f"One-line fields (TASK, NEXT, --scope, --over, --evidence, a PLAN path) take at "
        f"most {LINE_LIMIT} characters; free-text fields (an entry's text, --because, "
        f"--why, --by, --note) at most {TEXT_LIMIT}.  Text is stripped, must not be empty, "
        "must be UTF-8, and may contain no control characters other than tab and (in "
        "free text) newline.  A TEXT argument given as - is read from standard input.",
        "Text that looks like a credential (a private key block, a cloud or forge token, "
        "a JWT, a password=value assignment, a password in a URL) is refused: record that "
        "the credential was configured and where, never its value.",
    ])

    out.append(".SH ENVIRONMENT")
    out.extend([
        ".TP", _bold(SESSION_ENV),
        _line("The agent session that is writing.  Each write records it on the entry and "
              "in a Ledger-Session trailer; the first write made with it claims an unowned "
              "session ledger (a Ledger-Owner trailer)."),
        ".TP", _bold("GIT_AUTHOR_NAME") + ", " + _bold("GIT_AUTHOR_EMAIL") + ", "
        + _bold("GIT_AUTHOR_DATE") + ", " + _bold("GIT_COMMITTER_NAME") + ", "
        + _bold("GIT_COMMITTER_EMAIL") + ", " + _bold("GIT_COMMITTER_DATE") + ", "
        + _bold("EMAIL"),
        _line("Who writes and when, exactly as for git commit; otherwise user.name and "
              "user.email from git config."),
        ".TP", _bold("GIT_DIR"),
        _line("The repository to use when no -C is given, as for git."),
    ])

    out.append(".SH EXIT STATUS")
    out.extend([
        ".TP", "0", _line("Success, including a write that found nothing to change."),
        ".TP", "1",
        _line("A ledger error: not in a repository, a write in a bare one, no identity, "
              "text refused, "
              "unknown or ambiguous id, corrupt ledger, a ledger in a newer format, or "
              "show found unreadable entries (everything else is still printed)."),
        ".TP", "2", _line("A usage error: unknown command or option, missing argument, "
                          "invalid choice."),
        ".TP", "130", _line("Interrupted."),
    ])
    _emit_paragraphs(out, [
        f"Every error is one line on standard error, starting with \"{PROG}: \".  A failed "
        "command writes nothing."
    ])

    out.append(".SH FILES")
    out.extend([
        ".TP", _italic(SESSIONS_PREFIX + "<id>"),
        _line("A session ledger: one per worktree, named by ten random characters."),
        ".TP", _italic(PROJECT_REF),
        _line("The project ledger."),
        ".TP", _italic(f"$GIT_DIR/{POINTER_FILE}"),
        _line("One line in the worktree's own git dir naming its session ledger ref "
              f"(.git/{POINTER_FILE} in the main worktree, "
              f".git/worktrees/<name>/{POINTER_FILE} in a linked one)."),
        ".TP", _italic(f"{META_PATH}, {FOCUS_PATH}, {ENTRIES_DIR}/<c0>/<c1>/<id>.toml"),
        _line(f"The files of a ledger tree (format version {FORMAT_VERSION}), readable "
              "with git show REF:PATH."),
    ])

    out.append(".SH EXAMPLES")
    out.extend([".nf", ".RS 4", *(_line(line) for line in _EXAMPLE), ".RE", ".fi"])

    out.append(".SH SEE ALSO")
    out.extend([
        "\\fBgit\\fR(1), \\fBgit\\-log\\fR(1), \\fBgit\\-show\\fR(1), "
        "\\fBgit\\-for\\-each\\-ref\\fR(1), \\fBgit\\-worktree\\fR(1)",
        ".PP",
        _line("docs/cli.md (commands and JSON schemas) and docs/format.md (the on-git "
              "format) in the gitledger source distribution."),
    ])
    return "\n".join(out) + "\n"


_EXAMPLE = [
    "git ledger task 'Ship the OAuth callback with PKCE'",
    "git ledger open 'Does SSO need its own callback route?' --ask-user",
    "git ledger decide 'Use PKCE for the callback' --over 'implicit flow' \\",
    "    --because 'the SPA cannot keep a secret' --next 'Write the callback test'",
    "git ledger verify 'Callback rejects a missing verifier' --by 'pytest -k verifier'",
    "git ledger drop 'Token in localStorage' --why 'readable by any XSS'",
    "git ledger resolve o-11vw --as decided --text 'SSO gets its own route'",
    "git ledger show",
    "git ledger show --json",
    "git log --oneline $(cat \"$(git rev-parse --git-dir)/ledger\")",
]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gitledger.manpage [OUTPUT]``: write the page to OUTPUT or stdout."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 or (args and args[0] in {"-h", "--help"}):
        print("usage: python -m gitledger.manpage [OUTPUT]  (default: standard output)",
              file=sys.stderr)
        return 2
    page = render()
    if args:
        Path(args[0]).write_text(page, encoding="utf-8", newline="\n")
    else:
        sys.stdout.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
