"""Loading the code of an optional extra (``gitledger[web]``), or one clear error saying
which extra to install when its dependencies are missing."""

from __future__ import annotations

import importlib
from types import ModuleType

from gitledger.errors import MissingExtra

#: What each extra installs: a missing one of these means the extra is missing.
EXTRAS = {"web": ("starlette", "uvicorn", "jinja2", "markupsafe")}


def load_extra(module: str, extra: str, feature: str) -> ModuleType:
    """``module``, which needs ``extra``; MissingExtra naming ``feature`` without it."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in EXTRAS[extra]:
            raise
        raise MissingExtra(extra, feature) from None
