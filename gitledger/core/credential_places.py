"""Where secrets are pasted with a shape to match: judged patterns of any provider.

Each entry of ``JUDGED_PATTERNS`` and ``GENERIC_PATTERNS`` is a bounded pattern, opening on
a literal where it can, and a judge that says where the secret in a match is, or None.
Every judge's finding passes ``credential_shapes.ordinary`` (``_kept``), so a value the line
calls public, a digest or a placeholder is let through by one rule for all of them.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable

from gitledger.core.credential_commands import COMMAND_PATTERNS
from gitledger.core.credential_formats import FORMAT_PATTERNS
from gitledger.core.credential_keys import (
    AUTH_NAME,
    NAME,
    STRONG,
    URL_PASSWORD,
    key_strength,
    keyed_secret,
    qualified,
    secret_value,
)
from gitledger.core.credential_lines import (
    CHOSEN_BY_SHAPE,
    POSITIONAL_PATTERNS,
    JudgedPattern,
    chosen_password,
    invented,
    joined_words,
    spec_value,
    words_and_number,
)
from gitledger.core.credential_prose import chosen_anywhere, whole_word
from gitledger.core.credential_shapes import (
    DASHED_NAME,
    DECODING,
    SHAPE_PATTERNS,
    UUID,
    decoded_holds_credential,
    generated,
    is_hex,
    line_start,
    ordinary,
    word_start,
)
from gitledger.core.credential_values import (
    WORDLIKE,
    basic_pair,
    character_classes,
    class_changes,
    decodes_to_text,
    entropy,
    is_example,
    is_placeholder,
    not_secret_shape,
    password_shaped,
    random_token,
    unquoted,
)
from gitledger.core.lazy_pattern import lazy


def prefixed(prefix: str, body: str) -> str:
    """``prefix`` then ``body``, the prefix not preceded by a word character or by
    ``+`` or ``/``: inside a base64 run (a screenshot in a transcript) every letter pair
    occurs, and ``EAAA`` or a run of ``A`` there is image data, not a token.

    The check is a lookbehind placed after the literal prefix rather than a leading
    ``\\b``: ``re`` then still searches for the literal quickly, which keeps the
    transcript scanner (megabytes, every pattern over all of it) fast.
    """
    escaped = re.escape(prefix)
    return f"{escaped}(?<![A-Za-z0-9_+/]{escaped}){body}"


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
    if decodes_to_text(value) or entropy(value) < 4.2 or is_example(value):
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


def _command_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """The value of a password given on a command line, unless it is a placeholder, a
    reference (``-p"$MYSQL_PASSWORD"``), another option, or a number (a port)."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end].rstrip("`")
    if len(value) < 4 or value.startswith("-") or value.isdigit():
        return None
    if "$(" in value or ("://" in value and not URL_PASSWORD.search(value)):
        return None  # "user:$(openssl rand …)" made at run time; --env-password ftp://host
    if is_placeholder(value) and character_classes(value) < 4:
        return None  # a reference (self.password), but not sunset.Harbor42
    if spec_value(value):
        return None  # id=npmrc,src=…, shop:apiToken, TOKEN: what the flag names, not a secret
    if "made" in match.groupdict() and not (password_shaped(value) or random_token(value)):
        return None  # ssh-keygen -N followed by prose: a passphrase is made, not a word
    if NAME.fullmatch(value) and not _APP_SPECIFIC.fullmatch(value):
        return None  # a name (--secret=db-password), not a value
    return start, end


#: An app-specific password as Apple issues one (``dlla-pxik-jaia-ptew``): shaped as a
#: name, but after a password's flag the secret (notarytool, altool).
_APP_SPECIFIC = lazy(r"[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}")


def _xml_named(match: re.Match[str]) -> tuple[int, int] | None:
    """``<string name="api_key">VALUE</string>`` (Android resources), ``<entry
    key="password">VALUE</entry>``: an element named by its attribute.  Under a name for
    the secret any word-free value counts, under one mentioning it a generated value."""
    key = match.group("key").rsplit(".", 1)[-1]
    strength = key_strength(key)
    value = match.group("value").strip()
    if strength is None or " " in value or not secret_value(key, strength, value):
        return None
    return match.span("value")


def _basic_credentials(match: re.Match[str]) -> tuple[int, int] | None:
    """``Basic <base64 of user:password>`` wherever a header is written (a dict, a tuple,
    a log line): the decoded pair says what it is when its password is one a person or a
    tool made (not a test's ``test:test``)."""
    value = match.group("value")
    if not basic_pair(value):
        return None
    raw = base64.b64decode(value + "=" * (-len(value) % 4))
    user, _, password = raw.decode("utf-8").partition(":")
    return match.span("value") if password != user and password_shaped(password) else None


def _marked_sensitive(match: re.Match[str]) -> tuple[int, int] | None:
    """A JSON ``"value"`` in an object marked ``"sensitive": true`` (Terraform's and
    Pulumi's outputs), or the ``"result"`` of a ``random_password`` in a state file."""
    text, start, end = match.string, match.start(), match.end()
    if is_placeholder(match.group("value")):
        return None
    if match.group("name") == "result":
        kind = text.rfind('"type"', max(0, start - 2000), start)
        found = kind >= 0 and _RANDOM_PASSWORD.match(text, kind) is not None
    else:
        before = text[max(0, start - 300):start]
        after = text[end:end + 300]
        close = after.find("}")
        scope = before[before.rfind("{") + 1:] + after[:close if close >= 0 else None]
        found = _SENSITIVE.search(scope) is not None
    return match.span("value") if found else None


_SENSITIVE = lazy(r'"sensitive"\s*:\s*true')
#: The resource type whose result is a password (``random_string``'s is documented as none).
_RANDOM_PASSWORD = lazy(r'"type"\s*:\s*"random_password"')


def _call_password(match: re.Match[str]) -> tuple[int, int] | None:
    """A password a person made, given with a host and a user to a call that signs in
    (``mysqli_connect("db", "wp", "…")``, sbt's ``Credentials(realm, host, user, "…")``):
    a later quoted argument with three kinds of character and no space."""
    at, args = match.start("args"), match.group("args")
    for number, argument in enumerate(_QUOTED_ARGUMENT.finditer(args)):
        value = argument.group("value")
        keyword = _KEYWORD_BEFORE.search(args, 0, argument.start())
        if keyword is not None and key_strength(keyword.group(1)) != STRONG:
            continue  # database="Shop_DB1": a keyword argument that names no secret
        if (number and password_shaped(value) and not _HOST_LIKE.fullmatch(value)
                and not joined_words(value) and not _PATHISH.search(value)):
            return at + argument.start("value"), at + argument.end("value")
    return None


#: A keyword argument's name right before its value (``database=``, ``user:``).
_KEYWORD_BEFORE = lazy(r"(\w+)[ \t]*[=:][ \t]*\Z")
_PATHISH = lazy(r"[/\\:]")


_QUOTED_ARGUMENT = lazy(r"""["'](?P<value>[^"'\n]{1,128})["']""")
_HOST_LIKE = lazy(r"[\w\-]+(?:\.[\w\-]+)*\.[A-Za-z]{2,}(?::\d+)?|[\d.]+(?::\d+)?")


def _annotated(match: re.Match[str]) -> tuple[int, int] | None:
    """``jwt_secret: str = "…"``, ``val apiKey: String = "…"``: an assignment with a type
    between the name and the value, judged as the assignment would be."""
    text, at = match.string, match.start()
    typed = _TYPED_NAME.search(text, max(0, at - 120), at)
    if typed is None or "\n" in typed.group(0):
        return None
    key = typed.group("key")
    strength = key_strength(key)
    if strength is None or qualified(text, typed.start("key")):
        return None
    start, end = unquoted(text, *match.span("value"))
    return (start, end) if secret_value(key, strength, text[start:end]) else None


#: A name and its type before ``=`` (``jwt_secret: str``, ``apiKey: String?``).
_TYPED_NAME = lazy(r"""(?<![\w.])(?P<key>[A-Za-z_]\w{0,60})[ \t]*:[ \t]*(?:Optional\[)?&?"""
                         r"""(?:'static[ \t]+)?[A-Za-z_][\w.]{0,30}\]?\??[ \t]*\Z""")


_PROSE_USER = lazy(r"(?<![\w/.\-])[A-Za-z_][\w.@\-]{1,40}[ \t]+\Z")
#: The word for a user right before its name (``user is``, ``login:``).
_NAMED_USER = lazy(r"(?i)\b(?:user(?:name)?|login)(?:[ \t]+is|:)?[ \t]+\Z")


def _prose_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of ``user / password`` in prose: every kind of character, a symbol
    among them, and not a path, a ratio or a word run (``read / write``); or a password as
    people choose one (``Harbor2017``, ``heron-basalt-48``) after a word that says a login
    is given (``user monitor / …``, ``creds: admin / …``)."""
    value = match.group("value").rstrip(".,;")
    at = match.start()
    user = _PROSE_USER.search(match.string, max(0, at - 48), at)
    if user is None or is_placeholder(value):
        return None
    if character_classes(value) < 4 and not _said_login(match.string, user.start(), value):
        return None
    return match.start("value"), match.start("value") + len(value)


def _said_login(text: str, user: int, value: str) -> bool:
    """Whether the line says the pair is a login: a chosen password right after the word
    for a user (``user monitor / Harbor2017``), words and a number a little after a word
    for a login (``creds for the RFC user svc / heron-basalt-48``)."""
    if _NAMED_USER.search(text, max(0, user - 24), user):
        return chosen_password(value)
    return words_and_number(value) and _NAMES_A_LOGIN.search(
        text, max(0, user - 40), user) is not None


def _user_setting(match: re.Match[str]) -> tuple[int, int] | None:
    """``ETCDCTL_USER=name:password``, ``user: "name:password"``: a setting named for the
    user that takes the user and its password together (etcdctl's, many tools' basic-auth
    settings); not ``1000:1000`` (ids) or ``www-data:www-data`` (a user and its group)."""
    value = match.group("value")
    if value.startswith(("$", "%")) or is_placeholder(value) or value.isdigit():
        return None
    return match.span("value") if chosen_password(value) or invented(value) else None


#: A word before ``NAME / …`` that says a login is given ("RFC user NAME / …").
_NAMES_A_LOGIN = lazy(r"(?i)\b(?:user(?:name)?|login|account|creds?|credentials)\b[^\n]{0,30}\Z")


def _hmac_key(match: re.Match[str]) -> tuple[int, int] | None:
    """A literal key given to an HMAC: a quoted argument that is generated or made up."""
    at = match.start("args")
    for argument in _QUOTED_ARGUMENT.finditer(match.group("args")):
        value = argument.group("value")
        if random_token(value) or (password_shaped(value) and len(value) >= 12):
            return at + argument.start("value"), at + argument.end("value")
    return None


def _bare_authorization(match: re.Match[str]) -> tuple[int, int] | None:
    """An ``Authorization`` header holding a key with no scheme before it."""
    return match.span("value") if _bare_key(match.group("value")) else None


def _bare_key(value: str) -> bool:
    """A key as a header holds it with no scheme: 32 hex digits or more, or generated."""
    hexy = len(value) >= 32 and re.fullmatch(r"[0-9a-fA-F]+", value) is not None
    return hexy or random_token(value)


def _xml_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """``<password>…</password>``, as Maven's settings.xml and many others write it."""
    key = match.group("key").rsplit(":", 1)[-1]
    strength = key_strength(key)
    value = match.group("value").strip()
    if strength != STRONG or not secret_value(key, strength, value):
        return None
    if (match.group("attributes") and not (random_token(value) or password_shaped(value))) \
            or joined_words(value) or _CONSTANT_NAME.fullmatch(value):
        return None  # <Token variant="outlined">GitHub-Actions</Token>: a label, a name
    return match.span("value")


_CONSTANT_NAME = lazy(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


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


#: Syllables of a token's prefix that say it is a credential (``sk_``, ``pat_``, ``api_``).
_CREDENTIAL_PREFIX = lazy(r"(?i)(?:sk|pat|key|tok|token|api|secret|live|prod|auth"
                                r"|access|refresh|bot|sess|sdk)")
#: Prefixes of things that are not credentials: digests and ids.
_DIGEST_PREFIX = lazy(r"(?i)(?:sha\d*|md5|blake\d*|crc\d*|git|commit|blob|tree|rev|id"
                            r"|uuid|ulid|nonce|etag|hash|digest|build|run|trace|span|req"
                            r"|request|pi|ch|cus|txn|evt|in|sub|prod_id|v\d+)")


def _prefixed_token(match: re.Match[str]) -> tuple[int, int] | None:
    """``<prefix>_<random body>``, the shape most providers now give their tokens
    (``xyz_live_9fK2…``): a short lower-case prefix, a separator, a long random body.
    The body must be longer when the prefix says nothing about a credential."""
    prefix, body = match.group("prefix"), match.group("body")
    if _DIGEST_PREFIX.fullmatch(prefix.rstrip("_-.")) or is_placeholder(match.group(0)):
        return None
    if prefix.rstrip("_-.") in _RECORD_PREFIXES:
        return None  # lead_w3LO…, user_n5oT…, thread_…: a record's id (a CRM's, an API's)
    credential = _CREDENTIAL_PREFIX.search(prefix) is not None
    if not credential and not prefix.endswith("_") and re.fullmatch(r"[0-9a-fA-F]+", body):
        return None  # a digest under a name (``v3-deps-<sha256>``), not ``sqa_<hex>``
    least = 20 if credential else 32
    return match.span() if random_token(body, least) or generated(body, least) else None


#: Prefixes that name a record, not a credential: the ids CRMs and APIs give their
#: leads, users, contacts, threads and runs (Close, Clerk, Stripe, OpenAI …).
_RECORD_PREFIXES = frozenset({
    "lead", "user", "usr", "cont", "contact", "acti", "activity", "oppo", "opp", "deal",
    "org", "team", "proj", "project", "task", "ticket", "order", "ord", "inv", "invoice",
    "cus", "cust", "customer", "acct", "evt", "event", "msg", "message", "file", "doc",
    "note", "comment", "item", "prod", "product", "price", "sub", "txn", "conv", "chat",
    "run", "job", "thread", "asst", "step", "batch", "ftjob", "call", "req", "wallet",
    "ewallet", "payout", "payment", "refund", "charge", "transfer", "beneficiary"})
#: A word that says a secret follows, in prose, a header or a line of configuration.
_CONTEXT_WORD = (r"passwords?|passwd|passphrase|pwd|secrets?|tokens?|api[ _\-]?keys?"
                 r"|access[ _\-]?keys?|private[ _\-]?keys?|signing[ _\-]?keys?|keys?"
                 r"|credentials?|creds|auth|authorization|bearer|pat|cookie|license[ _\-]?key"
                 r"|authtoken|add-authtoken")
#: The window after the word a value is looked for in, and the values in it.
_CONTEXT_WINDOW = 80
_CONTEXT_VALUE = lazy(r"(?<![A-Za-z0-9+/=_\-.~])[A-Za-z0-9+/=_\-.~]{16,300}")
_PAIR_NAME = lazy(r"[A-Za-z_][\w.\-]{0,60}")
#: Words between the secret word and the value that make the value something else.
_CONTEXT_ABOUT = lazy(
    r"(?i)\b(?:id|ids|fingerprint|hash|hashes|sha\d*|md5|checksum|commit|public"
    r"|pub|name|file|path|url|uri|length|ttl|expir\w*|count|limit|header|type|version"
    r"|format|scope|scopes|uuid|request|trace|nonce|etag|issuer|audience|kid)\b"
    r"|(?i:csrf|xsrf)")


def _context_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """A generated-looking value close after a word that announces a secret, on the same
    line: "the new API key is 9fK2…", "X-Custom-Token: 9fK2…", "token 9fK2…"."""
    text = match.string
    before = text[max(0, match.start() - 12):match.start()].lower()
    if "public" in before or "pub" in before.split()[-1:] or qualified(text, match.start()):
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
        name, equals, _ = token.partition("=")
        if equals and _PAIR_NAME.fullmatch(name) and _CONTEXT_ABOUT.search(name):
            continue  # a cookie's csrftoken=…, a pair named for what it is not
        if re.fullmatch(r"[0-9a-fA-F]{40}|[0-9a-fA-F]{64}", token):
            continue  # a commit id, a fingerprint, a SHA-256
        # (hex, which prose beside a word for a key holds as a test vector as often as a key)
        shaped = random_token(token) or (generated(token) and not is_hex(token))
        if shaped and "/" not in token.strip("/="):
            return value.start(), value.start() + len(token)
    return None


def _quoted_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """A quoted name and a quoted value beside it: ``define('DB_PASSWORD', '…')``,
    ``'password' => '…'``, ``os.environ["API_KEY"] = "…"``, ``<add key="ApiKey"
    value="…"/>``.  After a comma (a call's arguments, a list) the value must look like
    a password or a token: ``["password", "username"]`` is a list of names."""
    key, value = match.group("key"), match.group("value")
    if AUTH_NAME.fullmatch(key):  # setRequestProperty("Authorization", "<key>"); with a
        return match.span("value") if _bare_key(value) else None  # scheme: AUTH_HEADER
    strength = key_strength(key)
    if strength is None or not secret_value(key, strength, value):
        return None
    if (match.group("op") == "," or " " in value) and not password_shaped(value):
        return None
    return match.span("value")


def _auth_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """``auth=("user", "password")``, ``HTTPBasicAuth('user', 'password')``: the second
    of a pair given as credentials, judged as a value assigned to ``password``."""
    start, end = match.span("value")
    return (start, end) if secret_value("password", STRONG, match.string[start:end]) else None


def _named_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``- name: DB_PASSWORD`` then ``value: …`` (a container's environment, a task
    definition's ``{"name": …, "value": …}``): the value is judged as if assigned to the
    name."""
    start, end = unquoted(match.string, *match.span("value"))
    return (start, end) if keyed_secret(match.group("key"), match.string[start:end]) else None


def _netrc_password(match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("value")
    return None if len(value) < 4 or is_placeholder(value) else match.span("value")


#: The marks that close a heading, a clause or a sentence right after a word.
_PROSE_PAUSE = frozenset(":,;.")
#: What a tool says it did to a named resource (``secret "db-creds" created``).
_RESOURCE_DONE = lazy(r"[ \t]+(?:created|configured|deleted|unchanged|patched|labeled"
                            r"|annotated|replaced)\b")


def _spaced_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """``password VALUE``, ``community VALUE``, ``Splunk_Token VALUE``, ``PSK "VALUE"``,
    ``IDENTIFIED BY 'VALUE'``: a device's or a daemon's configuration line, a statement or
    prose.  The value must look like a password, a token or a UUID key; a type digit
    before it (Cisco's ``password 7 …``) makes any long value one."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if _CODE_SPAN.fullmatch(value):
        start, end, value = start + 1, end - 1, value[1:-1]  # Markdown's `…`, in prose
    if is_placeholder(value) or is_example(value):
        return None
    bare = match.string[match.start("value")] not in "\"'`"
    if (bare and value[-1:] in _PROSE_PAUSE and value[:-1].isalpha()) \
            or _RESOURCE_DONE.match(match.string, match.end("value")):
        # a bare word, then a heading's colon or a sentence's comma or stop ("Community
        # Maintenance:", "Community Edition, …"): prose, as the word alone would be; a
        # resource a tool reports on
        return None
    typed = match.group("type") is not None and len(value) >= 8 and value.isalnum()
    quoted = match.string[match.start("value")] in "\"'" and len(value) >= 8 and " " not in value \
        and not DASHED_NAME.fullmatch(value)  # secret "api-token": the secret's name
    # SQL's IDENTIFIED BY '…': its grammar says the literal is the password, whatever it is
    sql = (match.string[match.start("value")] == "'" and len(value) >= 4
           and match.string.startswith(("IDENTIFIED", "identified"), match.start()))
    if (typed or quoted or sql or password_shaped(value) or random_token(value)
            or UUID.fullmatch(value)):
        return start, end
    return None


