"""A credential judged by its shape and its place, whoever issued it, and what makes a
value ordinary.

Every value is generated here from a seeded generator (random strings of the alphabet and
length the shape names), so no sample of either corpus is repeated: these hold the rules
of ``gitledger/core/credential_shapes.py``, not figures.
"""

from __future__ import annotations

import base64
import itertools
import json
import random
import string
import uuid

import pytest

from gitledger.core import credential_shapes as shapes
from gitledger.core.credentials import find_credential, rule_finding
from gitledger.interchange.transcripts import REDACTED, redact

_RNG = random.Random(20261205)
#: The cases of round six draw from their own generator, so the earlier ones keep theirs.
_RNG6 = random.Random(20261206)
_BASE62 = string.ascii_letters + string.digits
_LOWER36 = string.ascii_lowercase + string.digits
_HEX = "0123456789abcdef"
#: Every printable character a generator draws a salt from, less quotes and backslash.
_PRINTABLE = "".join(chr(c) for c in range(33, 127) if chr(c) not in "'\"\\")


def _random(alphabet: str, size: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(size))


def _salt() -> str:
    """Random printable characters, with at least one of each class, as a generator makes."""
    while True:
        value = _random(_PRINTABLE, 40)
        if shapes.random_printable(value):
            return value


SECRETS = {
    "random printable value given to a setter": f'config.set("signing", "{_salt()}")',
    "random printable value under any key": f'salt: "{_salt()}"',
    "base62 at the end of a URL's path (few digits)":
        "curl https://api.vendor.example/ingest/tGWqgjKSHzdyKCODJEIP9gaRTFE0es",
    "lower-case letters and digits given to a sign-in command":
        "ops-cli auth gn2f814jlwafqvcf9ulbwnuh03dafogm",
}

def _random6(alphabet: str, size: int) -> str:
    return "".join(_RNG6.choice(alphabet) for _ in range(size))


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def _b64url(size: int) -> str:
    return base64.urlsafe_b64encode(_RNG6.randbytes(size)).decode().rstrip("=")


_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

# Secrets in the places round six of the rules is about: code declarations, headers held
# in code, XML elements with attributes, passwords read from standard input, DER without
# armour.
SECRETS |= {
    "a password in a Java constant declared public":
        'public static final String SMTP_PASSWORD = "Wq7!zelda-Harp";',
    "a password in a PHP property declared public": "public $mail_password = 'Lk9#mountain';",
    "a PKCS#12 keystore as base64 without armour, under a name for a certificate":
        'env:\n  SIGNING_CERT_P12: "' + _b64(bytes.fromhex(
            "3082096102010330820927" "06092a864886f70d010701" "a0820918048209143082")
            + _RNG6.randbytes(120)) + '"',  # PFX: version 3, then PKCS#7 data
    "Basic credentials in a header set from code":
        "req.headers['X-Upstream-Auth'] = 'Basic " + _b64(b"deploy:Tq8$vLx2mPz") + "'",
    "a password in an XML element with attributes":
        '<Password type="plain">Zr4!kTq9wLm</Password>',
    "a password piped to a passwd command": "echo bluefox42 | vncpasswd -f",
    "a password piped to docker login":
        "echo mountainview7 | docker login -u ci --password-stdin registry.example",
    "SNMPv3 passphrases on a command line":
        "snmpget -v3 -u ops -l authPriv -a SHA -A 'Kp9#wQz2Lm' -x AES -X 'Vb7!nRt4Yc' host",
    "an authentication token abbreviated authtok": "ldap_default_authtok = orchardlane77",
}

# Round six, half B: what marks a value secret in state files, unattended installs, calls
# that sign in, password maps, and key files.
SECRETS |= {
    # (as printed after the command: the redactor reads a JSON document string by string)
    "a value marked sensitive":
        '$ terraform output -json\n{"api_token": {"sensitive": true, "type": "string", '
        '"value": "Opal.7731x"}}',
    "a random_password's result in a state file":
        'state: {"type": "random_password", "name": "admin", "instances": [{"attributes": '
        '{"length": 20, "result": "qV3!nB8#tL0m"}}]}',
    "a password's Value in an unattended install":
        "<AutoLogon>\n  <Password>\n    <Value>Tundra!4417Qe</Value>\n  </Password>",
    "a password given to a connect call":
        'conn = pymysql.connect("10.1.2.3", "report", "Cobalt#5512zz", "sales")',
    "a password given to a Credentials call":
        'Credentials("Nexus Repository", "nexus.corp.example", "ci", "Birch@9021Lk")',
    "a key with no scheme in an Authorization header":
        f"curl -H 'Authorization: {_random6(_HEX, 40)}' https://api.vendor.example/v1/x",
    "hex given to a constructor": f"const mailer = new Mailwhale('{_random6(_HEX, 40)}');",
    "a line of a password map after a host": "[mail.corp.example]:587 ops:Quill.7734Rd\n",
    "a user and password under a comment naming a secrets file":
        "# rsyncd.secrets for the mirror\nmirror:Juno-8821Tq\n",
    "a minisign secret key":
        "untrusted comment: minisign encrypted secret key\nRWRTY0Iy"
        + _b64(_RNG6.randbytes(120)),
    "a password after -U user -P":
        "ipmitool -I lanplus -H 10.0.0.9 -U root -P 'Sable_9931xx' power on",
    "a passphrase given to ssh-keygen": "ssh-keygen -t ed25519 -N 'Ember.5521Lo' -f ./ci_key",
    "a password in a URL with dots in it":
        "SQL_CONN=postgresql+psycopg2://app:Qx7_Lm.pR4t.Zk@db:5432/app",
    "a secret key beside a public one in a call":
        f'Client(public_key="pub-{_random6(_HEX, 24)}", secret_key="{_random6(_BASE62, 32)}")',
    "a UUID after a hook or an input in a URL":
        "https://logs.vendor.example/inputs/3f2b8c1e-5d4a-4c8b-9e1f-7a6b5c4d3e2f/tag/web",
}

def _json_b64(document: dict[str, object]) -> str:
    return _b64(json.dumps(document, separators=(",", ":")).encode())


# Round seven, half A of the fifth corpus: calls and declarations of more languages, argv
# arrays, prose pairs, keystores, and base64 judged by what it decodes to.
SECRETS |= {
    "a password given to NetworkCredential":
        'var c = new NetworkCredential("svc_backup", "Maple.4410Zz", "CORP");',
    "a secret assigned with its type": '    session_secret: str = "Zq81-kLm.P3"',
    "a password given to a connect call that goes on past the line":
        'DBI->connect("dbi:mysql:db=app", "app", "Heron.5521Qx",\n  { AutoCommit => 0 });',
    "credentials after ab -A": "ab -n 100 -A deploy:Wv8tLq2x9 https://staging.example/",
    "a Java keystore in base64":
        "echo '/u3+7QAAAAIAAAAB" + _b64(_RNG6.randbytes(60)) + "' | base64 -d > release.jks",
    "a password after its flag in an argv array":
        "<string>--password</string>\n<string>sunset.Harbor42</string>",
    "a password after its flag in a JSON array": 'args: ["--password", "Quartz.77x"]',
    "a user and password in prose": "use the ci account (ci_runner / Fr0st#Lane9) for now",
    "a password set with make's ?=": "DEPLOY_PASSWORD ?= harbor.Lights9",
    "a DeepL free key": 'deepl.Translator("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0:fx")',
    "a config in base64 that holds a secret":
        "APP_CONFIG=" + _json_b64({"endpoint": "https://api.vendor.example/v2",
                                   "region": "eu-west-1", "retries": 3,
                                   "clientSecret": _random6(_BASE62, 48),
                                   "features": ["search", "export", "audit"]}),
    "credentials after curl --proxy-user":
        "curl --proxy-user scraper-7:Tq9vL2mx8 -x proxy.example:8080 https://shop.example/",
}

