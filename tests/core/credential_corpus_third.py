"""A third credentials corpus, written blind: its author saw neither the scanner nor its rules.

The first two corpora (``credential_corpus.py``, ``credential_corpus_fresh.py``) were each
written by someone who knew, or could guess, what the scanner looks for.  This one was written
from the public rule lists of secret scanners (gitleaks, trufflehog, the GitHub
secret-scanning partner list, detect-secrets plugins) and from the documented config files of
the services, before its author saw the scanner, its rules or the other corpora's samples.
Its families were checked name by name to be absent from both (``_self_check``).

``FAMILIES``
    one record per credential family: its name, the half it belongs to (``"A"`` or ``"B"``)
    and three or more samples, each placed as people paste them: ``.env`` lines, YAML, TOML,
    INI, JSON, XML, properties, connection strings and URLs, command lines, code, chat and
    prose, logs and HTTP headers.
``THIRD_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``THIRD_ORDINARY``
    developer text that must pass: hard negatives that look like secrets and are not (commit
    ids, UUIDs, lockfile and release checksums, image digests, public keys, placeholders,
    references to a secret store, labelled test vectors, object ids).  ``DEBATABLE`` names
    the entries a reasonable scanner could refuse (publishable keys, documented example
    keys); ``UNSURE_FAMILIES`` the families a reasonable scanner could let through.
``halves()``
    splits the kinds by family into two fixed halves, read from each family's ``half``
    field, so a scanner can be tuned on one and measured on the other.

Every value is drawn from a seeded generator with the length and alphabet of its kind, and
every distinctive prefix is split in the source, so no real secret and no literal that a
push-protection scanner would stop sits in this file.  Templates name their values
``@@K``, ``@@S`` and so on; each sample draws fresh values.
"""

from __future__ import annotations

import base64
import hashlib
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

_RNG = random.Random(20261205)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
UPPER_HEX = "0123456789ABCDEF"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
DIGITS = string.digits
CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
JUNIPER = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./-"


def _r(length: int, alphabet: str = ALNUM) -> str:
    """``length`` characters of ``alphabet`` from the seeded generator."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def _hx(length: int) -> str:
    return _r(length, HEX)


def _raw(length: int) -> bytes:
    return bytes(_RNG.randrange(256) for _ in range(length))


def _b64(raw_length: int) -> str:
    """Standard base64 of ``raw_length`` random bytes, padding kept."""
    return base64.b64encode(_raw(raw_length)).decode()


def _b64url(raw_length: int) -> str:
    """URL-safe base64 of ``raw_length`` random bytes, padding dropped."""
    return base64.urlsafe_b64encode(_raw(raw_length)).decode().rstrip("=")


def _uuid() -> str:
    h = _hx(32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_RNG.choice('89ab')}{h[17:20]}-{h[20:]}"


def _pw(length: int = 20) -> str:
    """A generated password: letters, digits and a few shell-safe symbols."""
    return _r(length, ALNUM + "!#%+=_.^")


def _jwtish(header: str, body_raw: int, sig_raw: int) -> str:
    head = base64.urlsafe_b64encode(header.encode()).decode().rstrip("=")
    return f"{head}.{_b64url(body_raw)}.{_b64url(sig_raw)}"


Values = Callable[[], dict[str, str]]


@dataclass(frozen=True)
class Family:
    """One credential family: its name, its half and its ``(setting, text)`` samples."""

    name: str
    half: str
    samples: tuple[tuple[str, str], ...]


def split_by_family(families: Sequence[Family], secrets: Sequence[tuple[str, str]]
                    ) -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    half = {fam.name: fam.half for fam in families}
    return ([kind for kind, _ in secrets if half[family(kind)] == "A"],
            [kind for kind, _ in secrets if half[family(kind)] == "B"])


def _fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace(f"@@{key}", value)
    return template


def _f(name: str, half: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values`` into their template."""
    return Family(name, half, tuple((setting, _fill(text, values())) for setting, text in samples))


