"""A fifth credentials corpus, written blind, weighted to secrets that carry no vendor prefix.

Its author saw neither the scanner, its rules nor the samples of the four earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py``,
``credential_corpus_fourth.py``); only their family names, so that every family here is new
(``_self_check`` holds that), and the helpers and closing structure of the fourth, so that the
same measuring code runs on this one.  Most families are generic: passwords, tokens and keys
written into the source code of a dozen languages, passed positionally to ``connect`` and
``login`` calls, given to command-line flags, left in shell history, Dockerfiles, CI and IaC
files, XML, INI, TOML and properties files, URLs of unusual schemes, custom headers and
cookies, base64-wrapped ``user:pass`` pairs, private keys in encodings other than PEM, and
pasted into chat, issues, object dumps, tracebacks, REPLs and notebooks.  The rest are tokens
of vendors from public secret-scanner lists (gitleaks, trufflehog detectors, the GitHub
secret-scanning partner list) that the earlier corpora do not name.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``) and three or
    more ``(setting, text)`` samples placed as people paste them.
``FIFTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``FIFTH_ORDINARY``
    developer text that must pass, most of it written in the settings of the secrets: code
    that names a password and holds none, placeholders and secret-store references, password
    hashes, public keys and certificates in PEM and in bare base64, commit ids, UUIDs,
    checksums, digests, cache keys, labelled test vectors, nonces, harmless base64, minified
    code, random-looking ids, release notes, manual pages and error messages.  ``DEBATABLE``
    names the entries a reasonable scanner could refuse; ``UNSURE_FAMILIES`` the families a
    reasonable scanner could let through.
``halves()``
    the kinds of half A and of half B, split by family, for tuning on one and measuring on
    the other.

Values come from a seeded generator with the length and alphabet of their kind; distinctive
prefixes and PEM armour are split in the source, so no literal here is a real secret or
stops a push-protection scanner.  Templates name their values ``@@A`` .. ``@@Z`` (single
letters, so no key is a prefix of another); each sample draws fresh values.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string

from tests.core.credential_corpus_third import Family, Values, family, split_by_family
from tests.core.credential_corpus_third import families as third_families

_RNG = random.Random(55_2026_12_07)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
UPPER_HEX = HEX.upper()
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
URL_SAFE_PW = ALNUM + "-_."
_WORDS = (
    "Copper", "Willow", "Summit", "Beacon", "Cobalt", "Meadow", "Pioneer", "Sparrow", "Velvet",
    "Zephyr", "Bramble", "Cinder", "Dahlia", "Ember", "Fjord", "Glacier", "Horizon", "Lagoon",
)
_SEASONS = ("Spring", "Summer", "Autumn", "Winter")
_ARMOUR = "-" * 5


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


def _gen_pw(length: int = 20) -> str:
    """A generated password: letters, digits and symbols that survive a shell and a YAML."""
    return _s(length, ALNUM + "!#%+=_.^~")


def _url_pw(length: int = 18) -> str:
    """A generated password that needs no escaping inside a URL's userinfo."""
    return _s(length, URL_SAFE_PW)


def _human_pw() -> str:
    """A password a person chose, in one of the shapes that password policies breed."""
    shape = _RNG.randrange(3)
    if shape == 0:
        word = _RNG.choice(_WORDS)
        return f"{word}{_s(1, '_.-@!#')}{_s(_RNG.randint(3, 5), string.digits)}{_s(2, ALNUM)}"
    if shape == 1:
        season = _RNG.choice(_SEASONS)
        return f"{season}{_RNG.randint(2019, 2026)}{_s(1, '!#$*')}{_s(3, ALNUM)}"
    first, second = _RNG.sample(_WORDS, 2)
    return f"{first.lower()}{second}{_s(_RNG.randint(2, 4), string.digits)}{_s(1, '!?*%')}"


def _pem(label: str, der: bytes) -> str:
    """PEM armour around ``der``, lines of 64."""
    body = base64.b64encode(der).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"{_ARMOUR}BEGIN {label}{_ARMOUR}", *lines, f"{_ARMOUR}END {label}{_ARMOUR}"])


def _jwt(header: dict[str, object], claims: dict[str, object], sig_bytes: int) -> str:
    def enc(part: dict[str, object]) -> str:
        return _url64(json.dumps(part, separators=(",", ":")).encode())

    return f"{enc(header)}.{enc(claims)}.{_url64(sig_bytes)}"


def _fam(name: str, half: str, values: Values, *samples: tuple[str, str]) -> Family:
    """A family whose samples each draw fresh ``values`` into their template."""
    filled = []
    for setting, template in samples:
        text = template
        for key, value in values().items():
            text = text.replace(f"@@{key}", value)
        filled.append((setting, text))
    return Family(name, half, tuple(filled))


# DER shapes: the real headers, random material behind them.
_RSA_PKCS8_HEAD = bytes.fromhex(
    "308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100"
)
_EC_PKCS8_HEAD = bytes.fromhex(
    "308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420"
)
_RSA_SPKI_HEAD = bytes.fromhex(
    "30820122300d06092a864886f70d01010105000382010f003082010a0282010100"
)
_EC_SPKI_HEAD = bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")


def _ec_pkcs8() -> bytes:
    return _EC_PKCS8_HEAD + _bytes(32) + bytes.fromhex("a14403420004") + _bytes(64)


def _common() -> dict[str, str]:
    """The values most generic templates draw on: passwords, tokens and keys of several shapes."""
    return {
        "P": _human_pw(), "Q": _gen_pw(), "U": _url_pw(), "T": _s(40), "K": _s(32),
        "H": _hex(32), "S": _hex(64), "B": _std64(32), "F": _hex(40),
    }


def _with_len() -> dict[str, str]:
    values = _common()
    values["L"] = str(len(values["P"]))
    return values


def _cookie() -> dict[str, str]:
    values = _common()
    values["J"] = _jwt({"alg": "HS256", "typ": "JWT"},
                       {"sub": str(_RNG.randint(1000, 99999)), "role": "customer",
                        "iat": 1717000000, "exp": 1717086400}, 32)
    return values


def _basic_pair() -> dict[str, str]:
    user = _RNG.choice(["deployer", "ci-bot", "svc_erp", "reporting", "nexus-upload"])
    return {"E": _std64(f"{user}:{_url_pw()}".encode())}


def _der_keys() -> dict[str, str]:
    return {"R": _std64(_RSA_PKCS8_HEAD + _bytes(1180)), "E": _std64(_ec_pkcs8())}


def _rsa_xml() -> dict[str, str]:
    return {
        "M": _std64(256), "P": _std64(128), "Q": _std64(128), "D": _std64(128),
        "E": _std64(128), "I": _std64(128), "N": _std64(256),
    }


_RSA_XML = (
    "<RSAKeyValue><Modulus>@@M</Modulus><Exponent>AQAB</Exponent><P>@@P</P><Q>@@Q</Q>"
    "<DP>@@D</DP><DQ>@@E</DQ><InverseQ>@@I</InverseQ><D>@@N</D></RSAKeyValue>"
)


def _okp() -> dict[str, str]:
    return {"K": f"sig-{_RNG.randint(2024, 2026)}-{_s(6, LOWER_ALNUM)}",
            "D": _url64(32), "X": _url64(32)}


def _ed_raw() -> dict[str, str]:
    tor = b"== ed25519v1-secret: type0 ==\x00\x00\x00" + _bytes(64)
    return {"S": _hex(64), "T": _std64(tor), "B": _std64(64)}


def _jks() -> dict[str, str]:
    head = bytes.fromhex("feedfeed000000020000000100000001") + b"\x00\x07release" + _bytes(8)
    return {"J": _std64(head + _bytes(_RNG.randint(2100, 2300))), "P": _gen_pw(16)}


def _s3_pair() -> dict[str, str]:
    return {"A": _s(20, UPPER_ALNUM), "B": _s(40, B64)}


