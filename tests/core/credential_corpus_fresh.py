"""A second credentials corpus, written without sight of the scanner it measures.

``tests/core/credential_corpus.py`` was written alongside the scanner; a scanner tuned on
its own examples can pass them and still miss what it was never shown.  This module holds
cases its authors did not write:

``FRESH_SECRETS``
    credential kinds absent from ``SECRETS`` of the first corpus (checked kind by kind),
    two or three samples of each in different settings: prose, ``.env`` lines, YAML, TOML,
    INI, properties, JSON, XML, HCL, connection strings, command lines and HTTP headers.
    A kind is named ``"<family>, <setting>"``; the family is the text before the comma.
    The formats follow the public rule lists of secret scanners (gitleaks, trufflehog,
    detect-secrets, the push-protection partner patterns) and the documented config files
    of the tools concerned.
``FRESH_ORDINARY``
    decision-log text that must pass: talk of tokens, keys, passwords and hashes without
    one, and the hard negatives (commit ids, UUIDs, lockfile hashes, image digests, public
    keys, base64 of harmless things, placeholders).  ``DEBATABLE`` names the entries a
    reasonable scanner could refuse; they are kept here, marked, rather than hidden.
``halves()``
    splits the kinds by family into two fixed halves, so a scanner can be tuned on one
    and measured on the other.

As in the first corpus, every value is generated from a seeded generator with the length
and alphabet of its kind, and every distinctive prefix is split in the source, so no real
secret and no literal that a push-protection scanner would stop sits in this file.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string

from tests.core.credential_corpus import (
    ALNUM,
    B64,
    B64URL,
    HEX,
    LOWER,
    LOWER_ALNUM,
    SECRETS,
    UPPER_DIGITS,
)

_RNG = random.Random(20261204)

DIGITS = string.digits
UPPER_HEX = "0123456789ABCDEF"
BASE32 = string.ascii_uppercase + "234567"
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
#: The alphabet of crypt(3) hashes (bcrypt, sha512-crypt, apr1, yescrypt).
CRYPT64 = "./" + string.digits + string.ascii_uppercase + string.ascii_lowercase
#: What WordPress's salt generator draws from (no quote, no backslash).
WP_SALT = ALNUM + "!@#$%^&*()-_ []{}<>~`+=,.;:/?|"
_PW_SYMBOLS = "!#%*+_.@^"


def _r(length: int, alphabet: str = ALNUM) -> str:
    """``length`` random characters of ``alphabet`` (seeded: the corpus never changes)."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _b64(raw_length: int) -> str:
    """Standard base64 of ``raw_length`` random bytes, padding included."""
    return base64.b64encode(_bytes(raw_length)).decode()


def _bytes(length: int) -> bytes:
    return bytes(_RNG.randrange(256) for _ in range(length))


def _b64s(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _uuid() -> str:
    variant = _RNG.choice("89ab")
    return f"{_r(8, HEX)}-{_r(4, HEX)}-4{_r(3, HEX)}-{variant}{_r(3, HEX)}-{_r(12, HEX)}"


def _pw(length: int = 16) -> str:
    """A password as people pick them from a generator: letters, digits, a symbol or two."""
    chars = [_RNG.choice(ALNUM) for _ in range(length - 2)]
    for _ in range(2):
        chars.insert(_RNG.randrange(len(chars) + 1), _RNG.choice(_PW_SYMBOLS))
    return "".join(chars)


def _pem_lines(raw: bytes) -> str:
    text = base64.b64encode(raw).decode()
    return "\n".join(text[i:i + 64] for i in range(0, len(text), 64))


_BEGIN = "-----BEGIN "
_END = "-----END "
_PK = "PRIVATE KEY-----"
# DER openings: an EC private key (SEC1), and an encrypted PKCS#8 key (PBES2).
_EC_SEC1 = bytes.fromhex("30770201010420")
_PKCS8_ENCRYPTED = bytes.fromhex("308205343056")

# Words of the BIP-39 English list (the first stretch of it, in order).
_BIP39_TEXT = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident "
    "account accuse achieve acid acoustic acquire across act action actor actress actual "
    "adapt add addict address adjust admit adult advance advice aerobic affair afford afraid "
    "again age agent agree ahead aim air airport aisle alarm album alcohol alert alien all "
    "alley allow almost alone alpha already also alter always amateur amazing among amount "
    "amused analyst anchor ancient anger angle angry animal ankle announce annual another "
    "answer antenna antique anxiety any apart apology appear apple approve april arch arctic "
    "area arena argue arm armed armor army around arrange arrest arrive arrow art artefact "
    "artist artwork ask aspect assault asset assist assume asthma athlete atom attack attend"
)
_BIP39 = tuple(_BIP39_TEXT.split())


def _mnemonic(words: int) -> str:
    return " ".join(_RNG.sample(_BIP39, words))


# -- generators of one kind each ----------------------------------------------------------


def _dynatrace() -> str:
    return "dt0" + "c01." + _r(24, UPPER_DIGITS) + "." + _r(64, UPPER_DIGITS)


def _nr_license() -> str:
    return _r(36, HEX) + "NR" + "AL"


def _grafana_legacy() -> str:
    doc = json.dumps({"k": _r(32), "n": "ci-deploy", "id": 1}, separators=(",", ":"))
    return _b64s(doc)


def _sentry_user() -> str:
    return "sntry" + "u_" + _r(64, HEX)


def _cf_tunnel() -> str:
    doc = json.dumps({"a": _r(32, HEX), "t": _uuid(), "s": _b64(32)}, separators=(",", ":"))
    return _b64s(doc)


def _tencent_id() -> str:
    return "AK" + "ID" + _r(32)


def _goog_hmac() -> str:
    return "GOOG" + "1E" + _r(55, UPPER_DIGITS)


def _b2_key() -> str:
    return "K0" + "05" + _r(27, B64)


def _openshift() -> str:
    return "sha256" + "~" + _r(43, B64URL)


def _swarm() -> str:
    return "SWMTKN" + "-1-" + _r(50, LOWER_ALNUM) + "-" + _r(25, LOWER_ALNUM)


def _rancher() -> str:
    return "token-" + _r(5, LOWER_ALNUM) + ":" + _r(54, LOWER_ALNUM)


def _tailscale(kind: str) -> str:
    return "tskey" + f"-{kind}-k" + _r(11) + "CNTRL-" + _r(33)


def _ngrok() -> str:
    return "2" + _r(26) + "_" + _r(21)


def _wg() -> str:
    return _b64(32)


def _ovpn_static() -> str:
    body = "\n".join(_r(32, HEX) for _ in range(16))
    return f"{_BEGIN}OpenVPN Static key V1-----\n{body}\n{_END}OpenVPN Static key V1-----"


def _akab() -> str:
    return "akab-" + _r(16, LOWER_ALNUM) + "-" + _r(16, LOWER_ALNUM)


def _op_service() -> str:
    doc = json.dumps({
        "signInAddress": "acme.1password.com",
        "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000,
                     "salt": _r(22, B64URL)},
        "email": _r(26, LOWER_ALNUM) + "@1passwordserviceaccounts.com",
        "srpX": _r(64, HEX),
        "muk": {"alg": "A256GCM", "ext": True, "k": _r(43, B64URL), "key_ops": ["decrypt",
                "encrypt"], "kty": "oct", "kid": "mp"},
        "secretKey": "A3" + "-" + _r(6, UPPER_DIGITS) + "-" + _r(6, UPPER_DIGITS) + "-"
                     + "-".join(_r(5, UPPER_DIGITS) for _ in range(4)),
        "throttleSecret": {"seed": _r(64, HEX), "uuid": _r(26, UPPER_DIGITS)},
        "deviceUuid": _r(26, LOWER_ALNUM),
    }, separators=(",", ":"))
    return "ops" + "_" + _b64s(doc).rstrip("=")


def _op_secret_key() -> str:
    return ("A3" + "-" + _r(6, UPPER_DIGITS) + "-" + _r(6, UPPER_DIGITS) + "-"
            + "-".join(_r(5, UPPER_DIGITS) for _ in range(4)))


def _glpat_routable() -> str:
    return "gl" + "pat-" + _r(36, B64URL) + ".01" + _r(7, LOWER_ALNUM)


def _slack_config() -> str:
    return "xo" + "xe.xoxp-1-" + _r(164, UPPER_DIGITS)


def _slack_trigger() -> str:
    return ("https://hooks.slack.com/triggers/T" + _r(8, UPPER_DIGITS) + "/"
            + _r(13, DIGITS) + "/" + _r(32, HEX))


def _jfrog_ref() -> str:
    return "cmVmdGtu" + "OjAxOj" + _r(50)


def _harness(kind: str) -> str:
    return kind + "." + _r(22, B64URL) + "." + _r(24) + "." + _r(20)


def _ld(kind: str) -> str:
    return kind + "-" + _uuid()


def _intercom() -> str:
    return _b64s("tok" + ":" + _uuid().replace("-", "_") + ":1:0")


def _adyen() -> str:
    return "AQE" + _r(62, B64) + "-" + _r(44, B64) + "=-" + _r(24, B64URL)


def _mercadopago() -> str:
    return ("APP" + "_USR-" + _r(16, DIGITS) + "-" + _r(6, DIGITS) + "-" + _r(32, HEX) + "-"
            + _r(9, DIGITS))


def _coinbase_pem(escaped: bool) -> str:
    nl = "\\n" if escaped else "\n"
    body = _pem_lines(_EC_SEC1 + _bytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
                      + _bytes(65)).replace("\n", nl)
    return f"{_BEGIN}EC {_PK}{nl}{body}{nl}{_END}EC {_PK}{nl}"


def _elastic_api_key() -> str:
    return _b64s(_r(20, B64URL) + ":" + _r(22, B64URL))


def _bedrock() -> str:
    inner = ("BedrockAPIKey-" + _r(4, LOWER_ALNUM) + "-at-" + _r(12, DIGITS) + ":"
             + _r(60, B64))
    return "AB" + "SK" + _b64s(inner)


def _bitbucket_access() -> str:
    return "ATCTT" + "3xFfGN0" + _r(170, B64URL) + "=" + _r(8, UPPER_HEX)


def _bcrypt(cost: str = "10") -> str:
    return "$2y$" + cost + "$" + _r(53, CRYPT64)


def _keytab() -> str:
    realm = b"ACME.IO"
    entry = (b"\x00\x01" + len(realm).to_bytes(2, "big") + realm + b"\x00\x04HTTP"
             + b"\x00\x0cweb.acme.io" + b"\x00\x00\x00\x01" + _bytes(4) + b"\x03\x00\x12\x00\x20"
             + _bytes(32))
    return base64.b64encode(b"\x05\x02" + len(entry).to_bytes(4, "big") + entry).decode()


def _cisco7() -> str:
    return "0" + _RNG.choice(DIGITS) + _r(18, UPPER_HEX)


def _app_specific() -> str:
    return "-".join(_r(4, LOWER) for _ in range(4))


def _google_app_password() -> str:
    return " ".join(_r(4, LOWER) for _ in range(4))