FAMILIES: tuple[Family, ...] = (
    _f(
        "adafruit io key", "A", lambda: {"K": "aio" "_" + _r(28)},
        ("env", "ADAFRUIT_IO_USERNAME=greenhouse\nADAFRUIT_IO_KEY=@@K"),
        ("arduino header", '// secrets.h\n#define IO_USERNAME "greenhouse"\n#define IO_KEY "@@K"'),
        ("python", 'from Adafruit_IO import Client\naio = Client("greenhouse", "@@K")'),
        ("chat", "the feed is private so you need my AIO key: @@K (user greenhouse)"),
    ),
    _f(
        "beamer api key", "B", lambda: {"K": "b" "_" + _r(44, LOWER_ALNUM + "=_-")},
        ("curl", 'curl -H "Beamer-Api-Key: @@K" https://api.getbeamer.com/v0/posts'),
        ("env", "BEAMER_API_KEY=@@K"),
        ("yaml", "changelog:\n  provider: beamer\n  api_key: @@K\n  product_id: hsdk2Lx1"),
    ),
    _f(
        "defined networking api key", "A",
        lambda: {"K": "dnkey" "-" + _r(26, UPPER_ALNUM) + "-" + _r(52, UPPER_ALNUM)},
        ("env", "export DN_API_KEY=@@K"),
        ("curl", "curl -s -H 'Authorization: Bearer @@K' https://api.defined.net/v1/hosts"),
        ("terraform", 'provider "definednet" {\n  token = "@@K"\n}'),
    ),
    _f(
        "messagebird access key", "B", lambda: {"K": _r(25)},
        ("header", "curl -X POST https://rest.messagebird.com/messages "
                   '-H "Authorization: AccessKey @@K" -d recipients=31612345678'),
        ("node", "const messagebird = require('messagebird').initClient('@@K');"),
        ("env", "MESSAGEBIRD_ACCESS_KEY=@@K\nMESSAGEBIRD_ORIGINATOR=Northwind"),
        (
            "log",
            "2026-12-02 08:11:45,220 DEBUG http.client: send: POST /messages HTTP/1.1 "
            "Host: rest.messagebird.com Authorization: AccessKey @@K",
        ),
    ),
    _f(
        "sendbird api token", "A",
        lambda: {"K": _hx(40), "A": _uuid().upper()},
        ("curl", "curl https://api-@@A.sendbird.com/v3/users "
                 '-H "Api-Token: @@K"'),
        ("env", "SENDBIRD_APP_ID=@@A\nSENDBIRD_API_TOKEN=@@K"),
        ("yaml", "sendbird:\n  app_id: @@A\n  master_api_token: @@K"),
        ("properties", "sendbird.app-id=@@A\nsendbird.api-token=@@K"),
    ),
    _f(
        "settlemint token", "B",
        lambda: {"K": "sm" "_pat_" + _r(16), "A": "sm" "_aat_" + _r(16)},
        ("env", "SETTLEMINT_ACCESS_TOKEN=@@K"),
        ("command", "settlemint login --accept-defaults --token @@K"),
        ("prose", "Use the application token @@A for the middleware, not your personal one."),
    ),
    _f(
        "sumo logic access key", "A",
        lambda: {"I": "su" + _r(12), "K": _r(64)},
        ("env", "SUMOLOGIC_ACCESSID=@@I\nSUMOLOGIC_ACCESSKEY=@@K"),
        ("curl", "curl -u '@@I:@@K' https://api.sumologic.com/api/v1/collectors"),
        ("terraform", 'provider "sumologic" {\n  access_id   = "@@I"\n'
                      '  access_key  = "@@K"\n  environment = "us2"\n}'),
    ),
    _f(
        "yandex cloud key", "B",
        lambda: {
            "K": "AQVN" + _r(36, B64URL),
            "I": "YCAJ" + _r(21, B64URL),
            "S": "YC" + _r(38, B64URL),
        },
        ("header", "curl -H 'Authorization: Api-Key @@K' "
                   "https://llm.api.cloud.yandex.net/foundationModels/v1/completion"),
        ("aws config", "[yandex]\naws_access_key_id = @@I\naws_secret_access_key = @@S\n"
                       "endpoint_url = https://storage.yandexcloud.net"),
        ("yaml", "yc:\n  folder_id: b1g8v2kq3m7lq0r4t6hd\n  api_key: @@K"),
    ),
    _f(
        "fastly api token", "A", lambda: {"K": _r(32, B64URL)},
        ("header", "curl -X POST -H 'Fastly-Key: @@K' "
                   "https://api.fastly.com/service/4Fk2Lq9xT1mZ/purge_all"),
        ("env", "FASTLY_API_TOKEN=@@K"),
        ("command", "fastly compute publish --token @@K --service-id 4Fk2Lq9xT1mZ"),
        (
            "chat",
            "purging by hand for now: the Fastly token with purge scope is @@K, it expires "
            "Monday",
        ),
    ),
    _f(
        "finnhub api key", "B", lambda: {"K": "c" + _r(19, LOWER_ALNUM)},
        ("url", "GET https://finnhub.io/api/v1/quote?symbol=AAPL&token=@@K"),
        ("python", 'import finnhub\nclient = finnhub.Client(api_key="@@K")'),
        ("header", "X-Finnhub-Token: @@K"),
    ),
    _f(
        "flickr api secret", "A", lambda: {"K": _hx(32), "S": _hx(16)},
        ("python", "flickr = flickrapi.FlickrAPI('@@K', '@@S', format='parsed-json')"),
        ("yaml", "flickr:\n  api_key: @@K\n  api_secret: @@S"),
        ("prose", "Flickr app registered. key @@K, secret @@S; callback is /auth/flickr."),
    ),
    _f(
        "freshbooks token", "B", lambda: {"K": _hx(64), "R": _hx(64)},
        ("json", '{"access_token": "@@K", "token_type": "Bearer", "expires_in": 43200, '
                 '"refresh_token": "@@R", "scope": "user:profile:read"}'),
        ("header", "curl -H 'Authorization: Bearer @@K' "
                   "https://api.freshbooks.com/auth/api/v1/users/me"),
        ("env", "FRESHBOOKS_REFRESH_TOKEN=@@R"),
    ),
    _f(
        "gitter token", "A", lambda: {"K": _hx(40)},
        ("curl", "curl -H 'Authorization: Bearer @@K' https://api.gitter.im/v1/rooms"),
        ("env", "GITTER_TOKEN=@@K"),
        ("travis yaml", "notifications:\n  webhooks:\n    urls:\n"
                        "      - https://webhooks.gitter.im/e/@@K"),
    ),
    _f(
        "kraken api credentials", "B",
        lambda: {"K": _r(56, B64), "S": _b64(64)},
        ("python", "exchange = ccxt.kraken({'apiKey': '@@K', 'secret': '@@S'})"),
        ("env", "KRAKEN_API_KEY=@@K\nKRAKEN_API_SECRET=@@S"),
        ("key file", "# kraken.key (krakenex reads two lines)\n@@K\n@@S"),
        ("log", "2026-12-02 19:55:03 DEBUG bot.exchange: init kraken key=@@K secret=@@S"),
    ),
    _f(
        "kucoin api credentials", "A",
        lambda: {"K": _hx(24), "S": _uuid(), "P": _pw(14)},
        ("env", "KUCOIN_API_KEY=@@K\nKUCOIN_API_SECRET=@@S\nKUCOIN_API_PASSPHRASE=@@P"),
        ("json", '{"exchange": {"name": "kucoin", "key": "@@K", "secret": "@@S", '
                 '"password": "@@P"}}'),
        ("javascript", "const kucoin = new ccxt.kucoin({ apiKey: '@@K', secret: '@@S', "
                       "password: '@@P' });"),
    ),
    _f(
        "linkedin client secret", "B",
        lambda: {"I": _r(14, LOWER_ALNUM), "S": _r(16)},
        ("spring yaml", "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n"
                        "          linkedin:\n            client-id: @@I\n"
                        "            client-secret: @@S"),
        ("curl", "curl -X POST https://www.linkedin.com/oauth/v2/accessToken "
                 "-d grant_type=client_credentials -d client_id=@@I -d client_secret=@@S"),
        ("env", "LINKEDIN_CLIENT_ID=@@I\nLINKEDIN_CLIENT_SECRET=@@S"),
        (
            "properties",
            "spring.security.oauth2.client.registration.linkedin.client-id=@@I\n"
            "spring.security.oauth2.client.registration.linkedin.client-secret=@@S",
        ),
    ),
    _f(
        "looker api credentials", "A", lambda: {"I": _r(20), "S": _r(24)},
        ("ini", "[Looker]\nbase_url=https://northwind.cloud.looker.com\n"
                "client_id=@@I\nclient_secret=@@S\nverify_ssl=True"),
        ("env", "LOOKERSDK_CLIENT_ID=@@I\nLOOKERSDK_CLIENT_SECRET=@@S"),
        ("curl", "curl -X POST 'https://northwind.cloud.looker.com/api/4.0/login' "
                 "-d 'client_id=@@I&client_secret=@@S'"),
    ),
    _f(
        "mattermost token", "B",
        lambda: {"K": _r(26, LOWER_ALNUM), "H": _r(26, LOWER_ALNUM)},
        ("command", "mmctl auth login https://chat.northwind.dev --name prod "
                    "--username ci-bot --access-token @@K"),
        ("header", "curl -H 'Authorization: Bearer @@K' "
                   "https://chat.northwind.dev/api/v4/users/me"),
        ("webhook url", "MATTERMOST_WEBHOOK_URL=https://chat.northwind.dev/hooks/@@H"),
    ),
    _f(
        "huawei cloud access key", "A", lambda: {"I": _r(20, UPPER_ALNUM), "S": _r(40)},
        ("env", "HUAWEICLOUD_SDK_AK=@@I\nHUAWEICLOUD_SDK_SK=@@S"),
        ("command", "hcloud configure set --cli-profile=prod --cli-access-key=@@I "
                    "--cli-secret-key=@@S --cli-region=ap-southeast-1"),
        ("terraform", 'provider "huaweicloud" {\n  region     = "cn-north-4"\n'
                      '  access_key = "@@I"\n  secret_key = "@@S"\n}'),
        (
            "xml",
            "<obs>\n  <endpoint>obs.cn-north-4.myhuaweicloud.com</endpoint>\n  "
            "<accessKey>@@I</accessKey>\n  <secretKey>@@S</secretKey>\n</obs>",
        ),
    ),
    _f(
        "railway token", "B", lambda: {"K": _uuid()},
        ("env", "RAILWAY_TOKEN=@@K"),
        ("actions", "      - run: railway up --service api\n        env:\n"
                    "          RAILWAY_TOKEN: @@K"),
        ("chat", "railway project token for staging is @@K, it can only deploy"),
    ),
    _f(
        "neon api key", "A", lambda: {"K": "napi" "_" + _r(64, LOWER_ALNUM)},
        ("env", "NEON_API_KEY=@@K"),
        ("curl", "curl 'https://console.neon.tech/api/v2/projects' "
                 "-H 'Accept: application/json' -H 'Authorization: Bearer @@K'"),
        ("command", "neonctl branches create --name preview/pr-412 --api-key @@K"),
        ("chat", "here's the neon api key for the preview-branch bot: @@K"),
    ),
    _f(
        "mux access token", "B", lambda: {"I": _uuid(), "S": _r(75, B64)},
        ("env", "MUX_TOKEN_ID=@@I\nMUX_TOKEN_SECRET=@@S"),
        ("curl", "curl https://api.mux.com/video/v1/assets -u @@I:@@S"),
        ("node", "const mux = new Mux({ tokenId: '@@I', tokenSecret: '@@S' });"),
    ),
    _f(
        "openrouter key", "A", lambda: {"K": "sk-or" "-v1-" + _hx(64)},
        ("env", "OPENROUTER_API_KEY=@@K"),
        ("python", 'client = OpenAI(base_url="https://openrouter.ai/api/v1",\n'
                   '                api_key="@@K")'),
        ("curl", 'curl https://openrouter.ai/api/v1/chat/completions -H "Authorization: '
                 'Bearer @@K" -d \'{"model": "mistralai/mixtral-8x7b-instruct"}\''),
        (
            "toml",
            "[providers.openrouter]\nbase_url = \"https://openrouter.ai/api/v1\"\napi_key "
            "= \"@@K\"",
        ),
    ),
    _f(
        "tavily key", "B", lambda: {"K": "tvly" "-" + _r(32)},
        ("env", "TAVILY_API_KEY=@@K"),
        ("python", 'from tavily import TavilyClient\ntavily = TavilyClient(api_key="@@K")'),
        ("mcp json", '{"mcpServers": {"tavily": {"command": "npx", "args": ["-y", '
                     '"tavily-mcp"], "env": {"TAVILY_API_KEY": "@@K"}}}}'),
        (
            "log",
            "2026-12-03 22:40:13 INFO tools.search: tavily.search(query='pgvector hnsw "
            "recall', api_key='@@K')",
        ),
    ),
    _f(
        "firecrawl key", "A", lambda: {"K": "fc" "-" + _hx(32)},
        ("env", "FIRECRAWL_API_KEY=@@K"),
        ("python", "app = FirecrawlApp(api_key='@@K')\nresult = app.scrape_url(url)"),
        ("log", "2026-11-30T09:14:02Z DEBUG scraper: POST https://api.firecrawl.dev/v1/scrape "
                "headers={'Authorization': 'Bearer @@K'}"),
    ),
    _f(
        "resend key", "B", lambda: {"K": "re" "_" + _r(8) + "_" + _r(24)},
        ("env", "RESEND_API_KEY=@@K"),
        ("node", "import { Resend } from 'resend';\nconst resend = new Resend('@@K');"),
        ("smtp", "SMTP_HOST=smtp.resend.com\nSMTP_USER=resend\nSMTP_PASSWORD=@@K"),
        (
            "wrangler toml",
            "name = \"mailer\"\nmain = \"src/index.ts\"\n\n[vars]\nRESEND_API_KEY = \"@@K\"",
        ),
    ),
    _f(
        "clerk secret key", "A",
        lambda: {"K": "sk" "_live_" + _r(42), "T": "sk" "_test_" + _r(42)},
        ("env", "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_Y2xlcmsubm9ydGh3aW5kLmRldiQ\n"
                "CLERK_SECRET_KEY=@@K"),
        ("curl", "curl https://api.clerk.com/v1/users -H 'Authorization: Bearer @@K'"),
        ("prose", "For the preview deployments use the dev instance: CLERK_SECRET_KEY @@T."),
        ("dockerfile", "FROM node:20-alpine\nENV CLERK_SECRET_KEY=@@K\nRUN npm ci"),
    ),
    _f(
        "stytch secret", "B",
        lambda: {"P": "project" "-live-" + _uuid(), "S": "secret" "-live-" + _r(36, B64URL)},
        ("env", "STYTCH_PROJECT_ID=@@P\nSTYTCH_SECRET=@@S"),
        ("python", "client = stytch.Client(project_id='@@P', secret='@@S')"),
        ("curl", "curl https://api.stytch.com/v1/users -u '@@P:@@S'"),
    ),
    _f(
        "paystack secret key", "A", lambda: {"K": "sk" "_live_" + _hx(40)},
        ("env", "PAYSTACK_SECRET_KEY=@@K"),
        ("header", "curl https://api.paystack.co/transaction/verify/T904312 "
                   '-H "Authorization: Bearer @@K"'),
        ("php", "$paystack = new \\Yabacon\\Paystack('@@K');"),
        ("chat", "@dana paystack live secret is @@K - please don't paste it in the public channel"),
    ),
    _f(
        "wise api token", "B", lambda: {"K": _uuid()},
        ("curl", "curl -X GET https://api.transferwise.com/v2/profiles "
                 "-H 'Authorization: Bearer @@K'"),
        ("env", "WISE_API_TOKEN=@@K\nWISE_PROFILE_ID=16724553"),
        ("yaml", "payouts:\n  provider: wise\n  api_token: @@K\n  sandbox: false"),
    ),
    _f(
        "mollie api key", "A",
        lambda: {"K": "live" "_" + _r(30), "T": "test" "_" + _r(30)},
        ("env", "MOLLIE_API_KEY=@@K"),
        ("php", '$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("@@K");'),
        ("curl", "curl https://api.mollie.com/v2/payments -H 'Authorization: Bearer @@T'"),
    ),
    _f(
        "paddle api key", "B",
        lambda: {"K": "pdl" "_live_apikey_" + _r(26, CROCKFORD) + "_" + _r(22) + "_" + _r(3)},
        ("env", "PADDLE_API_KEY=@@K"),
        ("curl", "curl https://api.paddle.com/subscriptions -H 'Authorization: Bearer @@K'"),
        ("node", "const paddle = new Paddle('@@K', { environment: Environment.production });"),
        (
            "log",
            "2026-12-04T17:03:22.118Z ERROR billing: paddle request failed 403 forbidden "
            "(apiKey=@@K)",
        ),
    ),
    _f(
        "zoom server-to-server credentials", "A",
        lambda: {"A": _r(22, B64URL), "I": _r(22), "S": _r(32)},
        ("env", "ZOOM_ACCOUNT_ID=@@A\nZOOM_CLIENT_ID=@@I\nZOOM_CLIENT_SECRET=@@S"),
        ("curl", "curl -X POST 'https://zoom.us/oauth/token?grant_type=account_credentials"
                 "&account_id=@@A' -u '@@I:@@S'"),
        ("yaml", "zoom:\n  account_id: @@A\n  client_id: @@I\n  client_secret: @@S"),
        ("properties", "zoom.account-id=@@A\nzoom.client-id=@@I\nzoom.client-secret=@@S"),
    ),
    _f(
        "webex bot token", "B",
        lambda: {"K": _r(64) + "_" + "PF84" + "_" + _uuid()},
        ("env", "WEBEX_TEAMS_ACCESS_TOKEN=@@K"),
        ("header", "curl https://webexapis.com/v1/messages -H 'Authorization: Bearer @@K' "
                   "-d roomId=Y2lzY29zcGFyazovL3VzL1JPT00v -d text=deployed"),
        ("python", "api = WebexTeamsAPI(access_token='@@K')"),
    ),
    _f(
        "zapier webhook url", "A",
        lambda: {"N": _r(8, DIGITS), "H": _r(7, LOWER_ALNUM)},
        ("env", "ZAPIER_HOOK=https://hooks.zapier.com/hooks/catch/@@N/@@H/"),
        ("curl", "curl -X POST https://hooks.zapier.com/hooks/catch/@@N/@@H/ "
                 "-d '{\"lead\": \"new\"}'"),
        ("javascript", "await fetch('https://hooks.zapier.com/hooks/catch/@@N/@@H/', "
                       "{ method: 'POST', body: JSON.stringify(order) });"),
    ),
    _f(
        "tines webhook url", "B", lambda: {"P": _hx(32), "S": _hx(32)},
        ("curl", "curl -X POST https://bold-frost-4431.tines.com/webhook/@@P/@@S "
                 "-d @alert.json"),
        ("yaml", "alerting:\n  soar_webhook: https://bold-frost-4431.tines.com/webhook/@@P/@@S"),
        ("chat", "point the SIEM at https://bold-frost-4431.tines.com/webhook/@@P/@@S and "
                 "it'll open the case story"),
    ),
    _f(
        "rocket.chat personal token", "A",
        lambda: {"K": _r(43, B64URL), "U": _r(17)},
        ("curl", "curl -H 'X-Auth-Token: @@K' -H 'X-User-Id: @@U' "
                 "https://chat.northwind.dev/api/v1/me"),
        ("env", "ROCKETCHAT_USER_ID=@@U\nROCKETCHAT_AUTH_TOKEN=@@K"),
        ("python", "rocket = RocketChat(user_id='@@U', auth_token='@@K', "
                   "server_url='https://chat.northwind.dev')"),
    ),
    _f(
        "zulip api key", "B", lambda: {"K": _r(32)},
        ("zuliprc", "[api]\nemail=deploy-bot@northwind.zulipchat.com\nkey=@@K\n"
                    "site=https://northwind.zulipchat.com"),
        ("curl", "curl -X POST https://northwind.zulipchat.com/api/v1/messages "
                 "-u deploy-bot@northwind.zulipchat.com:@@K -d type=stream -d to=ops"),
        ("env", "ZULIP_EMAIL=deploy-bot@northwind.zulipchat.com\nZULIP_API_KEY=@@K"),
    ),
    _f(
        "matrix access token", "A",
        lambda: {
            "K": "syt" "_" + base64.b64encode(b"opsbot").decode().rstrip("=")
            + "_" + _r(20) + "_" + _r(6),
        },
        ("curl", "curl -H 'Authorization: Bearer @@K' "
                 "'https://matrix.northwind.dev/_matrix/client/v3/joined_rooms'"),
        ("yaml", "homeserver: https://matrix.northwind.dev\nuser_id: '@opsbot:northwind.dev'\n"
                 "access_token: @@K"),
        ("python", "client = AsyncClient('https://matrix.northwind.dev', '@opsbot:northwind.dev')"
                   "\nclient.access_token = '@@K'"),
    ),
    _f(
        "mastodon access token", "B", lambda: {"K": _r(43, B64URL), "S": _r(43, B64URL)},
        ("python", "mastodon = Mastodon(access_token='@@K', "
                   "api_base_url='https://hachyderm.io')"),
        ("curl", "curl -X POST -H 'Authorization: Bearer @@K' -F 'status=release 2.4 is out' "
                 "https://hachyderm.io/api/v1/statuses"),
        ("env", "MASTODON_CLIENT_SECRET=@@S\nMASTODON_ACCESS_TOKEN=@@K"),
    ),
    _f(
        "bluesky app password", "A",
        lambda: {"K": "-".join(_r(4, LOWER_ALNUM) for _ in range(4))},
        ("env", "BSKY_HANDLE=releases.northwind.dev\nBSKY_APP_PASSWORD=@@K"),
        ("python", "client = Client()\nclient.login('releases.northwind.dev', '@@K')"),
        ("chat", "bluesky bot login is releases.northwind.dev / @@K"),
    ),
    _f(
        "pushover credentials", "B",
        lambda: {"T": "a" + _r(29, LOWER_ALNUM), "U": "u" + _r(29, LOWER_ALNUM)},
        ("curl", "curl -s --form-string 'token=@@T' --form-string 'user=@@U' "
                 "--form-string 'message=backup failed' https://api.pushover.net/1/messages.json"),
        ("env", "PUSHOVER_APP_TOKEN=@@T\nPUSHOVER_USER_KEY=@@U"),
        ("yaml", "notify:\n  - name: pushover\n    platform: pushover\n"
                 "    api_key: @@T\n    user_key: @@U"),
    ),
    _f(
        "pushbullet token", "A", lambda: {"K": "o." + _r(32)},
        ("header", "curl --header 'Access-Token: @@K' https://api.pushbullet.com/v2/pushes"),
        ("python", 'pb = Pushbullet("@@K")\npb.push_note("nightly", "done")'),
        ("env", "PUSHBULLET_TOKEN=@@K"),
    ),
    _f(
        "vonage api credentials", "B", lambda: {"K": _hx(8), "S": _r(16)},
        ("env", "VONAGE_API_KEY=@@K\nVONAGE_API_SECRET=@@S"),
        ("command", "vonage auth set --api-key=@@K --api-secret=@@S"),
        ("node", "const vonage = new Vonage({ apiKey: '@@K', apiSecret: '@@S' });"),
    ),
    _f(
        "plivo auth token", "A", lambda: {"I": "MA" + _r(18, UPPER_ALNUM), "S": _r(40)},
        ("env", "PLIVO_AUTH_ID=@@I\nPLIVO_AUTH_TOKEN=@@S"),
        ("python", "client = plivo.RestClient('@@I', '@@S')"),
        ("curl", "curl -u @@I:@@S https://api.plivo.com/v1/Account/@@I/Message/"),
    ),
    _f(
        "telnyx api key", "B",
        lambda: {"K": "KEY" + _r(32, UPPER_HEX) + "_" + _r(22)},
        ("header", "curl -X POST https://api.telnyx.com/v2/messages "
                   "-H 'Authorization: Bearer @@K' -d '{\"to\": \"+13125550142\"}'"),
        ("env", "TELNYX_API_KEY=@@K"),
        ("python", "import telnyx\ntelnyx.api_key = '@@K'"),
        ("chat", "new telnyx key for the SMS worker: @@K (old one revoked)"),
    ),
    _f(
        "mixpanel service account", "A",
        lambda: {"U": "ci-export." + _r(6, LOWER_ALNUM) + ".mp-service-account", "S": _r(32)},
        ("curl", "curl 'https://data.mixpanel.com/api/2.0/export?project_id=2871443"
                 "&from_date=2026-11-01&to_date=2026-11-30' -u '@@U:@@S'"),
        ("env", "MIXPANEL_SERVICE_ACCOUNT=@@U\nMIXPANEL_SERVICE_SECRET=@@S"),
        ("python", "resp = requests.get(url, auth=('@@U', '@@S'), timeout=30)"),
    ),
    _f(
        "amplitude secret key", "B", lambda: {"K": _hx(32), "S": _hx(32)},
        ("curl", "curl -u @@K:@@S "
                 "'https://amplitude.com/api/2/export?start=20261101T00&end=20261130T23'"),
        ("env", "AMPLITUDE_API_KEY=@@K\nAMPLITUDE_SECRET_KEY=@@S"),
        ("yaml", "sources:\n  amplitude:\n    api_key: @@K\n    secret_key: @@S"),
    ),
    _f(
        "posthog personal api key", "A", lambda: {"K": "phx" "_" + _r(47)},
        ("env", "POSTHOG_PERSONAL_API_KEY=@@K"),
        ("curl", "curl -H 'Authorization: Bearer @@K' "
                 "https://eu.posthog.com/api/projects/4521/feature_flags/"),
        ("python", "posthog = Posthog(project_api_key=PROJECT_KEY, personal_api_key='@@K', "
                   "host='https://eu.posthog.com')"),
        (
            "log",
            "[posthog] 2026-12-04T09:12:31Z feature flag poll failed: 401 for "
            "personal_api_key=@@K",
        ),
    ),
    _f(
        "honeycomb api key", "B",
        lambda: {"K": "hcaik" "_01" + _r(56, LOWER_ALNUM), "C": _r(22)},
        ("env", "HONEYCOMB_API_KEY=@@K\nOTEL_SERVICE_NAME=checkout"),
        ("otel collector yaml", "exporters:\n  otlp/honeycomb:\n    endpoint: api.honeycomb.io:443"
                                "\n    headers:\n      x-honeycomb-team: @@C"),
        ("curl", "curl https://api.honeycomb.io/1/events/checkout -X POST "
                 "-H 'X-Honeycomb-Team: @@K' -d '{\"duration_ms\": 153}'"),
    ),
    _f(
        "codacy project token", "A", lambda: {"K": _hx(32)},
        ("env", "CODACY_PROJECT_TOKEN=@@K"),
        ("command", "bash <(curl -Ls https://coverage.codacy.com/get.sh) report "
                    "-r coverage/lcov.info --project-token @@K"),
        ("actions", "      - uses: codacy/codacy-coverage-reporter-action@v1\n        with:\n"
                    "          project-token: @@K"),
    ),
    _f(
        "coveralls repo token", "B", lambda: {"K": _r(33)},
        ("coveralls yml", "# .coveralls.yml\nservice_name: github-actions\nrepo_token: @@K"),
        ("env", "COVERALLS_REPO_TOKEN=@@K"),
        ("command", "COVERALLS_REPO_TOKEN=@@K npx coveralls < coverage/lcov.info"),
    ),
    _f(
        "quay robot token", "A", lambda: {"K": _r(64, UPPER_ALNUM)},
        ("command", 'docker login -u="northwind+deployer" -p="@@K" quay.io'),
        ("env", "QUAY_USERNAME=northwind+deployer\nQUAY_PASSWORD=@@K"),
        ("podman", "podman login quay.io --username northwind+ci --password @@K"),
        (
            "maven settings xml",
            "<servers>\n  <server>\n    <id>quay.io</id>\n    "
            "<username>northwind+deployer</username>\n    <password>@@K</password>\n  "
            "</server>\n</servers>",
        ),
    ),
    _f(
        "packagecloud token", "B", lambda: {"K": _hx(48)},
        ("json", '{"url": "https://packagecloud.io", "token": "@@K"}'),
        ("sources list", "deb https://@@K:@packagecloud.io/northwind/agents/ubuntu/ jammy main"),
        ("env", "PACKAGECLOUD_TOKEN=@@K"),
    ),
    _f(
        "gemfury token", "A", lambda: {"K": _r(20)},
        ("curl", "curl -F package=@dist/northwind-agent-2.4.0.gem https://@@K@push.fury.io/northwind/"),
        ("git remote", "git remote add fury https://@@K@git.fury.io/northwind/northwind-agent.git"),
        ("pip", "pip install northwind-agent --extra-index-url https://@@K:@pypi.fury.io/northwind/"),
        ("pip conf", "[global]\nextra-index-url = https://@@K:@pypi.fury.io/northwind/"),
    ),
    _f(
        "hex.pm api key", "B", lambda: {"K": _hx(32)},
        ("env", "HEX_API_KEY=@@K"),
        ("actions", "      - run: mix hex.publish --yes\n        env:\n          HEX_API_KEY: @@K"),
        ("command", "mix hex.organization auth northwind --key @@K"),
    ),
    _f(
        "juniper type 9 secret", "A", lambda: {"K": "$9$" + _r(28, JUNIPER)},
        ("set command", 'set protocols ospf area 0.0.0.0 interface ge-0/0/1.0 authentication '
                        'md5 1 key "@@K"'),
        ("config stanza", 'system {\n    radius-server {\n        10.20.0.5 {\n'
                          '            secret "@@K"; ## SECRET-DATA\n        }\n    }\n}'),
        ("bgp", 'set protocols bgp group upstream authentication-key "@@K"'),
    ),
    _f(
        "instagram access token", "B",
        lambda: {"K": "IGQV" + _r(176, B64URL), "L": "IGAA" + _r(140, B64URL)},
        ("env", "INSTAGRAM_ACCESS_TOKEN=@@K"),
        ("url", "GET https://graph.instagram.com/me/media?fields=id,caption&access_token=@@L"),
        ("json", '{"access_token": "@@K", "token_type": "bearer", "expires_in": 5183944}'),
    ),
    _f(
        "spotify client secret", "A", lambda: {"I": _hx(32), "S": _hx(32)},
        ("env", "SPOTIPY_CLIENT_ID=@@I\nSPOTIPY_CLIENT_SECRET=@@S"),
        ("python", "sp = spotipy.Spotify(auth_manager=SpotifyClientCredentials(\n"
                   "    client_id='@@I', client_secret='@@S'))"),
        ("curl", "curl -X POST https://accounts.spotify.com/api/token "
                 "-d grant_type=client_credentials -u @@I:@@S"),
    ),
    _f(
        "clickup token", "B", lambda: {"K": "pk" "_" + _r(8, DIGITS) + "_" + _r(32, UPPER_ALNUM)},
        ("header", "curl -H 'Authorization: @@K' https://api.clickup.com/api/v2/team"),
        ("env", "CLICKUP_API_TOKEN=@@K"),
        ("yaml", "integrations:\n  clickup:\n    token: @@K\n    list_id: 901204876543"),
    ),
    _f(
        "trello token", "A",
        lambda: {"K": _hx(32), "T": "ATTA" + _hx(64) + _r(8, UPPER_HEX)},
        ("url", "curl 'https://api.trello.com/1/members/me/boards?key=@@K&token=@@T'"),
        ("env", "TRELLO_API_KEY=@@K\nTRELLO_TOKEN=@@T"),
        ("python", "client = TrelloClient(api_key='@@K', token='@@T')"),
    ),
    _f(
        "sanity token", "B", lambda: {"K": "sk" + _r(180)},
        ("env", "SANITY_API_WRITE_TOKEN=@@K"),
        ("javascript", "export const client = createClient({\n  projectId: 'q8t3zk1m',\n"
                       "  dataset: 'production',\n  token: '@@K',\n  useCdn: false,\n})"),
        ("prose", "Editor token for the migration script (delete after Friday): @@K"),
    ),
    _f(
        "ghost admin api key", "A", lambda: {"K": _hx(24) + ":" + _hx(64)},
        ("env", "GHOST_ADMIN_API_KEY=@@K\nGHOST_API_URL=https://blog.northwind.dev"),
        ("javascript", "const api = new GhostAdminAPI({\n  url: 'https://blog.northwind.dev',\n"
                       "  key: '@@K',\n  version: 'v5.0',\n});"),
        ("chat", "Admin API key from Ghost integrations: @@K"),
    ),
    _f(
        "woocommerce api keys", "B",
        lambda: {"K": "ck" "_" + _hx(40), "S": "cs" "_" + _hx(40)},
        ("curl", "curl https://shop.northwind.dev/wp-json/wc/v3/orders -u @@K:@@S"),
        ("python", "wcapi = API(url='https://shop.northwind.dev', consumer_key='@@K',\n"
                   "           consumer_secret='@@S', version='wc/v3')"),
        ("env", "WC_CONSUMER_KEY=@@K\nWC_CONSUMER_SECRET=@@S"),
        (
            "log",
            "[2026-12-01 03:12:44] wc-sync.ERROR: GET "
            "/wp-json/wc/v3/products?consumer_key=@@K&consumer_secret=@@S returned 401",
        ),
    ),
    _f(
        "salesforce access token", "A",
        lambda: {
            "K": "00D" + _r(12) + "!" + "AQ" + _r(94, ALNUM + "._"),
            "R": "5Aep861" + _r(80, ALNUM + "._"),
        },
        ("header", "curl https://northwind.my.salesforce.com/services/data/v60.0/sobjects/ "
                   "-H 'Authorization: Bearer @@K'"),
        ("sf cli output", "KEY           VALUE\nAccess Token  @@K\n"
                          "Instance Url  https://northwind.my.salesforce.com\n"
                          "Username      ops@northwind.dev"),
        ("env", "SF_REFRESH_TOKEN=@@R\nSF_INSTANCE_URL=https://northwind.my.salesforce.com"),
    ),
    _f(
        "freshdesk api key", "B", lambda: {"K": _r(20)},
        ("curl", "curl -v -u @@K:X -H 'Content-Type: application/json' "
                 "-X GET 'https://northwind.freshdesk.com/api/v2/tickets'"),
        ("python", "r = requests.get(f'{base}/api/v2/tickets', auth=('@@K', 'X'))"),
        ("env", "FRESHDESK_DOMAIN=northwind\nFRESHDESK_API_KEY=@@K"),
    ),
    _f(
        "arcgis api key", "A", lambda: {"K": "AAPK" + _hx(32) + _r(100, B64URL)},
        ("javascript", 'esriConfig.apiKey = "@@K";'),
        ("env", "ARCGIS_API_KEY=@@K"),
        ("url", "https://geocode-api.arcgis.com/arcgis/rest/services/World/GeocodeServer/"
                "findAddressCandidates?f=json&singleLine=Berlin&token=@@K"),
        (
            "android strings xml",
            "<resources>\n    <string name=\"app_name\">Depots</string>\n    <string "
            "name=\"arcgis_api_key\">@@K</string>\n</resources>",
        ),
    ),
    _f(
        "shodan api key", "B", lambda: {"K": _r(32)},
        ("command", "shodan init @@K"),
        ("python", "import shodan\napi = shodan.Shodan('@@K')"),
        ("url", "https://api.shodan.io/shodan/host/search?key=@@K&query=port:6379"),
    ),
    _f(
        "virustotal api key", "A", lambda: {"K": _hx(64)},
        ("header", "curl --request GET --url https://www.virustotal.com/api/v3/files/"
                   "44d88612fea8a8f36de82e1278abb02f --header 'x-apikey: @@K'"),
        ("env", "VT_API_KEY=@@K"),
        ("python", "client = vt.Client('@@K')"),
        ("vt toml", "# ~/.vt.toml\napikey = \"@@K\""),
    ),
    _f(
        "etherscan api key", "B", lambda: {"K": _r(34, UPPER_ALNUM)},
        ("hardhat config", "module.exports = {\n  solidity: '0.8.24',\n"
                           "  etherscan: { apiKey: '@@K' },\n};"),
        ("env", "ETHERSCAN_API_KEY=@@K"),
        ("url", "https://api.etherscan.io/api?module=account&action=balance"
                "&address=0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe&apikey=@@K"),
        ("foundry toml", "[etherscan]\nmainnet = { key = \"@@K\" }\nsepolia = { key = \"@@K\" }"),
    ),
    _f(
        "infura project secret", "A", lambda: {"I": _hx(32), "S": _hx(32)},
        ("url", "WEB3_PROVIDER=https://:@@S@mainnet.infura.io/v3/@@I"),
        ("env", "INFURA_PROJECT_ID=@@I\nINFURA_PROJECT_SECRET=@@S"),
        ("curl", "curl --user :@@S https://sepolia.infura.io/v3/@@I "
                 "-d '{\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\",\"id\":1}'"),
    ),
    _f(
        "binance api credentials", "B", lambda: {"K": _r(64), "S": _r(64)},
        ("env", "BINANCE_API_KEY=@@K\nBINANCE_API_SECRET=@@S"),
        ("python", "from binance.client import Client\nclient = Client('@@K', '@@S')"),
        ("freqtrade json", '"exchange": {\n    "name": "binance",\n    "key": "@@K",\n'
                           '    "secret": "@@S"\n}'),
    ),
    _f(
        "alpaca api keys", "A",
        lambda: {"I": "AK" + _r(18, UPPER_ALNUM), "S": _r(40)},
        ("env", "APCA_API_KEY_ID=@@I\nAPCA_API_SECRET_KEY=@@S\n"
                "APCA_API_BASE_URL=https://api.alpaca.markets"),
        ("curl", "curl https://api.alpaca.markets/v2/account "
                 "-H 'APCA-API-KEY-ID: @@I' -H 'APCA-API-SECRET-KEY: @@S'"),
        ("python", "trading = TradingClient('@@I', '@@S', paper=False)"),
        ("toml", "[alpaca]\nkey_id = \"@@I\"\nsecret_key = \"@@S\"\npaper = false"),
    ),
    _f(
        "azure cosmos db key", "B", lambda: {"K": _b64(64)},
        ("connection string", "AccountEndpoint=https://northwind-orders.documents.azure.com:443/;"
                              "AccountKey=@@K;"),
        ("appsettings json", '{\n  "CosmosDb": {\n    "Endpoint": '
                             '"https://northwind-orders.documents.azure.com:443/",\n'
                             '    "Key": "@@K",\n    "Database": "orders"\n  }\n}'),
        ("env", "COSMOS_ENDPOINT=https://northwind-orders.documents.azure.com:443/\n"
                "COSMOS_KEY=@@K"),
        (
            "web config xml",
            "<appSettings>\n  <add key=\"CosmosEndpoint\" "
            "value=\"https://northwind-orders.documents.azure.com:443/\" />\n  <add "
            "key=\"CosmosKey\" value=\"@@K\" />\n</appSettings>",
        ),
    ),
    _f(
        "42 intra client secret", "A",
        lambda: {"I": "u-s4t2ud-" + _hx(64), "S": "s-s4t2ud-" + _hx(64)},
        ("env", "FT_CLIENT_ID=@@I\nFT_CLIENT_SECRET=@@S"),
        ("curl", "curl -X POST --data 'grant_type=client_credentials&client_id=@@I"
                 "&client_secret=@@S' https://api.intra.42.fr/oauth/token"),
        ("yaml", "oauth:\n  provider: 42\n  uid: @@I\n  secret: @@S"),
    ),
    _f(
        "vercel token", "B", lambda: {"K": _r(24)},
        ("command", "vercel deploy --prod --token @@K --scope northwind"),
        ("actions", "      - run: npx vercel pull --yes --environment=production "
                    "--token=@@K"),
        ("env", "VERCEL_TOKEN=@@K\nVERCEL_ORG_ID=team_7Qm3kX2vB9nLpR4tW8yZ1cD5"),
    ),
    _f(
        "twitch oauth token", "A",
        lambda: {"K": _r(30, LOWER_ALNUM), "I": _r(30, LOWER_ALNUM), "S": _r(30, LOWER_ALNUM)},
        ("irc", "PASS oauth:@@K\nNICK northwindbot\nJOIN #northwind"),
        ("env", "TWITCH_CLIENT_ID=@@I\nTWITCH_CLIENT_SECRET=@@S"),
        ("python", "bot = commands.Bot(token='oauth:@@K', prefix='!',\n"
                   "                   initial_channels=['northwind'])"),
    ),
    _f(
        "rapidapi key", "B",
        lambda: {"K": _hx(10) + "msh" + _hx(15) + "p1" + _hx(6) + "jsn" + _hx(12)},
        ("curl", "curl --request GET --url 'https://weatherapi-com.p.rapidapi.com/current.json"
                 "?q=Lisbon' --header 'X-RapidAPI-Key: @@K' "
                 "--header 'X-RapidAPI-Host: weatherapi-com.p.rapidapi.com'"),
        ("python", "headers = {\n    'X-RapidAPI-Key': '@@K',\n"
                   "    'X-RapidAPI-Host': 'judge0-ce.p.rapidapi.com',\n}"),
        ("env", "RAPIDAPI_KEY=@@K"),
    ),
    _f(
        "lob api key", "A",
        lambda: {"K": "live" "_" + _hx(35), "T": "test" "_" + _hx(35)},
        ("curl", "curl https://api.lob.com/v1/postcards -u @@K: -d 'description=renewal'"),
        ("node", "const lob = require('lob')('@@K');"),
        ("env", "LOB_API_KEY=@@T"),
    ),
    _f(
        "sidekiq enterprise credentials", "B", lambda: {"K": _hx(8) + ":" + _hx(8)},
        ("env", "BUNDLE_ENTERPRISE__CONTRIBSYS__COM=@@K"),
        ("command", "bundle config --local enterprise.contribsys.com @@K"),
        ("gemfile", "source 'https://@@K@enterprise.contribsys.com/' do\n"
                    "  gem 'sidekiq-ent'\nend"),
    ),
    _f(
        "browserstack access key", "A", lambda: {"K": _r(20)},
        ("yaml", "# browserstack.yml\nuserName: northwindqa_Xk2Lm9\naccessKey: @@K\n"
                 "buildName: nightly"),
        ("hub url", "driver = webdriver.Remote("
                    "'https://northwindqa_Xk2Lm9:@@K@hub-cloud.browserstack.com/wd/hub', "
                    "options=opts)"),
        ("env", "BROWSERSTACK_USERNAME=northwindqa_Xk2Lm9\nBROWSERSTACK_ACCESS_KEY=@@K"),
        ("properties", "browserstack.user=northwindqa_Xk2Lm9\nbrowserstack.key=@@K"),
    ),
    _f(
        "sauce labs access key", "B", lambda: {"K": _uuid()},
        ("env", "SAUCE_USERNAME=northwind-qa\nSAUCE_ACCESS_KEY=@@K"),
        ("hub url", "https://northwind-qa:@@K@ondemand.eu-central-1.saucelabs.com:443/wd/hub"),
        ("command", "saucectl configure --username northwind-qa --accessKey @@K"),
        (
            "xml",
            "<properties>\n  <sauce.username>northwind-qa</sauce.username>\n  "
            "<sauce.accessKey>@@K</sauce.accessKey>\n</properties>",
        ),
    ),
    _f(
        "cypress record key", "A", lambda: {"K": _uuid()},
        ("command", "npx cypress run --record --key @@K --parallel --group e2e"),
        ("env", "CYPRESS_RECORD_KEY=@@K"),
        ("actions", "        env:\n          CYPRESS_RECORD_KEY: @@K\n"
                    "          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}"),
    ),
    _f(
        "mongodb atlas api key", "B",
        lambda: {"P": _r(8, string.ascii_lowercase), "S": _uuid()},
        ("env", "MONGODB_ATLAS_PUBLIC_KEY=@@P\nMONGODB_ATLAS_PRIVATE_KEY=@@S"),
        ("curl", "curl --user '@@P:@@S' --digest "
                 "'https://cloud.mongodb.com/api/atlas/v2/groups'"),
        ("terraform", 'provider "mongodbatlas" {\n  public_key  = "@@P"\n'
                      '  private_key = "@@S"\n}'),
    ),
    _f(
        "dingtalk robot token", "A",
        lambda: {"K": _hx(64), "S": "SEC" + _hx(64)},
        ("url", "https://oapi.dingtalk.com/robot/send?access_token=@@K"),
        ("env", "DINGTALK_ACCESS_TOKEN=@@K\nDINGTALK_SECRET=@@S"),
        ("yaml", "alertmanager_webhook:\n  dingtalk:\n    url: "
                 "https://oapi.dingtalk.com/robot/send?access_token=@@K\n    secret: @@S"),
    ),
    _f(
        "wecom webhook key", "B", lambda: {"K": _uuid()},
        ("curl", "curl 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=@@K' "
                 "-H 'Content-Type: application/json' -d '{\"msgtype\": \"text\"}'"),
        ("yaml", "notifier:\n  wecom:\n    webhook: https://qyapi.weixin.qq.com/cgi-bin/webhook/"
                 "send?key=@@K"),
        ("env", "WECOM_BOT_KEY=@@K"),
    ),
    _f(
        "google chat webhook", "A",
        lambda: {
            "S": "AAAA" + _r(7, B64URL),
            "K": "AIza" "Sy" + _r(33, B64URL),
            "T": _r(43, B64URL),
        },
        ("url", "GCHAT_WEBHOOK=https://chat.googleapis.com/v1/spaces/@@S/messages?key=@@K"
                "&token=@@T"),
        ("curl", "curl -X POST 'https://chat.googleapis.com/v1/spaces/@@S/messages?key=@@K"
                 "&token=@@T' -H 'Content-Type: application/json' -d '{\"text\": \"deploy ok\"}'"),
        ("python", "WEBHOOK = ('https://chat.googleapis.com/v1/spaces/@@S/messages'\n"
                   "           '?key=@@K&token=@@T')"),
    ),
    _f(
        "line messaging channel token", "B",
        lambda: {"K": _r(171, B64) + "=", "S": _hx(32)},
        ("env", "LINE_CHANNEL_ACCESS_TOKEN=@@K\nLINE_CHANNEL_SECRET=@@S"),
        ("python", "line_bot_api = LineBotApi('@@K')\nhandler = WebhookHandler('@@S')"),
        ("header", "curl -X POST https://api.line.me/v2/bot/message/push "
                   "-H 'Authorization: Bearer @@K'"),
    ),
    _f(
        "cloudflare r2 keys", "A",
        lambda: {"A": _hx(32), "I": _hx(32), "S": _hx(64)},
        ("rclone conf", "[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = @@I\n"
                        "secret_access_key = @@S\nendpoint = https://@@A.r2.cloudflarestorage.com"),
        ("env", "R2_ACCOUNT_ID=@@A\nR2_ACCESS_KEY_ID=@@I\nR2_SECRET_ACCESS_KEY=@@S"),
        ("command", "aws configure set aws_secret_access_key @@S --profile r2"),
    ),
    _f(
        "jupyter server token", "B", lambda: {"K": _hx(48)},
        ("log", "[I 2026-12-01 10:42:17.311 ServerApp] Jupyter Server 2.14.2 is running at:\n"
                "[I 2026-12-01 10:42:17.311 ServerApp] http://gpu-03.lab.northwind.dev:8888/lab"
                "?token=@@K"),
        ("config", "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.token = '@@K'"),
        ("chat", "notebook is up: http://10.40.2.17:8888/?token=@@K"),
    ),
    _f(
        "airflow fernet key", "A", lambda: {"K": _b64url(32) + "="},
        ("env", "AIRFLOW__CORE__FERNET_KEY=@@K"),
        ("airflow cfg", "[core]\nexecutor = CeleryExecutor\nfernet_key = @@K"),
        ("helm values", "# values.yaml\nfernetKey: @@K\nexecutor: KubernetesExecutor"),
    ),
    _f(
        "mailjet api credentials", "B", lambda: {"K": _hx(32), "S": _hx(32)},
        ("env", "MJ_APIKEY_PUBLIC=@@K\nMJ_APIKEY_PRIVATE=@@S"),
        ("curl", "curl -s -X POST --user '@@K:@@S' https://api.mailjet.com/v3.1/send "
                 "-H 'Content-Type: application/json' -d @message.json"),
        ("python", "mailjet = Client(auth=('@@K', '@@S'), version='v3.1')"),
    ),
    _f(
        "mandrill api key", "A", lambda: {"K": "md" "-" + _r(22, B64URL)},
        ("env", "MANDRILL_API_KEY=@@K"),
        ("php", "$mandrill = new Mandrill('@@K');"),
        ("smtp ini", "[smtp]\nhost = smtp.mandrillapp.com\nport = 587\n"
                     "user = Northwind Ltd\npassword = @@K"),
        (
            "web config xml",
            "<mailSettings>\n  <smtp from=\"noreply@northwind.dev\">\n    <network "
            "host=\"smtp.mandrillapp.com\" port=\"587\" userName=\"Northwind Ltd\" "
            "password=\"@@K\" />\n  </smtp>\n</mailSettings>",
        ),
    ),
    _f(
        "klaviyo private key", "B", lambda: {"K": "pk" "_" + _hx(34)},
        ("header", "curl https://a.klaviyo.com/api/profiles/ "
                   "-H 'Authorization: Klaviyo-API-Key @@K' -H 'revision: 2024-10-15'"),
        ("env", "KLAVIYO_PRIVATE_API_KEY=@@K"),
        ("python", "klaviyo = KlaviyoAPI('@@K', max_delay=60, max_retries=3)"),
    ),
    _f(
        "unleash api token", "A",
        lambda: {"K": "*:production." + _hx(64), "C": "default:development." + _hx(64)},
        ("env", "UNLEASH_API_TOKEN=@@K\nUNLEASH_URL=https://flags.northwind.dev/api"),
        ("header", "curl https://flags.northwind.dev/api/client/features "
                   "-H 'Authorization: @@C'"),
        ("yaml", "unleash:\n  url: https://flags.northwind.dev/api\n  app_name: checkout\n"
                 "  custom_headers:\n    Authorization: '@@K'"),
        ("properties", "unleash.url=https://flags.northwind.dev/api\nunleash.api-token=@@K"),
    ),
    _f(
        "flagsmith server key", "B", lambda: {"K": "ser." + _r(22)},
        ("env", "FLAGSMITH_ENVIRONMENT_KEY=@@K"),
        ("python", "flagsmith = Flagsmith(environment_key='@@K')"),
        ("curl", "curl https://edge.api.flagsmith.com/api/v1/flags/ "
                 "-H 'X-Environment-Key: @@K'"),
    ),
    _f(
        "statsig server secret", "A", lambda: {"K": "secret" "-" + _r(43)},
        ("env", "STATSIG_SERVER_SECRET=@@K"),
        ("node", "await Statsig.initialize('@@K', { environment: { tier: 'production' } });"),
        ("header", "curl -X POST https://api.statsig.com/v1/check_gate "
                   "-H 'statsig-api-key: @@K' -d '{\"gateName\": \"new_checkout\"}'"),
    ),
    _f(
        "appwrite api key", "B", lambda: {"K": "standard" "_" + _hx(256)},
        ("env", "APPWRITE_ENDPOINT=https://cloud.appwrite.io/v1\nAPPWRITE_API_KEY=@@K"),
        ("node", "const client = new sdk.Client()\n  .setEndpoint('https://cloud.appwrite.io/v1')"
                 "\n  .setProject('65f1c2a9e4b07d31a8c2')\n  .setKey('@@K');"),
        ("header", "X-Appwrite-Key: @@K"),
    ),
    _f(
        "hasura admin secret", "A", lambda: {"K": _r(48, ALNUM + "_-")},
        ("env", "HASURA_GRAPHQL_ADMIN_SECRET=@@K"),
        ("curl", "curl https://gql.northwind.dev/v1/graphql -H 'x-hasura-admin-secret: @@K' "
                 "-d '{\"query\": \"{ orders { id } }\"}'"),
        ("compose", "  graphql-engine:\n    image: hasura/graphql-engine:v2.40.0\n"
                    "    environment:\n      HASURA_GRAPHQL_ADMIN_SECRET: @@K"),
    ),
    _f(
        "fauna secret", "B", lambda: {"K": "fn" "A" + _r(38, B64URL)},
        ("env", "FAUNA_SECRET=@@K"),
        ("javascript", "const client = new Client({ secret: '@@K' });"),
        ("command", "fauna shell --secret=@@K --database orders"),
    ),
    _f(
        "ovh api credentials", "A",
        lambda: {"A": _r(16), "S": _r(32), "C": _r(32)},
        ("ovh conf", "[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key=@@A\n"
                     "application_secret=@@S\nconsumer_key=@@C"),
        ("env", "OVH_APPLICATION_KEY=@@A\nOVH_APPLICATION_SECRET=@@S\nOVH_CONSUMER_KEY=@@C"),
        ("python", "client = ovh.Client(endpoint='ovh-eu', application_key='@@A',\n"
                   "    application_secret='@@S', consumer_key='@@C')"),
    ),
    _f(
        "axiom api token", "B", lambda: {"K": "xaat" "-" + _uuid()},
        ("env", "AXIOM_TOKEN=@@K\nAXIOM_DATASET=vercel-logs"),
        ("vector toml", '[sinks.axiom]\ntype = "axiom"\ninputs = ["app_logs"]\n'
                        'dataset = "app"\ntoken = "@@K"'),
        ("header", "curl -X POST https://api.axiom.co/v1/datasets/app/ingest "
                   "-H 'Authorization: Bearer @@K' -d @events.ndjson"),
    ),
    _f(
        "uptimerobot api key", "A", lambda: {"K": "u" + _r(7, DIGITS) + "-" + _hx(24)},
        ("curl", "curl -X POST https://api.uptimerobot.com/v2/getMonitors "
                 "-d 'api_key=@@K&format=json'"),
        ("env", "UPTIMEROBOT_API_KEY=@@K"),
        ("terraform", 'provider "uptimerobot" {\n  api_key = "@@K"\n}'),
    ),
    _f(
        "teamcity access token", "B",
        lambda: {"K": _jwtish('{"typ": "TCV2"}', 27, 36)},
        ("header", "curl -H 'Authorization: Bearer @@K' "
                   "https://ci.northwind.dev/app/rest/builds?locator=running:true"),
        ("env", "TEAMCITY_TOKEN=@@K"),
        ("properties", "teamcity.url=https://ci.northwind.dev\nteamcity.token=@@K"),
    ),
    _f(
        "harbor robot secret", "A", lambda: {"K": _r(32)},
        ("command", "docker login registry.northwind.dev -u 'robot$platform+ci' -p @@K"),
        ("env", "HARBOR_USERNAME=robot$platform+ci\nHARBOR_PASSWORD=@@K"),
        ("json", '{"id": 17, "name": "robot$platform+ci", "secret": "@@K", '
                 '"expires_at": 1798761600}'),
    ),
    _f(
        "aws codecommit git credentials", "B",
        lambda: {"U": "deploy-at-" + _r(12, DIGITS), "P": _b64(33)},
        ("clone url", "git clone https://@@U:@@P@git-codecommit.eu-west-1.amazonaws.com/v1/"
                      "repos/billing"),
        ("prose", "HTTPS git credentials for CodeCommit: user @@U password @@P"),
        ("git credentials", "https://@@U:@@P@git-codecommit.eu-west-1.amazonaws.com"),
    ),
    _f(
        "perforce ticket", "A", lambda: {"K": _r(32, UPPER_HEX)},
        ("p4tickets", "perforce.northwind.dev:1666=jenkins:@@K"),
        ("command", "p4 -p ssl:perforce.northwind.dev:1666 -u jenkins -P @@K "
                    "sync //depot/game/..."),
        ("env", "P4PORT=ssl:perforce.northwind.dev:1666\nP4USER=jenkins\nP4PASSWD=@@K"),
    ),
)


