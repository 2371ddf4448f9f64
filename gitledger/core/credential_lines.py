"""Secrets with no word naming them: a command's argument, a config line, a key given to a call.

Where such a value stands says little, so what it looks like decides (generated, or made up
by a person).  The line shapes run inside one pattern that reads each line once
(``_line_secret``): lines do not overlap, so the scan stays linear however many shapes
there are.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable

from gitledger.core.credential_keys import (
    ABOUT_QUALIFIER,
    STRONG,
    key_strength,
    keyed_secret,
    qualified,
)
from gitledger.core.credential_shapes import (
    CALLED_AN_ID,
    KEYED_UUID,
    PRODUCT_AND_VERSION,
    PUBLIC_MATERIAL,
    SOFTWARE_NAMES,
    UUID,
    encoded_credential,
    forgery_token,
    generated,
    harmless_base64,
    is_hex,
    line_shapes,
    line_start,
    word_start,
)
from gitledger.core.credential_values import (
    DIGEST,
    WORD,
    WORDS_RUN,
    digit_password,
    heart,
    is_example,
    is_placeholder,
    is_template,
    keyboard_walk,
    leetspeak,
    made_up,
    mixed_random,
    names_algorithm,
    password_shaped,
    random_token,
    row_walk,
    secret_like,
    strict_made_up,
    unquoted,
)
from gitledger.core.credential_words import LOCALISED_PASSWORD_WORDS
from gitledger.core.lazy_pattern import lazy

#: Shapes that need a judge: (name, pattern, judge), the judge giving where the secret
#: is, or None.  Public for the transcript scanner.
JudgedPattern = tuple[str, re.Pattern[str], Callable[[re.Match[str]], tuple[int, int] | None]]


def _spaced_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``requirepass VALUE``, ``masterauth VALUE``, ``password 7 VALUE``: a config line
    whose key names a secret, the value after spaces (a type digit makes any long value
    one); ``auth-pass NAME VALUE`` (Sentinel's): after a name, the word that follows."""
    found = _spaced_value(match, *match.span("value"))
    if found is None and match.group("next") and _NAME_ARGUMENT.fullmatch(match.group("value")):
        found = _spaced_value(match, *match.span("next"))
    return found


_NAME_ARGUMENT = lazy(r"[A-Za-z][\w\-]{0,40}")


def _spaced_value(match: re.Match[str], start: int, end: int) -> tuple[int, int] | None:
    start, end = unquoted(match.string, start, end)
    value = match.string[start:end].rstrip(":,;.")
    end = start + len(value)
    if is_placeholder(value) or PUBLIC_MATERIAL.match(value) or value.startswith("--"):
        return None  # a placeholder, a public key, the command's next option
    if DIGEST.fullmatch(value) or UUID.fullmatch(value):
        # a key's fingerprint or id under ``key``; the secret itself under a name for one
        named = key_strength(match.group("key")) == STRONG and not qualified(
            match.string, match.start("key"))
        return (start, end) if named and match.group("key").lower() != "key" else None
    typed = match.group("type") is not None and len(value) >= 8 and value.isalnum()
    chosen = _PASSWORD_NAME.search(match.group("key")) is not None and (
        made_up(value) or _words_chosen(value))
    return (start, end) if typed or chosen or secret_like(value) else None


def _chosen_under_compound_key(match: re.Match[str]) -> tuple[int, int] | None:
    """A password as people choose one after a daemon's key of a word and a secret's name
    run together (``masterauth GoYankees2015``, ``requirepass …``), not after the word alone
    in prose (``auth Q3-2024``); each on a line found apart."""
    text, first = match.string, match.start()
    while first > 0 and text[first - 1].isascii() and text[first - 1].isalpha():
        first -= 1
    if match.start() - first > _KEY_WORD or (first > 0 and text[first - 1] not in " \t\n;{`"):
        return None
    value = match.group("value").rstrip(".,;")
    if is_placeholder(value) or _AN_ID.fullmatch(value) or not strongly_chosen(value):
        return None
    return match.start("value"), match.start("value") + len(value)


#: The longest word a daemon runs into a secret's name for a key (``replication``).
_KEY_WORD = 20


#: A key or flag that names a password (``requirepass``, ``--pass``): under it a password a
#: person chose counts, words and a number or a passphrase (``_words_chosen``: the stricter
#: test, since a flag's next word or a prompt's user name stands there too).
_PASSWORD_NAME = lazy(r"(?i)(?:pass(?:word|wd|phrase)?|pwd?)\Z")


def _shell_positional(match: re.Match[str]) -> tuple[int, int] | None:
    """An argument of a command that is a made-up password (``radtest NAME S3cret!pw
    HOST``): letters and a symbol no path, flag, version or ref uses."""
    at = match.start("rest")
    for word in WORDS_RUN.finditer(match.group("rest")):
        value = word.group(0).strip("\"'")
        if "=" not in value and "/" not in value and not value.startswith("-") \
                and not _NULLABLE_TYPE.fullmatch(value) \
                and not (_SHELL_VARIABLE.search(value) and not word.group(0).startswith("'")) \
                and strict_made_up(value):
            return at + word.start(), at + word.end()
    return None


def _signin_argument(match: re.Match[str]) -> tuple[int, int] | None:
    """``snyk auth <key>``, ``b2 account authorize <id> <key>``, ``tool login <token>``: a
    generated or made-up argument after a command that signs in; a passphrase after a
    user's address; a made-up password after a user's name (steamcmd's ``+login NAME
    PASSWORD``)."""
    at = match.start("rest")
    after_user = after_name = False
    for word in WORDS_RUN.finditer(match.group("rest")):
        value = word.group(0).strip("\"'")
        # doveadm auth test USER@DOMAIN PASSWORD: after an address (an example one too), a
        # password as people choose one
        user = _ADDRESS_ARGUMENT.fullmatch(value) is not None
        if value.startswith("-") or "/" in value or "=" in value or is_placeholder(value):
            after_user = user
            after_name = False
            continue
        if CALLED_AN_ID.search(match.string, max(0, at + word.start() - 16), at + word.start()):
            after_user = after_name = False
            continue  # "login id alice7", "login link id is <uuid>": who or what, no secret
        if (random_token(value, 16) or mixed_random(value) or strict_made_up(value)
                or UUID.fullmatch(value)):
            return at + word.start(), at + word.end()
        bare = value.strip("`")  # (quoted as code in prose)
        if (after_user and chosen_password(bare)) or (
                # (not a placeholder's word split off: <password from ts3server.ini>)
                after_name and made_up(bare) and "<" not in bare and ">" not in bare):
            start = at + word.start() + word.group(0).find(bare)
            return start, start + len(bare)
        after_user = user
        after_name = _NAME_ARGUMENT.fullmatch(value) is not None
    return None


_ADDRESS_ARGUMENT = lazy(r"[\w.+\-]{1,64}@[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,6}")


#: A shell variable in an argument ("deploy:$NEXUS_PASSWORD"): a reference, not a value.
_SHELL_VARIABLE = lazy(r"\$[A-Za-z_{(]")
#: A nullable type or a question in code (``MockResponseBody?``, ``Int?,``).
_NULLABLE_TYPE = lazy(r"[A-Za-z_][\w.<>]*\?[,)]?")
_USER_VERB = lazy(r"(?i)(?<![\w\-])(?:add_?|new|create[_\-]?)\Z")


def _user_command(match: re.Match[str]) -> tuple[int, int] | None:
    """``add_user NAME PASSWORD``, ``createuser NAME PASSWORD`` in any tool."""
    at = match.start()
    if match.group("verb") is None and not _USER_VERB.search(match.string, max(0, at - 8), at):
        return None
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if len(value) < 4 or value.startswith(("-", "$")) or is_placeholder(value):
        return None
    return start, end


def _token_userinfo(match: re.Match[str]) -> tuple[int, int] | None:
    """``https://<token>@host``: a token as a URL's user (git over HTTPS, a DSN)."""
    value = match.group("value")
    hexy = re.fullmatch(r"[0-9a-f]{32,}", value) is not None
    return match.span("value") if hexy or random_token(value) else None


#: A call that sets a client up (``Client(…)``, ``rollbar.init(…)``), and one whose
#: argument is data (a digest, an id, a colour).
_SETUP_CALL = lazy(r"init|client|config|setup|connect|auth|login|key|token|secret"
                         r"|api|credential|sdk|session|start|create|register|set|new")
_CALL_NAME = lazy(r"[A-Za-z_][\w.]{0,60}\Z")
#: A call that builds a client with its key.
_CLIENT_CALL = lazy(r"client|init|auth|login|token|sdk|connect|api$")
_DATA_CALL = lazy(r"sha|hash|digest|commit|checkout|rev|verify|uuid|id$|color"
                        r"|encode|decode|b64|hex|load|track")


#: A database's address as the argument before a user and a password: a URL of a scheme
#: (``jdbc:postgresql://…``, ``mysql://…``) in quotes, or a variable named for one.
_DATABASE_ADDRESS = lazy(r"""(?:["'](?:jdbc:[^"'\n]{3,300}|(?:postgres(?:ql)?|mysql|mariadb"""
                         r"""|mongodb|rediss?|sqlserver|mssql|oracle|amqps?|clickhouse"""
                         r"""|cockroachdb|db2|snowflake)(?:\+\w{1,20})?(?:\+srv)?://"""
                         r"""[^"'\n]{1,300})["']"""
                         r"""|\b(?:url|jdbcUrl|jdbc_url|dbUrl|db_url|databaseUrl|database_url"""
                         r"""|connectionString|connection_string|dsn|uri))[ \t]*,[ \t]*\Z""")


#: A name in snake case, an option's (``pool_pre_ping``), no password.
_SNAKE_NAME = lazy(r"[a-z]+(?:_[a-z]+)+")
#: The call a connection's arguments open: its name says it connects (``getConnection(``,
#: ``fromDriverManager[IO](``, ``newHikariTransactor[IO](``, ``Sql.newInstance(``).
_CONNECTING_CALL = lazy(r"(?i)(?:connect\w*|connection|transactor|datasource|drivermanager"
                        r"|newinstance|engine|pool|open|client|session|database|db)"
                        r"(?:\[[\w, ]{1,40}\])?\([^()\n]{0,200}\Z")


def _connection_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of a connection call, after the address and the user's name; not a
    placeholder, a reference, words, nor the user's name again (a default)."""
    text = match.string
    address = _DATABASE_ADDRESS.search(text, max(0, match.start() - 320), match.start())
    if address is None or _CONNECTING_CALL.search(
            text, max(0, address.start() - 240), address.start()) is None:
        return None  # log.info("jdbc:…", "pool", "HikariPool-1"), a list's row: no connection
    start, end = match.span("value")
    value = text[start:end]
    if (is_placeholder(value) or value.startswith(("$", "%", "{", "-")) or " " in value
            or value == match.group("user") or match.group("user").startswith("-")
            or (value.isalpha() and value.islower() and len(value) < 8)
            or _SNAKE_NAME.fullmatch(value)):
        return None  # ("sa", "${DB_PASS}"), words in quotes, ("postgres", "postgres")
    return start, end


def _call_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``Client('<key>')``, ``rollbar.init('<hex>')``, ``MakeClient("sdk-<uuid>")``: an
    SDK set up with a key as its first argument."""
    named = _CALL_NAME.search(match.string, max(0, match.start() - 61), match.start())
    call = named.group(0).lower() if named else ""
    value = match.group("value")
    at = named.start() if named else match.start()
    constructed = match.string.endswith("new ", max(0, at - 4), at)  # new SparkPost('<hex>')
    built = constructed and _CLIENT_CALL.search(call) is not None  # new TrackClient('<key>')
    if not (constructed or _SETUP_CALL.search(call)) or (_DATA_CALL.search(call) and not built):
        return None
    if DIGEST.fullmatch(value) or (built and is_hex(value)):
        # hex a client is built with is its key, not a digest (Customer.io's 20 digits)
        return match.span("value") if constructed or _CLIENT_CALL.search(call) else None
    if KEYED_UUID.fullmatch(value) and re.search(r"init|client|key|token|auth|sdk", call):
        return match.span("value")
    # a token of parts (``AstraCS:<id>:<secret>``), not a URL or a host and its port
    if ":" in value and ("://" in value or _PORT_AT_END.search(value)):
        return None
    return match.span("value") if any(random_token(part) for part in value.split(":")) else None


#: A port closing a value (``host:8080``).
_PORT_AT_END = lazy(r":\d{1,5}\Z")
#: A URL query's parameter that holds a key (``?appid=``, ``&code=``, ``?k=``).
_QUERY_NAMES = (r"(?:code|appid|app_id|access|session|sid|api|apikey|hapikey"
                r"|k|auth|private_token|access_token|key|token|signature|sig)")
_QUERY_KEY = lazy(r"(?i)[?&]" + _QUERY_NAMES + r"\Z")
#: ... the same parameter as HTTPie and xh take it on their command line, a word and ``==``
#: (``http GET :8181/api/v2 apikey==<key>``).
_QUERY_ITEM = lazy(r"(?i)\s" + _QUERY_NAMES + r"\Z")


def _query_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``?appid=<key>``, HTTPie's ``apikey==<key>``: a generated value under a URL query's
    parameter for a key."""
    text, (start, end) = match.string, match.span("value")
    if text.startswith("=", start) and _QUERY_ITEM.search(text, max(0, match.start() - 20),
                                                          match.start()):
        start += 1
    elif not _QUERY_KEY.search(text, max(0, match.start() - 20), match.start()):
        return None
    return (start, end) if random_token(text[start:end]) else None


#: Last words of an environment variable's name that say its value is no secret.
_ENV_ABOUT = frozenset({
    "id", "sha", "hash", "commit", "rev", "revision", "digest", "checksum", "version",
    "uuid", "ref", "tag", "fingerprint", "nonce", "etag", "cursor", "url", "uri", "host",
    "path", "name", "region", "bucket", "dir", "file", "image", "arn", "zone", "project",
    "org", "user", "username", "email", "account", "tenant", "subscription", "number",
    "challenge", "signature", "pubkey", "publickey"})


