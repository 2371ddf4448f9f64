"""A twentieth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, places and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the nineteen earlier
corpora; only their family names (so that every family here is new, which ``_self_check``
holds), the helpers ``Family``, ``family``, ``split_by_family`` and ``families`` of the
third, ``blind_corpus``, and the docstring, generator helpers and closing assembly of the
nineteenth, so that the same measuring code runs on this one.  It is weighted, about a
third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" s3cmd, bendsql (Databend), a GreptimeDB HTTP SQL call, a RisingWave
  psql session, sqlpackage publish, meltano config list, the STACKIT CLI, rustic and zrok;
  decisions quoting a Redpanda Connect pipeline, a PgDog config, a Debezium connector, a
  Gatus config, a Dex LDAP connector and an oauth2-proxy config; build logs of Depot,
  Nixpacks and kaniko; debugging notes on Sequelize, node-postgres, go-redis, Npgsql,
  tokio-postgres and Predis; copied requests to the Jellyseerr, Linkwarden, Ghostfolio,
  Formbricks and Stirling-PDF APIs; diff hunks in an Azure Container Apps yaml, a cdk.json
  context block and a pyproject pytest-env section; tool calls writing a todo list,
  fetching a URL and grepping a tree;
* config files of tools not yet covered (lldap, PostfixAdmin, Joomla, phpBB, osTicket,
  LibreNMS, 3proxy, lighttpd, ProFTPD mod_sql, Kea DHCP, BURP backup, an ARK server,
  AzuraCast, OpenSIPS, Mailman 3, SOGo, Moonraker, SFTPGo, Sqitch and PostgREST) and vendor
  tokens (``VENDOR_FAMILIES``) in the formats vendors document: MailerLite, Zeplin,
  Hygraph, Moralis, Teamwork, FullStory, Modern Treasury, Pagar.me, Openpay, Tatum,
  ActiveCampaign, PhonePe, Instamojo, Gate.io and Elastic Email;
* passwords people choose (names with dates, teams, pets, seasons, keyboard walks,
  leetspeak, passphrases, short ones, PINs, words of the writer's language) where they type
  them: chat, SMS, email, committee and staff notes, sticky notes and voice-note
  transcripts in Ga and Dagbani, Edo and Urhobo, Ibibio and Ijaw, Acholi and Lusoga, Sheng
  and Kimeru, Sukuma and Chaga, Kaonde and Luvale, Khoekhoe and Rukwangali, Harari and
  Gurage, Fang and Ewondo, Baoulé and Nouchi, Serer and Jola, Kabiye and Tem, Rarámuri and
  Wixárika, Tzeltal and Mixe, Shipibo and Asháninka, Ngäbe and Bribri, Palenquero and
  Raizal Creole, Saint Lucian Kwéyòl and Vincentian Creole, Choctaw and Cheyenne, Innu and
  Atikamekw, Tokelauan and Futunan, Yolŋu Matha and Arrernte, Kinaray-a and Aklanon,
  Kelantanese and Sarawak Malay, Makassarese and Toraja, Mon and Rakhine, Hunanese and
  Wenzhounese, Ingush and Dargwa, Gondi and Bhili, Tharu and Limbu, Wakhi and Burushaski,
  and in English, German, French and Russian in settings the earlier names do not use (a
  dog grooming salon, a Kita parents' council, a boulangerie, a garage cooperative).

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``TWENTIETH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``TWENTIETH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands, configs and chats with the value masked, templated, prompted for or read from
    an env var or a store; public values beside secrets (hashes, commit ids, UUIDs, public
    keys, merchant ids, usernames, hostnames, ports); password policies and reset
    instructions; product names with versions; dates, years, room, order, ticket and phone
    numbers; Wi-Fi network names; team names with numbers.  ``DEBATABLE`` names the entries
    a reasonable reviewer could call either way; ``UNSURE_FAMILIES`` the families a
    reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``KIND_FAMILY``
    each kind's family.
``halves()``
    the kinds of half A and of half B, split by family.

Values come from a seeded generator (``random.Random(20_2026_12_08)``) with the length and
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

_RNG = random.Random(20_2026_12_08)

_ALNUM = string.ascii_letters + string.digits
_LOWER_ALNUM = string.ascii_lowercase + string.digits
_UPPER_ALNUM = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
_UPPER_HEX = "0123456789ABCDEF"
_B64URL = _ALNUM + "-_"

_Raw = tuple[str, tuple[tuple[str, str], ...]]


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


def _pw(length: int = 20) -> str:
    """A generated service password, as a password manager or ``openssl rand`` gives it."""
    return _r(length, _ALNUM + "-_.")


_WALKS = ("1qaz2wsx", "qwerty", "asdfgh", "zxcvbn", "1q2w3e4r", "qazwsx", "!QAZ2wsx",
          "Zaq12wsx", "1qaz@WSX", "qweasdzxc", "Qwer1234", "poiuyt", "1q2w3e", "azerty",
          "qwertz", "Asdf1234", "123qwe", "qwe123", "Qaz123wsx", "zaq1xsw2", "1234qwer",
          "q1w2e3r4", "ytrewq", "Qwerty123")
_SYMBOLS = "!@#$*&"
_SEASONS = ("Summer", "Winter", "Spring", "Autumn", "Fall")
_LEET = str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "$"})


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def _chosen(words: Sequence[str], names: Sequence[str] = (), pets: Sequence[str] = (),
            teams: Sequence[str] = (), seasons: Sequence[str] = _SEASONS) -> str:
    """A password as people choose it, from the words of the writer's place."""
    words = [word.replace(" ", "") for word in words]
    names = [name.replace(" ", "") for name in names] or words
    pets = [pet.replace(" ", "") for pet in pets] or names
    teams = [team.replace(" ", "") for team in teams] or words
    seasons = [season.replace(" ", "") for season in seasons]
    year = _RNG.choice((1978, 1983, 1987, 1990, 1994, 1997, 2001, 2006, 2010, 2014, 2018,
                        2020, 2022, 2024, 2025, 2026))
    short = year % 100
    sym = _RNG.choice(_SYMBOLS)
    pattern = _RNG.randrange(12)
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
    if pattern == 10:
        return f"{_pick(words).lower()}{_pick(names).lower()}{sym}{_RNG.randrange(1, 9)}"
    return f"{_cap(_pick(words))}123{sym}"


def _pin(length: int = 4) -> str:
    return _digits(length)


def _fam(name: str, *samples: tuple[str, str]) -> _Raw:
    return name, tuple(samples)


# Distinctive prefixes, split so that no literal in this file is a whole token.
_GHP = "gh" "p_"
_EYJ = "ey" "J"
_TWP = "tw" "p_"
_NA1 = "na" "1."
_MT_LIVE = "li" "ve-"
_AK_LIVE = "ak" "_live_"
_SK = "s" "k_"
_TATUM = "t" "-"


