"""A sixteenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, scripts and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the fifteen earlier
corpora; only their family names (so that every family here is new, which ``_self_check``
holds), the helpers ``Family``, ``Values``, ``family``, ``split_by_family`` and ``families``
of the third, ``blind_corpus``, and the docstring, generator helpers and closing assembly of
the fifteenth, so that the same measuring code runs on this one.  It is weighted, about a
third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" pgcli, clickhouse-client, Flyway, Liquibase, SnowSQL, Beeline,
  ldapwhoami, rclone on-the-fly remotes, s5cmd, xh and dbmate; copied requests (curl, raw
  HTTP, tool-call JSON) to linkding, wallabag, Twenty, EspoCRM, Kanboard, OpenProject,
  Redash, changedetection.io, Karakeep and Tandoor; build logs of a Forgejo runner and a
  Hydra/Attic job; debugging notes on Clojure next.jdbc, Scala doobie, R DBI and Kotlin
  Exposed; diff hunks in a Docker Bake file and a Tiltfile; decisions quoting ProxySQL,
  KrakenD and rsyslog configuration;
* config files of tools not yet covered (RetroArch achievements, fetchmail, aria2,
  ZoneMinder, Frigate, Grafana Alloy, vmagent, Nagios ``resource.cfg``, Cacti, Verdaccio
  uplinks, resticprofile, HedgeDoc, Etherpad, Zigbee2MQTT, FRR OSPF/IS-IS, dnsdist) and
  vendor tokens (``VENDOR_FAMILIES``) in the formats vendors document: Culqi, PAY.JP, Tap,
  Yoco, WorkOS, Cartesia, Scrapfly, Upstage, Daytona, Picovoice, Stream, Uploadcare,
  Bytescale, Serper, Braintrust and PortOne;
* passwords people choose (names with dates, teams, pets, seasons, keyboard walks,
  leetspeak, passphrases, words typed on the wrong keyboard layout, short ones, words of
  the writer's language) where they type them: chat, SMS, email, tickets, notices,
  spreadsheets and voicemail transcripts in Sakha and Buryat, Komi and Karelian, Saraiki
  and Hindko, Khasi and Garo, Chhattisgarhi and Magahi, Sherpa and Tamang, Minangkabau and
  Buginese, Balinese and Sasak, Tausug and Maranao, Shanghainese and Hokkien, Palauan and
  Chuukese, Sesotho and Setswana, Luganda and Runyankole, Kikuyu and Kamba, Fon and Gbe,
  Umbundu and Kimbundu, Garifuna and Miskito, Mixtec and Zapotec, Blackfoot and Mi'kmaq,
  Pennsylvania Dutch and Plautdietsch, Romani, Rusyn and Lemko, Mingrelian and Laz,
  Zazaki and Gorani, Iraqi and Tunisian Arabic, and in German, Italian, Polish, Turkish,
  Indonesian, Mandarin and Brazilian Portuguese in settings the earlier names do not use
  (a sports club newsletter, a condominium notice, a housing cooperative, a site
  management office, a boarding house, a parents' group, a condominium app).

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``SIXTEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``SIXTEENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands, configs and chats with the value masked, templated, prompted for or read from
    a store; public values beside secrets (hashes, ids, UUIDs, public keys, usernames,
    hostnames); password policies; product names with versions; events with years; room
    numbers; team names with numbers.  ``DEBATABLE`` names the entries a reasonable
    reviewer could call either way; ``UNSURE_FAMILIES`` the families a reasonable scanner
    could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family.

Values come from a seeded generator (``random.Random(16_2026_12_07)``) with the length and
alphabet of their kind; people's passwords come from ``_chosen``, fed with the names, pets,
teams and words of each sample's language or place.  Distinctive prefixes are split in the
source, so no literal here is a real secret or stops a push-protection scanner.
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
from collections.abc import Sequence

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, family, split_by_family

_RNG = random.Random(16_2026_12_07)

_ALNUM = string.ascii_letters + string.digits
_LOWER_ALNUM = string.ascii_lowercase + string.digits
_UPPER_ALNUM = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
_B64URL = _ALNUM + "-_"


def _r(length: int, alphabet: str = _ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hx(length: int) -> str:
    return _r(length, _HEX)


def _raw(length: int) -> bytes:
    return bytes(_RNG.getrandbits(8) for _ in range(length))


def _b64(raw_length: int) -> str:
    return base64.b64encode(_raw(raw_length)).decode()


def _b64url(raw_length: int) -> str:
    return base64.urlsafe_b64encode(_raw(raw_length)).decode().rstrip("=")


def _uuid() -> str:
    return str(uuid.UUID(int=_RNG.getrandbits(128), version=4))


def _seg(obj: dict[str, object]) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwt(payload: dict[str, object], alg: str = "HS256", sig_raw: int = 32) -> str:
    return ".".join([_seg({"alg": alg, "typ": "JWT"}), _seg(payload), _b64url(sig_raw)])


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _pick(options: Sequence[str]) -> str:
    return options[_RNG.randrange(len(options))]


def _digits(length: int) -> str:
    return _r(length, string.digits)


_WALKS = ("1qaz2wsx", "qwerty", "asdfgh", "zxcvbn", "1q2w3e4r", "qazwsx", "!QAZ2wsx",
          "Zaq12wsx", "1qaz@WSX", "qweasdzxc", "Qwer1234", "poiuyt", "1q2w3e", "qwertz")
_SYMBOLS = "!@#$*"
_SEASONS = ("Summer", "Winter", "Spring", "Autumn", "Fall")
_LEET = str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "$"})

# A Russian word typed with the keyboard left on the Latin layout.
_LAYOUT = str.maketrans(
    "йцукенгшщзхъфывапролджэячсмитьбю",
    "qwertyuiop[]asdfghjkl;'zxcvbnm,.",
)


def _layout(word: str) -> str:
    return word.lower().translate(_LAYOUT)


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def _chosen(words: Sequence[str], names: Sequence[str] = (), pets: Sequence[str] = (),
            teams: Sequence[str] = (), seasons: Sequence[str] = _SEASONS) -> str:
    """A password as people choose it, from the words of the writer's place."""
    names = names or words
    pets = pets or names
    teams = teams or words
    year = _RNG.choice((1977, 1983, 1986, 1990, 1994, 1999, 2003, 2008, 2011, 2016, 2020,
                        2022, 2024, 2025, 2026))
    short = year % 100
    sym = _RNG.choice(_SYMBOLS)
    pattern = _RNG.randrange(11)
    if pattern == 0:
        return f"{_cap(_pick(names))}{year}"
    if pattern == 1:
        return f"{_cap(_pick(seasons))}{year}{sym}"
    if pattern == 2:
        return f"{_pick(_WALKS)}{_RNG.randrange(10, 99)}"
    if pattern == 3:
        return f"{_cap(_pick(words)).translate(_LEET)}{short:02d}{sym}"
    if pattern == 4:
        picked = _RNG.sample(list(words), min(3, len(words)))
        return _RNG.choice("-.").join(picked) + str(_RNG.randrange(2, 9))
    if pattern == 5:
        return f"{_cap(_pick(pets))}{_RNG.randrange(1, 31):02d}{_RNG.randrange(1, 13):02d}"
    if pattern == 6:
        return f"{_pick(teams)}{_RNG.randrange(1, 99)}{sym}"
    if pattern == 7:
        return f"{_cap(_pick(words))}@{year}"
    if pattern == 8:
        return f"{_pick(names).lower()}{_pick(words).lower()}{short:02d}"
    if pattern == 9:
        return f"{_pick(names).lower()[:5]}{_RNG.randrange(10, 99)}"
    return f"{_cap(_pick(words))}123{sym}"


# Distinctive prefixes, split so that no literal in this file is a whole token.
_AKIA = "AK" "IA"
_SK_LIVE = "sk" "_live_"
_GHP = "gh" "p_"
_NPM = "np" "m_"
_GLC = "gl" "c_"
_PK_LIVE = "pk" "_live_"
_TKN_LIVE = "tkn" "_live_"


_Raw = tuple[str, tuple[tuple[str, str], ...]]


def _fam(name: str, *samples: tuple[str, str]) -> _Raw:
    return name, samples


def _tool(name: str, **arguments: object) -> str:
    return json.dumps({"type": "tool_use", "name": name, "input": arguments}, ensure_ascii=False)


def _call(name: str, **arguments: object) -> str:
    return json.dumps({"function": {"name": name, "arguments": json.dumps(arguments)}},
                      ensure_ascii=False)


def _basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


def _aws() -> tuple[str, str]:
    return _AKIA + _r(16, _UPPER_ALNUM), _r(40, _ALNUM + "+/")


# --- weight 1: what a coding agent writes in a ledger entry ------------------------------

