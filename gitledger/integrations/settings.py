"""``git ledger config``: the git config keys gitledger reads, listed with their defaults
and what each does, read and set in git's own config (no file of ours).

The table is the one list of them: ``docs/cli.md`` and the command's help come from it
(``tests/test_docs.py`` holds the docs to it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from gitledger.core.display import printable
from gitledger.errors import InvalidInput
from gitledger.storage import git_config
from gitledger.storage.signatures import VERIFY_KEY

Where = str | os.PathLike[str] | None

_BOOLS = {"true", "yes", "on", "1", "false", "no", "off", "0"}


@dataclass(frozen=True)
class Setting:
    key: str
    #: What a value may be: ``bool``, ``colour`` (auto, always, never, or a bool) or
    #: ``pager`` (a bool, or a pager command).
    kind: str
    default: str
    help: str
    #: False: install writes it, for uninstall to read; set by hand it would lie.
    settable: bool = True
    #: The value in force while it is unset: a value, or the key whose value is (and
    #: ``value_default`` when that is unset too).  None: no value, as for ``git config``.
    value_default: str | None = None
    falls_back_to: str | None = None


SETTINGS: tuple[Setting, ...] = (
    Setting(VERIFY_KEY, "bool", "false",
            "pull (and the pull inside push) quarantines fetched ledgers whose new commits "
            "fail git's signature check, as pull --verify-signatures does", value_default="false"),
    Setting("color.ledger", "colour", "color.ui, else auto",
            "colour on a terminal: auto, always or never (true is auto, false never); "
            "never in a pipe", value_default="auto", falls_back_to="color.ui"),
    Setting("pager.ledger", "pager", "show, log, review, why and tour --verbose paged",
            "true pages every command, false none, a command pages every command "
            "through it (as git's pager.<cmd>)"),
    Setting("ledger.setRewriteMode", "bool", "unset",
            "written by install: notes.rewriteMode is its own, for uninstall to remove",
            settable=False),
    Setting("ledger.setRewriteRef", "bool", "unset",
            "written by install: its git hooks were installed here, wherever they went "
            "since", settable=False),
)
BY_KEY = {s.key.lower(): s for s in SETTINGS}


@dataclass(frozen=True)
class Value:
    setting: Setting
    #: The value git reads (None: unset, the default applies), and where it comes from.
    value: str | None
    scope: str | None
    #: The value in force: ``value``, or what applies while it is unset (None: nothing).
    effective: str | None = None


@dataclass(frozen=True)
class ConfigResult:
    values: tuple[Value, ...]
    #: ``set`` or ``unset`` when the call changed a key, at ``scope``.
    changed: str | None = None
    scope: str | None = None


def setting(key: str) -> Setting:
    found = BY_KEY.get(key.lower())
    if found is None:
        raise InvalidInput(f"{printable(key)} is not a setting of git ledger: "
                           f"git ledger config lists them ({', '.join(BY_KEY_NAMES)})")
    return found


BY_KEY_NAMES = tuple(s.key for s in SETTINGS)


def _value(where: Where, item: Setting) -> Value:
    found = git_config.read(where, item.key)
    if found is not None:
        return Value(item, found.value, found.scope, found.value)
    instead = git_config.read(where, item.falls_back_to) if item.falls_back_to else None
    return Value(item, None, None, instead.value if instead else item.value_default)


def check_value(item: Setting, value: str) -> str:
    """``value`` as git will read it, or a one-line refusal."""
    lowered = value.strip().lower()
    if item.kind == "bool" and lowered not in _BOOLS:
        raise InvalidInput(f"{item.key} is true or false, not {printable(value)!r}")
    if item.kind == "colour" and lowered not in _BOOLS | {"auto", "always", "never"}:
        raise InvalidInput(f"{item.key} is auto, always or never (or true, false), not "
                           f"{printable(value)!r}")
    if item.kind == "pager" and not value.strip():
        raise InvalidInput(f"{item.key} is true, false or a pager command, not empty")
    return value


def config(where: Where, key: str | None = None, value: str | None = None, *,
           scope: str | None = None, unset: bool = False) -> ConfigResult:
    """``config``: every setting (no key), one (``key``), or one set (``value``) or unset
    at ``scope`` (``local`` unless ``global``)."""
    if key is None:
        if value is not None or unset or scope is not None:
            raise InvalidInput("give the KEY to set or unset: git ledger config KEY VALUE")
        return ConfigResult(tuple(_value(where, item) for item in SETTINGS))
    item = setting(key)
    if value is None and not unset:
        if scope is not None:
            raise InvalidInput(f"--{scope} applies to setting a value: git ledger config "
                               f"--{scope} {item.key} VALUE")
        return ConfigResult((_value(where, item),))
    if value is not None and unset:
        raise InvalidInput("--unset takes no VALUE")
    if not item.settable:
        raise InvalidInput(f"{item.key} is written by git ledger install and uninstall, "
                           "not by hand")
    level = scope or "local"
    git_config.write(where, item.key, None if unset else check_value(item, value or ""), level)
    return ConfigResult((_value(where, item),), "unset" if unset else "set", level)


def config_json(result: ConfigResult) -> dict[str, Any]:
    settings = [{"key": v.setting.key, "value": v.value, "scope": v.scope,
                 "effective": v.effective,
                 "default": v.setting.default, "settable": v.setting.settable,
                 "help": v.setting.help} for v in result.values]
    return {"settings": settings, "changed": result.changed, "scope": result.scope}


def config_text(result: ConfigResult, *, one: bool = False) -> str:
    if one and result.changed is None:
        return printable(result.values[0].effective or "")
    if result.changed is not None:
        value = result.values[0]
        now = (f"{printable(value.value)} (from {value.scope})" if value.value is not None
               else f"unset: {value.setting.default}")
        return f"{result.changed} {value.setting.key} in the {result.scope} config; now {now}"
    width = max(len(v.setting.key) for v in result.values)
    lines = []
    for value in result.values:
        shown = (f"{printable(value.value)}  ({value.scope})" if value.value is not None
                 else f"(default: {value.setting.default})")
        lines.append(f"{value.setting.key:<{width}}  {shown}")
        lines.append(f"{'':<{width}}  {value.setting.help}")
    lines.append("set one: git ledger config [--global] KEY VALUE (the local config unless "
                 "--global); --unset KEY takes it out")
    return "\n".join(lines)


__all__ = ["BY_KEY", "SETTINGS", "ConfigResult", "Setting", "Value", "check_value", "config",
           "config_json", "config_text", "setting"]
