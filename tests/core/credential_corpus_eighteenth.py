"""An eighteenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, places and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the seventeen earlier
corpora; only their family names (so that every family here is new, which ``_self_check``
holds), the helpers ``Family``, ``family``, ``split_by_family`` and ``families`` of the
third, ``blind_corpus``, and the docstring, generator helpers and closing assembly of the
seventeenth, so that the same measuring code runs on this one.  It is weighted, about a
third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" cockroach sql, the rqlite shell, immuclient, vmctl, logcli, amtool,
  mimirtool, elasticdump, jarsigner, ionosctl and upctl; decisions quoting a Datadog agent
  check conf, an NXLog output, a syslog-ng destination, a Metricbeat module, a monit httpd
  block, juju config, a Pkl config and a BOSH manifest; build logs of Buddy.Works, Prow and
  Evergreen; debugging notes on Python asyncpg, Node knex, Go pgxpool and OpenResty
  lua-resty-mysql; copied requests to the Penpot, Leantime, Kavita and PhotoPrism APIs;
  diff hunks in an App Engine app.yaml, a Podman quadlet unit and a netlify.toml; tool calls
  editing a notebook cell and applying a patch to an env file;
* config files of tools not yet covered (Dovecot SQL, Postfix MySQL/PostgreSQL lookup
  tables, PowerDNS gmysql, FreeRADIUS rlm_sql, Kamailio/OpenSIPS db_url, Mosquitto bridges,
  Guacamole user-mapping.xml, Jira dbconfig.xml, sonar.properties, Payara asadmin password
  files, Hadoop core-site, Ivy settings, rathole, harbor.yml, Ansible Semaphore, Homebridge,
  OPC UA endpoint URLs, Seafile) and vendor tokens (``VENDOR_FAMILIES``) in the formats
  vendors document: imgix, Wix, Nets Easy (Nexi Checkout), Foursquare, Bybit, Upbit,
  Bitget, MTN MoMo, Paytm, HERE, Amap, PrestaShop, sevDesk, Vipps MobilePay and Redsys;
* passwords people choose (names with dates, teams, pets, seasons, keyboard walks,
  leetspeak, passphrases, short ones, words of the writer's language) where they type them:
  chat, SMS, email, committee and staff notes, sticky notes and voice-note transcripts in
  Võro and Seto, Latgalian and Samogitian, Aromanian, Cypriot and Pontic Greek, Tashelhit
  and Tarifit, Hassaniya and Chadian Arabic, Gilaki and Mazandarani, Kumaoni and Garhwali,
  Ladakhi, Madurese and Betawi, Banjar and Iban, Hainanese and Zhuang, Drehu and Caldoche
  French, Kosraean and Nauruan, Kaqchikel and Mam, Fiji Hindi and Rotuman, Sranan Tongo and
  Guyanese Creole, Yup'ik and Inupiaq, Juba Arabic and Nuer, Kalenjin and Maasai, Makhuwa,
  Cape Verdean Creole and Guinea-Bissau Kriol, Camfranglais and Cameroonian Pidgin, Zarma,
  Yumplatok and Australian Kriol, Tiv and Efik, Ligurian and Emilian, Picard and Norman,
  Kven and Meänkieli, and in Chilean Spanish, Austrian German, Japanese, Russian and
  Indonesian in settings the earlier names do not use (a neighbourhood council, a building
  management, a ryokan front desk, a school parents' chat, a mosque committee).

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``EIGHTEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``EIGHTEENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands, configs and chats with the value masked, templated, prompted for or read from
    a store; public values beside secrets (hashes, commit ids, UUIDs, public keys,
    usernames, hostnames); password policies; product names with versions; events with
    years; room numbers; order numbers; team names with numbers.  ``DEBATABLE`` names the
    entries a reasonable reviewer could call either way; ``UNSURE_FAMILIES`` the families a
    reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family.

Values come from a seeded generator (``random.Random(18_2026_12_07)``) with the length and
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

_RNG = random.Random(18_2026_12_07)

_ALNUM = string.ascii_letters + string.digits
_LOWER_ALNUM = string.ascii_lowercase + string.digits
_UPPER_ALNUM = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
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
          "qwertz", "Asdf1234", "123qwe", "qwe123")
_SYMBOLS = "!@#$*&"
_SEASONS = ("Summer", "Winter", "Spring", "Autumn", "Fall")
_LEET = str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "$"})


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def _chosen(words: Sequence[str], names: Sequence[str] = (), pets: Sequence[str] = (),
            teams: Sequence[str] = (), seasons: Sequence[str] = _SEASONS) -> str:
    """A password as people choose it, from the words of the writer's place."""
    names = names or words
    pets = pets or names
    teams = teams or words
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
_IMGIX = "a" "k_"
_WIX = "IS" "T."
_NETS_LIVE = "live-secret" "-key-"
_NETS_TEST = "test-secret" "-key-"
_FSQ = "fs" "q3"
_BITGET = "b" "g_"
_GLC = "gl" "c_"
_EYJ = "ey" "J"


def _ionos_token() -> str:
    return _jwt({"kid": _uuid(), "iss": "ionoscloud", "exp": 1798761600,
                 "identity": {"contractNumber": int(_digits(8)), "role": "owner"}},
                alg="RS256", sig_raw=256)


def _wix_key() -> str:
    body = _jwt({"data": json.dumps({"id": _uuid(), "identity": {"type": "application",
                                                                  "id": _uuid()},
                                     "tenant": {"type": "account", "id": _uuid()}}),
                 "iat": 1764547200}, alg="RS256", sig_raw=256)
    return _WIX + body


def _grafana_cloud() -> str:
    payload = json.dumps({"o": _digits(6), "n": "logcli-read", "k": _r(24),
                          "m": {"r": "prod-eu-west-2"}}, separators=(",", ":"))
    return _GLC + base64.b64encode(payload.encode()).decode()


