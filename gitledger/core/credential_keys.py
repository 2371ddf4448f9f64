"""Secrets under a name: ``key = value`` in any config syntax, URLs' passwords, Authorization.

Whether a key names a secret is read from its words (``key_strength``): a name for the
secret itself (``password``, ``api_key``) makes any real value one, a name that only
mentions one (``signing_key_v2``) needs a generated value, and a name about a secret (its
ttl, its file, a ``cache key``) none.  The transcript scanner reuses these judges, so they
are public.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gitledger.core.credential_shapes import (
    ENCRYPTING_KEY,
    PUBLIC_MATERIAL,
    SEALED_PARENT,
    UUID,
    above_in_document,
    forgery_token,
    line_start,
    ordinary,
    secret_reference,
    word_start,
)
from gitledger.core.credential_values import (
    WORD,
    basic_pair,
    is_example,
    is_placeholder,
    is_template,
    looks_generated,
    looks_random,
    names_algorithm,
    password_shaped,
    random_letters,
    random_token,
    unquoted,
)
from gitledger.core.lazy_pattern import lazy

#: How much of a value the assignment and URL patterns read (see ``ASSIGNMENT``).
VALUE_LIMIT = 256

#: ``scheme://user:password@host``; the password is judged like an assigned value.
#: The scheme and the password are bounded: a run of ``a-a-a-…`` has a word start at
#: every other character, and each would otherwise be read to the run's end.
URL_PASSWORD = lazy(
    rf"\b[a-zA-Z][a-zA-Z0-9+.\-]{{0,31}}://[^/\s:@]{{0,{VALUE_LIMIT}}}:"
    rf"(?P<value>[^/\s@]{{1,{VALUE_LIMIT}}})@")

#: A key whose name holds one of these may be followed by a secret; which keys are, and
#: how sure the name makes it, is ``key_strength``'s to say.  Public for the transcript
#: scanner, which looks for an assignment only where one of these words is.
KEY_WORDS = ("pass", "pw", "secret", "token", "key", "cred", "pat", "auth", "sig", "salt",
             "hmac", "cookie", "community", "psk", "sess",
             # Honeycomb's API key header, X-Honeycomb-Team, names no secret word
             "honeycomb-team")

#: ``key = value``, ``key: value``, ``key := value``; the key may close a quote
#: (``"password": "…"``, the JSON or YAML shape of an assignment).  The key is a whole
#: run of key characters holding one of ``KEY_WORDS``, taken atomically and only from
#: where a run starts: a text of 2,000 key characters is then read once, not once for
#: every place a key could start and end in it.  Whether its name is about a secret is
#: ``key_strength``'s to say.  The value may be a quoted string, a ``<placeholder>``, a
#: ``${{ … }}``, ``$(…)`` or ``${…}`` expansion (so their spaces do not cut them short),
#: or a run up to a space, comma, semicolon or ``&`` (``assignment_secret`` takes back an
#: ``&`` that opens no query's next ``name=``).  A key may follow an escaped line break
#: (``…\nDB_PASSWORD=…``: a file's lines inside a JSON string, as an agent writes a
#: file), and then its value ends at the next one (``assignment_secret``).  Every part of
#: a value is bounded (``VALUE_LIMIT``): values overlap (``pass=pass=…``), and an unbounded
#: one would be read again from every key inside it; ``assignment_secret`` extends a
#: secret cut short.
ASSIGNMENT = lazy(
    rf"""(?ix)
    (?:(?<=\\[nrt])|(?<![a-z0-9_.\-\\]))(?=[a-z0-9_.\-]*?(?:{"|".join(KEY_WORDS)}))
    (?P<key>(?>[a-z0-9_.\-]+))
    (?P<close>["'])?[\]}}]?
    \s*(?P<op>:=|\?=|=>|[!=]==?|=|:)\s*
    (?P<value>"[^"\n]{{0,{VALUE_LIMIT}}}"|'[^'\n]{{0,{VALUE_LIMIT}}}'|<[^<>\n]{{0,80}}>
        |\$\{{\{{[^}}\n]{{0,{VALUE_LIMIT}}}\}}\}}|\$\([^)\n]{{0,{VALUE_LIMIT}}}\)
        |\$\{{[^}}\n]{{0,{VALUE_LIMIT}}}\}}|[^\s,;&]{{1,{VALUE_LIMIT}}})
    """
)
#: A variable, then a quote: the end of the string the key opened (``"token:$VAR"``).
_VARIABLE_IN_A_STRING = lazy(r"\$\{?[A-Za-z_]\w*\}?(?=[\"'])")
#: The rest of a value ``ASSIGNMENT`` cut at ``VALUE_LIMIT``.
_VALUE_REST = lazy(r"[^\s,;&]*")
#: An ``&`` in an unquoted value and what follows it, when it opens no query's next
#: ``name=``: a password's own (``Ko&29QdDx…``), where ``ASSIGNMENT`` cut the value.
_AMPERSAND_REST = lazy(r"(?:&(?!&)(?![\w.\-]{1,60}=)[^\s,;&]{1,200}){1,8}")
#: The longest JSON key ``keyed_secret`` reads as a name.
_KEY_LIMIT = 200
#: A key ending with one of these (its words joined) names the secret itself: any real
#: value under it is one.
_STRONG_ENDINGS = (
    "password", "passwd", "passphrase", "pwd", "secret", "token", "apikey", "accesskey",
    "privatekey", "secretkey", "authkey", "masterkey", "signingkey", "encryptionkey",
    "accountkey", "appkey", "clientkey", "clientkeydata", "credentials", "credential",
    "storepass", "keypass", "authtok", "tokens", "passwords", "secrets",
    # an Erlang node's distribution cookie (RabbitMQ's, an Elixir release's)
    "erlangcookie", "releasecookie",
    # the header Honeycomb reads its API key from
    "honeycombteam",
)
#: Words that end in "pass" and are no password: a bypass, a compass, an askpass helper,
#: a filter's band, a renderer's or an encoder's pass, Canonical's multipass.
NOT_A_PASSWORD = lazy(r"(?i)(?:by|com|encom|sur|tres|over|under|ask|no|with|multi|render|sub"
                      r"|one|single|two|first|second|third|band|high|low|all|eye|boarding|day"
                      r"|hall|mountain|season|ski|bus|rail|kiss|im)pass\b")
#: A last word that names the secret as one short word: ``SMTP_PASS``, ``AZURE_DEVOPS_PAT``.
_STRONG_LAST = frozenset({"pass", "pat", "pw", "creds", "community", "psk", "keytab"})
#: Words that make a key about a secret without naming it (``AUTH``, ``COOKIE_SIG``,
#: ``HMAC``): only a generated-looking value under it counts.
_WEAK_WORDS = ("secret", "token", "password", "passwd", "credential")
#: The same, as whole words only (``auth`` but not ``authority``, ``sig`` but not ``design``).
_WEAK_WHOLE = frozenset({"auth", "authn", "sig", "salt", "hmac", "cookie", "cred"})
#: A last word that makes the key about a secret rather than the secret: its lifetime,
#: its URL, its header, the file or the name it is kept under, its id.
_ABOUT_LAST = frozenset({
    "ttl", "type", "url", "uri", "endpoint", "length", "len", "count", "expiry", "expires",
    "timeout", "header", "name", "id", "file", "path", "dir", "field", "prefix", "suffix",
    "hash", "hashers", "helper", "limit", "size", "format", "mode", "index", "ref", "arn",
    "days", "seconds", "minutes", "hours", "policy", "rotation", "scope", "scopes",
    "version", "algorithm", "alg", "env", "var", "location", "store", "source",
    "signature", "challenge",
})
#: A word before the secret word that makes the key about something else: a model's
#: special tokens, counts and limits, pagination cursors, switches, and public keys.
ABOUT_QUALIFIER = frozenset({
    "max", "min", "num", "n", "total", "count", "page", "next", "prev", "previous",
    "continuation", "cursor", "sync", "resume", "pad", "bos", "eos", "unk", "sep", "cls",
    "mask", "special", "start", "end", "stop", "public", "publishable", "pub", "is", "has",
    "use", "enable", "enabled", "require", "required", "no", "existing", "idempotency",
    "sort", "partition", "primary", "foreign", "cache", "input", "output", "new",
    "sessionstorage", "localstorage", "lookup", "map", "dict", "object", "row",
    "socket", "websocket",
})
STRONG, _WEAK = 2, 1

#: An HTTP ``Authorization`` header's credentials: ``Basic <base64 of user:password>``,
#: ``Bearer <token>``, ``Token <token>``, Okta's ``SSWS <token>``; in a header line, a
#: ``curl -H`` or a dict.
_AUTH_VALUE = (r"(?P<scheme>basic|bearer|token|ssws|[A-Za-z][A-Za-z0-9\-]{1,30})\s+"
               r"(?P<secret>[A-Za-z0-9._~+/\-]{1,4096}=*)")
AUTH_HEADER = lazy(rf"(?i)\bauthorization[\"']?\s*[:=]\s*[\"']?{_AUTH_VALUE}")
_AUTH_ONLY = lazy(rf"(?i)\s*{_AUTH_VALUE}\s*")
AUTH_NAME = lazy(r"(?i)(?:proxy-)?authorization")


#: A name made of words (``db-password``), each with a vowel: no password a tool made.
_NAME_WORD = r"(?:[a-z]{1,3}|[a-z]*[aeiouy][a-z]*)"
NAME = lazy(rf"{_NAME_WORD}(?:[-_]{_NAME_WORD})+")


#: The word before a key, on its line: ``cache key:``, ``sort key =``.
_WORD_BEFORE = lazy(r"([A-Za-z]{1,20})[ \t]{1,4}\Z")


def qualified(text: str, at: int) -> bool:
    """Whether the word before a key at ``at`` makes it about something else (a ``cache
    key``, a ``primary key``, a ``public key``): the qualifier a name like ``cache_key``
    holds, written as a separate word.  A key of several words joined (``admin_passwd``)
    carries its own qualifiers: a word before it is the sentence's ("… has admin_passwd =
    …"), and a public one's is read by ``ordinary``."""
    if _JOINED_KEY.match(text, at) is not None:
        return False
    word = _WORD_BEFORE.search(text, max(0, at - 25), at)
    return word is not None and word.group(1).lower() in ABOUT_QUALIFIER


