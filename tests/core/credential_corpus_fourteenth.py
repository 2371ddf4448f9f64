"""A fourteenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, scripts and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the thirteen earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py`` and
``credential_corpus_fourth.py`` to ``credential_corpus_thirteenth.py``); only their family
names, so that every family here is new (``_self_check`` holds that), the helpers
``Family``, ``Values``, ``family`` and ``split_by_family`` of the third, ``blind_corpus`` and
the docstring and closing assembly of the thirteenth, so that the same measuring code runs on
this one.  It is weighted, about a third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" a command with its output (the Gel/EdgeDB CLI, nebula-console, TDengine
  ``taos``, the IoTDB CLI, Atlas, goose, swaks, Hurl, websocat), copied HTTP requests to
  openHAB, Plex, Discourse, Overseerr and Mealie, debugging notes on Fabric and Netmiko, F#,
  Delphi FireDAC, Crystal and Nim code, a Nuxt payload and a built JavaScript bundle, build
  logs of TeamCity, Bitbucket Pipelines and Codemagic, browser-automation and memory tool
  calls, diff hunks in devcontainer.json, serverless.yml and wrangler.toml, and decisions
  quoting Logstash and Telegraf blocks;
* config and credential files of tools not yet covered (WordPress and Nextcloud app
  passwords, Deluge's auth file, sabnzbd.ini, the Homepage dashboard, ansible.cfg Galaxy
  servers, Talos secrets, step-ca, justfile/Taskfile/mise.toml, Lemmy/Misskey/GoToSocial,
  RANCID and Oxidized, dlt, Evidence and Steampipe) and vendor tokens with the prefixes and
  formats of public secret-scanner rule lists (``VENDOR_FAMILIES``);
* passwords people choose (names with dates, seasons, keyboard walks, leetspeak, passphrases,
  pet names, teams with numbers, words of the writer's language, Russian words typed on a
  Latin layout) where they type them: chat, SMS, email, notices, circulars, band posts and
  voice-note transcripts in Sicilian, Neapolitan, Venetian, Friulian, Asturian, Aragonese,
  Walloon, Alsatian, Kashubian, Silesian, Ladino, Greenlandic, Inuktitut, Cree, Ojibwe,
  Navajo, Cherokee, Mapudungun, Wayuu, Tahitian, Chamorro, Bislama, Tetum, Ossetian,
  Circassian, Chuvash, Udmurt, Kalmyk, Tuvan, Hakka, Teochew, Bhojpuri, Awadhi, Rajasthani,
  Marwari, Haryanvi, Assamese, Manipuri, Santali, Mizo, Kashmiri, Dogri, Isan, Northern Thai,
  Waray, Bikol, Fula, Bambara, Kirundi and Bemba, and in English, Quebec French, Korean,
  Chinese and Japanese in settings that are not a ``password: X`` line.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``FOURTEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``FOURTEENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands and configs with the value masked, templated, prompted for or read from a store;
    the public values that sit beside secrets (commit SHAs, digests, UUIDs, ids, public keys,
    certificates, build numbers, versions); code that handles a secret by name only; password
    policy text and prose about credentials that holds none, in several languages.
    ``DEBATABLE`` names the entries a reasonable scanner could refuse; ``UNSURE_FAMILIES`` the
    families a reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator (``random.Random(14_2026_12_08)``) with the length,
alphabet and inner structure of their kind; people's passwords come from a generator of the
patterns people use (``_Person``), fed with the words, names, pets, teams and seasons of the
language or place of each sample; each sample draws fresh values when the module is built.
Distinctive prefixes are split in the source, so no literal here is a real secret or stops a
push-protection scanner.
"""

# ruff: noqa: RUF001, E501

from __future__ import annotations

import base64
import json
import random
import re
import string
from collections.abc import Callable

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, family, split_by_family

_RNG = random.Random(14_2026_12_08)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64URL = ALNUM + "-_"
BCRYPT = "./" + ALNUM

_Values = Callable[[], dict[str, str]]


