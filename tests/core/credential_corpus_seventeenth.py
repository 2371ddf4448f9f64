"""A seventeenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, places and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the sixteen earlier
corpora; only their family names (so that every family here is new, which ``_self_check``
holds), the helpers ``Family``, ``family``, ``split_by_family`` and ``families`` of the
third, ``blind_corpus``, and the docstring, generator helpers and closing assembly of the
sixteenth, so that the same measuring code runs on this one.  It is weighted, about a third
each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" Oracle SQLcl, a StarRocks Stream Load, EXAplus, kafkactl,
  zookeeper-shell, xcrun altool and notarytool, bundletool, mongoimport and the Apache
  Druid SQL API; decisions quoting a Crossplane ProviderConfig, a Filebeat output, Zabbix
  agent 2 plugin sessions, collectd plugin blocks and postgres_exporter; an OpenTofu state
  encryption passphrase; build logs of Zuul, OneDev and Laminar; debugging notes on Haskell
  postgresql-simple, Perl DBI, Dart postgres, Erlang epgsql and Ruby Sequel; copied
  requests to the Pterodactyl, Shlink, n8n and Plausible APIs; diff hunks in a justfile, a
  NixOS module, a mise.toml and a Render blueprint; a tool call sending a PagerDuty event;
* config files of tools not yet covered (keepalived, Pgpool-II, MaxScale, Barman, repmgr,
  WebLogic boot.properties, MSBuild publish profiles, WildFly datasources, mautrix bridges,
  Roundcube, MediaWiki, Zabbix server, Apprise and shoutrrr URLs, PM2, R2DBC URLs,
  ChirpStack) and vendor tokens (``VENDOR_FAMILIES``) in the formats vendors document:
  Aiven, Rapyd, Khalti, Paymob, PayFast, LiqPay, Logz.io, LambdaTest, LocationIQ, Calendly,
  Momento, Termii, urlscan.io, Mezmo, Novita AI and Speechmatics;
* passwords people choose (names with dates, teams, pets, seasons, keyboard walks,
  leetspeak, passphrases, short ones, words of the writer's language) where they type them:
  chat, SMS, email, notices, tickets, sticky notes and voice-note transcripts in Sudanese
  and Libyan Arabic, Algerian Darija and Yemeni Arabic, Bavarian and Limburgish, Mari and
  Erzya, Okinawan and Jeju, Taishanese and Fuzhounese, Tuvaluan and Niuean, Cook Islands
  Maori and Wallisian, Pohnpeian and Yapese, Solomon Pijin and Hiri Motu, Lakota and
  Mohawk, Otomi and Purepecha, Luo and Luhya, Swati and Northern Sotho, Oshiwambo and
  Herero, Sango and Kikongo, Moore and Dioula, Reunion and Antillean Creole, Trinidadian
  and Bajan Creole, and in Castilian Spanish, French, German, Russian, Japanese, Korean,
  Mandarin, Hindi, Thai, Vietnamese, Dutch, Swedish and English in settings the earlier
  names do not use (a residents' association, a sports association newsletter, an allotment
  garden club, a hostel reception, an izakaya, a hagwon, a university dormitory, a housing
  society, a condominium juristic office, a nail salon, an owners' association, a housing
  cooperative, a dental clinic).

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``SEVENTEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``SEVENTEENTH_ORDINARY``
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

Values come from a seeded generator (``random.Random(17_2026_12_07)``) with the length and
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

_RNG = random.Random(17_2026_12_07)

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


def _asp() -> str:
    """An Apple app-specific password: four groups of four lower-case letters."""
    return "-".join(_r(4, string.ascii_lowercase) for _ in range(4))


_WALKS = ("1qaz2wsx", "qwerty", "asdfgh", "zxcvbn", "1q2w3e4r", "qazwsx", "!QAZ2wsx",
          "Zaq12wsx", "1qaz@WSX", "qweasdzxc", "Qwer1234", "poiuyt", "1q2w3e", "azerty",
          "qwertz", "Asdf1234")
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
    year = _RNG.choice((1979, 1984, 1988, 1991, 1995, 1998, 2002, 2007, 2012, 2015, 2019,
                        2021, 2023, 2025, 2026))
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
_LT = "LT" "_"
_PTLC = "ptl" "c_"
_PTLA = "ptl" "a_"
_RAK = "ra" "k_"
_RSK = "rs" "k_"
_KHALTI_LIVE = "live_secret" "_key_"
_KHALTI_TEST = "test_secret" "_key_"
_PAYMOB_SK = "egy_sk" "_live_"
_PAYMOB_PK = "egy_pk" "_live_"
_LIQPAY_PUB = "i"
_LOCIQ = "pk" "."
_TERMII = "T" "L"
_NOVITA = "sk" "_"
_AZ_SECRET_MARK = "8Q" "~"


def _agent() -> list[_Raw]:
    """Ledger entries a coding agent writes, in stacks the earlier corpora do not name."""
    sqlcl_a, sqlcl_b, sqlcl_c = _pw(18), _pw(16), _pw(22)
    sr_a, sr_b, sr_c = _pw(14), _pw(20), _pw(18)
    exa_a, exa_b, exa_c = _pw(16), _pw(20), _pw(24)
    kctl_a, kctl_b, kctl_c = _pw(24), _pw(28), _pw(20)
    zk_a, zk_b, zk_c = _pw(16), _pw(18), _pw(20)
    asp_a, asp_b, asp_c = _asp(), _asp(), _asp()
    ks_a, ks_b, ks_c, ks_d = _pw(16), _pw(16), _pw(20), _pw(14)
    mi_a, mi_b, mi_c = _pw(22), _pw(18), _pw(24)
    az_secret = _r(3) + _AZ_SECRET_MARK + _r(31, _ALNUM + "_-.~")
    cp_b, cp_c = _pw(24), _pw(20)
    tofu_a, tofu_b = "-".join(_r(6, string.ascii_lowercase) for _ in range(5)), _pw(32)
    tofu_c = _pw(28)
    fb_api = f"{_r(20, _ALNUM + '-_')}:{_r(22, _ALNUM + '-_')}"
    fb_b, fb_c = _pw(20), _pw(24)
    zbx_a, zbx_b, zbx_c = _pw(18), _pw(22), _pw(16)
    cd_a, cd_b, cd_c = _pw(16), _pw(20), _pw(18)
    pge_a, pge_b, pge_c = _pw(24), _pw(20), _pw(22)
    zuul_a, zuul_b, zuul_c = _pw(20), _pw(24), _pw(26)
    od_a, od_b, od_c = _pw(22), _pw(18), _pw(24)
    lam_a, lam_b, lam_c = _pw(20), _pw(22), _pw(18)
    hs_a, hs_b, hs_c = _pw(18), _pw(20), _pw(22)
    pl_a, pl_b, pl_c = _pw(14), _pw(18), _pw(16)
    dt_a, dt_b, dt_c = _pw(20), _pw(22), _pw(18)
    erl_a, erl_b, erl_c = _pw(18), _pw(20), _pw(24)
    sq_a, sq_b, sq_c = _pw(20), _pw(16), _pw(22)
    ptlc_a, ptla_b, ptlc_c = _PTLC + _r(43), _PTLA + _r(43), _PTLC + _r(43)
    shl_a, shl_b, shl_c = _uuid(), _uuid(), _uuid()
    n8n_a, n8n_b, n8n_c = (_jwt({"sub": _uuid(), "iss": "n8n", "aud": "public-api",
                                 "iat": 1764000000 + _RNG.randrange(9_000_000)})
                           for _ in range(3))
    pla_a, pla_b, pla_c = _r(64, _B64URL), _r(64, _B64URL), _r(64, _B64URL)
    dru_a, dru_b, dru_c = _pw(20), _pw(24), _pw(18)
    just_a, just_b, just_c = _pw(18), _pw(22), _pw(20)
    nix_a, nix_b, nix_c = _pw(20), _pw(18), _pw(16)
    mise_a, mise_b, mise_c, mise_d = _pw(22), _b64(24), _pw(20), _pw(24)
    rnd_a, rnd_b, rnd_c = _pw(24), _pw(20), _pw(18)
    pd_a, pd_b, pd_c = _hx(32), _hx(32), _hx(32)
    return [
        _fam(
            "ledger fact verified by sqlcl connect",
            ("ledger fact",
             f"Fact: the MV_DAILY_SALES refresh job is ENABLED on orclpdb1 again after the patch window. Verified by `sql -S rpt_owner/{sqlcl_a}@//ora-stg-01.internal:1521/orclpdb1 @sql/check_jobs.sql` (1 row, STATE=SCHEDULED, next run 02:00 UTC)."),
            ("debugging log",
             f"SQLcl: Release 24.3 Production on Mon Dec 07 09:41:12 2026\n\nSQL> connect app_batch/\"{sqlcl_b}\"@ora-uat.internal:1521/FREEPDB1\nConnected.\nSQL> select count(*) from batch_runs where status = 'FAILED';\n\n  COUNT(*)\n----------\n        14\n"),
            ("tool-call json",
             json.dumps({"tool": "run_terminal_command",
                         "arguments": {"command": f"sql -S -cloudconfig /opt/wallet/Wallet_LEDGER.zip admin/{sqlcl_c}@ledger_high @scripts/grant_reporting.sql",
                                       "cwd": "/workspace/ledger-db", "timeout_s": 120}})),
        ),
        _fam(
            "ledger fact verified by starrocks stream load",
            ("copied request",
             f"curl --location-trusted -u loader:{sr_a} \\\n  -H \"label:orders_20261207_03\" -H \"column_separator:,\" -H \"columns: order_id,customer_id,amount,created_at\" \\\n  -T exports/orders_20261207.csv \\\n  http://sr-fe-01.analytics.internal:8030/api/analytics/orders/_stream_load"),
            ("ledger fact",
             f"Fact: Stream Load into analytics.orders works again after the FE leader switch — ran `curl --location-trusted -u root:{sr_b} -T sample.csv http://sr-fe-02:8030/api/analytics/orders/_stream_load` and got \"Status\": \"Success\", NumberLoadedRows 48213, LoadTimeMs 1873."),
            ("decision",
             f"Decision: keep the Flink job writing through the StarRocks connector instead of Routine Load. Sink DDL as deployed:\n  'connector' = 'starrocks',\n  'jdbc-url' = 'jdbc:mysql://sr-fe-01:9030',\n  'load-url' = 'sr-fe-01:8030',\n  'database-name' = 'analytics',\n  'table-name' = 'clicks',\n  'username' = 'flink_writer',\n  'password' = '{sr_c}'\nRationale: exactly-once with 2PC, and the team already runs Flink."),
        ),
        _fam(
            "ledger fact verified by exaplus",
            ("ledger fact",
             f"Fact: STAGE.ORDERS_RAW has 12 981 004 rows after the backfill. Verified by `exaplus -c exa-cl01.dwh.internal:8563 -u sys -p {exa_a} -sql \"SELECT COUNT(*) FROM STAGE.ORDERS_RAW;\"`."),
            ("debugging note",
             f"Debugging: the nightly pyexasol loader dies with `ExaAuthError: [08004] Connection exception - authentication failed`. The call in etl/load.py is\n    pyexasol.connect(dsn='exa-cl01.dwh.internal:8563', user='ETL_USER', password='{exa_b}', schema='STAGE', compression=True)\nand the same credentials work from EXAplus, so suspect the LDAP sync that ran at 01:00."),
            ("copied jdbc url",
             f"Note for the BI team: DBeaver connects with jdbc:exa:10.20.0.11..13:8563;schema=MART;user=tableau_ro;password={exa_c};fingerprint=0ad1e5b96b7c42f1 — the fingerprint pins the cluster's self-signed cert."),
        ),
        _fam(
            "ledger fact verified by kafkactl",
            ("diff hunk",
             f"--- a/deploy/kafkactl/config.yml\n+++ b/deploy/kafkactl/config.yml\n@@ -4,6 +4,12 @@ contexts:\n   local:\n     brokers:\n       - localhost:9092\n+  msk-prod:\n+    brokers:\n+      - b-1.orders.kafka.eu-west-1.amazonaws.com:9096\n+    sasl:\n+      enabled: true\n+      mechanism: scram-sha512\n+      username: svc-orders\n+      password: {kctl_a}\n current-context: local"),
            ("shell command",
             f"CONTEXTS_DEFAULT_BROKERS=kafka-1.staging:9093 CONTEXTS_DEFAULT_SASL_ENABLED=true CONTEXTS_DEFAULT_SASL_USERNAME=billing CONTEXTS_DEFAULT_SASL_PASSWORD='{kctl_b}' kafkactl describe consumer-group billing-invoicer"),
            ("ledger fact",
             f"Fact: topic payments.v2 has 24 partitions and min.insync.replicas=2 on prod. Verified by `kafkactl --context prod describe topic payments.v2` with the context set up via `kafkactl config use-context prod` (sasl user ledger-agent, password {kctl_c})."),
        ),
        _fam(
            "ledger fact verified by zookeeper-shell addauth",
            ("session transcript",
             f"$ bin/zookeeper-shell.sh zk-1.kafka.internal:2181\nConnecting to zk-1.kafka.internal:2181\nWelcome to ZooKeeper!\naddauth digest kafka-admin:{zk_a}\ngetAcl /brokers/ids\n'digest,'kafka-admin:Ylq3mQ9pZ0m4o7wS8rH3Vb6UqJk=\n: cdrwa"),
            ("decision",
             f"Decision: brokers authenticate to ZooKeeper with DIGEST-MD5 until the KRaft migration. kafka_server_jaas.conf on every broker:\n\nClient {{\n  org.apache.zookeeper.server.auth.DigestLoginModule required\n  username=\"kafka\"\n  password=\"{zk_b}\";\n}};"),
            ("ledger fact",
             f"Fact: the /hbase znode is locked to the hbase digest user only. Verified by `zkCli.sh -server zk-2:2181` then `addauth digest hbase:{zk_c}` and `getAcl /hbase` (one digest entry, cdrwa)."),
        ),
        _fam(
            "ledger fact verified by xcrun altool upload",
            ("ledger fact",
             f"Fact: build 4.12.0 (1187) reached App Store Connect processing. Verified by `xcrun altool --upload-app -f build/Ledgerly.ipa -t ios -u release@nordwerk.studio -p {asp_a}` → \"No errors uploading 'build/Ledgerly.ipa'\"."),
            ("ci log",
             f"[09:14:55] ▸ Notarizing Ledgerly.dmg\n[09:14:55] $ xcrun notarytool submit dist/Ledgerly-4.12.0.dmg --apple-id release@nordwerk.studio --team-id 7XK2M9QZ4L --password {asp_b} --wait\n[09:16:31]   status: Accepted\n[09:16:31]   id: 2f1d9a6c-51b8-4a37-9f0e-6c1b8e3d7a40"),
            ("handoff note",
             f"Handoff: TestFlight uploads run from the Mac mini in the office (mini-02). If the Fastfile step breaks, fall back to `xcrun altool --validate-app` then `--upload-app` with the app-specific password for ios-ci@nordwerk.studio: {asp_c}"),
        ),
        _fam(
            "ledger fact verified by bundletool build-apks",
            ("ledger fact",
             f"Fact: the AAB splits install on a Pixel 6a (API 34). Verified by `java -jar tools/bundletool-all-1.17.2.jar build-apks --bundle=app/build/outputs/bundle/release/app-release.aab --output=/tmp/app.apks --ks=keystore/upload.jks --ks-pass=pass:{ks_a} --ks-key-alias=upload --key-pass=pass:{ks_b}` then `install-apks --apks=/tmp/app.apks`."),
            ("debugging log",
             f"[Error] Command failed: bundletool build-apks --bundle=release.aab --output=release.apks --mode=universal --ks=/home/runner/work/_temp/release.keystore --ks-pass=pass:{ks_c} --ks-key-alias=release\nError: Keystore was tampered with, or password was incorrect"),
            ("tool-call json",
             json.dumps({"name": "bash", "input": {"command": f"bundletool build-apks --bundle=app.aab --output=app.apks --connected-device --ks=debug/upload.p12 --ks-pass=pass:{ks_d} --ks-key-alias=key0 --overwrite"}})),
        ),
        _fam(
            "ledger fact verified by mongoimport",
            ("ledger fact",
             f"Fact: catalog.products is seeded with the 2 417 SKUs from fixtures/products.json. Verified by `mongoimport --uri \"mongodb+srv://seed_writer:{mi_a}@cluster0.x7k2p.mongodb.net/catalog\" --collection products --file fixtures/products.json --jsonArray --drop` → 2417 document(s) imported successfully. 0 document(s) failed to import."),
            ("shell history",
             f"  412  mongoimport --host rs0/mongo-a:27017,mongo-b:27017 --username ingest --password '{mi_b}' --authenticationDatabase admin --db events --collection raw --type csv --headerline --file /data/export/events_2026-12.csv"),
            ("runbook step",
             f"Step 3 of the restore runbook (as I ran it): mongoimport --uri 'mongodb://restore:{mi_c}@10.4.2.15:27017/?authSource=admin' -d crm -c contacts --file contacts.ndjson --numInsertionWorkers 4"),
        ),
        _fam(
            "ledger decision quoting a crossplane provider config",
            ("decision",
             "Decision: provider-azure uses a service principal stored in crossplane-system/azure-creds, not workload identity, until AKS 1.31. The secret as applied:\n\napiVersion: v1\nkind: Secret\nmetadata:\n  name: azure-creds\n  namespace: crossplane-system\ntype: Opaque\nstringData:\n  credentials: |\n    " + json.dumps({"clientId": _uuid(), "clientSecret": az_secret, "subscriptionId": _uuid(), "tenantId": _uuid()})),
            ("diff hunk",
             f"+apiVersion: v1\n+kind: Secret\n+metadata:\n+  name: pg-provider-creds\n+  namespace: crossplane-system\n+stringData:\n+  endpoint: pg-main.postgres.database.azure.com\n+  port: \"5432\"\n+  username: crossplane_admin\n+  password: {cp_b}\n+---\n+apiVersion: postgresql.sql.crossplane.io/v1alpha1\n+kind: ProviderConfig\n+metadata:\n+  name: pg-main"),
            ("command output",
             f"$ kubectl -n crossplane-system get secret sql-provider-creds -o jsonpath='{{.data.password}}' | base64 -d\n{cp_c}\n$ # matches what the Composition expects, so the XR failure is elsewhere"),
        ),
        _fam(
            "ledger note on an opentofu state encryption passphrase",
            ("diff hunk",
             f"@@ -1,6 +1,18 @@\n terraform {{\n   required_version = \">= 1.8\"\n+  encryption {{\n+    key_provider \"pbkdf2\" \"state\" {{\n+      passphrase = \"{tofu_a}\"\n+    }}\n+    method \"aes_gcm\" \"state\" {{\n+      keys = key_provider.pbkdf2.state\n+    }}\n+    state {{\n+      method = method.aes_gcm.state\n+    }}\n+  }}\n }}"),
            ("ci config",
             f"# .woodpecker/plan.yml\nsteps:\n  plan:\n    image: ghcr.io/opentofu/opentofu:1.9\n    environment:\n      TF_ENCRYPTION: 'key_provider \"pbkdf2\" \"ci\" {{ passphrase = \"{tofu_b}\" }}'\n    commands:\n      - tofu init -input=false\n      - tofu plan -out=plan.bin"),
            ("debugging note",
             f"Debugging: `tofu plan` in envs/prod fails with \"decryption failed for all provided methods\". The prod state was encrypted with the old passphrase {tofu_c} before we rotated it last Tuesday; need a fallback block with that key_provider to migrate."),
        ),
        _fam(
            "ledger decision quoting a filebeat output",
            ("decision",
             f"Decision: Filebeat ships straight to the ingest nodes with an API key scoped to logs-*-*, dropping the Logstash hop. filebeat.yml:\n\noutput.elasticsearch:\n  hosts: [\"https://es-ingest-01:9200\", \"https://es-ingest-02:9200\"]\n  api_key: \"{fb_api}\"\n  ssl.certificate_authorities: [\"/etc/filebeat/ca.crt\"]"),
            ("diff hunk",
             f"--- a/roles/filebeat/templates/filebeat.yml.j2\n+++ b/roles/filebeat/templates/filebeat.yml.j2\n@@ -31,3 +31,5 @@\n-cloud.id: \"{{{{ filebeat_cloud_id }}}}\"\n-cloud.auth: \"{{{{ filebeat_cloud_auth }}}}\"\n+cloud.id: \"obs-prod:ZXUtd2VzdC0xLmF3cy5mb3VuZC5pbyQ5YjI0YzE=\"\n+cloud.auth: \"filebeat_writer:{fb_b}\""),
            ("ledger note",
             f"Note: on the three legacy VMs Filebeat still writes via output.logstash → ls-01:5044, and Logstash forwards with user logstash_internal / {fb_c}. Replace when the VMs are retired (ticket OPS-2217)."),
        ),
        _fam(
            "ledger decision quoting a zabbix agent2 plugin session",
            ("decision",
             f"Decision: monitor the billing Postgres through a named agent 2 session so the templates need no macros. /etc/zabbix/zabbix_agent2.d/plugins.d/postgresql.conf:\n\nPlugins.PostgreSQL.Sessions.Billing.Uri=tcp://pg-billing.internal:5432\nPlugins.PostgreSQL.Sessions.Billing.User=zbx_monitor\nPlugins.PostgreSQL.Sessions.Billing.Password={zbx_a}\nPlugins.PostgreSQL.Sessions.Billing.Database=billing"),
            ("diff hunk",
             f"+Plugins.Mysql.Sessions.shop.Uri=tcp://mysql-shop-01:3306\n+Plugins.Mysql.Sessions.shop.User=zbx_mon\n+Plugins.Mysql.Sessions.shop.Password={zbx_b}\n+Plugins.Redis.Sessions.cache.Uri=tcp://redis-01:6379"),
            ("debugging log",
             f"$ zabbix_agent2 -t 'pgsql.ping[\"tcp://pg-reporting:5432\",\"zbx_monitor\",\"{zbx_c}\",\"postgres\"]'\npgsql.ping[\"tcp://pg-reporting:5432\",\"zbx_monitor\",\"{zbx_c}\",\"postgres\"][s|1]"),
        ),
        _fam(
            "ledger decision quoting a collectd plugin block",
            ("decision",
             f"Decision: keep collectd on the appliance hosts (no agent allowed) and push to VictoriaMetrics over write_http. Block in /etc/collectd/collectd.conf.d/write_http.conf:\n\n<Plugin write_http>\n  <Node \"vm\">\n    URL \"https://vm-insert.metrics.internal/api/v1/import/prometheus\"\n    Format \"JSON\"\n    User \"collectd\"\n    Password \"{cd_a}\"\n  </Node>\n</Plugin>"),
            ("diff hunk",
             f"+<Plugin postgresql>\n+  <Database billing>\n+    Host \"pg-billing.internal\"\n+    Port \"5432\"\n+    User \"collectd\"\n+    Password \"{cd_b}\"\n+    Query backends\n+  </Database>\n+</Plugin>"),
            ("ledger note",
             f"Note: the mysql plugin on db-legacy-02 uses the old monitoring account — <Database shop> User \"collectd\" Password \"{cd_c}\" Host \"localhost\" — which is also used by the backup script, so rotate both together."),
        ),
        _fam(
            "ledger decision quoting a postgres_exporter dsn",
            ("decision",
             f"Decision: one postgres_exporter per cluster, run as a systemd unit on the monitoring host. Drop-in /etc/systemd/system/postgres_exporter@billing.service.d/env.conf:\n\n[Service]\nEnvironment=DATA_SOURCE_NAME=postgresql://pg_exporter:{pge_a}@pg-billing.internal:5432/postgres?sslmode=require"),
            ("shell command",
             f"docker run -d --name pg-exporter-crm --net host -e DATA_SOURCE_URI=pg-crm.internal:5432/postgres?sslmode=disable -e DATA_SOURCE_USER=pg_exporter -e DATA_SOURCE_PASS='{pge_b}' quay.io/prometheuscommunity/postgres-exporter:v0.16.0"),
            ("diff hunk",
             f"--- a/charts/monitoring/values-prod.yaml\n+++ b/charts/monitoring/values-prod.yaml\n@@ -58,7 +58,9 @@ prometheus-postgres-exporter:\n   config:\n     datasource:\n       host: pg-main.internal\n       user: pg_exporter\n-      passwordSecret: {{}}\n+      password: {pge_c}\n       sslmode: require"),
        ),
        _fam(
            "ledger note quoting a zuul job log",
            ("ledger note",
             f"Note: publish-docs failed on the post pipeline. Zuul console excerpt:\n2026-12-07 08:12:44.118203 | ubuntu-jammy | TASK [upload-docs : Rsync to docs host]\n2026-12-07 08:12:44.902117 | ubuntu-jammy | + RSYNC_PASSWORD={zuul_a} rsync -a --delete docs/_build/html/ rsync://docs@docs01.internal/site/\n2026-12-07 08:12:46.330901 | ubuntu-jammy | @ERROR: auth failed on module site"),
            ("job definition",
             f"- job:\n    name: publish-wheels\n    parent: opendev-publish-artifacts\n    vars:\n      nexus_url: https://nexus.internal/repository/pypi-internal/\n      nexus_user: zuul-publisher\n      nexus_password: {zuul_b}\n    run: playbooks/publish-wheels.yaml"),
            ("debugging log",
             f"2026-12-07 10:03:17.551 | controller | ok: [ubuntu-noble] => {{\n2026-12-07 10:03:17.551 | controller |     \"db_url\": \"postgresql://zuul:{zuul_c}@zuul-db.internal:5432/zuul\"\n2026-12-07 10:03:17.551 | controller | }}"),
        ),
        _fam(
            "ledger note quoting an onedev build log",
            ("ledger note",
             f"Note: build #884 of ledger-web failed at \"push image\". Log:\n15:02:11 Running step \"push image\"...\n15:02:11 + docker login -u ci-bot -p {od_a} registry.code.internal\n15:02:12 WARNING! Using --password via the CLI is insecure. Use --password-stdin.\n15:02:14 Error response from daemon: Get \"https://registry.code.internal/v2/\": unauthorized"),
            ("buildspec",
             f"version: 37\njobs:\n- name: deploy staging\n  steps:\n  - !CommandStep\n    name: migrate\n    image: postgres:16\n    interpreter: !DefaultInterpreter\n      commands: |\n        PGPASSWORD={od_b} psql -h pg-staging -U migrator -d app -f migrations/latest.sql"),
            ("debugging log",
             f"16:40:09 Executing job (executor: k8s-default)...\n16:40:33 + env | sort\n16:40:33 ONEDEV_BUILD_NUMBER=891\n16:40:33 ONEDEV_PROJECT_NAME=ledger-web\n16:40:33 SMTP_PASSWORD={od_c}\n16:40:33 SMTP_USER=notifier@code.internal"),
        ),
        _fam(
            "ledger note quoting a laminar job log",
            ("job script",
             f"#!/bin/bash -ex\n# /var/lib/laminar/cfg/jobs/deploy-site.run\nexport RSYNC_PASSWORD='{lam_a}'\ncd \"$WORKSPACE\"/site\nhugo --minify\nrsync -az --delete public/ rsync://deploy@web-01.internal/www/"),
            ("ledger note",
             f"Note: laminar run deploy-api #212 failed; the log shows the DSN in full because of `set -x`:\n+ psql postgresql://deploy:{lam_b}@pg-01.internal:5432/api -c 'select 1'\npsql: error: connection to server at \"pg-01.internal\" (10.0.3.11), port 5432 failed: FATAL:  no pg_hba.conf entry"),
            ("env file",
             f"# /var/lib/laminar/cfg/env — sourced into every job\nLAMINAR_TITLE=\"Hof CI\"\nREGISTRY_USER=laminar\nREGISTRY_PASS={lam_c}"),
        ),
        _fam(
            "ledger debugging note on a haskell postgresql-simple connectinfo",
            ("debugging note",
             f"Debugging: the worker exits with `SqlError {{sqlState = \"28P01\", sqlExecStatus = FatalError, sqlErrorMsg = \"password authentication failed for user \\\"hs_app\\\"\"}}`. src/Db.hs builds the connection like this:\n\nconn <- connect defaultConnectInfo\n  {{ connectHost = \"db-stg.internal\"\n  , connectUser = \"hs_app\"\n  , connectPassword = \"{hs_a}\"\n  , connectDatabase = \"ledger\"\n  }}"),
            ("ghci session",
             f"ghci> import Database.PostgreSQL.Simple\nghci> c <- connectPostgreSQL \"host=localhost port=5433 dbname=ledger user=hs_admin password={hs_b}\"\nghci> query_ c \"select count(*) from entries\" :: IO [Only Int]\n[Only {{fromOnly = 5211}}]"),
            ("ledger fact",
             f"Fact: the servant API reads its pool settings from config/prod.yaml (db.host, db.user, db.password: {hs_c}); verified by `cabal run api -- --check-db`, which printed \"pool ok (10 conns)\"."),
        ),
        _fam(
            "ledger debugging note on a perl dbi connect",
            ("debugging note",
             f"Debugging: bin/nightly_invoices.pl dies at line 41 with `DBI connect('dbname=ledger;host=pg-legacy','report',...) failed: FATAL:  password authentication failed`. The line reads\n    my $dbh = DBI->connect(\"dbi:Pg:dbname=ledger;host=pg-legacy\", \"report\", \"{pl_a}\", {{ RaiseError => 1, AutoCommit => 0 }});"),
            ("shell command",
             f"DBI_DSN='dbi:mysql:database=shop;host=mysql-ro' DBI_USER=shop_ro DBI_PASS='{pl_b}' perl -MDBI -e 'print DBI->connect->selectrow_array(\"select count(*) from orders\"), \"\\n\"'"),
            ("code excerpt",
             f"# lib/Legacy/Oracle.pm, still in use by the SAP export\nsub dbh {{\n    return DBI->connect('dbi:Oracle:host=ora1.internal;sid=LEDG;port=1521',\n                        'scott', '{pl_c}', {{ RaiseError => 1, ora_charset => 'AL32UTF8' }});\n}}"),
        ),
        _fam(
            "ledger debugging note on a dart postgres endpoint",
            ("debugging note",
             f"Debugging: the shelf backend on the staging box can't open a connection. bin/server.dart:\n\nfinal conn = await Connection.open(\n  Endpoint(host: 'pg-mobile-api.internal', database: 'app', username: 'dart_api', password: '{dt_a}'),\n  settings: ConnectionSettings(sslMode: SslMode.require),\n);\n\nError: Severity.fatal 28000: no pg_hba.conf entry for host \"10.8.0.14\""),
            ("ledger fact",
             f"Fact: migrations 0001–0017 are applied on staging. Verified by `dart run bin/migrate.dart --db-url postgres://dart_api:{dt_b}@pg-mobile-api.internal:5432/app --status`."),
            ("code excerpt",
             f"// test/integration/db_test.dart — points at the shared QA database\nconst qaEndpoint = Endpoint(\n  host: 'qa-db.internal',\n  database: 'app_qa',\n  username: 'qa_runner',\n  password: '{dt_c}',\n);"),
        ),
        _fam(
            "ledger debugging note on an erlang epgsql connect",
            ("shell transcript",
             f"1> {{ok, C}} = epgsql:connect(#{{host => \"pg-queue.internal\", username => \"rabbit_audit\", password => \"{erl_a}\", database => \"audit\", timeout => 4000}}).\n{{ok,<0.412.0>}}\n2> epgsql:squery(C, \"select count(*) from deliveries\").\n{{ok,[{{column,<<\"count\">>,int8,20,8,-1,1,0,0}}],[{{<<\"88214\">>}}]}}"),
            ("debugging note",
             f"Debugging: the release boots but the pool never fills. config/sys.config has\n  {{epgsql_pool, [{{host, \"pg-main.internal\"}}, {{port, 5432}}, {{username, \"ledger\"}}, {{password, \"{erl_b}\"}}, {{database, \"ledger\"}}, {{size, 10}}]}}\nand the logs show `{{error,invalid_authorization_specification}}` once per worker."),
            ("ledger fact",
             f"Fact: the audit consumer reconnects after a primary failover within 6 s. Verified in `rebar3 shell` by killing the primary and watching epgsql:connect(\"pg-audit-vip\", \"audit_rw\", \"{erl_c}\", #{{database => \"audit\"}}) succeed on retry 3."),
        ),
        _fam(
            "ledger debugging note on a ruby sequel connect",
            ("debugging note",
             f"Debugging: `rake db:migrate` in the Roda app points at the wrong database. config/db.rb:\n    DB = Sequel.connect(ENV.fetch('DATABASE_URL', 'postgres://sq_app:{sq_a}@pg-rb.internal:5432/shop'))\nThe fallback is used because .env isn't loaded in the rake task."),
            ("code excerpt",
             f"DB = Sequel.connect(\n  adapter: 'mysql2',\n  host: 'mysql-legacy.internal',\n  database: 'shop',\n  user: 'shop',\n  password: '{sq_b}',\n  max_connections: 8\n)"),
            ("ledger fact",
             f"Fact: schema is at version 20261201103000. Verified by `sequel -m db/migrations -E postgres://sq_admin:{sq_c}@pg-rb.internal/shop` (no pending migrations logged)."),
        ),
        _fam(
            "copied request to the pterodactyl client api",
            ("copied request",
             f"curl \"https://panel.hosting.internal/api/client/servers/1a7ce997/power\" \\\n  -H \"Authorization: Bearer {ptlc_a}\" \\\n  -H \"Accept: Application/vnd.pterodactyl.v1+json\" \\\n  -H \"Content-Type: application/json\" \\\n  -X POST -d '{{\"signal\": \"restart\"}}'"),
            ("ledger fact",
             f"Fact: node wings-03 hosts 14 servers. Verified with the application API: `curl -s https://panel.hosting.internal/api/application/nodes/3/allocations -H 'Authorization: Bearer {ptla_b}' | jq '.meta.pagination.total'` → 14."),
            ("tool-call json",
             json.dumps({"tool": "http_request", "args": {"method": "GET", "url": "https://panel.hosting.internal/api/client/servers/7b2f01d4/resources",
                                                           "headers": {"Authorization": f"Bearer {ptlc_c}", "Accept": "application/json"}}})),
        ),
        _fam(
            "copied request to the shlink api",
            ("copied request",
             f"curl -X POST https://s.nordwerk.link/rest/v3/short-urls \\\n  -H \"X-Api-Key: {shl_a}\" \\\n  -H \"Content-Type: application/json\" \\\n  -d '{{\"longUrl\": \"https://nordwerk.studio/blog/ledger-4-12\", \"customSlug\": \"ledger412\", \"tags\": [\"release\"]}}'"),
            ("command output",
             f"$ docker exec -it shlink shlink api-key:generate --name=ci-release\n\n [OK] Generated API key: \"{shl_b}\"\n"),
            ("compose excerpt",
             f"  shlink:\n    image: shlinkio/shlink:4.3\n    environment:\n      DEFAULT_DOMAIN: s.nordwerk.link\n      IS_HTTPS_ENABLED: \"true\"\n      INITIAL_API_KEY: {shl_c}\n      DB_DRIVER: postgres"),
        ),
        _fam(
            "copied request to the n8n public api",
            ("copied request",
             f"GET /api/v1/workflows?active=true HTTP/1.1\nHost: n8n.ops.internal\nAccept: application/json\nX-N8N-API-KEY: {n8n_a}"),
            ("tool-call json",
             json.dumps({"name": "fetch", "arguments": {"url": "https://n8n.ops.internal/api/v1/executions?status=error&limit=20",
                                                        "headers": {"X-N8N-API-KEY": n8n_b}}})),
            ("ledger fact",
             f"Fact: the \"invoice-sync\" workflow (id 42) is active on prod n8n. Verified by `curl -s -H 'X-N8N-API-KEY: {n8n_c}' https://n8n.ops.internal/api/v1/workflows/42 | jq .active` → true."),
        ),
        _fam(
            "copied request to the plausible stats api",
            ("copied request",
             f"curl -X POST https://plausible.io/api/v2/query \\\n  -H \"Authorization: Bearer {pla_a}\" \\\n  -H \"Content-Type: application/json\" \\\n  -d '{{\"site_id\": \"nordwerk.studio\", \"metrics\": [\"visitors\", \"pageviews\"], \"date_range\": \"30d\"}}'"),
            ("ledger fact",
             f"Fact: docs.nordwerk.studio had 18 204 visitors in November. Verified with the Stats API v1: `curl 'https://stats.nordwerk.studio/api/v1/stats/aggregate?site_id=docs.nordwerk.studio&period=month&date=2026-11-01' -H 'Authorization: Bearer {pla_b}'`."),
            ("debugging log",
             f"[sync-analytics] 2026-12-07T06:00:02Z POST https://plausible.io/api/v2/query headers={{'Authorization': 'Bearer {pla_c}', 'Content-Type': 'application/json'}} -> 401 {{\"error\": \"Invalid API key\"}}"),
        ),
        _fam(
            "ledger fact verified by apache druid sql api",
            ("ledger fact",
             f"Fact: the clicks datasource has data up to 2026-12-07T08:00Z. Verified by `curl -s -u druid_system:{dru_a} -H 'Content-Type: application/json' http://druid-router.internal:8888/druid/v2/sql -d '{{\"query\":\"SELECT MAX(__time) FROM clicks\"}}'`."),
            ("decision",
             f"Decision: enable basic auth on the Druid cluster with an internal escalator user. common.runtime.properties:\n\ndruid.auth.authenticatorChain=[\"basic\"]\ndruid.auth.authenticator.basic.type=basic\ndruid.auth.authenticator.basic.initialAdminPassword={dru_b}\ndruid.escalator.type=basic\ndruid.escalator.internalClientUsername=druid_system"),
            ("tool-call json",
             json.dumps({"tool": "run_terminal_command", "arguments": {"command": f"curl -s -u admin:{dru_c} http://druid-coordinator.internal:8081/druid/coordinator/v1/loadstatus?simple"}})),
        ),
        _fam(
            "diff hunk in a justfile",
            ("diff hunk",
             f"--- a/justfile\n+++ b/justfile\n@@ -1,5 +1,7 @@\n set dotenv-load\n+export PGPASSWORD := \"{just_a}\"\n+\n db-shell:\n-    psql -h localhost -U ledger ledger\n+    psql -h pg-staging.internal -U ledger ledger"),
            ("review comment",
             f"> +deploy-docs:\n> +    rsync -az site/ docs@docs01.internal:/srv/www/ && curl -u admin:{just_b} -X POST https://docs01.internal/api/purge\n\nPlease don't put the admin password in the recipe — use `{{{{env_var('DOCS_ADMIN_PASSWORD')}}}}`."),
            ("ledger note",
             f"Note: `just seed` now loads fixtures into the shared QA database — the recipe exports MYSQL_PWD={just_c} before calling mysql. Needs moving to .env before this lands."),
        ),
        _fam(
            "diff hunk in a nixos configuration module",
            ("diff hunk",
             f"--- a/hosts/grafana/configuration.nix\n+++ b/hosts/grafana/configuration.nix\n@@ -22,6 +22,10 @@\n   services.grafana = {{\n     enable = true;\n     settings.server.http_port = 3000;\n+    settings.security = {{\n+      admin_user = \"admin\";\n+      admin_password = \"{nix_a}\";\n+    }};\n   }};"),
            ("ledger note",
             f"Note: hosts/db/configuration.nix creates the app role with\n  services.postgresql.initialScript = pkgs.writeText \"init.sql\" ''\n    CREATE ROLE ledger WITH LOGIN PASSWORD '{nix_b}';\n    CREATE DATABASE ledger OWNER ledger;\n  '';\nwhich ends up world-readable in /nix/store — switch to agenix."),
            ("review comment",
             f"This hunk puts the office Wi-Fi key into the store:\n+  networking.wireless.networks.\"Hof-5G\".psk = \"{nix_c}\";\nUse `pskRaw = \"ext:psk_hof\"` with secretsFile instead."),
        ),
        _fam(
            "diff hunk in a mise toml env section",
            ("diff hunk",
             f"--- a/mise.toml\n+++ b/mise.toml\n@@ -3,5 +3,7 @@ node = \"22\"\n python = \"3.12\"\n \n [env]\n _.file = \".env\"\n+DATABASE_URL = \"postgres://ledger:{mise_a}@localhost:5432/ledger_dev\"\n+MEILI_MASTER_KEY = \"{mise_b}\""),
            ("command output",
             f"$ mise env | grep -i redis\nexport REDIS_URL=redis://default:{mise_c}@redis-stg.internal:6379/0"),
            ("ledger note",
             f"Note: mise.local.toml is gitignored but mise.toml is not, and the last commit moved [env] REDIS_PASSWORD = \"{mise_d}\" into mise.toml by mistake."),
        ),
        _fam(
            "diff hunk in a render blueprint yaml",
            ("diff hunk",
             f"--- a/render.yaml\n+++ b/render.yaml\n@@ -12,8 +12,10 @@ services:\n     envVars:\n       - key: NODE_ENV\n         value: production\n+      - key: ADMIN_PASSWORD\n+        value: {rnd_a}\n       - key: DATABASE_URL\n         fromDatabase:\n           name: ledger-db"),
            ("ledger note",
             f"Note: the worker service in render.yaml hardcodes `- key: DATABASE_URL value: postgres://ledger_user:{rnd_b}@dpg-ct1k9ql6l47c73f0a8sg-a.frankfurt-postgres.render.com/ledger` instead of fromDatabase; replacing it."),
            ("review comment",
             f"render.yaml L44: `value: {rnd_c}` for SMTP_PASS — please use `sync: false` so the value is entered in the dashboard."),
        ),
        _fam(
            "agent http tool call with a pagerduty events routing key",
            ("tool-call json",
             json.dumps({"tool": "http_request", "arguments": {"method": "POST", "url": "https://events.pagerduty.com/v2/enqueue",
                                                               "json": {"routing_key": pd_a, "event_action": "trigger",
                                                                        "payload": {"summary": "ledger-api p99 > 2s", "source": "ledger-api-prod", "severity": "warning"}}}})),
            ("decision",
             f"Decision: route ledger-api alerts to the Payments on-call service. Alertmanager receiver:\n\n- name: payments-oncall\n  pagerduty_configs:\n    - routing_key: {pd_b}\n      severity: '{{{{ .CommonLabels.severity }}}}'"),
            ("ledger fact",
             f"Fact: the PagerDuty integration fires and auto-resolves. Verified by `curl -s -X POST https://events.pagerduty.com/v2/enqueue -H 'Content-Type: application/json' -d '{{\"routing_key\":\"{pd_c}\",\"event_action\":\"trigger\",\"dedup_key\":\"ledger-test-1\",\"payload\":{{\"summary\":\"test\",\"source\":\"agent\",\"severity\":\"info\"}}}}'` then the same with resolve."),
        ),
    ]


def _formats() -> list[_Raw]:
    """Config files of tools the earlier corpora do not cover, as they are pasted."""
    kv_a, kv_b, kv_c = _r(8), _r(8), _r(8)
    pp_a, pp_b, pp_c = _pw(18), _pw(20), _pw(16)
    mx_a, mx_b, mx_c = _pw(20), _pw(18), _pw(22)
    bm_a, bm_b, bm_c = _pw(22), _pw(20), _pw(24)
    rm_a, rm_b, rm_c = _pw(18), _pw(20), _pw(16)
    wl_a, wl_b, wl_c = _pw(14), _pw(16), _pw(12)
    ms_a, ms_b, ms_c = _pw(20), _r(60), _pw(18)
    wf_a, wf_b, wf_c = _pw(18), _pw(20), _pw(16)
    mau_as, mau_hs = _r(64), _r(64)
    mau_b, mau_c = _r(64), _r(64)
    rc_a, rc_b, rc_c = _pw(18), _r(24, _ALNUM + "!@#%^*"), _pw(20)
    mw_a, mw_key, mw_up = _pw(16), _hx(64), _hx(16)
    mw_c = _pw(20)
    zs_a, zs_b, zs_c = _pw(20), _pw(22), _pw(18)
    tg_bot = f"{_digits(10)}:AA{_r(33, _B64URL)}"
    ap_b, ap_c = _r(16, string.ascii_lowercase), _pw(18)
    pm_a, pm_sec, pm_pub = _pw(22), _r(15, _LOWER_ALNUM), _r(15, _LOWER_ALNUM)
    pm_c = _pw(20)
    r2_a, r2_b, r2_c = _pw(20), _pw(18), _pw(22)
    cs_a, cs_b, cs_c = _pw(24), _b64(32), _pw(20)
    return [
        _fam(
            "keepalived vrrp auth_pass",
            ("config file",
             f"vrrp_instance VI_LB {{\n    state MASTER\n    interface ens192\n    virtual_router_id 51\n    priority 150\n    advert_int 1\n    authentication {{\n        auth_type PASS\n        auth_pass {kv_a}\n    }}\n    virtual_ipaddress {{\n        10.20.0.100/24\n    }}\n}}"),
            ("ansible vars",
             f"# group_vars/lb_pair.yml\nkeepalived_router_id: 61\nkeepalived_vip: 192.168.40.10/24\nkeepalived_auth_pass: \"{kv_b}\"\nkeepalived_interface: eth1"),
            ("forum post",
             f"Both nodes go MASTER at the same time (split brain). Backup config is identical except priority 100:\n\n    authentication {{\n        auth_type PASS\n        auth_pass {kv_c}\n    }}\n\nFirewall allows proto 112 on both sides. Any idea?"),
        ),
        _fam(
            "pgpool conf check passwords",
            ("config excerpt",
             f"# pgpool.conf (pgpool-II 4.5)\nsr_check_period = 10\nsr_check_user = 'pgpool'\nsr_check_password = '{pp_a}'\nhealth_check_period = 5\nhealth_check_user = 'pgpool'\nhealth_check_password = '{pp_a}'"),
            ("diff hunk",
             f"@@ -412,7 +412,7 @@\n recovery_user = 'postgres'\n-recovery_password = ''\n+recovery_password = '{pp_b}'\n recovery_1st_stage_command = 'recovery_1st_stage'"),
            ("support ticket",
             f"Subject: pgpool shows node 1 as down although replication works\n\nHello, since yesterday `show pool_nodes` reports status=down for pg-02. pgpool.log says \"failed to authenticate with backend using SCRAM\". Relevant settings:\nsr_check_user = 'repl_check'\nsr_check_password = '{pp_c}'\nbackend_hostname1 = 'pg-02.internal'\nThanks, Marek"),
        ),
        _fam(
            "maxscale cnf server password",
            ("config file",
             f"[Read-Write-Service]\ntype=service\nrouter=readwritesplit\ncluster=MariaDB-Monitor\nuser=maxscale\npassword={mx_a}\n\n[MariaDB-Monitor]\ntype=monitor\nmodule=mariadbmon\nservers=db1,db2,db3\nuser=maxscale_mon\npassword={mx_a}\nauto_failover=true"),
            ("shell history",
             f"  88  maxctrl create user ops-admin {mx_b} --type=admin\n  89  maxctrl list users"),
            ("chat message",
             f"can someone check maxscale on lb-db-02? it keeps logging \"Access denied for user 'maxscale'@'10.0.5.22'\". the monitor section has user=maxscale_mon password={mx_c} and that works from the mysql client"),
        ),
        _fam(
            "barman conf conninfo password",
            ("config file",
             f"[pg-main]\ndescription = \"Main PostgreSQL cluster\"\nconninfo = host=pg-main.internal user=barman dbname=postgres password={bm_a}\nstreaming_conninfo = host=pg-main.internal user=streaming_barman password={bm_a}\nbackup_method = postgres\nstreaming_archiver = on\nslot_name = barman"),
            ("diff hunk",
             f"--- a/roles/barman/templates/pg-crm.conf.j2\n+++ b/roles/barman/templates/pg-crm.conf.j2\n@@ -2,3 +2,3 @@\n-conninfo = host={{{{ pg_host }}}} user=barman dbname=postgres\n+conninfo = host=pg-crm.internal user=barman dbname=postgres password={bm_b}"),
            ("ticket comment",
             f"`barman check pg-reporting` fails with \"PostgreSQL: FAILED\". Running the conninfo by hand, `psql 'host=pg-rep.internal user=barman dbname=postgres password={bm_c}'`, works from the barman host, so it is not pg_hba."),
        ),
        _fam(
            "repmgr conf conninfo password",
            ("config file",
             f"node_id=2\nnode_name='pg-node2'\nconninfo='host=pg-node2.internal user=repmgr dbname=repmgr password={rm_a} connect_timeout=2'\ndata_directory='/var/lib/postgresql/16/main'\nfailover='automatic'\npromote_command='/usr/bin/repmgr standby promote -f /etc/repmgr.conf --log-to-file'"),
            ("shell command",
             f"sudo -u postgres repmgr -h pg-node1.internal -U repmgr -d 'dbname=repmgr password={rm_b}' -f /etc/repmgr.conf standby clone --dry-run"),
            ("mailing list post",
             f"Hi all, `repmgr cluster show` on node3 shows node1 as \"? unreachable\". repmgr.conf on node3:\nconninfo='host=10.0.7.13 user=repmgr dbname=repmgr password={rm_c}'\nAll three nodes run repmgr 5.4.1 on Debian 12."),
        ),
        _fam(
            "weblogic boot properties",
            ("file content",
             f"$ cat $DOMAIN_HOME/servers/AdminServer/security/boot.properties\nusername=weblogic\npassword={wl_a}"),
            ("wlst script",
             f"# scripts/deploy_ear.py  (run with wlst.sh)\nconnect('weblogic', '{wl_b}', 't3://wls-admin.internal:7001')\nedit()\nstartEdit()\ndeploy('ledger-ear', '/u01/deploy/ledger-ear-4.12.ear', targets='LedgerCluster')\nsave()\nactivate()"),
            ("runbook",
             f"Runbook: if the managed server won't start after a patch, recreate servers/ms1/security/boot.properties with\n  username=weblogic\n  password={wl_c}\nthen start it once so WebLogic encrypts the file."),
        ),
        _fam(
            "msbuild publish profile password",
            ("pubxml file",
             f"<Project>\n  <PropertyGroup>\n    <WebPublishMethod>MSDeploy</WebPublishMethod>\n    <MSDeployServiceURL>iis-stage-01.internal:8172</MSDeployServiceURL>\n    <DeployIisAppPath>Default Web Site/LedgerApi</DeployIisAppPath>\n    <UserName>deploy-ledger</UserName>\n    <Password>{ms_a}</Password>\n    <AllowUntrustedCertificate>True</AllowUntrustedCertificate>\n  </PropertyGroup>\n</Project>"),
            ("publishsettings file",
             f"<publishData><publishProfile profileName=\"ledger-api - Web Deploy\" publishMethod=\"MSDeploy\" publishUrl=\"ledger-api.scm.azurewebsites.net:443\" msdeploySite=\"ledger-api\" userName=\"$ledger-api\" userPWD=\"{ms_b}\" destinationAppUrl=\"https://ledger-api.azurewebsites.net\" /></publishData>"),
            ("build log",
             f"##[command]\"C:\\Program Files\\Microsoft Visual Studio\\2022\\BuildTools\\MSBuild\\Current\\Bin\\msbuild.exe\" Ledger.Web.csproj /p:DeployOnBuild=true /p:PublishProfile=Staging /p:UserName=deploy-ledger /p:Password={ms_c} /p:AllowUntrustedCertificate=true"),
        ),
        _fam(
            "wildfly standalone xml datasource password",
            ("config excerpt",
             f"<datasource jndi-name=\"java:jboss/datasources/LedgerDS\" pool-name=\"LedgerDS\">\n    <connection-url>jdbc:postgresql://pg-main.internal:5432/ledger</connection-url>\n    <driver>postgresql</driver>\n    <security>\n        <user-name>ledger_app</user-name>\n        <password>{wf_a}</password>\n    </security>\n</datasource>"),
            ("jboss-cli script",
             f"# configure-ds.cli\ndata-source add --name=ReportDS --jndi-name=java:/jdbc/ReportDS --driver-name=mysql --connection-url=jdbc:mysql://mysql-rep.internal:3306/reports --user-name=report --password={wf_b}\nreload"),
            ("stack overflow question",
             f"WildFly 31 keeps throwing IJ031084: Unable to create connection, FATAL: password authentication failed for user \"keycloak\". My datasource:\n\n<security user-name=\"keycloak\" password=\"{wf_c}\"/>\n\nThe same credentials work with psql from the container."),
        ),
        _fam(
            "mautrix bridge registration tokens",
            ("registration file",
             f"id: whatsapp\nurl: http://mautrix-whatsapp:29318\nas_token: {mau_as}\nhs_token: {mau_hs}\nsender_localpart: {_r(32, string.ascii_lowercase + string.digits)}\nrate_limited: false\nnamespaces:\n  users:\n  - regex: ^@whatsapp_.*:chat\\.nordwerk\\.studio$\n    exclusive: true"),
            ("config excerpt",
             f"appservice:\n    address: http://mautrix-telegram:29317\n    hostname: 0.0.0.0\n    port: 29317\n    database: postgres://mautrix:mautrix@db/telegram\n    id: telegram\n    bot_username: telegrambot\n    as_token: {mau_b}\n    hs_token: {mau_c}"),
            ("chat message",
             f"bridge is stuck, synapse logs show 403 M_UNKNOWN_TOKEN for the signal bridge. the as_token in registration.yaml is {_r(64)} — does it have to match the one in config.yaml exactly?"),
        ),
        _fam(
            "roundcube config des key and dsn",
            ("config excerpt",
             f"<?php\n$config = [];\n$config['db_dsnw'] = 'mysql://roundcube:{rc_a}@localhost/roundcubemail';\n$config['imap_host'] = 'ssl://mail.nordwerk.studio:993';\n$config['smtp_host'] = 'tls://mail.nordwerk.studio:587';\n$config['des_key'] = '{rc_b}';\n$config['plugins'] = ['archive', 'zipdownload', 'managesieve'];"),
            ("diff hunk",
             f"--- a/roundcube/config/config.inc.php\n+++ b/roundcube/config/config.inc.php\n@@ -14,3 +14,3 @@\n-$config['db_dsnw'] = 'pgsql://roundcube:@localhost/roundcube';\n+$config['db_dsnw'] = 'pgsql://roundcube:{rc_c}@pg-mail.internal/roundcube';"),
            ("docker env",
             f"ROUNDCUBEMAIL_DEFAULT_HOST=ssl://imap.nordwerk.studio\nROUNDCUBEMAIL_DB_TYPE=pgsql\nROUNDCUBEMAIL_DB_HOST=pg-mail\nROUNDCUBEMAIL_DB_USER=roundcube\nROUNDCUBEMAIL_DB_PASSWORD={_pw(22)}\nROUNDCUBEMAIL_SKIN=elastic"),
        ),
        _fam(
            "mediawiki localsettings secrets",
            ("config excerpt",
             f"## Database settings\n$wgDBtype = \"mysql\";\n$wgDBserver = \"localhost\";\n$wgDBname = \"wiki_nordwerk\";\n$wgDBuser = \"wikiuser\";\n$wgDBpassword = \"{mw_a}\";\n\n$wgSecretKey = \"{mw_key}\";\n$wgUpgradeKey = \"{mw_up}\";"),
            ("forum post",
             f"After moving to the new server I get \"Cannot access the database: Access denied for user 'wikiuser'@'localhost'\". LocalSettings.php has $wgDBuser = \"wikiuser\"; $wgDBpassword = \"{_pw(14)}\"; and I created the user with the same password. MediaWiki 1.42.3, MariaDB 10.11."),
            ("diff hunk",
             f"@@ -130,4 +130,6 @@ $wgEnableEmail = true;\n $wgSMTP = [\n     'host' => 'ssl://smtp.nordwerk.studio',\n     'IDHost' => 'nordwerk.studio',\n     'port' => 465,\n     'auth' => true,\n     'username' => 'wiki@nordwerk.studio',\n+    'password' => '{mw_c}',\n ];"),
        ),
        _fam(
            "zabbix server conf dbpassword",
            ("config excerpt",
             f"### Option: DBName\nDBName=zabbix\n\n### Option: DBUser\nDBUser=zabbix\n\n### Option: DBPassword\n#\tDatabase password.\n#\tComment this line if no password is used.\nDBPassword={zs_a}"),
            ("frontend config",
             f"<?php\n// /etc/zabbix/web/zabbix.conf.php\n$DB['TYPE']     = 'POSTGRESQL';\n$DB['SERVER']   = 'pg-zbx.internal';\n$DB['PORT']     = '5432';\n$DB['DATABASE'] = 'zabbix';\n$DB['USER']     = 'zabbix_web';\n$DB['PASSWORD'] = '{zs_b}';"),
            ("chat message",
             f"zabbix_proxy on site-graz won't start: \"cannot connect to database\". grep shows DBHost=localhost, DBName=zabbix_proxy, DBUser=zbx_proxy, DBPassword={zs_c} — and sqlite would not need any of that, so someone switched it to mysql"),
        ),
        _fam(
            "apprise and shoutrrr notification urls",
            ("config file",
             f"# /config/apprise.yml\nurls:\n  - tgram://{tg_bot}/-1002233445566\n  - mailtos://alerts:{ap_c}@mail.nordwerk.studio?to=ops@nordwerk.studio\n"),
            ("compose excerpt",
             f"  watchtower:\n    image: containrrr/watchtower:1.7.1\n    environment:\n      WATCHTOWER_NOTIFICATIONS: shoutrrr\n      WATCHTOWER_NOTIFICATION_URL: \"smtp://watchtower:{ap_b}@mail.nordwerk.studio:587/?from=watchtower@nordwerk.studio&to=ops@nordwerk.studio\"\n      WATCHTOWER_SCHEDULE: \"0 0 4 * * *\""),
            ("shell command",
             f"apprise -vv -t 'Backup done' -b 'nightly restic ok' 'gotify://push.nordwerk.studio/{_r(15, _ALNUM + '.-_')}' 'ntfys://ops:{_pw(16)}@ntfy.nordwerk.studio/backups'"),
        ),
        _fam(
            "pm2 ecosystem config env secret",
            ("config file",
             f"module.exports = {{\n  apps: [{{\n    name: 'ledger-api',\n    script: 'dist/server.js',\n    instances: 4,\n    exec_mode: 'cluster',\n    env_production: {{\n      NODE_ENV: 'production',\n      DB_HOST: 'pg-main.internal',\n      DB_PASS: '{pm_a}',\n    }},\n  }}],\n}};"),
            ("shell history",
             f"  301  pm2 link {pm_sec} {pm_pub}\n  302  pm2 save"),
            ("command output",
             f"$ pm2 env 0\nNODE_ENV: production\nPORT: 8080\nREDIS_URL: redis://:{pm_c}@redis-01.internal:6379/2\nunique_id: 3f2b8c4a-9d1e-4f6a-b0c7-21e5d8a94f13"),
        ),
        _fam(
            "r2dbc url password",
            ("properties file",
             f"spring.r2dbc.url=r2dbc:postgresql://ledger_svc:{r2_a}@pg-main.internal:5432/ledger\nspring.r2dbc.pool.initial-size=5\nspring.r2dbc.pool.max-size=20"),
            ("kotlin code",
             f"val factory = ConnectionFactories.get(\"r2dbc:pool:mysql://report:{r2_b}@mysql-rep.internal:3306/reports?maxSize=10\")"),
            ("startup log",
             f"2026-12-07 09:02:11.482  INFO 1 --- [main] o.s.b.a.r2dbc.ConnectionFactoryOptionsBuilder : Using R2DBC url r2dbc:mssql://sa:{r2_c}@mssql-01.internal:1433/ledger"),
        ),
        _fam(
            "chirpstack toml secrets",
            ("config excerpt",
             f"[postgresql]\n  dsn=\"postgres://chirpstack:{cs_a}@localhost/chirpstack?sslmode=disable\"\n  max_open_connections=10\n\n[api]\n  bind=\"0.0.0.0:8080\"\n  secret=\"{cs_b}\""),
            ("diff hunk",
             f"@@ -61,6 +61,8 @@\n [integration.mqtt]\n   server=\"tcp://mosquitto:1883/\"\n   json=true\n+  username=\"chirpstack\"\n+  password=\"{cs_c}\""),
            ("forum post",
             f"ChirpStack v4 gateway bridge can't reach the broker. chirpstack-gateway-bridge.toml:\n[integration.mqtt.auth.generic]\nservers=[\"tcp://mqtt.lora.internal:1883\"]\nusername=\"gw-bridge\"\npassword=\"{_pw(18)}\"\nAny ideas?"),
        ),
    ]


def _momento_key() -> str:
    """A legacy Momento API key: base64 of a JSON holding the endpoint and a JWT."""
    inner = _jwt({"sub": "ops@nordwerk.studio", "ver": 1, "p": _b64url(24)})
    body = json.dumps({"endpoint": "cell-4-eu-west-1-1.prod.a.momentohq.com", "api_key": inner},
                      separators=(",", ":"))
    return base64.b64encode(body.encode()).decode()


def _calendly_pat() -> str:
    """A Calendly personal access token: an ES512 JWT whose header names it a PAT."""
    header = _seg({"kid": "1ce1e136", "typ": "PAT", "alg": "ES512"})
    payload = _seg({"iss": "https://auth.calendly.com", "iat": 1764800000 + _RNG.randrange(2_000_000),
                    "jti": _uuid(), "user_uuid": _uuid()})
    return ".".join([header, payload, _b64url(66)])


def _vendor() -> list[_Raw]:
    """Vendor tokens in the formats their vendors document, each in three settings."""
    aiven = [_r(372, _ALNUM + "/+") for _ in range(3)]
    rak = [_RAK + _r(20, "0123456789ABCDEF") for _ in range(3)]
    rsk = [_RSK + _hx(80) for _ in range(3)]
    khalti = [_KHALTI_LIVE + _hx(32) for _ in range(3)]
    paymob = [_PAYMOB_SK + _hx(64) for _ in range(3)]
    pf_pass = [_pw(18), _pw(20), _pw(16)]
    liq_priv = [_r(40) for _ in range(3)]
    logz = [_r(32, string.ascii_letters) for _ in range(3)]
    lt = [_LT + _r(47) for _ in range(3)]
    lociq = [_LOCIQ + _hx(32) for _ in range(3)]
    cal = [_calendly_pat() for _ in range(3)]
    mom = [_momento_key() for _ in range(3)]
    termii = [_TERMII + _r(58) for _ in range(3)]
    urlscan = [_uuid() for _ in range(3)]
    mezmo = [_hx(32) for _ in range(3)]
    novita = [_NOVITA + _r(43, _B64URL) for _ in range(3)]
    speech = [_r(32) for _ in range(3)]
    return [
        _fam(
            "aiven api token",
            ("copied request",
             f"curl -s -H \"Authorization: aivenv1 {aiven[0]}\" https://api.aiven.io/v1/project/nordwerk-prod/service | jq '.services[].service_name'"),
            ("terraform variables",
             f"# envs/prod/terraform.tfvars\naiven_project = \"nordwerk-prod\"\naiven_api_token = \"{aiven[1]}\""),
            ("ci log",
             f"+ export AIVEN_TOKEN={aiven[2]}\n+ avn service list --project nordwerk-stg\nSERVICE_NAME   SERVICE_TYPE  STATE    CLOUD_NAME\npg-ledger      pg            RUNNING  google-europe-west3"),
        ),
        _fam(
            "rapyd access and secret key",
            ("dotenv file",
             f"RAPYD_BASE_URL=https://api.rapyd.net\nRAPYD_ACCESS_KEY={rak[0]}\nRAPYD_SECRET_KEY={rsk[0]}"),
            ("php config",
             f"<?php\nreturn [\n    'rapyd' => [\n        'access_key' => '{rak[1]}',\n        'secret_key' => '{rsk[1]}',\n        'sandbox' => false,\n    ],\n];"),
            ("slack message",
             f"prod rapyd keys for the payout worker, please put them in vault and delete this msg:\naccess {rak[2]}\nsecret {rsk[2]}"),
        ),
        _fam(
            "khalti live secret key",
            ("copied request",
             f"curl --location 'https://khalti.com/api/v2/epayment/initiate/' \\\n--header 'Authorization: key {khalti[0]}' \\\n--header 'Content-Type: application/json' \\\n--data '{{\"return_url\": \"https://pasal.com.np/checkout/return\", \"website_url\": \"https://pasal.com.np\", \"amount\": 130000, \"purchase_order_id\": \"ORD-88213\", \"purchase_order_name\": \"Dhaka topi\"}}'"),
            ("django settings",
             f"KHALTI_SECRET_KEY = \"{khalti[1]}\"\nKHALTI_INITIATE_URL = \"https://khalti.com/api/v2/epayment/initiate/\""),
            ("whatsapp message",
             f"Dai, live key ho yo, production ma halnus: {khalti[2]}"),
        ),
        _fam(
            "paymob secret key",
            ("dotenv file",
             f"PAYMOB_SECRET_KEY={paymob[0]}\nPAYMOB_PUBLIC_KEY={_PAYMOB_PK}{_r(32)}\nPAYMOB_INTEGRATION_ID=4821093"),
            ("copied request",
             f"POST /v1/intention/ HTTP/1.1\nHost: accept.paymob.com\nAuthorization: Token {paymob[1]}\nContent-Type: application/json\n\n{{\"amount\": 25000, \"currency\": \"EGP\", \"payment_methods\": [4821093], \"items\": [], \"billing_data\": {{\"first_name\": \"Mona\", \"last_name\": \"Adel\", \"phone_number\": \"+201000000000\"}}}}"),
            ("laravel config",
             f"'paymob' => [\n    'secret_key' => env('PAYMOB_SECRET_KEY', '{paymob[2]}'),\n    'hmac' => env('PAYMOB_HMAC'),\n],"),
        ),
        _fam(
            "payfast merchant key and passphrase",
            ("dotenv file",
             f"PAYFAST_MERCHANT_ID=1{_digits(7)}\nPAYFAST_MERCHANT_KEY={_r(13, string.ascii_lowercase + string.digits)}\nPAYFAST_PASSPHRASE={pf_pass[0]}\nPAYFAST_SANDBOX=false"),
            ("woocommerce settings export",
             json.dumps({"woocommerce_payfast_settings": {"enabled": "yes", "merchant_id": "1" + _digits(7), "merchant_key": _r(13, string.ascii_lowercase + string.digits),
                                                          "pass_phrase": pf_pass[1], "testmode": "no"}})),
            ("email",
             f"Hi Thabo,\n\nHere are the PayFast details for the shop site:\nMerchant ID: 1{_digits(7)}\nMerchant Key: {_r(13, string.ascii_lowercase + string.digits)}\nPassphrase: {pf_pass[2]}\n\nRegards,\nLerato"),
        ),
        _fam(
            "liqpay private key",
            ("python settings",
             f"LIQPAY_PUBLIC_KEY = \"{_LIQPAY_PUB}{_digits(11)}\"\nLIQPAY_PRIVATE_KEY = \"{liq_priv[0]}\""),
            ("php code",
             f"$liqpay = new LiqPay('{_LIQPAY_PUB}{_digits(11)}', '{liq_priv[1]}');\n$html = $liqpay->cnb_form([\n    'action' => 'pay', 'amount' => '450', 'currency' => 'UAH',\n    'description' => 'Замовлення 10482', 'order_id' => '10482', 'version' => '3',\n]);"),
            ("telegram message",
             f"Ключі LiqPay для магазину (бойові): public {_LIQPAY_PUB}{_digits(11)}, private {liq_priv[2]}. Після налаштування видаліть повідомлення."),
        ),
        _fam(
            "logz.io shipping token",
            ("fluent-bit config",
             f"[OUTPUT]\n    Name  http\n    Match *\n    Host  listener-eu.logz.io\n    Port  8071\n    URI   /?token={logz[0]}&type=ledger-api\n    Format json_lines\n    tls   On"),
            ("helm command",
             f"helm install -n monitoring logzio-monitoring logzio-helm/logzio-monitoring --set logs.enabled=true --set logzio-logs-collector.secrets.logzioLogsToken=\"{logz[1]}\" --set logzio-logs-collector.secrets.logzioRegion=eu --set global.env_id=prod-eu"),
            ("copied request",
             f"curl -X POST \"https://listener.logz.io:8071?token={logz[2]}&type=http-bulk\" -H 'Content-Type: application/json' -d '{{\"message\": \"deploy finished\", \"service\": \"ledger-api\"}}'"),
        ),
        _fam(
            "lambdatest access key",
            ("ci workflow",
             f"env:\n  LT_USERNAME: nordwerk.qa\n  LT_ACCESS_KEY: {lt[0]}\njobs:\n  e2e:\n    runs-on: ubuntu-24.04"),
            ("selenium code",
             f"hub = \"https://nordwerk.qa:{lt[1]}@hub.lambdatest.com/wd/hub\"\ndriver = webdriver.Remote(command_executor=hub, options=options)"),
            ("shell command",
             f"./LT --user nordwerk.qa --key {lt[2]} --tunnelName ledger-e2e --infoAPIPort 8000"),
        ),
        _fam(
            "locationiq access token",
            ("javascript code",
             f"const LOCATIONIQ_KEY = '{lociq[0]}';\nfetch(`https://eu1.locationiq.com/v1/search?key=${{LOCATIONIQ_KEY}}&q=${{encodeURIComponent(q)}}&format=json`)"),
            ("copied request",
             f"GET https://us1.locationiq.com/v1/reverse?key={lociq[1]}&lat=52.5200&lon=13.4050&format=json"),
            ("android resource",
             f"<resources>\n    <string name=\"app_name\">Ledger Go</string>\n    <string name=\"locationiq_token\">{lociq[2]}</string>\n</resources>"),
        ),
        _fam(
            "calendly personal access token",
            ("copied request",
             f"curl --request GET --url 'https://api.calendly.com/scheduled_events?organization=https://api.calendly.com/organizations/{_r(16, _UPPER_ALNUM)}&status=active' --header 'Authorization: Bearer {cal[0]}'"),
            ("n8n credential export",
             json.dumps({"name": "Calendly account", "type": "calendlyApi", "data": {"authType": "accessToken", "accessToken": cal[1]}})),
            ("dotenv file",
             f"CALENDLY_WEBHOOK_SIGNING_KEY_ID=booking-hook\nCALENDLY_TOKEN={cal[2]}"),
        ),
        _fam(
            "momento api key",
            ("dotenv file",
             f"MOMENTO_CACHE_NAME=ledger-sessions\nMOMENTO_API_KEY={mom[0]}"),
            ("lambda environment",
             json.dumps({"FunctionName": "ledger-session-gc", "Environment": {"Variables": {"MOMENTO_API_KEY": mom[1], "CACHE_NAME": "ledger-sessions"}}})),
            ("shell command",
             f"momento cache list --api-key {mom[2]}"),
        ),
        _fam(
            "termii api key",
            ("copied request",
             "curl -X POST https://v3.api.termii.com/api/sms/send -H 'Content-Type: application/json' -d '" + json.dumps({"to": "2348030000000", "from": "Ledger", "sms": "Your order has shipped", "type": "plain", "channel": "generic", "api_key": termii[0]}) + "'"),
            ("node config",
             f"module.exports = {{\n  termii: {{\n    apiKey: '{termii[1]}',\n    senderId: 'Ledger',\n    baseUrl: 'https://v3.api.termii.com',\n  }},\n}};"),
            ("slack message",
             f"@tunde termii key for the OTP service is {termii[2]} — staging and prod share it for now"),
        ),
        _fam(
            "urlscan api key",
            ("copied request",
             f"curl -X POST \"https://urlscan.io/api/v1/scan/\" -H \"Content-Type: application/json\" -H \"API-Key: {urlscan[0]}\" -d '{{\"url\": \"https://login-nordwerk-studio.example-phish.net\", \"visibility\": \"private\"}}'"),
            ("python code",
             f"URLSCAN_API_KEY = \"{urlscan[1]}\"\nresp = requests.post(\"https://urlscan.io/api/v1/scan/\", headers={{\"API-Key\": URLSCAN_API_KEY}}, json={{\"url\": url, \"visibility\": \"unlisted\"}})"),
            ("soar playbook",
             f"- name: submit to urlscan\n  uri:\n    url: https://urlscan.io/api/v1/scan/\n    method: POST\n    headers:\n      API-Key: {urlscan[2]}\n    body_format: json\n    body: {{ url: \"{{{{ suspicious_url }}}}\" }}"),
        ),
        _fam(
            "mezmo ingestion key",
            ("agent config",
             f"# /etc/logdna.env\nLOGDNA_INGESTION_KEY={mezmo[0]}\nLOGDNA_HOST=logs.mezmo.com\nLOGDNA_TAGS=ledger,prod"),
            ("kubectl command",
             f"kubectl create secret generic mezmo-agent-key -n mezmo-agent --from-literal=mezmo-ingestion-key={mezmo[1]}"),
            ("copied request",
             f"curl \"https://logs.mezmo.com/logs/ingest?hostname=ledger-api-7&now=$(date +%s)\" -u {mezmo[2]}: -H 'Content-Type: application/json' -d '{{\"lines\": [{{\"line\": \"deploy ok\", \"app\": \"ledger-api\", \"level\": \"INFO\"}}]}}'"),
        ),
        _fam(
            "novita ai api key",
            ("python code",
             f"from openai import OpenAI\nclient = OpenAI(base_url=\"https://api.novita.ai/v3/openai\", api_key=\"{novita[0]}\")"),
            ("copied request",
             f"curl https://api.novita.ai/v3/openai/chat/completions -H \"Authorization: Bearer {novita[1]}\" -H 'Content-Type: application/json' -d '{{\"model\": \"meta-llama/llama-3.1-8b-instruct\", \"messages\": [{{\"role\": \"user\", \"content\": \"ping\"}}]}}'"),
            ("dotenv file",
             f"LLM_PROVIDER=novita\nNOVITA_API_KEY={novita[2]}"),
        ),
        _fam(
            "speechmatics api key",
            ("copied request",
             f"curl -L -X POST \"https://asr.api.speechmatics.com/v2/jobs/\" -H \"Authorization: Bearer {speech[0]}\" -F data_file=@standup-2026-12-07.wav -F config='{{\"type\": \"transcription\", \"transcription_config\": {{\"language\": \"de\", \"operating_point\": \"enhanced\"}}}}'"),
            ("cli config",
             f"# ~/.speechmatics/config\n[default]\nauth_token = \"{speech[1]}\"\ngeneric_tls = false"),
            ("python code",
             f"settings = ConnectionSettings(url=\"wss://eu2.rt.speechmatics.com/v2\", auth_token=\"{speech[2]}\")\nws = speechmatics.client.WebsocketClient(settings)"),
        ),
    ]


_Lex = dict[str, tuple[str, ...]]

# The words, names, pets and teams each language's writers draw their passwords from.
_SUDAN: _Lex = {"words": ("Khartoum", "Nile", "Omdurman", "Kassala", "nimir", "Tuti"),
              "names": ("Hawa", "Osman", "Amna", "Mustafa", "Sara"), "teams": ("Hilal", "Merreikh")}
_LIBYA: _Lex = {"words": ("Tarablus", "Benghazi", "Misrata", "bazeen", "Leptis", "Sabha"),
              "names": ("Khaled", "Hana", "Salem", "Fatma"), "teams": ("Ittihad", "Ahly", "Nasr")}
_ALGERIA: _Lex = {"words": ("Wahran", "Dzair", "Bejaia", "Tizi", "Sahara", "Casbah"),
                "names": ("Yacine", "Amel", "Karim", "Lynda"), "teams": ("MCA", "USMA", "JSK", "CRB")}
_YEMEN: _Lex = {"words": ("Sanaa", "Aden", "Taiz", "Mukalla", "Mocha", "Hadramout"),
              "names": ("Ahmed", "Bilqis", "Nabil", "Arwa"), "teams": ("Ahli", "Tilal")}
_BAVARIA: _Lex = {"words": ("Weisswurst", "Brezn", "Dahoam", "Maibaum", "Gaudi", "Obazda"),
                "names": ("Sepp", "Vroni", "Wastl", "Resi"), "pets": ("Waldi", "Bello"),
                "teams": ("FCBayern", "Sechzger", "Loewen1860")}
_LIMBURG: _Lex = {"words": ("Vastelaovend", "Mestreech", "Vlaai", "Sjutterij", "Maas", "Heuvelland"),
                "names": ("Jeu", "Mieke", "Sjef", "Truus"), "teams": ("MVV", "Fortuna", "Roda")}
_MARI: _Lex = {"words": ("Marij", "Kokshaga", "Yoshkar", "Medvedevo", "Volzhsk", "Kugarnya"),
             "names": ("Aivika", "Orvika", "Ivan", "Olga"), "teams": ("Druzhba", "Spartak")}
_ERZYA: _Lex = {"words": ("Saransk", "Sura", "Erzyan", "Ardatov", "Rav", "Inyazor"),
              "names": ("Ineshke", "Vasyan", "Kaldazho", "Natalia"), "teams": ("Mordovia",)}
_OKINAWA: _Lex = {"words": ("shisa", "goya", "nuchigusui", "awamori", "chura", "Naha"),
                "names": ("Kamado", "Tsuru", "Ushi", "Kana"), "teams": ("kings", "ryukyu")}
_JEJU: _Lex = {"words": ("halla", "hallabong", "haenyeo", "gamgyul", "Seogwipo", "dolhareubang"),
             "names": ("minji", "seojun", "yuna", "jiho"), "teams": ("JejuUnited",)}
_TOISAN: _Lex = {"words": ("Toisan", "Hoisan", "gamsaan", "Sunning", "Guanghai", "chinatown"),
               "names": ("Wing", "Ming", "Kuen", "Lai"), "teams": ("Lakers", "Warriors")}
_FUZHOU: _Lex = {"words": ("Fuzhou", "Mawei", "Gushan", "Minjiang", "yudan", "Changle"),
               "names": ("linhua", "chenjie", "ahmei", "weiping"), "teams": ("Tianjin",)}
_TUVALU: _Lex = {"words": ("Funafuti", "Nukufetau", "Vaitupu", "fatele", "Tuvalu", "Fongafale"),
               "names": ("Sione", "Losa", "Teuila", "Saufatu"), "teams": ("Tofaga", "Lakena")}
_NIUE: _Lex = {"words": ("Niue", "Alofi", "Hakupu", "Avatele", "Liku", "uga"),
             "names": ("Moka", "Talagi", "Sefa", "Pita")}
_RARO: _Lex = {"words": ("Rarotonga", "Aitutaki", "Avarua", "Muri", "Tumunu", "Ikurangi"),
             "names": ("Tere", "Teina", "Ngaio", "Mataiapo"), "teams": ("Tupapa", "Nikao")}
_UVEA: _Lex = {"words": ("Uvea", "MataUtu", "Futuna", "Lalolalo", "kava", "Hihifo"),
             "names": ("Petelo", "Malia", "Soane", "Atelea")}
_POHNPEI: _Lex = {"words": ("Pohnpei", "Kolonia", "Sokehs", "sakau", "NanMadol", "Kitti"),
                "names": ("Kalio", "Marlene", "Joey", "Ioanis")}
_YAP: _Lex = {"words": ("Yap", "Colonia", "rai", "Maap", "Gagil", "manta"),
            "names": ("Tamag", "Falan", "Gilmar", "Tina")}
_PIJIN: _Lex = {"words": ("Honiara", "Malaita", "Guadalcanal", "Gizo", "kokonat", "Auki"),
              "names": ("Jimi", "Rose", "Walter", "Ellen"), "teams": ("Kossa", "Warriors", "Henderson")}
_MOTU: _Lex = {"words": ("Hanuabada", "Hiri", "Lakatoi", "Motuan", "Koki", "Gerehu"),
             "names": ("Gima", "Dika", "Vagi", "Kila"), "teams": ("Kumuls", "Hunters")}
_LAKOTA: _Lex = {"words": ("Tatanka", "Lakota", "Wakpala", "Mato", "Sunka", "Hehaka"),
               "names": ("Wanbli", "Tasina", "Chayton", "Winona"), "teams": ("Thunderbirds", "Braves"), "seasons": _SEASONS}
_MOHAWK: _Lex = {"words": ("Kahnawake", "Akwesasne", "Tiohtiake", "Onkwehonwe", "Kanata", "Ohswaken"),
               "names": ("Kahente", "Kanen", "Otsitsa", "Tekarontake"), "teams": ("Hawks", "Ironworkers"), "seasons": _SEASONS}
_OTOMI: _Lex = {"words": ("Mezquital", "Ixmiquilpan", "maguey", "pulque", "Hnahnu", "Tasquillo"),
              "names": ("Guadalupe", "Rosendo", "Xochitl", "Eusebio"), "teams": ("Tuzos", "Pachuca")}
_PUREPECHA: _Lex = {"words": ("Patzcuaro", "Janitzio", "Tzintzuntzan", "Uruapan", "Cheran", "Paracho"),
                  "names": ("Erendira", "Tanganxoan", "Juana", "Tata"), "teams": ("Monarcas", "Morelia")}
_LUO: _Lex = {"words": ("Kisumu", "Nyanza", "Ohangla", "Ugenya", "Siaya", "Rech"),
            "names": ("Odhiambo", "Akinyi", "Otieno", "Adhiambo"), "teams": ("GorMahia", "Kogalo")}
_LUHYA: _Lex = {"words": ("Kakamega", "Bungoma", "Isukuti", "Ingokho", "Vihiga", "Malava"),
              "names": ("Wafula", "Nafula", "Wekesa", "Nekesa"), "teams": ("Ingwe", "Leopards")}
_SWATI: _Lex = {"words": ("Mbabane", "Manzini", "Incwala", "Umhlanga", "Lobamba", "Sibaya"),
              "names": ("Sibusiso", "Nomsa", "Lindiwe", "Mandla"), "teams": ("Swallows", "Highlanders")}
_PEDI: _Lex = {"words": ("Polokwane", "Bapedi", "Limpopo", "Thaba", "Mmino", "Sekhukhune"),
             "names": ("Mpho", "Lesiba", "Mahlatse", "Kgabo"), "teams": ("Chiefs", "Pirates", "Sundowns")}
_WAMBO: _Lex = {"words": ("Ondangwa", "Oshakati", "Etosha", "omahangu", "Omusati", "Oshana"),
              "names": ("Ndapewa", "Tuyeni", "Shikongo", "Ndeshi"), "teams": ("BlackAfrica", "Tigers")}
_HERERO: _Lex = {"words": ("Okahandja", "Ovaherero", "Otjiwarongo", "Kaoko", "Okakarara", "ozongombe"),
               "names": ("Kaera", "Uaundja", "Vetaruhe", "Tjipee"), "teams": ("Africans", "Warriors")}
_SANGO: _Lex = {"words": ("Bangui", "Ubangi", "Bozoum", "Bangassou", "Boali", "Mbaiki"),
              "names": ("Yvonne", "Serge", "Gbako", "Clarisse"), "teams": ("Fauves", "Tempete")}
_KONGO: _Lex = {"words": ("Mbanza", "Kongo", "Matadi", "Nzambi", "Pointe", "Kinkala"),
              "names": ("Nsimba", "Makiese", "Ngoma", "Lusala"), "teams": ("Diables", "Vita")}
_MOORE: _Lex = {"words": ("Ouaga", "Kadiogo", "Yatenga", "Mogho", "Ziniare", "Koudougou"),
              "names": ("Rasmane", "Awa", "Salif", "Pogbi"), "teams": ("Etalons", "Rail")}
_DIOULA: _Lex = {"words": ("Bobo", "Dioulasso", "Korhogo", "Kong", "Odienne", "Banfora"),
               "names": ("Mariam", "Drissa", "Fanta", "Bakary"), "teams": ("ASEC", "Elephants")}
_REUNION: _Lex = {"words": ("Lareunion", "Cilaos", "Maloya", "Rougay", "Piton", "Kaf"),
                "names": ("Nadege", "Kevin", "Jeanyves", "Marlene"), "teams": ("JSSP", "Excelsior")}
_ANTILLES: _Lex = {"words": ("Gwada", "Madinina", "Zouk", "Bokit", "Karukera", "Soufriere"),
                 "names": ("Sandrine", "Loic", "Maryse", "Teddy"), "teams": ("Moulien", "Golden")}
_TRINI: _Lex = {"words": ("Carnival", "Soca", "Doubles", "Maracas", "Jouvert", "Steelpan"),
              "names": ("Keisha", "Dwayne", "Kavita", "Ravi"), "teams": ("Renegades", "Invaders", "Desperadoes")}
_BAJAN: _Lex = {"words": ("Bimshire", "Cropover", "Oistins", "flyingfish", "Bathsheba", "coucou"),
              "names": ("Shontelle", "Marlon", "Tricia", "Deon"), "teams": ("Empire", "Pride")}
_SPAIN: _Lex = {"words": ("Vecinos", "Portal", "Lavapies", "Chamberi", "Veranito", "Tortilla"),
              "names": ("Carmen", "Javier", "Lucia", "Paco"), "pets": ("Toby", "Luna", "Kira"),
              "teams": ("Atleti", "Betis", "RealMadrid", "Rayo"),
              "seasons": ("Verano", "Invierno", "Primavera", "Otono")}
_FRANCE: _Lex = {"words": ("Handball", "Crampons", "Vestiaire", "Tournoi", "Maillot", "Buvette"),
               "names": ("Mathis", "Chloe", "Lea", "Hugo"), "pets": ("Filou", "Caramel"),
               "teams": ("OM", "PSG", "OL", "ASSE", "RCLens"),
               "seasons": ("Printemps", "Ete", "Automne", "Hiver")}
_GARDEN: _Lex = {"words": ("Kleingarten", "Tomate", "Rosenkohl", "Laube", "Sonnenblume", "Gartenzwerg"),
               "names": ("Gisela", "Horst", "Ute", "Klaus"), "pets": ("Bello", "Mieze", "Struppi"),
               "teams": ("Schalke04", "BVB09", "HSV1887"),
               "seasons": ("Sommer", "Winter", "Fruehling", "Herbst")}
_RUSSIA: _Lex = {"words": ("Hostel", "Neva", "Piter", "Fontanka", "Kotik", "Belye"),
               "names": ("Dasha", "Sergey", "Natasha", "Vova"), "pets": ("Barsik", "Murka"),
               "teams": ("Zenit", "Spartak", "CSKA"), "seasons": ("Leto", "Zima", "Vesna", "Osen")}
_JAPAN: _Lex = {"words": ("sakura", "izakaya", "yakitori", "kanpai", "tanuki", "hoppy"),
              "names": ("yuki", "haruto", "sora", "mei"), "pets": ("pochi", "tama", "momo"),
              "teams": ("giants", "tigers", "carp", "hawks"), "seasons": ("natsu", "fuyu", "haru", "aki")}
_KOREA: _Lex = {"words": ("suhak", "saebom", "haneul", "gongbu", "hagwon", "sarang"),
              "names": ("jiwoo", "minseo", "dohyun", "seoyeon"), "pets": ("choco", "kongi"),
              "teams": ("lgtwins", "doosan", "kia")}
_CHINA: _Lex = {"words": ("sushe", "xuexi", "daxue", "nanjing", "woaini", "kaoyan"),
              "names": ("zhangwei", "lina", "xiaoming", "wangfang"), "pets": ("doudou", "huahua"),
              "teams": ("guoan", "shenhua")}
_HINDI: _Lex = {"words": ("Gulmohar", "Ganesh", "Shanti", "Ashoka", "Society", "Jaihind"),
              "names": ("Rahul", "Priya", "Anita", "Sharma"), "pets": ("Tommy", "Sheru"),
              "teams": ("CSK", "RCB", "MI", "KKR")}
_THAI: _Lex = {"words": ("sabai", "chokdee", "maew", "suay", "condo", "rakthai"),
             "names": ("ploy", "bank", "mint", "nong"), "pets": ("mali", "khaotom"),
             "teams": ("buriram", "muangthong")}
_VIET: _Lex = {"words": ("hoasen", "saigon", "anhyeuem", "tiemnail", "hoamai", "sen"),
             "names": ("linh", "trang", "tuan", "ngoc"), "pets": ("milu", "bong"),
             "teams": ("hagl", "hanoi")}
_DUTCH: _Lex = {"words": ("Fietsen", "Tulp", "Gezellig", "Polder", "Huisje", "Stroopwafel"),
              "names": ("Daan", "Sanne", "Bram", "Anouk"), "pets": ("Bobbie", "Snuf"),
              "teams": ("Ajax", "PSV", "Feyenoord"), "seasons": ("Zomer", "Winter", "Lente", "Herfst")}
_SWEDEN: _Lex = {"words": ("Fika", "Kanelbulle", "Midsommar", "Tvattstuga", "Sommarstuga", "Brf"),
               "names": ("Astrid", "Lars", "Elsa", "Anders"), "pets": ("Sixten", "Majken"),
               "teams": ("AIK", "Hammarby", "Djurgarden"), "seasons": ("Sommar", "Vinter", "Var", "Host")}
_DENTAL: _Lex = {"words": ("Smile", "Molar", "Floss", "Enamel", "Brighton", "Hove"),
               "names": ("Sophie", "Jack", "Olivia", "Harry"), "pets": ("Biscuit", "Milo", "Poppy"),
               "teams": ("Albion", "Arsenal", "Spurs"), "seasons": _SEASONS}


def _c(lex: dict[str, tuple[str, ...]]) -> str:
    return _chosen(lex["words"], lex.get("names", ()), lex.get("pets", ()), lex.get("teams", ()),
                   lex.get("seasons", lex["words"]))


# A Russian and a Korean word typed with the keyboard left on the Latin layout.
_RU_LAYOUT = str.maketrans("йцукенгшщзхъфывапролджэячсмитьбю",
                           "qwertyuiop[]asdfghjkl;'zxcvbnm,.")


def _ru_layout(word: str) -> str:
    return word.lower().translate(_RU_LAYOUT)


def _human() -> list[_Raw]:
    """Passwords people choose, where they type them, in the writer's language."""
    c = _c
    return [
        _fam(
            "sudanese and libyan arabic family group password",
            ("sudanese whatsapp family group",
             f"يا جماعة الخير، باسورد الواي فاي الجديد في بيت الحاجة بقى {c(_SUDAN)} — ما تدوهو لي زول من برّه البيت 🙏"),
            ("libyan arabizi sms",
             f"Salam 5ouya, el password mta3 el router taw {c(_LIBYA)} , badaltah el-barha. Shin 7alkom?"),
            ("sudanese voice note transcript",
             f"[رسالة صوتية ٠:٢٢] أيوه يا عثمان، كلمة السر بتاعت إيميل الشغل {c(_SUDAN)} ، بس ما تغيرها عشان أبوي بيدخل بيها برضو"),
        ),
        _fam(
            "algerian darija and yemeni arabic shop message password",
            ("algerian arabizi chat",
             f"Wesh khoya, le code ta3 l'ordi ta3 la caisse rah tbeddel: {c(_ALGERIA)} . Matgoulouch l'les clients 😅"),
            ("algerian shop notebook transcription",
             f"Cahier ta3 l7anout — page 3:\nWifi magasin : {c(_ALGERIA)}\nCCP : 0024 ... (ma3andich)\nFournisseur Samir 0555 .."),
            ("yemeni shop whatsapp",
             f"يا أخي الرقم السري حق الكمبيوتر حق المحل {c(_YEMEN)} ، لا تعطيه أحد غير نبيل"),
        ),
        _fam(
            "bavarian and limburgish club message password",
            ("bavarian trachtenverein whatsapp",
             f"Servus beinand! Des nei Passwort fürs WLAN im Schützenheim is {c(_BAVARIA)} – bittschön ned an de Gäst weidagebn. Pfiat eich, da Wastl"),
            ("bavarian sportheim fridge note",
             f"Zettl am Kühlschrank im Sportheim:\nKassa-PC\nBenutzer: wirt\nPasswort: {c(_BAVARIA)}\n(ned umstein!!)"),
            ("limburgish carnival club message",
             f"Hoi allemaol, 't wachwaord veur de computer in 't clubhoes is noe {c(_LIMBURG)}. Neet doorgaeve aon de jeugd! Alaaf, Sjef"),
        ),
        _fam(
            "mari and erzya village chat password",
            ("mari village chat",
             f"Салам, ялысе-влак! Клубысо вайфай пароль: {c(_MARI)}. Тау!"),
            ("erzya school teachers chat",
             f"Шумбрат, ялгат! Школань компьютерэнь од пароленть — {c(_ERZYA)}. Иляде кучо тейтерьнэнь."),
            ("mari voice message transcript",
             f"(голосовое) Aivika, салам... пароль от почты сельсовета я поменяла, теперь {c(_MARI)}, запиши куда-нибудь. Тау, пока"),
        ),
        _fam(
            "okinawan and jeju guesthouse message password",
            ("okinawan minshuku notice",
             f"めんそーれ！\n民宿のWi-Fi\nSSID: minshuku-kamado\nパスワードや {c(_OKINAWA)} やいびーん。\nゆたしくうにげーさびら。"),
            ("jeju guesthouse kakaotalk",
             f"혼저 옵서예~ 게스트하우스 와이파이 비번은 {c(_JEJU)} 우다. 체크아웃은 11시까지우다!"),
            ("okinawan family line",
             f"にーにー、おばぁのiPadのパスワード {c(_OKINAWA)} やさ。忘れんけーよー"),
        ),
        _fam(
            "taishanese and fuzhounese family group password",
            ("taishanese family whatsapp",
             f"阿嫲部iPad嘅密碼係 {c(_TOISAN)}，唔好俾啲細路知呀"),
            ("fuzhounese family wechat",
             f"伊厝wifi密码是 {c(_FUZHOU)}，汝莫共别侬讲哦"),
            ("taishanese association notice",
             f"台山同鄉會 電腦登入：帳號 office　密碼 {c(_TOISAN)}（請勿外傳）"),
        ),
        _fam(
            "tuvaluan and niuean church notice password",
            ("tuvaluan church notice",
             f"Talofa koutou. Te password o te wifi i te fale sa: {c(_TUVALU)}. Fakafetai lasi."),
            ("niuean church newsletter",
             f"Fakaalofa lahi atu. Ko e password he wifi he fale tapu ko {c(_NIUE)}. Fakaaue lahi."),
            ("tuvaluan messenger chat",
             f"Talofa Losa, te password o te komupiuta i te ofisa ko {c(_TUVALU)} — ke mo fai atu ki se tino."),
        ),
        _fam(
            "cook islands maori and wallisian family message password",
            ("rarotongan family chat",
             f"Kia orana e te kopu tangata! Te password no te wifi i te are ko {c(_RARO)}. Meitaki maata."),
            ("wallisian family messenger",
             f"Mālō te maʻuli! Ko te mot de passe o te wifi o te fale: {c(_UVEA)}. Mālō aupitō."),
            ("rarotongan sms",
             f"Kia orana Mama, te password o to email ko {c(_RARO)} — kare e tuatua ki tetai."),
        ),
        _fam(
            "pohnpeian and yapese office message password",
            ("pohnpeian office message",
             f"Kaselehlie! Password en wifi nan office: {c(_POHNPEI)}. Kalahngan."),
            ("yapese office message",
             f"Mogethin! Fare password ko computer ko office e {c(_YAP)}. Kammagar."),
            ("pohnpeian sms",
             f"Kaselehlie maing, password en email en office {c(_POHNPEI)}. Menlau kaidehn kasalehda ong aramas tohrohr."),
        ),
        _fam(
            "solomon pijin and hiri motu message password",
            ("pijin family chat",
             f"Halo olketa, niu password blo wifi long haos hem {c(_PIJIN)}. No givim long eniwan ya!"),
            ("pijin helpdesk ticket",
             f"Ticket #3381 — Plis helpim mi, mi no save login long email blo ministri. Password blo mi nao {c(_PIJIN)} bat hem se 'wrong password'. Tanggio, Ellen"),
            ("hiri motu message",
             f"Namona! Office computer ena password be {c(_MOTU)}. Tanikiu bada."),
        ),
        _fam(
            "lakota and mohawk tribal office notice password",
            ("lakota tribal office notice",
             f"Háu mitákuyepi!\nTribal office guest computer\nuser: frontdesk\npassword: {c(_LAKOTA)}\nPilámayaye"),
            ("mohawk band office email",
             f"Shé:kon sewakwé:kon,\n\nThe new login for the band office scanner is admin / {c(_MOHAWK)}. Please don't write it on the machine.\n\nNiá:wen,\nKahente"),
            ("lakota text message",
             f"Háu kola, password for the school laptop is {c(_LAKOTA)} — Tasina set it up"),
        ),
        _fam(
            "otomi and purepecha cooperative message password",
            ("otomi cooperative whatsapp",
             f"Ki hats'i! La contraseña de la compu de la cooperativa ahora es {c(_OTOMI)}. Ndunthi jamadi."),
            ("purepecha cooperative notice",
             f"Nare erandiski! Contraseña del internet de la cooperativa: {c(_PUREPECHA)}. Diosïmeni."),
            ("otomi voice note transcript",
             f"(audio 0:17) Oye Rosendo, la clave del correo de la cooperativa es {c(_OTOMI)}, apúntala bien porque ya no la voy a decir."),
        ),
        _fam(
            "luo and luhya family group password",
            ("luo family whatsapp",
             f"Oyawore jowa! Password mar wifi mar dala en {c(_LUO)}. Kik imiy ng'ato ma oko."),
            ("luhya family whatsapp",
             f"Mulembe! Password ya email ya harambee ni {c(_LUHYA)}. Mwisaala muyikhole bulahi."),
            ("luo sms",
             f"Ber ahinya Akinyi, password mar kompyuta mar ofis en {c(_LUO)}."),
        ),
        _fam(
            "swati and northern sotho stokvel group password",
            ("swati stokvel whatsapp",
             f"Sawubona bo make! I-password ye-account ye-stokvel ngu {c(_SWATI)}. Ningayiniki muntfu."),
            ("northern sotho stokvel whatsapp",
             f"Dumelang! Phasewete ya banka ya stokvel ke {c(_PEDI)}. Le se e fe motho."),
            ("swati sms",
             f"Yebo Nomsa, i-password ye-email ye-stokvel ngu {c(_SWATI)}"),
        ),
        _fam(
            "oshiwambo and herero message password",
            ("oshiwambo family whatsapp",
             f"Wa lele po! Oshipaswoord shoWiFi peumbo osho {c(_WAMBO)}."),
            ("herero family whatsapp",
             f"Moro! Ombaswoord yo-WiFi i {c(_HERERO)}. Okuhepa."),
            ("oshiwambo sms",
             f"Meme, password yo-email oyo {c(_WAMBO)}"),
        ),
        _fam(
            "sango and kikongo church message password",
            ("sango church whatsapp",
             f"Bara ala kue! Password ti wifi ti da ti Nzapa ayeke {c(_SANGO)}. Singila."),
            ("kikongo church notice",
             f"Mbote na beno! Password ya wifi ya nzo ya Nzambi kele {c(_KONGO)}. Matondo."),
            ("sango sms",
             f"Mbi tene na mo: password ti email ti église ayeke {c(_SANGO)}"),
        ),
        _fam(
            "moore and dioula shop message password",
            ("dioula shop whatsapp",
             f"I ni ce! Butiki ordinateur password ye {c(_DIOULA)} ye. A kana di mɔgɔ wɛrɛ ma."),
            ("moore shop whatsapp",
             f"Ne y yibeoogo! Butiki ordinateur password yaa {c(_MOORE)}. Barka."),
            ("dioula french mixed voice note",
             f"(vocal) Drissa, mot de passe Wave ta boutique la, c'est {c(_DIOULA)}, i ka a lamin, faut pas donner ça à quelqu'un hein"),
        ),
        _fam(
            "reunion and antillean creole message password",
            ("reunion creole family chat",
             f"Bonjour zot tout, le mot de passe wifi la kaz lé {c(_REUNION)}. Pa done personne!"),
            ("antillean creole family chat",
             f"Bonjou tout moun, modpas wifi-la sé {c(_ANTILLES)}. Pa bay pèsonn li."),
            ("reunion creole sms",
             f"Mi la shanj le code l'ordi la boutik: {c(_REUNION)} — marke ali kék part"),
        ),
        _fam(
            "trinidadian and bajan creole chat password",
            ("trinidadian mas camp chat",
             f"Aye, de wifi password for de mas camp is {c(_TRINI)}, doh give it out to nobody eh"),
            ("bajan shop chat",
             f"Wunna, de new password fuh de shop computer is {c(_BAJAN)}. Don' tell nobody nuh."),
            ("trinidadian band email",
             f"Allyuh, the band email login changed — user: bandleader@ / pw {c(_TRINI)}. Keisha have it too."),
        ),
        _fam(
            "castilian spanish residents association password",
            ("residents whatsapp group",
             f"Buenas vecinos, la clave del wifi de la sala comunitaria es {c(_SPAIN)}. Un saludo, el presidente (3ºB)"),
            ("portal notice",
             f"AVISO COMUNIDAD\nAcceso a la app del portero automático:\nusuario: portal12\ncontraseña: {c(_SPAIN)}\nLa Junta"),
            ("property manager email",
             f"Estimada Sra. Gómez:\n\nLe adjunto los datos de acceso a la plataforma de la comunidad.\nUsuario: comunidad.sanbernardo14\nClave: {c(_SPAIN)}\n\nAtentamente,\nAdministración de Fincas López"),
        ),
        _fam(
            "french sports association newsletter password",
            ("club newsletter",
             f"📣 Infos du club — décembre\nL'espace adhérents du site est en ligne ! Identifiant : adherent · mot de passe : {c(_FRANCE)}\nBonnes fêtes à tous !"),
            ("section whatsapp",
             f"Salut les coachs, le mdp du compte Insta du club c'est {c(_FRANCE)}, postez les résultats du week-end svp"),
            ("treasurer email",
             f"Bonjour Hugo,\n\nComme convenu, le mot de passe du compte HelloAsso de l'association est {c(_FRANCE)} (identifiant tresorier@).\n\nSportivement,\nChloé"),
        ),
        _fam(
            "german allotment garden association password",
            ("showcase notice",
             f"Aushang Schaukasten\nNeues WLAN im Vereinsheim\nNetz: KGV-Sonnenschein\nKennwort: {c(_GARDEN)}\nDer Vorstand"),
            ("board email",
             f"Hallo Ute,\n\ndie Zugangsdaten für die Vereinsverwaltung online: Benutzer kassierer@kgv-sonnenschein.de, PW {c(_GARDEN)}.\n\nGartenfreundliche Grüße\nHorst"),
            ("club chat",
             f"Das Passwort vom Vereinsrechner ist jetzt {c(_GARDEN)}, hab's gestern geändert. Klaus"),
        ),
        _fam(
            "russian hostel reception note password",
            ("reception note",
             f"Админка Bnovo\nлогин: reception2\nпароль: {c(_RUSSIA)}\n(не давать волонтёрам!)"),
            ("shift chat",
             f"Ребят, пароль от кассы поменял: {_ru_layout('пароль')}{_RNG.randrange(10, 99)} — тот же что у Даши был, только цифры другие"),
            ("shift handover",
             f"Передача смены 07.12\n— прачечная: 2 комплекта\n— почта бронирований: booking@ / {c(_RUSSIA)}\n— 4-й номер: протечка"),
        ),
        _fam(
            "japanese izakaya staff line password",
            ("staff line group",
             f"お疲れ様です！レジのパスワード変わりました→ {c(_JAPAN)} です。よろしくお願いします🙇"),
            ("order notebook transcription",
             f"連絡ノート 12/7\n※発注システム\nID: tenpo08\nPW: {c(_JAPAN)}\n生ビール樽 残り2"),
            ("manager line",
             f"食べログの管理画面のパスワード、{c(_JAPAN)} にしといた。店長"),
        ),
        _fam(
            "korean hagwon parent notice password",
            ("hagwon parent notice",
             f"[수학의정석학원] 학부모님 안내\n온라인 클래스 접속: 아이디는 학생 이름, 비밀번호는 {c(_KOREA)} 입니다."),
            ("teachers kakaotalk",
             f"원장님, 출결 시스템 비번 {c(_KOREA)} 로 바꿨어요~"),
            ("teacher sms",
             f"선생님 노트북 비번 tkfkd{_RNG.randrange(1000, 9999)} 이에요 (한글로 사랑)"),
        ),
        _fam(
            "mandarin university dormitory notice password",
            ("dorm group chat",
             f"309宿舍wifi密码改成 {c(_CHINA)} 了，别外传哈"),
            ("student union handover",
             f"学生会公众号交接：后台账号 xsh_admin，密码 {c(_CHINA)}，下一届记得改"),
            ("private wechat",
             f"校园网账号先借你用，学号 2023{_digits(6)}，密码 {c(_CHINA)}"),
        ),
        _fam(
            "hindi housing society notice password",
            ("society notice board",
             f"सूचना\nक्लब हाउस वाई-फाई का नया पासवर्ड: {c(_HINDI)}\n— प्रबंधन समिति, गुलमोहर सोसाइटी"),
            ("rwa whatsapp",
             f"Society ke MyGate admin ka password {c(_HINDI)} hai, treasurer ji note kar lein 🙏"),
            ("secretary email",
             f"प्रिय शर्मा जी,\nसोसाइटी के नेटबैंकिंग का यूज़र आईडी rwa_sec और पासवर्ड {c(_HINDI)} है। कृपया किसी को न बताएं।\nधन्यवाद"),
        ),
        _fam(
            "thai condominium juristic office password",
            ("juristic office line",
             f"นิติบุคคลแจ้ง: คอมห้องนิติ user: admin รหัส {c(_THAI)} ค่ะ"),
            ("resident line chat",
             f"รหัสแอปจองส่วนกลางของห้อง 1207 คือ {c(_THAI)} นะคะ ฝากพี่ดูให้หน่อย"),
            ("sticky note transcription",
             f"โพสอิทข้างเครื่องสแกน: Scanner นิติ → {c(_THAI)}"),
        ),
        _fam(
            "vietnamese nail salon staff chat password",
            ("staff zalo group",
             f"Mấy chị ơi, pass wifi tiệm mới đổi: {c(_VIET)}"),
            ("staff chat",
             f"Mật khẩu máy POS là {c(_VIET)} nha, đừng cho khách thấy"),
            ("owner message",
             f"Pass Facebook page của tiệm là {c(_VIET)}, chị Linh giữ giùm em"),
        ),
        _fam(
            "dutch owners association email password",
            ("owners association email",
             f"Beste bewoners,\n\nHet wachtwoord voor het VvE-portaal is gewijzigd in {c(_DUTCH)}.\n\nMet vriendelijke groet,\nhet bestuur"),
            ("meeting minutes",
             f"Notulen ALV 3 december\n5. Inloggegevens bankrekening VvE: gebruikersnaam penningmeester, wachtwoord {c(_DUTCH)} — overgedragen aan Sanne."),
            ("neighbours app",
             f"ww van de gezamenlijke wifi in de fietsenstalling: {c(_DUTCH)}"),
        ),
        _fam(
            "swedish housing cooperative notice password",
            ("laundry room notice",
             f"Bokningssystemet för tvättstugan\nAnvändarnamn: styrelsen\nLösenord: {c(_SWEDEN)}\n/Styrelsen Brf Kanelbullen"),
            ("board email",
             f"Hej!\n\nLösenordet till föreningens Fortnox är {c(_SWEDEN)}. Byt gärna när du loggat in.\n\nMvh Astrid, kassör"),
            ("text message",
             f"Koden till styrelserummets dator är {c(_SWEDEN)} /Anders"),
        ),
        _fam(
            "english dental clinic handover password",
            ("reception handover note",
             f"Handover – Mon 7 Dec\n• Dentrix front desk login: reception1 / {c(_DENTAL)}\n• Mrs Patel moved to Thu 10:40\n• Card machine paper low"),
            ("sticky note transcription",
             f"[photo of monitor post-it]\nXRAY PC\n{c(_DENTAL)}"),
            ("teams message",
             f"Hey Olivia, the password for the practice's Google Business profile is {c(_DENTAL)} – can you reply to the new reviews?"),
        ),
    ]


