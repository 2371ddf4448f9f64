"""Interchange: what each ``export`` format is made from, in one place.

``md`` (the living page) and ``json`` (the whole ledger with history) come from
``export``; ``session-md`` and ``jsonl`` (the first and second seeds' own files) from
``seedformats``; ``atif`` (an agent trajectory) from a transcript saved by ``transcripts``,
converted and validated by ``atif``.  ``import`` is ``seedformats.import_file``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gitledger.errors import InvalidInput

#: The formats ``export`` writes, in the order the help lists them.
EXPORT_FORMATS = ("md", "json", "session-md", "jsonl", "atif")
#: The formats ``import`` reads: the seeds' own.
IMPORT_FORMATS = ("session-md", "jsonl")


def export_as(
    where: str | os.PathLike[str] | None, fmt: str, *, project: bool = False,
    name: str | None = None, session_id: str | None = None,
) -> str:
    """The text of the export in format ``fmt`` (UTF-8, ending with a newline)."""
    if fmt not in EXPORT_FORMATS:
        raise InvalidInput(f"unknown export format '{fmt}': use {', '.join(EXPORT_FORMATS)}")
    if fmt == "atif":
        if project or name:
            raise InvalidInput("--format atif exports a saved transcript (--session ID), "
                               "not a ledger: it takes neither --project nor --ledger")
        if not session_id:
            raise InvalidInput("--format atif needs --session ID: a transcript saved by git "
                               "ledger transcript save (git ledger transcript list shows them)")
        from gitledger.interchange.atif import from_claude_transcript, validate
        from gitledger.interchange.transcripts import list_transcripts, load

        data = load(where, session_id)  # a unique prefix is enough, as everywhere
        full = [t.session_id for t in list_transcripts(where)
                if t.session_id == session_id] or [
            t.session_id for t in list_transcripts(where) if t.session_id.startswith(session_id)]
        document = from_claude_transcript(data, session_id=full[0] if len(full) == 1 else None)
        problems = validate(document)
        if problems:
            raise InvalidInput(f"the ATIF trajectory would not be valid: {problems[0]}"
                               + (f" (and {len(problems) - 1} more)" if len(problems) > 1
                                  else ""))
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if session_id is not None:
        raise InvalidInput("--session goes with --format atif only")
    if fmt == "md":
        from gitledger.interchange.export import living_page

        return _ended(living_page(where, project=project, name=name))
    if fmt == "json":
        from gitledger.interchange.export import ledger_document

        return json.dumps(ledger_document(where, project=project, name=name), indent=2,
                          ensure_ascii=False) + "\n"
    from gitledger.interchange.seedformats import export_jsonl, export_session_md
    from gitledger.ledger.operations import Ledger

    snapshot = Ledger.open(where, project=project, name=name, session="").snapshot()
    return _ended(export_session_md(snapshot) if fmt == "session-md" else export_jsonl(snapshot))


def _ended(text: str) -> str:
    return text if text.endswith("\n") or not text else text + "\n"


def write_export(where: str | os.PathLike[str] | None, path: str | os.PathLike[str],
                 text: str, *, force: bool = False) -> Path:
    """``export -o PATH``: write ``text`` atomically, never into the repository's git
    directories (a file there would be taken for a ref, or replace ``HEAD``)."""
    from gitledger.interchange.export import write_output
    from gitledger.storage.repo import Repo

    repo = Repo(where)
    return write_output(path, text, force=force, refuse_inside=(repo.gitdir, repo.commondir))