# Round seven, half B of the fifth corpus: property lists, Windows flags, .NET's key XML,
# key files in base64, endpoints that carry their key, keys given to an HMAC.
SECRETS |= {
    "a secret in a property list":
        "<key>ServiceAPISecret</key>\n<string>" + _random6(_HEX, 64) + "</string>",
    "a password after schtasks /rp":
        'schtasks /create /tn Backup /tr C:\\b.bat /ru CORP\\svc /rp "Birch_2291kk"',
    "a password after /p:": "xfreerdp /v:host01 /u:admin /p:Lantern.44Qz",
    "a prime of an RSA key in .NET's XML":
        "<RSAKeyValue><Exponent>AQAB</Exponent><P>" + _b64(_RNG6.randbytes(64))
        + "</P></RSAKeyValue>",
    "a Tor onion service key file in base64":
        "PT0gZWQyNTUxOXYxLXNlY3JldDogdHlwZTAgPT0AAAA" + _b64(_RNG6.randbytes(64)),
    "an endpoint that carries its key":
        "RPC=https://quiet-lake.mainnet.quiknode.pro/" + _random6(_HEX, 40) + "/",
    "a key given to an HMAC in code":
        'h := hmac.New(sha512.New, []byte("' + _random6(_BASE62, 40) + '"))',
    "a password before net use's /user":
        "net use Y: \\\\nas02\\media Gw4" + _random6(_BASE62, 9) + " /user:HOME\\kodi",
    "an SNMPv3 user's keys on a router":
        "snmp-server user nms RO-GROUP v3 auth sha256 Qx7" + _random6(_BASE62, 10)
        + " priv aes 256 Lm2" + _random6(_BASE62, 10),
    "net-snmp's createUser": 'createUser poller SHA-512 "Tq9' + _random6(_BASE62, 10)
                             + '" AES "Vz3' + _random6(_BASE62, 10) + '"',
    "a login's password in a URL's query":
        "GET /cgi-bin/login.cgi?username=admin&lang=en&p=Kx7" + _random6(_BASE62, 9),
    "a key under a section that configures encryption":
        "xpack.encryptedSavedObjects:\n  encryptionKey: \"" + _random6(_BASE62, 32) + '"',
    "a password of words and a number, said in prose":
        "The wiki password is heron-basalt-" + _random6("123456789", 4) + ", ask before use.",
    "a password after the word in Polish, with 'to'":
        "hasło do VPN to Kormoran_" + _random6("123456789", 4) + " (konto: ops)",
    "a password right after the word in Hindi": "एडमिन पासवर्ड quartz-lotus-"
                                              + _random6("123456789", 4) + " है",
    "a password in Indonesian prose": "kata sandi merpati-biru-" + _random6("123456789", 4)
                                      + " untuk wifi kantor",
    "a password in parentheses after the word":
        "- [ ] rotate the shared admin password (Granit" + _random6("123456789", 4) + "!)",
    "a password PuTTY is given": "plink -batch -pw Tx8" + _random6(_BASE62, 8) + " ops@10.1.1.9",
    "a password Cloud Foundry's cf auth is given":
        "cf auth ci@acme.dev fjord-lichen-" + _random6("123456789", 4),
    "a password a subcommand sets":
        "grafana-cli admin reset-admin-password 'tundra-pebble-" + _random6("123456789", 4) + "'",
    "a password in Teradata's .LOGON": ".LOGON td01/etl,Nimbus_" + _random6("123456789", 4) + ";",
    "a password in an FTP session": "USER backup\n331 Password required\nPASS osprey-"
                                   + _random6("123456789", 4) + "\n230 Logged in.",
    "a password the shell took for a command":
        "zsh: command not found: Wq7" + _random6(_BASE62, 6) + "!",
    "a setup key that is a UUID": "netbird up --setup-key "
                                  + str(uuid.UUID(bytes=_RNG6.randbytes(16))).upper(),
    "a salt a command printed": "$ php -r 'echo getHashSalt();'\nk3Jd9-" + _random6(_BASE62, 26),
    "a secret a command printed after starship's prompt":
        "\u276f vault kv get -field=password kv/db\nR0" + _random6(_BASE62, 8) + "#k",
    "a TSIG secret given to an option named for its RFC":
        "--rfc2136-tsig-secret=" + _b64(_RNG6.randbytes(32)),
    "a password column of a Markdown table":
        "| Service | User | Password |\n|---|---|---|\n| Grafana | admin | Lq4"
        + _random6(_BASE62, 7) + "! |",
    "a password column of a sheet pasted as tabs":
        "Host\tUser\tPassword\nrouter\tadmin\tTern-Cobalt-" + _random6("123456789", 3),
    "a secret in a table of settings":
        "| Name | Value |\n|---|---|\n| SESSION_SECRET | " + _random6(_HEX, 48) + " |",
    "a password of a word and a number, said in Dutch":
        "het wachtwoord is Tulip." + _random6("123456789", 4),
    "a password right after the word in Ukrainian": "пароль Zh" + _random6(_BASE62, 6) + "$7",
    "a password in backticks after the word, beside a public share":
        "- NAS: \\\\nas\\public, password `Kx" + _random6(_BASE62, 6) + "!4`",
    "a login pair in prose": "log in as `qa@acme.dev` / `Vr4" + _random6(_BASE62, 6) + "*`",
    "what a traced getenv returned":
        'app->getenv("DB_PASSWORD") = "heron-quartz-' + _random6("123456789", 4) + '"',
    "Redis's AUTH on the wire":
        'sendto(5, "*2\\r\\n$4\\r\\nAUTH\\r\\n$20\\r\\n' + _random6(_BASE62, 20) + '\\r\\n", 42',
    "a secret written over its placeholder":
        "sed -i 's/DB_PASSWORD_PLACEHOLDER/Qm7" + _random6(_BASE62, 12) + "/' app.env",
    "a secret a tool announces it generated":
        "[info] Generated new secret: Tk6R?T?;/" + _random6(_BASE62 + "?;/<[", 18),
    "an option named for an HMAC key": "--eab-hmac-key " + _b64url(48),
    "a private key printed beside a public one":
        "$ cat private_key.b64 public_key.b64\n" + _b64(_RNG6.randbytes(32)),
    "what cat printed from a file in a secrets directory":
        "$ cat ~/.secrets/deploy\n" + _random6(_HEX, 16),
    "a password with a letter outside ASCII, in Polish prose":
        "Hasłem jest Sosna." + _random6("123456789", 4),
    "a password after an inflected word for one, in Russian":
        "\u0441 паролем Zima." + _random6("123456789", 4) + " зайдёшь",
    "a password after the word and Indonesian's possessive":
        "passwordnya Rambutan." + _random6("123456789", 4) + " ya",
    "a password column of a MediaWiki table":
        "{| class=\"wikitable\"\n! Host !! Login !! Password\n|-\n| nas01 || admin || Ahorn."
        + _random6("123456789", 4) + "x\n|}",
    "a password column named in German, in a CSV":
        "Benutzer;Kennwort;Rolle\nadmin;Buche." + _random6("123456789", 4) + ";Owner",
    "a name and a year after the word in Swahili, past its verb":
        "nenosiri la printa ni amani" + _random6("123456789", 4),
    "a keyboard walk after the French abbreviation": "le mdp de la box c'est 2wsx3edc",
    "a password after the German verb and two words": "Das Kennwort ist ab heute Rhein"
                                                   + _random6("123456789", 4) + "?",
    "a password after the Thai word": "\u0e23\u0e2b\u0e31\u0e2a\u0e1c\u0e48\u0e32\u0e19 lamai"
                                      + _random6("123456789", 4),
    "a name and digits right after pw": "ssh as deploy, pw marek" + _random6("123456789", 4),
    "words and a number joined by dots, after a colon":
        "guest wifi password: otter.lantern.basil" + _random6("123456789", 2),
    "an assignment quoted in prose, its code span closed":
        "the job log keeps `METRICS_KEY=" + _random6(_HEX, 32) + "` in plain text",
    "a login pair of a name and a year": "login admin / elena" + _random6("123456789", 4),
    "a CSV's admin_pass column of a passphrase":
        "device,ip,admin_user,admin_pass\nnas,10.0.0.9,admin,cactus_harbor_violin"
        + _random6("123456789", 2),
    "a password echoed into a VPN client that reads stdin":
        "echo 'lupo" + _random6("123456789", 4)
        + "' | sudo openconnect --passwd-on-stdin -u ana vpn",
    "a password printf'd into a command": "printf '%s\\n' 'ravenna" + _random6("123456789", 3)
                                          + "' | openfortivpn gw.acme.test:443 -u ana",
    "a new password typed twice into a here-document":
        "passwd ana <<EOF\n{0}\n{0}\nEOF".format("bruno" + _random6("123456789", 4)),
    "an ftp script's user line": "ftp -n files.lan <<END\nuser ana tulipa"
                                 + _random6("123456789", 4) + "\nbye\nEND",
    "a login without a scheme, as a database shell takes it":
        "\\connect ana:Vento!" + _random6("123456789", 3) + "@10.1.2.3:33060",
    "a scheduled task's run-as password":
        "schtasks /Create /TN sync /TR sync.cmd /RU ACME\\svc /RP marta" + _random6("123456789", 4),
    "a CI step that echoed a secret's variable":
        "echo \"sync as $RELEASE_API_KEY now\"\nsync as " + _random6(_HEX, 32) + " now",
    "a key written as a list of bytes":
        "lora_app_key: [" + ", ".join(str(b) for b in _RNG6.randbytes(16)) + "]",
    "a key as bytes under a name that holds 'pan' inside a word":
        "company_key = {" + ", ".join(hex(b) for b in _RNG6.randbytes(16)) + "}",
    "Subversion's saved password":
        "K 8\npassword\nV 20\nmaple.cedar.birch" + _random6("123456789", 2) + "\nEND",
    "a key in an NTP keys file": "# ntp keys\n3 MD5 " + _random6(_BASE62, 20),
    "what a command named for a secret was said to return":
        "`op read op://ci/db/password` returns `harbor" + _random6("123456789", 4) + "`",
    "a list of logins, an address and its password":
        "- Miro \u2014 ux@acme.dev \u2014 nuvola" + _random6("123456789", 4),
    "a long option named for a key": "lora-cli join --app-key " + _random6(_HEX, 32).upper(),
    "a secret in PowerShell's Name/Value table":
        "Name          Value\n----          -----\nDbPassword    Eiche."
        + _random6("123456789", 4),
}