def _env_random(match: re.Match[str]) -> tuple[int, int] | None:
    """``NAME=<generated or made-up value>`` in a dotenv file or an export, whatever the
    name, unless the name says the value is an id, a digest, a place or public."""
    words = [w.lower() for w in WORD.findall(match.group("key"))]
    if (not words or words[-1] in _ENV_ABOUT or any(w in ABOUT_QUALIFIER for w in words)
            or forgery_token(match.group("key"))):
        return None  # a form's anti-forgery token: printed into the page it protects
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if (DIGEST.fullmatch(value) or is_example(value) or is_placeholder(value)
            or PUBLIC_MATERIAL.match(value) or harmless_base64(value)):
        return None
    if random_token(value, 20) or _made_up_setting(value):
        return start, end
    whole = _BASE64_RUN.match(match.string, start, start + _ENCODED_LIMIT)
    return (start, whole.end()) if whole and encoded_credential(whole.group(0)) else None


def _made_up_setting(value: str) -> bool:
    """A value of a setting made up as a password is: twelve characters or more, both cases,
    two digits and a symbol (``P=2W3*r3i1U8PeAQ``); no text, variable, format, glob or
    pattern."""
    return (len(value) >= 12 and sum(c.isdigit() for c in value) >= 2
            and not any(c.isspace() or c in "%^?" for c in value) and not _GLOB.search(value)
            and not _SHELL_VARIABLE.search(value) and strict_made_up(value))


#: A glob's star beside a dot, a dash or a slash (``FooTest.*-FooTest.Bar``).
_GLOB = lazy(r"[.\-/]\*|\*[.\-/]")


#: A value read whole when it may be a config encoded (``KSM_CONFIG=eyJ…``), to this length.
_BASE64_RUN = lazy(r"[A-Za-z0-9+/_\-]+=*")
_ENCODED_LIMIT = 8192


_CSS_PREFIX = lazy(r"-(?:webkit|moz|ms|o)-[a-z]")
_AFTER_KEY = lazy(r"\w[:=][ \t]{0,4}\Z")


#: A revision in git's reflog syntax (``stash@{0}``, ``main@{yesterday}``).
_REFLOG = lazy(r"[\w./\-]{0,100}@\{[^}\s]{1,40}\}")


def _flag_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``-p VALUE``, ``-pVALUE``, ``-k VALUE``, ``--pw VALUE`` in any tool: a made-up
    password or a generated token (``-p 8080:80`` and ``-t image:v1`` are neither)."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if value.startswith(("-", "$", "%")) or "/" in value or is_placeholder(value):
        return None
    if _REFLOG.fullmatch(value):
        return None  # git stash show -p stash@{0}: a revision
    if _CSS_PREFIX.match(match.string, match.start()):
        return None  # -webkit-mask:…, a style sheet's vendor prefix
    if _AFTER_KEY.search(match.string, max(0, match.start() - 40), match.start()):
        return None  # push id: -NDWK3…: a value that opens with a dash, not a flag
    secret = made_up(value) or random_token(value, 20) or mixed_random(value)
    flag = match.string[match.start():match.start("value")].rstrip(" \t=")
    if flag == "-setcookie":  # Erlang's distribution cookie: whatever it is, a secret
        return (start, end) if len(value) >= 8 and not _SHELL_VARIABLE.match(value) else None
    if not secret and flag.startswith("--") and _PASSWORD_NAME.search(flag):
        secret = _words_chosen(value)  # redis-cli --pass otter_velvet_quarry_ember
    if flag == "-T":  # curl's and tar's file, crowdin's token: only a generated one counts
        secret = random_token(value, 20)
    if not secret and flag in _DIGITS_AFTER and not _NUMBERS_COMMAND.search(
            match.string, line_start(match.string, match.start(), 200), match.start()):
        # a PIN or an access code (mosquitto_sub -P 67960888); not a port, nor -p's process
        secret = digit_password(value, _DIGITS_AFTER[flag])
    if not secret and match.group(0).startswith("--"):
        secret = UUID.fullmatch(value) is not None  # --key <uuid>: a key, not an id
    return (start, end) if secret else None


#: After a word for a code: a few words or marks on its line, then the digits (a keypad's
#: ``#`` may close them).
_CODE_DIGITS = r"""[^\n\d]{0,24}?(?<![\w\-])(?P<value>\d{4,12})#?(?![\w\-/.:,]\w)"""
#: What a code of digits opens, the word before "code" (``accessCode``, ``door_code``).
_OPENED_BY_CODE = frozenset({"access", "pin", "door", "gate", "keypad", "alarm", "lockbox",
                             "garage", "entrance", "locker", "safe", "unlock"})
#: What may stand between the word and the digits: marks, and "code", "is" or "number";
#: or what it opens and a colon ("PIN for the phone: …").
_CODE_BETWEEN = lazy(r"[\W_]*(?:(?:code|is|number|no)\b[\W_]*){0,2}"
                     r"|[ \t]+(?:for|of)(?:[ \t]+[^\W\d_]{1,20}){1,3}[ \t]*:[ \t]*")
#: What a PIN unlocks, named right before it: no postal code follows ("SIM PIN 482913").
_PIN_OWNERS = frozenset({"card", "wallet", "ewallet", "sim", "atm", "phone", "mobile", "bank",
                         "debit", "credit", "upi", "account", "app", "login", "laptop",
                         "tablet", "voicemail", "router", "modem", "alarm", "safe",
                         "unlock"})
#: India's postal code: "PIN code", "Pincode", ``pin_code``.
_POSTAL_PIN = lazy(r"(?i)pin[ _\-]?code")
#: A year, which a PIN of four digits is not taken for ("PIN changed in 2024").
_YEAR = lazy(r"(?:19|20)\d\d")


def _opening_code(match: re.Match[str]) -> tuple[int, int] | None:
    """The digits of a code that opens something: after ``PIN`` or ``keypad`` four to
    eight (no year, no issue's ``#``, no postal code, no verb); after a word for a code
    naming what it opens (access, door, gate, keypad …) six to twelve, or four to twelve
    where a colon, "is" or a keypad's closing ``#`` says it; no example or keypad run."""
    text, (start, end) = match.string, match.span("value")
    value = text[start:end]
    opened = match.start() + (4 if text.startswith("ypad", match.start()) else 3)
    if _CODE_BETWEEN.fullmatch(text, opened, start) is None:
        return None  # keypad layout 1024 x 768: the sentence went on to another number
    said = re.search(r"[:=]|\bis\b", text[opened:start]) is not None
    if text.startswith("ode", match.start()):
        before = WORD.findall(text[max(0, match.start() - 16):match.start() - 1])
        if not before or before[-1].lower() not in _OPENED_BY_CODE:
            return None
        if before[-1].lower() == "pin" and len(value) == 6:
            return None  # India's PIN code, 560034: a postal code
        keyed = text.startswith("#", end)  # a keypad's code ends with its # key: 0679#
        least = 4 if keyed or said else 6
        return (start, end) if digit_password(value, least) else None
    if len(value) > 8 or (len(value) == 4 and _YEAR.fullmatch(value)) or "#" in text[opened:start]:
        return None  # (Pin #4821: an issue's number)
    owner = WORD.findall(text[max(0, match.start() - 16):match.start()])[-1:]
    owned = bool(owner) and owner[0].lower() in _PIN_OWNERS  # "eWallet PIN 466333"
    if len(value) == 6 and (_POSTAL_PIN.match(text, match.start()) or not (said or owned)):
        return None  # India's PIN code, 560034, "Pune, PIN 411001": a postal code
    if text.startswith("pin", match.start()) and not said:
        return None  # "we pin 8080 for the dev server": the verb
    return (start, end) if digit_password(value, 4) else None


#: A PIN of digits after the words that say what it opens, in any language: "PIN for di
#: union account na 4871.", "el PIN de la tarjeta es 7307,", "PIN cassa 06249".  The words
#: are letters alone (an elided "c'est" too), so no other number stands between.
_PIN_THEN_WORDS = (r"(?P<words>(?:[ \t]{1,4}[^\W\d_]{1,20}(?:['\u2019][^\W\d_]{1,20})?){1,8})"
                   r"[ \t]{1,4}(?P<value>\d{4,12})(?![\w\-/.:,]\w)")
#: Words before a number that number something else: a room, an order, an account, a card's
#: last four digits, a place ("PIN reset for order 88213", "PIN for card ending 4412").
_NUMBERING_WORDS = frozenset({
    "room", "rm", "order", "ticket", "case", "invoice", "account", "acct", "card", "ending",
    "unit", "suite", "flat", "apt", "floor", "line", "ext", "extension", "port", "model",
    "version", "build", "issue", "item", "page", "step", "table", "bus", "route", "flight",
    "platform", "no", "nr", "number", "id", "ref", "batch", "lot", "job", "year", "since",
    "until", "after", "before", "than", "under", "over", "around", "store", "branch",
    "serial", "customer", "member", "employee", "badge", "device", "code", "length",
    "attempts", "digits", "block", "format"})
#: The most digits of a card's or an account's PIN.
_PIN_DIGITS = 6
#: A copula, or what says the number is the PIN; elsewhere a numbering word or none, and at
#: most four words between.
_PIN_WORDS_UNSAID = 4


def _pin_after_words(match: re.Match[str]) -> tuple[int, int] | None:
    """The digits after ``PIN`` (or ``clave``) and words saying what it opens: a copula of
    any language last (``na``, ``la``, ``es``, ``e``, ``da``, ``c'est``), or, after the
    capitals, up to four words ending in no word that numbers something else (a room, an
    order); the digits end the clause, are no year and no postal code."""
    text, (start, end) = match.string, match.span("value")
    words = [w.lower() for w in match.group("words").split()]
    if _POSTAL_PIN.match(text, match.start()) or words[0] == "code":
        return None  # India's PIN code
    said = words[-1] in _CONNECTORS and (
        words[-1] != "to" or words[-2:-1] in (["changed"], ["set"], ["reset"]))
    if not said and (
            not text.startswith("PIN", match.start()) or len(words) > _PIN_WORDS_UNSAID
            or words[-1] in _NUMBERING_WORDS or words[-1] in _PLACE_WORDS):
        return None
    value = text[start:end]
    if len(value) == 4 and _YEAR.fullmatch(value):
        return None  # "PIN changed in 2024"
    if text.startswith("lave", match.start()) and len(value) > _PIN_DIGITS:
        return None  # "La clave de producto SAT es 43211503": a catalogue's code
    closed = text[end:end + 1] in CLAUSE_MARKS
    return (start, end) if digit_password(value, 4) and _ends_a_clause(text, end, closed) else None


#: Commands whose flags take numbers that are no password: a process's or its parent's id
#: (``pgrep -P``, ``strace -p``), an algorithm (``shasum -a 512256``), rounds.
_NUMBERS_COMMAND = lazy(r"\b(?:pgrep|pkill|pstree|ps|top|htop|strace|ltrace|gdb|perf|lsof"
                        r"|py-spy|pidstat|renice|taskset|prlimit|kill|shasum|sha\d*sum"
                        r"|ssh-keygen)\b")
#: The flags a password of digits alone may follow, and how many digits it has at least:
#: after ``-p`` eight (a process's id has seven at most, a port five).
_DIGITS_AFTER = {"-P": 6, "-a": 6, "-pw": 6, "--pw": 6, "--pwd": 6, "--pass": 6, "-p": 8}


def _named_flag(match: re.Match[str]) -> tuple[int, int] | None:
    """The value after a flag a password's name ends (``-sasl_password M0nk3y2024``): made
    up, words and a number, or secret-shaped; not the next flag or a variable."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if value.startswith(("-", "$", "%")) or is_placeholder(value):
        return None
    return (start, end) if made_up(value) or _words_chosen(value) or secret_like(value) else None


def _slash_flag(match: re.Match[str]) -> tuple[int, int] | None:
    """Windows' ``/p:VALUE``, ``/SourcePassword:VALUE`` (sqlpackage, osql, cmdkey), schtasks'
    ``/RP VALUE``: a made-up, chosen or generated password; not MSBuild's ``/p:Name=Value``
    property."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if "=" in value or value.startswith(("$", "%", "@", "*")):
        return None  # a property, a reference, or schtasks' /RP * that prompts
    return (start, end) if invented(value) or chosen_password(value) else None


def _user_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """``-u user:password``, ``-u user,password``, ``--auth user:password`` in any tool,
    and ``--user "user:<an application password of groups>"`` whole; not ``-u 1000:1000``
    or ``--user app:app``."""
    user = match.group("user")
    if random_token(user, 20) or generated(user):
        return match.span("user")  # -u KEY:X: a key given as the user, the password unused
    start, end = unquoted(match.string, *match.span("value"))
    quote = match.string[match.start("user") - 1]
    if (quote in "\"'" and match.string.startswith(" ", end)
            and match.group(0).startswith(("-u", "--user"))):
        words = _APPLICATION_PASSWORD.match(match.string, start)  # "user:YqYj Y0gL vHE1 …"
        end = words.end() if words and match.string.startswith(quote, words.end()) else end
    value = match.string[start:end]
    if value.startswith(("/", "~")) or "=" in user or (
            match.group(0).startswith("-a") and "/" in value):
        return None  # rsync -a host:/srv or host:data/, ansible -a "name=nginx,state=…"
    if value.isdigit() and not user.isdigit() and digit_password(value):
        return start, end  # -u admin:67960888 (not -u 1000:1000, a user's and a group's ids)
    if len(value) < 4 or value.isdigit() or value.startswith("$") or is_template(value):
        return None  # (a.b.c is no attribute on a command line: -a deploy:harbor.registry7)
    if value.isalpha() and value.islower() and len(value) < 8:
        return None
    return start, end


#: An application password of groups of letters and digits between spaces, as WordPress
#: shows one (``YqYj Y0gL vHE1 QmAR qDeB oyD2``).
_APPLICATION_PASSWORD = lazy(r"(?=[^\n]*\d)[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){3,7}")