#: A value in Markdown's backticks, as prose shows what to type (not a shell's $(…)).
_CODE_SPAN = lazy(r"`[^`$\s]{4,256}`[.,;]?")


def _shaped_password(match: re.Match[str]) -> tuple[int, int] | None:
    """A value in a place that holds a password (``user/PASSWORD@db``, a ``.pgpass``
    line, ``net user NAME PASSWORD``): it counts when it looks like one."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if is_placeholder(value) or is_example(value):
        return None
    # an Oracle Easy Connect string, user/password@host:port/service: its place says
    addressed = _PORT_AND_SERVICE.match(match.string, match.end()) is not None
    return (start, end) if addressed or password_shaped(value) else None


#: After ``user/password@`` and the host's first letter: the rest of the host, its port and
#: a service's name (Oracle's Easy Connect).
_PORT_AND_SERVICE = lazy(r"[\w.\-]{0,252}:\d{2,5}/[\w.\-]{1,64}")


def _login_value(match: re.Match[str]) -> tuple[int, int] | None:
    """``NEO4J_AUTH=neo4j/…``, ``REGISTRY_CREDENTIALS=ci:…``: under a key that names a
    login, the part after the user's name, when chosen or made up as a password is."""
    value = match.group("value")
    return match.span("value") if chosen_password(value) or password_shaped(value) else None