def _r(length: int, alphabet: str = ALNUM) -> str:
    """``length`` characters of ``alphabet`` from the seeded generator."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hx(length: int) -> str:
    return _r(length, HEX)


def _raw(length: int) -> bytes:
    return bytes(_RNG.randrange(256) for _ in range(length))


def _b64(raw_length: int) -> str:
    """Standard base64 of ``raw_length`` random bytes, padding kept."""
    return base64.b64encode(_raw(raw_length)).decode()


def _b64url(raw_length: int) -> str:
    """URL-safe base64 of ``raw_length`` random bytes, padding dropped."""
    return base64.urlsafe_b64encode(_raw(raw_length)).decode().rstrip("=")


def _enc(text: str) -> str:
    """Standard base64 of a text, as Basic auth and Kubernetes-style files carry it."""
    return base64.b64encode(text.encode()).decode()


def _uuid() -> str:
    h = _hx(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def _pw(length: int = 20) -> str:
    """A generated password: letters, digits and a few symbols that survive a shell and YAML."""
    while True:
        value = _r(length, ALNUM + "!%+=_.^~")
        if any(c.isdigit() for c in value) and value[0] not in "!%+=_.^~":
            return value


def _upw(length: int = 22) -> str:
    """A generated password that needs no escaping inside a URL."""
    return _r(length, ALNUM + "-_.")


def _jwt(payload: dict[str, object], sig_raw: int = 32) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode())
    return f"{head}.{body.decode().rstrip('=')}.{_b64url(sig_raw)}"


def _fill(template: str, values: dict[str, str]) -> str:
    for key in sorted(values, key=len, reverse=True):
        template = template.replace(f"@@{key}", values[key])
    return template


_Sample = tuple[str, str] | tuple[str, str, _Values]
_Spec = tuple[str, tuple[tuple[str, str], ...]]


def _fam(name: str, values: _Values, *samples: _Sample) -> _Spec:
    """A family whose samples each draw fresh values (their own, or the family's)."""
    out: list[tuple[str, str]] = []
    for sample in samples:
        draw = sample[2] if len(sample) > 2 else values
        out.append((sample[0], _fill(sample[1], draw())))
    return name, tuple(out)


# --- people's passwords --------------------------------------------------------------------

_WALKS = ("1qaz2wsx", "1q2w3e4r", "1q2w3e4r5t", "qwerty", "qwertz", "azerty", "asdfgh",
          "zxcvbnm", "qazwsx", "zaq12wsx", "1qazxsw2", "q1w2e3r4", "poiuytrez", "asdf1234")
_LEET = str.maketrans({"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"})
_RU_LAYOUT = dict(zip("йцукенгшщзфывапролдячсмитьб", "qwertyuiopasdfghjklzxcvbnm,", strict=True))


class _Person:
    """The patterns people build passwords from, fed with one place's words and names."""

    def __init__(self, names: str = "", pets: str = "", teams: str = "", words: str = "",
                 seasons: str = "", cyrillic: str = "") -> None:
        self.names = names.split()
        self.pets = pets.split()
        self.teams = teams.split()
        self.words = words.split()
        self.seasons = seasons.split()
        self.cyrillic = cyrillic.split()

    def name_year(self) -> str:
        name, year = _RNG.choice(self.names), _RNG.randint(1958, 2019)
        return _RNG.choice([f"{name}{year}", f"{name}{year % 100:02d}", f"{name.lower()}{year}",
                            f"{name}.{year}", f"{name}{year}!", f"{name}_{_RNG.randint(1, 28):02d}{_RNG.randint(1, 12):02d}"])

    def pet(self) -> str:
        pet = _RNG.choice(self.pets)
        return _RNG.choice([f"{pet}{_RNG.randint(1, 99)}", f"{pet}{_RNG.randint(2008, 2024)}!",
                            f"{pet.lower()}{_RNG.randint(100, 999)}", f"Ilove{pet}{_RNG.randint(1, 9)}"])

    def team(self) -> str:
        team = _RNG.choice(self.teams)
        return _RNG.choice([f"{team}{_RNG.randint(1, 99)}", f"{team.lower()}_{_RNG.randint(1, 99)}",
                            f"{team}{_RNG.randint(1905, 2024)}!", f"{team}#{_RNG.randint(1, 23)}"])

    def word(self) -> str:
        word = _RNG.choice(self.words)
        return _RNG.choice([f"{word.capitalize()}{_RNG.randint(10, 9999)}", f"{word}{_RNG.randint(1, 99)}!",
                            f"{word.capitalize()}#{_RNG.randint(10, 99)}", f"{word.upper()}{_RNG.randint(1, 9)}{_RNG.randint(1, 9)}"])

    def season(self) -> str:
        season, year = _RNG.choice(self.seasons), _RNG.randint(2023, 2026)
        return _RNG.choice([f"{season.capitalize()}{year}!", f"{season}{year}",
                            f"{season.capitalize()}@{year}", f"{season.capitalize()}{year % 100}"])

    def walk(self) -> str:
        walk = _RNG.choice(_WALKS)
        return _RNG.choice([walk + "!", walk.capitalize() + str(_RNG.randint(1, 99)),
                            walk + str(_RNG.randint(2020, 2026)), walk.upper()[:4] + walk[4:] + "!"])

    def leet(self) -> str:
        while True:
            word = _RNG.choice(self.words + self.names).lower().translate(_LEET)
            value = word[0].upper() + word[1:] + str(_RNG.randint(1, 99))
            if "@@" not in value:
                return value

    def phrase(self) -> str:
        words = _RNG.sample(self.words, 3)
        form = _RNG.randrange(3)
        if form == 0:
            return "-".join(words) + str(_RNG.randint(1, 9))
        if form == 1:
            return "".join(w.capitalize() for w in words) + str(_RNG.randint(10, 99))
        return ".".join(words)

    def layout(self) -> str:
        """A Russian word typed with a Latin layout, as people on Cyrillic keyboards do."""
        word = _RNG.choice(self.cyrillic)
        typed = "".join(_RU_LAYOUT.get(c, c) for c in word)
        return typed + str(_RNG.randint(1, 99)) + _RNG.choice(["", "!", "#"])

    def any(self) -> str:
        patterns = [self.walk]
        patterns += [self.name_year] if self.names else []
        patterns += [self.pet] if self.pets else []
        patterns += [self.team] if self.teams else []
        patterns += [self.word, self.leet] if self.words else []
        patterns += [self.phrase] if len(self.words) >= 4 else []
        patterns += [self.season] if self.seasons else []
        patterns += [self.layout] if self.cyrillic else []
        return _RNG.choice(patterns)()


def _h(pattern: Callable[[], str]) -> str:
    """A person-chosen password of eight characters at least, as Wi-Fi and most sites ask."""
    while True:
        value = pattern()
        if len(value) >= 8:
            return value


def _p(pattern: Callable[[], str]) -> _Values:
    """A values function giving one person-chosen password under ``P``."""
    return lambda: {"P": _h(pattern)}


# --- 1. what a coding agent writes in a ledger entry ---------------------------------------

def _gel() -> dict[str, str]:
    return {"P": _upw(24)}


def _taos() -> dict[str, str]:
    pw = _pw(16)
    return {"P": pw, "B": _enc(f"root:{pw}")}


def _swaks() -> dict[str, str]:
    pw = _pw(18)
    return {"P": pw, "U": _enc("alerts@example.org"), "B": _enc(pw)}


def _openhab() -> dict[str, str]:
    return {"N": _RNG.choice(["homebridge", "nodered", "ledger", "grafana"]), "T": _r(86)}


def _overseerr() -> dict[str, str]:
    stamp = str(_RNG.randint(1_650_000_000_000, 1_760_000_000_000))
    return {"K": _enc(stamp + _uuid())}


def _mealie() -> dict[str, str]:
    return {"J": _jwt({"long_token": True, "id": _uuid(), "name": "ledger-bot",
                       "integration_id": "generic", "exp": 1893456000})}


def _net() -> dict[str, str]:
    return {"P": _pw(14), "S": _pw(12)}


_AGENT: list[_Spec] = [
    _fam(
        "ledger fact verified by the gel edgedb cli", _gel,
        ("fact", "Fact: the staging Gel instance accepts the app role after the 0042 migration.\nVerified by: edgedb query --dsn 'edgedb://app_rw:@@P@gel-staging.internal:5656/main' 'select count(User)'\nOutput: 1842"),
        ("debugging note", "Debugging: `gel migrate` fails on CI with ClientConnectionFailedTemporarilyError. The job sets EDGEDB_DSN=edgedb://admin:@@P@10.4.0.12:5656/edgedb?tls_security=insecure and the same DSN works from the bastion, so the fault is the runner's egress, not auth."),
        ("handoff", "Handoff: I linked the prod instance for you with\n  echo '@@P' | edgedb instance link --host gel.prod.internal --port 5656 --user edgedb --database main --password-from-stdin --trust-tls-cert prod\nso `edgedb -I prod` works from the ops box now."),
    ),
    _fam(
        "ledger fact verified by nebula-console", lambda: {"P": _pw(16)},
        ("fact", "Verified by `nebula-console -addr 10.2.0.7 -port 9669 -u root -p @@P -e 'SHOW HOSTS;'`: three storaged hosts ONLINE, leader distribution 10/10/10 after BALANCE LEADER."),
        ("decision", "Decision: the importer connects as `importer`, not root. Committed nebula-importer config:\n  client:\n    version: v3\n    address: \"graphd-0.nebula:9669,graphd-1.nebula:9669\"\n    user: importer\n    password: @@P\n    concurrencyPerAddress: 10"),
        ("tool output", "$ docker run --rm -it --network nebula-net vesoft/nebula-console:v3.8.0 -addr graphd -port 9669 -u root -p @@P\n\nWelcome!\n\n(root@nebula) [(none)]> SHOW SPACES;\n| Name       |\n| \"kg_prod\"  |"),
    ),
    _fam(
        "ledger fact verified by tdengine taos", _taos,
        ("fact", "Retention checked: `taos -h td-node1 -u root -p@@P -s \"show databases;\"` lists power, log and information_schema; power has KEEP 3650d."),
        ("copied rest request", "Copied from the taosAdapter smoke test:\nPOST http://td-node1:6041/rest/sql/power HTTP/1.1\nAuthorization: Basic @@B\nContent-Type: text/plain\n\nselect last_row(*) from meters;"),
        ("debugging note", "Debugging: the Go connector builds on alpine once we move from taosSql to taosWS. Working DSN: `root:@@P@ws(td-node1:6041)/power?readBufferSize=52428800`."),
    ),
    _fam(
        "ledger fact verified by the iotdb cli", lambda: {"P": _pw(15)},
        ("fact", "TTL confirmed with `sbin/start-cli.sh -h 172.20.1.5 -p 6667 -u root -pw @@P -e \"show ttl on root.plant.**\"` → root.plant.** 7776000000."),
        ("python session", "Ingest check from the notebook (writes land under root.plant.line3):\nfrom iotdb.Session import Session\nsession = Session(\"172.20.1.5\", \"6667\", \"ingest\", \"@@P\")\nsession.open(False)\nprint(session.execute_query_statement(\"select count(*) from root.plant.line3.**\").next())"),
        ("datasource note", "The Grafana IoTDB datasource is green again: url http://172.20.1.5:18080, username grafana_ro, password @@P (set in the provisioning file, commit 3f1c2e9)."),
    ),
    _fam(
        "ledger fact verified by atlas schema inspect", lambda: {"P": _upw(20)},
        ("fact", "Schema drift ruled out:\natlas schema inspect -u \"postgres://atlas:@@P@pg-main.internal:5432/shop?sslmode=disable\" --format '{{ sql . }}' > /tmp/live.sql\ndiff /tmp/live.sql schema.sql  # no output"),
        ("decision", "Decision: keep one atlas.hcl for every environment.\nenv \"prod\" {\n  src = \"file://schema.hcl\"\n  url = \"mysql://deployer:@@P@mysql-prod.internal:3306/app\"\n  dev = \"docker://mysql/8/dev\"\n}"),
        ("debugging note", "atlas migrate apply stopped at 20250114093000_orders.sql with `Error 1146: Table 'app.order_items' doesn't exist`; ran it by hand with `atlas migrate apply --url mysql://migrator:@@P@10.0.3.4:3306/app --baseline 20250110000000` and it completed."),
    ),
    _fam(
        "ledger fact verified by goose status", lambda: {"P": _upw(18)},
        ("fact", "GOOSE_DRIVER=postgres GOOSE_DBSTRING=\"host=10.1.0.9 user=goose password=@@P dbname=billing sslmode=require\" goose -dir db/migrations status\n    Applied At                  Migration\n    =======================================\n    Mon Mar  3 10:12:44 2025 -- 00042_add_invoice_index.sql\n    Pending                  -- 00043_drop_legacy_totals.sql"),
        ("makefile decision", "Decision: the migrate target stays self-contained so the on-call can run it from any box.\nmigrate:\n\tgoose -dir migrations mysql \"app:@@P@tcp(orders-db.internal:3306)/orders?parseTime=true\" up"),
        ("go snippet", "Repro for the embed.FS issue (cmd/migrate/main.go):\ngoose.SetBaseFS(migrations)\ndb, _ := sql.Open(\"pgx\", \"postgres://goose:@@P@pg-billing.prod.internal:5432/billing\")\nif err := goose.Up(db, \"sql\"); err != nil { log.Fatal(err) }"),
    ),
    _fam(
        "ledger fact verified by a swaks smtp test", _swaks,
        ("fact", "Relay works with the new account:\nswaks --to ops@example.org --server smtp.relay.example.net:587 --tls --auth LOGIN --auth-user alerts@example.org --auth-password '@@P'\n<~  250 2.0.0 Ok: queued as 4Zx9Yq1kLmz3"),
        ("transcript", "swaks transcript (the 535 earlier was the wrong mechanism):\n ~> AUTH LOGIN\n<~  334 VXNlcm5hbWU6\n ~> @@U\n<~  334 UGFzc3dvcmQ6\n ~> @@B\n<~  235 2.7.0 Authentication successful"),
        ("decision", "Decision: Grafana alert mail goes through the same relay account; tested first with\nswaks -a PLAIN -au grafana@example.org -ap '@@P' -s relay.example.org:465 --tlsc --to sre@example.org --h-Subject 'ledger test'"),
    ),
    _fam(
        "ledger fact verified by a hurl test run", lambda: {"T": _b64url(36), "P": _pw(18)},
        ("hurl file", "tests/api/orders.hurl as committed in 9c41d7e:\nGET https://api.staging.example.com/v2/orders?limit=5\nAuthorization: Bearer @@T\nHTTP 200\n[Asserts]\njsonpath \"$.items\" count > 0"),
        ("command", "Verified by: hurl --test --variable api_key=@@T tests/api/*.hurl\ntests/api/orders.hurl: Success (3 request(s) in 412 ms)\ntests/api/refunds.hurl: Success (2 request(s) in 198 ms)"),
        ("basic auth section", "Folder provisioning is now a hurl step:\nPOST https://grafana.staging.example.com/api/folders\n[BasicAuth]\nadmin: @@P\n{\"uid\": \"payments\", \"title\": \"Payments\"}\nHTTP 200"),
    ),
    _fam(
        "ledger fact verified by websocat", lambda: {"T": _b64url(32), "P": _pw(16)},
        ("fact", "Stream auth verified: websocat -H='Authorization: Bearer @@T' wss://stream.staging.example.io/v1/ticks — first frame {\"type\":\"hello\",\"heartbeat\":30} within 80 ms."),
        ("debugging note", "The 403 in the browser is the Origin check, not the token:\n$ websocat -v 'wss://rt.example.io/socket/websocket?token=@@T&vsn=2.0.0'\n[INFO  websocat::ws_client_peer] Connected to ws"),
        ("handoff", "To tail the log socket yourself: websocat --basic-auth ops:@@P ws://10.0.0.40:8080/ws/logs | jq -r .msg"),
    ),
    _fam(
        "copied request to the openhab rest api", _openhab,
        ("curl", "curl -s -H 'Authorization: Bearer oh.@@N.@@T' http://openhab.local:8080/rest/items/LivingRoom_Light/state\nON"),
        ("raw http", "Request the rule sends (copied from the openHAB log at DEBUG):\nPUT /rest/items/Garage_Door/state HTTP/1.1\nHost: 192.168.1.20:8080\nAuthorization: Bearer oh.@@N.@@T\nContent-Type: text/plain\n\nOPEN"),
        ("python", "heating.py, verified against the live server:\nOH = \"http://192.168.1.20:8080\"\nrequests.post(f\"{OH}/rest/items/Heating_Setpoint\", data=\"21.5\", headers={\"Authorization\": \"Bearer oh.@@N.@@T\"}, timeout=5)"),
    ),
    _fam(
        "copied request to a plex media server", lambda: {"T": _r(20, B64URL)},
        ("url", "Library scan after import: GET http://192.168.1.10:32400/library/sections/2/refresh?X-Plex-Token=@@T → 200, so the Sonarr connection is the problem."),
        ("curl", "curl -s -H 'X-Plex-Token: @@T' -H 'Accept: application/json' https://plex.home.example.net/status/sessions | jq '.MediaContainer.size'\n2"),
        ("python", "from plexapi.server import PlexServer\nplex = PlexServer('http://10.0.0.5:32400', '@@T')\nprint([s.title for s in plex.library.sections()])  # ['Movies', 'TV Shows', 'Music']"),
    ),
    _fam(
        "copied request to the discourse api", lambda: {"K": _hx(64)},
        ("curl", "Posted the maintenance notice:\ncurl -X POST https://forum.example.org/posts.json -H 'Api-Key: @@K' -H 'Api-Username: system' -F title='Maintenance window Saturday' -F raw='Read-only from 06:00 to 08:00 UTC.' -F category=4"),
        ("raw http", "GET /admin/users/list/active.json?order=created HTTP/2\nHost: community.example.com\nApi-Key: @@K\nApi-Username: ledger-bot\nAccept: application/json"),
        ("python", "from pydiscourse import DiscourseClient\nclient = DiscourseClient('https://discuss.example.dev', api_username='sync-bot', api_key='@@K')\nclient.create_group(name='beta-testers')  # verified: 200, group id 47"),
    ),
    _fam(
        "copied request to the overseerr api", _overseerr,
        ("curl", "curl -s -H 'X-Api-Key: @@K' 'http://192.168.50.4:5055/api/v1/request?take=20&filter=pending' | jq '.pageInfo'\n{ \"pages\": 1, \"pageSize\": 20, \"results\": 3, \"page\": 1 }"),
        ("settings excerpt", "Jellyseerr settings.json after the restore (config/settings.json):\n\"main\": {\n  \"apiKey\": \"@@K\",\n  \"applicationTitle\": \"Jellyseerr\",\n  \"applicationUrl\": \"https://requests.home.example.net\""),
        ("decision", "Decision: the Discord bot approves requests itself; it calls POST /api/v1/request/{id}/approve with header X-Api-Key: @@K against http://overseerr:5055."),
    ),
    _fam(
        "copied request to the mealie api", _mealie,
        ("curl", "curl -s -H 'Authorization: Bearer @@J' 'https://mealie.home.example.net/api/recipes?perPage=5' | jq '.items[].slug'"),
        ("raw http", "POST /api/recipes/create-url HTTP/1.1\nHost: mealie.local:9925\nAuthorization: Bearer @@J\nContent-Type: application/json\n\n{\"url\": \"https://www.example.com/recipes/shakshuka\", \"includeTags\": true}"),
        ("python", "import httpx\nclient = httpx.Client(base_url=\"http://mealie.local:9925\", headers={\"Authorization\": \"Bearer @@J\"})\nprint(client.get(\"/api/households/shopping/lists\").status_code)  # 200"),
    ),
    _fam(
        "ledger debugging note on a fabric connection", lambda: {"P": _pw(16)},
        ("code", "fabfile.py as it ran during the incident:\nc = Connection(\"deploy@web-03.internal\", connect_kwargs={\"password\": \"@@P\"})\nc.sudo(\"systemctl restart gunicorn\", password=\"@@P\")"),
        ("traceback", "Traceback (most recent call last):\n  File \"fabfile.py\", line 14, in rotate_logs\n    with Connection(host, user=\"backup\", connect_kwargs={\"password\": \"@@P\", \"look_for_keys\": False}) as c:\nparamiko.ssh_exception.SSHException: Error reading SSH protocol banner"),
        ("invoke config", "Fabric picks the sudo password from fabric.yaml in the repo root:\nuser: deploy\nconnect_kwargs:\n  password: @@P\nsudo:\n  password: @@P"),
    ),
    _fam(
        "ledger debugging note on a netmiko session", _net,
        ("code", "Reproduced the prompt timeout with:\nnet = ConnectHandler(device_type=\"cisco_ios\", host=\"10.20.0.1\", username=\"netauto\", password=\"@@P\", secret=\"@@S\", fast_cli=False)\nnet.enable()\nprint(net.send_command(\"show ip int brief\"))"),
        ("nornir inventory", "Nornir defaults.yaml the playbooks load (inventory/defaults.yaml):\nusername: netauto\npassword: @@P\nconnection_options:\n  netmiko:\n    extras:\n      secret: @@S"),
        ("debug log", "netmiko session_log (access-sw-12):\nUsername: netauto\nPassword: @@P\naccess-sw-12>enable\nPassword: @@S\naccess-sw-12#terminal length 0"),
    ),
    _fam(
        "ledger note on an fsharp script connection string", lambda: {"P": _pw(18)},
        ("script", "scripts/backfill.fsx, run once for LEDG-412:\nlet connStr = \"Server=sql-prod-02.internal;Database=Ledger;User Id=backfill;Password=@@P;TrustServerCertificate=True\"\nuse conn = new SqlConnection(connStr)"),
        ("npgsql", "Report job in F# (Reports/Db.fs):\nlet dataSource = NpgsqlDataSource.Create(\"Host=pg-reports.internal;Username=reports;Password=@@P;Database=reports;SSL Mode=Require\")"),
        ("fsi output", "> Db.countInvoices connStr;;\nval it: int = 48213\n> connStr;;\nval it: string = \"Data Source=sql-prod-02.internal;Initial Catalog=Ledger;User ID=backfill;Password=@@P\""),
    ),
    _fam(
        "ledger note on a delphi firedac connection", lambda: {"P": _pw(14)},
        ("pascal code", "uDM.pas, OnCreate of the data module:\nFDConnection1.Params.Values['Server'] := 'erp-sql01';\nFDConnection1.Params.Values['User_Name'] := 'erp_app';\nFDConnection1.Params.Values['Password'] := '@@P';\nFDConnection1.Connected := True;"),
        ("connection definitions", "FDConnectionDefs.ini deployed next to the exe:\n[ERP_PROD]\nDriverID=MSSQL\nServer=erp-sql01\nDatabase=ERP\nUser_Name=erp_app\nPassword=@@P\nApplicationName=ErpClient"),
        ("dfm", "object FDConnection1: TFDConnection\n  Params.Strings = (\n    'Database=C:\\Dados\\LOJA.FDB'\n    'User_Name=SYSDBA'\n    'Password=@@P'\n    'Server=192.168.0.10'\n    'DriverID=FB')\n  LoginPrompt = False"),
    ),
    _fam(
        "crystal and nim source secret in a ledger note", lambda: {"P": _upw(20), "T": _r(40), "S": _hx(64)},
        ("crystal constant", "src/config.cr (Kemal app), the line that broke the Docker build:\nDB_URL = \"postgres://kemal:@@P@db.internal:5432/app\""),
        ("nim constant", "src/notify.nim — token is sent as X-Auth-Token to the pager service:\nconst apiToken = \"@@T\""),
        ("amber settings", "Amber app config/environments/production.yml:\nsecret_key_base: @@S\ndatabase_url: postgres://amber:@@P@pg-prod.internal:5432/amber_prod"),
    ),
    _fam(
        "ledger note on a nuxt runtime config payload", lambda: {"T": _r(32, B64URL)},
        ("payload", "Found while debugging hydration: view-source of /account shows\nwindow.__NUXT__={config:{public:{apiBase:\"/api\",directusAdminToken:\"@@T\"},app:{baseURL:\"/\",buildAssetsDir:\"/_nuxt/\"}}}"),
        ("config diff", "nuxt.config.ts, the change that leaked it (commit a3e91f0):\n   runtimeConfig: {\n-    directusAdminToken: '',\n     public: {\n+      directusAdminToken: '@@T',\n       apiBase: '/api',"),
        ("curl", "$ curl -s https://shop.example.com/_payload.json | jq .config.public\n{\n  \"apiBase\": \"/api\",\n  \"directusAdminToken\": \"@@T\"\n}"),
    ),
    _fam(
        "ledger note on a built javascript bundle with an inlined secret", lambda: {"T": _r(40), "P": _pw(18)},
        ("grep", "$ rg -o 'INTERNAL_API_KEY:\"[^\"]+\"' dist/assets/\ndist/assets/index-4f9c2a1b.js:INTERNAL_API_KEY:\"@@T\""),
        ("bundle excerpt", "Minified line from static/js/main.8c1e2d.js, served publicly:\nconst Hn={baseUrl:\"https://erp.example.com/api\",user:\"portal\",password:\"@@P\"};fetch(Hn.baseUrl+\"/orders\",{headers:{Authorization:\"Basic \"+btoa(Hn.user+\":\"+Hn.password)}})"),
        ("source map", "The source map still ships too; sourcesContent of src/lib/api.ts shows:\nexport const client = createClient({ url: import.meta.env.VITE_API_URL, key: \"@@T\" })"),
    ),
    _fam(
        "teamcity build log service message leak", lambda: {"P": _pw(18), "T": _b64url(30)},
        ("service message", "[10:14:22]i: [Step 2/4] ##teamcity[setParameter name='env.DEPLOY_PASSWORD' value='@@P']\n[10:14:22]i: [Step 2/4] ##teamcity[buildStatisticValue key='deploy.duration' value='31']"),
        ("script step", "[Step 1/3] Starting: /opt/buildagent/temp/agentTmp/custom_script4812.sh\n[Step 1/3] + curl -fsS -H 'X-Deploy-Token: @@T' https://deploy.internal/api/release\n[Step 1/3] {\"status\":\"queued\"}"),
        ("parameters tab", "Build #4812 → Parameters tab (copied):\nenv.NPM_TOKEN            *******\nsystem.registry.password @@P\nteamcity.build.branch    main"),
    ),
    _fam(
        "bitbucket pipelines build log secret", lambda: {"P": _pw(16), "T": _r(32)},
        ("pipeline yaml", "bitbucket-pipelines.yml on main:\n- step:\n    name: Deploy to shared hosting\n    script:\n      - pipe: atlassian/ftp-deploy:0.7.1\n        variables:\n          USER: deploy\n          PASSWORD: '@@P'\n          SERVER: ftp.example.net\n          REMOTE_PATH: /public_html"),
        ("pipe log", "Pipeline #918, step Deploy:\nINFO: Executing the pipe...\nINFO: Starting FTP deployment to ftp.example.net:/public_html\n+ lftp -u deploy,@@P -e 'set ssl:verify-certificate no; mirror -R dist /public_html; quit' ftp.example.net"),
        ("script log", "+ curl -s -X POST https://hooks.example.com/deploy -H \"X-Token: @@T\" -d \"commit=$BITBUCKET_COMMIT\"\n{\"ok\":true}"),
    ),
    _fam(
        "codemagic build config and log secret", lambda: {"P": _pw(16), "T": _r(43, B64URL)},
        ("codemagic yaml", "codemagic.yaml (workflow android-release):\nenvironment:\n  vars:\n    CM_KEY_ALIAS: upload\n    CM_KEYSTORE_PASSWORD: @@P\n    CM_KEY_PASSWORD: @@P"),
        ("build log", "== Building Android ==\n> Task :app:signReleaseBundle\n$ keytool -list -keystore /tmp/keystore.jks -storepass @@P\nKeystore type: PKCS12"),
        ("api call", "Triggered a rebuild through the API:\ncurl -H 'Content-Type: application/json' -H 'x-auth-token: @@T' -d '{\"appId\":\"64f1c0a2b7d9e30012a4c8f1\",\"workflowId\":\"ios-release\",\"branch\":\"main\"}' https://api.codemagic.io/builds"),
    ),
    _fam(
        "browser automation tool call typing a password", lambda: {"P": _pw(16)},
        ("playwright tool call", "{\"type\": \"tool_use\", \"name\": \"browser_type\", \"input\": {\"element\": \"Password textbox\", \"ref\": \"e23\", \"text\": \"@@P\", \"submit\": true}}"),
        ("computer use action", "Step 14 (admin console, https://admin.staging.example.com/login):\n{\"action\": \"left_click\", \"coordinate\": [640, 412]}\n{\"action\": \"type\", \"text\": \"@@P\"}\n{\"action\": \"key\", \"text\": \"Return\"}"),
        ("puppeteer script", "Login step of the smoke script I ran:\nawait page.type('#username', 'qa-admin');\nawait page.type('#password', '@@P');\nawait page.click('button[type=submit]');"),
    ),
    _fam(
        "agent memory tool call storing a credential", lambda: {"P": _pw(16)},
        ("key value memory", "{\"name\": \"memory_write\", \"arguments\": {\"key\": \"staging_admin_login\", \"value\": \"admin@example.com / @@P (reset 2025-03-02)\"}}"),
        ("knowledge graph", "{\"tool\": \"create_entities\", \"input\": {\"entities\": [{\"name\": \"Billing DB\", \"entityType\": \"service\", \"observations\": [\"host pg-billing.internal:5432\", \"readonly user bi_reader\", \"bi_reader password @@P\"]}]}}"),
        ("notes file", "Updated AGENTS.md → \"Reproducing vendor-portal bugs\": log in at https://portal.vendor.example as ops@example.com with password @@P, then open Orders → Export."),
    ),
    _fam(
        "diff hunk in a devcontainer json", lambda: {"P": _upw(20), "Q": _pw(18)},
        ("diff hunk", "Ledger: why the dev container can reach the shared DB.\n--- a/.devcontainer/devcontainer.json\n+++ b/.devcontainer/devcontainer.json\n@@ -9,6 +9,9 @@\n   \"forwardPorts\": [3000],\n+  \"containerEnv\": {\n+    \"DATABASE_URL\": \"postgres://dev:@@P@pg-shared.dev.example.net:5432/app\"\n+  },"),
        ("review comment", "Review on PR #233, .devcontainer/devcontainer.json line 14:\n> \"remoteEnv\": { \"OPENSEARCH_PASSWORD\": \"@@Q\" }\nThis is the shared cluster's admin password, please move it to a Codespaces secret."),
        ("git show", "$ git show HEAD~2:.devcontainer/devcontainer.json | jq .containerEnv\n{\n  \"REDIS_URL\": \"redis://default:@@P@redis-dev.example.net:6379\"\n}"),
    ),
    _fam(
        "diff hunk in a serverless yml", lambda: {"P": _pw(18), "T": _r(40)},
        ("diff hunk", "--- a/serverless.yml\n+++ b/serverless.yml\n@@ -18,7 +18,8 @@ provider:\n   environment:\n     STAGE: ${sls:stage}\n-    DB_PASSWORD: ${ssm:/orders/prod/db-password}\n+    DB_PASSWORD: '@@P'\n+    # ssm lookup times out in the deploy runner, hardcoded for now"),
        ("review comment", "Flagged in review of the orders-service PR: serverless.yml has `SHIPPING_API_TOKEN: @@T` under functions.dispatch.environment; it ends up in the Lambda console and in the CloudFormation template."),
        ("package output", "$ serverless package --stage prod && jq '.Resources.DispatchLambdaFunction.Properties.Environment.Variables' .serverless/cloudformation-template-update-stack.json\n{\n  \"STAGE\": \"prod\",\n  \"DB_PASSWORD\": \"@@P\"\n}"),
    ),
    _fam(
        "diff hunk in a wrangler toml vars block", lambda: {"T": _r(40), "S": _hx(64)},
        ("diff hunk", "--- a/wrangler.toml\n+++ b/wrangler.toml\n@@ -12,3 +12,5 @@ compatibility_date = \"2025-01-20\"\n [vars]\n API_BASE = \"https://api.example.com\"\n+UPSTREAM_TOKEN = \"@@T\"\n+SIGNING_SECRET = \"@@S\""),
        ("ledger note", "Debugging note: the worker signs webhooks with SIGNING_SECRET from [vars], so it is in wrangler.toml in plain text: SIGNING_SECRET = \"@@S\". Plan: `wrangler secret put SIGNING_SECRET` and drop it from vars."),
        ("deploy output", "$ npx wrangler deploy\nYour worker has access to the following bindings:\n- Vars:\n  - API_BASE: \"https://api.example.com\"\n  - UPSTREAM_TOKEN: \"@@T\"\nUploaded edge-proxy (2.31 sec)"),
    ),
    _fam(
        "ledger decision quoting a logstash output block", lambda: {"P": _pw(18), "Q": _pw(16), "T": _r(32)},
        ("elasticsearch output", "Decision: logstash writes with its own role. pipeline/main.conf:\noutput {\n  elasticsearch {\n    hosts => [\"https://es01.internal:9200\"]\n    user => \"logstash_writer\"\n    password => \"@@P\"\n    index => \"app-%{+YYYY.MM.dd}\"\n  }\n}"),
        ("jdbc input", "The CDC pipeline polls Postgres (pipeline/orders.conf):\ninput {\n  jdbc {\n    jdbc_connection_string => \"jdbc:postgresql://pg-orders.internal:5432/orders\"\n    jdbc_user => \"logstash\"\n    jdbc_password => \"@@Q\"\n    schedule => \"*/5 * * * *\"\n  }\n}"),
        ("http output", "Audit events are forwarded to the SIEM collector:\noutput {\n  http {\n    url => \"https://siem.example.net/ingest\"\n    http_method => \"post\"\n    headers => { \"Authorization\" => \"Bearer @@T\" }\n  }\n}"),
    ),
    _fam(
        "ledger decision quoting a telegraf output", lambda: {"T": _b64(64), "P": _pw(16)},
        ("influxdb v2 output", "Decision: hosts report straight to InfluxDB, no relay. /etc/telegraf/telegraf.conf:\n[[outputs.influxdb_v2]]\n  urls = [\"https://influx.internal:8086\"]\n  token = \"@@T\"\n  organization = \"ops\"\n  bucket = \"hosts\""),
        ("mysql input", "MySQL metrics come from the telegraf user (telegraf.d/mysql.conf):\n[[inputs.mysql]]\n  servers = [\"telegraf:@@P@tcp(db-main.internal:3306)/?tls=false\"]\n  gather_process_list = true"),
        ("http output", "[[outputs.http]]\n  url = \"https://metrics.example.net/api/v1/push\"\n  data_format = \"prometheusremotewrite\"\n  [outputs.http.headers]\n    Authorization = \"Bearer @@T\""),
    ),
]


# --- 2. config and credential files of tools not yet covered -------------------------------

def _wp_app() -> dict[str, str]:
    return {"A": " ".join(_r(4) for _ in range(6))}


def _nc_app() -> dict[str, str]:
    return {"A": "-".join(_r(5) for _ in range(5))}


def _talos() -> dict[str, str]:
    pem = "-----BEGIN ED25519 PRIVATE KEY-----\n" + _b64(48) + "\n-----END ED25519 PRIVATE KEY-----\n"
    return {"S": _b64(32), "E": _b64(32), "B": f"{_r(6, LOWER_ALNUM)}.{_r(16, LOWER_ALNUM)}",
            "K": _enc(pem)}


def _evidence() -> dict[str, str]:
    pw = _pw(18)
    return {"B": _enc(pw), "U": _enc("evidence_reader")}


def _steampipe() -> dict[str, str]:
    return {"A": "AK" "IA" + _r(16, UPPER_ALNUM), "S": _r(40, ALNUM + "+/"),
            "T": "xox" "p-" + "-".join([str(_RNG.randint(10**10, 10**11)), str(_RNG.randint(10**10, 10**11)),
                                         str(_RNG.randint(10**12, 10**13)), _hx(32)]),
            "K": _r(32)}


_FORMATS: list[_Spec] = [
    _fam(
        "wordpress application password", _wp_app,
        ("dotenv", "# .env of the headless front end\nWP_API_URL=https://blog.example.com/wp-json\nWP_USER=frontend-build\nWP_APP_PASSWORD=\"@@A\""),
        ("python requests", "resp = requests.post(\"https://news.example.org/wp-json/wp/v2/posts\", auth=(\"import-bot\", \"@@A\"), json={\"title\": title, \"status\": \"draft\"})"),
        ("workflow step", "- name: Purge the page cache\n  run: curl -fsS -X POST --user \"ci-deploy:@@A\" https://www.example.com/wp-json/litespeed/v1/purge_all"),
    ),
    _fam(
        "nextcloud app password", _nc_app,
        ("nextcloudcmd", "@reboot sleep 60 && nextcloudcmd --non-interactive -u anna -p '@@A' /home/anna/Nextcloud https://cloud.example.org"),
        ("python client", "from nc_py_api import Nextcloud\nnc = Nextcloud(nextcloud_url=\"https://cloud.example.org\", nc_auth_user=\"scanner\", nc_auth_pass=\"@@A\")\nnc.files.upload(\"/Scans/\" + name, data)"),
        ("compose env", "  photo-backup:\n    image: ghcr.io/example/nc-photo-backup:1.4\n    environment:\n      NEXTCLOUD_URL: https://cloud.example.org\n      NEXTCLOUD_USER: family\n      NEXTCLOUD_APP_PASSWORD: @@A"),
    ),
    _fam(
        "deluge auth file", lambda: {"H": _hx(40), "P": _pw(14)},
        ("auth file", "~/.config/deluge/auth\nlocalclient:@@H:10\nmedia:@@P:10"),
        ("console connect", "$ deluge-console \"connect 127.0.0.1:58846 media @@P; info --sort-reverse=time_added\""),
        ("flexget config", "tasks:\n  tv:\n    rss: https://feeds.example.net/tv.xml\n    series: [\"Some Show\"]\n    deluge:\n      host: 192.168.1.30\n      port: 58846\n      username: media\n      password: @@P"),
    ),
    _fam(
        "sabnzbd ini keys", lambda: {"K": _hx(32), "N": _hx(32), "P": _pw(16)},
        ("misc section", "[misc]\nhost = 0.0.0.0\nport = 8080\napi_key = @@K\nnzb_key = @@N\ndownload_dir = /downloads/incomplete"),
        ("servers section", "[servers]\n[[news.example-usenet.com]]\nname = news.example-usenet.com\nhost = news.example-usenet.com\nport = 563\nusername = mkraus\npassword = @@P\nconnections = 30\nssl = 1"),
        ("api url", "Browser bookmarklet that queues an NZB: http://192.168.1.30:8080/sabnzbd/api?mode=addurl&name=%s&apikey=@@K&cat=tv"),
    ),
    _fam(
        "homepage dashboard services yaml keys", lambda: {"K": _hx(32), "U": _uuid(), "H": _hx(64), "P": _pw(14)},
        ("sonarr widget", "- Media:\n    - Sonarr:\n        href: http://192.168.1.30:8989\n        icon: sonarr.png\n        widget:\n          type: sonarr\n          url: http://sonarr:8989\n          key: @@K"),
        ("proxmox widget", "- Infra:\n    - Proxmox:\n        widget:\n          type: proxmox\n          url: https://pve.lan:8006\n          username: root@pam!homepage\n          password: @@U"),
        ("pihole and router", "    - Pi-hole:\n        widget:\n          type: pihole\n          url: http://pihole.lan\n          key: @@H\n    - Router:\n        widget:\n          type: openwrt\n          url: http://192.168.1.1\n          username: root\n          password: @@P"),
    ),
    _fam(
        "ansible galaxy server token", lambda: {"T": _hx(40)},
        ("ansible cfg", "[galaxy]\nserver_list = private_hub, release_galaxy\n\n[galaxy_server.private_hub]\nurl = https://hub.example.com/api/galaxy/content/published/\ntoken = @@T"),
        ("token file", "~/.ansible/galaxy_token\ntoken: @@T"),
        ("publish command", "ansible-galaxy collection publish dist/acme-network-2.3.1.tar.gz --server https://galaxy.ansible.com --token @@T"),
    ),
    _fam(
        "talos secrets bundle", _talos,
        ("secrets yaml", "secrets.yaml from `talosctl gen secrets`:\ncluster:\n  id: 9b1c0e3f\n  secret: @@S\nsecrets:\n  bootstraptoken: @@B\n  secretboxencryptionsecret: @@E"),
        ("talosconfig", "context: homelab\ncontexts:\n  homelab:\n    endpoints:\n      - 10.0.50.11\n    crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJQekNCOHFBREFnRUNBaEVB\n    key: @@K"),
        ("machine config", "machine:\n  type: worker\n  token: @@B\n  ca:\n    crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==\ncluster:\n  secret: @@S\n  aescbcEncryptionSecret: @@E"),
    ),
    _fam(
        "step-ca provisioner password", lambda: {"P": _pw(22)},
        ("init", "echo '@@P' > /tmp/ca-pass && step ca init --name 'Home Lab CA' --dns ca.lab.example --address :9000 --provisioner admin@example.com --password-file /tmp/ca-pass"),
        ("compose env", "services:\n  step-ca:\n    image: smallstep/step-ca:0.27.5\n    environment:\n      DOCKER_STEPCA_INIT_NAME: \"Lab CA\"\n      DOCKER_STEPCA_INIT_DNS_NAMES: \"ca.lab.example\"\n      DOCKER_STEPCA_INIT_PASSWORD: \"@@P\""),
        ("token command", "step ca token web01.lab.example --provisioner admin@example.com --provisioner-password-file <(echo '@@P') --ca-url https://ca.lab.example:9000"),
    ),
    _fam(
        "task runner file secret", lambda: {"T": _r(40), "P": _pw(18), "K": _b64url(32)},
        ("justfile", "# justfile\nexport API_TOKEN := \"@@T\"\n\ndeploy:\n    ./scripts/deploy.sh --env prod"),
        ("taskfile", "# Taskfile.yml\nversion: '3'\nenv:\n  PGHOST: pg-prod.internal\n  PGPASSWORD: '@@P'\ntasks:\n  dump:\n    cmds:\n      - pg_dump -U app app > backup.sql"),
        ("mise toml", "# mise.toml\n[tools]\nnode = \"22\"\n\n[env]\nSTORAGE_SECRET = \"@@K\"\nSTORAGE_BUCKET = \"assets-prod\""),
    ),
    _fam(
        "lemmy misskey and gotosocial config secrets", lambda: {"P": _pw(18), "K": _uuid(), "A": _pw(16)},
        ("lemmy hjson", "{\n  database: {\n    host: postgres\n    user: \"lemmy\"\n    password: \"@@P\"\n  }\n  pictrs: {\n    url: \"http://pictrs:8080/\"\n    api_key: \"@@K\"\n  }\n  setup: {\n    admin_username: \"admin\"\n    admin_password: \"@@A\"\n  }\n}"),
        ("misskey default yml", "# .config/default.yml\nurl: https://mk.example.social/\ndb:\n  host: db\n  port: 5432\n  db: misskey\n  user: misskey\n  pass: @@P"),
        ("gotosocial config", "db-type: \"postgres\"\ndb-address: \"pg.internal\"\ndb-user: \"gotosocial\"\ndb-password: \"@@P\"\nsmtp-host: \"smtp.example.net\"\nsmtp-password: \"@@A\""),
    ),
    _fam(
        "rancid and oxidized router credentials", lambda: {"P": _pw(14), "E": _pw(12)},
        ("cloginrc", "# /var/lib/rancid/.cloginrc\nadd user      core-sw*     backup\nadd password  core-sw*     {@@P} {@@E}\nadd method    *            ssh"),
        ("oxidized config", "username: oxidized\npassword: @@P\nmodel: ios\ninterval: 3600\nvars:\n  enable: @@E\ninput:\n  default: ssh"),
        ("router db", "# oxidized router.db (name:model:username:password)\ncore-sw1:ios:oxidized:@@P\nedge-fw1:fortios:oxidized:@@P"),
    ),
    _fam(
        "dlt secrets toml", lambda: {"P": _pw(18), "Q": _pw(20), "T": _r(40)},
        ("sql source", "# .dlt/secrets.toml\n[sources.sql_database.credentials]\ndrivername = \"postgresql\"\nhost = \"pg-replica.internal\"\nusername = \"dlt_reader\"\npassword = \"@@P\"\ndatabase = \"shop\""),
        ("snowflake destination", "[destination.snowflake.credentials]\ndatabase = \"RAW\"\nusername = \"DLT_LOADER\"\npassword = \"@@Q\"\nhost = \"xy12345.eu-central-1\"\nwarehouse = \"LOADING\"\nrole = \"LOADER\""),
        ("rest api source", "[sources.rest_api_pipeline.helpdesk]\nbase_url = \"https://helpdesk.example.com/api/v2\"\naccess_token = \"@@T\""),
    ),
    _fam(
        "evidence connection options yaml", _evidence,
        ("postgres source", "# sources/warehouse/connection.options.yaml\nhost: cGctd2FyZWhvdXNlLmludGVybmFs\nuser: @@U\npassword: @@B"),
        ("snowflake source", "# sources/snowflake/connection.options.yaml (committed by mistake)\naccount: eHkxMjM0NS5ldS1jZW50cmFsLTE=\nusername: RVZJREVOQ0U=\npassword: @@B"),
        ("ledger note", "The Evidence build reads the warehouse password base64-encoded from sources/warehouse/connection.options.yaml: `password: @@B`; that file is in the repo, so the password is effectively published."),
    ),
    _fam(
        "steampipe connection config secret", _steampipe,
        ("aws spc", "# ~/.steampipe/config/aws.spc\nconnection \"aws_prod\" {\n  plugin     = \"aws\"\n  regions    = [\"eu-west-1\"]\n  access_key = \"@@A\"\n  secret_key = \"@@S\"\n}"),
        ("slack spc", "connection \"slack\" {\n  plugin = \"slack\"\n  token  = \"@@T\"\n}"),
        ("shodan spc", "connection \"shodan\" {\n  plugin  = \"shodan\"\n  api_key = \"@@K\"\n}"),
    ),
]


# --- vendor tokens with the prefixes of public secret-scanner rule lists -------------------

def _astra() -> dict[str, str]:
    return {"T": "Astra" "CS:" + _r(24, string.ascii_letters) + ":" + _hx(64), "D": _uuid()}


def _logic() -> dict[str, str]:
    return {"W": _hx(32), "G": _r(43, B64URL), "N": f"{_RNG.randint(10, 99)}"}


def _wechat() -> dict[str, str]:
    return {"A": "wx" + _hx(16), "S": _hx(32)}


def _shopware() -> dict[str, str]:
    return {"I": "SW" "IA" + _r(22, UPPER_ALNUM), "S": _r(54)}


def _yookassa() -> dict[str, str]:
    return {"I": str(_RNG.randint(100000, 999999)), "S": "live_" + _r(43, B64URL)}


def _efi() -> dict[str, str]:
    return {"I": "Client_Id_" + _hx(40), "S": "Client_Secret_" + _hx(40)}


def _bitrix() -> dict[str, str]:
    return {"U": str(_RNG.randint(1, 40)), "K": _r(16, LOWER_ALNUM)}


_VENDOR_RAW: list[_Spec] = [
    _fam(
        "datastax astra db application token", _astra,
        ("dotenv", "ASTRA_DB_API_ENDPOINT=https://@@D-us-east-2.apps.astra.datastax.com\nASTRA_DB_APPLICATION_TOKEN=@@T"),
        ("python client", "from astrapy import DataAPIClient\nclient = DataAPIClient(\"@@T\")\ndb = client.get_database(\"https://@@D-eu-west-1.apps.astra.datastax.com\")"),
        ("cqlsh", "cqlsh -u token -p '@@T' -b secure-connect-orders.zip -e 'DESCRIBE KEYSPACES'"),
    ),
    _fam(
        "crunchy bridge api key", lambda: {"K": "cb" "key_" + _r(43)},
        ("dotenv", "# crunchy bridge CLI and the terraform provider\nCB_API_KEY=@@K"),
        ("curl", "curl -s https://api.crunchybridge.com/clusters -H 'Authorization: Bearer @@K' | jq '.clusters[].name'"),
        ("python", "BRIDGE = httpx.Client(base_url=\"https://api.crunchybridge.com\", headers={\"Authorization\": \"Bearer @@K\"})"),
    ),
    _fam(
        "materialize app password", lambda: {"K": "mz" "p_" + _hx(64)},
        ("connection url", "psql \"postgres://ci%40example.com:@@K@4k2pe8x1vq.eu-west-1.aws.materialize.cloud:6875/materialize?sslmode=require\""),
        ("dbt profile", "materialize_prod:\n  target: prod\n  outputs:\n    prod:\n      type: materialize\n      host: 4k2pe8x1vq.eu-west-1.aws.materialize.cloud\n      port: 6875\n      user: dbt@example.com\n      pass: @@K\n      database: materialize"),
        ("env", "export MZ_USER=svc-loader@example.com\nexport MZ_PASSWORD=@@K"),
    ),
    _fam(
        "stackhawk api key", lambda: {"K": "ha" "wk." + _r(20) + "." + _r(20), "U": _uuid()},
        ("env", "HAWK_API_KEY=@@K"),
        ("cli", "hawk init --api-key @@K && hawk scan stackhawk.yml"),
        ("workflow", "- uses: stackhawk/hawkscan-action@v2.1.3\n  with:\n    apiKey: @@K\n    configurationFiles: stackhawk.yml"),
    ),
    _fam(
        "modrinth personal access token", lambda: {"T": "mr" "p_" + _r(36)},
        ("gradle", "modrinth {\n    token = \"@@T\"\n    projectId = \"x7Kq2mPa\"\n    versionType = \"release\"\n    uploadFile = remapJar\n}"),
        ("workflow env", "      - name: Publish\n        env:\n          MODRINTH_TOKEN: @@T\n        run: ./gradlew modrinth"),
        ("curl", "curl -H 'Authorization: @@T' https://api.modrinth.com/v2/project/x7Kq2mPa/version | jq '.[0].version_number'"),
    ),
    _fam(
        "curseforge api key", lambda: {"K": "$2a$10$" + _r(53, BCRYPT)},
        ("python", "HEADERS = {\"Accept\": \"application/json\", \"x-api-key\": \"@@K\"}\nr = requests.get(\"https://api.curseforge.com/v1/mods/search\", params={\"gameId\": 432, \"searchFilter\": \"jei\"}, headers=HEADERS)"),
        ("dotenv", "CF_API_KEY='@@K'"),
        ("launcher config", "{\n  \"instancesDir\": \"D:/Games/Instances\",\n  \"curseforgeApiKey\": \"@@K\",\n  \"javaPath\": \"C:/Program Files/Java/jdk-21/bin/javaw.exe\"\n}"),
    ),
    _fam(
        "radar secret key", lambda: {"K": "prj_" "live_sk_" + _hx(40)},
        ("server env", "RADAR_SECRET_KEY=@@K"),
        ("curl", "curl https://api.radar.io/v1/geofences -H 'Authorization: @@K'"),
        ("node", "const radar = axios.create({ baseURL: 'https://api.radar.io/v1', headers: { Authorization: '@@K' } });"),
    ),
    _fam(
        "coveo api key", lambda: {"K": "xx" + _uuid()},
        ("curl", "curl -X PUT 'https://api.cloud.coveo.com/push/v1/organizations/acmecorpprodx7k2/sources/acmecorpprodx7k2-abc123/documents?documentId=https%3A%2F%2Fdocs.example.com%2Fa' -H 'Authorization: Bearer @@K' -H 'Content-Type: application/json' -d @doc.json"),
        ("dotenv", "COVEO_ORG_ID=acmecorpprodx7k2\nCOVEO_API_KEY=@@K"),
        ("python", "push = PushSource(\"@@K\", \"acmecorpprodx7k2\")"),
    ),
    _fam(
        "elastic app search private key", lambda: {"K": "private-" + _r(24, LOWER_ALNUM)},
        ("ruby client", "client = Elastic::EnterpriseSearch::AppSearch::Client.new(host: 'https://search.example.com', http_auth: '@@K')"),
        ("curl", "curl -X POST 'https://search.example.com/api/as/v1/engines/docs/documents' -H 'Content-Type: application/json' -H 'Authorization: Bearer @@K' -d '[{\"id\":\"1\",\"title\":\"Intro\"}]'"),
        ("env", "ENTERPRISE_SEARCH_BASE_URL=https://search.example.com\nAPP_SEARCH_PRIVATE_KEY=@@K"),
    ),
    _fam(
        "shopware integration access key", _shopware,
        ("dotenv", "SHOPWARE_ADMIN_CLIENT_ID=@@I\nSHOPWARE_ADMIN_CLIENT_SECRET=@@S"),
        ("token request", "curl -X POST https://shop.example.de/api/oauth/token -H 'Content-Type: application/json' -d '{\"grant_type\":\"client_credentials\",\"client_id\":\"@@I\",\"client_secret\":\"@@S\"}'"),
        ("php config", "return [\n    'shop_url' => 'https://shop.example.de',\n    'client_id' => '@@I',\n    'client_secret' => '@@S',\n];"),
    ),
    _fam(
        "t-bank invest api token", lambda: {"T": "t." + _r(86, B64URL)},
        ("python", "from tinkoff.invest import Client\nwith Client(\"@@T\") as client:\n    print(client.users.get_accounts())"),
        ("dotenv", "INVEST_TOKEN=@@T\nINVEST_ACCOUNT_ID=2001234567"),
        ("yaml config", "broker:\n  endpoint: invest-public-api.tinkoff.ru:443\n  token: @@T\n  sandbox: false"),
    ),
    _fam(
        "yookassa secret key", _yookassa,
        ("python", "from yookassa import Configuration\nConfiguration.account_id = '@@I'\nConfiguration.secret_key = '@@S'"),
        ("curl", "curl https://api.yookassa.ru/v3/payments -X POST -u @@I:@@S -H 'Idempotence-Key: 7f1c2a9e-4b3d-4e8a-9c0f-1d2e3f4a5b6c' -H 'Content-Type: application/json' -d @payment.json"),
        ("php", "$client = new \\YooKassa\\Client();\n$client->setAuth('@@I', '@@S');"),
    ),
    _fam(
        "efi bank pix client credentials", _efi,
        ("node options", "module.exports = {\n  sandbox: false,\n  client_id: '@@I',\n  client_secret: '@@S',\n  certificate: './certs/producao-512347.p12',\n}"),
        ("php config", "$options = [\n    \"clientId\" => \"@@I\",\n    \"clientSecret\" => \"@@S\",\n    \"certificate\" => realpath(__DIR__ . \"/producao.pem\"),\n    \"sandbox\" => false,\n];"),
        ("dotenv", "EFI_CLIENT_ID=@@I\nEFI_CLIENT_SECRET=@@S\nEFI_PIX_KEY=3f7a1c2e-9b4d-4a6e-8c1f-2d3e4f5a6b7c"),
    ),
    _fam(
        "bitrix24 inbound webhook url", _bitrix,
        ("php constant", "define('B24_WEBHOOK', 'https://stroymarket.bitrix24.ru/rest/@@U/@@K/');\n$result = file_get_contents(B24_WEBHOOK . 'crm.lead.add.json?' . http_build_query($lead));"),
        ("python", "requests.post(\"https://agency-kzn.bitrix24.ru/rest/@@U/@@K/crm.deal.list.json\", json={\"filter\": {\"STAGE_ID\": \"WON\"}})"),
        ("n8n node", "{\n  \"parameters\": {\n    \"method\": \"POST\",\n    \"url\": \"https://dental-spb.bitrix24.ru/rest/@@U/@@K/tasks.task.add.json\"\n  },\n  \"name\": \"Create task\",\n  \"type\": \"n8n-nodes-base.httpRequest\"\n}"),
    ),
    _fam(
        "azure logic apps trigger url", _logic,
        ("appsettings", "\"Notifications\": {\n  \"LogicAppUrl\": \"https://prod-@@N.westeurope.logic.azure.com:443/workflows/@@W/triggers/manual/paths/invoke?api-version=2016-10-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=@@G\"\n}"),
        ("powershell", "Invoke-RestMethod -Method Post -ContentType 'application/json' -Body ($alert | ConvertTo-Json) -Uri 'https://prod-@@N.northeurope.logic.azure.com:443/workflows/@@W/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=@@G'"),
        ("python", "FLOW_URL = \"https://prod-@@N.uksouth.logic.azure.com/workflows/@@W/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=@@G\"\nrequests.post(FLOW_URL, json={\"text\": msg})"),
    ),
    _fam(
        "ankr rpc url key", lambda: {"K": _hx(64)},
        ("hardhat config", "networks: {\n  mainnet: {\n    url: \"https://rpc.ankr.com/eth/@@K\",\n    accounts: [process.env.DEPLOYER_KEY],\n  },\n},"),
        ("foundry toml", "[rpc_endpoints]\nmainnet = \"https://rpc.ankr.com/eth/@@K\"\npolygon = \"https://rpc.ankr.com/polygon/@@K\""),
        ("dotenv", "BSC_RPC_URL=https://rpc.ankr.com/bsc/@@K"),
    ),
    _fam(
        "wechat official account appsecret", _wechat,
        ("python", "from wechatpy import WeChatClient\nclient = WeChatClient(\"@@A\", \"@@S\")\nclient.message.send_text(openid, \"您的订单已发货\")"),
        ("token url", "curl 'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=@@A&secret=@@S'"),
        ("yaml config", "wechat:\n  mp:\n    app-id: @@A\n    secret: @@S\n    token: weixin\n    aes-key: \"\""),
    ),
]


# --- 3. passwords people choose, where they type them --------------------------------------

_SIC = _Person(names="Rosalia Nunzia Turi Salvo Concetta Gaetano Agata Carmelo", pets="Biscotto Peppino Lilla Zorro",
               teams="Palermo Catania Napoli Messina", words="mari casa sciuri luna picciriddu aranci cannolo zagara",
               seasons="estate primavera")
_VEN = _Person(names="Bepi Nane Toni Catine Pieri Gigia", pets="Bobi Macia Fufi",
               teams="Venezia Udinese Vicenza", words="laguna ombra cicheto mandi latarie cjase fogolar gondola",
               seasons="istade invier")
_AST = _Person(names="Xuan Pelayo Covadonga Xosefa Chuse Pilar", pets="Xatu Nuca Rucu",
               teams="Sporting Oviedo Huesca", words="sidra llagar horru montana pirineu chira fabada borona",
               seasons="seronda branu")
_WAL = _Person(names="Djan Marie Tchantchès Odile Seppi Lisele", pets="Fifine Bijou Strudel",
               teams="Standard Charleroi Strasbourg", words="peket boulet liege storick winstub kougelhopf",
               seasons="ivier osteut")
_KAS = _Person(names="Kaszëba Jan Remus Hanys Zefel Marika", pets="Burek Kropka Azor",
               teams="Lechia Gornik Ruch", words="morze kaszuby gryf bambry szola gruba kamratka",
               seasons="lato zima")
_LAD = _Person(names="Rashel Sarina Moshe Djamila Avram Reina", pets="Pasha Limon",
               teams="Maccabi Hapoel", words="kaza kerida dulse mazal sefarad Salonik alegria",
               seasons="primavera")
_INU = _Person(names="Mary Jonah Aputi Naja Pauloosie Malik", pets="Qimmiq Nanuq Tulugaq",
               teams="Oilers Canadiens", words="qamutiik nanuk siku aputi tuktu qajaq ulu inuksuk",
               seasons="winter spring")
_CRE = _Person(names="Shirley Dale Waylon Cheyenne Rosalie Tanner", pets="Chief Bandit Snoopy",
               teams="Jets Oilers Flames Riders", words="mahihkan muskwa makwa waawaate ziibi sakihitowin",
               seasons="summer winter")
_NAV = _Person(names="Loretta Dineh Kee Shandiin Nizhoni Bahe", pets="Shadow Rez Chico",
               teams="Suns Cardinals Thunder", words="shima hozho tsebii dibe chaha ayoo sequoyah",
               seasons="summer fall")
_MAP = _Person(names="Ailen Lautaro Rayen Nahuel Yesenia Kalfu", pets="Canela Toby Negro",
               teams="Colocolo Junior Temuco", words="ruka lafken mapu newen kutral wayuu susu",
               seasons="invierno verano")
_TAH = _Person(names="Teva Hinano Moana Tiare Jesse Marisol", pets="Mahi Kiko Coco",
               teams="Pirae Guam Tefana", words="fare moana tiare hafa latte guaiya ohana",
               seasons="summer")
_BIS = _Person(names="Mere Kalo Joel Anita Ximenes Jacinta", pets="Blacky Boi Rosa",
               teams="Tafea Amicale Lalenok", words="nakamal kava tanna ailoku fatuk loro tasi",
               seasons="dry wet")
_OSS = _Person(names="Alan Zarina Aslan Madina Soslan Fatima", pets="Barsik Sharik",
               teams="Alania Spartak", words="iron nart kuban adyge", seasons="",
               cyrillic="пароль осетия горы нарт кавказ дом")
_CHU = _Person(names="Ilya Marina Aivar Sveta Petr Anna", pets="Murzik Tuzik Belka",
               teams="Rubin Zenit", words="atal chuvash izhevsk volga", seasons="",
               cyrillic="пароль волга дача мама котик солнце")
_KAL = _Person(names="Bata Altana Sayana Aldar Chingis Ayana", pets="Bars Mukhtar",
               teams="Uralan Khovu", words="tulpan stepp ulan kyzyl yenisei", seasons="",
               cyrillic="пароль степь тюльпан кызыл")
_HAK = _Person(names="Ahming Meiling Zhiqiang Xiuying Weiting Afa", pets="Wangcai Doudou Mimi",
               teams="Meixian Chaozhou", words="laopo ahma hakka gongfu tea ahgong danci", seasons="")
_BHO = _Person(names="Sanjay Munni Bablu Rinku Pooja Chhotu Guddu", pets="Moti Sheru Tommy",
               teams="CSK MI RCB KKR", words="ghar gaon chhath litti ganga amma babuji", seasons="")
_RAJ = _Person(names="Ramesh Mahaveer Kamla Bhagirath Sunita Dharmender", pets="Moti Raja",
               teams="RR CSK MI", words="marwar thar ghoomar jodhpur bajra kisan dhani", seasons="")
_ASM = _Person(names="Bidyut Pranjal Jonali Tomba Sanatombi Bikash", pets="Tommy Bhulu",
               teams="NEUFC Mohunbagan", words="bihu brahmaputra xorai ima loktak kangla", seasons="")
_SAN = _Person(names="Sagun Mungli Lalremruati Mapuia Somai Zosangi", pets="Tommy Bhalu",
               teams="Aizawl Chanmari", words="johar sohrai chapchar kut hul baha", seasons="")
_KSH = _Person(names="Irfan Mehrooz Rouf Shabnam Vikram Kamla", pets="Sheru Billu",
               teams="RealKashmir JKFC", words="chinar dal shikara kahwa jhelum tawi", seasons="sharad bahar")
_ISA = _Person(names="Somchai Noi Malee Buakaew Kanya Pim", pets="Dum Khao Mali",
               teams="Buriram Chiangmai", words="somtam lamyai khonkaen dokkhoon doi sabai", seasons="")
_WAR = _Person(names="Jun Marites Rhea Bong Lito Girlie", pets="Bantay Tagpi Choco",
               teams="Ginebra Magnolia TNT", words="tacloban mayon pili sampaguita balay laoy", seasons="")
_FUL = _Person(names="Aminata Oumar Fatoumata Mamadou Kadiatou Seydou", pets="Simba Bobi",
               teams="Stade Djoliba Horoya", words="bamako fouta jam baraka yirwa kora", seasons="")
_RUN = _Person(names="Ange Jean Claudine Mwila Chanda Bupe", pets="Simba Bosco",
               teams="Vital Zesco Nkana", words="amahoro ubuntu tanganyika lusaka mpundu", seasons="")
_ENG = _Person(names="Maddie Ethan Chloe Jake Olivia Mason Harper", pets="Biscuit Luna Max Bailey Cooper",
               teams="Packers Eagles Chiefs Yankees Cubs", words="sunshine tacos beach garden dragon butterfly pickle",
               seasons="summer winter spring fall")
_QUE = _Person(names="Sylvie Réjean Ti-Guy Josée Gaétan Mélanie".replace("é", "e").replace("É", "E"), pets="Pitou Minou Caramel",
               teams="Canadiens Nordiques Alouettes", words="poutine chalet erable cabane tuque depanneur",
               seasons="hiver ete")
_KOR = _Person(names="minsu jiwoo seoyeon junho hayoon", pets="choco bori dubu kongi",
               teams="Doosan LG KIA Lotte", words="saranghae haneul bada dubu gimbap", seasons="")
_CHN = _Person(names="zhangwei liuyang wangfang lijing", pets="wangcai doudou huahua",
               teams="guoan shenhua", words="woaini xingfu taiyang laoshi", seasons="")
_JPN = _Person(names="yuki haruto sakura takeshi aoi", pets="pochi tama momo",
               teams="tigers giants carp", words="sakura fuji natsu matsuri hanabi", seasons="natsu fuyu")


_HUMAN: list[_Spec] = [
    _fam(
        "sicilian and neapolitan family chat password", _p(_SIC.any),
        ("sicilian whatsapp", "Nunzia, u wifi ra casa ô mari cancià. A password nova è @@P, scrivitilla ca unn'a trovi chiù 😅", _p(_SIC.name_year)),
        ("neapolitan voice note transcript", "[Nota vocale trascritta] Uè Gennà, pe' trasì 'ncopp' 'o sito d'a banca 'e papà miette 'o codice cliente 4471902 e po' @@P. Nun 'o dicere a nisciuno, eh.", _p(_SIC.team)),
        ("sicilian sms", "Zà, u PC dû negozziu: utenti Salvo, password @@P. Iu tornu lunnirì.", _p(_SIC.pet)),
    ),
    _fam(
        "venetian and friulian cooperative email password", _p(_VEN.any),
        ("venetian email", "Ciao Bepi,\nte mando ła password del gestionałe de ła cooperativa: @@P\nCanbiała al primo acesso, grassie.\nNane", _p(_VEN.word)),
        ("friulian email", "Mandi Pieri,\nil account dal PC de latarie al è 'latarie' e la peraule clâf e je @@P.\nGraciis, Catine", _p(_VEN.name_year)),
        ("venetian notice", "AVISO AI SOCI: el wifi novo de ła sede el se ciama CoopSandona e ła password ła xe @@P. No stè darła ai foresti.", _p(_VEN.phrase)),
    ),
    _fam(
        "asturian and aragonese village association password", _p(_AST.any),
        ("asturian whatsapp", "Hola xente! La clave del wifi del llagar ye @@P. Nun la pongáis en Facebook, que yá nos pasó 😂", _p(_AST.team)),
        ("aragonese email", "Bienplegaus a toz,\npa dentrar en o correu d'a asociación: usuario asociacion@fago-example.org, clau @@P.\nGrazias", _p(_AST.word)),
        ("asturian notice", "AVISU: El portátil de la biblioteca pide contraseña al entamar. Ye @@P (col signu al final).", _p(_AST.season)),
    ),
    _fam(
        "walloon and alsatian club message password", _p(_WAL.any),
        ("walloon message", "Bondjoû à tertos! Li mot d' passe do wifi å clubhouse c' est @@P. Å r'vey!", _p(_WAL.team)),
        ("alsatian message", "Salü binander, s'Passwort fer de Verein-Computer isch jetz @@P. Merci vielmols!", _p(_WAL.pet)),
        ("walloon email", "Djan, po l' conte do club so l' site del federåcion: uzeu fc.jemeppe, mot d' passe @@P.", _p(_WAL.word)),
    ),
    _fam(
        "kashubian and silesian parish notice password", _p(_KAS.any),
        ("kashubian notice", "Witôjta! Hasło do wifi w parafialnym dodomie: @@P. Dzãkùjemë!", _p(_KAS.word)),
        ("silesian sms", "Hanyś, hasło ôd kōmputra we sklepie to je @@P. Niy zgub tego!", _p(_KAS.team)),
        ("kashubian email", "Drëdzë,\nkònto na starnie chóru: login chor.kartuzy, parola @@P.\nZ Bògã, Remus", _p(_KAS.name_year)),
    ),
    _fam(
        "ladino community email password", _p(_LAD.any),
        ("ladino email", "Kerida Rashel,\nel kodigo del wifi de la kaza de la komunita es @@P.\nKon amor, Sarina", _p(_LAD.word)),
        ("ladino whatsapp", "Buenos diyas! Para entrar en el sitio del bulten: uzador kaza_sefarad, parola @@P.", _p(_LAD.name_year)),
        ("ladino voice note transcript", "[Mesaj de boz] Ija mia, la kontrasenya del kompyuter de la kuzina es @@P, no la eskrivas en el papel.", _p(_LAD.pet)),
    ),
    _fam(
        "greenlandic and inuktitut community notice password", _p(_INU.any),
        ("greenlandic notice", "Aluu! Atuarfiup wifi-ata password-ia nutaaq: @@P. Qujanaq.", _p(_INU.word)),
        ("inuktitut facebook post", "ᐊᐃ! Community hall wifi password: @@P ᖁᔭᓐᓇᒦᒃ", _p(_INU.pet)),
        ("inuktitut text message", "ᐊᐃ Mary, co-op computer login is coop_iqaluit and @@P. ᖁᔭᓐᓇᒦᒃ!", _p(_INU.team)),
    ),
    _fam(
        "cree and ojibwe band office message password", _p(_CRE.any),
        ("cree text message", "tânisi! band office printer admin is 'admin' and @@P. ekosi.", _p(_CRE.word)),
        ("ojibwe email", "Boozhoo Shirley,\nThe new password for the language program laptop is @@P.\nMiigwech, Dale", _p(_CRE.season)),
        ("cree facebook message", "Tansi cousin, netflix is @@P, dont change it this time lol", _p(_CRE.team)),
    ),
    _fam(
        "navajo and cherokee chapter house password", _p(_NAV.any),
        ("navajo chapter notice", "Yáʼátʼééh! Chapter house Wi-Fi: network ChapterHouse-Guest, password @@P. Ahéheeʼ.", _p(_NAV.word)),
        ("cherokee text", "ᎣᏏᏲ! The language class zoom is on the tribal account, login cn.language@example.org and it's @@P. ᏩᏙ", _p(_NAV.name_year)),
        ("navajo voicemail transcript", "Voicemail (0:42): Yá'át'ééh, this is Loretta from the senior center, the computer password is @@P, all one word. Ahéhee'.", _p(_NAV.pet)),
    ),
    _fam(
        "mapudungun and wayuu community message password", _p(_MAP.any),
        ("mapudungun whatsapp", "Mari mari pu lamngen! La clave del wifi de la ruka es @@P. Chaltu may.", _p(_MAP.word)),
        ("wayuu sms", "Jamaya pia? La clave del computador de la escuela de la ranchería es @@P. Anayawachi.", _p(_MAP.name_year)),
        ("mapudungun email", "Mari mari peñi,\nkontraseña del correo de la comunidad: @@P\nChaltu may, Ailen", _p(_MAP.team)),
    ),
    _fam(
        "tahitian and chamorro family message password", _p(_TAH.any),
        ("tahitian message", "Ia ora na! Te password o te wifi o te fare: @@P. Māuruuru!", _p(_TAH.word)),
        ("chamorro message", "Håfa adai prima! The wifi at nåna's house is @@P. Si Yu'os ma'åse'!", _p(_TAH.pet)),
        ("tahitian email", "Ia ora na Teva,\nte code no te compte o te association: @@P\nMāuruuru, Hinano", _p(_TAH.name_year)),
    ),
    _fam(
        "bislama and tetum office message password", _p(_BIS.any),
        ("bislama text", "Halo brata, pasword blong wifi long ofis hem i @@P. Tangkyu tumas.", _p(_BIS.word)),
        ("tetum whatsapp", "Bondia maun! Password wifi iha eskola mak @@P. Obrigadu barak.", _p(_BIS.team)),
        ("bislama email", "Halo Mere,\nLogin blong kompiuta long stoa: user stoa, pasword @@P.\nTangkyu, Kalo", _p(_BIS.name_year)),
    ),
    _fam(
        "ossetian and circassian chat password", _p(_OSS.any),
        ("ossetian chat", "Салам, Алан! Wi-Fi-йы пароль: @@P. Бузныг!", _p(_OSS.layout)),
        ("circassian chat", "Уимафэ шIу! Компьютерым ипароль: @@P. Тхьэегъэпсэу!", _p(_OSS.name_year)),
        ("ossetian sms", "Мады, Госуслугæты пароль @@P, искæмæн ма зæгъ.", _p(_OSS.layout)),
    ),
    _fam(
        "chuvash and udmurt chat password", _p(_CHU.any),
        ("chuvash chat", "Салам! Вай-фай пароле: @@P. Тав!", _p(_CHU.layout)),
        ("udmurt chat", "Ӟечбуры! Компьютерлэн паролез: @@P. Тау!", _p(_CHU.pet)),
        ("chuvash sms", "Анне, Госуслуги пароле @@P, никама ан кала.", _p(_CHU.name_year)),
    ),
    _fam(
        "kalmyk and tuvan chat password", _p(_KAL.any),
        ("kalmyk chat", "Мендвт! Wi-Fi пароль: @@P. Ханҗанав!", _p(_KAL.layout)),
        ("tuvan chat", "Экии! Школа компьютерниң пароль: @@P. Четтирдим!", _p(_KAL.name_year)),
        ("tuvan sms", "Авай, почтаның пароль @@P", _p(_KAL.pet)),
    ),
    _fam(
        "hakka and teochew family group password", _p(_HAK.any),
        ("hakka line group", "大家好，阿婆屋家个wifi密碼係 @@P，恁仔細！", _p(_HAK.name_year)),
        ("teochew wechat group", "家己人，阿公個電腦密碼是 @@P，勿給外人知。多謝！", _p(_HAK.pet)),
        ("hakka sms", "阿姐，𠊎个網銀密碼改做 @@P 了。", _p(_HAK.word)),
    ),
    _fam(
        "bhojpuri and awadhi family group password", _p(_BHO.any),
        ("bhojpuri whatsapp", "प्रणाम भइया, घर के वाईफाई के पासवर्ड बा @@P। केहू के मत बतइह।", _p(_BHO.name_year)),
        ("awadhi sms", "का हो बबुआ, दुकान वाले कंप्यूटर मा पासवर्ड @@P है।", _p(_BHO.team)),
        ("bhojpuri voice note", "[वॉइस नोट] बाबूजी के पेंशन पोर्टल के पासवर्ड @@P ह, लिख लीं।", _p(_BHO.word)),
    ),
    _fam(
        "rajasthani and haryanvi shop message password", _p(_RAJ.any),
        ("rajasthani whatsapp", "खम्मा घणी सा! दुकान रा कंप्यूटर रो पासवर्ड @@P है।", _p(_RAJ.name_year)),
        ("haryanvi whatsapp", "राम राम भाई, ट्यूबवेल आले कैमरे का पासवर्ड @@P सै।", _p(_RAJ.pet)),
        ("marwari sms", "म्हारो जीएसटी पोर्टल रो पासवर्ड @@P है, मुनीम जी ने दे दीजो।", _p(_RAJ.word)),
    ),
    _fam(
        "assamese and manipuri office message password", _p(_ASM.any),
        ("assamese email", "নমস্কাৰ, অফিচৰ কম্পিউটাৰৰ পাছৱৰ্ড হৈছে @@P। ধন্যবাদ।", _p(_ASM.name_year)),
        ("manipuri whatsapp", "ꯈꯨꯔꯨꯝꯖꯔꯤ! office wifi password: @@P", _p(_ASM.word)),
        ("assamese sms", "মা, বেংকৰ এপৰ পাছৱৰ্ড @@P।", _p(_ASM.team)),
    ),
    _fam(
        "santali and mizo message password", _p(_SAN.any),
        ("santali message", "ᱡᱚᱦᱟᱨ! School computer password: @@P", _p(_SAN.word)),
        ("mizo message", "Chibai! Office wifi password chu @@P a ni. Ka lawm e.", _p(_SAN.team)),
        ("mizo email", "Chibai Mami,\nChurch youth laptop login: @@P\nKa lawm e, Mapuia", _p(_SAN.name_year)),
    ),
    _fam(
        "kashmiri and dogri message password", _p(_KSH.any),
        ("kashmiri whatsapp", "آداب! گرٕچ wifi پاسورڈ چھُ @@P", _p(_KSH.word)),
        ("dogri sms", "राम राम! दुकान दे कंप्यूटर दा पासवर्ड @@P ऐ।", _p(_KSH.name_year)),
        ("kashmiri roman message", "Salam bhai, houseboat wifi password chu @@P, guests-an ma dith", _p(_KSH.team)),
    ),
    _fam(
        "isan and northern thai message password", _p(_ISA.any),
        ("isan line message", "สบายดีบ่ อ้าย รหัสไวไฟร้านข้าวจี่คือ @@P เด้อ", _p(_ISA.name_year)),
        ("northern thai line message", "สวัสดีเจ้า รหัสคอมในสำนักงานเป็น @@P เจ้า", _p(_ISA.word)),
        ("isan sms", "แม่ รหัสแอปธนาคารใหม่ @@P อย่าบอกไผเด้อ", _p(_ISA.pet)),
    ),
    _fam(
        "waray and bikol message password", _p(_WAR.any),
        ("waray messenger", "Maupay nga aga! An password han wifi ha balay amo an @@P. Salamat!", _p(_WAR.pet)),
        ("bikol messenger", "Marhay na aga! An password kan computer sa opisina @@P. Dios mabalos!", _p(_WAR.team)),
        ("waray sms", "Nay, an password han email ko @@P, ayaw pagsabti hin iba.", _p(_WAR.name_year)),
    ),
    _fam(
        "fula and bambara shop message password", _p(_FUL.any),
        ("fula whatsapp", "Jam waali! Password wifi butik oo ko @@P. A jaraama!", _p(_FUL.word)),
        ("bambara whatsapp", "I ni ce! Butiki ordinatɛri password ye @@P ye. I ni ce kosɛbɛ!", _p(_FUL.team)),
        ("bambara sms", "Ce, i ka e-mail password ye @@P ye, i kana a di mɔgɔ si ma.", _p(_FUL.name_year)),
    ),
    _fam(
        "kirundi and bemba message password", _p(_RUN.any),
        ("kirundi whatsapp", "Amahoro! Ijambo ry'ibanga rya wifi yo ku biro ni @@P. Murakoze!", _p(_RUN.word)),
        ("bemba sms", "Muli shani! Password ya computer ku shop ni @@P. Natotela!", _p(_RUN.team)),
        ("kirundi email", "Amahoro Jean,\nIjambo ry'ibanga rya konti ya koperative: @@P\nMurakoze, Claudine", _p(_RUN.name_year)),
    ),
    _fam(
        "english babysitter text password", lambda: {"P": _h(_ENG.pet), "Q": _h(_ENG.team)},
        ("text message", "Hi Maddie! Thanks for watching the kids tonight 🙏 wifi is Hendersons_5G and the password is @@P. Bedtime 8:30!"),
        ("shared doc", "Babysitter info (Google Doc)\n• Wifi: Hendersons_5G / @@P\n• Disney+: our family email + @@Q\n• Poison control: 1-800-222-1222"),
        ("follow-up text", "oops the wifi changed last week, it's @@P now. sorry!!", _p(_ENG.name_year)),
    ),
    _fam(
        "english zoom meeting chat password", _p(_ENG.any),
        ("zoom chat", "10:02:14 From Karen (Finance) to Everyone: shared drive login is finance-team / @@P", _p(_ENG.season)),
        ("teams meeting chat", "[10:31] Priya Raman: new one for the kiosk account: @@P (same username as before)", _p(_ENG.walk)),
        ("webinar q and a", "Q (Anonymous attendee): Is the members portal password still @@P?\nA (Host): yes, until the board changes it in June", _p(_ENG.phrase)),
    ),
    _fam(
        "quebec french text message password", _p(_QUE.any),
        ("texto", "Salut ma belle, le mot de passe du wifi au chalet c'est @@P. Oublie pas de barrer la porte!", _p(_QUE.word)),
        ("messenger", "Allo Ti-Guy, pour Illico c'est @@P, fais-toi plaisir 😉", _p(_QUE.team)),
        ("courriel", "Bonjour Sylvie,\nLe nouveau mot de passe du compte de la caisse de l'aréna : @@P\nMerci, Réjean", _p(_QUE.name_year)),
    ),
    _fam(
        "korean naver band post password", _p(_KOR.any),
        ("band post", "[공지] 동호회 공유 드라이브 비밀번호 변경: @@P 입니다. 외부 유출 금지!", _p(_KOR.team)),
        ("band comment", "총무님 와이파이 비번 @@P 맞나요? → 네 맞아요~", _p(_KOR.pet)),
        ("naver cafe post", "카페 운영진 공용계정 비번은 @@P 로 바꿨어요. 로그인하고 이 글 지워주세요.", _p(_KOR.name_year)),
    ),
    _fam(
        "chinese qq group notice password", _p(_CHN.any),
        ("qq group notice", "【群公告】班级共享网盘账号：class2019_share 密码：@@P 请勿外传", _p(_CHN.word)),
        ("qq chat", "老师，打印室电脑密码是 @@P 吗？→ 对的，用完记得注销", _p(_CHN.name_year)),
        ("staff email", "各位同事：\n新考勤系统的初始密码统一为 @@P，登录后请立即修改。\n人事部", _p(_CHN.walk)),
    ),
    _fam(
        "japanese neighborhood circular password", _p(_JPN.any),
        ("circular", "【回覧板】自治会館のWi-Fiパスワードが変わりました：@@P　ご確認のうえ次の方へ回してください。", _p(_JPN.season)),
        ("line group", "町内会の共有Googleアカウントのパスワードは @@P です。よろしくお願いします。", _p(_JPN.pet)),
        ("pta email", "PTA役員各位\n共有PCのログインパスワード：@@P\n本部 佐藤", _p(_JPN.team)),
    ),
]


# --- ordinary text: the same places with no live secret in them ----------------------------

_SHA = [_hx(40) for _ in range(12)]
_IDS = [_uuid() for _ in range(12)]

_ORD_AGENT: list[str] = [
    # gel / edgedb
    "Fact: the staging Gel instance accepts the app role after the 0042 migration.\nVerified by: edgedb query --dsn \"$EDGEDB_DSN\" 'select count(User)'\nOutput: 1842",
    "Debugging: `gel migrate` fails on CI with ClientConnectionFailedTemporarilyError; EDGEDB_DSN comes from the runner secret store and the same value works from the bastion, so it is egress, not auth.",
    "Handoff: linked the prod instance with `edgedb instance link --host gel.prod.internal --port 5656 --user edgedb --password-from-stdin prod < /run/secrets/gel_password`; credentials are in ~/.config/edgedb/credentials/prod.json on the ops box (not in git).",
    "edgedb instance credentials --insecure-dsn prints the DSN with the password; do not paste its output here, use `edgedb instance status prod` to check reachability instead.",
    # nebula
    f"Verified by `nebula-console -addr 10.2.0.7 -port 9669 -u root -p \"$NEBULA_ROOT_PASSWORD\" -e 'SHOW HOSTS;'`: three storaged hosts ONLINE, leader distribution 10/10/10. Cluster id {_IDS[0]}.",
    "Decision: the importer connects as `importer`, not root.\n  client:\n    version: v3\n    address: \"graphd-0.nebula:9669,graphd-1.nebula:9669\"\n    user: importer\n    password: ${NEBULA_IMPORTER_PASSWORD}\n    concurrencyPerAddress: 10",
    "(root@nebula) [kg_prod]> SHOW USERS;\n| Account    | IP Whitelist |\n| \"importer\" | \"\"           |\n| \"root\"     | \"\"           |",
    # tdengine
    "Retention checked with `taos -h td-node1 -u root -p -s \"show databases;\"` (prompted):\nEnter password:\npower has KEEP 3650d.",
    "Copied from the taosAdapter smoke test (header redacted):\nPOST http://td-node1:6041/rest/sql/power HTTP/1.1\nAuthorization: Basic <redacted>\nContent-Type: text/plain\n\nselect last_row(*) from meters;",
    "Debugging: the Go connector builds on alpine once we move from taosSql to taosWS. DSN shape: `root:${TDENGINE_PASSWORD}@ws(td-node1:6041)/power` — the real value is in the Helm secret td-credentials.",
    # iotdb
    "TTL confirmed with `sbin/start-cli.sh -h 172.20.1.5 -p 6667 -u root -pw \"$IOTDB_ROOT_PW\" -e \"show ttl on root.plant.**\"` → root.plant.** 7776000000.",
    "session = Session(\"172.20.1.5\", \"6667\", \"ingest\", os.environ[\"IOTDB_INGEST_PASSWORD\"])\nsession.open(False)",
    "IoTDB 1.3.2 upgrade: the CLI now takes -pw for the password and prompts when it is omitted; our runbook uses the prompt.",
    # atlas
    "Schema drift ruled out:\natlas schema inspect -u \"$DATABASE_URL\" --format '{{ sql . }}' > /tmp/live.sql\ndiff /tmp/live.sql schema.sql  # no output",
    "env \"prod\" {\n  src = \"file://schema.hcl\"\n  url = getenv(\"PROD_DB_URL\")\n  dev = \"docker://mysql/8/dev\"\n}",
    "atlas migrate apply stopped at 20250114093000_orders.sql with `Error 1146: Table 'app.order_items' doesn't exist`; reran with --baseline 20250110000000 using the URL from `vault kv get -field=url secret/atlas/prod`.",
    "Atlas v0.31.0 lint: 2 reports (destructive change: drop column legacy_total; data-dependent: add unique index on orders(external_id)).",
    # goose
    "goose -dir db/migrations status\n    Applied At                  Migration\n    =======================================\n    Mon Mar  3 10:12:44 2025 -- 00042_add_invoice_index.sql\n    Pending                  -- 00043_drop_legacy_totals.sql",
    "migrate:\n\tgoose -dir migrations mysql \"$$ORDERS_DSN\" up",
    "GOOSE_DBSTRING is exported by direnv from .envrc.local (gitignored); CI gets it from the `billing-db` environment secret.",
    # swaks
    "Relay works with the new account:\nswaks --to ops@example.org --server smtp.relay.example.net:587 --tls --auth LOGIN --auth-user alerts@example.org --auth-password \"$SMTP_PASS\"\n<~  250 2.0.0 Ok: queued as 4Zx9Yq1kLmz3",
    "swaks transcript (client lines removed):\n ~> AUTH LOGIN\n<~  334 VXNlcm5hbWU6\n<~  334 UGFzc3dvcmQ6\n<~  235 2.7.0 Authentication successful",
    "swaks --protect-prompt -a LOGIN -au grafana@example.org -s relay.example.org:465 --tlsc --to sre@example.org  # swaks asks for the password without echo",
    "<~  535 5.7.8 Error: authentication failed: UGFzc3dvcmQ6\nThe server echoed its own base64 prompt (\"Password:\"), not ours.",
    # hurl
    "GET https://api.staging.example.com/v2/orders?limit=5\nAuthorization: Bearer {{api_key}}\nHTTP 200\n[Asserts]\njsonpath \"$.items\" count > 0",
    "Verified by: hurl --test --variables-file .env.hurl tests/api/*.hurl   (.env.hurl is gitignored)\ntests/api/orders.hurl: Success (3 request(s) in 412 ms)",
    "POST https://grafana.staging.example.com/api/folders\n[BasicAuth]\nadmin: {{grafana_admin_password}}\n{\"uid\": \"payments\", \"title\": \"Payments\"}\nHTTP 200",
    # websocat
    "Stream auth verified: websocat -H=\"Authorization: Bearer $WS_TOKEN\" wss://stream.staging.example.io/v1/ticks — first frame {\"type\":\"hello\",\"heartbeat\":30} within 80 ms.",
    f"$ websocat -v wss://echo.websocket.org\n[INFO  websocat::ws_client_peer] Connected to ws\n{{\"request_id\":\"{_IDS[1]}\"}}",
    # openhab
    "curl -s -H \"Authorization: Bearer $OPENHAB_TOKEN\" http://openhab.local:8080/rest/items/LivingRoom_Light/state\nON",
    "openHAB API tokens look like oh.<name>.<random>; create one under Profile → API Tokens and keep it in the Node-RED credentials store, not in the flow JSON.",
    "PUT /rest/items/Garage_Door/state HTTP/1.1\nHost: 192.168.1.20:8080\nAuthorization: Bearer oh.nodered.********\nContent-Type: text/plain\n\nOPEN",
    # plex
    f"X-Plex-Product: Plex Web\nX-Plex-Version: 4.128.1\nX-Plex-Client-Identifier: {_IDS[2]}\nX-Plex-Platform: Firefox",
    "Library scan after import: GET http://192.168.1.10:32400/library/sections/2/refresh?X-Plex-Token=$PLEX_TOKEN → 200, so the Sonarr connection is the problem.",
    "plex = PlexServer('http://10.0.0.5:32400', os.environ['PLEX_TOKEN'])\nprint([s.title for s in plex.library.sections()])  # ['Movies', 'TV Shows', 'Music']",
    # discourse
    "curl -X POST https://forum.example.org/posts.json -H \"Api-Key: $DISCOURSE_API_KEY\" -H 'Api-Username: system' -F title='Maintenance window Saturday' -F category=4",
    "GET /admin/users/list/active.json?order=created HTTP/2\nHost: community.example.com\nApi-Key: [FILTERED]\nApi-Username: ledger-bot",
    "Discourse 3.4.0.beta3 (commit " + _SHA[0] + "): posts.json returned 429 with `wait_seconds: 12`; the sync bot now backs off.",
    # overseerr / mealie
    "curl -s -H \"X-Api-Key: ${OVERSEERR_API_KEY}\" 'http://192.168.50.4:5055/api/v1/request?take=20&filter=pending' | jq '.pageInfo'",
    "\"main\": {\n  \"apiKey\": \"\",\n  \"applicationTitle\": \"Jellyseerr\",\n  \"applicationUrl\": \"https://requests.home.example.net\"",
    "curl -s -H \"Authorization: Bearer $MEALIE_TOKEN\" 'https://mealie.home.example.net/api/recipes?perPage=5' | jq '.items[].slug'\n\"shakshuka\"\n\"pad-thai\"",
    f"POST /api/recipes/create-url HTTP/1.1\nHost: mealie.local:9925\nAuthorization: Bearer <long-lived token from /user/profile/api-tokens>\n\n{{\"url\": \"https://www.example.com/recipes/shakshuka\"}}\nresponse: \"{_IDS[3]}\"",
    # fabric / netmiko
    "c = Connection(\"deploy@web-03.internal\", connect_kwargs={\"key_filename\": \"~/.ssh/deploy_ed25519\"})\nc.sudo(\"systemctl restart gunicorn\")",
    "with Connection(host, user=\"backup\", connect_kwargs={\"password\": getpass.getpass(f\"{host} password: \")}) as c:\n    c.run(\"logrotate -f /etc/logrotate.d/app\")",
    "user: deploy\nconnect_kwargs:\n  key_filename: /home/deploy/.ssh/id_ed25519\nsudo:\n  prompt: \"[sudo] password: \"",
    "net = ConnectHandler(device_type=\"cisco_ios\", host=\"10.20.0.1\", username=\"netauto\", password=os.environ[\"NET_PASS\"], secret=getpass(\"enable: \"), fast_cli=False)",
    "netmiko session_log (access-sw-12), with session_log_record_writes=False:\nUsername: netauto\nPassword: ********\naccess-sw-12>enable\nPassword: ********\naccess-sw-12#terminal length 0",
    "username: netauto\npassword: \"{{ lookup('env', 'NET_PASS') }}\"\nplatform: ios",
    # fsharp / delphi / crystal / nim
    "let connStr = Environment.GetEnvironmentVariable \"LEDGER_DB\"\nuse conn = new SqlConnection(connStr)",
    "let dataSource = NpgsqlDataSource.Create(config.[\"ConnectionStrings:Reports\"])  // from dotnet user-secrets locally, Key Vault in prod",
    "FDConnection1.Params.Values['Password'] := GetEnvironmentVariable('ERP_DB_PASS');\nFDConnection1.Connected := True;",
    "[ERP_PROD]\nDriverID=MSSQL\nServer=erp-sql01\nDatabase=ERP\nOSAuthent=Yes\nApplicationName=ErpClient",
    "DB_URL = ENV[\"DATABASE_URL\"]? || raise \"DATABASE_URL is not set\"",
    "let apiToken = getEnv(\"NOTIFY_TOKEN\")\nif apiToken.len == 0: quit(\"NOTIFY_TOKEN missing\", 1)",
    "secret_key_base: <%= ENV[\"AMBER_SECRET_KEY_BASE\"] %>\ndatabase_url: <%= ENV[\"DATABASE_URL\"] %>",
    # nuxt / bundle
    "window.__NUXT__={config:{public:{apiBase:\"/api\",siteName:\"Example Shop\"},app:{baseURL:\"/\",buildAssetsDir:\"/_nuxt/\"}}}",
    "runtimeConfig: {\n  directusAdminToken: '', // set by NUXT_DIRECTUS_ADMIN_TOKEN at runtime\n  public: { apiBase: '/api' },\n},",
    "$ rg -o 'INTERNAL_API_KEY:\"[^\"]+\"' dist/assets/\n$ echo $?\n1\nNo match after moving the key server-side.",
    "dist/assets/index-4f9c2a1b.js   212.43 kB │ gzip: 68.91 kB\ndist/assets/vendor-9d2e11c0.js  481.07 kB │ gzip: 151.22 kB",
    # teamcity / bitbucket / codemagic
    "[10:14:22]i: [Step 2/4] ##teamcity[setParameter name='env.BUILD_NUMBER' value='4812']\n[10:14:22]i: [Step 2/4] ##teamcity[buildStatisticValue key='deploy.duration' value='31']",
    "Build #4812 → Parameters tab:\nenv.NPM_TOKEN            *******\nsystem.registry.password *******\nteamcity.build.branch    main",
    "- pipe: atlassian/ftp-deploy:0.7.1\n  variables:\n    USER: $FTP_USERNAME\n    PASSWORD: $FTP_PASSWORD\n    SERVER: ftp.example.net\n    REMOTE_PATH: /public_html",
    "+ lftp -u deploy,$FTP_PASSWORD -e 'mirror -R dist /public_html; quit' ftp.example.net\nTransferring file `index.html'",
    "environment:\n  groups:\n    - keystore_credentials\n  vars:\n    CM_KEY_ALIAS: upload\n    CM_KEYSTORE_PATH: /tmp/keystore.jks",
    "CM_KEYSTORE_PASSWORD: Encrypted(Z0FBQUFBQm5mRTdvX2JxZ0t6VFhNQ3ZPQmZ6V0p0S2FtN2lGZ2t1b1ZqY1N0eG1fM0RBcWZ6cEY4OEhZN0JmZz09)",
    "curl -H 'Content-Type: application/json' -H \"x-auth-token: $CM_API_TOKEN\" -d '{\"appId\":\"64f1c0a2b7d9e30012a4c8f1\",\"workflowId\":\"ios-release\",\"branch\":\"main\"}' https://api.codemagic.io/builds",
    # tool calls
    "{\"type\": \"tool_use\", \"name\": \"browser_type\", \"input\": {\"element\": \"Email textbox\", \"ref\": \"e21\", \"text\": \"qa-admin@example.com\"}}",
    "- textbox \"Password\" [ref=e23]: ••••••••••••\n- button \"Sign in\" [ref=e24]",
    "{\"name\": \"browser_fill_form\", \"arguments\": {\"fields\": [{\"ref\": \"e23\", \"value\": \"$QA_ADMIN_PASSWORD\"}]}}  # expanded by the harness, never by the model",
    "await page.type('#password', process.env.QA_PASSWORD ?? '');\nawait page.click('button[type=submit]');",
    "{\"name\": \"memory_write\", \"arguments\": {\"key\": \"staging_admin_login\", \"value\": \"admin@example.com; password in 1Password item 'Staging admin' (vault Eng)\"}}",
    "{\"tool\": \"create_entities\", \"input\": {\"entities\": [{\"name\": \"Billing DB\", \"entityType\": \"service\", \"observations\": [\"host pg-billing.internal:5432\", \"readonly user bi_reader\", \"password in Vault at kv/billing/bi_reader\"]}]}}",
    # diff hunks
    "--- a/.devcontainer/devcontainer.json\n+++ b/.devcontainer/devcontainer.json\n@@ -9,6 +9,9 @@\n   \"forwardPorts\": [3000],\n+  \"containerEnv\": {\n+    \"DATABASE_URL\": \"${localEnv:DATABASE_URL}\"\n+  },",
    "\"secrets\": {\n  \"OPENSEARCH_PASSWORD\": { \"description\": \"Admin password of the shared dev cluster\", \"documentationUrl\": \"https://wiki.example.com/dev-cluster\" }\n}",
    "--- a/serverless.yml\n+++ b/serverless.yml\n@@ -18,7 +18,7 @@ provider:\n   environment:\n     STAGE: ${sls:stage}\n-    DB_PASSWORD: ${env:DB_PASSWORD}\n+    DB_PASSWORD: ${ssm:/orders/prod/db-password}",
    "functions:\n  dispatch:\n    handler: src/dispatch.handler\n    environment:\n      SHIPPING_API_TOKEN: ${ssm:/orders/${sls:stage}/shipping-token}",
    "--- a/wrangler.toml\n+++ b/wrangler.toml\n@@ -12,4 +12,3 @@ compatibility_date = \"2025-01-20\"\n [vars]\n API_BASE = \"https://api.example.com\"\n-SIGNING_SECRET = \"\"\n+# SIGNING_SECRET: wrangler secret put SIGNING_SECRET",
    "$ npx wrangler secret put SIGNING_SECRET\n✔ Enter a secret value: … ****************\n🌀 Creating the secret for the Worker \"edge-proxy\"\n✨ Success! Uploaded secret SIGNING_SECRET",
    "$ npx wrangler deploy\nYour worker has access to the following bindings:\n- Vars:\n  - API_BASE: \"https://api.example.com\"\nUploaded edge-proxy (2.31 sec)\nCurrent Version ID: " + _IDS[4],
    # logstash / telegraf
    "output {\n  elasticsearch {\n    hosts => [\"https://es01.internal:9200\"]\n    user => \"logstash_writer\"\n    password => \"${ES_PWD}\"\n    index => \"app-%{+YYYY.MM.dd}\"\n  }\n}",
    "bin/logstash-keystore add ES_PWD   # prompts for the value; logstash.keystore is protected by LOGSTASH_KEYSTORE_PASS",
    "jdbc {\n  jdbc_connection_string => \"jdbc:postgresql://pg-orders.internal:5432/orders\"\n  jdbc_user => \"logstash\"\n  jdbc_password_filepath => \"/run/secrets/pg_logstash\"\n}",
    "[[outputs.influxdb_v2]]\n  urls = [\"https://influx.internal:8086\"]\n  token = \"${INFLUX_TOKEN}\"\n  organization = \"ops\"\n  bucket = \"hosts\"",
    "[[inputs.mysql]]\n  servers = [\"telegraf:${MYSQL_TELEGRAF_PASSWORD}@tcp(db-main.internal:3306)/?tls=false\"]",
    "telegraf --config /etc/telegraf/telegraf.conf --test --input-filter cpu\n> cpu,cpu=cpu-total,host=web-03 usage_idle=97.2,usage_system=0.8 1741000000000000000",
]

_ORD_FORMATS: list[str] = [
    "WP_API_URL=https://blog.example.com/wp-json\nWP_USER=frontend-build\nWP_APP_PASSWORD=${{ secrets.WP_APP_PASSWORD }}",
    f"{{\"uuid\": \"{_IDS[5]}\", \"app_id\": \"{_IDS[6]}\", \"name\": \"ci-deploy\", \"created\": \"2025-02-11T09:14:02\", \"last_used\": null, \"last_ip\": null}}",
    "WordPress application passwords are 24 characters shown once, in groups of four; they only work over HTTPS and can be revoked per application under Users → Profile.",
    "resp = requests.post(f\"{WP}/wp/v2/posts\", auth=(\"import-bot\", os.environ[\"WP_APP_PASSWORD\"]), json=payload)",
    "nextcloudcmd --non-interactive -n /home/anna/Nextcloud https://cloud.example.org   # -n reads the login from ~/.netrc (mode 600)",
    "Nextcloud 30.0.4: app passwords live under Settings → Security → Devices & sessions; revoking one logs that client out.",
    "NEXTCLOUD_URL: https://cloud.example.org\nNEXTCLOUD_USER: family\nNEXTCLOUD_APP_PASSWORD_FILE: /run/secrets/nc_app_password",
    "$ deluge-console \"connect 127.0.0.1:58846; info --sort-reverse=time_added\"\n[Seeding] ubuntu-24.04.1-desktop-amd64.iso",
    "deluge:\n  host: 192.168.1.30\n  port: 58846\n  username: media\n  password: '{? deluge.password ?}'",
    "Deluge 2.1.1 writes ~/.config/deluge/auth on first start; add a line user:password:level for remote clients (level 10 = admin).",
    "[misc]\nhost = 0.0.0.0\nport = 8080\napi_key = \"\"\nnzb_key = \"\"\ndownload_dir = /downloads/incomplete",
    "http://192.168.1.30:8080/sabnzbd/api?mode=queue&output=json&apikey=${SABNZBD_API_KEY}",
    "SABnzbd 4.4.1: Config → General → Security → API Key; use the NZB key for indexers that only add jobs.",
    "widget:\n  type: sonarr\n  url: http://sonarr:8989\n  key: {{HOMEPAGE_VAR_SONARR_KEY}}",
    "widget:\n  type: proxmox\n  url: https://pve.lan:8006\n  username: root@pam!homepage\n  password: {{HOMEPAGE_FILE_PROXMOX_SECRET}}",
    "[galaxy_server.private_hub]\nurl = https://hub.example.com/api/galaxy/content/published/\n; token comes from ANSIBLE_GALAXY_SERVER_PRIVATE_HUB_TOKEN",
    "ansible-galaxy collection publish dist/acme-network-2.3.1.tar.gz --server https://galaxy.ansible.com --token \"$GALAXY_API_KEY\"",
    "Collection acme.network:2.3.1 was published to https://galaxy.ansible.com (sha256 " + _hx(64) + ")",
    "talosctl gen secrets -o secrets.yaml && sops --encrypt --age age1qz4yjq9c6kxl7m0p3t8d2w5h6n9r8s7e4f2g1j0k3l5m7p9q2r4sqhrq8x --in-place secrets.yaml",
    "cluster:\n  secret: ENC[AES256_GCM,data:" + _b64(32) + ",iv:" + _b64(32)[:43] + ",tag:" + _b64(16) + ",type:str]",
    "talosctl --talosconfig ./talosconfig -n 10.0.50.11 version\nClient:\n\tTag:         v1.9.2\nServer:\n\tNODE:        10.0.50.11\n\tTag:         v1.9.2",
    "step ca init --name 'Home Lab CA' --dns ca.lab.example --address :9000 --provisioner admin@example.com --password-file /run/secrets/ca_password",
    "$ step ca provisioner list | jq '.[0] | {type, name, key: .key.kty}'\n{ \"type\": \"JWK\", \"name\": \"admin@example.com\", \"key\": \"EC\" }",
    "step certificate fingerprint ~/.step/certs/root_ca.crt\n" + _hx(64),
    "export API_TOKEN := env_var(\"API_TOKEN\")\n\ndeploy:\n    ./scripts/deploy.sh --env prod",
    "version: '3'\ndotenv: ['.env']\ntasks:\n  dump:\n    cmds:\n      - pg_dump -U app app > backup.sql",
    "[env]\n_.file = \".env.local\"\nSTORAGE_BUCKET = \"assets-prod\"",
    "database: {\n  host: postgres\n  user: \"lemmy\"\n  password: \"{{ postgres_password }}\"\n}",
    "# .config/example.yml — copy to default.yml and fill in\ndb:\n  host: localhost\n  port: 5432\n  db: misskey\n  user: example-misskey-user\n  pass: example-misskey-pass",
    "db-password: \"\"  # set GTS_DB_PASSWORD in the environment instead",
    "add user      core-sw*     backup\nadd password  core-sw*     {$env(RANCID_PW)}\nadd method    *            ssh",
    "username: oxidized\nmodel: ios\ninterval: 3600\nsource:\n  default: csv\n  csv:\n    file: /etc/oxidized/router.db\n    map:\n      name: 0\n      model: 1",
    "core-sw1:ios\nedge-fw1:fortios\ndist-sw3:nxos",
    "[sources.sql_database.credentials]\ndrivername = \"postgresql\"\nhost = \"pg-replica.internal\"\nusername = \"dlt_reader\"\ndatabase = \"shop\"\n# password: SOURCES__SQL_DATABASE__CREDENTIALS__PASSWORD",
    "dlt pipeline shop_to_snowflake info\nFound pipeline shop_to_snowflake in /home/ci/.dlt/pipelines\nLast load id 1741000123.456789 with 12 tables",
    "EVIDENCE_SOURCE__warehouse__password=${{ secrets.WAREHOUSE_PASSWORD }}",
    "host: cGctd2FyZWhvdXNlLmludGVybmFs\nport: NTQzMg==\ndatabase: YW5hbHl0aWNz\nssl: dHJ1ZQ==",
    "connection \"aws_prod\" {\n  plugin  = \"aws\"\n  profile = \"readonly\"\n  regions = [\"eu-west-1\"]\n}",
    "connection \"slack\" {\n  plugin = \"slack\"\n  # token from SLACK_TOKEN in the environment\n}",
]

_ORD_VENDOR: list[str] = [
    f"ASTRA_DB_API_ENDPOINT=https://{_IDS[7]}-us-east-2.apps.astra.datastax.com\nASTRA_DB_APPLICATION_TOKEN=${{ASTRA_TOKEN}}",
    "Astra tokens start with AstraCS: and are shown once when generated under Settings → Tokens; store them in the secret manager, never in the notebook.",
    "cqlsh -u token -p \"$ASTRA_DB_APPLICATION_TOKEN\" -b secure-connect-orders.zip -e 'DESCRIBE KEYSPACES'",
    "cb list\nID                          Name          Team        Plan\nrvf73a77ozfsvcttryebfrnlem  orders-prod   acme        hobby-2",
    "CB_API_KEY is read from the environment by the cb CLI; `cb login` prompts for it and stores it in the OS keychain.",
    "psql \"postgres://ci%40example.com@4k2pe8x1vq.eu-west-1.aws.materialize.cloud:6875/materialize?sslmode=require\"  # PGPASSWORD from the CI secret",
    "      pass: \"{{ env_var('MZ_APP_PASSWORD') }}\"",
    f"app:\n  applicationId: {_IDS[8]}\n  env: Staging\nhawk:\n  spider:\n    base: true",
    "HAWK_API_KEY=${{ secrets.HAWK_API_KEY }}",
    "modrinth {\n    token = providers.environmentVariable(\"MODRINTH_TOKEN\")\n    projectId = \"x7Kq2mPa\"\n}",
    "Modrinth project x7Kq2mPa, version 0.5.11+1.21.1 (fabric, neoforge), 184,203 downloads.",
    "HEADERS = {\"Accept\": \"application/json\", \"x-api-key\": os.environ[\"CF_API_KEY\"]}",
    "CurseForge project 238222, file id 5846880 (jei-1.21.1-neoforge-19.21.0.247.jar).",
    "RADAR_SECRET_KEY=${RADAR_SECRET_KEY:?set in Doppler}",
    "curl https://api.radar.io/v1/geofences -H \"Authorization: $RADAR_SECRET_KEY\"",
    "COVEO_ORG_ID=acmecorpprodx7k2\nCOVEO_API_KEY=",
    "Coveo push API: PUT /push/v1/organizations/{organizationId}/sources/{sourceId}/documents?documentId=... with a key that has the Push privilege.",
    "client = Elastic::EnterpriseSearch::AppSearch::Client.new(host: ENV['ENTERPRISE_SEARCH_BASE_URL'], http_auth: ENV['APP_SEARCH_PRIVATE_KEY'])",
    "SHOPWARE_ADMIN_CLIENT_ID=\nSHOPWARE_ADMIN_CLIENT_SECRET=\n# create an integration under Settings → System → Integrations",
    "{\"token_type\":\"Bearer\",\"expires_in\":600,\"access_token\":\"<redacted>\"}",
    "INVEST_TOKEN=\nINVEST_ACCOUNT_ID=2001234567",
    "with Client(os.environ[\"INVEST_TOKEN\"], target=INVEST_GRPC_API_SANDBOX) as client:\n    print(client.users.get_accounts())",
    "Configuration.account_id = os.environ['YOOKASSA_SHOP_ID']\nConfiguration.secret_key = os.environ['YOOKASSA_SECRET_KEY']",
    "{\"id\": \"2f1c5a7e-000f-5000-9000-1b7e1c2b3a4d\", \"status\": \"succeeded\", \"amount\": {\"value\": \"1490.00\", \"currency\": \"RUB\"}, \"paid\": true}",
    "EFI_CLIENT_ID=\nEFI_CLIENT_SECRET=\nEFI_PIX_KEY=3f7a1c2e-9b4d-4a6e-8c1f-2d3e4f5a6b7c",
    "Chave Pix aleatória da loja: 3f7a1c2e-9b4d-4a6e-8c1f-2d3e4f5a6b7c (pode divulgar no site para receber pagamentos).",
    "define('B24_WEBHOOK', getenv('B24_WEBHOOK_URL'));\n$result = file_get_contents(B24_WEBHOOK . 'crm.lead.add.json?' . http_build_query($lead));",
    "Bitrix24 inbound webhooks have the form https://<portal>.bitrix24.ru/rest/<user id>/<code>/<method>; treat the whole URL as a secret.",
    "\"LogicAppUrl\": \"@Microsoft.KeyVault(SecretUri=https://kv-notify-prod.vault.azure.net/secrets/LogicAppUrl/)\"",
    "Workflow run 08584628210495871633283018791CU08 succeeded in 1.2 s (trigger: manual, workflow /subscriptions/" + _IDS[9] + "/resourceGroups/rg-notify/providers/Microsoft.Logic/workflows/alerts-to-teams).",
    "networks: {\n  mainnet: { url: process.env.MAINNET_RPC_URL, accounts: [process.env.DEPLOYER_KEY] },\n},",
    "[rpc_endpoints]\nmainnet = \"${MAINNET_RPC_URL}\"\nsepolia = \"https://rpc.ankr.com/eth_sepolia\"",
    "client = WeChatClient(os.environ[\"WECHAT_APPID\"], os.environ[\"WECHAT_SECRET\"])",
    "公众号 AppID：wx" + _hx(16) + "（AppSecret 在“设置与开发 → 基本配置”中重置后只显示一次）",
    "curl 'https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=APPID&secret=APPSECRET'",
]

_ORD_PUBLIC: list[str] = [
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(43, ALNUM + "+/") + " deploy@web-03",
    "Deploy key fingerprint: SHA256:" + _r(43, ALNUM + "+/") + " (ED25519)",
    "-----BEGIN CERTIFICATE-----\nMIIBljCCAT2gAwIBAgIQ" + _r(44, ALNUM + "+/") + "\n" + _r(64, ALNUM + "+/") + "\n-----END CERTIFICATE-----",
    "Merged in " + _SHA[1] + " (\"orders: index invoices by external id\"), reverted by " + _SHA[2] + ".",
    "image: ghcr.io/example/edge-proxy@sha256:" + _hx(64),
    "Build 2025.03.04-4812 (commit " + _SHA[3][:12] + ") promoted to production at 14:02 UTC.",
    "Request id " + _IDS[10] + " — 502 from the upstream after 30.001 s.",
    "integrity sha512-" + _b64(64) + " for left-pad@1.3.0",
    "Order #84213-20250304, tracking 1Z999AA10123456784, invoice INV-2025-00412.",
    "Node 22.14.0, pnpm 10.5.2, Nuxt 3.15.4, Vite 6.2.0 on ubuntu-24.04.",
    "git log --oneline -3\n" + _SHA[4][:7] + " ledger: note on talos upgrade\n" + _SHA[5][:7] + " ci: pin hurl 6.0.0\n" + _SHA[6][:7] + " docs: swaks usage",
    "age1qz4yjq9c6kxl7m0p3t8d2w5h6n9r8s7e4f2g1j0k3l5m7p9q2r4sqhrq8x is the recipient for secrets.yaml; the identity file stays on the admin laptops.",
]

_ORD_HUMAN: list[str] = [
    "Nunzia, a password nova dû wifi ta mannu pi missaggiu a parti, ccà unn'a scrivu.",
    "U wifi ra casa ô mari si chiama CasaDiMare_5G; a password è supra u modem, sutta u telefunu.",
    "Festa di Santa Rosalia 2025: u fistinu è u 14 di giugnettu, appuntamentu ê 8.",
    "Ciao Bepi, ła password del gestionałe te ła dixe Nane a vose, no par mail.",
    "AVISO AI SOCI: el wifi novo de ła sede el se ciama CoopSandona; ła password ła xe in segreteria.",
    "Mandi Pieri, la peraule clâf gnove e à di vê almancul 12 caratars, une majuscule e un numar.",
    "Hola xente! La clave del wifi del llagar ta apuntada na pizarra de la entrada.",
    "Bienplegaus, a clau d'o correu d'a asociación la tiene a secretaria; demandaz-la-le por telefono.",
    "Bondjoû à tertos! Li mot d' passe do wifi est pindou å mur dins l' clubhouse.",
    "Salü binander, s'nej Passwort kriäje'r vum Kassierer, nit per Mail.",
    "Witôjta! Hasło do wifi je na tôflë kòl zakristii.",
    "Kerida Rashel, el kodigo del wifi te lo do kuando vengas a la kaza.",
    "ᐊᐃ! Community hall wifi password is posted at the front desk. ᖁᔭᓐᓇᒦᒃ",
    "Aluu! Wifi-p password-ia atuarfimmi allaffimmi apeqquk.",
    "tânisi! call the band office for the printer login, ekosi.",
    "Yáʼátʼééh! Chapter house Wi-Fi: network ChapterHouse-Guest, ask Loretta at the front for the password. Ahéheeʼ.",
    "ᎣᏏᏲ! Language class is Tuesday 6 pm on zoom, link in the newsletter. ᏩᏙ",
    "Mari mari pu lamngen! We Tripantu 2025 se celebra el 21 de junio en la ruka.",
    "Jamaya pia? La clave del computador la tiene la profesora Yesenia.",
    "Ia ora na! Te password o te wifi, a ani ia Hinano. Māuruuru!",
    "Håfa adai prima! The wifi password is on the fridge magnet at nåna's house.",
    "Halo brata, pasword blong wifi i stap long pepa long fridge long ofis.",
    "Bondia maun! Password wifi eskola nian husu ba diretór.",
    "Салам, Алан! Wi-Fi-йы пароль дын æрвитдзынæн SMS-æй.",
    "Салам! Вай-фай пароле роутер айӗнче ҫырнӑ.",
    "Ӟечбуры! Паролез 8 пусъемлэсь кузь луыны кулэ.",
    "Мендвт! Wi-Fi пароль школын библиотекд бичәтә.",
    "大家好，阿婆屋家个wifi密碼貼在冰箱頂高，恁仔細！",
    "家己人，阿公個電腦密碼請私聊問阿叔。",
    "प्रणाम भइया, वाईफाई के पासवर्ड राउटर के पीछे लिखल बा।",
    "खम्मा घणी सा! पासवर्ड कम सूं कम 8 अक्षर रो होणो चाइजे।",
    "राम राम भाई, कैमरे का पासवर्ड मुनीम जी धोरै सै, उनसे पूछ ल्यो।",
    "নমস্কাৰ, অফিচৰ কম্পিউটাৰৰ পাছৱৰ্ড আইটি বিভাগৰ পৰা লওক। ধন্যবাদ।",
    "ꯈꯨꯔꯨꯝꯖꯔꯤ! office wifi password notice board-da leire.",
    "ᱡᱚᱦᱟᱨ! Sohrai 2025 celebration on 14 November at the school ground.",
    "Chibai! Chapchar Kut 2026 chu March ni 6-ah a ni.",
    "آداب! wifi پاسورڈ ریسیپشنس پیٹھ پُرژھیو",
    "राम राम! दुकान दे कंप्यूटर दा पासवर्ड बड्डे भ्राऽ कोला पुच्छो।",
    "สบายดีบ่ อ้าย รหัสไวไฟอยู่หลังเราเตอร์เด้อ",
    "สวัสดีเจ้า รหัสผ่านต้องมีอย่างน้อย 8 ตัวเจ้า",
    "Maupay nga aga! An password han wifi aada ha likod han router.",
    "Marhay na aga! Ihapot na lang ki Girlie an password kan computer.",
    "Jam waali! Password wifi butik oo ko Aminata woodi.",
    "I ni ce! Password ka kan ka bɛn sigiyɔrɔ 8 ma.",
    "Amahoro! Ijambo ry'ibanga rya wifi murisaba umunyamabanga.",
    "Muli shani! Ipusheni ba manager password ya computer.",
    "Hi Maddie! Thanks for watching the kids tonight 🙏 wifi password is on the card on the fridge. Bedtime 8:30!",
    "Babysitter info (Google Doc)\n• Wifi: Hendersons_5G (password on the fridge card)\n• Disney+ is already logged in on the TV\n• Poison control: 1-800-222-1222",
    "10:02:14 From Karen (Finance) to Everyone: shared drive login is in the Finance vault in Bitwarden, ping me if you can't see it",
    "Q (Anonymous attendee): Where do I find the members portal password?\nA (Host): it was emailed to members on May 2; reply to that email if you lost it",
    "Password policy (IT-07 rev 3): at least 14 characters, no reuse of the last 10, no seasons or team names; passphrases encouraged.",
    "Salut ma belle, le mot de passe du wifi au chalet est sur le frigo. Oublie pas de barrer la porte!",
    "Bonjour Sylvie,\nLe mot de passe du compte de la caisse a été changé; Réjean va te le donner en personne.\nMerci",
    "[공지] 동호회 공유 드라이브 비밀번호는 총무에게 개별 문의 바랍니다.",
    "비밀번호는 영문 대소문자, 숫자, 특수문자를 포함해 10자 이상으로 설정해 주세요.",
    "【群公告】班级共享网盘账号密码请私聊班长获取，请勿在群内发送。",
    "各位同事：新考勤系统的初始密码已通过短信单独发送，登录后请立即修改。",
    "【回覧板】自治会館のWi-Fiパスワードは会館の掲示板に掲示しています。",
    "パスワードは8文字以上、英字と数字を組み合わせてください。",
    "PTA役員各位\n共有PCのパスワードは本部で管理しています。必要な方は佐藤までご連絡ください。",
    "The password is on the yellow sticky note under the keyboard — please move it into the team vault when you get in.",
    "Your password was changed on 4 March 2025 at 09:12. If this wasn't you, reset it at https://account.example.com/reset.",
    "Summer2025 Kick-off: Friday 13 June, 5 pm, rooftop. Bring your badge.",
    "Packers 2024 season tickets: section 118, row 22, seats 5-8 (PDFs attached).",
    "Team Qwerty won the hackathon with \"Keyboard Walk\", a typing tutor for kids.",
    "Reminder: never share your one-time code with anyone, including staff.",
]

_ORD_MORE: list[str] = [
    "Verified by `edgedb query --dsn edgedb://app_rw@gel-staging.internal:5656/main --password-from-stdin 'select 1' < /run/secrets/gel_app_rw`: {1}",
    "$ taos --version\ntaos version: 3.3.5.0 compatible_version: 3.0.0.0\ngit: 0a3f1c2e9b4d5a6e7c8f9a0b1c2d3e4f5a6b7c8d",
    "nebula-console -addr 10.2.0.7 -port 9669 -u root -p \"$(vault kv get -field=password secret/nebula/root)\" -e 'SHOW HOSTS;'",
    "ConnectionString: \"Server=sql-prod-02.internal;Database=Ledger;Integrated Security=True;TrustServerCertificate=True\"",
    "[ERP_DEV]\nDriverID=MSSQL\nServer=localhost\nDatabase=ERP\nUser_Name=erp_app\nPassword=\nLoginPrompt=True",
    "[Options]\nvariable: api_key={{env.API_KEY}}\nGET https://api.staging.example.com/v2/health\nHTTP 200",
    "Api-Username: system is the only header Discourse needs besides the key; keys are created under Admin → API → New API Key with a scope.",
    "curl -s http://openhab.local:8080/rest/ | jq .version\n\"4.3.2\"",
    "Plex Media Server 1.41.4.9463 on unraid; library sections: 1 Movies, 2 TV Shows, 3 Music.",
    "fabric 3.2.2 / paramiko 3.5.1 — the banner error went away after raising banner_timeout to 30.",
    "Crunchy Bridge host: p.rvf73a77ozfsvcttryebfrnlem.db.postgresbridge.com:5432 (user application, password from `cb uri orders-prod` at deploy time)",
    "Materialize region aws/eu-west-1, cluster quickstart (25cc), environment id " + _IDS[11] + ".",
    "StackHawk scan 4f9a2c1e finished: 0 high, 2 medium, 7 low (app Payments API, env Staging).",
    "https://prod-71.westeurope.logic.azure.com:443/workflows/<workflow id>/triggers/manual/paths/invoke?api-version=2016-10-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=<signature>",
    "polygon = \"https://rpc.ankr.com/polygon\"   # public endpoint, rate-limited, no key",
    "Bitrix24 webhook template: https://your-portal.bitrix24.ru/rest/1/xxxxxxxxxxxxxxxx/crm.lead.add.json",
    "INVEST_TOKEN=t.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX  # получить в настройках личного кабинета, раздел «Токены T-Invest API»",
    "WP_APP_PASSWORD=\"xxxx xxxx xxxx xxxx xxxx xxxx\"  # paste the application password here, never commit the filled file",
    "Nextcloud app password format: five groups of five characters separated by dashes, e.g. XXXXX-XXXXX-XXXXX-XXXXX-XXXXX.",
    "deluge-web --version\ndeluge-web 2.1.1\nlibtorrent: 2.0.10.0",
    "api_key = ${SABNZBD__API_KEY}   # sabnzbd-docker reads SABNZBD__API_KEY on first start",
    "username: root@pam!homepage\n# the token secret lives in HOMEPAGE_FILE_PROXMOX_SECRET, mounted from /run/secrets",
    "talosctl get members\nNODE         NAMESPACE   TYPE     ID             VERSION   HOSTNAME       MACHINE TYPE   OS\n10.0.50.11   cluster     Member   talos-cp-1     1         talos-cp-1     controlplane   Talos (v1.9.2)",
    "Política de contraseñas: mínimo 12 caracteres, sin nombres de equipos ni fechas de nacimiento; cambia la tuya en https://cuenta.example.es.",
    "Política de senhas: no mínimo 12 caracteres; não reutilize as últimas 5 senhas.",
    "Passwortrichtlinie: mindestens 12 Zeichen, keine Jahreszahlen oder Vereinsnamen; das Passwort bekommt ihr persönlich vom Vorstand.",
    "Salut! Le code du portail a changé, je te le texte ce soir.",
    "Allo Ti-Guy, pour Illico demande le mot de passe à ta mère, c'est elle qui l'a changé.",
    "Zà, u PC dû negozziu: utenti Salvo. A password a sapi Turi.",
    "Boozhoo Shirley, the laptop password is in the sealed envelope in the program office safe.",
    "Wifi: Hendersons_5G / Hendersons_Guest (guest network has no password, it's open until 10 pm)",
    "ᐊᐃ Mary, co-op computer login is coop_iqaluit; Jonah has the password.",
    "Windows 11 24H2 and iOS 18.3.1 are installed on the office devices as of March 2025.",
    "Mundial 2026: los partidos de la selección son el 11, 18 y 24 de junio.",
    "Le Carnaval de Québec 2026 commence le 6 février.",
    "총무님 와이파이 비번 뭐예요? → 라우터 뒷면에 적혀 있어요~",
    "老师，打印室电脑密码是多少？→ 找机房王老师要，用完记得注销",
    "町内会の共有Googleアカウントのパスワードは会長が管理しています。",
    "Your Naver Band verification code expires in 3 minutes. Do not share it.",
    "Enter password: ********\nLogin succeeded.",
]

# Keys and links made to be handed to browsers and clients: a reviewer could publish them,
# and a careful one could still ask for them to be taken out.
_ORD_DEBATABLE: list[str] = [
    "const radar = Radar.initialize('" + "prj_" "live_pk_" + _hx(40) + "');",
    "NEXT_PUBLIC_APP_SEARCH_KEY=search-" + _r(24, LOWER_ALNUM) + "\nNEXT_PUBLIC_APP_SEARCH_ENDPOINT=https://search.example.com",
    "sw-access-key: SW" "SC" + _r(24, UPPER_ALNUM) + "\n(Store API, sales channel Storefront DE)",
    "Sentry.init({ dsn: \"https://" + _hx(32) + "@o" + str(_RNG.randint(100000, 999999)) + ".ingest.sentry.io/" + str(_RNG.randint(4000000, 4999999)) + "\", tracesSampleRate: 0.1 })",
    "Shared the folder with the printer: https://cloud.example.org/s/" + _r(15) + " (read-only, expires 31 March).",
    "Adapty.activate(\"public_live_" + _r(8) + "." + _r(20) + "\")",
    "mapillary: client token MLY|" + str(_RNG.randint(10**15, 10**16)) + "|" + _hx(32) + " (used by the web viewer)",
]


# --- assembly ------------------------------------------------------------------------------

def _mix(formats: list[_Spec], vendors: list[_Spec]) -> list[_Spec]:
    """Formats and vendors in one weight, vendors on slots 0, 1, 4, 5, 8, 9, ... so that,
    taken every third place by the round robin, they fall to both halves."""
    out: list[_Spec] = []
    fmt, ven = iter(formats), iter(vendors)
    for i in range(len(formats) + len(vendors)):
        pick = next(ven, None) if i % 4 in (0, 1) else next(fmt, None)
        if pick is None:
            pick = next(fmt, None) or next(ven)
        out.append(pick)
    return out


def _order(*groups: list[_Spec]) -> list[_Spec]:
    """The three weights taken in turn, so each half holds some of every weight."""
    out: list[_Spec] = []
    for i in range(max(len(group) for group in groups)):
        out.extend(group[i] for group in groups if i < len(group))
    return out


_ORDERED = _order(_AGENT, _mix(_FORMATS, _VENDOR_RAW), _HUMAN)

FAMILIES: list[Family] = [
    Family(name, "AB"[i % 2], samples) for i, (name, samples) in enumerate(_ORDERED)
]

FOURTEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in FOURTEENTH_SECRETS}