def _agent() -> list[_Raw]:
    """What a coding agent writes into its ledger, in stacks the earlier names leave out."""
    return [
        _fam("ledger fact verified by cockroach sql",
             ("ledger fact",
              f"- [fact] staging CRDB is v24.1.4, 3 nodes live — verified by `cockroach sql --url \"postgresql://app_rw:{_pw()}@crdb-stg.internal:26257/orders?sslmode=verify-full&sslrootcert=certs/ca.crt\" -e \"select version()\"`"),
             ("shell tool call",
              json.dumps({"tool": "shell", "command": f"cockroach sql --url 'postgres://root:{_pw(24)}@localhost:26257/defaultdb?sslmode=require' --execute 'SHOW DATABASES;'", "timeout": 60})),
             ("debugging note",
              f"Debug 14:02 — `cockroach node status --url postgresql://admin:{_pw(16)}@crdb-0.crdb.svc:26257?sslmode=require` hangs for 30s then prints the table; it is the LB health check, not auth. Leaving as is.")),
        _fam("ledger fact verified by rqlite shell",
             ("ledger fact",
              f"Verified: the node list shows leader rqlite-2 — `rqlite -H rqlite-1.lan -p 4001 -s https -u ops:{_pw(18)}` then `.nodes`."),
             ("copied curl",
              f"curl -s -XPOST 'https://ops:{_pw(22)}@rqlite-1.lan:4001/db/execute?pretty' -H 'Content-Type: application/json' -d '[\"CREATE TABLE jobs (id INTEGER PRIMARY KEY, name TEXT)\"]'"),
             ("decision quoting auth file",
              f"Decision: keep one read-only user for the exporter. auth.json now reads\n[{{\"username\": \"ops\", \"password\": \"{_pw(20)}\", \"perms\": [\"all\"]}},\n {{\"username\": \"exporter\", \"password\": \"{_pw(20)}\", \"perms\": [\"status\", \"query\"]}}]")),
        _fam("ledger fact verified by immuclient",
             ("ledger fact",
              f"- fact: audit table has 41 812 verified entries — checked with `immuclient --immudb-address immudb.audit.svc --username auditor --password '{_pw(18)}' --database ledger verifiedget tx:41812`"),
             ("python sdk snippet",
              f"from immudb import ImmudbClient\nclient = ImmudbClient(\"immudb.audit.svc:3322\")\nclient.login(\"auditor\", \"{_pw(20)}\", database=b\"ledger\")"),
             ("environment in compose note",
              f"Note: immudb container boots with IMMUDB_ADMIN_PASSWORD={_pw(24)} from compose.override.yml; the app uses IMMUCLIENT_USERNAME=app IMMUCLIENT_PASSWORD={_pw(16)}.")),
        _fam("ledger fact verified by vmctl migration",
             ("ledger fact",
              f"Fact: all 212 series copied from Influx to VictoriaMetrics — `vmctl influx --influx-addr http://influx.old:8086 --influx-user reader --influx-password '{_pw(16)}' --influx-database telegraf --vm-addr https://vm.new:8428 --vm-user writer --vm-password '{_pw(20)}'`"),
             ("command in runbook step",
              f"3. Backfill from Prometheus snapshot:\n   vmctl remote-read --remote-read-src-addr=https://prom-old:9090 --remote-read-user=admin --remote-read-password={_pw(18)} --vm-addr=http://vminsert:8480/insert/0/prometheus"),
             ("shell history in handoff",
              f"  512  vmctl vm-native --vm-native-src-addr=https://vmselect-a:8481/select/0/prometheus --vm-native-src-user=ops --vm-native-src-password={_pw(20)} --vm-native-dst-addr=http://vminsert-b:8480/insert/0/prometheus")),
        _fam("ledger fact verified by logcli query",
             ("ledger fact",
              f"- verified the 502s come from the ingress only: `LOKI_ADDR=https://logs-prod-012.grafana.net LOKI_USERNAME={_digits(6)} LOKI_PASSWORD={_grafana_cloud()} logcli query '{{app=\"ingress\"}} |= \"502\"' --since=2h`"),
             ("flags in debugging note",
              f"logcli works against our own Loki behind nginx basic auth: `logcli --addr=https://loki.ops.lan --username=grafana --password={_pw(18)} labels job`; returns 14 jobs."),
             ("env export in ledger",
              f"Set for the session (do not persist):\nexport LOKI_ADDR=https://loki.ops.lan\nexport LOKI_USERNAME=ops\nexport LOKI_PASSWORD={_pw(24)}")),
        _fam("ledger fact verified by amtool silence query",
             ("ledger fact",
              f"Fact: two silences still active for the db-backup alert — `amtool --alertmanager.url=https://ops:{_pw(16)}@alertmanager.mon.lan silence query alertname=BackupLate`"),
             ("amtool config quote",
              f"~/.config/amtool/config.yml on the bastion:\nalertmanager.url: \"https://oncall:{_pw(18)}@am.example.net\"\nauthor: oncall@example.net\noutput: extended"),
             ("tool call expire",
              json.dumps({"name": "run_command", "arguments": {"cmd": f"amtool silence expire 6a1f2c --alertmanager.url https://admin:{_pw(20)}@127.0.0.1:9093"}}))),
        _fam("ledger fact verified by mimirtool",
             ("ledger fact",
              f"- [verified] 37 rule groups loaded for tenant `platform` — `mimirtool rules list --address=https://mimir.obs.lan --id=platform --user=platform --key={_pw(32)}`"),
             ("env in debugging note",
              f"mimirtool picks up MIMIR_ADDRESS / MIMIR_TENANT_ID / MIMIR_API_KEY; I had MIMIR_API_KEY={_grafana_cloud()} from the other shell, which is why it hit prod."),
             ("ci step",
              f"- name: sync rules\n  run: mimirtool rules sync --rule-dirs=rules/ --address=https://prometheus-prod-24.grafana.net/api/prom --id=812345 --key={_grafana_cloud()}")),
        _fam("ledger fact verified by elasticdump",
             ("ledger fact",
              f"Fact: orders index copied, 1 204 311 docs on both sides — `elasticdump --input=https://elastic:{_pw(20)}@es-old.lan:9200/orders --output=https://elastic:{_pw(20)}@es-new.lan:9200/orders --type=data --limit=5000`"),
             ("tool result",
              f"[tool: shell] exit 0\nSun, 07 Dec 2025 10:12:03 GMT | starting dump\nSun, 07 Dec 2025 10:12:03 GMT | got 100 objects from source elasticsearch (offset: 0)\n... cmd was: elasticdump --input=http://reader:{_pw(16)}@10.4.0.12:9200/logs-2025.12 --output=/tmp/logs.json"),
             ("mapping step in runbook",
              f"Step 1 (mapping first): elasticdump --input=https://admin:{_pw(18)}@opensearch.stg:9200/customers --output=customers_mapping.json --type=mapping")),
        _fam("ledger fact verified by jarsigner",
             ("ledger fact",
              f"- fact: the AAB is signed with the upload key, not the debug key — `jarsigner -verbose -keystore upload.jks -storepass {_pw(16)} -keypass {_pw(16)} app-release.aab upload` then `jarsigner -verify` prints `jar verified.`"),
             ("ci log",
              f"+ jarsigner -sigalg SHA256withRSA -digestalg SHA-256 -keystore $RUNNER_TEMP/release.keystore -storepass {_pw(20)} build/app/outputs/bundle/release/app-release.aab release\n   adding: META-INF/MANIFEST.MF\n   signing: base/dex/classes.dex"),
             ("decision note",
              f"Decision: sign in a separate step instead of signingConfigs so Gradle never sees the key. Command used locally: jarsigner -keystore ~/keys/shop.jks -storepass:env KS_PASS -keypass '{_pw(18)}' shop.aab shop")),
        _fam("ledger fact verified by ionosctl",
             ("ledger fact",
              f"Fact: datacenter `fra-prod` has 6 servers running — `IONOS_TOKEN={_ionos_token()} ionosctl server list --datacenter-id 8f6b5c1e-2d8a-4bd4-9e0a-1c3b0d7e4a21`"),
             ("login transcript",
              f"$ ionosctl login --user infra@shop.example --password '{_pw(18)}'\nAuthentication successful!"),
             ("tfvars diff in ledger",
              f"Changed providers.tf locally only:\n+provider \"ionoscloud\" {{\n+  username = \"infra@shop.example\"\n+  password = \"{_pw(20)}\"\n+}}")),
        _fam("ledger fact verified by upctl",
             ("ledger fact",
              f"- verified: 4 servers in de-fra1, all `started` — `UPCLOUD_USERNAME=api-deploy UPCLOUD_PASSWORD='{_pw(18)}' upctl server list`"),
             ("config quote",
              f"~/.config/upctl.yaml (written by me during the session):\nusername: api-deploy\npassword: {_pw(22)}"),
             ("packer vars in note",
              f"Packer build for the base image: packer build -var 'username=api-packer' -var 'password={_pw(20)}' -var 'zone=fi-hel2' upcloud.pkr.hcl")),
        _fam("ledger decision quoting a datadog agent check conf",
             ("decision",
              f"Decision: the postgres check connects as `datadog` with a read-only role. /etc/datadog-agent/conf.d/postgres.d/conf.yaml:\ninit_config:\ninstances:\n  - host: 10.20.1.5\n    port: 5432\n    username: datadog\n    password: \"{_pw(22)}\"\n    dbm: true"),
             ("diff hunk",
              f"--- a/conf.d/mysql.d/conf.yaml\n+++ b/conf.d/mysql.d/conf.yaml\n@@ -1,5 +1,6 @@\n instances:\n   - host: 127.0.0.1\n     username: datadog\n-    password: \"ENC[mysql_pw]\"\n+    password: \"{_pw(18)}\"\n     port: 3306"),
             ("debugging note",
              f"`datadog-agent check redisdb` fails with NOAUTH until `password: {_pw(24)}` is set under instances in redisdb.d/conf.yaml.")),
        _fam("ledger decision quoting an nxlog output",
             ("decision",
              f"Decision: ship Windows event logs over HTTPS to the collector. nxlog.conf:\n<Output collector>\n    Module                 om_http\n    URL                    https://logs.corp.lan:8443/ingest\n    HTTPBasicAuthUser      nxlog\n    HTTPBasicAuthPassword  {_pw(20)}\n</Output>"),
             ("odbc output",
              f"<Output sqlsink>\n    Module            om_odbc\n    ConnectionString  DSN=EventDB;UID=nxlog;PWD={_pw(18)};\n    SQL               INSERT INTO events (host, msg) VALUES (?, ?)\n</Output>"),
             ("note on a service error",
              f"nxlog service restarts every 5 min; log says `om_http: HTTP 401` — password in C:\\Program Files\\nxlog\\conf\\nxlog.d\\out.conf was `{_pw(16)}`, the collector expects the new one.")),
        _fam("ledger decision quoting a syslog-ng destination",
             ("decision",
              f"Decision: syslog-ng sends straight to OpenSearch.\ndestination d_os {{\n    elasticsearch-http(\n        url(\"https://os.log.lan:9200/_bulk\")\n        index(\"syslog-${{YEAR}}.${{MONTH}}\")\n        user(\"syslogng\")\n        password(\"{_pw(20)}\")\n    );\n}};"),
             ("sql destination",
              f"destination d_pg {{ sql(type(pgsql) host(\"db.log.lan\") username(\"syslog\") password(\"{_pw(18)}\") database(\"logs\") table(\"messages_${{R_YEAR}}\") columns(\"host\", \"msg\") values(\"${{HOST}}\", \"${{MSG}}\")); }};"),
             ("debugging note",
              f"syslog-ng -Fvde shows `http: Server returned with a 4XX (client errors) status code`; fixed by quoting: password(\"{_pw(16)}#\") — the # was starting a comment.")),
        _fam("ledger decision quoting a metricbeat module",
             ("decision",
              f"Decision: enable metricbeat mysql module on db hosts. modules.d/mysql.yml:\n- module: mysql\n  metricsets: [status, galera_status]\n  period: 10s\n  hosts: [\"tcp(127.0.0.1:3306)/\"]\n  username: metricbeat\n  password: {_pw(18)}"),
             ("dsn in hosts",
              f"- module: postgresql\n  metricsets: [database, bgwriter, activity]\n  hosts: [\"postgres://metricbeat:{_pw(20)}@pg-primary:5432?sslmode=disable\"]"),
             ("cli flag in note",
              f"Quick check before writing the module file: `metricbeat test modules rabbitmq -E 'rabbitmq.hosts=[\"mq1:15672\"]' -E rabbitmq.username=monitor -E rabbitmq.password={_pw(16)}`")),
        _fam("ledger decision quoting a monit httpd block",
             ("decision",
              f"Decision: expose monit only on localhost plus the VPN range.\nset httpd port 2812 and\n    use address 0.0.0.0\n    allow 10.8.0.0/255.255.0.0\n    allow admin:{_pw(14)}"),
             ("mailserver block",
              f"set mailserver smtp.mailgun.org port 587\n    username \"monit@mg.example.org\" password \"{_pw(20)}\"\n    using tls"),
             ("command transcript",
              f"$ monit -c /etc/monit/monitrc status\nmonit: Cannot create socket to [localhost]:2812 -- Connection refused\n(fixed) set httpd port 2812 allow monit:{_pw(12)} read-only")),
        _fam("ledger decision quoting a juju config",
             ("decision",
              f"Decision: set the charm password once and let Juju distribute it: `juju config mattermost smtp_password='{_pw(20)}' smtp_username=notify@chat.example`"),
             ("bundle yaml",
              f"applications:\n  grafana:\n    charm: grafana-k8s\n    channel: latest/stable\n    options:\n      admin_password: {_pw(18)}\n  wordpress:\n    charm: wordpress-k8s\n    options:\n      db_password: {_pw(18)}"),
             ("credentials yaml",
              f"~/.local/share/juju/credentials.yaml:\ncredentials:\n  maas-lab:\n    admin:\n      auth-type: oauth1\n      maas-oauth: {_r(18)}:{_r(18)}:{_r(32)}")),
        _fam("ledger decision quoting a pkl config",
             ("decision",
              f"Decision: the Pkl config holds the datasource inline for now (TODO move to read(\"env:...\")):\namends \"package://pkg.pkl-lang.org/pkl-k8s/k8s@1.1.0#/Config.pkl\"\ndatabase {{\n  host = \"pg.internal\"\n  username = \"billing\"\n  password = \"{_pw(20)}\"\n}}"),
             ("diff hunk",
              f"--- a/config/prod.pkl\n+++ b/config/prod.pkl\n@@ -8,3 +8,3 @@ redis {{\n   host = \"redis.prod\"\n-  password = read(\"env:REDIS_PASSWORD\")\n+  password = \"{_pw(24)}\"\n }}"),
             ("rendered output",
              f"`pkl eval -f json config/staging.pkl` prints {{\"smtp\": {{\"user\": \"mailer\", \"password\": \"{_pw(18)}\", \"port\": 587}}}} — matches what the service reads.")),
        _fam("ledger decision quoting a bosh manifest",
             ("decision",
              f"Decision: pass the admin password as a var instead of the vars-store: `bosh -e prod -d concourse deploy concourse.yml -v local_user.password={_pw(20)} -v external_url=https://ci.example`"),
             ("vars store",
              f"creds.yml (bosh vars-store, checked by mistake):\nadmin_password: {_pw(20)}\nblobstore_agent_password: {_pw(20)}\nnats_password: {_pw(20)}"),
             ("manifest excerpt",
              f"properties:\n  postgres:\n    databases:\n    - name: uaa\n    roles:\n    - name: uaa\n      password: {_pw(22)}")),
        _fam("ledger note quoting a buddy.works pipeline log",
             ("log excerpt",
              f"Buddy action \"Push image\" failed:\nExecuting: docker login registry.example.com -u buddy -p {_pw(22)}\nWARNING! Using --password via the CLI is insecure.\nError response from daemon: Get \"https://registry.example.com/v2/\": unauthorized"),
             ("variable dump",
              f"From the Buddy execution log (action: Run tests):\n$ env | sort\nBUDDY_EXECUTION_BRANCH=main\nBUDDY_PIPELINE_NAME=deploy-prod\nDATABASE_URL=postgres://app:{_pw(18)}@db.buddy.lan:5432/app\nHOME=/root"),
             ("sftp action",
              f"Buddy SFTP action log: Connecting to deploy@web1.example.com:22 using password {_pw(16)} ... 142 files uploaded.")),
        _fam("ledger note quoting a prow job log",
             ("log excerpt",
              f"pull-infra-e2e #1904 build-log.txt:\n+ export GCS_HMAC_SECRET={_b64(30)}\n+ ./hack/e2e.sh --provider=gce\nRunning Suite: e2e"),
             ("job config",
              f"periodic-release-sync in prow config:\n  spec:\n    containers:\n    - image: gcr.io/k8s-staging/release:v2\n      env:\n      - name: REGISTRY_PASSWORD\n        value: {_pw(24)}"),
             ("artifacts note",
              f"Found in artifacts/junit_01.xml of the failing presubmit: <failure>login failed for user ci-bot with password {_pw(16)}: 401</failure>")),
        _fam("ledger note quoting an evergreen task log",
             ("log excerpt",
              f"[2025/12/06 22:14:03.118] + curl -sS -u perf-bot:{_pw(20)} https://perf.example.net/api/results -d @results.json\n[2025/12/06 22:14:03.601] {{\"status\": \"ok\"}}"),
             ("expansions dump",
              f"Evergreen task `compile_and_push` expansions (from --debug):\nbuild_variant: ubuntu2204\naws_key: AKIA{_r(16, _UPPER_ALNUM)}\naws_secret: {_r(40, _ALNUM + '/+')}\nproject: server"),
             ("shell.exec note",
              f"shell.exec in evergreen.yml prints the artifactory creds because of `set -x`: `+ jfrog rt u dist/*.tgz generic-local/ --user ci --password {_pw(24)}`")),
        _fam("ledger debugging note on a python asyncpg pool",
             ("debugging note",
              f"Root cause: asyncpg pool created before the DNS switch. Code at the time:\npool = await asyncpg.create_pool(host=\"pg-primary.svc\", user=\"orders\", password=\"{_pw(20)}\", database=\"orders\", min_size=2, max_size=10)"),
             ("traceback with dsn",
              f"File \"/app/db.py\", line 18, in connect\n    return await asyncpg.connect(\"postgresql://orders:{_pw(18)}@10.0.4.7:5432/orders\")\nasyncpg.exceptions.TooManyConnectionsError: sorry, too many clients already"),
             ("repl session",
              f">>> conn = await asyncpg.connect(user='reporting', password='{_pw(16)}', host='localhost', port=6432)\n>>> await conn.fetchval('select count(*) from invoices')\n84211")),
        _fam("ledger debugging note on a node knex config",
             ("debugging note",
              f"knexfile.js staging block (what the migration actually used):\nstaging: {{\n  client: 'pg',\n  connection: {{ host: 'db-stg', user: 'api', password: '{_pw(18)}', database: 'api' }},\n  pool: {{ min: 0, max: 7 }}\n}}"),
             ("error output",
              f"KnexTimeoutError: Knex: Timeout acquiring a connection. The pool is probably full.\n  at Client_MySQL2.acquireConnection\nconnection: {{ host: '10.3.1.9', user: 'shop', password: '{_pw(16)}', database: 'shop' }}"),
             ("cli command",
              f"Ran migrations by hand: `npx knex migrate:latest --knexfile knexfile.js --env production --connection 'postgres://api:{_pw(20)}@db-prod:5432/api'`")),
        _fam("ledger debugging note on a go pgxpool config",
             ("debugging note",
              f"pgxpool.New failed with `failed to connect to host=10.9.0.4 user=ledger database=ledger: server error (FATAL: remaining connection slots are reserved)` — DSN in main.go was \"postgres://ledger:{_pw(20)}@10.9.0.4:5432/ledger?pool_max_conns=50\""),
             ("code excerpt",
              f"cfg, _ := pgxpool.ParseConfig(\"\")\ncfg.ConnConfig.Host = \"pg.internal\"\ncfg.ConnConfig.User = \"worker\"\ncfg.ConnConfig.Password = \"{_pw(18)}\"\ncfg.MaxConns = 20"),
             ("test log",
              f"--- FAIL: TestRepo_Insert (0.03s)\n    repo_test.go:41: connect: postgres://test:{_pw(14)}@localhost:55432/test?sslmode=disable: dial tcp [::1]:55432: connect: connection refused")),
        _fam("ledger debugging note on an openresty lua-resty-mysql connect",
             ("debugging note",
              f"The 500 on /api/stock comes from lua-resty-mysql: `failed to connect: Access denied for user 'stock'@'10.1.2.3'`. Current call in stock.lua:\nlocal ok, err = db:connect{{ host = \"10.1.2.40\", port = 3306, database = \"stock\", user = \"stock\", password = \"{_pw(18)}\", max_packet_size = 1024 * 1024 }}"),
             ("nginx conf excerpt",
              f"content_by_lua_block {{\n    local redis = require \"resty.redis\"\n    local red = redis:new()\n    red:connect(\"127.0.0.1\", 6379)\n    red:auth(\"{_pw(24)}\")\n}}"),
             ("error log",
              f"2025/12/06 09:41:17 [error] 2211#2211: *913 lua entry thread aborted: runtime error: /etc/openresty/lua/db.lua:12: connect(host=db1, user=shop, password={_pw(16)}) failed")),
        _fam("copied request to the penpot api",
             ("copied curl",
              f"curl -X POST https://design.example.com/api/rpc/command/get-profile -H 'Authorization: Token {_b64url(96)}' -H 'Content-Type: application/transit+json'"),
             ("http file",
              f"### list teams\nPOST https://penpot.lan/api/rpc/command/get-teams\nAuthorization: Token {_b64url(96)}\nAccept: application/json"),
             ("ledger note",
              f"Penpot access token for the export script (created in Your account > Access tokens, expires never): {_b64url(96)} — used in scripts/export_assets.py")),
        _fam("copied request to the leantime api",
             ("copied curl",
              f"curl -X POST https://pm.example.org/api/jsonrpc -H 'x-api-key: lt_ops_{_r(32)}' -H 'Content-Type: application/json' -d '{{\"jsonrpc\":\"2.0\",\"method\":\"leantime.rpc.projects.getAll\",\"id\":1}}'"),
             ("python snippet",
              f"resp = requests.post(\"https://leantime.lan/api/jsonrpc\", headers={{\"x-api-key\": \"lt_sync_{_r(32)}\"}}, json={{\"jsonrpc\": \"2.0\", \"method\": \"leantime.rpc.tickets.getAll\", \"id\": 2}})"),
             ("postman export",
              f"{{\"key\": \"x-api-key\", \"value\": \"lt_admin_{_r(32)}\", \"type\": \"text\"}}")),
        _fam("copied request to the kavita api",
             ("copied curl",
              f"curl -X POST 'https://books.home.lan/api/Plugin/authenticate?apiKey={_uuid()}&pluginName=Tachiyomi'"),
             ("opds url",
              f"OPDS feed added to the e-reader: https://kavita.example.net/api/opds/{_uuid()}"),
             ("ledger note",
              f"The sync job logs in with the Kavita API key {_uuid()} (user settings > 3rd party clients) and then uses the returned JWT.")),
        _fam("copied request to the photoprism api",
             ("copied curl",
              f"curl -H 'Authorization: Bearer {_r(6)}-{_r(6)}-{_r(6)}-{_r(6)}' https://photos.home.lan/api/v1/photos?count=10"),
             ("header paste",
              f"GET /api/v1/albums?count=24&type=album HTTP/1.1\nHost: photoprism.example.net\nX-Auth-Token: {_hx(48)}\nAccept: application/json"),
             ("cli command",
              f"photoprism auth add --name=rclone --scope=webdav admin → app password {_r(6)}-{_r(6)}-{_r(6)}-{_r(6)}; rclone webdav remote configured with it.")),
        _fam("diff hunk in an app engine app.yaml",
             ("diff hunk",
              f"--- a/app.yaml\n+++ b/app.yaml\n@@ -4,4 +4,6 @@ instance_class: F2\n env_variables:\n   DJANGO_SETTINGS_MODULE: \"site.settings.prod\"\n+  DB_PASSWORD: \"{_pw(22)}\"\n+  DB_USER: \"site\""),
             ("review comment",
              f"Review note on PR #88: app.yaml line 11 `STRIPE_WEBHOOK_SIGNING: \"{_pw(24)}\"` is deployed as a plain env var; move it to Secret Manager."),
             ("gcloud deploy log",
              f"$ gcloud app deploy app.yaml --quiet\nServices to deploy:\ndescriptor: [/src/app.yaml]\nenv_variables: {{SECRET_KEY: '{_pw(40)}', GOOGLE_CLOUD_PROJECT: shop-prod}}")),
        _fam("diff hunk in a podman quadlet unit",
             ("diff hunk",
              f"--- a/quadlet/db.container\n+++ b/quadlet/db.container\n@@ -3,4 +3,5 @@ Image=docker.io/library/postgres:16\n [Container]\n PublishPort=127.0.0.1:5432:5432\n Volume=pgdata:/var/lib/postgresql/data\n+Environment=POSTGRES_PASSWORD={_pw(20)}"),
             ("unit file paste",
              f"~/.config/containers/systemd/nextcloud.container\n[Container]\nImage=docker.io/library/nextcloud:30\nEnvironment=MYSQL_PASSWORD={_pw(18)}\nEnvironment=NEXTCLOUD_ADMIN_PASSWORD={_pw(14)}\nNetwork=cloud.network"),
             ("systemctl output",
              f"$ systemctl --user cat redis.service | grep Exec\nExecStart=/usr/bin/podman run --name redis --replace --rm --cgroups=split --sdnotify=conmon -d docker.io/valkey/valkey:8 valkey-server --requirepass {_pw(24)}")),
        _fam("diff hunk in a netlify toml",
             ("diff hunk",
              f"--- a/netlify.toml\n+++ b/netlify.toml\n@@ -6,3 +6,5 @@\n [context.production.environment]\n   NODE_VERSION = \"20\"\n+  CMS_API_TOKEN = \"{_r(40)}\"\n+  ALGOLIA_WRITE = \"{_hx(32)}\""),
             ("deploy preview note",
              f"Deploy preview #212 failed; netlify.toml [context.deploy-preview.environment] has SUPABASE_SERVICE_PASSWORD = \"{_pw(24)}\" which the build prints."),
             ("plugin inputs",
              f"[[plugins]]\n  package = \"netlify-plugin-cache-s3\"\n  [plugins.inputs]\n    accessKeyId = \"AKIA{_r(16, _UPPER_ALNUM)}\"\n    secretAccessKey = \"{_r(40, _ALNUM + '/+')}\"")),
        _fam("agent notebook edit tool call with a credential cell",
             ("tool call",
              json.dumps({"name": "edit_notebook", "arguments": {"path": "analysis/churn.ipynb", "cell": 2, "new_source": f"import snowflake.connector\nconn = snowflake.connector.connect(user='ANALYST', password='{_pw(18)}', account='xy12345.eu-central-1')"}})),
             ("tool result",
              f"[edit_notebook] cell 0 now:\nDB_URI = \"mssql+pyodbc://report:{_pw(16)}@sql01.corp/Sales?driver=ODBC+Driver+18+for+SQL+Server\"\nengine = create_engine(DB_URI)"),
             ("ledger summary",
              f"Edited notebooks/ingest.ipynb cell 3 to use `client = Minio('s3.lab:9000', access_key='lab', secret_key='{_pw(32)}', secure=False)` so the demo runs offline.")),
        _fam("agent apply_patch tool call adding an env line",
             ("tool call",
              json.dumps({"name": "apply_patch", "input": f"*** Begin Patch\n*** Update File: .env.staging\n@@\n API_BASE=https://api.stg.example\n+PAYMENTS_WEBHOOK_SECRET={_pw(32)}\n*** End Patch"})),
             ("patch in transcript",
              f"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: deploy/worker.env\n+QUEUE_URL=amqps://worker:{_pw(20)}@mq.internal:5671/jobs\n+LOG_LEVEL=info\n*** End Patch\nEOF"),
             ("tool result",
              f"apply_patch: Success. Updated the following files:\nM config/local.env\n(diff)\n+SMTP_PASS={_pw(18)}")),
    ]


