"""The second seed's Decision Ledger, ``decisions/ledger.jsonl``: export and parse.

One JSON record a line.  Ids survive a round trip: a foreign id is kept in the entry's
``source_id``, and the seed's deploy evidence maps to and from the entry's receipt.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from gitledger.core.codec import iso
from gitledger.core.model import STATUSES, Entry, Snapshot
from gitledger.core.parsing import json_loads
from gitledger.core.text import LINE_LIMIT, clean_line, clean_text
from gitledger.errors import InvalidInput
from gitledger.interchange.records import (
    SOURCE_SUPERSEDES_KEY,
    Parsed,
    Problem,
    Record,
    export_id,
    parse_time,
    short,
)
from gitledger.ledger import gate
from gitledger.ledger.rules import is_log_url

#: A Decision Ledger record's keys, in the order export writes them.
JSONL_KEYS = ("id", "scope", "status", "decision", "rejected", "reason", "evidence",
              "supersedes", "deployed_at")
JSONL_REQUIRED = ("id", "status", "decision")
ID_LIMIT = 200
#: A deploy receipt written as evidence, the second seed's way: ``deploy:<env>:<log url>``.
RECEIPT_PREFIX = "deploy:"
#: The longest environment name a receipt takes (as ``git ledger deploy --env``).
ENV_LIMIT = 100


def export_jsonl(snapshot: Snapshot) -> str:
    """The second seed's ``decisions/ledger.jsonl``: one decision a line, in ledger order."""
    decisions = snapshot.of_kind("decided")
    ids = {e.id: export_id(e) for e in decisions}
    # A teammate's blob is not held to our writes' rules: the gate escapes what it holds.
    return "".join(json.dumps(gate.document(decision_record(entry, ids)), ensure_ascii=False,
                              separators=(",", ":")) + "\n" for entry in decisions)


def decision_record(entry: Entry, ids: Mapping[str, str]) -> dict[str, Any]:
    """An entry as a Decision Ledger record; ``ids`` maps entry ids to exported ids."""
    kept = entry.extra.get(SOURCE_SUPERSEDES_KEY)
    if entry.supersedes:
        supersedes = [ids.get(entry.supersedes, entry.supersedes)]
    else:
        supersedes = [kept] if isinstance(kept, str) and kept else []
    return {
        "id": ids.get(entry.id, export_id(entry)),
        "scope": entry.scope,
        "status": entry.status,
        "decision": entry.text,
        "rejected": list(entry.over),
        "reason": entry.because if entry.because is not None else entry.rejected_why,
        "evidence": [*entry.evidence, *_receipt_evidence(entry)],
        "supersedes": supersedes,
        "deployed_at": iso(entry.deployed_at) if entry.deployed_at else None,
    }


def _receipt_evidence(entry: Entry) -> list[str]:
    """A deployed decision's receipt as the seed writes it, unless its evidence has one."""
    if (entry.status != "deployed" or not entry.deployed_env or not entry.deployed_url
            or any(item.startswith(RECEIPT_PREFIX) for item in entry.evidence)):
        return []
    return [f"{RECEIPT_PREFIX}{entry.deployed_env}:{entry.deployed_url}"]


def receipt_fields(status: str, evidence: tuple[str, ...], when: datetime | None,
                   ) -> dict[str, Any]:
    """The receipt a record in the seed's form carries: none unless it is deployed; the
    environment and log URL of its last well-formed ``deploy:`` evidence, the commit of its
    last ``git:`` evidence, and result ``success`` when it has ``deployed_at``.  What it
    lacks stays empty, for ``check`` to name."""
    if status != "deployed":
        return {}
    out: dict[str, Any] = {}
    shas = [item[4:].strip() for item in evidence if item.startswith("git:") and item[4:].strip()]
    if shas:
        out["deployed_sha"] = shas[-1]
    if when is not None:
        out["deployed_result"] = "success"
    for item in reversed(evidence):
        if not item.startswith(RECEIPT_PREFIX):
            continue
        env, sep, url = item.removeprefix(RECEIPT_PREFIX).partition(":")
        if sep and env.strip() and len(env.strip()) <= ENV_LIMIT and is_log_url(url):
            out.update(deployed_env=env.strip(), deployed_url=url)
            break
    return out


def record_as_jsonl(record: Record) -> dict[str, Any]:
    """A parsed record as ``decision_record`` writes it (its supersedes as the file gives it)."""
    fields = record.fields
    when = fields.get("deployed_at")
    return {
        "id": record.source_id,
        "scope": fields.get("scope"),
        "status": fields.get("status"),
        "decision": record.text,
        "rejected": list(fields.get("over", ())),
        "reason": fields.get("because"),
        "evidence": list(fields.get("evidence", ())),
        "supersedes": [fields["supersedes"]] if fields.get("supersedes") else [],
        "deployed_at": iso(when) if isinstance(when, datetime) else None,
    }


