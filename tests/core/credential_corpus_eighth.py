"""An eighth credentials corpus, written blind, weighted to what an agent writes into the ledger.

Its author saw neither the scanner, its rules nor the samples of the seven earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py``,
``credential_corpus_fourth.py``, ``credential_corpus_fifth.py``, ``credential_corpus_sixth.py``,
``credential_corpus_seventh.py``); only their family names, collected by code so that every
family here is new (``_self_check`` holds that), and the helpers and closing structure of the
seventh, so that the same measuring code runs on this one.  It is weighted, about a third each,
toward:

* what a coding agent writes in a ledger entry: facts "verified by" a command with its output,
  decisions quoting the config line they are about, debugging summaries, copied errors with the
  request that caused them, fixtures read in a test, diff hunks and ``git show`` / ``git log -p``
  excerpts, stack traces of several runtimes, CI log lines (xtrace, derived values), Markdown
  tables of environment variables, tool-call arguments, scanner reports quoting a finding;
* config and credential files of tools and frameworks the earlier corpora do not name: MCP client
  configs, AI coding assistants, Renovate and Dependabot, Nx Cloud and Develocity, Argo CD,
  Terragrunt and Bicep, Quarkus, Micronaut, Play, Rocket, Drupal, Magento, JHipster, Mastodon,
  Nextcloud, Vaultwarden, Conan, Hackage, CocoaPods trunk, JuliaHub, Anaconda, OpenStack
  application credentials, DBeaver, Patroni, pgBackRest, Ceph, TSIG, Shadowsocks, Consul gossip,
  k3s, ACME EAB, Godot, Tauri, FileZilla, WinSCP, gh, wrangler and firebase-tools; and vendor
  tokens from public secret-scanner lists that the earlier corpora do not name
  (``VENDOR_FAMILIES``);
* passwords people choose (words, seasons in several languages, keyboard walks, names and years)
  where they are typed: database and remote-access command lines, logins of platform CLIs,
  framework consoles, URLs with userinfo, prompts answered on screen, chat in Italian, Dutch,
  Polish, Korean, Turkish, Vietnamese, Indonesian, Swedish, Ukrainian, Arabic and Hindi, tickets,
  pull requests, post-mortems, wiki pages, handover mail and spreadsheets.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``, alternating)
    and three or more ``(setting, text)`` samples placed as people paste them.
``EIGHTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``EIGHTH_ORDINARY``
    text that must pass, nearly all of it in the settings of the secrets: the same ledger
    entries, commands, diffs, traces and configs with the value masked, templated, prompted for or
    read from a store; the long random-looking public values that sit beside secrets (commit
    SHAs, digests, UUIDs, request ids, public keys, fingerprints, client ids and site keys, ETags,
    integrity hashes, nonces); code that handles a secret by name only; and prose about
    credentials that holds none, in several languages.  ``DEBATABLE`` names the entries a
    reasonable scanner could refuse; ``UNSURE_FAMILIES`` the families a reasonable scanner could
    let through.
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator with the length, alphabet and (where a format has one)
the checksum or inner structure of their kind; distinctive prefixes and armour are split in the
source, so no literal here is a real secret or stops a push-protection scanner.  Templates name
their values ``@@A`` .. ``@@Z`` (single letters, so no key is a prefix of another; a diff hunk
header such as ``@@ -4,6 +4,7 @@`` is real text, not a placeholder); each sample draws fresh
values.
"""

# ruff: noqa: RUF001

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import random
import re
import string
import textwrap
from collections.abc import Callable

from tests.core import blind_corpus
from tests.core.credential_corpus_third import Family, Values, family, split_by_family

_RNG = random.Random(88_2027_08_15)

ALNUM = string.ascii_letters + string.digits
LOWER = string.ascii_lowercase
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
DIGITS = string.digits
HEX = "0123456789abcdef"
UPPER_HEX = HEX.upper()
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BASE32_LOWER = BASE32_UPPER.lower()
URL_SAFE_PW = ALNUM + "-_."
_ARMOUR = "-" * 5

_NOUNS = (
    "Falcon", "Marmot", "Granite", "Harbor", "Lantern", "Maple", "Nimbus", "Orchid", "Pebble",
    "Quasar", "Raven", "Saffron", "Thistle", "Walnut", "Juniper", "Kettle", "Cactus", "Dolphin",
    "Ember", "Fennel", "Glacier", "Hazel", "Indigo", "Mango", "Otter", "Puffin", "Sparrow",
)
_SEASON_WORDS = (
    "Winter", "Summer", "Spring", "Autumn", "Sommer", "Herbst", "Verano", "Invierno", "Estate",
    "Inverno", "Zomer", "Lato", "Zima", "Sommar", "Vinter", "Yaz", "Kis", "Ete", "Hiver",
)
_WALKS = (
    "1qaz2wsx", "Qwerty", "qwertz", "Azerty", "zaq12wsx", "!QAZ2wsx", "Asdf", "1q2w3e4r",
    "Qazwsx", "Zxcvbn", "P@ssw0rd", "Passw0rd", "Welcome", "Changeme", "Letmein",
)
_NAMES = (
    "Marta", "Luca", "Bella", "Mochi", "Rocky", "Simba", "Kasia", "Jeroen", "Ayse", "Minh",
    "Dewi", "Oksana", "Lina", "Priya", "Sven", "Chiara", "Jisoo", "Emre", "Noor", "Bruno",
)
_PLACES = ("Munich", "Porto", "Krakow", "Busan", "Izmir", "Hanoi", "Bandung", "Malmo", "Lviv")
_DICE = (
    "acorn", "blimp", "cradle", "dune", "easel", "ferry", "gazebo", "hinge", "igloo", "jigsaw",
    "kiosk", "ladle", "magnet", "nozzle", "oyster", "parcel", "quiver", "rafter", "sleet",
    "tripod", "unicorn", "violet", "wafer", "yodel", "zipper", "banjo", "cobble", "dimple",
)


def _s(length: int, alphabet: str = ALNUM) -> str:
    """``length`` characters of ``alphabet`` from the seeded generator."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hex(length: int) -> str:
    return _s(length, HEX)


def _bytes(length: int) -> bytes:
    return _RNG.randbytes(length)


def _std64(raw: bytes | int) -> str:
    """Padded standard base64 of ``raw``, or of that many random bytes."""
    return base64.b64encode(_bytes(raw) if isinstance(raw, int) else raw).decode()


def _url64(raw: bytes | int) -> str:
    """Unpadded URL-safe base64 of ``raw``, or of that many random bytes."""
    data = _bytes(raw) if isinstance(raw, int) else raw
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _guid() -> str:
    h = _hex(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def _gen_pw(length: int = 22) -> str:
    """A password manager's password: letters, digits and the symbols most policies allow."""
    return _s(1, string.ascii_letters) + _s(length - 1, ALNUM + "!#%*+=_.~^@")


def _url_pw(length: int = 20) -> str:
    """A generated password that needs no escaping inside a URL's userinfo."""
    return _s(length, URL_SAFE_PW)


def _human_pw() -> str:
    """A password a person chose and typed, in the shapes that password policies breed."""
    shape = _RNG.randrange(7)
    digits = str(_RNG.randint(1, 9999)).zfill(_RNG.choice((2, 3, 4)))
    if shape == 0:
        return f"{_RNG.choice(_NOUNS)}{_s(1, '!#$%&*.')}{digits}"
    if shape == 1:
        return f"{_RNG.choice(_SEASON_WORDS)}{_RNG.randint(2019, 2027)}{_s(1, '!#$*?')}"
    if shape == 2:
        walk = _RNG.choice(_WALKS)
        return f"{walk}{_s(1, '!@#$')}{digits}{_s(1, string.ascii_uppercase)}"
    if shape == 3:
        return f"{_RNG.choice(_NAMES)}{_RNG.randint(1960, 2012)}{_s(1, '!?.#')}{_s(1, LOWER)}"
    if shape == 4:
        first, second = _RNG.sample(_NOUNS, 2)
        return f"{first.lower()}-{second.lower()}-{digits}"
    if shape == 5:
        place = _RNG.choice(_PLACES)
        return f"Ilove{place}{_s(1, '!_')}{digits}"
    word = _RNG.choice(_NOUNS)
    leet = word.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1")
    return f"{leet}{_RNG.randint(10, 99)}{_s(1, '!$%')}"


def _diceware(words: int = 4, sep: str = "-") -> str:
    return sep.join(_RNG.sample(_DICE, words)) + sep + str(_RNG.randint(10, 99))


def _pem(label: str, der: bytes, width: int = 64) -> str:
    """PEM armour around ``der``, lines of ``width``."""
    body = base64.b64encode(der).decode()
    lines = [body[i : i + width] for i in range(0, len(body), width)]
    return "\n".join([f"{_ARMOUR}BEGIN {label}{_ARMOUR}", *lines, f"{_ARMOUR}END {label}{_ARMOUR}"])


def _jwt(header: dict[str, object], claims: dict[str, object], sig_bytes: int = 32) -> str:
    def enc(part: dict[str, object]) -> str:
        return _url64(json.dumps(part, separators=(",", ":")).encode())

    return f"{enc(header)}.{enc(claims)}.{_url64(sig_bytes)}"


def _d(text: str) -> str:
    """A template written indented in the source, dedented, without its opening newline.

    A line ending in ``~~`` goes on with the next one (its indentation dropped), so that a
    long log line or command stays one line in the text and under 100 columns in the source.
    """
    return re.sub(r"~~\n[ \t]*", "", textwrap.dedent(text).lstrip("\n"))


def _ind(text: str, spaces: int) -> str:
    return textwrap.indent(text, " " * spaces)