def _said_password(match: re.Match[str]) -> tuple[int, int] | None:
    """"the password is Hunter2!x", "… is glacier-mango-8960": a made-up value, or words
    and a number as people make a password of them, shortly after a word for one."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end].rstrip(".,;)")
    if _PASSWORD_MANAGER.fullmatch(value):
        return None  # the password manager, by name (1Password'e)
    if value[:1].islower() and _names_a_place(match.string, start, _WHOSE_WORDS):
        return None  # "Passwort von benutzer12 …": whose, not what
    if chosen_password(value):
        return start, start + len(value)
    digits = value.rstrip("!")
    if _said_number(match, start, digits):
        return start, start + len(digits)
    return None


def _said_number(match: re.Match[str], start: int, value: str) -> bool:
    """A password of digits alone ("the password is 48210637."): only a copula or a colon
    between the word and it (not "the password expiry is 7776000", "Šifra artikla:
    77812345", a product's code), never after the bare word "pass" (a test run's count, a
    boarding pass), ending what the clause says (not "… is 7776000 seconds")."""
    text = match.string
    if not digit_password(value):
        return False
    opened = word_start(text, match.start() + 1, 40, " \t\n\"'`(*")
    # the word whole (mot de passe; a Latin word's pattern opens at its second letter)
    said_word = _WORD_ON_THE_LINE.match(text, opened) or _WORD_ON_THE_LINE.match(text, opened + 1)
    word_end = said_word.start("rest") if said_word else None
    if word_end is None:
        letters = _LETTERS.match(text, opened)
        if letters is None or letters.group(0).lower() in ("pass", "passes"):
            return False
        word_end = letters.end()
    ending = _LETTERS.match(text, word_end)  # a stem's inflection: hasł-o, парол-ь
    between = [w.lower() for w in _LETTERS.findall(text, ending.end() if ending else word_end,
                                                   start)]
    said = all(w in _CONNECTORS for w in between) or (
        # what it opens, then a colon or a copula: "router password was changed to …",
        # "Passwort für den Drucker: …", "пароль от роутера …"
        between[0] in _FOR and len(between) <= 4
        and (text[max(0, start - 12):start].rstrip(" \t\"'`").endswith((":", "\uff1a"))
             or between[-1] in _CONNECTORS)) or (
        # a longer "of" phrase, then a copula: "la contraseña de la cuenta del banco es …"
        # (an article or one run into "of" names one thing: not "Clave de producto SAT")
        (between[0] in _FOR or between[0] in _OF_THE
         or (between[0] in _OF and len(between) > 1 and between[1] in _ARTICLES))
        and between[-1] in _CONNECTORS and len(between) <= _WORDS_BEFORE_A_COPULA)
    return said and _ends_a_clause(text, start + len(value),
                                   text[start + len(value):][:1] in CLAUSE_MARKS)


#: What a password is for, opening the words between it and the digits.
_FOR = frozenset({"for", "of", "für", "pour", "para", "per", "voor", "от", "для", "was",
                  "is", "has", "changed", "set"})
#: ... or "of" as the Romance languages, Tagalog ("ng"), the Creoles ("fi") and Vietnamese
#: ("của") say it, when a copula says the digits after (a product's "Clave de producto
#: SAT: 43211503" has none).
_OF = frozenset({"de", "di", "da", "fi", "van", "von"})
#: "of" run into its article ("del", "du", "della", Tagalog's "ng", Vietnamese's "của").
_OF_THE = frozenset({"del", "du", "des", "do", "della", "dello", "dei", "ng", "của", "cua"})
#: The articles after "of" ("de la cuenta", "fi di bank", "van het").
_ARTICLES = frozenset({"la", "el", "le", "les", "los", "las", "lo", "il", "the", "a", "o", "os",
                       "as", "di", "da", "dem", "het", "der", "den", "dos", "das"})
#: How many words may say what a password is for before a copula says its digits ("la
#: clave de la cuenta Yappy del grupo es 0619").
_WORDS_BEFORE_A_COPULA = 8
#: A run of letters, any script's (a word for a password, a connector).
_LETTERS = lazy(r"[^\W\d_]+")
#: What may stand between the word for a password and a password of digits alone: a
#: copula, "now", "still", a particle (``ist``, ``est``, ``は``, ``是``, ``는``).
_CONNECTORS = frozenset({
    "is", "was", "are", "now", "still", "new", "to", "it's", "ist", "jetzt", "es", "est",
    "é", "è", "era", "är", "er", "jest", "je", "on", "là", "adalah", "jadi", "ni", "ya",
    "sekarang", "lautet", "是", "为", "為", "は", "는", "은", "이", "가", "係", "ay",
    "este", "e", "of", "da", "de", "changed", "set", "updated", "reset",
    # Pidgin's and Krio's "na", Vietnamese's "là" typed without its mark, French's "c'est"
    "na", "la", "c'est", "c\u2019est"})


def _said_right_after(match: re.Match[str]) -> tuple[int, int] | None:
    """A password right after a word for one in other languages, or a word after it (what
    it is for): one as people choose one; after more words than one (Greek's "kodikos gia
    to taxisnet …", the password for the taxisnet …; Arabic's "الباسوورد حق الفيسبوك حقي …",
    the password of my Facebook …), only a made-up one, a name and a year (``Moskva2020``)
    or three words and more joined and numbered, a name among them (``Tanit-medina-Sahel4``;
    all in lower case, ``config-prod-backup2``, a file's or a host's), since the sentence
    may have gone on to a name of something (``Office365``)."""
    span = _said_password(match)
    words = match.group("words").split()
    if span is None or (len(words) <= 1 and all(len(w) >= 3 for w in words)):
        return span
    shaped = ascii_shape(match.string[span[0]:span[1]])
    phrase = _PHRASE_OF_WORDS.fullmatch(shaped.lower())
    numbered_phrase = phrase is not None and phrase.group("number") != "" \
        and not shaped.islower()
    return span if made_up(shaped) or NAME_AND_YEAR.fullmatch(shaped) or numbered_phrase \
        else None


def _said_after(match: re.Match[str]) -> tuple[int, int] | None:
    """A password right after the English word for one, with no verb between: only letters
    with digits (``pw kaffee99``); a word there is the sentence going on."""
    span = _said_password(match)
    value = match.string[span[0]:span[1]] if span else ""
    if len(value) < 8 and not leetspeak(value):
        return None  # shorter than eight, only a word spelt in leetspeak (``Qu3$t58``)
    return span if any(c.isdigit() for c in value) and any(c.isalpha() for c in value) else None


def _said_to_be(match: re.Match[str]) -> tuple[int, int] | None:
    """"``J9LySG…`` is the prod key": the word before, generated or made up; a password as
    people choose one when the sentence says a password."""
    text = match.string
    end = match.start()
    while end > 0 and text[end - 1] in " \t":  # the spaces before "is" (no copy of the text)
        end -= 1
    reach = max(0, end - 130)
    space = max(text.rfind(c, reach, end) for c in " \t\n")
    if space < 0 and reach > 0:
        return None  # no space in reach: a run too long to be one value
    start = space + 1 if space >= 0 else 0
    start, end = unquoted(text, start, end)
    start += text.startswith("`", start)
    end -= text.endswith("`", start, end)
    value = text[start:end]
    if len(value) < 8 or is_placeholder(value) or _SHELL_VARIABLE.match(value):
        return None
    chosen = match.group("kind") in ("password", "passphrase") and chosen_password(value)
    return (start, end) if chosen or invented(value) else None


def _signed_in_with(match: re.Match[str]) -> tuple[int, int] | None:
    """"log in with Kx7!pw33", Bulgarian's "влез (with) Levski2015", "use … to log in": what
    one is told to sign in with, when it is plainly a password (made up, words and a number,
    a name and a year, a word with four digits or with digits inside it: ``jabuti8842``,
    ``durian88manis``); a product (``Office365``) or a user's name (``admin01``) is not."""
    span = _said_password(match)
    value = match.string[span[0]:span[1]] if span else ""
    shaped = ascii_shape(value)
    return span if span and (made_up(shaped) or words_and_number(shaped)
                             or NAME_AND_YEAR.fullmatch(shaped)
                             or _DIGITS_CHOSEN.search(shaped)) else None


#: A password of a capitalised name and a year (``Levski2015``).
NAME_AND_YEAR = lazy(r"[A-Z][a-z]{2,15}(?:19|20)\d{2}")
#: Four digits together (a year, a day and month), or digits between letters: as people
#: number a password they chose, not as products (``Office365``) or users (``admin01``) are.
_DIGITS_CHOSEN = lazy(r"\d{4}|[A-Za-z]\d{1,4}[A-Za-z]")
#: Cyrillic's "with" and the reflexive "se" (escaped: they read as Latin letters).
_S, _SA, _SE, _Z = "\u0441", "\u0441\u0430", "\u0441\u0435", "\u0437"
#: What people write before the password they tell someone to sign in with, in their
#: language: "log in with …", Serbian's "prijavi se sa …" (in either script), Bulgarian's
#: "vlez s …", Russian's "voydite s …", Zulu's "ungene nge …", Maltese's "idħol b' …",
#: Italian's, Spanish's, Portuguese's, French's, Dutch's, German's, the Scandinavian
#: languages', Swahili's, Indonesian's, Malay's, Vietnamese's, Tagalog's, Ukrainian's.
_SIGN_IN_WITH = (
    "log in with", "login with", "sign in with", "log on with", "prijavi se sa",
    "prijavite se sa", f"пријави {_SE} {_SA}", f"пријавите {_SE} {_SA}", f"влез {_S}",
    f"влезте {_S}", f"войди {_S}", f"войдите {_S}", "ungene nge", "ngena nge", "idħol b'",
    "accedi con", "entra con", "inicia sesión con", "entre com", "faça login com",
    "connecte-toi avec", "connectez-vous avec", "log in met", "inloggen met", "ingia kwa",
    "masuk dengan", "login pakai", "anmelden mit", "einloggen mit", "logga in med",
    "logg inn med", "log ind med", "entrar com", "iniciar sesión con", "đăng nhập bằng",
    "log masuk dengan", "login dengan", "mag-login gamit ang", f"увійди {_Z}",
    f"увійдіть {_Z}")
#: ... and after it, where the language says "use … to sign in" (Hausa's "yi amfani da …
#: don shiga").
_USE_TO_SIGN_IN = (("use", "to log in"), ("use", "to sign in"), ("amfani da", "don shiga"))


def ascii_shape(value: str) -> str:
    """``value`` with each letter outside ASCII as an ASCII letter of its case (``Jodła.2251``
    judged as ``Jodaa.2251``): people put the letters of their language in a password."""
    if value.isascii():
        return value
    return "".join(c if c.isascii() or not c.isalpha() else "A" if c.isupper() else "a"
                   for c in value)


_PASSWORD_MANAGER = lazy(r"(?i)1password(?:'\w{0,4})?")
#: A password of words and a number (``IloveHanoi_6802``, ``puffin-walnut-7145``): a word
#: of three letters or more and a number of two digits or more, joined by ``-``, ``_``, ``.``.
_WORDS_AND_NUMBER = lazy(r"(?=[^\n]*[A-Za-z]{3})(?=[^\n]*(?:^|[\-_.])\d{2,}(?:[\-_.]|$))"
                         r"[A-Za-z0-9]+(?:[\-_.][A-Za-z0-9]+)+")


def words_and_number(value: str) -> bool:
    """A password people make of words and a number (``heron-basalt-4821``)."""
    return (8 <= len(value) <= 64 and _WORDS_AND_NUMBER.fullmatch(value) is not None
            and not is_placeholder(value) and not _DATE_OR_VERSION.search(value))


_DATE_OR_VERSION = lazy(r"\d{4}-\d{2}-\d{2}|\d+\.\d+\.\d+|(?i:\bv\d)")

#: A password a person chose with no symbol, as it stands after a word for one: a word or
#: two (a name, ``bicicletaMarta``) and the number of a year or a day (``Putri1988``,
#: ``olek0111``), or three words and more of four letters or more (no "and", "the", "env")
#: joined by one mark, with a number or without (``tiger-quokka-granite87``,
#: ``lamp_cactus_comet_banjo``).
_WORD_THEN_NUMBER = lazy(r"[A-Za-z][a-z]{2,15}(?:[A-Z][a-z]{2,15})?\d{2,4}")
_PHRASE_OF_WORDS = lazy(r"[a-z]{4,10}(?P<mark>[\-_])[a-z]{4,10}(?:(?P=mark)[a-z]{4,10}){1,6}"
                   r"(?P<number>\d{0,4})")


#: A passphrase joined by dots (a generator's option): an attribute's path to a setting
#: (``spring.datasource.password``, ``settings.secrets.token``) names one of these words.
_DOTTED_PHRASE = lazy(r"[a-z]{4,10}(?:\.[a-z]{4,10}){2,6}")
#: Signs people close a password with (``sunshine.welcome.dragon!``).
_CLOSING_SIGNS = "!?#$%&*@"
_SETTING_WORDS = frozenset({
    "password", "passwd", "pass", "secret", "secrets", "token", "config", "settings", "self",
    "this", "environ", "process", "params", "options", "values", "value", "datasource",
    "properties", "credentials", "auth", "data", "default", "spring", "django", "contrib",
})


def _words_chosen(value: str) -> bool:
    """A password a person chose of words and a number (``Wanjiru2016``) or of several words
    (``cactus-violin-pepper-tundra``, four of them when no number is added; three joined by
    dots, ``maple.harbor.banjo``, a sign closing them or none, when none of them is a
    setting's)."""
    if PRODUCT_AND_VERSION.fullmatch(value):
        return False
    dotted = value.rstrip(_CLOSING_SIGNS)
    if _DOTTED_PHRASE.fullmatch(dotted):
        words = dotted.split(".")
        return len(set(words)) == len(words) and not _SETTING_WORDS.intersection(words)
    if not 8 <= len(value) <= 64 or is_placeholder(value):
        return False
    if _WORD_THEN_NUMBER.fullmatch(value):
        return True
    phrase = _PHRASE_OF_WORDS.fullmatch(value)
    return phrase is not None and (bool(phrase.group("number"))
                                   or value.count(phrase.group("mark")) >= 3)


def chosen_password(value: str) -> bool:
    """A password as people choose one, where the place already says a password stands
    (after "password:", under a password column): made up, words and a number, letters with
    digits (``tomas1401``, ``1qaz2wsx``), a walk along the keyboard (``qazwsxmysor``), or a
    passphrase of three words or more
    (``noodle_meadow_maple``) -- and not a name of something else (``sha256``, ``12chars``,
    ``DB_PASSWORD``, ``app.env``, ``nas01.local``)."""
    value = ascii_shape(value)
    if names_algorithm(value) or PRODUCT_AND_VERSION.fullmatch(value):
        return False
    if made_up(value) or words_and_number(value) or _words_chosen(value) or keyboard_walk(value):
        return True
    if not 6 <= len(value) <= 64 or is_template(value) or is_example(value):
        return False
    if value.lower() in _FAMOUS:
        return False  # "password: hunter2 (the old joke)": quoted, not chosen
    if _ATTRIBUTE.fullmatch(value):
        return False  # settings.default: an attribute's path (walrus.pem42 has a number)
    if (any(c.isspace() for c in value) or NOT_CHOSEN.search(value)
            or _DATE_OR_VERSION.search(value)):
        return False
    if any(c.isalpha() for c in value) and any(c.isdigit() for c in value):
        return True
    if len(value) >= 8 and row_walk(value):
        return True  # zxcvbnm and a word, poiuy!pune: a keyboard's row, as people type one
    # here, where a password is said, three words make one (noodle_meadow_maple)
    return len(value) >= 15 and _PHRASE_OF_WORDS.fullmatch(value.lower()) is not None