def _b64pair(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


def _s3_pair() -> tuple[str, str]:
    return _r(20, _UPPER_ALNUM), _r(40, _ALNUM + "+/")


def _stackit_token() -> str:
    return _jwt({"iss": "stackit/serviceaccount", "sub": _uuid(), "aud": "stackit",
                 "iat": 1764547200, "exp": 1796083200, "jti": _uuid()},
                alg="RS512", sig_raw=256)


def _linkwarden_token() -> str:
    return _jwt({"id": int(_digits(2)) + 1, "name": _pick(("cli", "raycast", "n8n")),
                 "iat": 1764547200, "exp": 1796083200, "jti": _uuid()}, sig_raw=32)


def _mailerlite_token() -> str:
    return _jwt({"aud": "4", "jti": _hx(80), "iat": 1764547200.0, "nbf": 1764547200.0,
                 "exp": 4920220800.0, "sub": _digits(6), "scopes": []},
                alg="RS256", sig_raw=512)


def _zeplin_token() -> str:
    return _jwt({"aud": f"uid:{_hx(24)}", "iss": "zeplin:api.zeplin.io",
                 "iat": 1764547200, "sub": "personal_access_token", "jti": _hx(24)},
                sig_raw=32)


def _hygraph_token() -> str:
    project = "c" + _r(24, string.ascii_lowercase + string.digits)
    return _jwt({"version": 3, "iat": 1764547200,
                 "aud": [f"https://api-eu-central-1-shared-euc1-02.hygraph.com/v2/{project}/master",
                         "mgmt-api.hygraph.com"],
                 "iss": "https://management-eu-central-1-shared-euc1-02.hygraph.com/",
                 "sub": _uuid(), "jti": "c" + _r(24, string.ascii_lowercase + string.digits)},
                alg="RS256", sig_raw=256)


def _moralis_key() -> str:
    return _jwt({"nonce": _uuid(), "orgId": _digits(6), "userId": _digits(6),
                 "typeId": _uuid(), "type": "PROJECT", "iat": 1764547200, "exp": 4920220800})


def _teamwork_key() -> str:
    return _TWP + _r(28, _ALNUM)


def _fullstory_key() -> str:
    return _NA1 + _b64(48)


def _modern_treasury_key() -> str:
    return _MT_LIVE + _r(64, _ALNUM)


def _tatum_key() -> str:
    return f"{_TATUM}{_hx(24)}-{_hx(32)}"


def _elastic_email_key() -> str:
    return _r(96, _UPPER_HEX)


def _agent() -> list[_Raw]:
    out: list[_Raw] = []
    ak, sk = _s3_pair()
    ak2, sk2 = _s3_pair()
    ak3, sk3 = _s3_pair()
    out.append(_fam(
        "ledger fact verified by s3cmd ls",
        ("ledger fact", f"- [fact] The pg-backups bucket is reachable from bastion-02; verified by `s3cmd --access_key={ak} --secret_key={sk} --host=rgw.storage.internal:7480 --host-bucket= ls s3://pg-backups-prod/` (3 prefixes listed, newest 2026-12-07)."),
        ("s3cfg excerpt in a ledger note", f"Note: build-02 still has an old ~/.s3cfg that shadows the env vars:\n\n```\n[default]\naccess_key = {ak2}\nhost_base = rgw.storage.internal:7480\nhost_bucket = rgw.storage.internal:7480\nsecret_key = {sk2}\nuse_https = False\n```\nThat is why uploads went to the old tenant."),
        ("bash tool call", json.dumps({"tool": "bash", "input": {"command": f"s3cmd --access_key={ak3} --secret_key={sk3} --host=rgw.storage.internal:7480 du s3://media-archive", "timeout": 120}})),
    ))
    p1, p2, p3 = _pw(18), _pw(22), _pw(16)
    out.append(_fam(
        "ledger fact verified by bendsql",
        ("ledger fact", f"Verified the events table landed in Databend: `bendsql --dsn \"databend://analytics:{p1}@databend.query.svc:8000/events?sslmode=disable\" --query \"select count() from events where day = '2026-12-07'\"` -> 1204733."),
        ("shell session excerpt", f"$ export BENDSQL_DSN='databend://loader:{p2}@databend.query.svc:8000/default?sslmode=disable'\n$ bendsql\nWelcome to BendSQL 0.22.2.\nConnecting to databend.query.svc:8000 as user loader."),
        ("ledger debugging note", f"Debug: loader fails with `AuthenticateFailure`. The Helm values set `BENDSQL_PASSWORD={p3}` but the user was created with a different one in migration 0007; recreated with `CREATE USER loader IDENTIFIED BY '{p3}'`."),
    ))
    g1, g2, g3 = _pw(16), _pw(20), _pw(14)
    out.append(_fam(
        "ledger fact verified by a greptimedb http sql call",
        ("ledger fact", f"- Metrics table exists in GreptimeDB (verified by `curl -s -u greptime_user:{g1} -X POST 'http://greptimedb.obs:4000/v1/sql?db=public' -d 'sql=show tables'` -> 14 tables)."),
        ("copied http request", f"POST /v1/sql?db=public HTTP/1.1\nHost: greptimedb.obs:4000\nAuthorization: Basic {_b64pair('ingest', g2)}\nContent-Type: application/x-www-form-urlencoded\n\nsql=select+count(*)+from+cpu_usage"),
        ("ledger decision", f"Decision: run standalone with the static user provider for now: `greptime standalone start --user-provider=static_user_provider:cmd:admin={g3}` — move to a file provider when we add Grafana."),
    ))
    r1, r2, r3 = _pw(18), _pw(20), _pw(24)
    out.append(_fam(
        "ledger fact verified by a risingwave psql session",
        ("ledger fact", f"Verified the materialized views are refreshing: `PGPASSWORD='{r1}' psql -h risingwave-frontend -p 4566 -d dev -U root -c 'show materialized views'` lists mv_orders_5m and mv_sessions."),
        ("sql tool call", json.dumps({"name": "run_sql", "arguments": {"dsn": "postgres://root@risingwave-frontend:4566/dev", "sql": f"CREATE USER grafana_ro WITH PASSWORD '{r2}'; GRANT SELECT ON ALL MATERIALIZED VIEWS IN SCHEMA public TO grafana_ro;"}})),
        ("ledger decision", f"Decision: the sink job connects with `postgres://sink_writer:{r3}@risingwave-frontend.stream.svc:4566/dev` until the operator supports secret refs."),
    ))
    s1, s2, s3 = _pw(20), _pw(18), _pw(22)
    out.append(_fam(
        "ledger fact verified by sqlpackage publish",
        ("ledger fact", f"- Schema is deployed to billing-prod; verified by `sqlpackage /Action:Publish /SourceFile:Billing.dacpac /TargetServerName:sql-billing-prod.database.windows.net /TargetDatabaseName:billing /TargetUser:deployer /TargetPassword:{s1}` (\"Successfully published database\")."),
        ("publish profile excerpt", f"Billing.publish.xml as committed:\n<Project>\n  <PropertyGroup>\n    <TargetDatabaseName>billing</TargetDatabaseName>\n    <TargetConnectionString>Data Source=sql-billing-prod.database.windows.net;User ID=deployer;Password={s2};Encrypt=True</TargetConnectionString>\n  </PropertyGroup>\n</Project>"),
        ("pipeline log excerpt", f"2026-12-08T09:14:02Z ##[command]sqlpackage /a:Publish /sf:out/Billing.dacpac /tcs:\"Server=tcp:sql-billing-stg.database.windows.net,1433;Initial Catalog=billing;User ID=deployer;Password={s3};\"\n2026-12-08T09:14:09Z Publishing to database 'billing' on server 'sql-billing-stg.database.windows.net'."),
    ))
    m1, m2, m3 = _pw(16), _pw(20), _pw(18)
    out.append(_fam(
        "ledger fact verified by meltano config list",
        ("ledger fact", f"Confirmed tap-postgres reads its password from .env, not meltano.yml: `meltano config tap-postgres list` shows\n  password [env: TAP_POSTGRES_PASSWORD] current value: '{m1}' (from `.env`)"),
        ("shell session excerpt", f"$ meltano config target-snowflake set password '{m2}'\nTarget-snowflake setting 'password' was set in `.env`: '{m2}'"),
        ("ledger note quoting a dotenv", f"`.env` in the meltano project (gitignored, but copied into the image):\nTAP_POSTGRES_HOST=pg-replica.internal\nTAP_POSTGRES_USER=meltano\nTAP_POSTGRES_PASSWORD={m3}"),
    ))
    a1, a2 = _s3_pair()
    out.append(_fam(
        "ledger fact verified by the stackit cli",
        ("ledger fact", f"- Project access works: `stackit auth activate-service-account --service-account-token {_stackit_token()}` then `stackit project describe` -> status ACTIVE."),
        ("ci env block", f"env:\n  STACKIT_PROJECT_ID: {_uuid()}\n  STACKIT_SERVICE_ACCOUNT_TOKEN: {_stackit_token()}\n  STACKIT_REGION: eu01"),
        ("cli output pasted in a ledger", f"$ stackit object-storage credentials create --credentials-group-id {_uuid()}\nCreated credentials in group \"ci-artifacts\".\nAccess Key ID: {a1}\nSecret Access Key: {a2}\nExpire Date: never"),
    ))
    u1, u2, u3 = _pw(24), _chosen(["restic", "backup", "nas"], ["mila", "jonas"]), _pw(28)
    out.append(_fam(
        "ledger fact verified by rustic snapshots",
        ("ledger fact", f"Verified last night's backup exists: `RUSTIC_PASSWORD='{u1}' rustic -r opendal:sftp --opt endpoint=backup.lan:22 snapshots` -> 31 snapshots, newest 2026-12-08 02:10."),
        ("config excerpt", f"rustic.toml on the NAS:\n[repository]\nrepository = \"/mnt/usb/rustic\"\npassword = \"{u2}\"\n\n[forget]\nkeep-daily = 14"),
        ("handoff note", f"Handoff: the offsite repo is b2:homelab-rustic, repo password {u3} (also in the red folder). Don't run prune from the laptop."),
    ))
    out.append(_fam(
        "ledger fact verified by zrok enable",
        ("ledger fact", f"- Tunnel env is enabled on the demo box (verified by `zrok enable {_r(12)} --description demo-vm` -> \"the zrok environment was successfully enabled\")."),
        ("environment json excerpt", json.dumps({"zrok_token": _r(12), "ziti_identity": _r(10, _LOWER_ALNUM), "api_endpoint": "https://api-v1.zrok.io"}, indent=2)),
        ("compose file excerpt", f"services:\n  zrok-enable:\n    image: openziti/zrok\n    command: enable\n    environment:\n      ZROK_ENABLE_TOKEN: {_r(12)}\n      ZROK_ENVIRONMENT_NAME: docker-share"),
    ))
    k1, k2, k3 = _pw(20), _pw(18), _pw(22)
    out.append(_fam(
        "ledger decision quoting a redpanda connect pipeline",
        ("ledger decision", f"Decision: keep SCRAM in the pipeline itself until the secret store lands:\n```yaml\ninput:\n  kafka_franz:\n    seed_brokers: [rp-0.stream:9092]\n    topics: [orders]\n    sasl:\n      - mechanism: SCRAM-SHA-256\n        username: connect-orders\n        password: {k1}\n```"),
        ("diff hunk", f"@@ -12,6 +12,9 @@ output:\n   kafka_franz:\n     seed_brokers: [rp-0.stream:9092]\n     topic: orders-enriched\n+    sasl:\n+      - mechanism: SCRAM-SHA-512\n+        username: connect-enrich\n+        password: \"{k2}\""),
        ("ledger debugging note", f"Debug: `rpk cluster info` works but the connector logs `SASL authentication failed`. The pipeline still has `password: {k3}` from the staging cluster; prod user is connect-orders-prod."),
    ))
    d1, d2, d3 = _pw(24), _pw(20), _pw(18)
    out.append(_fam(
        "ledger decision quoting a pgdog config",
        ("ledger decision", f"Decision: pool per tenant DB in PgDog; users.toml as deployed:\n```toml\n[[users]]\nname = \"app\"\ndatabase = \"tenant_eu\"\npassword = \"{d1}\"\npool_size = 40\n```"),
        ("diff hunk", f"@@ -3,4 +3,9 @@\n [[databases]]\n name = \"tenant_us\"\n host = \"10.30.4.11\"\n+\n+[[users]]\n+name = \"reporting\"\n+database = \"tenant_us\"\n+password = \"{d2}\""),
        ("chat paste in a ledger", f"From #db-ops (pasted by Lena): \"pgdog admin is up, `psql -h pgdog -p 6432 -U admin admin` with password {d3}\""),
    ))
    e1, e2, e3 = _pw(20), _pw(22), _pw(16)
    out.append(_fam(
        "ledger decision quoting a debezium connector config",
        ("ledger decision", json.dumps({"name": "inventory-cdc", "config": {"connector.class": "io.debezium.connector.postgresql.PostgresConnector", "database.hostname": "pg-primary.internal", "database.port": "5432", "database.user": "debezium", "database.password": e1, "database.dbname": "inventory", "topic.prefix": "inv"}}, indent=2)),
        ("copied http request", f"curl -s -X PUT -H 'Content-Type: application/json' http://connect:8083/connectors/orders-cdc/config -d '{{\"connector.class\":\"io.debezium.connector.mysql.MySqlConnector\",\"database.hostname\":\"mysql-orders\",\"database.user\":\"dbz\",\"database.password\":\"{e2}\",\"database.server.id\":\"18405\",\"topic.prefix\":\"orders\"}}'"),
        ("debezium server properties", f"application.properties for Debezium Server:\ndebezium.source.connector.class=io.debezium.connector.postgresql.PostgresConnector\ndebezium.source.database.hostname=pg-ledger\ndebezium.source.database.user=cdc\ndebezium.source.database.password={e3}\ndebezium.sink.type=redis"),
    ))
    t1, t2, t3 = _pw(20), _pw(16), _pw(22)
    out.append(_fam(
        "ledger decision quoting a gatus config",
        ("ledger decision", f"Decision: Gatus probes the admin API with basic auth, quoted from config.yaml:\n```yaml\nendpoints:\n  - name: admin-api\n    url: https://admin.internal/healthz\n    headers:\n      Authorization: Basic {_b64pair('gatus', t1)}\n    conditions: ['[STATUS] == 200']\n```"),
        ("config excerpt", f"alerting:\n  email:\n    from: gatus@ops.example.org\n    username: gatus@ops.example.org\n    password: {t2}\n    host: smtp.ops.example.org\n    port: 587\n    to: oncall@ops.example.org"),
        ("ledger debugging note", f"Debug: the Postgres storage never connects; Gatus logs the DSN on startup: `storage: type=postgres path=postgres://gatus:{t3}@pg.monitor:5432/gatus?sslmode=disable`."),
    ))
    x1, x2, x3 = _pw(20), _r(32), _pw(18)
    out.append(_fam(
        "ledger decision quoting a dex ldap connector",
        ("ledger decision", f"Decision: Dex binds to AD with a service account:\n```yaml\nconnectors:\n- type: ldap\n  id: ad\n  config:\n    host: dc01.corp.local:636\n    bindDN: CN=svc-dex,OU=Service,DC=corp,DC=local\n    bindPW: {x1}\n```"),
        ("diff hunk", f"@@ -40,6 +40,11 @@ staticClients:\n+- id: grafana\n+  name: Grafana\n+  secret: {x2}\n+  redirectURIs:\n+  - https://grafana.corp.local/login/generic_oauth"),
        ("helm values excerpt", f"dex:\n  config:\n    connectors:\n      - type: ldap\n        id: freeipa\n        config:\n          host: ipa.lab:389\n          bindDN: uid=dex,cn=sysaccounts,cn=etc,dc=lab\n          bindPW: \"{x3}\""),
    ))
    o1, o2 = _r(32, _ALNUM + "-_"), _b64url(32)
    o3 = _r(40, _ALNUM)
    out.append(_fam(
        "ledger decision quoting an oauth2-proxy config",
        ("ledger decision", f"Decision: keep oauth2-proxy in front of Kibana; oauth2-proxy.cfg as deployed:\nprovider = \"oidc\"\nclient_id = \"kibana-proxy\"\nclient_secret = \"{o1}\"\ncookie_secret = \"{o2}\"\nemail_domains = [\"example.org\"]"),
        ("container args", f"args:\n  - --provider=github\n  - --github-org=acme-platform\n  - --client-id=Iv1.{_hx(16)}\n  - --client-secret={o3}\n  - --cookie-secret={_b64url(32)}\n  - --upstream=http://prometheus:9090"),
        ("ledger debugging note", f"Debug: 'cookie_secret must be 16, 24, or 32 bytes' — the env has OAUTH2_PROXY_COOKIE_SECRET={_r(44, _ALNUM)} which is 44 chars; generated a 32-byte one instead."),
    ))
    out.append(_fam(
        "ledger note quoting a depot build log",
        ("ledger note", f"Build failure context (depot build, project {_r(10, _LOWER_ALNUM)}):\n#11 [deps 3/6] RUN echo \"//npm.pkg.github.com/:_authToken={_GHP}{_r(36)}\" > .npmrc && npm ci\n#11 2.114 npm ERR! 404 Not Found - GET https://npm.pkg.github.com/@acme%2fui"),
        ("build log excerpt", f"#7 [build 2/5] RUN pip install --index-url https://ci:{_pw(22)}@pypi.internal.example/simple -r requirements.txt\n#7 0.981 Looking in indexes: https://ci:****@pypi.internal.example/simple"),
        ("ledger fact", f"- Cache hits confirmed (depot build --progress=plain). Note the log echoes the build arg: `#5 [base 1/3] ARG SENTRY_AUTH_TOKEN={_hx(64)}`."),
    ))
    n1, n2 = _pw(22), _pw(18)
    out.append(_fam(
        "ledger note quoting a nixpacks build log",
        ("ledger note", f"Nixpacks plan printed the full env:\n║ Variables │ DATABASE_URL=postgresql://app:{n1}@containers-us-west.db.internal:6543/railway ║\n║ Install   │ npm ci                                                                ║"),
        ("build log excerpt", f"=== Successfully Built! ===\nRun:\ndocker run -it -e REDIS_URL=redis://default:{n2}@redis.internal:6379 -e NODE_ENV=production app-4f2c"),
        ("ledger debugging note", f"Debug: the build arg is baked into the image layer; `docker history` shows `ARG NIXPACKS_STRIPE_KEY={_SK}live_{_r(24)}`. Rotate and move to runtime env."),
    ))
    kc1 = _b64pair("robot$ci", _r(32))
    out.append(_fam(
        "ledger note quoting a kaniko build log",
        ("ledger note", f"Kaniko job log (step 2) prints the docker config we generate:\n+ echo '{{\"auths\":{{\"harbor.internal\":{{\"auth\":\"{kc1}\"}}}}}}' > /kaniko/.docker/config.json\nINFO[0003] Retrieving image manifest python:3.12-slim"),
        ("build log excerpt", f"INFO[0001] Using dockerignore file: /workspace/.dockerignore\nINFO[0002] Args: --build-arg=PIP_EXTRA_INDEX_URL=https://__token__:{_pw(30)}@gitlab.internal/api/v4/projects/88/packages/pypi/simple\nINFO[0004] Unpacking rootfs as cmd RUN pip install"),
        ("ledger debugging note", f"Debug: kaniko ignores the secret mount, so the Dockerfile falls back to `ENV NPM_TOKEN={_r(36)}` from the CI variable; it ends up in the final image config."),
    ))
    q1, q2, q3 = _pw(18), _pw(20), _pw(16)
    out.append(_fam(
        "ledger debugging note on a sequelize constructor",
        ("ledger debugging note", f"Debug: ECONNREFUSED came from the second instance in models/index.js, which hard-codes `new Sequelize('shop', 'shop_app', '{q1}', {{ host: 'mysql-old.internal', dialect: 'mysql' }})`."),
        ("code review comment", f"models/legacy.js L8: `const sequelize = new Sequelize('postgres://reports:{q2}@pg-reports:5432/reports', {{ logging: false }})` — move to config/config.js + env."),
        ("config json excerpt", json.dumps({"production": {"username": "shop_app", "password": q3, "database": "shop", "host": "mysql-prod.internal", "dialect": "mysql"}}, indent=2)),
    ))
    w1, w2, w3 = _pw(20), _pw(16), _pw(24)
    out.append(_fam(
        "ledger debugging note on a node-postgres pool",
        ("ledger debugging note", f"Debug: pool exhaustion; the worker creates its own Pool: `const pool = new Pool({{ user: 'worker', password: '{w1}', host: 'pg-main', database: 'jobs', max: 50 }})`."),
        ("error log excerpt", f"error: password authentication failed for user \"api\"\n    at Parser.parseErrorMessage (node_modules/pg-protocol/dist/parser.js:287:98)\nconnectionString: 'postgres://api:{w2}@pg-main:5432/api'"),
        ("test fixture", f"// test/setup.ts\nprocess.env.PGPASSWORD ??= '{w3}' // same as staging, see ledger 2026-12-02"),
    ))
    v1, v2, v3 = _pw(24), _pw(20), _pw(18)
    out.append(_fam(
        "ledger debugging note on go-redis options",
        ("ledger debugging note", f"Debug: NOAUTH errors only in the worker; cmd/worker/main.go has `redis.NewClient(&redis.Options{{Addr: \"redis-cache:6379\", Password: \"{v1}\", DB: 2}})` while the API reads REDIS_PASSWORD."),
        ("diff hunk", f"@@ -21,7 +21,7 @@ func newCache() *redis.Client {{\n \treturn redis.NewFailoverClient(&redis.FailoverOptions{{\n \t\tMasterName:    \"mymaster\",\n-\t\tPassword:      os.Getenv(\"REDIS_PASSWORD\"),\n+\t\tPassword:      \"{v2}\","),
        ("go test output", f"--- FAIL: TestCacheRoundTrip (0.02s)\n    cache_test.go:31: redis.ParseURL(\"rediss://default:{v3}@redis-stg:6380/0\"): dial tcp: i/o timeout"),
    ))
    y1, y2, y3 = _pw(20), _pw(18), _pw(22)
    out.append(_fam(
        "ledger debugging note on an npgsql connection string",
        ("ledger debugging note", f"Debug: `28P01: password authentication failed` comes from appsettings.Staging.json: \"Host=pg-stg;Port=5432;Username=orders;Password={y1};Database=orders;Pooling=true\"."),
        ("csharp snippet", f"var builder = new NpgsqlConnectionStringBuilder {{\n    Host = \"pg-prod.internal\",\n    Username = \"ledger\",\n    Password = \"{y2}\",\n    Database = \"ledger\",\n    SslMode = SslMode.Require\n}};"),
        ("exception excerpt", f"Npgsql.PostgresException (0x80004005): 3D000: database \"orders_v2\" does not exist\n   at ... ConnectionString: Host=10.2.0.15;Username=migrator;Password={y3};Database=orders_v2"),
    ))
    z1, z2, z3 = _pw(20), _pw(16), _pw(22)
    out.append(_fam(
        "ledger debugging note on a tokio-postgres config",
        ("ledger debugging note", f"Debug: the ingest binary ignores DATABASE_URL; src/db.rs has `tokio_postgres::connect(\"host=pg-main user=ingest password={z1} dbname=metrics\", NoTls)`."),
        ("rust snippet", f"let mut cfg = tokio_postgres::Config::new();\ncfg.host(\"pg-replica\").user(\"reader\").password(\"{z2}\").dbname(\"metrics\");"),
        ("panic output", f"thread 'main' panicked at src/main.rs:44:10:\ncalled `Result::unwrap()` on an `Err` value: Error {{ kind: Connect, cause: \"postgres://writer:{z3}@10.0.3.7:5432/metrics\" }}"),
    ))
    h1, h2, h3 = _pw(20), _pw(24), _pw(18)
    out.append(_fam(
        "ledger debugging note on a predis client",
        ("ledger debugging note", f"Debug: sessions drop every few minutes; app/Cache.php builds `new Predis\\Client(['scheme' => 'tls', 'host' => 'redis.prod', 'port' => 6380, 'password' => '{h1}'])` and bypasses the Sentinel config."),
        ("php config excerpt", f"'redis' => [\n    'client' => 'predis',\n    'default' => [\n        'host' => '10.0.8.4',\n        'password' => '{h2}',\n        'port' => 6379,\n    ],\n],"),
        ("error log excerpt", f"[2026-12-07 22:41:09] production.ERROR: Predis\\Response\\ServerException: WRONGPASS invalid username-password pair {{\"parameters\":\"tcp://redis-queue:6379?password={h3}\"}}"),
    ))
    out.append(_fam(
        "copied request to the jellyseerr api",
        ("copied http request", f"GET /api/v1/request?take=20&filter=pending HTTP/1.1\nHost: requests.home.lan:5055\nX-Api-Key: {_b64(48)}\nAccept: application/json"),
        ("curl in a ledger", f"Verified the webhook user exists: `curl -s -H 'X-Api-Key: {_b64(48)}' http://jellyseerr:5055/api/v1/user?take=5 | jq '.results[].displayName'`"),
        ("script excerpt", f"JELLYSEERR_URL = \"http://192.168.1.20:5055\"\nJELLYSEERR_API_KEY = \"{_b64(48)}\"\nrequests.post(f\"{{JELLYSEERR_URL}}/api/v1/request\", headers={{\"X-Api-Key\": JELLYSEERR_API_KEY}}, json=payload)"),
    ))
    out.append(_fam(
        "copied request to the linkwarden api",
        ("copied http request", f"POST /api/v1/links HTTP/1.1\nHost: links.example.net\nAuthorization: Bearer {_linkwarden_token()}\nContent-Type: application/json\n\n{{\"url\":\"https://example.org/article\",\"collection\":{{\"id\":3}}}}"),
        ("curl in a ledger", f"- Import verified: `curl -s https://links.example.net/api/v1/collections -H \"Authorization: Bearer {_linkwarden_token()}\"` returns 12 collections."),
        ("raycast extension settings", json.dumps({"linkwardenUrl": "https://links.example.net", "apiKey": _linkwarden_token()}, indent=2)),
    ))
    gf = _hx(128)
    out.append(_fam(
        "copied request to the ghostfolio api",
        ("copied http request", f"POST /api/v1/auth/anonymous HTTP/1.1\nHost: ghostfolio.home.lan:3333\nContent-Type: application/json\n\n{{\"accessToken\":\"{gf}\"}}"),
        ("curl in a ledger", f"Fact: the import endpoint accepts our CSV-converted JSON; verified with `curl -X POST http://ghostfolio:3333/api/v1/import -H 'Authorization: Bearer {_jwt({'id': _uuid(), 'iat': 1764547200, 'exp': 1780272000})}' -d @activities.json`."),
        ("dotenv excerpt", f"# ghostfolio importer\nGHOSTFOLIO_URL=http://ghostfolio:3333\nGHOSTFOLIO_SECURITY_TOKEN={_hx(128)}"),
    ))
    out.append(_fam(
        "copied request to the formbricks api",
        ("copied http request", f"GET /api/v1/management/responses?surveyId=clx{_r(21, _LOWER_ALNUM)} HTTP/1.1\nHost: forms.example.io\nx-api-key: {_hx(32)}"),
        ("curl in a ledger", f"- Survey export works: `curl -s https://app.formbricks.com/api/v1/management/surveys -H 'x-api-key: {_hx(32)}' | jq length` -> 7."),
        ("n8n credential export", json.dumps({"name": "Formbricks prod", "type": "formbricksApi", "data": {"host": "https://app.formbricks.com", "apiKey": _hx(32)}}, indent=2)),
    ))
    out.append(_fam(
        "copied request to the stirling-pdf api",
        ("copied http request", f"POST /api/v1/convert/pdf/img HTTP/1.1\nHost: pdf.tools.lan:8080\nX-API-KEY: {_uuid()}\nContent-Type: multipart/form-data; boundary=----x"),
        ("curl in a ledger", f"Verified OCR endpoint: `curl -s -X POST http://stirling:8080/api/v1/misc/ocr-pdf -H 'X-API-KEY: {_uuid()}' -F fileInput=@scan.pdf -F languages=deu -o out.pdf`"),
        ("compose file excerpt", f"services:\n  stirling-pdf:\n    image: stirlingtools/stirling-pdf:latest\n    environment:\n      SECURITY_ENABLELOGIN: \"true\"\n      SECURITY_INITIALLOGIN_USERNAME: admin\n      SECURITY_INITIALLOGIN_PASSWORD: {_chosen(['pdf', 'scanner', 'buero'], ['anja', 'tobias'])}"),
    ))
    c1, c2, c3 = _pw(22), _pw(20), _pw(18)
    out.append(_fam(
        "diff hunk in an azure container apps yaml",
        ("diff hunk", f"@@ -8,6 +8,10 @@ properties:\n   configuration:\n     activeRevisionsMode: Single\n+    secrets:\n+      - name: db-password\n+        value: {c1}\n+      - name: redis-url\n+        value: rediss://:{c2}@cache-prod.redis.cache.windows.net:6380"),
        ("az cli in a ledger", f"Applied with `az containerapp secret set -n orders-api -g rg-orders --secrets db-password={c3}` then restarted revision orders-api--v42."),
        ("bicep excerpt", f"resource app 'Microsoft.App/containerApps@2024-03-01' = {{\n  properties: {{\n    configuration: {{\n      secrets: [\n        {{ name: 'smtp-password', value: '{_pw(16)}' }}\n      ]\n    }}\n  }}\n}}"),
    ))
    b1, b2 = _pw(20), _pw(18)
    out.append(_fam(
        "diff hunk in a cdk.json context block",
        ("diff hunk", f"@@ -14,6 +14,8 @@\n   \"context\": {{\n     \"@aws-cdk/aws-lambda:recognizeLayerVersion\": true,\n+    \"stagingDbPassword\": \"{b1}\",\n+    \"stagingDbUser\": \"app\","),
        ("cdk synth output", f"$ cdk synth -c dbPassword={b2} OrdersStack\nResources:\n  OrdersDb:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      MasterUsername: app"),
        ("ledger decision", f"Decision (temporary): pass the webhook secret through context, `\"slackSigningSecret\": \"{_hx(32)}\"` in cdk.context.json, until the Secrets Manager construct is merged."),
    ))
    out.append(_fam(
        "diff hunk in a pyproject pytest-env section",
        ("diff hunk", f"@@ -40,3 +40,8 @@ [tool.pytest.ini_options]\n addopts = \"-q\"\n+env = [\n+    \"DATABASE_URL=postgresql://test:{_pw(16)}@pg-ci.internal:5432/test\",\n+    \"PAYMENTS_API_KEY={_r(40)}\",\n+]"),
        ("pyproject excerpt", f"[tool.pytest.ini_options]\nenv = [\n  \"D:SMTP_PASSWORD={_pw(18)}\",\n  \"SMTP_HOST=mail.staging.internal\",\n]"),
        ("code review comment", f"pyproject.toml L52: `\"R:INTEGRATION_TOKEN={_r(32)}\"` is a live staging token; please read it from the CI secret instead."),
    ))
    out.append(_fam(
        "agent todo list tool call quoting a credential",
        ("todo tool call", json.dumps({"tool": "todo_write", "todos": [{"content": f"Rotate SMTP password (current one `{_pw(18)}` leaked in PR #412)", "status": "pending"}, {"content": "Update runbook", "status": "pending"}]})),
        ("todo list in a ledger", f"## Todo\n- [x] migrate cron to systemd timers\n- [ ] log in to the old Plesk panel (admin / {_chosen(['plesk', 'server', 'hosting'], ['martin', 'petra'])}) and export the DNS zone\n- [ ] delete old VM"),
        ("task tool result", f"Task list updated:\n1. [in_progress] Re-create the Redis user `svc-cache` with password {_pw(22)}\n2. [pending] Restart the API pods"),
    ))
    out.append(_fam(
        "agent web fetch tool call with a key in the url",
        ("web fetch tool call", json.dumps({"tool": "web_fetch", "url": f"https://reports.internal.example/api/v2/export?format=csv&api_key={_r(40)}"})),
        ("tool result header", f"Fetched https://geo.internal.example/v1/lookup?ip=203.0.113.7&token={_hx(40)} (200, 412 bytes)"),
        ("ledger fact", f"- The vendor's sandbox answers: fetched `https://sandbox.partner-api.example/v3/orders?access_token={_r(48, _B64URL)}` and got 3 orders."),
    ))
    out.append(_fam(
        "agent grep tool result listing a key",
        ("grep tool result", f"config/settings/staging.py:41:EMAIL_HOST_PASSWORD = \"{_pw(18)}\"\nconfig/settings/staging.py:42:EMAIL_PORT = 587\nconfig/settings/base.py:88:EMAIL_HOST_PASSWORD = env(\"EMAIL_HOST_PASSWORD\")"),
        ("search tool call and result", f"search(pattern=\"api_key\", path=\"scripts/\")\nscripts/backfill.py:12:    api_key = \"{_r(40)}\"  # TODO env\nscripts/report.py:7:    api_key = os.environ[\"REPORTS_API_KEY\"]"),
        ("ledger note", f"Found by `rg -n 'password' deploy/`: deploy/old/inventory.ini:9:db01 ansible_host=10.0.0.5 mysql_root_password={_pw(20)}"),
    ))
    return out


def _formats() -> list[_Raw]:
    out: list[_Raw] = []
    out.append(_fam(
        "lldap config toml secrets",
        ("config file", f"# lldap_config.toml\nldap_base_dn = \"dc=home,dc=lan\"\nldap_user_dn = \"admin\"\nldap_user_pass = \"{_pw(20)}\"\njwt_secret = \"{_r(32)}\"\ndatabase_url = \"sqlite:///data/users.db?mode=rwc\""),
        ("compose environment", f"  lldap:\n    image: lldap/lldap:stable\n    environment:\n      - LLDAP_JWT_SECRET={_r(40)}\n      - LLDAP_KEY_SEED={_r(32)}\n      - LLDAP_LDAP_USER_PASS={_chosen(['ldap', 'homelab', 'server'], ['kai', 'lotte'])}"),
        ("forum post", f"lldap won't start, says \"Wrong password\" for admin. My config: ldap_user_pass = \"{_chosen(['admin', 'ldap', 'proxmox'], ['sven', 'ida'])}\" but I changed it in the UI later? Running v0.6.1."),
    ))
    out.append(_fam(
        "postfixadmin config.local.php database password",
        ("config file", f"<?php\n$CONF['configured'] = true;\n$CONF['database_type'] = 'mysqli';\n$CONF['database_host'] = 'localhost';\n$CONF['database_user'] = 'postfixadmin';\n$CONF['database_password'] = '{_pw(18)}';\n$CONF['database_name'] = 'postfixadmin';"),
        ("mailing list post", f"Upgraded to 3.3.13 and login.php is blank. config.local.php has $CONF['database_password'] = '{_chosen(['mail', 'postfix', 'server'], ['gerd', 'nina'])}'; and the DB user works from the shell, so what else?"),
        ("ansible vars", f"postfixadmin_db_user: postfixadmin\npostfixadmin_db_password: \"{_pw(22)}\"\npostfixadmin_setup_hash: \"$2y$10${_r(53, _ALNUM + './')}\""),
    ))
    out.append(_fam(
        "joomla configuration.php secrets",
        ("config file", f"<?php\nclass JConfig {{\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = 'joomla_usr';\n\tpublic $password = '{_pw(16)}';\n\tpublic $db = 'joomla_db';\n\tpublic $dbprefix = 'jos_';\n\tpublic $secret = '{_r(16)}';"),
        ("support ticket", f"Hi, after moving hosts the site shows \"Error connecting to the database\". configuration.php: public $user = 'ctc_joomla'; public $password = '{_chosen(['verein', 'joomla', 'website'], ['heike', 'ralf'])}'; public $host = 'localhost';"),
        ("smtp block", f"\tpublic $mailer = 'smtp';\n\tpublic $smtphost = 'smtp.office365.com';\n\tpublic $smtpuser = 'web@club.example.org';\n\tpublic $smtppass = '{_pw(14)}';\n\tpublic $smtpport = 587;"),
    ))
    out.append(_fam(
        "phpbb config.php dbpasswd",
        ("config file", f"<?php\n// phpBB 3.3.x auto-generated configuration file\n$dbms = 'phpbb\\\\db\\\\driver\\\\mysqli';\n$dbhost = 'localhost';\n$dbport = '';\n$dbname = 'forum';\n$dbuser = 'forum_user';\n$dbpasswd = '{_pw(18)}';\n$table_prefix = 'phpbb_';"),
        ("forum help post", f"General Error: SQL ERROR [ mysqli ] Access denied for user 'phpbb'@'localhost'. My config.php says $dbpasswd = '{_chosen(['forum', 'clan', 'gaming'], ['dave', 'steph'])}'; do I need quotes differently?"),
        ("backup script", f"mysqldump -u forum_user -p'{_pw(18)}' forum | gzip > /backup/forum-$(date +%F).sql.gz  # same as $dbpasswd in config.php"),
    ))
    out.append(_fam(
        "osticket ost-config.php secrets",
        ("config file", f"define('SECRET_SALT','{_r(32)}');\ndefine('ADMIN_EMAIL','helpdesk@school.example');\ndefine('DBTYPE','mysql');\ndefine('DBHOST','localhost');\ndefine('DBNAME','osticket');\ndefine('DBUSER','osticket');\ndefine('DBPASS','{_pw(16)}');"),
        ("handover note", f"osTicket: DB is osticket/osticket on the same VM, DBPASS in include/ost-config.php is {_chosen(['ticket', 'helpdesk', 'support'], ['brenda', 'kofi'])} — admin login is in the password manager."),
        ("email fetching settings", f"Email account (Settings > Emails > support@): IMAP imap.school.example:993, username support@school.example, password {_pw(14)}, fetch every 5 min."),
    ))
    out.append(_fam(
        "librenms env and config secrets",
        ("dotenv file", f"APP_KEY=base64:{_b64(32)}\nDB_HOST=localhost\nDB_DATABASE=librenms\nDB_USERNAME=librenms\nDB_PASSWORD={_pw(20)}"),
        ("config.php excerpt", f"$config['snmp']['v3'][0]['authname'] = 'librenms';\n$config['snmp']['v3'][0]['authpass'] = '{_pw(16)}';\n$config['snmp']['v3'][0]['cryptopass'] = '{_pw(16)}';"),
        ("lnms config in a chat", f"ran `lnms config:set email_smtp_password '{_chosen(['network', 'monitor', 'switch'], ['ahmed', 'lea'])}'` and still no alert mails, any idea?"),
    ))
    out.append(_fam(
        "3proxy cfg cleartext users",
        ("config file", f"nserver 1.1.1.1\nauth strong\nusers proxyuser:CL:{_pw(14)} office:CL:{_chosen(['proxy', 'office', 'network'], ['igor', 'oksana'])}\nallow proxyuser,office\nproxy -p3128\nsocks -p1080"),
        ("chat message", f"socks5 for the scraper: 45.9.20.11:1080, login scraper, pass {_pw(12)} (3proxy, CL user)"),
        ("dockerfile excerpt", f"RUN echo 'users admin:CL:{_chosen(['admin', 'proxy', 'server'], ['artem', 'dasha'])}' >> /etc/3proxy/3proxy.cfg"),
    ))
    out.append(_fam(
        "lighttpd plain auth user file",
        ("user file", f"# /etc/lighttpd/lighttpd.user (auth.backend = \"plain\")\nadmin:{_chosen(['router', 'admin', 'garage'], ['paul', 'anne'])}\nviewer:{_pw(12)}"),
        ("config and note", f"auth.backend = \"plain\"\nauth.backend.plain.userfile = \"/etc/lighttpd/.passwd\"\n# .passwd contains: cams:{_pw(14)}"),
        ("shell history", f"echo 'stats:{_chosen(['stats', 'web', 'server'], ['tom', 'julia'])}' | sudo tee /etc/lighttpd/stats.user"),
    ))
    out.append(_fam(
        "proftpd sqlconnectinfo password",
        ("config file", f"<IfModule mod_sql.c>\n  SQLBackend mysql\n  SQLConnectInfo ftpd@localhost proftpd {_pw(18)}\n  SQLAuthTypes Crypt\n  SQLUserInfo ftpuser userid passwd uid gid homedir shell\n</IfModule>"),
        ("forum post", f"mod_sql/4.3: error connecting to database. My line: SQLConnectInfo proftpd@127.0.0.1 proftpd {_chosen(['ftp', 'server', 'upload'], ['kevin', 'mara'])} — the same works in mysql client."),
        ("ansible template vars", f"proftpd_sql_user: proftpd\nproftpd_sql_password: {_pw(20)}\nproftpd_sql_db: ftp"),
    ))
    out.append(_fam(
        "kea dhcp database and control agent passwords",
        ("config file", json.dumps({"Dhcp4": {"lease-database": {"type": "mysql", "name": "kea", "host": "db.lan", "user": "kea", "password": _pw(18)}, "interfaces-config": {"interfaces": ["eth1"]}}}, indent=2)),
        ("control agent config", json.dumps({"Control-agent": {"http-host": "10.0.0.2", "http-port": 8000, "authentication": {"type": "basic", "realm": "kea-ctrl", "clients": [{"user": "stork", "password": _pw(16)}]}}}, indent=2)),
        ("ledger note", f"kea-dhcp6.conf hosts-database on the new server: `\"hosts-database\": {{\"type\": \"postgresql\", \"name\": \"kea\", \"user\": \"kea\", \"password\": \"{_pw(20)}\"}}` (copied from old box)."),
    ))
    out.append(_fam(
        "burp backup client conf password",
        ("config file", f"# /etc/burp/burp.conf\nmode = client\nserver = backup.office.lan\nport = 4971\ncname = laptop-anna\npassword = {_pw(16)}\nbackup = /home"),
        ("server clientconfdir file", f"# /etc/burp/clientconfdir/nas01\npassword = {_chosen(['backup', 'nas', 'office'], ['anna', 'georg'])}\nkeep = 7\nkeep = 4"),
        ("email to it", f"Hi Stefan, the new PC is set up, burp client name pc-reception, password {_chosen(['empfang', 'praxis', 'backup'], ['ute', 'klaus'])} — can you add it on the server?"),
    ))
    out.append(_fam(
        "ark server gameusersettings passwords",
        ("ini file", f"[ServerSettings]\nServerPassword={_chosen(['dino', 'tribe', 'raptor', 'island'], ['jake', 'tyler'])}\nServerAdminPassword={_pw(14)}\nDifficultyOffset=1.0\nRCONEnabled=True\nRCONPort=27020"),
        ("discord message", f"server's back up! join pw is {_chosen(['rex', 'ark', 'tribe', 'survival'], ['mike', 'ash'])}, admin pw for the mods channel only: {_pw(10)}"),
        ("launch command", f"ShooterGameServer.exe TheIsland_WP?listen?SessionName=CozyTribe?ServerPassword={_chosen(['cozy', 'tribe', 'dodo'], ['lily', 'sam'])}?ServerAdminPassword={_pw(12)} -server -log"),
    ))
    out.append(_fam(
        "azuracast env database passwords",
        ("env file", f"# azuracast.env\nMYSQL_PASSWORD={_pw(20)}\nMYSQL_ROOT_PASSWORD={_pw(24)}\nMYSQL_USER=azuracast\nAUTO_ASSIGN_PORT_MIN=8000"),
        ("radio forum post", f"Station won't start after update 0.20.x; azuracast.env has MYSQL_PASSWORD={_chosen(['radio', 'music', 'station'], ['dj', 'marco'])} — did the update reset it?"),
        ("station source config note", f"Streamer/DJ account for the Saturday show: username djsunny, password {_chosen(['sunny', 'vinyl', 'beats'], ['sunny', 'rick'])}, mount /radio.mp3, port 8005"),
    ))
    out.append(_fam(
        "opensips cfg db_url password",
        ("config file", f"loadmodule \"usrloc.so\"\nmodparam(\"usrloc\", \"db_url\", \"mysql://opensips:{_pw(18)}@localhost/opensips\")\nmodparam(\"auth_db\", \"db_url\", \"mysql://opensips:{_pw(18)}@localhost/opensips\")"),
        ("opensips-cli config", f"[default]\nlog_level: WARNING\ndatabase_url: mysql://opensips:{_pw(16)}@localhost\ndatabase_name: opensips"),
        ("mailing list post", f"OpenSIPS 3.4 fails with 'failed to connect to db'. db_url is \"postgres://opensips:{_chosen(['voip', 'sip', 'trunk'], ['pedro', 'ines'])}@10.0.0.9/opensips\""),
    ))
    out.append(_fam(
        "mailman3 database url and secret key",
        ("mailman.cfg", f"[database]\nclass: mailman.database.postgresql.PostgreSQLDatabase\nurl: postgresql://mailman:{_pw(20)}@localhost/mailman"),
        ("mailman-web settings", f"# /etc/mailman3/mailman-web.py\nSECRET_KEY = '{_r(50, _ALNUM + '!@#%^&*(-_=+)')}'\nMAILMAN_REST_API_PASS = '{_pw(16)}'\nMAILMAN_ARCHIVER_KEY = '{_r(32)}'"),
        ("list admin email", f"The REST API user is restadmin and the password is {_chosen(['mailman', 'lists', 'archive'], ['colin', 'ruth'])}; Postorius is at lists.example.org/mailman3."),
    ))
    out.append(_fam(
        "sogo conf database urls",
        ("config file", f"{{\n  SOGoProfileURL = \"postgresql://sogo:{_pw(18)}@localhost:5432/sogo/sogo_user_profile\";\n  OCSFolderInfoURL = \"postgresql://sogo:{_pw(18)}@localhost:5432/sogo/sogo_folder_info\";\n  SOGoSieveServer = \"sieve://127.0.0.1:4190\";\n}}"),
        ("user source block", f"SOGoUserSources = (\n  {{\n    type = ldap;\n    bindDN = \"cn=sogo,ou=services,dc=example,dc=com\";\n    bindPassword = \"{_pw(16)}\";\n    baseDN = \"ou=people,dc=example,dc=com\";\n  }}\n);"),
        ("forum post", f"SOGo login loop after upgrade to 5.11; sogo.conf has SOGoProfileURL = \"mysql://sogo:{_chosen(['groupware', 'mail', 'sogo'], ['lukas', 'emma'])}@localhost:3306/sogo/sogo_user_profile\";"),
    ))
    out.append(_fam(
        "moonraker secrets ini",
        ("secrets file", f"# ~/printer_data/moonraker.secrets\n[mqtt_credentials]\nusername: printer\npassword: {_chosen(['voron', 'printer', 'klipper'], ['nico', 'anja'])}\n\n[api_keys]\nopenweather: {_hx(32)}"),
        ("moonraker.conf excerpt", f"[mqtt]\naddress: 192.168.1.40\nport: 1883\nusername: klipper\npassword: {_pw(14)}\nenable_moonraker_api: True"),
        ("discord help post", f"moonraker can't connect to mqtt, my conf: `[mqtt] address: homeassistant.local username: mqtt_user password: {_chosen(['ender', 'prusa', 'filament'], ['max', 'zoe'])}`"),
    ))
    out.append(_fam(
        "sftpgo data provider password",
        ("config file", json.dumps({"data_provider": {"driver": "postgresql", "name": "sftpgo", "host": "pg.lan", "port": 5432, "username": "sftpgo", "password": _pw(20)}}, indent=2)),
        ("env file", f"SFTPGO_DATA_PROVIDER__DRIVER=mysql\nSFTPGO_DATA_PROVIDER__USERNAME=sftpgo\nSFTPGO_DATA_PROVIDER__PASSWORD={_pw(18)}\nSFTPGO_DEFAULT_ADMIN_USERNAME=admin\nSFTPGO_DEFAULT_ADMIN_PASSWORD={_chosen(['sftp', 'files', 'upload'], ['oliver', 'mia'])}"),
        ("customer email", f"Your SFTP account is ready: host files.example.com port 2022, user acme-upload, password {_pw(14)}. Please change it in the web client."),
    ))
    out.append(_fam(
        "sqitch conf target uri password",
        ("config file", f"[core]\n\tengine = pg\n[target \"prod\"]\n\turi = db:pg://sqitch:{_pw(18)}@pg-prod.internal:5432/app\n[engine \"pg\"]\n\ttarget = prod"),
        ("shell command", f"sqitch deploy db:pg://deployer:{_pw(20)}@10.1.4.2/orders --verify"),
        ("ci log", f"$ sqitch --chdir db status db:pg://ci:{_pw(16)}@postgres:5432/ci_test\n# On database db:pg://ci:@postgres:5432/ci_test\n# Project:  app"),
    ))
    out.append(_fam(
        "postgrest conf db-uri and jwt-secret",
        ("config file", f"db-uri = \"postgres://authenticator:{_pw(20)}@localhost:5432/app\"\ndb-schemas = \"api\"\ndb-anon-role = \"web_anon\"\njwt-secret = \"{_r(40)}\""),
        ("compose environment", f"  postgrest:\n    image: postgrest/postgrest:v12.2.3\n    environment:\n      PGRST_DB_URI: postgres://authenticator:{_pw(18)}@db:5432/app\n      PGRST_JWT_SECRET: {_r(48)}"),
        ("tutorial follow-up in chat", f"followed the postgrest tutorial, my jwt-secret is \"{_r(32)}\" and the token from jwt.io still gives JWSError"),
    ))
    return out


def _vendor() -> list[_Raw]:
    out: list[_Raw] = []
    out.append(_fam(
        "mailerlite api token",
        ("dotenv file", f"MAILERLITE_API_TOKEN={_mailerlite_token()}\nMAILERLITE_GROUP_ID=1{_digits(17)}"),
        ("curl in a ledger", f"curl -s https://connect.mailerlite.com/api/subscribers?limit=1 -H 'Authorization: Bearer {_mailerlite_token()}' -H 'Accept: application/json'"),
        ("wordpress plugin settings export", json.dumps({"mailerlite_api_key": _mailerlite_token(), "double_optin": True}, indent=2)),
    ))
    out.append(_fam(
        "zeplin personal access token",
        ("figma-to-code script", f"ZEPLIN_TOKEN = \"{_zeplin_token()}\"\nclient = ZeplinApi(Configuration(access_token=ZEPLIN_TOKEN))"),
        ("ci variables listing", f"ZEPLIN_PROJECT_ID=5f{_hx(22)}\nZEPLIN_ACCESS_TOKEN={_zeplin_token()}"),
        ("slack message", f"for the styleguide sync use my zeplin PAT for now: {_zeplin_token()}"),
    ))
    out.append(_fam(
        "hygraph permanent auth token",
        ("dotenv file", f"HYGRAPH_ENDPOINT=https://eu-central-1-shared-euc1-02.cdn.hygraph.com/content/c{_r(24, _LOWER_ALNUM)}/master\nHYGRAPH_TOKEN={_hygraph_token()}"),
        ("graphql client code", f"const client = new GraphQLClient(endpoint, {{\n  headers: {{ Authorization: `Bearer {_hygraph_token()}` }},\n}});"),
        ("ledger fact", f"- Content API answers with the mutation token (verified by curl -H 'Authorization: Bearer {_hygraph_token()}' -d '{{\"query\":\"{{ posts {{ id }} }}\"}}')."),
    ))
    out.append(_fam(
        "moralis web3 api key",
        ("dotenv file", f"MORALIS_API_KEY={_moralis_key()}\nCHAIN=0x1"),
        ("node snippet", f"await Moralis.start({{\n  apiKey: \"{_moralis_key()}\",\n}});"),
        ("curl in a ledger", f"curl -s 'https://deep-index.moralis.io/api/v2.2/0x{_hx(40)}/erc20?chain=eth' -H 'X-API-Key: {_moralis_key()}'"),
    ))
    out.append(_fam(
        "teamwork api key",
        ("curl in a ledger", f"curl -s -u '{_teamwork_key()}:x' https://acme.teamwork.com/projects/api/v3/tasks.json?pageSize=5"),
        ("zapier step config", json.dumps({"site": "acme.teamwork.com", "api_key": _teamwork_key()}, indent=2)),
        ("dotenv file", f"TEAMWORK_SITE=https://acme.eu.teamwork.com\nTEAMWORK_API_KEY={_teamwork_key()}"),
    ))
    out.append(_fam(
        "fullstory api key",
        ("dotenv file", f"FULLSTORY_ORG_ID=o-{_r(5, _UPPER_ALNUM)}-na1\nFULLSTORY_API_KEY={_fullstory_key()}"),
        ("curl in a ledger", f"curl -s https://api.fullstory.com/v2/users -H 'Authorization: Basic {_fullstory_key()}' -H 'Content-Type: application/json' -d '{{\"uid\":\"u_1042\"}}'"),
        ("terraform variable", f"variable \"fullstory_api_key\" {{\n  default = \"{_fullstory_key()}\"\n}}"),
    ))
    out.append(_fam(
        "modern treasury api key",
        ("dotenv file", f"MODERN_TREASURY_ORGANIZATION_ID={_uuid()}\nMODERN_TREASURY_API_KEY={_modern_treasury_key()}"),
        ("ruby snippet", f"client = ModernTreasury::Client.new(\n  organization_id: \"{_uuid()}\",\n  api_key: \"{_modern_treasury_key()}\"\n)"),
        ("curl in a ledger", f"curl -u {_uuid()}:{_modern_treasury_key()} https://app.moderntreasury.com/api/payment_orders?per_page=1"),
    ))
    out.append(_fam(
        "pagar.me api keys",
        ("dotenv file", f"PAGARME_API_KEY={_AK_LIVE}{_r(30)}\nPAGARME_ENCRYPTION_KEY=ek_live_{_r(30)}"),
        ("php snippet", f"$pagarme = new PagarMe\\Client('{_AK_LIVE}{_r(30)}');"),
        ("v5 curl in a ledger", f"curl -s https://api.pagar.me/core/v5/orders -u '{_SK}{_r(32)}:' -H 'Content-Type: application/json'"),
    ))
    out.append(_fam(
        "openpay private key",
        ("dotenv file", f"OPENPAY_MERCHANT_ID=m{_r(19, _LOWER_ALNUM)}\nOPENPAY_PRIVATE_KEY={_SK}{_hx(32)}\nOPENPAY_PRODUCTION=true"),
        ("python snippet", f"openpay.api_key = \"{_SK}{_hx(32)}\"\nopenpay.verify_ssl_certs = True\nopenpay.merchant_id = \"m{_r(19, _LOWER_ALNUM)}\""),
        ("curl in a ledger", f"curl https://api.openpay.mx/v1/m{_r(19, _LOWER_ALNUM)}/charges -u {_SK}{_hx(32)}: -H 'Content-type: application/json'"),
    ))
    out.append(_fam(
        "tatum api key",
        ("dotenv file", f"TATUM_API_KEY={_tatum_key()}\nTATUM_NETWORK=ethereum-mainnet"),
        ("curl in a ledger", f"curl -s 'https://api.tatum.io/v4/data/balances?chain=ethereum&addresses=0x{_hx(40)}' -H 'x-api-key: {_tatum_key()}'"),
        ("typescript snippet", f"const tatum = await TatumSDK.init<Ethereum>({{\n  network: Network.ETHEREUM,\n  apiKey: {{ v4: '{_tatum_key()}' }},\n}})"),
    ))
    out.append(_fam(
        "activecampaign api key",
        ("dotenv file", f"ACTIVECAMPAIGN_URL=https://acme{_digits(3)}.api-us1.com\nACTIVECAMPAIGN_KEY={_hx(72)}"),
        ("curl in a ledger", f"curl -s https://acme.api-us1.com/api/3/contacts?limit=1 -H 'Api-Token: {_hx(72)}'"),
        ("wordpress form plugin settings", f"ActiveCampaign integration\nAPI URL: https://shopname.api-us1.com\nAPI Key: {_hx(72)}"),
    ))
    out.append(_fam(
        "phonepe salt key",
        ("dotenv file", f"PHONEPE_MERCHANT_ID=M{_r(13, _UPPER_ALNUM)}\nPHONEPE_SALT_KEY={_uuid()}\nPHONEPE_SALT_INDEX=1"),
        ("node snippet", f"const saltKey = '{_uuid()}';\nconst saltIndex = 1;\nconst checksum = sha256(base64Payload + '/pg/v1/pay' + saltKey) + '###' + saltIndex;"),
        ("whatsapp from the developer", f"Sir PhonePe live credentials aa gaye: Merchant ID M{_r(13, _UPPER_ALNUM)}, Salt Key {_uuid()}, Salt Index 1. Test karke batata hoon."),
    ))
    out.append(_fam(
        "instamojo api key and auth token",
        ("dotenv file", f"INSTAMOJO_API_KEY={_hx(32)}\nINSTAMOJO_AUTH_TOKEN={_hx(32)}\nINSTAMOJO_ENDPOINT=https://www.instamojo.com/api/1.1/"),
        ("python snippet", f"api = Instamojo(api_key='{_hx(32)}', auth_token='{_hx(32)}')"),
        ("curl in a ledger", f"curl https://www.instamojo.com/api/1.1/payment-requests/ -H 'X-Api-Key: {_hx(32)}' -H 'X-Auth-Token: {_hx(32)}'"),
    ))
    out.append(_fam(
        "gate.io api key and secret",
        ("dotenv file", f"GATE_API_KEY={_hx(32)}\nGATE_API_SECRET={_hx(64)}"),
        ("bot config json", json.dumps({"exchange": "gateio", "key": _hx(32), "secret": _hx(64), "pairs": ["BTC_USDT", "ETH_USDT"]}, indent=2)),
        ("python snippet", f"exchange = ccxt.gateio({{\n    'apiKey': '{_hx(32)}',\n    'secret': '{_hx(64)}',\n}})"),
    ))
    out.append(_fam(
        "elastic email api key",
        ("dotenv file", f"ELASTICEMAIL_API_KEY={_elastic_email_key()}\nELASTICEMAIL_FROM=news@shop.example"),
        ("smtp settings", f"SMTP server: smtp.elasticemail.com\nPort: 2525\nUsername: news@shop.example\nPassword: {_elastic_email_key()}"),
        ("curl in a ledger", f"curl -s https://api.elasticemail.com/v4/contacts?limit=1 -H 'X-ElasticEmail-ApiKey: {_elastic_email_key()}'"),
    ))
    return out


# (family, words, names, pets, teams, samples with {pw} and {pin}, ordinary texts)
_HumanRow = tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...],
                  tuple[tuple[str, str], ...], tuple[str, ...]]