def _agent() -> list[_Raw]:
    pgcli = [_r(22), _chosen(("orders", "ledger", "pg"), ("Malin", "Oskar")), _r(26)]
    ch = [_r(20), _r(24, _ALNUM + "_"), _chosen(("clicks", "events", "olap"), ("Ines",))]
    fly = [_r(18), _r(20), _chosen(("billing", "flyway", "schema"), ("Radu", "Ilinca"))]
    lqb = [_r(22), _chosen(("LB", "oracle", "owner"), ("Sunita",)), _r(19)]
    snow = [_r(24), _chosen(("snow", "loader", "raw"), ("Henrik",)), _r(20, _ALNUM + "!#")]
    hive = [_chosen(("hive", "etl", "cluster"), ("Deepa", "Arjun")), _r(16), _r(21)]
    ldap = [_r(24), _chosen(("jenkins", "build", "ldap"), ("Tomasz",)), _r(18, _ALNUM + "%&")]
    wasabi = [(_r(20, _UPPER_ALNUM), _r(40, _ALNUM)) for _ in range(2)]
    b2 = ("005" + _hx(22), "K005" + _r(27, _ALNUM + "/+"))
    s5 = [_aws() for _ in range(3)]
    xh_pw = _chosen(("registry", "deploy", "harbor"), ("Yusuf",))
    xh_tok = [_r(40, _B64URL), _b64url(32)]
    dbm = [_r(24), _chosen(("dbmate", "mig", "schema"), ("Chidi",)), _r(20)]
    linkding = [_hx(40) for _ in range(3)]
    wb = [(f"{_RNG.randrange(1, 9)}_{_r(50, _LOWER_ALNUM)}", _r(50, _LOWER_ALNUM)) for _ in range(3)]
    wb_pw = [_chosen(("wallabag", "read", "later"), ("Noor",)) for _ in range(3)]
    twenty = [_jwt({"sub": _uuid(), "type": "API_KEY", "workspaceId": _uuid(),
                    "iat": 1733911200 + i * 86400, "exp": 4889584800, "jti": _uuid()})
              for i in range(3)]
    espo = [_hx(32) for _ in range(3)]
    kanboard = [_hx(64) for _ in range(3)]
    openproj = [_hx(64) for _ in range(3)]
    redash = [_r(40) for _ in range(3)]
    cdio = [_hx(32) for _ in range(3)]
    karakeep = [("ak" "1_") + _hx(20) + "_" + _hx(20) for _ in range(3)]
    tandoor = [("td" "a_") + _uuid().replace("-", "_") for _ in range(3)]
    forgejo_pw = _r(24)
    forgejo_tok = _hx(40)
    forgejo_npm = _NPM + _r(36)
    attic = [_jwt({"sub": sub, "exp": 1924988400 + i * 3600,
                   "https://jwt.attic.rs/v1": {"caches": {cache: {"r": 1, "w": 1}}}})
             for i, (sub, cache) in enumerate((("hydra-builder", "main"), ("hydra-ci", "ci"),
                                               ("deploy-bot", "prod")))]
    clj = [_r(20), _chosen(("clj", "datomic", "jdbc"), ("Rich", "Alex")), _r(23)]
    doobie = [_r(18), _chosen(("scala", "cats", "doobie"), ("Björn",)), _r(22)]
    rdbi = [_chosen(("tidy", "verse", "stats"), ("Hadley", "Jenny")), _r(19), _r(17)]
    exposed = [_r(21), _r(20), _chosen(("ktor", "kotlin", "exposed"), ("Olena",))]
    bake_npm = _NPM + _r(36)
    bake_gh = _GHP + _r(36)
    bake_sentry = ("sntr" "ys_") + _b64url(60)
    tilt = [_SK_LIVE + _r(24), _r(32), _hx(40)]
    proxysql = [_r(16), _r(18), _chosen(("proxy", "mysql", "sql"), ("Marek",))]
    krakend = [_r(40, _ALNUM + "~._-"), _r(32), _r(48, _ALNUM + "~")]
    rsys = [_r(20), _chosen(("logs", "elastic", "syslog"), ("Fatima",)), _r(18)]
    return [
        _fam("ledger fact verified by pgcli",
             ("fact entry", f"Fact: `orders_by_status_idx` is used for the dashboard query (Index Only Scan, 0.41 ms).\nVerified by: echo \"explain analyze select status, count(*) from orders group by 1\" | pgcli postgresql://orders_rw:{pgcli[0]}@pg-orders-2.int:5432/orders --less-chatty"),
             ("handoff note", f"Handoff for tomorrow: to look at the bloated table yourself run `pgcli -h 10.40.2.17 -U reporting -d analytics` and give it `{pgcli[1]}` at the prompt (the reporting role, we rotate it Friday). `\\dt+ events_*` shows events_2024 at 41 GB."),
             ("tool-call json", _tool("bash", command=f"pgcli 'postgres://app:{pgcli[2]}@db-03.int:5432/app?sslmode=require' --less-chatty <<< 'select version();'", description="confirm server version before the pg 17 upgrade"))),
        _fam("ledger fact verified by clickhouse-client",
             ("fact entry", f"Fact: yesterday's partition holds 18 433 201 rows, same as Kafka offsets.\nVerified by `clickhouse-client --host ch-1.analytics.int --secure --user ingest --password '{ch[0]}' --query \"SELECT count() FROM events WHERE event_date = yesterday()\"` -> 18433201"),
             ("shell transcript", f"$ clickhouse-client -h 10.8.0.44 -u default --password {ch[1]}\nClickHouse client version 24.8.4.13 (official build).\nConnecting to 10.8.0.44:9000 as user default.\nConnected to ClickHouse server version 24.8.4.\n\nch-olap-1 :) SELECT version()\n\n┌─version()─┐\n│ 24.8.4.13 │\n└───────────┘"),
             ("tool-call json", _call("run_terminal_cmd", command=f"clickhouse-client --host ch-prod.int --user olap_rw --password='{ch[2]}' -q 'SHOW TABLES FROM metrics'", is_background=False))),
        _fam("ledger fact verified by flyway info",
             ("fact entry", f"Fact: V42__add_invoice_currency is pending on staging, applied on prod.\nVerified by `flyway -url=jdbc:postgresql://pg-stage.int:5432/billing -user=flyway -password={fly[0]} info` -> | Versioned | 42 | add invoice currency | SQL | | Pending |"),
             ("build log", f"[2025-11-14T09:12:44Z] + flyway -url=jdbc:mysql://mysql-prod-1.int:3306/shop -user=deploy -password={fly[1]} -locations=filesystem:sql migrate\n[2025-11-14T09:12:46Z] Flyway OSS Edition 10.17.0 by Redgate\n[2025-11-14T09:12:47Z] Successfully applied 2 migrations to schema `shop`, now at version v57 (execution time 00:00.812s)"),
             ("decision", f"Decision: keep a checked-in flyway.conf for the local compose stack only; CI passes flags.\nCurrent file:\n```\nflyway.url=jdbc:sqlserver://sql-billing.int:1433;databaseName=billing;encrypt=true\nflyway.user=flyway_owner\nflyway.password={fly[2]}\nflyway.schemas=dbo\n```")),
        _fam("ledger fact verified by liquibase status",
             ("fact entry", f"Fact: 3 changesets from db.changelog-2025-10.xml are not applied on UAT.\nVerified by: liquibase --url=jdbc:oracle:thin:@//ora-uat.int:1521/UATPDB --username=LB_OWNER --password={lqb[0]} --changelog-file=db.changelog-master.xml status --verbose"),
             ("debugging note", f"Debug: liquibase kept picking the wrong schema. The liquibase.properties in the repo root wins over the env vars:\n\nchangelogFile=db/changelog/master.yaml\nurl=jdbc:postgresql://10.12.0.21:5432/inventory\nusername=inventory_owner\npassword={lqb[1]}\ndefaultSchemaName=public\n\nRenamed it to liquibase.local.properties."),
             ("tool-call json", _tool("shell", cmd=["liquibase", "update", "--url=jdbc:mariadb://mariadb-2.int:3306/crm", "--username=lb", f"--password={lqb[2]}", "--changelog-file=changelog.xml"], workdir="/srv/crm/db"))),
        _fam("ledger fact verified by snowsql",
             ("fact entry", f"Fact: Stripe charges land in RAW within 20 minutes of Fivetran sync.\nVerified by `SNOWSQL_PWD='{snow[0]}' snowsql -a xy12345.eu-central-1 -u LOADER_SVC -d RAW -s STRIPE -q \"select max(_fivetran_synced) from CHARGES\"` -> 2025-11-14 09:52:07.114 +0000"),
             ("debugging note", f"Debug: snowsql ignored --authenticator because ~/.snowsql/config already had a named connection:\n\n[connections.loader]\naccountname = xy12345.eu-central-1\nusername = LOADER_SVC\npassword = {snow[1]}\ndbname = RAW\nwarehousename = LOAD_WH\n\nUsing `snowsql -c loader` now."),
             ("tool-call json", _call("execute_command", command="snowsql -a ab98765.us-east-1 -u DBT_CI -r TRANSFORMER -q 'select current_role()'", env={"SNOWSQL_PWD": snow[2], "SNOWSQL_WAREHOUSE": "TRANSFORM_WH"}))),
        _fam("ledger fact verified by beeline jdbc login",
             ("fact entry", f"Fact: the `sales_orc` table is partitioned by `dt` and `region`.\nVerified by: beeline -u \"jdbc:hive2://hs2.datalake.int:10000/default;ssl=true\" -n etl_svc -p '{hive[0]}' -e 'show partitions sales_orc' | head"),
             ("build log", f"[2025-11-13, 02:00:14 UTC] {{subprocess.py:93}} INFO - Running command: ['bash', '-c', 'beeline -u jdbc:hive2://10.40.2.17:10000/warehouse -n airflow -p {hive[1]} -f /opt/airflow/sql/daily_rollup.hql']\n[2025-11-13, 02:00:19 UTC] {{subprocess.py:97}} INFO - Connected to: Apache Hive (version 3.1.3)"),
             ("debugging note", f"Debug note: Kerberos is off on the test cluster, so plain beeline works:\n  beeline -u 'jdbc:hive2://hive-test-1:10000/' -n hive -p {hive[2]}\n`!tables` lists 212 tables; the ACID ones show transactional=true.")),
        _fam("ledger fact verified by ldapwhoami",
             ("fact entry", f"Fact: the Jenkins bind DN still authenticates after the OU move.\nVerified by: ldapwhoami -x -H ldaps://ldap.corp.int -D \"uid=svc-jenkins,ou=services,dc=corp,dc=int\" -w '{ldap[0]}' -> dn:uid=svc-jenkins,ou=services,dc=corp,dc=int"),
             ("debugging note", f"Debug: Keycloak LDAP sync fails with `invalid credentials (49)`. Reproduced outside Keycloak:\n  ldapwhoami -x -H ldap://10.8.0.44 -D cn=keycloak,ou=apps,dc=example,dc=org -w {ldap[1]}\n  ldap_bind: Invalid credentials (49)\nso the password in the realm is right and the directory entry was locked."),
             ("tool-call json", _tool("run_command", command=f"ldapwhoami -H ldaps://dc01.ad.int -D 'CN=svc-gitlab,OU=Service Accounts,DC=ad,DC=int' -w '{ldap[2]}' -x", timeout_ms=15000))),
        _fam("ledger fact verified by rclone connection string remote",
             ("fact entry", f"Fact: the Wasabi bucket holds the March export (1 043 objects).\nVerified by: rclone size \":s3,provider=Wasabi,access_key_id={wasabi[0][0]},secret_access_key={wasabi[0][1]},endpoint=s3.eu-central-2.wasabisys.com:exports/2025-03\""),
             ("shell transcript", f"$ rclone lsd :b2,account={b2[0]},key={b2[1]}:\n          -1 2025-10-02 11:04:51        -1 photos-archive\n          -1 2025-06-18 08:41:09        -1 db-dumps"),
             ("handoff note", f"Handoff: the copy job is not in cron yet. Until it is, run by hand:\n\n  rclone copy /srv/backups \":s3,provider=Wasabi,access_key_id={wasabi[1][0]},secret_access_key={wasabi[1][1]},region=us-east-1:nightly\" --progress\n\nTakes ~40 min.")),
        _fam("ledger fact verified by s5cmd listing",
             ("fact entry", f"Fact: the CDN origin bucket has no objects older than 2023.\nVerified by `AWS_ACCESS_KEY_ID={s5[0][0]} AWS_SECRET_ACCESS_KEY={s5[0][1]} s5cmd ls 's3://static-origin/*' | sort | head -1` -> 2023/01/04 10:22:31  48213  assets/app.3f9a1c.js"),
             ("build log", f"#14 [deploy 3/4] RUN AWS_ACCESS_KEY_ID={s5[1][0]} AWS_SECRET_ACCESS_KEY={s5[1][1]} s5cmd --endpoint-url https://minio.int:9000 sync ./dist/ s3://site/\n#14 1.912 cp dist/index.html s3://site/index.html\n#14 DONE 2.4s"),
             ("tool-call json", _call("bash", command="s5cmd --numworkers 64 cp 's3://raw-logs/2025/11/*' ./logs/", env={"AWS_ACCESS_KEY_ID": s5[2][0], "AWS_SECRET_ACCESS_KEY": s5[2][1], "AWS_REGION": "eu-west-1"}))),
        _fam("ledger fact verified by xh request",
             ("fact entry", f"Fact: the registry lists 37 repositories, `web/frontend` among them.\nVerified by: xh -a deploy:{xh_pw} https://registry.int/v2/_catalog n==100"),
             ("debugging note", f"Debug: the job endpoint wants JSON, not form data. This works:\n  xh POST https://jobs.internal.example.com/v1/jobs Authorization:\"Bearer {xh_tok[0]}\" name=reindex priority:=2\nHTTP/1.1 201 Created"),
             ("tool-call json", _tool("bash", command=f"xh --ignore-stdin GET https://api.staging.example.net/v2/me 'X-Api-Key:{xh_tok[1]}'", reason="check which account the staging key belongs to"))),
        _fam("ledger fact verified by dbmate status",
             ("fact entry", f"Fact: prod is one migration behind main (20251110_add_refunds.sql).\nVerified by `DATABASE_URL=\"postgres://dbmate:{dbm[0]}@pg-main.int:5432/payments?sslmode=require\" dbmate status` -> [ ] 20251110_add_refunds.sql / Applied: 63 / Pending: 1"),
             ("diff hunk", f"diff --git a/.env b/.env\nindex 4be1c2a..9f02d17 100644\n--- a/.env\n+++ b/.env\n@@ -1,3 +1,3 @@\n-DATABASE_URL=\"postgres://postgres:postgres@127.0.0.1:5432/app_dev?sslmode=disable\"\n+DATABASE_URL=\"mysql://dbmate:{dbm[1]}@mysql-stage.int:3306/app\"\n DBMATE_MIGRATIONS_DIR=./db/migrations\n DBMATE_NO_DUMP_SCHEMA=true"),
             ("build log", f"Step 5/7 : RUN dbmate --url \"postgres://migrator:{dbm[2]}@10.40.2.17:5432/ledger\" --wait up\n ---> Running in 1c0de7a9b2f4\nWaiting for database....\nApplying: 20251101_ledger_indexes.sql\nApplied: 20251101_ledger_indexes.sql in 18.442ms")),
        _fam("copied request to the linkding api",
             ("curl request", f"curl -s https://links.example.net/api/bookmarks/?q=%23rust \\\n  -H 'Authorization: Token {linkding[0]}' | jq '.count'"),
             ("raw http", f"GET /api/bookmarks/?limit=100&offset=0 HTTP/1.1\nHost: linkding.home.lan:9090\nAuthorization: Token {linkding[1]}\nAccept: application/json"),
             ("tool-call json", _tool("http_request", method="POST", url="https://bookmarks.example.org/api/bookmarks/", headers={"Authorization": f"Token {linkding[2]}", "Content-Type": "application/json"}, body={"url": "https://lwn.net/Articles/998211/", "tag_names": ["kernel", "read-later"]}))),
        _fam("copied request to the wallabag api",
             ("curl request", f"curl -s -X POST https://wallabag.example.net/oauth/v2/token \\\n  -d grant_type=password -d client_id={wb[0][0]} -d client_secret={wb[0][1]} \\\n  -d username=noor -d password='{wb_pw[0]}'"),
             ("raw http", f"POST /oauth/v2/token HTTP/1.1\nHost: read.home.lan\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=password&client_id={wb[1][0]}&client_secret={wb[1][1]}&username=admin&password={wb_pw[1]}"),
             ("tool-call json", _call("fetch_url", url="https://wallabag.it.example.com/oauth/v2/token", method="POST", json={"grant_type": "password", "client_id": wb[2][0], "client_secret": wb[2][1], "username": "reader", "password": wb_pw[2]}))),
        _fam("copied request to the twenty crm api",
             ("curl request", f"curl 'https://crm.example.io/rest/companies?limit=20' \\\n  -H 'Authorization: Bearer {twenty[0]}'"),
             ("raw http", f"POST /graphql HTTP/1.1\nHost: twenty.internal.example.com\nAuthorization: Bearer {twenty[1]}\nContent-Type: application/json\n\n{{\"query\":\"{{ people(first: 5) {{ edges {{ node {{ id name {{ firstName }} }} }} }} }}\"}}"),
             ("tool-call json", _tool("http_request", method="PATCH", url="https://api.twenty.com/rest/opportunities/4c1e2d0a-1b7f-4a55-9d6e-0e8f3e7a2b10", headers={"Authorization": f"Bearer {twenty[2]}"}, body={"stage": "MEETING"}))),
        _fam("copied request to the espocrm api",
             ("curl request", f"curl -s 'https://crm.example.de/api/v1/Account?maxSize=5&orderBy=createdAt' -H 'X-Api-Key: {espo[0]}'"),
             ("raw http", f"POST /api/v1/Lead HTTP/1.1\nHost: espo.internal.lan\nX-Api-Key: {espo[1]}\nContent-Type: application/json\n\n{{\"firstName\":\"Test\",\"lastName\":\"Lead\",\"source\":\"Web Site\"}}"),
             ("debugging note", f"Debug: 403 from EspoCRM was the role, not the key. With the API user's key it works in Python:\n\n    requests.get(\"https://crm.example.de/api/v1/Contact\", headers={{\"X-Api-Key\": \"{espo[2]}\"}}, timeout=10)\n\nafter giving the role read access to Contacts.")),
        _fam("copied request to the kanboard json-rpc api",
             ("curl request", f"curl -s -u \"jsonrpc:{kanboard[0]}\" -d '{{\"jsonrpc\":\"2.0\",\"method\":\"getAllProjects\",\"id\":1}}' https://kanboard.example.org/jsonrpc.php"),
             ("raw http", f"POST /jsonrpc.php HTTP/1.1\nHost: board.home.lan\nAuthorization: Basic {_basic('jsonrpc', kanboard[1])}\nContent-Type: application/json\n\n{{\"jsonrpc\":\"2.0\",\"method\":\"createTask\",\"id\":7,\"params\":{{\"title\":\"Renew TLS cert\",\"project_id\":3}}}}"),
             ("tool-call json", _tool("http_request", method="POST", url="https://tasks.example.net/jsonrpc.php", auth={"username": "jsonrpc", "password": kanboard[2]}, body={"jsonrpc": "2.0", "method": "getBoard", "id": 2, "params": [4]}))),
        _fam("copied request to the openproject api",
             ("curl request", f"curl -s -u apikey:{openproj[0]} 'https://op.example.com/api/v3/projects/infra/work_packages?pageSize=50'"),
             ("raw http", f"GET /api/v3/users/me HTTP/1.1\nHost: openproject.internal.example.org\nAuthorization: Basic {_basic('apikey', openproj[1])}\nAccept: application/hal+json"),
             ("tool-call json", _call("http_post", url="https://projects.example.eu/api/v3/work_packages", basic_auth=["apikey", openproj[2]], json={"subject": "Migrate runners to Ubuntu 24.04", "_links": {"project": {"href": "/api/v3/projects/12"}}}))),
        _fam("copied request to the redash api",
             ("curl request", f"curl -s 'https://redash.example.com/api/queries/412/results.json' -H 'Authorization: Key {redash[0]}' | jq '.query_result.data.rows | length'"),
             ("raw http", f"GET /api/dashboards/weekly-kpis?api_key={redash[1]} HTTP/1.1\nHost: bi.internal.lan\nAccept: application/json"),
             ("debugging note", f"Debug: the refresh endpoint needs a user key, not the query key. Works with mine:\n  POST https://redash.example.com/api/queries/412/refresh\n  Authorization: Key {redash[2]}\nreturns a job id; polling /api/jobs/<id> shows status 3 after ~8 s.")),
        _fam("copied request to the changedetection api",
             ("curl request", f"curl -s -X POST https://watch.example.net/api/v1/watch -H 'x-api-key: {cdio[0]}' -H 'Content-Type: application/json' -d '{{\"url\":\"https://www.python.org/downloads/\",\"tag\":\"releases\"}}'"),
             ("raw http", f"GET /api/v1/watch?recheck_all=1 HTTP/1.1\nHost: changedetection.home.lan:5000\nx-api-key: {cdio[1]}"),
             ("tool-call json", _tool("http_request", method="GET", url="http://10.8.0.44:5000/api/v1/systeminfo", headers={"x-api-key": cdio[2]}))),
        _fam("copied request to the karakeep api",
             ("curl request", f"curl -s https://keep.example.org/api/v1/bookmarks?limit=10 -H 'Authorization: Bearer {karakeep[0]}'"),
             ("raw http", f"POST /api/v1/bookmarks HTTP/1.1\nHost: hoarder.home.lan:3000\nAuthorization: Bearer {karakeep[1]}\nContent-Type: application/json\n\n{{\"type\":\"link\",\"url\":\"https://sqlite.org/wal.html\"}}"),
             ("tool-call json", _call("http_request", method="GET", url="https://karakeep.example.net/api/v1/lists", headers={"Authorization": f"Bearer {karakeep[2]}"}))),
        _fam("copied request to the tandoor recipes api",
             ("curl request", f"curl -s 'https://recipes.example.org/api/recipe/?query=curry' -H 'Authorization: Bearer {tandoor[0]}'"),
             ("raw http", f"POST /api/shopping-list-entry/ HTTP/1.1\nHost: tandoor.home.lan\nAuthorization: Bearer {tandoor[1]}\nContent-Type: application/json\n\n{{\"food\":{{\"name\":\"chickpeas\"}},\"amount\":2}}"),
             ("tool-call json", _tool("http_request", method="GET", url="https://kitchen.example.net/api/meal-plan/", headers={"Authorization": f"Bearer {tandoor[2]}"}, params={"from_date": "2025-11-17"}))),
        _fam("ledger note quoting a forgejo runner log",
             ("build log", f"[build/publish] | + docker login -u ci-bot -p {forgejo_pw} code.example.org\n[build/publish] | WARNING! Using --password via the CLI is insecure. Use --password-stdin.\n[build/publish] | Login Succeeded\n[build/publish] ✅  Success - Main docker login"),
             ("ledger note", f"Note: the mirror step failed on the runner, log line:\n  [mirror/push] | fatal: unable to access 'https://ci-bot:{forgejo_tok}@code.example.org/infra/dns.git/': The requested URL returned error: 403\nThe bot lost write access when the repo moved orgs."),
             ("failure summary", f"Failure summary (forgejo-runner 6.2.2, job `release / npm`):\n- step `setup npmrc` wrote `//registry.npmjs.org/:_authToken={forgejo_npm}` into the log because `set -x` was on\n- publish then failed with E403 (version exists)\nAction: drop set -x, rotate token.")),
        _fam("ledger note quoting a hydra attic build log",
             ("build log", f"building '/nix/store/8q0b1z2k7m3v5xw6y9a4c1d2e3f4g5h6-push-to-attic.drv'...\n+ attic login main https://attic.example.net {attic[0]}\n✍️ Configuring server \"main\"\n+ attic push main ./result\n✅ Pushed 14 paths"),
             ("ledger note", f"Note: Hydra's runcommand hook logs the whole command. From job infra:main:x86_64-linux.web:\n  attic login --set-default ci https://cache.int.example.org {attic[1]}\nNeed to move the token into a file read by the hook."),
             ("tool-call json", _tool("bash", command=f"attic login prod https://attic.example.com {attic[2]} && attic cache info prod:nixpkgs", description="check retention of the prod cache"))),
        _fam("ledger debugging note on a clojure next.jdbc db spec",
             ("debugging note", f"Debug: connection refused came from the db-spec still pointing at the old host. In src/app/db.clj:\n\n(def db {{:dbtype \"postgresql\" :dbname \"orders\" :host \"pg-orders-2.int\" :user \"orders_app\" :password \"{clj[0]}\"}})\n(def ds (jdbc/get-datasource db))\n\nHost fixed; next step is moving it to aero config."),
             ("repl transcript", f"user=> (require '[next.jdbc :as jdbc])\nnil\nuser=> (def ds (jdbc/get-datasource {{:dbtype \"mysql\" :host \"10.12.0.21\" :dbname \"legacy\" :user \"root\" :password \"{clj[1]}\"}}))\n#'user/ds\nuser=> (jdbc/execute-one! ds [\"select count(*) as n from customers\"])\n{{:n 48211}}"),
             ("diff hunk", f"--- a/resources/config.edn\n+++ b/resources/config.edn\n@@ -4,7 +4,7 @@\n  :db {{:dbtype \"postgresql\"\n       :host #or [#env DB_HOST \"localhost\"]\n       :dbname \"inventory\"\n-      :password #env DB_PASSWORD}}\n+      :password \"{clj[2]}\"}}")),
        _fam("ledger debugging note on a scala doobie transactor",
             ("debugging note", f"Debug: the pool was fine; doobie's DriverManager transactor opens a fresh connection each time. Current code:\n\nval xa = Transactor.fromDriverManager[IO](\n  driver = \"org.postgresql.Driver\", url = \"jdbc:postgresql://pg-analytics.int:5432/events\",\n  user = \"events_ro\", password = \"{doobie[0]}\", logHandler = None)\n\nSwitching to HikariTransactor."),
             ("sbt console transcript", f"scala> val xa = Transactor.fromDriverManager[IO](\"org.postgresql.Driver\", \"jdbc:postgresql://localhost:15432/catalog\", \"catalog\", \"{doobie[1]}\", None)\nval xa: doobie.util.transactor.Transactor.Aux[cats.effect.IO, Unit] = doobie.util.transactor$Transactor$$anon$13@5b2c41f\n\nscala> sql\"select count(*) from products\".query[Int].unique.transact(xa).unsafeRunSync()\nval res0: Int = 9134"),
             ("diff hunk", f"@@ -12,8 +12,8 @@ object Db {{\n   val transactor: Resource[IO, HikariTransactor[IO]] =\n     for {{\n       ce <- ExecutionContexts.fixedThreadPool[IO](16)\n-      xa <- HikariTransactor.newHikariTransactor[IO](driver, url, cfg.user, cfg.password, ce)\n+      xa <- HikariTransactor.newHikariTransactor[IO](driver, url, \"billing\", \"{doobie[2]}\", ce)\n     }} yield xa")),
        _fam("ledger debugging note on an r dbi dbconnect call",
             ("debugging note", f"Debug: the Shiny app timed out because RPostgres tried IPv6 first. Reproduced in the R console with the same call as app.R:\n\ncon <- dbConnect(RPostgres::Postgres(), host = \"pg-stats.int\", dbname = \"survey\", user = \"shiny\", password = \"{rdbi[0]}\")\n\nAdding hostaddr fixed it."),
             ("r console transcript", f"> library(DBI)\n> con <- dbConnect(odbc::odbc(), Driver = \"ODBC Driver 18 for SQL Server\", Server = \"sql-finance.int\", Database = \"gl\", UID = \"r_reader\", PWD = \"{rdbi[1]}\", TrustServerCertificate = \"yes\")\n> dbGetQuery(con, \"SELECT COUNT(*) AS n FROM dbo.journal\")\n       n\n1 882113"),
             ("diff hunk", f"--- a/R/db.R\n+++ b/R/db.R\n@@ -1,6 +1,6 @@\n connect_warehouse <- function() {{\n   DBI::dbConnect(RMariaDB::MariaDB(), host = \"10.40.2.17\", dbname = \"warehouse\",\n-                 user = Sys.getenv(\"WH_USER\"), password = Sys.getenv(\"WH_PASS\"))\n+                 user = \"analyst\", password = \"{rdbi[2]}\")\n }}")),
        _fam("ledger debugging note on a kotlin exposed database connect",
             ("debugging note", f"Debug: Exposed logged `Access denied for user 'ktor'@'10.8.0.%'`. The connect call in Application.kt:\n\nDatabase.connect(\"jdbc:mysql://mysql-1.int:3306/shop\", driver = \"com.mysql.cj.jdbc.Driver\", user = \"ktor\", password = \"{exposed[0]}\")\n\nThe grant was for 'ktor'@'10.12.%'. Re-granted."),
             ("test run output", f"> Task :test\nDatabaseTest > connects to staging() FAILED\n    org.jetbrains.exposed.exceptions.ExposedSQLException at DatabaseTest.kt:18\n        Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"orders\"\nDatabaseTest.kt:14: Database.connect(url = \"jdbc:postgresql://pg-stage.int/orders\", user = \"orders\", password = \"{exposed[1]}\")"),
             ("diff hunk", f"@@ -8,9 +8,9 @@ fun Application.configureDatabases() {{\n-    val password = environment.config.property(\"db.password\").getString()\n+    val password = \"{exposed[2]}\"\n     Database.connect(\n         url = \"jdbc:postgresql://db-03.int:5432/ktor\",\n         user = \"ktor_app\",\n         password = password,")),
        _fam("diff hunk in a docker bake hcl file",
             ("diff hunk", f"--- a/docker-bake.hcl\n+++ b/docker-bake.hcl\n@@ -1,6 +1,9 @@\n variable \"TAG\" {{\n   default = \"latest\"\n }}\n+variable \"NPM_TOKEN\" {{\n+  default = \"{bake_npm}\"\n+}}\n target \"web\" {{\n   dockerfile = \"Dockerfile\""),
             ("review note", f"Review note on PR #318: docker-bake.hcl now has\n\n  target \"api\" {{\n    args = {{\n      GITHUB_TOKEN = \"{bake_gh}\"\n    }}\n  }}\n\nBuild args end up in the image history; this should be a `secret = [\"id=gh,env=GITHUB_TOKEN\"]` instead."),
             ("tool-call json", _tool("edit_file", path="docker-bake.hcl", old_string="  args = {}\n", new_string=f"  args = {{\n    SENTRY_AUTH_TOKEN = \"{bake_sentry}\"\n  }}\n"))),
        _fam("diff hunk in a tiltfile",
             ("diff hunk", f"--- a/Tiltfile\n+++ b/Tiltfile\n@@ -22,6 +22,7 @@ local_resource(\n     'payments-worker',\n     serve_cmd='go run ./cmd/worker',\n-    serve_env={{'STRIPE_KEY': os.getenv('STRIPE_KEY', '')}},\n+    serve_env={{'STRIPE_KEY': '{tilt[0]}'}},\n     deps=['./cmd/worker', './internal'],\n )"),
             ("ledger note", f"Note: Tiltfile line 41 still hard-codes the dev Mailgun key:\n  k8s_yaml(secret_from_dict('mailgun', inputs={{'api-key': '{tilt[1]}'}}))\nLeft it because the whole team uses that sandbox; flagged in the handoff."),
             ("tool-call json", _call("str_replace", path="Tiltfile", old_str="docker_build('registry.int/web', '.')", new_str=f"docker_build('registry.int/web', '.', build_args={{'GH_TOKEN': '{tilt[2]}'}})"))),
        _fam("ledger decision quoting a proxysql admin block",
             ("decision", f"Decision: keep ProxySQL's admin interface bound to localhost only. Current proxysql.cnf:\n\nadmin_variables=\n{{\n    admin_credentials=\"admin:{proxysql[0]};radmin:{proxysql[1]}\"\n    mysql_ifaces=\"127.0.0.1:6032\"\n}}"),
             ("debugging note", f"Debug: ProxySQL monitor shows the replica as SHUNNED because the monitor user is wrong. From the runtime tables:\n\nAdmin> SELECT variable_name, variable_value FROM global_variables WHERE variable_name LIKE 'mysql-monitor_%word';\nmysql-monitor_password | {proxysql[2]}"),
             ("diff hunk", f"@@ -30,6 +30,12 @@ mysql_servers =\n )\n+mysql_users =\n+(\n+    {{ username = \"shop\", password = \"{_r(20)}\", default_hostgroup = 10, active = 1 }}\n+)\n")),
        _fam("ledger decision quoting a krakend backend",
             ("decision", f"Decision: KrakenD fetches its own token for the orders backend (client credentials) instead of forwarding user tokens. From krakend.json:\n\n\"extra_config\": {{\n  \"auth/client-credentials\": {{\n    \"client_id\": \"krakend-orders\",\n    \"client_secret\": \"{krakend[0]}\",\n    \"token_url\": \"https://sso.example.com/realms/int/protocol/openid-connect/token\"\n  }}\n}}"),
             ("debugging note", f"Debug: 401 on /v1/inventory. KrakenD forwards the static header we set in the backend block:\n\n\"backend\": [{{\"host\": [\"http://inventory:8080\"], \"url_pattern\": \"/items\",\n  \"extra_config\": {{\"modifier/martian\": {{\"header.Modifier\": {{\"scope\": [\"request\"], \"name\": \"X-Api-Key\", \"value\": \"{krakend[1]}\"}}}}}}}}]\n\nThat key was revoked in the inventory service yesterday."),
             ("diff hunk", f"--- a/krakend/settings/prod/backends.json\n+++ b/krakend/settings/prod/backends.json\n@@ -3,5 +3,5 @@\n   \"payments\": {{\n     \"host\": \"https://payments.int\",\n-    \"client_secret\": \"{{{{ env \\\"PAYMENTS_CLIENT_SECRET\\\" }}}}\"\n+    \"client_secret\": \"{krakend[2]}\"\n   }}")),
        _fam("ledger decision quoting an rsyslog omelasticsearch action",
             ("decision", f"Decision: ship auth logs straight from rsyslog to the log cluster, no Logstash in between. The action in /etc/rsyslog.d/60-es.conf:\n\naction(type=\"omelasticsearch\" server=\"es-logs.int\" serverport=\"9200\" usehttps=\"on\"\n       searchIndex=\"authlog\" uid=\"rsyslog\" pwd=\"{rsys[0]}\" bulkmode=\"on\")"),
             ("debugging note", f"Debug: rsyslog showed `omelasticsearch: we are suspending ourselves`. rsyslogd -N1 passes; curl with the same uid/pwd from the config (`uid=\"shipper\" pwd=\"{rsys[1]}\"`) gets 401, so the ES user expired."),
             ("diff hunk", f"--- a/roles/rsyslog/files/70-opensearch.conf\n+++ b/roles/rsyslog/files/70-opensearch.conf\n@@ -2,4 +2,4 @@ module(load=\"omelasticsearch\")\n action(type=\"omelasticsearch\" server=\"opensearch-1.int\" serverport=\"9200\"\n-       uid=\"logs\" pwd=`echo $ES_PWD`\n+       uid=\"logs\" pwd=\"{rsys[2]}\"\n        template=\"json-syslog\" searchIndex=\"syslog\")")),
    ]