def _ord_agent() -> list[str]:
    """Ledger entries in the agent settings above, with no credential in them."""
    return [
        "Fact: the MV_DAILY_SALES refresh job is ENABLED on orclpdb1. Verified by `sql -S -name rpt_owner_stg @sql/check_jobs.sql` (saved connection; the password lives in the SQLcl connection store).",
        "SQL> connect app_batch@ora-uat.internal:1521/FREEPDB1\nPassword? (**********?) ****************\nConnected.",
        json.dumps({"tool": "run_terminal_command", "arguments": {"command": "sql -S -cloudconfig /opt/wallet/Wallet_LEDGER.zip admin/\"$ADB_ADMIN_PASSWORD\"@ledger_high @scripts/grant_reporting.sql"}}),
        "Decision: SQLcl scripts take credentials from the OCI vault via `oci secrets secret-bundle get`; never inline user/password@service in a script.",
        "curl --location-trusted -u \"loader:${SR_LOADER_PASSWORD}\" -H \"label:orders_20261207_04\" -T exports/orders.csv http://sr-fe-01.analytics.internal:8030/api/analytics/orders/_stream_load",
        "Fact: Stream Load label orders_20261207_03 finished: \"Status\": \"Success\", \"NumberTotalRows\": 48213, \"NumberLoadedRows\": 48213, \"LoadBytes\": 7340032, \"TxnId\": 88123.",
        "Decision: the StarRocks sink reads 'password' = '${STARROCKS_SINK_PASSWORD}' from the Flink job's Kubernetes secret; the DDL in git only holds the placeholder.",
        "Fact: STAGE.ORDERS_RAW row count is 12 981 004. Verified by `exaplus -c exa-cl01.dwh.internal:8563 -u sys -P -sql \"SELECT COUNT(*) FROM STAGE.ORDERS_RAW;\"` (-P prompts for the password).",
        "Debugging: pyexasol raises ExaAuthError [08004] for ETL_USER; the password comes from os.environ['EXA_ETL_PASSWORD'] and was empty in the cron environment. Fixed by sourcing /etc/etl/env in the crontab line.",
        "DBeaver connection: jdbc:exa:10.20.0.11..13:8563;schema=MART;fingerprint=0ad1e5b96b7c42f1 (user tableau_ro, password in the team vault under 'Exasol/tableau_ro').",
        "contexts:\n  msk-prod:\n    brokers:\n      - b-1.orders.kafka.eu-west-1.amazonaws.com:9096\n    sasl:\n      enabled: true\n      mechanism: scram-sha512\n      username: svc-orders\n      password: ${KAFKA_SCRAM_PASSWORD}",
        "CONTEXTS_DEFAULT_SASL_PASSWORD=\"$(vault kv get -field=password secret/kafka/billing)\" kafkactl describe consumer-group billing-invoicer",
        "Fact: topic payments.v2 has 24 partitions, replication factor 3, min.insync.replicas=2. Verified by `kafkactl --context prod describe topic payments.v2`.",
        "$ bin/zookeeper-shell.sh zk-1.kafka.internal:2181\ngetAcl /brokers/ids\n'world,'anyone\n: r\n'sasl,'kafka\n: cdrwa",
        "Decision: brokers move from DIGEST-MD5 to SASL/Kerberos for ZooKeeper; the JAAS Client section will use useKeyTab=true keyTab=\"/etc/security/keytabs/kafka.keytab\" principal=\"kafka/broker1@NORDWERK.INTERNAL\".",
        "Fact: build 4.12.0 (1187) reached App Store Connect. Verified by `xcrun altool --upload-app -f build/Ledgerly.ipa -t ios --apiKey 8K2XJ4M7QP --apiIssuer 69a6de7f-03e1-47e3-e053-5b8c7c11a4d1` (the .p8 is in ~/.appstoreconnect/private_keys, not in the repo).",
        "[09:14:55] $ xcrun notarytool submit dist/Ledgerly-4.12.0.dmg --keychain-profile \"notary-ci\" --wait\n[09:16:31]   status: Accepted",
        "Handoff: TestFlight uploads run from mini-02; the app-specific password for ios-ci@nordwerk.studio is stored in the login keychain as item 'AC_PASSWORD' and referenced as -p @keychain:AC_PASSWORD.",
        "Fact: the AAB splits install on a Pixel 6a. Verified by `bundletool build-apks --bundle=app-release.aab --output=/tmp/app.apks --ks=keystore/upload.jks --ks-pass=file:/run/secrets/ks_pass --ks-key-alias=upload --key-pass=file:/run/secrets/key_pass`.",
        "bundletool build-apks --bundle=release.aab --output=release.apks --mode=universal --ks=$RUNNER_TEMP/release.keystore --ks-pass=env:KEYSTORE_PASSWORD --ks-key-alias=release",
        "Fact: catalog.products holds 2 417 SKUs after seeding. Verified by `mongoimport --uri \"$SEED_MONGO_URI\" --collection products --file fixtures/products.json --jsonArray --drop`.",
        "mongoimport --host rs0/mongo-a:27017,mongo-b:27017 --username ingest --authenticationDatabase admin --db events --collection raw --type csv --headerline --file events.csv\nEnter password for mongo user:",
        "2026-12-07T10:14:22.318+0000\tconnected to: mongodb+srv://[**REDACTED**]@cluster0.x7k2p.mongodb.net/catalog\n2026-12-07T10:14:23.902+0000\t2417 document(s) imported successfully. 0 document(s) failed to import.",
        "Decision: provider-azure authenticates with workload identity (source: OIDCTokenFile) instead of a client secret; ProviderConfig azure-default references clientID 5b1e7a2c-9f43-4d8e-a6b0-3c7d91e2f458 and tenantID 72f988bf-86f1-41af-91ab-2d7cd011db47.",
        "apiVersion: postgresql.sql.crossplane.io/v1alpha1\nkind: ProviderConfig\nmetadata:\n  name: pg-main\nspec:\n  credentials:\n    source: PostgreSQLConnectionSecret\n    connectionSecretRef:\n      namespace: crossplane-system\n      name: pg-provider-creds",
        "terraform {\n  encryption {\n    key_provider \"pbkdf2\" \"state\" {\n      passphrase = var.state_passphrase\n    }\n    method \"aes_gcm\" \"state\" {\n      keys = key_provider.pbkdf2.state\n    }\n  }\n}",
        "Debugging: `tofu plan` fails with \"decryption failed for all provided methods\" because TF_VAR_state_passphrase was not exported in the job; the value is in the CI secret STATE_PASSPHRASE.",
        "Note: OpenTofu 1.9 state encryption uses key_provider \"aws_kms\" in prod (kms_key_id = \"alias/tofu-state\"), so no passphrase is involved there.",
        "output.elasticsearch:\n  hosts: [\"https://es-ingest-01:9200\"]\n  api_key: \"${FILEBEAT_API_KEY}\"\n  ssl.certificate_authorities: [\"/etc/filebeat/ca.crt\"]",
        "Decision: Filebeat API keys are created per host with `POST /_security/api_key` by the bootstrap role and written to the Filebeat keystore (`filebeat keystore add ES_API_KEY --stdin`), never to filebeat.yml.",
        "Plugins.PostgreSQL.Sessions.Billing.Uri=tcp://pg-billing.internal:5432\nPlugins.PostgreSQL.Sessions.Billing.User=zbx_monitor\nPlugins.PostgreSQL.Sessions.Billing.Password={$PG.PASSWORD}",
        "$ zabbix_agent2 -t 'pgsql.ping[\"Billing\"]'\npgsql.ping[\"Billing\"]                            [s|1]",
        "<Plugin write_http>\n  <Node \"vm\">\n    URL \"https://vm-insert.metrics.internal/api/v1/import/prometheus\"\n    Format \"JSON\"\n    User \"collectd\"\n    Password \"${COLLECTD_VM_PASSWORD}\"\n  </Node>\n</Plugin>",
        "Note: collectd's postgresql plugin on db-legacy-02 now connects over the local socket with peer auth (Host \"/var/run/postgresql\"), so no Password line is needed.",
        "[Service]\nEnvironment=DATA_SOURCE_URI=pg-billing.internal:5432/postgres?sslmode=require\nEnvironment=DATA_SOURCE_USER=pg_exporter\nEnvironment=DATA_SOURCE_PASS_FILE=/etc/postgres_exporter/billing.pass",
        "prometheus-postgres-exporter:\n  config:\n    datasource:\n      host: pg-main.internal\n      user: pg_exporter\n      passwordSecret:\n        name: pg-exporter-creds\n        key: password",
        "2026-12-07 08:12:44.902117 | ubuntu-jammy | + rsync -a --delete docs/_build/html/ rsync://docs@docs01.internal/site/ --password-file=/home/zuul/.rsync-pass\n2026-12-07 08:12:46.330901 | ubuntu-jammy | sent 4.82M bytes  received 91.3K bytes",
        "- job:\n    name: publish-wheels\n    parent: opendev-publish-artifacts\n    secrets:\n      - name: nexus_credentials\n        secret: nexus-publisher\n    run: playbooks/publish-wheels.yaml",
        "Note: Zuul secrets are encrypted with the project's public key (`zuul-client encrypt --tenant nordwerk --project ledger/web --infile pw.txt`); the ciphertext in .zuul.yaml is safe to commit.",
        "15:02:11 Running step \"push image\"...\n15:02:11 + echo \"****\" | docker login -u ci-bot --password-stdin registry.code.internal\n15:02:12 Login Succeeded",
        "  - !CommandStep\n    name: migrate\n    image: postgres:16\n    interpreter: !DefaultInterpreter\n      commands: |\n        PGPASSWORD=@secret:staging-db-password@ psql -h pg-staging -U migrator -d app -f migrations/latest.sql",
        "#!/bin/bash -ex\n# /var/lib/laminar/cfg/jobs/deploy-site.run\nexport RSYNC_PASSWORD=\"$(cat /var/lib/laminar/secrets/rsync-web01)\"\ncd \"$WORKSPACE\"/site\nhugo --minify",
        "Note: laminar run deploy-api #213 passed after removing `set -x` from the psql step; the DSN is now read from $LAMINAR_HOME/cfg/env.d/api-db (mode 0600).",
        "conn <- connect defaultConnectInfo\n  { connectHost = \"db-stg.internal\"\n  , connectUser = \"hs_app\"\n  , connectPassword = pwd\n  , connectDatabase = \"ledger\"\n  }\n  where pwd = unsafePerformIO (getEnv \"LEDGER_DB_PASSWORD\")",
        "ghci> c <- connectPostgreSQL \"host=localhost port=5433 dbname=ledger user=hs_admin\"  -- password from ~/.pgpass\nghci> query_ c \"select count(*) from entries\" :: IO [Only Int]\n[Only {fromOnly = 5211}]",
        "my $dbh = DBI->connect(\"dbi:Pg:dbname=ledger;host=pg-legacy\", $ENV{REPORT_DB_USER}, $ENV{REPORT_DB_PASS}, { RaiseError => 1, AutoCommit => 0 });",
        "DBI connect('dbname=ledger;host=pg-legacy','report',...) failed: FATAL:  password authentication failed for user \"report\" at bin/nightly_invoices.pl line 41.",
        "final conn = await Connection.open(\n  Endpoint(host: 'pg-mobile-api.internal', database: 'app', username: 'dart_api', password: Platform.environment['DB_PASSWORD']),\n  settings: ConnectionSettings(sslMode: SslMode.require),\n);",
        "Fact: migrations 0001–0017 are applied on staging. Verified by `dart run bin/migrate.dart --db-url \"$STAGING_DB_URL\" --status`.",
        "1> {ok, C} = epgsql:connect(#{host => \"pg-queue.internal\", username => \"rabbit_audit\", password => os:getenv(\"AUDIT_DB_PASSWORD\"), database => \"audit\"}).\n{ok,<0.412.0>}",
        "{epgsql_pool, [{host, \"pg-main.internal\"}, {port, 5432}, {username, \"ledger\"}, {password, {env, \"LEDGER_DB_PASSWORD\"}}, {database, \"ledger\"}, {size, 10}]}",
        "DB = Sequel.connect(ENV.fetch('DATABASE_URL'))  # e.g. postgres://user:password@host:5432/shop — see .env.example",
        "Fact: schema version 20261201103000, no pending migrations. Verified by `sequel -m db/migrations -E \"$ADMIN_DATABASE_URL\"`.",
        "curl \"https://panel.hosting.internal/api/client/servers/1a7ce997/power\" \\\n  -H \"Authorization: Bearer $PTERO_CLIENT_KEY\" \\\n  -H \"Accept: Application/vnd.pterodactyl.v1+json\" \\\n  -X POST -d '{\"signal\": \"restart\"}'",
        "Fact: node wings-03 (uuid 0f7b6c52-8d3e-4a19-b5f2-6e1d9c3a8b47) hosts 14 servers; allocations 25565–25579 are in use.",
        "curl -X POST https://s.nordwerk.link/rest/v3/short-urls -H \"X-Api-Key: $SHLINK_API_KEY\" -H \"Content-Type: application/json\" -d '{\"longUrl\": \"https://nordwerk.studio/blog/ledger-4-12\", \"customSlug\": \"ledger412\"}'",
        "$ docker exec -it shlink shlink api-key:list\n+------------+------------+-------------------+\n| Name       | Expiration | Is enabled        |\n+------------+------------+-------------------+\n| ci-release | -          | +++               |\n+------------+------------+-------------------+",
        "GET /api/v1/workflows?active=true HTTP/1.1\nHost: n8n.ops.internal\nAccept: application/json\nX-N8N-API-KEY: <redacted>",
        json.dumps({"name": "fetch", "arguments": {"url": "https://n8n.ops.internal/api/v1/executions?status=error&limit=20", "headers": {"X-N8N-API-KEY": "{{secrets.N8N_API_KEY}}"}}}),
        "curl -X POST https://plausible.io/api/v2/query -H \"Authorization: Bearer ${PLAUSIBLE_API_KEY}\" -H 'Content-Type: application/json' -d '{\"site_id\": \"nordwerk.studio\", \"metrics\": [\"visitors\"], \"date_range\": \"30d\"}'",
        "[sync-analytics] 2026-12-07T06:00:02Z POST https://plausible.io/api/v2/query -> 200 (results: 1, visitors: 18204)",
        "Fact: the clicks datasource has data up to 2026-12-07T08:00Z. Verified by `curl -s -n -H 'Content-Type: application/json' http://druid-router.internal:8888/druid/v2/sql -d '{\"query\":\"SELECT MAX(__time) FROM clicks\"}'` (credentials from ~/.netrc).",
        "druid.auth.authenticator.basic.initialAdminPassword={\"type\": \"environment\", \"variable\": \"DRUID_ADMIN_PASSWORD\"}\ndruid.escalator.internalClientPassword={\"type\": \"environment\", \"variable\": \"DRUID_SYSTEM_PASSWORD\"}",
        "--- a/justfile\n+++ b/justfile\n@@ -1,4 +1,4 @@\n set dotenv-load\n db-shell:\n-    psql -h localhost -U ledger ledger\n+    psql -h pg-staging.internal -U ledger ledger  # PGPASSWORD comes from .env",
        "deploy-docs:\n    rsync -az site/ docs@docs01.internal:/srv/www/ && curl -u \"admin:{{env_var('DOCS_ADMIN_PASSWORD')}}\" -X POST https://docs01.internal/api/purge",
        "services.grafana.settings.security = {\n  admin_user = \"admin\";\n  admin_password = \"$__file{/run/agenix/grafana-admin}\";\n};",
        "Note: the NixOS host now uses `networking.wireless.secretsFile = config.age.secrets.wifi.path;` with `pskRaw = \"ext:psk_hof\"`, so no Wi-Fi key is in the store.",
        "[env]\n_.file = \".env\"\nDATABASE_URL = \"postgres://ledger@localhost:5432/ledger_dev\"\nMEILI_MASTER_KEY = \"{{ env.MEILI_MASTER_KEY }}\"",
        "$ mise env | grep -i redis\nexport REDIS_URL=redis://redis-stg.internal:6379/0",
        "envVars:\n  - key: ADMIN_PASSWORD\n    sync: false\n  - key: DATABASE_URL\n    fromDatabase:\n      name: ledger-db\n      property: connectionString",
        "Note: render.yaml now uses `generateValue: true` for SESSION_SECRET; Render creates a random value on first deploy.",
        json.dumps({"tool": "http_request", "arguments": {"method": "POST", "url": "https://events.pagerduty.com/v2/enqueue", "json": {"routing_key": "${PAGERDUTY_ROUTING_KEY}", "event_action": "trigger", "payload": {"summary": "ledger-api p99 > 2s", "source": "ledger-api-prod", "severity": "warning"}}}}),
        "- name: payments-oncall\n  pagerduty_configs:\n    - routing_key_file: /etc/alertmanager/secrets/pd-payments\n      severity: '{{ .CommonLabels.severity }}'",
        "Fact: PagerDuty incident Q2K7ZL4V1M9P3A was opened and auto-resolved with dedup_key ledger-test-1; service PXJ4T8R (Payments).",
    ]