_HUMAN_ROWS: list[_HumanRow] = [
    ("ga and dagbani market queens association password",
     ("makola", "kenkey", "shito", "homowo", "damba", "tuozaafi", "kpakpa"),
     ("NaaAdjeley", "NiiArmah", "Fuseini", "Zenabu", "Mariama", "Adjoa"), ("Bingo", "Tiger"),
     ("HeartsOfOak", "RealTamale", "Kotoko"),
     (("whatsapp group", "Oyiwaladon market queens 🙏 Treasurer says the association email password is now {pw} — Naa Adjeley has it, don't forward outside this group."),
      ("voice-note transcript", "[voice note, Dagbani/English] Desiba... Fuseini speaking. The Tamale branch laptop, the password is {pw}, you hear? Zenabu should write it down. Naa."),
      ("exercise book page", "MAKOLA QUEENS ASSOC — office laptop\nuser: queenmother\npass: {pw}\nMoMo merchant PIN: {pin}\n(do not tear this page)")),
     ("Oyiwaladon all! Dues meeting Saturday 10am at Makola No. 2 shed, bring your card. Office Wi-Fi name is MakolaQueens_Office.",
      "Desiba. Damba committee meets Friday 4pm at the palace, room 3. No passwords on WhatsApp please, call Fuseini.",
      "Reminder: new association email password must be 10 letters or more, mix numbers. Naa Adjeley will give it in person.")),
    ("edo and urhobo age grade meeting password",
     ("oba", "igue", "ugie", "ovwian", "warri", "benin", "emuada"),
     ("Osaro", "Efosa", "Ivie", "Oghenero", "Ejiro", "Tega"), ("Jack", "Lucky"),
     ("Bendel", "Insurance", "WarriWolves"),
     (("whatsapp group", "Koyo my people! Age grade Gmail password don change to {pw}. Secretary Efosa go use am send minutes. No give outsider."),
      ("sms", "Migwo sir. Na Oghenero. The zoom for Sunday meeting: ID 83117 passcode {pw}. Do."),
      ("minutes book", "Ovwian Age Grade — minutes 07/12/2026\n5. Facebook page: admin login ejiro.tega@gmail.com / {pw} (Financial Sec. to change after Xmas)")),
     ("Koyo! Age grade meeting is Sunday 3pm at Ugbowo town hall, dues N5,000. Bring your ID card.",
      "Migwo. Zoom link go come Saturday night, passcode go dey for the meeting invite, no post am here.",
      "Minutes 07/12/2026: 14 members present, Xmas party fixed for 27 December at Warri Club, hall B.")),
    ("ibibio and ijaw fishing cooperative password",
     ("uyo", "ikot", "edikang", "boat", "creek", "bonny", "ekpo"),
     ("Aniekan", "Ekemini", "Idara", "Tonye", "Ebiere", "Preye"), ("Sharp", "Bobby"),
     ("AkwaUnited", "Dolphins", "Enyimba"),
     (("whatsapp group", "Amesiere members. Sosongo for coming. Cooperative bank app login: user fishcoop, password {pw}. Only exco use am."),
      ("sms", "Tonye, na Ebiere. Outboard engine shop account password {pw}, make you order the spark plugs."),
      ("notice on the jetty", "IKOT ABASI FISHERS COOP\nOffice laptop password: {pw}\nAsk Idara before you use am")),
     ("Amesiere! Cooperative meeting on Thursday 5pm at Ikot Abasi jetty shed. Bring your passbook no. and levy.",
      "Sosongo. Bank app password no go dey WhatsApp again, Treasurer go tell exco one by one.",
      "Boat registration numbers: AKS-0412, AKS-0419, RIV-1177. Inspection 12/12/2026.")),
    ("acholi and lusoga boda boda stage password",
     ("boda", "gulu", "jinja", "stage", "kampala", "nyanza", "pikipiki"),
     ("Okello", "Akello", "Opio", "Waiswa", "Kakaire", "Nabirye"), ("Simba", "Bosco"),
     ("Vipers", "KCCA", "BulFC"),
     (("whatsapp group", "Apwoyo stage members. SafeBoda account for the stage phone, password {pw}. Chairman Okello alone."),
      ("sms", "Waiswa, the MTN MoMo PIN for the stage account is {pin} and the app password is {pw}. Delete after."),
      ("voice-note transcript", "[voice note, Acholi/English] Itye nining... eh, it is Opio. The password for the stage laptop at Gulu is {pw}. Okay. Apwoyo.")),
     ("Apwoyo! Stage meeting Monday 6pm at Gulu main park. Bring your helmet sticker number.",
      "Members please, nobody sends MoMo PIN on this group. Treasurer will collect in person.",
      "Stage Wi-Fi: GuluBodaStage_2G. Password is on the receipt in the office, not here.")),
    ("sheng and kimeru matatu sacco password",
     ("manyanga", "kanairo", "mathree", "sacco", "meru", "nganya", "ruai"),
     ("Kinoti", "Kendi", "Mwenda", "Gatwiri", "Murithi", "Nkatha"), ("Simba", "Rocky"),
     ("Gor", "Ingwe", "Tusker"),
     (("whatsapp group", "Niaje mbogi 🔥 password ya sacco portal ni {pw}, msiwahi share na makanga"),
      ("sms", "Muga Kinoti. Ni Kendi. Password ya M-Pesa business portal ni {pw}. Usiambie mtu."),
      ("staff notebook", "SACCO OFFICE\nemail: meruline.sacco@gmail.com\npass: {pw}\nPaybill PIN {pin} (Nkatha only)")),
     ("Niaje! Sacco AGM ni Jumamosi 9am pale Meru Stage office, room 4. Kuja na ID.",
      "Manze, password za portal hazitumwi hapa tena, ongea na chairman direct.",
      "Matatu KDA 412X na KCK 077J ziko garage hadi Jumanne.")),
    ("sukuma and chaga vicoba group password",
     ("vicoba", "mwanza", "moshi", "kilimanjaro", "ndizi", "mbege", "shamba"),
     ("Masanja", "Kulwa", "Doto", "Shija", "Mushi", "Lyimo"), ("Simba", "Tomi"),
     ("Yanga", "Simba", "Azam"),
     (("whatsapp group", "Mwangaluka wanachama. Password ya akaunti ya benki ya kikundi sasa ni {pw}. Mweka hazina peke yake."),
      ("sms", "Shimbonyi mama Lyimo, password ya simu ya kikundi ni {pw} na PIN ya M-Pesa {pin}. Futa ujumbe huu."),
      ("committee minutes", "VICOBA UMOJA — kumbukumbu 05/12/2026\n4. Barua pepe ya kikundi: umoja.vicoba@gmail.com, neno la siri {pw}")),
     ("Mwangaluka! Mkutano wa VICOBA Jumamosi saa 4 asubuhi, ofisi ya kijiji chumba 2.",
      "Wanachama, neno la siri lazima liwe na herufi 8 au zaidi. Usitume PIN kwenye kundi.",
      "Hisa za mwezi Desemba: TSh 20,000 kwa kila mwanachama, mwisho tarehe 20/12/2026.")),
    ("kaonde and luvale mine clinic password",
     ("solwezi", "kabompo", "zambezi", "kansanshi", "clinic", "likumbi", "kalunga"),
     ("Mwansa", "Chanda", "Kapambwe", "Sakuwaha", "Chinyama", "Kahilu"), ("Bobby", "Lady"),
     ("Zanaco", "PowerDynamos", "Nkana"),
     (("whatsapp group", "Mwabuka bane. The SmartCare login for the night nurse is nurse.solwezi / {pw}. Please don't write it on the wall again."),
      ("sticky note", "Clinic PC (reception)\nuser: reception\npw: {pw}"),
      ("sms", "Sakuwaha, Chinyama here. Pharmacy stock system password {pw}. Kalunga akukiswile.")),
     ("Mwabuka. Clinic staff meeting Thursday 14:00 in the training room B. Bring your rota.",
      "Reminder: SmartCare passwords expire every 90 days. Contact the IT officer on extension 214 to reset.",
      "Likumbi lya Mize week: clinic opens at 10:00 on 28 August, outreach tent at Zambezi boma.")),
    ("khoekhoe and rukwangali constituency office password",
     ("rundu", "keetmanshoop", "kavango", "nama", "omuramba", "kalahari", "mbunza"),
     ("Hendrina", "Johannes", "Likuwa", "Haingura", "Kandjimi", "Saltiel"), ("Spotty", "Bruno"),
     ("BlackAfrica", "AfricanStars", "Brave"),
     (("whatsapp group", "!Gâi tsēs. The constituency office email password is now {pw}, Hendrina will change the Facebook one."),
      ("sms", "Moro Likuwa, office laptop password {pw}. Haingura asked."),
      ("exercise book page", "Rundu Rural West office\nEmail: rrw.office@gmail.com\nPassword: {pw}")),
     ("!Gâi tsēs! Community meeting Friday 10:00 at the Keetmanshoop hall, room 2.",
      "Moro! Office closed on 10 December (Human Rights Day). Wi-Fi name: RRW_Office_Guest.",
      "Passwords for the office email must be changed every 3 months. Ask the clerk, not on WhatsApp.")),
    ("harari and gurage merkato shop password",
     ("merkato", "harar", "gurage", "kitfo", "enset", "buna", "shewa"),
     ("Abdulahi", "Fetiya", "Gebre", "Woinshet", "Kedir", "Tigist"), ("Bobi", "Kuchu"),
     ("StGeorge", "Bunna", "Fasil"),
     (("telegram group", "ሰላም ሁላችሁም. የሱቁ ኮምፒውተር password {pw} ነው። Kedir ብቻ ይጠቀም."),
      ("sms", "Fetiya, the telebirr merchant PIN is {pin}, the shop email password {pw}. Delete."),
      ("notebook page", "መርካቶ ሱቅ — computer\nuser: shop\npassword: {pw}")),
     ("ሰላም! The shop is closed for Gena (Ethiopian Christmas) on 7 January. Merkato block 12, shop 41.",
      "Telebirr merchant number 5512 is on the receipt; the PIN is never sent on Telegram.",
      "Order 2026-118: 40 kg buna from Harar, delivery Tuesday.")),
    ("fang and ewondo tontine group password",
     ("tontine", "yaounde", "libreville", "mbolo", "ndolo", "akiba", "mvet"),
     ("Ngono", "Mbarga", "Nguema", "Essono", "Obiang", "Ayissi"), ("Rex", "Bobby"),
     ("Canon", "Tonnerre", "Mangasport"),
     (("groupe whatsapp", "Mbolo à toutes! Le mot de passe du compte Orange Money de la tontine c'est {pw}. La trésorière Ngono seulement. Akiba."),
      ("sms", "Essono, le code de la tontine sur l'appli c'est {pw}, et le PIN {pin}. Efface après."),
      ("cahier de la tontine", "TONTINE DES MAMANS DE MVOG-ADA\nCompte mail: tontine.mvogada@gmail.com\nMot de passe: {pw}")),
     ("Mbolo! La réunion de la tontine c'est dimanche 15h chez maman Ayissi, Mvog-Ada, immeuble 3.",
      "Akiba à toutes. Les mots de passe ne passent plus sur le groupe, appelez la trésorière.",
      "Cotisation de décembre: 25 000 FCFA, date limite le 20/12/2026.")),
    ("baoule and nouchi maquis staff password",
     ("maquis", "garba", "attieke", "yopougon", "akwaba", "allocodrome", "bouake"),
     ("Kouassi", "Affoue", "Yao", "Amenan", "Konan", "Adjoua"), ("Dogo", "Tchico"),
     ("ASEC", "Africa", "Stella"),
     (("groupe whatsapp", "Akwaba l'équipe. Code caisse nouveau c'est {pw}, pas donner ça aux gbonhi hein"),
      ("sms", "Yao on dit quoi, mot de passe wifi du maquis c'est {pw} dja"),
      ("note sur le frigo", "CAISSE MAQUIS CHEZ AMENAN\nlogin: caisse\nmdp: {pw}")),
     ("Akwaba! Le maquis est fermé lundi 22 pour inventaire. Wifi client: MaquisChezAmenan_Client.",
      "On dit quoi l'équipe, code caisse ça se donne pas sur groupe, venez voir la patronne.",
      "Commande 118: 6 casiers de bière, livraison vendredi 18h, Yopougon Sable.")),
    ("serer and jola pirogue cooperative password",
     ("pirogue", "joal", "ziguinchor", "casamance", "mbour", "kasumay", "saloum"),
     ("Ndiaye", "Faye", "Sarr", "Diatta", "Badji", "Sambou"), ("Rex", "Boy"),
     ("Casa", "Jaraaf", "Teungueth"),
     (("groupe whatsapp", "Kasumay! Le mot de passe du compte Wave de la coopérative c'est {pw}. Seul le trésorier Diatta."),
      ("sms", "Na fio Faye. Code ordinateur du quai: {pw}. Sarr a demandé."),
      ("cahier de la coopérative", "COOP PÊCHEURS DE JOAL\nemail: coop.joal@gmail.com\nmdp: {pw}")),
     ("Kasumay! Réunion de la coopérative samedi 17h au quai de Joal, hangar 2.",
      "Les codes Wave ne s'envoient pas sur le groupe. Appelez le trésorier au bureau.",
      "Pirogue DK-1774 en réparation jusqu'au 15/12/2026.")),
    ("kabiye and tem zemidjan riders password",
     ("zemidjan", "kara", "sokode", "lome", "moto", "alafia", "evala"),
     ("Kossi", "Essozimna", "Pakindame", "Tchedre", "Ouro", "Fousseni"), ("Boby", "Rex"),
     ("Semassi", "Dynamic", "Maranatha"),
     (("groupe whatsapp", "Alafia les zem. Le mot de passe de l'appli du syndicat c'est {pw}. Président seulement."),
      ("sms", "Ouro c'est Essozimna. Code T-Money du syndicat {pin}, mot de passe de l'appli {pw}."),
      ("note vocale transcrite", "[note vocale, kabiyè/français] Alafia... c'est Pakindame. Le code de l'ordinateur du bureau c'est {pw}. Merci.")),
     ("Alafia! Assemblée des zémidjans mardi 16h au carrefour Kara centre, bureau n° 7.",
      "Les cotisations: 2 000 FCFA par mois. Ne jamais donner son code T-Money sur le groupe.",
      "Evala 2026: circulation déviée à Kara du 15 au 20 juillet.")),
    ("raramuri and wixarika craft cooperative password",
     ("sierra", "creel", "guachochi", "chaquira", "nierika", "tesguino", "kuira"),
     ("Lorenzo", "Juliana", "Erasmo", "Cirilo", "Eleuterio", "Ofelia"), ("Chato", "Negro"),
     ("Dorados", "Bravos", "Chivas"),
     (("grupo de whatsapp", "Kuira ba. La contraseña de la cuenta de la tienda en línea es {pw}, solo la usa Juliana."),
      ("sms", "Pamparios Erasmo. El correo de la cooperativa de chaquira: cooperativa.wixarika@gmail.com, contraseña {pw}"),
      ("libreta de la cooperativa", "COOPERATIVA ARTESANAL CREEL\nfacebook: artesanias.creel\ncontraseña: {pw}")),
     ("Kuira ba! Junta de la cooperativa el sábado a las 10 en la casa ejidal de Creel.",
      "Pamparios. Las contraseñas no se mandan por el grupo, pregunten a la tesorera.",
      "Pedido 2026-44: 30 nierikas y 12 collares de chaquira, envío a Guadalajara el 14/12.")),
    ("tzeltal and mixe municipal agency password",
     ("agencia", "oxchuc", "ayutla", "tlahuitoltepec", "milpa", "cafe", "mayordomia"),
     ("Sebastian", "Manuela", "Petrona", "Aurelio", "Eufemia", "Crisanto"), ("Canelo", "Pinto"),
     ("Jaguares", "Alebrijes", "America"),
     (("grupo de whatsapp", "Wokol awal compañeros. La contraseña de la compu de la agencia es {pw}, la cambió el secretario."),
      ("sms", "Dios mayëp Aurelio. Clave del correo de la agencia municipal: {pw}"),
      ("acta de asamblea", "ACTA 12/2026 — Agencia municipal de Oxchuc\n3. Correo de la agencia: agencia.oxchuc@gmail.com, contraseña {pw} (la guarda el secretario)")),
     ("Wokol awal. Asamblea comunitaria domingo 9 am en la agencia municipal, salón 1.",
      "Dios mayëp. La contraseña la da el secretario en persona, no por WhatsApp.",
      "Mayordomía de diciembre: la fiesta es el 12/12/2026, cooperación de 200 pesos.")),
    ("shipibo and ashaninka river boat message password",
     ("pucallpa", "ucayali", "atalaya", "peque", "kene", "masisea", "bote"),
     ("Lizardo", "Elisa", "Herlinda", "Delfin", "Teobaldo", "Nery"), ("Boby", "Negrito"),
     ("Alianza", "Universitario", "Cristal"),
     (("grupo de whatsapp", "Jakon. La contraseña del correo de la asociación de botes es {pw}, Elisa la tiene."),
      ("sms", "Teobaldo, la clave del yape de la lancha es {pin} y la del correo {pw}. Borra el mensaje."),
      ("cuaderno del bote", "LANCHA ATALAYA EXPRESS\ncorreo: atalaya.express@gmail.com\nclave: {pw}")),
     ("Jakon! La lancha a Atalaya sale el martes 5 am del puerto de Pucallpa, muelle 3.",
      "Por favor no manden claves de Yape por el grupo. Hablen con el tesorero.",
      "Boleto 2026-311: Pucallpa–Atalaya, asiento 14, 80 soles.")),
    ("ngabe and bribri indigenous school password",
     ("comarca", "talamanca", "cacao", "escuela", "bocas", "kusapin", "sixaola"),
     ("Yoselin", "Eliecer", "Dionisio", "Marelin", "Alcides", "Rosibel"), ("Bobi", "Tigre"),
     ("Saprissa", "Alajuelense", "Plaza"),
     (("grupo de whatsapp", "Buenas maestros. La clave del correo de la escuela de Sixaola es {pw}, no la compartan."),
      ("sms", "Alcides, soy Marelin. Contraseña de la compu de la dirección: {pw}"),
      ("cuaderno de la dirección", "ESCUELA KUSAPIN\nPC dirección — usuario director\nclave: {pw}")),
     ("Buenas. Reunión de padres el viernes 2 pm en la escuela de Sixaola, aula 4.",
      "La clave del correo la da la directora, no la pongan en el grupo.",
      "Entrega de notas: 12/12/2026. Wifi de la escuela: EscuelaKusapin_Docentes.")),
    ("palenquero and raizal creole posada message password",
     ("posada", "palenque", "providence", "sanandres", "cangrejo", "champeta", "rondon"),
     ("Yeimi", "Nayibe", "Kenroy", "Dilia", "Orlando", "Shirley"), ("Bobby", "Lucky"),
     ("Junior", "Nacional", "Union"),
     (("whatsapp group", "Wat a gwaan. Di posada Booking password a {pw}, no gi it to nobody."),
      ("sms", "Kenroy, di wifi fi di guests a {pw}. Shirley seh change it Friday."),
      ("cuaderno de la posada", "POSADA NATIVA SAN LUIS\nbooking.com usuario posadasanluis\nclave: {pw}")),
     ("Wat a gwaan! Check-in a 2 pm, check-out 11 am. Guest wifi name: PosadaSanLuis_Guests.",
      "Reserva 2026-088: 2 guests, room 3, 14–18 December.",
      "Di Booking password no go pon dis group again, aks Shirley.")),
    ("saint lucian kweyol and vincentian creole rum shop password",
     ("rumshop", "castries", "kingstown", "gros", "bouyon", "soca", "fete"),
     ("Marcus", "Keisha", "Jno", "Shevon", "Dwayne", "Kimberly"), ("Brownie", "Blacka"),
     ("Windies", "Zouk", "Vincy"),
     (("whatsapp group", "Sa ka fèt? Di POS password for di rum shop now {pw}. Keisha alone."),
      ("sms", "Dwayne wha' yuh sayin. Wifi for di shop {pw}. Mèsi."),
      ("note by the till", "TILL LOGIN\nuser: bar\npass: {pw}")),
     ("Sa ka fèt! Shop close early Friday for di fete, 8 pm. Guest wifi: RumShop_Guests.",
      "Mèsi everybody. Till passwords only from Keisha, not on WhatsApp.",
      "Invoice 4471: 12 cases Piton, 6 bottles Strong Rum, due 15/12/2026.")),
    ("choctaw and cheyenne powwow committee password",
     ("powwow", "durant", "lamedeer", "arbor", "jingle", "fancy", "gourd"),
     ("Nashoba", "Halona", "Tallulah", "Hotoa", "Vohkeso", "Maheo"), ("Rez", "Bear"),
     ("Thunder", "Sooners", "Chiefs"),
     (("email", "Halito committee, the powwow Facebook page password is now {pw}. Yakoke, Tallulah"),
      ("group text", "Haáahe all, arbor vendor signup form login is powwow.committee / {pw}"),
      ("committee minutes", "Powwow committee minutes 12/02/2026\n6. Square account: treasurer login, password {pw} (to be changed after event)")),
     ("Halito! Committee meeting Tuesday 6pm at the community center, room 5. Potluck.",
      "Yakoke everyone. Grand entry 1pm and 7pm, Saturday June 13. Arbor wifi: PowwowArbor_Vendors.",
      "Reminder: we don't share account passwords by email anymore; ask the treasurer.")),
    ("innu and atikamekw band council password",
     ("nutashkuan", "wemotaci", "manawan", "uashat", "conseil", "pow", "kuei"),
     ("Shanipiap", "Mistapeu", "Kanatakta", "Sipi", "Wapan", "Mikisiw"), ("Kuei", "Nanuk"),
     ("Canadiens", "Remparts", "Nordiques"),
     (("courriel", "Kuei, le mot de passe du compte du conseil de bande est maintenant {pw}. Tshinashkumitin, Mistapeu"),
      ("texto", "Kwei Wapan, code de l'ordi de la réception du conseil: {pw}. Mikwetc"),
      ("procès-verbal", "Conseil des Atikamekw de Manawan — PV 2026-12-03\n4. Compte Facebook du conseil: mot de passe {pw}")),
     ("Kuei! Assemblée générale le mercredi 19 h à la salle communautaire de Uashat.",
      "Mikwetc à tous. Les mots de passe ne se donnent pas par courriel, voir le technicien.",
      "Wifi de la salle: Conseil_Public, ouvert de 8 h à 16 h.")),
    ("tokelauan and futunan village council password",
     ("fakaofo", "nukunonu", "atafu", "taupulega", "futuna", "alo", "sigave"),
     ("Ioane", "Sefo", "Malia", "Kalolo", "Toma", "Losa"), ("Tiko", "Pele"),
     ("Manu", "Kiwis", "AllBlacks"),
     (("facebook messenger", "Malo ni! Te password o te email a te taupulega ko {pw}. Fakafetai, Sefo"),
      ("sms", "Malo le ma'uli Kalolo, password de l'ordinateur du village {pw}"),
      ("council notebook", "Taupulega Nukunonu — laptop\nuser: taupulega\npassword: {pw}")),
     ("Malo ni! Taupulega meeting Thursday 9am at the fale fono. Bring the village census forms.",
      "Fakafetai lahi. Passwords are given by the clerk in person, not on Messenger.",
      "Ship MV Mataliki arrives Fakaofo 14/12/2026, cargo list no. 221.")),
    ("yolngu matha and arrernte ranger station password",
     ("ranger", "yirrkala", "galiwinku", "mparntwe", "manymak", "bunggul", "caterpillar"),
     ("Djambawa", "Gurrumul", "Yalmay", "Kunmanara", "Arrwekele", "Mparntwe"), ("Blue", "Ginger"),
     ("Crows", "Buffaloes", "Suns"),
     (("group text", "Yo manymak. Ranger station computer password now {pw}. Yalmay only."),
      ("email", "Werte team, the Tracks app login for Alice Springs rangers is rangers.mparntwe / {pw}. Ta."),
      ("whiteboard photo transcript", "RANGER STATION\nLaptop: {pw}\nSat phone PIN {pin}")),
     ("Yo manymak! Ranger meeting Monday 8am at the Yirrkala station, bring the burn maps.",
      "Werte! Fire season briefing 15/12/2026, room 2. Wifi: RangerStation_Guest.",
      "Please don't put passwords on the whiteboard. Ask the coordinator for the login.")),
    ("kinaray-a and aklanon sari-sari store password",
     ("sarisari", "antique", "kalibo", "ati-atihan", "binirayan", "tindahan", "pancit"),
     ("Inday", "Dodong", "Nene", "Totoy", "Marites", "Junjun"), ("Bantay", "Browny"),
     ("Ginebra", "Magnolia", "Gilas"),
     (("messenger", "Salamat gid, ang password sang GCash sang tindahan {pw}. Ikaw lang ah."),
      ("sms", "Nene, ang MPIN sa GCash {pin}, password sa Shopee {pw}. Burahon dayon."),
      ("notebook sa tindahan", "TINDAHAN NI INDAY\nGCash: 0917 xxx — MPIN {pin}\nFB page pass: {pw}")),
     ("Mayad nga aga! Sarado ang tindahan sa Ati-Atihan, Enero 18. Wifi: TindahanNiInday_Free.",
      "Salamat gid. Indi magpadala sang MPIN sa chat, tawagan lang ako.",
      "Utang ni Totoy: 540 pesos, bayad sa 15 sang Disyembre.")),
    ("kelantanese and sarawak malay kopitiam staff password",
     ("kopitiam", "kotabharu", "kuching", "laksa", "kolok", "nasikerabu", "teh"),
     ("Wan", "Mek", "Awang", "Dayang", "Abang", "Siti"), ("Comel", "Oyen"),
     ("TheRed", "Sarawak", "Harimau"),
     (("whatsapp group", "Guano gapo demo. Password POS kedai baru {pw}, jange bagi ore lua."),
      ("sms", "Kamek Dayang. Password wifi kopitiam {pw}, sik payah bagi customer."),
      ("nota pada peti ais", "KOPITIAM ABANG — POS\nuser: kasyer\npass: {pw}")),
     ("Guano! Kopitiam tutup hari Jumaat 12 tengah hari. Wifi pelanggan: KopitiamAbang_Free.",
      "Kamek minta maaf, password POS sik dihantar dalam group. Tanya boss.",
      "Order 312: 40 bungkus laksa Sarawak, hantar pukul 7 pagi Sabtu.")),
    ("makassarese and toraja ojek base password",
     ("ojek", "makassar", "toraja", "rantepao", "coto", "pallubasa", "tongkonan"),
     ("Daeng", "Baso", "Ambo", "Rante", "Lai", "Tandi"), ("Blacky", "Bongki"),
     ("PSM", "Juku", "Eja"),
     (("grup whatsapp", "Tabe' semua. Password akun pangkalan ojek sekarang {pw}, Daeng Baso ji yang pegang."),
      ("sms", "Rante, password gmail pangkalan {pw}. Hapus mi."),
      ("buku pangkalan", "PANGKALAN OJEK RANTEPAO\nemail: ojek.rantepao@gmail.com\npw: {pw}")),
     ("Tabe'! Rapat pangkalan hari Minggu jam 4 sore di pos ojek Rantepao.",
      "Iuran bulan Desember Rp 50.000, bayar ke bendahara. Password jangan dikirim di grup.",
      "Plat nomor DD 4412 XZ hilang STNK, lapor ke polsek.")),
    ("mon and rakhine monastery school password",
     ("kyaung", "mawlamyine", "sittwe", "thanaka", "mohinga", "sayadaw", "pagoda"),
     ("MinMin", "NaingNaing", "AyeAye", "KyawKyaw", "ThuZar", "MaungHla"), ("Shwe", "Wa"),
     ("Yangon", "Rakhapura", "MonState"),
     (("viber group", "မင်္ဂလာပါ ဆရာ ဆရာမများ။ ကျောင်းကွန်ပျူတာ password က {pw} ပါ။ ဆရာမ Aye Aye ပဲသုံးပါ။"),
      ("sms", "KyawKyaw, school gmail password {pw} ပါ။ ဖျက်လိုက်ပါ။"),
      ("exercise book page", "Mawlamyine monastery school — office PC\nuser: office\npassword: {pw}")),
     ("မင်္ဂလာပါ! Parents meeting Saturday 9am at the monastery school hall, room 2.",
      "Exam results 15/12/2026. School Wi-Fi name: KyaungOffice_2G.",
      "Please don't send passwords in the Viber group, ask Sayadaw's assistant.")),
    ("hunanese and wenzhounese wholesale market password",
     ("shichang", "changsha", "wenzhou", "pifa", "lajiao", "xiezi", "yiwu"),
     ("Xiaofang", "Laozhang", "Ahua", "Jianguo", "Lili", "Weiwei"), ("Wangcai", "Xiaohei"),
     ("Xiangtao", "Shenhua", "Guoan"),
     (("微信群", "各位老板，档口电脑密码改成{pw}了，莫乱讲给别个听咯。"),
      ("短信", "阿华，批发市场后台账号 xiezi88 密码 {pw}，用完删掉。"),
      ("档口本子", "温州鞋城 B区 214档\n电脑开机密码：{pw}\n支付宝收款：找老张")),
     ("各位老板，市场12月20号停电检修，B区档口8点前关门。WiFi：XieCheng_B214。",
      "密码莫发到群里，有事打老张电话。",
      "订单2026-1207：运动鞋 300 双，发长沙高桥市场 A区 17号。")),
    ("ingush and dargwa wedding hall password",
     ("nazran", "magas", "dargo", "svadba", "lezginka", "banket", "khinkal"),
     ("Magomed", "Zalina", "Ruslan", "Madina", "Ibragim", "Patimat"), ("Bars", "Tuzik"),
     ("Angusht", "Anzhi", "Dinamo"),
     (("whatsapp group", "Ассаламу алейкум. Пароль от инстаграма банкетного зала теперь {pw}, у Залины."),
      ("смс", "Руслан, пароль от кассы зала {pw}. Удали."),
      ("тетрадь администратора", "БАНКЕТНЫЙ ЗАЛ «ЭЛИТ» Назрань\nкомпьютер: admin\nпароль: {pw}")),
     ("Ассаламу алейкум! Свадьба 14 декабря, зал на 400 человек, начало в 17:00.",
      "Пароли в группу не кидаем, спрашивайте администратора лично.",
      "Заказ №118: банкет на 250 гостей, предоплата 50 000 ₽ до 10.12.")),
    ("gondi and bhili anganwadi worker password",
     ("anganwadi", "poshan", "jhabua", "bastar", "mahua", "tendu", "bhagoria"),
     ("Sunita", "Kamla", "Rameshwari", "Budhri", "Lalita", "Somari"), ("Moti", "Sheru"),
     ("IndiaXI", "CSK", "MumbaiIndians"),
     (("whatsapp group", "Johar didi log. Poshan Tracker ka naya password {pw} hai, supervisor madam ne bola."),
      ("sms", "Ram Ram Kamla, anganwadi tablet ka password {pw} hai. Kisi ko mat batana."),
      ("register ka panna", "ANGANWADI KENDRA 14, JHABUA\nTablet login: AWW14\nPassword: {pw}")),
     ("Johar! Anganwadi meeting Friday 11 baje, Block office room 3. Register le kar aana.",
      "Password kisi ko WhatsApp par mat bhejna. Supervisor madam se milo.",
      "Poshan Maah report 30/09/2026 tak jama karni hai.")),
    ("tharu and limbu community forest group password",
     ("samudayik", "ban", "dang", "taplejung", "chitwan", "sal", "tongba"),
     ("Ramkumari", "Bishnu", "Sukmaya", "Dhanbahadur", "Pabitra", "Lalbahadur"), ("Kale", "Bhote"),
     ("Nepal", "Manang", "Machhindra"),
     (("viber group", "Sewaro sabai lai. Ban upabhokta samuha ko email password {pw} ho, sachib le matra chalaunu."),
      ("sms", "Sukmaya, computer ko password {pw}. Pabitra lai pani bhannu."),
      ("minute book", "SAMUDAYIK BAN UPABHOKTA SAMUHA, DANG\nemail: cfug.dang@gmail.com\npassword: {pw}")),
     ("Sewaro! Samuha ko baithak Shanibar 11 baje, ward office kotha 2 ma.",
      "Password Viber ma napathaunu, sachib sanga sidhai sodhnu.",
      "Ban dadelo niyantran talim 2082 Poush 5 gate.")),
    ("wakhi and burushaski jeep drivers union password",
     ("hunza", "gulmit", "karimabad", "passu", "khunjerab", "apricot", "jeep"),
     ("Karim", "Shahida", "Sultan", "Gulbahar", "Nadir", "Zainab"), ("Sheru", "Snow"),
     ("Karakoram", "Shaheen", "Qalandars"),
     (("whatsapp group", "Salam drivers. Union ka email password ab {pw} hai, Sultan bhai ke paas."),
      ("sms", "Nadir, booking app ka password {pw}. Delete kar dena."),
      ("register page", "HUNZA JEEP DRIVERS UNION\nemail: hunzajeeps@gmail.com\npassword: {pw}")),
     ("Salam! Union meeting Sunday 3 pm at Karimabad office. Khunjerab road closed till 15 April.",
      "Password WhatsApp par na bhejein, Sultan bhai se direct lein.",
      "Booking 2026-77: Gulmit to Khunjerab, 4 passengers, 6 am pickup.")),
    ("english dog grooming salon password",
     ("grooming", "poodle", "cockapoo", "doodle", "bath", "fluffy", "paws"),
     ("Becky", "Jodie", "Sian", "Dean", "Chloe", "Gemma"), ("Biscuit", "Bella", "Luna", "Teddy", "Alfie"),
     ("Spurs", "Arsenal", "Leeds"),
     (("staff whatsapp", "Morning girls, new password for the booking system is {pw} — don't write it on the appointment book again 🙄"),
      ("sticky note on the till", "Card machine admin: {pin}\nBooking login: paws.parlour / {pw}"),
      ("text message", "Hi Jodie it's Becky, the Instagram password is {pw} if you're posting the before and afters")),
     ("Reminder: Biscuit (cockapoo) is booked for a full groom Saturday 10:30, room 2. Owner's number is on the card.",
      "Staff Wi-Fi is PawsParlour_Staff; ask Becky for the password, it's not going on the group.",
      "New rule from the booking system: passwords need 12 characters and a number from January.")),
    ("german kita parents council password",
     ("kita", "elternbeirat", "sommerfest", "laternenfest", "wichtel", "sandkasten", "krippe"),
     ("Jonas", "Mila", "Emma", "Leon", "Frieda", "Paul"), ("Bello", "Mimi", "Flocke"),
     ("Eintracht", "Schalke", "BVB"),
     (("elternbeirat-chat", "Hallo zusammen, das Passwort für das Elternbeirat-Postfach ist jetzt {pw}. Bitte nicht weitergeben, LG Katrin"),
      ("e-mail", "Liebe Eltern, für die Fotogalerie vom Laternenfest: Benutzer wichtelgruppe, Passwort {pw}. Viele Grüße, der Elternbeirat"),
      ("protokoll", "Protokoll Elternbeiratssitzung 03.12.2026\nTOP 5: Kassenkonto online — Zugang bei Frau Yilmaz, Passwort {pw}")),
     ("Hallo zusammen, die nächste Elternbeiratssitzung ist am Dienstag, 19:30 Uhr, im Mehrzweckraum (Raum 1.04).",
      "Das Passwort für die Fotogalerie bekommt ihr persönlich an der Garderobe, nicht im Chat.",
      "Laternenfest am 11.11. um 17 Uhr, Treffpunkt Sandkasten. Spendenkonto siehe Aushang.")),
    ("french boulangerie staff password",
     ("boulangerie", "baguette", "croissant", "fournil", "levain", "chocolatine", "tradition"),
     ("Sandrine", "Kevin", "Manon", "Thierry", "Nadia", "Loic"), ("Filou", "Caramel", "Praline"),
     ("OM", "PSG", "ASSE"),
     (("groupe whatsapp", "Coucou l'équipe, le nouveau code de la caisse c'est {pw}, ne le donnez pas aux extras svp"),
      ("post-it sur la caisse", "Caisse: vendeuse / {pw}\nCode alarme fournil: {pin}"),
      ("sms", "Manon c'est Thierry, le mot de passe du compte fournisseur Moulins c'est {pw}, commande la farine T65 stp")),
     ("Coucou l'équipe, fermeture exceptionnelle le 25/12, ouverture le 26 à 7h. Planning affiché au fournil.",
      "Le wifi clients c'est Boulangerie_Clients, il n'y a pas de mot de passe.",
      "Commande n° 4412: 60 baguettes tradition pour le restaurant d'en face, à 11h.")),
    ("russian garage cooperative chat password",
     ("garazh", "gsk", "pogreb", "zhiguli", "niva", "kooperativ", "vorota"),
     ("Sergey", "Nikolay", "Valera", "Petrovich", "Tanya", "Misha"), ("Sharik", "Barsik", "Tuzik"),
     ("Spartak", "Zenit", "CSKA"),
     (("чат гск", "Мужики, пароль от личного кабинета ГСК теперь {pw}, у председателя"),
      ("смс", "Валера, код от шлагбаума {pin}, пароль от камер {pw}. Никому."),
      ("объявление на воротах", "ГСК «Мотор-3». Камеры: логин admin, пароль {pw}. Вопросы — к Петровичу, бокс 41")),
     ("Мужики, собрание ГСК в субботу в 12:00 у бокса 41. Взносы 3 500 ₽ до 20 декабря.",
      "Пароли в чат больше не пишем, подходите к председателю лично.",
      "Бокс 117 продаётся, 1,2 млн, телефон у сторожа.")),
]