FAMILIES: list[Family] = [
    # ---- Source code, by language -------------------------------------------------------
    _fam(
        "java static final credential", "A", _common,
        ("java class constant",
         "public final class DbConfig {\n"
         '    public static final String URL = "jdbc:postgresql://db01.internal:5432/billing";\n'
         '    public static final String USER = "billing_app";\n'
         '    public static final String PASSWORD = "@@P";\n}'),
        ("java private constant", 'private static final String API_SECRET = "@@K";'),
        ("java interface constant",
         'public interface PartnerSftp {\n    String USER = "edi";\n    String PASS = "@@Q";\n}'),
        ("android gradle buildConfigField",
         'buildConfigField "String", "PAYMENT_API_SECRET", "\\"@@T\\""'),
    ),
    _fam(
        "kotlin const secret", "B", _common,
        ("kotlin companion object",
         "companion object {\n"
         '    private const val BASE_URL = "https://api.partner.example/v2/"\n'
         '    private const val CLIENT_SECRET = "@@K"\n}'),
        ("kotlin top-level const", 'const val SERVICE_PASSWORD = "@@P"'),
        ("kotlin gradle.kts buildConfigField",
         'buildConfigField("String", "BACKEND_TOKEN", "\\"@@T\\"")'),
        ("kotlin data class default",
         "data class SmtpSettings(\n"
         '    val host: String = "smtp.corp.example",\n'
         '    val user: String = "alerts",\n'
         '    val password: String = "@@Q",\n)'),
    ),
    _fam(
        "csharp source secret", "A", _common,
        ("csharp auto-property initializer", 'public string ApiKey { get; set; } = "@@K";'),
        ("csharp const field", 'private const string ClientSecret = "@@T";'),
        ("csharp NetworkCredential",
         'var creds = new NetworkCredential("svc_reports", "@@P", "CORP");'),
        ("csharp default request header",
         'client.DefaultRequestHeaders.Add("X-Partner-Token", "@@H");'),
    ),
    _fam(
        "appsettings json secret", "B", _common,
        ("appsettings Jwt section",
         '{\n  "Jwt": {\n    "Issuer": "https://auth.corp.example",\n'
         '    "Audience": "shop-api",\n    "Key": "@@B"\n  }\n}'),
        ("appsettings Smtp section",
         '"Smtp": {\n    "Host": "smtp.office365.com",\n    "Port": 587,\n'
         '    "User": "noreply@corp.example",\n    "Password": "@@P"\n  },'),
        ("appsettings external api",
         '"ExternalApi": {\n    "BaseUrl": "https://rates.partner.example",\n'
         '    "ApiKey": "@@K"\n  }'),
        ("appsettings redis configuration string",
         '"ConnectionStrings": {\n    "Redis": '
         '"cache01.internal:6380,password=@@Q,ssl=True,abortConnect=False"\n  }'),
    ),
    _fam(
        "php class property secret", "A", _common,
        ("php private property",
         "class PaymentGateway\n{\n    private $merchantId = 'M-20931';\n"
         "    private $secretKey = '@@K';\n"),
        ("php typed property", "    protected string $apiToken = '@@T';"),
        ("codeigniter email config",
         "$config['smtp_host'] = 'mail.corp.example';\n"
         "$config['smtp_user'] = 'notify@corp.example';\n$config['smtp_pass'] = '@@P';"),
        ("laravel config array",
         "'partner' => [\n    'endpoint' => 'https://partner.example/api',\n"
         "    'secret' => '@@Q',\n],"),
    ),
    _fam(
        "php define secret", "B", _common,
        ("php define single quotes", "define('JWT_SECRET', '@@S');"),
        ("php define double quotes", 'define("SMTP_PASSWORD", "@@P");'),
        ("php class constant", "final class PartnerApi\n{\n    public const TOKEN = '@@T';\n}"),
    ),
    _fam(
        "go source secret", "A", _common,
        ("go const block",
         'const (\n\tapiBase  = "https://api.internal.example"\n\tapiToken = "@@T"\n)'),
        ("go byte slice key", 'var signingKey = []byte("@@K")'),
        ("go struct literal config",
         'cfg := &mail.Config{\n\tHost:     "smtp.corp.example",\n\tUsername: "alerts",\n'
         '\tPassword: "@@P",\n}'),
        ("go test setenv", 't.Setenv("PAYMENTS_API_KEY", "@@H")'),
    ),
    _fam(
        "ruby initializer secret", "B", _common,
        ("rails initializer block",
         "# config/initializers/partner.rb\nPartnerClient.configure do |c|\n"
         "  c.api_key = '@@K'\n  c.api_secret = '@@S'\nend"),
        ("rails config.x", 'Rails.application.config.x.geo_api_token = "@@T"'),
        ("ruby ENV default", "ENV['REPORTS_PASSWORD'] ||= '@@P'"),
        ("faraday basic auth",
         "conn = Faraday.new(url: 'https://erp.corp.example') do |f|\n"
         "  f.request :authorization, :basic, 'integration', '@@Q'\nend"),
    ),
    _fam(
        "rust source secret", "A", _common,
        ("rust const str", 'const API_KEY: &str = "@@K";'),
        ("rust static bytes", 'static HMAC_SECRET: &[u8] = b"@@T";'),
        ("reqwest basic_auth",
         "let resp = client\n"
         '    .get("https://registry.corp.example/v2/_catalog")\n'
         '    .basic_auth("ci-bot", Some("@@P"))\n    .send()\n    .await?;'),
    ),
    _fam(
        "swift objc source secret", "B", _common,
        ("swift static let", 'enum Secrets {\n    static let clientSecret = "@@K"\n}'),
        ("objc NSString constant", 'static NSString * const kAPISecret = @"@@T";'),
        ("swift private let", 'private let apiToken = "@@H"'),
        ("info.plist key", "<key>BackendAPISecret</key>\n<string>@@S</string>"),
    ),
    _fam(
        "typescript class field secret", "A", _common,
        ("ts private readonly field",
         "export class BillingClient {\n  private readonly apiKey = '@@K';\n"),
        ("angular environment.prod.ts",
         "export const environment = {\n  production: true,\n"
         "  apiUrl: 'https://api.shop.example',\n  apiSecret: '@@T',\n};"),
        ("nestjs JwtModule.register",
         "JwtModule.register({\n  secret: '@@S',\n  signOptions: { expiresIn: '1h' },\n}),"),
        ("ts constructor default", "constructor(private readonly token: string = '@@H') {}"),
    ),
    _fam(
        "client constructor password", "B", _common,
        ("node pg Pool",
         "const pool = new Pool({\n  host: 'db01.internal',\n  user: 'orders',\n"
         "  password: '@@P',\n  database: 'orders',\n});"),
        ("java PasswordAuthentication",
         'return new PasswordAuthentication("mailer", "@@Q".toCharArray());'),
        ("python paramiko connect",
         "ssh.connect('10.20.1.15', username='deploy', password='@@P')"),
        ("node ioredis options",
         "const redis = new Redis({ host: 'cache01', port: 6379, password: '@@U' });"),
    ),
    _fam(
        "python dataclass default secret", "A", _common,
        ("dataclass field default",
         '@dataclass\nclass PartnerConfig:\n    base_url: str = "https://partner.example/api"\n'
         '    api_key: str = "@@K"'),
        ("pydantic settings default",
         'class Settings(BaseSettings):\n    database_url: str = "sqlite:///./app.db"\n'
         '    jwt_secret: str = "@@S"'),
        ("namedtuple default",
         'class Creds(NamedTuple):\n    user: str = "etl"\n    password: str = "@@P"'),
    ),
    _fam(
        "python function default password", "B", _common,
        ("def keyword default", 'def get_client(user="svc_reports", password="@@P"):'),
        ("async def token default",
         'async def fetch_rates(session, token: str = "@@T") -> dict:'),
        ("argparse default",
         "parser.add_argument('--api-key', default='@@K', help='partner API key')"),
        ("click option default",
         "@click.option('--password', default='@@Q', show_default=False)"),
    ),
    _fam(
        "positional db connect password", "A", _common,
        ("pymysql positional",
         'conn = pymysql.connect("db01.internal", "reporting", "@@P", "sales")'),
        ("php mysqli_connect",
         '$link = mysqli_connect("localhost", "shop", "@@Q", "shop_prod");'),
        ("php PDO constructor", "$pdo = new PDO('mysql:host=db01;dbname=crm', 'crm_app', '@@P');"),
        ("java DriverManager",
         'Connection c = DriverManager.getConnection(url, "app_user", "@@Q");'),
        ("perl DBI connect",
         'my $dbh = DBI->connect("dbi:Pg:dbname=ledger;host=db02", "ledger", "@@P",\n'
         "    { RaiseError => 1 });"),
    ),
    _fam(
        "positional login call password", "B", _common,
        ("python smtplib login",
         "server = smtplib.SMTP('smtp.corp.example', 587)\nserver.starttls()\n"
         "server.login('alerts@corp.example', '@@P')"),
        ("python ftplib login", "ftp = FTP('ftp.partner.example')\nftp.login('upload', '@@Q')"),
        ("python imaplib login",
         "mail = imaplib.IMAP4_SSL('imap.corp.example')\nmail.login('helpdesk', '@@P')"),
        ("python ldap simple_bind_s",
         "conn.simple_bind_s('cn=svc-sync,ou=services,dc=corp,dc=example', '@@Q')"),
        ("odoo xmlrpc execute_kw",
         "models.execute_kw('odoo_prod', uid, '@@F', 'res.partner', 'search_read', [[]])"),
    ),
    # ---- Command lines ------------------------------------------------------------------
    _fam(
        "login subcommand password flag", "A", _common,
        ("oc login",
         "oc login https://api.ocp.corp.example:6443 -u admin -p '@@P' "
         "--insecure-skip-tls-verify"),
        ("argocd login", "argocd login cd.corp.example --username admin --password @@Q --grpc-web"),
        ("cf login",
         "cf login -a https://api.sys.corp.example -u ci-deployer -p '@@P' -o shop -s prod"),
        ("az login service principal",
         "az login --service-principal -u http://ci-deploy -p '@@Q' --tenant corp.onmicrosoft.com"),
        ("kcadm config credentials",
         "kcadm.sh config credentials --server https://sso.corp.example --realm master "
         "--user admin --password '@@P'"),
    ),
    _fam(
        "windows admin tool password argument", "B", _common,
        ("psexec -p",
         'PsExec.exe \\\\FS02 -u CORP\\svc_patch -p @@P -h cmd /c "wuauclt /detectnow"'),
        ("wmic /password",
         "wmic /node:10.1.4.20 /user:administrator /password:@@Q process call create "
         '"cmd.exe /c ipconfig"'),
        ("schtasks /rp",
         'schtasks /create /tn "Nightly Export" /tr C:\\jobs\\export.bat /sc daily /st 02:00 '
         '/ru CORP\\svc_export /rp "@@P"'),
        ("sc config password=", 'sc.exe config ReportSvc obj= ".\\svc_report" password= @@Q'),
        ("xfreerdp /p", "xfreerdp /v:10.1.4.31 /u:Administrator /p:'@@P' /cert:ignore +clipboard"),
        ("evil-winrm -p", "evil-winrm -i 10.1.4.22 -u helpdesk -p '@@Q'"),
    ),
    _fam(
        "load tester auth flag", "A", _common,
        ("ab -A", "ab -n 2000 -c 50 -A loadtest:@@U https://staging.shop.example/api/cart"),
        ("hey -a", "hey -z 60s -c 20 -a perf:@@U https://staging.shop.example/health/deep"),
        ("k6 run -e",
         "k6 run -e API_TOKEN=@@T -e BASE_URL=https://staging.shop.example scripts/checkout.js"),
        ("wrk -H",
         'wrk -t4 -c100 -d30s -H "X-Api-Key: @@K" "https://staging.shop.example/v1/search?q=shoes"'),
    ),
    _fam(
        "analytics db cli password", "B", _common,
        ("vertica vsql -w",
         "vsql -h vertica01 -U dbadmin -w '@@P' -c 'select count(*) from events'"),
        ("sap hana hdbsql -p",
         'hdbsql -n hana01:30015 -u SYSTEM -p @@Q "SELECT * FROM M_DATABASE"'),
        ("db2 connect using", "db2 connect to SAMPLE user db2inst1 using @@P"),
        ("cypher-shell -p",
         "cypher-shell -a bolt://graph01:7687 -u neo4j -p '@@Q' 'MATCH (n) RETURN count(n)'"),
        ("influx v1 cli -password",
         "influx -host metrics01 -username admin -password '@@P' -database telegraf"),
    ),
    _fam(
        "shell history secret", "A", _common,
        ("bash_history",
         "cd ~/src/shop\nexport PARTNER_API_TOKEN=@@T\n./scripts/sync_catalog.sh --full\n"
         "git status"),
        ("history output numbered",
         "  498  kubectl get pods -n shop\n  499  export REGISTRY_PASSWORD='@@P'\n"
         "  500  ./push.sh"),
        ("zsh_history extended",
         ": 1717003321:0;export DEPLOY_KEY=@@K\n: 1717003340:0;make deploy"),
        ("fish_history",
         "- cmd: set -gx ADMIN_PASSWORD @@Q\n  when: 1717003410\n- cmd: ./bin/boot"),
    ),
    _fam(
        "dockerfile env secret", "B", _common,
        ("dockerfile ENV key=value",
         "FROM node:20-alpine\nWORKDIR /app\nENV NODE_ENV=production \\\n"
         "    PAYMENT_SECRET=@@K\nCOPY . ."),
        ("dockerfile ENV legacy form", "FROM postgres:16\nENV DB_PASSWORD @@P"),
        ("dockerfile ARG default",
         "ARG PRIVATE_INDEX_TOKEN=@@T\nRUN pip install --index-url "
         "https://__token__:${PRIVATE_INDEX_TOKEN}@pypi.corp.example/simple -r requirements.txt"),
        ("docker history output",
         "IMAGE          CREATED       CREATED BY                          SIZE\n"
         "<missing>      2 weeks ago   ENV API_SECRET=@@S     0B"),
    ),
    _fam(
        "docker run env secret", "A", _common,
        ("docker run -e",
         "docker run -d --name pg -e POSTGRES_PASSWORD='@@P' -p 5432:5432 postgres:16"),
        ("docker run --env",
         "docker run --rm --env SMTP_PASSWORD=@@Q --env SMTP_USER=alerts "
         "ghcr.io/corp/notifier:2.3"),
        ("podman run -e",
         "podman run -d -e MARIADB_ROOT_PASSWORD=@@P -v db:/var/lib/mysql "
         "docker.io/library/mariadb:11"),
        ("docker service create --env",
         "docker service create --name api --env JWT_SECRET=@@S --replicas 3 "
         "registry.corp.example/api:1.9"),
    ),
    # ---- CI configuration ---------------------------------------------------------------
    _fam(
        "github workflow inline secret", "B", _common,
        ("workflow env block",
         "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      DEPLOY_TOKEN: @@T\n"
         "      TARGET: prod"),
        ("workflow with password",
         "      - uses: docker/login-action@v3\n        with:\n"
         "          registry: registry.corp.example\n          username: ci\n"
         "          password: @@Q"),
        ("workflow run curl header",
         "      - name: Notify\n        run: curl -fsS -H \"X-Api-Key: @@K\" "
         "https://status.corp.example/api/deploys -d sha=${{ github.sha }}"),
    ),
    _fam(
        "gitlab ci inline secret", "A", _common,
        ("gitlab-ci global variables",
         'variables:\n  DOCKER_DRIVER: overlay2\n  NEXUS_PASSWORD: "@@P"'),
        ("gitlab-ci script argument",
         "deploy:\n  stage: deploy\n  script:\n    - ./deploy.sh --api-key @@K --env prod"),
        ("gitlab-ci job variables",
         "integration:\n  variables:\n    TEST_DB_PASSWORD: @@Q\n  script:\n"
         "    - pytest -m integration"),
    ),
    _fam(
        "jenkinsfile inline secret", "B", _common,
        ("declarative environment",
         "pipeline {\n  agent any\n  environment {\n    ARTIFACT_REPO_PASSWORD = '@@P'\n  }"),
        ("sh step with credentials",
         'sh "curl -s -u deployer:@@U '
         'https://nexus.corp.example/service/rest/v1/components?repository=releases"'),
        ("groovy def", 'def apiKey = "@@K"\nsh "./publish.sh ${apiKey}"'),
    ),
    _fam(
        "ci yaml env literal", "A", _common,
        ("circleci environment",
         "jobs:\n  build:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n"
         "      PARTNER_TOKEN: @@T"),
        ("bitbucket-pipelines script",
         "pipelines:\n  default:\n    - step:\n        script:\n"
         "          - export FTP_PASSWORD=@@P\n"
         "          - lftp -u deploy,$FTP_PASSWORD ftp.corp.example "
         "-e 'mirror -R dist /www; quit'"),
        ("azure-pipelines variables",
         "variables:\n  buildConfiguration: 'Release'\n  nugetFeedPassword: '@@Q'"),
        ("drone step environment",
         "steps:\n  - name: publish\n    image: plugins/docker\n    environment:\n"
         "      REGISTRY_PASSWORD: @@P"),
    ),
    # ---- Infrastructure as code ---------------------------------------------------------
    _fam(
        "terraform tfvars secret", "B", _common,
        ("terraform.tfvars",
         'region        = "eu-west-1"\ninstance_type = "t3.medium"\ndb_password   = "@@Q"'),
        ("auto.tfvars.json", '{\n  "admin_username": "sqladmin",\n  "admin_password": "@@P"\n}'),
        ("TF_VAR export", "export TF_VAR_grafana_auth=@@T"),
        ("terraform apply -var", "terraform apply -var 'vpn_psk=@@K' -var-file=prod.tfvars"),
    ),
    _fam(
        "pulumi plaintext config secret", "A", _common,
        ("Pulumi stack yaml plaintext",
         "config:\n  aws:region: eu-west-1\n  shop:dbPassword: @@Q"),
        ("pulumi config set without --secret", "pulumi config set shop:apiToken @@T"),
        ("pulumi program literal",
         'const db = new aws.rds.Instance("orders", {\n    engine: "postgres",\n'
         '    username: "orders",\n    password: "@@P",\n});'),
    ),
    _fam(
        "kustomize generator literal", "B", _common,
        ("secretGenerator literals",
         "secretGenerator:\n  - name: api-credentials\n    literals:\n      - username=api\n"
         "      - password=@@Q"),
        ("kustomize edit add secret",
         "kustomize edit add secret smtp --from-literal=password=@@P"),
        ("configMapGenerator literal",
         "configMapGenerator:\n  - name: app-config\n    literals:\n      - LOG_LEVEL=info\n"
         "      - PAYMENT_API_KEY=@@K"),
    ),
    _fam(
        "ansible task password argument", "A", _common,
        ("mysql_user task",
         "- name: Create app user\n  community.mysql.mysql_user:\n    name: shop\n"
         "    password: \"@@P\"\n    priv: 'shop.*:ALL'"),
        ("uri module url_password",
         "- ansible.builtin.uri:\n    url: https://nexus.corp.example/service/rest/v1/status\n"
         "    url_username: admin\n    url_password: @@Q\n    force_basic_auth: true"),
        ("ansible-playbook -e",
         "ansible-playbook site.yml -i inventories/prod -e 'ansible_become_pass=@@P'"),
        ("ad user task",
         "- microsoft.ad.user:\n    name: svc_sql\n    password: '@@Q'\n    state: present"),
    ),
    _fam(
        "cloudformation password literal", "B", _common,
        ("parameter default",
         "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: '@@P'"),
        ("resource MasterUserPassword",
         "  Database:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: mysql\n"
         "      MasterUsername: admin\n      MasterUserPassword: @@Q"),
        ("cdk unsafePlainText", "const apiKey = SecretValue.unsafePlainText('@@T');"),
    ),
    _fam(
        "packer vagrant communicator password", "A", _common,
        ("packer ssh_password",
         'source "vsphere-iso" "ubuntu" {\n  ssh_username = "packer"\n  ssh_password = "@@P"\n}'),
        ("packer winrm_password",
         '  communicator   = "winrm"\n  winrm_username = "Administrator"\n'
         '  winrm_password = "@@Q"'),
        ("Vagrantfile ssh.password",
         'config.ssh.username = "deploy"\nconfig.ssh.password = "@@P"'),
    ),
    _fam(
        "config management data password", "B", _common,
        ("puppet hiera",
         "profile::postgres::app_password: '@@P'\nprofile::postgres::max_connections: 200"),
        ("chef attribute", "default['shop']['db']['password'] = '@@Q'"),
        ("salt pillar", "mysql:\n  server:\n    root_password: '@@P'"),
    ),
    # ---- XML, properties, INI and TOML ----------------------------------------------------
    _fam(
        "web.config credentials", "A", _common,
        ("appSettings add key",
         '<appSettings>\n  <add key="PartnerApiUrl" value="https://partner.example/api" />\n'
         '  <add key="PartnerApiSecret" value="@@K" />\n</appSettings>'),
        ("connectionStrings add",
         '<connectionStrings>\n  <add name="Default" connectionString="Data Source=sql01;'
         'Initial Catalog=Crm;User ID=crm;Password=@@P" providerName="System.Data.SqlClient" />'
         "\n</connectionStrings>"),
        ("identity impersonate",
         '<identity impersonate="true" userName="CORP\\svc_web" password="@@Q" />'),
        ("smtp network element",
         '<smtp from="noreply@corp.example">\n  <network host="smtp.corp.example" port="587" '
         'userName="noreply" password="@@P" />\n</smtp>'),
    ),
    _fam(
        "java server xml credentials", "B", _common,
        ("spring bean property",
         '<bean id="dataSource" class="com.zaxxer.hikari.HikariDataSource">\n'
         '  <property name="jdbcUrl" value="jdbc:mysql://db01:3306/shop" />\n'
         '  <property name="username" value="shop" />\n'
         '  <property name="password" value="@@P" />\n</bean>'),
        ("wildfly datasource security",
         "<security>\n    <user-name>erp</user-name>\n    <password>@@Q</password>\n</security>"),
        ("tomcat-users.xml",
         '<tomcat-users>\n  <role rolename="manager-gui"/>\n'
         '  <user username="deployer" password="@@P" roles="manager-gui,manager-script"/>\n'
         "</tomcat-users>"),
        ("jetty realm.properties", "admin: @@Q,server-administrator,content-administrator"),
    ),
    _fam(
        "jvm tool config password", "A", _common,
        ("liquibase.properties",
         "url=jdbc:postgresql://db01:5432/orders\nusername=liquibase\npassword=@@P\n"
         "changeLogFile=db/changelog.xml"),
        ("flyway.conf",
         "flyway.url=jdbc:mysql://db02:3306/billing\nflyway.user=flyway\nflyway.password=@@Q"),
        ("quarkus application.properties",
         "quarkus.datasource.username=inventory\nquarkus.datasource.password=@@P\n"
         "quarkus.datasource.jdbc.url=jdbc:postgresql://db03/inventory"),
        ("micronaut application.yml",
         "datasources:\n  default:\n    url: jdbc:postgresql://db04/catalog\n"
         "    username: catalog\n    password: '@@Q'"),
        ("play application.conf",
         'db.default.driver = org.postgresql.Driver\n'
         'db.default.url = "jdbc:postgresql://db05/catalog"\ndb.default.password = "@@P"'),
    ),
    _fam(
        "ini section password", "B", lambda: {**_common(), **_s3_pair()},
        ("app config.ini",
         "[database]\nhost = db01.internal\nuser = report\npassword = @@P\n\n[smtp]\n"
         "host = smtp.corp.example"),
        ("s3cmd .s3cfg",
         "[default]\naccess_key = @@A\nhost_base = s3.storage.corp.example\nsecret_key = @@B"),
        ("uwsgi.ini env",
         "[uwsgi]\nmodule = shop.wsgi\nenv = DJANGO_SETTINGS_MODULE=shop.settings.prod\n"
         "env = EMAIL_HOST_PASSWORD=@@Q"),
        ("sendmail.ini",
         "[sendmail]\nsmtp_server=smtp.corp.example\nsmtp_port=587\n"
         "auth_username=webshop@corp.example\nauth_password=@@P"),
    ),
    _fam(
        "toml config secret", "A", _common,
        ("streamlit secrets.toml",
         '[connections.warehouse]\nhost = "wh01.internal"\nusername = "analyst"\n'
         'password = "@@P"'),
        ("wrangler.toml vars",
         'name = "edge-api"\nmain = "src/index.ts"\n\n[vars]\nUPSTREAM_TOKEN = "@@T"'),
        ("netlify.toml environment",
         '[build.environment]\n  NODE_VERSION = "20"\n  CMS_API_TOKEN = "@@K"'),
        ("app config.toml", '[server]\nport = 8080\n\n[auth]\njwt_secret = "@@S"'),
    ),
    # ---- URLs, headers, cookies ---------------------------------------------------------
    _fam(
        "rtsp camera url credentials", "B", _common,
        ("ffmpeg input",
         "ffmpeg -rtsp_transport tcp -i "
         "'rtsp://admin:@@U@192.168.10.21:554/Streaming/Channels/101' -c copy out.mp4"),
        ("frigate config",
         "cameras:\n  driveway:\n    ffmpeg:\n      inputs:\n        - path: "
         "rtsp://viewer:@@U@10.0.30.12:554/cam/realmonitor?channel=1&subtype=0"),
        ("vlc command", "vlc rtsp://operator:@@U@cam-lobby.corp.example/live/ch00_0"),
        ("opencv VideoCapture",
         'cap = cv2.VideoCapture("rtsp://admin:@@U@10.0.30.15:554/h264Preview_01_main")'),
    ),
    _fam(
        "uncommon scheme url credentials", "A", _common,
        ("nats url", "NATS_URL=nats://orders:@@U@nats01.internal:4222"),
        ("smb url", "gio mount 'smb://CORP;scanner:@@U@nas01/scans'"),
        ("couchdb url", "COUCHDB_URL=http://admin:@@U@couch01.internal:5984/"),
        ("irc url", "irc://ci-bot:@@U@irc.corp.example:6697/#deploys"),
        ("duplicity sftp url",
         "duplicity /srv/data sftp://backup:@@U@bk01.corp.example//backups/srv01"),
    ),
    _fam(
        "custom x header secret", "B", _common,
        ("curl X-Auth-Token",
         "curl -s -H 'X-Auth-Token: @@T' https://inventory.corp.example/api/v1/hosts"),
        ("nginx proxy_set_header",
         "location /partner/ {\n    proxy_pass https://partner.example/;\n"
         '    proxy_set_header X-Partner-Secret "@@K";\n}'),
        ("fetch headers object",
         "const res = await fetch(url, {\n"
         "  headers: { 'X-Service-Key': '@@H', 'Content-Type': 'application/json' },\n});"),
        ("raw http request",
         "POST /v2/events HTTP/1.1\nHost: ingest.corp.example\nX-Ingest-Token: @@T\n"
         "Content-Type: application/json"),
    ),
    _fam(
        "auth token cookie", "A", _cookie,
        ("request Cookie header", "Cookie: locale=en-GB; auth_token=@@T; theme=dark"),
        ("Set-Cookie access token",
         "Set-Cookie: access_token=@@J; Path=/; HttpOnly; Secure; SameSite=Lax"),
        ("curl -b",
         "curl -b 'remember_token=@@H; _ga=GA1.1.1111.2222' "
         "https://admin.shop.example/orders.csv -o orders.csv"),
        ("document.cookie", "document.cookie = 'api_key=@@K; path=/; max-age=31536000';"),
    ),
    _fam(
        "base64 user-password pair", "B", _basic_pair,
        ("env var", "NEXUS_AUTH_B64=@@E"),
        ("nginx proxy Authorization", 'proxy_set_header Authorization "Basic @@E";'),
        ("js constant", "const LEGACY_AUTH = '@@E'; // user:pass for the old ERP"),
        ("prometheus authorization credentials",
         "    authorization:\n      type: Basic\n      credentials: @@E"),
    ),
    # ---- Keys outside PEM ---------------------------------------------------------------
    _fam(
        "single-line der private key", "A", _der_keys,
        ("env var pkcs8 rsa", "SIGNING_PRIVATE_KEY=@@R"),
        ("json config ec key",
         '{\n  "issuer": "https://auth.shop.example",\n  "privateKey": "@@E"\n}'),
        ("java string literal", 'private static final String PRIVATE_KEY_B64 = "@@R";'),
        ("yaml value", "jwt:\n  algorithm: ES256\n  private-key: @@E"),
    ),
    _fam(
        "xml rsakeyvalue private key", "B", _rsa_xml,
        ("RSAKeyValue file", _RSA_XML),
        ("csharp FromXmlString", f'rsa.FromXmlString("{_RSA_XML}");'),
        ("appsettings value", f'"LicenseSigningKey": "{_RSA_XML}"'),
    ),
    _fam(
        "okp jwk private key", "A", _okp,
        ("jwk json file", '{"kty":"OKP","crv":"Ed25519","kid":"@@K","d":"@@D","x":"@@X"}'),
        ("env var jwk",
         "JWT_SIGNING_JWK='{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"d\":\"@@D\",\"x\":\"@@X\"}'"),
        ("x25519 in a jwks",
         '{"keys":[{"kty":"OKP","crv":"X25519","use":"enc","kid":"@@K","x":"@@X","d":"@@D"}]}'),
    ),
    _fam(
        "raw ed25519 secret key", "B", _ed_raw,
        ("hex seed env", "NODE_ED25519_SEED=@@S"),
        ("nacl SigningKey fromhex",
         'signing_key = nacl.signing.SigningKey(bytes.fromhex("@@S"))'),
        ("tor hs_ed25519_secret_key base64", "hs_ed25519_secret_key (base64): @@T"),
        ("libsodium 64-byte key base64", "SODIUM_SECRET_KEY=@@B"),
    ),
    _fam(
        "jks keystore base64", "A", _jks,
        ("env pair", "ANDROID_KEYSTORE_BASE64=@@J\nANDROID_KEYSTORE_PASSWORD=@@P"),
        ("ci yaml variable", "variables:\n  RELEASE_KEYSTORE: @@J"),
        ("echo into file", "echo '@@J' | base64 --decode > app/release.jks"),
    ),
    # ---- Prose, dumps, sessions ---------------------------------------------------------
    _fam(
        "chat message credential", "B", _common,
        ("slack message",
         "@dana the staging admin login is admin / @@P, please don't share it outside the "
         "channel"),
        ("teams message",
         "Here's the API key for the partner sandbox: @@K\nIt expires end of month."),
        ("email body",
         "Hi Marco,\n\nYour account on the reporting server has been created.\n"
         "Username: mrossi\nTemporary password: @@P\n\nPlease change it on first login."),
        ("irc log", "[14:02] <jk> try with token @@T\n[14:03] <ana> works, thanks"),
    ),
    _fam(
        "bug report pasted credential", "A", _common,
        ("github issue",
         "### Steps to reproduce\n\n```\nclient = Client(api_key=\"@@K\")\n"
         "client.orders.list()\n```\n\nThis raises `AuthError` since 2.3.0."),
        ("stack overflow question",
         "I'm trying to connect but I get 'Access denied for user'.\n\n"
         "    $conn = new mysqli('db.myhost.example', 'u8812_shop', '@@P', 'u8812_shop');"),
        ("jira comment",
         "Reproduced on prod with the service account (svc_sync / @@Q), see attached HAR."),
    ),
    _fam(
        "object dump with password", "B", _with_len,
        ("python repr in log",
         "DEBUG settings loaded: DbSettings(host='db01', port=5432, user='app', "
         "password='@@P', sslmode='require')"),
        ("java toString in log",
         "INFO  c.c.s.Config - MailConfig{host='smtp.corp.example', port=587, "
         "username='alerts', password='@@Q'}"),
        ("go %+v", "2026/03/02 10:14:07 config: {Host:cache01 Port:6379 Password:@@U DB:0}"),
        ("php var_dump",
         'array(3) {\n  ["user"]=>\n  string(5) "admin"\n  ["password"]=>\n'
         '  string(@@L) "@@P"\n  ["host"]=>\n  string(9) "localhost"\n}'),
        ("ruby inspect",
         '#<ApiClient:0x000055d5 @base_url="https://erp.corp.example", @token="@@T", '
         "@timeout=30>"),
    ),
    _fam(
        "traceback locals password", "A", _common,
        ("rich traceback locals",
         "│ ╭──────────── locals ────────────╮\n│ │     host = 'db02.internal'      │\n"
         "│ │ password = '@@P'   │\n│ │     user = 'billing'            │"),
        ("sentry frame vars",
         '"vars": {\n  "host": "\'db02.internal\'",\n  "password": "\'@@Q\'",\n'
         '  "user": "\'billing\'"\n}'),
        ("pytest assertion",
         "E       AssertionError: assert 401 == 200\n"
         "E        +  where 401 = login('admin', '@@P').status_code"),
    ),
    _fam(
        "repl session secret", "B", _common,
        ("python repl",
         ">>> from partner import Client\n>>> c = Client(token='@@T')\n>>> c.ping()\n'pong'"),
        ("ipython",
         "In [7]: os.environ['WAREHOUSE_PASSWORD'] = '@@P'\n\nIn [8]: df = load_sales()"),
        ("node repl", "> const api = new Api({ key: '@@K' })\nundefined\n> await api.me()"),
        ("irb", "irb(main):003:0> Mailer.smtp_settings[:password] = '@@Q'\n=> \"@@Q\""),
        ("R console", '> Sys.setenv(ANALYTICS_TOKEN = "@@T")\n> res <- fetch_metrics("2026-03")'),
    ),
    _fam(
        "notebook cell output secret", "A", _common,
        ("ipynb source cell",
         '{\n "cell_type": "code",\n "source": [\n  "API_TOKEN = \\"@@T\\"\\n",\n'
         '  "resp = requests.get(URL, headers={\\"Authorization\\": f\\"Token {API_TOKEN}\\"})"'
         "\n ]\n}"),
        ("ipynb stream output",
         '"outputs": [\n  {\n   "name": "stdout",\n   "output_type": "stream",\n'
         '   "text": [\n    "Generated service password: @@P\\n"\n   ]\n  }\n ]'),
        ("colab form field", 'password = "@@Q" #@param {type:"string"}'),
    ),
    # ---- Schedulers, registries, IDEs, mobile -------------------------------------------
    _fam(
        "crontab inline credential", "B", _common,
        ("crontab curl token",
         "*/15 * * * * curl -fsS -H 'Authorization: Token @@T' "
         "https://inventory.corp.example/api/sync >/dev/null"),
        ("crontab backup password",
         "0 2 * * * /opt/backup/run.sh --db-user backup --db-pass '@@P' "
         ">> /var/log/backup.log 2>&1"),
        ("crontab env line",
         "MAILTO=ops@corp.example\nREPORT_API_KEY=@@K\n30 6 * * 1 /usr/local/bin/weekly-report"),
    ),
    _fam(
        "launchd plist environment secret", "A", _common,
        ("EnvironmentVariables dict",
         "<key>EnvironmentVariables</key>\n<dict>\n    <key>SYNC_API_TOKEN</key>\n"
         "    <string>@@T</string>\n</dict>"),
        ("ProgramArguments password",
         "<key>ProgramArguments</key>\n<array>\n    <string>/usr/local/bin/backup-agent</string>\n"
         "    <string>--password</string>\n    <string>@@P</string>\n</array>"),
        ("launchctl setenv", "launchctl setenv MUNKI_REPO_PASSWORD @@Q"),
    ),
    _fam(
        "winlogon autologon password", "B", _common,
        (".reg export",
         "Windows Registry Editor Version 5.00\n\n"
         "[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"
         '"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultPassword"="@@P"'),
        ("reg add",
         'reg add "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon" '
         '/v DefaultPassword /t REG_SZ /d "@@Q" /f'),
        ("powershell Set-ItemProperty",
         "Set-ItemProperty -Path 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\"
         "Winlogon' -Name DefaultPassword -Value '@@P'"),
    ),
    _fam(
        "ide config secret", "A", _common,
        ("vscode sqltools connection",
         '"sqltools.connections": [\n  {\n    "name": "prod-readonly",\n'
         '    "driver": "PostgreSQL",\n    "server": "db01.internal",\n'
         '    "username": "readonly",\n    "password": "@@P"\n  }\n]'),
        ("vscode launch.json env",
         '"env": {\n  "FLASK_ENV": "development",\n  "PARTNER_SECRET": "@@K"\n}'),
        ("intellij workspace.xml env",
         '<envs>\n  <env name="SPRING_PROFILES_ACTIVE" value="dev" />\n'
         '  <env name="DB_PASSWORD" value="@@Q" />\n</envs>'),
    ),
    _fam(
        "http client file secret", "B", _common,
        (".http file variable",
         "@baseUrl = https://api.shop.example\n@token = @@T\n\nGET {{baseUrl}}/orders\n"
         "Authorization: Bearer {{token}}"),
        ("http-client.private.env.json", '{\n  "prod": {\n    "apiKey": "@@K"\n  }\n}'),
        ("bruno .bru auth", "auth:bearer {\n  token: @@T\n}"),
        ("insomnia environment export",
         '"data": {\n  "base_url": "https://api.shop.example",\n  "password": "@@P"\n}'),
    ),
    _fam(
        "mobile app bundled secret", "A", _common,
        ("android strings.xml", '<string name="backend_client_secret">@@K</string>'),
        ("ios xcconfig",
         "API_BASE_URL = https:/$()/api.shop.example\nAPI_CLIENT_SECRET = @@T"),
        ("flutter dart-define", "flutter build apk --release --dart-define=API_SECRET=@@K"),
        ("dart const", "const String kPaymentsSecret = '@@H';"),
        ("android local.properties",
         "sdk.dir=/Users/ada/Library/Android/sdk\nbackend.apiSecret=@@T"),
    ),
    _fam(
        "crypto key literal in code", "B", lambda: {**_common(), "I": _std64(16)},
        ("python hmac.new", "sig = hmac.new(b'@@K', payload, hashlib.sha256).hexdigest()"),
        ("node createHmac",
         "const sig = crypto.createHmac('sha256', '@@T').update(body).digest('hex');"),
        ("java SecretKeySpec",
         'SecretKeySpec key = new SecretKeySpec(Base64.getDecoder().decode("@@B"), "AES");'),
        ("csharp aes key and iv",
         'aes.Key = Convert.FromBase64String("@@B");\naes.IV = Convert.FromBase64String("@@I");'),
        ("go hmac.New", 'mac := hmac.New(sha256.New, []byte("@@T"))'),
    ),
    _fam(
        "pod spec env literal password", "A", _common,
        ("deployment env value",
         "        env:\n          - name: DB_USER\n            value: orders\n"
         '          - name: DB_PASSWORD\n            value: "@@P"'),
        ("cronjob env",
         "            containers:\n              - name: export\n"
         "                image: corp/export:1.4\n                env:\n"
         "                  - name: SFTP_PASSWORD\n                    value: @@Q"),
        ("configmap data",
         "kind: ConfigMap\nmetadata:\n  name: api-config\ndata:\n  LOG_LEVEL: info\n"
         "  PAYMENT_API_SECRET: @@K"),
        ("argo workflow parameter",
         "arguments:\n  parameters:\n    - name: api-token\n      value: @@T"),
    ),
    _fam(
        "web server injected auth header", "B", _common,
        ("apache RequestHeader", 'RequestHeader set X-Backend-Token "@@T"'),
        ("apache SetEnv", "SetEnv PARTNER_API_SECRET @@K"),
        ("haproxy set-header", '    http-request set-header Authorization "Bearer @@T"'),
        ("caddy header_up", "reverse_proxy backend:8080 {\n    header_up X-Internal-Key @@H\n}"),
        ("traefik headers middleware",
         '      customRequestHeaders:\n        X-Upstream-Token: "@@T"'),
    ),
    _fam(
        "macos keychain cli password", "A", _common,
        ("security add-generic-password",
         "security add-generic-password -a ci -s notarize -w '@@P' -U"),
        ("security unlock-keychain", "security unlock-keychain -p @@Q build.keychain"),
        ("security create-keychain", "security create-keychain -p '@@P' signing.keychain-db"),
    ),
    _fam(
        "expect script password", "B", _common,
        ("expect script",
         '#!/usr/bin/expect -f\nspawn ssh admin@10.0.0.1\nexpect "password:"\n'
         'send "@@P\\r"\ninteract'),
        ("expect one-liner",
         "expect -c 'spawn scp build.tar.gz deploy@web01:/tmp; expect \"assword:\"; "
         "send \"@@Q\\r\"; expect eof'"),
        ("python pexpect sendline",
         "child = pexpect.spawn('ssh root@switch01')\nchild.expect('Password:')\n"
         "child.sendline('@@P')"),
    ),
    _fam(
        "elixir config secret", "A", _common,
        ("ecto repo config",
         'config :shop, Shop.Repo,\n  username: "shop",\n  password: "@@P",\n'
         '  hostname: "db01.internal"'),
        ("guardian secret_key",
         'config :shop, Shop.Guardian,\n  issuer: "shop",\n  secret_key: "@@S"'),
        ("swoosh smtp adapter",
         "config :shop, Shop.Mailer,\n  adapter: Swoosh.Adapters.SMTP,\n"
         '  relay: "smtp.corp.example",\n  username: "mailer",\n  password: "@@Q"'),
    ),
    _fam(
        "c firmware credential", "B", _common,
        ("arduino mqtt credentials",
         'const char* mqtt_server = "10.0.40.2";\nconst char* mqtt_user = "sensor";\n'
         'const char* mqtt_password = "@@P";'),
        ("c #define", '#define API_KEY "@@K"\n#define API_HOST "telemetry.corp.example"'),
        ("esphome yaml",
         'api:\n  encryption:\n    key: "@@B"\nota:\n  - platform: esphome\n'
         '    password: "@@Q"'),
        ("c static char pointer", 'static const char *admin_password = "@@P";'),
    ),
    _fam(
        "build script assigned secret", "A", _common,
        ("deploy.sh",
         '#!/usr/bin/env bash\nset -euo pipefail\nAPI_TOKEN="@@T"\n'
         'curl -fsS -H "Authorization: Token $API_TOKEN" https://deploy.corp.example/api/release'),
        ("Makefile",
         "REGISTRY_PASSWORD ?= @@P\n\npush:\n"
         "\techo $(REGISTRY_PASSWORD) | docker login registry.corp.example -u ci --password-stdin"),
        ("package.json script",
         '"scripts": {\n  "deploy": "node scripts/deploy.js --token @@T"\n}'),
        ("justfile", 'export SEED_ADMIN_PASSWORD := "@@Q"\n\nseed:\n    ./manage.py seed'),
    ),
    # ---- Vendor tokens the earlier corpora do not name -----------------------------------
    _fam(
        "adobe client secret", "B",
        lambda: {"S": "p8e" "-" + _s(32), "I": _hex(32), "O": _s(24, UPPER_HEX)},
        (".env file", "ADOBE_CLIENT_ID=@@I\nADOBE_CLIENT_SECRET=@@S\nADOBE_ORG_ID=@@O@AdobeOrg"),
        ("ims token request",
         "curl -X POST 'https://ims-na1.adobelogin.com/ims/token/v3' \\\n"
         "  -d 'grant_type=client_credentials' -d 'client_id=@@I' \\\n"
         "  -d 'client_secret=@@S' -d 'scope=openid,AdobeID,read_organizations'"),
        ("node config module",
         "module.exports = {\n  adobe: {\n    clientId: '@@I',\n"
         "    clientSecret: '@@S',\n  },\n};"),
    ),
    _fam(
        "segment public api token", "A", lambda: {"T": "sg" "p_" + _s(64)},
        ("curl bearer",
         "curl https://api.segmentapis.com/sources \\\n  -H 'Authorization: Bearer @@T'"),
        ("terraform provider", 'provider "segment" {\n  token = "@@T"\n}'),
        (".env file", "SEGMENT_PUBLIC_API_TOKEN=@@T"),
    ),
    _fam(
        "pubnub secret key", "B",
        lambda: {"S": "sec" "-c-" + _std64(_guid().encode()), "P": "pub" "-c-" + _guid(),
                 "U": "sub" "-c-" + _guid()},
        ("node server init",
         "const pubnub = new PubNub({\n  publishKey: '@@P',\n  subscribeKey: '@@U',\n"
         "  secretKey: '@@S',\n  userId: 'grant-server',\n});"),
        ("python PNConfiguration",
         'pnconfig.subscribe_key = "@@U"\npnconfig.publish_key = "@@P"\n'
         'pnconfig.secret_key = "@@S"'),
        (".env file", "PUBNUB_SECRET_KEY=@@S"),
    ),
    _fam(
        "ory network api key", "A",
        lambda: {"K": "ory" "_pat_" + _s(32),
                 "N": f"{_RNG.choice(_WORDS).lower()}-{_RNG.choice(_WORDS).lower()}-{_hex(4)}"},
        (".env file", "ORY_SDK_URL=https://@@N.projects.oryapis.com\nORY_API_KEY=@@K"),
        ("curl admin api",
         "curl -H 'Authorization: Bearer @@K' https://@@N.projects.oryapis.com/admin/identities"),
        ("go client context", 'ctx = context.WithValue(ctx, ory.ContextAccessToken, "@@K")'),
    ),
    _fam(
        "xata api key", "B",
        lambda: {"K": "xa" "u_" + _s(36), "W": f"corp-{_s(6, LOWER_ALNUM)}"},
        (".env file", "XATA_API_KEY=@@K\nXATA_BRANCH=main"),
        ("ts client",
         "const xata = new XataClient({\n  apiKey: '@@K',\n"
         "  databaseURL: 'https://@@W.eu-west-1.xata.sh/db/shop',\n});"),
        ("python client",
         'xata = XataClient(api_key="@@K", db_url="https://@@W.eu-west-1.xata.sh/db/shop")'),
    ),
    _fam(
        "honeybadger api key", "A", lambda: {"K": "hb" "p_" + _s(30)},
        ("honeybadger.yml", "---\napi_key: '@@K'\nenv: production\nbreadcrumbs:\n  enabled: true"),
        (".env file", "HONEYBADGER_API_KEY=@@K"),
        ("node configure",
         "Honeybadger.configure({\n  apiKey: '@@K',\n  environment: 'production',\n});"),
    ),
    _fam(
        "jina ai key", "B", lambda: {"K": "ji" "na_" + _s(60)},
        ("curl embeddings",
         "curl https://api.jina.ai/v1/embeddings -H 'Content-Type: application/json' \\\n"
         "  -H 'Authorization: Bearer @@K' \\\n"
         "  -d '{\"model\":\"jina-embeddings-v3\",\"input\":[\"hello\"]}'"),
        ("langchain kwarg",
         'embeddings = JinaEmbeddings(jina_api_key="@@K", model_name="jina-embeddings-v3")'),
        (".env file", "JINA_API_KEY=@@K"),
    ),
    _fam(
        "apify api token", "A", lambda: {"K": "apify" "_api_" + _s(36)},
        ("python ApifyClient",
         "client = ApifyClient('@@K')\n"
         "run = client.actor('apify/web-scraper').call(run_input=cfg)"),
        ("apify login", "apify login -t @@K"),
        ("curl token query",
         "curl -X POST 'https://api.apify.com/v2/acts/apify~web-scraper/runs?token=@@K' "
         "-d @input.json -H 'Content-Type: application/json'"),
    ),
    _fam(
        "devcycle server sdk key", "B",
        lambda: {"K": "dvc" "_server_" + _guid() + "_" + _hex(7)},
        ("node init", "const devcycleClient = initializeDevCycle('@@K')"),
        (".env file", "DEVCYCLE_SERVER_SDK_KEY=@@K"),
        ("go client", 'client, err := devcycle.NewClient("@@K", &devcycle.Options{})'),
    ),
    _fam(
        "ionic personal access token", "A",
        lambda: {"K": "io" "n_" + _s(42), "A": _hex(8)},
        ("appflow env", "IONIC_TOKEN=@@K"),
        ("curl bearer",
         "curl -H 'Authorization: Bearer @@K' https://api.ionicjs.com/apps/@@A/deploys"),
        ("github workflow env",
         "      - name: Trigger Appflow build\n        env:\n          IONIC_TOKEN: @@K\n"
         "        run: npx @ionic/cli deploy build --app-id=@@A"),
    ),
    _fam(
        "jd cloud access key", "B",
        lambda: {"K": "JD" "C_" + _s(28, UPPER_ALNUM), "S": _s(32, UPPER_HEX)},
        ("cli config ini",
         "[default]\naccess_key = @@K\nsecret_key = @@S\nregion_id = cn-north-1"),
        ("exported env vars", "export JDC_ACCESS_KEY=@@K\nexport JDC_SECRET_KEY=@@S"),
        ("python sdk credential",
         "credential = Credential('@@K', '@@S')\nclient = VmClient(credential)"),
    ),
    _fam(
        "lichess api token", "A", lambda: {"K": "li" "p_" + _s(20)},
        ("lichess-bot config.yml",
         'token: "@@K"\nurl: "https://lichess.org/"\nengine:\n  dir: "./engines/"\n'
         '  name: "stockfish"'),
        ("berserk session",
         "session = berserk.TokenSession('@@K')\nclient = berserk.Client(session=session)"),
        ("curl bearer", "curl -H 'Authorization: Bearer @@K' https://lichess.org/api/account"),
    ),
    _fam(
        "midtrans server key", "B",
        lambda: {"K": "Mid" "-server-" + _s(24, B64URL), "C": "Mid" "-client-" + _s(16, B64URL)},
        ("php config",
         "\\Midtrans\\Config::$serverKey = '@@K';\n\\Midtrans\\Config::$isProduction = true;"),
        ("node snap client",
         "const snap = new midtransClient.Snap({\n  isProduction: true,\n  serverKey: '@@K',\n"
         "  clientKey: '@@C',\n});"),
        (".env file", "MIDTRANS_SERVER_KEY=@@K\nMIDTRANS_IS_PRODUCTION=true"),
    ),
    _fam(
        "onfido api token", "A",
        lambda: {"K": "api" "_live." + _s(11, B64URL) + "." + _s(32, B64URL)},
        ("Authorization Token header",
         "curl https://api.eu.onfido.com/v3.6/applicants -H 'Authorization: Token token=@@K'"),
        ("ruby initializer",
         "Onfido.configure do |config|\n  config.api_token = '@@K'\n  config.region = :eu\nend"),
        (".env file", "ONFIDO_API_TOKEN=@@K"),
    ),
    _fam(
        "samsara api token", "B", lambda: {"K": "samsara" "_api_" + _s(30)},
        ("curl bearer",
         "curl -H 'Authorization: Bearer @@K' 'https://api.samsara.com/fleet/vehicles/locations'"),
        ("python headers dict",
         "HEADERS = {'Authorization': 'Bearer @@K', 'Accept': 'application/json'}"),
        (".env file", "SAMSARA_API_TOKEN=@@K"),
    ),
    _fam(
        "tableau personal access token", "A", lambda: {"K": _std64(16) + ":" + _s(32)},
        ("tableauserverclient",
         "tableau_auth = TSC.PersonalAccessTokenAuth('ci-refresh', '@@K', site_id='finance')"),
        ("signin json body",
         '{"credentials": {"personalAccessTokenName": "ci-refresh", '
         '"personalAccessTokenSecret": "@@K", "site": {"contentUrl": "finance"}}}'),
        ("tabcmd login",
         "tabcmd login -s https://tableau.corp.example --token-name ci-refresh --token-value @@K"),
    ),
    _fam(
        "wakatime api key", "B", lambda: {"K": "wa" "ka_" + _guid()},
        ("~/.wakatime.cfg", "[settings]\napi_key = @@K\nhide_file_names = true"),
        ("exported env var", "export WAKATIME_API_KEY=@@K"),
        ("curl query param",
         "curl 'https://wakatime.com/api/v1/users/current/summaries?range=today&api_key=@@K'"),
    ),
    _fam(
        "cockroachdb cloud api key", "A",
        lambda: {"K": "CCDB" "1_" + _s(22) + "_" + _s(40)},
        ("exported env var", "export COCKROACH_API_KEY=@@K\nterraform apply"),
        ("curl bearer",
         "curl -H 'Authorization: Bearer @@K' https://cockroachlabs.cloud/api/v1/clusters"),
        ("github workflow env", "    env:\n      COCKROACH_API_KEY: @@K"),
    ),
    _fam(
        "dbt cloud service token", "B", lambda: {"K": "dbt" "c_" + _s(48, B64URL)},
        ("dbt_cloud.yml",
         'version: "1"\ncontext:\n  active-project: "70403103926818"\nprojects:\n'
         '  - project-id: "70403103926818"\n    account-host: "cloud.getdbt.com"\n'
         '    token-value: "@@K"'),
        ("curl Token header",
         "curl -H 'Authorization: Token @@K' https://cloud.getdbt.com/api/v2/accounts/12345/runs/"),
        (".env file", "DBT_CLOUD_API_TOKEN=@@K\nDBT_CLOUD_ACCOUNT_ID=12345"),
    ),
    _fam(
        "metabase api key", "A", lambda: {"K": "m" "b_" + _std64(33)},
        ("curl x-api-key", "curl -H 'x-api-key: @@K' https://metabase.corp.example/api/card"),
        (".env file", "METABASE_API_KEY=@@K"),
        ("python session header", "session.headers.update({'x-api-key': '@@K'})"),
    ),
    _fam(
        "deno deploy token", "B", lambda: {"K": "dd" "p_" + _s(36)},
        ("deployctl flag", "deployctl deploy --project=shop-edge --token=@@K main.ts"),
        (".env file", "DENO_DEPLOY_TOKEN=@@K"),
        ("github workflow env",
         "      - uses: denoland/deployctl@v1\n        with:\n          project: shop-edge\n"
         "          entrypoint: main.ts\n        env:\n          DENO_DEPLOY_TOKEN: @@K"),
    ),
    _fam(
        "youtrack permanent token", "A",
        lambda: {"K": "perm" ":" + _std64(_RNG.choice([b"ci-bot", b"ada", b"release"]))
                 + "." + _std64(f"{_RNG.randint(20, 99)}-{_RNG.randint(1, 40)}".encode())
                 + "." + _s(30)},
        ("curl bearer",
         "curl -H 'Authorization: Bearer @@K' -H 'Accept: application/json' "
         "'https://corp.youtrack.cloud/api/issues?fields=idReadable,summary'"),
        (".env file", "YOUTRACK_TOKEN=@@K"),
        ("python client", 'yt = YouTrack("https://corp.youtrack.cloud", token="@@K")'),
    ),
    _fam(
        "phabricator conduit token", "B", lambda: {"K": "api" "-" + _s(28, LOWER_ALNUM)},
        ("~/.arcrc",
         '{\n  "hosts": {\n    "https://phab.corp.example/api/": {\n      "token": "@@K"\n'
         "    }\n  }\n}"),
        ("curl conduit", "curl https://phab.corp.example/api/user.whoami -d api.token=@@K"),
        ("python phabricator",
         "phab = Phabricator(host='https://phab.corp.example/api/', token='@@K')"),
    ),
    _fam(
        "deepl auth key", "A", lambda: {"K": _guid() + ":" "fx"},
        (".env file", "DEEPL_AUTH_KEY=@@K"),
        ("python translator", 'translator = deepl.Translator("@@K")'),
        ("curl auth header",
         "curl -X POST https://api-free.deepl.com/v2/translate "
         "-H 'Authorization: DeepL-Auth-Key @@K' -d 'text=Hello' -d 'target_lang=DE'"),
    ),
    _fam(
        "kaggle api key", "B",
        lambda: {"K": _hex(32), "U": _RNG.choice(_WORDS).lower() + _s(3, string.digits)},
        ("kaggle.json", '{"username":"@@U","key":"@@K"}'),
        ("notebook environ",
         "os.environ['KAGGLE_USERNAME'] = '@@U'\nos.environ['KAGGLE_KEY'] = '@@K'"),
        ("ci env file", "KAGGLE_USERNAME=@@U\nKAGGLE_KEY=@@K"),
    ),
    _fam(
        "neptune api token", "A",
        lambda: {"K": _std64(json.dumps({"api_address": "https://app.neptune.ai",
                                         "api_url": "https://app.neptune.ai",
                                         "api_key": _guid()},
                                        separators=(",", ":")).encode())},
        (".env file", "NEPTUNE_API_TOKEN=@@K\nNEPTUNE_PROJECT=corp/churn-model"),
        ("python init_run", 'run = neptune.init_run(project="corp/churn-model", api_token="@@K")'),
        ("github workflow env", "    env:\n      NEPTUNE_API_TOKEN: @@K"),
    ),
    _fam(
        "bitwarden secrets manager token", "B",
        lambda: {"K": f"0.{_guid()}.{_s(30)}:{_std64(16)}"},
        (".env file", "BWS_ACCESS_TOKEN=@@K"),
        ("bws cli flag", "bws secret list --access-token @@K"),
        ("github action input",
         "      - uses: bitwarden/sm-action@v2\n        with:\n          access_token: @@K\n"
         "          secrets: |\n            3b1d2e0c-0000-4000-8000-000000000001 > DB_PASSWORD"),
    ),
    _fam(
        "keeper secrets manager config", "A",
        lambda: {"C": _std64(json.dumps({
            "hostname": "keepersecurity.com", "clientId": _std64(64),
            "privateKey": _std64(_ec_pkcs8()), "serverPublicKeyId": "10",
            "appKey": _std64(32), "appOwnerPublicKey": _std64(65)}).encode()),
            "T": "US" ":" + _url64(32)},
        ("KSM_CONFIG env", "KSM_CONFIG=@@C"),
        ("one-time token cli", "ksm profile init --token @@T"),
        ("python SecretsManager",
         "secrets_manager = SecretsManager(token='@@T', "
         "config=FileKeyValueStorage('ksm-config.json'))"),
    ),
    _fam(
        "quicknode endpoint url", "B",
        lambda: {"U": f"https://{_RNG.choice(_WORDS).lower()}-{_RNG.choice(_WORDS).lower()}-"
                      f"{_s(6, string.ascii_lowercase)}."
                      f"{_RNG.choice(['base-mainnet', 'arbitrum-mainnet', 'solana-mainnet'])}"
                      f".quiknode.pro/{_hex(40)}/"},
        (".env file", "RPC_URL=@@U"),
        ("hardhat config",
         "networks: {\n  mainnet: {\n    url: '@@U',\n    accounts: [],\n  },\n},"),
        ("web3.py provider", "w3 = Web3(Web3.HTTPProvider('@@U'))"),
    ),
    _fam(
        "bright data proxy credentials", "A",
        lambda: {"U": f"brd-customer-hl_{_hex(8)}-zone-"
                      f"{_RNG.choice(['residential_proxy1', 'datacenter_eu', 'isp_shop'])}",
                 "P": _s(12, LOWER_ALNUM)},
        ("requests proxies",
         "proxies = {\n    'http': 'http://@@U:@@P@brd.superproxy.io:33335',\n"
         "    'https': 'http://@@U:@@P@brd.superproxy.io:33335',\n}"),
        ("curl proxy-user",
         "curl --proxy brd.superproxy.io:33335 --proxy-user @@U:@@P "
         "-k 'https://geo.brdtest.com/welcome.txt'"),
        ("puppeteer authenticate",
         "await page.authenticate({ username: '@@U', password: '@@P' });"),
    ),
    _fam(
        "make webhook url", "B",
        lambda: {"U": f"https://hook.{_RNG.choice(['eu1', 'eu2', 'us1'])}.make.com/"
                      f"{_s(32, LOWER_ALNUM)}"},
        (".env file", "MAKE_WEBHOOK_URL=@@U"),
        ("js fetch", "await fetch('@@U', { method: 'POST', body: JSON.stringify(order) });"),
        ("github workflow curl",
         "      - run: curl -X POST -H 'Content-Type: application/json' "
         "-d '{\"status\":\"deployed\"}' @@U"),
    ),
    _fam(
        "brave search api key", "A", lambda: {"K": "BS" "A" + _s(28, B64URL)},
        ("curl subscription header",
         "curl -s 'https://api.search.brave.com/res/v1/web/search?q=gitledger' "
         "-H 'Accept: application/json' -H 'X-Subscription-Token: @@K'"),
        ("mcp client config",
         '{\n  "mcpServers": {\n    "brave-search": {\n      "command": "npx",\n'
         '      "args": ["-y", "@modelcontextprotocol/server-brave-search"],\n'
         '      "env": { "BRAVE_API_KEY": "@@K" }\n    }\n  }\n}'),
        (".env file", "BRAVE_SEARCH_API_KEY=@@K"),
    ),
    _fam(
        "redmine api key", "B", lambda: {"K": _hex(40)},
        ("curl X-Redmine-API-Key",
         "curl -H 'X-Redmine-API-Key: @@K' "
         "'https://redmine.corp.example/issues.json?assigned_to_id=me'"),
        ("python-redmine", "redmine = Redmine('https://redmine.corp.example', key='@@K')"),
        ("url key param", "https://redmine.corp.example/projects/shop/issues.csv?key=@@K"),
    ),
    _fam(
        "bunny.net access key", "A",
        lambda: {"K": f"{_guid()}{_hex(4)}-{_hex(4)}-{_hex(4)}-{_hex(4)}-{_hex(12)}"},
        ("curl AccessKey purge",
         "curl -X POST https://api.bunny.net/pullzone/123456/purgeCache -H 'AccessKey: @@K'"),
        ("storage upload",
         "curl --request PUT --url https://storage.bunnycdn.com/shop-assets/img/logo.svg "
         "-H 'AccessKey: @@K' --data-binary @logo.svg"),
        ("terraform provider", 'provider "bunnynet" {\n  api_key = "@@K"\n}'),
    ),
    _fam(
        "stability ai key", "B", lambda: {"K": "sk" "-" + _s(48)},
        ("curl generate",
         "curl -X POST https://api.stability.ai/v2beta/stable-image/generate/core "
         "-H 'authorization: Bearer @@K' -H 'accept: image/*' "
         "-F prompt='a lighthouse at dusk' -o out.png"),
        (".env file", "STABILITY_API_KEY=@@K"),
        ("python environ", "os.environ['STABILITY_KEY'] = '@@K'"),
    ),
    _fam(
        "cal.com api key", "A", lambda: {"K": "cal" "_live_" + _hex(32)},
        ("curl v1 query", "curl 'https://api.cal.com/v1/bookings?apiKey=@@K'"),
        (".env file", "CALCOM_API_KEY=@@K"),
        ("curl v2 bearer",
         "curl https://api.cal.com/v2/bookings -H 'Authorization: Bearer @@K' "
         "-H 'cal-api-version: 2024-08-13'"),
    ),
    _fam(
        "clearml credentials", "B",
        lambda: {"A": _s(30, UPPER_ALNUM), "S": _s(50)},
        ("clearml.conf",
         "api {\n    web_server: https://app.clear.ml\n    api_server: https://api.clear.ml\n"
         '    credentials {\n        "access_key" = "@@A"\n        "secret_key" = "@@S"\n'
         "    }\n}"),
        ("env vars", "CLEARML_API_ACCESS_KEY=@@A\nCLEARML_API_SECRET_KEY=@@S"),
        ("Task.set_credentials",
         "Task.set_credentials(api_host='https://api.clear.ml', key='@@A', secret='@@S')"),
    ),
]


FIFTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in FIFTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a DeepL key is a
# UUID with ":fx" behind it, a Redmine key is 40 hex like a commit id, a Honeybadger project
# key also ships to browsers, an expect script's ``send`` names no password, and a key literal
# handed to hmac or a cipher in code looks like the test vectors beside it.
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"deepl auth key", "redmine api key", "honeybadger api key", "expect script password",
     "crypto key literal in code"}
)


def _sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _sha1_of(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def _sri_of(text: str) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(text.encode()).digest()).decode()


_SHAS = [_hex(40) for _ in range(20)]
_UUIDS = [_guid() for _ in range(16)]
_DIGESTS = [_sha256_of(f"image layer {n}") for n in range(8)]
_RSA_SPKI_B64 = _std64(_RSA_SPKI_HEAD + _bytes(256) + bytes.fromhex("0203010001"))
_EC_SPKI_B64 = _std64(_EC_SPKI_HEAD + _bytes(64))
_CERT_DER = bytes.fromhex("308203a53082028da003020102021400") + _bytes(900)
_SSH2_PUB = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(43, B64)
_BCRYPT_ALPHABET = ALNUM + "./"
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

DEBATABLE: list[str] = [
    ">>> import secrets\n>>> secrets.token_hex(16)\n'" + _hex(32) + "'",
    "# RFC 8037, appendix A.1: the Ed25519 private key of the examples\n"
    '{"kty":"OKP","crv":"Ed25519","d":"nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A",'
    '"x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}',
    "const pubnub = new PubNub({ publishKey: 'pub" "-c-" + _guid() + "', subscribeKey: 'sub"
    "-c-" + _guid() + "', userId });  // browser client, no secret key",
    "snap.js: <script src=\"https://app.midtrans.com/snap/snap.js\" data-client-key=\"Mid"
    "-client-" + _s(16, B64URL) + "\"></script>",
    '"app" "SCRAM-SHA-256$4096:' + _std64(16) + "$" + _std64(32) + ":" + _std64(32) + '"',
    "The camera's factory login is admin / 12345; the setup wizard forces a new one.",
    "ffmpeg -i rtsp://admin:admin@192.168.1.64:554/Streaming/Channels/101 -frames:v 1 snap.jpg"
    "  # factory default on a bench unit",
    'config.ssh.password = "vagrant"  # the base box\'s well-known insecure default',
    "<!--\n  <user username=\"tomcat\" password=\"<must-be-changed>\" roles=\"tomcat\"/>\n-->",
    "NEXT_PUBLIC_SEGMENT_WRITE_KEY=" + _s(32),
    "docker run --rm -e POSTGRES_PASSWORD=postgres -p 5432:5432 postgres:16  # throwaway local db",
    "signingConfigs {\n    debug {\n        storeFile file('debug.keystore')\n"
    "        storePassword 'android'\n        keyAlias 'androiddebugkey'\n"
    "        keyPassword 'android'\n    }\n}",
    "sig = hmac.new(b'test-webhook-secret', body, hashlib.sha256).hexdigest()  # unit test",
    f"X-CSRF-Token: {_url64(32)}",
    f"AC{_hex(32)} is the account SID of the shared sandbox; the auth token is in the vault",
]

