"""A sixth credentials corpus, written blind, weighted to what people paste into an agent's chat.

Its author saw neither the scanner, its rules nor the samples of the five earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py``,
``credential_corpus_fourth.py``, ``credential_corpus_fifth.py``); only their family names, so
that every family here is new (``_self_check`` holds that), and the helpers and closing
structure of the fifth, so that the same measuring code runs on this one.  It is weighted
toward what people paste into an AI coding agent's conversation or a commit message:
environment listings, ``docker inspect``, ``kubectl describe`` and ``-o yaml`` output, ``git
config --list`` and package-manager config dumps, cloud CLI output, HTTP dumps (``curl -v``,
HAR, "copy as fetch"), connection errors that echo their DSN, CI logs whose masking failed and
crash reports; toward languages and formats the earlier corpora under-use (Perl, Lua, Haskell,
Scala and HOCON, Clojure, Julia, R, MATLAB, PowerShell DSC, Nix, Bazel, CMake, Gradle
properties, Helmfile, Jsonnet and CUE, systemd, web servers and proxies, VPNs, monitoring,
data pipelines, brokers and stores, directories, SAML and mobile signing); and toward tokens
of vendors from public secret-scanner lists that the earlier corpora do not name.  Most
families carry no vendor prefix (``VENDOR_FAMILIES`` names the rest).

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three or more ``(setting, text)`` samples placed as people paste them.
``SIXTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``SIXTH_ORDINARY``
    developer text that must pass, nearly all of it in the settings of the secrets: the same
    dumps, logs and configs with the secret masked, templated or fetched from a store, and
    the long random-looking public values that sit beside secrets there (digests, ETags, LFS
    oids, lock-file hashes, resource ids and versions, request and trace ids, fingerprints,
    public keys and certificates, signatures, public client ids and publishable keys).
    ``DEBATABLE`` names the entries a reasonable scanner could refuse; ``UNSURE_FAMILIES``
    the families a reasonable scanner could let through.
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator with the length and alphabet of their kind; distinctive
prefixes and PEM armour are split in the source, so no literal here is a real secret or
stops a push-protection scanner.  Templates name their values ``@@A`` .. ``@@Z`` (single
letters, so no key is a prefix of another); each sample draws fresh values.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import textwrap
from collections.abc import Callable

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, Values, family, split_by_family

_RNG = random.Random(66_2026_12_21)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
UPPER_HEX = HEX.upper()
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
NIX32 = "0123456789abcdfghijklmnpqrsvwxyz"
URL_SAFE_PW = ALNUM + "-_."
_WORDS = (
    "Harbor", "Juniper", "Maple", "Orchid", "Quartz", "Raven", "Saffron", "Thistle", "Umber",
    "Walnut", "Falcon", "Granite", "Hazel", "Indigo", "Lantern", "Marble", "Nimbus", "Otter",
)
_MONTHS = ("January", "March", "April", "August", "October", "December")
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


def _guid() -> str:
    h = _hex(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def _gen_pw(length: int = 20) -> str:
    """A generated password: letters, digits and symbols that survive a shell and a YAML."""
    return _s(length, ALNUM + "!#%+=_.^~")


def _url_pw(length: int = 18) -> str:
    """A generated password that needs no escaping inside a URL's userinfo."""
    return _s(length, URL_SAFE_PW)


def _human_pw() -> str:
    """A password a person chose, in one of the shapes that password policies breed."""
    shape = _RNG.randrange(3)
    if shape == 0:
        word = _RNG.choice(_WORDS)
        return f"{word}{_s(1, '_.-@!#')}{_s(_RNG.randint(3, 5), string.digits)}{_s(2, ALNUM)}"
    if shape == 1:
        month = _RNG.choice(_MONTHS)
        return f"{month}{_RNG.randint(2020, 2026)}{_s(1, '!#$*')}{_s(2, ALNUM)}"
    first, second = _RNG.sample(_WORDS, 2)
    return f"{first.lower()}{second}{_s(_RNG.randint(2, 3), string.digits)}{_s(1, '!?*%')}"


def _pem(label: str, der: bytes) -> str:
    """PEM armour around ``der``, lines of 64."""
    body = base64.b64encode(der).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"{_ARMOUR}BEGIN {label}{_ARMOUR}", *lines, f"{_ARMOUR}END {label}{_ARMOUR}"])


def _jwt(header: dict[str, object], claims: dict[str, object], sig_bytes: int) -> str:
    def enc(part: dict[str, object]) -> str:
        return _url64(json.dumps(part, separators=(",", ":")).encode())

    return f"{enc(header)}.{enc(claims)}.{_url64(sig_bytes)}"


def _d(text: str) -> str:
    """A template written indented in the source, dedented, without its opening newline."""
    return textwrap.dedent(text).lstrip("\n")