def _formats() -> list[_Raw]:
    """Config files and connection strings of tools the earlier names do not cover."""
    return [
        _fam("dovecot sql conf connect password",
             ("config file",
              f"# /etc/dovecot/dovecot-sql.conf.ext\ndriver = mysql\nconnect = host=127.0.0.1 dbname=mailserver user=mailuser password={_pw(18)}\ndefault_pass_scheme = SHA512-CRYPT\npassword_query = SELECT email as user, password FROM virtual_users WHERE email='%u';"),
             ("forum post",
              f"dovecot says `auth-worker(3121): Error: sql(user@example.org): Password query failed` — here is my connect line, what is wrong?\nconnect = \"host=localhost dbname=vmail user=vmail password={_pw(14)}\""),
             ("doveconf output",
              f"$ doveconf -n -P | grep -A2 sql\n  args = /etc/dovecot/dovecot-sql.conf.ext\n  driver = sql\n# dovecot-sql.conf.ext: connect = host=/var/run/postgresql dbname=mail user=dovecot password={_pw(20)}")),
        _fam("postfix mysql lookup table password",
             ("config file",
              f"# /etc/postfix/mysql-virtual-mailbox-domains.cf\nuser = mailuser\npassword = {_pw(18)}\nhosts = 127.0.0.1\ndbname = mailserver\nquery = SELECT 1 FROM virtual_domains WHERE name='%s'"),
             ("postmap test",
              f"root@mx1:~# cat /etc/postfix/pgsql-aliases.cf\nhosts = db.mail.lan\nuser = postfix\npassword = {_pw(16)}\ndbname = mail\nquery = SELECT destination FROM alias WHERE address='%s'\nroot@mx1:~# postmap -q info@example.org pgsql:/etc/postfix/pgsql-aliases.cf\nops@example.org"),
             ("ticket",
              f"Ticket #4471: after the DB move postfix logs `warning: mysql:/etc/postfix/mysql_virtual_alias_maps.cf lookup error`. I changed hosts to db2 and password = {_pw(14)} but it still fails. Please check.")),
        _fam("pdns gmysql backend password",
             ("config file",
              f"# /etc/powerdns/pdns.conf\nlaunch=gmysql\ngmysql-host=127.0.0.1\ngmysql-user=pdns\ngmysql-dbname=pdns\ngmysql-password={_pw(20)}\ndnssec=yes"),
             ("docker run",
              f"docker run -d --name pdns -e PDNS_gmysql_host=db -e PDNS_gmysql_user=pdns -e PDNS_gmysql_password={_pw(18)} -p 53:53/udp powerdns/pdns-auth-49"),
             ("gpgsql variant in chat",
              f"our secondary uses postgres: launch=gpgsql / gpgsql-host=pg.dns.lan / gpgsql-user=pdns / gpgsql-password={_pw(16)} — same schema as primary")),
        _fam("freeradius sql module password",
             ("config file",
              f"sql {{\n    dialect = \"mysql\"\n    driver = \"rlm_sql_${{dialect}}\"\n    server = \"localhost\"\n    port = 3306\n    login = \"radius\"\n    password = \"{_pw(16)}\"\n    radius_db = \"radius\"\n}}"),
             ("debug output",
              f"# radiusd -X\n...\n  sql {{\n  \tdriver = \"rlm_sql_postgresql\"\n  \tserver = \"10.0.0.12\"\n  \tport = 5432\n  \tlogin = \"radius\"\n  \tpassword = \"{_pw(18)}\"\n  \tradius_db = \"radius\""),
             ("mailing list question",
              f"Hi list, rlm_sql_mysql: Couldn't connect to MySQL server radius@db1:radius. My mods-enabled/sql has login = \"radius\" and password = \"{_pw(12)}\", and mysql -u radius -p works with the same password. Any idea?")),
        _fam("kamailio db_url password",
             ("config file",
              f"#!ifndef DBURL\n#!define DBURL \"mysql://kamailio:{_pw(18)}@localhost/kamailio\"\n#!endif\nloadmodule \"db_mysql.so\""),
             ("kamctlrc",
              f"# /etc/kamailio/kamctlrc\nSIP_DOMAIN=sip.example.net\nDBENGINE=MYSQL\nDBHOST=localhost\nDBNAME=kamailio\nDBRWUSER=\"kamailio\"\nDBRWPW=\"{_pw(16)}\"\nDBROOTUSER=\"root\""),
             ("opensips modparam",
              f"modparam(\"usrloc\", \"db_url\", \"postgres://opensips:{_pw(20)}@10.1.0.5/opensips\")\nmodparam(\"auth_db\", \"calculate_ha1\", yes)")),
        _fam("mosquitto bridge remote password",
             ("config file",
              f"# /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress mqtt.cloud.example:8883\nbridge_cafile /etc/ssl/certs/ca-certificates.crt\nremote_username gw-0042\nremote_password {_pw(20)}\ntopic sensors/# out 1"),
             ("forum question",
              f"bridge keeps reconnecting: `Connection Refused: not authorised`. config:\nconnection hivemq\naddress broker.hivemq.cloud:8883\nremote_username farm01\nremote_password {_pw(14)}\nbridge_insecure false"),
             ("ansible template output",
              f"TASK [mosquitto : render bridge] changed: [gw-17]\n--- before\n+++ after\n+remote_clientid gw-17\n+remote_username gw-17\n+remote_password {_pw(18)}")),
        _fam("guacamole user-mapping xml passwords",
             ("config file",
              f"<user-mapping>\n    <authorize username=\"support\" password=\"{_pw(14)}\">\n        <connection name=\"SRV-FILE01\">\n            <protocol>rdp</protocol>\n            <param name=\"hostname\">10.0.10.21</param>\n            <param name=\"username\">Administrator</param>\n            <param name=\"password\">{_pw(16)}</param>\n        </connection>\n    </authorize>\n</user-mapping>"),
             ("ssh connection",
              f"<connection name=\"router\">\n    <protocol>ssh</protocol>\n    <param name=\"hostname\">192.168.88.1</param>\n    <param name=\"username\">admin</param>\n    <param name=\"password\">{_pw(12)}</param>\n</connection>"),
             ("guacamole properties",
              f"# /etc/guacamole/guacamole.properties\nguacd-hostname: localhost\nmysql-hostname: db\nmysql-database: guacamole_db\nmysql-username: guacamole_user\nmysql-password: {_pw(20)}")),
        _fam("jira dbconfig xml password",
             ("config file",
              f"<jira-database-config>\n  <name>defaultDS</name>\n  <database-type>postgres72</database-type>\n  <jdbc-datasource>\n    <url>jdbc:postgresql://db.atl.lan:5432/jiradb</url>\n    <driver-class>org.postgresql.Driver</driver-class>\n    <username>jirauser</username>\n    <password>{_pw(18)}</password>\n  </jdbc-datasource>\n</jira-database-config>"),
             ("support zip excerpt",
              f"application-config/dbconfig.xml (from support zip, sanitizer was off):\n    <username>jira</username>\n    <password>{_pw(16)}</password>\n    <pool-min-size>20</pool-min-size>"),
             ("confluence cfg",
              f"<property name=\"hibernate.connection.url\">jdbc:postgresql://db.atl.lan:5432/confluence</property>\n<property name=\"hibernate.connection.username\">confluence</property>\n<property name=\"hibernate.connection.password\">{_pw(18)}</property>")),
        _fam("sonar properties jdbc password",
             ("config file",
              f"# /opt/sonarqube/conf/sonar.properties\nsonar.jdbc.username=sonar\nsonar.jdbc.password={_pw(18)}\nsonar.jdbc.url=jdbc:postgresql://localhost/sonarqube\nsonar.web.port=9000"),
             ("compose env",
              f"  sonarqube:\n    image: sonarqube:10-community\n    environment:\n      SONAR_JDBC_URL: jdbc:postgresql://db:5432/sonar\n      SONAR_JDBC_USERNAME: sonar\n      SONAR_JDBC_PASSWORD: {_pw(16)}"),
             ("scanner properties",
              f"# sonar-project.properties (legacy login)\nsonar.projectKey=shop-api\nsonar.host.url=https://sonar.corp.lan\nsonar.login=ci-shop\nsonar.password={_pw(14)}")),
        _fam("payara asadmin password file",
             ("password file",
              f"# /opt/payara/passwordfile\nAS_ADMIN_PASSWORD={_pw(16)}\nAS_ADMIN_NEWPASSWORD={_pw(16)}\nAS_ADMIN_MASTERPASSWORD=changeit"),
             ("jdbc pool command",
              f"asadmin --user admin --passwordfile /tmp/pw.txt create-jdbc-connection-pool --datasourceclassname org.postgresql.ds.PGSimpleDataSource --restype javax.sql.DataSource --property user=app:password={_pw(18)}:serverName=db:portNumber=5432:databaseName=app AppPool"),
             ("domain xml",
              f"<jdbc-connection-pool name=\"OraclePool\" res-type=\"javax.sql.DataSource\" datasource-classname=\"oracle.jdbc.pool.OracleDataSource\">\n  <property name=\"User\" value=\"HR\"></property>\n  <property name=\"Password\" value=\"{_pw(14)}\"></property>\n  <property name=\"URL\" value=\"jdbc:oracle:thin:@ora1:1521/ORCLPDB1\"></property>\n</jdbc-connection-pool>")),
        _fam("hadoop core-site s3a secret key",
             ("config file",
              f"<property>\n  <name>fs.s3a.access.key</name>\n  <value>AKIA{_r(16, _UPPER_ALNUM)}</value>\n</property>\n<property>\n  <name>fs.s3a.secret.key</name>\n  <value>{_r(40, _ALNUM + '/+')}</value>\n</property>"),
             ("distcp command",
              f"hadoop distcp -Dfs.s3a.endpoint=http://minio.lake:9000 -Dfs.s3a.access.key=lake-etl -Dfs.s3a.secret.key={_pw(32)} hdfs:///warehouse/sales s3a://lake/sales"),
             ("abfs key",
              f"<property>\n  <name>fs.azure.account.key.lakeprod.dfs.core.windows.net</name>\n  <value>{_b64(64)}</value>\n</property>")),
        _fam("ivy settings credentials",
             ("config file",
              f"<ivysettings>\n  <credentials host=\"nexus.corp.lan\" realm=\"Sonatype Nexus Repository Manager\" username=\"build\" passwd=\"{_pw(18)}\"/>\n  <resolvers>\n    <ibiblio name=\"corp\" m2compatible=\"true\" root=\"https://nexus.corp.lan/repository/maven-public/\"/>\n  </resolvers>\n</ivysettings>"),
             ("ant property",
              f"<!-- build.xml -->\n<ivy:configure file=\"ivysettings.xml\"/>\n<property name=\"ivy.publish.user\" value=\"deployer\"/>\n<property name=\"ivy.publish.passwd\" value=\"{_pw(16)}\"/>"),
             ("sbt credentials file",
              f"~/.ivy2/.credentials\nrealm=Artifactory Realm\nhost=artifacts.corp.lan\nuser=sbt-ci\npassword={_pw(24)}")),
        _fam("rathole server token",
             ("config file",
              f"# server.toml\n[server]\nbind_addr = \"0.0.0.0:2333\"\ndefault_token = \"{_pw(32)}\"\n\n[server.services.nas_ssh]\nbind_addr = \"0.0.0.0:5202\""),
             ("client config",
              f"[client]\nremote_addr = \"vps.example.net:2333\"\n\n[client.services.homeassistant]\ntoken = \"{_pw(24)}\"\nlocal_addr = \"127.0.0.1:8123\""),
             ("forum reply",
              f"works for me with noise transport, just make sure both sides have the same token:\n[client.transport.noise]\nremote_public_key = \"{_b64(32)}\"\n[client.services.jellyfin]\ntoken = \"{_pw(20)}\"")),
        _fam("harbor yml admin and database password",
             ("config file",
              f"# harbor.yml\nhostname: registry.corp.lan\nhttps:\n  port: 443\n  certificate: /data/cert/registry.crt\nharbor_admin_password: {_pw(16)}\ndatabase:\n  password: {_pw(18)}\n  max_idle_conns: 100"),
             ("install log",
              f"[Step 3]: preparing harbor configs ...\nprepare base dir is set to /opt/harbor\nharbor_admin_password: {_pw(14)}\nGenerated configuration file: /config/core/env"),
             ("external db block",
              f"external_database:\n  harbor:\n    host: pg.corp.lan\n    port: 5432\n    db_name: registry\n    username: harbor\n    password: {_pw(20)}\n    ssl_mode: require")),
        _fam("ansible semaphore config json secrets",
             ("config file",
              f"{{\n  \"mysql\": {{\n    \"host\": \"127.0.0.1:3306\",\n    \"user\": \"semaphore\",\n    \"pass\": \"{_pw(18)}\",\n    \"name\": \"semaphore\"\n  }},\n  \"cookie_hash\": \"{_b64(32)}\",\n  \"cookie_encryption\": \"{_b64(32)}\",\n  \"access_key_encryption\": \"{_b64(32)}\"\n}}"),
             ("docker env",
              f"SEMAPHORE_DB_DIALECT=postgres\nSEMAPHORE_DB_USER=semaphore\nSEMAPHORE_DB_PASS={_pw(16)}\nSEMAPHORE_ADMIN=admin\nSEMAPHORE_ADMIN_PASSWORD={_pw(14)}\nSEMAPHORE_ACCESS_KEY_ENCRYPTION={_b64(32)}"),
             ("ldap block",
              f"\"ldap_enable\": true,\n\"ldap_binddn\": \"cn=semaphore,ou=svc,dc=corp,dc=lan\",\n\"ldap_bindpassword\": \"{_pw(20)}\",\n\"ldap_server\": \"ldap.corp.lan:636\"")),
        _fam("homebridge config json platform password",
             ("config file",
              f"{{\n  \"platform\": \"Ring\",\n  \"refreshToken\": \"{_b64url(300)}\"\n}},\n{{\n  \"platform\": \"UniFi Protect\",\n  \"controllers\": [{{\"address\": \"192.168.1.1\", \"username\": \"homebridge\", \"password\": \"{_pw(14)}\"}}]\n}}"),
             ("reddit help post",
              f"homebridge-tado keeps failing to log in, this is my config (changed the email):\n\"platforms\": [{{\"platform\": \"TadoPlatform\", \"user\": \"me@example.com\", \"password\": \"{_chosen(('tado', 'heating', 'warm'), ('Jamie', 'Ollie'))}\"}}]"),
             ("bridge block",
              f"\"bridge\": {{\n  \"name\": \"Homebridge 3C5A\",\n  \"username\": \"0E:2D:7A:91:3C:5A\",\n  \"port\": 51826,\n  \"pin\": \"031-45-154\"\n}},\n\"accessories\": [{{\"accessory\": \"Daikin\", \"apiroute\": \"http://192.168.1.40\", \"uuid\": \"{_uuid()}\", \"password\": \"{_pw(12)}\"}}]")),
        _fam("opc ua endpoint url with userinfo",
             ("node-red flow export",
              f"{{\"id\": \"a1f2\", \"type\": \"OpcUa-Endpoint\", \"endpoint\": \"opc.tcp://plcuser:{_pw(14)}@10.20.0.15:4840\", \"secpol\": \"Basic256Sha256\", \"secmode\": \"SignAndEncrypt\"}}"),
             ("telegraf input",
              f"[[inputs.opcua]]\n  name = \"line3\"\n  endpoint = \"opc.tcp://10.20.0.16:4840\"\n  security_policy = \"Basic256Sha256\"\n  auth_method = \"UserName\"\n  username = \"historian\"\n  password = \"{_pw(16)}\""),
             ("python client",
              f"from asyncua import Client\nclient = Client(url=\"opc.tcp://scada:{_pw(18)}@kepware.plant.lan:49320\")\nawait client.connect()")),
        _fam("seafile conf database password",
             ("config file",
              f"# conf/seafile.conf\n[database]\ntype = mysql\nhost = db\nport = 3306\nuser = seafile\npassword = {_pw(18)}\ndb_name = seafile_db\nconnection_charset = utf8"),
             ("seahub settings",
              f"# seahub_settings.py\nSECRET_KEY = \"{_r(50, _LOWER_ALNUM + '!@#$%^&*(-_=+)')}\"\nDATABASES = {{\n    'default': {{\n        'ENGINE': 'django.db.backends.mysql',\n        'NAME': 'seahub_db',\n        'USER': 'seafile',\n        'PASSWORD': '{_pw(18)}',\n        'HOST': 'db',\n    }}\n}}"),
             ("compose env",
              f"      - DB_HOST=db\n      - DB_ROOT_PASSWD={_pw(16)}\n      - SEAFILE_ADMIN_EMAIL=admin@files.example\n      - SEAFILE_ADMIN_PASSWORD={_pw(14)}")),
    ]


