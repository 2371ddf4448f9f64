"""TOML encoding of ledger records: what ``git show <ref>:<path>`` prints.

Decoding is strict about types and lenient about unknown keys (kept in ``extra``, so an
older version loses nothing a newer one wrote), and memoised by content.
"""

from __future__ import annotations

import contextlib
import functools
import tomllib
from collections.abc import Callable
from dataclasses import MISSING, fields
from datetime import UTC, datetime
from typing import Any, TypeVar

import tomli_w

from gitledger.core.ids import is_valid_id
from gitledger.core.model import (
    KIND_FIELDS,
    KINDS,
    LEDGER_KINDS,
    Entry,
    Focus,
    LedgerMeta,
    source_id,
)
from gitledger.core.parsing import plain_toml_loads, toml_loads
from gitledger.errors import CorruptLedger

_ENTRY_ORDER = ("id", "kind", "text", "question")
_ENTRY_TAIL = ("created", "author", "session", "carried_from", "seq")
_STR_FIELDS = {"text", "question", "session", "status", "scope", "because", "supersedes",
               "superseded_by", "rejected_why", "deployed_env", "deployed_sha", "deployed_url",
               "deployed_result", "by", "commit", "why", "path", "note", "author",
               "carried_from"}
_TIME_FIELDS = {"deployed_at"}
_LIST_FIELDS = {"over", "evidence", "paths", "footprint"}

_ALL_KIND_FIELDS = {key for keys in KIND_FIELDS.values() for key in keys}
_OTHER_KINDS_FIELDS = {
    kind: _ALL_KIND_FIELDS - set(keys) for kind, keys in KIND_FIELDS.items()
}

T = TypeVar("T")

#: The keys an entry of each kind reads into its fields (the rest go to ``extra``).
_KNOWN = {kind: frozenset({f.name for f in fields(Entry)} - others - {"extra"})
          for kind, others in _OTHER_KINDS_FIELDS.items()}

#: How many decoded records a process keeps, by (blob, where): a few thousand small ones.
DECODED_CACHE_SIZE = 4096


def _memoised(decode: Callable[[bytes, str], T]) -> Callable[[bytes, str], T]:
    """``decode`` remembered for the bytes it is given (a failure is not remembered)."""
    remembered = functools.lru_cache(maxsize=DECODED_CACHE_SIZE)(decode)

    @functools.wraps(decode)
    def decode_once(blob: bytes, where: str) -> T:
        # A bytearray or memoryview cannot be a key; it is decoded each time.
        return remembered(blob, where) if type(blob) is bytes else decode(blob, where)

    return decode_once


def encode_entry(entry: Entry) -> bytes:
    data: dict[str, Any] = {}
    for key in (*_ENTRY_ORDER, *KIND_FIELDS[entry.kind], *_ENTRY_TAIL):
        value = getattr(entry, key)
        if key == "ask_user":
            data[key] = bool(value)
        elif value is None or value == ():
            continue
        elif isinstance(value, tuple):
            data[key] = list(value)
        else:
            data[key] = value
    data.update({k: v for k, v in entry.extra.items() if k not in data})
    return tomli_w.dumps(data).encode("utf-8")