_SLUG = lazy(r"[a-z0-9]+(?:[\-_.][a-z0-9]+)*")
#: A URL's query up to a parameter, holding a user's name before it: ``?u=admin&…&``.
#: A user's name among a URL query's parameters.
_QUERY_USER = lazy(r"[?&](?:u|usr|user|username|login|email)=[^&\s#\"'<>]{1,128}&")
#: What ends a URL (so the parameters before one in the same URL are after the last).
_URL_ENDS = " \t\n\"'<>"


def _set_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The value a password-setting subcommand is given, when it holds a digit or a symbol
    beside its letters (``reset-admin-password command`` is prose)."""
    value = match.group("value").strip("\"'")
    bare = value.rstrip(".,;:!?")  # (Maltese's "Il-password hija qasira.": a sentence's end)
    if bare.isalpha() or not any(c.isalpha() for c in value):
        return None
    word = match.string.rfind(" ", max(0, match.start() - 200), match.start()) + 1
    if _NOT_A_COMMAND.search(match.string, word, match.start()):
        return None  # POSTGRES_PASSWORD_FILE=/run/secrets/pg_password: a path, not a command
    return _command_secret(match)


_NOT_A_COMMAND = lazy(r"[/=:\\$]")


_MYSQL_CLIENT = lazy(r"\b(?:mysql|mariadb|mysqldump|mysqladmin)\b[^\n|;&]*\Z")


def _user_then_password(match: re.Match[str]) -> tuple[int, int] | None:
    line = line_start(match.string, match.start(), 300)
    if _MYSQL_CLIENT.search(match.string, line, match.start()):
        return None
    return _command_secret(match)


def _login_query(match: re.Match[str]) -> tuple[int, int] | None:
    """A login's two fields in a URL's query (``?u=admin&p=…``): ``p`` is the password
    when the same query names the user before it, as a form sent by GET does, and its
    value is shaped like one (``p=home``, ``p=dashboard-v2`` name a page)."""
    text, at = match.string, match.start()
    before = text[word_start(text, at, 300, _URL_ENDS):at + 1]  # this URL's query
    value = match.group("value")
    if not _QUERY_USER.search(before) or _SLUG.fullmatch(value) or not (
            password_shaped(value) or random_token(value)):
        return None
    return _command_secret(match)


def _any_value(match: re.Match[str]) -> tuple[int, int] | None:
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    return None if len(value) < 4 or is_placeholder(value) else (start, end)


#: Armoured blocks that are public: certificates, public keys, signatures, parameters.
_PUBLIC_ARMOUR = lazy(r"(?i).*(?:CERTIFICATE|PUBLIC KEY|SIGNATURE|PARAMETERS|CRL"
                            r"|PGP MESSAGE|REQUEST|CMS|PKCS7)")  # CMS, PKCS #7: messages


def _armoured_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Any ``-----BEGIN …-----`` block that is not public material: private keys of every
    kind, OpenVPN static keys, whatever a tool armours next.  The span reaches its END
    line when that is near."""
    label = match.group("label").upper()
    if _PUBLIC_ARMOUR.match(label) or ("ENCRYPTED" in label and "KEY" not in label):
        return None  # public material, or ciphertext (an age or a PGP encrypted file)
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
    if max(map(words.count, words)) > 3:
        return None  # abandon abandon … about: the published test phrase, not a wallet's
    return match.span("value") if len(set(words) & _PROSE_WORDS) == 0 else None