def _ord_formats() -> list[str]:
    """The same config files, with the secret held elsewhere or absent."""
    return [
        "vrrp_instance VI_LB {\n    state BACKUP\n    interface ens192\n    virtual_router_id 51\n    priority 100\n    advert_int 1\n    unicast_peer {\n        10.20.0.11\n    }\n    virtual_ipaddress {\n        10.20.0.100/24\n    }\n}",
        "keepalived_auth_pass: \"{{ vault_keepalived_auth_pass }}\"\nkeepalived_router_id: 61\nkeepalived_vip: 192.168.40.10/24",
        "Note: keepalived only uses the first 8 characters of auth_pass, and VRRPv3 drops authentication entirely — use a unique virtual_router_id per segment instead.",
        "sr_check_user = 'pgpool'\nsr_check_password = ''\n# empty: pgpool looks the password up in pool_passwd\nhealth_check_user = 'pgpool'\nhealth_check_password = ''",
        "$ pg_enc -m -k /var/lib/pgsql/.pgpoolkey -u pgpool -p\ndb password: \ntrying to read key from file /var/lib/pgsql/.pgpoolkey",
        "[Read-Write-Service]\ntype=service\nrouter=readwritesplit\ncluster=MariaDB-Monitor\nuser=maxscale\npassword=${MAXSCALE_SERVICE_PASSWORD}",
        "$ maxctrl create user ops-admin --type=admin\nmaxctrl: password not given on the command line, reading from stdin",
        "[pg-main]\ndescription = \"Main PostgreSQL cluster\"\nconninfo = host=pg-main.internal user=barman dbname=postgres\nstreaming_conninfo = host=pg-main.internal user=streaming_barman\n; passwords come from ~barman/.pgpass",
        "$ barman check pg-main\nServer pg-main:\n\tPostgreSQL: OK\n\tsuperuser or standard user with backup privileges: OK\n\tWAL archive: OK",
        "conninfo='host=pg-node2.internal user=repmgr dbname=repmgr connect_timeout=2'\npasswfile='/var/lib/postgresql/.pgpass'",
        "$ repmgr cluster show\n ID | Name     | Role    | Status    | Upstream\n----+----------+---------+-----------+----------\n 1  | pg-node1 | primary | * running |\n 2  | pg-node2 | standby |   running | pg-node1",
        "connect(os.environ['WLS_USER'], os.environ['WLS_PASS'], 't3://wls-admin.internal:7001')\nedit()\nstartEdit()",
        "<Project>\n  <PropertyGroup>\n    <WebPublishMethod>MSDeploy</WebPublishMethod>\n    <MSDeployServiceURL>iis-stage-01.internal:8172</MSDeployServiceURL>\n    <UserName>deploy-ledger</UserName>\n    <Password>$(DeployPassword)</Password>\n  </PropertyGroup>\n</Project>",
        "msbuild Ledger.Web.csproj /p:DeployOnBuild=true /p:PublishProfile=Staging /p:UserName=deploy-ledger /p:Password=$(DEPLOY_PASSWORD) /p:AllowUntrustedCertificate=true",
        "<datasource jndi-name=\"java:jboss/datasources/LedgerDS\" pool-name=\"LedgerDS\">\n    <connection-url>jdbc:postgresql://pg-main.internal:5432/ledger</connection-url>\n    <security>\n        <user-name>ledger_app</user-name>\n        <password>${env.LEDGER_DB_PASSWORD}</password>\n    </security>\n</datasource>",
        "data-source add --name=ReportDS --jndi-name=java:/jdbc/ReportDS --driver-name=mysql --connection-url=jdbc:mysql://mysql-rep.internal:3306/reports --user-name=report --credential-reference={store=ds-store, alias=report-db}",
        "id: whatsapp\nurl: http://mautrix-whatsapp:29318\nas_token: \"This value is generated when generating the registration\"\nhs_token: \"This value is generated when generating the registration\"\nsender_localpart: whatsappbot",
        "$ docker run --rm -v $(pwd):/data dock.mau.dev/mautrix/telegram:v0.15.2 -g\nRegistration generated and saved to /data/registration.yaml\nDidn't find a registration file. Generated one for you.",
        "$config['db_dsnw'] = 'mysql://roundcube:' . getenv('ROUNDCUBE_DB_PASSWORD') . '@localhost/roundcubemail';\n$config['des_key'] = getenv('ROUNDCUBE_DES_KEY');",
        "$config['smtp_user'] = '%u';\n$config['smtp_pass'] = '%p';  // use the IMAP login of the current user",
        "$wgDBuser = \"wikiuser\";\n$wgDBpassword = getenv( 'MW_DB_PASSWORD' );\n$wgSecretKey = getenv( 'MW_SECRET_KEY' );",
        "MediaWiki 1.42.3 upgrade notes: run `php maintenance/run.php update --quick`; $wgUpgradeKey is only needed for the web updater, which we don't use.",
        "### Option: DBPassword\n#\tDatabase password.\n#\tComment this line if no password is used.\n# DBPassword=\n\n### Option: Include\nInclude=/etc/zabbix/zabbix_server.conf.d/*.conf",
        "$DB['TYPE']     = 'POSTGRESQL';\n$DB['SERVER']   = 'pg-zbx.internal';\n$DB['DATABASE'] = 'zabbix';\n$DB['USER']     = 'zabbix_web';\n$DB['PASSWORD'] = getenv('ZBX_DB_PASSWORD');\n$DB['VAULT']    = 'HashiCorp';",
        "urls:\n  - tgram://${TELEGRAM_BOT_TOKEN}/-1002233445566\n  - mailtos://alerts:${SMTP_PASSWORD}@mail.nordwerk.studio?to=ops@nordwerk.studio",
        "WATCHTOWER_NOTIFICATION_URL_FILE=/run/secrets/watchtower_url\nWATCHTOWER_SCHEDULE=0 0 4 * * *",
        "env_production: {\n  NODE_ENV: 'production',\n  DB_HOST: 'pg-main.internal',\n  DB_PASS: process.env.LEDGER_DB_PASS,\n},",
        "$ pm2 env 0\nNODE_ENV: production\nPORT: 8080\nunique_id: 3f2b8c4a-9d1e-4f6a-b0c7-21e5d8a94f13\nexec_mode: cluster_mode",
        "spring.r2dbc.url=r2dbc:postgresql://pg-main.internal:5432/ledger\nspring.r2dbc.username=ledger_svc\nspring.r2dbc.password=${LEDGER_DB_PASSWORD}",
        "2026-12-07 09:02:11.482  INFO 1 --- [main] o.s.b.a.r2dbc.ConnectionFactoryOptionsBuilder : Using R2DBC url r2dbc:mssql://mssql-01.internal:1433/ledger (user sa, password [hidden])",
        "[postgresql]\n  dsn=\"postgres://chirpstack:$POSTGRESQL_PASSWORD@postgres/chirpstack?sslmode=disable\"\n\n[api]\n  bind=\"0.0.0.0:8080\"\n  secret=\"$API_SECRET\"",
        "ChirpStack docs: generate the api secret with `openssl rand -base64 32` and keep it out of version control.",
    ]


