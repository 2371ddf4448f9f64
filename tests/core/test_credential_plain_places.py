"""Passwords plain in shape, refused by where they stand (round seventeen): a heart run into
a name (``i<3Pusi76``), a name or a word in capitals with two or three digits, or words in
both cases joined by a mark, at the end of a clause on a line that has said "password"; the
field under a table's secret column; a flag named for a password in a chat client's
command; a made-up value under a setting of any name, one letter included.

The languages are made up (``Vrenu``, ``Tolmak``), so that only the shape and the place can
be what finds the value.
"""

from __future__ import annotations

import pytest

from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import redact

#: Each text and the password in it.
SECRETS = {
    "a heart run into a name, no word for a password": (
        "Vrenu Kondra, tolmak ekra a wifi ulsu i<3Mphaka74 mirak", "i<3Mphaka74"),
    "a heart after the word": ("Vrenu ekra password ko i<3Pusi76 🌺", "i<3Pusi76"),
    "capitals and digits after the word, an emoji after": (
        "Vrenu Tendai, password ye wifi ulsu ndi DRAKONS129 😊", "DRAKONS129"),
    "capitals and digits after the word, closing a sentence": (
        "Tolmak, na password ni wifi e VORNAKI992. Ekra ulsu!", "VORNAKI992"),
    "capitals and digits after the word, a comma after": (
        "Vrenu le mot de passe TOLMAKA973, ekra.", "TOLMAKA973"),
    "words in both cases after the word": (
        "Ekra wifi password no ne kenkey_Vorna_jollof. Tolmak!", "kenkey_Vorna_jollof"),
    "under a table's secret column": (
        "| step | account | secret | result |\n|---|---|---|---|\n"
        "| login | finance-test | Rocky758 | ok |", "Rocky758"),
    "a flag named for a password in a chat client's command": (
        "/network add -sasl_username frodo -sasl_password M0nk3y2024 -sasl_mechanism PLAIN",
        "M0nk3y2024"),
    "a made-up value under a one-letter key": (
        "N=Libera.Chat\nI=frodo\nP=2W3*r3i1U8PeAQ\nS=irc.libera.chat/+6697", "2W3*r3i1U8PeAQ"),
    # from the second half (the thirteenth corpus's half B)
    "words joined by dots, a sign closing them, under a password key": (
        "$ cat ~/.pause\nuser AMARTIN\npassword tolmak.vrenu.ekrana!", "tolmak.vrenu.ekrana!"),
    "a name and a year mid-sentence before a dash": (
        "Vrenu ekra! Tolmak ulsu n wifi d GoVORN2011 — ur mirak ten.", "GoVORN2011"),
    "a name and a year in a script with vowel signs": (
        "ސްޓާފް ވައިފައި ޕާސްވޯޑަކީ GoTolmak2021 — ގެސްޓުންނަށް ނުދޭށެވެ", "GoTolmak2021"),
    "a chosen password under a key a secret's name ends": (
        'keydb-cli -a "$OLD" CONFIG SET masterauth GoVrenu2015\nOK', "GoVrenu2015"),
    "a long token given to -T": (
        "crowdin upload sources -T caf5943cb39779302ef9579a60cc46035ac05ca4113e66c2babb153baaacea4f"
        "52040bf80a196cd8 -i 129500", "caf5943cb39779302ef9579a60cc46035ac05ca4113e66c2babb"),
    "a variable named for a token, substituted": (
        "simple\t14-Dec-2026 11:02:44\tSubstituting variable: ${bamboo.sonar_token} with "
        "51828fgz8qh9k5u72wtuams1jsgesf1rzu0r09wy", "51828fgz8qh9k5u72wtuams1jsgesf1rzu0r09wy"),
    "a sign closing a name and its number, after a label": (
        "Netverk: Tolmak-Gestir\nLoyniorð: Vor-24#\nVrenu ekra ulsu.", "Vor-24#"),
    "a password a mail client's command echoes": (
        "source-cred-cmd = echo zydpiemgidlcrncb", "zydpiemgidlcrncb"),
    # from the review of the code (helper-81)
    "two daemons' keys on a line, the second": (
        "redis-server --requirepass GoYankees2015 --masterauth GoMets2016", "GoMets2016"),
    "under a table's secret column, the cell whole": (
        "| step | account | secret | result |\n|---|---|---|---|\n"
        "| login | rocky758-test | Rocky758 | ok |", "Rocky758 "),
    "a passphrase of words a command echoes, whole": (
        "passwordeval \"echo 'correct horse battery staple'\"", "battery staple"),
    "a heart closed by a sign": ("Vrenu ekra wifi I<3Struppi! mirak", "Struppi"),
    # from the review of round eighteen's code (helper-83): leaks its first mends made
    "a PHP variable assigned a password": ("$password=tigerlily77;", "tigerlily77"),
    "a made-up password alone on a line, a sign closing it": ("Welcome1#", "Welcome1"),
    "a password between dollar signs": ("DB_PASSWORD=$Summer2024$", "Summer2024"),
    "a variable and a string run together": (
        'export DB_PASSWORD=$SALT"Xk29!pQzLm7vR8"', "Xk29!pQzLm7vR8"),
    # from the fourteenth corpus's half A
    "the answer to a mail server's Password: in swaks": (
        " ~> AUTH LOGIN\n<~  334 VXNlcm5hbWU6\n ~> YWxlcnRzQGV4YW1wbGUub3Jn\n"
        "<~  334 UGFzc3dvcmQ6\n ~> WTZqXzBlOUFKMzM2c25oMmV3\n<~  235 2.7.0 ok",
        "WTZqXzBlOUFKMzM2c25oMmV3"),
    "a user and a password given to --basic-auth": (
        "websocat --basic-auth ops:wMf4^8ZKv~orXECh ws://10.0.0.40:8080/ws", "wMf4^8ZKv"),
    # from the fourteenth corpus's half B
    "a token of parts given to a client": (
        'client = DataAPIClient("VendorCS:hlvhRcBNVDvJrEQDgCPIoTdl:ef0f7f56d7fb6b6cc69f64d1d078'
        '207c9819797aef834a6e642b745c5db4eebc")', "hlvhRcBNVDvJrEQDgCPIoTdl"),
    "an application password of words given to --user": (
        'curl -X POST --user "ci-deploy:YqYj Y0gL vHE1 QmAR qDeB oyD2" https://example.com/',
        "QmAR qDeB"),
}