def _vendor() -> list[_Raw]:
    """Vendor tokens in the formats their vendors document, of vendors not named before."""
    return [
        _fam("imgix management api key",
             ("env file", f"IMGIX_API_KEY={_IMGIX}{_hx(64)}\nIMGIX_DOMAIN=shop-assets.imgix.net"),
             ("copied curl",
              f"curl -X POST https://api.imgix.com/api/v1/purge -H 'Authorization: Bearer {_IMGIX}{_hx(64)}' -H 'Content-Type: application/vnd.api+json' -d '{{\"data\":{{\"attributes\":{{\"url\":\"https://shop-assets.imgix.net/hero.jpg\"}},\"type\":\"purges\"}}}}'"),
             ("ledger note", f"Purge step in deploy.sh uses the imgix key {_IMGIX}{_hx(64)} (scope: purge only).")),
        _fam("wix api key",
             ("env file", f"WIX_API_KEY={_wix_key()}\nWIX_SITE_ID={_uuid()}"),
             ("copied request",
              f"POST https://www.wixapis.com/stores/v1/products/query\nAuthorization: {_wix_key()}\nwix-site-id: {_uuid()}\nContent-Type: application/json"),
             ("chat message", f"hier der Wix API-Key für den Shop-Import, bitte nur in der Pipeline verwenden: {_wix_key()}")),
        _fam("nets easy checkout secret key",
             ("env file", f"NETS_EASY_SECRET_KEY={_NETS_LIVE}{_hx(32)}\nNETS_EASY_CHECKOUT_KEY=live-checkout-key-{_hx(32)}"),
             ("copied curl",
              f"curl -X POST https://api.dibspayment.eu/v1/payments -H 'Authorization: {_NETS_LIVE}{_hx(32)}' -H 'Content-Type: application/json' -d @payment.json"),
             ("woocommerce settings dump",
              f"option_name: woocommerce_dibs_easy_settings\n  test_mode: no\n  dibs_live_key: {_NETS_LIVE}{_hx(32)}\n  dibs_test_key: {_NETS_TEST}{_hx(32)}")),
        _fam("foursquare places api key",
             ("env file", f"FOURSQUARE_API_KEY={_FSQ}{_r(44, _ALNUM + '+/')}="),
             ("copied curl",
              f"curl --request GET --url 'https://api.foursquare.com/v3/places/search?ll=59.33,18.06&radius=500' --header 'Authorization: {_FSQ}{_r(44, _ALNUM + '+/')}=' --header 'accept: application/json'"),
             ("swift source", f"private let fsqKey = \"{_FSQ}{_r(44, _ALNUM + '+/')}=\"")),
        _fam("bybit api key and secret",
             ("python snippet",
              f"from pybit.unified_trading import HTTP\nsession = HTTP(testnet=False, api_key=\"{_r(18)}\", api_secret=\"{_r(36)}\")"),
             ("bot config",
              f"exchange:\n  name: bybit\n  key: {_r(18)}\n  secret: {_r(36)}\n  options:\n    defaultType: linear"),
             ("telegram message", f"Bybit API для бота (только торговля, без вывода):\nkey {_r(18)}\nsecret {_r(36)}")),
        _fam("upbit access and secret key",
             ("env file", f"UPBIT_OPEN_API_ACCESS_KEY={_r(40)}\nUPBIT_OPEN_API_SECRET_KEY={_r(40)}\nUPBIT_OPEN_API_SERVER_URL=https://api.upbit.com"),
             ("python snippet",
              f"import pyupbit\naccess = \"{_r(40)}\"\nsecret = \"{_r(40)}\"\nupbit = pyupbit.Upbit(access, secret)\nprint(upbit.get_balance(\"KRW\"))"),
             ("kakaotalk message", f"업비트 API 키 새로 받았어. 자동매매 서버에 넣어줘\nAccess key: {_r(40)}\nSecret key: {_r(40)}\n허용 IP는 서버 IP만 걸어놨음")),
        _fam("bitget api key secret and passphrase",
             ("env file", f"BITGET_API_KEY={_BITGET}{_hx(32)}\nBITGET_SECRET_KEY={_hx(64)}\nBITGET_PASSPHRASE={_pw(12)}"),
             ("ccxt config",
              f"exchange = ccxt.bitget({{\n    'apiKey': '{_BITGET}{_hx(32)}',\n    'secret': '{_hx(64)}',\n    'password': '{_pw(10)}',\n}})"),
             ("freqtrade config", f"\"exchange\": {{\"name\": \"bitget\", \"key\": \"{_BITGET}{_hx(32)}\", \"secret\": \"{_hx(64)}\", \"password\": \"{_pw(12)}\"}}")),
        _fam("mtn momo api user and key",
             ("env file",
              f"MOMO_COLLECTION_PRIMARY_KEY={_hx(32)}\nMOMO_API_USER={_uuid()}\nMOMO_API_KEY={_hx(32)}\nMOMO_TARGET_ENVIRONMENT=mtnuganda"),
             ("copied curl",
              f"curl -X POST https://proxy.momoapi.mtn.com/collection/token/ -u {_uuid()}:{_hx(32)} -H 'Ocp-Apim-Subscription-Key: {_hx(32)}'"),
             ("whatsapp message",
              f"Boss the MoMo production keys came: API user {_uuid()}, API key {_hx(32)}, subscription key {_hx(32)}. I put them in the server .env")),
        _fam("paytm merchant key",
             ("env file", f"PAYTM_MID={_r(6, string.ascii_letters)}{_digits(14)}\nPAYTM_MERCHANT_KEY={_r(12, _ALNUM)}{_r(4, _ALNUM + '#@_&%')}\nPAYTM_WEBSITE=DEFAULT"),
             ("php config",
              f"define('PAYTM_ENVIRONMENT', 'PROD');\ndefine('PAYTM_MERCHANT_KEY', '{_r(12, _ALNUM)}{_r(4, _ALNUM + '#@_&%')}');\ndefine('PAYTM_MERCHANT_MID', '{_r(6, string.ascii_letters)}{_digits(14)}');"),
             ("email to developer",
              f"Hi Rohit, production credentials from the Paytm dashboard — MID: {_r(6, string.ascii_letters)}{_digits(14)}, Merchant Key: {_r(12, _ALNUM)}{_r(4, _ALNUM + '#@_&%')}. Please update before Diwali sale. Thanks, Priya")),
        _fam("here platform api key",
             ("env file", f"HERE_API_KEY={_b64url(32)}"),
             ("copied url", f"https://geocode.search.hereapi.com/v1/geocode?q=Invalidenstr+117+Berlin&apiKey={_b64url(32)}"),
             ("js source", f"const platform = new H.service.Platform({{ apikey: '{_b64url(32)}' }});")),
        _fam("amap web service key",
             ("copied url", f"https://restapi.amap.com/v3/geocode/geo?address=北京市朝阳区阜通东大街6号&output=JSON&key={_hx(32)}"),
             ("js config",
              f"window._AMapSecurityConfig = {{ securityJsCode: '{_hx(32)}' }};\nAMapLoader.load({{ key: '{_hx(32)}', version: '2.0' }})"),
             ("wechat message", f"高德的key和安全密钥发你了：key {_hx(32)}，securityJsCode {_hx(32)}，别提交到git")),
        _fam("prestashop webservice key",
             ("copied curl", f"curl -u {_r(32, _UPPER_ALNUM)}: 'https://boutique.example.fr/api/products?display=full&output_format=JSON'"),
             ("php source",
              f"$webService = new PrestaShopWebservice('https://boutique.example.fr', '{_r(32, _UPPER_ALNUM)}', false);\n$xml = $webService->get(['resource' => 'orders']);"),
             ("url in ticket", f"Le connecteur ERP appelle https://{_r(32, _UPPER_ALNUM)}@shop.example.fr/api/stock_availables — il renvoie 401 depuis la mise à jour")),
        _fam("sevdesk api token",
             ("env file", f"SEVDESK_API_TOKEN={_hx(32)}"),
             ("copied curl", f"curl -H 'Authorization: {_hx(32)}' 'https://my.sevdesk.de/api/v1/Invoice?status=200&limit=50'"),
             ("email", f"Hallo Jonas, der sevDesk API-Token für den Export ist {_hx(32)} (Benutzer: buchhaltung). Bitte nicht weitergeben. Gruß, Petra")),
        _fam("vipps mobilepay api credentials",
             ("env file",
              f"VIPPS_CLIENT_ID={_uuid()}\nVIPPS_CLIENT_SECRET={_r(40, _ALNUM + '+/')}\nVIPPS_SUBSCRIPTION_KEY={_hx(32)}\nVIPPS_MSN=2{_digits(5)}"),
             ("copied curl",
              f"curl -X POST https://api.vipps.no/accesstoken/get -H 'client_id: {_uuid()}' -H 'client_secret: {_r(40, _ALNUM + '+/')}' -H 'Ocp-Apim-Subscription-Key: {_hx(32)}' -H 'Merchant-Serial-Number: 2{_digits(5)}'"),
             ("slack message", f"nye Vipps-nøkler for nettbutikken (prod): client_secret {_r(40, _ALNUM + '+/')} og Ocp-Apim-Subscription-Key {_hx(32)}")),
        _fam("redsys merchant secret key",
             ("php config",
              f"$config = [\n    'DS_MERCHANT_MERCHANTCODE' => '{_digits(9)}',\n    'DS_MERCHANT_TERMINAL' => '1',\n    'clave_sha256' => '{_b64(24)}',\n];"),
             ("env file", f"REDSYS_MERCHANT_CODE={_digits(9)}\nREDSYS_TERMINAL=001\nREDSYS_SECRET_KEY={_b64(24)}\nREDSYS_ENV=real"),
             ("email", f"Buenos días, os paso la clave de firma SHA-256 del entorno real del TPV virtual: {_b64(24)} (comercio {_digits(9)}, terminal 1). Un saludo.")),
    ]


