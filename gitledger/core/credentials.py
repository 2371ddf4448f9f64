"""Recognising credentials so that they are never written into a ledger.

A ledger is pushed, fetched and re-injected into every future context: a secret written
there is a secret published.  The patterns favour precision on well-known token shapes and
catch ``password=…``-style assignments (``"password": "…"`` too, the JSON shape of one) and
``Authorization:`` headers; a false positive costs a rephrase, a miss costs a rotation.
"""

from __future__ import annotations

import base64
import binascii
import re

#: The token shapes, and below them the match patterns with their ``*_secret`` judges, are
#: public because the transcript scanner runs these same patterns only where a match can
#: start (a transcript is megabytes): one list, so the two scanners never disagree.
TOKEN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        ("private key block", r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----"),
        ("PuTTY private key", r"PuTTY-User-Key-File-\d"),
        ("AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
        ("GitHub token", r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
        ("GitHub fine-grained token", r"\bgithub_pat_[A-Za-z0-9_]{22,}\b"),
        ("GitLab token", r"\bglpat-[A-Za-z0-9_\-]{20,}\b"),
        ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"),
        ("Slack webhook", r"hooks\.slack\.com/services/T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/\w+"),
        ("Stripe key", r"\b[sr]k_live_[0-9A-Za-z]{16,}\b"),
        ("Google API key", r"\bAIza[0-9A-Za-z_\-]{35}\b"),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
        ("OpenAI API key", r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_\-]{20,}"),
        ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        ("PyPI token", r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{20,}"),
        ("Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}\b"),
        ("JSON Web Token", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"),
        ("bearer token", r"(?i)\bbearer\s+[A-Za-z0-9._~+/\-]{20,}=*"),
    )
)

#: ``scheme://user:password@host``; the password is judged like an assigned value.
URL_PASSWORD = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^/\s:@]*:(?P<value>[^/\s@]+)@")

#: A key whose value is a secret: ``password``, ``DB_PASSWORD``, ``api-key``, ``apiKey``,
#: ``client_secret``, ``AWS_SECRET_ACCESS_KEY`` … (it ends with one of these words).
_SECRET_KEY = r"""[a-z0-9_.\-]*(?:password|passwd|passphrase|pwd|secret|token|api[_\-]?key
        |access[_\-]?key|private[_\-]?key|client[_\-]?secret|auth[_\-]?key|credentials?)"""

#: ``key = value``, ``key: value``, ``key := value``; the key may close a quote
#: (``"password": "…"``, the JSON or YAML shape of an assignment).
ASSIGNMENT = re.compile(
    rf"""(?ix)
    \b(?P<key>{_SECRET_KEY})(?P<close>["'])?
    \s*(?P<op>:=|=|:)\s*
    (?P<value>"[^"\n]*"|'[^'\n]*'|[^\s,;]+)
    """
)
_KEY_NAME = re.compile(rf"(?ix){_SECRET_KEY}")
#: The longest JSON key ``keyed_secret`` reads as a name.
_KEY_LIMIT = 200

#: An HTTP ``Authorization`` header's credentials: ``Basic <base64 of user:password>``,
#: ``Bearer <token>``, ``Token <token>``; in a header line, a ``curl -H`` or a dict.
_AUTH_VALUE = r"(?P<scheme>basic|bearer|token)\s+(?P<secret>[A-Za-z0-9._~+/\-]+=*)"
AUTH_HEADER = re.compile(rf"(?i)\bauthorization[\"']?\s*[:=]\s*[\"']?{_AUTH_VALUE}")
_AUTH_ONLY = re.compile(rf"(?i)\s*{_AUTH_VALUE}\s*")
_AUTH_NAME = re.compile(r"(?i)(?:proxy-)?authorization")

_PLACEHOLDER = re.compile(
    r"""(?ix)^(
        <[^>]*> | \$\{?[a-z_][a-z0-9_]*\}? | %\(?[a-z_]+\)?s? | \{\{.*\}\} | \*+ | x{3,}
        | \.{3} | … | redacted | \[redacted\] | hidden | none | null | nil | true | false
        | unset | empty | changeme | example | env | \( .* \)
    )$"""
)

#: Where a secret lives rather than what it is: an environment lookup, a getter call, a
#: file path.  Recording those is exactly what the ledger should do instead.
_REFERENCE = re.compile(
    r"""(?x)^(
        \$[A-Za-z_]\w*
        | (?:process\.env|import\.meta\.env)\.\w+
        | [A-Za-z_][\w.]*\((?:"[^"]*"|'[^']*')?\)
        | [A-Za-z_][\w.]*\[(?:"[^"]*"|'[^']*')\]
        | (?:~|\.{1,2})?/[\w.\-/]+
    )$"""
)


def find_credential(text: str) -> str | None:
    """Name the kind of credential ``text`` appears to contain, or ``None``."""
    for name, pattern in TOKEN_PATTERNS:
        if pattern.search(text):
            return name
    for match in URL_PASSWORD.finditer(text):
        if url_password_secret(match) is not None:
            return "password in a URL"
    for match in AUTH_HEADER.finditer(text):
        if auth_secret(match) is not None:
            return auth_kind(match)
    for match in ASSIGNMENT.finditer(text):
        if assignment_secret(match) is not None:
            return f"a {match.group('key').lower()} assignment"
    return None


def url_password_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the password of a ``URL_PASSWORD`` match is, or None when it is a
    placeholder or a reference (``https://user:${TOKEN}@host``)."""
    if _is_placeholder(match.group("value")):
        return None
    return match.span("value")


def assignment_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the secret of an ``ASSIGNMENT`` match is in its text (its value without
    quotes), or None when the value is no secret.

    A value counts when it has 4 characters or more and is no placeholder or reference.
    "token: rotated" is prose and "token: 9f8e7d6c5b4a" a value: after a bare colon only
    something shaped like a secret counts, after ``=``, ``:=`` or a quoted key and a
    quoted value (``"password": "…"``) any real value does.
    """
    text = match.string
    start, end = match.span("value")
    quoted = text[start] in "\"'"
    while start < end and text[start] in "\"'":
        start += 1
    while end > start and text[end - 1] in "\"'":
        end -= 1
    value = text[start:end]
    if len(value) < 4 or _is_placeholder(value):
        return None
    shaped = match.group("close") is not None and quoted
    if match.group("op") == ":" and not shaped and not _looks_random(value):
        return None
    return start, end


def auth_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the credentials of an ``Authorization`` match are, or None when they are
    none: Basic needs base64 of ``user:password``; a Bearer or Token value 20 characters
    or more, or 8 or more mixing letters and digits."""
    scheme, secret = match.group("scheme").lower(), match.group("secret")
    if _is_placeholder(secret):
        return None
    found = (_basic_pair(secret) if scheme == "basic"
             else len(secret) >= 20 or _looks_random(secret))
    return match.span("secret") if found else None


def auth_kind(match: re.Match[str]) -> str:
    """What ``find_credential`` calls the credentials of an ``Authorization`` match."""
    scheme = match.group("scheme").lower()
    return {"basic": "basic auth credentials", "bearer": "bearer token"}.get(
        scheme, "authorization token")


def keyed_secret(key: str, value: str) -> bool:
    """Whether ``value``, a JSON object's string stored under ``key``, is a credential.

    Under a secret-sounding key (``password``, ``api_key``, ``AWS_SECRET_ACCESS_KEY`` …)
    any value of 4 characters or more that is no placeholder or reference is; under
    ``Authorization``, a value ``find_credential`` names in an Authorization header.
    """
    if len(key) > _KEY_LIMIT:
        return False
    if _AUTH_NAME.fullmatch(key):
        header = _AUTH_ONLY.fullmatch(value)
        return header is not None and auth_secret(header) is not None
    if not _KEY_NAME.fullmatch(key):
        return False
    value = value.strip()
    return len(value) >= 4 and not _is_placeholder(value)


def _basic_pair(secret: str) -> bool:
    """Whether ``secret`` is base64 of ``user:password`` (a printable text with a colon)."""
    try:
        raw = base64.b64decode(secret + "=" * (-len(secret) % 4), validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    _, colon, password = decoded.partition(":")
    return bool(colon) and bool(password) and decoded.isprintable()


def _is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.match(value) or _REFERENCE.match(value))


def _looks_random(value: str) -> bool:
    has_digit = any(ch.isdigit() for ch in value)
    has_alpha = any(ch.isalpha() for ch in value)
    return len(value) >= 8 and has_digit and has_alpha