def _fam(name: str, half: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values`` into their template."""
    filled = []
    for setting, template in samples:
        text = template
        for key, value in values().items():
            text = text.replace(f"@@{key}", value)
        filled.append((setting, text))
    return Family(name, half, tuple(filled))


# DER shapes: the real headers, random material behind them.
_RSA_PKCS8_HEAD = bytes.fromhex(
    "308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100"
)
_EC_PKCS8_HEAD = bytes.fromhex(
    "308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420"
)
_EC_SEC1_HEAD = bytes.fromhex("30770201010420")
_RSA_SPKI_HEAD = bytes.fromhex(
    "30820122300d06092a864886f70d01010105000382010f003082010a0282010100"
)
_EC_SPKI_HEAD = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")
_P256_OID = bytes.fromhex("a00a06082a8648ce3d030107a144034200")


def _ec_pkcs8() -> bytes:
    return _EC_PKCS8_HEAD + _bytes(32) + bytes.fromhex("a14403420004") + _bytes(64)


def _ec_sec1() -> bytes:
    return _EC_SEC1_HEAD + _bytes(32) + _P256_OID + b"\x04" + _bytes(64)


def _rsa_pkcs8() -> bytes:
    return _RSA_PKCS8_HEAD + _bytes(1180)


def _aws_id(prefix: str = "AK" "IA") -> str:
    return prefix + _s(16, BASE32_UPPER)


def _aws_secret() -> str:
    return _s(40, B64)


def _basic(user: str) -> str:
    return _std64(f"{user}:{_url_pw()}".encode())


def _common() -> dict[str, str]:
    """The values most templates draw on: passwords, tokens and keys of several shapes."""
    return {
        "P": _human_pw(), "Q": _gen_pw(), "U": _url_pw(), "T": _s(40), "K": _s(32),
        "H": _hex(32), "S": _hex(64), "B": _std64(32), "F": _hex(40), "W": _url64(32),
        "G": _guid(), "O": _s(12, ALNUM + "#%+=_."), "A": _aws_id(), "C": _aws_secret(),
        "E": _basic(_RNG.choice(["deployer", "ci-bot", "svc_sync", "builder", "x-access-token"])),
        "J": _jwt({"alg": "HS256", "typ": "JWT"},
                  {"sub": str(_RNG.randint(1000, 99999)), "scope": "api",
                   "iat": 1718000000, "exp": 1718086400}, 32),
    }


def _with(**gens: Callable[[], str]) -> Values:
    """The common values, with ``gens`` drawn afresh for each sample on top."""

    def values() -> dict[str, str]:
        out = _common()
        out.update({key: gen() for key, gen in gens.items()})
        return out

    return values


def _rs_jwt(claims: dict[str, object]) -> str:
    return _jwt({"alg": "RS256", "typ": "JWT", "kid": _s(43, B64URL)}, claims, 256)


def _session_token() -> str:
    return "IQoJb3JpZ2lu" "X2VjE" + _s(_RNG.randint(560, 700), B64) + "="


def _ecr_password() -> str:
    doc = {"payload": _std64(700), "datakey": _std64(280), "version": "2",
           "type": "DATA_KEY", "expiration": 1718043200}
    return _std64(json.dumps(doc, separators=(",", ":")).encode())


def _azure_secret() -> str:
    return _s(3, ALNUM) + "8Q" "~" + _s(31, ALNUM + "_~.-")


def _pem_ec() -> str:
    return _pem("EC PRIVATE KEY", _ec_sec1())


def _pem_pkcs8() -> str:
    return _pem("PRIVATE KEY", _ec_pkcs8())


def _escaped(pem: str) -> str:
    return pem.replace("\n", "\\n")


def _wrap(text: str, width: int = 64) -> str:
    return "\n".join(text[i : i + width] for i in range(0, len(text), width))


def _elastic_api_key() -> str:
    return _std64(f"{_s(20, B64URL)}:{_s(22, B64URL)}".encode())


def _elastic_service_token() -> str:
    raw = b"\x00\x01\x00\x01elastic/kibana/kibana-prod:" + _s(22, B64URL).encode()
    return _url64(raw)


def _elastic_enrollment() -> str:
    doc = {"ver": "8.14.1", "adr": ["10.20.4.11:9200"], "fgr": _hex(64),
           "key": f"{_s(20, B64URL)}:{_s(22, B64URL)}"}
    return _std64(json.dumps(doc, separators=(",", ":")).encode())


def _qstash_token() -> str:
    doc = {"UserID": _guid(), "Password": _hex(32)}
    return _std64(json.dumps(doc, separators=(",", ":")).encode())


def _mongo_keyfile() -> str:
    return _wrap(_std64(756), 76)


FAMILIES: list[Family] = [
    # ---- environment listings and process tables ----
    _fam(
        "printenv dump secret", "A", _with(),
        ("printenv sorted", _d("""
            $ printenv | sort
            HOME=/home/deploy
            HOSTNAME=orders-api-7d9f8c6b5-x2kqp
            LANG=C.UTF-8
            ORDERS_DB_PASSWORD=@@Q
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin
            PYTHONUNBUFFERED=1
            SHLVL=1
            """)),
        ("env in a bug report", "Here is `env` from inside the container, in case it helps:\n\n"
         "```\nNODE_ENV=production\nPORT=8080\nSESSION_SECRET=@@T\nLOG_LEVEL=info\n```\n"),
        ("bash set output", _d("""
            BASH=/bin/bash
            BASHOPTS=checkwinsize:cmdhist:complete_fullquote:expand_aliases
            HISTSIZE=1000
            PAYMENTS_API_TOKEN=@@K
            PPID=2211
            PWD=/srv/payments
            """)),
        ("export -p output", 'declare -x HOME="/root"\ndeclare -x MQ_PASS="@@U"\n'
         'declare -x OLDPWD="/etc"\ndeclare -x TERM="xterm-256color"\n'),
    ),
    _fam(
        "windows environment listing secret", "B", _with(),
        ("cmd set output", _d(r"""
            C:\Users\svc_build>set
            ALLUSERSPROFILE=C:\ProgramData
            APPDATA=C:\Users\svc_build\AppData\Roaming
            BUILD_SIGNING_PASSWORD=@@P
            COMPUTERNAME=BLD-WIN-04
            ComSpec=C:\Windows\system32\cmd.exe
            """)),
        ("Get-ChildItem Env: table", _d(r"""
            PS C:\> Get-ChildItem Env: | Format-Table -AutoSize

            Name                  Value
            ----                  -----
            APPDATA               C:\Users\svc_report\AppData\Roaming
            REPORTING_SQL_PWD     @@Q
            USERDOMAIN            CORP
            """)),
        ("runner Format-List dump", _d("""
            Run gci env: | Format-List
            Name  : RUNNER_OS
            Value : Windows

            Name  : NUGET_FEED_PASSWORD
            Value : @@U
            """)),
    ),
    _fam(
        "process listing argument secret", "A", _with(),
        ("ps aux line", "app   1423  2.1  1.3 912340 108412 ?  Ssl  09:12   3:01 /usr/bin/java "
         "-jar /opt/billing/billing.jar --spring.datasource.password=@@Q\n"),
        ("proc cmdline", "$ cat /proc/2231/cmdline | tr '\\0' ' '\n/opt/pg_exporter/bin/pg_exporter"
         " --db.user=monitor --db.password=@@U --web.listen-address=:9187\n"),
        ("wmic commandline", "CommandLine\n\"C:\\Program Files\\Vault Backup\\agent.exe\" "
         "/server backup01 /user svc_backup /pass @@P\n"),
        ("top -c row", "  PID USER   PR  NI    VIRT    RES  %CPU COMMAND\n 8812 etl    20   0  "
         "412m    88m  97.0 python3 sync.py --api-token @@T --since 2024-06-01\n"),
    ),
    # ---- containers and clusters ----
    _fam(
        "docker inspect env secret", "B", _with(),
        ("inspect format json", "$ docker inspect --format '{{json .Config.Env}}' billing-api\n"
         '["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin","DB_HOST=pg-primary",'
         '"DB_PASSWORD=@@Q","NODE_VERSION=20.14.0"]\n'),
        ("inspect config excerpt", _d("""
                    "Config": {
                        "Hostname": "4f2a9c1e7b3d",
                        "Env": [
                            "RABBITMQ_DEFAULT_USER=orders",
                            "RABBITMQ_DEFAULT_PASS=@@U",
                            "PATH=/opt/rabbitmq/sbin:/usr/local/sbin:/usr/local/bin"
                        ],
            """)),
        ("crictl inspect envs", _d("""
                  "envs": [
                    {
                      "key": "JWT_SIGNING_KEY",
                      "value": "@@T"
                    },
            """)),
        ("compose config rendered", _d("""
            $ docker compose config
            name: ledger
            services:
              db:
                environment:
                  POSTGRES_DB: ledger
                  POSTGRES_PASSWORD: @@Q
                image: postgres:16.3
            """)),
    ),
    _fam(
        "image build history secret", "A", _with(),
        ("docker history no-trunc", "$ docker history --no-trunc shop/api:1.8.2 | head -3\n"
         "IMAGE          CREATED BY\n<missing>      RUN |2 REPO_USER=ci REPO_PASS=@@U /bin/sh -c "
         "pip install -r requirements.txt\n"),
        ("buildkit progress log", "#7 [builder 3/7] RUN pip install --extra-index-url "
         "https://ci:@@U@pypi.internal.example/simple -r requirements.txt\n#7 1.942 Looking in "
         "indexes: https://pypi.org/simple\n"),
        ("image inspect cmd", '"Cmd": [\n    "/bin/sh",\n    "-c",\n'
         '    "#(nop) ENV LICENSE_SERVER_KEY=@@K"\n],\n'),
    ),
    _fam(
        "kubectl describe environment secret", "B", _with(),
        ("describe pod", _d("""
            Containers:
              api:
                Image:          registry.example.com/shop/api:1.42.0
                Port:           8080/TCP
                Environment:
                  DATABASE_HOST:      postgres.db.svc.cluster.local
                  DATABASE_PASSWORD:  @@Q
                  REDIS_URL:          <set to the key 'url' in secret 'redis'>  Optional: false
            """)),
        ("set env list", "$ kubectl set env deployment/worker --list\n"
         "# Deployment worker, container worker\nQUEUE_USER=worker\nQUEUE_PASSWORD=@@U\n"),
        ("exec env", "$ kubectl exec -n payments deploy/gateway -- env | grep -i key\n"
         "SIGNING_KEY=@@S\n"),
    ),
    _fam(
        "configmap data secret", "A", _with(),
        ("get cm yaml", _d("""
            apiVersion: v1
            data:
              application.properties: |
                spring.datasource.url=jdbc:postgresql://pg:5432/orders
                spring.datasource.password=@@Q
            kind: ConfigMap
            metadata:
              name: orders-config
              namespace: shop
              resourceVersion: "48213377"
              uid: @@G
            """)),
        ("describe configmap", _d("""
            Name:         api-env
            Namespace:    default
            Labels:       app=api

            Data
            ====
            SMTP_PASS:
            ----
            @@P
            """)),
        ("create from-literal", "kubectl -n ops create configmap exporter-env "
         "--from-literal=ADMIN_TOKEN=@@T --from-literal=LOG_LEVEL=debug\n"),
    ),
    _fam(
        "last-applied annotation secret", "B", _with(X=lambda: _std64(_s(40).encode())),
        ("get secret yaml annotation", _d("""
            metadata:
              annotations:
                kubectl.kubernetes.io/last-applied-configuration: |
            """) + '      {"apiVersion":"v1","kind":"Secret","metadata":{"annotations":{},'
         '"name":"db-creds","namespace":"prod"},"stringData":{"password":"@@Q",'
         '"username":"app"},"type":"Opaque"}\n'),
        ("view-last-applied", "$ kubectl apply view-last-applied secret/smtp -o yaml\n"
         "apiVersion: v1\nkind: Secret\nmetadata:\n  name: smtp\nstringData:\n"
         "  SMTP_PASSWORD: @@P\n"),
        ("json annotation", '"kubectl.kubernetes.io/last-applied-configuration": "{\\"apiVersion'
         '\\":\\"v1\\",\\"data\\":{\\"token\\":\\"@@X\\"},\\"kind\\":\\"Secret\\"}\\n"\n'),
    ),
    _fam(
        "helm get values dump", "A", _with(),
        ("get values", _d("""
            $ helm get values keycloak -n auth
            USER-SUPPLIED VALUES:
            auth:
              adminPassword: @@P
              adminUser: admin
            postgresql:
              auth:
                password: @@Q
            """)),
        ("get values json", "$ helm get values api -o json\n"
         '{"image":{"tag":"2.3.1"},"secrets":{"jwtSecret":"@@T"}}\n'),
        ("dry-run computed values", _d("""
            COMPUTED VALUES:
            redis:
              auth:
                enabled: true
                password: @@U
              architecture: standalone
            """)),
    ),
    _fam(
        "terraform plan output secret", "B", _with(),
        ("plan create", _d("""
              # aws_db_instance.reporting will be created
              + resource "aws_db_instance" "reporting" {
                  + allocated_storage = 100
                  + engine            = "postgres"
                  + password          = "@@Q"
                  + username          = "reporting"
                }
            """)),
        ("output json", '$ terraform output -json\n{\n  "admin_password": {\n'
         '    "sensitive": false,\n    "type": "string",\n    "value": "@@P"\n  }\n}\n'),
        ("console nonsensitive", "> nonsensitive(var.splunk_token)\n\"@@G\"\n"),
    ),
    _fam(
        "ansible verbose output secret", "A", _with(),
        ("module args", _d("""
            changed: [db01] => {
                "changed": true,
                "invocation": {
                    "module_args": {
                        "login_user": "postgres",
                        "name": "reporting",
                        "password": "@@P",
            """)),
        ("loop item", "ok: [web1] => (item={'name': 'deploy', 'password': '@@Q', "
         "'groups': 'wheel'})\n"),
        ("extra vars in log", "TASK [Gathering Facts] ******\n"
         "<10.0.2.4> ESTABLISH SSH CONNECTION FOR USER: ansible\n"
         "ansible-playbook site.yml -i inventories/prod -e db_password=@@U\n"),
    ),
    # ---- git and package managers ----
    _fam(
        "git remote url token", "B", _with(),
        ("git remote -v", "origin\thttps://deploy-bot:@@T@git.example.com/platform/api.git "
         "(fetch)\n"
         "origin\thttps://deploy-bot:@@T@git.example.com/platform/api.git (push)\n"),
        ("unable to access", "fatal: unable to access 'https://ci:@@U@gitea.internal.example/"
         "ops/infra.git/': Could not resolve host: gitea.internal.example\n"),
        ("gitmodules url", '[submodule "common"]\n\tpath = vendor/common\n'
         "\turl = https://builder:@@K@bitbucket.example.com/scm/lib/common.git\n"),
    ),
    _fam(
        "git config extraheader secret", "A", _with(),
        ("config list", "user.name=CI\nhttp.https://git.example.com/.extraheader=AUTHORIZATION: "
         "basic @@E\ncore.autocrlf=input\n"),
        ("dot git config", '[http "https://git.example.com/"]\n\textraheader = Authorization: '
         "Bearer @@T\n"),
        ("checkout step log", "[command]/usr/bin/git config --local "
         "http.https://git.example.com/.extraheader AUTHORIZATION: basic @@E\n"),
        ("config parameters env", "GIT_CONFIG_PARAMETERS=\"'http.extraHeader=Authorization: "
         "token @@F'\"\n"),
    ),
    _fam(
        "package manager config dump secret", "B", _with(X=lambda: _std64(_url_pw().encode())),
        ("npm config list", _d("""
            ; "user" config from /home/dev/.npmrc

            //npm.internal.example/:_password = "@@X"
            //npm.internal.example/:username = "builder"
            registry = "https://npm.internal.example/"
            """)),
        ("pip config list", "$ pip config list\nglobal.index-url='https://builder:@@U"
         "@pypi.internal.example/simple'\nglobal.timeout='60'\n"),
        ("poetry config list", 'cache-dir = "/home/dev/.cache/pypoetry"\n'
         'http-basic.internal.password = "@@U"\nhttp-basic.internal.username = "builder"\n'),
        ("conda channels", "$ conda config --show channels\nchannels:\n"
         "  - https://conda.internal.example/t/@@K/main\n  - defaults\n"),
    ),
    # ---- cloud CLIs ----
    _fam(
        "aws cli credential output", "A",
        _with(A=lambda: _aws_id("AS" "IA"), X=_session_token, Y=_ecr_password),
        ("export-credentials env", "$ aws configure export-credentials --format env\n"
         "export AWS_ACCESS_KEY_ID=@@A\nexport AWS_SECRET_ACCESS_KEY=@@C\n"
         "export AWS_SESSION_TOKEN=@@X\n"),
        ("sts assume-role json", '{\n    "Credentials": {\n        "AccessKeyId": "@@A",\n'
         '        "SecretAccessKey": "@@C",\n        "SessionToken": "@@X",\n'
         '        "Expiration": "2024-06-12T18:04:11+00:00"\n    }\n}\n'),
        ("ecr get-login-password", "$ aws ecr get-login-password --region eu-west-1\n@@Y\n"),
    ),
    _fam(
        "gcloud cli credential output", "B",
        _with(X=lambda: "1/" "/0" + _s(2, ALNUM) + _s(100, B64URL),
              Y=lambda: "ya" "29." + _s(220, B64URL), Z=lambda: _s(24, B64URL)),
        ("adc json", _d("""
            $ cat ~/.config/gcloud/application_default_credentials.json
            {
              "client_id": "32555940559.apps.googleusercontent.com",
              "client_secret": "@@Z",
              "refresh_token": "@@X",
              "type": "authorized_user"
            }
            """)),
        ("print-access-token", "$ gcloud auth print-access-token\n@@Y\n"),
        ("secrets versions access", "$ gcloud secrets versions access latest "
         "--secret=orders-db-password\n@@Q\n"),
    ),
    _fam(
        "azure cli secret output", "A",
        _with(X=_azure_secret, Y=lambda: _rs_jwt(
            {"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/x/",
             "oid": _guid(), "exp": 1718003600}), Z=lambda: _std64(64)),
        ("create-for-rbac", '{\n  "appId": "@@G",\n  "displayName": "gh-deployer",\n'
         '  "password": "@@X",\n  "tenant": "@@H"\n}\n'),
        ("get-access-token", '{\n  "accessToken": "@@Y",\n'
         '  "expiresOn": "2024-06-10 10:12:33.000000",\n  "tokenType": "Bearer"\n}\n'),
        ("storage keys table", "$ az storage account keys list -g data -n lakeprod -o table\n"
         "KeyName    Permissions    Value\n---------  -------------  -----\nkey1       FULL"
         "           @@Z\n"),
        ("keyvault secret show", '{\n  "attributes": {"enabled": true},\n  "id": '
         '"https://kv-prod.vault.azure.net/secrets/sql-admin/4c1d",\n  "value": "@@Q"\n}\n'),
    ),
    # ---- HTTP dumps ----
    _fam(
        "curl verbose request dump", "B", _with(),
        ("curl -v", _d("""
            * Connected to api.internal.example (10.4.2.17) port 443
            > GET /v2/reports?from=2024-05-01 HTTP/2
            > Host: api.internal.example
            > user-agent: curl/8.5.0
            > authorization: Bearer @@T
            >
            < HTTP/2 200
            """)),
        ("wget debug", "---request begin---\nGET /export.csv HTTP/1.1\nHost: files.example.com\n"
         "Authorization: Basic @@E\n---request end---\n"),
        ("http.client debuglevel", "send: b'GET /v1/items HTTP/1.1\\r\\nHost: inventory.example\\r"
         "\\nX-Api-Key: @@K\\r\\nAccept: */*\\r\\n\\r\\n'\n"),
        ("burp raw request", "POST /api/v1/transfers HTTP/2\nHost: bank-sandbox.example\n"
         "X-Session-Token: @@T\nContent-Type: application/json\n\n{\"amount\": 1200}\n"),
    ),
    _fam(
        "har file credential", "A", _with(),
        ("request header", '"headers": [\n  {"name": "accept", "value": "application/json"},\n'
         '  {"name": "authorization", "value": "Bearer @@J"}\n],\n'),
        ("cookies", '"cookies": [\n  {"name": "sessionid", "value": "@@K", "path": "/", '
         '"httpOnly": true, "secure": true}\n],\n'),
        ("post data", '"postData": {\n  "mimeType": "application/x-www-form-urlencoded",\n'
         '  "text": "username=jdoe&password=@@U&remember=1"\n},\n'),
    ),
    _fam(
        "devtools copy as fetch", "B", _with(),
        ("copy as fetch", 'fetch("https://app.example.com/api/graphql", {\n  "headers": {\n'
         '    "accept": "*/*",\n    "authorization": "Bearer @@J",\n'
         '    "content-type": "application/json"\n  },\n  "method": "POST"\n});\n'),
        ("copy as curl", "curl 'https://app.example.com/api/me' \\\n  -H 'accept: application/json'"
         " \\\n  -H 'cookie: theme=dark; _session_id=@@K' \\\n  --compressed\n"),
        ("copy as powershell", '$session.Cookies.Add((New-Object System.Net.Cookie('
         '"remember_user_token", "@@W", "/", "app.example.com")))\n'),
    ),
    _fam(
        "oauth token endpoint response", "A", _with(),
        ("token response json", '{"access_token":"@@T","token_type":"Bearer","expires_in":3599,'
         '"refresh_token":"@@W","scope":"read write"}\n'),
        ("python dict print", "{'access_token': '@@K', 'expires_in': 3600, 'token_type': "
         "'bearer', 'expires_at': 1718003600.41}\n"),
        ("client credentials curl", "$ curl -s -d grant_type=client_credentials -u "
         "reporting:$SECRET https://id.example.com/oauth/token\n"
         '{"access_token":"@@J","expires_in":300,"token_type":"Bearer"}\n'),
    ),
    _fam(
        "connection error echoing dsn", "B", _with(),
        ("jdbc no suitable driver", "java.sql.SQLException: No suitable driver found for "
         "jdbc:mysql://db:3306/shop?user=app&password=@@U\n\tat java.sql/java.sql.DriverManager"
         ".getConnection(DriverManager.java:706)\n"),
        ("php pdo trace", "#0 /var/www/vendor/laravel/framework/src/Illuminate/Database/"
         "Connectors/Connector.php(65): PDO->__construct('mysql:host=db;p...', 'forge', "
         "'@@O', Array)\n"),
        ("elixir genserver state", "[error] GenServer #PID<0.512.0> terminating\n** (RuntimeError)"
         " connect failed\nLast message: :connect\nState: [hostname: \"db\", username: "
         "\"postgres\", password: \"@@P\", database: \"app_prod\", pool_size: 10]\n"),
        ("node invalid url", "TypeError: Invalid URL\n    at new URL (node:internal/url:775:36)"
         " {\n  code: 'ERR_INVALID_URL',\n  input: 'postgres://app:@@Q@db.internal:5432/orders'"
         "\n}\n"),
    ),
    _fam(
        "ci log unmasked secret", "A", _with(),
        ("actions run env block", _d("""
            Run ./scripts/deploy.sh
              ./scripts/deploy.sh
              shell: /usr/bin/bash -e {0}
              env:
                REGISTRY_USER: deployer
                REGISTRY_PASSWORD: @@Q
            """)),
        ("gitlab xtrace", "$ ./deploy.sh\n+ curl -s -H 'Authorization: Bearer @@T' "
         "https://api.internal.example/deploy\n"),
        ("jenkins console", "[Pipeline] sh\n+ ./gradlew publish -PrepoUser=ci "
         "-PrepoPassword=@@U\n> Task :publish\n"),
        ("azure pipelines debug", "##[debug]Evaluating: variables['dbPassword']\n"
         "##[debug]Evaluating variables:\n##[debug]Result: '@@P'\n"),
    ),
    # ---- crash reports and config dumps ----
    _fam(
        "actuator env dump secret", "B", _with(),
        ("actuator env", '{"name":"systemEnvironment","properties":{"DB_PASSWORD":{"value":'
         '"@@Q","origin":"System Environment Property \\"DB_PASSWORD\\""}}}\n'),
        ("configprops", '"spring.datasource-org.springframework.boot.autoconfigure.jdbc.'
         'DataSourceProperties": {\n  "prefix": "spring.datasource",\n  "properties": {\n'
         '    "password": "@@U",\n    "username": "orders"\n  }\n}\n'),
        ("env single property", "$ curl -s localhost:8081/actuator/env/spring.mail.password\n"
         '{"property":{"source":"applicationConfig: [classpath:/application.yml]",'
         '"value":"@@P"}}\n'),
    ),
    _fam(
        "php runtime environment secret", "A", _with(),
        ("php -i server vars", "$_SERVER['DB_PASSWORD'] => @@Q\n"
         "$_SERVER['DB_USERNAME'] => forge\n"),
        ("phpinfo html row", '<tr><td class="e">MAIL_PASSWORD </td><td class="v">@@P </td></tr>\n'),
        ("fpm pool env", "; /etc/php/8.2/fpm/pool.d/www.conf\nenv[DB_HOST] = db.internal\n"
         "env[DB_PASS] = @@U\n"),
    ),
    _fam(
        "crash report environment secret", "B", _with(),
        ("sentry extra argv", '"extra": {\n  "sys.argv": [\n    "manage.py",\n    "sync_ledger",'
         '\n    "--token",\n    "@@T"\n  ]\n},\n'),
        ("hs_err jvm_args", "# A fatal error has been detected by the Java Runtime Environment:"
         "\n...\njvm_args: -Dspring.profiles.active=prod -Ddb.password=@@Q -Xmx2g\n"),
        ("rails parameters", 'Started GET "/api/v1/export?auth_token=..." for 10.1.2.3\n'
         'Processing by ExportsController#index as JSON\n  Parameters: {"auth_token"=>"@@T", '
         '"format"=>"json"}\n'),
        ("node diagnostic report", '  "environmentVariables": {\n    "HOME": "/home/node",\n'
         '    "SENDMAIL_PASSWORD": "@@P",\n    "NODE_ENV": "production"\n  },\n'),
    ),
    _fam(
        "java system property password", "A", _with(),
        ("picked up tool options", "Picked up JAVA_TOOL_OPTIONS: -Djavax.net.ssl.keyStorePassword"
         "=@@Q -Xmx2g\n"),
        ("catalina command line", "10-Jun-2024 09:14:22.118 INFO [main] org.apache.catalina."
         "startup.VersionLoggerListener.log Command line argument: -Dspring.datasource.password"
         "=@@P\n"),
        ("jcmd system properties", "$ jcmd 4411 VM.system_properties | grep -i pass\n"
         "javax.net.ssl.trustStorePassword=changeit\nldap.bind.password=@@U\n"),
    ),
    _fam(
        "python config repr secret", "B", _with(),
        ("pydantic settings print", ">>> print(settings)\ndb_host='pg.internal' db_port=5432 "
         "db_user='ingest' db_password='@@Q' debug=False\n"),
        ("settings repr", "Settings(api_token='@@T', base_url=HttpUrl('https://api.example.com/'),"
         " timeout=30)\n"),
        ("dataclass repr in log", "INFO loaded config: AppConfig(name='billing', smtp_user="
         "'noreply', smtp_password='@@P', smtp_port=587)\n"),
    ),
    _fam(
        "logged login request body", "A", _with(),
        ("json log body", '{"level":"debug","ts":"2024-06-03T09:14:22.118Z","msg":"incoming '
         'request","path":"/api/v1/login","body":{"email":"a.kowalski@example.com",'
         '"password":"@@P"}}\n'),
        ("spring request logging", "DEBUG o.s.w.f.CommonsRequestLoggingFilter : After request "
         '[POST /api/session, payload={"user":"svc-export","secret":"@@K"}]\n'),
        ("nginx request_body log", '10.2.3.4 - - [03/Jun/2024:09:14:22 +0000] "POST /login '
         'HTTP/1.1" 302 0 "username=ops&password=@@U"\n'),
    ),
    _fam(
        "mail protocol auth transcript", "B",
        _with(X=lambda: _std64(f"\0reports@example.com\0{_url_pw()}".encode()),
              Y=lambda: _std64(_human_pw().encode())),
        ("swaks auth login", " -> AUTH LOGIN\n<-  334 VXNlcm5hbWU6\n -> YWxlcnRzQGV4YW1wbGUuY29t\n"
         "<-  334 UGFzc3dvcmQ6\n -> @@Y\n<-  235 2.7.0 Authentication successful\n"),
        ("smtplib debug", "send: 'AUTH PLAIN @@X\\r\\n'\nreply: b'235 2.7.0 Accepted\\r\\n'\n"),
        ("imap login", "* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS] Dovecot ready.\n"
         "a1 LOGIN reports@example.com @@P\na1 OK Logged in\n"),
        ("pop3 pass", "+OK Dovecot ready.\nUSER alerts\n+OK\nPASS @@U\n+OK Logged in.\n"),
    ),
    # ---- languages the earlier corpora under-use ----
    _fam(
        "perl source secret", "A", _with(),
        ("dbi connect", 'my $dbh = DBI->connect("dbi:Pg:dbname=ledger;host=db01", "ledger_rw", '
         '"@@P",\n    { RaiseError => 1, AutoCommit => 0 });\n'),
        ("net ftp login", '$ftp->login("upload", \'@@Q\')\n    or die "Cannot login ", '
         "$ftp->message;\n"),
        ("config hash", "our %CONFIG = (\n    api_base  => 'https://api.internal.example',\n"
         "    api_token => '@@T',\n    timeout   => 30,\n);\n"),
        ("lwp credentials", "$ua->credentials('intranet.example:443', 'Restricted', "
         "'svc_report', '@@U');\n"),
    ),
    _fam(
        "lua config secret", "B", _with(),
        ("openresty redis auth", 'local ok, err = red:auth("@@Q")\nif not ok then\n'
         '    ngx.log(ngx.ERR, "failed to authenticate: ", err)\nend\n'),
        ("neovim plugin setup", 'require("chatbuddy").setup({\n  api_key = "@@T",\n'
         '  model = "large",\n})\n'),
        ("prosody component", 'Component "gateway.chat.example.org"\n'
         '    component_secret = "@@K"\n'),
        ("lua returned table", 'return {\n  db = { host = "127.0.0.1", user = "game", '
         'password = "@@P" },\n}\n'),
    ),
    _fam(
        "haskell source secret", "A", _with(),
        ("postgresql-simple", 'conn <- connectPostgreSQL "host=db.internal dbname=orders '
         'user=orders password=@@U"\n'),
        ("config record", 'defaultConfig :: Config\ndefaultConfig = Config\n'
         '  { cfgEndpoint = "https://api.internal.example"\n  , cfgApiToken = "@@T"\n  }\n'),
        ("hedis connect info", 'conn <- checkedConnect defaultConnectInfo\n'
         '  { connectHost = "cache.internal", connectAuth = Just "@@Q" }\n'),
        ("servant basic auth", 'let auth = BasicAuthData "exporter" "@@P"\n'),
    ),
    _fam(
        "scala and hocon config secret", "B", _with(),
        ("play secret key", 'play.http.secret.key = "@@W"\nplay.i18n.langs = ["en", "de"]\n'),
        ("slick db block", 'slick.dbs.default.db {\n  url = "jdbc:postgresql://db/app"\n'
         '  user = "app"\n  password = "@@Q"\n}\n'),
        ("alpakka s3 credentials", 'alpakka.s3.aws.credentials {\n  provider = static\n'
         '  access-key-id = "@@A"\n  secret-access-key = "@@C"\n}\n'),
        ("build.sbt inline credentials", 'credentials += Credentials("Sonatype Nexus Repository '
         'Manager", "nexus.example.com", "deploy", "@@U")\n'),
        ("hikari setter", 'val ds = new HikariDataSource()\nds.setJdbcUrl("jdbc:postgresql://db/app")'
         '\nds.setPassword("@@P")\n'),
    ),
    _fam(
        "clojure config secret", "A", _with(V=lambda: _s(16)),
        ("config edn", '{:db {:dbtype "postgresql" :dbname "orders" :user "orders"\n'
         '      :password "@@Q"}}\n'),
        ("project clj repositories", ':repositories [["private" {:url "https://repo.example.com/'
         'maven"\n                           :username "deploy" :password "@@U"}]]\n'),
        ("def token", '(def api-token "@@T")\n'),
        ("cookie store key", '(wrap-session handler {:store (cookie-store {:key (.getBytes '
         '"@@V")})})\n'),
    ),
    _fam(
        "julia source secret", "B", _with(),
        ("libpq connection", 'conn = LibPQ.Connection("host=db.internal dbname=warehouse '
         'user=analyst password=@@U")\n'),
        ("ENV assignment", 'ENV["WAREHOUSE_TOKEN"] = "@@T"\n'),
        ("HTTP.jl header", 'resp = HTTP.get(url, ["Authorization" => "Bearer @@K"])\n'),
        ("REPL dict", 'julia> cfg = TOML.parsefile("secrets.toml")\nDict{String, Any} with 2 '
         'entries:\n  "api_key"  => "@@K"\n  "endpoint" => "https://api.example.com"\n'),
    ),
    _fam(
        "r source secret", "A",
        _with(X=lambda: _s(32, UPPER_HEX), Y=lambda: _s(40, B64)),
        ("Sys.setenv", 'Sys.setenv(WAREHOUSE_PWD = "@@P")\n'),
        ("dbConnect", 'con <- DBI::dbConnect(RPostgres::Postgres(), host = "db.internal",\n'
         '                      user = "analyst", password = "@@Q")\n'),
        ("rsconnect account", 'rsconnect::setAccountInfo(name = "acme-analytics",\n'
         '                          token = "@@X",\n                          secret = "@@Y")\n'),
        ("httr authenticate", 'res <- httr::GET(url, httr::authenticate("api", "@@U"))\n'),
    ),
    _fam(
        "matlab source secret", "B", _with(),
        ("database call", "conn = database('warehouse','analyst','@@P', ...\n"
         "    'Vendor','PostgreSQL','Server','db.internal');\n"),
        ("weboptions", "opts = weboptions('Username','svc_lab','Password','@@Q');\n"
         "data = webread(url, opts);\n"),
        ("setenv", "setenv('LAB_API_TOKEN', '@@T');\n"),
        ("ftp object", "ftpobj = ftp('ftp.lab.example','instrument','@@U');\n"),
    ),
    _fam(
        "emacs lisp config secret", "A", _with(),
        ("smtpmail credentials", '(setq smtpmail-auth-credentials\n      \'(("smtp.example.com" 587'
         ' "jdoe@example.com" "@@P")))\n'),
        ("nickserv passwords", "(setq erc-nickserv-passwords\n      '((Libera.Chat ((\"jdoe\" . "
         '"@@Q")))))\n'),
        ("llm client key", '(setq gptel-api-key "@@T")\n'),
    ),
    # ---- build and deployment formats ----
    _fam(
        "powershell dsc configuration data password", "B", _with(),
        ("configdata psd1", "@{\n    AllNodes = @(\n        @{\n            NodeName = 'WEB01'\n"
         "            PSDscAllowPlainTextPassword = $true\n"
         "            ServiceAccountPassword = '@@P'\n        }\n    )\n}\n"),
        ("compiled mof", 'instance of MSFT_Credential as $MSFT_Credential1ref\n{\n'
         'Password = "@@Q";\n UserName = "CORP\\\\svc_web";\n\n};\n'),
        ("dsc script credential", "$cred = New-Object PSCredential('CORP\\svc_sql', "
         "(ConvertTo-SecureString '@@U' -AsPlainText -Force))\nSqlSetup Install { "
         "SQLSvcAccount = $cred }\n"),
    ),
    _fam(
        "nix config secret", "A", _with(),
        ("user password option", 'users.users.deploy = {\n  isNormalUser = true;\n'
         '  password = "@@P";\n};\n'),
        ("postgres init script", "services.postgresql.initialScript = pkgs.writeText \"init.sql\""
         " ''\n  CREATE ROLE app WITH LOGIN PASSWORD '@@Q';\n'';\n"),
        ("environment variable", 'environment.variables.RESTIC_PASSWORD = "@@U";\n'),
        ("devshell hook", 'devShells.default = pkgs.mkShell {\n  shellHook = \'\'\n'
         '    export API_TOKEN="@@T"\n  \'\';\n};\n'),
    ),
    _fam(
        "bazel build config secret", "B", _with(),
        ("bazelrc remote header", "build:ci --remote_cache=grpcs://cache.internal.example\n"
         "build:ci --remote_header=x-buildbuddy-api-key=@@K\n"),
        ("bazelrc cache userinfo", "build --remote_cache=https://bazel:@@U@cache.internal.example"
         "\n"),
        ("starlark env", 'sh_binary(\n    name = "publish",\n    srcs = ["publish.sh"],\n'
         '    env = {"REPO_PASSWORD": "@@Q"},\n)\n'),
    ),
    _fam(
        "cmake build config secret", "A", _with(),
        ("set cache", 'set(LICENSE_SERVER_PASSWORD "@@P" CACHE STRING "license server")\n'),
        ("cmakecache txt", "//No help, variable specified on the command line.\n"
         "DB_PASSWORD:UNINITIALIZED=@@Q\n"),
        ("presets cache variables", '"cacheVariables": {\n  "CMAKE_BUILD_TYPE": "Release",\n'
         '  "TELEMETRY_API_KEY": "@@K"\n}\n'),
        ("external project url", "ExternalProject_Add(vendor_sdk\n  URL https://builder:@@U"
         "@artifacts.internal.example/sdk-4.2.tar.gz\n)\n"),
    ),
    _fam(
        "gradle properties secret", "B", _with(X=lambda: _s(8, UPPER_HEX)),
        ("proxy password", "systemProp.https.proxyHost=proxy.corp.example\n"
         "systemProp.https.proxyUser=jdoe\nsystemProp.https.proxyPassword=@@P\n"),
        ("artifactory properties", "org.gradle.jvmargs=-Xmx4g\nartifactoryUser=ci\n"
         "artifactoryPassword=@@U\n"),
        ("signing properties", "signing.keyId=@@X\nsigning.password=@@Q\n"
         "signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\n"),
        ("project property env", "export ORG_GRADLE_PROJECT_nexusPassword=@@Q\n./gradlew "
         "publishToSonatype\n"),
    ),
    _fam(
        "helmfile secret", "A", _with(),
        ("repository credentials", "repositories:\n  - name: internal\n"
         "    url: https://charts.internal.example\n    username: helm\n    password: @@U\n"),
        ("release set value", "releases:\n  - name: api\n    chart: internal/api\n    set:\n"
         "      - name: secrets.jwtKey\n        value: @@T\n"),
        ("environment values", "environments:\n  production:\n    values:\n      - db:\n"
         "          password: @@Q\n"),
    ),
    _fam(
        "jsonnet and cue config secret", "B", _with(),
        ("jsonnet local", "local db = { user: 'app', password: '@@Q' };\n"),
        ("grafonnet secure json", "secureJsonData: { basicAuthPassword: '@@P' },\n"),
        ("jsonnet base64 secret", "data: { password: std.base64('@@U') },\n"),
        ("cue field", 'db: {\n\thost:     "db.internal"\n\tpassword: "@@Q"\n}\n'),
        ("cue timoni values", 'values: auth: adminPassword: "@@P"\n'),
    ),
    _fam(
        "nomad job env secret", "A", _with(),
        ("task env block", 'task "api" {\n  driver = "docker"\n  env {\n'
         '    DB_PASSWORD = "@@Q"\n  }\n}\n'),
        ("template literal", 'template {\n  data        = "API_KEY=@@K"\n'
         '  destination = "secrets/env"\n  env         = true\n}\n'),
        ("consul kv put", "$ consul kv put app/config/db_password @@Q\n"
         "Success! Data written to: app/config/db_password\n"),
    ),
    _fam(
        "argo workflow parameter secret", "B", _with(),
        ("workflow arguments", "arguments:\n  parameters:\n    - name: db-password\n"
         '      value: "@@Q"\n'),
        ("argo submit -p", "argo submit etl.yaml -n data -p api-token=@@T --watch\n"),
        ("application helm parameters", "helm:\n  parameters:\n    - name: auth.password\n"
         "      value: @@P\n"),
        ("tekton taskrun params", "params:\n  - name: registry-password\n    value: @@U\n"),
    ),
    _fam(
        "jenkins casc literal secret", "A",
        _with(R=lambda: textwrap.indent(_pem_ec(), " " * 20)),
        ("username password credential", "credentials:\n  system:\n    domainCredentials:\n"
         "      - credentials:\n          - usernamePassword:\n              id: nexus\n"
         '              username: deploy\n              password: "@@Q"\n'),
        ("string credential", '          - string:\n              id: chat-token\n'
         '              secret: "@@T"\n'),
        ("local security realm", "jenkins:\n  securityRealm:\n    local:\n      users:\n"
         '        - id: admin\n          password: "@@P"\n'),
        ("ssh private key direct entry", "          - basicSSHUserPrivateKey:\n"
         "              id: deploy-key\n              privateKeySource:\n"
         "                directEntry:\n                  privateKey: |\n"
         "@@R\n"),
    ),
    _fam(
        "migration tool config password", "B", _with(),
        ("flyway conf", "flyway.url=jdbc:postgresql://db.internal:5432/app\nflyway.user=migrator\n"
         "flyway.password=@@Q\n"),
        ("liquibase properties", "changeLogFile: db/changelog/root.yaml\n"
         "url: jdbc:mysql://db:3306/shop\nusername: migrator\npassword: @@U\n"),
        ("flyway command line", "flyway -url=jdbc:postgresql://db/app -user=migrator "
         "-password=@@P migrate\n"),
        ("sqitch target", '[target "prod"]\n\turi = db:pg://sqitch:@@U@db.internal/app\n'),
    ),
    _fam(
        "systemd execstart or setcredential secret", "A", _with(),
        ("setcredential drop-in", "# /etc/systemd/system/app.service.d/override.conf\n[Service]\n"
         "SetCredential=db-password:@@Q\n"),
        ("execstart flag", "[Service]\nExecStart=/usr/local/bin/redis_exporter "
         "--redis.password=@@U --web.listen-address=:9121\n"),
        ("environmentfile content", "$ cat /etc/default/metrics-agent\nAGENT_TOKEN=@@T\n"
         'AGENT_OPTS="--verbose"\n'),
        ("systemctl show environment", "$ systemctl show app -p Environment\nEnvironment=LANG=C."
         "UTF-8 APP_ENV=prod QUEUE_PASSWORD=@@U\n"),
    ),
    # ---- web servers and proxies ----
    _fam(
        "caddy dns provider token", "B", _with(X=lambda: _s(40, B64URL)),
        ("caddyfile tls dns", "example.com {\n\ttls {\n\t\tdns cloudflare @@X\n\t}\n"
         "\treverse_proxy localhost:8080\n}\n"),
        ("route53 block", "tls {\n\tdns route53 {\n\t\taccess_key_id @@A\n"
         "\t\tsecret_access_key @@C\n\t}\n}\n"),
        ("caddy json challenge", '"challenges": {"dns": {"provider": {"name": "duckdns", '
         '"api_token": "@@G"}}}\n'),
    ),
    _fam(
        "haproxy and envoy inline secret", "A",
        _with(R=lambda: textwrap.indent(_pem_ec(), " " * 6)),
        ("haproxy userlist", "userlist admins\n    user ops insecure-password @@P\n"),
        ("dataplaneapi user", "dataplaneapi:\n  user:\n    - name: admin\n      insecure: true\n"
         "      password: @@Q\n"),
        ("envoy generic secret", "- name: upstream-token\n  generic_secret:\n    secret:\n"
         '      inline_string: "@@T"\n'),
        ("envoy tls inline key", "tls_certificate:\n  certificate_chain: {filename: /etc/envoy/"
         "cert.pem}\n  private_key:\n    inline_string: |\n@@R\n"),
    ),
    _fam(
        "apache module config password", "B", _with(),
        ("ldap bind", 'AuthLDAPURL "ldap://ldap.corp.example/ou=people,dc=corp,dc=example?uid"\n'
         'AuthLDAPBindDN "cn=apache,ou=svc,dc=corp,dc=example"\nAuthLDAPBindPassword "@@P"\n'),
        ("dbd params", 'DBDriver pgsql\nDBDParams "host=db.internal dbname=auth user=apache '
         'password=@@Q"\n'),
        ("openidc secrets", "OIDCClientID portal\nOIDCClientSecret @@T\n"
         "OIDCCryptoPassphrase @@K\n"),
    ),
    _fam(
        "nginx api key map", "A", _with(),
        ("map of keys", 'map $http_x_api_key $api_client {\n    default "";\n'
         '    "@@K" "reporting";\n    "@@T" "mobile";\n}\n'),
        ("arg token check", 'if ($arg_token != "@@H") {\n    return 403;\n}\n'),
        ("openresty set secret", 'set $shared_secret "@@S";\naccess_by_lua_file '
         "/etc/nginx/lua/verify.lua;\n"),
    ),
    # ---- VPNs ----
    _fam(
        "openvpn inline credentials", "B", _with(R=_pem_pkcs8),
        ("inline auth-user-pass", "client\nremote vpn.corp.example 1194 udp\n<auth-user-pass>\n"
         "jdoe\n@@P\n</auth-user-pass>\n"),
        ("auth file content", "$ cat /etc/openvpn/client/auth.txt\nsvc-tunnel\n@@Q\n"),
        ("nmcli vpn secrets", "nmcli connection modify office-vpn +vpn.secrets 'password=@@U'\n"),
        ("inline key block", "<key>\n@@R\n</key>\n"),
    ),
    _fam(
        "ipsec eap or xauth secret", "A", _with(),
        ("ipsec.secrets eap", "# /etc/ipsec.secrets\njdoe : EAP \"@@P\"\n"),
        ("xauth secret", "@roadwarrior : XAUTH \"@@Q\"\n"),
        ("swanctl secrets", "secrets {\n    eap-carol {\n        id = carol\n"
         '        secret = "@@U"\n    }\n}\n'),
        ("nmconnection 802-1x", "[802-1x]\neap=peap;\nidentity=jdoe@corp.example\n"
         "password=@@P\nphase2-auth=mschapv2\n"),
    ),
    _fam(
        "wireguard preshared key", "B", _with(X=lambda: _std64(32)),
        ("wg conf peer", "[Peer]\nPublicKey = @@X\nPresharedKey = @@B\n"
         "AllowedIPs = 10.8.0.2/32\n"),
        ("networkd netdev", "[WireGuardPeer]\nPublicKey=@@X\nPresharedKey=@@B\n"
         "Endpoint=vpn.example.net:51820\n"),
        ("nixos peer", 'peers = [{\n  publicKey = "@@X";\n  presharedKey = "@@B";\n'
         '  allowedIPs = [ "10.100.0.2/32" ];\n}];\n'),
        ("wg show preshared-keys", "$ sudo wg show wg0 preshared-keys\n@@X\t@@B\n"),
    ),
    # ---- monitoring ----
    _fam(
        "prometheus scrape credential", "A", _with(),
        ("scrape basic auth", "  - job_name: node\n    basic_auth:\n      username: prom\n"
         "      password: @@P\n"),
        ("authorization credentials", "    authorization:\n      type: Bearer\n"
         "      credentials: @@T\n"),
        ("remote write", "remote_write:\n  - url: https://metrics.example.net/api/v1/push\n"
         '    basic_auth:\n      username: "812345"\n      password: @@W\n'),
    ),
    _fam(
        "alertmanager receiver secret", "B", _with(),
        ("smtp auth", "global:\n  smtp_smarthost: smtp.example.com:587\n"
         "  smtp_auth_username: alerts@example.com\n  smtp_auth_password: @@P\n"),
        ("pagerduty routing key", "receivers:\n  - name: oncall\n    pagerduty_configs:\n"
         "      - routing_key: @@H\n"),
        ("victorops api key", "    victorops_configs:\n      - api_key: @@G\n"
         "        routing_key: platform\n"),
        ("webhook bearer", "    webhook_configs:\n      - url: https://hooks.internal.example/am\n"
         "        http_config:\n          authorization:\n            credentials: @@T\n"),
    ),
    _fam(
        "grafana datasource provisioning secret", "A", _with(),
        ("secure json password", "datasources:\n  - name: Postgres\n    type: postgres\n"
         "    user: grafana\n    secureJsonData:\n      password: @@Q\n"),
        ("basic auth password", "    basicAuth: true\n    basicAuthUser: reader\n"
         "    secureJsonData:\n      basicAuthPassword: @@P\n"),
        ("header value", "    jsonData:\n      httpHeaderName1: Authorization\n"
         "    secureJsonData:\n      httpHeaderValue1: Bearer @@T\n"),
        ("grafana ini smtp", "[smtp]\nenabled = true\nhost = smtp.example.com:587\n"
         "user = grafana@example.com\npassword = @@U\n"),
    ),
    _fam(
        "loki and promtail storage secret", "B", _with(),
        ("loki s3 url", "storage_config:\n  aws:\n    s3: s3://@@A:@@C@eu-west-1/loki-chunks\n"),
        ("promtail client", "clients:\n  - url: https://logs.example.net/loki/api/v1/push\n"
         "    basic_auth:\n      username: \"412233\"\n      password: @@W\n"),
        ("tempo s3 keys", "storage:\n  trace:\n    backend: s3\n    s3:\n"
         "      bucket: traces\n      access_key: @@A\n      secret_key: @@C\n"),
    ),
    # ---- data pipelines, brokers and stores ----
    _fam(
        "airflow cfg secret", "A", _with(),
        ("webserver secret key", "[webserver]\nbase_url = https://airflow.internal.example\n"
         "secret_key = @@W\n"),
        ("smtp password", "[smtp]\nsmtp_host = smtp.example.com\nsmtp_user = airflow\n"
         "smtp_password = @@P\n"),
        ("config list result backend", "$ airflow config list --section celery\n[celery]\n"
         "result_backend = db+postgresql://airflow:@@U@pg:5432/airflow\n"),
    ),
    _fam(
        "dbt profiles secret", "B", _with(),
        ("postgres target", "analytics:\n  target: prod\n  outputs:\n    prod:\n"
         "      type: postgres\n      host: warehouse.internal\n      user: dbt\n"
         "      password: @@Q\n"),
        ("redshift target", "      type: redshift\n      user: transformer\n"
         "      password: \"@@P\"\n      dbname: analytics\n"),
        ("vars on command line", "dbt run --target prod --vars '{\"enrichment_api_key\": "
         "\"@@K\"}'\n"),
    ),
    _fam(
        "spark conf secret", "A", _with(X=lambda: _std64(64)),
        ("spark-defaults s3a", "spark.hadoop.fs.s3a.access.key  @@A\n"
         "spark.hadoop.fs.s3a.secret.key  @@C\n"),
        ("spark-submit authenticate", "spark-submit --master yarn --conf spark.authenticate=true "
         "--conf spark.authenticate.secret=@@S job.py\n"),
        ("pyspark account key", 'spark.conf.set("fs.azure.account.key.lakeprod.dfs.core.windows'
         '.net", "@@X")\n'),
        ("ssl keystore password", "spark.ssl.enabled true\nspark.ssl.keyStorePassword @@Q\n"),
    ),
    _fam(
        "kafka connect connector password", "B", _with(),
        ("debezium config", '{\n  "connector.class": "io.debezium.connector.postgresql.'
         'PostgresConnector",\n  "database.user": "debezium",\n  "database.password": "@@Q"\n}\n'),
        ("jdbc sink config", '"connection.url": "jdbc:mysql://db:3306/sink",\n'
         '"connection.user": "sink",\n"connection.password": "@@U",\n'),
        ("s3 sink keys", '"aws.access.key.id": "@@A",\n"aws.secret.access.key": "@@C",\n'),
        ("client ssl properties", "security.protocol=SSL\nssl.keystore.location=/etc/kafka/"
         "client.jks\nssl.keystore.password=@@P\nssl.key.password=@@P\n"),
    ),
    _fam(
        "redis acl and sentinel secret", "A", _with(),
        ("users acl file", "user default off\nuser app on >@@Q ~app:* +@read +@write\n"),
        ("acl setuser", "127.0.0.1:6379> ACL SETUSER reporting on >@@U ~reports:* +get\nOK\n"),
        ("sentinel auth-pass", "sentinel monitor mymaster 10.0.0.5 6379 2\n"
         "sentinel auth-pass mymaster @@P\n"),
        ("monitor output", '1717405162.118472 [0 10.0.4.7:51922] "AUTH" "worker" "@@U"\n'),
    ),
    _fam(
        "mongodb keyfile content", "B", _with(X=_mongo_keyfile, Y=lambda: _std64(96)),
        ("cat keyfile", "$ cat /etc/mongo/keyfile\n@@X\n"),
        ("secret from literal", "kubectl create secret generic mongo-keyfile "
         "--from-literal=keyfile=@@Y\n"),
        ("helm replica set key", "auth:\n  rootUser: root\n  replicaSetKey: @@K\n"),
    ),
    # ---- directories, identity, signing ----
    _fam(
        "ldap server root password", "A", _with(),
        ("slapd conf rootpw", 'database mdb\nsuffix "dc=corp,dc=example"\n'
         'rootdn "cn=admin,dc=corp,dc=example"\nrootpw @@P\n'),
        ("olcRootPW ldif", "dn: olcDatabase={1}mdb,cn=config\nchangetype: modify\n"
         "replace: olcRootPW\nolcRootPW: @@Q\n"),
        ("smbpasswd -w", "# store the LDAP admin password in secrets.tdb\nsmbpasswd -w @@U\n"),
    ),
    _fam(
        "kerberos admin password argument", "B", _with(),
        ("kadmin -w", 'kadmin -p admin/admin -w @@P -q "addprinc -randkey '
         'HTTP/web01.corp.example"\n'),
        ("kdb5_util create", "kdb5_util create -s -r CORP.EXAMPLE -P @@Q\n"),
        ("echo into kinit", "echo '@@U' | kinit svc_etl@CORP.EXAMPLE\n"),
        ("samba-tool provision", "samba-tool domain provision --realm=CORP.EXAMPLE "
         "--domain=CORP --adminpass='@@P' --server-role=dc\n"),
    ),
    _fam(
        "saml signing private key config", "A",
        _with(R=lambda: _std64(_rsa_pkcs8()), V=_pem_pkcs8),
        ("python3-saml settings", '"sp": {\n  "entityId": "https://app.example.com/saml/'
         'metadata",\n  "privateKey": "@@R"\n}\n'),
        ("simplesamlphp authsource", "'default-sp' => [\n    'saml:SP',\n"
         "    'privatekey' => 'saml.pem',\n    'privatekey_pass' => '@@P',\n],\n"),
        ("keycloak realm export", '"config": {\n  "priority": ["100"],\n'
         '  "privateKey": ["@@R"]\n}\n'),
        ("ruby-saml private key", 'settings.private_key = <<~PEM\n@@V\nPEM\n'),
    ),
    _fam(
        "fastlane and match signing secret", "B", _with(X=lambda: _s(320, ALNUM)),
        ("env default", "MATCH_GIT_URL=https://git.example.com/mobile/certs.git\n"
         "MATCH_PASSWORD=@@P\n"),
        ("basic authorization", "export MATCH_GIT_BASIC_AUTHORIZATION=@@E\nbundle exec fastlane "
         "beta\n"),
        ("fastlane session cookie", "FASTLANE_SESSION='---\n- !ruby/object:HTTP::Cookie\n"
         "  name: myacinfo\n  value: @@X\n  domain: apple.com\n'\n"),
        ("fastlane password env", "FASTLANE_USER=release@example.com\nFASTLANE_PASSWORD=@@Q\n"),
    ),
    # ---- backup and object storage clients ----
    _fam(
        "rclone remote config", "A", _with(X=lambda: _url64(_RNG.randint(24, 40))),
        ("s3 remote", "[s3-backup]\ntype = s3\nprovider = AWS\naccess_key_id = @@A\n"
         "secret_access_key = @@C\n"),
        ("sftp obscured pass", "[nas]\ntype = sftp\nhost = nas.local\nuser = backup\n"
         "pass = @@X\n"),
        ("config env override", "export RCLONE_CONFIG_WEBDAV_PASS=@@X\nrclone sync ./out "
         "webdav:reports\n"),
    ),
    _fam(
        "s3 client config file keys", "B",
        _with(X=lambda: _s(20, UPPER_ALNUM), Y=lambda: _s(40, ALNUM)),
        ("s3cfg", "[default]\naccess_key = @@A\nsecret_key = @@C\nhost_base = s3.amazonaws.com\n"),
        ("passwd-s3fs", "$ cat /etc/passwd-s3fs\n@@A:@@C\n"),
        ("boto config", "[Credentials]\naws_access_key_id = @@A\naws_secret_access_key = @@C\n"),
        ("mc alias set", "mc alias set backup https://s3.backup.example @@X @@Y\n"),
    ),
    _fam(
        "backup repository password", "A", _with(),
        ("restic export", "export RESTIC_PASSWORD='@@P'\nrestic -r s3:s3.amazonaws.com/acme-"
         "backups snapshots\n"),
        ("borg passphrase", 'BORG_PASSPHRASE="@@Q" borg create ::{hostname}-{now} /srv\n'),
        ("kopia connect", "kopia repository connect s3 --bucket=kopia-prod "
         "--password=@@U\n"),
        ("duplicity passphrase", "PASSPHRASE=@@U duplicity /home sftp://backup@nas//backups\n"),
    ),
    _fam(
        "replication conninfo password", "B", _with(),
        ("postgresql auto conf", "primary_conninfo = 'user=replicator password=@@U "
         "host=10.0.1.5 port=5432 sslmode=prefer'\n"),
        ("mysql change source", "CHANGE REPLICATION SOURCE TO SOURCE_HOST='10.0.1.5', "
         "SOURCE_USER='repl',\n  SOURCE_PASSWORD='@@Q', SOURCE_AUTO_POSITION=1;\n"),
        ("pg_basebackup dsn", 'pg_basebackup -d "host=primary user=replicator password=@@U" '
         "-D /var/lib/postgresql/16/main -R\n"),
        ("patroni replication", "  authentication:\n    replication:\n"
         "      username: replicator\n      password: @@P\n"),
    ),
    # ---- API clients and browsers ----
    _fam(
        "api client environment export", "A", _with(),
        ("postman environment", '"values": [\n  {"key": "baseUrl", "value": "https://api.'
         'example.com", "enabled": true},\n  {"key": "access_token", "value": "@@T", '
         '"type": "secret", "enabled": true}\n],\n'),
        ("insomnia environment", '{"base_url": "https://api.example.com", "api_key": "@@K"}\n'),
        ("bruno env file", "vars {\n  baseUrl: https://api.example.com\n  token: @@T\n}\n"),
        ("rest client file", "@host = https://api.example.com\n@token = @@J\n\n"
         "GET {{host}}/me\nAuthorization: Bearer {{token}}\n"),
    ),
    _fam(
        "browser storage token dump", "B",
        _with(X=lambda: "AMf" "-vB" + _s(260, B64URL)),
        ("localStorage print", "> localStorage\nStorage {auth.accessToken: '@@J', "
         "auth.refreshToken: '@@W', theme: 'dark', length: 3}\n"),
        ("document cookie", "> document.cookie\n'_ga=GA1.1.1838261.1717000000; "
         "csrftoken=xyz; sessionid=@@K'\n"),
        ("firebase indexeddb", "stsTokenManager: {refreshToken: '@@X', accessToken: "
         "'@@J', expirationTime: 1718003600000}\n"),
    ),
    # ---- vendors from public secret-scanner lists the earlier corpora do not name ----
    _fam(
        "authress access key", "A",
        _with(V=lambda: "s" "c_" + _s(_RNG.randint(6, 12), LOWER_ALNUM) + "." + _s(5, LOWER_ALNUM)
              + ".acc" + "_" + _s(24, LOWER_ALNUM) + "." + _s(86, B64URL)),
        ("dotenv", "AUTHRESS_API_URL=https://login.example.com\nAUTHRESS_SERVICE_KEY=@@V\n"),
        ("node constructor", "const client = new AuthressClient({ authressApiUrl: "
         "'https://login.example.com' }, '@@V');\n"),
        ("pod env describe", "    Environment:\n      AUTHRESS_KEY:  @@V\n"),
    ),
    _fam(
        "confluent cloud api key pair", "B",
        _with(X=lambda: _s(16, UPPER_ALNUM), Y=lambda: _s(64, B64)),
        ("api-key create output", "$ confluent api-key create --resource lkc-7xq2v9\n"
         "+------------+------------------------------------------------------------------+\n"
         "| API Key    | @@X |\n| API Secret | @@Y |\n"),
        ("client properties", "bootstrap.servers=pkc-41wq6.eu-west-2.aws.confluent.cloud:9092\n"
         "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
         "username='@@X' password='@@Y';\n"),
        ("terraform tfvars", 'confluent_cloud_api_key    = "@@X"\n'
         'confluent_cloud_api_secret = "@@Y"\n'),
    ),
    _fam(
        "nytimes api key", "A", _with(),
        ("python requests", "r = requests.get('https://api.nytimes.com/svc/topstories/v2/home."
         "json', params={'api-key': '@@K'})\n"),
        ("dotenv", "NYT_API_KEY=@@K\n"),
        ("curl url", "curl 'https://api.nytimes.com/svc/search/v2/articlesearch.json?q=election"
         "&api-key=@@K'\n"),
    ),
    _fam(
        "clickhouse cloud api key", "B",
        _with(X=lambda: _s(20, ALNUM), Y=lambda: "4b" "1d" + _s(38, ALNUM)),
        ("curl basic", "curl --user '@@X:@@Y' https://api.clickhouse.cloud/v1/organizations\n"),
        ("terraform provider", 'provider "clickhouse" {\n  organization_id = "@@G"\n'
         '  token_key       = "@@X"\n  token_secret    = "@@Y"\n}\n'),
        ("actions env", "  env:\n    CLICKHOUSE_KEY_ID: @@X\n    CLICKHOUSE_KEY_SECRET: @@Y\n"),
    ),
    _fam(
        "persona api key", "A",
        _with(V=lambda: "persona_" + _RNG.choice(["production", "sandbox"]) + "_" + _guid()),
        ("ruby initializer", "Persona.configure do |c|\n  c.api_key = '@@V'\nend\n"),
        ("curl header", "curl -H 'Authorization: Bearer @@V' -H 'Persona-Version: 2023-01-05' "
         "https://withpersona.com/api/v1/inquiries\n"),
        ("printenv", "PERSONA_TEMPLATE_ID=itmpl_Yt8mDxQ3p\nPERSONA_API_KEY=@@V\n"),
    ),
    _fam(
        "pinterest access token", "B",
        _with(V=lambda: "pi" "na_" + "AMA" + _s(93, UPPER_ALNUM)),
        ("curl authorization", "curl -H 'Authorization: Bearer @@V' "
         "https://api.pinterest.com/v5/boards\n"),
        ("python client", "client = PinterestSDKClient.create_client_with_token(\n"
         "    access_token='@@V')\n"),
        ("github actions env", "      PINTEREST_ACCESS_TOKEN: @@V\n"),
    ),
    _fam(
        "rootly api key", "A", _with(V=lambda: "rootly" "_" + _hex(64)),
        ("terraform provider", 'provider "rootly" {\n  api_token = "@@V"\n}\n'),
        ("curl header", "curl -H 'Authorization: Bearer @@V' "
         "https://api.rootly.com/v1/incidents\n"),
        ("k8s secret string data", "stringData:\n  ROOTLY_API_TOKEN: @@V\n"),
    ),
    _fam(
        "zuplo api key", "B", _with(V=lambda: "zp" "ka_" + _hex(32) + "_" + _hex(8)),
        ("curl authorization", "curl https://orders-main-4f2a1c.zuplo.app/v1/orders "
         "-H 'Authorization: Bearer @@V'\n"),
        ("k6 script", "const params = { headers: { Authorization: 'Bearer @@V' } };\n"),
        ("dotenv", "ZUPLO_CONSUMER_KEY=@@V\n"),
    ),
    _fam(
        "unkey root key", "A", _with(V=lambda: "un" "key_" + _s(24, BASE58)),
        ("typescript client", "const unkey = new Unkey({ rootKey: \"@@V\" });\n"),
        ("dotenv", "UNKEY_API_ID=api_3Zq8hHfRw\nUNKEY_ROOT_KEY=@@V\n"),
        ("curl verify", "curl -X POST https://api.unkey.dev/v1/keys.createKey -H "
         "\"Authorization: Bearer @@V\"\n"),
    ),
    _fam(
        "courier auth token", "B", _with(V=lambda: "pk_" "prod_" + _s(28, UPPER_ALNUM)),
        ("node client", "const courier = CourierClient({ authorizationToken: \"@@V\" });\n"),
        ("curl send", "curl -X POST https://api.courier.com/send -H 'Authorization: Bearer @@V'"
         " -d @message.json\n"),
        ("django settings", "COURIER_AUTH_TOKEN = '@@V'\n"),
    ),
    _fam(
        "trigger.dev secret key", "A",
        _with(V=lambda: "tr_" + _RNG.choice(["prod", "dev", "stg"]) + "_" + _s(20, ALNUM)),
        ("dotenv", "TRIGGER_SECRET_KEY=@@V\nTRIGGER_API_URL=https://api.trigger.dev\n"),
        ("ci deploy log", "+ TRIGGER_SECRET_KEY=@@V npx trigger.dev@latest deploy\n"),
        ("vercel env ls pull", "# Created by Vercel CLI\nTRIGGER_SECRET_KEY=\"@@V\"\n"),
    ),
    _fam(
        "inngest signing key", "B",
        _with(V=lambda: "sign" "key-" + _RNG.choice(["prod", "test"]) + "-" + _hex(64),
              X=lambda: _s(86, B64URL)),
        ("dotenv", "INNGEST_SIGNING_KEY=@@V\nINNGEST_EVENT_KEY=@@X\n"),
        ("docker compose env", "    environment:\n      - INNGEST_SIGNING_KEY=@@V\n"),
        ("serve handler", "export default serve({ client: inngest, functions, signingKey: "
         "'@@V' });\n"),
    ),
    _fam(
        "upstash qstash credentials", "A",
        _with(V=_qstash_token, X=lambda: "sig" "_" + _s(28, ALNUM)),
        ("dotenv", "QSTASH_URL=https://qstash.upstash.io\nQSTASH_TOKEN=@@V\n"
         "QSTASH_CURRENT_SIGNING_KEY=@@X\n"),
        ("curl publish", "curl -X POST https://qstash.upstash.io/v2/publish/https://api."
         "example.com/jobs -H 'Authorization: Bearer @@V'\n"),
        ("python client", 'client = QStash("@@V")\n'),
    ),
    _fam(
        "liveblocks secret key", "B", _with(V=lambda: "sk_" "prod_" + _s(64, B64URL)),
        ("node client", "const liveblocks = new Liveblocks({ secret: \"@@V\" });\n"),
        ("dotenv local", "LIVEBLOCKS_SECRET_KEY=@@V\n"),
        ("curl rooms", "curl https://api.liveblocks.io/v2/rooms -H 'Authorization: Bearer "
         "@@V'\n"),
    ),
    _fam(
        "svix webhook secret", "A", _with(V=lambda: "wh" "sec_" + _std64(24)),
        ("python verify", "wh = Webhook(\"@@V\")\npayload = wh.verify(body, headers)\n"),
        ("dotenv", "SVIX_WEBHOOK_SECRET=@@V\n"),
        ("k8s env literal", "        - name: WEBHOOK_SIGNING_SECRET\n          value: @@V\n"),
    ),
    _fam(
        "ngrok api key", "B",
        _with(V=lambda: "2" + _s(26, ALNUM) + "_" + _s(49, ALNUM)),
        ("curl api", "curl -H 'Authorization: Bearer @@V' -H 'Ngrok-Version: 2' "
         "https://api.ngrok.com/tunnels\n"),
        ("ngrok config yaml", "version: 3\nagent:\n  api_key: @@V\n"),
        ("terraform provider", 'provider "ngrok" {\n  api_key = "@@V"\n}\n'),
    ),
    _fam(
        "helicone api key", "A",
        _with(V=lambda: "sk-" "helicone-" + "-".join(_s(7, LOWER_ALNUM) for _ in range(4))),
        ("python headers", "client = OpenAI(base_url=\"https://oai.helicone.ai/v1\", "
         "default_headers={\"Helicone-Auth\": \"Bearer @@V\"})\n"),
        ("dotenv", "HELICONE_API_KEY=@@V\n"),
        ("curl header", "curl https://oai.helicone.ai/v1/models -H 'Helicone-Auth: Bearer @@V'\n"),
    ),
    _fam(
        "llamacloud api key", "B", _with(V=lambda: "ll" "x-" + _s(48, ALNUM)),
        ("python parser", "parser = LlamaParse(api_key=\"@@V\", result_type=\"markdown\")\n"),
        ("notebook env", "%env LLAMA_CLOUD_API_KEY=@@V\n"),
        ("dotenv", "LLAMA_CLOUD_API_KEY=@@V\n"),
    ),
    _fam(
        "browserbase api key", "A", _with(V=lambda: "bb_" "live_" + _s(27, B64URL)),
        ("dotenv", "BROWSERBASE_PROJECT_ID=@@G\nBROWSERBASE_API_KEY=@@V\n"),
        ("python client", "bb = Browserbase(api_key=\"@@V\")\n"),
        ("curl sessions", "curl -X POST https://api.browserbase.com/v1/sessions -H "
         "'X-BB-API-Key: @@V'\n"),
    ),
    _fam(
        "e2b api key", "B", _with(V=lambda: "e2" "b_" + _hex(40)),
        ("python sandbox", "sbx = Sandbox(api_key=\"@@V\", timeout=300)\n"),
        ("shell export", "export E2B_API_KEY=@@V\ne2b template build\n"),
        ("actions env", "      E2B_API_KEY: @@V\n"),
    ),
    _fam(
        "runpod api key", "A", _with(V=lambda: "rp" "a_" + _s(44, UPPER_ALNUM)),
        ("python module", "import runpod\nrunpod.api_key = \"@@V\"\n"),
        ("curl run", "curl -X POST https://api.runpod.ai/v2/x7k2m9q4/run -H "
         "'authorization: @@V' -d '{\"input\": {}}'\n"),
        ("runpodctl config", "$ runpodctl config --apiKey @@V\n"),
    ),
    _fam(
        "baseten api key", "B", _with(V=lambda: _s(8, ALNUM) + "." + _s(32, ALNUM)),
        ("curl predict", "curl -X POST https://model-4q9zk2lw.api.baseten.co/production/predict"
         " -H 'Authorization: Api-Key @@V' -d '{\"prompt\": \"hi\"}'\n"),
        ("truss push env", "BASETEN_API_KEY=@@V truss push --publish\n"),
        ("python requests header", "headers = {\"Authorization\": f\"Api-Key @@V\"}\n"),
    ),
    _fam(
        "fal ai key", "A", _with(V=lambda: _guid() + ":" + _hex(32)),
        ("dotenv", "FAL_KEY=@@V\n"),
        ("curl header", "curl https://queue.fal.run/fal-ai/flux/dev -H 'Authorization: Key @@V'"
         " -d '{\"prompt\": \"a lighthouse\"}'\n"),
        ("js config", "fal.config({ credentials: \"@@V\" });\n"),
    ),
    _fam(
        "cerebras api key", "B", _with(V=lambda: "cs" "k-" + _s(48, LOWER_ALNUM)),
        ("python client", "client = Cerebras(api_key=\"@@V\")\n"),
        ("dotenv", "CEREBRAS_API_KEY=@@V\n"),
        ("curl completion", "curl https://api.cerebras.ai/v1/chat/completions -H "
         "'Authorization: Bearer @@V'\n"),
    ),
    _fam(
        "storj access grant", "A", _with(V=lambda: "1" + _s(_RNG.randint(320, 380), BASE58)),
        ("uplink import", "$ uplink access import main @@V\nImported access \"main\" to "
         "/home/dev/.config/storj/uplink/access.json\n"),
        ("rclone storj remote", "[storj]\ntype = storj\naccess_grant = @@V\n"),
        ("dotenv", "STORJ_ACCESS=@@V\n"),
    ),
    _fam(
        "blockfrost project id", "B",
        _with(V=lambda: _RNG.choice(["main" "net", "pre" "prod"]) + _s(32, ALNUM)),
        ("python api", "api = BlockFrostApi(project_id='@@V', base_url=ApiUrls.mainnet.value)\n"),
        ("curl header", "curl -H 'project_id: @@V' https://cardano-mainnet.blockfrost.io/api/v0/"
         "blocks/latest\n"),
        ("dotenv", "BLOCKFROST_PROJECT_ID=@@V\n"),
    ),
    _fam(
        "deepsource dsn", "A", _with(V=lambda: f"https://{_hex(32)}@app.deepsource.com"),
        ("actions env", "      - name: Report coverage\n        env:\n"
         "          DEEPSOURCE_DSN: @@V\n        run: ./bin/deepsource report --analyzer "
         "test-coverage --key python --value-file coverage.xml\n"),
        ("shell export", "export DEEPSOURCE_DSN=@@V\n"),
        ("circleci env dump", "DEEPSOURCE_DSN=@@V\nCIRCLE_BRANCH=main\n"),
    ),
    _fam(
        "ubidots token", "B",
        _with(V=lambda: _RNG.choice(["BB" "FF-", "BB" "US-"]) + _s(30, ALNUM)),
        ("arduino sketch", "const char *UBIDOTS_TOKEN = \"@@V\";\n"),
        ("curl header", "curl -X POST -H 'X-Auth-Token: @@V' "
         "https://industrial.api.ubidots.com/api/v1.6/devices/weather-01\n"),
        ("micropython config", "TOKEN = \"@@V\"\nDEVICE_LABEL = \"greenhouse\"\n"),
    ),
    _fam(
        "meraki dashboard api key", "A", _with(),
        ("python dashboard", "dashboard = meraki.DashboardAPI(\"@@F\", suppress_logging=True)\n"),
        ("curl header", "curl -H 'X-Cisco-Meraki-API-Key: @@F' "
         "https://api.meraki.com/api/v1/organizations\n"),
        ("ansible vars", "meraki_api_key: @@F\nmeraki_org_name: Acme Retail\n"),
    ),
    _fam(
        "elastic api key and service token", "B",
        _with(X=_elastic_api_key, Y=_elastic_service_token, Z=_elastic_enrollment),
        ("apikey header", "curl -H 'Authorization: ApiKey @@X' "
         "https://es.internal.example:9200/_cat/indices\n"),
        ("kibana service token", "elasticsearch.hosts: [\"https://es01:9200\"]\n"
         "elasticsearch.serviceAccountToken: @@Y\n"),
        ("enrollment token output", "$ bin/elasticsearch-create-enrollment-token -s kibana\n"
         "@@Z\n"),
        ("encryption key", "xpack.encryptedSavedObjects.encryptionKey: @@K\n"),
    ),
]


SIXTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in SIXTH_SECRETS}

# The families whose values carry a vendor's name or prefix; the rest are generic.
VENDOR_FAMILIES: frozenset[str] = frozenset(
    {"authress access key", "confluent cloud api key pair", "nytimes api key",
     "clickhouse cloud api key", "persona api key", "pinterest access token", "rootly api key",
     "zuplo api key", "unkey root key", "courier auth token", "trigger.dev secret key",
     "inngest signing key", "upstash qstash credentials", "liveblocks secret key",
     "svix webhook secret", "ngrok api key", "helicone api key", "llamacloud api key",
     "browserbase api key", "e2b api key", "runpod api key", "baseten api key", "fal ai key",
     "cerebras api key", "storj access grant", "blockfrost project id", "deepsource dsn",
     "ubidots token", "meraki dashboard api key", "elastic api key and service token"}
)

# A scanner that keeps false positives down could fairly let these through: a NYT key and a
# Meraki key are a bare 32 alnum and 40 hex beside a name, a Blockfrost "project id" is named
# like an identifier, a Courier auth token wears the ``pk_`` of a publishable key, a DeepSource
# DSN is a URL whose userinfo is the only secret, and a Mongo keyfile printed by ``cat`` is a
# block of base64 with nothing but the command around it.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"nytimes api key", "meraki dashboard api key", "blockfrost project id",
     "courier auth token", "deepsource dsn", "mongodb keyfile content"}
)


def _sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _md5_of(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


def _sri_of(text: str, algo: str = "sha512") -> str:
    return f"{algo}-" + base64.b64encode(hashlib.new(algo, text.encode()).digest()).decode()


def _b64sum(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def _colon_hex(n_bytes: int) -> str:
    return ":".join(_s(2, UPPER_HEX) for _ in range(n_bytes))


def _ulid() -> str:
    return "01" + _s(24, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


_SHAS = [_hex(40) for _ in range(24)]
_UUIDS = [_guid() for _ in range(24)]
_DIGESTS = [_sha256_of(f"layer {n}") for n in range(16)]
_CERT_DER = bytes.fromhex("308203a53082028da003020102021400") + _bytes(900)
_CERT_PEM = _pem("CERTIFICATE", _CERT_DER)
_CERT_B64 = _std64(_CERT_DER)
_RSA_SPKI_PEM = _pem("PUBLIC KEY", _RSA_SPKI_HEAD + _bytes(256) + bytes.fromhex("0203010001"))
_EC_SPKI_B64 = _std64(_EC_SPKI_HEAD + _bytes(64))
_WG_PUB = [_std64(32) for _ in range(4)]
_SSH_ED_PUB = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(43, B64)
_NODEMAILER_AUTH = _std64(b"\0alerts@example.com\0/* secret */")
_SUB, _TENANT = _guid(), _guid()

DEBATABLE: list[str] = [
    # publishable and client-side keys, shipped to every browser
    "const stripe = Stripe('" + "pk_" "live_" + _s(99) + "');\n",
    f'Sentry.init({{\n  dsn: "https://{_hex(32)}@o4505127.ingest.us.sentry.io/4506331",\n'
    "  tracesSampleRate: 0.2,\n});\n",
    "posthog.init('" + "ph" "c_" + _s(43) + "', { api_host: 'https://eu.i.posthog.com' })\n",
    "const firebaseConfig = {\n  apiKey: \"" + "AI" "za" + _s(35, B64URL) + "\",\n"
    '  authDomain: "acme-web.firebaseapp.com",\n  projectId: "acme-web",\n};\n',
    f"// search-only key, safe in the browser\nconst client = algoliasearch('{_s(10, UPPER_ALNUM)}"
    f"', '{_hex(32)}');\n",
    "mapboxgl.accessToken = '" + "pk" ".eyJ1" + _s(60, B64URL) + "." + _s(22, B64URL) + "';\n",
    f'analytics.load("{_s(32)}");\nanalytics.page();\n',
    "NEXT_PUBLIC_LIVEBLOCKS_PUBLIC_KEY=" + "pk_" "prod_" + _s(64, B64URL) + "\n",
    # a signature or a one-time code, not a standing credential
    "> Authorization: AWS4-HMAC-SHA256 Credential=" + _aws_id() + "/20240610/eu-west-1/s3/"
    f"aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={_hex(64)}\n",
    f"GET /callback?code={_s(40, B64URL)}&state={_s(22, B64URL)} HTTP/1.1\nHost: app.example.com\n",
    f'<input type="hidden" name="csrfmiddlewaretoken" value="{_s(64)}">\n',
    # encrypted with a key that sits on the same controller
    "<password>{AQAAABAAAAAQ" + _s(60, B64) + "=}</password>\n",
    # password hashes in server configs
    f"userlist admins\n    user ops password $6$rounds=5000${_s(16, ALNUM + './')}$"
    f"{_s(86, ALNUM + './')}\n",
    f"rootpw {{SSHA}}{_std64(24)}\n",
    f"user app on #{_hex(64)} ~app:* +@read +@write\n",
    f'users.users.deploy.hashedPassword = "$y$j9T${_s(22, ALNUM + "./")}$'
    f'{_s(43, ALNUM + "./")}";\n',
    f'"users": [{{"name": "orders", "password_hash": "{_std64(36)}", '
    '"hashing_algorithm": "rabbit_password_hashing_sha256", "tags": []}],\n',
]

SIXTH_ORDINARY: list[str] = [
    *DEBATABLE,
    # ---- environment listings, masked or by reference ----
    "$ printenv | sort\nDB_PASSWORD_FILE=/run/secrets/db_password\nHOME=/home/app\n"
    "PATH=/usr/local/bin:/usr/bin:/bin\nPYTHONDONTWRITEBYTECODE=1\n",
    "DATABASE_URL=postgres://app:****@db:5432/app\nREDIS_URL=redis://cache:6379/0\n",
    "Here is my env (token redacted):\n```\nAPI_BASE=https://api.example.com\n"
    "API_TOKEN=<redacted>\nLOG_LEVEL=debug\n```\n",
    "BASH=/bin/bash\nHISTFILE=/home/dev/.bash_history\nHISTFILESIZE=2000\n"
    "PS1='${debian_chroot:+($debian_chroot)}\\u@\\h:\\w\\$ '\n",
    'declare -x AWS_PROFILE="prod-readonly"\ndeclare -x AWS_REGION="eu-west-1"\n'
    'declare -x AWS_SDK_LOAD_CONFIG="1"\n',
    f"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus,guid={_hex(32)}\n"
    "SSH_AUTH_SOCK=/run/user/1000/keyring/ssh\nXDG_RUNTIME_DIR=/run/user/1000\n",
    f"GPG_KEY={_s(40, UPPER_HEX)}\nPYTHON_VERSION=3.12.4\nPYTHON_SHA256={_hex(64)}\n"
    "LANG=C.UTF-8\n",
    "KUBERNETES_SERVICE_HOST=10.96.0.1\nKUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443\n"
    f"HOSTNAME=web-6c9b7d8f4-l8k2z\nPOD_UID={_UUIDS[0]}\n",
    "NODE_VERSION=20.14.0\nYARN_VERSION=1.22.19\nNPM_CONFIG_LOGLEVEL=warn\n"
    "SECRET_KEY_FILE=/etc/app/secret_key\n",
    "VAULT_ADDR=https://vault.corp.example:8200\nVAULT_NAMESPACE=platform\n"
    "VAULT_TOKEN_PATH=/var/run/secrets/vault/token\n",
    "C:\\Users\\dev>set\nNUMBER_OF_PROCESSORS=16\nOS=Windows_NT\nPROCESSOR_IDENTIFIER=Intel64 "
    "Family 6 Model 85 Stepping 7, GenuineIntel\nPSModulePath=C:\\Program Files\\"
    "WindowsPowerShell\\Modules\n",
    "Name                  Value\n----                  -----\nCOMPUTERNAME          BLD-WIN-04\n"
    "NUGET_FEED_PASSWORD   ***\nRUNNER_OS             Windows\n",
    "GITHUB_SHA=" + _SHAS[0] + "\nGITHUB_REF=refs/heads/main\nGITHUB_RUN_ID=9471120863\n"
    "GITHUB_TOKEN=***\n",
    # ---- process tables ----
    "app   1423  2.1  1.3 912340 108412 ?  Ssl  09:12   3:01 /usr/bin/java -jar "
    "/opt/billing/billing.jar --spring.config.additional-location=/etc/billing/\n",
    "postgres  812  0.0  0.4 221304 34112 ?  Ss  Jun09  0:12 postgres: 16/main: checkpointer\n"
    "postgres  813  0.0  0.1 221168  9904 ?  Ss  Jun09  0:03 postgres: 16/main: walwriter\n",
    "$ cat /proc/2231/cmdline | tr '\\0' ' '\n/opt/pg_exporter/bin/pg_exporter --db.user=monitor"
    " --db.password-file=/etc/pg_exporter/pass --web.listen-address=:9187\n",
    'CommandLine\n"C:\\Program Files\\Vault Backup\\agent.exe" /server backup01 /user svc_backup '
    "/passfile C:\\ProgramData\\VaultBackup\\pass.dat\n",
    "  PID USER   PR  NI    VIRT    RES  %CPU COMMAND\n 8812 etl    20   0  412m    88m  97.0 "
    "python3 sync.py --since 2024-06-01 --batch-size 500\n",
    # ---- containers ----
    f'[\n    {{\n        "Id": "{_DIGESTS[0]}",\n        "Created": "2024-06-10T09:14:22.1183Z",\n'
    f'        "Image": "sha256:{_DIGESTS[1]}",\n',
    f'"RepoDigests": [\n    "registry.example.com/shop/api@sha256:{_DIGESTS[2]}"\n],\n',
    '"Env": [\n    "POSTGRES_PASSWORD_FILE=/run/secrets/pg_password",\n    "PGDATA=/var/lib/'
    'postgresql/data",\n    "GOSU_VERSION=1.17"\n],\n',
    f"CONTAINER ID   IMAGE              COMMAND                  STATUS\n{_hex(12)}   "
    "postgres:16.3     \"docker-entrypoint.s…\"   Up 3 hours (healthy)\n"
    f"{_hex(12)}   redis:7.2-alpine  \"docker-entrypoint.s…\"   Up 3 hours\n",
    f"REPOSITORY   TAG     DIGEST                                                                "
    f"   IMAGE ID\nnginx        1.27    sha256:{_DIGESTS[3]}   {_hex(12)}\n",
    f"<missing>      ADD file:{_DIGESTS[4]} in /\n<missing>      CMD [\"bash\"]\n",
    f"#5 sha256:{_DIGESTS[5]} 25.41MB / 29.13MB 1.2s\n"
    f"#5 extracting sha256:{_DIGESTS[5]} 0.9s done\n",
    "services:\n  db:\n    image: postgres:16.3\n    secrets:\n      - db_password\nsecrets:\n"
    "  db_password:\n    file: ./secrets/db_password.txt\n",
    "$ docker compose config\nerror while interpolating services.db.environment."
    "POSTGRES_PASSWORD: required variable POSTGRES_PASSWORD is missing a value: set it in .env\n",
    "WARNING! Your password will be stored unencrypted in /home/dev/.docker/config.json.\n"
    "Configure a credential helper to remove this warning. See\nhttps://docs.docker.com/go/"
    "credential-store/\n\nLogin Succeeded\n",
    f'  "imageRef": "registry.example.com/shop/api@sha256:{_DIGESTS[6]}",\n',
    "docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t shop/web:2.3.1 .\n",
    "RUN --mount=type=secret,id=pip_conf,target=/etc/pip.conf pip install -r requirements.txt\n",
    # ---- clusters ----
    "    Environment:\n      DATABASE_HOST:      postgres.db.svc.cluster.local\n"
    "      DATABASE_PASSWORD:  <set to the key 'password' in secret 'db-creds'>  Optional: false\n",
    f"    Container ID:   containerd://{_hex(64)}\n    Image:          registry.example.com/"
    f"shop/api:1.42.0\n    Image ID:       registry.example.com/shop/api@sha256:{_DIGESTS[7]}\n",
    f"metadata:\n  creationTimestamp: \"2024-06-10T09:14:22Z\"\n  generateName: api-7d9f8c6b5-\n"
    f"  resourceVersion: \"48213377\"\n  uid: {_UUIDS[1]}\n  ownerReferences:\n"
    f"  - kind: ReplicaSet\n    name: api-7d9f8c6b5\n    uid: {_UUIDS[2]}\n",
    "NAME                  TYPE                DATA   AGE\ndb-creds              Opaque"
    "              2      41d\nregistry-pull         kubernetes.io/dockerconfigjson   1      "
    "212d\n",
    "Name:         db-creds\nNamespace:    prod\nType:  Opaque\n\nData\n====\npassword:  "
    "24 bytes\nusername:  3 bytes\n",
    "data:\n  nginx.conf: |\n    worker_processes auto;\n    events { worker_connections 1024; }"
    "\nkind: ConfigMap\n",
    "apiVersion: v1\ndata:\n  ca.crt: |\n" + textwrap.indent(_CERT_PEM, "    ") + "\n"
    "kind: ConfigMap\nmetadata:\n  name: kube-root-ca.crt\n",
    "clusters:\n- cluster:\n    certificate-authority-data: "
    + _std64(_CERT_PEM.encode()) + "\n    server: https://4F2A9C1E.gr7.eu-west-1.eks.amazonaws"
    ".com\nusers:\n- name: eks\n  user:\n    exec:\n      command: aws\n      args: [eks, "
    "get-token, --cluster-name, prod]\n",
    '    kubectl.kubernetes.io/last-applied-configuration: |\n      {"apiVersion":"apps/v1",'
    '"kind":"Deployment","metadata":{"name":"api"},"spec":{"replicas":3}}\n',
    f'  Normal  Pulled  12s  kubelet  Successfully pulled image "registry.example.com/shop/api@'
    f'sha256:{_DIGESTS[8]}" in 2.118s\n',
    "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  secretStoreRef:\n"
    "    name: vault\n  data:\n    - secretKey: password\n      remoteRef:\n"
    "        key: secret/data/orders/db\n        property: password\n",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nspec:\n  encryptedData:\n"
    f"    password: AgB{_s(380, B64)}==\n",
    "kubectl -n prod create secret generic db-creds --from-file=password=./db-password.txt\n",
    f"LAST SEEN   TYPE     REASON    OBJECT                    MESSAGE\n2m   Normal   Scheduled"
    f"   pod/api-7d9f8c6b5-x2kqp   Successfully assigned prod/api-7d9f8c6b5-x2kqp to "
    f"ip-10-0-3-{_RNG.randint(10, 250)}\n",
    "        - name: DATABASE_PASSWORD\n          valueFrom:\n            secretKeyRef:\n"
    "              name: db-creds\n              key: password\n",
    # ---- helm, terraform, ansible ----
    "$ helm get values keycloak -n auth\nUSER-SUPPLIED VALUES:\nauth:\n  adminUser: admin\n"
    "  existingSecret: keycloak-admin\n  passwordSecretKey: admin-password\n",
    "      password: {{ .Values.postgresql.auth.password | quote }}\n"
    "      username: {{ .Values.postgresql.auth.username | default \"app\" }}\n",
    "NAME      NAMESPACE  REVISION  UPDATED                   STATUS    CHART          APP VERSION"
    "\nkeycloak  auth       14        2024-06-10 09:14:22 UTC   deployed  keycloak-21.4  24.0.5\n",
    f"dependencies:\n- name: postgresql\n  repository: oci://registry-1.docker.io/bitnamicharts\n"
    f"  version: 15.5.2\ndigest: sha256:{_hex(64)}\ngenerated: \"2024-06-10T09:14:22Z\"\n",
    "  + resource \"aws_db_instance\" \"reporting\" {\n      + engine   = \"postgres\"\n"
    "      + password = (sensitive value)\n      + username = \"reporting\"\n    }\n",
    "Outputs:\n\nadmin_password = <sensitive>\ncluster_endpoint = \"https://4F2A9C1E.gr7.eu-west"
    "-1.eks.amazonaws.com\"\n",
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.53.0"\n'
    f'  hashes = [\n    "h1:{_b64sum("aws 5.53")}",\n    "zh:{_hex(64)}",\n'
    f'    "zh:{_hex(64)}",\n  ]\n}}\n',
    f'      ~ id                     = "sg-0{_hex(16)}"\n      + arn                    = '
    "(known after apply)\n",
    f"# aws_instance.bastion:\nresource \"aws_instance\" \"bastion\" {{\n"
    f"    ami = \"ami-0{_hex(16)}\"\n    id  = \"i-0{_hex(16)}\"\n"
    f"    primary_network_interface_id = \"eni-0{_hex(16)}\"\n}}\n",
    'ok: [db01] => {\n    "censored": "the output has been hidden due to the fact that '
    "'no_log: true' was specified for this result\",\n    \"changed\": false\n}\n",
    "db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n"
    + "\n".join("          " + _hex(80) for _ in range(4)) + "\n",
    f'        "ansible_machine_id": "{_hex(32)}",\n        "ansible_ssh_host_key_ed25519_public":'
    f' "{_s(68, B64)}",\n',
    "- name: create reporting role\n  community.postgresql.postgresql_user:\n    name: reporting\n"
    '    password: "{{ vault_reporting_password }}"\n  no_log: true\n',
    # ---- git ----
    "credential.helper=store\nuser.name=Jane Doe\nuser.email=jane@example.com\n"
    f"user.signingkey={_s(16, UPPER_HEX)}\ncommit.gpgsign=true\n",
    "origin\tgit@github.com:acme/api.git (fetch)\norigin\tgit@github.com:acme/api.git (push)\n",
    "\n".join(f"{sha[:7]} {msg}" for sha, msg in zip(
        _SHAS[1:6], ["Fix flaky retry test", "Bump pg to 16.3", "Add export endpoint",
                     "Refactor config loading", "Update changelog"], strict=True)) + "\n",
    f"commit {_SHAS[6]}\nAuthor: Jane Doe <jane@example.com>\nDate:   Mon Jun 10 09:14:22 2024 "
    "+0200\n\n    Read the DB password from a file\n\n    Signed-off-by: Jane Doe "
    "<jane@example.com>\n",
    f"{_SHAS[7]}\tHEAD\n{_SHAS[7]}\trefs/heads/main\n{_SHAS[8]}\trefs/tags/v2.3.1\n",
    f"version https://git-lfs.github.com/spec/v1\noid sha256:{_DIGESTS[9]}\nsize 48213377\n",
    f"100644 blob {_SHAS[9]}\t.gitignore\n040000 tree {_SHAS[10]}\tsrc\n",
    f'Good "git" signature for jane@example.com with ED25519 key SHA256:{_s(43, B64)}\n',
    '[remote "origin"]\n\turl = https://github.com/acme/api.git\n\tfetch = +refs/heads/*:'
    'refs/remotes/origin/*\n[http "https://github.com/"]\n\textraheader =\n',
    "[command]/usr/bin/git config --local http.https://github.com/.extraheader AUTHORIZATION: "
    "basic ***\n",
    f"git bisect good {_SHAS[11]}\n# first bad commit: [{_SHAS[12]}] Cache config per tenant\n",
    f"diff --git a/app/config.py b/app/config.py\nindex {_hex(7)}..{_hex(7)} 100644\n",
    # ---- package managers and lock files ----
    '; "user" config from /home/dev/.npmrc\n\n//registry.npmjs.org/:_authToken = (protected)\n'
    "; node bin location = /usr/local/bin/node\n; cwd = /home/dev/web\n",
    "global.index-url='https://pypi.org/simple'\nglobal.timeout='60'\n"
    "site.break-system-packages='false'\n",
    '"node_modules/lodash": {\n  "version": "4.17.21",\n  "resolved": "https://registry.npmjs'
    f'.org/lodash/-/lodash-4.17.21.tgz",\n  "integrity": "{_sri_of("lodash-4.17.21")}"\n}},\n',
    f'"@babel/core@^7.24.0":\n  version "7.24.7"\n  resolved "https://registry.yarnpkg.com/'
    f'@babel/core/-/core-7.24.7.tgz#{_hex(40)}"\n  integrity {_sri_of("babel-core")}\n',
    f"golang.org/x/net v0.26.0 h1:{_b64sum('x/net 0.26')}\n"
    f"golang.org/x/net v0.26.0/go.mod h1:{_b64sum('x/net 0.26 mod')}\n",
    f'[[package]]\nname = "serde"\nversion = "1.0.203"\nsource = "registry+https://github.com/'
    f'rust-lang/crates.io-index"\nchecksum = "{_hex(64)}"\n',
    f'files = [\n    {{file = "requests-2.32.3-py3-none-any.whl", '
    f'hash = "sha256:{_hex(64)}"}},\n]\n',
    f'"hashes": [\n    "sha256:{_hex(64)}",\n    "sha256:{_hex(64)}"\n],\n',
    f"urllib3==2.2.1 \\\n    --hash=sha256:{_hex(64)} \\\n    --hash=sha256:{_hex(64)}\n",
    f'"source": {{\n    "type": "git",\n    "url": "https://github.com/symfony/console.git",\n'
    f'    "reference": "{_hex(40)}"\n}},\n',
    '<component group="com.google.guava" name="guava" version="33.2.1-jre">\n   <artifact '
    f'name="guava-33.2.1-jre.jar">\n      <sha256 value="{_hex(64)}" origin="Generated by '
    'Gradle"/>\n   </artifact>\n</component>\n',
    f"{_hex(40)}  commons-lang3-3.14.0.jar\n",
    f"  /zod@3.23.8:\n    resolution: {{integrity: {_sri_of('zod-3.23.8')}}}\n    dev: false\n",
    "@EXPLICIT\nhttps://conda.anaconda.org/conda-forge/linux-64/python-3.11.9-hb806964_0_"
    f"cpython.conda#{_hex(32)}\n",
    f'"Newtonsoft.Json": {{\n  "type": "Direct",\n  "resolved": "13.0.3",\n  "contentHash": '
    f'"{_std64(64)}"\n}},\n',
    "//npm.internal.example/:_authToken=${NPM_TOKEN}\nregistry=https://npm.internal.example/\n"
    "always-auth=true\n",
    # ---- cloud CLIs ----
    "      Name                    Value             Type    Location\n      ----       "
    "             -----             ----    --------\n   profile                <not set>   "
    "          None    None\naccess_key     ****************" + _s(4, BASE32_UPPER)
    + " shared-credentials-file\nsecret_key     ****************" + _s(4, B64)
    + " shared-credentials-file\n    region                eu-west-1      config-file    "
    "~/.aws/config\n",
    '{\n    "UserId": "' + "AI" "DA" + _s(17, BASE32_UPPER) + '",\n    "Account": "'
    '123456789012",\n    "Arn": "arn:aws:iam::123456789012:user/jane.doe"\n}\n',
    f'{{\n    "AcceptRanges": "bytes",\n    "ETag": "\\"{_hex(32)}\\"",\n    "VersionId": '
    f'"{_s(32, B64URL)}",\n    "ContentLength": 48213377\n}}\n',
    f"2024-06-10 09:14:22   48213377 exports/orders-2024-06.parquet\n\"ETag\": \"\\\"{_hex(32)}-12"
    "\\\"\"\n",
    f'"InstanceId": "i-0{_hex(16)}",\n"ImageId": "ami-0{_hex(16)}",\n"SubnetId": '
    f'"subnet-0{_hex(16)}",\n"VpcId": "vpc-0{_hex(16)}",\n',
    f'"KeyMetadata": {{\n    "KeyId": "{_UUIDS[3]}",\n    "Arn": "arn:aws:kms:eu-west-1:'
    f'123456789012:key/{_UUIDS[3]}",\n    "KeyUsage": "ENCRYPT_DECRYPT"\n}}\n',
    '{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/orders/db-'
    f'{_s(6)}",\n    "Name": "prod/orders/db",\n    "VersionIdsToStages": {{\n        '
    f'"{_UUIDS[4]}": ["AWSCURRENT"]\n    }}\n}}\n',
    "aws sts assume-role --role-arn arn:aws:iam::123456789012:role/deployer "
    "--role-session-name ci-9471120863\n",
    '"userIdentity": {\n    "type": "AssumedRole",\n    "accessKeyId": "' + _aws_id("AS" "IA")
    + f'",\n    "principalId": "AROA{_s(17, BASE32_UPPER)}:ci"\n}},\n"requestID": "{_UUIDS[5]}",\n',
    "[profile prod]\nsso_session = acme\nsso_account_id = 123456789012\nsso_role_name = "
    "ReadOnly\nregion = eu-west-1\n\n[sso-session acme]\nsso_start_url = https://acme.awsapps."
    "com/start\n",
    "[profile vault-prod]\ncredential_process = /usr/local/bin/aws-vault exec prod --json\n",
    "[core]\naccount = jane.doe@example.com\ndisable_usage_reporting = True\nproject = "
    "analytics-prod-311\n\n[compute]\nregion = europe-west1\n",
    "                  Credentialed Accounts\nACTIVE  ACCOUNT\n*       jane.doe@example.com\n"
    "        ci-deployer@analytics-prod-311.iam.gserviceaccount.com\n",
    f"KEY_ID                                    CREATED_AT            EXPIRES_AT\n{_hex(40)}  "
    "2024-05-02T10:11:12Z  9999-12-31T23:59:59Z\n",
    f"const CLIENT_ID = '{_RNG.randint(10**11, 10**12 - 1)}-{_s(32, LOWER_ALNUM)}"
    ".apps.googleusercontent.com';\n",
    "projects/analytics-prod-311/secrets/orders-db-password/versions/3\n",
    f'{{\n  "environmentName": "AzureCloud",\n  "id": "{_SUB}",\n  "isDefault": true,\n'
    f'  "tenantId": "{_TENANT}",\n  "user": {{"name": "jane@acme.onmicrosoft.com", "type": '
    '"user"}\n}\n',
    f"DisplayName    Id                                    AppId\n-----------    ----"
    f"\ngh-deployer    {_UUIDS[6]}  {_UUIDS[7]}\n",
    f"/subscriptions/{_SUB}/resourceGroups/rg-prod/providers/Microsoft.KeyVault/vaults/kv-prod\n",
    '[\n  {\n    "attributes": {"enabled": true},\n    "contentType": "password",\n    "id": '
    '"https://kv-prod.vault.azure.net/secrets/sql-admin",\n    "name": "sql-admin"\n  }\n]\n',
    f'"properties": {{\n  "etag": "0x8DC{_s(12, UPPER_HEX)}",\n  "contentSettings": {{\n'
    f'    "contentMd5": "{_std64(16)}"\n  }}\n}}\n',
    'Merged "aks-prod" as current context in /home/dev/.kube/config\n',
    # ---- HTTP dumps ----
    "> GET /v2/reports HTTP/2\n> Host: api.internal.example\n> authorization: Bearer <redacted>\n"
    ">\n< HTTP/2 200\n",
    f"< HTTP/2 200\n< content-type: application/json\n< x-request-id: {_UUIDS[8]}\n"
    f'< etag: W/"{_hex(16)}"\n< cf-ray: {_hex(16)}-AMS\n',
    f"< x-amz-request-id: {_s(16, UPPER_ALNUM)}\n< x-amz-id-2: {_s(76, B64)}\n"
    "< Server: AmazonS3\n",
    "* SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384\n* ALPN: server accepted h2\n"
    "* Server certificate:\n*  subject: CN=api.example.com\n*  start date: Apr  2 00:00:00 "
    "2024 GMT\n*  SSL certificate verify ok.\n",
    '"request": {\n  "method": "GET",\n  "url": "https://app.example.com/api/me",\n'
    '  "headers": [\n    {"name": "authorization", "value": "[REDACTED]"}\n  ]\n},\n'
    '"serverIPAddress": "203.0.113.7",\n',
    '"content": {\n  "size": 58,\n  "mimeType": "application/json",\n  "text": "'
    + _std64(b'{"ok":true,"items":[],"next":null,"took_ms":12}')
    + '",\n  "encoding": "base64"\n},\n',
    'fetch("https://app.example.com/api/items?page=2", {\n  "headers": {\n    "accept": '
    '"application/json",\n    "sec-ch-ua-platform": "\\"macOS\\""\n  },\n  "referrerPolicy": '
    '"strict-origin-when-cross-origin",\n  "method": "GET",\n  "credentials": "include"\n});\n',
    f"curl 'https://app.example.com/api/items' \\\n  -H 'x-request-id: {_UUIDS[9]}' \\\n"
    f"  -H 'traceparent: 00-{_hex(32)}-{_hex(16)}-01'\n",
    '{\n  "issuer": "https://id.example.com/realms/acme",\n  "authorization_endpoint": '
    '"https://id.example.com/realms/acme/protocol/openid-connect/auth",\n  "jwks_uri": '
    '"https://id.example.com/realms/acme/protocol/openid-connect/certs"\n}\n',
    f'{{"keys":[{{"kty":"RSA","kid":"{_s(43, B64URL)}","use":"sig","alg":"RS256","n":"'
    f'{_url64(256)}","e":"AQAB"}}]}}\n',
    f"https://id.example.com/authorize?response_type=code&client_id=spa-web&state="
    f"{_s(22, B64URL)}&nonce={_s(22, B64URL)}&code_challenge={_url64(32)}"
    "&code_challenge_method=S256\n",
    '{"access_token":"<redacted>","token_type":"Bearer","expires_in":3599,"scope":"read"}\n',
    f'{{"active": true, "client_id": "reporting", "sub": "{_UUIDS[10]}", "exp": 1718003600}}\n',
    f"X-GitHub-Delivery: {_UUIDS[11]}\nX-GitHub-Event: push\nX-Hub-Signature-256: sha256="
    f"{_hex(64)}\n",
    f"Stripe-Signature: t=1718003600,v1={_hex(64)},v0={_hex(64)}\n",
    f'Authorization: Digest username="svc", realm="api@example.com", nonce="{_hex(32)}", '
    f'uri="/v1/export", qop=auth, nc=00000001, cnonce="{_hex(16)}", response="{_hex(32)}"\n',
    "set-cookie: cookieconsent_status=dismiss; Path=/; Max-Age=31536000\nset-cookie: "
    "_ga=GA1.1.1838261441.1717000000; Domain=.example.com\n",
    f"content-security-policy: script-src 'self' 'nonce-{_std64(16)}'; object-src 'none'\n",
    f'<script src="https://cdn.example.com/app.4f2a9c1e.js" integrity="'
    f'{_sri_of("app.js", "sha384")}" crossorigin="anonymous"></script>\n',
    "POST /api/v1/transfers HTTP/2\nHost: bank-sandbox.example\nAuthorization: Bearer "
    "{{token}}\nContent-Type: application/json\n",
    # ---- connection errors and logs ----
    'psycopg2.OperationalError: connection to server at "10.0.3.4", port 5432 failed: FATAL:  '
    'password authentication failed for user "etl"\n',
    "SQLSTATE[HY000] [1045] Access denied for user 'forge'@'10.0.0.5' (using password: YES)\n",
    "[2024-06-10 09:14:22,118: ERROR/MainProcess] consumer: Cannot connect to "
    "amqp://orders:**@rabbit:5672//: [Errno 111] Connection refused.\n",
    "MongoServerSelectionError: connect ECONNREFUSED 10.0.2.4:27017\n    at Timeout._onTimeout "
    "(/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n",
    "org.postgresql.util.PSQLException: Connection to localhost:5432 refused. Check that the "
    "hostname and port are correct and that the postmaster is accepting TCP/IP connections.\n",
    "(error) WRONGPASS invalid username-password pair or user is disabled.\n",
    "Error: P1000: Authentication failed against database server at `db.internal`, the "
    "provided database credentials for `app` are not valid.\n",
    f"[2024-06-10 09:14:22] DEBUG [Fq2x9bLm] C: AUTH PLAIN {_NODEMAILER_AUTH}\n"
    "[2024-06-10 09:14:22] DEBUG [Fq2x9bLm] S: 235 2.7.0 Authentication successful\n",
    "250-smtp.example.com\n250-PIPELINING\n250-SIZE 36700160\n250-AUTH PLAIN LOGIN XOAUTH2\n"
    "250 STARTTLS\n",
    "* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE AUTH=PLAIN] ready.\n"
    "a1 LOGIN reports@example.com ********\na1 OK Logged in\n",
    "  env:\n    REGISTRY_USER: deployer\n    REGISTRY_PASSWORD: ***\n",
    "$ ./deploy.sh\n+ curl -s -H 'Authorization: Bearer [MASKED]' "
    "https://api.internal.example/deploy\n",
    "Masking supported pattern matches of $NEXUS_PASSWORD\n[Pipeline] sh\n+ ./gradlew publish "
    "-PrepoUser=ci -PrepoPassword=****\n",
    "##[debug]Evaluating: variables['dbPassword']\n##[debug]Result: '***'\n",
    "#!/bin/bash -eo pipefail\nexport NEXUS_TOKEN=********************\n",
    '{"name":"systemEnvironment","properties":{"DB_PASSWORD":{"value":"******",'
    '"origin":"System Environment Property \\"DB_PASSWORD\\""}}}\n',
    '  "properties": {\n    "password": "******",\n    "url": "jdbc:postgresql://pg:5432/orders",'
    '\n    "username": "orders"\n  }\n',
    "PHP Version => 8.2.19\n$_SERVER['DB_HOST'] => db.internal\n$_SERVER['DB_PORT'] => 3306\n",
    f'{{"event_id": "{_hex(32)}", "release": "api@{_SHAS[13]}", "contexts": {{"trace": '
    f'{{"trace_id": "{_hex(32)}", "span_id": "{_hex(16)}"}}}}}}\n',
    f"#  SIGSEGV (0xb) at pc=0x00007f{_hex(10)}, pid=4411, tid=4432\n#\n# JRE version: OpenJDK "
    "Runtime Environment (17.0.11+9)\n# Problematic frame:\n# C  [libc.so.6+0x9a3e1]\n",
    f"goroutine 1 [running]:\nmain.(*Client).Do(0xc000{_hex(6)}, {{0xc000{_hex(6)}, 0x1e}})\n"
    "\t/src/client.go:88 +0x1b4\n",
    'Traceback (most recent call last):\n  File "/app/settings.py", line 14, in <module>\n'
    "    DB_PASSWORD = os.environ['DB_PASSWORD']\nKeyError: 'DB_PASSWORD'\n",
    '  "header": {\n    "reportVersion": 3,\n    "event": "JavaScript API",\n    "filename": '
    '"report.20240610.091422.4411.0.001.json",\n    "nodejsVersion": "v20.14.0"\n  },\n',
    'Processing by SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>'
    '"[FILTERED]", "user"=>{"email"=>"jane@example.com", "password"=>"[FILTERED]"}}\n',
    "INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Command line argument: "
    "-Djava.util.logging.config.file=/usr/local/tomcat/conf/logging.properties\n",
    "Picked up JAVA_TOOL_OPTIONS: -Djavax.net.ssl.trustStore=/etc/pki/java/cacerts "
    "-XX:MaxRAMPercentage=75\n",
    ">>> print(settings)\ndb_host='pg.internal' db_port=5432 db_user='ingest' "
    "db_password=SecretStr('**********') debug=False\n",
    "INFO loaded config: AppConfig(name='billing', smtp_user='noreply', smtp_password=<masked>,"
    " smtp_port=587)\n",
    '{"level":"info","msg":"login","path":"/api/v1/login","body":{"email":"a.kowalski@'
    'example.com","password":"[REDACTED]"},"request_id":"' + _UUIDS[12] + '"}\n',
    '10.2.3.4 - - [03/Jun/2024:09:14:22 +0000] "POST /login HTTP/1.1" 302 0 "-" "Mozilla/5.0 '
    '(X11; Linux x86_64)"\n',
    # ---- languages ----
    "my $dbh = DBI->connect($ENV{DB_DSN}, $ENV{DB_USER}, $ENV{DB_PASS}, { RaiseError => 1 });\n",
    f'is(sha256_hex("abc"), "{_sha256_of("abc")}", "sha256 of abc");\n',
    'local pass = os.getenv("REDIS_PASSWORD")\nlocal ok, err = red:auth(pass)\n',
    'require("chatbuddy").setup({\n  api_key_cmd = "pass show api/chatbuddy",\n})\n',
    'token <- getEnv "API_TOKEN"\nmPass <- lookupEnv "DB_PASSWORD"\n',
    "slick.dbs.default.db.password = ${?DB_PASSWORD}\nplay.http.secret.key = "
    "${?APPLICATION_SECRET}\n",
    'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")\n',
    "{:db {:password #env DB_PASSWORD\n      :user #or [#env DB_USER \"orders\"]}}\n",
    f'[[deps.JSON3]]\ndeps = ["Dates", "Mmap", "Parsers"]\ngit-tree-sha1 = "{_hex(40)}"\n'
    f'uuid = "{_UUIDS[13]}"\nversion = "1.14.0"\n',
    'token = ENV["WAREHOUSE_TOKEN"]\nconn = LibPQ.Connection("host=db.internal '
    'dbname=warehouse user=analyst")\n',
    'pwd <- keyring::key_get("warehouse", "analyst")\ncon <- DBI::dbConnect(RPostgres::'
    'Postgres(), password = pwd)\n',
    f'"jsonlite": {{\n  "Package": "jsonlite",\n  "Version": "1.8.8",\n  "Source": '
    f'"Repository",\n  "Hash": "{_hex(32)}"\n}},\n',
    "token = getSecret(\"labToken\");\nopts = weboptions('HeaderFields', {'Authorization', "
    "['Bearer ' token]});\n",
    '(setq smtpmail-smtp-user "jdoe@example.com")\n(auth-source-pick-first-password '
    ':host "smtp.example.com")\n',
    "$cred = Get-AutomationPSCredential -Name 'SqlAdmin'\n@{ NodeName = 'WEB01'; "
    f"CertificateFile = 'C:\\dsc\\web01.cer'; Thumbprint = '{_s(40, UPPER_HEX)}' }}\n",
    'instance of MSFT_Credential as $MSFT_Credential1ref\n{\nPassword = "'
    + _pem("CMS", _bytes(300)).replace("\n", "\\n") + '";\n UserName = "CORP\\\\svc_web";\n};\n',
    "users.users.deploy.hashedPasswordFile = config.age.secrets.deploy-password.path;\n"
    'sops.secrets."db/password".owner = "postgres";\n',
    f"/nix/store/{_s(32, NIX32)}-openssl-3.0.13\n/nix/store/{_s(32, NIX32)}-python3-3.11.9\n",
    'src = fetchFromGitHub {\n  owner = "acme";\n  repo = "ledger";\n  rev = "'
    + _SHAS[14] + f'";\n  hash = "sha256-{_b64sum("ledger src")}";\n}};\n',
    f'"narHash": "sha256-{_b64sum("nixpkgs")}",\n"rev": "{_SHAS[15]}",\n'
    '"lastModified": 1717774105,\n',
    f'http_archive(\n    name = "rules_go",\n    sha256 = "{_hex(64)}",\n    urls = ["https://'
    'github.com/bazelbuild/rules_go/releases/download/v0.48.0/rules_go-v0.48.0.zip"],\n)\n',
    "try-import %workspace%/user.bazelrc\nbuild --credential_helper=*.example.com=%workspace%/"
    "tools/credential-helper\n",
    'ExternalProject_Add(zlib\n  URL https://zlib.net/zlib-1.3.1.tar.gz\n  URL_HASH SHA256='
    f'{_hex(64)}\n)\nset(API_KEY $ENV{{API_KEY}})\n',
    "//CXX compiler\nCMAKE_CXX_COMPILER:FILEPATH=/usr/bin/c++\n//Install path prefix\n"
    "CMAKE_INSTALL_PREFIX:PATH=/usr/local\n",
    "org.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nandroid.useAndroidX=true\n"
    "kotlin.code.style=official\n",
    "credentials(PasswordCredentials::class)\nval nexusPassword = providers.gradleProperty("
    '"nexusPassword")\n',
    'useInMemoryPgpKeys(System.getenv("SIGNING_KEY"), System.getenv("SIGNING_PASSWORD"))\n',
    "repositories:\n  - name: internal\n    url: https://charts.internal.example\n"
    '    username: helm\n    password: {{ requiredEnv "HELM_REPO_PASSWORD" }}\n',
    "      - db:\n          password: ref+vault://secret/data/helm/api#/db_password\n",
    "local db = { user: 'app', password: std.extVar('DB_PASSWORD') };\n"
    "local ca = importstr 'certs/ca.pem';\n",
    'db: password: string @tag(dbPassword)\ndb: host: *"db.internal" | string\n',
    'template {\n  data = <<EOT\n{{ with secret "kv/data/api" }}DB_PASSWORD={{ .Data.data.'
    "password }}{{ end }}\nEOT\n  destination = \"secrets/env\"\n}\n",
    f"Allocations\nID        Node ID   Task Group  Version  Desired  Status\n{_hex(8)}  "
    f"{_hex(8)}  api         14       run      running\n",
    "arguments:\n  parameters:\n    - name: image-tag\n      value: \"2.3.1\"\n"
    "    - name: db-password-secret\n      value: orders-db\n",
    f"  source:\n    repoURL: https://git.example.com/platform/deploy.git\n    targetRevision: "
    f"{_SHAS[16]}\n    path: apps/api\n",
    f"  results:\n    - name: IMAGE_DIGEST\n      value: sha256:{_DIGESTS[10]}\n",
    '          - usernamePassword:\n              id: nexus\n              username: deploy\n'
    '              password: "${NEXUS_PASSWORD}"\n',
    '          - string:\n              id: chat-token\n              secret: "${readFile:'
    '/run/secrets/chat-token}"\n',
    "flyway.url=jdbc:postgresql://db.internal:5432/app\nflyway.user=migrator\n"
    "flyway.password=${FLYWAY_PASSWORD}\n",
    "+-----------+---------+---------------------+------+---------------------+---------+"
    "\n| Category  | Version | Description         | Type | Installed On        | State   |\n"
    "| Versioned | 14      | add export table    | SQL  | 2024-06-10 09:14:22 | Success |\n",
    f"| 20240610-1 | jane | db/changelog/014.yaml | 9:{_hex(32)} | EXECUTED |\n",
    "[Service]\nLoadCredential=db-password:/etc/credstore/db-password\nExecStart=/usr/local/"
    "bin/app --db-password-file=%d/db-password\n",
    "SetCredentialEncrypted=db-password: \\\n        k6iUCUh0RJCQyvL8k8q1UyAAAAABAAAADAAAABAAAAB"
    + _s(60, B64) + " \\\n        " + _s(60, B64) + "==\n",
    f"● app.service - Ledger API\n     Loaded: loaded (/etc/systemd/system/app.service; enabled)\n"
    f"   Main PID: 4411 (app)\n   Invocation: {_hex(32)}\n",
    f"_BOOT_ID={_hex(32)}\n_MACHINE_ID={_hex(32)}\nMESSAGE=Started Ledger API.\n",
    # ---- web servers, proxies, VPNs ----
    "example.com {\n\ttls {\n\t\tdns cloudflare {env.CF_API_TOKEN}\n\t}\n"
    "\treverse_proxy localhost:8080\n}\n",
    "frontend https\n    bind :443 ssl crt /etc/haproxy/certs/site.pem alpn h2,http/1.1\n"
    "    default_backend api\n",
    '"private_key": {\n  "inline_string": "[redacted]"\n},\n"certificate_chain": {\n'
    '  "filename": "/etc/envoy/cert.pem"\n},\n',
    "tls_certificate_sds_secret_configs:\n  - name: server_cert\n    sds_config:\n"
    "      path_config_source:\n        path: /etc/envoy/sds.yaml\n",
    'AuthLDAPBindDN "cn=apache,ou=svc,dc=corp,dc=example"\nAuthLDAPBindPassword "exec:/usr/local'
    '/sbin/ldap-bind-pass"\n',
    "SSLCertificateFile /etc/ssl/certs/portal.crt\nSSLCertificateKeyFile /etc/ssl/private/"
    "portal.key\nSSLCipherSuite HIGH:!aNULL:!MD5\n",
    f'map $ssl_client_fingerprint $client_name {{\n    default "";\n    "{_hex(40)}" "billing";\n'
    f'    "{_hex(40)}" "reporting";\n}}\n',
    'auth_basic "Restricted";\nauth_basic_user_file /etc/nginx/.htpasswd;\n'
    "ssl_password_file /etc/nginx/ssl/passphrases;\n",
    "add_header Content-Security-Policy \"script-src 'self' "
    f"'sha256-{_b64sum('inline-boot')}'\";\n",
    "client\nremote vpn.corp.example 1194 udp\nauth-user-pass /etc/openvpn/client/auth.txt\n"
    "verify-x509-name vpn.corp.example name\n<ca>\n" + _CERT_PEM + "\n</ca>\n",
    "2024-06-10 09:14:22 VERIFY OK: depth=0, CN=vpn.corp.example\n2024-06-10 09:14:22 Data "
    "Channel: cipher 'AES-256-GCM', peer-id: 3\n2024-06-10 09:14:22 Initialization Sequence "
    "Completed\n",
    ": RSA /etc/ipsec.d/private/gw.key.pem\n",
    f"office: #3, ESTABLISHED, IKEv2, {_hex(16)}_i* {_hex(16)}_r\n  local  'gw.corp.example' @ "
    "198.51.100.4[4500]\n",
    "[vpn]\nservice-type=org.freedesktop.NetworkManager.openvpn\nusername=jdoe\n"
    "password-flags=1\n",
    f"interface: wg0\n  public key: {_WG_PUB[0]}\n  private key: (hidden)\n  listening port: "
    f"51820\n\npeer: {_WG_PUB[1]}\n  endpoint: 203.0.113.7:51820\n  latest handshake: 48 "
    "seconds ago\n",
    f"[Interface]\nAddress = 10.8.0.1/24\nPostUp = wg set %i private-key /etc/wireguard/%i.key\n"
    f"\n[Peer]\nPublicKey = {_WG_PUB[2]}\nAllowedIPs = 10.8.0.2/32\n",
    f"[WireGuard]\nPrivateKeyFile=/etc/systemd/network/wg0.key\n\n[WireGuardPeer]\nPublicKey="
    f"{_WG_PUB[3]}\nEndpoint=vpn.example.net:51820\n",
    # ---- monitoring ----
    "    basic_auth:\n      username: prom\n      password_file: /etc/prometheus/node.pass\n",
    "    authorization:\n      type: Bearer\n      credentials_file: /var/run/secrets/"
    "kubernetes.io/serviceaccount/token\n",
    'node_exporter_build_info{branch="HEAD",goversion="go1.22.4",revision="'
    + _SHAS[17] + '",version="1.8.1"} 1\n',
    "global:\n  smtp_auth_username: alerts@example.com\n  smtp_auth_password_file: "
    "/etc/alertmanager/smtp.pass\n",
    "    pagerduty_configs:\n      - routing_key_file: /etc/alertmanager/pd.key\n",
    f'{{"status":"firing","labels":{{"alertname":"HighLatency"}},"fingerprint":"{_hex(16)}",'
    '"startsAt":"2024-06-10T09:14:22Z"}\n',
    "    secureJsonData:\n      password: $PG_PASSWORD\n      tlsClientKey: $__file{/run/"
    "secrets/pg-client.key}\n",
    f'{{\n  "uid": "{_s(14, LOWER_ALNUM)}",\n  "title": "API latency",\n  "datasource": {{"type": '
    f'"prometheus", "uid": "{_s(9, ALNUM)}"}}\n}}\n',
    "storage_config:\n  aws:\n    bucketnames: loki-chunks\n    access_key_id: ${S3_ACCESS_KEY_ID}"
    "\n    secret_access_key: ${S3_SECRET_ACCESS_KEY}\n",
    "clients:\n  - url: https://logs.example.net/loki/api/v1/push\n    basic_auth:\n"
    "      username: \"412233\"\n      password_file: /etc/promtail/loki.pass\n",
    f'{{"stream":{{"app":"api","pod":"api-7d9f8c6b5-x2kqp"}},"values":[["1718003662118472000",'
    f'"GET /healthz 200 request_id={_UUIDS[14]}"]]}}\n',
    # ---- data pipelines, brokers, stores ----
    "[database]\nsql_alchemy_conn_cmd = /usr/local/bin/airflow-db-uri\n[webserver]\n"
    "secret_key_cmd = cat /run/secrets/airflow-webserver-key\n",
    "[secrets]\nbackend = airflow.providers.hashicorp.secrets.vault.VaultBackend\n"
    'backend_kwargs = {"connections_path": "airflow/connections", "url": "https://vault:8200"}\n',
    "Marking run <DagRun sync_orders @ 2024-06-10 00:00:00+00:00: scheduled__2024-06-10T00:00:"
    "00+00:00, state:running, queued_at: 2024-06-10 00:00:03.118+00:00> successful\n",
    "      password: \"{{ env_var('DBT_PASSWORD') }}\"\n"
    "      user: \"{{ env_var('DBT_USER') }}\"\n",
    f'"checksum": {{"name": "sha256", "checksum": "{_hex(64)}"}},\n"invocation_id": '
    f'"{_UUIDS[15]}",\n',
    "spark.hadoop.fs.s3a.aws.credentials.provider  com.amazonaws.auth."
    "InstanceProfileCredentialsProvider\n",
    "spark.hadoop.fs.s3a.secret.key\t*********(redacted)\nspark.jdbc.password\t"
    "*********(redacted)\n",
    "24/06/10 09:14:22 INFO Client: Submitted application application_1718000000000_0042\n"
    "\t tracking URL: http://rm.internal:8088/proxy/application_1718000000000_0042/\n",
    '"database.password": "${file:/opt/kafka/secrets/connect.properties:db.password}",\n',
    "\tconnection.password = [hidden]\n\tconnection.url = jdbc:mysql://db:3306/sink\n"
    "\tconnection.user = sink\n",
    f"Cluster ID: {_s(22, B64URL)}\nBroker 1 at kafka-0.kafka:9092 (controller)\n",
    f"# Server\nredis_version:7.2.5\nrun_id:{_hex(40)}\n# Replication\nrole:master\n"
    f"master_replid:{_hex(40)}\n",
    "# requirepass is unset; users live in the ACL file\naclfile /etc/redis/users.acl\n",
    "security:\n  keyFile: /etc/mongo/keyfile\n  authorization: enabled\nreplication:\n"
    "  replSetName: rs0\n",
    f'  $clusterTime: {{\n    clusterTime: Timestamp({{ t: 1718003662, i: 1 }}),\n    signature:'
    f' {{\n      hash: Binary.createFromBase64("{_std64(20)}", 0),\n      keyId: Long("'
    f'{_RNG.randint(10**18, 10**19 - 1)}")\n    }}\n  }},\n',
    f'{{ _id: ObjectId("{_hex(24)}"), orderId: ObjectId("{_hex(24)}"), status: "shipped" }}\n',
    f"output.elasticsearch:\n  hosts: [\"https://es01:9200\"]\n  ssl.ca_trusted_fingerprint: "
    f"\"{_hex(64)}\"\n",
    '{\n  "username": "kibana-prod",\n  "authentication_type": "api_key",\n  "api_key": '
    f'{{"id": "{_s(20, B64URL)}", "name": "fleet-server"}}\n}}\n',
    "cloud.id: \"prod-logs:" + _std64(f"eu-west-1.aws.found.io$"
                                       f"{_hex(32)}${_hex(32)}".encode()) + "\"\n",
    # ---- directories, identity, signing ----
    f"dn: uid=jdoe,ou=people,dc=corp,dc=example\nentryUUID: {_UUIDS[16]}\n"
    f"objectGUID:: {_std64(16)}\nobjectSid:: {_std64(28)}\n",
    "Keytab name: FILE:/etc/krb5.keytab\nKVNO Timestamp         Principal\n---- ----------------"
    "- --------------------------------------------------------\n   3 06/10/2024 09:14:22 "
    "HTTP/web01.corp.example@CORP.EXAMPLE (aes256-cts-hmac-sha1-96)\n",
    "[realms]\n    CORP.EXAMPLE = {\n        kdc = dc01.corp.example\n        admin_server = "
    "dc01.corp.example\n    }\n",
    "<md:KeyDescriptor use=\"signing\">\n  <ds:KeyInfo>\n    <ds:X509Data>\n      "
    f"<ds:X509Certificate>{_CERT_B64}</ds:X509Certificate>\n    </ds:X509Data>\n  </ds:KeyInfo>"
    "\n</md:KeyDescriptor>\n",
    f"<ds:DigestValue>{_b64sum('assertion')}</ds:DigestValue>\n</ds:Reference>\n</ds:SignedInfo>\n"
    f"<ds:SignatureValue>{_std64(256)}</ds:SignatureValue>\n",
    '"sp": {\n  "entityId": "https://app.example.com/saml/metadata",\n  "x509cert": "'
    + _CERT_B64 + '",\n  "privateKey": ""\n}\n',
    f'"config": {{\n  "kid": ["{_s(43, B64URL)}"],\n  "certificate": ["{_CERT_B64}"],\n'
    '  "priority": ["100"]\n}\n',
    'git_url("https://git.example.com/mobile/certs.git")\nstorage_mode("git")\ntype("appstore")'
    '\napp_identifier(["com.acme.shop"])\nreadonly(true)\n',
    "<dict>\n    <key>method</key>\n    <string>app-store</string>\n    <key>teamID</key>\n"
    f"    <string>{_s(10, UPPER_ALNUM)}</string>\n    <key>provisioningProfiles</key>\n"
    f"    <dict>\n        <key>com.acme.shop</key>\n        <string>{_UUIDS[17].upper()}"
    "</string>\n    </dict>\n</dict>\n",
    f'Signing Identity:     "Apple Distribution: Acme Ltd ({_s(10, UPPER_ALNUM)})"\n'
    f'Provisioning Profile: "Shop AppStore"\n                      ({_UUIDS[18]})\n',
    "storeFile file(keystoreProperties['storeFile'])\nstorePassword keystoreProperties"
    "['storePassword']\nkeyAlias keystoreProperties['keyAlias']\n",
    f"Alias name: release\nCreation date: Jun 10, 2024\nEntry type: PrivateKeyEntry\n"
    f"Certificate fingerprints:\n\t SHA1: {_colon_hex(20)}\n\t SHA256: {_colon_hex(32)}\n",
    # ---- backup and storage clients ----
    "[s3-backup]\ntype = s3\nprovider = AWS\nenv_auth = true\nregion = eu-west-1\n",
    f'{{"Path":"orders-2024-06.parquet","Size":48213377,"Hashes":{{"md5":"{_hex(32)}",'
    f'"sha1":"{_hex(40)}"}}}}\n',
    "[default]\n# keys come from the instance role\naccess_key =\nsecret_key =\n"
    "host_base = s3.amazonaws.com\nuse_https = True\n",
    f"ID        Time                 Host    Tags  Paths\n{_hex(8)}  2024-06-10 02:00:04  nas01"
    f"         /srv\n{_hex(8)}  2024-06-11 02:00:03  nas01         /srv\n",
    "restic -r s3:s3.amazonaws.com/acme-backups --password-file /etc/restic/pass backup /srv\n",
    f"nas01-2024-06-10T02:00:04    Mon, 2024-06-10 02:00:05 [{_hex(64)}]\n",
    f"k{_hex(32)}  2024-06-10 02:00:04 UTC  48.2 MB  files:1842 dirs:211\n",
    "primary_conninfo = 'user=replicator passfile=/var/lib/postgresql/.pgpass host=10.0.1.5 "
    "port=5432 sslmode=verify-full'\n",
    f"             Source_UUID: {_UUIDS[19]}\n      Retrieved_Gtid_Set: {_UUIDS[19]}:1-48213\n",
    f"Database system identifier:           {_RNG.randint(10**18, 10**19 - 1)}\n"
    "Database cluster state:               in production\n",
    "+ Cluster: pg-prod (7361200118812345678) ------+----+-----------+\n| Member | Host     | "
    "Role    | State     | TL | Lag in MB |\n| pg-0   | 10.0.1.5 | Leader  | running   | 14 |"
    "           |\n",
    # ---- API clients and browsers ----
    '"values": [\n  {"key": "access_token", "value": "", "type": "secret", "enabled": true},\n'
    '  {"key": "baseUrl", "value": "https://api.example.com", "enabled": true}\n],\n',
    "vars {\n  baseUrl: https://api.example.com\n}\nvars:secret [\n  token\n]\n",
    "@host = https://api.example.com\n@token = {{$dotenv API_TOKEN}}\n\nGET {{host}}/me\n"
    "Authorization: Bearer {{token}}\n",
    f"> localStorage\nStorage {{theme: 'dark', ajs_anonymous_id: '\"{_UUIDS[20]}\"', "
    "sidebar: 'collapsed', length: 3}\n",
    "> document.cookie\n'_gid=GA1.2.1441838261.1718000000; _fbp=fb.1.1718000000118."
    "1838261441; cookie_consent=accepted'\n",
    # ---- vendor ids that are public ----
    "PERSONA_TEMPLATE_ID=itmpl_Yt8mDxQ3pRw2\n# inquiry inq_7HcV2rQpL9sN4xZ created\n",
    "Environment env-6qz1x2  Cluster lkc-7xq2v9  Service account sa-r8k3m1\n",
    f"https://www.pinterest.com/pin/{_RNG.randint(10**17, 10**18 - 1)}/\n",
    "Forwarding  https://3f2a-203-0-113-7.ngrok-free.app -> http://localhost:8080\n",
    f"addr1{_s(98, '023456789acdefghjklmnpqrstuvwxyz')}\n",
    f"12{_s(48, BASE58)}@us1.storj.io:7777\n",
    f'"organizationId": "{_RNG.randint(10**5, 10**6)}", '
    f'"networkId": "L_{_RNG.randint(10**17, 10**18)}", "serial": "Q2XX-7K2M-9Q4Z"\n',
    f"helicone-id: {_UUIDS[21]}\n",
    f'{{"request_id": "{_UUIDS[22]}", "status": "IN_QUEUE", "queue_position": 3}}\n',
    f"svix-id: msg_{_s(27)}\nsvix-timestamp: 1718003662\nsvix-signature: v1,{_std64(32)}\n",
    f'{{"keyId": "key_{_s(22, BASE58)}", "apiId": "api_{_s(14, BASE58)}", "valid": true}}\n',
    f'{{"id": "{_ulid()}", "name": "orders/shipped", "ts": 1718003662118}}\n',
    f"Run run_{_s(25, LOWER_ALNUM)} completed in 4.2s\n",
    f"DeepSource | Artifact published successfully\ncommit_oid: {_SHAS[18]}\n",
    f"Query id: {_UUIDS[23]}\n\n+-count()-+\n|   48213 |\n+---------+\n",
    f"sandbox {_s(20, LOWER_ALNUM)} started (template base, 2 vCPU)\n",
]


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, SIXTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("sixth", FAMILIES, SIXTH_SECRETS, SIXTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(80, 300, 250))

_self_check()