def _human() -> list[_Raw]:
    """Passwords people choose, where they type them, in languages used little before."""
    voro = ("savvusann", "Rõuge", "Haanja", "Munamägi", "Obinitsa", "leelo", "suitsusink")
    voro_n = ("Jaan", "Kadri", "Peeter", "Mari", "Aivar", "Ülle")
    latg = ("Rēzekne", "Ludza", "piens", "gūvs", "sīrs", "Žemaitija", "Telšiai")
    latg_n = ("Jurs", "Ontons", "Vytautas", "Rasa", "Aldona", "Skaidrīte")
    arom = ("oaie", "picurar", "Gramoste", "Avdhela", "caşu", "muntsi")
    arom_n = ("Yioryi", "Tashu", "Dina", "Sterghiu", "Lena")
    cyp = ("Lemesos", "Troodos", "halloumi", "Apoel", "Omonoia", "Trabzon", "pontos")
    cyp_n = ("Andri", "Stelios", "Maroulla", "Kyriakos", "Sofoula", "Pavlos")
    tash = ("Agadir", "tafukt", "argan", "Tiznit", "Nador", "Imouzzer", "Hassania")
    tash_n = ("Brahim", "Itto", "Lahcen", "Fadma", "Mimoun", "Tuda")
    hass = ("Nouakchott", "Atar", "chinguetti", "Abeche", "Ndjamena", "lebenne", "zrig")
    hass_n = ("Mohamed", "Mariem", "Sidi", "Khadijetou", "Hassan", "Achta")
    gil = ("Rasht", "Sari", "Anzali", "mirza", "baghali", "Sepidrood", "Babol")
    gil_n = ("Mahsa", "Reza", "Golnar", "Behrouz", "Nasrin", "Arash")
    kum = ("Almora", "Nainital", "Kafal", "Bal", "Pahadi", "Rishikesh", "Pauri")
    kum_n = ("Deepak", "Kamla", "Heera", "Bhupendra", "Pushpa", "Ganga")
    lad = ("Leh", "Julley", "Pangong", "Skardu", "Nubra", "yak", "Khardung")
    lad_n = ("Tashi", "Dolma", "Stanzin", "Padma", "Rinchen", "Abbas")
    mad = ("Sumenep", "Bangkalan", "Kemayoran", "ondel", "kerak", "Persija", "Karapan")
    mad_n = ("Rohim", "Siti", "Mpok", "Bang Jali", "Fatimah", "Marzuki")
    ban = ("Banjarmasin", "Martapura", "soto", "kelotok", "Kapuas", "ruai", "tuak", "Gawai")
    ban_n = ("Amat", "Galuh", "Jimbun", "Entalai", "Nyanggau", "Julia")
    hai = ("wenchang", "haikou", "yezi", "nanning", "guilin", "buluotuo", "baise")
    hai_n = ("Ahua", "Ahui", "Meiling", "Weiguo", "Xiaofang", "Jianping")
    dre = ("Lifou", "Wé", "Nouméa", "brousse", "bougna", "Hienghène", "cagou")
    dre_n = ("Wadrenges", "Laurie", "Kevin", "Sylvana", "Steeve", "Marie-Claire")
    kos = ("Kosrae", "Tafunsak", "Lelu", "Yaren", "Anibare", "noddy", "breadfruit")
    kos_n = ("Nena", "Tulensa", "Aaron", "Deiye", "Ruby", "Kun")
    kaq = ("Tecpán", "Comalapa", "quetzal", "Xela", "Huehue", "tikal", "cafetal")
    kaq_n = ("Ixchel", "Kawoq", "Marvin", "Rosalina", "Ajpu", "Yuliana")
    fij = ("Labasa", "Nadi", "Rotuma", "kava", "Ahau", "bula", "Lautoka")
    fij_n = ("Sunil", "Anjeshni", "Pita", "Ravinesh", "Sarote", "Kamlesh")
    sra = ("Paramaribo", "Nickerie", "Berbice", "Linden", "pom", "pepperpot", "Kaieteur")
    sra_n = ("Ravi", "Shenelle", "Dwayne", "Reshma", "Marlon", "Gracita")
    yup = ("Bethel", "Kotzebue", "Kuskokwim", "akutaq", "Iditarod", "caribou", "Nome")
    yup_n = ("Mary", "Nick", "Agnes", "Jacob", "Lucy", "Willie")
    jub = ("Juba", "Malakal", "Bentiu", "kisra", "Nile", "Gogrial", "Bor")
    jub_n = ("Nyakuoth", "Gatluak", "Deng", "Achol", "Both", "Nyandeng")
    kal = ("Eldoret", "Kapsabet", "Narok", "mursik", "Kajiado", "Iten", "moran")
    kal_n = ("Kiprono", "Chepkoech", "Naserian", "Lemayian", "Jepchirchir", "Kimutai")
    mak = ("Nampula", "Quelimane", "matapa", "Ilha", "Beira", "xima", "capulana")
    mak_n = ("Anifa", "Cassamo", "Atija", "Momade", "Luisa", "Ernesto")
    cvc = ("Mindelo", "Praia", "cachupa", "morna", "Bissau", "Bafata", "caju")
    cvc_n = ("Djenifer", "Nha Lina", "Adilson", "Mamadu", "Edna", "Zé")
    cam = ("Douala", "Yaoundé", "ndolé", "Lions", "Bonaberi", "Akwa", "Coton")
    cam_n = ("Armel", "Ngo", "Brenda", "Samuel", "Larissa", "Junior")
    zar = ("Niamey", "Gao", "Dosso", "Tillaberi", "fura", "Sahel", "Kollo")
    zar_n = ("Issoufou", "Mariama", "Hamidou", "Zeinabou", "Moussa", "Aissata")
    yum = ("Thursday", "Badu", "Mabuiag", "Ngukurr", "Barunga", "dugong", "turtle")
    yum_n = ("Aunty May", "Kenny", "Jessie", "Uncle Rex", "Tanya", "Billy")
    tiv = ("Makurdi", "Calabar", "afang", "Gboko", "Uyo", "edikaikong", "Tarka")
    tiv_n = ("Terver", "Aondona", "Nsikak", "Ekaette", "Doose", "Eno")
    lig = ("Zena", "Sampdoria", "focaccia", "Bologna", "tortellini", "Boccadasse", "petanque")
    lig_n = ("Gianni", "Franca", "Baciccia", "Ornella", "Tonino", "Loredana")
    pic = ("Amiens", "Lille", "Cotentin", "maroilles", "Caux", "bistouille", "Lens")
    pic_n = ("Dédé", "Jeannine", "Lucien", "Colette", "Bernard", "Josiane")
    kve = ("Pajala", "Tornedalen", "Vadsø", "poro", "Muonio", "lakka", "Kainuu")
    kve_n = ("Aino", "Esko", "Raili", "Bengt", "Sirkka", "Ville")
    chi = ("Colo-Colo", "Maipú", "completo", "Valpo", "cueca", "chorrillana", "Wanderers")
    chi_n = ("Javiera", "Nicolás", "Francisca", "Matías", "Catalina", "Benja")
    aut = ("Rapid", "Simmering", "Stiegl", "Ottakring", "Schnitzel", "Donau", "Heuriger")
    aut_n = ("Hermine", "Franz", "Gerti", "Poldi", "Sissi", "Ferdl")
    jpr = ("hakone", "onsen", "momiji", "kotatsu", "yukata", "sakura", "matsu")
    jpr_n = ("Haruka", "Takeshi", "Yumiko", "Kenta", "Sachiko", "Daisuke")
    rus = ("Zenit", "Spartak", "dnevnik", "solnce", "leto", "Murzik", "kotik")
    rus_n = ("Masha", "Dima", "Olga", "Sasha", "Natasha", "Vanya")
    idm = ("Masjid", "AlIkhlas", "Barokah", "Persib", "Ramadhan", "Nurul", "Taqwa")
    idm_n = ("Ahmad", "Ujang", "Dede", "Asep", "Hendra", "Yusuf")
    return [
        _fam("võro and seto village society message password",
             ("society chat", f"Tere kõgõ! Seltsimaja internedi salasõna om nüüd {_chosen(voro, voro_n)} — vana inämb ei käü. Aitjumä, Kadri"),
             ("sms", f"Jaan, Obinitsa seltsimaja arvuti salasõna om {_chosen(voro, voro_n)}. Kirota üles, ma homme ei olõ kotoh."),
             ("board members' note", f"Juhatusõ liikmilõ (mitte kuulutustõtahvlilõ!): raamatupidamisprogrammi kasutaja om selts, salasõna {_chosen(voro, voro_n)}")),
        _fam("latgalian and samogitian farm cooperative message password",
             ("viber chat", f"Lobdīn! Kooperativa datora parole jauna: {_chosen(latg, latg_n)}. Paļdis, Ontons"),
             ("email", f"Lab dėina, Rasa. Pėina supirkėma sistemuos slaptažuodis dabar {_chosen(latg, latg_n)}. Diekou, Vytautas"),
             ("sticky note", f"slauktuves dators\nlietotājs: ferma\nparole: {_chosen(latg, latg_n)}")),
        _fam("aromanian and megleno-romanian shepherds association message password",
             ("facebook group message", f"Bună dzua frats! Parola ti pagina a sutsatiljei easte {_chosen(arom, arom_n)}. Nu u dats a altsã. Haristo!"),
             ("sms", f"Tashu, parola di la computerlu di la stâni: {_chosen(arom, arom_n)}. S-nã videm Sâmbãtã."),
             ("voice note transcript", f"[notă vocală] ...ascultă, Yioryi, parola easte {_chosen(arom, arom_n)}, tut deadun, fãrã spatsiu, ai înțeles? bun, s-bânedz.")),
        _fam("cypriot and pontic greek family chat password",
             ("viber family chat", f"Ρε κουμπάρε, το password του wifi στο σπίτι της γιαγιάς εν {_chosen(cyp, cyp_n)}. Ίντα μου λαλείς ότι εν δουλεύκει;"),
             ("sms", f"Αντρή, ο κωδικός του netflix εν {_chosen(cyp, cyp_n)} μεν τον δώκεις αλλού"),
             ("pontic association email", f"Αγαπητά μέλη του Συλλόγου Ποντίων, ο κωδικός για τη σελίδα των μελών εν {_chosen(cyp, cyp_n)}. Με αγάπη, το Δ.Σ.")),
        _fam("tashelhit and tarifit shop message password",
             ("whatsapp", f"Azul a Brahim! Lmot de passe n wifi n tħanut: {_chosen(tash, tash_n)}. Tanmmirt."),
             ("sms", f"Azul Mimoun, code n caisse d {_chosen(tash, tash_n)}. Tanemmirt, ur t-ttfk i ḥedd."),
             ("voice note transcript", f"[message vocal] Azul Fadma... lmot de passe n l'ordinateur: {_chosen(tash, tash_n)}, kulchi mlsq, waxxa?")),
        _fam("hassaniya and chadian arabic family group password",
             ("whatsapp group", f"السلام عليكم يا لخوت، كلمة سر الويفي اعل الدار الجديدة: {_chosen(hass, hass_n)} ماه تعطوه لحد"),
             ("sms", f"أختي أشتا، الباسوورد حق الفيسبوك حقي {_chosen(hass, hass_n)} خلي بالك"),
             ("voice note transcript", f"[رسالة صوتية] يا سيدي، شوف، كلمة السر هي {_chosen(hass, hass_n)}، كيف ما كتبتها لك، فهمت؟")),
        _fam("gilaki and mazandarani family chat password",
             ("telegram family group", f"سلام خوبید؟ رمز وای‌فای خانه‌ی رشت عوض بوسته: {_chosen(gil, gil_n)}"),
             ("sms", f"مهسا جان رمز اینترنت بابل {_chosen(gil, gil_n)} هسه، کسی ره ندی"),
             ("voice note transcript", f"[پیام صوتی] گوش هاکن، رمز {_chosen(gil, gil_n)} ایسه، همه‌ره سر هم بنویس")),
        _fam("kumaoni and garhwali homestay message password",
             ("whatsapp to guest", f"Namaskar ho! Hamar homestay ko wifi \"Kafal_Homestay\", password chha: {_chosen(kum, kum_n)}. Kei chaiye to batayo."),
             ("staff notebook", f"Reception computer — sirf staff ke liye\nlogin: admin\npassword: {_chosen(kum, kum_n)}\nGoibibo extranet bhi yahi chha"),
             ("sms", f"Bhula, dhaba ka computer ku password {_chosen(kum, kum_n)} ch, kai ku na bataye")),
        _fam("ladakhi and balti guesthouse message password",
             ("whatsapp to guest", f"Julley! Welcome to Stok Guesthouse. Wifi name Stok_GH, password {_chosen(lad, lad_n)}. Power cut after 11 pm, solar only."),
             ("staff note", f"STAFF ONLY — Julley\nBooking.com extranet\nuser: stokgh_admin\npassword: {_chosen(lad, lad_n)}\nDon't tell guests"),
             ("booking email", f"Julley Mr. Fischer, your booking is confirmed. For the booking portal login use the password {_chosen(lad, lad_n)}. Regards, Stanzin")),
        _fam("madurese and betawi family chat password",
             ("whatsapp family", f"Eh, password wifi rumah gue ganti jadi {_chosen(mad, mad_n)}, jangan kasih tau orang laen ye. Kagak usah nanya lagi"),
             ("sms", f"Cong, pasword wifi e bengko {_chosen(mad, mad_n)}. Ja' abele ka oreng laen"),
             ("voice note transcript", f"[pesan suara] ...iye Mpok, passwordnye {_chosen(mad, mad_n)}, disambung semua, udah gitu aje")),
        _fam("banjar and iban longhouse message password",
             ("whatsapp group", f"Pian, password wifi di rumah ulun {_chosen(ban, ban_n)}, jangan dibari ka urang lah"),
             ("sms", f"Wai Jimbun, password wifi rumah panjai kitai {_chosen(ban, ban_n)}. Anang meri ka orang bukai."),
             ("committee note", f"Untuk JKKK aja — laptop kampung\nuser: jkkk\npassword: {_chosen(ban, ban_n)}\nAnang meri ka orang bukai")),
        _fam("hainanese and zhuang family group password",
             ("wechat family group", f"阿公家wifi密码改做 {_chosen(hai, hai_n)} 了，大家连一下，唔通讲畀外人"),
             ("sms", f"Mwngz ndei! 屋里wifi密码 {_chosen(hai, hai_n)}，记得改路由器"),
             ("voice note transcript", f"[语音转文字] 阿妹啊，密码是 {_chosen(hai, hai_n)}，全部连埋写，你记落来")),
        _fam("drehu and caldoche french message password",
             ("messenger", f"Bozu ! Le code wifi de la chefferie c'est {_chosen(dre, dre_n)}. Oleti, la famille."),
             ("sms", f"Tata, mot de passe de la box à la tribu : {_chosen(dre, dre_n)}. Le donne pas aux broussards hein"),
             ("staff room note", f"Salle des maîtres — ordi de la direction\nsession : direction\nmot de passe : {_chosen(dre, dre_n)}\nOleti !")),
        _fam("kosraean and nauruan family message password",
             ("messenger", f"Lwen wo! Wifi password for uncle's house in Lelu is {_chosen(kos, kos_n)}. Kulo!"),
             ("sms", f"Ekamowir omo Deiye, the Digicel modem password {_chosen(kos, kos_n)}. Tubwa"),
             ("church office note", f"Tafunsak Congregational Church — treasurer's laptop\nlogin: treasurer\npassword: {_chosen(kos, kos_n)}\nKulo ma lulap")),
        _fam("kaqchikel and mam cooperative message password",
             ("whatsapp", f"Saqarik! La contraseña del wifi de la cooperativa es {_chosen(kaq, kaq_n)}. Matyöx."),
             ("sms", f"Kawoq, contraseña de la compu de bodega: {_chosen(kaq, kaq_n)}. Chjonte"),
             ("board note", f"SOLO JUNTA DIRECTIVA\nSistema contable de la cooperativa\nusuario: tesoreria\nclave: {_chosen(kaq, kaq_n)}")),
        _fam("fiji hindi and rotuman family message password",
             ("viber family", f"Bhaiya, wifi ke password hai {_chosen(fij, fij_n)}, kisi ke nahi batana haan"),
             ("sms", f"Noa'ia Sarote! Vodafone modem password {_chosen(fij, fij_n)}. Fai'åkse'ea"),
             ("voice note transcript", f"[voice note] ...haan beta, password likho: {_chosen(fij, fij_n)}, sab jod ke. Theek hai, bula!")),
        _fam("sranan tongo and guyanese creole chat password",
             ("whatsapp", f"Mi brada, a wifi password na {_chosen(sra, sra_n)}. No gi en na trawan."),
             ("sms", f"Bai, de wifi password is {_chosen(sra, sra_n)}, doan give nobady. Yuh hear?"),
             ("voice note transcript", f"[voice note] Gyal, lissen nuh, de password is {_chosen(sra, sra_n)}, all one word, ah gon send de rest later")),
        _fam("yupik and inupiaq village office message password",
             ("email", f"Waqaa! The tribal office computer password is now {_chosen(yup, yup_n)}. Please log out after the grant report. Quyana, Agnes"),
             ("sms", f"Quyanaqpak Nick. Clinic wifi password {_chosen(yup, yup_n)} until the GCI tech comes"),
             ("sticky note", f"VPSO laptop\nuser: office\npw: {_chosen(yup, yup_n)}")),
        _fam("juba arabic and nuer church group password",
             ("whatsapp group", f"Salam ahl kanisa. Password ta wifi ta kanisa de {_chosen(jub, jub_n)}. Shukran, Rev. Gatluak"),
             ("sms", f"Male Nyakuoth, password ta facebook ta choir huwa {_chosen(jub, jub_n)}"),
             ("voice note transcript", f"[voice note] ...ana gul le ita, password huwa {_chosen(jub, jub_n)}, kulu sawa, fahim?")),
        _fam("kalenjin and maasai school board message password",
             ("whatsapp", f"Chamgei board members! Password ne wifi ne sukul ko {_chosen(kal, kal_n)}. Kongoi."),
             ("sms", f"Supa Lemayian, password e computer ee ofisi {_chosen(kal, kal_n)}. Ashe oleng."),
             ("bursar's note", f"Bursar's office — NEMIS portal\nuser: bursar.kapsabet\npassword: {_chosen(kal, kal_n)}\nDo not give to students")),
        _fam("makhuwa and sena market message password",
             ("whatsapp", f"Salaama mano Cassamo! A senha do wifi da banca é {_chosen(mak, mak_n)}. Koshukuru."),
             ("sms", f"Mana Atija, senha do M-Pesa da loja: {_chosen(mak, mak_n)}. Nao da a ninguem"),
             ("voice note transcript", f"[mensagem de voz] ...escuta, a senha é {_chosen(mak, mak_n)}, tudo junto, ouviste?")),
        _fam("cape verdean creole and guinea-bissau kriol chat password",
             ("whatsapp", f"Oi mana, senha di wifi e {_chosen(cvc, cvc_n)}, ka bu da ningen."),
             ("sms", f"Mantenha Mamadu! Senha di wifi i {_chosen(cvc, cvc_n)}, ka bu pasa ningin."),
             ("messenger voice note", f"[mensagem de voz] ...nha kumadri, senha e {_chosen(cvc, cvc_n)}, tudu djuntu, bu obi?")),
        _fam("camfranglais and cameroonian pidgin chat password",
             ("whatsapp", f"Mon mbom, le code du wifi c'est {_chosen(cam, cam_n)}, ne le give à personne hein"),
             ("sms", f"Massa Junior, di wifi password na {_chosen(cam, cam_n)}, no give am for anybody"),
             ("voice note transcript", f"[note vocale] ...ma sœur, le password c'est {_chosen(cam, cam_n)}, tout collé, tu as catch?")),
        _fam("songhay and zarma shop message password",
             ("whatsapp", f"Fofo Hamidou! Le code du wifi de la boutique: {_chosen(zar, zar_n)}. Ay no ni se."),
             ("sms", f"Mariama, mot de passe Orange Money boutique {_chosen(zar, zar_n)}, ma ni s'i no boro kulu"),
             ("voice note transcript", f"[message vocal] ...Moussa, mot de passe ga ti {_chosen(zar, zar_n)}, tout collé, ni maa?")),
        _fam("yumplatok and australian kriol community message password",
             ("messenger", f"Wifi password la ranger station em {_chosen(yum, yum_n)}. No tok la narapla, ah."),
             ("sms", f"Kenny, wifi pasword im {_chosen(yum, yum_n)}, dumo tok langa enibodi"),
             ("clinic computer note", f"BADU ISLAND PHCC — nurse station PC\nuser: phcc\npassword: {_chosen(yum, yum_n)}\nEso!")),
        _fam("tiv and efik family group password",
             ("whatsapp family", f"Mesiere nte mbufo! Wifi password for Mama's house in Calabar is {_chosen(tiv, tiv_n)}. Sosongo"),
             ("sms", f"M sugh u Terver, DSTV/Showmax password {_chosen(tiv, tiv_n)}. Don't share am"),
             ("voice note transcript", f"[voice note] ...Eno, abeg write am: {_chosen(tiv, tiv_n)}, all together, no space. Sosongo o")),
        _fam("ligurian and emilian club message password",
             ("bocciofila whatsapp", f"Ciao belin, a password do wifi do circolo a l'é {_chosen(lig, lig_n)}. No dîla a nisciun!"),
             ("email", f"Ciao ragâz, la password dal computer dla bucéfila l'è {_chosen(lig, lig_n)}. Ciao, Tonino"),
             ("committee note", f"SOLO PER IL DIRETTIVO\nGestionale soci\nutente: segreteria\npassword: {_chosen(lig, lig_n)}")),
        _fam("picard and norman association message password",
             ("association email", f"Bojour à tertous! Ch'mot d'passe du wifi d'el salle des fêtes ch'est {_chosen(pic, pic_n)}. À tantôt, Dédé"),
             ("facebook group message", f"Bonjour à touos, l'mot d'passe pour l'ordinateu' du comité est {_chosen(pic, pic_n)}. Merci bi."),
             ("bureau note", f"Pour chés membres du bureau\nCompte HelloAsso du comité\nidentifiant : comite.fetes\nmot d'passe : {_chosen(pic, pic_n)}")),
        _fam("kven and meänkieli village notice password",
             ("village notice", f"Hei kaikile! Kyläkoulun wifi salasana oon {_chosen(kve, kve_n)}. Kiitos, kyläyhistys"),
             ("sms", f"Esko, bygdegårdin koneen salasana oon {_chosen(kve, kve_n)}. Älä anna muile"),
             ("facebook group message", f"Vadsø kvenforening: jäsensivun salasana oon nyt {_chosen(kve, kve_n)}. Hyvää joulua!")),
        _fam("chilean spanish neighborhood council notice password",
             ("junta de vecinos whatsapp", f"Estimados vecinos, la clave del wifi de la sede es {_chosen(chi, chi_n)}. Cachai? No la compartan po."),
             ("directiva note", f"SOLO DIRECTIVA\nCuenta RUT de la junta (BancoEstado)\nclave internet: {_chosen(chi, chi_n)}\nNo sacar esta hoja de la sede"),
             ("email", f"Hola Javiera, la clave de la cuenta de la junta en el banco quedó {_chosen(chi, chi_n)}. Bórrala después, ya? Saludos, Matías")),
        _fam("austrian german building management email password",
             ("email", f"Sehr geehrte Hausparteien, das Passwort für das Waschküchen-Buchungssystem lautet ab sofort {_chosen(aut, aut_n)}. Mit freundlichen Grüßen, Ihre Hausverwaltung"),
             ("note in letterbox", f"Liebe Frau Huber, wie besprochen — Zugang zum Hausportal:\nBenutzer: top14\nPasswort: {_chosen(aut, aut_n)}\nFahrradraum-Code: {_pin(6)}\nGrüße, der Hausbesorger"),
             ("sms", f"Servus Ferdl, Passwort vom Portal der Hausverwaltung is {_chosen(aut, aut_n)}. Baba")),
        _fam("japanese ryokan front desk handover password",
             ("handover note", f"【引き継ぎ】予約システムのパスワードは {_chosen(jpr, jpr_n)} です。夜勤の方は必ずログアウトしてください。"),
             ("line message", f"お疲れ様です。楽天トラベル管理画面のパスワード変更しました→ {_chosen(jpr, jpr_n)}"),
             ("email", f"女将さん、お客様用Wi-Fi（本館）のパスワードを {_chosen(jpr, jpr_n)} に変更しました。客室の案内カードも差し替えます。")),
        _fam("russian school parents chat password",
             ("parents chat", f"Родители 5Б, добрый вечер! Пароль от общего аккаунта на Учи.ру для класса: {_chosen(rus, rus_n)}. Логин прежний."),
             ("sms", f"Оля, пароль от родительского фонда в Сбере {_chosen(rus, rus_n)}, никому не говори"),
             ("voice note transcript", f"[голосовое] ...Маш, запиши пароль: {_chosen(rus, rus_n)}, всё слитно, поняла? Ну всё, пока")),
        _fam("indonesian mosque committee whatsapp password",
             ("whatsapp group", f"Assalamu'alaikum bapak-bapak pengurus DKM, password wifi masjid sekarang {_chosen(idm, idm_n)}. Mohon tidak disebar ke jamaah. Jazakallah"),
             ("treasurer note", f"KHUSUS BENDAHARA DKM\nInternet banking masjid\nuser ID: dkmalikhlas\nPIN/password: {_chosen(idm, idm_n)}"),
             ("sms", f"Pak Ujang, password aplikasi kas masjid {_chosen(idm, idm_n)}. Nuhun")),
    ]