#: The same shapes and places holding no password.
ORDINARY = {
    "an algorithm after the word": "The password is hashed with SHA256.",
    "a runtime after the word": "Reset the password for Node20.",
    "a setting's path after the word": "the password field maps to Spring.Datasource.Password.",
    "a component's name in one case": "password rotation is handled by the Vault_Agent_Sidecar.",
    "two values after the word": "password rotated for DRAKONS129 and VORNA992.",
    "a heart and a word, spaced": "I <3 Python 3.12 so much",
    "a heart and a slogan": "I<3Paris stickers are sold out",
    "a heart and two letters": "i<3u2 lol",
    "a secret column of names and flags": (
        "| name | secret | description |\n|---|---|---|\n| db | DB_PASSWORD | the database |\n"
        "| api | true | yes |"),
    "a flag given a variable": "pass --token $GITHUB_TOKEN to the step",
    "a setting given options": 'OPTIONS=" -f $CONFIGFILE"',
    "a setting given a question": "prompt='Are you sure you want to drop the db?'",
    "a setting given a format": "DATE_FORMAT=%Y-%m-%d_%H:%M",
    "a title before a dash": "Hackathon2025 — photos are up",
    "a table of digests": (
        "$ fly secrets list\nNAME           \tDIGEST          \tCREATED AT\n"
        "JWT_SECRET     \t6b9f9250de39879e\t2024-06-10T09:14:22Z"),
    "a password command that reads a store": 'PassCmd "pass show mail/work"',
    "a password command that echoes a variable": 'passwordeval "echo $MAIL_PASSWORD"',
    "a port given to -p": "docker run -p 8080:80 nginx",
    "a file given to -T": "curl -T report.pdf ftp://files.example.org/upload/",
    # from the review of the code (helper-81)
    "a UUID given to mkdir -p": "mkdir -p 7c9e6679-7425-40de-944b-e07fc1f90ae7",
    "files given to curl -T": 'curl -T "{file1,file2}" http://www.example.com',
    "the word auth before a quarter": "Review the auth Q3-2024 roadmap",
    "a room before a dash": "Meeting moved to Room101 — bring laptops",
    "a share after a label": "Threshold: Disk-90%",
    "a heart and a year": "I<3Paris2024 stickers are sold out",
    "a class's path after the word": "Never store a password in a java.lang.String.",
    "an acronym and digits after the word": "Password expired on PROD01, please rotate it.",
    "a test filter": "export GTEST_FILTER=FooTest.*-FooTest.Bar",
    "a command that echoes a status": "pass_cmd = echo SUCCESS",
    "a secret column of names": "| service | secret |\n|---|---|\n| web | tls-cert-2024 |",
    "a host after the word": "the password of the build host is on server401.",
    "a UUID under a word's prefix": "id: user-7c9e6679-7425-40de-944b-e07fc1f90ae7",
    "a host and port given to a client": 'db = connect("db.internal.example.com:5432")',
    "a month and a year, then a word": "the password policy changed in March2024 too.",
    # from the sixteenth corpus's ordinary texts, half A (what round eighteen refused)
    "users and templates under a credentials key": (
        'admin_credentials="admin:{{ proxysql_admin_password }};radmin:{{ radmin_pw }}"'),
    "a template with escaped quotes": '"client_secret": "{{ env \\"ORDERS_CLIENT_SECRET\\" }}",',
    "a variable closing a JSON string": '{"params": ["token:$ARIA2_RPC_SECRET"]}',
    "a variable as curl's user": (
        'curl https://api.example.jp/v1 -u "$PAYJP_SECRET_KEY:" -d amount=1200 -d card="$TOKEN"'),
    "a monitoring macro given to -p": "command_line $USER1$/check_mysql -u $USER3$ -p $USER4$",
    "a router's prompt": "core-rtr-2# show ip ospf interface ens19\nens19 is up",
    "a count after the word": "Iphasiwedi yakho kufanele ibe nezinhlamvu eziyi-12.",
    # from the review of round eighteen's code (helper-83)
    "a ticket after the word": "Fixed the password validation bug, see ticket_42.",
    "a user, then is set": "The password for worker_01 is set.",
    "a name and two digits, then is set": "The password for Kestrel88 is set.",
    "letters run into a UUID": "usr9c1f6e2a-7425-40de-944b-e07fc1f90ae7",
    "I love in words": "ILovePizza2 is the best sticker",
    "a host and a port given to a client": 'connect("i-0a1b2c3d4e5f67890:22")',
    "a header given to an auth flag": "app --api-auth header:X-Api-Key",
    "prose given to -u": 'curl -u "admin:see the vault" https://example.org/',
}


@pytest.mark.parametrize("kind", SECRETS)
def test_a_plain_password_in_its_place_is_refused_and_redacted(kind: str) -> None:
    text, password = SECRETS[kind]
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1
    assert password not in out.decode(), out


@pytest.mark.parametrize("kind", ORDINARY)
def test_the_same_shapes_holding_no_password_pass(kind: str) -> None:
    assert find_credential(ORDINARY[kind]) is None