ORDINARY = {
    "a request id under a header about ids": "x-request-id: 7F3k9QpL2vX8mN4bR6tY1wZ5",
    "ciphertext under a sealed parent key":
        "spec:\n  encryptedData:\n    password: AgB3kX9pQ2mL8vN4tW7yZ5bR6tY1wZ5Xk3bR9pQ2mL8vN4tW7y",
    "a JSON Web Key's public coordinates":
        f'jwk = {{"kty":"EC","crv":"P-384","x":"{_b64url(48)}","y":"{_b64url(48)}"}}',
    "an argon2 hash string": "# from the docs\n$argon2id$v=19$m=65536,t=3,p=4$"
                             + _b64(_RNG6.randbytes(16)).rstrip("=") + "$"
                             + _b64(_RNG6.randbytes(24)),
    "a test phrase that repeats a word":
        "mnemonic: zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong",
    "an IPFS content id": f"ipfs pin add Qm{_random6(_BASE58, 44)}",
    "a CI cache key": f"Cache hit for key: node-modules-Linux-{_random6(_HEX, 64)}",
    "digests that name their algorithm, in a quoted list":
        f'checksums = [\n  "h1:{_b64(_RNG6.randbytes(32))}",\n  "zh:{_random6(_HEX, 64)}",\n]',
    "a PKCE challenge": f"code_challenge={_b64url(32)}",
    "a request's signature": f"signature={_b64(_RNG6.randbytes(32))}",
    "a form's CSRF token": f"csrf_token={_random6(_BASE62, 64)}",
    "a minisign public key under its comment":
        "untrusted comment: minisign public key 1A2B3C4D5E6F7A8B\nRWQ"
        + _b64(_RNG6.randbytes(39)),
    "an age encrypted file": "-----BEGIN AGE ENCRYPTED FILE-----\n"
                             + _b64(_RNG6.randbytes(60)) + "\n-----END AGE ENCRYPTED FILE-----",
    "a reference to the environment in Symfony's syntax": "MAILER_SECRET=%env(MAILER_SECRET)%",
    "a documented default password": "RABBIT_PASSWORD=rabbitadmin  # the image's default",
    "an image under a ConfigMap's binaryData":
        "binaryData:\n  logo.png: " + _b64(_RNG6.randbytes(90)),
    "a config in base64 that holds no secret":
        "FEATURES_B64=" + _json_b64({"theme": "dark", "pageSize": 50, "beta": ["search"]}),
    "a certificate's DER in base64":
        "CA_BUNDLE_B64=" + _b64(bytes.fromhex("308203773082025fa003020102020900")
                                + _RNG6.randbytes(90)),
    "a Django password hash": "pbkdf2_sha256$600000$" + _random6(_BASE62, 22) + "$"
                              + _b64(_RNG6.randbytes(32)),
    "an LDAP password hash": "userPassword: {SSHA}" + _b64(_RNG6.randbytes(24)),
    "a SCRAM verifier": "SCRAM-SHA-256$4096:" + _b64(_RNG6.randbytes(16)) + "$"
                        + _b64(_RNG6.randbytes(32)) + ":" + _b64(_RNG6.randbytes(32)),
    "a K-sortable id": "ksuid: " + _random6(_BASE62, 27),
    "an id that opens with a dash": "firebase push id: -N" + _random6(_BASE62, 18),
    "a Rails form's authenticity token":
        '<input type="hidden" name="authenticity_token" value="'
        + _b64(_RNG6.randbytes(48)) + '" autocomplete="off">',
    "a CSRF cookie": "Set-Cookie: __Host-csrf=" + _random6(_BASE62, 32) + "; Path=/; Secure",
    "a JSON Web Key's thumbprint":
        'jwk = {"kty":"RSA","x5t#S256":"' + _b64url(32) + '","e":"AQAB"}',
    "keys read from the environment":
        'client = Client(api_key=os.environ["API_KEY"])\ntoken = ENV["TOKEN"]',
    "a file of a secret named in a path":
        "docker run -e API_TOKEN_FILE=/run/secrets/api_token app:1.4",
    "a build secret's spec": "docker build --secret id=pip,src=$HOME/.pip/pip.conf .",
    "a config key set as a secret": "pulumi config set --secret app:dbPassword",
    "a flag's metavar in help": "  --password PASSWORD   the account's password",
    "a public key in hex under its name": "VALIDATOR_PUBKEY=" + _random6(_HEX, 64),
    "a bcrypt hash Spring names":
        "spring.security.user.password={bcrypt}$2a$10$" + _random6(_BASE62, 53),
    "an RFC's test vector": "RFC 5869 test vector OKM: " + _random6(_HEX, 84),
    "a WebSocket handshake's key":
        "Sec-WebSocket-Key: " + _b64(_RNG6.randbytes(16)) + "\nSec-WebSocket-Version: 13",
    "a masked password column in German, in a CSV":
        "Benutzer;Passwort;Rolle\nadmin;********;Owner",
    "a MediaWiki table that points to the vault":
        "{| class=\"wikitable\"\n! Host !! Login !! Password\n|-\n"
        "| nas01 || admin || (KeePass)\n|}",
    "PowerShell's Name/Value table of ordinary settings":
        "Name          Value\n----          -----\nPSVersion     7.4.2\nPSEdition     Core",
    "a column of passwordless logins": "host,user,passwordless\nci01,deploy,Kx7v-Pq9w-Lm3z",
    "a stash given to git's -p": "git stash show -p stash@{2}",
    "an image pinned by digest": "docker pull nginx:1.27.1-alpine@sha256:" + _random6(_HEX, 64),
    "a CSS media query after a colon": "a{margin-left:auto}@media (min-width:768px){a{top:0}}",
    "an echo of a variable that prints a masked value":
        "echo \"token is $DEPLOY_TOKEN\"\ntoken is ***",
    "a list of bytes that is an id": "ext_pan_id: [" + ", ".join(["221"] * 16) + "]",
    "a flag that reads its password from the environment":
        "lftp -u backup --env-password ftp://nas.local",
    "a here-document of SQL": "psql <<SQL\nselect 1;\nselect 1;\nSQL",
    "a task that prompts for its password": "schtasks /Create /TN sync /RU ACME\\svc /RP *",
    "a contact list": "- Support \u2014 help@acme.dev \u2014 weekdays",
    "a hash's name after the word": "password: sha256 (salted, 600k rounds)",
    "a German sentence about a password": "Das Kennwort ist nicht mehr gültig, bitte neu setzen.",
    "a count of characters after pw": "pw 12chars minimum, one digit, one symbol",
    "a constant after the word": "password: DB_PASSWORD_2 from the environment",
    "a host and port after the word": "password (db01.internal:5432) rotates nightly",
    "a password reset said in Polish": "Hasło zostało zmienione wczoraj przez administratora.",
    "a password read from Tcl's environment": 'expect "password:"\nsend "$env(DB_PASS)\\r"',
    "a password named by a constant": "const char* wifi_password = SECRET_WIFI_PASS;",
    "a cache key with a version in it":
        "Cache restored from key: setup-node-Linux-x64-20.11.1-npm-" + _random6(_HEX, 64),
    "a MIME part's base64 body":
        "Content-Type: application/pdf\nContent-Transfer-Encoding: base64\n\n"
        + _b64(_RNG6.randbytes(57)),
    "net use asking for the password": "net use Y: \\\\nas02\\media * /user:HOME\\kodi",
    "an SNMPv3 user with localized keys":
        "snmp-server user nms RO-GROUP v3 encrypted auth sha "
        + ":".join(_random6(_HEX, 2).upper() for _ in range(20)),
    "a page named in a URL's query beside the user":
        "https://wiki.example.com/view?user=alice&p=release-notes-2024&lang=en",
    "ciphertext in a closed JSON object, then a reference":
        '{"encrypted": {"data": "AgBy8hCi"}, "plain": {"password": "${DB_PASSWORD}"}}',
    "a password a subcommand sets, prompted for": "use grafana-cli's reset-admin-password command",
    "a masked value in a diff": "-   password: '-------- # (16 bytes)'",
    "a keyed digest in an audit log":
        'vault audit: type=request auth.client_token="hmac-sha256:' + _random6(_HEX, 64) + '"',
    "an option's next option after a secret's name":
        "create secret generic rbd-secret --from-literal=userID=rbd --from-file=key=/dev/stdin",
    "a password made when the command runs":
        'echo "deploy:$(openssl rand -base64 18)" | sudo chpasswd',
    "a password taken from the environment by a flag":
        'lftp -c "open -u backup --env-password ftp://nas.local; mirror /exports"',
    "a misspelt command": "zsh: command not found: kubeclt",
    "a password file named beside a subcommand":
        "docker run -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password postgres:16",
    "MySQL's -p alone, then a database": "mysql -u admin -p reports\nEnter password:",
    "an argv option's description": '{"RuleID": "generic-api-key", "Description": "Detected"}',
    "WireGuard's peers as wg prints them":
        "$ wg show wg0 peers\n" + _b64(_RNG6.randbytes(32)) + "\n" + _b64(_RNG6.randbytes(32)),
    "a site key in a page": '<div data-sitekey="6L' + _random6(_BASE62, 38) + '"></div>',
    "a property list's public key":
        "<key>SUPublicEDKey</key>\n<string>" + _b64(_RNG6.randbytes(32)) + "</string>",
    "a password read from a file by Vault's @":
        "vault write auth/userpass/users/ci password=@/dev/stdin",
    "a password the shell puts in a quoted argument": 'curl -u "deploy:$NEXUS_PASSWORD" https://nexus',
    "the password manager, by name": "Selam, şifresini 1Password'e koydum.",
    "a table of settings that holds references":
        "| Name | Value |\n|---|---|\n| DB_PASSWORD | ${{ secrets.DB_PASSWORD }} |",
    "a test's parameters that name a password column":  # requests' test_requests.py
        '@pytest.mark.parametrize(\n    "username, password",\n    (\n        ("user", "pass"),'
        '\n        ("alice", "s3cr3t-Pw1"),\n    ),\n)',
    "a source map's mappings":  # as code: in a JSON document each string is read alone
        'const map = {"version":3,"sources":["a.ts"],"mappings":"AAAA,'
        + _b64(_RNG6.randbytes(48)) + ',CAAC"}',
}


# Round eleven (tuned on half B of the ninth corpus only): passwords people choose.
_DICEWARE = ("otter", "velvet", "quarry", "ember", "lilac", "pylon", "saddle", "bramble")


def _words(count: int, mark: str) -> str:
    return mark.join(_RNG6.choice(_DICEWARE) for _ in range(count))


SECRETS |= {
    "a password of a name and a year, said in prose":
        "we changed the wiki password to lindqvist" + _random6("0123456789", 4) + " today",
    "a password of two words in camel case and a number, in Russian":
        "пароль к роутеру: fjordLupin" + _random6("0123456789", 2),
    "a passphrase of four words with no number":
        "vpn password: " + _words(4, "_") + " (shared)",
    "a passphrase of three words and a number": "The password is " + _words(3, "-")
                                                + _random6("123456789", 2) + ".",
    "a password after the Greek word and its verb":
        "ο κωδικός του router είναι Kx"  # noqa: RUF001
        + _random6("abcdefghjk", 5) + "!" + _random6("123456789", 3),
    "a password after the Hebrew word and its verb":
        "הסיסמה של השרת היא Tamar_" + _random6("123456789", 4) + ".",
    "a password in Persian, its verb after it":
        "رمز ورود به سرور " + "Bahar" + _random6("123456789", 4) + "! است",
    "a passphrase under a daemon's password directive":
        "# cache\nrequirepass " + _words(4, "-") + "\nmaxmemory 2gb",
    "a passphrase after a command's --pass":
        "$ kv-cli --host 10.0.0.7 --pass " + _words(4, "_") + " info",
    "a password under a setting that opens with a digit":
        "nmcli con modify office 802-1x.password 'Saddle" + _random6("123456789", 4) + "'",
    "an Omise secret key given as curl's user":
        "curl https://api.omise.co/charges -u skey_test_" + _random6(_LOWER36, 19) + ":",
    "an Asaas API key in a header (base64 of its hex, account number and $aach_ id)":
        "access_token: $aact_prod_" + _b64(f"{_random6(_HEX, 32)}::{_random6('0123456789', 15)}"
                                           f"::$aach_{_random6(_HEX, 36)}".encode()),
    "a Roblox session cookie pasted bare":
        "_|WARNING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you.|_"
        + _random6("0123456789ABCDEF", 300),
    "a Jetty password in its reversible OBF: encoding":
        "ops: OBF:" + "".join(_random6(_LOWER36, 4) for _ in range(10)) + ",admin",
    "a Wi-Fi password in a QR code's payload":
        'qr.add_data("WIFI:S:Lab-' + _random6("123456789", 3) + ';T:WPA;P:tulip'
        + _random6("123456789", 4) + ';;")',
    "an Erlang cookie given to erl": "erl -sname worker -setcookie " + _random6(_LOWER36, 24),
    "an Erlang cookie under a release's setting":
        "ELIXIR_RELEASE_COOKIE=" + _random6(string.ascii_uppercase, 20),
    "an Erlang cookie file printed":
        "$ cat $HOME/.erlang.cookie\n" + _random6(string.ascii_uppercase, 20),
    "a device's password directive quoted in Markdown":
        "then ran `MqttPassword Fennel#" + _random6("123456789", 4) + "` on its console",
    "a password after a Windows-style /sp: flag":
        "sqlpackage /a:Import /tsn:db01 /tu:sa /tp:wren" + _random6("123456789", 4)
        + " /sf:app.bacpac",
    "a domain user's password in a target with no scheme":
        "$ wmiexec.py 'CORP/svc_sql:heron" + _random6("123456789", 4) + "@10.4."
        + _random6("123456789", 1) + ".17'",
    "a NAS account and its chosen password in a handover note":
        "NAS: https://nas02:5001  admin account: ops.admin / marek" + _random6("123456789", 4),
    "a login of a user and a passphrase":
        "Login: kiosk / " + _words(3, "-") + _random6("123456789", 2) + " (front desk)",
    "a password made of the default keystore password and more":
        "server.ssl.key-store-password=Changeit" + _random6("123456789", 3) + "!",
    "a passphrase joined by dots after 'pass:'":
        "NAS - user: admin - pass: " + _words(3, ".") + "." + _RNG6.choice(("heron", "tulip"))
        + " - 2FA on",
}
ORDINARY |= {
    "an attribute's path to a password setting after the word":
        "Login: admin / settings.mail.relay is read at start",
    "the Java keystore's well-known default password": "server.ssl.key-store-password=changeit",
    "an account and a report of a year, no colon after the word":
        "the account owner / billing2024 report is due on Friday",
    "a user and a port before a host": "ssh -p 2222 deploy@10.0.3.4 'uptime'; ping 10.0.3.4",
    "an image pinned by its digest": "image: registry.corp:5000/app:1.4@sha256.corp.lan",
    "a password directive quoted in Markdown, its value a word":
        "the docs say to run `WebPassword disabled` to turn it off",
    "a Windows-style /p: flag taking a setting": "robocopy src dst /MIR /P:yes /R:3",
    "an Erlang cookie given to erl from the environment":
        'erl -sname worker -setcookie "$ERLANG_COOKIE"',
    "where an Erlang cookie is kept":
        "RABBITMQ_ERLANG_COOKIE_FILE=/var/lib/rabbitmq/.erlang.cookie",
    "a Wi-Fi QR payload built from a template":
        'payload = f"WIFI:T:WPA;S:{ssid};P:{password};;"',
    "an open Wi-Fi network's QR payload": "WIFI:T:nopass;S:Cafe-Guest;;",
    "the prefixes of Omise's and Asaas's keys, named in prose":
        "Omise secret keys start with skey_test_ in test mode; Asaas keys start with $aact_.",
    "Jetty's password forms, named in prose":
        "A realm.properties password may be plain, or given as OBF:, MD5: or CRYPT:.",
    "a name of words after a command's --pass":
        "$ pipeline --pass build-and-test-only --verbose",
    "a setting that opens with a digit, no password under it":
        "nmcli con modify office 802-1x.password-flags 2",
    "Persian prose about a password, no value in it":
        "رمز عبور باید حداقل ۸ کاراکتر باشد و هر ۹۰ روز عوض شود",
    "Greek prose about a code, a version after the verb":
        "ο κωδικός του προγράμματος είναι v2.4.1 στο αποθετήριο",  # noqa: RUF001
    "a name of three words after the word for a password":
        "The password for the build agent lives in vault-kv-store, not here.",
    "a word and a number that is no password":
        "Password reset emails are sent by notifier, see ticket 4821.",
}