def _random_cookie(match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("value")
    random_hex = len(value) >= 32 and re.fullmatch(r"[0-9a-fA-F]+", value) is not None
    return match.span("value") if random_hex or random_token(value) else None


_HOOK_PART = lazy(r"[A-Za-z0-9_\-]{6,200}")


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
                 and not is_placeholder(value)
                 and (not WORDLIKE.fullmatch(value) or not re.search(r"(?i)[aeiouy]", value)))
        if (random_hex or short or random_token(value) or generated(value, 16)
                or UUID.fullmatch(value)):
            return at + part.start(), at + part.end()
    return None


#: What stands right before a digest, a public key or data: ``h1:``, ``SHA256:``,
#: ``ssh-rsa``, ``base64,``, a publishable key's ``pk_``.
_PUBLIC_BEFORE = lazy(r"(?i)(?:\bh\d:|sha\d*[:\-=]|md5[:=]|fingerprint\b[^\n]*"
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
    if (len(run) > 120 or not_secret_shape(run) or run.startswith("LS0tLS1CRUdJTi")
            or _PUBLIC_BEFORE.search(text[max(0, at - 40):at])
            or "public" in text[max(line, at - 40):at].lower()
            or "enc[" in text[line:at].lower()
            or _in_public_block(text, at)):
        return None  # a digest, public material, base64 of an armoured block, ciphertext
    for part in [run, *run.split("/")] if "/" in run else [run]:
        value = part.rstrip("=")
        if (24 <= len(value) <= 100 and any(c.isupper() for c in value)
                and any(c.islower() for c in value) and any(c.isdigit() for c in value)
                and class_changes(value) >= 0.45 and entropy(value) >= 4.0
                and not not_secret_shape(value) and not is_example(value)
                and not decodes_to_text(part)):
            return (match.start(), match.end()) if part is run else (at, at + len(part))
        if part is not run:
            at += len(part) + 1
    return None


_ADVISORY = lazy(r"(?i)\b(?:GHSA|GO|PYSEC|RUSTSEC|OSV|GSD)-(?=[A-Za-z0-9]{4}-)")


def _grouped_key(match: re.Match[str]) -> tuple[int, int] | None:
    """``e84j-kk5f-wid8-7i1r``: an app password or a licence key, groups of four to six
    letters and digits mixed in most groups (hex groups are ids, and words are names)."""
    text, start = match.string, match.start()
    head = re.search(r"(?<![A-Za-z0-9\-])[A-Za-z0-9]{4,6}-\Z", text[max(0, start - 7):start + 1])
    if head is None:
        return None
    begin = start + 1 - len(head.group(0))
    if _ADVISORY.match(text, begin, begin + 12):
        return None  # GHSA-9wx4-h78v-vm56: a security advisory's id
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
    """``snyk auth <uuid>``, ``token <uuid>``, ``the API key <uuid>``, ``--setup-key
    <uuid>``: a UUID right after such a word is a key (many services issue keys as UUIDs)."""
    return match.end() - 36, match.end()


_URL_BREAK = lazy(r"[\s\"'<>]")


def _url_random(match: re.Match[str]) -> tuple[int, int] | None:
    """``_bare_random`` for the last part of a URL's path (``https://…/v2/<key>``)."""
    start = match.start()
    scheme = match.string.rfind("://", max(0, start - 400), start)
    if scheme < 0 or _URL_BREAK.search(match.string, scheme, start):
        return None  # not in the URL: a space, a quote or a line break lies between
    return _bare_random(match)


#: Whether the scanner is reading what it decoded (one level deep, no more).


def _encoded_credential(match: re.Match[str]) -> tuple[int, int] | None:
    """base64 of text that holds a credential: a Kubernetes Secret's ``data``, a
    ``.dockerconfigjson``, a config pasted encoded.  Read one level deep."""
    if DECODING.get():
        return None
    value = match.group(0)
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode()
    except (binascii.Error, ValueError):
        return None
    if not decoded.isprintable() and not all(ch.isprintable() or ch in "\n\r\t"
                                             for ch in decoded):
        return None
    return match.span() if decoded_holds_credential(decoded) else None


def _random_or_encoded(match: re.Match[str]) -> tuple[int, int] | None:
    """A run of base64 characters: a random key (``_bare_random``), or base64 of text
    holding a credential (``_encoded_credential``)."""
    if ordinary(match.string, *match.span()):
        return None  # the whole run is ordinary (logo.png: <base64>), so is any part
    found = _bare_random(match)
    if found is None and len(match.group(0)) >= 40:
        found = _encoded_credential(match)
    return found


#: A Kubernetes Secret's kind line, and one of its entries: ``  name: value``.
_SECRET_KIND = lazy("\nkind:" + r"[ \t]*Secret[ \t]*(?:\n|$)")
_MANIFEST_ENTRY = lazy(r"[ \t]+(?P<key>[\w.\-]{1,253}):[ \t]*(?P<value>[^\s#]{4,8192})"
                             r"[ \t]*$")
#: The document around a place: at most this many characters each way, to its ``---``.
_MANIFEST_WINDOW = 4096
#: Keys under a Secret that hold no secret: who and where, and public certificates.
_MANIFEST_ABOUT = lazy(r"(?i)(?:^|[._\-])(?:user(?:name)?|host|port|url|uri|database|db"
                             r"|ca|crt|cert|pub|region|namespace|email)$")


def _manifest_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """A Kubernetes Secret's ``data:`` (base64) or ``stringData:`` (plain) entries: in a
    document of ``kind: Secret`` every value is a secret whatever its key is named, but
    for the user, the host and the like, and certificates.  Reads at most 64 lines."""
    text, at = match.string, match.end()
    begin = text.rfind("\n---", max(0, match.start() - _MANIFEST_WINDOW), match.start())
    end = text.find("\n---", at, at + _MANIFEST_WINDOW)
    end = min(len(text), at + _MANIFEST_WINDOW) if end < 0 else end
    # the kind line opens with a line break: the document's first line gets one
    if not (_SECRET_KIND.search(text, max(begin, match.start() - _MANIFEST_WINDOW, 0), end)
            or _SECRET_KIND.match("\n" + text[:40])):
        return None
    encoded = match.group(0).strip() == "data:"
    for _ in range(64):
        stop = text.find("\n", at + 1, end)
        stop = end if stop < 0 else stop
        entry = _MANIFEST_ENTRY.fullmatch(text, at + 1, stop)
        if entry is None:
            return None  # the block ended
        key, value = entry.group("key"), entry.group("value").strip("\"'")
        if not _MANIFEST_ABOUT.search(key) and not is_placeholder(value):
            if not encoded:
                return entry.span("value")
            try:
                raw = base64.b64decode(value, validate=True)
            except (binascii.Error, ValueError):
                raw = b""
            if len(raw) >= 4 and not (raw.startswith(b"-----BEGIN") and b"PRIVATE" not in raw):
                return entry.span("value")
        at = stop
    return None


def _private_jwk(match: re.Match[str]) -> tuple[int, int] | None:
    """A JSON Web Key's private exponent ``"d"``, beside a ``"kty"``."""
    text = match.string
    window = text[max(0, match.start() - 2000):match.end() + 2000]
    return match.span("value") if '"kty"' in window else None


#: Public for the transcript scanner, like ``JUDGED_PATTERNS``; ``find_credential`` tries
#: them last, so that a text they and a named shape both match is named by the latter.
GENERIC_PATTERNS: tuple[JudgedPattern, ...] = (
    ("token with a provider prefix",
     lazy(r"(?<![A-Za-z0-9_\-.+/])(?P<prefix>[a-z][a-z0-9]{1,11}(?:[_\-.][a-z0-9]{1,8}){0,2}"
                r"[_\-.])(?P<body>[A-Za-z0-9]{20,200})(?![A-Za-z0-9+/=_\-])"),
     _prefixed_token),
    ("a secret after a word that names it",
     lazy(rf"(?i)(?<![\w\-/])(?:{_CONTEXT_WORD})(?![a-z])"), _context_secret),
    # ... or that ends a variable's name (``${bamboo.sonar_token} with …``)
    # (one pattern for each literal, so that the prefilter can skip them over prose)
    *(("a secret after a word that names it",
       lazy(re.escape(end) + rf"(?<=[A-Za-z0-9]{re.escape(end)})(?![A-Za-z])"), _context_secret)
      for end in ("_token", "-token", "_Token", "_TOKEN", "_secret", "_SECRET", "_password",
                  "_Password", "_PASSWORD",
                  # a compound as German writes one (``API-Token``, ``Zugangs-Secret``)
                  "-Token", "-TOKEN", "-Secret", "-Schl\u00fcssel", "-Schluessel")),
    ("a quoted secret pair",
     lazy(r"""["'](?P<key>[A-Za-z_][A-Za-z0-9_.\-]{0,80})["']\s*+\]?\s*+"""
                r"""(?P<op>=>|=|:|,|value\s*+=)\s*+["'](?P<value>[^"'\n]{4,256})["']"""),
     _quoted_pair),
    ("a secret in a name and value pair",
     lazy(r"""ame(?<=\b[nN]ame)["']?[ \t]{0,8}[:=][ \t]{0,8}["']?"""
                r"""(?P<key>[A-Za-z_][\w.\-]{0,80})["']?[ \t]{0,8}[,\n][ \t\n]{0,40}"""
                r"""(?:-[ \t]{1,8})?["']?[vV]alue["']?[ \t]{0,8}[:=][ \t]{0,8}"""
                r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"',}]{1,256})"""), _named_value),
    ("password in a user and password pair",
     lazy(r"""uth(?<=[aA]uth)(?<![oO]auth)(?<!OAuth)[ \t]{0,4}[=(:][ \t]{0,4}\(?[ \t]{0,4}"""
                r"""["'][^"'\n]{1,64}["'][ \t]{0,4},[ \t]{0,4}["'](?P<value>[^"'\n]{4,128})["']"""
                r"""[ \t]{0,4}\)"""),
     _auth_pair),
    ("password in a .netrc",
     lazy(r"\blogin\s+\S{1,200}\s+password\s+(?P<value>\S{1,256})"), _netrc_password),
    ("private JSON Web Key",
     lazy(r'"d"\s*:\s*"(?P<value>[A-Za-z0-9_\-]{20,4096})"'), _private_jwk),
    ("armoured secret block",
     lazy(r"-----BEGIN (?P<label>[A-Za-z0-9 ]{1,60})-----"), _armoured_secret),
    ("a secret after a word that names it",
     lazy(r"""(?i)(?<![\w\-/.])(?:[a-z0-9]+_)?(?:password|passwd|passphrase|secret|token"""
                r"""|authtoken|community|psk|creds|identified\s+by)[ \t]+(?P<type>\d[ \t]+)?"""
                r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""), _spaced_secret),
    ("password in a connection string",
     lazy(r"""(?<![\w/.\-])[\w.$#\-]{1,64}/(?P<value>[^\s/@:'"]{4,128})@[\w\-]"""),
     _shaped_password),
    # a user and a password under a key whose last word names a login (``NEO4J_AUTH``,
    # ``registry.credentials``; not ``OAUTH`` nor ``AUTH_URL``)
    *(("password in a login under its key",
       lazy(word + rf"(?<![A-Za-z0-9]{word})[sS]?" + r"""[ \t]{0,4}[=:][ \t]{0,4}["']?"""
            r"""[A-Za-z_][\w.@\-]{0,63}[/:](?P<value>[^\s"'/:@]{4,128})(?=["'\s]|\Z)"""),
       _login_value)
      for word in ("AUTH", "auth", "Auth", "CREDENTIAL", "credential", "Credential", "CREDS",
                   "creds", "LOGIN", "login", "Login")),
    ("password in a .pgpass line",
     lazy(r"""(?<![\w.:\-])[A-Za-z0-9.\-*]{1,253}:(?:\d{2,5}|\*):[^\s:]{1,128}"""
                r""":[^\s:]{1,128}:(?P<value>[^\s:'"]{4,256})"""), _any_value),
    ("password hash",
     lazy(r"""(?<![\w.\-])[a-z_][\w.\-]{0,31}:(?P<value>\$(?:1|2[abxy]?|5|6|y|gy|7"""
                r"""|apr1|argon2(?:id|i|d))\$[^\s:]{8,256})"""), _any_value),
    ("password for a PowerShell credential",
     lazy(r"""ConvertTo-SecureString\s+(?:-String\s+)?(?P<value>"[^"\n]{1,256}"|"""
                r"""'[^'\n]{1,256}')\s+-AsPlainText"""), _any_value),
    ("seed phrase",
     lazy(r"(?i)(?:mnemonic|seed|recovery phrase|wallet|setup key|secret)[^\n]{0,40}?"
                r"(?<![a-z])(?P<value>[a-z]{3,8}(?: [a-z]{3,8}){11,23})(?![a-z])"),
     _seed_phrase),
    # a Google app password, a TOTP setup key: groups of four letters (base32 digits)
    ("grouped password",
     lazy(r"(?i)(?:key|secret|seed|password)[^\n]{0,40}?(?<![a-z0-9])"
                r"(?P<value>[a-z2-7]{4}(?: [a-z2-7]{4}){3,7})(?![a-z0-9])"), _any_value),
    ("keypair bytes",
     lazy(r"\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}(?:\s*,\s*\d{1,3}){0,64}\s*\]"),
     lambda m: m.span()),
    ("session cookie",
     lazy(r"""(?i)(?:\s-b|--cookie|cookie:)\s*["']?[\w.\-]{1,64}="""
                r"""(?P<value>[^;\s"']{16,512})"""), _random_cookie),
    ("webhook URL",
     lazy(r"://(?:(?i:(?:web)?hooks?)\.[\w.\-]{1,240}/|[\w.\-]{1,253}/(?:[\w.\-]{1,64}/)"
                r"{0,6}?(?i:hooks?|webhooks?|triggers?|inputs?)/)(?P<path>[\w.\-/]{1,400})"),
     _webhook_path),
    # an OPDS catalogue's URL: e-readers subscribe to it and cannot sign in, so a server
    # puts the reader's key in its path (Kavita's /api/opds/<key>); like a hook's, whoever
    # has the URL is let in, and the same parts of its path count
    ("key in a feed URL",
     lazy(r"://[\w.\-]{1,253}/(?:[\w.\-]{1,64}/){0,6}?(?i:opds)/(?P<path>[\w.\-/]{1,400})"),
     _webhook_path),
    # a real line break opens the source, so that the prefilter reads the literal
    *(("Kubernetes Secret data", lazy("\n" + block + r":[ \t]*(?=\n)"), _manifest_secret)
      for block in ("data", "stringData")),
    ("random key",
     lazy(r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/]{24,65536}={0,2}(?![A-Za-z0-9+/=_\-])"),
     _random_or_encoded),
    # the last part of a URL's path (``/v2/<key>``), where hosted APIs put the key
    ("random key in a URL",
     lazy(r"(?<=[a-z0-9]/)(?<![/=]/)[A-Za-z0-9_\-]{24,100}(?=$|[\s?#'\")])"),
     _url_random),
    ("grouped key",
     lazy(r"-(?<=[A-Za-z0-9]{4}-)[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){2,4}"
                r"(?![A-Za-z0-9\-])"), _grouped_key),
    ("token with a provider prefix",
     lazy(r"(?<![\w\-.])(?P<prefix>[a-z]{2,10})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}"
                r"-[0-9a-f]{4}-[0-9a-f]{12}(?![\w\-])"), _prefixed_uuid),
    ("a secret after a word that names it",
     lazy(r"(?i)(?:(?<![\w\-])(?:auth|login|token|api[_\- ]?key)\s+"
          r"|(?<![A-Za-z0-9])setup[_\-]key(?:\s+|=))[\"']?"
                r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w\-])"),
     _uuid_after_word),
    *POSITIONAL_PATTERNS,
    *FORMAT_PATTERNS,
    *COMMAND_PATTERNS,
)