FIFTH_ORDINARY: list[str] = [
    *DEBATABLE,
    # Java and Kotlin that name a secret and hold none.
    'public static final String PASSWORD_PARAM = "password";',
    'private static final String API_KEY_HEADER = "X-Api-Key";',
    '@Value("${partner.api.secret}")\nprivate String apiSecret;',
    'private static final String SFTP_PASSWORD = System.getenv("SFTP_PASSWORD");',
    'buildConfigField("String", "MAPS_KEY", "\\"${localProps.getProperty("mapsKey", "")}\\"")',
    'const val EXTRA_AUTH_TOKEN = "com.corp.shop.extra.AUTH_TOKEN"',
    "data class LoginRequest(val username: String, val password: String)",
    'char[] password = System.console().readPassword("Keystore password: ");',
    # C#.
    "public string Password { get; set; } = string.Empty;",
    'var key = builder.Configuration["Jwt:Key"]\n'
    '    ?? throw new InvalidOperationException("Jwt:Key is missing");',
    '"Smtp": {\n    "Host": "smtp.office365.com",\n    "User": "noreply@corp.example",\n'
    '    "Password": ""\n  }',
    '"ConnectionStrings": {\n    "Redis": "cache01.internal:6380,ssl=True,abortConnect=False"\n  }',
    'dotnet user-secrets set "Jwt:Key" "$(openssl rand -base64 32)"',
    '[JsonIgnore]\npublic string? ClientSecret { get; init; }',
    # PHP.
    "private $password;\n\npublic function __construct(string $password)\n{\n"
    "    $this->password = $password;\n}",
    "define('DB_PASSWORD', getenv('DB_PASSWORD') ?: '');",
    "$hash = password_hash($request->password, PASSWORD_ARGON2ID);",
    "$config['smtp_pass'] = getenv('SMTP_PASS');",
    "if (!password_verify($input, $user->password_hash)) {\n    throw new AuthException();\n}",
    # Go.
    'Password: os.Getenv("SMTP_PASSWORD"),',
    'type Config struct {\n\tUser     string `yaml:"user"`\n'
    '\tPassword string `yaml:"password" json:"-"`\n}',
    'const tokenHeader = "X-Auth-Token"',
    't.Setenv("PAYMENTS_API_KEY", "test")',
    'hash, err := bcrypt.GenerateFromPassword([]byte(req.Password), bcrypt.DefaultCost)',
    # Ruby.
    "PartnerClient.configure do |c|\n"
    "  c.api_key = Rails.application.credentials.dig(:partner, :api_key)\nend",
    "ENV.fetch('REPORTS_PASSWORD') { raise 'REPORTS_PASSWORD is not set' }",
    "has_secure_password\nvalidates :password, length: { minimum: 12 }, allow_nil: true",
    "Rails.application.config.filter_parameters += [:passw, :secret, :token, :_key, :otp]",
    # Rust.
    'const API_KEY_ENV: &str = "PARTNER_API_KEY";',
    'let token = std::env::var("API_TOKEN").context("API_TOKEN not set")?;',
    ".basic_auth(&cfg.user, Some(&cfg.password))",
    "#[serde(skip_serializing)]\npub password: SecretString,",
    # Swift and Objective-C.
    'let apiKey = Bundle.main.object(forInfoDictionaryKey: "API_KEY") as? String ?? ""',
    'static let tokenKey = "com.corp.shop.authToken"  // Keychain item name',
    "<key>API_KEY</key>\n<string>$(API_KEY)</string>",
    # TypeScript.
    "private readonly apiKey = process.env.BILLING_API_KEY ?? '';",
    "JwtModule.registerAsync({\n  inject: [ConfigService],\n"
    "  useFactory: (c: ConfigService) => ({ secret: c.getOrThrow('JWT_SECRET') }),\n}),",
    "export const environment = {\n  production: true,\n  apiUrl: 'https://api.shop.example',\n};",
    "password: z.string().min(12, 'Password must be at least 12 characters'),",
    "const pool = new Pool({ connectionString: process.env.DATABASE_URL });",
    # Python.
    '@dataclass\nclass PartnerConfig:\n    base_url: str = "https://partner.example/api"\n'
    '    api_key: str = field(default="", repr=False)',
    'class Settings(BaseSettings):\n    jwt_secret: SecretStr\n'
    '    model_config = SettingsConfigDict(env_file=".env")',
    'def get_client(user="svc_reports", password=None):\n'
    '    password = password or os.environ["REPORTS_PASSWORD"]',
    "parser.add_argument('--api-key', default=os.environ.get('PARTNER_API_KEY'), "
    "help='partner API key')",
    "@click.option('--password', prompt=True, hide_input=True, confirmation_prompt=True)",
    "ssh.connect(host, username='deploy', "
    "key_filename=os.path.expanduser('~/.ssh/deploy_ed25519'))",
    # Positional calls with no literal.
    "conn = pymysql.connect(cfg.host, cfg.user, cfg.password, cfg.database)",
    "server.login(os.environ['SMTP_USER'], os.environ['SMTP_PASSWORD'])",
    'Connection c = DriverManager.getConnection(url, props.getProperty("user"), '
    'props.getProperty("password"));',
    "$pdo = new PDO($dsn, $_ENV['DB_USER'], $_ENV['DB_PASS']);",
    "conn.simple_bind_s(bind_dn, getpass.getpass('LDAP password: '))",
    'my $dbh = DBI->connect($dsn, $ENV{DB_USER}, $ENV{DB_PASS}, { RaiseError => 1 });',
    "ftp.login()  # anonymous",
    # Command lines that read the secret from elsewhere.
    'oc login --token="$(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" '
    "https://api.ocp.corp.example:6443",
    'argocd login cd.corp.example --username admin --password "$ARGOCD_ADMIN_PASSWORD" --grpc-web',
    "xfreerdp /v:10.1.4.31 /u:Administrator /cert:ignore  # prompts for the password",
    "ab -n 2000 -c 50 https://staging.shop.example/api/cart",
    "k6 run -e BASE_URL=https://staging.shop.example scripts/checkout.js",
    "db2 connect to SAMPLE user db2inst1  # db2 prompts for the password",
    'az login --service-principal -u "$AZ_CLIENT_ID" -p "$AZ_CLIENT_SECRET" --tenant "$AZ_TENANT"',
    "PsExec.exe \\\\FS02 -s -accepteula cmd /c gpupdate /force",
    'schtasks /create /tn "Nightly Export" /tr C:\\jobs\\export.bat /sc daily /ru SYSTEM',
    "vsql -h vertica01 -U dbadmin  # password from VSQL_PASSWORD",
    # Shell history without secrets.
    "  497  kubectl config use-context prod\n  498  kubectl get pods -n shop\n"
    "  499  export AWS_PROFILE=prod",
    ": 1717003321:0;git push origin main\n: 1717003340:0;make deploy ENV=prod",
    "- cmd: set -gx EDITOR nvim\n  when: 1717003410",
    # Dockerfiles and container runs.
    "ARG PIP_INDEX_HOST=pypi.corp.example\nRUN --mount=type=secret,id=pip_token "
    'PIP_INDEX_URL="https://__token__:$(cat /run/secrets/pip_token)@${PIP_INDEX_HOST}/simple" '
    "pip install -r requirements.txt",
    "ENV NODE_ENV=production \\\n    PORT=8080 \\\n    LOG_LEVEL=info",
    "docker run -d --name pg -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password postgres:16",
    "docker run --rm -e SMTP_PASSWORD -e SMTP_USER ghcr.io/corp/notifier:2.3"
    "  # passed through from the host environment",
    "docker build --secret id=npmrc,src=$HOME/.npmrc -t corp/web:latest .",
    # CI configuration.
    "    env:\n      DEPLOY_TOKEN: ${{ secrets.DEPLOY_TOKEN }}\n      TARGET: prod",
    "permissions:\n  id-token: write\n  contents: read",
    "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n"
    "          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}",
    "variables:\n  DOCKER_DRIVER: overlay2\n  NEXUS_PASSWORD: $NEXUS_CI_PASSWORD",
    "withCredentials([usernamePassword(credentialsId: 'nexus-deployer', "
    "usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n"
    "  sh 'mvn -s settings.xml deploy'\n}",
    "environment {\n    SONAR_TOKEN = credentials('sonar-token')\n}",
    "workflows:\n  deploy:\n    jobs:\n      - build:\n          context: prod-secrets",
    "variables:\n  - group: release-secrets\n  - name: buildConfiguration\n    value: Release",
    "    environment:\n      REGISTRY_PASSWORD:\n        from_secret: registry_password",
    "          - lftp -u deploy,$FTP_PASSWORD ftp.corp.example -e 'mirror -R dist /www; quit'",
    # Infrastructure as code.
    "db_password = null  # set TF_VAR_db_password in the pipeline",
    'variable "vpn_psk" {\n  type      = string\n  sensitive = true\n}',
    "config:\n  aws:region: eu-west-1\n  shop:dbPassword:\n    secure: v1:" + _std64(18) + ":"
    + _std64(40),
    "pulumi config set --secret shop:apiToken  # prompts, stores it encrypted",
    "secretGenerator:\n  - name: api-credentials\n    envs:\n      - secrets.env"
    "  # git-ignored, rendered by CI",
    "    password: \"{{ lookup('community.hashi_vault.hashi_vault', "
    "'secret/data/shop:password') }}\"",
    "    password: \"{{ shop_user_password | password_hash('sha512') }}\"",
    "      MasterUserPassword: !Sub "
    "'{{resolve:secretsmanager:${DbSecret}:SecretString:password}}'",
    "      ManageMasterUserPassword: true",
    "ssh_password = var.ssh_password",
    "profile::postgres::app_password: >\n    ENC[PKCS7," + _std64(180) + "]",
    "default['shop']['db']['password'] = data_bag_item('shop', 'db')['password']",
    'mysql:\n  server:\n    root_password: {{ salt["vault.read_secret"]("mysql/root") }}',
    '+ resource "random_password" "db" {\n+     length  = 32\n'
    "+     result  = (sensitive value)\n+ }",
    # XML, properties, INI, TOML.
    '<add key="PartnerApiUrl" value="https://partner.example/api" />',
    '<add name="Default" connectionString="Data Source=sql01;Initial Catalog=Crm;'
    'Integrated Security=True" providerName="System.Data.SqlClient" />',
    '<property name="password" value="${jdbc.password}" />',
    "<security>\n    <user-name>${env.ERP_DB_USER}</user-name>\n"
    "    <password>${env.ERP_DB_PASSWORD}</password>\n</security>",
    '<identity impersonate="false" />',
    "flyway.password=${FLYWAY_PASSWORD}",
    "quarkus.datasource.password=${DB_PASSWORD:}",
    "db.default.password = ${?DB_PASSWORD}",
    "[database]\nhost = db01.internal\nuser = report\npassword =\n"
    "; set DB_PASSWORD in the environment",
    '[connections.warehouse]\nhost = "wh01.internal"\nusername = "analyst"\n'
    'password = "your-password-here"',
    '[vars]\nUPSTREAM_URL = "https://api.partner.example"\n'
    "# UPSTREAM_TOKEN is set with `wrangler secret put`",
    '[build.environment]\n  NODE_VERSION = "20"\n  NPM_FLAGS = "--prefer-offline"',
    "[uwsgi]\nmodule = shop.wsgi\nprocesses = 4\nharakiri = 30",
    "[default]\nhost_base = s3.storage.corp.example\nuse_https = True\nsignature_v2 = False",
    # URLs, headers and cookies with nothing secret in them.
    "ffmpeg -rtsp_transport tcp -i rtsp://192.168.10.21:554/Streaming/Channels/101 -c copy out.mp4",
    "path: rtsp://{FRIGATE_RTSP_USER}:{FRIGATE_RTSP_PASSWORD}@10.0.30.12:554/cam/realmonitor",
    "NATS_URL=nats://nats01.internal:4222",
    "gio mount smb://nas01/scans  # asks for the domain password",
    "duplicity /srv/data sftp://backup@bk01.corp.example//backups/srv01  # key auth",
    'curl -s -H "X-Auth-Token: $INVENTORY_TOKEN" https://inventory.corp.example/api/v1/hosts',
    "proxy_set_header X-Request-Id $request_id;\n"
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    f"X-Request-ID: {_UUIDS[0]}\nX-RateLimit-Remaining: 4987\nX-RateLimit-Reset: 1717003600",
    f"Cookie: _ga=GA1.1.{_s(10, string.digits)}.{_s(10, string.digits)}; theme=dark; "
    "locale=en-GB",
    "Set-Cookie: access_token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly",
    f"Set-Cookie: __Host-csrf={_url64(24)}; Path=/; Secure; SameSite=Strict",
    "const auth = 'Basic ' + Buffer.from(`${user}:${pass}`).toString('base64');",
    "NEXUS_OPTIONS_B64=" + _std64(b'{"timeout":30,"retries":3,"verifySsl":true}'),
    "    authorization:\n      type: Basic\n      credentials_file: /etc/prometheus/nexus.cred",
    "proxy_set_header Authorization $http_authorization;",
    'RequestHeader set X-Forwarded-Proto "https"',
    "reverse_proxy backend:8080 {\n    header_up X-Real-IP {remote_host}\n}",
    # Public keys, certificates and public JWKs in the same encodings as the private ones.
    f"SIGNING_PUBLIC_KEY={_RSA_SPKI_B64}",
    f'{{\n  "issuer": "https://auth.shop.example",\n  "publicKey": "{_EC_SPKI_B64}"\n}}',
    f"<RSAKeyValue><Modulus>{_std64(256)}</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>",
    f'{{"kty":"OKP","crv":"Ed25519","kid":"sig-2026-{_s(6, LOWER_ALNUM)}","x":"{_url64(32)}"}}',
    f'{{"keys":[{{"kty":"OKP","crv":"X25519","use":"enc","kid":"enc-1","x":"{_url64(32)}"}}]}}',
    f'{{"kty":"RSA","use":"sig","kid":"{_UUIDS[1]}","n":"{_url64(256)}","e":"AQAB",'
    f'"x5c":["{_std64(_CERT_DER)}"],"x5t#S256":"{_url64(32)}"}}',
    f"NODE_ED25519_PUBKEY={_hex(64)}",
    "hs_ed25519_public_key (base64): "
    + _std64(b"== ed25519v1-public: type0 ==\x00\x00\x00" + _bytes(32)),
    f"http://{_s(56, BASE32)}.onion/",
    f"CA_CERT_B64={_std64(_CERT_DER)}",
    _pem("CERTIFICATE", _CERT_DER),
    _pem("PUBLIC KEY", _EC_SPKI_HEAD + _bytes(64)),
    f"{_ARMOUR}BEGIN SSH2 PUBLIC KEY{_ARMOUR}\nComment: \"ada@laptop\"\n{_SSH2_PUB[:70]}\n"
    f"{_SSH2_PUB[70:]}\n{_ARMOUR}END SSH2 PUBLIC KEY{_ARMOUR}",
    f"ssh-ed25519 {_SSH2_PUB} release-bot@ci",
    f"SHA256 fingerprint: {':'.join(_s(2, UPPER_HEX) for _ in range(32))}",
    "keytool -list -v -keystore truststore.jks -storepass:env TRUSTSTORE_PASSWORD",
    # Password hashes.
    "INSERT INTO users (email, password_hash) VALUES ('ada@example.org', '$2y$10$"
    + _s(53, _BCRYPT_ALPHABET) + "');",
    "$argon2id$v=19$m=19456,t=2,p=1$" + _std64(16).rstrip("=") + "$" + _std64(32).rstrip("="),
    "$scrypt$ln=16,r=8,p=1$" + _std64(16).rstrip("=") + "$" + _std64(32).rstrip("="),
    "pbkdf2_sha256$870000$" + _s(22) + "$" + _std64(32),
    "scrypt:32768:8:1$" + _s(16) + "$" + _hex(128),
    "PasswordHash: AQAAAAIAAYagAAAAE" + _std64(48)[:67],
    "spring.security.user.password={bcrypt}$2a$10$" + _s(53, _BCRYPT_ALPHABET),
    "userPassword: {SSHA}" + _std64(24),
    '"credentials": [{"type": "password", "secretData": "{\\"value\\":\\"' + _std64(64)
    + '\\",\\"salt\\":\\"' + _std64(16) + '\\"}", "credentialData": '
    '"{\\"hashIterations\\":27500,\\"algorithm\\":\\"pbkdf2-sha256\\"}"}]',
    # Commit ids and what git prints around them.
    f"{_SHAS[0][:7]} Fix rounding in invoice totals\n{_SHAS[1][:7]} Bump axios to 1.7.2",
    f"(cherry picked from commit {_SHAS[2]})",
    f"$ git rev-parse HEAD\n{_SHAS[3]}",
    f"Fixes: {_SHAS[4][:12]} (\"ledger: reject empty notes\")",
    f"https://github.com/corp/shop/compare/{_SHAS[5][:12]}...{_SHAS[6][:12]}",
    f"dangling commit {_SHAS[7]}",
    f"stash@{{0}}: WIP on main: {_SHAS[8][:7]} Add retry budget",
    f"{_SHAS[9][:7]} HEAD@{{3}}: rebase (finish): returning to refs/heads/main",
    f"100644 blob {_SHAS[10]}\tREADME.md\n040000 tree {_SHAS[11]}\tsrc",
    f"Co-authored-by: Ada Lovelace <ada@example.org>\nReviewed-on: "
    f"https://review.corp.example/c/shop/+/48213\nChange-Id: I{_SHAS[12]}",
    f'"revision": "{_SHAS[13]}",\n"version": "5.9.0"',
    f"  commit: {_SHAS[14]}\n  tag: v2.8.0",
    f"Deployed {_SHAS[15][:8]} to prod at 2026-03-02T10:14:07Z",
    # UUIDs and random-looking ids.
    f"UUID={_UUIDS[2]} /     ext4 defaults 0 1",
    f"/etc/machine-id: {_hex(32)}",
    f"CONTAINER ID   IMAGE          COMMAND\n{_hex(12)}   postgres:16    \"docker-entrypoint.s…\"",
    f"{_s(24, UPPER_HEX)} /* PBXBuildFile */ = {{isa = PBXBuildFile; fileRef = "
    f"{_s(24, UPPER_HEX)} /* AppDelegate.swift */; }};",
    f'"id": "{_UUIDS[3]}", "object": "event", "type": "order.paid"',
    f"ObjectId(\"{_hex(24)}\")",
    f"ulid: 01{_s(24, _CROCKFORD)}",
    f"ksuid: 2{_s(26, ALNUM)}",
    f"nanoid: {_s(21, B64URL)}",
    f"https://drive.google.com/file/d/1{_s(32, B64URL)}/view?usp=sharing",
    f"https://www.youtube.com/watch?v={_s(11, B64URL)}",
    f"firebase push id: -N{_s(18, B64URL)}",
    f"s3://corp-uploads/2026/03/{_UUIDS[4]}/{_hex(16)}.jpg",
    f"Customer cus_{_s(14)} subscribed to price_{_s(24)} (prod_{_s(14)})",
    f"evt_{_s(24)} delivered to https://shop.example/webhooks/stripe in 212 ms",
    f"Slack channel C0{_s(9, UPPER_ALNUM)}, message ts 1717003321.{_s(6, string.digits)}",
    f"discord guild id {_RNG.randint(10**17, 10**18)}",
    f"dd.trace_id={_RNG.randint(10**18, 10**19)} dd.span_id={_RNG.randint(10**18, 10**19)}",
    f"traceparent: 00-{_hex(32)}-{_hex(16)}-01\ntracestate: congo=t61rcWkgMzE",
    f"spanId={_hex(16)} parentSpanId={_hex(16)} duration=12.4ms",
    f"Query ID: 01{_s(6, HEX)}-0000-{_s(4, HEX)}-0000-{_hex(12)} finished in 3.2s",
    f"Job {_UUIDS[5]} queued (position 3)",
    f"request_id={_s(26, UPPER_ALNUM)} status=200 path=/api/cart",
    f"Mixpanel project token (public): {_hex(32)}",
    # Lockfiles, checksums, digests, cache keys.
    f'"node_modules/zod": {{\n  "version": "3.23.8",\n  "integrity": "{_sri_of("zod")}"\n}}',
    f"zod@npm:3.23.8:\n  version: 3.23.8\n  checksum: 10c0/{_hex(128)}",
    f"rack (3.0.8) sha256={_sha256_of('rack')}",
    f'  "plug": {{:hex, :plug, "1.16.0", "{_sha256_of("plug")}", [:mix], [], "hexpm", '
    f'"{_sha256_of("plug-outer")}"}},',
    f'"revision" : "{_SHAS[16]}",\n"version" : "1.5.4"',
    f'  sha256: "{_sha256_of("http")}"\n  source: hosted\n  version: "1.2.1"',
    f"certifi==2024.6.2 \\\n    --hash=sha256:{_sha256_of('certifi')}",
    f'"sha256:{_sha256_of("pipfile")}",',
    f"github.com/google/uuid v1.6.0 h1:{_std64(hashlib.sha256(b'uuid').digest())}",
    f"Image ID: docker.io/library/redis@sha256:{_DIGESTS[0]}",
    f"FROM node:20-alpine@sha256:{_DIGESTS[1]} AS build",
    f'{{"schemaVersion": 2, "manifests": [{{"digest": "sha256:{_DIGESTS[2]}", '
    '"platform": {"architecture": "arm64", "os": "linux"}}]}',
    f"Pushed 1.9.2: digest: sha256:{_DIGESTS[3]} size: 1789",
    f"Cache restored from key: Linux-node-{_sha256_of('package-lock')}",
    f"Cache saved with key: setup-python-Linux-x64-python-3.12.4-pip-{_sha256_of('reqs')}",
    f"remote cache hit: /ac/{_sha256_of('action')}/184",
    f"• Remote caching enabled\napps/web:build: cache hit, replaying logs {_hex(16)}",
    f"ETag: \"{_hex(32)}-12\"",
    f"Content-MD5: {_std64(hashlib.md5(b'report.pdf').digest())}",
    f"x-goog-hash: crc32c={_std64(4)},md5={_std64(16)}",
    f'"narHash": "sha256-{_std64(hashlib.sha256(b"nixpkgs").digest())}",',
    # Test vectors, labelled as such.
    "RFC 6070 PBKDF2-HMAC-SHA1 test: P = \"password\", S = \"salt\", c = 1, dkLen = 20 -> "
    "0c60c80f961f0e71f3a9b524af6012062fe037a6",
    "RFC 7914 scrypt test vector: scrypt(\"password\", \"NaCl\", N=1024, r=8, p=16, "
    "dkLen=64) begins fdbabe1c9d3472007856e7190d01e9fe",
    "RFC 5869 HKDF test case 1: IKM = 0x0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, "
    "salt = 0x000102030405060708090a0b0c",
    "RFC 8439 ChaCha20 test key: 00:01:02:03:04:05:06:07:08:09:0a:0b:0c:0d:0e:0f:10:11:12:13:"
    "14:15:16:17:18:19:1a:1b:1c:1d:1e:1f",
    '{"tcId": 1, "comment": "empty message", "key": "'
    + "00" * 16 + '", "msg": "", "tag": "' + _hex(32) + '", "result": "valid"}',
    "hmac_sha256(key=\"key\", msg=\"The quick brown fox jumps over the lazy dog\") = "
    "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    # Nonces, challenges, CSRF.
    f'<script nonce="{_std64(16)}">window.__BOOT__ = {{}};</script>',
    f"code_challenge={_url64(32)}&code_challenge_method=S256",
    f'{{"challenge": "{_url64(32)}", "rpId": "shop.example", "timeout": 60000, '
    '"userVerification": "preferred"}',
    f"state={_url64(16)}&nonce={_url64(16)}",
    f'<input type="hidden" name="authenticity_token" value="{_url64(64)}" autocomplete="off">',
    f"Sec-WebSocket-Key: {_std64(16)}\nSec-WebSocket-Version: 13",
    # Harmless base64, data URIs, minified code, source maps.
    "config.json: " + _std64(b'{"theme":"dark","pageSize":50,"features":["beta-search"]}'),
    "  username: " + _std64(b"orders") + "\n  database: " + _std64(b"orders_prod"),
    "<img src=\"data:image/svg+xml;base64,"
    + _std64(b'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16">'
             b'<circle cx="8" cy="8" r="7" fill="#4f46e5"/></svg>')
    + "\" alt=\"\">",
    f"data:image/webp;base64,UklGR{_s(180, B64)}",
    "H4sIAAAAAAAAA" + _s(120, B64) + "AAA=",
    "assert base64.b64decode('SGVsbG8sIHdvcmxkIQ==') == b'Hello, world!'",
    "var a=require(\"react\"),b=function(e){return e&&e.__esModule?e:{default:e}},c=b(a);"
    "function d(e){var t=e.items,n=void 0===t?[]:t;return c.default.createElement(\"ul\",null,"
    "n.map(function(e){return c.default.createElement(\"li\",{key:e.id},e.label)}))}"
    "exports.List=d;",
    f'{{"version":3,"sources":["../src/cart.ts"],"names":["total"],'
    f'"mappings":"AAAA,OAAO,{_s(90, B64)}","file":"cart.js"}}',
    f'<link rel="stylesheet" href="/_next/static/css/{_hex(16)}.css">',
    f'"buildId":"{_s(21, B64URL)}","assetPrefix":"","isFallback":false',
    f'"src/main.tsx": {{"file": "assets/main-{_s(8, B64URL)}.js", "isEntry": true}}',
    f".card_title__{_s(5, B64URL)}{{font-weight:600}}",
    # Notebooks, REPLs, dumps and tracebacks without secrets.
    '{\n "cell_type": "code",\n "source": [\n  "API_TOKEN = os.environ[\\"API_TOKEN\\"]\\n"\n ]\n}',
    'password = "" #@param {type:"string"}',
    '"outputs": [{"output_type": "stream", "name": "stdout", '
    '"text": ["Loaded 18231 rows in 2.4s\\n"]}]',
    "In [7]: os.environ['WAREHOUSE_PASSWORD'] = getpass()\nPassword: ········",
    "irb(main):003:0> Rails.application.credentials.config.keys\n"
    "=> [:secret_key_base, :partner, :smtp]",
    "> const api = new Api({ key: process.env.API_KEY })\nundefined",
    "DEBUG settings loaded: DbSettings(host='db01', port=5432, user='app', "
    "password=SecretStr('**********'), sslmode='require')",
    "INFO  c.c.s.Config - MailConfig{host='smtp.corp.example', port=587, username='alerts', "
    "password=[PROTECTED]}",
    "2026/03/02 10:14:07 config: {Host:cache01 Port:6379 Password: DB:0}",
    '#<ApiClient:0x000055d5 @base_url="https://erp.corp.example", @token="[FILTERED]", '
    "@timeout=30>",
    '"vars": {\n  "host": "\'db02.internal\'",\n  "password": "[Filtered]",\n'
    '  "user": "\'billing\'"\n}',
    "E       AssertionError: assert 401 == 200\n"
    "E        +  where 401 = login('admin', '').status_code",
    # Chat, issues, prose.
    "@dana the staging admin password is in the team vault under 'staging / admin', "
    "please don't paste it here",
    "I sent you the partner sandbox key as a 1Password share link; it expires in 7 days.",
    "Hi Marco,\n\nYour account on the reporting server has been created. You will receive a "
    "separate email with a link to set your password.\n\nThanks",
    "[14:02] <jk> did you rotate the token?\n[14:03] <ana> yes, the old one is revoked",
    "### Steps to reproduce\n\n```\nclient = Client(api_key=os.environ[\"API_KEY\"])\n"
    "client.orders.list()\n```\n\nThis raises `AuthError` since 2.3.0.",
    "I'm trying to connect but I get 'Access denied for user'.\n\n"
    "    $conn = new mysqli($host, $user, $pass, $db);",
    "Reproduced on prod with the sync service account, see attached HAR (tokens stripped).",
    # Schedulers, registry, IDE, mobile, crypto, pods, keychain, expect, firmware, scripts.
    "*/15 * * * * /usr/local/bin/inventory-sync >/dev/null 2>&1",
    "<key>EnvironmentVariables</key>\n<dict>\n    <key>SYNC_CONFIG</key>\n"
    "    <string>/etc/sync/config.yaml</string>\n</dict>",
    '"AutoAdminLogon"="0"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="CORP"',
    '"sqltools.connections": [\n  {\n    "name": "local",\n    "driver": "PostgreSQL",\n'
    '    "server": "localhost",\n    "username": "postgres",\n    "askForPassword": true\n  }\n]',
    '"envFile": "${workspaceFolder}/.env"',
    "@token = {{$dotenv API_TOKEN}}\n\nGET {{baseUrl}}/orders\nAuthorization: Bearer {{token}}",
    "auth:bearer {\n  token: {{accessToken}}\n}",
    '<string name="app_name">Shop</string>\n<string name="login_password_hint">Password</string>',
    "flutter build apk --release --dart-define-from-file=env/prod.json",
    "sig = hmac.new(settings.WEBHOOK_SECRET.encode(), payload, hashlib.sha256).hexdigest()",
    "key = AESGCM.generate_key(bit_length=256)\nnonce = os.urandom(12)",
    "if (!crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) "
    "throw new Error('bad signature');",
    "          - name: DB_PASSWORD\n            valueFrom:\n"
    "              secretKeyRef: {name: orders-db, key: password}",
    "kind: ConfigMap\nmetadata:\n  name: api-config\ndata:\n  LOG_LEVEL: info\n"
    "  PAYMENT_API_URL: https://payments.corp.example",
    "security find-generic-password -a ci -s notarize -w",
    'security unlock-keychain -p "$KEYCHAIN_PASSWORD" build.keychain',
    'expect "password:"\nsend "$env(SSH_PASS)\\r"',
    'config :shop, Shop.Repo,\n  username: System.get_env("DB_USER"),\n'
    '  password: System.get_env("DB_PASSWORD")',
    '#include "arduino_secrets.h"\nconst char* mqtt_password = SECRET_MQTT_PASS;',
    "ota:\n  - platform: esphome\n    password: !secret ota_password",
    'API_TOKEN="${API_TOKEN:?set API_TOKEN first}"',
    '"scripts": {\n  "deploy": "node scripts/deploy.js --token $DEPLOY_TOKEN"\n}',
    "REGISTRY_PASSWORD ?= $(shell pass show registry/ci)",
    # Vendor settings without the secret.
    f"ADOBE_CLIENT_ID={_hex(32)}  # the client id is public; the secret is in the vault",
    "ORY_SDK_URL=https://" + _RNG.choice(_WORDS).lower() + "-" + _hex(4)
    + ".projects.oryapis.com",
    "XATA_BRANCH=main\nXATA_DATABASE_URL=https://corp-" + _s(6, LOWER_ALNUM)
    + ".eu-west-1.xata.sh/db/shop",
    "DEEPL_AUTH_KEY=<your-key>:fx",
    '{"username":"ada","key":"<your kaggle key>"}',
    "NEPTUNE_PROJECT=corp/churn-model",
    "api_url: https://api.wakatime.com/api/v1  # api_key comes from ~/.wakatime.cfg",
    "RPC_URL=https://rpc.ankr.com/eth  # public endpoint, rate limited",
    "curl --proxy http://proxy.corp.example:3128 https://example.org",
    'curl -H "X-Subscription-Token: $BRAVE_API_KEY" "https://api.search.brave.com/res/v1/'
    'web/search?q=rust"',
    "X-Redmine-API-Key: <your api key, see /my/account>",
    "MAKE_WEBHOOK_URL=https://hook.eu1.make.com/<webhook-id>",
    'token: "xxxxxxxxxxxxxxxx"  # lichess-bot: put your bot account\'s OAuth token here',
    "CLEARML_API_HOST=https://api.clear.ml\nCLEARML_WEB_HOST=https://app.clear.ml",
    "BWS_ACCESS_TOKEN is read from the environment; `bws` never writes it to disk.",
    "deployctl deploy --project=shop-edge main.ts  # uses DENO_DEPLOY_TOKEN",
    "honeybadger.yml: api_key: <%= ENV['HONEYBADGER_API_KEY'] %>",
    "tabcmd login -s https://tableau.corp.example --token-name ci-refresh "
    "--token-value \"$TABLEAU_PAT\"",
    # Release notes, manual pages, error messages, policies.
    "v3.2.0\n- Passwords are now hashed with argon2id; bcrypt hashes are upgraded on next login.\n"
    "- The `--token` flag is deprecated; set `GL_TOKEN` instead.",
    "-p, --password[=password]\n    The password to use when connecting to the server. If you "
    "use the short option form (-p), you cannot have a space between the option and the "
    "password.",
    "-A auth-username:password\n    Supply BASIC Authentication credentials to the server. The "
    "username and password are separated by a single : and sent on the wire base64 encoded.",
    "  --token TOKEN   API token (default: read from $GL_TOKEN)",
    'psql: error: connection to server at "db01" (10.0.0.5), port 5432 failed: FATAL:  '
    'password authentication failed for user "app"',
    "ORA-01017: invalid username/password; logon denied",
    '401 Unauthorized: {"error":"invalid_token","error_description":"The access token expired"}',
    "Access denied for user 'shop'@'10.0.1.4' (using password: YES)",
    "remote: Invalid username or password.\n"
    "fatal: Authentication failed for 'https://git.corp.example/corp/shop.git/'",
    "ssh: handshake failed: ssh: unable to authenticate, attempted methods [none publickey], "
    "no supported methods remain",
    "System.ArgumentOutOfRangeException: IDX10720: Unable to create KeyedHashAlgorithm for "
    "algorithm 'HS256', the key size must be greater than: '256' bits",
    "ALTER TABLE users ADD COLUMN password_hash varchar(255) NOT NULL;",
    "SELECT id, email FROM users WHERE reset_token_expires_at < now();",
    'PASSWORD_RE = re.compile(r"^(?=.*[A-Z])(?=.*\\d).{12,}$")',
    'assert not is_strong("password123")',
    ".env\n.env.*\n*.pem\n*.p12\n*.jks\n.streamlit/secrets.toml",
    "INFO auth: token refreshed for user 1842 (expires in 3600s)",
    "WARN password for user 'ada' expires in 5 days",
    "Secret rotation: database passwords every 90 days, API tokens every 180 days.",
    "Never paste a token into a ticket; link the vault entry instead.",
    "kubectl get secret api-db -o jsonpath='{.data.password}' | base64 -d | wc -c",
]


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, FIFTH_SECRETS)


