"""Secrets handed to a command where no option names them: echoed or printed into one
that reads its password from standard input, typed into a here-document (``passwd``'s new
password twice, ftp's ``user NAME PASS``) or between a boot command's ``<enter>`` keys,
the ``user:pass@host`` that database shells and remote tools take without a scheme, a
cipher command's key after its algorithm and mode, the value a CI log printed when a
step echoed a secret's variable, and a literal echoed by the command a secret option runs
(``--registry-password=cmd:"echo …"``).  Also what a file of keys holds by position
(NTP's and chrony's keys, Subversion's saved password) and a key written as a list of bytes.
"""

from __future__ import annotations

import re
from itertools import pairwise

from gitledger.core.credential_keys import NOT_A_PASSWORD, key_strength, keyed_secret
from gitledger.core.credential_lines import (
    JudgedPattern,
    chosen_password,
    invented,
)
from gitledger.core.credential_shapes import DASHED_NAME, generated, line_start
from gitledger.core.credential_values import is_placeholder, unquoted
from gitledger.core.lazy_pattern import lazy


def _chosen_or_invented(value: str) -> bool:
    """A password a person chose or a value a machine generated; never a reference."""
    return (not value.startswith(("$", "%", "*")) and not is_placeholder(value)
            and (chosen_password(value) or invented(value)))


def _fed_on_stdin(match: re.Match[str]) -> tuple[int, int] | None:
    """``echo VALUE | openconnect --passwd-on-stdin …``: what is piped into a command that
    reads a password from its standard input."""
    if not _READS_A_PASSWORD.search(match.group("command")):
        return None
    start, end = unquoted(match.string, *match.span("value"))
    return (start, end) if _chosen_or_invented(match.string[start:end]) else None


#: A command that takes a password on standard input.
_READS_A_PASSWORD = lazy(r"(?i)stdin|passw|chpasswd|openfortivpn|openconnect|sshpass|kinit"
                         r"|cryptsetup|\blogin\b|\bsu\b|sudo[ \t]+-S|keepassxc|pure-pw")


def _here_string(match: re.Match[str]) -> tuple[int, int] | None:
    """``keepassxc-cli open db.kdbx <<< VALUE``, ``sudo -S <<< VALUE``: a here-string fed
    to a command on the same line that reads a password from its standard input."""
    text = match.string
    if not _READS_A_PASSWORD.search(text, line_start(text, match.start(), 240), match.start()):
        return None
    start, end = unquoted(text, *match.span("value"))
    return (start, end) if _chosen_or_invented(text[start:end]) else None


def _here_document(match: re.Match[str]) -> tuple[int, int] | None:
    """A here-document typed into a command that asks for a password: the line given
    twice in a row (a new password and its confirmation), ftp's ``user NAME PASS``, or
    the first line for a command that reads nothing else."""
    text = match.string
    command = text[line_start(text, match.start(), 200):match.start()]
    body, at = match.group("body"), match.start("body")
    lines = body.split("\n")
    offset = at
    for line, following in pairwise(lines):
        if line and line == following and _chosen_or_invented(line.strip()):
            return offset, offset + len(line)
        user = _FTP_USER.fullmatch(line)
        if user and _chosen_or_invented(user.group("value")):
            return offset + user.start("value"), offset + user.end("value")
        offset += len(line) + 1
    first = lines[0].strip()
    if _ASKS_FIRST.search(command) and _chosen_or_invented(first):
        start = at + lines[0].find(first)
        return start, start + len(first)
    return None


def _typed_twice(match: re.Match[str]) -> tuple[int, int] | None:
    """``passwd ubuntu<enter>VALUE<enter>VALUE``: what is typed twice after ``passwd`` is
    its new password."""
    return match.span("value") if _chosen_or_invented(match.group("value")) else None


def _cipher_key(match: re.Match[str]) -> tuple[int, int] | None:
    """The key a cipher command is given: generated or made up, no placeholder."""
    start, end = unquoted(match.string, *match.span("value"))
    return (start, end) if _chosen_or_invented(match.string[start:end]) else None


