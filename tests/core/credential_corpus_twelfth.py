"""A twelfth credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages, scripts and settings the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the eleven earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py`` and
``credential_corpus_fourth.py`` to ``credential_corpus_eleventh.py``); only their family
names, collected by code so that every family here is new (``_self_check`` holds that), the
helpers ``Family``, ``Values``, ``family`` and ``split_by_family`` of the third,
``blind_corpus`` and the docstring and closing assembly of the eleventh, so that the same
measuring code runs on this one.  It is weighted, about a third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" a command with its output (rabbitmqadmin, mqttx, rpk, ysqlsh, arangosh,
  kopia, restic-less backup tools, garage, temporal, vllm, wazuh, opensearch), decisions
  quoting a config line, debugging notes, copied HTTP requests to PocketBase, NocoDB,
  Baserow, Immich, Open WebUI, Flowise and Umami, CI logs of Semaphore, GoCD, Spacelift and
  Atlantis, and tool-call JSON;
* config and credential files of tools not yet covered (Odoo, ERPNext, Synapse, coturn,
  Jitsi, BigBlueButton, mailcow, PeerTube, Discourse, Outline, Wiki.js, borgmatic, Artemis,
  Thanos, squid, stunnel, Exim, NZBGet, Factorio, Frigate) and vendor tokens with their
  prefixes from public secret-scanner rule lists (``VENDOR_FAMILIES``);
* passwords people choose (names with dates, seasons, keyboard walks, leetspeak, passphrases,
  pet names, teams with numbers, words of the writer's language) where they type them: chat,
  tickets, email, wikis, spreadsheets, SMS, voice-memo transcripts and shell history in Odia,
  Pashto, Kurdish, Tajik, Kyrgyz, Turkmen, Tatar, Belarusian, Macedonian, Albanian, Bosnian,
  Icelandic, Welsh, Scottish Gaelic, Breton, Luxembourgish, Frisian, Afrikaans, Xhosa, Igbo,
  Kinyarwanda, Oromo, Tigrinya, Malagasy, Cebuano, Sundanese, Maori, Samoan, Quechua, Guarani,
  Haitian Creole, Yiddish, Tibetan and Uyghur, and in English, French, German, Russian,
  Spanish and Italian in settings that are not a ``password: X`` line, often code-mixed.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``TWELFTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``TWELFTH_ORDINARY``
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

Values come from a seeded generator (``random.Random(12_2026_12_07)``) with the length,
alphabet and inner structure of their kind; people's passwords come from a generator of the
patterns people use (``_person``), fed with the words, names, pets, teams and seasons of the
language or place of each sample; each sample draws fresh values.  Distinctive prefixes are
split in the source, so no literal here is a real secret or stops a push-protection scanner.
Templates name their values ``@@A`` .. ``@@Z`` (single letters).
"""

# ruff: noqa: RUF001, E501

from __future__ import annotations

import base64
import hashlib
import json
import random
import re
import string
from collections.abc import Callable

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, Values, family, split_by_family

_RNG = random.Random(12_2026_12_07)

ALNUM = string.ascii_letters + string.digits
LOWER = string.ascii_lowercase + string.digits
UPPER = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"


def _r(length: int, alphabet: str = ALNUM) -> str:
    """``length`` characters drawn from ``alphabet``."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hx(length: int) -> str:
    """``length`` lowercase hex digits."""
    return _r(length, HEX)


def _b64(raw_length: int) -> str:
    """Standard base64 of ``raw_length`` random bytes, padding kept."""
    return base64.b64encode(_RNG.randbytes(raw_length)).decode()


def _b64url(raw_length: int) -> str:
    """URL-safe base64 of ``raw_length`` random bytes, padding dropped."""
    return base64.urlsafe_b64encode(_RNG.randbytes(raw_length)).decode().rstrip("=")


def _uuid() -> str:
    """A version-4 UUID from the seeded generator."""
    h = _hx(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def _sha() -> str:
    """A commit SHA (public)."""
    return _hx(40)


def _digest() -> str:
    """An image digest (public)."""
    return "sha256:" + hashlib.sha256(_RNG.randbytes(16)).hexdigest()


def _strong(length: int = 0) -> str:
    """A password an admin generated: letters, digits and a few symbols."""
    n = length or _RNG.randint(16, 26)
    body = list(_r(n - 3) + _r(1, "!#%&*+-=?@^_") + _r(1, string.digits) + _r(1, "ABCDEFGHJKLMNPQRSTUVWXYZ"))
    _RNG.shuffle(body)
    return "".join(body)


_LEET = str.maketrans({"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"})
_WALKS = ("1qaz2wsx", "qwerty123", "zaq12wsx", "asdfgh12", "1q2w3e4r", "qazwsx!@",
          "poiuytrewq", "zxcvbn12", "!QAZ2wsx", "1234qwer", "qweasdzxc", "mnbvcxz9")


def _person(words: tuple[str, ...], *, sep: str = "", walks: bool = True) -> str:
    """A password a person chose: a word of theirs with a date, a season or team number,
    leetspeak, a keyboard walk or a short passphrase."""
    w = _RNG.choice(words)
    v = _RNG.choice(words)
    year = str(_RNG.choice([_RNG.randint(1968, 2009), _RNG.randint(2018, 2026)]))
    pattern = _RNG.randrange(9 if walks else 8)
    if pattern == 0:
        return w.capitalize() + year
    if pattern == 1:
        return w.capitalize() + "@" + year[-2:] + _r(1, "!#$*")
    if pattern == 2:
        return w.lower().translate(_LEET).capitalize() + str(_RNG.randint(1, 99))
    if pattern == 3:
        return (sep or _RNG.choice("-._ ")).join(x.lower() for x in (w, v, str(_RNG.randint(10, 999))))
    if pattern == 4:
        return w.capitalize() + v.capitalize() + str(_RNG.randint(1, 31)).zfill(2) + year[-2:]
    if pattern == 5:
        return w + "_" + str(_RNG.randint(1, 12)).zfill(2) + year
    if pattern == 6:
        return w.upper()[:1] + w[1:] + str(_RNG.randint(100, 9999)) + "!"
    if pattern == 7:
        return v.capitalize() + w.capitalize() + "#" + year
    return _RNG.choice(_WALKS) + w[:4].capitalize()


def _fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace(f"@@{key}", value)
    return template


def _f(name: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values`` into their template (its half is
    set when the families are put in order)."""
    return Family(name, "", tuple((setting, _fill(text, values())) for setting, text in samples))


def _v(**makers: Callable[[], str]) -> Values:
    """Values drawn fresh for each sample from the given makers."""
    return lambda: {key: make() for key, make in makers.items()}


def _pw(words: tuple[str, ...]) -> Callable[[], str]:
    """A maker of people's passwords from ``words``."""
    return lambda: _person(words)


def _strong_m(length: int = 0) -> Callable[[], str]:
    return lambda: _strong(length)


def _rm(length: int, alphabet: str = ALNUM) -> Callable[[], str]:
    return lambda: _r(length, alphabet)


def _hm(length: int) -> Callable[[], str]:
    return lambda: _hx(length)


def _b64m(raw: int) -> Callable[[], str]:
    return lambda: _b64(raw)


def _b64um(raw: int) -> Callable[[], str]:
    return lambda: _b64url(raw)


def _um() -> str:
    return _uuid()


# ---------------------------------------------------------------------------------------------
# 1. What a coding agent writes in its ledger, in stacks the earlier family names leave out.