def _ord_agent() -> list[str]:
    """Agent ledger entries in the same stacks, the value masked, templated or read from a store."""
    return [
        "- [fact] staging CRDB is v24.1.4, 3 nodes live — verified by `cockroach sql --url \"$COCKROACH_URL\" -e \"select version()\"` (URL from 1Password item crdb-stg)",
        "cockroach sql --certs-dir=certs --host=crdb-0.crdb.svc:26257 --user=root -e 'SHOW DATABASES;' (client cert auth, no password)",
        "Debug 14:02 — `cockroach node status --url postgresql://admin:****@crdb-0.crdb.svc:26257?sslmode=require` hangs for 30s; it is the LB health check, not auth.",
        f"CockroachDB cluster id {_uuid()}, node 2 build v24.1.4 (go1.22.5), started 2025-12-06 09:14:02 UTC",
        "Verified: the node list shows leader rqlite-2 — `rqlite -H rqlite-1.lan -p 4001 -s https -u ops:$RQLITE_PASS` then `.nodes`.",
        "auth.json is rendered by vault-agent from secret/rqlite/users; only usernames and perms live in the repo: [{\"username\": \"ops\", \"perms\": [\"all\"]}, {\"username\": \"exporter\", \"perms\": [\"status\", \"query\"]}]",
        "immuclient --immudb-address immudb.audit.svc --username auditor --password \"$(cat /run/secrets/immudb_auditor)\" --database ledger verifiedget tx:41812",
        "The immudb container reads IMMUDB_ADMIN_PASSWORD from the Docker secret immudb_admin; compose.override.yml only holds `secrets: [immudb_admin]`.",
        "Fact: 212 series copied from Influx to VictoriaMetrics — `vmctl influx --influx-addr http://influx.old:8086 --influx-user reader --influx-password \"$INFLUX_PASS\" --vm-addr https://vm.new:8428`",
        "vmctl remote-read --remote-read-src-addr=https://prom-old:9090 --remote-read-user=admin --remote-read-password=<from vault: kv/prom-old/admin> --vm-addr=http://vminsert:8480/insert/0/prometheus",
        "- verified the 502s come from the ingress only: `logcli query '{app=\"ingress\"} |= \"502\"' --since=2h` (LOKI_* exported from `op run --env-file=.loki.env`)",
        "export LOKI_ADDR=https://loki.ops.lan\nexport LOKI_USERNAME=ops\nexport LOKI_PASSWORD=$(pass show ops/loki)",
        "Fact: two silences still active for the db-backup alert — `amtool --alertmanager.url=https://alertmanager.mon.lan --http.config.file=~/.config/amtool/http.yml silence query alertname=BackupLate`",
        "~/.config/amtool/config.yml on the bastion:\nalertmanager.url: \"https://am.example.net\"\nauthor: oncall@example.net\noutput: extended",
        "mimirtool rules list --address=https://mimir.obs.lan --id=platform --user=platform --key=\"${MIMIR_API_KEY}\" → 37 rule groups",
        "- name: sync rules\n  run: mimirtool rules sync --rule-dirs=rules/ --address=${{ vars.MIMIR_ADDRESS }} --id=${{ vars.MIMIR_TENANT }} --key=${{ secrets.MIMIR_API_KEY }}",
        "Fact: orders index copied, 1 204 311 docs on both sides — `elasticdump --input=https://es-old.lan:9200/orders --output=https://es-new.lan:9200/orders --httpAuthFile=.es-auth.ini --type=data`",
        "elasticdump --input=https://${ES_USER}:${ES_PASS}@opensearch.stg:9200/customers --output=customers_mapping.json --type=mapping",
        "- fact: the AAB is signed with the upload key — `jarsigner -keystore upload.jks -storepass:env KS_PASS -keypass:env KEY_PASS app-release.aab upload`, `jarsigner -verify` prints `jar verified.`",
        "+ jarsigner -sigalg SHA256withRSA -digestalg SHA-256 -keystore $RUNNER_TEMP/release.keystore -storepass *** build/app/outputs/bundle/release/app-release.aab release",
        f"Signer #1 certificate SHA-256 digest: {_hx(64)} (upload key, CN=Shop Mobile, O=Example GmbH)",
        "Fact: datacenter fra-prod has 6 servers running — `ionosctl server list --datacenter-id 8f6b5c1e-2d8a-4bd4-9e0a-1c3b0d7e4a21` (token from `ionosctl token generate`, stored in the OS keyring)",
        "provider \"ionoscloud\" {\n  token = var.ionos_token  # TF_VAR_ionos_token from the CI secret store\n}",
        "- verified: 4 servers in de-fra1, all `started` — `upctl server list` with UPCLOUD_USERNAME/UPCLOUD_PASSWORD from direnv (.envrc sources pass)",
        "~/.config/upctl.yaml:\nusername: api-deploy\n# password comes from UPCLOUD_PASSWORD in the environment",
        "Decision: the postgres check connects as `datadog`. conf.yaml:\ninstances:\n  - host: 10.20.1.5\n    port: 5432\n    username: datadog\n    password: \"ENC[pg_datadog_password]\"\n    dbm: true",
        "secret_backend_command: /usr/local/bin/datadog-secret-helper — the agent resolves ENC[...] handles at start; `datadog-agent secret` lists 3 handles, no values.",
        "<Output collector>\n    Module                 om_http\n    URL                    https://logs.corp.lan:8443/ingest\n    HTTPSCertFile          %CERTDIR%\\client.pem\n    HTTPSCertKeyFile       %CERTDIR%\\client.key\n</Output>",
        "nxlog service restarts every 5 min; log says `om_http: HTTP 401` — the password in out.conf is stale; rotated it in the vault and re-ran the GPO, not pasting it here.",
        "destination d_os {\n    elasticsearch-http(\n        url(\"https://os.log.lan:9200/_bulk\")\n        user(\"syslogng\")\n        password(\"`OS_PASSWORD`\")\n    );\n};",
        "syslog-ng -Fvde shows `http: Server returned with a 4XX (client errors) status code`; the # in the password was starting a comment, quoted it in the env file.",
        "- module: mysql\n  metricsets: [status, galera_status]\n  hosts: [\"tcp(127.0.0.1:3306)/\"]\n  username: metricbeat\n  password: \"${MYSQL_MONITOR_PASSWORD}\"",
        "metricbeat keystore add PG_PASS --stdin --force < /dev/stdin ; hosts: [\"postgres://metricbeat:${PG_PASS}@pg-primary:5432?sslmode=disable\"]",
        "set httpd port 2812 and\n    use address localhost\n    allow localhost\n    allow @monit   # PAM group, no inline password",
        "set mailserver smtp.mailgun.org port 587\n    username \"monit@mg.example.org\" password \"<see vault: monit/smtp>\"\n    using tls",
        "Decision: set the charm password from a Juju secret: `juju add-secret smtp password#file=smtp.txt` then `juju config mattermost smtp_password_secret=secret:cuk1hq2q6f0s73b0ig90`",
        "applications:\n  grafana:\n    charm: grafana-k8s\n    channel: latest/stable\n    # admin password: `juju run grafana/0 get-admin-password`",
        "database {\n  host = \"pg.internal\"\n  username = \"billing\"\n  password = read(\"env:DB_PASSWORD\")\n}",
        "`pkl eval -f json config/staging.pkl` prints {\"smtp\": {\"user\": \"mailer\", \"password\": \"<redacted>\", \"port\": 587}} — matches what the service reads.",
        "bosh -e prod -d concourse deploy concourse.yml --vars-store=/dev/null -v external_url=https://ci.example (passwords generated by CredHub: ((admin_password)))",
        "properties:\n  postgres:\n    roles:\n    - name: uaa\n      password: ((uaa_db_password))",
        "Buddy action \"Push image\" failed:\nExecuting: docker login registry.example.com -u buddy --password-stdin\nError response from daemon: Get \"https://registry.example.com/v2/\": unauthorized",
        "From the Buddy execution log: DATABASE_URL=postgres://app:••••••••@db.buddy.lan:5432/app (Buddy masks encrypted variables)",
        "pull-infra-e2e #1904 build-log.txt:\n+ export GCS_HMAC_SECRET\n+ ./hack/e2e.sh --provider=gce\nRunning Suite: e2e",
        "      env:\n      - name: REGISTRY_PASSWORD\n        valueFrom:\n          secretKeyRef:\n            name: registry-push\n            key: password",
        "[2025/12/06 22:14:03.118] + curl -sS -u perf-bot:${PERF_PASSWORD} https://perf.example.net/api/results -d @results.json\n[2025/12/06 22:14:03.601] {\"status\": \"ok\"}",
        "Evergreen expansions are marked `private: true` for aws_key / aws_secret, so the task log shows them as [redacted].",
        "pool = await asyncpg.create_pool(dsn=os.environ[\"DATABASE_URL\"], min_size=2, max_size=10)",
        "asyncpg.exceptions.TooManyConnectionsError: sorry, too many clients already — max_connections=100, the pool was 10 × 12 workers",
        "staging: {\n  client: 'pg',\n  connection: process.env.STAGING_DATABASE_URL,\n  pool: { min: 0, max: 7 }\n}",
        "KnexTimeoutError: Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a .transacting(trx) call?",
        "pgxpool.New failed with `failed to connect to host=10.9.0.4 user=ledger database=ledger: server error (FATAL: remaining connection slots are reserved)` — DSN comes from LEDGER_DSN",
        "cfg.ConnConfig.Password = os.Getenv(\"PGPASSWORD\")\ncfg.MaxConns = 20",
        "local ok, err = db:connect{ host = \"10.1.2.40\", port = 3306, database = \"stock\", user = \"stock\", password = os.getenv(\"STOCK_DB_PASS\") }",
        "2025/12/06 09:41:17 [error] 2211#2211: *913 lua entry thread aborted: runtime error: /etc/openresty/lua/db.lua:12: attempt to index local 'db' (a nil value)",
        "curl -X POST https://design.example.com/api/rpc/command/get-profile -H \"Authorization: Token $PENPOT_TOKEN\" -H 'Content-Type: application/transit+json'",
        "### list teams\nPOST https://penpot.lan/api/rpc/command/get-teams\nAuthorization: Token {{penpot_token}}\nAccept: application/json",
        "curl -X POST https://pm.example.org/api/jsonrpc -H \"x-api-key: ${LEANTIME_API_KEY}\" -H 'Content-Type: application/json' -d '{\"jsonrpc\":\"2.0\",\"method\":\"leantime.rpc.projects.getAll\",\"id\":1}'",
        "curl -X POST 'https://books.home.lan/api/Plugin/authenticate?apiKey=<your-api-key>&pluginName=Tachiyomi'",
        f"Kavita library scan finished: series 1 204, volumes 3 311, library id 3, user id {_uuid()}",
        "curl -H \"Authorization: Bearer $PHOTOPRISM_APP_PASSWORD\" https://photos.home.lan/api/v1/photos?count=10",
        f"PhotoPrism photo uid pqs1ht72lbuq8uvz, file hash {_hx(40)}, taken 2025-08-14 18:02:11",
        "--- a/app.yaml\n+++ b/app.yaml\n@@ -4,4 +4,5 @@ instance_class: F2\n env_variables:\n   DJANGO_SETTINGS_MODULE: \"site.settings.prod\"\n+  DB_PASSWORD_SECRET: \"projects/shop-prod/secrets/db-password/versions/latest\"",
        "$ gcloud app deploy app.yaml --quiet\nServices to deploy:\ndescriptor: [/src/app.yaml]\ntarget version: [20251207t101502]",
        "--- a/quadlet/db.container\n+++ b/quadlet/db.container\n@@ -3,4 +3,5 @@ Image=docker.io/library/postgres:16\n [Container]\n PublishPort=127.0.0.1:5432:5432\n+Secret=pg_password,type=env,target=POSTGRES_PASSWORD",
        "$ podman secret create pg_password - < /dev/stdin\n3c1b9d7a0e55f2c41c8a4e7d1",
        "--- a/netlify.toml\n+++ b/netlify.toml\n@@ -6,3 +6,4 @@\n [context.production.environment]\n   NODE_VERSION = \"20\"\n+  NEXT_PUBLIC_SITE_URL = \"https://shop.example\"",
        "[[plugins]]\n  package = \"netlify-plugin-cache-s3\"\n  # credentials set in the Netlify UI as AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (secret, scoped to builds)",
        json.dumps({"name": "edit_notebook", "arguments": {"path": "analysis/churn.ipynb", "cell": 2, "new_source": "import os, snowflake.connector\nconn = snowflake.connector.connect(user='ANALYST', password=os.environ['SNOWFLAKE_PASSWORD'], account='xy12345.eu-central-1')"}}),
        "Edited notebooks/ingest.ipynb cell 3 to use `client = Minio('s3.lab:9000', access_key=os.getenv('MINIO_USER'), secret_key=getpass(), secure=False)`.",
        json.dumps({"name": "apply_patch", "input": "*** Begin Patch\n*** Update File: .env.staging.example\n@@\n API_BASE=https://api.stg.example\n+PAYMENTS_WEBHOOK_SECRET=<set-in-doppler>\n*** End Patch"}),
        "apply_patch: Success. Updated the following files:\nM config/local.env.example\n(diff)\n+SMTP_PASS=",
        "Ledger: not committing .env.staging — it is in .gitignore; the example file lists the names only (PAYMENTS_WEBHOOK_SECRET, QUEUE_URL, SMTP_PASS).",
        "Decision: every new service reads credentials from the mounted /run/secrets/<name>; no literal values in compose, quadlet or app.yaml files from now on.",
        f"Fact: migration 0042_add_invoice_index applied on prod at 2025-12-07 10:31 UTC, commit {_hx(40)}, took 14.2 s",
        "Question for the human: which of the two MIMIR tenants should the rule sync target — `platform` or `platform-staging`? Both keys are in the vault.",
        "[tool: shell] exit 1\nerror: password authentication failed for user \"reporting\" (SQLSTATE 28P01)",
        "Verified by `psql \"service=reporting\" -c 'select 1'` — the password lives in ~/.pgpass (0600), not in the command.",
    ]