@_memoised
def decode_entry(blob: bytes, where: str) -> Entry:
    data = _load(blob, where)
    entry_id = _take(data, "id", str, where)
    kind = _take(data, "kind", str, where)
    if not is_valid_id(entry_id):
        raise CorruptLedger(f"{where}: '{entry_id}' is not a valid entry id")
    if kind not in KINDS:
        raise CorruptLedger(f"{where}: unknown kind '{kind}'")
    values: dict[str, Any] = {
        "id": entry_id,
        "kind": kind,
        "text": _take(data, "text", str, where),
        "seq": _take(data, "seq", int, where),
        "created": _time(_take(data, "created", object, where), where, "created"),
        "author": _take(data, "author", str, where),
    }
    # A key that belongs to another kind (``why`` on a decision, written by hand) is kept
    # verbatim with the unknown keys, so that rewriting the entry does not drop it.
    known = _KNOWN[kind]
    for key in list(data):
        if key not in known:
            continue
        value = data.pop(key)
        if key in _LIST_FIELDS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise CorruptLedger(f"{where}: '{key}' must be a list of strings")
            values[key] = tuple(value)
        elif key == "ask_user":
            if not isinstance(value, bool):
                raise CorruptLedger(f"{where}: 'ask_user' must be true or false")
            values[key] = value
        elif key in _STR_FIELDS:
            if not isinstance(value, str):
                raise CorruptLedger(f"{where}: '{key}' must be a string")
            values[key] = value
        elif key in _TIME_FIELDS:
            values[key] = _time(value, where, key)
    return Entry(**values, extra=data)


def decode_entry_or_none(blob: bytes | None, where: str) -> Entry | None:
    """``decode_entry``, or None for no blob or one that cannot be read (an index's view)."""
    if blob is None:
        return None
    try:
        return decode_entry(blob, where)
    except CorruptLedger:
        return None


def encode_meta(meta: LedgerMeta) -> bytes:
    data: dict[str, Any] = {
        "format": meta.format,
        "id": meta.id,
        "kind": meta.kind,
        "created": meta.created,
        "created_by": meta.created_by,
    }
    if meta.session_id:
        data["session_id"] = meta.session_id
    if meta.continues:
        data["continues"] = list(meta.continues)
    data.update({k: v for k, v in meta.extra.items() if k not in data})
    return tomli_w.dumps(data).encode("utf-8")


@_memoised
def decode_meta(blob: bytes, where: str) -> LedgerMeta:
    data = _load(blob, where)
    kind = _take(data, "kind", str, where)
    if kind not in LEDGER_KINDS:
        raise CorruptLedger(f"{where}: unknown ledger kind '{kind}'")
    session = data.pop("session_id", None)
    if session is not None and not isinstance(session, str):
        raise CorruptLedger(f"{where}: 'session_id' must be a string")
    continues = data.pop("continues", [])
    if not isinstance(continues, list) or not all(isinstance(c, str) for c in continues):
        raise CorruptLedger(f"{where}: 'continues' must be a list of strings")
    return LedgerMeta(
        format=_take(data, "format", int, where),
        id=_take(data, "id", str, where),
        kind=kind,
        created=_time(_take(data, "created", object, where), where, "created"),
        created_by=_take(data, "created_by", str, where),
        session_id=session,
        continues=tuple(continues),
        extra=data,
    )


def encode_focus(focus: Focus) -> bytes:
    data: dict[str, Any] = {}
    if focus.task is not None:
        data["task"] = focus.task
    if focus.next is not None:
        data["next"] = focus.next
    data["seq"] = focus.seq
    data.update({k: v for k, v in focus.extra.items() if k not in data})
    return tomli_w.dumps(data).encode("utf-8")


@_memoised
def decode_focus(blob: bytes, where: str) -> Focus:
    data = _load(blob, where)
    task = data.pop("task", None)
    nxt = data.pop("next", None)
    if not isinstance(task, str | None) or not isinstance(nxt, str | None):
        raise CorruptLedger(f"{where}: 'task' and 'next' must be strings")
    return Focus(task=task, next=nxt, seq=_take(data, "seq", int, where), extra=data)


def entry_to_json(entry: Entry) -> dict[str, Any]:
    """The documented JSON shape of an entry (docs/cli.md, "JSON")."""
    out: dict[str, Any] = {"id": entry.id, "kind": entry.kind, "text": entry.text}
    for key in KIND_FIELDS[entry.kind]:
        value = getattr(entry, key)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, datetime):
            value = iso(value)
        out[key] = value
    out.update({
        "question": entry.question,
        "created": iso(entry.created),
        "author": entry.author,
        "session": entry.session,
        "carried_from": entry.carried_from,
        "seq": entry.seq,
        "source_id": source_id(entry),
    })
    return out


