"""Secrets in the files, dumps, consoles and tables of particular tools, where the format
says which field is the secret: a table's password column or a settings table's value,
LDIF's base64 ``userPassword::``, PPP's and Dovecot's password files, Go's DSNs, gdb's
strings, signify's secret key file, ``oathtool``'s seed, a router's keys, Tor's client
keys, a value echoed into a key file, FTP's and IRC's ``PASS`` and Redis's ``AUTH``,
sendmail's authinfo and NUT's ``MONITOR`` line, what the shell rejected as a command or its
history lists alone after a sign-in, a login pair in prose, a traced lookup's result, a
Wi-Fi QR code's ``P:`` field, a JSON-RPC login call's password.
"""

from __future__ import annotations

import base64
import re

from gitledger.core.credential_keys import keyed_secret
from gitledger.core.credential_lines import (
    PASSWORD_WORDS,
    JudgedPattern,
    chosen_password,
    invented,
    value_span,
    words_and_number,
)
from gitledger.core.credential_shapes import line_start
from gitledger.core.credential_values import (
    digit_password,
    is_placeholder,
    keyboard_walk,
    made_up,
    mixed_random,
    password_shaped,
    random_letters,
    strict_made_up,
    unquoted,
)
from gitledger.core.lazy_pattern import lazy

_NAME_BEFORE = lazy(r"(?P<key>[A-Za-z_]\w{0,60})\Z")


def _pointer_string(match: re.Match[str]) -> tuple[int, int] | None:
    """A debugger's ``char *`` under a secret's name: gdb's ``password = 0x5555… "…"``."""
    key = _NAME_BEFORE.search(match.string, max(0, match.start() - 64), match.start())
    value = match.group("value")
    return match.span("value") if key and keyed_secret(key.group("key"), value) else None


def _unless_masked(match: re.Match[str]) -> tuple[int, int] | None:
    """A protocol's password, unless a client masked it (``PASS ****``) or it is a
    placeholder."""
    value = match.group("value")
    if is_placeholder(value) or len(set(value)) == 1:
        return None
    return match.span("value")


def _typed(value: str, text: str, at: int) -> bool:
    """Whether what the shell did not find as a command is shaped like a made-up password
    (not a misspelt command, ``kubeclt``, nor a path), or is words and a number typed
    after a password prompt (``python3.11`` alone is a command)."""
    return strict_made_up(value) or (made_up(value) and "/" not in value) or (
        words_and_number(value) and "assword" in text[max(0, at - 300):at])


