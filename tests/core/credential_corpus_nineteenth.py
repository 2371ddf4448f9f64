"""A nineteenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, places and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the eighteen earlier
corpora; only their family names (so that every family here is new, which ``_self_check``
holds), the helpers ``Family``, ``family``, ``split_by_family`` and ``families`` of the
third, ``blind_corpus``, and the docstring, generator helpers and closing assembly of the
eighteenth, so that the same measuring code runs on this one.  It is weighted, about a
third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" impala-shell, pgbench, redis-benchmark, pulsar-admin, flux create
  secret git, Spinnaker hal, the Contabo cntb and Sakura usacloud CLIs, the Checkmk agent
  controller and an OpenObserve ingest call; decisions quoting Celery Flower basic auth, a
  Sensu agent config, an Elastic APM agent config, a Drizzle config and a TypeORM data
  source; build logs of nektos act, Xcode Cloud and Coolify; debugging notes on psycopg,
  PHP mysqli, Rust sqlx, HikariCP, ioredis, python-oracledb and Mongoose; copied requests
  to the Wiki.js, Chatwoot, Memos, Trilium ETAPI, Komga, Emby and Tautulli APIs; diff hunks
  in an ECS task definition, a Cloud Run service and an AWS SAM template; tool calls running
  SQL, delegating to a subagent and rotating a password by search and replace;
* config files of tools not yet covered (Haraka auth_flat_file, Stalwart mail, APISIX,
  tinyproxy, sssd, samba-tool, Bareos, duplicity, evcc, Palworld and Valheim servers,
  NanoMQ, HiveMQ, SuiteCRM, Tryton, Open Liberty, TomEE, Ant build.properties, Paket,
  FreeSWITCH vars.xml, MediaMTX, Znuny, Moodle and Bugzilla) and vendor tokens
  (``VENDOR_FAMILIES``) in the formats vendors document: Clearbit, Yelp Fusion, Eventbrite,
  Webflow, Unsplash, Strava, Customer.io, Wrike, Smartsheet, CCAvenue, Przelewy24, bunq,
  Qonto, RingCentral and Front;
* passwords people choose (names with dates, teams, pets, seasons, keyboard walks,
  leetspeak, passphrases, short ones, PINs, words of the writer's language) where they type
  them: chat, SMS, email, committee and staff notes, sticky notes and voice-note
  transcripts in Kanuri and Shuwa Arabic, Tumbuka and Yao, Sidamo and Wolaytta, Dinka and
  Bari, Soninke and Mandinka, Temne and Mende, Liberian Kolokwa and Kpelle, Lozi and
  Chitonga, Northern Ndebele and Kalanga, Tshiluba and Kituba, Comorian, Chaoui and
  Mozabite, Bodo and Kokborok, Nagamese and Ao, Chakma, Hakha Chin and Jingpho, Akha and
  Lahu, Tay and Nung, Pangasinan and Maguindanao, Ambonese and Manado Malay, Kadazandusun
  and Bajau, Sichuanese and Dongbei Mandarin, Kansai Japanese, Gyeongsang Korean,
  Karakalpak and Shughni, Abkhaz and Svan, Kumyk and Nogai, Luri and Laki, Hejazi Arabic,
  Arpitan and Ladin, Kölsch and Swabian, West Flemish and Zeelandic, Lule Sami and
  Elfdalian, Goral and Kajkavian, Llanito, Tzotzil and Q'eqchi', Guna and Emberá, Belizean
  Kriol and Bahamian Creole, Michif and Chiac, Pitkern and Norfuk, Warlpiri and
  Pitjantjatjara, and in Dominican Spanish, German, French, Brazilian Portuguese
  and English in settings the earlier names do not use (a colmado, a veterinary practice,
  a pharmacy shift, a gym front desk, a cricket club committee).

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``NINETEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``NINETEENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands, configs and chats with the value masked, templated, prompted for or read from
    an env var or a store; public values beside secrets (hashes, commit ids, UUIDs, public
    keys, usernames, hostnames, ports); password policies and reset instructions; product
    names with versions; dates, years, room, order, ticket and phone numbers; team names
    with numbers.  ``DEBATABLE`` names the entries a reasonable reviewer could call either
    way; ``UNSURE_FAMILIES`` the families a reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family.

Values come from a seeded generator (``random.Random(19_2026_12_08)``) with the length and
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

_RNG = random.Random(19_2026_12_08)

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
          "qwertz", "Asdf1234", "123qwe", "qwe123", "Qaz123wsx", "zaq1xsw2")
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
    year = _RNG.choice((1979, 1984, 1988, 1991, 1995, 1998, 2002, 2007, 2011, 2015, 2019,
                        2021, 2023, 2024, 2025, 2026))
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
_NPM = "np" "m_"
_CLEARBIT = "s" "k_"
_BUNQ_SANDBOX = "sand" "box_"
_EYJ = "ey" "J"


def _pulsar_token() -> str:
    return _jwt({"sub": _pick(("ingest-svc", "billing-consumer", "audit-writer"))})


def _memos_token() -> str:
    return _jwt({"name": "", "iss": "memos", "sub": _digits(1),
                 "aud": ["user.access-token"], "iat": 1764547200, "exp": 1796083200},
                sig_raw=32)


def _wikijs_key() -> str:
    return _jwt({"api": int(_digits(1)) + 1, "grp": 1, "iat": 1764547200, "exp": 1827619200,
                 "aud": "urn:wiki.js", "iss": "urn:wiki.js"}, alg="RS256", sig_raw=256)


def _passport_token() -> str:
    return _jwt({"aud": _digits(1), "jti": _hx(80), "iat": 1764547200.0, "nbf": 1764547200.0,
                 "exp": 1796083200.0, "sub": _digits(2), "scopes": []},
                alg="RS256", sig_raw=512)


def _trilium_token() -> str:
    return f"{_r(12)}_{_r(44, _ALNUM + '+/')}="


def _wrike_token() -> str:
    head = _seg({"tt": "p", "alg": "HS256", "tv": "1"})
    inner = json.dumps({"a": int(_digits(7)), "i": int(_digits(7)), "c": int(_digits(7)),
                        "u": int(_digits(8)), "r": "EU", "s": list("WNFIUKCDMALP"),
                        "z": [], "t": 0}, separators=(",", ":"))
    return ".".join([head, _seg({"d": inner, "iat": 1764547200}), _b64url(32)])


def _ringcentral_jwt() -> str:
    return _jwt({"aud": "https://platform.ringcentral.com/restapi/oauth/token",
                 "sub": _digits(9), "iss": "https://platform.ringcentral.com",
                 "exp": 3913776000, "iat": 1764547200, "jti": _r(22, _B64URL)},
                alg="RS256", sig_raw=256)


def _front_token() -> str:
    return _jwt({"scopes": ["shared:*", "private:*"], "iat": 1764547200,
                 "iss": "front", "sub": _hx(20), "jti": _hx(16)}, sig_raw=32)


def _b64pair(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


def _agent() -> list[_Raw]:
    out: list[_Raw] = []
    ldap = _chosen(("warehouse", "impala", "hadoop", "cluster"), ("Ravi", "Meera"))
    out.append(_fam(
        "ledger fact verified by impala-shell",
        ("ledger fact", f"Fact: the sales_fact table has 412M rows after the backfill; verified by `impala-shell -i impalad-03.dwh.internal:21050 -k --ssl -l -u svc_reports --ldap_password_cmd=\"echo {ldap}\" -q 'select count(*) from sales_fact'`."),
        ("handoff note", f"Handoff: LDAP auth on the impala coordinator works again. Reproduce with\n  impala-shell -i impalad-01:21050 -l --auth_creds_ok_in_clear -u etl_loader\n  (password prompt -> typed {_pw(14)})\nthen `show tables in staging`."),
        ("tool result", f"$ export IMPALA_LDAP_PASS='{_pw(18)}'\n$ impala-shell -l -u bi_reader --ldap_password_cmd='printenv IMPALA_LDAP_PASS' -q 'select 1'\nStarting Impala Shell with LDAP-based authentication using Python 3.10\nFetched 1 row(s) in 0.11s"),
    ))
    out.append(_fam(
        "ledger fact verified by pgbench",
        ("ledger fact", f"Fact: the pooler sustains ~3.1k tps at 64 clients; verified by `PGPASSWORD='{_pw(22)}' pgbench -h pgcat.staging.internal -p 6432 -U bench -c 64 -j 8 -T 120 benchdb`."),
        ("benchmark note", f"Bench run 2026-11-30, scale 200:\npgbench -i -s 200 \"postgresql://bench:{_pw(16)}@10.20.4.11:5432/benchdb?sslmode=require\"\nlatency average = 18.402 ms, tps = 3477.1 (without initial connection time)"),
        ("session transcript", f"agent> run the load test against the new replica\n$ PGHOST=replica-2.db.local PGUSER=loadtest PGPASSWORD={_chosen(('replica', 'bench', 'postgres'), ('Tobias',))} pgbench -S -c 32 -T 60 shop\nnumber of transactions actually processed: 1874331"),
    ))
    out.append(_fam(
        "ledger fact verified by redis-benchmark",
        ("ledger fact", f"Fact: the new cache node handles 180k GET/s with pipelining; verified by `redis-benchmark -h cache-7.prod.internal -p 6380 -a '{_pw(32)}' -t get,set -P 16 -q`."),
        ("debugging note", f"Debug: NOAUTH errors came from the benchmark, not the app. Command I ran:\n  redis-benchmark -h 10.0.3.15 -a {_r(40, _HEX)} --tls -n 100000 -c 50\nWarning: Using a password with '-a' or '-u' option on the command line interface may not be safe."),
        ("ci log excerpt", f"step 4/6 perf-smoke\n+ redis-benchmark -u redis://default:{_pw(24)}@redis-perf.ci.svc:6379 -t ping,incr -n 20000 -q\nPING_INLINE: 91743.12 requests per second, p50=0.271 msec"),
    ))
    out.append(_fam(
        "ledger fact verified by pulsar-admin",
        ("ledger fact", f"Fact: topic persistent://billing/events/invoices has 12 partitions; verified by `pulsar-admin --admin-url https://pulsar-admin.internal:8443 --auth-plugin org.apache.pulsar.client.impl.auth.AuthenticationToken --auth-params token:{_pulsar_token()} topics get-partitioned-topic-metadata persistent://billing/events/invoices`."),
        ("client.conf paste", f"Decision: keep the admin token in client.conf on the bastion only.\nwebServiceUrl=https://pulsar.prod.internal:8443/\nauthPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\nauthParams=token:{_pulsar_token()}"),
        ("tool call", json.dumps({"tool": "bash", "command": f"pulsar-admin --auth-plugin org.apache.pulsar.client.impl.auth.AuthenticationToken --auth-params '{{\"token\":\"{_pulsar_token()}\"}}' namespaces list billing"})),
    ))
    out.append(_fam(
        "ledger fact verified by flux create secret git",
        ("ledger fact", f"Fact: the fleet repo now pulls over HTTPS; verified by `flux create secret git fleet-auth --url=https://github.com/acme/fleet-infra --username=git --password={_GHP}{_r(36)}` and a green `flux get sources git`."),
        ("runbook step", f"3. Recreate the Gitea credentials for the apps repo:\n   flux create secret git apps-repo \\\n     --url=https://git.acme.internal/platform/apps.git \\\n     --username=flux-bot --password='{_pw(20)}'\n4. flux reconcile source git apps"),
        ("export output", f"$ flux create secret git infra --url=https://gitlab.example.net/infra.git --username=deploy --password={_chosen(('flux', 'gitops', 'deploy'), ('Lena',))} --export\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: infra\n  namespace: flux-system\nstringData:\n  username: deploy"),
    ))
    out.append(_fam(
        "ledger fact verified by spinnaker hal config",
        ("ledger fact", f"Fact: Spinnaker can list images from the Harbor registry; verified after `hal config provider docker-registry account add harbor --address https://harbor.acme.io --username robot$spinnaker --password '{_r(32)}' --repositories library/api`."),
        ("decision entry", f"Decision: Halyard keeps the Jenkins master creds inline for now:\n  hal config ci jenkins master add jenkins-main --address https://ci.acme.io --username spinnaker --password {_pw(16)}\nTODO move to encrypted:s3!"),
        ("halconfig excerpt", f"~/.hal/config (excerpt)\n  persistentStorage:\n    persistentStoreType: s3\n    s3:\n      bucket: spin-front50\n      accessKeyId: AKIA{_r(16, _UPPER_ALNUM)}\n      secretAccessKey: {_r(40, _ALNUM + '/+')}"),
    ))
    out.append(_fam(
        "ledger fact verified by the contabo cntb cli",
        ("ledger fact", f"Fact: the VPS vmi{_digits(7)} got its second IP; verified by `cntb config set-credentials --oauth2-clientid=INT-{_digits(8)} --oauth2-client-secret={_r(32)} --oauth2-user=ops@acme-hosting.de --oauth2-password='{_pw(16)}'` then `cntb get instances`."),
        ("handoff note", f"Contabo API access for the migration:\n  client id INT-{_digits(8)}\n  client secret {_r(32)}\n  api user ops@acme-hosting.de / api password {_chosen(('contabo', 'server', 'hosting'), ('Jonas',))}\ncntb reads them from ~/.cntb.yaml after set-credentials."),
        ("cntb.yaml paste", f"# ~/.cntb.yaml as the agent wrote it\noauth2-clientid: INT-{_digits(8)}\noauth2-client-secret: {_r(32)}\noauth2-user: devops@acme-hosting.de\noauth2-password: {_pw(18)}"),
    ))
    out.append(_fam(
        "ledger fact verified by the sakura usacloud cli",
        ("ledger fact", f"Fact: zone is1b has two free switches; verified by `SAKURACLOUD_ACCESS_TOKEN={_uuid()} SAKURACLOUD_ACCESS_TOKEN_SECRET={_r(50)} usacloud switch ls --zone is1b`."),
        ("profile paste", f"~/.usacloud/default/config.json\n{{\n  \"AccessToken\": \"{_uuid()}\",\n  \"AccessTokenSecret\": \"{_r(50)}\",\n  \"Zone\": \"tk1b\"\n}}"),
        ("tool call", json.dumps({"tool": "run_command", "args": ["usacloud", "server", "list", "--token", _uuid(), "--secret", _r(50), "--zone", "is1a"]})),
    ))
    out.append(_fam(
        "ledger fact verified by checkmk agent registration",
        ("ledger fact", f"Fact: web-14 reports to the new monitoring site; verified by `cmk-agent-ctl register --hostname web-14 --server checkmk.acme.lan --site mon --user automation --password '{_r(24)}' --trust-cert` and `cmk-agent-ctl status`."),
        ("ansible vars paste", f"checkmk_agent_server: checkmk.acme.lan\ncheckmk_agent_site: mon\ncheckmk_agent_user: automation\ncheckmk_agent_pass: {_r(24, _UPPER_ALNUM)}\ncheckmk_agent_auto_activate: true"),
        ("debugging note", f"Debug: registration failed with 401 because I used the GUI login. What works:\n  cmk-agent-ctl register -H db-02 -s mon.acme.lan -i prod -U cmkadmin -P {_chosen(('monitoring', 'checkmk', 'alarm'), ('Stefan',))}\n(the -P flag skips the interactive prompt)"),
    ))
    out.append(_fam(
        "ledger fact verified by an openobserve ingest call",
        ("ledger fact", f"Fact: app logs land in the `default` stream; verified by `curl -u ops@acme.io:{_pw(18)} -d @sample.json https://o2.acme.io/api/default/app_logs/_json`."),
        ("copied request", f"POST /api/acme/k8s_events/_multi HTTP/1.1\nHost: openobserve.monitoring.svc:5080\nAuthorization: Basic {_b64pair('root@acme.io', _pw(16))}\nContent-Type: application/json"),
        ("fluent-bit note", f"Decision: ship through fluent-bit's http output.\n[OUTPUT]\n    Name http\n    Host openobserve.acme.io\n    URI /api/default/default/_json\n    HTTP_User logs@acme.io\n    HTTP_Passwd {_r(20)}\n    tls On"),
    ))
    out.append(_fam(
        "ledger decision quoting a celery flower basic_auth",
        ("decision entry", f"Decision: expose Flower only behind basic auth until SSO lands:\n  celery -A shop flower --port=5555 --basic_auth=ops:{_chosen(('celery', 'flower', 'worker'), ('Nadia',))},dev:{_pw(12)}"),
        ("compose paste", f"  flower:\n    image: mher/flower:2.0\n    command: celery --broker=redis://redis:6379/0 flower\n    environment:\n      - FLOWER_BASIC_AUTH=admin:{_pw(16)}\n    ports: [\"5555:5555\"]"),
        ("flowerconfig paste", f"# flowerconfig.py\nport = 5555\nbasic_auth = [\"monitor:{_pw(14)}\"]\nmax_tasks = 10000"),
    ))
    out.append(_fam(
        "ledger decision quoting a sensu agent config",
        ("decision entry", f"Decision: agents authenticate with a dedicated user, not admin.\n/etc/sensu/agent.yml\n  backend-url: [\"wss://sensu.acme.lan:8081\"]\n  user: agent-linux\n  password: {_pw(20)}\n  subscriptions: [linux, nginx]"),
        ("sensuctl transcript", f"$ sensuctl configure -n --url https://sensu.acme.lan:8080 --username admin --password '{_chosen(('sensu', 'monitor', 'check'), ('Paula',))}' --namespace default\n$ sensuctl check list"),
        ("env file paste", f"# /etc/default/sensu-agent\nSENSU_BACKEND_URL=wss://10.4.0.7:8081\nSENSU_USER=agent\nSENSU_PASSWORD={_pw(18)}"),
    ))
    out.append(_fam(
        "ledger decision quoting an elastic apm agent config",
        ("decision entry", f"Decision: the Node services send to the shared APM server with a secret token:\n  require('elastic-apm-node').start({{\n    serviceName: 'checkout',\n    secretToken: '{_r(24)}',\n    serverUrl: 'https://apm.acme.io:8200'\n  }})"),
        ("elasticapm.properties", f"service_name=orders-api\nserver_url=https://apm.internal:8200\nsecret_token={_r(28)}\nenvironment=production"),
        ("docker run note", f"docker run -d -e ELASTIC_APM_SERVER_URL=https://apm.acme.io -e ELASTIC_APM_SECRET_TOKEN={_r(24)} -e ELASTIC_APM_SERVICE_NAME=billing acme/billing:2.14.0"),
    ))
    out.append(_fam(
        "ledger decision quoting a drizzle config",
        ("decision entry", f"Decision: migrations run against the direct port, not the pooler:\n// drizzle.config.ts\nexport default defineConfig({{\n  dialect: 'postgresql',\n  dbCredentials: {{ host: 'db.acme.io', port: 5432, user: 'migrator', password: '{_pw(20)}', database: 'app' }},\n}});"),
        ("diff hunk", f"--- a/drizzle.config.ts\n+++ b/drizzle.config.ts\n@@ -4,3 +4,3 @@ export default defineConfig({{\n-  dbCredentials: {{ url: process.env.DATABASE_URL! }},\n+  dbCredentials: {{ url: 'postgres://app:{_chosen(('drizzle', 'orm', 'local'), ('Maya',))}@localhost:5432/app' }},"),
        ("error paste", f"drizzle-kit push\nReading config file '/srv/app/drizzle.config.ts'\nError: connect ECONNREFUSED 10.1.1.9:3306 (mysql://root:{_pw(14)}@10.1.1.9:3306/shop)"),
    ))
    out.append(_fam(
        "ledger decision quoting a typeorm data source",
        ("decision entry", f"Decision: keep synchronize off in prod. Current data source:\nexport const AppDataSource = new DataSource({{\n  type: 'mysql', host: 'mysql.prod', username: 'orders', password: '{_pw(18)}', database: 'orders', synchronize: false,\n}});"),
        ("ormconfig paste", json.dumps({"type": "postgres", "host": "pg.staging.acme.io", "port": 5432, "username": "nest", "password": _chosen(("nest", "typeorm", "staging"), ("Omar",)), "database": "nest_staging"}, indent=2)),
        ("log excerpt", f"[Nest] 412  - 11/29/2026, 09:14:02   ERROR [TypeOrmModule] Unable to connect to the database. Retrying (1)...\nQueryFailedError: password authentication failed for user \"api\" (options: {{ host: 'db', username: 'api', password: '{_pw(16)}' }})"),
    ))
    out.append(_fam(
        "ledger note quoting a nektos act invocation",
        ("ledger note", f"Reproduced the release job locally: `act -j publish -s GITHUB_TOKEN={_GHP}{_r(36)} -s NPM_TOKEN={_NPM}{_r(36)} --container-architecture linux/amd64`."),
        ("secrets file paste", f"# .secrets for act (do not commit)\nDOCKERHUB_USERNAME=acmebot\nDOCKERHUB_TOKEN=dckr_pat_{_r(27, _B64URL)}\nSLACK_WEBHOOK=https://hooks.example.invalid/T000/B000\nDEPLOY_PASSWORD={_chosen(('deploy', 'release', 'ship'), ('Kai',))}"),
        ("act log", f"[CI/build] ⭐ Run Main Login to registry\n[CI/build]   🐳  docker exec cmd=[docker login -u ci-bot -p {_pw(20)} registry.acme.io]\n[CI/build]   ✅  Success - Main Login to registry"),
    ))
    out.append(_fam(
        "ledger note quoting an xcode cloud build log",
        ("ledger note", f"Xcode Cloud run 412 failed in ci_post_clone.sh; the log shows\n+ echo \"machine api.revenuecat.com password {_r(32)}\" >> ~/.netrc\nwhich means the script echoes before writing."),
        ("build log excerpt", f"ci_pre_xcodebuild.sh\n+ export MATCH_PASSWORD={_chosen(('match', 'signing', 'ios'), ('Emma',))}\n+ bundle exec fastlane match appstore --readonly\n[09:12:44]: Successfully decrypted certificates repo"),
        ("debugging note", f"Debug: the Sentry upload step in Xcode Cloud prints its env.\n  SENTRY_ORG=acme\n  SENTRY_AUTH_TOKEN=sntrys_{_r(64, _B64URL)}\n  CI_WORKFLOW=Release"),
    ))
    out.append(_fam(
        "ledger note quoting a coolify deploy log",
        ("ledger note", f"Coolify deployment #881 log (excerpt):\n[2026-11-28 14:03:11] docker build --build-arg DATABASE_URL=postgres://shop:{_pw(20)}@coolify-db:5432/shop --build-arg NODE_ENV=production -t shop:3e1f0a2 ."),
        ("handoff note", f"Coolify env for the blog app (copied from the UI):\nGHOST_URL=https://blog.acme.io\ndatabase__connection__password={_chosen(('ghost', 'blog', 'coolify'), ('Ines',))}\nmail__options__auth__pass={_pw(16)}"),
        ("debug note", f"The healthcheck fails because the app gets the wrong Redis: coolify shows\n  REDIS_URL=redis://default:{_r(32)}@redis-xq8z:6379/0\nbut the service is named redis-main."),
    ))
    out.append(_fam(
        "ledger debugging note on a psycopg connect call",
        ("debugging note", f"Debug: the worker hangs on connect because of the wrong port.\n  conn = psycopg.connect(\"host=db.internal port=6543 dbname=events user=worker password={_pw(18)} connect_timeout=5\")"),
        ("traceback paste", f"  File \"/app/etl/load.py\", line 22, in main\n    conn = psycopg2.connect(host=\"10.8.0.4\", dbname=\"dwh\", user=\"loader\", password=\"{_chosen(('loader', 'warehouse', 'etl'), ('Priya',))}\")\npsycopg2.OperationalError: connection to server at \"10.8.0.4\", port 5432 failed: timeout expired"),
        ("repl session", f">>> import psycopg\n>>> c = psycopg.connect(conninfo=\"postgresql://reporting:{_pw(22)}@pg-ro.acme.io/analytics?sslmode=verify-full\")\n>>> c.info.server_version\n160004"),
    ))
    out.append(_fam(
        "ledger debugging note on a php mysqli connect",
        ("debugging note", f"Debug: legacy shop dies with 'Access denied'. inc/db.php has\n  $db = new mysqli('localhost', 'shopuser', '{_chosen(('shop', 'mysql', 'kasse'), ('Karin',))}', 'shop_live');\nand the grant is for shopuser@'127.0.0.1', not localhost."),
        ("error page paste", f"Fatal error: Uncaught mysqli_sql_exception: Connection refused in /var/www/html/config.php:12\nStack trace:\n#0 /var/www/html/config.php(12): mysqli->__construct('db', 'wp_prod', '{_pw(16)}', 'wordpress')"),
        ("diff hunk", f"@@ -1,4 +1,4 @@\n <?php\n-$link = mysqli_connect(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASS'), 'crm');\n+$link = mysqli_connect('10.0.0.12', 'crm', '{_pw(14)}', 'crm');"),
    ))
    out.append(_fam(
        "ledger debugging note on rust sqlx connect options",
        ("debugging note", f"Debug: the pool times out only in CI. Builder used there:\n  let opts = PgConnectOptions::new().host(\"postgres\").username(\"ci\").password(\"{_pw(18)}\").database(\"test\");"),
        ("dotenv for sqlx prepare", f"# .env used by `cargo sqlx prepare`\nDATABASE_URL=postgres://ledger:{_chosen(('ledger', 'rust', 'crab'), ('Felix',))}@127.0.0.1:5432/ledger_dev"),
        ("panic output", f"thread 'main' panicked at src/db.rs:31:10:\ncalled `Result::unwrap()` on an `Err` value: failed to connect to mysql://api:{_pw(20)}@mysql.internal:3306/api: error returned from database: 1045 (28000)"),
    ))
    out.append(_fam(
        "ledger debugging note on a hikaricp data source",
        ("debugging note", f"Debug: HikariPool-1 exhausts because maxLifetime > wait_timeout. Config in DbModule.java:\n  config.setJdbcUrl(\"jdbc:mysql://mysql-a:3306/billing\");\n  config.setUsername(\"billing\");\n  config.setPassword(\"{_pw(18)}\");"),
        ("properties paste", f"# hikari.properties\njdbcUrl=jdbc:postgresql://pg.acme.lan:5432/inventory\ndataSource.user=inventory\ndataSource.password={_chosen(('inventory', 'lager', 'hikari'), ('Jan',))}\nmaximumPoolSize=20"),
        ("log excerpt", f"2026-11-30 08:01:12 WARN  com.zaxxer.hikari.HikariConfig - HikariPool-2 - dataSourceProperties: {{password={_pw(16)}, user=reports, ssl=true}}"),
    ))
    out.append(_fam(
        "ledger debugging note on a node ioredis client",
        ("debugging note", f"Debug: BullMQ jobs stall because the client reconnects forever:\n  const redis = new Redis({{ host: 'redis-queue.internal', port: 6379, password: '{_r(32)}', maxRetriesPerRequest: null }});"),
        ("error paste", f"[ioredis] Unhandled error event: ReplyError: WRONGPASS invalid username-password pair or user is disabled.\n    at new Redis('rediss://worker:{_pw(20)}@cache.acme.io:6380')"),
        ("cluster config paste", f"new Redis.Cluster([{{ host: '10.2.0.11', port: 7000 }}], {{\n  redisOptions: {{ username: 'app', password: '{_chosen(('cluster', 'redis', 'queue'), ('Sara',))}', tls: {{}} }},\n}});"),
    ))
    out.append(_fam(
        "ledger debugging note on python-oracledb connect",
        ("debugging note", f"Debug: thin mode cannot use the wallet; we switched to password auth for now:\n  conn = oracledb.connect(user=\"HR_APP\", password=\"{_pw(16)}\", dsn=\"exa-scan.acme.lan:1521/HRPDB\")"),
        ("traceback paste", f"oracledb.exceptions.DatabaseError: DPY-4011: the database or network closed the connection\n  connect string: finance/{_chosen(('oracle', 'finance', 'ledger'), ('Marco',))}@orapdb01:1521/FINPRD"),
        ("notebook cell", f"pool = oracledb.create_pool(user=\"analytics\", password=\"{_pw(20)}\",\n                            dsn=\"adb.eu-frankfurt-1.oraclecloud.com:1522/g1a2b3_dw_high.adb.oraclecloud.com\", min=1, max=4)"),
    ))
    out.append(_fam(
        "ledger debugging note on a mongoose connect",
        ("debugging note", f"Debug: the server starts before Atlas is reachable; connect call in db.js:\n  await mongoose.connect('mongodb+srv://api:{_pw(20)}@cluster0.ab1cd.mongodb.net/shop?retryWrites=true&w=majority');"),
        ("log excerpt", f"MongooseServerSelectionError: connect ECONNREFUSED 127.0.0.1:27017\n    at NativeConnection.Connection.openUri (uri: mongodb://admin:{_chosen(('mongo', 'mongoose', 'node'), ('Luca',))}@127.0.0.1:27017/admin)"),
        ("options paste", f"mongoose.connect(process.env.MONGO_HOST, {{\n  user: 'reporting',\n  pass: '{_pw(18)}',\n  authSource: 'admin',\n}});"),
    ))
    out.append(_fam(
        "copied request to the wiki.js graphql api",
        ("copied request", f"curl https://wiki.acme.io/graphql -H 'Authorization: Bearer {_wikijs_key()}' -H 'Content-Type: application/json' --data '{{\"query\":\"{{ pages {{ list {{ id path }} }} }}\"}}'"),
        ("ledger fact", f"Fact: 214 pages exist under /handbook; verified with a GraphQL call using the API key \"ci-export\" = {_wikijs_key()}"),
        ("script paste", f"WIKI_URL = \"https://docs.internal/graphql\"\nWIKI_TOKEN = \"{_wikijs_key()}\"\nheaders = {{\"Authorization\": f\"Bearer {{WIKI_TOKEN}}\"}}"),
    ))
    out.append(_fam(
        "copied request to the chatwoot api",
        ("copied request", f"curl -X POST https://chat.acme.io/api/v1/accounts/3/conversations/118/messages -H 'api_access_token: {_r(24)}' -H 'Content-Type: application/json' -d '{{\"content\":\"Ticket closed\"}}'"),
        ("http file", f"### list inboxes\nGET https://app.chatwoot.com/api/v1/accounts/82311/inboxes\napi_access_token: {_r(24)}"),
        ("ledger fact", f"Fact: the bot agent can post into inbox 7; verified with api_access_token {_r(24)} (agent bot 'triage')."),
    ))
    out.append(_fam(
        "copied request to the memos api",
        ("copied request", f"curl -s https://memos.home.lan/api/v1/memos -H \"Authorization: Bearer {_memos_token()}\" | jq '.memos | length'"),
        ("debugging note", f"Debug: the importer gets 401 because the token expired; new token from Settings > Access Tokens: {_memos_token()}"),
        ("shortcut config", json.dumps({"name": "Save to Memos", "url": "https://notes.example.org/api/v1/memos", "headers": {"Authorization": "Bearer " + _memos_token()}})),
    ))
    out.append(_fam(
        "copied request to the trilium etapi",
        ("copied request", f"curl -H \"Authorization: {_trilium_token()}\" http://trilium.lan:8080/etapi/notes/root"),
        ("script paste", f"from trilium_py.client import ETAPI\nea = ETAPI('http://localhost:8080', '{_trilium_token()}')\nprint(ea.app_info())"),
        ("ledger fact", f"Fact: daily journal notes are created by the cron job; verified by GET /etapi/calendar/days/2026-11-30 with ETAPI token {_trilium_token()}."),
    ))
    out.append(_fam(
        "copied request to the komga api",
        ("copied request", f"GET /api/v1/libraries HTTP/1.1\nHost: komga.home.arpa:25600\nX-API-Key: {_hx(32)}\nAccept: application/json"),
        ("curl basic auth", f"curl -u 'reader@home.arpa:{_chosen(('manga', 'komga', 'comics'), ('Yuki',))}' http://192.168.1.40:25600/api/v1/series?library_id=0A1B2C"),
        ("tachiyomi note", f"Mihon extension settings for Komga: address http://komga.lan:25600, username me@komga.lan, password {_pw(14)}"),
    ))
    out.append(_fam(
        "copied request to the emby api",
        ("copied request", f"curl 'http://emby.lan:8096/emby/Library/Refresh?api_key={_hx(32)}' -X POST"),
        ("http headers", f"GET /emby/Users/{_hx(32)}/Items/Resume HTTP/1.1\nHost: media.home:8096\nX-Emby-Token: {_hx(32)}\nX-Emby-Client: Emby Web"),
        ("debugging note", f"Debug: Sonarr cannot notify Emby. The connection test uses host 10.0.0.5:8096, API key {_hx(32)}; Emby logs 'Access token is invalid or expired'."),
    ))
    out.append(_fam(
        "copied request to the tautulli api",
        ("copied request", f"curl 'http://tautulli.lan:8181/api/v2?apikey={_hx(32)}&cmd=get_activity'"),
        ("grafana datasource note", f"JSON API datasource URL: https://tautulli.example.net/api/v2?apikey={_hx(32)}&cmd=get_home_stats&time_range=30"),
        ("ledger fact", f"Fact: 3 streams were transcoding at 21:00; verified by `http GET :8181/api/v2 apikey=={_hx(32)} cmd==get_activity`."),
    ))
    out.append(_fam(
        "diff hunk in an ecs task definition",
        ("diff hunk", f"@@ -18,6 +18,10 @@\n       \"environment\": [\n         {{ \"name\": \"NODE_ENV\", \"value\": \"production\" }},\n+        {{ \"name\": \"DB_PASSWORD\", \"value\": \"{_pw(22)}\" }},\n+        {{ \"name\": \"JWT_SECRET\", \"value\": \"{_r(48)}\" }},"),
        ("describe output", f"$ aws ecs describe-task-definition --task-definition api:57 --query 'taskDefinition.containerDefinitions[0].environment'\n[\n    {{\"name\": \"STRIPE_SECRET\", \"value\": \"{_r(32)}\"}},\n    {{\"name\": \"PORT\", \"value\": \"8080\"}}\n]"),
        ("decision entry", f"Decision: move secrets to `secrets:` with valueFrom next sprint; for now the worker task def carries\n  \"environment\": [{{\"name\": \"RABBITMQ_PASS\", \"value\": \"{_chosen(('rabbit', 'queue', 'worker'), ('Olga',))}\"}}]"),
    ))
    out.append(_fam(
        "diff hunk in a cloud run service yaml",
        ("diff hunk", f"@@ -22,6 +22,8 @@ spec:\n         env:\n         - name: GCS_BUCKET\n           value: acme-uploads\n+        - name: SMTP_PASSWORD\n+          value: {_pw(20)}"),
        ("gcloud command", f"gcloud run deploy invoices --image europe-docker.pkg.dev/acme/app/invoices:1.9.2 --region europe-west1 --set-env-vars=DB_USER=invoices,DB_PASS={_pw(18)}"),
        ("describe output", f"$ gcloud run services describe search --format export | grep -A1 ALGOLIA_ADMIN\n        - name: ALGOLIA_ADMIN_KEY\n          value: {_hx(32)}"),
    ))
    out.append(_fam(
        "diff hunk in an aws sam template",
        ("diff hunk", f"@@ -30,7 +30,8 @@ Resources:\n       Environment:\n         Variables:\n           TABLE_NAME: !Ref OrdersTable\n+          PAYMENT_API_KEY: {_r(40)}"),
        ("samconfig paste", f"[default.deploy.parameters]\nstack_name = \"orders\"\nparameter_overrides = \"Stage=prod DbPassword={_pw(18)} AlarmEmail=ops@acme.io\""),
        ("sam local note", f"env.json for `sam local invoke -n env.json`:\n{{\"ProcessOrder\": {{\"DB_HOST\": \"host.docker.internal\", \"DB_PASSWORD\": \"{_chosen(('lambda', 'orders', 'local'), ('Ahmed',))}\"}}}}"),
    ))
    out.append(_fam(
        "agent sql tool call creating a database login",
        ("tool call", json.dumps({"tool": "execute_sql", "arguments": {"database": "analytics", "query": f"CREATE ROLE metabase_ro LOGIN PASSWORD '{_pw(20)}'; GRANT pg_read_all_data TO metabase_ro;"}})),
        ("tool result", f"execute_sql -> OK\nCREATE LOGIN [svc_reporting] WITH PASSWORD = N'{_pw(18)}', CHECK_POLICY = ON;\nCREATE USER [svc_reporting] FOR LOGIN [svc_reporting];"),
        ("ledger summary", f"Summary: created the MySQL user for the exporter via the db tool: CREATE USER 'exporter'@'10.%' IDENTIFIED BY '{_chosen(('exporter', 'metrics', 'mysql'), ('Ben',))}' WITH MAX_USER_CONNECTIONS 3;"),
    ))
    out.append(_fam(
        "agent delegation prompt handing a credential to a subagent",
        ("task tool call", json.dumps({"tool": "Task", "description": "check staging login", "prompt": f"Log in to https://staging.acme.io/admin as qa-admin@acme.io with password {_chosen(('staging', 'admin', 'qa'), ('Chloe',))} and confirm the new invoice page renders."})),
        ("ledger entry", f"Delegated the DB audit to the research subagent with: \"connect with psql postgresql://auditor:{_pw(20)}@10.9.0.3/core and list tables without primary keys\"."),
        ("handoff prompt", f"Subagent brief: rotate nothing, just read. SFTP host files.partner.net, user acme_drop, password {_pw(16)}. List /outbound and report file names and sizes."),
    ))
    out.append(_fam(
        "agent search-replace tool call rotating a password",
        ("tool call", json.dumps({"tool": "str_replace", "path": "deploy/.env.production", "old_str": f"MAIL_PASSWORD={_pw(16)}", "new_str": f"MAIL_PASSWORD={_pw(16)}"})),
        ("ledger entry", f"Rotated the Elasticsearch password in config/elasticsearch.yml via sed: `sed -i 's/^password: .*/password: {_pw(20)}/' config/output.yml`."),
        ("tool result", f"Edited config/database.yml:\n-  password: <%= ENV['DB_PASSWORD'] %>\n+  password: {_chosen(('rails', 'database', 'ruby'), ('Hana',))}\n1 replacement made."),
    ))
    return out


def _formats() -> list[_Raw]:
    out: list[_Raw] = []
    out.append(_fam(
        "haraka auth_flat_file ini password",
        ("config file", f"; config/auth_flat_file.ini\n[core]\nmethods=PLAIN,LOGIN,CRAM-MD5\n\n[users]\nnewsletter@acme.io={_pw(18)}\nscanner@acme.io={_chosen(('printer', 'scanner', 'office'), ('Greta',))}"),
        ("forum post", f"Haraka keeps rejecting AUTH for my relay user. auth_flat_file.ini:\n[users]\nrelay={_pw(14)}\nplugins has auth/flat_file enabled. What am I missing?"),
        ("ledger decision", f"Decision: the app relays through Haraka on 587 with the flat-file user `app-mailer` = {_pw(20)} until LDAP auth is wired."),
    ))
    out.append(_fam(
        "stalwart mail config toml secret",
        ("config file", f"[authentication.fallback-admin]\nuser = \"admin\"\nsecret = \"{_pw(20)}\"\n\n[store.\"postgresql\"]\ntype = \"postgresql\"\nhost = \"pg.mail.lan\"\npassword = \"{_pw(18)}\""),
        ("docker log paste", f"stalwart-mail  | Your administrator account is 'admin' with password '{_r(10)}'.\nstalwart-mail  | Listening on 0.0.0.0:8080 (http)"),
        ("chat paste", f"for the relay to ses i put this in config.toml\n[queue.route.\"ses\"]\nauth.username = \"AKIA{_r(16, _UPPER_ALNUM)}\"\nauth.secret = \"{_r(44, _ALNUM + '+/')}\""),
    ))
    out.append(_fam(
        "apisix config yaml admin key",
        ("config file", f"deployment:\n  admin:\n    admin_key:\n      - name: admin\n        key: {_hx(32)}\n        role: admin\n  etcd:\n    host: [\"http://etcd:2379\"]\n    user: apisix\n    password: {_pw(16)}"),
        ("admin api call", f"curl http://127.0.0.1:9180/apisix/admin/routes/1 -H 'X-API-KEY: {_r(32)}' -X PUT -d '{{\"uri\":\"/api/*\",\"upstream\":{{\"nodes\":{{\"api:8080\":1}}}}}}'"),
        ("consumer config", f"consumers:\n  - username: mobile-app\n    plugins:\n      key-auth:\n        key: {_r(40)}\n      basic-auth:\n        username: partner\n        password: {_chosen(('gateway', 'apisix', 'partner'), ('Wei',))}"),
    ))
    out.append(_fam(
        "tinyproxy basicauth line",
        ("config file", f"# /etc/tinyproxy/tinyproxy.conf\nPort 8888\nAllow 10.0.0.0/8\nBasicAuth proxyuser {_pw(16)}\nUpstream http 10.0.0.1:3128"),
        ("wiki snippet", f"Office proxy for the lab machines: tinyproxy on 192.168.50.2:8888, BasicAuth lab {_chosen(('labor', 'proxy', 'netz'), ('Heinz',))}."),
        ("env paste", f"export http_proxy=http://scraper:{_pw(18)}@tiny.proxy.acme.io:8888\nexport https_proxy=$http_proxy"),
    ))
    out.append(_fam(
        "sssd conf ldap_default_authtok",
        ("config file", f"[domain/corp.acme.lan]\nid_provider = ldap\nldap_uri = ldaps://ldap1.corp.acme.lan\nldap_default_bind_dn = cn=sssd,ou=svc,dc=corp,dc=acme,dc=lan\nldap_default_authtok_type = password\nldap_default_authtok = {_pw(20)}"),
        ("ansible template render", f"TASK [sssd : render sssd.conf] changed: [web-3]\n--- before\n+++ after\n+ldap_default_authtok = {_chosen(('ldap', 'linux', 'corp'), ('Anja',))}"),
        ("ticket comment", f"Users on the jump host cannot log in. sssd.conf has ldap_default_bind_dn uid=binder,cn=users and ldap_default_authtok = {_pw(14)} which was changed on the DC last week."),
    ))
    out.append(_fam(
        "samba-tool domain provision adminpass",
        ("shell history", f"samba-tool domain provision --use-rfc2307 --realm=SCHOOL.LAN --domain=SCHOOL --server-role=dc --dns-backend=SAMBA_INTERNAL --adminpass='{_chosen(('school', 'samba', 'domain'), ('Peter',))}'"),
        ("runbook", f"Join the second DC:\n  samba-tool domain join school.lan DC -U'SCHOOL\\administrator' --password='{_pw(16)}' --option='idmap_ldb:use rfc2307 = yes'"),
        ("user creation", f"samba-tool user create teacher.mueller '{_chosen(('lehrer', 'schule', 'klasse'), ('Mueller',))}' --given-name=Anna --surname=Mueller --must-change-at-next-login"),
    ))
    out.append(_fam(
        "bareos director password",
        ("config file", f"Director {{\n  Name = bareos-dir\n  Password = \"{_b64(32)}\"\n  Description = \"Director for the backup cluster\"\n}}"),
        ("storage resource", f"Storage {{\n  Name = File\n  Address = sd01.backup.lan\n  Password = \"{_pw(24)}\"\n  Device = FileStorage\n  Media Type = File\n}}"),
        ("console config", f"# /etc/bareos/bconsole.conf\nDirector {{\n  Name = bareos-dir\n  address = backup.acme.lan\n  Password = \"{_pw(20)}\"\n}}"),
    ))
    out.append(_fam(
        "duplicity passphrase environment",
        ("backup script", f"#!/bin/sh\nexport PASSPHRASE='{_chosen(('backup', 'archiv', 'duplicity'), ('Rosa',))}'\nexport FTP_PASSWORD='{_pw(16)}'\nduplicity /srv/data sftp://backup@nas.lan//volume1/dup"),
        ("cron entry", f"30 2 * * * PASSPHRASE={_pw(24)} AWS_ACCESS_KEY_ID=AKIA{_r(16, _UPPER_ALNUM)} duplicity incr /home boto3+s3://acme-backup/home"),
        ("forum question", f"duply profile conf:\nGPG_KEY='disabled'\nGPG_PW='{_chosen(('sicherung', 'backup', 'server'), ('Uwe',))}'\nTARGET='webdav://user:{_pw(12)}@dav.example.de/backup'\nWhy does restore ask for a passphrase?"),
    ))
    out.append(_fam(
        "evcc yaml device passwords",
        ("config file", f"vehicles:\n  - name: id4\n    type: template\n    template: vw\n    user: hans@example.de\n    password: {_chosen(('auto', 'laden', 'wallbox'), ('Hans',))}\n    vin: WVWZZZE1ZMP0{_digits(5)}"),
        ("meter config", f"meters:\n  - name: grid\n    type: template\n    template: sma-home-manager\n  - name: pv\n    type: template\n    template: fronius-solarapi-v1\n    password: {_pw(14)}"),
        ("forum post", f"evcc log says 'login failed' for my Tesla. My yaml:\n  tokens:\n    access: {_EYJ}{_b64url(180)}\n    refresh: {_EYJ}{_b64url(90)}"),
    ))
    out.append(_fam(
        "palworld and valheim server passwords",
        ("palworld settings", f"[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(Difficulty=None,ServerName=\"Bunker Crew\",ServerPassword=\"{_chosen(('pal', 'bunker', 'crew'), ('Tim',))}\",AdminPassword=\"{_pw(14)}\",RCONEnabled=True,RCONPort=25575)"),
        ("valheim start script", f"./valheim_server.x86_64 -name \"Nordheim\" -port 2456 -world \"Asgard\" -password \"{_chosen(('viking', 'odin', 'thor'), ('Leif',))}\" -public 0"),
        ("discord message", f"server's back up, join 203.0.113.40:8211 pw {_chosen(('raid', 'crew', 'night'), ('Max',))} and admin pw is {_pw(10)} (dont spam /ban)"),
    ))
    out.append(_fam(
        "nanomq password conf",
        ("config file", f"# etc/nanomq_pwd.conf\nadmin: {_pw(16)}\nsensor-gw: {_chosen(('sensor', 'factory', 'mqtt'), ('Ivan',))}"),
        ("bridge config", f"bridges.mqtt.cloud {{\n  server = \"mqtt-tls://broker.acme.io:8883\"\n  clientid = \"edge-17\"\n  username = \"edge-17\"\n  password = \"{_pw(20)}\"\n}}"),
        ("http api note", f"NanoMQ HTTP API on :8081 uses basic auth from nanomq.conf: http_server {{ username = admin, password = {_pw(12)} }}"),
    ))
    out.append(_fam(
        "hivemq file rbac credentials",
        ("credentials xml", f"<file-rbac>\n  <users>\n    <user>\n      <name>plant-a</name>\n      <password>{_pw(18)}</password>\n      <roles><id>publisher</id></roles>\n    </user>\n  </users>\n</file-rbac>"),
        ("control center config", f"<control-center>\n  <users>\n    <user>\n      <name>admin</name>\n      <password>{_sha(_pw(12))}</password>\n    </user>\n  </users>\n</control-center>\n(plain one for the GUI: {_chosen(('hivemq', 'broker', 'iot'), ('Lars',))})"),
        ("client command", f"mqtt pub -h broker.acme-iot.com -p 8883 -s -u line-4 -pw {_pw(16)} -t plant/a/line4/temp -m 21.4"),
    ))
    out.append(_fam(
        "suitecrm config database password",
        ("config file", f"$sugar_config = array (\n  'dbconfig' => array (\n    'db_host_name' => 'localhost',\n    'db_user_name' => 'suitecrm',\n    'db_password' => '{_pw(18)}',\n    'db_name' => 'suitecrm',\n  ),"),
        ("env file", f"# SuiteCRM 8 .env.local\nDATABASE_URL=\"mysql://crm:{_chosen(('crm', 'sales', 'suite'), ('Irene',))}@127.0.0.1:3306/suitecrm\"\nAPP_SECRET={_hx(32)}"),
        ("support ticket", f"After upgrade to 7.14 the CRM shows a blank page. config.php has db_user_name 'crmadmin' and db_password '{_pw(12)}', log says access denied."),
    ))
    out.append(_fam(
        "tryton trytond conf uri",
        ("config file", f"[database]\nuri = postgresql://tryton:{_pw(18)}@localhost:5432/\npath = /var/lib/trytond\n\n[session]\nsuper_pwd = {_chosen(('tryton', 'erp', 'admin'), ('Jose',))}"),
        ("docker env", f"DB_HOSTNAME=postgres\nTRYTOND_DATABASE__URI=postgresql://tryton:{_pw(16)}@postgres:5432/\nTRYTONPASSFILE=/run/secrets/admin"),
        ("mailing list post", f"trytond-admin -c trytond.conf -d erp --all fails. conf:\n[database]\nuri = postgresql://erp:{_chosen(('factura', 'tryton', 'erp'), ('Lucia',))}@db.lan:5432/"),
    ))
    out.append(_fam(
        "open liberty server xml datasource password",
        ("server.xml", f"<dataSource id=\"DefaultDataSource\" jndiName=\"jdbc/orders\">\n  <jdbcDriver libraryRef=\"pgLib\"/>\n  <properties.postgresql serverName=\"pg.acme.lan\" portNumber=\"5432\" databaseName=\"orders\" user=\"orders\" password=\"{_pw(18)}\"/>\n</dataSource>"),
        ("server.env", f"# wlp/usr/servers/defaultServer/server.env\nDB_USER=inventory\nDB_PASSWORD={_chosen(('liberty', 'websphere', 'java'), ('Ana',))}\nkeystore_password={_pw(16)}"),
        ("bootstrap properties", f"com.ibm.ws.logging.console.log.level=INFO\nldap.bindPassword={_pw(20)}\nldap.bindDN=cn=liberty,ou=apps,dc=acme,dc=com"),
    ))
    out.append(_fam(
        "tomee xml resource password",
        ("tomee.xml", f"<tomee>\n  <Resource id=\"jdbc/shop\" type=\"DataSource\">\n    JdbcDriver = org.mariadb.jdbc.Driver\n    JdbcUrl = jdbc:mariadb://db:3306/shop\n    UserName = shop\n    Password = {_pw(18)}\n  </Resource>\n</tomee>"),
        ("system properties", f"# conf/system.properties\nshopDS = new://Resource?type=DataSource\nshopDS.JdbcUrl = jdbc:postgresql://pg:5432/shop\nshopDS.UserName = shop\nshopDS.Password = {_chosen(('tomee', 'shop', 'java'), ('Pavel',))}"),
        ("users xml", f"<tomcat-users>\n  <role rolename=\"tomee-admin\"/>\n  <user username=\"tomee\" password=\"{_pw(14)}\" roles=\"tomee-admin,manager-gui\"/>\n</tomcat-users>"),
    ))
    out.append(_fam(
        "ant build properties password",
        ("build.properties", f"deploy.host=app01.acme.lan\ndeploy.user=deployer\ndeploy.password={_pw(16)}\nsignjar.storepass={_chosen(('release', 'keystore', 'ant'), ('Nora',))}"),
        ("build.xml target", f"<target name=\"upload\">\n  <scp file=\"dist/app.war\" todir=\"deploy@app01:/opt/tomcat/webapps\" password=\"{_pw(14)}\" trust=\"true\"/>\n</target>"),
        ("command line", f"ant -Dkeystore.password={_pw(12)} -Dkey.alias=release -Dkey.password={_pw(12)} release"),
    ))
    out.append(_fam(
        "paket dependencies source password",
        ("paket.dependencies", f"source https://api.nuget.org/v3/index.json\nsource https://pkgs.acme.io/nuget/v3/index.json username: \"build\" password: \"{_pw(20)}\" authtype: \"basic\"\nnuget Newtonsoft.Json"),
        ("paket add command", f"dotnet paket config add-credentials https://nuget.acme.local/api/v2 --username ci --password {_chosen(('paket', 'nuget', 'build'), ('Erik',))} --authtype basic"),
        ("config paste", f"<!-- %APPDATA%/Paket/paket.config -->\n<credentials>\n  <credential source=\"https://feed.acme.io/nuget\" username=\"dev\" password=\"{_pw(16)}\" authType=\"basic\" />\n</credentials>"),
    ))
    out.append(_fam(
        "freeswitch vars xml default password",
        ("vars.xml", f"<X-PRE-PROCESS cmd=\"set\" data=\"default_password={_pin(6)}\"/>\n<X-PRE-PROCESS cmd=\"set\" data=\"domain=pbx.acme.lan\"/>"),
        ("gateway xml", f"<gateway name=\"sipgate\">\n  <param name=\"username\" value=\"{_digits(7)}t0\"/>\n  <param name=\"password\" value=\"{_r(10, _UPPER_ALNUM)}\"/>\n  <param name=\"realm\" value=\"sipgate.de\"/>\n</gateway>"),
        ("event socket config", f"<configuration name=\"event_socket.conf\">\n  <settings>\n    <param name=\"listen-ip\" value=\"0.0.0.0\"/>\n    <param name=\"password\" value=\"{_chosen(('freeswitch', 'telefon', 'pbx'), ('Ralf',))}\"/>\n  </settings>\n</configuration>"),
    ))
    out.append(_fam(
        "mediamtx yml path credentials",
        ("mediamtx.yml", f"authInternalUsers:\n  - user: viewer\n    pass: {_pw(14)}\n    permissions:\n      - action: read\npaths:\n  door:\n    source: rtsp://admin:{_chosen(('camera', 'door', 'cctv'), ('Mario',))}@192.168.1.64:554/Streaming/Channels/101"),
        ("publish command", f"ffmpeg -re -i talk.mp4 -c copy -f rtsp rtsp://publisher:{_pw(16)}@stream.acme.io:8554/live/talk"),
        ("forum post", f"mediamtx 1.9 keeps saying 'authentication failed' with\npaths:\n  all:\n    publishUser: obs\n    publishPass: {_pw(12)}"),
    ))
    out.append(_fam(
        "znuny config pm database password",
        ("Config.pm", f"    $Self->{{DatabaseHost}} = '127.0.0.1';\n    $Self->{{Database}}     = 'znuny';\n    $Self->{{DatabaseUser}} = 'znuny';\n    $Self->{{DatabasePw}}   = '{_pw(16)}';"),
        ("mail account", f"    $Self->{{'SendmailModule::AuthUser'}} = 'helpdesk@acme.de';\n    $Self->{{'SendmailModule::AuthPassword'}} = '{_chosen(('helpdesk', 'ticket', 'support'), ('Birgit',))}';"),
        ("forum post", f"After migrating from OTRS 6 the DB check fails. Kernel/Config.pm has DatabasePw = '{_pw(12)}', DatabaseUser = 'otrs'."),
    ))
    out.append(_fam(
        "moodle config php dbpass",
        ("config.php", f"$CFG->dbtype    = 'pgsql';\n$CFG->dbhost    = 'localhost';\n$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '{_pw(18)}';"),
        ("smtp setting", f"$CFG->smtphosts = 'smtp.school.edu:587';\n$CFG->smtpuser = 'moodle@school.edu';\n$CFG->smtppass = '{_chosen(('moodle', 'school', 'teacher'), ('Carmen',))}';"),
        ("cli install", f"php admin/cli/install.php --dbuser=moodle --dbpass='{_pw(16)}' --adminuser=admin --adminpass='{_chosen(('escuela', 'moodle', 'curso'), ('Pilar',))}' --fullname='Colegio San Jose'"),
    ))
    out.append(_fam(
        "bugzilla localconfig db_pass",
        ("localconfig", f"$db_driver = 'mysql';\n$db_host = 'localhost';\n$db_name = 'bugs';\n$db_user = 'bugs';\n$db_pass = '{_pw(16)}';"),
        ("checksetup answers", f"$answer{{'db_pass'}} = '{_pw(18)}';\n$answer{{'ADMIN_EMAIL'}} = 'qa@acme.org';\n$answer{{'ADMIN_PASSWORD'}} = '{_chosen(('bugzilla', 'bugs', 'triage'), ('Gordon',))}';"),
        ("mailing list post", f"checksetup.pl fails: DBI connect('database=bugs;host=db01','bugs',...) failed. localconfig has $db_pass = '{_pw(12)}' and the grant looks right."),
    ))
    return out


def _vendor() -> list[_Raw]:
    out: list[_Raw] = []
    out.append(_fam(
        "clearbit secret api key",
        ("dotenv", f"CLEARBIT_KEY={_CLEARBIT}{_hx(32)}"),
        ("curl", f"curl 'https://person.clearbit.com/v2/combined/find?email=alex@example.com' -u {_CLEARBIT}{_hx(32)}:"),
        ("ruby initializer", f"Clearbit.key = '{_CLEARBIT}{_hx(32)}'"),
    ))
    out.append(_fam(
        "yelp fusion api key",
        ("dotenv", f"YELP_API_KEY={_r(128, _B64URL)}"),
        ("curl", f"curl -H 'Authorization: Bearer {_r(128, _B64URL)}' 'https://api.yelp.com/v3/businesses/search?location=Austin&term=tacos'"),
        ("python script", f"API_KEY = '{_r(128, _B64URL)}'\nheaders = {{'Authorization': 'Bearer %s' % API_KEY}}"),
    ))
    out.append(_fam(
        "eventbrite private token",
        ("settings file", f"EVENTBRITE_OAUTH_TOKEN = \"{_r(20, _UPPER_ALNUM)}\""),
        ("curl", f"curl https://www.eventbriteapi.com/v3/users/me/?token={_r(20, _UPPER_ALNUM)}"),
        ("chat message", f"eventbrite private token for the ticket sync: {_r(20, _UPPER_ALNUM)}"),
    ))
    out.append(_fam(
        "webflow site api token",
        ("dotenv", f"WEBFLOW_API_TOKEN={_hx(64)}"),
        ("curl", f"curl https://api.webflow.com/v2/sites/{_hx(24)}/collections -H 'authorization: Bearer {_hx(64)}'"),
        ("netlify env note", f"Build env for the marketing site: WEBFLOW_SITE_ID {_hx(24)}, token {_hx(64)}"),
    ))
    out.append(_fam(
        "unsplash access and secret key",
        ("dotenv", f"UNSPLASH_ACCESS_KEY={_r(43, _B64URL)}\nUNSPLASH_SECRET_KEY={_r(43, _B64URL)}"),
        ("curl", f"curl 'https://api.unsplash.com/photos/random?query=coffee&client_id={_r(43, _B64URL)}'"),
        ("js config", f"const unsplash = createApi({{ accessKey: '{_r(43, _B64URL)}' }});"),
    ))
    out.append(_fam(
        "strava api credentials",
        ("dotenv", f"STRAVA_CLIENT_ID={_digits(6)}\nSTRAVA_CLIENT_SECRET={_hx(40)}\nSTRAVA_REFRESH_TOKEN={_hx(40)}"),
        ("curl", f"curl -X POST https://www.strava.com/oauth/token -F client_id={_digits(6)} -F client_secret={_hx(40)} -F grant_type=refresh_token -F refresh_token={_hx(40)}"),
        ("bearer call", f"http GET https://www.strava.com/api/v3/athlete/activities 'Authorization:Bearer {_hx(40)}' per_page==30"),
    ))
    out.append(_fam(
        "customer.io api keys",
        ("dotenv", f"CUSTOMERIO_SITE_ID={_hx(20)}\nCUSTOMERIO_TRACK_API_KEY={_hx(20)}\nCUSTOMERIO_APP_API_KEY={_hx(32)}"),
        ("curl", f"curl -X POST https://api.customer.io/v1/send/email -H 'Authorization: Bearer {_hx(32)}' -H 'Content-Type: application/json'"),
        ("node config", f"const cio = new TrackClient('{_hx(20)}', '{_hx(20)}', {{ region: RegionEU }});"),
    ))
    out.append(_fam(
        "wrike permanent access token",
        ("dotenv", f"WRIKE_TOKEN={_wrike_token()}"),
        ("curl", f"curl -g -X GET -H 'Authorization: bearer {_wrike_token()}' 'https://www.wrike.com/api/v4/folders'"),
        ("zapier note", f"Wrike permanent token for the sync (app console > API): {_wrike_token()}"),
    ))
    out.append(_fam(
        "smartsheet api access token",
        ("dotenv", f"SMARTSHEET_ACCESS_TOKEN={_r(37)}"),
        ("curl", f"curl https://api.smartsheet.com/2.0/sheets -H 'Authorization: Bearer {_r(37)}'"),
        ("python script", f"smart = smartsheet.Smartsheet('{_r(37)}')\nsheet = smart.Sheets.get_sheet(4583173393803140)"),
    ))
    out.append(_fam(
        "ccavenue working key and access code",
        ("php config", f"$merchant_id = '{_digits(7)}';\n$access_code = 'AV{_r(16, string.ascii_uppercase)}';\n$working_key = '{_r(32, _UPPER_ALNUM)}';"),
        ("dotenv", f"CCAVENUE_MERCHANT_ID={_digits(6)}\nCCAVENUE_ACCESS_CODE=AV{_r(16, string.ascii_uppercase)}\nCCAVENUE_WORKING_KEY={_r(32, _UPPER_ALNUM)}"),
        ("whatsapp to developer", f"bhai ccavenue live credentials: access code AV{_r(16, string.ascii_uppercase)} working key {_r(32, _UPPER_ALNUM)} merchant {_digits(7)}"),
    ))
    out.append(_fam(
        "przelewy24 crc and api key",
        ("dotenv", f"P24_MERCHANT_ID={_digits(6)}\nP24_CRC={_hx(16)}\nP24_API_KEY={_hx(32)}"),
        ("php config", f"'przelewy24' => [\n    'merchant_id' => {_digits(6)},\n    'crc' => '{_hx(16)}',\n    'report_key' => '{_hx(32)}',\n    'sandbox' => false,\n],"),
        ("curl", f"curl -u {_digits(6)}:{_hx(32)} https://secure.przelewy24.pl/api/v1/testAccess"),
    ))
    out.append(_fam(
        "bunq api key",
        ("dotenv", f"BUNQ_API_KEY={_hx(64)}"),
        ("sandbox note", f"bunq sandbox user created: api key {_BUNQ_SANDBOX}{_hx(48)}"),
        ("python script", f"api_context = ApiContext.create(ApiEnvironmentType.PRODUCTION, '{_hx(64)}', 'ledger-sync')"),
    ))
    out.append(_fam(
        "qonto api secret key",
        ("dotenv", f"QONTO_LOGIN=acme-gmbh-{_digits(4)}\nQONTO_SECRET_KEY={_hx(32)}"),
        ("curl", f"curl https://thirdparty.qonto.com/v2/organization -H 'Authorization: acme-sas-{_digits(4)}:{_hx(32)}'"),
        ("accounting note", f"Clé API Qonto pour l'export compta : identifiant acme-sarl-{_digits(4)}, clé secrète {_hx(32)}"),
    ))
    out.append(_fam(
        "ringcentral jwt credential and client secret",
        ("dotenv", f"RC_CLIENT_ID={_r(22, _B64URL)}\nRC_CLIENT_SECRET={_r(44, _B64URL)}\nRC_JWT={_ringcentral_jwt()}"),
        ("node config", f"const rcsdk = new SDK({{ server: SDK.server.production, clientId: '{_r(22)}', clientSecret: '{_r(44)}' }});\nawait rcsdk.login({{ jwt: '{_ringcentral_jwt()}' }});"),
        ("curl", f"curl -X POST https://platform.ringcentral.com/restapi/oauth/token -u '{_r(22)}:{_r(44)}' -d grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer -d assertion={_ringcentral_jwt()}"),
    ))
    out.append(_fam(
        "front api token",
        ("dotenv", f"FRONT_API_TOKEN={_front_token()}"),
        ("curl", f"curl https://api2.frontapp.com/conversations?limit=5 -H 'Authorization: Bearer {_front_token()}'"),
        ("support macro note", f"Front token used by the helpdesk export job: {_front_token()}"),
    ))
    return out


def _human() -> list[_Raw]:
    out: list[_Raw] = []
    w: tuple[str, ...]
    n: tuple[str, ...]
    w = ("kasuwa", "tatali", "Maiduguri", "fura", "dabino")
    n = ("Aisa", "Bukar", "Fanta", "Kaka")
    out.append(_fam(
        "kanuri and shuwa arabic market message password",
        ("whatsapp", f"Bukar, wifi kasuwa-bem password {_chosen(w, n)} ye. Ana kasuwa Monday ba."),
        ("sms", f"Ya Kaka, al password hana POS da {_chosen(w, n)} wa la tikallim ayy zol."),
        ("voice-note transcript", f"[voice note, Kanuri/Shuwa] ... password mobile money-ro {_pin(4)}, PIN-a nǝm ba, Fanta ye ..."),
    ))
    w = ("Mzuzu", "nyanja", "chiuta", "Nkhata", "chimanga")
    n = ("Chikondi", "Mphatso", "Tiwonge", "Yamikani")
    out.append(_fam(
        "tumbuka and yao church group password",
        ("whatsapp", f"Abali, password ya laptop ya mpingo ni {_chosen(w, n, teams=('Bullets', 'Wanderers'))}. Mungamuphalirangapo munyake yayi."),
        ("committee notes", f"Ndondomeko ya komiti 12/11: akaunti ya Facebook ya kwaya – username mpingo.kwaya, password {_chosen(w, n, teams=('Bullets', 'Wanderers'))}"),
        ("sms", f"Achimwene, email ja ofesi jwa chalichi: chalichi.zomba@gmail.com, password {_chosen(w, n)} – nkamsalila jwine jwalijose."),
    ))
    w = ("buna", "Hawassa", "Yirgalem", "Sodo", "enset", "gosa")
    n = ("Abebe", "Tsehay", "Dawit", "Meskerem")
    out.append(_fam(
        "sidamo and wolaytta coffee cooperative message password",
        ("telegram", f"Koperatiive wifi: SidamaBuna-Office, password {_chosen(w, n)} — ikko ashshi."),
        ("sms", f"Dawit, the export portal login for the union is sidama.union / {_chosen(w, n)} — don't share outside the office."),
        ("handwritten note", f"[photo of a note on the cupping-lab fridge] Wolaytta coop laptop: {_chosen(w, n)} · Mesk. will change it after harvest"),
    ))
    w = ("Bor", "Juba", "Yei", "baai", "weng", "Rumbek")
    n = ("Deng", "Garang", "Nyandeng", "Lado", "Keji")
    out.append(_fam(
        "dinka and bari youth association password",
        ("whatsapp", f"Youth association Facebook: email bor.youth.assoc@gmail.com, password {_chosen(w, n)}. Yin bi ye lueel ke raan dät."),
        ("meeting minutes", f"Minutes 9 Nov: secretary Keji will keep the laptop. Login Lado / {_chosen(w, n)}; treasurer has the M-Gurush PIN {_pin(4)}."),
        ("sms", f"Garang, the hall wifi is Bari-Youth-Hall and the code is {_chosen(w, n)}. Tell the visitors only at the door."),
    ))
    w = ("Kayes", "Bakel", "Tambacounda", "kafo", "jamaa", "Banjul")
    n = ("Mamadou", "Kadiatou", "Sekou", "Fatoumata", "Lamin")
    out.append(_fam(
        "soninke and mandinka hometown association password",
        ("whatsapp", f"Jamaa, le compte Orange Money de l'association: PIN {_pin(4)}. Password Facebook: {_chosen(w, n)}"),
        ("email", f"Subject: caisse association Bakel-Paris\nSekou, le mot de passe du compte Wave c'est {_chosen(w, n)}, le trésorier est au courant."),
        ("voice-note transcript", f"[vocal, mandinka/français] ... kafo la email password mu {_chosen(w, n)} le ti, Lamin ye a lon ..."),
    ))
    w = ("Makeni", "Bo", "okada", "Kenema", "salone", "wata")
    n = ("Foday", "Mariama", "Sahr", "Isatu", "Kadie")
    out.append(_fam(
        "temne and mende okada riders union password",
        ("whatsapp", f"Union members, di Orange Money PIN for di union account na {_pin(4)}. Una nor gi anybody."),
        ("sms", f"Sahr, the union laptop password is {_chosen(w, n)}. Chairman say make you change am after meeting."),
        ("notice board", f"BO OKADA RIDERS UNION – office computer: user 'union', password {_chosen(w, n)} (secretary only)"),
    ))
    w = ("Monrovia", "Gbarnga", "Redlight", "jollof", "Sinkor", "Paynesville")
    n = ("Musu", "Korto", "Flomo", "Gbessay", "Yassah")
    out.append(_fam(
        "liberian kolokwa and kpelle market women chat password",
        ("whatsapp", f"My people, the susu club Facebook password na {_chosen(w, n)}. Don't give it to nobody oh, ya hear?"),
        ("sms", f"Korto, da Lonestar MoMo PIN for da group {_pin(4)}. I will change it Monday."),
        ("voice-note transcript", f"[voice note] ...Yassah ask me for da wifi at Redlight shop, I tell her it {_chosen(w, n)}, small letter..."),
    ))
    w = ("Mongu", "Kuomboka", "Livingstone", "mbita", "Zambezi", "Siavonga")
    n = ("Mutinta", "Mwangala", "Choolwe", "Namakau")
    out.append(_fam(
        "lozi and chitonga fishing camp message password",
        ("whatsapp", f"Mwa-ngwana, password ya wifi fa camp ki {_chosen(w, n, teams=('Zanaco', 'Zesco'))}. Mu si i fi ku batu ba bañwi."),
        ("sms", f"Choolwe, the Airtel Money PIN for the fish traders' account is {_pin(4)}, password ya email ni {_chosen(w, n)}."),
        ("logbook", f"Siavonga camp logbook 3/11: new router installed, admin/{_chosen(w, n)} – Mutinta has the code."),
    ))
    w = ("Bulawayo", "Plumtree", "Highlanders", "amasi", "Tjolotjo", "inkomo")
    n = ("Sipho", "Nomsa", "Thandeka", "Themba", "Nkosana")
    out.append(_fam(
        "northern ndebele and kalanga burial society password",
        ("whatsapp", f"Malungu, i-EcoCash PIN yenhlanganiso ngu {_pin(4)}. Password ye-email ngu {_chosen(w, n, teams=('Highlanders', 'Chicken Inn'))}."),
        ("minutes", f"Burial society minutes 14/11: laptop password {_chosen(w, n)}, kept by the treasurer Nomsa."),
        ("sms", f"Themba, password yeWiFi kuhall {_chosen(w, n)}. Ungayiniki abantu bangaziwayo."),
    ))
    w = ("Kananga", "Mbuji-Mayi", "Kasai", "nshima", "tshisumbu", "Tshikapa")
    n = ("Kabongo", "Mbuyi", "Tshibola", "Ilunga", "Ngalula")
    out.append(_fam(
        "tshiluba and kituba parish choir password",
        ("whatsapp", f"Bana ba chorale, mot de passe ya YouTube ya paroisse: {_chosen(w, n, teams=('Mazembe', 'Vita'))}. Kuambilayi muntu."),
        ("sms", f"Ilunga, code ya M-Pesa ya chorale ezali {_pin(4)}. Password ya email {_chosen(w, n)}."),
        ("notice", f"Chorale Saint-Joseph Kananga – ordinateur de la salle: utilisateur chorale, mot de passe {_chosen(w, n)}"),
    ))
    w = ("Moroni", "Anjouan", "Mayotte", "ylang", "Mamoudzou", "shiromani")
    n = ("Anli", "Faïza", "Said", "Zainaba", "Moussa")
    out.append(_fam(
        "comorian and mahorais wedding committee password",
        ("whatsapp", f"Wandzani, le compte Gmail ya harusi: anda.comite@gmail.com, mot de passe {_chosen(w, n)}. Msi zidjudze."),
        ("sms", f"Zainaba, le code de la caisse du grand mariage c'est {_pin(4)} et le wifi de la salle {_chosen(w, n)}."),
        ("voice-note transcript", f"[vocal, shimaore] ... le mot de passe ya Facebook ni {_chosen(w, n)}, Moussa ndo ajua ..."),
    ))
    w = ("Batna", "Ghardaia", "Khenchela", "Aures", "tamurt", "Mzab")
    n = ("Yacine", "Nadia", "Massinissa", "Dihya", "Brahim")
    out.append(_fam(
        "chaoui and mozabite family business password",
        ("whatsapp", f"Khouya, mot de passe ta3 el wifi f el hanout: {_chosen(w, n, teams=('CABBA', 'CSC'))} — ma t3tihch l ay wahed."),
        ("sms", f"Brahim, el code ta3 la caisse {_pin(6)}, w el compte BaridiMob {_chosen(w, n)}."),
        ("sticky note", f"[post-it sur l'écran du magasin, Ghardaïa] Caisse PC: {_chosen(w, n)}"),
    ))
    w = ("Kokrajhar", "Agartala", "Bodoland", "dokhona", "Udaipur", "risa")
    n = ("Rwngwsri", "Bwisagu", "Jwngsar", "Moni", "Bikash")
    out.append(_fam(
        "bodo and kokborok tea estate office password",
        ("whatsapp", f"Sir, garden office computer password {_chosen(w, n)}. Manager babu se dukhu bata do."),
        ("email", f"Subject: estate payroll login\nBikash, the Tally login for Udaipur estate is admin / {_chosen(w, n)}. Please keep it with you."),
        ("notice", f"Kokrajhar TE office — CCTV DVR: admin, password {_chosen(w, n)} (only for manager)"),
    ))
    w = ("Kohima", "Mokokchung", "Dimapur", "axone", "Hornbill", "morung")
    n = ("Temsu", "Akum", "Imna", "Sentila", "Moa")
    out.append(_fam(
        "nagamese and ao church youth password",
        ("whatsapp", f"Youth fellowship laga Facebook password to {_chosen(w, n)} ase. Kunu manu ke nadibi."),
        ("sms", f"Akum, church office laptop password {_chosen(w, n)}. Pastor ke bhi koi dibi."),
        ("minutes", f"Youth minutes Mokokchung 2/11: YouTube channel login sentila.ayf@gmail.com / {_chosen(w, n)}"),
    ))
    w = ("Rangamati", "Khagrachari", "Bizu", "jhum", "Kaptai", "Chengi")
    n = ("Jyoti", "Sumon", "Bipasha", "Tripura", "Milton")
    out.append(_fam(
        "chakma ngo field office password",
        ("whatsapp", f"Dada, field office-r wifi password {_chosen(w, n)}. Kaarore na dibe."),
        ("email", f"Subject: KoBo account\nMilton, the survey account login is rangamati.field / {_chosen(w, n)}. Please change it after the training."),
        ("sticky note", f"[note taped to the modem, Khagrachari office] {_chosen(w, n)}"),
    ))
    w = ("Hakha", "Myitkyina", "Falam", "manau", "Kalay", "jade")
    n = ("Lalthang", "Par", "Zau", "Seng", "Hkawng")
    out.append(_fam(
        "hakha chin and jingpho community group password",
        ("viber", f"Unau hna, community Facebook password cu {_chosen(w, n)} a si. Midang kan chimh hlah."),
        ("whatsapp", f"Zau, the community centre laptop in Kuala Lumpur: user admin, password {_chosen(w, n)}."),
        ("minutes", f"Chin community Indianapolis, 5 Nov: church livestream account hakha.church@gmail.com / {_chosen(w, n)}"),
    ))
    w = ("Chiang Rai", "Doi Tung", "Mae Salong", "coffee", "Akha", "Lahu")
    n = ("Ayu", "Ajo", "Nalae", "Mipha", "Jaku")
    out.append(_fam(
        "akha and lahu village school message password",
        ("line", f"ครูครับ wifi โรงเรียนบ้านอาข่า password {_chosen(w, n)} นะครับ"),
        ("sms", f"Ajo, school laptop password {_chosen(w, n)}. Teacher Nalae know."),
        ("notice", f"[paper in the school office, Doi Tung] Computer 2 – user: teacher, pass: {_chosen(w, n)}"),
    ))
    w = ("Lạng Sơn", "Cao Bằng", "Tày", "then", "Đồng Đăng", "chợ")
    n = ("Hoàng", "Nông", "Lương", "Mai", "Lan")
    out.append(_fam(
        "tay and nung border market message password",
        ("zalo", f"Chị Lan ơi, mật khẩu wifi quầy ở chợ Đồng Đăng là {_chosen(('dongdang', 'chobien', 'caobang', 'langson'), n)} nhé."),
        ("sms", f"Anh Hoang, ma PIN tai khoan Agribank cua hop tac xa la {_pin(6)}, dung noi ai."),
        ("sticky note", f"[giấy dán ở máy tính quầy hàng] MK: {_chosen(('hangkho', 'tayxa', 'nungan', 'chobien'), n)}"),
    ))
    w = ("Dagupan", "Lingayen", "Cotabato", "bangus", "Maguindanao", "kulintang")
    n = ("Manuel", "Rosalinda", "Datu", "Bai", "Norhana")
    out.append(_fam(
        "pangasinan and maguindanao barangay hall password",
        ("messenger", f"Kagawad, say password na wifi ed barangay hall et {_chosen(w, n)}. Agyo ibaga ed arum."),
        ("sms", f"Norhana, password sa laptop na barangay hall {_chosen(w, n)}. Mga opisyal lang."),
        ("logbook", f"Barangay Poblacion logbook 7 Nov: GCash PIN ng pondo {_pin(4)} — hawak ni Kapitan"),
    ))
    w = ("Ambon", "Manado", "pala", "tinutuan", "Tomohon", "kasih")
    n = ("Yohanis", "Meiske", "Nona", "Brayen", "Stevi")
    out.append(_fam(
        "ambonese and manado malay church youth group password",
        ("whatsapp", f"Basudara, password wifi gereja {_chosen(w, n)}. Jang kasih tau orang laeng e."),
        ("sms", f"Stevi, kita pe password laptop pemuda {_chosen(w, n)}. So ganti kemarin."),
        ("minutes", f"Notulen rapat pemuda GPM Ambon, 1 Nov: akun IG pemuda.gpm / {_chosen(w, n)}"),
    ))
    w = ("Kota Belud", "Kinabalu", "tamu", "Kaamatan", "Semporna", "lepa")
    n = ("Jaineh", "Rosnah", "Gimpoi", "Asraf", "Noraini")
    out.append(_fam(
        "kadazandusun and bajau tamu market message password",
        ("whatsapp", f"Aramai titi! Password wifi gerai tamu {_chosen(w, n)}. Au popoilo' ko tulun suai."),
        ("sms", f"Asraf, password akaun Shopee kedai {_chosen(w, n)}. Jangan bagi orang."),
        ("notebook", f"[buku nota gerai, Kota Belud] TNG eWallet PIN {_pin(6)}"),
    ))
    w = ("火锅", "成都", "巴适", "熊猫", "哈尔滨", "锅包肉")
    n = ("ZhangWei", "LiNa", "Xiaolong", "Dabao")
    out.append(_fam(
        "sichuanese and dongbei mandarin hotpot restaurant staff password",
        ("wechat", f"各位，店里收银机密码改成 {_chosen(('chengdu', 'huoguo', 'bashi', 'panda'), n)} 了哈，莫跟客人说。"),
        ("staff group", f"老铁们，后厨 wifi 密码 {_chosen(('haerbin', 'guobaorou', 'dongbei', 'laotie'), n)}，别往外整啊。"),
        ("handover note", f"交班本 11/28：美团商家后台 账号 店长手机 密码 {_chosen(('huoguo', 'mala', 'chengdu'), n)}"),
    ))
    w = ("ebisu", "tsuutenkaku", "takoyaki", "tigers", "shotengai", "namba")
    n = ("Kenji", "Yoshiko", "Taro", "Hanako")
    out.append(_fam(
        "kansai japanese shopping street association password",
        ("line", f"商店街のインスタ、パスワード {_chosen(w, n, teams=('Tigers', 'hanshin'))} やで。よそに言うたらあかんで。"),
        ("circular", f"【回覧】商店街事務所PC パスワード: {_chosen(w, n)}（会長・会計のみ）"),
        ("voice-note transcript", f"[ボイスメモ] ほんで、レジのパスワードな、{_pin(4)} やから、覚えといてや。"),
    ))
    w = ("Busan", "Pohang", "gwamegi", "Giants", "haenyeo", "Gyeongju")
    n = ("Minsu", "Jiyeon", "Sangho", "Eunji")
    out.append(_fam(
        "gyeongsang korean fishing village cooperative password",
        ("kakaotalk", f"어촌계 사무실 컴퓨터 비번 {_chosen(w, n, teams=('Giants', 'Lotte'))} 이다. 딴 사람한테 말하지 마래이."),
        ("sms", f"상호야 위판장 와이파이 비번 {_chosen(w, n)} 아이가. 바꿨다 카더라."),
        ("notice", f"[어촌계 공지] 수협 인터넷뱅킹 OTP 옆 메모: {_pin(6)}"),
    ))
    w = ("Nukus", "Aral", "Khorog", "Pamir", "Moynaq")
    n = ("Azamat", "Gulnara", "Davlat", "Shirin", "Bakhtiyor")
    out.append(_fam(
        "karakalpak and shughni teachers chat password",
        ("telegram", f"Ustazlar, mektep kompyuteriniñ paroli {_chosen(('nukus', 'aral', 'moynaq', 'mektep'), n)}. Basqalarğa aytpañlar."),
        ("sms", f"Shirin, school wifi in Khorog is {_chosen(('khorog', 'pamir', 'ghund', 'shugnan'), n)}. Teachers only."),
        ("handwritten note", f"[note in the staff room, Nukus] eDiary login: teacher14 / {_chosen(('aral', 'qaraqalpaq', 'nukus'), n)}"),
    ))
    w = ("Sukhum", "Gagra", "Mestia", "Ushguli", "Svaneti", "Ritsa")
    n = ("Astamur", "Amra", "Nino", "Levan", "Tamar")
    out.append(_fam(
        "abkhaz and svan mountain guesthouse password",
        ("whatsapp", f"Levan, wifi at the guesthouse in Mestia: {_chosen(w, n)}. გადაეცი სტუმრებს მხოლოდ ოთახში."),
        ("booking message", f"Dear guests, Ushguli Tower Guesthouse wifi 'Svaneti_Guest', password {_chosen(w, n)}. Breakfast 8-10."),
        ("sms", f"Amra, пароль от кассы в гостевом доме {_pin(4)}, от почты {_chosen(w, n)}."),
    ))
    w = ("Makhachkala", "Babayurt", "Terekli", "kurash", "Anzhi", "Kaspiysk")
    n = ("Arslan", "Zaira", "Magomed", "Aminat", "Timur")
    out.append(_fam(
        "kumyk and nogai sports school password",
        ("whatsapp", f"Тренерлер, спорт школаны компьютерини пароль {_chosen(w, n, teams=('Anzhi', 'Dinamo'))}. Башгъалагъа айтмагъыз."),
        ("sms", f"Тимур, пароль от инстаграма секции {_chosen(w, n)}, не передавай."),
        ("notice", f"[листок у тренерской, Бабаюрт] Wi-Fi: Sport_Nogai, пароль {_chosen(w, n)}"),
    ))
    w = ("Khorramabad", "Kuhdasht", "Zagros", "Lorestan", "bazar", "Aligudarz")
    n = ("Bahman", "Golnar", "Shahram", "Mahin", "Kourosh")
    out.append(_fam(
        "luri and laki bazaar message password",
        ("telegram", f"Kaka Shahram, ramz wifi maqaza {_chosen(w, n, teams=('Persepolis', 'Esteghlal'))}-e. Be kesi nagu."),
        ("sms", f"Golnar, ramze kart-e maqaza {_pin(4)}-e. Ramz-e email {_chosen(w, n)}."),
        ("sticky note", f"[کاغذ روی صندوق، خرم‌آباد] رمز کامپیوتر: {_chosen(w, n)}"),
    ))
    w = ("Jeddah", "Makkah", "Taif", "balad", "Ittihad", "Ahli")
    n = ("Faisal", "Hanan", "Abdulrahman", "Reem", "Turki")
    out.append(_fam(
        "hejazi arabic umrah agency office password",
        ("whatsapp", f"يا فيصل، باسوورد نظام الحجوزات هو {_chosen(w, n, teams=('Ittihad', 'Ahli'))} لا تعطيه أحد برّا المكتب."),
        ("sms", f"Reem, el password hagg nusuk account {_chosen(w, n)}, el user umrah.office1."),
        ("handover note", f"تسليم الوردية – جهاز الاستقبال: المستخدم reception / كلمة المرور {_chosen(w, n)}"),
    ))
    w = ("Aoste", "Cogne", "Dolomiti", "Gherdeina", "Val Badia", "fontina")
    n = ("Ursula", "Matteo", "Giulia", "Paolo", "Ruth")
    out.append(_fam(
        "arpitan and ladin ski school message password",
        ("whatsapp", f"Maestri, la password del computer di cassa é {_chosen(w, n)}. No la dì a degügn."),
        ("email", f"Oggetto: scuola sci Val Badia\nCiao Ruth, accesso gestionale: utente cassa1 / {_chosen(w, n)}."),
        ("sticky note", f"[biglietto sul monitor, Cogne] PIN cassa {_pin(5)}"),
    ))
    w = ("Karneval", "Dom", "Kölsch", "Spätzle", "Bützje", "Brezel")
    n = ("Jupp", "Heinz", "Marie", "Karl", "Trudi")
    out.append(_fam(
        "kölsch and swabian carnival club password",
        ("whatsapp", f"Leev Jecke, et Passwoot för de Vereinskasse es {_chosen(w, n, teams=('effzeh', 'VfB'), seasons=('Karneval', 'Fastnacht'))}. Nit wiggerverzälle!"),
        ("email", f"Betreff: Narrenzunft Homepage\nHallo Karl, des Passwort fürs Backend isch {_chosen(w, n, teams=('VfB', 'Kickers'))}, gell, net weitersage."),
        ("voice-note transcript", f"[Sprachnachricht, Kölsch] ... dat Passwoot för et WLAN em Vereinsheim, dat es {_chosen(w, n, seasons=('Karneval', 'Sessiun'))}, jo ..."),
    ))
    w = ("Brugge", "Vlissingen", "Walcheren", "koers", "mosselen", "Middelburg")
    n = ("Wouter", "Ilse", "Jelle", "Anneke", "Pieter")
    out.append(_fam(
        "west flemish and zeelandic cycling club password",
        ("whatsapp", f"Mannen, 't paswoord van de clubmail is {_chosen(w, n, teams=('Club Brugge', 'Cercle'))}. Nie deurgeven eh."),
        ("email", f"Onderwerp: wielerclub Walcheren\nAnneke, 't wachtwoord van de Strava-club is {_chosen(w, n)}, 'k ei 't net vernieuwd."),
        ("sticky note", f"[briefje in de kantine] wifi: WTC-Kantine / {_chosen(w, n)}"),
    ))
    w = ("Jokkmokk", "Älvdalen", "boaȝu", "Mora", "ren", "Gällivare")
    n = ("Ante", "Sárá", "Nils", "Kajsa", "Jonas")
    out.append(_fam(
        "lule sami and elfdalian village message password",
        ("sms", f"Ante, sameby-datorns lösenord e {_chosen(w, n)}. Ij biejat ietjáj."),
        ("messenger", f"Kajsa, lösenordi að byggdegardsdatorn ir {_chosen(w, n)}, it säg eð að noð."),
        ("notice", f"[lapp på anslagstavlan, Jokkmokk] Wi-Fi Sameföreningen: {_chosen(w, n)}"),
    ))
    w = ("Zakopane", "Podhale", "Zagorje", "oscypek", "Varaždin", "kaj")
    n = ("Józek", "Hanka", "Štef", "Marica", "Franek")
    out.append(_fam(
        "goral and kajkavian mountain hut password",
        ("sms", f"Józek, hasło do kompa w schronisku to {_chosen(w, n)}, nie godej nikomu."),
        ("whatsapp", f"Marica, lozinka za wifi v planinarskem domu je {_chosen(w, n)}, nemoj nikomu reći, kaj."),
        ("logbook", f"[książka schroniska, 12.11] kasa fiskalna PIN {_pin(4)}"),
    ))
    w = ("Gibraltar", "Main Street", "Rock", "Catalan Bay", "calentita", "Upper Town")
    n = ("Joe", "Yvette", "Aaron", "Charlene", "Ernest")
    out.append(_fam(
        "llanito family chat password",
        ("whatsapp", f"Oye Charlene, el password del wifi de la abuela es {_chosen(w, n, teams=('Lincoln', 'Europa'))}, ok? No se lo des a nobody."),
        ("sms", f"Aaron, the Netflix password es {_chosen(w, n)} pero cambiaselo after the holidays."),
        ("voice-note transcript", f"[voice note, Llanito] ...y el PIN de la card es {_pin(4)}, so don't lose it, eh..."),
    ))
    w = ("Chamula", "Cobán", "Zinacantán", "kajve", "Alta Verapaz", "jolobil")
    n = ("Xunka", "Petul", "Maria", "Kux", "Rosa")
    out.append(_fam(
        "tzotzil and q'eqchi' cooperative message password",
        ("whatsapp", f"Compañeros, la contraseña de la compu de la cooperativa es {_chosen(w, n)}. Mu xa'al ta yan krixchano."),
        ("sms", f"Petul, el PIN de la cuenta de la cooperativa es {_pin(4)}, ma xak' ta ilel."),
        ("minutes", f"Acta 8/11, cooperativa Cobán: correo cooperativa.kajve@gmail.com, contraseña {_chosen(w, n)}"),
    ))
    w = ("Gunayala", "Darién", "mola", "Ustupu", "Kuna Yala", "Cartí")
    n = ("Nele", "Olo", "Yanitza", "Aredio", "Digna")
    out.append(_fam(
        "guna and embera community tourism message password",
        ("whatsapp", f"Hermanos, la clave del wifi del albergue es {_chosen(w, n)}. Solo para turistas que pagaron."),
        ("booking message", f"Welcome to Ustupu Lodge! Wi-Fi: GunaLodge, password {_chosen(w, n)}. Boat at 7am."),
        ("sms", f"Digna, la clave de la cuenta Yappy del grupo es {_pin(4)}, no la pases."),
    ))
    w = ("Belize", "Orange Walk", "Nassau", "conch", "Caye Caulker", "Junkanoo")
    n = ("Shanice", "Delroy", "Keisha", "Travis", "Marvin")
    out.append(_fam(
        "belizean kriol and bahamian creole chat password",
        ("whatsapp", f"Gyal, di wifi password fi di shop da {_chosen(w, n)}. No gi nobody, yu hear?"),
        ("sms", f"Delroy, da Netflix password is {_chosen(w, n, seasons=('Junkanoo', 'Regatta'))}, don' change it eh."),
        ("voice-note transcript", f"[voice note] ...an di PIN fi di bank card da {_pin(4)}, mi seh {_pin(4)}, no mek mistake..."),
    ))
    w = ("Batoche", "Moncton", "Shediac", "bannock", "fiddle", "Red River")
    n = ("Louis", "Gabriel", "Josette", "Réjean", "Chantal")
    out.append(_fam(
        "michif and chiac community hall password",
        ("facebook message", f"Boss, le password pour le computer du hall c'est {_chosen(w, n, seasons=('Back to Batoche', 'Festival'))}. Dis-lé pas à personne."),
        ("text message", f"Chantal, le wifi au community hall c'est {_chosen(w, n)}, j'ai changé ça right after le bingo."),
        ("minutes", f"Minutes, Métis local 11 Nov: e-transfer account login local.treasurer / {_chosen(w, n)}"),
    ))
    w = ("Adamstown", "Bounty", "Kingston", "Norfolk", "pine", "Bounty Day")
    n = ("Fletcher", "Christian", "Quintal", "Adams", "Buffett")
    out.append(_fam(
        "pitkern and norfuk island shop message password",
        ("email", f"Wut a way, the co-op shop computer password es {_chosen(w, n)}. Nor tell enny one."),
        ("sms", f"Buffett, the shop EFTPOS code {_pin(4)} and wifi {_chosen(w, n, seasons=('Bounty Day', 'Anniversary'))}."),
        ("notice", f"[sign on the post office counter] Guest Wi-Fi for ship visitors: {_chosen(w, n)}"),
    ))
    w = ("Yuendumu", "Uluru", "Alice", "kuru", "tjukurpa", "Papunya")
    n = ("Napaljarri", "Japanangka", "Kunmanara", "Tjilpi")
    out.append(_fam(
        "warlpiri and pitjantjatjara art centre password",
        ("text message", f"Yuwayi, art centre computer password is {_chosen(w, n, teams=('Crows', 'Power'))}. Only for staff, palya."),
        ("email", f"Hi all, the Stripe login for online sales is artcentre@yuendumu.org.au with password {_chosen(w, n)}."),
        ("whiteboard photo", f"[photo of the office whiteboard] Wi-Fi: ArtCentre2 / {_chosen(w, n)}"),
    ))
    w = ("Santo Domingo", "Santiago", "colmado", "mangú", "Licey", "Águilas")
    n = ("Yokasta", "Wander", "Yunior", "Chantel")
    out.append(_fam(
        "dominican spanish colmado whatsapp password",
        ("whatsapp", f"Manito, la clave del wifi del colmado e {_chosen(w, n, teams=('Licey', 'Aguilas', 'Escogido'))}. No se la de a to' el mundo."),
        ("sms", f"Yunior, el PIN de la tarjeta del colmado e {_pin(4)}, que no se te olvide."),
        ("sticky note", f"[papelito pegao en la caja] clave PC: {_chosen(w, n)}"),
    ))
    w = ("Praxis", "Dackel", "Tierarzt", "Impfung", "Wurmkur", "Katze")
    n = ("Bello", "Luna", "Balu", "Minka")
    out.append(_fam(
        "german veterinary practice handover password",
        ("handover note", f"Übergabe Spätdienst: Praxissoftware Login tfa2 / {_chosen(w, n, n)} – bitte morgen ändern."),
        ("email", f"Betreff: Zugang Laborportal\nHallo Jana, das Passwort fürs Laborportal ist {_chosen(w, n, n)}, Benutzer praxis.weber."),
        ("sticky note", f"[Zettel am Röntgen-PC] {_chosen(w, n, n)}"),
    ))
    w = ("pharmacie", "garde", "ordonnance", "Doliprane", "officine", "vitale")
    n = ("Camille", "Julien", "Élodie", "Mathieu")
    out.append(_fam(
        "french pharmacy shift handover password",
        ("handover note", f"Transmissions de garde : session LGO préparateur = prep2, mot de passe {_chosen(w, n)}."),
        ("sms", f"Élodie, le code du coffre des stupéfiants c'est {_pin(4)}, ne le note nulle part."),
        ("teams message", f"Julien, le mdp du site grossiste c'est {_chosen(w, n)}, compte officine.martin."),
    ))
    w = ("academia", "treino", "supino", "Flamengo", "Corinthians", "whey")
    n = ("Thiago", "Bruna", "Rafa", "Larissa")
    out.append(_fam(
        "brazilian portuguese gym front desk password",
        ("whatsapp", f"Galera da recepção, a senha do sistema da catraca agora é {_chosen(w, n, teams=('Flamengo', 'Corinthians', 'Palmeiras'))}. Não passem pra aluno!"),
        ("sticky note", f"[post-it no monitor da recepção] senha PC: {_chosen(w, n)}"),
        ("email", f"Assunto: acesso Instagram\nBruna, a senha do Insta da academia é {_chosen(w, n)}, login academia.forca.total."),
    ))
    w = ("wicket", "Lord's", "pavilion", "googly", "Yorkshire", "teas")
    n = ("Geoff", "Alastair", "Sue", "Nigel")
    out.append(_fam(
        "english cricket club committee password",
        ("committee minutes", f"AOB: the club's Play-Cricket admin login is secretary@ashfordcc.org.uk / {_chosen(w, n, teams=('Yorkshire', 'Kent'))}; Nigel to change after the AGM."),
        ("whatsapp", f"Lads, bar till code is {_pin(4)} and the pavilion wifi is {_chosen(w, n)}."),
        ("email", f"Subject: website\nHi Sue, the WordPress password for the club site is {_chosen(w, n)} — username cricketadmin."),
    ))
    return out


def _ord_agent() -> list[str]:
    commit = _hx(40)
    return [
        "Fact: the sales_fact table has 412M rows after the backfill; verified by `impala-shell -i impalad-03.dwh.internal:21050 -k --ssl -q 'select count(*) from sales_fact'` (Kerberos ticket from kinit, no password).",
        "impala-shell -l -u svc_reports --ldap_password_cmd='cat /run/secrets/impala_ldap' -q 'show databases'",
        "Handoff: LDAP auth on the impala coordinator works again; impala-shell prompts for the password, take it from the 'impala-etl' vault entry.",
        "Fact: the pooler sustains ~3.1k tps at 64 clients; verified by `pgbench -h pgcat.staging.internal -p 6432 -U bench -c 64 -j 8 -T 120 benchdb` with the password in ~/.pgpass.",
        "pgbench -i -s 200 \"postgresql://bench@10.20.4.11:5432/benchdb?sslmode=require\"  # password from PGPASSFILE",
        "latency average = 18.402 ms, tps = 3477.118232 (without initial connection time), number of clients: 64",
        "Fact: the new cache node handles 180k GET/s with pipelining; verified by `redis-benchmark -h cache-7.prod.internal -p 6380 -a \"$REDIS_PASSWORD\" -t get,set -P 16 -q`.",
        "redis-benchmark --user default --askpass -h 10.0.3.15 --tls -n 100000 -c 50",
        "PING_INLINE: 91743.12 requests per second, p50=0.271 msec; SET: 88495.58 requests per second",
        "pulsar-admin --admin-url https://pulsar-admin.internal:8443 --auth-plugin org.apache.pulsar.client.impl.auth.AuthenticationToken --auth-params file:///etc/pulsar/admin.token topics list billing/events",
        "authParams=token:${PULSAR_ADMIN_TOKEN}",
        "Decision: the pulsar admin token lives in /etc/pulsar/admin.token (0400, owned by pulsar) on the bastion only.",
        "flux create secret git fleet-auth --url=https://github.com/acme/fleet-infra --username=git --password=\"$GITHUB_TOKEN\"",
        "flux create secret git apps-repo --url=ssh://git@git.acme.internal/platform/apps.git --private-key-file=./identity",
        "Fact: flux-system reconciled revision main@sha1:" + commit + "; verified by `flux get sources git`.",
        "hal config provider docker-registry account add harbor --address https://harbor.acme.io --username 'robot$spinnaker' --password-command 'vault kv get -field=token secret/harbor/spinnaker'",
        "hal config ci jenkins master add jenkins-main --address https://ci.acme.io --username spinnaker --password  # halyard prompts",
        "secretAccessKey: encrypted:s3!r:us-west-2!b:spin-secrets!f:front50.yml!k:secretAccessKey",
        "cntb config set-credentials --oauth2-clientid=\"$CNTB_CLIENT_ID\" --oauth2-client-secret=\"$CNTB_CLIENT_SECRET\" --oauth2-user=ops@acme-hosting.de --oauth2-password=\"$CNTB_PASSWORD\"",
        "cntb get instances --output json | jq '.[] | {instanceId, name, ipConfig}'",
        "usacloud server list --zone is1a  # credentials from the usacloud profile 'ops', set with `usacloud config`",
        "SAKURACLOUD_ACCESS_TOKEN=${{ secrets.SAKURA_TOKEN }} SAKURACLOUD_ACCESS_TOKEN_SECRET=${{ secrets.SAKURA_SECRET }}",
        "cmk-agent-ctl register --hostname web-14 --server checkmk.acme.lan --site mon --user automation --trust-cert  # prompts for the automation secret",
        "checkmk_agent_pass: \"{{ vault_checkmk_automation_secret }}\"",
        "Version: 2.3.0p19, Agent controller: registered, connection: checkmk.acme.lan:8000/mon, UUID " + _uuid(),
        "curl -u \"$O2_USER:$O2_PASSWORD\" -d @sample.json https://o2.acme.io/api/default/app_logs/_json",
        "    HTTP_User ${OPENOBSERVE_USER}\n    HTTP_Passwd ${OPENOBSERVE_PASSWORD}",
        "{\"code\":200,\"status\":[{\"name\":\"app_logs\",\"successful\":42,\"failed\":0}]}",
        "celery -A shop flower --port=5555 --auth=\".*@acme\\.io\" --oauth2_key=$FLOWER_OAUTH2_KEY",
        "      - FLOWER_BASIC_AUTH=${FLOWER_BASIC_AUTH:?set in .env}",
        "mher/flower:2.0 listening on 0.0.0.0:5555, broker redis://redis:6379/0",
        "  backend-url: [\"wss://sensu.acme.lan:8081\"]\n  user: agent-linux\n  password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret/sensu:agent') }}\"",
        "sensuctl configure -n --url https://sensu.acme.lan:8080 --username admin --password \"$SENSU_PASSWORD\" --namespace default",
        "SENSU_PASSWORD=  # set by the systemd credential sensu-agent.pass",
        "  require('elastic-apm-node').start({ serviceName: 'checkout', secretToken: process.env.ELASTIC_APM_SECRET_TOKEN, serverUrl: 'https://apm.acme.io:8200' })",
        "secret_token=${ELASTIC_APM_SECRET_TOKEN}",
        "elastic-apm-node 4.8.1 with APM Server 8.15.2, service checkout, environment production",
        "dbCredentials: { url: process.env.DATABASE_URL! },",
        "drizzle-kit 0.28.1, drizzle-orm 0.36.4; migrations in ./drizzle/0007_tidy_vulture.sql",
        "export const AppDataSource = new DataSource({ type: 'mysql', host: process.env.DB_HOST, username: process.env.DB_USER, password: process.env.DB_PASSWORD, database: 'orders' });",
        "QueryFailedError: password authentication failed for user \"api\"",
        "act -j publish -s GITHUB_TOKEN=\"$(gh auth token)\" --secret-file .secrets --container-architecture linux/amd64",
        "[CI/build]   🐳  docker exec cmd=[docker login -u ci-bot --password-stdin registry.acme.io]",
        "# .secrets for act (do not commit)\nDOCKERHUB_USERNAME=acmebot\nDOCKERHUB_TOKEN=\nDEPLOY_PASSWORD=",
        "Xcode Cloud run 412 failed in ci_post_clone.sh: the script still uses `set -x`; secrets come from the workflow's secret environment variables and print as ***.",
        "+ export MATCH_PASSWORD=***\n+ bundle exec fastlane match appstore --readonly",
        "ci_workflow: Release, CI_BUILD_NUMBER=412, CI_COMMIT=" + commit[:12] + ", Xcode 16.1 (16B40)",
        "[2026-11-28 14:03:11] docker build --build-arg NODE_ENV=production --secret id=database_url,env=DATABASE_URL -t shop:3e1f0a2 .",
        "Coolify v4.0.0-beta.360, deployment #881 finished in 2m 14s",
        "database__connection__password=${SERVICE_PASSWORD_MYSQL}",
        "conn = psycopg.connect(\"host=db.internal port=6543 dbname=events user=worker connect_timeout=5\")  # password via PGPASSFILE",
        "conn = psycopg2.connect(host=os.environ['PGHOST'], dbname='dwh', user='loader', password=os.environ['PGPASSWORD'])",
        "psycopg.OperationalError: connection failed: FATAL:  password authentication failed for user \"worker\"",
        "$db = new mysqli(getenv('DB_HOST'), getenv('DB_USER'), getenv('DB_PASS'), 'shop_live');",
        "mysqli_sql_exception: Access denied for user 'shopuser'@'localhost' (using password: YES)",
        "let opts = PgConnectOptions::new().host(\"postgres\").username(\"ci\").password(&std::env::var(\"PGPASSWORD\")?).database(\"test\");",
        "DATABASE_URL=postgres://ledger@127.0.0.1:5432/ledger_dev",
        "error returned from database: 1045 (28000): Access denied for user 'api'@'10.1.4.7' (using password: YES)",
        "config.setPassword(System.getenv(\"BILLING_DB_PASSWORD\"));",
        "dataSource.password=${INVENTORY_DB_PASSWORD}",
        "HikariPool-1 - Connection is not available, request timed out after 30000ms (total=20, active=20, idle=0, waiting=7)",
        "const redis = new Redis({ host: 'redis-queue.internal', port: 6379, password: process.env.REDIS_PASSWORD, maxRetriesPerRequest: null });",
        "[ioredis] Unhandled error event: ReplyError: WRONGPASS invalid username-password pair or user is disabled.",
        "conn = oracledb.connect(user=\"HR_APP\", password=getpass.getpass(), dsn=\"exa-scan.acme.lan:1521/HRPDB\")",
        "oracledb.exceptions.DatabaseError: ORA-01017: invalid credential or not authorized; logon denied",
        "await mongoose.connect(process.env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 });",
        "MongooseServerSelectionError: connect ECONNREFUSED 127.0.0.1:27017",
        "mongodb+srv://<username>:<password>@cluster0.ab1cd.mongodb.net/?retryWrites=true&w=majority",
        "curl https://wiki.acme.io/graphql -H \"Authorization: Bearer $WIKIJS_API_KEY\" -H 'Content-Type: application/json' --data '{\"query\":\"{ pages { list { id path } } }\"}'",
        "Fact: 214 pages exist under /handbook; verified with a GraphQL call using the API key named \"ci-export\" (stored in 1Password, expires 2027-12-01).",
        "Wiki.js 2.5.304, page /handbook/onboarding, id 118, updated 2026-11-21",
        "curl -X POST https://chat.acme.io/api/v1/accounts/3/conversations/118/messages -H \"api_access_token: $CHATWOOT_TOKEN\" -d '{\"content\":\"Ticket closed\"}'",
        "Chatwoot v3.14.1, account 3, inbox 7 (API channel), conversation 118",
        "curl -s https://memos.home.lan/api/v1/memos -H \"Authorization: Bearer $MEMOS_TOKEN\" | jq '.memos | length'",
        "Memos v0.23.0, memo id 412, visibility PRIVATE, created 2026-11-30T08:12:00Z",
        "curl -H \"Authorization: $TRILIUM_ETAPI_TOKEN\" http://trilium.lan:8080/etapi/notes/root",
        "Trilium Notes 0.90.12, ETAPI note root, noteId " + _r(12),
        "GET /api/v1/libraries HTTP/1.1\nHost: komga.home.arpa:25600\nX-API-Key: ${KOMGA_API_KEY}",
        "curl -u 'reader@home.arpa' http://192.168.1.40:25600/api/v1/series  # curl prompts for the password",
        "curl \"http://emby.lan:8096/emby/Library/Refresh?api_key=$EMBY_API_KEY\" -X POST",
        "Emby Server 4.8.10.0, user id " + _hx(32) + ", library 'Movies' (1,214 items)",
        "curl \"http://tautulli.lan:8181/api/v2?apikey=${TAUTULLI_API_KEY}&cmd=get_activity\"",
        "{\"response\": {\"result\": \"success\", \"data\": {\"stream_count\": \"3\", \"stream_count_transcode\": 2}}}",
        "        { \"name\": \"NODE_ENV\", \"value\": \"production\" },\n        { \"name\": \"PORT\", \"value\": \"8080\" }",
        "      \"secrets\": [\n        { \"name\": \"DB_PASSWORD\", \"valueFrom\": \"arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api/db-AbC123\" }\n      ]",
        "Decision: moved RABBITMQ_PASS to `secrets:` with valueFrom an SSM parameter (/prod/worker/rabbitmq_pass).",
        "        - name: SMTP_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: smtp-password\n              key: latest",
        "gcloud run deploy invoices --image europe-docker.pkg.dev/acme/app/invoices:1.9.2 --region europe-west1 --set-secrets=DB_PASS=invoices-db-pass:latest",
        "          PAYMENT_API_KEY: '{{resolve:secretsmanager:prod/payments:SecretString:api_key}}'",
        "parameter_overrides = \"Stage=prod AlarmEmail=ops@acme.io\"  # DbPassword comes from SSM via NoEcho parameter",
        "DbPassword:\n    Type: String\n    NoEcho: true\n    MinLength: 16",
        json.dumps({"tool": "execute_sql", "arguments": {"database": "analytics", "query": "SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname LIKE 'metabase%';"}}),
        "execute_sql -> OK\nALTER ROLE metabase_ro VALID UNTIL '2027-01-01';",
        "Summary: created the MySQL user for the exporter via the db tool; the password was generated by the tool and written to Vault at secret/mysql/exporter, not shown here.",
        json.dumps({"tool": "Task", "description": "check staging login", "prompt": "Log in to https://staging.acme.io/admin using the credentials in the QA_ADMIN_EMAIL / QA_ADMIN_PASSWORD env vars and confirm the new invoice page renders."}),
        "Subagent brief: read-only. SFTP host files.partner.net, user acme_drop, key ~/.ssh/partner_ed25519. List /outbound and report file names and sizes.",
        json.dumps({"tool": "str_replace", "path": "deploy/.env.production", "old_str": "MAIL_PASSWORD=", "new_str": "MAIL_PASSWORD=${MAIL_PASSWORD}"}),
        "Edited config/database.yml:\n-  password: changeme\n+  password: <%= ENV['DB_PASSWORD'] %>\n1 replacement made.",
        "Rotated the Elasticsearch password with `elasticsearch-reset-password -u elastic -i` and stored it in Vault; no value in the ledger.",
    ]


def _ord_formats() -> list[str]:
    return [
        "; config/auth_flat_file.ini\n[core]\nmethods=PLAIN,LOGIN,CRAM-MD5\n\n[users]\n; users come from auth/vpopmaild now",
        "Haraka 3.0.5, plugins: tls, auth/auth_vpopmaild, dkim_sign, queue/smtp_forward",
        "[authentication.fallback-admin]\nuser = \"admin\"\nsecret = \"%{env:ADMIN_SECRET}%\"",
        "stalwart-mail  | Listening on 0.0.0.0:8080 (http), 0.0.0.0:25 (smtp), 0.0.0.0:993 (imaps)",
        "auth.secret = \"%{file:/run/secrets/ses_smtp}%\"",
        "deployment:\n  admin:\n    admin_key_required: true\n    admin_key:\n      - name: admin\n        key: ${{APISIX_ADMIN_KEY}}\n        role: admin",
        "curl http://127.0.0.1:9180/apisix/admin/routes -H \"X-API-KEY: $APISIX_ADMIN_KEY\"",
        "Apache APISIX 3.11.0, etcd 3.5.16, admin API on 127.0.0.1:9180",
        "# /etc/tinyproxy/tinyproxy.conf\nPort 8888\nAllow 10.0.0.0/8\n#BasicAuth user password\nUpstream http 10.0.0.1:3128",
        "export http_proxy=http://tiny.proxy.acme.io:8888",
        "ldap_sasl_mech = GSSAPI\nldap_krb5_keytab = /etc/krb5.keytab",
        "sss_obfuscate --domain corp.acme.lan  # prompts for the bind password",
        "samba-tool domain provision --use-rfc2307 --realm=SCHOOL.LAN --domain=SCHOOL --server-role=dc --dns-backend=SAMBA_INTERNAL  # interactive, asks for the admin password",
        "samba-tool user create teacher.mueller --random-password --must-change-at-next-login",
        "samba-tool domain passwordsettings set --min-pwd-length=12 --complexity=on --max-pwd-age=180",
        "Director {\n  Name = bareos-dir\n  Password = \"{{ bareos_director_password }}\"\n}",
        "Bareos 23.1.1, storage daemon sd01.backup.lan:9103, media type File",
        "Password = \"[md5]" + hashlib.md5(b"bareos-fd").hexdigest() + "\"",
        "#!/bin/sh\nexport PASSPHRASE=$(cat /root/.duplicity-pass)\nduplicity /srv/data sftp://backup@nas.lan//volume1/dup",
        "duplicity 3.0.2, last full backup 2026-11-01 02:30, 14 incrementals",
        "GPG_KEY='4F2A1C9D8E7B6A50'\nGPG_PW=''  # duply asks for it at run time",
        "vehicles:\n  - name: id4\n    type: template\n    template: vw\n    user: hans@example.de\n    password: ${VW_PASSWORD}\n    vin: WVWZZZE1ZMP012345",
        "evcc 0.131.4 – loadpoint 'Garage' charging at 11.0 kW, PV surplus 6.2 kW",
        "OptionSettings=(Difficulty=None,ServerName=\"Bunker Crew\",ServerPassword=\"\",AdminPassword=\"\",RCONEnabled=False,RCONPort=25575)",
        "./valheim_server.x86_64 -name \"Nordheim\" -port 2456 -world \"Asgard\" -password \"$VALHEIM_PASSWORD\" -public 0",
        "server's back up, join 203.0.113.40:8211, pw is in the pinned message",
        "Valheim dedicated server 0.219.16, world Asgard, port 2456-2458 UDP",
        "# etc/nanomq_pwd.conf\n# username: password\n# (managed by ansible, see group_vars/edge.yml)",
        "bridges.mqtt.cloud {\n  server = \"mqtt-tls://broker.acme.io:8883\"\n  clientid = \"edge-17\"\n  username = \"edge-17\"\n  password = \"${BRIDGE_PASSWORD}\"\n}",
        "NanoMQ 0.22.10, HiveMQ Platform 4.34.0, MQTT 5.0, port 8883",
        "      <password>${ENV:PLANT_A_PASSWORD}</password>",
        "mqtt pub -h broker.acme-iot.com -p 8883 -s -u line-4 -t plant/a/line4/temp -m 21.4  # password from HIVEMQ_CLI_PASSWORD",
        "  'dbconfig' => array (\n    'db_host_name' => 'localhost',\n    'db_user_name' => 'suitecrm',\n    'db_password' => getenv('SUITECRM_DB_PASSWORD'),",
        "SuiteCRM 8.7.1 on PHP 8.2, MariaDB 10.11; upgrade from 7.14.5 finished",
        "[database]\nuri = postgresql://tryton@localhost:5432/\npath = /var/lib/trytond",
        "TRYTONPASSFILE=/run/secrets/admin\nTRYTOND_DATABASE__URI=postgresql://tryton@postgres:5432/",
        "Tryton 7.4, modules: account, sale, stock; trytond-admin -d erp --all",
        "<properties.postgresql serverName=\"pg.acme.lan\" portNumber=\"5432\" databaseName=\"orders\" user=\"orders\" password=\"${env.DB_PASSWORD}\"/>",
        "Open Liberty 24.0.0.12 (wlp-1.0.96.cl241220241119-0657), features jdbc-4.3, mpConfig-3.1",
        "    UserName = shop\n    Password = ${SHOP_DB_PASSWORD}",
        "Apache TomEE 10.0.0 (plume) on Java 21.0.5, port 8080",
        "deploy.host=app01.acme.lan\ndeploy.user=deployer\n# deploy.password comes from ~/.ant/secrets.properties (not in git)",
        "ant -Dkeystore.password=\"$KEYSTORE_PASS\" -Dkey.alias=release release",
        "Apache Ant 1.10.15, BUILD SUCCESSFUL, Total time: 41 seconds",
        "source https://pkgs.acme.io/nuget/v3/index.json username: \"%PKGS_USER%\" password: \"%PKGS_TOKEN%\" authtype: \"basic\"",
        "Paket 9.0.2, resolved 214 packages in 3.1s",
        "FreeSWITCH Version 1.10.12-release~64bit, sofia profile internal on 5060",
        "    <param name=\"password\" value=\"$${gateway_password}\"/>",
        "paths:\n  door:\n    source: rtsp://192.168.1.64:554/Streaming/Channels/101\n    sourceOnDemand: yes",
        "authInternalUsers:\n  - user: any\n    pass:\n    ips: ['127.0.0.1', '::1']\n    permissions:\n      - action: read",
        "MediaMTX v1.9.3, RTSP listener :8554, HLS :8888, WebRTC :8889",
        "    $Self->{DatabasePw} = $ENV{ZNUNY_DB_PASSWORD};",
        "Znuny 7.1.3, migrated from OTRS 6.0.30; 2,814 tickets",
        "$CFG->dbpass    = getenv('MOODLE_DB_PASSWORD');",
        "Moodle 4.5.1+ (Build: 20241227), PHP 8.3, PostgreSQL 16.4",
        "php admin/cli/install.php --dbuser=moodle --adminuser=admin --fullname='Colegio San Jose' --non-interactive=false  # asks for the passwords",
        "Password policy (Moodle): at least 10 characters, 1 digit, 1 lowercase, 1 uppercase, 1 non-alphanumeric.",
        "$db_pass = '';  # set during checksetup.pl from the BUGZILLA_DB_PASS environment variable",
        "Bugzilla 5.2, checksetup.pl --check-modules: all required modules found",
    ]


def _ord_vendor() -> list[str]:
    return [
        "CLEARBIT_KEY=${CLEARBIT_KEY}",
        "Clearbit.key = ENV.fetch('CLEARBIT_KEY')",
        "curl 'https://person.clearbit.com/v2/combined/find?email=alex@example.com' -u \"$CLEARBIT_KEY:\"",
        "YELP_API_KEY=",
        "curl -H \"Authorization: Bearer $YELP_API_KEY\" 'https://api.yelp.com/v3/businesses/search?location=Austin&term=tacos'",
        "Yelp business id 'franklin-barbecue-austin', rating 4.5, 9,412 reviews",
        "EVENTBRITE_OAUTH_TOKEN = os.environ[\"EVENTBRITE_OAUTH_TOKEN\"]",
        "Eventbrite event 1052147823421, order 11458832011, ticket class 'Early Bird'",
        "curl https://api.webflow.com/v2/sites/$WEBFLOW_SITE_ID/collections -H \"authorization: Bearer $WEBFLOW_API_TOKEN\"",
        "Webflow site id 6512a3b4c5d6e7f8a9b0c1d2, collection 'Blog Posts', 84 items",
        "const unsplash = createApi({ accessKey: process.env.UNSPLASH_ACCESS_KEY! });",
        "Photo by Annie Spratt on Unsplash, photo id 'ZUz3Q1lp7Vg'",
        "STRAVA_CLIENT_ID=123456\nSTRAVA_CLIENT_SECRET=\nSTRAVA_REFRESH_TOKEN=",
        "Strava activity 12874539210, 42.2 km, moving time 3:28:14",
        "const cio = new TrackClient(process.env.CIO_SITE_ID, process.env.CIO_TRACK_KEY, { region: RegionEU });",
        "curl -g -H \"Authorization: bearer $WRIKE_TOKEN\" 'https://www.wrike.com/api/v4/folders'",
        "smart = smartsheet.Smartsheet()  # reads SMARTSHEET_ACCESS_TOKEN from the environment",
        "Smartsheet sheet id 4583173393803140, 212 rows",
        "$working_key = getenv('CCAVENUE_WORKING_KEY');",
        "CCAvenue order_id 100042317, tracking_id 312009876543, order_status Success",
        "P24_MERCHANT_ID=123456\nP24_CRC=\nP24_API_KEY=",
        "Przelewy24 sessionId order-2026-11-4412, kwota 149,00 PLN, status: zaksięgowana",
        "api_context = ApiContext.create(ApiEnvironmentType.SANDBOX, os.environ['BUNQ_API_KEY'], 'ledger-sync')",
        "curl https://thirdparty.qonto.com/v2/organization -H \"Authorization: $QONTO_LOGIN:$QONTO_SECRET_KEY\"",
        "IBAN FR76 1695 8000 0123 4567 8901 234 (Qonto), BIC QNTOFRP1XXX",
        "await rcsdk.login({ jwt: process.env.RC_JWT });",
        "RingCentral extension 101, main number +1 (650) 555-0142",
        "curl https://api2.frontapp.com/conversations?limit=5 -H \"Authorization: Bearer $FRONT_API_TOKEN\"",
        "Front conversation cnv_55c8c149, inbox inb_1ix6, tag 'billing'",
    ]


def _ord_human() -> list[str]:
    return [
        "Bukar, wifi kasuwa-bem password-a Kaka ro ngawo, ana shop Monday ba. Kasuwa opens 7am.",
        "Ya Kaka, POS machine da kharbana, technician jaay yom al Khamis 4 December.",
        "Abali, password ya laptop ya mpingo yikasinthika; mufumbe mulembi pa Sabata.",
        "Ndondomeko ya komiti 12/11: tikumana pa 14:00 ku holo ya mpingo, Mzuzu CCAP Room 3.",
        "Koperatiive wifi is SidamaBuna-Office; ask Meskerem at the desk for the password.",
        "Sidama coffee union: 2026 harvest, lot 118, grade 1 washed, 320 bags of 60 kg.",
        "Youth association meeting moved to Saturday 15 Nov 2026, Juba, Hai Malakal hall, 3pm.",
        "Garang, the hall wifi password is with the secretary Keji; call her on +211 912 345 678.",
        "Jamaa, réunion de l'association Bakel-Paris le dimanche 23 novembre à 15h, salle 12.",
        "Sekou, pour le compte Wave, le trésorier va te donner le code en main propre.",
        "Union members, meeting for Thursday, 27 November, 10am at Bo motor park. Bring your ID.",
        "BO OKADA RIDERS UNION – 2026 dues: Le 150, pay to the treasurer. Office phone 076 123 456.",
        "My people, the susu club meeting is Saturday at Korto's shop, Redlight, 4 o'clock.",
        "Mwa-ngwana, wifi ya camp i bile ni bukuta; Mutinta u ka i lukisa kamuso.",
        "Kuomboka 2026 is in April; boats leave Lealui at 9, fish traders' meeting after.",
        "Malungu, umhlangano we-burial society ngoSonto 30 November, 2pm, eMpumalanga hall.",
        "Highlanders 2 - 1 Dynamos, Barbourfields, 16 November 2026.",
        "Bana ba chorale, répétition samedi 14h à la paroisse Saint-Joseph, Kananga.",
        "Chorale Saint-Joseph: demandez le mot de passe de l'ordinateur au curé, pas par WhatsApp.",
        "Wandzani, le grand mariage de Anli et Faïza : 20 décembre 2026, Moroni, salle Al Camar.",
        "Le code de la caisse du mariage, je te le donne demain au bureau, pas par message.",
        "Khouya, el wifi ta3 el hanout ma yemchich, demain ysalhouh. Appelle 0661 23 45 67.",
        "Caisse PC: mot de passe changé, demande à Brahim (règle: 12 caractères minimum).",
        "Kokrajhar TE office — CCTV DVR reset done by the vendor on 3 Nov; new login with the manager.",
        "Estate payroll for November 2026: 412 workers, Tally company code 0007.",
        "Youth fellowship meeting Sunday after service, Kohima Baptist church, Hall B.",
        "Hornbill Festival 2026: 1–10 December, Kisama Heritage Village.",
        "Dada, field office-r wifi password boslano hoyeche; Milton dada re jigesh korbe.",
        "KoBo account: use your own login; the shared one was disabled on 2026-11-05.",
        "Unau hna, community meeting cu Zarhtlapi 22 Nov, 6pm, Indianapolis Chin Baptist Church.",
        "Chin National Day 2027 celebrations – volunteers list, 38 names, call Par on 317-555-0199.",
        "ครูครับ wifi โรงเรียนเปลี่ยนรหัสแล้ว ขอรหัสที่ห้องธุรการนะครับ",
        "Doi Tung school sports day: 12 December 2026, team Red vs team Blue, 9:00.",
        "Chị Lan ơi, mật khẩu wifi quầy đổi rồi, em nhắn riêng cho chị sau nhé.",
        "Chợ Đồng Đăng mở cửa 6 giờ sáng, quầy số 214, khu B.",
        "Kagawad, ang meeting ng barangay ay sa Lunes, 8 AM, Barangay Hall Poblacion, Room 2.",
        "Barangay Poblacion Dagupan: basketball league 2026, Team 7 vs Team 12, Saturday 4 PM.",
        "Basudara, ibadah pemuda hari Jumat jam 7 malam di gedung gereja, bawa Alkitab.",
        "Notulen rapat pemuda: password akun IG disimpan ketua, minta langsung ke Brayen.",
        "Aramai titi! Tamu Kota Belud hari Ahad, gerai nombor 38, buka jam 6 pagi.",
        "Kaamatan 2026: 30–31 Mei, KDCA Hongkod Koisaan, Penampang.",
        "各位，收银机密码换了，找店长当面要，群里不发密码。",
        "交班本 11/28：今天营业额 18,642 元，桌号 12 投诉已处理。",
        "商店街のインスタのパスワードは会長が管理してます。事務所で聞いてや。",
        "【回覧】12月7日（日）商店街歳末大売り出し、10時〜18時、集合は事務所前。",
        "어촌계 사무실 컴퓨터 비번은 계장한테 직접 물어보이소. 단톡방엔 안 올립니더.",
        "위판장 경매 시작 새벽 5시, 12월 3일 대게 초매식, 구룡포 위판장 2번 창고.",
        "Ustazlar, ata-analar jıynalısı 29-noyabr saat 15:00 de, 14-mektep, 2-kabinet.",
        "Shirin, school wifi in Khorog: ask the director for the code, it changed in November.",
        "Ushguli Tower Guesthouse: check-in from 14:00, breakfast 8–10, Wi-Fi code on the card in your room.",
        "Amra, касса в гостевом доме сломалась, мастер придёт в среду 3 декабря.",
        "Тренеры, пароль от компьютера спортшколы теперь у завуча, спрашивайте лично.",
        "Первенство Дагестана по вольной борьбе 2026, Махачкала, 12–14 декабря, команда №4.",
        "Kaka Shahram, wifi maqaza ramzesh avaz shod; fardā be-et migam.",
        "Persepolis 1 - 0 Esteghlal, Azadi Stadium, 1405/09/07.",
        "يا فيصل، باسوورد نظام الحجوزات تغيّر، خذه من المدير شخصياً.",
        "Umrah group 14, departure Jeddah 12 December 2026, flight SV 1042, 38 pilgrims.",
        "Maestri, la password del computer di cassa la dà Ruth al mattino, non in chat.",
        "Scuola sci Val Badia: lezioni dal 6 dicembre 2026, ritrovo ore 9:30 al Piz La Ila.",
        "Leev Jecke, de Sitzung es am 11.11.2026 öm 11:11 Uhr em Vereinsheim, Saal 2.",
        "Narrenzunft: Passwort fürs Backend kriegsch vom Karl persönlich, net per Mail.",
        "Mannen, rit zondag 7u30 aan de kerk van Vlissingen, 112 km, groep 2 aan 28 km/u.",
        "'t Wachtwoord van de Strava-club is veranderd, vraag 't aan Anneke in 't clublokaal.",
        "Ante, sameby-möte 2 december kl. 18 i Jokkmokk, lokal 3.",
        "Józek, hasło do kompa w schronisku zmienione, powiem ci jak przyjdziesz.",
        "Planinarski dom Ivanščica: otvoreno vikendom 8–18 h, tel. 098 123 4567.",
        "Oye Charlene, el wifi de la abuela cambió, te lo digo en person mañana.",
        "Gibraltar National Day 2026, 10 September, Casemates Square, 12 noon.",
        "Compañeros, la contraseña de la compu la tiene el tesorero, pídansela a él.",
        "Acta 8/11, cooperativa Cobán: 214 quintales de café pergamino, precio Q1,450.",
        "Welcome to Ustupu Lodge! Wi-Fi code is written on the back of your room key. Boat at 7am.",
        "Gyal, di shop wifi password change, Travis wi gi yu wen yu come.",
        "Junkanoo Boxing Day parade, Bay Street, 26 December 2026, group 14 practice Friday.",
        "Boss, le password du hall, Réjean va te le donner au bingo jeudi.",
        "Back to Batoche Days 2026: 17–20 July, fiddle contest Saturday 2pm.",
        "The co-op shop will be closed for Bounty Day, 23 January; ship day is Thursday.",
        "Art centre staff: the computer password is in the locked book in the office, ask Japanangka.",
        "Yuendumu Sports Weekend 2026: Magpies vs Crows, Saturday 3pm, oval 2.",
        "Manito, la clave del wifi del colmado la cambié, pregúntale a Yokasta.",
        "Licey 5 - 3 Águilas, Estadio Quisqueya, 18 de noviembre de 2026.",
        "Übergabe Spätdienst: Praxissoftware-Passwort bitte persönlich bei Frau Weber erfragen.",
        "Praxis Dr. Weber: Impftermin Luna (Dackel, 4 J.) am 2.12.2026 um 10:30, Raum 2.",
        "Transmissions de garde : le mot de passe du LGO est dans le coffre, demandez au titulaire.",
        "Pharmacie de garde du 30 novembre 2026 : Pharmacie Martin, 12 rue de la Gare, 03 21 45 67 89.",
        "Galera da recepção, a senha da catraca mudou; peçam pro gerente pessoalmente.",
        "Academia Força Total: aula de spinning 18h, sala 2; Flamengo x Palmeiras no telão às 21h30.",
        "AOB: Nigel will reset the Play-Cricket admin password after the AGM and share it in person.",
        "Ashford CC 1st XI 214/6 (45 overs) beat Canterbury 2nd XI 198 all out; teas by Sue.",
    ]


def _ord_public() -> list[str]:
    return [
        "Password policy: at least 12 characters, no reuse of the last 5, changed every 180 days.",
        "Forgot your password? Click 'Reset password' on the login page; the link is valid for 30 minutes.",
        "To reset the Wi-Fi password, hold the reset button on the router for 10 seconds and log in at 192.168.1.1.",
        "Use a passphrase of four or more random words; a password manager can generate one for you.",
        "Never send passwords by WhatsApp or SMS; share them through the team password manager.",
        "commit " + _hx(40) + "\nAuthor: Ops Bot <ops@acme.io>\nDate:   Sun Nov 30 09:12:44 2026 +0100",
        "sha256:" + _sha("nineteenth-image") + "  registry.acme.io/shop/api:2.14.0",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(43, _ALNUM + "+/") + " deploy@ci",
        "Request id " + _uuid() + " failed with 503 after 30012 ms",
        "ticket #48213 – VPN disconnects every 20 minutes (priority P3, assignee: ravi.k)",
        "Order 2026-114-88213, 3 items, shipped 2026-11-28 via DHL 00340434161234567890",
        "Room 214, floor 2, building C; call extension 4412 for access.",
        "Release notes: PostgreSQL 17.2, Redis 7.4.1, Node.js 22.11.0 LTS, Python 3.13.1.",
        "Team Falcons 2026 – U12 roster: 14 players, coach Tom Reed, pitch 3.",
        "pg_hba.conf: host all all 10.0.0.0/8 scram-sha-256",
        "Kafka broker 3 at kafka-3.internal:9093 (SASL_SSL), topic orders.v2, 12 partitions",
        "The API key must be sent in the X-API-Key header; create one under Settings > API keys.",
        "$argon2id$v=19$m=65536,t=3,p=4$" + _b64(16).rstrip("=") + "$" + _b64(32).rstrip("="),
        "Fingerprint: SHA256:" + _b64(32).rstrip("=") + " (ED25519)",
        "Our office phone is +49 30 1234567; the support hotline +1 800 555 0199 is open 9–17.",
        "AWS account 123456789012, region eu-west-1, role arn:aws:iam::123456789012:role/deploy",
        "Vault path secret/data/prod/api, version 14, created_time 2026-11-20T10:11:12Z",
        "Password must contain: 8–64 characters, one uppercase, one number; it cannot contain your username.",
        "Happy birthday Grace! 12/11/1990 – the whole team wishes you a great year 2026.",
        "Trilium docs example: curl -H \"Authorization: ETAPITOKEN\" http://localhost:37740/etapi/app-info",
        "Emby docs placeholder: X-Emby-Token: YOUR_API_KEY_HERE",
        "Xcode Cloud log: MATCH_PASSWORD is set (length 16, value hidden)",
        "MQTT public test broker: broker.hivemq.com:1883, no username, no password.",
        "Winter2026 campaign brief: launch 1 December, budget €12,000, owner marketing team 3.",
    ]


def _ord_debatable() -> list[str]:
    return [
        "<properties.postgresql serverName=\"pg.acme.lan\" user=\"orders\" password=\"{xor}Lz4sLCgwLTtt\"/>  # Open Liberty securityUtility encode output",
        "ldap_default_authtok_type = obfuscated_password\nldap_default_authtok = AAAQABagVAjf9KgSyIxScpHYkRyAcJoL3sqAAAAAA==",
        "FreeSWITCH ships with default_password=1234 in vars.xml; change it before exposing port 5060.",
        "OpenObserve quickstart: ZO_ROOT_USER_EMAIL=root@example.com ZO_ROOT_USER_PASSWORD=Complexpass#123 ./openobserve",
        "bunq sandbox: every new sandbox user starts with 500 EUR; the docs' example key is sandbox_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.",
        "Guest Wi-Fi at Ushguli Tower Guesthouse: network Svaneti_Guest, password printed on the menu: welcome2026",
        "Flyer: Yuendumu Sports Weekend – free Wi-Fi at the oval, network 'Sports', password sports2026",
        "Post-mortem: the old SuiteCRM db password (suitecrm123, rotated on 2026-11-02) was in config.php for two years.",
        "MediaMTX test stream from the README: rtsp://myuser:mypass@localhost:8554/mystream",
        "Palworld community server 'Open Crew', public password on the Discord banner: palpal",
        "Your one-time login code is 482913 (expired 2026-11-30 09:14).",
        "Moodle demo site: log in as teacher / sandbox24 (reset every hour).",
        "Tautulli demo instance (read-only, from the docs): http://demo.tautulli.invalid:8181/api/v2?apikey=0123456789abcdef0123456789abcdef&cmd=get_activity",
        "HiveMQ Control Center default login admin / hivemq — change it in config.xml before production.",
        "Chinese group notice: 店内免费WiFi：HuoguoGuest，密码 88888888（贴在每张桌上）",
        "<properties.postgresql serverName=\"pg.acme.lan\" user=\"orders\" password=\"{aes}ARAVpL8h1x5Y2Q1nVq7+Z6oK3G3y4N0p\"/>  # encrypted with the default key",
        "Bareos: Password = \"[md5]" + hashlib.md5(b"console-pw").hexdigest() + "\" (stored as MD5 by bconsole configure)",
        "Colmado El Primo – wifi pa' lo' cliente: clave 12345678 (está en la pared)",
        "Samba test VM from the tutorial: samba-tool domain provision --adminpass=Passw0rd (lab only)",
        "Cricket club bar: till code for volunteers is on the laminated card behind the bar (0000 on match days).",
        "pgbench default setup in the Docker image: POSTGRES_PASSWORD=postgres for local benchmarks only",
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

NINETEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in NINETEENTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a Webflow token
# is 64 bare hex digits, an Eventbrite private token 20 bare capitals and digits, a bunq key
# 64 bare hex digits, and a Komga, Emby or Tautulli API key 32 bare hex digits like any hash.
UNSURE_FAMILIES: frozenset[str] = frozenset({"webflow site api token", "eventbrite private token",
                                             "bunq api key", "copied request to the emby api"})

_ORD_AGENT = _ord_agent()
_ORD_FORMATS = _ord_formats()
_ORD_VENDOR = _ord_vendor()
_ORD_HUMAN = _ord_human()
_ORD_PUBLIC = _ord_public()
_ORD_DEBATABLE = _ord_debatable()

NINETEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_HUMAN,
                                  *_ORD_PUBLIC, *_ORD_DEBATABLE]

# Documented defaults and quickstart values, values the owning tool stores obfuscated,
# encoded or hashed, guest Wi-Fi printed on menus, flyers and walls, demo logins, an expired
# one-time code, a rotated password quoted in a post-mortem and a bar till code on a card.
DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, NINETEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("nineteenth", FAMILIES, NINETEENTH_SECRETS, NINETEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(100, 300, 250),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in NINETEENTH_SECRETS]
    assert len(texts) == len(set(texts))
    # each family's three samples sit in three different settings
    assert all(len({setting for setting, _ in fam.samples}) == len(fam.samples)
               for fam in FAMILIES)
    # every weight, and the vendor families, fall in both halves
    half_of = {fam.name: fam.half for fam in FAMILIES}
    for group in (AGENT_FAMILIES, FORMAT_FAMILIES, HUMAN_FAMILIES, VENDOR_FAMILIES):
        assert {half_of[name] for name in group} == {"A", "B"}


_self_check()