# Round twelve (tuned on half A of the tenth corpus only): its own generator, so the cases
# above keep theirs.
_RNG12 = random.Random(20261207)
_NAMES12 = ("Meseret", "Kasun", "Sokha", "Aizhan", "Dagny", "Laima", "Aoife", "Rizal")


def _chosen12() -> str:
    """A password as people choose one: a name and a year or a day."""
    return _RNG12.choice(_NAMES12) + "".join(_RNG12.choice("0123456789") for _ in range(4))


SECRETS |= {
    "a password after the Amharic word": "የአገልጋዩ የይለፍ ቃል " + _chosen12() + " ነው",
    "a password after the Sinhala word and a colon": "සේවාදායකයේ මුරපදය: " + _chosen12(),
    "a password after the Khmer word and the words written onto it":
        "ពាក្យសម្ងាត់ថ្មីគឺ " + _chosen12(),
    "a password after the Lao word and the words written onto it":
        "ລະຫັດຜ່ານໃໝ່ແມ່ນ " + _chosen12(),
    "a password after the Burmese word and its particle": "စကားဝှက်အသစ်က " + _chosen12() + " ပါ",
    "a password after the Kazakh word written as one": "Сервер құпиясөзі " + _chosen12(),
    "a password after the Danish word": "Nyt kodeord til serveren: " + _chosen12() + "*",
    "a password after the Latvian word": "Serveris parole: " + _chosen12(),
    "a password after the Irish word and its copula":
        "Is é an focal faire nua ná " + _chosen12().lower() + "-eire",
    "a password after the Malay word and its verb":
        "Kata laluan untuk pelayan ialah " + _chosen12(),
    "a password after the borrowed English word and Tagalog's linker":
        "Ginamit ko yung password na " + _chosen12() + " pero ayaw",
    "a password after the borrowed English word and Singlish's particle":
        "router password eka " + _chosen12() + " machan",
}
ORDINARY |= {
    "Khmer prose about a password, no value in it": "សូមកុំចែករំលែកពាក្យសម្ងាត់របស់អ្នកជាមួយអ្នកដទៃ។",
    "Irish prose about a password, no value in it": "Athraíodh an focal faire go rathúil inné.",
    "Danish prose about a code, no value in it": "Koden til wifi står på bagsiden af routeren.",
    "Kazakh prose about a password, no value in it": "Құпия сөз кемінде 12 таңбадан тұруы керек.",
    "Singlish prose about a password, a word after the particle":
        "wifi password eka wenas kala machan, ask the office",
}


def _random12(alphabet: str, size: int) -> str:
    return "".join(_RNG12.choice(alphabet) for _ in range(size))


def _phrase12() -> str:
    """Two words and a number, as people make a passphrase of them."""
    return "-".join(_RNG12.sample(_DICEWARE, 2)) + "-" + _random12("123456789", 2)


SECRETS |= {
    "a login pair in prose after the word user, a password people choose":
        "The backup server's user is svc_backup / " + _chosen12() + " (read only).",
    "hex under an Authorization scheme that names a key, a public path after it":
        f"curl -H 'Authorization: API-Key {_random12(_HEX, 40)}' "
        "https://api.vendor.example/public/v1/documents",
    "a key given as curl's user with an empty password":
        "curl -u key_" + _random12(_BASE62, 27) + "=: https://api.vendor.example/v1/files",
    "a password in IRC's registration": "PASS " + _phrase12() + "\nNICK ops\nUSER ops 0 * :Ops",
    "a password typed twice after passwd between Enter keys":
        "==> qemu.debian: sudo passwd debian <enter>" + (pw := _phrase12()) + "<enter>" + pw
        + "<enter>",
    "a user and a password under a key that names a login":
        "docker run -e GRAPH_AUTH=graph/" + _chosen12() + ".x -p 7687:7687 graph:5",
    "a password in a mail relay's authinfo, quoted":
        'from /etc/mail/authinfo: `"U:mailer" "P:' + _chosen12() + '"`, kept for now',
    "a password in a UPS monitor's line":
        "MONITOR ups@nas 1 monuser " + _chosen12() + " secondary",
    "a passphrase after a user's address given to a command that signs in":
        "Verified by `doveadm auth test ops@mail.example " + _phrase12() + "` -> succeeded",
    "a key given to a cipher command after its algorithm and mode":
        "secure-tool string encrypt AES CBC " + _random12(_BASE62, 16) + " hello",
    "a generated value said to be a key": "so " + _random12(_BASE62, 16) + " is the staging key.",
}
ORDINARY |= {
    "an Authorization scheme that names a key, its value a variable":
        'curl -H "Authorization: API-Key $VENDOR_API_KEY" https://api.vendor.example/public/v1',
    "curl's user a variable, the password empty":
        'curl -u "$VENDOR_KEY:" https://api.vendor.example/v1/files',
    "IRC's registration with its password masked": "PASS ********\nNICK ops\nUSER ops 0 * :Ops",
    "passwd in a boot command, its password a template":
        'boot_command = ["sudo passwd debian<enter>{{ user `pw` }}<enter>{{ user `pw` }}<enter>"]',
    "a key that names a login, set to none": "GRAPH_AUTH=none",
    "a key that ends in auth but is OAuth's": "OAUTH=app/callback2",
    "a mail relay's authinfo with a placeholder": '"U:mailer" "P:<password>"',
    "a UPS monitor's line with its password a variable":
        "MONITOR ups@nas 1 monuser ${UPS_PASSWORD} secondary",
    "a command that signs in given only a user's address": "doveadm auth test ops@mail.example",
    "a cipher command given its key from the environment":
        "secure-tool string encrypt AES CBC ${SECURE_KEY} hello",
    "a setting's name said to be a key": "mule.key is the prod key, set in Runtime Manager",
    "an account's owner and a report, after the word account":
        "the account owner / billing2024 report is due on Friday",
}
SECRETS |= {
    "a password after the Catalan word and its verb": "La contrasenya nova és " + _chosen12(),
    "a password after the Albanian word and its verb": "Fjalëkalimi i ri është " + _chosen12(),
    "a password after the Bulgarian word and its verb":
        "Паролата за сървъра е " + _chosen12(),  # noqa: RUF001
    "a password after the Hausa word and its copula":
        "Kalmar sirrin wifi ce " + _chosen12() + "x",
    "a password after the Bengali word and its verb": "নতুন পাসওয়ার্ড হলো " + _chosen12(),
    "a password after the Nepali word, its verb last":
        "सर्भरको पासवर्ड अब " + _chosen12() + " हो",
    "a password after the Urdu word, its verb last":
        "سرور کا پاس ورڈ اب بھی " + _chosen12() + " ہے",
}
ORDINARY |= {
    "AWX's mask for a secret it never returns":
        '{"name": "vcenter", "inputs": {"username": "svc", "password": "$encrypted$"}}',
    "Transmission's hashed rpc-password":
        '"rpc-password": "{' + _random12(_HEX, 40) + _random12(_BASE62, 8) + '",',
    "Bulgarian prose about a password, no value after the verb":
        "Паролата е сменена успешно.",  # noqa: RUF001
}


def _uuid12() -> str:
    return str(uuid.UUID(int=_RNG12.getrandbits(128)))


#: Vendor tokens of public secret-scanner rules, bare in a sentence: the prefix alone says.
_VENDOR12 = {
    "1Password service account": "ops_eyJ" + _random12(_BASE62, 240),
    "Clojars": "CLOJARS_" + _random12(_LOWER36, 60),
    "Duffel": "duffel_live_" + _random12(_BASE62, 43),
    "Dynatrace": "dt0c01." + _random12(string.ascii_uppercase + string.digits, 24) + "."
                 + _random12(string.ascii_uppercase + string.digits, 64),
    "Flutterwave": "FLWSECK_TEST-" + _random12(_HEX, 32) + "-X",
    "Frame.io": "fio-u-" + _random12(_BASE62, 64),
    "HubSpot": "pat-na1-" + _uuid12(),
    "42 Intra": "s-s4t2ud-" + _random12(_HEX, 64),
    "OpenShift": "sha256~" + _random12(_BASE62, 43),
    "Brevo": "xkeysib-" + _random12(_HEX, 64) + "-" + _random12(_BASE62, 16),
    "SettleMint": "sm_pat_" + _random12(_LOWER36, 16),
    "Typeform": "tfp_" + _random12(_BASE62, 59),
    "Yandex": "AQVN" + _random12(_BASE62, 36),
    "Contentful": "CFPAT-" + _random12(_BASE62, 43),
    "Plaid": "access-production-" + _uuid12(),
    "Resend": "re_" + _random12(_BASE62, 8) + "_" + _random12(_BASE62, 24),
    "Atlassian (Confluence)": "ATCTT3xFfGF0" + _random12(_BASE62, 120),
    "Telnyx": "KEY" + _random12("0123456789ABCDEF", 32) + "_" + _random12(_BASE62, 22),
    "Zapier webhook": "https://hooks.zapier.com/hooks/catch/" + _random12("0123456789", 7) + "/"
                      + _random12(_LOWER36, 6) + "/",
}
SECRETS |= {f"a {vendor} token, bare in prose": f"Used {token} for the call."
            for vendor, token in _VENDOR12.items()}
ORDINARY |= {
    "a vendor's prefix named in prose": "Brevo keys start with xkeysib- and Typeform's with tfp_.",
    "an OpenShift image digest, not a token":
        "image: quay.io/openshift/origin-cli@sha256:" + _random12(_HEX, 64),
}
SECRETS |= {
    "a Wi-Fi network's key after its name": "Wi-Fi key: " + _chosen12() + " (guest network)",
    "a Wi-Fi network's key in German": "WLAN-Schlüssel: " + _chosen12() + "!",
    "a Wi-Fi network's key in French": "clé wifi : " + _chosen12(),
    "a Wi-Fi network's key in Portuguese": "chave do wifi: " + _chosen12(),
    "a login's user and password after the word creds": "creds: admin / " + _chosen12(),
    "a login's user and password after German's word for login data":
        "Zugangsdaten: admin / " + _chosen12(),
}
ORDINARY |= {
    "prose about a Wi-Fi key, no value in it": "the wifi key rotation is monthly, see the wiki",
    "credentials named with a placeholder pair":
        "creds: <user> / <password> go in the vault, never here",
}
SECRETS |= {
    "a password after the Serbian word and its Cyrillic verb":
        "Нова лозинка је " + _chosen12(),  # noqa: RUF001
    "a password after the Tajik word": "Рамз: " + _chosen12(),
    "a password after the Belarusian word": "Новае гасло " + _chosen12() + "x",
    "a password after the Turkmen word": "Açar sözi: " + _chosen12(),
    "a password after the Pashto word": "پټنوم: " + _chosen12(),
    "a password after the Igbo word": "Okwuntughe: " + _chosen12(),
    "a password after the Somali word": "Furaha sirta: " + _chosen12(),
    "a password after the Odia word": "ପାସୱାର୍ଡ: " + _chosen12(),
    "a password after the Maori word": "Kupuhipa: " + _chosen12(),
    "a password after the Malagasy word": "Tenimiafina: " + _chosen12(),
    "a password after the Javanese word": "Tembung sandhi: " + _chosen12(),
}
ORDINARY |= {
    "Tajik prose about a password, no value in it": "Рамзи шумо бояд 12 аломат бошад.",
    "Russian prose holding the Belarusian word's letters":
        "Табло погасло в 2019, Minsk2019x стоит на месте.",
}