_AGENT: list[Family] = [
    _f("ledger fact verified by rabbitmqadmin", _v(P=_strong_m(), Q=_pw(("rabbit", "bunny", "carrot", "warren"))),
       ("fact with output", """## Facts
- The `orders.retry` queue exists on the staging vhost and is durable.
  Verified by: `rabbitmqadmin -H mq-stg.internal -u ops_admin -p @@P -V orders list queues name durable`
  ```
  +---------------+---------+
  |     name      | durable |
  +---------------+---------+
  | orders.retry  | True    |
  +---------------+---------+
  ```"""),
       ("debug note", "Debugging: consumer kept getting ACCESS_REFUSED. Reproduced with "
        "rabbitmqadmin --username=svc-billing --password='@@Q' list vhosts -> 'Access refused'. "
        "Cause: the user had no permissions on vhost /billing; fixed with set_permissions."),
       ("tool call json", '{"tool": "bash", "input": {"command": "rabbitmqadmin -u guest_ops -p '
        '@@P declare exchange name=events.fanout type=fanout"}, "output": "exchange declared"}')),
    _f("ledger fact verified by mqttx publish", _v(P=_pw(("sensor", "garten", "hivemq", "lampe", "mosquito")), S=_strong_m(20)),
       ("fact with command", "Fact: the broker accepts TLS on 8883 with the device account.\n"
        "verified by `mqttx pub -h mqtt.farm.lan -p 8883 -l mqtts -u greenhouse-01 -P '@@P' -t "
        "farm/gh1/temp -m 21.5` -> `Connected ... Message published`"),
       ("ci log", "[mqtt-smoke] $ mqttx sub -h emqx.prod.svc -u bridge_svc -P @@S -t 'plant/+/alarm' -v\n"
        "[mqtt-smoke] … Connected\n[mqtt-smoke] … Subscribed to plant/+/alarm"),
       ("decision quoting emqx config", "Decision: keep the built-in database authenticator for the bridge user "
        "instead of JWT. Current line in emqx.conf:\n  bridges.mqtt.upstream { server = \"cloud:1883\", "
        "username = \"edge-07\", password = \"@@S\" }")),
    _f("ledger fact verified by rpk sasl flags", _v(P=_strong_m(), Q=_strong_m(24)),
       ("fact with output", """- Redpanda topic `clickstream` has 12 partitions.
  Verified by: rpk topic describe clickstream -X brokers=rp-0.data:9092 -X user=analytics -X pass=@@P -X sasl.mechanism=SCRAM-SHA-256
  SUMMARY
  =======
  NAME        clickstream
  PARTITIONS  12
  REPLICAS    3"""),
       ("debugging note", "Notes: `rpk cluster info --user admin --password @@Q --sasl-mechanism SCRAM-SHA-512` "
        "works from the bastion but times out from the runner -> security group, not auth."),
       ("rpk profile yaml quoted", "Pasted the profile the operator generated (~/.config/rpk/rpk.yaml):\n"
        "kafka_api:\n    brokers:\n        - seed.rp.internal:9092\n    sasl:\n        user: ingest\n"
        "        password: @@P\n        mechanism: SCRAM-SHA-256")),
    _f("ledger fact verified by ysqlsh", _v(P=_pw(("yugabyte", "ledger", "mango", "harbour")), S=_strong_m()),
       ("fact with command", "Verified by: `PGPASSWORD='@@S' ysqlsh -h yb-tserver-0.yb -U yugabyte -c "
        "'select count(*) from accounts'` ->\n count\n-------\n 48213\n(1 row)"),
       ("connection string in note", "YugabyteDB smoke check passed against "
        "postgresql://app_rw:@@P@yb-lb.internal:5433/payments?sslmode=require (ysqlsh \\conninfo shown below)\n"
        "You are connected to database \"payments\" as user \"app_rw\" on host \"yb-lb.internal\" at port \"5433\"."),
       ("ycqlsh flags", "Checked the YCQL side too: ycqlsh yb-tserver-1 9042 -u cassandra -p @@S -e "
        "\"DESCRIBE KEYSPACES\" -> system_auth  system  metrics")),
    _f("ledger fact verified by arangosh", _v(P=_strong_m(), Q=_pw(("arango", "graph", "kiwi", "pepper"))),
       ("fact with output", "Fact: collection `edges_follow` has an edge index.\nverified by:\n"
        "  arangosh --server.endpoint tcp://arangodb.svc:8529 --server.username root "
        "--server.password '@@P' --javascript.execute-string 'print(db.edges_follow.indexes().length)'\n  2"),
       ("debugging note", "The foxx service 401s. `curl -u foxx_deploy:@@Q http://127.0.0.1:8529/_db/shop/_api/version` "
        "returns 200, so credentials are fine; the mount path was wrong."),
       ("arangodump command in ci", "+ arangodump --server.endpoint ssl://adb.prod:8530 --server.username backup "
        "--server.password @@P --output-directory /backups/2026-12-06 --overwrite true\n"
        "Processed 31 collection(s) in 12.4 s")),
    _f("ledger fact verified by kopia repository connect", _v(P=_pw(("kopia", "snapshot", "bergen", "fjord", "winter")), S=_strong_m(28)),
       ("fact with command", "Backups: the NAS repository is reachable from the new host.\n"
        "Verified by `kopia repository connect filesystem --path /mnt/nas/kopia --password='@@P'` -> "
        "Connected to repository."),
       ("env in runbook step", "1. export KOPIA_PASSWORD=@@S\n2. kopia repository connect s3 --bucket=kopia-prod "
        "--access-key=$AWS_ACCESS_KEY_ID --secret-access-key=$AWS_SECRET_ACCESS_KEY\n3. kopia snapshot list"),
       ("tool call", '{"name":"run_shell","arguments":{"cmd":"kopia repository create b2 --bucket=fam-photos '
        '--key-id=$B2_KEY_ID --key=$B2_KEY --password @@S"}}')),
    _f("ledger fact verified by garage key info", _v(K=lambda: "GK" + _hx(24), S=_hm(64)),
       ("fact with output", """Fact: the `media` bucket grants RW to key `app-media`.
Verified by `garage key info app-media --show-secret`:
==== ACCESS KEY INFORMATION ====
Key ID:              @@K
Key name:            app-media
Secret key:          @@S
Can create buckets:  false"""),
       ("decision quoting env", "Decision: the uploader reads S3 creds from .env rather than the config map.\n"
        "S3_ENDPOINT=http://garage.lan:3900\nS3_ACCESS_KEY_ID=@@K\nS3_SECRET_ACCESS_KEY=@@S"),
       ("aws cli verification", "verified by: AWS_ACCESS_KEY_ID=@@K AWS_SECRET_ACCESS_KEY=@@S aws --endpoint-url "
        "http://garage.lan:3900 s3 ls s3://media/ | head -3")),
    _f("ledger fact verified by temporal cli api key", _v(T=lambda: _b64url(36) + "." + _b64url(180) + "." + _b64url(64)),
       ("fact with command", "Temporal Cloud namespace `payments.a1b2c` accepts the worker key.\n"
        "verified by: temporal workflow list --address payments.a1b2c.tmprl.cloud:7233 --namespace "
        "payments.a1b2c --api-key @@T --limit 1"),
       ("env block", "TEMPORAL_ADDRESS=us-east-1.aws.api.temporal.io:7233\nTEMPORAL_NAMESPACE=payments.a1b2c\n"
        "TEMPORAL_API_KEY=@@T"),
       ("python worker snippet", "client = await Client.connect(\n    \"payments.a1b2c.tmprl.cloud:7233\",\n"
        "    namespace=\"payments.a1b2c\",\n    api_key=\"@@T\",\n    tls=True,\n)")),
    _f("ledger fact verified by vllm openai server", _v(K=lambda: "sk-vllm-" + _r(32), L=_rm(40)),
       ("fact with launch command", "The inference box serves Qwen on :8000 behind a key.\n"
        "Launched with: vllm serve Qwen/Qwen2.5-7B-Instruct --port 8000 --api-key @@K --max-model-len 16384\n"
        "verified by curl /v1/models -> 200"),
       ("copied request", "curl http://gpu-3.lab:8000/v1/chat/completions \\\n  -H \"Authorization: Bearer @@K\" \\\n"
        "  -H 'Content-Type: application/json' \\\n  -d '{\"model\":\"qwen\",\"messages\":[{\"role\":\"user\",\"content\":\"ping\"}]}'"),
       ("docker compose decision", "Decision: pass the key as an arg, not env, because the image ignores VLLM_API_KEY:\n"
        "    command: [\"--model\", \"meta-llama/Llama-3.1-8B\", \"--api-key\", \"@@L\"]")),
    _f("ledger fact verified by wazuh api authenticate", _v(P=_strong_m(), T=lambda: "eyJhbGciOiJFUzUxMiIsInR5cCI6IkpXVCJ9." + _b64url(150) + "." + _b64url(100)),
       ("fact with command", "Wazuh manager API is up.\nVerified by: curl -k -u wazuh-wui:@@P -X POST "
        "https://wazuh.sec.lan:55000/security/user/authenticate?raw=true -> a JWT"),
       ("output pasted", "$ curl -k -u wazuh:REDACTED -X POST https://wazuh.sec.lan:55000/security/user/authenticate?raw=true\n@@T\n"
        "$ curl -k -H 'Authorization: Bearer @@T' https://wazuh.sec.lan:55000/agents?limit=2"),
       ("wazuh.yml quoted", "Dashboard plugin config (/usr/share/wazuh-dashboard/data/wazuh/config/wazuh.yml):\n"
        "hosts:\n  - default:\n      url: https://wazuh.manager\n      port: 55000\n      username: wazuh-wui\n"
        "      password: \"@@P\"\n      run_as: false")),
    _f("ledger fact verified by opensearch cluster health", _v(P=_strong_m(), Q=_pw(("admin", "search", "logs", "owl"))),
       ("fact with output", "OpenSearch cluster green after the node swap.\nverified by `curl -sk -u admin:@@P "
        "https://os-0.search:9200/_cluster/health?pretty`\n{\n  \"cluster_name\" : \"logs\",\n  \"status\" : \"green\",\n"
        "  \"number_of_nodes\" : 3\n}"),
       ("docker env", "opensearch-node1:\n  image: opensearchproject/opensearch:2.17.1\n  environment:\n"
        "    - discovery.type=single-node\n    - OPENSEARCH_INITIAL_ADMIN_PASSWORD=@@P"),
       ("dashboards yml decision", "Decision: dashboards talks to the cluster as kibanaserver; opensearch_dashboards.yml now has\n"
        "opensearch.username: kibanaserver\nopensearch.password: @@Q")),
    _f("pocketbase admin auth request copied", _v(P=_pw(("pocket", "base", "tofu", "lemon", "otter")), T=lambda: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _b64url(120) + "." + _b64url(32)),
       ("copied request", "POST /api/collections/_superusers/auth-with-password HTTP/1.1\nHost: pb.side.dev\n"
        "Content-Type: application/json\n\n{\"identity\":\"me@side.dev\",\"password\":\"@@P\"}"),
       ("response then use", "Got the superuser token:\n{\"token\":\"@@T\",\"record\":{\"email\":\"me@side.dev\"}}\n"
        "next: curl -H 'Authorization: @@T' https://pb.side.dev/api/collections"),
       ("js sdk snippet", "const pb = new PocketBase('https://pb.side.dev');\n"
        "await pb.collection('_superusers').authWithPassword('me@side.dev', '@@P');")),
    _f("nocodb xc-token request copied", _v(T=_rm(40, ALNUM + "_-")),
       ("copied request", "curl -X GET 'https://noco.team.io/api/v2/tables/m4x1z0/records?limit=5' \\\n"
        "  -H 'xc-token: @@T'"),
       ("debugging note", "NocoDB webhook 401: the automation was sending `xc-auth` (a session JWT) instead of "
        "`xc-token`. Working header: xc-token: @@T"),
       ("n8n node json", '{"parameters": {"url": "https://noco.team.io/api/v2/tables/m4x1z0/records", '
        '"headerParameters": {"parameters": [{"name": "xc-token", "value": "@@T"}]}}, "type": "n8n-nodes-base.httpRequest"}')),
    _f("baserow database token request copied", _v(T=_rm(32)),
       ("copied request", "GET https://api.baserow.io/api/database/rows/table/48210/?user_field_names=true\n"
        "Authorization: Token @@T"),
       ("python snippet in ledger", "import requests\nr = requests.get(\n    'https://baserow.lab/api/database/rows/table/77/',\n"
        "    headers={'Authorization': 'Token @@T'},\n)\nprint(r.json()['count'])  # -> 312"),
       ("fact verified", "Fact: table 77 has 312 rows. Verified by `http GET https://baserow.lab/api/database/rows/table/77/ "
        "'Authorization:Token @@T' | jq .count` -> 312")),
    _f("immich x-api-key debugging note", _v(K=_rm(43, ALNUM)),
       ("debugging note", "Immich CLI upload failing with 401. `immich login https://photos.home/api @@K` fixed it "
        "(old key was revoked when I reset the admin)."),
       ("copied request", "curl -L 'https://photos.home/api/server/statistics' -H 'Accept: application/json' "
        "-H 'x-api-key: @@K'"),
       ("compose env", "immich-go upload from-folder --server=https://photos.home --api-key=@@K /mnt/phone/DCIM")),
    _f("open webui api key tool call", _v(K=lambda: "sk-" + _hx(32)),
       ("tool call json", '{"tool_name":"http_request","arguments":{"method":"POST","url":"http://openwebui.lan:3000/api/chat/completions",'
        '"headers":{"Authorization":"Bearer @@K"},"body":{"model":"llama3.1:8b","messages":[{"role":"user","content":"hi"}]}}}'),
       ("fact verified", "Open WebUI's API accepts my user key.\nverified by: curl -s -H 'Authorization: Bearer @@K' "
        "http://openwebui.lan:3000/api/models | jq '.data | length' -> 7"),
       ("continue config", "models:\n  - name: home-llama\n    provider: openai\n    apiBase: http://openwebui.lan:3000/api\n"
        "    apiKey: @@K\n    model: llama3.1:8b")),
    _f("flowise chatflow api key note", _v(K=_rm(43, ALNUM + "-_")),
       ("copied request", "curl https://flowise.acme.ai/api/v1/prediction/5b1f2c9e-0d4a-4c1b-9a77-2f1e0c3d9b10 \\\n"
        "  -X POST -H 'Authorization: Bearer @@K' -H 'Content-Type: application/json' \\\n  -d '{\"question\": \"status?\"}'"),
       ("debugging note", "Flowise returned `Unauthorized Access` because the chatflow is bound to the key "
        "'support-bot' = @@K, not the default one."),
       ("python requests", "API_URL = \"https://flowise.acme.ai/api/v1/prediction/5b1f2c9e\"\nheaders = {\"Authorization\": \"Bearer @@K\"}\n"
        "def query(payload):\n    return requests.post(API_URL, headers=headers, json=payload).json()")),
    _f("umami login request and bearer", _v(P=_pw(("umami", "stats", "tomato", "falcon")), T=_b64m(96)),
       ("copied request", "POST https://stats.blog.dev/api/auth/login\nContent-Type: application/json\n\n"
        "{\"username\": \"admin\", \"password\": \"@@P\"}"),
       ("fact verified", "Umami has 3 websites.\nVerified by curl -s https://stats.blog.dev/api/websites "
        "-H \"Authorization: Bearer @@T\" | jq '.data|length' -> 3"),
       ("script in ledger", "TOKEN=$(curl -s -X POST https://stats.blog.dev/api/auth/login -H 'content-type: application/json' "
        "-d '{\"username\":\"admin\",\"password\":\"@@P\"}' | jq -r .token)")),
    _f("semaphore ci job log secret", _v(P=_strong_m(), T=_rm(40, HEX)),
       ("job log", "Semaphore job 7f3b · Block: Deploy · Job: push image\n"
        "01:02 $ echo \"deploy pass is @@P\" # TODO remove\n01:02 deploy pass is @@P\n01:03 $ docker push"),
       ("yml literal", "version: v1.0\nname: Deploy\nblocks:\n  - name: Push\n    task:\n      env_vars:\n"
        "        - name: REGISTRY_TOKEN\n          value: @@T\n      jobs:\n        - name: push\n          commands:\n            - make push"),
       ("sem cli note", "Created the secret with `sem create secret registry -e REGISTRY_PASSWORD=@@P` "
        "and checked it shows in `sem get secrets`.")),
    _f("gocd console log secret", _v(P=_strong_m(), Q=_pw(("gocd", "pipeline", "mango", "banyan"))),
       ("console log", "[go] Task: /bin/bash -c \"mvn deploy -Dnexus.password=@@P\"\n"
        "[INFO] Uploading to nexus-releases: https://nexus.corp/repository/releases/...\n[go] Current job status: passed"),
       ("cruise-config xml", "<environmentvariables>\n  <variable name=\"DB_PASSWORD\">\n    <value>@@Q</value>\n"
        "  </variable>\n</environmentvariables>"),
       ("debugging note", "GoCD material polling fails: the git URL in the pipeline config embeds "
        "https://gocd-bot:@@P@git.corp/platform/infra.git and the password was rotated.")),
    _f("spacelift run log environment leak", _v(K=lambda: "AKIA" + _r(16, UPPER), S=_rm(40, ALNUM + "/+"), P=_strong_m()),
       ("run log", "[01JF3Q] Running before_init hooks\n+ env | grep -i aws\nAWS_ACCESS_KEY_ID=@@K\n"
        "AWS_SECRET_ACCESS_KEY=@@S\n[01JF3Q] Initializing Terraform"),
       ("hook script decision", "Decision: keep the before_apply hook but drop the `set -x`; it printed\n"
        "+ psql postgresql://tf_admin:@@P@rds.prod:5432/app -c 'select 1'"),
       ("context env copy", "Spacelift context `prod-db` environment (copied from UI, not secret-marked!):\n"
        "TF_VAR_db_password = @@P")),
    _f("atlantis plan comment with provider secret", _v(P=_strong_m(), T=_rm(32)),
       ("pr comment", "Ran Plan for dir: `envs/prod` workspace: `default`\n```diff\n"
        "+ resource \"grafana_data_source\" \"pg\" {\n+     secure_json_data_encoded = jsonencode({ password = \"@@P\" })\n```"),
       ("atlantis yaml", "repos:\n  - id: github.com/acme/infra\n    workflow: custom\nworkflows:\n  custom:\n    plan:\n"
        "      steps:\n        - env:\n            name: DATADOG_API_KEY\n            value: @@T\n        - init\n        - plan"),
       ("ledger note", "Atlantis leaked the provider password in a plan comment (PR #482):\n"
        "  ~ password = (sensitive value) -> \"@@P\"\nmarked the variable sensitive; asked to rotate.")),
    _f("backstage app-config integration token decision", _v(T=lambda: "gh" + "p_" + _r(36), P=_strong_m()),
       ("decision quoting app-config", "Decision: Backstage reads GitHub via a PAT until the app is approved.\n"
        "integrations:\n  github:\n    - host: github.com\n      token: @@T"),
       ("backend db config", "app-config.production.yaml (as deployed):\nbackend:\n  database:\n    client: pg\n"
        "    connection:\n      host: pg.backstage.svc\n      user: backstage\n      password: @@P"),
       ("debugging note", "Catalog ingestion 403s. The token in app-config.local.yaml (@@T) lacks read:org.")),
    _f("coder workspace agent token debug note", _v(T=_um, S=lambda: _r(10, LOWER) + "-" + _r(22)),
       ("debug note", "Workspace agent stuck 'connecting'. Inside the VM: CODER_AGENT_TOKEN=@@T, "
        "CODER_AGENT_URL=https://coder.dev.corp — token belongs to a deleted build."),
       ("api call", "curl -H 'Coder-Session-Token: @@S' https://coder.dev.corp/api/v2/users/me | jq .username"),
       ("cli login", "$ coder login https://coder.dev.corp --token @@S\nWelcome to Coder, dev-ops! You're authenticated.")),
    _f("skaffold rendered manifest secret", _v(P=_strong_m(), B=lambda: base64.b64encode(_strong().encode()).decode()),
       ("rendered output", "$ skaffold render -p staging | grep -A4 'kind: Secret'\nkind: Secret\nmetadata:\n  name: api-db\n"
        "stringData:\n  DB_PASSWORD: @@P"),
       ("skaffold yaml", "deploy:\n  helm:\n    releases:\n      - name: api\n        chartPath: charts/api\n"
        "        setValues:\n          postgresql.auth.password: @@P"),
       ("ledger debug", "skaffold dev printed the generated secret when the hook failed:\n"
        "data:\n  redis-password: @@B")),
    _f("weaviate client tool call json", _v(K=_rm(40), O=lambda: "sk-" + "proj-" + _r(48, ALNUM + "_-")),
       ("tool call", '{"tool":"python","code":"client = weaviate.connect_to_weaviate_cloud(cluster_url=\\"https://x7q.c0.europe-west3.gcp.weaviate.cloud\\", '
        'auth_credentials=Auth.api_key(\\"@@K\\"))"}'),
       ("copied request", "curl https://x7q.c0.europe-west3.gcp.weaviate.cloud/v1/schema -H 'Authorization: Bearer @@K' "
        "-H 'X-OpenAI-Api-Key: @@O'"),
       ("docker env", "weaviate:\n  environment:\n    AUTHENTICATION_APIKEY_ENABLED: 'true'\n"
        "    AUTHENTICATION_APIKEY_ALLOWED_KEYS: '@@K'\n    AUTHENTICATION_APIKEY_USERS: 'ingest@corp.io'")),
    _f("questdb pg wire login note", _v(P=_pw(("quest", "ticks", "candle", "ohlc")), Q=_strong_m()),
       ("fact verified", "QuestDB PG wire works for Grafana.\nverified by: psql -h qdb.market -p 8812 -U admin -d qdb "
        "-c 'select count() from trades' with password @@P typed at the prompt -> 918232"),
       ("server.conf quoted", "server.conf after the change:\npg.user=market_ro\npg.password=@@Q\npg.readonly.user.enabled=true"),
       ("ilp http auth", "curl -u 'admin:@@Q' -X POST 'https://qdb.market:9000/write?precision=n' --data-binary "
        "'trades,sym=EURUSD px=1.0831'")),
    _f("seaweedfs s3 identity json decision", _v(K=_rm(20, UPPER), S=_rm(40, ALNUM + "/+")),
       ("decision quoting config", "Decision: one identity per app in s3.json.\n{\n  \"identities\": [\n    {\n"
        "      \"name\": \"loki\",\n      \"credentials\": [{\"accessKey\": \"@@K\", \"secretKey\": \"@@S\"}],\n"
        "      \"actions\": [\"Read\", \"Write\", \"List\"]\n    }\n  ]\n}"),
       ("weed shell command", "> s3.configure -access_key=@@K -secret_key=@@S -buckets=loki-chunks "
        "-user=loki -actions=Read,Write -apply"),
       ("verification", "verified by `mc alias set swfs http://seaweed:8333 @@K @@S && mc ls swfs/loki-chunks` -> [2026-12-06] 0B index/")),
    _f("logto m2m token request copied", _v(I=_rm(21, LOWER), S=_rm(32, ALNUM)),
       ("copied request", "POST https://auth.shop.io/oidc/token\nContent-Type: application/x-www-form-urlencoded\n\n"
        "grant_type=client_credentials&client_id=@@I&client_secret=@@S&resource=https://default.logto.app/api&scope=all"),
       ("curl with basic", "curl -u '@@I:@@S' -d 'grant_type=client_credentials' -d "
        "'resource=https://default.logto.app/api' https://auth.shop.io/oidc/token"),
       ("env", "LOGTO_M2M_APP_ID=@@I\nLOGTO_M2M_APP_SECRET=@@S\nLOGTO_ENDPOINT=https://auth.shop.io")),
    _f("supertokens core api key decision", _v(K=_rm(34, ALNUM + "-="), P=_strong_m()),
       ("decision quoting config", "Decision: self-host SuperTokens core with an API key; config.yaml has\n"
        "api_keys: \"@@K\"\npostgresql_connection_uri: \"postgresql://st:@@P@pg.auth:5432/supertokens\""),
       ("backend init", "supertokens.init({\n  supertokens: {\n    connectionURI: \"http://st-core:3567\",\n"
        "    apiKey: \"@@K\",\n  },\n  appInfo: { appName: \"shop\", apiDomain: \"https://api.shop.io\" },\n});"),
       ("curl check", "verified by: curl -H 'api-key: @@K' http://st-core:3567/recipe/user?email=a@b.io")),
]