def _fill(text: str, words: Sequence[str], names: Sequence[str], pets: Sequence[str],
          teams: Sequence[str]) -> str:
    text = text.replace("{pw}", _chosen(words, names, pets, teams))
    return text.replace("{pin}", _pin(_RNG.choice((4, 4, 5, 6))))


def _human() -> list[_Raw]:
    return [_fam(name, *((setting, _fill(text, words, names, pets, teams))
                         for setting, text in samples))
            for name, words, names, pets, teams, samples, _ in _HUMAN_ROWS]


def _ord_agent() -> list[str]:
    return [
        "- [fact] The pg-backups bucket is reachable from bastion-02; verified by `s3cmd --access_key=$S3_ACCESS_KEY --secret_key=$S3_SECRET_KEY --host=rgw.storage.internal:7480 ls s3://pg-backups-prod/` (3 prefixes listed).",
        "~/.s3cfg on build-02 now only has host_base = rgw.storage.internal:7480 and access_key/secret_key come from the environment (s3cmd -c /dev/null).",
        "Verified the events table landed in Databend: `bendsql --dsn \"databend://analytics:${BENDSQL_PASSWORD}@databend.query.svc:8000/events?sslmode=disable\" --query 'select count() from events'` -> 1204733.",
        "$ bendsql --host databend.query.svc --port 8000 --user loader\nPassword: \nWelcome to BendSQL 0.22.2.",
        "- Metrics table exists in GreptimeDB (verified by `curl -s -u \"greptime_user:$GREPTIME_PASSWORD\" -X POST 'http://greptimedb.obs:4000/v1/sql?db=public' -d 'sql=show tables'` -> 14 tables).",
        "Decision: GreptimeDB reads users from a file provider: `--user-provider=static_user_provider:file:/etc/greptime/users` (file is mounted from the secret greptime-users).",
        "Verified the materialized views are refreshing: `psql -h risingwave-frontend -p 4566 -d dev -U root -c 'show materialized views'` (password from ~/.pgpass) lists mv_orders_5m.",
        "CREATE USER grafana_ro WITH PASSWORD :'grafana_ro_password'; -- psql variable, set from the vault read in the wrapper script",
        "- Schema is deployed to billing-prod; verified by `sqlpackage /Action:Publish /SourceFile:Billing.dacpac /TargetServerName:sql-billing-prod.database.windows.net /TargetDatabaseName:billing /AccessToken:$(az account get-access-token --resource https://database.windows.net --query accessToken -o tsv)`.",
        "<TargetConnectionString>Data Source=sql-billing-prod.database.windows.net;Authentication=Active Directory Default;Encrypt=True</TargetConnectionString>",
        "`meltano config tap-postgres list` shows\n  password [env: TAP_POSTGRES_PASSWORD] current value: (redacted) (from `.env`)",
        "$ meltano config target-snowflake set password\nValue: \nTarget-snowflake setting 'password' was set in `.env`: (redacted)",
        "- Project access works: `stackit auth activate-service-account --service-account-key-path ~/.stackit/sa-key.json` then `stackit project describe` -> status ACTIVE.",
        "env:\n  STACKIT_PROJECT_ID: 3f1c2a9e-7d41-4b2e-9c1a-5e8f0b7d6a21\n  STACKIT_SERVICE_ACCOUNT_TOKEN: ${{ secrets.STACKIT_SA_TOKEN }}\n  STACKIT_REGION: eu01",
        "Verified last night's backup exists: `rustic -r opendal:sftp --password-file /root/.config/rustic/pass snapshots` -> 31 snapshots, newest 2026-12-08 02:10.",
        "[repository]\nrepository = \"/mnt/usb/rustic\"\npassword-command = \"pass show backup/rustic\"",
        "- Tunnel env is enabled on the demo box (verified by `zrok enable $ZROK_TOKEN --description demo-vm`). The token lives in 1Password under 'zrok demo'.",
        "zrok share public localhost:8080 --backend-mode proxy\n  https://k3x9q2m7wz4p.share.zrok.io",
        "Decision: the pipeline reads SASL credentials from env:\n```yaml\nsasl:\n  - mechanism: SCRAM-SHA-256\n    username: ${KAFKA_USER}\n    password: ${KAFKA_PASSWORD}\n```",
        "Debug: the connector logs `SASL authentication failed` because KAFKA_PASSWORD was empty in the staging namespace; `kubectl get secret connect-orders -o jsonpath='{.data}'` shows the key exists.",
        "Decision: pool per tenant DB in PgDog; users.toml keeps `password = \"${PGDOG_APP_PASSWORD}\"` and the file is rendered by the init container.",
        "[[databases]]\nname = \"tenant_us\"\nhost = \"10.30.4.11\"\nport = 5432\nrole = \"primary\"",
        "\"database.password\": \"${file:/opt/kafka/external-configuration/connector-credentials/pg.properties:password}\"",
        "debezium.source.database.password=${PG_CDC_PASSWORD}\ndebezium.source.offset.storage.file.filename=data/offsets.dat",
        "endpoints:\n  - name: admin-api\n    url: https://admin.internal/healthz\n    headers:\n      Authorization: \"Basic ${ADMIN_BASIC_AUTH}\"\n    conditions: ['[STATUS] == 200']",
        "alerting:\n  email:\n    from: gatus@ops.example.org\n    username: gatus@ops.example.org\n    password: \"${SMTP_PASSWORD}\"\n    host: smtp.ops.example.org\n    port: 587",
        "connectors:\n- type: ldap\n  id: ad\n  config:\n    host: dc01.corp.local:636\n    bindDN: CN=svc-dex,OU=Service,DC=corp,DC=local\n    bindPW: $LDAP_BIND_PW",
        "staticClients:\n- id: grafana\n  name: Grafana\n  secretEnv: GRAFANA_OIDC_SECRET\n  redirectURIs:\n  - https://grafana.corp.local/login/generic_oauth",
        "provider = \"oidc\"\nclient_id = \"kibana-proxy\"\nclient_secret_file = \"/etc/oauth2-proxy/client-secret\"\ncookie_secret = \"${OAUTH2_PROXY_COOKIE_SECRET}\"",
        "Generate the cookie secret with `openssl rand -base64 32 | tr -- '+/' '-_'` and store it as OAUTH2_PROXY_COOKIE_SECRET in the sealed secret.",
        "#11 [deps 3/6] RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci\n#11 14.2 added 912 packages in 14s",
        "#7 [build 2/5] RUN pip install --index-url https://ci:****@pypi.internal.example/simple -r requirements.txt\n#7 0.981 Looking in indexes: https://ci:****@pypi.internal.example/simple",
        "║ Variables │ DATABASE_URL=${{Postgres.DATABASE_URL}}                                 ║\n║ Install   │ npm ci                                                                ║",
        "=== Successfully Built! ===\nRun:\ndocker run -it --env-file .env.production app-4f2c",
        "INFO[0001] Using dockerignore file: /workspace/.dockerignore\nINFO[0002] Args: --build-arg=PIP_EXTRA_INDEX_URL (value masked)\nINFO[0004] Unpacking rootfs",
        "+ cp /secret/.dockerconfigjson /kaniko/.docker/config.json\nINFO[0003] Retrieving image manifest python:3.12-slim",
        "Debug: models/index.js now builds `new Sequelize(config.database, config.username, config.password, config)` with config from config/config.js (env-driven).",
        "{\"production\": {\"use_env_variable\": \"DATABASE_URL\", \"dialect\": \"mysql\"}}",
        "const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 })",
        "error: password authentication failed for user \"api\"\n    at Parser.parseErrorMessage (node_modules/pg-protocol/dist/parser.js:287:98)",
        "redis.NewClient(&redis.Options{Addr: \"redis-cache:6379\", Password: os.Getenv(\"REDIS_PASSWORD\"), DB: 2})",
        "--- FAIL: TestCacheRoundTrip (0.02s)\n    cache_test.go:31: dial tcp 10.0.4.9:6380: i/o timeout",
        "\"ConnectionStrings\": { \"Orders\": \"Host=pg-stg;Port=5432;Username=orders;Database=orders;Pooling=true\" }  // password from user-secrets / Key Vault",
        "Npgsql.PostgresException (0x80004005): 28P01: password authentication failed for user \"migrator\"",
        "let mut cfg = tokio_postgres::Config::new();\ncfg.host(\"pg-replica\").user(\"reader\").password(std::env::var(\"PG_PASSWORD\")?).dbname(\"metrics\");",
        "thread 'main' panicked at src/main.rs:44:10:\ncalled `Result::unwrap()` on an `Err` value: Error { kind: Db, cause: Some(DbError { severity: \"FATAL\", code: SqlState(E28P01) }) }",
        "'redis' => [\n    'client' => 'predis',\n    'default' => [\n        'host' => env('REDIS_HOST', '127.0.0.1'),\n        'password' => env('REDIS_PASSWORD'),\n        'port' => env('REDIS_PORT', 6379),\n    ],\n],",
        "[2026-12-07 22:41:09] production.ERROR: Predis\\Response\\ServerException: WRONGPASS invalid username-password pair or user is disabled.",
        "GET /api/v1/request?take=20&filter=pending HTTP/1.1\nHost: requests.home.lan:5055\nX-Api-Key: <redacted>\nAccept: application/json",
        "Verified the webhook user exists: `curl -s -H \"X-Api-Key: $JELLYSEERR_API_KEY\" http://jellyseerr:5055/api/v1/user?take=5 | jq '.results[].displayName'`",
        "POST /api/v1/links HTTP/1.1\nHost: links.example.net\nAuthorization: Bearer $LINKWARDEN_TOKEN\nContent-Type: application/json",
        "Linkwarden 2.9.3: access tokens are created under Settings > Access Tokens; they expire after 30 days unless you pick 'never'.",
        "POST /api/v1/auth/anonymous HTTP/1.1\nHost: ghostfolio.home.lan:3333\nContent-Type: application/json\n\n{\"accessToken\":\"<security token from the Ghostfolio account page>\"}",
        "GHOSTFOLIO_URL=http://ghostfolio:3333\nGHOSTFOLIO_SECURITY_TOKEN=\n# paste the security token from My Ghostfolio > Account",
        "- Survey export works: `curl -s https://app.formbricks.com/api/v1/management/surveys -H \"x-api-key: ${FORMBRICKS_API_KEY}\" | jq length` -> 7.",
        "Survey id clx8m2k0q0001abcd1234wxyz, environment id clx8m2k0q0002efgh5678stuv (both public, appear in the embed snippet).",
        "POST /api/v1/convert/pdf/img HTTP/1.1\nHost: pdf.tools.lan:8080\nX-API-KEY: ${STIRLING_API_KEY}\nContent-Type: multipart/form-data; boundary=----x",
        "  stirling-pdf:\n    image: stirlingtools/stirling-pdf:0.46.2\n    environment:\n      SECURITY_ENABLELOGIN: \"true\"\n      SECURITY_INITIALLOGIN_USERNAME: admin\n      SECURITY_INITIALLOGIN_PASSWORD_FILE: /run/secrets/stirling_admin",
        "@@ -8,6 +8,10 @@ properties:\n   configuration:\n+    secrets:\n+      - name: db-password\n+        keyVaultUrl: https://kv-orders.vault.azure.net/secrets/db-password\n+        identity: system",
        "Applied with `az containerapp secret set -n orders-api -g rg-orders --secrets db-password=keyvaultref:https://kv-orders.vault.azure.net/secrets/db-password,identityref:system`.",
        "@@ -14,6 +14,7 @@\n   \"context\": {\n     \"@aws-cdk/aws-lambda:recognizeLayerVersion\": true,\n+    \"stagingDbSecretName\": \"orders/staging/db\",",
        "$ cdk synth -c env=staging OrdersStack\nResources:\n  OrdersDbSecret:\n    Type: AWS::SecretsManager::Secret\n    Properties:\n      GenerateSecretString:\n        PasswordLength: 32",
        "[tool.pytest.ini_options]\nenv = [\n  \"D:DATABASE_URL=postgresql://test:test@localhost:5432/test\",\n  \"PAYMENTS_API_KEY=test-key-not-real\",\n]",
        "pyproject.toml: pytest-env reads `R:INTEGRATION_TOKEN={INTEGRATION_TOKEN}` from the CI environment; nothing is committed.",
        "{\"tool\": \"todo_write\", \"todos\": [{\"content\": \"Rotate SMTP password (leaked in PR #412, see incident INC-2291)\", \"status\": \"pending\"}, {\"content\": \"Update runbook\", \"status\": \"pending\"}]}",
        "## Todo\n- [x] migrate cron to systemd timers\n- [ ] log in to the old Plesk panel (credentials in Bitwarden: 'plesk legacy') and export the DNS zone",
        "{\"tool\": \"web_fetch\", \"url\": \"https://reports.internal.example/api/v2/export?format=csv&since=2026-12-01\"}",
        "Fetched https://geo.internal.example/v1/lookup?ip=203.0.113.7 with the token from $GEO_TOKEN (200, 412 bytes)",
        "config/settings/staging.py:41:EMAIL_HOST_PASSWORD = env(\"EMAIL_HOST_PASSWORD\")\nconfig/settings/staging.py:42:EMAIL_PORT = 587",
        "search(pattern=\"api_key\", path=\"scripts/\")\nscripts/report.py:7:    api_key = os.environ[\"REPORTS_API_KEY\"]\nscripts/backfill.py:12:    api_key = get_secret(\"reports/api_key\")",
    ]


