"""Recognising credentials so that they are never written into a ledger.

A ledger is pushed and re-injected into future contexts, so a secret there is published.
Prefixed tokens match outright (``TOKEN_PATTERNS``, here); the other shapes are judged:
by the name they stand under (``credential_keys``), where they are pasted
(``credential_places``, ``credential_lines``), what the value looks like
(``credential_values``, ``credential_shapes``).  ``find_credential`` runs each pattern only
over text holding its literal (``required_literal``), so that a field of prose meets a
handful of them.  Patterns are bounded so the scan stays linear in untrusted input
(docs/reliability.md).  Where no rule names anything, a model of where secrets stand
(``credential_context``) names the token it is surest of; it never overrules a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitledger.core import credential_context
from gitledger.core.credential_keys import (
    ASSIGNMENT,
    AUTH_HEADER,
    KEY_WORDS,
    URL_PASSWORD,
    assignment_secret,
    assignments,
    auth_kind,
    auth_secret,
    keyed_secret,
    url_password_secret,
)
from gitledger.core.credential_lines import network_named
from gitledger.core.credential_places import (
    GENERIC_PATTERNS,
    JUDGED_PATTERNS,
    prefixed,
)
from gitledger.core.credential_shapes import (
    CALLED_AN_ID,
    DECODED_SCANNERS,
    SOFTWARE_NAMES,
    harmless_base64,
    ordinary,
    ordinary_token,
)
from gitledger.core.credential_values import is_example
from gitledger.core.lazy_pattern import lazy

#: What the transcript scanner and the tests take from here: the same patterns and judges
#: ``find_credential`` runs, wherever they are defined.
__all__ = [
    "ASSIGNMENT", "AUTH_HEADER", "GENERIC_PATTERNS", "JUDGED_PATTERNS", "KEY_WORDS",
    "TOKEN_PATTERNS", "URL_PASSWORD", "assignment_name", "assignment_secret", "assignments",
    "auth_kind", "auth_secret", "find_credential", "judged_findings", "keyed_secret",
    "required_literal", "rule_finding", "url_password_secret",
]


#: The token shapes, and below them the match patterns with their ``*_secret`` judges, are
#: public because the transcript scanner runs these same patterns only where a match can
#: start (a transcript is megabytes): one list, so the two scanners never disagree.
#: Each body is as long as the provider's tokens are, so a prefix in prose ("a classic
#: token starts with ghp_") is no match.
TOKEN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, lazy(pattern))
    for name, pattern in (
        ("private key block", r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----"),
        ("PuTTY private key", r"PuTTY-User-Key-File-\d"),
        # The DER openings of a private key (a SEQUENCE, then version 0 or 1) or of a
        # PKCS#12 keystore (version 3), base64: a key body pasted without its BEGIN line.
        # Certificates and public keys open differently (a SEQUENCE inside the SEQUENCE),
        # so they are not matched.
        *(("private key body", opening + r"[A-Za-z0-9+/]{40,}")
          for opening in (r"MII[A-Za-z0-9+/]{3}IBA[ADz]", r"MIG[A-Za-z0-9+/]AgE[ABD]",
                          "MHcCAQEE", "MC4CAQAw", "b3BlbnNzaC1rZXktdjE")),
        # minisign's secret key file: base64 of "EdScB2" (Ed25519, scrypt, BLAKE2b) first
        ("minisign secret key", r"RWRTY0Iy[A-Za-z0-9+/]{80,}"),
        # Java keystores in base64: JKS opens FEEDFEED, JCEKS CECECECE
        ("Java keystore", r"/u3\+7QAAAA[A-Za-z0-9+/]{40,}"),
        ("Java keystore", r"zs7OzgAAAA[A-Za-z0-9+/]{40,}"),
        # Tor's onion service key file, base64: "== ed25519v1-secret: type0 =="
        ("Tor onion service secret key",
         r"PT0gZWQyNTUxOXYxLXNlY3JldDogdHlwZTAgPT0[A-Za-z0-9+/]{40,}=*"),
        ("QuickNode endpoint", r"\.quiknode\.pro/[0-9a-f]{32,}"),
        # an NKEY seed (NATS): S, the key's type, then base32 to 58 characters
        ("NATS nkey seed", r"\bS[UAONCPX][A-Z2-7]{56}\b"),
        # BitLocker's recovery password: eight groups of six digits
        # (from its first dash, so that the prefilter has a literal; not all zeros)
        ("BitLocker recovery key",
         r"-(?<=\d{6}-)(?<![\d\-]\d{6}-)(?<!000000-)\d{6}(?:-\d{6}){6}(?![\d\-])"),
        # BIP32 extended private keys (mainnet, testnet, and the segwit variants)
        ("extended private key", r"prv(?<=\b[xyzt]prv)[1-9A-HJ-NP-Za-km-z]{100,112}\b"),
        # an LND macaroon, hex: version 2, then the location "lnd"
        ("LND macaroon", r"\b0201036[cC]6[eE]64[0-9a-fA-F]{100,}"),
        ("Xendit key", r"\bxnd_(?:production|development)_[A-Za-z0-9]{40,}"),
        # Omise's secret keys (its public ones open pkey_)
        ("Omise secret key", prefixed("skey_", r"(?:test_)?(?=[a-z]{0,40}\d)[0-9a-z]{19,40}\b")),
        # Asaas's API keys: $aact_, the environment, then base64
        ("Asaas API key", prefixed("$aact_", r"(?:prod_|hmlg_)?[A-Za-z0-9+/]{60,}=*")),
        # Roblox's .ROBLOSECURITY session cookie: its own warning, then hex
        ("Roblox session cookie",
         prefixed("_|WARNING:-DO-NOT-SHARE-THIS.", r"[A-Za-z.,\-]{0,200}\|_[0-9A-F]{100,}")),
        # Jetty's OBF: is a reversible encoding (four base-36 digits a byte), not a hash
        ("Jetty obfuscated password", prefixed("OBF:", r"(?:[0-9a-z]{4}){2,128}\b")),
        ("AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
        # Session tokens are base64 of a protobuf that opens the same way every time.
        ("AWS session token", r"IQoJb3JpZ2luX2Vj[A-Za-z0-9/+=]{40,}"),
        ("AWS session token", r"F[wQ]oGZXIvYXdzE[A-Za-z0-9/+=]{40,}"),
        ("GitHub token", r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
        ("GitHub fine-grained token", r"\bgithub_pat_[A-Za-z0-9_]{22,}\b"),
        ("GitLab token", r"\bglpat-[A-Za-z0-9_\-]{20,}\b"),
        ("GitLab CI token", prefixed("gl", r"(?:ptt|rt|dt|cbt|imt|oas|ft|soat|ffct|agent)-"
                                            r"[A-Za-z0-9_\-]{20,}")),
        ("GitLab runner registration token", r"GR1348941[A-Za-z0-9_\-]{20,}"),
        ("Bitbucket app password", prefixed("ATBB", r"[A-Za-z0-9_=.\-]{32,}")),
        ("Slack token", r"\bxox[abposre](?:\.xox[a-z])?-[A-Za-z0-9-]{10,}\b"),
        ("Slack app token", prefixed("xapp-", r"\d-[A-Z0-9]+-\d+-[A-Za-z0-9]+")),
        ("Slack webhook", r"hooks\.slack\.com/services/T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/\w+"),
        ("Stripe key", r"\b[sr]k_live_[0-9A-Za-z]{16,}\b"),
        # Test-mode keys still reach the account's test data and webhooks.
        ("Stripe test key", prefixed("sk_test_", r"[0-9A-Za-z]{16,}")),
        ("Stripe test key", prefixed("rk_test_", r"[0-9A-Za-z]{16,}")),
        ("Stripe webhook secret", prefixed("whsec_", r"[A-Za-z0-9+/=]{24,}")),
        ("Square token", prefixed("EAAA", r"[A-Za-z0-9_\-]{60}")),
        ("Square token", r"sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}"),
        ("Braintree access token",
         r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}"),
        ("Google API key", r"\bAIza[0-9A-Za-z_\-]{35}\b"),
        ("Google OAuth client secret", prefixed("GOCSPX-", r"[A-Za-z0-9_\-]{28}")),
        ("Google OAuth token", prefixed("ya29.", r"[A-Za-z0-9_\-]{30,}")),
        ("Google OAuth token", prefixed("1//0", r"[A-Za-z0-9_\-]{40,}")),
        # The signature is what makes a SAS URL a bearer credential; the rest is public.
        ("Azure SAS signature",
         r"sig=(?<=[?&;]sig=)(?P<secret>[A-Za-z0-9%+/]{30,}(?:=|%3[Dd]){0,2})"),
        ("DigitalOcean token", prefixed("do", r"[opr]_v1_[a-f0-9]{64}")),
        ("Heroku API key", prefixed("HRKU-", r"[A-Za-z0-9_\-]{50,}")),
        ("Cloudflare origin CA key", prefixed("v1.0-", r"[a-f0-9]{24}-[a-f0-9]{146}")),
        ("Alibaba access key id", prefixed("LTAI", r"[A-Za-z0-9]{12,20}\b")),
        ("Fly.io token", prefixed("fm", r"[12][ar]?_[A-Za-z0-9+/=_\-]{40,}")),
        ("Fly.io token", prefixed("fo1_", r"[A-Za-z0-9_\-]{43}")),
        ("Netlify token", prefixed("nfp_", r"[A-Za-z0-9]{36,}")),
        ("Supabase token", prefixed("sbp_", r"[a-f0-9]{40}")),
        ("PlanetScale token", prefixed("pscale_", r"(?:tkn|pw|oauth)_[A-Za-z0-9_\-=.]{32,}")),
        ("Doppler token", prefixed("dp.", r"(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}")),
        ("Vault token", prefixed("hv", r"[sbr]\.[A-Za-z0-9_\-]{24,}")),
        ("Pulumi token", prefixed("pul-", r"[a-f0-9]{40}")),
        ("Grafana token", prefixed("glc_", r"[A-Za-z0-9+/=_\-]{32,}")),
        ("Grafana token", prefixed("glsa_", r"[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}")),
        # NRJS- is also a browser agent's key: 19 hex digits (gitleaks' new-relic-browser)
        ("New Relic key", prefixed("NR", r"(?:(?:AK|AA|II|JS)-[A-Za-z0-9]{27}|JS-[a-f0-9]{19}\b)")),
        ("Sentry token", prefixed("sntry", r"[su]_[A-Za-z0-9+/=_\-]{40,}")),
        ("Databricks token", prefixed("dapi", r"[a-f0-9]{32}(?:-\d)?\b")),
        ("Atlassian API token", prefixed("ATATT3", r"[A-Za-z0-9_\-=]{50,}")),
        ("Shopify token", prefixed("shp", r"(?:at|ca|pa|ss)_[a-fA-F0-9]{32}")),
        # more prefixes of gitleaks' and GitHub secret scanning's rules
        ("1Password service account token", prefixed("ops_eyJ", r"[A-Za-z0-9+/]{200,}={0,3}")),
        ("Clojars token", prefixed("CLOJARS_", r"[a-z0-9]{60}\b")),
        ("Duffel token", prefixed("duffel_", r"(?:test|live)_[A-Za-z0-9_\-=]{43}")),
        ("Dynatrace token", prefixed("dt0c01.", r"[A-Z0-9]{24}\.[A-Z0-9]{64}")),
        ("Flutterwave secret key", prefixed("FLWSECK", r"(?:_TEST)?-[a-hA-H0-9]{32}-X")),
        ("Frame.io token", prefixed("fio-u-", r"[A-Za-z0-9_\-=]{64}")),
        ("HubSpot private app token",
         prefixed("pat-", r"(?:na|eu)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}"
                          r"-[0-9a-f]{12}\b")),
        ("42 Intra client secret", prefixed("s-s4t2", r"(?:ud|af)-[a-f0-9]{64}")),
        ("OpenShift token", prefixed("sha256~", r"[A-Za-z0-9_\-]{43}\b")),
        *(("Brevo key", prefixed(prefix, r"[a-f0-9]{64}-[A-Za-z0-9]{16}"))
          for prefix in ("xkeysib-", "xsmtpsib-")),
        ("SettleMint token", prefixed("sm_", r"(?:pat|aat|sat)_[a-z0-9]{16}\b")),
        ("Typeform token", prefixed("tfp_", r"[A-Za-z0-9_\-.=]{59}")),
        ("Yandex key", prefixed("AQVN", r"[A-Za-z0-9_\-]{35,38}\b")),
        ("Contentful token", prefixed("CFPAT-", r"[A-Za-z0-9_\-]{40,50}\b")),
        ("Plaid access token",
         prefixed("access-", r"(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}"
                             r"-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")),
        ("Resend key", prefixed("re_", r"[A-Za-z0-9]{8}_[A-Za-z0-9]{24}\b")),
        ("Atlassian API token", prefixed("ATCTT3xFfGF0", r"[A-Za-z0-9_\-=]{50,}")),
        ("Telnyx key", prefixed("KEY", r"[0-9A-Fa-f]{32}_[A-Za-z0-9]{22}\b")),
        ("Zapier webhook", r"hooks\.zapier\.com/hooks/catch/\d+/[A-Za-z0-9]+"),
        ("age secret key", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
        ("Discord webhook", r"discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]{60,}"),
        ("Twilio API key", prefixed("SK", r"[0-9a-f]{32}(?![A-Za-z0-9])")),
        ("Mailgun key", prefixed("key-", r"[0-9a-z]{32}(?![A-Za-z0-9])")),
        ("SendGrid key", prefixed("SG.", r"[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}")),
        ("Microsoft Teams webhook",
         r"webhook\.office\.com/webhookb2/[A-Za-z0-9@\-]+/IncomingWebhook/[A-Za-z0-9]+/"),
        ("CircleCI token", prefixed("CCIPAT_", r"[A-Za-z0-9]{20,}_[a-f0-9]{40}")),
        ("Buildkite token", prefixed("bkua_", r"[a-f0-9]{40}")),
        ("RubyGems key", prefixed("rubygems_", r"[a-f0-9]{48}")),
        ("NuGet key", prefixed("oy2", r"[a-z0-9]{43}\b")),
        ("Docker Hub token", prefixed("dckr_", r"(?:pat|oat)_[A-Za-z0-9_\-]{27,}")),
        ("crates.io token", prefixed("cio", r"(?=[A-Za-z]*\d)[A-Za-z0-9]{32}\b")),
        ("Artifactory token", prefixed("AKCp", r"[A-Za-z0-9]{69}")),
        ("Artifactory token", prefixed("cmVmdGtuOjAxOj", r"[A-Za-z0-9]{40,}")),
        ("Anthropic API key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
        # Bare ``sk-`` keys are letters and digits only: a hyphenated slug such as
        # sk-learn-compatible-… is a name, not a key.
        ("OpenAI API key", r"\bsk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"
                           r"|(?=[A-Za-z]*\d)[A-Za-z0-9]{32,}(?![A-Za-z0-9_\-]))"),
        ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        # A PyPI token is a macaroon, base64 that always opens "AgE".
        ("PyPI token", r"\bpypi-AgE[A-Za-z0-9_\-]{50,}"),
        ("Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}\b"),
        ("Hugging Face org token", prefixed("api_org_", r"[A-Za-z0-9]{30,}")),
        ("Groq key", prefixed("gsk_", r"[A-Za-z0-9]{48,}")),
        ("Replicate token", prefixed("r8_", r"[A-Za-z0-9]{37}")),
        ("Perplexity key", prefixed("pplx-", r"[A-Za-z0-9]{40,}")),
        ("xAI key", prefixed("xai-", r"[A-Za-z0-9]{70,}")),
        ("Together AI key", prefixed("tgp_v1_", r"[A-Za-z0-9_\-]{40,}")),
        ("LangSmith key", prefixed("lsv2_", r"(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}")),
        ("Pinecone key", prefixed("pcsk_", r"[A-Za-z0-9_]{40,}")),
        ("ElevenLabs key", prefixed("sk_", r"[a-f0-9]{48}\b")),
        # Freemius' secret keys: sk_ and 29 characters of any kind, symbols among them
        # (gitleaks' freemius rule); a name (sk_buff_…) has no bracket or mark but - _ .
        ("Freemius secret key",
         prefixed("sk_", r"(?=[^\s\"'`]{0,28}[^\w\s\"'`.\-])(?=[^\s\"'`]{0,28}\d)"
                         r"(?=[^\s\"'`]{0,28}[A-Z])(?=[^\s\"'`]{0,28}[a-z])"
                         r"[^\s\"'`]{29}(?=[.,;]?(?:[\s\"'`]|\Z))")),
        ("Notion token", prefixed("ntn_", r"[A-Za-z0-9]{40,}")),
        # round thirteen: GitHub secret scanning's and the providers' documented prefixes
        ("dbt Cloud token", prefixed("dbt", r"[cu]_[A-Za-z0-9_\-]{32,}")),
        ("Langfuse secret key", prefixed("sk-lf-", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"
                                                   r"-[0-9a-f]{4}-[0-9a-f]{12}\b")),
        ("Yandex OAuth token", prefixed("y0_", r"[A-Za-z0-9_\-]{50,}")),
        ("Akamai EdgeGrid token", prefixed("akab-", r"[a-z0-9]{16}-[a-z0-9]{16}\b")),
        ("Firecrawl key", prefixed("fc-", r"[a-f0-9]{32}\b")),
        ("Browserbase key", prefixed("bb_live_", r"[A-Za-z0-9_\-]{20,}")),
        ("Axiom token", prefixed("xa", r"[ap]t-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}"
                                       r"-[0-9a-f]{12}\b")),
        ("Helicone key", prefixed("sk-helicone-", r"[a-z0-9]{7}(?:-[a-z0-9]{7}){3}\b")),
        # more providers' prefixes, as public secret-scanner rules give them (gitleaks'
        # sourcegraph, octopus-deploy, nvidia, adobe rules) and the providers' documentation
        ("Sourcegraph token",
         prefixed("sgp_", r"(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}\b")),
        ("Octopus Deploy key", prefixed("API-", r"(?=[A-Z]{0,25}\d)[A-Z0-9]{26}\b")),
        ("NVIDIA key", prefixed("nvapi-", r"[A-Za-z0-9_\-]{64}")),
        ("Adobe client secret", prefixed("p8e-", r"(?=[a-z]{0,31}\d)[a-z0-9]{32}\b")),
        ("Tailscale key", prefixed("tskey-", r"(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{4,24}"
                                            r"-[A-Za-z0-9]{20,40}")),
        ("Mercado Pago access token",
         prefixed("APP_USR-", r"\d{16}-\d{6}-[a-f0-9]{32}-\d{6,12}")),
        ("Midtrans server key", prefixed("Mid-server-", r"[A-Za-z0-9_\-]{20,}")),
        ("Supabase secret key", prefixed("sb_secret_", r"[A-Za-z0-9_\-]{20,}")),
        ("Linear key", prefixed("lin_api_", r"[A-Za-z0-9]{40}")),
        ("Airtable token", prefixed("pat", r"[A-Za-z0-9]{14}\.[a-f0-9]{64}")),
        ("Figma token", prefixed("figd_", r"[A-Za-z0-9_\-]{40,}")),
        ("Postman key", prefixed("PMAK-", r"[a-f0-9]{24}-[a-f0-9]{34}")),
        ("Dropbox token", prefixed("sl.", r"[A-Za-z0-9_\-]{130,}")),
        ("Mapbox secret token", prefixed("sk.eyJ", r"[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}")),
        ("Twitter bearer token", prefixed("A" * 21, r"[A-Za-z0-9%]{40,}")),
        ("Facebook access token", prefixed("EAA", r"[A-Za-z0-9]{100,}")),
        ("Firebase server key", prefixed("AAAA", r"[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,}")),
        # Only from where a run of token characters starts: "eyJ-eyJ-…" is tried once.
        ("JSON Web Token", r"eyJ(?<![A-Za-z0-9_\-]eyJ)[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}"
                           r"\.[A-Za-z0-9_\-]{8,}"),
        ("bearer token", r"(?i)\bbearer\s+[A-Za-z0-9._~+/\-]{20,}=*"),
    )
)

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
    return is_example(token) or _MASK.search(token) is not None


_MASK = lazy(r"([xX0*])\1{7}")


#: Above this score the context model names a token no rule names: chosen on corpora,
#: public text and a trial it was not fitted on (docs/reliability.md, round nineteen).
CAUGHT_ABOVE = 0.99
#: What ``find_credential`` names a secret the context model alone found.
PLACED_LIKE_A_SECRET = "a value placed and shaped like a secret"


def find_credential(text: str) -> str | None:
    """Name the kind of credential ``text`` appears to contain, or ``None``.

    The rules first (``rule_finding``); where they name nothing, the token the context
    model (``credential_context``) scores above ``CAUGHT_ABOVE``, if words stand around it
    and the rules do not know it for no secret.  The model never overrules a rule: tried,
    it let real passwords through under the best-known keys (round nineteen).
    """
    ruled = rule_finding(text)
    if ruled is not None:
        return ruled
    likeliest = credential_context.likeliest(text)
    if likeliest is None or likeliest.score <= CAUGHT_ABOVE:
        return None
    if text[likeliest.start:likeliest.end] == text.strip().rstrip(".,:;!?"):
        return None  # a token alone has no place: an id (a client's session id), not a paste
    return None if _known_ordinary(text, likeliest.start, likeliest.end) else PLACED_LIKE_A_SECRET


def _known_ordinary(text: str, start: int, end: int) -> bool:
    """Whether the rules know the value at ``text[start:end]`` for no secret whatever its
    place: an id, a digest, a version, a framework's release, a path, an example, base64
    of plain text."""
    value = text[start:end]
    named = _NAMED_RELEASE.fullmatch(value)
    if named is not None and named.group("name").lower() in SOFTWARE_NAMES:
        return True  # Next.js14, Vue3, Rails7: a framework and its major release
    return (ordinary_token(value) or ordinary(text, start, end) or is_example(value)
            or harmless_base64(value) or CALLED_AN_ID.search(text, max(0, start - 40), start)
            is not None or network_named(text, start, end))


#: A name, perhaps with its ``.js``, and a release's number (``Next.js14``, ``Vue3``).
_NAMED_RELEASE = lazy(r"(?P<name>[A-Za-z]{2,20})(?:\.js)?[\-_]?v?\d{1,3}(?:\.\d{1,3})?")


def assignment_name(key: str) -> str:
    """What an assignment's finding is called: "a password assignment", "an api_key
    assignment" (the article the key's first letter takes)."""
    lowered = key.lower()
    return f"{'an' if lowered[:1] in 'aeiou' else 'a'} {lowered} assignment"