# ---------------------------------------------------------------------------------------------
# 2. Config and credential files of tools the earlier families leave out.

_FORMATS: list[Family] = [
    _f("odoo conf admin_passwd", _v(M=_strong_m(), P=_pw(("odoo", "erp", "invoice", "stock", "cedar"))),
       ("odoo.conf", "[options]\naddons_path = /mnt/extra-addons\nadmin_passwd = @@M\ndb_host = db\n"
        "db_port = 5432\ndb_user = odoo\ndb_password = @@P\nproxy_mode = True"),
       ("docker run flags", "docker run -d -p 8069:8069 --name odoo17 --link pg:db -e HOST=db -e USER=odoo "
        "-e PASSWORD=@@P odoo:17.0 -- --db-filter=^prod$"),
       ("forum post", "My odoo.conf has admin_passwd = @@M but the database manager still says "
        "'Access Denied' when I try to back up. Odoo 16 community on Ubuntu 22.04. Any idea?")),
    _f("erpnext site_config json secrets", _v(P=_rm(16), E=_b64m(32), Q=_strong_m()),
       ("site_config.json", "{\n \"db_name\": \"_1f3b2a9c0d7e4a11\",\n \"db_password\": \"@@P\",\n "
        "\"db_type\": \"mariadb\",\n \"encryption_key\": \"@@E\",\n \"host_name\": \"https://erp.shop.ke\"\n}"),
       ("bench command", "$ bench new-site erp.shop.ke --mariadb-root-password @@Q --admin-password @@P\n"
        "Installing frappe...\nUpdating DocTypes for frappe        : [========================================] 100%"),
       ("common_site_config", "common_site_config.json:\n{\n \"redis_cache\": \"redis://:@@Q@redis-cache:6379\",\n "
        "\"socketio_port\": 9000,\n \"webserver_port\": 8000\n}")),
    _f("synapse homeserver yaml secrets", _v(R=_rm(50, ALNUM + "~;:.=#"), M=_rm(50, ALNUM + "~;:.=#"), P=_strong_m()),
       ("homeserver.yaml", "server_name: \"chat.example.org\"\nregistration_shared_secret: \"@@R\"\n"
        "macaroon_secret_key: \"@@M\"\nform_secret: \"@@R\"\nsigning_key_path: \"/data/chat.example.org.signing.key\""),
       ("database block", "database:\n  name: psycopg2\n  args:\n    user: synapse\n    password: @@P\n"
        "    database: synapse\n    host: postgres\n    cp_min: 5\n    cp_max: 10"),
       ("register command", "register_new_matrix_user -u admin -p @@P -a -k '@@R' http://localhost:8008")),
    _f("coturn static auth secret", _v(S=_hm(64), P=_strong_m()),
       ("turnserver.conf", "listening-port=3478\nfingerprint\nuse-auth-secret\nstatic-auth-secret=@@S\n"
        "realm=turn.example.org\ntotal-quota=100"),
       ("synapse turn block", "turn_uris: [ \"turn:turn.example.org?transport=udp\", \"turn:turn.example.org?transport=tcp\" ]\n"
        "turn_shared_secret: \"@@S\"\nturn_user_lifetime: 86400000"),
       ("long-term user line", "# /etc/turnserver.conf\nlt-cred-mech\nuser=webrtc:@@P\nrealm=meet.example.org")),
    _f("jitsi docker env component passwords", _v(A=_hm(32), B=_hm(32), C=_hm(32)),
       (".env", "JICOFO_AUTH_PASSWORD=@@A\nJVB_AUTH_PASSWORD=@@B\nJIGASI_XMPP_PASSWORD=@@C\n"
        "JIBRI_RECORDER_PASSWORD=\nPUBLIC_URL=https://meet.school.ac"),
       ("prosody register", "prosodyctl --config /config/prosody.cfg.lua register focus auth.meet.jitsi @@A\n"
        "prosodyctl --config /config/prosody.cfg.lua register jvb auth.meet.jitsi @@B"),
       ("jvb sip config", "org.jitsi.jigasi.xmpp.acc.USER_ID=jigasi@auth.meet.jitsi\n"
        "org.jitsi.jigasi.xmpp.acc.PASS=@@C\norg.jitsi.jigasi.xmpp.acc.ANONYMOUS_AUTH=false")),
    _f("bigbluebutton shared secret", _v(S=_rm(42, ALNUM)),
       ("bbb-conf output", "$ sudo bbb-conf --secret\n\n    URL: https://bbb.uni.edu/bigbluebutton/\n    Secret: @@S\n\n"
        "    Link to the API-Mate:\n    https://mconf.github.io/api-mate/#server=https://bbb.uni.edu/bigbluebutton/"),
       ("properties file", "/etc/bigbluebutton/bbb-web.properties\nsecuritySalt=@@S\nbigbluebutton.web.serverURL=https://bbb.uni.edu"),
       ("moodle plugin settings", "Moodle > Site admin > BigBlueButton: server URL https://bbb.uni.edu/bigbluebutton/ "
        "shared secret @@S (copied from bbb-conf)")),
    _f("mailcow conf database passwords", _v(D=_rm(28), R=_rm(28), K=_rm(28)),
       ("mailcow.conf", "MAILCOW_HOSTNAME=mail.firma.de\nDBNAME=mailcow\nDBUSER=mailcow\nDBPASS=@@D\nDBROOT=@@R\n"
        "HTTP_PORT=80\nHTTPS_PORT=443"),
       ("redis and sogo", "# mailcow.conf (excerpt)\nREDISPASS=@@K\nSOGO_EXPIRE_SESSION=480\nACL_ANYONE=disallow"),
       ("mysql exec", "docker compose exec mysql-mailcow mysql -umailcow -p@@D mailcow -e \"SELECT username FROM mailbox;\"")),
    _f("peertube production yaml secrets", _v(S=_hm(64), P=_strong_m()),
       ("production.yaml", "secrets:\n  peertube: '@@S'\n\ndatabase:\n  hostname: 'postgres'\n  port: 5432\n"
        "  username: 'peertube'\n  password: '@@P'"),
       ("docker env", "PEERTUBE_SECRET=@@S\nPEERTUBE_DB_USERNAME=peertube\nPEERTUBE_DB_PASSWORD=@@P\n"
        "PEERTUBE_WEBSERVER_HOSTNAME=tube.collectif.fr"),
       ("smtp block", "smtp:\n  transport: smtp\n  hostname: smtp.mailo.com\n  port: 465\n  username: tube@collectif.fr\n"
        "  password: '@@P'\n  tls: true")),
    _f("discourse app yml smtp password", _v(P=_strong_m(), K=_hm(64)),
       ("app.yml env", "env:\n  DISCOURSE_HOSTNAME: forum.makers.nz\n  DISCOURSE_DEVELOPER_EMAILS: 'admin@makers.nz'\n"
        "  DISCOURSE_SMTP_ADDRESS: smtp.mailgun.org\n  DISCOURSE_SMTP_PORT: 587\n  DISCOURSE_SMTP_USER_NAME: postmaster@mg.makers.nz\n"
        "  DISCOURSE_SMTP_PASSWORD: \"@@P\""),
       ("s3 uploads block", "  DISCOURSE_S3_ACCESS_KEY_ID: AKIA" + "Q5J2X7KD3LMN8PQR\n  DISCOURSE_S3_SECRET_ACCESS_KEY: @@P\n  DISCOURSE_S3_BUCKET: makers-uploads"),
       ("api key usage", "curl -X POST https://forum.makers.nz/posts.json -H 'Api-Key: @@K' -H 'Api-Username: system' "
        "-F 'topic_id=311' -F 'raw=Deploy finished'")),
    _f("outline env secret keys", _v(S=_hm(64), U=_hm(64), P=_strong_m()),
       (".env", "NODE_ENV=production\nSECRET_KEY=@@S\nUTILS_SECRET=@@U\nDATABASE_URL=postgres://outline:@@P@postgres:5432/outline\n"
        "URL=https://wiki.team.io"),
       ("oidc block", "OIDC_CLIENT_ID=outline\nOIDC_CLIENT_SECRET=@@U\nOIDC_AUTH_URI=https://sso.team.io/application/o/authorize/"),
       ("compose environment", "  outline:\n    image: outlinewiki/outline:0.81.1\n    environment:\n"
        "      - SECRET_KEY=@@S\n      - UTILS_SECRET=@@U")),
    _f("borgmatic config passphrase", _v(P=_pw(("borg", "backup", "tardis", "hamster", "otter")), Q=_strong_m(32)),
       ("config.yaml", "source_directories:\n    - /home\n    - /etc\nrepositories:\n    - path: ssh://u12345@u12345.your-storagebox.de:23/./borg\n"
        "      label: storagebox\nencryption_passphrase: \"@@P\"\nkeep_daily: 7"),
       ("env file for cron", "# /etc/borgmatic/env\nBORG_PASSPHRASE=@@Q\nBORG_RSH='ssh -i /root/.ssh/borg_ed25519'"),
       ("borg command", "BORG_PASSPHRASE='@@P' borg create --stats ::'{hostname}-{now}' /srv/nextcloud")),
    _f("activemq artemis users properties", _v(P=_strong_m(), Q=_pw(("artemis", "queue", "broker", "jms"))),
       ("artemis-users.properties", "# user = password\nadmin = @@P\norders-svc = @@Q\nmonitor = ENC(3c8a1f0b9e2d)"),
       ("broker.xml cluster", "<cluster-user>cluster-admin</cluster-user>\n<cluster-password>@@P</cluster-password>"),
       ("artemis cli", "./artemis queue stat --user admin --password @@Q --url tcp://artemis-0:61616")),
    _f("stunnel psk secrets file", _v(K=_rm(32), L=_rm(40)),
       ("psk.txt", "# /etc/stunnel/psk.txt  identity:key\nredis-client1:@@K\nredis-client2:@@L"),
       ("stunnel.conf", "[redis]\nclient = yes\naccept = 127.0.0.1:6380\nconnect = redis.prod:6381\n"
        "ciphers = PSK\nPSKidentity = backup-node\nPSKsecrets = /etc/stunnel/psk.txt\n; key: @@K"),
       ("ansible copy content", "- name: stunnel psk\n  copy:\n    dest: /etc/stunnel/psk.txt\n    mode: '0600'\n"
        "    content: \"monitor:@@L\\n\"")),
    _f("exim passwd.client entry", _v(P=_strong_m(), Q=_pw(("relay", "mail", "postman", "pigeon"))),
       ("passwd.client", "# /etc/exim4/passwd.client\n# target.mail.server.example:login:password\n"
        "smtp.sendgrid.net:apikey:@@P\n*.fastmail.com:me@fastmail.com:@@Q"),
       ("dpkg-reconfigure note", "Set up the smarthost: dpkg-reconfigure exim4-config, then\n"
        "echo 'mail.isp.net:alerts@isp.net:@@Q' >> /etc/exim4/passwd.client && update-exim4.conf"),
       ("exim authenticator", "begin authenticators\nsmarthost_login:\n  driver = plaintext\n  public_name = LOGIN\n"
        "  client_send = : relay@corp.local : @@P")),
    _f("nzbget conf server password", _v(P=_strong_m(14), C=_pw(("usenet", "movies", "popcorn", "pirate"))),
       ("nzbget.conf", "Server1.Active=yes\nServer1.Name=newshosting\nServer1.Host=news.newshosting.com\n"
        "Server1.Port=563\nServer1.Username=jdoe77\nServer1.Password=@@P\nServer1.Encryption=yes"),
       ("control password", "# Security\nControlUsername=nzbget\nControlPassword=@@C\nControlPort=6789"),
       ("sabnzbd ini", "[servers]\n[[news.eweka.nl]]\nhost = news.eweka.nl\nport = 563\nusername = jdoe77\n"
        "password = @@P\nconnections = 20\nssl = 1")),
    _f("factorio server settings token", _v(T=_hm(30), P=_pw(("factory", "biter", "belt", "train", "gears"))),
       ("server-settings.json", "{\n  \"name\": \"Friday megabase\",\n  \"visibility\": {\"public\": false, \"lan\": true},\n"
        "  \"username\": \"ferrumfox\",\n  \"token\": \"@@T\",\n  \"game_password\": \"@@P\"\n}"),
       ("docker env", "docker run -d -p 34197:34197/udp -e USERNAME=ferrumfox -e TOKEN=@@T factoriotools/factorio:stable"),
       ("discord message", "server is up at 51.68.22.9:34197, game password is the usual one: @@P")),
    _f("thanos objstore yaml secret", _v(K=lambda: "AKIA" + _r(16, UPPER), S=_rm(40, ALNUM + "/+"), A=_b64m(64)),
       ("objstore.yml", "type: S3\nconfig:\n  bucket: thanos-metrics\n  endpoint: s3.eu-central-1.amazonaws.com\n"
        "  access_key: @@K\n  secret_key: @@S\n  insecure: false"),
       ("azure variant", "type: AZURE\nconfig:\n  storage_account: thanosmetrics\n  storage_account_key: @@A\n"
        "  container: thanos"),
       ("k8s secret stringData", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: thanos-objstore\nstringData:\n"
        "  objstore.yml: |\n    type: S3\n    config:\n      bucket: thanos\n      access_key: @@K\n      secret_key: @@S")),
]