#: A key of words joined by ``_``, ``.`` or ``-`` (``admin_passwd``, ``db.password``).
_JOINED_KEY = lazy(r"[A-Za-z0-9]{1,40}(?:[_.\-][A-Za-z0-9]{1,40}){1,6}(?![\w.\-])")


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
    value = match.group("value")
    if is_template(value) or ordinary(match.string, *match.span("value")):
        return None  # a placeholder; a.b.c in a URL's password is no code's reference
    return match.span("value")


#: An Amazon Resource Name's opening: its fields name a resource, however they read.
_ARN = lazy(r"arn:aws[\w\-]*:")


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
    strength = key_strength(key)
    if strength is None and _SESSION_NAME.search(key) and match.group("op") == "=":
        strength = _WEAK  # sessionid=…, PHPSESSID=…: a cookie ("sessionId": "…" is an id)
    if strength is None or qualified(match.string, match.start()):
        return None
    text = match.string
    if _ARN.match(text, word_start(text, match.start(), 200, " \t\n\"'`(=")):
        return None  # arn:aws:secretsmanager:…:secret:prod/db: the name of a secret
    if (text[max(0, match.start() - 2):match.start()].endswith(("$", "${"))
            and match.group("op") == ":" and match.group("value")[:1] in "\"'"):
        return None  # "$PAYJP_SECRET_KEY:": a variable's name, then curl's quote (not $x = …)
    if (text.find("/", max(0, match.start() - 12), match.start()) >= 0
            and _PROMPT_BEFORE.search(text, max(0, match.start() - 12), match.start())):
        return None  # batch's set /p DBPASS=Enter password: a prompt, the value is typed
    if (above_in_document(SEALED_PARENT, text, match.start())
            and not ENCRYPTING_KEY.search(key)):
        return None  # a SealedSecret's encryptedData, a ciphertext (not "IsEncrypted": false)
    if key.startswith("-") and NAME.fullmatch(match.group("value").strip("\"'")):
        return None  # --secret=db-password: the name of a secret
    quoted = text[match.start("value")] in "\"'"
    if (text.startswith(("`", "$("), match.start("value"))
            and not _ECHOED_LITERAL.match(text, match.start("value"))):
        return None  # pwd=`echo $ES_PWD`, token=$(vault read …): a command's output at run time
    start, end = unquoted(text, *match.span("value"))
    if not quoted and (rest := _AMPERSAND_REST.match(text, end)) is not None:
        end = rest.end()  # pg.password=Ko&29QdDx…: the & is the password's, not a query's
    value = text[start:end]
    if (not quoted and text[match.start() - 1:match.start()] in ("\"", "'")
            and (variable := _VARIABLE_IN_A_STRING.match(value)) is not None):
        end, value = start + variable.end(), variable.group(0)  # "token:$VAR"]: the string ends
    if (tick := value.find("`")) > 0 and "`" in text[line_start(text, match.start(), 300):start]:
        end, value = start + tick, value[:tick]  # `KEY=value` quoted in prose: the code span ends
    if (not quoted and "\\" in value and (escape := _ESCAPED_BREAK.search(value)) is not None
            and _STRING_OPENED.search(text, line_start(text, match.start(), 300),
                                      match.start())):
        end, value = start + escape.start(), value[:escape.start()]  # the string's next line
    if not quoted and _code_value(value, match.group("op")):
        return None
    if "\n" in text[match.end("op"):start] and (match.group("op") == "=" or value.endswith(":")):
        return None  # an empty key, and the next line's key (``APP_KEY=`` then ``APP_DEBUG=``)
    if not quoted and _CONSTANT.fullmatch(value) and text[end:end + 1] in (",", ")", ";"):
        return None  # f(secret=SECRET_NAME, …): a constant of the code, not its value
    if (not quoted and not key.isupper() and _named_for_key(key, value)
            and '"' in text[max(0, start - 300):end + 300]):
        return None  # password = DirectorApiPassword: a constant of the config's language
    bare = value.rstrip(")")
    if (not quoted and (bare != value or text[end:end + 1] in (",", ")"))
            and _IDENTIFIER.fullmatch(bare) and _in_call(text, match.start())):
        return None  # connect(…, password = pwd): a variable of the code
    if key.lower().endswith("credentials") and value.lower() in _SETTING_WORDS:
        return None  # fetch(…, {credentials: "include"}): a setting's keyword
    if not quoted and _POINTER.fullmatch(value) and text.startswith((" <", ' "'), end):
        return None  # gdb's token = 0x7ffff7dd18e0 <_IO_2_1_stdout_>: an address
    if match.group("op") in _COMPARISONS and not (quoted and _compared_secret(value)):
        return None  # token !== "undefined", "$TOKEN" == ghp_*: a test, not a value
    if not secret_value(key, strength, value) or names_algorithm(value):
        return None  # password: scram-sha-256, the scheme's name
    pair, equals, _ = value.partition("=")
    if equals and forgery_token(pair):
        return None  # Set-Cookie: __Host-csrf=…: the cookie a form's token is checked against
    shaped = match.group("close") is not None and quoted
    if (strength == STRONG and match.group("op") == ":" and not shaped
            and not looks_random(value) and not random_letters(value)
            and not (quoted and " " not in value)):
        return None
    if ordinary(text, start, end):
        return None
    if (match.end("value") - match.start("value") == VALUE_LIMIT
            and text[match.start("value")] not in "\"'<$"):
        rest = _VALUE_REST.match(text, match.end("value"))
        end = rest.end() if rest else end
    return start, end


