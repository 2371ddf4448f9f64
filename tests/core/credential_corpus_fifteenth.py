"""A fifteenth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, scripts and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the fourteen earlier
corpora; only their family names (so that every family here is new, which ``_self_check``
holds), the helpers ``Family``, ``Values``, ``family``, ``split_by_family`` and ``families``
of the third, ``blind_corpus``, and the docstring and closing assembly of the thirteenth, so
that the same measuring code runs on this one.  It is weighted, about a third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" kcat, asadm, usql, the MinIO client, nodetool, the Solr admin API and
  turbopuffer; copied requests (curl, raw HTTP, tool-call JSON) to Audiobookshelf,
  Navidrome, BookStack, Zammad, GLPI, Dolibarr, Invoice Ninja, Snipe-IT, Grocy, Miniflux and
  FreshRSS; build logs of sourcehut builds, Buildbot, Codefresh and Netlify; debugging notes
  on OCaml Caqti, Gleam and Vapor; diff hunks in Litestream and Supabase configs; a
  decision quoting a Fluentd output block;
* config files of tools not yet covered (hut, ``.curlrc``, ``.wgetrc``, vdirsyncer,
  ``iscsid.conf``, ``mpd.conf``, Prosody, Bambu Lab printers, PrusaLink, ``.gitcookies``,
  Rspamd, Squid) and vendor tokens (``VENDOR_FAMILIES``) in the formats public secret-scanner
  rule lists and vendors' docs describe;
* passwords people choose (names with dates, seasons, keyboard walks, leetspeak,
  passphrases, pet names, teams with numbers, words of the writer's language) where they
  type them: chat, SMS, email, tickets, notices, spreadsheets and voicemail transcripts in
  Mauritian and Seychellois Creole, Nigerian Pidgin and Krio, K'iche' and Yucatec Maya,
  Marshallese and Gilbertese, Okinawan, Dzongkha and Newari, Tulu and Kodava, Sylheti and
  Chittagonian, Karen and Shan, Batak and Acehnese, Kapampangan and Chavacano, Assyrian
  Neo-Aramaic, Avar and Lezgian, Mari and Erzya, Crimean Tatar and Gagauz, Piedmontese and
  Lombard, Manx and Jerriais, Limburgish, Cajun French and Gullah, Lakota and Yup'ik,
  Xitsonga and Tshivenda, Dholuo, Tashelhit, Dari, Moore and Dagbani, Cape Verdean Kriolu
  and Sranan, and in English, Rioplatense Spanish, European Portuguese, Gulf Arabic,
  Mandarin, Japanese, Korean, Hindi and Russian in settings the earlier names do not use.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``FIFTEENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``FIFTEENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands, configs and chats with the value masked, templated, prompted for or read from
    a store; public values beside secrets (hashes, ids, UUIDs, public keys, usernames,
    hostnames); password policies; product names with versions; events with years.
    ``DEBATABLE`` names the entries a reasonable reviewer could call either way;
    ``UNSURE_FAMILIES`` the families a reasonable scanner could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family.

Values come from a seeded generator (``random.Random(15_2026_12_09)``) with the length and
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

_RNG = random.Random(15_2026_12_09)

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


_WALKS = ("1qaz2wsx", "qwerty", "asdfgh", "zxcvbn", "1q2w3e4r", "qazwsx", "!QAZ2wsx",
          "Zaq12wsx", "1qaz@WSX", "qweasdzxc", "Qwer1234", "poiuyt")
_SYMBOLS = "!@#$*"
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
    year = _RNG.choice((1979, 1984, 1988, 1991, 1995, 1998, 2001, 2004, 2012, 2019, 2023,
                        2024, 2025))
    short = year % 100
    sym = _RNG.choice(_SYMBOLS)
    pattern = _RNG.randrange(9)
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
        return "-".join(picked) + str(_RNG.randrange(2, 9))
    if pattern == 5:
        return f"{_cap(_pick(pets))}{_RNG.randrange(1, 31):02d}{_RNG.randrange(1, 13):02d}"
    if pattern == 6:
        return f"{_pick(teams)}{_RNG.randrange(1, 99)}{sym}"
    if pattern == 7:
        return f"{_cap(_pick(words))}@{year}"
    return f"{_pick(names).lower()}{_pick(words).lower()}{short:02d}"


def _digits(length: int) -> str:
    return _r(length, string.digits)


# Distinctive prefixes, split so that no literal in this file is a whole token.
_AKIA = "AK" "IA"
_SG = "S" "G."
_PYPI = "py" "pi-"
_SK_LIVE = "sk" "_live_"


_Raw = tuple[str, tuple[tuple[str, str], ...]]


def _fam(name: str, *samples: tuple[str, str]) -> _Raw:
    return name, samples


def _host() -> str:
    return _pick(("db-03.int", "10.40.2.17", "stage-app-1", "prod-east-2.lan", "10.8.0.44"))


# --- weight 1: what a coding agent writes in a ledger entry ------------------------------

def _agent() -> list[_Raw]:
    kcat_pw = [_r(24) for _ in range(3)]
    asadm_pw = [_chosen(("aero", "spike", "cluster", "ns"), ("Mirela", "Tobias")) for _ in range(2)]
    mc = [(_r(20, _UPPER_ALNUM), _r(40, _ALNUM + "+/")) for _ in range(3)]
    solr_pw = [_r(18), _chosen(("solr", "search", "index"), ("Karin",)), _r(22)]
    return [
        _fam("ledger fact verified by kcat metadata listing",
             ("fact entry", f"Fact: the new MSK brokers accept SCRAM. Verified by `kcat -b b-1.orders.kafka.eu-west-1.amazonaws.com:9096 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=orders-svc -X sasl.password={kcat_pw[0]} -L` -> Metadata for all topics (from broker 1): 3 brokers, 41 topics."),
             ("debugging note", f"Debug: consumer lag alert was a red herring. Ran\n  kcat -C -b kafka-0.kafka:9093 -t payments.v2 -o -5 -e -X sasl.mechanisms=PLAIN -X sasl.username=ledger -X sasl.password='{kcat_pw[1]}' -X security.protocol=SASL_SSL\nand got 5 messages back with current offsets, so the consumer group is healthy."),
             ("tool-call json", json.dumps({"tool": "run_shell", "arguments": {"command": f"kcat -L -b pkc-4nym6.us-east-1.aws.confluent.cloud:9092 -X security.protocol=sasl_ssl -X sasl.mechanisms=PLAIN -X sasl.username=QH3RXWZ7K2LBNJ4E -X sasl.password={kcat_pw[2]}{_r(40, _ALNUM + '+/')}", "timeout": 30}}))),
        _fam("ledger fact verified by aerospike asadm",
             ("fact entry", f"Fact: namespace `sessions` replication-factor is 2 on all 4 nodes.\nVerified by: asadm -h 10.12.0.21 -U admin -P '{asadm_pw[0]}' -e 'show config namespace like replication-factor'\nOutput: sessions replication-factor 2 2 2 2"),
             ("command history in a handoff", f"Handoff: to reproduce the stop-writes I used\n$ asadm --enable -h aero-ssd-1 --user ops_rw --password {asadm_pw[1]} -e \"manage config namespace cache param stop-writes-pct to 90\"\nIt returned `~Set Namespace Param stop-writes-pct to 90~` on every node."),
             ("aql verification", f"Verified the TTL fix with aql: `aql -h 10.12.0.21 -U app_reader -P {_r(16)}{_digits(2)} -c \"select * from cache.profiles where PK='u:4481'\"` -> 1 row, ttl 86371.")),
        _fam("ledger fact verified by usql",
             ("fact entry", f"Fact: the reporting replica runs PostgreSQL 16.4. Verified by `usql 'pg://report_ro:{_r(20)}@pg-replica-2.internal:5432/warehouse?sslmode=require' -c 'select version()'`."),
             ("debugging note", f"Debug: sqlserver migration failed on collation. Reproduced with\nusql ms://sa:{_chosen(('Sql', 'Server', 'Mssql'), ('Ravi',))}@10.20.4.9/Billing -c \"SELECT DATABASEPROPERTYEX('Billing','Collation')\"\n-> SQL_Latin1_General_CP1_CI_AS (expected Latin1_General_100_CI_AS_SC_UTF8)"),
             ("copied terminal output", f"Checked the Oracle link before the cutover:\n$ usql or://ledger_app:{_r(14)}{_digits(3)}@orcl-scan.dc1:1521/LEDGERPDB -c 'select count(*) from journal_lines'\n count\n-------\n 8412339\n(1 row)")),
        _fam("ledger fact verified by minio mc alias set",
             ("fact entry", f"Fact: the backup bucket has versioning on. Verified by\n  mc alias set backups https://s3.backup.lan {mc[0][0]} {mc[0][1]}\n  mc version info backups/pg-basebackups -> versioning is enabled"),
             ("debugging note", f"Debug: uploads 403 after the policy change. `mc alias set prod https://minio.prod.example.net:9000 {mc[1][0]} {mc[1][1]} --api S3v4` succeeds, `mc cp ./x.txt prod/artifacts/` fails with Access Denied, so the policy, not the key, is wrong."),
             ("ci log line", f"+ mc alias set ci http://minio:9000 ci-uploader {mc[2][1]}\nAdded `ci` successfully.\n+ mc mirror --overwrite dist/ ci/web-static/")),
        _fam("ledger fact verified by cassandra nodetool",
             ("fact entry", f"Fact: all 6 nodes are UN after the repair. Verified by `nodetool -h 10.30.1.5 -u cassandra_jmx -pw {_r(20)} status` (6 UN, load 212-230 GiB each)."),
             ("debugging note", f"Debug: compaction stuck on ks `events`. I ran nodetool -u jmxadmin -pw '{_chosen(('cass', 'ring', 'node'), ('Olga',))}' compactionstats on cass-3 and saw 1 pending task at 0.0% for 40 min."),
             ("runbook step", f"Step 3 done: `nodetool --username monitorRole --password {_r(12)}{_digits(4)} -h scylla-2 describecluster` shows a single schema version.")),
        _fam("ledger fact verified by solr admin api",
             ("fact entry", f"Fact: collection `products` has 3 shards, all active. Verified by\ncurl -s -u solr-admin:{solr_pw[0]} 'https://solr.search.internal:8983/solr/admin/collections?action=CLUSTERSTATUS&collection=products' | jq '.cluster.collections.products.shards | keys'"),
             ("copied request", f"GET /solr/admin/authentication HTTP/1.1\nHost: solr-1:8983\nAuthorization: Basic {base64.b64encode(('indexer:' + solr_pw[1]).encode()).decode()}\n\n-> 200, blockUnknown: true"),
             ("tool-call json", json.dumps({"name": "http_get", "input": {"url": "http://solr-0.solr-headless:8983/solr/admin/cores?action=STATUS", "auth": ["solr", solr_pw[2]]}}))),
        _fam("ledger fact verified by turbopuffer namespace query",
             ("fact entry", f"Fact: the embeddings namespace holds 1.2M vectors. Verified by\ncurl -s https://gcp-us-central1.turbopuffer.com/v1/namespaces/docs-prod -H 'Authorization: Bearer tpuf_{_r(32)}'\n-> approx_count 1204411"),
             ("python repl excerpt", f">>> import turbopuffer as tpuf\n>>> tpuf.api_key = 'tpuf_{_r(32)}'\n>>> tpuf.Namespace('support-tickets').dimensions()\n1536"),
             ("dotenv quoted in a decision", f"Decision: move the vector store to turbopuffer. The worker reads TURBOPUFFER_API_KEY=tpuf_{_r(32)} and TURBOPUFFER_REGION=aws-eu-central-1 from .env.production.")),
        _fam("copied request to the audiobookshelf api",
             ("curl", f"curl -s 'https://abs.home.arpa/api/libraries' -H 'Authorization: Bearer {_jwt({'userId': _uuid(), 'username': 'root', 'iat': 1733912214})}'"),
             ("raw http", f"POST /api/items/{_uuid()}/scan HTTP/1.1\nHost: audiobooks.lan:13378\nAuthorization: Bearer {_jwt({'userId': _uuid(), 'username': 'marta', 'iat': 1730019933})}\nContent-Length: 0"),
             ("tool-call json", json.dumps({"tool": "fetch", "arguments": {"url": "http://192.168.1.40:13378/api/me/listening-stats", "headers": {"Authorization": "Bearer " + _jwt({"userId": _uuid(), "username": "admin", "iat": 1735640021})}}}))),
        _fam("copied request to the navidrome subsonic api",
             ("curl", f"curl 'https://music.example.org/rest/getNowPlaying.view?u=alex&p=enc:{_chosen(('music', 'vinyl', 'jazz'), ('Alex',)).encode().hex()}&v=1.16.1&c=ledger&f=json'"),
             ("fact entry", f"Fact: Navidrome scan finished. Verified by GET http://navidrome:4533/rest/getScanStatus?u=admin&p={_chosen(('navi', 'drome', 'beats'), ('Jonas',))}&v=1.16.1&c=agent&f=json -> scanning:false, count:18342"),
             ("browser console copy", f"fetch(\"https://nd.home.lan/rest/ping.view?u=fam&t={_hx(32)}&s={_r(6, _LOWER_ALNUM)}&v=1.16.1&c=web&f=json\") // ok\nfetch(\"https://nd.home.lan/rest/getStarred2.view?u=fam&p={_chosen(('rock', 'radio', 'album'), ('Mila',))}&v=1.16.1&c=web&f=json\")")),
        _fam("copied request to the bookstack api",
             ("curl", f"curl -s https://wiki.office.lan/api/pages?count=5 -H 'Authorization: Token {_r(32)}:{_r(32)}'"),
             ("raw http", f"PUT /api/pages/412 HTTP/1.1\nHost: docs.acme.internal\nAuthorization: Token {_r(32)}:{_r(32)}\nContent-Type: application/json\n\n{{\"markdown\": \"# Runbook\\nupdated by agent\"}}"),
             ("python snippet in a note", f"Note: sync script works now.\n    headers = {{\"Authorization\": \"Token {_r(32)}:{_r(32)}\"}}\n    requests.get(f\"{{BASE}}/api/books\", headers=headers, timeout=10)")),
        _fam("copied request to the zammad api",
             ("curl", f"curl -H 'Authorization: Token token={_r(64, _B64URL)}' https://support.example.com/api/v1/tickets/search?query=state:open&limit=5"),
             ("debugging note", f"Debug: webhook -> ticket article failed with 401 because the token was for the wrong user. Working call:\nPOST https://helpdesk.firma.de/api/v1/ticket_articles\nAuthorization: Token token={_r(64, _B64URL)}\n{{\"ticket_id\": 8812, \"body\": \"auto-reply\", \"internal\": true}}"),
             ("basic auth variant", f"curl -u 'agent.bot@firma.de:{_chosen(('Zammad', 'Ticket', 'Support'), ('Heike',))}' https://helpdesk.firma.de/api/v1/users/me")),
        _fam("copied request to the glpi rest api",
             ("curl", f"curl -X GET -H 'Content-Type: application/json' -H 'Authorization: user_token {_r(40)}' -H 'App-Token: {_r(40)}' 'https://glpi.mairie.local/apirest.php/initSession'"),
             ("raw http", f"GET /apirest.php/Computer?range=0-50 HTTP/1.1\nHost: glpi.it.lan\nSession-Token: {_r(26, _LOWER_ALNUM)}\nApp-Token: {_r(40)}"),
             ("fact entry", f"Fact: 312 computers inventoried. Verified by initSession with Authorization: Basic {base64.b64encode(('glpi:' + _chosen(('glpi', 'parc', 'inventaire'), ('Claire',))).encode()).decode()} and App-Token {_r(40)}, then GET /apirest.php/Computer -> Content-Range 0-49/312.")),
        _fam("copied request to the dolibarr api",
             ("curl", f"curl -s 'https://erp.atelier.fr/api/index.php/invoices?sortfield=t.rowid&limit=10' -H 'DOLAPIKEY: {_r(32)}'"),
             ("tool-call json", json.dumps({"tool": "http_request", "args": {"method": "POST", "url": "https://dolibarr.shop.lan/api/index.php/thirdparties", "headers": {"DOLAPIKEY": _r(40), "Accept": "application/json"}, "json": {"name": "Test SARL", "client": 1}}})),
             ("login call", f"GET /api/index.php/login?login=admin&password={_chosen(('Doli', 'barr', 'Compta'), ('Yannick',))} -> {{\"success\":{{\"code\":200,\"token\":\"{_r(40)}\"}}}}")),
        _fam("copied request to the invoice ninja api",
             ("curl", f"curl -X GET 'https://invoicing.co/api/v1/clients?per_page=5' -H 'X-API-TOKEN: {_r(64)}' -H 'X-Requested-With: XMLHttpRequest'"),
             ("debugging note", f"Debug: self-hosted IN v5 returned 403 until I added the token header: X-API-TOKEN: {_r(64)} (created under Settings > Account Management > API Tokens)."),
             ("php snippet", f"$ninja = new InvoiceNinja(\"{_r(64)}\");\n$ninja->setUrl('https://billing.studio.io');\n$invoices = $ninja->invoices->all(['client_id' => 'Wpmbk5ezJn']);")),
        _fam("copied request to the snipe-it api",
             ("curl", f"curl --request GET --url 'https://assets.school.edu/api/v1/hardware?limit=2' --header 'Authorization: Bearer {_jwt({'aud': '1', 'jti': _hx(80), 'iat': 1725011112, 'sub': '7', 'scopes': []}, 'RS256', 256)}' --header 'accept: application/json'"),
             ("fact entry", f"Fact: asset tag 004118 is checked out to user 93. Verified by GET /api/v1/hardware/bytag/004118 with Authorization: Bearer {_jwt({'aud': '1', 'jti': _hx(80), 'iat': 1731300400, 'sub': '2', 'scopes': []}, 'RS256', 256)}"),
             ("env excerpt", f"SNIPEIT_URL=https://snipe.corp.lan\nSNIPEIT_TOKEN={_jwt({'aud': '3', 'jti': _hx(80), 'iat': 1736200000, 'sub': '1', 'scopes': []}, 'RS256', 256)}")),
        _fam("copied request to the grocy api",
             ("curl", f"curl -H 'GROCY-API-KEY: {_r(50)}' http://grocy.home:9283/api/stock/volatile"),
             ("home assistant yaml", f"rest_command:\n  grocy_consume:\n    url: http://192.168.178.31:9192/api/stock/products/{{{{ product_id }}}}/consume\n    method: POST\n    headers:\n      GROCY-API-KEY: {_r(50)}"),
             ("tool-call json", json.dumps({"tool": "http_request", "args": {"url": "https://grocy.casa.lan/api/objects/shopping_list", "headers": {"GROCY-API-KEY": _r(50)}}}))),
        _fam("copied request to the miniflux api",
             ("curl", f"curl -H 'X-Auth-Token: {_b64url(32)}=' https://rss.example.net/v1/feeds/counters"),
             ("fact entry", f"Fact: 14 feeds failing since the DNS change. Verified by `curl -s -u jan:{_chosen(('feeds', 'reader', 'nieuws'), ('Jan',))} https://miniflux.jan.nl/v1/feeds | jq '[.[] | select(.parsing_error_count > 0)] | length'` -> 14"),
             ("go snippet", f"client := miniflux.NewClient(\"https://reader.lab.io\", \"{_b64url(32)}=\")\nentries, err := client.Entries(&miniflux.Filter{{Status: miniflux.EntryStatusUnread}})")),
        _fam("copied request to the freshrss greader api",
             ("curl", f"curl -s 'https://rss.maison.fr/api/greader.php/reader/api/0/unread-count?output=json' -H 'Authorization: GoogleLogin auth=marie/{_hx(40)}'"),
             ("login exchange", f"POST /api/greader.php/accounts/ClientLogin\nEmail=marie&Passwd={_chosen(('fresh', 'flux', 'lecture'), ('Marie',))}\n-> SID=marie/{_hx(40)}\n   Auth=marie/{_hx(40)}"),
             ("debugging note", f"Debug: Reeder sync 401 was the API password, not the login password. Verified: curl 'https://freshrss.lab/api/greader.php/accounts/ClientLogin?Email=bot&Passwd={_r(16)}' returns Auth=bot/{_hx(40)}.")),
        _fam("ledger note quoting a sourcehut builds log",
             ("build log", f"[#1184213] 2025/03/02 10:14:07 Running task deploy\n+ echo 'machine git.sr.ht login ~deploy password {_b64(48)}' > ~/.netrc\n+ hut git update --visibility public"),
             ("secrets echo", f"Note: job #1190032 leaked the token because set -x was on:\n+ curl -H 'Authorization: Bearer {_b64(72)}' https://meta.sr.ht/query -d @query.json"),
             ("manifest excerpt", f"The .build.yml had it inline, which is why builds.sr.ht printed it:\nenvironment:\n  PYPI_PASSWORD: {_PYPI}{_b64url(120)}\ntasks:\n  - publish: twine upload -u __token__ -p $PYPI_PASSWORD dist/*")),
        _fam("ledger note quoting a buildbot step log",
             ("step log", f"step 'upload wheels' (log: stdio)\n argv: ['twine', 'upload', '--repository-url', 'https://devpi.corp/root/dev', '-u', 'buildbot', '-p', '{_r(20)}', 'dist/*']\n program finished with exit code 0"),
             ("master.cfg excerpt", f"Decision: the worker password moves out of master.cfg. Current line:\n  c['workers'] = [worker.Worker('arm64-1', '{_r(16)}'), worker.Worker('x86-2', '{_r(16)}')]"),
             ("environment dump", f"buildbot step 'env' on worker win-3:\n using PTY: False\n  DEPLOY_USER=svc_deploy\n  DEPLOY_PASS={_chosen(('deploy', 'build', 'Bot'), ('Marcus',))}\n  PATH=C:\\Python312;C:\\Windows\\system32")),
        _fam("ledger note quoting a codefresh pipeline log",
             ("pipeline log", f"[SYSTEM] Step: push_to_ecr\nExecuting command: docker login -u AWS -p {_b64(900)} 291774022331.dkr.ecr.eu-west-1.amazonaws.com"),
             ("cli config quoted", f"Debug: `codefresh auth current-context` used the old key. ~/.cfconfig had\n  contexts:\n    default:\n      token: {_hx(24)}.{_hx(32)}\n      url: https://g.codefresh.io"),
             ("api call", f"curl -H 'Authorization: {_hx(24)}.{_hx(32)}' https://g.codefresh.io/api/builds?limit=5")),
        _fam("ledger note quoting a netlify deploy log",
             ("deploy log", f"11:42:18 AM: $ npm run build\n11:42:19 AM: > NEXT_PUBLIC_URL=https://shop.example.com SANITY_WRITE_TOKEN=sk{_r(180)} next build"),
             ("function log", f"Mar 4, 09:13:55 AM: 5d1f02 INFO   stripe init {{ key: '{_SK_LIVE}{_r(99)}' }}"),
             ("build plugin output", f"11:03:04 PM: Plugin netlify-plugin-env-dump: DATABASE_URL=postgres://app:{_r(24)}@ep-snowy-frost-123456.eu-central-1.aws.neon.tech/app?sslmode=require")),
        _fam("ledger debugging note on an ocaml caqti uri",
             ("debugging note", f"Debug: Caqti_lwt.connect failed with `Failure \"SSL error\"`. Uri used: Uri.of_string \"postgresql://dream:{_r(18)}@pg.internal:5432/todo?sslmode=require\" - switching to sslmode=verify-full fixed it."),
             ("dune test output", f"File \"test/db_test.ml\", line 12:\nFatal error: exception Caqti_error.Exn(_)\nCannot connect to <postgresql://opam_ci:{_chosen(('caml', 'opam', 'dune'), ('Xavier',))}@localhost/ci_test>: password authentication failed"),
             ("config note", f"Fact: the Dream app reads DATABASE_URL from env; in dev I set DATABASE_URL=mariadb://ocaml:{_r(20)}@127.0.0.1:3306/shop and ran `dune exec ./bin/main.exe`.")),
        _fam("ledger debugging note on a gleam database config",
             ("debugging note", f"Debug: pog pool timed out. The config was\n  pog.default_config()\n  |> pog.host(\"db.fly.internal\")\n  |> pog.user(\"gleam_app\")\n  |> pog.password(option.Some(\"{_r(22)}\"))\n  |> pog.pool_size(15)\nand the pool size beat the server's max_connections."),
             ("test output", f"gleam test\n  Compiled in 0.41s\nerror: pog.ConnectionUnavailable\n  url: postgres://gleam:{_chosen(('gleam', 'lustre', 'wisp'), ('Hayleigh',))}@localhost:5433/wisp_dev"),
             ("env note", f"Fact: `gleam run -m app/migrate` succeeded after exporting DATABASE_URL=postgresql://wisp:{_r(24)}@ep-aged-sea-440211.us-east-2.aws.neon.tech/wisp.")),
        _fam("ledger debugging note on a vapor database config",
             ("debugging note", f"Debug: Vapor crashed on boot with `PSQLError(code: server)`. configure.swift had\n    app.databases.use(.postgres(configuration: .init(hostname: \"10.0.3.12\", username: \"vapor\", password: \"{_r(20)}\", database: \"vapor_prod\", tls: .disable)), as: .psql)"),
             ("swift test log", f"Test Case '-[AppTests.UserTests testCreate]' failed: MySQLError.authenticationFailed for vapor_ci:{_chosen(('swift', 'vapor', 'fluent'), ('Tanner',))}@127.0.0.1:3306"),
             ("docker run", f"Fact: the image boots. Verified by `docker run --rm -e DATABASE_URL=postgres://vapor_username:{_r(18)}@db:5432/vapor_database -p 8080:8080 registry.fly.io/todo-api:4f2a1b` -> [ NOTICE ] Server started on http://0.0.0.0:8080")),
        _fam("diff hunk in a litestream config",
             ("diff hunk", f"--- a/etc/litestream.yml\n+++ b/etc/litestream.yml\n@@ -1,6 +1,8 @@\n dbs:\n   - path: /data/app.db\n     replicas:\n       - url: s3://sqlite-backups/app\n+        access-key-id: {_AKIA}{_r(16, _UPPER_ALNUM)}\n+        secret-access-key: {_r(40, _ALNUM + '/+')}"),
             ("b2 replica hunk", f"@@ -3,3 +3,6 @@ dbs:\n     replicas:\n+      - type: s3\n+        bucket: pb-backup\n+        endpoint: s3.us-west-004.backblazeb2.com\n+        access-key-id: 004{_hx(22)}\n+        secret-access-key: K004{_r(27)}"),
             ("abs replica hunk", f"+      - type: abs\n+        account-name: litestreamprod\n+        account-key: {_b64(64)}\n+        bucket: app-db")),
        _fam("diff hunk in a supabase config toml",
             ("diff hunk", f"--- a/supabase/config.toml\n+++ b/supabase/config.toml\n@@ -88,7 +88,7 @@ [auth.external.github]\n enabled = true\n client_id = \"Ov23li{_r(14)}\"\n-secret = \"env(SUPABASE_AUTH_GITHUB_SECRET)\"\n+secret = \"{_hx(40)}\""),
             ("smtp hunk", f"@@ -120,6 +120,12 @@\n+[auth.email.smtp]\n+host = \"smtp.sendgrid.net\"\n+port = 587\n+user = \"apikey\"\n+pass = \"{_SG}{_r(22, _B64URL)}.{_r(43, _B64URL)}\"\n+admin_email = \"noreply@ferry.app\""),
             ("twilio hunk", f"@@ -140,4 +140,8 @@ [auth.sms]\n+[auth.sms.twilio]\n+enabled = true\n+account_sid = \"AC{_hx(32)}\"\n+message_service_sid = \"MG{_hx(32)}\"\n+auth_token = \"{_hx(32)}\"")),
        _fam("ledger decision quoting a fluentd output block",
             ("decision", f"Decision: ship audit logs to OpenSearch directly from fluentd. Block in td-agent.conf:\n<match audit.**>\n  @type opensearch\n  host search.logs.internal\n  port 9200\n  user fluentd_writer\n  password {_r(24)}\n  index_name audit-%Y.%m\n</match>"),
             ("splunk hec block", f"Decision: keep the splunk_hec output for now:\n<match app.**>\n  @type splunk_hec\n  hec_host splunk-hec.corp.net\n  hec_port 8088\n  hec_token {_uuid().upper()}\n</match>"),
             ("forward shared key", f"Decision: forwarders authenticate with a shared key.\n<security>\n  self_hostname agg-1\n  shared_key {_chosen(('fluent', 'forward', 'logs'), ('Ines',))}\n</security>")),
    ]


# --- weight 2: config files of tools not yet covered ------------------------------------

def _formats() -> list[_Raw]:
    return [
        _fam("hut sourcehut cli config token",
             ("config file", f"# ~/.config/hut/config\ninstance \"sr.ht\" {{\n    access-token \"{_b64(72)}\"\n}}"),
             ("dotfiles commit", f"dotfiles/hut/config\n+instance \"git.sr.ht\" {{\n+    access-token \"{_b64(72)}\"\n+    meta {{ origin \"https://meta.sr.ht\" }}\n+}}"),
             ("shared in chat", f"hey can you try this hut config on the build box?\n\ninstance \"sr.ht\" {{\n  access-token \"{_b64(72)}\"\n}}")),
        _fam("curlrc user option",
             ("dotfile", f"# ~/.curlrc\nsilent\nshow-error\nuser = \"jenkins-bot:{_r(20)}\"\nproxy = \"http://proxy.corp:3128\""),
             ("proxy user", f"# .curlrc on the jump host\nproxy-user = \"svc_proxy:{_chosen(('Proxy', 'Gateway', 'Corp'), ('Dieter',))}\"\nproxy = http://10.1.1.8:8080\nretry = 3"),
             ("container file", f"COPY <<EOF /root/.curlrc\n--user artifact-reader:{_r(24)}\n--location\nEOF")),
        _fam("wgetrc http password",
             ("dotfile", f"# ~/.wgetrc\nhttp_user = mirror\nhttp_password = {_r(18)}\ntries = 5\ntimestamping = on"),
             ("ftp variant", f"# /etc/wgetrc (local additions)\nftp_user = datafeed\nftp_password = {_chosen(('Feed', 'Data', 'Mirror'), ('Suresh',))}\npassive_ftp = on"),
             ("proxy variant", f"use_proxy = on\nhttps_proxy = http://squid.lan:3128/\nproxy_user = kiosk\nproxy_password = {_r(14)}")),
        _fam("vdirsyncer caldav storage password",
             ("config file", f"[storage cal_remote]\ntype = \"caldav\"\nurl = \"https://cloud.example.de/remote.php/dav/\"\nusername = \"anna\"\npassword = \"{_chosen(('Kalender', 'Termine', 'Sonne'), ('Anna',))}\""),
             ("carddav", f"[storage contacts_remote]\ntype = \"carddav\"\nurl = \"https://dav.fastmail.com/\"\nusername = \"kit@fastmail.com\"\npassword = \"{_r(16, _LOWER_ALNUM)}\""),
             ("radicale", f"[storage radicale]\ntype = \"caldav\"\nurl = \"http://192.168.0.5:5232/\"\nusername = \"family\"\npassword = \"{_chosen(('radicale', 'family', 'cal'), ('Tom',))}\"")),
        _fam("iscsid chap password",
             ("iscsid.conf", f"node.session.auth.authmethod = CHAP\nnode.session.auth.username = iqn.2024-01.lan.nas:esx1\nnode.session.auth.password = {_r(16)}"),
             ("mutual chap", f"node.session.auth.username_in = nas-target\nnode.session.auth.password_in = {_r(14)}\ndiscovery.sendtargets.auth.password = {_r(14)}"),
             ("iscsiadm command", f"iscsiadm -m node -T iqn.2005-10.org.freenas.ctl:vm-store -p 10.0.50.2 --op update -n node.session.auth.password -v {_r(16)}")),
        _fam("mpd conf password",
             ("mpd.conf", f"bind_to_address \"0.0.0.0\"\nport \"6600\"\npassword \"{_chosen(('music', 'stereo', 'vinyl'), ('Lena',))}@read,add,control,admin\"\ndefault_permissions \"read\""),
             ("mpc command", f"MPD_HOST='{_r(12)}@livingroom.lan' mpc add 'Radiohead/OK Computer' && mpc play"),
             ("ncmpcpp config", f"mpd_host = \"{_chosen(('jazz', 'radio', 'tunes'), ('Max',))}@10.0.0.12\"\nmpd_port = 6600\nvisualizer_data_source = \"/tmp/mpd.fifo\"")),
        _fam("prosody or ejabberd config password",
             ("prosody.cfg.lua", f"storage = \"sql\"\nsql = {{ driver = \"PostgreSQL\", database = \"prosody\", username = \"prosody\", password = \"{_r(20)}\", host = \"localhost\" }}"),
             ("ejabberd.yml", f"sql_type: mysql\nsql_server: \"db.chat.lan\"\nsql_database: \"ejabberd\"\nsql_username: \"ejabberd\"\nsql_password: \"{_r(18)}\""),
             ("component secret", f"Component \"gateway.chat.example.org\"\n    component_secret = \"{_r(24)}\"")),
        _fam("bambu lab printer lan access code",
             ("home assistant yaml", f"bambu_lab:\n  host: 192.168.1.77\n  serial: 01P00A{_digits(9)}\n  access_code: \"{_digits(8)}\""),
             ("orcaslicer note", f"For the X1C in the garage: LAN only mode, IP 192.168.4.51, access code {_digits(8)}. Add it in OrcaSlicer > Device > +."),
             ("mqtt command", f"mosquitto_sub -h 10.0.0.88 -p 8883 --cafile blcert.pem --insecure -u bblp -P {_digits(8)} -t 'device/01S00C{_digits(9)}/report'")),
        _fam("prusalink api key and password",
             ("octoprint-style curl", f"curl -H 'X-Api-Key: {_r(15, _ALNUM)}' http://192.168.1.60/api/v1/status"),
             ("digest login", f"curl --digest -u maker:{_r(15, _ALNUM)} http://prusa-mk4.local/api/v1/info"),
             ("prusa slicer ini", f"[physical_printer:MK4 shop]\nhost_type = prusalink\nprint_host = 10.20.0.33\nprinthost_user = maker\nprinthost_password = {_r(15, _ALNUM)}")),
        _fam("gitcookies gerrit http password",
             ("gitcookies line", f"review.opendev.org\tFALSE\t/\tTRUE\t2147483647\to\tgit-jdoe.example.com={_r(42, _ALNUM + '/')}"),
             ("netrc for gerrit", f"machine gerrit.corp.example.com login mkaur password {_r(42, _ALNUM + '+/')}"),
             ("git push url", f"git push https://ci-bot:{_r(42, _ALNUM + '+/')}@gerrit.int.lan/a/platform/build HEAD:refs/for/main")),
        _fam("rspamd controller password",
             ("worker-controller.inc", f"# /etc/rspamd/local.d/worker-controller.inc\npassword = \"{_r(20)}\";\nenable_password = \"{_r(20)}\";"),
             ("rspamc command", f"rspamc -h mail.example.net:11334 -P '{_chosen(('spam', 'mail', 'filter'), ('Ulrich',))}' learn_spam /var/mail/spamtrap/cur/"),
             ("docker env", f"environment:\n  - CONTROLLER_PASSWORD={_r(16)}\n  - REDIS_HOST=redis")),
        _fam("squid cache_peer login credentials",
             ("squid.conf", f"cache_peer proxy.upstream.net parent 3128 0 no-query default login=branch-07:{_r(14)}\nnever_direct allow all"),
             ("squid.conf pass-through", f"cache_peer 203.0.113.40 parent 8080 0 no-query login=branch-12:{_chosen(('Squid', 'Proxy', 'Branch'), ('Ahmed',))} name=isp_peer"),
             ("ticket excerpt", f"Changed the parent on sq-dmz-2 to: cache_peer gw.zscaler.net parent 80 0 no-query no-digest login=sq-dmz-2@corp.com:{_r(18)}")),
    ]


# --- weight 2 (vendor): tokens with the formats vendors and rule lists describe ------------

def _vendor() -> list[_Raw]:
    return [
        _fam("authorize.net transaction key",
             ("dotenv", f"AUTHNET_API_LOGIN_ID={_r(10)}\nAUTHNET_TRANSACTION_KEY={_r(16)}\nAUTHNET_ENV=production"),
             ("php config", f"define(\"AUTHORIZENET_API_LOGIN_ID\", \"{_r(11)}\");\ndefine(\"AUTHORIZENET_TRANSACTION_KEY\", \"{_r(16)}\");"),
             ("xml request", f"<createTransactionRequest xmlns=\"AnetApi/xml/v1/schema/AnetApiSchema.xsd\">\n  <merchantAuthentication>\n    <name>{_r(9)}</name>\n    <transactionKey>{_r(16)}</transactionKey>\n  </merchantAuthentication>")),
        _fam("recurly private api key",
             ("curl", f"curl https://v3.recurly.com/accounts -u {_hx(32)}: -H 'Accept: application/vnd.recurly.v2021-02-25'"),
             ("ruby initializer", f"client = Recurly::Client.new(api_key: \"{_hx(32)}\")"),
             ("dotenv", f"RECURLY_API_KEY={_hx(32)}\nRECURLY_SUBDOMAIN=acme-saas")),
        _fam("chargebee api key",
             ("dotenv", f"CHARGEBEE_SITE=acme\nCHARGEBEE_API_KEY=live_{_r(34)}"),
             ("curl", f"curl https://acme.chargebee.com/api/v2/subscriptions?limit=3 -u live_{_r(34)}:"),
             ("node", f"chargebee.configure({{ site: \"studio-io\", api_key: \"live_{_r(34)}\" }});")),
        _fam("dropbox sign api key",
             ("curl", f"curl -X GET 'https://api.hellosign.com/v3/account' -u '{_hx(64)}:'"),
             ("python", f"configuration = Configuration(username=\"{_hx(64)}\")\nwith ApiClient(configuration) as api_client:\n    SignatureRequestApi(api_client).signature_request_list()"),
             ("env", f"HELLOSIGN_API_KEY={_hx(64)}")),
        _fam("daily.co api key",
             ("curl", f"curl -H 'Authorization: Bearer {_hx(64)}' https://api.daily.co/v1/rooms"),
             ("dotenv", f"DAILY_API_KEY={_hx(64)}\nDAILY_DOMAIN=clinic-telehealth"),
             ("ts", f"const daily = new DailyApi({{ apiKey: '{_hx(64)}' }});")),
        _fam("toggl track api token",
             ("curl", f"curl -u {_hx(32)}:api_token https://api.track.toggl.com/api/v9/me/time_entries"),
             ("timewarrior hook", f"TOGGL_API_TOKEN = \"{_hx(32)}\"\nWORKSPACE_ID = 4418231"),
             ("raycast prefs", f"{{\"togglApiToken\": \"{_hx(32)}\", \"defaultProject\": 190233171}}")),
        _fam("clockify api key",
             ("curl", f"curl -H 'X-Api-Key: {base64.b64encode(_uuid().encode()).decode()}' https://api.clockify.me/api/v1/user"),
             ("dotenv", f"CLOCKIFY_API_KEY={base64.b64encode(_uuid().encode()).decode()}\nCLOCKIFY_WORKSPACE=65f1c2e0a8b3d41e2c7f9a10"),
             ("python", f"headers = {{'X-Api-Key': '{base64.b64encode(_uuid().encode()).decode()}'}}")),
        _fam("censys api id and secret",
             ("cli config", f"censys config\nCensys API ID: {_uuid()}\nCensys API Secret: {_r(32)}\nSuccessfully authenticated for user@corp.com"),
             ("dotenv", f"CENSYS_API_ID={_uuid()}\nCENSYS_API_SECRET={_r(32)}"),
             ("curl", f"curl -u {_uuid()}:{_r(32)} 'https://search.censys.io/api/v2/hosts/search?q=services.port:9200'")),
        _fam("hunter.io api key",
             ("curl", f"curl 'https://api.hunter.io/v2/domain-search?domain=stripe.com&api_key={_hx(40)}'"),
             ("dotenv", f"HUNTER_API_KEY={_hx(40)}"),
             ("google sheet formula", f"=IMPORTJSON(\"https://api.hunter.io/v2/email-finder?domain=\"&B2&\"&first_name=\"&C2&\"&api_key={_hx(40)}\")")),
        _fam("haveibeenpwned api key",
             ("curl", f"curl -H 'hibp-api-key: {_hx(32)}' -H 'user-agent: corp-audit' https://haveibeenpwned.com/api/v3/breachedaccount/ceo@corp.com"),
             ("powershell", f"$headers = @{{ 'hibp-api-key' = '{_hx(32)}'; 'user-agent' = 'it-audit' }}"),
             ("dotenv", f"HIBP_API_KEY={_hx(32)}")),
        _fam("qiniu access and secret key",
             ("python", f"q = Auth('{_r(40, _B64URL)}', '{_r(40, _B64URL)}')\ntoken = q.upload_token('static-cdn', 'img/banner.png', 3600)"),
             ("qshell", f"qshell account {_r(40, _B64URL)} {_r(40, _B64URL)} prod-cdn"),
             ("yaml", f"qiniu:\n  access-key: {_r(40, _B64URL)}\n  secret-key: {_r(40, _B64URL)}\n  bucket: app-assets")),
        _fam("naver cloud platform access key",
             ("dotenv", f"NCLOUD_ACCESS_KEY=ncp_iam_{_r(24, _UPPER_ALNUM)}\nNCLOUD_SECRET_KEY=ncp_iam_{_r(40, _ALNUM)}"),
             ("terraform provider", f"provider \"ncloud\" {{\n  access_key = \"{_r(20, _UPPER_ALNUM)}\"\n  secret_key = \"{_r(40)}\"\n  region     = \"KR\"\n}}"),
             ("ncloud cli configure", f"$ ncloud configure\nNcloud Access Key ID []: {_r(20, _UPPER_ALNUM)}\nNcloud Secret Access Key []: {_r(40)}\nNcloud API URL (default:https://ncloud.apigw.ntruss.com) []:")),
        _fam("fivetran api key and secret",
             ("curl", f"curl -u {_r(16)}:{_r(32)} https://api.fivetran.com/v1/groups"),
             ("basic header", f"Authorization: Basic {base64.b64encode((_r(16) + ':' + _r(32)).encode()).decode()}"),
             ("terraform", f"provider \"fivetran\" {{\n  api_key    = \"{_r(16)}\"\n  api_secret = \"{_r(32)}\"\n}}")),
        _fam("close crm api key",
             ("curl", f"curl -u api_{_r(22)}.{_r(22)}: https://api.close.com/api/v1/me/"),
             ("dotenv", f"CLOSE_API_KEY=api_{_r(22)}.{_r(22)}"),
             ("zapier code step", f"const key = 'api_{_r(22)}.{_r(22)}';\nconst res = await fetch('https://api.close.com/api/v1/lead/', {{ headers: {{ Authorization: 'Basic ' + btoa(key + ':') }} }});")),
        _fam("discogs personal access token",
             ("curl", f"curl 'https://api.discogs.com/database/search?q=nirvana&token={_r(40)}'"),
             ("header", f"Authorization: Discogs token={_r(40)}\nUser-Agent: CrateDigger/0.3"),
             ("beets config", f"discogs:\n    user_token: {_r(40)}\n    source_weight: 0.5")),
        _fam("trakt client secret",
             ("dotenv", f"TRAKT_CLIENT_ID={_hx(64)}\nTRAKT_CLIENT_SECRET={_hx(64)}"),
             ("json config", json.dumps({"trakt": {"client_id": _hx(64), "client_secret": _hx(64), "redirect_uri": "urn:ietf:wg:oauth:2.0:oob"}}, indent=2)),
             ("token exchange", f"curl -X POST https://api.trakt.tv/oauth/token -d '{{\"code\":\"{_hx(8)}\",\"client_id\":\"{_hx(64)}\",\"client_secret\":\"{_hx(64)}\",\"grant_type\":\"authorization_code\"}}'")),
        _fam("civo api key",
             ("cli config", f"{{\n  \"apikeys\": {{\n    \"default\": \"{_r(50)}\"\n  }},\n  \"meta\": {{\"current_apikey\": \"default\", \"default_region\": \"LON1\"}}\n}}"),
             ("cli command", f"civo apikey save ops {_r(50)}"),
             ("terraform", f"provider \"civo\" {{\n  token  = \"{_r(50)}\"\n  region = \"FRA1\"\n}}")),
        _fam("iyzico api credentials",
             ("dotenv", f"IYZICO_API_KEY={_r(32)}\nIYZICO_SECRET_KEY={_r(32)}\nIYZICO_BASE_URL=https://api.iyzipay.com"),
             ("php", f"$options = new \\Iyzipay\\Options();\n$options->setApiKey(\"{_r(32)}\");\n$options->setSecretKey(\"{_r(32)}\");\n$options->setBaseUrl(\"https://api.iyzipay.com\");"),
             ("node", f"const iyzipay = new Iyzipay({{ apiKey: '{_r(32)}', secretKey: '{_r(32)}', uri: 'https://api.iyzipay.com' }});")),
        _fam("paytabs server key",
             ("curl", f"curl --request POST --url https://secure.paytabs.sa/payment/request --header 'authorization: S{_r(9, _UPPER_ALNUM)}-{_r(10, _UPPER_ALNUM)}-{_r(10, _UPPER_ALNUM)}' --data '{{\"profile_id\": 93122, \"tran_type\": \"sale\"}}'"),
             ("dotenv", f"PAYTABS_PROFILE_ID=104281\nPAYTABS_SERVER_KEY=S{_r(9, _UPPER_ALNUM)}-{_r(10, _UPPER_ALNUM)}-{_r(10, _UPPER_ALNUM)}\nPAYTABS_REGION=ARE"),
             ("laravel config", f"'server_key' => env('PAYTABS_SERVER_KEY', 'S{_r(9, _UPPER_ALNUM)}-{_r(10, _UPPER_ALNUM)}-{_r(10, _UPPER_ALNUM)}'),")),
        _fam("moyasar secret key",
             ("curl", f"curl https://api.moyasar.com/v1/payments -u {_SK_LIVE}{_r(40)}:"),
             ("dotenv", f"MOYASAR_PUBLISHABLE_KEY=pk_live_{_r(40)}\nMOYASAR_SECRET_KEY={_SK_LIVE}{_r(40)}"),
             ("ruby", f"Moyasar.api_key = '{_SK_LIVE}{_r(40)}'")),
    ]


# --- weight 3: passwords people choose, where they type them -----------------------------

def _human() -> list[_Raw]:
    def pw(words: Sequence[str], names: Sequence[str] = (), pets: Sequence[str] = (),
           teams: Sequence[str] = ()) -> str:
        return _chosen(words, names, pets, teams)

    en = ("sunshine", "harbor", "maple", "lighthouse", "pancake", "blueberry", "cabin")
    en_names = ("Ashley", "Brandon", "Kayla", "Tyler", "Megan", "Dylan")
    en_pets = ("Biscuit", "Luna", "Murphy", "Pepper", "Ziggy")
    en_teams = ("Packers", "Yankees", "Celtics", "Steelers", "Cubs")
    return [
        _fam("english vacation rental guidebook password",
             ("printed guidebook page", f"WELCOME TO DRIFTWOOD COTTAGE\nWi-Fi: Driftwood_Guest / {pw(en, pets=en_pets)}\nFront door keypad: {_digits(4)} then the check mark\nSmart TV: we're logged into our Netflix, please don't sign out!"),
             ("host message", f"Hi Priya! Check-in is from 4pm. The lockbox by the garage is {_digits(4)}, and the wifi is BlueHeron5G / {pw(en, en_names)} (case sensitive). Enjoy the lake!"),
             ("booking confirmation email", f"Your stay at Maple Loft, Asheville (June 12-15)\n\nArrival: the garage code is {_digits(6)}#. Internet: network MapleLoft, key {pw(en, teams=en_teams)}. Trash goes out Thursday.")),
        _fam("english parish office volunteer password",
             ("volunteer email", f"Dear volunteers,\nThe new laptop in the parish office is set up. Log in as 'frontdesk' with {pw(('Grace', 'Shepherd', 'Trinity', 'Gospel', 'Advent'), ('Maureen', 'Patrick'))} and please lock it when you step out.\nBlessings, Fr. Dan"),
             ("voicemail transcript", f"Hi Joan, it's Maureen from St. Brigid's. For Sunday's livestream the YouTube login is the parish email, and the password is {pw(('Brigid', 'Easter', 'Choir', 'Candle'), ('Brigid',))}. Call me back if it gives you trouble. Bye now."),
             ("sign-up sheet", f"Food pantry schedule - Tuesdays\nShared inventory spreadsheet login: pantry@stlukes.org / {pw(('Pantry', 'Harvest', 'Loaves', 'Fishes'), ('Luke',))}\nKey to the side door is with Bob.")),
        _fam("english school pta shared account password",
             ("pta email", f"Hi all, the PTA Venmo is now under pta.lincolnelem@gmail.com. Password is {pw(('Lincoln', 'Eagles', 'Bookfair', 'Recess'), en_names, teams=('Eagles',))} - please only use it for the fun run deposits!"),
             ("group text", f"Sign Up Genius login for the bake sale: lincolnpta / {pw(('Cupcake', 'Brownie', 'Bakesale'), ('Jenna',))} lmk if it doesn't work"),
             ("meeting minutes", f"7. Treasurer handoff: Dana will change the bank portal password after tonight. Until then it remains {pw(('Treasurer', 'Wildcats', 'School'), teams=('Wildcats',))}.")),
        _fam("english freelancer handoff message password",
             ("upwork message", f"Hi Mark, the site is live! Here are the WP admin details: user mark_admin, pass {_r(4)}{pw(('Studio', 'Launch'), ('Mark',))}. Please change it once you're in. It was great working with you!"),
             ("delivery note", f"DELIVERY - Logo + brand kit\nCanva team login so you can edit: hello@bloomfloristry.com / {pw(('Bloom', 'Florist', 'Peony', 'Tulip'), ('Sarah',))}"),
             ("loom transcript", f"...so once you log into Shopify with the staff account, which is jess at the store domain and I set it to {pw(en, ('Jess',), en_pets)} for now, you'll see the theme editor on the left...")),
        _fam("rioplatense spanish voice message password",
             ("whatsapp audio transcript", f"Che, Facu, te paso la clave del wifi del quincho que me preguntaste: es {pw(('quincho', 'asado', 'mate', 'fernet', 'Boca'), ('Facundo', 'Lucía'), teams=('Boca', 'River', 'Racing'))}, todo junto. Dale, nos vemos el sábado."),
             ("sms", f"Ma, lo de Netflix ya está, entrá con tu mail y {pw(('milanesa', 'alfajor', 'tango', 'Palermo'), ('Valentina', 'Thiago'))} no se la pases a la tía eh"),
             ("consorcio email", f"Estimados vecinos: la clave del portero eléctrico del edificio cambió. A partir del lunes es {_digits(4)}, y la del wifi del SUM es {pw(('Consorcio', 'Vecinos', 'Almagro'), teams=('SanLorenzo',))}. Saludos, la administración.")),
        _fam("european portuguese office email password",
             ("office email", f"Bom dia Rui,\nJá criei a tua conta no PHC. Utilizador: rui.matos, palavra-passe provisória {pw(('Benfica', 'Lisboa', 'Bacalhau', 'Sardinha'), ('Rui', 'Inês'), teams=('Benfica', 'Sporting', 'Porto'))}. Altera no primeiro acesso, se faz favor.\nCumprimentos, Sofia"),
             ("teams message", f"Olha, para entrar na impressora da contabilidade usa {pw(('Fado', 'Tasca', 'Pastel', 'Alfama'), ('Gonçalo',))}, não sei quem a mudou"),
             ("post-it transcription", f"(post-it colado no monitor, transcrito para o inventário)\nPC-REC-03 admin: {pw(('Porto', 'Francesinha', 'Douro'), ('Beatriz',), teams=('Porto',))}")),
        _fam("gulf arabic majlis group password",
             ("whatsapp group", f"يا شباب باسوورد الواي فاي في المجلس تغير، الجديد {pw(('majlis', 'Dubai', 'gahwa', 'falcon'), ('Khalid', 'Saeed'))}"),
             ("arabizi chat", f"7ayakom, el ESP account: shabab@majlis.ae w {pw(('Khaleej', 'Doha', 'Sadu', 'Dana'), ('Hamad', 'Mariam'), teams=('AlAin', 'AlHilal', 'AlSadd'))} la tnsoon"),
             ("sms", f"عزيزي الموظف، تم إعادة تعيين كلمة المرور لنظام الحضور إلى {pw(('Emirates', 'Abudhabi', 'Sharjah'), ('Fatima',))} يرجى تغييرها.")),
        _fam("mandarin taobao customer service chat password",
             ("taobao chat", f"亲，您的会员账号我们已经帮您重置好了哦～新密码是{pw(('taobao', 'xiaomi', 'kuaidi', 'haoping'), ('Zhang', 'Liu'))}，登录后记得修改哦～"),
             ("xianyu transaction message", f"宝，账号给你：13817720491 / {pw(('xianyu', 'steam', 'youxi'), ('Xiaoming', 'Lily'))} 用完记得改一下，别绑定手机"),
             ("xiaohongshu dm", f"姐妹我把爱奇艺会员共享给你啦！账号是我邮箱，密码：{pw(('aiqiyi', 'huiyuan', 'tianmi', 'naicha'), ('Mengmeng',), ('Doudou', 'Maomao'))}")),
        _fam("japanese pta line group password",
             ("line group", f"【PTA役員LINE】お疲れ様です。共有Googleアカウントのパスワードを変更しました。新しいものは {pw(('sakura', 'undoukai', 'tanabata', 'midori'), ('Yui', 'Haruto'))} です。よろしくお願いします。"),
             ("printed notice", f"広報委員の皆さまへ\n学校HP更新用ログイン\nID: koho2025\nPW: {pw(('kohou', 'gakko', 'momiji'), ('Sota',))}\n※取扱注意"),
             ("email", f"件名：バザー用アカウント\n田中さん\nメルカリの共用アカウントは、いつものメールアドレスと {pw(('bazaar', 'mercari', 'omatsuri'), ('Aoi',), ('Pochi', 'Tama'))} で入れます。")),
        _fam("korean apartment management office notice password",
             ("management office notice", f"[관리사무소 공지]\n커뮤니티센터 헬스장 와이파이 비밀번호가 변경되었습니다.\nSSID: Raemian_Gym / 비밀번호: {pw(('raemian', 'gym', 'haneul'), ('Minjun', 'Seoyeon'))}\n입주민 외 공유를 금합니다."),
             ("kakao open chat", f"동대표 단톡방입니다~ 관리비 조회 사이트 공용 계정 dongdaepyo / {pw(('apt', 'gwanri', 'dongne'), ('Jihoon',), teams=('Doosan', 'LGTwins', 'Kia'))} 입니다"),
             ("text message", f"[웹발신] 101동 경비실입니다. 택배보관함 비밀번호는 {_digits(6)}, 공동현관은 #{_digits(4)} 입니다.")),
        _fam("hindi coaching institute notice password",
             ("notice board", f"सूचना: सभी छात्र ध्यान दें\nऑनलाइन टेस्ट पोर्टल का लॉगिन: अपना रोल नंबर\nकॉमन पासवर्ड: {pw(('Vidya', 'Safalta', 'Lakshya', 'Kota'), ('Rahul', 'Priya'))}\nपहली बार लॉगिन के बाद बदलें।"),
             ("whatsapp", f"Batch B ke sabhi students, Zoom class ka passcode hai {_r(6, _ALNUM)} aur YouTube members ka login coaching id se, password {pw(('Toppers', 'Physics', 'NEET'), ('Ankit',))}"),
             ("sms", f"Dear Student, portal login 9876543210 / {pw(('Study', 'Exam', 'JEE'), ('Sneha',))} - Sharma Classes")),
        _fam("russian dacha cooperative chat password",
             ("whatsapp group", f"Уважаемые садоводы СНТ «Рябинка»! Пароль от вай-фая в правлении: {pw(('ryabinka', 'dacha', 'ogurets', 'malina'), ('Valentina', 'Sergey'))}. Просьба не раздавать внукам)"),
             ("printed notice", f"ОБЪЯВЛЕНИЕ\nКод замка на воротах с 1 июня: {_digits(4)}*\nЛичный кабинет для оплаты взносов: логин — номер участка, пароль {pw(('vznosy', 'sadovod', 'zabor'), ('Nina',))}"),
             ("voice message transcript", f"Галя, это Петрович. Пароль от Госуслуг твоего отца я записал, он {pw(('Rodina', 'Volga', 'Sibir'), ('Petrovich', 'Galina'), ('Barsik', 'Murka'))}, только ты его не теряй.")),
        _fam("mauritian and seychellois creole message password",
             ("kreol morisien whatsapp", f"Bonzour tonton, mo finn sanz password wifi lakaz, aster li {pw(('Rodrigues', 'Sega', 'Dodo', 'Curepipe'), ('Vikash', 'Nadia'), teams=('Scouts', 'Cercle'))}. Pa donn li tou dimounn ok"),
             ("seselwa sms", f"Bonzour Marie, password pour Netflix i {pw(('LaDigue', 'Praslin', 'Kokodmer'), ('Jean-Paul', 'Marie'))} pa bliye lakle lakaz"),
             ("shop email", f"Bonzour Ravi, pou sistem POS laboutik, login 'kesye1', servi {pw(('Lagrot', 'Maheburg', 'Dholpuri'), ('Ravi',))}. Mersi"),),
        _fam("nigerian pidgin and krio chat password",
             ("pidgin whatsapp", f"Oga abeg the password for the shop POS na {pw(('Naija', 'Jollof', 'Lagos', 'Danfo'), ('Chidi', 'Tunde'), teams=('Eagles', 'Enyimba', 'Arsenal'))}, no give that new boy o"),
             ("krio sms", f"Ow di bodi? Di wifi na {pw(('Salone', 'Freetown', 'Cassava', 'Lumley'), ('Fatmata', 'Mohamed'))} we yu go kam tumara"),
             ("church group chat", f"Brethren, the livestream Facebook page password don change. E be {pw(('Grace', 'Zion', 'Faith'), ('Pastor',))} now. God bless")),
        _fam("kiche and yucatec maya community message password",
             ("kiche whatsapp", f"Xla' tat, le contraseña re le computadora re le radio comunitaria are {pw(('Utzilaj', 'Quiche', 'Ixim', 'Chichi'), ('Tomas', 'Ixchel'))}. Maltyox."),
             ("yucatec maya sms", f"Ba'ax ka wa'alik, le password ti' le wifi ti' le escuela leti' {pw(('Kaanbal', 'Meyaj', 'Xook', 'Merida'), ('Ku', 'Chan'))} bix a beel"),
             ("cooperative notice", f"Cooperativa de tejedoras de Nahualá: el correo de ventas (ventas.nahuala@gmail.com) ahora entra con {pw(('Tejido', 'Huipil', 'Nahuala'), ('Rosa',))}")),
        _fam("marshallese and gilbertese family message password",
             ("marshallese messenger", f"Iakwe! Password eo an wifi eo ilo mweo {pw(('Majuro', 'Ebeye', 'Jaluit', 'Iakwe'), ('Kino', 'Lijon'), teams=('Warriors',))}"),
             ("gilbertese sms", f"Mauri, te password ibukin te computer n te reirei bon {pw(('Tarawa', 'Kiribati', 'Betio', 'Mauri'), ('Teeta', 'Taabo'))}"),
             ("family email", f"Hi cuz, the login for Grandma's bank app is her phone number and {pw(('Arkansas', 'Springdale', 'Majuro'), ('Neitari',))}, she asked me to send it to you")),
        _fam("dzongkha and newari office message password",
             ("dzongkha office chat", f"Kuzuzangpo la, dzongkhag office wifi: {pw(('Druk', 'Thimphu', 'Paro', 'Tashi'), ('Sonam', 'Pema', 'Karma'), teams=('Archery',))} in la"),
             ("newari sms", f"Jwajalapa, guthi ya laptop ya password {pw(('Yomari', 'Basantapur', 'Bhaktapur'), ('Rajani', 'Sujan'))} kha"),
             ("kathmandu office email", f"Dear team, the Tally login for the Patan branch is accounts / {pw(('Patan', 'Newa', 'Indrajatra'), ('Bikash',))}. Please keep it safe. Dhanyabad")),
        _fam("tulu and kodava family group password",
             ("tulu whatsapp", f"Maaraya, mane wifi password {pw(('Udupi', 'Mangaluru', 'Kori', 'Yakshagana'), ('Shetty', 'Prajwal'))} undu, aaprana keluvar"),
             ("kodava family group", f"Ningada Hotstar password {pw(('Coorg', 'Madikeri', 'Pandi', 'Kaveri'), ('Ponnappa', 'Dechu'), teams=('Hockey', 'RCB'))} ninga ellarku"),
             ("estate office sms", f"Estate office: Tally new one: {pw(('Coffee', 'Estate', 'Pepper'), ('Appaiah',))}. Do not share with the writer. -Manager")),
        _fam("sylheti and chittagonian family chat password",
             ("sylheti whatsapp", f"Bhaisab, ami wifi'r password bodlaisi, ekhon {pw(('Sylhet', 'Shahjalal', 'Cha', 'Surma'), ('Rahim', 'Shuma'), teams=('Tigers',))} ditaise"),
             ("chittagonian messenger", f"Tuar bkash pin to na, hishab'r app'r password oilo {pw(('Chatga', 'Mezban', 'Karnaphuli'), ('Jasim', 'Nupur'))}, bujho nee"),
             ("london family email", f"Salaam Amma, I set up the Tesco account for you. Email is yours and I made it {pw(('Brick', 'Lane', 'Sylhet', 'Mango'), ('Amma', 'Nabil'))}. Call me if you forget")),
        _fam("karen and shan community chat password",
             ("karen facebook chat", f"Dah ler, for Sunday Zoom just use {pw(('Kawthoolei', 'Mae', 'Sot', 'Kaw'), ('Naw', 'Saw', 'Paw'))}, meeting id same as last week"),
             ("shan viber", f"Mai soong kha! Wifi password {pw(('Taunggyi', 'Lashio', 'Shan', 'Poy'), ('Sai', 'Nang'))} na kha"),
             ("community center notice", f"Karen Community Center - Omaha\nComputer lab login: kcc-lab\nPassword: {pw(('Omaha', 'Karen', 'Thoo'), ('Saw',))}\nAsk Naw Paw for help.")),
        _fam("batak and acehnese family group password",
             ("batak whatsapp", f"Horas amang! Wifi di rumah ompung: OMPUNG_HOME, {pw(('Toba', 'Samosir', 'Horas', 'Medan'), ('Sihombing', 'Butet'), teams=('PSMS',))}"),
             ("acehnese sms", f"Assalamualaikum, password komputer kantor desa nyan {pw(('Aceh', 'Seulawah', 'Kopi', 'Meuligoe'), ('Teuku', 'Cut'))}, bek neubri keu ureueng laen"),
             ("arisan group", f"Ito, akun Shopee arisan: email arisan.marga@gmail.com pass {pw(('Arisan', 'Marga', 'Ulos'), ('Tiur',))} ya")),
        _fam("kapampangan and chavacano chat password",
             ("kapampangan messenger", f"Ali ku bisang ilako ing password ning wifi, {pw(('Sisig', 'Angeles', 'Pampanga', 'Giant'), ('Rolan', 'Ara'), teams=('Ginebra', 'Lakers'))} ya"),
             ("chavacano sms", f"Buenas, el password del wifi na casa {pw(('Zamboanga', 'Chavacano', 'Vinta', 'Curacha'), ('Jun', 'Mayet'))} ya, no mas dale con otro"),
             ("barangay office chat", f"Kapitan, ing account ning barangay FB page password {pw(('Barangay', 'Pista', 'Ligligan'), ('Kapitan',))} po")),
        _fam("assyrian neo-aramaic church group password",
             ("church whatsapp", f"Shlama khoonawatha, the church YouTube password is now {pw(('Nineveh', 'Urmia', 'Shlama', 'Kha', 'Nisan'), ('Ashur', 'Ninos', 'Shamiram'))}. Alaha manatkhon."),
             ("syriac script message", f"ܫܠܡܐ ܥܠܘܟܘܢ، password ܕ wifi ܕ ܥܕܬܐ: {pw(('Mar', 'Gewargis', 'Akitu'), ('Sargon', 'Nahrain'))}"),
             ("sunday school email", f"Dear teachers, the Sunday school tablet: sundayschool / {pw(('Akitu', 'Assyria', 'Modesto'), ('Atour',))}. Thank you, Rabi Ninve")),
        _fam("avar and lezgian chat password",
             ("avar whatsapp", f"Ассаламу алейкум, вацал, wifi пароль {pw(('Gunib', 'Avaristan', 'Xinkal', 'Makhachkala'), ('Magomed', 'Patimat'), teams=('Anzhi', 'Dinamo'))} буго"),
             ("lezgian telegram", f"Салам, стха! Для компа: {pw(('Derbent', 'Shalbuzdag', 'Kurah'), ('Ramazan', 'Zarema'))} я"),
             ("school office chat", f"Коллеги, пароль от электронного журнала для 5Б: {pw(('Dagestan', 'Caspian', 'Sarykum'), ('Aishat',))}")),
        _fam("crimean tatar and gagauz message password",
             ("crimean tatar messenger", f"Selâm, qardaşım! Wifi parolü {pw(('Qirim', 'Bagchasaray', 'Yantiq', 'Chiborek'), ('Lenie', 'Enver'))}"),
             ("gagauz sms", f"Ii günnär, internet: {pw(('Komrat', 'Gagauziya', 'Kaurma', 'Ceadir'), ('Mariya', 'Todur'))} , kimseyä vermä"),
             ("restaurant chat", f"Aydın, kassa programmasınıñ parolü {pw(('Yantiq', 'Qaytarma', 'Haytarma'), ('Aydin',))} oldı")),
        _fam("piedmontese and lombard club message password",
             ("piedmontese group", f"Cerea a tuti! La password dël sit dla bocciofila a l'é {pw(('Bocce', 'Bagna', 'Cauda', 'Langhe', 'Barolo'), ('Gianni', 'Piero'), teams=('Toro', 'Juve'))}"),
             ("lombard whatsapp", f"Ciao bagaj, la password del wifi del circol l'è {pw(('Risott', 'Navili', 'Brianza', 'Cassoeula'), ('Ambrogio', 'Luisa'), teams=('Inter', 'Milan'))}, ghe l'hoo dii anca al Carletto"),
             ("club email", f"Soci dell'Alpini di Asti: l'account della segreteria su Aruba ora entra con {pw(('Alpini', 'Penna', 'Nera', 'Asti'), ('Franco',))}. Saluti")),
        _fam("manx and jerriais parish message password",
             ("manx group", f"Moghrey mie! The parish hall wifi is now {pw(('Ellan', 'Vannin', 'Tynwald', 'Laxey', 'Manannan'), ('Juan', 'Breesha'), ('Moddey',))} - gura mie eu"),
             ("jerriais message", f"Bouônjour! L'mot d'passe du WiFi à la salle paroissiale ch'est {pw(('Jerri', 'Vraic', 'Gorey', 'Mont'), ('Jean', 'Marguerite'))}"),
             ("parish email", f"Dear parishioners, the St Ouen's Parish Hall booking system login is hall@stouen.je and the password {pw(('StOuen', 'Vraic', 'Battle'), ('Constable',))}. Please keep it within the committee.")),
        _fam("cajun french and gullah message password",
             ("cajun facebook message", f"Ça va cher? Le wifi au camp c'est {pw(('Bayou', 'Boudin', 'Crawfish', 'Lafayette'), ('Thibodeaux', 'Clotile'), teams=('Saints', 'Tigers'))}"),
             ("gullah text", f"Hey gal, oonuh gon need de password fa de church computer, e {pw(('Gullah', 'Geechee', 'Okra', 'StHelena'), ('Bernice', 'Elijah'))}"),
             ("festival committee email", f"Fais do-do committee: the Square account for the gate is festival@bayouteche.org / {pw(('Zydeco', 'Fiddle', 'Gumbo'), ('Beau',))}")),
        _fam("xitsonga and tshivenda message password",
             ("xitsonga whatsapp", f"Avuxeni! Password ya wifi ya kereke i {pw(('Giyani', 'Xitsonga', 'Tinghala', 'Mopani'), ('Tsakani', 'Hlulani'), teams=('Chiefs', 'Pirates'))}"),
             ("tshivenda sms", f"Ndaa! Password ya computer ya ofisi ndi {pw(('Thohoyandou', 'Venda', 'Tshivenda', 'Mukondeni'), ('Mashudu', 'Rudzani'))}"),
             ("stokvel group", f"Members, the stokvel FNB app password changed to {pw(('Stokvel', 'Savings', 'Limpopo'), ('Gogo',))} - treasurer only please")),
        _fam("dari and hazaragi message password",
             ("dari whatsapp", f"سلام برادر، رمز وای‌فای دفتر {pw(('Kabul', 'Bamyan', 'Paghman', 'Kite'), ('Ahmad', 'Zahra'), teams=('Cricket', 'Shaheen'))} است"),
             ("hazaragi message", f"Salam, password computer maktab {pw(('Bamyan', 'Dambura', 'Hazara', 'Nawroz'), ('Ali', 'Fatima'))} as, ba kas nagi"),
             ("resettlement office email", f"Hi Farid, the caseworker portal temporary password is {pw(('Welcome', 'Seattle', 'Kabul'), ('Farid',))}. Please change it at first login. - Refugee Services")),
    ]


# --- ordinary text: the same places, nothing to protect ----------------------------------

def _ord_agent() -> list[str]:
    sha = [_hx(40) for _ in range(8)]
    return [
        "Fact: the new MSK brokers accept SCRAM. Verified by `kcat -b b-1.orders.kafka.eu-west-1.amazonaws.com:9096 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=orders-svc -X sasl.password=\"$KAFKA_PASSWORD\" -L` -> 3 brokers, 41 topics.",
        "Debug: kcat -F ~/.config/kcat.conf -L works; the file holds sasl.username and sasl.password=*** (redacted here), and the broker list comes from bootstrap.servers.",
        "kcat -C -b kafka-0.kafka:9093 -t payments.v2 -o -5 -e -X sasl.mechanisms=PLAIN -X sasl.username=ledger -X sasl.password=<from vault: kv/kafka/ledger> -X security.protocol=SASL_SSL",
        json.dumps({"tool": "run_shell", "arguments": {"command": "kcat -L -b pkc-4nym6.us-east-1.aws.confluent.cloud:9092 -X security.protocol=sasl_ssl -X sasl.mechanisms=PLAIN -X sasl.username=$CC_KEY -X sasl.password=$CC_SECRET", "timeout": 30}}),
        "Fact: namespace `sessions` replication-factor is 2 on all 4 nodes.\nVerified by: asadm -h 10.12.0.21 -U admin -P -e 'show config namespace like replication-factor' (asadm prompted for the password)\nOutput: sessions replication-factor 2 2 2 2",
        "Handoff: asadm --enable -h aero-ssd-1 --user ops_rw --password \"$(op read op://infra/aerospike-ops/password)\" -e 'show stop-writes'",
        "Aerospike 7.2.0.4 Enterprise, cluster size 4, cluster key 6F1A2B0C9D3E, namespace cache: 8 GiB memory, stop-writes-pct 90.",
        "Fact: the reporting replica runs PostgreSQL 16.4. Verified by `usql \"pg://report_ro@pg-replica-2.internal:5432/warehouse?sslmode=require\" -c 'select version()'` with PGPASSFILE pointing at the deploy user's ~/.pgpass.",
        "usql ms://sa:${MSSQL_SA_PASSWORD}@10.20.4.9/Billing -c \"SELECT DATABASEPROPERTYEX('Billing','Collation')\"",
        "$ usql or://ledger_app:****@orcl-scan.dc1:1521/LEDGERPDB -c 'select count(*) from journal_lines'\n count\n-------\n 8412339",
        "Fact: the backup bucket has versioning on. Verified by `mc alias set backups https://s3.backup.lan \"$MINIO_ACCESS_KEY\" \"$MINIO_SECRET_KEY\"` then `mc version info backups/pg-basebackups`.",
        "Debug: `mc alias list prod` shows URL https://minio.prod.example.net:9000, AccessKey ci-uploader, SecretKey REDACTED, API s3v4, Path auto.",
        "+ mc alias set ci http://minio:9000 ci-uploader ***\nAdded `ci` successfully.\n+ mc mirror --overwrite dist/ ci/web-static/",
        "mc admin info backups\n●  s3.backup.lan:9000\n   Uptime: 3 weeks\n   Version: 2025-02-18T16:25:55Z\n   Network: 4/4 OK\n   Drives: 8/8 OK",
        "Fact: all 6 nodes are UN after the repair. Verified by `nodetool -h 10.30.1.5 -u cassandra_jmx -pwf /etc/cassandra/jmxremote.password status` (6 UN, load 212-230 GiB each).",
        "Datacenter: dc1\n=======================\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n--  Address     Load        Tokens  Owns   Host ID                               Rack\nUN  10.30.1.5   221.4 GiB   16      ?      " + _uuid() + "  r1",
        "Runbook step 3: `nodetool --username monitorRole --password-file /etc/cassandra/jmx.pw -h scylla-2 describecluster` should show a single schema version.",
        "Fact: collection `products` has 3 shards, all active. Verified by curl -s -u \"solr-admin:$SOLR_ADMIN_PASSWORD\" 'https://solr.search.internal:8983/solr/admin/collections?action=CLUSTERSTATUS&collection=products'",
        "GET /solr/admin/authentication HTTP/1.1\nHost: solr-1:8983\nAuthorization: Basic <redacted>\n\n-> 200, blockUnknown: true",
        "Decision: Solr 9.7 BasicAuthPlugin stays; credentials in security.json are stored as SHA-256 hash + salt, and the admin password lives in the solr-admin secret in Vault.",
        "Fact: the embeddings namespace holds 1.2M vectors. Verified by `curl -s https://gcp-us-central1.turbopuffer.com/v1/namespaces/docs-prod -H \"Authorization: Bearer $TURBOPUFFER_API_KEY\"` -> approx_count 1204411",
        ">>> import os, turbopuffer as tpuf\n>>> tpuf.api_key = os.environ['TURBOPUFFER_API_KEY']\n>>> tpuf.Namespace('support-tickets').dimensions()\n1536",
        "curl -s 'https://abs.home.arpa/api/libraries' -H \"Authorization: Bearer ${ABS_TOKEN}\"",
        "POST /api/items/" + _uuid() + "/scan HTTP/1.1\nHost: audiobooks.lan:13378\nAuthorization: Bearer [REDACTED]\nContent-Length: 0",
        "Audiobookshelf v2.17.5 - library 'Audiobooks' id " + _uuid() + ", 1,284 items, last scan 2025-02-11 03:00.",
        "curl 'https://music.example.org/rest/getNowPlaying.view?u=alex&t=${TOKEN}&s=${SALT}&v=1.16.1&c=ledger&f=json'",
        "Fact: Navidrome 0.54.3 scan finished; getScanStatus returned scanning:false, count:18342, folderCount:1207 (auth via token+salt, values not recorded).",
        "curl -s https://wiki.office.lan/api/pages?count=5 -H \"Authorization: Token ${BOOKSTACK_TOKEN_ID}:${BOOKSTACK_TOKEN_SECRET}\"",
        "Note: BookStack API tokens are created under Edit Profile > API Tokens; the script reads BOOKSTACK_TOKEN_ID and BOOKSTACK_TOKEN_SECRET from the environment.",
        "curl -H \"Authorization: Token token=$ZAMMAD_TOKEN\" https://support.example.com/api/v1/tickets/search?query=state:open&limit=5",
        "Debug: the Zammad webhook failed with 401 because the token belonged to a user without ticket.agent permission. Regenerated it in Profile > Token Access (not pasted here).",
        "curl -X GET -H 'Content-Type: application/json' -H \"Authorization: user_token $GLPI_USER_TOKEN\" -H \"App-Token: $GLPI_APP_TOKEN\" 'https://glpi.mairie.local/apirest.php/initSession'",
        "GLPI 10.0.17: initSession -> 200 {\"session_token\": \"<redacted>\"}; GET /apirest.php/Computer -> Content-Range 0-49/312.",
        "curl -s 'https://erp.atelier.fr/api/index.php/invoices?sortfield=t.rowid&limit=10' -H \"DOLAPIKEY: $DOLIBARR_API_KEY\"",
        json.dumps({"tool": "http_request", "args": {"method": "POST", "url": "https://dolibarr.shop.lan/api/index.php/thirdparties", "headers": {"DOLAPIKEY": "{{secrets.dolibarr}}", "Accept": "application/json"}, "json": {"name": "Test SARL", "client": 1}}}),
        "curl -X GET 'https://invoicing.co/api/v1/clients?per_page=5' -H \"X-API-TOKEN: ${NINJA_TOKEN}\" -H 'X-Requested-With: XMLHttpRequest'",
        "$ninja = new InvoiceNinja(getenv('INVOICE_NINJA_TOKEN'));\n$ninja->setUrl('https://billing.studio.io');",
        "curl --request GET --url 'https://assets.school.edu/api/v1/hardware?limit=2' --header \"Authorization: Bearer $SNIPEIT_TOKEN\" --header 'accept: application/json'",
        "Fact: asset tag 004118 (Dell Latitude 5440, serial 7QK2JX3) is checked out to user 93 since 2024-09-02.",
        "curl -H \"GROCY-API-KEY: $GROCY_KEY\" http://grocy.home:9283/api/stock/volatile",
        "rest_command:\n  grocy_consume:\n    url: http://192.168.178.31:9192/api/stock/products/{{ product_id }}/consume\n    method: POST\n    headers:\n      GROCY-API-KEY: !secret grocy_api_key",
        "curl -H \"X-Auth-Token: $MINIFLUX_TOKEN\" https://rss.example.net/v1/feeds/counters",
        "client := miniflux.NewClient(\"https://reader.lab.io\", os.Getenv(\"MINIFLUX_API_KEY\"))",
        "curl -s 'https://rss.maison.fr/api/greader.php/reader/api/0/unread-count?output=json' -H \"Authorization: GoogleLogin auth=$FRESHRSS_AUTH\"",
        "Debug: Reeder sync 401 was the API password, not the login password. FreshRSS 1.25.0 keeps a separate API password under Profile > API management; reset it there.",
        "[#1184213] 2025/03/02 10:14:07 Running task deploy\n+ hut git update --visibility public\n+ echo 'token loaded from ~/.hut-token (secret file, not printed)'",
        "sourcehut builds manifest: secrets:\n  - " + _uuid() + "\ntasks:\n  - publish: twine upload -u __token__ -p \"$(cat ~/.pypi-token)\" dist/*",
        "step 'upload wheels' (log: stdio)\n argv: ['twine', 'upload', '--repository-url', 'https://devpi.corp/root/dev', '-u', 'buildbot', '-p', '<hidden>', 'dist/*']\n program finished with exit code 0",
        "Decision: the worker password moves out of master.cfg into secrets via util.Secret('worker-arm64-1'); c['secretsProviders'] = [secrets.SecretInAFile(dirname='/var/lib/buildbot/secrets')].",
        "[SYSTEM] Step: push_to_ecr\nExecuting command: docker login -u AWS --password-stdin 291774022331.dkr.ecr.eu-west-1.amazonaws.com\nLogin Succeeded",
        "curl -H \"Authorization: $CF_API_KEY\" https://g.codefresh.io/api/builds?limit=5",
        "Codefresh build " + _hx(24) + " finished in 4m12s, trigger: git push " + sha[0][:7] + " on main.",
        "11:42:18 AM: $ npm run build\n11:42:19 AM: > next build\n11:42:19 AM: Environment variables: NEXT_PUBLIC_URL, SANITY_WRITE_TOKEN (secret, value hidden)",
        "11:03:04 PM: Netlify secrets scanning found 0 instances of secrets in build output or repo code.\n11:03:05 PM: Site is live: https://shop.example.com (deploy id " + _hx(24) + ")",
        "Debug: Caqti_lwt.connect failed with `Failure \"SSL error\"`. Uri used: Uri.of_string (Sys.getenv \"DATABASE_URL\") - switching to sslmode=verify-full fixed it.",
        "Cannot connect to <postgresql://opam_ci@localhost/ci_test>: password authentication failed for user \"opam_ci\"",
        "pog.default_config()\n|> pog.host(\"db.fly.internal\")\n|> pog.user(\"gleam_app\")\n|> pog.password(envoy.get(\"PGPASSWORD\") |> option.from_result)\n|> pog.pool_size(15)",
        "app.databases.use(.postgres(configuration: .init(hostname: Environment.get(\"DATABASE_HOST\") ?? \"localhost\", username: Environment.get(\"DATABASE_USERNAME\") ?? \"vapor_username\", password: Environment.get(\"DATABASE_PASSWORD\") ?? \"vapor_password\", database: \"vapor_database\", tls: .prefer(try .init(configuration: .clientDefault)))), as: .psql)",
        "docker run --rm -e DATABASE_URL -p 8080:8080 registry.fly.io/todo-api:4f2a1b\n[ NOTICE ] Server started on http://0.0.0.0:8080",
        "--- a/etc/litestream.yml\n+++ b/etc/litestream.yml\n@@ -1,6 +1,8 @@\n dbs:\n   - path: /data/app.db\n     replicas:\n       - url: s3://sqlite-backups/app\n+        access-key-id: ${LITESTREAM_ACCESS_KEY_ID}\n+        secret-access-key: ${LITESTREAM_SECRET_ACCESS_KEY}",
        "litestream snapshots /data/app.db\nreplica  generation        index  size     created\ns3       " + _hx(16) + "  12     4.1 MB   2025-03-01T00:00:03Z",
        "--- a/supabase/config.toml\n+++ b/supabase/config.toml\n@@ -88,7 +88,7 @@ [auth.external.github]\n enabled = true\n-client_id = \"\"\n+client_id = \"env(SUPABASE_AUTH_GITHUB_CLIENT_ID)\"\n secret = \"env(SUPABASE_AUTH_GITHUB_SECRET)\"",
        "@@ -120,6 +120,12 @@\n+[auth.email.smtp]\n+host = \"smtp.sendgrid.net\"\n+port = 587\n+user = \"apikey\"\n+pass = \"env(SENDGRID_API_KEY)\"",
        "Decision: ship audit logs to OpenSearch directly from fluentd.\n<match audit.**>\n  @type opensearch\n  host search.logs.internal\n  user \"#{ENV['FLUENT_OS_USER']}\"\n  password \"#{ENV['FLUENT_OS_PASSWORD']}\"\n</match>",
        "<security>\n  self_hostname agg-1\n  shared_key \"#{ENV['FLUENTD_SHARED_KEY']}\"\n</security>",
        "Fact: commit " + sha[1] + " removed the inline token from .build.yml; the token itself was revoked at 10:42 and a new one lives in the builds.sr.ht secrets store.",
        "Ledger: rotated the Solr, Kafka and MinIO credentials after the incident (INC-2291); new values are in Vault under kv/prod/*, old ones revoked. Verified by 401s with the old values.",
        "Tool result: {\"status\": 401, \"body\": {\"error\": \"invalid api key\"}, \"request_id\": \"" + _uuid() + "\"}",
        "git log --oneline -3\n" + sha[2][:7] + " fix(litestream): read keys from env\n" + sha[3][:7] + " chore: bump grocy to 4.4.1\n" + sha[4][:7] + " docs: add zammad webhook notes",
    ]


def _ord_formats() -> list[str]:
    return [
        "# ~/.config/hut/config\ninstance \"sr.ht\" {\n    access-token-cmd pass show sourcehut/token\n}",
        "hut init\nGenerate a new OAuth2 access token at: https://meta.sr.ht/oauth2/personal-token\nToken: (input hidden)",
        "# ~/.curlrc\nsilent\nshow-error\nnetrc-optional\nproxy = \"http://proxy.corp:3128\"",
        "# .curlrc on the jump host\nproxy-user = \"svc_proxy:\"\n# curl prompts for the proxy password when it is left empty",
        "# ~/.wgetrc\ntries = 5\ntimestamping = on\nuse_askpass = /usr/bin/ssh-askpass\nhttp_user = mirror",
        "wget --user=mirror --ask-password https://mirror.example.org/iso/debian-12.9.0-amd64-netinst.iso",
        "[storage cal_remote]\ntype = \"caldav\"\nurl = \"https://cloud.example.de/remote.php/dav/\"\nusername = \"anna\"\npassword.fetch = [\"command\", \"pass\", \"nextcloud/anna\"]",
        "[storage contacts_remote]\ntype = \"carddav\"\nurl = \"https://dav.fastmail.com/\"\nusername = \"kit@fastmail.com\"\npassword.fetch = [\"prompt\", \"Fastmail app password\"]",
        "node.session.auth.authmethod = CHAP\nnode.session.auth.username = iqn.2024-01.lan.nas:esx1\n#node.session.auth.password = <set per target with iscsiadm, not here>",
        "iscsiadm -m discovery -t sendtargets -p 10.0.50.2\n10.0.50.2:3260,1 iqn.2005-10.org.freenas.ctl:vm-store",
        "bind_to_address \"0.0.0.0\"\nport \"6600\"\n# password \"CHANGEME@read,add,control,admin\"\ndefault_permissions \"read,add,control\"",
        "mpc --host=livingroom.lan status\nRadiohead - Airbag\n[playing] #1/12   0:42/4:44 (14%)\nvolume: 70%   repeat: off   random: off",
        "sql = { driver = \"PostgreSQL\", database = \"prosody\", username = \"prosody\", password = os.getenv(\"PROSODY_DB_PASSWORD\"), host = \"localhost\" }",
        "sql_type: mysql\nsql_server: \"db.chat.lan\"\nsql_database: \"ejabberd\"\nsql_username: \"ejabberd\"\nsql_password: !ENV EJABBERD_SQL_PASSWORD",
        "bambu_lab:\n  host: 192.168.1.77\n  serial: 01P00A392800145\n  access_code: !secret bambu_access_code",
        "The access code is on the printer screen under Settings > WLAN; it changes every time you toggle LAN only mode. Don't paste it in the ticket.",
        "Bambu Lab X1 Carbon firmware 01.08.02.00, AMS 00.00.06.49; serial 01S00C361600208; printing plate 3 of 7.",
        "curl -H \"X-Api-Key: $PRUSALINK_KEY\" http://192.168.1.60/api/v1/status",
        "[physical_printer:MK4 shop]\nhost_type = prusalink\nprint_host = 10.20.0.33\nprinthost_user = maker\nprinthost_password =",
        "PrusaLink 0.8.1 on MK4 firmware 6.2.0; nozzle 0.4 mm, bed 60 C, job 'gear_housing_v3.bgcode' 42%.",
        "# .gitcookies is generated by https://gerrit.corp.example.com/new-password and must never be committed; add it to ~/.gitignore_global",
        "git push origin HEAD:refs/for/main%topic=ci-cache\nremote: SUCCESS\nremote:   https://gerrit.int.lan/c/platform/build/+/48213 ci: cache pip wheels [NEW]",
        "Change-Id: I" + _hx(40) + "\nSigned-off-by: Manpreet Kaur <mkaur@example.com>",
        "# /etc/rspamd/local.d/worker-controller.inc\npassword = \"$2$" + _r(30, _LOWER_ALNUM) + "$" + _r(50, _LOWER_ALNUM) + "\";  # generated with rspamadm pw",
        "rspamadm pw\nEnter passphrase:\n$2$" + _r(30, _LOWER_ALNUM) + "$" + _r(50, _LOWER_ALNUM),
        "cache_peer proxy.upstream.net parent 3128 0 no-query default login=PASSTHRU\nnever_direct allow all",
        "cache_peer gw.zscaler.net parent 80 0 no-query no-digest login=*:\n# credentials come from the client's Proxy-Authorization header",
        "Squid Cache: Version 6.10\nService Name: squid\nconfigure options: '--with-openssl' '--enable-ssl-crtd'",
        "mosquitto_sub -h 10.0.0.88 -p 8883 --cafile blcert.pem -u bblp -P \"$BAMBU_CODE\" -t 'device/+/report'",
        "worker.Worker('arm64-1', util.Secret('worker-arm64-1'))",
    ]


def _ord_vendor() -> list[str]:
    return [
        "AUTHNET_API_LOGIN_ID=\nAUTHNET_TRANSACTION_KEY=\nAUTHNET_ENV=sandbox",
        "Authorize.Net: a new Transaction Key can be generated under Account > Settings > Security Settings > API Credentials & Keys; the old key expires after 24 hours unless disabled immediately.",
        "curl https://v3.recurly.com/accounts -u \"$RECURLY_API_KEY:\" -H 'Accept: application/vnd.recurly.v2021-02-25'",
        "Recurly account code 'acct-00412', subscription uuid " + _hx(32) + ", plan 'pro-annual', state active.",
        "CHARGEBEE_SITE=acme-test\nCHARGEBEE_API_KEY=${CHARGEBEE_API_KEY:?set me}",
        "Chargebee subscription id AzZlGcUS5CnOe1Kp2, customer id 16BjtcUS5CnGq1Kl8, plan item price pro-USD-monthly.",
        "curl -X GET 'https://api.hellosign.com/v3/account' -u \"$HELLOSIGN_API_KEY:\"",
        "Dropbox Sign signature_request_id " + _hx(40) + " - status: awaiting_signature (2 of 3 signed).",
        "curl -H \"Authorization: Bearer $DAILY_API_KEY\" https://api.daily.co/v1/rooms",
        "Daily room URL: https://clinic-telehealth.daily.co/" + _r(20, _LOWER_ALNUM),
        "curl -u \"$TOGGL_API_TOKEN:api_token\" https://api.track.toggl.com/api/v9/me/time_entries",
        "Toggl Track workspace 4418231, project 190233171 'Client X retainer', 37h 12m logged in February 2025.",
        "curl -H \"X-Api-Key: $CLOCKIFY_API_KEY\" https://api.clockify.me/api/v1/user",
        "Clockify workspace id 65f1c2e0a8b3d41e2c7f9a10, user id 65f1c2e0a8b3d41e2c7f9a11, project id 66a0b1c2d3e4f5a6b7c8d9e0.",
        "censys config\nCensys API ID: (from the Account page)\nCensys API Secret: (hidden)\nSuccessfully authenticated",
        "Censys host 93.184.215.14: services 80/HTTP, 443/HTTP; autonomous system AS15133 EDGECAST.",
        "curl \"https://api.hunter.io/v2/domain-search?domain=stripe.com&api_key=$HUNTER_API_KEY\"",
        "curl -H \"hibp-api-key: $HIBP_API_KEY\" -H 'user-agent: corp-audit' https://haveibeenpwned.com/api/v3/breachedaccount/ceo@corp.com",
        "Pwned Passwords range query: GET https://api.pwnedpasswords.com/range/21BD1 (k-anonymity, only the first 5 hex chars of the SHA-1 are sent; no API key needed).",
        "q = Auth(os.environ['QINIU_AK'], os.environ['QINIU_SK'])\ntoken = q.upload_token('static-cdn', 'img/banner.png', 3600)",
        "七牛云 Kodo bucket static-cdn, region z0 (华东-浙江), domain cdn.example.cn, CDN refresh job " + _hx(24) + ".",
        "provider \"ncloud\" {\n  access_key = var.ncloud_access_key\n  secret_key = var.ncloud_secret_key\n  region     = \"KR\"\n}",
        "$ ncloud configure\nNcloud Access Key ID []: ****************\nNcloud Secret Access Key []: ****************************************",
        "provider \"fivetran\" {\n  api_key    = var.fivetran_api_key\n  api_secret = var.fivetran_api_secret\n}",
        "Fivetran connector id 'decorative_voting', group id 'projected_sickle', sync frequency 360 minutes, status: connected.",
        "CLOSE_API_KEY=\n# create one at Settings > Developer > API Keys",
        "Close lead id lead_" + _r(43) + " - status 'Qualified', owner user_" + _r(43) + ".",
        "curl \"https://api.discogs.com/database/search?q=nirvana&token=$DISCOGS_TOKEN\"",
        "Discogs release 1205283 - Nirvana, Nevermind, DGC 24425, 1991, Vinyl LP. Master id 13814.",
        "TRAKT_CLIENT_ID=\nTRAKT_CLIENT_SECRET=\n# register an app at https://trakt.tv/oauth/applications",
        "civo apikey save ops \"$CIVO_TOKEN\"\ncivo kubernetes list\n+--------------------------------------+-----------+--------+-------+\n| ID                                   | Name      | Region | Nodes |\n| " + _uuid() + " | prod-k3s  | LON1   | 3     |",
        "$options = new \\Iyzipay\\Options();\n$options->setApiKey(getenv('IYZICO_API_KEY'));\n$options->setSecretKey(getenv('IYZICO_SECRET_KEY'));\n$options->setBaseUrl(\"https://sandbox-api.iyzipay.com\");",
        "PAYTABS_PROFILE_ID=104281\nPAYTABS_SERVER_KEY=\nPAYTABS_REGION=ARE",
        "PayTabs transaction reference TST2504301234567, cart_id order-88123, response status A (Authorised).",
        "curl https://api.moyasar.com/v1/payments -u \"$MOYASAR_SECRET_KEY:\"",
        "Moyasar payment id " + _uuid() + " status paid, amount 15000 (150.00 SAR), source mada **** 4411.",
    ]


def _ord_human() -> list[str]:
    return [
        "WELCOME TO DRIFTWOOD COTTAGE\nWi-Fi: Driftwood_Guest (password on the card inside the kitchen drawer)\nFront door: your personal code arrives by text 24 hours before check-in.",
        "Hi Priya! Check-in is from 4pm. I'll send the lockbox code the morning you arrive, and the wifi details are on the fridge. Enjoy the lake!",
        "Your stay at Maple Loft, Asheville (June 12-15, 2025)\nArrival: look for the blue door at 412 Haywood Rd. Parking spot 7. Trash goes out Thursday.",
        "House rules: quiet hours 10pm-7am, max 6 guests, no parties. Checkout 11am. Rated 4.96 from 212 reviews.",
        "Dear volunteers,\nThe new laptop in the parish office is set up. Please ask Maureen for the login in person, and lock it when you step out.\nBlessings, Fr. Dan",
        "Hi Joan, it's Maureen from St. Brigid's. For Sunday's livestream, the YouTube login is in the red binder in the sacristy. Call me back if you can't find it. Bye now.",
        "St. Luke's Food Pantry - Tuesdays 9-12. Volunteers: Bob, Maria, Dev. 1,240 families served in 2024.",
        "Hi all, the PTA Venmo is now under pta.lincolnelem@gmail.com. Treasurer Dana has the login - ask her if you need to deposit fun run money!",
        "Fun Run 2025 raised $14,230! Thank you Lincoln Eagles families. Top class: Room 12 (Mrs. Ortiz).",
        "7. Treasurer handoff: Dana will set up two-factor on the bank portal and share access through the bank's delegate feature, not by email.",
        "Hi Mark, the site is live! I've sent you a WordPress invite to mark@bloomfloristry.com - set your own password from that link. It was great working with you!",
        "DELIVERY - Logo + brand kit\nI've invited hello@bloomfloristry.com to the Canva team, accept the invite and you can edit everything.",
        "...so once you log into Shopify with your own staff account, you'll see the theme editor on the left, that's where the Dawn 15.2 settings are...",
        "Che, Facu, la clave del wifi del quincho está pegada atrás del router, fijate ahí. Dale, nos vemos el sábado.",
        "Ma, Netflix te lo activé en la tele, no hace falta que pongas nada. Cualquier cosa llamame.",
        "Estimados vecinos: el lunes 14 cambia el código del portero eléctrico. Lo pueden retirar en la administración (Av. Corrientes 3450, 2° B) con el DNI. Saludos.",
        "Bom dia Rui,\nJá criei a tua conta no PHC. Vais receber um email com o link para definires a palavra-passe. Cumprimentos, Sofia",
        "Olha, a impressora da contabilidade ficou sem toner, já pedi à Fnac, chega quinta.",
        "Regras de palavras-passe da empresa: mínimo 12 caracteres, sem o nome da empresa, renovação a cada 180 dias.",
        "يا شباب الواي فاي في المجلس تغير، اسألوا أبو خالد عن الرمز",
        "7ayakom, the ESP account password is with Hamad, kalmoh 3ala el khas",
        "عزيزي الموظف، تم إرسال رابط إعادة تعيين كلمة المرور إلى بريدك الإلكتروني. الرابط صالح لمدة ٢٤ ساعة.",
        "亲，您的会员账号重置链接已发送到您绑定的手机，请按短信提示设置新密码哦～",
        "宝，账号我不外借哈，你可以用家庭共享，我发邀请给你",
        "双十一活动：满300减50，预售定金3月1日前支付，尾款11月11日开始。",
        "【PTA役員LINE】お疲れ様です。共有Googleアカウントのパスワードは変更しましたので、必要な方は会長に直接お問い合わせください。",
        "広報委員の皆さまへ\n学校HP更新用ログインは、委員長が保管しています。更新日：令和7年4月10日",
        "運動会は2025年5月24日(土)、雨天の場合は5月26日(月)に延期します。",
        "[관리사무소 공지]\n커뮤니티센터 헬스장 와이파이 비밀번호는 관리사무소에 방문하셔서 확인하시기 바랍니다. (입주민 확인 필요)",
        "동대표 회의: 2025년 3월 15일 오후 7시, 관리동 2층. 안건: 승강기 교체(견적 3건).",
        "[웹발신] 101동 경비실입니다. 택배가 도착했습니다. 보관함 번호는 17번이며, 비밀번호는 문자로 별도 안내됩니다.",
        "सूचना: ऑनलाइन टेस्ट पोर्टल का पासवर्ड कम से कम 8 अक्षर का होना चाहिए, जिसमें एक अंक और एक विशेष चिह्न हो। पासवर्ड किसी से साझा न करें।",
        "Batch B ke sabhi students, Zoom class ka link aur passcode class ke group mein 10 minute pehle aayega",
        "JEE Main 2025 Session 2: 2-9 April. Admit card download from 28 March. Roll number format 2501XXXXXX.",
        "Уважаемые садоводы СНТ «Рябинка»! Пароль от вай-фая в правлении можно узнать у председателя лично. Собрание 15 июня в 12:00.",
        "ОБЪЯВЛЕНИЕ\nВзносы за 2025 год: 4 500 руб. за сотку. Реквизиты в личном кабинете. Новый код от ворот — у председателя.",
        "Галя, это Петрович. Я помог отцу восстановить вход на Госуслуги через МФЦ, пароль он придумал сам и записал себе.",
        "Bonzour tonton, mo finn sanz password wifi lakaz. Mo pou donn twa li kan to vini dimans.",
        "Fet Kreol 2025 Victoria, Seychelles: 24 - 31 October. Konser lo La Digue 26 Oktob.",
        "Oga abeg the shop POS password don change, I go tell you face to face when you come tomorrow",
        "Ow di bodi? Wi go mit na Lumley Beach 4 o'clock. Bring di speaker",
        "Xla' tat, le contraseña re le computadora re le radio comunitaria k'o rik'in ri nan Ixchel. Maltyox.",
        "Cooperativa de tejedoras de Nahualá: feria de huipiles el 15 de agosto de 2025, 8:00 a 17:00, salón municipal.",
        "Iakwe! Manit Day 2025 ilo Majuro, September 26. Jen lo jabrewot ilo ejjikin eo.",
        "Mauri! Independence Day celebrations, Bairiki, 12 July 2025 - canoe race at 9am.",
        "Kuzuzangpo la, for the dzongkhag office wifi please ask Sonam la, I don't have it with me",
        "Thimphu Tshechu 2025: 2 - 4 October, Tashichho Dzong. Office closed on 2 October.",
        "Dear team, the Tally login for the Patan branch will be set up by IT tomorrow. Please don't create shared accounts. Dhanyabad",
        "Maaraya, mane wifi password router da adiyad baredd unddu, toorle",
        "Kailpodh 2025 celebrations at Madikeri on 3 September; hockey final on 7 September.",
        "Bhaisab, wifi'r password ami tumare phone e dimu, group e dimu na",
        "Salaam Amma, I set up the Tesco account for you. I'll come Sunday and write the password in your little book myself.",
        "Karen New Year 2764 celebration - Saturday 11 January 2025, St. Paul community hall, 10am.",
        "Karen Community Center - Omaha\nComputer lab: ask Naw Paw for a guest login. Open Mon-Fri 9-5.",
        "Horas amang! Password wifi di rumah ompung ada di belakang modem, foto saja",
        "Arisan marga bulan Mei di rumah Tiur, Sabtu 17 Mei 2025 jam 4 sore. Setoran Rp 500.000.",
        "Ali ku bisang ilako ing password ning wifi, kutang mu ke Ara",
        "Sinulog-style Fiesta Pilar 2025 in Zamboanga: October 12, Paseo del Mar.",
        "Shlama khoonawatha, Akitu 6775 celebration: Tuesday 1 April 2025, Assyrian Church of the East, Modesto. Bring the kids!",
        "Dear teachers, the Sunday school tablet login is kept by Rabi Ninve - ask her before class.",
        "Ассаламу алейкум, вацал, wifi пароль у Магомеда спроси, я не помню",
        "Коллеги, электронный журнал: пароль каждый получает лично у завуча, в чате не публикуем.",
        "Selâm, qardaşım! Wifi parolüni seňa telefonda aytırım",
        "Hıdırlez bayramı 6 may 2025, Komrat. Konsert saat 18:00.",
        "Cerea a tuti! La password dël sit dla bocciofila a la gestiss ël president. Gara sociala ël 14 stèmber 2025.",
        "Ciao bagaj, la password del wifi del circol l'è scrita sul cartell denter al bar",
        "Moghrey mie! Tynwald Day 2025 is Saturday 5 July at St John's. Parish hall open from 9.",
        "Bouônjour! La Fête dé Noué à la salle paroissiale, 13 dézembre 2025.",
        "Ça va cher? Festival Acadiens et Créoles 2025, October 10-12, Girard Park, Lafayette.",
        "Hey gal, de church computer password, Deacon Elijah gon gi e to oonuh Sunday",
        "Avuxeni! Password ya wifi ya kereke yi kumeka eka mufundhisi",
        "Stokvel meeting: Sunday 4 May 2025 at Gogo's house, contributions R500 by the 1st.",
        "سلام برادر، رمز وای‌فای دفتر را از مدیر بپرسید",
        "Hi Farid, your caseworker portal account is ready. You will receive a separate text with a link to choose your password. - Refugee Services",
        "Password tips for volunteers: use three random words, turn on two-step verification, never text a password to the group.",
        "The office Wi-Fi is called StaffNet; guests use VisitorNet, which has a captive portal and no password.",
        "Reminder: IT will never ask you for your password by phone, SMS or WhatsApp.",
        "new one is set, I told him in person",
        "it's the same one as the printer, ask Kayla",
        "use the code from the authenticator app, not the SMS one",
        "Lunch order for Friday: 12 pizzas, 3 vegan, 2 gluten free. Total $214.50.",
    ]


def _ord_public() -> list[str]:
    return [
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(43, _ALNUM + "+/") + " deploy@ci-runner-3",
        "sha256:" + _sha("layer-1") + "  ghcr.io/acme/ledger-api:2025.03.1",
        "Commit " + _hx(40) + " by Manpreet Kaur, 2025-02-27: fix(grocy): handle missing best-before date",
        "request_id=" + _uuid() + " trace_id=" + _hx(32) + " span_id=" + _hx(16) + " status=200 duration_ms=41",
        "Build #48213 passed on agent arm64-1 (Buildbot 4.2.1), artifacts: ledger-0.9.3-py3-none-any.whl sha256 " + _sha("wheel"),
        "age1" + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") + "  # public recipient for the backups team",
        "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA" + _b64(32)[:43] + "\n-----END PUBLIC KEY-----",
        "GPG fingerprint: " + " ".join(_hx(4).upper() for _ in range(10)),
        "Kafka cluster id " + _r(22, _B64URL) + ", controller 2, 41 topics, 612 partitions.",
        "Snipe-IT asset 004118, serial 7QK2JX3, model Latitude 5440, purchase order PO-2024-0912.",
        "Invoice INV-2025-00412, client Wpmbk5ezJn, total EUR 1,240.00, due 2025-04-15.",
        "Zammad ticket #31055 'VPN drops every 30 min' - state open, group IT, owner heike.b.",
        "username: mkaur\nemail: mkaur@example.com\nshell: /bin/zsh\nuid: 10412",
        "hosts: db-03.int (10.40.2.17), stage-app-1 (10.40.3.9), prod-east-2.lan (10.8.0.44)",
        "Audiobookshelf 2.17.5, Navidrome 0.54.3, Grocy 4.4.1, Miniflux 2.2.6, FreshRSS 1.25.0, BookStack v25.02, Zammad 6.4, GLPI 10.0.17",
        "PostgreSQL 16.4, Cassandra 5.0.2, ScyllaDB 2025.1, Aerospike 7.2, Solr 9.7.0, Kafka 3.8.1, MinIO RELEASE.2025-02-18",
        "Windows 11 24H2, Office 2021, Tally Prime 5.1, PHC CS 2025.",
        "iPhone 15 Pro, iOS 18.3.1, IMEI 35 407115 072118 4 (asset register only).",
        "ISBN 978-4-06-521398-4, 第3版 2024年9月",
        "Order #A2025-88123 shipped via DHL, tracking 00340434161234567890.",
        "SSID: StaffNet (WPA2-Enterprise, EAP-PEAP, sign in with your own directory account)",
        "MAC 3C:22:FB:9A:1E:04, IPv6 fe80::3e22:fbff:fe9a:1e04, VLAN 30",
    ]


def _ord_debatable() -> list[str]:
    return [
        f"// checkout.js\nMoyasar.init({{ element: '.mysr-form', amount: 15000, currency: 'SAR', publishable_api_key: 'pk_live_{_r(40)}' }});",
        f"VITE_SUPABASE_URL=https://{_r(20, string.ascii_lowercase)}.supabase.co\nVITE_SUPABASE_ANON_KEY={_jwt({'iss': 'supabase', 'ref': _r(20, string.ascii_lowercase), 'role': 'anon', 'iat': 1735000000, 'exp': 2050576000})}",
        "Solr quick start: the example security.json ships a user solr with password SolrRocks; the ledger test container uses it unchanged on localhost only.",
        f"Your Kapitan verification code is {_digits(6)}. It expires in 10 minutes. Do not share it.",
        "Brother HL-L2350DW web admin: the factory default password is printed on the label on the back of the printer (older models: initpass).",
        "PyCon US 2025 Wi-Fi: network PyCon2025, password printed on your badge lanyard and on the signs in every room.",
        f"Public webinar - Introduction to Gleam, 12 March 2025, 18:00 CET. Join: https://us06web.zoom.us/j/{_digits(11)}?pwd={_r(32)} (open to everyone)",
        f"Post-mortem INC-2291: the Solr admin password '{_r(18)}' was exposed in a public Netlify build log for 40 minutes; it was rotated at 10:42 and the old value no longer works.",
        "Grocy public demo: https://demo.grocy.info - log in as admin / admin, data resets every hour.",
        "vapor new todo-api --fluent.db postgres\n# docker-compose.yml from the template: POSTGRES_USER=vapor_username POSTGRES_PASSWORD=vapor_password POSTGRES_DB=vapor_database",
        f"hCaptcha site key for the signup form: {_uuid()} (the secret key stays in the server env)",
    ]


# --- assembly ------------------------------------------------------------------------------

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



def _spread(*groups: list[Family]) -> list[Family]:
    """The groups taken in turn, each group's families falling to half A and half B in turn,
    so that every weight, and the vendor families, sit about evenly in both halves."""
    wants = [{"A": list(group[0::2]), "B": list(group[1::2])} for group in groups]
    out: list[Family] = []
    turn = 0
    total = sum(len(group) for group in groups)
    while len(out) < total:
        half = "AB"[len(out) % 2]
        for step in range(len(groups)):
            index = (turn + step) % len(groups)
            if wants[index][half]:
                out.append(wants[index][half].pop(0))
                turn = index + 1
                break
        else:
            raise AssertionError(f"no family left for half {half}")
    return out


_ORDERED = _spread(_AGENT, _FORMATS, _HUMAN, _VENDOR_RAW)

FAMILIES: list[Family] = [Family(fam.name, "AB"[i % 2], fam.samples)
                          for i, fam in enumerate(_ORDERED)]

FIFTEENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in FIFTEENTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a Bambu Lab
# access code is eight bare digits, and a HIBP key is 32 bare hex digits like an MD5 digest.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"bambu lab printer lan access code", "haveibeenpwned api key"}
)

_ORD_AGENT = _ord_agent()
_ORD_FORMATS = _ord_formats()
_ORD_VENDOR = _ord_vendor()
_ORD_HUMAN = _ord_human()
_ORD_PUBLIC = _ord_public()
_ORD_DEBATABLE = _ord_debatable()

FIFTEENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_HUMAN,
                                 *_ORD_PUBLIC, *_ORD_DEBATABLE]

# Public-by-design keys, documented defaults, a spent one-time code, event Wi-Fi printed on
# signs and a rotated password quoted in a post-mortem.
DEBATABLE: list[str] = list(_ORD_DEBATABLE)

# No template placeholders are used; a unified-diff hunk header ``@@`` is text, not one.
_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, FIFTEENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("fifteenth", FAMILIES, FIFTEENTH_SECRETS, FIFTEENTH_ORDINARY,
                       DEBATABLE, UNSURE_FAMILIES, VENDOR_FAMILIES, least=(70, 210, 200),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in FIFTEENTH_SECRETS]
    assert len(texts) == len(set(texts))
    # each family's three samples sit in three different settings
    assert all(len({setting for setting, _ in fam.samples}) == len(fam.samples)
               for fam in FAMILIES)


_self_check()
