"""A thirteenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, scripts and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the twelve earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py`` and
``credential_corpus_fourth.py`` to ``credential_corpus_twelfth.py``); only their family
names, collected by code so that every family here is new (``_self_check`` holds that), the
helpers ``Family``, ``Values``, ``family`` and ``split_by_family`` of the third,
``blind_corpus`` and the docstring and closing assembly of the twelfth, so that the same
measuring code runs on this one.  It is weighted, about a third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" a command with its output (valkey-cli, cbq, influxdb3, lakectl,
  mgconsole, the EMQX and Nexus REST APIs, wal-g, dolt), decisions quoting a PgCat or
  Odyssey config line, debugging notes, copied HTTP requests to Vikunja, Kimai, Firefly III,
  listmonk and Healthchecks, CI logs of Bamboo, Cirrus CI, AppVeyor, CodeBuild and Cloud
  Build, and tool-call JSON;
* config and credential files of tools not yet covered (CPAN's ``.pause``, ``.oscrc``,
  launchpadlib, copr-cli, ``.transifexrc``, LuaRocks, vsce, snapcraft, Gradle init scripts,
  Leiningen, Kamal, Dokku, Duplicati, irssi and HexChat, aerc, newsboat) and vendor tokens
  with their prefixes from public secret-scanner rule lists (``VENDOR_FAMILIES``);
* passwords people choose (names with dates, seasons, keyboard walks, leetspeak, passphrases,
  pet names, teams with numbers, words of the writer's language) where they type them: chat,
  SMS, email, wikis, notices, kanban cards and voicemail transcripts in Swiss German,
  Faroese, Northern Sami, Romansh, Sardinian, Corsican, Occitan, Esperanto, Wolof, Lingala,
  Shona, Chichewa, Sesotho, Setswana, Twi, Ewe, Luganda, Kikuyu, Tongan, Fijian, Hawaiian,
  Tok Pisin, Aymara, Nahuatl, Dhivehi, Kabyle, Sindhi, Balochi, Konkani, Maithili, Hmong,
  Ilocano, Hiligaynon, Minangkabau, Balinese, Papiamento, Jamaican Patois, Scots, Cornish,
  Low German, Sorbian, Chechen, Bashkir, Yakut and Buryat, and in English, French, German,
  Spanish, Italian, Chinese and Hinglish in settings that are not a ``password: X`` line.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``THIRTEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``THIRTEENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands and configs with the value masked, templated, prompted for or read from a store;
    the public values that sit beside secrets (commit SHAs, digests, UUIDs, ids, public keys,
    fingerprints, build numbers, versions); code that handles a secret by name only; password
    policy text and prose about credentials that holds none, in several languages.
    ``DEBATABLE`` names the entries a reasonable scanner could refuse; ``UNSURE_FAMILIES`` the
    families a reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator (``random.Random(13_2026_12_07)``) with the length,
alphabet and inner structure of their kind; people's passwords come from a generator of the
patterns people use (``_Person``), fed with the words, names, pets, teams and seasons of the
language or place of each sample; each sample draws fresh values when the module is built.
Distinctive prefixes are split in the source, so no literal here is a real secret or stops a
push-protection scanner.
"""

# ruff: noqa: RUF001, E501

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import string
import uuid

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, family, split_by_family

_RNG = random.Random(13_2026_12_07)

_LOWER = string.ascii_lowercase
_ALNUM = string.ascii_letters + string.digits
_LOWNUM = string.ascii_lowercase + string.digits
_UPNUM = string.ascii_uppercase + string.digits
_HEXD = "0123456789abcdef"
_B32L = "abcdefghijklmnopqrstuvwxyz234567"
_B64 = string.ascii_letters + string.digits + "+/"
_B64URL = string.ascii_letters + string.digits + "-_"


