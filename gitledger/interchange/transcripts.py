"""Saved agent transcripts: a session's whole conversation, kept verbatim in git.

Owns ``refs/ledger/transcripts/<session-id>`` (docs/format.md, "Transcripts"): byte for
byte except credentials, which ``credentials.py`` finds and redacts.  Transcripts are large
and private, so they are not ledgers and ``push`` sends them only when asked.
"""

from __future__ import annotations

import bisect
import errno
import json
import os
import re
import stat
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from gitledger.core.credentials import (
    ASSIGNMENT,
    AUTH_HEADER,
    GENERIC_PATTERNS,
    JUDGED_PATTERNS,
    KEY_WORDS,
    TOKEN_PATTERNS,
    URL_PASSWORD,
    assignment_secret,
    assignments,
    auth_kind,
    auth_secret,
    keyed_secret,
    url_password_secret,
)
from gitledger.core.display import printable
from gitledger.core.model import Change
from gitledger.core.parsing import toml_loads, transcript_json_loads
from gitledger.errors import CorruptLedger, InvalidInput, UnknownEntry
from gitledger.storage.layout import TRANSCRIPTS_PREFIX
from gitledger.storage.repo import Repo
from gitledger.storage.store import Store, TreeView, blob_id_of, valid_ref_name

#: The largest transcript ``save`` accepts (Claude Code transcripts of long sessions run
#: to a few MB; this is far above that and still fits in memory).
MAX_BYTES = 50 * 1024 * 1024
#: The transcript blob's name without its suffix, and the metadata file beside it.
TRANSCRIPT_STEM = "transcript"
TRANSCRIPT_META = "meta.toml"
#: What each credential is replaced with.
REDACTED = "[REDACTED]"
#: The longest ref component a session id becomes.
SESSION_ID_LIMIT = 128
#: Where a save may come from: ``manual`` (``transcript save``) or a hook event.
SOURCE_PATTERN = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
#: How many leading lines of a transcript are searched for its ``sessionId``.
_SESSION_ID_LINES = 200
#: JSON-mode transcripts are scanned in blocks of whole lines of about this size.
_BLOCK_CHARS = 1 << 20

__all__ = ["MAX_BYTES", "REDACTED", "TRANSCRIPTS_PREFIX", "TRANSCRIPT_META", "Credential",
           "SaveResult", "SavedTranscript", "TranscriptInfo", "already_saved", "find_credentials",
           "list_transcripts", "load", "load_saved", "read_head", "redact", "ref_component", "save",
           "save_data", "session_id_of"]


@dataclass(frozen=True)
class SaveResult:
    """What ``save`` did: the ref, the new commit (None: the tip already held this)."""

    ref: str
    commit: str | None
    #: Bytes stored (after redaction).
    size: int
    redactions: int
    unchanged: bool


@dataclass(frozen=True)
class TranscriptInfo:
    """One saved transcript, as ``list_transcripts`` reports it."""

    session_id: str
    ref: str
    #: How many saves changed it (commits on the ref).
    saves: int
    #: Bytes of the latest save.
    size: int
    last_saved: datetime
    #: Credentials redacted in the latest save.
    redactions: int
    #: The file the latest save read.
    source_path: str


@dataclass(frozen=True)
class SavedTranscript:
    """The latest save of one transcript."""

    #: The session id the save recorded (the ref's name may be a shortened form of it).
    session_id: str
    data: bytes


@dataclass(frozen=True)
class Credential:
    """A credential found in a text: where it is, and what kind the scanner names it."""

    start: int
    end: int
    kind: str


# -- saving --------------------------------------------------------------------------------