def family(kind: str) -> str:
    """The family of a kind: the text before its first comma."""
    return kind.split(",", 1)[0]


THIRD_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in THIRD_SECRETS}

# Families whose samples a reasonable scanner could let through: the Juniper ``$9$`` form is
# an obfuscation every router config carries, and a Jupyter token lives as long as its server.
UNSURE_FAMILIES: frozenset[str] = frozenset({"juniper type 9 secret", "jupyter server token"})


def _png_b64() -> str:
    """Base64 of a small PNG: its real signature and header, then random pixel data."""
    header = (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
        b"\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"
    )
    return base64.b64encode(header + _raw(96)).decode()


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _sri(text: str) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(text.encode()).digest()).decode()


_SHA = [_hx(40) for _ in range(12)]
_ID = [_uuid() for _ in range(12)]
_DIGEST = [_sha256(f"layer-{n}") for n in range(8)]
_SSH_PUB = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(43, B64)
_RSA_PUB = "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _r(500, B64)

# Public or documented values a scanner could reasonably stop; kept, and marked.
DEBATABLE: list[str] = [
    "NEXT_PUBLIC_POSTHOG_KEY=phc_" + _r(43) + "  # project key, shipped to every browser",
    "const stripe = Stripe('pk_live_" + _r(99) + "'); // publishable key, safe in the bundle",
    "Sentry DSN for the web app: https://" + _hx(32) + "@o4507.ingest.sentry.io/4507112",
    "firebaseConfig = { apiKey: 'AIza" "Sy" + _r(33, B64URL) + "', authDomain: "
    "'northwind-web.firebaseapp.com', projectId: 'northwind-web' }",
    "mapboxgl.accessToken = 'pk.eyJ1Ijoibm9ydGh3aW5kIiwiYSI6I" + _r(30, B64URL) + "';",
    "ALGOLIA_SEARCH_ONLY_KEY=" + _hx(32) + "  # search-only, public by design",
    "AWS documents AKIA" "IOSFODNN7EXAMPLE with wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY as its "
    "example pair; the test fixture uses exactly those.",
    "Twilio account SID AC" + _hx(32) + " is an identifier, the auth token lives in Vault.",
    "jwt.io's sample token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZ"
    "SI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c is "
    "what the decoder test feeds in.",
    "DB_PASSWORD=changeme  # docker-compose default for local development only",
    "HASURA_GRAPHQL_ADMIN_SECRET=myadminsecretkey  # from the Hasura quickstart, replace it",
]