def _fam(name: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values``; its half is set by its position."""
    filled = []
    for setting, template in samples:
        text = template
        for key, value in values().items():
            text = text.replace(f"@@{key}", value)
        filled.append((setting, text))
    return Family(name, "", tuple(filled))


# ---- tokens with the real shape of their kind, random where the secret is ----

_B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase


def _b62(num: int, width: int) -> str:
    out = ""
    while num:
        num, rem = divmod(num, 62)
        out = _B62[rem] + out
    return out.rjust(width, "0")


def _gh(prefix: str = "gh" "p_") -> str:
    """A GitHub token: 30 random base62 characters and the CRC32 of them in 6 more."""
    body = _s(30)
    return prefix + body + _b62(binascii.crc32(body.encode()), 6)


def _openai() -> str:
    return "sk-" "proj-" + _s(74, B64URL) + "T3Blbk" "FJ" + _s(74, B64URL)


def _anthropic() -> str:
    return "sk-" "ant-api03-" + _s(93, B64URL) + "AA"


def _stripe_live() -> str:
    return "sk" "_live_" + _s(_RNG.choice((24, 99)))


def _slack_bot() -> str:
    return f"xox" f"b-{_RNG.randint(10**11, 10**13)}-{_RNG.randint(10**12, 10**13)}-{_s(24)}"


def _aws_id() -> str:
    return "AK" "IA" + _s(16, BASE32_UPPER)


def _aws_secret() -> str:
    return _s(40, B64)


def _sendgrid() -> str:
    return "S" "G." + _s(22, B64URL) + "." + _s(43, B64URL)


def _gitlab() -> str:
    return "gl" "pat-" + _s(20, B64URL)


def _npm() -> str:
    return "np" "m_" + _s(36)


def _google_key() -> str:
    return "AI" "za" + _s(35, B64URL)


def _hf() -> str:
    return "h" "f_" + _s(34, string.ascii_letters)


def _hs_jwt(claims: dict[str, object]) -> str:
    return _jwt({"alg": "HS256", "typ": "JWT"}, claims, 32)


def _common() -> dict[str, str]:
    """The values most templates draw on: passwords, tokens and keys of several shapes."""
    return {
        "P": _human_pw(), "Q": _gen_pw(), "U": _url_pw(), "H": _hex(32), "S": _hex(64),
        "B": _std64(32), "W": _url64(32), "G": _guid(), "T": _s(40), "K": _s(32), "N": _s(48),
        "A": _aws_id(), "Z": _aws_secret(), "O": _openai(), "C": _anthropic(), "X": _gh(),
        "Y": _stripe_live(), "L": _slack_bot(), "E": _sendgrid(), "R": _gitlab(), "M": _npm(),
        "I": _google_key(), "F": _hex(40), "D": _diceware(), "V": _hf(),
        "J": _hs_jwt({"sub": str(_RNG.randint(1000, 99999)), "role": "service",
                      "iat": 1722000000, "exp": 1753536000}),
    }


def _with(**gens: Callable[[], str]) -> Values:
    """The common values, with ``gens`` drawn afresh for each sample on top."""

    def values() -> dict[str, str]:
        out = _common()
        out.update({key: gen() for key, gen in gens.items()})
        return out

    return values


_V = _with()


def _pypi() -> str:
    return "py" "pi-AgEIcHlwaS5vcmcCJ" + _s(8, HEX) + "-" + _s(130, B64URL)


def _mailgun() -> str:
    return f"{_hex(32)}-{_hex(8)}-{_hex(8)}"


def _linear() -> str:
    return "lin" "_api_" + _s(40)


def _hubspot() -> str:
    return "pat-" + _RNG.choice(("na1", "eu1")) + "-" + _guid()


def _ecr_password() -> str:
    doc = {"payload": _std64(_RNG.randint(900, 1100)), "datakey": _std64(184),
           "version": "2", "type": "DATA_KEY", "expiration": 1722081242}
    return _std64(json.dumps(doc, separators=(",", ":")).encode())


def _basic_of(user: str) -> Callable[[], str]:
    return lambda: _std64(f"{user}:{_url_pw()}".encode())


def _rails_base() -> str:
    return _hex(128)


# ---- weight one: what an agent writes into a ledger entry, and what it pastes there ----

_AGENT: list[Family] = [
    _fam(
        "ledger fact verified by curl with bearer", _V,
        ("fact with curl and its output", _d("""
            Fact: the staging billing API accepts the new service token.
            Verified by: curl -sS https://billing.staging.acme.dev/v2/health -H "Authorization: ~~
            Bearer @@T"
            Output: {"status":"ok","version":"2.14.3","caller":"service:ledger-sync"}
            """)),
        ("fact verified with httpie", _d("""
            The bot account can read the private repo after the org SSO change.
            verified: `http GET https://api.github.com/repos/acme/infra "Authorization:token @@X"`
            -> HTTP/1.1 200 OK, "full_name": "acme/infra", "private": true
            """)),
        ("fact as a json ledger entry", _d("""
            {"kind": "fact", "text": "the OpenAI project key works from the CI runner",
             "verified_by": "curl https://api.openai.com/v1/models -H 'Authorization: Bearer @@O' ~~
             | jq '.data|length'",
             "output": "87"}
            """)),
        ("fact verified with wget", _d("""
            Confirmed the metrics endpoint needs the key header and the key is valid:
              wget -qO- --header="X-API-Key: @@K" https://metrics.acme.dev/api/v1/status
              {"uptime_s": 1209331, "ingest": "healthy"}
            Without the header it answers 401.
            """)),
    ),
    _fam(
        "ledger decision quoting a config line", _V,
        ("decision rationale in markdown", _d("""
            **Decision:** keep SendGrid for transactional mail instead of moving to SES now.
            **Rejected:** SES (no dedicated IP yet, DKIM would need re-verification).
            **Reason:** the existing line in config/mail.yml, `api_key: @@E`, already works in
            production and the migration buys us nothing this quarter.
            """)),
        ("decision with alternatives list", _d("""
            Decision: point the reporting job at the read replica.
            Alternatives considered:
              1. primary with a statement timeout (rejected: still competes for locks)
              2. nightly dump to S3 (rejected: data a day old)
            Reason: .env.reporting already has
              DATABASE_URL=postgres://reporting:@@U@db-replica.internal:5432/app
            and the replica lag is under a second.
            """)),
        ("decision as a yaml entry", _d("""
            type: decision
            title: Post deploy notices with the bot token instead of the webhook
            alternatives:
              - incoming webhook (rejected: cannot reply in threads)
            reason: >
              notifier.toml already carries token = "@@L" for the same workspace,
              and chat.postMessage can thread under the release message.
            """)),
    ),
    _fam(
        "ledger debugging summary naming the key", _V,
        ("summary in prose", _d("""
            Spent 40 minutes on the 401s from the embeddings job. Root cause: the worker image
            still had the old Anthropic key (@@C) baked into a layer; the new one only lives in
            the Helm values. Rebuilt the image without the ENV line and the 401s stopped.
            """)),
        ("summary as bullets", _d("""
            Debug notes, checkout flakiness:
            - reproduced locally with STRIPE_SECRET_KEY=@@Y (that is the live account, oops)
            - the webhook signature mismatch came from the proxy re-encoding the body
            - fixed by handing the raw body to constructEvent(); test added
            """)),
        ("summary with numbered steps", _d("""
            How I found why the nightly export was empty:
            1. ran `aws s3 ls s3://acme-exports/2024/` with AWS_ACCESS_KEY_ID=@@A and
               AWS_SECRET_ACCESS_KEY=@@Z from the old runbook: AccessDenied
            2. the IAM user was detached from the exports group in June
            3. re-attached it; listing works, export job rerun is green
            """)),
    ),
    _fam(
        "ledger note with copied error and request", _with(N=lambda: _s(48)),
        ("http 403 with the request", _d("""
            Note: uploads to the artifact store fail since this morning.
            Request:
              PUT /artifacts/build-8812.tar.gz HTTP/1.1
              Host: artifacts.acme.dev
              X-Api-Key: @@N
              Content-Length: 48213377
            Response: 403 {"error":"key lacks write scope","request_id":"req_7Jd2k"}
            """)),
        ("grpc error with metadata", _d("""
            The inventory client fails with:
            rpc error: code = Unauthenticated desc = token expired; metadata: ~~
            map[authorization:[Bearer @@J] user-agent:[grpc-go/1.64.0] x-request-id:[5a0c9e1e]]
            so the refresh path is not wired into the interceptor.
            """)),
        ("curl failure with its command", _d("""
            Publishing the jar fails:
            $ curl -fsS -u deploy:@@U --upload-file build/libs/core-3.2.0.jar \\
                https://nexus.acme.dev/repository/releases/com/acme/core/3.2.0/core-3.2.0.jar
            curl: (22) The requested URL returned error: 400
            (400 = release already exists, not an auth problem)
            """)),
    ),
    _fam(
        "ledger test fixture quoted", _V,
        ("fixture json quoted in a note", _d("""
            Read tests/fixtures/payments/live_config.json while chasing the flaky test. It is not
            a fake:
              {"stripe": {"secret_key": "@@Y", "account": "acct_1Nq8AcmeLive"}}
            Moving it out of the repo is a separate task.
            """)),
        ("conftest excerpt", _d("""
            conftest.py sets the token for every test session:

                @pytest.fixture(autouse=True)
                def _github(monkeypatch):
                    monkeypatch.setenv("GITHUB_TOKEN", "@@X")
            """)),
        ("test env file content", _d("""
            tests/.env.test (loaded by vitest.setup.ts):
            HF_TOKEN=@@V
            HF_HOME=/tmp/hf-test
            MODEL_ID=acme/intent-classifier-small
            """)),
    ),
    _fam(
        "ledger task with staging login steps", _V,
        ("task body", _d("""
            Task: reproduce the invoice PDF bug on staging.
            Steps: log in at https://staging.acme.dev/admin as qa-admin / @@P, open invoice
            #4471, click "Download PDF", compare the totals with the HTML view.
            """)),
        ("task checklist", _d("""
            - [x] build the hotfix image
            - [ ] ssh to the bastion (user `ops`, password `@@P`) and pull it
            - [ ] restart the queue workers one at a time
            """)),
        ("task as json", _d("""
            {"kind": "task", "title": "Check Grafana alert rules after the upgrade",
             "notes": "shared admin login for grafana.acme.dev is admin / @@P",
             "status": "open"}
            """)),
    ),
    _fam(
        "ledger question about which token", _with(M=_npm),
        ("question in prose", _d("""
            Question: is @@X the token the release workflow should use, or the org secret
            RELEASE_TOKEN? They are not the same value and only one can push tags.
            """)),
        ("question with two candidates", _d("""
            Which SendGrid key is current? .env.example has SENDGRID_API_KEY=@@E but the
            mail service logs show a key ending in ...Qx9w. Should I replace the one in .env?
            """)),
        ("question before publishing", _d("""
            Open question for the maintainer: should I publish 4.1.0 with the npm token I found
            in ~/.npmrc (@@M) or wait for the granular automation token you mentioned?
            """)),
    ),
    _fam(
        "diff hunk adding a secret to a config", _V,
        ("unified diff of a dotenv", _d("""
            diff --git a/.env.production b/.env.production
            index 3f2a9c1..8b0d44e 100644
            --- a/.env.production
            +++ b/.env.production
            @@ -4,6 +4,7 @@ NODE_ENV=production
             LOG_LEVEL=info
             SENTRY_ENVIRONMENT=production
            +OPENAI_API_KEY=@@O
             FEATURE_FLAGS=checkout_v2,search_v3
            """)),
        ("hunk in django settings", _d("""
            @@ -112,6 +112,9 @@ STORAGES = {
                 },
             }
            +AWS_ACCESS_KEY_ID = "@@A"
            +AWS_SECRET_ACCESS_KEY = "@@Z"
            +AWS_STORAGE_BUCKET_NAME = "acme-media-prod"
             MEDIA_URL = "/media/"
            """)),
        ("hunk in a compose file", _d("""
            --- a/docker-compose.yml
            +++ b/docker-compose.yml
            @@ -18,7 +18,7 @@ services:
                 image: postgres:16
                 environment:
                   POSTGRES_USER: app
            -      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}
            +      POSTGRES_PASSWORD: @@Q
                 volumes:
            """)),
        ("hunk in appsettings", _d("""
            @@ -9,7 +9,8 @@
               "Geocoding": {
                 "BaseUrl": "https://maps.googleapis.com/maps/api/geocode/json",
            -    "ApiKey": ""
            +    "ApiKey": "@@I",
            +    "TimeoutSeconds": 5
               },
            """)),
    ),
    _fam(
        "diff hunk deleting a committed key", _with(K=_mailgun),
        ("removal hunk in a dotenv", _d("""
            @@ -1,4 +1,4 @@
             GITLAB_URL=https://gitlab.acme.dev
            -GITLAB_TOKEN=@@R
            +GITLAB_TOKEN=${GITLAB_TOKEN:?set GITLAB_TOKEN}
             RUNNER_TAGS=docker,linux
            """)),
        ("removal in javascript", _d("""
            -const slack = new WebClient("@@L");
            +const slack = new WebClient(process.env.SLACK_BOT_TOKEN);
             export async function notify(channel, text) {
            """)),
        ("removal with its commit header", _d("""
            commit 9d41c7be02f3a6f5e3c1b2d0a4e8f7c6b5a49382
            Author: Dana Ortiz <dana@acme.dev>
            Date:   Thu Jul 11 10:02:44 2024 +0200

                Read the Mailgun key from the environment

            diff --git a/mailer/config.py b/mailer/config.py
            @@ -3,3 +3,3 @@
            -MAILGUN_API_KEY = "@@K"
            +MAILGUN_API_KEY = os.environ["MAILGUN_API_KEY"]
            """)),
    ),
    _fam(
        "diff hunk in a values file", _V,
        ("helm values hunk", _d("""
            --- a/deploy/values-prod.yaml
            +++ b/deploy/values-prod.yaml
            @@ -40,6 +40,9 @@ worker:
               replicas: 4
            +redis:
            +  auth:
            +    password: "@@Q"
             ingress:
            """)),
        ("kustomize secret env hunk", _d("""
            diff --git a/overlays/prod/secrets.env b/overlays/prod/secrets.env
            new file mode 100644
            --- /dev/null
            +++ b/overlays/prod/secrets.env
            @@ -0,0 +1,3 @@
            +DB_USER=orders
            +DB_PASSWORD=@@P
            +DB_HOST=orders-db.prod.svc
            """)),
        ("tfvars hunk", _d("""
            @@ -12,4 +12,5 @@ environment = "prod"
             region      = "eu-central-1"
             instance    = "m6i.large"
            +datadog_api_key = "@@H"
             enable_apm  = true
            """)),
    ),
    _fam(
        "git show of an old config blob", _with(S=_rails_base, M=_npm),
        ("rails secrets.yml from history", _d("""
            $ git show 4e1c0a7:config/secrets.yml
            production:
              secret_key_base: @@S
              aws_access_key_id: @@A
              aws_secret_access_key: @@Z
            """)),
        ("npmrc from an old commit", _d("""
            $ git show HEAD~3:deploy/.npmrc
            registry=https://registry.npmjs.org/
            //registry.npmjs.org/:_authToken=@@M
            always-auth=true
            """)),
        ("spring properties at a tag", _d("""
            git show v1.8.0:src/main/resources/application-prod.properties | grep datasource
            spring.datasource.url=jdbc:postgresql://orders-db.prod:5432/orders
            spring.datasource.username=orders_app
            spring.datasource.password=@@Q
            """)),
    ),
    _fam(
        "git log -p excerpt with a key", _with(T=_pypi),
        ("log -p with -S", _d("""
            $ git log -p -S SENDGRID -- config/
            commit 1f0d6a3c9e8b7a6d5c4b3a2f1e0d9c8b7a6f5e4d
            Author: ci-bot <ci@acme.dev>
            Date:   Mon Mar 4 16:20:11 2024 +0000

                wire up mail

            diff --git a/config/mail.ini b/config/mail.ini
            +[sendgrid]
            +api_key = @@E
            """)),
        ("log -p of a ci file", _d("""
            git log -p --follow .travis.yml | sed -n '1,40p'
            ...
            -  - secure: "dGhpcyBpcyBub3QgYSB0b2tlbg=="
            +  - HEROKU_API_KEY=@@G
            +  - HEROKU_APP=acme-web-prod
            """)),
        ("log -p of a makefile", _d("""
            commit 0c5e7a91d2b4f6e8a0c2e4b6d8f0a2c4e6b8d0f2 (tag: v0.9.2)
                release helper

            diff --git a/Makefile b/Makefile
            @@ -1,3 +1,5 @@
            +TWINE_USERNAME ?= __token__
            +TWINE_PASSWORD ?= @@T
             .PHONY: release
            """)),
    ),
    _fam(
        "git grep hit with a secret", _V,
        ("grep across all revisions", _d("""
            $ git grep -n "api_key" $(git rev-list --all -- config) -- config | head -3
            a81f3c2e:config/prod.ini:12:api_key = @@K
            a81f3c2e:config/staging.ini:12:api_key = ${STAGING_API_KEY}
            77d0b914:config/prod.ini:12:api_key = @@K
            """)),
        ("grep for a key prefix", _d("""
            git grep -nI "sk-" -- ':!*.lock'
            notebooks/eval.ipynb:214:    "client = OpenAI(api_key=\\"@@O\\")\\n",
            scripts/eval.py:9:client = OpenAI()
            """)),
        ("grep for password in properties", _d("""
            PS> git grep -n -i password -- '*.properties'
            src/main/resources/application.properties:7:spring.mail.password=${MAIL_PASSWORD}
            src/test/resources/application-it.properties:4:spring.mail.password=@@P
            """)),
    ),
    _fam(
        "python traceback with headers dict", _with(G=_hubspot, U=_url_pw),
        ("requests traceback with a locals line", _d("""
            Traceback (most recent call last):
              File "/app/sync/hubspot.py", line 88, in fetch_contacts
                resp.raise_for_status()
              File "/usr/local/lib/python3.12/site-packages/requests/models.py", line 1024, in ~~
              raise_for_status
                raise HTTPError(http_error_msg, response=self)
            requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: ~~
            https://api.hubapi.com/crm/v3/objects/contacts
            headers = {'Authorization': 'Bearer @@G', 'Content-Type': 'application/json'}
            """)),
        ("rich traceback locals panel", _d("""
            │ ╭──────────────────────────── locals ────────────────────────────╮          │
            │ │    base = 'https://api.openai.com/v1'                           │          │
            │ │ headers = {'Authorization': 'Bearer @@O'} │          │
            │ │ timeout = 30                                                    │          │
            │ ╰─────────────────────────────────────────────────────────────────╯          │
            APIConnectionError: Connection error.
            """)),
        ("pydantic validation error with input", _d("""
            pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings
            redis_url
              Input should be a valid URL, invalid port number [type=url_parsing, ~~
              input_value='redis://:@@U@cache.internal:63790/0', input_type=str]
                For further information visit https://errors.pydantic.dev/2.8/v/url_parsing
            """)),
    ),
    _fam(
        "spring binding failure echoing value", _V,
        ("application failed to start", _d("""
            ***************************
            APPLICATION FAILED TO START
            ***************************

            Description:

            Failed to bind properties under 'app.mail.smtp' to com.acme.mail.SmtpProperties:

                Property: app.mail.smtp.password
                Value: "@@Q"
                Origin: System Environment Property "APP_MAIL_SMTP_PASSWORD"
                Reason: size must be between 0 and 16
            """)),
        ("invalid datasource url", _d("""
            Failed to bind properties under 'spring.datasource.url' to java.lang.String:

                Property: spring.datasource.url
                Value: "jdbc:postgresql://db:5432/app?user=app&password=@@U&ssl=tru"
                Origin: class path resource [application-prod.yml] - 4:10
            """)),
        ("invalid property value log line", _d("""
            2024-07-11T09:14:22.118Z ERROR 1 --- [main] o.s.boot.SpringApplication : Application ~~
            run failed
            org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueE~~
            xception: Property stripe.api-key with value '@@Y' is invalid: live keys are not ~~
            allowed with profile 'staging'
            """)),
    ),
    _fam(
        "node http client error dump with auth",
        _with(B=lambda: _std64(f"api:{_mailgun()}".encode())),
        ("axios error config", _d("""
            AxiosError: Request failed with status code 429
                at settle (/app/node_modules/axios/lib/core/settle.js:19:12)
                at IncomingMessage.handleStreamEnd ~~
                (/app/node_modules/axios/lib/adapters/http.js:599:11) {
              code: 'ERR_BAD_REQUEST',
              config: {
                url: 'https://api.openai.com/v1/chat/completions',
                method: 'post',
                headers: Object [AxiosHeaders] {
                  Accept: 'application/json, text/plain, */*',
                  'Content-Type': 'application/json',
                  Authorization: 'Bearer @@O',
            """)),
        ("superagent response req", _d("""
            Error: Unauthorized
                at Request.callback (/srv/mailer/node_modules/superagent/lib/node/index.js:857:15)
              status: 401,
              response: {
                req: {
                  method: 'POST',
                  url: 'https://api.eu.mailgun.net/v3/mg.acme.dev/messages',
                  headers: { authorization: 'Basic @@B' }
            """)),
        ("console.dir of fetch init", _d("""
            > console.dir(init, { depth: 3 })
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': '@@C' },
              body: '{"model":"claude-3-5-sonnet-latest","max_tokens":1024}'
            }
            """)),
    ),
    _fam(
        "go panic with dsn in message", _V,
        ("panic with goroutine trace", _d("""
            panic: dial tcp 10.0.4.17:5432: connect: connection refused (dsn="host=10.0.4.17 ~~
            user=orders password=@@U dbname=orders sslmode=require")

            goroutine 1 [running]:
            main.mustOpenDB({0xc000120000, 0x5f})
            \t/src/cmd/orders/main.go:61 +0x1a5
            main.main()
            \t/src/cmd/orders/main.go:34 +0x8c
            exit status 2
            """)),
        ("log.Fatalf with a redis url", _d("""
            2024/07/12 09:14:03 redis: invalid URL ~~
            "rediss://default:@@U@eu1-live-cobra-31337.upstash.io:6379": parse error
            exit status 1
            """)),
        ("zap fatal json line", _d("""
            {"level":"fatal","ts":1720775643.118,"caller":"config/load.go:42","msg":"cannot ~~
            connect to broker","amqp_url":"amqps://orders:@@U@b-4f1c.mq.eu-west-1.amazonaws.com:5~~
            671","error":"Exception (403) Reason: \\"no access to this vhost\\""}
            """)),
    ),
    _fam(
        "rust error chain with url credentials", _V,
        ("anyhow error with causes", _d("""
            Error: failed to fetch index from https://ci:@@U@crates.acme.dev/index/

            Caused by:
                0: error sending request for url (https://crates.acme.dev/index/config.json)
                1: client error (Connect)
                2: dns error: failed to lookup address information
            """)),
        ("reqwest error debug", _d("""
            Error: reqwest::Error { kind: Status(401), url: Url { scheme: "https", ~~
            cannot_be_a_base: false, username: "deploy", password: Some("@@U"), host: ~~
            Some(Domain("registry.acme.dev")), port: None, path: "/v2/", query: None, fragment: ~~
            None } }
            """)),
        ("sqlx connect context", _d("""
            Error: connecting to postgres://app:@@U@db.internal:5432/app

            Caused by:
                pool timed out while waiting for an open connection
            note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
            """)),
    ),
    _fam(
        "dotnet exception with connection string", _V,
        ("connection string format error", _d("""
            Unhandled exception. System.ArgumentException: Format of the initialization string ~~
            does not conform to specification starting at index 112.
               at System.Data.Common.DbConnectionOptions.GetKeyValuePair(String connectionString, ~~
               Int32 currentPosition)
               at Acme.Orders.Startup.ConfigureServices(IServiceCollection services) in ~~
               /src/Startup.cs:line 48
            ConnectionString: Server=tcp:acme-sql.database.windows.net,1433;Initial ~~
            Catalog=orders;User ID=orders_app;Password=@@Q;Encrypt=True;;
            """)),
        ("sql login failure with the string logged", _d("""
            fail: Acme.Api.Program[0]
                  Could not open SQL connection using 'Data Source=localhost,1433;User ~~
                  Id=sa;Password=@@P;TrustServerCertificate=true'
                  Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sa'.
            """)),
        ("redis configuration log", _d("""
            fail: Acme.Orders.Cache.RedisFactory[0]
                  Redis connection failed for configuration ~~
                  "cache.acme.dev:6380,password=@@B,ssl=True,abortConnect=False"
            StackExchange.Redis.RedisConnectionException: It was not possible to connect to the ~~
            redis server(s).
            """)),
    ),
    _fam(
        "ci xtrace line with secret",
        _with(E=_ecr_password, X=lambda: _gh("gh" "s_")),
        ("bash -x curl in a deploy job", _d("""
            + echo 'Deploying build 1842 to production'
            Deploying build 1842 to production
            + curl -fsS -X POST -H 'Authorization: Bearer @@T' ~~
            https://deploy.acme.dev/api/releases -d '{"build":1842}'
            {"release":"r-1842","status":"queued"}
            """)),
        ("xtrace docker login to ecr", _d("""
            ++ aws ecr get-login-password --region eu-west-1
            + docker login --username AWS --password @@E ~~
            123456789012.dkr.ecr.eu-west-1.amazonaws.com
            WARNING! Using --password via the CLI is insecure. Use --password-stdin.
            Login Succeeded
            """)),
        ("xtrace git push with installation token", _d("""
            + git push https://x-access-token:@@X@github.com/acme/site.git HEAD:gh-pages
            To https://github.com/acme/site.git
               3c1e2f0..9ab4d71  HEAD -> gh-pages
            """)),
    ),
    _fam(
        "ci step log with a derived value unmasked",
        _with(B=_basic_of("ci-pusher"), U=_url_pw),
        ("base64 decoded in an actions step", _d("""
            2024-07-11T08:14:02.1134421Z ##[group]Run echo "$DOCKER_AUTH" | base64 -d
            2024-07-11T08:14:02.1138412Z shell: /usr/bin/bash -e {0}
            2024-07-11T08:14:02.1138877Z env:
            2024-07-11T08:14:02.1139321Z   DOCKER_AUTH: ***
            2024-07-11T08:14:02.1139787Z ##[endgroup]
            2024-07-11T08:14:02.1188810Z ci-pusher:@@U
            """)),
        ("basic header printed by a verbose client", _d("""
            [build] > POST /api/v4/projects/112/packages/generic/cli/2.3.0/cli.tgz HTTP/1.1
            [build] > Host: gitlab.acme.dev
            [build] > Authorization: Basic @@B
            [build] < HTTP/1.1 201 Created
            """)),
        ("url-encoded secret in a job log", _d("""
            Running with gitlab-runner 17.1.0 (fe451d5a) on docker-autoscaler-3
            $ ./scripts/smoke.sh
            GET https://smoke.acme.dev/login?user=smoke&pass=@@U -> 302
            Job succeeded
            """)),
    ),
    _fam(
        "markdown table of environment variables", _V,
        ("env table in a readme", _d("""
            | Variable | Value | Notes |
            |---|---|---|
            | `DATABASE_URL` | `postgres://app:@@U@db.internal:5432/app` | primary |
            | `REDIS_URL` | `redis://cache:6379/0` | no auth inside the VPC |
            | `STRIPE_SECRET_KEY` | `@@Y` | live account |
            """)),
        ("env table in a ledger note", _d("""
            Env of the failing pod (from `kubectl exec -- env`):

            | name | value |
            | ---- | ----- |
            | SLACK_BOT_TOKEN | @@L |
            | SENDGRID_API_KEY | @@E |
            | LOG_LEVEL | debug |
            """)),
        ("table with a secret column", _d("""
            Name            | Value                                                            | ~~
            Set in
            ----------------|------------------------------------------------------------------|-~~
            -------
            JWT_SECRET      | @@S | Render dashboard
            PORT            | 8080                                                             | ~~
            Dockerfile
            """)),
    ),
    _fam(
        "env grep output secret", _V,
        ("env piped through grep", _d("""
            $ env | grep -i -E 'token|key|secret'
            GITHUB_TOKEN=@@X
            HF_TOKEN=@@V
            SSH_AUTH_SOCK=/tmp/ssh-4kPq2/agent.2231
            """)),
        ("powershell env drive", _d("""
            PS C:\\src\\acme> Get-ChildItem Env: | Where-Object Name -like '*KEY*'

            Name                           Value
            ----                           -----
            ANTHROPIC_API_KEY              @@C
            SSH_KEY_PATH                   C:\\Users\\dev\\.ssh\\id_ed25519
            """)),
        ("printenv of one variable", _d("""
            root@worker-7f9c:/app# printenv OPENAI_API_KEY
            @@O
            root@worker-7f9c:/app#
            """)),
    ),
    _fam(
        "kubectl secret decoded output", _V,
        ("jsonpath and base64 -d", _d("""
            $ kubectl -n payments get secret stripe -o jsonpath='{.data.api-key}' | base64 -d
            @@Y
            """)),
        ("jq base64d map", _d("""
            $ kubectl get secret app-env -o json | jq '.data | map_values(@base64d)'
            {
              "DATABASE_PASSWORD": "@@Q",
              "SESSION_SECRET": "@@S"
            }
            """)),
        ("view-secret plugin", _d("""
            ❯ kubectl view-secret db-creds password
            Viewing only the secret key: password
            @@P
            """)),
    ),
    _fam(
        "docker compose config rendered secret", _V,
        ("compose config yaml", _d("""
            $ docker compose --env-file .env.prod config
            name: shop
            services:
              db:
                environment:
                  POSTGRES_DB: shop
                  POSTGRES_PASSWORD: @@Q
                  POSTGRES_USER: shop
                image: postgres:16.3
            """)),
        ("compose config json", _d("""
            docker compose config --format json | jq '.services.api.environment'
            {
              "OPENAI_API_KEY": "@@O",
              "PORT": "8000"
            }
            """)),
        ("compose config minio service", _d("""
            services:
              minio:
                command:
                  - server
                  - /data
                environment:
                  MINIO_ROOT_PASSWORD: @@U
                  MINIO_ROOT_USER: admin
                image: quay.io/minio/minio:RELEASE.2024-07-04T14-25-45Z
            """)),
    ),
    _fam(
        "proc environ dump secret", _V,
        ("cat environ of a worker", _d("""
            $ sudo cat /proc/$(pgrep -f gunicorn | head -1)/environ | tr '\\0' '\\n' | sort
            DJANGO_SETTINGS_MODULE=shop.settings.prod
            EMAIL_HOST_PASSWORD=@@P
            PATH=/usr/local/bin:/usr/bin:/bin
            """)),
        ("xargs inside a container", _d("""
            / # xargs -0 -L1 -a /proc/1/environ
            HOSTNAME=api-6d8f7c9b5-x2kqp
            SENDGRID_API_KEY=@@E
            NODE_ENV=production
            """)),
        ("strings of environ", _d("""
            # strings /proc/2231/environ | grep -i aws
            AWS_ACCESS_KEY_ID=@@A
            AWS_SECRET_ACCESS_KEY=@@Z
            AWS_DEFAULT_REGION=eu-west-1
            """)),
    ),
    _fam(
        "strace output with credential", _V,
        ("redis auth in sendto", _d("""
            $ strace -f -e trace=sendto -s 256 ./cache-warmer
            [pid 41877] sendto(5, "*2\\r\\n$4\\r\\nAUTH\\r\\n$20\\r\\n@@U\\r\\n", 42, ~~
            MSG_NOSIGNAL, NULL, 0) = 42
            [pid 41877] sendto(5, "*1\\r\\n$4\\r\\nPING\\r\\n", 14, MSG_NOSIGNAL, NULL, 0) = 14
            """)),
        ("token request in write", _d("""
            write(3, "POST /oauth/token HTTP/1.1\\r\\nHost: auth.acme.dev\\r\\nContent-Type: ~~
            application/x-www-form-urlencoded\\r\\n\\r\\ngrant_type=client_credentials&client_id=~~
            reporting&client_secret=@@T", 196) = 196
            """)),
        ("ltrace getenv", _d("""
            $ ltrace -e getenv ./legacy-export 2>&1 | head -4
            legacy-export->getenv("PGHOST") = "db.internal"
            legacy-export->getenv("PGPASSWORD") = "@@P"
            legacy-export->getenv("EXPORT_DIR") = nil
            """)),
    ),
    _fam(
        "packet capture ascii dump auth",
        _with(B=_basic_of("svc-metrics"), P=_human_pw),
        ("tcpdump -A of basic auth", _d("""
            # tcpdump -A -s0 -i lo 'tcp port 8080'
            09:14:22.118204 IP localhost.51422 > localhost.http-alt: Flags [P.], seq 1:142, ack ~~
            1, win 512, length 141
            E...@.@.........GET /metrics HTTP/1.1
            Host: localhost:8080
            Authorization: Basic @@B
            User-Agent: Prometheus/2.53.0
            """)),
        ("ngrep of an api key header", _d("""
            $ sudo ngrep -q -W byline 'X-Api-Key' port 80
            T 10.0.3.7:48812 -> 10.0.3.21:80 [AP] #4
            GET /v1/rates?base=EUR HTTP/1.1.
            Host: rates.internal.
            X-Api-Key: @@K.
            """)),
        ("tshark follow of ftp", _d("""
            $ tshark -r upload.pcap -qz follow,tcp,ascii,0
            ===================================================================
            Follow: tcp,ascii
            220 (vsFTPd 3.0.5)
            USER reports
            331 Please specify the password.
            PASS @@P
            230 Login successful.
            """)),
    ),
    _fam(
        "database server log statement password", _V,
        ("postgres statement log", _d("""
            2024-07-11 09:14:22.118 UTC [88412] admin@orders LOG:  statement: CREATE ROLE ~~
            reporting LOGIN PASSWORD '@@Q';
            2024-07-11 09:14:22.131 UTC [88412] admin@orders LOG:  statement: GRANT ~~
            pg_read_all_data TO reporting;
            """)),
        ("postgres syntax error with statement", _d("""
            2024-07-12 16:02:09.441 CEST [3121] postgres@app ERROR:  syntax error at or near ~~
            "@@P" at character 33
            2024-07-12 16:02:09.441 CEST [3121] postgres@app STATEMENT:  ALTER USER svc_etl WITH ~~
            PASSWORD @@P;
            """)),
        ("mysql general log", _d("""
            2024-07-11T09:14:22.118402Z	  142 Connect	root@10.0.3.7 on  using TCP/IP
            2024-07-11T09:14:22.120114Z	  142 Query	CREATE USER 'etl'@'%' IDENTIFIED BY '@@P'
            """)),
    ),
    _fam(
        "web access log line with key param", _with(W=lambda: _s(43, B64URL)),
        ("nginx combined log", _d("""
            10.0.3.7 - - [11/Jul/2024:09:14:22 +0000] "GET /v1/geocode?q=Porto&apiKey=@@W ~~
            HTTP/1.1" 200 812 "-" "okhttp/4.12.0"
            """)),
        ("alb log with access token", _d("""
            https 2024-07-11T09:14:22.118204Z app/prod-alb/50dc6c495c0c9188 81.2.69.160:51422 ~~
            10.0.3.21:8080 0.001 0.012 0.000 200 200 312 1043 "GET ~~
            https://api.acme.dev:443/export.csv?access_token=@@T HTTP/1.1" "curl/8.5.0"
            """)),
        ("caddy json log", _d("""
            {"level":"info","ts":1720689262.118,"logger":"http.log.access","msg":"handled ~~
            request","request":{"remote_ip":"10.0.3.7","method":"POST","host":"hooks.acme.dev","u~~
            ri":"/deploy?token=@@S"},"status":202}
            """)),
    ),
    _fam(
        "browser request headers pane paste", _V,
        ("chrome headers pane", _d("""
            Request URL: https://api.acme.dev/graphql
            Request Method: POST
            Status Code: 200 OK
            :authority: api.acme.dev
            accept: application/graphql-response+json
            authorization: Bearer @@J
            origin: https://app.acme.dev
            """)),
        ("firefox copy request headers", _d("""
            POST /v1/orders HTTP/2
            Host: api.acme.dev
            User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0
            Accept: application/json
            X-Api-Key: @@K
            Content-Type: application/json
            """)),
        ("headers as a list in a note", _d("""
            Request headers the admin panel sends (copied from devtools):
              content-type: application/json
              x-client-version: 5.12.0
              x-admin-token: @@S
            """)),
    ),
    _fam(
        "pytest assertion diff with token", _V,
        ("dict comparison", _d("""
            E       AssertionError: assert {'Accept': 'application/json', 'Authorization': ~~
            'Bearer @@T'} == {'Accept': 'application/json', 'Authorization': 'Bearer ***'}
            E         Differing items:
            E         {'Authorization': 'Bearer @@T'} != {'Authorization': 'Bearer ***'}
            """)),
        ("jest toEqual diff", _d("""
                expect(received).toEqual(expected) // deep equality

                - Expected  - 1
                + Received  + 1

                  Object {
                -   "apiKey": "<redacted>",
                +   "apiKey": "@@K",
                    "region": "eu",
            """)),
        ("go test failure line", _d("""
            --- FAIL: TestClientSetsAuthHeader (0.00s)
                client_test.go:42: got header "token @@X", want "token <redacted>"
            FAIL
            """)),
    ),
    _fam(
        "config get output revealing password", _with(G=_guid),
        ("redis config get", _d("""
            127.0.0.1:6379> CONFIG GET requirepass
            1) "requirepass"
            2) "@@Q"
            """)),
        ("git config get remote url", _d("""
            $ git config --get remote.origin.url
            https://oauth2:@@R@gitlab.acme.dev/platform/infra.git
            """)),
        ("heroku config get", _d("""
            $ heroku config:get DATABASE_URL -a acme-api
            postgres://u7c2k9:@@U@ec2-52-31-4-201.eu-west-1.compute.amazonaws.com:5432/d4kq1
            """)),
    ),
    _fam(
        "debugger launch config env secret", _V,
        ("vscode launch.json", _d("""
            {
              "version": "0.2.0",
              "configurations": [
                {
                  "name": "API (debug)",
                  "type": "debugpy",
                  "request": "launch",
                  "module": "uvicorn",
                  "args": ["app.main:app", "--reload"],
                  "env": {"OPENAI_API_KEY": "@@O", "LOG_LEVEL": "debug"}
                }
              ]
            }
            """)),
        ("jetbrains run configuration", _d("""
            <component name="ProjectRunConfigurationManager">
              <configuration name="Worker" type="Application" factoryName="Application">
                <envs>
                  <env name="DB_PASSWORD" value="@@Q" />
                  <env name="SPRING_PROFILES_ACTIVE" value="local" />
                </envs>
              </configuration>
            </component>
            """)),
        ("dotnet launchSettings", _d("""
            "profiles": {
              "Acme.Api": {
                "commandName": "Project",
                "environmentVariables": {
                  "ASPNETCORE_ENVIRONMENT": "Development",
                  "Stripe__SecretKey": "@@Y"
                }
              }
            }
            """)),
    ),
    _fam(
        "mock server stub with real token", _V,
        ("wiremock mapping", _d("""
            {
              "request": {
                "method": "GET",
                "urlPath": "/user",
                "headers": {"Authorization": {"equalTo": "Bearer @@X"}}
              },
              "response": {"status": 200, "bodyFileName": "user.json"}
            }
            """)),
        ("msw handler", _d("""
            http.post('https://api.acme.dev/v1/charges', ({ request }) => {
              if (request.headers.get('x-api-key') !== '@@K') {
                return new HttpResponse(null, { status: 401 })
              }
              return HttpResponse.json({ id: 'ch_123', status: 'succeeded' })
            })
            """)),
        ("nock interceptor", _d("""
            nock('https://api.sendgrid.com')
              .matchHeader('authorization', 'Bearer @@E')
              .post('/v3/mail/send')
              .reply(202)
            """)),
    ),
    _fam(
        "openapi example field live key", _V,
        ("header parameter example", _d("""
                  parameters:
                    - name: X-API-Key
                      in: header
                      required: true
                      schema:
                        type: string
                      example: @@K
            """)),
        ("security example in components", _d("""
            components:
              securitySchemes:
                bearerAuth:
                  type: http
                  scheme: bearer
                  description: "Example: `Authorization: Bearer @@Y`"
            """)),
        ("curl example in api docs", _d("""
            ### List invoices

            ```bash
            curl https://api.acme.dev/v1/invoices \\
              -H "Authorization: Bearer @@T"
            ```
            """)),
    ),
    _fam(
        "error tracker event payload secret", _V,
        ("sentry event request headers", _d("""
            "request": {
              "url": "https://api.acme.dev/v1/exports",
              "method": "POST",
              "headers": [
                ["Authorization", "Bearer @@J"],
                ["User-Agent", "acme-cli/3.2.0"]
              ]
            },
            """)),
        ("sentry extra context", _d("""
            "extra": {
              "smtp_host": "smtp.office365.com",
              "smtp_user": "noreply@acme.dev",
              "smtp_password": "@@P",
              "sys.argv": ["manage.py", "send_digest"]
            }
            """)),
        ("rollbar item query string", _d("""
            request:
              url: https://app.acme.dev/api/reports?api_key=@@H&format=csv
              method: GET
              GET: {api_key: '@@H', format: csv}
            """)),
    ),
    _fam(
        "scanner report quoting the finding", _V,
        ("gitleaks json finding", _d("""
            {
              "RuleID": "generic-api-key",
              "Description": "Detected a Generic API Key",
              "StartLine": 12,
              "Match": "api_key = \\"@@K\\"",
              "Secret": "@@K",
              "File": "config/prod.ini",
              "Commit": "a81f3c2e5d6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d"
            }
            """)),
        ("trufflehog verified result", _d("""
            ✅ Found verified result 🐷🔑
            Detector Type: Github
            Decoder Type: PLAIN
            Raw result: @@X
            File: .github/workflows/release.yml
            Line: 31
            """)),
        ("ggshield incident", _d("""
            >>> Incident 1(Secrets detection): Slack Bot Token (Validity: Valid) (Ignore with ~~
            SHA: 3f1c...)
             29 | notifier:
             30 |   channel: "#deploys"
             31 |   token: "@@L"
            """)),
    ),
    _fam(
        "shell heredoc writing env file", _V,
        ("cat heredoc to .env", _d("""
            cat > .env <<'EOF'
            APP_ENV=production
            DATABASE_URL=postgres://app:@@U@db:5432/app
            OPENAI_API_KEY=@@O
            EOF
            """)),
        ("tee to a default file", _d("""
            sudo tee /etc/default/sync-agent >/dev/null <<EOF
            SYNC_ENDPOINT=https://sync.acme.dev
            SYNC_TOKEN=@@T
            EOF
            sudo systemctl restart sync-agent
            """)),
        ("powershell here-string", _d("""
            @"
            ASPNETCORE_ENVIRONMENT=Production
            ConnectionStrings__Default=Server=sql01;Database=Shop;User Id=shop;Password=@@Q;
            "@ | Set-Content -Path .\\.env -Encoding utf8
            """)),
    ),
    _fam(
        "sed substitution inserting secret", _V,
        ("sed replacing a dotenv line", _d("""
            sed -i "s/^SENDGRID_API_KEY=.*/SENDGRID_API_KEY=@@E/" .env
            """)),
        ("sed filling a placeholder", _d("""
            sed -i 's|__SLACK_TOKEN__|@@L|' k8s/notifier-configmap.yaml && kubectl apply -f k8s/
            """)),
        ("yq setting a token", _d("""
            yq -i '.auth.token = "@@T" | .auth.endpoint = "https://auth.acme.dev"' config.yaml
            """)),
        ("perl in-place edit", _d("""
            perl -pi -e 's/CHANGEME_DB_PASSWORD/@@Q/g' ansible/group_vars/prod.yml
            """)),
    ),
    _fam(
        "helm template rendered secret", _with(B=lambda: _std64(_url_pw().encode())),
        ("template grep for the secret", _d("""
            $ helm template shop ./chart -f values-prod.yaml | grep -A7 'kind: Secret'
            kind: Secret
            metadata:
              name: shop-db
            type: Opaque
            stringData:
              password: "@@Q"
            """)),
        ("rendered deployment env", _d("""
            # Source: api/templates/deployment.yaml
                    env:
                      - name: SENTRY_DSN
                        value: "https://@@H@o4507123.ingest.de.sentry.io/4507123456"
                      - name: GITHUB_APP_WEBHOOK_SECRET
                        value: "@@S"
            """)),
        ("rendered secret data base64", _d("""
            # Source: redis/templates/secret.yaml
            apiVersion: v1
            kind: Secret
            metadata:
              name: cache-redis
            data:
              redis-password: "@@B"
            """)),
    ),
    _fam(
        "log query result json secret", _V,
        ("cloudwatch insights row", _d("""
            [
              {"@timestamp": "2024-07-11 09:14:22.118",
               "@message": "INFO calling partner api with key=@@K region=eu"}
            ]
            """)),
        ("logcli output", _d("""
            $ logcli query '{app="billing"} |= "token"' --limit 2
            2024-07-11T09:14:22Z {app="billing"} refreshing upstream session token=@@J
            2024-07-11T09:14:23Z {app="billing"} upstream session ok
            """)),
        ("journalctl json", _d("""
            $ journalctl -u exporter -o json -n1 | jq -r .MESSAGE
            connecting to postgres://exporter:@@U@10.0.4.17:5432/metrics?sslmode=disable
            """)),
    ),
    _fam(
        "agent tool call arguments with token", _with(K=_linear),
        ("tool_use block", _d("""
            {"type": "tool_use", "id": "toolu_01Xq9", "name": "Bash",
             "input": {"command": "export HF_TOKEN=@@V && huggingface-cli upload acme/eval-set ~~
             ./data"}}
            """)),
        ("function call arguments", _d("""
            {"name": "http_request",
             "arguments": "{\\"url\\": \\"https://api.linear.app/graphql\\", \\"headers\\": ~~
             {\\"Authorization\\": \\"@@K\\"}}"}
            """)),
        ("mcp tools/call request", _d("""
            {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
             "params": {"name": "query", "arguments": {"dsn": ~~
             "postgresql://analytics:@@U@warehouse.internal:5432/dw", "sql": "select 1"}}}
            """)),
    ),
    _fam(
        "agent transcript excerpt with pasted key", _V,
        ("user and assistant turns", _d("""
            User: here's the new key, put it in the env: @@C
            Assistant: Added ANTHROPIC_API_KEY to .env.local (which is gitignored) and restarted
            the dev server.
            """)),
        ("quoted user message", _d("""
            > user: the staging db password is @@P, try the migration again
            Ran `alembic upgrade head` against staging: 3 migrations applied.
            """)),
        ("note summarising the session", _d("""
            From the session: the user pasted `export STRIPE_API_KEY=@@Y` and asked me to run the
            refund backfill. I ran it with --dry-run first; 14 refunds would be created.
            """)),
    ),
    _fam(
        "code review comment quoting a secret line", _with(K=_mailgun),
        ("review comment with a quote", _d("""
            > const mg = mailgun.client({ username: 'api', key: '@@K' });

            This is a live key, please read it from `process.env.MAILGUN_API_KEY` and rotate it.
            """)),
        ("suggestion block", _d("""
            ```suggestion
            GOOGLE_MAPS_KEY = os.environ["GOOGLE_MAPS_KEY"]
            ```
            (was `GOOGLE_MAPS_KEY = "@@I"`; that key is unrestricted)
            """)),
        ("gerrit inline comment", _d("""
            Patch Set 3:

            (1 comment)

            File deploy/publish.sh:
            Line 14: export NPM_TOKEN=@@M
            > Please do not commit this; use the CI secret instead.
            """)),
    ),
]


# ---- weight two: config and credential files of tools, frameworks and daemons ----

def _sstr(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def _openssh_ed25519(comment: str) -> str:
    """An unencrypted OpenSSH ed25519 private key with the real container layout."""
    pub, seed, check = _bytes(32), _bytes(32), _bytes(4)
    kind = b"ssh-ed25519"
    block = check + check + _sstr(kind) + _sstr(pub) + _sstr(seed + pub) + _sstr(comment.encode())
    block += bytes(range(1, (8 - len(block) % 8) % 8 + 1))
    blob = (b"openssh-key-v1\0" + _sstr(b"none") + _sstr(b"none") + _sstr(b"")
            + (1).to_bytes(4, "big") + _sstr(_sstr(kind) + _sstr(pub)) + _sstr(block))
    return _pem("OPENSSH PRIVATE KEY", blob, 70)


def _brave() -> str:
    return "BSA" + _s(28)


def _sentry_org() -> str:
    payload = json.dumps({"iat": 1722000000.118, "url": "https://sentry.io",
                          "region_url": "https://de.sentry.io", "org": "acme"},
                         separators=(",", ":"))
    return "sntry" "s_" + _std64(payload.encode()).rstrip("=") + "_" + _s(43, B64URL)


def _openrouter() -> str:
    return "sk-" "or-v1-" + _hex(64)


def _deepseek() -> str:
    return "sk-" + _hex(32)


def _nx_token() -> str:
    return _std64(f"{_guid()}|read-write".encode())


def _k3s_token() -> str:
    return "K10" + _hex(64) + "::server:" + _hex(32)


def _ceph_key() -> str:
    return _std64(b"\x01\x00" + _bytes(8) + b"\x10\x00" + _bytes(16))


def _tauri_key() -> str:
    blob = b"Ed" + b"Sc" + b"B2" + _bytes(32) + _bytes(8) + _bytes(8) + _bytes(104)
    text = f"untrusted comment: rsign encrypted secret key\n{_std64(blob)}\n"
    return _std64(text.encode())


def _winscp(user: str, host: str, password: str) -> str:
    """WinSCP's stored-session obfuscation of ``password`` keyed by user and host."""

    def enc(ch: int) -> str:
        return f"{~(ch ^ 0xA3) & 0xFF:02X}"

    plain = (user + host + password).encode()
    shift = _RNG.randrange(max(1, 50 - len(plain)))
    out = enc(0xFF) + enc(0) + enc(len(plain)) + enc(shift)
    out += "".join(enc(_RNG.randrange(256)) for _ in range(shift))
    out += "".join(enc(ch) for ch in plain)
    while len(out) < 100:
        out += enc(_RNG.randrange(256))
    return out


def _google_refresh() -> str:
    return "1//0" + _s(1, "3456789cdefg") + _s(98, B64URL)


def _ya29() -> str:
    return "ya29." + _s(_RNG.randint(150, 200), B64URL)


def _anaconda() -> str:
    return _s(2, LOWER) + "-" + _guid()


def _ss_uri() -> str:
    method = _RNG.choice(("chacha20-ietf-poly1305", "aes-256-gcm"))
    userinfo = _url64(f"{method}:{_url_pw(22)}".encode())
    return f"ss://{userinfo}@203.0.113.{_RNG.randint(2, 250)}:8388#hk-01"


def _vmess() -> str:
    doc = {"v": "2", "ps": "sg-02", "add": "sg2.acme-relay.net", "port": "443", "id": _guid(),
           "aid": "0", "net": "ws", "type": "none", "host": "sg2.acme-relay.net",
           "path": "/ray", "tls": "tls"}
    return "vmess://" + _std64(json.dumps(doc).encode())


_FORMATS: list[Family] = [
    _fam(
        "mcp client config env secret",
        _with(K=_brave, T=_sentry_org, N=_linear),
        ("claude desktop config", _d("""
            {
              "mcpServers": {
                "github": {
                  "command": "npx",
                  "args": ["-y", "@modelcontextprotocol/server-github"],
                  "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "@@X"}
                }
              }
            }
            """)),
        ("cursor mcp.json with a dsn argument", _d("""
            {
              "mcpServers": {
                "postgres": {
                  "command": "npx",
                  "args": ["-y", "@modelcontextprotocol/server-postgres",
                           "postgresql://app:@@U@localhost:5432/app"]
                }
              }
            }
            """)),
        ("codex config.toml", _d("""
            [mcp_servers.brave-search]
            command = "npx"
            args = ["-y", "@modelcontextprotocol/server-brave-search"]
            env = { "BRAVE_API_KEY" = "@@K" }
            """)),
        ("claude mcp add command", _d("""
            $ claude mcp add sentry -e SENTRY_AUTH_TOKEN=@@T -- npx -y @sentry/mcp-server
            Added stdio MCP server sentry with command: npx -y @sentry/mcp-server to local config
            """)),
        ("vscode mcp.json with headers", _d("""
            {
              "servers": {
                "linear": {
                  "type": "http",
                  "url": "https://mcp.linear.app/mcp",
                  "headers": {"Authorization": "Bearer @@N"}
                }
              }
            }
            """)),
    ),
    _fam(
        "continue dev config api key", _with(K=lambda: _s(32), T=_openrouter),
        ("config.yaml model block", _d("""
            name: Local Assistant
            version: 1.0.0
            schema: v1
            models:
              - name: Claude 3.5 Sonnet
                provider: anthropic
                model: claude-3-5-sonnet-latest
                apiKey: @@C
                roles:
                  - chat
                  - edit
            """)),
        ("legacy config.json", _d("""
            {
              "models": [
                {"title": "GPT-4o", "provider": "openai", "model": "gpt-4o", "apiKey": "@@O"}
              ],
              "tabAutocompleteModel": {
                "title": "Codestral", "provider": "mistral", "model": "codestral-latest",
                "apiKey": "@@K"
              }
            }
            """)),
        ("openrouter model entry", _d("""
            models:
              - name: DeepSeek V3 (OpenRouter)
                provider: openrouter
                model: deepseek/deepseek-chat
                apiBase: https://openrouter.ai/api/v1
                apiKey: "@@T"
            """)),
    ),
    _fam(
        "aider conf api key", _with(T=_openrouter, K=_deepseek),
        ("aider.conf.yml", _d("""
            # .aider.conf.yml
            model: sonnet
            anthropic-api-key: @@C
            auto-commits: false
            dark-mode: true
            """)),
        ("aider command line", _d("""
            aider --model openrouter/anthropic/claude-3.5-sonnet --api-key openrouter=@@T src/app.py
            """)),
        ("aider.conf.yml api-key list", _d("""
            api-key:
              - gemini=@@I
              - deepseek=@@K
            edit-format: diff
            """)),
    ),
    _fam(
        "renovate host rules token", _with(M=_npm),
        ("self-hosted config.js", _d("""
            module.exports = {
              platform: 'gitlab',
              endpoint: 'https://gitlab.acme.dev/api/v4/',
              token: '@@R',
              hostRules: [
                { hostType: 'npm', matchHost: 'npm.acme.dev', token: '@@M' },
              ],
            };
            """)),
        ("renovate.json host rule password", _d("""
            {
              "extends": ["config:recommended"],
              "hostRules": [
                {"matchHost": "registry.acme.dev", "username": "renovate", "password": "@@Q"}
              ]
            }
            """)),
        ("docker run of renovate", _d("""
            docker run --rm -e LOG_LEVEL=debug \\
              -e RENOVATE_TOKEN=@@X \\
              -e RENOVATE_REPOSITORIES=acme/web,acme/api \\
              renovate/renovate:37
            """)),
    ),
    _fam(
        "dependabot registries literal password", _with(M=_npm),
        ("maven registry with password", _d("""
            version: 2
            registries:
              nexus-maven:
                type: maven-repository
                url: https://nexus.acme.dev/repository/maven-public
                username: dependabot
                password: @@Q
            updates:
              - package-ecosystem: maven
                directory: "/"
                registries: [nexus-maven]
                schedule: {interval: weekly}
            """)),
        ("npm registry with token", _d("""
            registries:
              npm-acme:
                type: npm-registry
                url: https://npm.acme.dev
                token: @@M
                replaces-base: true
            """)),
        ("docker registry credentials", _d("""
              ghcr:
                type: docker-registry
                url: ghcr.io
                username: acme-bot
                password: @@X
            """)),
    ),
    _fam(
        "nx cloud access token", _with(N=_nx_token),
        ("nx.json", _d("""
            {
              "$schema": "./node_modules/nx/schemas/nx-schema.json",
              "nxCloudAccessToken": "@@N",
              "defaultBase": "main",
              "namedInputs": {"default": ["{projectRoot}/**/*"]}
            }
            """)),
        ("workflow env", _d("""
            env:
              NX_CLOUD_ACCESS_TOKEN: @@N
              NX_BRANCH: ${{ github.event.number }}
            """)),
        ("nx-cloud.env", _d("""
            # nx-cloud.env
            NX_CLOUD_ACCESS_TOKEN=@@N
            NX_CLOUD_DISTRIBUTED_EXECUTION=true
            """)),
    ),
    _fam(
        "develocity access key", _with(K=lambda: _s(52, BASE32_LOWER)),
        ("keys.properties", _d("""
            $ cat ~/.gradle/develocity/keys.properties
            ge.acme.dev=@@K
            """)),
        ("ci environment variable", _d("""
                env:
                  DEVELOCITY_ACCESS_KEY: ge.acme.dev=@@K
                  GRADLE_OPTS: -Dorg.gradle.daemon=false
            """)),
        ("jenkinsfile environment block", _d("""
            environment {
                GRADLE_ENTERPRISE_ACCESS_KEY = 'ge.acme.dev=@@K'
                JAVA_HOME = tool 'jdk17'
            }
            """)),
    ),
    _fam(
        "argocd repository credentials",
        _with(K=lambda: _ind(_openssh_ed25519("argocd@acme"), 4)),
        ("repository secret with password", _d("""
            apiVersion: v1
            kind: Secret
            metadata:
              name: deploy-repo
              namespace: argocd
              labels:
                argocd.argoproj.io/secret-type: repository
            stringData:
              type: git
              url: https://github.com/acme/deploy.git
              username: acme-bot
              password: @@X
            """)),
        ("argocd repo add", _d("""
            $ argocd repo add https://gitlab.acme.dev/platform/charts.git --username argocd ~~
            --password @@R
            Repository 'https://gitlab.acme.dev/platform/charts.git' added
            """)),
        ("repo-creds with ssh key", _d("""
            apiVersion: v1
            kind: Secret
            metadata:
              name: acme-ssh-creds
              labels:
                argocd.argoproj.io/secret-type: repo-creds
            stringData:
              url: git@github.com:acme
              sshPrivateKey: |
            @@K
            """)),
    ),
    _fam(
        "terragrunt inputs secret",
        _with(T=lambda: "003" + _hex(22), W=lambda: "K003" + _s(27, ALNUM + "+/")),
        ("terragrunt.hcl inputs", _d("""
            include "root" {
              path = find_in_parent_folders()
            }

            inputs = {
              db_username = "orders"
              db_password = "@@Q"
              instance    = "db.t4g.medium"
            }
            """)),
        ("env.hcl locals", _d("""
            locals {
              environment     = "prod"
              datadog_api_key = "@@H"
              datadog_app_key = "@@F"
            }
            """)),
        ("remote state with s3-compatible keys", _d("""
            remote_state {
              backend = "s3"
              config = {
                bucket                      = "acme-tfstate"
                endpoint                    = "https://s3.eu-central-003.backblazeb2.com"
                access_key                  = "@@T"
                secret_key                  = "@@W"
                skip_credentials_validation = true
              }
            }
            """)),
    ),
    _fam(
        "bicep parameters secret", _V,
        ("bicepparam file", _d("""
            using './main.bicep'

            param location = 'westeurope'
            param adminUsername = 'azureuser'
            param adminPassword = '@@P'
            """)),
        ("arm parameters json", _d("""
            {
              "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParame~~
              ters.json#",
              "contentVersion": "1.0.0.0",
              "parameters": {
                "sqlAdministratorLogin": {"value": "sqladmin"},
                "sqlAdministratorLoginPassword": {"value": "@@Q"}
              }
            }
            """)),
        ("az deployment with inline parameter", _d("""
            az deployment group create -g rg-shop-prod -f infra/main.bicep \\
              -p environment=prod sqlAdminPassword='@@Q'
            """)),
    ),
    _fam(
        "quarkus properties secret", _V,
        ("application.properties", _d("""
            quarkus.datasource.db-kind=postgresql
            quarkus.datasource.username=orders
            %prod.quarkus.datasource.password=@@Q
            quarkus.oidc.auth-server-url=https://sso.acme.dev/realms/acme
            quarkus.oidc.client-id=orders-api
            quarkus.oidc.credentials.secret=@@K
            """)),
        ("application.yaml", _d("""
            quarkus:
              mailer:
                host: smtp.acme.dev
                username: noreply@acme.dev
                password: "@@P"
            """)),
        ("java -D on the command line", _d("""
            java -Dquarkus.datasource.password=@@Q -Dquarkus.http.port=8081 -jar ~~
            target/quarkus-app/quarkus-run.jar
            """)),
    ),
    _fam(
        "micronaut config secret", _V,
        ("jwt generator secret", _d("""
            micronaut:
              application:
                name: catalog
              security:
                authentication: bearer
                token:
                  jwt:
                    signatures:
                      secret:
                        generator:
                          secret: '@@N'
            """)),
        ("environment variable form", _d("""
            MICRONAUT_SECURITY_TOKEN_JWT_SIGNATURES_SECRET_GENERATOR_SECRET=@@N
            MICRONAUT_ENVIRONMENTS=prod
            """)),
        ("datasource block", _d("""
            datasources:
              default:
                url: jdbc:mysql://catalog-db:3306/catalog
                username: catalog
                password: '@@P'
                dialect: MYSQL
            """)),
    ),
    _fam(
        "play framework secret key", _with(N=lambda: _s(64, ALNUM + "_=[]<>;:?/`")),
        ("application.conf", _d("""
            play.http.secret.key = "@@N"
            play.i18n.langs = [ "en", "de" ]
            db.default.driver = org.postgresql.Driver
            """)),
        ("sbt playGenerateSecret output", _d("""
            [shop] $ playGenerateSecret
            [info] Generated new secret: @@N
            [success] Total time: 0 s, completed Jul 11, 2024, 9:14:22 AM
            """)),
        ("docker cmd with -D", _d("""
            CMD ["bin/shop", "-Dplay.http.secret.key=@@N", "-Dhttp.port=9000"]
            """)),
    ),
    _fam(
        "rocket toml secret key", _V,
        ("Rocket.toml release profile", _d("""
            [default]
            address = "0.0.0.0"
            port = 8000

            [release]
            secret_key = "@@B"
            """)),
        ("ROCKET_SECRET_KEY in a unit", _d("""
            [Service]
            Environment=ROCKET_PROFILE=release
            Environment=ROCKET_SECRET_KEY=@@B
            ExecStart=/opt/shortener/bin/shortener
            """)),
        ("database url in Rocket.toml", _d("""
            [default.databases.pg]
            url = "postgres://shortener:@@U@localhost/shortener"
            pool_size = 10
            """)),
    ),
    _fam(
        "drupal hash salt", _with(W=lambda: _url64(55)),
        ("settings.php", _d("""
            $settings['hash_salt'] = '@@W';
            $settings['update_free_access'] = FALSE;
            $settings['file_private_path'] = '../private';
            """)),
        ("settings.local.php database", _d("""
            $databases['default']['default'] = [
              'database' => 'drupal',
              'username' => 'drupal',
              'password' => '@@P',
              'host' => 'db',
              'driver' => 'mysql',
            ];
            """)),
        ("drush printing the salt", _d("""
            $ drush php:eval 'echo \\Drupal\\Core\\Site\\Settings::getHashSalt();'
            @@W
            """)),
    ),
    _fam(
        "magento env php crypt key", _with(B=lambda: "base64" + _std64(32)),
        ("env.php crypt and db", _d("""
            return [
                'crypt' => [
                    'key' => '@@H'
                ],
                'db' => [
                    'connection' => [
                        'default' => [
                            'host' => 'mysql',
                            'dbname' => 'magento',
                            'username' => 'magento',
                            'password' => '@@Q',
            """)),
        ("setup:install command", _d("""
            bin/magento setup:install --base-url=https://shop.acme.dev/ --db-host=mysql \\
              --db-name=magento --db-user=magento --db-password='@@Q' \\
              --key=@@H --admin-user=admin --admin-password='@@P'
            """)),
        ("newer base64 key", _d("""
                'crypt' => [
                    'key' => '@@B'
                ],
            """)),
    ),
    _fam(
        "jhipster jwt base64 secret", _with(N=lambda: _std64(64)),
        ("application-prod.yml", _d("""
            jhipster:
              security:
                authentication:
                  jwt:
                    base64-secret: @@N
                    token-validity-in-seconds: 86400
            """)),
        (".yo-rc.json", _d("""
            {
              "generator-jhipster": {
                "applicationType": "monolith",
                "baseName": "store",
                "jwtSecretKey": "@@N",
                "packageName": "com.acme.store"
              }
            }
            """)),
        ("compose environment", _d("""
                environment:
                  - SPRING_PROFILES_ACTIVE=prod,api-docs
                  - JHIPSTER_SECURITY_AUTHENTICATION_JWT_BASE64_SECRET=@@N
            """)),
    ),
    _fam(
        "mastodon env production secrets",
        _with(S=lambda: _hex(128), F=lambda: _hex(128), W=lambda: _url64(32) + "=",
              K=lambda: _s(32), N=lambda: _s(32), T=lambda: _s(32),
              D=lambda: _url64(b"\x04" + _bytes(64)) + "="),
        (".env.production", _d("""
            LOCAL_DOMAIN=social.acme.dev
            SECRET_KEY_BASE=@@S
            OTP_SECRET=@@F
            VAPID_PRIVATE_KEY=@@W
            DB_HOST=db
            """)),
        ("db encryption init output", _d("""
            $ RAILS_ENV=production bin/rails db:encryption:init
            Add these environment variables to your Mastodon environment:

            ACTIVE_RECORD_ENCRYPTION_DETERMINISTIC_KEY=@@K
            ACTIVE_RECORD_ENCRYPTION_KEY_DERIVATION_SALT=@@N
            ACTIVE_RECORD_ENCRYPTION_PRIMARY_KEY=@@T
            """)),
        ("vapid key generation output", _d("""
            $ RAILS_ENV=production bundle exec rake mastodon:webpush:generate_vapid_key
            VAPID_PRIVATE_KEY=@@W
            VAPID_PUBLIC_KEY=@@D
            """)),
    ),
    _fam(
        "nextcloud config php secrets",
        _with(K=lambda: _s(30, ALNUM + "+/"), N=lambda: _s(48, ALNUM + "+/")),
        ("config.php", _d("""
            $CONFIG = array (
              'instanceid' => 'ocx8k2p1q9zt',
              'passwordsalt' => '@@K',
              'secret' => '@@N',
              'trusted_domains' => array (0 => 'cloud.acme.dev'),
              'dbtype' => 'pgsql',
              'dbpassword' => '@@Q',
            """)),
        ("occ config get", _d("""
            $ sudo -u www-data php occ config:system:get secret
            @@N
            """)),
        ("occ config list private", _d("""
            $ docker exec -u www-data nextcloud php occ config:list system --private | jq ~~
            .system.dbpassword
            "@@Q"
            """)),
    ),
    _fam(
        "vaultwarden admin token", _with(B=lambda: _std64(48)),
        ("docker run", _d("""
            docker run -d --name vaultwarden -e ADMIN_TOKEN=@@B \\
              -e DOMAIN=https://vault.acme.dev -v /srv/vw:/data -p 127.0.0.1:8080:80 \\
              vaultwarden/server:1.31.0
            """)),
        ("config.json", _d("""
            {
              "domain": "https://vault.acme.dev",
              "signups_allowed": false,
              "admin_token": "@@B"
            }
            """)),
        ("compose environment", _d("""
                environment:
                  SIGNUPS_ALLOWED: "false"
                  ADMIN_TOKEN: "@@B"
                  SMTP_PASSWORD: "@@P"
            """)),
    ),
    _fam(
        "conan remote password", _V,
        ("conan 2 remote login", _d("""
            $ conan remote login artifactory ci-bot -p @@Q
            Changed user of remote 'artifactory' from 'None' (anonymous) to 'ci-bot' (authenticated)
            """)),
        ("ci variables for conan", _d("""
            variables:
              CONAN_LOGIN_USERNAME_ARTIFACTORY: ci-bot
              CONAN_PASSWORD_ARTIFACTORY: "@@Q"
            """)),
        ("conan 1 user command", _d("""
            conan user -p @@P -r acme-conan jdoe
            conan upload "zlib/1.3.1@acme/stable" -r acme-conan --all
            """)),
    ),
    _fam(
        "hackage upload credentials", _V,
        ("cabal config", _d("""
            repository hackage.haskell.org
              url: http://hackage.haskell.org/

            username: acme
            password: @@P
            """)),
        ("cabal upload with token", _d("""
            cabal upload --publish --token=@@S dist-newstyle/sdist/acme-json-1.2.0.tar.gz
            """)),
        ("stack upload with HACKAGE_KEY", _d("""
            - name: Upload to Hackage
              run: stack upload .
              env:
                HACKAGE_KEY: @@S
            """)),
    ),
    _fam(
        "cocoapods trunk token", _V,
        ("netrc entry", _d("""
            machine trunk.cocoapods.org
              login ios@acme.dev
              password @@H
            """)),
        ("workflow env literal", _d("""
                - name: Publish pod
                  run: pod trunk push AcmeKit.podspec --allow-warnings
                  env:
                    COCOAPODS_TRUNK_TOKEN: @@H
            """)),
        ("fastfile env assignment", _d("""
            lane :publish_pod do
              ENV["COCOAPODS_TRUNK_TOKEN"] = "@@H"
              pod_push(path: "AcmeKit.podspec")
            end
            """)),
    ),
    _fam(
        "juliahub auth toml",
        _with(J=lambda: _jwt({"alg": "RS256", "typ": "JWT"},
                             {"sub": "dev@acme.dev", "iss": "https://juliahub.com",
                              "exp": 1722081242}, 256)),
        ("auth.toml", _d("""
            expires_at = 1722081242
            id_token = "@@J"
            access_token = "@@S"
            refresh_token = "@@F"
            expires_in = 86399
            user_email = "dev@acme.dev"
            refresh_url = "https://juliahub.com/auth/renew/token.toml/v2/"
            """)),
        ("ci writing the auth file", _d("""
            mkdir -p ~/.julia/servers/juliahub.com
            printf 'access_token = "%s"\\nexpires_at = 1722081242\\n' "@@S" > ~~
            ~/.julia/servers/juliahub.com/auth.toml
            """)),
        ("auth.toml quoted in a note", _d("""
            The package server 401s. ~/.julia/servers/juliahub.com/auth.toml has
              refresh_token = "@@F"
              expires_at = 1719400000
            so the refresh should have run; JULIA_PKG_SERVER=https://juliahub.com is set.
            """)),
    ),
    _fam(
        "anaconda channel token", _with(T=_anaconda),
        (".condarc channel url", _d("""
            channels:
              - https://conda.anaconda.org/t/@@T/acme
              - conda-forge
            channel_priority: strict
            """)),
        ("anaconda upload", _d("""
            anaconda -t @@T upload --user acme --label main ~~
            dist/conda/linux-64/acme-tools-2.3.0-py312_0.conda
            """)),
        ("environment.yml", _d("""
            name: acme-ml
            channels:
              - https://conda.anaconda.org/t/@@T/acme-private
              - conda-forge
            dependencies:
              - python=3.12
            """)),
    ),
    _fam(
        "openstack application credential secret", _with(W=lambda: _s(86, B64URL)),
        ("clouds.yaml", _d("""
            clouds:
              ovh-gra:
                auth_type: v3applicationcredential
                auth:
                  auth_url: https://auth.cloud.ovh.net/v3
                  application_credential_id: @@H
                  application_credential_secret: @@W
                region_name: GRA11
            """)),
        ("openrc exports", _d("""
            export OS_AUTH_TYPE=v3applicationcredential
            export OS_AUTH_URL=https://keystone.acme.cloud:5000/v3
            export OS_APPLICATION_CREDENTIAL_ID=@@H
            export OS_APPLICATION_CREDENTIAL_SECRET=@@W
            """)),
        ("create command table", _d("""
            $ openstack application credential create terraform-ci
            +--------------+---------------------------------------------------------------------~~
            -------------------+
            | Field        | Value                                                                ~~
                              |
            +--------------+---------------------------------------------------------------------~~
            -------------------+
            | id           | @@H |
            | name         | terraform-ci                                                         ~~
                              |
            | secret       | @@W |
            +--------------+---------------------------------------------------------------------~~
            -------------------+
            """)),
    ),
    _fam(
        "dbeaver decrypted credentials", _V,
        ("openssl decrypt and output", _d("""
            $ openssl aes-128-cbc -d -K babb4a9f774ab853c96c2d653dfe544a -iv ~~
            00000000000000000000000000000000 \\
                -in ~/.local/share/DBeaverData/workspace6/General/.dbeaver/credentials-config.jso~~
                n | dd bs=1 skip=16 2>/dev/null
            {"postgres-jdbc-18f2c1a9e4b-5d1c":{"#connection":{"user":"analytics","password":"@@P"}}}
            """)),
        ("recovered creds in a note", _d("""
            Recovered the analytics connection from DBeaver so we can move it to the vault:
            {"mysql8-18e0b7c2d41-77aa": {"#connection": {"user": "report_ro", "password": "@@Q"}}}
            """)),
        ("python decrypt snippet output", _d("""
            >>> print(decrypt(open(path, "rb").read()))
            {"oracle_thin-190a3b7f2c1-3b9e":{"#connection":{"user":"FIN_APP","password":"@@U"}}}
            """)),
    ),
    _fam(
        "patroni config passwords", _V,
        ("patroni.yml authentication", _d("""
            restapi:
              listen: 0.0.0.0:8008
              authentication:
                username: patroni
                password: @@U
            postgresql:
              authentication:
                superuser:
                  username: postgres
                  password: @@Q
                replication:
                  username: replicator
                  password: @@P
            """)),
        ("patroni environment", _d("""
            PATRONI_SCOPE=pg-orders
            PATRONI_SUPERUSER_USERNAME=postgres
            PATRONI_SUPERUSER_PASSWORD=@@Q
            PATRONI_REPLICATION_PASSWORD=@@U
            """)),
        ("spilo env in a statefulset", _d("""
                    - name: PGPASSWORD_SUPERUSER
                      value: "@@Q"
                    - name: PGPASSWORD_STANDBY
                      value: "@@U"
            """)),
    ),
    _fam(
        "pgbackrest repository secrets",
        _with(B=lambda: _std64(48), N=lambda: _std64(64)),
        ("pgbackrest.conf with s3", _d("""
            [global]
            repo1-type=s3
            repo1-s3-bucket=acme-pgbackrest
            repo1-s3-endpoint=s3.eu-west-1.amazonaws.com
            repo1-s3-key=@@A
            repo1-s3-key-secret=@@Z
            repo1-cipher-type=aes-256-cbc
            repo1-cipher-pass=@@B
            """)),
        ("cipher pass as env", _d("""
            export PGBACKREST_REPO1_CIPHER_PASS='@@B'
            pgbackrest --stanza=main --type=full backup
            """)),
        ("azure repository key", _d("""
            [global]
            repo2-type=azure
            repo2-azure-account=acmebackups
            repo2-azure-container=pgbackrest
            repo2-azure-key=@@N
            """)),
    ),
    _fam(
        "ceph keyring", _with(B=_ceph_key),
        ("admin keyring file", _d("""
            [client.admin]
            \tkey = @@B
            \tcaps mds = "allow *"
            \tcaps mgr = "allow *"
            \tcaps mon = "allow *"
            \tcaps osd = "allow *"
            """)),
        ("ceph auth get output", _d("""
            # ceph auth get client.rbd-k8s
            [client.rbd-k8s]
            \tkey = @@B
            \tcaps mon = "profile rbd"
            \tcaps osd = "profile rbd pool=kube"
            """)),
        ("kernel mount with secret", _d("""
            mount -t ceph 10.0.5.11:6789,10.0.5.12:6789:/ /mnt/cephfs -o name=admin,secret=@@B
            """)),
    ),
    _fam(
        "dns tsig key", _with(B=lambda: _std64(32), N=lambda: _std64(64)),
        ("named.conf key block", _d("""
            key "ddns-update" {
                algorithm hmac-sha256;
                secret "@@B";
            };
            zone "acme.dev" { type primary; file "/var/named/acme.dev.zone"; allow-update { key ~~
            "ddns-update"; }; };
            """)),
        ("tsig-keygen output", _d("""
            $ tsig-keygen -a hmac-sha512 external-dns
            key "external-dns" {
            \talgorithm hmac-sha512;
            \tsecret "@@N";
            };
            """)),
        ("external-dns rfc2136 args", _d("""
                    args:
                      - --provider=rfc2136
                      - --rfc2136-host=10.0.0.53
                      - --rfc2136-tsig-keyname=external-dns
                      - --rfc2136-tsig-secret=@@B
                      - --rfc2136-tsig-secret-alg=hmac-sha256
            """)),
        ("nsupdate -y", _d("""
            nsupdate -y hmac-sha256:ddns-update:@@B <<'EOF'
            server ns1.acme.dev
            update add home.acme.dev 300 A 198.51.100.23
            send
            EOF
            """)),
    ),
    _fam(
        "shadowsocks password", _with(T=_ss_uri, B=lambda: _std64(16)),
        ("ss share link", _d("""
            @@T
            """)),
        ("server config.json", _d("""
            {
              "server": "0.0.0.0",
              "server_port": 8388,
              "password": "@@U",
              "method": "chacha20-ietf-poly1305",
              "timeout": 300
            }
            """)),
        ("clash proxy entry", _d("""
            proxies:
              - name: hk-01
                type: ss
                server: hk1.acme-relay.net
                port: 8388
                cipher: 2022-blake3-aes-128-gcm
                password: "@@B"
            """)),
    ),
    _fam(
        "vless or vmess user id", _with(T=_vmess, W=lambda: _url64(32), H=lambda: _hex(16)),
        ("vless share link", _d("""
            vless://@@G@sg1.acme-relay.net:443?encryption=none&flow=xtls-rprx-vision&security=rea~~
            lity&sni=www.microsoft.com&fp=chrome&pbk=@@W&sid=@@H&type=tcp#sg-01
            """)),
        ("xray inbound clients", _d("""
            "inbounds": [{
              "port": 443,
              "protocol": "vless",
              "settings": {
                "clients": [{"id": "@@G", "flow": "xtls-rprx-vision", "email": "phone@acme"}],
                "decryption": "none"
              }
            """)),
        ("vmess link", _d("""
            @@T
            """)),
    ),
    _fam(
        "consul gossip encryption key", _V,
        ("consul.hcl", _d("""
            datacenter = "fra1"
            data_dir   = "/opt/consul"
            encrypt    = "@@B"
            retry_join = ["10.0.1.10", "10.0.1.11", "10.0.1.12"]
            """)),
        ("keygen then config", _d("""
            $ consul keygen
            @@B
            $ echo 'encrypt = "@@B"' | sudo tee -a /etc/consul.d/consul.hcl
            """)),
        ("nomad server stanza", _d("""
            server {
              enabled          = true
              bootstrap_expect = 3
              encrypt          = "@@B"
            }
            """)),
    ),
    _fam(
        "k3s cluster token", _with(T=_k3s_token),
        ("node-token file", _d("""
            $ sudo cat /var/lib/rancher/k3s/server/node-token
            @@T
            """)),
        ("agent install one-liner", _d("""
            curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.10:6443 K3S_TOKEN=@@T sh -
            """)),
        ("config.yaml", _d("""
            # /etc/rancher/k3s/config.yaml
            server: https://10.0.0.10:6443
            token: "@@T"
            node-label:
              - "pool=gpu"
            """)),
    ),
    _fam(
        "acme external account binding hmac",
        _with(K=lambda: _s(22, B64URL), W=lambda: _url64(64)),
        ("certbot register", _d("""
            certbot register --server https://acme.zerossl.com/v2/DV90 \\
              --eab-kid @@K --eab-hmac-key @@W -m ops@acme.dev --agree-tos
            """)),
        ("cert-manager eab secret", _d("""
            apiVersion: v1
            kind: Secret
            metadata:
              name: zerossl-eab
              namespace: cert-manager
            stringData:
              secret: @@W
            """)),
        ("acme.sh register", _d("""
            acme.sh --register-account --server google --eab-kid @@K --eab-hmac-key @@W
            """)),
        ("caddy acme_eab", _d("""
            {
              acme_ca https://acme.zerossl.com/v2/DV90
              acme_eab {
                key_id  @@K
                mac_key @@W
              }
            }
            """)),
    ),
    _fam(
        "godot script encryption key", _V,
        ("export_presets.cfg", _d("""
            [preset.0.options]

            custom_template/debug=""
            custom_template/release=""
            script_encryption_key="@@S"
            binary_format/embed_pck=true
            """)),
        ("scons build with the key", _d("""
            export SCRIPT_AES256_ENCRYPTION_KEY=@@S
            scons platform=windows target=template_release arch=x86_64
            """)),
        ("ci env for export templates", _d("""
                env:
                  GODOT_VERSION: 4.2.2
                  SCRIPT_AES256_ENCRYPTION_KEY: "@@S"
            """)),
    ),
    _fam(
        "tauri updater signing key", _with(B=_tauri_key),
        ("env exports", _d("""
            export TAURI_SIGNING_PRIVATE_KEY="@@B"
            export TAURI_SIGNING_PRIVATE_KEY_PASSWORD="@@P"
            npm run tauri build
            """)),
        ("cat of the key file", _d("""
            $ cat ~/.tauri/acme-desktop.key
            @@B
            """)),
        ("workflow env", _d("""
                  - uses: tauri-apps/tauri-action@v0
                    env:
                      TAURI_SIGNING_PRIVATE_KEY: @@B
                      TAURI_SIGNING_PRIVATE_KEY_PASSWORD: ""
            """)),
    ),
    _fam(
        "filezilla saved password", _with(B=lambda: _std64(_human_pw().encode())),
        ("sitemanager.xml", _d("""
            <Server>
                <Host>ftp.acme-hosting.net</Host>
                <Port>21</Port>
                <Protocol>0</Protocol>
                <Type>0</Type>
                <User>acme_web</User>
                <Pass encoding="base64">@@B</Pass>
                <Logontype>1</Logontype>
                <Name>acme prod</Name>
            </Server>
            """)),
        ("recentservers.xml", _d("""
            <RecentServers>
                <Server>
                    <Host>sftp.partner.example</Host>
                    <Port>22</Port>
                    <Protocol>1</Protocol>
                    <User>acme-upload</User>
                    <Pass encoding="base64">@@B</Pass>
                </Server>
            </RecentServers>
            """)),
        ("grep of the site manager", _d("""
            $ grep -A1 '<User>' ~/.config/filezilla/sitemanager.xml
                    <User>deploy</User>
                    <Pass encoding="base64">@@B</Pass>
            """)),
    ),
    _fam(
        "winscp stored session password",
        _with(T=lambda: _winscp("deploy", "web01.acme.dev", _human_pw()),
              K=lambda: _winscp("backup", "files.acme.dev", _gen_pw())),
        ("WinSCP.ini session", _d("""
            [Sessions\\deploy@web01.acme.dev]
            HostName=web01.acme.dev
            UserName=deploy
            Password=@@T
            FSProtocol=2
            """)),
        ("registry export", _d("""
            [HKEY_CURRENT_USER\\Software\\Martin Prikryl\\WinSCP 2\\Sessions\\backup@files.acme.dev]
            "HostName"="files.acme.dev"
            "UserName"="backup"
            "Password"="@@K"
            """)),
        ("winscp.com open with url", _d("""
            winscp.com /command "open sftp://deploy:@@U@web01.acme.dev/ -hostkey=*" "put dist\\* ~~
            /var/www/" "exit"
            """)),
    ),
    _fam(
        "gh cli hosts yml token", _with(X=lambda: _gh("gh" "o_")),
        ("hosts.yml", _d("""
            github.com:
                users:
                    acme-dev:
                        oauth_token: @@X
                git_protocol: https
                user: acme-dev
                oauth_token: @@X
            """)),
        ("gh auth token", _d("""
            $ gh auth token
            @@X
            """)),
        ("gh auth status --show-token", _d("""
            github.com
              ✓ Logged in to github.com account acme-dev (/home/dev/.config/gh/hosts.yml)
              - Active account: true
              - Git operations protocol: https
              - Token: @@X
              - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
            """)),
    ),
    _fam(
        "wrangler oauth config",
        _with(W=lambda: _s(43, B64URL) + "." + _s(43, B64URL),
              T=lambda: _s(43, B64URL) + "." + _s(43, B64URL)),
        ("default.toml", _d("""
            oauth_token = "@@W"
            expiration_time = "2024-07-11T10:14:22.118Z"
            refresh_token = "@@T"
            scopes = [ "account:read", "user:read", "workers:write", "zone:read", "offline_access" ]
            """)),
        (".dev.vars", _d("""
            # .dev.vars (wrangler dev)
            STRIPE_SECRET_KEY=@@Y
            TURNSTILE_SECRET=0x4AAAAAAA@@K
            """)),
        ("secret put from a pipe", _d("""
            echo "@@E" | npx wrangler secret put SENDGRID_API_KEY --env production
            ✨ Success! Uploaded secret SENDGRID_API_KEY
            """)),
    ),
    _fam(
        "firebase tools configstore token", _with(T=_google_refresh, W=_ya29),
        ("configstore json", _d("""
            {
              "user": {"email": "dev@acme.dev", "email_verified": true},
              "tokens": {
                "expires_at": 1722081242118,
                "refresh_token": "@@T",
                "access_token": "@@W",
                "token_type": "Bearer"
              }
            }
            """)),
        ("login:ci output", _d("""
            ✔  Success! Use this token to login on a CI server:

            @@T

            Example: firebase deploy --token "$FIREBASE_TOKEN"
            """)),
        ("deploy with --token", _d("""
            firebase deploy --only hosting --project acme-web --token "@@T"
            """)),
    ),
]


# ---- vendor tokens from public secret-scanner lists that the earlier corpora do not name ----

def _infisical() -> str:
    return "st." + _hex(24) + "." + _hex(32) + "." + _hex(32)


def _cachix() -> str:
    return _jwt({"alg": "HS256"}, {"jti": _guid(), "scopes": "cx"}, 32)


def _gcore() -> str:
    return f"{_RNG.randint(10000, 99999)}${_hex(128)}"


def _tmdb() -> str:
    return _jwt({"alg": "HS256"},
                {"aud": _hex(32), "nbf": 1718000000.118, "sub": _hex(24),
                 "scopes": ["api_read"], "version": 1}, 32)


def _ha_token() -> str:
    return _hs_jwt({"iss": _hex(32), "iat": 1718000000, "exp": 2033360000})


def _supabase_service() -> str:
    return _hs_jwt({"iss": "supabase", "ref": _s(20, LOWER), "role": "service_role",
                    "iat": 1718000000, "exp": 2033576000})


def _ses_smtp() -> str:
    return _std64(b"\x04" + _bytes(32))


def _prisma_accelerate() -> str:
    token = _jwt({"alg": "HS256", "typ": "JWT"},
                 {"api_key": _guid(), "tenant_id": _hex(64), "internal_secret": _guid()}, 32)
    return "prisma://accelerate.prisma-data.net/?api_key=" + token


def _zepto() -> str:
    return "Zoho-enczapikey " + _std64(_RNG.randint(132, 144))


_VENDOR_RAW: list[Family] = [
    _fam(
        "infisical service token", _with(T=_infisical),
        ("dotenv", _d("""
            INFISICAL_TOKEN=@@T
            INFISICAL_API_URL=https://eu.infisical.com/api
            """)),
        ("infisical export", _d("""
            infisical export --env=prod --path=/payments --token=@@T > .env.prod
            """)),
        ("docker run", _d("""
            docker run --rm -e INFISICAL_TOKEN=@@T acme/worker:1.9.2 infisical run -- node ~~
            dist/worker.js
            """)),
    ),
    _fam(
        "cachix auth token", _with(J=_cachix),
        ("workflow step", _d("""
                - uses: cachix/cachix-action@v15
                  with:
                    name: acme
                    authToken: '@@J'
            """)),
        ("cachix authtoken command", _d("""
            $ cachix authtoken @@J
            Written to /home/dev/.config/cachix/cachix.dhall
            """)),
        ("cachix.dhall", _d("""
            { authToken = "@@J"
            , hostname = "https://cachix.org"
            , binaryCaches = [] : List { name : Text, secretKey : Text }
            }
            """)),
    ),
    _fam(
        "livekit api secret", _with(K=lambda: "API" + _s(12), N=lambda: _s(43)),
        ("livekit.yaml keys", _d("""
            port: 7880
            rtc:
              tcp_port: 7881
              port_range_start: 50000
              port_range_end: 60000
            keys:
              @@K: @@N
            """)),
        ("dotenv", _d("""
            LIVEKIT_URL=wss://acme-7f3k2q.livekit.cloud
            LIVEKIT_API_KEY=@@K
            LIVEKIT_API_SECRET=@@N
            """)),
        ("lk token create", _d("""
            lk token create --api-key @@K --api-secret @@N --join --room standup --identity bot-1 ~~
            --valid-for 24h
            """)),
    ),
    _fam(
        "playfab title secret key", _with(K=lambda: _s(52, UPPER_ALNUM)),
        ("curl server api", _d("""
            curl -s https://4F2A1.playfabapi.com/Server/GetUserAccountInfo \\
              -H "X-SecretKey: @@K" -H "Content-Type: application/json" \\
              -d '{"PlayFabId":"8A2C4E6F10B3D5E7"}'
            """)),
        ("csharp settings", _d("""
            PlayFabSettings.staticSettings.TitleId = "4F2A1";
            PlayFabSettings.staticSettings.DeveloperSecretKey = "@@K";
            """)),
        ("unity shared settings asset", _d("""
            MonoBehaviour:
              m_Name: PlayFabSharedSettings
              TitleId: 4F2A1
              DeveloperSecretKey: @@K
              RequestType: 0
            """)),
    ),
    _fam(
        "gcore permanent api token", _with(T=_gcore),
        ("curl with APIKey", _d("""
            curl -s https://api.gcore.com/cloud/v1/instances/1/2 -H 'Authorization: APIKey @@T'
            """)),
        ("terraform provider", _d("""
            provider "gcore" {
              permanent_api_token = "@@T"
            }
            """)),
        ("env export", _d("""
            export GCORE_PERMANENT_API_TOKEN='@@T'
            """)),
    ),
    _fam(
        "cloudsmith api key", _with(K=lambda: _s(16)),
        ("env and push", _d("""
            export CLOUDSMITH_API_KEY=@@F
            cloudsmith push python acme/internal dist/acme_tools-2.3.0-py3-none-any.whl
            """)),
        ("credentials.ini", _d("""
            [default]
            api_key=@@F
            """)),
        ("entitlement setup url", _d("""
            curl -1sLf 'https://dl.cloudsmith.io/@@K/acme/deb/setup.deb.sh' | sudo -E bash
            """)),
    ),
    _fam(
        "netbird setup key", _with(G=lambda: _guid().upper()),
        ("netbird up", _d("""
            sudo netbird up --management-url https://netbird.acme.dev --setup-key @@G
            """)),
        ("docker run", _d("""
            docker run --rm -d --name netbird --cap-add=NET_ADMIN \\
              -e NB_SETUP_KEY=@@G -e NB_MANAGEMENT_URL=https://netbird.acme.dev \\
              netbirdio/netbird:latest
            """)),
        ("cloud-init runcmd", _d("""
            runcmd:
              - curl -fsSL https://pkgs.netbird.io/install.sh | sh
              - netbird up --setup-key @@G
            """)),
    ),
    _fam(
        "revenuecat secret key", _with(K=lambda: "sk" "_" + _s(32)),
        ("curl subscribers", _d("""
            curl https://api.revenuecat.com/v1/subscribers/app_user_42 \\
              -H "Authorization: Bearer @@K"
            """)),
        ("server dotenv", _d("""
            REVENUECAT_SECRET_KEY=@@K
            REVENUECAT_WEBHOOK_AUTH=Bearer rc-hook-2024
            """)),
        ("python client", _d("""
            RC_HEADERS = {"Authorization": "Bearer @@K", "X-Platform": "ios"}
            resp = httpx.get(f"{RC_API}/subscribers/{user_id}", headers=RC_HEADERS)
            """)),
    ),
    _fam(
        "tmdb read access token", _with(J=_tmdb),
        ("curl", _d("""
            curl --request GET --url 'https://api.themoviedb.org/3/movie/550?language=en-US' \\
              --header 'Authorization: Bearer @@J' --header 'accept: application/json'
            """)),
        ("dotenv", _d("""
            TMDB_API_KEY=@@H
            TMDB_READ_ACCESS_TOKEN=@@J
            """)),
        ("swift constant", _d("""
            enum TMDB {
                static let baseURL = URL(string: "https://api.themoviedb.org/3")!
                static let readToken = "@@J"
            }
            """)),
    ),
    _fam(
        "reddit praw credentials",
        _with(K=lambda: _s(22, B64URL), N=lambda: _s(30, B64URL)),
        ("praw.ini", _d("""
            [modbot]
            client_id=@@K
            client_secret=@@N
            username=acme_modbot
            password=@@P
            user_agent=linux:acme.modbot:v1.4 (by u/acme_dev)
            """)),
        ("praw constructor", _d("""
            reddit = praw.Reddit(
                client_id="@@K",
                client_secret="@@N",
                username="acme_modbot",
                password="@@P",
                user_agent="acme-modbot/1.4",
            )
            """)),
        ("curl password grant", _d("""
            curl -X POST -A 'acme-modbot/1.4' -u '@@K:@@N' \\
              -d 'grant_type=password&username=acme_modbot&password=@@P' \\
              https://www.reddit.com/api/v1/access_token
            """)),
    ),
    _fam(
        "tenable io api keys", _with(T=lambda: _hex(64)),
        ("curl with X-ApiKeys", _d("""
            curl -s https://cloud.tenable.com/scans -H 'accept: application/json' \\
              -H 'X-ApiKeys: accessKey=@@S;secretKey=@@T'
            """)),
        ("pytenable", _d("""
            from tenable.io import TenableIO
            tio = TenableIO("@@S", "@@T")
            """)),
        ("env exports", _d("""
            export TIO_ACCESS_KEY=@@S
            export TIO_SECRET_KEY=@@T
            """)),
    ),
    _fam(
        "zeptomail send mail token", _with(T=_zepto),
        ("curl send", _d("""
            curl "https://api.zeptomail.eu/v1.1/email" -X POST \\
              -H "Accept: application/json" -H "Content-Type: application/json" \\
              -H "Authorization: @@T" \\
              -d '{"from":{"address":"noreply@acme.dev"},"to":[{"email_address":{"address":"a@b.e~~
              xample"}}],"subject":"Test","htmlbody":"<p>hi</p>"}'
            """)),
        ("nodemailer transport", _d("""
            const transport = nodemailer.createTransport({
              host: 'smtp.zeptomail.eu', port: 587,
              auth: { user: 'emailapikey', pass: '@@T' },
            });
            """)),
        ("dotenv", _d("""
            ZEPTOMAIL_TOKEN="@@T"
            ZEPTOMAIL_BOUNCE=bounce@bounce.acme.dev
            """)),
    ),
    _fam(
        "kakao rest api key", _V,
        ("curl local search", _d("""
            curl -G "https://dapi.kakao.com/v2/local/search/address.json" \\
              --data-urlencode "query=판교역로 166" -H "Authorization: KakaoAK @@H"
            """)),
        ("spring application.yml", _d("""
            kakao:
              rest-api-key: @@H
              redirect-uri: https://shop.acme.kr/login/oauth2/code/kakao
            """)),
        ("axios default header", _d("""
            axios.defaults.headers.common["Authorization"] = "KakaoAK @@H";
            """)),
    ),
    _fam(
        "home assistant long-lived access token", _with(J=_ha_token),
        ("curl states", _d("""
            curl -s -H "Authorization: Bearer @@J" -H "Content-Type: application/json" \\
              http://homeassistant.local:8123/api/states/sensor.living_room_temperature
            """)),
        ("rest_command with header", _d("""
            rest_command:
              garage_relay:
                url: http://10.0.20.5:8123/api/services/switch/toggle
                method: post
                headers:
                  authorization: "Bearer @@J"
            """)),
        ("node-red server config", _d("""
            {"id": "c1f2", "type": "server", "name": "Home Assistant",
             "addon": false, "rejectUnauthorizedCerts": true,
             "credentials": {"host": "http://10.0.20.5:8123", "access_token": "@@J"}}
            """)),
    ),
    _fam(
        "supabase service role jwt", _with(J=_supabase_service),
        ("dotenv", _d("""
            NEXT_PUBLIC_SUPABASE_URL=https://xyzcompanyref12345.supabase.co
            SUPABASE_SERVICE_ROLE_KEY=@@J
            """)),
        ("createClient literal", _d("""
            const admin = createClient(
              'https://xyzcompanyref12345.supabase.co',
              '@@J',
              { auth: { persistSession: false } },
            )
            """)),
        ("curl with apikey header", _d("""
            curl 'https://xyzcompanyref12345.supabase.co/rest/v1/orders?select=*' \\
              -H "apikey: @@J" -H "Authorization: Bearer @@J"
            """)),
    ),
    _fam(
        "ses smtp password", _with(B=_ses_smtp),
        ("postfix sasl_passwd", _d("""
            [email-smtp.eu-west-1.amazonaws.com]:587 @@A:@@B
            """)),
        ("django email settings", _d("""
            EMAIL_HOST = "email-smtp.eu-west-1.amazonaws.com"
            EMAIL_PORT = 587
            EMAIL_USE_TLS = True
            EMAIL_HOST_USER = "@@A"
            EMAIL_HOST_PASSWORD = "@@B"
            """)),
        ("swaks test", _d("""
            swaks --to ops@acme.dev --from noreply@acme.dev --server ~~
            email-smtp.eu-west-1.amazonaws.com:587 \\
              --tls --auth-user @@A --auth-password '@@B'
            """)),
    ),
    _fam(
        "prisma accelerate url", _with(T=_prisma_accelerate),
        ("dotenv", _d("""
            DATABASE_URL="@@T"
            DIRECT_DATABASE_URL="postgresql://app:@@U@db.acme.dev:5432/app"
            """)),
        ("vercel env add", _d("""
            $ echo '@@T' | vercel env add DATABASE_URL production
            ✅  Added Environment Variable DATABASE_URL to Project acme-web [312ms]
            """)),
        ("prisma client datasource override", _d("""
            const prisma = new PrismaClient({
              datasourceUrl: '@@T',
            }).$extends(withAccelerate())
            """)),
    ),
    _fam(
        "coingecko pro api key", _with(K=lambda: "CG" "-" + _s(25)),
        ("curl header", _d("""
            curl -s 'https://pro-api.coingecko.com/api/v3/simple/price?ids=bitcoin&vs_currencies=~~
            eur' \\
              -H 'x-cg-pro-api-key: @@K'
            """)),
        ("query parameter", _d("""
            GET https://pro-api.coingecko.com/api/v3/coins/markets?vs_currency=usd&x_cg_pro_api_k~~
            ey=@@K
            """)),
        ("dotenv", _d("""
            COINGECKO_API_KEY=@@K
            PRICE_REFRESH_SECONDS=60
            """)),
    ),
]


# ---- weight three: passwords people choose, where they type and paste them ----

def _kubeadmin_pw() -> str:
    return "-".join(_s(5, ALNUM) for _ in range(4))


_HP = _with(D=_human_pw)

_HUMAN: list[Family] = [
    _fam(
        "password typed at shell prompt", _HP,
        ("bash after a failed mysql prompt", _d("""
            dev@build01:~$ mysql -u admin -p reports
            Enter password:
            ERROR 1045 (28000): Access denied for user 'admin'@'localhost' (using password: YES)
            dev@build01:~$ @@P
            @@P: command not found
            """)),
        ("zsh after sudo timed out", _d("""
            ~/src/infra % sudo systemctl restart nginx
            [sudo] password for jdoe:
            sudo: timed out reading password
            ~/src/infra % @@P
            zsh: command not found: @@P
            """)),
        ("powershell after runas", _d("""
            PS C:\\Users\\jdoe> @@P
            @@P : The term '@@P' is not recognized as the name of a cmdlet, function, script ~~
            file, or operable program.
            """)),
    ),
    _fam(
        "password prompt answered in transcript", _HP,
        ("read without -s in a setup script", _d("""
            $ ./scripts/bootstrap-dev.sh
            Database user [app]: app
            Database password: @@P
            Writing .env.local ... done
            """)),
        ("python input prompt", _d("""
            $ python tools/create_admin.py
            email: ops@acme.dev
            password: @@P
            created admin user id=17
            """)),
        ("serial console with local echo", _d("""
            Connected to /dev/ttyUSB0 at 115200
            sw-core-01 login: admin
            Password: @@P
            Login incorrect
            """)),
    ),
    _fam(
        "db2 connect using password", _HP,
        ("clp connect", _d("""
            $ db2 connect to SAMPLE user db2inst1 using @@P

               Database Connection Information

             Database server        = DB2/LINUXX8664 11.5.9.0
             SQL authorization ID   = DB2INST1
             Local database alias   = SAMPLE
            """)),
        ("script line", _d("""
            db2 "connect to FINPROD user etl_load using '@@P'"
            db2 -tvf load_ledger.sql
            db2 connect reset
            """)),
        ("db2cli validate", _d("""
            db2cli validate -connstring ~~
            "DATABASE=FINPROD;HOSTNAME=db2p01;PORT=50000;UID=etl_load;PWD=@@P" -connect
            """)),
    ),
    _fam(
        "teradata bteq logon", _HP,
        ("bteq script", _d("""
            .LOGON tdprod/etl_user,@@P;
            .SET WIDTH 200;
            SELECT COUNT(*) FROM sales.orders WHERE order_dt = CURRENT_DATE - 1;
            .LOGOFF;
            """)),
        ("bteq heredoc", _d("""
            bteq <<EOF
            .logon 10.20.1.15/reporting,@@P
            .export report file=/tmp/daily.txt
            select * from dw.daily_kpis;
            .quit
            EOF
            """)),
        ("tdload command", _d("""
            tdload -f orders.csv -h tdprod -u etl_user -p '@@P' -t stage.orders_load
            """)),
    ),
    _fam(
        "vertica vsql password flag", _HP,
        ("vsql with -w", _d("""
            vsql -h vertica01.acme.local -U dbadmin -w '@@P' -c "select version();"
            """)),
        ("admintools with -p", _d("""
            /opt/vertica/bin/admintools -t start_db -d analytics -p '@@P'
            """)),
        ("cron line", _d("""
            15 2 * * * /opt/vertica/bin/vsql -U etl -w @@P -f /opt/etl/nightly.sql >> ~~
            /var/log/etl.log 2>&1
            """)),
    ),
    _fam(
        "firebird isql password", _HP,
        ("isql-fb", _d("""
            isql-fb -user SYSDBA -password @@P /var/lib/firebird/data/shop.fdb
            """)),
        ("ISC_PASSWORD export", _d("""
            export ISC_USER=SYSDBA
            export ISC_PASSWORD='@@P'
            gbak -b localhost:/data/erp.fdb /backup/erp.fbk
            """)),
        ("gbak with -pas", _d("""
            gbak -b -user SYSDBA -pas @@P localhost:/data/erp.fdb /backup/erp-$(date +%F).fbk
            """)),
    ),
    _fam(
        "sap hana hdbsql password", _HP,
        ("hdbsql -p", _d("""
            hdbsql -n hana01:30015 -u SYSTEM -p '@@P' "SELECT * FROM M_DATABASE"
            """)),
        ("hdbuserstore set", _d("""
            hdbuserstore SET BACKUPKEY hana01:30013@SYSTEMDB BACKUP_OPERATOR '@@P'
            """)),
        ("hdbcli connect", _d("""
            conn = dbapi.connect(address="hana01.acme.local", port=30015, user="REPORTING", ~~
            password="@@P")
            """)),
    ),
    _fam(
        "putty plink password flag", _HP,
        ("plink command", _d("""
            plink -ssh -batch -pw @@P admin@10.0.0.5 "show running-config"
            """)),
        ("pscp upload", _d("""
            pscp -pw "@@P" build\\release.zip deploy@web01.acme.local:/tmp/
            """)),
        ("batch file", _d("""
            @echo off
            "C:\\Program Files\\PuTTY\\plink.exe" -ssh backup@nas01 -pw @@P "sh ~~
            /volume1/scripts/rotate.sh"
            """)),
    ),
    _fam(
        "remote desktop password flag", _HP,
        ("xfreerdp", _d("""
            xfreerdp /v:ts01.acme.local /u:ACME\\\\jdoe /p:'@@P' /dynamic-resolution +clipboard
            """)),
        ("cmdkey for a terminal server", _d("""
            cmdkey /generic:TERMSRV/ts01.acme.local /user:ACME\\jdoe /pass:@@P
            mstsc /v:ts01.acme.local
            """)),
        ("rdesktop", _d("""
            rdesktop -u administrator -p '@@P' -g 1600x900 10.0.0.20
            """)),
    ),
    _fam(
        "bmc racadm or ilo password", _HP,
        ("racadm power cycle", _d("""
            racadm -r 10.0.9.21 -u root -p '@@P' serveraction powercycle
            """)),
        ("racadm set user password", _d("""
            racadm set iDRAC.Users.2.Password @@P
            [Key=iDRAC.Embedded.1#Users.2]
            Object value modified successfully
            """)),
        ("ilo ribcl xml", _d("""
            <RIBCL VERSION="2.0">
              <LOGIN USER_LOGIN="Administrator" PASSWORD="@@P">
                <SERVER_INFO MODE="read"><GET_HOST_POWER_STATUS/></SERVER_INFO>
              </LOGIN>
            </RIBCL>
            """)),
    ),
    _fam(
        "lftp user comma password", _HP,
        ("lftp mirror", _d("""
            lftp -u deploy,@@P sftp://files.acme.dev -e "mirror -R dist /www; bye"
            """)),
        ("lftp -c script", _d("""
            lftp -c "set ftp:ssl-force true; open -u 'backup,@@P' ftp://nas.local; mirror ~~
            /exports ./exports"
            """)),
        ("lftp bookmark file", _d("""
            $ cat ~/.local/share/lftp/bookmarks
            shop\tftp://webshop:@@P@ftp.acme-hosting.net/httpdocs
            """)),
    ),
    _fam(
        "cloud foundry cf login password", _HP,
        ("cf login", _d("""
            cf login -a https://api.cf.eu10.hana.ondemand.com -u dev@acme.dev -p '@@P' -o acme -s ~~
            prod
            """)),
        ("cf auth", _d("""
            $ cf auth dev@acme.dev '@@P'
            API endpoint: https://api.cf.eu10.hana.ondemand.com
            Authenticating...
            OK
            """)),
        ("pipeline env", _d("""
            env:
              CF_API: https://api.run.pivotal.io
              CF_USERNAME: ci@acme.dev
              CF_PASSWORD: "@@P"
            """)),
    ),
    _fam(
        "argocd login password", _with(D=_human_pw),
        ("argocd login", _d("""
            argocd login argocd.acme.dev --username admin --password '@@P' --grpc-web
            """)),
        ("update-password", _d("""
            argocd account update-password --current-password '@@D' --new-password '@@P'
            """)),
        ("initial password printed", _d("""
            $ argocd admin initial-password -n argocd
            @@Q

             This password must be only used for first time login. We strongly recommend you ~~
             update the password using `argocd account update-password`.
            """)),
    ),
    _fam(
        "vault userpass login", _HP,
        ("vault login", _d("""
            vault login -method=userpass username=jdoe password='@@P'
            """)),
        ("curl to the login endpoint", _d("""
            curl -s --request POST --data '{"password": "@@P"}' \\
              https://vault.acme.dev/v1/auth/userpass/login/jdoe | jq -r .auth.client_token
            """)),
        ("vault write user", _d("""
            vault write auth/userpass/users/ci-reader password='@@P' policies=ci-read
            """)),
    ),
    _fam(
        "oc login password flag", _with(T=_kubeadmin_pw),
        ("oc login developer", _d("""
            oc login https://api.ocp.acme.dev:6443 -u developer -p '@@P' --insecure-skip-tls-verify
            """)),
        ("installer output with kubeadmin", _d("""
            INFO Access the OpenShift web-console here: ~~
            https://console-openshift-console.apps.ocp.acme.dev
            INFO Login to the console with user: "kubeadmin", and password: "@@T"
            INFO Time elapsed: 42m18s
            """)),
        ("oc login kubeadmin", _d("""
            $ oc login -u kubeadmin -p @@T https://api.crc.testing:6443
            Login successful.
            """)),
    ),
    _fam(
        "registry copy tool credentials", _HP,
        ("skopeo src-creds", _d("""
            skopeo copy --src-creds jdoe:@@P docker://registry.acme.dev/app:1.4 ~~
            docker://ghcr.io/acme/app:1.4
            """)),
        ("crane auth login", _d("""
            crane auth login registry.acme.dev -u jdoe -p '@@P'
            """)),
        ("regctl login", _d("""
            regctl registry login harbor.acme.dev -u robot-ci -p '@@P'
            """)),
    ),
    _fam(
        "chpasswd pipe", _HP,
        ("echo into chpasswd", _d("""
            echo 'deploy:@@P' | sudo chpasswd
            """)),
        ("cloud-init chpasswd list", _d("""
            chpasswd:
              expire: false
              users:
                - name: ubuntu
                  password: @@P
                  type: text
            """)),
        ("dockerfile run", _d("""
            RUN useradd -m dev && echo "dev:@@P" | chpasswd && adduser dev sudo
            """)),
    ),
    _fam(
        "django superuser env password", _HP,
        ("createsuperuser noinput", _d("""
            DJANGO_SUPERUSER_PASSWORD='@@P' python manage.py createsuperuser --noinput --username ~~
            admin --email admin@acme.dev
            """)),
        ("compose environment", _d("""
                environment:
                  DJANGO_SUPERUSER_USERNAME: admin
                  DJANGO_SUPERUSER_EMAIL: admin@acme.dev
                  DJANGO_SUPERUSER_PASSWORD: "@@P"
            """)),
        ("manage.py shell", _d("""
            >>> from django.contrib.auth import get_user_model
            >>> get_user_model().objects.create_superuser("admin", "admin@acme.dev", "@@P")
            <User: admin>
            """)),
    ),
    _fam(
        "wp-cli user password", _HP,
        ("wp user create", _d("""
            wp user create editor editor@acme.dev --role=editor --user_pass='@@P'
            """)),
        ("wp user update", _d("""
            $ wp user update admin --user_pass='@@P' --skip-email
            Success: Updated user 1.
            """)),
        ("wp core install", _d("""
            wp core install --url=https://blog.acme.dev --title="Acme Blog" \\
              --admin_user=acme --admin_password='@@P' --admin_email=web@acme.dev
            """)),
    ),
    _fam(
        "rails console password assignment", _HP,
        ("irb update", _d("""
            irb(main):001> User.find_by(email: "ops@acme.dev").update!(password: "@@P", ~~
            password_confirmation: "@@P")
            => true
            """)),
        ("seeds.rb", _d("""
            AdminUser.find_or_create_by!(email: "admin@acme.dev") do |admin|
              admin.password = "@@P"
              admin.password_confirmation = "@@P"
            end
            """)),
        ("rails runner", _d("""
            bin/rails runner 'User.create!(email: "qa@acme.dev", password: "@@P", role: :admin)'
            """)),
    ),
    _fam(
        "grafana cli reset admin password", _HP,
        ("grafana-cli", _d("""
            sudo grafana-cli admin reset-admin-password '@@P'
            """)),
        ("docker exec", _d("""
            $ docker exec -it grafana grafana cli admin reset-admin-password @@P
            Admin password changed successfully ✔
            """)),
        ("compose env", _d("""
                environment:
                  GF_SECURITY_ADMIN_USER: admin
                  GF_SECURITY_ADMIN_PASSWORD: "@@P"
            """)),
    ),
    _fam(
        "git credential fill output", _HP,
        ("credential fill", _d("""
            $ printf 'protocol=https\\nhost=git.acme.dev\\n\\n' | git credential fill
            protocol=https
            host=git.acme.dev
            username=jdoe
            password=@@P
            """)),
        ("credential approve", _d("""
            printf 'protocol=https\\nhost=bitbucket.acme.dev\\nusername=jdoe\\npassword=@@P\\n\\n~~
            ' | git credential approve
            """)),
        ("credential manager get", _d("""
            PS> "protocol=https`nhost=dev.azure.com`n" | git credential-manager get
            protocol=https
            host=dev.azure.com
            username=jdoe@acme.dev
            password=@@P
            """)),
    ),
    _fam(
        "webdav url with userinfo", _HP,
        ("curl upload", _d("""
            curl -T report.pdf "https://jdoe:@@P@cloud.acme.dev/remote.php/dav/files/jdoe/Reports/"
            """)),
        ("file manager address", _d("""
            davs://jdoe:@@P@cloud.acme.dev/remote.php/webdav/
            """)),
        ("fstab davfs entry", _d("""
            https://backup:@@P@dav.acme-storage.net/backup /mnt/dav davfs user,noauto 0 0
            """)),
    ),
    _fam(
        "sqlserver invoke-sqlcmd password", _HP,
        ("invoke-sqlcmd", _d("""
            Invoke-Sqlcmd -ServerInstance sql01 -Database Shop -Username sa -Password '@@P' ~~
            -Query "SELECT SERVERPROPERTY('ProductVersion')"
            """)),
        ("bcp export", _d("""
            bcp Shop.dbo.Orders out orders.dat -S sql01 -U sa -P @@P -c -t,
            """)),
        ("sqlpackage publish", _d("""
            SqlPackage /Action:Publish /SourceFile:Shop.dacpac /TargetServerName:sql01 ~~
            /TargetDatabaseName:Shop /TargetUser:sa /TargetPassword:@@P
            """)),
    ),
    _fam(
        "package publish password flag", _HP,
        ("twine -p", _d("""
            twine upload -u jdoe -p '@@P' --repository-url ~~
            https://nexus.acme.dev/repository/pypi-internal/ dist/*
            """)),
        ("poetry publish -p", _d("""
            poetry publish -r acme -u jdoe -p '@@P' --build
            """)),
        ("mvn deploy with -D", _d("""
            mvn deploy -DaltDeploymentRepository=acme::https://nexus.acme.dev/repository/releases ~~
            -Dnexus.user=jdoe -Dnexus.password='@@P'
            """)),
    ),
    _fam(
        "italian chat credential", _HP,
        ("chat message", _d("""
            Ciao Marco, la password del DB di staging è @@P (utente: app_stage). Cambiala dopo il ~~
            rilascio per favore.
            """)),
        ("admin panel", _d("""
            Per entrare nel pannello admin usa admin / @@P, l'ho appena resettata io.
            """)),
        ("ticket reply", _d("""
            Buongiorno, come richiesto vi inviamo le credenziali FTP: utente ftp_cliente, ~~
            password @@P.
            Cordiali saluti
            """)),
    ),
    _fam(
        "dutch chat credential", _HP,
        ("chat message", _d("""
            Hoi Sanne, het wachtwoord voor de FTP-server is @@P (gebruiker: webshop).
            """)),
        ("admin reset", _d("""
            Nieuw wachtwoord voor de beheeromgeving: @@P — graag na het inloggen meteen wijzigen.
            """)),
        ("vpn request", _d("""
            Kun je even inloggen op de VPN met jdevries / @@P? Mijn token doet het niet.
            """)),
    ),
    _fam(
        "polish chat credential", _HP,
        ("chat message", _d("""
            Cześć, hasło do serwera testowego to @@P, login: tester.
            """)),
        ("admin panel", _d("""
            Nowe hasło do panelu admina: @@P. Zmień je przy pierwszym logowaniu.
            """)),
        ("database access", _d("""
            Wrzucam dane do bazy: host db01.lan, użytkownik raporty, hasło @@P
            """)),
    ),
    _fam(
        "korean chat credential", _HP,
        ("chat message", _d("""
            운영 DB 비밀번호는 @@P 입니다. 배포 끝나면 바로 변경해 주세요.
            """)),
        ("admin account", _d("""
            관리자 계정 공유드립니다. ID: admin / 비번: @@P
            """)),
        ("staging access", _d("""
            스테이징 서버 접속 정보입니다.
            - 호스트: stg.acme.kr
            - 계정: deploy
            - 비밀번호: @@P
            """)),
    ),
    _fam(
        "turkish chat credential", _HP,
        ("chat message", _d("""
            Selam, test sunucusunun şifresi @@P, kullanıcı adı da deploy.
            """)),
        ("temporary password", _d("""
            Yönetim paneli için geçici şifre: @@P — ilk girişte değiştirin lütfen.
            """)),
        ("vpn reset", _d("""
            VPN şifremi sıfırladım, yenisi @@P. Hesap: ayilmaz
            """)),
    ),
    _fam(
        "vietnamese chat credential", _HP,
        ("chat message", _d("""
            Mật khẩu database staging là @@P nhé, user là app_stg.
            """)),
        ("admin account", _d("""
            Anh ơi, tài khoản admin: admin / mật khẩu: @@P
            """)),
        ("server login", _d("""
            Em gửi thông tin đăng nhập máy chủ: user root, pass @@P. Anh đổi lại giúp em nhé.
            """)),
    ),
    _fam(
        "indonesian chat credential", _HP,
        ("chat message", _d("""
            Halo, password server staging: @@P (user: deploy). Tolong jangan dibagikan ke luar ~~
            tim ya.
            """)),
        ("cms account", _d("""
            Akun admin CMS: admin@acme.co.id / kata sandi @@P
            """)),
        ("db password changed", _d("""
            Password DB produksi sudah diganti jadi @@P, tolong update di aplikasi.
            """)),
    ),
    _fam(
        "swedish chat credential", _HP,
        ("chat message", _d("""
            Hej! Lösenordet till testmiljön är @@P, användarnamn test-admin.
            """)),
        ("router password", _d("""
            Nytt lösenord för routern på kontoret: @@P
            """)),
        ("support account", _d("""
            Kan du logga in i Jira med supportkontot? support@acme.se / @@P
            """)),
    ),
    _fam(
        "ukrainian chat credential", _HP,
        ("chat message", _d("""
            Привіт! Пароль від staging-бази: @@P, користувач app.
            """)),
        ("first login", _d("""
            Логін: admin, пароль: @@P — змініть після першого входу.
            """)),
        ("ftp access", _d("""
            Ось доступ до FTP: ftp.acme.ua, користувач upload, пароль @@P
            """)),
    ),
    _fam(
        "arabic chat credential", _HP,
        ("chat message", _d("""
            مرحباً، كلمة المرور لخادم الاختبار هي @@P واسم المستخدم deploy
            """)),
        ("control panel", _d("""
            كلمة السر الجديدة للوحة التحكم: @@P
            """)),
        ("login details", _d("""
            بيانات الدخول: المستخدم admin وكلمة المرور @@P
            """)),
    ),
    _fam(
        "hindi chat credential", _HP,
        ("hinglish message", _d("""
            Bhai staging DB ka password @@P hai, user app_stg. Release ke baad change kar dena.
            """)),
        ("devanagari message", _d("""
            सर्वर का पासवर्ड @@P है, यूज़र deploy
            """)),
        ("admin login", _d("""
            Admin panel login: admin / @@P — kisi ko forward mat karna
            """)),
    ),
    _fam(
        "jira ticket comment credential", _HP,
        ("plain comment", _d("""
            OPS-4412: Reset the password for svc_reporting, new one is @@P. Please update the
            Tableau data source and close this ticket.
            """)),
        ("wiki markup code block", _d("""
            Steps to reproduce:
            {code:bash}
            psql "host=db01 user=reporting password=@@P dbname=dw" -c 'select 1'
            {code}
            """)),
        ("access section", _d("""
            h3. Access
            * URL: https://staging.acme.dev/admin
            * User: qa
            * Password: @@P
            """)),
    ),
    _fam(
        "pull request description credential", _HP,
        ("how to test", _d("""
            ## How to test
            1. Open the preview deploy and log in as `demo@acme.dev` / `@@P`
            2. Go to Settings → Billing and switch plans
            3. The invoice preview should update without a reload
            """)),
        ("seeded admin", _d("""
            ### Testing
            The migration seeds an admin user (admin / @@P) on the review app only.
            """)),
        ("preview basic auth", _d("""
            Reviewers: the preview environment is behind basic auth, use preview:@@P.
            """)),
    ),
    _fam(
        "incident postmortem credential", _HP,
        ("timeline entry", _d("""
            ## Timeline (UTC)
            - 09:14 on-call logged into the replica with the break-glass account (dba_break / @@P)
            - 09:21 replication restarted, lag recovering
            """)),
        ("root cause", _d("""
            **Root cause:** the default admin password set by the installer (`@@P`) was never
            changed, and the admin UI was reachable from the internet.
            """)),
        ("action items", _d("""
            Action items:
            - [ ] rotate the shared root password (@@P) used on all 12 hosts
            - [ ] move host access to SSO + short-lived certificates
            """)),
    ),
    _fam(
        "onboarding wiki page credential", _with(D=_human_pw),
        ("confluence table", _d("""
            || System || URL || User || Password ||
            | Jenkins | https://ci.acme.local | onboarding | @@P |
            | Nexus | https://nexus.acme.local | reader | @@D |
            """)),
        ("welcome text", _d("""
            Welcome aboard! For your first week use the shared test account
            test.user@acme.dev with the password @@P until IT sets up your own.
            """)),
        ("office section", _d("""
            ### Office
            - Printer: PRN-3F (no login)
            - NAS: \\\\nas01\\public, user `public`, password `@@P`
            """)),
    ),
    _fam(
        "handover email credential", _with(D=_human_pw),
        ("handover before leave", _d("""
            Subject: Handover - hosting accounts

            Hi Priya,

            Before I leave on Friday: the Plesk login is admin / @@P, and the registrar
            account is ops@acme.dev / @@D. Both are in my head only, sorry.
            """)),
        ("vendor welcome forwarded", _d("""
            ---------- Forwarded message ---------
            From: Partner Portal <no-reply@partner.example>
            Subject: Your account is ready

            Username: acme-integration
            Temporary password: @@P
            """)),
        ("new server mail", _d("""
            Hallo zusammen,

            der neue Server ist bereit: ssh root@10.0.8.4, Passwort @@P.
            Bitte bis Montag auf Schlüssel umstellen.
            """)),
    ),
    _fam(
        "spreadsheet row account password", _with(D=_human_pw),
        ("tsv pasted from a sheet", _d("""
            System\tURL\tUser\tPassword
            Plesk\thttps://plesk.acme-hosting.net:8443\tadmin\t@@P
            Router\thttp://192.168.1.1\tadmin\t@@D
            """)),
        ("csv export", _d("""
            name,url,username,password,notes
            Office NAS,http://nas01.local:5000,admin,@@P,
            Camera NVR,http://10.0.30.2,admin,@@D,changed 2024-03
            """)),
        ("markdown from a sheet", _d("""
            | Account | Login | Password |
            |---|---|---|
            | Mailchimp | marketing@acme.dev | @@P |
            """)),
    ),
    _fam(
        "revert commit message naming the password", _HP,
        ("revert", _d("""
            Revert "Set staging admin password to @@P"

            This reverts commit 3b1c9e7a4f2d08c6e5b1a9f7d3c2e0b8a6f4d2c1.
            """)),
        ("fix message quoting a log", _d("""
            fix(worker): stop logging the SMTP login

            The worker printed "smtp login ok (noreply / @@P)" at INFO on every start.
            """)),
        ("chore message", _d("""
            chore: replace hard-coded db password @@P with DB_PASSWORD env var
            """)),
    ),
]


# ---- ordinary text: the same places, with nothing secret in them ----

def _sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _sri_of(text: str) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(text.encode()).digest()).decode()


def _colon_hex(n_bytes: int) -> str:
    return ":".join(_s(2, UPPER_HEX) for _ in range(n_bytes))


def _ulid() -> str:
    return _s(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")


_SHAS = [_hex(40) for _ in range(40)]
_UUIDS = [_guid() for _ in range(30)]
_DIGESTS = [_sha256_of(f"layer {n}") for n in range(30)]
_SSH_ED_PUB = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(43, B64)
_WG_PUBS = [_std64(32) for _ in range(4)]
_AGE_RECIPIENT = "age1" + _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
_MINISIGN_PUB_TEXT = ("untrusted comment: minisign public key: " + _s(16, UPPER_HEX) + "\n"
                      + _std64(b"Ed" + _bytes(8) + _bytes(32)) + "\n")
_TAURI_PUBKEY = _std64(_MINISIGN_PUB_TEXT.encode())
_VAPID_PUB = _url64(b"\x04" + _bytes(64)) + "="
_REALITY_PUB = _url64(32)
_GOOGLE_CLIENT_ID = (f"{_RNG.randint(10**11, 10**12)}-{_s(32, LOWER_ALNUM)}"
                     ".apps.googleusercontent.com")
_RECAPTCHA_SITE = "6L" + _s(38, B64URL)
_CACHIX_PUB = "acme.cachix.org-1:" + _std64(32)
_NIX_HASHES = [_s(32, "0123456789abcdfghijklmnpqrsvwxyz") for _ in range(3)]
_CERT_FP = _colon_hex(32)
_GPG_FP = " ".join(_s(4, UPPER_HEX) for _ in range(10))
_AMZ_ID2 = _std64(57)
_CF_ID = _url64(42)
_TRACE = f"00-{_hex(32)}-{_hex(16)}-01"
_CSP_NONCE = _std64(16)
_PKCE_CHALLENGE = _url64(32)
_OAUTH_STATE = _url64(24)
_ETH_ADDR = "0x" + _hex(40)
_DNSKEY = _std64(32)
_CEPH_FSID = _guid()
_NX_CLOUD_ID = _hex(24)
_KV_ID = _hex(32)
_CF_ACCOUNT = _hex(32)
_WAL = [_s(24, UPPER_HEX) for _ in range(2)]
_S3_ETAG = _hex(32)
_LFS_OID = _sha256_of("model.onnx")
_SRI = [_sri_of(f"package {n}") for n in range(4)]
_GO_SUM = "h1:" + _std64(32)
_VAULT_HMAC = "hmac-sha256:" + _hex(64)
_ACCESSOR = _s(24, ALNUM)
_DS_DIGEST = _hex(64).upper()
_OPENSTACK_IDS = [_hex(32) for _ in range(3)]
_P256_SPKI_HEAD = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")
_PUBLIC_PEM = _pem("PUBLIC KEY", _P256_SPKI_HEAD + _bytes(64))
_CSR_PEM = _pem("CERTIFICATE REQUEST", bytes.fromhex("308202a130820189020100") + _bytes(640))
_ANSIBLE_VAULT = "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_hex(80) for _ in range(5))
_SOPS_VALUE = (f"ENC[AES256_GCM,data:{_std64(18)},iv:{_std64(32)},tag:{_std64(16)},"
               "type:str]")
_SEALED = "AgB" + _s(600, B64) + "=="
_RENOVATE_ENC = "wcFMA" + _s(520, B64) + "="

_ORD_AGENT: list[str] = [
    # ledger entries that name a credential and hold none
    "Decision: rotate the Stripe key stored in Vault at secret/payments before the audit.\n"
    "Rejected: rotating only the webhook secret (the API key was in the leaked log too).",
    "Fact: the staging billing API accepts the new service token.\n"
    "Verified by: curl -sS https://billing.staging.acme.dev/v2/health "
    "-H \"Authorization: Bearer $BILLING_TOKEN\"\n"
    "Output: {\"status\":\"ok\",\"version\":\"2.14.3\",\"caller\":\"service:ledger-sync\"}",
    "verified: `http GET https://api.github.com/repos/acme/infra \"Authorization:token $(gh auth "
    "token)\"` -> HTTP/1.1 200 OK, \"private\": true",
    '{"kind": "fact", "text": "the OpenAI project key works from the CI runner",\n'
    ' "verified_by": "curl https://api.openai.com/v1/models -H \\"Authorization: Bearer '
    '$OPENAI_API_KEY\\" | jq \'.data|length\'",\n "output": "87"}',
    "Confirmed the metrics endpoint needs the key header:\n"
    "  wget -qO- --header=\"X-API-Key: ${METRICS_KEY}\" https://metrics.acme.dev/api/v1/status\n"
    "  {\"uptime_s\": 1209331, \"ingest\": \"healthy\"}\nWithout the header it answers 401.",
    "**Decision:** keep SendGrid for transactional mail instead of moving to SES now.\n"
    "**Reason:** config/mail.yml reads `api_key: ${SENDGRID_API_KEY}` and the key is already in "
    "the prod secret store; SES would need DKIM re-verification.",
    "Decision: point the reporting job at the read replica.\nReason: .env.reporting already has\n"
    "  DATABASE_URL=postgres://reporting:${REPORTING_DB_PASSWORD}@db-replica.internal:5432/app\n"
    "and the replica lag is under a second.",
    "type: decision\ntitle: Post deploy notices with the bot token instead of the webhook\n"
    "alternatives:\n  - incoming webhook (rejected: cannot reply in threads)\nreason: >\n"
    "  notifier.toml reads token from SLACK_BOT_TOKEN, and chat.postMessage can thread.",
    "Spent 40 minutes on the 401s from the embeddings job. Root cause: the worker image still "
    "had the old Anthropic key baked into a layer (ENV ANTHROPIC_API_KEY in the Dockerfile). "
    "Removed the ENV line, rebuilt, rotated the key in the console; the 401s stopped.",
    "Debug notes, checkout flakiness:\n- reproduced locally with the test-mode key from "
    "1Password (\"Stripe test - checkout\")\n- the webhook signature mismatch came from the "
    "proxy re-encoding the body\n- fixed by handing the raw body to constructEvent(); test added",
    "How I found why the nightly export was empty:\n1. ran `aws s3 ls s3://acme-exports/2024/` "
    "with the exports profile: AccessDenied\n2. the IAM user was detached from the exports "
    "group in June\n3. re-attached it; listing works, export job rerun is green",
    "Note: uploads to the artifact store fail since this morning.\nRequest:\n"
    "  PUT /artifacts/build-8812.tar.gz HTTP/1.1\n  Host: artifacts.acme.dev\n"
    "  X-Api-Key: <redacted>\nResponse: 403 {\"error\":\"key lacks write scope\","
    "\"request_id\":\"req_7Jd2kQm1\"}",
    "rpc error: code = Unauthenticated desc = token expired; metadata: map[authorization:"
    "[REDACTED] user-agent:[grpc-go/1.64.0] x-request-id:[5a0c9e1e-7b3d-4f0a-9c2e-1d8b6a4f3e21]]",
    "$ curl -fsS -u \"deploy:$NEXUS_PASSWORD\" --upload-file build/libs/core-3.2.0.jar \\\n"
    "    https://nexus.acme.dev/repository/releases/com/acme/core/3.2.0/core-3.2.0.jar\n"
    "curl: (22) The requested URL returned error: 400\n(400 = release already exists)",
    "Read tests/fixtures/payments/live_config.json while chasing the flaky test; it only "
    "holds {\"stripe\": {\"secret_key\": \"sk_test_REPLACE_ME\", \"account\": "
    "\"acct_test\"}}, so the flake is not a live call.",
    "conftest.py sets the token for every test session:\n\n    @pytest.fixture(autouse=True)\n"
    "    def _github(monkeypatch):\n        monkeypatch.setenv(\"GITHUB_TOKEN\", "
    "\"test-token-not-real\")",
    "tests/.env.test (loaded by vitest.setup.ts):\nHF_TOKEN=\nHF_HOME=/tmp/hf-test\n"
    "MODEL_ID=acme/intent-classifier-small\nHF_HUB_OFFLINE=1",
    "Task: reproduce the invoice PDF bug on staging.\nSteps: log in at "
    "https://staging.acme.dev/admin as qa-admin (password in the QA vault), open invoice "
    "#4471, click \"Download PDF\", compare the totals with the HTML view.",
    "- [x] build the hotfix image\n- [ ] ssh to the bastion with your own key (no shared "
    "password any more)\n- [ ] restart the queue workers one at a time",
    '{"kind": "task", "title": "Check Grafana alert rules after the upgrade",\n'
    ' "notes": "log in through SSO; the local admin is disabled", "status": "open"}',
    "Question: should the release workflow use the org secret RELEASE_TOKEN or the repo "
    "secret GH_PAT? Only one of them can push tags and the workflow references both.",
    "Which SendGrid key is current? The mail service logs show a key id ending in ...Qx9w; "
    "the one in Vault at secret/mail/sendgrid has a different id. Should I rotate both?",
    "Open question for the maintainer: publish 4.1.0 with the granular automation token "
    "(NPM_TOKEN in the repo secrets) or wait for the trusted-publishing setup?",
    "Decision: move every credential the deploy job needs into GitHub environment secrets "
    "(production, staging) and require reviewers on production.\nRejected: repository "
    "secrets (no approval gate).",
    "Fact: `gitleaks detect --redact -v` on the full history finds 0 leaks after the "
    "filter-repo run.\nVerified by: gitleaks detect --source . --log-opts=\"--all\" --redact\n"
    "Output: INF no leaks found",
    "Note: the 401 was not the token at all. The proxy stripped the Authorization header on "
    "the redirect from http to https; calling the https URL directly fixed it.",
    "Decision: keep the Slack webhook URL out of the ledger and the repo; the notifier reads "
    "it from SSM Parameter Store (/notifier/slack_webhook, SecureString).",
    "Fact: the DB password in the staging secret is 32 characters and was last rotated on "
    "2024-06-30 (from `aws secretsmanager describe-secret --secret-id staging/db`, "
    "LastRotatedDate).",
    "Question: the Sentry DSN appears in the frontend bundle. That is expected (DSNs are "
    "public, write-only); is the auth token for source map upload also in there? Checked: no.",
    "Summary of the session: rotated the leaked GitLab token, revoked the old one in "
    "Settings > Access Tokens, updated the CI variable GITLAB_TOKEN (masked, protected), "
    "re-ran pipeline #88412: green.",
    "Verified by: `kubectl -n payments get secret stripe -o jsonpath='{.data}' | jq 'keys'` -> "
    "[\"api-key\", \"webhook-secret\"]. Values not printed.",
    "$ kubectl describe secret app-env\nName:         app-env\nNamespace:    default\n"
    "Type:  Opaque\n\nData\n====\nDATABASE_PASSWORD:  32 bytes\nSESSION_SECRET:     64 bytes",
    "The token must have the `read:packages` scope only; the one I generated has "
    "`write:packages` too, so I'll regenerate it with fewer scopes tomorrow.",
    # diffs, git show and git log that hold no secret
    "diff --git a/.env.production b/.env.production\nindex 3f2a9c1..8b0d44e 100644\n"
    "--- a/.env.production\n+++ b/.env.production\n@@ -4,6 +4,7 @@ NODE_ENV=production\n"
    " LOG_LEVEL=info\n SENTRY_ENVIRONMENT=production\n+OPENAI_API_KEY=${OPENAI_API_KEY}\n"
    " FEATURE_FLAGS=checkout_v2,search_v3",
    "@@ -112,6 +112,9 @@ STORAGES = {\n     },\n }\n"
    "+AWS_ACCESS_KEY_ID = env(\"AWS_ACCESS_KEY_ID\")\n"
    "+AWS_SECRET_ACCESS_KEY = env(\"AWS_SECRET_ACCESS_KEY\")\n"
    "+AWS_STORAGE_BUCKET_NAME = \"acme-media-prod\"\n MEDIA_URL = \"/media/\"",
    "--- a/docker-compose.yml\n+++ b/docker-compose.yml\n@@ -18,7 +18,7 @@ services:\n"
    "     environment:\n       POSTGRES_USER: app\n-      POSTGRES_PASSWORD: example\n"
    "+      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n     secrets:\n       - pg_password",
    "@@ -9,7 +9,7 @@\n   \"Geocoding\": {\n     \"BaseUrl\": "
    "\"https://maps.googleapis.com/maps/api/geocode/json\",\n-    \"ApiKey\": \"\"\n"
    "+    \"ApiKey\": \"<set in Azure Key Vault: geocoding-api-key>\"\n   },",
    "@@ -1,4 +1,4 @@\n GITLAB_URL=https://gitlab.acme.dev\n-GITLAB_TOKEN=\n"
    "+GITLAB_TOKEN=${GITLAB_TOKEN:?set GITLAB_TOKEN}\n RUNNER_TAGS=docker,linux",
    "-const slack = new WebClient(token);\n+const slack = new WebClient(process.env.SLACK_BOT_"
    "TOKEN);\n export async function notify(channel, text) {",
    f"commit {_SHAS[0]}\nAuthor: Dana Ortiz <dana@acme.dev>\nDate:   Thu Jul 11 10:02:44 2024 "
    "+0200\n\n    Read the Mailgun key from the environment\n\ndiff --git a/mailer/config.py "
    "b/mailer/config.py\n@@ -3,3 +3,3 @@\n-MAILGUN_API_KEY = settings.get(\"mailgun_key\")\n"
    "+MAILGUN_API_KEY = os.environ[\"MAILGUN_API_KEY\"]",
    "--- a/deploy/values-prod.yaml\n+++ b/deploy/values-prod.yaml\n@@ -40,6 +40,10 @@ worker:\n"
    "   replicas: 4\n+redis:\n+  auth:\n+    existingSecret: cache-redis\n"
    "+    existingSecretPasswordKey: redis-password\n ingress:",
    "diff --git a/overlays/prod/kustomization.yaml b/overlays/prod/kustomization.yaml\n"
    "+secretGenerator:\n+  - name: orders-db\n+    envs:\n+      - secrets.env   # not committed, "
    "created by the deploy job from Vault",
    "@@ -12,4 +12,5 @@ environment = \"prod\"\n region      = \"eu-central-1\"\n"
    " instance    = \"m6i.large\"\n+datadog_api_key_ssm = \"/prod/datadog/api_key\"\n"
    " enable_apm  = true",
    f"$ git show {_SHAS[1][:7]}:config/secrets.yml\nproduction:\n"
    "  secret_key_base: <%= ENV[\"SECRET_KEY_BASE\"] %>\n"
    "  aws_access_key_id: <%= ENV[\"AWS_ACCESS_KEY_ID\"] %>",
    "$ git show HEAD~3:deploy/.npmrc\nregistry=https://registry.npmjs.org/\n"
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\nalways-auth=true",
    "git show v1.8.0:src/main/resources/application-prod.properties | grep datasource\n"
    "spring.datasource.url=jdbc:postgresql://orders-db.prod:5432/orders\n"
    "spring.datasource.username=orders_app\nspring.datasource.password=${DB_PASSWORD}",
    f"$ git log -p -S SENDGRID -- config/\ncommit {_SHAS[2]}\nAuthor: ci-bot <ci@acme.dev>\n"
    "Date:   Mon Mar 4 16:20:11 2024 +0000\n\n    wire up mail\n\n"
    "diff --git a/config/mail.ini b/config/mail.ini\n+[sendgrid]\n+api_key = %(SENDGRID_API_KEY)s",
    "git log -p --follow .travis.yml | sed -n '1,40p'\n...\n"
    "+  - secure: \"kP0sQx3mZ0f5Gk9e0F3pZb1oXl0lq2i8k3dQ6O2mS5Uj2r4sYp2v8dJ1o4FzqvB0y1u6e3wN7a"
    "YbK6qT2cH9d1s=\"\n+  - HEROKU_APP=acme-web-prod",
    f"commit {_SHAS[3]} (tag: v0.9.2)\n    release helper\n\ndiff --git a/Makefile b/Makefile\n"
    "+TWINE_USERNAME ?= __token__\n+TWINE_PASSWORD ?= $(shell op read op://ci/pypi/credential)\n"
    " .PHONY: release",
    f"$ git grep -n \"api_key\" $(git rev-list --all -- config) -- config | head -3\n"
    f"{_SHAS[4][:8]}:config/prod.ini:12:api_key = ${{PROD_API_KEY}}\n"
    f"{_SHAS[4][:8]}:config/staging.ini:12:api_key = ${{STAGING_API_KEY}}",
    "git grep -nI \"sk-\" -- ':!*.lock'\nscripts/eval.py:9:client = OpenAI()  # reads "
    "OPENAI_API_KEY\ndocs/setup.md:31:export OPENAI_API_KEY=sk-...  # your key here",
    "PS> git grep -n -i password -- '*.properties'\n"
    "src/main/resources/application.properties:7:spring.mail.password=${MAIL_PASSWORD}\n"
    "src/test/resources/application-it.properties:4:spring.mail.password=${IT_MAIL_PASSWORD:}",
    # traces and errors with the value masked or absent
    "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: "
    "https://api.hubapi.com/crm/v3/objects/contacts?limit=100&after=" + _s(12, DIGITS),
    "│ │    base = 'https://api.openai.com/v1'                  │\n"
    "│ │ headers = {'Authorization': 'Bearer ***'}              │\n"
    "│ │ timeout = 30                                           │\nAPIConnectionError: "
    "Connection error.",
    "pydantic_core._pydantic_core.ValidationError: 1 validation error for Settings\n"
    "redis_url\n  Input should be a valid URL, invalid port number [type=url_parsing, "
    "input_value='redis://cache.internal:63790/0', input_type=str]",
    "Failed to bind properties under 'app.mail.smtp' to com.acme.mail.SmtpProperties:\n\n"
    "    Property: app.mail.smtp.password\n    Value: \"******\"\n"
    "    Origin: System Environment Property \"APP_MAIL_SMTP_PASSWORD\"\n"
    "    Reason: size must be between 0 and 16",
    "Failed to bind properties under 'spring.datasource.url' to java.lang.String:\n\n"
    "    Property: spring.datasource.url\n    Value: \"jdbc:postgresql://db:5432/app?ssl=tru\"\n"
    "    Origin: class path resource [application-prod.yml] - 4:10",
    "AxiosError: Request failed with status code 429\n    at settle (/app/node_modules/axios/"
    "lib/core/settle.js:19:12)\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    url: "
    "'https://api.openai.com/v1/chat/completions',\n    headers: Object [AxiosHeaders] {\n"
    "      Authorization: '[REDACTED]',",
    "RequestError [HttpError]: Bad credentials\n    at /app/node_modules/@octokit/request/"
    "dist-node/index.js:112:21\n  status: 401,\n  request: {\n    method: 'GET',\n    url: "
    "'https://api.github.com/user',\n    headers: {\n      authorization: 'token [REDACTED]'",
    "panic: dial tcp 10.0.4.17:5432: connect: connection refused\n\ngoroutine 1 [running]:\n"
    "main.mustOpenDB({0xc000120000, 0x5f})\n\t/src/cmd/orders/main.go:61 +0x1a5\nexit status 2",
    "{\"level\":\"fatal\",\"ts\":1720775643.118,\"caller\":\"config/load.go:42\",\"msg\":"
    "\"cannot connect to broker\",\"amqp_host\":\"b-4f1c.mq.eu-west-1.amazonaws.com:5671\","
    "\"error\":\"Exception (403) Reason: \\\"no access to this vhost\\\"\"}",
    "Error: failed to fetch index from https://crates.acme.dev/index/\n\nCaused by:\n"
    "    0: error sending request for url (https://crates.acme.dev/index/config.json)\n"
    "    1: client error (Connect)",
    "Error: reqwest::Error { kind: Status(401), url: Url { scheme: \"https\", username: "
    "\"deploy\", password: None, host: Some(Domain(\"registry.acme.dev\")), path: \"/v2/\" } }",
    "Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for "
    "user 'orders_app'.\n   at Acme.Orders.Startup.ConfigureServices(IServiceCollection "
    "services) in /src/Startup.cs:line 48\nClientConnectionId:" + _UUIDS[0],
    "fail: Acme.Orders.Cache.RedisFactory[0]\n      Redis connection failed for "
    "configuration \"cache.acme.dev:6380,password=*****,ssl=True,abortConnect=False\"",
    "+ echo 'Deploying build 1842 to production'\nDeploying build 1842 to production\n"
    "+ curl -fsS -X POST -H 'Authorization: Bearer ***' https://deploy.acme.dev/api/releases "
    "-d '{\"build\":1842}'\n{\"release\":\"r-1842\",\"status\":\"queued\"}",
    "++ aws ecr get-login-password --region eu-west-1\n+ docker login --username AWS "
    "--password-stdin 123456789012.dkr.ecr.eu-west-1.amazonaws.com\nLogin Succeeded",
    "2024-07-11T08:14:02.1134421Z ##[group]Run docker login ghcr.io -u acme-bot "
    "--password-stdin <<< \"$GHCR_TOKEN\"\n2024-07-11T08:14:02.1138877Z env:\n"
    "2024-07-11T08:14:02.1139321Z   GHCR_TOKEN: ***\n2024-07-11T08:14:03.0021118Z Login Succeeded",
    "Running with gitlab-runner 17.1.0 (fe451d5a) on docker-autoscaler-3\n"
    "$ ./scripts/smoke.sh\nGET https://smoke.acme.dev/login?user=smoke&pass=[MASKED] -> 302\n"
    "Job succeeded",
    "| Variable | Example | Notes |\n|---|---|---|\n| `DATABASE_URL` | "
    "`postgres://app:<password>@db.internal:5432/app` | primary |\n| `REDIS_URL` | "
    "`redis://cache:6379/0` | no auth inside the VPC |\n| `STRIPE_SECRET_KEY` | `sk_live_...` "
    "| from Vault: secret/payments |",
    "| name | source |\n| ---- | ------ |\n| SLACK_BOT_TOKEN | secret `notifier` key `slack` |\n"
    "| SENDGRID_API_KEY | secret `mail` key `sendgrid` |\n| LOG_LEVEL | configmap `api` |",
    "$ env | grep -i -E 'token|key|secret' | cut -d= -f1\nGITHUB_TOKEN\nHF_TOKEN\n"
    "SSH_AUTH_SOCK",
    "PS C:\\src\\acme> Get-ChildItem Env: | Where-Object Name -like '*KEY*' | "
    "Select-Object Name\n\nName\n----\nANTHROPIC_API_KEY\nSSH_KEY_PATH",
    "root@worker-7f9c:/app# printenv | grep -c API_KEY\n3",
    "$ docker compose config --no-interpolate | yq '.services.db.environment'\n"
    "POSTGRES_DB: shop\nPOSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?}\nPOSTGRES_USER: shop",
    "$ sudo cat /proc/$(pgrep -f gunicorn | head -1)/environ | tr '\\0' '\\n' | cut -d= -f1 | "
    "sort\nDJANGO_SETTINGS_MODULE\nEMAIL_HOST_PASSWORD\nPATH",
    "$ strace -f -e trace=openat ./cache-warmer 2>&1 | grep -v ENOENT | head -3\n"
    "openat(AT_FDCWD, \"/etc/ld.so.cache\", O_RDONLY|O_CLOEXEC) = 3\n"
    "openat(AT_FDCWD, \"/etc/cache-warmer/config.toml\", O_RDONLY|O_CLOEXEC) = 3",
    "# tcpdump -nn -i eth0 'tcp port 443' -c 3\n09:14:22.118204 IP 10.0.3.7.51422 > "
    "10.0.3.21.443: Flags [P.], seq 1:518, ack 1, win 502, length 517\n"
    "(TLS, so no headers visible; switched to the app's debug log instead)",
    "2024-07-11 09:14:22.118 UTC [88412] admin@orders LOG:  statement: GRANT pg_read_all_data "
    "TO reporting;\n2024-07-11 09:14:22.131 UTC [88412] admin@orders LOG:  duration: 0.412 ms",
    "10.0.3.7 - - [11/Jul/2024:09:14:22 +0000] \"GET /v1/geocode?q=Porto&apiKey=[FILTERED] "
    "HTTP/1.1\" 200 812 \"-\" \"okhttp/4.12.0\"",
    f"10.0.3.7 - - [11/Jul/2024:09:14:23 +0000] \"GET /static/app.{_hex(8)}.js HTTP/2.0\" 200 "
    f"48213 \"https://app.acme.dev/\" \"Mozilla/5.0\" rt=0.004 req_id={_hex(32)}",
    "Request URL: https://api.acme.dev/graphql\nRequest Method: POST\nStatus Code: 401 "
    "Unauthorized\n:authority: api.acme.dev\nauthorization: Bearer <redacted>\n"
    f"x-request-id: {_UUIDS[1]}",
    "E       AssertionError: assert {'Accept': 'application/json', 'Authorization': 'Bearer "
    "***'} == {'Accept': 'application/json'}\nE         Left contains 1 more item:\n"
    "E         {'Authorization': 'Bearer ***'}",
    "--- FAIL: TestClientSetsAuthHeader (0.00s)\n    client_test.go:42: Authorization header "
    "missing; want \"token <redacted>\"\nFAIL",
    "127.0.0.1:6379> CONFIG GET maxmemory-policy\n1) \"maxmemory-policy\"\n2) \"allkeys-lru\"",
    "$ git config --get remote.origin.url\nhttps://gitlab.acme.dev/platform/infra.git",
    "$ heroku config -a acme-api | cut -d: -f1\n=== acme-api Config Vars\nDATABASE_URL\n"
    "REDIS_URL\nSENTRY_DSN",
    "{\n  \"name\": \"API (debug)\",\n  \"type\": \"debugpy\",\n  \"request\": \"launch\",\n"
    "  \"module\": \"uvicorn\",\n  \"envFile\": \"${workspaceFolder}/.env.local\"\n}",
    "<envs>\n  <env name=\"SPRING_PROFILES_ACTIVE\" value=\"local\" />\n</envs>\n"
    "<option name=\"ENV_FILES\" value=\"$PROJECT_DIR$/.env\" />",
    "{\n  \"request\": {\n    \"method\": \"GET\",\n    \"urlPath\": \"/user\",\n    "
    "\"headers\": {\"Authorization\": {\"matches\": \"Bearer .+\"}}\n  },\n  \"response\": "
    "{\"status\": 200, \"bodyFileName\": \"user.json\"}\n}",
    "nock('https://api.sendgrid.com')\n  .matchHeader('authorization', /^Bearer /)\n"
    "  .post('/v3/mail/send')\n  .reply(202)",
    "      parameters:\n        - name: X-API-Key\n          in: header\n          required: "
    "true\n          schema:\n            type: string\n          example: YOUR_API_KEY",
    "### List invoices\n\n```bash\ncurl https://api.acme.dev/v1/invoices \\\n"
    "  -H \"Authorization: Bearer $ACME_API_KEY\"\n```",
    "\"request\": {\n  \"url\": \"https://api.acme.dev/v1/exports\",\n  \"method\": \"POST\",\n"
    "  \"headers\": [\n    [\"Authorization\", \"[Filtered]\"],\n    [\"User-Agent\", "
    "\"acme-cli/3.2.0\"]\n  ]\n},",
    "\"extra\": {\n  \"smtp_host\": \"smtp.office365.com\",\n  \"smtp_user\": "
    "\"noreply@acme.dev\",\n  \"smtp_password\": \"[Filtered]\"\n}",
    "{\n  \"RuleID\": \"generic-api-key\",\n  \"Description\": \"Detected a Generic API Key\",\n"
    "  \"StartLine\": 12,\n  \"Match\": \"api_key = REDACTED\",\n  \"Secret\": \"REDACTED\",\n"
    f"  \"File\": \"config/prod.ini\",\n  \"Commit\": \"{_SHAS[5]}\"\n}}",
    "Found unverified result 🐷🔑❓\nDetector Type: Github\nDecoder Type: PLAIN\n"
    "Raw result: [redacted by the note's author]\nFile: .github/workflows/release.yml\nLine: 31",
    "cat > .env <<'EOF'\nAPP_ENV=production\nDATABASE_URL=${DATABASE_URL}\n"
    "OPENAI_API_KEY=$(op read op://prod/openai/credential)\nEOF",
    "sudo tee /etc/default/sync-agent >/dev/null <<EOF\nSYNC_ENDPOINT=https://sync.acme.dev\n"
    "SYNC_TOKEN_FILE=/etc/sync-agent/token\nEOF\nsudo systemctl restart sync-agent",
    "sed -i \"s/^SENDGRID_API_KEY=.*/SENDGRID_API_KEY=${SENDGRID_API_KEY}/\" .env",
    "yq -i '.auth.token = strenv(AUTH_TOKEN) | .auth.endpoint = \"https://auth.acme.dev\"' "
    "config.yaml",
    "$ helm template shop ./chart -f values-prod.yaml | grep -A6 'secretKeyRef'\n"
    "              secretKeyRef:\n                name: shop-db\n                key: password",
    "$ helm diff upgrade shop ./chart -f values-prod.yaml\ndefault, shop-db, Secret (v1) has "
    "changed:\n  data:\n-   password: '-------- # (16 bytes)'\n+   password: '++++++++ # (24 "
    "bytes)'",
    "$ logcli query '{app=\"billing\"} |= \"token\"' --limit 2\n2024-07-11T09:14:22Z "
    "{app=\"billing\"} refreshing upstream session token=[REDACTED]\n2024-07-11T09:14:23Z "
    "{app=\"billing\"} upstream session ok",
    "{\"type\": \"tool_use\", \"id\": \"toolu_01Xq9\", \"name\": \"Bash\",\n \"input\": "
    "{\"command\": \"huggingface-cli upload acme/eval-set ./data --token "
    "\\\"$(cat ~/.cache/huggingface/token)\\\"\"}}",
    "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"tools/call\",\n \"params\": {\"name\": "
    "\"query\", \"arguments\": {\"connection\": \"warehouse\", \"sql\": \"select count(*) from "
    "orders\"}}}",
    "User: the new Anthropic key is in 1Password under \"Anthropic prod\", can you wire it "
    "up?\nAssistant: Added `ANTHROPIC_API_KEY=op://prod/anthropic/credential` to .env.tpl and "
    "ran `op inject -i .env.tpl -o .env.local`.",
    "> const mg = mailgun.client({ username: 'api', key: process.env.MAILGUN_API_KEY });\n\n"
    "Good, this now reads from the environment. Please also add it to .env.example (empty).",
    "Patch Set 4:\n\nFile deploy/publish.sh:\nLine 14: export NPM_TOKEN=\"$(vault kv get "
    "-field=token secret/ci/npm)\"\n> Looks good, thanks for moving it to Vault.",
]

_ORD_FORMATS: list[str] = [
    # tool and framework files with the secret referenced, not written
    "{\n  \"mcpServers\": {\n    \"github\": {\n      \"command\": \"npx\",\n      \"args\": "
    "[\"-y\", \"@modelcontextprotocol/server-github\"],\n      \"env\": "
    "{\"GITHUB_PERSONAL_ACCESS_TOKEN\": \"${GITHUB_TOKEN}\"}\n    }\n  }\n}",
    "{\n  \"inputs\": [\n    {\"type\": \"promptString\", \"id\": \"github_token\", "
    "\"description\": \"GitHub Personal Access Token\", \"password\": true}\n  ],\n"
    "  \"servers\": {\n    \"github\": {\"command\": \"docker\", \"args\": [\"run\", \"-i\", "
    "\"--rm\", \"-e\", \"GITHUB_PERSONAL_ACCESS_TOKEN\", \"ghcr.io/github/github-mcp-server\"],\n"
    "      \"env\": {\"GITHUB_PERSONAL_ACCESS_TOKEN\": \"${input:github_token}\"}}\n  }\n}",
    "[mcp_servers.brave-search]\ncommand = \"npx\"\nargs = [\"-y\", "
    "\"@modelcontextprotocol/server-brave-search\"]\nenv_vars = [\"BRAVE_API_KEY\"]",
    "$ claude mcp add sentry -e SENTRY_AUTH_TOKEN=\"$SENTRY_AUTH_TOKEN\" -- npx -y "
    "@sentry/mcp-server\nAdded stdio MCP server sentry with command: npx -y @sentry/mcp-server "
    "to local config",
    "{\n  \"mcpServers\": {\n    \"postgres\": {\n      \"command\": \"npx\",\n      \"args\": "
    "[\"-y\", \"@modelcontextprotocol/server-postgres\", "
    "\"postgresql://localhost:5432/app\"]\n    }\n  }\n}",
    "models:\n  - name: Claude 3.5 Sonnet\n    provider: anthropic\n    model: "
    "claude-3-5-sonnet-latest\n    apiKey: ${{ secrets.ANTHROPIC_API_KEY }}\n    roles:\n"
    "      - chat",
    "{\n  \"models\": [\n    {\"title\": \"Llama 3.1 8B\", \"provider\": \"ollama\", "
    "\"model\": \"llama3.1:8b\", \"apiBase\": \"http://localhost:11434\"}\n  ]\n}",
    "# .aider.conf.yml\nmodel: sonnet\n# the key comes from ANTHROPIC_API_KEY in .env "
    "(gitignored)\nauto-commits: false\ndark-mode: true",
    "aider --model openrouter/anthropic/claude-3.5-sonnet --api-key "
    "openrouter=$OPENROUTER_API_KEY src/app.py",
    "module.exports = {\n  platform: 'gitlab',\n  endpoint: 'https://gitlab.acme.dev/api/v4/',\n"
    "  token: process.env.RENOVATE_TOKEN,\n  hostRules: [\n    { hostType: 'npm', matchHost: "
    "'npm.acme.dev', token: process.env.NPM_ACME_TOKEN },\n  ],\n};",
    "{\n  \"hostRules\": [\n    {\n      \"matchHost\": \"registry.acme.dev\",\n"
    f"      \"encrypted\": {{\"password\": \"{_RENOVATE_ENC}\"}}\n    }}\n  ]\n}}",
    "registries:\n  nexus-maven:\n    type: maven-repository\n    url: "
    "https://nexus.acme.dev/repository/maven-public\n    username: dependabot\n"
    "    password: ${{secrets.NEXUS_PASSWORD}}",
    "registries:\n  npm-acme:\n    type: npm-registry\n    url: https://npm.acme.dev\n"
    "    token: ${{secrets.NPM_ACME_TOKEN}}\n    replaces-base: true",
    "{\n  \"$schema\": \"./node_modules/nx/schemas/nx-schema.json\",\n  \"nxCloudId\": "
    f"\"{_NX_CLOUD_ID}\",\n  \"defaultBase\": \"main\"\n}}",
    "env:\n  NX_CLOUD_ACCESS_TOKEN: ${{ secrets.NX_CLOUD_ACCESS_TOKEN }}\n"
    "  NX_BRANCH: ${{ github.event.number }}",
    "    env:\n      DEVELOCITY_ACCESS_KEY: ${{ secrets.DEVELOCITY_ACCESS_KEY }}\n"
    "      GRADLE_OPTS: -Dorg.gradle.daemon=false",
    "$ ./gradlew provisionDevelocityAccessKey\n> Task :provisionDevelocityAccessKey\n"
    "Access key provisioned and stored in ~/.gradle/develocity/keys.properties",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: deploy-repo\n  namespace: argocd\n"
    "  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: git\n"
    "  url: https://github.com/acme/deploy.git\n  githubAppID: \"412977\"\n"
    "  githubAppInstallationID: \"51230148\"",
    "argocd repo add git@github.com:acme/deploy.git --ssh-private-key-path ~/.ssh/argocd_deploy",
    "inputs = {\n  db_username = \"orders\"\n  db_password = get_env(\"TF_VAR_db_password\")\n"
    "  instance    = \"db.t4g.medium\"\n}",
    "locals {\n  secrets = yamldecode(sops_decrypt_file(\"${get_terragrunt_dir()}/secrets.enc"
    ".yaml\"))\n}\ninputs = {\n  datadog_api_key = local.secrets.datadog_api_key\n}",
    "@secure()\nparam adminPassword string\n\nparam location string = resourceGroup().location",
    "\"adminPassword\": {\n  \"reference\": {\n    \"keyVault\": {\"id\": \"/subscriptions/"
    f"{_UUIDS[2]}/resourceGroups/rg-shared/providers/Microsoft.KeyVault/vaults/kv-acme-prod\"}},\n"
    "    \"secretName\": \"vm-admin-password\"\n  }\n}",
    "%prod.quarkus.datasource.password=${DB_PASSWORD}\n"
    "quarkus.oidc.credentials.secret=${OIDC_CLIENT_SECRET:}\n"
    "quarkus.oidc.client-id=orders-api",
    "micronaut:\n  security:\n    token:\n      jwt:\n        signatures:\n          secret:\n"
    "            generator:\n              secret: '${JWT_GENERATOR_SIGNATURE_SECRET}'",
    "play.http.secret.key = \"changeme\"\nplay.http.secret.key = ${?APPLICATION_SECRET}",
    "[release]\n# secret_key comes from ROCKET_SECRET_KEY, generated with "
    "`openssl rand -base64 32`\naddress = \"0.0.0.0\"",
    "$settings['hash_salt'] = file_get_contents('/var/www/private/hash_salt.txt');",
    "$ drush status --fields=drupal-version,db-status,bootstrap\nDrupal version : 10.3.1\n"
    "Database       : Connected\nDrupal bootstrap : Successful",
    "    'crypt' => [\n        'key' => getenv('MAGENTO_CRYPT_KEY')\n    ],",
    "jhipster:\n  security:\n    authentication:\n      jwt:\n        base64-secret: "
    "${JHIPSTER_JWT_BASE64_SECRET}\n        token-validity-in-seconds: 86400",
    "LOCAL_DOMAIN=social.acme.dev\nSECRET_KEY_BASE=\nOTP_SECRET=\nVAPID_PRIVATE_KEY=\n"
    f"VAPID_PUBLIC_KEY={_VAPID_PUB}",
    "$ sudo -u www-data php occ config:system:get version\n29.0.3.4",
    "$CONFIG = array (\n  'instanceid' => 'oc" + _s(10, LOWER_ALNUM) + "',\n"
    "  'trusted_domains' => array (0 => 'cloud.acme.dev'),\n  'dbtype' => 'pgsql',\n"
    "  'overwriteprotocol' => 'https',",
    "docker run -d --name vaultwarden --env-file /srv/vw/vw.env -e "
    "DOMAIN=https://vault.acme.dev vaultwarden/server:1.31.0",
    "$ conan remote login artifactory ci-bot -p \"$CONAN_PASSWORD\"\nChanged user of remote "
    "'artifactory' from 'None' (anonymous) to 'ci-bot' (authenticated)",
    "cabal upload --publish --token=\"$HACKAGE_TOKEN\" "
    "dist-newstyle/sdist/acme-json-1.2.0.tar.gz",
    "    - name: Publish pod\n      run: pod trunk push AcmeKit.podspec --allow-warnings\n"
    "      env:\n        COCOAPODS_TRUNK_TOKEN: ${{ secrets.COCOAPODS_TRUNK_TOKEN }}",
    "julia> using JuliaHub\njulia> JuliaHub.authenticate(\"juliahub.com\")\n"
    "Authentication required: please authenticate in a web browser",
    "channels:\n  - https://conda.anaconda.org/acme\n  - conda-forge\nchannel_priority: strict",
    "anaconda -t \"$ANACONDA_API_TOKEN\" upload --user acme --label main "
    "dist/conda/linux-64/acme-tools-2.3.0-py312_0.conda",
    "clouds:\n  ovh-gra:\n    auth_type: v3applicationcredential\n    auth:\n"
    "      auth_url: https://auth.cloud.ovh.net/v3\n"
    f"      application_credential_id: {_OPENSTACK_IDS[0]}\n    region_name: GRA11\n"
    "# the secret is in secure.yaml, not in this file",
    "$ openstack application credential list\n+----------------------------------+-----------"
    f"---+\n| ID                               | Name         |\n+-----+\n| {_OPENSTACK_IDS[1]} | "
    f"terraform-ci |\n| {_OPENSTACK_IDS[2]} | backup       |\n+-----+",
    "\"postgres-jdbc-18f2c1a9e4b-5d1c\": {\n  \"provider\": \"postgresql\",\n  \"driver\": "
    "\"postgres-jdbc\",\n  \"name\": \"analytics\",\n  \"save-password\": false,\n"
    "  \"configuration\": {\"host\": \"dw.acme.local\", \"port\": \"5432\", \"database\": "
    "\"dw\", \"auth-model\": \"native\"}\n}",
    "restapi:\n  listen: 0.0.0.0:8008\n  authentication:\n    username: patroni\n"
    "    # password via PATRONI_RESTAPI_PASSWORD from the k8s secret\npostgresql:\n"
    "  authentication:\n    superuser:\n      username: postgres",
    "$ pgbackrest --stanza=main info\nstanza: main\n    status: ok\n    cipher: aes-256-cbc\n\n"
    f"    db (current)\n        wal archive min/max (16): {_WAL[0]}/{_WAL[1]}",
    f"$ ceph -s\n  cluster:\n    id:     {_CEPH_FSID}\n    health: HEALTH_OK\n\n  services:\n"
    "    mon: 3 daemons, quorum a,b,c (age 4d)\n    osd: 12 osds: 12 up, 12 in",
    "ceph auth get-key client.rbd-k8s | kubectl -n ceph-csi create secret generic "
    "csi-rbd-secret --from-literal=userID=rbd-k8s --from-file=userKey=/dev/stdin",
    "include \"/etc/bind/ddns-update.key\";\nzone \"acme.dev\" { type primary; file "
    "\"/var/named/acme.dev.zone\"; allow-update { key \"ddns-update\"; }; };",
    f"acme.dev. 3600 IN DNSKEY 257 3 15 {_DNSKEY}\n"
    f"acme.dev. 3600 IN DS 2371 15 2 {_DS_DIGEST}",
    "{\n  \"server\": \"0.0.0.0\",\n  \"server_port\": 8388,\n  \"password\": "
    "\"${SS_PASSWORD}\",\n  \"method\": \"chacha20-ietf-poly1305\"\n}",
    f"$ xray x25519 -i \"$(cat /etc/xray/private.key)\"\nPublic key: {_REALITY_PUB}",
    "encrypt = \"{{ with secret \\\"kv/data/consul\\\" }}{{ .Data.data.gossip_key }}{{ end }}\"",
    "$ consul members\nNode     Address          Status  Type    Build   Protocol  DC    "
    "Partition  Segment\nconsul-1 10.0.1.10:8301   alive   server  1.19.0  2         fra1  "
    "default    <all>",
    "curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.10:6443 "
    "K3S_TOKEN_FILE=/etc/rancher/k3s/cluster-token sh -",
    "apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\nmetadata:\n  name: zerossl\nspec:\n"
    "  acme:\n    server: https://acme.zerossl.com/v2/DV90\n    externalAccountBinding:\n"
    "      keyID: eab-key-id-from-zerossl\n      keySecretRef:\n        name: zerossl-eab\n"
    "        key: secret",
    "[preset.0.options]\n\ncustom_template/release=\"\"\nscript_encryption_key=\"\"\n"
    "binary_format/embed_pck=true",
    "\"plugins\": {\n  \"updater\": {\n    \"endpoints\": [\"https://releases.acme.dev/"
    "{{target}}/{{arch}}/{{current_version}}\"],\n"
    f"    \"pubkey\": \"{_TAURI_PUBKEY}\"\n  }}\n}}",
    "<Server>\n    <Host>ftp.acme-hosting.net</Host>\n    <Port>21</Port>\n    <User>acme_web"
    "</User>\n    <Logontype>2</Logontype>\n    <Name>acme prod (ask for password)</Name>\n"
    "</Server>",
    "[Sessions\\deploy@web01.acme.dev]\nHostName=web01.acme.dev\nUserName=deploy\n"
    "PublicKeyFile=C:%5CUsers%5Cdev%5C.ssh%5Cdeploy.ppk\nFSProtocol=2",
    "github.com\n  ✓ Logged in to github.com account acme-dev (keyring)\n"
    "  - Active account: true\n  - Git operations protocol: https\n"
    "  - Token: gho_************************************\n"
    "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
    f"name = \"edge-router\"\nmain = \"src/index.ts\"\naccount_id = \"{_CF_ACCOUNT}\"\n\n"
    f"[[kv_namespaces]]\nbinding = \"SESSIONS\"\nid = \"{_KV_ID}\"",
    "{\n  \"projects\": {\n    \"default\": \"acme-web\",\n    \"staging\": "
    "\"acme-web-staging\"\n  }\n}",
    "firebase deploy --only hosting --project acme-web  # auth via "
    "GOOGLE_APPLICATION_CREDENTIALS (workload identity)",
    # vendor places with the value referenced
    "infisical run --env=prod --path=/payments -- node dist/worker.js",
    "export INFISICAL_TOKEN=$(infisical login --method=universal-auth "
    "--client-id=\"$INFISICAL_CLIENT_ID\" --client-secret=\"$INFISICAL_CLIENT_SECRET\" "
    "--silent --plain)",
    "    - uses: cachix/cachix-action@v15\n      with:\n        name: acme\n"
    "        authToken: '${{ secrets.CACHIX_AUTH_TOKEN }}'",
    "substituters = https://cache.nixos.org https://acme.cachix.org\n"
    f"trusted-public-keys = {_CACHIX_PUB}",
    "lk token create --api-key \"$LIVEKIT_API_KEY\" --api-secret \"$LIVEKIT_API_SECRET\" "
    "--join --room standup --identity bot-1 --valid-for 24h",
    "LIVEKIT_URL=wss://acme-7f3k2q.livekit.cloud\n# LIVEKIT_API_KEY / LIVEKIT_API_SECRET "
    "come from Doppler (project: rtc, config: prd)",
    "curl -s https://4F2A1.playfabapi.com/Server/GetUserAccountInfo -H \"X-SecretKey: "
    "$PLAYFAB_SECRET_KEY\" -H \"Content-Type: application/json\" -d "
    "'{\"PlayFabId\":\"8A2C4E6F10B3D5E7\"}'",
    "curl -s https://api.gcore.com/cloud/v1/instances/1/2 -H \"Authorization: APIKey "
    "$GCORE_TOKEN\"",
    "export CLOUDSMITH_API_KEY=\"$(pass show ci/cloudsmith)\"\ncloudsmith push python "
    "acme/internal dist/acme_tools-2.3.0-py3-none-any.whl",
    "sudo netbird up --management-url https://netbird.acme.dev --setup-key-file "
    "/run/secrets/nb_setup_key",
    "$ netbird status\nDaemon status: Connected\nManagement: Connected\nSignal: Connected\n"
    "NetBird IP: 100.92.14.7/16\nInterface type: Kernel\nPeers count: 11/14 Connected",
    "curl https://api.revenuecat.com/v1/subscribers/app_user_42 -H \"Authorization: Bearer "
    "$REVENUECAT_SECRET_KEY\"",
    "curl --request GET --url 'https://api.themoviedb.org/3/movie/550?language=en-US' "
    "--header \"Authorization: Bearer $TMDB_TOKEN\" --header 'accept: application/json'",
    "reddit = praw.Reddit(\"modbot\")  # site section in praw.ini; secret from "
    "praw_client_secret env var",
    "curl -s https://cloud.tenable.com/scans -H 'accept: application/json' -H \"X-ApiKeys: "
    "accessKey=$TIO_ACCESS_KEY;secretKey=$TIO_SECRET_KEY\"",
    "auth: { user: 'emailapikey', pass: process.env.ZEPTOMAIL_TOKEN },",
    "curl -G \"https://dapi.kakao.com/v2/local/search/address.json\" --data-urlencode "
    "\"query=판교역로 166\" -H \"Authorization: KakaoAK ${KAKAO_REST_KEY}\"",
    "rest_command:\n  garage_relay:\n    url: http://10.0.20.5:8123/api/services/switch/toggle\n"
    "    method: post\n    headers:\n      authorization: !secret ha_bearer",
    "const admin = createClient(process.env.SUPABASE_URL!, "
    "process.env.SUPABASE_SERVICE_ROLE_KEY!, { auth: { persistSession: false } })",
    "EMAIL_HOST = \"email-smtp.eu-west-1.amazonaws.com\"\nEMAIL_PORT = 587\n"
    "EMAIL_HOST_USER = env(\"SES_SMTP_USER\")\nEMAIL_HOST_PASSWORD = env(\"SES_SMTP_PASSWORD\")",
    "DATABASE_URL=\"prisma://accelerate.prisma-data.net/?api_key=__API_KEY__\"",
    "curl -s 'https://api.coingecko.com/api/v3/simple/price?ids=bitcoin&vs_currencies=eur' "
    "-H \"x-cg-demo-api-key: $CG_KEY\"",
]

_ORD_PUBLIC: list[str] = [
    # long random-looking public values, as they sit beside secrets
    f"commit {_SHAS[6]}\nMerge: {_SHAS[7][:7]} {_SHAS[8][:7]}\nAuthor: ci-bot <ci@acme.dev>",
    f"Fixed in {_SHAS[9]} (cherry-picked to release/2.4 as {_SHAS[10][:12]}).",
    f"$ git rev-parse HEAD origin/main\n{_SHAS[11]}\n{_SHAS[12]}",
    f"ghcr.io/acme/api@sha256:{_DIGESTS[0]}",
    f"FROM python:3.12-slim@sha256:{_DIGESTS[1]} AS base",
    f"$ docker buildx imagetools inspect ghcr.io/acme/api:2.4.1\nName:      "
    f"ghcr.io/acme/api:2.4.1\nMediaType: application/vnd.oci.image.index.v1+json\n"
    f"Digest:    sha256:{_DIGESTS[2]}",
    f"version https://git-lfs.github.com/spec/v1\noid sha256:{_LFS_OID}\nsize 48213377",
    f"\"node_modules/zod\": {{\n  \"version\": \"3.23.8\",\n  \"resolved\": "
    f"\"https://registry.npmjs.org/zod/-/zod-3.23.8.tgz\",\n  \"integrity\": \"{_SRI[0]}\"\n}}",
    f"<script src=\"https://cdn.acme.dev/widget.js\" integrity=\"{_SRI[1]}\" "
    "crossorigin=\"anonymous\"></script>",
    f"github.com/spf13/cobra v1.8.1 {_GO_SUM}",
    f"[[package]]\nname = \"serde\"\nversion = \"1.0.204\"\nsource = "
    f"\"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{_DIGESTS[3]}\"",
    f"requests==2.32.3 \\\n    --hash=sha256:{_DIGESTS[4]} \\\n    --hash=sha256:{_DIGESTS[5]}",
    f"/nix/store/{_NIX_HASHES[0]}-python3-3.12.4\n/nix/store/{_NIX_HASHES[1]}-openssl-3.0.14",
    f"SHA256 fingerprint={_CERT_FP}",
    f"pub   ed25519 2024-02-11 [SC]\n      {_GPG_FP}\nuid           [ultimate] Release Bot "
    "<release@acme.dev>",
    f"ssh-ed25519 {_SSH_ED_PUB} deploy@acme",
    f"[Peer]\nPublicKey = {_WG_PUBS[0]}\nAllowedIPs = 10.8.0.2/32\nEndpoint = "
    "vpn.acme.dev:51820",
    f"[Interface]\nAddress = 10.8.0.1/24\nListenPort = 51820\nPrivateKey = "
    f"<from /etc/wireguard/wg0.key>\n\n[Peer]\nPublicKey = {_WG_PUBS[1]}\n"
    "AllowedIPs = 10.8.0.3/32",
    f"$ wg show wg0 peers\n{_WG_PUBS[2]}\n{_WG_PUBS[3]}",
    f"Encrypt the secrets file for the team: `sops --encrypt --age {_AGE_RECIPIENT} "
    "secrets.yaml > secrets.enc.yaml`",
    f"db_password: {_SOPS_VALUE}",
    _ANSIBLE_VAULT,
    f"apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: stripe\n"
    f"spec:\n  encryptedData:\n    api-key: {_SEALED}",
    _PUBLIC_PEM,
    _CSR_PEM,
    f"Client ID (public, fine in the SPA bundle): {_GOOGLE_CLIENT_ID}",
    f"<div class=\"g-recaptcha\" data-sitekey=\"{_RECAPTCHA_SITE}\"></div>",
    f"x-amz-request-id: {_s(16, UPPER_ALNUM)}\nx-amz-id-2: {_AMZ_ID2}",
    f"X-Cache: Miss from cloudfront\nX-Amz-Cf-Pop: FRA56-P3\nX-Amz-Cf-Id: {_CF_ID}==",
    f"traceparent: {_TRACE}",
    f"ETag: \"{_S3_ETAG}\"\nLast-Modified: Thu, 11 Jul 2024 09:14:22 GMT",
    f"ETag: W/\"{_hex(8)}-{_hex(27)}\"",
    f"Content-Security-Policy: script-src 'self' 'nonce-{_CSP_NONCE}'; object-src 'none'",
    f"https://auth.acme.dev/authorize?response_type=code&client_id=web-spa&redirect_uri="
    f"https%3A%2F%2Fapp.acme.dev%2Fcallback&code_challenge={_PKCE_CHALLENGE}"
    f"&code_challenge_method=S256&state={_OAUTH_STATE}",
    f"request_id={_UUIDS[3]} trace_id={_hex(32)} span_id={_hex(16)} status=200 dur_ms=41",
    f"x-ms-request-id: {_UUIDS[4]}\nx-ms-correlation-request-id: {_UUIDS[5]}",
    f"{{\"id\": \"evt_{_s(24)}\", \"object\": \"event\", \"type\": \"charge.succeeded\", "
    f"\"request\": {{\"id\": \"req_{_s(14)}\"}}}}",
    f"metadata:\n  name: api-6d8f7c9b5-x2kqp\n  uid: {_UUIDS[6]}\n  resourceVersion: "
    "\"48213377\"",
    f"\"lineage\": \"{_UUIDS[7]}\",\n\"serial\": 412,\n\"terraform_version\": \"1.9.2\"",
    f"{{\"time\": \"2024-07-11T09:14:22Z\", \"type\": \"request\", \"auth\": {{\"client_token\": "
    f"\"{_VAULT_HMAC}\", \"accessor\": \"hmac-sha256:{_hex(64)}\"}}}}",
    f"$ vault token lookup -format=json | jq -r .data.accessor\n{_ACCESSOR}",
    f"Deployed contract at {_ETH_ADDR} (tx 0x{_hex(64)})",
    f"Build {_ulid()} finished in 4m12s; artifact id {_ulid()}",
    f"Idempotency-Key: {_UUIDS[8]}",
    f"Set-Cookie: __cf_bm=; Max-Age=0\nCF-RAY: {_hex(16)}-FRA",
    f"X-GitHub-Request-Id: {_s(4, UPPER_HEX)}:{_s(5, UPPER_HEX)}:{_s(7, UPPER_HEX)}:"
    f"{_s(7, UPPER_HEX)}:{_s(8, UPPER_HEX)}",
    f"SSHFP 4 2 {_hex(64)}",
    f"ED25519 key fingerprint is SHA256:{_std64(32).rstrip('=')}.",
    f"Release notes for 2.4.1 ({_SHAS[13][:9]}): checksums in SHA256SUMS, signed with "
    f"minisign key {_s(16, UPPER_HEX)}.",
    f"{_DIGESTS[6]}  acme-cli_2.4.1_linux_amd64.tar.gz\n{_DIGESTS[7]}  "
    "acme-cli_2.4.1_darwin_arm64.tar.gz",
    f"<key>SUPublicEDKey</key>\n<string>{_std64(32)}</string>",
    f"\"cosign.pub\" fingerprint {_colon_hex(20)}; verify with `cosign verify --key "
    "cosign.pub ghcr.io/acme/api:2.4.1`",
    f"Invoice {_s(8, UPPER_ALNUM)}-0007 paid; payment_intent pi_{_s(24)}",
    f"session id (opaque, server-side lookup only) logged at DEBUG: sid={_hex(8)}..."
    " truncated",
]

_ORD_HUMAN: list[str] = [
    # where people type passwords, with the password prompted for or read from a store
    "dev@build01:~$ mysql -u admin -p reports\nEnter password:\nERROR 1045 (28000): Access "
    "denied for user 'admin'@'localhost' (using password: YES)\ndev@build01:~$ mysql -u admin "
    "-p reports\nEnter password:\nWelcome to the MySQL monitor.",
    "~/src/infra % sudo systemctl restart nginx\n[sudo] password for jdoe:\n~/src/infra % "
    "systemctl status nginx --no-pager | head -3",
    "dev@web01:~$ sl\nCommand 'sl' not found, but can be installed with:\nsudo apt install sl",
    "$ ./scripts/bootstrap-dev.sh\nDatabase user [app]: app\nDatabase password (input "
    "hidden):\nWriting .env.local ... done",
    "Connected to /dev/ttyUSB0 at 115200\nsw-core-01 login: admin\nPassword:\nLast login: "
    "Thu Jul 11 09:14:22 on ttyS0",
    "$ db2 connect to SAMPLE user db2inst1\nEnter current password for db2inst1:\n\n"
    "   Database Connection Information\n\n Database server        = DB2/LINUXX8664 11.5.9.0",
    "db2 \"connect to FINPROD user etl_load using '$DB2_ETL_PW'\"\ndb2 -tvf load_ledger.sql",
    ".RUN FILE = /secure/etl/logon.txt;\n.SET WIDTH 200;\nSELECT COUNT(*) FROM sales.orders;",
    "export VSQL_USER=dbadmin\n# VSQL_PASSWORD comes from /etc/vertica/env (mode 0600)\nvsql -h "
    "vertica01.acme.local -c \"select version();\"",
    "isql-fb -user SYSDBA /var/lib/firebird/data/shop.fdb\nPassword:\nDatabase: "
    "/var/lib/firebird/data/shop.fdb, User: SYSDBA",
    "hdbsql -U BACKUPKEY \"SELECT * FROM M_BACKUP_CATALOG ORDER BY SYS_START_TIME DESC LIMIT "
    "1\"",
    "$ hdbuserstore LIST\nDATA FILE       : /usr/sap/HDB/home/.hdb/hana01/SSFS_HDB.DAT\n"
    "KEY FILE        : /usr/sap/HDB/home/.hdb/hana01/SSFS_HDB.KEY\n\nKEY BACKUPKEY\n"
    "  ENV : hana01:30013@SYSTEMDB\n  USER: BACKUP_OPERATOR",
    "plink -ssh -batch -i C:\\keys\\deploy.ppk deploy@web01.acme.local \"sudo systemctl "
    "reload nginx\"",
    "xfreerdp /v:ts01.acme.local /u:ACME\\\\jdoe /from-stdin /dynamic-resolution +clipboard",
    "cmdkey /list:TERMSRV/ts01.acme.local\n\nCurrently stored credentials for "
    "TERMSRV/ts01.acme.local:\n\n    Target: TERMSRV/ts01.acme.local\n    Type: Domain "
    "Password\n    User: ACME\\jdoe",
    "racadm -r 10.0.9.21 -u root -p \"$IDRAC_PW\" getsysinfo | grep -E 'Power Status|Service "
    "Tag'",
    "lftp -u deploy, sftp://files.acme.dev -e \"mirror -R dist /www; bye\"   # empty password: "
    "uses the ssh agent",
    "cf login -a https://api.cf.eu10.hana.ondemand.com --sso -o acme -s prod",
    "argocd login argocd.acme.dev --sso --grpc-web",
    "vault login -method=oidc role=dev\nComplete the login via your OIDC provider. Launching "
    "browser to:\n    https://sso.acme.dev/oauth2/authorize?client_id=vault",
    "oc login --web https://api.ocp.acme.dev:6443\nOpening login URL in the default browser",
    "skopeo copy --src-authfile ~/.config/containers/auth.json "
    "docker://registry.acme.dev/app:1.4 docker://ghcr.io/acme/app:1.4",
    "crane auth login registry.acme.dev -u jdoe --password-stdin < ~/.config/acme/registry-pw",
    "sudo passwd --expire deploy   # forces a new password at next login",
    "chpasswd:\n  expire: true\n  users:\n    - name: ubuntu\n      type: RANDOM",
    "DJANGO_SUPERUSER_PASSWORD=\"$(openssl rand -base64 24)\" python manage.py "
    "createsuperuser --noinput --username admin --email admin@acme.dev",
    "$ wp user reset-password editor\nReset password for editor.\nSuccess: Password reset "
    "for 1 user.",
    "irb(main):001> User.find_by(email: \"ops@acme.dev\").send_reset_password_instructions\n"
    "=> \"" + _s(20, B64URL) + "\"",
    "    environment:\n      GF_SECURITY_ADMIN_USER: admin\n      GF_SECURITY_ADMIN_PASSWORD__FILE:"
    " /run/secrets/grafana_admin",
    "git config --global credential.helper 'cache --timeout=3600'",
    "$ printf 'protocol=https\\nhost=git.acme.dev\\n\\n' | git credential fill\nUsername for "
    "'https://git.acme.dev': jdoe\nPassword for 'https://jdoe@git.acme.dev':",
    "davs://jdoe@cloud.acme.dev/remote.php/webdav/",
    "Invoke-Sqlcmd -ServerInstance sql01 -Database Shop -Credential (Get-Credential) -Query "
    "\"SELECT TOP 5 * FROM dbo.Orders\"",
    "twine upload -r acme dist/*   # TWINE_PASSWORD is a masked CI variable",
    # the same chat, tickets and mail, in the same languages, without the password
    "Ciao Marco, la password del DB di staging è nel vault, sotto infra/staging-db. "
    "Cambiala dopo il rilascio per favore.",
    "Hoi Sanne, het wachtwoord voor de FTP-server staat in Bitwarden (collectie Webshop).",
    "Cześć, hasło do serwera testowego jest w KeePassie, wpis \"test-srv\".",
    "운영 DB 비밀번호는 Vault의 secret/prod/db 에 있습니다. 메신저로 공유하지 마세요.",
    "Selam, test sunucusunun şifresini 1Password'e koydum, \"test-srv\" kaydına bak.",
    "Mật khẩu database staging nằm trong Vault (secret/stg/db), đừng gửi qua chat nhé.",
    "Halo, password server staging ada di Bitwarden, folder \"Infra\". Jangan dikirim lewat "
    "chat ya.",
    "Hej! Lösenordet till testmiljön ligger i 1Password under \"Test admin\".",
    "Привіт! Пароль від staging-бази лежить у Vault: secret/stg/db. У чат не пишіть.",
    "مرحباً، كلمة المرور موجودة في خزنة كلمات المرور تحت اسم test-server، لا ترسلها في المحادثة",
    "Bhai staging DB ka password Vault mein hai (secret/stg/db), chat pe mat bhejna.",
    "सर्वर का पासवर्ड Bitwarden में \"deploy\" नाम से रखा है।",
    "OPS-4412: Reset the password for svc_reporting; the new one is in the Ops vault in "
    "1Password. Tableau data source updated, closing.",
    "h3. Access\n* URL: https://staging.acme.dev/admin\n* User: qa\n* Password: see the QA "
    "vault entry \"staging admin\"",
    "## How to test\n1. Open the preview deploy and log in as `demo@acme.dev` (password in the "
    "team vault, entry \"preview demo\")\n2. Go to Settings → Billing and switch plans",
    "## Timeline (UTC)\n- 09:14 on-call used the break-glass account (checked out from Vault, "
    "auto-rotated after 1h)\n- 09:21 replication restarted, lag recovering",
    "**Root cause:** the installer's default admin password was never changed and the admin "
    "UI was reachable from the internet. It has been changed and the UI is now behind the VPN.",
    "Welcome aboard! Ask IT (#it-help) for your accounts; passwords are never written on this "
    "page.",
    "Subject: Handover - hosting accounts\n\nHi Priya,\n\nEverything is in the \"Hosting\" "
    "collection in Bitwarden; I've shared it with you. The registrar has 2FA on the ops phone.",
    "System\tURL\tUser\tPassword\nPlesk\thttps://plesk.acme-hosting.net:8443\tadmin\t(vault)\n"
    "Router\thttp://192.168.1.1\tadmin\t(vault)",
    "Revert \"Set staging admin password from env\"\n\nThis reverts commit "
    f"{_SHAS[14]}.",
    "fix(worker): stop logging the SMTP login\n\nThe worker printed the SMTP user and password "
    "at INFO on every start; now it logs only the host.",
    "chore: read db password from DB_PASSWORD env var",
    # code that handles a secret by name only
    "api_key = os.environ[\"STRIPE_API_KEY\"]",
    "token = os.getenv(\"GITHUB_TOKEN\") or sys.exit(\"GITHUB_TOKEN is not set\")",
    "const apiKey = process.env.OPENAI_API_KEY ?? throwMissing('OPENAI_API_KEY');",
    "let key = std::env::var(\"ANTHROPIC_API_KEY\").context(\"ANTHROPIC_API_KEY not set\")?;",
    "dsn := os.Getenv(\"DATABASE_URL\")\nif dsn == \"\" {\n\tlog.Fatal(\"DATABASE_URL is "
    "required\")\n}",
    "@Value(\"${jwt.secret}\")\nprivate String jwtSecret;",
    "var conn = builder.Configuration.GetConnectionString(\"Default\");",
    "password = Rails.application.credentials.dig(:smtp, :password)",
    "$password = getenv('DB_PASSWORD') ?: throw new RuntimeException('DB_PASSWORD missing');",
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: orders-db\n"
    "      key: password",
    "env:\n  SLACK_BOT_TOKEN: ${{ secrets.SLACK_BOT_TOKEN }}\n  NODE_ENV: production",
    "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
    "password = data.aws_secretsmanager_secret_version.db.secret_string",
    "aws secretsmanager get-secret-value --secret-id prod/orders/db --query SecretString "
    "--output text | jq -r .password > /run/orders/db-password",
    "export GITHUB_TOKEN=$(op read \"op://Private/GitHub PAT/token\")",
    "vault kv get -field=api_key secret/payments/stripe",
    "gcloud secrets versions access latest --secret=sendgrid-api-key",
    "az keyvault secret show --vault-name kv-acme-prod --name sql-admin-password --query "
    "value -o tsv > /dev/null && echo ok",
    "doppler run --project api --config prd -- ./server",
    "kubectl create secret generic stripe --from-literal=api-key=\"$STRIPE_API_KEY\" "
    "--dry-run=client -o yaml | kubeseal -o yaml > sealed-stripe.yaml",
    "echo \"$GHCR_TOKEN\" | docker login ghcr.io -u acme-bot --password-stdin",
    "read -rsp 'Vault token: ' VAULT_TOKEN && export VAULT_TOKEN",
    "$cred = Get-Credential -UserName 'ACME\\svc_backup' -Message 'Backup service account'",
    "password: \"{{ lookup('community.hashi_vault.vault_kv2_get', 'db/orders').secret.password "
    "}}\"",
    "smtp_password: \"{{ vault_smtp_password }}\"   # defined in group_vars/all/vault.yml",
    "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
    "SECRET_KEY = env(\"DJANGO_SECRET_KEY\")\nDEBUG = env.bool(\"DJANGO_DEBUG\", default="
    "False)",
    "config :my_app, MyAppWeb.Endpoint,\n  secret_key_base: System.fetch_env!("
    "\"SECRET_KEY_BASE\")",
    "spring.datasource.password=${DB_PASSWORD}\nspring.mail.password=${MAIL_PASSWORD:}",
    "if not hmac.compare_digest(signature, expected):\n    raise PermissionDenied(\"bad "
    "webhook signature\")",
    "def redact(value: str) -> str:\n    return value[:4] + \"…\" if len(value) > 8 else "
    "\"***\"",
    "log.info(\"connecting\", host=cfg.db_host, user=cfg.db_user)  # never log cfg.db_password",
    "client = OpenAI()  # reads OPENAI_API_KEY from the environment",
    # prose about credentials
    "Rotate the Stripe key stored in Vault at secret/payments, then redeploy the checkout "
    "service so it picks up the new version.",
    "The GitHub token in the CI secret expires on 2024-08-01; created a reminder to rotate "
    "it a week before.",
    "We decided against storing the Postgres password in the Helm values; it now comes from "
    "External Secrets (ClusterSecretStore aws-sm, key prod/orders/db).",
    "Never paste API keys into the ledger: it is pushed with the repo. Reference the secret "
    "store path instead.",
    "The SES SMTP password is derived from the IAM secret key, so rotating the IAM key "
    "invalidates the SMTP password too.",
    "Die Zugangsdaten für die Staging-Datenbank liegen im Vault unter secret/stg/db; bitte "
    "nicht in Tickets kopieren.",
    "Le mot de passe de l'admin est dans Bitwarden, collection « Infra ». Ne le collez pas "
    "dans Slack.",
    "La contraseña de la base de datos se rota cada 30 días automáticamente desde Secrets "
    "Manager.",
    "A senha do servidor de homologação está no cofre (1Password), item \"homolog\".",
    "パスワードは Vault の secret/prod/db に保存されています。チャットに貼らないでください。",
    "数据库密码保存在 Vault 的 secret/prod/db 中，请不要在群里发送。",
    "Пароль от базы лежит в Vault, путь secret/prod/db. В тикеты его не копируйте.",
    "Token rotation runbook: 1) create the new token with the same scopes, 2) update the CI "
    "secret, 3) run the smoke job, 4) revoke the old token.",
    "The leaked key was revoked at 09:41 UTC, 6 minutes after the push; no calls with it in "
    "the provider's audit log after 09:35.",
    "Question for security: is a Sentry DSN a secret? Their docs say it is safe to expose in "
    "client code, so I left it in the frontend config.",
    "Use a fine-grained PAT scoped to acme/deploy with contents:read only; the classic token "
    "had repo scope on everything.",
    "Removed the password from the connection string and switched the app to IAM database "
    "authentication (rds-db:connect).",
    "Keep `.env` out of git (it is in .gitignore) and commit `.env.example` with empty "
    "values.",
    "The OpenStack application credential for Terraform is restricted to the project and has "
    "no role to create other credentials (unrestricted: false).",
    "Password reset emails now expire after 30 minutes instead of 24 hours.",
    "Reminder: the Wi-Fi guest password changes every Monday; it's on the screen at reception.",
    "Passwords must be at least 14 characters; passphrases of four or more random words are "
    "encouraged.",
    "The shared admin account is gone; everyone logs in with SSO and gets admin through the "
    "`grafana-admins` group.",
    "Tauri's updater public key goes in tauri.conf.json; the private key and its password "
    "only in the CI secrets.",
    "k3s join tokens live in /var/lib/rancher/k3s/server/token on the first server; we copy "
    "it to the agents with Ansible from Vault, never through chat.",
    "Consul gossip key rotation: `consul keyring -install`, `-use`, then `-remove` the old one.",
    "The Godot export encryption key is kept in the CI secret GODOT_SCRIPT_KEY; the "
    "export_presets.cfg in git has an empty script_encryption_key.",
    "FileZilla stores saved passwords base64-encoded, not encrypted, unless a master password "
    "is set; set \"Ask for password\" for prod sites.",
    "Heads-up: WinSCP's stored passwords are only obfuscated. Use the master password option "
    "or Pageant keys.",
    "DBeaver encrypts credentials-config.json with a fixed key, so treat that file as "
    "plaintext.",
    "Summer2024 offsite: the agenda is in the shared drive.",
    "Winter2025 release train: code freeze on 2025-01-17.",
    "Build tag: build-2024.07.11-" + _SHAS[15][:7],
    "Choose a passphrase you can remember but nobody can guess; not your pet's name plus a "
    "year.",
    "Password:",
    "password = \"\"",
    "password: <redacted>",
    "DB_PASSWORD=changeme-in-prod  # placeholder, the deploy job refuses to start with it",
    "OPENAI_API_KEY=your-openai-key-here",
    "api_key: \"<YOUR_API_KEY>\"",
    "Authorization: Bearer <token>",
    "export AWS_SECRET_ACCESS_KEY=...  # from `aws configure export-credentials`",
    "token: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "STRIPE_SECRET_KEY=sk_live_************************",
    "password=********",
    # borderline: public by design, documentation examples, hashes
    "Vaultwarden ADMIN_TOKEN='$argon2id$v=19$m=65540,t=3,p=4$" + _std64(32).rstrip("=")
    + "$" + _std64(32).rstrip("=") + "'",
    "2024-07-12 16:02:09.441 CEST [3121] postgres@app LOG:  statement: ALTER USER svc_etl "
    "PASSWORD 'SCRAM-SHA-256$4096:" + _std64(16) + "$" + _std64(32) + ":" + _std64(32) + "'",
    "deploy:$6$" + _s(16, ALNUM + "./") + "$" + _s(86, ALNUM + "./") + ":19915:0:99999:7:::",
    "AWS docs example: AWS_ACCESS_KEY_ID=AKIA" "IOSFODNN7EXAMPLE AWS_SECRET_ACCESS_KEY=wJalrX"
    "UtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "Stripe's docs use sk_test_" "4eC39HqLyjWDarjtT1zdp7dc in every curl example.",
    "const stripe = Stripe('pk_live_" + _s(99) + "');",
    "SUPABASE_ANON_KEY=" + _hs_jwt({"iss": "supabase", "ref": _s(20, LOWER), "role": "anon",
                                     "iat": 1718000000, "exp": 2033576000}),
    "const firebaseConfig = {\n  apiKey: \"" + _google_key() + "\",\n  authDomain: "
    "\"acme-web.firebaseapp.com\",\n  projectId: \"acme-web\",\n  appId: \"1:"
    + str(_RNG.randint(10**11, 10**12)) + ":web:" + _hex(22) + "\"\n};",
    "Purchases.configure(withAPIKey: \"appl_" + _s(27) + "\")",
    "Kakao.init('" + _hex(32) + "'); // JavaScript key, restricted to shop.acme.kr",
    "mapboxgl.accessToken = 'pk.eyJ1IjoiYWNtZSIsImEiOiJ" + _s(20) + "In0." + _s(22, B64URL)
    + "';",
    "Sentry.init({ dsn: \"https://" + _hex(32) + "@o4507123.ingest.de.sentry.io/4507123456\" "
    "});",
    "play.http.secret.key = \"changeme\"",
    "Grafana's default login is admin/admin; the first login forces a change.",
    "assert not is_strong(\"Password123!\")\nassert is_strong(\"" + _diceware(5) + "\")",
    "<Cthon98> hey, if you type in your pw, it will show as stars\n<AzureDiamond> hunter2",
    "xkcd 936: \"correct horse battery staple\" is easier to remember and harder to guess.",
    "ss://" + _url64(b"chacha20-ietf-poly1305:") + "@127.0.0.1:8388#example-from-docs",
    "healthchecks ping URL for the backup job: https://hc-ping.com/" + _guid(),
]

_ORD_MORE: list[str] = [
    # more ledger entries: facts, decisions and notes around credentials, none held
    "Fact: the Nx Cloud token in CI is read-only; local builds use the read-write one from "
    "`npx nx login`.\nVerified by: nx-cloud whoami\nOutput: Connected to Nx Cloud as ci "
    "(read)",
    "Decision: sign Tauri updates in CI only.\nRejected: signing on the release manager's "
    "laptop (key would live on one machine).\nReason: TAURI_SIGNING_PRIVATE_KEY is an "
    "environment secret with required reviewers.",
    "Fact: k3s agents joined with the token file, not the env var.\nVerified by: `sudo "
    "journalctl -u k3s-agent | grep -m1 'Starting k3s agent'`\nOutput: Starting k3s agent "
    "v1.30.2+k3s1 (faa4d5e0)",
    "Note: consul gossip encryption was off in fra1 (`consul info | grep encrypted` -> "
    "encrypted = false). Generated a key with `consul keygen` straight into Vault "
    "(kv/consul/gossip) and rolled it out with consul-template.",
    "Decision: use Hackage upload tokens instead of the account password in CI.\nReason: "
    "tokens can be revoked one by one; the password also controls the account.",
    "Fact: the OpenStack application credential expires 2025-01-31.\nVerified by: openstack "
    "application credential show terraform-ci -c expires_at -f value\nOutput: "
    "2025-01-31T00:00:00.000000",
    "Question: Argo CD reports `authentication required` for the charts repo. Is the repo "
    "secret labelled argocd.argoproj.io/secret-type=repository, and does its username match "
    "the token owner? (checked label: yes)",
    "Fact: pgBackRest backups are encrypted.\nVerified by: pgbackrest --stanza=main info | "
    "grep cipher\nOutput:     cipher: aes-256-cbc",
    "Decision: drop FileZilla saved passwords on the support laptops and use SFTP keys "
    "loaded in Pageant.\nRejected: FileZilla master password (each laptop would need one "
    "more secret).",
    "Note: DBeaver's credentials-config.json on the shared jump host is readable by all "
    "users (mode 0644). Fixed the mode to 0600 and asked the analysts to reconnect.",
    "Fact: the ACME account is bound to ZeroSSL.\nVerified by: certbot show_account\n"
    "Output: Account details for server https://acme.zerossl.com/v2/DV90:\n  Account URL: "
    "https://acme.zerossl.com/v2/DV90/account/" + _s(22, B64URL),
    "Decision: let Renovate read registry credentials from its own encrypted hostRules "
    "(public key of the Renovate app) rather than org-wide secrets.",
    "Fact: the Mastodon VAPID public key in the app matches the server.\nVerified by: "
    "curl -s https://social.acme.dev/api/v1/instance | jq -r .configuration.vapid.public_key"
    f"\nOutput: {_VAPID_PUB}",
    "Task: rotate the Home Assistant long-lived token used by the garage automation; create "
    "a new one under Profile > Security, update secrets.yaml, delete the old one.",
    "Note: the Supabase anon key in the mobile app is fine to ship; the service-role key "
    "must only be on the server. grep of the app bundle for \"service_role\": no match.",
    "Verified by: `gh auth status`\nOutput:\n  ✓ Logged in to github.com account acme-bot "
    "(GH_TOKEN)\n  - Token: ghs_************************************",
    "Fact: Cachix pushes work from CI.\nVerified by: cachix push acme ./result\nOutput: "
    f"compressing and pushing /nix/store/{_NIX_HASHES[2]}-acme-cli-2.4.1 (12.31 MiB)",
    "Decision: store the Godot script encryption key as a CI secret and accept that the "
    "exported game still contains it (it only raises the bar for casual extraction).",
    "Fact: `ceph auth get client.rbd-k8s` caps are limited to the kube pool (checked the "
    "caps lines only; key not copied).",
    "Note: ProxySQL admin interface listens on 0.0.0.0:6032 in staging. Restricted to "
    "127.0.0.1 and changed the admin credentials through the admin interface.",
    # more masked places: commands and configs of the human and vendor families
    "bteq <<EOF\n.RUN FILE = $HOME/.bteq_logon\n.export report file=/tmp/daily.txt\n"
    "select * from dw.daily_kpis;\n.quit\nEOF",
    "gbak -b -user SYSDBA -pas \"$ISC_PASSWORD\" localhost:/data/erp.fdb "
    "/backup/erp-$(date +%F).fbk",
    "pscp -i C:\\keys\\deploy.ppk build\\release.zip deploy@web01.acme.local:/tmp/",
    "rdesktop -u administrator -g 1600x900 10.0.0.20   # prompts for the password",
    "racadm -r 10.0.9.21 -u root -p \"$(pass show idrac/r740-21)\" serveraction powercycle",
    "lftp -c \"open -u backup --env-password ftp://nas.local; mirror /exports ./exports\"",
    "env:\n  CF_API: https://api.run.pivotal.io\n  CF_USERNAME: ci@acme.dev\n"
    "  CF_PASSWORD: ((cf-password))",
    "argocd account update-password   # prompts for current and new password",
    "vault write auth/userpass/users/ci-reader password=@/dev/stdin policies=ci-read < "
    "<(openssl rand -base64 24)",
    "echo \"deploy:$(openssl rand -base64 18)\" | sudo chpasswd -c SHA512",
    "wp core install --url=https://blog.acme.dev --title=\"Acme Blog\" --admin_user=acme "
    "--admin_password=\"$WP_ADMIN_PASSWORD\" --admin_email=web@acme.dev",
    "AdminUser.find_or_create_by!(email: \"admin@acme.dev\") do |admin|\n"
    "  admin.password = ENV.fetch(\"SEED_ADMIN_PASSWORD\")\nend",
    "docker exec -it grafana grafana cli admin reset-admin-password "
    "\"$(cat /run/secrets/grafana_admin)\"",
    "curl -T report.pdf -u jdoe --netrc-optional "
    "\"https://cloud.acme.dev/remote.php/dav/files/jdoe/Reports/\"",
    "bcp Shop.dbo.Orders out orders.dat -S sql01 -T -c -t,   # -T: Windows authentication",
    "poetry config http-basic.acme jdoe   # poetry then prompts for the password",
    "Ciao, ho resettato la password del pannello admin: la trovi nel vault del team.",
    "Nowe hasło do panelu admina jest w menedżerze haseł, wpis \"panel-admin\".",
    "관리자 계정 비밀번호는 1Password 'Admin panel' 항목에 있습니다.",
    "Yönetim paneli şifresi kasada; \"admin-panel\" kaydına bakın.",
    "Tài khoản admin: admin / mật khẩu: xem trong Bitwarden, mục \"admin-panel\".",
    "Akun admin CMS: admin@acme.co.id / kata sandi: lihat di vault tim.",
    "Логін: admin, пароль — у менеджері паролів, запис \"admin-panel\".",
    "بيانات الدخول: المستخدم admin، وكلمة المرور في مدير كلمات المرور",
    "Admin panel login: admin / (password Bitwarden mein hai)",
    "Nytt lösenord för routern ligger i KeePass-filen på \\\\nas01\\it.",
    "Kun je even inloggen op de VPN met je eigen account? Gedeelde accounts zijn sinds juli "
    "uitgeschakeld.",
    "[modbot]\nclient_id=" + _s(22, B64URL) + "\nusername=acme_modbot\n"
    "user_agent=linux:acme.modbot:v1.4 (by u/acme_dev)\n# client_secret and password via "
    "praw_client_secret / praw_password",
    "PlayFabSettings.staticSettings.TitleId = \"4F2A1\";\n// the developer secret key is "
    "only set on the server build, from PLAYFAB_DEV_SECRET",
    "provider \"gcore\" {\n  permanent_api_token = var.gcore_token\n}",
    "[email-smtp.eu-west-1.amazonaws.com]:587 ${SES_SMTP_USER}:${SES_SMTP_PASSWORD}   # "
    "rendered by the entrypoint into /etc/postfix/sasl_passwd",
    "keys:\n  # generated by `livekit-server generate-keys`, stored in the k8s secret "
    "livekit-keys\n  $LIVEKIT_API_KEY: $LIVEKIT_API_SECRET",
    "docker run --rm -d --name netbird --cap-add=NET_ADMIN --env-file /etc/netbird/env "
    "netbirdio/netbird:latest",
    "ZEPTOMAIL_TOKEN=\nZEPTOMAIL_BOUNCE=bounce@bounce.acme.dev",
    "tio = TenableIO(os.environ[\"TIO_ACCESS_KEY\"], os.environ[\"TIO_SECRET_KEY\"])",
    "kakao:\n  rest-api-key: ${KAKAO_REST_API_KEY}\n  redirect-uri: "
    "https://shop.acme.kr/login/oauth2/code/kakao",
]


FAMILIES: list[Family] = [
    Family(fam.name, "AB"[i % 2], fam.samples)
    for i, fam in enumerate(blind_corpus.interleave(
        blind_corpus.round_robin(_AGENT, _FORMATS, _HUMAN), _VENDOR_RAW))
]


EIGHTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in EIGHTH_SECRETS}

# The families of each weight, for reports that break results down by where a secret sits.
AGENT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _AGENT)
FORMAT_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _FORMATS)
HUMAN_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _HUMAN)

# The families whose values carry a vendor's name, prefix, header or marker; the rest are
# generic (a generic family may still hold a vendor token, placed where an agent writes it).
VENDOR_FAMILIES: frozenset[str] = frozenset(fam.name for fam in _VENDOR_RAW)

# A scanner that keeps false positives down could fairly let these through: a VLESS or VMess
# user id is a bare UUID (though it is the whole credential of a proxy account), a NetBird
# setup key is an upper-case UUID, and a TMDB read access token only reads public film data.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"vless or vmess user id", "netbird setup key", "tmdb read access token"}
)

EIGHTH_ORDINARY: list[str] = [*_ORD_AGENT, *_ORD_FORMATS, *_ORD_PUBLIC, *_ORD_HUMAN, *_ORD_MORE]

# Entries a reasonable scanner could refuse: password hashes and verifiers, the vendors' own
# documentation keys, keys that are public by design but look like secrets (publishable,
# anon, Firebase web, SDK and JavaScript keys, DSNs, Mapbox public tokens), well-known
# placeholder and joke passwords, a capability ping URL, a password-reset token printed by a
# console, and an empty-password proxy link from documentation.
_DEBATABLE_PREFIXES = (
    "Vaultwarden ADMIN_TOKEN='$argon2id",
    "2024-07-12 16:02:09.441 CEST [3121] postgres@app LOG:  statement: ALTER USER",
    "deploy:$6$",
    "AWS docs example:",
    "Stripe's docs use",
    "const stripe = Stripe(",
    "SUPABASE_ANON_KEY=",
    "const firebaseConfig",
    "Purchases.configure(",
    "Kakao.init(",
    "mapboxgl.accessToken",
    "Sentry.init(",
    "play.http.secret.key = \"changeme\"",
    "Grafana's default login",
    "assert not is_strong(",
    "<Cthon98>",
    "xkcd 936",
    "ss://",
    "healthchecks ping URL",
    "DB_PASSWORD=changeme-in-prod",
    "irb(main):001> User.find_by(email: \"ops@acme.dev\").send_reset",
)

DEBATABLE: list[str] = [text for text in EIGHTH_ORDINARY if text.startswith(_DEBATABLE_PREFIXES)]


_PLACEHOLDER = re.compile(r"@@[A-Z]")


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, EIGHTH_SECRETS)


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    blind_corpus.check("eighth", FAMILIES, EIGHTH_SECRETS, EIGHTH_ORDINARY, DEBATABLE,
                       UNSURE_FAMILIES, VENDOR_FAMILIES, least=(100, 350, 300),
                       template=_PLACEHOLDER)  # a diff's hunk header (@@ -4,6 +4,7 @@) is text
    # every debatable prefix matches (one matches two entries)
    assert len(DEBATABLE) == len(_DEBATABLE_PREFIXES) + 1


_self_check()