#: What stands after a word for a password and is not one: a hash or cipher's name, a
#: count with its unit, a name of a secret, a constant, a file, a host (and port), a
#: reference, a setting of its own (``server-port=25565`` on the next line).
NOT_CHOSEN = lazy(
    r"(?i)^\d+\+?[a-z]{1,10}$"
    r"|(?:^|[_.\-])(?:pass(?:word|wd)?|pwd|secret|token|key)(?:$|[_.\-])"
    r"|(?-i:[a-z](?:Pass(?:word)?|Secret|Token|Key)(?:$|[A-Z_]))"
    r"|^[$%{<@\-]|[/\\=]|:\d{0,5}$"
    r"|(?-i:^[A-Z0-9]+(?:_[A-Z0-9]+)+$)"
    r"|\.(?:txt|env|json|ya?ml|conf|cfg|ini|pem|toml|xml|sh|py|js|ts|md|log|csv)$"
    r"|(?-i:^[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,}$)"
    # a Wi-Fi network's security mode ("la clave wifi es WPA2-PSK")
    r"|^WPA\d?(?:[\-_ ]?(?:PSK|SAE|EAP|Personal|Enterprise|AES|TKIP))*$")
#: A password known from a joke, quoted as an example in prose (bash.org's); a value
#: assigned it is still refused.
_FAMOUS = frozenset({"hunter2"})
#: An attribute's path: names joined by dots, none with a digit.
_ATTRIBUTE = lazy(r"[A-Za-z_]+(?:\.[A-Za-z_]+)+")


def _expect_send(match: re.Match[str]) -> tuple[int, int] | None:
    """``send "VALUE\\r"`` after an ``expect`` of a password prompt."""
    if "assword" not in match.string[max(0, match.start() - 400):match.start()]:
        return None
    value = match.group("value")
    return match.span("value") if len(value) >= 4 and not is_placeholder(value) else None


def _quoted_made_up(match: re.Match[str]) -> tuple[int, int] | None:
    if _JSON_KEY.match(match.string, match.end()):
        return None  # "x5t#S256": a JSON object's key, a name
    value = match.group("value")
    if _SHELL_VARIABLE.search(value) and match.group(0).startswith('"'):
        return None  # "deploy:$NEXUS_PASSWORD": the shell puts the value in ('$' in '…' is one)
    return match.span("value") if strict_made_up(value) else None


_JSON_KEY = lazy(r"[ \t]*:")


_PRIVATE_BEFORE = lazy(r"(?i)(?:private|secret|signing)[ _\-]?k\Z")