THIRD_ORDINARY: list[str] = [
    # commit ids and references
    f"Reverted {_SHA[0]} because it broke the migration on Postgres 15.",
    f"git cherry-pick {_SHA[1][:12]} onto release/2.4, then tag v2.4.1",
    f"Bisect landed on {_SHA[2]}: 'cache: key the index by tree id'.",
    f"Fixes #4471. Co-authored-by: Dana Ruiz <dana@northwind.dev>\nChange-Id: I{_SHA[3]}",
    f"See https://github.com/northwind/agent/commit/{_SHA[4]} for the original fix.",
    f"HEAD is now at {_SHA[5][:7]} docs: explain the retry budget",
    f"tree {_SHA[6]}\nparent {_SHA[7]}\nauthor Dana Ruiz <dana@northwind.dev> 1764923011 +0000",
    f"The submodule is pinned at {_SHA[8]} (vendor/protobuf).",
    f"merge-base of main and feature/export: {_SHA[9]}",
    f"git diff {_SHA[10][:10]}..{_SHA[11][:10]} -- src/billing/",
    # UUIDs used as identifiers
    f"Request {_ID[0]} timed out after 30s in the eu-west-1 gateway.",
    f"kubectl get pod api-7d4b9c8f6-x2x9q -o jsonpath='{{.metadata.uid}}'  # {_ID[1]}",
    f"Terraform state lineage {_ID[2]} differs between the two workspaces.",
    f"The order id in the support ticket is {_ID[3]}; it was refunded twice.",
    f'{{"trace_id": "{_hx(32)}", "span_id": "{_hx(16)}", "name": "GET /orders"}}',
    f"CREATE TABLE jobs (id uuid PRIMARY KEY DEFAULT gen_random_uuid()); -- e.g. {_ID[4]}",
    f"ProjectGuid=\"{{{_ID[5].upper()}}}\" in the .sln was regenerated by Rider.",
    f"Correlation-Id: {_ID[6]}",
    f"The Grafana dashboard uid is {_r(9, ALNUM)} and the folder is {_ID[7]}.",
    f"Workspace {_ID[8]} has 14 members; invite link expires in 7 days.",
    # images and other base64 that is not a secret
    f'<img alt="logo" src="data:image/png;base64,{_png_b64()}">',
    f"background-image: url(data:image/png;base64,{_png_b64()});",
    f"favicon: data:image/png;base64,{_png_b64()}",
    "echo 'aGVsbG8gd29ybGQK' | base64 -d   # prints hello world",
    "The fixture body is eyJvcmRlcl9pZCI6IDQyLCAic3RhdHVzIjogInBhaWQifQ== "
    "(base64 of {\"order_id\": 42, \"status\": \"paid\"}).",
    "Content-Transfer-Encoding: base64\n\nVGhhbmtzIGZvciB5b3VyIG9yZGVyIQ==",
    "font-src data:; src: url(data:font/woff2;base64,d09GMgABAAAAA" + _r(60, B64) + ");",
    # lockfiles and checksums
    f'"integrity": "{_sri("react-18.3.1")}"',
    f'lodash@^4.17.21:\n  version "4.17.21"\n  integrity {_sri("lodash-4.17.21")}',
    f'[[package]]\nname = "serde"\nversion = "1.0.215"\n'
    f'source = "registry+https://github.com/rust-lang/crates.io-index"\n'
    f'checksum = "{_sha256("serde-1.0.215")}"',
    "github.com/google/uuid v1.6.0 h1:"
    + base64.b64encode(hashlib.sha256(b"uuid").digest()).decode(),
    f'requests==2.32.3 \\\n    --hash=sha256:{_sha256("requests-2.32.3")}',
    f'{{"name": "click", "version": "8.1.7", "hashes": ["sha256:{_sha256("click")}"]}}',
    f'files = [\n    {{file = "idna-3.10-py3-none-any.whl",'
    f' hash = "sha256:{_sha256("idna")}"}},\n]',
    f"  resolved \"https://registry.yarnpkg.com/ms/-/ms-2.1.3.tgz#{_hx(40)}\"",
    _sha256("northwind-agent-2.4.0-linux-amd64.tar.gz")
    + "  northwind-agent-2.4.0-linux-amd64.tar.gz",
    f"SHA256 (northwind-agent-2.4.0.dmg) = {_sha256('dmg')}",
    f"Release 2.4.0 checksums:\n- linux/amd64 sha256 {_sha256('la')}\n- darwin/arm64 sha256 "
    f"{_sha256('da')}",
    f"md5sum: {hashlib.md5(b'iso').hexdigest()}  ubuntu-24.04.1-live-server-amd64.iso",
    f"checksum: sha1:{hashlib.sha1(b'jar').hexdigest()} for guava-33.3.1-jre.jar",
    f"Gradle verification-metadata.xml: <sha256 value=\"{_sha256('okio')}\" origin=\"Generated\"/>",
    f"etag: \"{hashlib.md5(b'etag').hexdigest()}\"",
    # image digests and container ids
    f"image: ghcr.io/northwind/api@sha256:{_DIGEST[0]}",
    f"FROM python:3.12-slim@sha256:{_DIGEST[1]}",
    f"CONTAINER ID   IMAGE\n{_DIGEST[2][:12]}   postgres:16",
    f"docker inspect {_DIGEST[3]} --format '{{{{.State.Status}}}}'",
    f"Digest: sha256:{_DIGEST[4]}\nStatus: Downloaded newer image for redis:7.4",
    f"{{\"mediaType\": \"application/vnd.oci.image.layer.v1.tar+gzip\", \"digest\": "
    f"\"sha256:{_DIGEST[5]}\", \"size\": 29533422}}",
    # placeholders
    "OPENROUTER_API_KEY=your-openrouter-key-here",
    "Set TAVILY_API_KEY=<your tavily key> in .env before running the agent.",
    "curl -H 'Authorization: Bearer YOUR_API_KEY' https://api.mux.com/video/v1/assets",
    "PADDLE_API_KEY=pdl" "_live_apikey_XXXXXXXXXXXXXXXXXXXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXX_XXX",
    "RESEND_API_KEY=re" "_xxxxxxxx_xxxxxxxxxxxxxxxxxxxxxxxx",
    "client = TavilyClient(api_key=\"tvly-YOUR_API_KEY\")",
    "WOO_CONSUMER_KEY=ck_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "zulip key=<paste the API key from Settings > Account & privacy>",
    "export SHODAN_API_KEY=...  # ask in #secops for one",
    "api_key: '********'  # redacted by the log shipper",
    "Authorization: Bearer <token>",
    "WEBEX_TEAMS_ACCESS_TOKEN=  # leave empty to disable notifications",
    "ZOOM_CLIENT_SECRET=REPLACE_ME",
    "The binance client expects Client(api_key, api_secret); both come from env.",
    "Use `sk-or-v1-...` style keys from openrouter.ai/keys; never commit them.",
    "STYTCH_SECRET=secret-test-<redacted>",
    "https://hooks.zapier.com/hooks/catch/<account>/<hook>/ is the URL shape we expect.",
    "password: \"{{ vault_db_password }}\"",
    "PAYSTACK_SECRET_KEY=sk_live_****************************************",
    # references to a secret store or the environment
    "password: ${DB_PASSWORD}",
    "KLAVIYO_PRIVATE_API_KEY: ${{ secrets.KLAVIYO_PRIVATE_API_KEY }}",
    "token = os.environ[\"FAUNA_SECRET\"]",
    "const key = process.env.STATSIG_SERVER_SECRET ?? throwMissing('STATSIG_SERVER_SECRET');",
    "api_key = \"op://Engineering/Shodan/credential\"",
    "secret: vault:secret/data/ci/hex#HEX_API_KEY",
    "valueFrom:\n  secretKeyRef:\n    name: posthog\n    key: personal-api-key",
    "MasterUserPassword: !Ref DatabasePassword",
    "aws ssm get-parameter --name /prod/cosmos/key --with-decryption --query Parameter.Value",
    "export VERCEL_TOKEN=$(pass show ci/vercel)",
    "client_secret = ENV.fetch('LINKEDIN_CLIENT_SECRET')",
    "password = keyring.get_password('perforce', 'jenkins')",
    "token: \"{{ .Values.appwrite.apiKey }}\"",
    "docker run -e SAUCE_ACCESS_KEY -e SAUCE_USERNAME saucelabs/saucectl",
    "gcloud secrets versions access latest --secret=mandrill-api-key",
    "AIRFLOW__CORE__FERNET_KEY_CMD=cat /run/secrets/fernet_key",
    "env:\n  - name: HONEYCOMB_API_KEY\n    valueFrom: {secretKeyRef: {name: otel, key: hc}}",
    "${file(\"~/.config/huawei/ak\")}",
    # test vectors, labelled
    "RFC 4231 test case 1: key = 0x0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, data = 'Hi There'",
    "FIPS-197 appendix C.1 AES-128 key 000102030405060708090a0b0c0d0e0f, plaintext "
    "00112233445566778899aabbccddeeff",
    "RFC 6238 test seed (ASCII) 12345678901234567890 gives 94287082 at T=59",
    "test card 4242 4242 4242 4242, any CVC, any future date",
    "RFC 7748 X25519 test vector scalar a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244"
    "ba449ac4",
    "Known-answer test: SHA-256('abc') = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61"
    "f20015ad",
    "ed25519 RFC 8032 TEST 1 secret key 9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac03"
    "1cae7f60 (public test vector)",
    "BIP-39 test vector entropy 00000000000000000000000000000000 -> 'abandon abandon ... about'",
    "The PBKDF2 vector from RFC 6070: P = 'password', S = 'salt', c = 1, dkLen = 20",
    # long identifiers and generated names
    "AbstractSingletonProxyFactoryBeanConfigurationPostProcessorTests failed on Java 21",
    "test_refresh_token_is_rotated_when_the_access_token_expires_before_the_refresh_window",
    "pod/checkout-worker-5f9c7d8b9d-q7w2k   1/1   Running   0   3h12m",
    "main.3f9a8c1b2e4d6f70.js   412.3 kB  │ gzip: 131.0 kB",
    "cache key: Linux-node-modules-" + _sha256("package-lock.json"),
    "kubectl rollout restart deployment/api -n payments-7f3k2",
    "s3://northwind-artifacts/builds/2026/12/05/" + _hx(16) + "/agent.tar.zst",
    "SLACK_CHANNEL_ID=C07QJ2M4K8Z",
    "Stripe events: cus_Q8Xk2Lm9Zt4Vb1, pi_3Q8Xk2LmN9Zt4Vb10Y1cD5eF, ch_3Q8Xk2LmN9Zt4Vb1",
    "chatcmpl-" + _r(29) + " finished with finish_reason=length",
    "req_" + _r(24) + " returned 429; retrying after 2.1s",
    "ObjectId(\"" + _hx(24) + "\") is the seed user in the fixtures.",
    "ULID 01JE" + _r(22, CROCKFORD).upper() + " sorts after the migration cut-over.",
    "Discord message id 1313905471829045310 in #releases",
    "Google Doc: https://docs.google.com/document/d/1" + _r(43, B64URL) + "/edit",
    "YouTube: https://www.youtube.com/watch?v=" + _r(11, B64URL),
    "nanoid() gave V1StGXR8_Z5jdHi6B-myT for the share link",
    "Node ID MDQ6VXNlcjU4MzIzMQ== belongs to the bot account (GraphQL global id).",
    "i-0a7f3c9e2b5d18e46 and vol-04b1c7d9e3a2f5b60 were left running in eu-central-1",
    "sg-0e1d2c3b4a5f60718 allows 443 from the ALB only",
    # ARNs and resource names without secrets
    "arn:aws:iam::123456789012:role/github-actions-deploy",
    "arn:aws:kms:eu-west-1:123456789012:key/" + _ID[9],
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/cosmos-key-Ab3xYz",
    "arn:aws:s3:::northwind-terraform-state/env/prod/terraform.tfstate",
    "projects/northwind-prod/secrets/mandrill-api-key/versions/3",
    "/subscriptions/" + _ID[10] + "/resourceGroups/rg-orders/providers/Microsoft.DocumentDB/"
    "databaseAccounts/northwind-orders",
    "ocid1.instance.oc1.eu-frankfurt-1." + _r(60, LOWER_ALNUM),
    "The role arn:aws:iam::210987654321:role/OrganizationAccountAccessRole is assumed by CI.",
    # public keys and certificates
    "ssh-ed25519 " + _SSH_PUB + " dana@laptop",
    "ssh-rsa " + _RSA_PUB + " deploy@ci",
    "github.com ssh-ed25519 " + _SSH_PUB[:-4] + "Qk9a",
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA" + _r(43, B64) + "=\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU" + _r(64, B64) + "\n" + _r(64, B64)
    + "\n-----END CERTIFICATE-----",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ" + _r(59, B64) + "\n=" + _r(4, B64)
    + "\n-----END PGP PUBLIC KEY BLOCK-----",
    "age recipient: age1" + _r(58, BECH32),
    "[Peer]\nPublicKey = " + _b64(32)
    + "\nAllowedIPs = 10.8.0.2/32\nEndpoint = vpn.northwind.dev:51820",
    "Host key fingerprint is SHA256:" + _b64(32).rstrip("=") + ".",
    "gpg: using EdDSA key " + _r(40, UPPER_HEX) + "\ngpg: Good signature from \"Release Bot\"",
    "Certificate fingerprint (SHA-256): " + ":".join(_r(2, UPPER_HEX) for _ in range(32)),
    "npub1" + _r(58, BECH32) + " is the project's nostr account",
    "Ethereum address 0x" + _r(40, HEX) + " holds the grant multisig",
    # colours, versions and numbers
    "--brand-primary: #1e3a8a; --brand-accent: #f59e0b; --surface: #0f172acc;",
    "theme: { colors: { ink: '#0b1020', mist: '#e2e8f0', leaf: '#16a34a' } }",
    "Bumped to 3.0.0-rc.2+build.20261204." + _hx(7) + " (pre-release, do not deploy)",
    "\"version\": \"2.4.1\", \"engines\": {\"node\": \">=20.11.0\"}",
    "Python 3.12.7 (main, Oct  1 2024, 08:52:12) [GCC 13.2.0] on linux",
    "MAC 3c:22:fb:9a:41:0e, IPv6 fe80::3e22:fbff:fe9a:410e",
    "IBAN DE89 3704 0044 0532 0130 00 is the documented example IBAN",
    "ISBN 978-0-13-235088-4",
    "random seed 8675309 reproduces the flaky test",
    "The build number is 20261205.7 and the artifact id 4417729931.",
    # talk of secrets, no secret
    "Rotated the Tines webhook secret; the old URL now returns 404.",
    "The Kraken API secret is base64; decode it before using it as the HMAC key.",
    "We keep the Binance key read-only and IP-restricted to the bastion.",
    "Decision: move the Mux token pair from .env to the secrets manager before launch.",
    "The Ghost admin key is id:secret in hex; the JWT is signed with the secret half.",
    "Zoom server-to-server apps need account id, client id and client secret.",
    "After the leak drill every Pushover app token was regenerated.",
    "Looker client_secret is 24 characters; client_id is 20.",
    "Sidekiq Enterprise credentials belong in BUNDLE_ENTERPRISE__CONTRIBSYS__COM, not the Gemfile.",
    "Unleash frontend tokens are safe in the browser; client tokens are not.",
    "Airflow refuses to start if the fernet key is not 32 url-safe base64-encoded bytes.",
    "The R2 secret access key is only shown once, so store it immediately.",
    "Token length check: len(token) == 40 or raise ValueError('bad gitter token')",
    "regex for the audit: r'napi_[a-z0-9]{64}'",
    "If the CODACY_PROJECT_TOKEN is missing the coverage step is skipped.",
    "Passwords must be 14+ characters with one digit; see the policy in Confluence.",
    "The session cookie is HttpOnly, Secure, SameSite=Lax and lasts 12 hours.",
    "Saw 'invalid api key' from Etherscan; the free tier allows 5 calls/second.",
    "401 Unauthorized: token expired at 2026-12-04T22:10:00Z (issued 2026-12-04T21:10:00Z)",
    "Vault lease 7f3a renewed for 768h; no secret in the response body.",
    # logs and command output
    "2026-12-05T00:41:07Z INFO auth: login ok user=dana method=sso session=" + _hx(8) + "…",
    "2026-12-05T00:41:09Z WARN api: rejected key prefix=phx_ last4=" + _r(4) + " reason=revoked",
    "Uploading coverage... OK (report " + _ID[11] + ")",
    "npm notice Publishing to https://registry.npmjs.org/ with tag latest and default access",
    "found 0 vulnerabilities in 1342 scanned packages",
    "Successfully tagged registry.northwind.dev/platform/api:" + _hx(12),
    "Total 5 (delta 3), reused 0 (delta 0), pack-reused 0\nTo github.com:northwind/agent.git\n   "
    + _SHA[0][:7] + ".." + _SHA[1][:7] + "  main -> main",
    "gpg: key " + _r(16, UPPER_HEX)
    + ': public key "Release Bot <release@northwind.dev>" imported',
    "X-Request-Id: " + _hx(32) + "\nX-RateLimit-Remaining: 4999",
    "ETag: W/\"" + _hx(40) + "\"",
    "Set-Cookie: theme=dark; Path=/; Max-Age=31536000",
    "Content-Security-Policy: script-src 'self' 'nonce-" + _b64(16) + "'",
    "<script src=\"https://cdn.northwind.dev/app.js\" integrity=\"sha384-" + _b64(48)
    + "\" crossorigin=\"anonymous\"></script>",
    *DEBATABLE,
]


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


