"""TOML encoding of entries, ledger metadata and focus: round trips, strictness, JSON shape."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
import tomli_w

from gitledger.core.codec import (
    decode_entry,
    decode_focus,
    decode_meta,
    encode_entry,
    encode_focus,
    encode_meta,
    entry_to_json,
    iso,
)
from gitledger.core.model import KIND_FIELDS, KINDS, Entry, Focus, LedgerMeta
from gitledger.errors import CorruptLedger, LedgerError

WHEN = datetime(2026, 11, 30, 12, 0, 0, tzinfo=timezone(timedelta(hours=2)))
AUTHOR = "Ada Tester <ada@example.com>"


def _entry(kind: str, **fields: Any) -> Entry:
    base: dict[str, Any] = {
        "id": {"open": "o", "decided": "d", "verified": "v", "dropped": "x",
               "plan": "p"}[kind] + "-4f7k2m9xq1",
        "kind": kind,
        "text": f"a {kind} entry",
        "seq": 3,
        "created": WHEN,
        "author": AUTHOR,
    }
    base.update(fields)
    return Entry(**base)


FULL_ENTRIES = [
    _entry("open", ask_user=True, session="sess-1"),
    _entry("open"),
    _entry("decided", status="accepted", scope="auth/callback",
           over=("implicit flow", "client secret in the SPA"),
           because="the SPA cannot keep a secret\nand PKCE binds the code",
           evidence=("git:0123456789abcdef0123456789abcdef01234567", "test:test_callback"),
           supersedes="d-0000000000", superseded_by="d-zzzzzzzzzz", session="sess-2"),
    _entry("decided", status="proposed"),
    _entry("verified", by="pytest -q tests/test_auth.py",
           commit="0123456789abcdef0123456789abcdef01234567"),
    _entry("verified", by="curl -sI https://example.com", commit=None),
    _entry("dropped", why="readable by any XSS on the origin"),
    _entry("plan", text="docs/plan.md", path="docs/plan.md", note="the rollout plan"),
    _entry("plan", text="/abs/plan.md", path="/abs/plan.md"),
    _entry("decided", status="accepted", question="Which flow should the callback use?"),
]


@pytest.mark.parametrize("entry", FULL_ENTRIES, ids=lambda e: f"{e.kind}-{e.id}")
def test_entry_round_trips(entry: Entry) -> None:
    blob = encode_entry(entry)
    decoded = decode_entry(blob, "entries/4/f/x.toml")
    assert decoded == entry
    assert decoded.extra == {}
    # and re-encoding is byte-for-byte stable
    assert encode_entry(decoded) == blob


@pytest.mark.parametrize("entry", FULL_ENTRIES, ids=lambda e: f"{e.kind}-{e.id}")
def test_entry_blob_is_plain_toml_readable_by_tomllib(entry: Entry) -> None:
    data = tomllib.loads(encode_entry(entry).decode("utf-8"))
    assert data["id"] == entry.id
    assert data["kind"] == entry.kind
    assert data["text"] == entry.text
    assert data["seq"] == entry.seq
    assert data["author"] == AUTHOR
    assert data["created"] == WHEN  # a native TOML offset date-time, not a string
    for key in KIND_FIELDS[entry.kind]:
        value = getattr(entry, key)
        if key == "ask_user":
            assert data[key] is value
        elif value is None or value == ():
            assert key not in data
        else:
            assert data[key] == (list(value) if isinstance(value, tuple) else value)


def test_entry_blob_order_is_human_friendly() -> None:
    text = encode_entry(FULL_ENTRIES[2]).decode("utf-8")
    keys = [line.split(" = ", 1)[0] for line in text.splitlines() if " = " in line]
    assert keys[:3] == ["id", "kind", "text"]
    assert keys[-4:] == ["created", "author", "session", "seq"]
    assert keys.index("status") < keys.index("over") < keys.index("because")


def test_entry_omits_fields_of_other_kinds() -> None:
    entry = _entry("dropped", why="slow", by="ignored", over=("x",), path="p")
    data = tomllib.loads(encode_entry(entry).decode("utf-8"))
    assert set(data) == {"id", "kind", "text", "why", "created", "author", "seq"}


def test_open_entry_always_states_ask_user() -> None:
    data = tomllib.loads(encode_entry(_entry("open")).decode("utf-8"))
    assert data["ask_user"] is False


def test_unknown_keys_survive_a_rewrite() -> None:
    data = tomllib.loads(encode_entry(FULL_ENTRIES[2]).decode("utf-8"))
    data["confidence"] = "high"
    data["review"] = {"by": "bob", "at": WHEN}
    entry = decode_entry(tomli_w.dumps(data).encode(), "where")
    assert entry.extra == {"confidence": "high", "review": {"by": "bob", "at": WHEN}}
    edited = replace(entry, text="changed")
    again = tomllib.loads(encode_entry(edited).decode("utf-8"))
    assert again["confidence"] == "high"
    assert again["review"] == {"by": "bob", "at": WHEN}
    assert again["text"] == "changed"


def test_created_as_a_string_with_an_offset_is_accepted() -> None:
    data = tomllib.loads(encode_entry(FULL_ENTRIES[0]).decode("utf-8"))
    data["created"] = "2026-11-30T10:00:00Z"
    entry = decode_entry(tomli_w.dumps(data).encode(), "where")
    assert entry.created == datetime(2026, 11, 30, 10, 0, tzinfo=UTC)


def _mutated(change: dict[str, Any], drop: tuple[str, ...] = ()) -> bytes:
    data = tomllib.loads(encode_entry(FULL_ENTRIES[2]).decode("utf-8"))
    for key in drop:
        del data[key]
    data.update(change)
    return tomli_w.dumps(data).encode("utf-8")


@pytest.mark.parametrize(
    ("blob", "reason"),
    [
        (b"this is = = not toml", "not valid TOML"),
        (b"\xff\xfe garbage", "not valid UTF-8"),
        (b"", "missing 'id'"),
        (_mutated({}, drop=("id",)), "missing 'id'"),
        (_mutated({}, drop=("kind",)), "missing 'kind'"),
        (_mutated({}, drop=("text",)), "missing 'text'"),
        (_mutated({}, drop=("seq",)), "missing 'seq'"),
        (_mutated({}, drop=("created",)), "missing 'created'"),
        (_mutated({}, drop=("author",)), "missing 'author'"),
        (_mutated({"id": "not-an-id"}), "not a valid entry id"),
        (_mutated({"id": 7}), "'id' has the wrong type"),
        (_mutated({"kind": "task"}), "unknown kind 'task'"),
        (_mutated({"text": 42}), "'text' has the wrong type"),
        (_mutated({"seq": "3"}), "'seq' has the wrong type"),
        (_mutated({"seq": True}), "'seq' has the wrong type"),
        (_mutated({"created": "yesterday"}), "'created' must be a date-time"),
        (_mutated({"created": "2026-11-30T10:00:00"}), "'created' must be a date-time"),
        (_mutated({"created": datetime(2026, 11, 30)}), "'created' must be a date-time"),
        (_mutated({"over": "implicit flow"}), "'over' must be a list of strings"),
        (_mutated({"evidence": ["ok", 3]}), "'evidence' must be a list of strings"),
        (_mutated({"because": ["a"]}), "'because' must be a string"),
        (_mutated({"status": 1}), "'status' must be a string"),
        (_mutated({"kind": "open", "ask_user": "yes"}), "'ask_user' must be true or false"),
    ],
)
def test_decode_entry_is_strict_about_types(blob: bytes, reason: str) -> None:
    with pytest.raises(CorruptLedger) as caught:
        decode_entry(blob, "entries/4/f/d-4f7k2m9xq1.toml")
    message = str(caught.value)
    assert message.startswith("entries/4/f/d-4f7k2m9xq1.toml: ")
    assert reason in message
    assert "\n" not in message


def test_corrupt_ledger_is_a_ledger_error_with_exit_1() -> None:
    assert issubclass(CorruptLedger, LedgerError)
    assert CorruptLedger.exit_code == 1


# -- ledger.toml and state.toml ------------------------------------------------------------


META = LedgerMeta(format=1, id="h5jw93m0kv", kind="session", created=WHEN,
                  created_by=AUTHOR, session_id="sess-1")


def test_meta_round_trips() -> None:
    blob = encode_meta(META)
    assert decode_meta(blob, "ledger.toml") == META
    data = tomllib.loads(blob.decode())
    assert data == {"format": 1, "id": "h5jw93m0kv", "kind": "session", "created": WHEN,
                    "created_by": AUTHOR, "session_id": "sess-1"}


def test_meta_without_session_omits_the_key() -> None:
    meta = replace(META, session_id=None, kind="project", id="project")
    data = tomllib.loads(encode_meta(meta).decode())
    assert "session_id" not in data
    assert decode_meta(encode_meta(meta), "x") == meta


def test_meta_keeps_unknown_keys() -> None:
    data = tomllib.loads(encode_meta(META).decode())
    data["future"] = [1, 2]
    meta = decode_meta(tomli_w.dumps(data).encode(), "x")
    assert meta.extra == {"future": [1, 2]}
    assert tomllib.loads(encode_meta(meta).decode())["future"] == [1, 2]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"kind": "branch"}, "unknown ledger kind 'branch'"),
        ({"format": "1"}, "'format' has the wrong type"),
        ({"session_id": 5}, "'session_id' must be a string"),
        ({"created_by": None}, "missing 'created_by'"),
        ({"id": None}, "missing 'id'"),
    ],
)
def test_decode_meta_is_strict(change: dict[str, Any], reason: str) -> None:
    data = tomllib.loads(encode_meta(META).decode())
    for key, value in change.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    with pytest.raises(CorruptLedger, match=reason):
        decode_meta(tomli_w.dumps(data).encode(), "refs/ledger/x:ledger.toml")


def test_focus_round_trips() -> None:
    for focus in (Focus(), Focus(task="Ship it", next="Write the test", seq=12),
                  Focus(task="only a task", seq=1), Focus(next="only next")):
        assert decode_focus(encode_focus(focus), "state.toml") == focus


def test_empty_focus_is_just_the_counter() -> None:
    assert tomllib.loads(encode_focus(Focus()).decode()) == {"seq": 0}


@pytest.mark.parametrize(
    ("blob", "reason"),
    [
        (b'task = 3\nseq = 0\n', "'task' and 'next' must be strings"),
        (b'next = ["a"]\nseq = 0\n', "'task' and 'next' must be strings"),
        (b'task = "x"\n', "missing 'seq'"),
        (b'seq = "many"\n', "'seq' has the wrong type"),
        (b"seq = [", "not valid TOML"),
    ],
)
def test_decode_focus_is_strict(blob: bytes, reason: str) -> None:
    with pytest.raises(CorruptLedger, match=reason):
        decode_focus(blob, "state.toml")


# -- JSON ----------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", FULL_ENTRIES, ids=lambda e: f"{e.kind}-{e.id}")
def test_entry_json_has_every_field_of_its_kind(entry: Entry) -> None:
    out = entry_to_json(entry)
    assert out["id"] == entry.id
    assert out["kind"] == entry.kind
    assert out["text"] == entry.text
    assert set(out) == {"id", "kind", "text", *KIND_FIELDS[entry.kind],
                        "question", "created", "author", "session", "carried_from", "seq",
                        "source_id"}
    for key in KIND_FIELDS[entry.kind]:
        value = getattr(entry, key)
        assert out[key] == (list(value) if isinstance(value, tuple) else value)
    assert out["created"] == "2026-11-30T10:00:00Z"


def test_entry_json_lists_are_lists_even_when_empty() -> None:
    out = entry_to_json(_entry("decided", status="accepted"))
    assert out["over"] == []
    assert out["evidence"] == []
    assert out["supersedes"] is None


def test_every_kind_has_its_field_list() -> None:
    assert set(KIND_FIELDS) == set(KINDS)
    assert KIND_FIELDS["open"] == ("ask_user",)
    assert set(KIND_FIELDS["decided"]) == {"status", "scope", "over", "because", "evidence",
                                           "supersedes", "superseded_by", "rejected_why",
                                           "deployed_env", "deployed_sha", "deployed_url",
                                           "deployed_at", "deployed_result", "paths",
                                           "footprint"}
    assert KIND_FIELDS["verified"] == ("by", "commit")
    assert KIND_FIELDS["dropped"] == ("why", "paths")
    assert "path" in KIND_FIELDS["plan"]


def test_iso_is_utc_with_z() -> None:
    assert iso(WHEN) == "2026-11-30T10:00:00Z"
    assert iso(datetime(2026, 1, 2, 3, 4, 5, 999, tzinfo=UTC)) == "2026-01-02T03:04:05Z"


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-23:59"])
def test_a_time_utc_cannot_show_is_refused_not_a_crash_later(moment: str) -> None:
    blob = (f'id = "d-0123456789"\nkind = "decided"\ntext = "t"\nseq = 1\n'
            f'created = {moment}\nauthor = "A <a@b>"\n').encode()
    with pytest.raises(CorruptLedger, match="'created' must be a date-time"):
        decode_entry(blob, "entries/0/1/d-0123456789.toml")


def test_decoding_the_same_bytes_again_gives_the_same_record() -> None:
    blob = encode_entry(_entry("decided", over=("b",)))
    first = decode_entry(blob, "entries/d.toml")
    assert decode_entry(bytes(blob), "entries/d.toml") is first
    # Not a key for the memo, still decoded: to an equal record, not the remembered one.
    other = decode_entry(bytearray(blob), "entries/d.toml")  # type: ignore[arg-type]
    assert other == first
    assert other is not first


def test_a_failed_decode_is_not_remembered() -> None:
    blob = b'id = "d-4f7k2m9xq1"\nkind = "decided"\n'
    for _ in range(2):
        with pytest.raises(CorruptLedger, match="missing 'text'"):
            decode_entry(blob, "entries/d.toml")