AGENT_FAMILIES: frozenset[str] = frozenset(name for name, _ in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(name for name, _ in _FORMATS)
VENDOR_FAMILIES: frozenset[str] = frozenset(name for name, _ in _VENDOR_RAW)
HUMAN_FAMILIES: frozenset[str] = frozenset(name for name, _ in _HUMAN)

# A scanner that keeps false positives down could fairly let these through: a CurseForge key
# looks like a bcrypt hash, a WeChat AppSecret is 32 bare hex digits beside an ``appid``, and
# Evidence keeps its password base64-encoded beside base64-encoded host names.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"curseforge api key", "wechat official account appsecret",
     "evidence connection options yaml"}
)

FOURTEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_PUBLIC,
                                  *_ORD_HUMAN, *_ORD_MORE, *_ORD_DEBATABLE]

DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, FOURTEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("fourteenth", FAMILIES, FOURTEENTH_SECRETS, FOURTEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(70, 210, 200),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every family in exactly one weight
    assert len(AGENT_FAMILIES | FORMAT_FAMILIES | VENDOR_FAMILIES | HUMAN_FAMILIES) == len(FAMILIES)
    # vendor families in both halves
    half = {fam.name: fam.half for fam in FAMILIES}
    vendor_halves = [half[name] for name in VENDOR_FAMILIES]
    assert abs(vendor_halves.count("A") - vendor_halves.count("B")) <= 2, vendor_halves
    # every sample's text differs from every other
    texts = [text for _, text in FOURTEENTH_SECRETS]
    assert len(texts) == len(set(texts))


_self_check()