def save(where: str | os.PathLike[str] | None, path: str | os.PathLike[str], *,
         session_id: str | None = None, source: str = "manual",
         follow_links: bool = True) -> SaveResult:
    """Save the transcript at ``path`` under ``refs/ledger/transcripts/<session-id>``.

    ``session_id`` defaults to the ``sessionId`` a Claude Code transcript carries, else the
    file's stem.  Credentials are redacted; if the result is what the ref already holds,
    nothing is written (``unchanged``).  InvalidInput for a file that cannot be read, is
    not a regular file (or, without ``follow_links``, is a symbolic link), is larger than
    ``MAX_BYTES``, or yields no usable session id.  Which files a hook may save is the
    hook's check (``integrations/hook_io.py``); ``transcript save`` takes the file the user
    names.
    """
    file = Path(path)
    data = _read(file, follow_links=follow_links)
    if session_id is None:
        session_id = session_id_of(data, file)
    return save_data(where, data, session_id=session_id, source=source,
                     file_name=_file_name(file), source_path=str(file.absolute()))


def save_data(where: str | os.PathLike[str] | None, data: bytes, *, session_id: str,
              source: str, file_name: str, source_path: str) -> SaveResult:
    """Save ``data`` as ``save`` saves a file's bytes: a session an agent keeps in no file
    (OpenCode's database rows), named ``file_name``, read from ``source_path``."""
    if not SOURCE_PATTERN.match(source):
        raise InvalidInput(f"'{printable(source)[:60]}' is not a transcript source; use "
                           "lower-case letters, digits and '-' (manual, pre-compact …)")
    if len(data) > MAX_BYTES:
        raise InvalidInput(f"the transcript is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                           "not saved")
    store = Store(Repo(where))
    name = ref_component(session_id)
    ref = TRANSCRIPTS_PREFIX + name
    original = blob_id_of(data)
    tip = store.tip(ref)
    if tip.view is not None:
        # The hooks save the same transcript again and again: a file that has not changed
        # since the last save is known by its hash, without scanning it for credentials.
        known = _meta(tip.view, ref)
        if known.get("original_blob") == original:
            return SaveResult(ref, None, _int(known.get("size")),
                              _int(known.get("redactions")), True)
    stored, redactions = redact(data)
    blob_id = blob_id_of(stored)
    saved_at = store.repo.person("COMMITTER").when
    meta = tomli_w.dumps({
        "session": _toml_text(session_id),
        "file": file_name,
        "source": source,
        "source_path": _toml_text(source_path),
        "saved_at": saved_at,
        "size": len(stored),
        "original_size": len(data),
        "original_blob": original,
        "redactions": redactions,
    }).encode("utf-8")

    def operation(view: TreeView | None) -> tuple[Change, None] | None:
        files: dict[str, bytes | None] = {file_name: stored, TRANSCRIPT_META: meta}
        if view is not None:
            current, current_id = _transcript_blob(view, ref)
            if current_id == blob_id:
                return None
            if current != file_name:
                files[current] = None
        trailers = (("Ledger-Event", "transcript"), ("Ledger-Source", source),
                    ("Ledger-Redactions", str(redactions)))
        return Change(f"transcript: save {name} ({source})", trailers, files), None

    commit, _ = store.update(ref, operation)
    return SaveResult(ref, commit, len(stored), redactions, commit is None)


def read_head(file: Path, limit: int) -> bytes:
    """At most ``limit`` leading bytes of a regular file that is not a symbolic link, read
    as ``save`` reads (InvalidInput saying why not): enough to tell whose it is."""
    return _read(file, follow_links=False, head=limit)


def already_saved(where: str | os.PathLike[str] | None, data: bytes,
                  session_id: str) -> bool:
    """Whether the transcript ``session_id`` holds exactly ``data`` as its latest save
    (what ``save`` would answer ``unchanged`` for)."""
    ref = TRANSCRIPTS_PREFIX + ref_component(session_id)
    tip = Store(Repo(where)).tip(ref)
    return tip.view is not None and _meta(tip.view, ref).get("original_blob") == blob_id_of(
        data)


def _read(file: Path, *, follow_links: bool = True, head: int | None = None) -> bytes:
    """The file's bytes, when it is a regular file: a FIFO, a device or a directory is
    refused without reading from it (opened non-blocking, checked on the open file, so
    nothing swapped in between the check and the read is read).  Without
    ``follow_links`` a symbolic link is refused too.  With ``head``, only that many
    leading bytes, whatever the size."""
    shown = printable(str(file))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(file, flags)
    except FileNotFoundError:
        raise InvalidInput(f"no transcript at {shown}") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_links:
            raise InvalidInput(f"{shown} is a symbolic link; not saved") from None
        raise InvalidInput(f"cannot read {shown}: {exc.strerror or exc}") from None
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        regular = False
    if not regular:
        os.close(fd)
        raise InvalidInput(f"{shown} is not a regular file (a directory, a pipe or a "
                           "device); not saved")
    try:
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(MAX_BYTES + 1 if head is None else head)
    except OSError as exc:
        raise InvalidInput(f"cannot read {shown}: {exc.strerror or exc}") from None
    if head is None and len(data) > MAX_BYTES:
        raise InvalidInput(f"{shown} is larger than {MAX_BYTES // (1024 * 1024)} MB; "
                           "not saved")
    return data


def session_id_of(data: bytes, file: Path) -> str:
    """The ``sessionId`` (or ``session_id``) of the first transcript lines carrying one
    (Claude Code and Gemini CLI at the top of a record), or the ``id`` of a Codex
    ``session_meta`` record's payload or of a Factory Droid ``session_start`` record, the
    ``sessionId`` of a GitHub Copilot CLI ``session.start`` event's data or of a transcript
    that is one JSON object (Cline CLI's; the ``info.id`` of an OpenCode session's), else
    the file's stem (Claude Code names a
    transcript ``<session id>.jsonl``; Codex ``rollout-<time>-<id>.jsonl``)."""
    for count, line in enumerate(data.splitlines()):
        if count >= _SESSION_ID_LINES:
            break
        if not any(mark in line for mark in (b"essionId", b"session_id", b"session_meta",
                                             b"session_start", b"session.start")):
            continue
        try:
            record = transcript_json_loads(line)
        except (ValueError, UnicodeDecodeError):
            continue
        if not isinstance(record, dict):
            continue
        keys: tuple[str, ...] = ("sessionId", "session_id")
        if record.get("type") == "session_meta" and isinstance(record.get("payload"), dict):
            record, keys = record["payload"], ("id", "session_id")
        elif record.get("type") == "session_start":
            keys = ("id",)
        elif record.get("type") == "session.start" and isinstance(record.get("data"), dict):
            record, keys = record["data"], ("sessionId",)
        for key in keys:
            value = record.get(key)
            if isinstance(value, str) and value.strip():
                return value
    whole = _whole_document(data)
    info = whole.get("info")
    for value in (whole.get("sessionId"), whole.get("session_id"),
                  info.get("id") if isinstance(info, dict) else None):
        if isinstance(value, str) and value.strip():
            return value
    return file.stem


def _whole_document(data: bytes) -> dict[str, Any]:
    """``data`` as one JSON object (a conversation kept as one indented document: Cline
    CLI's), else nothing."""
    if not data.lstrip().startswith(b"{"):
        return {}
    try:
        whole = transcript_json_loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return {}
    return whole if isinstance(whole, dict) else {}


def ref_component(session_id: str) -> str:
    """``session_id`` as one valid ref name component: runs of characters other than
    letters, digits, ``.``, ``_`` and ``-`` become ``-``; InvalidInput if nothing is left."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", session_id)
    name = re.sub(r"\.{2,}", ".", name).strip(".-")
    while name.endswith(".lock"):
        name = name.removesuffix(".lock").rstrip(".-")
    name = name[:SESSION_ID_LIMIT].rstrip(".-")
    if not name or not valid_ref_name(TRANSCRIPTS_PREFIX + name):
        raise InvalidInput(f"'{printable(session_id)[:60]}' cannot name a transcript; give "
                           "a session id with letters or digits (--session-id)")
    return name


def _file_name(file: Path) -> str:
    suffix = file.suffix.lower()
    return TRANSCRIPT_STEM + (suffix if re.fullmatch(r"\.[a-z0-9]{1,10}", suffix) else "")


def _toml_text(text: str) -> str:
    """``text`` as TOML can hold it (a path of undecodable bytes, say), printable."""
    return printable(text.encode("utf-8", "replace").decode("utf-8"))


# -- reading -------------------------------------------------------------------------------


def list_transcripts(where: str | os.PathLike[str] | None) -> list[TranscriptInfo]:
    """Every saved transcript, by session id."""
    store = Store(Repo(where))
    found: list[TranscriptInfo] = []
    for ref in sorted(store.refs_under(TRANSCRIPTS_PREFIX)):
        tip = store.tip(ref)
        if tip.view is None or tip.commit is None:
            continue
        meta = _meta(tip.view, ref)
        _, blob_id = _transcript_blob(tip.view, ref)
        size = store.blob_size(blob_id)
        saved = meta.get("saved_at")
        found.append(TranscriptInfo(
            session_id=ref.removeprefix(TRANSCRIPTS_PREFIX),
            ref=ref,
            saves=sum(1 for _ in store.history_from(tip.commit)),
            size=int(size),
            last_saved=saved if isinstance(saved, datetime) else store.commit_time(tip.commit),
            redactions=_int(meta.get("redactions")),
            source_path=str(meta.get("source_path", "")),
        ))
    return found


def load(where: str | os.PathLike[str] | None, session_id: str) -> bytes:
    """The latest saved transcript of ``session_id`` (or a unique prefix of one), as
    stored; UnknownEntry when none or several match."""
    return load_saved(where, session_id).data


def load_saved(where: str | os.PathLike[str] | None, session_id: str) -> SavedTranscript:
    """``load``, with the full session id the save recorded."""
    store = Store(Repo(where))
    ref = _resolve(store, session_id)
    tip = store.tip(ref)
    if tip.view is None:
        raise UnknownEntry(f"no saved transcript for '{printable(session_id)[:60]}'")
    _, blob_id = _transcript_blob(tip.view, ref)
    recorded = _meta(tip.view, ref).get("session")
    full = recorded if isinstance(recorded, str) and recorded else ref.removeprefix(
        TRANSCRIPTS_PREFIX)
    return SavedTranscript(full, tip.view.read_blob(blob_id, limit=MAX_BYTES))


def _resolve(store: Store, session_id: str) -> str:
    shown = printable(session_id)[:60]
    names = sorted(r.removeprefix(TRANSCRIPTS_PREFIX)
                   for r in store.refs_under(TRANSCRIPTS_PREFIX))
    try:
        name: str | None = ref_component(session_id)
    except InvalidInput:
        name = None  # it can name no transcript: the saved ones are the help
    if name in names:
        return TRANSCRIPTS_PREFIX + name
    matches = [n for n in names if name is not None and n.startswith(name)]
    if not matches:
        raise UnknownEntry(f"no saved transcript for '{shown}'" + _candidates(names))
    if len(matches) > 1:
        listed = ", ".join(matches[:5]) + (", …" if len(matches) > 5 else "")
        raise UnknownEntry(f"'{shown}' matches {len(matches)} saved transcripts ({listed}); "
                           "give more of the session id")
    return TRANSCRIPTS_PREFIX + matches[0]


#: How many saved sessions an unknown id's error names before it counts the rest.
_NAMED_CANDIDATES = 5


def _candidates(names: list[str]) -> str:
    """The end of an unknown id's error: the saved sessions (the first few, then a count
    and where the rest are), or that there is none."""
    if not names:
        return ": none is saved yet (git ledger transcript save --from FILE saves one)"
    more = len(names) - _NAMED_CANDIDATES
    if more <= 0:
        return f" (the saved ones: {', '.join(names)})"
    return (f" (the saved ones: {', '.join(names[:_NAMED_CANDIDATES])} and {more} more; "
            "git ledger transcript list shows them)")


def _transcript_blob(view: TreeView, ref: str) -> tuple[str, str]:
    """(name, blob id) of the transcript in a saved tree."""
    candidates = [(name, blob_id) for name, blob_id in view.top_blob_ids()
                  if name.startswith(TRANSCRIPT_STEM)]
    if len(candidates) != 1:
        raise CorruptLedger(f"{ref} holds {len(candidates)} transcript files, not one; "
                            f"inspect it with git ls-tree {ref}")
    return candidates[0]


def _meta(view: TreeView, ref: str) -> dict[str, Any]:
    blob = view.read(TRANSCRIPT_META)
    if blob is None:
        return {}
    try:
        return toml_loads(blob.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CorruptLedger(f"{ref}:{TRANSCRIPT_META} is not valid TOML ({exc})") from None


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


# -- redaction -----------------------------------------------------------------------------

#: Token shapes whose credential reaches past what ``find_credential`` needs to see: the
#: body of a key block, not only its header, and a bearer token without the word.
_WIDER = {
    "private key block": re.compile(
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----"
        r"(?:.{0,65536}?-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|(?:\s*[A-Za-z0-9+/=]{16,})*)",
        re.DOTALL),
    "PuTTY private key": re.compile(
        r"PuTTY-User-Key-File-\d(?:.{0,65536}?Private-MAC:[ \t]*[0-9a-fA-F]+|[^\n]*)",
        re.DOTALL),
    "bearer token": re.compile(r"(?i)\bbearer\s+(?P<secret>[A-Za-z0-9._~+/\-]{20,}=*)"),
}
#: A key body without its BEGIN line: every base64 line after its opening goes too.
_BODY_LINES = r"(?:\s*[A-Za-z0-9+/=]{16,})*"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern.pattern + _BODY_LINES) if name == "private key body"
     else _WIDER.get(name, pattern)) for name, pattern in TOKEN_PATTERNS)


#: Where each slow pattern (one that opens with ``\b``, which ``re`` cannot look for
#: quickly) can match: (lower-cased text at the start of every match, how many characters
#: before it the match starts).  Each is tried only at those places.  A pattern not named
#: here runs over the whole text, so one added to ``credentials.py`` is never skipped.
_TOKEN_STARTS: dict[str, tuple[tuple[str, int], ...]] = {
    "AWS access key id": (("akia", 0), ("asia", 0), ("abia", 0), ("acca", 0)),
    "GitHub token": tuple((f"gh{c}_", 0) for c in "pousr"),
    "GitHub fine-grained token": (("github_pat_", 0),),
    "GitLab token": (("glpat-", 0),),
    "Slack token": (("xox", 0),),
    "Stripe key": (("k_live_", 1),),
    "Google API key": (("aiza", 0),),
    "Anthropic API key": (("sk-ant-", 0),),
    "OpenAI API key": (("sk-", 0),),
    "npm token": (("npm_", 0),),
    "PyPI token": (("pypi-", 0),),
    "Hugging Face token": (("hf_", 0),),
    "JSON Web Token": (("eyj", 0),),
    "bearer token": (("bearer", 0),),
}
#: Text inside every assigned key (``password``, ``api_key`` …) and every URL password.
_KEY_WORDS = KEY_WORDS
_URL_MARK = "://"
_AUTH_MARK = "authorization"
#: A key or URL scheme is a run of these; how far back from a key word one is looked for.
_RUN = re.compile(r"[A-Za-z0-9_.+\-]*")
_RUN_LIMIT = 256
#: Escaped line breaks and tabs a key may follow (a file's lines inside a JSON string).
_ESCAPED_BREAKS = ("\\n", "\\r", "\\t")


def find_credentials(text: str) -> list[Credential]:
    """Every credential ``credentials.find_credential`` would name in ``text``, with its
    span (overlapping finds merged), in order.  A token is its whole match; an assigned
    or URL password is only its value (``password=[REDACTED]``).

    Linear in ``text``: each pattern is tried only where its literal is, a place inside
    what it already matched is skipped (as ``finditer`` skips it), and every part of a
    pattern that may be tried from many places is bounded.
    """
    low = _lower(text)
    found: list[Credential] = []
    for name, pattern in _PATTERNS:
        starts = _TOKEN_STARTS.get(name)
        group = "secret" if "secret" in pattern.groupindex else 0
        if starts is None:
            found.extend(Credential(m.start(group), m.end(group), name)
                         for m in pattern.finditer(text))
            continue
        for word, back in starts:
            covered = 0
            for hit in _hits(low, word):
                if hit < back or hit - back < covered:
                    continue
                match = pattern.match(text, hit - back)
                if match is not None:
                    covered = match.end()
                    found.append(Credential(match.start(group), match.end(group), name))
    found.extend(_judged(text))
    for hit in _hits(low, _URL_MARK):
        match = _match_in_run(URL_PASSWORD, text, hit)
        if match is not None:
            found.extend(_url_password(match))
    for word in _KEY_WORDS:
        covered = 0
        for hit in _hits(low, word):
            if hit < covered:
                continue  # inside a value already found: what starts there is in it
            match = _match_in_run(ASSIGNMENT, text, hit)
            if match is not None:
                assigned = _assigned(text, match)
                found.extend(assigned)
                covered = max([covered, *(c.end for c in assigned)])
    for hit in _hits(low, _AUTH_MARK):
        header = AUTH_HEADER.match(text, hit)
        if header is not None:
            found.extend(_authorization(header))
    return _merge(found)


def _lower(text: str) -> str:
    """``text`` lower-cased character for character, so that an offset in it is the same
    offset in ``text``: U+0130 (İ) lower-cases to two characters, and is taken as ``i``
    (what ``re``'s case-insensitive matching takes it for)."""
    low = text.lower()
    return low if len(low) == len(text) else text.replace("\u0130", "i").lower()


def _find_everywhere(text: str) -> list[Credential]:
    """What ``find_credentials`` finds, by running every pattern over all of ``text``."""
    found: list[Credential] = []
    for name, pattern in _PATTERNS:
        group = "secret" if "secret" in pattern.groupindex else 0
        found.extend(Credential(m.start(group), m.end(group), name)
                     for m in pattern.finditer(text))
    found.extend(_judged(text))
    for match in URL_PASSWORD.finditer(text):
        found.extend(_url_password(match))
    for match in assignments(text):
        found.extend(_assigned(text, match))
    for header in AUTH_HEADER.finditer(text):
        found.extend(_authorization(header))
    return found


def _judged(text: str) -> list[Credential]:
    """The shapes without a prefix (a bare AWS secret key, a password on a command line):
    every match, kept where its judge says it is a credential."""
    return [Credential(span[0], span[1], name)
            for name, pattern, judge in (*JUDGED_PATTERNS, *GENERIC_PATTERNS)
            for match in pattern.finditer(text) if (span := judge(match)) is not None]


def _hits(low: str, word: str) -> Iterator[int]:
    at = low.find(word)
    while at >= 0:
        yield at
        at = low.find(word, at + 1)


def _match_in_run(pattern: re.Pattern[str], text: str, hit: int) -> re.Match[str] | None:
    """The leftmost match of ``pattern`` that starts in the run of key characters ending
    at ``hit`` (where a key, or a URL's scheme, begins), as ``finditer`` would find it."""
    first = max(0, hit - _RUN_LIMIT)
    back = _RUN.match(text[first:hit][::-1])
    start = hit - (back.end() if back else 0)
    for at in range(start, hit + 1):
        if at == start or text[at - 1] in ".+-" or text[at - 2:at] in _ESCAPED_BREAKS:
            match = pattern.match(text, at)
            if match is not None:
                return match
    return None


def _url_password(match: re.Match[str]) -> list[Credential]:
    span = url_password_secret(match)
    return [] if span is None else [Credential(span[0], span[1], "password in a URL")]


def _assigned(text: str, match: re.Match[str]) -> list[Credential]:
    span = assignment_secret(match)
    if span is None:
        return []
    return [Credential(span[0], span[1], f"a {match.group('key').lower()} assignment")]


def _authorization(match: re.Match[str]) -> list[Credential]:
    span = auth_secret(match)
    return [] if span is None else [Credential(span[0], span[1], auth_kind(match))]


def _merge(found: list[Credential]) -> list[Credential]:
    found.sort(key=lambda c: (c.start, -c.end))
    merged: list[Credential] = []
    for cred in found:
        if cred.end <= cred.start:
            continue
        if merged and cred.start < merged[-1].end:
            last = merged[-1]
            merged[-1] = Credential(last.start, max(last.end, cred.end), last.kind)
        else:
            merged.append(cred)
    return merged


def redact(data: bytes) -> tuple[bytes, int]:
    """``data`` with every credential replaced by ``[REDACTED]``, and how many there were.

    Bytes that are not UTF-8 pass through untouched.  A JSON or JSONL text (it starts
    with ``{`` or ``[``) is scanned string by string, decoded, and stays valid JSON.
    """
    text = data.decode("utf-8", "surrogateescape")
    if text.lstrip()[:1] in ("{", "["):
        parts: list[str] = []
        count = 0
        for block in _blocks(text):
            redacted, found = _redact_json(block)
            parts.append(redacted)
            count += found
        result = "".join(parts)
    else:
        spans = find_credentials(text)
        result = _replace(text, [(c.start, c.end) for c in spans])
        count = len(spans)
    if not count:
        return data, 0
    return result.encode("utf-8", "surrogateescape"), count


def _blocks(text: str) -> Iterator[str]:
    start = 0
    while start < len(text):
        end = text.find("\n", start + _BLOCK_CHARS)
        end = len(text) if end < 0 else end + 1
        yield text[start:end]
        start = end


#: A JSON string literal on one line.
_JSON_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
#: What follows a JSON object's key, and what lies between the key and its value.
_KEY_COLON = re.compile(r"[ \t\r\n]*:")
_KEY_GAP = re.compile(r"[ \t\r\n]*:[ \t\r\n]*")
#: What a JSON document holds between its strings: nothing a credential can be made of.
_JSON_SYNTAX = re.compile(r"(?:[\s{}\[\],:0-9.eE+\-]|true|false|null)*")
_DECODER = json.JSONDecoder(strict=False)


@dataclass(frozen=True)
class _Piece:
    """A run of scanned text: a JSON string's decoded content, or raw text."""

    shadow: int  # where it starts in the scanned text
    length: int  # its length there
    raw: int  # where it starts in the original text
    raw_end: int
    escaped: bool  # a JSON string with escapes: offsets map through _decoded_offsets


def _redact_json(text: str) -> tuple[str, int]:
    pieces: list[_Piece] = []
    chunks: list[str] = []
    at = 0

    def add(content: str, raw: int, raw_end: int, escaped: bool) -> None:
        # The scanned text is the pieces joined by "\n": no value or token pattern reads
        # across a line break, so what is redacted lies in one piece (a key block that
        # spans several is redacted piece by piece).
        shadow = pieces[-1].shadow + pieces[-1].length + 1 if pieces else 0
        pieces.append(_Piece(shadow, len(content), raw, raw_end, escaped))
        chunks.append(content)

    def gap(start: int, end: int) -> None:
        if start < end and not _JSON_SYNTAX.fullmatch(text, start, end):
            add(text[start:end], start, end, False)

    # A string stored under a secret-sounding key is a credential as a whole, whatever
    # it looks like: (start, end) of each such value in the original text.
    keyed: list[tuple[int, int]] = []
    key: str | None = None  # the decoded key the next string is the value of
    key_end = 0
    for match in _JSON_STRING.finditer(text):
        gap(at, match.start())
        inner = match.group(1)
        content = inner
        if "\\" not in inner:
            add(inner, match.start(1), match.end(1), False)
        else:
            try:
                content = _DECODER.decode(match.group(0))
            except ValueError:
                add(inner, match.start(1), match.end(1), False)  # not JSON: scanned raw
            else:
                add(content, match.start(1), match.end(1), True)
        if (key is not None and _KEY_GAP.fullmatch(text, key_end, match.start())
                and keyed_secret(key, content)):
            keyed.append((match.start(1), match.end(1)))
        colon = _KEY_COLON.match(text, match.end())
        key, key_end = (content, match.end()) if colon is not None else (None, 0)
        at = match.end()
    gap(at, len(text))
    if not pieces:
        return text, 0
    spans = find_credentials("\n".join(chunks))
    if not spans and not keyed:
        return text, 0
    starts = [p.shadow for p in pieces]
    raw_spans: list[tuple[int, int]] = []
    offsets: dict[int, list[int]] = {}  # an escaped piece's offsets, read once however many
    for cred in spans:
        index = max(0, bisect.bisect_right(starts, cred.start) - 1)
        while index < len(pieces) and pieces[index].shadow < cred.end:
            piece = pieces[index]
            lo = max(cred.start, piece.shadow) - piece.shadow
            hi = min(cred.end, piece.shadow + piece.length) - piece.shadow
            if lo < hi:
                if piece.escaped and index not in offsets:
                    offsets[index] = _decoded_offsets(text[piece.raw:piece.raw_end])
                raw_spans.append(_raw_span(piece, lo, hi, offsets.get(index)))
            index += 1
    # A keyed value the scan found a credential in already is counted once.
    found_starts = sorted(start for start, _ in raw_spans)
    extra = sum(1 for start, end in keyed
                if bisect.bisect_left(found_starts, start) == bisect.bisect_left(found_starts,
                                                                                 end))
    return _replace(text, raw_spans + keyed), len(spans) + extra


def _raw_span(piece: _Piece, lo: int, hi: int,
              offsets: list[int] | None) -> tuple[int, int]:
    """Where decoded characters [lo, hi) of ``piece`` are in the original text, through the
    escaped piece's ``offsets`` (``_decoded_offsets``)."""
    if offsets is None:
        return piece.raw + lo, piece.raw + hi
    if len(offsets) != piece.length + 1:  # an escape we do not map: the whole string goes
        return piece.raw, piece.raw_end
    return piece.raw + offsets[lo], piece.raw + offsets[hi]


_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})(?:\\u([dD][c-fC-F][0-9a-fA-F]{2}))?|.)", re.DOTALL)


def _decoded_offsets(raw: str) -> list[int]:
    """For each character of the decoded JSON string ``raw`` (without its quotes), where
    it starts in ``raw``; then ``len(raw)``."""
    offsets: list[int] = []
    i = 0
    while i < len(raw):
        offsets.append(i)
        if raw[i] != "\\":
            i += 1
            continue
        match = _ESCAPE.match(raw, i)
        if match is None:
            i += 1
            continue
        high = match.group(1)
        if high is not None and match.group(2) is not None and 0xD800 <= int(high, 16) <= 0xDBFF:
            i = match.end()  # a surrogate pair: one character
        elif high is not None:
            i += 6
        else:
            i += 2
    offsets.append(len(raw))
    return offsets


def _replace(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span replaced by ``[REDACTED]``; overlapping spans become one."""
    if not spans:
        return text
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    out: list[str] = []
    at = 0
    for start, end in merged:
        out.append(text[at:start])
        out.append(REDACTED)
        at = end
    out.append(text[at:])
    return "".join(out)