_FTP_USER = lazy(r"[ \t]*user[ \t]+\S{1,64}[ \t]+(?P<value>\S{4,128})[ \t]*")
#: Commands whose first line of input is the password.
_ASKS_FIRST = lazy(r"\b(?:kinit|cryptsetup|openconnect|su|sudo[ \t]+-S|sshpass)\b")


def _shell_login(match: re.Match[str]) -> tuple[int, int] | None:
    """``\\connect admin:…@10.0.0.14:33060``, ``--uri dev:…@db-dev``, Impacket's
    ``ACME/user:…@10.0.5.21``: a login without a scheme, as database shells and remote tools
    take it (an image's ``name:tag@sha256:…`` is none; a URL's is the URL rule's)."""
    at = match.start()
    login = _LOGIN_BEFORE.search(match.string, max(0, at - 100), at)
    if login is None or not _chosen_or_invented(login.group("value")):
        return None
    return login.span("value")


_LOGIN_BEFORE = lazy(r"(?<![\w:@.%+\-])(?<!//)[A-Za-z_][\w.\-]{0,31}:"
                     r"(?P<value>[^\s:@/'\"`{}()\[\];,<>]{4,64})\Z")


def _echoed_variable(match: re.Match[str]) -> tuple[int, int] | None:
    """A step that echoed a secret's variable (``echo "deploying with $HEROKU_API_KEY"``)
    and, on the next line, the same words with the value in its place."""
    before, after, line = match.group("before"), match.group("after"), match.group("line")
    if not line.startswith(before) or not line.endswith(after):
        return None
    value = line[len(before):len(line) - len(after)].strip()
    if not value or " " in value or not keyed_secret(match.group("name"), value):
        return None
    start = match.start("line") + line.find(value, len(before))
    return start, start + len(value)


def _byte_list_key(match: re.Match[str]) -> tuple[int, int] | None:
    """A key written as a list of 16 to 64 bytes under a name for a key or a secret
    (``network_key: [181, 77, …]``, ``uint8_t APP_KEY[16] = {0x2b, …}``)."""
    at = match.start()
    named = _KEY_BEFORE.search(match.string, max(0, at - 80), at)
    key = named.group("key") if named else ""
    if not key or key_strength(key) is None or _NOT_A_SECRET_KEY.search(key):
        return None
    numbers = [int(n, 16) if n.lower().startswith("0x") else int(n)
               for n in re.split(r"\s*,\s*", match.group("value").strip())]
    if any(n > 255 for n in numbers) or len(set(numbers)) < len(numbers) // 2:
        return None  # not bytes, or a pattern (0, 0, 0 …), not key material
    return match.span("value")


_KEY_BEFORE = lazy(r"(?P<key>[A-Za-z_][\w\-]{0,60})[\"']?[ \t]*(?:\[\d{0,3}\][ \t]*)?[:=][ \t]*\Z")
#: A key's name that says its bytes are public or an identifier (a Zigbee PAN id, an IV).
_NOT_A_SECRET_KEY = lazy(r"(?i)pub|\biv\b|_iv\b|nonce|salt|\bid\b|_id\b|(?:^|_)pan(?:_|$)")


def _svn_password(match: re.Match[str]) -> tuple[int, int] | None:
    """Subversion's saved credentials: the value under the ``password`` record, whatever
    it looks like (words joined by dots too), unless a template's."""
    return None if match.group("value").startswith(("<", "$", "{")) else match.span("value")


def _named_option(match: re.Match[str]) -> tuple[int, int] | None:
    """``--nwk-key 3C7C…``, ``--webhook-secret …``: a long option named for a key or a
    secret, its value judged as a value under that name (``--key-file path`` names none)."""
    echoed = _ECHOED_LITERAL.match(match.string, match.start("value"))
    if echoed is not None:  # cmd:"echo …", "$(echo …)": what the command prints is the secret
        return echoed.span("value") if _chosen_or_invented(echoed.group("value")) else None
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if "/" in value and not _generated_parts(value):
        return None  # a path, a URL (--env-password ftp://host)
    if value.startswith(("-", "%")) or "$" in value or DASHED_NAME.fullmatch(value):
        return None  # a reference, the next argument, a name
    return (start, end) if keyed_secret(match.group("key"), value) else None