def _totp_spaced() -> str:
    return " ".join(_r(4, BASE32).lower() for _ in range(8))


def _wif(compressed: bool) -> str:
    if compressed:
        return _RNG.choice("KL") + _r(51, BASE58)
    return "5" + _RNG.choice("HJK") + _r(49, BASE58)


def _solana_json() -> str:
    return "[" + ",".join(str(_RNG.randrange(256)) for _ in range(64)) + "]"


def _bip_lines() -> str:
    return _mnemonic(12)


# A few values used twice in one sample (a key id beside its secret).
_CONFLUENT_KEY, _CONFLUENT_SECRET = _r(16, UPPER_DIGITS), _r(64, B64)
_CONFLUENT_KEY2, _CONFLUENT_SECRET2 = _r(16, UPPER_DIGITS), _r(64, B64)
_BOOT_ID = _r(6, LOWER_ALNUM)
_ALGOLIA_APP = _r(10, UPPER_DIGITS)

#: (kind, text): each must be refused.  ``kind`` is ``"<family>, <setting>"``.
FRESH_SECRETS: list[tuple[str, str]] = [
    # -- observability and on-call -------------------------------------------------------
    ("dynatrace token, env", "DT_API_TOKEN=" + _dynatrace()),
    ("dynatrace token, header", "curl -H 'Authorization: Api-Token " + _dynatrace()
     + "' https://abc12345.live.dynatrace.com/api/v2/metrics"),
    ("dynatrace token, helm values", "oneagent:\n  apiUrl: https://abc12345.live.dynatrace.com/api"
     "\n  apiToken: " + _dynatrace()),
    ("new relic license key, newrelic.yml", "common: &default_settings\n  license_key: '"
     + _nr_license() + "'\n  app_name: billing-api"),
    ("new relic license key, prose", "the ingest license key " + _nr_license()
     + " goes into the infrastructure agent config on each host"),
    ("new relic license key, insert key env", "NEW_RELIC_INSERT_KEY=NR" + "II-" + _r(32, B64URL)),
    ("grafana legacy api key, header", "curl -H 'Authorization: Bearer " + _grafana_legacy()
     + "' https://grafana.acme.io/api/dashboards/home"),
    ("grafana legacy api key, terraform", 'provider "grafana" {\n  url  = "https://grafana.acme.io"'
     '\n  auth = "' + _grafana_legacy() + '"\n}'),
    ("sentry user token, sentryclirc", "[defaults]\norg = acme\n\n[auth]\ntoken = "
     + _sentry_user()),
    ("sentry user token, cli", "sentry-cli --auth-token " + _sentry_user()
     + " releases new 1.4.2"),
    ("datadog application key, env", "DD_APP_KEY=" + _r(40, HEX)),
    ("datadog application key, header", "curl -H \"DD-API-KEY: ${DD_API_KEY}\" -H "
     "\"DD-APPLICATION-KEY: " + _r(40, HEX) + "\" https://api.datadoghq.eu/api/v1/dashboard"),
    ("pagerduty api key, header", "curl -H 'Authorization: Token token=u+" + _r(18, B64URL)
     + "' -H 'Accept: application/json' https://api.pagerduty.com/incidents"),
    ("pagerduty api key, terraform", 'provider "pagerduty" {\n  token = "' + _r(20, B64URL)
     + '"\n}'),
    ("pagerduty api key, events routing key", '{"routing_key": "' + _r(32, HEX)
     + '", "event_action": "trigger", "payload": {"summary": "disk full"}}'),
    ("opsgenie api key, header", "curl -X POST https://api.opsgenie.com/v2/alerts "
     "-H 'Authorization: GenieKey " + _uuid() + "' -d @alert.json"),
    ("opsgenie api key, alertmanager", "receivers:\n- name: ops\n  opsgenie_configs:\n  "
     "- api_key: " + _uuid() + "\n    priority: P2"),
    ("rollbar token, env", "ROLLBAR_ACCESS_TOKEN=" + _r(32, HEX)),
    ("rollbar token, python", "rollbar.init('" + _r(32, HEX)
     + "', 'production')  # post_server_item scope"),
    ("splunk hec token, curl", "curl -k https://splunk.acme.io:8088/services/collector "
     "-H 'Authorization: Splunk " + _uuid() + "' -d '{\"event\": \"deploy done\"}'"),
    ("splunk hec token, fluent-bit", "[OUTPUT]\n    Name         splunk\n    Match        *\n"
     "    Host         splunk.acme.io\n    Port         8088\n    Splunk_Token " + _uuid()),
    # -- clouds and hosting --------------------------------------------------------------
    ("digitalocean refresh token, json", '{"token_type": "bearer", "expires_in": 2592000, '
     '"refresh_token": "do' + "r_v1_" + _r(64, HEX) + '"}'),
    ("digitalocean refresh token, prose", "kept the OAuth refresh token do" + "r_v1_"
     + _r(64, HEX) + " for the nightly job"),
    ("digitalocean spaces key, s3cfg", "[default]\nhost_base = fra1.digitaloceanspaces.com\n"
     "access_key = DO00" + _r(16, UPPER_DIGITS) + "\nsecret_key = " + _r(43, B64)),
    ("digitalocean spaces key, env", "SPACES_ACCESS_KEY_ID=DO00" + _r(16, UPPER_DIGITS)
     + "\nSPACES_SECRET_ACCESS_KEY=" + _r(43, B64)),
    ("cloudflare global api key, headers", "curl -H 'X-Auth-Email: ops@acme.io' -H 'X-Auth-Key: "
     + _r(37, HEX) + "' https://api.cloudflare.com/client/v4/zones"),
    ("cloudflare global api key, env", "CF_API_EMAIL=ops@acme.io\nCF_API_KEY=" + _r(37, HEX)),
    ("cloudflare tunnel token, command", "cloudflared tunnel --no-autoupdate run --token "
     + _cf_tunnel()),
    ("cloudflare tunnel token, compose", "services:\n  tunnel:\n    image: cloudflare/cloudflared"
     "\n    command: tunnel run\n    environment:\n      TUNNEL_TOKEN: " + _cf_tunnel()),
    ("tencent cloud secret, env", "TENCENTCLOUD_SECRET_ID=" + _tencent_id()
     + "\nTENCENTCLOUD_SECRET_KEY=" + _r(32)),
    ("tencent cloud secret, python", 'cred = credential.Credential("' + _tencent_id() + '", "'
     + _r(32) + '")'),
    ("ibm cloud api key, command", "ibmcloud login --apikey " + _r(44, B64URL) + " -r eu-de"),
    ("ibm cloud api key, json", '{\n  "name": "ci-deployer",\n  "description": "for the '
     'pipeline",\n  "createdAt": "2026-03-01T10:00+0000",\n  "apikey": "' + _r(44, B64URL)
     + '"\n}'),
    ("gcs hmac key, boto", "[Credentials]\ngs_access_key_id = " + _goog_hmac()
     + "\ngs_secret_access_key = " + _r(40, B64)),
    ("gcs hmac key, rclone", "[gcs]\ntype = s3\nprovider = GCS\naccess_key_id = " + _goog_hmac()
     + "\nsecret_access_key = " + _r(40, B64) + "\nendpoint = https://storage.googleapis.com"),
    ("oracle oci credentials, ocir docker login", "docker login fra.ocir.io -u "
     "'acme/oracleidentitycloudservice/ada@acme.io' -p '" + _r(20, ALNUM + "()<>;:.[]{}+-#_")
     + "'"),
    ("oracle oci credentials, customer secret key", "[oci]\naws_access_key_id = " + _r(40, HEX)
     + "\naws_secret_access_key = " + _r(44, B64)
     + "\nendpoint_url = https://acme.compat.objectstorage.eu-frankfurt-1.oraclecloud.com"),
    ("linode token, env", "LINODE_TOKEN=" + _r(64, HEX)),
    ("linode token, cli config", "[DEFAULT]\ndefault-user = ada\n\n[ada]\ntoken = "
     + _r(64, HEX) + "\nregion = eu-central\ntype = g6-standard-2"),
    ("hetzner cloud token, env", "export HCLOUD_TOKEN=" + _r(64)),
    ("hetzner cloud token, terraform", 'provider "hcloud" {\n  token = "' + _r(64) + '"\n}'),
    ("vultr api key, env", "VULTR_API_KEY=" + _r(36, UPPER_DIGITS)),
    ("vultr api key, header", "curl -H 'Authorization: Bearer " + _r(36, UPPER_DIGITS)
     + "' https://api.vultr.com/v2/account"),
    ("scaleway key, env", "SCW_ACCESS_KEY=SCW" + _r(17, UPPER_DIGITS) + "\nSCW_SECRET_KEY="
     + _uuid()),
    ("scaleway key, config yaml", "access_key: SCW" + _r(17, UPPER_DIGITS) + "\nsecret_key: "
     + _uuid() + "\ndefault_region: fr-par"),
    ("exoscale key, env", "EXOSCALE_API_KEY=EXO" + _r(24, HEX) + "\nEXOSCALE_API_SECRET="
     + _r(43, B64URL)),
    ("exoscale key, cli toml", '[[accounts]]\n  name = "prod"\n  key = "EXO' + _r(24, HEX)
     + '"\n  secret = "' + _r(43, B64URL) + '"\n  defaultZone = "ch-gva-2"'),
    ("backblaze b2 key, env", "B2_APPLICATION_KEY_ID=005" + _r(22, HEX) + "\nB2_APPLICATION_KEY="
     + _b2_key()),
    ("backblaze b2 key, command", "b2 account authorize 005" + _r(22, HEX) + " " + _b2_key()),
    ("render api key, env", "RENDER_API_KEY=rn" + "d_" + _r(32)),
    ("render api key, header", "curl -H 'Authorization: Bearer rn" + "d_" + _r(32)
     + "' https://api.render.com/v1/services"),
    ("aws bedrock api key, env", "export AWS_BEARER_TOKEN_BEDROCK=" + _bedrock()),
    ("aws bedrock api key, prose", "created a long-term Bedrock key for the eval box: "
     + _bedrock()),
    ("amazon mws token, env", "MWS_AUTH_TOKEN=amzn" + ".mws." + _uuid()),
    ("amazon mws token, xml", "<SellerId>A" + _r(13, UPPER_DIGITS)
     + "</SellerId>\n<MWSAuthToken>amzn" + ".mws." + _uuid() + "</MWSAuthToken>"),
    ("azure openai key, env", "AZURE_OPENAI_ENDPOINT=https://acme-eu.openai.azure.com/\n"
     "AZURE_OPENAI_API_KEY=" + _r(32, HEX)),
    ("azure openai key, header", "curl 'https://acme-eu.openai.azure.com/openai/deployments/gpt4o"
     "/chat/completions?api-version=2024-10-21' -H 'api-key: " + _r(32, HEX) + "'"),
    ("azure app configuration connection string, env", "APPCONFIG_CONNECTION_STRING=Endpoint="
     "https://acme-config.azconfig.io;Id=" + _r(4) + "-l0-s0:" + _r(20) + ";Secret="
     + _b64(32)),
    ("azure app configuration connection string, json", '{"ConnectionStrings": {"AppConfig": '
     '"Endpoint=https://acme-config.azconfig.io;Id=' + _r(4) + "-l0-s0:" + _r(20) + ";Secret="
     + _b64(32) + '"}}'),
    ("azure functions key, url", "https://acme-ingest.azurewebsites.net/api/orders?code="
     + _r(54, B64URL) + "=="),
    ("azure functions key, header", "curl -X POST -H 'x-functions-key: " + _r(54, B64URL)
     + "==' https://acme-ingest.azurewebsites.net/api/orders"),
    ("akamai edgegrid, edgerc", "[default]\nclient_secret = " + _b64(32) + "\nhost = "
     + _akab() + ".luna.akamaiapis.net\naccess_token = " + _akab() + "\nclient_token = "
     + _akab()),
    ("akamai edgegrid, env", "AKAMAI_CLIENT_SECRET=" + _b64(32) + "\nAKAMAI_ACCESS_TOKEN="
     + _akab() + "\nAKAMAI_CLIENT_TOKEN=" + _akab()),
    # -- clusters, networks, VPNs --------------------------------------------------------
    ("openshift token, oc login", "oc login --token=" + _openshift()
     + " --server=https://api.ocp.acme.io:6443"),
    ("openshift token, kubeconfig", "users:\n- name: ada/api-ocp-acme-io:6443\n  user:\n"
     "    token: " + _openshift()),
    ("kubeadm bootstrap token, join", "kubeadm join 10.0.0.10:6443 --token " + _BOOT_ID + "."
     + _r(16, LOWER_ALNUM) + " --discovery-token-ca-cert-hash sha256:" + _r(64, HEX)),
    ("kubeadm bootstrap token, secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: "
     "bootstrap-token-" + _BOOT_ID + "\n  namespace: kube-system\ntype: "
     "bootstrap.kubernetes.io/token\nstringData:\n  token-id: " + _BOOT_ID
     + "\n  token-secret: " + _r(16, LOWER_ALNUM) + "\n  usage-bootstrap-authentication: "
     '"true"'),
    ("docker swarm join token, command", "docker swarm join --token " + _swarm()
     + " 10.0.0.2:2377"),
    ("docker swarm join token, prose", "the manager printed the worker join token " + _swarm()
     + "; new nodes use it"),
    ("rancher api token, env", "CATTLE_TOKEN=" + _rancher()),
    ("rancher api token, terraform", 'provider "rancher2" {\n  api_url   = '
     '"https://rancher.acme.io"\n  token_key = "' + _rancher() + '"\n}'),
    ("tailscale key, up command", "tailscale up --authkey=" + _tailscale("auth")
     + " --advertise-tags=tag:ci"),
    ("tailscale key, api env", "TAILSCALE_API_KEY=" + _tailscale("api")),
    ("ngrok authtoken, command", "ngrok config add-authtoken " + _ngrok()),
    ("ngrok authtoken, yaml", 'version: "2"\nauthtoken: ' + _ngrok() + "\ntunnels:\n  web:\n"
     "    proto: http\n    addr: 8080"),
    ("wireguard private key, wg0.conf", "[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = "
     + _wg() + "\n\n[Peer]\nPublicKey = " + _wg() + "\nEndpoint = vpn.acme.io:51820"),
    ("wireguard private key, prose", "generated the laptop's key with wg genkey: " + _wg()
     + " and registered its public half on the gateway"),
    ("wireguard private key, command", "echo '" + _wg()
     + "' | sudo tee /etc/wireguard/private.key"),
    ("openvpn static key, inline tls-auth", "key-direction 1\n<tls-auth>\n" + _ovpn_static()
     + "\n</tls-auth>"),
    ("openvpn static key, ta.key", "#\n# 2048 bit OpenVPN static key\n#\n" + _ovpn_static()),
    ("hashicorp acl token, consul env", "CONSUL_HTTP_TOKEN=" + _uuid()),
    ("hashicorp acl token, nomad command", "nomad job run -token=" + _uuid() + " web.nomad.hcl"),
    ("hashicorp acl token, consul hcl", 'acl {\n  enabled = true\n  tokens {\n    agent = "'
     + _uuid() + '"\n  }\n}'),
    ("vault unseal key, init output", "Unseal Key 1: " + _b64(33) + "\nUnseal Key 2: "
     + _b64(33) + "\nUnseal Key 3: " + _b64(33)),
    ("vault unseal key, command", "vault operator unseal " + _b64(33)),
    ("cisco device password, type 7", "username admin privilege 15 password 7 " + _cisco7()),
    ("cisco device password, enable secret", "enable secret 5 $1$" + _r(4, CRYPT64) + "$"
     + _r(22, CRYPT64)),
    ("cisco device password, vty line", "line vty 0 4\n password 7 " + _cisco7() + "\n login"),
    ("snmp community, cisco config", "snmp-server community " + _r(14) + " RW 10"),
    ("snmp community, snmpwalk", "snmpwalk -v2c -c " + _r(14) + " 10.0.0.1 1.3.6.1.2.1.1"),
    ("snmp community, snmpd v3 user", 'createUser monitor SHA "' + _pw() + '" AES "' + _pw()
     + '"'),
    ("ipsec psk, ipsec.secrets", '%any 203.0.113.10 : PSK "' + _r(32) + '"'),
    ("ipsec psk, swanctl", "secrets {\n  ike-office {\n    id = office.acme.io\n    secret = "
     + _r(32) + "\n  }\n}"),
    ("wifi psk, wpa_supplicant", 'network={\n    ssid="acme-office"\n    psk="' + _pw(14)
     + '"\n}'),
    ("wifi psk, nmcli", "nmcli dev wifi connect acme-office password '" + _pw(14) + "'"),
    ("wifi psk, hostapd", "interface=wlan0\nssid=acme-lab\nwpa=2\nwpa_passphrase=" + _pw(14)),
    ("radius shared secret, clients.conf", "client vpn {\n    ipaddr = 10.0.0.0/24\n"
     "    secret = " + _r(24) + "\n}"),
    ("radius shared secret, radtest", "radtest ada " + _pw(12) + " 127.0.0.1 0 " + _r(16)),
    # -- identity and secret stores ------------------------------------------------------
    ("1password service account token, env", "OP_SERVICE_ACCOUNT_TOKEN=" + _op_service()),
    ("1password service account token, actions", "- uses: 1password/load-secrets-action@v2\n"
     "  env:\n    OP_SERVICE_ACCOUNT_TOKEN: " + _op_service()),
    ("1password secret key, prose", "the Emergency Kit's Secret Key is " + _op_secret_key()
     + "; the kit is in the safe"),
    ("1password secret key, cli", "op account add --address acme.1password.com --email "
     "ada@acme.io --secret-key " + _op_secret_key()),
    ("auth0 client secret, env", "AUTH0_DOMAIN=acme.eu.auth0.com\nAUTH0_CLIENT_ID=" + _r(32)
     + "\nAUTH0_CLIENT_SECRET=" + _r(64, B64URL)),
    ("auth0 client secret, deploy cli json", '{\n  "AUTH0_DOMAIN": "acme.eu.auth0.com",\n'
     '  "AUTH0_CLIENT_ID": "' + _r(32) + '",\n  "AUTH0_CLIENT_SECRET": "' + _r(64, B64URL)
     + '"\n}'),
    ("oidc client secret, keycloak json", '{"realm": "acme", "auth-server-url": '
     '"https://sso.acme.io/", "resource": "billing", "credentials": {"secret": "' + _r(32)
     + '"}}'),
    ("oidc client secret, token request", "curl -d grant_type=client_credentials -d "
     "client_id=billing -d client_secret=" + _r(32)
     + " https://sso.acme.io/realms/acme/protocol/openid-connect/token"),
    ("oidc client secret, oauth2-proxy", "oauth2-proxy --provider=oidc --client-id=web "
     "--client-secret=" + _r(32) + " --cookie-secret=" + _r(32, B64URL)),
    # -- forges and chat, kinds the first corpus lacks -----------------------------------
    ("gitlab routable token, env", "GITLAB_TOKEN=" + _glpat_routable()),
    ("gitlab routable token, remote url", "git remote add origin https://oauth2:"
     + _glpat_routable() + "@gitlab.acme.io/platform/api.git"),
    ("gitlab oauth app secret, env", "GITLAB_OAUTH_SECRET=gl" + "oas-" + _r(64, B64URL)),
    ("gitlab oauth app secret, omniauth yaml", "omniauth:\n  providers:\n    - name: gitlab\n"
     "      app_id: '" + _r(64, HEX) + "'\n      app_secret: 'gl" + "oas-" + _r(64, B64URL)
     + "'"),
    ("gitlab ci job token, header", "curl --header \"JOB-TOKEN: gl" + "cbt-64_" + _r(20, B64URL)
     + "\" https://gitlab.acme.io/api/v4/projects/12/packages/generic/app/1.0/app.tgz"),
    ("gitlab ci job token, prose", "the job log echoed gl" + "cbt-2c_" + _r(20, B64URL)
     + " before masking kicked in"),
    ("gitlab agent token, helm", "helm upgrade --install k8s-agent gitlab/gitlab-agent "
     "--set config.token=gl" + "agent-" + _r(50, B64URL)
     + " --set config.kasAddress=wss://kas.gitlab.acme.io"),
    ("gitlab agent token, secret file", "kubectl create secret generic agent-token -n gitlab "
     "--from-literal=token=gl" + "agent-" + _r(50, B64URL)),
    ("bitbucket access token, env", "BITBUCKET_ACCESS_TOKEN=" + _bitbucket_access()),
    ("bitbucket access token, header", "curl -H 'Authorization: Bearer " + _bitbucket_access()
     + "' https://api.bitbucket.org/2.0/repositories/acme/api/pullrequests"),
    ("slack configuration token, env", "SLACK_CONFIG_TOKEN=" + _slack_config()),
    ("slack configuration token, curl", "curl -F token=" + _slack_config()
     + " -F manifest=@manifest.json https://slack.com/api/apps.manifest.create"),
    ("slack workflow webhook, env", "SLACK_WORKFLOW_URL=" + _slack_trigger()),
    ("slack workflow webhook, curl", "curl -X POST -H 'Content-type: application/json' "
     "--data '{\"text\": \"deployed\"}' " + _slack_trigger()),
    ("shopify app token, custom app env", "SHOPIFY_ADMIN_TOKEN=sh" + "pca_" + _r(32, HEX)),
    ("shopify app token, private app ruby", "ShopifyAPI::Context.setup(api_key: 'x', "
     "api_secret_key: 'sh" + "ppa_" + _r(32, HEX) + "', host: 'acme.myshopify.com')"),
    ("doppler personal token, cli", "doppler configure set token dp" + ".pt." + _r(43)
     + " --scope /srv/api"),
    ("doppler personal token, service account yaml", "doppler:\n  token: dp" + ".sa." + _r(43)),
    ("planetscale password, url", "DATABASE_URL=mysql://" + _r(12, LOWER_ALNUM) + ":pscale"
     + "_pw_" + _r(43, B64URL) + "@aws.connect.psdb.cloud/app?sslaccept=strict"),
    ("planetscale password, prose", "pscale password create printed pscale" + "_pw_"
     + _r(43, B64URL) + " for the branch"),
    # -- CI, build and developer tools ---------------------------------------------------
    ("sonarqube token, scanner", "sonar-scanner -Dsonar.projectKey=acme-api "
     "-Dsonar.host.url=https://sonar.acme.io -Dsonar.token=sq" + "u_" + _r(40, HEX)),
    ("sonarqube token, env", "SONAR_TOKEN=sq" + "p_" + _r(40, HEX)),
    ("sonarqube token, properties", "sonar.host.url=https://sonar.acme.io\nsonar.login=sq"
     + "a_" + _r(40, HEX)),
    ("snyk token, env", "SNYK_TOKEN=" + _uuid()),
    ("snyk token, command", "snyk auth " + _uuid() + " && snyk test --all-projects"),
    ("jfrog reference token, env", "JFROG_ACCESS_TOKEN=" + _jfrog_ref()),
    ("jfrog reference token, npmrc", "//acme.jfrog.io/artifactory/api/npm/npm/:_authToken="
     + _jfrog_ref()),
    ("jfrog reference token, docker login", "echo " + _jfrog_ref()
     + " | docker login acme.jfrog.io -u ci --password-stdin"),
    ("harness api key, header", "curl -H 'x-api-key: " + _harness("pat")
     + "' https://app.harness.io/gateway/ng/api/user/currentUser"),
    ("harness api key, env", "HARNESS_PLATFORM_API_KEY=" + _harness("sat")),
    ("octopus deploy api key, cli", "octo create-release --project Web --server "
     "https://octo.acme.io --apiKey AP" + "I-" + _r(26, UPPER_DIGITS)),
    ("octopus deploy api key, header", "X-Octopus-ApiKey: AP" + "I-" + _r(26, UPPER_DIGITS)),
    ("drone token, env", "DRONE_SERVER=https://drone.acme.io\nDRONE_TOKEN=" + _r(32)),
    ("drone token, prose", "copied my drone token " + _r(32) + " from the account page"),
    ("clojars token, deploy env", "CLOJARS_USERNAME=ada CLOJARS_PASSWORD=CLOJARS" + "_"
     + _r(60, LOWER_ALNUM) + " lein deploy clojars"),
    ("clojars token, deps edn", '{:mvn/repos {"clojars" {:url "https://repo.clojars.org/"}}\n '
     ':deploy {:username "ada" :password "CLOJARS' + "_" + _r(60, LOWER_ALNUM) + '"}}'),
    ("prefect api key, cli", "prefect cloud login -k pn" + "u_" + _r(36)),
    ("prefect api key, env", "PREFECT_API_KEY=pn" + "u_" + _r(36)),
    ("readme api key, env", "README_API_KEY=rd" + "me_" + _r(70, LOWER_ALNUM)),
    ("readme api key, cli", "rdme openapi openapi.yaml --key=rd" + "me_" + _r(70, LOWER_ALNUM)),
    ("infracost api key, env", "INFRACOST_API_KEY=ic" + "o-" + _r(32)),
    ("infracost api key, actions", "- uses: infracost/actions/setup@v3\n  with:\n    api-key: ic"
     + "o-" + _r(32)),
    ("launchdarkly key, sdk env", "LAUNCHDARKLY_SDK_KEY=" + _ld("sd" + "k")),
    ("launchdarkly key, api header", "curl -H 'Authorization: " + _ld("ap" + "i")
     + "' https://app.launchdarkly.com/api/v2/flags/default"),
    ("launchdarkly key, go", 'client, _ := ld.MakeClient("' + _ld("sd" + "k")
     + '", 5*time.Second)'),
    ("sourcegraph token, env", "SRC_ACCESS_TOKEN=sg" + "p_" + _r(16, HEX) + "_" + _r(40, HEX)),
    ("sourcegraph token, header", "curl -H 'Authorization: token sg" + "p_" + _r(16, HEX) + "_"
     + _r(40, HEX) + "' https://sourcegraph.acme.io/.api/graphql"),
    ("scalingo token, cli", "scalingo login --api-token tk" + "-us-" + _r(48, B64URL)),
    ("scalingo token, env", "SCALINGO_API_TOKEN=tk" + "-us-" + _r(48, B64URL)),
    ("frame.io token, env", "FRAMEIO_TOKEN=fi" + "o-u-" + _r(64, B64URL)),
    ("frame.io token, header", "curl -H 'Authorization: Bearer fi" + "o-u-" + _r(64, B64URL)
     + "' https://api.frame.io/v2/me"),
    ("npmrc basic auth, _auth", "registry=https://npm.acme.io/\n_auth=" + _b64s("ci:" + _pw())
     + "\nalways-auth=true"),
    ("npmrc basic auth, _password", "//npm.acme.io/:username=ci\n//npm.acme.io/:_password="
     + _b64s(_pw()) + "\n//npm.acme.io/:email=ci@acme.io"),
    ("yarnrc auth, npmAuthToken", 'npmScopes:\n  acme:\n    npmRegistryServer: '
     '"https://npm.acme.io"\n    npmAuthToken: "' + _r(40, B64URL) + '"'),
    ("yarnrc auth, npmAuthIdent", 'npmRegistryServer: "https://npm.acme.io"\nnpmAuthIdent: "ci:'
     + _pw() + '"'),
    ("pip index credentials, pip.conf", "[global]\nindex-url = https://ci:" + _r(20)
     + "@pypi.acme.io/simple/"),
    ("pip index credentials, requirements", "--extra-index-url https://__token__:" + _r(20, B64URL)
     + "@gitlab.acme.io/api/v4/projects/12/packages/pypi/simple\nacme-core==2.3.1"),
    ("poetry credentials, config command", "poetry config http-basic.acme ci " + _pw()),
    ("poetry credentials, env", "POETRY_HTTP_BASIC_ACME_USERNAME=ci\n"
     "POETRY_HTTP_BASIC_ACME_PASSWORD=" + _pw()),
    ("gradle publishing credentials, gradle.properties", "ossrhUsername=ada\nossrhPassword="
     + _pw() + "\nsigning.keyId=" + _r(8, UPPER_HEX) + "\nsigning.password=" + _pw()),
    ("gradle publishing credentials, env", "ORG_GRADLE_PROJECT_mavenCentralPassword=" + _pw()
     + " ./gradlew publishToMavenCentral"),
    ("android signing passwords, keystore.properties", "storeFile=release.jks\nstorePassword="
     + _pw() + "\nkeyAlias=release\nkeyPassword=" + _pw()),
    ("android signing passwords, gradle kts", 'signingConfigs {\n    create("release") {\n'
     '        storeFile = file("release.jks")\n        storePassword = "' + _pw()
     + '"\n        keyAlias = "release"\n        keyPassword = "' + _pw() + '"\n    }\n}'),
    ("nuget config password, xml", "<packageSourceCredentials>\n  <acme>\n    "
     '<add key="Username" value="ci" />\n    <add key="ClearTextPassword" value="' + _pw()
     + '" />\n  </acme>\n</packageSourceCredentials>'),
    ("nuget config password, dotnet cli", "dotnet nuget add source "
     "https://nuget.acme.io/v3/index.json -n acme -u ci -p " + _pw()
     + " --store-password-in-clear-text"),
    ("apple app-specific password, fastlane env",
     "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=" + _app_specific()),
    ("apple app-specific password, notarytool", "xcrun notarytool store-credentials notary "
     "--apple-id ada@acme.io --team-id " + _r(10, UPPER_DIGITS) + " --password "
     + _app_specific()),
    # -- payments and commerce -----------------------------------------------------------
    ("adyen api key, env", "ADYEN_API_KEY=" + _adyen()),
    ("adyen api key, header", "curl https://checkout-test.adyen.com/v71/paymentMethods -H "
     "'X-API-Key: " + _adyen() + "'"),
    ("plaid credentials, access token json", '{"access_token": "access-production-' + _uuid()
     + '", "item_id": "' + _r(37) + '", "request_id": "' + _r(15) + '"}'),
    ("plaid credentials, secret env", "PLAID_CLIENT_ID=" + _r(24, HEX) + "\nPLAID_SECRET="
     + _r(30, HEX) + "\nPLAID_ENV=production"),
    ("flutterwave secret key, env", "FLW_SECRET_KEY=FLWSECK" + "-" + _r(32, HEX) + "-X"),
    ("flutterwave secret key, test config", "flutterwave:\n  secret_key: FLWSECK" + "_TEST-"
     + _r(32, HEX) + "-X"),
    ("razorpay key, env", "RAZORPAY_KEY_ID=rzp" + "_live_" + _r(14) + "\nRAZORPAY_KEY_SECRET="
     + _r(24)),
    ("razorpay key, python", 'client = razorpay.Client(auth=("rzp' + "_live_" + _r(14) + '", "'
     + _r(24) + '"))'),
    ("shippo token, env", "SHIPPO_API_KEY=shippo" + "_live_" + _r(40, HEX)),
    ("shippo token, header", "curl https://api.goshippo.com/shipments/ -H 'Authorization: "
     "ShippoToken shippo" + "_live_" + _r(40, HEX) + "'"),
    ("easypost key, env", "EASYPOST_API_KEY=EZ" + "AK" + _r(54)),
    ("easypost key, ruby", "client = EasyPost::Client.new(api_key: 'EZ" + "AK" + _r(54) + "')"),
    ("duffel token, env", "DUFFEL_ACCESS_TOKEN=duffel" + "_live_" + _r(43, B64URL)),
    ("duffel token, header", "curl https://api.duffel.com/air/offer_requests -H "
     "'Authorization: Bearer duffel" + "_live_" + _r(43, B64URL) + "'"),
    ("mercado pago token, env", "MP_ACCESS_TOKEN=" + _mercadopago()),
    ("mercado pago token, sdk", 'sdk = mercadopago.SDK("' + _mercadopago() + '")'),
    ("gocardless token, env", "GOCARDLESS_ACCESS_TOKEN=live" + "_" + _r(40, B64URL)),
    ("gocardless token, ruby", "GoCardlessPro::Client.new(access_token: 'live" + "_"
     + _r(40, B64URL) + "', environment: :live)"),
    ("coinbase cdp key, json", '{\n  "name": "organizations/' + _uuid() + "/apiKeys/"
     + _uuid() + '",\n  "privateKey": "' + _coinbase_pem(escaped=True) + '"\n}'),
    ("coinbase cdp key, env", "CDP_API_KEY_NAME=organizations/" + _uuid() + "/apiKeys/"
     + _uuid() + '\nCDP_API_KEY_PRIVATE_KEY="' + _coinbase_pem(escaped=True) + '"'),
    # -- mail, CRM and SaaS --------------------------------------------------------------
    ("brevo api key, env", "BREVO_API_KEY=xkey" + "sib-" + _r(64, HEX) + "-" + _r(16)),
    ("brevo api key, header", "curl -H 'api-key: xkey" + "sib-" + _r(64, HEX) + "-" + _r(16)
     + "' https://api.brevo.com/v3/account"),
    ("hubspot private app token, env", "HUBSPOT_ACCESS_TOKEN=pat" + "-na1-" + _uuid()),
    ("hubspot private app token, header", "curl https://api.hubapi.com/crm/v3/objects/contacts "
     "-H 'Authorization: Bearer pat" + "-eu1-" + _uuid() + "'"),
    ("intercom access token, env", "INTERCOM_ACCESS_TOKEN=" + _intercom()),
    ("intercom access token, header", "curl https://api.intercom.io/contacts -H "
     "'Authorization: Bearer " + _intercom() + "'"),
    ("asana token, env", "ASANA_ACCESS_TOKEN=2/" + _r(16, DIGITS) + "/" + _r(16, DIGITS) + ":"
     + _r(32, HEX)),
    ("asana token, header", "curl https://app.asana.com/api/1.0/users/me -H "
     "'Authorization: Bearer 1/" + _r(16, DIGITS) + ":" + _r(32, HEX) + "'"),
    ("contentful management token, cli", "contentful login --management-token CF" + "PAT-"
     + _r(43, B64URL)),
    ("contentful management token, env", "CONTENTFUL_SPACE_ID=" + _r(12, LOWER_ALNUM)
     + "\nCONTENTFUL_MANAGEMENT_TOKEN=CF" + "PAT-" + _r(43, B64URL)),
    ("zendesk api token, curl", "curl https://acme.zendesk.com/api/v2/tickets.json -u "
     "ada@acme.io/token:" + _r(40)),
    ("zendesk api token, env", "ZENDESK_SUBDOMAIN=acme\nZENDESK_EMAIL=ada@acme.io\n"
     "ZENDESK_API_TOKEN=" + _r(40)),
    ("typeform token, env", "TYPEFORM_TOKEN=tf" + "p_" + _r(59, B64URL)),
    ("typeform token, header", "curl https://api.typeform.com/forms -H 'Authorization: bearer tf"
     + "p_" + _r(59, B64URL) + "'"),
    ("algolia admin key, env", "ALGOLIA_APP_ID=" + _r(10, UPPER_DIGITS)
     + "\nALGOLIA_ADMIN_API_KEY=" + _r(32, HEX)),
    ("algolia admin key, header", "curl -X DELETE https://" + _ALGOLIA_APP
     + ".algolia.net/1/indexes/products -H 'X-Algolia-Application-Id: "
     + _ALGOLIA_APP + "' -H 'X-Algolia-API-Key: " + _r(32, HEX) + "'"),
    ("elasticsearch credentials, api key header", "curl -H 'Authorization: ApiKey "
     + _elastic_api_key() + "' https://es.acme.io:9200/_cat/indices"),
    ("elasticsearch credentials, kibana.yml", 'elasticsearch.hosts: ["https://es.acme.io:9200"]'
     "\nelasticsearch.username: kibana_system\nelasticsearch.password: " + _pw(20)),
    ("elasticsearch credentials, filebeat api_key", "output.elasticsearch:\n  hosts: "
     '["https://es.acme.io:9200"]\n  api_key: "' + _r(20, B64URL) + ":" + _r(22, B64URL)
     + '"'),
    ("cloudinary credentials, url env", "CLOUDINARY_URL=cloudinary://" + _r(15, DIGITS) + ":"
     + _r(27, B64URL) + "@acme"),
    ("cloudinary credentials, js config", "cloudinary.config({ cloud_name: 'acme', api_key: '"
     + _r(15, DIGITS) + "', api_secret: '" + _r(27, B64URL) + "' })"),
    ("maxmind license key, GeoIP.conf", "AccountID " + _r(6, DIGITS) + "\nLicenseKey "
     + _r(6) + "_" + _r(29) + "_m" + "mk\nEditionIDs GeoLite2-City GeoLite2-ASN"),
    ("maxmind license key, docker", "docker run -e GEOIPUPDATE_ACCOUNT_ID=" + _r(6, DIGITS)
     + " -e GEOIPUPDATE_LICENSE_KEY=" + _r(6) + "_" + _r(29) + "_m" + "mk"
     " ghcr.io/maxmind/geoipupdate"),
    ("kafka sasl credentials, jaas properties", "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN"
     "\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
     'username="' + _CONFLUENT_KEY + '" password="' + _CONFLUENT_SECRET + '";'),
    ("kafka sasl credentials, librdkafka", "bootstrap.servers=pkc-4r087.eu-west-1.aws.confluent"
     ".cloud:9092\nsasl.mechanisms=PLAIN\nsasl.username=" + _CONFLUENT_KEY2
     + "\nsasl.password=" + _CONFLUENT_SECRET2),
    ("kafka sasl credentials, confluent cli", "confluent api-key store " + _r(16, UPPER_DIGITS)
     + " " + _r(64, B64) + " --resource lkc-7yq2mz"),
    ("snowflake password, connections toml", '[connections.prod]\naccount = "acme-xy12345"\n'
     'user = "ETL_USER"\npassword = "' + _pw() + '"\nwarehouse = "ETL_WH"'),
    ("snowflake password, url", "snowflake://ETL_USER:" + _r(18)
     + "@acme-xy12345/ANALYTICS/PUBLIC?warehouse=ETL_WH&role=LOADER"),
    ("snowflake password, env", "SNOWSQL_PWD='" + _pw() + "' snowsql -a acme-xy12345 -u etl_user"),
    # -- connection URLs -----------------------------------------------------------------
    ("smtp url, env", "EMAIL_URL=smtp://postmaster%40mg.acme.io:" + _r(32, HEX)
     + "@smtp.mailgun.org:587"),
    ("smtp url, symfony mailer dsn", "MAILER_DSN=smtp://alerts:" + _r(18)
     + "@mail.acme.io:587?verify_peer=1"),
    ("smtp url, yaml", "mailer:\n  url: smtps://apikey:" + _r(24) + "@smtp.acme-mail.io:465"),
    ("redis url, env", "REDIS_URL=redis://:" + _r(24) + "@cache.internal:6379/0"),
    ("redis url, tls default user", "CACHE_URL=rediss://default:" + _r(32)
     + "@eu1-careful-ant-38211.upstash.io:6379"),
    ("redis url, sidekiq yaml", ":redis:\n  url: redis://app:" + _r(20)
     + "@redis.internal:6379/1\n:concurrency: 10"),
    ("amqp url, celery", "CELERY_BROKER_URL=amqp://app:" + _r(20) + "@rabbit.internal:5672/%2F"),
    ("amqp url, spring yaml", "spring:\n  rabbitmq:\n    addresses: amqps://svc:" + _r(24)
     + "@b-1234abcd.mq.eu-west-1.amazonaws.com:5671"),
    ("mqtt credentials, url", "MQTT_URL=mqtts://sensor:" + _r(18) + "@broker.acme.io:8883"),
    ("mqtt credentials, mosquitto_pub", "mosquitto_pub -h broker.acme.io -u sensor -P "
     + _r(18) + " -t plant/1/temp -m 21.5"),
    ("jdbc url, postgres", "jdbc:postgresql://db.internal:5432/app?user=app&password=" + _r(18)
     + "&ssl=true"),
    ("jdbc url, sql server", "jdbc:sqlserver://sql.acme.io:1433;databaseName=sales;user=etl;"
     "password=" + _pw() + ";encrypt=true"),
    ("jdbc url, oracle thin", "jdbc:oracle:thin:scott/" + _r(14) + "@db.internal:1521/ORCLPDB1"),
    ("oracle connect string, sqlplus", "sqlplus system/" + _r(14) + "@//db.internal:1521/ORCLPDB1"),
    ("oracle connect string, expdp", "expdp hr/" + _r(14)
     + "@ORCLPDB1 schemas=HR directory=DUMP dumpfile=hr.dmp"),
    ("proxy url, env", "export HTTPS_PROXY=http://ada:" + _r(16) + "@proxy.acme.io:3128"),
    ("proxy url, pip", "pip install --proxy http://svc_build:" + _r(16)
     + "@10.1.2.3:8080 -r requirements.txt"),
    ("proxy url, apt conf", 'Acquire::http::Proxy "http://build:' + _r(16)
     + '@proxy.acme.io:3128/";'),
    ("ftp credentials, curl upload", "curl -T backup.tar.gz ftp://backup:" + _r(16)
     + "@ftp.acme.io/incoming/"),
    ("ftp credentials, lftp", "lftp -u deploy," + _r(16) + " sftp://files.acme.io"),
    ("git credentials, store file", "~/.git-credentials holds https://ada:" + _r(20)
     + "@git.acme.io"),
    ("git credentials, remote url", "git remote set-url origin https://ci-bot:" + _r(20)
     + "@bitbucket.acme.io/scm/core/api.git"),
    # -- credential files and config formats ----------------------------------------------
    ("netrc, machine line", "machine api.acme.io login ci password " + _r(24)),
    ("netrc, multi-line", "machine artifacts.acme.io\n  login deploy\n  password " + _pw()),
    ("pgpass, line", "db.internal:5432:app:app:" + _r(20)),
    ("pgpass, echo", "echo 'db.internal:5432:*:replicator:" + _r(20)
     + "' >> ~/.pgpass && chmod 600 ~/.pgpass"),
    ("my.cnf, client section", "[client]\nuser=backup\npassword=" + _pw() + "\nhost=db.internal"),
    ("my.cnf, mysqldump section", '[mysqldump]\nuser = root\npassword = "' + _pw() + '"'),
    ("pypirc, password", "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = "
     "https://pypi.acme.io/\nusername = ci\npassword = " + _pw()),
    ("pypirc, twine env", "TWINE_REPOSITORY_URL=https://pypi.acme.io/ TWINE_USERNAME=ci "
     "TWINE_PASSWORD=" + _pw() + " twine upload dist/*"),
    ("docker config auth, config.json", '{\n  "auths": {\n    "registry.acme.io": {\n'
     '      "auth": "' + _b64s("ci:" + _pw(20)) + '"\n    }\n  }\n}'),
    ("docker config auth, dockerconfigjson secret", "apiVersion: v1\nkind: Secret\nmetadata:\n"
     "  name: regcred\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: "
     + _b64s(json.dumps({"auths": {"registry.acme.io": {"username": "ci", "password": _pw(20),
                                                         "auth": _b64s("ci:" + _pw(20))}}}))),
    # The first corpus has a Secret's base64 ``data:``; these hold the values in clear.
    ("kubernetes secret stringData, yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n"
     "  name: api\ntype: Opaque\nstringData:\n  API_TOKEN: " + _r(40) + "\n  DB_PASSWORD: "
     + _pw()),
    ("kubernetes secret stringData, json", '{\n  "apiVersion": "v1",\n  "kind": "Secret",\n'
     '  "metadata": {"name": "smtp"},\n  "stringData": {\n    "username": "alerts",\n'
     '    "password": "' + _pw() + '"\n  }\n}'),
    ("spring properties, datasource", "spring.datasource.url=jdbc:postgresql://db:5432/app\n"
     "spring.datasource.username=app\nspring.datasource.password=" + _pw()),
    ("spring properties, mail yaml", "spring:\n  mail:\n    host: smtp.acme.io\n    username: "
     "noreply@acme.io\n    password: " + _pw()),
    ("spring properties, command line", "java -jar app.jar --spring.datasource.password="
     + _pw()),
    ("rails master key, file", "config/master.key: " + _r(32, HEX)),
    ("rails master key, env", "RAILS_MASTER_KEY=" + _r(32, HEX) + " bin/rails credentials:edit"),
    ("wordpress config, salts", "define('AUTH_KEY',         '" + _r(64, WP_SALT) + "');\n"
     "define('SECURE_AUTH_KEY',  '" + _r(64, WP_SALT) + "');\ndefine('LOGGED_IN_KEY',    '"
     + _r(64, WP_SALT) + "');"),
    ("wordpress config, db password", "define( 'DB_NAME', 'wp' );\ndefine( 'DB_USER', 'wp' );\n"
     "define( 'DB_PASSWORD', '" + _pw() + "' );"),
    ("terraform variables, tfvars", 'db_username = "app"\ndb_password = "' + _pw() + '"'),
    ("terraform variables, TF_VAR env", "export TF_VAR_db_password='" + _pw() + "'"),
    ("terraform variables, apply command", "terraform apply -var 'admin_password=" + _pw()
     + "'"),
    ("dotnet config secret, appsettings json", '{\n  "ConnectionStrings": {\n    "Default": '
     '"Host=db;Database=app;Username=app;Password=' + _pw() + '"\n  }\n}'),
    ("dotnet config secret, web.config", '<appSettings>\n  <add key="PaymentApiKey" value="'
     + _r(32) + '" />\n</appSettings>'),
    ("ansible secrets, vault password file", "echo '" + _pw()
     + "' > ~/.vault_pass.txt && ansible-playbook site.yml --vault-password-file "
     "~/.vault_pass.txt"),
    ("ansible secrets, become password inventory", "[web]\nweb1 ansible_host=10.0.0.5 "
     "ansible_user=deploy ansible_become_password=" + _pw()),
    ("ansible secrets, extra vars", "ansible-playbook db.yml -e 'mysql_root_password=" + _pw()
     + "'"),
    ("kerberos keytab, base64 decode", "echo '" + _keytab()
     + "' | base64 -d > /etc/krb5.keytab"),
    ("kerberos keytab, k8s secret", "kind: Secret\nmetadata:\n  name: http-keytab\ndata:\n"
     "  krb5.keytab: " + _keytab()),
    ("htpasswd line, bcrypt", "admin:" + _bcrypt()),
    ("htpasswd line, apr1", "ops:$apr1$" + _r(8, CRYPT64) + "$" + _r(22, CRYPT64)),
    ("htpasswd line, traefik label", "traefik.http.middlewares.auth.basicauth.users=admin:"
     + _bcrypt("05").replace("$", "$$")),
    ("shadow entry, sha512-crypt", "root:$6$" + _r(16, CRYPT64) + "$" + _r(86, CRYPT64)
     + ":19872:0:99999:7:::"),
    ("shadow entry, yescrypt", "deploy:$y$j9T$" + _r(22, CRYPT64) + "$" + _r(43, CRYPT64)
     + ":20001:0:99999:7:::"),
    ("shadow entry, cloud-init passwd", "users:\n  - name: ada\n    lock_passwd: false\n"
     "    passwd: $6$rounds=4096$" + _r(16, CRYPT64) + "$" + _r(86, CRYPT64)),
    ("encrypted pem private key, proc-type", _BEGIN + "RSA " + _PK + "\nProc-Type: 4,ENCRYPTED"
     "\nDEK-Info: AES-128-CBC," + _r(32, UPPER_HEX) + "\n\n" + _pem_lines(_bytes(360))
     + "\n" + _END + "RSA " + _PK),
    ("encrypted pem private key, pkcs8", _BEGIN + "ENCRYPTED " + _PK + "\n"
     + _pem_lines(_PKCS8_ENCRYPTED + _bytes(300)) + "\n" + _END + "ENCRYPTED " + _PK),
    # -- one-time codes, passphrases, wallets --------------------------------------------
    ("totp seed, otpauth uri", "otpauth://totp/Acme:ada@acme.io?secret=" + _r(32, BASE32)
     + "&issuer=Acme&algorithm=SHA1&digits=6"),
    ("totp seed, prose", "the 2FA setup key for the shared ops account is " + _totp_spaced()),
    ("totp seed, env", "MFA_SECRET=" + _r(32, BASE32)),
    ("google app password, django settings", "EMAIL_HOST = 'smtp.gmail.com'\nEMAIL_HOST_USER = "
     "'alerts@acme.io'\nEMAIL_HOST_PASSWORD = '" + _google_app_password() + "'"),
    ("google app password, prose", "made a Gmail app password for the alert bot: "
     + _google_app_password()),
    ("wallet seed phrase, prose", "restore the test wallet from: " + _bip_lines()),
    ("wallet seed phrase, env", 'MNEMONIC="' + _mnemonic(24) + '"'),
    ("wallet seed phrase, hardhat", "networks: { sepolia: { url: RPC_URL, accounts: { mnemonic: '"
     + _mnemonic(12) + "' } } }"),
    ("bitcoin wif key, importprivkey", "bitcoin-cli importprivkey " + _wif(compressed=False)
     + ' "cold" false'),
    ("bitcoin wif key, env", "BTC_PRIVATE_KEY=" + _wif(compressed=True)),
    ("solana keypair, id.json", "cat ~/.config/solana/id.json\n" + _solana_json()),
    ("solana keypair, base58 env", "SOLANA_PRIVATE_KEY=" + _r(88, BASE58)),
    # -- shells, databases, Windows ------------------------------------------------------
    ("powershell plaintext password, securestring", "$pw = ConvertTo-SecureString '" + _pw()
     + "' -AsPlainText -Force"),
    ("powershell plaintext password, pscredential", "$cred = New-Object "
     "System.Management.Automation.PSCredential('ACME\\svc_deploy', (ConvertTo-SecureString \""
     + _pw() + "\" -AsPlainText -Force))"),
    ("windows account password, net user", "net user svc_backup " + _pw() + " /add /y"),
    ("windows account password, cmdkey", "cmdkey /add:fs01.acme.local /user:ACME\\backup /pass:"
     + _pw()),
    ("windows account password, net use", "net use Z: \\\\fs01\\share /user:ACME\\ada " + _pw()),
    ("sql password statement, create user", "CREATE USER 'report'@'%' IDENTIFIED BY '" + _pw()
     + "';"),
    ("sql password statement, alter role", "ALTER ROLE app WITH LOGIN PASSWORD '" + _pw() + "';"),
    ("sql password statement, sql server login", "CREATE LOGIN etl WITH PASSWORD = '" + _pw()
     + "', CHECK_POLICY = OFF;"),
    ("archive passphrase, zip", "zip -r -P " + _r(14) + " export.zip export/"),
    ("archive passphrase, 7z", "7z a -p" + _r(14) + " -mhe=on backup.7z data/"),
    ("archive passphrase, gpg", "gpg --batch --pinentry-mode loopback --passphrase '" + _pw()
     + "' -d secrets.tar.gpg | tar x"),
    # -- tokens in URLs and cookies ------------------------------------------------------
    ("token in url query, access_token", "https://graph.acme.io/v2/me?fields=id,name"
     "&access_token=" + _r(40)),
    ("token in url query, api_key", "GET https://api.acme-weather.io/v1/forecast?lat=52.5"
     "&lon=13.4&api_key=" + _r(32, HEX)),
    ("token in url query, webhook trigger", "https://ci.acme.io/generic-webhook-trigger/invoke"
     "?token=" + _r(32)),
    ("session cookie, header", "Cookie: sessionid=" + _r(32, LOWER_ALNUM) + "; csrftoken="
     + _r(32)),
    ("session cookie, curl", "curl -b '_gitlab_session=" + _r(32, HEX)
     + "' https://gitlab.acme.io/api/v4/user"),
    ("session cookie, express", "Cookie: connect.sid=s%3A" + _r(32, B64URL) + "."
     + _r(43, B64URL)),
    ("alchemy rpc url, env", "ETH_RPC_URL=https://eth-mainnet.g.alchemy.com/v2/"
     + _r(32, B64URL)),
    ("alchemy rpc url, hardhat", "networks: { mainnet: { url: "
     "'https://eth-mainnet.g.alchemy.com/v2/" + _r(32, B64URL) + "' } }"),
]


