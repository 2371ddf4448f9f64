"""A ninth credentials corpus, written blind, weighted to agent ledgers, niche formats and people.

Its author saw neither the scanner, its rules nor the samples of the eight earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py`` and
``credential_corpus_fourth.py`` to ``credential_corpus_eighth.py``); only their family names,
collected by code so that every family here is new (``_self_check`` holds that), the helpers
``Family``, ``Values``, ``family`` and ``split_by_family`` of the third, and the opening and
closing structure of the eighth, so that the same measuring code runs on this one.  It is
weighted, about a third each, toward:

* what a coding agent writes in a ledger entry: facts "verified by" a command with its output
  (wget, grpcurl, mysqladmin), stack traces and error pages of Node, Java, PHP, Ruby, Elixir, Go,
  Rust, .NET and Python (``http.client`` debug lines), CI logs of GitHub Actions, GitLab,
  Jenkins, Buildkite and CircleCI, runbook tables, tool-call arguments and results, docker,
  kubectl, helm and terraform output, ``git stash show -p`` and diff hunks, fixtures, copied
  HTTP exchanges, mitmproxy and OpenTelemetry dumps, framework debug pages and verbose
  package-manager logs;
* config and credential files of tools the earlier corpora do not name (ZeroMQ CURVE
  certificates, Erlang cookies, Zigbee and Z-Wave keys, LoRaWAN, ThingsBoard, Golioth, Tasmota,
  Jetty ``OBF:``, ``pg_service.conf``, Mercurial and Subversion, ``schtasks`` / ``sc`` /
  ``appcmd`` / PsExec / ``cmdkey``, Pulsar, Centrifugo, Nakama, BGP and NTP keys, PowerDNS,
  Varnish, CouchDB, SurrealDB, xcconfig, GigaChat, Infobip, M-Pesa Daraja, WeChat Pay, Alipay,
  Teleport, kintone, Concourse) and vendor tokens with their prefixes, many from payment
  providers in Asia, Latin America and Africa (``VENDOR_FAMILIES``);
* passwords people choose (seasons and words with years, names with dates, keyboard walks,
  leetspeak, passphrases) where they type them: database shells, remote desktops, NAS and
  router pages, Wi-Fi, chat and tickets in German, French, Spanish, Portuguese, Czech, Greek,
  Hebrew, Persian, Bengali, Thai, Swahili, Chinese, Japanese, Russian and Tamil-English,
  spreadsheets, wiki tables, sticky notes, post-mortems, shell history and here-docs.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three or more ``(setting, text)`` samples placed as people paste them.
``NINTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``NINTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands, traces and configs with the value masked, templated, prompted for or read from a
    store; the public values that sit beside secrets (commit SHAs, digests, UUIDs, request and
    trace ids, public keys, fingerprints, client ids, ETags, integrity hashes, nonces); code that
    handles a secret by name only; password policy text and prose about credentials that holds
    none, in several languages.  ``DEBATABLE`` names the entries a reasonable scanner could
    refuse; ``UNSURE_FAMILIES`` the families a reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator (``random.Random(9_2026_12_06)``) with the length,
alphabet and, where a format has one, the checksum or inner structure of their kind; people's
passwords come from a generator of the patterns people use; each sample draws fresh values.
Distinctive prefixes and armour are split in the source, so no literal here is a real secret or
stops a push-protection scanner.  Templates name their values ``@@A`` .. ``@@Z`` (single
letters; a diff hunk header such as ``@@ -4,6 +4,7 @@`` is real text, not a placeholder).
"""

# ruff: noqa: RUF001

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import string
import uuid

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, Values, family, split_by_family

_RNG = random.Random(9_2026_12_06)

ALNUM = string.ascii_letters + string.digits
LOWER = string.ascii_lowercase
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
UPPER_HEX = "0123456789ABCDEF"
DIGITS = string.digits
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"


