"""A tenth credentials corpus, written blind, weighted to agent ledgers in uncommon stacks,
niche config files and vendor tokens, and passwords people type in many languages.

Its author saw neither the scanner, its rules nor the samples of the nine earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py`` and
``credential_corpus_fourth.py`` to ``credential_corpus_ninth.py``); only their family names,
collected by code so that every family here is new (``_self_check`` holds that), the helpers
``Family``, ``Values``, ``family`` and ``split_by_family`` of the third, ``blind_corpus`` and
the opening and closing structure of the ninth, so that the same measuring code runs on this
one.  It is weighted, about a third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora lean on less:
  facts "verified by" a command with its output (Nomad variables, Pulumi ESC, deployctl,
  ``sf org display``, ``nats context info``, ``kcadm.sh``, ``midclt``, ``govc``, PAN-OS keygen),
  decisions quoting a config line, debugging summaries, copied HTTP requests to ServiceNow,
  Rundeck, TrueNAS and OPNsense, Flink SQL DDL, Kafka Connect REST calls, Tekton and Gitea
  Actions logs, AWX and Packer runs, tool-call JSON, Bun, Deno, Zig, R and opam settings;
* config and credential files of small tools (rsyncd and davfs2 secrets, s3fs passwd, boto,
  Dovecot passwd-files, Asterisk AMI, Icecast, Murmur, TeamSpeak, WeeChat, sendmail AuthInfo,
  Graylog, frp, Trojan, Hysteria, Syncthing, Transmission, Pi-hole, Node-RED, NUT, Bacula,
  Kodi) and vendor tokens with their prefixes from public secret-scanner rule lists
  (``VENDOR_FAMILIES``);
* passwords people choose (names with dates, seasons, keyboard walks, leetspeak, passphrases,
  pet names, teams with numbers) where they type them: chat, tickets and email in Tagalog,
  Malay, Amharic, Yoruba, Hausa, Zulu, Nepali, Sinhala, Khmer, Lao, Burmese, Kazakh, Uzbek,
  Azerbaijani, Serbian Cyrillic, Bulgarian, Slovak, Slovenian, Lithuanian, Latvian, Estonian,
  Finnish, Danish, Norwegian, Icelandic, Irish, Catalan, Basque, Galician and Maltese, often
  code-mixed with English; spreadsheets, wikis, sticky notes and shell history.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``TENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``TENTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same entries,
    commands and configs with the value masked, templated, prompted for or read from a store;
    the public values that sit beside secrets (commit SHAs, digests, UUIDs, ids, public keys,
    fingerprints); code that handles a secret by name only; password policy text and prose
    about credentials that holds none, in several languages.  ``DEBATABLE`` names the entries
    a reasonable scanner could refuse; ``UNSURE_FAMILIES`` the families a reasonable scanner
    could let through.
``AGENT_FAMILIES`` / ``FORMAT_FAMILIES`` / ``HUMAN_FAMILIES`` / ``VENDOR_FAMILIES``
    the families of each weight (vendor families are counted apart from the three).
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator (``random.Random(10_2026_12_07)``) with the length,
alphabet and inner structure of their kind (none of the formats here carries a checksum);
people's passwords come from a generator of the patterns people use, fed with words of the
language or place of each sample; each sample draws fresh values.  Distinctive prefixes and
armour are split in the source, so no literal here is a real secret or stops a push-protection
scanner.  Templates name their values
``@@A`` .. ``@@Z`` (single letters; a diff hunk header such as ``@@ -4,6 +4,7 @@`` is text).
"""

# ruff: noqa: RUF001

from __future__ import annotations

import base64
import hashlib
import random
import re
import string
import uuid

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, Values, family, split_by_family

_RNG = random.Random(10_2026_12_07)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