# ---------------------------------------------------------------------------------------------
# Vendor tokens with their real prefixes and shapes (public secret-scanner rule lists); every
# prefix is split in the source.

def _tinybird() -> str:
    body = json.dumps({"u": _uuid(), "id": _uuid(), "host": "gcp-europe-west3"}).encode()
    return "p" + "." + base64.urlsafe_b64encode(body).decode().rstrip("=") + "." + _b64url(32)


def _blob() -> str:
    return "vercel_" + "blob_rw_" + _r(16) + "_" + _r(30)


def _ut_secret() -> str:
    return "sk_" + "live_" + _hx(64)


def _ut_token() -> str:
    body = json.dumps({"apiKey": _ut_secret(), "appId": _r(10, LOWER), "regions": ["sea1"]})
    return base64.b64encode(body.encode()).decode()


def _configcat() -> str:
    return "configcat-" + "sdk-1/" + _r(22, ALNUM + "-_") + "/" + _r(22, ALNUM + "-_")


def _mem0() -> str:
    return "m0" + "-" + _r(40)


def _mercury() -> str:
    return "secret-token:" + "mercury_production_" + "wma_" + _r(40) + "_yrucrem"


def _sumup() -> str:
    return "sup_" + "sk_" + _r(32)


def _phase() -> str:
    return "pss_" + "service:v2:" + ":".join(_hx(64) for _ in range(4))


def _dotenv_key() -> str:
    return "dotenv://:" + "key_" + _hx(64) + "@dotenv.org/vault/.env.vault?environment=production"


def _packagist(kind: str = "ort") -> str:
    return "packagist_" + kind + "_" + _hx(68)


def _qianfan() -> str:
    return "bce-" + "v3/ALTAK-" + _r(21) + "/" + _hx(40)


def _dashscope() -> str:
    return "sk" + "-" + _hx(32)


def _siliconflow() -> str:
    return "sk" + "-" + _r(48, string.ascii_lowercase)


_VENDOR_RAW: list[Family] = [
    _f("tinybird workspace token", _v(T=_tinybird),
       (".tinyb file", '{\n    "host": "https://api.europe-west3.gcp.tinybird.co",\n    "id": "ws_analytics",\n'
        '    "name": "analytics",\n    "token": "@@T"\n}'),
       ("curl query", "curl -H \"Authorization: Bearer @@T\" \\\n  'https://api.tinybird.co/v0/pipes/top_pages.json?limit=10'"),
       ("env", "TINYBIRD_HOST=https://api.tinybird.co\nTINYBIRD_TOKEN=@@T")),
    _f("vercel blob read-write token", _v(T=_blob),
       (".env.local", "# Created by Vercel CLI\nBLOB_READ_WRITE_TOKEN=\"@@T\"\nPOSTGRES_URL_NON_POOLING=\"\""),
       ("next route", "const blob = await put(filename, file, {\n  access: 'public',\n  token: '@@T',\n});"),
       ("ledger debug", "upload 403 from the preview deploy: the preview env still had BLOB_READ_WRITE_TOKEN=@@T "
        "from the deleted store")),
    _f("uploadthing token", _v(T=_ut_token, S=_ut_secret),
       (".env v7", "UPLOADTHING_TOKEN='@@T'"),
       (".env legacy", "UPLOADTHING_SECRET=@@S\nUPLOADTHING_APP_ID=q7x2m4n9k1"),
       ("github issue paste", "Getting `Invalid token` on v7. My env is\n```\nUPLOADTHING_TOKEN=@@T\n```\nwhat am I missing?")),
    _f("configcat sdk key", _v(K=_configcat),
       ("backend config", "ConfigCat:\n  SdkKey: \"@@K\"\n  PollIntervalSeconds: 60"),
       ("go client", "client := configcat.NewClient(\"@@K\")\ndefer client.Close()\nenabled := client.GetBoolValue(\"newCheckout\", false, nil)"),
       ("cli", "configcat eval --sdk-key @@K --flag-keys newCheckout,betaBanner --user-id 4411")),
    _f("mem0 api key", _v(K=_mem0),
       ("env", "MEM0_API_KEY=@@K\nOPENAI_API_KEY=${OPENAI_API_KEY}"),
       ("python client", "from mem0 import MemoryClient\nclient = MemoryClient(api_key=\"@@K\")\n"
        "client.add(messages, user_id=\"alex\")"),
       ("mcp config", '{"mcpServers": {"mem0": {"command": "uvx", "args": ["mem0-mcp"], "env": {"MEM0_API_KEY": "@@K"}}}}')),
    _f("mercury bank api token", _v(T=_mercury),
       ("curl", "curl --request GET --url https://api.mercury.com/api/v1/accounts \\\n"
        "  --header 'Authorization: Bearer @@T'"),
       ("env", "MERCURY_API_TOKEN=@@T\nMERCURY_ACCOUNT_ID=" + "a3f1c9d2-5b6e-4f70-8a91-0c2d3e4f5a6b"),
       ("bookkeeping script", "session.auth = (\"@@T\", \"\")  # mercury uses the token as basic-auth user\n"
        "resp = session.get(\"https://api.mercury.com/api/v1/account/{id}/transactions\")")),
    _f("sumup secret api key", _v(K=_sumup),
       ("curl checkout", "curl -X POST https://api.sumup.com/v0.1/checkouts \\\n  -H 'Authorization: Bearer @@K' \\\n"
        "  -H 'Content-Type: application/json' \\\n  -d '{\"amount\": 12.5, \"currency\": \"EUR\", \"checkout_reference\": \"cafe-8812\"}'"),
       ("php config", "return [\n    'sumup' => [\n        'api_key' => '@@K',\n        'merchant_code' => 'MH4H92C7',\n    ],\n];"),
       ("node sdk", "const client = new SumUp({ apiKey: '@@K' });")),
    _f("phase service token", _v(T=_phase),
       ("env", "PHASE_SERVICE_TOKEN=@@T\nPHASE_HOST=https://console.phase.dev"),
       ("cli run", "phase run --app backend --env production 'node server.js'  # with PHASE_SERVICE_TOKEN=@@T"),
       ("github actions", "- uses: phasehq/phase-github-action@v1\n  with:\n    phase_service_token: @@T\n    phase_app: backend")),
    _f("dotenv vault key", _v(K=_dotenv_key),
       ("heroku config set", "heroku config:set DOTENV_KEY='@@K'"),
       ("docker run", "docker run -e DOTENV_KEY=\"@@K\" -p 3000:3000 registry.fly.io/shop-api:latest"),
       ("keys listing", "$ npx dotenv-vault@latest keys production\nremote:   Listing .env.vault decryption keys... done\n@@K")),
    _f("private packagist token", _v(T=lambda: _packagist("ort"), U=lambda: _packagist("uut")),
       ("auth.json", '{\n    "http-basic": {\n        "repo.packagist.com": {\n            "username": "token",\n'
        '            "password": "@@T"\n        }\n    }\n}'),
       ("composer config", "composer config --global --auth http-basic.repo.packagist.com token @@T"),
       ("ci env", "PACKAGIST_UPDATE_TOKEN: @@U\nCOMPOSER_AUTH: '{\"http-basic\":{\"repo.packagist.com\":{\"username\":\"token\",\"password\":\"@@T\"}}}'")),
    _f("baidu qianfan api key", _v(K=_qianfan),
       ("curl", "curl -X POST 'https://qianfan.baidubce.com/v2/chat/completions' \\\n  -H 'Authorization: Bearer @@K' \\\n"
        "  -H 'Content-Type: application/json' -d '{\"model\":\"ernie-4.0-8k\",\"messages\":[{\"role\":\"user\",\"content\":\"你好\"}]}'"),
       ("python openai client", "client = OpenAI(api_key=\"@@K\", base_url=\"https://qianfan.baidubce.com/v2\")"),
       ("env", "QIANFAN_API_KEY=@@K")),
    _f("dashscope api key", _v(K=_dashscope),
       ("env", "export DASHSCOPE_API_KEY=\"@@K\""),
       ("python", "import dashscope\ndashscope.api_key = \"@@K\"\nresp = dashscope.Generation.call(model=\"qwen-plus\", prompt=\"hi\")"),
       ("curl compatible mode", "curl https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions -H \"Authorization: Bearer @@K\" "
        "-H 'Content-Type: application/json' -d '{\"model\": \"qwen-turbo\", \"messages\": []}'")),
    _f("siliconflow api key", _v(K=_siliconflow),
       ("curl", "curl --request POST --url https://api.siliconflow.cn/v1/chat/completions \\\n  --header 'Authorization: Bearer @@K' \\\n"
        "  --header 'Content-Type: application/json' --data '{\"model\": \"deepseek-ai/DeepSeek-V3\"}'"),
       ("cherry studio export", '{"providers":[{"id":"silicon","name":"SiliconFlow","apiKey":"@@K","apiHost":"https://api.siliconflow.cn"}]}'),
       ("dify env", "SILICONFLOW_API_KEY=@@K")),
]


# ---------------------------------------------------------------------------------------------
# 3. Passwords people choose, where people type them.

_ODIA = ("Jagannath", "Puri", "Rasagola", "Subhashree", "Debasish", "Konark", "Chilika", "Mahanadi")
_ODIA_SCRIPT = ("ଜଗନ୍ନାଥ", "ପୁରୀ", "ଝିଅ", "ଚିଲିକା")
_PASHTO = ("Gulalai", "Zarmina", "Khyber", "Pakhtun", "Kabul", "Spogmai", "Atal", "Laila")
_KURD = ("Newroz", "Hawler", "Zagros", "Shvan", "Berfin", "Rojda", "Kurdistan", "Amed")
_TAJIK = ("Dushanbe", "Navruz", "Pamir", "Farrukh", "Somoni", "Zarina", "Khujand", "Sitora")
_KYRGYZ = ("Bishkek", "Manas", "Issykkul", "Aibek", "AlaToo", "Bermet", "Naryn", "Kumys")
_TURKMEN = ("Ashgabat", "Garagum", "Gulnara", "Merdan", "Ahalteke", "Ayna", "Mary", "Dowlet")
_TATAR = ("Kazan", "Sabantuy", "Ilnur", "Gulnaz", "Idel", "Chakchak", "Rubin", "Alsu")
_BELARUS = ("Busel", "Kupalle", "Alesia", "Zubr", "Minsk", "Dranik", "Yanka", "Vasilok")
_MACED = ("Ohrid", "Vardar", "Biljana", "Goce", "Makedonija", "Tavche", "Vodno", "Kiril")
_ALBAN = ("Shqiponja", "Skenderbeu", "Arben", "Drita", "Tirana", "Vlora", "Besa", "Flutura")
_BOSN = ("Sarajevo", "Zeljo", "Emina", "Neretva", "Cevapi", "Merima", "Sejo", "Bascarsija")
_WELSH = ("Cymru", "Draig", "Eryri", "Cariad", "Dafydd", "Bethan", "Dwynwen", "Hiraeth", "Cawl")
_CELTIC = ("Breizh", "Kouign", "Gwenn", "Alba", "Seonag", "Caileag", "Fryslan", "Heit", "Tsjilp")
_LUX = ("Schueberfouer", "Bouneschlupp", "Mimi", "Kachkeis", "Jhang", "Moselle", "Dippchen", "Gromperekichelcher")
_AFRIK = ("Bokke", "Braai", "Lekker", "Suurlemoen", "Riaan", "Annelie", "Springbok", "Koeksister", "Ouma")
_XHOSA = ("Thandeka", "Siyabonga", "Inkosi", "Sibabalwe", "Qhawe", "Lwazi", "Zodwa", "Ubuntu")
_IGBO = ("Chukwuemeka", "Nneka", "Obinna", "Ugochi", "Enugu", "Chiamaka", "Nkechi", "Ikenna")
_RWANDA = ("Kigali", "Intore", "Ineza", "Mugisha", "Amavubi", "Gisenyi", "Uwase", "Rayon")
_MALAGASY = ("Antananarivo", "Fitiavana", "Rakoto", "Vary", "Zebu", "Hanitra", "Toky", "Fanja")
_OROMO = ("Finfinne", "Caalaa", "Bilisummaa", "Gadaa", "Jaalallee", "Ayyaantuu", "Haawwii", "Odaa")
_TIGR = ("Asmera", "Selam", "Mekele", "Yonas", "Senait", "Hagos", "Keren", "Merhawi")
_CEBU = ("Sugbo", "Lechon", "Gwapa", "Inday", "Dodong", "Sinulog", "Bisaya", "Mangga")
_SUNDA = ("Persib", "Bandung", "Asep", "Cecep", "Nyai", "Maung", "Kujang", "Lembang")
_MAORI = ("Aroha", "Tui", "Kiwi", "Whanau", "Tane", "Ngaio", "Kahu", "Pounamu", "Hemi")
_SAMOA = ("Alofa", "Manu", "Tavita", "Sina", "Upolu", "Lagi", "Toa", "Malia")
_QUECHUA = ("Inti", "Killa", "Cusco", "Wayna", "Sumaq", "Pachamama", "Kuntur", "Urpi")
_GUARANI = ("Mborayhu", "Cerro", "Olimpia", "Jasy", "Kuarahy", "Mitakuna", "Yvoty", "Chipa")
_KREYOL = ("Ayiti", "Lakay", "Manman", "Kreyol", "Wadson", "Fritay", "Jakmel", "Bondye", "Cherie")
_YIDDISH = ("Mazl", "Shayna", "Zeyde", "Bubbe", "Malke", "Yankl", "Shtetl", "Kugl", "Reyzl")
_TIBET = ("Tashi", "Lhasa", "Pema", "Dolma", "Norbu", "Lhamo", "Dawa", "Tenzin")
_UYGHUR = ("Kashgar", "Dilnur", "Tarim", "Muqam", "Aypa", "Nurgul", "Turpan", "Arzu")
_EN = ("Summer", "Winter", "Spring", "Autumn", "Buster", "Bella", "Charlie", "Rangers", "Packers",
       "Liverpool", "Sunshine", "Maggie", "Dolphins", "Mustang", "Cookie", "Chelsea")
