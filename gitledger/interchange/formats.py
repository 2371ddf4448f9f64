"""The export and import formats: one table, read by the CLI, the importer and the docs test.

Adding a format is one entry here and its section in docs/cli.md.  ``cli.py`` builds
``--format`` from this table at start, so nothing heavy is imported at the top: each
adapter imports its format's code when it runs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from gitledger.core.display import printable
from gitledger.core.extras import load_extra
from gitledger.errors import InvalidInput

if TYPE_CHECKING:
    from gitledger.core.model import Snapshot
    from gitledger.interchange.atif import Reading
    from gitledger.interchange.records import Parsed

Where = str | os.PathLike[str] | None


class Exporter(Protocol):
    def __call__(self, where: Where, *, project: bool, name: str | None) -> str: ...


class Exported(NamedTuple):
    """An export's text, and the warnings to show beside it (one line each)."""

    text: str
    warnings: tuple[str, ...] = ()


#: A session export: the saved transcript of a session id (or a unique prefix of one).
SessionExporter = Callable[[Where, str], Exported]


#: An import format's parser: the file's text and the ids the ledger already knows.
Parser = Callable[[str, Collection[str]], "Parsed"]


class Format(NamedTuple):
    """One format.  A NamedTuple, not a frozen dataclass: ``dataclasses`` (and ``json``,
    imported by the adapters that need it) would be loaded at every start otherwise."""

    name: str
    help: str
    export: Exporter | None = None
    parse: Parser | None = None
    #: Import: the file-name endings that mean this format when ``--format`` is not given.
    suffixes: tuple[str, ...] = ()
    #: Export of a saved session (``--session ID``).
    session: SessionExporter | None = None
    #: A site written into a directory (``-o DIR``), by code above this layer: named
    #: ``module:function`` and loaded when used (``export_site``), never imported here.
    site: str | None = None

    @property
    def directions(self) -> tuple[str, ...]:
        return ((("export",) if self.export or self.session or self.site else ())
                + (("import",) if self.parse else ()))


# -- the adapters: each format's code, loaded when the format is used ------------------------


def _snapshot(where: Where, project: bool, name: str | None) -> Snapshot:
    from gitledger.ledger.operations import Ledger

    return Ledger.open(where, project=project, name=name, session="").snapshot()


def _md(where: Where, *, project: bool, name: str | None) -> str:
    from gitledger.interchange.export import living_page

    return living_page(where, project=project, name=name)


def _json(where: Where, *, project: bool, name: str | None) -> str:
    import json

    from gitledger.interchange.export import ledger_document
    from gitledger.ledger import gate

    return json.dumps(gate.document(ledger_document(where, project=project, name=name)),
                      indent=2, ensure_ascii=False) + "\n"


def _session_md(where: Where, *, project: bool, name: str | None) -> str:
    from gitledger.interchange.export import authorship
    from gitledger.interchange.session_md import export_session_md
    from gitledger.ledger.operations import Ledger

    ledger = Ledger.open(where, project=project, name=name, session="")
    snapshot = ledger.snapshot()
    return export_session_md(snapshot, authorship(ledger, snapshot)[0])


def _jsonl(where: Where, *, project: bool, name: str | None) -> str:
    from gitledger.interchange.jsonl import export_jsonl

    return export_jsonl(_snapshot(where, project, name))


def _saved_session(where: Where, session_id: str) -> tuple[str, Reading]:
    from gitledger.interchange.dialects import read_transcript
    from gitledger.interchange.transcripts import load_saved

    saved = load_saved(where, session_id)  # a unique prefix is enough, as everywhere
    return saved.session_id, read_transcript(saved.data, saved.session_id)


def _warnings(reading: Reading) -> tuple[str, ...]:
    warning = reading.warning()
    return (warning,) if warning else ()


def _session_document(where: Where, session_id: str) -> Exported:
    from gitledger.interchange.session_document import session_context, session_markdown

    full, reading = _saved_session(where, session_id)
    return Exported(session_markdown(reading, session_context(where, full, reading)),
                    _warnings(reading))


def _atif(where: Where, session_id: str) -> Exported:
    from gitledger.interchange.atif import to_json, validate

    _, reading = _saved_session(where, session_id)
    problems = validate(reading.trajectory)
    if problems:
        raise InvalidInput(f"the ATIF trajectory would not be valid: {problems[0]}"
                           + (f" (and {len(problems) - 1} more)" if len(problems) > 1
                              else ""))
    return Exported(to_json(reading.trajectory), _warnings(reading))


def _parse_session_md(text: str, known: Collection[str]) -> Parsed:
    from gitledger.interchange.session_md import parse_session_md

    return parse_session_md(text)  # no ids in this layout: nothing to link to