@pytest.mark.parametrize("kind", SECRETS)
def test_a_secret_judged_by_its_shape_and_place_is_refused_and_redacted(kind: str) -> None:
    text = SECRETS[kind]
    assert find_credential(text) is not None, text
    out, count = redact(text.encode())
    assert count >= 1
    assert REDACTED.encode() in out
    assert rule_finding(out.decode()) is None


@pytest.mark.parametrize("kind", ORDINARY)
def test_an_ordinary_value_of_a_secret_shape_passes(kind: str) -> None:
    text = ORDINARY[kind]
    assert find_credential(text) is None, text
    assert redact(text.encode()) == (text.encode(), 0)


@pytest.mark.parametrize(("alphabet", "size"), [(_HEX, 32), (_LOWER36, 32), (_BASE62, 24),
                                                (_BASE62 + "+/", 32)])
def test_random_strings_of_each_alphabet_are_generated(alphabet: str, size: int) -> None:
    hits = sum(shapes.generated(_random(alphabet, size)) for _ in range(200))
    assert hits >= 0.8 * 200


@pytest.mark.parametrize("value", [
    "parseHttpResponseHandler", "user_profile_settings_v2", "MyApp2024ReleaseCandidateBuild7",
    "kubernetes-dashboard-7f9c8d6b5-x2x9p", "9b2f0c1e-4a7d-4e8b-9c3a-1f2e3d4c5b6a",
    "3f9a2b1c4d5e6f708192a3b4c5d6e7f809a1b2c3", "v1.2.3-beta.4+build.77",
    "xxxxxxxxxxxxxxxxxxxxxxxx",
    "node_modules/.bin/eslint", "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
    base64.b64encode(b"hello from the test suite").decode(),
])
def test_names_ids_digests_and_paths_are_not_generated(value: str) -> None:
    assert not shapes.generated(value)


def test_base64_of_a_pair_is_generated_and_of_text_is_not() -> None:
    # its own generator: drawn from the shared one, the value depended on which tests ran
    # before it in the worker (and 8% of such values do not read as generated)
    own = random.Random(20261207)
    secret = "".join(own.choice(_BASE62) for _ in range(20))
    pair = base64.b64encode(f"svc:{secret}".encode()).decode()
    text = base64.b64encode(b"gitledger decision record v1").decode()
    assert shapes.generated(pair)
    assert not shapes.generated(text)


# Round twelve (tuned on half B of the tenth corpus only): words for a password in more
# languages, the verbs between, vendor keys.  Its own generator, so earlier values stay.
_RNG12 = random.Random(20261212)
_NAMES12_B = ("Thabo", "Amina", "Kemal", "Irati", "Xoana", "Nodira", "Dragan", "Bisi")


def _digits12(count: int) -> str:
    return "".join(_RNG12.choice("123456789") for _ in range(count))


def _chosen_marked(symbol: str = "") -> str:
    """A password as people choose one: a name, maybe a mark, and a number."""
    return _RNG12.choice(_NAMES12_B) + symbol + _digits12(_RNG12.choice((2, 4)))


def _freemius_key() -> str:
    """sk_ and 29 printable characters with a digit, both cases and a symbol in them."""
    while True:
        body = "".join(_RNG12.choice(_PRINTABLE.replace("`", "")) for _ in range(29))
        if (any(c.isdigit() for c in body) and any(c.isupper() for c in body)
                and any(c.islower() for c in body)
                and any(not c.isalnum() and c not in "_.-" for c in body)):
            return "sk_" + body


SECRETS |= {
    "a New Relic browser agent's key in prose": "the browser snippet carries NRJS-"
        + "".join(_RNG12.choice(_HEX) for _ in range(19)) + " as its key",
    "a Freemius secret key in prose": "the plugin's secret key is " + _freemius_key(),
    "a password after the Zulu word and its verb":
        "Iphasiwedi ye-vpn ngu " + _chosen_marked("*"),
    "a password after the Hausa word and its verb":
        "Kalmar sirri ta sabon na'ura ita ce " + _chosen_marked("$"),
    "a password after the Uzbek word": "Wi-Fi paroli " + _chosen_marked(),
    "a password after the Basque word, its verb after it":
        "Pasahitz berria " + _chosen_marked("@") + " da",
    "a password after the Galician word and its verb":
        "O contrasinal do correo é " + _chosen_marked("-"),
    "a password after the Catalan word and its verb":
        "La contrasenya del wifi és " + _chosen_marked("."),
    "a password after the Bulgarian word and its verb": "Паролата за VPN е "  # noqa: RUF001
        + _chosen_marked(),
    "a password after the Serbian Cyrillic word and its verb":
        "Лозинка за VPN је " + _chosen_marked("!"),  # noqa: RUF001
    "a password after the Yoruba word and its verb":
        "Ọ̀rọ̀ aṣínà fún VPN ni " + _chosen_marked("&"),
    "a password in code-mixed chat, a Spanish verb after the English word":
        "the vpn password es " + _chosen_marked("#") + ", cámbialo",
}
ORDINARY |= {
    "a kernel's name of sk_ and words": "struct sk_buff_head_with_two_lists_a1 *queue;",
    "Zulu prose about a password": "Iphasiwedi yakho kufanele ibe nezinhlamvu eziyi-12.",
    "Basque prose about a password": "Pasahitza aldatu da.",
    "Bulgarian prose about a password":
        "Паролата е задължителна за всеки акаунт.",  # noqa: RUF001
    "a parole hearing in English prose": "The parole board meets on 12 May in room B2014.",
    "Hausa prose about a password": "Kada ka raba kalmar sirri da kowa.",
}
SECRETS |= {
    "a password one is told to sign in with, in Serbian Cyrillic":
        "Молим те пријави се са " + _chosen_marked("$") + " и промени је.",  # noqa: RUF001
    "a password one is told to sign in with, in Zulu":
        "Ngicela ungene nge Th" + _chosen_marked("@").lower() + " bese uyayishintsha",
    "a name and a year one is told to sign in with, in Bulgarian":
        "Здравей, влез с "  # noqa: RUF001
        + _RNG12.choice(_NAMES12_B) + "20" + _digits12(2) + " и я смени.",
    "a password one is told to use to sign in, in Hausa":
        "Don Allah yi amfani da " + _chosen_marked("*") + " don shiga.",
    "a device's root account and a passphrase on a sticky note":
        "sticky on the rack: PBX root — " + _words(2, "-") + "-" + _digits12(2),
    "a device's admin account and its password in a sheet's row":
        "Site 4\tMikroTik\t10.4.0.1\tadmin\tHeron" + _digits12(6) + "\tchanged 01/2026",
    "a user and words and a number after the word user":
        "batch user BATCH_SVC / " + _words(2, "-") + "-" + _digits12(2) + " works for the export",
    "a password in a wiki page's field and value table":
        "| field | value |\n|---|---|\n| host | nas01 |\n| password | H3ron" + _digits12(2) + " |",
    "a password under a DokuWiki table's header":
        "^ Host ^ Login ^ Passwort ^\n| nas01 | backup | Hirsch." + _digits12(4) + " |",
}
ORDINARY |= {
    "a product one signs in with": "Sign in with Office365 or your Google account.",
    "a user's name one signs in with": "log in with admin01 and the password from the vault",
    "the root account and a path": "root — /var/lib/postgresql owns the data directory",
    "the admin account and a masked password in a sheet's row":
        "Site 4\tMikroTik\t10.4.0.1\tadmin\t********\tchanged 01/2026",
    "a branch of words and a number after a slash": "merged release / hotfix-login-42 today",
    "a wiki page's table saying where the password is":
        "| field | value |\n|---|---|\n| user | admin |\n| password | in the team vault |",
}
SECRETS |= {
    "a password file printed, its name ending in pass":
        "$ cat ~/.backup-pass\n" + _chosen_marked() + "\n$ borg list",
    "a password given to an option whose name runs a word into pw":
        "voicechat-server -ini /etc/vc.ini -adminpw " + _RNG12.choice(_NAMES12_B) + "20"
        + _digits12(2),
    "a user and its password under a setting named for the user":
        "export BACKUP_USER=svc_backup:" + "".join(_RNG12.choice(_BASE62) for _ in range(22)),
    "a line of davfs2's secrets file":
        "# ~/.davfs2/secrets\n/media/dav  kemal  \"" + _chosen_marked() + "\"",
    "a davfs2 secrets line quoted in chat":
        "davfs asks every time; put `https://dav.example.org/files/kemal kemal "
        + _chosen_marked(".") + "` in its secrets file",
}
ORDINARY |= {
    "an option that bypasses a proxy": "tool --bypass proxy01 --verbose",
    "ids under a setting named for the user": "DOCKER_USER=1000:1000",
    "a user and its group under a setting named for the user": "RUN_AS_USER=www-data:www-data",
    "davfs2's secrets line with placeholders":
        "# ~/.davfs2/secrets\n/media/dav  <user>  <password>",
    "a file of passwords printed, and a message": "$ cat ~/.backup-pass\ncat: No such file",
}


def _flutterwave_key() -> str:
    return "FLWSECK_TEST-" + "".join(_RNG12.choice("abcdefgh0123456789") for _ in range(32)) + "-X"


SECRETS |= {
    "a Brevo key in prose": "brevo: xkeysib-" + "".join(_RNG12.choice(_HEX) for _ in range(64))
                            + "-" + "".join(_RNG12.choice(_BASE62) for _ in range(16)),
    "a Flutterwave secret key in prose": "rotated " + _flutterwave_key() + " today",
    "a Dynatrace token on a line of its own": "the key:\ndt0c01." + "".join(
        _RNG12.choice(string.ascii_uppercase + string.digits) for _ in range(24)) + "."
        + "".join(_RNG12.choice(string.ascii_uppercase + string.digits) for _ in range(64)),
    "a Mercado Pago access token in prose": "mp: APP_USR-" + _digits12(16) + "-" + _digits12(6)
                                            + "-" + "".join(_RNG12.choice(_HEX) for _ in range(32))
                                            + "-" + _digits12(9),
    "a Tailscale auth key in a table's cell": "| tailscale | tskey-auth-k" + "".join(
        _RNG12.choice(_BASE62) for _ in range(12)) + "-" + "".join(
        _RNG12.choice(_BASE62) for _ in range(30)) + " |",
    "a password after the Italian loanword and its verb":
        "la password del router è " + _chosen_marked("!"),
    "a password after the Romanian word and its verb": "Parola nouă este " + _chosen_marked("."),
    "a password one is told to sign in with, in Swedish":
        "Logga in med " + _chosen_marked("#") + " och byt det sedan",
}
ORDINARY |= {
    "an API gateway's name after API-": "deployed the API-GATEWAY-PRODUCTION-EUWEST1 stack",
    "Italian prose about a password": "La password è obbligatoria per ogni utente.",
    "Swedish prose about signing in": "Logga in med ditt BankID och välj konto.",
}
SECRETS |= {
    "a password after the Luxembourgish word": "Passwuert: " + _chosen_marked("!"),
    "a password after the Lao word and its unspaced verb": "ລະຫັດຜ່ານແມ່ນ " + _chosen_marked("."),
    "a password in Hinglish, the copula after the English word":
        "wifi ka password hai " + _chosen_marked("@") + " abhi",
}
ORDINARY |= {
    "Hinglish prose about a password": "password hai kya tumhare paas? bhej do",
}