def _ord_formats() -> list[str]:
    """The same config files with the value read from elsewhere, masked or left out."""
    return [
        "# /etc/dovecot/dovecot-sql.conf.ext\ndriver = mysql\nconnect = host=127.0.0.1 dbname=mailserver user=mailuser password=\nconnect = !include /etc/dovecot/private/sql-password.conf.ext\ndefault_pass_scheme = SHA512-CRYPT",
        "password_query = SELECT email as user, password FROM virtual_users WHERE email='%u';",
        "dovecot says `auth-worker(3121): Error: sql(user@example.org): Password query failed` — connect line is the stock one, password=<redacted>. What is wrong?",
        "# /etc/postfix/mysql-virtual-mailbox-domains.cf\nuser = mailuser\npassword = ${MAILUSER_DB_PASSWORD}\nhosts = 127.0.0.1\ndbname = mailserver",
        "Ticket #4471: after the DB move postfix logs `warning: mysql:/etc/postfix/mysql_virtual_alias_maps.cf lookup error`. hosts changed to db2, password updated from the vault. Still failing.",
        "# /etc/powerdns/pdns.conf\nlaunch=gmysql\ngmysql-host=127.0.0.1\ngmysql-user=pdns\ngmysql-dbname=pdns\ninclude-dir=/etc/powerdns/pdns.d   # gmysql-password lives in pdns.d/secret.conf (0640 root:pdns)",
        "docker run -d --name pdns -e PDNS_gmysql_host=db -e PDNS_gmysql_user=pdns -e PDNS_gmysql_password_FILE=/run/secrets/pdns_db -p 53:53/udp powerdns/pdns-auth-49",
        "sql {\n    dialect = \"mysql\"\n    server = \"localhost\"\n    login = \"radius\"\n    password = $ENV{RADIUS_DB_PASSWORD}\n    radius_db = \"radius\"\n}",
        "rlm_sql_mysql: Couldn't connect to MySQL server radius@db1:radius: Access denied for user 'radius'@'10.0.0.7' (using password: YES)",
        "#!define DBURL \"mysql://kamailio:KAMAILIO_DB_PASSWORD@localhost/kamailio\"  # substituted by the entrypoint from the env",
        "# /etc/kamailio/kamctlrc\nSIP_DOMAIN=sip.example.net\nDBENGINE=MYSQL\nDBHOST=localhost\nDBNAME=kamailio\nDBRWUSER=\"kamailio\"\n# DBRWPW set in /etc/kamailio/kamctlrc.local",
        "connection cloud-bridge\naddress mqtt.cloud.example:8883\nbridge_cafile /etc/ssl/certs/ca-certificates.crt\nbridge_certfile /etc/mosquitto/certs/gw-0042.crt\nbridge_keyfile /etc/mosquitto/certs/gw-0042.key\ntopic sensors/# out 1",
        "1764932103: Connecting bridge cloud-bridge (mqtt.cloud.example:8883)\n1764932103: Bridge gw-0042 sending CONNECT\n1764932104: Received CONNACK on connection cloud-bridge.",
        f"<user-mapping>\n    <authorize username=\"support\" password=\"{_hx(32)}\" encoding=\"md5\">\n        <connection name=\"SRV-FILE01\">\n            <protocol>rdp</protocol>\n            <param name=\"hostname\">10.0.10.21</param>\n        </connection>\n    </authorize>\n</user-mapping>",
        "# /etc/guacamole/guacamole.properties\nguacd-hostname: localhost\nmysql-hostname: db\nmysql-database: guacamole_db\nmysql-username: guacamole_user\n# mysql-password from MYSQL_PASSWORD env (guacamole docker image)",
        "<jdbc-datasource>\n    <url>jdbc:postgresql://db.atl.lan:5432/jiradb</url>\n    <username>jirauser</username>\n    <password>{ATL_SECURED}</password>\n    <atlassian-password-cipher-provider>com.atlassian.db.config.password.ciphers.algorithm.AlgorithmCipher</atlassian-password-cipher-provider>\n</jdbc-datasource>",
        "application-config/dbconfig.xml (from support zip, sanitized):\n    <username>jira</username>\n    <password>Sanitized by Support Utility</password>",
        "# /opt/sonarqube/conf/sonar.properties\nsonar.jdbc.username=sonar\n#sonar.jdbc.password=\nsonar.jdbc.url=jdbc:postgresql://localhost/sonarqube",
        "      SONAR_JDBC_URL: jdbc:postgresql://db:5432/sonar\n      SONAR_JDBC_USERNAME: sonar\n      SONAR_JDBC_PASSWORD: ${SONAR_DB_PASSWORD:?set in .env}",
        "sonar-scanner -Dsonar.projectKey=shop-api -Dsonar.host.url=https://sonar.corp.lan -Dsonar.token=$SONAR_TOKEN",
        "asadmin --user admin --passwordfile /run/secrets/asadmin create-jdbc-connection-pool --datasourceclassname org.postgresql.ds.PGSimpleDataSource --restype javax.sql.DataSource --property user=app:password=${ALIAS=app-db-password}:serverName=db AppPool",
        "asadmin create-password-alias app-db-password   # prompts twice, stored in the domain keystore",
        "<property>\n  <name>fs.s3a.aws.credentials.provider</name>\n  <value>com.amazonaws.auth.InstanceProfileCredentialsProvider</value>\n</property>",
        "hadoop credential create fs.s3a.secret.key -provider jceks://hdfs/user/etl/s3.jceks   # prompts for the value",
        "<ivysettings>\n  <credentials host=\"nexus.corp.lan\" realm=\"Sonatype Nexus Repository Manager\" username=\"${ivy.nexus.user}\" passwd=\"${ivy.nexus.password}\"/>\n</ivysettings>",
        "[server]\nbind_addr = \"0.0.0.0:2333\"\ndefault_token = \"${RATHOLE_TOKEN}\"   # rendered by the systemd ExecStartPre from the credential",
        "[client.transport.noise]\nremote_public_key = \"the server's public key from `rathole --genkey`\"",
        "hostname: registry.corp.lan\n# harbor_admin_password: set by the installer from HARBOR_ADMIN_PASSWORD, rotated in the UI (runbook step 4)\ndatabase:\n  max_idle_conns: 100",
        "external_database:\n  harbor:\n    host: pg.corp.lan\n    port: 5432\n    db_name: registry\n    username: harbor\n    password: <from vault kv/harbor/db>",
        "SEMAPHORE_DB_DIALECT=postgres\nSEMAPHORE_DB_USER=semaphore\nSEMAPHORE_DB_PASS_FILE=/run/secrets/semaphore_db\nSEMAPHORE_ADMIN=admin",
        "\"ldap_enable\": true,\n\"ldap_binddn\": \"cn=semaphore,ou=svc,dc=corp,dc=lan\",\n\"ldap_server\": \"ldap.corp.lan:636\",\n\"ldap_needtls\": true",
        "\"platforms\": [{\"platform\": \"TadoPlatform\", \"user\": \"me@example.com\", \"password\": \"***\"}] — homebridge-tado keeps failing to log in, config otherwise default",
        "\"bridge\": {\n  \"name\": \"Homebridge 3C5A\",\n  \"username\": \"0E:2D:7A:91:3C:5A\",\n  \"port\": 51826\n}",
        "[[inputs.opcua]]\n  name = \"line3\"\n  endpoint = \"opc.tcp://10.20.0.16:4840\"\n  security_policy = \"Basic256Sha256\"\n  auth_method = \"Certificate\"\n  certificate = \"/etc/telegraf/opcua/cert.pem\"\n  private_key = \"/etc/telegraf/opcua/key.pem\"",
        "opc.tcp://kepware.plant.lan:49320 — endpoint answers with SecurityPolicy#Basic256Sha256, anonymous login disabled.",
        "[database]\ntype = mysql\nhost = db\nport = 3306\nuser = seafile\npassword = %(SEAFILE_MYSQL_DB_PASSWORD)s\ndb_name = seafile_db",
        "      - DB_HOST=db\n      - DB_ROOT_PASSWD=${INIT_SEAFILE_MYSQL_ROOT_PASSWORD}\n      - SEAFILE_ADMIN_EMAIL=admin@files.example",
        "Seafile Server 12.0.6 Community Edition, Seahub on :8000, seafile-fileserver on :8082",
        "Config review checklist: no inline secrets in dovecot-sql, postfix maps, pdns.conf, harbor.yml, sonar.properties; all passwords via include files mode 0640.",
    ]


def _ord_vendor() -> list[str]:
    """Vendor settings beside the secret: placeholders, public keys and ids, sandbox docs."""
    return [
        "IMGIX_API_KEY=\nIMGIX_DOMAIN=shop-assets.imgix.net",
        "curl -X POST https://api.imgix.com/api/v1/purge -H \"Authorization: Bearer $IMGIX_API_KEY\" -H 'Content-Type: application/vnd.api+json' -d @purge.json",
        f"https://shop-assets.imgix.net/hero.jpg?w=1200&auto=format,compress&s={_hx(32)}",
        "WIX_API_KEY=<your Wix API key from the API Keys Manager>\nWIX_SITE_ID=",
        f"wix-site-id: {_uuid()}\nwix-account-id: {_uuid()}",
        "NETS_EASY_SECRET_KEY=\nNETS_EASY_CHECKOUT_KEY=",
        "curl -X POST https://test.api.dibspayment.eu/v1/payments -H \"Authorization: $NETS_EASY_SECRET_KEY\" -H 'Content-Type: application/json' -d @payment.json",
        f"Nets Easy paymentId {_hx(32)} — status: Reserved, amount 49900 NOK, reference ORD-2025-118240",
        "FOURSQUARE_API_KEY=your-foursquare-places-api-key",
        f"Foursquare fsq_id {_hx(24)} — Café Pascal, Tegnérgatan 8, Stockholm",
        "session = HTTP(testnet=True, api_key=os.environ[\"BYBIT_KEY\"], api_secret=os.environ[\"BYBIT_SECRET\"])",
        "exchange:\n  name: bybit\n  key: ${BYBIT_KEY}\n  secret: ${BYBIT_SECRET}",
        "UPBIT_OPEN_API_ACCESS_KEY=\nUPBIT_OPEN_API_SECRET_KEY=\nUPBIT_OPEN_API_SERVER_URL=https://api.upbit.com",
        "업비트 API 키는 서버 환경변수로만 넣었어. 허용 IP는 서버 IP만, 출금 권한은 껐음",
        "BITGET_API_KEY=\nBITGET_SECRET_KEY=\nBITGET_PASSPHRASE=",
        f"Bitget order id {_digits(19)}, symbol BTCUSDT, side buy, size 0.002",
        "MOMO_COLLECTION_PRIMARY_KEY=\nMOMO_API_USER=\nMOMO_API_KEY=\nMOMO_TARGET_ENVIRONMENT=sandbox",
        f"MoMo requestToPay reference id {_uuid()} → status SUCCESSFUL, financialTransactionId {_digits(10)}",
        "define('PAYTM_MERCHANT_KEY', getenv('PAYTM_MERCHANT_KEY'));\ndefine('PAYTM_ENVIRONMENT', 'PROD');",
        f"Paytm ORDERID ORD{_digits(10)}, TXNID {_digits(34)}, STATUS TXN_SUCCESS, TXNAMOUNT 1499.00",
        "HERE_API_KEY=<paste-here>",
        "const platform = new H.service.Platform({ apikey: import.meta.env.VITE_HERE_KEY });",
        "window._AMapSecurityConfig = { serviceHost: 'https://maps.example.cn/_AMapService' };  // 安全密钥由 nginx 代理加上",
        "高德的key和安全密钥都放在运维的密码库里了，前端走代理，不要写进代码",
        "$webService = new PrestaShopWebservice(getenv('PS_SHOP_URL'), getenv('PS_WS_KEY'), false);",
        "PrestaShop 8.2.1 — Webservice activé, clé « ERP-connecteur » : droits GET/PUT sur stock_availables uniquement",
        "SEVDESK_API_TOKEN=\n# Token: sevDesk > Einstellungen > Benutzer > API-Token",
        f"sevDesk Rechnung RE-2025-0412, Kontakt-ID {_digits(8)}, Status 200 (offen), Betrag 1.190,00 EUR",
        "VIPPS_CLIENT_ID=\nVIPPS_CLIENT_SECRET=\nVIPPS_SUBSCRIPTION_KEY=\nVIPPS_MSN=",
        "Vipps ePayment reference acme-shop-123-order123abc — state AUTHORIZED, 499,00 NOK",
        "REDSYS_MERCHANT_CODE=\nREDSYS_TERMINAL=001\nREDSYS_SECRET_KEY=\nREDSYS_ENV=test",
        "Ds_Signature_Version: HMAC_SHA256_V1 — la firma se calcula en el servidor con la clave del comercio, nunca en el navegador",
    ]