FAMILY_HALF: dict[str, str] = {fam.name: fam.half for fam in FAMILIES}


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return (
        [kind for kind, _ in THIRD_SECRETS if FAMILY_HALF[KIND_FAMILY[kind]] == "A"],
        [kind for kind, _ in THIRD_SECRETS if FAMILY_HALF[KIND_FAMILY[kind]] == "B"],
    )


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    from tests.core.credential_corpus import SECRETS
    from tests.core.credential_corpus_fresh import FRESH_SECRETS

    names = families()
    assert len(names) == len(set(names)), "a family is listed twice"
    assert all(fam.half in {"A", "B"} for fam in FAMILIES), "a family has no half"
    for fam in FAMILIES:
        settings = [setting for setting, _ in fam.samples]
        assert len(settings) >= 3, f"{fam.name}: fewer than three samples"
        assert len(settings) == len(set(settings)), f"{fam.name}: a setting twice"
        assert "," not in fam.name, f"{fam.name}: a comma would split the kind"
    assert not any("@@" in text for _, text in THIRD_SECRETS), "a template value left unfilled"
    assert len(THIRD_ORDINARY) == len(set(THIRD_ORDINARY)), "an ordinary entry twice"
    assert set(DEBATABLE) <= set(THIRD_ORDINARY)
    assert set(UNSURE_FAMILIES) <= set(names)
    seen = {family(kind) for kind, _ in SECRETS} | {family(kind) for kind, _ in FRESH_SECRETS}
    assert not seen & set(names), f"families already in another corpus: {seen & set(names)}"
    in_a = sum(1 for fam in FAMILIES if fam.half == "A")
    assert abs(2 * in_a - len(FAMILIES)) <= 1, "the halves are unbalanced"
    first, second = halves()
    assert not set(first) & set(second)
    assert len(first) + len(second) == len(THIRD_SECRETS)


_self_check()