# Round thirteen (tuned on half A of the eleventh corpus only): what chat points at with an
# arrow, keyboard walks, Hadoop's properties, Indic headers.  Its own generator.
_RNG13a = random.Random(20261313)
_NAMES13a = ("Chidi", "Parveen", "Tuyet", "Oksana", "Yerlan", "Malalai", "Siosaia", "Ilka")
_WALKS13a = ("qwert", "asdfg", "zxcvb", "poiuy", "lkjhg", "mnbvc")


def _digits13a(count: int) -> str:
    return "".join(_RNG13a.choice("123456789") for _ in range(count))


def _chosen13a(symbol: str = "") -> str:
    """A password as people choose one: a name, maybe a mark, and a number."""
    return _RNG13a.choice(_NAMES13a) + symbol + _digits13a(_RNG13a.choice((2, 4)))


def _walked13a(symbol: str = "") -> str:
    """A keyboard row walked, maybe a mark, and a word: no digit in it."""
    return _RNG13a.choice(_WALKS13a) + symbol + _RNG13a.choice(("lagos", "hanoi", "kyiv", "oslo"))


def _base62_13a(size: int) -> str:
    return "".join(_RNG13a.choice(_BASE62) for _ in range(size))


SECRETS |= {
    "a password after a Vietnamese word that ends before the colon":
        "Mật khẩu wifi mới đổi nè: " + _chosen13a("!"),
    "a passphrase flag after a PKCS #12 file on the line":
        'security import ~/signing-cert.p12 -k ci.keychain-db -P "' + _base62_13a(8) + "*"
        + _base62_13a(7) + '" -A',
    "a password an arrow points at after the word for one":
        "పాస్\u200cవర్డ్ మారింది 👉 " + _chosen13a("@"),
    "a password an arrow points at after the Japanese word": "パスワード変わりました → "
                                                             + _chosen13a("#"),
    "a password after the English word as Arabic writes it":
        "الباسورد الجديد بتاع الـ router: " + _chosen13a("*"),
    "a keyboard walk and a word after a colon": "the old password: " + _walked13a(),
    "a keyboard walk, a mark and a word after pass and a dash":
        "id - flat 4\npass - " + _walked13a("!"),
    "a password in a Hadoop site file's property":
        "<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>"
        + _base62_13a(18) + "</value>\n</property>",
    "a password under a Devanagari header's password column":
        "क्र.\tनाव\tयुजरनेम\tपासवर्ड\n1\tराजेश\tRAJ01\t" + _chosen13a(".") + "\n",
}
ORDINARY |= {
    "Vietnamese prose about a password, a colon and a word": "Mật khẩu wifi mới đổi nè: hỏi quầy",
    "a certificate's fingerprint after its file": "cert.pem fingerprint: " + _base62_13a(20),
    "an arrow pointing at where a password is": "పాస్\u200cవర్డ్ మారింది 👉 reception",
    "prose about a keyboard walk as a password": "the password qwerty is on every list",
    "a Hadoop property that points at a credential store":
        "<property>\n  <name>hadoop.security.credential.provider.path</name>\n"
        "  <value>jceks://hdfs/user/hive/metastore.jceks</value>\n</property>",
    "a Devanagari header's password column, masked":
        "क्र.\tनाव\tयुजरनेम\tपासवर्ड\n1\tराजेश\tRAJ01\t(वेगळा)\n",
}
SECRETS |= {
    "a password after a verb and the first colon further on the line":
        "A one-time password was issued for this session: " + _chosen13a() + "x",
    "a password after the borrowed word, a verb and a colon in Hinglish":
        "ghar ka password badal diya gaya, naya wala likh lo: " + _chosen13a(),
    "a made-up password after the user's name given to a login command":
        "steamcmd +login svcbot " + _digits13a(4) + "wasd!" + _RNG13a.choice(_NAMES13a).lower()
        + " +quit",
}
ORDINARY |= {
    "a password's rule after a verb and a colon": "The password is checked against: a denylist",
    "a login command given a user and a placeholder split into words":
        "query login serveradmin <password from the " + _RNG13a.choice(_NAMES13a).lower()
        + ".ini.secret>",
    "a login command given an anonymous user": "steamcmd +login anonymous +app_update 90 +quit",
}
SECRETS |= {
    "a password in an Apache Shiro users section":
        "[users]\n# who may sign in\nops = " + _chosen13a("!") + ", admin\n\n[main]\n",
}
ORDINARY |= {
    "an Apache Shiro users section's commented examples and a role":
        "[users]\n# ops = password1, admin\nguest = guest, readonly\n\n[main]\n",
    "a Samba share named users": "[users]\n   path = /srv/users\n   browseable = yes\n",
}
SECRETS |= {
    "a password after Vietnamese's short word for one and 'is' typed without its mark":
        "em oi mk wifi phong hop la " + _chosen13a() + " nhe",
    "a password after Vietnamese's word for one typed without its marks":
        "Mat khau email moi: " + _chosen13a(),
}
ORDINARY |= {
    "Vietnamese prose about a password typed without its marks":
        "mk wifi la gi vay? quen mat roi",
    "a word opening with mk": "mkdir -p build2024 && cd build2024",
}
SECRETS |= {
    "a password after the English word as Persian writes it": "پسورد وای فای: " + _chosen13a(),
    "a password after the English word as Korean writes it":
        "와이파이 패스워드는 " + _chosen13a() + " 입니다",
    "a password after the English word as Thai writes it": "พาสเวิร์ด wifi คือ " + _chosen13a(),
    "a password on the line under a pointing hand": "wifi password 👇\n" + _chosen13a(),
}
ORDINARY |= {
    "Persian prose about changing a password": "پسورد رو عوض کردم، بعدا میگم",
    "Korean prose about a forgotten password": "패스워드를 잊어버렸어요",
}
SECRETS |= {
    "a keychain's password given to macOS's security":
        "security unlock-keychain -p " + _chosen13a() + " ~/Library/Keychains/ci.keychain-db",
    "an archive's password given to unzip": "unzip -P " + _chosen13a() + " reports.zip",
    "an archive's password given to unrar": "unrar x -p" + _chosen13a() + " backup.rar",
}
ORDINARY |= {
    "a keychain's password from the environment given to macOS's security":
        'security create-keychain -p "$KEYCHAIN_PASSWORD" build.keychain',
    "rar asked to prompt for a password": "rar a -p backup.rar docs/",
}
SECRETS |= {
    "a password in a here-string fed to a command that reads one":
        "keepassxc-cli show vault.kdbx web <<< " + _chosen13a(),
    "a password given to Mosquitto's password tool":
        "mosquitto_passwd -b /etc/mosquitto/passwd sensor " + _chosen13a(),
    "a password hashed by openssl passwd": "useradd -p $(openssl passwd -6 " + _chosen13a()
                                           + ") deploy",
    "a password given to openssl enc": "openssl enc -aes-256-cbc -k " + _chosen13a()
                                       + " -in db.sql -out db.sql.enc",
}
ORDINARY |= {
    "a variable in a here-string fed to a command that reads a password":
        'keepassxc-cli show vault.kdbx web <<< "$KP_PASS"',
    "a here-string fed to a command that reads no password": 'grep -c foo <<< "hello world"',
    "a salt given to openssl passwd": "openssl passwd -6 -salt harborlight",
    "a key file given to openssl enc": "openssl enc -aes-256-cbc -kfile key.bin -in a -out b",
}
SECRETS |= {
    "a Wi-Fi network's code, as French chat calls its password":
        "le code du wifi c'est " + _chosen13a(),
    "a Wi-Fi network's security key, as Windows names its password":
        "Network security key: " + _chosen13a(),
    "a password after the Hindi word and its verb": "पासवर्ड है " + _chosen13a(),
}
ORDINARY |= {
    "prose about where a Wi-Fi network's code is": "the wifi code is on the router sticker",
    "Hindi prose asking whether there is a password": "पासवर्ड है क्या? भेज दो",
}


# Round thirteen, half B (tuned on half B of the eleventh corpus only): more words for a
# password and the verbs between, a few words between the word and a made-up value.  Its own
# generator, so earlier values stay.
_RNG13b = random.Random(2026120713)
_NAMES13b = ("Dimitra", "Sukarni", "Hodan", "Batbold", "Anahit", "Ramona", "Guadalupe")


def _digits13b(count: int) -> str:
    return "".join(_RNG13b.choice("123456789") for _ in range(count))


def _chosen13b(symbol: str = "") -> str:
    """A password as people choose one: a name, maybe a mark, and a number."""
    return _RNG13b.choice(_NAMES13b) + symbol + _digits13b(_RNG13b.choice((2, 4)))


SECRETS |= {
    "a password after the Greek word typed in Latin letters, the verb further on":
        "o kwdikos gia to router tou grafeiou einai " + _chosen13b(),
    "a made-up password a few words after the Greek word":
        "κωδικός για το webmail " + _chosen13b("#"),  # noqa: RUF001
    "a password after the borrowed word and Armenian's article":
        "router-i password@ " + _chosen13b("_") + " e",
    "a password after the Mongolian word in Latin letters":
        "shine nuuts ug " + _chosen13b("!") + ", martuuzai",
    "a password after the Javanese word, 'now' between":
        "sandi wifi omah saiki " + _chosen13b() + ", ojo disebar",
    "a password after the Javanese word and its suffix": "sandine " + _chosen13b() + ". Nuwun",
    "a password after the borrowed word and Javanese's 'becomes'":
        "password email ganti dadi " + _chosen13b("@") + ".",
    "a password after the Somali words and its verb":
        "erayga sirta ah ee emailka waa " + _chosen13b("_"),
    "a password after Mexican Spanish's short word and its verb":
        "la contra del correo es " + _chosen13b("@") + ", no la cambies",
    "a password after the Romanian word and its short verb":
        "Parola de la router e " + _chosen13b() + ", nu o da",
    "a password after the borrowed word and the Cantonese copula run on":
        "office wifi password係 " + _chosen13b().lower() + ", 唔好講",
}
ORDINARY |= {
    "Javanese prose about a password changed": "sandi wifi omah wis diganti, takon bapak yo",
    "Mexican Spanish prose about who has a password":
        "la contra del correo la tiene Guadalupe, pídesela",
    "a product a few words after the Greek word":
        "κωδικός για το λογαριασμό Office365 στο portal",  # noqa: RUF001
    "Spanish prose with contra, against": "Probé contra el servidor de staging y es igual.",
    "Romanian prose about a password": "Parola e obligatorie pentru fiecare cont.",
}


def _letters13b(size: int) -> str:
    """A generated key that happens to hold no digit: random letters of both cases."""
    while True:
        value = "".join(_RNG13b.choice(string.ascii_letters) for _ in range(size))
        if sum(a.isupper() != b.isupper() for a, b in itertools.pairwise(value)) >= size // 2:
            return value