def _hex_private_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``private key 0x<64 hex>``: a raw private key (a wallet's, an Ed25519 seed)."""
    at = match.start()
    return match.span("value") if _PRIVATE_BEFORE.search(match.string, max(0, at - 12), at) \
        else None


def _whole(match: re.Match[str]) -> tuple[int, int] | None:
    return match.span()


def value_span(match: re.Match[str]) -> tuple[int, int] | None:
    """The whole of the match's ``value``: its place says it is a secret."""
    return match.span("value")


def _key_block(match: re.Match[str]) -> tuple[int, int] | None:
    """An armour line of a private, secret or encrypted key; not an encrypted file or
    message (``BEGIN AGE ENCRYPTED FILE``): ciphertext is no key."""
    label = match.group(0)
    ciphertext = "KEY" not in label and "PRIVATE" not in label and "SECRET" not in label
    return None if ciphertext else match.span()


#: The shapes of a line that ``_line_secret`` looks for (each within one line).
_COMMAND_LINE = lazy(r"[ \t]*(?:\$[ \t]+|#[ \t]+|sudo[ \t]+)?[a-z][a-z0-9_.\-]{1,30}"
                           r"(?P<rest>[ \t][^\n]{1,1000})")
_ENV_LINE = lazy(r"[ \t]*(?:export[ \t]+|set[ \t]+|\$env:)?"
                       r"(?P<key>[A-Za-z][A-Za-z0-9_]{0,60})"
                       r"""[ \t]{0,8}=[ \t]{0,8}(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'"""
                       r"""|[^\s"'#]{1,256})""")
_SPACED_KEY = lazy(
    r"(?i)(?:^|(?<=[\s;{`]))(?P<key>(?:[a-z0-9][a-z0-9_.\-]{0,40})?"
    r"(?:pass|password|passwd|pwd|secret|token|auth|key|psk|passphrase|credentials?|community))"
    r"""[ \t]{1,8}(?P<type>\d[ \t]{1,8})?"""
    r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""
    r"""(?:[ \t]{1,8}(?P<next>[^\s"'#]{1,128})[ \t]*$)?""")


#: A line of a password map: ``[smtp.host]:587 user:password`` (Postfix's ``sasl_passwd``),
#: ``[smtp.host] user:password`` (no port), or ``user:password`` alone (rsync's
#: ``rsyncd.secrets``).
_MAP_LINE = lazy(r"(?P<host>[ \t]*+(?:\[[A-Za-z][\w.\-]{0,252}\](?::\d{2,5})?"
                       r"|[A-Za-z][\w.\-]{0,252}:\d{2,5})[ \t]++)?[ \t]*+"
                       r"[\w.@\-]{2,128}:(?P<value>[^\s:\\/]{4,256})[ \t]*+$", re.MULTILINE)
#: What names a file of passwords, in the lines over a bare ``user:password``.
_SECRETS_FILE = lazy(r"(?i)secrets\b|passw(?:or)?d\b")


def _map_password(match: re.Match[str]) -> tuple[int, int] | None:
    """A password map's line: after a host and port, or under a line naming the file."""
    value = match.group("value")
    if match.group("host") is not None:
        return match.span("value") if password_shaped(value) else None
    if not _SECRETS_FILE.search(match.string, max(0, match.start() - 300), match.start()):
        return None
    return match.span("value") if password_shaped(value) and not joined_words(value) else None


#: A flag's value that names or specifies, not a secret: ``--secret id=npmrc,src=…``
#: (BuildKit), ``--secret shop:apiToken`` (a config key), ``--token TOKEN`` (a metavar).
_SPEC = lazy(r"[a-z][\w.\-]{0,30}=[^,\s=]+(?:,[a-z][\w.\-]{0,30}=[^,\s]*)*"
                   r"|[a-z][\w\-]*:[a-z][A-Za-z0-9_.]*|[A-Z][A-Z_]*")
#: Words joined, with a number or a version at the end: a name (``Orders_2024``,
#: ``Button_Click1``, ``Vault-Agent1.15``), not a password.
_JOINED_WORDS = lazy(r"(?:[A-Z]?[a-z]+|[A-Z]+)(?:[_\-. ]?(?:[A-Z]?[a-z]+|[A-Z]+))*"
                           r"(?:[_\-.]?\d{1,4}(?:\.\d{1,4}){0,2})?")


def joined_words(value: str) -> bool:
    """Whether ``value`` is words joined, with a number or version at the end: a name."""
    return _JOINED_WORDS.fullmatch(value) is not None


def spec_value(value: str) -> bool:
    """Whether a flag's ``value`` is a spec, a config key's name or a metavar."""
    return _SPEC.fullmatch(value) is not None


#: ``<hex id>:<hex secret>``: an API key of two parts (an admin key's id and its secret).
#: Searched within a line; a run of hex is entered only where it starts.
_HEX_PAIR = lazy(r"(?<![A-Za-z0-9_\-])[0-9a-f]{16,64}:[0-9a-f]{32,128}(?![A-Za-z0-9_\-])")


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
    for shape, judge in ((_ENV_LINE, _env_random), (_COMMAND_LINE, _shell_positional),
                         (_MAP_LINE, _map_password)):
        line = shape.match(text, start, end)
        if line is not None and (span := judge(line)) is not None:
            return span
    if (pair := _HEX_PAIR.search(text, start, end)) is not None:
        return pair.span()
    return line_shapes(match)


def _chosen_in_prose(match: re.Match[str]) -> tuple[int, int] | None:
    """A chosen password a line of prose says where no word stands right before it
    (``_WORD_ON_THE_LINE``, a Wi-Fi network's line, ``_MARKED_ON_THE_LINE``,
    ``_AFTER_A_COLON``): the last rule ``find_credential`` tries, so a rule that names the
    place names what both find (the redactor runs every rule and keeps the first kind found
    at a place)."""
    text, start, end = match.string, match.start(), match.end()
    said = _WORD_ON_THE_LINE.search(text, start, end)
    if said is not None and (span := _chosen_later_on(said)) is not None:
        return span
    wifi = _WIFI_ON_THE_LINE.search(text, start, end)
    if (wifi is not None and (span := _chosen_later_on(wifi)) is not None
            and not _network_name(text[span[0]:span[1]])):
        return span
    for shape, judge in ((_MARKED_ON_THE_LINE, _marked_name),
                         (_AFTER_A_COLON, _chosen_after_colon)):
        for found in shape.finditer(text, start, end):
            if (span := judge(found)) is not None:
                return span
    return _chosen_among_other_letters(text, start, end) or _opening_a_message(text, start, end)


def _plainly_chosen(value: str) -> bool:
    """A value plainly chosen as a password, whatever stands around it (``strongly_chosen``),
    and no address, ticket, placeholder or password manager's name."""
    if heart(value):
        return True  # (its ``<`` is no markup's)
    return (len(value) >= 6 and not is_placeholder(value) and not _NOT_SAID.search(value)
            and not _PASSWORD_MANAGER.fullmatch(value) and strongly_chosen(value))


def _chosen_among_other_letters(text: str, start: int, end: int) -> tuple[int, int] | None:
    """One token in Latin letters on a line written in another script (Cyrillic, Hebrew,
    Arabic …), plainly chosen as a password: a name run into a year or a date, a keyboard
    walk, leetspeak (``… איז KuglZeyde2986.``); people switch to Latin letters for what they
    type at a login, where a product's name with its number (``Windows10``) is no chosen one.
    Also, on a line of any script, a keyboard walk run into a capitalised name
    (``qwerty123Rang``), or, where a mark closes it, a word in leetspeak with a sign inside
    (``1n3z@98.``) or a name, a mark and a birthday (``Marta_21031990,``): shapes only a
    password has."""
    found = _chosen_tokens(text, start, end)
    if len(found) != 1:
        return None  # none, or a list of examples
    first, last, closed = found[0]
    shaped = ascii_shape(text[first:last])
    # a walk run into a name, not a layout's name in code or prose (``QwertyLayout``)
    walked = (keyboard_walk(shaped) and _NAME_AT_END.search(shaped) is not None
              and LAYOUT_NAME.fullmatch(shaped) is None)
    # a word spelt with a sign inside, ending a sentence ("… ni 1n3z@98."), not a price
    spelt = (closed > 0 and leetspeak(shaped) and _SIGN_INSIDE.search(shaped) is not None
             and _PRICE.fullmatch(shaped) is None)
    # a name, a mark and a birthday, ending a clause ("Marta_21031990,")
    dated = closed > 0 and NAME_MARK_BIRTHDAY.fullmatch(shaped) is not None
    if walked or spelt or dated:
        return first, last
    # on a line of another script: a name and a date, a walk or leetspeak (not ``Minsk2019x``,
    # not an event's or a build's name with its date, ``Tokyo2020``, ``Build20240312``)
    among = ((_NAME_AND_DATE.fullmatch(shaped) is not None
              and NAMED_FOR_A_DATE.fullmatch(shaped) is None)
             or keyboard_walk(shaped) or leetspeak(shaped))
    other = sum(1 for c in text[start:end] if c.isalpha() and c > _LATIN_END)
    return (first, last) if among and other >= _OTHER_SCRIPT_LETTERS else None


#: Letters of another script a line holds when it is written in that script (two words).
_OTHER_SCRIPT_LETTERS = 8
#: A sign inside a word, as leetspeak writes a letter with one (``1n3z@98``, ``Qu3$t``).
_SIGN_INSIDE = lazy(r"[A-Za-z0-9][@$][A-Za-z0-9]")
#: A year of birth as a password numbers one: before 2006 (a later year beside a name is
#: as often an event's, a sprint's or a file's).
_BIRTH_YEAR = r"(?:19\d{2}|200[0-5])"
#: A recent year, from 2006.
_RECENT_YEAR = r"20(?:0[6-9]|[1-3]\d)"
#: A capitalised name, a mark, and a day, a month and a year of birth either way round
#: (``Marta_21031990``), or a month and a year (``Lena.031989``): a birthday as people
#: number a password, not a file's recent date (``Backup_15032024``, ``Invoice_122023``).
NAME_MARK_BIRTHDAY = lazy(rf"[A-Z][a-z]{{2,15}}[_.\-](?:[0-3]\d(?:0[1-9]|1[0-2])"
                          rf"|(?:0[1-9]|1[0-2])(?:[0-3]\d)?){_BIRTH_YEAR}")
#: One or two capitalised words, a mark or none, and a recent year, or a recent month or
#: day and month and year, or a year-first date: how an event, a sprint, a file or a build
#: is named (``Tokyo2020``, ``Release_2024``, ``Invoice_122023``, ``Build20240312``); a
#: name and an older year is more often a birth year (``Natasha1987``).
NAMED_FOR_A_DATE = lazy(rf"(?:[A-Z][a-z]{{2,15}}){{1,2}}[_.\-]?"
                        rf"(?:(?:\d{{2}}){{0,2}}{_RECENT_YEAR}|(?:19|20)\d{{2}}[01]\d[0-3]\d)")
#: A keyboard layout's name run into a word: a layout in code or prose (``QwertyLayout``,
#: ``azertyMapping``), not a walk.
LAYOUT_NAME = lazy(r"(?i:qwerty|qwertz|azerty)[A-Z][a-z]{2,15}")
#: A price with a currency's letters and its sign (``US$12.99``, ``HK$3999``): no leetspeak.
_PRICE = lazy(r"[A-Z]{0,3}\$[\d.,]+")
#: A capitalised name closing a token (``qwerty123Rang``).
_NAME_AT_END = lazy(r"[A-Z][a-z]{2,15}\Z")


#: How far either side of a line its neighbours are read (the scan stays linear).
NEIGHBOUR_REACH = 200


def neighbour_lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The line before and the line after the line ``text[start:end]``, each read at most
    ``NEIGHBOUR_REACH`` characters away and cut at a word's end there, past blank lines
    (a list's items may stand a blank line apart)."""
    spans: list[tuple[int, int]] = []
    at = start - 1
    while at > 0 and at > start - NEIGHBOUR_REACH and text[at - 1] in "\r\n":
        at -= 1  # blank lines before
    newline = text.rfind("\n", max(0, start - NEIGHBOUR_REACH), max(0, at))
    if at > 0:
        first = newline + 1 if newline >= 0 else _word_after(text, max(0, at - NEIGHBOUR_REACH))
        spans.append((first, at))
    at = end
    while at < len(text) and at < end + NEIGHBOUR_REACH and text[at] in "\r\n":
        at += 1  # blank lines after
    if at < len(text):
        newline = text.find("\n", at, at + NEIGHBOUR_REACH)
        last = newline if newline >= 0 else _word_before(text, min(len(text), at + NEIGHBOUR_REACH))
        spans.append((at, last))
    return [(first, last) for first, last in spans if first < last]


def _word_after(text: str, at: int) -> int:
    """``at``, or past the word it cuts (a window's start must not read half a word)."""
    if at == 0 or text[at - 1].isspace():
        return at
    space = _SPACE_AHEAD.search(text, at, at + NEIGHBOUR_REACH)
    return space.end() if space else at + NEIGHBOUR_REACH


def _word_before(text: str, at: int) -> int:
    """``at``, or back before the word it cuts (a window's end must not read half a word)."""
    if at >= len(text) or text[at].isspace():
        return at
    space = max(text.rfind(" ", max(0, at - NEIGHBOUR_REACH), at),
                text.rfind("\t", max(0, at - NEIGHBOUR_REACH), at))
    return space if space >= 0 else at - NEIGHBOUR_REACH


_SPACE_AHEAD = lazy(r"\s+")


def _opening_a_message(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A password that opens a line of a note or a message: alone on its line (a sticky
    note's transcript, "PC cassa" then ``Briciola1968``), or the message of a chat line
    (``Jen: `Autumn_021992```), or the first word of a reply ("MustangSpring0419 lol …").
    Alone or before a dash, plainly chosen; before more words, a name of two capitalised
    words run into digits (not a product and its year opening a sentence, ``Release2024
    notes``); never a name with a recent date, as an event, a sprint or a file is named
    (``Sprint2024``, ``Invoice_122023``), nor a month with its year.  A sender's name
    counts only where another line of the text is a sender's message of several words (a
    conversation, not a ``Key: Value`` setting); a line among others holding such a value
    is one of a list."""
    opened = _MESSAGE_OPENING.match(text, start, end)
    if opened is None:
        return None
    first, last = opened.span("value")
    bare = text[first:last].rstrip(CLAUSE_MARKS)
    if (not _NAME_AND_DATE.fullmatch(bare) or NAMED_FOR_A_DATE.fullmatch(bare)
            or MONTH_AND_YEAR.fullmatch(bare) or not _plainly_chosen(bare)):
        return None  # (an event's, a sprint's or a file's name with its date, a month's)
    rest = text[first + len(bare):end].lstrip(CLAUSE_MARKS + " \t")
    if rest and not _DASH_OPENING.match(rest) and not _TWO_NAMES_AND_DIGITS.fullmatch(bare):
        return None
    neighbours = [text[first:last] for first, last in neighbour_lines(text, start, end)]
    if any(_NAME_AND_DATE.fullmatch(line.strip(" \t`\"'")) for line in neighbours):
        return None  # one of a list of names with their numbers
    if opened.group("sender") and not (
            _CONVERSATION.search(text, max(0, start - _CONVERSATION_REACH), start)
            or _CONVERSATION.search(text, end, end + _CONVERSATION_REACH)):
        return None  # (another line, read near this one: the scan stays linear)
    return first, first + len(bare)


#: A line's opening: a quote's mark (``> ``), a sender's name and a colon, then a token,
#: quoted or bare.
_SENDER = r"[A-Z][\w.\-]{0,20}(?:[ \t][A-Z][\w.\-]{0,20})?:[ \t]{1,4}"
_MESSAGE_OPENING = lazy(rf"[ \t]*(?:>[ \t]*)?(?P<sender>{_SENDER})?"
                        r"[`\"']?(?P<value>[^\s`\"']{6,64})[`\"']?(?![^\s`\"'])")
#: A sender's message of three words or more on a line of its own, near the line: the
#: text is a conversation.
_CONVERSATION = lazy(rf"(?m)^[ \t]*{_SENDER}[^\s:]{{1,30}}[ \t][^\s:]{{1,30}}[ \t][^\s:]")
_CONVERSATION_REACH = 400
#: Capitalised names run into a year, a date or four digits and more, a mark between or
#: after (``Briciola1968``, ``Autumn_021992``, ``NeretvaMerima2192``): as a person numbers a
#: password, not as code names a thing (``utf-16-le``, ``cmd1.Execute(``, ``[remi-php56``).
_NAME_AND_DATE = lazy(r"(?:[A-Z][a-z]{2,15}){1,3}[_.\-@#$!]?\d{4,8}[!@#$%*?]{0,3}")
#: What may follow a password alone on its line: a dash and what the writer adds.
_DASH_OPENING = lazy(r"[\u2014\u2013\-]")
#: Two capitalised words run into digits (``MustangSpring0419``).
_TWO_NAMES_AND_DIGITS = lazy(r"[A-Z][a-z]{2,15}[A-Z][a-z]{2,15}\d{4,8}")


def _named_value(match: re.Match[str]) -> tuple[int, int] | None:
    """A value under a key that names a secret, where the format puts the key and its
    value apart: ``kubectl describe``'s ``KEY:`` / ``----`` / ``VALUE``, an HTML table's
    two cells (phpinfo), CMake's ``set(KEY "VALUE" …)``."""
    if qualified(match.string, match.start("key")):
        return None
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end].strip()
    return (start, start + len(value)) if keyed_secret(match.group("key"), value) else None


_KEY_OPENING_LINE = lazy(r"(?:^|\n)(?P<key>[A-Za-z_][\w.\-]{0,60})\Z")


def _described_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``kubectl describe``'s data: ``KEY:``, a line of dashes, then the value."""
    text, at = match.string, match.start()
    keyed = _KEY_OPENING_LINE.search(text, max(0, at - 62), at)
    line = match.group("value")
    value = line.strip()
    if keyed is None or not keyed_secret(keyed.group("key"), value):
        return None
    start = match.start("value") + len(line) - len(line.lstrip())
    return start, start + len(value)


def invented(value: str) -> bool:
    """A value someone made up or a machine generated, and no placeholder."""
    return not is_placeholder(value) and (made_up(value) or generated(value)
                                          or mixed_random(value))


def _made_up_or_generated(match: re.Match[str]) -> tuple[int, int] | None:
    """A value whose place says it is a password (Redis ACL's ``>password``, the second of
    two strings given to an auth constructor), when it is made up or generated."""
    return match.span("value") if invented(match.group("value")) else None


def _given_to_auth_call(match: re.Match[str]) -> tuple[int, int] | None:
    """The second of two strings given to an auth call: made up or generated, or, where
    the call's own name says a password (``authWithPassword('me@x.dev', 'B@$356')``), a
    password as people choose one."""
    if (span := _made_up_or_generated(match)) is not None:
        return span
    named = "assword" in match.group("call")
    return match.span("value") if named and chosen_password(match.group("value")) else None


def _printed_token(match: re.Match[str]) -> tuple[int, int] | None:
    """The line a command that prints a credential printed (``aws ecr
    get-login-password``, ``gcloud auth print-access-token``): whatever token it is (an
    ECR password is base64 of JSON, which alone would read as data)."""
    value = match.group("value")
    if is_placeholder(value) or value.isalpha() or value.isdigit():
        return None  # the command's own words or a count, not what it printed
    return match.span("value")


def _command_output(match: re.Match[str]) -> tuple[int, int] | None:
    """What a command that names a secret printed (``gcloud secrets versions access …``,
    ``cat auth.txt``, a console's ``nonsensitive(var.token)``): its first line, or its
    second after a user's name, when made up or generated; a JSON answer's ``value``."""
    for group in ("first", "second"):
        at = match.start(group) if match.group(group) is not None else -1
        if at < 0:
            continue
        line = match.group(group)
        answered = _JSON_VALUE.search(line)
        value = answered.group("value") if answered else line.strip().strip("\"'")
        start = at + (answered.start("value") if answered else line.find(value))
        if is_placeholder(value) or " " in value:
            continue
        if ((len(value) >= 16 and not _WORD_LIST.fullmatch(value)) or chosen_password(value)) \
                and _READS_SECRET_FILE.search(match.string, match.start(), at):
            return start, start + len(value)  # the secret's file, whatever its shape
        if len(value) >= 8 and _SECRET_FIELD.search(match.string, match.start(), at):
            return start, start + len(value)  # vault read -field=password: whatever it is
        if _AN_ID.fullmatch(value):
            continue  # a UUID, hex or a lower-case id: what kubectl, kms or sha*sum print
        if invented(value):
            return start, start + len(value)
    return None


def _mail_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The base64 answer to SMTP AUTH LOGIN's ``Password:``, unless it decodes to a
    placeholder (``password``, ``changeme``)."""
    try:
        said = base64.b64decode(match.group("value"), validate=True).decode()
    except (ValueError, UnicodeDecodeError):
        return match.span("value")
    plain = said.strip().lower()
    return None if plain in ("password", "secret") or is_placeholder(plain) else match.span("value")


#: A command that reads one field, named for a secret (``vault read -field=password``,
#: ``jq -r .data.salt``): what it prints is that field's value.
_SECRET_FIELD = lazy(r"(?i)(?:-field[= ]|jsonpath=[^\n]{0,80}\.|[ '\"]\.(?:[\w\-]+\.){0,4})"
                     r"(?:[\w\-]{0,20}(?:password|passwd|secret|salt|token|private[_\-]?key))\b"
                     r"[^\n]*$", re.M)
_AN_ID = lazy(r"[0-9a-fA-F\-]+|[0-9a-z]+")
#: A command that prints a file whose name says it holds a password or a secret
#: or whose directory does (``cat /var/jenkins_home/secrets/initialAdminPassword``, ``cat
#: identity.secret``, ``head -c 32 ~/.credentials/session``, ``cat ~/.rsync-pass``).
_READS_SECRET_FILE = lazy(
    r"(?i)\b(?:cat|type|get-content|gc|more|less|head|tail|bat)[ \t]+(?:-\S+[ \t]+)*"
    r"\S*(?:passw(?:or)?d|secret|\.sec|\.psk|credentials?|token|\.erlang\.cookie"
    r"|(?<![A-Za-z])(?:pg)?pass\b)[\w.\-]*"
    r"(?:[/\\][\w.\-]+)?"
    r"[ \t]*$")


#: A line of words between separators: a CSV's header, not a secret.
_WORD_LIST = lazy(r"[A-Za-z_ ]+(?:[,;|\t][A-Za-z_ ]+)+")
_JSON_VALUE = lazy(r'"value"\s*:\s*"(?P<value>[^"\n]{4,256})"')


#: What prose puts between the word for a password and the value: a verb, a colon, a dash
#: or an opening parenthesis (``Password (temporary): …``, ``**Password:** `…```); where
#: the English word is borrowed, the verb or particle of the writer's language too
#: ("la password è …", "parola este …", "ang password ay …", Tagalog's "password na …",
#: "password es …", Hinglish's "password hai …", romanised Sinhala's "password eka …",
#: Javanese's "password … dadi …", Cantonese's "password係 …", Manglish's "password … dia
#: …", Arabic chat's "el password … howa …" (it is)), or an arrow pointing at it as chat
#: does ("password changed 👉 …", "パスワード変わりました → …", 👇 at the next line).
_ARROWS = "\u2192\u21d2\u279c\u27a1\U0001f447\U0001f449"
_SAID = (r"[^\n]{0,30}?(?:\b(?:is|was|to|as|of|be|it's|jadi|dadi|adalah|là|dia|howa|huwa|heya|hiya"
         r"|es|est|ist|é|è|este|na|ay|ialah|hija|ni|je|hai|है|eka)\s{1,4}"
         r"(?:[A-Za-z]{2,12}[ \t]{1,4}){0,2}"  # "is now …", "is still …"
         r"|(?:是|係|は)[ \t]{0,4}"  # run on to the word, as Chinese and Japanese write
         r"|[:=\u2014\u2013" + _ARROWS + r"]\**\s{1,4}|[ \t]--?[ \t]{1,4})"
         r"[\"'`]?(?P<value>[^\s\"'`]{6,64})")
#: ... or a value in parentheses after the word (``the shared root password (…)``).
_IN_PARENTHESES = r"[^\n(]{0,30}\([\"'`]?(?P<value>[^\s\"'`()]{8,64})[\"'`]?\)"

#: The word for a password in other languages, each as prose writes it first; as patterns in
#: ``PASSWORD_WORDS`` (an ASCII word's first letter in either case).
_ASCII_WORDS = (
    # stems where the language inflects the word (hasło, hasłem; пароль, паролем)
    "passwort", "kennwort", "contraseña", "contrasena", "mot de passe", "senha", "wachtwoord",
    "lösenord", "passord", "adgangskode", "salasana", "hasł", "hesl", "jelsz", "şifre",
    "lozink", "gesl", "clave", "passwordnya",
    "passwordmu", "mdp", "nenosiri", "kata laluan", "contrasenya", "wagwoord", "parool",
    "lykilorð", "cyfrinair", "slaptažod", "fjalëkalim", "kodeord",
    # Uzbek's, Latvian's and Romanian's parol (paroli, parole, parola), Zulu's and Xhosa's
    # (i)phasiwedi, Hausa's two, Basque's, Galician's, Estonian's other, Irish's two, Igbo,
    # Azerbaijani, Somali, Maori, Malagasy, Javanese
    "parol", "phasiwedi", "kalmar sirri", "kalmar wucewa", "pasahitz", "contrasinal",
    "salasõna", "focal faire", "okwuntughe", "açar söz", "furaha sirta", "kupuhipa",
    "tenimiafina", "tembung sandhi", "pasfhocal",
    # Luxembourgish, Frisian, Esperanto
    "passwuert", "wachtwurd", "pasvort",
    # Indonesian's and Javanese's sandi (kata sandi, sandine), Somali's other ("the secret
    # word"), Greek and Mongolian typed in Latin letters; not Mexican Spanish's "la contra"
    # nor Hebrew's "sisma" in Latin letters (ordinary Spanish, Italian's "earthquake"), and
    # "sandi" not in sanding, SanDisk, Sandinista
    "sandi(?!ng|sk|nist)", "erayga sirta", "kwdikos", "kodikos", "nuuts ug",
    # the words as chat types them without their diacritics (Vietnamese's mật khẩu, Turkish's
    # şifre, Polish's hasło, Swedish's lösenord, Lithuanian's, Estonian's, Icelandic's,
    # Albanian's), Swahili's other word, Haitian Creole's
    "mat khau", "sifre", "haslo", "losenord", "slaptazod", "salasona", "lykilord",
    "fjalekalim", "nywila", "modpas",
    # Swahili's "secret word", Kinyarwanda's and Oromo's words
    "neno la siri", "ijambo ry'ibanga", "jecha darbii",
    # French's word as Picard, Norman and chat elide it
    "mot d'passe", "mot d\u2019passe",
    # a Wi-Fi network's key, as people write it (the network's password)
    # (each first letter in either case: "wLAN-Schlüssel" matches WLAN-Schlüssel)
    "wifi key", "wi-fi key", "wi-Fi key", "wiFi key", "wlan key", "wlan-schlüssel",
    "wlan-Schlüssel", "wLAN-Schlüssel", "wLAN key", "clé wifi", "clé wi-fi", "clé Wi-Fi",
    "chave do wifi", "chave do wi-fi", "chave do Wi-Fi", "chave wifi", "clave del wifi",
    "clave wifi", "clave del Wi-Fi",
    # ... its code, as French and English chat call it, and the names Windows and routers
    # give it (network security key, WPA key)
    "code wifi", "code du wifi", "wifi code", "wi-Fi code", "network security key", "wPA key")
#: "password" as a language that borrows it spells it (pas, bas, phas, then a vowel may come
#: between the s and the w, the d or t may be doubled, Pennsylvania Dutch's Passwatt, and a
#: vowel may follow); its literal, "as", is no rare one.
_LOANWORD = (r"as(?:(?<=\b[PpBb]as)|(?<=\b[Pp]has))s?h?(?:[iu\u0259e\u0268]?w|v)"
             r"[aeiou\u0259\u0254\u1ecd\u00f6\u014d\u0101\u025b]{1,3}r?[dt\u1e0d]{1,2}h?"
             r"[aeiou\u0268]?\b(?<![Pp]assword)(?<![Pp]asswort)")
#: Words of other scripts, as they are written (a ``?`` makes the character before optional).
_OTHER_WORDS = ("парол", "Парол", "パスワード", "暗証番号", "密码", "密碼", "口令",
                "비밀번호", "비번", "암호", "κωδικ", "Κωδικ", "סיסמ", "كلمة المرور",
                "كلمة السر", "كلمة سر", "पासवर्ड", "mật khẩu", "Mật khẩu", "Şifre", "পাসওয়ার্ড",
                # the English word as other scripts write it: Arabic's (الباسورد, "the
                # password"), Persian's, Hebrew's, Korean's, Thai's
                "باسورد", "باسوورد", "پسورد", "פסוורד", "패스워드", "พาสเวิร์ด",
                "รหัสผ่าน", "รหัส", "رمز عبور", "گذرواژه", "پاس ورڈ", "கடவுச்சொல்", "பாஸ்வேர்ட",
                # the Telugu, Kannada and Malayalam words typed with or without a
                # zero-width non-joiner
                "పాస్\u200c?వర్డ్", "ಪಾಸ್\u200c?ವರ್ಡ್", "പാസ്\u200c?വേഡ്", "પાસવર્ડ", "ਪਾਸਵਰਡ",
                "პაროლი",
                "գաղտնաբառ", "нууц \u04af\u0433", "лозинк", "Лозинк", "şifrə", "Şifrə",
                "パスコード", "رمز",
                # Amharic, Sinhala, Khmer, Lao, Burmese, Kazakh (one word or two), Kyrgyz
                "የይለፍ ቃል", "මුරපද", "ពាក្យសម្ងាត់", "ລະຫັດຜ່ານ", "စကားဝှက်", "құпия ?сөз",
                "Құпия ?сөз", "сырсөз",
                # Tajik, Belarusian (гасло; not inside Russian's погасло), Pashto, Odia
                "рамз", "гасл(?<![\u0430-\u044f\u0451\u0456\u045e]гасл)", "Гасл", "پټنوم", "ପାସୱାର୍ଡ",
                # Yoruba's (ọ̀rọ̀ aṣínà, ọ̀rọ̀ igbaniwọle), Kurdish
                "aṣín[aà]", "igbaniw[oọ]le", "şîfre",
                # the English word as the languages that borrow it spell it: Krio's and
                # Pidgin's paswod, Tok Pisin's paswot, Swahili's pasiwedi, Arabic chat's
                # baswerd, Japanese romaji's pasuwaado, Sesotho's phasewete (not the English
                # word itself, which the English rules read, nor Passwort)
                _LOANWORD)


def _password_words(latin: tuple[str, ...], other: tuple[str, ...]) -> tuple[str, ...]:
    """The patterns of ``latin`` words (each first letter in either case) and ``other``
    words, in capitals too, and as a sentence opens with them (PASSWORT, Пароль, ПАРОЛЬ)."""
    return tuple(dict.fromkeys((
        *(rf"{w[1:]}(?<=[{w[0].upper()}{w[0].lower()}]{w[1:]})" for w in latin),
        *other,
        *(w.upper() for w in latin),
        *(v for w in other if "?" not in w for v in (w.capitalize(), w.upper())))))


#: The hand-written words (``benchmarks/password_words.py`` adds only what they miss).
HAND_PASSWORD_WORDS = _password_words(_ASCII_WORDS, _OTHER_WORDS)


def _localised(word: str) -> str:
    """A catalogue's word as a pattern: a zero-width joiner or non-joiner optional, as
    people type the word with or without it."""
    pattern = re.escape(word).replace("\\ ", " ")
    for joiner in "\u200b\u200c\u200d":
        pattern = pattern.replace(joiner, joiner + "?")
    return pattern


PASSWORD_WORDS = HAND_PASSWORD_WORDS + _password_words(
    tuple(_localised(w) for w in LOCALISED_PASSWORD_WORDS if w[0] <= "\u024f"),
    tuple(_localised(w) for w in LOCALISED_PASSWORD_WORDS if w[0] > "\u024f"))
#: The last letter of the Latin alphabets: a word for a password before it is a Latin one.
_LATIN_END = "\u024f"
#: A value in prose: printable ASCII and the letters of the alphabets people write in.
_PROSE_VALUE = r"(?:[!-~]|[\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff])"


#: What prose in other languages puts between the word for a password and the value: a
#: colon or a dash, a verb or particle, then up to two words ("ist jetzt …").
#: \uff1a: a full-width colon; \u2014, \u2013: dashes; Lao's and Khmer's "is" unspaced.
_SAID_IN_OTHER_WORDS = (
    r"(?:[:\uff1a=\u2014\u2013" + _ARROWS + "]"
    r"|[ \t](?:ist|es|est|c'est|é|era|war|lautet|är|er|jest|is|to|là|adalah|jadi|je|on"
    r"|ni|ndio|ialah|iaitu|ná|ir|yra|è|és|este|yw|ce|ne|ngu|ithi|ay|hija|është|है"
    # Romanian's short "e", Somali's "waa", Greek's "είναι" typed in Latin letters,
    # Javanese's and Indonesian's "now" ("sandi … saiki …", the password is now …)
    r"|e|waa|einai|saiki|sekarang"
    # (Cypriot's and Pontic Greek's "is": εν, έν, ένι)
    r"|\u0435|\u0458\u0435|нь|হলো|হল|هي|است|คือ|είναι|εν|έν|ένι|σε|הוא|היא)"
    r"[ \t]|は|是|为|為|คือ|ແມ່ນ|គឺ)[ \t]{0,4}(?:[^\W\d_]{1,12}[ \t]){0,2}[\"'`「«]?"
    r"(?P<value>" + _PROSE_VALUE + "{6,64})")
_SAID_LATER = lazy(_SAID_IN_OTHER_WORDS)


def _said_later_on(match: re.Match[str]) -> tuple[int, int] | None:
    """A password said in other words (``_SAID_IN_OTHER_WORDS``); when what follows the
    first particle is none, the next ones on the line are read too: in "kwdikos gia to wifi
    … einai Panathinaikos78" the first "to" is an article, the verb comes later."""
    for _ in range(3):
        span = _said_password(match)
        if span is not None:
            return span
        text, at = match.string, match.start("value")
        limit = text.find("\n", at, at + 60)
        later = _SAID_LATER.search(text, at, len(text) if limit < 0 else limit)
        if later is None or later.start() > at + 40:
            return None
        match = later
    return None


#: A whole token of a line in Latin letters, and the marks that close a clause after it
#: (a comma, a full stop) or open one before it.
_LINE_TOKEN = lazy(r"(?<!\S)[!-~\u00c0-\u024f]{6,64}(?!\S)")
CLAUSE_MARKS = ".,;:)]}\"'`\u00bb\u060c\u3001\u3002"
_OPENING_MARKS = "([{\"'`\u00ab"
#: What no password said in prose holds: code's and markup's signs, a user at a host
#: (``root@localhost:3306``), a ticket's id (``INC-2041``).
_NOT_SAID = lazy(r"[=<>{}|\\]|@[\w\-]+[.:]|\A[A-Z][A-Z0-9]{1,9}-\d{1,8}\Z")
#: Letters and digits: a clause that goes on after a value goes on with one of them.
_GOES_ON = lazy(r"[ \t]{1,4}[A-Za-z0-9]")


def _ends_a_clause(text: str, token_end: int, closed: bool) -> bool:
    """Whether a value ending at ``token_end`` ends what its clause says: a mark closed
    it, or the line ends, or what follows is no word of Latin letters (an emoji, a dash,
    another script) -- not a name in the middle of a sentence (``for Office2016 users``)."""
    return closed or _GOES_ON.match(text, token_end) is None


def strongly_chosen(value: str) -> bool:
    """A password as people choose one, plain enough to be one wherever it stands on a
    line that says a password: made up, a name and a year, a passphrase of words and a
    number, a walk along the keyboard, a word in leetspeak, or a word with four digits
    (``MitakunaJasy3077``); not a product's name with its number (``Windows10``)."""
    shaped = ascii_shape(value)
    if not chosen_password(value) or NOT_CHOSEN.search(shaped):
        return False  # (``sip_password_1001``: a name of a password, with its number)
    phrase = ((words_and_number(shaped) and len(_JOINED.split(shaped)) >= 3)
              or CAPITALISED_PHRASE.fullmatch(shaped) is not None)
    return (made_up(shaped) or phrase or keyboard_walk(shaped)
            or leetspeak(shaped) or NAME_AND_YEAR.fullmatch(shaped) is not None
            or _FOUR_DIGITS.search(shaped) is not None)


#: A passphrase as password managers make one: three capitalised words and more joined by
#: one mark, a number run into the last (``Coffee-Estate-Pepper4``, Bitwarden's shape).
CAPITALISED_PHRASE = lazy(r"[A-Z][a-z]{2,11}(?P<mark>[\-_.])(?:[A-Z][a-z]{2,11}(?P=mark)){1,4}"
                           r"[A-Z][a-z]{2,11}\d{1,4}")
#: What joins the words of a passphrase (``heron-basalt-4821``; one word and a count,
#: ``eziyi-12``, is prose).
_JOINED = lazy(r"[\-_.]")
#: A year's or a day's four digits, or a whole date's six or eight, as people number a
#: password (not digits inside a word: chat spells letters with them, ``et8ayar``).
_FOUR_DIGITS = lazy(r"(?<!\d)(?:\d{4}|\d{6}|\d{8})(?!\d)")


def _chosen_later_on(match: re.Match[str]) -> tuple[int, int] | None:
    """A password further on a line that names one, after more words than the patterns of
    the word itself read ("cyfrinair y wifi yn y capel ydy …", "password bhuli gali, purana
    ta thila …"): the first token of the rest of the line that is plainly chosen and ends
    a clause, in whatever language the words between are."""
    found = _chosen_tokens(match.string, match.start("rest"), match.end("rest"))
    if not found:
        return _said_plainly(match)
    # more than one: a list of examples ("such as Summer2024!, Galatasaray1905 …")
    if len(found) != 1:
        return None
    start, end, closed = found[0]
    if match.string[start].islower() and _names_a_place(match.string, start, _WHOSE_WORDS):
        return None  # "contraseña para el nodo k8s-worker-07": a machine's name
    if _ends_a_clause(match.string, end + closed, closed > 0):
        return start, end
    # or, a name run into a date, a word or two (an adverb, "… se Manman2024 kounye a."),
    # then the sentence's end (not a compound, "P@ssw0rd-style tricks.")
    named = (_NAME_AND_DATE.fullmatch(match.string, start, end) is not None
             and MONTH_AND_YEAR.fullmatch(match.string, start, end) is None
             and NAMED_FOR_A_DATE.fullmatch(match.string, start, end) is None)
    return (start, end) if named and _SENTENCE_TAIL.match(match.string, end) else None


#: A month's name with its year: a date ("the policy changed in March2024 too.").
MONTH_AND_YEAR = lazy(r"(?:January|February|March|April|May|June|July|August|September"
                      r"|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct"
                      r"|Nov|Dec)[_.\-]?(?:19|20)\d{2}")
#: One or two short words, then the end of a sentence or of the line.
_SENTENCE_TAIL = lazy(r"(?:[ \t]{1,4}[^\W\d_]{1,10}){1,2}[ \t]*(?:[.!?]|$)", re.M)


def _said_plainly(match: re.Match[str]) -> tuple[int, int] | None:
    """A plain password further on a line that names one (``_SAID_PLAINLY``): the one
    token of that shape in the rest of the line, ending its clause ("… wifi yemuno ndi
    DYNAMOS129 😊", "… no ne kenkey_Volta_jollof.")."""
    found = _chosen_tokens(match.string, match.start("rest"), match.end("rest"), _plain_shaped)
    if len(found) != 1:
        return None
    start, end, closed = found[0]
    placed = _names_a_place(match.string, start)
    if match.string[start].islower() and placed:
        return None  # a machine's or a room's name ("… reset for host12, see ticket")
    # the clause ends, or a particle or two end the sentence ("… bukar76 ye."), not "the
    # password for Kestrel88 is set."
    ended = (_ends_a_clause(match.string, end + closed, closed > 0)
             or (not placed and _SENTENCE_TAIL.match(match.string, end) is not None))
    return (start, end) if ended else None


#: What an account, a machine or a team is called before its name.
_ACCOUNT_NOUNS = frozenset({
    "user", "users", "usuario", "usuário", "utilisateur", "benutzer", "nutzer", "gebruiker",
    "użytkownika", "пользователя", "kullan\u0131c\u0131", "host", "server", "servidor",
    "serveur", "node", "nodo", "machine", "rechner", "laptop", "computer", "pc", "vm",
    "device", "account", "compte", "cuenta", "conta", "konto", "akun", "login", "team",
    "équipe", "equipo", "branch", "project", "repo", "ticket"})
#: Words that say where, whose or for what, not what a password is: a lowercase word and
#: digits after one names a machine, an account or a room (``for replica02``, ``en
#: equipo22``, ``de jean42``, ``пользователя ivan77``, ``la cuenta rosa31``).
_PLACE_WORDS = frozenset({
    "for", "on", "in", "at", "to", "from", "by", "with", "via", "into", "onto", "per", "of",
    "about", "für", "auf", "an", "am", "im", "bei", "von", "vom", "zu", "zum", "zur", "pour",
    "sur", "dans", "chez", "du", "des", "de", "do", "di", "dos", "das", "para", "por", "en",
    "em", "no", "na", "con", "su", "sul", "del", "della", "dla", "w", "we", "voor", "op",
    "bij", "van", "för", "på", "untuk", "\u0432", "\u043d\u0430", "для", "от", "\u0443",
    *_ACCOUNT_NOUNS})


#: Of ``_PLACE_WORDS``, those no language uses as a copula (Finnish's "on", Swahili's "na"
#: say what a password is): an account's or a machine's noun, and "of" and "for".
_WHOSE_WORDS = frozenset({
    *_ACCOUNT_NOUNS, "of", "von", "vom", "van", "de", "do", "di", "für", "pour", "para",
    "untuk", "для", "от"})


def _names_a_place(text: str, start: int, words: frozenset[str] = _PLACE_WORDS) -> bool:
    """Whether the word right before ``start`` is one of ``words`` (not a label closed by
    a colon: in "senha PC: …" the value is the PC's password)."""
    line = text.rfind("\n", max(0, start - 40), start) + 1
    before = text[max(line, start - 40):start].split()
    return (bool(before) and not before[-1].endswith((":", "\uff1a"))
            and before[-1].lower().strip(CLAUSE_MARKS) in words)


#: A word of a passphrase: four letters or more, or two words run together (``KotaBelud``).
_PART = r"[A-Za-z][a-z]{2,10}(?:[A-Z][a-z]{2,10})?"
#: A name, a word of six capitals and more or a lowercase word, two or three digits and a
#: sign or none (``Moti825``, ``DYNAMOS129``, ``nyang45``, ``Ren123@``; not an acronym's,
#: ``PEP484``, ``PROD01``), or three words and more joined by ``-`` or ``_``, in both
#: cases, a number or none after (``kenkey_Volta_jollof``, ``solnce-Murzik-Spartak4``), or
#: three capitalised words and more joined by dots and a number (``Gagra.Svaneti.Mestia7``;
#: not a class's path, ``java.lang.String``): plain, but what a line that has said
#: "password" goes on to name at the end of its clause.
_SAID_PLAINLY = lazy(r"(?P<name>[A-Z][a-z]{2,15}|[A-Z]{6,15}|[a-z]{4,15})\d{2,3}[!@#$%*?]?"
                     r"|(?=[^\n]*[A-Z])(?=[^\n]*(?<![A-Za-z])[a-z])" + _PART
                     + r"(?P<mark>[\-_])" + _PART + r"(?:(?P=mark)" + _PART + r"){1,5}\d{0,4}"
                     r"|[A-Z][a-z]{2,10}(?:\.[A-Z][a-z]{2,10}){2,5}\d{1,4}")


def _plain_shaped(value: str) -> bool:
    """Whether ``value`` is of ``_SAID_PLAINLY``'s shape and names no product, algorithm
    or setting (``Node20``, ``SHA256``, ``Vault_Password_File``)."""
    shape = _SAID_PLAINLY.fullmatch(value)
    if shape is None or PRODUCT_AND_VERSION.fullmatch(value) or names_algorithm(value):
        return False
    name = shape.group("name")
    if name is not None:
        return name.lower() not in SOFTWARE_NAMES
    words = {word.lower() for word in _JOINED.split(value)}
    return not words & _SETTING_WORDS and not NOT_CHOSEN.search(value)


def _chosen_tokens(text: str, start: int, end: int,
                   chosen: Callable[[str], bool] = _plainly_chosen,
                   ) -> list[tuple[int, int, int]]:
    """The tokens between ``start`` and ``end`` that are plainly chosen passwords (or of
    the ``chosen`` shape): each one's span without its marks, and how many marks closed
    it."""
    found: list[tuple[int, int, int]] = []
    for token in _LINE_TOKEN.finditer(text, start, end):
        first, last = unquoted(text, *token.span())
        while first < last and text[first] in _OPENING_MARKS:
            first += 1
        bare = text[first:last].rstrip(CLAUSE_MARKS)
        if chosen(bare):
            found.append((first, first + len(bare), last - first - len(bare)))
    return found


#: A password as people make one that reads as one with no word beside it: capitalised
#: words run into a number and a mark (``Alofa4174!``), into a mark and a number
#: (``Kahu@75!``), or two words and more into ``#`` and a year (``BerfinKurdistan#2004``;
#: one word with it is an issue's number, ``Issue#2019``).
_MARKED_NAME = (r"(?<![\w@#$%&*!.\-/:=+'])(?P<value>(?:[A-Z][a-z]{2,20}){1,3}"
                r"(?:\d{2,4}[!@#$%*?]{1,3}|[@$%&*!]\d{2,4}[!@#$%*?]{0,3})"
                r"|(?:[A-Z][a-z]{2,20}){2,3}#(?:19|20)\d{2})(?![\w@#$%&*/=+\-])")


def _marked_name(match: re.Match[str]) -> tuple[int, int] | None:
    """A name run into a number and a mark, standing alone in prose: made up as a password
    is, in any language around it."""
    if not made_up(ascii_shape(match.group("value"))):
        return None
    text, (start, end) = match.string, match.span("value")
    before = _chosen_tokens(text, max(0, start - _NEIGHBOUR), start)
    after = _chosen_tokens(text, end, end + _NEIGHBOUR)
    if before or after:
        return None  # one of a list of examples ("such as Summer2024!, Galatasaray1905")
    return start, end


#: How far a value's neighbours are read, to tell a list of examples.
_NEIGHBOUR = 24


#: Prose before a colon on its line: two words of letters (not a key's name).
_PROSE_BEFORE = lazy(r"[^\W\d_]{2,40}[ \t]{1,4}[^\W\d_]{2,40}")


def _chosen_after_colon(match: re.Match[str]) -> tuple[int, int] | None:
    """A value after a colon that ends a phrase in prose ("… wifi ya malê: @m3d28.", "…
    choimpiutair: 1q2w3e4rSeon."), when it is a word in leetspeak or a walk along the
    keyboard: what people choose as a password, whatever the words before the colon
    say in their language."""
    text = match.string
    start, end = match.span("value")
    bare = text[start:end].rstrip(CLAUSE_MARKS)
    shaped = ascii_shape(bare)
    if not (leetspeak(shaped) or (keyboard_walk(shaped) and chosen_password(bare))):
        return None  # (leetspeak may open with its @, as no other chosen password does)
    line = max(text.rfind("\n", max(0, match.start() - 160), match.start()) + 1,
               match.start() - 160)
    if _PROSE_BEFORE.search(text, line, match.start()) is None:
        return None
    closed = len(bare) < end - start
    return (start, start + len(bare)) if _ends_a_clause(text, end, closed) else None


#: Chosen passwords that a line of prose says with no pattern of their own (no literal to
#: open with, so ``CHOSEN_BY_SHAPE`` reads them in its one pass over each line): a value
#: further on a line after a word for a password ("cyfrinair y wifi yn y capel ydy …"),
#: a name run into a number and a mark ("… er skol: Caileag3222!."), leetspeak or a
#: keyboard walk after a colon in prose ("… wifi ya malê: @m3d28.").
_WORD_ON_THE_LINE = lazy(r"(?:" + "|".join((r"ass(?<=\b[Pp]ass)(?:word|wd|phrase)s?\b",
                                             *PASSWORD_WORDS)) + r")(?P<rest>[^\n]{1,120})")
_MARKED_ON_THE_LINE = lazy(_MARKED_NAME)
_AFTER_A_COLON = lazy(r"(?<=[^\s:\d])[ \t]?:[ \t]{1,4}(?P<value>[^\s\"'`]{6,40})")
#: A Wi-Fi network named on a line: chat gives its password after it with no word for one
#: ("wifi at the guesthouse: …", "le wifi c'est …").
_WIFI_ON_THE_LINE = lazy(r"(?i:wi-?fi)\b(?P<rest>[^\n]{1,120})")
#: What a network's own name holds: its band (``_5G``, ``-2.4GHz``) or a guest's.
_NETWORK_BAND = lazy(r"(?i:(?<![A-Za-z0-9])(?:2\.?4|5|6)g(?:hz)?(?![A-Za-z])|guest)")
#: A router's default network: a brand of words and hex digits, a letter after a digit
#: among them, or a mark and capitals with digits (``Vodafone-A1B2C3``, ``Telstra2A4F``,
#: ``U+Net3F2A``, ``MagentaWLAN-7X2K``; not a name and a year, ``Sakura1987``).
_DEFAULT_NETWORK = lazy(r"(?:[A-Za-z+&!]{2,16}[_\-.]?){1,4}?"
                        r"(?:(?=[0-9A-Fa-f]{0,4}\d[0-9A-Fa-f]{0,4}[A-Fa-f])[0-9A-Fa-f]{4,6}"
                        r"|(?<=[_\-])(?=[0-9A-Z]{0,5}[A-Z])(?=[0-9A-Z]{0,5}\d)[0-9A-Z]{4,6})")
#: A line naming a Wi-Fi network before a value on it.
_NETWORK_BEFORE = lazy(r"(?i:wi-?fi|ssid|wlan)")


def _network_name(value: str) -> bool:
    """Whether ``value`` is a Wi-Fi network's own name, not its password."""
    return _NETWORK_BAND.search(value) is not None or _DEFAULT_NETWORK.fullmatch(value) is not None


def network_named(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a network's own name on a line that names a Wi-Fi
    network before it (``wifi: Livebox-8A3C``): what no finding of the context model is."""
    line = line_start(text, start, 80)
    return (_NETWORK_BEFORE.search(text, line, start) is not None
            and _network_name(text[start:end]))


#: A password people choose, known by its shape and its place on a line of prose in any
#: language: the last of ``GENERIC_PATTERNS``, one more pass over each line.
CHOSEN_BY_SHAPE: tuple[JudgedPattern, ...] = (
    ("a password people choose, by its shape and place", lazy(r"(?m)^[^\n]+"),
     _chosen_in_prose),)
#: Where secrets stand with no word naming them, as ``GENERIC_PATTERNS`` entries.
POSITIONAL_PATTERNS: tuple[JudgedPattern, ...] = (
    ("a secret in a line of configuration or a command",
     lazy(r"(?m)^[^\n]+"), _line_secret),
    # one pattern for each literal, so that the prefilter can skip them over prose
    *(("a secret given to a sign-in command",
       lazy(rf"{word}(?<![\w\-]{word}){tail}(?![\w\-])(?P<rest>[ \t][^\n|;&]{{1,300}})"),
       _signin_argument) for word, tail in (("auth", "(?:orize|enticate)?"), ("login", ""))),
    *(("a quoted password",
       lazy(rf"{quote}(?<![\w\\]{quote})(?P<value>[^{quote}\s]{{8,64}}){quote}"),
       _quoted_made_up) for quote in "\"'"),
    ("password given to a user command",
     lazy(r"user(?P<verb>[ \t]+(?:add|create|set))?[ \t]+(?:-\S{1,40}[ \t]+){0,4}"
                r"[^\s-]\S{0,63}"
                r"""[ \t]+(?P<value>"[^"\n]{1,128}"|'[^'\n]{1,128}'|[^\s"']{1,128})"""),
     _user_command),
    ("token in a URL",
     lazy(r"://(?P<value>[A-Za-z0-9_\-]{20,200}):?@[A-Za-z0-9\-]"), _token_userinfo),
    # DriverManager.getConnection(url, "user", "…"), a transactor's (driver, "jdbc:…",
    # "user", "…"): a user's name and a password after a database's address
    *(("password given to a connection",
       lazy(quote + rf"(?P<user>[^{quote}\s,()/:]{{1,64}}){quote}[ \t]*,[ \t]*{quote}"
            rf"(?P<value>[^{quote}\n]{{4,128}}){quote}"), _connection_password)
      for quote in "\"'"),
    ("key given to a call",
     lazy(r"""\((?<=[\w.]\()\s{0,8}["'](?P<value>[A-Za-z0-9_\-+/=.:]{16,512})["']"""),
     _call_key),
    ("key in a URL query",
     lazy(r"=(?P<value>[A-Za-z0-9_\-+/=.%]{16,512})"), _query_key),
    ("password on a command line",
     lazy(r"-(?<=\s-)(?:setcookie|pw(?![\w\-])|[pPkKaswWNT]|-pwd|-pw|-pass|-key|-auth|-secret|-apikey"
                r"""|-psk)(?:[ \t]{1,8}|=)?(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'"""
                r"""|[^\s"']{1,256})"""), _flag_value),
    # a daemon's key of a word and a secret's name run together (one pattern for each
    # literal, so that the prefilter can skip them over prose)
    *(("a secret in a line of configuration or a command",
       lazy(rf"{end}(?<=[A-Za-z]{{4}}{end})[ \t]{{1,8}}[\"']?(?P<value>[^\s\"']{{6,64}})"),
       _chosen_under_compound_key) for end in ("auth", "pass", "password", "secret")),
    # a flag a password's name ends, one dash or two (``-sasl_password``, ``--db-pass``)
    ("password on a command line",
     lazy(r"-(?<=\s-)-?(?P<key>[A-Za-z][\w\-]{0,30}?(?:pass|password|passwd|pwd|passphrase"
          r"|secret))[ \t]{1,8}"
          r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""), _named_flag),
    ("password on a command line",
     lazy(r"/(?<=\s/)(?:(?i:p|sp|tp|pw|pwd|pass|password|passwordd|passwordo|sourcepassword"
          r"|targetpassword)[:=]|(?i:rp)[ \t]{1,8})"
          r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""), _slash_flag),
    ("password on a command line",
     lazy(r"""-(?<=\s-)(?:u|a|-user|-proxy-user|-(?:basic-|digest-|http-|proxy-)?auth|-basic"""
          r"""|-creds?|-credentials|U|A)"""
                r"""[ \t=]{1,8}"""
                # (the password may be empty: curl -u KEY: signs in with a key alone)
                r"""["']?(?P<user>[^\s:,"'$]{0,64})[:,](?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'"""
                r"""|[^\s"']{1,256}|)"""), _user_pair),
    # "PIN: 4821", "access code 96322469", a keypad's "door code 0679#": a code of digits
    # that opens something (one pattern for each literal)
    *(("a code of digits that opens something", lazy(opening + _CODE_DIGITS), _opening_code)
      for opening in (r"PIN(?<=\bPIN)\b", r"Pin(?<=\bPin)\b", r"pin(?<=\bpin)\b",
                      r"ypad(?<=\b[Kk]eypad)\b",
                      r"ode(?<=[A-Za-z][ _\-][Cc]ode)\b", r"ode(?<=[a-z]Code)\b")),
    *(("a code of digits that opens something", lazy(opening + _PIN_THEN_WORDS), _pin_after_words)
      # (Spanish's "clave", the PIN of a card or an account, as banks call it)
      for opening in (r"PIN(?<=\bPIN)\b", r"Pin(?<=\bPin)\b", r"lave(?<=\b[Cc]lave)\b")),
    ("password in prose",
     # "the password is …", "… diganti jadi …", "root password (…)"
     # (the word may run on into a copula written without a space: "password係 …")
     lazy(r"ass(?<=\b[Pp]ass)(?:word|wd|phrase|code)?s?(?:\b|(?=[是係は]))" + _SAID),
     _said_password),
    ("password in prose",
     lazy(r"ass(?<=\b[Pp]ass)(?:word|wd|phrase|code)?s?\b" + _IN_PARENTHESES), _said_password),
    # "a temporary password is provided for this session: …", "password change kar diya,
    # naya ye hai: …": the first colon further on the line, where a verb came before it
    # (which the pattern above stops at)
    ("password in prose",
     lazy(r"ass(?<=\b[Pp]ass)(?:word|wd|phrase)?\b[^\n:]{0,60}:[ \t]{1,4}[\"'`]?"
          r"(?P<value>[^\s\"'`]{6,64})"), _said_password),
    # Vietnamese typed without its marks, as chat writes it: "mat khau la …", its short
    # "mk la …", "mk: …" (là, "is", written la)
    *(("password in prose",
       lazy(word + r"\b[^\n:]{0,40}?(?:[ \t]l[aà]|:)[ \t]{1,4}[\"'`]?(?P<value>[!-~]{6,64})"),
       _said_password) for word in (r"mk(?<=\b[Mm]k)(?<![./][Mm]k)", r"khau(?<=\b[Mm]at khau)")),
    # "log in with …", "use … to log in": what one is told to sign in with
    *(("password in prose",  # the phrase's first letter in either case, as a sentence opens
       lazy(rf"{phrase[1:]}(?<=[{phrase[0].upper()}{phrase[0]}]{phrase[1:]})[ \t]{{1,4}}"
            r"[\"'`«]?(?P<value>" + _PROSE_VALUE + "{6,64})"),
       _signed_in_with)
      for phrase in _SIGN_IN_WITH),
    *(("password in prose",
       lazy(rf"{use[1:]}(?<=\b[{use[0].upper()}{use[0]}]{use[1:]})[ \t]{{1,4}}"
            r"[\"'`«]?(?P<value>[^\s\"'`«»]{6,64})[\"'`»]?"
            rf"[ \t]{{1,4}}{then}\b"),
       _signed_in_with)
      for use, then in _USE_TO_SIGN_IN),
    ("password in prose",  # "root pw is …"
     lazy(r"pw(?<=\b[Pp][Ww])\b" + _SAID), _said_password),
    # "db user shop_wp, pw kaffee99": the value right after the word (or after the
    # article Armenian typed in Latin letters writes as "@": "password@ Ani_1978 e")
    *(("password in prose",
       lazy(rf"{word}(?<=\b[Pp]{word[1:]})\b@?[ \t]{{1,4}}[\"'`]?(?![(\[<{{])"
            r"(?P<value>[!-~]{6,64})"),
       _said_after) for word in ("pw", "pwd", "passwd", "password", "passphrase")),
    # "so J9Ly… is the prod key": a value said to be a key, a token or a password
    ("a secret said to be one",
     lazy(r"is(?<=[ \t]is)[ \t]{1,4}(?:the|our|its|my)[ \t]{1,4}(?:[\w\-]{2,16}[ \t]{1,4}){0,2}"
          r"(?P<kind>key|password|passphrase|token|secret)\b"), _said_to_be),
    ("password in an expect script",
     lazy(r"""\bsend\s{1,8}(?:--\s{1,8})?["'](?P<value>[^"'\n\\]{1,128})\\r["']"""),
     _expect_send),
    ("private key block",
     lazy(r"----{0,2} ?BEGIN [A-Z0-9 ]{0,40}(?:PRIVATE|SECRET|ENCRYPTED)[A-Z0-9 ]{0,40}"
                r"-{3,5}"), _key_block),
    # .NET's RSAKeyValue XML: the private members' base64 (the tags would read as a
    # placeholder to the test of what is ordinary)
    ("private key block",
     lazy(r"<(?:D|InverseQ|DP|DQ|P|Q)>(?P<value>[A-Za-z0-9+/=]{40,4096})"
                r"</(?:D|InverseQ|DP|DQ|P|Q)>"), value_span),
    ("private key",
     lazy(r"ey(?<=[Kk]ey)[^\n]{0,40}?\b(?P<value>(?:0x)?[0-9a-fA-F]{64})\b"),
     _hex_private_key),
    # a key and its value apart: kubectl describe's data, an HTML table's row, CMake's set()
    ("a secret under its key",
     # a real line break in the source, so that the prefilter reads it in the literal
     lazy(":\n---+" + r"\n(?P<value>[^\n]{4,256})(?![^\n])"), _described_value),
    ("a secret under its key",
     lazy(r"<t(?P<cell>[dh])[^<>\n]{0,40}>[ \t]{0,4}(?P<key>[A-Za-z_][\w.\-]{0,60})[ \t]{0,4}"
          r"</t(?P=cell)>"
          r"[ \t]*<td[^<>\n]{0,40}>[ \t]*(?P<value>[^<\s]{4,128})[ \t]*</td>"), _named_value),
    ("a secret under its key",
     lazy(r"""\bset\([ \t]*(?P<key>[A-Za-z_][\w]{0,60})[ \t]+"""
          r"""(?P<value>"[^"\n]{1,256}"|[^\s")]{1,256})"""), _named_value),
    # Redis ACL rules: ``user NAME on >password``, ``ACL SETUSER NAME on >password``
    *(("password in an ACL rule",
       lazy(start + r"[ \t]+[^\s>]{1,64}(?:[ \t]+[^\s>]{1,64}){0,8}?[ \t]+>"
            r"(?P<value>[^\s>]{4,128})"), _made_up_or_generated)
      for start in (r"user(?<![^\n]user)", "SETUSER", "setuser")),
    # a user and a password given to an auth constructor: BasicAuthData "user" "password"
    *(("password given to a call",
       lazy(word + r"""(?P<call>[\w.]{0,20})\(?[ \t]*(?P<q>["'])[^"'\n]{1,64}(?P=q)[ \t]*,?"""
            r"""[ \t]*(?P=q)(?P<value>[^"'\n]{4,128})(?P=q)"""), _given_to_auth_call)
      for word in ("Auth", "auth")),
    # what a command that prints a credential printed, on the next line
    *(("a credential a command printed",
       lazy(rf"{word}[^\n]{{0,200}}\n(?P<value>[A-Za-z0-9_\-+/=.]{{20,8192}})[ \t]*$", re.M),
       _printed_token)
      for word in ("get-login-password", "print-access-token", "print-identity-token",
                   "get-authorization-token", "token create", "get-session-token")),
    # a prompt whose command names a secret, and what it printed on the next lines
    *(("a secret a command printed",
       lazy(prompt + r"[^\n]{0,200}?(?i:secret|passw|[.\-](?:pg)?pass\b|token|auth|credential"
            r"|\.psk\b|salt\b|\.erlang\.cookie\b)"
            r"[^\n]{0,200}\n(?P<first>[^\n]{1,256})(?:\n(?P<second>[^\n]{1,256}))?"),
       _command_output)
      # a shell's prompt ends a line's first word (user@host:~/app$, PS C:\>), never
      # follows a space (Budget: $ 300)
      for prompt in (r"\$ (?<![ \t,;:=(]\$ )", r"> (?<![^\n\\]> )",
                     # PowerShell's PS C:\Users\ops> , a root shell's user@host:/path#
                     r"PS [A-Za-z]:\\[^\n>]{0,100}> ", r"@[\w.\-]{1,64}:[^\s#]{0,120}# ",
                     "\u276f ")),  # U+276F, the prompt of starship and fish
    # SMTP AUTH LOGIN: the answer to the server's base64 "Password:"
    *(("password in a mail session",
       lazy(r"334 " + asked + r"[ \t\r]*\n[ \t]*(?:C:|[~\-]?>)?[ \t]*"
            r"(?P<value>[A-Za-z0-9+/]{4,256}={0,2})[ \t\r]*(?![^\n])"), _mail_password)
      for asked in ("UGFzc3dvcmQ6", "cGFzc3dvcmQ6")),
    # "Kennwort: …", "パスワードは … です", "密码是 …": the word for a password in other
    # languages, then a made-up value in ASCII (which ends at the prose's own punctuation)
    *(("password in prose",
       # \uff1a: a full-width colon; \u2014: a dash; the arrows chat points with
       lazy(word + r"[^\n:\uff1a=\u2014" + _ARROWS + r"]{0,40}?" + _SAID_IN_OTHER_WORDS),
       _said_later_on)
      for word in PASSWORD_WORDS),
    # "kata sandi Emre1977!y", "पासवर्ड marmot-puffin-1638 है", "пароль Invierno2021$",
    # "şifresi M@ng031%", "비밀번호는 …": the value right after the word and the suffixes a
    # language adds to it, where the language puts its verb later or none
    # (in a script written without spaces between words, such as Khmer's, Lao's or
    # Burmese's, the words after it up to the first space: "ពាក្យសម្ងាត់ថ្មីគឺ …", "the new
    # password is …"); a few words between, Greek's "kodikos gia to taxisnet …" (the
    # password for the taxisnet …), when the value is plainly made up
    *(("password in prose",
       lazy(word + (r"\w{0,4}" if word[0] <= _LATIN_END else r"[^\s!-~]{0,12}")
            + r"[ \t]{1,4}(?P<words>(?:[^\W\d_]{2,12}[ \t]{1,4}){0,3})[\"'`「«]?"
            r"(?P<value>" + _PROSE_VALUE + "{8,64})"),
       _said_right_after)
      for word in PASSWORD_WORDS),
    # "رمز ورود به پنل … Fruehling2007? است", "パスワード … olek0111 です", "pasahitz berria
    # … da": where the language puts its verb last, the value is the word before it
    *(("password in prose",
       lazy(word + r"[^\n]{0,40}?[ \t](?P<value>" + _PROSE_VALUE + r"{6,64})[ \t]{1,4}"
            r"(?:است|です|입니다|है|हो|ہے|da\b)"), _said_password)
      for word in ("رمز", "パスワード", "비밀번호", "पासवर्ड", "پاس ورڈ",
                   "asahitz(?<=[Pp]asahitz)")),
    # a line that announces a secret and ends with a colon, then the secret alone on a
    # line of its own (Jenkins' "Please use the following password …:", a blank line, it)
    *(("a secret under its announcement",
       lazy(word + r"[^\n]{0,80}:[ \t]*\r?\n(?:[ \t]*\r?\n){0,2}[ \t]*"
            r"(?P<value>[!-~]{12,128})[ \t]*(?:\r?\n|\Z)"), _made_up_or_generated)
      for word in ("assword", "assphrase", "secret", "token")),
    # a value element under an element named for a secret, in any XML config: a CI
    # server's <variable name="DB_PASSWORD"><value>…</value>, Hadoop's <name>…</name><value>
    *(("a secret under its key",
       lazy(named + r"[ \t\r\n]{0,40}<value>[ \t]*(?P<value>[^<\s]{4,256})[ \t]*</value>"),
       _named_value)
      for named in (r'name="(?P<key>[A-Za-z_][\w.\-]{0,60})"[^<>\n]{0,80}>',
                    r"<name>[ \t]*(?P<key>[A-Za-z_][\w.\-]{0,60})[ \t]*</name>")),
    # Erlang's and Elixir's config tuples: {password, "…"}, {db_password, <<"…">>}
    ("a secret under its key",
     lazy(r'\{(?<=\{)[ \t]*(?P<key>[a-z_]\w{0,60})[ \t]*,[ \t]*(?:<<)?"(?P<value>[^"\n]{4,256})"'),
     _named_value),
    # JSON inside a JSON string, its quotes escaped: "{\"access_token\":\"…\"}"
    ("a secret under its key",
     lazy(r'\\"(?P<key>[A-Za-z_][\w.\-]{0,60})\\"[ \t]*:[ \t]*\\"(?P<value>[^"\\\n]{4,256})\\"'),
     _named_value),
    # OpenVPN's inline <auth-user-pass>: the user's name, then the password
    ("password in an inline block",
     lazy(r"<auth-user-pass>[ \t\r]*\n[^\r\n]{1,128}\r?\n(?P<value>[^\r\n]{4,128})"
          r"(?:\r?\n|\Z)"), value_span),
)
