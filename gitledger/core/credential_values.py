"""What a value found by the credential scanner looks like: generated, made up, or ordinary.

The scanner's places (``credential_keys``, ``credential_places``, ``credential_lines``) find
where a secret may stand; these tests say whether the value there is one: random-looking
tokens and passwords a person made up on one side, placeholders, references to a secret
store, paths, public keys and base64 of text on the other.  They read only the value, so
every place judges a value the same way whoever wrote the text around it.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import math
import re

from gitledger.core import credential_model
from gitledger.core.credential_shapes import (
    PUBLIC_MATERIAL,
    STORE_SCHEMES,
    UUID,
    typed_in_order,
)
from gitledger.core.lazy_pattern import lazy

#: The words of a key: ``AWS_SECRET_ACCESS_KEY``, ``rootPassword``, ``APIKey``.
WORD = lazy(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")

#: Placeholders, masks and templates' syntax; ``<word`` alone is the start of an angled
#: description cut at its first space by a value that ends at one
#: (``--password=<from vault: kv/app>``); and values read from elsewhere: a mail server's
#: ``%{env:NAME}%`` or ``%{file:…}%`` macro, Spinnaker's ``encrypted:<engine>!k:v``
#: reference to a secret engine, a secret manager's ``name:latest`` or a deploy's
#: ``ENV=name:version``, as ``gcloud run --set-secrets`` names a secret.
_PLACEHOLDER = lazy(
    r"""(?ix)^(
        <[^>]*> | <[a-z]{2,20} | \$\{?[a-z_][a-z0-9_]*\}? | \$\{.*\} | \$\(.*\) | %\(?[a-z_]+\)?s?
        | %[a-z_][a-z0-9_]*% | %env\(.*\)% | \$env:[a-z_]\w* | \{\{.*\}\} | \*+ | x{3,} | \.{3} | …
        | \{\{[^}]* | (?:[\w.\-]+:)?\{\{[^{}]*\}\}(?:[;,\ ](?:[\w.\-]+:)?\{\{[^{}]*\}\})*
        | (?-i:\$[A-Z][A-Z0-9_]*\$)
        | \[[a-z_|\-\ ]{1,40}\] | redacted | hidden | none | null | nil | true | false
        | unset | empty | change[_\-]?(?:me|it) | example | env | \( .* \)
        | todo | tbd | fixme | placeholder | replace[_\-]?me | dummy | fake | sample
        | .*not[_\-\ ]a[_\-\ ]real.*
        | (?:your|my)[_\-\ ].* | .*[_\-\ ]here
        | [x*•.\-_\ 0]{4,} | \{[a-z_][\w.]*\}.* | .*(?:x{6,}|\*{4,}|0{8,}).*
        | .{0,16}(?:\.{3}|…) | .*example.* | pk(?:\.|_live_|_test_).*
        | enc\[.* | \$ansible_vault.* | !vault.*
        | (?:""" + STORE_SCHEMES + r"""|cmd|exec):.*
        | %\{[a-z_]{1,20}:[^{}\s]{1,200}\}%?
        | encrypted(?:file)?:[a-z0-9\-]{1,20}(?:![a-z]{1,20}:[^!\s]{0,200}){1,12}
        | (?:[a-z_/][\w/.\-]{0,254}=)?[a-z][\w\-]{0,254}:latest(?:,.*)?
        | [a-z_][a-z0-9_]{0,254}=[a-z][\w\-]{0,254}:\d{1,6}(?:,.*)?
        | os\.environ\b.* | (?:os\.|System\.)?getenv\(.* | process\.env\b.* | ENV\[.*
        | Environment\.GetEnvironmentVariable\(.* | \$env\(.*\)
        | \*sensitive\*data\*deleted\* | \$encrypted\$
        | \$\$\{?[a-z_][a-z0-9_]*\}? | \$\$\{.*\} | \$\$\(.*\)
        | :'[a-z_]\w*' | :"[a-z_]\w*"
        | [a-z]+(?:_[a-z]+)*_(?:password|passwd|pass|secret|token|key)
        | `.*` | [*•\-+]{4,}\ +\#.* | @(?:[\w.~\-]*/\S*|[\w\-]+\.[a-z]{2,4})
        | (?:my|your|the|auth|priv|new|old|db|admin|user){0,2}(?:pass(?:word)?|passwd|pwd|secret)
        | string | str | int | bool | bytes | flag
        | \#\{.*\} | [a-z_]\w*=\$\{?[a-z_]\w*\}? | @[\w.:\-]{1,80}@ | \{[^{}\s]{0,80}\[.*
    )$"""
)

#: Where a secret lives rather than what it is: an environment lookup, a getter call, a
#: file path, an attribute.  Recording those is exactly what the ledger should do instead.
#: A call's name starts with letters only, so a value such as ``Pa55(word)`` stays a value.
_REFERENCE = lazy(
    r"""(?x)^(
        \$[A-Za-z_]\w*
        | (?:process\.env|import\.meta\.env)\.\w+
        | [A-Za-z_][A-Za-z_]*(?:(?:\.|::?)[A-Za-z_]\w*)*\(.*
        | [A-Za-z_][\w.]*\[.*\]
        | [A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+
        | (?:~|\.{1,2})?/[\w.\-/]+
    )$"""
)
_TOKEN_CHARS = lazy(r"[A-Za-z0-9+/=_\-.~:]+")
_SEGMENT_SPLIT = lazy(r"[_\-./:+=~]+")
#: A segment people write: a word, a number, a word with a version (``ed25519``, ``v2``).
WORDLIKE = lazy(r"[A-Za-z]+\d*|\d+[A-Za-z]*")


# -- what a value looks like ------------------------------------------------------------------

def is_example(value: str) -> bool:
    """A documentation example (``wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``), a fake
    typed in order (``ghp_1234567890abcdef…``: a random value holds such runs about never),
    or jwt.io's sample token."""
    if "EXAMPLE" in value.upper() or typed_in_order(value):
        return True
    if value.startswith("eyJ") and value.count(".") >= 2:
        payload = _b64_text(value.split(".", 2)[1])
        return payload is not None and '"John Doe"' in payload
    return False


#: A date as eight digits, year first or last (``20240611``, ``11032024``).
_EIGHT_DIGIT_DATE = lazy(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
                         r"|(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])(?:19|20)\d\d")


def digit_password(value: str, least: int = 6) -> bool:
    """A password of digits alone, as a PIN or a device's access code is (``67960888``):
    ``least`` to twelve of them (fewer are a port, a count or a year), no example and no
    run of the keypad (``123456``, ``111111``: what advice quotes), no date written as
    eight digits (``20240611``)."""
    if not (value.isascii() and value.isdigit() and least <= len(value) <= 12):
        return False
    if _EIGHT_DIGIT_DATE.fullmatch(value):
        return False
    steps = {int(b) - int(a) for a, b in itertools.pairwise(value)}
    return not is_example(value) and not (len(steps) == 1 and steps <= {-1, 0, 1})


def _b64_text(part: str) -> str | None:
    try:
        return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        return None


def class_changes(value: str) -> float:
    """The share of neighbouring characters of different classes (upper, lower, digit,
    other): about 0.6 in a random base62 string, under 0.2 in a name such as
    ``parseHttpResponse2``."""
    def kind(ch: str) -> int:
        return 0 if ch.isupper() else 1 if ch.islower() else 2 if ch.isdigit() else 3
    kinds = [kind(ch) for ch in value]
    return sum(a != b for a, b in itertools.pairwise(kinds)) / max(len(value) - 1, 1)


def random_token(value: str, least: int = 16) -> bool:
    """Whether ``value`` looks machine-generated: ``least`` characters or more of token
    characters, letters and digits, mixed at random, and not a UUID, not base64 of text."""
    if (len(value) < least or not _TOKEN_CHARS.fullmatch(value) or UUID.fullmatch(value)
            or not_secret_shape(value)):
        return False
    if not looks_random(value) or entropy(value) < 3.3:
        return False
    if re.fullmatch(r"[0-9a-fA-F]+", value):
        return len(value) >= 32 and class_changes(value) >= 0.3
    core = re.sub(r"[^A-Za-z0-9]", "", value)
    if class_changes(core) < 0.3:
        return False
    return (not decodes_to_text(value) or _encoded_pair(value)) and credential_model.confirms(value)


def _encoded_pair(value: str) -> bool:
    """base64 of ``id:key`` with a random key (an Elasticsearch API key, a registry's
    ``auth``): text, but a secret all the same."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (binascii.Error, ValueError):
        return False
    _, colon, key = decoded.partition(":")
    return bool(colon) and len(key) >= 8 and bool(_TOKEN_CHARS.fullmatch(key)) \
        and looks_random(key)


def password_shaped(value: str) -> bool:
    """A value a person made up as a password: 8 characters or more, no space, and three
    of lower case, upper case, digits and symbols (``Tr0ub4dor&3``, not ``username``)."""
    if len(value) < 8 or any(ch.isspace() for ch in value) or is_placeholder(value):
        return False
    return character_classes(value) >= 3 or random_token(value)


def character_classes(value: str) -> int:
    """How many of lower case, upper case, digits and symbols ``value`` holds."""
    return sum((any(c.islower() for c in value), any(c.isupper() for c in value),
                any(c.isdigit() for c in value), any(not c.isalnum() for c in value)))


# -- passwords a person made up --------------------------------------------------------------

#: Symbols people put in passwords; ``made_up`` needs one, or both cases, beside digits.
_PW_SYMBOL = lazy(r"[!#$%&*+?^~@|;<>()\[\]{}]")
#: Symbols that neither code, paths, versions nor addresses use in a word.
_STRICT_SYMBOL = lazy(r"[!#$%&*?^]")
_CODE_CHARS = lazy(r"[(){}\[\]<>;|'\"`\\/=+,]")
#: Code, not a password: names joined by operators (``x.Mode&os.ModeSymlink``,
#: ``flags&MASK``) and a command with its arguments after ``!`` (``check_load!5!10``).
_NAME_PART = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
_EXPRESSION = lazy(rf"{_NAME_PART}(?:(?:&&?|\|\|?|!=|==){_NAME_PART})+"
                         r"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:![\w.]+)+")
#: A format string's directive (``step-%02d-%s.txt``).
_FORMAT = lazy(r"%[-+ 0#]?\d*(?:\.\d+)?[sdifxXqv]")
#: Prose URL-encoded (``I%20am%20a``): a space's escape between words.
_ENCODED_PROSE = lazy(r"[A-Za-z]%20[A-Za-z]")
ADDRESS = lazy(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
DIGEST = lazy(r"[0-9a-fA-F]{40}|[0-9a-fA-F]{64}")
WORDS_RUN = lazy(r"\S+")


def made_up(value: str) -> bool:
    """A password a person made: 8-64 characters, no space or slash, letters and digits
    with a symbol or both cases, and not a run of words (``v2-Beta1``) or an address."""
    if not 8 <= len(value) <= 64 or any(c.isspace() for c in value) or "/" in value:
        return False
    if is_placeholder(value) or is_example(value) or ADDRESS.fullmatch(value):
        return False
    lower = any(c.islower() for c in value)
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = _PW_SYMBOL.search(value) is not None
    if not ((lower or upper) and digit and (symbol or (lower and upper))):
        return False
    segments = [s for s in re.split(r"[_\-.:=,]+", value) if s]
    return not all(WORDLIKE.fullmatch(s) for s in segments)


#: Runs of neighbouring keys people start a password with (qwerty, azerty and qwertz rows,
#: the columns ``qazwsx``, ``1qaz2wsx``, ``q1w2e3``, the rows' first keys stacked,
#: ``qweasd``, and the digits' row then the letters' under it, ``1234qwer``), six keys or more.
KEYBOARD_WALK = lazy(r"(?i)qwerty|qwertz|azerty|asdfgh|zxcvbn|yxcvbn|qazwsx|wsxedc|zaqwsx"
                     r"|1qaz2wsx|q1w2e3|1q2w3e|zaq12wsx|qweasd|123qwe|1234qwer")


def keyboard_walk(value: str) -> bool:
    """A password begun with a walk along the keyboard (``qazwsxmysor``, ``q1w2e3r4hongk``),
    eight characters or more and no space."""
    return (8 <= len(value) <= 64 and not any(c.isspace() for c in value)
            and KEYBOARD_WALK.match(value) is not None)


#: The letter rows of a QWERTY keyboard: five keys of one in a row, either way, are typed
#: by walking along it (``zxcvb``, ``poiuy``), as no word of prose is spelt.
_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_WALK = 5


def row_walk(value: str) -> bool:
    """Whether ``value`` holds five letters typed along a keyboard's row anywhere (``asdfg``,
    ``mnbvc``), where ``keyboard_walk`` asks for a known walk to begin it: how people make
    up a password they can type fast."""
    lowered = value.lower()
    return any(lowered[at:at + _WALK] in row or lowered[at:at + _WALK][::-1] in row
               for at in range(len(lowered) - _WALK + 1) for row in _KEYBOARD_ROWS)


#: A letter spelt with a digit or a sign inside a word (``P@ssw0rd``, ``m3d``, ``Qu3$t``):
#: ``@`` after one or two letters (not ``user@host``), ``$``, or a digit that reads as a
#: letter, between letters.
_LEET_INSIDE = lazy(r"(?<![A-Za-z])[A-Za-z]{1,2}@(?=[A-Za-z])|(?<=[A-Za-z0-9])\$(?=[A-Za-z0-9])"
                    r"|(?<=[A-Za-z@$])[013457](?=[A-Za-z@$])")
#: What leetspeak ends with: a number of two digits or more, or a sign.
_LEET_END = lazy(r"(?:\d{2,}|[!@#$%*?]+)\Z")
_HEX_ONLY = lazy(r"[0-9a-fA-F]+")


def leetspeak(value: str) -> bool:
    """A word spelt in leetspeak, as people make a short password of a name
    (``K@hu79``, ``@m3d28``, ``Qu3$t58``): letters with one letter written as a digit or a
    sign inside a word, and a number or a sign at its end; not an address, a hex id
    (``a1b2c3d4``), a handle (``@dev42``) or a version (``v1beta1``)."""
    if not 6 <= len(value) <= 24 or any(c.isspace() for c in value) or "/" in value:
        return False
    if (_HEX_ONLY.fullmatch(value.lstrip("#")) or ADDRESS.fullmatch(value) or is_placeholder(value)
            or sum(c.isalpha() or c in "@$" for c in value) < 3):
        return False
    if value.isascii() and value.isalnum() and value.lower() == value:
        return False  # lower-case letters and digits only: a host's or a bucket's name (n0de01)
    inside = _LEET_INSIDE.findall(value)
    return bool(inside) and (len(inside) + value.startswith("@") >= 2
                             or _LEET_END.search(value) is not None)


#: "I love" written as a heart and run into a name and a number or a sign
#: (``i<3Pusi76``, ``I<3Struppi!``): a password as people make one of what they love; not
#: a recent year (``I<3Paris2024``, a slogan's).
_HEART = lazy(r"[iI]<3[A-Za-z][a-z]{2,15}(?:(?!20[0-3]\d\b)\d{1,6}[!@#$%&*?]{0,3}"
              r"|[!@#$%&*?]{1,3})")


def heart(value: str) -> bool:
    """A password made of a heart, a name and a number or a sign (``i<3Mphaka74``)."""
    return _HEART.fullmatch(value) is not None


def strict_made_up(value: str) -> bool:
    """A made-up password as it stands among other words: both cases and a symbol no code,
    path, version or address uses, or letters, digits and two such symbols."""
    if not 8 <= len(value) <= 64 or _CODE_CHARS.search(value) or is_placeholder(value):
        return False
    if value.startswith(("$", "%", "#", "!", "&", "*", "?")) or is_example(value):
        return False
    if _EXPRESSION.fullmatch(value) or _FORMAT.search(value) or _ENCODED_PROSE.search(value):
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
    words = WORD.findall(re.sub(r"[^A-Za-z]", " ", value))
    return bool(words) and all(len(w) < 3 or re.search(r"[aeiouyAEIOUY]", w) for w in words)


def mixed_random(value: str) -> bool:
    """A short generated value: 12 characters or more, both cases, changing class the way
    no identifier does, not base64 of text."""
    core = re.sub(r"[^A-Za-z0-9]", "", value)
    return (12 <= len(value) <= 128 and bool(_TOKEN_CHARS.fullmatch(value))
            and any(c.islower() for c in core) and any(c.isupper() for c in core)
            and not _words_of_a_name(value) and class_changes(core) >= 0.4
            and entropy(value) >= 3.3 and not is_example(value)
            and not is_placeholder(value) and not (len(value) >= 16 and decodes_to_text(value)))


def random_letters(value: str) -> bool:
    """A generated value that happens to hold no digit (``PYNxJkv…``, one in fifty of
    22-character base62 keys): 16 letters or more in both cases, changing case often, with
    what names lack, three or more of a lone lower-case letter between capitals (``NxJ``)
    and a word of three letters with no vowel (``Jkv``), an acronym aside
    (``XMLHttpRequest``, ``ApplicationInsightsKey`` are names)."""
    if not (16 <= len(value) <= 128 and value.isascii() and value.isalpha()
            and not value.isupper() and not value.islower()):
        return False
    odd = len(_LONE_LOWER.findall(value)) + sum(
        len(word) >= 3 and not word.isupper() and not _VOWEL.search(word)
        for word in WORD.findall(value))
    return odd >= 3 and class_changes(value) >= 0.3 and entropy(value) >= 3.3


#: A lower-case letter alone between capitals, and a vowel (``random_letters``).
_LONE_LOWER = lazy(r"(?<=[A-Z])[a-z](?=[A-Z])")
_VOWEL = lazy(r"[aeiouyAEIOUY]")


def secret_like(value: str) -> bool:
    return not is_example(value) and (
        made_up(value) or random_token(value) or mixed_random(value))


def unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in "\"'":
        start += 1
    while end > start and text[end - 1] in "\"'":
        end -= 1
    return start, end


def basic_pair(secret: str) -> bool:
    """Whether ``secret`` is base64 of ``user:password`` (a printable text with a colon)."""
    try:
        raw = base64.b64decode(secret + "=" * (-len(secret) % 4), validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    _, colon, password = decoded.partition(":")
    return bool(colon) and bool(password) and decoded.isprintable()


def decodes_to_text(value: str) -> bool:
    """Whether base64 ``value`` decodes to printable text (a fixture, not key material)."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        return raw.decode("utf-8").isprintable()
    except (binascii.Error, ValueError):
        return False


def entropy(value: str) -> float:
    counts = {ch: value.count(ch) for ch in set(value)}
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


#: The name of a hash, a cipher or a scheme (``scram-sha-256``), not a password.
_ALGORITHM = lazy(
    r"(?i)(?:md5|sha|sha3|bcrypt|scrypt|argon2|pbkdf2|scram|aes|rsa|ed25519|x25519|utf|base64"
    r"|hmac|ntlm|ntlmv2|blake2[bs]?|crc32|[th]otp|2fa|oauth|ldaps?|des|3des|rc4|chacha20)"
    r"(?:[\-_]?(?:sha|md|id|i|d|s|b|gcm|cbc|ctr|oaep|pss|poly1305|plus|v\d|1|2|3|8|32|64|128"
    r"|160|192|224|256|384|512|1024|2048|3072|4096))*(?:[\-_][a-z]{2,12})?")


def names_algorithm(value: str) -> bool:
    """Whether ``value`` is the name of a hash, a cipher or a scheme, maybe with a word
    after it (``scram-sha-256``, ``argon2id-hashed``): not a password (``Bcrypt2024`` is)."""
    return _ALGORITHM.fullmatch(value) is not None


def is_template(value: str) -> bool:
    """A placeholder, a mask or a template's syntax (not an attribute's path)."""
    return _PLACEHOLDER.match(value) is not None


def is_placeholder(value: str) -> bool:
    if is_template(value):
        return True
    # ``a.b.c`` reads as an attribute, unless a part of it is random (``sat.Q9qY…``,
    # ``gFncKGKbCoR.HqDytp``: both cases mixed as no name mixes them)
    return bool(_REFERENCE.match(value)) and not any(
        random_token(part) or _mixed_as_no_name(part) for part in re.split(r"[.:/]", value))


def _mixed_as_no_name(part: str) -> bool:
    """Six letters or more in both cases, split into words with no vowel (``HqDytp``), not
    a name's words (``getUserName``) nor an acronym (``PWD``)."""
    return (len(part) >= 6 and part.isalpha() and not part.isupper() and not part.islower()
            and not _words_of_a_name(part) and class_changes(part) >= 0.3)


def looks_random(value: str) -> bool:
    has_digit = any(ch.isdigit() for ch in value)
    has_alpha = any(ch.isalpha() for ch in value)
    return len(value) >= 8 and has_digit and has_alpha



#: A path: slashes between lower-case words (``refs/ledger/transcripts/8a2c``).
_PATH_LIKE = lazy(r"(?:^|/)[a-z][a-z_\-]{2,}/")


def not_secret_shape(value: str) -> bool:
    """Generated-looking values that are no secret: public keys and paths."""
    return bool(PUBLIC_MATERIAL.match(value)
                or (value.count("/") >= 2 and _PATH_LIKE.search(value)))


def looks_generated(value: str) -> bool:
    """Whether ``value`` looks machine-made: 16 token characters or more, letters and
    digits, and a part that mixes them the way no name does (``9f86d0…``, not ``v2`` or
    ``created_at_2024``).  A UUID is an id more often than a key."""
    if len(value) < 16 or not _TOKEN_CHARS.fullmatch(value) or UUID.fullmatch(value):
        return False
    if not looks_random(value) or not_secret_shape(value):
        return False
    return (any(seg and not WORDLIKE.fullmatch(seg) for seg in _SEGMENT_SPLIT.split(value))
            and credential_model.confirms(value))