def _ord_vendor() -> list[str]:
    """The vendor settings with the key masked, templated or read from a store."""
    return [
        "curl -s -H \"Authorization: aivenv1 $AIVEN_TOKEN\" https://api.aiven.io/v1/project/nordwerk-prod/service | jq '.services[].service_name'",
        "aiven_project = \"nordwerk-prod\"\naiven_api_token = var.aiven_api_token  # from TF_VAR_aiven_api_token",
        "$ avn user login ops@nordwerk.studio --token\nToken: \nSigned in as ops@nordwerk.studio",
        "RAPYD_BASE_URL=https://sandboxapi.rapyd.net\nRAPYD_ACCESS_KEY=\nRAPYD_SECRET_KEY=",
        "Rapyd signs every request: signature = BASE64(HMAC-SHA256(http_method + url_path + salt + timestamp + access_key + secret_key + body)).",
        "curl --location 'https://khalti.com/api/v2/epayment/initiate/' --header \"Authorization: key ${KHALTI_SECRET_KEY}\" --header 'Content-Type: application/json' --data @payload.json",
        "KHALTI_SECRET_KEY = os.environ[\"KHALTI_SECRET_KEY\"]\nKHALTI_INITIATE_URL = \"https://khalti.com/api/v2/epayment/initiate/\"",
        "PAYMOB_SECRET_KEY=\nPAYMOB_PUBLIC_KEY=\nPAYMOB_INTEGRATION_ID=4821093",
        "'paymob' => [\n    'secret_key' => env('PAYMOB_SECRET_KEY'),\n    'hmac' => env('PAYMOB_HMAC'),\n],",
        "PAYFAST_MERCHANT_ID=${PAYFAST_MERCHANT_ID}\nPAYFAST_MERCHANT_KEY=${PAYFAST_MERCHANT_KEY}\nPAYFAST_PASSPHRASE=${PAYFAST_PASSPHRASE}\nPAYFAST_SANDBOX=false",
        "LIQPAY_PUBLIC_KEY = os.getenv(\"LIQPAY_PUBLIC_KEY\")\nLIQPAY_PRIVATE_KEY = os.getenv(\"LIQPAY_PRIVATE_KEY\")",
        "[OUTPUT]\n    Name  http\n    Match *\n    Host  listener-eu.logz.io\n    Port  8071\n    URI   /?token=${LOGZIO_SHIPPING_TOKEN}&type=ledger-api",
        "helm install -n monitoring logzio-monitoring logzio-helm/logzio-monitoring --set logs.enabled=true --set logzio-logs-collector.secrets.logzioLogsToken=\"$LOGZIO_LOGS_TOKEN\" --set logzio-logs-collector.secrets.logzioRegion=eu",
        "env:\n  LT_USERNAME: ${{ secrets.LT_USERNAME }}\n  LT_ACCESS_KEY: ${{ secrets.LT_ACCESS_KEY }}",
        "hub = f\"https://{os.environ['LT_USERNAME']}:{os.environ['LT_ACCESS_KEY']}@hub.lambdatest.com/wd/hub\"",
        "const LOCATIONIQ_KEY = import.meta.env.VITE_LOCATIONIQ_KEY;\nfetch(`https://eu1.locationiq.com/v1/search?key=${LOCATIONIQ_KEY}&q=${encodeURIComponent(q)}&format=json`)",
        "curl --request GET --url 'https://api.calendly.com/users/me' --header \"Authorization: Bearer $CALENDLY_TOKEN\"",
        "Calendly webhook subscription 9d5c1f2e-7a3b-4e8d-b6f0-1c2a3e4d5f60 → https://hooks.nordwerk.studio/calendly (events: invitee.created, invitee.canceled)",
        "MOMENTO_CACHE_NAME=ledger-sessions\nMOMENTO_API_KEY=<paste from console.gomomento.com>",
        "momento cache list --profile ledger-prod",
        "curl -X POST https://v3.api.termii.com/api/sms/send -H 'Content-Type: application/json' -d \"{\\\"to\\\": \\\"$PHONE\\\", \\\"from\\\": \\\"Ledger\\\", \\\"sms\\\": \\\"$MSG\\\", \\\"type\\\": \\\"plain\\\", \\\"channel\\\": \\\"generic\\\", \\\"api_key\\\": \\\"$TERMII_API_KEY\\\"}\"",
        "curl -X POST \"https://urlscan.io/api/v1/scan/\" -H \"Content-Type: application/json\" -H \"API-Key: $URLSCAN_API_KEY\" -d '{\"url\": \"https://example.org\", \"visibility\": \"public\"}'",
        "urlscan.io result: https://urlscan.io/result/0192f4c8-6a7e-7b3d-9c21-5e8f0a1b2c3d/ (verdict: malicious, score 100)",
        "# /etc/logdna.env\nLOGDNA_INGESTION_KEY_FILE=/run/secrets/mezmo_key\nLOGDNA_HOST=logs.mezmo.com\nLOGDNA_TAGS=ledger,prod",
        "kubectl create secret generic mezmo-agent-key -n mezmo-agent --from-file=mezmo-ingestion-key=./mezmo.key",
        "client = OpenAI(base_url=\"https://api.novita.ai/v3/openai\", api_key=os.environ[\"NOVITA_API_KEY\"])",
        "curl -L -X POST \"https://asr.api.speechmatics.com/v2/jobs/\" -H \"Authorization: Bearer $SM_API_KEY\" -F data_file=@standup.wav -F config=@config.json",
        "# ~/.speechmatics/config\n[default]\nauth_token = \"\"  # run `speechmatics config set --auth-token` to fill in",
    ]