def _generated_parts(value: str) -> bool:
    """A key in parts joined by ``/``, each after the first generated (``<prefix>/<22
    random>/<22 random>``, as some services issue keys): no path, which opens with ``/``,
    ``~`` or ``.``, names words or ends with a file's extension, and no URL."""
    if value.startswith(("/", "~", ".")) or "://" in value:
        return False
    parts = value.split("/")
    return "." not in parts[-1] and all(generated(part) for part in parts[1:])


#: A secret given as a command that prints it: a secret provider's ``cmd:"echo …"``
#: (Dagger's), a substitution ``"$(echo …)"``.
_ECHOED_LITERAL = lazy(r"""(?:[a-z]{2,8}:["']?|["']?\$\()(?:echo|printf)[ \t]+(?:-[neE][ \t]+)?"""
                       r"""["']?(?P<value>[^\s"'()]{4,128})""")


def _password_option(match: re.Match[str]) -> tuple[int, int] | None:
    """``murmurd -supw …``, ``slapd … -rootpw …``, ``--adminpass …``: an option whose name
    ends in a word for a password, one word run together (``-supw``, not ``-su-pw``, which
    the option rules of ``credential_places`` read), given a password people choose or a
    generated one; not ``--bypass``, ``--compass`` or ``--askpass``."""
    if NOT_A_PASSWORD.match(match.group("key")):
        return None
    start, end = unquoted(match.string, *match.span("value"))
    value = match.string[start:end]
    if value.startswith("-") or "/" in value:
        return None  # the next option, a file
    return (start, end) if _chosen_or_invented(value) else None


def _ntp_key(match: re.Match[str]) -> tuple[int, int] | None:
    """A line of NTP's or chrony's keys file (``1 SHA1 <key>``), in a text that says so."""
    text = match.string
    if not _KEY_ID.fullmatch(text, line_start(text, match.start(), 20), match.start()):
        return None
    if not match.group("encoding") and not _NTP.search(text, max(0, match.start() - 500),
                                                        match.end() + 200):
        return None
    if is_placeholder(match.group("value")):
        return None
    # with its encoding named, so that hex beside SHA1 does not read as that file's digest
    return match.start("encoding") if match.group("encoding") else match.start("value"), \
        match.end("value")


_NTP = lazy(r"(?i)ntp|chrony|\bkeys\b")
#: A keys file's line opens with the key's number.
_KEY_ID = lazy(r"[ \t]*\d{1,5}[ \t]+")


def _printed_by_command(match: re.Match[str]) -> tuple[int, int] | None:
    """"`terraform output -raw admin_password` returns `…`": what a command named for a
    secret was said to print."""
    return match.span("value") if _chosen_or_invented(match.group("value")) else None


def _address_and_password(match: re.Match[str]) -> tuple[int, int] | None:
    """A list of logins, an address then its password (``• Canva — design@acme.dev —
    …``)."""
    value = match.group("value").rstrip(".,;)")
    if value.startswith("-"):
        return None  # user@host --next-flag: a command line going on, not a list of logins
    if "@" in value or "://" in value or not chosen_password(value):
        return None
    return match.start("value"), match.start("value") + len(value)


_HEX_OR_DECIMAL = r"(?:0[xX][0-9A-Fa-f]{1,2}|\d{1,3})"