def _ord_formats() -> list[str]:
    return [
        "ldap_base_dn = \"dc=home,dc=lan\"\nldap_user_dn = \"admin\"\n# ldap_user_pass is set with LLDAP_LDAP_USER_PASS_FILE\ndatabase_url = \"sqlite:///data/users.db?mode=rwc\"",
        "      - LLDAP_JWT_SECRET_FILE=/run/secrets/lldap_jwt\n      - LLDAP_KEY_SEED_FILE=/run/secrets/lldap_seed\n      - LLDAP_LDAP_BASE_DN=dc=home,dc=lan",
        "$CONF['database_user'] = 'postfixadmin';\n$CONF['database_password'] = getenv('POSTFIXADMIN_DB_PASSWORD');\n$CONF['database_name'] = 'postfixadmin';",
        "PostfixAdmin 3.3.13: generate the setup_password hash at /setup.php and paste only the hash into config.local.php.",
        "\tpublic $user = 'joomla_usr';\n\tpublic $password = '';\n\tpublic $db = 'joomla_db';  // filled in by the installer",
        "Joomla 5.2.1 installed; Global Configuration > Server > Mail: SMTP authentication Yes, password stored (shown as ********).",
        "$dbhost = 'localhost';\n$dbname = 'forum';\n$dbuser = 'forum_user';\n$dbpasswd = '';  // set by the installer, see install/",
        "phpBB 3.3.14 forum, 1,204 members, board started 2014-03-02. Table prefix phpbb_.",
        "define('DBUSER','osticket');\ndefine('DBPASS', getenv('OSTICKET_DB_PASS'));",
        "osTicket v1.18.1: ticket #004512 assigned to Help Desk, SLA 24 hours.",
        "APP_KEY=\nDB_HOST=localhost\nDB_DATABASE=librenms\nDB_USERNAME=librenms\nDB_PASSWORD=\n# filled by lnms key:generate and the installer",
        "LibreNMS 24.11.0, poller group 2, 412 devices, SNMP v3 authPriv (SHA/AES) credentials configured in Settings > SNMP.",
        "nserver 1.1.1.1\nauth strong\nusers $/etc/3proxy/passwd\nallow *\nproxy -p3128",
        "3proxy 0.9.4: the CR: type stores an MD5-crypt hash; CL: is cleartext and should be avoided.",
        "auth.backend = \"htdigest\"\nauth.backend.htdigest.userfile = \"/etc/lighttpd/lighttpd.user\"",
        "lighttpd/1.4.76 listening on 0.0.0.0:8080, mod_auth with htdigest backend",
        "SQLConnectInfo ftpd@localhost proftpd %{env:PROFTPD_SQL_PASS}\nSQLAuthTypes Crypt",
        "ProFTPD 1.3.8b Server (Debian) [10.0.0.4] — 230 User upload logged in",
        "\"lease-database\": {\"type\": \"mysql\", \"name\": \"kea\", \"host\": \"db.lan\", \"user\": \"kea\", \"password-file\": \"/etc/kea/db-password\"}",
        "Kea 2.6.1: 1,843 active leases in subnet 10.20.0.0/22, pool 10.20.1.10-10.20.3.250.",
        "mode = client\nserver = backup.office.lan\nport = 4971\ncname = laptop-anna\n# password is generated by burp_ca on first connect",
        "BURP 3.1.4: backup 0142 for pc-reception finished 2026-12-08 01:12, 18.4 GB.",
        "[ServerSettings]\nServerPassword=\nServerAdminPassword=\nDifficultyOffset=1.0\nRCONEnabled=False",
        "server's back up! ip 203.0.113.40:7777, no join password this wipe, mods channel has the admin stuff",
        "MYSQL_USER=azuracast\nMYSQL_PASSWORD=\n# generated by docker.sh setup-release on first install",
        "AzuraCast 0.20.3 stable, station 'Radio Sunny' mount /radio.mp3, 128 kbps, 42 listeners peak.",
        "modparam(\"usrloc\", \"db_url\", DB_URL)  # DB_URL is defined in opensips.cfg.m4 from the environment",
        "OpenSIPS 3.4.9 (x86_64/linux), 318 registered contacts, 12 active dialogs.",
        "[database]\nclass: mailman.database.postgresql.PostgreSQLDatabase\nurl: postgresql://mailman:$MAILMAN_DB_PASSWORD@localhost/mailman",
        "GNU Mailman 3.3.10, 24 lists, postorius 1.3.13, hyperkitty 1.3.12",
        "SOGoProfileURL = \"postgresql://sogo@localhost:5432/sogo/sogo_user_profile\";  // password in ~sogo/.pgpass",
        "SOGo 5.11.2 — 740 users, ActiveSync enabled for 212 devices.",
        "[mqtt]\naddress: 192.168.1.40\nport: 1883\nusername: {secrets.mqtt_credentials.username}\npassword: {secrets.mqtt_credentials.password}",
        "Moonraker v0.9.3, Klipper v0.12.0-396, printer voron-2.4-350, print time 4h 12m.",
        "SFTPGO_DATA_PROVIDER__DRIVER=postgresql\nSFTPGO_DATA_PROVIDER__USERNAME=sftpgo\nSFTPGO_DATA_PROVIDER__PASSWORD_FILE=/run/secrets/sftpgo_db",
        "Your SFTP account is ready: host files.example.com port 2022, user acme-upload. You'll receive a separate email to set your password.",
        "[target \"prod\"]\n\turi = db:pg://sqitch@pg-prod.internal:5432/app\n# password from PGPASSWORD / ~/.pgpass",
        "$ sqitch --chdir db status db:pg://ci@postgres:5432/ci_test\n# On database db:pg://ci@postgres:5432/ci_test\n# Project:  app\n# Change:   e1d3c9f0a7b24c5d8e6f1a2b3c4d5e6f7a8b9c0d",
        "db-uri = \"$(PGRST_DB_URI)\"\ndb-schemas = \"api\"\ndb-anon-role = \"web_anon\"\njwt-secret = \"@/etc/postgrest/jwt.key\"",
        "PostgREST v12.2.3: listening on port 3000, schema cache loaded in 84.2 ms.",
    ]