_FR = ("Soleil", "Minou", "Loulou", "Nounours", "Bretagne", "Marseille", "Chouchou", "Doudou")
_DE = ("Schalke", "Sommer", "Hasenpfote", "Mausi", "Bayern", "Zuckerschnute", "Dackel", "Bello")
_RU = ("Zenit", "Masha", "Solnyshko", "Kotik", "Barsik", "Spartak", "Natasha", "Zaika")
_ES = ("Tigres", "Chivas", "Pelusa", "Cielito", "Paloma", "Boca", "Colocolo", "Gatito")
_IT = ("Juventus", "Micio", "Tesoro", "Roma", "Napoli", "Briciola", "Amore", "Fiorellino")


def _hp(*pools: tuple[str, ...]) -> Values:
    """Values P, Q and R: passwords from the given word pools (the last pool repeats)."""
    def make() -> dict[str, str]:
        ps = [*pools, pools[-1], pools[-1]][:3]
        return {"P": _person(ps[0]), "Q": _person(ps[1]), "R": _person(ps[2])}
    return make


_HUMAN: list[Family] = [
    _f("odia whatsapp family password", _hp(_ODIA, _ODIA_SCRIPT + _ODIA, _ODIA),
       ("whatsapp group", "[06/12/26, 9:14 PM] Bapa: ଘର wifi ର password ବଦଳାଇଲି, ନୂଆ ଟା @@P\n"
        "[06/12/26, 9:15 PM] Subha: ok bapa, TV re bi lagei deli"),
       ("netflix note", "Netflix login — mail: debasish.family@gmail.com, pwd: @@Q (ଝିଅ ର ଜନ୍ମଦିନ)"),
       ("helpdesk ticket", "Ticket #4471 (Cuttack branch): sir mora computer password bhuli gali, "
        "purana ta thila @@R, reset kariba pain request")),
    _f("pashto and kurdish chat password", _hp(_PASHTO, _KURD, _KURD),
       ("pashto whatsapp", "ورور، د دفتر wifi پاسورډ دا دی: @@P — مهرباني وکړه بل چا ته یې مه ورکوه"),
       ("sorani telegram", "کاکە وشەی نهێنی ئیمەیڵەکە گۆڕی بۆ @@Q ، سبەینێ بیگۆڕە"),
       ("kurmanji sms", "Heval, şîfreya wifi ya malê: @@R. Ji kesî re nebêje!")),
    _f("tajik and kyrgyz telegram password", _hp(_TAJIK, _KYRGYZ, _KYRGYZ),
       ("tajik telegram", "Салом! Пароли нави 1С: @@P. Логин ҳамон farrukh.buh. Ба касе нагӯед."),
       ("kyrgyz chat", "Байке, роутердин сырсөзү @@Q, кийин өзгөртүп коём"),
       ("kyrgyz spreadsheet row", "Аты-жөнү\tЛогин\tСырсөз\tБөлүм\nАсанова Бермет\tbermet.a\t@@R\tБухгалтерия")),
    _f("turkmen and tatar message password", _hp(_TURKMEN, _TATAR, _TATAR),
       ("turkmen imo message", "Salam dost, täze açar sözi: @@P — ulgama girip bilmeseň jaň et"),
       ("tatar vk message", "Иснур, почта серсүзе хәзер @@Q, иртәгә алыштырырбыз"),
       ("tatar ticket", "Заявка: Гөлназ Хәкимова, серсүзне оныттым. Элеккесе @@R иде, яңасын җибәрегез пожалуйста")),
    _f("belarusian chat password", _hp(_BELARUS),
       ("viber", "Мама, пароль ад вайфаю: @@P (з вялікай літары)"),
       ("latin-script chat", "Alesia, novy parol ad školnaha dziońnika: @@Q, nie zabudź"),
       ("bash history", "  412  mysql -u zubr_admin -p'@@R' shop_minsk\n  413  history | tail")),
    _f("macedonian and albanian viber password", _hp(_MACED, _ALBAN, _ALBAN),
       ("macedonian viber", "Лозинката за е-пошта е @@P, најави се и смени ја веднаш."),
       ("albanian whatsapp", "Vlla fjalëkalimi i ri i wifi-t është @@Q — mos ia jep kujt"),
       ("albanian ticket", "Përshëndetje, nuk po hyj dot në sistem. Fjalëkalimi që përdor është @@R. "
        "Faleminderit, Drita (Zyra e Vlorës)")),
    _f("bosnian office email password", _hp(_BOSN),
       ("email", "Poštovani,\n\nVaš privremeni pristup za portal je:\nkorisnik: emina.h\nšifra @@P\n\n"
        "Molimo promijenite šifru pri prvoj prijavi.\nLP, IT služba"),
       ("viber", "Sejo, šifra za ruter u kafani je @@Q, reci konobarima"),
       ("sticky note transcript", "[poruka na monitoru]\nPC recepcija\n@@R\nne dirati!")),
    _f("welsh chat password", _hp(_WELSH),
       ("whatsapp", "Cyfrinair y wifi yn y capel ydy @@P 👍 paid â'i rannu plis"),
       ("school newsletter", "Mae cyfrinair Hwb y dosbarth wedi newid: @@Q. Cysylltwch â Mrs Bethan os oes problem."),
       ("code-mixed slack", "wedi ailosod y cyfrinair for the shared drive — it's @@R now, diolch")),
    _f("breton gaelic and frisian chat password", _hp(_CELTIC),
       ("breton message", "Demat! Ger-tremen ar wifi er skol: @@P. Trugarez!"),
       ("scottish gaelic email", "A charaid, seo am facal-faire ùr airson a' choimpiutair: @@Q. Mar sin leat, Seonag"),
       ("frisian chat", "Heit, it wachtwurd fan de wifi is no @@R, net fierder fertelle hear")),
    _f("luxembourgish group chat password", _hp(_LUX),
       ("signal group", "Moien! D'Passwuert fir de Wifi am Veräinshaus ass elo @@P"),
       ("teams code-mixed", "Hei den neie Login fir de Kassesystem: user kasse2, Passwuert @@Q. Merci!"),
       ("sms", "Bonjour Mamm, däi Passwuert fir d'Bank-App: @@R. Schreif et net op!")),
    _f("afrikaans whatsapp password", _hp(_AFRIK),
       ("whatsapp", "Ouma se nuwe wagwoord vir Facebook is @@P, sy het my gevra om dit neer te skryf"),
       ("office email", "Hallo Riaan\n\nJou tydelike wagwoord vir die boekhoustelsel is @@Q. "
        "Verander dit asseblief dadelik.\n\nGroete\nAnnelie"),
       ("spreadsheet row", "Naam,Gebruiker,Wagwoord,Tak\nvan der Merwe J,jvdmerwe,@@R,Stellenbosch")),
    _f("xhosa and igbo chat password", _hp(_XHOSA, _XHOSA, _IGBO),
       ("xhosa whatsapp", "Sisi, iphasiwedi entsha ye-wifi ngu @@P, ungayixeleli mntu"),
       ("xhosa code-mixed", "Bhuti I changed the password ye-laptop yakho, ngoku yi @@Q"),
       ("igbo chat", "Nwanne m, paswọọdụ ọhụrụ nke email bụ @@R. Biko agwala onye ọzọ")),
    _f("kinyarwanda and malagasy chat password", _hp(_RWANDA, _RWANDA, _MALAGASY),
       ("kinyarwanda whatsapp", "Muraho! Ijambo ry'ibanga rya wifi y'ibiro ni @@P"),
       ("kinyarwanda ticket", "Ikibazo: sinshobora kwinjira muri sisitemu. Ijambobanga nakoreshaga ni @@Q. Murakoze, Mugisha"),
       ("malagasy message", "Salama! Ny tenimiafina vaovao amin'ny wifi dia @@R. Aza omena olon-kafa")),
    _f("oromo and tigrinya chat password", _hp(_OROMO, _TIGR, _TIGR),
       ("oromo telegram", "Obboleessa, jecha iccitii wifi haaraan @@P dha. Nama biraaf hin kennin"),
       ("tigrinya message", "ሰላም ሓወይ፡ ሓድሽ ፓስዎርድ ናይ wifi @@Q እዩ"),
       ("tigrinya email", "ክቡር ዮናስ፡ ናይ ኢመይል ፓስዎርድካ ናብ @@R ተቐይሩ ኣሎ። ብኽብረትካ ቀይሮ።")),
    _f("cebuano and sundanese chat password", _hp(_CEBU, _CEBU, _SUNDA),
       ("cebuano messenger", "Day, ang password sa wifi kay @@P, ayaw ipasa sa uban ha"),
       ("cebuano shell history", "  88  sudo mysql -uinday -p@@Q payroll_cebu\n  89  exit"),
       ("sundanese whatsapp", "Kang, kecap akses wifi kantor ayeuna @@R, ulah dibejakeun ka batur nya")),
    _f("maori and samoan chat password", _hp(_MAORI, _MAORI, _SAMOA),
       ("maori text", "Kia ora whānau, ko te kupuhipa hou mō te wifi ko @@P"),
       ("nz school email", "Kia ora koutou, the new class login for Seesaw is @@Q. Ngā mihi, Whaea Ngaio"),
       ("samoan messenger", "Talofa uso, o le upu faalilolilo fou o le wifi o @@R. Aua le tuuina atu i se isi")),
    _f("quechua and guarani chat password", _hp(_QUECHUA, _GUARANI, _GUARANI),
       ("quechua message", "Allillanchu turay, wifi pakasqa simin kunan: @@P"),
       ("guarani jopara whatsapp", "Che ra'a, la contraseña pyahu wifi-pe ha'e @@Q, ani rehechauka avavepe"),
       ("paraguay ticket", "Buenas, nda'ikatúi ajeike sistema-pe. Contraseña ymave: @@R. Aguyje!")),
    _f("haitian creole sms password", _hp(_KREYOL),
       ("sms", "Bonswa cheri, nouvo modpas wifi lakay la se @@P. Pa bay pèsonn li"),
       ("whatsapp code-mixed", "Frè m, modpas email biznis la chanje, se @@Q kounye a. Call me if it doesn't work"),
       ("clinic ticket", "Tikè #208 — Klinik Jakmel: òdinatè resepsyon an pa ouvri. Modpas li te ye @@R. Mèsi")),
    _f("yiddish email password", _hp(_YIDDISH),
       ("email", "טייערער יאנקל, דאס נייע פּאַראָל פֿאַר דער שול־קאָמפּיוטער איז @@P. אַ גוטן טאָג"),
       ("whatsapp", "זיידע, דער פּאַראָל פֿון וויי-פֿיי איז @@Q (מיט אַ גרויסן אות)"),
       ("code-mixed email", "Hi Malke, the parol for the shul office PC is now @@R — zay gezunt")),
    _f("tibetan and uyghur chat password", _hp(_TIBET, _TIBET, _UYGHUR),
       ("tibetan wechat", "ཨ་ཅག wifi ཡི་གསང་ཨང་གསར་པ་ནི @@P རེད།"),
       ("tibetan code-mixed", "Tashi la, monastery computer password is @@Q, thugs rje che"),
       ("uyghur message", "ئاكا، wifi نىڭ يېڭى مەخپىي نومۇرى @@R ، باشقىلارغا دېمەڭ")),
    _f("english slack thread reply password", _hp(_EN),
       ("thread reply", "↳ replying to Priya: \"anyone know the login for the conference room tablet?\"\n"
        "Mark: yeah it's @@P, someone set it last summer lol"),
       ("thread reply code block", "↳ 3 replies\nJen: reset it for you\nJen: `@@Q`\nTom: 🙏 thanks, in now"),
       ("dm", "sorry forgot to send — staging admin is admin / @@R until we get SSO sorted")),
    _f("voice memo transcript password", _hp(_EN),
       ("voicemail transcript", "Voicemail from Dad (0:42): \"hey it's me, the internet guy came, the new wifi thing "
        "is @@P, he wrote it on the box too, ok love you bye\""),
       ("otter transcript", "Speaker 2  03:14\nSo for the demo laptop, username is demo and the password is "
        "@@Q, I'll put it in the doc later.\nSpeaker 1  03:21\nGreat, thanks."),
       ("phone note dictated", "Note to self dictated 14 Nov: bank app PIN changed, online banking password now @@R, "
        "remember to update Mum's too")),
    _f("sms from landlord with wifi password", _hp(_EN),
       ("sms", "Hi it's Dave (landlord). Router got replaced today. Network BT-HUB-7F2K, password @@P. Cheers"),
       ("airbnb message", "Welcome! 🏡 Lockbox code 4471. WiFi: SeaView_Guest / @@Q. Enjoy your stay!"),
       ("group text", "Flatmates: new netflix pw is @@R, dont change it again Kyle")),
    _f("google sheets comment password", _hp(_EN),
       ("cell comment thread", "Comment on C14 (Vendor portal):\nAmy Chen: what's the pw here? it just says 'ask Sam'\n"
        "Sam Ortiz: @@P — I'll move it to 1Password next week\nAmy Chen: thx"),
       ("sheet row tsv", "Site\tURL\tUser\tPassword\tNotes\nCanva\tcanva.com\tmarketing@shop.co\t@@Q\tshared w/ interns"),
       ("docs suggestion", "Suggested edit by Raj: replace \"ask IT for the printer admin login\" with "
        "\"printer admin: admin / @@R\"")),
    _f("french teams message password", _hp(_FR),
       ("teams code-mixed", "Salut, pour le VPN c'est toujours julien.m mais le mdp c'est @@P maintenant, "
        "je l'ai reset ce matin"),
       ("sms", "Coucou maman, ton code pour la box internet c'est @@Q, je te l'ai noté sur le frigo aussi"),
       ("ticket reply", "Bonjour,\nJ'ai réinitialisé votre accès, mot de passe provisoire : @@R\nCordialement,\nLe support")),
    _f("german email forward password", _hp(_DE),
       ("forwarded email", "---------- Weitergeleitete Nachricht ----------\nVon: Jörg\nBetreff: Zugang NAS\n\n"
        "Hi, das Kennwort fürs NAS ist jetzt @@P. Bitte nicht weitergeben.\nLG"),
       ("whatsapp voice transcript", "[Sprachnachricht, transkribiert] \"Ja hallo, also das WLAN Passwort ist "
        "@@Q, groß geschrieben am Anfang, ne, tschüss\""),
       ("code-mixed slack", "hab den shared account für den Sprint-Review resettet, pw ist @@R, bitte nicht wieder ändern 😅")),
    _f("russian vk message password", _hp(_RU),
       ("vk message", "Слушай, пароль от вайфая на даче теперь @@P, Серёга поменял"),
       ("translit chat", "Privet! parol ot 1C teper @@Q, ne zabud smenit posle vhoda"),
       ("odnoklassniki to mom", "Мам, твой пароль от госуслуг: @@R. Никому не говори, даже если звонят из банка!")),
    _f("spanish sms password", _hp(_ES),
       ("sms", "Mija, la contraseña del wifi nuevo es @@P, la puso tu tío"),
       ("whatsapp spanglish", "Bro la contra del Disney+ es @@Q, no la cambies porfa que la usa mi abuela"),
       ("office chat", "Oye Karla, te dejé acceso al SAP: usuario kperez, clave @@R (temporal)")),
    _f("italian whatsapp password", _hp(_IT),
       ("whatsapp", "Ciao zia, la password del wifi è @@P, tutto attaccato"),
       ("email", "Buongiorno,\nle credenziali per il gestionale sono: utente m.rossi, password @@Q.\nSaluti, Ufficio IT"),
       ("post-it transcript", "[foto del post-it sul monitor]\nPC cassa\nutente: negozio\n@@R")),
    _f("discord dm game account password", _hp(_EN),
       ("discord dm", "yo can u carry my ranked tonight? acc is xXshadowXx / @@P dont change anything"),
       ("server message", "#smurf-accounts: shared alt for scrims → login: teamalt_04 pass: @@Q"),
       ("reply", "> what was the minecraft realm acct pw again\n@@R lol same as always")),
]