def cache_json(entry: Entry) -> dict[str, Any] | None:
    """An entry as a cache keeps it: ``entry_to_json`` with its unknown keys under
    ``extra``; None when one of those has no JSON form (a TOML date, say), so that the
    entry is decoded from its blob each time instead."""
    data = entry_to_json(entry)
    if entry.extra:
        if not _plain(entry.extra):
            return None
        data["extra"] = entry.extra
    return data


def _plain(value: object) -> bool:
    """Whether ``value`` comes back from JSON as it went in (no dates, no tuples)."""
    if isinstance(value, str | bool | int | float) or value is None:
        return True
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and _plain(item) for key, item in value.items())
    return False


def entry_from_json(data: dict[str, Any]) -> Entry:
    """The inverse of ``entry_to_json`` (and of ``cache_json``), for caches we wrote.

    Reading a big ledger builds thousands of entries from its cache, and a frozen
    dataclass's ``__init__`` sets each of its fields through ``object.__setattr__``: this
    fills the instance's dict in one step instead (the values are our own, already typed).
    """
    extra = data.get("extra")
    values = _DEFAULTS | data
    values.pop("source_id", None)  # derived: it is read from ``extra``
    if extra is not None:  # the keys this version does not know (``cache_json`` keeps them)
        if not isinstance(extra, dict):
            raise TypeError(f"'extra' must be a table, not {type(extra).__name__}")
        del values["extra"]
    if len(values) != len(_DEFAULTS):  # a key no entry has: not a cache we wrote
        raise KeyError(next(k for k in values if k not in _DEFAULTS))
    for key in _LIST_FIELDS:
        values[key] = tuple(values[key] or ())
    values["created"] = _from_iso(values["created"])
    for key in _TIME_FIELDS:
        if values[key] is not None:
            values[key] = _from_iso(values[key])
    if not isinstance(values["id"], str):
        raise KeyError("id")
    values["extra"] = dict(extra) if extra else {}
    entry = object.__new__(Entry)
    entry.__dict__.update(values)
    return entry


def _from_iso(text: object) -> datetime:
    if not isinstance(text, str):
        raise TypeError(f"a time must be a string, not {type(text).__name__}")
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


#: Every field of an entry but ``extra``, with its default (None for the required ones).
_DEFAULTS: dict[str, Any] = {
    f.name: None if f.default is MISSING else f.default for f in fields(Entry)
    if f.name != "extra"
}


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _load(blob: bytes, where: str) -> dict[str, Any]:
    try:
        text = blob.decode("utf-8")
        return plain_toml_loads(text) or toml_loads(text)
    except UnicodeDecodeError:
        raise CorruptLedger(f"{where}: not valid UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise CorruptLedger(f"{where}: not valid TOML ({exc})") from None


def _take(data: dict[str, Any], key: str, kind: type[T], where: str) -> T:
    if key not in data:
        raise CorruptLedger(f"{where}: missing '{key}'")
    value = data.pop(key)
    wrong_type = not isinstance(value, kind) or isinstance(value, bool) != (kind is bool)
    if kind is not object and wrong_type:
        raise CorruptLedger(f"{where}: '{key}' has the wrong type")
    return value  # type: ignore[no-any-return]


def _time(value: object, where: str, key: str) -> datetime:
    parsed: datetime | None = None
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str):
        with contextlib.suppress(ValueError):
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if parsed is None or parsed.tzinfo is None or not in_utc_range(parsed):
        raise CorruptLedger(f"{where}: '{key}' must be a date-time with an offset")
    return parsed


def in_utc_range(moment: datetime) -> bool:
    """Whether ``moment`` can be shown in UTC (year 1 at +05:00 cannot: it would be year 0)."""
    try:
        moment.astimezone(UTC)
    except OverflowError:
        return False
    return True
