"""``decide``, the write an agent makes most: its options as a plain command line spells
them (``decide.py`` declares the same to click; a test holds the two equal) and the one
library call with its rendering, which the click ``decide`` and the executable's fast
path both run."""

from __future__ import annotations

import os
from typing import Any

from gitledger.commands.plain import Fast, Printed, Shape, document, warnings

#: ``decide``'s options: the parameter each sets, and how (``plain.HOW``).
OPTIONS: dict[str, tuple[str, str]] = {
    "--over": ("over", "many"),
    "--because": ("because", "one"),
    "--scope": ("scope", "one"),
    "--supersedes": ("supersedes", "one"),
    "--proposed": ("proposed", "flag"),
    "--evidence": ("evidence", "many"),
    "--paths": ("paths", "many"),
    "--next": ("next_text", "one"),
    "--project": ("project", "flag"),
    "--json": ("as_json", "flag"),
}

SHAPE = Shape(("decide",), OPTIONS, argument="text")


def decide(params: dict[str, Any], where: str | os.PathLike[str] | None = None) -> Printed:
    """Add the decision ``params`` describe to the ledger (``Ledger.decide``) and render
    what was written, text or ``--json``, with its warnings."""
    from gitledger.ledger.operations import Ledger
    from gitledger.views.render import write_json, write_text

    result = Ledger.open(where, project=params["project"]).decide(
        params["text"], over=params["over"], because=params["because"],
        scope=params["scope"], supersedes=params["supersedes"],
        proposed=params["proposed"], evidence=params["evidence"], paths=params["paths"],
        next_text=params["next_text"],
    )
    out = document(write_json(result)) if params["as_json"] else write_text(result, "")
    return Printed(out, warnings(result.warnings))


FAST = Fast(SHAPE, lambda params, _key: decide(params))

__all__ = ["FAST", "OPTIONS", "SHAPE", "decide"]
