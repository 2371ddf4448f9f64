"""What a secret looks like, and what an ordinary token looks like, whoever issued it.

A token is judged by its shape alone: the smallest alphabet that holds it (hex, base32,
lower-case letters and digits, base62, base64), its length, its entropy against what a
random string of that length over that alphabet has, and how its character classes mix.
Places name where such a token is a secret with no word beside it: a string given to a
call, an element of a list, the value of any key or header, an argument of a command
whose name is about signing in.  ``ordinary`` says what a found value is not (a path, a
version, a placeholder, a digest beside the word for one, material said to be public) and
the scanner applies it to every finding that rests on shape rather than a provider's
prefix.  The module needs nothing from the rest of the scanner, so it can be measured
alone against corpora the provider rules were tuned on (docs/reliability.md).
"""

from __future__ import annotations

import base64
import binascii
import contextvars
import itertools
import math
import re
from collections.abc import Callable
from functools import lru_cache

from gitledger.core import credential_model
from gitledger.core.lazy_pattern import lazy

_HEX = frozenset("0123456789abcdef")
_HEX_UPPER = frozenset("0123456789ABCDEF")
_DIGITS = frozenset("0123456789")
_BASE32 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_LOWER_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_UPPER_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_BASE62 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

#: The characters of a token: base64, base64url, and the dots and tildes some use.
TOKEN = r"[A-Za-z0-9+/=_\-.~]"
_TOKEN_RUN = lazy(f"{TOKEN}+")
#: The shortest generated token counted, by the size of its alphabet: fewer symbols need
#: more characters to hold as much randomness (hex 32 is 128 bits, base62 22 is 131).
_LEAST = {16: 32, 32: 26, 36: 24, 62: 20, 64: 20}


def alphabet(token: str) -> int:
    """The size of the smallest usual alphabet holding ``token``'s letters and digits."""
    chars = set(token)
    if chars <= _DIGITS:
        return 10
    if chars <= _HEX or chars <= _HEX_UPPER:
        return 16
    if chars <= _BASE32:
        return 32
    if chars <= _LOWER_ALNUM or chars <= _UPPER_ALNUM:
        return 36
    return 62 if chars <= _BASE62 else 64


def entropy(token: str) -> float:
    """Shannon entropy of ``token``'s characters, in bits a character."""
    size = len(token)
    counts = [token.count(ch) for ch in set(token)]
    return -sum(n / size * math.log2(n / size) for n in counts)


@lru_cache(maxsize=1024)
def expected_entropy(size: int, symbols: int) -> float:
    """About the entropy a random string of ``size`` characters over ``symbols`` symbols
    has: log2 of the distinct characters it is expected to hold, less the plug-in
    estimator's bias (Miller-Madow)."""
    distinct = symbols * (1 - (1 - 1 / symbols) ** size)
    return min(math.log2(symbols) - (distinct - 1) / (2 * size * math.log(2)),
               math.log2(distinct))


def _class_changes(token: str) -> float:
    """How often neighbouring characters change class (upper, lower, digit, other), as a
    share of how often they would if the same characters were in random order: about 1
    in a random string, low in a name or a number run (``Build2024Release``)."""
    def kind(ch: str) -> int:
        return 0 if ch.isupper() else 1 if ch.islower() else 2 if ch.isdigit() else 3
    kinds = [kind(ch) for ch in token]
    changes = sum(a != b for a, b in itertools.pairwise(kinds)) / max(len(token) - 1, 1)
    expected = 1 - sum((kinds.count(k) / len(kinds)) ** 2 for k in set(kinds)) if kinds else 0
    return changes / expected if expected else 0.0


_NAME_PART = lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
#: A word a person writes: four letters or more, a vowel, no run of four consonants.
REAL_WORD = lazy(r"(?i)(?=[a-z]*[aeiouy])(?![a-z]*[b-df-hj-np-tv-xz]{4})[a-z]{4,}")
_PLACEHOLDER = lazy(r"(?i)x{4}|\*{3}|\.{3}|example|your|placeholder|changeme|dummy"
                          r"|sample|redacted|replace|insert|<[\w\s\-.]*>|\$\{|\{\{|%\(|\bfake|\{[A-Za-z_]\w*\}")
_VERSION = lazy(r"v?\d+(?:\.\d+){1,3}(?:[\-+.][A-Za-z0-9.\-+]+)?")
#: A product named with its year or version (``Office2016``, ``SQLServer2019``,
#: ``Windows10``): what "the password for …" names, not the password.
PRODUCT_AND_VERSION = lazy(
    r"(?i)(?:ms|microsoft)?(?:office|windows(?:server)?|winserver|server|sqlserver|mssql|sql"
    r"|exchange|outlook|excel|visio|sharepoint|visualstudio|vs|photoshop|illustrator|acrobat"
    r"|autocad|revit|solidworks|matlab|quickbooks|ubuntu|debian|fedora|centos|rhel|android"
    r"|ios|macos|iphone|ipad|galaxy|pixel|xbox|playstation|ps|macbook|surface|dynamics|sap)"
    r"[ _\-]?\d{1,4}(?:r2|sp\d)?")

#: What software people write run into its version (``Node20``, ``Postgres16``): the
#: names ``PRODUCT_AND_VERSION`` does not hold already.
SOFTWARE_NAMES = frozenset({
    "node", "nodejs", "deno", "bun", "java", "jdk", "jre", "openjdk", "python", "py", "pypy",
    "ruby", "php", "perl", "go", "golang", "rust", "dotnet", "net", "netcore", "csharp",
    "kotlin", "scala", "swift", "dart", "flutter", "electron", "angular", "angularjs", "react",
    "vue", "nuxt", "next", "svelte", "ember", "django", "rails", "spring", "laravel", "symfony",
    "express", "nest", "postgres", "postgresql", "pg", "mysql", "mariadb", "mongo", "mongodb",
    "redis", "valkey", "elasticsearch", "opensearch", "kafka", "cassandra", "oracle", "sqlite",
    "couchdb", "neo", "alpine", "rocky", "alma", "amazonlinux", "suse", "opensuse", "win",
    "osx", "ipados", "wear", "tvos", "watchos", "linux", "kernel", "nginx", "apache", "httpd",
    "tomcat", "jetty", "gradle", "maven", "npm", "yarn", "pnpm", "webpack", "vite", "babel",
    "typescript", "ecmascript", "es", "html", "css", "http", "tls", "ssl", "ipv", "utf", "iso",
    "rfc", "gcc", "clang", "llvm", "cuda", "cudnn", "qt", "gtk", "opengl", "vulkan", "directx",
    "gpt", "llama", "claude", "gemini", "mistral", "mixtral", "phi", "qwen", "gemma", "bert",
    "resnet", "yolo", "intel", "amd", "ryzen", "xeon", "epyc", "arm", "armv", "aarch", "x86",
    "kubernetes", "helm", "terraform", "ansible", "docker", "openssl", "openssh", "lua",
    "luajit", "erlang", "elixir", "otp", "haskell", "ghc", "ocaml", "julia", "chrome",
    "chromium", "firefox", "safari", "edge", "opera", "ie", "netscape", "jquery", "bootstrap",
    "tailwind", "junit", "pytest", "jest", "mocha", "selenium", "playwright", "cypress",
    "hadoop", "spark", "hive", "flink", "airflow", "unity", "unreal", "godot", "blender",
    "vscode", "xcode", "intellij", "eclipse", "salesforce", "jira", "confluence", "teams",
    "zoom", "slack",
})


def reads_as_words(token: str) -> bool:
    """Whether ``token``'s letters are mostly words a person writes (``parseHttpResponse``,
    ``user_profile_v2``), which a random string of 20 characters almost never holds."""
    letters = sum(ch.isalpha() for ch in token)
    if not letters:
        return False
    in_words = sum(len(part) for part in _NAME_PART.findall(token)
                   if REAL_WORD.fullmatch(part))
    return in_words >= 0.7 * letters


def _decoded(token: str) -> str | None:
    """``token`` decoded as base64 (either alphabet) when that gives printable text."""
    body = token.rstrip("=")
    if len(body) < 8 or not re.fullmatch(r"[A-Za-z0-9+/_\-]+", body):
        return None
    try:
        raw = base64.urlsafe_b64decode(body.replace("+", "-").replace("/", "_")
                                       + "=" * (-len(body) % 4))
        text = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return text if text.rstrip("\r\n").isprintable() else None