SECRETS |= {
    "a key under a name whose vendor runs letters into digits, in a diff":
        "+  - I18N_API_KEY=" + "".join(_RNG13b.choice(_BASE62) for _ in range(32)),
    "a generated key of letters only under an API key header":
        "headers:\n  x-api-key: " + _letters13b(22),
    "a key under Honeycomb's API key header":
        "exporters:\n  otlp:\n    headers:\n      x-honeycomb-team: " + _letters13b(22),
    "a password in a dotenv file written by a tool call, its lines escaped":
        json.dumps({"tool": "write_file", "arguments": {
            "path": "app.env",
            "content": "SMTP_HOST=mail.lab\nSMTP_PASSWORD=" + _chosen13b("!")
                       + "\nSMTP_PORT=587\n"}}),
}
ORDINARY |= {
    "a count of tokens under n_, a qualifier": "n_tokens: 4096",
    "a class's name under an API key header": "x-api-key: XMLHttpRequestObject",
    "Honeycomb's dataset header": "x-honeycomb-dataset: production-logs",
    "a dotenv file written by a tool call, its password a reference":
        json.dumps({"tool": "write_file", "arguments": {
            "path": "app.env",
            "content": "SMTP_HOST=mail.lab\nSMTP_PASSWORD=${SMTP_PASSWORD}\nSMTP_PORT=587\n"}}),
}
SECRETS |= {
    "a password as the last argument of a JSON-RPC login call":
        'requests.post(url, json={"id": 1, "method": "login", "params": ["admin", "'
        + _chosen13b("@") + '"]})',
    "a literal a secret option's command echoes":
        "$ dagger call deploy --registry-password=cmd:\"echo "
        + "".join(_RNG13b.choice(_BASE62 + "-=") for _ in range(24)) + "\"",
}
ORDINARY |= {
    "a JSON-RPC login call with a placeholder password":
        '{"method": "login", "params": ["admin", "password"]}',
    "a secret option reading a password manager":
        '$ dagger call deploy --api-token=cmd:"op read op://ci/api/token"',
    "a secret option echoing a variable": '$ dagger call deploy --api-token=cmd:"echo $API_TOKEN"',
}
SECRETS |= {
    "a password after the Vietnamese word typed without its diacritics":
        "mat khau wifi: " + _chosen13b("_"),
    "a password after the Turkish word typed without its cedilla": "sifre: " + _chosen13b("!"),
    "a password after the Polish word typed without its stroke":
        "haslo do wifi to " + _chosen13b(),
    "a password after Swahili's other word and its verb": "nywila ya wifi ni " + _chosen13b(),
}
ORDINARY |= {
    "Vietnamese prose about a password, typed without diacritics":
        "Mat khau phai co it nhat 8 ky tu, gom chu hoa va so.",
    "Polish prose about a password, typed without its stroke": "haslo zostalo zmienione wczoraj",
}
SECRETS |= {
    "a password typed into the shell's history right after su":
        "  88  su - postgres\n  89  " + _chosen13b() + "\n  90  exit",
    "a keyboard walk typed into the shell's history right after ssh":
        "  41  ssh ops@10.0.4.2\n  42  qazwsx" + "".join(
            _RNG13b.choice(string.ascii_lowercase) for _ in range(5)) + "\n  43  history",
    "a keyboard walk after the word password": "the printer's password is asdfgh"
        + "".join(_RNG13b.choice(string.ascii_lowercase) for _ in range(4)),
}
ORDINARY |= {
    "commands alone in the shell's history after ssh":
        "  41  ssh ops@10.0.4.2\n  42  htop\n  43  python3\n  44  md5sum\n  45  history",
    "a command with a dash in the shell's history after su":
        "  88  su - postgres\n  89  deploy-all\n  90  exit",
}
_PARTS13b = ("Director", "Cluster", "Backup", "Mirror", "Api", "Agent", "Relay", "Ingest")
ORDINARY |= {
    "a constant named for the secret, in a config language that quotes its strings":
        'object ApiUser "' + _RNG13b.choice(_PARTS13b).lower() + '" {\n  password = '
        + _RNG13b.choice(_PARTS13b) + _RNG13b.choice(_PARTS13b) + "Password  // from constants\n}",
}
SECRETS |= {
    "capitalised words as a password in an environment file":
        "DB_PASSWORD=" + _RNG13b.choice(_PARTS13b) + _RNG13b.choice(_PARTS13b) + "Password",
    "capitalised words with a number as a password in a quoted config":
        'object ApiUser "relay" {\n  password = ' + _RNG13b.choice(_PARTS13b) + "Password"
        + _digits13b(4) + "\n}",
}
SECRETS |= {
    "a generated value on a line a diff adds":
        "```diff\n WORKER_HOST=queue.internal\n+WORKER_SEED="
        + "".join(_RNG13b.choice(_BASE62) for _ in range(32)) + "\n```",
}
ORDINARY |= {
    "a version on a line a diff adds":
        "```diff\n-WORKER_IMAGE=queue:1.4.2\n+WORKER_IMAGE=queue:1.5.0\n```",
}


def _token13b(alphabet: str, size: int) -> str:
    return "".join(_RNG13b.choice(alphabet) for _ in range(size))


def _uuid13b() -> str:
    return str(uuid.UUID(int=_RNG13b.getrandbits(128), version=4))


SECRETS |= {
    "a Fly.io token of the fo1_ kind in prose":
        "fly deploy used fo1_" + _token13b(_BASE62 + "_-", 43) + " from the runner",
    "a Fly.io macaroon of the fm1r_ kind in prose": "FLY_API_TOKEN is fm1r_"
        + _token13b(_BASE62 + "+/", 120) + " now",
    "a dbt Cloud user token in prose": "Note: dbtu_" + _token13b(_BASE62 + "_-", 40) + " was used",
    "a Langfuse secret key in prose": "Note: sk-lf-" + _uuid13b() + " was used",
    "a Yandex OAuth token in prose": "Note: y0_" + _token13b(_BASE62 + "_-", 55) + " was used",
    "an Akamai EdgeGrid token in prose": "Note: akab-" + _token13b(_LOWER36, 16) + "-"
        + _token13b(_LOWER36, 16) + " was used",
    "a Firecrawl key in prose": "Note: fc-" + _token13b(_HEX, 32) + " was used",
    "a Browserbase key in prose": "Note: bb_live_" + _token13b(_BASE62 + "_-", 27) + " was used",
    "an Axiom token in prose": "Note: xaat-" + _uuid13b() + " was used",
    "a Helicone key in prose": "Note: sk-helicone-" + "-".join(
        _token13b(_LOWER36, 7) for _ in range(4)) + " was used",
}
ORDINARY |= {
    "a Langfuse public key in prose": "langfuse public key pk-lf-" + _uuid13b(),
    "a dbt model's name in prose": "ran dbt_utils and the dbtc_models_staging_orders model",
}
SECRETS |= {
    "a name and a year two words after the Russian word":
        "пароль от роутера " + _RNG13b.choice(_NAMES13b) + "20" + _digits13b(2),
    "a password after the Arabic words with no article":
        "كلمة سر الراوتر " + _chosen13b("@"),
}
ORDINARY |= {
    "Russian prose about a password for an account": "пароль от почты поменяли вчера",
    "a product with a count two words after the Russian word":
        "пароль для учётки Office365 сбросили",
}
SECRETS |= {
    "a password under a key that runs a word into pass": "smtppass=" + _chosen13b(),
    "a password under offlineimap's remotepass":
        "[Repository remote]\nremotepass: " + _chosen13b(),
}
ORDINARY |= {
    "a filter's pass band under a key": "highpass = 200hz",
    "a renderer's pass under a key": "renderpass: shadow_main",
    "batch's prompt for a password under a key named for it":
        "set /p DB_PASS=Enter password for exporter: \nset PGPASSWORD=%DB_PASS%",
}
SECRETS |= {
    "a password after Swahili's 'secret word' and its verb":
        "Neno la siri la router ni " + _chosen13b(),
    "a password after the Kinyarwanda words and its verb":
        "ijambo ry'ibanga rya router ni " + _chosen13b(),
    "a password after the borrowed word and Arabic chat's 'it is'":
        "el password bta3 el router howa " + _chosen13b(),
    "a password after the borrowed word and Manglish's 'it'":
        "password router dia " + _chosen13b(),
}
ORDINARY |= {
    "Swahili prose about a secret word": "Neno la siri lazima liwe refu na gumu kukisia.",
    "Spanish prose about the password of the day": "el password del dia se envía por SMS",
}


# -- round fourteen (A): chosen passwords by their shape and their place on a line, in any
# language: no word list, phrase or product.  The dicts above are extended in place, so the
# tests above take these cases too.
_RNG14a = random.Random(20261214)
_SYLLABLES14a = ("ka", "mo", "ri", "ta", "ne", "lu", "sa", "vo", "pe", "di")


def _made_up_name(rng: random.Random, syllables: tuple[str, ...]) -> str:
    """A capitalised made-up name of three syllables."""
    return "".join(rng.choice(syllables) for _ in range(3)).capitalize()


def _name14a() -> str:
    return _made_up_name(_RNG14a, _SYLLABLES14a)


def _year14a() -> str:
    return str(_RNG14a.randint(1960, 2024))


_LEET14a = str.maketrans({"a": "@", "e": "3", "o": "0", "i": "1"})


def _leet14a() -> str:
    """A made-up name with its first vowel spelt as a sign or a digit, and a number."""
    name = _name14a()
    return name[0] + name[1].translate(_LEET14a) + name[2:] + str(_RNG14a.randint(10, 99))


def _short_leet14a() -> str:
    """Leetspeak of six characters: a name's first four letters and its number."""
    leet = _leet14a()
    return leet[:4] + leet[-2:]


SECRETS |= {
    "a name and a year ending a line further on from the word for a password":
        f"[9:14 PM] Dad: changed the wifi password tonight, the new one {_name14a()}"
        f"{_year14a()}\n[9:15 PM] Ana: ok",
    "a name, a number and a mark alone in prose":
        f"Vela nori taki sera {_name14a()}{_RNG14a.randint(1000, 9999)}!. Suma lenu",
    "a two-word name run into a hash and a year alone in prose":
        f"Nori taki sera {_name14a()}{_name14a()}#{_year14a()} , lenu",
    "a leetspeak word after a colon in prose":
        f"Vela nori taki sera: {_leet14a()}. Suma lenu!",
    "a keyboard walk run into a name after a colon in prose":
        f"Vela nori sera: 1q2w3e4r{_name14a()}. Suma",
    "a short leetspeak password right after the word":
        f"checked with psql, with password {_short_leet14a()} typed at the prompt",
    "a password in a value element under a name attribute that names one":
        f'<variable name="DB_PASSWORD">\n  <value>{_name14a()}{_year14a()}</value>\n'
        "</variable>",
    "a password in a value element under a name element that names one":
        f"<property>\n  <name>smtp.password</name>\n  <value>{_name14a()}{_year14a()}x"
        "</value>\n</property>",
    "an unquoted password with an ampersand under its key":
        f"pg.password={_name14a()[:2]}&{_RNG14a.randint(10, 99)}{_random(_BASE62, 12)}\n"
        "pg.user=ro",
}
ORDINARY |= {
    "a product with its number in the middle of a sentence after the word":
        "the password for Office2016 users expires every month",
    "a list of example passwords after the word":
        "Passwords like Winter2023!, Amsterdam1990 or B@nana77 are refused by the policy.",
    "a ticket's id after the word": "password reset 3 times today (see OPS-4471).",
    "a user at a host after the word": "Please enter the password for 'deploy@db01:5432':",
    "a colour after a colon in prose": "the brand colour is now: #a1b2c3.",
    "a handle after a colon in prose": "Assigned to the reviewer: @dev42.",
    "chat spelling letters with digits after the word":
        "el password bta3 el router et8ayar embareh, ta3ala",
    "a query's next parameter after an ampersand under a key":
        "token_type=bearer&expires_in=3600",
    "a value element under a name that names no secret":
        '<variable name="BUILD_NUMBER">\n  <value>Release2024</value>\n</variable>',
}


