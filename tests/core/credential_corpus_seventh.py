"""A seventh credentials corpus, written blind, weighted to the places the earlier six under-use.

Its author saw neither the scanner, its rules nor the samples of the six earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py``,
``credential_corpus_fourth.py``, ``credential_corpus_fifth.py``,
``credential_corpus_sixth.py``); only their family names, collected by code so that every
family here is new (``_self_check`` holds that), and the helpers and closing structure of the
sixth, so that the same measuring code runs on this one.  It is weighted toward:

* interactive places: prompts of shells other than bash (zsh ``%``, fish and starship ``❯``,
  PowerShell ``PS C:\\>``, ``cmd`` ``C:\\>``, nushell), IPython and Jupyter cells, database
  prompts (psql, mysql, redis-cli, mongosh, sqlite3), gdb, lldb and delve;
* dumps: Rust ``Debug``, Go ``%+v`` and spew, Python reprs, Java, Kotlin and Scala
  ``toString``, Elixir and Erlang terms, test snapshots and HTTP cassettes, Terraform output,
  Pulumi exports, config-management data, CI logs, secret-store CLI output, ``sops -d``;
* old and odd files: PPP chap-secrets, odbc.ini, sqlplus, LDIF, keytab listings, router AAA
  and routing keys, Arduino sketches, ESPHome, mobile build settings, game servers and engine
  crypto files, mail agents, Zabbix PSKs, HA clusters, SIP, cookies.txt;
* HTTP as people copy it (error dumps, Burp, "copy as PowerShell", API-client collections,
  GraphQL, gRPC and WebSocket auth, Playwright storage state) and prose around a secret, in
  commit messages and in German, Spanish, French, Portuguese, Japanese, Chinese and Russian;
* key armours the earlier corpora do not name (signify, Tor onion service keys, SSH2/Tectia,
  Nebula, ZeroTier and libp2p identities, DKIM, Traefik ``acme.json``, cloud-init host keys,
  BIP32 extended keys, validator and Cardano signing keys, LND macaroons, NATS creds), OTP
  provisioning URIs, recovery codes and disk-encryption recovery keys;
* vendor tokens from public secret-scanner lists that the earlier corpora do not name
  (``VENDOR_FAMILIES``); most families carry no vendor prefix.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three or more ``(setting, text)`` samples placed as people paste them.
``SEVENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``SEVENTH_ORDINARY``
    developer text that must pass, nearly all of it in the settings of the secrets: the same
    prompts, dumps and configs with the value masked, templated, prompted for or fetched from
    a store, the long random-looking public values that sit beside secrets there, code that
    handles a secret by name only, and prose about credentials that holds none.  ``DEBATABLE``
    names the entries a reasonable scanner could refuse; ``UNSURE_FAMILIES`` the families a
    reasonable scanner could let through.
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator with the length, alphabet and (where a format has one)
the checksum of their kind; distinctive prefixes and armour are split in the source, so no
literal here is a real secret or stops a push-protection scanner.  Templates name their values
``@@A`` .. ``@@Z`` (single letters, so no key is a prefix of another); each sample draws fresh
values.
"""

# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import textwrap
import urllib.parse
from collections.abc import Callable

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, Values, family, split_by_family

_RNG = random.Random(77_2027_01_07)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
UPPER_HEX = HEX.upper()
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
URL_SAFE_PW = ALNUM + "-_."
_WORDS = (
    "Pelican", "Cobalt", "Meadow", "Tundra", "Velvet", "Cinder", "Bramble", "Comet", "Fjord",
    "Gusto", "Harvest", "Iris", "Jasper", "Kestrel", "Lagoon", "Mosaic", "Nectar", "Obsidian",
    "Prairie", "Quill", "Rhubarb", "Sequoia", "Topaz", "Vortex", "Willow", "Zephyr",
)
_SEASONS = ("Winter", "Spring", "Summer", "Autumn", "Herbst", "Verano", "Printemps")
_DICE = (
    "amber", "basin", "cobra", "delta", "ember", "fable", "gravel", "hollow", "ivory", "jungle",
    "kayak", "lemon", "mantle", "noble", "orbit", "pepper", "quartz", "ripple", "saddle",
    "timber", "umbra", "vessel", "walrus", "yonder", "zinnia", "anchor", "bishop", "canvas",
)
_ARMOUR = "-" * 5


def _s(length: int, alphabet: str = ALNUM) -> str:
    """``length`` characters of ``alphabet`` from the seeded generator."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hex(length: int) -> str:
    return _s(length, HEX)


def _bytes(length: int) -> bytes:
    return _RNG.randbytes(length)


def _std64(raw: bytes | int) -> str:
    """Padded standard base64 of ``raw``, or of that many random bytes."""
    return base64.b64encode(_bytes(raw) if isinstance(raw, int) else raw).decode()


def _url64(raw: bytes | int) -> str:
    """Unpadded URL-safe base64 of ``raw``, or of that many random bytes."""
    data = _bytes(raw) if isinstance(raw, int) else raw
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _b32(raw: bytes | int) -> str:
    data = _bytes(raw) if isinstance(raw, int) else raw
    return base64.b32encode(data).decode().rstrip("=")


def _guid() -> str:
    h = _hex(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def _gen_pw(length: int = 20) -> str:
    """A generated password: letters, digits and symbols that survive a shell and a YAML."""
    return _s(1, ALNUM) + _s(length - 1, ALNUM + "!#%+=_.^~")


def _url_pw(length: int = 18) -> str:
    """A generated password that needs no escaping inside a URL's userinfo."""
    return _s(length, URL_SAFE_PW)


def _human_pw() -> str:
    """A password a person chose, in one of the shapes that password policies breed."""
    shape = _RNG.randrange(4)
    if shape == 0:
        word = _RNG.choice(_WORDS)
        return f"{word}{_s(1, '_.-!#')}{_s(_RNG.randint(3, 5), string.digits)}{_s(2, ALNUM)}"
    if shape == 1:
        season = _RNG.choice(_SEASONS)
        return f"{season}{_RNG.randint(2021, 2027)}{_s(1, '!#$*')}{_s(2, ALNUM)}"
    if shape == 2:
        first, second = _RNG.sample(_WORDS, 2)
        return f"{first.lower()}{second}{_s(_RNG.randint(2, 3), string.digits)}{_s(1, '!?*%')}"
    word = _RNG.choice(_WORDS)
    leet = word.replace("o", "0").replace("e", "3").replace("a", "4")
    return f"{leet}{_s(1, '!#')}{_RNG.randint(10, 99)}{_s(2, string.ascii_uppercase)}"


def _diceware(words: int = 4, sep: str = "-") -> str:
    return sep.join(_RNG.sample(_DICE, words)) + sep + str(_RNG.randint(10, 99))


def _pem(label: str, der: bytes, width: int = 64) -> str:
    """PEM armour around ``der``, lines of ``width``."""
    body = base64.b64encode(der).decode()
    lines = [body[i : i + width] for i in range(0, len(body), width)]
    return "\n".join([f"{_ARMOUR}BEGIN {label}{_ARMOUR}", *lines, f"{_ARMOUR}END {label}{_ARMOUR}"])


def _jwt(header: dict[str, object], claims: dict[str, object], sig_bytes: int) -> str:
    def enc(part: dict[str, object]) -> str:
        return _url64(json.dumps(part, separators=(",", ":")).encode())

    return f"{enc(header)}.{enc(claims)}.{_url64(sig_bytes)}"


def _d(text: str) -> str:
    """A template written indented in the source, dedented, without its opening newline."""
    return textwrap.dedent(text).lstrip("\n")


def _wrap(text: str, width: int = 64) -> str:
    return "\n".join(text[i : i + width] for i in range(0, len(text), width))


def _ind(text: str, spaces: int) -> str:
    return textwrap.indent(text, " " * spaces)