def _pick(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _hex(n: int) -> str:
    return _pick(_HEXD, n)


def _an(n: int) -> str:
    return _pick(_ALNUM, n)


def _lo(n: int) -> str:
    return _pick(_LOWNUM, n)


def _uuid() -> str:
    return str(uuid.UUID(int=_RNG.getrandbits(128), version=4))


def _b64(raw: int) -> str:
    return base64.b64encode(_RNG.randbytes(raw)).decode()


def _b64url(raw: int) -> str:
    return base64.urlsafe_b64encode(_RNG.randbytes(raw)).decode().rstrip("=")


def _jwt(claims: dict[str, object]) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(json.dumps(claims, separators=(",", ":")).encode())
    return f"{head}.{body.decode().rstrip('=')}.{_b64url(32)}"


def _strong(n: int = 20) -> str:
    """A generated password, as a password manager or ``openssl rand`` makes one."""
    chars = _ALNUM + "!#%^*-_=+"
    while True:
        value = _pick(chars, n)
        if any(c.isdigit() for c in value) and any(c in "!#%^*-_=+" for c in value):
            return value


def _sha() -> str:
    return hashlib.sha1(_RNG.randbytes(16)).hexdigest()


def _digest() -> str:
    return "sha256:" + hashlib.sha256(_RNG.randbytes(16)).hexdigest()


_LEET = str.maketrans({"a": "@", "o": "0", "e": "3", "i": "1", "s": "$", "t": "7"})
_WALKS = ("1qaz2wsx", "qwer1234", "zaq12wsx", "asdf1234", "1q2w3e4r", "qazwsx123",
          "!QAZ2wsx", "poiu0987", "mnbv1234", "zxcvbnm1", "1qazxsw2", "qwertz123")


class _Person:
    """The patterns people choose passwords by, drawn from the words of one place."""

    def __init__(self, words: tuple[str, ...], names: tuple[str, ...] = (),
                 pets: tuple[str, ...] = (), teams: tuple[str, ...] = (),
                 seasons: tuple[str, ...] = ()) -> None:
        self.words = words
        self.names = names or words
        self.pets = pets or words
        self.teams = teams or words
        self.seasons = seasons or words

    @staticmethod
    def _cap(word: str) -> str:
        return word[:1].upper() + word[1:]

    def name_date(self) -> str:
        name = self._cap(_RNG.choice(self.names))
        day, month = _RNG.randint(1, 28), _RNG.randint(1, 12)
        year = _RNG.randint(1961, 2019)
        return _RNG.choice((f"{name}{year}", f"{name}{day:02d}{month:02d}",
                            f"{name}.{day:02d}{month:02d}{year % 100:02d}",
                            f"{name}{year}!", f"{name.lower()}_{year}"))

    def season(self) -> str:
        season = self._cap(_RNG.choice(self.seasons))
        year = _RNG.randint(2021, 2026)
        return _RNG.choice((f"{season}{year}!", f"{season}{year}", f"{season}@{year}",
                            f"{season}-{year % 100:02d}#"))

    def walk(self) -> str:
        walk = _RNG.choice(_WALKS)
        return _RNG.choice((walk, walk + "!", self._cap(walk), walk + str(_RNG.randint(1, 99))))

    def leet(self) -> str:
        word = _RNG.choice(self.words).lower()
        return self._cap(word.translate(_LEET)) + _RNG.choice(("!", "#", "2024", "99", "*"))

    def phrase(self) -> str:
        words = _RNG.sample(self.words, 3) if len(self.words) >= 3 else [*self.words, "mwen"]
        sep = _RNG.choice(("-", ".", " ", "_", ""))
        parts = [self._cap(w) if sep == "" else w for w in words]
        return sep.join(parts) + _RNG.choice(("", str(_RNG.randint(1, 9)), "!"))

    def pet(self) -> str:
        pet = self._cap(_RNG.choice(self.pets))
        return _RNG.choice((f"{pet}{_RNG.randint(1, 999)}", f"{pet}&{pet.lower()}{_RNG.randint(1, 9)}",
                            f"i<3{pet}{_RNG.randint(10, 99)}", f"{pet}{_RNG.randint(2005, 2023)}"))

    def team(self) -> str:
        team = self._cap(_RNG.choice(self.teams))
        return _RNG.choice((f"{team}{_RNG.randint(1, 99)}", f"{team}#{_RNG.randint(1, 12)}",
                            f"Go{team}{_RNG.randint(2010, 2026)}", f"{team.upper()}{_RNG.randint(100, 999)}"))

    def word(self) -> str:
        word = self._cap(_RNG.choice(self.words))
        return word + _RNG.choice(("123", "1!", "2025", "@1", "77", "!!", "#1"))

    def any(self) -> str:
        return _RNG.choice((self.name_date, self.season, self.walk, self.leet, self.phrase,
                            self.pet, self.team, self.word))()


def _fam(name: str, *samples: tuple[str, str]) -> Family:
    """A family before its half is known; ``FAMILIES`` gives the halves in turn."""
    return Family(name, "", samples)


# Prefixes split so no literal here is a whole token.
_WLU = "wl" "u_"
_TGPAK = "tg" "pak_"
_GCNTFY = "gcn" "tfy-"
_RAMP_ID = "ramp" "_id_"
_RAMP_SEC = "ramp" "_sec_"
_SK = "s" "k-"
_APIV3 = "api" "v3_"
_GHP = "gh" "p_"
_AKIA = "AK" "IA"
_LAMBDA = "sec" "ret_"
_TK = "t" "k_"


_EN = _Person(("summer", "monkey", "dragon", "sunshine", "football", "welcome", "coffee",
               "rainbow", "winter", "princess", "shadow", "tiger", "orange", "harbor"),
              names=("jessica", "michael", "ashley", "daniel", "megan", "tyler", "olivia"),
              pets=("buddy", "luna", "max", "bella", "charlie", "daisy", "rocky"),
              teams=("packers", "lakers", "arsenal", "yankees", "celtics", "chelsea"),
              seasons=("spring", "summer", "autumn", "winter", "fall"))


def _tool_call(name: str, arguments: dict[str, object]) -> str:
    return json.dumps({"type": "tool_use", "id": "toolu_" + _an(24), "name": name,
                       "input": arguments}, indent=2)


def _dolt_creds() -> str:
    key_id = _lo(40)
    return f"""dolt creds import on the runner so `dolt push` works:
$ echo '{_b64(64)}' | base64 -d > ~/.dolt/creds/{key_id}.jwk
$ dolt creds use {key_id}"""


# -- weight 1: what a coding agent writes in its ledger ------------------------------------

_AGENT: list[Family] = [
    _fam("ledger fact verified by valkey-cli",
         ("fact with ping output", f"""Fact: the session cache moved to Valkey 8 and accepts the app's credentials.
Verified by: valkey-cli -h cache-1.internal -p 6379 --user sessions --pass '{_strong(22)}' --no-auth-warning ping
Output: PONG"""),
         ("debugging note", f"""Debugging: worker reconnect loop. NOAUTH errors stopped after I ran
  valkey-cli -a {_EN.word()} CONFIG GET requirepass
which printed 1) "requirepass" 2) "{_strong(18)}" -- so the container started with the old value."""),
         ("shell history in ledger", f"""ran these on staging (copied from my terminal):
$ export REDISCLI_AUTH={_an(32)}
$ valkey-cli --tls -h valkey.stg.example.net info server | head -3
# Server
valkey_version:8.0.2""")),
    _fam("ledger fact verified by couchbase cbq",
         ("fact with query output", f"""Fact: the `orders` bucket has a primary index on staging.
Verified by: cbq -e couchbase://cb-stg-01 -u Administrator -p '{_EN.team()}' -s "SELECT COUNT(*) FROM system:indexes WHERE keyspace_id='orders'"
Output: {{"results": [{{"$1": 3}}], "status": "success"}}"""),
         ("decision quoting env", f"""Decision: keep the SDK's cluster-level auth instead of per-bucket RBAC for now.
The compose file already has
    COUCHBASE_ADMINISTRATOR_PASSWORD={_strong(16)}
and per-bucket users would need a migration we have not scheduled."""),
         ("couchbase-cli call", f"""couchbase-cli bucket-list -c localhost:8091 --username admin --password {_an(14)}
orders
 bucketType: membase
 numReplicas: 1""")),
    _fam("ledger fact verified by influxdb3 query",
         ("fact with token flag", f"""Fact: telegraf rows land in the `iot` database within 10s.
Verified by: influxdb3 query --host http://influx3.lab:8181 --database iot --token {_APIV3}{_b64url(48)} "SELECT count(*) FROM cpu WHERE time > now() - interval '1 minute'"
+----------+
| count(*) |
| 118      |"""),
         ("token create output", f"""Created the admin token for the new node:
$ influxdb3 create token --admin
New token created successfully!
Token: {_APIV3}{_b64url(48)}
HTTP Requests Header: Authorization: Bearer <token>"""),
         ("telegraf config quoted", f"""Note: telegraf writes with
  [[outputs.influxdb_v2]]
    urls = ["http://influx3.lab:8181"]
    token = "{_APIV3}{_b64url(48)}"
    bucket = "iot"
Left as is; rotating is task #212.""")),
    _fam("ledger fact verified by lakectl",
         ("lakectl config dump", f"""Fact: lakeFS repo `datasets` is reachable from the runner.
Verified by: cat ~/.lakectl.yaml && lakectl repo list
credentials:
  access_key_id: {_AKIA}J{_pick(_UPNUM, 15)}
  secret_access_key: {_an(40)}
server:
  endpoint_url: https://lakefs.data.internal
+----------+-------------------------+
| REPOSITORY | CREATION DATE |"""),
         ("env exports", f"""To reproduce the branch-merge failure:
export LAKECTL_CREDENTIALS_ACCESS_KEY_ID={_AKIA}J{_pick(_UPNUM, 15)}
export LAKECTL_CREDENTIALS_SECRET_ACCESS_KEY={_an(40)}
lakectl merge lakefs://datasets/feature-x lakefs://datasets/main"""),
         ("s3 gateway aws cli", f"""Checked the S3 gateway with the plain aws cli:
AWS_ACCESS_KEY_ID={_AKIA}J{_pick(_UPNUM, 15)} AWS_SECRET_ACCESS_KEY={_an(40)} aws s3 ls s3://datasets/main/ --endpoint-url https://lakefs.data.internal
2026-12-01 10:02:11    1048576 part-0000.parquet""")),
    _fam("ledger fact verified by mgconsole",
         ("fact with output", f"""Fact: Memgraph has 41k Person nodes after the import.
Verified by: echo "MATCH (p:Person) RETURN count(p);" | mgconsole --host 127.0.0.1 --port 7687 --username memgraph --password {_EN.pet()}
+----------+
| count(p) |
| 41207    |"""),
         ("docker run line", f"""Started memgraph for the graph tests:
docker run -d -p 7687:7687 -e MEMGRAPH_USER=graph -e MEMGRAPH_PASSWORD={_strong(14)} memgraph/memgraph-mage:1.21"""),
         ("python driver note", f"""Debugging: neo4j driver cannot auth against memgraph. Works in a REPL:
>>> GraphDatabase.driver("bolt://mg.internal:7687", auth=("ingest", "{_an(18)}")).verify_connectivity()
>>> # no exception, so the problem is the env var name in the deployment""")),
    _fam("ledger fact verified by emqx rest api",
         ("curl api key pair", f"""Fact: the bridge to Kafka is `connected` on all three EMQX nodes.
Verified by: curl -s -u {_hex(16)}:{_an(40)} http://emqx-0.emqx:18083/api/v5/bridges | jq '.[].status'
"connected"
"connected"
"connected\""""),
         ("bootstrap api key file", f"""Decision: create the API key at boot from a file instead of clicking it in the dashboard.
emqx.conf:  api_key.bootstrap_file = "/opt/emqx/etc/default_api_key.conf"
default_api_key.conf:
ci-bridge:{_an(48)}"""),
         ("dashboard login", f"""$ curl -s -X POST http://localhost:18083/api/v5/login -H 'content-type: application/json' -d '{{"username":"admin","password":"{_EN.season()}"}}'
{{"token":"{_jwt({"username": "admin", "exp": 1796000000})}","version":"5.8.1"}}""")),
    _fam("ledger fact verified by nexus repository api",
         ("curl basic", f"""Fact: the npm-proxy repo on Nexus serves lodash 4.17.21.
Verified by: curl -fsS -u deployer:{_strong(16)} https://nexus.corp.example/service/rest/v1/search?repository=npm-proxy&name=lodash | jq '.items[0].version'
"4.17.21\""""),
         ("admin password file", f"""First boot of Nexus 3.75 in the sandbox; the generated admin password is
$ docker exec nexus cat /nexus-data/admin.password
{_uuid()}
(will change it in the onboarding wizard)"""),
         ("npmrc auth line", f"""Decision: CI publishes through the hosted repo with a per-user token.
.npmrc on the runner:
registry=https://nexus.corp.example/repository/npm-hosted/
//nexus.corp.example/repository/npm-hosted/:_auth={base64.b64encode(f"ci-publisher:{_an(16)}".encode()).decode()}""")),
    _fam("ledger fact verified by wal-g backup-list",
         ("env then command", f"""Fact: nightly base backups exist for the last 7 days.
Verified by (on db-2):
  WALG_S3_PREFIX=s3://pg-backups/main AWS_ACCESS_KEY_ID={_AKIA}{_pick(_UPNUM, 16)} AWS_SECRET_ACCESS_KEY={_b64(30)[:40]} wal-g backup-list
name                          modified             wal_segment_backup_start
base_00000001000000A3000000C2 2026-12-06T01:00:12Z 00000001000000A3000000C2"""),
         ("walg json config", f"""the wal-g config the archive_command reads (/var/lib/postgresql/.walg.json):
{{
  "WALG_S3_PREFIX": "s3://pg-backups/main",
  "AWS_ENDPOINT": "https://minio.internal:9000",
  "AWS_ACCESS_KEY_ID": "pgbackup",
  "AWS_SECRET_ACCESS_KEY": "{_an(32)}",
  "WALG_LIBSODIUM_KEY": "{_hex(64)}"
}}"""),
         ("gpg key env", f"""Debugging restore failure: wal-g backup-fetch says `failed to decrypt`.
The restore host had WALG_PGP_KEY_PASSPHRASE={_EN.phrase()} while the archive host uses the new key; copying the env file fixed it.""")),
    _fam("ledger fact verified by dolt sql",
         ("dolt sql client", f"""Fact: the `prices` table on the dolt server has the December import commit.
Verified by: dolt --host dolt.internal --port 3306 --user importer --password {_EN.name_date()} --no-tls sql -q "select * from dolt_log limit 1"
+----------------------------------+-----------+
| commit_hash                      | committer |"""),
         ("server config yaml", f"""Decision: run dolt sql-server with a config file, not flags.
config.yaml:
user:
  name: root
  password: {_strong(18)}
listener:
  host: 0.0.0.0
  port: 3306"""),
         ("remote creds import", _dolt_creds())),
    _fam("ledger decision quoting a pgcat pool config",
         ("decision with toml", f"""Decision: put PgCat in front of the primary in transaction mode.
From pgcat.toml:
[pools.app.users.0]
username = "app"
password = "{_strong(20)}"
pool_size = 40"""),
         ("admin section", f"""Note to self: the PgCat admin console is on 6432 with
admin_username = "pgcat"
admin_password = "{_EN.word()}"
SHOW POOLS there is the quickest view of waiting clients."""),
         ("sharded pool", f"""Decision: shard users by id across two servers in PgCat.
[pools.sharded.shards.0]
servers = [["10.0.3.11", 5432, "primary"]]
database = "shard0"
[pools.sharded.users.0]
username = "sharding_user"
password = "{_an(24)}\"""")),
    _fam("ledger decision quoting an odyssey route",
         ("route block", f"""Decision: move the reporting pool to Odyssey so it gets its own route.
odyssey.conf:
route "reporting" "reporter" {{
    authentication "md5"
    password "{_strong(16)}"
    storage "postgres_server"
    pool "session"
}}"""),
         ("storage credentials", f"""Decision: Odyssey authenticates to the backend as a separate role.
storage_user "odyssey"
storage_password "{_an(20)}"
Kept in /etc/odyssey/odyssey.conf, mode 0640."""),
         ("auth query", f"""Debugging: auth_query failed with `password authentication failed for user odyssey_auth`.
The route had
    auth_query_user "odyssey_auth"
    password "{_EN.season()}"
but the role was created with a different one on the new primary.""")),
    _fam("ledger debugging note on keydb masterauth",
         ("replica config", f"""Debugging: the KeyDB replica keeps logging `MASTER aborted replication with an error: NOAUTH`.
replica keydb.conf has
  replicaof 10.0.4.10 6379
  masterauth {_strong(24)}
and the primary's requirepass was rotated yesterday, so that is stale."""),
         ("active replica pair", f"""KeyDB active-replica pair, both sides need the same secret:
active-replica yes
multi-master yes
requirepass {_an(28)}
masterauth {_an(28)}"""),
         ("config set from cli", f"""Fixed live without restart:
keydb-cli -a "$OLD" CONFIG SET masterauth {_EN.team()}
OK
keydb-cli INFO replication | grep master_link_status
master_link_status:up""")),
    _fam("copied request to vikunja api",
         ("curl with token", f"""Reproduced the 500 on task creation:
curl -X PUT https://tasks.home.arpa/api/v1/projects/4/tasks \\
  -H "Authorization: Bearer {_TK}{_hex(40)}" \\
  -H "Content-Type: application/json" \\
  -d '{{"title":"renew domain"}}'
{{"code":500,"message":"Internal Server Error"}}"""),
         ("http file", f"""### create label (vikunja.http)
PUT https://todo.example.org/api/v1/labels
Authorization: Bearer {_TK}{_hex(40)}
Content-Type: application/json

{{"title": "waiting-on-vendor", "hex_color": "e8e8e8"}}"""),
         ("login request", f"""POST /api/v1/login HTTP/1.1
Host: vikunja.lab
Content-Type: application/json

{{"username":"kat","password":"{_EN.pet()}","long_token":true}}""")),
    _fam("copied request to kimai api",
         ("curl headers", f"""Timesheet sync fails only for one user; the request the cron job sends:
curl -H 'X-AUTH-USER: susan' -H 'X-AUTH-TOKEN: {_an(20)}' https://kimai.office.example/api/timesheets?begin=2026-12-01T00:00:00
[]"""),
         ("bearer token", f"""Kimai 2.x wants API tokens now:
GET /api/projects HTTP/2
Host: time.example.com
Authorization: Bearer {_an(40)}
Accept: application/json"""),
         ("python snippet in note", f"""the importer script as it ran (before moving the token to env):
headers = {{"X-AUTH-USER": "admin", "X-AUTH-TOKEN": "{_EN.walk()}"}}
r = requests.get("https://kimai.local/api/customers", headers=headers)""")),
    _fam("copied request to firefly iii api",
         ("curl with pat", f"""Firefly III transactions import: verified the token works with
curl -s https://money.home.arpa/api/v1/about -H "accept: application/vnd.api+json" -H "Authorization: Bearer {_jwt({"aud": "1", "jti": _hex(80), "iat": 1733500000, "sub": "1", "scopes": []})}"
{{"data":{{"version":"6.1.24","api_version":"6.1.24"}}}}"""),
         ("data importer env", f"""data importer .env (copied from the container):
FIREFLY_III_URL=http://app:8080
FIREFLY_III_ACCESS_TOKEN={_jwt({"aud": "2", "jti": _hex(80), "sub": "1"})}
AUTO_IMPORT_SECRET={_an(16)}"""),
         ("cron token", f"""The nightly auto-import is triggered by
curl "https://importer.home.arpa/autoimport?directory=/import&secret={_an(16)}"
and STATIC_CRON_TOKEN={_an(32)} is set in the app container.""")),
    _fam("copied request to listmonk api",
         ("curl basic", f"""Checked the subscriber count before the newsletter:
curl -u "api_sender:{_an(32)}" "https://lists.example.org/api/subscribers?per_page=1" | jq .data.total
4821"""),
         ("authorization header", f"""POST /api/campaigns/12/status HTTP/1.1
Host: listmonk.internal:9000
Authorization: token api_sender:{_an(32)}
Content-Type: application/json

{{"status":"running"}}"""),
         ("config toml", f"""listmonk config.toml in the compose dir:
[app]
address = "0.0.0.0:9000"
[db]
host = "db"
user = "listmonk"
password = "{_EN.leet()}"
database = "listmonk\"""")),
    _fam("copied request to healthchecks api",
         ("curl api key", f"""Fact: the backup check exists and is `up`.
Verified by: curl -s -H "X-Api-Key: {_an(32)}" https://healthchecks.io/api/v3/checks/ | jq '.checks[] | select(.name=="restic") | .status'
"up\""""),
         ("self-hosted settings", f"""self-hosted hc settings the compose file passes:
SECRET_KEY={_an(50)}
EMAIL_HOST_PASSWORD={_strong(18)}
SITE_ROOT=https://hc.example.net"""),
         ("ping url with key", f"""The cron line we add to every backup script:
curl -fsS -m 10 --retry 5 https://hc.example.net/ping/{_lo(22)}/restic-nightly
(ping key is per project; api key for management is {_an(32)})""")),
    _fam("bamboo build log secret",
         ("build log lines", f"""build 14-Dec-2026 10:21:07	Executing task 'Deploy to staging'
build 14-Dec-2026 10:21:07	+ ./deploy.sh --env staging
build 14-Dec-2026 10:21:08	+ export DEPLOY_DB_PASSWORD={_strong(18)}
build 14-Dec-2026 10:21:09	Migrations: 0 pending"""),
         ("plan variable in spec", f"""Bamboo Java specs, plan variables (copied from the diff under review):
.variables(new Variable("artifactory.user", "ci-bamboo"),
           new Variable("artifactory.pass", "{_an(20)}"))"""),
         ("agent log", f"""simple	14-Dec-2026 11:02:44	Substituting variable: ${{bamboo.sonar_token}} with {_lo(40)}
simple	14-Dec-2026 11:02:44	Starting task 'Sonar scan' of type 'com.atlassian.bamboo.plugins.scripttask:task.builder.script'""")),
    _fam("cirrus ci log secret",
         ("cirrus yml plain env", f"""cirrus.yml in the PR (the encrypted form was not used):
task:
  name: release
  env:
    TWINE_PASSWORD: {_strong(22)}
  script: twine upload dist/*"""),
         ("task log", f"""Cirrus CI task log, step `publish`:
+ echo "//registry.npmjs.org/:_authToken=npm_{_an(36)}" > ~/.npmrc
+ npm publish --access public"""),
         ("set -x log", f"""[ci] ./scripts/release.sh
+ GH_TOKEN={_GHP}{_an(36)}
+ gh release create v2.3.0 --notes-file CHANGES.md""")),
    _fam("appveyor build log secret",
         ("build log", f"""Build started
git clone -q --branch=master https://github.com/acme/tool.git C:\\projects\\tool
Running Install scripts
nuget setapikey {_lo(46)} -source https://nuget.pkg.example.com
The API Key was saved for https://nuget.pkg.example.com."""),
         ("yaml without secure", f"""appveyor.yml -- the value should be wrapped in `secure:` but is not:
environment:
  CODECOV_TOKEN: {_uuid()}
  SIGN_CERT_PASSWORD: {_EN.name_date()}"""),
         ("powershell step", f"""PS> $env:AZURE_STORAGE_KEY = "{_b64(64)}"
PS> az storage blob upload-batch -d releases -s .\\dist --account-name acmebuilds
Finished[#############################################################]  100.0000%""")),
    _fam("aws codebuild log secret",
         ("codebuild phase log", f"""[Container] 2026/12/07 09:14:22.301 Running command echo "logging in with $REG_USER"
[Container] 2026/12/07 09:14:22.306 Running command docker login -u ci -p {_strong(20)} registry.example.com
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded"""),
         ("buildspec plaintext", f"""buildspec.yml (plaintext env, should come from parameter-store):
version: 0.2
env:
  variables:
    SENTRY_AUTH_TOKEN: sntrys_{_b64url(90)}
phases:
  build:
    commands:
      - npm run build"""),
         ("batch-get-builds output", f"""aws codebuild batch-get-builds --ids app:4f1 --query 'builds[0].environment.environmentVariables'
[
  {{"name": "STAGE", "value": "prod", "type": "PLAINTEXT"}},
  {{"name": "DB_PASSWORD", "value": "{_an(24)}", "type": "PLAINTEXT"}}
]""")),
    _fam("google cloud build log secret",
         ("step log", f"""Step #2 - "migrate": + alembic upgrade head
Step #2 - "migrate": sqlalchemy.url = postgresql://app:{_strong(16)}@10.12.0.3/app
Step #2 - "migrate": INFO  [alembic.runtime.migration] Running upgrade 9c1 -> a07"""),
         ("cloudbuild yaml", f"""cloudbuild.yaml step from the branch:
- name: gcr.io/cloud-builders/docker
  args: ['build', '--build-arg', 'NPM_TOKEN=npm_{_an(36)}', '-t', 'europe-docker.pkg.dev/acme/web/app:$SHORT_SHA', '.']"""),
         ("substitution", f"""gcloud builds submit --config cloudbuild.yaml --substitutions=_API_KEY={_an(39)},_REGION=europe-west1
Created [https://cloudbuild.googleapis.com/v1/projects/acme/locations/global/builds/{_uuid()}].""")),
    _fam("mcp tool call with connection string argument",
         ("tool use json", _tool_call("postgres_query", {"connection_string": f"postgresql://analyst:{_strong(18)}@pg.analytics.internal:5432/warehouse", "sql": "select count(*) from events where day = current_date"})),
         ("mcp server config", json.dumps({"mcpServers": {"mongo": {"command": "npx", "args": ["-y", "mongodb-mcp-server", "--connectionString", f"mongodb+srv://agent:{_an(20)}@cluster0.ab1cd.mongodb.net/"]}}}, indent=2)),
         ("tool result echo", f"""tool_result for call_{_an(20)}:
{{"ok": true, "dsn_used": "mysql://reporter:{_EN.word()}@10.1.2.3:3306/shop", "rows": 12}}""")),
    _fam("agent edit_file tool call adding a key",
         ("edit call", _tool_call("edit_file", {"path": "config/settings.py", "old_string": "STRIPE_SECRET = os.environ['STRIPE_SECRET']", "new_string": f"STRIPE_SECRET = 'sk_live_{_an(99)}'"})),
         ("write call", _tool_call("write_file", {"path": ".env.local", "content": f"OPENAI_API_KEY={_SK}proj-{_b64url(120)}\nNEXT_PUBLIC_SITE=https://example.dev\n"})),
         ("apply patch", f"""*** Begin Patch
*** Update File: deploy/values.yaml
@@
 smtp:
   host: smtp.mailgun.org
-  password: ""
+  password: "{_hex(32)}-{_hex(8)}-{_hex(8)}"
*** End Patch""")),
    _fam("function call json sending smtp credentials",
         ("openai function call", json.dumps({"role": "assistant", "tool_calls": [{"id": "call_" + _an(24), "type": "function", "function": {"name": "send_email", "arguments": json.dumps({"smtp_host": "smtp.office365.com", "smtp_user": "reports@contoso.example", "smtp_password": _EN.season(), "to": "ops@contoso.example"})}}]}, indent=1)),
         ("gemini function call", json.dumps({"functionCall": {"name": "configure_mailer", "args": {"host": "mail.example.org", "port": 587, "username": "noreply", "password": _strong(16)}}})),
         ("langchain trace", f"""> Entering new AgentExecutor chain...
Action: send_mail
Action Input: {{"server": "smtp.zoho.eu", "login": "alerts@shop.example", "app_password": "{_pick(_LOWER, 4)} {_pick(_LOWER, 4)} {_pick(_LOWER, 4)} {_pick(_LOWER, 4)}"}}
Observation: 250 OK""")),
    _fam("ledger test plan with seeded login",
         ("test plan", f"""Test plan for the SSO migration (staging):
1. Log in as qa.lead@acme.test / {_EN.name_date()}
2. Open Settings > Security, enable passkeys
3. Log out, log in with passkey; expect redirect to /home"""),
         ("e2e fixture note", f"""Playwright e2e uses the seeded account; written here so the next session does not hunt for it:
  user: e2e-admin
  pass: {_strong(14)}
seeded by `make seed-staging`, reset nightly."""),
         ("checklist table", f"""| step | account | secret | result |
|------|---------|--------|--------|
| login | finance-test | {_EN.pet()} | ok |
| export CSV | finance-test | (same) | ok |""")),
    _fam("ledger handoff note with chisel auth",
         ("handoff", f"""Handoff: the DB is only reachable through the chisel tunnel on the bastion.
chisel client --auth tunnel:{_strong(18)} https://bastion.example.net R:5433:10.0.9.4:5432
Then psql -h localhost -p 5433."""),
         ("server side", f"""bastion systemd unit (ExecStart):
/usr/local/bin/chisel server --port 8443 --reverse --auth ops:{_an(24)} --tls-domain bastion.example.net"""),
         ("wstunnel variant", f"""Alternative when chisel is blocked: wstunnel with the upgrade path secret
wstunnel client -L tcp://5433:10.0.9.4:5432 --http-upgrade-path-prefix {_an(32)} wss://edge.example.net""")),
    _fam("ledger bisect note quoting a leaked env line",
         ("bisect note", f"""git bisect: first bad commit 3f9a2c1 "wire up billing". It introduced
    BILLING_WEBHOOK_SECRET=whsec_{_an(32)}
in docker-compose.override.yml; rotated after noticing."""),
         ("blame excerpt", f"""git blame -L 12,14 .env.production
a81c0de4 (dev-bot 2026-11-30 12:01:55 +0000 12) MAPS_KEY=AIza{_pick(_ALNUM + '-_', 35)}
a81c0de4 (dev-bot 2026-11-30 12:01:55 +0000 13) SESSION_SECRET={_hex(64)}"""),
         ("reflog note", f"""Found in a dangling commit while bisecting (git fsck --lost-found):
+SMTP_PASSWORD={_EN.leet()}
+SMTP_USER=mailer@acme.test""")),
]


def _ado_pat() -> str:
    return _pick("abcdefghijklmnopqrstuvwxyz234567", 52)


def _macaroon() -> str:
    return base64.b64encode(json.dumps({"t": "u1-macaroon", "v": {"r": _b64url(180), "d": _b64url(120)}}).encode()).decode()


# -- weight 2: config and credential files, and vendor tokens ------------------------------

_FORMATS: list[Family] = [
    _fam("cpan pause credentials file",
         ("dot pause file", f"""$ cat ~/.pause
user AMARTIN
password {_EN.phrase()}"""),
         ("cpan-upload flags", f"""cpan-upload -u AMARTIN -p '{_strong(14)}' Acme-Widget-0.07.tar.gz
registering upload with PAUSE web server
POSTing upload for Acme-Widget-0.07.tar.gz to https://pause.perl.org/pause/authenquery
PAUSE add message sent ok [200]"""),
         ("dist.ini release plugin", f"""; dist.ini
[UploadToCPAN]
username = AMARTIN
password = {_an(16)}""")),
    _fam("oscrc open build service credentials",
         ("oscrc", f"""[general]
apiurl = https://api.opensuse.org

[https://api.opensuse.org]
user = kdevel
pass = {_strong(16)}
credentials_mgr_class = osc.credentials.PlaintextConfigFileCredentialsManager"""),
         ("obfuscated pass", f"""[https://build.internal.example]
user = ci-bot
passx = {base64.b64encode(_RNG.randbytes(30)).decode()}
aliases = ibs"""),
         ("osc command line", f"""osc -A https://api.opensuse.org --config=/dev/null -c 'user=kdevel' -c 'pass={_EN.name_date()}' ls home:kdevel""")),
    _fam("launchpadlib credentials file",
         ("credentials file", f"""[1]
consumer_key = ppa-uploader
consumer_secret =
access_token = {_an(20)}
access_secret = {_an(64)}"""),
         ("env for lp-shell", f"""export LP_CREDENTIALS_FILE=/tmp/lp-creds
printf '[1]\\nconsumer_key = ci\\nconsumer_secret = \\naccess_token = {_an(20)}\\naccess_secret = {_an(64)}\\n' > $LP_CREDENTIALS_FILE"""),
         ("ci secret dump", f"""LAUNCHPAD_CREDENTIALS (pasted from the CI settings page while debugging):
[1]
consumer_key = snap-builder
consumer_secret =
access_token = {_an(20)}
access_secret = {_an(64)}""")),
    _fam("copr cli config token",
         ("copr config", f"""[copr-cli]
login = {_lo(32)}
username = mbouska
token = {_lo(32)}
copr_url = https://copr.fedorainfracloud.org
# expiration date: 2027-03-02"""),
         ("ci write", f"""- name: copr config
  run: |
    mkdir -p ~/.config
    cat > ~/.config/copr <<EOF
    [copr-cli]
    login = {_lo(32)}
    username = packit
    token = {_lo(32)}
    copr_url = https://copr.fedorainfracloud.org
    EOF"""),
         ("python api", f"""from copr.v3 import Client
client = Client({{"copr_url": "https://copr.fedorainfracloud.org", "login": "{_lo(32)}", "token": "{_lo(32)}", "username": "mbouska"}})""")),
    _fam("transifexrc token",
         ("transifexrc", f"""[https://www.transifex.com]
api_hostname = https://api.transifex.com
hostname = https://www.transifex.com
password = 1/{_hex(40)}
username = api"""),
         ("tx cli v1", f"""[https://app.transifex.com]
rest_hostname = https://rest.api.transifex.com
token = 1/{_hex(40)}"""),
         ("tx push", f"""tx --token 1/{_hex(40)} push -s
# Getting info about resources
# Pushing source file 'locale/en/LC_MESSAGES/django.po'""")),
    _fam("luarocks upload api key",
         ("upload command", f"""$ luarocks upload lua-cjson-2.1.0-1.rockspec --api-key={_an(40)}
Sending lua-cjson-2.1.0-1.rockspec ...
Done: https://luarocks.org/modules/mpx/lua-cjson"""),
         ("upload config", f"""-- ~/.luarocks/upload_config.lua
key = "{_an(40)}"
server = "https://luarocks.org\""""),
         ("github actions", f"""      - run: luarocks upload *.rockspec --api-key {_an(40)} --force""")),
    _fam("vsce publish pat flag",
         ("publish", f"""npx @vscode/vsce publish -p {_ado_pat()}
Publishing 'acme.ledger-lens v1.4.0'...
DONE  Published acme.ledger-lens v1.4.0."""),
         ("ovsx publish", f"""npx ovsx publish ledger-lens-1.4.0.vsix -p {_uuid()}
🚀  Published acme.ledger-lens v1.4.0"""),
         ("login prompt transcript", f"""$ vsce login acme
https://marketplace.visualstudio.com/manage/publishers/
Personal Access Token for publisher 'acme': {_ado_pat()}
The Personal Access Token verification succeeded for the publisher 'acme'.""")),
    _fam("snapcraft exported login",
         ("export output", f"""$ snapcraft export-login --snaps=ledger-lens --channels=edge -
Exported login credentials:
{_macaroon()}
These credentials must be used on Snapcraft 7.2 or newer."""),
         ("env in ci", f"""env:
  SNAPCRAFT_STORE_CREDENTIALS: {_macaroon()}"""),
         ("login file", f"""[login.ubuntu.com]
macaroon = {_b64url(200)}
unbound_discharge = {_b64url(160)}""")),
    _fam("gradle init script repository password",
         ("init script", f"""// ~/.gradle/init.d/corp-repo.gradle
allprojects {{
    repositories {{
        maven {{
            url "https://repo.corp.example/maven-releases"
            credentials {{
                username "svc-gradle"
                password "{_strong(18)}"
            }}
        }}
    }}
}}"""),
         ("kotlin init", f"""// init.gradle.kts
settingsEvaluated {{
    pluginManagement.repositories.maven("https://plugins.corp.example/") {{
        credentials {{ username = "dev"; password = "{_EN.team()}" }}
    }}
}}"""),
         ("gradle -I", f"""./gradlew -I /tmp/ci-init.gradle -PrepoUser=ci -PrepoPass={_an(22)} publish""")),
    _fam("leiningen profiles credentials",
         ("profiles clj", f""";; ~/.lein/profiles.clj
{{:auth {{:repository-auth {{#"nexus.corp" {{:username "deploy" :password "{_strong(16)}"}}}}}}}}"""),
         ("project clj", f"""(defproject acme/ledger "0.3.0"
  :deploy-repositories [["releases" {{:url "https://repo.corp.example/releases"
                                     :username "deploy"
                                     :password "{_EN.word()}"}}]])"""),
         ("deps edn", f""";; deps.edn alias for deploy
:deploy {{:extra-deps {{slipset/deps-deploy {{:mvn/version "0.2.2"}}}}
         :exec-args {{:installer :remote :repository {{"clojars" {{:username "acme" :password "CLOJARS_{_hex(60)}"}}}}}}}}""")),
    _fam("kamal deploy secrets file",
         ("kamal secrets", f"""# .kamal/secrets
KAMAL_REGISTRY_PASSWORD={_strong(24)}
RAILS_MASTER_KEY={_hex(32)}
POSTGRES_PASSWORD={_EN.pet()}"""),
         ("deploy yml env", f"""# config/deploy.yml
registry:
  username: acme
  password:
    - KAMAL_REGISTRY_PASSWORD
env:
  clear:
    DB_HOST: 10.0.0.5
    REDIS_PASSWORD: {_an(24)}"""),
         ("kamal secrets print", f"""$ kamal secrets print
KAMAL_REGISTRY_PASSWORD=dckr_pat_{_b64url(20)}
DATABASE_URL=postgres://app:{_strong(16)}@db:5432/app""")),
    _fam("dokku config show output",
         ("config show", f"""$ dokku config:show api
=====> api env vars
DATABASE_URL:      postgres://postgres:{_hex(32)}@dokku-postgres-apidb:5432/apidb
DOKKU_APP_TYPE:    herokuish
SECRET_KEY_BASE:   {_hex(128)}"""),
         ("config set", f"""dokku config:set --no-restart api STRIPE_KEY=sk_live_{_an(24)} SENTRY_ENV=prod"""),
         ("postgres info", f"""$ dokku postgres:info apidb
=====> apidb postgres service information
       Dsn:                 postgres://postgres:{_hex(32)}@dokku-postgres-apidb:5432/apidb
       Status:              running""")),
    _fam("duplicati cli passphrase option",
         ("backup command", f"""duplicati-cli backup "b2://nas-backup/photos?auth-username={_hex(12)}&auth-password={_an(31)}" /srv/photos --passphrase="{_EN.phrase()}" --retention-policy="1W:1D,4W:1W\""""),
         ("exported job", f"""{{
  "Backup": {{
    "Name": "Photos",
    "TargetURL": "webdavs://dav.example.net/backup?auth-username=nas&auth-password={_strong(16)}",
    "Settings": [{{"Name": "passphrase", "Value": "{_EN.name_date()}"}}]
  }}
}}"""),
         ("server password", f"""docker run -e DUPLICATI__WEBSERVICE_PASSWORD={_EN.season()} -e SETTINGS_ENCRYPTION_KEY={_hex(32)} -p 8200:8200 duplicati/duplicati""")),
    _fam("irssi and hexchat network password",
         ("irssi config", f"""chatnets = {{
  libera = {{
    type = "IRC";
    sasl_mechanism = "PLAIN";
    sasl_username = "frodo";
    sasl_password = "{_EN.pet()}";
  }};
}};"""),
         ("hexchat servlist", f"""N=Libera.Chat
L=6
I=frodo
P={_strong(14)}
S=irc.libera.chat/+6697"""),
         ("irssi command", f"""/network add -sasl_username frodo -sasl_password {_EN.leet()} -sasl_mechanism PLAIN liberachat""")),
    _fam("aerc accounts conf url password",
         ("accounts conf", f"""[Work]
source        = imaps://jane%40acme.example:{_strong(16)}@outlook.office365.com:993
outgoing      = smtp+login://jane%40acme.example:{_strong(16)}@smtp.office365.com:587
from          = Jane Roe <jane@acme.example>"""),
         ("gmail app password", f"""[Personal]
source   = imaps://roe.jane@imap.gmail.com
source-cred-cmd = echo {_pick(_LOWER, 16)}
outgoing = smtps://roe.jane@smtp.gmail.com"""),
         ("fastmail", f"""source = jmap://jroe%40fastmail.com:{_lo(16)}@api.fastmail.com/.well-known/jmap""")),
    _fam("newsboat feed reader password",
         ("ttrss", f"""# ~/.newsboat/config
urls-source "ttrss"
ttrss-url "https://rss.home.arpa/"
ttrss-login "admin"
ttrss-password "{_EN.word()}\""""),
         ("miniflux", f"""urls-source "miniflux"
miniflux-url "https://reader.example.net/"
miniflux-login "kim"
miniflux-password "{_strong(14)}\""""),
         ("freshrss", f"""urls-source "freshrss"
freshrss-url "https://fresh.example.org/api/greader.php"
freshrss-login "ali"
freshrss-password "{_EN.name_date()}\"""")),
]


_VENDOR_RAW: list[Family] = [
    _fam("weblate user api key",
         ("wlc config", f"""# ~/.config/weblate
[weblate]
url = https://hosted.weblate.org/api/

[keys]
https://hosted.weblate.org/api/ = {_WLU}{_an(40)}"""),
         ("curl header", f"""curl -H "Authorization: Token {_WLU}{_an(40)}" https://translate.example.org/api/projects/"""),
         ("project token env", f"""WEBLATE_API_TOKEN=wl" "p_{_an(40)}""".replace('" "', ""))),
    _fam("tolgee project api key",
         ("env file", f"""TOLGEE_API_URL=https://app.tolgee.io
TOLGEE_API_KEY={_TGPAK}{_pick(_B32L, 52)}"""),
         ("cli pull", f"""npx @tolgee/cli pull --api-key {_TGPAK}{_pick(_B32L, 52)} --path ./i18n"""),
         ("ts environment", f"""export const environment = {{ tolgeeApiUrl: 'https://tolgee.corp.example', tolgeeApiKey: '{_TGPAK}{_pick(_B32L, 52)}' }};""")),
    _fam("canada notify api key",
         ("env", f"""NOTIFY_API_KEY={_GCNTFY}live_ledger-{_uuid()}-{_uuid()}"""),
         ("python client", f"""from notifications_python_client.notifications import NotificationsAPIClient
client = NotificationsAPIClient("{_GCNTFY}team-key-{_uuid()}-{_uuid()}", base_url="https://api.notification.canada.ca")"""),
         ("curl", f"""curl -X POST https://api.notification.canada.ca/v2/notifications/email -H "Authorization: ApiKey-v1 {_GCNTFY}ops-{_uuid()}-{_uuid()}" -d @payload.json""")),
    _fam("gov.uk notify api key",
         ("env", f"""GOVUK_NOTIFY_API_KEY=live_benefits-{_uuid()}-{_uuid()}"""),
         ("rails credentials", f"""notify:
  api_key: team_staging-{_uuid()}-{_uuid()}
  template_id: {_uuid()}"""),
         ("ruby client", f"""client = Notifications::Client.new("test_key-{_uuid()}-{_uuid()}")""")),
    _fam("ramp api client credentials",
         ("env", f"""RAMP_CLIENT_ID={_RAMP_ID}{_an(40)}
RAMP_CLIENT_SECRET={_RAMP_SEC}{_an(48)}"""),
         ("token request", f"""curl -X POST https://api.ramp.com/developer/v1/token -u "{_RAMP_ID}{_an(40)}:{_RAMP_SEC}{_an(48)}" -d "grant_type=client_credentials&scope=transactions:read\""""),
         ("python", f"""RAMP_SECRET = "{_RAMP_SEC}{_an(48)}\"""")),
    _fam("bitly access token",
         ("curl", f"""curl -H "Authorization: Bearer {_hex(40)}" -X POST https://api-ssl.bitly.com/v4/shorten -H 'Content-Type: application/json' -d '{{"long_url":"https://example.com/a"}}'"""),
         ("env", f"""BITLY_ACCESS_TOKEN={_hex(40)}"""),
         ("python", f"""import bitly_api
c = bitly_api.Connection(access_token="{_hex(40)}")""")),
    _fam("mailtrap api token",
         ("smtp settings", f"""MAIL_HOST=live.smtp.mailtrap.io
MAIL_PORT=587
MAIL_USERNAME=api
MAIL_PASSWORD={_hex(32)}"""),
         ("curl send", f"""curl --location --request POST 'https://send.api.mailtrap.io/api/send' --header 'Authorization: Bearer {_hex(32)}' --header 'Content-Type: application/json' --data-raw '{{"from":{{"email":"hello@demo.example"}}}}'"""),
         ("node client", f"""const client = new MailtrapClient({{ token: "{_hex(32)}" }});""")),
    _fam("finicity app key and partner secret",
         ("env", f"""FINICITY_PARTNER_ID=2445{_RNG.randint(100000, 999999)}
FINICITY_PARTNER_SECRET={_an(20)}
FINICITY_APP_KEY={_hex(32)}"""),
         ("token request", f"""POST /aggregation/v2/partners/authentication HTTP/1.1
Host: api.finicity.com
Finicity-App-Key: {_hex(32)}
Content-Type: application/json

{{"partnerId": "2445{_RNG.randint(100000, 999999)}", "partnerSecret": "{_an(20)}"}}"""),
         ("yaml", f"""finicity:
  app_key: {_hex(32)}
  partner_secret: {_an(20)}""")),
    _fam("etsy api keystring and shared secret",
         ("env", f"""ETSY_KEYSTRING={_lo(24)}
ETSY_SHARED_SECRET={_lo(10)}"""),
         ("curl", f"""curl "https://api.etsy.com/v3/application/shops/{_RNG.randint(10000000, 99999999)}/listings/active" -H "x-api-key: {_lo(24)}" -H "Authorization: Bearer {_RNG.randint(10000000, 99999999)}.{_b64url(40)}\""""),
         ("php", f"""$etsy = new Etsy\\Client('{_lo(24)}', '{_lo(10)}');""")),
    _fam("crowdin personal access token",
         ("crowdin yml", f"""project_id: "{_RNG.randint(100000, 999999)}"
api_token: "{_hex(80)}"
base_path: "."
files:
  - source: /locales/en/*.json"""),
         ("cli flag", f"""crowdin upload sources -T {_hex(80)} -i {_RNG.randint(100000, 999999)}"""),
         ("env", f"""CROWDIN_PERSONAL_TOKEN={_hex(80)}""")),
    _fam("better stack source token",
         ("vector sink", f"""[sinks.better_stack]
type = "http"
uri = "https://in.logs.betterstack.com/"
encoding.codec = "json"
auth.strategy = "bearer"
auth.token = "{_an(24)}\""""),
         ("python handler", f"""from logtail import LogtailHandler
handler = LogtailHandler(source_token="{_an(24)}")"""),
         ("uptime api", f"""curl -H "Authorization: Bearer {_an(24)}" https://uptime.betterstack.com/api/v2/monitors""")),
    _fam("moonshot kimi api key",
         ("env", f"""MOONSHOT_API_KEY={_SK}{_an(48)}
MOONSHOT_BASE_URL=https://api.moonshot.cn/v1"""),
         ("python client", f"""client = OpenAI(api_key="{_SK}{_an(48)}", base_url="https://api.moonshot.ai/v1")"""),
         ("curl", f"""curl https://api.moonshot.cn/v1/chat/completions -H "Authorization: Bearer {_SK}{_an(48)}" -d '{{"model":"kimi-k2-0905-preview","messages":[{{"role":"user","content":"你好"}}]}}'""")),
    _fam("vast.ai api key",
         ("cli set", f"""$ vastai set api-key {_hex(64)}
Your api key has been saved in /home/ml/.config/vastai/vast_api_key"""),
         ("curl", f"""curl -s "https://console.vast.ai/api/v0/instances/?api_key={_hex(64)}" | jq '.instances | length'"""),
         ("env", f"""VAST_API_KEY={_hex(64)}""")),
    _fam("lambda cloud api key",
         ("env", f"""LAMBDA_API_KEY={_LAMBDA}ml-team_{_hex(32)}.{_an(32)}"""),
         ("curl", f"""curl -u {_LAMBDA}training_{_hex(32)}.{_an(32)}: https://cloud.lambdalabs.com/api/v1/instances"""),
         ("terraform", f"""provider "lambdalabs" {{
  api_key = "{_LAMBDA}tf_{_hex(32)}.{_an(32)}"
}}""")),
]


# -- weight 3: passwords people choose, where they type them --------------------------------

_GSW = _Person(("Chuchichäschtli", "Gipfeli", "Zmittag", "Velo", "Rösti", "Bärn", "Grüezi", "Znüni"),
               names=("Reto", "Urs", "Seraina", "Nicole", "Beat", "Fabienne"),
               pets=("Bläss", "Mina", "Flöckli", "Tschuppi"), teams=("YB", "FCZ", "FCB", "GC"),
               seasons=("Summer", "Winter", "Früelig", "Herbscht"))
_FAO = _Person(("Torshavn", "grind", "seydur", "havid", "fjoll", "Klaksvik", "raest", "Mykines"),
               names=("Jogvan", "Sunnva", "Rogvi", "Bjork", "Turid"), pets=("Snati", "Kisa", "Lubba"),
               teams=("HB", "KI", "B36", "NSI"), seasons=("summar", "vetur", "heyst", "var"))
_SME = _Person(("boazu", "guovssahas", "biegga", "beaivi", "Karasjohka", "Guovdageaidnu", "joik", "lavvu"),
               names=("Ánde", "Máret", "Niillas", "Elle", "Biret"), pets=("Čáppa", "Ruksis", "Báhkka"),
               seasons=("cakca", "dalvi", "giddat", "geasse"))
_ROH = _Person(("Engiadina", "Muster", "chasa", "muntogna", "Allegra", "Surselva", "capuns", "Scuol"),
               names=("Gian", "Ursina", "Linard", "Flurina", "Chasper"), pets=("Bello", "Mina", "Tschitta"),
               teams=("HCD", "Chur", "Davos"), seasons=("stad", "enviern", "primavera", "atun"))
_SRD = _Person(("nuraghe", "Casteddu", "launeddas", "seada", "Aiacciu", "Bastia", "fiadone", "muvra", "Tatari"),
               names=("Bachisio", "Efisio", "Grazia", "Ghjuvanni", "Maria", "Santu"),
               pets=("Bobore", "Mannai", "Fiocco"), teams=("Cagliari", "Torres", "SCBastia", "ACA"),
               seasons=("istiu", "ierru", "beranu", "attongiu"))
_OCI = _Person(("Tolosa", "cassolet", "Occitania", "calandreta", "solelh", "Montpelhier", "Nissa", "estela"),
               names=("Joan", "Marieta", "Peire", "Brigida", "Ramon"), pets=("Mistral", "Pitchoun", "Cigala"),
               teams=("Stade", "TFC", "USAP"), seasons=("estiu", "ivern", "prima", "auton"))
_EPO = _Person(("verda", "stelo", "Zamenhof", "amikeco", "espero", "kato", "kongreso", "Bjalistoko", "ponto"),
               names=("Klara", "Petro", "Zofia", "Ludoviko", "Marta"), pets=("Kateto", "Hundo", "Pufo"),
               seasons=("somero", "vintro", "printempo", "autuno"))
_WOL = _Person(("Dakar", "teranga", "Ndakaaru", "ceebujen", "Touba", "jamm", "yassa", "Thies", "Ziguinchor"),
               names=("Mamadou", "Fatou", "Aminata", "Cheikh", "Awa", "Modou", "Khady"),
               pets=("Wolof", "Sama", "Rakk"), teams=("Lions", "Jaraaf", "Casa", "Teungueth"))
_LIN = _Person(("Kinshasa", "mboka", "rumba", "Zaiko", "bolingo", "ndeko", "Matonge", "Lingwala", "sapeur"),
               names=("Mpia", "Ilunga", "Nsimba", "Kalala", "Mbuyi", "Nzuzi"), pets=("Bosco", "Toto", "Mbwa"),
               teams=("Vita", "DCMP", "Mazembe", "Leopards"))
_SNY = _Person(("Harare", "mhuri", "sadza", "Lilongwe", "nsima", "chikondi", "rudo", "Bulawayo", "Blantyre", "Zomba"),
               names=("Tendai", "Tafadzwa", "Chipo", "Kondwani", "Thoko", "Farai"), pets=("Bingo", "Shumba", "Mphaka"),
               teams=("Dynamos", "Highlanders", "Bullets", "Warriors"))
_TWI = _Person(("Kumasi", "Akwaaba", "Sankofa", "Accra", "Lome", "jollof", "kenkey", "Adinkra", "Volta", "Ho"),
               names=("Kwame", "Akosua", "Yaw", "Efua", "Kofi", "Mawuli", "Selasi", "Ama"),
               pets=("Tiger", "Bobby", "Nkyene"), teams=("Kotoko", "Hearts", "BlackStars", "Medeama"))
_TON = _Person(("Nukualofa", "ofa", "Suva", "vinaka", "bula", "kava", "Tonga", "Lautoka", "Vavau", "malo"),
               names=("Sione", "Mele", "Losana", "Tevita", "Salote", "Jone"), pets=("Pusi", "Kuli", "Bula"),
               teams=("IkaleTahi", "FlyingFijians", "Drua"))
_HAW = _Person(("aloha", "mahalo", "ohana", "Kona", "Moresby", "Lae", "kaikai", "Hilo", "Goroka", "pikinini"),
               names=("Keoni", "Leilani", "Kai", "Mere", "Jon", "Kila"), pets=("Poi", "Mano", "Pukpuk"),
               teams=("Rainbows", "Hunters", "Kumuls"))
_AYM = _Person(("Jallalla", "Pachamama", "Titicaca", "Chukiyawu", "Tenochtitlan", "xochitl", "Illimani", "Tlaloc", "Elalto", "amaru"),
               names=("Wayra", "Qhantati", "Citlali", "Tonatiuh", "Nayra", "Yaretzi"),
               pets=("Allqu", "Itzcuintli", "Misi"), teams=("Bolivar", "Strongest", "America", "Pumas"))
_DIV = _Person(("Maldives", "Male", "dhoni", "raalhu", "Hulhumale", "masroshi", "boashi", "Addu", "bodumas"),
               names=("Aishath", "Ibrahim", "Mariyam", "Hassan", "Fathimath", "Ahmed"), pets=("Bulhaa", "Kalhu"),
               teams=("Maziya", "Valencia", "Eagles"))
_KAB = _Person(("Tizi", "Bgayet", "Amazigh", "tafat", "Djurdjura", "tayri", "azul", "Yennayer", "Akfadou"),
               names=("Idir", "Tassadit", "Massinissa", "Dihya", "Ferhat", "Lounes"), pets=("Mouche", "Amchich", "Aqjun"),
               teams=("JSK", "MOB", "Kabylie"))
_SND = _Person(("Karachi", "Sukkur", "Larkana", "Quetta", "Gwadar", "ajrak", "Sindhu", "Hyderabad", "Turbat", "sajji"),
               names=("Sassui", "Punhal", "Marvi", "Baloch", "Hani", "Sheh"), pets=("Moti", "Sheru", "Billu"),
               teams=("Kings", "Gladiators", "Qalandars", "Zalmi"))
_KOK = _Person(("Goa", "Panjim", "feni", "xitkodi", "Madhubani", "Darbhanga", "makhana", "Mithila", "Margao", "Janakpur"),
               names=("Vinayak", "Sunita", "Anant", "Rekha", "Sita", "Ramesh"), pets=("Tommy", "Moti", "Kalu"),
               teams=("FCGoa", "Dempo", "Salgaocar", "Churchill"))
_HMN = _Person(("Hmoob", "pajntaub", "Fresno", "Minnesota", "txiv", "niam", "nkauj", "Sacramento", "Xiengkhouang", "ntsuab"),
               names=("Pa", "Nou", "Tou", "Mai", "Chue", "Xee", "Yia"), pets=("Dev", "Miv", "Tooj"),
               teams=("Vikings", "Twins", "Kings"))
_ILO = _Person(("Laoag", "Vigan", "bagnet", "Iloilo", "Bacolod", "batchoy", "Dinagyang", "Ilocos", "Masskara", "pinakbet"),
               names=("Dindo", "Marites", "Junjun", "Lorna", "Bong", "Liezel"), pets=("Bantay", "Ming", "Tagpi"),
               teams=("Ginebra", "Magnolia", "Tropang"))
_PAP = _Person(("Korsou", "Aruba", "dushi", "Willemstad", "Kingston", "yaad", "ackee", "Montego", "Bonaire", "irie"),
               names=("Shurwin", "Jeanine", "Rudsel", "Shanice", "Delroy", "Tameka"), pets=("Boboy", "Chula", "Rex"),
               teams=("Reggae", "Boyz", "Sunbirds"))
_SCO = _Person(("Glesga", "Embra", "haggis", "Kernow", "pasty", "Penzance", "Truro", "bairn", "Dundee", "Porthleven"),
               names=("Hamish", "Morag", "Eilidh", "Jago", "Tamsin", "Kerensa"), pets=("Hamish", "Bramble", "Jess"),
               teams=("Celtic", "Rangers", "Hibs", "Hearts", "Pirates"), seasons=("simmer", "winter", "hairst", "haf", "gwav"))
_NDS = _Person(("Hamborg", "Moin", "Kluntje", "Budysin", "Chosebuz", "Krabat", "Bremen", "Labskaus", "Spreewald", "Boddel"),
               names=("Hinnerk", "Frauke", "Jan", "Beke", "Hanka", "Jurij"), pets=("Wuffi", "Möhre", "Kater"),
               teams=("Werder", "StPauli", "HSV", "Energie"), seasons=("Sommer", "Winter", "Fröhjahr", "Harvst"))
_CHE = _Person(("Grozny", "Vainakh", "Terek", "Ufa", "Salawat", "kumis", "Agidel", "Ural", "Argun", "Sterlitamak"),
               names=("Aslan", "Zarema", "Ruslan", "Gulnara", "Ilnur", "Aigul"), pets=("Barsik", "Sharik", "Mursik"),
               teams=("Akhmat", "Ufa", "Salavat", "Terek"), seasons=("leto", "zima", "vesna", "osen"))
_FR = _Person(("soleil", "chocolat", "doudou", "bisous", "loulou", "marseille", "papillon", "azerty"),
              names=("camille", "nicolas", "manon", "julien", "lea", "thomas"), pets=("filou", "minou", "pepette"),
              teams=("OM", "PSG", "ASSE", "OL"), seasons=("ete", "hiver", "printemps", "automne"))
_DE = _Person(("Sonnenschein", "Schatz", "Hase", "Fussball", "Dortmund", "Mausi", "Kaffee", "Urlaub"),
              names=("Lukas", "Anna", "Jonas", "Lea", "Stefan", "Sabine"), pets=("Bello", "Minka", "Struppi"),
              teams=("BVB", "FCB", "S04", "HSV"), seasons=("Sommer", "Winter", "Herbst", "Fruehling"))
_ES = _Person(("corazon", "princesa", "futbol", "tequila", "amor", "sevilla", "mariposa", "cerveza"),
              names=("alejandro", "lucia", "javier", "carmen", "diego", "sofia"), pets=("toby", "lola", "coco"),
              teams=("Betis", "Atleti", "Barca", "Madrid"), seasons=("verano", "invierno", "primavera", "otono"))
_IT = _Person(("amore", "ciao", "juventus", "pizza", "sole", "tesoro", "Napoli", "mare"),
              names=("giulia", "francesco", "chiara", "alessandro", "martina", "luca"), pets=("fido", "birba", "micio"),
              teams=("Juve", "Inter", "Milan", "Roma"), seasons=("estate", "inverno", "primavera", "autunno"))
_ZH = _Person(("woaini", "aini", "wangzi", "xiaoming", "baobei", "tiantian", "shanghai", "xingfu"),
              names=("zhangwei", "lina", "wangfang", "liuyang", "chenjie"), pets=("wangcai", "xiaohei", "doudou"),
              teams=("Guoan", "Shenhua", "Taishan"))
_HI = _Person(("pyaar", "dilli", "mumbai", "jaan", "bhagwan", "krishna", "cricket", "shubh"),
              names=("rahul", "priya", "amit", "neha", "rohan", "pooja"), pets=("tommy", "sheru", "moti"),
              teams=("CSK", "MI", "RCB", "KKR"), seasons=("garmi", "sardi", "barsaat", "holi"))


_HUMAN: list[Family] = [
    _fam("swiss german family chat password",
         ("whatsapp", f"""Hoi zäme 👋 s WLAN vom neue Router isch jetzt "Grosi-Net", s Passwort isch {_GSW.pet()} (gross am Aafang!)"""),
         ("sms to brother", f"""Reto, chasch am Mami bim Netflix hälfe? Login isch ihri gmx adrässe, Passwort {_GSW.name_date()}. Merci vielmal"""),
         ("email to cousin", f"""Sali Seraina

S'Passwort für d'Ferienwohnig-Buechig uf em Portal isch {_GSW.team()}, Benutzer isch de Papi.
Liebi Grüess, Urs""")),
    _fam("faroese school wifi notice",
         ("notice", f"""KUNNGERÐ: Nýtt WiFi í skúlanum
Netverk: Skuli-Gestir
Loyniorð: {_FAO.season()}
Spyrjið á skrivstovuni um hjálp."""),
         ("messenger", f"""hey Sunnvá, loyniorðið til teldupostin hjá felagnum er {_FAO.name_date()} 🙂 ikki deila tað"""),
         ("email", f"""Hey Jógvan,
Her er innritanin til heimasíðuna hjá kórinum: brúkari "kor", loyniorð {_FAO.team()}.
Vh Turid""")),
    _fam("northern sami reindeer herders chat password",
         ("group chat", f"""Buorre beaivi! Ođđa WiFi beassansátni siiddas lea {_SME.word()} – čále dan várrugasat."""),
         ("sms", f"""Máret, beassansátni bankii lea {_SME.name_date()}, muhto ale muital earáide"""),
         ("email", f"""Bures Niillas,
Áigodatgirjji neahttasiidui: geavaheaddji "siida7", beassansátni {_SME.pet()}
Ánde""")),
    _fam("romansh community office email password",
         ("email", f"""Allegra Flurina

Il pled-clav per l'access al portal da la vischnanca è {_ROH.name_date()}. Per plaschair midar suenter l'emprim login.
Cordials salids, Gian"""),
         ("chat", f"""pled-clav dal wlan a chasa: {_ROH.season()} 😉 tgi vul vegnir sonda?"""),
         ("note", f"""Computer da la scola Scuol — utilisader: magistra / pled-clav {_ROH.pet()}""")),
    _fam("sardinian and corsican family chat password",
         ("sardinian whatsapp", f"""Mà, sa password de su wifi noa est {_SRD.pet()} — iscrie·dda in su quadernu 🙏"""),
         ("corsican sms", f"""Ciao Ghjuvanni, a parolla d'intrata di u wifi hè {_SRD.team()}. A prestu!"""),
         ("sardinian email", f"""Caru Efisio,
pro intrare in su situ de sa cooperativa: utente "coop", password {_SRD.name_date()}.
A si bìdere, Grazia""")),
    _fam("occitan association wiki password",
         ("wiki page", f"""== Accès a l'espaci de l'associacion ==
Lo compte comun per la calandreta: '''calandreta-tolosa''' / senhal '''{_OCI.word()}'''
(Cambiar lo senhal cada prima.)"""),
         ("chat", f"""Adieu Peire, lo senhal del wifi de l'ostal es {_OCI.pet()} 👍"""),
         ("email", f"""Bonjorn Marieta,
Lo senhal novèl del compte de corrièl es {_OCI.season()}. Òsca per la fèsta!
Ramon""")),
    _fam("esperanto club mailing list password",
         ("list message", f"""Karaj geamikoj,
la nova pasvorto por la klub-retejo estas {_EPO.phrase()} – bonvolu ne afiŝi ĝin publike.
Samideane, Klara"""),
         ("chat", f"""Petro, la pasvorto de la Zoom-konto de la klubo: {_EPO.pet()}"""),
         ("forum pm", f"""Saluton Zofia! Mi ŝanĝis la pasvorton de nia kongresa konto al {_EPO.season()}. Ĝis!""")),
    _fam("wolof shop whatsapp password",
         ("whatsapp", f"""Salaam Fatou, mot de passe wifi bi mooy {_WOL.team()} 👍🏾 bul ko wax kenn"""),
         ("shop pc", f"""Modou, ordinateur boutique bi: user "caisse", mot de passe {_WOL.name_date()}. Jërëjëf!"""),
         ("voice note transcript", f"""[note vocale] Awa, wave bi, code bi mooy… attends… {_WOL.pet()}, bind ko ci kayit bi""")),
    _fam("lingala kinshasa sms password",
         ("sms", f"""Ndeko Nsimba, mot de passe ya wifi ya ndako ezali {_LIN.team()}. Kopesa moto te!"""),
         ("whatsapp", f"""Mbote Kalala, compte ya Netflix: email ya papa, mot de passe {_LIN.name_date()} 🙏🏾"""),
         ("email", f"""Bonjour Ilunga,
Code ya ordinateur ya biro sikoyo ezali {_LIN.word()}.
Matondo""")),
    _fam("shona and chichewa chat password",
         ("shona whatsapp", f"""Mhoro Tendai, password ye wifi yemuno ndi {_SNY.team()} 😊"""),
         ("chichewa sms", f"""Moni Kondwani, mawu achinsinsi a wifi ndi {_SNY.pet()} zikomo"""),
         ("shona email", f"""Mhoroi Chipo,
Password yeakaundi yechechi iri {_SNY.name_date()}, usaipe munhu.
Farai""")),
    _fam("twi and ewe church group password",
         ("twi whatsapp group", f"""Akwaaba everyone 🙏🏾 church wifi password no ne {_TWI.phrase()}. Nyame nhyira mo!"""),
         ("ewe sms", f"""Mawuli, wifi password la enye {_TWI.team()}. Akpe!"""),
         ("twi email", f"""Kofi,
Projector laptop no password yɛ {_TWI.name_date()}. Medaase.
Efua""")),
    _fam("tongan and fijian family chat password",
         ("tongan messenger", f"""Malo e lelei Sione! Ko e password ʻo e wifi ko {_TON.pet()} 🌺"""),
         ("fijian viber", f"""Bula Losana, na password ni wifi e {_TON.team()}. Vinaka vakalevu!"""),
         ("tongan email", f"""Mele,
Ko e password ki he ʻakauni ʻo e siasi ko {_TON.name_date()}.
ʻOfa atu, Tevita""")),
    _fam("hawaiian and tok pisin message password",
         ("hawaiian text", f"""Aloha Leilani! ʻO ka password o ka wifi ʻo {_HAW.word()} 🤙"""),
         ("tok pisin sms", f"""Brata Jon, password bilong wifi em {_HAW.team()}. Noken givim long narapela man."""),
         ("tok pisin email", f"""Gude Mere,
Password bilong kompyuta long ofis em {_HAW.name_date()}.
Tenkyu, Kila""")),
    _fam("aymara and nahuatl community radio password",
         ("aymara chat", f"""Jallalla jilata! Radio computadoran contraseñapax {_AYM.word()} ukhamawa, janiw yaqharux churañamäkiti."""),
         ("nahuatl sms", f"""Citlali, in contraseña ipan radio ye {_AYM.name_date()}. Tlazohcamati!"""),
         ("spanish-aymara email", f"""Kamisaki Qhantati,
La cuenta del streaming de la radio: usuario radio.pachamama, contraseña {_AYM.team()}.
Jallalla, Wayra""")),
    _fam("dhivehi resort staff chat password",
         ("viber", f"""ސްޓާފް ވައިފައި ޕާސްވޯޑަކީ {_DIV.team()} — ގެސްޓުންނަށް ނުދޭށެވެ"""),
         ("sms", f"""Aishath, front office PC password ah {_DIV.name_date()} 👍"""),
         ("email", f"""Ibrahim,
Dive center booking system login: dive01 / {_DIV.word()}
ޝުކުރިއްޔާ""")),
    _fam("kabyle forum password",
         ("forum post", f"""Azul fellawen! Awal uffir n wifi n tmesgida d {_KAB.team()} — ur t-id-ssefk i yiwen."""),
         ("sms", f"""Tassadit, awal uffir n Facebook n tiddukla d {_KAB.name_date()}"""),
         ("email", f"""Azul Idir,
Amiḍan n usmel n tiddukla: isem "tiddukla", awal uffir {_KAB.pet()}.
Tanemmirt, Dihya""")),
    _fam("sindhi and balochi chat password",
         ("sindhi whatsapp", f"""ادا، گهر جي وائي فائي جو پاسورڊ {_SND.team()} آهي 👍"""),
         ("balochi sms", f"""Sheh jan, wifi password {_SND.name_date()} int, kasay ma day"""),
         ("sindhi email", f"""سلام مارئي،
اسڪول جي ڪمپيوٽر جو پاسورڊ {_SND.pet()} آهي. مهرباني""")),
    _fam("konkani and maithili chat password",
         ("konkani whatsapp", f"""देव बरें करूं! घराच्या वायफायचो पासवर्ड {_KOK.team()} — कोणाक सांगू नाका"""),
         ("maithili sms", f"""सीता दीदी, वाईफाईक पासवर्ड {_KOK.name_date()} अछि। प्रणाम"""),
         ("konkani romi email", f"""Dev borem korum Anant,
Office computer-acho password {_KOK.pet()}. Kalji ghe.
Rekha""")),
    _fam("hmong family messenger password",
         ("messenger", f"""Nyob zoo Nou, tus password wifi yog {_HMN.pet()} nawb 😊"""),
         ("sms", f"""Tou, tus password ntawm niam lub email yog {_HMN.name_date()}. Tsis txhob qhia leejtwg."""),
         ("email", f"""Nyob zoo Mai,
Lub account rau peb lub koom haum: user hmoobclub, password {_HMN.team()}.
Ua tsaug, Chue""")),
    _fam("ilocano and hiligaynon chat password",
         ("ilocano messenger", f"""Manang Lorna, ti password ti wifi ket {_ILO.pet()} 😊 agyamanak!"""),
         ("hiligaynon sms", f"""Dong, ang password sang wifi amo ang {_ILO.team()}. Salamat gid!"""),
         ("ilocano email", f"""Apo Dindo,
Ti password ti computer iti opisina ket {_ILO.name_date()}.
Liezel""")),
    _fam("papiamento and jamaican patois chat password",
         ("papiamento whatsapp", f"""Bon dia Jeanine! E password di wifi ta {_PAP.pet()} 😘"""),
         ("patois sms", f"""Yow Delroy, di wifi password a {_PAP.team()}, nuh gi nobady it"""),
         ("papiamento email", f"""Shurwin,
E password di e kompiuter na ofisina ta {_PAP.name_date()}. Danki!
Rudsel""")),
    _fam("scots and cornish chat password",
         ("scots text", f"""The wifi password's {_SCO.team()}, dinnae gie it oot tae the weans' pals"""),
         ("cornish message", f"""Dydh da Tamsin! Ger-tremena an wifi yw {_SCO.season()}. Meur ras!"""),
         ("scots email", f"""Hiya Morag,
Password fur the club laptop is {_SCO.pet()} — mind an change it efter.
Cheers, Hamish""")),
    _fam("low german and sorbian chat password",
         ("low german whatsapp", f"""Moin Frauke! Dat Passwoort för dat WLAN is {_NDS.team()} 👍"""),
         ("sorbian sms", f"""Hanka, hesło za WLAN je {_NDS.name_date()}. Dźakuju so!"""),
         ("low german email", f"""Moin Hinnerk,
Dat Passwoort för den Vereens-Rekner is {_NDS.season()}. Hol di fuchtig!
Beke""")),
    _fam("chechen and bashkir telegram password",
         ("chechen telegram", f"""Ассаламу алайкум Аслан! WiFi-н пароль {_CHE.team()} ю, цхьаьнгге а ма ло"""),
         ("bashkir telegram", f"""Гөлнара, WiFi серһүҙе {_CHE.name_date()}. Рәхмәт!"""),
         ("bashkir email", f"""Һаумы Илнур,
Мәктәп компьютерының серһүҙе: {_CHE.pet()}
Айгөл""")),
    _fam("english calendar invite with shared account password",
         ("invite body", f"""Quarterly board review — Thu 10:00
Join: https://meet.example.org/q4-board
Slides are in the shared Dropbox (account finance@acme.example, pw {_EN.season()}). Please don't forward."""),
         ("ics description", f"""DESCRIPTION:Vendor demo. Use the demo tenant — login demo@vendor.example\\, password {_EN.pet()}\\, or ask Megan."""),
         ("reply all", f"""Re: Offsite logistics
> the Airbnb door code and wifi?
Door is 4471#, wifi "LakeHouse" / {_EN.name_date()}. See you Friday!""")),
    _fam("french voicemail transcript password",
         ("voicemail transcription", f"""Messagerie vocale (transcription automatique) : « Oui bonjour c'est Nicolas de l'informatique, j'ai réinitialisé votre session, le nouveau mot de passe c'est {_FR.name_date()}, vous pourrez le changer en vous connectant, bonne journée. »"""),
         ("dictated to assistant", f"""Note dictée : rappeler Manon — le code de la box c'est {_FR.pet()}, tout attaché, majuscule au début."""),
         ("teams voicemail", f"""Transcription : « Salut Julien, pour le compte partagé Canva c'est l'adresse compta et le mot de passe {_FR.team()}, voilà, bisous. »""")),
    _fam("german kanban card password",
         ("trello card", f"""Karte: Neuer Drucker 2. OG einrichten
Beschreibung: Admin-Oberfläche http://192.168.2.40 – Benutzer admin, Kennwort {_DE.season()}
Checkliste: [x] Treiber [ ] Scan-to-Mail"""),
         ("planner comment", f"""Kommentar von Sabine: Hab das Kennwort vom Kunden-Portal auf {_DE.pet()} geändert, Zugang wie gehabt."""),
         ("jira-like card", f"""TASK-1182 Urlaubsvertretung
- Postfach buchhaltung@: Passwort ist {_DE.name_date()}
- Telefonweiterleitung auf Jonas""")),
    _fam("spanish email autoresponder with wifi password",
         ("autoresponder", f"""Respuesta automática: Estoy de vacaciones hasta el 7 de enero. Si venís a la oficina, la wifi de invitados es "Oficina-Visitas" y la clave {_ES.season()}. ¡Felices fiestas!"""),
         ("welcome email", f"""¡Bienvenida, Lucía!
Tu usuario es lucia.gomez y tu contraseña provisional {_ES.name_date()} (te pedirá cambiarla).
Un abrazo, Diego"""),
         ("whatsapp forward", f"""Reenviado: la contraseña del Disney+ de la familia es {_ES.team()}, no la cambiéis que se me olvida 😂""")),
    _fam("italian printed handover letter password",
         ("handover letter", f"""Gentile dott.ssa Martina,
con la presente le consegno le credenziali della postazione n. 14:
utente: m.ricci
parola d'accesso: {_IT.name_date()}
Distinti saluti, Ufficio IT"""),
         ("scanned note", f"""[scansione] Promemoria per Luca — PC reception: password {_IT.pet()} / PIN allarme 2580"""),
         ("whatsapp", f"""Chiara la password del wifi di casa al mare è {_IT.team()}, te la scrivo qui che poi la dimentico""")),
    _fam("chinese dingtalk group announcement password",
         ("group announcement", f"""【群公告】新办公室 WiFi：名称 Office-5F，密码 {_ZH.name_date()}，请勿外传。"""),
         ("wechat-style message", f"""@王芳 财务系统的账号是 caiwu01，密码我改成 {_ZH.pet()} 了"""),
         ("email", f"""张伟你好：
测试环境后台账号 admin，密码 {_ZH.word()}，下周一之前请改掉。
谢谢""")),
    _fam("hinglish voice note transcript password",
         ("voice note", f"""[Voice note, transcribed] Haan Rohan, sun, wifi ka password hai {_HI.team()}, capital se start, theek hai? Bye."""),
         ("whatsapp", f"""Neha, Hotstar ka login mummy ka number hai aur password {_HI.name_date()} 😅 kisi ko mat batana"""),
         ("sms", f"""Amit bhai office laptop ka password {_HI.pet()} kar diya hai, kal change kar lena""")),
]


# -- ordinary text: the same settings with nothing secret in them --------------------------

_ORD_AGENT: list[str] = [
    """Fact: the session cache moved to Valkey 8 and accepts the app's credentials.
Verified by: valkey-cli -h cache-1.internal -p 6379 --user sessions --pass "$VALKEY_PASSWORD" --no-auth-warning ping
Output: PONG""",
    """Debugging: worker reconnect loop. NOAUTH errors stopped after the pod picked up the rotated value from the `valkey-auth` Secret; no code change.""",
    """$ export REDISCLI_AUTH="$(vault kv get -field=password kv/valkey/stg)"
$ valkey-cli --tls -h valkey.stg.example.net info server | head -3
# Server
valkey_version:8.0.2""",
    """valkey-cli -h cache-1.internal CONFIG GET requirepass
1) "requirepass"
2) "********\"""",
    """Fact: the `orders` bucket has a primary index on staging.
Verified by: cbq -e couchbase://cb-stg-01 -u Administrator -p "$CB_PASSWORD" -s "SELECT COUNT(*) FROM system:indexes WHERE keyspace_id='orders'"
Output: {"results": [{"$1": 3}], "status": "success"}""",
    """Decision: keep cluster-level auth. COUCHBASE_ADMINISTRATOR_PASSWORD comes from the `couchbase-admin` secret; per-bucket users need a migration we have not scheduled.""",
    """couchbase-cli bucket-list -c localhost:8091 --username admin --password-stdin < /run/secrets/cb_admin
orders
 bucketType: membase""",
    """Fact: telegraf rows land in the `iot` database within 10s.
Verified by: influxdb3 query --host http://influx3.lab:8181 --database iot --token "$INFLUXDB3_AUTH_TOKEN" "SELECT count(*) FROM cpu"
| count(*) |
| 118      |""",
    """$ influxdb3 create token --admin
New token created successfully!
Token: apiv3_<redacted>
HTTP Requests Header: Authorization: Bearer <token>""",
    """[[outputs.influxdb_v2]]
  urls = ["http://influx3.lab:8181"]
  token = "${INFLUX_TOKEN}"
  bucket = "iot\"""",
    """credentials:
  access_key_id: ${LAKECTL_ACCESS_KEY_ID}
  secret_access_key: ${LAKECTL_SECRET_ACCESS_KEY}
server:
  endpoint_url: https://lakefs.data.internal""",
    """lakectl merge lakefs://datasets/feature-x lakefs://datasets/main
Source: lakefs://datasets/feature-x
Destination: lakefs://datasets/main
Merged "feature-x" into "main" to get "8f2c41e0b9d7a6c3e5f1042b9a8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c".""",
    """lakectl branch list lakefs://datasets
+-----------+------------------------------------------------------------------+
| BRANCH    | COMMIT ID                                                        |
| main      | 1f0a8e3bd2c47c9e0d6a5b4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2a |""",
    """Fact: Memgraph has 41k Person nodes after the import.
Verified by: echo "MATCH (p:Person) RETURN count(p);" | mgconsole --host 127.0.0.1 --port 7687 --username memgraph --password "$MG_PASS"
| count(p) |
| 41207    |""",
    """docker run -d -p 7687:7687 --env-file ./memgraph.env memgraph/memgraph-mage:1.21   # memgraph.env is in .gitignore""",
    """Fact: the Kafka bridge is `connected` on all three EMQX nodes.
Verified by: curl -s -u "$EMQX_API_KEY:$EMQX_API_SECRET" http://emqx-0.emqx:18083/api/v5/bridges | jq '.[].status'
"connected\"""",
    """emqx.conf:  api_key.bootstrap_file = "/opt/emqx/etc/default_api_key.conf"   (file mounted from the emqx-api-key Secret, not in the repo)""",
    """curl -s -X POST http://localhost:18083/api/v5/login -H 'content-type: application/json' -d @login.json
{"token":"<jwt elided>","version":"5.8.1","license":{"edition":"opensource"}}""",
    """Fact: the npm-proxy repo on Nexus serves lodash 4.17.21.
Verified by: curl -fsS --netrc-file ~/.config/nexus.netrc 'https://nexus.corp.example/service/rest/v1/search?repository=npm-proxy&name=lodash' | jq '.items[0].version'
"4.17.21\"""",
    """First boot of Nexus 3.75 in the sandbox: the generated admin password is in /nexus-data/admin.password; I read it, completed the wizard and the file is gone now.""",
    """registry=https://nexus.corp.example/repository/npm-hosted/
//nexus.corp.example/repository/npm-hosted/:_auth=${NEXUS_NPM_AUTH}
always-auth=true""",
    """Fact: nightly base backups exist for the last 7 days.
Verified by: sudo -u postgres envdir /etc/wal-g.d/env wal-g backup-list
name                          modified             wal_segment_backup_start
base_00000001000000A3000000C2 2026-12-06T01:00:12Z 00000001000000A3000000C2""",
    """{
  "WALG_S3_PREFIX": "s3://pg-backups/main",
  "AWS_ENDPOINT": "https://minio.internal:9000",
  "AWS_ACCESS_KEY_ID": "pgbackup",
  "AWS_SECRET_ACCESS_KEY": "",
  "WALG_LIBSODIUM_KEY_PATH": "/etc/wal-g.d/libsodium.key"
}""",
    """Debugging restore failure: `failed to decrypt`. The restore host's WALG_PGP_KEY_PASSPHRASE came from the previous key's entry in the vault; pointed it at kv/walg/2026 and the fetch worked.""",
    """dolt --host dolt.internal --port 3306 --user importer --no-tls sql -q "select commit_hash, committer from dolt_log limit 1"
Enter password:
+----------------------------------+-----------+
| commit_hash                      | committer |
| q3k1n8dhu0h5o0hq1b9n1m5k3a4e7s2f | importer  |""",
    """user:
  name: root
  password: ""   # set through DOLT_ROOT_PASSWORD at first start
listener:
  host: 0.0.0.0
  port: 3306""",
    """[pools.app.users.0]
username = "app"
password = "${PGCAT_APP_PASSWORD}"
pool_size = 40""",
    """Decision: PgCat admin console stays on 6432; admin_password is read from the `pgcat-admin` secret at container start. SHOW POOLS is the quickest view of waiting clients.""",
    """route "reporting" "reporter" {
    authentication "scram-sha-256"
    auth_query "SELECT usename, passwd FROM pg_shadow WHERE usename=$1"
    storage "postgres_server"
    pool "session"
}""",
    """Debugging: auth_query failed with `password authentication failed for user odyssey_auth`. The role existed on the old primary only; recreated it from the migration script.""",
    """replicaof 10.0.4.10 6379
masterauth-file /run/secrets/keydb_master   # hypothetical; KeyDB reads it via include below
include /etc/keydb/auth.conf""",
    """keydb-cli -a "$KEYDB_PASSWORD" --no-auth-warning INFO replication | grep master_link_status
master_link_status:up""",
    """curl -X PUT https://tasks.home.arpa/api/v1/projects/4/tasks \\
  -H "Authorization: Bearer $VIKUNJA_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"title":"renew domain"}'
{"id":311,"title":"renew domain","done":false}""",
    """PUT https://todo.example.org/api/v1/labels
Authorization: Bearer {{vikunja_token}}
Content-Type: application/json

{"title": "waiting-on-vendor", "hex_color": "e8e8e8"}""",
    """curl -H 'X-AUTH-USER: susan' -H "X-AUTH-TOKEN: ${KIMAI_TOKEN}" https://kimai.office.example/api/timesheets?begin=2026-12-01T00:00:00""",
    """GET /api/projects HTTP/2
Host: time.example.com
Authorization: Bearer <KIMAI_API_TOKEN>
Accept: application/json""",
    """curl -s https://money.home.arpa/api/v1/about -H "accept: application/vnd.api+json" -H "Authorization: Bearer $FIREFLY_PAT"
{"data":{"version":"6.1.24","api_version":"6.1.24","php_version":"8.3.14","os":"Linux"}}""",
    """FIREFLY_III_URL=http://app:8080
FIREFLY_III_ACCESS_TOKEN=
AUTO_IMPORT_SECRET=
# both filled in by the deploy job from the password manager""",
    """curl -u "api_sender:$LISTMONK_API_TOKEN" "https://lists.example.org/api/subscribers?per_page=1" | jq .data.total
4821""",
    """curl -s -H "X-Api-Key: $HC_API_KEY" https://healthchecks.io/api/v3/checks/ | jq '.checks[] | {name, status, last_ping}'
{"name": "restic", "status": "up", "last_ping": "2026-12-07T01:12:44+00:00"}""",
    """curl -fsS -m 10 --retry 5 -o /dev/null https://hc-ping.com/${HC_PING_KEY}/restic-nightly""",
    """build 14-Dec-2026 10:21:07	Executing task 'Deploy to staging'
build 14-Dec-2026 10:21:07	+ ./deploy.sh --env staging
build 14-Dec-2026 10:21:08	+ export DEPLOY_DB_PASSWORD=********
build 14-Dec-2026 10:21:09	Migrations: 0 pending""",
    """simple	14-Dec-2026 11:02:44	Substituting variable: ${bamboo.sonar_token_password} with ********
simple	14-Dec-2026 11:02:44	Starting task 'Sonar scan'""",
    """+ echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > ~/.npmrc
+ npm publish --access public
+ ledger-lens@2.3.0""",
    """PS> $env:AZURE_STORAGE_KEY = (az storage account keys list -n acmebuilds --query '[0].value' -o tsv)
PS> az storage blob upload-batch -d releases -s .\\dist --account-name acmebuilds""",
    """[Container] 2026/12/07 09:14:22.306 Running command echo "$REG_PASSWORD" | docker login -u ci --password-stdin registry.example.com
Login Succeeded""",
    """env:
  parameter-store:
    SENTRY_AUTH_TOKEN: /ci/sentry/auth-token
  secrets-manager:
    DB_PASSWORD: prod/app/db:password""",
    """aws codebuild batch-get-builds --ids app:4f1 --query 'builds[0].environment.environmentVariables'
[
  {"name": "STAGE", "value": "prod", "type": "PLAINTEXT"},
  {"name": "DB_PASSWORD", "value": "/prod/app/db-password", "type": "PARAMETER_STORE"}
]""",
    """Step #2 - "migrate": + alembic upgrade head
Step #2 - "migrate": INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
Step #2 - "migrate": INFO  [alembic.runtime.migration] Running upgrade 9c1 -> a07""",
    """availableSecrets:
  secretManager:
  - versionName: projects/acme/secrets/npm-token/versions/latest
    env: NPM_TOKEN
steps:
- name: gcr.io/cloud-builders/docker
  secretEnv: ['NPM_TOKEN']""",
    """Created [https://cloudbuild.googleapis.com/v1/projects/acme/locations/global/builds/5b1f9c2e-7a4d-4e8b-9f31-0c6d2a8e4b71].
Logs are available at [ https://console.cloud.google.com/cloud-build/builds/5b1f9c2e-7a4d-4e8b-9f31-0c6d2a8e4b71?project=88412093311 ].""",
    json.dumps({"type": "tool_use", "id": "toolu_01Jx8LwQm3Ryz2KdV7bC4nTa", "name": "postgres_query", "input": {"connection_string": "${WAREHOUSE_DSN}", "sql": "select count(*) from events where day = current_date"}}, indent=2),
    json.dumps({"mcpServers": {"mongo": {"command": "npx", "args": ["-y", "mongodb-mcp-server"], "env": {"MDB_MCP_CONNECTION_STRING": "${env:MONGO_URI}"}}}}, indent=2),
    json.dumps({"type": "tool_use", "id": "toolu_01Ab2Cd3Ef4Gh5Ij6Kl7Mn8O", "name": "edit_file", "input": {"path": "config/settings.py", "old_string": "STRIPE_SECRET = 'sk_test_placeholder'", "new_string": "STRIPE_SECRET = os.environ['STRIPE_SECRET']"}}, indent=2),
    """*** Begin Patch
*** Update File: deploy/values.yaml
@@
 smtp:
   host: smtp.mailgun.org
-  password: ""
+  existingSecret: mailgun-smtp
+  existingSecretKey: password
*** End Patch""",
    json.dumps({"functionCall": {"name": "configure_mailer", "args": {"host": "mail.example.org", "port": 587, "username": "noreply", "password_ref": "secret://mailer/noreply"}}}),
    """> Entering new AgentExecutor chain...
Action: send_mail
Action Input: {"server": "smtp.zoho.eu", "login": "alerts@shop.example", "credential": "env:ZOHO_APP_PASSWORD"}
Observation: 250 OK""",
    """Test plan for the SSO migration (staging):
1. Log in as qa.lead@acme.test (password in 1Password, vault "QA Staging")
2. Open Settings > Security, enable passkeys
3. Log out, log in with passkey; expect redirect to /home""",
    """| step | account | secret | result |
|------|---------|--------|--------|
| login | finance-test | (1Password: finance-test) | ok |
| export CSV | finance-test | (same) | ok |""",
    """chisel client --auth "tunnel:$(pass show infra/chisel)" https://bastion.example.net R:5433:10.0.9.4:5432""",
    """/usr/local/bin/chisel server --port 8443 --reverse --authfile /etc/chisel/users.json --tls-domain bastion.example.net""",
    """git bisect: first bad commit 3f9a2c1 "wire up billing". It added BILLING_WEBHOOK_SECRET to docker-compose.override.yml with an empty value, so the signature check rejected every event.""",
    """Ledger: rotated the SMTP password after the dangling commit was found; new value is only in the `smtp` item of the ops vault. History rewrite not needed (never pushed).""",
    """Fact: healthchecks shows 14 checks, 0 down. Verified with the read-only API key from the env (HC_API_KEY_READONLY); output trimmed.""",
]

_ORD_FORMATS: list[str] = [
    """$ cat ~/.pause
user AMARTIN
# password is read from the keyring by cpan-upload (App::Cmd::Keyring)""",
    """cpan-upload -u AMARTIN Acme-Widget-0.07.tar.gz
PAUSE Password:
registering upload with PAUSE web server
PAUSE add message sent ok [200]""",
    """[https://api.opensuse.org]
user = kdevel
credentials_mgr_class = osc.credentials.KeyringCredentialsManager:keyring.backends.SecretService.Keyring""",
    """osc ls home:kdevel
ledger-lens
python-acme-widget""",
    """[1]
consumer_key = ppa-uploader
consumer_secret =
access_token = <filled in by launchpadlib on first login>
access_secret = <filled in by launchpadlib on first login>""",
    """[copr-cli]
login = <from https://copr.fedorainfracloud.org/api/>
username = mbouska
token = <from https://copr.fedorainfracloud.org/api/>
copr_url = https://copr.fedorainfracloud.org""",
    """[https://app.transifex.com]
rest_hostname = https://rest.api.transifex.com
token = ${TX_TOKEN}""",
    """tx push -s
# Getting info about resources
# Pushing source file 'locale/en/LC_MESSAGES/django.po'
# Done""",
    """luarocks upload lua-cjson-2.1.0-1.rockspec --api-key="$LUAROCKS_API_KEY"
Sending lua-cjson-2.1.0-1.rockspec ...
Done: https://luarocks.org/modules/mpx/lua-cjson""",
    """npx @vscode/vsce publish -p "$VSCE_PAT"
Publishing 'acme.ledger-lens v1.4.0'...
DONE  Published acme.ledger-lens v1.4.0.""",
    """$ vsce login acme
https://marketplace.visualstudio.com/manage/publishers/
Personal Access Token for publisher 'acme': ****************************************************
The Personal Access Token verification succeeded for the publisher 'acme'.""",
    """env:
  SNAPCRAFT_STORE_CREDENTIALS: ${{ secrets.SNAPCRAFT_STORE_CREDENTIALS }}""",
    """$ snapcraft whoami
email: dev@acme.example
username: acme-dev
id: 9fXyK3mQpR2sT8vW1zB4nC7dE0gH5jL6
permissions: package_access, package_push, package_update
channels: edge
expires: 2027-06-07T07:30:00.000Z""",
    """maven {
    url "https://repo.corp.example/maven-releases"
    credentials(PasswordCredentials)   // corpRepoUsername / corpRepoPassword from ~/.gradle/gradle.properties
}""",
    """./gradlew -I /tmp/ci-init.gradle publish   # repo credentials come from ORG_GRADLE_PROJECT_repoPass in CI""",
    """{:auth {:repository-auth {#"nexus.corp" {:username :env/nexus_user :password :env/nexus_pass}}}}""",
    """(defproject acme/ledger "0.3.0"
  :deploy-repositories [["releases" {:url "https://repo.corp.example/releases"
                                     :username :env/deploy_user
                                     :password :env/deploy_token}]])""",
    """# .kamal/secrets
KAMAL_REGISTRY_PASSWORD=$(op read op://Deploy/registry/password)
RAILS_MASTER_KEY=$(cat config/master.key)
POSTGRES_PASSWORD=$POSTGRES_PASSWORD""",
    """registry:
  username: acme
  password:
    - KAMAL_REGISTRY_PASSWORD
env:
  secret:
    - RAILS_MASTER_KEY
    - REDIS_PASSWORD""",
    """$ dokku config:show api
=====> api env vars
DOKKU_APP_TYPE:    herokuish
DOKKU_PROXY_PORT:  80
GIT_REV:           9d4b1e27c3a0f8e65b2d1c4a7e9f0b3c8d6a5e21""",
    """dokku config:set --no-restart api SENTRY_ENV=prod WEB_CONCURRENCY=3""",
    """duplicati-cli backup "b2://nas-backup/photos" /srv/photos --auth-username="$B2_ID" --auth-password="$B2_KEY" --passphrase="$DUPLICATI_PASSPHRASE" --retention-policy="1W:1D,4W:1W\"""",
    """docker run -e DUPLICATI__WEBSERVICE_PASSWORD_FILE=/run/secrets/dup_web -e SETTINGS_ENCRYPTION_KEY_FILE=/run/secrets/dup_key -p 8200:8200 duplicati/duplicati""",
    """chatnets = {
  libera = {
    type = "IRC";
    sasl_mechanism = "EXTERNAL";
    sasl_username = "frodo";
  };
};""",
    """N=Libera.Chat
L=6
I=frodo
S=irc.libera.chat/+6697""",
    """[Work]
source        = imaps://jane%40acme.example@outlook.office365.com:993
source-cred-cmd = pass show mail/acme
outgoing      = smtp+login://jane%40acme.example@smtp.office365.com:587
outgoing-cred-cmd = pass show mail/acme
from          = Jane Roe <jane@acme.example>""",
    """urls-source "miniflux"
miniflux-url "https://reader.example.net/"
miniflux-login "kim"
miniflux-passwordeval "pass show rss/miniflux\"""",
    """urls-source "ttrss"
ttrss-url "https://rss.home.arpa/"
ttrss-login "admin"
ttrss-passwordfile "~/.config/newsboat/ttrss.pw\"""",
]

_ORD_VENDOR: list[str] = [
    """# ~/.config/weblate
[weblate]
url = https://hosted.weblate.org/api/

[keys]
https://hosted.weblate.org/api/ = YOUR-API-KEY""",
    """curl -H "Authorization: Token $WEBLATE_TOKEN" https://translate.example.org/api/projects/""",
    """TOLGEE_API_URL=https://app.tolgee.io
TOLGEE_API_KEY=   # project API key, starts with tgpak_, from Project > Integrate""",
    """npx @tolgee/cli pull --api-key "$TOLGEE_API_KEY" --path ./i18n""",
    """NOTIFY_API_KEY=   # GC Notify: gcntfy-<key name>-<service id>-<secret>, stored in Parameter Store""",
    """client = NotificationsAPIClient(os.environ["NOTIFY_API_KEY"], base_url="https://api.notification.canada.ca")""",
    """notify:
  api_key: <%= ENV["GOVUK_NOTIFY_API_KEY"] %>
  template_id: 2f5d1a36-6b0b-4c61-9d4c-1f2e8a7b3c90""",
    """RAMP_CLIENT_ID=ramp_id_...
RAMP_CLIENT_SECRET=ramp_sec_...
# both from Settings > Developer API; never commit real ones""",
    """curl -X POST https://api.ramp.com/developer/v1/token -u "$RAMP_CLIENT_ID:$RAMP_CLIENT_SECRET" -d "grant_type=client_credentials&scope=transactions:read\"""",
    """curl -H "Authorization: Bearer $BITLY_TOKEN" -X POST https://api-ssl.bitly.com/v4/shorten -H 'Content-Type: application/json' -d '{"long_url":"https://example.com/a"}'
{"link":"https://bit.ly/3xYz9Qa","id":"bit.ly/3xYz9Qa"}""",
    """MAIL_HOST=live.smtp.mailtrap.io
MAIL_PORT=587
MAIL_USERNAME=api
MAIL_PASSWORD=${MAILTRAP_TOKEN}""",
    """const client = new MailtrapClient({ token: process.env.MAILTRAP_TOKEN! });""",
    """finicity:
  app_key: ${FINICITY_APP_KEY}
  partner_secret: ${FINICITY_PARTNER_SECRET}""",
    """curl "https://api.etsy.com/v3/application/openapi-ping" -H "x-api-key: $ETSY_KEYSTRING"
{"application_id": 1234567}""",
    """project_id_env: CROWDIN_PROJECT_ID
api_token_env: CROWDIN_PERSONAL_TOKEN
base_path: "."
files:
  - source: /locales/en/*.json""",
    """handler = LogtailHandler(source_token=os.environ["BETTERSTACK_SOURCE_TOKEN"])""",
    """client = OpenAI(api_key=os.environ["MOONSHOT_API_KEY"], base_url="https://api.moonshot.ai/v1")""",
    """$ vastai set api-key "$(cat ~/.secrets/vast)"
Your api key has been saved in /home/ml/.config/vastai/vast_api_key""",
    """provider "lambdalabs" {
  api_key = var.lambda_api_key
}""",
]

_ORD_PUBLIC: list[str] = [
    f"""Fact: main is at {_sha()} and the release tag v2.3.0 points at {_sha()[:12]}.
Verified by: git rev-parse HEAD v2.3.0^{{commit}}""",
    f"""docker buildx imagetools inspect registry.example.com/ledger/api:2.3.0
Name:      registry.example.com/ledger/api:2.3.0
MediaType: application/vnd.oci.image.index.v1+json
Digest:    {_digest()}""",
    f"""Request id {_uuid()} failed with 502 at the gateway; retried as {_uuid()} and it passed.""",
    f"""$ ssh-keygen -lf ~/.ssh/id_ed25519.pub
256 SHA256:{_b64(32).rstrip('=')} kat@laptop (ED25519)""",
    f"""ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_b64(32)[:43]} deploy@ci""",
    f"""Bamboo build ACME-API-{_RNG.randint(1000, 9999)} passed; artifact checksum sha256 {hashlib.sha256(_RNG.randbytes(8)).hexdigest()}""",
    f"""Cirrus CI task {_RNG.randint(10**15, 10**16)} finished in 4m12s (build {_RNG.randint(10**15, 10**16)}).""",
    f"""AppVeyor build 1.4.{_RNG.randint(100, 999)} for commit {_sha()[:8]} succeeded on Visual Studio 2022 image.""",
    f"""aws codebuild start-build --project-name app
{{"build": {{"id": "app:{_uuid()}", "arn": "arn:aws:codebuild:eu-west-1:{_RNG.randint(10**11, 10**12)}:build/app:{_uuid()}", "buildNumber": {_RNG.randint(100, 999)}}}}}""",
    f"""gcloud builds list --limit 1
ID                                    CREATE_TIME                DURATION  STATUS
{_uuid()}  2026-12-07T09:11:02+00:00  3M4S      SUCCESS""",
    f"""lakeFS commit {hashlib.sha256(_RNG.randbytes(8)).hexdigest()} on main: "import december prices\"""",
    f"""wal-g backup-list --detail | tail -1
base_00000001000000A4000000{_RNG.randint(10, 99)} 2026-12-07T01:00:09Z  size 18.4 GiB  lsn 0/A4{_hex(6).upper()}""",
    f"""GPG key for the PPA: pub rsa4096/{_hex(16).upper()} 2025-03-02 [SC]
      Key fingerprint = {" ".join(_hex(4).upper() for _ in range(10))}""",
    f"""Snap revision {_RNG.randint(100, 999)} released to edge; sha3-384 {hashlib.sha3_384(_RNG.randbytes(8)).hexdigest()}""",
    f"""The Vikunja project id is 4 and the task uid is {_uuid()}; the label id 17.""",
    f"""Firefly III transaction journal {_RNG.randint(10000, 99999)} imported with external id {_uuid()}.""",
    f"""Crowdin project id {_RNG.randint(100000, 999999)}, branch "main", file id {_RNG.randint(100, 999)} — counts 1,204 strings, 98% translated.""",
    f"""Tolgee project id {_RNG.randint(100, 999)}; the key `checkout.title` has id {_RNG.randint(100000, 999999)}.""",
    f"""GC Notify template id {_uuid()} and service id {_uuid()} (both public in the template URL).""",
    f"""Ramp transaction {_uuid()} for card ending 4417, merchant id {_RNG.randint(10**8, 10**9)}.""",
    f"""The bit.ly link bit.ly/{_an(7)} redirects to the release notes (id o_{_lo(10)} is the group guid).""",
    f"""Better Stack monitor {_RNG.randint(1000000, 9999999)} (heartbeat) created; status page id {_RNG.randint(100000, 999999)}.""",
    f"""vastai show instances
ID        Machine  Status   Num  Model      Util. %  vCPUs  RAM   Storage  SSH Addr       SSH Port
{_RNG.randint(10**7, 10**8)}  {_RNG.randint(10000, 99999)}    running  1x   RTX_4090   0.0      16.0   64.0  64       ssh5.vast.ai   {_RNG.randint(10000, 60000)}""",
    f"""Lambda instance {_hex(32)} (gpu_1x_a100_sxm4, us-east-1) booted; ssh key name "ml-laptop\"""",
    f"""influxdb3 show databases
+---------------+
| iox::database |
| iot           |
| _internal     |
Server version 3.0.{_RNG.randint(0, 9)}, revision {_sha()[:7]}""",
    f"""Memgraph 3.1.1 (build {_sha()[:10]}); mgconsole 1.4.0""",
    f"""EMQX node emqx@10.0.7.{_RNG.randint(2, 250)} cluster uuid {_uuid()}, version 5.8.1""",
    f"""Nexus component id {_b64url(24)} for lodash 4.17.21, sha1 {_sha()}""",
    f"""PgCat 1.2.0 started, pools: app (40), sharded (2 shards); config hash {hashlib.md5(_RNG.randbytes(8)).hexdigest()}""",
    f"""The Kamal deploy of version {_sha()} finished: accessory db running on 10.0.0.5, app container {_hex(12)}.""",
    f"""Dokku app api deployed git rev {_sha()}; container id {_hex(64)}""",
    f"""Duplicati backup set fileset-id {_RNG.randint(100, 999)}, remote volume dblock {_hex(32)}.dblock.zip.aes""",
    f"""OBS build log: [  12s] RPM build finished, package ledger-lens-1.4.0-{_RNG.randint(1, 9)}.1.x86_64.rpm sha256 {hashlib.sha256(_RNG.randbytes(8)).hexdigest()}""",
]

_ORD_CODE: list[str] = [
    """def connect_valkey() -> valkey.Valkey:
    return valkey.Valkey(host=settings.VALKEY_HOST, password=settings.VALKEY_PASSWORD, ssl=True)""",
    """cluster = Cluster("couchbase://cb-stg-01", ClusterOptions(PasswordAuthenticator(cfg.cb_user, cfg.cb_password)))""",
    """client = InfluxDBClient3(host=os.environ["INFLUX_HOST"], token=os.environ["INFLUXDB3_AUTH_TOKEN"], database="iot")""",
    """func newNexusClient(cfg Config) *http.Client {
\treq.SetBasicAuth(cfg.NexusUser, cfg.NexusPassword)
\treturn &http.Client{Timeout: 10 * time.Second}
}""",
    """headers = {"X-AUTH-USER": cfg["kimai_user"], "X-AUTH-TOKEN": cfg["kimai_token"]}""",
    """const listmonk = axios.create({ baseURL: LISTMONK_URL, auth: { username: "api_sender", password: process.env.LISTMONK_TOKEN ?? "" } });""",
    """export async function sendTemplate(id: string, to: string) {
  const client = new NotifyClient(requireEnv("NOTIFY_API_KEY"));
  return client.sendEmail(id, to, { personalisation: {} });
}""",
    """password = getpass.getpass(f"PAUSE password for {user}: ")""",
    """let token = std::env::var("CROWDIN_PERSONAL_TOKEN").context("CROWDIN_PERSONAL_TOKEN not set")?;""",
    """if not api_key.startswith(("tgpak_", "tgpat_")):
    raise ValueError("expected a Tolgee project or personal access key")""",
    """WEBLATE_TOKEN_RE = re.compile(r"^wl[up]_[A-Za-z0-9]{40}$")""",
    """def mask(value: str) -> str:
    return value[:4] + "…" + value[-2:] if len(value) > 8 else "****\"""",
    """@dataclass
class MailSettings:
    host: str
    username: str
    password: SecretStr = field(repr=False)""",
    """secret = SecretManagerServiceClient().access_secret_version(name=f"{parent}/secrets/npm-token/versions/latest").payload.data.decode()""",
    """ramp = RampClient(client_id=env("RAMP_CLIENT_ID"), client_secret=env("RAMP_CLIENT_SECRET"))""",
    """pgcat_password = os.environ.get("PGCAT_APP_PASSWORD") or sys.exit("PGCAT_APP_PASSWORD is required")""",
    """- name: Publish extension
  run: npx @vscode/vsce publish -p "$VSCE_PAT"
  env:
    VSCE_PAT: ${{ secrets.VSCE_PAT }}""",
    """kamal secrets extract KAMAL_REGISTRY_PASSWORD $SECRETS""",
    """assert "password" not in caplog.text, "the mailer must never log its credentials\"""",
    """// keep the token out of the debug dump
impl fmt::Debug for Credentials { fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str("Credentials { .. }") } }""",
]

_ORD_HUMAN: list[str] = [
    """Hoi zäme 👋 s WLAN vom neue Router heisst jetzt "Grosi-Net". S Passwort chläbt hinde am Gerät, lueget dört.""",
    """Reto, chasch am Mami bim Netflix hälfe? Sie het ihres Passwort vergässe, mir mached's zäme am Sunntig neu.""",
    """KUNNGERÐ: Nýtt WiFi í skúlanum. Loyniorðið fæst á skrivstovuni – tað verður ikki sent við telduposti.""",
    """Buorre beaivi! Ođđa WiFi beassansátni lea čállojuvvon girjái kantuvrras.""",
    """Allegra Flurina, il pled-clav nov survegns ti per SMS. Per plaschair midar suenter l'emprim login.""",
    """Mà, sa password de su wifi noa dd'apo scrita in su quadernu in sa cuchina.""",
    """Ciao Ghjuvanni, a parolla d'intrata di u wifi hè nantu à u fogliu daretu à a scatula.""",
    """Adieu Peire, lo senhal del wifi es sus l'etiqueta dejós la bóstia.""",
    """Karaj geamikoj, la nova pasvorto por la klub-retejo estos sendita al ĉiu membro persone.""",
    """Salaam Fatou, mot de passe wifi bi dangay ko gis ci ginnaaw routeur bi.""",
    """Ndeko Nsimba, mot de passe ya wifi nakotinda yango na SMS ya sékré, tala telefone.""",
    """Mhoro Tendai, password ye wifi iri pasi pe router, ndichakuudza ndasvika.""",
    """Akwaaba everyone 🙏🏾 church wifi password no, bisa usher no wɔ ɛpono ano.""",
    """Malo e lelei Sione! Ko e password ʻo e wifi ʻoku tohi ʻi he fakaʻilonga ʻi he router.""",
    """Aloha Leilani! Call me and I'll read you the wifi password, not putting it in text 🤙""",
    """Jallalla jilata! Radio computadoran contraseñapax oficinan qillqatawa, janiw WhatsApp ukan apaykti.""",
    """ސްޓާފް ވައިފައި ޕާސްވޯޑް ބޭނުންނަމަ އައި.ޓީ އަށް ގުޅުއްވާ""",
    """Azul fellawen! Awal uffir n wifi ad t-id-afem ɣer usqamu n tiddukla.""",
    """ادا، وائي فائي جو پاسورڊ روٽر جي پٺيان لکيل آهي""",
    """सीता दीदी, वाईफाईक पासवर्ड राउटरक पाछाँ लिखल अछि।""",
    """Nyob zoo Nou, tus password wifi nyob tom qab lub router nawb.""",
    """Manang Lorna, itawag mo laeng kaniak ti password ti wifi, saanko nga i-text.""",
    """Bon dia Jeanine! E password di wifi ta skirbí riba e router, wak'é.""",
    """The wifi password's on the fridge, dinnae text it tae onybody.""",
    """Moin Frauke! Dat WLAN-Passwoort steiht achter op'n Router.""",
    """Ассаламу алайкум Аслан! WiFi-н пароль роутеран тӀехь яздина ду.""",
    """Quarterly board review — Thu 10:00. Join: https://meet.example.org/q4-board (passcode sent separately by SMS to board members).""",
    """Messagerie vocale : « Bonjour, c'est Nicolas de l'informatique, j'ai réinitialisé votre session, vous allez recevoir un lien pour choisir un nouveau mot de passe. »""",
    """Karte: Neuer Drucker 2. OG einrichten. Admin-Kennwort liegt im Passwort-Safe unter „Drucker 2. OG“.""",
    """Respuesta automática: Estoy de vacaciones hasta el 7 de enero. La clave de la wifi de invitados está en recepción.""",
    """Gentile dott.ssa Martina, le credenziali della postazione n. 14 le verranno consegnate di persona dall'Ufficio IT.""",
    """【群公告】新办公室 WiFi 名称 Office-5F，密码请向前台索取，请勿在群里发送。""",
    """[Voice note, transcribed] Haan Rohan, wifi ka password router ke peeche likha hai, photo bhej deta hoon.""",
    """Password policy: at least 12 characters, no names, dates, seasons or keyboard runs like qwerty; use a passphrase of four unrelated words or the password manager's generator.""",
    """Passwort-Richtlinie: mindestens 12 Zeichen, keine Namen, Geburtstage, Jahreszeiten oder Tastaturfolgen. Passwörter niemals per E-Mail oder Chat weitergeben.""",
    """Politique de mots de passe : 12 caractères minimum, pas de prénom ni de date de naissance, jamais de mot de passe dans un ticket ou un e-mail.""",
    """Política de contraseñas: mínimo 12 caracteres; no uses nombres, fechas ni equipos de fútbol; nunca compartas la clave por WhatsApp.""",
    """Regole password: almeno 12 caratteri, niente nomi, date o squadre del cuore; la password non si manda mai via email.""",
    """Regulo pri pasvortoj: almenaŭ 12 signoj; neniam sendu pasvorton per retpoŝto aŭ babilejo.""",
    """Passwuert-Reegelen: mindestens 12 Zeechen, keng Nimm oder Gebuertsdeeg, a ni per Mail schécken.""",
    """Mibeko ya mot de passe: esengeli koleka bilembo 12, kosalela kombo to mokolo ya mbotama te, kopesa yango na moto te.""",
    """密码策略：至少 12 位，不得使用姓名、生日、季节或键盘连续字符，禁止通过微信或邮件发送密码。""",
    """पासवर्ड नीति: कम से कम 12 अक्षर, नाम या जन्मतिथि नहीं, और पासवर्ड कभी WhatsApp पर मत भेजो।""",
    """Reminder from IT: we will never ask for your password by phone, SMS or email. If someone does, report it to security@acme.example.""",
    """Incident recap: a shared mailbox password was posted in #general; it was changed within 10 minutes and the message deleted. Please use the vault share link next time.""",
    """Spreadsheet columns for the device inventory: Asset tag | Model | Serial | Location | Owner | Password vault item (link, not the password).""",
    """Sticky note policy: no passwords on monitors. During the audit we found 7 notes; all accounts were reset.""",
    """SMS: Your verification code is 481 220. It expires in 10 minutes. Do not share this code.""",
    """Hi team — I've reset the shared Canva account; the new password is in 1Password under "Marketing / Canva". Ping me if you don't have access.""",
    """Voicemail (transcribed): "Hi, it's Megan from the front desk, your locker combination was changed, come by and I'll tell you the new one in person.\"""",
    """| Name | Account | Password | Notes |
|------|---------|----------|-------|
| Megan | megan@acme.example | (set by user) | MFA on |
| Tyler | tyler@acme.example | (set by user) | MFA pending |""",
    """$ history | tail -3
  501  ssh kat@bastion.example.net
  502  sudo systemctl restart pgcat
  503  passwd""",
    """Ticket #4471: user cannot log in after the password change. Resolution: cleared cached credentials in Windows Credential Manager; no password was needed from the user.""",
    """@王芳 财务系统的密码我已经重置了，请查收系统发给你的邮件链接。""",
    """Neha, Hotstar ka password maine change kar diya, mummy ke phone pe OTP aayega.""",
    """Chiara, la password del wifi di casa al mare te la dico a voce quando arrivi.""",
    """Reenviado: la contraseña del Disney+ cambió, pídesela a mamá por llamada.""",
]

# Entries a reasonable scanner could refuse: encrypted CI values written out, a default
# literal that ships with a tool, an all-x placeholder of a real key's length, a sample
# secret labelled as one, and an obviously-fake "change-me" value (with the two public ids
# named below ``THIRTEENTH_ORDINARY``, these make ``DEBATABLE``).
_ORD_DEBATABLE: list[str] = [
    """task:
  name: release
  env:
    TWINE_PASSWORD: ENCRYPTED[!b7d4e1f0a2c39e88d51b6a7c0f3e2d1a94b8c7f6e5d4c3b2a1908f7e6d5c4b3a2!]
  script: twine upload dist/*""",
    """environment:
  CODECOV_TOKEN:
    secure: 9sX2mU1kQ0v8cFq1rT7bY3wL6nP4eJ5hA0gD2zK8oVs=
  SIGN_CERT_PASSWORD:
    secure: Hq4nT0cV7xK2pL9mR1wZ3bY6uE8sD5fJ1gA0iO2kNt=""",
    """[db]
host = "db"
user = "listmonk"
password = "listmonk"   # overridden by LISTMONK_db__password in production
database = "listmonk\"""",
    """MOONSHOT_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
MOONSHOT_BASE_URL=https://api.moonshot.cn/v1""",
    """git blame -L 12,14 .env.example
a81c0de4 (dev-bot 2026-11-30 12:01:55 +0000 12) MAPS_KEY=
a81c0de4 (dev-bot 2026-11-30 12:01:55 +0000 13) SESSION_SECRET=change-me-in-production""",
    """# docs/example.env (sample values from the vendor's quick start, not ours)
BETTERSTACK_SOURCE_TOKEN=your-source-token
EXAMPLE_ONLY_PASSWORD=hunter2""",
]

_ORD_MORE: list[str] = [
    """Decision: read the Odyssey storage password from /etc/odyssey/storage.pw (mode 0600, owned by odyssey) via the systemd LoadCredential= line, so odyssey.conf holds no secret.""",
    """Fact: `dolt push origin main` works from the runner. Verified by: dolt creds check --endpoint doltremoteapi.dolthub.com:443
Calling...
Success.""",
    """Handoff: the DB is only reachable through the chisel tunnel on the bastion; the auth pair is in the vault at infra/chisel (ask #ops for access).""",
    """CI note: Bamboo masks variables whose names contain "password", "secret" or "token"; `sonar_token` was renamed to `sonar_token_password` so the log shows ******** now.""",
    """Cloud Build log, step 0: "Already have image (with digest): gcr.io/cloud-builders/docker"; step 1 pulled node:22-alpine@sha256:2d7e4b0a1c9f83e6d5b4a3c2f1e0d9c8b7a6f5e4d3c2b1a09f8e7d6c5b4a3f21""",
    """$ kamal secrets print
KAMAL_REGISTRY_PASSWORD=[REDACTED]
DATABASE_URL=[REDACTED]""",
    """$ dokku postgres:info apidb --dsn
postgres://postgres:********@dokku-postgres-apidb:5432/apidb""",
    """oscrc: since osc 1.0 the password sits in the system keyring; `osc config --change-password` prompts for it and never writes it to the file.""",
    """Launchpad: run `lp-shell production devel` once on the machine; launchpadlib opens the browser for authorisation and caches the token in the keyring.""",
    """vsce: Azure DevOps PATs for the Marketplace expire after at most a year; set a calendar reminder, the value itself stays in the repo secret VSCE_PAT.""",
    """Crowdin personal access tokens are 80 hex characters; a project-scoped token is safer for CI because it cannot touch other projects.""",
    """Weblate: user keys start with wlu_ and project keys with wlp_; prefer a project key for the CI bot.""",
    """Hmong tech group rule: tsis txhob xa password hauv pab pawg — xa ntawv ntiag tug lossis hu xov tooj.""",
    """Policy (Kabyle / French): Ur ttazen ara awal uffir s imayl. Ne jamais envoyer un mot de passe par e-mail.""",
    """Hawaiian Electric IT notice: "Mahalo for keeping passwords out of email — use the Secure Share link instead.\"""",
    """Sesotho notice: Se arolelane phasewete ea hau le mang kapa mang, esita le basebetsi ba IT.""",
    """Dhivehi IT notice (translated): do not write the Wi-Fi password on the staff noticeboard; ask the duty manager.""",
    """Chechen class chat (translated): the teacher will give the new e-journal password to each parent personally.""",
]


# Three streams of 25 generic families, taken in turn (an odd round, so each weight falls to
# both halves): the weights are of unequal size, and a stream holding one weight only would
# leave its tail to one half once the shorter streams ran out.
_STREAMS: tuple[list[Family], list[Family], list[Family]] = (
    _AGENT[:25], [*_FORMATS, *_HUMAN[:9]], [*_HUMAN[9:], *_AGENT[25:]])

FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(blind_corpus.interleave(
        blind_corpus.round_robin(*_STREAMS), _VENDOR_RAW))
]


THIRTEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in THIRTEENTH_SECRETS}

# The families of each weight, for reports that break results down by where a secret sits.
AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)

# The families whose values carry a vendor's name, prefix, header or marker; the rest are
# generic (a generic family may still hold a vendor token, placed where an agent writes it).
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a Finicity or
# Etsy value is a bare alphanumeric string beside a vendor word, a Bitly token is 40 bare hex
# digits like a commit SHA, and a Dhivehi chat names its password in Thaana script only.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"finicity app key and partner secret", "bitly access token",
     "dhivehi resort staff chat password"}
)

THIRTEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_PUBLIC,
                                  *_ORD_CODE, *_ORD_HUMAN, *_ORD_DEBATABLE, *_ORD_MORE]

# Two public ids that look like random tokens: a Nexus component id and a Snap Store
# account id, each 32 characters of mixed case and digits.
DEBATABLE: list[str] = [*_ORD_DEBATABLE, *(
    text for text in THIRTEENTH_ORDINARY
    if text.startswith(("Nexus component id", "$ snapcraft whoami")))]

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, THIRTEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("thirteenth", FAMILIES, THIRTEENTH_SECRETS, THIRTEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(70, 210, 200),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in THIRTEENTH_SECRETS]
    assert len(texts) == len(set(texts))


_self_check()