# --- weight 2: config files of tools not yet covered ----------------------------------------

def _formats() -> list[_Raw]:
    ra = [_chosen(("mario", "zelda", "sonic", "retro"), ("Luca", "Kenji")) for _ in range(3)]
    fm = [_chosen(("mail", "pop", "home"), ("Gerda", "Wim")), _r(16), _chosen(("imap", "post", "inbox"), ("Anneke",))]
    aria = [_r(32), _r(24, _LOWER_ALNUM), _chosen(("aria", "torrent", "nas"), ("Ming",))]
    zm = [_r(20), _chosen(("zm", "camera", "cctv"), ("Pablo",)), _r(18)]
    frig = [(_chosen(("frigate", "mqtt", "house"), ("Sam",)), _r(12)), (_r(16), _chosen(("porch", "garage", "cam"), ("Lotte",))), (_r(18), _r(14))]
    alloy = [_GLC + _b64(96).rstrip("=") for _ in range(3)]
    vm = [_r(24), _r(28), _chosen(("metrics", "victoria", "vm"), ("Igor",))]
    nag = [_r(16), _chosen(("nagios", "monitor", "check"), ("Dave",)), _r(20)]
    cacti = [_r(18), _chosen(("cacti", "rrd", "graph"), ("Ahmet",)), _r(22)]
    verd = [_NPM + _r(36) for _ in range(2)] + [_b64(24)]
    rp = [_r(32), _chosen(("restic", "backup", "snap"), ("Julia",)), _r(40, _ALNUM + "-_")]
    rp_aws = _aws()
    hd = [_hx(64), _r(40), _r(48, _B64URL)]
    hd_db = _r(20)
    ep = [_chosen(("etherpad", "pad", "notes"), ("Zoe",)), _r(18), _chosen(("school", "pad", "class"), ("Maier",))]
    z2m = [_r(20), _chosen(("zigbee", "mqtt", "home"), ("Piet",)), _r(16)]
    z2m_front = _r(32)
    frr = [_r(12), _chosen(("ospf", "core", "area0"), ("Lars",)), _r(14)]
    dnsd = [_b64(32) for _ in range(3)]
    dnsd_web = _r(20)
    return [
        _fam("retroarch cheevos password",
             ("config file", f"# retroarch.cfg (excerpt)\ncheevos_enable = \"true\"\ncheevos_hardcore_mode_enable = \"false\"\ncheevos_username = \"pixelkenji\"\ncheevos_password = \"{ra[0]}\"\ncheevos_token = \"\"\nmenu_driver = \"ozone\""),
             ("forum post", f"RetroAchievements won't log in on my Steam Deck. Tried the login in the menu and also editing the cfg directly:\n\ncheevos_username = \"luca_plays\"\ncheevos_password = \"{ra[1]}\"\n\nStill says 'Login failed'. Website login works fine. Any ideas?"),
             ("chat message", f"ok so for the handheld: Settings > Achievements > enable, then user is retrolounge and pass {ra[2]} — it's the shared club account, don't change the email pls")),
        _fam("fetchmailrc poll password",
             ("config file", f"# ~/.fetchmailrc\nset daemon 300\nset logfile ~/.fetchmail.log\npoll pop.kpnmail.nl protocol POP3 port 995\n    user \"gerda.devries\" password \"{fm[0]}\" is gerda here\n    ssl keep"),
             ("mailing list question", f"Hi all, fetchmail 6.4.38 keeps saying 'Authorization failure' for one account only. Relevant part:\n\npoll imap.example.net proto IMAP\n  user 'shop@example.net' there with password '{fm[1]}' is shop here\n  folder INBOX fetchall\n\nThe other two polls work. Thanks, Wim"),
             ("diff hunk", f"--- a/home/anneke/.fetchmailrc\n+++ b/home/anneke/.fetchmailrc\n@@ -3,3 +3,3 @@ set postmaster \"anneke\"\n poll mail.ziggo.nl proto imap\n-    user \"anneke.bos\" password \"\" is anneke here\n+    user \"anneke.bos\" password \"{fm[2]}\" is anneke here\n     ssl sslproto TLS1.2+")),
        _fam("aria2 conf rpc secret",
             ("config file", f"# /etc/aria2/aria2.conf\ndir=/srv/downloads\nenable-rpc=true\nrpc-listen-all=true\nrpc-listen-port=6800\nrpc-secret={aria[0]}\nmax-concurrent-downloads=4"),
             ("jsonrpc request", json.dumps({"jsonrpc": "2.0", "id": "qwer", "method": "aria2.addUri", "params": [f"token:{aria[1]}", ["https://releases.ubuntu.com/24.04/ubuntu-24.04.1-live-server-amd64.iso"]]})),
             ("chat message", f"AriaNg setup for the NAS: RPC address nas.local, port 6800, protocol http, secret token {aria[2]}. Paste it under AriaNg Settings > RPC.")),
        _fam("zoneminder zm conf db password",
             ("config file", f"# /etc/zm/conf.d/99-local.conf\nZM_DB_HOST=localhost\nZM_DB_NAME=zm\nZM_DB_USER=zmuser\nZM_DB_PASS={zm[0]}"),
             ("docker compose", f"services:\n  zoneminder:\n    image: zoneminderhq/zoneminder:latest-ubuntu18.04\n    environment:\n      - TZ=Europe/Madrid\n      - ZM_DB_HOST=zm-db\n      - ZM_DB_USER=zmuser\n      - ZM_DB_PASS={zm[1]}\n    shm_size: 1g"),
             ("forum post", f"After upgrading to 1.36.35 zmpkg.pl says it can't connect to the database. My /etc/zm/zm.conf has ZM_DB_USER=zmuser and ZM_DB_PASS={zm[2]} and mysql -u zmuser -p with that works. What else reads the credentials?")),
        _fam("frigate config mqtt and camera passwords",
             ("config file", f"mqtt:\n  host: 192.168.1.20\n  user: frigate\n  password: {frig[0][0]}\ncameras:\n  driveway:\n    ffmpeg:\n      inputs:\n        - path: rtsp://admin:{frig[0][1]}@192.168.1.64:554/Streaming/Channels/101\n          roles: [detect, record]"),
             ("github discussion paste", f"Frigate 0.14.1, Coral USB. Detection works but MQTT never connects. Config:\n\n```yaml\nmqtt:\n  host: core-mosquitto\n  user: mqtt_frigate\n  password: \"{frig[1][0]}\"\n```\nLog: `Unable to connect to MQTT server: Connection Refused - not authorised.`\nCamera side is fine, the garage cam streams with its own admin login ({frig[1][1]})."),
             ("chat message", f"frigate finally running on the mini pc. if you want to add the back yard cam: rtsp://viewer:{frig[2][0]}@10.0.0.31:554/h264Preview_01_main, mqtt user is frigate / {frig[2][1]}")),
        _fam("grafana alloy basic_auth block",
             ("config file", f"prometheus.remote_write \"grafana_cloud\" {{\n  endpoint {{\n    url = \"https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\"\n    basic_auth {{\n      username = \"1437298\"\n      password = \"{alloy[0]}\"\n    }}\n  }}\n}}"),
             ("diff hunk", f"--- a/alloy/config.alloy\n+++ b/alloy/config.alloy\n@@ -14,7 +14,7 @@ loki.write \"cloud\" {{\n   endpoint {{\n     url = \"https://logs-prod-012.grafana.net/loki/api/v1/push\"\n     basic_auth {{\n       username = \"902114\"\n-      password = sys.env(\"GRAFANA_CLOUD_TOKEN\")\n+      password = \"{alloy[1]}\"\n     }}"),
             ("forum post", f"Alloy 1.4 gives `server returned HTTP status 401 Unauthorized` pushing traces. My block:\n\notelcol.auth.basic \"tempo\" {{\n  username = \"781236\"\n  password = \"{alloy[2]}\"\n}}\n\nThe same token works for metrics. Do traces need a different scope?")),
        _fam("vmagent remote write basic auth flags",
             ("systemd unit", f"[Service]\nExecStart=/usr/local/bin/vmagent-prod \\\n  -promscrape.config=/etc/vmagent/scrape.yml \\\n  -remoteWrite.url=https://vm.example.net/api/v1/write \\\n  -remoteWrite.basicAuth.username=edge-01 \\\n  -remoteWrite.basicAuth.password={vm[0]}\nRestart=always"),
             ("docker compose", f"  vmagent:\n    image: victoriametrics/vmagent:v1.106.1\n    command:\n      - -promscrape.config=/etc/prometheus/prometheus.yml\n      - -remoteWrite.url=http://victoria.int:8428/api/v1/write\n      - -remoteWrite.bearerToken={vm[1]}\n    volumes:\n      - ./prometheus.yml:/etc/prometheus/prometheus.yml"),
             ("kubernetes args", f"      containers:\n        - name: vmagent\n          image: victoriametrics/vmagent:v1.102.0\n          args:\n            - -remoteWrite.url=https://metrics.example.org/insert/0/prometheus/api/v1/write\n            - -remoteWrite.basicAuth.username=k8s-prod\n            - -remoteWrite.basicAuth.password={vm[2]}")),
        _fam("nagios resource cfg user macro",
             ("config file", f"# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n$USER3$=monitor\n$USER4$={nag[0]}\n# used by check_mysql_health and check_mssql"),
             ("diff hunk", f"--- a/nagios/etc/resource.cfg\n+++ b/nagios/etc/resource.cfg\n@@ -20,3 +20,5 @@ $USER1$=/usr/lib/nagios/plugins\n $USER2$=/usr/lib/nagios/plugins/eventhandlers\n+# snmpv3 for the new switches\n+$USER7$={nag[1]}"),
             ("ticket comment", f"Checks for the new SQL box are red with 'Login failed'. The command is check_mssql -H 10.12.0.21 -U nagios -P $USER9$ and $USER9$ in resource.cfg is currently {nag[2]} — can someone confirm that matches what the DBA set?")),
        _fam("cacti config php database password",
             ("config file", f"<?php\n$database_type     = 'mysql';\n$database_default  = 'cacti';\n$database_hostname = 'localhost';\n$database_username = 'cactiuser';\n$database_password = '{cacti[0]}';\n$database_port     = '3306';"),
             ("forum post", f"Cacti 1.2.27: the poller says 'FATAL: Connection to Cacti database failed'. include/config.php has $database_username = 'cacti'; $database_password = '{cacti[1]}'; and I can log in with mysql -u cacti with that. SELinux is permissive."),
             ("shell transcript", f"root@nms01:~# grep -n database_ /usr/share/cacti/site/include/config.php\n27:$database_type     = 'mysql';\n28:$database_default  = 'cacti';\n29:$database_hostname = 'db-03.int';\n30:$database_username = 'cacti_rw';\n31:$database_password = '{cacti[2]}';")),
        _fam("verdaccio uplink auth token",
             ("config file", f"uplinks:\n  npmjs:\n    url: https://registry.npmjs.org/\n    auth:\n      type: bearer\n      token: \"{verd[0]}\"\npackages:\n  '@acme/*':\n    access: $authenticated\n    proxy: npmjs"),
             ("diff hunk", f"--- a/verdaccio/conf/config.yaml\n+++ b/verdaccio/conf/config.yaml\n@@ -9,6 +9,9 @@ uplinks:\n   npmjs:\n     url: https://registry.npmjs.org/\n+    auth:\n+      type: bearer\n+      token: {verd[1]}"),
             ("issue comment", f"Same here with 5.32. Our uplink to the GitLab registry is\n\n  gitlab:\n    url: https://gitlab.example.com/api/v4/packages/npm/\n    auth:\n      type: basic\n      token: \"{verd[2]}\"\n\nand every tarball fetch is a 401 after the upgrade.")),
        _fam("resticprofile config password",
             ("toml config", f"version = \"1\"\n\n[default]\nrepository = \"s3:https://s3.eu-central-1.amazonaws.com/backup-nas\"\npassword-file = \"\"\ninitialize = true\n\n[default.env]\nRESTIC_PASSWORD = \"{rp[0]}\"\nAWS_ACCESS_KEY_ID = \"{rp_aws[0]}\"\nAWS_SECRET_ACCESS_KEY = \"{rp_aws[1]}\""),
             ("yaml config", f"version: \"1\"\nhome:\n  repository: \"sftp:backup@nas.local:/volume1/restic/home\"\n  env:\n    RESTIC_PASSWORD: \"{rp[1]}\"\n  backup:\n    source: [\"/home/julia\"]\n    schedule: \"daily\""),
             ("chat message", f"resticprofile is set up on the laptop too now. profile `laptop`, repo rest:https://restic.home.lan/julia, the repository password is {rp[2]} — put it in your password manager, without it the backups are useless")),
        _fam("hedgedoc config json session secret",
             ("config json", json.dumps({"production": {"domain": "pad.example.org", "protocolUseSSL": True, "sessionSecret": hd[0], "db": {"dialect": "postgres", "host": "db", "username": "hedgedoc", "password": hd_db, "database": "hedgedoc"}}}, indent=2)),
             ("docker compose env", f"    environment:\n      - CMD_DB_URL=postgres://hedgedoc:{hd[1]}@database:5432/hedgedoc\n      - CMD_DOMAIN=notes.example.net\n      - CMD_URL_ADDPORT=false\n      - CMD_ALLOW_ANONYMOUS=false"),
             ("issue comment", f"Logins drop every restart because the session secret is regenerated. Setting it explicitly fixed it for me:\n\nCMD_SESSION_SECRET={hd[2]}\n\n(HedgeDoc 1.10.0, docker)")),
        _fam("etherpad settings json admin password",
             ("settings json", "\"users\": {\n  \"admin\": {\n    \"password\": \"" + ep[0] + "\",\n    \"is_admin\": true\n  }\n},\n\"dbType\": \"postgres\""),
             ("docker run", f"docker run -d --name etherpad -p 9001:9001 -e ADMIN_PASSWORD={ep[1]} -e DB_TYPE=postgres -e DB_HOST=pg.int -e DB_USER=etherpad etherpad/etherpad:2.2.6"),
             ("forum post", f"Our school Etherpad (2.1) won't let me into /admin. settings.json says\n\n\"users\": {{ \"admin\": {{ \"password\": \"{ep[2]}\", \"is_admin\": true }} }}\n\nand I restarted the service. Do I need to clear something?")),
        _fam("zigbee2mqtt configuration mqtt password",
             ("configuration yaml", f"homeassistant: true\nmqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://192.168.178.10:1883\n  user: z2m\n  password: {z2m[0]}\nserial:\n  port: /dev/ttyUSB0\nfrontend:\n  port: 8080\n  auth_token: {z2m_front}"),
             ("log excerpt", f"[2025-11-12 21:04:17] info: \tz2m: Logging to console, file (filename: log.log)\n[2025-11-12 21:04:17] debug: \tz2m: Loaded state from file /app/data/state.json\n[2025-11-12 21:04:18] info: \tz2m: Connecting to MQTT server at mqtt://core-mosquitto:1883 with options {{\"username\":\"addons\",\"password\":\"{z2m[1]}\",\"clientId\":\"z2m\"}}"),
             ("chat message", f"z2m is back up. If HA doesn't see the devices, check the mosquitto user: zigbee / {z2m[2]} in /opt/zigbee2mqtt/data/configuration.yaml")),
        _fam("frr ospf and isis authentication key",
             ("running config", f"interface ens19\n ip ospf authentication message-digest\n ip ospf message-digest-key 1 md5 {frr[0]}\n ip ospf network point-to-point\n!\nrouter ospf\n ospf router-id 10.255.0.1\n area 0.0.0.0 authentication message-digest"),
             ("vtysh transcript", f"core-rtr-2# conf t\ncore-rtr-2(config)# router isis CORE\ncore-rtr-2(config-router)# area-password md5 {frr[1]}\ncore-rtr-2(config-router)# domain-password md5 {frr[1]}!\ncore-rtr-2(config-router)# end\ncore-rtr-2# write memory"),
             ("change ticket", f"CHG0041127: enable OSPF MD5 between edge-1 and edge-2 (FRR 9.1).\nImplementation: on both sides `ip ospf message-digest-key 1 md5 {frr[2]}` on eth1, then `area 0 authentication message-digest`. Rollback: `no ip ospf message-digest-key 1`.")),
        _fam("dnsdist console key",
             ("config file", f"-- /etc/dnsdist/dnsdist.conf\nsetLocal('0.0.0.0:53')\ncontrolSocket('127.0.0.1:5199')\nsetKey(\"{dnsd[0]}\")\nwebserver('127.0.0.1:8083')\nsetWebserverConfig({{password=\"{dnsd_web}\", apiRequiresAuthentication=true}})\nnewServer({{address='10.0.0.53', pool='internal'}})"),
             ("diff hunk", f"--- a/roles/dnsdist/templates/dnsdist.conf.j2\n+++ b/roles/dnsdist/templates/dnsdist.conf.j2\n@@ -1,4 +1,4 @@\n controlSocket('127.0.0.1:5199')\n-setKey(\"{{{{ dnsdist_console_key }}}}\")\n+setKey(\"{dnsd[1]}\")"),
             ("forum post", f"dnsdist -c says 'Connection to server failed: Bad key'. Server side has setKey(\"{dnsd[2]}\") and I copied the same line into the client's config. Version 1.9.7 on both.")),
    ]