def _ord_vendor() -> list[str]:
    return [
        "MAILERLITE_API_TOKEN=\nMAILERLITE_GROUP_ID=142857193042017283",
        "curl -s https://connect.mailerlite.com/api/subscribers?limit=1 -H \"Authorization: Bearer $MAILERLITE_API_TOKEN\"",
        "ZEPLIN_PROJECT_ID=5fa1c3e2b4d6f8a0c2e4b6d8\nZEPLIN_ACCESS_TOKEN=${{ secrets.ZEPLIN_TOKEN }}",
        "HYGRAPH_ENDPOINT=https://eu-central-1-shared-euc1-02.cdn.hygraph.com/content/clx2v8k0q00a101uf3g7h4j9k/master\nHYGRAPH_TOKEN=",
        "const client = new GraphQLClient(endpoint, { headers: { Authorization: `Bearer ${process.env.HYGRAPH_TOKEN}` } })",
        "MORALIS_API_KEY=your-moralis-api-key\nCHAIN=0x1",
        "curl -s 'https://deep-index.moralis.io/api/v2.2/0x742d35cc6634c0532925a3b844bc454e4438f44e/erc20?chain=eth' -H \"X-API-Key: $MORALIS_API_KEY\"",
        "curl -s -u \"$TEAMWORK_API_KEY:x\" https://acme.teamwork.com/projects/api/v3/tasks.json?pageSize=5",
        "FULLSTORY_ORG_ID=o-1ABC2D-na1\nFULLSTORY_API_KEY=${FULLSTORY_API_KEY}",
        "MODERN_TREASURY_ORGANIZATION_ID=3c5e1f7a-2b4d-4c6e-8f0a-1b3d5f7a9c2e\nMODERN_TREASURY_API_KEY=<from the Modern Treasury dashboard>",
        "PAGARME_API_KEY=ak_test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nPAGARME_ENCRYPTION_KEY=ek_test_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "OPENPAY_MERCHANT_ID=mzdtln0bmtms6o3kck8f\nOPENPAY_PRIVATE_KEY=${OPENPAY_PRIVATE_KEY}\nOPENPAY_PRODUCTION=false",
        "TATUM_API_KEY=\nTATUM_NETWORK=ethereum-sepolia",
        "ACTIVECAMPAIGN_URL=https://acme.api-us1.com\nACTIVECAMPAIGN_KEY=${ACTIVECAMPAIGN_KEY}",
        "PHONEPE_MERCHANT_ID=PGTESTPAYUAT\nPHONEPE_SALT_KEY=<salt key from the PhonePe business dashboard>\nPHONEPE_SALT_INDEX=1",
        "api = Instamojo(api_key=os.environ['INSTAMOJO_API_KEY'], auth_token=os.environ['INSTAMOJO_AUTH_TOKEN'], endpoint='https://test.instamojo.com/api/1.1/')",
        "exchange = ccxt.gateio({'apiKey': os.getenv('GATE_API_KEY'), 'secret': os.getenv('GATE_API_SECRET')})",
        "SMTP server: smtp.elasticemail.com\nPort: 2525\nUsername: news@shop.example\nPassword: (your Elastic Email API key)",
    ]


