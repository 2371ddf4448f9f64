"""Recognising credentials so that they are never written into a ledger.

A ledger is pushed, fetched and re-injected into every future context: a secret written
there is a secret published.  The patterns favour precision on well-known token shapes and
catch ``password=…``-style assignments; a false positive costs a rephrase, a miss costs a
rotation.
"""

from __future__ import annotations

import re

_TOKEN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
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
_URL_PASSWORD = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^/\s:@]*:(?P<value>[^/\s@]+)@")

_ASSIGNMENT = re.compile(
    r"""(?ix)
    \b(?P<key>[a-z0-9_.\-]*(?:password|passwd|passphrase|pwd|secret|token|api[_\-]?key
        |access[_\-]?key|private[_\-]?key|client[_\-]?secret|auth[_\-]?key|credentials?))
    \s*(?P<op>:=|=|:)\s*
    (?P<value>"[^"\n]*"|'[^'\n]*'|[^\s,;]+)
    """
)

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
    for name, pattern in _TOKEN_PATTERNS:
        if pattern.search(text):
            return name
    for match in _URL_PASSWORD.finditer(text):
        if not _is_placeholder(match.group("value")):
            return "password in a URL"
    for match in _ASSIGNMENT.finditer(text):
        value = match.group("value").strip("\"'")
        if len(value) < 4 or _is_placeholder(value):
            continue
        # "token: rotated" is prose; "token: 9f8e7d6c5b4a" is a value.  After a colon only
        # something shaped like a secret counts; after "=" any real value does.
        if match.group("op") == ":" and not _looks_random(value):
            continue
        return f"a {match.group('key').lower()} assignment"
    return None


def _is_placeholder(value: str) -> bool:
    return bool(_PLACEHOLDER.match(value) or _REFERENCE.match(value))


def _looks_random(value: str) -> bool:
    has_digit = any(ch.isdigit() for ch in value)
    has_alpha = any(ch.isalpha() for ch in value)
    return len(value) >= 8 and has_digit and has_alpha