def _parse_jsonl(text: str, known: Collection[str]) -> Parsed:
    from gitledger.interchange.jsonl import parse_jsonl

    return parse_jsonl(text, known=known)


# -- the table --------------------------------------------------------------------------------

#: Every format, in the order the help lists them.
FORMATS: tuple[Format, ...] = (
    Format("md", "the living page (with --session ID: that saved session as one document)",
           export=_md, session=_session_document),
    Format("json", "the whole ledger with history", export=_json),
    Format("session-md", "the first seed's .claude/session-ledger.md", export=_session_md,
           parse=_parse_session_md, suffixes=(".md", ".markdown")),
    Format("jsonl", "the second seed's decisions/ledger.jsonl", export=_jsonl,
           parse=_parse_jsonl, suffixes=(".jsonl",)),
    Format("atif", "a saved session (--session ID) as an ATIF v1.8 trajectory", session=_atif),
    Format("html", "the pages of git ledger serve as a static site (-o DIR; needs the web "
           "extra)", site="gitledger.web.static_site:export_site"),
)
EXPORTS = tuple(f for f in FORMATS
                if f.export is not None or f.session is not None or f.site is not None)
IMPORTS = tuple(f for f in FORMATS if f.parse is not None)
EXPORT_FORMATS = tuple(f.name for f in EXPORTS)
IMPORT_FORMATS = tuple(f.name for f in IMPORTS)


def option_help(direction: str) -> str:
    """``--format``'s help for ``export`` or ``import``: each format with its clause."""
    if direction == "export":
        return "; ".join(f"{f.name}: {f.help}" for f in EXPORTS) + "."
    guessed = ", ".join(f"{f.suffixes[0]} is {f.name}" for f in IMPORTS)
    return f"The file's format (default: from its name: {guessed})."


def importer(name: str) -> Parser:
    """The parser of the import format ``name``."""
    for known in IMPORTS:
        if known.name == name and known.parse is not None:
            return known.parse
    raise InvalidInput(f"unknown import format '{name}': use {' or '.join(IMPORT_FORMATS)}")


class SiteWriter(Protocol):
    def __call__(self, where: Where, out: str, *, force: bool) -> Any: ...


def writes_directory(fmt: str) -> bool:
    """Whether format ``fmt`` is a site written into a directory (``-o DIR``)."""
    return any(f.name == fmt and f.site is not None for f in EXPORTS)


def site_writer(fmt: str) -> SiteWriter | None:
    """The function that writes format ``fmt`` as a directory, or None when ``fmt`` is a
    text export.  InvalidInput (one line) when its extra is not installed."""
    chosen = next((f for f in EXPORTS if f.name == fmt), None)
    if chosen is None or chosen.site is None:
        return None
    module, _, function = chosen.site.partition(":")
    writer: SiteWriter = getattr(load_extra(module, "web", f"--format {fmt}"), function)
    return writer


def export_as(where: Where, fmt: str, *, project: bool = False, name: str | None = None,
              session_id: str | None = None) -> Exported:
    """The export in format ``fmt`` (UTF-8 text ending with a newline), and its warnings."""
    chosen = next((f for f in EXPORTS if f.name == fmt), None)
    if chosen is None:
        raise InvalidInput(f"unknown export format '{fmt}': use {', '.join(EXPORT_FORMATS)}")
    if chosen.site is not None:
        raise InvalidInput(f"--format {fmt} writes a directory: give -o DIR")
    if session_id is not None:
        if chosen.session is None:
            takes = " or ".join(f.name for f in EXPORTS if f.session is not None)
            raise InvalidInput(f"--session goes with --format {takes} only")
        if project or name:
            raise InvalidInput(f"--format {fmt} --session exports a saved transcript, not a "
                               "ledger: it takes neither --project nor --ledger")
        exported = chosen.session(where, session_id)
    elif chosen.export is None:
        raise InvalidInput(f"--format {fmt} needs --session ID: a transcript saved by git "
                           "ledger transcript save or the agent hooks (git ledger "
                           "transcript list shows them)")
    else:
        exported = Exported(chosen.export(where, project=project, name=name))
    # Shown like every output of ours (core/display.py): a teammate's blob, or a transcript,
    # can hold characters nobody reading the export would see, and the export is read.
    text = printable(exported.text)
    return Exported(text if text.endswith("\n") or not text else text + "\n",
                    tuple(printable(w) for w in exported.warnings))


__all__ = [
    "EXPORTS",
    "EXPORT_FORMATS",
    "FORMATS",
    "IMPORTS",
    "IMPORT_FORMATS",
    "Exported",
    "Exporter",
    "Format",
    "Parser",
    "SessionExporter",
    "SiteWriter",
    "export_as",
    "importer",
    "option_help",
    "site_writer",
    "writes_directory",
]