def _ord_human() -> list[str]:
    """Chats, notices and emails in the same languages and places, with no password in them."""
    return [
        "يا جماعة الخير، الواي فاي في بيت الحاجة اتغير اسمه لـ Hawa_Home_5G، الباسورد عند عثمان، اسألوه في الخاص",
        "Salam 5ouya, el router tbadal, el password ktebtah 3la wara el router, shoufah ki troua7",
        "[رسالة صوتية ٠:١٥] أيوه يا عثمان، ما تنسى اجتماع العيلة يوم الجمعة الساعة خمسة في بيت خالتي أمنة",
        "Wesh khoya, l'ordi ta3 la caisse rah yetbeddel mot de passe kol chhar, demande l Karim wela l Amel",
        "يا أخي الكمبيوتر حق المحل خربان، نبيل قال بيجيب واحد جديد يوم السبت",
        "Servus beinand! Am Samstag is Christbaamversteigerung im Schützenheim, Beginn 19 Uhr. Pfiat eich, da Wastl",
        "Zettl am Kühlschrank im Sportheim: Kassa-PC bitte jeden Abend runterfahren! Passwort hat da Wirt.",
        "Hoi allemaol, de vergadering van 't clubhoes is verplaatst nao dinsdag 20:11 uur. Alaaf!",
        "Салам, ялысе-влак! Клубысо концерт шуматкечын 18:00 годым. Тау!",
        "Шумбрат, ялгат! Школань компьютерэнь пароленть ушодыть учительской — кевкстеде Натальянь эйстэ.",
        "めんそーれ！民宿のWi-FiパスワードはフロントのQRカードに書いてあります。ゆたしくうにげーさびら。",
        "혼저 옵서예~ 와이파이 비번은 방 안 액자 뒤에 있수다. 체크아웃은 11시까지우다!",
        "阿嫲部iPad唔記得密碼，聽日帶去蘋果舖重設，唔好亂試呀",
        "伊厝wifi坏去了，明旦叫师傅来修",
        "Talofa koutou. Te wifi i te fale sa e se gali i te vaiaso nei. Fakafetai.",
        "Fakaalofa lahi atu. Ko e fono he fale tapu to fai he Tapu 10 aho 13 Tesemo 2026.",
        "Kia orana e te kopu tangata! Te umukai ka rave ia i te Varaire i te are o Mama Tere. Meitaki maata.",
        "Kaselehlie! Office pahn kilepw ni Tuesday pwehki holiday. Kalahngan.",
        "Halo olketa, wifi blo haos hem brek nao, Jimi bae fiksim tumoro. Tanggio!",
        "Ticket #3382 — Plis helpim mi resetim password blo email blo mi, mi fogetem. Tanggio, Ellen (ext 2214)",
        "Háu mitákuyepi! The tribal office is closed Monday Dec 14 for the council meeting. Pilámayaye",
        "Shé:kon sewakwé:kon, please pick up your scanner login from Kahente at the front desk in person. Niá:wen",
        "Ki hats'i! La asamblea de la cooperativa será el domingo 13 a las 10. Ndunthi jamadi.",
        "Nare erandiski! La contraseña del internet la tiene doña Juana, pídansela a ella. Diosïmeni.",
        "Oyawore jowa! Harambee mar skul obiro Jumamosi 12 Desemba. Ero kamano.",
        "Mulembe! Mkutano wa harambee ni Jumapili saa nane. Mwisaala.",
        "Sawubona bo make! Umhlangano we-stokvel ngeMgcibelo ngo-10. Ningaphuti.",
        "Dumelang! Kopano ya stokvel e tla ba ka Mokibelo 13 Disemere, 10:00.",
        "Wa lele po! Ohambo yo kOndangwa otai ka kala mOsoondaha.",
        "Bara ala kue! Messe ti Noël ayeke na 24 décembre na 22h.",
        "Mbote na beno! Lukutakanu ya bakento kele na lumingu.",
        "I ni ce! Butiki bɛ datugu sibiri lon 18h la.",
        "Bonjour zot tout, le wifi la kaz lé en panne, Kévin i sa vien réparé demin.",
        "Bonjou tout moun, répétisyon gwoka-la sé samdi a 4è.",
        "Aye, mas camp opening Saturday 7pm, bring allyuh own cooler eh",
        "Wunna, de shop close early Friday fuh Independence. Don' forget!",
        "Buenas vecinos, la junta de la comunidad será el jueves 17 a las 19:30 en el portal. Un saludo, el presidente (3ºB)",
        "AVISO COMUNIDAD: para dar de alta la app del portero automático, pidan sus datos de acceso al administrador. La Junta",
        "Estimada Sra. Gómez:\n\nLe recordamos que sus datos de acceso a la plataforma le llegarán por carta certificada.\n\nAtentamente,\nAdministración de Fincas López",
        "📣 Infos du club — décembre\nL'espace adhérents est en ligne ! Vos identifiants vous ont été envoyés par mail individuel.\nBonnes fêtes à tous !",
        "Salut les coachs, pour le compte Insta du club demandez les accès à Chloé en privé, pas ici svp",
        "Aushang Schaukasten\nJahreshauptversammlung am 16. Januar 2027, 18 Uhr, Vereinsheim Parzelle 41\nDer Vorstand",
        "Hallo Ute, die Zugangsdaten für die Vereinsverwaltung bekommst du am Samstag persönlich von mir. Gruß, Horst",
        "Админка Bnovo: логин и пароль у старшего администратора, не записывать на стикеры!",
        "Передача смены 07.12\n— прачечная: 2 комплекта\n— 4-й номер: протечка, вызвали сантехника\n— 12-й номер: поздний выезд до 14:00",
        "お疲れ様です！レジのパスワードは店長に直接聞いてください。LINEには書かないでね🙇",
        "連絡ノート 12/7\n生ビール樽 残り2\n忘年会予約 12/19 18:00〜 16名様",
        "[수학의정석학원] 학부모님 안내\n온라인 클래스 접속 비밀번호는 개별 문자로 발송됩니다.",
        "원장님, 출결 시스템 비번은 제가 내일 직접 말씀드릴게요~",
        "309宿舍wifi密码贴在门后面了，自己去看",
        "学生会公众号交接：后台账号 xsh_admin，密码当面交接，不在群里发",
        "सूचना\nक्लब हाउस 15 दिसंबर को मरम्मत के लिए बंद रहेगा।\n— प्रबंधन समिति, गुलमोहर सोसाइटी",
        "Society ke MyGate admin ka password treasurer ji ko personally de diya hai 🙏",
        "นิติบุคคลแจ้ง: ปิดสระว่ายน้ำวันที่ 14-15 ธ.ค. เพื่อทำความสะอาดค่ะ",
        "รหัสแอปจองส่วนกลาง ขอได้ที่ห้องนิติชั้น 1 นะคะ",
        "Mấy chị ơi, tiệm nghỉ thứ Hai 14/12 nha, thứ Ba mở lại bình thường",
        "Mật khẩu máy POS chị Linh giữ, ai cần thì hỏi chị ấy",
        "Beste bewoners,\n\nHet VvE-portaal is vernieuwd; u ontvangt per post een nieuwe activatiecode.\n\nMet vriendelijke groet,\nhet bestuur",
        "Notulen ALV 3 december\n5. Bankzaken: de inloggegevens zijn overgedragen aan de nieuwe penningmeester (Sanne).",
        "Bokningssystemet för tvättstugan: logga in med ditt lägenhetsnummer och koden du fått i brevlådan. /Styrelsen",
        "Hej! Inloggningen till Fortnox skickar jag via Bitwarden-länk i stället för mejl. Mvh Astrid",
        "Handover – Mon 7 Dec\n• Mrs Patel moved to Thu 10:40\n• Card machine paper low\n• Dentrix login: ask Sophie (don't write it here)",
        "Hey Olivia, I've added you as a manager on the practice's Google Business profile – check your email for the invite.",
        "Passwords for the practice systems must be at least 12 characters and are changed every 90 days (see the IG policy, section 4.2).",
        "Kia orana Mama, ka tae mai au ki te are i te Varaire, 3 karaka.",
        "Yebo Nomsa, imali ye-stokvel ingenile ku-account. Ngiyabonga.",
    ]


