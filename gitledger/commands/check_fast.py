"""``check``, run after every pull and before every push: its flags as a plain command
line spells them, the one library call with its rendering and exit status, and the report
saved with the key of what it read (``derived/check_output.py``: every ref, HEAD, the
pointer, read with the git CLI), served while that key holds without libgit2."""

from __future__ import annotations

import os
from typing import Any

from gitledger.commands.plain import Fast, Printed, Shape, document

SHAPE = Shape(("check",), {"--json": ("as_json", "flag"), "--project": ("project", "flag")})
#: The flags a saved report is looked up by, and the parameter each sets; any other
#: option (``--hook``, ``--ledger``, ``-C``) goes through click.
FLAGS: dict[str, str] = {spelling: param for spelling, (param, _) in SHAPE.options.items()}


def check(params: dict[str, Any], key: Any, where: str | os.PathLike[str] | None = None,
          *, name: str | None = None) -> Printed:
    """The report of ``check`` (``check_command.check``), text or ``--json``, exit 1 when it
    holds an error; saved under ``key`` (read before the check) once printed, when it
    depends on nothing but the refs."""
    from gitledger.audit.check import holds_while_refs_do, report_json, report_text
    from gitledger.audit.check_command import check as check_ledgers
    from gitledger.derived import check_output

    report = check_ledgers(where, project=params["project"], name=name)
    out = document(report_json(report)) if params["as_json"] else report_text(report)
    code = 1 if report.errors else 0

    def save() -> None:
        check_output.save(key, check_output.current_key(where),
                          check_output.request(as_json=params["as_json"],
                                               project=params["project"]),
                          check_output.Printed(out, code))

    keep = key is not None and holds_while_refs_do(report)
    return Printed(for_a_person(out, as_json=params["as_json"]), code=code,
                   then=save if keep else None)


def for_a_person(report: str, *, as_json: bool) -> str:
    """check's text coloured on a terminal (``audit/check_paint.py`` paints, as the
    terminal allows); the report saved stays plain."""
    if as_json:
        return report
    from gitledger.audit.check_paint import painted_report

    return painted_report(report)


def _serve(params: dict[str, Any]) -> tuple[Any, Printed | None]:
    from gitledger.derived import check_output

    key = check_output.current_key(None)
    found = check_output.load(key, check_output.request(
        as_json=params["as_json"], project=params["project"])) if key is not None else None
    if not params["as_json"]:
        from gitledger.terminal import start_colour

        start_colour(None)  # as the click group decides it, before anything is painted
    return key, (Printed(for_a_person(found.text, as_json=params["as_json"]), code=found.code)
                 if found is not None else None)


FAST = Fast(SHAPE, check, serve=_serve, utf8=True)

__all__ = ["FAST", "FLAGS", "SHAPE", "check"]
