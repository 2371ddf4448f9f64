"""An eleventh credentials corpus, written blind, weighted to agent ledgers in stacks the
earlier corpora leave out, config files and vendor tokens not yet covered, and passwords
people type in languages and scripts the earlier corpora used little.

Its author saw neither the scanner, its rules nor the samples of the ten earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py`` and
``credential_corpus_fourth.py`` to ``credential_corpus_tenth.py``); only their family names,
collected by code so that every family here is new (``_self_check`` holds that), the helpers
``Family``, ``Values``, ``family`` and ``split_by_family`` of the third, ``blind_corpus`` and
the docstring and closing assembly of the tenth, so that the same measuring code runs on this
one.  It is weighted, about a third each, toward:

* what a coding agent writes in a ledger entry, in stacks the earlier corpora do not name:
  facts "verified by" a command with its output (LiteLLM proxy, n8n, MLflow, Trino, hammer,
  MAAS, ubus, steamcmd, k6, Earthly, Dagger, BuildBuddy, ``security import``), decisions
  quoting a config line, debugging notes, copied HTTP requests to NetBox, Label Studio,
  Paperless-ngx, Typesense, Qdrant, Jellyfin, OctoPrint and the *arr stack, CI logs and
  tool-call JSON;
* config and credential files of tools not yet covered (Authelia, NiFi, Hive metastore,
  Zeppelin shiro.ini, Kibana, Fluent Bit, Vector, the OpenTelemetry collector, Icinga 2,
  Netdata, Chroma, Milvus, Directus, Appsmith, Headscale) and vendor tokens with their
  prefixes from public secret-scanner rule lists (``VENDOR_FAMILIES``);
* passwords people choose (names with dates, seasons, keyboard walks, leetspeak, passphrases,
  pet names, teams with numbers, words of the writer's language) where they type them: chat,
  tickets, email, wikis, spreadsheets and shell history in Telugu, Marathi, Urdu, Gujarati,
  Punjabi, Kannada, Malayalam, Egyptian, Levantine and Moroccan Arabic, Hebrew, Turkish,
  Greek, Georgian, Armenian, Mongolian, Vietnamese, Thai, Javanese, Somali, Swahili,
  Brazilian Portuguese, Mexican Spanish, Romanian, Hungarian, Croatian, Ukrainian, Japanese,
  Korean, Taiwanese Mandarin and Cantonese, often code-mixed with English.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three ``(setting, text)`` samples placed as people paste them.
``ELEVENTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``ELEVENTH_ORDINARY``
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

Values come from a seeded generator (``random.Random(11_2026_12_07)``) with the length,
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
import random
import re
import string
import uuid

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, family, split_by_family

_RNG = random.Random(11_2026_12_07)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
URLSAFE = ALNUM + "-_"
B64 = ALNUM + "+/"
SYMBOLS = "!@#$%&*?._-+="

def _r(length: int, alphabet: str = ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hx(length: int) -> str:
    return _r(length, HEX)


def _b64(raw_length: int) -> str:
    return base64.b64encode(_RNG.randbytes(raw_length)).decode()


def _b64url(raw_length: int) -> str:
    return base64.urlsafe_b64encode(_RNG.randbytes(raw_length)).decode().rstrip("=")


def _uuid() -> str:
    return str(uuid.UUID(int=_RNG.getrandbits(128), version=4))


def _strong(length: int = 0) -> str:
    """A password an admin generated: letters, digits and a few symbols."""
    length = length or _RNG.randint(16, 28)
    chars = [_RNG.choice(ALNUM) for _ in range(length)]
    for _ in range(_RNG.randint(1, 3)):
        chars[_RNG.randrange(length)] = _RNG.choice("!#%*+-_=.")
    return "".join(chars)


def _t(template: str, **values: str) -> str:
    """The template with ``@@A`` .. ``@@Z`` replaced by the values named A .. Z."""
    for key, value in values.items():
        template = template.replace(f"@@{key}", value)
    return template


_LEET = str.maketrans({"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"})
_WALKS = ("qwerty", "1qaz2wsx", "zaq12wsx", "asdfgh", "qwe123", "1q2w3e4r", "q1w2e3r4",
          "asdf1234", "zxcvbnm", "!QAZ2wsx", "qazwsx", "1234qwer", "poiuy")


def _person(words: tuple[str, ...], names: tuple[str, ...] = (), pets: tuple[str, ...] = (),
            teams: tuple[str, ...] = (), seasons: tuple[str, ...] = (),
            pattern: str = "") -> str:
    """A password of the kind people choose, from the words of their language and place."""
    names = names or words
    pets = pets or names
    teams = teams or words
    seasons = seasons or words
    year = str(_RNG.choice([_RNG.randint(1968, 2009), _RNG.randint(2019, 2026)]))
    sym = _RNG.choice("!@#$*.")
    pattern = pattern or _RNG.choice(("name_year", "season", "walk", "leet", "phrase", "pet",
                                      "team", "word_digits", "name_date"))
    if pattern == "name_year":
        out = f"{_RNG.choice(names).capitalize()}{_RNG.choice(['', '@', '_', '.'])}{year}"
    elif pattern == "name_date":
        out = f"{_RNG.choice(names).capitalize()}{_RNG.randint(1, 28):02d}{_RNG.randint(1, 12):02d}{year[2:]}"
    elif pattern == "season":
        out = f"{_RNG.choice(seasons).capitalize()}{year}{sym}"
    elif pattern == "walk":
        out = f"{_RNG.choice(_WALKS)}{_RNG.choice(['', sym, '!'])}{_RNG.choice(words)[:5]}"
    elif pattern == "leet":
        out = f"{_RNG.choice(words).capitalize().translate(_LEET)}{_RNG.randint(1, 99)}{sym}"
    elif pattern == "phrase":
        picks = _RNG.sample(words, 3) if len(words) >= 3 else [*words, *words][:3]
        out = _RNG.choice(["-", ".", "_", ""]).join(
            w.capitalize() if _RNG.random() < 0.5 else w for w in picks) + str(_RNG.randint(1, 99))
    elif pattern == "pet":
        out = f"{_RNG.choice(pets).capitalize()}{sym}{_RNG.randint(1, 999)}"
    elif pattern == "team":
        out = f"{_RNG.choice(teams)}{_RNG.choice(['', '_', '-'])}{_RNG.choice([year, str(_RNG.randint(1, 99))])}"
    else:
        out = f"{_RNG.choice(words)}{_RNG.randint(100, 9999)}{_RNG.choice(['', sym])}"
    return out.replace(" ", "")


def _fam(name: str, *samples: tuple[str, str]) -> Family:
    return Family(name, "", tuple(samples))

# --- 1. What a coding agent writes in its ledger -------------------------------------------

_AGENT: list[Family] = [
    _fam(
        "litellm proxy master key",
        ("decision quoting proxy_config.yaml",
         _t("Decision: keep the LiteLLM proxy on one master key until the virtual-key DB is up.\n"
            "Quoting config/proxy_config.yaml as deployed:\n"
            "```yaml\ngeneral_settings:\n  master_key: sk-@@A\n  database_url: null\n```\n"
            "Revisit once Postgres for key management lands (ticket AI-212).",
            A=_r(22, URLSAFE))),
        ("fact verified by curl to /key/generate",
         _t("Fact: virtual keys can be minted on the staging proxy.\n"
            "Verified by: curl -s -X POST http://llm-proxy.staging:4000/key/generate "
            "-H 'Authorization: Bearer sk-@@A' -H 'Content-Type: application/json' "
            "-d '{\"models\": [\"gpt-4o-mini\"], \"duration\": \"24h\"}'\n"
            "Output: {\"key\":\"sk-@@B\",\"expires\":\"2026-12-08T02:11:09Z\",\"models\":[\"gpt-4o-mini\"]}",
            A=_r(32, LOWER_ALNUM), B=_r(22, URLSAFE))),
        ("docker run line in a debugging note",
         _t("Debugging: proxy returned 401 'Invalid proxy server token passed' after restart.\n"
            "The container was started with\n"
            "  docker run -d -p 4000:4000 -e LITELLM_MASTER_KEY=sk-@@A -v ./config.yaml:/app/config.yaml "
            "ghcr.io/berriai/litellm:main-v1.55.3 --config /app/config.yaml\n"
            "but the client still sent the old key from ~/.continue/config.json. Updated the client.",
            A=_strong(24))),
    ),
    _fam(
        "n8n encryption key",
        ("fact verified by cat of ~/.n8n/config",
         _t("Fact: the credentials in the migrated n8n volume decrypt with the old instance's key.\n"
            "Verified by: docker exec n8n cat /home/node/.n8n/config\n"
            "{\n\t\"encryptionKey\": \"@@A\"\n}\n"
            "and `n8n export:credentials --all --decrypted` listing 14 credentials without error.",
            A=_r(32, ALNUM))),
        ("compose diff in a ledger entry",
         _t("Change: pin the n8n key in compose so a fresh volume does not mint a new one.\n"
            "```diff\n   environment:\n     - N8N_HOST=flows.internal\n"
            "+    - N8N_ENCRYPTION_KEY=@@A\n     - GENERIC_TIMEZONE=Europe/Lisbon\n```",
            A=_r(40, ALNUM))),
        ("error log quoted with the mismatch",
         _t("Note: n8n refused to start on the new host:\n"
            "  Error: Mismatching encryption keys. The encryption key in the settings file "
            "/home/node/.n8n/config (@@A) does not match the N8N_ENCRYPTION_KEY env var.\n"
            "Root cause: two keys, the env var one was generated by the helm chart.",
            A=_r(32, ALNUM))),
    ),
    _fam(
        "woodpecker agent secret",
        ("decision quoting the server env file",
         _t("Decision: agents register with the shared secret for now, per-agent tokens later.\n"
            "From /etc/woodpecker/server.env:\n"
            "WOODPECKER_HOST=https://ci.lab.example.net\nWOODPECKER_AGENT_SECRET=@@A\n"
            "WOODPECKER_FORGEJO=true", A=_hx(64))),
        ("agent startup log",
         _t("CI agent on rpi-07 would not connect. journalctl -u woodpecker-agent:\n"
            "Dec 06 21:04:11 rpi-07 woodpecker-agent[812]: {\"level\":\"debug\",\"server\":\"ci.lab:9000\","
            "\"agent-secret\":\"@@A\",\"message\":\"connecting\"}\n"
            "Dec 06 21:04:11 rpi-07 woodpecker-agent[812]: grpc error: rpc error: code = Unauthenticated",
            A=_hx(64))),
        ("tool-call json writing the agent env",
         _t("{\"tool\": \"write_file\", \"arguments\": {\"path\": \"deploy/agent.env\", \"content\": "
            "\"WOODPECKER_SERVER=ci.lab:9000\\nWOODPECKER_AGENT_SECRET=@@A\\nWOODPECKER_MAX_WORKFLOWS=2\\n\"}}",
            A=_r(48, LOWER_ALNUM))),
    ),
    _fam(
        "mlflow tracking password",
        ("fact verified by mlflow cli",
         _t("Fact: the tracking server accepts the CI user after the basic-auth switch.\n"
            "Verified by:\n  $ MLFLOW_TRACKING_USERNAME=ci-bot MLFLOW_TRACKING_PASSWORD='@@A' "
            "mlflow experiments search --view all\n"
            "  Experiment Id    Name              Artifact Location\n"
            "  0                Default           s3://ml-artifacts/0\n  7                churn-v3          s3://ml-artifacts/7",
            A=_strong())),
        ("notebook cell pasted into a ledger",
         _t("Debug note, cell 3 of train.ipynb that sets up tracking:\n"
            "```python\nimport os, mlflow\nos.environ[\"MLFLOW_TRACKING_USERNAME\"] = \"admin\"\n"
            "os.environ[\"MLFLOW_TRACKING_PASSWORD\"] = \"@@A\"\nmlflow.set_tracking_uri(\"https://mlflow.int\")\n```\n"
            "Moving this to the .env the runner already loads.", A=_person(("mlflow", "model", "tracking", "churn"), pattern="leet"))),
        ("auth config ini",
         _t("Decision: keep MLflow's built-in auth; quoting basic_auth.ini:\n[mlflow]\n"
            "default_permission = READ\ndatabase_uri = sqlite:///basic_auth.db\n"
            "admin_username = admin\nadmin_password = @@A", A=_strong(18))),
    ),
    _fam(
        "label studio api token",
        ("copied http request",
         _t("Copied from the failing export job:\n"
            "GET /api/projects/12/export?exportType=JSON HTTP/1.1\nHost: label.ml.internal:8080\n"
            "Authorization: Token @@A\nAccept: application/json\n\n"
            "Response 200 with 4,812 tasks; the export itself works.", A=_hx(40))),
        ("sdk snippet in a ledger fact",
         _t("Fact: the pre-annotation script can create tasks.\n"
            "Verified by running\n  python - <<'PY'\nfrom label_studio_sdk import Client\n"
            "ls = Client(url='http://localhost:8080', api_key='@@A')\nprint(ls.check_connection())\nPY\n"
            "-> {'status': 'UP'}", A=_hx(40))),
        ("env export in a debugging summary",
         _t("Debugging summary: ML backend could not fetch images (403). It runs with\n"
            "LABEL_STUDIO_URL=http://label-studio:8080\nLABEL_STUDIO_API_KEY=@@A\n"
            "but that key belongs to a deactivated user. Regenerated for the service user.",
            A=_hx(40))),
    ),
    _fam(
        "netbox api token",
        ("curl with token header and output",
         _t("Fact: device 'edge-fra-02' exists with primary IP set.\n"
            "Verified by: curl -s -H \"Authorization: Token @@A\" -H 'Accept: application/json' "
            "https://netbox.corp/api/dcim/devices/?name=edge-fra-02 | jq '.results[0].primary_ip4.address'\n"
            "\"10.40.2.1/32\"", A=_hx(40))),
        ("pynetbox in an inventory script",
         _t("Decision: the Ansible dynamic inventory reads NetBox directly. netbox_inventory.yml:\n"
            "plugin: netbox.netbox.nb_inventory\napi_endpoint: https://netbox.corp\n"
            "token: @@A\nvalidate_certs: true\ngroup_by:\n  - device_roles\n  - sites",
            A=_hx(40))),
        ("terraform provider block in a diff",
         _t("```diff\n provider \"netbox\" {\n   server_url = \"https://netbox.corp\"\n"
            "-  api_token  = var.netbox_token\n+  api_token  = \"@@A\"\n }\n```\n"
            "(reverted in the next commit, see below)", A=_hx(40))),
    ),
    _fam(
        "matomo token_auth",
        ("reporting api url in a note",
         _t("Fact: last week's visits for site 3 match the dashboard (18,244).\n"
            "Verified by: curl 'https://stats.example.org/index.php?module=API&method=VisitsSummary.get"
            "&idSite=3&period=week&date=last1&format=JSON&token_auth=@@A'", A=_hx(32))),
        ("post form in a tracking debug",
         _t("Debugging: bulk tracking import returned 'token_auth is not valid'.\n"
            "Request body was:\n  {\"requests\": [\"?idsite=3&rec=1&url=/pricing&cdt=2026-12-01 10:00:00\"], "
            "\"token_auth\": \"@@A\"}\nThe token was created for a view-only user; cdt needs admin.",
            A=_hx(32))),
        ("config ini of an importer",
         _t("Quoting import_logs.ini kept next to the cron job:\n[matomo]\nurl = https://stats.example.org\n"
            "idsite = 3\ntoken-auth = @@A\nrecorders = 4", A=_hx(32))),
    ),
    _fam(
        "ga4 measurement protocol api secret",
        ("debug endpoint call",
         _t("Fact: server-side purchase events validate.\n"
            "Verified by: curl -s -X POST 'https://www.google-analytics.com/debug/mp/collect"
            "?measurement_id=G-@@B&api_secret=@@A' -d '{\"client_id\":\"555.777\",\"events\":[{\"name\":\"purchase\"}]}'\n"
            "{\"validationMessages\": []}", A=_r(22, URLSAFE), B=_r(10, UPPER_ALNUM))),
        ("backend settings module",
         _t("Decision quoting settings/analytics.py:\nGA4_MEASUREMENT_ID = \"G-@@B\"\n"
            "GA4_API_SECRET = \"@@A\"  # from Admin > Data streams > Measurement Protocol",
            A=_r(22, URLSAFE), B=_r(10, UPPER_ALNUM))),
        ("worker log with full url",
         _t("2026-12-06T09:12:44Z WARN analytics.forwarder non-2xx from "
            "https://region1.google-analytics.com/mp/collect?measurement_id=G-@@B&api_secret=@@A status=400 "
            "retry=3", A=_r(22, URLSAFE), B=_r(10, UPPER_ALNUM))),
    ),
    _fam(
        "k6 cloud token",
        ("ci log of a load test",
         _t("[load-test] $ K6_CLOUD_TOKEN=@@A k6 cloud run --local-execution tests/checkout.js\n"
            "          /\\      Grafana   /‾‾/\n     /\\  /  \\     |\\  __   /  /\n"
            "  execution: cloud (local)\n     output: https://app.k6.io/runs/@@B", A=_hx(64),
            B=str(_RNG.randint(1000000, 9999999)))),
        ("k6 login transcript",
         _t("Verified by: k6 cloud login --token @@A\n"
            "  Logged in successfully, token saved in /home/runner/.config/k6/config.json",
            A=_hx(64))),
        ("config json read back",
         _t("Fact: the runner keeps the cloud token on disk: cat ~/.config/k6/config.json\n"
            "{\"collectors\":{\"cloud\":{\"token\":\"@@A\",\"projectID\":3712045}}}",
            A=_hx(64))),
    ),
    _fam(
        "earthly secret flag",
        ("ci step command line",
         _t("#14 earthly --ci --push --secret NPM_TOKEN=@@A --secret SENTRY_DSN=$SENTRY_DSN +release\n"
            "#14 buildkitd | Starting buildkit daemon as a docker container (earthly-buildkitd)...",
            A="np" "m_" + _r(36, ALNUM))),
        ("ledger fact with earthly secrets set",
         _t("Fact: the cloud secret store holds the registry password.\n"
            "Verified by: earthly secrets set /user/registry-pass '@@A' && earthly secrets ls\n"
            "/user/registry-pass", A=_strong())),
        ("earthfile run line in a decision",
         _t("Decision quoting the Earthfile target we ship with (temporary):\n"
            "deploy:\n    FROM alpine:3.20\n    RUN --no-cache DEPLOY_KEY=\"@@A\" ./deploy.sh prod",
            A=_r(40, URLSAFE))),
    ),
    _fam(
        "dagger setsecret literal",
        ("go module source in a review",
         _t("Review note on ci/main.go:\n```go\nfunc (m *Ci) Publish(ctx context.Context) (string, error) {\n"
            "\tpw := dag.SetSecret(\"registry-password\", \"@@A\")\n"
            "\treturn m.Build().WithRegistryAuth(\"ghcr.io\", \"deploybot\", pw).Publish(ctx, \"ghcr.io/acme/api:latest\")\n}\n```\n"
            "SetSecret with a literal defeats the point; take it as a *dagger.Secret argument.",
            A=_strong(22))),
        ("dagger call transcript",
         _t("$ dagger call publish --registry-password=cmd:\"echo @@A\"\n"
            "✔ connect 0.4s\n✔ loading module 2.1s\n✔ Ci.publish(registryPassword: ✔ cmd) 41.7s\n"
            "ghcr.io/acme/api:latest@sha256:@@B", A=_strong(), B=_hx(64))),
        ("python sdk snippet",
         _t("```python\n@function\nasync def deploy(self) -> str:\n"
            "    token = dag.set_secret(\"fly-token\", \"@@A\")\n"
            "    return await dag.container().from_(\"flyio/flyctl\").with_secret_variable(\"FLY_API_TOKEN\", token)\n```",
            A=_r(43, URLSAFE))),
    ),
    _fam(
        "buildbuddy api key header",
        ("bazelrc line in a decision",
         _t("Decision: remote cache through BuildBuddy for CI only. .bazelrc.ci:\n"
            "build:remote --bes_results_url=https://app.buildbuddy.io/invocation/\n"
            "build:remote --remote_cache=grpcs://remote.buildbuddy.io\n"
            "build:remote --remote_header=x-buildbuddy-api-key=@@A", A=_r(20, ALNUM))),
        ("ci log echoing the flags",
         _t("INFO: Options provided by the client:\n  Inherited 'common' options: --isatty=0\n"
            "INFO: Reading rc options for 'build' from /workspace/.bazelrc:\n"
            "  'build' options: --bes_backend=grpcs://remote.buildbuddy.io --remote_header=x-buildbuddy-api-key=@@A",
            A=_r(20, ALNUM))),
        ("tool call json",
         _t("{\"type\":\"tool_use\",\"name\":\"bash\",\"input\":{\"command\":\"bazel test //... "
            "--config=remote --remote_header=x-buildbuddy-api-key=@@A 2>&1 | tail -20\"}}",
            A=_r(20, ALNUM))),
    ),
    _fam(
        "swift package registry login token",
        ("transcript of login",
         _t("Fact: SwiftPM resolves @acme packages from the private registry.\n"
            "Verified by:\n$ swift package-registry login https://swift.pkg.acme.dev --token @@A\n"
            "Login successful.\nCredentials have been saved to the operating system's secure credential store.",
            A=_r(40, LOWER_ALNUM))),
        ("ci script in a diff",
         _t("```diff\n - name: Registry login\n-  run: swift package-registry login $REGISTRY --token \"$SPM_TOKEN\"\n"
            "+  run: swift package-registry login $REGISTRY --token @@A --no-confirm\n```",
            A=_r(40, LOWER_ALNUM))),
        ("netrc-like registries json",
         _t("Debug note: on Linux it wrote ~/.swiftpm/configuration/registries.json and ~/.netrc instead:\n"
            "machine swift.pkg.acme.dev\n  login token\n  password @@A", A=_r(40, LOWER_ALNUM))),
    ),
    _fam(
        "security import p12 passphrase flag",
        ("ci keychain setup log",
         _t("+ security create-keychain -p '' build.keychain\n"
            "+ security import signing.p12 -k build.keychain -P '@@A' -T /usr/bin/codesign\n"
            "1 identity imported.\n+ security set-key-partition-list -S apple-tool:,apple: -s -k '' build.keychain",
            A=_person(("Signing", "Apple", "Distribution", "Acme"), pattern="leet"))),
        ("ledger debugging note",
         _t("Debugging: 'security: SecKeychainItemImport: MAC verification failed during PKCS12 import "
            "(wrong password?)'. Exported again from Keychain Access with passphrase @@A and the import "
            "succeeded; the old base64 in the CI secret was from the expired cert.", A=_strong(14))),
        ("fastlane-free script",
         _t("scripts/ci/import_cert.sh:\n#!/bin/bash\nset -euo pipefail\n"
            "echo \"$P12_BASE64\" | base64 --decode > /tmp/cert.p12\n"
            "security import /tmp/cert.p12 -k ~/Library/Keychains/ci.keychain-db -P \"@@A\" -A",
            A=_strong(16))),
    ),
    _fam(
        "unity license activation password",
        ("workflow step with literal",
         _t("- uses: game-ci/unity-builder@v4\n  env:\n    UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n"
            "    UNITY_EMAIL: builds@studio-kite.com\n    UNITY_PASSWORD: @@A\n  with:\n    targetPlatform: StandaloneWindows64",
            A=_person(("Kite", "Unity", "Game", "Studio"), pattern="name_year"))),
        ("editor batchmode command",
         _t("Fact: activation works headless on the build VM.\nVerified by:\n"
            "/opt/unity/Editor/Unity -batchmode -quit -serial SC-@@B -username builds@studio-kite.com "
            "-password '@@A' -logFile -\n[Licensing::Module] Serial number assigned to: builds@studio-kite.com",
            A=_strong(15), B="-".join(_r(4, UPPER_ALNUM) for _ in range(5)))),
        ("returning license note",
         _t("Note for handover: before reimaging, return the seat:\n"
            "Unity -quit -batchmode -returnlicense -username builds@studio-kite.com -password @@A",
            A=_person(("Kite", "Pixel", "Sprite"), pattern="pet"))),
    ),
    _fam(
        "steamcmd login password",
        ("dedicated server update script",
         _t("update_server.sh on game-01:\n#!/bin/sh\n"
            "/home/steam/steamcmd/steamcmd.sh +force_install_dir /srv/valheim +login deploybot @@A "
            "+app_update 896660 validate +quit", A=_person(("valheim", "odin", "viking", "server")))),
        ("build upload in ci log",
         _t("Run steamcmd +login $STEAM_USER @@A +run_app_build ../scripts/app_build_2420510.vdf +quit\n"
            "Logging in user 'studio_builder' to Steam Public...OK\nBuilding depot 2420511...",
            A=_strong(14))),
        ("ledger fact with guard code",
         _t("Fact: the builder account needs a fresh Steam Guard code only once per VM.\n"
            "Verified by: steamcmd +login studio_builder '@@A' NV7KD +quit -> "
            "'Waiting for user info...OK'", A=_person(("Gabe", "Portal", "Lambda"), pattern="leet"))),
    ),
    _fam(
        "octoprint api key",
        ("curl to job endpoint",
         _t("Fact: the Ender printer is idle before the overnight job.\n"
            "Verified by: curl -s -H 'X-Api-Key: @@A' http://octopi.local/api/job | jq .state\n\"Operational\"",
            A=_r(43, URLSAFE))),
        ("home assistant yaml quoted",
         _t("Decision quoting configuration.yaml:\noctoprint:\n  host: 192.168.1.77\n  api_key: @@A\n"
            "  bed: true\n  number_of_tools: 1", A=_r(32, "0123456789ABCDEF"))),
        ("slicer upload request copied",
         _t("POST /api/files/local HTTP/1.1\nHost: octopi.local\nX-Api-Key: @@A\n"
            "Content-Type: multipart/form-data; boundary=----PrusaSlicer\n\n------PrusaSlicer\n"
            "Content-Disposition: form-data; name=\"file\"; filename=\"bracket.gcode\"", A=_r(43, URLSAFE))),
    ),
    _fam(
        "jellyfin api key",
        ("curl with emby token header",
         _t("Fact: library scan can be triggered from the NAS cron.\n"
            "Verified by: curl -X POST -H 'X-Emby-Token: @@A' http://jellyfin:8096/Library/Refresh -w '%{http_code}'\n204",
            A=_hx(32))),
        ("url with api_key query in a note",
         _t("Debugging: the Kodi add-on streams stall. Copied stream URL from its log:\n"
            "http://10.0.0.5:8096/Videos/@@B/stream.mkv?static=true&MediaSourceId=@@B&api_key=@@A",
            A=_hx(32), B=_hx(32))),
        ("jellyseerr settings json",
         _t("settings.json of jellyseerr (quoting the relevant block):\n\"jellyfin\": {\n  \"name\": \"home\",\n"
            "  \"ip\": \"jellyfin\",\n  \"port\": 8096,\n  \"apiKey\": \"@@A\",\n  \"libraries\": []\n}",
            A=_hx(32))),
    ),
    _fam(
        "arr stack config xml api key",
        ("sonarr config.xml read",
         _t("Fact: Prowlarr sync failed because Sonarr's key changed after the restore.\n"
            "Verified by: docker exec sonarr cat /config/config.xml\n<Config>\n  <Port>8989</Port>\n"
            "  <UrlBase></UrlBase>\n  <ApiKey>@@A</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n</Config>",
            A=_hx(32))),
        ("radarr api call",
         _t("GET http://radarr:7878/api/v3/movie?apikey=@@A -> 200, 612 movies. "
            "Same call from the new VLAN: connection refused, so it is the firewall, not auth.",
            A=_hx(32))),
        ("recyclarr yaml",
         _t("Decision: quality profiles come from recyclarr; recyclarr.yml:\nsonarr:\n  series:\n"
            "    base_url: http://sonarr:8989\n    api_key: @@A\nradarr:\n  movies:\n"
            "    base_url: http://radarr:7878\n    api_key: @@B", A=_hx(32), B=_hx(32))),
    ),
    _fam(
        "qbittorrent webui login password",
        ("curl login transcript",
         _t("Verified by: curl -i --data 'username=admin&password=@@A' http://nas:8080/api/v2/auth/login\n"
            "HTTP/1.1 200 OK\nset-cookie: SID=@@B; HttpOnly; path=/; SameSite=Strict\n\nOk.",
            A=_person(("torrent", "linux", "iso", "seed")), B=_r(32, ALNUM))),
        ("first run log",
         _t("docker logs qbittorrent | head\n******** Information ********\n"
            "To control qBittorrent, access the WebUI at: http://localhost:8080\n"
            "The WebUI administrator username is: admin\n"
            "A temporary password is provided for this session: @@A\n"
            "You should set your own password in program preferences.", A=_r(9, ALNUM))),
        ("autobrr client config",
         _t("Debug note: autobrr shows 'qbit: login failed'. Its client entry:\n"
            "{\"name\":\"qbit\",\"type\":\"QBITTORRENT\",\"host\":\"http://nas:8080\",\"username\":\"admin\","
            "\"password\":\"@@A\",\"tls\":false}", A=_person(("Seedbox", "Nas", "Media"), pattern="name_year"))),
    ),
    _fam(
        "paperless-ngx api token",
        ("curl to documents",
         _t("Fact: the scanner inbox consumer is uploading.\n"
            "Verified by: curl -s -H 'Authorization: Token @@A' 'https://docs.home.arpa/api/documents/?ordering=-added' "
            "| jq '.results[0].title'\n\"Rechnung Stadtwerke 2026-11\"", A=_hx(40))),
        ("mobile app settings export",
         _t("Note while migrating the phone app: its exported settings were\n"
            "server_url=https://docs.home.arpa\nauth_token=@@A\nupload_tag=phone", A=_hx(40))),
        ("ai tagging script env",
         _t("Decision: paperless-gpt runs beside paperless; its compose env:\n"
            "PAPERLESS_BASE_URL: http://paperless:8000\nPAPERLESS_API_TOKEN: @@A\n"
            "LLM_PROVIDER: ollama\nLLM_MODEL: llama3.1:8b", A=_hx(40))),
    ),
    _fam(
        "typesense api key",
        ("copied search request",
         _t("Copied from the browser, the search call that returns 0 hits:\n"
            "POST https://search.docs.internal/multi_search?x-typesense-api-key=@@A\n"
            "{\"searches\":[{\"collection\":\"docs_v2\",\"q\":\"webhook\",\"query_by\":\"content\"}]}\n"
            "Note: this is the admin key, not the search-only one; swapping.", A=_r(32, ALNUM))),
        ("server start command",
         _t("Fact: the index survives restarts.\nVerified by restarting with\n"
            "  typesense-server --data-dir=/var/lib/typesense --api-key=@@A --enable-cors\n"
            "and `curl localhost:8108/collections -H 'X-TYPESENSE-API-KEY: @@A'` still listing docs_v2.",
            A=_r(40, ALNUM))),
        ("docsearch scraper env",
         _t(".env for the docsearch scraper run:\nTYPESENSE_API_KEY=@@A\nTYPESENSE_HOST=search.docs.internal\n"
            "TYPESENSE_PORT=443\nTYPESENSE_PROTOCOL=https", A=_r(32, ALNUM))),
    ),
    _fam(
        "qdrant api key",
        ("curl to collections",
         _t("Verified by: curl -s https://qdrant.vec.internal:6333/collections -H 'api-key: @@A'\n"
            "{\"result\":{\"collections\":[{\"name\":\"support_tickets\"},{\"name\":\"docs\"}]},\"status\":\"ok\"}",
            A=_r(36, URLSAFE))),
        ("python client line in a traceback",
         _t("Traceback (most recent call last):\n  File \"ingest.py\", line 18, in <module>\n"
            "    client = QdrantClient(url=\"https://qdrant.vec.internal\", api_key=\"@@A\", timeout=5)\n"
            "qdrant_client.http.exceptions.ResponseHandlingException: timed out", A=_r(36, URLSAFE))),
        ("production config yaml",
         _t("Decision: enable auth on the Qdrant node; config/production.yaml:\nservice:\n"
            "  api_key: @@A\n  read_only_api_key: @@B\n  enable_tls: true", A=_r(32, ALNUM), B=_r(32, ALNUM))),
    ),
    _fam(
        "trino cli password",
        ("cli transcript with env",
         _t("Fact: analysts can query the lakehouse through the LDAP password authenticator.\n"
            "Verified by:\n$ TRINO_PASSWORD='@@A' trino --server https://trino.data:8443 --user mkhan --password "
            "--execute 'SELECT count(*) FROM iceberg.sales.orders'\n\"48211093\"", A=_strong())),
        ("dbt profile for trino",
         _t("profiles.yml used by the nightly job:\nlakehouse:\n  target: prod\n  outputs:\n    prod:\n"
            "      type: trino\n      method: ldap\n      user: svc_dbt\n      password: @@A\n"
            "      host: trino.data\n      port: 8443\n      catalog: iceberg", A=_strong(20))),
        ("jdbc url in a superset note",
         _t("Debugging: Superset connection test fails with 'Access Denied'. The SQLAlchemy URI in the DB "
            "settings is trino://svc_superset:@@A@trino.data:8443/iceberg?protocol=https",
            A=_r(18, ALNUM))),
    ),
    _fam(
        "superset secret key",
        ("superset_config.py quoted",
         _t("Decision: one SECRET_KEY across all Superset workers (sessions broke behind the LB).\n"
            "superset_config.py:\nSECRET_KEY = \"@@A\"\nSQLALCHEMY_DATABASE_URI = os.environ[\"SUPERSET_DB_URI\"]",
            A=_b64(42))),
        ("helm values override",
         _t("values-prod.yaml for the superset chart:\nextraSecretEnv:\n  SUPERSET_SECRET_KEY: '@@A'\n"
            "configOverrides:\n  feature_flags: |\n    FEATURE_FLAGS = {\"ALERT_REPORTS\": True}", A=_b64(42))),
        ("rotation transcript",
         _t("Ran the key rotation: \n$ export PREVIOUS_SECRET_KEY='@@A'\n"
            "$ superset re-encrypt-secrets\nRe-encrypting 37 database connection passwords... done",
            A=_b64(32))),
    ),
    _fam(
        "foreman hammer cli password",
        ("hammer config yaml",
         _t("Fact: hammer works for the automation user.\nVerified by: cat ~/.hammer/cli.modules.d/foreman.yml\n"
            ":foreman:\n  :host: 'https://foreman.dc1'\n  :username: 'automation'\n  :password: '@@A'\n"
            "and `hammer host list --search 'os = RedHat'` returning 212 hosts.", A=_strong())),
        ("hammer command in a note",
         _t("Debugging provisioning: hammer -u admin -p '@@A' host create --name web-17 "
            "--hostgroup 'RHEL9/web' --location DC1 --organization ACME --mac 52:54:00:3a:7f:11",
            A=_person(("Foreman", "Katello", "Satellite"), pattern="season", seasons=("Winter", "Summer")))),
        ("api call with basic auth",
         _t("curl -sk -u admin:@@A https://foreman.dc1/api/v2/hosts/web-17/power -X PUT "
            "-H 'Content-Type: application/json' -d '{\"power_action\":\"cycle\"}'\n{\"power\":true}",
            A=_strong(14))),
    ),
    _fam(
        "maas api key",
        ("maas login transcript",
         _t("Fact: the CLI profile is logged in against region controller 2.\nVerified by:\n"
            "$ maas login admin http://maas-rc2:5240/MAAS/ @@A\n\nYou are now logged in to the MAAS server at "
            "http://maas-rc2:5240/MAAS/api/2.0/ with the profile name 'admin'.",
            A=f"{_r(18, ALNUM)}:{_r(18, ALNUM)}:{_r(32, ALNUM)}")),
        ("terraform provider config",
         _t("provider \"maas\" {\n  api_version = \"2.0\"\n  api_key     = \"@@A\"\n"
            "  api_url     = \"http://maas-rc2:5240/MAAS\"\n}",
            A=f"{_r(18, ALNUM)}:{_r(18, ALNUM)}:{_r(32, ALNUM)}")),
        ("apikey generate output",
         _t("$ sudo maas apikey --username=juju-ci --generate\n@@A\n"
            "(stored in the juju credential; see next entry)",
            A=f"{_r(18, ALNUM)}:{_r(18, ALNUM)}:{_r(32, ALNUM)}")),
    ),
    _fam(
        "openwrt ubus login password",
        ("curl json-rpc login",
         _t("Verified by: curl -s http://192.168.8.1/ubus -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"call\","
            "\"params\":[\"00000000000000000000000000000000\",\"session\",\"login\",{\"username\":\"root\","
            "\"password\":\"@@A\"}]}'\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[0,{\"ubus_rpc_session\":\"@@B\"}]}",
            A=_person(("router", "openwrt", "lede", "wifi")), B=_hx(32))),
        ("ansible task for routers",
         _t("Decision quoting group_vars/routers.yml:\nansible_user: root\nansible_password: @@A\n"
            "ansible_ssh_common_args: '-o StrictHostKeyChecking=no'", A=_strong(12))),
        ("luci rpc python",
         _t("```python\nr = requests.post(\"http://192.168.8.1/cgi-bin/luci/rpc/auth\", "
            "json={\"id\": 1, \"method\": \"login\", \"params\": [\"root\", \"@@A\"]})\n```\n"
            "returns a sysauth token; used by the backup job.", A=_person(("Gl", "Inet", "Beryl", "Flint"), pattern="name_year"))),
    ),
]

# --- 2. Config and credential files of tools not yet covered ------------------------------

_FORMATS: list[Family] = [
    _fam(
        "authelia configuration secrets",
        ("configuration.yml block",
         _t("identity_validation:\n  reset_password:\n    jwt_secret: '@@A'\nsession:\n  secret: '@@B'\n"
            "  cookies:\n    - domain: 'home.example.net'\n      authelia_url: 'https://auth.home.example.net'\n"
            "storage:\n  encryption_key: '@@C'\n  local:\n    path: '/config/db.sqlite3'",
            A=_r(64, ALNUM), B=_r(64, ALNUM), C=_r(64, ALNUM))),
        ("smtp notifier section",
         _t("notifier:\n  smtp:\n    address: 'submission://smtp.fastmail.com:587'\n"
            "    username: 'alerts@example.net'\n    password: '@@A'\n    sender: 'Authelia <auth@example.net>'",
            A=_r(16, LOWER_ALNUM))),
        ("ldap backend section",
         _t("authentication_backend:\n  ldap:\n    implementation: 'lldap'\n    address: 'ldap://lldap:3890'\n"
            "    base_dn: 'dc=home,dc=arpa'\n    user: 'uid=authelia,ou=people,dc=home,dc=arpa'\n    password: '@@A'",
            A=_strong())),
    ),
    _fam(
        "nifi sensitive props key",
        ("nifi.properties excerpt",
         _t("# security properties #\nnifi.sensitive.props.key=@@A\n"
            "nifi.sensitive.props.key.protected=\nnifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\n"
            "nifi.security.keystore=./conf/keystore.p12\nnifi.security.keystorePasswd=@@B\n"
            "nifi.security.keyPasswd=@@B", A=_r(24, ALNUM), B=_r(32, ALNUM))),
        ("docker env",
         _t("services:\n  nifi:\n    image: apache/nifi:2.0.0\n    environment:\n"
            "      SINGLE_USER_CREDENTIALS_USERNAME: admin\n      SINGLE_USER_CREDENTIALS_PASSWORD: @@A\n"
            "      NIFI_SENSITIVE_PROPS_KEY: @@B", A=_strong(14), B=_r(20, ALNUM))),
        ("nifi registry properties",
         _t("nifi.registry.security.keystorePasswd=@@A\nnifi.registry.security.keyPasswd=@@A\n"
            "nifi.registry.security.truststore=./conf/truststore.jks\nnifi.registry.security.truststorePasswd=@@B",
            A=_r(32, ALNUM), B=_strong(12))),
    ),
    _fam(
        "hive metastore jdo password",
        ("hive-site.xml",
         _t("<property>\n  <name>javax.jdo.option.ConnectionURL</name>\n"
            "  <value>jdbc:postgresql://metastore-db:5432/metastore</value>\n</property>\n<property>\n"
            "  <name>javax.jdo.option.ConnectionUserName</name>\n  <value>hive</value>\n</property>\n<property>\n"
            "  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>@@A</value>\n</property>",
            A=_strong(15))),
        ("schematool command",
         _t("$ schematool -dbType postgres -initSchema -userName hive -passWord '@@A' "
            "-url jdbc:postgresql://metastore-db:5432/metastore\nInitialization script completed\nschemaTool completed",
            A=_person(("hive", "hadoop", "meta"), pattern="leet"))),
        ("metastore-site in a configmap",
         _t("data:\n  metastore-site.xml: |\n    <configuration>\n      <property><name>metastore.thrift.uris</name>"
            "<value>thrift://0.0.0.0:9083</value></property>\n      <property><name>javax.jdo.option.ConnectionPassword</name>"
            "<value>@@A</value></property>\n    </configuration>", A=_r(20, ALNUM))),
    ),
    _fam(
        "zeppelin shiro ini users",
        ("shiro.ini users section",
         _t("[users]\n# List of users with their password allowed to access Zeppelin.\n"
            "admin = @@A, admin\nanalyst1 = @@B, role1\n\n[main]\nsessionManager = org.apache.shiro.web.session.mgt.DefaultWebSessionManager",
            A=_strong(14), B=_person(("spark", "data", "notebook", "zeppelin")))),
        ("ldap realm password",
         _t("[main]\nldapRealm = org.apache.zeppelin.realm.LdapRealm\n"
            "ldapRealm.contextFactory.url = ldaps://ldap.corp:636\n"
            "ldapRealm.contextFactory.systemUsername = uid=zeppelin,ou=svc,dc=corp\n"
            "ldapRealm.contextFactory.systemPassword = @@A", A=_strong())),
        ("interpreter json",
         _t("\"jdbc\": {\n  \"properties\": {\n    \"default.url\": {\"value\": \"jdbc:postgresql://dwh:5432/analytics\"},\n"
            "    \"default.user\": {\"value\": \"zeppelin\"},\n    \"default.password\": {\"value\": \"@@A\"}\n  }\n}",
            A=_strong(16))),
    ),
    _fam(
        "kibana encryption keys",
        ("kibana.yml",
         _t("server.publicBaseUrl: \"https://kibana.obs.internal\"\nelasticsearch.hosts: [\"https://es01:9200\"]\n"
            "elasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"@@D\"\n"
            "xpack.encryptedSavedObjects.encryptionKey: \"@@A\"\nxpack.reporting.encryptionKey: \"@@B\"\n"
            "xpack.security.encryptionKey: \"@@C\"", A=_hx(32), B=_hx(32), C=_hx(32), D=_strong())),
        ("encryption-keys generate output",
         _t("$ bin/kibana-encryption-keys generate -q\nxpack.encryptedSavedObjects.encryptionKey: @@A\n"
            "xpack.reporting.encryptionKey: @@B\nxpack.security.encryptionKey: @@C", A=_hx(32), B=_hx(32), C=_hx(32))),
        ("helm values",
         _t("kibanaConfig:\n  kibana.yml: |\n    xpack.encryptedSavedObjects.encryptionKey: @@A\n"
            "    monitoring.ui.container.elasticsearch.enabled: true", A=_r(32, ALNUM))),
    ),
    _fam(
        "fluent bit output http_passwd",
        ("fluent-bit.conf",
         _t("[OUTPUT]\n    Name        http\n    Match       kube.*\n    Host        logs.obs.internal\n"
            "    Port        443\n    URI         /api/default/default/_json\n    tls         On\n"
            "    HTTP_User   fluentbit@obs.internal\n    HTTP_Passwd @@A\n    Format      json", A=_r(20, ALNUM))),
        ("yaml pipeline",
         _t("pipeline:\n  outputs:\n    - name: es\n      match: '*'\n      host: es01\n      http_user: elastic\n"
            "      http_passwd: @@A\n      suppress_type_name: on", A=_strong())),
        ("loki output",
         _t("[OUTPUT]\n    name         loki\n    match        *\n    host         logs-prod-012.grafana.net\n"
            "    port         443\n    tls          on\n    http_user    @@B\n    http_passwd  @@A",
            A="gl" "c_" + _b64(90).rstrip("="), B=str(_RNG.randint(100000, 999999)))),
    ),
    _fam(
        "vector sink auth password",
        ("vector.toml",
         _t("[sinks.es]\ntype = \"elasticsearch\"\ninputs = [\"parse_nginx\"]\nendpoints = [\"https://es01:9200\"]\n"
            "auth.strategy = \"basic\"\nauth.user = \"vector\"\nauth.password = \"@@A\"", A=_strong())),
        ("vector.yaml clickhouse",
         _t("sinks:\n  ch:\n    type: clickhouse\n    inputs: [app_logs]\n    endpoint: http://clickhouse:8123\n"
            "    database: logs\n    table: app\n    auth:\n      strategy: basic\n      user: vector\n      password: \"@@A\"",
            A=_r(18, ALNUM))),
        ("http sink bearer",
         _t("[sinks.betterstack]\ntype = \"http\"\nuri = \"https://in.logs.betterstack.com/\"\nencoding.codec = \"json\"\n"
            "auth.strategy = \"bearer\"\nauth.token = \"@@A\"", A=_r(24, ALNUM))),
    ),
    _fam(
        "otel collector basicauth extension",
        ("collector config",
         _t("extensions:\n  basicauth/grafana:\n    client_auth:\n      username: \"@@B\"\n"
            "      password: \"@@A\"\nexporters:\n  otlphttp:\n    endpoint: https://otlp-gateway-prod-eu-west-2.grafana.net/otlp\n"
            "    auth:\n      authenticator: basicauth/grafana",
            A="gl" "c_" + _b64(90).rstrip("="), B=str(_RNG.randint(100000, 999999)))),
        ("server side htpasswd inline",
         _t("extensions:\n  basicauth/server:\n    htpasswd:\n      inline: |\n        otel-agent:@@A\n"
            "receivers:\n  otlp:\n    protocols:\n      http:\n        auth:\n          authenticator: basicauth/server",
            A=_strong())),
        ("headers setter",
         _t("exporters:\n  otlp/honey:\n    endpoint: api.honeycomb.io:443\n    headers:\n"
            "      x-honeycomb-team: @@A\n      x-honeycomb-dataset: collector", A=_r(22, ALNUM))),
    ),
    _fam(
        "icinga api users conf",
        ("api-users.conf",
         _t("object ApiUser \"root\" {\n  password = \"@@A\"\n  permissions = [ \"*\" ]\n}\n\n"
            "object ApiUser \"director\" {\n  password = \"@@B\"\n  permissions = [ \"*\" ]\n}",
            A=_hx(16), B=_strong())),
        ("icingaweb2 resources.ini",
         _t("[icinga_ido]\ntype = \"db\"\ndb = \"pgsql\"\nhost = \"localhost\"\nport = \"5432\"\n"
            "dbname = \"icinga_ido\"\nusername = \"icinga\"\npassword = \"@@A\"", A=_strong(14))),
        ("commandtransports.ini",
         _t("[icinga2]\ntransport = \"api\"\nhost = \"127.0.0.1\"\nport = \"5665\"\nusername = \"icingaweb2\"\n"
            "password = \"@@A\"", A=_r(16, ALNUM))),
    ),
    _fam(
        "netdata claim token",
        ("docker run command",
         _t("docker run -d --name=netdata --pid=host --network=host \\\n  -v netdataconfig:/etc/netdata \\\n"
            "  -e NETDATA_CLAIM_TOKEN=@@A \\\n  -e NETDATA_CLAIM_URL=https://app.netdata.cloud \\\n"
            "  -e NETDATA_CLAIM_ROOMS=@@B \\\n  netdata/netdata:stable", A=_r(135, URLSAFE), B=_uuid())),
        ("claim.conf",
         _t("[global]\n    url = https://app.netdata.cloud\n    token = @@A\n    rooms = @@B\n"
            "    insecure = no", A=_r(135, URLSAFE), B=_uuid())),
        ("kickstart one-liner",
         _t("wget -O /tmp/netdata-kickstart.sh https://get.netdata.cloud/kickstart.sh && sh /tmp/netdata-kickstart.sh "
            "--stable-channel --claim-token @@A --claim-rooms @@B --claim-url https://app.netdata.cloud",
            A=_r(135, URLSAFE), B=_uuid())),
    ),
    _fam(
        "chroma server authn credentials",
        ("docker compose env",
         _t("  chromadb:\n    image: chromadb/chroma:0.5.23\n    environment:\n"
            "      - CHROMA_SERVER_AUTHN_PROVIDER=chromadb.auth.token_authn.TokenAuthenticationServerProvider\n"
            "      - CHROMA_SERVER_AUTHN_CREDENTIALS=@@A\n      - CHROMA_AUTH_TOKEN_TRANSPORT_HEADER=Authorization",
            A=_r(32, ALNUM))),
        ("client settings",
         _t("client = chromadb.HttpClient(\n    host=\"chroma.rag.internal\",\n    settings=Settings(\n"
            "        chroma_client_auth_provider=\"chromadb.auth.token_authn.TokenAuthClientProvider\",\n"
            "        chroma_client_auth_credentials=\"@@A\",\n    ),\n)", A=_r(32, ALNUM))),
        ("basic htpasswd creds",
         _t("CHROMA_SERVER_AUTHN_PROVIDER=chromadb.auth.basic_authn.BasicAuthenticationServerProvider\n"
            "CHROMA_CLIENT_AUTH_CREDENTIALS=admin:@@A", A=_strong(14))),
    ),
    _fam(
        "milvus root token",
        ("pymilvus connect",
         _t("from pymilvus import MilvusClient\n\nclient = MilvusClient(\n    uri=\"http://milvus.vec:19530\",\n"
            "    token=\"root:@@A\",\n    db_name=\"rag\",\n)", A=_strong(14))),
        ("milvus.yaml",
         _t("common:\n  security:\n    authorizationEnabled: true\n    defaultRootPassword: @@A\n"
            "    superUsers: root", A=_strong(12))),
        ("zilliz style uri and token in env",
         _t("MILVUS_URI=https://in03-@@B.serverless.gcp-us-west1.cloud.zilliz.com\nMILVUS_TOKEN=@@A",
            A=_hx(104), B=_hx(15))),
    ),
    _fam(
        "directus env secrets",
        ("directus .env",
         _t("KEY=\"@@A\"\nSECRET=\"@@B\"\nADMIN_EMAIL=\"admin@example.com\"\nADMIN_PASSWORD=\"@@C\"\n"
            "DB_CLIENT=\"pg\"\nDB_HOST=\"postgres\"\nDB_PASSWORD=\"@@D\"",
            A=_uuid(), B=_r(32, URLSAFE), C=_person(("directus", "cms", "content")), D=_strong())),
        ("static token in sdk setup",
         _t("import { createDirectus, rest, staticToken } from '@directus/sdk';\n\n"
            "const client = createDirectus('https://cms.example.com').with(staticToken('@@A')).with(rest());",
            A=_r(32, URLSAFE))),
        ("docker compose",
         _t("    environment:\n      SECRET: \"@@A\"\n      ADMIN_EMAIL: \"ops@example.com\"\n"
            "      ADMIN_PASSWORD: \"@@B\"\n      PUBLIC_URL: \"https://cms.example.com\"",
            A=_r(40, ALNUM), B=_strong(14))),
    ),
    _fam(
        "appsmith docker env encryption",
        ("stacks/configuration/docker.env",
         _t("APPSMITH_ENCRYPTION_PASSWORD=@@A\nAPPSMITH_ENCRYPTION_SALT=@@B\n"
            "APPSMITH_MONGODB_URI=mongodb://appsmith:@@C@localhost/appsmith?retryWrites=true\n"
            "APPSMITH_SUPERVISOR_PASSWORD=@@D", A=_r(24, ALNUM), B=_r(24, ALNUM), C=_r(20, ALNUM), D=_r(12, ALNUM))),
        ("helm values",
         _t("applicationConfig:\n  APPSMITH_ENCRYPTION_PASSWORD: \"@@A\"\n  APPSMITH_ENCRYPTION_SALT: \"@@B\"\n"
            "  APPSMITH_DISABLE_TELEMETRY: \"true\"", A=_r(24, ALNUM), B=_r(24, ALNUM))),
        ("smtp block",
         _t("APPSMITH_MAIL_ENABLED=true\nAPPSMITH_MAIL_HOST=smtp.office365.com\nAPPSMITH_MAIL_PORT=587\n"
            "APPSMITH_MAIL_USERNAME=tools@contoso.example\nAPPSMITH_MAIL_PASSWORD=@@A", A=_strong(14))),
    ),
    _fam(
        "headscale preauth key",
        ("create output",
         _t("$ headscale preauthkeys create --user homelab --reusable --expiration 24h\n@@A",
            A="hskey" "-auth-" + _r(12, URLSAFE) + "-" + _r(64, URLSAFE))),
        ("tailscale up against headscale",
         _t("tailscale up --login-server https://hs.example.net --authkey @@A --accept-routes",
            A=_hx(48))),
        ("cloud-init runcmd",
         _t("#cloud-config\nruncmd:\n  - curl -fsSL https://tailscale.com/install.sh | sh\n"
            "  - tailscale up --login-server=https://hs.example.net --auth-key=@@A --hostname=$(hostname)",
            A=_hx(48))),
    ),
]

# --- Vendor tokens with their prefixes (counted apart from the three weights) -------------

_GLFT = "gl" "ft-"
_ACT = "ac" "t."
_RFT = "rf" "t."
_KUMA = "u" "k"
_PTR = "pt" "r_"
_SKT = "sktse" "c_"
_CQT = "cq" "t_"
_TID = "ti" "d_"
_TSEC = "tse" "c_"
_KPAT = "kpa" "t_"
_SPAT = "spa" "t_"
_DIFY = "ap" "p-"
_VF = "VF" ".DM."
_COZE = "pa" "t_"
_BR_SECRET = "secret" "_live_"
_BR_KEY = "key" "_live_"
_ANY = "esecre" "t_"
_LINO = "lin" "_oauth_"
_GEM = "accoun" "t-"
_GEM_MASTER = "maste" "r-"


def _duo_ikey() -> str:
    return "D" "I" + _r(18, string.ascii_uppercase + string.digits)


_VENDOR_RAW: list[Family] = [
    _fam(
        "gitlab feed token",
        ("rss url in a reader export",
         _t("<outline type=\"rss\" text=\"acme/platform activity\" "
            "xmlUrl=\"https://gitlab.acme.dev/acme/platform.atom?feed_token=@@A\"/>", A=_GLFT + _r(20, URLSAFE))),
        ("calendar subscription in a note",
         _t("Subscribed the team calendar to issue due dates:\n"
            "https://gitlab.acme.dev/dashboard/issues.ics?due_date=next_month_and_previous_two_weeks&feed_token=@@A",
            A=_GLFT + _r(20, URLSAFE))),
        ("slack unfurl config",
         _t("feeds:\n  - name: deploys\n    url: https://gitlab.acme.dev/acme/deploy.atom?feed_token=@@A\n"
            "    channel: \"#deploys\"", A=_GLFT + _r(20, URLSAFE))),
    ),
    _fam(
        "tiktok access token",
        ("oauth token response",
         _t("{\"access_token\":\"@@A\",\"expires_in\":86400,\"open_id\":\"@@C\","
            "\"refresh_expires_in\":31536000,\"refresh_token\":\"@@B\",\"scope\":\"user.info.basic,video.list\","
            "\"token_type\":\"Bearer\"}",
            A=_ACT + _r(60, ALNUM) + "!" + str(_RNG.randint(1000, 9999)) + ".va",
            B=_RFT + _r(60, ALNUM) + "!" + str(_RNG.randint(1000, 9999)) + ".va", C="-" + _r(35, URLSAFE))),
        ("curl to display api",
         _t("curl -L -X POST 'https://open.tiktokapis.com/v2/video/list/?fields=id,title' "
            "-H 'Authorization: Bearer @@A' -H 'Content-Type: application/json' -d '{\"max_count\": 20}'",
            A=_ACT + _r(60, ALNUM) + "!" + str(_RNG.randint(1000, 9999)) + ".va")),
        ("env file of a scheduler",
         _t("TIKTOK_CLIENT_KEY=aw@@B\nTIKTOK_ACCESS_TOKEN=@@A\nTIKTOK_REFRESH_TOKEN=@@C",
            A=_ACT + _r(60, ALNUM) + "!" + str(_RNG.randint(1000, 9999)) + ".va", B=_r(14, LOWER_ALNUM),
            C=_RFT + _r(60, ALNUM) + "!" + str(_RNG.randint(1000, 9999)) + ".va")),
    ),
    _fam(
        "gemini exchange api key pair",
        ("bot config yaml",
         _t("exchange: gemini\nsandbox: false\napi_key: @@A\napi_secret: @@B\npairs: [BTCUSD, ETHUSD]",
            A=_GEM + _r(20, ALNUM), B=_r(28, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"))),
        ("ccxt snippet",
         _t("exchange = ccxt.gemini({\n    'apiKey': '@@A',\n    'secret': '@@B',\n})",
            A=_GEM_MASTER + _r(20, ALNUM), B=_r(28, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"))),
        ("signed request headers",
         _t("POST /v1/balances HTTP/1.1\nHost: api.gemini.com\nContent-Type: text/plain\nX-GEMINI-APIKEY: @@A\n"
            "X-GEMINI-PAYLOAD: @@C\nX-GEMINI-SIGNATURE: @@D\n\n# secret used to sign: @@B",
            A=_GEM + _r(20, ALNUM), B=_r(28, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
            C=_b64(60), D=_hx(96))),
    ),
    _fam(
        "duo security secret key",
        ("authproxy.cfg",
         _t("[ad_client]\nhost=dc1.corp.local\nservice_account_username=svc_duoproxy\nservice_account_password=@@D\n"
            "search_dn=DC=corp,DC=local\n\n[radius_server_auto]\nikey=@@A\nskey=@@B\napi_host=api-@@C.duosecurity.com\n"
            "radius_ip_1=10.0.0.20\nradius_secret_1=@@E",
            A=_duo_ikey(), B=_r(40, ALNUM), C=_hx(8), D=_strong(), E=_r(16, ALNUM))),
        ("login_duo.conf",
         _t("; /etc/duo/login_duo.conf\n[duo]\nikey = @@A\nskey = @@B\nhost = api-@@C.duosecurity.com\n"
            "pushinfo = yes\nautopush = yes", A=_duo_ikey(), B=_r(40, ALNUM), C=_hx(8))),
        ("python admin api client",
         _t("admin_api = duo_client.Admin(\n    ikey=\"@@A\",\n    skey=\"@@B\",\n"
            "    host=\"api-@@C.duosecurity.com\",\n)", A=_duo_ikey(), B=_r(40, ALNUM), C=_hx(8))),
    ),
    _fam(
        "uptime kuma api key",
        ("metrics scrape config",
         _t("scrape_configs:\n  - job_name: uptime-kuma\n    scheme: https\n    static_configs:\n"
            "      - targets: ['status.home.example']\n    basic_auth:\n      password: @@A",
            A=_KUMA + str(_RNG.randint(1, 9)) + "_" + _r(40, URLSAFE))),
        ("curl with empty user",
         _t("curl -fsS --user \":@@A\" https://status.home.example/metrics | grep monitor_status",
            A=_KUMA + str(_RNG.randint(1, 9)) + "_" + _r(40, URLSAFE))),
        ("homepage widget yaml",
         _t("- Uptime:\n    icon: uptime-kuma.png\n    widget:\n      type: uptimekuma\n"
            "      url: http://kuma:3001\n      slug: home\n      key: @@A",
            A=_KUMA + str(_RNG.randint(10, 30)) + "_" + _r(40, URLSAFE))),
    ),
    _fam(
        "portainer access token",
        ("curl with x-api-key",
         _t("curl -s -H 'X-API-Key: @@A' https://portainer.lab:9443/api/endpoints | jq '.[].Name'",
            A=_PTR + _b64(32))),
        ("gitops webhook script env",
         _t("PORTAINER_URL=https://portainer.lab:9443\nPORTAINER_TOKEN=@@A\nPORTAINER_ENDPOINT_ID=2",
            A=_PTR + _b64(32))),
        ("terraform provider",
         _t("provider \"portainer\" {\n  endpoint = \"https://portainer.lab:9443\"\n  api_key  = \"@@A\"\n}",
            A=_PTR + _b64(32))),
    ),
    _fam(
        "socket.dev api token",
        ("ci env",
         _t("env:\n  SOCKET_SECURITY_API_KEY: @@A\nsteps:\n  - run: npx socket ci", A=_SKT + _r(40, ALNUM) + "_api")),
        ("cli login",
         _t("$ socket login --api-token @@A\n✔ API token verified\n✔ Logged in to organization acme",
            A=_SKT + _r(40, ALNUM) + "_api")),
        ("curl to report api",
         _t("curl -u '@@A:' https://api.socket.dev/v0/report/list", A=_SKT + _r(40, ALNUM) + "_api")),
    ),
    _fam(
        "covalent goldrush api key",
        ("sdk init",
         _t("import { GoldRushClient } from \"@covalenthq/client-sdk\";\nconst client = new GoldRushClient(\"@@A\");",
            A=_CQT + _r(28, ALNUM))),
        ("url with key param",
         _t("https://api.covalenthq.com/v1/eth-mainnet/address/0x@@B/balances_v2/?key=@@A",
            A=_CQT + _r(28, ALNUM), B=_hx(40))),
        ("dotenv",
         _t("NEXT_PUBLIC_CHAIN=base-mainnet\nGOLDRUSH_API_KEY=@@A", A=_CQT + _r(28, ALNUM))),
    ),
    _fam(
        "tigris storage access key pair",
        ("aws credentials profile",
         _t("[tigris]\naws_access_key_id = @@A\naws_secret_access_key = @@B\nendpoint_url = https://fly.storage.tigris.dev",
            A=_TID + _r(30, ALNUM), B=_TSEC + _r(50, URLSAFE))),
        ("fly storage create output",
         _t("$ fly storage create -n media-prod\nYour Tigris project (media-prod) is ready. "
            "See details and next steps with: https://fly.io/docs/reference/tigris/\n\n"
            "Setting the following secrets on api-prod:\nAWS_ACCESS_KEY_ID: @@A\nAWS_ENDPOINT_URL_S3: https://fly.storage.tigris.dev\n"
            "AWS_REGION: auto\nAWS_SECRET_ACCESS_KEY: @@B\nBUCKET_NAME: media-prod",
            A=_TID + _r(30, ALNUM), B=_TSEC + _r(50, URLSAFE))),
        ("rclone remote",
         _t("[tigris]\ntype = s3\nprovider = Other\naccess_key_id = @@A\nsecret_access_key = @@B\n"
            "endpoint = https://fly.storage.tigris.dev", A=_TID + _r(30, ALNUM), B=_TSEC + _r(50, URLSAFE))),
    ),
    _fam(
        "kong konnect access token",
        ("deck sync command",
         _t("deck gateway sync kong.yaml --konnect-token @@A --konnect-control-plane-name prod-cp",
            A=_KPAT + _r(46, ALNUM))),
        ("kongctl env",
         _t("export KONGCTL_DEFAULT_KONNECT_PAT=@@A\nkongctl get portals", A=_KPAT + _r(46, ALNUM))),
        ("terraform provider with system token",
         _t("provider \"konnect\" {\n  system_account_access_token = \"@@A\"\n"
            "  server_url                   = \"https://eu.api.konghq.com\"\n}", A=_SPAT + _r(46, ALNUM))),
    ),
    _fam(
        "dify app api key",
        ("curl to chat-messages",
         _t("curl -X POST 'https://api.dify.ai/v1/chat-messages' \\\n  --header 'Authorization: Bearer @@A' \\\n"
            "  --header 'Content-Type: application/json' \\\n  --data-raw '{\"inputs\": {}, \"query\": \"hello\", "
            "\"response_mode\": \"blocking\", \"user\": \"abc-123\"}'", A=_DIFY + _r(24, ALNUM))),
        ("frontend env",
         _t("NEXT_PUBLIC_APP_ID=@@B\nNEXT_PUBLIC_APP_KEY=@@A\nNEXT_PUBLIC_API_URL=https://dify.internal/v1",
            A=_DIFY + _r(24, ALNUM), B=_uuid())),
        ("python wrapper",
         _t("DIFY_KEY = \"@@A\"\nheaders = {\"Authorization\": f\"Bearer {DIFY_KEY}\"}", A=_DIFY + _r(24, ALNUM))),
    ),
    _fam(
        "voiceflow dialog api key",
        ("web widget server proxy",
         _t("const VF_API_KEY = '@@A';\nconst res = await fetch(`https://general-runtime.voiceflow.com/state/user/${userID}/interact`, "
            "{ method: 'POST', headers: { Authorization: VF_API_KEY } });",
            A=_VF + _hx(24) + "." + _r(16, ALNUM))),
        ("env",
         _t("VOICEFLOW_API_KEY=@@A\nVOICEFLOW_VERSION_ID=production", A=_VF + _hx(24) + "." + _r(16, ALNUM))),
        ("curl",
         _t("curl -s https://api.voiceflow.com/v2/transcripts/@@B -H 'Authorization: @@A'",
            A=_VF + _hx(24) + "." + _r(16, ALNUM), B=_hx(24))),
    ),
    _fam(
        "coze personal access token",
        ("curl to chat api",
         _t("curl --location --request POST 'https://api.coze.com/v3/chat' \\\n"
            "--header 'Authorization: Bearer @@A' \\\n--header 'Content-Type: application/json' \\\n"
            "--data-raw '{\"bot_id\": \"@@B\", \"user_id\": \"u1\", \"stream\": false}'",
            A=_COZE + _r(64, ALNUM), B=str(_RNG.randint(7 * 10**18, 8 * 10**18)))),
        ("python sdk",
         _t("coze = Coze(auth=TokenAuth(token=\"@@A\"), base_url=COZE_CN_BASE_URL)", A=_COZE + _r(64, ALNUM))),
        ("env",
         _t("COZE_API_TOKEN=@@A\nCOZE_BOT_ID=@@B", A=_COZE + _r(64, ALNUM), B=str(_RNG.randint(7 * 10**18, 8 * 10**18)))),
    ),
    _fam(
        "branch.io secret key",
        ("server env",
         _t("BRANCH_KEY=@@B\nBRANCH_SECRET=@@A", A=_BR_SECRET + _r(32, ALNUM), B=_BR_KEY + _r(32, ALNUM))),
        ("deep link api call",
         _t("curl -X POST https://api2.branch.io/v1/url -H 'Content-Type: application/json' -d "
            "'{\"branch_key\":\"@@B\",\"branch_secret\":\"@@A\",\"data\":{\"$canonical_identifier\":\"item/42\"}}'",
            A=_BR_SECRET + _r(32, ALNUM), B=_BR_KEY + _r(32, ALNUM))),
        ("exports script",
         _t("params = {\"branch_key\": \"@@B\", \"branch_secret\": \"@@A\", \"export_date\": \"2026-12-05\"}",
            A=_BR_SECRET + _r(32, ALNUM), B=_BR_KEY + _r(32, ALNUM))),
    ),
    _fam(
        "anyscale endpoint key",
        ("openai client base url",
         _t("client = openai.OpenAI(\n    base_url=\"https://api.endpoints.anyscale.com/v1\",\n"
            "    api_key=\"@@A\",\n)", A=_ANY + _r(30, LOWER_ALNUM))),
        ("env",
         _t("ANYSCALE_BASE_URL=https://api.endpoints.anyscale.com/v1\nANYSCALE_API_KEY=@@A",
            A=_ANY + _r(30, LOWER_ALNUM))),
        ("litellm model list",
         _t("model_list:\n  - model_name: mixtral\n    litellm_params:\n      model: anyscale/mistralai/Mixtral-8x7B-Instruct-v0.1\n"
            "      api_key: @@A", A=_ANY + _r(30, LOWER_ALNUM))),
    ),
    _fam(
        "linear oauth access token",
        ("token exchange response",
         _t("{\"access_token\":\"@@A\",\"token_type\":\"Bearer\",\"expires_in\":86399,\"scope\":[\"read\",\"write\"]}",
            A=_LINO + _hx(64))),
        ("graphql call",
         _t("curl https://api.linear.app/graphql -H 'Authorization: Bearer @@A' -H 'Content-Type: application/json' "
            "--data '{\"query\":\"{ viewer { id name } }\"}'", A=_LINO + _hx(64))),
        ("integration db row",
         _t(" id | workspace      | access_token\n----+----------------+------------------------\n 3  | acme-product   | @@A",
            A=_LINO + _hx(64))),
    ),
]

# --- 3. Passwords people choose, where they type them -------------------------------------

_TE = ("bangaram", "chinni", "pandu", "vennela", "sankranti", "ugadi", "amma", "kanna")
_TE_NAMES = ("Srinivas", "Lakshmi", "Venkat", "Sravani", "Bhavani", "Ramu")
_MR = ("ganpati", "diwali", "vitthal", "sonu", "aai", "baba", "puneri", "shivaji")
_MR_NAMES = ("Sachin", "Aditi", "Prajakta", "Omkar", "Swapnil", "Rutuja")
_UR = ("pakistan", "lahore", "karachi", "jaan", "dil", "yaar", "chand", "sitara")
_UR_NAMES = ("Ayesha", "Bilal", "Hamza", "Zainab", "Usman", "Mahnoor")
_UR_TEAMS = ("Qalandars", "Zalmi", "Kings", "Sultans")
_GU = ("jayshree", "krishna", "navratri", "dhokla", "amdavad", "garba", "kem", "chho")
_GU_NAMES = ("Hetal", "Jignesh", "Dhruvi", "Parth", "Nirali", "Bhavesh")
_PA = ("waheguru", "baisakhi", "lassi", "jatt", "pind", "sardar", "gabru", "kudi")
_PA_NAMES = ("Harpreet", "Gurpreet", "Simran", "Jaskaran", "Manjeet", "Navdeep")
_KN = ("namma", "bengaluru", "kannadiga", "mysore", "appu", "huduga", "ugadi", "chinna")
_KN_TEAMS = ("RCB", "Rcb", "ESCFC")
_ML = ("kerala", "onam", "chettan", "mallu", "kochi", "vishu", "ponnu", "mutte")
_ML_NAMES = ("Anoop", "Reshma", "Jithin", "Aswathy", "Nikhil", "Athira")
_EG = ("masr", "habibi", "7obi", "ahlawy", "zamalkawy", "basha", "gamed", "3omda")
_EG_TEAMS = ("Ahly", "Zamalek", "Ahly1907", "Zamalek1911")
_LEV = ("yalla", "habibti", "beirut", "shami", "3albi", "tayyeb", "ya3ne", "zaatar")
_LEV_NAMES = ("Rami", "Lina", "Karim", "Nour", "Tarek", "Maya")
_MA = ("wakha", "safi", "casa", "maroc", "atlas", "drari", "zwin", "bghit")
_MA_TEAMS = ("Wydad", "Raja", "Wac1937", "Raja1949")
_HE = ("shalom", "sababa", "yalla", "hummus", "telaviv", "haifa", "motek", "neshama")
_HE_TEAMS = ("Maccabi", "Hapoel", "Beitar")
_TR = ("galatasaray", "fenerbahce", "besiktas", "ankara", "istanbul", "kedim", "canim", "askim")
_TR_PETS = ("Boncuk", "Pamuk", "Tarcin", "Duman", "Minnos")
_TR_SEASONS = ("Yaz", "Kis", "Bahar", "Sonbahar")
_EL = ("kalokairi", "agapi", "thalassa", "athina", "ouzo", "pame", "moro", "psyxh")
_EL_TEAMS = ("Olympiakos", "Panathinaikos", "Paok", "Aek")
_KA = ("tbilisi", "sakartvelo", "gaumarjos", "dinamo", "khinkali", "batumi", "deda", "chemi")
_HY = ("yerevan", "ararat", "hayastan", "sirun", "pyunik", "jan", "sevan", "hayrenik")
_MN = ("mongol", "ulaanbaatar", "naadam", "chinggis", "tsagaan", "khaan", "mori", "altai")
_VI = ("anhyeuem", "saigon", "hanoi", "tet", "muahe", "bongda", "meyeu", "dalat")
_VI_NAMES = ("Linh", "Tuan", "Huong", "Minh", "Trang", "Duc")
_TH = ("sawasdee", "bangkok", "songkran", "muaythai", "khaoniao", "sanuk", "chiangmai", "mali")
_JV = ("suroboyo", "jogja", "monggo", "persebaya", "arema", "sugeng", "mbois", "bakso")
_SO = ("soomaaliya", "hooyo", "muqdisho", "hargeysa", "nabad", "aabo", "qalbi", "caano")
_SO_NAMES = ("Abdi", "Hodan", "Faisal", "Ayaan", "Mahad", "Hibaq")
_SW = ("simba", "yanga", "mama", "nairobi", "tanzania", "pendo", "jambo", "baraka")
_PT = ("saudade", "verao", "brasil", "cafezinho", "mengao", "timao", "paixao", "praia")
_PT_TEAMS = ("Flamengo", "Corinthians", "Palmeiras", "Gremio", "Vasco")
_PT_PETS = ("Thor", "Mel", "Pipoca", "Paçoca", "Bidu")
_MX = ("chivas", "guadalupe", "tacos", "verano", "chamaco", "mijo", "cdmx", "mole")
_MX_TEAMS = ("Chivas", "America", "Tigres", "Pumas", "Cruzazul")
_RO = ("dinamo", "steaua", "vara", "bucuresti", "iubire", "mama", "ciorba", "dor")
_HU = ("nyar", "ferencvaros", "budapest", "cica", "malac", "szeretlek", "pocok", "csillag")
_HR = ("hajduk", "dinamo", "ljeto", "zagreb", "split", "mace", "more", "bura")
_UK = ("kyiv", "dynamo", "shakhtar", "sonechko", "kotyk", "lito", "kvitka", "zirka")
_JA = ("sakura", "natsu", "tanaka", "pokemon", "doraemon", "giants", "tigers", "neko")
_KO = ("saranghae", "sarang", "hangang", "seoul", "doosan", "haneul", "kimchi", "gomdori")
_ZH_TW = ("taipei", "xiaomei", "bubu", "baobao", "woaini", "taiwan", "zhenzhu", "mao")
_YUE = ("hongkong", "kowloon", "daiga", "siumai", "dimsum", "cheungchau", "mtr", "laopo")


_HUMAN: list[Family] = [
    _fam(
        "telugu whatsapp group password",
        ("office group message",
         _t("ఆఫీస్ వైఫై పాస్‌వర్డ్ మారింది అండి 👉 @@A\nguests కి ఇవ్వొద్దు please 🙏",
            A=_person(_TE, _TE_NAMES, pattern="name_year"))),
        ("romanized email to it",
         _t("Sir,\nnaa Tally login work avvatledu. user: sravani.k, password: @@A\n"
            "reset cheyyandi please, GST filing repu undi.\nThanks,\nSravani",
            A=_person(_TE, _TE_NAMES))),
        ("family group with netflix login",
         _t("Netflix ki kotha password pettanu 😅\nemail: ramu.family@gmail.com\npass: @@A\n"
            "profiles lo \"Kids\" ni touch cheyyakandi", A=_person(_TE, _TE_NAMES, pattern="pet", pets=("Tommy", "Chinni", "Puppy")))),
    ),
    _fam(
        "marathi office email password",
        ("email in devanagari",
         _t("नमस्कार सर,\nनवीन laptop चा login:\nUser: omkar.patil\nPassword: @@A\n"
            "पहिल्यांदा login केल्यावर बदलून घ्या.\nधन्यवाद", A=_person(_MR, _MR_NAMES, pattern="season", seasons=("Diwali", "Ganpati", "Pavsala")))),
        ("whatsapp forward of a portal login",
         _t("Society maintenance portal:\nid - flat B-304\npass - @@A\nकोणाला सांगू नका 🙏",
            A=_person(_MR, _MR_NAMES))),
        ("excel sheet row pasted",
         _t("अ.क्र.\tनाव\tसिस्टीम\tयुजरनेम\tपासवर्ड\n1\tप्राजक्ता\tSAP\tPRAJ01\t@@A\n2\tस्वप्नील\tSAP\tSWAP02\t@@B",
            A=_person(_MR, _MR_NAMES), B=_person(_MR, _MR_NAMES))),
    ),
    _fam(
        "urdu roman chat wifi password",
        ("roman urdu chat",
         _t("yaar ghar ka wifi password change kar diya hai, naya wala ye hai: @@A\nAmmi ko bhi bata dena",
            A=_person(_UR, _UR_NAMES, teams=_UR_TEAMS))),
        ("urdu script message",
         _t("دکان کے کمپیوٹر کا پاس ورڈ: @@A\nکسی کو مت بتانا، شکریہ", A=_person(_UR, _UR_NAMES))),
        ("hostel notice board photo transcription",
         _t("Notice (transcribed from the photo in the hostel group):\nBLOCK C WIFI\nSSID: PTCL-BB-4G\n"
            "Password: @@A\nWarden Office", A=_person(_UR, _UR_NAMES, teams=_UR_TEAMS, pattern="team"))),
    ),
    _fam(
        "gujarati shop billing software password",
        ("gujarati message",
         _t("બિલિંગ સોફ્ટવેર નો પાસવર્ડ બદલ્યો છે: @@A\nકાલે સવારે દુકાન ખોલો ત્યારે login કરી લેજો",
            A=_person(_GU, _GU_NAMES))),
        ("gujlish support ticket",
         _t("Ticket #5521 - Marg ERP login\nBhai, amara staff ne password yaad nathi. User: HETAL, "
            "jūno password @@A hato, have chalto nathi. Please reset karo.", A=_person(_GU, _GU_NAMES, pattern="name_date"))),
        ("notebook page transcription",
         _t("Diary page (scan):\nGST portal - user id 24ABCDE1234F1Z5\npass: @@A\nbank - ask Parthbhai",
            A=_person(_GU, _GU_NAMES, pattern="season", seasons=("Navratri", "Diwali", "Uttarayan")))),
    ),
    _fam(
        "punjabi family group password",
        ("gurmukhi message",
         _t("ਨਵਾਂ wifi ਪਾਸਵਰਡ: @@A\nਬੱਚਿਆਂ ਨੂੰ ਨਾ ਦੱਸਿਓ 😄", A=_person(_PA, _PA_NAMES))),
        ("romanized punjabi",
         _t("Veere, Hotstar da password eh aa: @@A\nmatch time te logout na kari", A=_person(_PA, _PA_NAMES, pattern="name_year"))),
        ("canada pr portal note",
         _t("IRCC account details (keep safe)\nusername: navdeep.s88\npassword: @@A\n"
            "security q: pind da naam", A=_person(_PA, _PA_NAMES, pattern="leet"))),
    ),
    _fam(
        "kannada helpdesk ticket password",
        ("kannada ticket",
         _t("ಟಿಕೆಟ್ #8812\nನನ್ನ HRMS ಪಾಸ್‌ವರ್ಡ್ @@A ಕೆಲಸ ಮಾಡುತ್ತಿಲ್ಲ, account lock ಆಗಿದೆ. ದಯವಿಟ್ಟು unlock ಮಾಡಿ.",
            A=_person(_KN, teams=_KN_TEAMS, pattern="team"))),
        ("kanglish chat",
         _t("maga, lab system password @@A, naale bega banni", A=_person(_KN, teams=_KN_TEAMS))),
        ("shell history with a typed password",
         _t("  501  ssh appu@10.20.1.14\n  502  @@A\n  503  sudo systemctl restart tomcat\n  504  history",
            A=_person(_KN, teams=_KN_TEAMS, pattern="walk"))),
    ),
    _fam(
        "malayalam wiki page password",
        ("malayalam wiki",
         _t("== ഓഫീസ് പ്രിന്റർ ==\nAdmin പേജ്: http://192.168.0.50\nയൂസർ: admin\nപാസ്‌വേഡ്: @@A",
            A=_person(_ML, _ML_NAMES))),
        ("manglish chat",
         _t("chetta, CCTV DVR nte password @@A aanu, app il add cheythal mathi", A=_person(_ML, _ML_NAMES, pattern="name_year"))),
        ("church committee sheet",
         _t("Committee accounts (Google Sheet export)\nService,Login,Password\n"
            "Parish email,office@stmarys-kochi.org,@@A\nYouTube,stmaryskochi,@@B",
            A=_person(_ML, _ML_NAMES, pattern="season", seasons=("Onam", "Vishu", "Christmas")), B=_person(_ML, _ML_NAMES))),
    ),
    _fam(
        "egyptian arabizi chat password",
        ("franco arabic chat",
         _t("ya basha el password bta3 el wifi @@A, matedihosh l 7ad", A=_person(_EG, teams=_EG_TEAMS, pattern="team"))),
        ("arabic with english",
         _t("الباسورد الجديد بتاع الـ router: @@A\nلو مشتغلش كلمني", A=_person(_EG, teams=_EG_TEAMS))),
        ("facebook account recovery note",
         _t("7abibi da el account bta3 el page:\nemail: gamed.store.eg@gmail.com\npass: @@A\n"
            "w el 2FA 3ala rakam mama", A=_person(_EG, teams=_EG_TEAMS, pattern="leet"))),
    ),
    _fam(
        "levantine arabic ticket password",
        ("ticket mixing arabic and english",
         _t("مرحبا، ما عم يزبط معي الـ VPN.\nuser: k.haddad\npassword: @@A\nشو المشكلة؟",
            A=_person(_LEV, _LEV_NAMES))),
        ("arabizi whatsapp",
         _t("habibti l password taba3 l shahid: @@A\nma tghayriya please", A=_person(_LEV, _LEV_NAMES, pattern="name_year"))),
        ("email to landlord about the router",
         _t("Hi Mr. Rami,\nL router ba3do 3al password l adim: @@A\nfiyeh tghayro? marra fi jiran 3am yesta3mlo.\nThanks, Nour",
            A=_person(_LEV, _LEV_NAMES, pattern="walk"))),
    ),
    _fam(
        "moroccan darija message password",
        ("darija chat",
         _t("khoya, lmot de passe dyal wifi: @@A\nmatbghihch l chi wa7ed", A=_person(_MA, teams=_MA_TEAMS, pattern="team"))),
        ("darija with french email",
         _t("Bonjour,\nVoici l'accès à la caisse: utilisateur CAISSE2, mot de passe @@A.\nSafi, merci.",
            A=_person(_MA, teams=_MA_TEAMS))),
        ("arabic script darija",
         _t("الكود ديال الويفي: @@A\nراه بدلتو البارح", A=_person(_MA, teams=_MA_TEAMS, pattern="leet"))),
    ),
    _fam(
        "hebrew jira ticket password",
        ("jira comment",
         _t("היי, ניסיתי להתחבר לשרת הבדיקות עם user qa_lead והסיסמה @@A ולא עובד. אפשר לבדוק? תודה",
            A=_person(_HE, teams=_HE_TEAMS, pattern="team"))),
        ("slack dm",
         _t("סבבה, הסיסמה לאדמין של הוורדפרס: @@A\nתחליף אחרי ההשקה", A=_person(_HE))),
        ("onboarding doc",
         _t("# קליטת עובד חדש\n1. מחשב: הסיסמה הזמנית היא @@A\n2. להחליף בכניסה הראשונה",
            A=_person(_HE, seasons=("Kayitz", "Horef", "Aviv"), pattern="season"))),
    ),
    _fam(
        "turkish excel sheet password",
        ("sheet rows",
         _t("Kullanıcı\tSistem\tŞifre\tNot\nayse.k\tLogo Tiger\t@@A\tmuhasebe\nmehmet.t\tLogo Tiger\t@@B\tdepo",
            A=_person(_TR, pets=_TR_PETS, seasons=_TR_SEASONS), B=_person(_TR, pets=_TR_PETS, seasons=_TR_SEASONS))),
        ("whatsapp",
         _t("Abi sitenin panel şifresi @@A, kimseye verme lütfen 🙏", A=_person(_TR, pets=_TR_PETS, pattern="pet"))),
        ("email to accountant",
         _t("Merhaba Selin Hanım,\ne-Devlet şifrem: @@A\nBeyanname için girebilirsiniz.\nSaygılarımla",
            A=_person(_TR, pets=_TR_PETS, pattern="team", teams=("Galatasaray", "Fenerbahce", "Besiktas")))),
    ),
    _fam(
        "greek email to it password",
        ("greek email",
         _t("Καλημέρα,\nδεν μπορώ να μπω στο Outlook. Ο κωδικός μου είναι @@A.\nΜπορείτε να δείτε;\nΕυχαριστώ, Γιώργος",
            A=_person(_EL, teams=_EL_TEAMS))),
        ("greeklish viber",
         _t("re o kwdikos gia to wifi tis tavernas einai @@A", A=_person(_EL, teams=_EL_TEAMS, pattern="team"))),
        ("greek script password in a note",
         _t("Σημείωση: κωδικός για το taxisnet @@A", A="Γιώργος" + str(_RNG.randint(1960, 1999)) + _RNG.choice("!@#"))),
    ),
    _fam(
        "georgian chat password",
        ("georgian message",
         _t("wifi-ს პაროლი: @@A\nსტუმრებს არ მისცეთ", A=_person(_KA))),
        ("translit chat",
         _t("dzmao, serveris paroli @@A, xval dilamde shecvale", A=_person(_KA, pattern="team", teams=("Dinamo", "Torpedo")))),
        ("email to hotel manager",
         _t("გამარჯობა,\nbooking.com extranet: user hotel_batumi, პაროლი @@A\nმადლობა",
            A=_person(_KA, pattern="season", seasons=("Zapkhuli", "Zamtari")))),
    ),
    _fam(
        "armenian chat password",
        ("armenian script",
         _t("Ռաուտերի գաղտնաբառը՝ @@A", A=_person(_HY))),
        ("transliterated",
         _t("aper, kasayi programmayi password@ @@A e, chmoranas", A=_person(_HY, pattern="name_year", names=("Aram", "Ani", "Tigran", "Narek")))),
        ("email in russian-armenian mix",
         _t("Բարև, пароль от 1С: @@A\nлогин: accountant", A=_person(_HY, pattern="leet"))),
    ),
    _fam(
        "mongolian chat password",
        ("cyrillic message",
         _t("Оффисын wifi нууц үг: @@A", A=_person(_MN))),
        ("latin transliteration",
         _t("ah ni e-barimt-iin nuuts ug @@A, neg shalgaarai", A=_person(_MN, pattern="season", seasons=("Naadam", "Tsagaansar")))),
        ("facebook page handover",
         _t("Page админ эрх:\nemail: tsetseg.shop.ub@gmail.com\nнууц үг: @@A", A=_person(_MN, pattern="leet"))),
    ),
    _fam(
        "vietnamese zalo message password",
        ("zalo chat",
         _t("Mật khẩu wifi quán mới đổi nè: @@A", A=_person(_VI, _VI_NAMES))),
        ("telex without diacritics",
         _t("anh oi mk tai khoan MISA la @@A nhe, user ketoan01", A=_person(_VI, _VI_NAMES, pattern="name_date"))),
        ("ticket to it",
         _t("Em chào anh, em bị khóa tài khoản email. Mật khẩu cũ là @@A, nhờ anh reset giúp em ạ.",
            A=_person(_VI, _VI_NAMES, pattern="walk"))),
    ),
    _fam(
        "thai line message password",
        ("thai line",
         _t("รหัสผ่าน wifi ร้านใหม่นะคะ: @@A", A=_person(_TH))),
        ("wrong keyboard layout",
         _t("พี่ครับ รหัส server คือ @@A (พิมพ์ตอนภาษาไทยนะ)", A="ฟหกด" + str(_RNG.randint(1000, 9999)))),
        ("email with thaiglish",
         _t("เรียนพี่ต่าย\nuser: somchai.p  pass: @@A\nเข้าระบบ HR ไม่ได้ครับ", A=_person(_TH, pattern="name_year", names=("Somchai", "Nong", "Ploy")))),
    ),
    _fam(
        "javanese chat password",
        ("javanese wa",
         _t("Mas, sandi wifi kantor saiki @@A, ojo disebar yo", A=_person(_JV, pattern="team", teams=("Persebaya", "Arema", "Pss")))),
        ("grup kos",
         _t("Info kos: password wifi ganti dadi @@A. Sing durung bayar ojo nyambung disik 😁", A=_person(_JV))),
        ("ticket in indonesian-javanese",
         _t("Pak, aku ora iso login SIAKAD. NIM 21041100, sandine @@A. Matur nuwun.",
            A=_person(_JV, pattern="name_date", names=("Bagus", "Sri", "Joko", "Wulan")))),
    ),
    _fam(
        "somali chat password",
        ("somali message",
         _t("Walaal, erayga sirta ah ee wifi-ga waa @@A", A=_person(_SO, _SO_NAMES))),
        ("somali-english email",
         _t("Salaan,\nEVC account-ka: user hodan.m, password @@A. Fadlan ii beddel.\nMahadsanid",
            A=_person(_SO, _SO_NAMES, pattern="name_year"))),
        ("whatsapp group of a shop",
         _t("Dukaanka computer-ka furaha sirta: @@A\nha u sheegin cid kale", A=_person(_SO, _SO_NAMES, pattern="leet"))),
    ),
    _fam(
        "swahili office email password",
        ("swahili email",
         _t("Habari,\nNenosiri la mfumo wa mishahara ni @@A. Tafadhali libadilishe.\nAsante, Pendo",
            A=_person(_SW, pattern="team", teams=("Simba", "Yanga", "Gor")))),
        ("sheng chat",
         _t("bro password ya wifi ni @@A, usipeane", A=_person(_SW))),
        ("mpesa till note",
         _t("Till dashboard\nusername: duka_baraka\nnenosiri: @@A", A=_person(_SW, pattern="name_year", names=("Baraka", "Neema", "Juma")))),
    ),
    _fam(
        "brazilian portuguese helpdesk ticket password",
        ("glpi ticket",
         _t("Chamado #40211 - Não consigo acessar o ERP\nOlá, minha senha é @@A e dá 'usuário bloqueado'. "
            "Podem desbloquear? Obrigada", A=_person(_PT, pets=_PT_PETS, teams=_PT_TEAMS, pattern="pet"))),
        ("whatsapp",
         _t("Amor, a senha do Wi-Fi nova é @@A", A=_person(_PT, pets=_PT_PETS, teams=_PT_TEAMS, pattern="team"))),
        ("planilha",
         _t("Sistema;Usuário;Senha\nSiga;fernanda.lima;@@A\nGov.br;123.456.789-00;@@B",
            A=_person(_PT, pets=_PT_PETS, teams=_PT_TEAMS), B=_person(_PT, pets=_PT_PETS, teams=_PT_TEAMS, pattern="season", seasons=("Verao", "Inverno")))),
    ),
    _fam(
        "mexican spanish shell history password",
        ("history with comment",
         _t("  112  # contraseña del nuevo server\n  113  mysql -u root -p'@@A' facturacion\n  114  exit",
            A=_person(_MX, teams=_MX_TEAMS, pattern="team"))),
        ("notes txt",
         _t("notas.txt\n- vpn: usuario jlopez / contraseña @@A\n- pedirle a Memo el acceso a SAT",
            A=_person(_MX, teams=_MX_TEAMS))),
        ("whatsapp",
         _t("Oye carnal la contra del facebook de la taquería es @@A, no la cambies", A=_person(_MX, teams=_MX_TEAMS, pattern="name_year", names=("Lupita", "Memo", "Chuy")))),
    ),
    _fam(
        "romanian chat password",
        ("romanian message",
         _t("Parola de la wifi e @@A, nu o da la nimeni", A=_person(_RO, pattern="team", teams=("Dinamo", "Steaua", "Rapid")))),
        ("email",
         _t("Bună ziua,\nParola pentru contul de SPV este @@A.\nMulțumesc, Andreea", A=_person(_RO, pattern="name_year", names=("Andreea", "Ionut", "Mihai")))),
        ("excel row",
         _t("Utilizator\tParolă\tObs\nreceptie\t@@A\tschimbată luni", A=_person(_RO, pattern="season", seasons=("Vara", "Iarna", "Primavara")))),
    ),
    _fam(
        "hungarian wiki page password",
        ("confluence page",
         _t("h2. Tárgyalóterem\n* Projektor admin: admin / @@A\n* Wifi jelszó: @@B",
            A=_person(_HU), B=_person(_HU, pattern="season", seasons=("Nyar", "Tel", "Tavasz")))),
        ("email",
         _t("Szia Péter!\nAz ügyfélkapus jelszavam: @@A – légyszi nézd meg a bevallást.\nKöszi",
            A=_person(_HU, pattern="pet", pets=("Cica", "Bodri", "Morzsi")))),
        ("teams chat",
         _t("a szerver root jelszava @@A, de ne írd le sehova", A=_person(_HU, pattern="team", teams=("Fradi", "Ujpest")))),
    ),
    _fam(
        "croatian email password",
        ("email",
         _t("Pozdrav,\nlozinka za e-Građane je @@A\nLP, Ivana", A=_person(_HR, pattern="team", teams=("Hajduk", "Dinamo")))),
        ("viber",
         _t("Lozinka od wifija u apartmanu: @@A", A=_person(_HR, pattern="season", seasons=("Ljeto", "Zima")))),
        ("ticket",
         _t("Ne mogu se prijaviti u sustav. Korisnik: mhorvat, lozinka: @@A. Hitno!", A=_person(_HR))),
    ),
    _fam(
        "ukrainian confluence page password",
        ("confluence",
         _t("Доступи до тестового стенду\n* URL: https://stage.int\n* логін: qa\n* пароль: @@A",
            A=_person(_UK, pattern="team", teams=("Dynamo", "Shakhtar")))),
        ("cyrillic password in telegram",
         _t("пароль від роутера @@A", A="Сонечко" + str(_RNG.randint(2000, 2025)))),
        ("mixed email",
         _t("Привіт! password від Дії для ФОП: @@A. Не пересилай нікому.", A=_person(_UK, pattern="pet", pets=("Kotyk", "Barsik", "Murka")))),
    ),
    _fam(
        "japanese excel account sheet password",
        ("sheet",
         _t("システム\tID\tパスワード\t備考\n勤怠\ttanaka01\t@@A\t月初変更\n経費\ttanaka01\t@@B\t",
            A=_person(_JA, pattern="season", seasons=("Natsu", "Fuyu", "Haru")), B=_person(_JA))),
        ("email",
         _t("お疲れ様です。\n共有フォルダのパスワードは @@A です。\nよろしくお願いします。", A=_person(_JA, pattern="team", teams=("Giants", "Tigers", "Carp")))),
        ("slack dm",
         _t("Wi-Fi のパスワード変わりました → @@A", A=_person(_JA, pattern="pet", pets=("Pochi", "Tama", "Mugi")))),
    ),
    _fam(
        "korean kakaotalk password",
        ("kakao message",
         _t("팀장님 그룹웨어 비번 @@A 입니다", A=_person(_KO))),
        ("korean typed on english layout",
         _t("비밀번호 한영키 안 바꾸고 쳤어요: @@A", A="qlalfqjsgh" + str(_RNG.randint(10, 99)) + "!")),
        ("shared notes",
         _t("[공유] 넷플릭스\n아이디: family.kim@naver.com\n비번: @@A", A=_person(_KO, pattern="team", teams=("Doosan", "Lgtwins", "Kia")))),
    ),
    _fam(
        "taiwanese line password",
        ("line message",
         _t("公司wifi密碼改成 @@A 囉", A=_person(_ZH_TW))),
        ("email",
         _t("您好，\n報帳系統帳號 meiling.chen 密碼 @@A\n麻煩協助重設，謝謝", A=_person(_ZH_TW, pattern="name_date", names=("Meiling", "Jiahao", "Yating")))),
        ("note with zhuyin mix",
         _t("ㄟ 網銀密碼我寫這 @@A 不要亂傳喔", A=_person(_ZH_TW, pattern="leet"))),
    ),
    _fam(
        "cantonese whatsapp password",
        ("whatsapp in cantonese",
         _t("屋企wifi密碼轉咗做 @@A 呀", A=_person(_YUE))),
        ("kongish",
         _t("Daiga, shop computer password係 @@A, 唔好話俾老細知", A=_person(_YUE, pattern="walk"))),
        ("email",
         _t("Hi Ken,\nOctopus merchant portal: user tsuen_wan_shop, pw @@A\n唔該晒", A=_person(_YUE, pattern="name_year", names=("Ken", "Winnie", "Ka Ming")))),
    ),
]

# --- Ordinary texts: the same settings without a secret -----------------------------------

def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


_ORD_AGENT: list[str] = [
    "Decision: keep the LiteLLM proxy on one master key until the virtual-key DB is up.\n"
    "Quoting config/proxy_config.yaml as deployed:\n```yaml\ngeneral_settings:\n"
    "  master_key: os.environ/LITELLM_MASTER_KEY\n  database_url: null\n```",
    _t("Fact: virtual keys can be minted on the staging proxy.\nVerified by: curl -s -X POST "
       "http://llm-proxy.staging:4000/key/generate -H \"Authorization: Bearer $LITELLM_MASTER_KEY\" "
       "-d '{\"models\": [\"gpt-4o-mini\"]}'\nOutput: {\"key\":\"sk-...@@A\",\"expires\":\"2026-12-08T02:11:09Z\"} "
       "(printed key truncated by our wrapper)", A=_r(4, LOWER_ALNUM)),
    "docker run -d -p 4000:4000 --env-file /etc/litellm/secrets.env -v ./config.yaml:/app/config.yaml "
    "ghcr.io/berriai/litellm:main-v1.55.3 --config /app/config.yaml",
    "Fact: the credentials in the migrated n8n volume decrypt with the old instance's key.\n"
    "Verified by: `n8n export:credentials --all` listing 14 credentials without error. The key itself "
    "is in the password manager under 'n8n prod encryption key'; not pasted here.",
    "```diff\n   environment:\n     - N8N_HOST=flows.internal\n"
    "+    - N8N_ENCRYPTION_KEY_FILE=/run/secrets/n8n_key\n     - GENERIC_TIMEZONE=Europe/Lisbon\n```",
    "Note: n8n refused to start: 'Mismatching encryption keys. The encryption key in the settings file "
    "/home/node/.n8n/config (***) does not match the N8N_ENCRYPTION_KEY env var.' Two keys existed; "
    "the chart generated one. Kept the volume's key.",
    "WOODPECKER_HOST=https://ci.lab.example.net\nWOODPECKER_AGENT_SECRET=${WOODPECKER_AGENT_SECRET:?set in vault}\n"
    "WOODPECKER_FORGEJO=true",
    _t("Dec 06 21:04:11 rpi-07 woodpecker-agent[812]: {\"level\":\"info\",\"server\":\"ci.lab:9000\","
       "\"agent-id\":@@A,\"message\":\"connected, platform linux/arm64\"}", A=str(_RNG.randint(10, 99))),
    "{\"tool\": \"write_file\", \"arguments\": {\"path\": \"deploy/agent.env\", \"content\": "
    "\"WOODPECKER_SERVER=ci.lab:9000\\nWOODPECKER_AGENT_SECRET_FILE=/run/secrets/agent\\nWOODPECKER_MAX_WORKFLOWS=2\\n\"}}",
    "Fact: the tracking server accepts the CI user after the basic-auth switch.\nVerified by:\n"
    "  $ mlflow experiments search --view all   # MLFLOW_TRACKING_USERNAME/PASSWORD from the runner's env\n"
    "  Experiment Id    Name        Artifact Location\n  7                churn-v3    s3://ml-artifacts/7",
    "```python\nimport os, mlflow\nos.environ.setdefault(\"MLFLOW_TRACKING_USERNAME\", \"admin\")\n"
    "assert \"MLFLOW_TRACKING_PASSWORD\" in os.environ, \"load .env first\"\nmlflow.set_tracking_uri(\"https://mlflow.int\")\n```",
    "[mlflow]\ndefault_permission = READ\ndatabase_uri = sqlite:///basic_auth.db\nadmin_username = admin\n"
    "admin_password = ${MLFLOW_ADMIN_PASSWORD}",
    "GET /api/projects/12/export?exportType=JSON HTTP/1.1\nHost: label.ml.internal:8080\n"
    "Authorization: Token <redacted>\nAccept: application/json",
    "ls = Client(url='http://localhost:8080', api_key=os.environ['LABEL_STUDIO_API_KEY'])\nprint(ls.check_connection())",
    "Debugging summary: ML backend could not fetch images (403). LABEL_STUDIO_API_KEY belonged to a deactivated "
    "user; regenerated it for svc-ml-backend and updated the k8s secret label-studio-ml (key: api-key).",
    _t("Verified by: curl -s -H \"Authorization: Token $NETBOX_TOKEN\" "
       "https://netbox.corp/api/dcim/devices/?name=edge-fra-02 | jq '.results[0].id'\n@@A", A=str(_RNG.randint(100, 9999))),
    "plugin: netbox.netbox.nb_inventory\napi_endpoint: https://netbox.corp\n"
    "token: \"{{ lookup('env', 'NETBOX_TOKEN') }}\"\nvalidate_certs: true\ngroup_by:\n  - device_roles",
    "provider \"netbox\" {\n  server_url = \"https://netbox.corp\"\n  api_token  = var.netbox_token\n}",
    "Fact: last week's visits for site 3 match the dashboard (18,244).\nVerified by: curl "
    "'https://stats.example.org/index.php?module=API&method=VisitsSummary.get&idSite=3&period=week&date=last1"
    "&format=JSON&token_auth=anonymous'",
    "Matomo importer: token-auth comes from MATOMO_TOKEN in the cron environment; import_logs.ini keeps only "
    "url, idsite and recorders.",
    _t("Fact: server-side purchase events validate.\nVerified by: POST /debug/mp/collect?measurement_id=G-@@A"
       "&api_secret=$GA4_API_SECRET -> {\"validationMessages\": []}", A=_r(10, UPPER_ALNUM)),
    _t("GA4_MEASUREMENT_ID = \"G-@@A\"\nGA4_API_SECRET = env(\"GA4_API_SECRET\")", A=_r(10, UPPER_ALNUM)),
    _t("[load-test] $ k6 cloud run --local-execution tests/checkout.js\n     output: https://app.k6.io/runs/@@A\n"
       "  ✓ status is 200\n  checks.........: 99.87% ✓ 23891 ✗ 31", A=str(_RNG.randint(1000000, 9999999))),
    "k6 cloud login --token \"$K6_CLOUD_TOKEN\"  # token from the grafana-k6 secret, masked in logs as ***",
    "#14 earthly --ci --push --secret NPM_TOKEN --secret SENTRY_DSN +release\n"
    "#14 (secrets taken from the environment of the same name)",
    "deploy:\n    FROM alpine:3.20\n    RUN --secret DEPLOY_KEY ./deploy.sh prod",
    "func (m *Ci) Publish(ctx context.Context, registryPassword *dagger.Secret) (string, error) {\n"
    "\treturn m.Build().WithRegistryAuth(\"ghcr.io\", \"deploybot\", registryPassword).Publish(ctx, \"ghcr.io/acme/api:latest\")\n}",
    _t("$ dagger call publish --registry-password=env:REGISTRY_PASSWORD\n✔ Ci.publish(registryPassword: ✔ env) 41.7s\n"
       "ghcr.io/acme/api:latest@sha256:@@A", A=_hx(64)),
    "build:remote --remote_cache=grpcs://remote.buildbuddy.io\n"
    "# the API key header comes from ~/.bazelrc.user (not committed): build:remote --remote_header=x-buildbuddy-api-key=...",
    _t("INFO: Streaming build results to: https://app.buildbuddy.io/invocation/@@A", A=_uuid()),
    "$ swift package-registry login https://swift.pkg.acme.dev --token-file ~/.config/acme/spm-token\nLogin successful.",
    "machine swift.pkg.acme.dev\n  login token\n  password ${SPM_TOKEN}",
    "+ security import signing.p12 -k build.keychain -P \"$P12_PASSWORD\" -T /usr/bin/codesign\n1 identity imported.",
    "Debugging: 'SecKeychainItemImport: MAC verification failed during PKCS12 import (wrong password?)'. "
    "The P12_PASSWORD secret was from the expired cert; re-exported and updated the secret.",
    "- uses: game-ci/unity-builder@v4\n  env:\n    UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n"
    "    UNITY_EMAIL: ${{ secrets.UNITY_EMAIL }}\n    UNITY_PASSWORD: ${{ secrets.UNITY_PASSWORD }}",
    "/opt/unity/Editor/Unity -batchmode -quit -serial SC-XXXX-XXXX-XXXX-XXXX-XXXX -username \"$UNITY_EMAIL\" "
    "-password \"$UNITY_PASSWORD\" -logFile -",
    "/home/steam/steamcmd/steamcmd.sh +force_install_dir /srv/valheim +login anonymous +app_update 896660 validate +quit",
    "Run steamcmd +login $STEAM_USER +run_app_build ../scripts/app_build_2420510.vdf +quit\n"
    "Logging in user 'studio_builder' to Steam Public...OK (cached credentials from config.vdf)",
    "Fact: the Ender printer is idle before the overnight job.\nVerified by: curl -s -H \"X-Api-Key: $OCTOPRINT_KEY\" "
    "http://octopi.local/api/job | jq .state\n\"Operational\"",
    "octoprint:\n  host: 192.168.1.77\n  api_key: !secret octoprint_api_key\n  bed: true",
    "curl -X POST -H \"X-Emby-Token: $(cat /run/secrets/jellyfin_key)\" http://jellyfin:8096/Library/Refresh -w '%{http_code}'\n204",
    _t("http://10.0.0.5:8096/Videos/@@A/stream.mkv?static=true&MediaSourceId=@@A&api_key=REDACTED", A=_hx(32)),
    "<Config>\n  <Port>8989</Port>\n  <UrlBase></UrlBase>\n  <ApiKey>********************************</ApiKey>\n"
    "  <AuthenticationMethod>Forms</AuthenticationMethod>\n</Config>",
    "sonarr:\n  series:\n    base_url: http://sonarr:8989\n    api_key: !env_var SONARR_API_KEY\nradarr:\n  movies:\n"
    "    base_url: http://radarr:7878\n    api_key: !env_var RADARR_API_KEY",
    "curl -i --data-urlencode username=admin --data-urlencode \"password@$HOME/.qbit_pass\" "
    "http://nas:8080/api/v2/auth/login\nHTTP/1.1 200 OK\n\nOk.",
    "A temporary password is provided for this session: (see `docker logs qbittorrent` on the NAS; not copied here)",
    "Fact: the scanner inbox consumer is uploading.\nVerified by: curl -s -H \"Authorization: Token $PAPERLESS_TOKEN\" "
    "'https://docs.home.arpa/api/documents/?ordering=-added' | jq '.count'\n2291",
    "PAPERLESS_BASE_URL: http://paperless:8000\nPAPERLESS_API_TOKEN_FILE: /run/secrets/paperless_token\nLLM_MODEL: llama3.1:8b",
    "POST https://search.docs.internal/multi_search\nX-TYPESENSE-API-KEY: (search-only key, scoped to docs_v2, "
    "embedded in the public site by design)",
    "typesense-server --data-dir=/var/lib/typesense --api-key=\"$(systemd-creds cat typesense-key)\" --enable-cors",
    "curl -s https://qdrant.vec.internal:6333/collections -H \"api-key: $QDRANT__SERVICE__API_KEY\"\n"
    "{\"result\":{\"collections\":[{\"name\":\"support_tickets\"}]},\"status\":\"ok\"}",
    "client = QdrantClient(url=\"https://qdrant.vec.internal\", api_key=settings.qdrant_api_key.get_secret_value(), timeout=5)",
    "$ trino --server https://trino.data:8443 --user mkhan --password --execute 'SELECT 1'\nPassword: \n\"1\"",
    "lakehouse:\n  outputs:\n    prod:\n      type: trino\n      method: ldap\n      user: svc_dbt\n"
    "      password: \"{{ env_var('DBT_TRINO_PASSWORD') }}\"\n      host: trino.data",
    "SECRET_KEY = os.environ[\"SUPERSET_SECRET_KEY\"]\nSQLALCHEMY_DATABASE_URI = os.environ[\"SUPERSET_DB_URI\"]",
    "extraSecretEnv:\n  SUPERSET_SECRET_KEY: \"{{ .Values.secretKey | required \\\"set secretKey\\\" }}\"",
    "$ superset re-encrypt-secrets --previous_secret_key \"$PREVIOUS_SECRET_KEY\"\nRe-encrypting 37 database connection passwords... done",
    ":foreman:\n  :host: 'https://foreman.dc1'\n  :username: 'automation'\n  # password prompted; set HAMMER_PASSWORD in CI",
    "hammer host create --name web-17 --hostgroup 'RHEL9/web' --location DC1 --organization ACME "
    "--mac 52:54:00:3a:7f:11",
    "$ maas login admin http://maas-rc2:5240/MAAS/ - < ~/.maas-api-key\nYou are now logged in to the MAAS server.",
    "provider \"maas\" {\n  api_version = \"2.0\"\n  api_key     = var.maas_api_key\n  api_url     = \"http://maas-rc2:5240/MAAS\"\n}",
    _t("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":[0,{\"ubus_rpc_session\":\"00000000000000000000000000000000\","
       "\"timeout\":300,\"expires\":@@A}]}", A=str(_RNG.randint(100, 300))),
    "ansible_user: root\nansible_password: \"{{ vault_router_root_password }}\"",
    "Decision: routers are reached by SSH key only; the LuCI RPC login in the backup job was removed.",
    _t("Fact: CI agent rpi-07 is registered.\nVerified by: woodpecker-cli agent ls\nID  NAME    PLATFORM     BACKEND  CAPACITY\n"
       "@@A   rpi-07  linux/arm64  docker   2", A=str(_RNG.randint(2, 9))),
    "Ledger: rotated the Label Studio, NetBox and Paperless tokens after the laptop loss; new values live only in "
    "1Password vault 'homelab-services'.",
    "Question: should the k6 cloud token be per-pipeline or per-team? Grafana Cloud supports both; leaning to per-stack.",
    "{\"type\":\"tool_use\",\"name\":\"bash\",\"input\":{\"command\":\"bazel test //... --config=remote 2>&1 | tail -20\"}}",
    "{\"type\":\"tool_result\",\"content\":\"INFO: Build completed successfully, 1,204 total actions\\n"
    "INFO: Streaming build results to: https://app.buildbuddy.io/invocation/…\"}",
    "Fact: Jellyfin, Sonarr and Radarr keys are injected by the compose file from .env (chmod 600, not in git).",
    "Fact: Trino rejects the old LDAP bind after the rotation.\nVerified by: trino --password ... -> "
    "'Access Denied: Invalid credentials' (password typed at the prompt, not recorded).",
    "Debug note: MAAS says 'Authorization Error: Expired token'; the API key in ~/.maas-api-key was revoked "
    "when the juju-ci user was recreated. Generated a new one (not copied here).",
    "OctoPrint Application Keys plugin: approve the 'PrusaSlicer' request in Settings > Application Keys instead "
    "of copying the global key.",
    "Steam Guard: the builder account uses the mobile authenticator; the shared secret is in the build vault, "
    "never on the VM.",
]

_ORD_FORMATS: list[str] = [
    "identity_validation:\n  reset_password:\n    jwt_secret: '{{ secret \"/run/secrets/authelia_jwt\" }}'\n"
    "session:\n  secret: '{{ secret \"/run/secrets/authelia_session\" }}'",
    "AUTHELIA_SESSION_SECRET_FILE=/run/secrets/session\nAUTHELIA_STORAGE_ENCRYPTION_KEY_FILE=/run/secrets/storage_key\n"
    "AUTHELIA_NOTIFIER_SMTP_PASSWORD_FILE=/run/secrets/smtp",
    "notifier:\n  smtp:\n    address: 'submission://smtp.fastmail.com:587'\n    username: 'alerts@example.net'\n"
    "    sender: 'Authelia <auth@example.net>'",
    "nifi.sensitive.props.key=\nnifi.sensitive.props.key.protected=aes/gcm/256\n"
    "nifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256",
    "SINGLE_USER_CREDENTIALS_USERNAME: admin\nSINGLE_USER_CREDENTIALS_PASSWORD: ${NIFI_ADMIN_PASSWORD}",
    "<property>\n  <name>javax.jdo.option.ConnectionPassword</name>\n  <value>${env:HIVE_METASTORE_DB_PASSWORD}</value>\n</property>",
    "<property>\n  <name>hadoop.security.credential.provider.path</name>\n"
    "  <value>jceks://hdfs/user/hive/metastore.jceks</value>\n</property>",
    "$ schematool -dbType postgres -initSchema\nMetastore connection URL:\t jdbc:postgresql://metastore-db:5432/metastore\n"
    "Metastore connection User:\t hive\nschemaTool completed",
    "[users]\n# admin = password1, admin\n# user1 = password2, role1, role2\n\n[main]\n"
    "sessionManager = org.apache.shiro.web.session.mgt.DefaultWebSessionManager",
    "ldapRealm.contextFactory.systemUsername = uid=zeppelin,ou=svc,dc=corp\n"
    "ldapRealm.contextFactory.systemPassword = ${ZEPPELIN_LDAP_PASSWORD}",
    "\"default.password\": {\"value\": \"\", \"type\": \"password\"}",
    "xpack.encryptedSavedObjects.encryptionKey: ${KIBANA_ENCRYPTION_KEY}\nxpack.reporting.encryptionKey: ${KIBANA_REPORTING_KEY}",
    "$ bin/kibana-keystore add xpack.security.encryptionKey\nEnter value for xpack.security.encryptionKey: ********",
    "[OUTPUT]\n    Name        http\n    Match       kube.*\n    Host        logs.obs.internal\n"
    "    HTTP_User   ${FLB_HTTP_USER}\n    HTTP_Passwd ${FLB_HTTP_PASSWD}",
    "[OUTPUT]\n    name         loki\n    host         logs-prod-012.grafana.net\n    http_user    ${LOKI_USER}\n"
    "    http_passwd  ${LOKI_TOKEN}",
    "[sinks.es]\ntype = \"elasticsearch\"\nendpoints = [\"https://es01:9200\"]\nauth.strategy = \"basic\"\n"
    "auth.user = \"vector\"\nauth.password = \"${VECTOR_ES_PASSWORD}\"",
    "[secret.vault]\ntype = \"exec\"\ncommand = [\"/usr/local/bin/vector-secrets\"]\n\n[sinks.ch.auth]\n"
    "password = \"SECRET[vault.clickhouse_password]\"",
    "extensions:\n  basicauth/grafana:\n    client_auth:\n      username: \"${env:GRAFANA_INSTANCE_ID}\"\n"
    "      password: \"${env:GRAFANA_CLOUD_TOKEN}\"",
    "exporters:\n  otlp/honey:\n    endpoint: api.honeycomb.io:443\n    headers:\n      x-honeycomb-team: ${env:HONEYCOMB_API_KEY}",
    "object ApiUser \"director\" {\n  password = DirectorApiPassword  // constant defined in constants.conf from env\n"
    "  permissions = [ \"*\" ]\n}",
    "[icinga2]\ntransport = \"api\"\nhost = \"127.0.0.1\"\nport = \"5665\"\nusername = \"icingaweb2\"\npassword = \"\"",
    _t("docker run -d --name=netdata --pid=host --network=host \\\n  --env-file /etc/netdata/claim.env \\\n"
       "  -e NETDATA_CLAIM_ROOMS=@@A \\\n  netdata/netdata:stable", A=_uuid()),
    _t("[global]\n    url = https://app.netdata.cloud\n    token = ${NETDATA_CLAIM_TOKEN}\n    rooms = @@A", A=_uuid()),
    "CHROMA_SERVER_AUTHN_PROVIDER=chromadb.auth.token_authn.TokenAuthenticationServerProvider\n"
    "CHROMA_SERVER_AUTHN_CREDENTIALS_FILE=/run/secrets/chroma_token",
    "settings=Settings(chroma_client_auth_provider=\"chromadb.auth.token_authn.TokenAuthClientProvider\", "
    "chroma_client_auth_credentials=os.environ[\"CHROMA_TOKEN\"])",
    "client = MilvusClient(uri=os.environ[\"MILVUS_URI\"], token=os.environ[\"MILVUS_TOKEN\"], db_name=\"rag\")",
    "common:\n  security:\n    authorizationEnabled: true\n    superUsers: root",
    "KEY=\"${DIRECTUS_KEY}\"\nSECRET=\"${DIRECTUS_SECRET}\"\nADMIN_EMAIL=\"admin@example.com\"\n"
    "ADMIN_PASSWORD=\"${DIRECTUS_ADMIN_PASSWORD}\"",
    "const client = createDirectus(process.env.DIRECTUS_URL).with(staticToken(process.env.DIRECTUS_TOKEN!)).with(rest());",
    "APPSMITH_ENCRYPTION_PASSWORD=\nAPPSMITH_ENCRYPTION_SALT=\n# generated on first start and written to "
    "stacks/configuration/docker.env; back that file up",
    "APPSMITH_MAIL_ENABLED=true\nAPPSMITH_MAIL_HOST=smtp.office365.com\nAPPSMITH_MAIL_PORT=587\n"
    "APPSMITH_MAIL_USERNAME=tools@contoso.example",
    "$ headscale preauthkeys list --user homelab\nID | Key        | Reusable | Ephemeral | Used  | Expiration\n"
    "1  | ********** | true     | false     | true  | 2026-12-08 02:00:00",
    "tailscale up --login-server https://hs.example.net --authkey \"file:/etc/tailscale/authkey\" --accept-routes",
    _t("$ headscale nodes list\nID | Hostname | Name  | MachineKey | NodeKey  | User    | IP addresses\n"
       "1  | nas      | nas   | [@@A] | [@@B] | homelab | 100.64.0.1", A=_r(5, ALNUM), B=_r(5, ALNUM)),
]

_ORD_VENDOR: list[str] = [
    "Subscribed the team calendar to issue due dates; the feed URL holds a feed_token, so it stays in my "
    "calendar app and is not pasted here.",
    "GitLab: reset your feed token under User Settings > Access Tokens > Feed token if an RSS URL leaked.",
    "TIKTOK_CLIENT_KEY=${TIKTOK_CLIENT_KEY}\nTIKTOK_ACCESS_TOKEN=${TIKTOK_ACCESS_TOKEN}\nTIKTOK_REFRESH_TOKEN=${TIKTOK_REFRESH_TOKEN}",
    "curl -L -X POST 'https://open.tiktokapis.com/v2/video/list/?fields=id,title' -H \"Authorization: Bearer $TIKTOK_TOKEN\"",
    "exchange: gemini\nsandbox: true\napi_key: ${GEMINI_API_KEY}\napi_secret: ${GEMINI_API_SECRET}",
    "exchange = ccxt.gemini({'apiKey': os.environ['GEMINI_KEY'], 'secret': os.environ['GEMINI_SECRET']})",
    "[radius_server_auto]\nikey=${DUO_IKEY}\nskey=${DUO_SKEY}\napi_host=${DUO_HOST}\nradius_ip_1=10.0.0.20",
    "; /etc/duo/login_duo.conf is root:root 0600; ikey/skey are written by the config-management role from vault",
    "basic_auth:\n  password_file: /etc/prometheus/secrets/uptime-kuma-key",
    "curl -fsS --user \":$KUMA_API_KEY\" https://status.home.example/metrics | grep monitor_status",
    "curl -s -H \"X-API-Key: $PORTAINER_TOKEN\" https://portainer.lab:9443/api/endpoints | jq '.[].Name'",
    "provider \"portainer\" {\n  endpoint = \"https://portainer.lab:9443\"\n  api_key  = var.portainer_api_key\n}",
    "env:\n  SOCKET_SECURITY_API_KEY: ${{ secrets.SOCKET_SECURITY_API_KEY }}\nsteps:\n  - run: npx socket ci",
    "const client = new GoldRushClient(process.env.GOLDRUSH_API_KEY!);",
    _t("https://api.covalenthq.com/v1/eth-mainnet/address/0x@@A/balances_v2/ (key sent as HTTP basic auth from env)", A=_hx(40)),
    "[tigris]\ncredential_process = op-aws-creds tigris\nendpoint_url = https://fly.storage.tigris.dev",
    "Setting the following secrets on api-prod: AWS_ACCESS_KEY_ID, AWS_ENDPOINT_URL_S3, AWS_REGION, "
    "AWS_SECRET_ACCESS_KEY, BUCKET_NAME (values hidden; `fly secrets list` shows digests only)",
    "deck gateway sync kong.yaml --konnect-token-file ~/.konnect/pat --konnect-control-plane-name prod-cp",
    "provider \"konnect\" {\n  system_account_access_token = var.konnect_token\n  server_url = \"https://eu.api.konghq.com\"\n}",
    "curl -X POST 'https://api.dify.ai/v1/chat-messages' --header \"Authorization: Bearer $DIFY_APP_KEY\" "
    "--data-raw '{\"inputs\": {}, \"query\": \"hello\", \"response_mode\": \"blocking\", \"user\": \"abc-123\"}'",
    "VOICEFLOW_API_KEY=\nVOICEFLOW_VERSION_ID=production",
    "coze = Coze(auth=TokenAuth(token=os.getenv(\"COZE_API_TOKEN\")), base_url=COZE_CN_BASE_URL)",
    "params = {\"branch_key\": settings.BRANCH_KEY, \"branch_secret\": settings.BRANCH_SECRET, \"export_date\": \"2026-12-05\"}",
    "client = openai.OpenAI(base_url=\"https://api.endpoints.anyscale.com/v1\", api_key=os.environ[\"ANYSCALE_API_KEY\"])",
    "curl https://api.linear.app/graphql -H \"Authorization: Bearer $LINEAR_TOKEN\" --data '{\"query\":\"{ viewer { id } }\"}'",
]

_ORD_PUBLIC: list[str] = [
    *[_t("Fact: @@A is the commit that added the Authelia config; CI run #@@B passed on it.", A=_hx(40),
         B=str(_RNG.randint(1000, 99999))) for _ in range(4)],
    *[_t("image: ghcr.io/acme/api@sha256:@@A  # digest pinned by renovate", A=_hx(64)) for _ in range(3)],
    *[_t("Netdata room @@A now has 14 nodes; claim id @@B.", A=_uuid(), B=_uuid()) for _ in range(2)],
    _t("GA4 property: measurement id G-@@A, stream id @@B (both public; they are in the page source).",
       A=_r(10, UPPER_ALNUM), B=str(_RNG.randint(10**9, 10**10))),
    _t("Jellyfin item @@A, MediaSourceId @@A, played 3 times.", A=_hx(32)),
    _t("Sonarr series tvdbId=@@A, path /tv/Severance, monitored=true", A=str(_RNG.randint(300000, 450000))),
    _t("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI@@A deploy@woodpecker", A=_r(43, B64)),
    _t("Headscale node key fingerprint SHA256:@@A (public half only)", A=_r(43, B64)),
    _t("Duo api host for the EU deployment: api-@@A.duosecurity.com (not a secret; it is in every login page).", A=_hx(8)),
    _t("Coze bot_id @@A is published to the store; anyone can chat with it.", A=str(_RNG.randint(7 * 10**18, 8 * 10**18))),
    _t("Dify app id @@A (the app key is separate and stays in the secret store).", A=_uuid()),
    _t("Kong Konnect control plane id @@A in region eu.", A=_uuid()),
    _t("MLflow run_id=@@A artifact_uri=s3://ml-artifacts/7/@@A/artifacts", A=_hx(32)),
    _t("Trino query id 20261206_@@A_00042_@@B finished in 3.2s", A=str(_RNG.randint(100000, 999999)), B=_r(5, LOWER_ALNUM)),
    _t("Label Studio project 12 export: 4,812 tasks, sha256 @@A", A=_hx(64)),
    _t("Paperless document checksum (MD5) @@A, archive checksum @@B", A=_hx(32), B=_hx(32)),
    _t("Unity 6000.0.@@Af1 build @@B, Steam depot 2420511 manifest @@C",
       A=str(_RNG.randint(20, 40)), B=str(_RNG.randint(1000, 9999)), C=str(_RNG.randint(10**18, 10**19))),
    _t("Typesense collection docs_v2: 12,044 documents, schema hash @@A", A=_hx(16)),
    _t("Qdrant point id @@A, vector dim 1024, score 0.8312", A=_uuid()),
    _t("MAAS machine system_id @@A, status Deployed, arch amd64/generic", A=_r(6, LOWER_ALNUM)),
    _t("Foreman host web-17: id @@A, build token expired (host is provisioned).", A=str(_RNG.randint(100, 999))),
    _t("OpenWrt 23.05.5 r24106-@@A, kernel 5.15.167", A=_hx(10)),
    _t("Tigris bucket media-prod, ETag \"@@A\", 2,031 objects", A=_hx(32)),
    _t("Portainer stack id @@A, endpoint 2, 5 containers running, image tag @@B", A=str(_RNG.randint(10, 99)), B=_hx(12)),
    _t("git tag v2.14.0 -> @@A (signed, key fingerprint @@B)", A=_hx(40), B=_hx(40).upper()),
]

_ORD_HUMAN: list[str] = [
    "ఆఫీస్ వైఫై పాస్‌వర్డ్ మారింది అండి, reception లో అడగండి. guests కి ఇవ్వొద్దు please 🙏",
    "Sir, naa Tally login lock ayyindi. Password reset link pampandi please, GST filing repu undi.",
    "Netflix password maarchanu, family group lo kaadu, personal ga message chestha 😅",
    "नमस्कार सर,\nनवीन laptop चा login तुम्हाला वेगळ्या SMS ने पाठवला आहे. पहिल्यांदा login केल्यावर पासवर्ड बदलून घ्या.",
    "पासवर्ड किमान १२ अक्षरांचा असावा, त्यात नाव किंवा जन्मतारीख नसावी.",
    "yaar wifi ka password router ke neeche sticker pe likha hai, khud dekh lo",
    "پاس ورڈ کسی کے ساتھ شیئر نہ کریں۔ بینک کبھی آپ سے پاس ورڈ نہیں مانگتا۔",
    "બિલિંગ સોફ્ટવેર નો પાસવર્ડ બદલ્યો છે, કાલે સવારે રૂબરૂ કહીશ.",
    "Ticket #5521 - Marg ERP login\nBhai, password yaad nathi. 'Forgot password' thi OTP aave chhe pan mobile number juno chhe.",
    "ਪਾਸਵਰਡ ਕਿਸੇ ਨਾਲ ਸਾਂਝਾ ਨਾ ਕਰੋ, ਬੈਂਕ ਕਦੇ ਵੀ OTP ਨਹੀਂ ਮੰਗਦਾ।",
    "Veere, Hotstar da login mere phone te hai, OTP aayega taan dass dena",
    "ಟಿಕೆಟ್ #8812\nನನ್ನ HRMS account lock ಆಗಿದೆ. ಪಾಸ್‌ವರ್ಡ್ reset link ಕಳುಹಿಸಿ, ದಯವಿಟ್ಟು.",
    "  501  ssh appu@10.20.1.14\n  502  sudo systemctl restart tomcat\n  503  history",
    "== ഓഫീസ് പ്രിന്റർ ==\nAdmin പേജ്: http://192.168.0.50\nയൂസർ: admin\nപാസ്‌വേഡ്: IT വിഭാഗത്തോട് ചോദിക്കുക",
    "chetta, CCTV app il add cheyyaan QR code scan cheythal mathi, password venda",
    "ya basha el password bta3 el wifi et8ayar, ta3ala 5odo meni",
    "الباسورد لازم يكون ١٢ حرف على الأقل وفيه أرقام ورموز.",
    "مرحبا، ما عم يزبط معي الـ VPN. عملت reset للـ password من البورتال وبعدين؟",
    "habibti ghayyarna l password taba3 shahid, b2ellik yeh bl bayt",
    "khoya, lmot de passe dyal wifi mktoub 3la l box, chouf ta7t",
    "Bonjour, la caisse redemande le mot de passe après la mise à jour ; je passe demain.",
    "היי, ניסיתי להתחבר לשרת הבדיקות ולא עובד, כתוב שהסיסמה פגה. אפשר לאפס?",
    "הסיסמה צריכה להיות לפחות 12 תווים ולא לכלול את שם המשתמש.",
    "Kullanıcı\tSistem\tŞifre\tNot\nayse.k\tLogo Tiger\t(KeePass'te)\tmuhasebe\nmehmet.t\tLogo Tiger\t(KeePass'te)\tdepo",
    "Şifreniz en az 10 karakter olmalı; doğum tarihi ve takım adı kullanmayın.",
    "Καλημέρα,\nδεν μπορώ να μπω στο Outlook, μου λέει ότι ο κωδικός έληξε. Μπορείτε να τον επαναφέρετε;",
    "Ο κωδικός πρέπει να αλλάζει κάθε 90 ημέρες.",
    "wifi-ს პაროლი რესეფშენზე გკითხეთ.",
    "Գաղտնաբառը պետք է լինի առնվազն 12 նիշ։",
    "Оффисын wifi нууц үгийг ресепшнээс асуугаарай.",
    "Mật khẩu wifi quán ghi ở quầy thu ngân nha.",
    "Mật khẩu phải có ít nhất 8 ký tự, gồm chữ hoa, chữ thường và số.",
    "รหัสผ่าน wifi ร้านใหม่ ถามที่เคาน์เตอร์นะคะ",
    "Mas, sandi wifi kantor wis diganti, takon nang resepsionis yo",
    "Walaal, erayga sirta ah ee wifi-ga waxaa haya maamulaha.",
    "Nenosiri lako lazima liwe na herufi 12 au zaidi. Usimpe mtu yeyote.",
    "Chamado #40211 - Não consigo acessar o ERP\nOlá, aparece 'usuário bloqueado' depois que troquei a senha. Podem desbloquear?",
    "Sistema;Usuário;Senha\nSiga;fernanda.lima;(no cofre)\nGov.br;123.456.789-00;(no cofre)",
    "  112  mysql -u root -p facturacion\n  113  exit",
    "Oye carnal, la contra del facebook de la taquería la tiene Lupita, pídesela a ella",
    "Parola trebuie să aibă minim 12 caractere. Nu folosiți numele sau data nașterii.",
    "h2. Tárgyalóterem\n* Projektor admin: a jelszó a KeePass 'Iroda' mappájában\n* Wifi jelszó: a recepción",
    "Lozinka mora imati najmanje 12 znakova i ne smije sadržavati korisničko ime.",
    "Доступи до тестового стенду\n* URL: https://stage.int\n* логін: qa\n* пароль: у 1Password, сейф QA",
    "システム\tID\tパスワード\t備考\n勤怠\ttanaka01\t(別途連絡)\t月初変更",
    "パスワードは12文字以上で、英大文字・小文字・数字・記号を含めてください。",
    "팀장님 그룹웨어 비번은 보안상 카톡으로 못 드려요, 전화 드릴게요",
    "비밀번호는 8자 이상, 영문·숫자·특수문자를 조합해 주세요.",
    "公司wifi密碼改了，問櫃台喔",
    "密碼請勿透過 LINE 傳送，請使用公司密碼管理器分享。",
    "屋企wifi密碼我寫咗喺雪櫃張紙度",
    "Hi Ken,\nOctopus merchant portal 個 password 我會打電話話你知，唔該晒",
]

# A scanner that keeps false positives down would let these pass; one that errs the other way
# could refuse them: public keys and ids that look like secrets, documented defaults, a
# password quoted as a forbidden example, a bcrypt hash.
_ORD_DEBATABLE: list[str] = [
    _t("Branch SDK setup (Info.plist): branch_key = @@A  # the live *key* is public, it ships in the app; "
       "the branch secret stays on the server", A=_BR_KEY + _r(32, ALNUM)),
    _t("Duo integration key @@A and API host api-@@B.duosecurity.com for the VPN app (the secret key is in vault)",
       A=_duo_ikey(), B=_hx(8)),
    _t("Gemini account key id @@A belongs to the treasury sub-account (id only; the secret was never exported)",
       A=_GEM + _r(20, ALNUM)),
    "Password policy: passwords such as Summer2024!, Galatasaray1905 or P@ssw0rd are rejected by the blocklist.",
    "qBittorrent before 4.6.1 shipped with the WebUI login admin / adminadmin; newer versions print a temporary password.",
    "Milvus ships with the default user root and password Milvus; change it before exposing port 19530.",
    "SECRET_KEY = \"CHANGE_ME_TO_A_COMPLEX_RANDOM_SECRET\"  # superset_config.py default, the app refuses to start with it",
    "Zeppelin's shiro.ini.template lists admin = password1, admin as an example user; our copy deletes the [users] section.",
    _t("extensions:\n  basicauth/server:\n    htpasswd:\n      inline: |\n        otel-agent:$2y$10$@@A",
       A=_r(53, ALNUM + "./")),
    "비밀번호를 한영키 안 바꾸고 치면 'qlalfqjsgh'처럼 나와요 — 그래서 로그인이 안 되는 경우가 많아요.",
    _t("Uptime Kuma key uk@@A was revoked on 2026-12-01 (id only, the key part after the underscore is not kept)",
       A=str(_RNG.randint(1, 30))),
    "Label Studio's docker quickstart uses LABEL_STUDIO_USERNAME=admin@example.com / LABEL_STUDIO_PASSWORD=admin123 in the README.",
    "MLflow basic auth: the default admin_password in basic_auth.ini is 'password1234'; the server warns until it is changed.",
]

_ORD_MORE: list[str] = [
    "Credential rotation checklist: LiteLLM master key, n8n encryption key (cannot be rotated in place), "
    "Woodpecker agent secret, Superset SECRET_KEY (run re-encrypt-secrets), Kibana encryption keys.",
    "The NiFi sensitive properties key encrypts flow.json.gz secrets; changing it needs `nifi.sh set-sensitive-properties-key`.",
    "Authelia reads every secret from a *_FILE variable when one is set; prefer that to inline values.",
    "Netdata claim tokens are per space; a leaked one only lets someone add nodes, but rotate it anyway.",
    "Vector's SECRET[backend.key] syntax keeps credentials out of vector.toml.",
    "Headscale pre-auth keys should be single-use and short-lived for servers; reusable keys only for ephemeral CI nodes.",
    "Kong Konnect PATs are tied to a user; use system account tokens for CI.",
    "Dify app keys are per app; regenerate one in the app's API Access page if it leaks.",
    "The GA4 Measurement Protocol secret lets anyone send events to the property; keep it on the server side.",
    "Never paste a Duo skey into a ticket; the integration key alone is harmless.",
    "Paperless-ngx tokens are per user; the mobile app should use its own user, not the admin.",
    "Qdrant supports a read-only API key; give the search frontend that one.",
]


FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(blind_corpus.interleave(
        blind_corpus.round_robin(_AGENT, _FORMATS, _HUMAN), _VENDOR_RAW))
]


ELEVENTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in ELEVENTH_SECRETS}

# The families of each weight, for reports that break results down by where a secret sits.
AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)

# The families whose values carry a vendor's name, prefix, header or marker; the rest are
# generic (a generic family may still hold a vendor token, placed where an agent writes it).
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a Matomo
# token_auth and an *arr API key are bare 32-hex strings in a URL or XML element, and a
# Jellyfin key is the same shape in a header a generic rule may not know.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"matomo token_auth", "arr stack config xml api key", "jellyfin api key"}
)

ELEVENTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_VENDOR, *_ORD_PUBLIC,
                                *_ORD_HUMAN, *_ORD_DEBATABLE, *_ORD_MORE]

DEBATABLE: list[str] = list(_ORD_DEBATABLE)


_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, ELEVENTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("eleventh", FAMILIES, ELEVENTH_SECRETS, ELEVENTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(80, 240, 220),
                       template=_PLACEHOLDER)
    # the three weights about a third each, vendor families counted with the config files
    weights = (len(_AGENT), len(_FORMATS) + len(_VENDOR_RAW), len(_HUMAN))
    assert max(weights) - min(weights) <= len(FAMILIES) // 10, weights
    # every sample's text differs from every other
    texts = [text for _, text in ELEVENTH_SECRETS]
    assert len(texts) == len(set(texts))


_self_check()