def _earlier_families() -> set[str]:
    """The family names of the four earlier corpora (names only; their samples stay unread)."""
    from tests.core import credential_corpus, credential_corpus_fourth, credential_corpus_fresh

    names = {family(kind) for kind, _ in credential_corpus.SECRETS}
    names |= {family(kind) for kind, _ in credential_corpus_fresh.FRESH_SECRETS}
    names |= set(third_families())
    names |= set(credential_corpus_fourth.families())
    return names


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    names = families()
    assert len(names) == len(set(names)) >= 70, "family names are unique, at least 70"
    assert all(fam.half in {"A", "B"} for fam in FAMILIES)
    assert all(len(fam.samples) >= 3 for fam in FAMILIES), "three samples per family at least"
    kinds = [kind for kind, _ in FIFTH_SECRETS]
    assert len(kinds) == len(set(kinds)), "a setting appears once in its family"
    assert not [text for _, text in FIFTH_SECRETS if "@@" in text], "every template filled"
    assert set(names) >= UNSURE_FAMILIES
    assert len(FIFTH_ORDINARY) >= 220
    assert len(FIFTH_ORDINARY) == len(set(FIFTH_ORDINARY)), "no negative twice"
    assert all(entry in FIFTH_ORDINARY for entry in DEBATABLE)
    assert len(DEBATABLE) * 10 <= len(FIFTH_ORDINARY), "debatable entries stay under a tenth"
    secrets = {text for _, text in FIFTH_SECRETS}
    assert not secrets & set(FIFTH_ORDINARY), "no text is both a secret and ordinary"
    half_a, half_b = halves()
    assert half_a
    assert half_b
    assert not set(half_a) & set(half_b)
    lowered = {name.lower() for name in _earlier_families()}
    assert not [name for name in names if name.lower() in lowered], "families are new"


_self_check()
