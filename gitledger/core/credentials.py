"""Recognising credentials so that they are never written into a ledger.

A ledger is pushed and re-injected into future contexts, so a secret there is published.
Prefixed tokens match outright; other shapes and assignments are judged first, and a
secret with no word naming it is judged by where it stands (a command's argument, a line
of a config) and by what it looks like (generated, or made up by a person).  Patterns are
bounded so the scan stays linear in untrusted input (docs/reliability.md).
"""

from __future__ import annotations

import base64
import binascii
import contextvars
import itertools
import math
import re
from collections.abc import Callable, Iterator

from gitledger.core.credential_shapes import (
    KEYED_UUID,
    SHAPE_PATTERNS,
    UUID,
    generated,
    line_shapes,
    ordinary,
)


def _prefixed(prefix: str, body: str) -> str:
    """``prefix`` then ``body``, the prefix not preceded by a word character or by
    ``+`` or ``/``: inside a base64 run (a screenshot in a transcript) every letter pair
    occurs, and ``EAAA`` or a run of ``A`` there is image data, not a token.

    The check is a lookbehind placed after the literal prefix rather than a leading
    ``\\b``: ``re`` then still searches for the literal quickly, which keeps the
    transcript scanner (megabytes, every pattern over all of it) fast.
    """
    escaped = re.escape(prefix)
    return f"{escaped}(?<![A-Za-z0-9_+/]{escaped}){body}"