# --- vendor tokens, in the formats vendors document ----------------------------------------

def _vendor() -> list[_Raw]:
    culqi = [_SK_LIVE + _r(16, _ALNUM) for _ in range(3)]
    payjp = [_SK_LIVE + _hx(24) for _ in range(3)]
    tap = [_SK_LIVE + _r(24) for _ in range(3)]
    yoco = [_SK_LIVE + _r(28, _ALNUM) for _ in range(3)]
    workos = [_SK_LIVE + _b64url(48) for _ in range(3)]
    cartesia = [("sk" "_car_") + _r(32) for _ in range(3)]
    scrapfly = [("scp" "-live-") + _hx(32) for _ in range(3)]
    upstage = [("u" "p_") + _r(30) for _ in range(3)]
    daytona = [("dt" "n_") + _hx(64) for _ in range(3)]
    pico = [_b64(40) for _ in range(3)]
    stream = [(_r(12, _LOWER_ALNUM), _r(64, _LOWER_ALNUM)) for _ in range(3)]
    ucare = [(_hx(20), _hx(20)) for _ in range(3)]
    bytescale = [("sec" "ret_") + _r(28) for _ in range(3)]
    serper = [_hx(40) for _ in range(3)]
    braintrust = [("s" "k-") + _r(48) for _ in range(3)]
    portone = [_r(80) for _ in range(3)]
    return [
        _fam("culqi secret key",
             (".env file", f"APP_ENV=production\nCULQI_PUBLIC_KEY={_PK_LIVE}{_r(16)}\nCULQI_SECRET_KEY={culqi[0]}\nCULQI_RSA_ID={_uuid()}"),
             ("php snippet", f"<?php\n$culqi = new Culqi\\Culqi(['api_key' => '{culqi[1]}']);\n$charge = $culqi->Charges->create([\n    'amount' => 3500, 'currency_code' => 'PEN',\n    'email' => $email, 'source_id' => $tokenId,\n]);"),
             ("curl request", f"curl -X POST https://api.culqi.com/v2/charges \\\n  -H 'Authorization: Bearer {culqi[2]}' -H 'Content-Type: application/json' \\\n  -d '{{\"amount\":1990,\"currency_code\":\"PEN\",\"email\":\"cliente@example.pe\",\"source_id\":\"{_TKN_LIVE}{_r(16)}\"}}'")),
        _fam("pay.jp secret key",
             ("ruby snippet", f"require 'payjp'\nPayjp.api_key = '{payjp[0]}'\nPayjp::Charge.create(amount: 3500, card: params[:payjp_token], currency: 'jpy')"),
             ("curl request", f"curl https://api.pay.jp/v1/charges -u {payjp[1]}: -d amount=1200 -d currency=jpy -d card=tok_{_hx(28)}"),
             ("slack message", f"本番のPAY.JP秘密鍵、ステージングのenvに入ったままでした: PAYJP_SECRET_KEY={payjp[2]} 明日ローテーションします")),
        _fam("tap payments secret key",
             ("node snippet", f"const res = await fetch('https://api.tap.company/v2/charges', {{\n  method: 'POST',\n  headers: {{ Authorization: 'Bearer {tap[0]}', 'Content-Type': 'application/json' }},\n  body: JSON.stringify({{ amount: 12.5, currency: 'KWD', source: {{ id: 'src_all' }} }}),\n}});"),
             ("env file", f"TAP_PUBLIC_KEY={_PK_LIVE}{_r(24)}\nTAP_SECRET_KEY={tap[1]}\nTAP_MERCHANT_ID=59{_digits(6)}"),
             ("support ticket", f"Hello Tap support, our charges return 401 since this morning. We call /v2/charges with Authorization: Bearer {tap[2]} from our server in Riyadh. Merchant is Al Noor Perfumes. Thanks")),
        _fam("yoco secret key",
             ("python snippet", f"resp = requests.post(\n    \"https://payments.yoco.com/api/checkouts\",\n    headers={{\"Authorization\": \"Bearer {yoco[0]}\"}},\n    json={{\"amount\": 25000, \"currency\": \"ZAR\"}},\n    timeout=15,\n)"),
             ("woocommerce settings export", json.dumps({"woocommerce_class_yoco_wc_payment_gateway_settings": {"enabled": "yes", "mode": "live", "live_secret_key": yoco[1], "test_secret_key": ""}}, indent=1)),
             ("whatsapp message", f"Thabo the Yoco key for the shop site is {yoco[2]}, paste it in WooCommerce > Payments > Yoco > Live secret key and switch mode to live")),
        _fam("workos api key",
             (".env file", f"WORKOS_API_KEY={workos[0]}\nWORKOS_CLIENT_ID=client_01J{_r(23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}\nWORKOS_REDIRECT_URI=https://app.example.com/callback"),
             ("typescript snippet", f"import {{ WorkOS }} from '@workos-inc/node';\n\nconst workos = new WorkOS('{workos[1]}');\nconst {{ data }} = await workos.organizations.listOrganizations({{ limit: 10 }});"),
             ("curl request", f"curl https://api.workos.com/directories -H \"Authorization: Bearer {workos[2]}\"")),
        _fam("cartesia api key",
             ("curl request", f"curl -N -X POST https://api.cartesia.ai/tts/bytes -H 'Cartesia-Version: 2024-11-13' -H 'X-API-Key: {cartesia[0]}' -H 'Content-Type: application/json' -d '{{\"model_id\":\"sonic-2\",\"transcript\":\"Your order has shipped.\",\"voice\":{{\"mode\":\"id\",\"id\":\"{_uuid()}\"}},\"output_format\":{{\"container\":\"wav\",\"encoding\":\"pcm_f32le\",\"sample_rate\":44100}}}}' > out.wav"),
             ("python snippet", f"from cartesia import Cartesia\n\nclient = Cartesia(api_key=\"{cartesia[1]}\")\naudio = client.tts.bytes(model_id=\"sonic-2\", transcript=\"Hallo!\", voice={{\"mode\": \"id\", \"id\": VOICE_ID}}, language=\"de\")"),
             ("agent config", json.dumps({"agent": {"name": "support-line", "tts": {"provider": "cartesia", "api_key": cartesia[2], "voice_id": _uuid()}, "stt": {"provider": "deepgram"}}}, indent=2))),
        _fam("scrapfly api key",
             ("curl request", f"curl -G https://api.scrapfly.io/scrape --data-urlencode 'url=https://web-scraping.dev/products' -d key={scrapfly[0]} -d asp=true -d render_js=true"),
             ("python snippet", f"from scrapfly import ScrapflyClient, ScrapeConfig\n\nscrapfly = ScrapflyClient(key=\"{scrapfly[1]}\")\nresult = scrapfly.scrape(ScrapeConfig(url=\"https://example.com/pricing\", country=\"de\"))"),
             ("scrapy settings", f"SCRAPFLY_API_KEY = '{scrapfly[2]}'\nCONCURRENT_REQUESTS = 4\nSPIDER_MIDDLEWARES = {{'scrapfly.scrapy.middleware.ScrapflySpiderMiddleware': 725}}")),
        _fam("upstage api key",
             ("python snippet", f"from openai import OpenAI\n\nclient = OpenAI(api_key=\"{upstage[0]}\", base_url=\"https://api.upstage.ai/v1\")\nresp = client.chat.completions.create(model=\"solar-pro2\", messages=[{{\"role\": \"user\", \"content\": \"안녕하세요\"}}])"),
             ("curl request", f"curl https://api.upstage.ai/v1/document-digitization -H 'Authorization: Bearer {upstage[1]}' -F document=@invoice.pdf -F model=document-parse"),
             ("kakaotalk message", f"업스테이지 키 여기요 {upstage[2]} 테스트 끝나면 말해줘요 새로 발급할게요")),
        _fam("daytona api key",
             ("python snippet", f"from daytona import Daytona, DaytonaConfig\n\ndaytona = Daytona(DaytonaConfig(api_key=\"{daytona[0]}\"))\nsandbox = daytona.create()\nprint(sandbox.process.code_run('print(1 + 1)').result)"),
             ("env file", f"DAYTONA_API_KEY={daytona[1]}\nDAYTONA_API_URL=https://app.daytona.io/api\nDAYTONA_TARGET=eu"),
             ("mcp client config", json.dumps({"mcpServers": {"daytona": {"command": "daytona", "args": ["mcp", "start"], "env": {"DAYTONA_API_KEY": daytona[2]}}}}, indent=2))),
        _fam("picovoice access key",
             ("python snippet", f"import pvporcupine\n\nporcupine = pvporcupine.create(\n    access_key=\"{pico[0]}\",\n    keywords=[\"picovoice\", \"bumblebee\"],\n)"),
             ("android snippet", f"PorcupineManager manager = new PorcupineManager.Builder()\n        .setAccessKey(\"{pico[1]}\")\n        .setKeyword(Porcupine.BuiltInKeyword.COMPUTER)\n        .build(getApplicationContext(), wakeWordCallback);"),
             ("forum post", f"Getting `PorcupineActivationLimitError` on the Raspberry Pi even though the console shows 0 of 3 devices. AccessKey is {pico[2]}, Porcupine 3.0.3, Python 3.11.")),
        _fam("getstream api secret",
             (".env file", f"STREAM_API_KEY={stream[0][0]}\nSTREAM_API_SECRET={stream[0][1]}\nSTREAM_APP_ID=13{_digits(5)}"),
             ("python snippet", f"from stream_chat import StreamChat\n\nchat = StreamChat(api_key=\"{stream[1][0]}\", api_secret=\"{stream[1][1]}\")\ntoken = chat.create_token(\"user-42\")"),
             ("go snippet", f"client, err := stream.NewClient(\"{stream[2][0]}\", \"{stream[2][1]}\")\nif err != nil {{\n\tlog.Fatal(err)\n}}")),
        _fam("uploadcare secret key",
             ("curl request", f"curl -H 'Authorization: Uploadcare.Simple {ucare[0][0]}:{ucare[0][1]}' -H 'Accept: application/vnd.uploadcare-v0.7+json' 'https://api.uploadcare.com/files/?limit=5'"),
             ("django settings", f"UPLOADCARE = {{\n    \"pub_key\": \"{ucare[1][0]}\",\n    \"secret\": \"{ucare[1][1]}\",\n}}"),
             ("env file", f"UPLOADCARE_PUBLIC_KEY={ucare[2][0]}\nUPLOADCARE_SECRET_KEY={ucare[2][1]}")),
        _fam("bytescale secret api key",
             ("curl request", f"curl -X POST 'https://api.bytescale.com/v2/accounts/W142hJY/uploads/binary' -H 'Authorization: Bearer {bytescale[0]}' -H 'Content-Type: image/png' --data-binary @logo.png"),
             ("node snippet", f"import * as Bytescale from '@bytescale/sdk';\n\nconst fileApi = new Bytescale.FileApi({{ apiKey: '{bytescale[1]}' }});\nawait fileApi.deleteFile({{ accountId: 'FW251aX', filePath: '/uploads/old.jpg' }});"),
             ("env file", f"BYTESCALE_ACCOUNT_ID=12a1yek\nBYTESCALE_SECRET_API_KEY={bytescale[2]}")),
        _fam("serper api key",
             ("curl request", f"curl -X POST https://google.serper.dev/search -H 'X-API-KEY: {serper[0]}' -H 'Content-Type: application/json' -d '{{\"q\":\"apple inc\",\"gl\":\"us\"}}'"),
             ("python snippet", f"import os\nos.environ[\"SERPER_API_KEY\"] = \"{serper[1]}\"\nfrom langchain_community.utilities import GoogleSerperAPIWrapper\nsearch = GoogleSerperAPIWrapper()"),
             ("agent config", f"tools:\n  - name: web_search\n    provider: serper\n    api_key: {serper[2]}\n    num_results: 8")),
        _fam("braintrust api key",
             ("env file", f"BRAINTRUST_API_KEY={braintrust[0]}\nOPENAI_API_KEY=${{OPENAI_API_KEY}}"),
             ("python snippet", f"import braintrust\n\nbraintrust.login(api_key=\"{braintrust[1]}\")\nlogger = braintrust.init_logger(project=\"support-bot\")"),
             ("curl request", f"curl https://api.braintrust.dev/v1/project -H 'Authorization: Bearer {braintrust[2]}'")),
        _fam("portone v2 api secret",
             ("curl request", f"curl -X GET 'https://api.portone.io/payments/order-20251114-0042' -H 'Authorization: PortOne {portone[0]}'"),
             ("kotlin snippet", f"val client = PortOneClient(\n    secret = \"{portone[1]}\",\n    storeId = \"store-{_uuid()}\",\n)"),
             ("env file", f"PORTONE_STORE_ID=store-{_uuid()}\nPORTONE_CHANNEL_KEY=channel-key-{_uuid()}\nPORTONE_API_SECRET={portone[2]}")),
    ]