#: Families the writer was unsure of: the format is from memory and only partly confirmed,
#: or the value is a secret only by convention.  Listed so a miss on them is read with care.
UNSURE_FAMILIES: frozenset[str] = frozenset({
    "digitalocean spaces key",    # the DO00 opening of new Spaces keys: memory, not a rule
    "render api key",             # rnd_ + 32: memory
    "tailscale key",              # tskey-auth-k...CNTRL-...: the lengths are a guess
    "ngrok authtoken",            # 2 + 26 + _ + 21: memory
    "gitlab routable token",      # a newer format of the PAT; the .01 + 7 tail is from a rule
    "adyen api key",              # AQE...: the shape is approximate
    "aws bedrock api key",        # ABSK + base64 of the key name: the inner text is a guess
    "bitbucket access token",     # ATCTT3xFfGN0 by analogy with ATATT3xFfGF0
    "azure app configuration connection string",  # the Id= shape is approximate
    "pagerduty api key",          # the routing key sample is an events key, not a REST key
    "alchemy rpc url",            # a key in a URL path; many treat these as semi-public
    "snmp community",             # shared, weak, yet a credential
    "htpasswd line",              # hashes, not passwords: crackable, so refused here
    "shadow entry",               # as above
    "cisco device password",      # type 7 is reversible; type 5 is an md5-crypt hash
    "encrypted pem private key",  # encrypted, yet no scanner lets a private key block through
    "session cookie",             # live sessions, but short-lived
})