# ---------------------------------------------------------------------------------------------
# Ordinary text: the same settings with the value masked, templated, prompted for or read from
# a store; public values beside secrets; code handling a secret by name; policy and prose.

_ORD_AGENT: list[str] = [
    "## Facts\n- The `orders.retry` queue exists on the staging vhost and is durable.\n"
    "  Verified by: `rabbitmqadmin -H mq-stg.internal -u ops_admin -p \"$RABBITMQ_PASSWORD\" -V orders list queues name durable`",
    "Debugging: consumer got ACCESS_REFUSED. rabbitmqadmin --username=svc-billing --password=*** list vhosts -> "
    "'Access refused'. Cause: no permissions on vhost /billing.",
    '{"tool": "bash", "input": {"command": "rabbitmqadmin -c ~/.rabbitmqadmin.conf -N staging list exchanges"}, "output": "9 exchanges"}',
    "verified by `mqttx pub -h mqtt.farm.lan -p 8883 -l mqtts -u greenhouse-01 -P \"$MQTT_PASS\" -t farm/gh1/temp -m 21.5` "
    "-> Connected ... Message published",
    "Decision: keep the built-in database authenticator for the bridge user. emqx.conf now has\n"
    "  bridges.mqtt.upstream { server = \"cloud:1883\", username = \"edge-07\", password = \"${EMQX_BRIDGE_PASSWORD}\" }",
    "- Redpanda topic `clickstream` has 12 partitions.\n  Verified by: rpk topic describe clickstream --profile prod "
    "(credentials from ~/.config/rpk/rpk.yaml, not shown)",
    "kafka_api:\n    brokers:\n        - seed.rp.internal:9092\n    sasl:\n        user: ingest\n"
    "        password: ${REDPANDA_SASL_PASSWORD}\n        mechanism: SCRAM-SHA-256",
    "Verified by: `ysqlsh -h yb-tserver-0.yb -U yugabyte -c 'select count(*) from accounts'` (password from ~/.pgpass) ->\n"
    " count\n-------\n 48213\n(1 row)",
    "YugabyteDB smoke check passed against postgresql://app_rw:<redacted>@yb-lb.internal:5433/payments?sslmode=require",
    "arangosh --server.endpoint tcp://arangodb.svc:8529 --server.username root --server.password \"$ARANGO_ROOT_PASSWORD\" "
    "--javascript.execute-string 'print(db._collections().length)'\n  14",
    "+ arangodump --server.endpoint ssl://adb.prod:8530 --server.username backup --server.password ******** "
    "--output-directory /backups/2026-12-06\nProcessed 31 collection(s) in 12.4 s",
    "Verified by `kopia repository connect filesystem --path /mnt/nas/kopia` (prompted: Enter password to open repository:) "
    "-> Connected to repository.",
    "1. export KOPIA_PASSWORD=$(pass show backup/kopia)\n2. kopia repository connect s3 --bucket=kopia-prod\n3. kopia snapshot list",
    "Fact: the `media` bucket grants RW to key `app-media`.\nVerified by `garage key info app-media` (secret hidden "
    "without --show-secret):\nKey ID:              GK3f9a1c2b7d8e4f5a6b7c8d9e\nKey name:            app-media\n"
    "Secret key:          (redacted)",
    "Temporal Cloud namespace `payments.a1b2c` accepts the worker key.\nverified by: temporal workflow list --namespace "
    "payments.a1b2c --api-key \"$TEMPORAL_API_KEY\" --limit 1",
    "client = await Client.connect(\n    \"payments.a1b2c.tmprl.cloud:7233\",\n    namespace=\"payments.a1b2c\",\n"
    "    api_key=os.environ[\"TEMPORAL_API_KEY\"],\n    tls=True,\n)",
    "Launched with: vllm serve Qwen/Qwen2.5-7B-Instruct --port 8000 --api-key \"$VLLM_API_KEY\" --max-model-len 16384",
    "curl http://gpu-3.lab:8000/v1/chat/completions \\\n  -H \"Authorization: Bearer ${VLLM_API_KEY}\" \\\n"
    "  -H 'Content-Type: application/json' -d @req.json",
    "Verified by: curl -k -u \"wazuh-wui:$WAZUH_API_PASS\" -X POST https://wazuh.sec.lan:55000/security/user/authenticate?raw=true -> a JWT",
    "hosts:\n  - default:\n      url: https://wazuh.manager\n      port: 55000\n      username: wazuh-wui\n"
    "      password: \"<WAZUH_WUI_PASSWORD>\"\n      run_as: false",
    "OpenSearch cluster green after the node swap (curl -sk -u admin:*** https://os-0.search:9200/_cluster/health)\n"
    "{\n  \"cluster_name\" : \"logs\",\n  \"status\" : \"green\",\n  \"number_of_nodes\" : 3\n}",
    "opensearch-node1:\n  image: opensearchproject/opensearch:2.17.1\n  environment:\n"
    "    - discovery.type=single-node\n    - OPENSEARCH_INITIAL_ADMIN_PASSWORD=${OPENSEARCH_INITIAL_ADMIN_PASSWORD}",
    "POST /api/collections/_superusers/auth-with-password HTTP/1.1\nHost: pb.side.dev\nContent-Type: application/json\n\n"
    "{\"identity\":\"me@side.dev\",\"password\":\"<your password>\"}",
    "const pb = new PocketBase('https://pb.side.dev');\n"
    "await pb.collection('_superusers').authWithPassword(process.env.PB_EMAIL, process.env.PB_PASSWORD);",
    "curl -X GET 'https://noco.team.io/api/v2/tables/m4x1z0/records?limit=5' \\\n  -H \"xc-token: $NOCODB_TOKEN\"",
    "NocoDB webhook 401: the automation was sending `xc-auth` instead of `xc-token`. Switched the header; token lives in "
    "the n8n credential 'NocoDB prod'.",
    "GET https://api.baserow.io/api/database/rows/table/48210/?user_field_names=true\nAuthorization: Token {{BASEROW_TOKEN}}",
    "Fact: table 77 has 312 rows. Verified by `http GET https://baserow.lab/api/database/rows/table/77/ "
    "\"Authorization:Token $BASEROW_TOKEN\" | jq .count` -> 312",
    "Immich CLI upload failing with 401. `immich login https://photos.home/api \"$IMMICH_API_KEY\"` fixed it (old key revoked).",
    "immich-go upload from-folder --server=https://photos.home --api-key=\"${IMMICH_KEY}\" /mnt/phone/DCIM",
    '{"tool_name":"http_request","arguments":{"method":"GET","url":"http://openwebui.lan:3000/api/models",'
    '"headers":{"Authorization":"Bearer ${OPENWEBUI_API_KEY}"}}}',
    "models:\n  - name: home-llama\n    provider: openai\n    apiBase: http://openwebui.lan:3000/api\n"
    "    apiKey: ${{ secrets.OPENWEBUI_KEY }}\n    model: llama3.1:8b",
    "curl https://flowise.acme.ai/api/v1/prediction/5b1f2c9e-0d4a-4c1b-9a77-2f1e0c3d9b10 \\\n  -X POST -H \"Authorization: Bearer $FLOWISE_KEY\" "
    "-H 'Content-Type: application/json' -d '{\"question\": \"status?\"}'",
    "Flowise returned `Unauthorized Access` because the chatflow is bound to the key named 'support-bot' (id 8c1d2e), "
    "not the default one.",
    "POST https://stats.blog.dev/api/auth/login\nContent-Type: application/json\n\n{\"username\": \"admin\", \"password\": \"{{UMAMI_PASSWORD}}\"}",
    "TOKEN=$(curl -s -X POST https://stats.blog.dev/api/auth/login -H 'content-type: application/json' "
    "-d \"{\\\"username\\\":\\\"admin\\\",\\\"password\\\":\\\"$UMAMI_PASSWORD\\\"}\" | jq -r .token)",
    "Semaphore job 7f3b · Block: Deploy · Job: push image\n01:02 $ docker login -u ci --password-stdin <<< \"$REGISTRY_PASSWORD\"\n"
    "01:02 Login Succeeded\n01:03 $ docker push",
    "version: v1.0\nname: Deploy\nblocks:\n  - name: Push\n    task:\n      secrets:\n        - name: registry\n"
    "      jobs:\n        - name: push\n          commands:\n            - make push",
    "[go] Task: /bin/bash -c \"mvn deploy -Dnexus.password=$NEXUS_PASSWORD\"\n[go] setting environment variable "
    "'NEXUS_PASSWORD' to value '********'\n[go] Current job status: passed",
    "<environmentvariables>\n  <variable name=\"DB_PASSWORD\" secure=\"true\">\n    <encryptedValue>AES:" + "Zm9vYmFy:" + "b3ZlcnNlZQ==</encryptedValue>\n"
    "  </variable>\n</environmentvariables>",
    "[01JF3Q] Running before_init hooks\n+ env | grep -i aws | sed 's/=.*/=***/'\nAWS_ACCESS_KEY_ID=***\nAWS_SECRET_ACCESS_KEY=***",
    "Ran Plan for dir: `envs/prod` workspace: `default`\n```diff\n+ resource \"grafana_data_source\" \"pg\" {\n"
    "+     secure_json_data_encoded = (sensitive value)\n```",
    "Decision: Backstage reads GitHub via the app.\nintegrations:\n  github:\n    - host: github.com\n"
    "      apps:\n        - $include: github-app-backstage-credentials.yaml",
    "app-config.production.yaml:\nbackend:\n  database:\n    client: pg\n    connection:\n      host: ${POSTGRES_HOST}\n"
    "      user: ${POSTGRES_USER}\n      password: ${POSTGRES_PASSWORD}",
    "Workspace agent stuck 'connecting'. CODER_AGENT_TOKEN is set (len 36), CODER_AGENT_URL=https://coder.dev.corp; "
    "the build it belongs to was deleted, so re-ran `coder restart`.",
    "$ coder login https://coder.dev.corp\nOpen the following in your browser:\n\thttps://coder.dev.corp/cli-auth\n"
    "> Paste your token here: \nWelcome to Coder, dev-ops! You're authenticated.",
    "$ skaffold render -p staging | grep -A4 'kind: Secret'\nkind: Secret\nmetadata:\n  name: api-db\n"
    "stringData:\n  DB_PASSWORD: {{ .Env.DB_PASSWORD }}",
    "deploy:\n  helm:\n    releases:\n      - name: api\n        chartPath: charts/api\n        setValueTemplates:\n"
    "          postgresql.auth.password: \"{{.PG_PASSWORD}}\"",
    "client = weaviate.connect_to_weaviate_cloud(\n    cluster_url=os.environ[\"WEAVIATE_URL\"],\n"
    "    auth_credentials=Auth.api_key(os.environ[\"WEAVIATE_API_KEY\"]),\n)",
    "weaviate:\n  environment:\n    AUTHENTICATION_APIKEY_ENABLED: 'true'\n    AUTHENTICATION_APIKEY_ALLOWED_KEYS: '${WEAVIATE_KEYS}'\n"
    "    AUTHENTICATION_APIKEY_USERS: 'ingest@corp.io'",
    "QuestDB PG wire works for Grafana.\nverified by: psql -h qdb.market -p 8812 -U admin -d qdb -c 'select count() from trades' "
    "(password typed at the prompt) -> 918232",
    "server.conf after the change:\npg.user=market_ro\npg.password=${QDB_PG_PASSWORD}\npg.readonly.user.enabled=true",
    "Decision: one identity per app in s3.json; secrets come from Vault at deploy time:\n{\"identities\": [{\"name\": \"loki\", "
    "\"credentials\": [{\"accessKey\": \"{{ .loki_ak }}\", \"secretKey\": \"{{ .loki_sk }}\"}]}]}",
    "POST https://auth.shop.io/oidc/token\nContent-Type: application/x-www-form-urlencoded\n\n"
    "grant_type=client_credentials&client_id=${LOGTO_APP_ID}&client_secret=${LOGTO_APP_SECRET}&scope=all",
    "supertokens.init({\n  supertokens: {\n    connectionURI: process.env.ST_CORE_URI,\n    apiKey: process.env.ST_API_KEY,\n"
    "  },\n  appInfo: { appName: \"shop\", apiDomain: \"https://api.shop.io\" },\n});",
    "Decision: self-host SuperTokens core with an API key; config.yaml has\napi_keys: \"${API_KEYS}\"  # injected by the chart",
]