# --- weight 3: passwords people choose, where they type them ------------------------------

def _human() -> list[_Raw]:
    def pw(words: Sequence[str], names: Sequence[str] = (), pets: Sequence[str] = (),
           teams: Sequence[str] = ()) -> list[str]:
        return [_chosen(words, names, pets, teams) for _ in range(3)]

    sakha = pw(("kyhyn", "alaas", "tuymaada", "khomus", "oloncho", "baikal", "sagaalgan", "buuza"),
               ("Sardana", "Aiyyna", "Nyurgun", "Ayaal", "Tuyaara", "Bato", "Sayana", "Dorzho"),
               ("Khara", "Moroz", "Bars"), ("Dynamo", "Yakutia"))
    sakha[2] = _layout("сардаана") + str(_RNG.choice((2009, 2011, 2014)))
    komi = pw(("vorsa", "parma", "izhma", "syktyvkar", "kantele", "kalitka", "jarvi", "kyla"),
              ("Yola", "Ivan", "Olga", "Kirill", "Marja", "Santtu", "Natalia"),
              ("Musti", "Pushok"), ("Stroitel", "Dynamo"))
    saraiki = pw(("sohna", "multan", "sajji", "dhola", "abbottabad", "peshawar", "chitta", "rohi"),
                 ("Sajjad", "Nasreen", "Bilal", "Rukhsana", "Haroon"), ("Sheru", "Moti"),
                 ("MultanSultans", "Zalmi", "Qalandars"))
    khasi = pw(("shillong", "laitumkhrah", "tura", "nokrek", "kwai", "jingkieng", "achik"),
               ("Banri", "Iaidor", "Wanphrang", "Rikme", "Salseng", "Daphisha"), (),
               ("Lajong", "Rangdajied"))
    chh = pw(("raipur", "bastar", "chila", "fara", "gaya", "nalanda", "litti", "sattu"),
             ("Dev", "Lakhan", "Sarita", "Munna", "Pinki", "Ramesh"), ("Moti", "Kalu"),
             ("CSK", "MI", "Raipur"))
    sherpa = pw(("namche", "khumbu", "sagarmatha", "yak", "tengboche", "langtang", "momo", "chiya"),
                ("Pasang", "Lhakpa", "Ang", "Dawa", "Pemba", "Nima"), ("Dolma", "Yeti"),
                ("Everest", "Khumbu"))
    minang = pw(("rendang", "padang", "bukittinggi", "gadang", "makassar", "bone", "pinisi", "coto"),
                ("Rahmi", "Fadli", "Yusran", "Andi", "Ayu", "Rizky"), ("Kuciang", "Manis", "Belang"),
                ("SemenPadang", "PSM"))
    bali = pw(("ubud", "canang", "banjar", "galungan", "rinjani", "senggigi", "kuta", "lombok"),
              ("Wayan", "Made", "Nyoman", "Ketut", "Baiq", "Lalu"), ("Bleki", "Cemeng"),
              ("BaliUnited", "Persebaya"))
    tausug = pw(("jolo", "sulu", "pangalay", "lanao", "marawi", "okir", "tiyula", "piaparan"),
                ("Nurhaida", "Abdulwahid", "Alnajir", "Sittie", "Jamila", "Omar"),
                ("Mingming", "Bantay"), ("Ginebra", "Magnolia"))
    shanghai = pw(("huangpu", "nongtang", "xiaolong", "lujiazui", "kopi", "angpao", "tiongbahru"),
                  ("Ahmeng", "Lili", "Weiming", "Xiaoyu", "Kiat", "Ahhua"),
                  ("Doudou", "Huihui", "Lucky"), ("Shenhua", "Lions"))
    palau = pw(("koror", "babeldaob", "ngerulmud", "weno", "tonoas", "breadfruit", "mwaramwar"),
               ("Ngirai", "Dirra", "Uchel", "Kalvin", "Meiko", "Sinino"), ("Blackie", "Kitty"),
               ("Palau", "Chuuk"))
    sotho = pw(("maseru", "lesotho", "basotho", "thaba", "gaborone", "pula", "kgosi", "motse"),
               ("Lerato", "Thabo", "Palesa", "Kagiso", "Mpho", "Neo"), ("Bingo", "Tau"),
               ("Chiefs", "Pirates", "Matlama"))
    luganda = pw(("kampala", "matooke", "mbarara", "rolex", "nsenene", "ankole", "entebbe"),
                 ("Nakato", "Babirye", "Mugisha", "Tumusiime", "Kato", "Atuhaire"),
                 ("Simba", "Bosco"), ("Vipers", "KCCA", "Express"))
    kikuyu = pw(("nyeri", "kirinyaga", "githeri", "machakos", "kitui", "chama", "harambee", "mukimo"),
                ("Wanjiku", "Kamau", "Njeri", "Mutua", "Mwende", "Kioko"), ("Simba", "Tiger"),
                ("Gor", "Leopards", "Harambee"))
    fon = pw(("cotonou", "dantokpa", "ouidah", "akassa", "lome", "agoue", "gbeto", "atchieke"),
             ("Sena", "Kossi", "Afi", "Mawuli", "Codjo", "Akouavi"), ("Bobo", "Minou"),
             ("Ecureuils", "Eperviers"))
    umbundu = pw(("huambo", "benguela", "luanda", "kizomba", "semba", "muamba", "kwanza", "lobito"),
                 ("Nzinga", "Kiala", "Tchissola", "Domingos", "Ngola", "Jandira"), ("Bobi", "Piloto"),
                 ("Petro", "PrimeiroAgosto", "Sagrada"))
    garifuna = pw(("dangriga", "hopkins", "hudut", "punta", "bilwi", "wangki", "lobster", "cassava"),
                  ("Aurelio", "Merline", "Wellington", "Jessica", "Kendra", "Prudencio"),
                  ("Blacky", "Princess"), ("Olimpia", "RealEsteli"))
    zapotec = pw(("oaxaca", "tlayuda", "mezcal", "guelaguetza", "mitla", "juchitan", "tehuana", "barro"),
                 ("Xochitl", "Nayeli", "Eufrosina", "Isaias", "Tomasa", "Citlali"),
                 ("Chucho", "Negrita"), ("Guerreros", "Alebrijes"))
    blackfoot = pw(("siksika", "napi", "buffalo", "elbow", "kjipuktuk", "eskasoni", "membertou", "wabanaki"),
                   ("Leroy", "Cheyenne", "Mary", "Tyler", "Jolene", "Darcy"), ("Smokey", "Chief"),
                   ("Flames", "Oilers"))
    padutch = pw(("lancaster", "scrapple", "buggy", "schnitz", "chortitza", "menno", "steinbach", "zwieback"),
                 ("Eli", "Rebecca", "Amos", "Katharina", "Abram", "Susanna"), ("Fritz", "Bello"),
                 ("Phillies", "Eagles"))
    romani = pw(("romano", "baxt", "drom", "kher", "lache", "djelem", "sastipe", "ternipe"),
                ("Esmeralda", "Dragan", "Saban", "Lenka", "Ramo", "Zlata"), ("Bobi", "Lusi"),
                ("Partizan", "Sparta"))
    rusyn = pw(("uzhhorod", "presov", "verkhovyna", "beskyd", "lemkovyna", "krynica", "hutsul"),
               ("Myroslav", "Paraska", "Vasyl", "Anna", "Ivanko", "Marija"), ("Murko", "Bodrik"),
               ("Hoverla", "Tatran"))
    laz = pw(("zugdidi", "senaki", "kolkheti", "rize", "hopa", "pazar", "horon", "kemence"),
             ("Nino", "Giorgi", "Tamar", "Levan", "Temel", "Fadime"), ("Murka", "Karabas"),
             ("Dinamo", "Rizespor"))
    zaza = pw(("dersim", "munzur", "palu", "bingol", "hawraman", "paveh", "newroz", "tembur"),
              ("Heval", "Berfin", "Rojda", "Azad", "Zilan", "Sirwan"), ("Pisik", "Gewr"),
              ("Amedspor", "Diyarbekir"))
    iraqi = pw(("baghdad", "dijla", "masgouf", "karrada", "tunis", "sousse", "lablabi", "sidibou"),
               ("Mustafa", "Zahraa", "Haider", "Yassine", "Amira", "Wassim"), ("Bisbis", "Loulou"),
               ("Zawraa", "Shorta", "Esperance", "ClubAfricain"))
    verein = pw(("Turnverein", "Vereinsheim", "Handball", "Jugend", "Kabine", "Tribuene"),
                ("Jürgen", "Heike", "Lukas", "Sabine"), ("Bello", "Rex"), ("TSV1860", "Werder", "Eintracht"))
    condo = pw(("condominio", "portineria", "terrazzo", "cortile", "ascensore", "glicine"),
               ("Giuseppe", "Rosa", "Marco", "Francesca"), ("Briciola", "Fido"), ("Juve", "Inter", "Napoli", "Roma"))
    coop = pw(("osiedle", "klatka", "spoldzielnia", "bursztyn", "kasztan", "jarzebina"),
              ("Krzysztof", "Agnieszka", "Zbigniew", "Basia"), ("Azor", "Burek", "Mruczek"),
              ("Legia", "Lech", "Wisla"))
    site = pw(("bahar", "lale", "deniz", "bogaz", "kardelen", "gunes"),
              ("Mehmet", "Ayse", "Emre", "Zeynep"), ("Pamuk", "Boncuk", "Karabas"),
              ("Fener", "Galatasaray", "Besiktas", "Trabzon"))
    kos = pw(("melati", "kenanga", "mawar", "anggrek", "kopi", "senja"),
             ("Siti", "Budi", "Dewi", "Agus"), ("Mochi", "Oyen"), ("Persib", "Persija", "Arema"))
    parents = pw(("woaini", "xingxing", "taiyang", "panda", "hangzhou", "xiaoming"),
                 ("Zhang", "Haoran", "Yuxuan", "Lili"), ("Doudou", "Wangcai", "Mimi"),
                 ("Guoan", "Shenhua"))
    parents[1] = f"woaini{_RNG.choice(('1314', '520', '521'))}"
    sindica = pw(("ipe", "jabuticaba", "saudade", "praia", "salao", "piscina"),
                 ("Joao", "Fernanda", "Luiz", "Bruna"), ("Thor", "Mel", "Pipoca"),
                 ("Flamengo", "Corinthians", "Palmeiras", "Gremio"))
    return [
        _fam("sakha and buryat family chat password",
             ("whatsapp family chat", f"Эбээ, дорообо! Дьиэ Wi-Fi-тын аата Rostelecom_5G_47, пароль: {sakha[0]}. Кэлэргэр бэйэҥ холбонуоҥ, мин үлэҕэ баран иһэбин."),
             ("sms", f"Сайн байна, Сэсэг! Госуслугиин нюуса үгэ (пароль) шэнэ: {sakha[1]} Баярлалаа, Баторто хэлээрэй."),
             ("voicemail transcript", f"Голосовое сообщение (расшифровка): «Сардаана, это Нюргун. Пароль от ноутбука я поменял, теперь {sakha[2]}, латиницей. Махтал, вечером перезвоню.»")),
        _fam("komi and karelian village notice password",
             ("village notice", f"Видза оланныд, сикт олысьяс! Культура керкаын Wi-Fi: KomiNet-Izhma, пароль {komi[0]}. Аттьӧ!"),
             ("vk message", f"Terveh, Marja! Kylän talon WiFi on nyt Vieljärvi-kylä, salasana {komi[1]}. Passibo, nähhäh pruazniekal!"),
             ("email", f"Тема: компьютер в библиотеке\n\nВидза оланныд, Ольга Ивановна! Учётная запись библиотекаря: biblio, пароль {komi[2]}. Аттьӧ, Кирилл")),
        _fam("saraiki and hindko shop message password",
             ("whatsapp", f"Saeen, dukan da wifi naan Sajjad-Mobiles te password {saraiki[0]} ae. Customers kun na dassayo, sirf staff."),
             ("sms", f"Bhaiya salam, shop aale laptop da password {saraiki[1]} rakhiya ae, kal subah Haroon aana ae osnu das deyo."),
             ("register note", f"Khata register, safa 14:\nEasypaisa merchant app — user: 0300-71xxxxx, password {saraiki[2]}\nBijli bill: 2,340 Rs jama")),
        _fam("khasi and garo church group password",
             ("church whatsapp group", f"Khublei ia baroh! Ka Wi-Fi jong ka Church Hall ka long 'KJP-Laitumkhrah', ka password ka long {khasi[0]}. Sngewbha ym ban ai ia ki nongwei."),
             ("sunday bulletin", f"ANNOUNCEMENTS — Baptist Church, Tura\n3. Youth fellowship Zoom: ID 814 2290 5531, passcode {khasi[1]}. Mitela!"),
             ("email", f"Dear Banri,\nThe church office computer login is office / {khasi[2]}. Please change it after the audit. Khublei shibun, Iaidor")),
        _fam("chhattisgarhi and magahi family group password",
             ("whatsapp family group", f"Jai Johar sab jan la! Netflix ke password ab {chh[0]} he, Raipur wala ghar ke TV me daal dehau."),
             ("sms", f"Ka haal ba bhaiya? Hamni ke wifi ke password {chh[1]} hai, bachcha log ke mat batiha."),
             ("voice note transcript", f"Voice note: \"Munna, sun, bank wala app ke password {chh[2]} rakhle hau, bhool jahu ta Sarita didi la puch lebe.\"")),
        _fam("sherpa and tamang trekking lodge message password",
             ("lodge wall notice", f"TASHI DELEK! Wi-Fi: Namche-Sunrise-Lodge  Password: {sherpa[0]}\nGuest lai matra. 500 Rs per day. Thuche!"),
             ("viber message", f"Fyafulla dai! Langtang homestay ko wifi password {sherpa[1]} ho, guest aaye pachi dinu hai."),
             ("email to agency", f"Namaste Pemba ji,\nThe booking portal login for our lodge is khumbu.view / {sherpa[2]}. Please update the room rates for spring. Tashi delek, Lhakpa")),
        _fam("minangkabau and buginese family chat password",
             ("whatsapp", f"Assalamualaikum Mak, password wifi rumah gadang kini {minang[0]}. Jan dibagi ka urang lain yo."),
             ("sms", f"Tabe' Puang, password wifina bola {minang[1]}, aja' nasengi tau laing. Andi"),
             ("facebook messenger", f"Uda, akun BPJS Amak: email amak.rahmi@gmail.com, password {minang[2]}. Tarimo kasih banyak yo.")),
        _fam("balinese and sasak homestay message password",
             ("welcome card", f"Om Swastiastu! Welcome to Griya Ubud Homestay.\nWiFi: Griya-Ubud-Guest\nPassword: {bali[0]}\nSuksma, Made & family"),
             ("whatsapp to guest", f"Hello Mr Jonas, this is Lalu from Senggigi Bungalow. Tampiasih for booking! The wifi password is {bali[1]}, breakfast 7-10."),
             ("airbnb message", f"Om Swastiastu, the door code box is broken, please use the key under the canang pot. Smart TV Netflix login: griya.ubud@gmail.com / {bali[2]}. Suksma!")),
        _fam("tausug and maranao family group password",
             ("messenger group", f"Magsukul kaniyo katan! Password sin wifi ha bay: {tausug[0]}. Ayaw ipakita ha kaibanan."),
             ("text message", f"Kaka, password o wifi sa walay: {tausug[1]}, di niyo ipanoon ko lawas. Sokor."),
             ("email", f"Assalamu alaikum Omar,\nThe school portal for Jamila: username jamila.abdulwahid, password {tausug[2]}. Magsukul!")),
        _fam("shanghainese and hokkien family group password",
             ("wechat family group", f"阿拉屋里厢wifi密码换脱了：{shanghai[0]}，侬记牢，勿要告诉隔壁。"),
             ("whatsapp", f"Ah Ma, the new wifi password is {shanghai[1]} lah, dun tell the neighbour ok. Lí hó bô?"),
             ("sms", f"Kiat, Tau-ê Netflix password sī {shanghai[2]}, m̄-thang kā lâng kóng. To-siā!")),
        _fam("palauan and chuukese family message password",
             ("facebook messenger", f"Alii Ngirai! Password er a wifi er a blai: {palau[0]}. Sulang!"),
             ("text message", f"Ran annim Sinino! Password ren ewe wifi: {palau[1]}. Kinisou chapur."),
             ("email", f"Alii Meiko,\nThe clinic laptop login is nurse2 / {palau[2]}. Please don't write it on the whiteboard again. Sulang, Dirra")),
        _fam("sesotho and setswana message password",
             ("whatsapp", f"Dumela ntate Thabo, password ya wifi ya ofisi ke {sotho[0]}. Ke a leboha."),
             ("sms", f"Dumelang mma, password ya email ya sekolo ke {sotho[1]}, o se e abelane le bana. Kagiso"),
             ("school email", f"Subject: Teacher portal\n\nDumela Mpho,\nYour SA-SAMS login is mpho.neo and the temporary password is {sotho[2]}. Ke a leboga, Palesa (Admin)")),
        _fam("luganda and runyankole sms password",
             ("sms", f"Oli otya Nakato? Password ya wifi ewaka kati {luganda[0]}. Webale nnyo."),
             ("whatsapp", f"Agandi Atuhaire! Password ya email y'ekitongole ni {luganda[1]}, otagiha muntu weena."),
             ("voicemail transcript", f"Voicemail: \"Mugisha, Kato wuno. Password ya laptop ya ofiisi nagikyusizza, kati {luganda[2]}. Webale, tunaayogera.\"")),
        _fam("kikuyu and kamba chama group password",
             ("whatsapp chama group", f"Wĩ mwega! Password ya chama account kwa app ya bank nĩ {kikuyu[0]}, mũtikanahe mũndũ ũngĩ. — Treasurer"),
             ("sms", f"Wakya Mwende! Password ya email ya chama ni {kikuyu[1]}. Nĩ waseo."),
             ("meeting minutes", f"MINUTES — Harambee Women Chama, 9 Nov 2025\n4. Online banking: login is chama.harambee, password {kikuyu[2]} (kept by Secretary and Treasurer only).")),
        _fam("fon and gbe market message password",
             ("whatsapp", f"A fɔn ganji a Sèna? Code wifi butik ɔ: {fon[0]}. A waɖo!"),
             ("sms", f"Akpe Kossi! Mot de passe wifi boutique Dantokpa: {fon[1]}. Ne le donne à personne."),
             ("notebook note", f"Cahier de la boutique — MTN MoMo marchand: 97 xx xx xx, mot de passe appli {fon[2]}")),
        _fam("umbundu and kimbundu office message password",
             ("whatsapp", f"Walale mana! Senha yo email ya escritório: {umbundu[0]}. Twapandula."),
             ("email", f"Assunto: acesso ao sistema\n\nNgasakidila Domingos, a senha provisória do SAGE é {umbundu[1]}. Muda no primeiro acesso. Jandira"),
             ("sms", f"Kiala, senha do Wi-Fi do escritório do Lobito: {umbundu[2]}. Twapandula!")),
        _fam("garifuna and miskito community message password",
             ("facebook group post", f"Buiti binafi! Community center Wi-Fi: Dangriga-CC, password {garifuna[0]}. Seremein, Aurelio"),
             ("whatsapp", f"Naksa Kendra! Wi-Fi de la casa comunal en Bilwi: {garifuna[1]}, tingki pali."),
             ("sms", f"Merline the computer at the radio station login is radio / {garifuna[2]}. Seremein!")),
        _fam("mixtec and zapotec cooperative message password",
             ("whatsapp cooperative group", f"Padiuxi compañeras! Contraseña de la compu de la cooperativa de barro: {zapotec[0]}. Xquixe pe' lii."),
             ("notebook note", f"Libreta de la cooperativa — Mercado Libre: coop.tlayudas@gmail.com / {zapotec[1]}"),
             ("email", f"Asunto: acceso banco\n\nNayeli, la contraseña de la banca en línea de la cooperativa es {zapotec[2]}. No la compartas. Saludos, Tomasa")),
        _fam("blackfoot and mikmaq band office message password",
             ("facebook message", f"Oki Jolene! Band office Wi-Fi is Siksika-Admin, password {blackfoot[0]}. Nitsiniiyi'taki."),
             ("email", f"Kwe' Darcy,\nThe new password for the band council email is {blackfoot[1]}. Wela'lin, Mary"),
             ("voicemail transcript", f"Voicemail 2:14 PM: \"Hi Tyler, it's Leroy at the band office. The laptop for the health centre, the password is {blackfoot[2]}. Call me back.\"")),
        _fam("pennsylvania dutch and plautdietsch message password",
             ("text message", f"Wie bischt du Amos! Es Passwatt fer der Computer im Schtor is {padutch[0]}. Denki."),
             ("shop note", f"Goondach! Daut Passwuat fa daut Internet em Lodm es {padutch[1]}. Dankscheen, Abram"),
             ("email", f"Rebecca, the login for the quilt shop website is quilts / {padutch[2]}. Denki for helping, Eli")),
        _fam("romani community message password",
             ("whatsapp", f"Sar san, phrala? O password vaš o wifi ando klubo si {romani[0]}. Naisi tuke!"),
             ("facebook messenger", f"Lenka, o password le kompjuteresko ando centro si {romani[1]}. Na phen kaske."),
             ("sms", f"Ramo, o password vaš e aplikacija si {romani[2]}. Baxt!")),
        _fam("rusyn and lemko parish notice password",
             ("parish notice", f"Слава Ісусу Хрісту! Гесло до WiFi у парохіяльнім домі: {rusyn[0]}. Дякуєме, о. Мирослав"),
             ("email", f"Тема: сайт парохії\n\nАнно, логін до сайту: admin, пароль {rusyn[1]}. Дякую, Василь"),
             ("viber", f"Іванку, пароль до компютера в читальни: {rusyn[2]}. Не давай никому.")),
        _fam("mingrelian and laz family chat password",
             ("whatsapp", f"გომორძგუა ნინო! ვაიფაის პაროლი: {laz[0]} დიდი მადლობა."),
             ("sms", f"Gegeacginas Temel! Wifi şifre {laz[1]} ren. Didi mardi."),
             ("facebook messenger", f"Levan, დედას ტელეფონზე ბანკის პაროლია {laz[2]}, არავის უთხრა.")),
        _fam("zazaki and gorani chat password",
             ("whatsapp", f"Şıma xeyr ameyê! Şıfreyê wifi yê keye: {zaza[0]}. Berxudar be."),
             ("telegram", f"سڵاو کاکە سیروان! پاسۆردی وایفای ماڵەوە: {zaza[1]} سوپاس"),
             ("sms", f"Berfin, şıfreyê e-devleti yê dadi {zaza[2]} o. Kesi rê mevace.")),
        _fam("iraqi and tunisian arabic message password",
             ("telegram", f"شلونك عيني؟ باسورد الواي فاي الجديد: {iraqi[0]} لا تنطيه لأحد."),
             ("messenger", f"3aslema Yassine! El mot de passe mta3 el wifi {iraqi[1]}, ma t9oulou l7ad."),
             ("sms", f"حيدر، باسورد حساب الماستر كارد مالت امي: {iraqi[2]} احفظه")),
        _fam("german sports club newsletter password",
             ("newsletter email", f"Liebe Mitglieder des TSV Grünwald,\n\nder interne Bereich unserer Homepage hat ein neues Passwort: {verein[0]}\nDort findet ihr die Hallenzeiten für die Wintersaison.\n\nSportliche Grüße\nHeike (Schriftführerin)"),
             ("whatsapp group", f"Hallo zusammen, das WLAN im Vereinsheim heißt jetzt 'SVW-Vereinsheim', Passwort {verein[1]}. Bitte nicht an Gäste weitergeben! Jürgen"),
             ("notice board", f"AUSHANG KABINE 2\nWLAN Jugendraum: TSV-Jugend / {verein[2]}\nTrainingszeiten siehe Rückseite")),
        _fam("italian condominium notice password",
             ("lobby notice", f"AVVISO AI CONDOMINI\nIl Wi-Fi della sala comune è attivo. Rete: Condominio-Glicine, password: {condo[0]}\nL'Amministratore"),
             ("administrator email", f"Oggetto: accesso area riservata\n\nGentile Sig.ra Rosa, le credenziali per il portale condominiale sono: utente scalaB.int7, password {condo[1]}. Cordiali saluti, Studio Rinaldi"),
             ("condominium whatsapp", f"Buonasera a tutti! Per il cancello automatico l'app chiede la password: è {condo[2]}. Giuseppe, scala C")),
        _fam("polish housing cooperative notice password",
             ("stairwell notice", f"OGŁOSZENIE\nSzanowni Mieszkańcy, hasło do sieci Wi-Fi w świetlicy osiedlowej: {coop[0]}\nZarząd Spółdzielni Mieszkaniowej „Jarzębina”"),
             ("sms from administration", f"SM Kasztan: Hasło tymczasowe do e-Kartoteki dla lokalu 14/27: {coop[1]}. Prosimy o zmianę po zalogowaniu."),
             ("email", f"Temat: dostęp do monitoringu\n\nPanie Zbigniewie, login do kamer na parkingu: admin, hasło {coop[2]}. Pozdrawiam, Agnieszka, administracja")),
        _fam("turkish site management notice password",
             ("elevator notice", f"SAYIN SİTE SAKİNLERİ\nSosyal tesis Wi-Fi ağı: Kardelen-Sitesi  Şifre: {site[0]}\nSite Yönetimi"),
             ("whatsapp site group", f"Komşular merhaba, otopark kapısı uygulamasının şifresi {site[1]} olarak değişti. Mehmet, B blok yönetici"),
             ("sms", f"Kardelen Sitesi: Aidat portalı geçici şifreniz {site[2]}. İlk girişte değiştiriniz.")),
        _fam("indonesian boarding house notice password",
             ("kos door notice", f"PENGUMUMAN KOS MELATI\nPassword wifi baru: {kos[0]}\nJangan kasih ke tamu ya. — Ibu Kos"),
             ("whatsapp kos group", f"Temen2 kos, wifi lantai 2 ganti password jadi {kos[1]} ya, yg lama udah ga bisa. Budi kamar 7"),
             ("sms from ibu kos", f"Dek Siti, password wifi kos sekarang {kos[2]}. Jangan lupa bayar listrik ya.")),
        _fam("mandarin wechat parents group password",
             ("wechat group announcement", f"【群公告】各位家长好！班级云相册已开通，账号：sanban2025，密码：{parents[0]}。请勿外传，谢谢配合。—— 王老师"),
             ("sms", f"浩然妈妈，孩子学习平台的密码我改成{parents[1]}了，您记一下。"),
             ("email", f"主题：兴趣班报名系统\n\n张先生您好，您孩子的报名系统账号为 zhang.yuxuan，初始密码 {parents[2]}，登录后请及时修改。")),
        _fam("brazilian portuguese condominium app password",
             ("condominium app notice", f"COMUNICADO DA SÍNDICA\nO Wi-Fi do salão de festas agora é 'Cond-Ipe-Salao', senha {sindica[0]}. Qualquer dúvida, falar com a portaria."),
             ("whatsapp da portaria", f"Boa tarde moradores! A senha do Wi-Fi da piscina mudou: {sindica[1]}. Portaria Bloco B"),
             ("email da administradora", f"Assunto: acesso ao app do condomínio\n\nPrezada Fernanda, seu acesso provisório: usuário apto1203, senha {sindica[2]}. Atenciosamente, Administradora Lar Feliz")),
    ]