def _s(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _hex(n: int) -> str:
    return _s(n, HEX)


def _b64(nbytes: int) -> str:
    return base64.b64encode(_RNG.randbytes(nbytes)).decode()


def _b64url(nbytes: int) -> str:
    return base64.urlsafe_b64encode(_RNG.randbytes(nbytes)).decode().rstrip("=")


def _uuid() -> str:
    return str(uuid.UUID(int=_RNG.getrandbits(128), version=4))


def _enc(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


def _z85(nbytes: int = 32) -> str:
    """Z85 (ZeroMQ's base85) of fresh bytes, never holding ``@@``."""
    while True:
        data = _RNG.randbytes(nbytes)
        out: list[str] = []
        for i in range(0, len(data), 4):
            value = int.from_bytes(data[i:i + 4], "big")
            chunk = []
            for _ in range(5):
                value, rest = divmod(value, 85)
                chunk.append(Z85[rest])
            out.extend(reversed(chunk))
        text = "".join(out)
        if "@@" not in text:
            return text


def _jwt(header: dict[str, object], payload: dict[str, object], sig: int = 32) -> str:
    def part(obj: dict[str, object]) -> str:
        raw = json.dumps(obj, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")
    return f"{part(header)}.{part(payload)}.{_b64url(sig)}"


def _sha1() -> str:
    return hashlib.sha1(_RNG.randbytes(16)).hexdigest()


def _jetty_obf(secret: str) -> str:
    """Jetty's reversible ``OBF:`` obfuscation of ``secret``."""
    out = []
    raw = secret.encode()
    for i, b1 in enumerate(raw):
        b2 = raw[len(raw) - (i + 1)]
        i1, i2 = 127 + b1 + b2, 127 + b1 - b2
        i0 = i1 * 256 + i2
        digits = ""
        n = i0
        while n:
            n, r = divmod(n, 36)
            digits = "0123456789abcdefghijklmnopqrstuvwxyz"[r] + digits
        out.append(digits.rjust(4, "0"))
    return "OBF:" + "".join(out)


# People's passwords: the patterns people pick, with words from several languages.
_WORDS = ["Sonnenblume", "Falke", "Bergsee", "Kaffee", "Tornado", "Mariposa", "Girasol",
          "Soleil", "Papillon", "Gatto", "Tulp", "Kwiatek", "Slunce", "Kedi", "Pantera",
          "Dragon", "Monkey", "Sunshine", "Pinguin", "Delfin", "Jaguar", "Lampada", "Bambus",
          "Matahari", "Sakura", "Tigre", "Raposa", "Lobo", "Orzel", "Chui", "Simba", "Mango",
          "Kartoffel", "Bicicleta", "Cerveza", "Chocolat", "Fenix", "Olympos", "Dolphin"]
_NAMES = ["Lukas", "Marta", "Jonas", "Ines", "Sofia", "Mehmet", "Ayse", "Kasia", "Tomas",
          "Pieter", "Giulia", "Diego", "Yuki", "Minh", "Putri", "Amina", "Olek", "Dimitri",
          "Noa", "Reza", "Arjun", "Rahim", "Somchai", "Wanjiru", "Chen", "Jiwoo", "Baraka"]
_SEASONS = ["Sommer", "Winter", "Herbst", "Fruehling", "Summer", "Autumn", "Spring", "Verano",
            "Invierno", "Primavera", "Ete", "Hiver", "Estate", "Inverno", "Zomer", "Lato",
            "Zima", "Jesien", "Leto", "Podzim", "Kalokairi", "Kiangazi", "Natsu", "Fuyu"]
_WALKS = ["1qaz2wsx", "Qwertz123!", "zaq1@WSX", "asdfgh123", "Qwerty!234", "1q2w3e4r5t",
          "qazwsx!23", "!QAZ2wsx", "Asdf1234!", "poiuy0987", "Zxcvbn12#", "ytrewq321",
          "Qaywsx2024", "1234qwer!", "azerty123", "Azerty2024!"]
_PLAIN = ["lamp", "river", "cactus", "violin", "pepper", "harbor", "tiger", "maple", "socks",
          "banjo", "comet", "walrus", "kiwi", "anchor", "velvet", "orbit", "noodle", "cobalt",
          "meadow", "pixel", "saffron", "tundra", "quokka", "lantern", "biscuit", "granite"]
_LEET = str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "$"})
_COMPANIES = ["Acme", "Nordwind", "Brightlane", "Kovalska", "Sunhill", "Tecmar", "Bluefjord"]


def _pw(*, spaces: bool = False) -> str:
    """A password a person would choose, in one of the patterns people use."""
    while True:
        pick = _RNG.randrange(9)
        year = str(_RNG.choice(range(1978, 2027)))
        sym = _RNG.choice("!#$%&*?.+")
        if pick == 0:
            text = f"{_RNG.choice(_SEASONS)}{year}{sym}"
        elif pick == 1:
            day, month = _RNG.randint(1, 28), _RNG.randint(1, 12)
            text = f"{_RNG.choice(_NAMES).lower()}{day:02d}{month:02d}"
        elif pick == 2:
            text = _RNG.choice(_WALKS)
        elif pick == 3:
            word = _RNG.choice(_WORDS)
            text = word[0] + word[1:].lower().translate(_LEET) + year[-2:] + sym
        elif pick == 4:
            sep = _RNG.choice("-._ " if spaces else "-._")
            words = _RNG.sample(_PLAIN, _RNG.choice((3, 4)))
            text = sep.join(words) + (str(_RNG.randint(2, 99)) if _RNG.random() < 0.5 else "")
        elif pick == 5:
            text = f"{_RNG.choice(_COMPANIES)}{year}{sym}"
        elif pick == 6:
            text = f"{_RNG.choice(_NAMES)}{year}"
        elif pick == 7:
            text = f"{_RNG.choice(_WORDS)}{sym}{_RNG.randint(1000, 9999)}"
        else:
            text = f"{_RNG.choice(_WORDS).lower()}{_RNG.choice(_NAMES)}{year[-2:]}"
        if "@@" not in text and "'" not in text and '"' not in text:
            return text


def _fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace(f"@@{key}", value)
    return template


def _f(name: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values`` into their template (half set later)."""
    return Family(name, "A", tuple((setting, _fill(text, values())) for setting, text in samples))


def _pwv() -> dict[str, str]:
    return {"P": _pw()}


def _pwsv() -> dict[str, str]:
    return {"P": _pw(spaces=True)}



# --- 1. What an agent writes into a ledger entry -------------------------------------------

_AGENT: list[Family] = [
    _f(
        "ledger fact verified by wget with header", lambda: {"T": _b64url(32), "R": _uuid()},
        ("fact", "Fact: the export endpoint streams CSV. Verified by `wget -qO- --header="
         "\"Authorization: Bearer @@T\" https://reports.acme.dev/v2/export?month=2026-11 | "
         "head -2` -> `id,amount,currency` then `7731,129.00,EUR`."),
        ("debug note", "wget --header='X-Api-Token: @@T' -S https://files.acme.dev/nightly.tgz\n"
         "  HTTP/1.1 200 OK\n  X-Request-Id: @@R\n  Content-Length: 48213991\n"
         "So the 403 from yesterday was the expired token, not the bucket policy."),
        ("ci step", "- name: fetch fixtures\n  run: wget --header \"PRIVATE-TOKEN: @@T\" -O "
         "fixtures.zip https://git.acme.dev/api/v4/projects/42/jobs/artifacts/main/download"),
    ),
    _f(
        "ledger fact verified by grpcurl metadata", lambda: {"T": _b64url(36), "K": _s(40)},
        ("fact", "Verified the inventory service answers over TLS:\n$ grpcurl -H 'authorization: "
         "Bearer @@T' inventory.acme.internal:443 acme.inventory.v1.Stock/List\n{\n  \"items\": "
         "[{\"sku\": \"B-2231\", \"count\": 14}]\n}"),
        ("reproduction", "grpcurl -plaintext -rpc-header 'x-api-key: @@K' -d '{\"id\": 77}' "
         "localhost:9090 billing.Invoices/Get\nERROR:\n  Code: NotFound\n  Message: invoice 77"),
        ("makefile", "grpc-smoke:\n\tgrpcurl -H \"x-api-key: @@K\" $(HOST):443 list"),
    ),
    _f(
        "ledger fact verified by mysqladmin ping", lambda: {"P": _s(24), "Q": _s(20)},
        ("fact", "Fact: the replica accepts the app user again. Verified by `mysqladmin -h "
         "db-replica-2 -u app --password=@@P ping` -> `mysqld is alive`."),
        ("debug summary", "Root cause: the migration job used an old password. After rotating, "
         "`mysqladmin -uroot -p@@Q status` printed `Uptime: 812  Threads: 4  Questions: 9931`."),
        ("runbook step", "3. Check the primary: `mysqladmin --user=monitor --password='@@P' "
         "--host=10.20.0.11 extended-status | grep Threads_connected`"),
    ),
    _f(
        "node unhandled rejection with axios config headers",
        lambda: {"T": _b64url(30), "K": "sk" "_live_" + _s(24)},
        ("stack trace", "AxiosError: Request failed with status code 502\n    at settle "
         "(/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: "
         "'https://api.partner.io/v1/orders',\n    method: 'post',\n    headers: {\n      "
         "Accept: 'application/json',\n      Authorization: 'Bearer @@T'\n    },\n  },\n  code: "
         "'ERR_BAD_RESPONSE'"),
        ("ledger note", "The 502s come from the partner gateway, not us. From the pod log:\n"
         "  headers: { 'Content-Type': 'application/json', 'X-Partner-Key': '@@K' }\n"
         "  status: 502, statusText: 'Bad Gateway'"),
        ("jest output", "  ● payments › retries on 503\n\n    expect(received).toEqual(expected)\n"
         "    - Expected\n    + Received\n      Object {\n    +   \"authorization\": "
         "\"Bearer @@T\",\n        \"retries\": 3,"),
    ),
    _f(
        "java caused-by with jdbc url password", lambda: {"P": _s(18, ALNUM + "!#%")},
        ("stack trace", "org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to "
         "obtain JDBC Connection\nCaused by: java.sql.SQLException: Access denied for user "
         "'orders'@'10.4.0.17' (using password: YES)\n  url=jdbc:mysql://db.acme.internal:3306/"
         "orders?user=orders&password=@@P&useSSL=true\n\tat com.mysql.cj.jdbc.exceptions."
         "SQLError.createSQLException(SQLError.java:130)"),
        ("ledger debug", "HikariPool-1 - Exception during pool initialization.\n"
         "jdbcUrl........................jdbc:postgresql://pg-main:5432/ledger?password=@@P&"
         "user=ledger\nThe password in the URL wins over spring.datasource.password, which is "
         "why the rotation did not take."),
        ("gradle test output", "LedgerRepositoryIT > initializationError FAILED\n    "
         "org.postgresql.util.PSQLException: FATAL: password authentication failed for user "
         "\"ledger\"\n    (url: jdbc:postgresql://localhost:5432/ledger_it?user=ledger&password="
         "@@P)"),
    ),
    _f(
        "php pdo exception stack with password argument", lambda: {"P": _s(20)},
        ("stack trace", "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] "
         "Connection refused in /var/www/app/src/Db.php:14\nStack trace:\n#0 /var/www/app/src/"
         "Db.php(14): PDO->__construct('mysql:host=db;d...', 'shop', '@@P', Array)\n#1 /var/www/"
         "app/public/index.php(9): App\\Db::connect()\n#2 {main}"),
        ("ledger note", "Laravel log after the deploy:\n[2026-11-30 08:12:44] production.ERROR: "
         "SQLSTATE[HY000] [1045] Access denied ... #0 vendor/laravel/framework/src/Illuminate/"
         "Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=10.0....', "
         "'forge', '@@P', Array)"),
        ("bug report", "After upgrading to PHP 8.3 the cron fails with\n```\n#0 cron.php(22): "
         "mysqli->__construct('127.0.0.1', 'cron', '@@P', 'stats')\n```"),
    ),
    _f(
        "ruby faraday error with authorization header", lambda: {"T": _hex(40), "S": _s(32)},
        ("stack trace", "Faraday::UnauthorizedError: the server responded with status 401\n"
         "request: {:method=>:get, :url=>\"https://api.vendor.io/v3/users\", :request_headers=>"
         "{\"Authorization\"=>\"Token token=@@T\", \"User-Agent\"=>\"Faraday v2.9.0\"}}\n"
         "  /usr/local/bundle/gems/faraday-2.9.0/lib/faraday/response/raise_error.rb:26"),
        ("ledger summary", "Sidekiq retries of SyncContactsJob all die with 401. The job logs "
         "its client: #<Vendor::Client api_key=\"@@S\", region=\"eu\">. Key was revoked on the "
         "vendor side on Friday."),
        ("rspec failure", "Failure/Error: expect(client.headers).to eq({})\n  expected: {}\n"
         "       got: {\"X-Api-Secret\"=>\"@@S\"}"),
    ),
    _f(
        "elixir ecto connection error with password", lambda: {"P": _s(22)},
        ("iex output", "** (DBConnection.ConnectionError) connection not available\n[error] "
         "Postgrex.Protocol (#PID<0.412.0>) failed to connect: ** (Postgrex.Error) FATAL 28P01 "
         "(invalid_password) password authentication failed for user \"shop\"\nconfig: "
         "[hostname: \"db\", username: \"shop\", password: \"@@P\", database: \"shop_prod\"]"),
        ("ledger note", "Repo config as the release sees it (from `bin/shop remote` -> "
         "`Application.get_env(:shop, Shop.Repo)`):\n[url: \"ecto://shop:@@P@db.internal/shop"
         "\", pool_size: 10, ssl: true]"),
        ("mix test output", "  1) test creates order (Shop.OrdersTest)\n     ** (RuntimeError) "
         "could not connect: url=ecto://postgres:@@P@localhost/shop_test"),
    ),
    _f(
        "go test failure diff with token", lambda: {"T": "tok_" + _s(32), "K": _hex(48)},
        ("go test", "--- FAIL: TestClientAuth (0.00s)\n    client_test.go:41: header mismatch\n"
         "        got:  \"Bearer @@T\"\n        want: \"Bearer \"\nFAIL\tgithub.com/acme/billing/"
         "client\t0.012s"),
        ("testify diff", "Error:      \tNot equal:\n\t\texpected: \"\"\n\t\tactual  : \"@@K\"\n"
         "Test:       \tTestLoadConfig/from_env\nMessages:   \tWEBHOOK_SECRET should be empty "
         "in tests"),
        ("ledger debug", "TestSync fails only on CI. Output:\n    sync_test.go:88: request "
         "headers: map[Authorization:[Bearer @@T] Content-Type:[application/json]]"),
    ),
    _f(
        "rust reqwest error with api key query", lambda: {"K": _hex(32), "T": _s(40)},
        ("panic", "thread 'main' panicked at src/weather.rs:52:10:\ncalled `Result::unwrap()` "
         "on an `Err` value: reqwest::Error { kind: Status(429), url: \"https://api.weatherapi."
         "example/v1/current.json?key=@@K&q=Berlin\" }"),
        ("tracing log", "2026-11-29T10:03:11Z ERROR sync: request failed error=error sending "
         "request for url (https://api.tiles.example/v4/z/3/4.png?access_key=@@T): operation "
         "timed out"),
        ("ledger note", "cargo test output shows the key in the URL because reqwest::Error "
         "prints it:\n  Err(reqwest::Error { kind: Decode, url: \"https://geo.example.org/lookup?"
         "api_key=@@K&ip=1.2.3.4\" })"),
    ),
    _f(
        "dotnet httpclient log with bearer", lambda: {"T": _b64url(48), "K": _b64(32)},
        ("log", "info: System.Net.Http.HttpClient.Default.LogicalHandler[100]\n      Start "
         "processing HTTP request GET https://graph.acme.dev/v1/users\ntrce: System.Net.Http."
         "HttpClient.Default.ClientHandler[102]\n      Request Headers:\n      Authorization: "
         "Bearer @@T"),
        ("exception", "System.Net.Http.HttpRequestException: Response status code does not "
         "indicate success: 401 (Unauthorized).\n   Request: POST https://queue.acme.dev/api/"
         "push\n   Headers: { x-functions-key: @@K }\n   at Acme.Worker.Push.SendAsync() in "
         "/src/Worker/Push.cs:line 44"),
        ("ledger note", "Turned on trace logging for HttpClient to see why the call fails; it "
         "printed `Authorization: Bearer @@T` - the token is for the test tenant."),
    ),
    _f(
        "http.client debuglevel send line", lambda: {"T": _s(40), "B": _enc("svc-sync:" + _s(20))},
        ("python debug", "send: b'GET /api/v2/tickets.json HTTP/1.1\\r\\nHost: acme.helpdesk."
         "example\\r\\nUser-Agent: python-requests/2.32.3\\r\\nAuthorization: Bearer @@T\\r\\n"
         "\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'"),
        ("ledger debug", "With http.client.HTTPConnection.debuglevel = 1:\nsend: b'POST /upload "
         "HTTP/1.1\\r\\nAuthorization: Basic @@B\\r\\nContent-Length: 5120\\r\\n\\r\\n'\n"
         "reply: 'HTTP/1.1 413 Payload Too Large\\r\\n'"),
        ("issue comment", "Here is the debug output you asked for:\n```\nsend: b'GET /v1/me "
         "HTTP/1.1\\r\\nX-Auth-Token: @@T\\r\\n\\r\\n'\nreply: 'HTTP/1.1 500 Internal Server "
         "Error\\r\\n'\n```"),
    ),
    _f(
        "github actions debug evaluate env", lambda: {"T": _s(36), "P": _s(24)},
        ("actions log", "##[debug]Evaluating: secrets.DEPLOY_TOKEN\n##[debug]Evaluating Index:"
         "\n##[debug]..Evaluating secrets:\n##[debug]..=> Object\n##[debug]=> '@@T'\n##[debug]"
         "Result: '@@T'"),
        ("ledger note", "The step prints the env because it runs `env | sort` before deploy:\n"
         "2026-11-28T09:14:03.1120411Z DB_HOST=pg.acme.internal\n2026-11-28T09:14:03.1120633Z "
         "DB_PASSWORD=@@P\n(the value comes from an input, not from secrets, so it is not "
         "masked)"),
        ("workflow log", "Run ./scripts/release.sh\n  ./scripts/release.sh\n  shell: /usr/bin/"
         "bash -e {0}\n  env:\n    REGISTRY_TOKEN: @@T\n+ docker login -u ci --password-stdin "
         "registry.acme.dev"),
    ),
    _f(
        "gitlab ci job log export line", lambda: {"T": _s(28), "P": _s(22)},
        ("job log", "$ export SONAR_TOKEN=@@T\n$ sonar-scanner -Dsonar.host.url=https://sonar."
         "acme.dev\nINFO: Scanner configuration file: /opt/sonar-scanner/conf/sonar-scanner."
         "properties"),
        ("ledger note", "GitLab job 88123 shows the password because the script does `echo "
         "\"using $DB_URL\"`:\nusing postgres://app:@@P@pg.internal:5432/app\nThe variable is not "
         "masked since it contains ':' and '@'."),
        ("job log with xtrace", "Running with gitlab-runner 17.5.2\n$ set -x\n++ curl -sf "
         "-H 'Authorization: token @@T' https://api.acme.dev/deploy"),
    ),
    _f(
        "jenkins console sh trace with credential", lambda: {"T": _hex(34), "P": _s(16)},
        ("console", "[Pipeline] sh\n+ curl -s -X POST -H 'X-Deploy-Token: @@T' https://deploy."
         "acme.dev/hooks/app\n{\"queued\":true}\n[Pipeline] }"),
        ("console with maven", "[Pipeline] withEnv\n[Pipeline] {\n[Pipeline] sh\n+ mvn -B "
         "deploy -Drepo.pass=@@P -Drepo.user=ci\n[INFO] Scanning for projects..."),
        ("ledger note", "Jenkins only masks values bound with withCredentials; this one comes "
         "from a plain parameter, so the console shows `+ ./publish.sh --token @@T`."),
    ),
    _f(
        "buildkite agent pre-command hook output", lambda: {"T": _s(40), "K": _hex(32)},
        ("build log", "~~~ Running agent environment hook\n$ /etc/buildkite-agent/hooks/"
         "environment\n# NPM_TOKEN added\n# NPM_TOKEN=@@T\n~~~ Running commands"),
        ("docker build log", "--- :docker: build\n+ docker build --build-arg LICENSE_KEY=@@K "
         "-t app:1f3a .\n#5 [2/6] RUN ./install-license.sh"),
        ("ledger note", "Buildkite redacts only variables named like *_SECRET; ours is "
         "ANALYTICS_KEY, so the log keeps `ANALYTICS_KEY=@@K`."),
    ),
    _f(
        "circleci step output printing env", lambda: {"T": _hex(40), "P": _s(20)},
        ("step output", "#!/bin/bash -eo pipefail\necho \"deploying with $HEROKU_API_KEY\"\n"
         "deploying with @@T\nCircleCI received exit code 0"),
        ("ssh rerun", "circleci@ip-10-0-3-7:~/project$ printenv | grep -i pass\n"
         "POSTGRES_PASSWORD=@@P\ncircleci@ip-10-0-3-7:~/project$"),
        ("ledger note", "Found it in the `Install` step of job 4412: `+ ./configure --api-key "
         "@@T` (set -x plus a project env var that CircleCI did not mask in the argument)."),
    ),
    _f(
        "runbook markdown table of service credentials",
        lambda: {"P": _s(20), "Q": _s(24), "T": _s(32)},
        ("runbook", "| Service | User | Password | Notes |\n|---|---|---|---|\n| Grafana | admin "
         "| @@P | rotate quarterly |\n| RabbitMQ | svc-orders | @@Q | vhost /orders |"),
        ("ledger entry", "Env for the staging stack:\n\n| Variable | Value |\n|---|---|\n| "
         "`APP_ENV` | staging |\n| `MAIL_PASSWORD` | `@@Q` |\n| `STATS_TOKEN` | `@@T` |"),
        ("wiki", "|| Name || Endpoint || Token ||\n| status-page | https://status.acme.dev/api | "
         "@@T |"),
    ),
    _f(
        "agent write_file call with dotenv content", lambda: {"K": _s(40), "P": _s(24)},
        ("tool call", "{\"tool\": \"write_file\", \"arguments\": {\"path\": \".env.local\", "
         "\"content\": \"DATABASE_URL=postgres://app:@@P@localhost:5432/app\\nSEARCH_API_KEY="
         "@@K\\n\"}}"),
        ("xml tool call", "<invoke name=\"create_file\">\n<parameter name=\"path\">config/secrets."
         "yml</parameter>\n<parameter name=\"content\">search:\n  api_key: @@K\n</parameter>\n"
         "</invoke>"),
        ("ledger note", "Created `.env.test` via edit tool with `REDIS_PASSWORD=@@P` so that "
         "the integration suite can reach the shared Redis."),
    ),
    _f(
        "agent shell tool result echoing config", lambda: {"P": _s(22), "T": _s(36)},
        ("tool result", "{\"tool\": \"bash\", \"exit_code\": 0, \"stdout\": \"[client]\\nuser="
         "backup\\npassword=@@P\\nhost=db-1\\n\"}"),
        ("tool result of cat", "$ cat ~/.config/acme/cli.json\n{\n  \"endpoint\": \"https://api.acme.dev"
         "\",\n  \"token\": \"@@T\"\n}\n(exit 0)"),
        ("ledger fact", "Fact: the cron host still uses the old service token. Verified by "
         "`ssh cron-1 grep TOKEN /etc/default/reporter` -> `REPORTER_TOKEN=@@T`."),
    ),
    _f(
        "docker inspect label secret", lambda: {"K": _s(32), "P": _s(18)},
        ("docker inspect", "$ docker inspect -f '{{json .Config.Labels}}' api\n{\"com.acme.team"
         "\":\"payments\",\"com.acme.license\":\"@@K\",\"org.opencontainers.image.revision\":"
         "\"9c1e2f7\"}"),
        ("ledger note", "The image carries the license key as a label (set with `--label "
         "com.acme.license=@@K` in the Makefile), so anyone pulling it can read it."),
        ("docker history", "IMAGE          CREATED BY\n3f2a9c1d0b7e   ENV PGPASSWORD=@@P\n"
         "a8c4e6f1d2b3   COPY app /app"),
    ),
    _f(
        "kubectl exec env output", lambda: {"P": _s(24), "T": _s(40)},
        ("kubectl", "$ kubectl exec -n shop deploy/api -- env | grep -E 'DB|TOKEN'\nDB_HOST="
         "pg-rw.shop.svc\nDB_PASSWORD=@@P\nSLACK_TOKEN=@@T"),
        ("ledger fact", "Verified by `kubectl -n billing exec billing-7d9f-xk2p -- printenv "
         "STRIPE_SECRET` -> `@@T`; the pod still has the pre-rotation value."),
        ("debug summary", "kubectl exec -it redis-0 -- redis-cli -a @@P INFO replication\n"
         "Warning: Using a password with '-a' or '-u' option on the command line interface may "
         "not be safe.\nrole:master"),
    ),
    _f(
        "helm install notes printing password", lambda: {"P": _s(10), "Q": _s(16)},
        ("helm output", "NAME: pg\nSTATUS: deployed\nNOTES:\n** Please be patient while the "
         "chart is being deployed **\nPostgreSQL can be accessed via port 5432.\n  user: "
         "postgres\n  password: @@Q"),
        ("ledger note", "helm install monitoring printed `Grafana admin password: @@P` in the "
         "NOTES; the chart echoes adminPassword from values."),
        ("ci log", "+ helm upgrade --install mq bitnami/rabbitmq -n mq\nNOTES:\nCredentials:\n"
         "    echo \"Username      : user\"\n    echo \"Password      : @@Q\""),
    ),
    _f(
        "terraform console output secret", lambda: {"P": _s(20), "K": _b64(30)},
        ("terraform console", "> random_password.db.result\n\"@@P\"\n> "
         "azurerm_storage_account.logs.primary_access_key\n\"@@K\""),
        ("ledger note", "`terraform output -raw admin_password` returns `@@P` even though the "
         "output is marked sensitive - -raw does not redact."),
        ("apply log", "module.cache.aws_elasticache_replication_group.this: Creation complete\n"
         "Outputs:\n\nauth_token = \"@@P\"\nendpoint = \"cache.abc123.euw1.cache.amazonaws.com"
         "\""),
    ),
    _f(
        "git stash show patch with secret", lambda: {"P": _s(20), "K": _s(40)},
        ("git stash", "$ git stash show -p stash@{0}\ndiff --git a/.env b/.env\nindex 3b18e51.."
         "9d1c2aa 100644\n--- a/.env\n+++ b/.env\n@@ -2,3 +2,3 @@\n-MAIL_PASSWORD=\n+"
         "MAIL_PASSWORD=@@P"),
        ("ledger note", "The WIP stash from the laptop holds `+MAPS_KEY=@@K` in "
         "config/local.py; dropped it instead of applying."),
        ("git reflog", "$ git log -p -1 stash^3 -- settings.ini\n+[upstream]\n+token = @@K"),
    ),
    _f(
        "diff hunk in a properties file", lambda: {"P": _s(18), "K": _s(32)},
        ("diff", "--- a/src/main/resources/application-prod.properties\n+++ b/src/main/"
         "resources/application-prod.properties\n@@ -11,4 +11,5 @@\n spring.datasource.username="
         "orders\n-spring.datasource.password=${DB_PASSWORD}\n+spring.datasource.password=@@P"),
        ("review comment", "This hunk hard-codes the key:\n```diff\n+mail.smtp.password=@@P\n"
         "+maps.api.key=@@K\n```\nPlease move both to the vault."),
        ("git show", "commit 4f1c9e0a2b7d\n    temp: point at staging\n\ndiff --git a/gradle."
         "properties b/gradle.properties\n@@ -1,2 +1,3 @@\n org.gradle.jvmargs=-Xmx2g\n+"
         "sonatypePassword=@@P"),
    ),
    _f(
        "conftest fixture live token", lambda: {"T": _s(40), "K": _hex(32)},
        ("conftest", "@pytest.fixture\ndef client():\n    return ApiClient(base_url=\"https://api."
         "acme.dev\", token=\"@@T\")"),
        ("fixture json", "tests/fixtures/account.json:\n{\n  \"account_id\": 88,\n  "
         "\"webhook_secret\": \"@@K\",\n  \"plan\": \"pro\"\n}"),
        ("ledger note", "The recorded fixture in tests/data/login_ok.yaml still contains the "
         "staging token (`access_token: @@T`); regenerated it with a fake."),
    ),
    _f(
        "http response body issuing api key", lambda: {"K": "ak_" + _s(32), "S": _s(48)},
        ("http response", "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\": "
         "\"key_01JD\", \"name\": \"ci\", \"key\": \"@@K\", \"created_at\": \"2026-11-30\"}"),
        ("ledger fact", "Fact: POST /v1/service-accounts returns the secret only once. Verified "
         "by the response `{\"client_id\": \"svc-ci\", \"client_secret\": \"@@S\"}`."),
        ("httpie", "$ http POST :8000/api/tokens name=bot\nHTTP/1.1 200 OK\n{\n    \"token\": "
         "\"@@S\"\n}"),
    ),
    _f(
        "websocket upgrade request with token query", lambda: {"T": _b64url(32)},
        ("request", "GET /live?token=@@T HTTP/1.1\nHost: ws.acme.dev\nUpgrade: websocket\n"
         "Connection: Upgrade\nSec-WebSocket-Version: 13"),
        ("wscat", "$ wscat -c 'wss://stream.acme.dev/v1/quotes?access_token=@@T'\nConnected "
         "(press CTRL+C to quit)\n< {\"type\":\"hello\"}"),
        ("ledger note", "The socket drops after 60s; reproduced with `websocat "
         "\"wss://rt.acme.dev/socket?auth=@@T\"`."),
    ),
    _f(
        "bruno environment file secret", lambda: {"T": _s(40), "P": _s(16)},
        ("bru file", "vars {\n  baseUrl: https://api.acme.dev\n  apiToken: @@T\n}"),
        ("bru request", "auth:basic {\n  username: admin\n  password: @@P\n}"),
        ("insomnia export", "{\"_type\": \"environment\", \"data\": {\"base_url\": "
         "\"https://api.acme.dev\", \"token\": \"@@T\"}}"),
    ),
    _f(
        "mitmproxy flow dump token", lambda: {"T": _b64url(40), "C": _b64url(32)},
        ("mitmdump", "127.0.0.1:51822: GET https://api.app.example/v2/feed\n    "
         "authorization: Bearer @@T\n    user-agent: okhttp/4.12.0\n << 200 OK 14.1k"),
        ("ledger note", "Captured the mobile app login with mitmproxy; the app sends `cookie: "
         "session=@@C` on every call and never refreshes it."),
        ("charles export", "Request Header:\nPOST /graphql HTTP/2\nx-app-token: @@T\n"
         "content-type: application/json"),
    ),
    _f(
        "otel span attributes auth header", lambda: {"T": _b64url(32), "K": _hex(40)},
        ("otel json", "{\"name\": \"GET /v1/orders\", \"attributes\": {\"http.request.method\": "
         "\"GET\", \"http.request.header.authorization\": [\"Bearer @@T\"], \"server.address\": "
         "\"orders\"}}"),
        ("jaeger ui copy", "Tags:\nhttp.url  https://pay.acme.dev/charge?api_key=@@K\n"
         "http.status_code  200\nspan.kind  client"),
        ("ledger note", "The collector keeps request headers (`capture_headers: [\"*\"]`), so "
         "Tempo now stores `x-api-key: @@K` on every span."),
    ),
    _f(
        "django debug page non-masked setting", lambda: {"P": _s(18), "K": _s(32)},
        ("debug page", "Settings\nUsing settings module shop.settings\nSetting\tValue\n"
         "ALLOWED_HOSTS\t['*']\nEMAIL_URL\t'smtp://shop%40acme.dev:@@P@smtp.acme.dev:587'\n"
         "DEBUG\tTrue"),
        ("ledger note", "DEBUG was on in staging; the yellow page lists `CACHE_URL = "
         "'redis://:@@P@cache:6379/0'` - Django masks names with PASS or KEY, not URLs."),
        ("bug report", "Traceback page shows under Local vars:\nconn_str\t'Server=sql1;User Id="
         "reports;Password=@@P;'"),
    ),
    _f(
        "laravel error page env dump", lambda: {"P": _s(20), "K": _s(32)},
        ("ignition", "Environment Variables\nAPP_ENV  staging\nDB_HOST  10.0.0.9\n"
         "MAILGUN_SECRET  @@K\nREDIS_PASSWORD  @@P"),
        ("ledger note", "The Whoops page of the old admin app lists `PUSHER_APP_SECRET => \"@@K\"` "
         "under Server/Request Data; APP_DEBUG must be false there."),
        ("screenshot transcription", "Server/Request Data\nDB_USERNAME\tforge\nDB_PASSWORD\t@@P"),
    ),
    _f(
        "spring boot startup log datasource url", lambda: {"P": _s(16), "Q": _s(22)},
        ("startup log", "2026-11-30T07:44:01.112Z  INFO 1 --- [main] o.s.b.w.e.tomcat."
         "TomcatWebServer: Tomcat initialized\n2026-11-30T07:44:01.507Z DEBUG 1 --- [main] "
         "c.a.config.DbConfig: Connecting to jdbc:sqlserver://sql01;databaseName=crm;user="
         "crm_app;password=@@P"),
        ("ledger note", "Liquibase prints its command line at DEBUG: `--url=jdbc:postgresql://"
         "pg:5432/app --username=app --password=@@Q`."),
        ("flyway output", "Flyway Community Edition 10.20.1\nDatabase: jdbc:mysql://root:@@P@"
         "db:3306/inventory (MySQL 8.0)"),
    ),
    _f(
        "npm verbose log with auth token", lambda: {"T": _s(36), "B": _enc("ci:" + _s(20))},
        ("npm log", "npm verbose cli /usr/local/bin/node /usr/local/bin/npm\nnpm verbose "
         "config //registry.acme.dev/:_authToken=@@T\nnpm http fetch GET 200 https://registry."
         "acme.dev/@acme%2fui 211ms"),
        ("ledger note", "`npm config list` on the runner shows `; \"user\" config from /home/ci/"
         ".npmrc\n//npm.pkg.acme.dev/:_auth = \"@@B\"`."),
        ("yarn log", "➤ YN0000: ┌ Resolution step\n[debug] npmAuthToken: \"@@T\" (from "
         ".yarnrc.yml)"),
    ),
    _f(
        "pip verbose log index url credential", lambda: {"P": _s(24), "T": _s(40)},
        ("pip log", "Looking in indexes: https://ci:@@P@pypi.acme.dev/simple\nCollecting "
         "acme-core==3.4.1\n  Downloading https://pypi.acme.dev/packages/acme_core-3.4.1.whl"),
        ("ledger note", "uv prints the index URL with credentials on failure: `error: Failed to "
         "fetch: https://__token__:@@T@gitlab.acme.dev/api/v4/projects/7/packages/pypi/simple/"
         "acme-auth/`."),
        ("poetry output", "Source (acme): https://deploy:@@P@nexus.acme.dev/repository/pypi/"
         "simple\n  - Installing acme-utils (2.0.4)"),
    ),
    _f(
        "cargo registry login transcript", lambda: {"T": _s(32), "K": _s(36)},
        ("terminal", "$ cargo login --registry acme @@T\n       Login token for `acme` saved"),
        ("ledger note", "Set up the private registry; `cat ~/.cargo/credentials.toml` shows\n"
         "[registries.acme]\ntoken = \"Bearer @@K\""),
        ("ci log", "+ cargo publish --registry acme --token @@T\n    Packaging acme-proto "
         "v0.9.2"),
    ),
    _f(
        "duckdb create secret statement",
        lambda: {"I": "AK" "IA" + _s(16, UPPER_ALNUM), "S": _s(40, ALNUM + "+/"), "P": _s(20),
                 "G": "GOOG" "1E" + _s(55, UPPER_ALNUM)},
        ("sql", "CREATE SECRET lake (\n    TYPE s3,\n    KEY_ID '@@I',\n    SECRET '@@S',\n    "
         "REGION 'eu-central-1'\n);"),
        ("ledger decision", "Decision: query the warehouse from DuckDB directly. Config line:\n"
         "`ATTACH 'dbname=dwh host=pg-dwh user=analyst password=@@P' AS dwh (TYPE postgres);`"),
        ("notebook cell", "con.sql(\"CREATE SECRET (TYPE gcs, KEY_ID '@@G', SECRET '@@S')\")"),
    ),
    _f(
        "ledger decision quoting an ini section", lambda: {"P": _s(20), "K": _hex(32)},
        ("ledger decision", "Decision: keep the exporter on its own user. The line in question, "
         "from /etc/exporter/exporter.ini:\n[database]\nuser = exporter\npassword = @@P"),
        ("ledger decision on setup.cfg", "We pin the mirror in setup.cfg ([easy_install] "
         "index_url = https://mirror:@@P@pypi.acme.dev/simple) until the proxy is fixed."),
        ("ledger question", "Is `[hooks]\\nsecret = @@K` in deploy.ini still used by "
         "anything? Nothing reads it after the move to GitHub Apps."),
    ),
]


# --- 2. Config and credential files of tools and formats ----------------------------------

def _zigbee_key() -> str:
    return "[" + ", ".join(str(_RNG.randrange(256)) for _ in range(16)) + "]"


def _svn_values() -> dict[str, str]:
    password = _pw()
    return {"P": password, "L": str(len(password)), "Q": _s(18)}


def _cookie() -> str:
    return _s(20, string.ascii_uppercase)


def _gigachat() -> str:
    return _enc(f"{_uuid()}:{_uuid()}")


_FORMATS: list[Family] = [
    _f(
        "zeromq curve secret key", lambda: {"P": _z85(), "S": _z85()},
        ("zcert file", "#   ****  Generated on 2026-10-02 09:11:40 by CZMQ  ****\n#   ZeroMQ "
         "CURVE **Secret** Certificate\n#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change "
         "its permissions.\n\nmetadata\n    name = \"worker-07\"\ncurve\n    public-key = \"@@P\"\n"
         "    secret-key = \"@@S\""),
        ("python", "server = ctx.socket(zmq.ROUTER)\nserver.curve_secretkey = b\"@@S\"\n"
         "server.curve_publickey = b\"@@P\"\nserver.curve_server = True"),
        ("env", "ZMQ_SERVER_PUBLIC=@@P\nZMQ_SERVER_SECRET=@@S"),
    ),
    _f(
        "erlang distribution cookie", lambda: {"C": _cookie(), "D": _s(32, LOWER_ALNUM)},
        ("terminal", "$ sudo cat /var/lib/rabbitmq/.erlang.cookie\n@@C"),
        ("vm.args", "## Name of the node\n-name shop@10.0.4.12\n\n## Cookie for distributed "
         "erlang\n-setcookie @@D"),
        ("compose", "services:\n  rabbit:\n    image: rabbitmq:3.13-management\n    environment:\n"
         "      RABBITMQ_ERLANG_COOKIE: \"@@C\""),
    ),
    _f(
        "zigbee network key", lambda: {"K": _zigbee_key(), "E": _hex(16)},
        ("zigbee2mqtt", "advanced:\n  pan_id: 6754\n  ext_pan_id: [221, 221, 221, 221, 221, 221, "
         "221, 221]\n  network_key: @@K\n  channel: 15"),
        ("ledger note", "Moved the coordinator; kept the old mesh by copying `network_key: @@K` "
         "from the old configuration.yaml."),
        ("zha backup", "{\"network_info\": {\"network_key\": {\"key\": \"@@E@@E\", \"seq\": 0}, "
         "\"pan_id\": \"1A62\", \"channel\": 15}}"),
    ),
    _f(
        "zwave s2 security keys", lambda: {"A": _hex(32).upper(), "B": _hex(32).upper()},
        ("zwave-js-ui settings", "{\"zwave\": {\"port\": \"/dev/ttyUSB0\", \"securityKeys\": "
         "{\"S2_Unauthenticated\": \"@@A\", \"S2_Authenticated\": \"@@B\", \"S0_Legacy\": "
         "\"@@A\"}}}"),
        ("home assistant addon", "network_key: @@A\ns2_access_control_key: @@B\n"
         "s2_authenticated_key: @@A"),
        ("env", "KEY_S0_Legacy=@@A\nKEY_S2_AccessControl=@@B"),
    ),
    _f(
        "lorawan app key", lambda: {"K": _hex(32).upper(), "E": _hex(16).upper()},
        ("arduino", "// LoRaWAN OTAA\nconst char *appEui = \"0000000000000000\";\n"
         "const char *devEui = \"@@E\";\nconst char *appKey = \"@@K\";"),
        ("chirpstack", "$ chirpstack-cli device-keys create --dev-eui @@E --nwk-key @@K"),
        ("ledger note", "Sensor 14 joins again after re-entering AppKey @@K via the AT "
         "console (`AT+APPKEY=@@K`)."),
    ),
    _f(
        "thingsboard device access token", lambda: {"T": _s(20)},
        ("mosquitto_pub", "mosquitto_pub -d -q 1 -h thingsboard.acme.dev -p 1883 -t "
         "v1/devices/me/telemetry -u \"@@T\" -m '{\"temperature\":21.4}'"),
        ("curl", "curl -v -X POST http://tb.acme.dev:8080/api/v1/@@T/telemetry --header "
         "Content-Type:application/json --data '{\"humidity\":48}'"),
        ("firmware", "#define TB_SERVER \"tb.acme.dev\"\n#define TB_DEVICE_TOKEN \"@@T\""),
    ),
    _f(
        "golioth device psk", lambda: {"I": "node-" + _hex(6) + "@acme-farm", "K": _s(32)},
        ("zephyr shell", "uart:~$ settings set golioth/psk-id @@I\nuart:~$ settings set "
         "golioth/psk @@K\nuart:~$ kernel reboot cold"),
        ("prj.conf", "CONFIG_GOLIOTH_SAMPLE_PSK_ID=\"@@I\"\nCONFIG_GOLIOTH_SAMPLE_PSK=\"@@K\""),
        ("goliothctl", "$ goliothctl provision --name node-7 --id @@I --psk @@K"),
    ),
    _f(
        "tasmota backlog passwords", lambda: {"P": _pw(), "Q": _pw()},
        ("tasmota console", "Backlog SSID1 Garage; Password1 @@P; MqttHost 192.168.1.20; "
         "MqttUser tasmota; MqttPassword @@Q"),
        ("http command", "http://192.168.1.57/cm?cmnd=Backlog%20WebPassword%20@@Q%3B%20"
         "MqttPassword%20@@P"),
        ("ledger note", "Flashed the plug, then `WebPassword @@Q` on the console so the web UI "
         "is not open on the IoT VLAN."),
    ),
    _f(
        "jetty obfuscated password", lambda: {"O": _jetty_obf(_pw()), "Q": _jetty_obf(_s(14))},
        ("jetty-ssl", "jetty.sslContext.keyStorePassword=@@O\n"
         "jetty.sslContext.keyManagerPassword=@@Q"),
        ("realm.properties", "admin: @@O,server-administrator,content-administrator"),
        ("ledger note", "The keystore password in start.ini is only obfuscated (`@@Q`); "
         "`java -cp jetty-util.jar org.eclipse.jetty.util.security.Password` reverses it."),
    ),
    _f(
        "pg service file password", lambda: {"P": _s(22), "Q": _pw()},
        ("pg_service.conf", "[reporting]\nhost=pg-replica.acme.internal\nport=5432\n"
         "dbname=dwh\nuser=report\npassword=@@P"),
        ("ledger note", "QGIS connects through `service=gis` and ~/.pg_service.conf has "
         "`password=@@Q` in the [gis] section."),
        ("terminal", "$ cat /etc/postgresql-common/pg_service.conf\n[billing]\nhost=10.2.0.5\n"
         "user=billing_ro\npassword=@@P"),
    ),
    _f(
        "mercurial hgrc auth password", lambda: {"P": _pw(), "Q": _s(24)},
        ("hgrc", "[auth]\nacme.prefix = hg.acme.dev\nacme.username = marta\nacme.password = @@P"),
        ("hgrc paths", "[paths]\ndefault = https://build:@@Q@hg.acme.dev/repos/firmware"),
        ("ledger note", "The old firmware repo still pulls with `acme.password = @@Q` from "
         "/home/build/.hgrc on the build box."),
    ),
    _f(
        "subversion auth cache password",
        _svn_values,
        ("svn cache", "K 8\npassword\nV @@L\n@@P\nK 15\nsvn:realmstring\nV 42\n"
         "<https://svn.acme.dev:443> Acme Subversion\nK 8\nusername\nV 5\nmarta\nEND"),
        ("terminal", "$ svn checkout https://svn.acme.dev/repos/cad/trunk --username jonas "
         "--password @@P --non-interactive"),
        ("jenkins config", "svn co --username ci --password '@@Q' --trust-server-cert "
         "https://svn.acme.dev/repos/legacy"),
    ),
    _f(
        "schtasks run-as password", lambda: {"P": _pw()},
        ("cmd", "schtasks /Create /TN \"Nightly Backup\" /TR \"C:\\Scripts\\backup.cmd\" /SC DAILY "
         "/ST 02:00 /RU ACME\\svc-backup /RP @@P"),
        ("powershell", "Register-ScheduledTask -TaskName Export -Action $a -Trigger $t -User "
         "'ACME\\svc-export' -Password '@@P'"),
        ("ledger note", "The task was created with `/RU ACME\\svc-report /RP @@P`; the account "
         "password expired, so the task fails with 0x8007052E."),
    ),
    _f(
        "windows service logon password", lambda: {"P": _pw(), "Q": _s(20)},
        ("cmd", "sc.exe config AcmeAgent obj= \"ACME\\svc-agent\" password= \"@@P\""),
        ("powershell", "$svc = Get-CimInstance Win32_Service -Filter \"Name='AcmeSync'\"\n"
         "Invoke-CimMethod -InputObject $svc -MethodName Change -Arguments @{StartName="
         "'ACME\\svc-sync'; StartPassword='@@Q'}"),
        ("installer", "msiexec /i agent.msi /qn SERVICE_ACCOUNT=ACME\\svc-agent "
         "SERVICE_PASSWORD=@@P"),
    ),
    _f(
        "iis app pool identity password", lambda: {"P": _pw(), "Q": _s(18)},
        ("appcmd", "%windir%\\system32\\inetsrv\\appcmd.exe set config /section:applicationPools "
         "/[name='Intranet'].processModel.identityType:SpecificUser /[name='Intranet']."
         "processModel.userName:ACME\\svc-iis /[name='Intranet'].processModel.password:@@P"),
        ("applicationHost.config", "<add name=\"Reports\">\n  <processModel identityType="
         "\"SpecificUser\" userName=\"ACME\\svc-rpt\" password=\"@@Q\" />\n</add>"),
        ("powershell", "Set-ItemProperty IIS:\\AppPools\\Portal -Name processModel -Value "
         "@{userName='ACME\\svc-portal';password='@@P';identitytype=3}"),
    ),
    _f(
        "psexec password flag", lambda: {"P": _pw()},
        ("cmd", "psexec \\\\FS02 -u ACME\\admin.jonas -p @@P -h cmd /c \"ipconfig /flushdns\""),
        ("ledger note", "Ran the cleanup on all kiosks with `PsExec64.exe @kiosks.txt -u "
         "kioskadmin -p @@P -d C:\\tools\\cleanup.bat`."),
        ("impacket", "$ psexec.py 'ACME/administrator:@@P@10.0.5.21'\nImpacket v0.12.0 - "
         "Copyright Fortra, LLC\n[*] Requesting shares on 10.0.5.21....."),
    ),
    _f(
        "cmdkey stored credential", lambda: {"P": _pw()},
        ("cmd", "cmdkey /add:fileserver.acme.local /user:ACME\\scanner /pass:@@P"),
        ("rdp script", "cmdkey /generic:TERMSRV/rds01.acme.local /user:ACME\\helpdesk "
         "/pass:\"@@P\"\nmstsc /v:rds01.acme.local"),
        ("ticket", "Workaround for the scanner: run `cmdkey /add:nas01 /user:scan /pass:@@P` "
         "once as the kiosk user."),
    ),
    _f(
        "pulsar client token", lambda: {"T": _jwt({"alg": "HS256"}, {"sub": "orders-svc"})},
        ("client.conf", "webServiceUrl=https://pulsar.acme.dev:8443/\nbrokerServiceUrl="
         "pulsar+ssl://pulsar.acme.dev:6651/\nauthPlugin=org.apache.pulsar.client.impl.auth."
         "AuthenticationToken\nauthParams=token:@@T"),
        ("pulsar-admin", "$ bin/pulsar-admin --auth-plugin org.apache.pulsar.client.impl.auth."
         "AuthenticationToken --auth-params token:@@T tenants list"),
        ("python", "client = pulsar.Client('pulsar+ssl://pulsar.acme.dev:6651', "
         "authentication=pulsar.AuthenticationToken('@@T'))"),
    ),
    _f(
        "centrifugo hmac secret", lambda: {"S": _uuid(), "K": _uuid()},
        ("config.json", "{\n  \"token_hmac_secret_key\": \"@@S\",\n  \"admin_password\": "
         "\"@@K\",\n  \"api_key\": \"@@K\",\n  \"allowed_origins\": [\"https://app.acme.dev\"]\n}"),
        ("env", "CENTRIFUGO_TOKEN_HMAC_SECRET_KEY=@@S\nCENTRIFUGO_API_KEY=@@K"),
        ("curl", "curl -H \"X-API-Key: @@K\" --request POST --data '{\"channel\": \"news\", "
         "\"data\": {}}' http://localhost:8000/api/publish"),
    ),
    _f(
        "nakama server config keys", lambda: {"S": _s(24), "K": _s(24), "E": _s(32)},
        ("nakama.yml", "name: nakama-eu1\nsocket:\n  server_key: \"@@S\"\nsession:\n  "
         "encryption_key: \"@@E\"\nruntime:\n  http_key: \"@@K\"\nconsole:\n  username: admin"),
        ("command line", "nakama --database.address root@cockroach:26257 --socket.server_key "
         "@@S --runtime.http_key @@K"),
        ("curl rpc", "curl \"http://127.0.0.1:7350/v2/rpc/grant_reward?http_key=@@K&unwrap\" -d "
         "'{\"user\": \"b7c\"}'"),
    ),
    _f(
        "bgp neighbor md5 password", lambda: {"P": _s(16), "Q": _pw()},
        ("frr", "router bgp 65010\n neighbor 192.0.2.1 remote-as 64500\n neighbor 192.0.2.1 "
         "password @@P"),
        ("bird", "protocol bgp transit1 {\n  local as 65010;\n  neighbor 198.51.100.1 as 174;\n  "
         "password \"@@Q\";\n}"),
        ("ticket", "Please configure the session with MD5 password @@P on your side "
         "(AS65010, 2001:db8::2)."),
    ),
    _f(
        "ntp symmetric key", lambda: {"K": _hex(40), "A": _s(20, string.ascii_letters)},
        ("ntp.keys", "# ntpkeys generated by ntp-keygen\n1 SHA1 @@K  # SHA1 key\n2 MD5 @@A  "
         "# MD5 key"),
        ("chrony.keys", "10 SHA256 HEX:@@K"),
        ("router", "ntp authentication-key 1 md5 @@A\nntp trusted-key 1\nntp server "
         "10.0.0.1 key 1"),
    ),
    _f(
        "powerdns api key", lambda: {"K": _s(32), "W": _s(24)},
        ("pdns.conf", "api=yes\napi-key=@@K\nwebserver=yes\nwebserver-password=@@W\n"
         "webserver-address=0.0.0.0"),
        ("curl", "curl -H 'X-API-Key: @@K' http://ns1.acme.dev:8081/api/v1/servers/localhost/"
         "zones/acme.dev."),
        ("external-dns", "args:\n  - --provider=pdns\n  - --pdns-server=http://ns1:8081\n  - "
         "--pdns-api-key=@@K"),
    ),
    _f(
        "varnish admin secret", lambda: {"S": _uuid()},
        ("terminal", "$ sudo cat /etc/varnish/secret\n@@S"),
        ("varnishadm", "varnishadm -T 127.0.0.1:6082 -S /etc/varnish/secret ban req.url '~' "
         "/\n# secret file content: @@S"),
        ("dockerfile", "RUN echo \"@@S\" > /etc/varnish/secret && chmod 600 /etc/varnish/secret"),
    ),
    _f(
        "couchdb url with admin password", lambda: {"P": _pw(), "Q": _s(22)},
        ("curl", "curl -X PUT http://admin:@@P@127.0.0.1:5984/_users"),
        ("local.ini", "[admins]\nadmin = @@Q\n\n[chttpd]\nbind_address = 0.0.0.0"),
        ("pouchdb", "const remote = new PouchDB('https://sync:@@Q@couch.acme.dev/notes');"),
    ),
    _f(
        "surrealdb root credentials", lambda: {"P": _pw(), "Q": _s(24)},
        ("terminal", "surreal start --log info --user root --pass @@P rocksdb:/data/db"),
        ("compose", "command: start --user root --pass \"@@Q\" file:/data/db.db"),
        ("surreal sql", "surreal sql --endpoint http://localhost:8000 --namespace app --database "
         "main --username root --password @@P"),
    ),
    _f(
        "xcconfig api secret", lambda: {"K": _s(40), "S": _hex(32)},
        ("Secrets.xcconfig", "// Secrets.xcconfig\nAPI_BASE_URL = https:/$()/api.acme.dev\n"
         "API_SECRET = @@K"),
        ("Info.plist", "<key>AnalyticsSecret</key>\n<string>@@S</string>"),
        ("ledger note", "The iOS build reads `PAYMENTS_SECRET = @@S` from Config/Release."
         "xcconfig, which ends up in the app bundle's Info.plist."),
    ),
    _f(
        "gigachat authorization key", lambda: {"K": _gigachat()},
        ("curl", "curl -L -X POST 'https://ngw.devices.sberbank.ru:9443/api/v2/oauth' -H "
         "'RqUID: 6f0b1291-c7f3-43c6-bb2e-9f3efb2dc98e' -H 'Authorization: Basic @@K' "
         "--data-urlencode 'scope=GIGACHAT_API_PERS'"),
        ("env", "GIGACHAT_CREDENTIALS=@@K\nGIGACHAT_SCOPE=GIGACHAT_API_CORP"),
        ("python", "giga = GigaChat(credentials=\"@@K\", verify_ssl_certs=False)"),
    ),
    _f(
        "infobip api key", lambda: {"K": _hex(32) + "-" + _uuid()},
        ("curl", "curl -L -g 'https://8kx3.api.infobip.com/sms/2/text/advanced' -H "
         "'Authorization: App @@K' -H 'Content-Type: application/json'"),
        ("env", "INFOBIP_BASE_URL=https://8kx3.api.infobip.com\nINFOBIP_API_KEY=@@K"),
        ("java", "ApiClient client = ApiClient.forApiKey(ApiKey.from(\"@@K\"))\n"
         "    .withBaseUrl(BaseUrl.from(\"https://8kx3.api.infobip.com\")).build();"),
    ),
    _f(
        "mpesa daraja credentials", lambda: {"C": _s(48), "S": _s(64), "P": _hex(64)},
        ("env", "MPESA_CONSUMER_KEY=@@C\nMPESA_CONSUMER_SECRET=@@S\nMPESA_SHORTCODE=174379\n"
         "MPESA_PASSKEY=@@P"),
        ("php", "$consumerKey = '@@C';\n$consumerSecret = '@@S';\n$credentials = "
         "base64_encode($consumerKey . ':' . $consumerSecret);"),
        ("settings.py", "MPESA_CONFIG = {\n    'CONSUMER_KEY': '@@C',\n    'CONSUMER_SECRET': "
         "'@@S',\n    'PASS_KEY': '@@P',\n}"),
    ),
    _f(
        "wechat pay apiv3 key", lambda: {"K": _s(32), "M": _hex(40).upper()},
        ("application.yml", "wechat:\n  pay:\n    mch-id: 1900009191\n    api-v3-key: @@K\n    "
         "merchant-serial-number: @@M\n    private-key-path: /etc/wxpay/apiclient_key.pem"),
        ("env", "WECHATPAY_MCHID=1900009191\nWECHATPAY_APIV3_KEY=@@K"),
        ("go", "opts := []core.ClientOption{\n    option.WithWechatPayAutoAuthCipher(mchID, "
         "\"@@M\", mchPrivateKey, \"@@K\"),\n}"),
    ),
    _f(
        "alipay app private key", lambda: {"K": "MIIEv" "QIBADANBgkqhkiG9w0BAQEFAASC" + _b64(600)},
        ("properties", "alipay.app-id=2021004123456789\nalipay.private-key=@@K\n"
         "alipay.gateway=https://openapi.alipay.com/gateway.do"),
        ("java", "AlipayClient client = new DefaultAlipayClient(\"https://openapi.alipay.com/"
         "gateway.do\", \"2021004123456789\", \"@@K\", \"json\", \"UTF-8\", alipayPublicKey, "
         "\"RSA2\");"),
        ("env", "ALIPAY_APP_ID=2021004123456789\nALIPAY_PRIVATE_KEY=@@K"),
    ),
    _f(
        "teleport join token", lambda: {"T": _hex(32)},
        ("tctl output", "$ tctl tokens add --type=node --ttl=1h\nThe invite token: @@T\n"
         "This token will expire in 60 minutes.\n\nRun this on the new node to join the "
         "cluster:\n\n> teleport start \\\n   --roles=node \\\n   --token=@@T \\\n   "
         "--auth-server=tele.acme.dev:443"),
        ("teleport.yaml", "teleport:\n  join_params:\n    token_name: @@T\n    method: token\n"
         "  proxy_server: tele.acme.dev:443"),
        ("cloud-init", "runcmd:\n  - teleport configure --token=@@T --proxy=tele.acme.dev:443 "
         "-o file"),
    ),
    _f(
        "kintone api token", lambda: {"T": _s(40), "U": _s(40)},
        ("curl", "curl -X GET 'https://acme.cybozu.com/k/v1/records.json?app=12' -H "
         "'X-Cybozu-API-Token: @@T'"),
        ("env", "KINTONE_BASE_URL=https://acme.cybozu.com\nKINTONE_API_TOKEN=@@T,@@U"),
        ("javascript", "const client = new KintoneRestAPIClient({\n  baseUrl: 'https://acme."
         "cybozu.com',\n  auth: { apiToken: '@@T' },\n});"),
    ),
    _f(
        "concourse local user", lambda: {"P": _pw(), "Q": _s(20)},
        ("compose", "web:\n  environment:\n    CONCOURSE_ADD_LOCAL_USER: admin:@@P\n    "
         "CONCOURSE_MAIN_TEAM_LOCAL_USER: admin"),
        ("fly", "$ fly -t main login -c https://ci.acme.dev -u admin -p @@Q\nlogging in to team "
         "'main'\ntarget saved"),
        ("vars file", "# credentials.yml for fly set-pipeline -l\ngithub-token: @@Q\n"
         "docker-password: @@P"),
    ),
]


# --- Vendor tokens whose values carry the vendor's prefix, header or marker ----------------

_ROBLOX = ("_|WARN" "ING:-DO-NOT-SHARE-THIS.--Sharing-this-will-allow-someone-to-log-in-as-you-"
           "and-to-steal-your-ROBUX-and-items.|_")


def _toss_values() -> dict[str, str]:
    key = "live" "_sk_" + _s(28)
    return {"K": key, "B": _enc(key + ":")}


def _supercell() -> str:
    return _jwt(
        {"typ": "JWT", "alg": "HS512", "kid": "28a318f7-0000-a1eb-7fa1-2c7433c6cca5"},
        {"iss": "supercell", "aud": "supercell:gameapi", "jti": _uuid(),
         "iat": 1732000000 + _RNG.randrange(10**7), "sub": "developer/" + _uuid(),
         "scopes": ["clash"], "limits": [{"tier": "developer/silver", "type": "throttling"},
                                         {"cidrs": ["203.0.113.24"], "type": "client"}]},
        sig=64)


def _pinata() -> str:
    return _jwt(
        {"alg": "HS256", "typ": "JWT"},
        {"userInformation": {"id": _uuid(), "email": "dev@acme.dev", "email_verified": True,
                             "status": "ACTIVE"},
         "authenticationType": "scopedKey", "scopedKeyKey": _hex(20),
         "scopedKeySecret": _hex(64), "exp": 1795000000, "iat": 1763464000})


def _volc() -> dict[str, str]:
    return {"A": "AK" "LT" + _enc(_hex(32)).rstrip("="), "S": _enc(_enc(_hex(32)))}


_VENDOR_RAW: list[Family] = [
    _f(
        "paymongo secret key", lambda: {"K": "sk" "_live_" + _s(24), "P": "pk" "_live_" + _s(24)},
        ("curl", "curl --request POST --url https://api.paymongo.com/v1/payment_intents -u "
         "@@K: --header 'content-type: application/json'"),
        ("env", "PAYMONGO_PUBLIC_KEY=@@P\nPAYMONGO_SECRET_KEY=@@K"),
        ("php", "'paymongo' => [\n    'public_key' => '@@P',\n    'secret_key' => '@@K',\n],"),
    ),
    _f(
        "conekta private key", lambda: {"K": "key" "_" + _s(22)},
        ("ruby", "require 'conekta'\nConekta.api_key = \"@@K\"\nConekta.api_version = \"2.1.0\""),
        ("curl", "curl -H \"Accept: application/vnd.conekta-v2.1.0+json\" -H \"Authorization: "
         "Bearer @@K\" https://api.conekta.io/orders"),
        ("env", "CONEKTA_PRIVATE_KEY=@@K\nCONEKTA_LOCALE=es"),
    ),
    _f(
        "wompi private key",
        lambda: {"K": "prv" "_prod_" + _s(32), "I": "prod" "_integrity_" + _s(32)},
        ("env", "WOMPI_PUBLIC_KEY=pub_prod_" + "Q8x\nWOMPI_PRIVATE_KEY=@@K\n"
         "WOMPI_INTEGRITY_SECRET=@@I"),
        ("curl", "curl https://production.wompi.co/v1/transactions/1234-1610641025-49201 -H "
         "\"Authorization: Bearer @@K\""),
        ("javascript", "const wompi = { privateKey: '@@K', integrity: '@@I' };"),
    ),
    _f(
        "omise secret key", lambda: {"K": "skey" "_5" + _s(18, LOWER_ALNUM),
                                     "T": "skey" "_test_5" + _s(18, LOWER_ALNUM)},
        ("curl", "curl https://api.omise.co/charges -X POST -u @@K: -d \"amount=100000\" -d "
         "\"currency=thb\""),
        ("config", "OMISE_PUBLIC_KEY=pkey_5xw1\nOMISE_SECRET_KEY=@@K\nOMISE_SECRET_KEY_TEST=@@T"),
        ("python", "import omise\nomise.api_secret = '@@K'"),
    ),
    _f(
        "toss payments secret key", _toss_values,
        ("env", "TOSS_CLIENT_KEY=live_ck_" + "Z61\nTOSS_SECRET_KEY=@@K"),
        ("curl", "curl --request POST --url https://api.tosspayments.com/v1/payments/confirm "
         "--header 'Authorization: Basic @@B' --header 'Content-Type: application/json'"),
        ("kotlin", "private val secretKey = \"@@K\"\nval encoded = Base64.getEncoder()."
         "encodeToString(\"$secretKey:\".toByteArray())"),
    ),
    _f(
        "asaas api key",
        lambda: {"K": "$aa" "ct_" + _enc(f"{_hex(32)}::{_s(15, DIGITS)}::$aach_{_uuid()}")},
        ("env", "ASAAS_API_URL=https://api.asaas.com/v3\nASAAS_API_KEY='@@K'"),
        ("curl", "curl --request GET --url https://api.asaas.com/v3/customers --header "
         "'access_token: @@K'"),
        ("php", "$client = new Asaas\\Client(['access_token' => '@@K']);"),
    ),
    _f(
        "chapa secret key", lambda: {"K": "CHASECK" "-" + _s(32), "T": "CHASECK" "_TEST-" + _s(32)},
        ("env", "CHAPA_SECRET_KEY=@@K"),
        ("curl", "curl --location 'https://api.chapa.co/v1/transaction/initialize' --header "
         "'Authorization: Bearer @@K' --header 'Content-Type: application/json'"),
        ("laravel config", "'chapa' => ['secret' => env('CHAPA_SECRET', '@@T')],"),
    ),
    _f(
        "monnify api credentials",
        lambda: {"K": "MK" "_PROD_" + _s(10, UPPER_ALNUM), "S": _s(32, UPPER_ALNUM)},
        ("env", "MONNIFY_API_KEY=@@K\nMONNIFY_SECRET_KEY=@@S\nMONNIFY_CONTRACT_CODE=626609763141"),
        ("javascript", "const auth = Buffer.from('@@K:@@S').toString('base64');"),
        ("python", "MONNIFY = {\"api_key\": \"@@K\", \"secret\": \"@@S\", \"base_url\": "
         "\"https://api.monnify.com\"}"),
    ),
    _f(
        "cashfree secret key", lambda: {"K": "cfsk" "_ma_prod_" + _hex(32) + "_" + _hex(8)},
        ("env", "CASHFREE_APP_ID=" + "8812740d1f0c2b3a\nCASHFREE_SECRET_KEY=@@K"),
        ("curl", "curl --request POST --url https://api.cashfree.com/pg/orders --header "
         "'x-api-version: 2023-08-01' --header 'x-client-id: 8812740d1f0c2b3a' --header "
         "'x-client-secret: @@K'"),
        ("node", "Cashfree.XClientId = process.env.CF_APP_ID;\nCashfree.XClientSecret = \"@@K\";"),
    ),
    _f(
        "roblox security cookie", lambda: {"C": _ROBLOX + _hex(640).upper()},
        ("python", "session.cookies[\".ROBLOSECURITY\"] = \"@@C\""),
        ("env", "ROBLOSECURITY=@@C"),
        ("discord message", "bro my alt got stolen, i only pasted this into that trading "
         "script: @@C"),
    ),
    _f(
        "supercell game api token", lambda: {"T": _supercell()},
        ("curl", "curl -H \"Authorization: Bearer @@T\" \"https://api.clashofclans.com/v1/clans/"
         "%232PP\""),
        ("env", "COC_API_TOKEN=@@T"),
        ("python", "client = coc.Client(key_names=\"bot\")\nawait client.login_with_tokens("
         "\"@@T\")"),
    ),
    _f(
        "logfire write token", lambda: {"T": "pylf" "_v1_eu_" + _s(48)},
        ("env", "LOGFIRE_TOKEN=@@T"),
        ("python", "logfire.configure(token=\"@@T\", service_name=\"ingest\")"),
        ("ledger note", "Traces now reach Logfire; the collector config got "
         "`Authorization: @@T` under otlphttp headers."),
    ),
    _f(
        "africas talking api key", lambda: {"K": "atsk" "_" + _hex(64)},
        ("env", "AT_USERNAME=acme_ke\nAT_API_KEY=@@K"),
        ("python", "africastalking.initialize(username=\"acme_ke\", api_key=\"@@K\")\n"
         "sms = africastalking.SMS"),
        ("curl", "curl -X POST https://api.africastalking.com/version1/messaging -H "
         "\"apiKey: @@K\" -d \"username=acme_ke&to=%2B254711XXXYYY&message=Karibu\""),
    ),
    _f(
        "sumsub app token",
        lambda: {"T": "prd" ":" + _s(24) + "." + _s(32), "S": _s(32)},
        ("env", "SUMSUB_APP_TOKEN=@@T\nSUMSUB_SECRET_KEY=@@S"),
        ("node", "const SUMSUB_APP_TOKEN = '@@T';\nconst SUMSUB_SECRET_KEY = '@@S';"),
        ("curl", "curl -X POST 'https://api.sumsub.com/resources/accessTokens?userId=u42&"
         "levelName=basic-kyc' -H 'X-App-Token: @@T' -H 'X-App-Access-Sig: 9f1c'"),
    ),
    _f(
        "zhipu bigmodel api key", lambda: {"K": _hex(32) + "." + _s(16)},
        ("env", "ZHIPUAI_API_KEY=@@K"),
        ("python", "from zhipuai import ZhipuAI\nclient = ZhipuAI(api_key=\"@@K\")"),
        ("curl", "curl https://open.bigmodel.cn/api/paas/v4/chat/completions -H "
         "\"Authorization: Bearer @@K\" -d '{\"model\": \"glm-4\"}'"),
    ),
    _f(
        "volcengine access key", _volc,
        ("env", "VOLC_ACCESSKEY=@@A\nVOLC_SECRETKEY=@@S"),
        ("credentials", "[default]\naccess_key_id = @@A\nsecret_access_key = @@S\nregion = "
         "cn-beijing"),
        ("terraform", "provider \"volcengine\" {\n  access_key = \"@@A\"\n  secret_key = \"@@S\"\n"
         "  region     = \"cn-beijing\"\n}"),
    ),
    _f(
        "builder.io private key", lambda: {"K": "bpk" "-" + _hex(32)},
        ("env", "BUILDER_PUBLIC_KEY=b8a3e1\nBUILDER_PRIVATE_KEY=@@K"),
        ("curl", "curl -X POST https://builder.io/api/v1/write/page -H 'Authorization: Bearer "
         "@@K' -H 'Content-Type: application/json'"),
        ("node", "const builderAdmin = createAdminApiClient('@@K');"),
    ),
    _f(
        "polar organization access token", lambda: {"T": "polar" "_oat_" + _s(43)},
        ("env", "POLAR_ACCESS_TOKEN=@@T\nPOLAR_WEBHOOK_SECRET=set-in-dashboard"),
        ("typescript", "const polar = new Polar({ accessToken: \"@@T\", server: "
         "\"production\" });"),
        ("curl", "curl https://api.polar.sh/v1/products/ -H \"Authorization: Bearer @@T\""),
    ),
    _f(
        "klarna api key", lambda: {"K": "klarna" "_live_api_" + _b64url(60)},
        ("env", "KLARNA_API_KEY=@@K"),
        ("curl", "curl https://api.klarna.com/payments/v1/sessions -H 'Authorization: Basic "
         "@@K' -H 'Content-Type: application/json'"),
        ("yaml", "klarna:\n  region: eu\n  api_key: @@K"),
    ),
    _f(
        "uptrace dsn", lambda: {"T": _b64url(16)},
        ("env", "UPTRACE_DSN=https://@@T@api.uptrace.dev?grpc=4317"),
        ("go", "uptrace.ConfigureOpentelemetry(\n    uptrace.WithDSN(\"https://@@T@api.uptrace.dev"
         "?grpc=4317\"),\n    uptrace.WithServiceName(\"checkout\"),\n)"),
        ("collector", "exporters:\n  otlp/uptrace:\n    endpoint: otlp.uptrace.dev:4317\n    "
         "headers:\n      uptrace-dsn: 'https://@@T@api.uptrace.dev?grpc=4317'"),
    ),
    _f(
        "akeyless access key", lambda: {"I": "p-" + _s(12, LOWER_ALNUM), "K": _b64(32)},
        ("cli", "akeyless auth --access-id @@I --access-key @@K"),
        ("env", "AKEYLESS_ACCESS_ID=@@I\nAKEYLESS_ACCESS_KEY=@@K"),
        ("terraform", "provider \"akeyless\" {\n  api_key_login {\n    access_id  = \"@@I\"\n"
         "    access_key = \"@@K\"\n  }\n}"),
    ),
    _f(
        "feishu app secret", lambda: {"I": "cli" "_" + _hex(16), "S": _s(32)},
        ("env", "FEISHU_APP_ID=@@I\nFEISHU_APP_SECRET=@@S"),
        ("curl", "curl -X POST https://open.feishu.cn/open-apis/auth/v3/tenant_access_token/"
         "internal -H 'Content-Type: application/json' -d '{\"app_id\": \"@@I\", "
         "\"app_secret\": \"@@S\"}'"),
        ("python", "client = lark.Client.builder().app_id(\"@@I\").app_secret(\"@@S\").build()"),
    ),
    _f(
        "plane api token", lambda: {"T": "plane" "_api_" + _hex(32)},
        ("curl", "curl https://api.plane.so/api/v1/workspaces/acme/projects/ -H "
         "\"X-API-Key: @@T\""),
        ("env", "PLANE_API_TOKEN=@@T\nPLANE_WORKSPACE=acme"),
        ("mcp config", "{\"mcpServers\": {\"plane\": {\"command\": \"npx\", \"args\": "
         "[\"-y\", \"@makeplane/plane-mcp-server\"], \"env\": {\"PLANE_API_KEY\": \"@@T\"}}}}"),
    ),
    _f(
        "pinata scoped key jwt", lambda: {"T": _pinata()},
        ("env", "PINATA_JWT=@@T\nNEXT_PUBLIC_GATEWAY_URL=acme.mypinata.cloud"),
        ("curl", "curl --request POST --url https://uploads.pinata.cloud/v3/files --header "
         "'Authorization: Bearer @@T' --form file=@./cat.png"),
        ("typescript", "const pinata = new PinataSDK({\n  pinataJwt: \"@@T\",\n  pinataGateway: "
         "\"acme.mypinata.cloud\",\n});"),
    ),
]


# --- 3. Passwords people choose, where they type them -------------------------------------

_HUMAN: list[Family] = [
    _f(
        "mysqlsh uri password", _pwv,
        ("terminal", "$ mysqlsh root:@@P@localhost:3306 --sql\nMySQL Shell 8.4.3\n"
         "Creating a session to 'root@localhost:3306'"),
        ("mysqlsh session", " MySQL  JS > \\connect admin:@@P@10.0.0.14:33060\n"
         "Creating a session to 'admin@10.0.0.14:33060'"),
        ("chat", "use `mysqlsh --uri dev:@@P@db-dev --py` for the dump util, pw is the same "
         "as last year's"),
    ),
    _f(
        "mariadb client inline password", _pwv,
        ("terminal", "$ mariadb -u wordpress -p'@@P' -h 127.0.0.1 wp_main\nWelcome to the "
         "MariaDB monitor."),
        ("cron", "0 3 * * * mariadb-dump -uroot -p@@P --all-databases | gzip > "
         "/backup/all.sql.gz"),
        ("ticket", "mariadb-admin -u root --password=@@P flush-hosts fixed the blocked host "
         "error."),
    ),
    _f(
        "postgres tool url with chosen password", _pwv,
        ("terminal", "$ pg_dump 'postgresql://marta:@@P@pg.office.lan:5432/crm' > crm.sql"),
        ("chat", "pgcli postgres://admin:@@P@192.168.10.4/inventory works from the office "
         "laptop"),
        ("script", "pg_restore --clean -d \"postgresql://postgres:@@P@localhost/shop\" "
         "shop.dump"),
    ),
    _f(
        "mongodb compass pasted uri", _pwv,
        ("chat", "Compass connection string for the test cluster: mongodb://admin:@@P@"
         "10.1.2.3:27017/?authSource=admin"),
        ("ticket", "Cannot connect with mongodb+srv://lukas:@@P@cluster0.ab12c.mongodb.net/ "
         "since this morning, error 'bad auth'."),
        ("terminal", "$ mongosh --host mongo1 -u root -p '@@P' --authenticationDatabase admin"),
    ),
    _f(
        "redis cli pass flag", _pwv,
        ("terminal", "$ redis-cli -h 192.168.1.30 --user default --pass @@P ping\nPONG"),
        ("redis session", "127.0.0.1:6379> AUTH @@P\nOK\n127.0.0.1:6379> KEYS session:*"),
        ("redis.conf", "# set by jonas, do not change\nrequirepass @@P"),
    ),
    _f(
        "bcp and osql password flag", _pwv,
        ("cmd", "bcp Sales.dbo.Orders out orders.dat -S SQL01 -U sa -P @@P -c"),
        ("batch file", "osql -S LEGACY\\SQLEXPRESS -U sa -P @@P -i fix_invoices.sql"),
        ("chat", "sqlpackage /a:Export /ssn:sql02 /su:sa /sp:@@P /tf:hr.bacpac"),
    ),
    _f(
        "ssh login with password in notes", _pwv,
        ("notes", "staging box: ssh deploy@203.0.113.40 (pw: @@P)"),
        ("chat", "you can ssh as pi@raspberrypi.local, password is @@P"),
        ("ticket", "Login: ssh admin@10.20.0.5 / @@P  - please change after first login"),
    ),
    _f(
        "xfreerdp slash p password", _pwv,
        ("terminal", "$ xfreerdp /v:10.0.5.30 /u:Administrator /p:@@P /cert:ignore +clipboard"),
        ("script", "rdesktop -u jonas -p '@@P' -g 1920x1080 ts01.acme.local"),
        ("chat", "remmina kept failing, this worked: xfreerdp /d:ACME /u:helpdesk /p:'@@P' "
         "/v:rds02"),
    ),
    _f(
        "x11vnc passwd flag", _pwv,
        ("terminal", "$ x11vnc -display :0 -passwd @@P -forever -shared"),
        ("script", "tigervncserver :1 -geometry 1600x900 && echo '@@P' | vncpasswd -f > "
         "~/.vnc/passwd"),
        ("chat", "vnc to 192.168.0.44:5901, the password is @@P"),
    ),
    _f(
        "nas share login note", _pwv,
        ("email", "Hi Ines,\nthe new share is \\\\nas01\\Buchhaltung\nUser: buchhaltung\n"
         "Password: @@P\nBest, Jonas"),
        ("notes", "smb://192.168.178.20/photos  user: family  pw: @@P"),
        ("terminal", "$ sudo mount -t cifs //nas/media /mnt/media -o username=kodi,password="
         "@@P,vers=3.0"),
    ),
    _f(
        "home router admin login", _pwv,
        ("chat", "router is 192.168.0.1, login admin / @@P"),
        ("sticky note", "FRITZ!Box Kennwort: @@P"),
        ("ticket", "Changed the router admin password to @@P (old default was on the sticker)."),
    ),
    _f(
        "synology or qnap admin password", _pwv,
        ("handover", "DSM: https://nas01:5001  admin account: jonas.admin / @@P"),
        ("forum post", "QNAP TS-453D, I can log in with admin/@@P on the web UI but SSH says "
         "permission denied?"),
        ("notes", "Synology - user: admin - pass: @@P - 2FA off (!)"),
    ),
    _f(
        "wifi qr payload", _pwv,
        ("qr text", "WIFI:T:WPA;S:Acme-Guest;P:@@P;;"),
        ("html", "<img alt=\"Scan to join\" data-wifi=\"WIFI:S:CafeLuna;T:WPA;P:@@P;H:false;;\">"),
        ("python", "qrcode.make(\"WIFI:T:WPA;S:Zuhause-5G;P:@@P;;\").save(\"wifi.png\")"),
    ),
    _f(
        "nmcli or iwctl passphrase", _pwv,
        ("terminal", "$ nmcli dev wifi connect \"Office-5G\" password \"@@P\"\nDevice 'wlp2s0' "
         "successfully activated"),
        ("iwctl", "$ iwctl --passphrase '@@P' station wlan0 connect HomeNet"),
        ("script", "wpa_passphrase Gartenhaus '@@P' >> /etc/wpa_supplicant/wpa_supplicant.conf"),
    ),
    _f(
        "wpa enterprise identity password", _pwv,
        ("wpa_supplicant.conf", "network={\n    ssid=\"eduroam\"\n    key_mgmt=WPA-EAP\n    "
         "eap=PEAP\n    identity=\"marta.nowak@uni.example.edu\"\n    password=\"@@P\"\n    "
         "phase2=\"auth=MSCHAPV2\"\n}"),
        ("nmcli", "nmcli con add type wifi ifname wlan0 con-name corp ssid ACME-Corp "
         "wifi-sec.key-mgmt wpa-eap 802-1x.eap peap 802-1x.phase2-auth mschapv2 802-1x.identity "
         "jonas 802-1x.password '@@P'"),
        ("chat", "eduroam: identity is your full email, password @@P (the campus one, not "
         "the mail one)"),
    ),
    _f(
        "german helpdesk ticket password", _pwv,
        ("ticket", "Hallo Team, mein neues Passwort für das Warenwirtschaftssystem lautet "
         "@@P, bitte im Mandanten 02 hinterlegen. Danke, Petra"),
        ("chat", "Zugang zum Lager-PC: Benutzer lager, Kennwort @@P"),
        ("email", "Das WLAN-Passwort für die Gäste ist ab Montag @@P – bitte nicht an die "
         "Tafel schreiben."),
    ),
    _f(
        "french it handover note password", _pwv,
        ("note", "Passation : le compte admin du serveur de fichiers est admin / mot de passe "
         "@@P (à changer)."),
        ("chat", "le mdp du wifi invités c'est @@P"),
        ("email", "Bonjour, voici vos identifiants pour l'intranet : identifiant c.martin, mot "
         "de passe provisoire @@P."),
    ),
    _f(
        "spanish whatsapp message password", _pwv,
        ("whatsapp", "[10:42, 3/12/2026] Diego: la contraseña del router es @@P"),
        ("chat", "Usuario: contabilidad / Clave: @@P (la del año pasado ya no sirve)"),
        ("email", "Te paso el acceso al panel: usuario admin, contraseña @@P. Cámbiala cuando "
         "entres."),
    ),
    _f(
        "brazilian portuguese slack password", _pwv,
        ("slack", "galera, a senha do wifi do escritório mudou: @@P"),
        ("chat", "login do servidor: suporte / senha: @@P"),
        ("email", "Segue o acesso ao sistema: usuário financeiro, senha @@P. Qualquer dúvida "
         "me chama."),
    ),
    _f(
        "czech chat password", _pwv,
        ("chat", "heslo na wifi v kanceláři je @@P"),
        ("email", "Dobrý den, přihlašovací údaje: uživatel sklad, heslo @@P."),
        ("ticket", "Nové heslo k účtu admin na NAS: @@P"),
    ),
    _f(
        "greek chat password", _pwv,
        ("chat", "ο κωδικός του wifi είναι @@P"),
        ("email", "Καλησπέρα, όνομα χρήστη: logistirio, κωδικός πρόσβασης: @@P"),
        ("viber", "Ο κωδικός για το ERP άλλαξε σε @@P"),
    ),
    _f(
        "hebrew chat password", _pwv,
        ("chat", "הסיסמה לוויפי של המשרד: @@P"),
        ("whatsapp", "שם משתמש admin, סיסמה @@P"),
        ("email", "שלום, הסיסמה החדשה למערכת הנהלת החשבונות היא @@P"),
    ),
    _f(
        "persian chat password", _pwv,
        ("telegram", "رمز وای‌فای دفتر: @@P"),
        ("chat", "نام کاربری: admin رمز عبور: @@P"),
        ("email", "سلام، رمز ورود به پنل مدیریت @@P است. لطفا بعد از ورود عوضش کنید."),
    ),
    _f(
        "bengali chat password", _pwv,
        ("chat", "অফিসের ওয়াইফাই পাসওয়ার্ড: @@P"),
        ("whatsapp", "ইউজার: accounts, পাসওয়ার্ড: @@P"),
        ("email", "সার্ভারে লগইন করতে পাসওয়ার্ড @@P ব্যবহার করুন।"),
    ),
    _f(
        "thai chat password", _pwv,
        ("line", "รหัสไวไฟออฟฟิศคือ @@P นะคะ"),
        ("chat", "ชื่อผู้ใช้ admin รหัสผ่าน @@P"),
        ("email", "รหัสผ่านใหม่สำหรับระบบบัญชี: @@P"),
    ),
    _f(
        "swahili chat password", _pwv,
        ("whatsapp", "Nenosiri la wifi ya ofisi ni @@P"),
        ("chat", "Jina la mtumiaji: mhasibu, nenosiri: @@P"),
        ("email", "Habari, nenosiri jipya la mfumo wa M-Pesa wa ofisi ni @@P. Usimpe mtu."),
    ),
    _f(
        "chinese wecom message password", _pwv,
        ("wecom", "测试服务器账号 root，密码 @@P"),
        ("chat", "wifi密码是 @@P"),
        ("email", "您好，财务系统的初始密码为 @@P，请登录后尽快修改。"),
    ),
    _f(
        "japanese slack handover password", _pwv,
        ("slack", "検証環境のDBパスワードは @@P です"),
        ("handover", "引き継ぎ：管理画面 ユーザー名 admin / パスワード @@P"),
        ("email", "お疲れ様です。共有フォルダのパスワードを @@P に変更しました。"),
    ),
    _f(
        "russian telegram password", _pwv,
        ("telegram", "пароль от вайфая в офисе: @@P"),
        ("chat", "логин: buh, пароль: @@P (от 1С)"),
        ("email", "Добрый день! Временный пароль для входа в CRM: @@P"),
    ),
    _f(
        "tamil english chat password", _pwv,
        ("whatsapp", "machan wifi password @@P da, router reset panniten"),
        ("chat", "server login admin, password @@P nu vachiruken, change pannidu"),
        ("slack", "anna, tally password @@P thaan, yaarukkum sollatha"),
    ),
    _f(
        "csv user import with passwords", lambda: {"P": _pw(), "Q": _pw(), "R": _pw()},
        ("csv", "username,email,password,group\nmarta,marta@acme.dev,@@P,sales\njonas,"
         "jonas@acme.dev,@@Q,ops\nines,ines@acme.dev,@@R,finance"),
        ("spreadsheet paste", "Name\tLogin\tPasswort\tAbteilung\nPetra K.\tpkoch\t@@P\tEinkauf\n"
         "Uwe M.\tumeier\t@@Q\tLager"),
        ("ledger note", "bulk_import.csv row 3 is `kasia,kasia@acme.dev,@@R,support` - the "
         "import keeps the plaintext column."),
    ),
    _f(
        "wiki table of shared accounts", lambda: {"P": _pw(), "Q": _pw()},
        ("confluence", "|| System || Login || Passwort ||\n| Zeiterfassung | admin | @@P |\n"
         "| Kassensystem | filiale1 | @@Q |"),
        ("markdown wiki", "| Tool | User | Password |\n|---|---|---|\n| Printer (HP M479) | "
         "admin | @@P |\n| Camera NVR | admin | @@Q |"),
        ("notion", "Shared logins\n• Canva — design@acme.dev — @@P\n• Buffer — social@acme.dev "
         "— @@Q"),
    ),
    _f(
        "sticky note transcription password", _pwsv,
        ("ticket", "User's monitor had a post-it: \"PC: @@P\". Asked them to remove it."),
        ("audit finding", "Finding 7: password written on a note under the keyboard at the "
         "reception desk (\"@@P\")."),
        ("photo transcription", "[photo of whiteboard] WLAN Gäste: @@P / gültig bis Freitag"),
    ),
    _f(
        "post-mortem quoting typed password", _pwv,
        ("postmortem", "14:02 the on-call typed the root password (`@@P`) into the Slack "
         "channel instead of the terminal; rotated at 14:09."),
        ("incident timeline", "- 09:31 Jonas runs `sudo -S <<< '@@P' systemctl restart nginx` "
         "in a shared tmux that was being recorded"),
        ("retro", "What went wrong: the shared admin password (@@P) was the same on all "
         "five branch routers."),
    ),
    _f(
        "history output with typed password", _pwv,
        ("history", "  512  cd /srv/app\n  513  mysql -u root -p@@P shop\n  514  exit"),
        ("zsh history", ": 1764492211:0;sshpass -p '@@P' ssh admin@10.0.0.7\n"
         ": 1764492290:0;ls"),
        ("powershell history", "PS C:\\> Get-Content (Get-PSReadLineOption).HistorySavePath | "
         "Select-String pass\n$cred = New-Object PSCredential('acme\\jonas', (ConvertTo-"
         "SecureString '@@P' -AsPlainText -Force))"),
    ),
    _f(
        "heredoc feeding a password", _pwv,
        ("ftp script", "ftp -n ftp.acme.lan <<EOF\nuser upload @@P\nbinary\nput report.pdf\n"
         "bye\nEOF"),
        ("passwd heredoc", "passwd jonas <<EOF\n@@P\n@@P\nEOF"),
        ("sftp here-string", "sftp -oBatchMode=no backup@nas <<< $'@@P\\nput db.sql.gz'"),
    ),
    _f(
        "openconnect stdin password", _pwv,
        ("terminal", "$ echo '@@P' | sudo openconnect --protocol=anyconnect --user=jonas "
         "--passwd-on-stdin vpn.acme.dev"),
        ("script", "printf '%s\\n' '@@P' | openfortivpn vpn.acme.dev:443 -u marta"),
        ("chat", "VPN: vpn.acme.dev, user = your login, pass = @@P (shared for contractors)"),
    ),
    _f(
        "printer web admin password", _pwv,
        ("ticket", "Kyocera in Raum 2.14: Admin-Login Admin / @@P (Werkseinstellung geändert)"),
        ("inventory csv", "device,ip,admin_user,admin_pass\nHP-M479,10.0.8.21,admin,@@P"),
        ("chat", "printer EWS password is @@P if you need to add the scan-to-email"),
    ),
    _f(
        "hikvision nvr admin password", _pwv,
        ("handover", "CCTV: NVR at 192.168.1.64, user admin, password @@P, app: Hik-Connect"),
        ("chat", "the camera app asks for the device password, it's @@P"),
        ("ticket", "Reset NVR 2 via SADP, new admin password @@P"),
    ),
    _f(
        "phpmyadmin login note", _pwv,
        ("chat", "phpMyAdmin: https://srv1.example.net/pma  root / @@P"),
        ("email", "Adminer: http://10.0.0.9/adminer.php?server=db&username=shop and the "
         "password is @@P"),
        ("notes", "cPanel -> phpMyAdmin, db user shop_wp, pw @@P"),
    ),
    _f(
        "gpg passphrase in notes", _pwsv,
        ("notes", "backup.key passphrase: @@P"),
        ("terminal", "$ gpg --batch --pinentry-mode loopback --passphrase '@@P' -d "
         "backup-2026-11.tar.gz.gpg | tar xz"),
        ("handover", "The offsite backups are encrypted with gpg -c, passphrase \"@@P\"."),
    ),
]


# --- Ordinary text: the same settings, with nothing secret in them -------------------------

_ORD_AGENT: list[str] = [
    "Fact: the export endpoint streams CSV. Verified by `wget -qO- --header=\"Authorization: "
    "Bearer $REPORTS_TOKEN\" https://reports.acme.dev/v2/export?month=2026-11 | head -2` -> "
    "`id,amount,currency`.",
    "wget --header=\"X-Api-Token: $(cat /run/secrets/files_token)\" -S "
    "https://files.acme.dev/nightly.tgz",
    "- name: fetch fixtures\n  run: wget --header \"PRIVATE-TOKEN: ${{ secrets.GITLAB_TOKEN }}\" "
    "-O fixtures.zip https://git.acme.dev/api/v4/projects/42/jobs/artifacts/main/download",
    "$ grpcurl -H \"authorization: Bearer $TOKEN\" inventory.acme.internal:443 "
    "acme.inventory.v1.Stock/List\n{\n  \"items\": []\n}",
    "grpcurl -plaintext -d '{\"id\": 77}' localhost:9090 billing.Invoices/Get\nERROR:\n  Code: "
    "Unauthenticated\n  Message: missing x-api-key metadata",
    "Fact: the replica accepts the app user again. Verified by `mysqladmin -h db-replica-2 -u "
    "app -p ping` (password typed at the prompt) -> `mysqld is alive`.",
    "3. Check the primary: `mysqladmin --defaults-extra-file=/etc/mysql/monitor.cnf "
    "extended-status | grep Threads_connected`",
    "AxiosError: Request failed with status code 502\n  config: {\n    url: "
    "'https://api.partner.io/v1/orders',\n    headers: {\n      Authorization: '[REDACTED]'\n"
    "    },\n  },\n  code: 'ERR_BAD_RESPONSE'",
    "  ● payments › retries on 503\n\n    expect(received).toEqual(expected)\n    - Expected\n"
    "    + Received\n    +   \"authorization\": \"Bearer test-token\",\n        \"retries\": 3,",
    "Caused by: java.sql.SQLException: Access denied for user 'orders'@'10.4.0.17' (using "
    "password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException("
    "SQLError.java:130)",
    "jdbcUrl........................jdbc:postgresql://pg-main:5432/ledger\npassword"
    ".......................<masked>\nusername.......................ledger",
    "org.postgresql.util.PSQLException: FATAL: password authentication failed for user "
    "\"ledger\"\n    at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication("
    "ConnectionFactoryImpl.java:693)",
    "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in "
    "/var/www/app/src/Db.php:14\nStack trace:\n#0 /var/www/app/src/Db.php(14): PDO->__construct("
    "'mysql:host=db;d...', 'shop', Object(SensitiveParameterValue), Array)\n#1 {main}",
    "#0 vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): "
    "PDO->__construct('mysql:host=10.0....', 'forge', '********', Array)",
    "Faraday::UnauthorizedError: the server responded with status 401\nrequest: {:method=>"
    ":get, :url=>\"https://api.vendor.io/v3/users\", :request_headers=>{\"Authorization\"=>"
    "\"[FILTERED]\", \"User-Agent\"=>\"Faraday v2.9.0\"}}",
    "Sidekiq retries of SyncContactsJob all die with 401. The job logs its client: "
    "#<Vendor::Client api_key=[FILTERED], region=\"eu\">.",
    "[error] Postgrex.Protocol (#PID<0.412.0>) failed to connect: ** (Postgrex.Error) FATAL "
    "28P01 (invalid_password) password authentication failed for user \"shop\"",
    "config :shop, Shop.Repo,\n  url: System.fetch_env!(\"DATABASE_URL\"),\n  pool_size: "
    "String.to_integer(System.get_env(\"POOL_SIZE\") || \"10\")",
    "--- FAIL: TestClientAuth (0.00s)\n    client_test.go:41: header mismatch\n        got:  "
    "\"Bearer \"\n        want: \"Bearer test-token\"\nFAIL\tgithub.com/acme/billing/client"
    "\t0.012s",
    "Error:      \tNot equal:\n\t\texpected: \"\"\n\t\tactual  : \"<redacted>\"\nTest:       \t"
    "TestLoadConfig/from_env",
    "thread 'main' panicked at src/weather.rs:52:10:\ncalled `Result::unwrap()` on an `Err` "
    "value: reqwest::Error { kind: Status(429), url: \"https://api.weatherapi.example/v1/"
    "current.json?key=REDACTED&q=Berlin\" }",
    "let url = format!(\"https://geo.example.org/lookup?api_key={}&ip={ip}\", "
    "std::env::var(\"GEO_KEY\")?);",
    "trce: System.Net.Http.HttpClient.Default.ClientHandler[102]\n      Request Headers:\n      "
    "Authorization: *\n      Accept: application/json",
    "System.Net.Http.HttpRequestException: Response status code does not indicate success: 401 "
    "(Unauthorized).\n   at Acme.Worker.Push.SendAsync() in /src/Worker/Push.cs:line 44",
    "send: b'GET /api/v2/tickets.json HTTP/1.1\\r\\nHost: acme.helpdesk.example\\r\\nUser-Agent: "
    "python-requests/2.32.3\\r\\nAuthorization: Bearer ***\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK"
    "\\r\\n'",
    "http.client.HTTPConnection.debuglevel = 1  # prints request lines; never enable in "
    "production, it logs Authorization headers",
    "##[debug]Evaluating: secrets.DEPLOY_TOKEN\n##[debug]=> '***'\n##[debug]Result: '***'",
    "2026-11-28T09:14:03.1120411Z DB_HOST=pg.acme.internal\n2026-11-28T09:14:03.1120633Z "
    "DB_PASSWORD=***",
    "Run ./scripts/release.sh\n  shell: /usr/bin/bash -e {0}\n  env:\n    REGISTRY_TOKEN: ***\n"
    "+ docker login -u ci --password-stdin registry.acme.dev",
    "$ export SONAR_TOKEN=$SONAR_TOKEN_CI\n$ sonar-scanner -Dsonar.host.url=https://sonar.acme.dev",
    "$ echo \"using $DB_HOST\"\nusing pg.internal\n$ ./migrate.sh",
    "[Pipeline] withCredentials\nMasking supported pattern matches of $DEPLOY_TOKEN\n"
    "[Pipeline] sh\n+ curl -s -X POST -H 'X-Deploy-Token: ****' https://deploy.acme.dev/hooks/app",
    "withCredentials([string(credentialsId: 'repo-pass', variable: 'REPO_PASS')]) {\n    sh "
    "'mvn -B deploy -Drepo.pass=$REPO_PASS -Drepo.user=ci'\n}",
    "~~~ Running agent environment hook\n$ /etc/buildkite-agent/hooks/environment\n# NPM_TOKEN "
    "added\n# NPM_TOKEN=[REDACTED]",
    "--- :docker: build\n+ docker build --secret id=license,env=LICENSE_KEY -t app:1f3a .",
    "#!/bin/bash -eo pipefail\necho \"deploying with $HEROKU_API_KEY\"\ndeploying with "
    "********************\nCircleCI received exit code 0",
    "| Service | User | Password | Notes |\n|---|---|---|---|\n| Grafana | admin | see 1Password "
    "\"grafana-admin\" | rotate quarterly |\n| RabbitMQ | svc-orders | vault: kv/rabbit/orders | "
    "vhost /orders |",
    "| Variable | Value |\n|---|---|\n| `APP_ENV` | staging |\n| `MAIL_PASSWORD` | (from "
    "Doppler) |\n| `STATS_TOKEN` | `${STATS_TOKEN}` |",
    "{\"tool\": \"write_file\", \"arguments\": {\"path\": \".env.example\", \"content\": "
    "\"DATABASE_URL=postgres://app:change-me@localhost:5432/app\\nSEARCH_API_KEY=\\n\"}}",
    "Created `.env.test` via edit tool with `REDIS_PASSWORD=${REDIS_PASSWORD:-}` so the suite "
    "reads it from the CI secret.",
    "{\"tool\": \"bash\", \"exit_code\": 0, \"stdout\": \"[client]\\nuser=backup\\n"
    "password=<redacted by agent>\\nhost=db-1\\n\"}",
    "Fact: the cron host reads its token from /etc/default/reporter. Verified by `ssh cron-1 "
    "grep -c TOKEN /etc/default/reporter` -> `1` (value not printed).",
    "$ docker inspect -f '{{json .Config.Labels}}' api\n{\"com.acme.team\":\"payments\","
    "\"org.opencontainers.image.revision\":\"9c1e2f7\"}",
    "$ kubectl exec -n shop deploy/api -- env | grep -E 'DB|TOKEN' | cut -d= -f1\nDB_HOST\n"
    "DB_PASSWORD\nSLACK_TOKEN",
    "kubectl exec -it redis-0 -- sh -c 'REDISCLI_AUTH=\"$(cat /secrets/redis)\" redis-cli INFO "
    "replication'",
    "NOTES:\nPostgreSQL can be accessed via port 5432.\nTo get the password for \"postgres\" "
    "run:\n    export POSTGRES_PASSWORD=$(kubectl get secret --namespace db pg-postgresql -o "
    "jsonpath=\"{.data.postgres-password}\" | base64 -d)",
    "> random_password.db.result\n(sensitive value)\n> azurerm_storage_account.logs.name\n"
    "\"acmelogs01\"",
    "Outputs:\n\nauth_token = <sensitive>\nendpoint = \"cache.abc123.euw1.cache.amazonaws.com\"",
    "$ git stash show -p stash@{0}\ndiff --git a/.env.example b/.env.example\n@@ -2,3 +2,3 @@\n"
    "-MAIL_PASSWORD=\n+MAIL_PASSWORD=<your mail password>",
    "--- a/src/main/resources/application-prod.properties\n+++ b/src/main/resources/"
    "application-prod.properties\n@@ -11,4 +11,4 @@\n spring.datasource.username=orders\n"
    "-spring.datasource.password=changeit\n+spring.datasource.password=${DB_PASSWORD}",
    "```diff\n-mail.smtp.password=hunter2-placeholder\n+mail.smtp.password=${SMTP_PASSWORD}\n```"
    "\nGood, both moved to the vault.",
    "@pytest.fixture\ndef client(monkeypatch):\n    monkeypatch.setenv(\"API_TOKEN\", \"test\")\n"
    "    return ApiClient(base_url=\"http://localhost:8080\", token=os.environ[\"API_TOKEN\"])",
    "tests/fixtures/account.json:\n{\n  \"account_id\": 88,\n  \"webhook_secret\": \"whsec_test_"
    "fixture\",\n  \"plan\": \"pro\"\n}",
    "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\": \"key_01JD\", "
    "\"name\": \"ci\", \"key\": \"ak_…f3Qz\", \"created_at\": \"2026-11-30\"}",
    "Fact: POST /v1/service-accounts returns the secret only once; the response carries "
    "`client_id` and `client_secret`, and we store the secret straight into Vault.",
    "GET /live HTTP/1.1\nHost: ws.acme.dev\nUpgrade: websocket\nConnection: Upgrade\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\nSec-WebSocket-Version: 13",
    "HTTP/1.1 101 Switching Protocols\nUpgrade: websocket\nConnection: Upgrade\n"
    "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
    "vars {\n  baseUrl: https://api.acme.dev\n}\nvars:secret [\n  apiToken\n]",
    "auth:basic {\n  username: admin\n  password: {{adminPassword}}\n}",
    "127.0.0.1:51822: GET https://api.app.example/v2/feed\n    authorization: Bearer <elided>\n"
    "    user-agent: okhttp/4.12.0\n << 200 OK 14.1k",
    "{\"name\": \"GET /v1/orders\", \"attributes\": {\"http.request.method\": \"GET\", "
    "\"http.response.status_code\": 200, \"server.address\": \"orders\"}}",
    "processors:\n  attributes/strip:\n    actions:\n      - key: http.request.header.authorization"
    "\n        action: delete",
    "Settings\nUsing settings module shop.settings\nSetting\tValue\nDATABASES\t{'default': "
    "{'ENGINE': 'django.db.backends.postgresql', 'PASSWORD': '********************'}}",
    "Environment Variables\nAPP_ENV  staging\nDB_HOST  10.0.0.9\nMAILGUN_SECRET  ********\n"
    "REDIS_PASSWORD  ********",
    "2026-11-30T07:44:01.507Z DEBUG 1 --- [main] c.a.config.DbConfig: Connecting to "
    "jdbc:sqlserver://sql01;databaseName=crm;user=crm_app;password=***",
    "Flyway Community Edition 10.20.1\nDatabase: jdbc:mysql://db:3306/inventory (MySQL 8.0)\n"
    "Successfully validated 42 migrations",
    "npm verbose config //registry.acme.dev/:_authToken=(protected)\nnpm http fetch GET 200 "
    "https://registry.acme.dev/@acme%2fui 211ms",
    "; \"user\" config from /home/ci/.npmrc\n//npm.pkg.acme.dev/:_auth = (protected)",
    "Looking in indexes: https://ci:****@pypi.acme.dev/simple\nCollecting acme-core==3.4.1",
    "$ cargo login --registry acme\nplease paste the token for acme below\n       Login token for "
    "`acme` saved",
    "CREATE SECRET lake (\n    TYPE s3,\n    PROVIDER credential_chain,\n    REGION "
    "'eu-central-1'\n);",
    "ATTACH '' AS dwh (TYPE postgres, SECRET dwh_secret);  -- secret created from env vars",
    "Decision: keep the exporter on its own user. The line in question, from "
    "/etc/exporter/exporter.ini:\n[database]\nuser = exporter\npassword_file = "
    "/run/secrets/exporter",
    "Is `[hooks]\\nsecret_env = DEPLOY_HOOK_SECRET` in deploy.ini still used by anything?",
]


def _ord_agent_generated() -> list[str]:
    """Agent-written text whose long values are public: SHAs, ids, digests."""
    out: list[str] = []
    for _ in range(3):
        sha, short = _sha1(), _hex(7)
        out.append(f"commit {sha}\nAuthor: Marta Nowak <marta@acme.dev>\nDate:   Mon Nov 30 "
                   f"09:12:44 2026 +0100\n\n    rotate staging token (value lives in Vault)\n\n"
                   f"diff --git a/deploy/values.yaml b/deploy/values.yaml\nindex {short}.."
                   f"{_hex(7)} 100644")
        out.append(f"Fact: the hotfix is deployed. Verified by `kubectl -n shop get deploy api -o "
                   f"jsonpath='{{.spec.template.spec.containers[0].image}}'` -> "
                   f"`registry.acme.dev/shop/api@sha256:{_hex(64)}`.")
        out.append(f"HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer error=\"invalid_token\"\n"
                   f"X-Request-Id: {_uuid()}\ntraceparent: 00-{_hex(32)}-{_hex(16)}-01")
        out.append(f"2026-11-30T10:0{_RNG.randrange(10)}:11Z ERROR payment declined trace_id="
                   f"{_hex(32)} span_id={_hex(16)} order={_uuid()}")
        out.append(f"$ docker pull ghcr.io/acme/worker:1.14.2\n1.14.2: Pulling from acme/worker\n"
                   f"Digest: sha256:{_hex(64)}\nStatus: Downloaded newer image")
        out.append(f"HTTP/2 200\netag: \"{_hex(32)}\"\ncache-control: max-age=300\n"
                   f"x-amz-request-id: {_s(16, UPPER_ALNUM)}\nx-amz-id-2: {_b64(48)}")
        out.append(f"<script src=\"https://cdn.acme.dev/app.{_hex(8)}.js\" integrity=\"sha384-"
                   f"{_b64(48)}\" crossorigin=\"anonymous\"></script>")
        out.append(f"Content-Security-Policy: script-src 'nonce-{_b64(16)}' 'strict-dynamic'")
        out.append(f"$ git log --oneline -3\n{_hex(7)} fix: mask DB password in debug log\n"
                   f"{_hex(7)} chore: bump axios to 1.7.9\n{_hex(7)} ci: read token from OIDC")
        out.append(f"terraform state show aws_iam_access_key.ci\n  id     = \"AK" "IA"
                   f"{_s(16, UPPER_ALNUM)}\"\n  secret = (sensitive value)\n  status = \"Active\"")
    return out


_ORD_AGENT += _ord_agent_generated()

_ORD_FORMATS: list[str] = [
    "#   ****  Generated on 2026-10-02 09:11:40 by CZMQ  ****\n#   ZeroMQ CURVE Public "
    "Certificate\n#   Exchange securely, or use a secure mechanism to verify the contents\n"
    "#   of this file after exchange. Store public certificates in your home\n#   directory, in "
    "the .curve subdirectory.\n\nmetadata\n    name = \"worker-07\"",
    "server.curve_secretkey = secret_key  # loaded with zmq.auth.load_certificate(server_secret_"
    "file)",
    "$ ls -l /var/lib/rabbitmq/.erlang.cookie\n-r-------- 1 rabbitmq rabbitmq 20 Nov 30 09:12 "
    "/var/lib/rabbitmq/.erlang.cookie",
    "## Cookie for distributed erlang\n-setcookie ${RELEASE_COOKIE}",
    "RABBITMQ_ERLANG_COOKIE_FILE=/run/secrets/erlang_cookie",
    "advanced:\n  pan_id: 6754\n  network_key: GENERATE\n  channel: 15",
    "advanced:\n  network_key: '!secret zigbee_network_key'\n  log_level: info",
    "{\"zwave\": {\"port\": \"/dev/ttyUSB0\", \"securityKeys\": {}}}  # keys are generated on "
    "first start and stored in the store volume",
    "// LoRaWAN OTAA\nconst char *devEui = \"70B3D57ED005A1C2\";\nconst char *appKey = "
    "SECRET_APP_KEY;  // from arduino_secrets.h (not committed)",
    "mosquitto_pub -d -q 1 -h thingsboard.acme.dev -p 1883 -t v1/devices/me/telemetry -u "
    "\"$TB_TOKEN\" -m '{\"temperature\":21.4}'",
    "uart:~$ settings set golioth/psk-id <psk-id>\nuart:~$ settings set golioth/psk <psk>",
    "CONFIG_GOLIOTH_SAMPLE_PSK_ID=\"\"\nCONFIG_GOLIOTH_SAMPLE_PSK=\"\"",
    "Backlog SSID1 Garage; Password1 <wifi>; MqttHost 192.168.1.20; MqttUser tasmota; "
    "MqttPassword <mqtt>",
    "jetty.sslContext.keyStorePassword=${env.KEYSTORE_PASSWORD}\n"
    "jetty.sslContext.keyStorePath=etc/keystore.p12",
    "[Credentials]\n# credentials come from the instance's service account\n[Boto]\n"
    "https_validate_certificates = True",
    "# defaults for the staging API\nsilent\nshow-error\nretry = 3",
    "[reporting]\nhost=pg-replica.acme.internal\nport=5432\ndbname=dwh\nuser=report\n"
    "# password in ~/.pgpass",
    "[auth]\nacme.prefix = hg.acme.dev\nacme.username = marta\n# password from the keyring "
    "extension",
    "$ svn checkout https://svn.acme.dev/repos/cad/trunk --username jonas\nAuthentication "
    "realm: <https://svn.acme.dev:443> Acme Subversion\nPassword for 'jonas': ",
    "account gmail\nhost smtp.gmail.com\nport 587\nauth on\ntls on\nuser lukas.brandt@gmail.com\n"
    "passwordeval \"pass show mail/gmail\"",
    "schtasks /Create /TN \"Nightly Backup\" /TR \"C:\\Scripts\\backup.cmd\" /SC DAILY /ST 02:00 "
    "/RU SYSTEM",
    "schtasks /Create /TN Export /TR export.cmd /SC DAILY /RU ACME\\svc-export /RP *",
    "sc.exe config AcmeAgent obj= \"NT SERVICE\\AcmeAgent\"",
    "sc.exe config AcmeSync obj= \"ACME\\gmsa-sync$\"   # group managed service account, no "
    "password",
    "<add name=\"Reports\">\n  <processModel identityType=\"ApplicationPoolIdentity\" />\n</add>",
    "psexec \\\\FS02 -u ACME\\admin.jonas -h cmd /c \"ipconfig /flushdns\"   (PsExec prompts "
    "for the password)",
    "cmdkey /list\n\nCurrently stored credentials:\n\n    Target: Domain:target=fileserver."
    "acme.local\n    Type: Domain Password\n    User: ACME\\scanner",
    "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\n"
    "authParams=file:///pulsar/tokens/orders-svc.jwt",
    "{\n  \"token_hmac_secret_key\": \"\",\n  \"allowed_origins\": [\"https://app.acme.dev\"]\n}",
    "CENTRIFUGO_TOKEN_HMAC_SECRET_KEY=${CENTRIFUGO_SECRET}",
    "name: nakama-eu1\nsocket:\n  server_key: \"defaultkey\"   # replaced by the deploy from "
    "NAKAMA_SERVER_KEY",
    "router bgp 65010\n neighbor 192.0.2.1 remote-as 64500\n neighbor 192.0.2.1 password 7 "
    "<removed>",
    "ntp authentication-key 1 md5 <key> 7\nntp trusted-key 1",
    "api=yes\napi-key=$scrypt$ln=10,p=1$<salt>$<hash>   # hashed with pdnsutil hash-password",
    "varnishadm -T 127.0.0.1:6082 -S /etc/varnish/secret ban req.url '~' /",
    "cache_peer proxy.upstream.example parent 3128 0 no-query default login=PASSTHRU",
    "spring:\n  r2dbc:\n    url: r2dbc:postgresql://pg:5432/orders\n    username: app\n    "
    "password: ${R2DBC_PASSWORD}",
    "curl -X PUT http://127.0.0.1:5984/_users -u \"admin:$COUCHDB_PASSWORD\"",
    "surreal start --log info --user root --pass \"$SURREAL_PASS\" rocksdb:/data/db",
    "docker run -d -p 8529:8529 -e ARANGO_ROOT_PASSWORD_FILE=/run/secrets/arango arangodb:3.12",
    "env_production: {\n  NODE_ENV: 'production',\n  JWT_SECRET: process.env.JWT_SECRET,\n}",
    "\"remoteEnv\": {\n  \"ACME_API_TOKEN\": \"${localEnv:ACME_API_TOKEN}\"\n}",
    "[env]\nNODE_ENV = \"development\"\n_.file = \".env.local\"   # not committed",
    "profile::db::root_password: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAA"
    "CAQEwDQYJKoZIhvcNAQEBBQAEggEAo]",
    "API_SECRET = $(ACME_API_SECRET)   // injected by the CI from the keychain",
    "GIGACHAT_CREDENTIALS=${GIGACHAT_AUTH_KEY}\nGIGACHAT_SCOPE=GIGACHAT_API_CORP",
    "dashscope.api_key = os.environ[\"DASHSCOPE_API_KEY\"]",
    "INFOBIP_BASE_URL=https://8kx3.api.infobip.com\nINFOBIP_API_KEY=",
    "MPESA_CONSUMER_KEY=\nMPESA_CONSUMER_SECRET=\nMPESA_SHORTCODE=174379\nMPESA_PASSKEY=",
    "wechat:\n  pay:\n    mch-id: 1900009191\n    api-v3-key: ${WXPAY_APIV3_KEY}\n    "
    "private-key-path: /etc/wxpay/apiclient_key.pem",
    "alipay.app-id=2021004123456789\nalipay.private-key=${ALIPAY_PRIVATE_KEY}",
    "$ tctl tokens add --type=node --ttl=1h --format=json | jq -r .token > /run/tele-token",
    "teleport:\n  join_params:\n    token_name: /var/lib/teleport/token\n    method: token",
    "sudo tailscale up --login-server https://hs.acme.dev --authkey file:/etc/hs-authkey",
    "curl -X GET 'https://acme.cybozu.com/k/v1/records.json?app=12' -H "
    "\"X-Cybozu-API-Token: $KINTONE_TOKEN\"",
    "headers = {\"X-ChatWorkToken\": os.environ[\"CHATWORK_TOKEN\"]}",
    "woodpecker-server:\n  environment:\n    - WOODPECKER_AGENT_SECRET_FILE=/run/secrets/agent",
    "$ fly -t main login -c https://ci.acme.dev\nnavigate to the following URL in your browser:"
    "\n\n  https://ci.acme.dev/login?fly_port=51234",
]


def _ord_public() -> list[str]:
    """Public values that sit beside secrets and look random."""
    out: list[str] = []
    for _ in range(3):
        out.append(f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_b64(32)[:43]} marta@laptop")
        out.append(f"The ECDSA key fingerprint is SHA256:{_b64(32).rstrip('=')}.\nAre you sure "
                   f"you want to continue connecting (yes/no/[fingerprint])?")
        out.append(f"$ gpg --fingerprint ops@acme.dev\npub   ed25519 2026-01-12 [SC]\n      "
                   f"{' '.join(_hex(4).upper() for _ in range(10))}")
        out.append(f"OAUTH_CLIENT_ID={_s(12, DIGITS)}-{_s(32, LOWER_ALNUM)}.apps.googleusercontent"
                   f".com\nOAUTH_CLIENT_SECRET=${{OAUTH_CLIENT_SECRET}}")
        out.append(f"AZURE_TENANT_ID={_uuid()}\nAZURE_CLIENT_ID={_uuid()}\n"
                   f"AZURE_CLIENT_SECRET=<from Key Vault kv-acme-prod>")
        out.append(f"aws sts get-caller-identity\n{{\n    \"UserId\": \"AROA{_s(17, UPPER_ALNUM)}:"
                   f"ci\",\n    \"Account\": \"{_s(12, DIGITS)}\",\n    \"Arn\": \"arn:aws:sts::"
                   f"{_s(12, DIGITS)}:assumed-role/ci/ci\"\n}}")
        out.append(f"sha256sum dist/acme-cli_2.4.0_linux_amd64.tar.gz\n{_hex(64)}  "
                   f"dist/acme-cli_2.4.0_linux_amd64.tar.gz")
        out.append(f"resolved \"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz#"
                   f"{_sha1()}\"\n  integrity sha512-{_b64(64)}")
        out.append(f"Idempotency-Key: {_uuid()}\nX-Correlation-Id: {_hex(32)}")
        out.append(f"CloudFront request id: {_s(56, B64URL)}==  (from x-amz-cf-id)")
        out.append(f"WIFI_BSSID={':'.join(_hex(2) for _ in range(6))}\nWIFI_SSID=Acme-Guest")
        out.append(f"devEui={_hex(16).upper()} joinEui=0000000000000000 (AppKey stored in "
                   f"ChirpStack)")
        out.append(f"feishu app_id=cli_{_hex(16)} (the app secret is in the vault, not here)")
        out.append(f"ZEROMQ server public key (share freely): {_z85()}")
        out.append(f"$ headscale nodes list\nID | Hostname | Name | MachineKey\n1  | runner-1 | "
                   f"runner-1 | [{_b64(6)[:6]}]")
    return out


_ORD_PUBLIC: list[str] = _ord_public()

_ORD_HUMAN: list[str] = [
    "$ mysqlsh root@localhost:3306 --sql\nPlease provide the password for 'root@localhost:3306': "
    "********",
    " MySQL  JS > \\connect admin@10.0.0.14:33060\nCreating a session to 'admin@10.0.0.14:33060'"
    "\nPlease provide the password for 'admin@10.0.0.14:33060':",
    "$ mariadb -u wordpress -p -h 127.0.0.1 wp_main\nEnter password:",
    "0 3 * * * mariadb-dump --defaults-extra-file=/root/.backup.cnf --all-databases | gzip > "
    "/backup/all.sql.gz",
    "$ pg_dump 'postgresql://marta@pg.office.lan:5432/crm' > crm.sql   # password from ~/.pgpass",
    "pgcli postgres://admin@192.168.10.4/inventory  (it prompts for the password)",
    "mongodb+srv://lukas:<password>@cluster0.ab12c.mongodb.net/?retryWrites=true&w=majority",
    "$ mongosh --host mongo1 -u root -p --authenticationDatabase admin\nEnter password: ****",
    "$ redis-cli -h 192.168.1.30 --user default --askpass ping\nPlease input password: ****\nPONG",
    "127.0.0.1:6379> AUTH <password>\n(error) WRONGPASS invalid username-password pair or user is "
    "disabled.",
    "bcp Sales.dbo.Orders out orders.dat -S SQL01 -T -c   (-T = trusted connection, no password)",
    "staging box: ssh deploy@203.0.113.40 (key only, password login disabled)",
    "you can ssh as pi@raspberrypi.local, password is whatever you set in Imager",
    "$ xfreerdp /v:10.0.5.30 /u:Administrator /p: /cert:ignore +clipboard   # empty /p: makes it "
    "prompt",
    "$ x11vnc -display :0 -rfbauth ~/.vnc/passwd -forever -shared",
    "Hi Ines,\nthe new share is \\\\nas01\\Buchhaltung\nUser: buchhaltung\nPassword: I'll call you "
    "with it.\nBest, Jonas",
    "$ sudo mount -t cifs //nas/media /mnt/media -o credentials=/root/.smb-media,vers=3.0",
    "router is 192.168.0.1, login admin / password is on the sticker under the box",
    "Changed the router admin password (new one is in the IT KeePass, entry \"Fritzbox\").",
    "QNAP TS-453D, I can log in on the web UI but SSH says permission denied? (admin account, "
    "password has a # in it)",
    "WIFI:T:nopass;S:Bibliothek-Gast;;",
    "WIFI:T:WPA;S:Acme-Guest;P:<rotated weekly, ask reception>;;",
    "$ nmcli dev wifi connect \"Office-5G\" --ask\nPassword: ••••••••",
    "network={\n    ssid=\"eduroam\"\n    key_mgmt=WPA-EAP\n    eap=PEAP\n    identity="
    "\"marta.nowak@uni.example.edu\"\n    password=hash:<nt-hash>\n    phase2=\"auth=MSCHAPV2\"\n}",
    "Hallo Team, mein Passwort für das Warenwirtschaftssystem ist abgelaufen. Könnt ihr es "
    "zurücksetzen? Danke, Petra",
    "Passwort vergessen? Klicken Sie auf „Passwort zurücksetzen“ und folgen Sie dem Link in der "
    "E-Mail.",
    "Das WLAN-Passwort für die Gäste hängt ab Montag an der Rezeption aus.",
    "Passation : le mot de passe du compte admin est dans le coffre KeePass de l'équipe.",
    "Mot de passe oublié ? Saisissez votre adresse e-mail pour recevoir un lien de "
    "réinitialisation.",
    "le mdp du wifi invités est affiché à l'accueil",
    "la contraseña del router está en la etiqueta de abajo, no la cambies",
    "¿Olvidaste tu contraseña? Te enviaremos un enlace para restablecerla.",
    "galera, a senha do wifi do escritório mudou, está no mural da copa",
    "Esqueceu a senha? Use a opção \"Redefinir senha\" na tela de login.",
    "Heslo k wifi najdete na nástěnce v kuchyňce.",
    "Zapomněli jste heslo? Klikněte na „Obnovit heslo“.",
    "Ο κωδικός του wifi είναι στο ψυγείο της κουζίνας.",
    "Ξεχάσατε τον κωδικό πρόσβασης; Πατήστε «Επαναφορά κωδικού».",
    "שכחת סיסמה? לחץ על \"איפוס סיסמה\" ונשלח לך קישור.",
    "رمز وای‌فای روی دیوار آشپزخانه است.",
    "رمز عبور خود را فراموش کرده‌اید؟ روی «بازیابی رمز عبور» کلیک کنید.",
    "পাসওয়ার্ড ভুলে গেছেন? \"পাসওয়ার্ড রিসেট\" বোতামে চাপুন।",
    "ลืมรหัสผ่าน? กด \"รีเซ็ตรหัสผ่าน\" แล้วเช็กอีเมลนะคะ",
    "Umesahau nenosiri? Bonyeza \"Weka upya nenosiri\".",
    "忘记密码？请点击“重置密码”，验证码将发送到您的手机。",
    "密码已通过企业微信私聊发给你了，请查收。",
    "パスワードをお忘れですか？「パスワードを再設定」から手続きしてください。",
    "パスワードは別途お電話でお伝えします。",
    "Забыли пароль? Нажмите «Восстановить пароль».",
    "пароль скину в личку, сюда не пишу",
    "machan password private la anupuren, group la poda matten",
    "username,email,password,group\nmarta,marta@acme.dev,,sales\njonas,jonas@acme.dev,,ops\n"
    "(passwords are generated on first login)",
    "|| System || Login || Passwort ||\n| Zeiterfassung | admin | siehe KeePass |\n"
    "| Kassensystem | filiale1 | siehe KeePass |",
    "Finding 7: password written on a note under the keyboard at the reception desk (redacted "
    "in this report).",
    "14:02 the on-call pasted the root password into the Slack channel instead of the terminal; "
    "rotated at 14:09 (value not reproduced here).",
    "  512  cd /srv/app\n  513  mysql -u root -p shop\n  514  exit",
    ": 1764492211:0;ssh admin@10.0.0.7\n: 1764492290:0;ls",
    "ftp -n ftp.acme.lan <<EOF\nuser upload $(cat ~/.ftp-pass)\nbinary\nput report.pdf\nbye\nEOF",
    "read -rsp 'Password: ' PW && printf '%s\\n' \"$PW\" | sudo -S true",
    "$ echo \"$VPN_PASSWORD\" | sudo openconnect --user=jonas --passwd-on-stdin vpn.acme.dev",
    "printer EWS password is in the IT vault under \"printers\"",
    "Reset NVR 2 via SADP, new admin password stored in the CCTV folder of Bitwarden",
    "phpMyAdmin: https://srv1.example.net/pma (use your own MySQL user)",
    "$ gpg --batch --pinentry-mode loopback --passphrase-file /root/.backup-pass -d backup.gpg | "
    "tar xz",
    "The offsite backups are encrypted with gpg -c; the passphrase is sealed in the envelope in "
    "the safe.",
    "Password must be at least 12 characters and contain one uppercase letter, one digit and one "
    "symbol.",
    "Passwörter müssen mindestens 12 Zeichen lang sein und dürfen nicht die letzten 5 "
    "wiederholen.",
    "Le mot de passe doit contenir au moins 12 caractères, dont un chiffre et un caractère "
    "spécial.",
    "La contraseña debe tener al menos 10 caracteres y no puede contener tu nombre de usuario.",
    "A senha deve ter no mínimo 8 caracteres, incluindo letras e números.",
    "パスワードは8文字以上で、英大文字・小文字・数字を含めてください。",
    "密码长度至少8位，需包含大小写字母和数字。",
    "Пароль должен содержать не менее 10 символов, включая цифры.",
    "password reset link expired, please request a new one",
    "Password changed successfully. You will be signed out of other devices.",
    "Your password will expire in 5 days. Change it now?",
    "password strength: weak (add a word or two, uncommon words are better)",
    "Passwort ändern | Passwort vergessen | Passwort-Richtlinie",
    "The password field is required.",
    "Incorrect password. 2 attempts remaining before the account is locked.",
    "Password123 is in every breach list; our validator rejects it and its variants.",
    "The reset flow now sends a one-time link instead of a temporary password.",
    "Never send passwords by e-mail or chat; share them through the team vault.",
    "We moved all shared logins to Bitwarden collections; the wiki page only links to them.",
    "mysql: [Warning] Using a password on the command line interface can be insecure.",
    "Warning: Using a password with '-a' or '-u' option on the command line interface may not "
    "be safe.",
    "sshpass -f ~/.sshpass_nas ssh admin@nas   # password kept in a 0600 file",
    "Enter PEM pass phrase:\nVerifying - Enter PEM pass phrase:",
    "[sudo] password for jonas: \nSorry, try again.",
    "Authentication failed: password expired for user svc-report",
    "hint: the default password on new routers is printed on the label as \"WLAN key\"",
    "Tip: use a passphrase of four random words instead of a word plus a year.",
]

_ORD_MORE: list[str] = [
    "password = os.environ[\"DB_PASSWORD\"]",
    "const token = process.env.PLANE_API_TOKEN ?? '';",
    "api_key = keyring.get_password(\"acme-cli\", user)",
    "secret := os.Getenv(\"WECHATPAY_APIV3_KEY\")\nif secret == \"\" {\n    log.Fatal(\"missing "
    "WECHATPAY_APIV3_KEY\")\n}",
    "let key = std::env::var(\"ZHIPUAI_API_KEY\").expect(\"ZHIPUAI_API_KEY not set\");",
    "var secret = builder.Configuration[\"Cashfree:SecretKey\"];",
    "@Value(\"${alipay.private-key}\")\nprivate String privateKey;",
    "$secret = getenv('CHAPA_SECRET_KEY') ?: throw new RuntimeException('CHAPA_SECRET_KEY');",
    "Rails.application.credentials.dig(:omise, :secret_key)",
    "config :my_app, :paymongo, secret_key: {:system, \"PAYMONGO_SECRET_KEY\"}",
    "$env:AKEYLESS_ACCESS_KEY = (Get-Secret -Name AkeylessKey -AsPlainText)",
    "export TOSS_SECRET_KEY=\"$(op read 'op://Payments/Toss/secret key')\"",
    "export ASAAS_API_KEY=$(aws secretsmanager get-secret-value --secret-id prod/asaas "
    "--query SecretString --output text)",
    "MONNIFY_SECRET_KEY=$(vault kv get -field=secret kv/payments/monnify)",
    "sops -d secrets/prod.enc.yaml | yq '.sumsub.app_token' > /dev/null && echo ok",
    "env:\n  - name: CONEKTA_PRIVATE_KEY\n    valueFrom:\n      secretKeyRef:\n        name: "
    "conekta\n        key: private-key",
    "apiKey: {{ .Values.builder.privateKey | quote }}",
    "klarna_api_key: \"{{ klarna_api_key_vault }}\"",
    "UPTRACE_DSN=%(env)s",
    "feishu:\n  app_id: ${FEISHU_APP_ID}\n  app_secret: ${FEISHU_APP_SECRET}",
    "PINATA_JWT=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "POLAR_ACCESS_TOKEN=polar_oat_...  # create one under Settings → Developers",
    "LOGFIRE_TOKEN=<your-write-token>",
    "AT_API_KEY=\"\"  # Africa's Talking sandbox key, set locally",
    "ROBLOSECURITY=  # never commit; paste only in your local .env",
    "COC_API_TOKEN=${COC_API_TOKEN:?set the Clash of Clans API token}",
    "VOLC_ACCESSKEY=****************\nVOLC_SECRETKEY=****************",
    "The Sumsub app token and secret key are created in the dashboard under Developers → App "
    "tokens; we keep them in Vault and rotate them yearly.",
    "Wompi separates public keys (pub_prod_…) that go to the browser from private keys that "
    "stay on the server.",
    "Cashfree keys are per environment; sandbox keys only work against sandbox.cashfree.com.",
    "For PayMongo, the public key is used by the checkout page and the secret key only by the "
    "webhook handler.",
    "Africa's Talking uses the username \"sandbox\" for the test environment.",
    "The Roblox .ROBLOSECURITY cookie is as good as the password: any script that asks for it "
    "is stealing the account.",
    "Der API-Schlüssel wird im Tresor gespeichert und nie ins Repository eingecheckt.",
    "La clé d'API est injectée au démarrage par le gestionnaire de secrets.",
    "La clave secreta se lee del entorno; en local usa el archivo .env que no se sube al repo.",
    "A chave secreta fica no cofre e é lida pela aplicação na inicialização.",
    "APIキーはSecrets Managerに保存し、環境変数経由で読み込みます。",
    "API密钥保存在密钥管理服务中，代码里只读取环境变量。",
    "API-ключ хранится в Vault, в репозиторий он не попадает.",
    "Klucz API jest w sejfie zespołu; w kodzie czytamy tylko zmienną środowiskową.",
    "API anahtarı kasada saklanır, koda yazılmaz.",
    "Kunci API disimpan di vault tim, bukan di repositori.",
    "Khóa API được lưu trong kho bí mật, không đưa vào mã nguồn.",
    "Ufunguo wa API unahifadhiwa kwenye vault, si kwenye msimbo.",
    "Rotated the Teleport join tokens; the new ones are issued per node with a 1h TTL.",
    "The Jetty OBF: form is obfuscation, not encryption; we moved the keystore password to an "
    "env var.",
    "Zigbee2MQTT generates the network key on first start when network_key is GENERATE.",
    "The Erlang cookie must match on all cluster nodes; it is mounted from a Kubernetes Secret.",
    "def mask(value: str) -> str:\n    return value[:4] + \"…\" if value else \"\"",
    "if (!process.env.NAKAMA_SERVER_KEY) throw new Error('NAKAMA_SERVER_KEY is required');",
    "SECRET_PATTERNS = {\"password\", \"passwd\", \"secret\", \"token\", \"api_key\"}",
    "grep -rn --include='*.env' 'PASSWORD=' . | cut -d= -f1",
    "git secrets --scan-history  # found nothing after the rewrite",
    "gitleaks detect --source . --redact -v\nINF 412 commits scanned.\nINF no leaks found",
    "trufflehog git file://. --only-verified --json | jq -r .DetectorName",
    "detect-secrets scan > .secrets.baseline && detect-secrets audit .secrets.baseline",
    "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
    "docker login -u ci --password-stdin registry.acme.dev < /run/secrets/registry",
    "kubectl create secret generic pg --from-file=password=./pg-password.txt --dry-run=client -o "
    "yaml | kubeseal > pg-sealed.yaml",
    "helm upgrade --install pg bitnami/postgresql --set auth.existingSecret=pg-credentials",
    "terraform apply -var-file=prod.tfvars   # prod.tfvars only holds names of secrets, not values",
    "ansible-playbook site.yml --ask-vault-pass",
    "psql \"host=pg user=app sslmode=verify-full passfile=/etc/app/pgpass\"",
    "sqlcmd -S sql01 -G -U jonas@acme.dev   # Entra ID interactive auth",
    "redis-cli --tls -h cache.acme.dev --user app --askpass",
    "Get-Credential -UserName 'ACME\\svc-backup' -Message 'Password for the backup account'",
    "$cred = Import-Clixml -Path C:\\secure\\svc.xml   # DPAPI-protected, only this user can read",
    "smbclient //nas/share -A ~/.smbcred",
    "net use Z: \\\\fs01\\projects /user:ACME\\jonas *",
    "Sign in with your Acme account. We will never ask for your password by phone or chat.",
    "Your one-time code is valid for 10 minutes. Do not share it with anyone.",
    "Two-factor authentication is now required for all admin accounts.",
]

_DEBATABLE_PREFIXES = (
    "terraform state show aws_iam_access_key.ci",
    "ZEROMQ server public key",
    "Password123 is in every breach list",
    "tests/fixtures/account.json:\n{\n  \"account_id\": 88,\n  \"webhook_secret\": \"whsec_test_",
    "{\"tool\": \"write_file\", \"arguments\": {\"path\": \".env.example\"",
    "```diff\n-mail.smtp.password=hunter2-placeholder",
    "name: nakama-eu1\nsocket:\n  server_key: \"defaultkey\"",
)


FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(blind_corpus.interleave(
        blind_corpus.round_robin(_AGENT, _FORMATS, _HUMAN), _VENDOR_RAW))
]


NINTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in NINTH_SECRETS}

# The families of each weight, for reports that break results down by where a secret sits.
AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)

# The families whose values carry a vendor's name, prefix, header or marker; the rest are
# generic (a generic family may still hold a vendor token, placed where an agent writes it).
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a Zigbee network
# key is a list of sixteen small integers, Jetty's OBF: form is an obfuscation many configs
# carry on purpose, and a Varnish admin secret is a bare UUID in a file of its own.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"zigbee network key", "jetty obfuscated password", "varnish admin secret"}
)

NINTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_PUBLIC, *_ORD_HUMAN, *_ORD_MORE]

DEBATABLE: list[str] = [text for text in NINTH_ORDINARY if text.startswith(_DEBATABLE_PREFIXES)]


_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, NINTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("ninth", FAMILIES, NINTH_SECRETS, NINTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(100, 330, 300),
                       template=_PLACEHOLDER)  # a diff's hunk header (@@ -4,6 +4,7 @@) is text
    # every debatable prefix matches something
    assert all(any(text.startswith(prefix) for text in DEBATABLE)
               for prefix in _DEBATABLE_PREFIXES)


_self_check()