# A review of rounds thirteen and fourteen's code (helper-68): ordinary text the new words
# and shapes had refused.
ORDINARY |= {
    "a make fragment's file name before a colon": "Built with Android.mk: libfoo2024 and others",
    "sanding, not Indonesian's word for a password": "After sanding is Hardwood2024 smooth",
    "a SanDisk card's name": "The Sandisk card is named Extreme2024x here",
    "Italian's earthquake": "Il sisma del 2016 è Amatrice2016",
    "Spanish's 'against'": "Per la contra: Barcelona2024",
    "a bucket's name after a colon": "The instance we use for this step: s3bucket01.",
    "an argument's name after a colon": "Called with args: foo3bar99",
    "a node's name after a colon": "Set the node name to: n0de01",
}


# -- round fifteen (B): what a chosen value looks like and where it stands, in any language
# and for any product (no word list, phrase, vendor prefix or tool's name).  The dicts above
# are extended in place, so the tests above take these cases too.
_RNG15b = random.Random(20261215)
_SYLLABLES15b = ("ba", "lo", "mi", "ke", "ru", "sa", "to", "ne", "vi", "da")


def _name15b() -> str:
    return _made_up_name(_RNG15b, _SYLLABLES15b)


def _year15b() -> str:
    """A birth year: a name and a recent year is as often an event's (``Tokyo2020``)."""
    return str(_RNG15b.randint(1960, 2005))


def _token15b(alphabet: str, size: int) -> str:
    return "".join(_RNG15b.choice(alphabet) for _ in range(size))


SECRETS |= {
    "a walk of the rows' first keys stacked, run into a name, under a password column":
        f"Site\tUser\tPassword\nwiki\tops\tqweasdzxc{_name15b()}",
    "a walk of the digits' row then the letters', run into a name, after the word":
        f"the kiosk password is 1234qwer{_name15b()}, ask before changing it",
}
ORDINARY |= {
    "keys a game binds, named in prose": "Move with the qweasd keys and pick items with 1234.",
}
SECRETS |= {
    "a made-up password given to a short option after a verb 'pub'":
        "verified by `cli pub -h broker.lan -u probe-01 -P "
        f"'{_name15b()}@{_RNG15b.randint(10, 99)}!' -t a/b -m 1`",
}
ORDINARY |= {
    "a key listing's 'pub' line before a fingerprint":
        f"pub   rsa4096/0x{_token15b(_HEX, 16).upper()} 2024-01-02 [SC]\n"
        f"      {_token15b(_HEX, 40).upper()}",
}
SECRETS |= {
    "a password under a joined key after a verb in prose":
        f"My app.conf has admin_passwd = {_name15b()}&{_name15b()}{_RNG15b.randint(10, 99)} but"
        " the manager still refuses",
}
ORDINARY |= {
    "a qualified key before its value": f"the primary key = {_name15b().lower()}_id",
}
SECRETS |= {
    "a short chosen password given to an auth call named for a password":
        f"await client.authWithPassword('ops@{_name15b().lower()}.dev', "
        f"'{_name15b()[0]}@$' + '{_RNG15b.randint(100, 999)}')".replace("' + '", ""),
}
ORDINARY |= {
    "variables given to an auth call named for a password":
        "await client.authWithPassword(process.env.APP_EMAIL, process.env.APP_PASSWORD);",
    "a placeholder given to an auth call named for a password":
        "await client.authWithPassword('me@example.com', 'password');",
}
SECRETS |= {
    "a key in generated parts joined by slashes, given to an option named for a key":
        f"cli eval --sdk-key {_name15b().lower()}-sdk-1/{_token15b(_BASE62, 22)}/"
        f"{_token15b(_BASE62, 22)} --flag-keys a,b",
}
ORDINARY |= {
    "paths given to options named for a key":
        f"cli run --ssh-key keys/prod/deploy_ed25519 --tls-key ~/certs/{_token15b(_HEX, 32)}.key"
        " --api-key vault/kv/app",
}


def _digits15b(size: int) -> str:
    return "".join(_RNG15b.choice(string.digits) for _ in range(size))


def _birthday15b() -> str:
    """A month and a year, as people number a password with a birthday (``092022``)."""
    return f"{_RNG15b.randint(1, 12):02d}{_year15b()}"


SECRETS |= {
    "a name and a year in Latin letters on a Cyrillic line":
        f"Салам, почта хәзер {_name15b()}{_year15b()}, иртәгә алыштырырбыз",
    "a name run into a year in Latin letters on a Hebrew line":
        f"טייערער חבר, דאס נייע איז {_name15b()}{_name15b()}{_digits15b(4)}. אַ גוטן טאָג",
    "a keyboard walk run into a name standing in prose":
        f"the new wifi thing is qwerty{_digits15b(3)}{_name15b()}, he wrote it on the box",
    "leetspeak with a sign inside ending a sentence":
        f"Nori taki sera vo ni 1{_name15b()[1:3].lower()}3z@{_digits15b(2)}. Murakoze",
    "a name, a mark and a birthday ending a clause":
        f"Bro la cuenta del tele es {_name15b()}_{_birthday15b()}, no la cambies porfa",
    "a name and a year a word or two before the sentence's end, on a line naming a password":
        f"the password got changed at noon, use {_name15b()}{_year15b()} tonight.",
}
ORDINARY |= {
    "a product and its year on a Cyrillic line": "Обновили сервер до Windows2019, всё работает.",
    "a list of examples on a Cyrillic line":
        "Плохие примеры: Summer2024, Winter2023 и Moskva1990 — не используйте.",
    "a keyboard walk named in prose with no name run into it":
        "Avoid qwerty123 and similar walks along the keyboard.",
    "a file's dated name ending a clause": "Saved as report_20240105, see the attachment.",
    "a compound after the word a word before the sentence's end":
        "Tip: a passphrase beats P@ssw0rd-style tricks.",
}
SECRETS |= {
    "a name and digits alone on a line of a note's transcript":
        "[note on the screen]\nPC front desk\n"
        f"{_name15b()}{_name15b()}{_digits15b(4)}\ndo not touch!",
    "a name and a birthday quoted as a chat message":
        f"Ana: reset it for you just now\nAna: `{_name15b()}_{_birthday15b()}`\nBo: thanks, in now",
    "two names run into digits opening a reply":
        f"> what was the realm account again\n{_name15b()}{_name15b()}{_digits15b(4)} lol same",
    "a name and a year as a chat message before a dash":
        f"Amy Chen: what is it here? it just says ask\nSam Ortiz: {_name15b()}{_year15b()} — "
        "I'll move it next week\nAmy Chen: thx",
}
ORDINARY |= {
    "settings of one word each, a name and a year among them":
        "Theme: Autumn2023\nFont: Arial\nSize: 12",
    "a release and its year opening a sentence": "Release2024 notes are out, see the wiki.",
    "a list of names with their numbers, one a line": "Servers:\nAlpha2019\nBravo2020\nDelta2021",
    "an event and its year before a dash": "Hackathon2025 — photos are up in the drive",
    "an expo and its year on a line of another script":
        "Выставка Expo2030 пройдёт в Эр-Рияде, билеты уже в продаже.",
    "a statement's month and year closing a clause": "Attached Statement_072024, paid in full.",
    "a month and its year after a word for a password":
        "we rotated the password rules in October2025 again.",
    # a review of round fifteen's code (helper-72): prices, layouts, files' and events' dates
    "a price with its currency's sign closing a sentence": "The annual plan is NZ$1890.",
    "a keyboard layout's name in an import": "from keymaps import qwertyMapping",
    "a layout in prose": "Switch the VM to QwertzLayout, then retry.",
    "an event after a word for a password":
        "Nobody changed a password during Offsite2025 week.",
    "a backup's recent date closing a clause": "Kept it as Snapshot_28022025, then pruned.",
    "a file's recent date alone on a line": "Folder\nScans_20250611\nsee the drive",
    "a release with a mark and its year before a dash": "Launch_2026 - checklist below",
    "a setting with a dash, in one line": "Codename: Nimbus_2032 - for the next release",
}

# -- a plain ``.env`` line whose value holds a backslash and a letter: the escaped break cuts
# a value only inside a string (after a quote or an escaped break), as in a file's lines in JSON.
_RNG_ENV = random.Random(20261207)
SECRETS |= {
    # three characters before the backslash: too short to be judged a secret alone
    "a plain .env password holding a backslash and an n":
        "DB_PASSWORD=" + "".join(_RNG_ENV.choice("abcdefghkmnpqrstuvwxyz") for _ in range(3))
        + "\\n" + "".join(_RNG_ENV.choice("ABCDEFGHKMNPQRSTUVWXYZ23456789!") for _ in range(9)),
}
ORDINARY |= {
    "an empty value in a file's lines in JSON, then its next line":
        '{"env": "DB_PASSWORD=\\nDEBUG=1\\nPORT=8080"}',
}

# -- passwords said in prose in the words of a dialect or after words saying what they open
_RNG_SAID = random.Random(20261218)


def _name_said() -> str:
    """A place's name run into two digits."""
    return _RNG_SAID.choice(("lefkara", "omodos", "kakopetria", "pyrgos", "agros")) + \
        "".join(_RNG_SAID.choice("0123456789") for _ in range(2))


SECRETS |= {
    "a password after Cypriot Greek's 'is' (εν)":
        f"ο κωδικός του router εν {_name_said()} μεν τον δώκεις",  # noqa: RUF001
    "a numbered passphrase after the Arabic word and what it opens":
        f"الباسوورد حق الواي فاي Medina-sahel-{_name_said().capitalize()} ما تعطيه لحد",
    "a UUID right after 'API key' written as two words":
        "The reader app signs in with the Komga API key "
        f"{uuid.UUID(int=_RNG_SAID.getrandbits(128), version=4)} from the account page.",
    "a reader's key in the path of an OPDS catalogue's URL":
        "KOReader catalogue: https://read.example.net/api/opds/"
        f"{uuid.UUID(int=_RNG_SAID.getrandbits(128), version=4)}/libraries",
}
ORDINARY |= {
    "a version after Cypriot Greek's 'is'":
        "ο κωδικός του προγράμματος εν v2.4.1 στο αποθετήριο",  # noqa: RUF001
    "words after Cypriot Greek's 'is'": "ο κωδικός εν πάνω στο router, ρώτα τον Andreas",  # noqa: RUF001
    "a file's numbered name of words after the word and what it opens":
        "пароль для файла конфигурации config-prod-backup2 лежит в вики",
    "a UUID that names an API key, after 'API key id'":
        f"Revoked API key id {uuid.UUID(int=_RNG_SAID.getrandbits(128), version=4)} today.",
    "an OPDS catalogue's URL whose path holds only its version and route":
        "Add https://books.example.org/opds/v1.2/catalog to the reader (it asks for a login).",
}