#: The scanner's rules, run over text found encoded in base64.  They are built from modules
#: above this one, so ``credentials`` adds its ``rule_finding`` here at import rather than
#: this module importing it back; ``DECODING`` keeps the reading one level deep.
DECODED_SCANNERS: list[Callable[[str], str | None]] = []
DECODING: contextvars.ContextVar[bool] = contextvars.ContextVar("decoding", default=False)


def decoded_holds_credential(text: str) -> bool:
    """Whether decoded ``text`` holds a credential, by the scanner's rules, one level deep."""
    if DECODING.get():
        return False
    token = DECODING.set(True)
    try:
        return any(scan(text) for scan in DECODED_SCANNERS)
    finally:
        DECODING.reset(token)


def harmless_base64(token: str) -> bool:
    """Whether ``token`` is base64 of text that is no credential pair: a fixture, not key
    material.  ``user:password`` or ``id:key`` encoded (Basic credentials, a registry's
    ``auth``, an API key of two parts) is a credential all the same; a JSON document
    encoded is judged by what it holds."""
    text = _decoded(token)
    if text is None:
        return False
    if text.lstrip()[:1] in ("{", "[") and DECODED_SCANNERS:
        return not decoded_holds_credential(text)
    parts = text.split(":")
    return not any(len(part) >= 6 and " " not in part for part in parts[1:])


def encoded_credential(token: str) -> bool:
    """Whether ``token`` is base64 of text that holds a credential (a config encoded)."""
    text = _decoded(token)
    return text is not None and decoded_holds_credential(text)


def generated(token: str, least: int | None = None) -> bool:
    """Whether ``token`` looks machine-made, none of the shapes of an ordinary value (a
    UUID, a commit id, a word, a path, a version) and long enough for ``least``: the
    thresholds below (``_shaped``) confirmed by the model learned from public repositories
    (``credential_model``), or the model alone when it is sure."""
    if len(token) > 512 or not _TOKEN_RUN.fullmatch(token) or ordinary_token(token):
        return False
    if _shaped(token, least):
        return credential_model.confirms(token)
    core = re.sub(r"[^A-Za-z0-9]", "", token)
    if core.isdigit() or len(core) < (least or 0) or harmless_base64(token):
        return False
    return credential_model.looks_generated(token)


def _shaped(token: str, least: int | None) -> bool:
    """Long enough for its alphabet, about as varied as a random string of that alphabet,
    mixing classes the way no name does."""
    core = re.sub(r"[^A-Za-z0-9]", "", token)
    symbols = alphabet(core) if core else 10
    if symbols == 10 or len(core) < (least or _LEAST[symbols]):
        return False
    if entropy(core) < 0.9 * expected_entropy(len(core), symbols):
        return False
    digits = sum(ch.isdigit() for ch in core)
    if symbols in (16, 32):
        return 0.1 <= digits / len(core) <= 0.8 and not reads_as_words(token)
    if symbols == 36:
        return (0.1 <= digits / len(core) <= 0.7 and _class_changes(core) >= 0.5
                and not reads_as_words(token))
    upper = any(ch.isupper() for ch in core)
    lower = any(ch.islower() for ch in core)
    if not (upper and lower) or _class_changes(core) < 0.5 or reads_as_words(token):
        return False
    if not digits and (len(core) < 32 or _class_changes(core) < 0.8):
        return False
    return not harmless_base64(token)