def _ord_human() -> list[str]:
    return [text for *_, ordinary in _HUMAN_ROWS for text in ordinary]


def _ord_public() -> list[str]:
    return [
        "commit 9f4e2c1b7a3d5e6f8a0b1c2d3e4f5a6b7c8d9e0f (HEAD -> main, origin/main)",
        "sha256:3b7e9c2a1f4d6e8b0a2c4e6f8a1b3d5c7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHk8d2vQx4m1pZ7nR0sJb3wL6yT9cF5aE2uG8hK1oN4q deploy@ci-runner-07",
        "Host: db-replica-03.eu-west-1.internal  Port: 5432  User: readonly_analytics",
        "Request id 4c8f1d2e-9a7b-4e3c-8d1f-2b6a5c9e0f13, trace id 7f3e1a9c2b4d6e8f0a1b3c5d7e9f1a2b",
        "Build 2026.12.08-1742 on runner ci-arm64-12, Node 22.11.0, pnpm 9.14.2.",
        "Ticket #88412: user cannot log in after password reset; reset link sent again at 09:42.",
        "Room 1204, 12th floor, check-in 14:00; guest Wi-Fi network Hotel_Guest_5G, password on the key card sleeve.",
        "Order 2026-1207-3391 shipped via DHL, tracking 1Z999AA10123456784.",
        "Server: web-07 (10.4.2.17), user deploy, key fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
        "Password policy: at least 12 characters, no reuse of the last 5, expires every 180 days; MFA required for admins.",
        "Team Falcons 2026 vs Eagles 2019 alumni match, kick-off 15:30, pitch 3.",
        "PIN reset: call the service desk on +49 30 1234 5678 and quote your employee number.",
        "gitledger 0.14.2, Python 3.12.7, ruff 0.8.1, mypy 1.13.0",
    ]