def _login_call_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The last argument of a JSON-RPC login call (a user's name, then its password), when
    it is a password as people choose one or a generated one, not a placeholder."""
    value = match.group("value")
    if is_placeholder(value) or not (chosen_password(value) or invented(value)):
        return None
    return match.span("value")


def _typed_password(match: re.Match[str]) -> tuple[int, int] | None:
    """zsh's ``command not found: <what was typed>``."""
    typed = _typed(match.group("value"), match.string, match.start())
    return match.span("value") if typed else None


_WORD_BEFORE = lazy(r"(?<![^\s:])[^\s:]{8,64}\Z")


def _typed_before(match: re.Match[str]) -> tuple[int, int] | None:
    """bash's ``bash: <what was typed>: command not found``: the word before."""
    typed = _WORD_BEFORE.search(match.string, max(0, match.start() - 64), match.start())
    if typed is None or not _typed(typed.group(0), match.string, typed.start()):
        return None
    return typed.span()


def _typed_in_history(match: re.Match[str]) -> tuple[int, int] | None:
    """A shell history's entry that is one word, right after an entry that signs in (``ssh``,
    ``su``, ``mysql -p`` …): the password typed when the prompt had not come, if it is made
    up, words and a number, a name and a year, or a walk along the keyboard (a lone
    ``htop`` or ``python3`` is a command)."""
    text, at = match.string, match.start()
    if _SIGN_IN_ENTRY.match(text, line_start(text, at, 300), at) is None:
        return None
    value = match.group("value")
    if is_placeholder(value) or not (made_up(value) or words_and_number(value)
                                     or _NAME_AND_NUMBER.fullmatch(value)
                                     or keyboard_walk(value)):
        return None
    return match.span("value")


#: A shell history's entry (bash's number, two spaces) running a command that signs in.
_SIGN_IN_ENTRY = lazy(r"[ \t]{0,8}\d{1,6}[ \t]{1,4}(?:sudo[ \t]+)?(?:ssh|su|sudo|mysql|psql|login"
                      r"|kinit|sftp|ftp|telnet|doas|passwd)\b[^\n]{0,200}\Z")
#: A name and four to six digits, a year or a day (``Wulan1997``, ``Dewi170893``).
_NAME_AND_NUMBER = lazy(r"[A-Z][a-z]{2,15}\d{4,6}")


def _table_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The password column of a table (a password manager's CSV export, a sheet pasted as
    tab-separated text, a Markdown or wiki table): the first row whose field there is a
    password, made up, generated or words and a number, or in a drawn table any value with a
    digit or a symbol beside letters."""
    separator, header = _header(match)
    columns = [at for at, name in enumerate(header) if _PASSWORD_COLUMN.fullmatch(name)]
    secrets_column = not columns
    if secrets_column:
        columns = [at for at, name in enumerate(header) if _SECRET_COLUMN.fullmatch(name)]
    if not columns or len(header) < 2 or not all(_HEADER_CELL.fullmatch(c) for c in header):
        return None  # ("username", "password"),: a tuple in code, not a table's header
    # a sheet's, Markdown's (a secret's column holds names of secrets as often as secrets)
    drawn = separator in (_SEPARATOR["\t"], _SEPARATOR["|"]) and not secrets_column
    offset = match.start("rows")
    for row in match.group("rows").split("\n"):
        fields = _cells(separator, row)
        if len(fields) == len(header) and not _RULE_ROW.fullmatch(row):
            value = fields[columns[0]].strip().strip("\"'`")
            named = secrets_column and value == value.lower()  # a secret's name (regcred2)
            if (not named and (invented(value) or chosen_password(value))) or (
                    drawn and len(value) >= 6 and not value.isalpha() and " " not in value
                    and any(c.isalpha() for c in value) and not is_placeholder(value)):
                start = offset + _cell_start(row, value)
                return start, start + len(value)
        offset += len(row) + 1
    return None


def _cell_start(row: str, value: str) -> int:
    """Where ``value`` stands as a whole cell of ``row`` (not inside another cell:
    ``rocky758-test``), or its first place."""
    cell = re.search(rf"(?<![^\s|,;\t\"'`]){re.escape(value)}(?![^\s|,;\t\"'`])", row)
    return cell.start() if cell else row.find(value)


def _header(match: re.Match[str]) -> tuple[re.Pattern[str], list[str]]:
    """The separator of the table whose header line holds ``match`` (the one found most
    often there), and its column names (quotes, Markdown's bold and MediaWiki's ``!`` off)."""
    text = match.string
    line = text[line_start(text, match.start(), 400):match.end("rest")]
    separator = _SEPARATOR[max(_SEPARATOR, key=lambda sep: len(_SEPARATOR[sep].findall(line)))]
    return separator, [cell.strip().strip("\"'*!").strip() for cell in _cells(separator, line)]


#: A table's column name: words, as a header names its columns (with the vowel signs and
#: joiners of the Indic and South-East Asian scripts, which ``\w`` leaves out: पासवर्ड).
_HEADER_CELL = lazy(r"[\w .#/\-\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
                    r"\u200c\u200d]{1,40}")
#: The name of a password's column, in English or another language (``Passwort``).
_PASSWORD_COLUMN = lazy(r"(?i)[^\n]{0,30}(?:passw?d?|pwd?|" + "|".join(PASSWORD_WORDS)
                        + r")\w{0,4}(?<!less)")
#: The name of a secret's column: its field counts when chosen or generated as a password
#: is, not in lower case alone (``regcred2``, ``tls-cert-2024``: names of secrets).
_SECRET_COLUMN = lazy(r"(?i)[^\n]{0,30}secrets?")
#: A table's separators: a CSV's comma, a sheet's tab, a Markdown or MediaWiki table's bars
#: (``!!`` between a wiki header's cells, DokuWiki's ``^`` around its header's), columns
#: aligned by spaces (PowerShell's tables).
_SEPARATOR = {",": lazy(r","), ";": lazy(r";"), "\t": lazy(r"\t"),
              "|": lazy(r"[ \t]*(?:\|+|!!|\^)[ \t]*"), "  ": lazy(r"[ \t]{2,}")}
#: A Markdown table's rule under its header (``|---|:---:|``).
_RULE_ROW = lazy(r"[\s|:\-]*")


def _cells(separator: re.Pattern[str], row: str) -> list[str]:
    """A row's cells; a table's outer bars (``| a | b |``) hold none."""
    cells = separator.split(row.strip())
    if separator is _SEPARATOR["|"] and len(cells) > 2:
        return cells[not cells[0]:len(cells) - (not cells[-1])]
    return cells


#: The name column of a table of settings; a wiki page's two-column table names it "field"
#: (``| field | value |``), or "item", "parameter", "property".
_NAME_HEADER = lazy(r"(?i)name|key|variable|env(?:ironment)?(?: variable)?|setting|secret"
                    r"|field|item|parameter|property")


def _table_setting(match: re.Match[str]) -> tuple[int, int] | None:
    """A drawn table of settings (an environment's variables in Markdown): the value in a
    row whose name says it is a secret."""
    separator, header = _header(match)
    if separator not in (_SEPARATOR["\t"], _SEPARATOR["|"], _SEPARATOR["  "]):
        return None
    header = [cell.lower() for cell in header]
    names = [at for at, cell in enumerate(header) if _NAME_HEADER.fullmatch(cell)]
    if "value" not in header or not names:
        return None
    at_name, at_value = names[0], header.index("value")
    offset = match.start("rows")
    for row in match.group("rows").split("\n"):
        fields = _cells(separator, row)
        if len(fields) == len(header) and not _RULE_ROW.fullmatch(row):
            name = fields[at_name].strip().strip("`")
            value = fields[at_value].strip().strip("`\"'")
            if value and not any(c.isspace() for c in value) and keyed_secret(name, value):
                # (words with spaces there say where the secret is: "stored in 1Password")
                start = offset + row.find(value)
                return start, start + len(value)
        offset += len(row) + 1
    return None


def _login_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of a login pair in prose, as people choose one (not ``user / group``)."""
    value = match.group("value").rstrip(".,;)")
    if not (chosen_password(value)
            or (not is_placeholder(value) and (made_up(value) or strict_made_up(value)))):
        return None
    return match.start("value"), match.start("value") + len(value)


#: A label's colon, then a user's name (a word, an address, a phone's number) and the
#: spaces before the slash: what stands before a labelled login's password.
_LABELLED_USER = lazy(r"[:\uff1a][ \t]*[\"'`]?(?P<user>[\w.@+\-]{2,64})[\"'`]?[ \t]*\Z")


def _labelled_pair(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of ``label: user / password``: made up (``harbor9#``) or random
    (``yfIMdRWEBZZplbEm``), never a version, a product's name or the user's own shape
    again (``Platforms: amd64 / arm64v8``, ``Stack: React / Next.js14``)."""
    text = match.string
    label = _LABELLED_USER.search(text, max(0, match.start() - 70), match.start() + 1)
    if label is None:
        return None
    value = match.group("value")
    if not made_up(value):
        value = value.rstrip(".,;)")  # (a made-up one may end with its own mark: harbor9#.)
    user = label.group("user")
    if is_placeholder(value) or (any(c.isdigit() for c in user) and not user.isdigit()):
        return None  # (a phone's number is an account's name; amd64 / arm64v8 are names)
    if not (made_up(value) or strict_made_up(value) or mixed_random(value)
            or random_letters(value)) or (len(user) >= 4 and user.lower() in value.lower()):
        return None  # (Route: checkout / CheckoutV2Page: a name made of the first)
    return match.start("value"), match.start("value") + len(value)


#: An Oracle tool or keyword a connect string follows, then its user (``sqlplus -S
#: scott/``, ``userid=system/``, ``CONNECT app/``).
_CONNECTING = lazy(r"(?i)(?:\b(?:sqlplus|sql|sqlcl|expdp|impdp|exp|imp|rman|dgmgrl|sqlldr"
                   r"|tkprof|conn(?:ect)?)(?:[ \t]+-\w+)*[ \t]+|\buserid=|\btarget=)"
                   r"[\"']?[A-Za-z][\w$#]{0,29}/\Z")


def _connect_string(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of an Oracle connect string after the tool that reads it (made up,
    chosen or random); not a path or a URL's part."""
    text = match.string
    if _CONNECTING.search(text, max(0, match.start() - 80), match.start() + 1) is None:
        return None
    value = match.group("value")
    if is_placeholder(value) or value.startswith(("$", "%", "&")):
        return None
    return match.span("value") if chosen_password(value) or mixed_random(value) else None


def _resource_macro(match: re.Match[str]) -> tuple[int, int] | None:
    """A Nagios resource macro's value when it is a password, as people choose one or
    generated (``$USER4$=nAUg5RJe…``); a plugin's path or a user's name is none."""
    text, value = match.string, match.group("value")
    if text[line_start(text, match.start(), 200):match.start()].strip(" \t+"):
        return None  # a macro that opens its line (or a diff's added line) is the file's
    if value.startswith(("/", "$", "~")) or is_placeholder(value):
        return None
    chosen = chosen_password(value) and any(c.isdigit() for c in value)
    return match.span("value") if chosen or mixed_random(value) else None  # not check_…


def _account_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The password beside a device's built-in account (``admin``, ``root``, Ubiquiti's
    ``ubnt``) in a note, a chat or a sheet's row: letters with digits, eight characters or
    more, as people choose one (``TrueNAS root — …``, ``…\tadmin\t…``); a name, a number or
    a path is none."""
    value = match.group("value").rstrip(".,;)")
    if len(value) < 8 or not chosen_password(value) or is_placeholder(value):
        return None
    return match.start("value"), match.start("value") + len(value)


def _davfs_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """A line of davfs2's secrets file (``/etc/davfs2/secrets``, ``~/.davfs2/secrets``): a
    mount point or a URL, the user, then the password as people choose one or generated."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if is_placeholder(value) or not (chosen_password(value) or invented(value)):
        return None
    return start, end


def _wifi_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The ``P:`` field of a Wi-Fi QR payload, unless a template's (``P:{password};``)."""
    value = match.group("value")
    if len(value) < 5 or value.startswith(("{", "$", "%", "<")) or is_placeholder(value):
        return None
    return match.span("value")


def _keyed_result(match: re.Match[str]) -> tuple[int, int] | None:
    return match.span("value") if keyed_secret(match.group("key"), match.group("value")) \
        else None


def _redis_auth(match: re.Match[str]) -> tuple[int, int] | None:
    """AUTH's argument, or its second when it names a user first (Redis 6's ACLs); only
    where AUTH is the command, the first of its array (``*2 $4 AUTH``), not a key."""
    if not _COMMAND_FIRST.search(match.string, max(0, match.start() - 16), match.start()):
        return None
    group = "second" if match.group("second") is not None else "value"
    value = match.group(group)
    return None if is_placeholder(value) else match.span(group)


_COMMAND_FIRST = lazy(r"\*\d(?:\\r\\n|\r\n)\$4(?:\\r\\n|\r\n)\Z")
_SUBSTITUTION = lazy(r"\bs[/|#][A-Z0-9_{}<>%@]{0,30}\Z")


def _substituted_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """The replacement of an ``s/…/…/`` whose pattern is a placeholder named for a
    secret, when it is a value (not ``${DB_PASSWORD}`` or another placeholder)."""
    if _SUBSTITUTION.search(match.string, max(0, match.start() - 34), match.start()) is None:
        return None
    value = match.group("value")
    return match.span("value") if invented(value) or words_and_number(value) else None


def _generated_secret(match: re.Match[str]) -> tuple[int, int] | None:
    value = match.group("value")
    classes = sum(any(test(c) for c in value)
                  for test in (str.islower, str.isupper, str.isdigit, lambda c: not c.isalnum()))
    return match.span("value") if classes >= 3 and not is_placeholder(value) else None


def _configured_key(match: re.Match[str]) -> tuple[int, int] | None:
    """A device's configured key, however short: any value with a digit or a symbol
    (``md5 m1Yk#SV``), not a word of prose (``authentication-key rotation``)."""
    value = match.group("value")
    if is_placeholder(value) or value.isalpha():
        return None
    return match.span("value")


_DSN_USERINFO = lazy(r"(?<![\w.\-])[\w.\-]{1,64}:(?P<value>[^\s@/:\"']{4,128})\Z")


def _dsn_password(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of Go's ``user:password@tcp(host:port)/db``, before the ``@``: made up,
    or digits alone (a PIN's shape, ``digit_password``), as a URL's password counts."""
    userinfo = _DSN_USERINFO.search(match.string, max(0, match.start() - 200), match.start())
    if userinfo is None:
        return None
    value = userinfo.group("value")
    return userinfo.span("value") if invented(value) or digit_password(value) else None


def _allowed_user(match: re.Match[str]) -> tuple[int, int] | None:
    """monit's ``allow user:password``: a value shaped as a password (quoted, any)."""
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    quoted = end - start < len(match.group("value"))
    if is_placeholder(value) or not (quoted or password_shaped(value)):
        return None
    return start, end


def _unless_placeholder(match: re.Match[str]) -> tuple[int, int] | None:
    """The match's value, whatever its shape, unless a placeholder: its place says."""
    return None if is_placeholder(match.group("value")) else match.span("value")


#: A mail client's setting that runs a command for the password (aerc's
#: ``source-cred-cmd``, msmtp's ``passwordeval``, mbsync's ``PassCmd``, OfflineIMAP's
#: ``remotepasseval``), up to the ``echo`` the command opens with.
_ASKS_A_COMMAND = lazy(r"(?i)(?:(?:cred|passw(?:or)?d|secret|token)[\w\-]{0,12}"
                       r"(?:cmd|command|eval)|pass(?:cmd|eval))[\"']?[ \t]*[=:]?[ \t]*[\"']?\Z")


def _echoed_password(match: re.Match[str]) -> tuple[int, int] | None:
    """What ``echo`` prints where a setting runs a command for the password: the password,
    written into the file (``source-cred-cmd = echo zydpiemgidlcrncb``)."""
    if _ASKS_A_COMMAND.search(match.string, line_start(match.string, match.start(), 80),
                              match.start()) is None:
        return None
    text, first, last = match.string, *match.span("value")
    quote = text[first - 1]
    if match.group("value").startswith("$") and quote != "'":
        return None  # a variable's value (in single quotes, a ``$`` is the password's own)
    if quote in "'\"":  # a passphrase of words in its quotes, whole
        close = text.find(quote, first, first + 128)
        last = close if close > 0 and "\n" not in text[first:close] else last
    return None if is_placeholder(text[first:last]) else (first, last)


def _ldif_password(match: re.Match[str]) -> tuple[int, int] | None:
    """LDIF's base64 ``userPassword::``: a password, unless it decodes to a hash that
    names its scheme (``{SSHA}…``) or to no text."""
    try:
        said = base64.b64decode(match.group("value") + "=" * (-len(match.group("value")) % 4),
                                validate=True).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return None if said.startswith("{") or is_placeholder(said) else match.span("value")


_PPP_ROW = lazy(r"[ \t]*(?P<client>[^\s#]\S{0,127})[ \t]+\S{1,128}[ \t]+"
                r"(?P<value>\"[^\"\n]{1,128}\"|[^\s\"]{1,128})")


def _ppp_secret(match: re.Match[str]) -> tuple[int, int] | None:
    """The secret of a row of ``pap-secrets`` or ``chap-secrets``."""
    offset = match.start("rows")
    for row in match.group("rows").split("\n"):
        found = _PPP_ROW.match(row)
        if found is not None:
            start, end = unquoted(row, *found.span("value"))
            value = row[start:end]
            if value != "*" and invented(value):
                return offset + start, offset + end
        offset += len(row) + 1
    return None


#: A row of an Apache Shiro ini's ``[users]`` section (Zeppelin's, Karaf's shiro.ini):
#: ``name = password, role, …``; a comment (``# admin = password1, admin``) is none.
_SHIRO_USER = lazy(r"[ \t]*[\w.@\-]{1,64}[ \t]*=[ \t]*(?P<value>[^,\s]{1,128})[ \t]*"
                   r"(?:,[^\n]*)?")


def _shiro_user(match: re.Match[str]) -> tuple[int, int] | None:
    """The password of the first row of a Shiro ``[users]`` section that holds one (chosen
    or made up: a role's name or ``true`` is none), up to the next section."""
    offset = match.start("rows")
    for row in match.group("rows").split("\n"):
        found = _SHIRO_USER.fullmatch(row)
        if found is not None and (chosen_password(found.group("value"))
                                  or invented(found.group("value"))):
            return offset + found.start("value"), offset + found.end("value")
        offset += len(row) + 1
    return None


#: The format-specific places, as ``GENERIC_PATTERNS`` entries (after the positional ones).
FORMAT_PATTERNS: tuple[JudgedPattern, ...] = (
    # gdb's and lldb's char * under a name: password = 0x5555555592e0 "…"
    ("password in a debugger's output",
     lazy(r' = 0x(?<=\w = 0x)[0-9a-f]{4,16} "(?P<value>[^"\n]{4,256})"(?=[,}\n]|\Z)'),
     _pointer_string),
    # a TOTP or HOTP seed given to oathtool in base32
    ("a one-time password seed",
     lazy(r"oathtool[^\n]{0,60}?(?:-b|--base32)[^\n]{0,40}?[ \t][\"']?"
          r"(?P<value>[A-Z2-7]{16,128}=*)(?![\w])"), value_span),
    # signify's secret key file: its comment, then the key's base64
    ("signify secret key",
     lazy(r"untrusted comment:[^\n]{0,120}secret key[^\n]{0,80}\n"
          r"(?P<value>[A-Za-z0-9+/]{40,256}={0,2})"), value_span),
    # a routing protocol's shared key: OSPF's message-digest-key, IS-IS's and RIP's
    # authentication key, a key chain's key-string
    *(("a routing protocol's key",
       lazy(word + r"[ \t]+(?:\d{1,3}[ \t]+)?(?:md5[ \t]+|(?:0|7)[ \t]+)?(?P<value>\S{4,128})"),
       _configured_key)
      for word in ("message-digest-key", "authentication-key", "key-string")),
    # a table whose header names a password column: the field under it in each row
    *(("password in a table's column",
       lazy(word + r"(?P<rest>[^\n]{0,400})\n(?P<rows>(?:[^\n]{1,800}(?:\n|\Z)){1,50})"),
       _table_password)
      for word in (r"assword(?<=[Pp]assword)", r"_pass\b", r"_pwd\b",
                   r"ecret(?<=[\s|,;\t][Ss]ecret)", *PASSWORD_WORDS)),
    # monit's web interface: ``allow user:password`` in its httpd block (not ``allow
    # localhost``, a network, an ``@group``, nor a permission, ``allow contents:write``)
    ("password in a monit allow line",
     lazy(r"allow(?<![\w\-]allow)[ \t]+[A-Za-z_][\w.\-]{0,31}:"
          r"(?P<value>\"[^\"\n]{1,128}\"|[^\s\":]{4,128})"),
     _allowed_user),
    # Go's database DSN: user:password@tcp(host:port)/db
    ("password in a connection string",
     lazy(r"@(?:tcp|unix|udp)\("), _dsn_password),
    # a value written into a secret's file: echo "…" | sudo tee /etc/…/agent.psk
    ("a secret written to its file",
     lazy(r"""echo[ \t]+(?:-[neE][ \t]+)?["']?(?P<value>[A-Za-z0-9+/=_\-]{16,256})["']?"""
          r"""[ \t]*(?:\|[ \t]*(?:sudo[ \t]+)?tee(?:[ \t]+-a)?|>>?)[ \t]+"""
          r"""\S*(?:\.psk|\.key|secret|passw(?:or)?d|token)\S*"""), _unless_placeholder),
    # a password echoed by the command a mail client runs for it
    ("a password a setting's command echoes",
     lazy(r"echo[ \t]+(?:-[neE][ \t]+)?[\"']?(?P<value>[^\s\"'`]{6,128})"), _echoed_password),
    # LDIF's base64 userPassword (two colons): a cleartext password, unless a hash
    ("password in LDIF",
     lazy(r"assword::(?<=[Uu]ser[Pp]assword::)[ \t]*(?P<value>[A-Za-z0-9+/]{4,256}={0,2})"),
     _ldif_password),
    # a cleartext password tagged so in a password file (Dovecot's {PLAIN})
    ("password in a password file",
     lazy(r"\{(?:PLAIN|CLEAR|CLEARTEXT)\}(?P<value>[^:\s]{4,128})"), value_span),
    # Apache Shiro's [users] section, up to the next section: name = password, roles
    ("password in a Shiro users section",
     lazy(r"\[users\][ \t]*(?P<rows>(?:\n(?!\[)[^\n]{0,300}){1,60})"), _shiro_user),
    # PPP's pap-secrets and chap-secrets: client, server, secret, addresses
    ("password in a PPP secrets file",
     lazy(r"ap-secrets\b(?P<rows>(?:\n[^\n]{0,300}){1,40})"), _ppp_secret),
    # a table of settings, a name and its value in each row (an environment's variables
    # in Markdown): the value under a name that says it is a secret
    ("a secret in a table of settings",
     lazy(r"alue(?<=[Vv]alue)(?P<rest>[^\n]{0,400})\n(?P<rows>(?:[^\n]{1,800}(?:\n|\Z)){1,50})"),
     _table_setting),
    # a login's user and password in prose: "log in as `demo@acme.dev` / `…`", "basic auth,
    # use preview:…", "admin account: ops.admin / …", "creds are admin/…"
    *(("a login in prose",
       lazy(word + r"\b[^\n]{0,60}?[ \t`'\"](?P<user>[\w.@+\-]{1,64})[`'\"]?[ \t]*(?:/|:)[ \t]*"
            r"[`'\"]?(?P<value>[^\s`'\"]{6,64})"), _login_password)
      for word in ("log in", "login", "sign in", "basic auth", "Log in", "Login", "Sign in",
                   "account(?=:)", "Account(?=:)",
                   # words for a login's data (creds are admin/…, Zugangsdaten: admin / …)
                   "creds", "Creds", "credentials", "Credentials", "Zugangsdaten",
                   "Anmeldedaten", "identifiants", "Identifiants", "credenciales",
                   "Credenciales", "credenciais", "Credenciais")),
    # a user and a password under a label, a slash between with spaces ("Wi-Fi: Driftwood_Guest
    # / harbor9#", "mosquitto user: zigbee / yfIM…", Chinese "账号给你" and a full-width colon)
    ("a login under a label",
     lazy(r" / (?<=[^\s/] / )[ \t]*[\"'`]?(?P<value>[^\s\"'`/]{6,64})"),
     _labelled_pair),
    # a device's built-in account and its password: "TrueNAS root — …", "PDU: admin …",
    # "iLO administrator: …",
    # a sheet's row "…\tadmin\t…" (a space, a tab, a dash, a slash or a colon between)
    *(("a login in prose",
       lazy(account + r"(?<![\w.@/\-]" + account + r")(?:\t|[ \t]{0,4}[\u2014\u2013/:|\-]"
            r"[ \t]{1,4}|[ \t]{1,4})[\"'`]?(?P<value>[^\s\"'`]{8,64})"), _account_password)
      for account in ("admin", "root", "administrator", "Administrator", "ubnt")),
    # davfs2's secrets: "<mount point or URL> <user> <password>" on the line after the
    # file is named (its comments between), or in a chat's backticks after davfs is
    # Oracle's connect string: sqlplus / sql (SQLcl) / expdp / rman user/password@//host/svc
    ("password in a connect string",
     lazy(r"/(?<=[\w$#]/)(?P<value>[^\s@/\"'`]{4,64})@(?://)?[A-Za-z0-9][\w.\-]{0,253}"),
     _connect_string),
    # Nagios's resource.cfg: $USER1$ … $USER256$, the macros that keep the checks' paths
    # and passwords out of the object configuration
    ("password in a Nagios resource macro",
     lazy(r"\$USER\d{1,3}\$[ \t]*=[ \t]*(?P<value>[^\s#]{4,128})"),
     _resource_macro),
    ("password in a davfs2 secrets file",
     lazy(r"davfs[^\n`]{0,300}?(?:(?:\n[ \t]*#[^\n]{0,300}){0,3}\n[ \t]*|`)"
          r"(?:https?://[^\s`]{1,300}|~?/[^\s`]{0,300})[ \t]+[^\s\"'`]{1,64}"
          r"""[ \t]+(?P<value>"[^"\n]{1,128}"|[^\s"'`]{1,128})[ \t]*(?=`|$)""", re.M),
     _davfs_secret),
    # a Wi-Fi network's QR code payload: WIFI:T:WPA;S:<ssid>;P:<password>;; (fields in any
    # order, ; and : escaped with a backslash)
    ("Wi-Fi password in a QR payload",
     lazy(r"WIFI:(?:[A-Za-z]{1,3}:(?:[^;\\\n]|\\.){0,64};){0,6}?"
          r"P:(?P<value>(?:[^;\\\n\"]|\\.){1,64});"), _wifi_password),
    # what a traced program's lookup of a secret returned: ltrace's getenv("PGPASSWORD) = "…"
    ("a secret a traced lookup returned",
     lazy(r'\("(?P<key>[A-Za-z_][\w.\-]{0,60})"\)[ \t]*=[ \t]*"(?P<value>[^"\n]{4,256})"'),
     _keyed_result),
    # Redis's AUTH in its wire protocol, as strace or a capture shows it (escaped or not);
    # Redis's commands are read in any case
    *(("password in a protocol session",
       lazy(auth + r"(?:\\r\\n|\r\n)\$\d{1,3}(?:\\r\\n|\r\n)(?P<value>[^\\\r\n]{1,256})"
            r"(?:(?:\\r\\n|\r\n)\$\d{1,3}(?:\\r\\n|\r\n)(?P<second>[^\\\r\n]{1,256}))?"),
       _redis_auth) for auth in ("AUTH", "auth", "Auth")),
    # a secret written over its placeholder: sed's or perl's s/DB_PASSWORD_HERE/…/
    *(("a secret written over its placeholder",
       lazy(word + r"[A-Z0-9_]{0,30}(?P<sep>[/|#])(?P<value>[^/|#\s]{6,256})(?P=sep)"),
       _substituted_secret) for word in ("PASSWORD", "SECRET", "TOKEN", "API_KEY")),
    # a tool's announcement of the secret it generated, on the same line
    ("a secret a tool generated",
     lazy(r"enerated(?<=[Gg]enerated)[ \t]+(?:new[ \t]+)?(?:secret|password|token|key)\b"
          r"[^\n:]{0,20}:[ \t]+(?P<value>\S{16,256})"), _generated_secret),
    # a Tor onion service client's authorization key
    ("Tor client authorization key",
     lazy(r":descriptor:x25519:(?P<value>[A-Z2-7]{52})\b"), value_span),
    # FTP's and POP3's login as a capture or a client's debug output shows it: USER, then
    # PASS and the password on its own line
    ("password in a protocol session",
     lazy(r"USER[ \t]+[^\s]{1,128}[ \t\r]*\n(?:[^\n]{0,120}\n){0,2}?[ \t]*(?:-->[ \t]*)?"
          r"PASS[ \t]+(?P<value>[^\s]{1,256})"), _unless_masked),
    # sendmail's authinfo: "U:user" (or "I:"), then "P:password" (or "P=" and base64)
    ("password in a mail relay's authinfo",
     lazy(r'"[UI]:[^"\n]{1,128}"(?:[ \t]{1,4}"[A-Z]:[^"\n]{0,128}"){0,4}[ \t]{1,4}'
          r'"P[:=](?P<value>[^"\n]{1,128})"'), _unless_masked),
    # NUT's upsmon.conf: MONITOR system power-value user password primary|secondary
    ("password in a UPS monitor's line",
     lazy(r"MONITOR[ \t]+[\w.\-]{1,64}@[\w.\-]{1,253}(?::\d{1,5})?[ \t]+\d{1,3}[ \t]+"
          r"[^\s]{1,64}[ \t]+(?P<value>[^\s]{1,128})[ \t]+(?:primary|secondary|master|slave)\b"),
     _unless_masked),
    # IRC's registration: PASS first, at a line's start, then NICK and USER
    ("password in a protocol session",
     lazy(r"PASS(?<![^\n]PASS)[ \t]+:?(?P<value>[^\s]{1,256})[ \t\r]*\n(?:[^\n]{0,120}\n)?"
          r"(?:NICK|USER)[ \t]"), _unless_masked),
    # a JSON-RPC login (LuCI's and ubus's, Odoo's): {"method": "login", "params": ["root",
    # "…"]}, the password the last of the call's one to three arguments
    ("password given to a login call",
     lazy(r"""method(?<=["']method)["'][ \t]*:[ \t]*["'](?:[\w.]{0,30}[._])?"""
          r"""(?:login|authenticate)["'][ \t]*,[ \t]*["'](?:params|args)["'][ \t]*:"""
          r"""[ \t]*\[[ \t]*(?:["'][^"'\n]{0,64}["'][ \t]*,[ \t]*){1,2}"""
          r"""["'](?P<value>[^"'\n]{4,128})["'][ \t]*\]"""), _login_call_password),
    # a password typed into the shell instead of a prompt, as its history lists it: a lone
    # word right after an entry that signs in (a real line break in the source, so that the
    # prefilter reads it as the literal)
    ("a password typed at the shell",
     lazy("\n" + r"[ \t]{0,8}\d{1,6}[ \t]{1,4}(?P<value>[^\s]{6,64})[ \t]*(?=\n|\Z)"),
     _typed_in_history),
    # a password typed where the shell wanted a command (the prompt had timed out): the
    # shell's complaint quotes it
    ("a password typed at the shell",
     lazy(r"command not found:[ \t]*(?P<value>[^\s]{8,64})[ \t\r]*$", re.M), _typed_password),
    ("a password typed at the shell",
     lazy(r": command not found\b"), _typed_before),
)