# -- ordinary text ---------------------------------------------------------------------------

_SHA = [_r(40, HEX) for _ in range(8)]

#: Entries of FRESH_ORDINARY that a careful scanner could reasonably refuse: documented
#: example keys, public keys and client-side identifiers, encrypted blobs, weak defaults.
#: They are meant to pass, but a refusal of one of them is a judgement call, not a bug.
DEBATABLE: list[str] = [
    # AWS's documented example pair, in every AWS guide; a scanner may refuse it on sight.
    "aws_access_key_id = AK" + "IAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY",
    # The well-known default password of a local dev database: weak, public, still a value.
    "POSTGRES_PASSWORD=postgres in docker-compose.dev.yml; the dev db is not reachable",
    "SECRET_KEY=changeme   # the chart refuses to start in production with this value",
    # Publishable (client-side) keys: public by design, but key-shaped.
    "STRIPE_PUBLISHABLE_KEY=pk" + "_live_" + _r(99),
    "mapboxgl.accessToken = 'pk." + _r(60) + "." + _r(22, B64URL) + "';",
    "Sentry.init({ dsn: 'https://" + _r(32, HEX) + "@o" + _r(6, DIGITS)
    + ".ingest.sentry.io/" + _r(7, DIGITS) + "' })",
    "analytics.load('" + _r(32) + "')  // Segment write key, shipped to every browser",
    # Ciphertext: useless without the key, but some teams forbid pasting it anyway.
    "db_password: ENC[AES256_GCM,data:" + _r(24, B64) + ",iv:" + _r(43, B64) + "=,tag:"
    + _r(22, B64) + "==,type:str]",
    "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_r(80, HEX) for _ in range(3)),
    "encryptedData:\n    password: AgB" + _r(120, B64) + "==",
    "config:\n  app:dbPassword:\n    secure: v1:" + _r(16, B64) + ":" + _r(44, B64),
    # A placeholder with the length and alphabet of a real key.
    "GITHUB_TOKEN=gh" + "p_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "OPENAI_API_KEY=sk-..." ,
    "password: hunter2 (the example from the old joke, used in the validator's docstring)",
]