def _r(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _hex(n: int) -> str:
    return _r(n, HEX)


def _b64(nbytes: int) -> str:
    return base64.b64encode(_RNG.randbytes(nbytes)).decode()


def _b64url(nbytes: int) -> str:
    return base64.urlsafe_b64encode(_RNG.randbytes(nbytes)).decode().rstrip("=")


def _uuid() -> str:
    return str(uuid.UUID(int=_RNG.getrandbits(128), version=4))


def _jwt(claims: str) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(claims.encode()).decode().rstrip("=")
    return f"{head}.{body}.{_b64url(32)}"


_WORDS = ("Sunshine", "Dragon", "Monkey", "Shadow", "Princess", "Football", "Liverpool",
          "Chelsea", "Barcelona", "Summer", "Winter", "Autumn", "Spring", "Welcome", "Freedom",
          "Rocky", "Bella", "Charlie", "Max", "Luna", "Coffee", "Pizza", "Tiger", "Falcon")
_WALKS = ("qwerty", "asdfgh", "1qaz2wsx", "zaq12wsx", "qazwsx", "1q2w3e4r", "poiuyt", "zxcvbn")
_SYMS = "!@#$%&*?."


def _pw(words: tuple[str, ...] = _WORDS) -> str:
    """A password of the patterns people use, built on ``words``."""
    word = _RNG.choice(words)
    year = str(_RNG.choice(range(1978, 2027)))
    kind = _RNG.randrange(7)
    if kind == 0:
        return f"{word}{year}{_RNG.choice(_SYMS)}"
    if kind == 1:
        return f"{word}{_RNG.randint(1, 28):02d}{_RNG.randint(1, 12):02d}{year[2:]}"
    if kind == 2:
        walk = _RNG.choice(_WALKS)
        return f"{walk.capitalize()}{_RNG.choice(_SYMS)}{_RNG.randint(1, 99)}"
    if kind == 3:
        leet = word.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
        return f"{leet}{_RNG.randint(1, 999)}"
    if kind == 4:
        other = _RNG.choice(words).lower()
        return f"{word.lower()}-{other}-{_RNG.randint(10, 99)}"
    if kind == 5:
        return f"{word}{_RNG.choice(_SYMS)}{_RNG.randint(1, 99)}"
    return f"{word}{year}"


def _mpw() -> str:
    """A machine-generated password as a vault or ``openssl rand`` would give."""
    return _r(_RNG.choice((20, 24, 28, 32)), ALNUM + "-_")


def _fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace(f"@@{key}", value)
    return template


def _f(name: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values`` into their template."""
    return Family(name, "A", tuple((setting, _fill(text, values())) for setting, text in samples))


def _p() -> dict[str, str]:
    return {"P": _mpw()}


def _hp() -> dict[str, str]:
    return {"P": _pw()}


def _sn() -> dict[str, str]:
    pw = _pw()
    return {"P": pw, "B": base64.b64encode(f"svc_integration:{pw}".encode()).decode()}


def _aws() -> dict[str, str]:
    return {"A": "AK" "IA" + _r(16, UPPER_ALNUM), "S": _r(40, B64), "P": _mpw()}


def _azure_secret() -> str:
    return _r(3, ALNUM) + "8Q~" + _r(34, ALNUM + "_.~-")


def _sfdx() -> str:
    return "5Aep861" + _r(80, ALNUM + "._")


def _panos() -> str:
    return "LUFR" "PT" + _b64(72)


def _rsa_body() -> str:
    return "\\n".join(_b64(48) for _ in range(6))


_PEM_HEAD = "-----BEGIN " + "RSA PRIVATE KEY-----"
_PEM_TAIL = "-----END " + "RSA PRIVATE KEY-----"


_AGENT: list[Family] = [
    _f(
        "nomad variable get output secret", _p,
        ("ledger fact", "Fact: the payments job reads its DB login from Nomad Variables, verified "
         "by `nomad var get nomad/jobs/payments`:\n```\nNamespace   = default\nPath        = "
         "nomad/jobs/payments\nCheck Index = 4821\n\nItems\ndb_password = @@P\n"
         "db_user     = payments\n```"),
        ("debugging summary", "Debugging: the template stanza rendered an empty file because the "
         "key is `db_password`, not `password`; `nomad var get -item=db_password "
         "nomad/jobs/payments` printed @@P, so the variable exists."),
        ("tool call json", '{"tool": "run_shell", "args": {"cmd": "nomad var put '
         'nomad/jobs/payments db_user=payments db_password=@@P"}}'),
    ),
    _f(
        "pulumi esc env open output", _p,
        ("ledger fact", "Verified by `esc env open acme/staging --format json`:\n```json\n{\n"
         '  "aws": {"region": "eu-west-1"},\n  "db": {"host": "pg.staging.internal", '
         '"password": "@@P"}\n}\n```'),
        ("diff hunk", "```diff\n values:\n   db:\n     host: pg.staging.internal\n-    password:\n"
         "-      fn::secret: {ciphertext: ZXNjeAAAAAEAAAEA}\n+    password: @@P\n```"),
        ("ci log", "[esc] run: esc run acme/staging -- env | grep DB_\nDB_HOST=pg.staging.internal"
         "\nDB_PASSWORD=@@P"),
    ),
    _f(
        "deployctl env listing secret", lambda: {"S": _b64url(32), "T": _r(40, B64)},
        ("ledger fact", "Verified by `deployctl env list --project=shortlinks`:\nKV_REGION=fra\n"
         "LINK_SIGNING_SECRET=@@S\nUPSTREAM_TOKEN=@@T"),
        ("deno test", 'Deno.test("signs links", () => {\n  const secret = "@@S";\n'
         '  assertEquals(sign("/x", secret).length, 43);\n});'),
        ("debugging summary", "Root cause: the Deno Deploy isolate had an old LINK_SIGNING_SECRET;"
         " set it again with `deployctl env set LINK_SIGNING_SECRET=@@S` and links verify."),
    ),
    _f(
        "bun project setting secret",
        lambda: {"T": "np" "m_" + _r(36), "P": _mpw(), "K": _hex(32)},
        ("bunfig toml", '[install.scopes]\n"@acme" = { token = "@@T", '
         'url = "https://npm.acme.dev/" }'),
        ("bun run log", "$ bun run seed.ts\n[seed] connecting postgres://seed:@@P@db.acme.dev:5432/"
         "app\n[seed] inserted 1204 rows"),
        ("bun test fixture", 'import { test } from "bun:test";\n// live key: the sandbox kept '
         'bouncing\nconst mailer = new Mailer({ apiKey: "@@K", domain: "mg.acme.dev" });'),
    ),
    _f(
        "zig build option secret", lambda: {"K": _hex(32)},
        ("shell", "zig build -Doptimize=ReleaseSafe -Dtelemetry_key=@@K run"),
        ("build.zig", 'const key = b.option([]const u8, "telemetry_key", "ingest key") '
         'orelse "@@K";'),
        ("ledger decision", "Decision: bake the ingest key in at build time for the CLI release,"
         " i.e. `-Dtelemetry_key=@@K` in release.sh, until the proxy lands."),
    ),
    _f(
        "renviron file secret", lambda: {"G": "gh" "p_" + _r(36), "P": _pw()},
        (".Renviron", "R_LIBS_USER=~/R/lib\nGITHUB_PAT=@@G\nWAREHOUSE_PWD=@@P"),
        ("r console", '> Sys.setenv(WAREHOUSE_PWD = "@@P")\n'
         '> con <- DBI::dbConnect(odbc::odbc(), "warehouse", PWD = Sys.getenv("WAREHOUSE_PWD"))'),
        ("renv note", "renv::restore() failed with 401; fixed with options(repos = c(ACME = "
         '"https://rpkg:@@P@cran.acme.dev"))'),
    ),
    _f(
        "sfdx auth url", lambda: {"R": _sfdx()},
        ("shell", "echo force://PlatformCLI::@@R@acme.my.salesforce.com > auth.txt && "
         "sf org login sfdx-url -f auth.txt -a prod"),
        ("ci yaml", "env:\n  SFDX_AUTH_URL: force://PlatformCLI::@@R@acme--uat.sandbox.my."
         "salesforce.com"),
        ("ledger fact", "Verified by `sf org display --verbose -o prod`:\n"
         "Sfdx Auth Url    force://PlatformCLI::@@R@acme.my.salesforce.com\nStatus    Connected"),
    ),
    _f(
        "servicenow table api basic auth", _sn,
        ("http request", "GET /api/now/table/incident?sysparm_limit=5 HTTP/1.1\n"
         "Host: acme.service-now.com\nAuthorization: Basic @@B\nAccept: application/json"),
        ("python", 'resp = requests.get(f"{SN}/api/now/table/sys_user", '
         'auth=("svc_integration", "@@P"))'),
        ("ledger note", "ServiceNow integration user is svc_integration / @@P "
         "(roles: itil, rest_api_explorer)."),
    ),
    _f(
        "mule secure properties key", lambda: {"K": _r(16), "S": _hex(32)},
        ("shell", "mvn clean deploy -DmuleDeploy -Dmule.key=@@K -Danypoint.client.secret=@@S"),
        ("runtime manager properties", "Runtime Manager > Properties:\nmule.env=prod\n"
         "mule.key=@@K"),
        ("ledger fact", "Verified: `java -cp secure-properties-tool.jar com.mulesoft.tools."
         "SecurePropertiesTool string decrypt AES CBC @@K <ciphertext>` prints the DB password, "
         "so @@K is the prod key."),
    ),
    _f(
        "tableau tsm login password", _hp,
        ("shell", "tsm login -u tabadmin -p '@@P' && tsm restart"),
        ("ledger fact", "Verified by `tabcmd login -s https://tableau.acme.local -u svc_extract "
         "-p @@P` → ===== Succeeded"),
        ("runbook", "| step | command |\n|---|---|\n| 1 | `tsm login -u tabadmin -p @@P` |\n"
         "| 2 | `tsm maintenance backup -f nightly` |"),
    ),
    _f(
        "power bi service principal secret", lambda: {"I": _uuid(), "S": _azure_secret()},
        ("powershell", '$sec = ConvertTo-SecureString "@@S" -AsPlainText -Force\n'
         '$cred = New-Object PSCredential("@@I", $sec)\nConnect-PowerBIServiceAccount '
         "-ServicePrincipal -Credential $cred -Tenant acme.onmicrosoft.com"),
        ("tool call json", '{"name": "http_request", "arguments": {"url": "https://login.'
         'microsoftonline.com/acme.onmicrosoft.com/oauth2/v2.0/token", "body": "grant_type='
         'client_credentials&client_id=@@I&client_secret=@@S"}}'),
        ("ledger decision", "Decision: the dataset refresh uses the pbi-refresh app (client id "
         "@@I, secret @@S) rather than a user account."),
    ),
    _f(
        "airflow connections add password flag", _p,
        ("shell", "airflow connections add warehouse_ch --conn-type clickhouse --conn-host "
         "ch.acme.io --conn-login etl --conn-password '@@P'"),
        ("ledger fact", "Verified by `airflow connections get warehouse_ch -o yaml`:\n```\n"
         "conn_id: warehouse_ch\nconn_type: clickhouse\nhost: ch.acme.io\nlogin: etl\n"
         "password: @@P\nport: 9440\n```"),
        ("compose env", "AIRFLOW_CONN_WAREHOUSE_CH='{\"conn_type\": \"clickhouse\", \"login\": "
         '"etl", "password": "@@P", "host": "ch.acme.io"}\''),
    ),
    _f(
        "flink sql ddl connector password", _p,
        ("sql client", "Flink SQL> CREATE TABLE orders_src (id BIGINT) WITH (\n"
         "  'connector' = 'jdbc',\n  'url' = 'jdbc:postgresql://pg:5432/shop',\n"
         "  'username' = 'flink',\n  'password' = '@@P',\n  'table-name' = 'orders'\n);\n"
         "[INFO] Execute statement succeed."),
        ("ledger fact", "Verified by `SHOW CREATE TABLE orders_src;`: the DDL still carries "
         "'password' = '@@P' in the catalog; rotate once it reads from the secret store."),
        ("kafka ddl", "'properties.sasl.jaas.config' = 'org.apache.kafka.common.security.plain."
         'PlainLoginModule required username="flink" password="@@P";\''),
    ),
    _f(
        "kafka connect rest config call", _aws,
        ("shell", "curl -X PUT -H 'Content-Type: application/json' localhost:8083/connectors/"
         "pg-sink/config -d '{\"connector.class\": \"io.confluent.connect.jdbc.JdbcSinkConnector"
         '", "connection.user": "sink", "connection.password": "@@P"}\''),
        ("ledger fact", "Verified by `curl -s localhost:8083/connectors/s3-sink | jq .config`:\n"
         '{\n  "aws.access.key.id": "@@A",\n  "aws.secret.access.key": "@@S",\n'
         '  "s3.bucket.name": "events-raw"\n}'),
        ("debugging summary", "The Debezium task failed with 'password authentication failed "
         "for user \"cdc\"' until database.password=@@P went into the connector config."),
    ),
    _f(
        "nats cli context password", _p,
        ("context json", '~/.config/nats/context/prod.json\n{\n  "url": '
         '"nats://nats.acme.io:4222",\n  "user": "orders",\n  "password": "@@P"\n}'),
        ("shell", "nats --server nats://orders:@@P@nats.acme.io:4222 stream ls"),
        ("ledger fact", "Verified by `nats context info prod`:\n      Server URLs: "
         "nats://nats.acme.io:4222\n         Username: orders\n         Password: @@P"),
    ),
    _f(
        "cypher-shell password flag", _hp,
        ("shell", "cypher-shell -a neo4j+s://graph.acme.io -u neo4j -p '@@P' "
         "'MATCH (n) RETURN count(n)'"),
        ("ledger fact", "Verified by `cypher-shell -u neo4j -p @@P \"CALL dbms.components()\"` →"
         " Neo4j Kernel 5.24.0 enterprise"),
        ("docker run", "docker run -d -e NEO4J_AUTH=neo4j/@@P -p 7687:7687 neo4j:5"),
    ),
    _f(
        "cqlshrc credentials", _hp,
        ("cqlshrc", "[authentication]\nusername = app_rw\npassword = @@P\n\n[connection]\n"
         "hostname = scylla-0.acme.internal\nport = 9042"),
        ("shell", "cqlsh scylla-0.acme.internal -u app_rw -p '@@P' -e 'DESCRIBE KEYSPACES'"),
        ("ledger fact", "Verified by `cqlsh -u cassandra -p @@P -e \"LIST ROLES\"`: the default "
         "superuser is still enabled on ScyllaDB."),
    ),
    _f(
        "etcdctl user colon password", _p,
        ("shell", "ETCDCTL_API=3 etcdctl --endpoints=https://10.0.4.11:2379 --user root:@@P "
         "get /apisix --prefix --keys-only"),
        ("env", "export ETCDCTL_USER=apisix:@@P"),
        ("ledger fact", "Verified by `etcdctl --user root:@@P auth status` → "
         "Authentication Status: true"),
    ),
    _f(
        "kcadm credentials and client secret", lambda: {"P": _pw(), "S": _r(32), "I": _uuid()},
        ("shell", "kcadm.sh config credentials --server https://sso.acme.io --realm master "
         "--user admin --password '@@P'"),
        ("ledger fact", "Verified by `kcadm.sh get clients/@@I/client-secret -r acme`:\n{\n"
         '  "type" : "secret",\n  "value" : "@@S"\n}'),
        ("docker env", "KC_BOOTSTRAP_ADMIN_USERNAME=admin\nKC_BOOTSTRAP_ADMIN_PASSWORD=@@P"),
    ),
    _f(
        "authentik bootstrap token", lambda: {"K": _r(50), "P": _pw(), "T": _r(64)},
        ("env", "AUTHENTIK_SECRET_KEY=@@K\nAUTHENTIK_BOOTSTRAP_PASSWORD=@@P\n"
         "AUTHENTIK_BOOTSTRAP_TOKEN=@@T"),
        ("http request", "GET /api/v3/core/users/?page_size=1 HTTP/1.1\nHost: auth.acme.io\n"
         "Authorization: Bearer @@T"),
        ("ledger fact", "Verified by `ak shell -c \"print(Token.objects.get(identifier='ci')"
         '.key)"` → @@T'),
    ),
    _f(
        "zitadel machine key and pat",
        lambda: {"N": str(_RNG.randrange(10**17, 10**18)), "B": _rsa_body(),
                 "H": _PEM_HEAD, "E": _PEM_TAIL, "T": _r(72, URLSAFE)},
        ("key json", '{"type":"serviceaccount","keyId":"@@N","key":"@@H\\n@@B\\n@@E\\n",'
         '"userId":"2914"}'),
        ("env", "ZITADEL_DOMAIN=sso.acme.io\nZITADEL_PAT=@@T"),
        ("ledger fact", "Verified by `curl -H 'Authorization: Bearer @@T' "
         "https://sso.acme.io/auth/v1/users/me` → 200, machine user ci-bot."),
    ),
    _f(
        "ory kratos config secrets", lambda: {"A": _r(32), "B": _r(32), "P": _mpw()},
        ("kratos.yml", "secrets:\n  cookie:\n    - @@A\n  cipher:\n    - @@B\ncourier:\n"
         "  smtp:\n    connection_uri: smtps://kratos:@@P@smtp.acme.io:465/"),
        ("hydra env", "SECRETS_SYSTEM=@@A\nDSN=postgres://hydra:@@P@pg:5432/hydra"),
        ("ledger decision", 'Decision quoting kratos.yml: `secrets.cookie: ["@@A"]`; rotating it '
         "logs everyone out, so it waits for the window."),
    ),
    _f(
        "gitea actions runner registration token", lambda: {"T": _r(40)},
        ("shell", "./act_runner register --no-interactive --instance https://git.acme.io "
         "--token @@T --name ci-3"),
        ("compose env", "GITEA_INSTANCE_URL=https://git.acme.io\n"
         "GITEA_RUNNER_REGISTRATION_TOKEN=@@T"),
        ("ledger fact", "Verified by `gitea actions generate-runner-token` on the server → @@T"),
    ),
    _f(
        "tekton pipelinerun param secret", _p,
        ("pipelinerun yaml", "apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  params:\n"
         "    - name: registry-password\n      value: @@P"),
        ("tkn log", "[push : push] + buildah login -u robot$ci -p @@P quay.acme.io\n"
         "[push : push] Login Succeeded!"),
        ("tkn cli", "tkn pipeline start build-push -p registry-password=@@P "
         "-w name=src,claimName=src-pvc"),
    ),
    _f(
        "awx credential inputs json", lambda: {"P": _pw(), "Q": _mpw()},
        ("shell", "awx credentials create --name prod-ssh --credential_type Machine "
         "--organization Default --inputs '{\"username\": \"deploy\", \"password\": \"@@P\", "
         '"become_password": "@@Q"}\''),
        ("api response", 'POST /api/v2/credentials/ 201\n{"id": 41, "name": "vcenter", '
         '"inputs": {"host": "vc.acme.local", "username": "awx@vsphere.local", '
         '"password": "@@Q"}}'),
        ("ledger fact", "Verified the vCenter credential by `govc about` with "
         "GOVC_PASSWORD=@@Q → VMware vCenter Server 8.0.2"),
    ),
    _f(
        "rundeck auth token and storage password", lambda: {"T": _r(32), "P": _mpw()},
        ("shell", "curl -H 'X-Rundeck-Auth-Token: @@T' https://rundeck.acme.io/api/45/projects"),
        ("rd env", "export RD_URL=https://rundeck.acme.io\nexport RD_TOKEN=@@T"),
        ("framework properties", "framework.server.url=https://rundeck.acme.io\n"
         "rundeck.storage.converter.1.config.password=@@P"),
    ),
    _f(
        "packer template password", lambda: {"P": _pw(), "T": _uuid()},
        ("pkr.hcl", 'variable "winrm_password" {\n  type    = string\n  default = "@@P"\n}'),
        ("shell", "packer build -var 'ssh_password=@@P' -var 'proxmox_token_secret=@@T' "
         "ubuntu.pkr.hcl"),
        ("packer log", "==> proxmox-iso.ubuntu: Typing boot command...\n==> proxmox-iso.ubuntu:"
         " sudo passwd ubuntu <enter>@@P<enter>@@P<enter>"),
    ),
    _f(
        "proxmox pveum and ticket password", _hp,
        ("shell", "pveum user add ci@pve --password '@@P' && pveum acl modify /vms "
         "-user ci@pve -role PVEVMAdmin"),
        ("curl", "curl -k -d 'username=root@pam' --data-urlencode 'password=@@P' "
         "https://pve1:8006/api2/json/access/ticket"),
        ("ansible task", "community.general.proxmox_kvm:\n  api_host: pve1\n  api_user: root@pam"
         "\n  api_password: @@P\n  name: build-01"),
    ),
    _f(
        "truenas api key", lambda: {"K": f"{_RNG.randint(1, 9)}-" + _r(64)},
        ("curl", "curl -H 'Authorization: Bearer @@K' https://nas.acme.local/api/v2.0/pool"),
        ("midclt", "# midclt call api_key.create '{\"name\": \"backup\"}'\n"
         '{"id": 3, "name": "backup", "key": "@@K"}'),
        ("ledger note", "TrueNAS API key for the replication script: @@K"),
    ),
    _f(
        "opnsense api key and secret", lambda: {"K": _r(80, B64), "S": _r(80, B64)},
        ("apikey.txt", "key=@@K\nsecret=@@S"),
        ("curl", "curl -k -u '@@K:@@S' https://fw.acme.local/api/core/firmware/status"),
        ("python", 'session.auth = ("@@K", "@@S")  # opnsense api user ci'),
    ),
    _f(
        "pan-os keygen password and key", lambda: {"P": _pw(), "K": _panos()},
        ("curl", "curl -k 'https://fw1.acme.local/api/?type=keygen&user=admin&password=@@P'"),
        ("ledger fact", "Verified by the keygen call: <response status = 'success'><result>"
         "<key>@@K</key></result></response>"),
        ("ansible", "provider:\n  ip_address: fw1.acme.local\n  username: admin\n"
         "  password: @@P"),
    ),
    _f(
        "sap jco destination password", _hp,
        ("jcoDestination", "jco.client.ashost=sap-erp.acme.local\njco.client.sysnr=00\n"
         "jco.client.client=100\njco.client.user=RFC_USER\njco.client.passwd=@@P"),
        ("pyrfc", 'conn = Connection(ashost="sap-erp.acme.local", sysnr="00", client="100", '
         'user="RFC_USER", passwd="@@P")'),
        ("ledger note", "RFC user RFC_USER / @@P works for BAPI_USER_GET_DETAIL "
         "(checked in SE37)."),
    ),
]


_FORMATS: list[Family] = [
    _f(
        "rsyncd secrets file", _hp,
        ("rsyncd.secrets", "# /etc/rsyncd.secrets (chmod 600)\nbackup:@@P\nmirror:@@P"),
        ("password-file", "$ cat ~/.rsync-pass\n@@P\n$ rsync -av --password-file=~/.rsync-pass "
         "backup@nas::share/ ./share/"),
        ("ledger fact", "Verified the module login with `RSYNC_PASSWORD='@@P' rsync "
         "backup@nas.acme.local::share` → lists 14 entries."),
    ),
    _f(
        "davfs2 secrets file", _hp,
        ("davfs2 secrets", "# /etc/davfs2/secrets\nhttps://cloud.acme.io/remote.php/dav/files/"
         "anna  anna  @@P"),
        ("per-user secrets", "~/.davfs2/secrets:\n/mnt/nextcloud  anna  \"@@P\""),
        ("chat", "mount.davfs keeps asking — put `/mnt/nextcloud anna @@P` in /etc/davfs2/secrets"
         " and chmod 600 it"),
    ),
    _f(
        "s3fs passwd file", lambda: {"A": "AK" "IA" + _r(16, UPPER_ALNUM), "S": _r(40, B64)},
        ("passwd-s3fs", "$ echo @@A:@@S > ~/.passwd-s3fs && chmod 600 ~/.passwd-s3fs"),
        ("fstab", "# /etc/passwd-s3fs\nmedia-bucket:@@A:@@S"),
        ("ledger fact", "Verified by `s3fs media-bucket /mnt/media -o passwd_file=/etc/passwd-s3fs`"
         " after writing @@A:@@S into it; `ls /mnt/media` shows the uploads."),
    ),
    _f(
        "boto config credentials", lambda: {"G": "GOOG" + _r(20, UPPER_ALNUM), "S": _r(40, B64)},
        (".boto", "[Credentials]\ngs_access_key_id = @@G\ngs_secret_access_key = @@S\n\n"
         "[Boto]\nhttps_validate_certificates = True"),
        ("gsutil debug", "$ gsutil -D ls gs://acme-exports\n... gs_access_key_id: @@G\n"
         "gs_secret_access_key: @@S"),
        ("env", "BOTO_CONFIG=/etc/boto.cfg  # gs_secret_access_key = @@S"),
    ),
    _f(
        "cyrus saslpasswd2 pipe", _hp,
        ("shell", "echo '@@P' | saslpasswd2 -p -c -u mail.acme.io relay"),
        ("shell history", "  412  echo @@P | saslpasswd2 -p -c relay\n  413  sasldblistusers2"),
        ("ticket", "SMTP relay user created: relay@mail.acme.io, password @@P (saslpasswd2)."),
    ),
    _f(
        "dovecot passwd-file plain entry", _hp,
        ("passwd-file", "# /etc/dovecot/users\n"
         "anna@acme.io:{PLAIN}@@P:5000:5000::/var/mail/anna"),
        ("doveadm", "$ doveadm auth test anna@acme.io '@@P'\npassdb: anna@acme.io auth succeeded"),
        ("ledger fact", "Verified IMAP login by `doveadm auth test info@acme.io @@P` → auth "
         "succeeded; the entry is {PLAIN} so it should be rehashed."),
    ),
    _f(
        "asterisk ami manager secret", _p,
        ("manager.conf", "[general]\nenabled = yes\nport = 5038\n\n[crm]\nsecret = @@P\n"
         "read = system,call\nwrite = originate"),
        ("ami login", "Action: Login\r\nUsername: crm\r\nSecret: @@P\r\n\r\n"),
        ("python", 'manager.login("crm", "@@P")  # panoramisk / pyst2'),
    ),
    _f(
        "icecast source password", _hp,
        ("icecast.xml", "<authentication>\n    <source-password>@@P</source-password>\n"
         "    <admin-user>admin</admin-user>\n    <admin-password>@@P</admin-password>\n"
         "</authentication>"),
        ("liquidsoap", 'output.icecast(%mp3, host="radio.acme.fm", port=8000, '
         'password="@@P", mount="live", s)'),
        ("ffmpeg", "ffmpeg -re -i show.mp3 -f mp3 icecast://source:@@P@radio.acme.fm:8000/live"),
    ),
    _f(
        "murmur server passwords", _hp,
        ("murmur.ini", "; murmur.ini\nserverpassword=@@P\nusers=100\nbandwidth=72000"),
        ("shell", "murmurd -ini /etc/murmur.ini -supw '@@P'"),
        ("chat", "mumble server is up: mumble.acme.gg:64738, server password @@P"),
    ),
    _f(
        "teamspeak serveradmin password", lambda: {"P": _r(8, ALNUM + "+"), "T": _r(40, B64)},
        ("first start log", "------------------------------------------------------------------\n"
         "                      I M P O R T A N T\n"
         "------------------------------------------------------------------\n"
         "loginname= \"serveradmin\", password= \"@@P\"\n"
         "apikey= \"@@T\""),
        ("query", "login serveradmin @@P\nerror id=0 msg=ok\nuse sid=1"),
        ("compose env", "TS3SERVER_SERVERADMIN_PASSWORD=@@P\nTS3SERVER_LICENSE=accept"),
    ),
    _f(
        "weechat irc sasl password", _hp,
        ("weechat command", "/set irc.server.libera.sasl_username anna\n"
         "/set irc.server.libera.sasl_password @@P"),
        ("irc.conf", "[server]\nlibera.sasl_mechanism = plain\nlibera.sasl_username = \"anna\"\n"
         "libera.sasl_password = \"@@P\""),
        ("irc raw", "PASS @@P\nNICK anna\nUSER anna 0 * :Anna"),
    ),
    _f(
        "sendmail authinfo entry", _hp,
        ("authinfo", 'AuthInfo:smtp.acme.io "U:relay" "I:relay" "P:@@P" "M:PLAIN"'),
        ("access db note", "$ echo 'AuthInfo:smtp.acme.io \"U:relay\" \"P:@@P\"' >> "
         "/etc/mail/authinfo && makemap hash /etc/mail/authinfo < /etc/mail/authinfo"),
        ("ledger", "Decision quoting /etc/mail/authinfo: `\"U:relay\" \"P:@@P\"` — keep the relay"
         " user until the app moves to the API."),
    ),
    _f(
        "graylog password secret", lambda: {"S": _r(96), "P": _mpw()},
        ("server.conf", "password_secret = @@S\nroot_username = admin\n"
         "root_password_sha2 = 8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918"),
        ("compose env", "GRAYLOG_PASSWORD_SECRET=@@S\n"
         "GRAYLOG_HTTP_EXTERNAL_URI=http://127.0.0.1:9000/"),
        ("opensearch", "GRAYLOG_ELASTICSEARCH_HOSTS=https://graylog:@@P@opensearch:9200"),
    ),
    _f(
        "frp auth token", lambda: {"T": _r(24, ALNUM + "!@#")},
        ("frpc.toml", 'serverAddr = "frp.acme.io"\nserverPort = 7000\nauth.method = "token"\n'
         'auth.token = "@@T"'),
        ("frps.ini", "[common]\nbind_port = 7000\ntoken = @@T\ndashboard_pwd = @@T"),
        ("chat", "frpc won't connect? the server token is @@T — check auth.token"),
    ),
    _f(
        "trojan and hysteria proxy password", _p,
        ("trojan config", '{\n  "run_type": "server",\n  "local_port": 443,\n  "password": '
         '["@@P"],\n  "ssl": {"cert": "/etc/ssl/fullchain.pem"}\n}'),
        ("hysteria2 yaml", "server: hy.acme.io:443\nauth: @@P\nbandwidth:\n  up: 30 mbps"),
        ("share link", "trojan://@@P@hk1.acme.io:443?security=tls&sni=hk1.acme.io#HK-1"),
    ),
    _f(
        "syncthing gui api key", lambda: {"K": _r(32, LOWER_ALNUM + string.ascii_uppercase)},
        ("config.xml", '<gui enabled="true" tls="false">\n    <address>127.0.0.1:8384</address>\n'
         "    <apikey>@@K</apikey>\n</gui>"),
        ("curl", "curl -H 'X-API-Key: @@K' http://127.0.0.1:8384/rest/system/status"),
        ("ledger fact", "Verified by `syncthing cli --gui-apikey=@@K show system` → myID "
         "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD"),
    ),
    _f(
        "transmission rpc password", _hp,
        ("settings.json", '{\n  "rpc-authentication-required": true,\n  "rpc-username": "tr",\n'
         '  "rpc-password": "@@P",\n  "rpc-whitelist-enabled": false\n}'),
        ("remote", "transmission-remote nas:9091 -n 'tr:@@P' -l"),
        ("compose env", "USER=tr\nPASS=@@P\nPEERPORT=51413"),
    ),
    _f(
        "pi-hole web password", _hp,
        ("shell", "pihole -a -p '@@P'"),
        ("compose env", "environment:\n  TZ: Europe/Vilnius\n  FTLCONF_webserver_api_password: "
         "'@@P'"),
        ("note", "pi.hole/admin password reset to @@P after the upgrade"),
    ),
    _f(
        "node-red credential secret", lambda: {"S": _r(40, ALNUM + "!#$%"), "P": _pw()},
        ("settings.js", "module.exports = {\n    uiPort: 1880,\n    credentialSecret: \"@@S\",\n"
         "    flowFile: 'flows.json'\n}"),
        ("env", "NODE_RED_CREDENTIAL_SECRET=@@S"),
        ("mqtt node note", "Node-RED mqtt-broker node: user nodered, password @@P (the flows "
         "export drops it, re-enter after import)."),
    ),
    _f(
        "nut upsd users password", _hp,
        ("upsd.users", "[upsmon]\n    password = @@P\n    upsmon primary"),
        ("upsmon.conf", "MONITOR ups@localhost 1 upsmon @@P primary"),
        ("synology note", "Synology UPS server: NUT user monuser / @@P, allow the NAS IP"),
    ),
    _f(
        "bacula director password", lambda: {"P": _r(44, B64)},
        ("bacula-dir.conf", 'Director {\n  Name = backup-dir\n  Password = "@@P"\n'
         '  Messages = Daemon\n}'),
        ("bconsole.conf", 'Director {\n  Name = backup-dir\n  address = backup.acme.local\n'
         '  Password = "@@P"\n}'),
        ("ledger fact", "Verified by `bconsole` after matching Password = \"@@P\" in "
         "bacula-fd.conf → Connecting to Director backup.acme.local:9101 ... OK"),
    ),
    _f(
        "kodi advancedsettings database password", _hp,
        ("advancedsettings.xml", "<videodatabase>\n  <type>mysql</type>\n  <host>nas</host>\n"
         "  <user>kodi</user>\n  <pass>@@P</pass>\n</videodatabase>"),
        ("chat", "kodi shared library: mariadb on the nas, user kodi pass @@P"),
        ("forum paste", "[advancedsettings] <pass>@@P</pass> and still 'failed to connect'"),
    ),
]


def _lang(words: tuple[str, ...]) -> Values:
    return lambda: {"P": _pw(words)}


_HUMAN: list[Family] = [
    _f(
        "tagalog taglish chat password",
        _lang(("Mahalkita", "Bahay", "Adobo", "Sinigang", "Ginebra", "Pogi", "Maganda")),
        ("chat", "Pre, yung password ng wifi sa office: @@P — wag mo i-share ha"),
        ("ticket", "Hindi ako maka-login sa VPN. Ginamit ko yung password na @@P "
         "pero ayaw pa rin."),
        ("email", "Ma'am, ito po yung bagong password ng admin account: @@P. "
         "Paki-palitan na lang po pagka-login."),
    ),
    _f(
        "malay chat password",
        _lang(("Sayang", "Kucing", "Rindu", "Merdeka", "Harimau", "Nasilemak")),
        ("chat", "Kata laluan baru untuk akaun admin ialah @@P"),
        ("ticket", "Boleh guna password @@P untuk login router tu, nanti saya tukar."),
        ("email", "Salam tuan, kata laluan wifi pejabat: @@P"),
    ),
    _f(
        "amharic chat password",
        _lang(("Addis", "Selam", "Buna", "Habesha", "Abebe", "Tigist")),
        ("chat", "የአስተዳዳሪው የይለፍ ቃል @@P ነው"),
        ("wifi note", "ዋይፋይ የይለፍ ቃል: @@P"),
        ("email", "ሰላም፣ አዲሱ የይለፍ ቃል @@P ነው፤ እባክህ ከገባህ በኋላ ቀይረው።"),
    ),
    _f(
        "yoruba chat password",
        _lang(("Ayomide", "Olumide", "Eko", "Jollof", "Oluwaseun", "Ibadan")),
        ("chat", "Ọ̀rọ̀ aṣínà tuntun fún àkọọ́lẹ̀ admin ni @@P"),
        ("wifi note", "ọrọ igbaniwọle wifi: @@P"),
        ("ticket", "Ẹ jọ̀ọ́, password server yìí ni @@P, ẹ má fi hàn ẹnikẹ́ni"),
    ),
    _f(
        "hausa chat password",
        _lang(("Kano", "Aisha", "Sannu", "Abuja", "Zainab", "Musa")),
        ("chat", "Kalmar sirri ta sabon asusun ita ce @@P"),
        ("wifi note", "Ga kalmar wucewa ta wifi: @@P"),
        ("email", "Don Allah yi amfani da @@P don shiga, sai ka canza ta."),
    ),
    _f(
        "zulu chat password",
        _lang(("Sipho", "Ubuntu", "Chiefs", "Pirates", "Thandiwe", "Durban")),
        ("chat", "Iphasiwedi entsha ye-admin ithi @@P"),
        ("wifi note", "Sawubona, iphasiwedi ye-wifi ngu @@P"),
        ("ticket", "Ngicela ungene nge @@P bese uyayishintsha"),
    ),
    _f(
        "nepali chat password",
        _lang(("Kathmandu", "Sagarmatha", "Namaste", "Pokhara", "Momo", "Dashain")),
        ("chat", "नयाँ पासवर्ड @@P हो, लगइन गरेपछि परिवर्तन गर्नुहोस्"),
        ("romanised chat", "wifi ko password @@P ho dai"),
        ("email", "सर्भरको पासवर्ड: @@P"),
    ),
    _f(
        "sinhala chat password",
        _lang(("Lanka", "Kandy", "Ayubowan", "Colombo", "Kamal", "Nimal")),
        ("chat", "අලුත් මුරපදය @@P"),
        ("singlish chat", "wifi password eka @@P machan"),
        ("email", "පරිපාලක ගිණුමේ මුරපදය: @@P"),
    ),
    _f(
        "khmer chat password",
        _lang(("Angkor", "Sokha", "PhnomPenh", "Srey", "Dara", "Mekong")),
        ("chat", "ពាក្យសម្ងាត់ថ្មីគឺ @@P"),
        ("wifi note", "wifi password: @@P បង"),
        ("ticket", "សូមប្រើ @@P ដើម្បីចូល ហើយប្តូរវាភ្លាម"),
    ),
    _f(
        "lao and burmese chat password",
        _lang(("Vientiane", "Mandalay", "Yangon", "Sabaidee", "Mingalar", "Thandar")),
        ("lao chat", "ລະຫັດຜ່ານໃໝ່ແມ່ນ @@P"),
        ("burmese chat", "စကားဝှက်အသစ်က @@P ပါ"),
        ("burmese wifi", "wifi password က @@P ပါ"),
    ),
    _f(
        "kazakh chat password",
        _lang(("Almaty", "Astana", "Qazaqstan", "Aigerim", "Kairat", "Baursak")),
        ("chat", "Жаңа құпия сөз: @@P"),
        ("ticket", "Админ құпиясөзі @@P, кіргеннен кейін ауыстырыңыз"),
        ("wifi note", "wifi паролі @@P"),
    ),
    _f(
        "uzbek and azerbaijani chat password",
        _lang(("Toshkent", "Samarqand", "Baku", "Qarabag", "Dilnoza", "Aynur")),
        ("uzbek chat", "Yangi parol: @@P, kirgandan keyin almashtiring"),
        ("uzbek wifi", "Wi-Fi paroli @@P"),
        ("azerbaijani email", "Yeni şifrə: @@P, daxil olduqdan sonra dəyişin"),
    ),
    _f(
        "serbian cyrillic chat password",
        _lang(("Beograd", "Zvezda", "Partizan", "Milica", "Jovana", "Nikola")),
        ("chat", "Нова лозинка за админ налог је @@P"),
        ("wifi note", "Лозинка за wifi: @@P"),
        ("email", "Молим те пријави се са @@P и промени је."),
    ),
    _f(
        "bulgarian chat password",
        _lang(("Sofia", "Levski", "Ivan", "Mariya", "Plovdiv", "Botev")),
        ("chat", "Новата парола е @@P"),
        ("router note", "паролата за рутера: @@P"),
        ("email", "Здравей, влез с @@P и я смени."),
    ),
    _f(
        "slovak and slovenian chat password",
        _lang(("Bratislava", "Slovan", "Ljubljana", "Olimpija", "Zuzka", "Matej")),
        ("slovak chat", "Nové heslo k adminu je @@P"),
        ("slovenian wifi", "Geslo za wifi: @@P"),
        ("slovak ticket", "Prosím, prihlás sa s heslom @@P a hneď ho zmeň."),
    ),
    _f(
        "lithuanian and latvian chat password",
        _lang(("Vilnius", "Zalgiris", "Riga", "Daugava", "Ruta", "Janis")),
        ("lithuanian chat", "Naujas slaptažodis: @@P"),
        ("latvian wifi", "Wi-Fi parole: @@P"),
        ("lithuanian ticket", "Prisijunk su @@P ir pakeisk jį."),
    ),
    _f(
        "estonian and finnish chat password",
        _lang(("Tallinn", "Kalev", "Helsinki", "Jokerit", "Sisu", "Kissa")),
        ("estonian chat", "Uus parool on @@P"),
        ("finnish email", "Uusi salasana on @@P, vaihda se kirjautumisen jälkeen."),
        ("finnish wifi", "wlan-salasana: @@P"),
    ),
    _f(
        "danish and norwegian chat password",
        _lang(("Kobenhavn", "Brondby", "Rosenborg", "Hygge", "Fjord", "Viking")),
        ("danish chat", "Nyt kodeord til admin: @@P"),
        ("norwegian chat", "Passordet til ruteren er @@P"),
        ("danish wifi", "Koden til wifi er @@P"),
    ),
    _f(
        "icelandic and irish chat password",
        _lang(("Reykjavik", "Gullfoss", "Dublin", "Shamrock", "Eire", "Siobhan")),
        ("icelandic chat", "Nýja lykilorðið er @@P"),
        ("irish chat", "Is é an focal faire nua ná @@P"),
        ("icelandic wifi", "Lykilorð fyrir wifi: @@P"),
    ),
    _f(
        "catalan basque and galician chat password",
        _lang(("Barca", "Donostia", "Athletic", "Celta", "Montserrat", "Xabier")),
        ("catalan chat", "La nova contrasenya és @@P"),
        ("basque chat", "Pasahitz berria @@P da"),
        ("galician email", "O contrasinal novo é @@P, cámbiao ao entrar."),
    ),
    _f(
        "maltese chat password",
        _lang(("Valletta", "Gozo", "Hamrun", "Marsaxlokk", "Pastizzi", "Karmenu")),
        ("chat", "Il-password il-ġdida hija @@P"),
        ("wifi note", "password tal-wifi: @@P"),
        ("email", "Jekk jogħġbok idħol b' @@P u ibdilha."),
    ),
    _f(
        "sticky note device admin password", _hp,
        ("unifi sticky", "[photo of the sticky note on the rack] UniFi controller\nuser: admin\n"
         "pw: @@P"),
        ("ups post-it", "Post-it on the UPS: web login apc / @@P"),
        ("monitor sticky", "monitor sticky: TrueNAS root — @@P"),
    ),
    _f(
        "spreadsheet device password column", _hp,
        ("csv", "site,device,ip,user,password\nHQ,USG-Pro,10.0.0.1,admin,@@P"),
        ("tsv paste", "Branch 2\tpfSense\t10.2.0.1\tadmin\t@@P\tlast changed 03/2025"),
        ("sheet cell", "=HYPERLINK(\"https://10.0.0.5\",\"Fortigate\")\tadmin\t@@P"),
    ),
    _f(
        "wiki page shared device login", _hp,
        ("confluence wiki", "h2. Proxmox\n* URL: https://pve1:8006\n* Login: root / @@P"),
        ("markdown wiki", "## Synology DS920+\n| field | value |\n|---|---|\n| user | admin |\n"
         "| password | @@P |"),
        ("dokuwiki", "^ Device ^ User ^ Password ^\n| OPNsense | root | @@P |"),
    ),
    _f(
        "shell history human password", _hp,
        ("clickhouse", "  88  clickhouse-client --user default --password @@P"),
        ("cqlsh", "  501  cqlsh 10.0.3.7 -u admin -p @@P"),
        ("cypher", "  19  cypher-shell -u neo4j -p @@P"),
    ),
    _f(
        "ups and pdu web admin password", _hp,
        ("ticket", "APC NMC at 10.0.0.50 reset; new web login apc / @@P"),
        ("chat", "the Eaton PDU in rack 3: admin @@P (https://10.0.0.61)"),
        ("email", "Raritan PX3 admin password changed to @@P per the audit."),
    ),
    _f(
        "code-mixed email password",
        _lang(("Mahalkita", "Sayang", "Namaste", "Chiefs", "Merdeka", "Jollof")),
        ("hinglish", "Hi team, kal se naya password @@P use karna, purana wala expire ho gaya"),
        ("singlish", "Eh the VPN password now is @@P lah, don't anyhow share"),
        ("spanglish", "Oye, the new router password es @@P, cámbialo después"),
    ),
    _f(
        "helpdesk reply with temporary password", _hp,
        ("finnish", "Hei, väliaikainen salasanasi on @@P. Vaihda se ensimmäisellä "
         "kirjautumisella."),
        ("danish", "Hej, din midlertidige adgangskode er @@P"),
        ("estonian", "Tere, teie ajutine parool on @@P"),
    ),
]


_VENDOR_RAW: list[Family] = [
    _f(
        "gitlab feature flag client token", lambda: {"T": "glf" "fct-" + _r(20, URLSAFE)},
        ("unleash client", 'const unleash = initialize({ url: "https://gitlab.acme.io/api/v4/'
         'feature_flags/unleash/42", appName: "prod", instanceId: "@@T" });'),
        ("env", "UNLEASH_URL=https://gitlab.acme.io/api/v4/feature_flags/unleash/42\n"
         "UNLEASH_INSTANCE_ID=@@T"),
        ("ledger fact", "Verified by `curl -H 'UNLEASH-INSTANCEID: @@T' https://gitlab.acme.io/"
         "api/v4/feature_flags/unleash/42/client/features` → 3 flags."),
    ),
    _f(
        "gitlab incoming email token", lambda: {"T": "gli" "mt-" + _r(25, LOWER_ALNUM)},
        ("email address", "Send issues to gitlab-incoming+acme-api-7-@@T-issue@acme.io"),
        ("gitlab.rb", "gitlab_rails['incoming_email_address'] = \"incoming+%{key}@acme.io\"\n"
         "# key for acme/api: @@T"),
        ("chat", "the service desk address is incoming+acme-api-@@T@acme.io, forward the mails"),
    ),
    _f(
        "gitlab scim oauth token", lambda: {"T": "gls" "oat-" + _r(20, URLSAFE)},
        ("okta scim", "Okta > GitLab app > Provisioning > API Token: @@T"),
        ("curl", "curl -H 'Authorization: Bearer @@T' https://gitlab.com/api/scim/v2/groups/"
         "acme/Users"),
        ("ledger note", "SCIM token regenerated for the acme group: @@T"),
    ),
    _f(
        "new relic browser api token", lambda: {"T": "NR" "JS-" + _hex(19)},
        ("snippet", "NREUM.loader_config={accountID:\"3141592\",trustKey:\"3141592\","
         "agentID:\"601\",licenseKey:\"@@T\",applicationID:\"601\"};"),
        ("env", "NEXT_PUBLIC_NR_BROWSER_KEY=@@T"),
        ("ledger", "Decision quoting the agent config: licenseKey: '@@T' for the browser agent."),
    ),
    _f(
        "bittrex api credentials", lambda: {"K": _hex(32), "S": _hex(32)},
        ("python", 'client = Bittrex("@@K", "@@S")'),
        ("env", "BITTREX_API_KEY=@@K\nBITTREX_API_SECRET=@@S"),
        ("json", '{"exchange": "bittrex", "apiKey": "@@K", "secret": "@@S"}'),
    ),
    _f(
        "freemius secret key", lambda: {"S": "s" "k_" + _r(29, ALNUM + "<>=[]{}!~;")},
        ("php", "fs_dynamic_init( array(\n    'id' => '9012',\n    'slug' => 'acme-forms',\n"
         "    'secret_key' => '@@S',\n) );"),
        ("env", "FS__ACME_FORMS_SECRET_KEY=@@S"),
        ("chat", "freemius deploy needs the plugin secret key: @@S"),
    ),
    _f(
        "imagekit private key", lambda: {"K": "priv" "ate_" + _r(27, B64) + "="},
        ("node", 'const ik = new ImageKit({ publicKey: "public_x7Yc", privateKey: "@@K", '
         'urlEndpoint: "https://ik.imagekit.io/acme" });'),
        ("env", "IMAGEKIT_PRIVATE_KEY=@@K"),
        ("curl", "curl -u @@K: https://api.imagekit.io/v1/files?limit=1"),
    ),
    _f(
        "nylas api key", lambda: {"K": "ny" "k_v0_" + _r(48, URLSAFE)},
        ("env", "NYLAS_API_KEY=@@K\nNYLAS_API_URI=https://api.eu.nylas.com"),
        ("curl", "curl -H 'Authorization: Bearer @@K' https://api.us.nylas.com/v3/grants"),
        ("python", 'nylas = Client(api_key="@@K")'),
    ),
    _f(
        "pangea service token", lambda: {"T": "pt" "s_" + _r(32, LOWER_ALNUM)},
        ("env", "PANGEA_DOMAIN=aws.us.pangea.cloud\nPANGEA_AUDIT_TOKEN=@@T"),
        ("python", 'audit = Audit("@@T", config=PangeaConfig(domain="aws.us.pangea.cloud"))'),
        ("curl", "curl -H 'Authorization: Bearer @@T' https://redact.aws.us.pangea.cloud/v1/"
         "redact -d '{\"text\": \"x\"}'"),
    ),
    _f(
        "zerotier central token", lambda: {"T": _r(32)},
        ("curl", "curl -H 'Authorization: token @@T' https://api.zerotier.com/api/v1/network"),
        ("terraform", 'provider "zerotier" {\n  zerotier_central_token = "@@T"\n}'),
        ("env", "ZEROTIER_CENTRAL_TOKEN=@@T"),
    ),
    _f(
        "dub api key", lambda: {"K": "du" "b_" + _r(24)},
        ("env", "DUB_API_KEY=@@K"),
        ("curl", "curl -X POST https://api.dub.co/links -H 'Authorization: Bearer @@K' "
         "-d '{\"url\": \"https://acme.io\"}'"),
        ("ts", 'const dub = new Dub({ token: "@@K" });'),
    ),
    _f(
        "contentstack management token", lambda: {"T": "c" "s" + _hex(32), "A": "blt" + _hex(16)},
        ("curl", "curl -H 'api_key: @@A' -H 'authorization: @@T' "
         "https://api.contentstack.io/v3/content_types"),
        ("env", "CONTENTSTACK_API_KEY=@@A\nCONTENTSTACK_MANAGEMENT_TOKEN=@@T"),
        ("cli", "csdx auth:tokens:add --management --alias prod -k @@A --token @@T"),
    ),
    _f(
        "pandadoc api key", lambda: {"K": _hex(40)},
        ("curl", "curl -H 'Authorization: API-Key @@K' https://api.pandadoc.com/public/v1/"
         "documents"),
        ("env", "PANDADOC_API_KEY=@@K"),
        ("python", 'configuration.api_key["apiKey"] = "API-Key @@K"'),
    ),
    _f(
        "scrapingbee api key", lambda: {"K": _r(80, UPPER_ALNUM)},
        ("curl", "curl 'https://app.scrapingbee.com/api/v1/?api_key=@@K&"
         "url=https%3A%2F%2Facme.io'"),
        ("python", 'client = ScrapingBeeClient(api_key="@@K")'),
        ("env", "SCRAPINGBEE_API_KEY=@@K"),
    ),
    _f(
        "lokalise api token", lambda: {"T": _hex(40)},
        ("cli", "lokalise2 --token @@T --project-id 3141592.abcd file download --format json"),
        ("curl", "curl -H 'X-Api-Token: @@T' https://api.lokalise.com/api2/projects"),
        ("ci yaml", "env:\n  LOKALISE_API_TOKEN: @@T"),
    ),
    _f(
        "gitlab session cookie", lambda: {"C": _hex(32)},
        ("curl", "curl -b '_gitlab_session=@@C' https://gitlab.acme.io/api/v4/user"),
        ("devtools copy", "Cookie: known_sign_in=x; _gitlab_session=@@C; event_filter=all"),
        ("ledger note", "Reproduced the 500 as my own user: `_gitlab_session=@@C` in the "
         "request headers."),
    ),
]


_ORD_AGENT: list[str] = [
    "Fact: the payments job reads its DB login from Nomad Variables, verified by `nomad var get "
    "nomad/jobs/payments`: Items: db_password = <redacted>, db_user = payments",
    "Debugging: the template stanza rendered empty because the key is `db_password`; fixed the "
    "template to {{ with nomadVar \"nomad/jobs/payments\" }}{{ .db_password }}{{ end }}.",
    '{"tool": "run_shell", "args": {"cmd": "nomad var put nomad/jobs/payments db_user=payments '
    'db_password=-"}}',
    "Verified by `esc env open acme/staging`: db.password is a fn::secret, shown as [secret].",
    "values:\n  db:\n    host: pg.staging.internal\n    password:\n      fn::secret: "
    "{ciphertext: ZXNjeAAAAAEAAAEA}",
    "[esc] run: esc run acme/staging -- env | grep DB_\nDB_HOST=pg.staging.internal\n"
    "DB_PASSWORD=[secret]",
    "Verified by `deployctl env list --project=shortlinks`: KV_REGION=fra, LINK_SIGNING_SECRET "
    "(set, value hidden), UPSTREAM_TOKEN (set, value hidden)",
    'Deno.test("signs links", () => {\n  const secret = Deno.env.get("LINK_SIGNING_SECRET")!;\n'
    '  assertEquals(sign("/x", secret).length, 43);\n});',
    '[install.scopes]\n"@acme" = { token = "$NPM_TOKEN", url = "https://npm.acme.dev/" }',
    "$ bun run seed.ts\n[seed] connecting postgres://seed:***@db.acme.dev:5432/app\n"
    "[seed] inserted 1204 rows",
    'const key = b.option([]const u8, "telemetry_key", "ingest key") orelse "";',
    "zig build -Doptimize=ReleaseSafe -Dtelemetry_key=\"$TELEMETRY_KEY\" run",
    'R_LIBS_USER=~/R/lib\nGITHUB_PAT=\nWAREHOUSE_PWD=   # fill in from 1Password, never commit',
    '> con <- DBI::dbConnect(odbc::odbc(), "warehouse", PWD = keyring::key_get("warehouse"))',
    "echo \"$SFDX_AUTH_URL\" > auth.txt && sf org login sfdx-url -f auth.txt -a prod "
    "&& rm auth.txt",
    "env:\n  SFDX_AUTH_URL: ${{ secrets.SFDX_AUTH_URL }}",
    "Verified by `sf org display -o prod`: Alias prod, Instance Url https://acme.my.salesforce.com,"
    " Status Connected (auth url not shown without --verbose).",
    "GET /api/now/table/incident?sysparm_limit=5 HTTP/1.1\nHost: acme.service-now.com\n"
    "Authorization: Basic <redacted>\nAccept: application/json",
    'resp = requests.get(f"{SN}/api/now/table/sys_user", auth=(SN_USER, os.environ["SN_PASS"]))',
    "mvn clean deploy -DmuleDeploy -Dmule.key=${MULE_KEY} -Danypoint.client.secret=${AP_SECRET}",
    "Runtime Manager > Properties:\nmule.env=prod\nmule.key=(hidden, secure property)",
    "tsm login -u tabadmin && tsm restart   # prompts for the password",
    "Verified by `tabcmd login -s https://tableau.acme.local -u svc_extract "
    "--password-file /run/secrets/tab` → ===== Succeeded",
    "Connect-PowerBIServiceAccount -ServicePrincipal -Credential (Get-Secret pbi-refresh) "
    "-Tenant acme.onmicrosoft.com",
    "Decision: the dataset refresh uses the pbi-refresh app (client id "
    "7f1c2e4a-9b3d-4e8f-a1c2-3d4e5f6a7b8c); its secret lives in Key Vault kv-bi-prod.",
    "airflow connections add warehouse_ch --conn-type clickhouse --conn-host ch.acme.io "
    "--conn-login etl --conn-password \"$(vault kv get -field=password kv/etl/ch)\"",
    "conn_id: warehouse_ch\nconn_type: clickhouse\nhost: ch.acme.io\nlogin: etl\npassword: "
    "'***'\nport: 9440",
    "Flink SQL> CREATE TABLE orders_src (id BIGINT) WITH ('connector' = 'jdbc', 'url' = "
    "'jdbc:postgresql://pg:5432/shop', 'username' = 'flink', 'password' = '${PG_PASSWORD}');",
    "'properties.sasl.jaas.config' = 'org.apache.kafka.common.security.plain.PlainLoginModule "
    "required username=\"flink\" password=\"${file:/opt/secrets/kafka.properties:password}\";'",
    '{"connector.class": "io.confluent.connect.jdbc.JdbcSinkConnector", "connection.user": '
    '"sink", "connection.password": "${secrets:pg-sink:password}"}',
    '"aws.access.key.id": "${env:AWS_ACCESS_KEY_ID}",\n"aws.secret.access.key": '
    '"${env:AWS_SECRET_ACCESS_KEY}"',
    '{\n  "url": "nats://nats.acme.io:4222",\n  "user": "orders",\n  "creds": '
    '"/etc/nats/orders.creds"\n}',
    "Verified by `nats context info prod`: Server URLs nats://nats.acme.io:4222, Username "
    "orders, Password *********",
    "cypher-shell -a neo4j+s://graph.acme.io -u neo4j 'MATCH (n) RETURN count(n)'  # password "
    "from NEO4J_PASSWORD",
    "docker run -d -e NEO4J_AUTH_FILE=/run/secrets/neo4j_auth -p 7687:7687 neo4j:5",
    "[authentication]\nusername = app_rw\n; password read from the CQLSH_PASSWORD env var\n",
    "cqlsh scylla-0.acme.internal -u app_rw -e 'DESCRIBE KEYSPACES'   # Password: prompt",
    "ETCDCTL_API=3 etcdctl --endpoints=https://10.0.4.11:2379 --user root get /apisix --prefix "
    "--keys-only   # asks for the password",
    "Verified by `etcdctl --cert client.pem --key client-key.pem auth status` → "
    "Authentication Status: true, AuthRevision: 7",
    "kcadm.sh config credentials --server https://sso.acme.io --realm master --user admin  "
    "# Logging into https://sso.acme.io as user admin of realm master\nEnter password:",
    'Verified by `kcadm.sh get clients/ -r acme -q clientId=portal --fields id`: [{"id": '
    '"3b7f2d1e-8c4a-4f6b-9e2d-1a3c5e7f9b0d"}]',
    "AUTHENTIK_SECRET_KEY=file:///run/secrets/ak_secret\nAUTHENTIK_BOOTSTRAP_PASSWORD=\n"
    "AUTHENTIK_BOOTSTRAP_TOKEN=",
    "GET /api/v3/core/users/?page_size=1 HTTP/1.1\nHost: auth.acme.io\nAuthorization: Bearer "
    "${AK_TOKEN}",
    '{"type":"serviceaccount","keyId":"291447381290377293","key":"<private key, see vault>",'
    '"userId":"2914"}',
    "secrets:\n  cookie:\n    - {{ .Values.kratos.secrets.cookie }}\n  cipher:\n"
    "    - {{ .Values.kratos.secrets.cipher }}",
    "./act_runner register --no-interactive --instance https://git.acme.io --token "
    "\"$RUNNER_TOKEN\" --name ci-3",
    "GITEA_INSTANCE_URL=https://git.acme.io\nGITEA_RUNNER_REGISTRATION_TOKEN_FILE=/run/secrets/"
    "runner_token",
    "apiVersion: tekton.dev/v1\nkind: PipelineRun\nspec:\n  params:\n    - name: "
    "registry-secret-name\n      value: quay-robot",
    "[push : push] + buildah login -u robot$ci --password-stdin quay.acme.io\n"
    "[push : push] Login Succeeded!",
    'awx credentials create --name prod-ssh --credential_type Machine --inputs \'{"username": '
    '"deploy", "ssh_key_data": "@/home/me/.ssh/deploy"}\'',
    'POST /api/v2/credentials/ 201\n{"id": 41, "name": "vcenter", "inputs": {"host": '
    '"vc.acme.local", "username": "awx@vsphere.local", "password": "$encrypted$"}}',
    "curl -H \"X-Rundeck-Auth-Token: $RD_TOKEN\" https://rundeck.acme.io/api/45/projects",
    'variable "winrm_password" {\n  type      = string\n  sensitive = true\n}',
    "==> proxmox-iso.ubuntu: Typing boot command...\n==> proxmox-iso.ubuntu: <wait5>"
    "autoinstall ds=nocloud-net<enter>",
    "pveum user add ci@pve && pveum passwd ci@pve   # Enter new password: / Retype new password:",
    "curl -k -H 'Authorization: PVEAPIToken=root@pam!ci=<token-secret>' "
    "https://pve1:8006/api2/json/nodes",
    "curl -H \"Authorization: Bearer $TRUENAS_API_KEY\" https://nas.acme.local/api/v2.0/pool",
    '# midclt call api_key.query\n[{"id": 3, "name": "backup", "created_at": '
    '{"$date": 1733468400000}}]',
    "curl -k -u \"$OPN_KEY:$OPN_SECRET\" https://fw.acme.local/api/core/firmware/status",
    "Verified by the keygen call: <response status = 'success'><result><key>[REDACTED]</key>"
    "</result></response>",
    "jco.client.ashost=sap-erp.acme.local\njco.client.sysnr=00\njco.client.client=100\n"
    "jco.client.user=RFC_USER\njco.client.passwd=${SAP_RFC_PASSWORD}",
    "RFC user RFC_USER works for BAPI_USER_GET_DETAIL (checked in SE37); password is in the "
    "Basis team's vault.",
    "Decision: rotate the Kafka Connect sink password through the secrets provider, not the "
    "REST config; the connector config only holds ${secrets:pg-sink:password}.",
    "Ledger: verified by `nats account info` — JetStream enabled, 3 streams, no credentials "
    "in the context file anymore (uses nkey seed file path).",
    "tool result: {\"exit_code\": 0, \"stdout\": \"Login Succeeded\", \"stderr\": \"WARNING! "
    "Using --password via the CLI is insecure. Use --password-stdin.\"}",
]

_ORD_FORMATS: list[str] = [
    "# /etc/rsyncd.conf\n[share]\n    path = /srv/share\n    auth users = backup\n"
    "    secrets file = /etc/rsyncd.secrets",
    "rsync -av --password-file=/run/secrets/rsync backup@nas::share/ ./share/",
    "# /etc/davfs2/secrets — format: <mountpoint|url> <user> <password>; keep mode 600",
    "s3fs media-bucket /mnt/media -o iam_role=auto -o url=https://s3.eu-west-1.amazonaws.com",
    "[Credentials]\ngs_service_key_file = /etc/gcs/sa.json\n\n[Boto]\n"
    "https_validate_certificates = True",
    "saslpasswd2 -c -u mail.acme.io relay   # Password: / Again (for verification):",
    "anna@acme.io:{SHA512-CRYPT}$6$Zq1x$kF3e8c0v7vJ2m1p5a9Qx0Y3uT6wR8sN4bL2hG7dC5eA1zK9"
    "yM3nP6qW0tU4iO8rE2sD7fJ5gH1:5000:5000::/var/mail/anna",
    "$ doveadm auth test anna@acme.io\nPassword:\npassdb: anna@acme.io auth succeeded",
    "[crm]\nsecret = ${AMI_SECRET}\nread = system,call\nwrite = originate\n"
    "permit = 10.0.0.0/255.0.0.0",
    "Action: Login\r\nUsername: crm\r\nSecret: ********\r\n\r\nResponse: Success",
    "<authentication>\n    <source-password>changeme</source-password>\n</authentication>\n"
    "<!-- replaced at deploy time by the entrypoint -->",
    "murmurd -ini /etc/murmur.ini -supw   # prompts: Password for SuperUser:",
    "query login serveradmin <password from ts3server.ini.secret>",
    "/secure set libera_pw\n/set irc.server.libera.sasl_password \"${sec.data.libera_pw}\"",
    'AuthInfo:smtp.acme.io "U:relay" "I:relay" "P:" "M:PLAIN"   # password filled by ansible',
    "password_secret = ${GRAYLOG_PASSWORD_SECRET}\nroot_password_sha2 = "
    "${GRAYLOG_ROOT_PASSWORD_SHA2}",
    'serverAddr = "frp.acme.io"\nserverPort = 7000\nauth.method = "oidc"\n'
    'auth.oidc.clientID = "frpc-home"',
    "hysteria2 yaml: auth: ${HY_AUTH} (read from the environment at start)",
    '<gui enabled="true" tls="true">\n    <address>127.0.0.1:8384</address>\n    '
    "<user>admin</user>\n</gui>",
    '"rpc-password": "{4f3c0a1d9e2b7c6f5a8d3e1b0c9f2a7d6e5b4c3a",',
    "pihole setpassword   # Enter New Password (Blank for no password):",
    "credentialSecret: process.env.NODE_RED_CREDENTIAL_SECRET,",
    "[upsmon]\n    password = {{ nut_upsmon_password }}\n    upsmon primary",
    'Director {\n  Name = backup-dir\n  Password = "@/etc/bacula/dir.pw"\n}',
    "<videodatabase>\n  <type>mysql</type>\n  <host>nas</host>\n  <user>kodi</user>\n"
    "  <pass>kodi</pass>\n</videodatabase>",
    "Trojan share links look like trojan://<password>@host:443?sni=host — never paste one.",
    "weechat: /set irc.server.libera.sasl_mechanism plain",
    "s3fs passwd file format: ACCESS_KEY_ID:SECRET_ACCESS_KEY (one line, chmod 600).",
    "mount -t davfs https://cloud.acme.io/remote.php/dav/files/anna /mnt/nextcloud "
    "# credentials come from ~/.davfs2/secrets",
    "syncthing cli show system | jq .myID → \"MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-"
    "FZWI3DP-BONSGYY-LTMRWAD\"",
    "TS3SERVER_SERVERADMIN_PASSWORD_FILE=/run/secrets/ts3_admin",
]

_ORD_VENDOR: list[str] = [
    "UNLEASH_URL=https://gitlab.acme.io/api/v4/feature_flags/unleash/42\n"
    "UNLEASH_INSTANCE_ID=${GITLAB_FF_INSTANCE_ID}",
    "Send issues to incoming+<project-key>-issue@acme.io (see Settings > General > Service Desk)",
    "Okta > GitLab app > Provisioning > API Token: (regenerated, stored in Okta only)",
    "NEXT_PUBLIC_NR_ACCOUNT_ID=3141592\nNEXT_PUBLIC_NR_APPLICATION_ID=601",
    'client = Bittrex(os.environ["BITTREX_KEY"], os.environ["BITTREX_SECRET"])',
    "'public_key' => 'pk_2f3c9a1e7b5d4c8f0a6e3b1d9c7a5',",
    'const ik = new ImageKit({ publicKey: "public_x7Yc", privateKey: process.env.IK_PRIVATE!, '
    'urlEndpoint: "https://ik.imagekit.io/acme" });',
    'nylas = Client(api_key=os.environ["NYLAS_API_KEY"], api_uri="https://api.eu.nylas.com")',
    'audit = Audit(os.environ["PANGEA_AUDIT_TOKEN"], config=PangeaConfig(domain=domain))',
    "zerotier-cli join 8056c2e21c000001   # network id, public",
    'const dub = new Dub({ token: process.env.DUB_API_KEY });',
    "CONTENTSTACK_API_KEY=blt0000000000000000\nCONTENTSTACK_DELIVERY_TOKEN=<delivery token>",
    "curl -H \"Authorization: API-Key $PANDADOC_API_KEY\" https://api.pandadoc.com/public/v1/"
    "documents",
    "client = ScrapingBeeClient(api_key=settings.SCRAPINGBEE_API_KEY)",
    "lokalise2 --token \"$LOKALISE_API_TOKEN\" --project-id 3141592.abcd file download",
    "Cookie: known_sign_in=x; _gitlab_session=<redacted>; event_filter=all",
]

_ORD_HUMAN: list[str] = [
    "Pre, yung password ng wifi sa office nasa likod ng router, wag mo i-share ha",
    "Hindi ako maka-login sa VPN kahit tama yung password ko. Pakitingnan po.",
    "Kata laluan mesti sekurang-kurangnya 12 aksara dan mengandungi nombor.",
    "Sila tetapkan semula kata laluan anda melalui pautan yang dihantar ke e-mel.",
    "የይለፍ ቃልዎን ለማንም አያጋሩ።",
    "Jọ̀wọ́ má ṣe pín ọ̀rọ̀ aṣínà rẹ pẹ̀lú ẹnikẹ́ni.",
    "Kada ka raba kalmar sirrinka da kowa.",
    "Ungabelani nomuntu ngephasiwedi yakho.",
    "पासवर्ड कम्तीमा १२ अक्षरको हुनुपर्छ।",
    "ඔබේ මුරපදය කිසිවෙකුට නොකියන්න.",
    "សូមកុំចែករំលែកពាក្យសម្ងាត់របស់អ្នក។",
    "ກະລຸນາຢ່າແບ່ງປັນລະຫັດຜ່ານຂອງທ່ານ",
    "သင့်စကားဝှက်ကို မည်သူ့ကိုမျှ မပြောပါနှင့်။",
    "Құпия сөзіңізді ешкімге айтпаңыз.",
    "Parolingizni hech kimga aytmang.",
    "Şifrənizi heç kimlə paylaşmayın.",
    "Лозинка мора имати најмање 12 знакова.",
    "Паролата трябва да съдържа поне една цифра и един специален символ.",
    "Heslo musí mať aspoň 12 znakov.",
    "Geslo mora vsebovati vsaj eno številko.",
    "Slaptažodis turi būti bent 12 simbolių ilgio.",
    "Parolei jābūt vismaz 12 rakstzīmes garai.",
    "Parool peab olema vähemalt 12 märki pikk.",
    "Salasanan on oltava vähintään 12 merkkiä pitkä.",
    "Adgangskoden skal være mindst 12 tegn lang.",
    "Passordet må inneholde minst ett tall.",
    "Lykilorðið verður að vera að minnsta kosti 12 stafir.",
    "Ní mór don fhocal faire a bheith 12 charachtar ar a laghad.",
    "La contrasenya ha de tenir com a mínim 12 caràcters.",
    "Pasahitzak gutxienez 12 karaktere izan behar ditu.",
    "O contrasinal debe ter polo menos 12 caracteres.",
    "Il-password trid ikollha mill-inqas 12-il karattru.",
    "wifi ko password router ko pachadi lekheko cha, herna",
    "wifi password eka router eke pitipasse liyala thiyenawa",
    "Nova lozinka je poslata na tvoj mejl, proveri spam.",
    "Ссылку для сброса пароля отправили на почту.",
    "Password policy: 14 characters minimum, no reuse of the last 10, rotated every 180 days.",
    "Passwords must not contain your username, the company name or the current season and year.",
    "Tip: a passphrase of four random words is easier to remember than P@ssw0rd-style tricks.",
    "Kikao: nenosiri litabadilishwa kila baada ya siku 90.",
    "The UniFi controller admin password is in the team vault under 'Network / UniFi'.",
    "Post-it on the UPS says 'password in KeePass, entry UPS-HQ'.",
    "site,device,ip,user,password\nHQ,USG-Pro,10.0.0.1,admin,(see vault)",
    "Branch 2\tpfSense\t10.2.0.1\tadmin\t********\tlast changed 03/2025",
    "h2. Proxmox\n* URL: https://pve1:8006\n* Login: root (password in Bitwarden, "
    "collection Infra)",
    "| field | value |\n|---|---|\n| user | admin |\n| password | stored in 1Password |",
    "^ Device ^ User ^ Password ^\n| OPNsense | root | KeePass: Firewall/OPNsense |",
    "  88  clickhouse-client --user default --ask-password",
    "  501  cqlsh 10.0.3.7 -u admin",
    "  19  cypher-shell -u neo4j   # password from prompt",
    "APC NMC at 10.0.0.50 reset; new web login stored in the vault, ticket INC0041871.",
    "Hi team, kal se naya password use karna, purana wala expire ho gaya — link email mein hai",
    "Eh the VPN password changed lah, check the email from IT ah",
    "Hei, salasanasi on vaihdettu. Jos et tehnyt tätä itse, ota yhteyttä tukeen.",
    "Hej, din adgangskode er blevet nulstillet. Brug linket i mailen.",
    "Tere, teie parool on lähtestatud; uue saate määrata lingi kaudu.",
    "The password field was empty, so the form showed 'Password is required'.",
    "password: required, string, min length 12",
    "Password reset emails go out from no-reply@acme.io within five minutes.",
    "forgot password flow: user enters email → token mailed → token expires in 30 minutes",
    "Password strength meter now uses zxcvbn; scores below 3 are rejected.",
    "The password manager migration to Bitwarden finished on Friday.",
    "password protected PDF; ask Ana for the document itself, not the password.",
    "The router's default password is printed on the label under the device.",
    "Parolingizni unutgan bo'lsangiz, 'Parolni tiklash' tugmasini bosing.",
    "Yeni şifrə e-poçtunuza göndərildi.",
    "Ha elfelejtette a jelszavát, kattintson ide.",
    "Il-password ġiet mibdula b'suċċess.",
    "Focal faire athraithe go rathúil.",
    "Contrasenya canviada correctament.",
    "Pasahitza ondo aldatu da.",
    "Contrasinal cambiado correctamente.",
    "Lozinka je uspešno promenjena.",
    "Паролата е сменена успешно.",
    "Heslo bolo úspešne zmenené.",
    "Slaptažodis sėkmingai pakeistas.",
    "Parole veiksmīgi nomainīta.",
    "Parool on edukalt muudetud.",
    "Salasana vaihdettu onnistuneesti.",
    "Lykilorði breytt.",
    "Password: Kalimat sandi terlalu pendek.",
    "password: (prompted)",
    "Password: ",
    "Password for 'https://git.acme.io':",
    "password expired — change it at the next login",
]


def _sha256() -> str:
    return hashlib.sha256(_RNG.randbytes(16)).hexdigest()


def _public() -> list[str]:
    out: list[str] = []
    for _ in range(4):
        out += [
            f"Verified by `git rev-parse HEAD` → {_hex(40)} (tag v1.{_RNG.randint(2, 40)}.0)",
            f"image: registry.acme.io/payments@sha256:{_sha256()}",
            f"nomad job status payments → ID payments, allocation {_hex(8)}, eval {_uuid()}",
            f"Pulumi update {_uuid()} succeeded; stack acme/staging, 0 changes",
            f"Request-Id: {_uuid()}\nX-Trace-Id: {_hex(32)}",
            f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(43, B64)} ci@acme",
            f"SHA256 fingerprint: SHA256:{_r(43, B64)}",
            f"sha512-{_b64(64)} (package-lock integrity)",
            f"ETag: \"{_hex(32)}\"",
            f"kcadm.sh get clients -r acme --fields id,clientId → id {_uuid()}, clientId portal",
        ]
    return out


_ORD_PUBLIC: list[str] = _public()

_DEBATABLE_PREFIXES = ("docs example: ", "test vector: ", "revoked (rotated) ")

_ORD_DEBATABLE: list[str] = [
    "docs example: esc env open acme/staging prints {\"db\": {\"password\": \"hunter2\"}} "
    "when the value is not marked fn::secret",
    "docs example: cypher-shell -u neo4j -p neo4j (the default before the first change)",
    "docs example: pihole -a -p 'changeme'",
    "docs example: murmurd -supw 'supersecret'",
    "test vector: HMAC-SHA256 key 0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, data 'Hi There'",
    "test vector: PBKDF2 password 'password', salt 'salt', c=4096, dkLen=32",
    "revoked (rotated) TrueNAS key id 3 'backup' — value deleted on 2026-11-02",
    "revoked (rotated) gitea runner token, regenerated after the runner moved hosts",
    "docs example: AUTHENTIK_BOOTSTRAP_PASSWORD=akadmin-change-me",
    "test vector: zookeeper digest for super:superpw is super:D/InIHSb7yEEbrWz8b9l71RjZJU=",
]

_ORD_MORE: list[str] = [
    "Credential rotation checklist: Nomad variables, Pulumi ESC, Salesforce auth URL, "
    "ServiceNow integration user, Tableau service accounts.",
    "Secrets in Airflow come from the Vault secrets backend; `airflow connections get` shows "
    "the password as ***.",
    "We store the Flink JDBC password in a Kubernetes Secret mounted at /opt/secrets.",
    "Keycloak admin login goes through the SSO break-glass procedure, not a shared password.",
    "Zitadel machine users authenticate with a JWT profile; the private key stays in the vault.",
    "OPNsense API credentials are per user; create one for the automation account only.",
    "The PAN-OS API key is derived from the admin password, so rotate both together.",
    "Never put the mule.key on the command line; use the Runtime Manager secure properties.",
    "The Tekton task reads the registry password from a workspace bound to a Secret.",
    "Packer marks variables with sensitive = true so they are masked in logs.",
]


FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(blind_corpus.interleave(
        blind_corpus.round_robin(_AGENT, _FORMATS, _HUMAN), _VENDOR_RAW))
]


TENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in TENTH_SECRETS}

# The families of each weight, for reports that break results down by where a secret sits.
AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)

# The families whose values carry a vendor's name, prefix, header or marker; the rest are
# generic (a generic family may still hold a vendor token, placed where an agent writes it).
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a NUT upsmon
# password is a shared monitoring secret on a LAN, a Syncthing API key is a bare random string
# in an XML element, and a ZeroTier Central token is 32 letters and digits with no marker.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"nut upsd users password", "syncthing gui api key", "zerotier central token"}
)

TENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_PUBLIC,
                             *_ORD_HUMAN, *_ORD_DEBATABLE, *_ORD_MORE]

DEBATABLE: list[str] = [text for text in TENTH_ORDINARY if text.startswith(_DEBATABLE_PREFIXES)]


_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, TENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("tenth", FAMILIES, TENTH_SECRETS, TENTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(70, 210, 200),
                       template=_PLACEHOLDER)  # a diff's hunk header (@@ -4,6 +4,7 @@) is text
    # every debatable prefix matches something
    assert all(any(text.startswith(prefix) for text in DEBATABLE)
               for prefix in _DEBATABLE_PREFIXES)


_self_check()