_VALUE = r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"']+)"""
#: Passwords given on a command line.  Each opens with its literal (the tool's name or
#: the option) so that ``re`` finds the candidates quickly.
_COMMAND_LINES = (
    # curl -u user:password (a bare -u user prompts; "$USER:$TOKEN" is a reference)
    prefixed("curl", r"""\b[^\n|;&]{0,300}?\s(?:-u\s*|--user[\s=]+)["']?[^\s:"'$]+:"""
                      r"""(?P<value>[^\s"']+)"""),
    # mysql -pSECRET: the password touches -p; "-p app" prompts and "-P 3306" is a port
    prefixed("mysql", r"""(?:dump|admin)?\b[^\n|;&]{0,300}?\s-p"""
                       r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"'-][^\s"']*)"""),
    prefixed("mariadb", r"""(?:-dump)?\b[^\n|;&]{0,300}?\s-p"""
                         r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"'-][^\s"']*)"""),
    prefixed("sshpass", rf"\b[^\n|;&]{{0,300}}?\s-p\s*{_VALUE}"),
    prefixed("redis-cli", rf"\b[^\n|;&]{{0,300}}?\s-a\s+{_VALUE}"),
    # htpasswd -b FILE USER PASSWORD, and Mosquitto's tool that writes the same file
    *(prefixed(tool, rf"\s+(?:-[A-Za-z]+\s+)*?-[A-Za-z]*b[A-Za-z]*\s+(?:-[A-Za-z]+\s+)*\S+\s+"
                     rf"\S+\s+{_VALUE}") for tool in ("htpasswd", "mosquitto_passwd")),
    # openssl passwd [-1|-6|-salt S] PASSWORD (the hash's cleartext), openssl enc -k PASSWORD
    # (not the salt, nor a file of passwords given to -in)
    prefixed("openssl", r"[ \t]+(?:passwd(?:[ \t]+-(?:(?:salt|in)[ \t]+\S+|(?!salt\b|in\b)\S+))*"
                        r"|(?:enc|aes\S*|des\S*|bf\S*|camellia\S*)\b[^\n|;&]{0,300}?[ \t]-k)"
                        r"""[ \t]+(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"')]+)"""),
    prefixed("login", rf"\b[^\n|;&]{{0,300}}?\s-p\s+{_VALUE}"),
    # net user NAME PASSWORD, net use … /user:NAME PASSWORD
    prefixed("net", rf"\s+user\s+[^\s/]{{1,64}}\s+{_VALUE}"),
    prefixed("/user:", rf"\S{{1,128}}\s+{_VALUE}"),
    # net use Z: \\host\share PASSWORD /user:NAME ("*" asks for it)
    prefixed("net", r"""\s+use\s+(?:[A-Za-z]:|\*)?\s*\\\\\S+\s+"""
                     r"""(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"'/*][^\s"']*)"""),
    # SNMPv3 users: a router's snmp-server user (not "encrypted", a localized digest) and
    # net-snmp's createUser, each with an authentication and a privacy passphrase
    prefixed("snmp-server", r"""\s+user\s+[^\n]{0,120}?\sv3\s+auth\s+\S+\s+(?P<value>\S+)"""),
    prefixed("snmp-server", r"""\s+user\s+[^\n]{0,200}?\spriv\s+(?:3?des|aes(?:\s+\d{3})?)\s+"""
                             r"""(?P<value>\S+)"""),
    prefixed("createUser", rf"\s+(?:-e\s+\S+\s+)?\S+\s+(?:MD5|SHA\S*)\s+{_VALUE}"),
    prefixed("createUser", rf"\s+[^\n]{{0,200}}?\s(?:DES|AES\S*)\s+{_VALUE}"),
    # smbclient -U user%password
    r"""-U(?<=\s-U)\s*["']?[^\s%"']+%(?P<value>[^\s"']+)""",
    # openssl -passin pass:…
    r"""-pass(?<=\s-pass)(?:in|out)?\s+["']?pass:(?P<value>[^\s"']+)""",
    prefixed("ldap", rf"\w+\b[^\n|;&]{{0,300}}?\s-w\s+{_VALUE}"),
    prefixed("sqlcmd", rf"\b[^\n|;&]{{0,300}}?\s-P\s*{_VALUE}"),
    prefixed("echo", r"""\s+(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s|"']+)"""
                      r"""\s*\|\s*sudo\s+(?:-\w+\s+)*-S\b"""),
    # echo VALUE | vncpasswd -f, | chpasswd, | docker login --password-stdin: a password
    # read from standard input
    prefixed("echo", r"""\s+(?:-[ne]\s+)?(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s|"']+)"""
                      r"""\s*\|\s*(?:sudo\s+)?[\w.\-]{0,30}(?:passwd\b|[^\n|;&]{0,200}"""
                      r"""(?:--password-stdin|(?:password|secret|token)=@?(?:/dev/stdin|-)(?!\S)))"""),
    prefixed("secret", rf"\s+set\b[^\n|;&]{{0,300}}?\s(?:-b|--body)[\s=]+{_VALUE}"),
    prefixed("wandb", r"\s+login\s+(?P<value>[0-9a-f]{40})\b"),
    # sqlplus user/password@db; docker, mongo and zip take -p/-P with a space
    prefixed("sqlplus", r"""\s+(?:-\w+\s+)*["']?[\w.$#]{1,128}/(?P<value>[^\s@/"']{1,256})@"""),
    prefixed("docker", rf"\s+login\b[^\n|;&]{{0,300}}?\s-p\s+{_VALUE}"),
    prefixed("mongo", rf"(?:sh|dump|restore|import|export)?\b[^\n|;&]{{0,300}}?\s-p\s+{_VALUE}"),
    # zip and unzip -P PASSWORD (-qP: flags run together, P last); rar and unrar
    # -pPASSWORD, -hpPASSWORD (-p- is none)
    *(rf"{tool}(?:(?<=\bun{tool})|(?<![A-Za-z0-9_+/]{tool}))" + body for tool, body in (
        ("zip", rf"\b[^\n|;&]{{0,300}}?\s-[A-OQ-Za-z]{{0,4}}P\s+{_VALUE}"),
        ("rar", r"\b[^\n|;&]{0,300}?\s-h?p(?P<value>[^\s\-\"'][^\s\"']*)"))),
    # macOS's security: a keychain's password (-p) and a PKCS #12 file's passphrase (-P)
    prefixed("security", r"\s+(?:unlock-keychain|create-keychain|set-keychain-password"
                         rf"|import|export)\b[^\n|;&]{{0,300}}?\s-[pP]\s+{_VALUE}"),
    prefixed("snmp", rf"\w*\b[^\n|;&]{{0,300}}?\s-[cAX]\s+{_VALUE}"),
    prefixed("lftp", rf"\b[^\n|;&]{{0,300}}?\s-u\s+[^\s,]+,{_VALUE}"),
    prefixed("poetry", rf"\s+config\s+http-basic\.\S+\s+\S+\s+{_VALUE}"),
    # cf auth USER PASSWORD (Cloud Foundry)
    prefixed("cf", rf"\s+auth\s+[^\s-]\S{{0,128}}\s+{_VALUE}"),
    # Teradata's BTEQ: .LOGON host/user,password
    *(prefixed(logon, r"""[ \t]+[^\s,/]{1,128}/[^\s,]{1,128},(?P<value>[^\s;,]{1,256})""")
      for logon in (".LOGON", ".logon", ".Logon")),
    # ssh-keygen -N PASSPHRASE (-N '' is no passphrase)
    prefixed("ssh-keygen", rf"\b[^\n|;&]{{0,300}}?\s-N\s*(?P<made>){_VALUE}"),
    prefixed("7z", r"\b[^\n|;&]{0,300}?\s-p(?P<value>[^\s\-\"'][^\s\"']*)"),
    # echo SECRET > a file (or | tee a file) whose name says it holds a secret
    prefixed("echo", r"""\s+(?P<value>"[^"\n]{4,256}"|'[^'\n]{4,256}'|[^\s|>"']{4,256})"""
                      r"""\s*(?:\|\s*base64\s+(?:-d|--decode)\s*)?"""
                      r"""(?:>>?|\|\s*(?:sudo\s+)?tee\s+(?:-a\s+)?)\s*[^\s|;&]{0,200}?"""
                      r"""(?:pass|secret|token|key|cred|keytab)"""),
    # --password X, --token=X, -storepass X … (never --password-stdin or --token-file)
    r"""-(?<![\w-]-)-?(?i:(?:[a-z0-9]+-)*(?:password|passwd|pass|pw|token|secret|api-?key"""
    r"""|access-?key|secret-?key|auth-?token|client-?secret|private-?key|hmac-?key|storepass"""
    r"""|keypass"""
    r"""|passphrase|bearer))"""
    # (a line's end ends the command, unless a backslash continues it: clickhouse-client
    # … --ask-password, then what it printed, is no value)
    r"""(?:[ \t=]|\\\r?\n)+(?P<value>"[^"\n]*"|'[^'\n]*'|[^\s"'-][^\s"']*)""",
)

JUDGED_PATTERNS: tuple[JudgedPattern, ...] = (
    # Each position inside a run fails at once on the lookbehind after its first
    # character, so the scan stays linear in the text.
    ("AWS secret access key",
     lazy(r"[A-Za-z0-9+/](?<![A-Za-z0-9+/=_\-].)[A-Za-z0-9+/]{39}(?![A-Za-z0-9+/=_\-])"),
     _bare_aws_secret),
    ("Discord bot token",
     lazy(r"[MNO](?<![A-Za-z0-9_\-].)[A-Za-z0-9_\-]{23,27}\.[A-Za-z0-9_\-]{6}\."
                r"[A-Za-z0-9_\-]{27,40}(?![A-Za-z0-9_\-])"), _discord_token),
    # A bot token is the bot's numeric id, a colon and 35 characters opening "AA".
    ("Telegram bot token", lazy(r":AA[A-Za-z0-9_\-]{33}(?![A-Za-z0-9_\-])"),
     _looking_back(r"(?<!\d)\d{8,10}", 11)),
    ("Azure client secret", lazy(r"Q~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])"),
     _looking_back(r"(?<![A-Za-z0-9_~.\-])[A-Za-z0-9_~.\-]{3}\d", 5)),
    # The datacenter suffix is what distinguishes it from any other 32 hex digits.
    ("Mailchimp key", lazy(r"-us\d{1,2}(?![0-9])"),
     _looking_back(r"(?<![A-Za-z0-9])[0-9a-f]{32}", 33)),
    # DeepL's free keys: a UUID, then ":fx"
    ("DeepL key", lazy(r":fx\b"),
     _looking_back(r"(?<![\w\-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                   37)),
    ("Terraform Cloud token", lazy(r"\.atlasv1\.[A-Za-z0-9_\-=]{60,}"),
     _looking_back(r"(?<![A-Za-z0-9])[A-Za-z0-9]{14}", 15)),
    ("base64 private key", lazy(r"LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}"),
     _base64_private_key),
    ("password in XML",
     lazy(r"<(?P<key>[A-Za-z_][\w:.\-]*)(?P<attributes>[ \t][^<>\n]{0,200})?>"
          r"(?P<value>[^<>\n]{4,200})"
                r"</(?P=key)>"),
     _xml_secret),
    # a property list's <key> and <string>; a Hadoop *-site.xml's <name> and <value>
    # (hive-site's javax.jdo.option.ConnectionPassword, core-site's fs.s3a.secret.key)
    *(("secret in a property list",
       lazy(rf"<{name}>(?P<key>[^<>\n]{{1,80}})</{name}>\s{{0,40}}<{value}>"
            rf"(?P<value>[^<>\n]{{4,256}})</{value}>"), _xml_named)
      for name, value in (("key", "string"), ("name", "value"))),
    ("password in a URL's query",
     lazy(r"&(?:p|pw|pwd|pass)=(?P<value>[^&\s#\"'<>]{1,256})"), _login_query),
    # Windows tools: schtasks /rp, net use /p:, xfreerdp /p:
    ("password on a command line",
     # not cmd's ``set /p NAME=prompt``, which asks for a value
     lazy(r"""/(?<=\s/)(?<![Ss][Ee][Tt] /)(?:rp|p|pass|password|passwd|pw)(?::|=|[ \t]+)"""
                r"""(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"'/]{1,256})"""),
     _command_secret),
    # a key written into the code that computes a MAC with it
    *(("HMAC key in code",
       lazy(re.escape(call) + r"(?P<args>[^\n]{1,300})"), _hmac_key)
      for call in ("hmac.New(", "hmac.new(", "HMAC.new(", "createHmac(", "Hmac<")),
    ("a secret marked sensitive",
     lazy(r'"(?P<name>value|result)"\s*:\s*"(?P<value>[^"\n]{4,256})"'), _marked_sensitive),
    # Windows' unattend.xml: <AdministratorPassword><Value>…</Value>
    ("password in XML",
     lazy(r"Password>\s{0,40}<Value>(?P<value>[^<>\n]{1,256})</Value>"),
     _any_value),
    *(("password given to a call",
       lazy(re.escape(call) + r"(?P<args>[^()\n]{1,400})[)\n]"), _call_password)
      for call in ("Credentials(", "Credential(", "connect(", "login(", "Login(", "Connect(",
                   "database(")),
    ("password on a command line",
     lazy(r"""-(?<![A-Za-z0-9]-)(?:-?(?:password|passwd|pass|token|secret|api-?key))["']?\s{0,4}"""
                r"""(?:</string>\s{0,40}<string>|,\s{0,40}["'])(?P<value>[^<>"'\n]{4,256})"""),
     _command_secret),
    ("a secret assigned with its type",
     lazy(r"""=(?![=>~])[ \t]*(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}')"""),
     _annotated),
    # a setting named for the user given "user:password" (ETCDCTL_USER=name:…)
    *(("password in a user setting",
       lazy(user + r"""(?:NAME|name|Name)?["']?[ \t]{0,4}[:=][ \t]{0,4}["']?"""
            r"""[\w.@\-]{1,64}:(?P<value>[^\s"'@/:]{4,128})(?![^\s"',;])"""), _user_setting)
      for user in ("USER", "User", "user")),
    # user / password in prose: "(svc_sync / Tv9!x…)", "login admin / Raven.514"
    ("password paired with a user in prose",
     lazy(r"""/(?<=[\w.@\-][ \t]/)[ \t]+(?P<value>[^\s/:=()"'`]{8,64})"""),
     _prose_pair),
    ("authorization token",
     lazy(r"""uthorization(?<=[Aa]uthorization)["']?[ \t]*[:=][ \t]*["']?"""
                r"""(?P<value>[A-Za-z0-9._~+/\-]{20,512}=*)(?=["'\s]|$)"""), _bare_authorization),
    # base64 of user:password after the Basic scheme, in whatever holds a header
    ("basic auth credentials",
     lazy(r"\bBasic[ \t]+(?P<value>[A-Za-z0-9+/]{8,400}={0,2})(?![A-Za-z0-9+/=])"),
     _basic_credentials),
    *(("secret in XML",
       lazy(rf"{attribute}=[\"'](?P<key>[\w.:\-]{{1,80}})[\"'][^<>\n]{{0,80}}>"
                  r"(?P<value>[^<>\n]{4,300})</"), _xml_named) for attribute in ("name", "key")),
    *(("password on a command line", lazy(pattern), _command_secret)
      for pattern in _COMMAND_LINES),
    # a subcommand that sets a password, then the password (grafana-cli admin
    # reset-admin-password …, rabbitmqctl change_password USER …)
    *(("password on a command line",
       lazy(rf"""{joint}password(?<=[a-z]{joint}password)(?:[ \t]+[\w.@][\w.@\-]{{0,63}}"""
            r"""(?=[ \t]+\S))?[ \t]+(?P<value>"[^"\n]+"|'[^'\n]+'|[^\s"'\-<|>][^\s"'|>]*)"""
            r"""(?=[ \t]*(?:$|[\n;&|]))"""), _set_password) for joint in "-_"),
    # -u USER -p PASSWORD (or -P), in any tool but MySQL's, whose -p takes its password
    # attached and asks for it when alone (mysql -u admin -p reports: a database)
    ("password on a command line",
     lazy(rf"-[uU](?<=\s-[uU])\s+\S{{1,128}}\s+-[pP]\s+{_VALUE}"), _user_then_password),
)


def _kept(judge: Callable[[re.Match[str]], tuple[int, int] | None]
          ) -> Callable[[re.Match[str]], tuple[int, int] | None]:
    """``judge``, its finding dropped when the value found is ordinary for what it is or
    for what its line says of it (``credential_shapes.ordinary``), or a documentation
    example (``is_example``)."""
    def kept(match: re.Match[str]) -> tuple[int, int] | None:
        span = judge(match)
        if span is None or ordinary(match.string, *span):
            return None
        return None if is_example(match.string[span[0]:min(span[1], span[0] + 512)]) else span
    kept.__doc__ = judge.__doc__
    return kept


def _widened(judge: Callable[[re.Match[str]], tuple[int, int] | None]
             ) -> Callable[[re.Match[str]], tuple[int, int] | None]:
    """``judge``, its finding widened to the whole word it stands in (``whole_word``)."""
    def widened(match: re.Match[str]) -> tuple[int, int] | None:
        span = judge(match)
        return None if span is None else whole_word(match.string, *span)
    widened.__doc__ = judge.__doc__
    return widened


# Every shape judged by where it stands or what it looks like passes the one test of what
# is ordinary; the provider-prefixed ``TOKEN_PATTERNS`` do not need it.  The shapes of any
# provider come last, then a password people choose known by its shape and place, then by
# its shape alone (``credential_prose``), each its own pass over each line.
JUDGED_PATTERNS = tuple((name, pattern, _kept(judge)) for name, pattern, judge in JUDGED_PATTERNS)
GENERIC_PATTERNS = (*((name, pattern, _kept(judge)) for name, pattern, judge in GENERIC_PATTERNS),
                    *SHAPE_PATTERNS,
                    *((name, pattern, _kept(judge)) for name, pattern, judge in CHOSEN_BY_SHAPE),
                    ("a password people choose, by its shape alone", lazy(r"(?m)^[^\n]+"),
                     _widened(_kept(chosen_anywhere))))