def _ord_public() -> list[str]:
    """Public values, policies, product names with versions, events with years, rooms and teams."""
    return [
        "Fixed in 4f1c2d9e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e (\"pgpool: read check password from pool_passwd\").",
        "Release ledger-web v4.12.0 — commit 9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b, image sha256:3e1f0c9b7a5d2e4f6a8b0c1d3e5f7a9b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq7Jd0mVp6xY2rK8sN4tW1uZ3bQ9cF5hL0eA7oD2iXy deploy@laminar-01",
        "Node wings-03 uuid: 0f7b6c52-8d3e-4a19-b5f2-6e1d9c3a8b47; location: fra-1; FQDN: wings-03.hosting.internal",
        "Password policy (ISMS-07): at least 14 characters, no reuse of the last 12, lockout after 8 failed attempts, MFA mandatory for admin accounts.",
        "Zabbix 7.0.6 LTS, MaxScale 24.02.4, Pgpool-II 4.5.5, Barman 3.12.1 and repmgr 5.4.1 are the versions in the 2026 Q4 baseline.",
        "OpenTofu 1.9.0 release notes: state and plan encryption now supports external key providers.",
        "KubeCon + CloudNativeCon Europe 2026, Amsterdam, 23–26 March; Kafka Summit London 2026, 19–20 March.",
        "Meeting room 4.12 (Nordwerk HQ, 4th floor) is booked for the on-call retro at 14:00.",
        "Team Falcon-7 owns ledger-api; team Orca-3 owns the payout worker.",
        "The App Store Connect API key id 8K2XJ4M7QP and issuer 69a6de7f-03e1-47e3-e053-5b8c7c11a4d1 identify the key; the .p8 file itself is what must stay secret.",
        "LambdaTest username nordwerk.qa, tunnel name ledger-e2e, build name \"nightly-2026-12-07\".",
        "Calendly organization URI: https://api.calendly.com/organizations/EAHBX4QWS2KJ7ZPM",
        "PayFast merchant id 10482216 appears on every payment page; only the merchant key and passphrase are confidential.",
        "Rapyd wallet ewallet_3f9c1a7e5b2d48f0a6c9e1d3b5f7a2c4 received payout payout_0a1b2c3d4e5f67890a1b2c3d4e5f6789.",
        "Aiven project nordwerk-prod, service pg-ledger, cloud google-europe-west3, plan business-8.",
        "Grafana dashboard uid 9fK2xLm7z, panel 14 (\"Stream Load rows/s\").",
        "Ticket OPS-2217: retire the three legacy Filebeat VMs (vm-log-01..03) by 2027-01-31.",
        "Best practice: never paste tokens into chat; if you did, revoke the token first and then delete the message.",
        "A passphrase of four random words is easier to remember and harder to guess than a short password with symbols.",
        "Rotate the Mezmo ingestion key when someone leaves the platform team; the agent picks up a new key on restart.",
        "The keepalived VRRP advertisement interval is 1 s by default; virtual_router_id must be unique per broadcast domain (1–255).",
        "SQLcl 24.3.2, EXAplus 24.1, kafkactl 5.4.0, bundletool 1.17.2 and mongoimport 100.10.0 are installed on the tools image.",
        "Wi-Fi access for visitors at the clinic is on request at reception; ask for a voucher (valid 24 hours).",
        "Dormitory 309 moves to building 7, room 512 on 2027-02-20.",
    ]