#: The token shapes, and below them the match patterns with their ``*_secret`` judges, are
#: public because the transcript scanner runs these same patterns only where a match can
#: start (a transcript is megabytes): one list, so the two scanners never disagree.
#: Each body is as long as the provider's tokens are, so a prefix in prose ("a classic
#: token starts with ghp_") is no match.
TOKEN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern))
    for name, pattern in (
        ("private key block", r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----"),
        ("PuTTY private key", r"PuTTY-User-Key-File-\d"),
        # The DER openings of a private key (a SEQUENCE, then version 0 or 1), base64: a
        # key body pasted without its BEGIN line.  Certificates and public keys open
        # differently (a SEQUENCE inside the SEQUENCE), so they are not matched.
        *(("private key body", opening + r"[A-Za-z0-9+/]{40,}")
          for opening in (r"MII[A-Za-z0-9+/]{3}IBA[AD]", r"MIG[A-Za-z0-9+/]AgE[AB]",
                          "MHcCAQEE", "MC4CAQAw", "b3BlbnNzaC1rZXktdjE")),
        ("AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
        # Session tokens are base64 of a protobuf that opens the same way every time.
        ("AWS session token", r"IQoJb3JpZ2luX2Vj[A-Za-z0-9/+=]{40,}"),
        ("AWS session token", r"F[wQ]oGZXIvYXdzE[A-Za-z0-9/+=]{40,}"),
        ("GitHub token", r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
        ("GitHub fine-grained token", r"\bgithub_pat_[A-Za-z0-9_]{22,}\b"),
        ("GitLab token", r"\bglpat-[A-Za-z0-9_\-]{20,}\b"),
        ("GitLab CI token", _prefixed("gl", r"(?:ptt|rt|dt|cbt|imt|oas|ft|soat|ffct|agent)-"
                                            r"[A-Za-z0-9_\-]{20,}")),
        ("GitLab runner registration token", r"GR1348941[A-Za-z0-9_\-]{20,}"),
        ("Bitbucket app password", _prefixed("ATBB", r"[A-Za-z0-9_=.\-]{32,}")),
        ("Slack token", r"\bxox[abposre](?:\.xox[a-z])?-[A-Za-z0-9-]{10,}\b"),
        ("Slack app token", _prefixed("xapp-", r"\d-[A-Z0-9]+-\d+-[A-Za-z0-9]+")),
        ("Slack webhook", r"hooks\.slack\.com/services/T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/\w+"),
        ("Stripe key", r"\b[sr]k_live_[0-9A-Za-z]{16,}\b"),
        # Test-mode keys still reach the account's test data and webhooks.
        ("Stripe test key", _prefixed("sk_test_", r"[0-9A-Za-z]{16,}")),
        ("Stripe test key", _prefixed("rk_test_", r"[0-9A-Za-z]{16,}")),
        ("Stripe webhook secret", _prefixed("whsec_", r"[A-Za-z0-9+/=]{24,}")),
        ("Square token", _prefixed("EAAA", r"[A-Za-z0-9_\-]{60}")),
        ("Square token", r"sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}"),
        ("Braintree access token",
         r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}"),
        ("Google API key", r"\bAIza[0-9A-Za-z_\-]{35}\b"),
        ("Google OAuth client secret", _prefixed("GOCSPX-", r"[A-Za-z0-9_\-]{28}")),
        ("Google OAuth token", _prefixed("ya29.", r"[A-Za-z0-9_\-]{30,}")),
        ("Google OAuth token", _prefixed("1//0", r"[A-Za-z0-9_\-]{40,}")),
        # The signature is what makes a SAS URL a bearer credential; the rest is public.
        ("Azure SAS signature",
         r"sig=(?<=[?&;]sig=)(?P<secret>[A-Za-z0-9%+/]{30,}(?:=|%3[Dd]){0,2})"),
        ("DigitalOcean token", _prefixed("do", r"[opr]_v1_[a-f0-9]{64}")),
        ("Heroku API key", _prefixed("HRKU-", r"[A-Za-z0-9_\-]{50,}")),
        ("Cloudflare origin CA key", _prefixed("v1.0-", r"[a-f0-9]{24}-[a-f0-9]{146}")),
        ("Alibaba access key id", _prefixed("LTAI", r"[A-Za-z0-9]{12,20}\b")),
        ("Fly.io token", _prefixed("fm", r"[12]_[A-Za-z0-9+/=_\-]{40,}")),
        ("Netlify token", _prefixed("nfp_", r"[A-Za-z0-9]{36,}")),
        ("Supabase token", _prefixed("sbp_", r"[a-f0-9]{40}")),
        ("PlanetScale token", _prefixed("pscale_", r"(?:tkn|pw|oauth)_[A-Za-z0-9_\-=.]{32,}")),
        ("Doppler token", _prefixed("dp.", r"(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}")),
        ("Vault token", _prefixed("hv", r"[sbr]\.[A-Za-z0-9_\-]{24,}")),
        ("Pulumi token", _prefixed("pul-", r"[a-f0-9]{40}")),
        ("Grafana token", _prefixed("glc_", r"[A-Za-z0-9+/=_\-]{32,}")),
        ("Grafana token", _prefixed("glsa_", r"[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}")),
        ("New Relic key", _prefixed("NR", r"(?:AK|AA|II|JS)-[A-Za-z0-9]{27}")),
        ("Sentry token", _prefixed("sntry", r"[su]_[A-Za-z0-9+/=_\-]{40,}")),
        ("Databricks token", _prefixed("dapi", r"[a-f0-9]{32}(?:-\d)?\b")),
        ("Atlassian API token", _prefixed("ATATT3", r"[A-Za-z0-9_\-=]{50,}")),
        ("Shopify token", _prefixed("shp", r"(?:at|ca|pa|ss)_[a-fA-F0-9]{32}")),
        ("age secret key", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
        ("Discord webhook", r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]{60,}"),
        ("Twilio API key", _prefixed("SK", r"[0-9a-f]{32}(?![A-Za-z0-9])")),
        ("Mailgun key", _prefixed("key-", r"[0-9a-z]{32}(?![A-Za-z0-9])")),
        ("SendGrid key", _prefixed("SG.", r"[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}")),
        ("Microsoft Teams webhook",
         r"webhook\.office\.com/webhookb2/[A-Za-z0-9@\-]+/IncomingWebhook/[A-Za-z0-9]+/"),
        ("CircleCI token", _prefixed("CCIPAT_", r"[A-Za-z0-9]{20,}_[a-f0-9]{40}")),
        ("Buildkite token", _prefixed("bkua_", r"[a-f0-9]{40}")),
        ("RubyGems key", _prefixed("rubygems_", r"[a-f0-9]{48}")),
        ("NuGet key", _prefixed("oy2", r"[a-z0-9]{43}\b")),
        ("Docker Hub token", _prefixed("dckr_", r"(?:pat|oat)_[A-Za-z0-9_\-]{27,}")),
        ("crates.io token", _prefixed("cio", r"(?=[A-Za-z]*\d)[A-Za-z0-9]{32}\b")),
        ("Artifactory token", _prefixed("AKCp", r"[A-Za-z0-9]{69}")),
        ("Artifactory token", _prefixed("cmVmdGtuOjAxOj", r"[A-Za-z0-9]{40,}")),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
        # Bare ``sk-`` keys are letters and digits only: a hyphenated slug such as
        # sk-learn-compatible-… is a name, not a key.
        ("OpenAI API key", r"\bsk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"
                           r"|(?=[A-Za-z]*\d)[A-Za-z0-9]{32,}(?![A-Za-z0-9_\-]))"),
        ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        # A PyPI token is a macaroon, base64 that always opens "AgE".
        ("PyPI token", r"\bpypi-AgE[A-Za-z0-9_\-]{50,}"),
        ("Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}\b"),
        ("Hugging Face org token", _prefixed("api_org_", r"[A-Za-z0-9]{30,}")),
        ("Groq key", _prefixed("gsk_", r"[A-Za-z0-9]{48,}")),
        ("Replicate token", _prefixed("r8_", r"[A-Za-z0-9]{37}")),
        ("Perplexity key", _prefixed("pplx-", r"[A-Za-z0-9]{40,}")),
        ("xAI key", _prefixed("xai-", r"[A-Za-z0-9]{70,}")),
        ("Together AI key", _prefixed("tgp_v1_", r"[A-Za-z0-9_\-]{40,}")),
        ("LangSmith key", _prefixed("lsv2_", r"(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}")),
        ("Pinecone key", _prefixed("pcsk_", r"[A-Za-z0-9_]{40,}")),
        ("ElevenLabs key", _prefixed("sk_", r"[a-f0-9]{48}\b")),
        ("Notion token", _prefixed("ntn_", r"[A-Za-z0-9]{40,}")),
        ("Linear key", _prefixed("lin_api_", r"[A-Za-z0-9]{40}")),
        ("Airtable token", _prefixed("pat", r"[A-Za-z0-9]{14}\.[a-f0-9]{64}")),
        ("Figma token", _prefixed("figd_", r"[A-Za-z0-9_\-]{40,}")),
        ("Postman key", _prefixed("PMAK-", r"[a-f0-9]{24}-[a-f0-9]{34}")),
        ("Dropbox token", _prefixed("sl.", r"[A-Za-z0-9_\-]{130,}")),
        ("Mapbox secret token", _prefixed("sk.eyJ", r"[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}")),
        ("Twitter bearer token", _prefixed("A" * 21, r"[A-Za-z0-9%]{40,}")),
        ("Facebook access token", _prefixed("EAA", r"[A-Za-z0-9]{100,}")),
        ("Firebase server key", _prefixed("AAAA", r"[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,}")),
        # Only from where a run of token characters starts: "eyJ-eyJ-…" is tried once.
        ("JSON Web Token", r"eyJ(?<![A-Za-z0-9_\-]eyJ)[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}"
                           r"\.[A-Za-z0-9_\-]{8,}"),
        ("bearer token", r"(?i)\bbearer\s+[A-Za-z0-9._~+/\-]{20,}=*"),
    )
)

#: How much of a value the assignment and URL patterns read (see ``ASSIGNMENT``).
VALUE_LIMIT = 256

#: ``scheme://user:password@host``; the password is judged like an assigned value.
#: The scheme and the password are bounded: a run of ``a-a-a-…`` has a word start at
#: every other character, and each would otherwise be read to the run's end.
URL_PASSWORD = re.compile(
    rf"\b[a-zA-Z][a-zA-Z0-9+.\-]{{0,31}}://[^/\s:@]{{0,{VALUE_LIMIT}}}:"
    rf"(?P<value>[^/\s@]{{1,{VALUE_LIMIT}}})@")

#: A key whose name holds one of these may be followed by a secret; which keys are, and
#: how sure the name makes it, is ``_key_strength``'s to say.  Public for the transcript
#: scanner, which looks for an assignment only where one of these words is.
KEY_WORDS = ("pass", "pw", "secret", "token", "key", "cred", "pat", "auth", "sig", "salt",
             "hmac", "cookie", "community", "psk")

#: ``key = value``, ``key: value``, ``key := value``; the key may close a quote
#: (``"password": "…"``, the JSON or YAML shape of an assignment).  The key is a whole
#: run of key characters holding one of ``KEY_WORDS``, taken atomically and only from
#: where a run starts: a text of 2,000 key characters is then read once, not once for
#: every place a key could start and end in it.  Whether its name is about a secret is
#: ``_key_strength``'s to say.  The value may be a quoted string, a ``<placeholder>``, a
#: ``${{ … }}``, ``$(…)`` or ``${…}`` expansion (so their spaces do not cut them short),
#: or a run up to a space, comma or semicolon.  Every part of a value is bounded
#: (``VALUE_LIMIT``): values overlap (``pass=pass=…``), and an unbounded one would be read
#: again from every key inside it; ``assignment_secret`` extends a secret cut short.
ASSIGNMENT = re.compile(
    rf"""(?ix)
    (?<![a-z0-9_.\-])(?=[a-z0-9_.\-]*?(?:{"|".join(KEY_WORDS)}))
    (?P<key>(?>[a-z0-9_.\-]+))
    (?P<close>["'])?
    \s*(?P<op>:=|=|:)\s*
    (?P<value>"[^"\n]{{0,{VALUE_LIMIT}}}"|'[^'\n]{{0,{VALUE_LIMIT}}}'|<[^<>\n]{{0,80}}>
        |\$\{{\{{[^}}\n]{{0,{VALUE_LIMIT}}}\}}\}}|\$\([^)\n]{{0,{VALUE_LIMIT}}}\)
        |\$\{{[^}}\n]{{0,{VALUE_LIMIT}}}\}}|[^\s,;&]{{1,{VALUE_LIMIT}}})
    """
)
#: The rest of a value ``ASSIGNMENT`` cut at ``VALUE_LIMIT``.
_VALUE_REST = re.compile(r"[^\s,;&]*")
#: The longest JSON key ``keyed_secret`` reads as a name.
_KEY_LIMIT = 200

#: The words of a key: ``AWS_SECRET_ACCESS_KEY``, ``rootPassword``, ``APIKey``.
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
#: A key ending with one of these (its words joined) names the secret itself: any real
#: value under it is one.
_STRONG_ENDINGS = (
    "password", "passwd", "passphrase", "pwd", "secret", "token", "apikey", "accesskey",
    "privatekey", "secretkey", "authkey", "masterkey", "signingkey", "encryptionkey",
    "accountkey", "appkey", "clientkey", "clientkeydata", "credentials", "credential",
    "storepass", "keypass",
)
#: A last word that names the secret as one short word: ``SMTP_PASS``, ``AZURE_DEVOPS_PAT``.
_STRONG_LAST = frozenset({"pass", "pat", "pw", "creds", "community", "psk", "keytab"})
#: Words that make a key about a secret without naming it (``AUTH``, ``COOKIE_SIG``,
#: ``HMAC``): only a generated-looking value under it counts.
_WEAK_WORDS = ("secret", "token", "password", "passwd", "credential")
#: The same, as whole words only (``auth`` but not ``authority``, ``sig`` but not ``design``).
_WEAK_WHOLE = frozenset({"auth", "authn", "sig", "signature", "salt", "hmac", "cookie", "cred"})
#: A last word that makes the key about a secret rather than the secret: its lifetime,
#: its URL, its header, the file or the name it is kept under, its id.
_ABOUT_LAST = frozenset({
    "ttl", "type", "url", "uri", "endpoint", "length", "len", "count", "expiry", "expires",
    "timeout", "header", "name", "id", "file", "path", "dir", "field", "prefix", "suffix",
    "hash", "hashers", "helper", "limit", "size", "format", "mode", "index", "ref", "arn",
    "days", "seconds", "minutes", "hours", "policy", "rotation", "scope", "scopes",
    "version", "algorithm", "alg", "env", "var", "location", "store", "source",
})
#: A word before the secret word that makes the key about something else: a model's
#: special tokens, counts and limits, pagination cursors, switches, and public keys.
_ABOUT_QUALIFIER = frozenset({
    "max", "min", "num", "n", "total", "count", "page", "next", "prev", "previous",
    "continuation", "cursor", "sync", "resume", "pad", "bos", "eos", "unk", "sep", "cls",
    "mask", "special", "start", "end", "stop", "public", "publishable", "pub", "is", "has",
    "use", "enable", "enabled", "require", "required", "no", "existing", "idempotency",
    "sort", "partition", "primary", "foreign", "cache", "input", "output", "new",
})
_STRONG, _WEAK = 2, 1

#: An HTTP ``Authorization`` header's credentials: ``Basic <base64 of user:password>``,
#: ``Bearer <token>``, ``Token <token>``, Okta's ``SSWS <token>``; in a header line, a
#: ``curl -H`` or a dict.
_AUTH_VALUE = (r"(?P<scheme>basic|bearer|token|ssws|[A-Za-z][A-Za-z0-9\-]{1,30})\s+"
               r"(?P<secret>[A-Za-z0-9._~+/\-]{1,4096}=*)")
AUTH_HEADER = re.compile(rf"(?i)\bauthorization[\"']?\s*[:=]\s*[\"']?{_AUTH_VALUE}")
_AUTH_ONLY = re.compile(rf"(?i)\s*{_AUTH_VALUE}\s*")
_AUTH_NAME = re.compile(r"(?i)(?:proxy-)?authorization")

_PLACEHOLDER = re.compile(
    r"""(?ix)^(
        <[^>]*> | \$\{?[a-z_][a-z0-9_]*\}? | \$\{.*\} | \$\(.*\) | %\(?[a-z_]+\)?s?
        | %[a-z_][a-z0-9_]*% | \$env:[a-z_]\w* | \{\{.*\}\} | \*+ | x{3,} | \.{3} | …
        | \[[a-z_|\-\ ]{1,40}\] | redacted | hidden | none | null | nil | true | false
        | unset | empty | changeme | change[_\-]me | example | env | \( .* \)
        | todo | tbd | fixme | placeholder | replace[_\-]?me | dummy | fake | sample
        | (?:your|my)[_\-\ ].* | .*[_\-\ ]here
        | [x*•.\-_\ 0]{4,} | \{[a-z_][\w.]*\}.* | .*(?:x{6,}|\*{4,}|0{8,}).*
        | .{0,16}(?:\.{3}|…) | .*example.* | pk(?:\.|_live_|_test_).*
        | enc\[.* | \$ansible_vault.* | !vault.*
        | (?:file|env|vault|secret|secrets|op|ssm|awssm|gcpsm|azkv|keyring|cmd|exec):.*
    )$"""
)

#: Where a secret lives rather than what it is: an environment lookup, a getter call, a
#: file path, an attribute.  Recording those is exactly what the ledger should do instead.
#: A call's name starts with letters only, so a value such as ``Pa55(word)`` stays a value.
_REFERENCE = re.compile(
    r"""(?x)^(
        \$[A-Za-z_]\w*
        | (?:process\.env|import\.meta\.env)\.\w+
        | [A-Za-z_][A-Za-z_]*(?:(?:\.|::)[A-Za-z_]\w*)*\(.*
        | [A-Za-z_][\w.]*\[.*\]
        | [A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+
        | (?:~|\.{1,2})?/[\w.\-/]+
    )$"""
)
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9+/=_\-.~:]+")
_SEGMENT_SPLIT = re.compile(r"[_\-./:+=~]+")
#: A segment people write: a word, a number, a word with a version (``ed25519``, ``v2``).
_WORDLIKE = re.compile(r"[A-Za-z]+\d*|\d+[A-Za-z]*")


# -- shapes that are judged ------------------------------------------------------------------

def _is_example(value: str) -> bool:
    """A documentation example (``wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``)."""
    return "EXAMPLE" in value.upper()


def _bare_aws_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """A 40-character base64 run is an AWS secret key only when it looks like one: both
    cases and digits (a commit id is hex, a word run is not mixed), random bytes under it
    (base64 of text decodes to text)."""
    value = match.group(0)
    if re.fullmatch(r"[0-9a-fA-F]+", value):
        return None
    if not (any(c.isupper() for c in value) and any(c.islower() for c in value)
            and any(c.isdigit() for c in value)):
        return None
    if _decodes_to_text(value) or _entropy(value) < 4.2 or _is_example(value):
        return None
    return match.span()


def _discord_token(match: re.Match[str]) -> tuple[int, int] | None:
    """A Discord bot token's first part is the bot's numeric id in base64."""
    first = match.group(0).split(".", 1)[0]
    try:
        decoded = base64.b64decode(first + "=" * (-len(first) % 4), altchars=b"-_",
                                   validate=True).decode("ascii")
    except (binascii.Error, ValueError):
        return None
    return match.span() if decoded.isdigit() and len(decoded) >= 15 else None


def _base64_private_key(match: re.Match[str]) -> tuple[int, int] | None:
    """base64 of a PEM block (kubeconfig ``client-key-data``): a key, not a certificate."""
    head = match.group(0)[:96]
    try:
        decoded = base64.b64decode(head[: len(head) - len(head) % 4], validate=True)
    except (binascii.Error, ValueError):
        return None
    return match.span() if b"PRIVATE KEY" in decoded else None


#: A name made of words (``db-password``), each with a vowel: no password a tool made.
_NAME_WORD = r"(?:[a-z]{1,3}|[a-z]*[aeiouy][a-z]*)"
_NAME = re.compile(rf"{_NAME_WORD}(?:[-_]{_NAME_WORD})+")


def _command_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """The value of a password given on a command line, unless it is a placeholder, a
    reference (``-p"$MYSQL_PASSWORD"``), another option, or a number (a port)."""
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if len(value) < 4 or value.startswith("-") or value.isdigit() or _is_placeholder(value):
        return None
    if _NAME.fullmatch(value):
        return None  # a name (--secret=db-password), not a value
    return start, end


def _xml_named(match: re.Match[str]) -> tuple[int, int] | None:
    """``<string name="api_key">VALUE</string>`` (Android resources), ``<entry
    key="password">VALUE</entry>``: an element named by its attribute.  Under a name for
    the secret any word-free value counts, under one mentioning it a generated value."""
    key = match.group("key").rsplit(".", 1)[-1]
    strength = _key_strength(key)
    value = match.group("value").strip()
    if strength is None or " " in value or not _secret_value(key, strength, value):
        return None
    return match.span("value")


def _xml_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """``<password>…</password>``, as Maven's settings.xml and many others write it."""
    key = match.group("key").rsplit(":", 1)[-1]
    strength = _key_strength(key)
    value = match.group("value").strip()
    if strength != _STRONG or not _secret_value(key, strength, value):
        return None
    return match.span("value")


#: Shapes that need a judge: (name, pattern, judge), the judge giving where the secret
#: is, or None.  Public for the transcript scanner.
JudgedPattern = tuple[str, re.Pattern[str], Callable[[re.Match[str]], tuple[int, int] | None]]

def _looking_back(before: str, limit: int) -> Callable[[re.Match[str]], tuple[int, int] | None]:
    """A judge for a shape matched from a literal in its middle (``:AA`` of a Telegram
    token, ``Q~`` of an Azure secret): the text before the match must end with
    ``before`` (at most ``limit`` characters back), and the credential starts there.
    Matching from the literal lets ``re`` search for it quickly instead of trying the
    shape at every position of a transcript."""
    tail = re.compile(f"(?:{before})\\Z")

    def judge(match: re.Match[str]) -> tuple[int, int] | None:
        start = match.start()
        window = match.string[max(0, start - limit):start]
        found = tail.search(window)
        return None if found is None else (start - len(window) + found.start(), match.end())
    return judge


# -- shapes of any provider ------------------------------------------------------------------
#
# The patterns above know providers; these know where people paste secrets.  Each is
# bounded (a text of repeated pieces cannot make one read far from every place), and each
# match is judged by what its value looks like: generated (letters and digits mixed the
# way no name mixes them), or a password's mix of character classes.

def _class_changes(value: str) -> float:
    """The share of neighbouring characters of different classes (upper, lower, digit,
    other): about 0.6 in a random base62 string, under 0.2 in a name such as
    ``parseHttpResponse2``."""
    def kind(ch: str) -> int:
        return 0 if ch.isupper() else 1 if ch.islower() else 2 if ch.isdigit() else 3
    kinds = [kind(ch) for ch in value]
    return sum(a != b for a, b in itertools.pairwise(kinds)) / max(len(value) - 1, 1)


def _random_token(value: str, least: int = 16) -> bool:
    """Whether ``value`` looks machine-generated: ``least`` characters or more of token
    characters, letters and digits, mixed at random, and not a UUID, not base64 of text."""
    if (len(value) < least or not _TOKEN_CHARS.fullmatch(value) or UUID.fullmatch(value)
            or _not_secret_shape(value)):
        return False
    if not _looks_random(value) or _entropy(value) < 3.3:
        return False
    if re.fullmatch(r"[0-9a-fA-F]+", value):
        return len(value) >= 32 and _class_changes(value) >= 0.3
    core = re.sub(r"[^A-Za-z0-9]", "", value)
    if _class_changes(core) < 0.3:
        return False
    return not _decodes_to_text(value) or _encoded_pair(value)


def _encoded_pair(value: str) -> bool:
    """base64 of ``id:key`` with a random key (an Elasticsearch API key, a registry's
    ``auth``): text, but a secret all the same."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (binascii.Error, ValueError):
        return False
    _, colon, key = decoded.partition(":")
    return bool(colon) and len(key) >= 8 and bool(_TOKEN_CHARS.fullmatch(key)) \
        and _looks_random(key)


def _password_shaped(value: str) -> bool:
    """A value a person made up as a password: 8 characters or more, no space, and three
    of lower case, upper case, digits and symbols (``Tr0ub4dor&3``, not ``username``)."""
    if len(value) < 8 or any(ch.isspace() for ch in value) or _is_placeholder(value):
        return False
    classes = (any(c.islower() for c in value), any(c.isupper() for c in value),
               any(c.isdigit() for c in value), any(not c.isalnum() for c in value))
    return sum(classes) >= 3 or _random_token(value)


#: Syllables of a token's prefix that say it is a credential (``sk_``, ``pat_``, ``api_``).
_CREDENTIAL_PREFIX = re.compile(r"(?i)(?:sk|pat|key|tok|token|api|secret|live|prod|auth"
                                r"|access|refresh|bot|sess|sdk)")
#: Prefixes of things that are not credentials: digests and ids.
_DIGEST_PREFIX = re.compile(r"(?i)(?:sha\d*|md5|blake\d*|crc\d*|git|commit|blob|tree|rev|id"
                            r"|uuid|ulid|nonce|etag|hash|digest|build|run|trace|span|req"
                            r"|request|pi|ch|cus|txn|evt|in|sub|prod_id|v\d+)")


def _prefixed_token(match: re.Match[str]) -> tuple[int, int] | None:
    """``<prefix>_<random body>``, the shape most providers now give their tokens
    (``xyz_live_9fK2…``): a short lower-case prefix, a separator, a long random body.
    The body must be longer when the prefix says nothing about a credential."""
    prefix, body = match.group("prefix"), match.group("body")
    if _DIGEST_PREFIX.fullmatch(prefix.rstrip("_-.")) or _is_placeholder(match.group(0)):
        return None
    credential = _CREDENTIAL_PREFIX.search(prefix) is not None
    if not credential and not prefix.endswith("_") and re.fullmatch(r"[0-9a-fA-F]+", body):
        return None  # a digest under a name (``v3-deps-<sha256>``), not ``sqa_<hex>``
    least = 20 if credential else 32
    return match.span() if _random_token(body, least) or generated(body, least) else None


#: A word that says a secret follows, in prose, a header or a line of configuration.
_CONTEXT_WORD = (r"passwords?|passwd|passphrase|pwd|secrets?|tokens?|api[ _\-]?keys?"
                 r"|access[ _\-]?keys?|private[ _\-]?keys?|signing[ _\-]?keys?|keys?"
                 r"|credentials?|creds|auth|authorization|bearer|pat|cookie|license[ _\-]?key"
                 r"|authtoken|add-authtoken")
#: The window after the word a value is looked for in, and the values in it.
_CONTEXT_WINDOW = 80
_CONTEXT_VALUE = re.compile(r"(?<![A-Za-z0-9+/=_\-.~])[A-Za-z0-9+/=_\-.~]{16,300}")
#: Words between the secret word and the value that make the value something else.
#: Hex, which prose beside a word for a key holds as a test vector as often as a key.
_HEX_RUN = re.compile(r"[0-9a-fA-F]+")
_CONTEXT_ABOUT = re.compile(
    r"(?i)\b(?:id|ids|fingerprint|hash|hashes|sha\d*|md5|checksum|commit|public"
    r"|pub|name|file|path|url|uri|length|ttl|expir\w*|count|limit|header|type|version"
    r"|format|scope|scopes|uuid|request|trace|nonce|etag|issuer|audience|kid)\b")


def _context_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """A generated-looking value close after a word that announces a secret, on the same
    line: "the new API key is 9fK2…", "X-Custom-Token: 9fK2…", "token 9fK2…"."""
    text = match.string
    before = text[max(0, match.start() - 12):match.start()].lower()
    if "public" in before or "pub" in before.split()[-1:] or _qualified(text, match.start()):
        return None
    limit = match.end() + _CONTEXT_WINDOW
    end = text.find("\n", match.end(), limit + 300)
    end = min(len(text), limit + 300) if end < 0 else end
    for value in _CONTEXT_VALUE.finditer(text, match.end(), end):
        if value.start() > limit:
            return None
        if _CONTEXT_ABOUT.search(text, match.end(), value.start()):
            return None
        token = value.group(0).rstrip(".,:=")
        if re.fullmatch(r"[0-9a-fA-F]{40}|[0-9a-fA-F]{64}", token):
            continue  # a commit id, a fingerprint, a SHA-256
        shaped = _random_token(token) or (generated(token) and not _HEX_RUN.fullmatch(token))
        if shaped and "/" not in token.strip("/="):
            return value.start(), value.start() + len(token)
    return None


#: The word before a key, on its line: ``cache key:``, ``sort key =``.
_WORD_BEFORE = re.compile(r"([A-Za-z]{1,20})[ \t]{1,4}\Z")


def _qualified(text: str, at: int) -> bool:
    """Whether the word before a key at ``at`` makes it about something else (a ``cache
    key``, a ``primary key``, a ``public key``): the qualifier a name like ``cache_key``
    holds, written as a separate word."""
    word = _WORD_BEFORE.search(text, max(0, at - 25), at)
    return word is not None and word.group(1).lower() in _ABOUT_QUALIFIER


def _quoted_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """A quoted name and a quoted value beside it: ``define('DB_PASSWORD', '…')``,
    ``'password' => '…'``, ``os.environ["API_KEY"] = "…"``, ``<add key="ApiKey"
    value="…"/>``.  After a comma (a call's arguments, a list) the value must look like
    a password or a token: ``["password", "username"]`` is a list of names."""
    key, value = match.group("key"), match.group("value")
    strength = _key_strength(key)
    if strength is None or not _secret_value(key, strength, value):
        return None
    if (match.group("op") == "," or " " in value) and not _password_shaped(value):
        return None
    return match.span("value")


def _netrc_password(match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("value")
    return None if len(value) < 4 or _is_placeholder(value) else match.span("value")


def _spaced_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """``password VALUE``, ``community VALUE``, ``Splunk_Token VALUE``, ``PSK "VALUE"``,
    ``IDENTIFIED BY 'VALUE'``: a device's or a daemon's configuration line, a statement or
    prose.  The value must look like a password, a token or a UUID key; a type digit
    before it (Cisco's ``password 7 …``) makes any long value one."""
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if _is_placeholder(value) or _is_example(value):
        return None
    typed = match.group("type") is not None and len(value) >= 8 and value.isalnum()
    quoted = match.string[match.start("value")] in "\"'" and len(value) >= 8 and " " not in value
    if (typed or quoted or _password_shaped(value) or _random_token(value)
            or UUID.fullmatch(value)):
        return start, end
    return None


def _shaped_password(match: re.Match[str]) -> tuple[int, int] | None:
    """A value in a place that holds a password (``user/PASSWORD@db``, a ``.pgpass``
    line, ``net user NAME PASSWORD``): it counts when it looks like one."""
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    return (start, end) if _password_shaped(value) and not _is_example(value) else None


def _any_value(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    return None if len(value) < 4 or _is_placeholder(value) else (start, end)


#: Armoured blocks that are public: certificates, public keys, signatures, parameters.
_PUBLIC_ARMOUR = re.compile(r"(?i).*(?:CERTIFICATE|PUBLIC KEY|SIGNATURE|PARAMETERS|CRL"
                            r"|PGP MESSAGE|REQUEST)")


def _armoured_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Any ``-----BEGIN …-----`` block that is not public material: private keys of every
    kind, OpenVPN static keys, whatever a tool armours next.  The span reaches its END
    line when that is near."""
    if _PUBLIC_ARMOUR.match(match.group("label")):
        return None
    end = match.string.find("-----END", match.end(), match.end() + 16384)
    if end < 0:
        return match.span()
    close = match.string.find("-----", end + 8, end + 80)
    return match.start(), (close + 5 if close >= 0 else end + 8)


#: Words a BIP-39 phrase never holds and prose always does.
_PROSE_WORDS = frozenset({"the", "and", "to", "of", "is", "in", "it", "for", "with", "on",
                          "be", "this", "that", "from", "by", "or", "are", "we", "not"})


def _seed_phrase(match: re.Match[str]) -> tuple[int, int] | None:
    """Twelve or more plain words after a word for a wallet's seed: a BIP-39 phrase."""
    words = match.group("value").split()
    return match.span("value") if len(set(words) & _PROSE_WORDS) == 0 else None


def _random_cookie(match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("value")
    random_hex = len(value) >= 32 and re.fullmatch(r"[0-9a-fA-F]+", value) is not None
    return match.span("value") if random_hex or _random_token(value) else None


_HOOK_PART = re.compile(r"[A-Za-z0-9_\-]{6,200}")


def _webhook_path(match: re.Match[str]) -> tuple[int, int] | None:
    """A hook URL (``hooks.host/…``, ``…/hooks/…``, ``…/triggers/…``) carries its secret in
    its path: whoever has the URL can post.  A part after the hook that is hex, generated
    or made of letters and digits that are no word (``/catch/5280584/ysd6cki/``) counts;
    numbers are the account's id, words are the route."""
    at = match.start("path")
    for part in _HOOK_PART.finditer(match.group("path")):
        value = part.group(0)
        random_hex = len(value) >= 24 and re.fullmatch(r"[0-9a-fA-F]+", value) is not None
        short = (len(value) <= 16 and value.isalnum() and not value.isdigit()
                 and not _is_placeholder(value)
                 and (not _WORDLIKE.fullmatch(value) or not re.search(r"(?i)[aeiouy]", value)))
        if random_hex or short or _random_token(value) or generated(value, 16):
            return at + part.start(), at + part.end()
    return None


#: What stands right before a digest, a public key or data: ``h1:``, ``SHA256:``,
#: ``ssh-rsa``, ``base64,``, a publishable key's ``pk_``.
_PUBLIC_BEFORE = re.compile(r"(?i)(?:\bh\d:|sha\d*[:\-=]|md5[:=]|fingerprint\b[^\n]*"
                            r"|\bssh-[\w\-]+\s+|ecdsa-[\w\-]+\s+|base64,|\bpk(?:\.|_live_|_test_)"
                            r"|\bsha\d+-|\bsecure:\s*v\d:[A-Za-z0-9+/=]{0,40}:|\bvault:v\d:)$")


def _in_public_block(text: str, at: int) -> bool:
    """Whether ``at`` is in the body of an armoured block of public material."""
    begin = text.rfind("-----BEGIN ", max(0, at - 8192), at)
    return begin >= 0 and bool(_PUBLIC_ARMOUR.match(text, begin + 11, begin + 71))


def _bare_random(match: re.Match[str]) -> tuple[int, int] | None:
    """A run of 24 to 100 base64 characters with upper case, lower case and digits mixed
    at random, standing alone or as the last part of a path (``/v2/<key>``): how a key
    without a known prefix looks wherever it is pasted.  Not base64 of text, not inside
    a certificate or a public key block, not a digest or ciphertext."""
    text = match.string
    at = match.start()
    run = match.group(0)
    line = text.rfind("\n", max(0, at - 200), at) + 1
    if (len(run) > 120 or _not_secret_shape(run) or run.startswith("LS0tLS1CRUdJTi")
            or _PUBLIC_BEFORE.search(text[max(0, at - 40):at])
            or "public" in text[max(line, at - 40):at].lower()
            or "enc[" in text[line:at].lower()
            or _in_public_block(text, at)):
        return None  # a digest, public material, base64 of an armoured block, ciphertext
    for part in [run, *run.split("/")] if "/" in run else [run]:
        value = part.rstrip("=")
        if (24 <= len(value) <= 100 and any(c.isupper() for c in value)
                and any(c.islower() for c in value) and any(c.isdigit() for c in value)
                and _class_changes(value) >= 0.45 and _entropy(value) >= 4.0
                and not _not_secret_shape(value) and not _is_example(value)
                and not _decodes_to_text(part)):
            return (match.start(), match.end()) if part is run else (at, at + len(part))
        if part is not run:
            at += len(part) + 1
    return None


def _grouped_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``e84j-kk5f-wid8-7i1r``: an app password or a licence key, groups of four to six
    letters and digits mixed in most groups (hex groups are ids, and words are names)."""
    text, start = match.string, match.start()
    head = re.search(r"(?<![A-Za-z0-9\-])[A-Za-z0-9]{4,6}-\Z", text[max(0, start - 7):start + 1])
    if head is None:
        return None
    begin = start + 1 - len(head.group(0))
    value = text[begin:match.end()]
    groups = value.split("-")
    if len({len(g) for g in groups}) != 1 or re.fullmatch(r"[0-9a-fA-F\-]+", value):
        return None
    digits = sum(any(c.isdigit() for c in g) for g in groups)
    letters = sum(any(c.isalpha() for c in g) for g in groups)
    if digits < 2 or letters < 2:
        return None
    return begin, match.end()


def _prefixed_uuid(match: re.Match[str]) -> tuple[int, int] | None:
    """``sdk-<uuid>``: a UUID under a prefix that names a credential is a key."""
    return match.span() if _CREDENTIAL_PREFIX.fullmatch(match.group("prefix")) else None


def _uuid_after_word(match: re.Match[str]) -> tuple[int, int] | None:
    """``snyk auth <uuid>``, ``token <uuid>``: a UUID right after such a word is a key."""
    return match.end() - 36, match.end()


_URL_BREAK = re.compile(r"[\s\"'<>]")


def _url_random(match: re.Match[str]) -> tuple[int, int] | None:
    """``_bare_random`` for the last part of a URL's path (``https://…/v2/<key>``)."""
    start = match.start()
    scheme = match.string.rfind("://", max(0, start - 400), start)
    if scheme < 0 or _URL_BREAK.search(match.string, scheme, start):
        return None  # not in the URL: a space, a quote or a line break lies between
    return _bare_random(match)


#: Whether the scanner is reading what it decoded (one level deep, no more).
_DECODING: contextvars.ContextVar[bool] = contextvars.ContextVar("decoding", default=False)


def _encoded_credential(match: re.Match[str]) -> tuple[int, int] | None:
    """base64 of text that holds a credential: a Kubernetes Secret's ``data``, a
    ``.dockerconfigjson``, a config pasted encoded.  Read one level deep."""
    if _DECODING.get():
        return None
    value = match.group(0)
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (binascii.Error, ValueError):
        return None
    if not decoded.isprintable() and not all(ch.isprintable() or ch in "\n\r\t"
                                             for ch in decoded):
        return None
    token = _DECODING.set(True)
    try:
        found = find_credential(decoded)
    finally:
        _DECODING.reset(token)
    return match.span() if found else None


def _random_or_encoded(match: re.Match[str]) -> tuple[int, int] | None:
    """A run of base64 characters: a random key (``_bare_random``), or base64 of text
    holding a credential (``_encoded_credential``)."""
    found = _bare_random(match)
    if found is None and len(match.group(0)) >= 40:
        found = _encoded_credential(match)
    return found


def _private_jwk(match: re.Match[str]) -> tuple[int, int] | None:
    """A JSON Web Key's private exponent ``"d"``, beside a ``"kty"``."""
    text = match.string
    window = text[max(0, match.start() - 2000):match.end() + 2000]
    return match.span("value") if '"kty"' in window else None


# -- positional secrets ------------------------------------------------------------------------
#
# A secret with no word beside it that names it: an argument of a command, a value given to
# an SDK's constructor, a token as a URL's user, a line of a daemon's config.  Where it
# stands says little, so what it looks like decides: generated, or made up by a person.

#: Symbols people put in passwords; ``_made_up`` needs one, or both cases, beside digits.
_PW_SYMBOL = re.compile(r"[!#$%&*+?^~@|;<>()\[\]{}]")
#: Symbols that neither code, paths, versions nor addresses use in a word.
_STRICT_SYMBOL = re.compile(r"[!#$%&*?^]")
_CODE_CHARS = re.compile(r"[(){}\[\]<>;|'\"`\\/=+,]")
_ADDRESS = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
_DIGEST = re.compile(r"[0-9a-fA-F]{40}|[0-9a-fA-F]{64}")
_WORDS_RUN = re.compile(r"\S+")


def _made_up(value: str) -> bool:
    """A password a person made: 8-64 characters, no space or slash, letters and digits
    with a symbol or both cases, and not a run of words (``v2-Beta1``) or an address."""
    if not 8 <= len(value) <= 64 or any(c.isspace() for c in value) or "/" in value:
        return False
    if _is_placeholder(value) or _is_example(value) or _ADDRESS.fullmatch(value):
        return False
    lower = any(c.islower() for c in value)
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = _PW_SYMBOL.search(value) is not None
    if not ((lower or upper) and digit and (symbol or (lower and upper))):
        return False
    segments = [s for s in re.split(r"[_\-.:=,]+", value) if s]
    return not all(_WORDLIKE.fullmatch(s) for s in segments)


def _strict_made_up(value: str) -> bool:
    """A made-up password as it stands among other words: both cases and a symbol no code,
    path, version or address uses, or letters, digits and two such symbols."""
    if not 8 <= len(value) <= 64 or _CODE_CHARS.search(value) or _is_placeholder(value):
        return False
    if value.startswith(("$", "%", "#", "!", "&", "*", "?")) or _is_example(value):
        return False
    symbols = len(_STRICT_SYMBOL.findall(value))
    lower = any(c.islower() for c in value)
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    if not digit and len(value) < 10:
        return False
    return bool(symbols) and ((lower and upper) or ((lower or upper) and digit and symbols >= 2))


def _words_of_a_name(value: str) -> bool:
    """Whether the letters of ``value`` split into words a person would write
    (``GitHubActions``): each word of three letters or more has a vowel."""
    words = _WORD.findall(re.sub(r"[^A-Za-z]", " ", value))
    return bool(words) and all(len(w) < 3 or re.search(r"[aeiouyAEIOUY]", w) for w in words)


def _mixed_random(value: str) -> bool:
    """A short generated value: 12 characters or more, both cases, changing class the way
    no identifier does, not base64 of text."""
    core = re.sub(r"[^A-Za-z0-9]", "", value)
    return (12 <= len(value) <= 128 and bool(_TOKEN_CHARS.fullmatch(value))
            and any(c.islower() for c in core) and any(c.isupper() for c in core)
            and not _words_of_a_name(value) and _class_changes(core) >= 0.4
            and _entropy(value) >= 3.3 and not _is_example(value)
            and not _is_placeholder(value) and not (len(value) >= 16 and _decodes_to_text(value)))


def _secret_like(value: str) -> bool:
    return not _is_example(value) and (
        _made_up(value) or _random_token(value) or _mixed_random(value))


def _spaced_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``requirepass VALUE``, ``masterauth VALUE``, ``password 7 VALUE``: a config line
    whose key names a secret, the value after spaces (a type digit makes any long value
    one)."""
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end].rstrip(":,;.")
    end = start + len(value)
    if _is_placeholder(value) or _PUBLIC_MATERIAL.match(value):
        return None  # a placeholder, a public key
    if _DIGEST.fullmatch(value) or UUID.fullmatch(value):
        # a key's fingerprint or id under ``key``; the secret itself under a name for one
        named = _key_strength(match.group("key")) == _STRONG and not _qualified(
            match.string, match.start("key"))
        return (start, end) if named and match.group("key").lower() != "key" else None
    typed = match.group("type") is not None and len(value) >= 8 and value.isalnum()
    return (start, end) if typed or _secret_like(value) else None


def _shell_positional(match: re.Match[str]) -> tuple[int, int] | None:
    """An argument of a command that is a made-up password (``radtest NAME S3cret!pw
    HOST``): letters and a symbol no path, flag, version or ref uses."""
    at = match.start("rest")
    for word in _WORDS_RUN.finditer(match.group("rest")):
        value = word.group(0).strip("\"'")
        if "=" not in value and "/" not in value and not value.startswith("-") \
                and _strict_made_up(value):
            return at + word.start(), at + word.end()
    return None


def _signin_argument(match: re.Match[str]) -> tuple[int, int] | None:
    """``snyk auth <key>``, ``b2 account authorize <id> <key>``, ``tool login <token>``: a
    generated or made-up argument after a command that signs in."""
    at = match.start("rest")
    for word in _WORDS_RUN.finditer(match.group("rest")):
        value = word.group(0).strip("\"'")
        if value.startswith("-") or "/" in value or "=" in value or _is_placeholder(value):
            continue
        if (_random_token(value, 16) or _mixed_random(value) or _strict_made_up(value)
                or UUID.fullmatch(value)):
            return at + word.start(), at + word.end()
    return None


_USER_VERB = re.compile(r"(?i)(?<![\w\-])(?:add_?|new|create[_\-]?)\Z")


def _user_command(match: re.Match[str]) -> tuple[int, int] | None:
    """``add_user NAME PASSWORD``, ``createuser NAME PASSWORD`` in any tool."""
    at = match.start()
    if match.group("verb") is None and not _USER_VERB.search(match.string, max(0, at - 8), at):
        return None
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if len(value) < 4 or value.startswith(("-", "$")) or _is_placeholder(value):
        return None
    return start, end


def _token_userinfo(match: re.Match[str]) -> tuple[int, int] | None:
    """``https://<token>@host``: a token as a URL's user (git over HTTPS, a DSN)."""
    value = match.group("value")
    hexy = re.fullmatch(r"[0-9a-f]{32,}", value) is not None
    return match.span("value") if hexy or _random_token(value) else None


#: A call that sets a client up (``Client(…)``, ``rollbar.init(…)``), and one whose
#: argument is data (a digest, an id, a colour).
_SETUP_CALL = re.compile(r"init|client|config|setup|connect|auth|login|key|token|secret"
                         r"|api|credential|sdk|session|start|create|register|set|new")
_CALL_NAME = re.compile(r"[A-Za-z_][\w.]{0,60}\Z")
#: A call that builds a client with its key.
_CLIENT_CALL = re.compile(r"client|init|auth|login|token|sdk|connect")
_DATA_CALL = re.compile(r"sha|hash|digest|commit|checkout|rev|verify|uuid|id$|color"
                        r"|encode|decode|b64|hex|load|track")


def _call_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``Client('<key>')``, ``rollbar.init('<hex>')``, ``MakeClient("sdk-<uuid>")``: an
    SDK set up with a key as its first argument."""
    named = _CALL_NAME.search(match.string, max(0, match.start() - 61), match.start())
    call = named.group(0).lower() if named else ""
    value = match.group("value")
    if not _SETUP_CALL.search(call) or _DATA_CALL.search(call):
        return None
    if _DIGEST.fullmatch(value):  # hex a client is built with is its key, not a digest
        return match.span("value") if _CLIENT_CALL.search(call) else None
    if KEYED_UUID.fullmatch(value) and re.search(r"init|client|key|token|auth|sdk", call):
        return match.span("value")
    return match.span("value") if _random_token(value) else None


#: A URL query's parameter that holds a key (``?appid=``, ``&code=``, ``?k=``).
_QUERY_KEY = re.compile(r"(?i)[?&](?:code|appid|app_id|access|session|sid|api|apikey|hapikey"
                        r"|k|auth|private_token|access_token|key|token|signature|sig)\Z")


def _query_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``?appid=<key>``: a generated value under a URL query's parameter for a key."""
    if not _QUERY_KEY.search(match.string, max(0, match.start() - 20), match.start()):
        return None
    return match.span("value") if _random_token(match.group("value")) else None


#: Last words of an environment variable's name that say its value is no secret.
_ENV_ABOUT = frozenset({
    "id", "sha", "hash", "commit", "rev", "revision", "digest", "checksum", "version",
    "uuid", "ref", "tag", "fingerprint", "nonce", "etag", "cursor", "url", "uri", "host",
    "path", "name", "region", "bucket", "dir", "file", "image", "arn", "zone", "project",
    "org", "user", "username", "email", "account", "tenant", "subscription", "number"})


def _env_random(match: re.Match[str]) -> tuple[int, int] | None:
    """``NAME=<generated value>`` in a dotenv file or an export, whatever the name, unless
    the name says the value is an id, a digest, a place or public."""
    words = [w.lower() for w in _WORD.findall(match.group("key"))]
    if (not words or words[-1] in _ENV_ABOUT or any(w in _ABOUT_QUALIFIER for w in words)):
        return None
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if (_DIGEST.fullmatch(value) or _is_example(value) or _is_placeholder(value)
            or _PUBLIC_MATERIAL.match(value)):
        return None
    return (start, end) if _random_token(value, 20) else None


def _flag_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``-p VALUE``, ``-pVALUE``, ``-k VALUE``, ``--pw VALUE`` in any tool: a made-up
    password or a generated token (``-p 8080:80`` and ``-t image:v1`` are neither)."""
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if value.startswith(("-", "$", "%")) or "/" in value or _is_placeholder(value):
        return None
    secret = _made_up(value) or _random_token(value, 20) or _mixed_random(value)
    if not secret and match.group(0).startswith("--"):
        secret = UUID.fullmatch(value) is not None  # --key <uuid>: a key, not an id
    return (start, end) if secret else None


def _user_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """``-u user:password``, ``-u user,password``, ``--auth user:password`` in any tool;
    not ``-u 1000:1000`` or ``--user app:app``."""
    user = match.group("user")
    if _random_token(user, 20) or generated(user):
        return match.span("user")  # -u KEY:X: a key given as the user, the password unused
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if len(value) < 4 or value.isdigit() or value.startswith("$") or _is_placeholder(value):
        return None
    if value.isalpha() and value.islower() and len(value) < 8:
        return None
    return start, end


def _said_password(match: re.Match[str]) -> tuple[int, int] | None:
    """"the password is Hunter2!x": a made-up value shortly after a word for a password."""
    start, end = _unquoted(match.string, *match.span("value"))
    value = match.string[start:end].rstrip(".,;)")
    return (start, start + len(value)) if _made_up(value) else None


def _expect_send(match: re.Match[str]) -> tuple[int, int] | None:
    """``send "VALUE\\r"`` after an ``expect`` of a password prompt."""
    if "assword" not in match.string[max(0, match.start() - 400):match.start()]:
        return None
    value = match.group("value")
    return match.span("value") if len(value) >= 4 and not _is_placeholder(value) else None


def _quoted_made_up(match: re.Match[str]) -> tuple[int, int] | None:
    return match.span("value") if _strict_made_up(match.group("value")) else None


_PRIVATE_BEFORE = re.compile(r"(?i)(?:private|secret|signing)[ _\-]?k\Z")


def _hex_private_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``private key 0x<64 hex>``: a raw private key (a wallet's, an Ed25519 seed)."""
    at = match.start()
    return match.span("value") if _PRIVATE_BEFORE.search(match.string, max(0, at - 12), at) \
        else None


def _whole(match: re.Match[str]) -> tuple[int, int] | None:
    return match.span()


#: The shapes of a line that ``_line_secret`` looks for (each within one line).
_COMMAND_LINE = re.compile(r"[ \t]*(?:\$[ \t]+|#[ \t]+|sudo[ \t]+)?[a-z][a-z0-9_.\-]{1,30}"
                           r"(?P<rest>[ \t][^\n]{1,1000})")
_ENV_LINE = re.compile(r"[ \t]*(?:export[ \t]+|set[ \t]+|\$env:)?"
                       r"(?P<key>[A-Za-z][A-Za-z0-9_]{1,60})"
                       r"""[ \t]{0,8}=[ \t]{0,8}(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'"""
                       r"""|[^\s"'#]{1,256})""")
_SPACED_KEY = re.compile(
    r"(?i)(?:^|(?<=[\s;{]))(?P<key>(?:[a-z][a-z0-9_.\-]{0,40})?(?:pass|password|passwd|pwd"
    r"|secret|token|auth|key|psk|passphrase|credentials?|community))[ \t]{1,8}"
    r"""(?P<type>\d[ \t]{1,8})?(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})""")


#: ``<hex id>:<hex secret>``: an API key of two parts (an admin key's id and its secret).
#: Searched within a line; a run of hex is entered only where it starts.
_HEX_PAIR = re.compile(r"(?<![A-Za-z0-9_\-])[0-9a-f]{16,64}:[0-9a-f]{32,128}(?![A-Za-z0-9_\-])")


def _line_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """A line of a config file, a dotenv file or a shell: a daemon's ``key VALUE``
    (``_spaced_key``), ``NAME=<generated>`` (``_env_random``), a command's made-up
    password argument (``_shell_positional``), and the line shapes of any provider
    (``credential_shapes.line_shapes``).  One pattern reads each line once (lines do not
    overlap, so the scan stays linear); these are tried within it."""
    text, start, end = match.string, match.start(), match.end()
    for keyed in _SPACED_KEY.finditer(text, start, end):
        if (span := _spaced_key(keyed)) is not None:
            return span
    for shape, judge in ((_ENV_LINE, _env_random), (_COMMAND_LINE, _shell_positional)):
        line = shape.match(text, start, end)
        if line is not None and (span := judge(line)) is not None:
            return span
    if (pair := _HEX_PAIR.search(text, start, end)) is not None:
        return pair.span()
    return line_shapes(match)


#: Where secrets stand with no word naming them, as ``GENERIC_PATTERNS`` entries.
POSITIONAL_PATTERNS: tuple[JudgedPattern, ...] = (
    ("a secret in a line of configuration or a command",
     re.compile(r"(?m)^[^\n]+"), _line_secret),
    # one pattern for each literal, so that the prefilter can skip them over prose
    *(("a secret given to a sign-in command",
       re.compile(rf"{word}(?<![\w\-]{word}){tail}(?![\w\-])(?P<rest>[ \t][^\n|;&]{{1,300}})"),
       _signin_argument) for word, tail in (("auth", "(?:orize|enticate)?"), ("login", ""))),
    *(("a quoted password",
       re.compile(rf"{quote}(?<![\w\\]{quote})(?P<value>[^{quote}\s]{{8,64}}){quote}"),
       _quoted_made_up) for quote in "\"'"),
    ("password given to a user command",
     re.compile(r"user(?P<verb>[ \t]+(?:add|create|set))?[ \t]+(?:-\S{1,40}[ \t]+){0,4}"
                r"[^\s-]\S{0,63}"
                r"""[ \t]+(?P<value>"[^"\n]{1,128}"|'[^'\n]{1,128}'|[^\s"']{1,128})"""),
     _user_command),
    ("token in a URL",
     re.compile(r"://(?P<value>[A-Za-z0-9_\-]{20,200}):?@[A-Za-z0-9\-]"), _token_userinfo),
    ("key given to a call",
     re.compile(r"""\((?<=[\w.]\()\s{0,8}["'](?P<value>[A-Za-z0-9_\-+/=.]{16,512})["']"""),
     _call_key),
    ("key in a URL query",
     re.compile(r"=(?P<value>[A-Za-z0-9_\-+/=.%]{16,512})"), _query_key),
    ("password on a command line",
     re.compile(r"-(?<=\s-)(?:[pPkKaswWN]|-pw|-pwd|-pass|-key|-auth|-secret|-apikey"
                r"""|-psk)(?:[ \t]{1,8}|=)?(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'"""
                r"""|[^\s"']{1,256})"""), _flag_value),
    ("password on a command line",
     re.compile(r"""-(?<=\s-)(?:u|-user|-auth|-basic|-creds?|-credentials|U)[ \t=]{1,8}"""
                r"""["']?(?P<user>[^\s:,"'$]{0,64})[:,](?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'"""
                r"""|[^\s"']{1,256})"""), _user_pair),
    ("password in prose",
     re.compile(r"ass(?<=\b[Pp]ass)(?:word|wd|phrase|code)?s?\b[^\n]{0,30}?"
                r"\b(?:is|was|to|=|:|as|of|be)\s{1,4}[\"'`]?(?P<value>[^\s\"'`]{8,64})"),
     _said_password),
    ("password in an expect script",
     re.compile(r"""\bsend\s{1,8}(?:--\s{1,8})?["'](?P<value>[^"'\n\\]{1,128})\\r["']"""),
     _expect_send),
    ("private key block",
     re.compile(r"----{0,2} ?BEGIN [A-Z0-9 ]{0,40}(?:PRIVATE|SECRET|ENCRYPTED)[A-Z0-9 ]{0,40}"
                r"-{3,5}"), _whole),
    ("private key block",
     re.compile(r"<(?:D|InverseQ|DP|DQ)>[A-Za-z0-9+/=]{40,4096}</(?:D|InverseQ|DP|DQ)>"),
     _whole),
    ("private key",
     re.compile(r"ey(?<=[Kk]ey)[^\n]{0,40}?\b(?P<value>(?:0x)?[0-9a-fA-F]{64})\b"),
     _hex_private_key),
)


#: Public for the transcript scanner, like ``JUDGED_PATTERNS``; ``find_credential`` tries
#: them last, so that a text they and a named shape both match is named by the latter.
GENERIC_PATTERNS: tuple[JudgedPattern, ...] = (
    ("token with a provider prefix",
     re.compile(r"(?<![A-Za-z0-9_\-.+/])(?P<prefix>[a-z][a-z0-9]{1,11}(?:[_\-.][a-z0-9]{1,8}){0,2}"
                r"[_\-.])(?P<body>[A-Za-z0-9]{20,200})(?![A-Za-z0-9+/=_\-])"),
     _prefixed_token),
    ("a secret after a word that names it",
     re.compile(rf"(?i)(?<![\w\-/])(?:{_CONTEXT_WORD})(?![a-z])"), _context_secret),
    ("a quoted secret pair",
     re.compile(r"""["'](?P<key>[A-Za-z_][A-Za-z0-9_.\-]{0,80})["']\s*\]?\s*"""
                r"""(?P<op>=>|=|:|,|value\s*=)\s*["'](?P<value>[^"'\n]{4,256})["']"""),
     _quoted_pair),
    ("password in a .netrc",
     re.compile(r"\blogin\s+\S{1,200}\s+password\s+(?P<value>\S{1,256})"), _netrc_password),
    ("private JSON Web Key",
     re.compile(r'"d"\s*:\s*"(?P<value>[A-Za-z0-9_\-]{20,4096})"'), _private_jwk),
    ("armoured secret block",
     re.compile(r"-----BEGIN (?P<label>[A-Za-z0-9 ]{1,60})-----"), _armoured_secret),
    ("a secret after a word that names it",
     re.compile(r"""(?i)(?<![\w\-])(?:[a-z0-9]+_)?(?:password|passwd|passphrase|secret|token"""
                r"""|authtoken|community|psk|identified\s+by)[ \t]+(?P<type>\d[ \t]+)?"""
                r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""), _spaced_secret),
    ("password in a connection string",
     re.compile(r"""(?<![\w/.\-])[\w.$#\-]{1,64}/(?P<value>[^\s/@:'"]{4,128})@[\w\-]"""),
     _shaped_password),
    ("password in a .pgpass line",
     re.compile(r"""(?<![\w.:\-])[A-Za-z0-9.\-*]{1,253}:(?:\d{2,5}|\*):[^\s:]{1,128}"""
                r""":[^\s:]{1,128}:(?P<value>[^\s:'"]{4,256})"""), _any_value),
    ("password hash",
     re.compile(r"""(?<![\w.\-])[a-z_][\w.\-]{0,31}:(?P<value>\$(?:1|2[abxy]?|5|6|y|gy|7"""
                r"""|apr1|argon2(?:id|i|d))\$[^\s:]{8,256})"""), _any_value),
    ("password for a PowerShell credential",
     re.compile(r"""ConvertTo-SecureString\s+(?:-String\s+)?(?P<value>"[^"\n]{1,256}"|"""
                r"""'[^'\n]{1,256}')\s+-AsPlainText"""), _any_value),
    ("seed phrase",
     re.compile(r"(?i)(?:mnemonic|seed|recovery phrase|wallet|setup key|secret)[^\n]{0,40}?"
                r"(?<![a-z])(?P<value>[a-z]{3,8}(?: [a-z]{3,8}){11,23})(?![a-z])"),
     _seed_phrase),
    # a Google app password, a TOTP setup key: groups of four letters (base32 digits)
    ("grouped password",
     re.compile(r"(?i)(?:key|secret|seed|password)[^\n]{0,40}?(?<![a-z0-9])"
                r"(?P<value>[a-z2-7]{4}(?: [a-z2-7]{4}){3,7})(?![a-z0-9])"), _any_value),
    ("keypair bytes",
     re.compile(r"\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}(?:\s*,\s*\d{1,3}){0,64}\s*\]"),
     lambda m: m.span()),
    ("session cookie",
     re.compile(r"""(?i)(?:\s-b|--cookie|cookie:)\s*["']?[\w.\-]{1,64}="""
                r"""(?P<value>[^;\s"']{16,512})"""), _random_cookie),
    ("webhook URL",
     re.compile(r"://(?:(?i:(?:web)?hooks?)\.[\w.\-]{1,240}/|[\w.\-]{1,253}/(?:[\w.\-]{1,64}/)"
                r"{0,6}?(?i:hooks?|webhooks?|triggers?)/)(?P<path>[\w.\-/]{1,400})"),
     _webhook_path),
    ("random key",
     re.compile(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/]{24,65536}={0,2}(?![A-Za-z0-9+/=_\-])"),
     _random_or_encoded),
    # the last part of a URL's path (``/v2/<key>``), where hosted APIs put the key
    ("random key in a URL",
     re.compile(r"(?<=[a-z0-9]/)(?<![/=]/)[A-Za-z0-9_\-]{24,100}(?=$|[\s?#'\")])"),
     _url_random),
    ("grouped key",
     re.compile(r"-(?<=[A-Za-z0-9]{4}-)[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){2,4}"
                r"(?![A-Za-z0-9\-])"), _grouped_key),
    ("token with a provider prefix",
     re.compile(r"(?<![\w\-.])(?P<prefix>[a-z]{2,10})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"
                r"-[0-9a-f]{4}-[0-9a-f]{12}(?![\w\-])"), _prefixed_uuid),
    ("a secret after a word that names it",
     re.compile(r"(?i)(?<![\w\-])(?:auth|login|token|apikey|api[_\-]key)\s+[\"']?"
                r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w\-])"),
     _uuid_after_word),
    *POSITIONAL_PATTERNS,
)


_VALUE = r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"']+)"""
#: Passwords given on a command line.  Each opens with its literal (the tool's name or
#: the option) so that ``re`` finds the candidates quickly.
_COMMAND_LINES = (
    # curl -u user:password (a bare -u user prompts; "$USER:$TOKEN" is a reference)
    _prefixed("curl", r"""\b[^\n|;&]{0,300}?\s(?:-u\s*|--user[\s=]+)["']?[^\s:"'$]+:"""
                      r"""(?P<value>[^\s"']+)"""),
    # mysql -pSECRET: the password touches -p; "-p app" prompts and "-P 3306" is a port
    _prefixed("mysql", r"""(?:dump|admin)?\b[^\n|;&]{0,300}?\s-p"""
                       r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"'-][^\s"']*)"""),
    _prefixed("mariadb", r"""(?:-dump)?\b[^\n|;&]{0,300}?\s-p"""
                         r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"'-][^\s"']*)"""),
    _prefixed("sshpass", rf"\b[^\n|;&]{{0,300}}?\s-p\s*{_VALUE}"),
    _prefixed("redis-cli", rf"\b[^\n|;&]{{0,300}}?\s-a\s+{_VALUE}"),
    _prefixed("htpasswd",
              rf"\s+(?:-[A-Za-z]+\s+)*?-[A-Za-z]*b[A-Za-z]*\s+(?:-[A-Za-z]+\s+)*\S+\s+\S+\s+{_VALUE}"),
    _prefixed("login", rf"\b[^\n|;&]{{0,300}}?\s-p\s+{_VALUE}"),
    # net user NAME PASSWORD, net use … /user:NAME PASSWORD
    _prefixed("net", rf"\s+user\s+[^\s/]{{1,64}}\s+{_VALUE}"),
    _prefixed("/user:", rf"\S{{1,128}}\s+{_VALUE}"),
    # smbclient -U user%password
    r"""-U(?<=\s-U)\s*["']?[^\s%"']+%(?P<value>[^\s"']+)""",
    # openssl -passin pass:…
    r"""-pass(?<=\s-pass)(?:in|out)?\s+["']?pass:(?P<value>[^\s"']+)""",
    _prefixed("ldap", rf"\w+\b[^\n|;&]{{0,300}}?\s-w\s+{_VALUE}"),
    _prefixed("sqlcmd", rf"\b[^\n|;&]{{0,300}}?\s-P\s*{_VALUE}"),
    _prefixed("echo", r"""\s+(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s|"']+)"""
                      r"""\s*\|\s*sudo\s+(?:-\w+\s+)*-S\b"""),
    _prefixed("secret", rf"\s+set\b[^\n|;&]{{0,300}}?\s(?:-b|--body)[\s=]+{_VALUE}"),
    _prefixed("wandb", r"\s+login\s+(?P<value>[0-9a-f]{40})\b"),
    # sqlplus user/password@db; docker, mongo and zip take -p/-P with a space
    _prefixed("sqlplus", r"""\s+(?:-\w+\s+)*["']?[\w.$#]{1,128}/(?P<value>[^\s@/"']{1,256})@"""),
    _prefixed("docker", rf"\s+login\b[^\n|;&]{{0,300}}?\s-p\s+{_VALUE}"),
    _prefixed("mongo", rf"(?:sh|dump|restore|import|export)?\b[^\n|;&]{{0,300}}?\s-p\s+{_VALUE}"),
    _prefixed("zip", rf"\b[^\n|;&]{{0,300}}?\s-P\s+{_VALUE}"),
    _prefixed("snmp", rf"\w*\b[^\n|;&]{{0,300}}?\s-c\s+{_VALUE}"),
    _prefixed("lftp", rf"\b[^\n|;&]{{0,300}}?\s-u\s+[^\s,]+,{_VALUE}"),
    _prefixed("poetry", rf"\s+config\s+http-basic\.\S+\s+\S+\s+{_VALUE}"),
    # -u USER -p PASSWORD (or -P), in any tool
    rf"-u(?<=\s-u)\s+\S{{1,128}}\s+-[pP]\s+{_VALUE}",
    _prefixed("7z", r"\b[^\n|;&]{0,300}?\s-p(?P<value>[^\s\-\"'][^\s\"']*)"),
    # echo SECRET > a file (or | tee a file) whose name says it holds a secret
    _prefixed("echo", r"""\s+(?P<value>"[^"\n]{4,256}"|'[^'\n]{4,256}'|[^\s|>"']{4,256})"""
                      r"""\s*(?:\|\s*base64\s+(?:-d|--decode)\s*)?"""
                      r"""(?:>>?|\|\s*(?:sudo\s+)?tee\s+(?:-a\s+)?)\s*[^\s|;&]{0,200}?"""
                      r"""(?:pass|secret|token|key|cred|keytab)"""),
    # --password X, --token=X, -storepass X … (never --password-stdin or --token-file)
    r"""-(?<![\w-]-)-?(?i:(?:[a-z0-9]+-)*(?:password|passwd|pass|token|secret|api-?key"""
    r"""|access-?key|secret-?key|auth-?token|client-?secret|private-?key|storepass|keypass"""
    r"""|passphrase|bearer))"""
    r"""[\s=]+(?P<value>"[^"\n]*"|'[^'\n]*'|[^\s"'-][^\s"']*)""",
)

JUDGED_PATTERNS: tuple[JudgedPattern, ...] = (
    # Each position inside a run fails at once on the lookbehind after its first
    # character, so the scan stays linear in the text.
    ("AWS secret access key",
     re.compile(r"[A-Za-z0-9+/](?<![A-Za-z0-9+/=_\-].)[A-Za-z0-9+/]{39}(?![A-Za-z0-9+/=_\-])"),
     _bare_aws_secret),
    ("Discord bot token",
     re.compile(r"[MNO](?<![A-Za-z0-9_\-].)[A-Za-z0-9_\-]{23,27}\.[A-Za-z0-9_\-]{6}\."
                r"[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])"), _discord_token),
    # A bot token is the bot's numeric id, a colon and 35 characters opening "AA".
    ("Telegram bot token", re.compile(r":AA[A-Za-z0-9_\-]{33}(?![A-Za-z0-9_\-])"),
     _looking_back(r"(?<!\d)\d{8,10}", 11)),
    ("Azure client secret", re.compile(r"Q~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])"),
     _looking_back(r"(?<![A-Za-z0-9_~.\-])[A-Za-z0-9_~.\-]{3}\d", 5)),
    # The datacenter suffix is what distinguishes it from any other 32 hex digits.
    ("Mailchimp key", re.compile(r"-us\d{1,2}(?![0-9])"),
     _looking_back(r"(?<![A-Za-z0-9])[0-9a-f]{32}", 33)),
    ("Terraform Cloud token", re.compile(r"\.atlasv1\.[A-Za-z0-9_\-=]{60,}"),
     _looking_back(r"(?<![A-Za-z0-9])[A-Za-z0-9]{14}", 15)),
    ("base64 private key", re.compile(r"LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}"),
     _base64_private_key),
    ("password in XML",
     re.compile(r"<(?P<key>[A-Za-z_][\w:.\-]*)>(?P<value>[^<>\n]{4,200})</(?P=key)>"),
     _xml_secret),
    *(("secret in XML",
       re.compile(rf"{attribute}=[\"'](?P<key>[\w.:\-]{{1,80}})[\"'][^<>\n]{{0,80}}>"
                  r"(?P<value>[^<>\n]{4,300})</"), _xml_named) for attribute in ("name", "key")),
    *(("password on a command line", re.compile(pattern), _command_secret)
      for pattern in _COMMAND_LINES),
)


def _kept(judge: Callable[[re.Match[str]], tuple[int, int] | None]
          ) -> Callable[[re.Match[str]], tuple[int, int] | None]:
    """``judge``, its finding dropped when the value found is ordinary for what it is or
    for what its line says of it (``credential_shapes.ordinary``)."""
    def kept(match: re.Match[str]) -> tuple[int, int] | None:
        span = judge(match)
        return None if span is None or ordinary(match.string, *span) else span
    kept.__doc__ = judge.__doc__
    return kept


# Every shape judged by where it stands or what it looks like passes the one test of what
# is ordinary; the provider-prefixed ``TOKEN_PATTERNS`` do not need it.  The shapes of any
# provider come last.
JUDGED_PATTERNS = tuple((name, pattern, _kept(judge)) for name, pattern, judge in JUDGED_PATTERNS)
GENERIC_PATTERNS = (*((name, pattern, _kept(judge)) for name, pattern, judge in GENERIC_PATTERNS),
                    *SHAPE_PATTERNS)

_QUANTIFIERS = frozenset("?*+{")
_SPECIAL = frozenset(".^$*+?{}[]()|\\")


def required_literal(pattern: re.Pattern[str]) -> str:
    """Text every match of ``pattern`` contains: the literal its source opens with (after a
    leading ``\\b``), or ``""`` when that cannot be read off the source cheaply (a
    case-insensitive pattern, an alternation at the top, a class or group first).

    ``find_credential`` runs a pattern only over text holding its literal: a field of
    prose then meets a handful of the hundred patterns instead of all of them (each search
    costs a call from Python; the fields of one append met 560).  Read from the source at
    import (no parsing: ``re._parser`` takes about 10 ms for the set, paid by every
    ``decide``); tests/core/test_credential_prefilter.py holds every literal of the set to
    a literal run the parser itself says each match holds.
    """
    source = pattern.pattern
    if pattern.flags & (re.IGNORECASE | re.VERBOSE) or _top_level_branch(source):
        return ""
    at = 2 if source.startswith("\\b") else 0
    literal: list[str] = []
    while at < len(source):
        ch = source[at]
        if ch == "\\":
            escaped = source[at + 1:at + 2]
            if not escaped or escaped.isalnum() or escaped == "_":
                break  # a class (\\d, \\w), an anchor, a reference: no literal character
            literal.append(escaped)
            at += 2
        elif ch in _SPECIAL:
            if ch in _QUANTIFIERS and literal:
                literal.pop()  # the character before it may occur any number of times
            break
        else:
            literal.append(ch)
            at += 1
    return "".join(literal)


def _top_level_branch(source: str) -> bool:
    """Whether ``source`` has a ``|`` outside every group and class."""
    depth, at, in_class = 0, 0, False
    while at < len(source):
        ch = source[at]
        if ch == "\\":
            at += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if source[at + 1:at + 2] == "^":
                at += 1
            if source[at + 1:at + 2] == "]":
                at += 1  # a ] first in a class is a character
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return True
        at += 1
    return False


#: The patterns of ``find_credential`` in its order, each with its ``required_literal``.
_TOKEN_SCAN = tuple((name, pattern, required_literal(pattern))
                    for name, pattern in TOKEN_PATTERNS)
_JUDGED_SCAN = tuple((name, pattern, judge, required_literal(pattern))
                     for name, pattern, judge in JUDGED_PATTERNS)
_GENERIC_SCAN = tuple((name, pattern, judge, required_literal(pattern))
                      for name, pattern, judge in GENERIC_PATTERNS)
_URL_LITERAL = required_literal(URL_PASSWORD)


def _is_dummy(token: str) -> bool:
    """A token shape filled with a documentation example or a mask (``AKIA…EXAMPLE``,
    ``ghp_xxxx…``)."""
    return _is_example(token) or _MASK.search(token) is not None


_MASK = re.compile(r"([xX0*])\1{7}")


def find_credential(text: str) -> str | None:
    """Name the kind of credential ``text`` appears to contain, or ``None``."""
    for name, pattern, literal in _TOKEN_SCAN:
        if literal in text and any(not _is_dummy(m.group(0)) for m in pattern.finditer(text)):
            return name
    for name, pattern, judge, literal in _JUDGED_SCAN:
        if literal not in text:
            continue  # no match can be there
        for match in pattern.finditer(text):
            if judge(match) is not None:
                return name
    if _URL_LITERAL in text:
        for match in URL_PASSWORD.finditer(text):
            if url_password_secret(match) is not None:
                return "password in a URL"
    for match in AUTH_HEADER.finditer(text):
        if auth_secret(match) is not None:
            return auth_kind(match)
    for match in assignments(text):
        if assignment_secret(match) is not None:
            return f"a {match.group('key').lower()} assignment"
    for name, pattern, judge, literal in _GENERIC_SCAN:
        if literal not in text:
            continue
        for match in pattern.finditer(text):
            if judge(match) is not None:
                return name
    return None


def assignments(text: str) -> Iterator[re.Match[str]]:
    """Every ``ASSIGNMENT`` match in ``text``, overlapping ones included: a value judged
    harmless may itself hold the assignment that counts ("Credentials: password=…"), so
    each search resumes inside the value, not after it."""
    at = 0
    while (match := ASSIGNMENT.search(text, at)) is not None:
        yield match
        at = match.start("value")


def url_password_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the password of a ``URL_PASSWORD`` match is, or None when it is a
    placeholder or a reference (``https://user:${TOKEN}@host``)."""
    if _is_placeholder(match.group("value")) or ordinary(match.string, *match.span("value")):
        return None
    return match.span("value")


def assignment_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the secret of an ``ASSIGNMENT`` match is in its text (its value without
    quotes), or None when the value is no secret.

    Under a key that names the secret (``password``, ``api_key``, ``client_secret`` …) a
    value counts when it has 4 characters or more and is no placeholder, reference or
    code.  "token: rotated" is prose and "token: 9f8e7d6c5b4a" a value: after a bare
    colon only something shaped like a secret (random-looking, or quoted without spaces,
    the YAML and JavaScript shape) counts; after ``=``, ``:=`` or a quoted key and a
    quoted value (``"password": "…"``) any real value does.  Under a key that only
    mentions one (``SECRET_KEY_BASE``, ``signing_key_v2``) only a generated-looking value
    counts, so ``sort_key=created_at`` is a setting.
    """
    key = match.group("key")
    strength = _key_strength(key)
    if strength is None or _qualified(match.string, match.start()):
        return None
    text = match.string
    if "encrypted" in text[max(0, match.start() - 300):match.start()].lower():
        return None  # a SealedSecret's encryptedData, a ciphertext
    if key.startswith("-") and _NAME.fullmatch(match.group("value").strip("\"'")):
        return None  # --secret=db-password: the name of a secret
    quoted = text[match.start("value")] in "\"'"
    start, end = _unquoted(text, *match.span("value"))
    value = text[start:end]
    if not _secret_value(key, strength, value):
        return None
    shaped = match.group("close") is not None and quoted
    if (strength == _STRONG and match.group("op") == ":" and not shaped
            and not _looks_random(value) and not (quoted and " " not in value)):
        return None
    if ordinary(text, start, end):
        return None
    if (match.end("value") - match.start("value") == VALUE_LIMIT
            and text[match.start("value")] not in "\"'<$"):
        rest = _VALUE_REST.match(text, match.end("value"))
        end = rest.end() if rest else end
    return start, end


def auth_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the credentials of an ``Authorization`` match are, or None when they are
    none: Basic needs base64 of ``user:password``; a Bearer or Token value 20 characters
    or more, or 8 or more mixing letters and digits."""
    scheme, secret = match.group("scheme").lower(), match.group("secret")
    if _is_placeholder(secret):
        return None
    if scheme in ("basic", "bearer", "token", "ssws"):
        found = (_basic_pair(secret) if scheme == "basic"
                 else len(secret) >= 20 or _looks_random(secret))
    else:  # any other scheme (GenieKey, Splunk, ApiKey …): a key-shaped value
        found = bool(UUID.fullmatch(secret)) or _random_token(secret)
    return match.span("secret") if found and not ordinary(match.string, *match.span("secret")) \
        else None


def auth_kind(match: re.Match[str]) -> str:
    """What ``find_credential`` calls the credentials of an ``Authorization`` match."""
    scheme = match.group("scheme").lower()
    return {"basic": "basic auth credentials", "bearer": "bearer token"}.get(
        scheme, "authorization token")


def keyed_secret(key: str, value: str) -> bool:
    """Whether ``value``, a JSON object's string stored under ``key``, is a credential.

    Under a key that names a secret (``password``, ``api_key``, ``AWS_SECRET_ACCESS_KEY``
    …) any value of 4 characters or more that is no placeholder, reference or code is;
    under one that only mentions a secret, a generated-looking value; under
    ``Authorization``, a value ``find_credential`` names in an Authorization header.
    """
    if len(key) > _KEY_LIMIT:
        return False
    if _AUTH_NAME.fullmatch(key):
        header = _AUTH_ONLY.fullmatch(value)
        return header is not None and auth_secret(header) is not None
    strength = _key_strength(key)
    return strength is not None and _secret_value(key, strength, value.strip())


def _key_strength(key: str) -> int | None:
    """How sure the name ``key`` makes it that a secret follows: ``_STRONG`` (it names the
    secret), ``_WEAK`` (it mentions one), or None (it is about one, or about nothing)."""
    words = [w.lower() for w in _WORD.findall(key)]
    if not words:
        return None
    compact = "".join(words)
    if words[-1] in _ABOUT_LAST or any(w in _ABOUT_QUALIFIER for w in words[:-1]):
        return None
    if words[-1] in _STRONG_LAST or compact.endswith(_STRONG_ENDINGS):
        return _STRONG
    if (any(w in compact for w in _WEAK_WORDS) or words[-1] == "key"
            or any(w in _WEAK_WHOLE for w in words)):
        return _WEAK
    return None


def _secret_value(key: str, strength: int, value: str) -> bool:
    if len(value) < 4 or _is_placeholder(value) or _PUBLIC_MATERIAL.match(value):
        return False
    words = "".join(w.lower() for w in _WORD.findall(key))
    plain = "".join(w.lower() for w in _WORD.findall(value))
    if plain and words.endswith(plain) and _WORD.sub("", value).strip("_.-") == "":
        return False  # self.api_key = api_key: the variable of the same name
    if value.isalpha() and value.lower() in {w.lower() for w in _WORD.findall(key)}:
        return False  # POSTGRES_PASSWORD=postgres: a default named after the key
    if strength == _WEAK:
        user, colon, password = value.partition(":")
        return _looks_generated(value) or (bool(colon) and bool(user)
                                           and _password_shaped(password))
    # A number under a token or key name is a count or a setting; under a password
    # name it is a (poor) password.
    return not (value.isdigit() and not words.endswith(("password", "passwd", "pwd",
                                                         "pass", "passphrase")))


def _unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in "\"'":
        start += 1
    while end > start and text[end - 1] in "\"'":
        end -= 1
    return start, end


def _basic_pair(secret: str) -> bool:
    """Whether ``secret`` is base64 of ``user:password`` (a printable text with a colon)."""
    try:
        raw = base64.b64decode(secret + "=" * (-len(secret) % 4), validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    _, colon, password = decoded.partition(":")
    return bool(colon) and bool(password) and decoded.isprintable()


def _decodes_to_text(value: str) -> bool:
    """Whether base64 ``value`` decodes to printable text (a fixture, not key material)."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        return raw.decode("utf-8").isprintable()
    except (binascii.Error, ValueError):
        return False


def _entropy(value: str) -> float:
    counts = {ch: value.count(ch) for ch in set(value)}
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def _is_placeholder(value: str) -> bool:
    if _PLACEHOLDER.match(value):
        return True
    # ``a.b.c`` reads as an attribute, unless a part of it is random (``sat.Q9qY…``)
    return bool(_REFERENCE.match(value)) and not any(
        _random_token(part) for part in re.split(r"[.:/]", value))


def _looks_random(value: str) -> bool:
    has_digit = any(ch.isdigit() for ch in value)
    has_alpha = any(ch.isalpha() for ch in value)
    return len(value) >= 8 and has_digit and has_alpha


#: Public material that looks generated: an SSH public key's base64 (``AAAAC3Nza…``), a
#: public key's DER (SubjectPublicKeyInfo), an age recipient.
_PUBLIC_MATERIAL = re.compile(r"AAAA[BCE][0-9]Nz|AAAAE2VjZHNh|MFkwEwYHKoZIzj0"
                              r"|MIIBIjANBgkqhkiG9w0BAQEF|MCowBQYDK2Vw|age1[02-9ac-hj-np-z]{58}|npub1")
#: A path: slashes between lower-case words (``refs/ledger/transcripts/8a2c``).
_PATH_LIKE = re.compile(r"(?:^|/)[a-z][a-z_\-]{2,}/")


def _not_secret_shape(value: str) -> bool:
    """Generated-looking values that are no secret: public keys and paths."""
    return bool(_PUBLIC_MATERIAL.match(value)
                or (value.count("/") >= 2 and _PATH_LIKE.search(value)))


def _looks_generated(value: str) -> bool:
    """Whether ``value`` looks machine-made: 16 token characters or more, letters and
    digits, and a part that mixes them the way no name does (``9f86d0…``, not ``v2`` or
    ``created_at_2024``).  A UUID is an id more often than a key."""
    if len(value) < 16 or not _TOKEN_CHARS.fullmatch(value) or UUID.fullmatch(value):
        return False
    if not _looks_random(value) or _not_secret_shape(value):
        return False
    return any(seg and not _WORDLIKE.fullmatch(seg) for seg in _SEGMENT_SPLIT.split(value))