COMMAND_PATTERNS: tuple[JudgedPattern, ...] = (
    *(("a password fed to a command",
       lazy(opening + r"""[ \t]+(?P<q>["']?)(?P<value>[^\s"'|;&]{4,128})(?P=q)[ \t]*\|"""
            r"""[ \t]*(?P<command>[^\n|;&]{1,240})"""), _fed_on_stdin)
      for opening in (r"\becho(?:[ \t]+-[neE])?", r"""\bprintf[ \t]+["']%s(?:\\n)?["']""")),
    ("a password fed to a command",
     lazy(r"""<<<[ \t]*(?P<value>"[^"\n]{1,128}"|'[^'\n]{1,128}'|[^\s"'|;&]{4,128})"""),
     _here_string),
    ("a password typed into a here-document",
     lazy(r"<<-?[ \t]*[\"']?(?P<tag>[A-Za-z_]\w{0,20})[\"']?[ \t]*\n"
          r"(?P<body>(?:[^\n]{0,200}\n){1,12}?)(?P=tag)\b"), _here_document),
    # passwd's new password and its confirmation typed on one line, between the keys a
    # tool sends for Enter (Packer's and Ansible's <enter>, an escaped \n) and its waits
    ("a password typed into a command",
     lazy(r"passwd\b[^\n<\\]{0,80}?(?P<key><enter>|<return>|\\n|\\r)(?:<wait\d{0,4}[smh]?>){0,4}"
          r"(?P<value>[^\s<>\\]{4,128})(?P=key)(?:<wait\d{0,4}[smh]?>){0,4}(?P=value)"
          r"(?![^\s<>\\])"), _typed_twice),
    # a tool that encrypts or decrypts, given the algorithm, the mode, then the key
    # (MuleSoft's secure-properties tool: string decrypt AES CBC KEY VALUE)
    *(("a key given to a cipher command",
       lazy(verb + r"[ \t]+[A-Za-z][A-Za-z0-9\-]{1,20}[ \t]+(?:CBC|CFB|ECB|OFB|CTR|GCM|PCBC)"
            r"[ \t]+(?P<value>[^\s<$%{]\S{7,127})"), _cipher_key)
      for verb in ("encrypt", "decrypt")),
    ("a login given to a shell",
     lazy(r"@(?=[A-Za-z0-9])[\w\-]{1,63}(?:\.[\w\-]{1,63}){0,6}(?::\d{1,5})?(?![\w@:.])"),
     _shell_login),
    ("a secret given to an option named for it",
     lazy(r"--(?<=\s--)(?P<key>[A-Za-z][\w\-]{0,40}[\-_](?:key|secret|token|password|psk)|psk)"
          r"""(?:[ \t]{1,8}|=)(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""),
     _named_option),
    ("password on a command line",
     lazy(r"-(?<=\s-)-?(?P<key>[A-Za-z]{1,12}(?:pw|pwd|pass|passwd|password))"
          r"""(?:[ \t]{1,8}|=)(?P<value>"[^"\n]{1,256}"|'[^'\n]{1,256}'|[^\s"']{1,256})"""),
     _password_option),
    ("a secret a step echoed",
     lazy(r"""\becho[ \t]+(?P<q>["']?)(?P<before>[^$\n"']{0,80})\$\{?"""
          r"""(?P<name>[A-Za-z_]\w{1,60})\}?(?P<after>[^\n"'$]{0,80})(?P=q)[ \t]*\r?\n"""
          r"""(?P<line>[^\n]{1,400})"""), _echoed_variable),
    *(("a key written as bytes",
       lazy(opening + r"\s{0,8}(?P<value>(?:" + _HEX_OR_DECIMAL + r"[ \t]*,\s{0,40}){15,63}"
            + _HEX_OR_DECIMAL + r")\s{0,8},?\s{0,8}" + closing), _byte_list_key)
      for opening, closing in ((r"\[", r"\]"), (r"\{", r"\}"))),
    ("password in Subversion's saved credentials",
     lazy(r"K 8\r?\npassword\r?\nV \d{1,4}\r?\n(?P<value>[^\r\n]{1,256})"), _svn_password),
    *(("a key in an NTP keys file",
       lazy(name + r"(?<=[ \t]" + name + r")[ \t]+(?P<encoding>HEX:|ASCII:)?"
            r"(?P<value>[!-~]{8,128})"),
       _ntp_key)
      for name in ("MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "AES128CMAC", "RMD160")),
    ("a secret a command printed",
     lazy(r"`(?P<command>[^`\n]{0,200}?(?i:passw|secret|token|api[_\-]?key|private)"
          r"[^`\n]{0,100})`[ \t]+(?:returns|returned|prints|printed|gives|gave|outputs"
          r"|shows|showed|yields|=>|->|\u2192)[ \t]+`(?P<value>[^`\s]{8,256})`"),
     _printed_by_command),
    ("a password beside an address",
     lazy(r"@(?<=[\w.+\-]@)[\w\-]{1,63}(?:\.[\w\-]{1,63}){1,5}[ \t]*"
          r"(?:[\u2014\u2013|:\t]|[ \t]/|[ \t]-)[ \t]*(?P<value>[^\s]{6,64})[ \t]*$", re.M),
     _address_and_password),
)