# --- ordinary text: the same settings with nothing live in them -----------------------------

def _ord_agent() -> list[str]:
    sha = [_hx(40) for _ in range(6)]
    digest = [_sha(f"layer-{n}") for n in range(3)]
    ids = [_uuid() for _ in range(6)]
    return [
        "Fact: `orders_by_status_idx` is used for the dashboard query (Index Only Scan, 0.38 ms).\nVerified by: echo \"explain analyze select status, count(*) from orders group by 1\" | pgcli postgresql://orders_rw@pg-orders-2.int:5432/orders --less-chatty (password from ~/.pgpass)",
        "Handoff for tomorrow: to look at the bloated table run `pgcli -h 10.40.2.17 -U reporting -d analytics`; the password is in 1Password under \"analytics / reporting role\". `\\dt+ events_*` shows events_2024 at 41 GB.",
        _tool("bash", command="pgcli \"postgres://app:${PGPASSWORD}@db-03.int:5432/app?sslmode=require\" --less-chatty <<< 'select version();'", description="confirm server version before the pg 17 upgrade"),
        "Fact: ~/.config/pgcli/config has `keyring = True`, so pgcli reads the reporting password from the OS keyring and never prompts.",
        "Fact: yesterday's partition holds 18 433 201 rows, same as Kafka offsets.\nVerified by `clickhouse-client --host ch-1.analytics.int --secure --user ingest --password \"$CH_INGEST_PASSWORD\" --query \"SELECT count() FROM events WHERE event_date = yesterday()\"` -> 18433201",
        "$ clickhouse-client -h 10.8.0.44 -u default --ask-password\nClickHouse client version 24.8.4.13 (official build).\nPassword for user (default):\nConnecting to 10.8.0.44:9000 as user default.\nConnected to ClickHouse server version 24.8.4.",
        _call("run_terminal_cmd", command="clickhouse-client --host ch-prod.int --user olap_rw --password=\"$(vault kv get -field=password secret/ch/olap_rw)\" -q 'SHOW TABLES FROM metrics'", is_background=False),
        "Fact: V42__add_invoice_currency is pending on staging, applied on prod.\nVerified by `flyway -url=jdbc:postgresql://pg-stage.int:5432/billing -user=flyway -password=\"${FLYWAY_PASSWORD}\" info` -> | Versioned | 42 | add invoice currency | SQL | | Pending |",
        "[2025-11-14T09:12:44Z] + flyway -url=jdbc:mysql://mysql-prod-1.int:3306/shop -user=deploy -password=*** -locations=filesystem:sql migrate\n[2025-11-14T09:12:46Z] Flyway OSS Edition 10.17.0 by Redgate\n[2025-11-14T09:12:47Z] Successfully applied 2 migrations to schema `shop`, now at version v57",
        "Decision: keep a checked-in flyway.conf for the local compose stack only; CI passes flags.\n```\nflyway.url=jdbc:sqlserver://localhost:1433;databaseName=billing;encrypt=false\nflyway.user=flyway_owner\nflyway.password=${env.FLYWAY_PASSWORD}\nflyway.schemas=dbo\n```",
        "Fact: 3 changesets from db.changelog-2025-10.xml are not applied on UAT (db.changelog-2025-10.xml::42::sunita, ::43::sunita, ::44::arjun).\nVerified by: liquibase --url=jdbc:oracle:thin:@//ora-uat.int:1521/UATPDB --username=LB_OWNER --password=\"$(vault kv get -field=password secret/uat/liquibase)\" status --verbose",
        "Debug: liquibase kept picking the wrong schema. The liquibase.properties in the repo root wins over the env vars:\n\nchangelogFile=db/changelog/master.yaml\nurl=jdbc:postgresql://10.12.0.21:5432/inventory\nusername=inventory_owner\npassword=${LIQUIBASE_COMMAND_PASSWORD}\ndefaultSchemaName=public",
        "Fact: Stripe charges land in RAW within 20 minutes of Fivetran sync.\nVerified by `SNOWSQL_PWD=\"$(op read op://Data/snowflake-loader/password)\" snowsql -a xy12345.eu-central-1 -u LOADER_SVC -d RAW -q \"select max(_fivetran_synced) from STRIPE.CHARGES\"`",
        "Debug: snowsql ignored --authenticator because ~/.snowsql/config already had a named connection:\n\n[connections.loader]\naccountname = xy12345.eu-central-1\nusername = LOADER_SVC\nauthenticator = externalbrowser\ndbname = RAW",
        "Fact: the `sales_orc` table is partitioned by `dt` and `region`.\nVerified by: beeline -u \"jdbc:hive2://hs2.datalake.int:10000/default;ssl=true\" -n etl_svc -p \"$HIVE_PASSWORD\" -e 'show partitions sales_orc' | head",
        "[2025-11-13, 02:00:14 UTC] {subprocess.py:93} INFO - Running command: ['bash', '-c', 'beeline -u jdbc:hive2://10.40.2.17:10000/warehouse -n airflow -p *** -f /opt/airflow/sql/daily_rollup.hql']\n[2025-11-13, 02:00:19 UTC] {subprocess.py:97} INFO - Connected to: Apache Hive (version 3.1.3)",
        "Fact: the Jenkins bind DN still authenticates after the OU move.\nVerified by: ldapwhoami -x -H ldaps://ldap.corp.int -D \"uid=svc-jenkins,ou=services,dc=corp,dc=int\" -y /etc/jenkins/ldap.pw -> dn:uid=svc-jenkins,ou=services,dc=corp,dc=int",
        "Debug: Keycloak LDAP sync fails with `invalid credentials (49)`. Reproduced outside Keycloak:\n  ldapwhoami -x -H ldap://10.8.0.44 -D cn=keycloak,ou=apps,dc=example,dc=org -W\n  Enter LDAP Password:\n  ldap_bind: Invalid credentials (49)",
        "Fact: the Wasabi bucket holds the March export (1 043 objects).\nVerified by: rclone size wasabi-exports:exports/2025-03 (remote defined in the encrypted rclone.conf; RCLONE_CONFIG_PASS from the backup vault)",
        "$ rclone lsd \":s3,provider=AWS,env_auth=true,region=eu-west-1:\"\n          -1 2025-10-02 11:04:51        -1 photos-archive\n          -1 2025-06-18 08:41:09        -1 db-dumps",
        "Decision: rotate the Wasabi key used by the nightly copy. New key id and secret are in Vault at secret/backup/wasabi; nothing goes in the ledger or the crontab.",
        "Fact: the CDN origin bucket has no objects older than 2023.\nVerified by `AWS_PROFILE=cdn-readonly s5cmd ls 's3://static-origin/*' | sort | head -1` -> 2023/01/04 10:22:31  48213  assets/app.3f9a1c.js",
        "#14 [deploy 3/4] RUN --mount=type=secret,id=aws,target=/root/.aws/credentials s5cmd --endpoint-url https://minio.int:9000 sync ./dist/ s3://site/\n#14 1.912 cp dist/index.html s3://site/index.html\n#14 DONE 2.4s",
        _call("bash", command="s5cmd --numworkers 64 cp 's3://raw-logs/2025/11/*' ./logs/", env={"AWS_PROFILE": "logs-reader", "AWS_REGION": "eu-west-1"}),
        "Fact: the registry lists 37 repositories, `web/frontend` among them.\nVerified by: xh -a deploy https://registry.int/v2/_catalog n==100 (xh prompted: `http: password for deploy@registry.int:`)",
        "Debug: the job endpoint wants JSON, not form data. This works:\n  xh POST https://jobs.internal.example.com/v1/jobs Authorization:\"Bearer $JOBS_TOKEN\" name=reindex priority:=2\nHTTP/1.1 201 Created",
        "Fact: prod is one migration behind main (20251110_add_refunds.sql).\nVerified by `DATABASE_URL=\"$(cat /run/secrets/dbmate_url)\" dbmate status` -> [ ] 20251110_add_refunds.sql / Applied: 63 / Pending: 1",
        "diff --git a/.env.example b/.env.example\n--- a/.env.example\n+++ b/.env.example\n@@ -1,3 +1,3 @@\n-DATABASE_URL=\n+DATABASE_URL=\"mysql://dbmate:${DB_PASSWORD}@mysql-stage.int:3306/app\"\n DBMATE_MIGRATIONS_DIR=./db/migrations",
        "curl -s https://links.example.net/api/bookmarks/?q=%23rust \\\n  -H \"Authorization: Token $LINKDING_TOKEN\" | jq '.count'",
        "GET /api/bookmarks/?limit=100&offset=0 HTTP/1.1\nHost: linkding.home.lan:9090\nAuthorization: Token <your-api-token>\nAccept: application/json",
        "curl -s -X POST https://wallabag.example.net/oauth/v2/token \\\n  -d grant_type=password -d client_id=\"$WB_CLIENT_ID\" -d client_secret=\"$WB_CLIENT_SECRET\" \\\n  -d username=noor -d password=\"$(secret-tool lookup service wallabag user noor)\"",
        "POST /oauth/v2/token HTTP/1.1\nHost: read.home.lan\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=password&client_id=[REDACTED]&client_secret=[REDACTED]&username=admin&password=[REDACTED]",
        "curl 'https://crm.example.io/rest/companies?limit=20' \\\n  -H \"Authorization: Bearer ${TWENTY_API_KEY}\"",
        f"PATCH /rest/opportunities/{ids[0]} HTTP/1.1\nHost: api.twenty.com\nAuthorization: Bearer <redacted>\nContent-Type: application/json\n\n{{\"stage\":\"MEETING\"}}",
        "curl -s 'https://crm.example.de/api/v1/Account?maxSize=5&orderBy=createdAt' -H \"X-Api-Key: ${ESPO_API_KEY}\"",
        "Debug: 403 from EspoCRM was the role, not the key:\n\n    requests.get(\"https://crm.example.de/api/v1/Contact\", headers={\"X-Api-Key\": os.environ[\"ESPO_API_KEY\"]}, timeout=10)\n\nworks after giving the role read access to Contacts.",
        "curl -s -u \"jsonrpc:$KANBOARD_API_TOKEN\" -d '{\"jsonrpc\":\"2.0\",\"method\":\"getAllProjects\",\"id\":1}' https://kanboard.example.org/jsonrpc.php",
        "curl -s -u \"apikey:$OPENPROJECT_API_KEY\" 'https://op.example.com/api/v3/projects/infra/work_packages?pageSize=50'",
        "GET /api/v3/users/me HTTP/1.1\nHost: openproject.internal.example.org\nAuthorization: Basic <base64 of apikey:TOKEN>\nAccept: application/hal+json",
        "curl -s 'https://redash.example.com/api/queries/412/results.json' -H \"Authorization: Key $(pass show redash/api-key)\" | jq '.query_result.data.rows | length'",
        "Debug: the refresh endpoint needs a user key, not the query key. POST /api/queries/412/refresh with my user key (from the Redash profile page) returns a job id; /api/jobs/<id> shows status 3 after ~8 s.",
        "curl -s -X POST https://watch.example.net/api/v1/watch -H \"x-api-key: $CHANGEDETECTION_API_KEY\" -H 'Content-Type: application/json' -d '{\"url\":\"https://www.python.org/downloads/\",\"tag\":\"releases\"}'",
        _tool("http_request", method="GET", url="http://10.8.0.44:5000/api/v1/systeminfo", headers={"x-api-key": "{{ secrets.CHANGEDETECTION_API_KEY }}"}),
        "curl -s https://keep.example.org/api/v1/bookmarks?limit=10 -H \"Authorization: Bearer $KARAKEEP_API_KEY\"",
        "curl -s 'https://recipes.example.org/api/recipe/?query=curry' -H 'Authorization: Bearer {{ tandoor_token }}'",
        "[build/publish] | + echo \"$REGISTRY_PASSWORD\" | docker login -u ci-bot --password-stdin code.example.org\n[build/publish] | Login Succeeded\n[build/publish] ✅  Success - Main docker login",
        "[mirror/push] | fatal: unable to access 'https://ci-bot:***@code.example.org/infra/dns.git/': The requested URL returned error: 403",
        "Failure summary (forgejo-runner 6.2.2, job `release / npm`):\n- step `setup npmrc` writes `//registry.npmjs.org/:_authToken=${NPM_TOKEN}` and the runner masked the value\n- publish failed with E403 (version 3.4.1 exists)",
        "+ attic login main https://attic.example.net \"$ATTIC_TOKEN\"\n✍️ Configuring server \"main\"\n+ attic push main ./result\n✅ Pushed 14 paths",
        f"$ attic cache info main\n               Public: true\n           Public Key: main:{_b64(32)}\nBinary Cache Endpoint: https://attic.example.net/main\n         Store Directory: /nix/store",
        "Debug: connection refused came from the db-spec still pointing at the old host. In src/app/db.clj:\n\n(def db {:dbtype \"postgresql\" :dbname \"orders\" :host \"pg-orders-2.int\" :user \"orders_app\" :password (System/getenv \"ORDERS_DB_PASSWORD\")})",
        "--- a/resources/config.edn\n+++ b/resources/config.edn\n@@ -4,7 +4,7 @@\n  :db {:dbtype \"postgresql\"\n-      :host \"localhost\"\n+      :host #or [#env DB_HOST \"localhost\"]\n       :dbname \"inventory\"\n       :password #env DB_PASSWORD}",
        "val xa = Transactor.fromDriverManager[IO](\n  driver = \"org.postgresql.Driver\", url = \"jdbc:postgresql://pg-analytics.int:5432/events\",\n  user = \"events_ro\", password = sys.env(\"EVENTS_RO_PASSWORD\"), logHandler = None)",
        "@@ -12,8 +12,8 @@ object Db {\n-      xa <- HikariTransactor.newHikariTransactor[IO](driver, url, \"billing\", cfg.password, ce)\n+      xa <- HikariTransactor.newHikariTransactor[IO](driver, url, cfg.user, cfg.password.value, ce)",
        "con <- dbConnect(RPostgres::Postgres(), host = \"pg-stats.int\", dbname = \"survey\", user = \"shiny\", password = keyring::key_get(\"pg-stats\", \"shiny\"))",
        "> con <- dbConnect(odbc::odbc(), Driver = \"ODBC Driver 18 for SQL Server\", Server = \"sql-finance.int\", Database = \"gl\", UID = \"r_reader\", PWD = rstudioapi::askForPassword(\"gl password\"))\n> dbGetQuery(con, \"SELECT COUNT(*) AS n FROM dbo.journal\")\n       n\n1 882113",
        "Database.connect(\"jdbc:mysql://mysql-1.int:3306/shop\", driver = \"com.mysql.cj.jdbc.Driver\", user = \"ktor\", password = System.getenv(\"SHOP_DB_PASSWORD\") ?: error(\"SHOP_DB_PASSWORD not set\"))",
        "> Task :test\nDatabaseTest > connects to staging() FAILED\n    Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"orders\"\nHint: DB_PASSWORD in the CI environment is empty for the staging job.",
        "--- a/docker-bake.hcl\n+++ b/docker-bake.hcl\n@@ -6,6 +6,7 @@ target \"web\" {\n   dockerfile = \"Dockerfile\"\n+  secret = [\"id=npm,env=NPM_TOKEN\"]\n   tags = [\"registry.int/web:${TAG}\"]\n }",
        "variable \"NPM_TOKEN\" {\n  default = \"\"\n}\nvariable \"TAG\" {\n  default = \"2025.11.14\"\n}",
        "--- a/Tiltfile\n+++ b/Tiltfile\n@@ -22,6 +22,7 @@ local_resource(\n     'payments-worker',\n     serve_cmd='go run ./cmd/worker',\n+    serve_env={'STRIPE_KEY': os.getenv('STRIPE_KEY', '')},\n     deps=['./cmd/worker', './internal'],",
        "k8s_yaml(secret_from_dict('mailgun', inputs={'api-key': str(read_file('.secrets/mailgun-sandbox')).strip()}))",
        "admin_variables=\n{\n    admin_credentials=\"admin:{{ proxysql_admin_password }};radmin:{{ proxysql_radmin_password }}\"\n    mysql_ifaces=\"127.0.0.1:6032\"\n}",
        "Admin> SELECT hostgroup_id, hostname, status FROM runtime_mysql_servers;\n10 | mysql-1.int | ONLINE\n20 | mysql-2.int | SHUNNED\n(monitor user: monitor; its password is managed by the proxysql Helm values from Vault)",
        "\"extra_config\": {\n  \"auth/client-credentials\": {\n    \"client_id\": \"krakend-orders\",\n    \"client_secret\": \"{{ env \\\"ORDERS_CLIENT_SECRET\\\" }}\",\n    \"token_url\": \"https://sso.example.com/realms/int/protocol/openid-connect/token\"\n  }\n}",
        "action(type=\"omelasticsearch\" server=\"es-logs.int\" serverport=\"9200\" usehttps=\"on\"\n       searchIndex=\"authlog\" uid=\"rsyslog\" pwd=`echo $ES_PWD` bulkmode=\"on\")",
        f"Fact: the hotfix is on main as {sha[0]} and deployed to prod (image sha256:{digest[0]}).",
        f"Fact: migration job {ids[1]} finished; Liquibase recorded deployment id 7312044981 and checksum 9:{_hx(32)}.",
        f"Build log: Successfully built {sha[1][:12]}\nSuccessfully tagged registry.int/api:{sha[1][:7]}\nsha256:{digest[1]}",
        f"Decision: pin the ClickHouse image to clickhouse/clickhouse-server:24.8.4.13@sha256:{digest[2]} until the 24.10 upgrade is tested.",
        f"Note: opened issue #4127 for the doobie pool; related commits {sha[2][:10]} and {sha[3][:10]}. Trace id {ids[2]}.",
        f"Fact: Hydra evaluation 18211 built 214 jobs; the web job's output path is /nix/store/{_r(32, '0123456789abcdfghijklmnpqrsvwxyz')}-web-2025.11.14.",
        f"Tool result: {{\"workspaceId\": \"{ids[3]}\", \"name\": \"Acme\", \"members\": 14, \"plan\": \"PRO\"}}",
        f"Fact: the Kanboard project \"Infra\" has id 3 and 41 open tasks; task 1187 \"Renew TLS cert\" created by jsonrpc ({ids[4]}).",
        "Upgraded in this session: pgcli 4.1.0, clickhouse-client 24.8.4.13, Flyway 10.17.0, Liquibase 4.29.2, SnowSQL 1.3.2, xh 0.22.2, dbmate 2.21.0, s5cmd 2.2.2.",
        "Debug: Redash query 412 timed out because of the missing index on events(created_at); added it, runtime now 1.8 s.",
        "Note: the Forgejo runner label is `docker:docker://node:20-bookworm`; runner token is registered through `forgejo-runner register --token-file /etc/forgejo-runner/token`.",
    ]