def rule_finding(text: str) -> str | None:
    """What the rules alone name in ``text``, the context model left out: the rules that
    transcripts are redacted by (``transcripts.find_credentials`` runs them; a transcript is
    megabytes) and that text decoded from base64 is judged by."""
    return _token_finding(text) or next((name for name, _ in judged_findings(text)), None)


def _token_finding(text: str) -> str | None:
    """The first provider's token of ``text`` that is no dummy, by its pattern's name."""
    for name, pattern, literal in _TOKEN_SCAN:
        if literal in text and any(not _is_dummy(m.group(0)) for m in pattern.finditer(text)):
            return name
    return None


def judged_findings(text: str) -> Iterator[tuple[str, tuple[int, int]]]:
    """What the judged rules name in ``text``, in the rules' order, with where each value
    is: places, headers, URLs, assignments."""
    for name, pattern, judge, literal in _JUDGED_SCAN:
        if literal not in text:
            continue  # no match can be there
        for match in pattern.finditer(text):
            if (span := judge(match)) is not None:
                yield name, span
    if _URL_LITERAL in text:
        for match in URL_PASSWORD.finditer(text):
            if (span := url_password_secret(match)) is not None:
                yield "password in a URL", span
    for match in AUTH_HEADER.finditer(text):
        if (span := auth_secret(match)) is not None:
            yield auth_kind(match), span
    for match in assignments(text):
        if (span := assignment_secret(match)) is not None:
            yield assignment_name(match.group("key")), span
    for name, pattern, judge, literal in _GENERIC_SCAN:
        if literal not in text:
            continue
        for match in pattern.finditer(text):
            if (span := judge(match)) is not None:
                yield name, span


DECODED_SCANNERS.append(rule_finding)