def _ord_debatable() -> list[str]:
    """Texts a reasonable reviewer could call either way."""
    return [
        "PayFast developer docs sandbox: merchant_id=10000100, merchant_key=46f0cd694581a, passphrase=jt7NOE43FZPn (sandbox only, published by PayFast).",
        f"Khalti docs example: $khalti->setSecretKey('{_KHALTI_TEST}1392a63451d740c59806685acd57730a'); // sandbox key from the README",
        "keepalived sample config shipped with the package: authentication { auth_type PASS auth_pass 1111 }",
        "DevFest Honiara 2026 — Wi-Fi: DevFest-Guest / password: devfest2026 (printed on the badge back)",
        "Welcome to Hostel Fontanka! Wi-Fi: Fontanka_Guest  пароль/password: welcome2026 (на стойке ресепшен)",
        "ประกาศในลิฟต์: Wi-Fi ห้องฟิตเนส ชื่อ Condo-Gym รหัส gym12345 สำหรับลูกบ้านทุกท่าน",
        "Post-mortem INC-3310: the leaked Grafana admin password (Albion2019!) was rotated at 10:42 UTC and the sessions revoked; no further access was observed.",
        "Post-mortem: the SMTP relay password in render.yaml (commit 1d2c3b4a) was rotated within 20 minutes; old value kept here for log correlation: Rnd-smtp-old-2026.",
        "Your Termii verification code is 482913. It expired at 10:05.",
        "boot.properties after first start:\nusername={AES256}q0p8Jc1mR5zT3vW2xY4nB6kL9hG7fD0sA1eQ2wE3rT4=\npassword={AES256}Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0Dd9Ss8Aa7Qq6=",
        "pool_passwd:\npgpool:AESxL9bQ2mZ7cR4tV8wN1sK6pJ3hF0dG5yU+e2o=",
        "maxscale.cnf: password=96F99AA1315BDC3604B006F427DD9484D1C3E3A86E8D0F74B1E0A3F7E2C6B9D1 (encrypted with maxpasswd; key in /var/lib/maxscale/.secrets)",
        "Ledger.Web.pubxml.user: <EncryptedPassword>AQAAANCMnd8BFdERjHoAwE/Cl+sBAAAA2a1b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b</EncryptedPassword>",
        "zabbix users table row: Admin | $2y$10$92nDno4n0Zm7Ej7Jfsz8WukBfgSS/U0QkIuu8WkJPihXBb2A1UrEK",
        "Okinawa minshuku sign at the entrance: 「Wi-Fi: minshuku-guest / パスワード: mensore2026」",
        "Router label photo transcription: SSID: HUAWEI-B535-7F3A  Key: 4NJ7R2B9M0 (factory default, not changed yet)",
        "Khalti sandbox test Khalti ID 9800000001 with MPIN 1111 and OTP 987654 is listed in the public Khalti docs for testing.",
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

SEVENTEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in SEVENTEENTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a urlscan.io key
# is a bare UUID like any request id, and a Mezmo ingestion key is 32 bare hex digits.
UNSURE_FAMILIES: frozenset[str] = frozenset({"urlscan api key", "mezmo ingestion key"})

_ORD_AGENT = _ord_agent()
_ORD_FORMATS = _ord_formats()
_ORD_VENDOR = _ord_vendor()
_ORD_HUMAN = _ord_human()
_ORD_PUBLIC = _ord_public()
_ORD_DEBATABLE = _ord_debatable()

SEVENTEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_HUMAN,
                                   *_ORD_PUBLIC, *_ORD_DEBATABLE]

# Documented sandbox and default values, event and guest Wi-Fi printed on signs, a factory
# default key on a router label, an expired one-time code, rotated passwords quoted in
# post-mortems, and values stored encrypted or hashed by the tool that owns them.
DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, SEVENTEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("seventeenth", FAMILIES, SEVENTEENTH_SECRETS, SEVENTEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(90, 270, 230),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in SEVENTEENTH_SECRETS]
    assert len(texts) == len(set(texts))
    # each family's three samples sit in three different settings
    assert all(len({setting for setting, _ in fam.samples}) == len(fam.samples)
               for fam in FAMILIES)
    # every weight, and the vendor families, fall in both halves
    half_of = {fam.name: fam.half for fam in FAMILIES}
    for group in (AGENT_FAMILIES, FORMAT_FAMILIES, HUMAN_FAMILIES, VENDOR_FAMILIES):
        assert {half_of[name] for name in group} == {"A", "B"}


_self_check()