_ORD_FORMATS: list[str] = [
    "[options]\naddons_path = /mnt/extra-addons\nadmin_passwd = False\ndb_host = db\ndb_port = 5432\ndb_user = odoo\n"
    "db_password = False\nproxy_mode = True",
    "docker run -d -p 8069:8069 --name odoo17 --link pg:db -e HOST=db -e USER=odoo -e PASSWORD_FILE=/run/secrets/pg odoo:17.0",
    "My odoo.conf has admin_passwd set but the database manager still says 'Access Denied' when I try to back up. "
    "Odoo 16 community on Ubuntu 22.04. Any idea?",
    "{\n \"db_name\": \"_1f3b2a9c0d7e4a11\",\n \"db_type\": \"mariadb\",\n \"host_name\": \"https://erp.shop.ke\",\n "
    "\"maintenance_mode\": 0\n}",
    "$ bench new-site erp.shop.ke --mariadb-root-password $MARIADB_ROOT_PASSWORD --admin-password $ADMIN_PASSWORD\n"
    "Installing frappe...",
    "server_name: \"chat.example.org\"\nregistration_shared_secret_path: /run/secrets/synapse_registration\n"
    "macaroon_secret_key_path: /run/secrets/synapse_macaroon\nsigning_key_path: \"/data/chat.example.org.signing.key\"",
    "register_new_matrix_user -c /data/homeserver.yaml -u admin -a http://localhost:8008\nNew user password: \nConfirm password: \nSending registration request...",
    "listening-port=3478\nfingerprint\nuse-auth-secret\nstatic-auth-secret=__TURN_SECRET__\nrealm=turn.example.org",
    "turn_uris: [ \"turn:turn.example.org?transport=udp\" ]\nturn_shared_secret_path: /run/secrets/turn\nturn_user_lifetime: 86400000",
    "JICOFO_AUTH_PASSWORD=\nJVB_AUTH_PASSWORD=\nJIGASI_XMPP_PASSWORD=\nJIBRI_RECORDER_PASSWORD=\n"
    "# run ./gen-passwords.sh to fill these\nPUBLIC_URL=https://meet.school.ac",
    "$ sudo bbb-conf --secret\n\n    URL: https://bbb.uni.edu/bigbluebutton/\n    Secret: (hidden, use --show)\n",
    "MAILCOW_HOSTNAME=mail.firma.de\nDBNAME=mailcow\nDBUSER=mailcow\nDBPASS=\nDBROOT=\n# generate_config.sh fills DBPASS and DBROOT",
    "docker compose exec mysql-mailcow mysql -umailcow -p${DBPASS} mailcow -e \"SELECT username FROM mailbox;\"",
    "secrets:\n  peertube: ''  # openssl rand -hex 32\n\ndatabase:\n  hostname: 'postgres'\n  port: 5432\n  username: 'peertube'\n  password: ''",
    "env:\n  DISCOURSE_HOSTNAME: forum.makers.nz\n  DISCOURSE_SMTP_ADDRESS: smtp.mailgun.org\n  DISCOURSE_SMTP_PORT: 587\n"
    "  DISCOURSE_SMTP_USER_NAME: postmaster@mg.makers.nz\n  DISCOURSE_SMTP_PASSWORD: \"\"  # set before ./launcher rebuild",
    "NODE_ENV=production\nSECRET_KEY=generate_a_new_key\nUTILS_SECRET=generate_a_new_key\n"
    "DATABASE_URL=postgres://user:pass@postgres:5432/outline\nURL=https://wiki.team.io",
    "source_directories:\n    - /home\n    - /etc\nrepositories:\n    - path: ssh://u12345@u12345.your-storagebox.de:23/./borg\n"
    "encryption_passcommand: secret-tool lookup borg-repository storagebox\nkeep_daily: 7",
    "BORG_PASSCOMMAND='cat /root/.borg-passphrase' borg create --stats ::'{hostname}-{now}' /srv/nextcloud",
    "# user = password\nadmin = ENC(7a3f09c1e2b4d5f6)\norders-svc = ENC(9b1c2d3e4f5a6b7c)\n# passwords masked with ./artemis mask",
    "./artemis queue stat --user admin --password \"$ARTEMIS_PASSWORD\" --url tcp://artemis-0:61616",
    "[redis]\nclient = yes\naccept = 127.0.0.1:6380\nconnect = redis.prod:6381\nciphers = PSK\nPSKidentity = backup-node\n"
    "PSKsecrets = /etc/stunnel/psk.txt",
    "# /etc/exim4/passwd.client\n# target.mail.server.example:login:password\n# (managed by ansible role exim_smarthost; see vault)",
    "Server1.Active=yes\nServer1.Name=newshosting\nServer1.Host=news.newshosting.com\nServer1.Port=563\n"
    "Server1.Username=jdoe77\nServer1.Password=\nServer1.Encryption=yes",
    "{\n  \"name\": \"Friday megabase\",\n  \"visibility\": {\"public\": false, \"lan\": true},\n  \"username\": \"\",\n"
    "  \"token\": \"\",\n  \"game_password\": \"\",\n  \"_comment_token\": \"Authentication token. May be used instead of 'password' above.\"\n}",
    "type: S3\nconfig:\n  bucket: thanos-metrics\n  endpoint: s3.eu-central-1.amazonaws.com\n  aws_sdk_auth: true\n  insecure: false",
    "# /etc/turnserver.conf\nlt-cred-mech\nuserdb=/var/lib/turn/turndb\nrealm=meet.example.org",
]

_ORD_VENDOR: list[str] = [
    "TINYBIRD_HOST=https://api.tinybird.co\nTINYBIRD_TOKEN=${TB_TOKEN}",
    "curl -H \"Authorization: Bearer $TB_TOKEN\" 'https://api.tinybird.co/v0/pipes/top_pages.json?limit=10'",
    "# Created by Vercel CLI\nBLOB_READ_WRITE_TOKEN=\"\"\nPOSTGRES_URL_NON_POOLING=\"\"",
    "const blob = await put(filename, file, { access: 'public', token: process.env.BLOB_READ_WRITE_TOKEN });",
    "UPLOADTHING_TOKEN='...'  # copy from the UploadThing dashboard > API Keys",
    "ConfigCat:\n  SdkKey: \"#YOUR-SDK-KEY#\"\n  PollIntervalSeconds: 60",
    "client := configcat.NewClient(os.Getenv(\"CONFIGCAT_SDK_KEY\"))\ndefer client.Close()",
    "MEM0_API_KEY=your-mem0-api-key\nOPENAI_API_KEY=${OPENAI_API_KEY}",
    "curl --request GET --url https://api.mercury.com/api/v1/accounts --header \"Authorization: Bearer $MERCURY_API_TOKEN\"",
    "const client = new SumUp({ apiKey: process.env.SUMUP_API_KEY });",
    "PHASE_SERVICE_TOKEN=pss_service:v2:<token>\nPHASE_HOST=https://console.phase.dev",
    "heroku config:set DOTENV_KEY=\"$(npx dotenv-vault keys production)\"",
    "composer config --global --auth http-basic.repo.packagist.com token \"$PACKAGIST_TOKEN\"",
    "client = OpenAI(api_key=os.environ[\"QIANFAN_API_KEY\"], base_url=\"https://qianfan.baidubce.com/v2\")",
    "export DASHSCOPE_API_KEY=\"sk-xxxxxxxxxxxxxxxxxxxxxxxx\"  # 替换为你的 API Key",
    "SILICONFLOW_API_KEY=sk-************************************************",
    "- uses: phasehq/phase-github-action@v1\n  with:\n    phase_service_token: ${{ secrets.PHASE_SERVICE_TOKEN }}\n    phase_app: backend",
    '{"mcpServers": {"mem0": {"command": "uvx", "args": ["mem0-mcp"], "env": {"MEM0_API_KEY": "${MEM0_API_KEY}"}}}}',
]


def _ssh_fp() -> str:
    return "SHA256:" + base64.b64encode(_RNG.randbytes(32)).decode().rstrip("=")


def _gpg_fp() -> str:
    return " ".join(_hx(4).upper() for _ in range(10))


def _ed25519_pub() -> str:
    return "ssh-ed25519 " + base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + _RNG.randbytes(32)).decode()


_ORD_PUBLIC: list[str] = [
    f"## Facts\n- main is at {_sha()} after the merge of #1182.\n  Verified by: `git rev-parse origin/main`",
    f"Pinned the image by digest: ghcr.io/acme/api@{_digest()} (tag v2.14.3 moves).",
    f"Fact: the workflow run id is 11290481337, job id 31455021, commit {_sha()[:12]}. Verified by `gh run view --json`.",
    f"kopia snapshot list /srv\n  2026-12-06 02:00:04 CET k{_hx(32)} 3.2 GB drwxr-xr-x files:48121 dirs:9012 (latest-1,daily-1)",
    f"Key ID:              GK{_hx(24)}\nKey name:            grafana-ro\nCan create buckets:  false\n"
    "Buckets: dashboards (R)",
    f"Temporal run: workflow id order-8812, run id {_uuid()}, task queue payments-tq, status COMPLETED",
    f"vllm: INFO 12-06 09:12:41 api_server.py:650] Using model Qwen/Qwen2.5-7B-Instruct, revision {_sha()}",
    f"wazuh agent 003 registered: id 003, name web-03, key fingerprint {_hx(64)}",
    f"Host key for os-0.search verified: ED25519 key fingerprint is {_ssh_fp()}.",
    f"Release signed with key {_gpg_fp()} (Outline release team).",
    f"Added deploy key to backstage repo:\n{_ed25519_pub()} backstage-deploy@ci",
    f"PocketBase record created: id \"{_r(15, LOWER)}\", collectionId \"pbc_{_r(10, string.digits)}\", created 2026-12-06 10:11:12.345Z",
    f"NocoDB base p{_r(14, LOWER)} / table m{_r(14, LOWER)} / view vw{_r(14, LOWER)} — link this in the runbook.",
    f"Immich asset {_uuid()} checksum (sha1, base64) {base64.b64encode(_RNG.randbytes(20)).decode()}",
    f"Semaphore workflow {_uuid()} pipeline {_uuid()} passed in 4m12s on commit {_sha()}",
    f"GoCD: pipeline api-deploy counter 482, stage build/1, material revision {_sha()}",
    f"Spacelift run 01J{_r(23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')} finished: 3 to add, 1 to change, 0 to destroy",
    f"Coder workspace id {_uuid()}, agent id {_uuid()}, template version {_uuid()}",
    f"Skaffold built api:{_sha()[:7]} -> {_digest()}",
    f"Weaviate object {_uuid()} vector dims 1536, class Article, tenant eu-1",
    f"QuestDB table trades: designated timestamp ts, partition DAY, wal true, txn {_RNG.randint(10**6, 10**7)}",
    f"SeaweedFS volume 14 replicated 010, fid 3,{_hx(10)}, size 812331",
    f"Logto application id {_r(21, LOWER)} (public SPA app, no secret)",
    f"Synapse: event ${_b64url(32)} in room !{_r(18)}:chat.example.org",
    f"BigBlueButton meeting id {_hx(40)}-{_RNG.randint(10**12, 10**13)} (internal), 14 participants",
    f"mailcow DKIM public record: v=DKIM1;k=rsa;t=s;s=email;p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{_b64(48)}",
    f"PeerTube video uuid {_uuid()}, short id {_r(22)}",
    f"Odoo 17.0 build 20261201 — enterprise hash {_hx(40)}; module account version 17.0.1.2",
    f"borg list: nas-2026-12-06T02:00:01  Sun, 2026-12-06 02:00:03 [{_hx(64)}]",
    f"Artemis cluster node id {_uuid()}, journal file activemq-data-{_RNG.randint(1, 900)}.amq",
    f"Factorio 2.0.23 build {_RNG.randint(70000, 80000)}, mod checksum {_hx(8)}",
    f"Thanos block 01J{_r(23, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')} compacted (level 3, 2w, downsampled 5m)",
    f"Tinybird job id {_uuid()}, datasource t_{_hx(32)}",
    f"ConfigCat config id 08d{_hx(5)}-{_hx(4)}-{_hx(4)}-{_hx(4)}-{_hx(12)}, environment 'production'",
    f"DashScope request_id: {_uuid()}, usage: input_tokens 812, output_tokens 240",
    f"Mercury transaction id {_uuid()}, counterparty 'AWS', amount -1,204.55 USD",
    f"Composer lock content-hash {_hx(32)}; packagist mirror synced at 2026-12-06T11:00Z",
]

_ORD_CODE: list[str] = [
    "def rabbit_client() -> Client:\n    return Client(host=settings.RABBITMQ_HOST, user=settings.RABBITMQ_USER,\n"
    "                  password=settings.RABBITMQ_PASSWORD)",
    "password = getpass.getpass(\"Kopia repository password: \")\nsubprocess.run([\"kopia\", \"repository\", \"connect\", "
    "\"filesystem\", \"--path\", path], input=password, text=True, check=True)",
    "const apiKey = process.env.FLOWISE_API_KEY;\nif (!apiKey) throw new Error('FLOWISE_API_KEY is not set');",
    "func temporalClient() (client.Client, error) {\n\treturn client.Dial(client.Options{\n\t\tHostPort:    os.Getenv(\"TEMPORAL_ADDRESS\"),\n"
    "\t\tCredentials: client.NewAPIKeyStaticCredentials(os.Getenv(\"TEMPORAL_API_KEY\")),\n\t})\n}",
    "headers = {\"xc-token\": os.environ[\"NOCODB_TOKEN\"]}\nresp = httpx.get(f\"{BASE}/api/v2/tables/{table}/records\", headers=headers)",
    "let token = std::env::var(\"IMMICH_API_KEY\").context(\"IMMICH_API_KEY missing\")?;\n"
    "req = req.header(\"x-api-key\", token);",
    "SECRET_KEY = env(\"NETBOX_SECRET_KEY\")\nif len(SECRET_KEY) < 50:\n    raise ImproperlyConfigured(\"SECRET_KEY must be at least 50 characters\")",
    "# redact before logging\nsafe = {k: (\"***\" if k.lower() in {\"password\", \"token\", \"api_key\", \"secret\"} else v) for k, v in cfg.items()}",
    "masked = re.sub(r'(password=)[^&\\s]+', r'\\1***', url)",
    "@Value(\"${artemis.password}\")\nprivate String artemisPassword;",
    "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
    "password := os.Getenv(\"MQTT_PASSWORD\")\nopts.SetPassword(password)",
    "if err := vault.KVv2(\"secret\").Get(ctx, \"coturn\"); err != nil {\n\treturn fmt.Errorf(\"read static-auth-secret: %w\", err)\n}",
    "export OPENSEARCH_INITIAL_ADMIN_PASSWORD=\"$(openssl rand -base64 24)\"",
    "read -rsp 'Odoo master password: ' ODOO_MASTER && echo",
    "kubectl create secret generic thanos-objstore --from-file=objstore.yml=./objstore.yml --dry-run=client -o yaml | kubeseal > sealed.yaml",
    "def check_password_strength(pw: str) -> bool:\n    return len(pw) >= 12 and not pw.lower().startswith((\"summer\", \"winter\", \"password\"))",
    "$ pass insert infra/garage/app-media\nEnter password for infra/garage/app-media: \nRetype password for infra/garage/app-media: ",
    "$ op read \"op://Infra/wazuh-wui/password\" | wazuh-cli login --password-stdin",
    "secretKeyRef:\n  name: peertube-secrets\n  key: PEERTUBE_SECRET",
]