#: Text that talks about tokens, keys, passwords and hashes without holding one.
FRESH_ORDINARY: list[str] = [
    # -- commit ids and ledger evidence ------------------------------------------------
    "evidence: git:" + _SHA[0],
    "Decided to keep pygit2; evidence git:" + _SHA[1] + " and git:" + _SHA[2][:12],
    "Reverted " + _SHA[3][:7] + " because the token cache raced with logout",
    "merge-base of main and w-auth is " + _SHA[4],
    "git log --format=%H -3\n" + "\n".join(_SHA[5:8]),
    "tree " + _r(40, HEX) + "\nparent " + _r(40, HEX)
    + "\nauthor Ada <ada@acme.io> 1733300000 +0000",
    "range " + _r(7, HEX) + ".." + _r(7, HEX) + " touches only docs/",
    "Change-Id: I" + _r(40, HEX),
    "refs/notes/ledger points at " + _r(40, HEX) + " after the fetch",
    "bisect: first bad commit is " + _r(40, HEX) + " (rotate signing key on startup)",
    "git cat-file -p " + _r(40, HEX) + ":gitledger/core/model.py",
    "the blob " + _r(64, HEX) + " is the sha256 object id in the sha256 test repo",
    # -- identifiers ---------------------------------------------------------------------
    "request_id=" + _uuid() + " status=401 reason=expired_token",
    "metadata:\n  name: api-7d9f8b6c5-x2kqp\n  uid: " + _uuid(),
    "idempotency key " + _uuid() + " was reused by the retry, as intended",
    "tenant_id = \"" + _uuid() + "\"  # Azure AD tenant, not a secret",
    "subscription: " + _uuid() + " (acme-prod)",
    "client_id=" + _uuid() + " is the app registration's public id",
    "terraform import aws_iam_role.deploy deploy-role  # lineage " + _uuid(),
    "AWS account 123456789012, role arn:aws:iam::123456789012:role/ci-readonly",
    "/subscriptions/" + _uuid() + "/resourceGroups/prod/providers/Microsoft.KeyVault/vaults/"
    "acme-kv",
    "Jira AUTH-1432: token refresh fails after 30 days",
    "PR #2281 (feat/rotate-keys) is ready for review",
    "ETH address 0x" + _r(40, HEX) + " receives the testnet faucet funds",
    "bc1q" + _r(38, "023456789acdefghjklmnpqrstuvwxyz") + " is the cold wallet's receive address",
    "MAC 3c:22:fb:" + _r(2, HEX) + ":" + _r(2, HEX) + ":" + _r(2, HEX) + " on the build box",
    "IPv6 2001:db8:85a3::8a2e:370:7334 is the documentation prefix",
    "Apple team id " + _r(10, UPPER_DIGITS) + ", bundle io.acme.ledger",
    # -- lockfiles and digests -------------------------------------------------------------
    '{file = "cryptography-43.0.1-cp39-abi3-manylinux_2_28_x86_64.whl", hash = "sha256:'
    + _r(64, HEX) + '"},',
    'checksum = "' + _r(64, HEX) + '"',
    "golang.org/x/crypto v0.28.0 h1:" + _r(43, B64) + "=",
    "golang.org/x/crypto v0.28.0/go.mod h1:" + _r(43, B64) + "=",
    'resolved "https://registry.yarnpkg.com/jsonwebtoken/-/jsonwebtoken-9.0.2.tgz#'
    + _r(40, HEX) + '"',
    "  integrity: sha512-" + _b64(64),
    "bcrypt==4.2.0 --hash=sha256:" + _r(64, HEX),
    '"narHash": "sha256-' + _r(43, B64) + '=",',
    '"shasum": "' + _r(40, HEX) + '"',
    "image: ghcr.io/acme/api@sha256:" + _r(64, HEX),
    "docker pull redis@sha256:" + _r(64, HEX),
    '"config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": "sha256:'
    + _r(64, HEX) + '", "size": 7023}',
    "cache key: v3-deps-{{ checksum \"poetry.lock\" }} resolved to v3-deps-" + _r(64, HEX),
    '<script src="https://cdn.acme.io/app.js" integrity="sha384-' + _r(64, B64)
    + '" crossorigin="anonymous"></script>',
    "sha256sum dist/gitledger-0.1.0.tar.gz\n" + _r(64, HEX) + "  dist/gitledger-0.1.0.tar.gz",
    "kubeadm printed --discovery-token-ca-cert-hash sha256:" + _r(64, HEX)
    + " (the CA's public key hash; the token itself is in the vault)",
    # -- public keys and fingerprints ------------------------------------------------------
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _r(300, B64) + " ci@acme",
    "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
    "ED25519 key fingerprint is SHA256:" + _r(43, B64) + ".",
    "gpg: using RSA key " + _r(40, UPPER_HEX) + " (signing subkey)",
    "age recipient age1" + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") + " encrypts the backups",
    "[Peer]\nPublicKey = " + _b64(32) + "\nAllowedIPs = 10.8.0.0/24",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBF" + _r(60, B64),
    "-----BEGIN CERTIFICATE REQUEST-----\nMIICvDCCAaQCAQAwdzELMAkGA1UEBhMCREUx" + _r(40, B64),
    "certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMvakNDQWVhZ0F3"
    + _r(60, B64),
    "caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t" + _r(40, B64) + "  # public CA, fine",
    "TLS cert SHA-256 fingerprint 5E:" + ":".join(_r(2, UPPER_HEX) for _ in range(31)),
    "JWKS key: {\"kty\": \"RSA\", \"kid\": \"" + _r(16, HEX) + "\", \"use\": \"sig\", "
    "\"alg\": \"RS256\", \"e\": \"AQAB\", \"n\": \"" + _r(86, B64URL) + "\"}",
    # -- base64 and encodings of harmless things --------------------------------------------
    "favicon inlined as data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9h"
    "AAAAGElEQVQ4jWNgGAWjYBSMglEwCkbBwAAAAAD//wMAEAABUcDIhgAAAABJRU5ErkJggg==",
    "font: url(data:font/woff2;base64,d09GMgABAAAAAA" + _r(60, B64) + ") format('woff2')",
    "the test vector: base64('" + "gitledger decision record v1" + "') = "
    + _b64s("gitledger decision record v1"),
    "decoded the cursor " + _b64s('{"after": "2026-11-30T12:00:00Z", "id": 48213}')
    + " to debug paging",
    "protobuf fixture CAESBGFjbWUaBmxlZGdlcg== decodes to id=1, org=acme, repo=ledger",
    "the header " + _b64s('{"alg":"RS256","typ":"JWT","kid":"2024-11"}').rstrip("=")
    + " alone says which JWKS key signed it",
    "Content-Transfer-Encoding: base64\n\n" + _b64s("Hello Ada, your report is attached."),
    "urlsafe b64 of 16 zero bytes is AAAAAAAAAAAAAAAAAAAAAA",
    # -- colours, versions, paths, URLs -------------------------------------------------------
    "brand colours: --primary: #1f6feb; --danger: #cf222e; --muted: #8b949e",
    "background: rgba(13, 17, 23, 0.92); border-color: #30363dcc",
    "bumped pygit2 from 1.15.1 to 1.16.0 and click to 8.1.8",
    "requires-python >= 3.11; tested on 3.11.10, 3.12.7 and 3.13.0rc3",
    "version 2.0.0-beta.3+build.5114af1 was tagged by mistake",
    "gitledger/core/credentials_test_fixtures/ holds no real keys, only shapes",
    "~/.config/gitledger/config.toml and $XDG_STATE_HOME/gitledger/log",
    "C:\\Users\\ada\\AppData\\Roaming\\gitledger\\keys.json is where Windows keeps the cache",
    "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure",
    "https://acme.atlassian.net/browse/SEC-112?focusedCommentId=48211",
    "https://storage.googleapis.com/acme-public/releases/ledger-0.1.0.tar.gz",
    "postgres://db.internal:5432/app?sslmode=verify-full (credentials from the pgpass file)",
    "redis://cache.internal:6379/0 with no auth on the dev network",
    "amqp://rabbit.internal:5672/%2F, user and password from the mounted secret",
    "jdbc:postgresql://db.internal:5432/app?ssl=true&sslfactory=org.postgresql.ssl.DefaultJavaSSLFactory",
    "git clone git@github.com:acme/ledger.git",
    "https://ada@git.acme.io/core/api.git asks for the password interactively",
    # -- placeholders that are plainly placeholders ----------------------------------------
    "API_TOKEN=<YOUR_TOKEN>",
    "Authorization: Bearer <token>",
    "export STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:?missing}",
    "password: \"{{ vault_db_password }}\"",
    "DB_PASSWORD=${DB_PASSWORD}",
    "token = \"xxxx-xxxx-xxxx-xxxx\"",
    "client_secret: '<redacted>'",
    "SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXX/YYY/ZZZ",
    "api_key = \"...\"  # filled in by the deploy job",
    "PrivateKey = <contents of /etc/wireguard/private.key>",
    "machine api.acme.io login ci password $NETRC_PASSWORD",
    "docker login -u ci -p \"$REGISTRY_PASSWORD\" registry.acme.io",
    "spring.datasource.password=${DB_PASSWORD}",
    "define( 'DB_PASSWORD', getenv('WORDPRESS_DB_PASSWORD') );",
    "sasl.jaas.config=... username=\"${KAFKA_KEY}\" password=\"${KAFKA_SECRET}\";",
    "REDIS_URL=redis://:${REDIS_PASSWORD}@cache.internal:6379/0",
    "CREATE USER app IDENTIFIED BY :app_password  -- bound from the secret at run time",
    "otpauth://totp/Acme:{email}?secret={secret}&issuer=Acme is the template, filled per user",
    # -- talk about secrets ----------------------------------------------------------------
    "Decided: the Dynatrace token moves to the secret store; the env file only names it",
    "Rotated the Sentry auth token after the contractor left; nothing else was exposed",
    "The WireGuard private key never leaves the host; only the public key is in the repo",
    "We chose Argon2id (m=64 MiB, t=3, p=4) over bcrypt cost 12 for new password hashes",
    "the htpasswd file is generated at deploy time from the vault and is not committed",
    "Kerberos keytabs are mounted from a Secret, never baked into the image",
    "TOTP seeds are stored encrypted with the KMS key alias/mfa-seeds",
    "A leaked kubeadm bootstrap token is only good for 24 hours, but we rotate anyway",
    "Dropped: sharing one PagerDuty API key across teams; each team gets its own",
    "The seed phrase for the test wallet is in the team vault under crypto/test-wallet",
    "session cookies are HttpOnly, Secure, SameSite=Lax and expire after 8 hours",
    "The webhook signing secret is compared in constant time (hmac.compare_digest)",
    "Tokens are hashed with SHA-256 before storage, so a DB dump does not leak them",
    "PKCE replaces the client secret for the mobile app",
    "the API returns 401 with WWW-Authenticate: Bearer error=\"invalid_token\"",
    "refresh_token_rotation: true and reuse_interval: 0 in the Auth0 tenant settings",
    "Secret scanning alert #41 was a false positive: a test fixture of the right shape",
    "Removed the .env from git history with git filter-repo and rotated every key in it",
    "Password policy: 14 characters minimum, checked against the breached-password list",
    "a Cisco type 7 password is reversible; we switched the routers to type 8 hashes",
    "The SNMP community strings are now per site and read-only",
    "We keep the Ansible vault password in the CI secret store, not in the repo",
    # -- code, tests, config keys without values -------------------------------------------
    "def test_rejects_expired_refresh_token(client, frozen_clock):",
    "tests/auth/test_tokens.py::TestRotation::test_old_key_still_verifies_for_grace_period PASSED",
    "FAILED tests/core/test_keys.py::test_load_private_key_from_env - KeyError: 'SIGNING_KEY'",
    "class PasswordResetTokenGenerator(BaseTokenGenerator):",
    "const tokenBucket = new TokenBucket({ capacity: 100, refillPerSecond: 10 });",
    "fn verify_signature(public_key: &VerifyingKey, msg: &[u8], sig: &Signature) -> bool",
    "private static final String API_KEY_HEADER = \"X-Api-Key\";",
    "if not hmac.compare_digest(expected_sig, request.headers['X-Hub-Signature-256']):",
    "SESSION_COOKIE_AGE = 60 * 60 * 8",
    "keyring.get_password('gitledger', 'github')",
    "secretKeyRef:\n  name: db-credentials\n  key: password",
    "valueFrom:\n  secretKeyRef: {name: api-keys, key: stripe}",
    "envFrom:\n  - secretRef:\n      name: app-secrets",
    "--from-env-file=.env.production is read by the deploy script, never committed",
    "vault kv put secret/api stripe_key=@stripe.key",
    "op read op://Engineering/Stripe/secret_key",
    "gcloud secrets versions access latest --secret=db-password",
    "aws ssm get-parameter --name /prod/api/token --with-decryption",
    "az keyvault secret show --vault-name acme-kv --name db-password --query value -o tsv",
    "sops --encrypt --kms arn:aws:kms:eu-west-1:123456789012:key/" + _uuid() + " secrets.yaml",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub",
    "wg pubkey < private.key > public.key",
    "openssl rand -base64 32 > /run/secrets/session_key",
    "htpasswd -B -C 12 /etc/nginx/.htpasswd ada   # prompts for the password",
    "tailscale up --authkey=file:/run/secrets/ts_authkey",
    "ngrok config add-authtoken $NGROK_AUTHTOKEN",
    "kubeadm token create --ttl 2h --print-join-command",
    "feature flag rotate_signing_keys_v2 is on for 10% of tenants",
    "FEATURE_PASSWORDLESS_LOGIN=true",
    "max_token_age_seconds: 900",
    "token_endpoint_auth_method: private_key_jwt",
    "PASSWORD_HASH_ALGORITHM=argon2id",
    "jwt:\n  issuer: https://sso.acme.io\n  audience: ledger-api\n  algorithms: [RS256]",
    "cron: 17 3 * * 1  /usr/local/bin/rotate-keys --dry-run",
    "0 */6 * * * /opt/acme/bin/refresh-tokens >> /var/log/refresh.log 2>&1",
    "kubectl rollout restart deployment/token-service -n auth",
    "secret/db-credentials configured",
    "deployment.apps/api-gateway-secrets-sync created",
    "configmap/keycloak-realm-export unchanged",
    "TokenRefreshScheduler.scheduleNextRefreshForExpiringCredentialsAcrossAllTenants",
    "com.acme.auth.internal.credentials.rotation.DefaultCredentialRotationPolicyFactory",
    # -- logs and traces ---------------------------------------------------------------------
    "Traceback (most recent call last):\n  File \"/app/auth/tokens.py\", line 88, in refresh\n"
    "    raise TokenExpired(token_id)\nauth.errors.TokenExpired: token 48213 expired at "
    "2026-12-01T09:00:00Z",
    "at com.acme.auth.KeyStoreLoader.load(KeyStoreLoader.java:142)\n"
    "at com.acme.auth.Bootstrap.main(Bootstrap.java:37)",
    "panic: runtime error: invalid memory address or nil pointer dereference\n"
    "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x" + _r(7, HEX) + "]",
    "Segmentation fault at 0x00007f" + _r(10, HEX) + " in libssl.so.3",
    "2026-12-03T14:02:11.482Z WARN auth: password attempt failed user=ada ip=10.0.4.17 "
    "attempt=3",
    "level=info msg=\"token refreshed\" subject=svc-ledger expires_in=3600 "
    "trace_id=" + _r(32, HEX),
    "nginx: [warn] \"ssl_stapling\" ignored, issuer certificate not found",
    "ERROR: permission denied for table api_keys (SQLSTATE 42501)",
    "HTTP/1.1 403 Forbidden\nx-request-id: " + _uuid() + "\ncontent-type: application/json",
    # -- long hex and random-looking but harmless ---------------------------------------------
    "commit message hash check: " + _r(64, HEX) + " matches the signed manifest",
    "content-addressed cache entry objects/" + _r(2, HEX) + "/" + _r(62, HEX),
    "build id " + _r(40, HEX) + " from the ELF .note.gnu.build-id",
    "s3://acme-artifacts/builds/" + _r(40, HEX) + "/ledger-linux-amd64.tar.gz",
    "the nonce in the CSP header is regenerated per response (16 random bytes, base64)",
    "ulid 01JE" + _r(22, "0123456789ABCDEFGHJKMNPQRSTVWXYZ") + " orders the events",
    "sqids id " + _r(10) + " maps to order 48213",
    "Stripe event evt_" + _r(24) + " was delivered twice",
    "price_" + _r(24) + " is the monthly plan",
    "Slack channel C0" + _r(9, UPPER_DIGITS) + " and user U0" + _r(9, UPPER_DIGITS),
    "Twilio account SID AC" + _r(32, HEX) + " (the SID, not the auth token)",
    "Google Analytics G-" + _r(10, UPPER_DIGITS) + " on the docs site",
    # -- other languages ------------------------------------------------------------------------
    # Full-width punctuation and the Turkish dotless i are the point of these lines.
    "决定：API 密钥改由密钥管理服务保存，环境变量里只写名字，不写值。",  # noqa: RUF001
    "访问令牌的有效期为一小时，刷新令牌每次使用后轮换。",  # noqa: RUF001
    "パスワードは12文字以上。トークンはログに出さないこと。",
    "토큰이 만료되면 401을 반환하고 클라이언트가 갱신한다.",
    "Entscheidung: Das Passwort der Datenbank wird nur im Tresor gespeichert, nie im Repo.",
    "Décision : la clé API est renouvelée tous les 90 jours ; le jeton de session expire "
    "après 8 h.",
    "La contraseña del usuario de réplica se rota cada trimestre; ver el runbook.",
    "Ключ API хранится в Vault; в конфиге только путь к секрету.",
    "Şifre sıfırlama bağlantısı 15 dakika geçerlidir.",  # noqa: RUF001
    "Beslutning: hemmeligheder ligger i Key Vault, og nøglerne roteres automatisk.",
    # -- debatable entries, kept at the end and named in DEBATABLE --------------------------------
    *DEBATABLE,
]