def _ord_debatable() -> list[str]:
    return [
        "RisingWave quickstart: `psql -h localhost -p 4566 -d dev -U root` (the playground has no password).",
        "lldap docs example: ldap_user_pass = \"REPLACE_WITH_PASSWORD\" — change it before the first start.",
        "SFTPGo first start: open http://localhost:8080/web/admin and create the admin; the Docker image's demo uses admin / password.",
        "PostgREST tutorial: jwt-secret = \"reallyreallyreallyreallyverysafe\" (tutorial value, 32 chars).",
        "ARK dedicated server default: ServerAdminPassword=adminpassword in the sample GameUserSettings.ini shipped by the host.",
        "Kea docs example: \"user\": \"keatest\", \"password\": \"1234\" (from the kea-dhcp4.conf example).",
        "Stirling-PDF default first login is admin / stirling and it forces a change at first login.",
        "Debezium tutorial compose: MYSQL_ROOT_PASSWORD=debezium, MYSQL_USER=mysqluser, MYSQL_PASSWORD=mysqlpw",
        "Gatus example config: `password: \"${SMTP_PASSWORD}\"` and for local testing `password: hunter2`.",
        "Menu card: Free Wi-Fi 'MaquisChezAmenan_Client' — code: attieke2024",
        "Kopitiam wall sign: WiFi KopitiamAbang_Free / password: kopi1234",
        "Posada guest sheet: Wi-Fi PosadaSanLuis_Guests, clave: cangrejo2025 (changes every season).",
        "Rum shop chalkboard: WIFI RumShop_Guests PASS soca2026",
        "Post-mortem INC-2291: the leaked SMTP password (Winter2025!) was rotated on 2026-12-02 and the old one no longer works.",
        "Your verification code is 482913. It expired at 10:42.",
        "Boulangerie: le code des toilettes clients est 1789 (affiché au comptoir).",
        "Demo account for the Ghostfolio sandbox: use the 'Live Demo' button, no token needed.",
        "Kita: das WLAN 'Kita_Gaeste' ist offen, Passwort steht am Eingang: Wichtel2026",
        "Dog grooming salon window sticker: Free WiFi PawsParlour_Guest password: woofwoof",
        "3proxy README example: users admin:CL:password — replace before deploying.",
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

TWENTIETH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in TWENTIETH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a PhonePe salt
# key and a Stirling-PDF API key are bare UUIDs, Instamojo keys and Formbricks keys 32 bare
# hex digits like any MD5, and a Gate.io key and secret 32 and 64 bare hex digits like any
# hash.
UNSURE_FAMILIES: frozenset[str] = frozenset({"phonepe salt key", "instamojo api key and auth token",
                                             "gate.io api key and secret",
                                             "copied request to the formbricks api",
                                             "copied request to the stirling-pdf api"})

_ORD_AGENT = _ord_agent()
_ORD_FORMATS = _ord_formats()
_ORD_VENDOR = _ord_vendor()
_ORD_HUMAN = _ord_human()
_ORD_PUBLIC = _ord_public()
_ORD_DEBATABLE = _ord_debatable()

TWENTIETH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_HUMAN,
                                 *_ORD_PUBLIC, *_ORD_DEBATABLE]

# Documented defaults and tutorial values, guest Wi-Fi printed on menus, signs and guest
# sheets, demo logins, an expired one-time code, a rotated password quoted in a
# post-mortem and a toilet door code shown at the counter.
DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]|\{pw\}|\{pin\}")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, TWENTIETH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("twentieth", FAMILIES, TWENTIETH_SECRETS, TWENTIETH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(100, 300, 250),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in TWENTIETH_SECRETS]
    assert len(texts) == len(set(texts))
    # each family's three samples sit in three different settings
    assert all(len({setting for setting, _ in fam.samples}) == len(fam.samples)
               for fam in FAMILIES)
    # every weight, and the vendor families, fall in both halves
    half_of = {fam.name: fam.half for fam in FAMILIES}
    for group in (AGENT_FAMILIES, FORMAT_FAMILIES, HUMAN_FAMILIES, VENDOR_FAMILIES):
        assert {half_of[name] for name in group} == {"A", "B"}


_self_check()
