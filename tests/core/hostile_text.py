"""Texts built to make a credential scanner slow: one short unit repeated to a size.

Each unit is made of what the scanner's patterns look for (key words, token prefixes,
operators, ``://``, a ``Bearer``) and of the characters that join or end them, so that
matches overlap, start everywhere, or run to the end of the text without completing.
``İ`` (U+0130) is among them: it lower-cases to two characters.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: Pieces a hostile unit is made of.
FRAGMENTS = (
    "pass", "password", "pw", "secret", "token", "key", "credential", "pat", "api_key",
    "=", ":", ":=", "-", ".", "/", "+", "_", "@", '"', "'", " ", "\n", ",", ";", "<", ">",
    "${", "$(", "{{", "://", "a", "A", "0", "Z9", "İ", "eyJ", "xoxb-", "ghp_", "sk-",
    "AKIA", "AIza", "Bearer ", "Authorization: ", "-----BEGIN ", "curl -u a:", "mysql -p",
    "--password ", "<password>", "MII", "Q~", ":AA", "-us1", ".atlasv1.", "LS0tLS1CRUdJTi",
    "auth ", "login ", " -p ", " -u a,", "password is ", "send '", "('", "?k=", "add_user ",
    "key 7 ", "export A=", "Xk9#mPz2!", "---- BEGIN ", "<D>", "\\r'",
    "a:b:c:d:", "&key=", "://h/a/", "community ", "x-api-key: ", "-----BEGIN X-----\n",
    "encrypted:\n", "aB3dE5fG7hJ9kL1mN3pQ",
    # the pieces rounds six and seven of the rules look for
    "Basic ", "connect(", "Credentials(", "login(", '"value"', '"result"', '"sensitive": true',
    "random_password", "Password>", "<Value>", "echo ", "| passwd", "--password-stdin",
    "ssh-keygen -N ", "snmpget -A ", " -U a -P ", "$argon2id$", "$2a$", "untrusted comment: ",
    "Content-Transfer-Encoding: base64", "public static ", "RWRTY0Iy", "/inputs/", "new X('",
    "csrf", "%env(", '<a b="c">', "h:12 ", "hmac.New(", "<key>", " /rp ", ": str = ", " / ",
)

#: Units known to have made the scanner quadratic, each with a name.
KNOWN = {
    "pass=": "pass=",
    "a=": "a=",
    "İ a=": "İa=a=",
    "eyJ-": "eyJ-",
    "xoxb-": "xoxb-",
    "key-": "key-",
    "token:": "token:",
    "auth ": "auth ",
    "key 7 ": "key 7 ",
    "ab1d-": "ab1d-",
    "hex:": "0123456789abcdef:",
    "hooks": "://hooks.a/b1c2d3e/",
    "name=": 'name="pass">a',
    "data:": "\ndata:\n",
    ":@": ":@key",
    "name value": "name: a\n value: ",
    "auth pair": 'auth=("a", "',
    "sensitive values": '{"sensitive":true,"value":"abcdefgh"},',
    "ssh-keygen -N": 'ssh-keygen -N "',
    "-U -P": ' -U a -P "',
    # round nine's review (tests/core/credential_review_nine.py): its slowest families
    "key-string": "key-string authentication-key ",
    "token::::": "token::::",
    "pap-secrets": "pap-secrets\n* * ",
    "xprv": "xprv" + "9s21ZrQH143K" * 3 + " ",
    # the rules after it: a login in a query, SNMPv3 users, net use, a secrets directory
    "query login": "?u=a&p=Xk9mQ2vLp7wR",
    "snmp-server user": "snmp-server user a b v3 auth sha ",
    "createUser": "createUser a SHA ",
    "net use": "net use Z: \\\\a\\b ",
    "cat secrets dir": "cat ~/.secrets/a\n",
    # round ten: a subcommand that sets a password, a protocol's login, a password typed at
    # the shell, the word for one in Korean, a password in parentheses
    "-password": "a-password b c\n",
    "USER PASS": "USER a\nPASS b\n",
    "command not found": "command not found: Wq7abc!x\n",
    "비밀번호는": "비밀번호는 ",
    "password (": "password (",
    # round ten (half B): tables, a login in prose, Redis's AUTH, a placeholder replaced
    "password column": "| a | b | Password |\n",
    "table of settings": "| Name | Value |\n",
    "login pair": "log in as a / b ",
    "redis AUTH": "AUTH\\r\\n$1\\r\\n",
    "s/PASSWORD/": "s/PASSWORD/Kc7wadp3/",
    "-U -P on a long line": " mysql" + " -U a -P b" * 40,
    # round ten's review (tests/core/credential_review_ten.py): its slowest units
    "?u=a&p=": "?u=a&p=",
    "?user=a&pass=": "?user=a&pass=",
    ".LOGON a/b,": ".LOGON a/b,",
    # round eleven: commands given a password, keys by position, a password as chosen
    "echo | stdin": "echo x | openconnect --passwd-on-stdin ",
    "here-document": "passwd a <<EOF\nx1\n",
    "user:pass@": "a:bbbbbbbb@",
    "/RP": "/RP a ",
    "echoed variable": "echo $A_KEY\n",
    "byte list": "[1, ",
    "NTP key": "1 SHA1 ",
    "returns `": "`password` returns `",
    "address, password": "a@b.cc \u2014 ",
    "password - ": "password - ",
    "passwort ist ab ": "Passwort ist ab ",
    # round eleven's review: an assignment quoted in backticks
    "`A_KEY=": "`A_KEY=",
    # round twelve's review: a login under its key, running on (the assignment rule's)
    "NEO4J_AUTH=a/": "NEO4J_AUTH=a/",
    # round fifteen's review: lines each opened by a name and a year (a note's)
    "Autumn2019 lines": "Autumn2019\n",
    # round sixteen: a password by its shape alone, on lines whose neighbours are read too
    "name and year, closing lines": "x Tavche2024,\n",
    "names with a sign, one line": "Sitora@21# ",
    # round sixteen's review: every line a finding, and a password typed twice
    "a name and a year, one a line": "Debrava1994\n",
    "typed twice, lines": "Kestrel1989!\nKestrel1989!\n",
    # round seventeen's review: a command's echo, a variable named for a token, a plain
    # value after the word, a dated name before a dash, hearts
    "echo in a password command": "source-cred-cmd = echo ",
    "a token's variable, substituted": "${a_token} with ",
    "plain values after the word": "password Aa1 ",
    "dated names before dashes": "Go2024 - ",
    "hearts": "i<3Pusi7 ",
    # round seventeen's code review: dated names before dashes, short sentences on one line
    "dated names before dashes, sentences": "Abc1234 \u2014 ab cd. ",
}

#: A prefix, one character run to the size, a suffix: what makes a pattern retry every
#: split of the run when an optional part ending in a run is followed by another run
#: (``[ \t]+)?[ \t]*``), as a password map's line once did.
RUNS = {
    "host:port, then spaces": ("h:12", " ", "x"),
    "[host]:port, then tabs": ("[smtp.example.com]:587", "\t", "x"),
    "a quoted name, then spaces": ('"abc"', " ", ""),
    "a quoted name, then line breaks": ('"abc"', "\n", ""),
    "Basic, then spaces": ("Basic", " ", "x"),
    "connect(, then spaces": ('connect("h", "u", ', " ", "x"),
    "Password>, then spaces": ("Password>", " ", "<Value>"),
    "echo, then spaces": ("echo a", " ", "| passwd"),
    "a typed name, then spaces": ("jwt_secret: str", " ", '= "x"'),
}


def run_of(prefix: str, filler: str, suffix: str, size: int) -> str:
    """``prefix``, ``filler`` repeated, ``suffix``: exactly ``size`` characters."""
    return prefix + filler * max(0, size - len(prefix) - len(suffix)) + suffix


def hostile(unit: str, size: int) -> str:
    """``unit`` repeated to exactly ``size`` characters."""
    return (unit * (size // max(len(unit), 1) + 1))[:size]


def cpu(call: Callable[[str], object], text: str, runs: int = 2) -> float:
    """The least CPU time of ``runs`` runs of ``call(text)``: CPU time, so that other work
    on the machine does not count, and the least, so that a pause does not."""
    best = float("inf")
    for _ in range(runs):
        begun = time.process_time()
        call(text)
        best = min(best, time.process_time() - begun)
    return best