# -- the split ---------------------------------------------------------------------------------


def family(kind: str) -> str:
    """The family of a kind: ``"netrc, multi-line"`` is of family ``"netrc"``."""
    return kind.split(",", 1)[0].strip()


#: kind -> family, for every kind of FRESH_SECRETS.
KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in FRESH_SECRETS}


def families() -> list[str]:
    """The families, in the order they first appear."""
    return list(dict.fromkeys(KIND_FAMILY.values()))


def halves() -> tuple[list[str], list[str]]:
    """The kinds split in two by family: tune on the first half, measure on the second.

    Every kind of a family falls in the same half, so a scanner tuned on one half has seen
    no sample of any family it is measured on.  The order of the families is fixed by a
    SHA-256 of their names (not by ``hash()``, which is salted per process), and they are
    dealt alternately, so both halves hold about as many families, from every section.
    """
    ordered = sorted(families(), key=lambda name: hashlib.sha256(name.encode()).hexdigest())
    first = set(ordered[0::2])
    tune = [kind for kind, fam in KIND_FAMILY.items() if fam in first]
    measure = [kind for kind, fam in KIND_FAMILY.items() if fam not in first]
    return tune, measure


def _self_check() -> None:
    kinds = [kind for kind, _ in FRESH_SECRETS]
    assert len(kinds) == len(set(kinds)), "a kind is listed twice"
    texts = [text for _, text in FRESH_SECRETS]
    assert len(texts) == len(set(texts)), "a secret text is listed twice"
    assert len(FRESH_ORDINARY) == len(set(FRESH_ORDINARY)), "an ordinary text is listed twice"
    sizes: dict[str, int] = {}
    for fam in KIND_FAMILY.values():
        sizes[fam] = sizes.get(fam, 0) + 1
    odd = {fam: n for fam, n in sizes.items() if not 2 <= n <= 3}
    assert not odd, f"families without 2-3 samples: {odd}"
    assert set(sizes) >= UNSURE_FAMILIES, UNSURE_FAMILIES - set(sizes)
    old = {family(kind) for kind, _ in SECRETS}
    clash = sorted(set(sizes) & old)
    assert not clash, f"families already in the first corpus: {clash}"
    tune, measure = halves()
    assert sorted(tune + measure) == sorted(kinds)
    assert not {KIND_FAMILY[k] for k in tune} & {KIND_FAMILY[k] for k in measure}


if __name__ == "__main__":
    _self_check()
    tune, measure = halves()
    print(f"fresh secrets: {len(FRESH_SECRETS)} samples, {len(families())} families")
    print(f"fresh ordinary: {len(FRESH_ORDINARY)} texts ({len(DEBATABLE)} debatable)")
    print(f"halves: {len(tune)} kinds / {len({KIND_FAMILY[k] for k in tune})} families to tune,"
          f" {len(measure)} kinds / {len({KIND_FAMILY[k] for k in measure})} families to measure")
    print(f"unsure families: {len(UNSURE_FAMILIES)}")