def parse_jsonl(text: str, known: Collection[str] = ()) -> Parsed:
    """Read the second seed's Decision Ledger; every line that cannot be imported is a Problem.

    ``known`` are ids that exist outside the file (the target ledger's ids and source ids):
    a record may supersede one of those as well as one of the file's own.
    """
    records: list[Record] = []
    problems: list[Problem] = []
    first: dict[str, int] = {}
    invalid: dict[str, int] = {}  # the ids of invalid lines, where they can be read
    for number, raw in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if not raw.strip():
            continue
        try:
            record = _jsonl_record(number, raw)
        except InvalidInput as exc:
            problems.append(Problem(number, str(exc)))
            invalid.setdefault(_id_of(raw) or "", number)
            continue
        assert record.source_id is not None
        if record.source_id in first:
            problems.append(Problem(number, f"duplicate id '{record.source_id}' (first on "
                                    f"line {first[record.source_id]})"))
            continue
        first[record.source_id] = number
        records.append(record)
    # A link must land on a record that is imported or already there; dropping an invalid
    # record can strand the records that supersede it, so repeat until nothing changes.
    # A link to an id the file never gives (the seed's own example supersedes a record
    # it does not show) is source data: kept as written, with a warning, not followed.
    valid = list(records)
    warnings: dict[int, Problem] = {}
    while True:
        ids = {r.source_id for r in valid} | set(known)
        claimed: dict[str, int] = {}
        kept: list[Record] = []
        for record in valid:
            target = record.fields.get("supersedes")
            line = (first.get(target) or invalid.get(target)) if target is not None else None
            if target is not None and target not in ids and line:
                problems.append(Problem(record.line, f"supersedes '{target}', which is on "
                                        f"line {line}, which is invalid"))
            elif target is not None and target in claimed:
                problems.append(Problem(record.line, f"'{target}' is already superseded by "
                                        f"line {claimed[target]}"))
            else:
                if target is not None:
                    claimed[target] = record.line
                if target is not None and target not in ids:
                    warnings[record.line] = Problem(
                        record.line, f"'{record.source_id}' supersedes '{short(target)}', "
                        "which is neither in this file nor in the ledger; the link is kept "
                        "as written and not followed")
                kept.append(record)
        if len(kept) == len(valid):
            break
        valid = kept
    problems.sort(key=lambda p: p.line)
    lines = {r.line for r in valid}
    return Parsed("jsonl", tuple(valid), tuple(problems),
                  warnings=tuple(w for n, w in sorted(warnings.items()) if n in lines))


def _jsonl_record(number: int, raw: str) -> Record:
    try:
        data = json_loads(raw, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict):
        raise InvalidInput(f"a record must be a JSON object, not {_json_type(data)}")
    unknown = [key for key in data if key not in JSONL_KEYS]
    if unknown:
        raise InvalidInput(f"unknown key '{short(unknown[0])}' (a record has "
                           f"{', '.join(JSONL_KEYS)})")
    for key in JSONL_REQUIRED:
        if key not in data:
            raise InvalidInput(f"missing required key '{key}'")
    source_id = clean_line(_string(data, "id"), "id", ID_LIMIT)
    status = _string(data, "status")
    if status not in STATUSES:
        raise InvalidInput(f"unknown status '{short(status)}' (use {', '.join(STATUSES)})")
    decision = clean_text(_string(data, "decision"), "decision")
    scope = _optional_string(data, "scope")
    reason = _optional_string(data, "reason")
    supersedes = _strings(data, "supersedes")
    if len(supersedes) > 1:
        raise InvalidInput(f"supersedes {len(supersedes)} decisions; gitledger links a "
                           "decision to the one it replaces (split the scope, one each)")
    target = clean_line(supersedes[0], "supersedes", ID_LIMIT) if supersedes else None
    if target == source_id:
        raise InvalidInput(f"'{source_id}' supersedes itself")
    deployed_at = data.get("deployed_at")
    when: datetime | None = None
    if deployed_at is not None:
        when = parse_time(deployed_at) if isinstance(deployed_at, str) else None
        if when is None:
            raise InvalidInput("'deployed_at' must be an ISO 8601 time with an offset "
                               "(like 2026-11-30T12:00:00Z) or null")
    because = clean_text(reason, "reason") if reason is not None else None
    evidence = tuple(clean_line(v, "evidence", LINE_LIMIT) for v in _strings(data, "evidence"))
    fields: dict[str, Any] = {
        "status": status,
        "scope": clean_line(scope, "scope") if scope is not None else None,
        "over": tuple(clean_line(v, "rejected", LINE_LIMIT) for v in _strings(data, "rejected")),
        "because": because,
        "evidence": evidence,
        "supersedes": target,
        "deployed_at": when,
        "rejected_why": because if status == "rejected" else None,
        **receipt_fields(status, evidence, when),
    }
    return Record(number, "decided", decision, fields, source_id)


def _id_of(raw: str) -> str | None:
    """The string ``id`` of a line that failed, when it is a JSON object at all."""
    try:
        data = json_loads(raw)
    except json.JSONDecodeError:
        return None
    value = data.get("id") if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InvalidInput(f"the key '{short(key)}' appears twice")
        out[key] = value
    return out


def _string(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise InvalidInput(f"'{key}' must be a string, not {_json_type(value)}")
    return value


def _optional_string(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise InvalidInput(f"'{key}' must be a string or null, not {_json_type(value)}")
    return value


def _strings(data: dict[str, Any], key: str) -> list[str]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidInput(f"'{key}' must be a list of strings, not {_json_type(value)}"
                           if not isinstance(value, list)
                           else f"'{key}' must be a list of strings (it holds "
                           f"{_json_type(next(v for v in value if not isinstance(v, str)))})")
    return value


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


__all__ = [
    "ID_LIMIT",
    "JSONL_KEYS",
    "JSONL_REQUIRED",
    "RECEIPT_PREFIX",
    "decision_record",
    "export_jsonl",
    "parse_jsonl",
    "receipt_fields",
    "record_as_jsonl",
]