def _ord_formats() -> list[str]:
    return [
        "# retroarch.cfg (excerpt)\ncheevos_enable = \"true\"\ncheevos_hardcore_mode_enable = \"false\"\ncheevos_username = \"pixelkenji\"\ncheevos_password = \"\"\ncheevos_token = \"\"\nmenu_driver = \"ozone\"",
        "RetroAchievements won't log in on my Steam Deck (RetroArch 1.19.1). Username is luca_plays, I typed the password in the menu and it still says 'Login failed'. Website login works fine. Any ideas?",
        "# ~/.fetchmailrc\nset daemon 300\npoll pop.kpnmail.nl protocol POP3 port 995\n    user \"gerda.devries\" is gerda here\n    ssl keep\n# password comes from ~/.netrc",
        "fetchmail 6.4.38 keeps saying 'Authorization failure' for one account only; the password for it is in ~/.netrc and the other two polls work.",
        "# /etc/aria2/aria2.conf\ndir=/srv/downloads\nenable-rpc=true\nrpc-listen-port=6800\nrpc-secure=true\nrpc-certificate=/etc/aria2/cert.pem\nrpc-private-key=/etc/aria2/key.pem",
        json.dumps({"jsonrpc": "2.0", "id": "qwer", "method": "aria2.tellActive", "params": ["token:$ARIA2_RPC_SECRET"]}),
        "    environment:\n      - TZ=Europe/Madrid\n      - ZM_DB_HOST=zm-db\n      - ZM_DB_USER=zmuser\n      - ZM_DB_PASS=${ZM_DB_PASS}",
        "mqtt:\n  host: 192.168.1.20\n  user: frigate\n  password: \"{FRIGATE_MQTT_PASSWORD}\"\ncameras:\n  driveway:\n    ffmpeg:\n      inputs:\n        - path: rtsp://admin:{FRIGATE_RTSP_PASSWORD}@192.168.1.64:554/Streaming/Channels/101",
        "Frigate 0.14.1 with a Coral USB: detection at 9.8 ms, 3 cameras, 2 of them on the driveway VLAN 30.",
        "prometheus.remote_write \"grafana_cloud\" {\n  endpoint {\n    url = \"https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push\"\n    basic_auth {\n      username = \"1437298\"\n      password = sys.env(\"GRAFANA_CLOUD_TOKEN\")\n    }\n  }\n}",
        "otelcol.auth.basic \"tempo\" {\n  username = \"781236\"\n  password = remote.vault.grafana.data.token\n}",
        "ExecStart=/usr/local/bin/vmagent-prod \\\n  -remoteWrite.url=https://vm.example.net/api/v1/write \\\n  -remoteWrite.basicAuth.username=edge-01 \\\n  -remoteWrite.basicAuth.passwordFile=/etc/vmagent/remote-write.pass",
        "          args:\n            - -remoteWrite.url=https://metrics.example.org/insert/0/prometheus/api/v1/write\n            - -remoteWrite.bearerTokenFile=/var/run/secrets/vm/token",
        "define command {\n    command_name    check_mysql_cmdlinecred\n    command_line    $USER1$/check_mysql -H $HOSTADDRESS$ -u $USER3$ -p $USER4$\n}",
        "# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n$USER2$=/usr/local/nagios/libexec/eventhandlers",
        "$database_type     = 'mysql';\n$database_default  = 'cacti';\n$database_hostname = 'localhost';\n$database_username = 'cactiuser';\n$database_password = getenv('CACTI_DB_PASSWORD');",
        "uplinks:\n  npmjs:\n    url: https://registry.npmjs.org/\n    auth:\n      type: bearer\n      token_env: NPM_TOKEN",
        "[default]\nrepository = \"s3:https://s3.eu-central-1.amazonaws.com/backup-nas\"\npassword-file = \"/etc/resticprofile/key\"\ninitialize = true",
        "home:\n  repository: \"sftp:backup@nas.local:/volume1/restic/home\"\n  password-command: \"pass show restic/home\"\n  backup:\n    source: [\"/home/julia\"]",
        "    environment:\n      - CMD_DB_URL=postgres://hedgedoc:${POSTGRES_PASSWORD}@database:5432/hedgedoc\n      - CMD_SESSION_SECRET=${HEDGEDOC_SESSION_SECRET}\n      - CMD_DOMAIN=notes.example.net",
        "\"users\": {\n  \"admin\": {\n    \"password\": \"${ADMIN_PASSWORD}\",\n    \"is_admin\": true\n  }\n}",
        "docker run -d --name etherpad -p 9001:9001 --env-file /srv/etherpad/.env etherpad/etherpad:2.2.6",
        "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://192.168.178.10:1883\n  user: '!secret mqtt_user'\n  password: '!secret mqtt_password'\nfrontend:\n  auth_token: '!secret frontend_token'",
        "[2025-11-12 21:04:18] info: \tz2m: Connecting to MQTT server at mqtt://core-mosquitto:1883\n[2025-11-12 21:04:18] info: \tz2m: Connected to MQTT server\n[2025-11-12 21:04:19] info: \tz2m: Zigbee2MQTT started! (version 1.41.0)",
        "interface ens19\n ip ospf authentication message-digest\n ip ospf network point-to-point\n!\nrouter ospf\n ospf router-id 10.255.0.1\n area 0.0.0.0 authentication message-digest",
        "core-rtr-2# show ip ospf interface ens19\nens19 is up\n  Internet Address 10.255.12.1/30, Area 0.0.0.0\n  Cryptographic authentication enabled\n    Sending SA: Key 1, Algorithm MD5",
        "CHG0041127: enable OSPF MD5 between edge-1 and edge-2 (FRR 9.1). Key is in the network vault entry \"ospf-area0\"; apply with `ip ospf message-digest-key 1 md5 <key>` on eth1.",
        "-- /etc/dnsdist/dnsdist.conf\ncontrolSocket('127.0.0.1:5199')\nsetKey(os.getenv('DNSDIST_CONSOLE_KEY'))\nwebserver('127.0.0.1:8083')",
        f"setWebserverConfig({{password=\"$scrypt$ln=10,p=1,r=8${_b64(16)}${_b64(32)}\", apiRequiresAuthentication=true}})",
        "dnsdist -c says 'Connection to server failed: Bad key'. Both sides read the key from /etc/dnsdist/console.key; version 1.9.7 on both.",
        "Cacti 1.2.27, Nagios Core 4.5.7, ZoneMinder 1.36.35, HedgeDoc 1.10.0, Etherpad 2.2.6 and Verdaccio 6.0.2 are the versions on the old monitoring VM.",
    ]


def _ord_vendor() -> list[str]:
    return [
        "APP_ENV=production\nCULQI_SECRET_KEY=${CULQI_SECRET_KEY}\nCULQI_RSA_ID=${CULQI_RSA_ID}",
        "$culqi = new Culqi\\Culqi(['api_key' => getenv('CULQI_SECRET_KEY')]);",
        f"# Culqi docs: Authorization: Bearer {_SK_LIVE}xxxxxxxxxxxxxxxx (use your own secret key)",
        "Payjp.api_key = ENV.fetch('PAYJP_SECRET_KEY')\nPayjp::Charge.create(amount: 3500, card: params[:payjp_token], currency: 'jpy')",
        "curl https://api.pay.jp/v1/charges -u \"$PAYJP_SECRET_KEY:\" -d amount=1200 -d currency=jpy -d card=\"$TOKEN\"",
        "本番のPAY.JP秘密鍵はステージングのenvから削除しました。新しい鍵は1Passwordの「PAY.JP 本番」にあります。",
        "headers: { Authorization: `Bearer ${process.env.TAP_SECRET_KEY}`, 'Content-Type': 'application/json' },",
        "Hello Tap support, our charges return 401 since this morning. We rotated the secret key at 10:14 and updated the server env; merchant is Al Noor Perfumes. Thanks",
        "headers={\"Authorization\": f\"Bearer {os.environ['YOCO_SECRET_KEY']}\"},",
        json.dumps({"woocommerce_class_yoco_wc_payment_gateway_settings": {"enabled": "yes", "mode": "test", "live_secret_key": "", "test_secret_key": ""}}, indent=1),
        "WORKOS_API_KEY=\nWORKOS_CLIENT_ID=\nWORKOS_REDIRECT_URI=http://localhost:3000/callback",
        "const workos = new WorkOS(process.env.WORKOS_API_KEY);",
        "curl -N -X POST https://api.cartesia.ai/tts/bytes -H 'Cartesia-Version: 2024-11-13' -H 'X-API-Key: YOUR_API_KEY' -H 'Content-Type: application/json' -d @request.json > out.wav",
        "client = Cartesia(api_key=os.environ[\"CARTESIA_API_KEY\"])",
        "curl -G https://api.scrapfly.io/scrape --data-urlencode 'url=https://web-scraping.dev/products' -d key=__API_KEY__ -d asp=true",
        "SCRAPFLY_API_KEY = os.getenv('SCRAPFLY_API_KEY')",
        "client = OpenAI(api_key=os.environ[\"UPSTAGE_API_KEY\"], base_url=\"https://api.upstage.ai/v1\")",
        "업스테이지 키는 사내 볼트에 올려뒀어요. 경로: secret/ai/upstage",
        "DAYTONA_API_KEY=your-daytona-api-key\nDAYTONA_API_URL=https://app.daytona.io/api",
        json.dumps({"mcpServers": {"daytona": {"command": "daytona", "args": ["mcp", "start"], "env": {"DAYTONA_API_KEY": "${DAYTONA_API_KEY}"}}}}, indent=2),
        "porcupine = pvporcupine.create(access_key=os.environ[\"PICOVOICE_ACCESS_KEY\"], keywords=[\"picovoice\"])",
        "Getting `PorcupineActivationLimitError` on the Raspberry Pi even though the console shows 0 of 3 devices. Porcupine 3.0.3, Python 3.11; the AccessKey is read from the environment.",
        "STREAM_API_SECRET=${STREAM_API_SECRET}",
        "chat = StreamChat(api_key=os.environ[\"STREAM_API_KEY\"], api_secret=os.environ[\"STREAM_API_SECRET\"])",
        "curl -H \"Authorization: Uploadcare.Simple $UPLOADCARE_PUBLIC_KEY:$UPLOADCARE_SECRET_KEY\" 'https://api.uploadcare.com/files/?limit=5'",
        "const fileApi = new Bytescale.FileApi({ apiKey: process.env.BYTESCALE_SECRET_API_KEY });",
        "curl -X POST https://google.serper.dev/search -H \"X-API-KEY: $SERPER_API_KEY\" -H 'Content-Type: application/json' -d '{\"q\":\"apple inc\"}'",
        "tools:\n  - name: web_search\n    provider: serper\n    api_key: ${SERPER_API_KEY}\n    num_results: 8",
        "BRAINTRUST_API_KEY=sk-<your key>\nOPENAI_API_KEY=${OPENAI_API_KEY}",
        "curl -X GET 'https://api.portone.io/payments/order-20251114-0042' -H \"Authorization: PortOne $PORTONE_API_SECRET\"",
        f"PORTONE_STORE_ID=store-{_uuid()}\nPORTONE_API_SECRET=",
    ]