#: A command substitution that only echoes a literal (``DB_PASSWORD=`echo Xk9m…```): the
#: literal is the value, where any other command (``echo $VAR``, ``vault read``) computes it.
_ECHOED_LITERAL = lazy(r"(?:`|\$\()[ \t]*echo[ \t]+(?:-n[ \t]+)?[^$`()\n]{1,200}[`)]")
#: Batch's ``set /p NAME=``: what follows is the prompt for the value, not the value.
_PROMPT_BEFORE = lazy(r"(?i)\bset[ \t]+/p[ \t]+\Z")
#: A name in capitalised words (``DirectorApiPassword``), no digit or mark.
_CAPITALISED_NAME = lazy(r"(?:[A-Z][a-z]{1,15}){2,8}")


def _named_for_key(key: str, value: str) -> bool:
    """Whether an unquoted ``value`` is a name in capitalised words ending with the key's
    own last word (``password = DirectorApiPassword``, ``token = GitlabToken``): a
    constant or a variable the config's language resolves, where its strings are quoted
    (the caller asks for a quote nearby, and a key not in an environment's capitals)."""
    if _CAPITALISED_NAME.fullmatch(value) is None:
        return False
    words = WORD.findall(key)
    return bool(words) and WORD.findall(value)[-1].lower() == words[-1].lower()