#: Groups of hex joined by dashes: a UUID, a trace context, an id of parts.
_HEX_GROUPS = lazy(r"[0-9a-f]+(?:-[0-9a-f]+){2,}|[0-9A-F]+(?:-[0-9A-F]+){2,}")
UUID = lazy(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DIGEST = lazy(r"[0-9a-fA-F]{40}|[0-9a-fA-F]{64}|[0-9a-fA-F]{96}|[0-9a-fA-F]{128}")


#: A digest that names its algorithm (``sha256-…`` of an SRI, ``h1:`` of go.sum).
_DIGEST_NAMED = lazy(r"(?i)(?:sha\d+|md5|blake2?b?|h\d)[\-:]")
#: An SSH public key's base64 (its wire format opens with the length of its type name).
_SSH_PUBLIC = lazy(r"AAAA[A-Z0-9]{2}Nza|AAAAE2VjZHNh")


_HMAC_DIGEST = lazy(r"(?i)hmac-sha\d+:[0-9a-f]{32,128}\Z")


def is_hex(value: str) -> bool:
    """Whether ``value`` is hex digits alone, in either case (and not empty)."""
    return bool(value) and _HEX.issuperset(value.lower())


def typed_in_order(value: str) -> bool:
    """Most of 20 letters and digits or more typed in order, up or down
    (``1234567890abcdef…``, ``fedcba9876543210…``): runs of five or more consecutive
    characters hold 60% of them."""
    alnum = ordered = 0
    run = step = 0
    previous = ""
    for ch in value[:512]:
        if not ch.isalnum():
            ordered += run if run >= 5 else 0
            run, step, previous = 0, 0, ""
            continue
        alnum += 1
        change = ord(ch) - ord(previous) if previous else 0
        if change in (1, -1) and step in (0, change):
            run, step = run + 1, change
        else:
            ordered += run if run >= 5 else 0
            run, step = 1, 0
        previous = ch
    ordered += run if run >= 5 else 0
    return alnum >= 20 and ordered * 5 >= alnum * 3


def ordinary_token(token: str) -> bool:
    """Shapes that are no secret whatever stands around them: a UUID (an id more often
    than a key), a commit id or a digest's length of hex, a repeated character, a
    placeholder, a version, a path."""
    return bool(UUID.fullmatch(token) or _DIGEST.fullmatch(token) or _DIGEST_NAMED.match(token)
                or _HEX_GROUPS.fullmatch(token)
                or _SSH_PUBLIC.match(token)
                or _one_character(token) or _PLACEHOLDER.search(token)
                or _VERSION.fullmatch(token) or _path(token) or _HOST_PORT.fullmatch(token))


#: A host's name with its port and perhaps a path: a network address (Oracle's EZConnect
#: ``db.acme.lan:1521/HRPDB``, ``cache.internal:6379/0``), not a secret.
_HOST_PORT = lazy(r"[A-Za-z0-9][\w\-]{0,62}(?:\.[A-Za-z0-9][\w\-]{0,62}){1,8}:\d{1,5}"
                  r"(?:/[\w.\-]{0,100}){0,8}")


def _path(token: str) -> bool:
    if token.startswith(("./", "../", "~/")) or (token.startswith("/") and "/" in token[1:]):
        return True
    parts = [p for p in token.split("/") if p]
    words = sum(reads_as_words(p) for p in parts)
    return len(parts) >= 2 and (words >= len(parts) - 1
                                or (len(parts) >= 3 and words * 2 >= len(parts)))


#: AWS's resource ids (``ami-``, ``i-``, ``eni-`` and 8 or 17 hex digits).
_RESOURCE_ID = lazy(r"[a-z]{1,6}-(?:[0-9a-f]{8}|[0-9a-f]{17})")
#: A Content-Security-Policy source: a nonce or a digest of a script, sent in every page.
_CSP_SOURCE = lazy(r"(?:nonce|sha256|sha384|sha512)-")
#: Lower-case words joined by slashes: a path in a secret store, not a secret.
_WORD_PATH = lazy(r"[a-z][a-z0-9_\-]{0,40}(?:/[a-z][a-z0-9_\-]{0,40}){1,8}")
#: ``@host:port`` right after a value: a node's address (storj's ``<id>@host:port``).
_NODE_ADDRESS = lazy(r"@[A-Za-z0-9][\w.\-]{0,253}:\d{1,5}\b")
#: A variable of a shell, a script or MOF (``$MSFT_Credential1ref``): code, not a value.
_VARIABLE = lazy(r"\$[A-Za-z_]\w{0,60}")
#: A key that encrypts (``encryptionKey``): a secret whatever its parent is named.
ENCRYPTING_KEY = lazy(r"(?i)(?:encryption|cipher)_?key\Z")
#: Armour whose body is no secret: a CMS or PKCS #7 message (PowerShell DSC's encrypted
#: credentials), an SSH2 public key.
_PUBLIC_ARMOUR = lazy(r"-----BEGIN (?:CMS|PKCS7)-----|---- BEGIN SSH2 PUBLIC KEY ----")
#: A digest's name, and what no digest's hex or base64 holds: ``md5 m1Yk#SV`` is a
#: router's MD5 key, not a digest.
_DIGEST_WORD = lazy(r"(?i)md5|sha\d*|digest")
_DIGEST_SHAPED = lazy(r"(?:[0-9a-fA-F]{2}:?){16,64}|[A-Za-z0-9+/_\-]{22,88}={0,2}")
#: A key named for the digest algorithm it signs with (``clave_sha256``, ``hmac_sha1``).
_KEY_FOR_ALGORITHM = lazy(r"(?i)(?:key|secret|clave|chave|hmac)[_\-.]?(?:sha|md)\d*\Z")
#: How many hex digits each algorithm's digest has.
_DIGEST_HEX_LENGTH = {"md5": 32, "sha1": 40, "sha224": 56, "sha256": 64, "sha384": 96,
                      "sha512": 128}
#: The lengths of those digests in base64, padding dropped (a 32-character base64 run under
#: ``clave_sha256`` is the key, not its digest).
_DIGEST_BASE64_LENGTHS = frozenset((2 * n + 2) // 3 for n in _DIGEST_HEX_LENGTH.values())


def _digest_shaped(value: str) -> bool:
    """Whether ``value`` has a digest's shape: hex (in pairs or not), or base64 of a
    digest's length."""
    if _DIGEST_SHAPED.fullmatch(value) is None:
        return False
    return is_hex(value.replace(":", "")) or len(value.rstrip("=")) in _DIGEST_BASE64_LENGTHS


#: An object or a key file whose type or description says it is a public (verification)
#: key, up to the value in the same object.
_TYPED_PUBLIC = lazy(r'(?i)"(?:@?type|description)"[ \t]*:[ \t]*"[^"\n]{0,80}'
                     r'(?:verification[ _]?key|public[ _]?key|pub_?key)[^{}]{0,300}\Z')
#: The value's own key names the private half (``privateKeyBase64``, ``secretKey``).
_PRIVATE_KEY_NAME = lazy(r'(?i)(?:priv|secret|seed|pass|token)[\w\-]{0,40}["\']?[ \t]*[:=]'
                         r'[ \t]*["\']?\Z')
#: An object whose own key names secrets (``"api_tokens": {``), up to the value.
_SECRET_PARENT = lazy(r'(?i)(?:token|secret|password|passwd|credential|key)s?["\']?[ \t]*:'
                      r'[ \t]*\{[^{}]*\Z')
#: A command that prints public keys, then the lines it printed, up to the value (each
#: alone on its line, or after a short label such as ``Output:``).
_PRINTED_PUBLIC = lazy(r"(?i)(?:public[_\-]?key|pubkey|\.pub\b|\bwg\b[^\n]{0,60}\b(?:peers"
                       r"|endpoints|allowed-ips|preshared-keys|latest-handshakes|transfer"
                       r"|persistent-keepalive))"
                       r"[^\n]{0,200}\n(?:[ \t]*(?:[A-Za-z]{1,12}:|[\w.\-]{1,16}\t)[ \t]*)?"
                       r"(?:[A-Za-z0-9+/=_\-]{20,100}[ \t]*\n){0,20}"
                       r"[ \t]*\Z")
#: The word for a secret right before its value, as prose and config lines write it
#: (``password `…```): what the value is, whatever the line said of other values.
_SPACED_NAME = lazy(r"(?i)(?:password|passwd|passphrase|secret|token)[ \t]+[`\"']?\Z")
_PUBLIC_PLIST_KEY = lazy(r"<key>(?![^<>\n]{0,80}(?i:secret|private|password|token))"
                         r"[^<>\n]{0,80}(?i:public)[^<>\n]{0,80}</key>\s{0,40}<string>\Z")
#: A mail header that holds message ids (``<CA+Yh7…@mail.gmail.com>``), at a line's start.
_MESSAGE_ID_HEADER = lazy(r"(?i)(?:message-id|in-reply-to|references|content-id)[ \t]*:")
#: Inside a DKIM-Signature header: its continuation lines, up to the value.
_DKIM_SIGNATURE = lazy(r"(?i)DKIM-Signature:(?:[^\n]{0,300}\r?\n[ \t]+){0,12}[^\n]{0,300}\Z")
#: An XML element of a cloud API's error whose text is an id.
_PUBLIC_TAG = lazy(r"<(?:HostId|RequestId|x-amz-id-2|x-amz-request-id)>\Z")
#: A quoted value whose own key is a digest's hex.
_HEX_KEYED = lazy(r'"[0-9a-fA-F]{32,128}"[ \t]*:[ \t]*"\Z')
#: A signature header's version before its value (``svix-signature: v1,…``, ``v1=…``).
_VERSIONED = lazy(r"\bv\d{1,2}[,=]\Z")
#: Names of a PGP key's id or fingerprint, and their values.
_PGP_NAME = lazy(r"(?i)(?:gpg|pgp)[_\-.]?(?:key|key_?id|fingerprint)\Z|signingkey\Z")
_PGP_ID = lazy(r"(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})")
#: A sibling that says how the value beside it is stored: a digest of it, by algorithm
#: (Guacamole's ``password="…" encoding="md5"``, ``"hash": "sha256"``).
_DIGEST_DECLARED = lazy(r"""(?i)\b(?:encoding|hash(?:ing)?(?:[_\-]?(?:type|algorithm))?|algorithm"""
                        r"""|digest)["']?[ \t]{0,4}[=:][ \t]{0,4}["']?"""
                        r"""(?P<algorithm>md5|sha-?(?:1|224|256|384|512))\b""")


def _declared_digest(text: str, value: str, start: int, end: int) -> bool:
    """Whether ``value``, at ``text[start:end]``, is hex as long as the digest that a
    sibling on its line names (``password="<32 hex>" encoding="md5"``): the password
    hashed, as a config stores it instead of the password."""
    if not is_hex(value):
        return False
    stop = text.find("\n", end, end + 200)
    for said in _DIGEST_DECLARED.finditer(text, line_start(text, start, 200),
                                          stop if stop >= 0 else end + 200):
        if _DIGEST_HEX_LENGTH[said.group("algorithm").lower().replace("-", "")] == len(value):
            return True
    return False


#: The schemes of a reference to a secret store (``secret:<id>``, Juju's; ``vault:kv/db``,
#: ``op://vault/item``, ``env:NAME``, ``file:/run/…``): what follows names a secret.
STORE_SCHEMES = r"file|env|vault|secret|secrets|op|ssm|awssm|gcpsm|azkv|keyring"
#: Such a scheme opening a key's value (``smtp_password_secret=secret:cuk1…``,
#: ``password: "vault:kv/db"``), up to the value it names.
_STORE_REFERENCE = lazy(rf"""(?i)[=:][ \t]{{0,4}}["']?(?<![\w.\-])(?:{STORE_SCHEMES}):(?://)?\Z""")
#: Names of a reference to a secret (``db-password-secret``, ``secret_name``, ``secretRef``).
_SECRET_REFERENCE = lazy(r"(?i)secret[_\-]?(?:name|ref)\Z|[a-z]-secret\Z")
#: An object's name: words of letters joined by dashes (``orders-db``, not ``s3cr3t-v4lue``).
DASHED_NAME = lazy(r"[a-z]+(?:-[a-z]+)+")


def secret_reference(name: str, value: str) -> bool:
    """Whether ``value`` under ``name`` names a secret instead of holding it
    (``db-password-secret: orders-db``, ``secretRef: api-keys``)."""
    return _SECRET_REFERENCE.search(name) is not None and DASHED_NAME.fullmatch(value) is not None


#: A key before a value, as a key stands (``name = ``, ``"name": ``, ``name: ``), not a
#: URL's or a pair's user (``user:password``).  An unquoted key is ASCII: a word with a
#: letter outside it is prose's (Vietnamese's "nè:" is no JWK's ``n``).
_KEY_AS_KEY = lazy(r"""(?:(?<=["'])(?P<qname>[A-Za-z_][\w.#\-]{0,60})["']\s*(?::|=>|=)"""
                         r"""|(?<![\w.\-/])(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,60})\s*"""
                         r"""(?::=|=>|=|::?\s))"""
                         r"""\s*(?:\[\s*)?\Z""")  # a list's first item is the key's value too
#: A call in a value: code, not a secret (``base64('…``, ``getenv("…``).
_CODE = lazy(r"\w\(['\"]|\$\(|\)\.|\w\(\)")
#: An armoured block's opening line and body up to a place in it: base64 lines and headers.
_ARMOUR_BODY = lazy(r"-----BEGIN [^\n]{1,80}-----[ \t]*\n(?:[A-Za-z0-9+/=:,\- \t]*\n)*"
                          r"[A-Za-z0-9+/=]*")
#: A parent key whose values are ciphertext (a SealedSecret's ``encryptedData``, SOPS's
#: ``"encrypted": {``); not a section that configures encryption (``encryptedSavedObjects``).
SEALED_PARENT = lazy(r"(?i)\b(?:encrypted(?:_?(?:data|values?|secrets?|fields?))?|ciphertext"
                     r"|sealed\w*)[\"']?[ \t]*:[ \t]*(?:\{|\r?\n)")
#: Publishable keys: made to be shipped to every browser (``pk_live_…``, ``pk.eyJ…``).
_PUBLISHABLE = lazy(r"pk(?:\.|_live_|_test_)")


#: What follows ``public`` when it is a declaration's visibility (Java, C#, PHP, Kotlin,
#: TypeScript), not a word about the value: ``public static final String PASSWORD``.
_DECLARATION = (r"static|final|const|readonly|abstract|override|virtual|val|var|let|string"
                r"|str|char|byte|bool|boolean|int|object|dynamic|function|fun|void|\$")
#: Words in the same line before a value that make it public or derived, not a secret
#: (``pub`` as a key listing's label, not a command's verb given options: ``… pub -P …``).
_PUBLIC_BEFORE = lazy(
    rf"(?i)(?:\bpublic(?![ \t]+(?:{_DECLARATION})\b)|\bpub\b(?![ \t]+-)|fingerprint|checksum|digest"
    r"|\bsha\d*\b(?![ \t]*[\"'\-]|\.[Nn]ew\b)|\bmd5\b"
    r"|\bhash(?:es)?\b"
    r"|integrity|\bcommit\b|\brevision\b|\bnonce\b|\betag\b|ciphertext"
    r"|encrypted(?![ \t]+(?:with|using|by)[ \t]+(?:the[ \t]+|a[ \t]+)?pass)|\benc\[|\bh\d:"
    r"|\bsecure:|vault:v\d|\$ANSIBLE_VAULT|pub_?key\b|\bv=DKIM1\b"
    # (a PKCS #12 file, cert.p12, holds the private key: its name makes nothing public)
    r"|\bsha\d+[\-:]|\bcertificate(?!s?\.(?:p12|pfx))|\bcert\b(?!\.(?:p12|pfx))"
    r"|\brecipient|\bzh:|\"mappings\""
    r"|site-?key|(?-i:Public)(?=[A-Z])(?![A-Za-z]{0,40}(?i:secret|private|password|token)))")
#: The schemes a modular-crypt or PHC hash string names first (``$6$``, ``$argon2id$``).
_CRYPT_SCHEME = (r"argon2(?:id|i|d)|scrypt|pbkdf2[\w\-]{0,20}|bcrypt[\w\-]{0,10}"
                 r"|2[abxy]?|[156y]|gy|7|apr1")
#: The part of a modular-crypt or PHC hash string before its salt or hash
#: (``$argon2id$v=19$m=65536,t=3,p=4$``): what follows is a hash, not a secret.
_HASH_STRING = lazy(r"\$(?:" + _CRYPT_SCHEME + r")\$[^\s\"']{0,120}\$\Z")
#: A comment that says a value is a default (``minioadmin  # the documented default``).
_SAID_DEFAULT = lazy(r"(?i)(?:#|//|/\*|<!--)[^\n]{0,80}?\bdefaults?\b")
_NOT_DEFAULT = lazy(r"(?i)\b(?:not|never|no|non|overrid\w*|chang\w*|replac\w*)\b|n't")
#: The comment line over a minisign or signify key that says it is public.
_UNTRUSTED_PUBLIC = lazy(r"untrusted comment:[^\n]{0,120}(?:public key|signature|\.pub\b)"
                               r"[^\n]{0,80}\n[ \t]*\Z")
_MIME_BASE64 = lazy(r"(?i)^content-transfer-encoding:[ \t]*base64[ \t]*\r?$", re.MULTILINE)
#: From that header to a place in its part's body: more headers, the blank line, base64.
_MIME_BODY = lazy(r"\r?\n(?:[\w\-]{1,60}:[^\n]{0,200}\r?\n){0,10}\r?\n"
                        r"(?:[A-Za-z0-9+/=]{0,200}\r?\n){0,40}[A-Za-z0-9+/=]{0,200}")
#: Between the pairs of a line (``f(public_key="…", secret_key="…")``).
_PAIR_SEPARATOR = lazy(r",[ \t]*|;[ \t]*")
#: Password hashes that name their format first: Django's ``pbkdf2_sha256$…``, LDAP's
#: ``{SSHA}…``, Bareos's ``[md5]…``, PostgreSQL's ``SCRAM-SHA-256$…``, Transmission's ``{<hex>``.
_HASH_FORMAT = lazy(r"(?:pbkdf2_sha\d+|bcrypt_sha256|argon2|scrypt)\$|[{\[](?:S?SHA\d*|S?MD5"
                          r"|CRYPT|PBKDF2[\w\-]{0,20}|ARGON2|bcrypt|(?i:md5))[}\]]|SCRAM-SHA-\d+\$"
                          # Transmission's rpc-password once hashed: "{", SHA-1's hex, a salt
                          # (read to 40 characters: hex that long after "{" is no password)
                          r"|\{(?=[0-9a-f]{32})")
#: A password hashed in the modular crypt format, ``$<scheme>$[<parameters>$]<salt>$<hash>``
#: (shadow's ``$6$``, bcrypt's ``$2b$``, yescrypt's ``$y$``, rspamd's ``$2$``, Argon2's):
#: what a config stores instead of the password.
CRYPT_HASH = lazy(r"\$(?:" + _CRYPT_SCHEME + r"|sha1|md5)\$[./A-Za-z0-9,=+$]{20,300}")
#: The last word for a secret before a value: a password's (hashed, it is ordinary) or a
#: key's (CurseForge's API keys are shaped as bcrypt hashes).
_SECRET_WORD_BEFORE = lazy(r"(?i)(pass(?:word|wd|phrase)?|pw|key|token|secret)"
                           r"(?!.*(?:pass|pw|key|token|secret))")


def _hashed_password(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is (in) a password hashed in the modular crypt format
    whose last word for a secret, in the 80 characters before, names a password
    (``password = "$6$…"``, ``Enter passphrase:`` then ``$2$…``), not a key."""
    word, at = -1, start + 1
    for _ in range(6):  # the hash opens at one of the last few dollars before the value
        at = text.rfind("$", max(0, start - 160), at)
        hashed = CRYPT_HASH.match(text, at) if at >= 0 else None
        if hashed is not None and hashed.end() >= end and not text[at - 1:at].isalnum():
            word = at
        if at < 0 or word >= 0:
            break
    if word < 0:
        return False
    said = _SECRET_WORD_BEFORE.search(text, max(0, word - 80), word)
    return said is not None and said.group(1).lower() in ("pass", "password", "passwd",
                                                          "passphrase", "pw")


#: An HTML field's name before its value attribute.
_INPUT_NAMED = lazy(r"""name=["'](?P<name>[\w.\-\[\]]{1,80})["'][^<>\n]{0,80}?"""
                          r"""value=["']?\Z""")
#: Public material that looks generated: an SSH public key's base64 (``AAAAC3Nza…``), a
#: public key's DER (SubjectPublicKeyInfo), an age recipient.
PUBLIC_MATERIAL = lazy(r"AAAA[BCE][0-9]Nz|AAAAE2VjZHNh|MFkwEwYHKoZIzj0"
                             # an X.509 certificate's DER: a v3 TBSCertificate first
                             r"|MII[A-Za-z0-9+/]{3}CCA[A-Za-z0-9+/]{2}gAwIBAgI"
                             r"|MII[BC]IjANBgkqhkiG9w0BAQEF|MIGfMA0GCSqGSIb3DQEBAQUAA"
                             r"|MCowBQYDK2Vw|age1[02-9ac-hj-np-z]{58}"
                             r"|npub1|[xyzt]pub[1-9A-HJ-NP-Za-km-z]{100}")
#: A content address: an IPFS CID (v0 ``Qm…``, v1 ``bafy…``), public by what it is.
_CONTENT_ID = lazy(r"Qm[1-9A-HJ-NP-Za-km-z]{44}|baf[ky][a-z2-7]{50,}")
#: A digest that names its algorithm first (``h1:…``, ``zh:…``, ``sha512-…``).
_ALGORITHM_PREFIX = lazy(r"(?i)(?:h\d|zh|sha\d{1,3}|md5|blake2[bs]?|sha3-\d{3})[:\-]")
#: A digest named by words before it (``Linux-pip-<sha256>``, ``gradle-<sha1>``): a cache
#: key or a build's id, as CI systems print them.
_NAMED_DIGEST = lazy(r"(?P<words>(?:[A-Za-z0-9][A-Za-z0-9.]{0,30}-){1,10})"
                           r"(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})")


def word_start(text: str, start: int, reach: int = 160, marks: str = " \t\n\"'") -> int:
    """Where the word ``start`` is in begins: after the last of ``marks`` (a space or a
    quote), at most ``reach`` characters back (``rfind``, not a search anchored at its
    end, which would try every place in the window)."""
    low = max(0, start - reach)
    return max(low, *(text.rfind(mark, low, start) + 1 for mark in marks))


def line_start(text: str, at: int, reach: int) -> int:
    """Where the line holding ``at`` starts, at most ``reach`` characters back."""
    return word_start(text, at, reach, "\n")


def _mime_header(text: str, start: int) -> re.Match[str] | None:
    """The ``Content-Transfer-Encoding: base64`` header within 2,000 characters before
    ``start``; a substring test first, which most texts fail at C speed."""
    low = max(0, start - 2000)
    if text.find("ransfer-", low, start) < 0 and text.find("RANSFER-", low, start) < 0:
        return None
    return _MIME_BASE64.search(text, low, start)


#: A comment after a value that says the value is public: made to be shipped to browsers
#: (a URL's ``://`` opens no comment: ``https://api.example/public/v1``).
_SAID_PUBLIC = lazy(r"(?i)(?:#|(?<!:)//|/\*|<!--)[^\n]{0,80}?(?:\bpublic\b|publishable"
                          r"|\bbrowsers?\b|client[ \-]side)")
_NEGATION = lazy(r"(?i)\b(?:not|never|no|non)\b|n't")
#: The host after a Sentry DSN's key (``https://<key>@o123.ingest.sentry.io/…``).
_SENTRY_DSN = lazy(r"@o\d+\.ingest\.(?:[a-z]{2}\.)?sentry\.io/")
#: A published test vector: a key every implementation checks itself against.
_TEST_VECTOR = lazy(r"(?i)\btest[ _\-]?vectors?\b|\bknown[ \-]answer")
#: A line that says its value comes from an RFC or is a test vector: published, not secret.
#: (not an option named for the RFC it speaks, ``--rfc2136-tsig-secret=``)
_PUBLISHED_BEFORE = lazy(r"(?i)(?<![\-_])\bRFC[ \-]?\d{3,5}\b(?![\-_])|\btest[ _\-]?vectors?\b")

#: How much of a value ``ordinary`` reads.
_READ_LIMIT = 512
_SPACE = lazy(r"\s")


def _one_character(value: str) -> bool:
    """Mostly one character repeated (``aaaaaaaa``, ``0000-0000``): a mask or a filler; not
    digits alone of two digits or more (``7715``, a PIN: the rules of digits judge those)."""
    if value.isdigit() and len(set(value)) > 1:
        return False
    return len(value) >= 4 and max(map(value.count, set(value))) * 2 >= len(value)


def ordinary(text: str, start: int, end: int) -> bool:
    """Whether the value at ``text[start:end]``, found by its shape or place, is no secret
    for what it is (``ordinary_token``, but a digest's length of hex only beside the word
    for one) or for what the line says of it before (public, a fingerprint, a checksum,
    ciphertext)."""
    # A value is judged by its first characters: the scan stays linear however long it is.
    value = text[start:min(end, start + _READ_LIMIT)].strip("\"'")
    if text.startswith(("…", "..."), end):
        return True  # shown cut short: the first characters of an id in a log, not a secret
    stop = text.find("\n", end, end + 200)
    if _TEST_VECTOR.search(text, end, stop if stop >= 0 else end + 200):
        return True  # a line that says it holds a published test vector
    said = _SAID_PUBLIC.search(text, end, stop if stop >= 0 else end + 200)
    if said is not None and not _NEGATION.search(said.group(0)):
        return True  # a comment after it says it is public (a browser's key)
    if _SENTRY_DSN.match(text, end):
        return True  # a Sentry DSN's key: public by design, in every page's script
    if not _SPACE.search(value) and (
            _PLACEHOLDER.search(value) or _one_character(value) or _VERSION.fullmatch(value)
            or typed_in_order(value)
            or ("/" in value and _path(value)) or _PUBLISHABLE.match(value)
            or _CODE.search(value)):
        return True
    if "$" in text[max(0, start - 40):end] and _hashed_password(text, start, end):
        return True  # password = "$2$3yqhq…": the password hashed, what a config stores
    if _CONTENT_ID.fullmatch(value) or PUBLIC_MATERIAL.match(value) or _HMAC_DIGEST.match(value):
        return True  # a content address, public material, a keyed digest (Vault's audit log)
    if PUBLIC_MATERIAL.match(value, value.find("=", 0, 4) + 1):
        return True  # a DNS record's tag and public key: DKIM's p=MIGf…
    if _NODE_ADDRESS.match(text, end) and text[start - 1:start] not in (":", "/"):
        return True  # <node id>@host:port, an address, not a URL's user and password
    if _inside_public_armour(text, start):
        return True  # inside a CMS (PKCS #7) message, ciphertext; an SSH2 public key
    if _DKIM_SIGNATURE.search(text, max(0, start - 1000), start):
        return True  # a DKIM-Signature header's body hash or signature: public
    line = text.rfind("\n", max(0, start - 120), start) + 1
    if (_TYPED_PUBLIC.search(text, max(0, start - 300), start)
            and not _PRIVATE_KEY_NAME.search(text, max(line, start - 80), start)):
        return True  # {"@type": "…PubKey", "key": …}, a verification key's cborHex
    if _printed_public(text, start) or _PUBLIC_PLIST_KEY.search(text, max(0, start - 200), start):
        return True  # what `wg show wg0 peers` printed; a property list's public key
    if _MESSAGE_ID_HEADER.match(text, line):
        return True  # Message-ID: <CA+Yh7…@mail.gmail.com>, an id, not user/password@host
    if _PUBLIC_TAG.search(text, max(line, start - 40), start):
        return True  # an S3 error's <HostId>, <RequestId>: ids
    if (_HEX_KEYED.search(text, max(line, start - 160), start)
            and not _SECRET_PARENT.search(text, max(0, start - 600), start)):
        return True  # "<md5>": "<md5>", a map from digest to digest
    before = text[max(line, start - 120):start]
    if _declared_digest(text, value, start, end):
        return True  # password="<hex>" encoding="md5": the password's digest, not the password
    if _STORE_REFERENCE.search(text, max(line, start - 16), start):
        return True  # key=secret:cuk1…: a store's reference, the outer value a placeholder
    if _in_angle_prose(text, max(line, start - 120), start, end):
        return True  # <set to the key 'password' in secret 'db-creds'>: a described value
    keyed = _KEY_AS_KEY.search(_VERSIONED.sub("", before.rstrip("\"'")))
    key = (keyed.group("qname") or keyed.group("name") or "") if keyed else ""
    if not _CREDENTIAL_NAME.search(key) and (
            _RESOURCE_ID.fullmatch(value) or _CSP_SOURCE.match(value)
            or _WORD_PATH.fullmatch(value) or _VARIABLE.fullmatch(value)):
        return True  # ami-0d75…, 'nonce-…' of a CSP, kv/data/api, $ref: under no secret's name
    if key and _PGP_NAME.search(key) and _PGP_ID.fullmatch(value):
        return True  # GPG_KEY=<fingerprint>: the key a release is signed with, public
    if key and secret_reference(key, value):
        return True  # db-password-secret: orders-db, the name of the secret, not its value
    about = bool(key) and _about(key)  # the key says what the value is: an id, a digest…
    if (not key and not text[line:start].strip(" \t\"'")
            and (opened := _continued_key(text, line)) is not None and _about(opened)):
        return True  # SetCredentialEncrypted=name: \ <ciphertext>: the line it continues
    if about or not _CREDENTIAL_NAME.search(key):
        if _ALGORITHM_PREFIX.match(value):
            return True  # a digest that names its algorithm (h1:…), not password = "h1:…"
        named = _NAMED_DIGEST.fullmatch(value)
        if (named is not None and not _SECRET_NAME.search(named.group("words"))
                and not _LIVE_MODE.search(named.group("words"))
                and re.search(r"[A-Za-z]{4}", named.group("words"))):
            return True  # a CI cache key; not sk-or-v1-…, DEPLOY_TOKEN=acme-prod-<hex> nor a
            # vendor's live-mode key (scp-live-<hex>)
    if text[start - 1:start] == "$" and _HASH_STRING.search(text, max(0, start - 160), start):
        return True  # the salt or the hash of a password hash string
    hashed = _HASH_FORMAT.search(text, word_start(text, start), start + 40)
    if hashed is not None:
        return True  # a password hash in a format that names itself (not crypt's $6$…)
    if _UNTRUSTED_PUBLIC.search(text, max(0, start - 200), start):
        return True  # minisign's or signify's public key or signature, under its comment
    mime = _mime_header(text, start)
    if mime is not None and _MIME_BODY.fullmatch(text, mime.end(), start):
        return True  # the body of a MIME part: an attachment's bytes, from the blank line
    if value.isalpha() and value.islower():
        said = _SAID_DEFAULT.search(text, end, stop if stop >= 0 else end + 200)
        if said is not None and not _NOT_DEFAULT.search(said.group(0)):
            return True  # minioadmin  # the image's documented default
    begin = text.rfind("-----BEGIN ", max(0, start - 4096), start)
    if begin >= 0 and _ARMOUR_BODY.fullmatch(text, begin, start):
        return True  # the body of an armoured block: the armour's own rules judge it
    if _PUBLISHED_BEFORE.search(before):
        return True  # RFC 7914 scrypt test vector: …
    pair = _PAIR_SEPARATOR.split(before)[-1]
    own = _KEY_AS_KEY.search(pair.rstrip("\"'"))
    own_name = (own.group("qname") or own.group("name") or "") if own else ""
    if above_in_document(SEALED_PARENT, text, start) and not ENCRYPTING_KEY.search(own_name):
        return True  # under a parent key that says the values are ciphertext
    scoped = (_SECRET_NAME.search(own_name) is not None
              or _SPACED_NAME.search(before, max(0, len(before) - 24)) is not None)
    # (a key naming a secret scopes the words to itself: in "the last commit moved
    # REDIS_PASSWORD = …" the commit is the sentence's, not the value's)
    own_start = own.start() if own is not None and any(
        _SECRET_NAME.match(word) for word in _NAME_WORD.findall(own_name)) else 0
    said = _PUBLIC_BEFORE.search(pair[own_start:] if scoped else before)
    if said is not None and not ENCRYPTING_KEY.search(own_name) and not (
            _DIGEST_WORD.fullmatch(said.group(0)) and not _digest_shaped(value)):
        return True  # f(public_key=…, secret_key=…): the secret's own pair says what it is
    if about and not (_KEY_FOR_ALGORITHM.search(key) and not _digest_shaped(value)):
        return True  # (clave_sha256 = <no digest's shape>: the key the HMAC is made with)
    field = _INPUT_NAMED.search(before)  # <input name="authenticity_token" value="…">
    return field is not None and _about(field.group("name"))


def _printed_public(text: str, at: int) -> bool:
    """Whether the value at ``at`` is among the lines a command that prints public keys
    printed (``_PRINTED_PUBLIC``); its words are looked for first, so a long run of values
    costs one pass over each window, not a pattern tried at every place in it."""
    window = text[max(0, at - 1200):at].lower()
    if "pub" not in window and "wg" not in window:
        return False
    printed = _PRINTED_PUBLIC.search(text, max(0, at - 1200), at)
    if printed is None:
        return False
    command = text[line_start(text, printed.start(), 1200):printed.end()].split("\n", 1)[0]
    return _PRIVATE_WORD.search(command) is None  # cat private_key.pem public_key.pem: no


_PRIVATE_WORD = lazy(r"(?i)priv|secret")


def above_in_document(pattern: re.Pattern[str], text: str, at: int, reach: int = 300) -> bool:
    """Whether ``pattern`` matches within ``reach`` characters before ``at`` and after the
    last YAML document separator there: a parent key of one document says nothing of the
    next (a SealedSecret's ``encryptedData:``, then a plain Secret), nor does a JSON
    object's key once its ``}`` has closed it."""
    document = text.rfind("\n---", max(0, at - reach), at) + 1
    return any(not parent.group(0).endswith("{") or "}" not in text[parent.end():at]
               for parent in pattern.finditer(text, max(document, at - reach), at))


def _inside_public_armour(text: str, start: int) -> bool:
    """Whether ``start`` is inside a CMS or PKCS #7 message or an SSH2 public key: after
    its BEGIN line and before any END line."""
    opened = [m.end() for m in _PUBLIC_ARMOUR.finditer(text, max(0, start - 4096), start)]
    return bool(opened) and text.find("-----END", opened[-1], start) < 0 \
        and text.find("---- END", opened[-1], start) < 0


def _in_angle_prose(text: str, line: int, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands inside angle brackets that hold words and spaces
    on one line: a placeholder or a tool's description of a value, never the value."""
    opened = text.rfind("<", line, start)
    if opened < 0 or text.find(">", opened, start) >= 0:
        return False
    closed = text.find(">", end, end + 200)
    if closed < 0 or "\n" in text[end:closed]:
        return False
    inside = text[opened + 1:closed]
    # words, not a tag's attributes (<input name="password" value="…">), nor a shell's
    # redirections (psql < schema.sql … 2> err), nor a secret with a note (<Zq8… for prod>)
    return ("=" not in inside and _PROSE_WORDS.match(inside) is not None
            and not generated(text[start:end]))


_PROSE_WORDS = lazy(r"[a-z]{2,} [A-Za-z]{2,}")
#: The key that opens a line: ``SetCredentialEncrypted=``, ``key:``.
_LINE_KEY = lazy(r"[ \t]*(?P<name>[A-Za-z_][\w.\-]{0,60})[ \t]*[=:]")


def _continued_key(text: str, line: int) -> str | None:
    """The key of the line that the line starting at ``line`` continues (the lines before
    it end with a backslash), read back over at most four lines."""
    opened = None
    for _ in range(4):
        if line < 2 or not text[max(0, line - 120):line - 1].rstrip(" \t").endswith("\\"):
            break
        line = text.rfind("\n", max(0, line - 400), line - 1) + 1
        opened = line
    if opened is None:
        return None
    found = _LINE_KEY.match(text, opened)
    return found.group("name") if found else None


# -- places -----------------------------------------------------------------------------------

#: Names of keys, headers and arguments whose value is known not to be a secret.
_ABOUT = frozenset({
    "id", "ids", "sha", "hash", "commit", "rev", "revision", "digest", "checksum", "version",
    "uuid", "guid", "ref", "tag", "fingerprint", "nonce", "etag", "cursor", "url", "uri",
    "host", "path", "name", "region", "bucket", "dir", "file", "image", "arn", "zone",
    "project", "org", "user", "username", "email", "account", "tenant", "subscription",
    "number", "integrity", "kid", "iv", "n", "e", "x", "y", "modulus", "exponent", "public",
    "pub", "cert", "certificate", "ciphertext", "encrypted", "trace", "span", "request",
    "correlation", "build", "run", "job", "page", "next", "state", "label", "title",
    "type", "kind", "format", "mode", "alg", "algorithm", "iss", "aud", "sub", "issuer",
    "audience", "recipient", "thumbprint", "address", "wallet", "txid", "tx", "block",
    "parent", "tree", "blob", "object", "oid", "location", "link", "href", "src",
    "challenge", "signature",
    # a file's contents under its name (a ConfigMap's binaryData): images, fonts, archives
    "ico", "png", "jpg", "jpeg", "gif", "svg", "webp", "woff", "woff2", "ttf", "otf", "pdf",
    "wasm", "gz", "zip",
    # ids that look generated: K-sortable, lexicographic and collision-resistant ids
    "ksuid", "ulid", "cuid", "nanoid", "snowflake", "pubkey", "publickey",
    # digests named by their algorithm (``contentMd5``)
    "md5", "sha1", "sha256", "sha512", "crc", "crc32", "crc32c", "crc64",
    # systemd's invocation id; a WireGuard peer, named by its public key
    "invocation", "peer",
    # a certificate's serial number
    "serial",
})
#: Names whose value is a handshake's nonce, printed by every client that connects.
_HANDSHAKE = frozenset({"sec-websocket-key", "sec-websocket-accept"})
_FORGERY = lazy(r"(?i)(?:csrf|xsrf|authenticity)(?:[\w\-]{0,20}token)?\Z")


def forgery_token(name: str) -> bool:
    """Whether ``name`` is a form's anti-forgery token (``csrf_token``,
    ``csrfmiddlewaretoken``, ``authenticity_token``, a ``__Host-csrf`` cookie): printed into
    the page it protects.  Not the secret that signs it (``WTF_CSRF_SECRET_KEY``)."""
    return _FORGERY.search(name) is not None
#: Words in a name that say its value is a credential even when it is a UUID or a digest's
#: length of hex (a Heroku key is a UUID; many services hand out 40 hex digits).
_SECRET_NAME = lazy(r"(?i)key|token|secret|pass|pwd|auth|cred|sign|session|cookie"
                          r"|api|private|license|login|bearer|access|hmac|salt|seed|pin")
#: A vendor's live mode after its short prefix (``scp-live-``; not a cache's, a bucket's or
#: a stream's name, ``deps-live-``, ``prod-live-``).
_LIVE_MODE = lazy(r"(?i)^[a-z]{2,3}[\-_.]live[\-_.]")
_NAME_WORD = lazy(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
#: A word right before ``key`` that makes it public: a browser's or a site's key.
_PUBLIC_WORDS = frozenset({"public", "pub", "publishable", "site"})


#: Words that name a credential outright (a bare ``key`` does not: a cache key, a sort key).
_CREDENTIAL_NAME = lazy(r"(?i)token|secret|pass|pwd|auth|cred|api[_\-]?key|private"
                              r"|bearer|hmac|signing")


def _about(name: str) -> bool:
    words = [w.lower() for w in _NAME_WORD.findall(name)]
    if words[-2:] == ["object", "sid"]:
        return True  # a directory's security identifier (objectSid), not connect.sid
    if len(words) > 1 and words[-1].isdigit() and words[-2] + words[-1] in _ABOUT:
        return True  # contentMd5, crc32c
    while len(words) > 1 and words[-1].isdigit():
        words.pop()  # x-amz-id-2, etag2: the name's own last word says what it is
    return bool(words) and (words[-1] in _ABOUT or forgery_token(name)
                            or words[-2:] == ["idempotency", "key"]
                            or words[0] in ("public", "pub")
                            or (words[-2:-1] and words[-2] in _PUBLIC_WORDS
                                and words[-1] == "key")
                            or name.lower() in _HANDSHAKE
                            or name.lower().startswith(("x5t", "x5c")))  # a thumbprint


def _keyed(name: str, value: str) -> bool:
    """Whether ``value`` under the key or header ``name`` is a secret: a generated value
    under any name that is not about an id, a digest, a place or public material; under a
    name that says credential, a UUID or hex of any length too."""
    if _about(name):
        return False
    if generated(value):
        return True
    if not _SECRET_NAME.search(name):
        return False
    if UUID.fullmatch(value):
        return True
    return len(value) >= 32 and re.fullmatch(r"[0-9a-fA-F]+", value) is not None


Judge = Callable[[re.Match[str]], "tuple[int, int] | None"]

#: The key before a quoted value on its line: ``"name": "…"``, ``name = '…'``, ``name => "…"``.
_KEY_BEFORE = lazy(r"""["']?(?P<name>[A-Za-z_][\w.\-]{0,60})["']?\s*(?::=|=>|=|:)\s*(?:\[\s*)?\Z""")
_CALL_BEFORE = lazy(r"(?P<name>[A-Za-z_][\w.]{0,60})\(\s*(?:[^()\n]{0,120},\s*)?\Z")
#: A call that sets a client up with its key (``MakeClient("sdk-<uuid>")``).
_CLIENT_CALL = lazy(r"(?i)client|init|key|token|auth|sdk|setup|configure")
#: A UUID, or a UUID under a short prefix.
KEYED_UUID = lazy(r"(?:[a-z]{2,10}-)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}"
                         r"-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
#: A call whose argument is data, not a key.
_DATA_CALL = lazy(r"(?i)sha|hash|digest|commit|checkout|rev|verify|uuid|id$|colou?r"
                        r"|encode|decode|b64|hex|print|log|assert|equal|match|find|get$|load"
                        r"|parse|format|compile|test|expect")
_LIST_BEFORE = lazy(r"(?:[\[(,]|^-|\n[ \t]*-)\s*\Z")


def _quoted(match: re.Match[str]) -> tuple[int, int] | None:
    """A quoted generated value: the value of a key, an argument of a call that is not
    about data, or an element of a list."""
    text, start = match.string, match.start("value")
    value = match.group("value")
    before = text[max(0, match.start() - 160):match.start()]
    keyed = _KEY_BEFORE.search(before)
    if keyed is not None:
        found = _keyed(keyed.group("name"), value)
    elif (call := _CALL_BEFORE.search(before)) is not None:
        name = call.group("name")
        found = not _DATA_CALL.search(name) and (
            generated(value) or (_SIGNIN.search(name) is not None and _made_up(value))
            or (_CLIENT_CALL.search(name) is not None and KEYED_UUID.fullmatch(value) is not None))
    else:
        found = _LIST_BEFORE.search(before) is not None and generated(value, 24)
    if not found or ordinary(text, start, match.end("value")):
        return None
    return start, match.end("value")


def _line_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``name: VALUE``, ``name = VALUE``, ``Header: Scheme VALUE`` or ``- VALUE`` as a whole
    line, unquoted.  A value alone on a line is not judged: a transcript's every string
    is one, and ids are written that way (a session's, a tool call's)."""
    value, name = match.group("value"), match.group("name")
    if name is None:  # a list's item: hex there is data more often (a dump, ciphertext)
        found = generated(value, 24) and alphabet(re.sub(r"[^A-Za-z0-9]", "", value)) != 16
    else:
        found = _keyed(name, value)
    if not found or ordinary(match.string, *match.span("value")):
        return None
    return match.span("value")


#: A command or its first argument whose name is about signing in.
_SIGNIN = lazy(r"(?i)auth|login|logon|signin|sign-in|passw|secret|token|cred|apikey"
                     r"|api-key|register|connect|bind")
_ARGUMENT = lazy(r"\S{1,300}")
_FLAG_WITH_VALUE = lazy(r"-{1,2}[A-Za-z][\w\-]*\Z")


def _made_up(value: str) -> bool:
    """A password a person made up: 8 to 64 characters, letters and digits and a symbol or
    both cases, not words joined by separators, no path, address or assignment."""
    if not 8 <= len(value) <= 64 or any(ch in value for ch in "/=@:\\"):
        return False
    if _PLACEHOLDER.search(value):
        return False
    lower = any(c.islower() for c in value)
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = any(not c.isalnum() and c not in "-_." for c in value)
    if not ((lower or upper) and digit and (symbol or (lower and upper))):
        return False
    return (not reads_as_words(value) and not _VERSION.fullmatch(value)
            and not PRODUCT_AND_VERSION.fullmatch(value))


def _signin_command(match: re.Match[str]) -> tuple[int, int] | None:
    """A command whose name (or first argument's) is about signing in, and an argument
    of it, not an option's value naming a file or a user, that is generated or made up.
    A line of code (``name = …``, ``name(…``) is no command."""
    command, rest = match.group("command"), match.group("rest")
    if _ASSIGNED.match(rest):
        return None
    words = list(_ARGUMENT.finditer(rest))
    if not _SIGNIN.search(command) and not any(_SIGNIN.search(w.group(0)) for w in words[:3]):
        return None
    flag = ""
    for word in words[:16]:
        raw = word.group(0)
        value = raw.strip(_WRAPPING)
        after_flag, flag = flag, value if _FLAG_WITH_VALUE.fullmatch(value) else ""
        if value.startswith("-") or any(ch in value for ch in "=/\"'`"):
            continue
        if after_flag and re.search(r"(?i)user|name|file|host|url|region|profile", after_flag):
            continue
        at = match.start("rest") + word.start()
        if CALLED_AN_ID.search(match.string, max(0, at - 16), at):
            continue
        if (generated(value) or _made_up(value) or KEYED_UUID.fullmatch(value)) \
                and not ordinary(value, 0, len(value)):
            begin = match.start("rest") + word.start() + len(raw) - len(raw.lstrip(_WRAPPING))
            return begin, begin + len(value)
    return None


#: The word "id" or a name ending in one right before a value, a verb or a colon between:
#: the value is an id ("login id alice7", "link id is <uuid>", "noteId SlAg…"), no secret.
CALLED_AN_ID = lazy(r"(?<![\w\-])(?:[A-Za-z]{0,30}[a-z](?:Id|ID)|[Ii][Dd]s?|UUID|uuid)"
                    r"[ \t]*(?:is[ \t]+|[:=][ \t]*)?\Z")
#: What wraps an argument: quotes, brackets, a trailing comma.
_WRAPPING = "\"'`,;()[]{}"
_ASSIGNED = lazy(r"[ \t]*(?:[:=(]|\+=|\.)")


_PRINTABLE = lazy(r"[!-~]{12,300}")


def random_printable(value: str) -> bool:
    """A value drawn at random from every printable character (a salt, a generated
    password): 12 characters or more, lower, upper, digits and symbols, as varied as a
    random string of 94 symbols, not words."""
    if not _PRINTABLE.fullmatch(value) or _PLACEHOLDER.search(value) or "\\" in value:
        return False
    classes = (any(c.islower() for c in value), any(c.isupper() for c in value),
               any(c.isdigit() for c in value), any(not c.isalnum() for c in value))
    if not all(classes) or reads_as_words(value) or harmless_base64(value):
        return False
    symbols = sum(not c.isalnum() for c in value)
    if len(value) < 24 and (symbols > len(value) // 3 or re.search(r"[(){}\[\]<>;,`$%]", value)):
        return False  # code, a pattern, a format string
    return (entropy(value) >= 0.9 * expected_entropy(len(value), 94)
            and credential_model.confirms(value))


def _quoted_any(match: re.Match[str]) -> tuple[int, int] | None:
    """A quoted value of random printable characters, whatever stands before it, unless
    it is the value of a key about an id or a call about data."""
    value = match.group("value")
    if not random_printable(value):
        return None
    text = match.string
    before = text[max(0, match.start() - 160):match.start()]
    call = _CALL_BEFORE.search(before)
    if call is not None and _DATA_CALL.search(call.group("name")):
        return None
    if ordinary(text, *match.span("value")):
        return None
    return match.span("value")


def _spaced(match: re.Match[str]) -> tuple[int, int] | None:
    """``password 7 VALUE``, ``community VALUE``: a word naming a secret, spaces, a value
    made up or generated (after a type digit, any hex of 16 or more)."""
    value = match.group("value").strip("\"'")
    typed = match.group("type") is not None and re.fullmatch(r"[0-9A-Fa-f]{16,}", value)
    if not (typed or _made_up(value) or generated(value, 16) or random_printable(value)):
        return None
    if ordinary(match.string, *match.span("value")):
        return None
    return match.span("value")


def _url_tail(match: re.Match[str]) -> tuple[int, int] | None:
    """``https://host/v2/<key>``: hosted APIs put the key as the last part of the path."""
    value = match.group("value")
    if not generated(value, 24) or alphabet(value.replace("-", "").replace("_", "")) == 16:
        return None
    return None if ordinary(match.string, *match.span("value")) else match.span("value")


def _pair_value(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of a ``user:password`` pair given to an option (``-u``, ``--user``) or
    the last field of a colon-separated record (``host:port:db:user:password``)."""
    value = match.group("value").strip("\"'")
    if not (_made_up(value) or generated(value, 16) or random_printable(value)):
        return None
    start = match.start("value") + (len(match.group("value")) - len(
        match.group("value").lstrip("\"'")))
    return None if ordinary(match.string, start, start + len(value)) else (
        start, start + len(value))


def _query_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``?name=VALUE`` or ``&name=VALUE`` in a URL, under a name that says credential (a
    query's other values are ids of pages, lists and videos)."""
    name = match.group("name")
    if not _SECRET_NAME.search(name) or not _keyed(name, match.group("value")):
        return None
    if ordinary(match.string, *match.span("value")):
        return None
    return match.span("value")


#: (a line a unified diff adds or removes, its ``+`` or ``-`` first, reads as the line)
_LINE_VALUE = lazy(
    r"(?m)^[+\-]?[ \t]*(?:(?P<item>-[ \t]+)|(?:export[ \t]+)?(?P<name>[A-Za-z_][\w.\-]{0,60})"
    r"[ \t]*(?::=|=|:)[ \t]*(?:[A-Za-z][\w\-]{1,20}[ \t]+)?)"
    rf"(?P<value>{TOKEN}{{16,300}})[ \t]*$")
_RECORD = lazy(r"(?m)^[ \t]*[\w.\-*]{1,253}(?::[^\s:]{0,128}){3,8}:"
                     r"(?P<value>[^\s:]{8,128})[ \t]*$")
_SIGNIN_LINE = lazy(r"(?m)^[ \t]*(?:\$[ \t]+|sudo[ \t]+)?(?P<command>[A-Za-z][\w.\-]{1,40})"
                          r"(?P<rest>[ \t][^\n|;&]{1,600})")
_SPACED = lazy(r"(?i)(?<![\w\-.])(?:password|passwd|secret|community|psk|passphrase"
                     r"|token)[ \t]{1,8}(?P<type>\d[ \t]{1,8})?(?P<value>[^\s]{8,128})")


def line_shapes(match: re.Match[str]) -> tuple[int, int] | None:
    """The shapes of one line: ``name: VALUE`` or a bare value (``_line_value``), a
    colon-separated record (``_pair_value``), a sign-in command (``_signin_command``), a
    word naming a secret and its value (``_spaced``).  The scanner calls it from the one
    pattern that reads each line once, so these shapes cost no pass of their own."""
    text, start, end = match.string, match.start(), match.end()
    for shape, judge in ((_LINE_VALUE, _line_value), (_RECORD, _pair_value),
                         (_SIGNIN_LINE, _signin_command)):
        line = shape.match(text, start, end)
        if line is not None and (span := judge(line)) is not None:
            return span
    for spaced in _SPACED.finditer(text, start, end):
        if (span := _spaced(spaced)) is not None:
            return span
    return None


#: Where a generated token is a secret with no word beside it naming it.  Each pattern is
#: bounded and opens on a literal, so that the scan stays linear; ``line_shapes`` is
#: tried on every line by the scanner's own line pattern.
SHAPE_PATTERNS: tuple[tuple[str, re.Pattern[str], Judge], ...] = (
    *((f"a generated value in {quote}quotes{quote}",
       lazy(rf"{quote}(?<![\w\\]{quote})(?P<value>{TOKEN}{{16,300}}){quote}"), _quoted)
      for quote in "\"'"),
    *(("a generated value in a URL query",
       lazy(re.escape(mark) + r"(?P<name>[A-Za-z_][\w.\-]{0,40})="
                  r"(?P<value>[A-Za-z0-9_\-.~%]{16,300})(?![A-Za-z0-9_\-.~%])"), _query_value)
      for mark in "?&"),
    *((f"a random value in {quote}quotes{quote}",
       lazy(rf"{quote}(?<![\w\\]{quote})(?P<value>(?:(?!{quote})[!-~]){{12,300}}?)"
                  rf"{quote}(?![\w])"),
       _quoted_any) for quote in "\"'"),
    ("a generated value at the end of a URL's path",
     lazy(r"://[\w.\-]{1,253}(?:/[\w.\-~%]{1,80}){0,8}/(?P<value>[A-Za-z0-9_\-]{20,200})"
                r"(?=$|[\s?#'\")\]}>,;])"), _url_tail),
    ("a password paired with a user",
     lazy(r"""-(?<=\s-)-?(?:u|U|user|auth|basic|creds?|credentials)[ \t=]{1,4}["']?"""
                r"""[^\s:,"'$]{1,64}[:,%](?P<value>[^\s"']{6,128}["']?)"""), _pair_value),
)