def _fam(name: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values``; its half is set by its position."""
    filled = []
    for setting, template in samples:
        text = template
        for key, value in values().items():
            text = text.replace(f"@@{key}", value)
        filled.append((setting, text))
    return Family(name, "", tuple(filled))


# ---- key material with the real structure of its format, random where the secret is ----

_RSA1_HEAD = bytes.fromhex("308204a40201000282010100")
_RSA1K_HEAD = bytes.fromhex("3082025c02010002818100")
_EC_SEC1_HEAD = bytes.fromhex("30770201010420")
_P256_OID = bytes.fromhex("a00a06082a8648ce3d030107a144034200")
_ED_PKCS8_HEAD = bytes.fromhex("302e020100300506032b657004220420")


def _rsa_pkcs1(bits: int = 2048) -> bytes:
    if bits == 1024:
        return _RSA1K_HEAD + _bytes(597)
    return _RSA1_HEAD + _bytes(1180)


def _ec_sec1() -> bytes:
    return _EC_SEC1_HEAD + _bytes(32) + _P256_OID + b"\x04" + _bytes(64)


def _sstr(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def _openssh_ed25519(comment: str) -> str:
    """An unencrypted OpenSSH ed25519 private key with the real container layout."""
    pub, seed, check = _bytes(32), _bytes(32), _bytes(4)
    kind = b"ssh-ed25519"
    block = check + check + _sstr(kind) + _sstr(pub) + _sstr(seed + pub) + _sstr(comment.encode())
    block += bytes(range(1, (8 - len(block) % 8) % 8 + 1))
    blob = (b"openssh-key-v1\0" + _sstr(b"none") + _sstr(b"none") + _sstr(b"")
            + (1).to_bytes(4, "big") + _sstr(_sstr(kind) + _sstr(pub)) + _sstr(block))
    return _pem("OPENSSH PRIVATE KEY", blob, 70)


def _b58(data: bytes) -> str:
    num = int.from_bytes(data, "big")
    out = ""
    while num:
        num, rem = divmod(num, 58)
        out = BASE58[rem] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def _b58check(payload: bytes) -> str:
    check = hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    return _b58(payload + check)


def _xprv(testnet: bool = False) -> str:
    """A BIP32 extended private key with a valid Base58Check checksum."""
    version = bytes.fromhex("04358394" if testnet else "0488ade4")
    depth = bytes([_RNG.choice([0, 3, 4])])
    payload = version + depth + _bytes(4) + _bytes(4) + _bytes(32) + b"\0" + _bytes(32)
    return _b58check(payload)


def _xpub() -> str:
    payload = bytes.fromhex("0488b21e") + b"\x03" + _bytes(8) + _bytes(32) + b"\x02" + _bytes(32)
    return _b58check(payload)


def _crc16(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _nkey_seed(kind: int = 20 << 3) -> str:
    """An NKEY seed (user by default) with its real prefix bytes and CRC16."""
    seed_prefix = 18 << 3
    raw = bytes([seed_prefix | (kind >> 5), (kind & 31) << 3]) + _bytes(32)
    raw += _crc16(raw).to_bytes(2, "little")
    return base64.b32encode(raw).decode().rstrip("=")


def _nkey_public(kind: int = 20 << 3) -> str:
    raw = bytes([kind]) + _bytes(32)
    raw += _crc16(raw).to_bytes(2, "little")
    return base64.b32encode(raw).decode().rstrip("=")


def _bitlocker() -> str:
    return "-".join(f"{11 * _RNG.randrange(65535):06d}" for _ in range(8))


def _filevault() -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "-".join(_s(4, alphabet) for _ in range(6))


def _recovery_codes(n: int = 10) -> list[str]:
    return [f"{_hex(5)}-{_hex(5)}" for _ in range(n)]


def _otp_seed() -> str:
    return _b32(20)


def _varint(n: int) -> bytes:
    out = b""
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out += bytes([byte | 0x80])
        else:
            return out + bytes([byte])


def _pb(field: int, value: bytes | int) -> bytes:
    if isinstance(value, int):
        return _varint(field << 3) + _varint(value)
    return _varint(field << 3 | 2) + _varint(len(value)) + value


def _otp_migration(name: str, issuer: str) -> str:
    """A Google Authenticator export URI: a protobuf holding the raw TOTP secret."""
    params = _pb(1, _bytes(20)) + _pb(2, name.encode()) + _pb(3, issuer.encode())
    params += _pb(4, 1) + _pb(5, 1) + _pb(6, 2)
    payload = _pb(1, params) + _pb(2, 1) + _pb(3, 1) + _pb(4, 0) + _pb(5, _RNG.randrange(1 << 30))
    return "otpauth-migration://offline?data=" + urllib.parse.quote(_std64(payload), safe="")


def _session_token() -> str:
    return "IQoJb3JpZ2lu" "X2VjE" + _s(_RNG.randint(560, 680), B64) + "="


def _aws_id(prefix: str = "AS" "IA") -> str:
    return prefix + _s(16, BASE32_UPPER)


def _macaroon_hex() -> str:
    body = b"\x02\x01\x03lnd\x02" + bytes([_RNG.randint(0xF0, 0xF8)]) + b"\x01\x03"
    return (body + _bytes(_RNG.randint(230, 280))).hex()


def _signify_sec() -> str:
    raw = b"Ed" + b"BK" + (42).to_bytes(4, "big") + _bytes(16) + _bytes(8) + _bytes(8) + _bytes(64)
    return _std64(raw)


def _onion_secret_b64() -> str:
    return _std64(b"== ed25519v1-secret: type0 ==\0\0\0" + _bytes(64))


def _onion_addr() -> str:
    return _s(55, "abcdefghijklmnopqrstuvwxyz234567") + "d"


def _ssh2_key(comment: str) -> str:
    blob = bytes.fromhex("3f6ff9eb") + _bytes(4) + _sstr(b"if-modn{sign{rsa-pkcs1-sha1},encrypt"
                                                          b"{rsa-pkcs1v2-oaep}}")
    blob += _sstr(b"none") + _bytes(560)
    body = _wrap(_std64(blob), 70)
    head = "---- BEGIN SSH2 " "ENCRYPTED PRIVATE KEY ----"
    tail = "---- END SSH2 " "ENCRYPTED PRIVATE KEY ----"
    return f'{head}\nComment: "{comment}"\n{body}\n{tail}'


def _nebula_key(label: str = "X25519", size: int = 32) -> str:
    return _pem(f"NEBULA {label} PRIVATE KEY", _bytes(size))


def _zerotier_secret() -> str:
    return f"{_hex(10)}:0:{_hex(128)}:{_hex(128)}"


def _libp2p_priv() -> str:
    return _std64(b"\x08\x01\x12\x40" + _bytes(64))


def _peer_id() -> str:
    return "12D3KooW" + _s(44, BASE58)


def _tm_priv_json() -> str:
    doc = {
        "address": _s(40, UPPER_HEX),
        "pub_key": {"type": "tendermint/PubKeyEd25519", "value": _std64(32)},
        "priv_key": {"type": "tendermint/PrivKeyEd25519", "value": _std64(64)},
    }
    return json.dumps(doc, indent=2)


def _cardano_skey(kind: str = "PaymentSigningKeyShelley_ed25519") -> str:
    desc = "Payment Signing Key" if kind.startswith("Payment") else "Stake Signing Key"
    doc = {"type": kind, "description": desc, "cborHex": "5820" + _hex(64)}
    return json.dumps(doc, indent=4)


def _nats_creds() -> str:
    user_jwt = _jwt({"typ": "JWT", "alg": "ed25519-nkey"},
                    {"jti": _s(52, BASE32_UPPER), "iat": 1718000000, "iss": _nkey_public(0),
                     "name": "orders-svc", "sub": _nkey_public(),
                     "nats": {"pub": {}, "sub": {}, "subs": -1, "data": -1, "payload": -1,
                              "type": "user", "version": 2}}, 64)
    dash6 = "-" * 6
    return (f"{_ARMOUR}BEGIN NATS USER JWT{_ARMOUR}\n{user_jwt}\n{dash6}END NATS USER JWT{dash6}"
            "\n\n************************* IMPORTANT *************************\n"
            "NKEY Seed printed below can be used to sign and prove identity.\n"
            "NKEYs are sensitive and should be treated as secrets.\n\n"
            f"{_ARMOUR}BEGIN USER NKEY SEED{_ARMOUR}\n{_nkey_seed()}\n"
            f"{dash6}END USER NKEY SEED{dash6}\n\n"
            "*************************************************************\n")


def _presigned_s3() -> str:
    token = urllib.parse.quote(_session_token(), safe="")
    return (f"https://acme-exports.s3.eu-west-1.amazonaws.com/reports/2024-06/ledger.csv?"
            f"X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={_aws_id()}%2F20240610%2F"
            f"eu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20240610T091422Z&X-Amz-Expires=604800&"
            f"X-Amz-Security-Token={token}&X-Amz-SignedHeaders=host&X-Amz-Signature={_hex(64)}")


def _gcs_signed() -> str:
    return ("https://storage.googleapis.com/acme-builds/artifacts/app-2.4.1.aab?"
            "X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=release-bot%40acme-mobile."
            "iam.gserviceaccount.com%2F20240610%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date="
            f"20240610T091422Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature="
            f"{_hex(512)}")


def _common() -> dict[str, str]:
    """The values most templates draw on: passwords, tokens and keys of several shapes."""
    return {
        "P": _human_pw(), "Q": _gen_pw(), "U": _url_pw(), "T": _s(40), "K": _s(32),
        "H": _hex(32), "S": _hex(64), "B": _std64(32), "F": _hex(40), "W": _url64(32),
        "G": _guid(), "O": _s(12, ALNUM + "#%+=_."), "R": _s(24), "M": _otp_seed(),
        "L": _s(20, UPPER_ALNUM), "N": _s(48), "D": _diceware(),
        "J": _jwt({"alg": "HS256", "typ": "JWT"},
                  {"sub": str(_RNG.randint(1000, 99999)), "role": "service",
                   "iat": 1718000000, "exp": 1749536000}, 32),
    }


def _with(**gens: Callable[[], str]) -> Values:
    """The common values, with ``gens`` drawn afresh for each sample on top."""

    def values() -> dict[str, str]:
        out = _common()
        out.update({key: gen() for key, gen in gens.items()})
        return out

    return values


def _rs_jwt(claims: dict[str, object], sig: int = 256) -> str:
    return _jwt({"alg": "RS256", "typ": "JWT", "kid": _s(43, B64URL)}, claims, sig)


def _bearer_jwt() -> str:
    return _rs_jwt({"iss": "https://auth.acme.example/", "sub": f"auth0|{_hex(24)}",
                    "aud": ["https://api.acme.example"], "iat": 1718000000, "exp": 1718086400,
                    "scope": "openid profile read:orders write:orders", "azp": _s(32)})


def _pem_rsa() -> str:
    return _pem("RSA PRIVATE KEY", _rsa_pkcs1())


def _pem_ec() -> str:
    return _pem("EC PRIVATE KEY", _ec_sec1())


def _pem_pkcs8_ed() -> str:
    return _pem("PRIVATE KEY", _ED_PKCS8_HEAD + _bytes(32))


def _basic(user: str) -> str:
    return _std64(f"{user}:{_url_pw()}".encode())


def _b64_pw() -> str:
    return _std64(_human_pw().encode())


def _ya29() -> str:
    return "ya" "29." + _s(_RNG.randint(150, 200), B64URL)


def _google_refresh() -> str:
    return "1" "//0" + _s(_RNG.randint(95, 105), B64URL)


def _nebula_indented() -> str:
    return _ind(_nebula_key(), 4)


_RAW: list[Family] = [
    # ---- shells other than bash ----
    _fam(
        "zsh prompt exported secret", _with(),
        ("oh-my-zsh prompt", _d("""
            ➜  billing-api git:(main) ✗ export PARTNER_PROXY_SECRET=@@K
            ➜  billing-api git:(main) ✗ npm run dev

            > billing-api@2.8.0 dev
            > tsx watch src/server.ts
            """)),
        ("macOS percent prompt", _d("""
            jane@Janes-MacBook-Pro ~ % export DB_PASSWORD='@@P'
            jane@Janes-MacBook-Pro ~ % psql -h staging-db.internal -U reporting analytics
            psql (16.3, server 15.7)
            SSL connection (protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)
            Type "help" for help.

            analytics=>
            """)),
        ("zsh extended history", ": 1718012345:0;curl -s -H 'X-Api-Key: @@K' https://usage.internal"
         ".example/v2/summary | jq .\n: 1718012399:0;git status\n: 1718012402:0;git push\n"),
        ("powerlevel10k prompt", _d("""
            ╭─ ~/src/infra  main !2 ?1 ─────────────────────────── ✔  at 09:14:22
            ╰─ export TF_VAR_grafana_admin_password="@@Q"
            ╭─ ~/src/infra  main !2 ?1 ─────────────────────────── ✔  at 09:14:31
            ╰─ terraform apply -target=module.grafana
            """)),
    ),
    _fam(
        "fish shell set -x secret", _with(),
        ("starship prompt", _d("""
            infra on  main [!] via 💠 default
            ❯ set -gx REGISTRY_PASSWORD @@Q

            infra on  main [!] via 💠 default
            ❯ docker login registry.internal.example -u ci --password-stdin <<< $REGISTRY_PASSWORD
            Login Succeeded
            """)),
        ("fish_variables file", _d(r"""
            # This file contains fish universal variable definitions.
            # VERSION: 3.0
            SETUVAR --export OPENSEARCH_PASSWORD:@@P
            SETUVAR __fish_initialized:3400
            SETUVAR fish_color_autosuggestion:555\x1ebrblack
            SETUVAR fish_greeting:
            """)),
        ("config.fish", _d("""
            if status is-interactive
                set -gx EDITOR nvim
                set -gx ARTIFACT_TOKEN @@T
                fish_add_path ~/.local/bin
            end
            """)),
    ),
    _fam(
        "powershell prompt secret assignment", _with(),
        ("env assignment at prompt", "PS C:\\src\\orders> $env:ORDERS_DB_PASSWORD = \"@@P\"\n"
         "PS C:\\src\\orders> dotnet run --project .\\Orders.Api\\\nBuilding...\n"
         "info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://localhost:5080\n"),
        ("machine environment variable", "PS C:\\> [Environment]::SetEnvironmentVariable("
         "\"SEARCH_ADMIN_KEY\", \"@@K\", \"Machine\")\nPS C:\\> Restart-Service SearchIndexer\n"),
        ("headers hashtable on pwsh", _d("""
            PS /home/jane> $headers = @{ Authorization = "Bearer @@T"; Accept = "application/json" }
            PS /home/jane> Invoke-RestMethod -Uri \
https://deploy.internal.example/api/v1/releases -Headers $headers

            id   version status
            --   ------- ------
            4812 2.31.0  deployed
            """)),
    ),
    _fam(
        "cmd prompt set secret", _with(),
        ("set at prompt", "C:\\Users\\jane>set BACKUP_PASSWORD=@@P\n\nC:\\Users\\jane>restic -r "
         "sftp:backup@nas:/srv/restic snapshots\nrepository 4f2a9c1e opened (version 2)\n"),
        ("setx machine", "C:\\deploy>setx /M SIGNING_SECRET \"@@S\"\n\nSUCCESS: Specified value "
         "was saved.\n"),
        ("batch file", _d(r"""
            @echo off
            rem nightly export of the ledger
            set PGHOST=reporting-db.corp.local
            set PGUSER=exporter
            set PGPASSWORD=@@Q
            "C:\Program Files\PostgreSQL\16\bin\pg_dump.exe" -Fc -f D:\exports\ledger.dump ledger
            if errorlevel 1 exit /b 1
            """)),
    ),
    _fam(
        "nushell env secret", _with(),
        ("nushell prompt", "~/src/api〉$env.FORGE_TOKEN = \"@@F\"\n~/src/api〉http get -H "
         "[Authorization $\"token ($env.FORGE_TOKEN)\"] https://git.internal.example/api/v1/user"
         " | get login\njane\n"),
        ("env.nu", _d("""
            # env.nu
            $env.EDITOR = "hx"
            $env.PATH = ($env.PATH | split row (char esep) | prepend '~/.cargo/bin')
            $env.SEARCH_MASTER_KEY = "@@W"
            """)),
        ("load-env record", "〉load-env { PGUSER: \"etl\", PGPASSWORD: \"@@U\", PGHOST: "
         "\"warehouse.internal\" }\n〉psql -c \"select count(*) from events\"\n  count\n"
         "---------\n 4821377\n(1 row)\n"),
    ),
    _fam(
        "ipython cell credential", _with(),
        ("client constructor cell", _d("""
            In [1]: import boto3

            In [2]: s3 = boto3.client("s3", endpoint_url="https://minio.lab.internal", \
aws_access_key_id="lab-admin", aws_secret_access_key="@@T")

            In [3]: [b["Name"] for b in s3.list_buckets()["Buckets"]]
            Out[3]: ['datasets', 'models', 'scratch']
            """)),
        ("env magic", "In [7]: %env LABEL_TOOL_API_KEY=@@F\nenv: LABEL_TOOL_API_KEY=@@F\n\n"
         "In [8]: client = LabelClient(url=\"https://label.lab.internal\")\n"),
        ("token response out cell", _d("""
            In [12]: resp = session.post(TOKEN_URL, data={"grant_type": "client_credentials"}, \
auth=(CLIENT_ID, CLIENT_SECRET))

            In [13]: resp.json()
            Out[13]:
            {'access_token': '@@J',
             'expires_in': 3600,
             'token_type': 'Bearer'}
            """)),
        ("notebook json source", _d("""
              {
               "cell_type": "code",
               "execution_count": 3,
               "metadata": {},
               "outputs": [],
               "source": [
                "conn = snowflake.connector.connect(\\n",
                "    user=\\"ANALYTICS_SVC\\",\\n",
                "    password=\\"@@P\\",\\n",
                "    account=\\"acme-eu1\\",\\n",
                ")"
               ]
              },
            """)),
    ),
    # ---- database prompts ----
    _fam(
        "psql prompt role password", _with(),
        ("alter role", "orders=# ALTER ROLE reporting WITH LOGIN PASSWORD '@@P';\nALTER ROLE\n"
         "orders=# \\q\n"),
        ("replication role", "postgres=# CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD "
         "'@@Q';\nCREATE ROLE\npostgres=# \\du replicator\n"
         "             List of roles\n Role name  | Attributes\n------------+-------------\n"
         " replicator | Replication\n"),
        ("subscription conninfo", "postgres=# CREATE SUBSCRIPTION orders_sub CONNECTION 'host=10.0"
         ".4.11 port=5432 dbname=orders user=replicator password=@@U' PUBLICATION orders_pub;\n"
         "NOTICE:  created replication slot \"orders_sub\" on publisher\nCREATE SUBSCRIPTION\n"),
        ("fdw user mapping", "analytics=> CREATE USER MAPPING FOR etl SERVER legacy_mysql OPTIONS"
         " (username 'etl_ro', password '@@P');\nCREATE USER MAPPING\n"),
    ),
    _fam(
        "mysql prompt identified by", _with(),
        ("create user", _d("""
            mysql> CREATE USER 'grafana'@'10.0.%' IDENTIFIED BY '@@P';
            Query OK, 0 rows affected (0.01 sec)

            mysql> GRANT SELECT ON metrics.* TO 'grafana'@'10.0.%';
            Query OK, 0 rows affected (0.00 sec)
            """)),
        ("mariadb alter root", "MariaDB [(none)]> ALTER USER 'root'@'localhost' IDENTIFIED BY "
         "'@@Q';\nQuery OK, 0 rows affected (0.003 sec)\n\nMariaDB [(none)]> FLUSH PRIVILEGES;\n"),
        ("replication source", "mysql> CHANGE REPLICATION SOURCE TO SOURCE_HOST='10.0.3.21', "
         "SOURCE_USER='repl', SOURCE_PASSWORD='@@U', SOURCE_AUTO_POSITION=1;\nQuery OK, 0 rows "
         "affected, 2 warnings (0.03 sec)\n"),
    ),
    _fam(
        "redis-cli prompt auth", _with(),
        ("auth at prompt", "$ redis-cli -h cache-01\ncache-01:6379> AUTH @@T\nOK\ncache-01:6379> "
         "INFO keyspace\n# Keyspace\ndb0:keys=48213,expires=1022,avg_ttl=86400000\n"),
        ("acl setuser", "127.0.0.1:6379> ACL SETUSER worker on >@@Q ~jobs:* +@list "
         "+@connection\nOK\n"),
        ("config get requirepass", "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n"
         "2) \"@@K\"\n"),
        ("cached session value", "127.0.0.1:6379> GET session:8f1c2e\n\"{\\\"user_id\\\":4812,"
         "\\\"access_token\\\":\\\"@@W\\\",\\\"exp\\\":1718086400}\"\n"),
    ),
    _fam(
        "mongosh prompt createuser", _with(),
        ("createUser", _d("""
            test> use admin
            switched to db admin
            admin> db.createUser({ user: "reporting", pwd: "@@P", roles: [ { role: "read", db: \
"orders" } ] })
            { ok: 1 }
            """)),
        ("changeUserPassword", "rs0 [direct: primary] admin> db.changeUserPassword(\"app\", "
         "\"@@Q\")\n{\n  ok: 1,\n  '$clusterTime': { clusterTime: Timestamp({ t: 1718012345, "
         "i: 1 }) }\n}\n"),
        ("find output", _d("""
            orders> db.integrations.find({ provider: "shipping" }, { _id: 0 })
            [
              {
                provider: 'shipping',
                account: 'ACME-EU',
                apiKey: '@@K',
                apiSecret: '@@N',
                enabled: true
              }
            ]
            """)),
    ),
    _fam(
        "sqlite prompt token row", _with(),
        ("token table rows", _d("""
            sqlite> .headers on
            sqlite> select id, name, token, created_at from api_tokens limit 2;
            id|name|token|created_at
            1|ci-deploy|@@T|2024-05-02 08:01:04
            2|grafana|@@R|2024-05-19 14:22:41
            """)),
        ("line mode settings", _d("""
            sqlite> .mode line
            sqlite> select * from settings where key like 'smtp%';
              key = smtp_password
            value = @@P
            """)),
        ("one-shot query", "$ sqlite3 ~/.local/share/syncd/state.db \"select value from kv where "
         "key='refresh_token'\"\n@@N\n"),
    ),
    # ---- debuggers and dumps ----
    _fam(
        "gdb lldb variable dump", _with(),
        ("gdb print struct", "(gdb) p *conf\n$1 = {host = 0x5555555592a0 \"mq.internal\", port = "
         "5672, user = 0x5555555592c0 \"ingest\", password = 0x5555555592e0 \"@@Q\", vhost = "
         "0x555555559300 \"/prod\"}\n"),
        ("lldb frame variable", _d("""
            (lldb) frame variable
            (std::string) endpoint = "https://ingest.internal.example/v1"
            (std::string) api_key = "@@K"
            (int) retries = 3
            """)),
        ("delve print", _d("""
            (dlv) p cfg.Store
            main.StoreConfig {
            \tEndpoint: "objects.internal.example",
            \tAccessKey: "backup-writer",
            \tSecretKey: "@@T",
            \tBucket: "backups",}
            """)),
        ("pdb pretty print", _d("""
            (Pdb) pp self.__dict__
            {'_base_url': 'https://api.partner.example/v3',
             '_secret': '@@S',
             '_timeout': 10.0}
            """)),
    ),
    _fam(
        "rust debug print secret", _with(),
        ("dbg macro", _d("""
            [src/main.rs:41:5] &settings = Settings {
                database_url: "postgres://app:@@U@db:5432/app",
                bind: 0.0.0.0:8080,
                jwt_secret: Some(
                    "@@W",
                ),
            }
            """)),
        ("unwrap panic", "thread 'main' panicked at src/client.rs:88:14:\ncalled `Result::unwrap()`"
         " on an `Err` value: Unauthorized { status: 401, request: Request { method: POST, url: "
         "\"https://api.partner.example/v2/orders\", headers: {\"x-api-key\": \"@@K\"} } }\nnote: "
         "run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"),
        ("tracing field", "2024-06-10T09:14:22.118Z DEBUG app::auth: loaded credentials creds="
         "Credentials { client_id: \"orders-worker\", client_secret: Some(\"@@T\"), token_url: "
         "\"https://auth.internal/oauth/token\" }\n"),
    ),
    _fam(
        "go %+v struct dump", _with(),
        ("log.Printf %+v", "2024/06/10 09:14:22 config: {Addr::8080 DBHost:db.internal DBUser:"
         "orders DBPassword:@@P LogLevel:info}\n"),
        ("pointer struct", "&{Endpoint:https://objects.internal AccessKeyID:svc-backup "
         "SecretAccessKey:@@T UseSSL:true}\n"),
        ("spew dump", _d("""
            (*config.SMTP)(0xc0001a2000)({
             Host: (string) (len=16) "smtp.example.org",
             Port: (int) 587,
             Username: (string) (len=6) "alerts",
             Password: (string) (len=20) "@@Q"
            })
            """)),
    ),
    _fam(
        "python repr log secret", _with(E=lambda: _basic("sync")),
        ("debug headers dict", "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): "
         "api.partner.example:443\nDEBUG:app.client:request headers={'User-Agent': 'acme-sync/2.3',"
         " 'Authorization': 'Token @@F'}\n"),
        ("dataclass repr", "Settings(database_url='postgresql://app:@@U@db.internal:5432/app', "
         "redis_url='redis://cache:6379/0', secret_key='@@N', debug=False)\n"),
        ("payload in info log", "INFO 2024-06-10 09:14:22,118 sync.py:88 payload {'client_id': "
         "'acme-erp', 'client_secret': '@@T', 'grant_type': 'client_credentials'}\n"),
        ("requests prepared headers", ">>> r.request.headers\n{'User-Agent': 'python-requests/2.32"
         ".3', 'Accept-Encoding': 'gzip, deflate', 'Accept': '*/*', 'Connection': 'keep-alive', "
         "'Authorization': 'Basic @@E'}\n"),
    ),
    _fam(
        "jvm tostring secret", _with(),
        ("spring log line", "2024-06-10 09:14:22.118  INFO 1 --- [           main] c.a.o.config."
         "DataSourceLogger : DataSourceProperties{url='jdbc:postgresql://db.internal:5432/orders',"
         " username='orders', password='@@P'}\n"),
        ("kotlin data class in logcat", "06-10 09:14:22.118  4812  4831 D AuthRepository: "
         "TokenResponse(accessToken=@@J, refreshToken=@@N, expiresIn=3600)\n"),
        ("java record in exception", "Caused by: java.lang.IllegalStateException: partner rejected"
         " ApiCredentials[clientId=acme-portal, clientSecret=@@T]\n\tat com.acme.portal.partner."
         "PartnerClient.token(PartnerClient.java:77)\n"),
        ("scala case class in repl", "scala> val cfg = ConfigSource.default.loadOrThrow[AppConfig]"
         "\nval cfg: AppConfig = AppConfig(HttpConfig(0.0.0.0,8080),DbConfig(jdbc:postgresql://db/"
         "app,app,@@Q))\n"),
    ),
    _fam(
        "beam term dump secret", _with(),
        ("iex get_env", _d("""
            iex(1)> Application.get_env(:shop, Shop.Repo)
            [
              username: "shop",
              password: "@@P",
              hostname: "db.internal",
              database: "shop_prod",
              pool_size: 10
            ]
            """)),
        ("inspect struct in log", "09:14:22.118 [debug] %Shop.Payments.Config{endpoint: \"https://"
         "pay.partner.example\", merchant_id: \"ACME01\", api_secret: \"@@T\"}\n"),
        ("erlang sys.config", _d("""
            [{kernel, [{logger_level, info}]},
             {ingest, [{amqp_uri, "amqp://ingest:@@U@mq.internal:5672/prod"},
                       {signing_key, <<"@@B">>}]}].
            """)),
        ("erl shell", "1> application:get_env(ingest, api_token).\n{ok,\"@@K\"}\n"),
    ),
    # ---- tests ----
    _fam(
        "jest snapshot secret", _with(),
        ("snapshot file", _d("""
            // Jest Snapshot v1, https://goo.gl/fbAQLP

            exports[`PartnerClient sends credentials 1`] = `
            {
              "headers": {
                "Authorization": "Bearer @@T",
                "Content-Type": "application/json",
              },
              "method": "POST",
              "url": "https://api.partner.example/v2/orders",
            }
            `;
            """)),
        ("inline snapshot", _d("""
            expect(buildConfig(process.env)).toMatchInlineSnapshot(`
              {
                "db": "postgres://app:@@U@db.staging.internal:5432/app",
                "port": 8080,
              }
            `);
            """)),
        ("syrupy amber", _d("""
            # serializer version: 1
            # name: test_webhook_registration
              dict({
                'endpoint': 'https://hooks.partner.example/in',
                'secret': '@@S',
              })
            # ---
            """)),
    ),
    _fam(
        "vcr cassette credential", _with(E=lambda: _basic("search")),
        ("python vcr yaml", _d("""
            interactions:
            - request:
                body: '{"query": "sku:A-1042"}'
                headers:
                  Accept:
                  - application/json
                  Authorization:
                  - Basic @@E
                method: POST
                uri: https://search.partner.example/v1/query
              response:
                status:
                  code: 200
                  message: OK
            """)),
        ("ruby vcr uri", _d("""
            ---
            http_interactions:
            - request:
                method: get
                uri: https://api.weather-partner.example/v1/forecast?lat=52.52&lon=13.40&key=@@K
                body:
                  encoding: US-ASCII
                  string: ''
            """)),
        ("polly har recording", _d("""
                      "headers": [
                        {
                          "name": "x-api-key",
                          "value": "@@N"
                        },
                        {
                          "name": "content-type",
                          "value": "application/json"
                        }
                      ],
            """)),
    ),
    # ---- infrastructure as code ----
    _fam(
        "terraform output json secret", _with(),
        ("output -json", _d("""
            $ terraform output -json
            {
              "admin_password": {
                "sensitive": true,
                "type": "string",
                "value": "@@Q"
              },
              "cluster_endpoint": {
                "sensitive": false,
                "type": "string",
                "value": "https://10.0.0.12:6443"
              }
            }
            """)),
        ("output -raw", "$ terraform output -raw grafana_api_key\n@@N\n"),
        ("show -json through jq", "$ terraform show -json | jq '.values.root_module.resources[] "
         "| select(.type==\"random_password\") | .values.result'\n\"@@Q\"\n"),
        ("console nonsensitive", "$ terraform console\n> nonsensitive(random_password.db.result)\n"
         "\"@@Q\"\n> exit\n"),
    ),
    _fam(
        "pulumi stack export secret", _with(),
        ("stack output --show-secrets", _d("""
            $ pulumi stack output --show-secrets
            Current stack outputs (3):
                OUTPUT          VALUE
                bucketName      acme-assets-7f3a2c1
                dbPassword      @@Q
                endpoint        https://api.acme.example
            """)),
        ("config --show-secrets", _d("""
            $ pulumi config --show-secrets
            KEY                   VALUE
            aws:region            eu-west-1
            app:dbPassword        @@P
            app:webhookKey        @@K
            """)),
        ("stack export resource", _d("""
            $ pulumi stack export --show-secrets | jq '.deployment.resources[4]'
            {
              "urn": "urn:pulumi:prod::shop::random:index/randomPassword:RandomPassword::db",
              "custom": true,
              "type": "random:index/randomPassword:RandomPassword",
              "outputs": {
                "length": 24,
                "result": "@@Q",
                "special": true
              }
            }
            """)),
    ),
    _fam(
        "chef puppet salt plaintext secret", _with(X=lambda: _hex(128)),
        ("knife data bag show", _d("""
            $ knife data bag show credentials smtp -F json
            {
              "id": "smtp",
              "host": "smtp.example.org",
              "user": "notifications",
              "password": "@@P"
            }
            """)),
        ("hiera yaml", _d("""
            ---
            profile::postgres::superuser_password: '@@Q'
            profile::postgres::listen: '*'
            profile::app::secret_key_base: '@@X'
            """)),
        ("salt pillar.get output", _d("""
            $ sudo salt 'web*' pillar.get nginx:basic_auth
            web01.prod:
                ----------
                password:
                    @@P
                user:
                    ops
            """)),
        ("puppet manifest resource", _d("""
            mysql::db { 'wiki':
              user     => 'wiki',
              password => '@@P',
              host     => 'localhost',
              grant    => ['ALL'],
            }
            """)),
    ),
    _fam(
        "ansible host vars plaintext", _with(),
        ("host_vars file", _d("""
            # host_vars/db01.prod.yml
            postgresql_version: 16
            postgresql_superuser_password: "@@Q"
            pgbackrest_repo_cipher_pass: "@@T"
            """)),
        ("extra vars on the command line", "$ ansible-playbook site.yml -l web -e "
         "'ansible_become_password=@@P smtp_relay_password=@@U'\n"),
        ("awx job extra_vars", _d("""
            {
              "extra_vars": {
                "target_env": "staging",
                "registry_user": "awx",
                "registry_password": "@@Q"
              }
            }
            """)),
    ),
    # ---- containers and CI ----
    _fam(
        "dockerfile arg default secret", _with(),
        ("arg with default", _d("""
            FROM node:20-alpine AS build
            ARG NPM_REGISTRY=https://npm.internal.example/
            ARG NPM_AUTH_TOKEN=@@T
            RUN echo "//npm.internal.example/:_authToken=${NPM_AUTH_TOKEN}" > ~/.npmrc && npm ci
            """)),
        ("build-arg on the command line", "$ docker build --build-arg PIP_EXTRA_INDEX_URL=https://"
         "ci:@@U@pypi.internal.example/simple -t ml/train:3.1 .\n"),
        ("buildkit step log", "#9 [build 4/7] RUN git clone https://oauth2:@@T@git.internal."
         "example/platform/protos.git /src/protos\n#9 0.412 Cloning into '/src/protos'...\n"
         "#9 DONE 1.9s\n"),
    ),
    _fam(
        "compose command line password", _with(),
        ("redis requirepass", _d("""
              cache:
                image: redis:7.2-alpine
                command: redis-server --appendonly yes --requirepass @@K
                ports:
                  - "6379:6379"
            """)),
        ("healthcheck mysqladmin", _d("""
                healthcheck:
                  test: ["CMD", "mysqladmin", "ping", "-h", "localhost", "-uroot", "-p@@Q"]
                  interval: 10s
                  retries: 5
            """)),
        ("command list", _d("""
              surrealdb:
                image: surrealdb/surrealdb:v1.5.3
                command: ["start", "--log", "info", "--user", "root", "--pass", "@@P", \
"file:/data/db"]
            """)),
    ),
    _fam(
        "ci image pull credentials literal", _with(E=lambda: _basic("gitlab-ci")),
        ("actions job container", _d("""
            jobs:
              test:
                runs-on: ubuntu-latest
                container:
                  image: ghcr.io/acme/ci-base:2024.06
                  credentials:
                    username: acme-ci
                    password: @@T
                services:
                  db:
                    image: postgres:16
            """)),
        ("circleci docker auth", _d("""
            jobs:
              build:
                docker:
                  - image: registry.internal.example/build/python:3.12
                    auth:
                      username: circle-pull
                      password: @@Q
            """)),
        ("bitbucket image", _d("""
            image:
              name: registry.internal.example/tools/deployer:1.8
              username: bb-pipelines
              password: '@@U'
            """)),
        ("gitlab docker auth config", "variables:\n  DOCKER_AUTH_CONFIG: '{\"auths\":{\"registry"
         ".internal.example\":{\"auth\":\"@@E\"}}}'\n"),
    ),
    _fam(
        "azure pipelines setvariable leak", _with(),
        ("setvariable echoed under set -x", _d("""
            2024-06-10T09:14:22.1183Z ##[section]Starting: fetch signing key
            2024-06-10T09:14:22.9044Z + echo '##vso[task.setvariable variable=SIGNING_KEY]@@B'
            2024-06-10T09:14:23.0511Z ##[section]Finishing: fetch signing key
            """)),
        ("variables block", _d("""
            variables:
              - name: buildConfiguration
                value: Release
              - name: sonarToken
                value: @@F
            """)),
        ("script login", _d("""
            steps:
              - script: docker login registry.internal.example -u pipelines -p @@Q
                displayName: Login to registry
            """)),
    ),
    # ---- package managers ----
    _fam(
        "bun and deno registry token", _with(),
        ("bunfig scope token", "[install.scopes]\n\"@acme\" = { token = \"@@T\", url = \"https://"
         "npm.internal.example/\" }\n"),
        ("DENO_AUTH_TOKENS", "$ DENO_AUTH_TOKENS=@@K@deno.internal.example deno run -A "
         "https://deno.internal.example/tools/release.ts\n"),
        ("bunfig registry password", "[install.registry]\nurl = \"https://npm.internal.example/\"\n"
         "username = \"ci\"\npassword = \"@@U\"\n"),
    ),
    _fam(
        "uv and pdm index password", _with(),
        ("uv env variables", "export UV_INDEX_INTERNAL_USERNAME=ci\nexport UV_INDEX_INTERNAL_"
         "PASSWORD=@@T\nuv sync --frozen\n"),
        ("uv index url", "[[tool.uv.index]]\nname = \"internal\"\nurl = \"https://ci:@@U@pypi.internal"
         ".example/simple/\"\nexplicit = true\n"),
        ("pdm config", "$ pdm config pypi.internal.url https://pypi.internal.example/simple\n"
         "$ pdm config pypi.internal.username ci\n$ pdm config pypi.internal.password @@Q\n"),
        ("hatch publish env", "HATCH_INDEX_USER=__token__ HATCH_INDEX_AUTH=@@N hatch publish -r "
         "https://pypi.internal.example/legacy/\n"),
    ),
    _fam(
        "dart pub credentials json", _with(A=_ya29, C=_google_refresh),
        ("pub-credentials file", "{\"accessToken\":\"@@A\",\"refreshToken\":\"@@C\",\"idToken\":"
         "null,\"tokenEndpoint\":\"https://oauth2.googleapis.com/token\",\"scopes\":[\"openid\","
         "\"https://www.googleapis.com/auth/userinfo.email\"],\"expiration\":1718013345000}\n"),
        ("ci step writing it", _d("""
                  - name: Setup pub credentials
                    run: |
                      mkdir -p ~/.config/dart
                      cat > ~/.config/dart/pub-credentials.json <<'EOF'
                      {"accessToken":"@@A","refreshToken":"@@C","tokenEndpoint":"https://oauth2.googleapis.com/token","scopes":["openid"],"expiration":1718013345000}
                      EOF
            """)),
        ("pub-tokens file", "$ cat ~/.config/dart/pub-tokens.json\n{\"version\":1,\"hosted\":"
         "[{\"url\":\"https://dart.internal.example\",\"token\":\"@@T\"}]}\n"),
    ),
]

_RAW += [
    # ---- old-school connection files ----
    _fam(
        "ppp chap secrets", _with(),
        ("chap-secrets", _d("""
            # Secrets for authentication using CHAP
            # client        server  secret                  IP addresses
            "acme-lte"      *       "@@P"       *
            """)),
        ("pap-secrets", "# /etc/ppp/pap-secrets\nb1k9q7x@dsl.provider.example  *  @@O  *\n"),
        ("peers file", _d("""
            # /etc/ppp/peers/dsl-provider
            plugin rp-pppoe.so eth1
            user "b1k9q7x@dsl.provider.example"
            password "@@U"
            noipdefault
            defaultroute
            persist
            """)),
    ),
    _fam(
        "odbc.ini dsn password", _with(),
        ("postgres dsn", _d("""
            [ProdWarehouse]
            Driver      = PostgreSQL Unicode
            Servername  = dw.internal.example
            Port        = 5432
            Database    = warehouse
            Username    = bi_reader
            Password    = @@P
            SSLmode     = require
            """)),
        ("isql positional", "$ isql -v ProdWarehouse bi_reader '@@P'\n+------------------------"
         "---------------+\n| Connected!                            |\n|                         "
         "              |\n| sql-statement                         |\n"),
        ("sql server dsn", _d("""
            [LegacyERP]
            Driver = ODBC Driver 18 for SQL Server
            Server = tcp:erp-sql01.corp.local,1433
            Database = ERP
            UID = erp_report
            PWD = @@Q
            TrustServerCertificate = yes
            """)),
    ),
    _fam(
        "oracle cli and identified by", _with(),
        ("sqlplus easy connect", "$ sqlplus app_owner/@@U@//ora-prod-scan.corp.local:1521/ORDERS\n"
         "\nSQL*Plus: Release 19.0.0.0.0 - Production on Mon Jun 10 09:14:22 2024\nVersion "
         "19.22.0.0.0\n\nConnected to:\nOracle Database 19c Enterprise Edition\n"),
        ("expdp userid", "$ expdp system/@@U@PDB1 schemas=HR directory=DATA_PUMP_DIR dumpfile="
         "hr.dmp logfile=hr.log\n"),
        ("create user script", _d("""
            CREATE USER billing IDENTIFIED BY "@@P"
              DEFAULT TABLESPACE users
              QUOTA UNLIMITED ON users;
            GRANT CREATE SESSION TO billing;
            """)),
        ("database link", "CREATE DATABASE LINK legacy_link CONNECT TO legacy_ro IDENTIFIED BY "
         "\"@@Q\" USING 'LEGACYDB';\n"),
    ),
    _fam(
        "sql insert seed api key", _with(),
        ("seed sql", _d("""
            -- seed: partner integrations (staging)
            INSERT INTO integrations (name, api_key, api_secret, enabled) VALUES
              ('shipping', '@@K', '@@N', true),
              ('tax', '@@R', '@@T', true);
            """)),
        ("rails seeds", "ApiClient.find_or_create_by!(name: \"mobile-app\") do |client|\n"
         "  client.secret = \"@@S\"\nend\n"),
        ("django token fixture", _d("""
            [
              {
                "model": "authtoken.token",
                "pk": "@@F",
                "fields": {
                  "user": 1,
                  "created": "2024-06-10T09:14:22Z"
                }
              }
            ]
            """)),
    ),
    # ---- directories and kerberos ----
    _fam(
        "ldif userpassword cleartext", _with(A=_b64_pw),
        ("plain attribute", _d("""
            dn: uid=svc-jenkins,ou=services,dc=corp,dc=example
            objectClass: inetOrgPerson
            cn: Jenkins service
            sn: service
            uid: svc-jenkins
            userPassword: @@P
            """)),
        ("base64 attribute", _d("""
            dn: cn=replicator,dc=corp,dc=example
            changetype: modify
            replace: userPassword
            userPassword:: @@A
            """)),
        ("olcRootPW", _d("""
            dn: olcDatabase={1}mdb,cn=config
            changetype: modify
            replace: olcRootPW
            olcRootPW: @@Q
            """)),
    ),
    _fam(
        "klist keytab key dump", _with(),
        ("klist -K", _d("""
            $ klist -kteK /etc/krb5.keytab
            Keytab name: FILE:/etc/krb5.keytab
            KVNO Timestamp           Principal
            ---- ------------------- ------------------------------------------------------
               3 06/10/2024 09:14:22 host/web01.corp.example@CORP.EXAMPLE \
(aes256-cts-hmac-sha1-96)  (0x@@S)
               3 06/10/2024 09:14:22 host/web01.corp.example@CORP.EXAMPLE \
(aes128-cts-hmac-sha1-96)  (0x@@H)
            """)),
        ("ktpass pass", "C:\\>ktpass /princ HTTP/intranet.corp.example@CORP.EXAMPLE /mapuser "
         "CORP\\svc-intranet /pass @@P /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL /out "
         "intranet.keytab\nTargeting domain controller: DC01.corp.example\nSuccessfully mapped "
         "HTTP/intranet.corp.example to svc-intranet.\n"),
        ("scripted ktutil", "printf \"%b\" \"addent -password -p svc-etl@CORP.EXAMPLE -k 2 -e "
         "aes256-cts-hmac-sha1-96\\n@@P\\nwkt /etc/security/keytabs/svc-etl.keytab\\n\" | ktutil"
         "\n"),
    ),
    # ---- network devices ----
    _fam(
        "network device shared key", _with(),
        ("cisco tacacs key", _d("""
            aaa new-model
            tacacs server ISE-1
             address ipv4 10.10.0.21
             key 0 @@Q
            !
            aaa authentication login default group tacacs+ local
            """)),
        ("bgp neighbor password", _d("""
            router bgp 65010
             neighbor 10.255.0.2 remote-as 65020
             neighbor 10.255.0.2 password 0 @@O
             neighbor 10.255.0.2 description transit-a
            """)),
        ("junos set commands", "set system tacplus-server 10.10.0.21 secret \"@@Q\"\nset protocols "
         "bgp group transit authentication-key \"@@O\"\n"),
        ("frr ospf md5", "interface eth0\n ip ospf message-digest-key 1 md5 @@O\n ip ospf "
         "authentication message-digest\n!\n"),
    ),
    # ---- devices, mobile and games ----
    _fam(
        "arduino sketch credential defines", _with(Z=lambda: _s(20, string.digits)),
        ("sketch globals", _d("""
            #include <WiFi.h>
            #include <PubSubClient.h>

            const char* ssid = "Werkstatt-IoT";
            const char* password = "@@P";
            const char* mqtt_server = "192.168.20.5";
            const char* mqtt_user = "sensor-07";
            const char* mqtt_pass = "@@U";
            """)),
        ("arduino_secrets.h", "#define SECRET_SSID \"FRITZ!Box 7590 KQ\"\n#define SECRET_PASS "
         "\"@@Z\"\n#define SECRET_DEVICE_KEY \"@@K\"\n"),
        ("platformio build flags", _d(r"""
            [env:esp32dev]
            platform = espressif32
            board = esp32dev
            framework = arduino
            build_flags =
                -DWIFI_SSID=\"greenhouse\"
                -DWIFI_PASS=\"@@P\"
                -DINGEST_TOKEN=\"@@T\"
            """)),
    ),
    _fam(
        "esphome api encryption key", _with(),
        ("device yaml", _d("""
            api:
              encryption:
                key: "@@B"

            ota:
              - platform: esphome
                password: "@@H"
            """)),
        ("secrets.yaml", "wifi_ssid: \"Garage\"\nwifi_password: \"@@P\"\napi_key: \"@@B\"\n"
         "ota_password: \"@@H\"\n"),
        ("chat about re-adopting", "the noise psk for the living room sensor is @@B if you need "
         "to re-adopt it in HA\n"),
    ),
    _fam(
        "mobile build config secret", _with(),
        ("flutter dart-define", "$ flutter build apk --release --dart-define=API_BASE=https://api."
         "acme.example --dart-define=PAYMENTS_SECRET=@@K\n"),
        ("xcconfig", _d("""
            // Config/Release.xcconfig
            API_BASE_URL = https:/$()/api.acme.example
            ANALYTICS_WRITE_KEY = @@K
            BACKEND_CLIENT_SECRET = @@T
            """)),
        ("info plist", _d("""
            \t<key>BackendClientID</key>
            \t<string>ios-app</string>
            \t<key>BackendClientSecret</key>
            \t<string>@@T</string>
            """)),
        ("dart-define-from-file json", "// env/prod.json\n{\n  \"API_BASE\": \"https://api.acme."
         "example\",\n  \"MAPS_SERVER_KEY\": \"@@N\",\n  \"SENTRY_ENV\": \"production\"\n}\n"),
    ),
    _fam(
        "game server rcon password", _with(),
        ("server.properties", "enable-rcon=true\nrcon.port=25575\nrcon.password=@@P\nserver-port="
         "25565\nmotd=Acme LAN\n"),
        ("source server.cfg", "hostname \"ACME LAN #1\"\nrcon_password \"@@O\"\nsv_password \"\"\n"
         "mp_autoteambalance 1\n"),
        ("mcrcon command", "$ mcrcon -H 10.0.8.4 -P 25575 -p '@@P' \"whitelist add jdoe\"\n"
         "Added jdoe to the whitelist\n"),
        ("factorio flags", "./bin/x64/factorio --start-server saves/prod.zip --rcon-port 27015 "
         "--rcon-password @@U\n"),
    ),
    _fam(
        "unreal pak encryption key", _with(),
        ("Crypto.json", _d("""
            {
            \t"EncryptionKey": {
            \t\t"Name": null,
            \t\t"Guid": null,
            \t\t"Key": "@@B"
            \t},
            \t"bEnablePakSigning": true,
            \t"bEnablePakIndexEncryption": true,
            \t"bEnablePakIniEncryption": true
            }
            """)),
        ("DefaultCrypto.ini", "[/Script/CryptoKeys.CryptoKeysSettings]\nEncryptionKey=@@B\n"
         "bEncryptPakIniFiles=True\nbEncryptPakIndex=True\n"),
        ("dumper output", "ran the dumper against the 2.4 shipping build:\n\n[+] Found AES key at "
         "0x7FF6A1C3B2E0\n[+] AES Key: 0x@@S\n"),
    ),
    # ---- mail ----
    _fam(
        "mail server and client rc password", _with(),
        ("muttrc", _d("""
            set imap_user = "jane.doe@example.org"
            set imap_pass = "@@P"
            set folder = "imaps://mail.example.org:993"
            set spoolfile = "+INBOX"
            """)),
        ("msmtprc", _d("""
            account work
            host smtp.example.org
            port 587
            tls on
            auth on
            user alerts@example.org
            password @@Q
            from alerts@example.org
            """)),
        ("fetchmailrc", "poll imap.example.org protocol IMAP\n    user \"ticket-intake\" there "
         "with password \"@@P\" is tickets here\n    ssl\n"),
        ("dovecot plain users file", "jane:{PLAIN}@@P:5000:5000::/var/vmail/jane::\n"
         "tickets:{PLAIN}@@Q:5000:5000::/var/vmail/tickets::\n"),
    ),
    # ---- HTTP as people copy it ----
    _fam(
        "http client error dump auth header", _with(E=lambda: _basic("partner")),
        ("axios error", _d("""
            AxiosError: Request failed with status code 403
                at settle (/app/node_modules/axios/dist/node/axios.cjs:1983:12)
              code: 'ERR_BAD_REQUEST',
              config: {
                url: 'https://api.partner.example/v3/shipments',
                method: 'post',
                headers: Object [AxiosHeaders] {
                  Accept: 'application/json, text/plain, */*',
                  'Content-Type': 'application/json',
                  'X-Api-Key': '@@K',
                  'User-Agent': 'axios/1.7.2'
                },
            """)),
        ("okhttp logging", _d("""
            I/okhttp.OkHttpClient: --> GET https://api.acme.example/v1/me
            I/okhttp.OkHttpClient: Authorization: Bearer @@J
            I/okhttp.OkHttpClient: --> END GET
            I/okhttp.OkHttpClient: <-- 401 https://api.acme.example/v1/me (88ms)
            """)),
        ("dotnet httpclient exception", _d("""
            System.Net.Http.HttpRequestException: Response status code does not indicate \
success: 401 (Unauthorized).
               Request: Method: POST, RequestUri: 'https://api.partner.example/token', Version: \
1.1, Headers:
            {
              Ocp-Apim-Subscription-Key: @@H
              Authorization: Basic @@E
            }
            """)),
    ),
    _fam(
        "burp proxy request dump", _with(),
        ("raw request cookie", _d("""
            POST /api/v2/account/settings HTTP/2
            Host: portal.acme.example
            Cookie: _ga=GA1.2.1234567890.1718000000; portal_session=@@N
            Content-Type: application/json
            Content-Length: 47
            Origin: https://portal.acme.example

            {"newsletter":false,"timezone":"Europe/Berlin"}
            """)),
        ("response set-cookie and token", _d("""
            HTTP/1.1 200 OK
            Date: Mon, 10 Jun 2024 09:14:22 GMT
            Content-Type: application/json
            Set-Cookie: sid=@@W; Path=/; Secure; HttpOnly; SameSite=Lax

            {"user":{"id":4812,"role":"admin"},"refresh_token":"@@T"}
            """)),
        ("api key request", _d("""
            GET /internal/metrics?env=prod HTTP/1.1
            Host: ops.acme.example
            X-Api-Key: @@H
            User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0
            Accept: */*
            Connection: close
            """)),
    ),
    _fam(
        "copy as powershell request", _with(),
        ("websession cookie", _d("""
            $session = New-Object Microsoft.PowerShell.Commands.WebRequestSession
            $session.UserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
(KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36"
            $session.Cookies.Add((New-Object System.Net.Cookie("connect.sid", "s%3A@@K.@@W", \
"/", "admin.acme.example")))
            Invoke-WebRequest -UseBasicParsing -Uri "https://admin.acme.example/api/users?page=2" `
            -WebSession $session `
            -Headers @{
            "accept"="application/json"
              "referer"="https://admin.acme.example/users"
            }
            """)),
        ("authorization header", _d("""
            Invoke-WebRequest -UseBasicParsing -Uri "https://api.acme.example/graphql" `
            -Method "POST" `
            -Headers @{
            "authority"="api.acme.example"
              "authorization"="Bearer @@J"
            } `
            -ContentType "application/json" `
            -Body "{`"query`":`"{ viewer { id } }`"}"
            """)),
        ("copy as node fetch", _d("""
            fetch("https://app.acme.example/api/export", {
              "headers": {
                "accept": "*/*",
                "cookie": "remember_user_token=@@N; _app_session=@@T"
              },
              "body": null,
              "method": "GET"
            });
            """)),
    ),
    _fam(
        "api client collection secret", _with(),
        ("postman environment", _d("""
            {
            \t"id": "@@G",
            \t"name": "staging",
            \t"values": [
            \t\t{ "key": "baseUrl", "value": "https://staging-api.acme.example", "type": \
"default", "enabled": true },
            \t\t{ "key": "apiKey", "value": "@@K", "type": "secret", "enabled": true }
            \t],
            \t"_postman_variable_scope": "environment"
            }
            """)),
        ("insomnia bearer", _d("""
                  "authentication": {
                    "type": "bearer",
                    "token": "@@T",
                    "prefix": ""
                  },
            """)),
        ("bruno request file", _d("""
            meta {
              name: list orders
              type: http
              seq: 2
            }

            get {
              url: {{baseUrl}}/v2/orders
              auth: bearer
            }

            auth:bearer {
              token: @@J
            }
            """)),
        ("httpie session", _d("""
            {
                "__meta__": {
                    "about": "HTTPie session file",
                    "help": "https://httpie.io/docs#sessions",
                    "httpie": "3.2.2"
                },
                "auth": {
                    "password": "@@P",
                    "type": "basic",
                    "username": "ops"
                },
                "cookies": [],
                "headers": []
            }
            """)),
    ),
    _fam(
        "graphql variables password", _with(),
        ("login mutation variables", _d("""
            mutation Login($email: String!, $password: String!) {
              login(email: $email, password: $password) { token }
            }

            # variables
            {
              "email": "qa-admin@acme.example",
              "password": "@@P"
            }
            """)),
        ("graphiql headers pane", "{\n  \"Authorization\": \"Bearer @@J\",\n  \"x-hasura-role\": "
         "\"admin\"\n}\n"),
        ("inline argument", "curl -s https://api.acme.example/graphql -H 'content-type: application"
         "/json' -d '{\"query\":\"mutation { rotateWebhook(id: 4812, secret: \\\"@@S\\\") { id } "
         "}\"}'\n"),
    ),
    _fam(
        "grpc and websocket auth", _with(),
        ("grpcurl header", "grpcurl -H \"authorization: Bearer @@T\" -d '{\"order_id\": \"A-1042"
         "\"}'"
         " orders.internal.example:443 acme.orders.v1.OrderService/GetOrder\n"),
        ("wscat query token", "$ wscat -c \"wss://stream.acme.example/v1/ticks?token=@@W\"\n"
         "Connected (press CTRL+C to quit)\n< {\"type\":\"hello\",\"heartbeat\":30}\n"),
        ("browser websocket", "const ws = new WebSocket(`wss://realtime.acme.example/socket?vsn="
         "2.0.0&api_key=@@K`);\n"),
        ("evans header", "acme.orders.v1.OrderService@orders.internal.example:443> header "
         "x-api-key=@@R\n"),
    ),
    _fam(
        "playwright storage state", _with(),
        ("storage state json", _d("""
            {
              "cookies": [
                {
                  "name": "__Secure-session",
                  "value": "@@N",
                  "domain": "app.acme.example",
                  "path": "/",
                  "expires": 1749536000,
                  "httpOnly": true,
                  "secure": true,
                  "sameSite": "Lax"
                }
              ],
              "origins": [
                {
                  "origin": "https://app.acme.example",
                  "localStorage": [
                    { "name": "auth.refresh", "value": "@@T" }
                  ]
                }
              ]
            }
            """)),
        ("auth setup fill", _d("""
            setup('authenticate', async ({ page }) => {
              await page.goto('https://staging.acme.example/login');
              await page.getByLabel('Email').fill('e2e-admin@acme.example');
              await page.getByLabel('Password').fill('@@P');
              await page.getByRole('button', { name: 'Sign in' }).click();
              await page.context().storageState({ path: authFile });
            });
            """)),
        ("cypress run env", "$ npx cypress run --env ADMIN_USER=e2e-admin,ADMIN_PASSWORD=@@P "
         "--spec 'cypress/e2e/admin/*.cy.ts'\n"),
    ),
    # ---- prose ----
    _fam(
        "commit message leaked credential", _with(),
        ("git log entry", _d("""
            commit @@F
            Author: Sam Park <sam@acme.example>
            Date:   Fri Jun 7 23:41:09 2024 +0200

                hotfix: point worker at new broker

                broker creds rotated tonight, new password is @@Q until we
                move this into vault (TICKET-4821)
            """)),
        ("conventional commit body", "fix(ci): use deploy token @@T for the mirror job\n\nThe old "
         "one expired; this is the project token from the mirror settings page.\n"),
        ("squash message", "* wip\n* wip 2\n* temporarily hardcode the staging api key (@@K) so the"
         " demo works\n* revert logging change\n"),
    ),
    _fam(
        "german chat credential", _with(),
        ("chat", "Hi Jonas, das Passwort für den Staging-Server ist @@P – bitte nicht weitergeben, "
         "ich ändere es nach dem Release wieder.\n"),
        ("ticket", "Zugangsdaten für das Kundenportal (Testumgebung):\nBenutzer: support-team\n"
         "Kennwort: @@P\nBei Problemen bitte an die IT wenden.\n"),
        ("email", "Hallo zusammen,\n\nanbei der neue API-Schlüssel für die Schnittstelle zum Lager:"
         " @@K\nDer alte Schlüssel wird am Freitag deaktiviert.\n\nViele Grüße\nMarkus\n"),
    ),
    _fam(
        "spanish chat credential", _with(),
        ("chat", "Oye, te paso el token del bot para que pruebes en local: @@T\nno lo subas al "
         "repo porfa 🙏\n"),
        ("ticket", "Usuario: admin_facturacion\nContraseña: @@P\n(es la del entorno de "
         "preproducción, la de producción la tiene Laura)\n"),
        ("connection string", "Buenas, ya cambié la clave de la base de datos. La nueva es @@U y "
         "la cadena de conexión queda: postgres://app:@@U@db-pre.interno:5432/app\n"),
    ),
    _fam(
        "french chat credential", _with(),
        ("chat", "Salut, le mot de passe du compte de service est @@P, tu peux l'utiliser pour le "
         "déploiement de ce soir.\n"),
        ("webhook secret", "Voici la clé secrète du webhook pour l'environnement de recette : "
         "@@S\nPense à la mettre dans le coffre après les tests.\n"),
        ("email", "Bonjour,\n\nIdentifiant : compta-export\nMot de passe : @@P\nURL : https://sftp."
         "partenaire.example\n\nMerci de confirmer la bonne réception.\n"),
    ),
    _fam(
        "portuguese chat credential", _with(),
        ("chat", "Fala, segue a senha do banco de homologação: @@P (usuário: app_hml)\n"),
        ("token", "Gerei um token novo pra integração, é esse aqui: @@T — o antigo já revoguei.\n"),
        ("vpn access", "Acesso à VPN:\nusuário: joao.silva\nsenha: @@P\nchave pré-compartilhada: "
         "@@Q\n"),
    ),
    _fam(
        "japanese chat credential", _with(),
        ("chat", "お疲れ様です。検証環境のDBパスワードは @@P です。作業が終わったら変更します。\n"),
        ("api key", "APIキーを共有します：@@K\n本番用なので取り扱いに注意してください。\n"),
        ("admin login", "管理画面のログイン情報\nID: admin\nパスワード: @@P\nURL: https://admin.stg."
         "example.jp/\n"),
    ),
    _fam(
        "chinese chat credential", _with(),
        ("chat", "测试环境数据库密码是 @@P，用完记得改掉。\n"),
        ("api key", "新的接口密钥：@@K\n旧的那个今天下午会失效，请尽快替换。\n"),
        ("server account", "服务器账号：deploy\n密码：@@P\n跳板机地址：10.20.3.15\n"),
    ),
    _fam(
        "russian chat credential", _with(),
        ("chat", "Привет! Пароль от стейджинга: @@P, после релиза поменяю.\n"),
        ("bot token", "Токен для бота: @@T\nВ репозиторий не коммить, положи в секреты CI.\n"),
        ("admin access", "Доступ к админке:\nлогин: admin\nпароль: @@P\nадрес: https://admin.stage"
         ".example.ru\n"),
    ),
    # ---- data with weak or no key names ----
    _fam(
        "password manager csv export", _with(),
        ("bitwarden csv", "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username"
         ",login_password,login_totp\nWork,,login,Grafana prod,,,0,https://grafana.acme.example,"
         "ops,@@P,\nWork,1,login,Cloud root,,,1,https://console.cloud.example,root@acme.example,"
         "@@Q,@@M\n"),
        ("chrome csv", "name,url,username,password,note\nportal.acme.example,https://portal.acme."
         "example/login,jane.doe,@@P,\nrouter.local,http://192.168.0.1/,admin,@@O,\n"),
        ("keepass csv", "\"Group\",\"Title\",\"Username\",\"Password\",\"URL\",\"Notes\"\n"
         "\"Root/Infra\",\"pfSense\",\"admin\",\"@@Q\",\"https://10.0.0.1\",\"\"\n"),
    ),
    _fam(
        "credential tuple literal", _with(),
        ("python list of pairs", "ACCOUNTS = [\n    (\"svc-report\", \"@@P\"),\n    (\"svc-expor"
         "t\","
         " \"@@Q\"),\n]\n"),
        ("json array", "{\n  \"conn\": [\"10.0.5.12\", 5432, \"etl\", \"@@U\", \"warehouse\"],\n"
         "  \"batch\": 500\n}\n"),
        ("js destructuring", "const [user, pass] = ['deploy', '@@Q'];\nawait sftp.connect({ host: "
         "'files.partner.example', port: 22, username: user, password: pass });\n"),
        ("yaml flow sequence", "registry:\n  host: registry.internal.example\n  auth: [ci-bot, @@T]"
         "\n"),
    ),
    # ---- key armours ----
    _fam(
        "signify secret key", _with(Z=_signify_sec),
        ("key file", "untrusted comment: signify secret key\n@@Z\n"),
        ("cat output", "$ cat ~/.signify/release-2024.sec\nuntrusted comment: release-2024 secret "
         "key\n@@Z\n"),
        ("ci printf", "      - run: printf 'untrusted comment: signify secret key\\n@@Z\\n' > "
         "/tmp/release.sec && signify -S -s /tmp/release.sec -m SHA256\n"),
    ),
    _fam(
        "tor onion service secret key",
        _with(Z=_onion_secret_b64, Y=_onion_addr, X=lambda: _b32(32),
              V=lambda: _pem("RSA PRIVATE KEY", _rsa_pkcs1(1024))),
        ("base64 of key file", "$ sudo base64 -w0 /var/lib/tor/hidden_service/hs_ed25519_secret_"
         "key\n@@Z\n"),
        ("client auth file", "$ cat /var/lib/tor/onion_auth/partner.auth_private\n@@Y:descriptor:"
         "x25519:@@X\n"),
        ("v2 private_key", "$ sudo cat /var/lib/tor/legacy_service/private_key\n@@V\n"),
    ),
    _fam(
        "ssh2 format private key", _with(Z=lambda: _ssh2_key("rsa-key-20240610")),
        ("key file", "@@Z\n"),
        ("pasted in chat", "here is the key the vendor's SFTP wants (Tectia format, convert with "
         "ssh-keygen -i):\n\n@@Z\n"),
        ("cat before convert", "$ cat legacy_sftp.key\n@@Z\n$ ssh-keygen -i -f legacy_sftp.key > "
         "legacy_sftp.pub\n"),
    ),
    _fam(
        "overlay network node private key",
        _with(Z=_nebula_indented, I=lambda: _nebula_key("ED25519", 64), Y=_zerotier_secret,
              X=_peer_id, V=_libp2p_priv),
        ("nebula config key", _d("""
            pki:
              ca: /etc/nebula/ca.crt
              cert: /etc/nebula/host.crt
              key: |
            @@Z
            lighthouse:
              am_lighthouse: false
            """)),
        ("nebula ca key", "$ cat /etc/nebula/ca.key\n@@I\n"),
        ("zerotier identity.secret", "$ sudo cat /var/lib/zerotier-one/identity.secret\n@@Y\n"),
        ("ipfs identity", "  \"Identity\": {\n    \"PeerID\": \"@@X\",\n    \"PrivKey\": \"@@V\"\n"
         "  },\n"),
    ),
    _fam(
        "dkim signing private key",
        _with(Z=lambda: _pem("RSA PRIVATE KEY", _rsa_pkcs1(1024)),
              Y=lambda: _pem("RSA PRIVATE KEY", _rsa_pkcs1(1024)).replace("\n", "\\n"),
              X=lambda: _ind(_pem("RSA PRIVATE KEY", _rsa_pkcs1(1024)), 6)),
        ("opendkim key file", "$ cat /etc/opendkim/keys/acme.example/mail2024.private\n@@Z\n"),
        ("mail server api json", "{\"domain\": \"acme.example\", \"dkim_selector\": \"mail2024\", "
         "\"key_size\": 1024, \"dkim_private\": \"@@Y\"}\n"),
        ("ansible var", "opendkim_keys:\n  - domain: acme.example\n    selector: mail2024\n"
         "    private_key: |\n@@X\n"),
    ),
    _fam(
        "traefik acme json key",
        _with(Z=lambda: _std64(_rsa_pkcs1()), Y=lambda: _std64(_pem_ec().encode()),
              X=_pem_ec),
        ("account private key", _d("""
            {
              "letsencrypt": {
                "Account": {
                  "Email": "ops@acme.example",
                  "Registration": {
                    "body": {
                      "status": "valid",
                      "contact": ["mailto:ops@acme.example"]
                    },
                    "uri": "https://acme-v02.api.letsencrypt.org/acme/acct/1834125677"
                  },
                  "PrivateKey": "@@Z",
                  "KeyType": "2048"
                },
            """)),
        ("certificate key field", _d("""
                "Certificates": [
                  {
                    "domain": {
                      "main": "shop.acme.example"
                    },
                    "key": "@@Y",
                    "Store": "default"
                  }
                ]
            """)),
        ("jq decode", "$ jq -r '.letsencrypt.Certificates[0].key' acme.json | base64 -d\n@@X\n"),
    ),
    _fam(
        "cloud-init ssh host keys",
        _with(Z=lambda: _ind(_openssh_ed25519("root@bastion"), 4),
              Y=lambda: _ind(_pem_rsa(), 6), X=lambda: _ind(_pem_ec(), 4),
              V=lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(43, B64)),
        ("user-data ed25519", "#cloud-config\nssh_deletekeys: false\nssh_keys:\n  ed25519_private:"
         " |\n@@Z\n  ed25519_public: ssh-ed25519 @@V root@bastion\n"),
        ("terraform heredoc", "  user_data = <<-EOT\n    #cloud-config\n    ssh_keys:\n      "
         "rsa_private: |\n@@Y\n  EOT\n"),
        ("cloud-init query", "$ sudo cloud-init query userdata\n#cloud-config\nssh_keys:\n  "
         "ecdsa_private: |\n@@X\n"),
    ),
]


def _codes_two_columns() -> str:
    codes = _recovery_codes(10)
    return "\n".join(f"{codes[i]}    {codes[i + 1]}" for i in range(0, 10, 2))


def _backup_codes() -> str:
    codes = [f"{_RNG.randrange(10**4):04d} {_RNG.randrange(10**4):04d}" for _ in range(10)]
    return "\n".join(f"{i + 1:>2}. {code}" for i, code in enumerate(codes))


def _recovery_key28() -> str:
    return "-".join(_s(4, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(7))


def _upper_guid() -> str:
    return _guid().upper()


def _bech32_checksum() -> str:
    return _s(8, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")


def _azure_refresh() -> str:
    return "0.A" + _s(_RNG.randint(700, 900), B64URL)


def _google_client_id() -> str:
    return f"{_RNG.randrange(10**11, 10**12)}-{_s(32, LOWER_ALNUM)}"


def _google_client_secret() -> str:
    return "GOC" "SPX-" + _s(28, B64URL)


def _creds_indented() -> str:
    return _ind(_nats_creds(), 4)


_RAW += [
    # ---- one-time passwords and recovery ----
    _fam(
        "otpauth provisioning uri",
        _with(Z=lambda: _otp_migration("jane@acme.example", "Acme SSO")),
        ("otpauth uri", "otpauth://totp/Acme%20VPN:jane.doe?secret=@@M&issuer=Acme%20VPN&algorithm"
         "=SHA1&digits=6&period=30\n"),
        ("oathtool seed argument", "$ oathtool --totp -b @@M\n482913\n"),
        ("authenticator export qr decoded", "decoded the QR from the old phone before wiping it, "
         "here it is in case we need to re-import:\n@@Z\n"),
        ("pyotp positional", "import pyotp\n\ntotp = pyotp.TOTP(\"@@M\")\nprint(totp.now())\n"),
    ),
    _fam(
        "two-factor recovery codes",
        _with(Z=_codes_two_columns, Y=_backup_codes, X=_recovery_key28),
        ("recovery codes file", "Recovery codes for jane@acme.example\nKeep them somewhere safe. "
         "Each code can be used once.\n\n@@Z\n\nGenerated 2024-06-10\n"),
        ("backup verification codes", "BACKUP VERIFICATION CODES\nadmin@acme.example\n\n@@Y\n\n"
         "(Each code can be used only once.)\n"),
        ("account recovery key", "Your recovery key: @@X\nPrint it or write it down. Without it "
         "you cannot reset your account password.\n"),
    ),
    _fam(
        "disk encryption recovery key",
        _with(Z=_bitlocker, A=_upper_guid, Y=_filevault),
        ("manage-bde protectors", _d("""
            PS C:\\> manage-bde -protectors -get C:
            BitLocker Drive Encryption: Configuration Tool version 10.0.22621
            Volume C: [OS]
            All Key Protectors

                Numerical Password:
                  ID: {@@A}
                  Password:
                    @@Z
            """)),
        ("fdesetup personal key", "$ sudo fdesetup changerecovery -personal\nEnter the user name:"
         "jane\nEnter the password for user 'jane':\nNew personal recovery key = '@@Y'\n"),
        ("helpdesk chat", "Laptop JD-0412 is asking for the BitLocker key again after the BIOS "
         "update. Key ID starts with {@@A}, recovery key is @@Z\n"),
    ),
    # ---- wallets and chains ----
    _fam(
        "bip32 extended private key",
        _with(Z=_xprv, Y=_xpub, X=lambda: _xprv(testnet=True), C=_bech32_checksum),
        ("electrum keystore", _d("""
                "keystore": {
                    "pw_hash_version": 1,
                    "seed_type": "standard",
                    "type": "bip32",
                    "xprv": "@@Z",
                    "xpub": "@@Y"
                },
            """)),
        ("listdescriptors private", _d("""
            $ bitcoin-cli -testnet -rpcwallet=hot listdescriptors true
            {
              "wallet_name": "hot",
              "descriptors": [
                {
                  "desc": "wpkh(@@X/84h/1h/0h/0/*)#@@C",
                  "timestamp": 1718012345,
                  "active": true,
            """)),
        ("bx hd-new", "$ bx hd-new @@S\n@@Z\n"),
    ),
    _fam(
        "hardhat deployer private key", _with(),
        ("hardhat config accounts", _d("""
              networks: {
                sepolia: {
                  url: "https://sepolia.infura.io/v3/" + process.env.INFURA_ID,
                  accounts: ["0x@@S"],
                },
              },
            """)),
        ("forge script flag", "$ forge script script/Deploy.s.sol --rpc-url $RPC_URL --broadcast "
         "--private-key 0x@@S\n"),
        ("dotenv", "RPC_URL=https://rpc.sepolia.example.org\nDEPLOYER_PRIVATE_KEY=@@S\n"
         "VERIFY=true\n"),
    ),
    _fam(
        "chain node signing key json",
        _with(Z=_tm_priv_json, Y=_cardano_skey,
              X=lambda: _cardano_skey("StakeSigningKeyShelley_ed25519")),
        ("priv_validator_key.json", "$ cat ~/.gaia/config/priv_validator_key.json\n@@Z\n"),
        ("cardano payment.skey", "$ cat payment.skey\n@@Y\n"),
        ("cardano stake.skey", "stake.skey:\n@@X\n"),
        ("keys export unarmored hex", "$ gaiad keys export validator --unarmored-hex --unsafe\n"
         "WARNING: The private key will be exported as an unarmored hexadecimal string. USE AT "
         "YOUR OWN RISK. Continue? [y/N]: y\n@@S\n"),
    ),
    _fam(
        "lnd admin macaroon",
        _with(Z=lambda: _macaroon_hex().upper(), Y=_macaroon_hex),
        ("xxd upper hex", "$ xxd -ps -u -c 1000 ~/.lnd/data/chain/bitcoin/mainnet/admin.macaroon\n"
         "@@Z\n"),
        ("rest header", "curl --cacert ~/.lnd/tls.cert -H \"Grpc-Metadata-macaroon: @@Y\" "
         "https://127.0.0.1:8080/v1/getinfo\n"),
        ("wallet app config", "{\n  \"lnd\": {\n    \"host\": \"lnd.internal:10009\",\n    "
         "\"macaroon\": \"@@Y\",\n    \"cert\": \"/etc/lnd/tls.cert\"\n  }\n}\n"),
    ),
    # ---- cookies, URLs, DSNs ----
    _fam(
        "netscape cookies.txt session", _with(V=lambda: _s(72, B64URL)),
        ("browser extension export", "# Netscape HTTP Cookie File\n# This file was generated by a"
         " browser extension. Edit at your own risk.\n\n.video.example.com\tTRUE\t/\tTRUE\t"
         "1749536000\tSID\t@@N\n.video.example.com\tTRUE\t/\tTRUE\t1749536000\t__Secure-3PSID"
         "\t@@V\n.video.example.com\tTRUE\t/\tFALSE\t1749536000\tPREF\tf6=40000000&tz=Europe."
         "Berlin\n"),
        ("curl cookie jar", "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html"
         "\n# This file was generated by libcurl! Edit at your own risk.\n\n#HttpOnly_portal.acme."
         "example\tFALSE\t/\tTRUE\t0\tportal_session\t@@T\n"),
        ("single line in chat", "yt-dlp keeps failing on the members-only videos, here's the "
         "session line from my cookies.txt:\n.learn.example.com\tTRUE\t/\tTRUE\t1749536000\t"
         "sessionid\t@@R\n"),
    ),
    _fam(
        "presigned url with session token", _with(Z=_presigned_s3, Y=_gcs_signed),
        ("s3 link in chat", "Here's the export link (valid for 7 days): @@Z\n"),
        ("curl download", "curl -fSL -o ledger.csv '@@Z'\n"),
        ("gcs signed url response", "{\n  \"upload_url\": \"@@Y\",\n  \"expires_at\": "
         "\"2024-06-17T09:14:22Z\"\n}\n"),
    ),
    _fam(
        "nats user creds file",
        _with(Z=_nats_creds, Y=_creds_indented, X=_nkey_seed, V=_nkey_public),
        ("creds file", "$ cat ~/.local/share/nats/nsc/keys/creds/acme/orders/orders-svc.creds\n"
         "@@Z"),
        ("kubernetes secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: nats-orders\n"
         "stringData:\n  orders.creds: |\n@@Y"),
        ("nk generate", "$ nk -gen user -pubout\n@@X\n@@V\n"),
    ),
    _fam(
        "go mysql driver dsn", _with(),
        ("sql.Open", "db, err := sql.Open(\"mysql\", \"orders:@@U@tcp(mysql.internal:3306)/orders?"
         "parseTime=true&loc=UTC\")\n"),
        ("env var", "MYSQL_DSN=reporting:@@U@tcp(10.0.3.21:3306)/metrics?tls=preferred\n"),
        ("logfmt line", "level=info ts=2024-06-10T09:14:22.118Z msg=\"connecting to database\" "
         "dsn=\"app:@@U@tcp(db:3306)/app?charset=utf8mb4\"\n"),
    ),
    _fam(
        "sqlalchemy engine url", _with(),
        ("alembic.ini", "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+"
         "psycopg://migrator:@@U@db.internal:5432/orders\n"),
        ("create_engine mssql", "engine = create_engine(\"mssql+pyodbc://sa:@@U@sqlserver.corp."
         "local:1433/ERP?driver=ODBC+Driver+18+for+SQL+Server\")\n"),
        ("superset config", "SQLALCHEMY_DATABASE_URI = \"mysql+mysqldb://superset:@@U@metadb:3306/"
         "superset\"\n"),
    ),
    # ---- secret stores read out ----
    _fam(
        "secret store cli read output", _with(Y=lambda: _s(6)),
        ("vault kv get", _d("""
            $ vault kv get secret/orders/db
            ===== Secret Path =====
            secret/data/orders/db

            ======= Metadata =======
            Key                Value
            ---                -----
            created_time       2024-06-10T09:14:22.118Z
            custom_metadata    <nil>
            deletion_time      n/a
            destroyed          false
            version            7

            ====== Data ======
            Key         Value
            ---         -----
            password    @@Q
            username    orders
            """)),
        ("aws get-secret-value", _d("""
            $ aws secretsmanager get-secret-value --secret-id prod/payments/api
            {
                "ARN": "arn:aws:secretsmanager:eu-west-1:418273645521:secret:prod/payments/api-@@Y",
                "Name": "prod/payments/api",
                "VersionId": "@@G",
                "SecretString": "{\\"api_key\\":\\"@@K\\",\\"api_secret\\":\\"@@N\\"}",
                "VersionStages": [
                    "AWSCURRENT"
                ],
                "CreatedDate": "2024-06-10T09:14:22.118000+02:00"
            }
            """)),
        ("gcloud versions access", "$ gcloud secrets versions access latest --secret=smtp-password"
         " --project=acme-prod\n@@P\n"),
        ("az keyvault show", "$ az keyvault secret show --vault-name acme-kv --name sql-admin "
         "--query value -o tsv\n@@Q\n"),
        ("op read", "$ op read \"op://Infra/grafana-admin/password\"\n@@P\n"),
    ),
    _fam(
        "sops decrypted file", _with(),
        ("sops -d yaml", _d("""
            $ sops -d secrets/prod.enc.yaml
            database:
                user: orders
                password: @@Q
            stripe:
                webhook_secret: @@K
            """)),
        ("exec-env grep", "$ sops exec-env secrets/prod.enc.env 'env | grep ^APP_'\nAPP_ENV="
         "production\nAPP_SIGNING_KEY=@@B\n"),
        ("helm-secrets dec leftover", "# charts/api/secrets.yaml.dec\npostgresql:\n  auth:\n"
         "    password: @@Q\n    replicationPassword: @@U\n"),
    ),
    _fam(
        "dotnet user-secrets list", _with(),
        ("list output", "$ dotnet user-secrets list\nSmtp:Password = @@P\nPayments:ApiKey = @@K\n"
         "ConnectionStrings:Default = Server=localhost;Database=Shop;User Id=sa;Password=@@Q;"
         "TrustServerCertificate=True\n"),
        ("secrets.json", "// %APPDATA%\\Microsoft\\UserSecrets\\@@G\\secrets.json\n{\n  \"Jwt:"
         "SigningKey\": \"@@B\",\n  \"Storage:Container\": \"uploads\"\n}\n"),
        ("set command", "PS C:\\src\\Shop> dotnet user-secrets set \"Partner:ClientSecret\" "
         "\"@@T\"\nSuccessfully saved Partner:ClientSecret = @@T to the secret store.\n"),
    ),
    _fam(
        "streamlit secrets toml", _with(),
        ("connection section", "[connections.snowflake]\naccount = \"acme-eu1\"\nuser = "
         "\"STREAMLIT_APP\"\npassword = \"@@P\"\nwarehouse = \"REPORTING_WH\"\n"),
        ("top-level keys", "LLM_API_BASE = \"https://llm.internal.example/v1\"\nLLM_API_KEY = "
         "\"@@N\"\n\n[auth]\ncookie_secret = \"@@S\"\n"),
        ("st.write output", "I printed st.secrets to debug the deploy and got:\n{\"db_password\": "
         "\"@@P\", \"api_base\": \"https://api.acme.example\"}\n"),
    ),
    _fam(
        "paas config vars listing", _with(V=lambda: "p" + _hex(64), X=lambda: _hex(128)),
        ("heroku config", _d("""
            $ heroku config -a acme-billing
            === acme-billing Config Vars

            DATABASE_URL:      postgres://u8kq2ljx:@@S@ec2-54-74-12-9.eu-west-1.compute.amazonaws.com:5432/d4l2k8m1
            REDIS_URL:         rediss://:@@V@ec2-34-241-9-3.eu-west-1.compute.amazonaws.com:19880
            SECRET_KEY_BASE:   @@X
            WEB_CONCURRENCY:   2
            """)),
        ("dokku config:show", "$ dokku config:show api\n=====> api env vars\nDOKKU_APP_TYPE:      "
         "herokuish\nJWT_SECRET:          @@W\nPORT:                5000\n"),
        ("fly ssh printenv", "$ fly ssh console -C printenv | grep -i url\nDATABASE_URL=postgres://"
         "api:@@U@api-db.flycast:5432/api?sslmode=disable\nPRIMARY_REGION=fra\n"),
    ),
    # ---- operations ----
    _fam(
        "log shipper output credential", _with(Z=lambda: _std64(64)),
        ("logstash output", _d("""
            output {
              elasticsearch {
                hosts => ["https://es01.internal:9200"]
                user => "logstash_writer"
                password => "@@Q"
                index => "app-%{+YYYY.MM.dd}"
              }
            }
            """)),
        ("fluent-bit header", _d("""
            [OUTPUT]
                Name        http
                Match       *
                Host        logs.partner.example
                Port        443
                URI         /ingest
                Header      X-Api-Key @@K
                tls         On
            """)),
        ("telegraf influx token", "[[outputs.influxdb_v2]]\n  urls = [\"https://influx.internal:"
         "8086\"]\n  token = \"@@Z\"\n  organization = \"acme\"\n  bucket = \"metrics\"\n"),
        ("vector loki sink", "[sinks.loki]\ntype = \"loki\"\ninputs = [\"app_logs\"]\nendpoint = "
         "\"https://logs.internal\"\nauth.strategy = \"basic\"\nauth.user = \"vector\"\n"
         "auth.password = \"@@U\"\n"),
    ),
    _fam(
        "zabbix psk", _with(),
        ("agent conf and psk file", "TLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK web01\n"
         "TLSPSKFile=/etc/zabbix/web01.psk\n\n$ cat /etc/zabbix/web01.psk\n@@S\n"),
        ("tee command", "run this on the new host, then restart the agent:\n\necho \"@@S\" | sudo "
         "tee /etc/zabbix/zabbix_agentd.psk\n"),
        ("api host.update", "{\"jsonrpc\": \"2.0\", \"method\": \"host.update\", \"params\": "
         "{\"hostid\": \"10584\", \"tls_connect\": 2, \"tls_accept\": 2, \"tls_psk_identity\": "
         "\"PSK db02\", \"tls_psk\": \"@@S\"}, \"id\": 1}\n"),
    ),
    _fam(
        "cluster ha shared secret", _with(Y=lambda: _s(8)),
        ("keepalived auth_pass", _d("""
            vrrp_instance VI_1 {
                state MASTER
                interface eth0
                virtual_router_id 51
                priority 150
                authentication {
                    auth_type PASS
                    auth_pass @@Y
                }
                virtual_ipaddress {
                    10.0.0.100/24
                }
            }
            """)),
        ("drbd shared-secret", "resource r0 {\n  net {\n    cram-hmac-alg sha1;\n    shared-secret "
         "\"@@Q\";\n  }\n  on node1 { address 10.0.0.11:7789; }\n}\n"),
        ("pcs host auth", "# pcs host auth node1 node2 -u hacluster -p '@@P'\nnode1: Authorized\n"
         "node2: Authorized\n"),
    ),
    _fam(
        "voip sip account secret", _with(),
        ("sip.conf peer", _d("""
            [trunk-provider]
            type=peer
            host=sip.provider.example
            username=4930123456
            secret=@@O
            fromuser=4930123456
            insecure=invite
            """)),
        ("pjsip auth", "[1001-auth]\ntype=auth\nauth_type=userpass\nusername=1001\npassword=@@O\n"),
        ("freeswitch directory", _d("""
            <include>
              <user id="1002">
                <params>
                  <param name="password" value="@@O"/>
                  <param name="vm-password" value="1002"/>
                </params>
              </user>
            </include>
            """)),
    ),
    _fam(
        "generated initial admin password", _with(Y=lambda: _s(16, ALNUM + "-_")),
        ("jenkins file", "$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword"
         "\n@@H\n"),
        ("argocd initial-password", "$ argocd admin initial-password -n argocd\n@@Y\n\n This "
         "password must be only used for first time login. We strongly recommend you update the "
         "password using `argocd account update-password`.\n"),
        ("nexus admin.password", "$ docker exec nexus cat /nexus-data/admin.password\n@@G\n"),
        ("jenkins setup log", _d("""
            *************************************************************
            *************************************************************
            *************************************************************

            Jenkins initial setup is required. An admin user has been created and a password \
generated.
            Please use the following password to proceed to installation:

            @@H

            This may also be found at: /var/jenkins_home/secrets/initialAdminPassword
            """)),
    ),
    _fam(
        "domain join password", _with(),
        ("realm join stdin", "$ echo '@@P' | sudo realm join --user=svc-join corp.example.com\n"),
        ("net ads join", "# net ads join -U 'Administrator%@@P' createcomputer=Servers/Linux\n"
         "Using short domain name -- CORP\nJoined 'WEB07' to dns domain 'corp.example.com'\n"),
        ("adcli here-string", "$ adcli join --domain=corp.example.com --login-user=svc-join "
         "--stdin-password <<< '@@P'\n"),
        ("add-computer credential", "Add-Computer -DomainName corp.example.com -Credential (New-"
         "Object PSCredential('CORP\\svc-join', (ConvertTo-SecureString '@@P' -AsPlainText "
         "-Force))) -Restart\n"),
    ),
    _fam(
        "pentest tool cleartext output", _with(),
        ("hydra found", "[22][ssh] host: 10.10.4.20   login: backup   password: @@P\n1 of 1 target "
         "successfully completed, 1 valid password found\n"),
        ("mimikatz wdigest", _d("""
            Authentication Id : 0 ; 1234567 (00000000:0012d687)
            Session           : Interactive from 1
            User Name         : svc-sql
            Domain            : CORP
            Logon Server      : DC01
            \twdigest :
            \t * Username : svc-sql
            \t * Domain   : CORP
            \t * Password : @@P
            """)),
        ("netexec pwned", "SMB         10.10.4.31      445    FILESRV01        [+] corp.example.com"
         "\\svc-backup:@@P (Pwn3d!)\n"),
        ("hashcat potfile", "$ cat ~/.local/share/hashcat/hashcat.potfile\n@@H:@@P\n"),
    ),
    _fam(
        "strings binary output secret", _with(),
        ("strings grep", "$ strings -n 16 ./bin/agent | grep -iE 'key|secret'\nX-Agent-Key\n@@K\n"
         "license_secret=@@T\n"),
        ("decompiled apk resources", "$ grep -r \"api_secret\" out/res/values/strings.xml\nout/res/"
         "values/strings.xml:    <string name=\"api_secret\">@@N</string>\n"),
        ("jadx output", "// sources/com/acme/app/net/ApiConfig.java\npublic final class ApiConfig "
         "{\n    public static final String CLIENT_SECRET = \"@@T\";\n}\n"),
    ),
    _fam(
        "makefile variable secret", _with(),
        ("makefile default", _d("""
            REGISTRY      ?= registry.internal.example
            REGISTRY_USER ?= ci
            REGISTRY_PASS ?= @@Q

            login:
            \tdocker login $(REGISTRY) -u $(REGISTRY_USER) -p $(REGISTRY_PASS)
            """)),
        ("make invocation", "$ make deploy ENV=staging DEPLOY_TOKEN=@@T\n"),
        ("justfile export", "set dotenv-load\n\nexport SEARCH_ADMIN_KEY := \"@@K\"\n\nreindex:\n"
         "    ./scripts/reindex.sh\n"),
        ("taskfile env", "version: '3'\n\nenv:\n  SIGNING_SECRET: @@S\n\ntasks:\n  build:\n"
         "    cmds:\n      - go build ./...\n"),
    ),
    # ---- code with the value inline ----
    _fam(
        "hmac signing secret literal", _with(),
        ("python hmac.new", "sig = hmac.new(b\"@@S\", request.body, hashlib.sha256).hexdigest()\n"
         "if not hmac.compare_digest(sig, request.headers[\"X-Signature\"]):\n    abort(401)\n"),
        ("node createHmac", "const expected = crypto.createHmac('sha256', '@@W').update(rawBody)."
         "digest('hex');\n"),
        ("go hmac.New", "mac := hmac.New(sha256.New, []byte(\"@@K\"))\nmac.Write(body)\n"),
        ("php hash_hmac", "$signature = hash_hmac('sha256', $payload, '@@T');\n"),
    ),
    _fam(
        "oauth token cache file",
        _with(Z=_azure_refresh, Y=_google_client_id, X=_google_client_secret, C=_google_refresh),
        ("msal cache", _d("""
            {
              "RefreshToken": {
                \
"@@G.@@G-login.microsoftonline.com-refreshtoken-04b07795-8ddb-461a-bbee-02f9e1bf7b46--": {
                  "home_account_id": "@@G.@@G",
                  "environment": "login.microsoftonline.com",
                  "credential_type": "RefreshToken",
                  "client_id": "04b07795-8ddb-461a-bbee-02f9e1bf7b46",
                  "secret": "@@Z"
                }
              },
            """)),
        ("cli credentials.json", "$ cat ~/.config/acmectl/credentials.json\n{\n  \"access_token\":"
         " \"@@J\",\n  \"refresh_token\": \"@@N\",\n  \"token_type\": \"Bearer\",\n  \"expiry\": "
         "\"2024-06-10T10:14:22Z\"\n}\n"),
        ("application default credentials", _d("""
            {
              "account": "",
              "client_id": "@@Y.apps.googleusercontent.com",
              "client_secret": "@@X",
              "quota_project_id": "acme-analytics",
              "refresh_token": "@@C",
              "type": "authorized_user",
              "universe_domain": "googleapis.com"
            }
            """)),
    ),
    _fam(
        "token endpoint form post secret", _with(X=lambda: _s(40, ALNUM + "~._-")),
        ("curl -d fields", "curl -s -X POST https://auth.acme.example/oauth/token -d grant_type="
         "client_credentials -d client_id=reporting-job -d client_secret=@@T -d audience=https://"
         "api.acme.example\n"),
        ("raw form body", "POST /connect/token HTTP/1.1\nHost: id.acme.example\nContent-Type: "
         "application/x-www-form-urlencoded\n\ngrant_type=refresh_token&client_id=mobile&"
         "refresh_token=@@N\n"),
        ("httpie form", "http --form POST https://login.partner.example/oauth2/v2.0/token client_id"
         "=@@G client_secret=@@X scope=api://partner/.default grant_type=client_credentials\n"),
    ),
]


def _tts_key() -> str:
    return "NNS" "XS." + _s(39, BASE32_UPPER) + "." + _s(52, BASE32_UPPER)


def _gotify() -> str:
    return "A" + _s(14, ALNUM + ".-_")


def _harvest() -> str:
    return f"{_RNG.randrange(10**6, 10**7)}.p" "t." + _s(86, B64URL)


def _lemon_jwt() -> str:
    return _rs_jwt({"aud": "1", "jti": _hex(80), "iat": 1718000000, "nbf": 1718000000,
                    "exp": 2033532800, "sub": str(_RNG.randint(100000, 999999)), "scopes": []}, 512)


def _redis_key() -> str:
    return _s(33) + "Az" "Ca" + _s(1, "ABCDEFGHIJKLMNOP") + _s(5) + "="


def _vk_token() -> str:
    return "vk1" ".a." + _s(_RNG.randint(200, 230), B64URL)


def _sanctum() -> str:
    return f"{_RNG.randint(2, 480)}|" + _s(40)


def _percy() -> str:
    return "we" "b_" + _hex(64)


def _miro() -> str:
    return "eyJtaXJv" "Lm9yaWdpbiI6ImV1MDEifQ_" + _s(27, B64URL)


_VENDOR_RAW: list[Family] = [
    _fam(
        "the things stack api key", _with(Z=_tts_key),
        ("cli create output", _d("""
            $ ttn-lw-cli applications api-keys create --application-id acme-sensors \
--right-application-traffic-read
            {
              "id": "EBO5SDHHSXFCJWY2",
              "key": "@@Z",
              "name": "",
              "rights": [
                "RIGHT_APPLICATION_TRAFFIC_READ"
              ]
            }
            """)),
        ("mosquitto_sub password", "mosquitto_sub -h eu1.cloud.thethings.network -p 8883 -u "
         "acme-sensors@ttn -P \"@@Z\" -t \"#\" --capath /etc/ssl/certs/\n"),
        ("storage api bearer", "curl -G \"https://eu1.cloud.thethings.network/api/v3/as/applications"
         "/acme-sensors/packages/storage/uplink_message\" -H \"Authorization: Bearer @@Z\" -d "
         "last=12h\n"),
    ),
    _fam(
        "blynk auth token", _with(Z=lambda: _s(32, ALNUM + "_-")),
        ("sketch defines", "#define BLYNK_TEMPLATE_ID \"TMPL4xK2pQ9aZ\"\n#define BLYNK_TEMPLATE_"
         "NAME "
         "\"Greenhouse\"\n#define BLYNK_AUTH_TOKEN \"@@Z\"\n\n#include <BlynkSimpleEsp32.h>\n"),
        ("http api", "curl \"https://fra1.blynk.cloud/external/api/update?token=@@Z&V1=23.4\"\n"),
        ("begin positional", "void setup() {\n  Blynk.begin(\"@@Z\", ssid, pass);\n}\n"),
    ),
    _fam(
        "thingspeak write api key", _with(Z=lambda: _s(16, UPPER_ALNUM)),
        ("update url", "curl \"https://api.thingspeak.com/update?api_key=@@Z&field1=21.7&field2=48\""
         "\n"),
        ("arduino writeFields", "ThingSpeak.setField(1, temperature);\nint status = ThingSpeak."
         "writeFields(2481130, \"@@Z\");\n"),
        ("matlab write", "thingSpeakWrite(2481130, [21.7 48], 'WriteKey', '@@Z')\n"),
    ),
    _fam(
        "particle cloud access token", _with(Y=lambda: _hex(24)),
        ("token create", "$ particle token create --never-expires\nNew access token never expires\n"
         "    @@F\nUse particle token revoke to permanently revoke this access token\n"),
        ("device variable", "curl https://api.particle.io/v1/devices/@@Y/temp -H \"Authorization: "
         "Bearer @@F\"\n"),
        ("cli config file", "$ cat ~/.particle/particle.config.json\n{\n  \"username\": "
         "\"jane@acme.example\",\n  \"access_token\": \"@@F\"\n}\n"),
    ),
    _fam(
        "ntfy access token", _with(Z=lambda: "t" "k_" + _s(29, LOWER_ALNUM)),
        ("publish with bearer", "curl -H \"Authorization: Bearer @@Z\" -d \"Backup finished\" "
         "https://ntfy.acme.example/backups\n"),
        ("token add output", "$ ntfy token add jane\ntoken @@Z created for user jane, never "
         "expires\n"),
        ("client.yml", "default-host: https://ntfy.acme.example\ndefault-token: @@Z\nsubscribe:\n"
         "  - topic: alerts\n"),
    ),
    _fam(
        "gotify app token", _with(Z=_gotify),
        ("message url", "curl \"https://push.acme.example/message?token=@@Z\" -F \"title=Backup\" "
         "-F \"message=done\" -F \"priority=5\"\n"),
        ("rest notify header", "notify:\n  - name: gotify\n    platform: rest\n    resource: "
         "https://push.acme.example/message\n    method: POST_JSON\n    headers:\n      "
         "X-Gotify-Key: @@Z\n"),
        ("cli config", "$ cat ~/.gotify/cli.json\n{\"token\":\"@@Z\",\"url\":\"https://push.acme."
         "example\",\"defaultPriority\":5}\n"),
    ),
    _fam(
        "harvest personal access token", _with(Z=_harvest),
        ("curl headers", _d("""
            curl "https://api.harvestapp.com/v2/time_entries?from=2024-06-01" \\
              -H "Authorization: Bearer @@Z" \\
              -H "Harvest-Account-Id: 1438822" \\
              -H "User-Agent: Timesheet Sync (ops@acme.example)"
            """)),
        ("dotenv", "HARVEST_ACCOUNT_ID=1438822\nHARVEST_TOKEN=@@Z\n"),
        ("python client", "client = Harvest(\"https://api.harvestapp.com/v2\", account_id="
         "\"1438822\", personal_token=\"@@Z\")\n"),
    ),
    _fam(
        "redirect.pizza api token", _with(Z=lambda: "rp" "a_" + _s(64, LOWER_ALNUM)),
        ("curl bearer", "curl -H \"Authorization: Bearer @@Z\" https://redirect.pizza/api/v1/"
         "redirects\n"),
        ("terraform provider", "provider \"redirectpizza\" {\n  api_token = \"@@Z\"\n}\n"),
        ("dotenv", "REDIRECT_PIZZA_API_TOKEN=@@Z\n"),
    ),
    _fam(
        "aftership api key", _with(Z=lambda: "as" "at_" + _hex(32)),
        ("curl header", "curl -H \"as-api-key: @@Z\" -H \"Content-Type: application/json\" "
         "https://api.aftership.com/tracking/2024-04/trackings\n"),
        ("node constructor", "const aftership = new AfterShip('@@Z');\n"),
        ("dotenv", "SHOP_DOMAIN=acme-store.example\nAFTERSHIP_API_KEY=@@Z\n"),
    ),
    _fam(
        "xendit secret key",
        _with(Z=lambda: "xnd" "_production_" + _s(50), Y=lambda: "xnd" "_development_" + _s(50)),
        ("curl basic user", "curl https://api.xendit.co/v2/invoices -X POST -u @@Z: -d "
         "external_id=inv-4812 -d amount=150000\n"),
        ("php configuration", "Configuration::setXenditKey(\"@@Z\");\n"),
        ("dotenv pair", "XENDIT_SECRET_KEY=@@Z\nXENDIT_SECRET_KEY_DEV=@@Y\n"),
    ),
    _fam(
        "lemon squeezy api key", _with(Z=_lemon_jwt),
        ("curl bearer", "curl \"https://api.lemonsqueezy.com/v1/orders\" -H 'Accept: application/"
         "vnd.api+json' -H 'Authorization: Bearer @@Z'\n"),
        ("dotenv", "LEMONSQUEEZY_STORE_ID=48213\nLEMONSQUEEZY_API_KEY=@@Z\n"),
        ("sdk setup", "lemonSqueezySetup({ apiKey: \"@@Z\", onError: (e) => console.error(e) });"
         "\n"),
    ),
    _fam(
        "azure cache for redis access key", _with(Z=_redis_key, Y=_redis_key),
        ("stackexchange connection string", "acme-cache.redis.cache.windows.net:6380,password=@@Z,"
         "ssl=True,abortConnect=False\n"),
        ("list-keys output", "$ az redis list-keys -g rg-prod -n acme-cache\n{\n  \"primaryKey\": "
         "\"@@Z\",\n  \"secondaryKey\": \"@@Y\"\n}\n"),
        ("redis-cli tls", "redis-cli -h acme-cache.redis.cache.windows.net -p 6380 --tls -a "
         "'@@Z'\n"),
    ),
    _fam(
        "azure ai search admin key",
        _with(Z=lambda: _s(42) + "Az" "SeD" + _s(5), Y=lambda: _s(42) + "Az" "SeD" + _s(5)),
        ("rest call", "curl -X POST \"https://acme-search.search.windows.net/indexes/products/docs"
         "/search?api-version=2023-11-01\" -H \"Content-Type: application/json\" -H \"api-key: "
         "@@Z\" -d '{\"search\": \"boots\"}'\n"),
        ("python credential", "client = SearchClient(endpoint, \"products\", AzureKeyCredential("
         "\"@@Z\"))\n"),
        ("admin-key show", "$ az search admin-key show -g rg-prod --service-name acme-search\n{\n"
         "  \"primaryKey\": \"@@Z\",\n  \"secondaryKey\": \"@@Y\"\n}\n"),
    ),
    _fam(
        "azure container registry password",
        _with(Z=lambda: _s(42, B64) + "+A" "CR" + _s(6), Y=lambda: _s(42, B64) + "+A" "CR" + _s(6)),
        ("docker login", "docker login acmeprod.azurecr.io -u acmeprod -p @@Z\n"),
        ("credential show", "$ az acr credential show -n acmeprod\n{\n  \"passwords\": [\n    {\n"
         "      \"name\": \"password\",\n      \"value\": \"@@Z\"\n    },\n    {\n      \"name\": "
         "\"password2\",\n      \"value\": \"@@Y\"\n    }\n  ],\n  \"username\": \"acmeprod\"\n}"
         "\n"),
        ("docker config auths", "{\"auths\": {\"acmeprod.azurecr.io\": {\"username\": \"acmeprod\","
         " \"password\": \"@@Z\"}}}\n"),
    ),
    _fam(
        "azure event grid access key",
        _with(Z=lambda: _s(33) + "AZ" "EG" + _s(5) + "=",
              Y=lambda: _s(33) + "AZ" "EG" + _s(5) + "="),
        ("publish with sas key", "curl -X POST -H \"aeg-sas-key: @@Z\" -H \"Content-Type: "
         "application/json\" -d @events.json \"https://orders-topic.westeurope-1.eventgrid.azure."
         "net/api/events\"\n"),
        ("topic key list", "$ az eventgrid topic key list -g rg-prod -n orders-topic\n{\n  "
         "\"key1\": \"@@Z\",\n  \"key2\": \"@@Y\"\n}\n"),
        ("csharp client", "var client = new EventGridPublisherClient(new Uri(topicEndpoint), new "
         "AzureKeyCredential(\"@@Z\"));\n"),
    ),
    _fam(
        "azure iot hub connection string",
        _with(Z=lambda: _s(33, B64) + "AI" "oT" + _s(5, B64) + "=", Y=lambda: _std64(32)),
        ("service connection string", "HostName=acme-iot.azure-devices.net;SharedAccessKeyName="
         "iothubowner;SharedAccessKey=@@Z\n"),
        ("device connection string", "IOTHUB_DEVICE_CONNECTION_STRING=\"HostName=acme-iot.azure-"
         "devices.net;DeviceId=press-07;SharedAccessKey=@@Y\"\n"),
        ("connection-string show", "$ az iot hub connection-string show -n acme-iot\n{\n  "
         "\"connectionString\": \"HostName=acme-iot.azure-devices.net;SharedAccessKeyName="
         "iothubowner;SharedAccessKey=@@Z\"\n}\n"),
    ),
    _fam(
        "azure signalr connection string", _with(),
        ("bare connection string", "Endpoint=https://acme-chat.service.signalr.net;AccessKey=@@B;"
         "Version=1.0;\n"),
        ("appsettings", "{\n  \"Azure\": {\n    \"SignalR\": {\n      \"ConnectionString\": "
         "\"Endpoint=https://acme-chat.service.signalr.net;AccessKey=@@B;Version=1.0;\"\n    }\n"
         "  }\n}\n"),
        ("functions local settings", "{\n  \"IsEncrypted\": false,\n  \"Values\": {\n    "
         "\"AzureWebJobsStorage\": \"UseDevelopmentStorage=true\",\n    \"AzureSignalRConnection"
         "String\": \"Endpoint=https://acme-chat.service.signalr.net;AccessKey=@@B;Version=1.0;\"\n"
         "  }\n}\n"),
    ),
    _fam(
        "azure batch account key",
        _with(Z=lambda: _s(76, B64) + "+A" "Ba" + _s(5, B64) + "==",
              Y=lambda: _s(76, B64) + "+A" "Ba" + _s(5, B64) + "=="),
        ("keys list", "$ az batch account keys list -g rg-render -n acmerender\n{\n  \"accountNa"
         "me\""
         ": \"acmerender\",\n  \"primary\": \"@@Z\",\n  \"secondary\": \"@@Y\"\n}\n"),
        ("python shared key", "credentials = SharedKeyCredentials(\"acmerender\", \"@@Z\")\n"),
        ("env", "AZURE_BATCH_ACCOUNT=acmerender\nAZURE_BATCH_ACCESS_KEY=@@Z\nAZURE_BATCH_ENDPOINT="
         "https://acmerender.westeurope.batch.azure.com\n"),
    ),
    _fam(
        "pan-os api key", _with(Z=lambda: "LUFR" "PT" + _s(70, B64) + "=="),
        ("keygen response", "$ curl -sk \"https://fw01.corp.example/api/?type=keygen\" --data-"
         "urlencode user=automation --data-urlencode \"password=$PAN_PASS\"\n<response status = "
         "'success'><result><key>@@Z</key></result></response>\n"),
        ("rest header", "curl -k -H \"X-PAN-KEY: @@Z\" \"https://fw01.corp.example/restapi/v10.2/"
         "Objects/Addresses?location=vsys&vsys=vsys1\"\n"),
        ("ansible provider", "provider:\n  ip_address: 10.0.0.1\n  api_key: @@Z\n"),
    ),
    _fam(
        "fortigate rest api token", _with(Z=lambda: _s(30, LOWER_ALNUM)),
        ("bearer header", "curl -k -H \"Authorization: Bearer @@Z\" https://fgt01.corp.example/api"
         "/v2/cmdb/firewall/address\n"),
        ("access_token query", "https://fgt01.corp.example/api/v2/monitor/system/status?"
         "access_token=@@Z\n"),
        ("terraform provider", "provider \"fortios\" {\n  hostname = \"10.0.0.1\"\n  token    = "
         "\"@@Z\"\n  insecure = \"true\"\n}\n"),
    ),
    _fam(
        "tuya cloud access secret",
        _with(Z=lambda: _s(32, LOWER_ALNUM), Y=lambda: _s(20, LOWER_ALNUM),
              X=lambda: _s(16, ALNUM + "'<>=|{}[]!")),
        ("tinytuya.json", "{\n    \"apiKey\": \"@@Y\",\n    \"apiSecret\": \"@@Z\",\n    "
         "\"apiRegion\": \"eu\",\n    \"apiDeviceID\": \"bf1c2e3d4f5a6b7c8d9e0f\"\n}\n"),
        ("openapi client", "openapi = TuyaOpenAPI(\"https://openapi.tuyaeu.com\", \"@@Y\", "
         "\"@@Z\")\nopenapi.connect()\n"),
        ("local key in device list", "[\n    {\n        \"name\": \"Garage plug\",\n        \"id\":"
         " \"bf1c2e3d4f5a6b7c8d9e0f\",\n        \"key\": \"@@X\",\n        \"ip\": \"192.168.1.6"
         "1\","
         "\n        \"version\": \"3.4\"\n    }\n]\n"),
    ),
    _fam(
        "openweathermap api key", _with(),
        ("weather url", "curl \"https://api.openweathermap.org/data/2.5/weather?q=Berlin,de&units="
         "metric&appid=@@H\"\n"),
        ("python constant", "OWM_KEY = \"@@H\"\nresp = requests.get(URL, params={\"q\": city, "
         "\"appid\": OWM_KEY})\n"),
        ("home assistant integration", "weather:\n  - platform: openweathermap\n    api_key: @@H\n"
         "    mode: onecall_hourly\n"),
    ),
    _fam(
        "abuseipdb api key", _with(Z=lambda: _hex(80)),
        ("check request", "curl -G https://api.abuseipdb.com/api/v2/check --data-urlencode "
         "\"ipAddress=203.0.113.7\" -d maxAgeInDays=90 -H \"Key: @@Z\" -H \"Accept: application/"
         "json\"\n"),
        ("fail2ban jail", "[sshd]\nenabled = true\naction = %(action_)s\n         abuseipdb["
         "abuseipdb_apikey=\"@@Z\", abuseipdb_category=\"18,22\"]\n"),
        ("env", "ABUSEIPDB_API_KEY=@@Z\nREPORT_THRESHOLD=5\n"),
    ),
    _fam(
        "oanda v20 api token", _with(Z=lambda: f"{_hex(32)}-{_hex(32)}"),
        ("account summary", "curl -H \"Authorization: Bearer @@Z\" \"https://api-fxtrade.oanda."
         "com/v3/accounts/001-004-4812345-001/summary\"\n"),
        ("python api", "api = oandapyV20.API(access_token=\"@@Z\", environment=\"live\")\n"),
        ("ini config", "[oanda]\naccount_id = 001-004-4812345-001\naccess_token = @@Z\n"),
    ),
    _fam(
        "okx api credentials", _with(Z=lambda: _s(32, UPPER_HEX)),
        ("ccxt constructor", "exchange = ccxt.okx({\"apiKey\": \"@@G\", \"secret\": \"@@Z\", "
         "\"password\": \"@@P\"})\n"),
        ("env", "OKX_API_KEY=@@G\nOKX_SECRET_KEY=@@Z\nOKX_PASSPHRASE=@@P\n"),
        ("freqtrade exchange block", "    \"exchange\": {\n        \"name\": \"okx\",\n        "
         "\"key\": \"@@G\",\n        \"secret\": \"@@Z\",\n        \"password\": \"@@P\",\n"
         "        \"pair_whitelist\": [\"BTC/USDT\", \"ETH/USDT\"]\n    },\n"),
    ),
    _fam(
        "viber bot auth token",
        _with(Z=lambda: "-".join(_s(16, LOWER_ALNUM) for _ in range(3))),
        ("set_webhook", "curl -X POST https://chatapi.viber.com/pa/set_webhook -H \"X-Viber-Auth-"
         "Token: @@Z\" -d '{\"url\":\"https://bot.acme.example/viber\"}'\n"),
        ("node bot", "const bot = new ViberBot({\n  authToken: '@@Z',\n  name: 'AcmeBot',\n  "
         "avatar: 'https://cdn.acme.example/bot.png'\n});\n"),
        ("env", "VIBER_AUTH_TOKEN=@@Z\nVIBER_WEBHOOK_URL=https://bot.acme.example/viber\n"),
    ),
    _fam(
        "vk api access token", _with(Z=_vk_token),
        ("method url", "https://api.vk.com/method/wall.get?owner_id=-123456&count=5&access_token="
         "@@Z&v=5.199\n"),
        ("python session", "session = vk_api.VkApi(token=\"@@Z\")\nvk = session.get_api()\n"),
        ("env", "VK_GROUP_ID=123456\nVK_GROUP_TOKEN=@@Z\n"),
    ),
    _fam(
        "epic online services client secret",
        _with(Y=lambda: "xyza7891" + _s(24), Z=lambda: _s(43, B64)),
        ("client credentials curl", "curl -u @@Y:@@Z -d \"grant_type=client_credentials&"
         "deployment_id=" + "@@H\" https://api.epicgames.dev/auth/v1/oauth/token\n"),
        ("engine ini artifact", "[/Script/OnlineSubsystemEOS.EOSSettings]\n+Artifacts=(ArtifactName"
         "=\"AcmeGame\",ClientId=\"@@Y\",ClientSecret=\"@@Z\",ProductId=\"@@H\",SandboxId=\"@@F\","
         "DeploymentId=\"@@G\",EncryptionKey=\"@@S\")\n"),
        ("csharp sdk", "options.ClientCredentials = new ClientCredentials\n{\n    ClientId = "
         "\"@@Y\",\n    ClientSecret = \"@@Z\"\n};\n"),
    ),
    _fam(
        "laravel sanctum token", _with(Z=_sanctum),
        ("coolify api", "curl -H \"Authorization: Bearer @@Z\" https://coolify.acme.example/api/v1/"
         "servers\n"),
        ("tinker output", "> $user->createToken('ci')->plainTextToken\n= \"@@Z\"\n"),
        ("bug report header", "Requests from the mobile app fail with 419 even though we send "
         "`Authorization: Bearer @@Z` — any idea?\n"),
    ),
    _fam(
        "wasabi access keys", _with(),
        ("aws credentials profile", "[wasabi]\naws_access_key_id = @@L\naws_secret_access_key = "
         "@@T\n# endpoint: https://s3.eu-central-1.wasabisys.com\n"),
        ("s3cfg", "[default]\nhost_base = s3.eu-central-1.wasabisys.com\nhost_bucket = %(bucket)s."
         "s3.eu-central-1.wasabisys.com\naccess_key = @@L\nsecret_key = @@T\n"),
        ("restic exports", "export AWS_ACCESS_KEY_ID=@@L\nexport AWS_SECRET_ACCESS_KEY=@@T\nrestic "
         "-r s3:https://s3.wasabisys.com/acme-backups snapshots\n"),
    ),
    _fam(
        "thirdweb secret key", _with(Z=lambda: _s(86, B64URL)),
        ("dotenv", "NEXT_PUBLIC_THIRDWEB_CLIENT_ID=@@H\nTHIRDWEB_SECRET_KEY=@@Z\n"),
        ("deploy flag", "$ npx thirdweb deploy -k @@Z\n"),
        ("client creation", "const client = createThirdwebClient({ secretKey: \"@@Z\" });\n"),
    ),
    _fam(
        "runway api secret", _with(Z=lambda: "ke" "y_" + _hex(128)),
        ("curl bearer", "curl -X POST https://api.dev.runwayml.com/v1/image_to_video -H "
         "\"Authorization: Bearer @@Z\" -H \"X-Runway-Version: 2024-11-06\" -H \"Content-Type: "
         "application/json\" -d @req.json\n"),
        ("env", "RUNWAYML_API_SECRET=@@Z\n"),
        ("python client", "client = RunwayML(api_key=\"@@Z\")\n"),
    ),
    _fam(
        "nomic api key", _with(Z=lambda: "n" "k-" + _s(43, B64URL)),
        ("cli login", "$ nomic login @@Z\n"),
        ("python login", "import nomic\nnomic.login(\"@@Z\")\n"),
        ("env", "NOMIC_API_KEY=@@Z\n"),
    ),
    _fam(
        "percy project token", _with(Z=_percy),
        ("inline env", "PERCY_TOKEN=@@Z npx percy exec -- cypress run\n"),
        ("workflow env literal", "      - name: Visual tests\n        run: npx percy exec -- npm "
         "test\n        env:\n          PERCY_TOKEN: @@Z\n"),
        ("readme snippet", "To run visual tests locally:\n\n```\nexport PERCY_TOKEN=@@Z\nnpm run "
         "test:visual\n```\n"),
    ),
    _fam(
        "signalwire api token", _with(Z=lambda: "P" "T" + _hex(48)),
        ("laml curl", "curl https://acme.signalwire.com/api/laml/2010-04-01/Accounts/@@G/Messages."
         "json -X POST -u \"@@G:@@Z\" --data-urlencode \"From=+15551234567\" --data-urlencode "
         "\"To=+15557654321\" --data-urlencode \"Body=Your order shipped\"\n"),
        ("python client", "client = signalwire_client(\"@@G\", \"@@Z\", signalwire_space_url="
         "\"acme.signalwire.com\")\n"),
        ("env", "SIGNALWIRE_PROJECT=@@G\nSIGNALWIRE_TOKEN=@@Z\nSIGNALWIRE_SPACE=acme.signalwire.com"
         "\n"),
    ),
    _fam(
        "miro access token", _with(Z=_miro),
        ("boards request", "curl -H \"Authorization: Bearer @@Z\" \"https://api.miro.com/v2/boards"
         "?limit=10\"\n"),
        ("env", "MIRO_ACCESS_TOKEN=@@Z\nMIRO_BOARD_ID=uXjVKpQ2ab4=\n"),
        ("js client", "const api = new MiroApi('@@Z');\nconst board = await api.getBoard("
         "'uXjVKpQ2ab4=');\n"),
    ),
]


def _interleave(generic: list[Family], vendor: list[Family]) -> list[Family]:
    """Vendor families spread through the generic ones, so both halves hold some of each."""
    out: list[Family] = []
    step = max(1, len(generic) // max(1, len(vendor)))
    vendors = iter(vendor)
    for i, fam in enumerate(generic):
        out.append(fam)
        if i % step == step - 1:
            out.extend(v for v in [next(vendors, None)] if v is not None)
    out.extend(vendors)
    return out


FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(_interleave(_RAW, _VENDOR_RAW))
]


SEVENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in SEVENTH_SECRETS}

# The families whose values carry a vendor's name, prefix or marker; the rest are generic.
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a ThingSpeak write
# key is 16 upper alnum and an OpenWeatherMap key a bare 32 hex beside a weather URL; recovery
# codes and disk recovery keys are groups of digits or short words; a presigned URL expires
# within days (though it carries a session token); a generated initial admin password is
# printed once by a tool on a fresh install; a keepalived ``auth_pass`` is 8 characters that
# only guard VRRP on a LAN.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"thingspeak write api key", "openweathermap api key", "two-factor recovery codes",
     "disk encryption recovery key", "presigned url with session token",
     "generated initial admin password", "cluster ha shared secret"}
)


# ---- ordinary text: the same places, with nothing secret in them ----

def _sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _sha1_of(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def _sri_of(text: str, algo: str = "sha512") -> str:
    return f"{algo}-" + base64.b64encode(hashlib.new(algo, text.encode()).digest()).decode()


def _b64sum(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _colon_hex(n_bytes: int) -> str:
    return ":".join(_s(2, UPPER_HEX) for _ in range(n_bytes))


def _ulid() -> str:
    return "01" + _s(24, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


def _nix32(n: int = 32) -> str:
    return _s(n, "0123456789abcdfghijklmnpqrsvwxyz")


_SHAS = [_hex(40) for _ in range(30)]
_UUIDS = [_guid() for _ in range(30)]
_DIGESTS = [_sha256_of(f"blob {n}") for n in range(24)]
_CERT_DER = bytes.fromhex("3082037d30820265a003020102021400") + _bytes(860)
_CERT_PEM = _pem("CERTIFICATE", _CERT_DER)
_SSH_ED_PUB = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(43, B64)
_SSH_RSA_PUB = "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _s(510, B64)
_SIGNIFY_PUB = _std64(b"Ed" + _bytes(8) + _bytes(32))
_MINISIGN_PUB = _std64(b"Ed" + _bytes(8) + _bytes(32))
_AGE_RECIPIENTS = ["age1" + _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") for _ in range(3)]
_NEBULA_CERT = _pem("NEBULA CERTIFICATE", _bytes(230))
_ZT_ID = _hex(10)
_PEER = _peer_id()
_XPUB = _xpub()
_NKEY_USER, _NKEY_ACCOUNT = _nkey_public(), _nkey_public(0)
_DKIM_P = _std64(bytes.fromhex("30819f300d06092a864886f70d010101050003818d0030818902818100")
                 + _bytes(128) + bytes.fromhex("0203010001"))
_WG_PUBS = [_std64(32) for _ in range(3)]
_ONION = _onion_addr()
_EXPIRED_SIG = _hex(512)

DEBATABLE: list[str] = [
    # password hashes: offline-crackable, but not the password
    "postgres=# SELECT rolname, rolpassword FROM pg_authid WHERE rolname = 'reporting';\n"
    f" rolname  |  rolpassword\n-----------+--------------\n reporting | SCRAM-SHA-256$4096:"
    f"{_std64(16)}${_std64(32)}:{_std64(32)}\n(1 row)\n",
    f"dn: uid=jdoe,ou=people,dc=corp,dc=example\nuid: jdoe\nuserPassword: {{SSHA}}{_std64(24)}\n",
    "olcRootPW: {ARGON2}$argon2id$v=19$m=65536,t=2,p=1$" + _s(22, B64).rstrip("+/") + "$"
    + _s(43, B64) + "\n",
    f"enable secret 9 $9${_s(14, ALNUM + './')}${_s(43, ALNUM + './')}\nusername netops "
    f"privilege 15 secret 9 $9${_s(14, ALNUM + './')}${_s(43, ALNUM + './')}\n",
    f"jane:{{SHA512-CRYPT}}$6${_s(16, ALNUM + './')}${_s(86, ALNUM + './')}:5000:5000::"
    "/var/vmail/jane::\n",
    '  {\n    "model": "auth.user",\n    "pk": 1,\n    "fields": {\n      "username": "admin",\n'
    f'      "password": "pbkdf2_sha256$720000${_s(22)}${_std64(32)}",\n      "is_superuser": '
    "true\n    }\n  }\n",
    f"ALTER USER legacy_ro IDENTIFIED BY VALUES 'S:{_s(60, UPPER_HEX)};T:{_s(160, UPPER_HEX)}';\n",
    f"ops:$2y$05${_s(53, ALNUM + './')}\nci:$2y$05${_s(53, ALNUM + './')}\n",
    # public-by-design client keys
    "const supabase = createClient('https://xyzcompany.supabase.co', '"
    + _jwt({"alg": "HS256", "typ": "JWT"}, {"iss": "supabase", "ref": "xyzcompany", "role": "anon",
                                           "iat": 1718000000, "exp": 2033576000}, 32) + "');\n",
    '<ClerkProvider publishableKey="' + "pk_" "live_" + _std64(b"clerk.acme.example$").rstrip("=")
    + '">\n',
    f'<div class="g-recaptcha" data-sitekey="6L{_s(38, B64URL)}"></div>\n',
    f"mixpanel.init('{_hex(32)}', {{ track_pageview: true, persistence: 'localStorage' }});\n",
    f"const ldClient = LDClient.initialize('{_hex(24)}', {{ kind: 'user', key: userId }});\n",
    '<meta-data\n    android:name="com.google.android.geo.API_KEY"\n    android:value="'
    + "AI" "za" + _s(35, B64URL) + '" />\n',
    # signatures, one-time codes and anti-forgery tokens
    f"X-Hub-Signature-256: sha256={_hex(64)}\nX-GitHub-Event: push\nX-GitHub-Delivery: "
    f"{_UUIDS[0]}\n",
    f"https://app.acme.example/auth/callback?code={_s(43, B64URL)}&state={_s(32, B64URL)}&"
    "session_state=" + _UUIDS[1] + "\n",
    "Your Acme verification code is 482913. It expires in 10 minutes.\n",
    f'<meta name="csrf-token" content="{_s(86, B64URL)}">\n',
    # an expired signed URL quoted in an error report
    "<Error><Code>ExpiredToken</Code><Message>Invalid argument.</Message><Details>The provided "
    "token has expired. Request signature expired at: 2024-06-17T09:14:22+00:00</Details>"
    "</Error>\nfor https://storage.googleapis.com/acme-builds/app.aab?X-Goog-Algorithm=GOOG4-RSA"
    "-SHA256&X-Goog-Credential=release-bot%40acme-mobile.iam.gserviceaccount.com%2F20240610%2F"
    f"auto%2Fstorage%2Fgoog4_request&X-Goog-Expires=604800&X-Goog-Signature={_EXPIRED_SIG}\n",
]

SEVENTH_ORDINARY: list[str] = [
    *DEBATABLE,
    # ---- shells other than bash ----
    "jane@Janes-MacBook-Pro ~ % export DB_PASSWORD=\"$(security find-generic-password -s "
    "staging-db -a reporting -w)\"\njane@Janes-MacBook-Pro ~ % psql -h staging-db.internal -U "
    "reporting analytics\n",
    "jane@Janes-MacBook-Pro ~ % read -rs DB_PASSWORD && export DB_PASSWORD\njane@Janes-MacBook-"
    "Pro ~ % ./scripts/migrate.sh\n",
    "➜  billing-api git:(main) ✗ export PARTNER_API_KEY=\"$(op read op://Dev/partner-api/"
    "credential)\"\n➜  billing-api git:(main) ✗ npm run dev\n",
    ": 1718012345:0;git log --oneline -5\n: 1718012350:0;kubectl get pods -n prod\n: 1718012361:0;"
    "kubectl logs deploy/api -n prod --since=10m\n",
    "╭─ ~/src/infra  main !2 ?1 ─────────────────────────── ✔  at 09:14:22\n╰─ terraform plan "
    "-var-file=prod.tfvars -out=tfplan\n",
    "infra on  main [!] via 💠 default\n❯ set -gx AWS_PROFILE prod-readonly\n\ninfra on  main "
    "[!] via 💠 default\n❯ aws sts get-caller-identity\n{\n    \"UserId\": \"" + "AR" "OA"
    + _s(17, UPPER_ALNUM) + ":jane\",\n    \"Account\": \"418273645521\",\n    \"Arn\": "
    "\"arn:aws:sts::418273645521:assumed-role/ReadOnly/jane\"\n}\n",
    "# This file contains fish universal variable definitions.\n# VERSION: 3.0\nSETUVAR "
    "__fish_initialized:3400\nSETUVAR --export PROJECT_ROOT:/home/jane/src\nSETUVAR "
    "fish_color_command:blue\nSETUVAR fish_key_bindings:fish_vi_key_bindings\n",
    "❯ set -gx GITHUB_TOKEN (gh auth token)\n❯ gh api repos/acme/api/releases/latest --jq "
    ".tag_name\nv2.31.0\n",
    "PS C:\\src\\orders> $cred = Get-Credential -UserName 'CORP\\svc-deploy' -Message "
    "'Deploy account'\nPS C:\\src\\orders> .\\deploy.ps1 -Credential $cred -Environment staging\n",
    "PS C:\\> Get-ChildItem Env: | Where-Object Name -like '*TOKEN*'\n\nName                "
    "Value\n----                -----\nGH_TOKEN_FILE       C:\\Users\\jane\\.config\\gh\\token."
    "txt\nNUGET_TOKEN_SOURCE  keyvault:acme-kv/nuget-feed\n",
    f"PS C:\\Downloads> Get-FileHash .\\AcmeAgent-2.4.1.msi -Algorithm SHA256\n\nAlgorithm       "
    f"Hash                                                                   Path\n---------       "
    f"----                                                                   ----\nSHA256          "
    f"{_DIGESTS[0].upper()}       C:\\Downloads\\AcmeAgent-2.4.1.msi\n",
    f"PS C:\\> Get-AuthenticodeSignature .\\AcmeAgent.exe | Format-List\n\nSignerCertificate : "
    f"[Subject]\n  CN=Acme Software GmbH, O=Acme Software GmbH, L=Berlin, C=DE\n\n[Thumbprint]\n"
    f"  {_s(40, UPPER_HEX)}\nStatus            : Valid\n",
    "PS C:\\> $secure = Read-Host 'Service account password' -AsSecureString\nService account "
    "password: ************\nPS C:\\> New-LocalUser -Name svc-backup -Password $secure\n",
    "C:\\>set PGPASSFILE=C:\\Users\\jane\\AppData\\Roaming\\postgresql\\pgpass.conf\n\nC:\\>psql "
    "-h reporting-db.corp.local -U exporter ledger\n",
    f"C:\\Users\\jane>certutil -hashfile app-2.4.1.zip SHA256\nSHA256 hash of app-2.4.1.zip:\n"
    f"{_DIGESTS[1]}\nCertUtil: -hashfile command completed successfully.\n",
    "@echo off\nset /p DBPASS=Enter password for exporter: \nset PGPASSWORD=%DBPASS%\n\"C:\\"
    "Program Files\\PostgreSQL\\16\\bin\\pg_dump.exe\" -Fc -f D:\\exports\\ledger.dump ledger\n"
    "set PGPASSWORD=\n",
    "~/src/api〉$env.FORGE_TOKEN = (open ~/.config/tea/token | str trim)\n~/src/api〉http get "
    "https://git.internal.example/api/v1/version\n╭─────────┬────────╮\n│ version │ 1.22.0 │\n"
    "╰─────────┴────────╯\n",
    "〉open package.json | get version\n2.3.1\n〉ls src | length\n48\n",
    "In [2]: import getpass\n\nIn [3]: key = getpass.getpass(\"API key: \")\nAPI key: ········\n"
    "\nIn [4]: client = Client(api_key=key)\n",
    f"In [5]: hashlib.sha256(b\"hello\").hexdigest()\nOut[5]: '{_sha256_of('hello')}'\n",
    f"In [7]: uuid.uuid4()\nOut[7]: UUID('{_UUIDS[2]}')\n",
    "In [9]: %env MLFLOW_TRACKING_URI=http://mlflow.internal:5000\nenv: MLFLOW_TRACKING_URI="
    "http://mlflow.internal:5000\n",
    "In [11]: os.environ[\"PARTNER_API_KEY\"][:4] + \"…\"\nOut[11]: 'live…'\n",
    # ---- database prompts ----
    "orders=# \\password reporting\nEnter new password for user \"reporting\": \nEnter it again: \n"
    "orders=#\n",
    "orders=> \\conninfo\nYou are connected to database \"orders\" as user \"reporting\" on host "
    "\"staging-db.internal\" (address \"10.0.4.11\") at port \"5432\".\nSSL connection (protocol:"
    " TLSv1.3, cipher: TLS_AES_256_GCM_SHA384, compression: off)\n",
    "$ psql -v new_password=\"$(vault kv get -field=password secret/orders/reporting)\" -f "
    "rotate.sql\n-- rotate.sql\nALTER ROLE reporting PASSWORD :'new_password';\n",
    "postgres=# SELECT slot_name, plugin, active, restart_lsn FROM pg_replication_slots;\n"
    " slot_name  |  plugin  | active | restart_lsn\n------------+----------+--------+-------------"
    "\n orders_sub | pgoutput | t      | 3/1A2B3C40\n(1 row)\n",
    "mysql> SELECT user, host, plugin FROM mysql.user WHERE user LIKE 'graf%';\n+---------+-------"
    "--+-----------------------+\n| user    | host    | plugin                |\n+---------+------"
    "---+-----------------------+\n| grafana | 10.0.%  | caching_sha2_password |\n+---------+-----"
    "----+-----------------------+\n1 row in set (0.00 sec)\n",
    "-- templates/users.sql.tmpl (rendered by envsubst at deploy time)\nALTER USER 'app'@'%' "
    "IDENTIFIED BY '${APP_DB_PASSWORD}';\n",
    "mysql> CREATE USER 'backup'@'localhost' IDENTIFIED WITH auth_socket;\nQuery OK, 0 rows "
    "affected (0.01 sec)\n",
    "$ redis-cli --askpass -h cache-01\nPlease input password: ************************\n"
    "cache-01:6379> PING\nPONG\n",
    f"127.0.0.1:6379> INFO server\n# Server\nredis_version:7.2.5\nredis_git_sha1:00000000\n"
    f"redis_build_id:{_hex(16)}\nredis_mode:standalone\nrun_id:{_SHAS[0]}\ntcp_port:6379\n",
    "admin> db.createUser({ user: \"reporting\", pwd: passwordPrompt(), roles: [ { role: "
    "\"read\", db: \"orders\" } ] })\nEnter password\n************{ ok: 1 }\n",
    f"orders> db.orders.findOne({{}}, {{ items: 0 }})\n{{\n  _id: ObjectId('{_hex(24)}'),\n  "
    f"number: 'A-1042',\n  customerId: '{_UUIDS[3]}',\n  total: Decimal128('149.90'),\n  "
    "status: 'shipped'\n}\n",
    "sqlite> select id, name, token_prefix, substr(token_sha256, 1, 12) from api_tokens;\n"
    f"1|ci-deploy|lg_ci_|{_hex(12)}\n2|grafana|lg_gf_|{_hex(12)}\n",
    "sqlite> .schema api_tokens\nCREATE TABLE api_tokens (\n  id INTEGER PRIMARY KEY,\n  name TEXT"
    " NOT NULL,\n  token_prefix TEXT NOT NULL,\n  token_sha256 TEXT NOT NULL UNIQUE,\n  "
    "created_at TEXT DEFAULT CURRENT_TIMESTAMP\n);\n",
    # ---- debuggers and dumps ----
    "(gdb) p *conf\n$1 = {host = 0x5555555592a0 \"mq.internal\", port = 5672, user = "
    "0x5555555592c0 \"ingest\", password = 0x0, vhost = 0x555555559300 \"/prod\"}\n",
    "(lldb) frame variable\n(std::string) endpoint = \"https://ingest.internal.example/v1\"\n"
    "(std::string) api_key = \"\"\n(int) retries = 3\n",
    "(dlv) p cfg.Store\nmain.StoreConfig {\n\tEndpoint: \"objects.internal.example\",\n\tAccessKey:"
    " \"backup-writer\",\n\tSecretKey: \"<redacted>\",\n\tBucket: \"backups\",}\n",
    "(Pdb) pp self.__dict__\n{'_base_url': 'https://api.partner.example/v3',\n '_secret': "
    "SecretStr('**********'),\n '_timeout': 10.0}\n",
    "[src/main.rs:41:5] &settings = Settings {\n    database_url: \"postgres://app:***@db:5432/"
    "app\",\n    bind: 0.0.0.0:8080,\n    jwt_secret: Secret([REDACTED alloc::string::String]),\n"
    "}\n",
    "thread 'main' panicked at src/client.rs:88:14:\ncalled `Result::unwrap()` on an `Err` value:"
    " Unauthorized { status: 401, request_id: \"" + _UUIDS[4] + "\" }\n",
    "2024/06/10 09:14:22 config: {Addr::8080 DBHost:db.internal DBUser:orders DBPassword:"
    "[redacted] LogLevel:info}\n",
    "(*config.SMTP)(0xc0001a2000)({\n Host: (string) (len=16) \"smtp.example.org\",\n Port: (int) "
    "587,\n Username: (string) (len=6) \"alerts\",\n Password: (string) \"\"\n})\n",
    "Settings(database_url=PostgresDsn('postgresql://app:***@db.internal:5432/app'), redis_url="
    "RedisDsn('redis://cache:6379/0'), secret_key=SecretStr('**********'), debug=False)\n",
    "DEBUG:app.client:request headers={'User-Agent': 'acme-sync/2.3', 'Authorization': "
    "'Token ***'}\n",
    "2024-06-10 09:14:22.118  INFO 1 --- [           main] c.a.o.config.DataSourceLogger : "
    "DataSourceProperties{url='jdbc:postgresql://db.internal:5432/orders', username='orders', "
    "password='******'}\n",
    "06-10 09:14:22.118  4812  4831 D AuthRepository: TokenResponse(accessToken=<redacted>, "
    "refreshToken=<redacted>, expiresIn=3600)\n",
    "Caused by: java.lang.IllegalStateException: partner rejected ApiCredentials[clientId="
    "acme-portal, clientSecret=****]\n\tat com.acme.portal.partner.PartnerClient.token("
    "PartnerClient.java:77)\n",
    "iex(2)> Repo.get!(User, 4812)\n#Shop.Accounts.User<\n  __meta__: #Ecto.Schema.Metadata<"
    ":loaded, \"users\">,\n  id: 4812,\n  email: \"jane@example.com\",\n  password: "
    "\"**redacted**\",\n  hashed_password: \"**redacted**\",\n  confirmed_at: "
    "~U[2024-05-02 08:01:04Z],\n  ...\n>\n",
    "1> {ok, Token} = application:get_env(ingest, api_token), byte_size(Token).\n40\n",
    "1> crypto:hash(sha256, <<\"abc\">>).\n<<"
    + ",".join(str(b) for b in hashlib.sha256(b"abc").digest()[:12]) + ",...>>\n",
    '{"level":30,"time":1718012062118,"pid":4812,"req":{"method":"POST","url":"/v2/orders",'
    '"headers":{"authorization":"[Redacted]","x-request-id":"' + _UUIDS[5] + '"}},"msg":'
    '"request completed","responseTime":41}\n',
    '  "request": {\n    "url": "https://api.acme.example/v1/payments",\n    "headers": {\n'
    '      "Authorization": "[Filtered]",\n      "User-Agent": "acme-web/2.31.0"\n    }\n  },\n'
    f'  "event_id": "{_hex(32)}",\n',
    f"Traceback (most recent call last):\n  File \"/app/sync.py\", line 88, in run\n    resp."
    f"raise_for_status()\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: "
    f"https://api.partner.example/v2/orders?page=2 (request id {_ulid()})\n",
    # ---- tests ----
    "// Jest Snapshot v1, https://goo.gl/fbAQLP\n\nexports[`PartnerClient sends credentials 1`] = "
    "`\n{\n  \"headers\": {\n    \"Authorization\": \"Bearer [REDACTED]\",\n    \"Content-Type\": "
    "\"application/json\",\n  },\n  \"method\": \"POST\",\n}\n`;\n",
    "expect(buildConfig({ DATABASE_URL: 'postgres://app:test@localhost:5432/app_test' }))."
    "toMatchInlineSnapshot(`\n  {\n    \"db\": \"postgres://app:***@localhost:5432/app_test\",\n"
    "  }\n`);\n",
    "# serializer version: 1\n# name: test_webhook_registration\n  dict({\n    'endpoint': "
    "'https://hooks.partner.example/in',\n    'secret': '<redacted>',\n  })\n# ---\n",
    "interactions:\n- request:\n    headers:\n      Authorization:\n      - <AUTHORIZATION>\n"
    "    method: POST\n    uri: https://search.partner.example/v1/query\n",
    "VCR.configure do |config|\n  config.cassette_library_dir = \"spec/cassettes\"\n  config."
    "hook_into :webmock\n  config.filter_sensitive_data(\"<API_KEY>\") { ENV.fetch(\"PARTNER_"
    "API_KEY\") }\nend\n",
    "def test_client_reads_key(monkeypatch):\n    monkeypatch.setenv(\"PARTNER_API_KEY\", "
    "\"test-api-key\")\n    assert Client().api_key == \"test-api-key\"\n",
    "@pytest.mark.parametrize(\"candidate\", [\"password123\", \"qwerty\", \"letmein\"])\ndef "
    "test_rejects_common_passwords(candidate):\n    assert not policy.is_strong(candidate)\n",
    "FactoryBot.define do\n  factory :user do\n    email { Faker::Internet.email }\n    password"
    " { Faker::Internet.password(min_length: 16) }\n  end\nend\n",
    "var tests = []struct {\n\tname  string\n\ttoken string\n\twant  error\n}{\n\t{\"empty token\","
    " \"\", ErrMissingToken},\n\t{\"wrong prefix\", \"abc\", ErrMalformed},\n}\n",
    '{\n  "request": {\n    "method": "GET",\n    "urlPath": "/v2/orders",\n    "headers": {\n'
    '      "Authorization": { "matches": "Bearer .+" }\n    }\n  },\n  "response": { "status": '
    '200, "bodyFileName": "orders.json" }\n}\n',
    "{\n  \"ADMIN_USER\": \"e2e-admin\",\n  \"ADMIN_PASSWORD\": \"change-me\"\n}\n",
    "# .gitignore\nplaywright/.auth/\ncypress.env.json\n.env.local\n",
    "await page.getByLabel('Password').fill(process.env.E2E_PASSWORD!);\n",
    # ---- infrastructure as code ----
    "  ~ resource \"aws_db_instance\" \"main\" {\n        id                = \"db-"
    + _s(26, UPPER_ALNUM) + "\"\n      ~ master_password  = (sensitive value)\n        # (41 "
    "unchanged attributes hidden)\n    }\n",
    "$ terraform output -json | jq 'map_values(.sensitive)'\n{\n  \"admin_password\": true,\n  "
    "\"cluster_endpoint\": false\n}\n",
    f"aws_db_instance.main: Creation complete after 6m12s [id=db-{_s(26, UPPER_ALNUM)}]\n"
    f"aws_kms_key.data: Creation complete after 1s [id={_UUIDS[6]}]\n",
    f'kms_key_arn = "arn:aws:kms:eu-west-1:418273645521:key/{_UUIDS[7]}"\nrole_arn    = '
    '"arn:aws:iam::418273645521:role/orders-task"\n',
    f"/subscriptions/{_UUIDS[8]}/resourceGroups/rg-prod/providers/Microsoft.KeyVault/vaults/"
    "acme-kv\n",
    "$ gcloud projects describe acme-prod\ncreateTime: '2021-03-02T10:11:12.345Z'\nlifecycleState"
    ": ACTIVE\nname: acme-prod\nprojectId: acme-prod\nprojectNumber: '418273645521'\n",
    "$ pulumi config\nKEY                   VALUE\naws:region            eu-west-1\napp:dbPassword"
    "        [secret]\napp:webhookKey        [secret]\n",
    f"config:\n  aws:region: eu-west-1\n  app:dbPassword:\n    secure: v1:{_std64(16)}:"
    f"{_std64(40)}\n",
    '  "outputs": {\n    "result": {\n      "4dabf18193072939515e22adb298388d": '
    '"1b47061264138c4ac30d75fd1eb44270",\n      "ciphertext": "v1:' + _std64(16) + ":"
    + _std64(48) + '"\n    }\n  }\n',
    "const config = new pulumi.Config();\nconst dbPassword = config.requireSecret(\"dbPassword\");"
    "\n",
    "ansible_become_pass: \"{{ vault_become_pass }}\"\nansible_user: deploy\nansible_ssh_private_"
    "key_file: ~/.ssh/deploy_ed25519\n",
    f'{{\n  "id": "smtp",\n  "password": {{\n    "encrypted_data": "{_std64(48)}",\n    "iv": '
    f'"{_std64(12)}",\n    "auth_tag": "{_std64(16)}",\n    "version": 3,\n    "cipher": '
    '"aes-256-gcm"\n  }\n}\n',
    "profile::postgres::superuser_password: >\n    ENC[PKCS7," + _s(280, B64) + "=]\n",
    "smtp:\n  password: |\n    " + _ARMOUR + "BEGIN PGP MESSAGE" + _ARMOUR + "\n\n    "
    + _wrap(_std64(180), 64).replace("\n", "\n    ") + "\n    =" + _s(4, B64) + "\n    "
    + _ARMOUR + "END PGP MESSAGE" + _ARMOUR + "\n",
    "db_password: {{ salt['vault'].read_secret('secret/app/db', 'password') }}\n",
    "password = data_bag_item('credentials', 'smtp', Chef::EncryptedDataBagItem.load_secret)"
    "['password']\n",
    "mysql::db { 'wiki':\n  user     => 'wiki',\n  password => Sensitive(lookup('profile::wiki::"
    "db_password')),\n  host     => 'localhost',\n}\n",
    f"$ salt 'web01*' grains.item machine_id uuid\nweb01.prod:\n    ----------\n    machine_id:\n"
    f"        {_hex(32)}\n    uuid:\n        {_UUIDS[9]}\n",
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}\n',
    "  password = random_password.db.result\n  username = \"reporting\"\n",
    # ---- containers and CI ----
    "# syntax=docker/dockerfile:1.7\nFROM node:20-alpine AS build\nRUN --mount=type=secret,id="
    "npm_token,env=NPM_TOKEN npm ci\n",
    "FROM node:20-alpine AS build\nARG NPM_AUTH_TOKEN\nRUN test -n \"$NPM_AUTH_TOKEN\" || "
    "(echo 'NPM_AUTH_TOKEN build arg missing' >&2; exit 1)\n",
    f"#12 exporting to image\n#12 exporting layers 3.1s done\n#12 writing image sha256:"
    f"{_DIGESTS[2]} done\n#12 naming to registry.internal.example/ml/train:3.1 done\n",
    "    healthcheck:\n      test: [\"CMD-SHELL\", \"mysqladmin ping -h localhost -uroot "
    "-p$$MYSQL_ROOT_PASSWORD\"]\n      interval: 10s\n",
    "  cache:\n    image: redis:7.2-alpine\n    command: redis-server --requirepass "
    "${REDIS_PASSWORD:?set REDIS_PASSWORD in .env}\n",
    "    container:\n      image: ghcr.io/acme/ci-base:2024.06\n      credentials:\n        "
    "username: ${{ github.actor }}\n        password: ${{ secrets.GHCR_PULL_TOKEN }}\n",
    "      - image: registry.internal.example/build/python:3.12\n        auth:\n          "
    "username: circle-pull\n          password: $REGISTRY_PULL_PASSWORD  # set in the org "
    "context\n",
    "image:\n  name: registry.internal.example/tools/deployer:1.8\n  username: $REGISTRY_USER\n"
    "  password: $REGISTRY_PASSWORD\n",
    "2024-06-10T09:14:22.9044Z ##[section]Starting: fetch signing key\n2024-06-10T09:14:23.0044Z"
    " Setting secret variable SIGNING_KEY\n2024-06-10T09:14:23.0511Z ##[section]Finishing: "
    "fetch signing key\n",
    "variables:\n  - group: prod-secrets\n  - name: buildConfiguration\n    value: Release\n",
    "steps:\n  - script: echo \"$(REGISTRY_PASSWORD)\" | docker login registry.internal.example "
    "-u pipelines --password-stdin\n    env:\n      REGISTRY_PASSWORD: $(registryPassword)\n",
    "steps:\n  - label: \":rocket: deploy\"\n    command: |\n      export DEPLOY_TOKEN=\"$$("
    "buildkite-agent secret get DEPLOY_TOKEN)\"\n      ./scripts/deploy.sh\n",
    "withCredentials([usernamePassword(credentialsId: 'registry-ci', usernameVariable: 'REG_USER',"
    " passwordVariable: 'REG_PASS')]) {\n    sh 'echo \"$REG_PASS\" | docker login -u \"$REG_USER\""
    " --password-stdin registry.internal.example'\n}\n",
    f"GITHUB_RUN_ID=9471120863\nGITHUB_RUN_ATTEMPT=1\nGITHUB_SHA={_SHAS[1]}\nRUNNER_NAME=GitHub "
    "Actions 42\n",
    f"[command]/usr/bin/docker pull ghcr.io/acme/ci-base:2024.06\n2024.06: Pulling from acme/"
    f"ci-base\nDigest: sha256:{_DIGESTS[3]}\nStatus: Downloaded newer image for ghcr.io/acme/"
    "ci-base:2024.06\n",
    # ---- package managers ----
    "[install.scopes]\n\"@acme\" = { token = \"$NPM_INTERNAL_TOKEN\", url = \"https://npm.internal"
    ".example/\" }\n",
    "export DENO_AUTH_TOKENS=\"${FORGE_TOKEN}@git.internal.example\"\ndeno run -A https://git."
    "internal.example/tools/raw/main/release.ts\n",
    "[[tool.uv.index]]\nname = \"internal\"\nurl = \"https://pypi.internal.example/simple/\"\n"
    "authenticate = \"always\"\nexplicit = true\n",
    f"[[package]]\nname = \"httpx\"\nversion = \"0.27.0\"\nsource = {{ registry = \"https://pypi."
    f"org/simple\" }}\nsdist = {{ url = \"https://files.pythonhosted.org/packages/{_hex(2)}/"
    f"{_hex(2)}/{_hex(60)}/httpx-0.27.0.tar.gz\", hash = \"sha256:{_DIGESTS[4]}\", size = 126413 "
    "}\n",
    f"requests==2.32.3 \\\n    --hash=sha256:{_DIGESTS[5]} \\\n    --hash=sha256:{_DIGESTS[6]}\n",
    f"[metadata]\ngroups = [\"default\", \"dev\"]\nstrategy = [\"inherit_metadata\"]\nlock_version "
    f"= \"4.5.0\"\ncontent_hash = \"sha256:{_DIGESTS[7]}\"\n",
    f'    "node_modules/lodash": {{\n      "version": "4.17.21",\n      "resolved": "https://'
    f'registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",\n      "integrity": "{_sri_of("lodash")}"'
    "\n    },\n",
    f'"@babel/core@^7.24.0":\n  version "7.24.7"\n  resolved "https://registry.yarnpkg.com/@babel/'
    f'core/-/core-7.24.7.tgz#{_sha1_of("babel")}"\n  integrity {_sri_of("babel")}\n',
    f"  /zod@3.23.8:\n    resolution: {{integrity: {_sri_of('zod')}}}\n    dev: false\n",
    f"[[package]]\nname = \"serde\"\nversion = \"1.0.203\"\nsource = \"registry+https://github.com/"
    f"rust-lang/crates.io-index\"\nchecksum = \"{_DIGESTS[8]}\"\n",
    f"golang.org/x/crypto v0.24.0 h1:{_b64sum('xcrypto')}\ngolang.org/x/crypto v0.24.0/go.mod "
    f"h1:{_b64sum('xcrypto mod')}\n",
    f'            "source": {{\n                "type": "git",\n                "url": "https://'
    f'github.com/guzzle/guzzle.git",\n                "reference": "{_SHAS[2]}"\n            }},\n',
    f"CHECKSUMS\n  rack (3.0.11) sha256={_DIGESTS[9]}\n  rails (7.1.3.4) sha256={_DIGESTS[10]}\n",
    f"    \"requires\": [\n        \"zlib/1.3.1#{_hex(32)}%1718012345.118\",\n        "
    f"\"openssl/3.2.2#{_hex(32)}%1718012399.402\"\n    ],\n",
    f"  http:\n    dependency: transitive\n    description:\n      name: http\n      sha256: "
    f"\"{_DIGESTS[11]}\"\n      url: \"https://pub.dev\"\n    source: hosted\n    version: "
    "\"1.2.1\"\n",
    "      - name: Setup pub token\n        run: dart pub token add https://dart.internal.example "
    "--env-var PUB_INTERNAL_TOKEN\n        env:\n          PUB_INTERNAL_TOKEN: ${{ secrets."
    "PUB_INTERNAL_TOKEN }}\n",
    "//npm.internal.example/:_authToken=${NPM_TOKEN}\n@acme:registry=https://npm.internal."
    "example/\nalways-auth=true\n",
    "[global]\nindex-url = https://pypi.internal.example/simple\ntrusted-host = pypi.internal."
    "example\n# credentials come from keyring (pip install keyring artifacts-keyring)\n",
    "<packageSourceCredentials>\n  <acme>\n    <add key=\"Username\" value=\"ci\" />\n    <add "
    "key=\"ClearTextPassword\" value=\"%NUGET_FEED_PASSWORD%\" />\n  </acme>\n"
    "</packageSourceCredentials>\n",
    "<server>\n  <id>acme-releases</id>\n  <username>${env.MAVEN_REPO_USER}</username>\n  "
    "<password>${env.MAVEN_REPO_PASS}</password>\n</server>\n",
    "npmScopes:\n  acme:\n    npmRegistryServer: \"https://npm.internal.example\"\n    "
    "npmAuthToken: \"${NPM_TOKEN}\"\n",
    "[registries.internal]\nindex = \"sparse+https://crates.internal.example/index/\"\n"
    "credential-provider = [\"cargo:token-from-stdout\", \"op\", \"read\", \"op://Dev/crates-"
    "internal/token\"]\n",
    "      - run: composer install --no-interaction --prefer-dist\n        env:\n          "
    "COMPOSER_AUTH: ${{ secrets.COMPOSER_AUTH }}\n",
    "$ cat ~/.gem/credentials\n---\n:rubygems_api_key: <redacted before pasting>\n",
    # ---- old-school connection files ----
    "# Secrets for authentication using CHAP\n# client        server  secret                  IP "
    "addresses\n# (managed by NetworkManager; this file is intentionally empty)\n",
    "# /etc/ppp/pap-secrets\nb1k9q7x@dsl.provider.example  *  @/etc/ppp/dsl-provider.pw  *\n",
    "# /etc/ppp/peers/dsl-provider\nplugin rp-pppoe.so eth1\nuser \"b1k9q7x@dsl.provider."
    "example\"\n# password is looked up in /etc/ppp/pap-secrets\nnoipdefault\ndefaultroute\n"
    "persist\n",
    "[LegacyERP]\nDriver = ODBC Driver 18 for SQL Server\nServer = tcp:erp-sql01.corp.local,1433"
    "\nDatabase = ERP\nTrusted_Connection = yes\nAuthentication = ActiveDirectoryIntegrated\n",
    "[PostgreSQL Unicode]\nDescription = PostgreSQL ODBC driver (Unicode version)\nDriver = "
    "psqlodbcw.so\nSetup = libodbcpsqlS.so\nFileUsage = 1\n",
    "ORDERS =\n  (DESCRIPTION =\n    (ADDRESS = (PROTOCOL = TCP)(HOST = ora-prod-scan.corp.local)"
    "(PORT = 1521))\n    (CONNECT_DATA =\n      (SERVER = DEDICATED)\n      (SERVICE_NAME = "
    "orders.corp.local)\n    )\n  )\n",
    "$ sqlplus app_owner@//ora-prod-scan.corp.local:1521/ORDERS\n\nSQL*Plus: Release 19.0.0.0.0 "
    "- Production on Mon Jun 10 09:14:22 2024\n\nEnter password:\n",
    "$ sqlplus /nolog\nSQL> conn / as sysdba\nConnected.\nSQL> select name, open_mode from "
    "v$database;\n",
    "$ sqlplus /@ORDERS_WALLET\n-- credentials come from the Oracle wallet in $TNS_ADMIN\n",
    "CREATE USER ops$jdoe IDENTIFIED EXTERNALLY;\nGRANT CREATE SESSION TO ops$jdoe;\n",
    "jdbc:postgresql://db.internal:5432/orders?sslmode=verify-full&user=orders&"
    "sslrootcert=/etc/ssl/certs/db-ca.pem\n",
    "[client]\nuser=reporting\nhost=db.internal\n# no password here: use `mysql --login-path="
    "reporting`\n",
    "$ mysql_config_editor print --all\n[reporting]\nuser = \"reporting\"\npassword = *****\n"
    "host = \"db.internal\"\n",
    # ---- SQL ----
    "GRANT SELECT ON ALL TABLES IN SCHEMA reporting TO analyst;\nALTER DEFAULT PRIVILEGES IN "
    "SCHEMA reporting GRANT SELECT ON TABLES TO analyst;\n",
    "CREATE ROLE reporting WITH LOGIN PASSWORD NULL;\nALTER ROLE reporting VALID UNTIL "
    "'2024-12-31';\n",
    "INSERT INTO api_tokens (name, token_prefix, token_sha256)\nVALUES ('ci', 'lg_ci_', "
    "encode(digest(:'token', 'sha256'), 'hex'));\n",
    "ApiClient.find_or_create_by!(name: \"mobile-app\") do |client|\n  client.secret = ENV."
    "fetch(\"MOBILE_APP_CLIENT_SECRET\")\nend\n",
    '  {\n    "model": "auth.user",\n    "pk": 2,\n    "fields": {\n      "username": "readonly",'
    '\n      "password": "!",\n      "is_active": true\n    }\n  }\n',
    # ---- directories and kerberos ----
    "dn: uid=svc-jenkins,ou=services,dc=corp,dc=example\nobjectClass: inetOrgPerson\nuid: "
    "svc-jenkins\nuserPassword: {SASL}svc-jenkins@CORP.EXAMPLE\n",
    f"dn: uid=jdoe,ou=people,dc=corp,dc=example\nobjectClass: ldapPublicKey\nsshPublicKey: "
    f"ssh-ed25519 {_SSH_ED_PUB} jdoe@laptop\n",
    "$ klist -kte /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp           "
    "Principal\n---- ------------------- ------------------------------------------------------\n"
    "   3 06/10/2024 09:14:22 host/web01.corp.example@CORP.EXAMPLE (aes256-cts-hmac-sha1-96)\n"
    "   3 06/10/2024 09:14:22 host/web01.corp.example@CORP.EXAMPLE (aes128-cts-hmac-sha1-96)\n",
    "$ klist\nTicket cache: KCM:1000\nDefault principal: jane@CORP.EXAMPLE\n\nValid starting     "
    "  Expires              Service principal\n06/10/2024 09:14:22  06/10/2024 19:14:22  krbtgt/"
    "CORP.EXAMPLE@CORP.EXAMPLE\n",
    "$ kinit jane@CORP.EXAMPLE\nPassword for jane@CORP.EXAMPLE: \n$ kvno HTTP/intranet.corp."
    "example\nHTTP/intranet.corp.example@CORP.EXAMPLE: kvno = 4\n",
    "C:\\>ktpass /princ HTTP/intranet.corp.example@CORP.EXAMPLE /mapuser CORP\\svc-intranet "
    "/pass * /crypto AES256-SHA1 /ptype KRB5_NT_PRINCIPAL /out intranet.keytab\nType the password"
    " for HTTP/intranet.corp.example:\n",
    # ---- network devices ----
    "Building configuration...\n\n! Sanitized configuration\nrouter bgp 65010\n neighbor "
    "10.255.0.2 remote-as 65020\n neighbor 10.255.0.2 password 7 <removed>\n",
    "tacacs server ISE-1\n address ipv4 10.10.0.21\n key 7 <removed>\n! keys live in the TACACS "
    "vault, see runbook NET-12\n",
    f"router#show version | include Serial|uptime\nrouter uptime is 41 weeks, 2 days, 3 hours\n"
    f"Processor board ID {_s(11, UPPER_ALNUM)}\nSystem Serial Number : {_s(11, UPPER_ALNUM)}\n",
    "router(config)#crypto key generate rsa modulus 2048\nThe name for the keys will be: router."
    "corp.example\n% The key modulus size is 2048 bits\n% Generating 2048 bit RSA keys, keys will"
    " be non-exportable...\n[OK] (elapsed time was 1 seconds)\n",
    f"set system login user ops class super-user authentication ssh-ed25519 \"ssh-ed25519 "
    f"{_SSH_ED_PUB} ops@bastion\"\n",
    "router bgp 65010\n neighbor 10.255.0.2 remote-as 65020\n neighbor 10.255.0.2 description "
    "transit-a\n address-family ipv4 unicast\n  neighbor 10.255.0.2 activate\n",
    "Neighbor        V    AS MsgRcvd MsgSent   TblVer  InQ OutQ Up/Down  State/PfxRcd\n"
    "10.255.0.2      4 65020  148213  148199  4821377    0    0 41w2d       948213\n",
    # ---- devices, mobile and games ----
    "#include <WiFi.h>\n#include \"arduino_secrets.h\"\n\nchar ssid[] = SECRET_SSID;\nchar pass[] "
    "= SECRET_PASS;\n\nvoid setup() {\n  WiFi.begin(ssid, pass);\n}\n",
    "// arduino_secrets.h -- copy to arduino_secrets.h and fill in, never commit\n#define "
    "SECRET_SSID \"\"\n#define SECRET_PASS \"\"\n",
    "[env:esp32dev]\nplatform = espressif32\nboard = esp32dev\nbuild_flags =\n    -DWIFI_PASS="
    "\\\"${sysenv.WIFI_PASS}\\\"\n",
    "api:\n  encryption:\n    key: !secret api_key\n\nota:\n  - platform: esphome\n    password: "
    "!secret ota_password\n",
    f"[09:14:22][I][app:100]: ESPHome version 2024.5.5 compiled on Jun 10 2024, 09:14:22\n"
    f"[09:14:22][C][wifi:580]:   MAC Address: {_colon_hex(6)}\n",
    "#define BLYNK_TEMPLATE_ID \"TMPL4xK2pQ9aZ\"\n#define BLYNK_TEMPLATE_NAME \"Greenhouse\"\n"
    "#include \"blynk_secrets.h\"  // BLYNK_AUTH_TOKEN lives here, gitignored\n",
    "$ flutter build apk --release --dart-define=API_BASE=https://api.acme.example "
    "--dart-define-from-file=env/prod.json\n",
    "// Config/Release.xcconfig\n#include? \"Secrets.xcconfig\"\nAPI_BASE_URL = https:/$()/api."
    "acme.example\nPRODUCT_BUNDLE_IDENTIFIER = com.acme.shop\n",
    f"\t<key>CFBundleIdentifier</key>\n\t<string>com.acme.shop</string>\n\t<key>GIDClientID</key>"
    f"\n\t<string>{_RNG.randrange(10**11, 10**12)}-{_s(32, LOWER_ALNUM)}.apps.googleusercontent."
    "com</string>\n",
    "signingConfigs {\n    release {\n        storeFile file(System.getenv(\"KEYSTORE_PATH\") ?: "
    "\"release.jks\")\n        storePassword System.getenv(\"KEYSTORE_PASSWORD\")\n        "
    "keyAlias \"upload\"\n        keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n}\n",
    f"$ apksigner verify --print-certs app-release.apk\nSigner #1 certificate DN: CN=Acme Shop, "
    f"O=Acme, C=DE\nSigner #1 certificate SHA-256 digest: {_DIGESTS[12]}\nSigner #1 certificate "
    f"SHA-1 digest: {_SHAS[3]}\n",
    "enable-rcon=false\nrcon.port=25575\nrcon.password=\nserver-port=25565\nonline-mode=true\n",
    "hostname \"ACME LAN #1\"\nsv_cheats 0\nmp_autoteambalance 1\nexec banned_user.cfg\n",
    "[/Script/CryptoKeys.CryptoKeysSettings]\nEncryptionKey=\nbEncryptPakIniFiles=False\n"
    "bEncryptPakIndex=False\n",
    "LogPakFile: Display: Added 4812 entries to add to pak file.\nLogPakFile: Display: Collecting "
    "files to add to pak file...\nLogPakFile: Display: Unreal pak executed in 41.118000 seconds\n",
    "app_build \"2481130\"\n{\n\t\"appid\" \"2481130\"\n\t\"desc\" \"nightly\"\n\t\"depots\"\n\t{\n"
    "\t\t\"2481131\" \"depot_build_2481131.vdf\"\n\t}\n}\n",
    # ---- mail ----
    "set imap_user = \"jane.doe@example.org\"\nset imap_pass = \"`pass show mail/work`\"\nset "
    "folder = \"imaps://mail.example.org:993\"\n",
    "account work\nhost smtp.example.org\nport 587\ntls on\nauth on\nuser alerts@example.org\n"
    "passwordeval \"gpg --quiet --for-your-eyes-only --no-tty --decrypt ~/.msmtp-password.gpg\"\n",
    "[Repository work-remote]\ntype = IMAP\nremotehost = mail.example.org\nremoteuser = jane.doe"
    "@example.org\nremotepasseval = get_pass(\"work\")\n",
    "smtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\n"
    "smtp_sasl_security_options = noanonymous\n",
    "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=acme.example; s=mail2024;\n\tt="
    f"1718012062; bh={_b64sum('body')};\n\th=From:To:Subject:Date:Message-ID;\n\tb="
    f"{_std64(128)}\nMessage-ID: <{_UUIDS[10]}@acme.example>\n",
    f"mail2024._domainkey.acme.example. 3600 IN TXT \"v=DKIM1; k=rsa; p={_DKIM_P}\"\n",
    # ---- HTTP ----
    "AxiosError: Request failed with status code 403\n  config: {\n    url: 'https://api.partner."
    "example/v3/shipments',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/"
    "json, text/plain, */*',\n      'X-Api-Key': '[REDACTED]'\n    },\n",
    "I/okhttp.OkHttpClient: --> GET https://api.acme.example/v1/me\nI/okhttp.OkHttpClient: "
    "Authorization: ██\nI/okhttp.OkHttpClient: --> END GET\n",
    ">>> r.request.headers\n{'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, "
    "deflate', 'Accept': '*/*', 'Connection': 'keep-alive'}\n",
    "GET /api/v2/catalog?page=3 HTTP/2\nHost: shop.acme.example\nCookie: _ga=GA1.2.1234567890."
    "1718000000; _gid=GA1.2.987654321.1718000000; theme=dark; locale=de-DE\nAccept: application/"
    "json\n",
    f"HTTP/2 200\ncontent-type: application/javascript\netag: \"{_hex(32)}\"\nx-amz-version-id: "
    f"{_s(32, B64URL)}\nx-cache: Hit from cloudfront\nx-amz-cf-id: {_s(56, B64URL)}==\n",
    f"content-security-policy: script-src 'nonce-{_std64(16)}' 'strict-dynamic'; object-src "
    "'none'; base-uri 'none'\nstrict-transport-security: max-age=63072000; includeSubDomains; "
    "preload\n",
    f"traceparent: 00-{_hex(32)}-{_hex(16)}-01\nx-request-id: {_UUIDS[11]}\nx-amzn-trace-id: "
    f"Root=1-{_hex(8)}-{_hex(24)}\n",
    "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"api\", error=\"invalid_token\","
    " error_description=\"The access token expired\"\nContent-Length: 0\n",
    "Set-Cookie: locale=de-DE; Path=/; Max-Age=31536000; SameSite=Lax\nSet-Cookie: "
    "consent=analytics%3Dfalse; Path=/; Max-Age=15552000\n",
    '          "headers": [\n            { "name": "authorization", "value": "[REDACTED]" },\n'
    '            { "name": "accept", "value": "application/json" }\n          ],\n',
    "Invoke-WebRequest -UseBasicParsing -Uri \"https://shop.acme.example/api/catalog?page=3\" `\n"
    "-Headers @{\n\"accept\"=\"application/json\"\n  \"accept-language\"=\"de-DE,de;q=0.9\"\n}\n",
    '\t\t{ "key": "apiKey", "value": "", "type": "secret", "enabled": true }\n',
    '    "auth": {\n      "type": "bearer",\n      "bearer": [\n        { "key": "token", '
    '"value": "{{accessToken}}", "type": "string" }\n      ]\n    },\n',
    '      "authentication": {\n        "type": "bearer",\n        "token": "{{ _.access_token }}"'
    "\n      },\n",
    "vars {\n  baseUrl: https://api.acme.example\n  clientId: partner-portal\n}\nvars:secret [\n"
    "  clientSecret\n]\n",
    '    "auth": {\n        "raw_auth": null,\n        "type": null\n    },\n',
    "### list orders\nGET {{baseUrl}}/v2/orders\nAuthorization: Bearer {{$dotenv API_TOKEN}}\n",
    "{\n  \"data\": {\n    \"login\": null\n  },\n  \"errors\": [\n    {\n      \"message\": "
    "\"Invalid credentials\",\n      \"extensions\": { \"code\": \"UNAUTHENTICATED\" }\n    }\n"
    "  ]\n}\n",
    "query IntrospectionQuery {\n  __schema {\n    queryType { name }\n    mutationType { name }\n"
    "  }\n}\n",
    "grpcurl -H \"authorization: Bearer $(gcloud auth print-identity-token)\" orders.internal."
    "example:443 list\n",
    "$ wscat -c \"wss://stream.acme.example/v1/ticks?token=$WS_TOKEN\"\n",
    f"< {{\"type\":\"ping\",\"id\":\"{_ulid()}\",\"ts\":1718012062118}}\n> {{\"type\":\"pong\","
    f"\"id\":\"{_ulid()}\"}}\n",
    '{\n  "cookies": [],\n  "origins": []\n}\n',
    f"$ curl -s -o /dev/null -w '%{{http_code}}' '{_presigned_s3().split('?')[0]}'\n403\n",
    "<Error><Code>AccessDenied</Code><Message>Request has expired</Message><X-Amz-Expires>604800"
    f"</X-Amz-Expires><RequestId>{_s(16, UPPER_ALNUM)}</RequestId><HostId>{_std64(48)}</HostId>"
    "</Error>\n",
    # ---- prose ----
    "Move broker password to Vault\n\nThe worker now reads AMQP_PASSWORD from /vault/secrets/amqp"
    " instead of config.yml.\n",
    "Rotate staging DB credentials\n\nNew values are in 1Password (vault \"Staging\"). Old role "
    "dropped.\n",
    "fix: remove hardcoded partner API key; read it from PARTNER_API_KEY\n",
    "chore: add gitleaks pre-commit hook and baseline\n",
    f"Revert \"temporarily hardcode staging api key\"\n\nThis reverts commit {_SHAS[4]}.\nThe key"
    " was revoked in the partner console the same day.\n",
    "Das Passwort für Staging liegt ab sofort im Vault unter secret/staging/db – bitte nicht mehr "
    "per Chat schicken.\n",
    "Kannst du mir den API-Schlüssel über 1Password teilen? Bitte nicht in Slack posten.\n",
    "La contraseña nueva está en el gestor de secretos (secret/prod/db). No la pegues en el "
    "canal, por favor.\n",
    "¿Alguien sabe dónde está el token del bot? No lo encuentro en las variables de CI.\n",
    "Le mot de passe a été changé ; tu le trouveras dans Bitwarden, collection « Infra ».\n",
    "Merci de ne jamais envoyer de clé API par e-mail : utilisez le coffre partagé.\n",
    "A senha do banco foi rotacionada, pega no Vault em secret/hml/db.\n",
    "Alguém sabe quem tem acesso ao token da integração? Preciso renovar antes de sexta.\n",
    "パスワードは1Passwordの「検証環境」保管庫に入れました。チャットには貼らないでください。\n",
    "APIキーの有効期限が切れていたので、管理画面から再発行しておきました（値はVaultに保存済み）。\n",
    "密码已经放到 Vault 的 secret/test/db 路径下了，不要在群里发明文。\n",
    "接口密钥下周轮换，新的密钥会通过密钥管理系统下发，请不要硬编码在代码里。\n",
    "Пароль лежит в Vault по пути secret/stage/db, в чат не кидай.\n",
    "Токен бота перевыпустил, новый уже в секретах CI, старый отозван.\n",
    "what's the password for the staging admin?\n> it's in 1Password, vault \"Staging\", item "
    "\"admin portal\"\n",
    "Post-incident note: the key exposed in commit 4f2a9c1 was revoked at 09:41 UTC; the "
    "replacement lives only in the secret store and CI now reads it from there.\n",
    "Partner API keys are 32 characters, letters and digits; treat them as secrets and never log "
    "more than the first four.\n",
    "Reminder: recovery codes are single-use. Store them in the password manager, not in the "
    "wiki.\n",
    "If BitLocker asks for a recovery key, call the service desk; they can read it from Entra ID "
    "after verifying your identity.\n",
    "The TOTP seed is shown once when you enrol; scan it with your authenticator app and don't "
    "screenshot it.\n",
    # ---- key armours and their public twins ----
    f"untrusted comment: signify public key\n{_SIGNIFY_PUB}\n",
    f"untrusted comment: minisign public key {_s(16, UPPER_HEX)}\n{_MINISIGN_PUB}\n",
    "# recipients.txt (public keys, safe to commit)\n" + "\n".join(_AGE_RECIPIENTS) + "\n",
    f"$ cat /etc/nebula/host.crt\n{_NEBULA_CERT}\n",
    f"$ nebula-cert print -path /etc/nebula/host.crt\nNebulaCertificate {{\n\tDetails {{\n\t\t"
    f"Name: web01\n\t\tIps: [\n\t\t\t10.42.0.11/16\n\t\t]\n\t\tIsCA: false\n\t\tPublic key: "
    f"{_hex(64)}\n\t}}\n\tFingerprint: {_hex(64)}\n}}\n",
    f"$ cat /var/lib/zerotier-one/identity.public\n{_ZT_ID}:0:{_hex(128)}\n",
    f"$ sudo zerotier-cli info\n200 info {_ZT_ID} 1.14.0 ONLINE\n",
    f'  "Identity": {{\n    "PeerID": "{_PEER}"\n  }},\n',
    f"$ ipfs add -q report.pdf\nbafybei{_s(52, 'abcdefghijklmnopqrstuvwxyz234567')}\n",
    f"$ cat /var/lib/tor/hidden_service/hostname\n{_ONION}.onion\n",
    "pki:\n  ca: /etc/nebula/ca.crt\n  cert: /etc/nebula/host.crt\n  key: /etc/nebula/host.key\n",
    "---- BEGIN SSH2 PUBLIC KEY ----\nComment: \"rsa-key-20240610\"\n" + _wrap(_SSH_RSA_PUB, 70)
    + "\n---- END SSH2 PUBLIC KEY ----\n",
    f"$ ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub\n256 SHA256:{_s(43, B64)} root@bastion "
    "(ED25519)\n",
    f"bastion.acme.example ssh-ed25519 {_SSH_ED_PUB}\n",
    "#cloud-config\nssh_authorized_keys:\n  - ssh-ed25519 " + _SSH_ED_PUB + " deploy@ci\n"
    "ssh_pwauth: false\n",
    '{\n  "letsencrypt": {\n    "Account": null,\n    "Certificates": null\n  }\n}\n',
    "$ ls -l /etc/traefik/acme.json\n-rw------- 1 root root 48213 Jun 10 09:14 /etc/traefik/"
    "acme.json\n",
    f"$ cat /etc/opendkim/keys/acme.example/mail2024.txt\nmail2024._domainkey\tIN\tTXT\t( "
    f"\"v=DKIM1; h=sha256; k=rsa; \"\n\t  \"p={_DKIM_P[:200]}\"\n\t  \"{_DKIM_P[200:]}\" )\n",
    _CERT_PEM + "\n",
    f"$ openssl x509 -in tls.crt -noout -fingerprint -sha256\nsha256 Fingerprint={_colon_hex(32)}"
    "\n",
    f"$ gpg --list-keys jane@acme.example\npub   ed25519 2024-01-08 [SC] [expires: 2026-01-07]\n"
    f"      {_s(40, UPPER_HEX)}\nuid           [ultimate] Jane Doe <jane@acme.example>\nsub   "
    "cv25519 2024-01-08 [E] [expires: 2026-01-07]\n",
    f"interface: wg0\n  public key: {_WG_PUBS[0]}\n  private key: (hidden)\n  listening port: "
    f"51820\n\npeer: {_WG_PUBS[1]}\n  endpoint: 203.0.113.7:51820\n  allowed ips: 10.8.0.2/32\n",
    '{\n  "keys": [\n    {\n      "kty": "RSA",\n      "use": "sig",\n      "kid": "'
    + _s(43, B64URL) + '",\n      "alg": "RS256",\n      "n": "' + _url64(256) + '",\n'
    '      "e": "AQAB"\n    }\n  ]\n}\n',
    # ---- OTP and recovery, without the secret ----
    "$ oathtool --totp -b \"$(pass otp/vpn-seed)\"\n",
    "totp = pyotp.TOTP(os.environ[\"TOTP_SEED\"])\ncode = totp.now()\n",
    "PS C:\\> manage-bde -protectors -get C:\nVolume C: [OS]\nAll Key Protectors\n\n    TPM:\n"
    f"      ID: {{{_guid().upper()}}}\n      PCR Validation Profile:\n        7, 11\n",
    "$ sudo fdesetup status\nFileVault is On.\n$ sudo fdesetup haspersonalrecoverykey\ntrue\n",
    "Recovery codes for jane@acme.example were regenerated on 2024-06-10. The old codes no longer"
    " work.\n",
    # ---- wallets and chains, public parts ----
    f"\"xpub\": \"{_XPUB}\",\n\"wallet_type\": \"standard\",\n",
    f"wpkh([{_hex(8)}/84h/0h/0h]{_XPUB}/0/*)#{_bech32_checksum()}\n",
    f"bc1q{_s(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n",
    f"txid: {_hex(64)}\nvout: 1\nconfirmations: 6\n",
    f"Deployed Vault at 0x{_hex(40)}\ntx hash: 0x{_hex(64)}\ngas used: 1482113\n",
    "  networks: {\n    sepolia: {\n      url: process.env.RPC_URL,\n      accounts: process.env"
    ".DEPLOYER_PRIVATE_KEY ? [process.env.DEPLOYER_PRIVATE_KEY] : [],\n    },\n  },\n",
    "$ cast wallet import deployer --interactive\nEnter private key:\nEnter password:\n`deployer` "
    "keystore was saved successfully. Address: 0x" + _hex(40) + "\n",
    "$ forge script script/Deploy.s.sol --rpc-url $RPC_URL --broadcast --account deployer\n",
    '{\n    "type": "PaymentVerificationKeyShelley_ed25519",\n    "description": "Payment '
    'Verification Key",\n    "cborHex": "5820' + _hex(64) + '"\n}\n',
    '$ gaiad tendermint show-validator\n{"@type":"/cosmos.crypto.ed25519.PubKey","key":"'
    + _std64(32) + '"}\n',
    f"$ gaiad tendermint show-node-id\n{_hex(40)}\n",
    f'$ lncli getinfo | jq .identity_pubkey\n"02{_hex(64)}"\n',
    "$ lncli bakemacaroon --save_to=invoice.macaroon invoices:read invoices:write\n",
    f"$ nsc describe user orders-svc\n+---------------------------------------------------------+\n"
    f"|                          User                           |\n+----------------------+--------"
    f"---------------------------+\n| Name                 | orders-svc                       |\n"
    f"| User ID              | {_NKEY_USER[:20]}…|\n"
    f"| Issuer ID            | {_NKEY_ACCOUNT[:20]}…|\n",
    f"authorization {{\n  users = [\n    {{ nkey: {_NKEY_USER} }}\n  ]\n}}\n",
    # ---- DSNs without passwords ----
    "db, err := sql.Open(\"mysql\", os.Getenv(\"MYSQL_DSN\"))\nif err != nil {\n\treturn "
    "fmt.Errorf(\"open db: %w\", err)\n}\n",
    "cfg := mysql.NewConfig()\ncfg.User = \"orders\"\ncfg.Passwd = os.Getenv(\"MYSQL_PASSWORD\")"
    "\ncfg.Net = \"tcp\"\ncfg.Addr = \"mysql.internal:3306\"\n",
    "[alembic]\nscript_location = migrations\n# sqlalchemy.url is set in env.py from "
    "DATABASE_URL\n",
    "engine = create_engine(URL.create(\"postgresql+psycopg\", username=\"app\", password=os."
    "environ[\"DB_PASSWORD\"], host=\"db.internal\", database=\"orders\"))\n",
    "level=info ts=2024-06-10T09:14:22.118Z msg=\"connecting to database\" host=db port=3306 "
    "user=app db=app\n",
    # ---- secret stores, metadata only ----
    "export DB_PASSWORD=\"$(vault kv get -field=password secret/orders/db)\"\n",
    "$ vault kv metadata get secret/orders/db\n======== Metadata Path ========\nsecret/metadata/"
    "orders/db\n\n========== Metadata ==========\nKey                     Value\n---             "
    "        -----\ncreated_time            2023-11-02T08:01:04.118Z\ncurrent_version         7\n"
    "max_versions            0\n",
    f"$ aws secretsmanager describe-secret --secret-id prod/payments/api\n{{\n    \"ARN\": \"arn"
    f":aws"
    f":secretsmanager:eu-west-1:418273645521:secret:prod/payments/api-{_s(6)}\",\n    \"Name\": "
    f"\"prod/payments/api\",\n    \"RotationEnabled\": true,\n    \"LastRotatedDate\": "
    "\"2024-06-01T02:00:00+02:00\"\n}\n",
    "$ gcloud secrets versions list smtp-password --project=acme-prod\nNAME  STATE     CREATED"
    "              DESTROYED\n3     enabled   2024-06-10T09:14:22  -\n2     disabled  2024-03-"
    "02T08:01:04  -\n",
    "$ az keyvault secret list --vault-name acme-kv --query \"[].id\" -o tsv\nhttps://acme-kv."
    "vault.azure.net/secrets/sql-admin\nhttps://acme-kv.vault.azure.net/secrets/smtp-password\n",
    f"$ op item list --vault Infra\nID                            TITLE            VAULT\n"
    f"{_s(26, LOWER_ALNUM)}    grafana-admin    Infra\n{_s(26, LOWER_ALNUM)}    sql-admin        "
    "Infra\n",
    "database:\n    user: orders\n    password: ENC[AES256_GCM,data:" + _std64(18) + ",iv:"
    + _std64(32) + ",tag:" + _std64(16) + ",type:str]\nsops:\n    age:\n        - recipient: "
    + _AGE_RECIPIENTS[0] + "\n    lastmodified: \"2024-06-10T09:14:22Z\"\n    mac: ENC[AES256_GCM"
    ",data:" + _std64(48) + ",iv:" + _std64(32) + ",tag:" + _std64(16) + ",type:str]\n"
    "    version: 3.8.1\n",
    "$ dotnet user-secrets list\nNo secrets configured for this application.\n",
    f"<PropertyGroup>\n  <TargetFramework>net8.0</TargetFramework>\n  <UserSecretsId>{_UUIDS[12]}"
    "</UserSecretsId>\n</PropertyGroup>\n",
    "var smtpPassword = builder.Configuration[\"Smtp:Password\"]\n    ?? throw new "
    "InvalidOperationException(\"Smtp:Password is not configured\");\n",
    "# .streamlit/secrets.toml.example -- copy to secrets.toml\n[connections.snowflake]\naccount ="
    " \"acme-eu1\"\nuser = \"STREAMLIT_APP\"\npassword = \"your-password-here\"\n",
    "conn = st.connection(\"snowflake\")\ndf = conn.query(\"select * from orders limit 10\")\n",
    "$ heroku config:get DATABASE_URL -a acme-billing | cut -d@ -f2\nec2-54-74-12-9.eu-west-1."
    "compute.amazonaws.com:5432/d4l2k8m1\n",
    "$ dokku config:keys api\n=====> api config keys\nDOKKU_APP_TYPE\nJWT_SECRET\nPORT\n",
    f"$ fly secrets list\nNAME           \tDIGEST          \tCREATED AT\nDATABASE_URL   "
    f"\t{_hex(16)}"
    f"\t2024-06-10T09:14:22Z\nJWT_SECRET     \t{_hex(16)}\t2024-06-10T09:14:22Z\n",
    # ---- operations ----
    "output {\n  elasticsearch {\n    hosts => [\"https://es01.internal:9200\"]\n    user => "
    "\"logstash_writer\"\n    password => \"${ES_PWD}\"\n  }\n}\n",
    "[OUTPUT]\n    Name        http\n    Match       *\n    Host        logs.partner.example\n"
    "    Header      X-Api-Key ${LOGS_API_KEY}\n    tls         On\n",
    "[[outputs.influxdb_v2]]\n  urls = [\"https://influx.internal:8086\"]\n  token = "
    "\"$INFLUX_TOKEN\"\n  organization = \"acme\"\n",
    "TLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK web01\nTLSPSKFile=/etc/zabbix/web01.psk\n",
    "    authentication {\n        auth_type PASS\n        auth_pass {{ keepalived_auth_pass }}\n"
    "    }\n",
    "# pcs host auth node1 node2 -u hacluster\nPassword:\nnode1: Authorized\nnode2: Authorized\n",
    "Name/username             Host                                    Dyn Forcerport Comedia    "
    "ACL Port     Status\ntrunk-provider/4930123456  198.51.100.20                                "
    "No  Yes        Yes            5060     OK (23 ms)\n",
    "[1001-auth]\ntype=auth\nauth_type=userpass\nusername=1001\npassword={{ sip_password_1001 }}\n",
    "$ kubectl -n argocd get secret argocd-initial-admin-secret -o jsonpath=\"{.data.password}\" "
    "| base64 -d\n",
    "Jenkins prints the initial admin password once in the container log; after the setup wizard "
    "it is deleted from secrets/initialAdminPassword.\n",
    "$ sudo realm join --user=svc-join corp.example.com\nPassword for svc-join: \n$ realm list | "
    "head -3\ncorp.example.com\n  type: kerberos\n  realm-name: CORP.EXAMPLE\n",
    "# net ads testjoin\nJoin is OK\n",
    "[22][ssh] host: 10.10.4.20\n0 of 1 target completed, 0 valid password found\n",
    "Session..........: hashcat\nStatus...........: Exhausted\nHash.Mode........: 1000 (NTLM)\n"
    "Recovered........: 0/1 (0.00%) Digests (total), 0/1 (0.00%) Digests (new)\n",
    "\t wdigest :\n\t * Username : svc-sql\n\t * Domain   : CORP\n\t * Password : (null)\n",
    f'{{\n  "Description": "Generic API Key",\n  "Secret": "REDACTED",\n  "File": "config/'
    f'partner.yml",\n  "Commit": "{_SHAS[5]}",\n  "Fingerprint": "{_SHAS[5]}:config/partner.yml:'
    'generic-api-key:12",\n  "RuleID": "generic-api-key"\n}\n',
    "$ strings -n 16 ./bin/agent | grep -iE 'key|secret'\nX-Agent-Key\nAGENT_KEY_FILE\nsecret "
    "not configured: set AGENT_KEY_FILE\n",
    "REGISTRY      ?= registry.internal.example\nREGISTRY_USER ?= ci\nREGISTRY_PASS ?= $(shell "
    "pass show ci/registry)\n",
    "export SEARCH_ADMIN_KEY := env_var('SEARCH_ADMIN_KEY')\n",
    # ---- code that handles secrets by name ----
    "password = os.environ[\"DB_PASSWORD\"]\n",
    "token = os.getenv(\"PARTNER_API_TOKEN\", \"\")\nif token == \"\":\n    raise RuntimeError("
    "\"PARTNER_API_TOKEN is not set\")\n",
    "class Settings(BaseSettings):\n    api_key: SecretStr = Field(alias=\"PARTNER_API_KEY\")\n"
    "    database_url: PostgresDsn\n",
    "sig = hmac.new(settings.webhook_secret.encode(), request.body, hashlib.sha256).hexdigest()\n"
    "if not hmac.compare_digest(sig, request.headers[\"X-Signature\"]):\n    abort(401)\n",
    "const secret = process.env.WEBHOOK_SECRET ?? throwMissing('WEBHOOK_SECRET');\nconst expected"
    " = crypto.createHmac('sha256', secret).update(rawBody).digest('hex');\n",
    "mac := hmac.New(sha256.New, []byte(os.Getenv(\"WEBHOOK_SECRET\")))\nmac.Write(body)\n",
    "if cfg.Password == \"\" {\n\treturn errors.New(\"db password missing: set DB_PASSWORD\")\n}\n",
    "let key = std::env::var(\"API_KEY\").context(\"API_KEY not set\")?;\n",
    "pub struct Config {\n    pub database_url: SecretString,\n    pub api_key: SecretString,\n}\n",
    "@Value(\"${partner.api-key}\")\nprivate String apiKey;\n",
    "val token = BuildConfig.API_TOKEN\nrequire(token.isNotBlank()) { \"API_TOKEN missing from "
    "local.properties\" }\n",
    "$key = getenv('PAYMENTS_SECRET') ?: throw new RuntimeException('PAYMENTS_SECRET not set');\n",
    "api_key = Rails.application.credentials.dig(:partner, :api_key)\n",
    "config :shop, Shop.Repo,\n  username: \"shop\",\n  password: System.fetch_env!(\"DB_PASSWOR"
    "D\")"
    ",\n  hostname: \"db.internal\"\n",
    ": \"${DEPLOY_TOKEN:?DEPLOY_TOKEN must be set}\"\ncurl -fsS -H \"Authorization: Bearer "
    "$DEPLOY_TOKEN\" https://deploy.internal.example/api/v1/releases\n",
    "const [user, pass] = [process.env.SFTP_USER, process.env.SFTP_PASSWORD];\n",
    "ACCOUNTS = [\n    (\"svc-report\", os.environ[\"SVC_REPORT_PASSWORD\"]),\n    (\"svc-export\","
    " os.environ[\"SVC_EXPORT_PASSWORD\"]),\n]\n",
    "name,url,username,password,note\n",
    # ---- long random-looking public values ----
    "\n".join(f"{sha[:7]} {msg}" for sha, msg in zip(
        _SHAS[6:11], ["Read broker password from vault", "Bump alembic to 1.13.1",
                      "Add ledger export", "Fix flaky websocket test", "Release 2.31.0"],
        strict=True)) + "\n",
    f"$ git cat-file -p HEAD\ntree {_SHAS[11]}\nparent {_SHAS[12]}\nauthor Jane Doe <jane@acme."
    "example> 1718012062 +0200\ncommitter Jane Doe <jane@acme.example> 1718012062 +0200\n\n"
    "Add ledger export\n",
    f"$ git lfs ls-files -l\n{_DIGESTS[13]} * assets/intro.mp4\n{_DIGESTS[14]} - assets/"
    "textures.pak\n",
    f"$ docker buildx imagetools inspect registry.internal.example/shop/api:2.31.0\nName:      "
    f"registry.internal.example/shop/api:2.31.0\nMediaType: application/vnd.oci.image.index.v1+"
    f"json\nDigest:    sha256:{_DIGESTS[15]}\n",
    f'[{{"critical":{{"identity":{{"docker-reference":"registry.internal.example/shop/api"}},'
    f'"image":{{"docker-manifest-digest":"sha256:{_DIGESTS[16]}"}},"type":"cosign container '
    'image signature"},"optional":null}]\n',
    f'<script src="https://cdn.jsdelivr.net/npm/htmx.org@1.9.12/dist/htmx.min.js" integrity='
    f'"{_sri_of("htmx", "sha384")}" crossorigin="anonymous"></script>\n',
    f"2024-06-10T09:14:22.118Z INFO  request_id={_UUIDS[13]} span_id={_hex(16)} trace_id="
    f"{_hex(32)} status=200 latency_ms=41\n",
    f"job {_ulid()} queued\njob {_ulid()} started on worker-3\n",
    f"arn:aws:iam::418273645521:role/aws-reserved/sso.amazonaws.com/eu-west-1/"
    f"AWSReservedSSO_ReadOnly_{_hex(16)}\n",
    f"module.vpc.aws_subnet.private[0]: id=subnet-0{_hex(16)}\nmodule.vpc.aws_vpc.this[0]: id="
    f"vpc-0{_hex(16)}\nmodule.eks.aws_eks_cluster.this[0]: id=prod\n",
    f"/nix/store/{_nix32()}-openssl-3.0.13\n/nix/store/{_nix32()}-python3-3.12.4\n",
    f"==> Pouring node--22.3.0.arm64_sonoma.bottle.tar.gz\n==> Downloading https://ghcr.io/v2/"
    f"homebrew/core/node/blobs/sha256:{_DIGESTS[17]}\n",
    f"SHA256:\n {_DIGESTS[18]}  48213 main/binary-amd64/Packages\n {_DIGESTS[19]}  12482 main/"
    "binary-amd64/Packages.gz\n",
    f"$ cat commons-io-2.16.1.jar.sha1\n{_SHAS[13]}\n",
    f"Build ID: {_UUIDS[14]}\nBuild number: 4812\nSource: github.com/acme/api@{_SHAS[14][:12]}\n",
    f"$ echo -n 'hello world' | base64\n{base64.b64encode(b'hello world').decode()}\n",
    f"binaryData:\n  logo.png: {_std64(b'PNG' + bytes(5) + b'IHDR' + _bytes(120))}\n",
    f"code_challenge={_url64(32)}&code_challenge_method=S256&client_id=mobile&redirect_uri="
    "com.acme.shop%3A%2Fcallback\n",
    f"Idempotency-Key: {_UUIDS[15]}\n",
    f"sentry event {_hex(32)} captured (release api@2.31.0, environment production)\n",
    f"  uid: {_UUIDS[16]}\n  resourceVersion: \"48213377\"\n  generation: 14\n",
    f"ETag: W/\"{_hex(8)}-{_s(27, B64URL)}\"\nLast-Modified: Mon, 10 Jun 2024 09:14:22 GMT\n",
    f"\"version\": \"2.31.0+build.{_hex(7)}\",\n\"commit\": \"{_SHAS[15]}\",\n\"builtAt\": "
    "\"2024-06-10T09:14:22Z\"\n",
    f"Checking integrity of download: sha256:{_DIGESTS[20]} ... OK\n",
    f"fingerprint: {_colon_hex(20)}\nissuer: CN=Acme Internal CA G2\nserial: {_s(32, UPPER_HEX)}\n",
    f"Key ID: {_s(16, UPPER_HEX)}\nKey fingerprint ="
    f" {' '.join(_s(4, UPPER_HEX) for _ in range(10))}"
    "\n",
    f"https://github.com/acme/api/actions/runs/9471120863/job/{_RNG.randrange(10**10, 10**11)}\n",
    f"gs://acme-builds/artifacts/{_SHAS[16]}/app-2.4.1.aab\n",
    f"s3://acme-exports/reports/2024-06/{_UUIDS[17]}.csv\n",
    f"{{\"id\":\"evt_{_s(24)}\",\"object\":\"event\",\"type\":\"invoice.paid\",\"created\":"
    "1718012062,\"livemode\":true}\n",
    f"x-amz-request-id: {_s(16, UPPER_ALNUM)}\nx-amz-id-2: {_std64(60)}\n",
    f"Message-ID: <CA+{_s(40, B64)}@mail.gmail.com>\nIn-Reply-To: <{_UUIDS[18]}@acme.example>\n",
    f"device_id: {_hex(24)}\nfirmware: 5.8.0\nlast_heard: 2024-06-10T09:14:22Z\n",
    "  \"channel_id\": 2481130,\n  \"entry_id\": 48213,\n  \"created_at\": \"2024-06-10T09:14:22"
    "Z\","
    "\n",
    f"NEXT_PUBLIC_THIRDWEB_CLIENT_ID={_hex(32)}\n",
    "const client = createThirdwebClient({ clientId: process.env.NEXT_PUBLIC_THIRDWEB_CLIENT_ID"
    "! });\n",
    f"$ az account show --query '{{sub:id, tenant:tenantId}}' -o json\n{{\n  \"sub\": "
    f"\"{_UUIDS[19]}\",\n  \"tenant\": \"{_UUIDS[20]}\"\n}}\n",
    "HostName=acme-iot.azure-devices.net;DeviceId=press-07;x509=true\n",
    "Endpoint=https://acme-chat.service.signalr.net;AuthType=azure.msi;Version=1.0;\n",
    "acme-cache.redis.cache.windows.net:6380,ssl=True,abortConnect=False\n",
    "$ az acr login -n acmeprod\nLogin Succeeded\n",
    "OWM_KEY = os.environ[\"OWM_API_KEY\"]\n",
    "weather:\n  - platform: openweathermap\n    api_key: !secret owm_api_key\n",
    "TTN_API_KEY=${TTN_API_KEY:?create one in the console under API keys}\n",
    "curl -H \"Authorization: Bearer $HARVEST_TOKEN\" -H \"Harvest-Account-Id: "
    "$HARVEST_ACCOUNT_ID\" https://api.harvestapp.com/v2/users/me\n",
    "exchange = ccxt.okx({\"apiKey\": os.environ[\"OKX_API_KEY\"], \"secret\": os.environ["
    "\"OKX_SECRET_KEY\"], \"password\": os.environ[\"OKX_PASSPHRASE\"]})\n",
    "Get your Percy token from Project settings → Tokens and add it as PERCY_TOKEN in the CI "
    "secrets. Never commit it.\n",
    "provider \"fortios\" {\n  hostname = var.fortigate_host\n  token    = var.fortigate_token\n"
    "  insecure = \"false\"\n}\n",
    "X-PAN-KEY: ${PAN_API_KEY}\n",
    "curl -fsS \"https://api.thingspeak.com/channels/2481130/feeds.json?results=2\"\n",
    "aws s3 ls --endpoint-url=https://s3.eu-central-1.wasabisys.com --profile wasabi\n",
    "lemonSqueezySetup({ apiKey: process.env.LEMONSQUEEZY_API_KEY });\n",
    "SIGNALWIRE_SPACE=acme.signalwire.com\nSIGNALWIRE_PROJECT=${SIGNALWIRE_PROJECT}\n"
    "SIGNALWIRE_TOKEN=${SIGNALWIRE_TOKEN}\n",
    "const bot = new ViberBot({ authToken: process.env.VIBER_AUTH_TOKEN, name: 'AcmeBot' });\n",
    "gotify push --token \"$GOTIFY_APP_TOKEN\" \"disk /dev/sda at 91%\"\n",
    "default-host: https://ntfy.acme.example\n# default-token comes from NTFY_TOKEN\n",
    "Blynk.begin(BLYNK_AUTH_TOKEN, ssid, pass);\n",
]


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, SEVENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("seventh", FAMILIES, SEVENTH_SECRETS, SEVENTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(100, 350, 300))

_self_check()