#: A line break or a tab escaped inside a string (a file's lines in JSON): where an
#: unquoted value ends, when the assignment stands in such a string.
_ESCAPE = r"\\[nrt]"
_ESCAPED_BREAK = lazy(_ESCAPE)
#: Before an assignment on its line, what says it stands inside a string: a quote, or an
#: escaped break (not a plain ``.env`` line, whose value may hold a backslash).
_STRING_OPENED = lazy(rf"[\"']|{_ESCAPE}")
#: A debugger's pointer.
_POINTER = lazy(r"0x[0-9a-f]{4,16}")
#: Lower-case words joined by dashes or underscores.
_WORDS_ONLY = lazy(r"[a-z]+(?:[_\-][a-z]+)+")
#: A version or a range of versions (``^4.0.0``, ``>=2.1``): a dependency named like a secret.
_VERSION_RANGE = lazy(r"(?:[\^~]|[<>=!]=?|~=)?[ \t]?v?\d+(?:\.\d+){1,3}"
                            r"(?:[\-+][A-Za-z0-9.]{1,20})?")
#: A constant's name (``PGPASSWORD``, ``ALLOYDB_SECRET_NAME``).
_CONSTANT = lazy(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
_SESSION_NAME = lazy(r"(?i)sess(?:ion)?(?:_?id)?\Z")
_COMPARISONS = frozenset({"==", "!=", "===", "!=="})
_NOT_A_VALUE = frozenset({"undefined", "null", "none", "nil", "true", "false", ""})


def _compared_secret(value: str) -> bool:
    """A literal compared with a secret's variable that is a value: not a type's or an
    empty value's name, not a glob."""
    return value.lower() not in _NOT_A_VALUE and not any(c in value for c in "*?[")


def _in_call(text: str, at: int) -> bool:
    """Whether ``at`` is inside parentheses opened earlier on its line."""
    line = text.rfind("\n", max(0, at - 300), at) + 1
    before = text[line:at]
    return before.count("(") > before.count(")")


#: A variable's name with no digit in it (a password has some far more often).
_IDENTIFIER = lazy(r"[A-Za-z_][A-Za-z_.]*")
#: Keywords of standard settings whose names hold a secret's word (``credentials``).
_SETTING_WORDS = frozenset({"include", "omit", "same-origin", "none", "required", "optional",
                            "enabled", "disabled", "inherit", "default"})
#: What closes a call, an index or a block after an unquoted value, or opens one.
_CLOSERS = ")]}:{(,"
#: Keywords that follow ``:=`` or ``=`` in code (``for _, secret := range secrets``).
_KEYWORDS = frozenset({"range", "func", "new", "make", "await", "lambda", "function", "struct",
                       "async", "yield", "typeof", "self", "this"})


def _code_value(value: str, op: str) -> bool:
    """Whether an unquoted assigned ``value`` is code: a literal, a name or an attribute
    (``None``, ``self.client_secret``, ``types.SecretConfig``) closed by the call, index or
    block it stands in (``f(password=None)``, ``secret := types.SecretConfig{``), a
    keyword after ``:=``, or a literal container (``credentials = {'user': …}``, whose
    pairs are assignments of their own)."""
    bare = value.rstrip(_CLOSERS)
    if (op == ":=" and bare in _KEYWORDS) or value[:1] in "{[(":
        return True  # a keyword, or a literal dict, list or tuple opening
    if value.startswith("!") and is_placeholder(value[1:].rstrip(_CLOSERS)):
        return True  # !local.is_replica: a negated reference
    return bare != value and bool(bare) and (is_placeholder(bare) or _CONSTANT.fullmatch(bare)
                                             is not None)


#: A scheme that names a key (``API-Key``, ``ApiKey``, ``Access-Token``): hex under it is the
#: key itself, where under another scheme it may be a digest.
_KEY_SCHEME = lazy(r"key|token|secret")
_LONG_HEX = lazy(r"[0-9a-fA-F]{32,128}")


def auth_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """Where the credentials of an ``Authorization`` match are, or None when they are
    none: Basic needs base64 of ``user:password``; a Bearer or Token value 20 characters
    or more, or 8 or more mixing letters and digits."""
    scheme, secret = match.group("scheme").lower(), match.group("secret")
    if is_placeholder(secret):
        return None
    if scheme in ("basic", "bearer", "token", "ssws"):
        found = (basic_pair(secret) if scheme == "basic"
                 else len(secret) >= 20 or looks_random(secret))
    else:  # any other scheme (GenieKey, Splunk, ApiKey …): a key-shaped value
        found = bool(UUID.fullmatch(secret)) or random_token(secret) or (
            _KEY_SCHEME.search(scheme) is not None and _LONG_HEX.fullmatch(secret) is not None)
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
    if AUTH_NAME.fullmatch(key):
        header = _AUTH_ONLY.fullmatch(value)
        return header is not None and auth_secret(header) is not None
    strength = key_strength(key)
    return (strength is not None and not secret_reference(key, value.strip())
            and secret_value(key, strength, value.strip()))


def key_strength(key: str) -> int | None:
    """How sure the name ``key`` makes it that a secret follows: ``STRONG`` (it names the
    secret), ``_WEAK`` (it mentions one), or None (it is about one, or about nothing)."""
    words = [w.lower() for w in WORD.findall(key)]
    if not words:
        return None
    compact = "".join(words)
    if forgery_token(key):
        return None  # a form's anti-forgery token: printed into the page it protects
    if words[-1] in _ABOUT_LAST or (any(w in ABOUT_QUALIFIER for w in words[:-1])
                                    and any(w in ABOUT_QUALIFIER for w in _qualifiers(key))):
        return None
    if words[-1] in _STRONG_LAST or compact.endswith(_STRONG_ENDINGS):
        return STRONG
    if len(words[-1]) > 4 and words[-1].endswith("pass") and not NOT_A_PASSWORD.match(words[-1]):
        return STRONG  # remotepass, smtppass, rootpass: a word run into pass
    if (any(w in compact for w in _WEAK_WORDS) or words[-1] == "key"
            or any(w in _WEAK_WHOLE for w in words)):
        return _WEAK
    return None


def _qualifiers(key: str) -> list[str]:
    """The words of ``key`` before its last that may qualify it (``max`` of
    ``max_tokens``); letters run together with digits are a name's (``N8N``, ``K8S``),
    not the qualifier ``n`` of ``n_tokens``."""
    words = list(WORD.finditer(key))[:-1]
    return [w.group().lower() for w in words
            if not key[w.start() - 1:w.start()].isdigit()
            and not key[w.end():w.end() + 1].isdigit()]


def secret_value(key: str, strength: int, value: str) -> bool:
    if len(value) < 4 or is_placeholder(value) or PUBLIC_MATERIAL.match(value) \
            or is_example(value) or _VERSION_RANGE.fullmatch(value):
        return False
    words = "".join(w.lower() for w in WORD.findall(key))
    plain = "".join(w.lower() for w in WORD.findall(value))
    if plain and (words.endswith(plain)
                  or (len(words) >= 6 and words in plain and value.upper() == value)) \
            and WORD.sub("", value).strip("_.-") == "":
        return False  # self.api_key = api_key, GOOGLE_API_KEY_VAL: a variable named for it
    if value.isalpha() and value.lower() in {w.lower() for w in WORD.findall(key)}:
        return False  # POSTGRES_PASSWORD=postgres: a default named after the key
    if (_WORDS_ONLY.fullmatch(value) and len(plain) > len(words) >= 3
            and plain.endswith(words[-6:])):
        return False  # api_key == "test-api-key": words that end with the key's, a stand-in
    if (words.endswith("accesskey") and not words.endswith("secretaccesskey")
            and _WORDS_ONLY.fullmatch(value) and "-" in value):
        return False  # AccessKey: "backup-writer": an object store's user, not its secret
    if strength == _WEAK:
        user, colon, password = value.partition(":")
        return looks_generated(value) or (bool(colon) and bool(user)
                                           and password_shaped(password))
    # A number under a token or key name is a count or a setting; under a password
    # name it is a (poor) password.
    return not (value.isdigit() and not words.endswith(("password", "passwd", "pwd",
                                                         "pass", "passphrase")))