def _ord_human() -> list[str]:
    """The same chats, texts and notices, with no password in them."""
    return [
        "Tere kõgõ! Seltsimaja internedi salasõna om muudõtu — küsüge Kadri käest, tä ütles telefonin.",
        "Leelokoori proovõ neläpäivä kell 18 seltsimajan. Tulõ kõik!",
        "Seto Kuningriigi päiv 2026 — Obinitsan 8. augustil. Vabatahtligõ kirjotagõ Ülle kätte.",
        "Lobdīn! Kooperativa datora parole ir mainīta, prasiet Ontonam. Paļdis",
        "Lab dėina, Rasa. Pėina supirkėma sistemuos slaptažuodi atsiunčiau SMS žinute atskirae. Diekou",
        "Bună dzua frats! Adunarea a sutsatiljei easte Sâmbãtã, 10 di saatea. Haristo!",
        "Ρε κουμπάρε, το password του wifi εν γραμμένο πίσω που το ρούτερ, ίντα μου λαλείς;",
        "Αγαπητά μέλη, ο νέος κωδικός για τη σελίδα των μελών θα σας σταλεί προσωπικά με SMS. Το Δ.Σ.",
        "Ο χορός του Συλλόγου Ποντίων 2026 εν το Σάββατο 14 Φεβρουαρίου, στο ξενοδοχείο Mediterranean.",
        "Azul a Brahim! Lmot de passe n wifi ibeddl, ssiwl-iyi s tilifun. Tanmmirt.",
        "السلام عليكم يا لخوت، كلمة سر الويفي بدلتها، اتصلوا بي نعطيها لكم",
        "سلام خوبید؟ رمز وای‌فای رو عوض کردم، حضوری می‌گم",
        "Namaskar ho! Wifi password room ma rakhya card ma chha. Kei chaiye to batayo.",
        "Julley! Welcome to Stok Guesthouse. Breakfast 7:30–9:30, dinner at 7. Hot water from the solar tank after 11 am.",
        "Eh, password wifi udah gue ganti, tanya langsung aja ye ke gue, jangan di grup",
        "Pian, password wifi ulun kirim lewat japri haja lah",
        "Gawai Dayak 2026 — aum di ruai 31 Mei, jam 7 lemai. Datai magang!",
        "阿公家wifi密码改了，私聊问我，唔好喺群里讲",
        "Bozu ! Le code wifi a changé, demande à tonton Kevin. Oleti.",
        "Lwen wo! Uncle changed the wifi password, call him for it. Kulo!",
        "Saqarik! La contraseña del wifi cambió, pídansela a la tesorera en persona. Matyöx.",
        "Asamblea general 2026 de la cooperativa: sábado 9 am, salón comunal de Tecpán.",
        "Bhaiya, wifi password change kar diya, phone karo to batayega",
        "Mi brada, a wifi password kenki, kari mi fu a nyun wan.",
        "Waqaa! The tribal office computer password was reset — call Agnes at the office for the new one. Quyana",
        "Salam ahl kanisa. Password ta wifi ta kanisa ja gayar, asal Rev. Gatluak. Shukran",
        "Chamgei board members! BOM meeting 2026 is on Friday 14th, 10 am in the staffroom. Kongoi.",
        "Salaama mano Cassamo! Mudei a senha do wifi, liga-me que eu digo. Koshukuru.",
        "Oi mana, senha di wifi muda, ligam pa N fla-bu.",
        "Mon mbom, le code du wifi a changé, appelle-moi je te dis ça en privé",
        "Fofo Hamidou! Le code du wifi a changé, passe à la boutique.",
        "Wifi password la ranger station em change. Ask Uncle Rex, ah.",
        "Mesiere nte mbufo! I changed Mama's wifi password, call me for it. Sosongo",
        "Ciao belin, a password do wifi a l'é cangiâ, domandâla a-o Gianni. No dîla in sciâ chat!",
        "Torneo di Natale 2026 della bocciofila: iscrizioni entro il 10 dicembre, quota 15 euro a coppia.",
        "Bojour à tertous! Ch'mot d'passe du wifi d'el salle a canjé, d'mandez-l à Dédé.",
        "Ducasse 2026 — dimanche 14 juin, braderie à partir de 7h, inscriptions au comité.",
        "Hei kaikile! Kyläkoulun wifi salasana oon vaihettu, kysykää Raililta.",
        "Estimados vecinos, la clave del wifi de la sede cambió, pídanla a la directiva por interno po.",
        "Reunión junta de vecinos 2026: martes 19:30 en la sede, tabla: seguridad y luminarias.",
        "Sehr geehrte Hausparteien, die Zugangsdaten zum Waschküchen-Buchungssystem erhalten Sie persönlich beim Hausbesorger (Stiege 2, Top 1).",
        "Servus Ferdl, Passwort vom Portal schick i da per Post, ned per SMS. Baba",
        "【引き継ぎ】予約システムのパスワードは変更済みです。新しいものは金庫のメモを確認してください。",
        "お疲れ様です。本日の到着：201号室 佐藤様 2名、305号室 Müller様 3名、夕食18時半。",
        "Родители 5Б, добрый вечер! Пароль от Учи.ру каждому ребёнку пришлёт классный руководитель в личку.",
        "Оля, пароль от фонда скажу при встрече, не по смс",
        "Assalamu'alaikum bapak-bapak pengurus DKM, password wifi masjid sudah diganti, silakan tanya langsung ke Pak Asep.",
        "Kajian Ahad pagi 2026 — setiap Ahad jam 06.00 di ruang utama Masjid Al-Ikhlas.",
        "Password rules for the village office PCs: at least 12 characters, no names of family or pets, change every 180 days.",
        "Regole password del gestionale soci: minimo 10 caratteri, una maiuscola, un numero; la cambia solo il segretario.",
        "Regla de la cooperativa: las claves se entregan en persona, nunca por WhatsApp ni en papel pegado.",
        "Hausordnung §7: Zugangsdaten werden nicht per SMS oder Aushang verschickt.",
        "Room 305 — Müller, 3 nights, late check-in 22:40, parking spot 12",
        "Order ORD-2025-118240 shipped to Nampula, tracking MZ4471923PT",
        "Team Kapsabet Boys 2 vs Iten Lions 1 — league match 2026, round 3",
        "Gawai 2026 rumah panjai Entalai: bilik 14, pintu 7",
    ]


def _ord_public() -> list[str]:
    """Public values that sit beside secrets: hashes, commit ids, UUIDs, public keys."""
    return [
        f"commit {_hx(40)}\nAuthor: Kadri Tamm <kadri@example.ee>\nDate:   Sat Dec 6 18:22:41 2025 +0200\n\n    Move immudb auditor password to the docker secret",
        f"sha256:{_hx(64)}  registry.corp.lan/shop/api:2025.12.07",
        f"Checksum (SHA-256) of rathole-x86_64-unknown-linux-gnu.zip: {_hx(64)}",
        f"Request id {_uuid()} — 200 OK in 184 ms",
        f"trace_id={_hx(32)} span_id={_hx(16)} service=orders-api",
        f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_b64(32)[:43]} ops@bastion",
        f"age1{_r(58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}  # public recipient for the ops team",
        f"-----BEGIN PUBLIC KEY-----\n{_b64(48)}\n{_b64(42)}\n-----END PUBLIC KEY-----",
        f"Vipps public key id {_uuid()}, algorithm RS256, published at https://api.vipps.no/.well-known/jwks.json",
        f"ETag: \"{_hx(32)}\"",
        f"git log --oneline\n{_hx(7)} Pin jarsigner step to JDK 21\n{_hx(7)} Use podman secrets for postgres\n{_hx(7)} Drop plain password from netlify.toml",
        f"Wi-Fi BSSID 3c:84:6a:{_hx(2)}:{_hx(2)}:{_hx(2)}, channel 36, WPA3-SAE",
        f"Docker image id {_hx(12)}, created 2 days ago, 412MB",
        f"Kavita series id 418, chapter id 9172, file hash {_hx(32)}",
        "Homebridge v1.8.5, Node.js v20.18.0, Config UI X v4.62.0",
        "PowerDNS Authoritative Server 4.9.2, dnssec=yes, 1 204 zones",
        "Harbor v2.12.1, 38 projects, 1 411 repositories",
        "SonarQube 10.7 Community Build — Quality Gate passed for shop-api (coverage 81.2 %)",
        "Penpot 2.4.3 — team \"Design 2026\", 14 projects",
        "Grafana Loki 3.3.1, logcli 3.3.1",
        "FreeRADIUS Version 3.2.6, for host x86_64-pc-linux-gnu",
        "Jira Software 10.3.2 (build 10030002), PostgreSQL 16",
        "PrestaShop 8.2.1, PHP 8.1, module ps_eventbus 3.0.18",
        "Event: KubeCon + CloudNativeCon Europe 2026, Amsterdam, 23–26 March",
        "Event: FOSDEM 2026, Brussels, 31 January – 1 February",
        "Event: Gawai Dayak 2026, 1 June",
        "Room 4.12 (Haus B), Tisch 3 — Workshop Terraform 2026",
        "Order #100284-2026, 3 × OPC UA gateway, shipped 2025-12-05",
        "Team Rapid Wien U15 2 — Tabellenplatz 4, Saison 2025/26",
        "Seto Kuningriigi päiv 2026, Obinitsa, 8 August",
        f"MAC address 0E:2D:7A:{_hx(2).upper()}:{_hx(2).upper()}:{_hx(2).upper()}, homebridge child bridge",
        f"Upbit market KRW-BTC, uuid {_uuid()}, ord_type limit, state done",
        f"Let's Encrypt serial {_hx(36)}, valid until 2026-03-06",
        f"Your one-time login link id is {_uuid()} (expired 2025-12-06 10:15 UTC)",
        "Usernames for the new cluster: app_rw, app_ro, migrator, exporter, datadog (no passwords in this doc)",
        "Hostnames: crdb-0.crdb.svc, rqlite-1.lan, immudb.audit.svc, vm.new, loki.ops.lan, am.example.net",
        "Password policy (ISO 27001 A.5.17): min 14 characters or passphrase of 4 words; no reuse of the last 12; MFA for every admin account.",
        "KeePassXC database: ops-2026.kdbx, key file on the YubiKey, last changed 2025-12-01",
    ]


def _ord_debatable() -> list[str]:
    """Entries a reasonable reviewer could call either way."""
    return [
        "immudb default credentials are immudb / immudb — change them on first start (docs quickstart).",
        "harbor.yml as shipped: harbor_admin_password: Harbor12345 — the installer refuses to start with it only in production mode.",
        "Guest notice at the reception: WiFi Stok_GH_Guest — password: julley2026 (changes every season)",
        "Kumaoni homestay room card — WiFi: Pahadi_Nest_Guest, Password: kafal2026, breakfast 8–10 baje",
        "FOSDEM 2026 conference Wi-Fi: SSID FOSDEM, open; FOSDEM-ancient uses WPA2 with password fosdem2026 as printed on the banner.",
        "Redsys entorno de pruebas: clave de comercio de ejemplo sq7HjrUOBfKmC576ILgskD5srU870gJ7 (la de la documentación de Redsys)",
        "Nets Easy test environment: test-secret-key-00000000000000000000000000000000 used in our unit tests as a placeholder",
        "The old CRDB password (rotated 2025-11-30, account disabled) was Crdb#Stg2024 — quoted here for the post-mortem only.",
        "Church youth night flyer: Wi-Fi TafunsakYouth, password kosrae2026, all welcome!",
        "Bocciofila torneo 2026 — locandina: wifi ospiti Circolo_Ospiti, password bocce2026",
        "SMS: Your Bybit verification code is 482913. It expires in 5 minutes. (received 2025-12-06 08:12)",
        "nxlog.conf value after the deploy tool encrypted it: HTTPBasicAuthPassword {AES}q1Gk0m3bZ8e7Xc4Vn2Lp9Yw6Rt5Su1Hj (key on the host only)",
        "Mosquitto password_file entry: gw-0042:$7$101$0t2Yq4n3u2xb8K1p$Gk7w2eZ0cQmR9yVb4Xn1Hs6Ld3Tf8Ua5Wo2Pe7Jr4Ki9Nq0Mz3Cx6Bv1As8Dg5Fh2Jk7Ll4Qw0Er3Ty6Ui9Op1Aa==",
        "Homebridge pairing code on the QR sticker: 031-45-154",
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

EIGHTEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in EIGHTEENTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a sevDesk token
# and an Amap key are 32 bare hex digits, and a Kavita API key is a bare UUID like any id.
UNSURE_FAMILIES: frozenset[str] = frozenset({"sevdesk api token", "amap web service key",
                                             "copied request to the kavita api"})

_ORD_AGENT = _ord_agent()
_ORD_FORMATS = _ord_formats()
_ORD_VENDOR = _ord_vendor()
_ORD_HUMAN = _ord_human()
_ORD_PUBLIC = _ord_public()
_ORD_DEBATABLE = _ord_debatable()

EIGHTEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_HUMAN,
                                  *_ORD_PUBLIC, *_ORD_DEBATABLE]

# Documented defaults and sandbox keys, guest Wi-Fi printed on room cards, flyers and
# banners, an expired one-time code, a rotated password quoted in a post-mortem, values the
# owning tool stores encrypted or hashed, and a HomeKit pairing code on a sticker.
DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, EIGHTEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("eighteenth", FAMILIES, EIGHTEENTH_SECRETS, EIGHTEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(96, 288, 240),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in EIGHTEENTH_SECRETS]
    assert len(texts) == len(set(texts))
    # each family's three samples sit in three different settings
    assert all(len({setting for setting, _ in fam.samples}) == len(fam.samples)
               for fam in FAMILIES)
    # every weight, and the vendor families, fall in both halves
    half_of = {fam.name: fam.half for fam in FAMILIES}
    for group in (AGENT_FAMILIES, FORMAT_FAMILIES, HUMAN_FAMILIES, VENDOR_FAMILIES):
        assert {half_of[name] for name in group} == {"A", "B"}


_self_check()