def _ord_human() -> list[str]:
    return [
        "Эбээ, дорообо! Дьиэ Wi-Fi-тын аата Rostelecom_5G_47, пароль роутер аннытыгар наклейкаҕа суруллан турар.",
        "Сайн байна! Нюуса үгэеэ хэндэшье бү хэлэгты. Госуслуги хэзээшье SMS-ээр нюуса үгэ асуудаггүй.",
        "Голосовое сообщение (расшифровка): «Сардаана, это Нюргун. Пароль от ноутбука я поменял, скажу при встрече. Махтал!»",
        "Ысыах Туймаады 2025 — 21–22 июня, Ус Хатын. Сагаалган 2026 — 18 февраля.",
        "Видза оланныд, сикт олысьяс! Культура керкаын Wi-Fi: KomiNet-Izhma, пароль юалӧй библиотекарьлысь. Аттьӧ!",
        "Terveh, Marja! Kylän talon WiFi on nyt Vieljärvi-kylä, salasana on seinäl ilmoitustaulul. Passibo!",
        "Saeen, password WhatsApp te nahi bhejna, dukan te aa ke puch lena.",
        "Khata register, safa 15: Bijli bill 2,340 Rs jama, Easypaisa 1,200 Rs wapis.",
        "ANNOUNCEMENTS — Baptist Church, Tura\n3. Youth fellowship: Room 12, 6:30 PM. The Zoom link and passcode will be shared in the group 10 minutes before. Mitela!",
        "Khublei ia baroh! Christmas programme 2025 practice on Saturday, Church Hall, 4 PM.",
        "Jai Johar sab jan la! Netflix ke password badal de he, phone kar ke puchh lebe.",
        "TASHI DELEK! Wi-Fi: Namche-Sunrise-Lodge  500 Rs per day — ask reception for today's voucher. Thuche!",
        "Fyafulla dai! Langtang homestay ko booking: Room 3 ra Room 4, 12–15 October 2025.",
        "Assalamualaikum Mak, password wifi ado di baliak router, caliak se stikernyo.",
        "Om Swastiastu! Welcome to Griya Ubud Homestay.\nWiFi: Griya-Ubud-Guest (open network, no password)\nBreakfast 7-10. Suksma, Made & family",
        "Hello Mr Jonas, this is Lalu from Senggigi Bungalow. Tampiasih for booking! Your room is Bungalow 12; the wifi details are on the card by the bed.",
        "Magsukul kaniyo katan! Ayaw ipakita ang password ha kaibanan. Pangayuhun nyo kakan ha bay.",
        "阿拉屋里厢wifi密码贴了冰箱上，侬自家看，勿要发到群里。",
        "Ah Ma, I changed the wifi password already, I write on paper for you when I come Sunday ok.",
        "Alii Meiko, the clinic laptop password is with the head nurse now — please don't write it on the whiteboard again. Sulang, Dirra",
        "Dumela ntate Thabo, password e ncha e tshwanetse go nna le ditlhaka di le 8 bonyane le nomoro e le nngwe.",
        "Subject: Teacher portal\n\nDumela Mpho,\nYour SA-SAMS login is mpho.neo. The temporary password was sent to your cellphone by SMS. Ke a leboga, Palesa (Admin)",
        "Oli otya Nakato? Password ya wifi tegiweebwa ku ssimu, jjangu ku ofiisi.",
        "MINUTES — Harambee Women Chama, 9 Nov 2025\n4. Online banking: login is chama.harambee; password changed by the Treasurer (not recorded in the minutes).\n5. Next meeting: 14 Dec 2025, Room 4, Nyeri Social Hall.",
        "A fɔn ganji a Sèna? Mot de passe wifi: demande à Afi à la caisse.",
        "Assunto: acesso ao sistema\n\nNgasakidila Domingos, a senha provisória do SAGE foi enviada por SMS para o seu número. Jandira",
        "Buiti binafi! Community center open 9–5, Wi-Fi password at the front desk. Garifuna Settlement Day 2025 — 19 November. Seremein!",
        "Padiuxi compañeras! La contraseña de la banca no se manda por WhatsApp, pregúntenle a Tomasa en la cooperativa.",
        "Guelaguetza 2025: lunes 21 y 28 de julio, Auditorio Guelaguetza, sección 4, fila 12.",
        "Voicemail 2:14 PM: \"Hi Tyler, it's Leroy at the band office. I reset the laptop password for the health centre — come by and I'll give it to you in person.\"",
        "Kwe' Darcy,\nTreaty Day 2025 is on 1 October. The council meeting is in Room 204 of the band office. Wela'lin, Mary",
        "Wie bischt du Amos! Es Passwatt is uff'm Zettel hinnich der Kass. Denki.",
        "Sar san, phrala? O password na bichav pe WhatsApp, phen mange ando klubo.",
        "Слава Ісусу Хрісту! Гесло до WiFi у парохіяльнім домі питайте в канцелярії. Дякуєме, о. Мирослав",
        "Lemkivska Vatra 2025 — 18–20 липня, Ждиня.",
        "გომორძგუა ნინო! ვაიფაის პაროლი როუტერის უკან წერია.",
        "Gegeacginas Temel! Wifi şifresi modemin arkasında yazıyor. Didi mardi.",
        "Berfin, şıfre mesaj de mesane, ez to rê telefon de vana.",
        "شلونك عيني؟ الباسورد مكتوب ورا الراوتر، لا تدزه بالكروب.",
        "3aslema Yassine! El mot de passe 3and Amira, ab3athlha message.",
        "Liebe Mitglieder des TSV Grünwald,\n\ndas Passwort für den internen Bereich erhaltet ihr beim Kassenwart. Hallenzeiten Wintersaison 2025/26: Halle 2, Raum 104.\n\nSportliche Grüße\nHeike (Schriftführerin)",
        "Hallo zusammen, am Sonntag spielt TSV 1860 II gegen SV Werder III, Anstoß 14:00 auf Platz 2. Jürgen",
        "Passwortrichtlinie Vereins-Cloud: mindestens 12 Zeichen, Groß- und Kleinbuchstaben, eine Ziffer; alle 12 Monate ändern.",
        "AVVISO AI CONDOMINI\nLa password del Wi-Fi della sala comune è affissa in portineria.\nL'Amministratore",
        "Assemblea condominiale 2025: giovedì 4 dicembre ore 21, sala riunioni, scala B, interno 7.",
        "Oggetto: accesso area riservata\n\nGentile Sig.ra Rosa, le credenziali per il portale condominiale le sono state inviate per raccomandata. Cordiali saluti, Studio Rinaldi",
        "OGŁOSZENIE\nHasło do Wi-Fi w świetlicy osiedlowej dostępne w biurze administracji (pok. 12, pn–pt 8–16).\nZarząd Spółdzielni Mieszkaniowej „Jarzębina”",
        "SM Kasztan: Hasło do e-Kartoteki musi mieć co najmniej 12 znaków, w tym cyfrę i znak specjalny.",
        "Walne Zgromadzenie 2025 — 12 czerwca, świetlica, budynek 14, klatka C.",
        "SAYIN SİTE SAKİNLERİ\nSosyal tesis Wi-Fi şifresini yönetim ofisinden alabilirsiniz.\nSite Yönetimi",
        "Kardelen Sitesi: Aralık 2025 aidatı son ödeme tarihi 15 Aralık. B blok 12 numara için ödeme alınmıştır.",
        "Galatasaray 2 - 1 Fenerbahçe maçı sosyal tesiste dev ekranda, Cumartesi 20:00.",
        "PENGUMUMAN KOS MELATI\nPassword wifi tanya Ibu Kos langsung ya, jangan ditulis di grup.",
        "Temen2 kos, kamar 7 dan kamar 12 bayar listrik sebelum tanggal 10 ya. Budi",
        "【群公告】密码请私聊王老师获取，不要发在群里。三年级二班 2025 秋季运动会 11月20日 上午8点。",
        "浩然妈妈，学习平台的密码规则：8到16位，必须包含字母和数字。",
        "COMUNICADO DA SÍNDICA\nA senha do Wi-Fi do salão de festas está no quadro de avisos da portaria.",
        "Assembleia Geral 2025: salão de festas, Bloco B, 18 de dezembro às 19h30. Pauta: reforma da piscina.",
        "Flamengo 2025 x Palmeiras no telão do salão, domingo 16h. Traga a sua cadeira!",
        "Your password must be at least 10 characters and include a number. It cannot contain your name or the word 'password'.",
        "Reset link sent to s***@gmail.com. The link expires in 30 minutes. We will never ask for your password by SMS.",
        "Team 42 won the 2025 hackathon; Team 7 came second. Prizes are in Room 3.14.",
        "Windows 11 Pro 23H2, Office 2021, Chrome 131 — all updated on the clinic laptop.",
        "Ticket #58211: user locked out of email after 5 failed attempts. Unlocked; asked her to reset through the self-service portal.",
        "Spreadsheet row 14: Siti | Kamar 7 | Rp 850.000 | lunas",
        "Sheet 'devices': Router TP-Link Archer C6 v3.2 | S/N 2231455009871 | Room 108 | admin password: see sticker on the device",
        "SMS: Your verification code is requested too often. Please wait 15 minutes before trying again.",
        "Voicemail: \"Hi, it's Priya from IT. Your new laptop is ready in Room 2.07, bring your badge.\"",
    ]


def _ord_public() -> list[str]:
    return [
        f"commit {_hx(40)}\nAuthor: Olena Kovalenko <olena@example.org>\nDate:   Fri Nov 14 10:21:07 2025 +0200\n\n    exposed: read DB password from env",
        f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(43, _ALNUM + '+/')} lars@core-rtr-2",
        f"sha256sum: {_sha('frigate-0.14.1.tar.gz')}  frigate-0.14.1.tar.gz",
        f"Request id: {_uuid()}  Trace: {_hx(32)}  Span: {_hx(16)}",
        f"\"integrity\": \"sha512-{_b64(64)}\"",
        f"Docker image: ghcr.io/blakeblackshear/frigate@sha256:{_sha('frigate-stable')}",
        f"PGP fingerprint: {' '.join(_hx(4).upper() for _ in range(10))}",
        f"Git LFS object: oid sha256:{_sha('model.bin')} size 48213347",
        f"Zoom meeting ID 814 2290 5531 (recording id {_uuid()})",
        f"etag: \"{_hx(32)}\"",
        f"Stream user id: user-42, channel id: messaging:{_uuid()}",
        f"Daytona sandbox {_uuid()} started in region eu (snapshot daytona-small:0.5.1).",
        f"Culqi charge id {_uuid()} captured: 35.00 PEN",
        f"PAY.JP charge ch_{_hx(28)} succeeded for ¥3,500",
        f"WorkOS organization org_01J{_r(23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')} created (domain example.com).",
        f"Cartesia voice id {_uuid()} — \"Barbershop Man\", language en.",
        f"Uploadcare file {_uuid()} stored, size 182 KB, mime image/png.",
        f"age1{_r(58, '023456789acdefghjklmnpqrstuvwxyz')}",
        f"Bitcoin address bc1q{_r(38, '023456789acdefghjklmnpqrstuvwxyz')} (donations page)",
        f"MAC 3c:22:fb:{_hx(2)}:{_hx(2)}:{_hx(2)}  IPv6 fe80::{_hx(4)}:{_hx(4)}:{_hx(4)}:{_hx(4)}",
        f"ISBN 978-3-16-148410-0; DOI 10.1000/{_digits(6)}",
        f"wireguard peer public key: {_b64(32)}",
        "Event: KubeCon + CloudNativeCon Europe 2026, Amsterdam; PyCon Lietuva 2025; FOSDEM 2026 room H.2215.",
        "Products: ClickHouse 24.8 LTS, PostgreSQL 17.2, Grafana Alloy v1.4.3, VictoriaMetrics v1.106.1, FRR 9.1.2, dnsdist 1.9.7.",
        "Teams: FC Schalke 04, Hannover 96, TSV 1860 München, 1. FC Köln, Team 21 (robotics), Squad 404.",
    ]


def _ord_debatable() -> list[str]:
    return [
        # public by design: publishable and browser keys
        f"const culqi = new Culqi('{_PK_LIVE}{_r(16)}'); // public key, safe in the browser",
        f"<script>\n  UPLOADCARE_PUBLIC_KEY = '{_hx(20)}';\n</script>",
        f"const client = StreamChat.getInstance('{_r(12, _LOWER_ALNUM)}'); // Stream app key (public)",
        f"const upload = new Bytescale.UploadManager({{ apiKey: 'public_{_r(28)}' }});",
        "firebaseConfig = { apiKey: \"" + ("AI" "za") + _r(35, _B64URL) + "\", authDomain: \"school-portal.firebaseapp.com\", projectId: \"school-portal\" };",
        # documented defaults and demo values
        "ZoneMinder packages ship with ZM_DB_USER=zmuser and ZM_DB_PASS=zmpass; change both before exposing the box.",
        "UPLOADCARE = {\n    \"pub_key\": \"demopublickey\",\n    \"secret\": \"demoprivatekey\",\n}  # Uploadcare's documented demo project",
        "settings.json.template: \"users\": { \"admin\": { \"password\": \"changeme1\", \"is_admin\": true } }",
        # event Wi-Fi printed on signs
        "WELCOME TO PYCON LIETUVA 2025 — Wi-Fi: PyConLT, password: pycon2025",
        "Guelaguetza 2025 prensa — Wi-Fi: Auditorio-Prensa, contraseña: oaxaca2025",
        # a spent one-time code and a rotated password quoted in a post-mortem
        "Kardelen Sitesi: Doğrulama kodunuz 482913. Bu kod 3 dakika içinde geçerliliğini yitirmiştir.",
        f"Post-mortem: the reporting role password `{_r(14)}` leaked in a ledger entry on 3 Nov; it was rotated at 11:40 the same day and no longer works.",
        # a hash, not a password
        "ospf-admin:$2y$10$" + _r(53, _ALNUM + "./"),
    ]


def _build(raws: list[_Raw], half: str = "A") -> list[Family]:
    return [Family(name, half, samples) for name, samples in raws]


_AGENT = _build(_agent())
_FORMATS = _build(_formats())
_VENDOR_RAW = _build(_vendor())
_HUMAN = _build(_human())

AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)


def _spread(*groups: list[Family], vendor: list[Family]) -> list[Family]:
    """The three weights in turn, the vendor families spread through them."""
    return blind_corpus.interleave(blind_corpus.round_robin(*groups), vendor)


_ORDERED = _spread(_AGENT, _FORMATS, _HUMAN, vendor=_VENDOR_RAW)

FAMILIES: list[Family] = [Family(fam.name, "AB"[i % 2], fam.samples)
                          for i, fam in enumerate(_ORDERED)]

SIXTEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in SIXTEENTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a Serper key is
# 40 bare hex digits like a commit id, and a Picovoice AccessKey is bare base64 with no prefix.
UNSURE_FAMILIES: frozenset[str] = frozenset({"serper api key", "picovoice access key"})

_ORD_AGENT = _ord_agent()
_ORD_FORMATS = _ord_formats()
_ORD_VENDOR = _ord_vendor()
_ORD_HUMAN = _ord_human()
_ORD_PUBLIC = _ord_public()
_ORD_DEBATABLE = _ord_debatable()

SIXTEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_HUMAN,
                                 *_ORD_PUBLIC, *_ORD_DEBATABLE]

# Public-by-design keys, documented defaults and demo values, event Wi-Fi printed on signs,
# a spent one-time code, a rotated password quoted in a post-mortem and a bcrypt hash.
DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, SIXTEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("sixteenth", FAMILIES, SIXTEENTH_SECRETS, SIXTEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(70, 210, 200),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in SIXTEENTH_SECRETS]
    assert len(texts) == len(set(texts))
    # each family's three samples sit in three different settings
    assert all(len({setting for setting, _ in fam.samples}) == len(fam.samples)
               for fam in FAMILIES)
    # every weight, and the vendor families, fall in both halves
    half_of = {fam.name: fam.half for fam in FAMILIES}
    for group in (AGENT_FAMILIES, FORMAT_FAMILIES, HUMAN_FAMILIES, VENDOR_FAMILIES):
        assert {half_of[name] for name in group} == {"A", "B"}


_self_check()