_ORD_HUMAN: list[str] = [
    "[06/12/26, 9:14 PM] Bapa: ଘର wifi ର password ବଦଳାଇଲି, ମୁଁ ତୁମକୁ call କରି କହିବି\n[06/12/26, 9:15 PM] Subha: ok bapa",
    "Ticket #4471 (Cuttack branch): sir mora computer password bhuli gali, reset kariba pain request. Employee ID 20714.",
    "ورور، د دفتر wifi پاسورډ به درته په کاغذ ورکړم، په چټ کې يې نه لیکم",
    "کاکە وشەی نهێنی ئیمەیڵەکەت بگۆڕە، لانیکەم ١٢ پیت و ژمارە",
    "Heval, şîfreya wifi ya malê li ser routerê nivîsandî ye, li pişt wê binêre.",
    "Салом! Пароли нави 1С-ро ба шумо тавассути SMS мефиристем. Логин ҳамон farrukh.buh.",
    "Байке, роутердин сырсөзүн эртең айтам, азыр эсимде жок",
    "Аты-жөнү\tЛогин\tСырсөз\tБөлүм\nАсанова Бермет\tbermet.a\t(өзүнө берилди)\tБухгалтерия",
    "Salam dost, täze açar sözüni saňa jaň edip aýdaryn, ýazmaýyn.",
    "Заявка: Гөлназ Хәкимова, серсүзне оныттым, яңасын җибәрегез пожалуйста. Таб. № 5512",
    "Мама, пароль ад вайфаю напісаны на роўтары знізу, на наклейцы.",
    "  412  mysql -u zubr_admin -p shop_minsk\n  413  history | tail",
    "Лозинката треба да има најмалку 12 знаци, голема буква и бројка.",
    "Përshëndetje, nuk po hyj dot në sistem. Ju lutem më dërgoni një lidhje për rivendosjen e fjalëkalimit. Drita",
    "Poštovani,\n\nVaš privremeni pristup za portal poslat ćemo SMS-om.\nMolimo promijenite šifru pri prvoj prijavi.\nLP, IT služba",
    "Mae'r cyfrinair ar y cerdyn yn y swyddfa — gofynnwch i Bethan.",
    "Polisi cyfrineiriau: o leiaf 12 nod, dim enwau anifeiliaid anwes na thimau rygbi.",
    "Demat! Ger-tremen ar wifi a vo roet deoc'h gant ar sekretourez.",
    "A charaid, cuiridh mi am facal-faire ùr thugad air teacsa. Mar sin leat, Seonag",
    "Heit, it wachtwurd fan de wifi stiet op it briefke by de router.",
    "Moien! D'Passwuert fir de Wifi kritt dir um Comptoir.",
    "Ouma se Facebook wagwoord is in die kluis app, vra vir Riaan.",
    "Naam,Gebruiker,Wagwoord,Tak\nvan der Merwe J,jvdmerwe,(gestuur per SMS),Stellenbosch",
    "Sisi, iphasiwedi entsha ye-wifi ibhalwe ngemva kwe-router.",
    "Nwanne m, zitere m paswọọdụ ọhụrụ site na SMS, ọ bụghị ebe a.",
    "Ijambo ry'ibanga rigomba kuba rifite inyuguti 12 nibura, harimo imibare.",
    "Salama! Ny tenimiafina vaovao dia halefa aminao amin'ny SMS.",
    "Obboleessa, jecha iccitii wifi ofiisii keessatti siif kenna.",
    "ሰላም ሓወይ፡ ፓስዎርድ ብተሌፎን ክነግረካ እየ።",
    "Day, ang password sa wifi naa sa likod sa router, tan-awa lang",
    "  88  sudo mysql -uinday -p payroll_cebu\n  89  exit",
    "Kang, kecap akses wifi kantor tanyakeun ka resepsionis nya",
    "Kia ora whānau, ka tukuna te kupuhipa hou mā te karere.",
    "Talofa uso, o le upu faalilolilo o loo i luga o le pepa i le pusa.",
    "Allillanchu turay, wifi pakasqa siminta willasqayki telefonopi.",
    "Che ra'a, la contraseña pyahu ame'ẽta ndéve WhatsApp-pe personalmente.",
    "Bonswa cheri, m ap voye modpas wifi a ba ou pa mesaj apa.",
    "Tikè #208 — Klinik Jakmel: òdinatè resepsyon an pa ouvri, tanpri rele IT. Mèsi",
    "טייערער יאנקל, דאס נייע פּאַראָל וועט איך דיר זאָגן אויפֿן טעלעפֿאָן",
    "ཨ་ཅག wifi ཡི་གསང་ཨང་ ཁ་པར་ནང་བཤད་ཆོག",
    "ئاكا، wifi نىڭ مەخپىي نومۇرىنى تېلېفوندا دەپ بېرەي",
    "↳ replying to Priya: \"anyone know the login for the conference room tablet?\"\nMark: it's in 1Password under Rooms > Tablet",
    "sorry forgot to send — staging admin login is in the team vault, ping me if you can't see it",
    "Voicemail from Dad (0:42): \"hey it's me, the internet guy came, the new wifi thing is written on the box, ok love you bye\"",
    "Speaker 2  03:14\nSo for the demo laptop, the password's on the sticky inside the case, don't read it out on the recording.",
    "Hi it's Dave (landlord). Router got replaced today. Network BT-HUB-7F2K, password is on the card on the back. Cheers",
    "Welcome! 🏡 Lockbox code will be sent the morning of check-in. WiFi details are in the house manual.",
    "Comment on C14 (Vendor portal):\nAmy Chen: what's the pw here?\nSam Ortiz: moved it to 1Password (Vendors vault)",
    "Site\tURL\tUser\tPassword\tNotes\nCanva\tcanva.com\tmarketing@shop.co\t→ 1Password\tshared w/ interns",
    "Salut, pour le VPN c'est toujours julien.m, le mdp je te le donne de vive voix",
    "Bonjour,\nJ'ai réinitialisé votre accès, vous allez recevoir un lien par e-mail pour choisir un nouveau mot de passe.\nCordialement",
    "Hi, das Kennwort fürs NAS bekommst du persönlich, nicht per Mail. LG",
    "Слушай, пароль от вайфая на даче скажу при встрече, Серёга поменял",
    "Mija, la contraseña del wifi está pegada en el módem",
    "Ciao zia, la password del wifi è scritta sotto il router",
    "yo can u carry my ranked tonight? i'll send login in a sec on signal",
    "Passwortrichtlinie: mindestens 12 Zeichen, keine Vornamen, keine Jahreszahlen, kein Vereinsname.",
    "Politique de mots de passe : 12 caractères minimum, pas de prénom, pas de date de naissance, pas de saison + année.",
    "Your new password must not contain your name, your pet's name, a season or a year, and must not be one of your last 5 passwords.",
    "Правила паролей: не менее 12 символов, без имён, дат рождения и названий футбольных клубов.",
    "La contraseña debe tener al menos 12 caracteres y no puede incluir el nombre de tu equipo ni tu año de nacimiento.",
    "Don't use keyboard walks like the ones in the top-100 lists; a four-word passphrase from the generator is easier to remember.",
]

# A scanner that keeps false positives down could refuse these, or flag them: each holds a
# value that looks like a credential but is public, a documented example or a sample hash.
_ORD_DEBATABLE: list[str] = [
    "NEXT_PUBLIC_POSTHOG_KEY=phc_" + _r(43) + "\nNEXT_PUBLIC_POSTHOG_HOST=https://eu.i.posthog.com",
    "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_" + "live_" + _r(99),
    "SUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJhbm9uIn0." + _b64url(32),
    "firebaseConfig = { apiKey: \"AIza" + "Sy" + _r(33, ALNUM + "-_") + "\", authDomain: \"shop-7f2.firebaseapp.com\", projectId: \"shop-7f2\" }",
    "Artemis mask output: ./artemis mask --hash s3cr3t -> result: " + _hx(96),
    "htpasswd entry (bcrypt, no plaintext): admin:$2y$05$" + _r(53, ALNUM + "./"),
    "synapse: password_hash for @admin:chat.example.org is $2b$12$" + _r(53, ALNUM + "./"),
    "Example from the Tinybird docs: TB_TOKEN=p.eyJ1IjogIjAwMDAiLCAiaWQiOiAiMDAwMCJ9.example_signature",
    "ConfigCat key shipped in the public mobile bundle (client-side SDK keys are not treated as secret): "
    + _configcat(),
    "wireguard peer public key: " + base64.b64encode(_RNG.randbytes(32)).decode(),
    "Mapbox public token for the marketing map: pk." + _b64url(45) + "." + _r(22),
    "Clerk publishable key: pk_" + "live_" + base64.b64encode(b"clerk.shop.io$").decode(),
    "Example in our wiki: `export DASHSCOPE_API_KEY=sk-0123456789abcdef0123456789abcdef` — replace with yours.",
    "Test card for SumUp sandbox: 4200 0000 0000 0042, CVV 123, any future date",
    "Turn REST API example: username 1733480000:alice, credential computed as base64(hmac-sha1(secret, username))",
    "default creds in the Factorio docker image docs: USERNAME=, TOKEN= (both empty unless you set them)",
    "The router sticker says Network: SKY7F2K1, Key: see app (no key printed on newer models)",
    "Default PocketBase superuser is created on first run; the installer prints a one-time link, not a password.",
    "ERPNext default login for the demo site is Administrator / admin (reset on every demo rebuild).",
    "OpenSearch demo config uses admin/admin only before 2.12; newer images require OPENSEARCH_INITIAL_ADMIN_PASSWORD.",
]

_ORD_MORE: list[str] = [
    "Rotate the RabbitMQ, Redpanda and Artemis credentials quarterly; the runbook lists who owns each.",
    "Decision: no secrets in ledger entries — write the variable name and where it lives (Vault path or 1Password item).",
    "Debugging note: the 401 came from an expired token, not a wrong one; `exp` in the JWT header claims was 2026-12-05.",
    "The temporal worker logs `api key: [redacted]` on start; confirmed the redaction in logger.go:88.",
    "Open WebUI: API keys are per user and can be disabled under Admin > Settings > General > Enable API Key.",
    "Wazuh: change the default passwords with wazuh-passwords-tool.sh -a before exposing the dashboard.",
    "Kopia stores the repository password in the OS keychain if --persist-credentials is set; we turn it off on servers.",
    "Coturn with use-auth-secret derives per-user credentials from a time-limited username and an HMAC; nothing static is sent to clients.",
    "BigBlueButton API calls carry a checksum (sha256 of call name + query + secret), never the secret itself.",
    "Baserow database tokens can be scoped per table to create/read/update/delete; we issue read-only ones to Metabase.",
    "Mercury API tokens can be read-only or read-write, and IP-allowlisted; ours is read-only for bookkeeping.",
    "Phase service tokens are scoped to one app and environment; revoke in Console > Access > Service accounts.",
    "Vercel Blob tokens are per store; the preview environment uses a separate store.",
    "dotenv-vault keeps the decryption key out of the repo; only .env.vault (encrypted) is committed.",
    "Private Packagist: use an org read-only token in CI and a user update token only on your machine.",
    "百炼 DashScope 的 API Key 请存放在环境变量中，不要写进代码仓库。",
    "SiliconFlow 的密钥泄露后请立即在控制台删除并重新生成。",
    "QuestDB: pg.readonly.user.enabled=true creates a second user for dashboards; its password is set via env var.",
    "ErpNext: the site encryption_key protects stored passwords; back it up with the database or restored passwords are lost.",
    "Synapse: registration_shared_secret lets anyone with it create admin accounts, so keep it out of shared configs.",
]


FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(blind_corpus.interleave(
        blind_corpus.round_robin(_AGENT, _FORMATS, _HUMAN), _VENDOR_RAW))
]


TWELFTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in TWELFTH_SECRETS}

# The families of each weight, for reports that break results down by where a secret sits.
AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)

# The families whose values carry a vendor's name, prefix, header or marker; the rest are
# generic (a generic family may still hold a vendor token, placed where an agent writes it).
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a Coder agent
# token is a bare UUID, a voice-memo transcript states its password in running speech, and a
# stunnel PSK file is ``identity:key`` lines with no word naming a secret on the line.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"coder workspace agent token debug note", "voice memo transcript password",
     "stunnel psk secrets file"}
)

# Two settings entries a scanner could refuse as well: a sample .env's literal ``user:pass``
# URL and a GoCD variable whose encrypted value is written out.
_ORD_FORMATS_DEBATABLE: list[str] = [
    text for text in (*_ORD_AGENT, *_ORD_FORMATS)
    if "postgres://user:pass@" in text or "<encryptedValue>AES:" in text
]

TWELFTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_PUBLIC, *_ORD_CODE,
                               *_ORD_HUMAN, *_ORD_DEBATABLE, *_ORD_MORE]

DEBATABLE: list[str] = [*_ORD_DEBATABLE, *_ORD_FORMATS_DEBATABLE]


_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, TWELFTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("twelfth", FAMILIES, TWELFTH_SECRETS, TWELFTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(70, 210, 200),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in TWELFTH_SECRETS]
    assert len(texts) == len(set(texts))


_self_check()
