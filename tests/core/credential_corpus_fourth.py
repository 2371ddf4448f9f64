"""A fourth credentials corpus, written blind and weighted to what people actually leak.

Its author saw neither the scanner, its rules nor the samples of the three earlier corpora
(``credential_corpus.py``, ``credential_corpus_fresh.py``, ``credential_corpus_third.py``);
only their family names, so that every family here is new (``_self_check`` holds that).
The families come from public secret-scanner rule lists (gitleaks, trufflehog detectors, the
GitHub secret-scanning partner list, detect-secrets and semgrep rules) and from the documented
config files of the software, and most of them carry no vendor prefix at all: the passwords
and tokens of internal services that land in ``.env`` files, compose files, Kubernetes
manifests, Terraform, Ansible inventories, framework settings, unattended installs, command
lines, notebooks and logs.  That is where real leaks are, and a scanner that only knows
prefixes misses them.

``FAMILIES``
    one record per credential family: its name, its half (``"A"`` or ``"B"``) and three or
    more ``(setting, text)`` samples placed as people paste them.
``FOURTH_SECRETS``
    the samples as ``(kind, text)`` pairs, a kind named ``"<family>, <setting>"``.
``FOURTH_ORDINARY``
    developer text that must pass: hard negatives (commit ids, UUIDs, lockfile and release
    checksums, image digests, public keys and certificates, placeholders, secret-store
    references, encrypted blobs, labelled test vectors, ordinary base64, minified code, ids
    and hashes in URLs).  ``DEBATABLE`` names the entries a reasonable scanner could refuse;
    ``UNSURE_FAMILIES`` the families a reasonable scanner could let through.
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

_RNG = random.Random(41_2026_12_05)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
UPPER_HEX = HEX.upper()
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
URL_SAFE_PW = ALNUM + "-_."
_WORDS = (
    "Falcon", "Orchid", "Tango", "Maple", "Granite", "Harbor", "Nimbus", "Quartz", "Saffron",
    "Juniper", "Kestrel", "Lantern", "Marble", "Osprey", "Pepper", "Raven", "Sierra", "Thistle",
)
_ARMOUR = "-" * 5
_PRIV = "PRIVATE" + " KEY"


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
    """A password a person chose: a word, digits and a symbol, as policies force them."""
    word = _RNG.choice(_WORDS)
    return f"{word}{_s(1, '_.-@!#')}{_s(_RNG.randint(3, 5), string.digits)}{_s(2, ALNUM)}"


def _pem(label: str, der: bytes, sep: str = "\n") -> str:
    """PEM armour around ``der``, lines of 64, joined by ``sep`` (a literal ``\\n`` in JSON)."""
    body = base64.b64encode(der).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    head = f"{_ARMOUR}BEGIN {label}{_ARMOUR}"
    tail = f"{_ARMOUR}END {label}{_ARMOUR}"
    return sep.join([head, *lines, tail])


def _rsa_der() -> bytes:
    """A PKCS#1 RSA private key's DER shape: the real header, random integers behind it."""
    return bytes.fromhex("308204a40201000282010100") + _bytes(1180)


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


def _pw_set() -> dict[str, str]:
    return {"P": _human_pw(), "Q": _gen_pw(), "U": _url_pw()}


def _k8s_secret() -> dict[str, str]:
    pw, other = _gen_pw(24), _human_pw()
    return {"B": _std64(pw.encode()), "C": _std64(other.encode()), "P": pw}


def _unattend_b64() -> dict[str, str]:
    # Windows setup stores a "hidden" password as base64 of UTF-16LE(password + "Password").
    pw = _human_pw()
    return {"P": pw, "B": _std64((pw + "Password").encode("utf-16-le"))}


def _jwk_rsa() -> dict[str, str]:
    return {
        "N": _url64(256), "D": _url64(256), "P": _url64(128), "Q": _url64(128),
        "E": _url64(128), "F": _url64(128), "G": _url64(128), "K": _guid(),
        "X": _url64(32), "Y": _url64(32), "S": _url64(32),
    }


def _dsa_key() -> dict[str, str]:
    key = _pem("DSA " + _PRIV, bytes.fromhex("308201bb02010002818100") + _bytes(420))
    return {"K": key, "I": key.replace("\n", "\n  ")}


def _kube_sa_jwt() -> dict[str, str]:
    ns = _RNG.choice(["ci", "monitoring", "kube-system", "deploy"])
    claims: dict[str, object] = {
        "iss": "kubernetes/serviceaccount",
        "kubernetes.io/serviceaccount/namespace": ns,
        "kubernetes.io/serviceaccount/secret.name": f"{ns}-deployer-token-{_s(5, LOWER_ALNUM)}",
        "kubernetes.io/serviceaccount/service-account.name": f"{ns}-deployer",
        "kubernetes.io/serviceaccount/service-account.uid": _guid(),
        "sub": f"system:serviceaccount:{ns}:{ns}-deployer",
    }
    return {"J": _jwt({"alg": "RS256", "kid": _url64(32)}, claims, 256)}


_GENERIC: tuple[Family, ...] = (
    _fam(
        "dotenv app secret", "A",
        lambda: {"S": _hex(64), "T": _s(40), "K": _url64(32)},
        ("env file", "APP_ENV=production\nAPP_DEBUG=false\nAPP_SECRET=@@S\n"
         "INTERNAL_API_TOKEN=@@T\n"),
        ("export line", "export ORDERS_SERVICE_TOKEN='@@T'"),
        ("docker run -e", "docker run -d --name billing -e BILLING_SIGNING_SECRET=@@K "
         "-p 8080:8080 registry.corp.example/billing:2.4.1"),
        ("ci log", "+ echo \"SERVICE_AUTH_TOKEN=@@T\" >> \"$GITHUB_ENV\""),
    ),
    _fam(
        "docker compose environment password", "B", _pw_set,
        ("mapping", "services:\n  db:\n    image: postgres:16\n    environment:\n"
         "      POSTGRES_USER: app\n      POSTGRES_PASSWORD: @@P\n      POSTGRES_DB: app\n"),
        ("list", "  mariadb:\n    image: mariadb:11\n    environment:\n"
         "      - MARIADB_ROOT_PASSWORD=@@Q\n      - MARIADB_DATABASE=wiki\n"),
        ("chat", "the staging compose file still has `MSSQL_SA_PASSWORD: \"@@P\"` in it, "
         "can someone rotate that"),
    ),
    _fam(
        "kubernetes secret base64 data", "A", _k8s_secret,
        ("manifest", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: api-db\n"
         "  namespace: prod\ntype: Opaque\ndata:\n  username: YXBp\n  password: @@B\n"),
        ("kubectl get -o yaml", "$ kubectl -n payments get secret ledger-db -o yaml\n"
         "apiVersion: v1\ndata:\n  DB_PASSWORD: @@B\n  DB_USER: bGVkZ2Vy\nkind: Secret\n"
         "metadata:\n  creationTimestamp: \"2026-03-02T10:14:07Z\"\n  name: ledger-db\n"),
        ("chat", "`kubectl get secret grafana -o jsonpath='{.data.admin-password}'` gives "
         "me @@C, is that the one we use in prod?"),
    ),
    _fam(
        "helm values password", "B", _pw_set,
        ("values file", "postgresql:\n  auth:\n    username: app\n    password: @@P\n"
         "    postgresPassword: @@Q\n"),
        ("override", "global:\n  smtp:\n    host: smtp.corp.example\n    user: noreply\n"
         "    password: \"@@Q\"\n"),
        ("chat", "I committed values-prod.yaml with `redis.auth.password: @@P` by mistake, "
         "will rotate after the release"),
    ),
    _fam(
        "terraform provider password", "A", _pw_set,
        ("provider block", 'provider "postgresql" {\n  host     = "db.internal"\n'
         '  username = "tf_admin"\n  password = "@@Q"\n  sslmode  = "require"\n}\n'),
        ("db instance", 'resource "aws_db_instance" "main" {\n  engine   = "postgres"\n'
         '  username = "dbadmin"\n  password = "@@P"\n  instance_class = "db.t3.medium"\n}\n'),
        ("azure sql", 'resource "azurerm_mssql_server" "sql" {\n'
         '  administrator_login          = "sqladmin"\n'
         '  administrator_login_password = "@@Q"\n}\n'),
    ),
    _fam(
        "terraform state secret", "B", _pw_set,
        ("tfstate", '{\n  "mode": "managed",\n  "type": "random_password",\n'
         '  "name": "db",\n  "instances": [{"attributes": {"id": "none", "length": 24,'
         ' "result": "@@Q", "special": true}}]\n}'),
        ("output -json", '{"db_password": {"sensitive": true, "type": "string", '
         '"value": "@@P"}}'),
        ("tfstate attributes", '"attributes": {\n  "address": "db.internal",\n'
         '  "password": "@@Q",\n  "username": "app"\n}'),
    ),
    _fam(
        "ansible inventory password", "A", _pw_set,
        ("ini inventory", "[db]\ndb01.internal ansible_user=deploy ansible_password=@@P "
         "ansible_become_pass=@@Q\n"),
        ("group vars", "---\nansible_user: deploy\nansible_become_password: \"@@Q\"\n"),
        ("command line", "ansible-playbook site.yml -i hosts -e "
         "\"ansible_ssh_pass=@@P ansible_become_pass=@@P\""),
        ("winrm host vars", "ansible_connection: winrm\nansible_user: Administrator\n"
         "ansible_winrm_password: @@P\n"),
    ),
    _fam(
        "hibernate connection password", "B", _pw_set,
        ("cfg xml", '<property name="hibernate.connection.username">app</property>\n'
         '<property name="hibernate.connection.password">@@P</property>'),
        ("persistence xml", '<property name="jakarta.persistence.jdbc.user" value="shop"/>\n'
         '<property name="jakarta.persistence.jdbc.password" value="@@Q"/>'),
        ("properties", "hibernate.connection.url=jdbc:mysql://db01:3306/crm\n"
         "hibernate.connection.username=crm\nhibernate.connection.password=@@P\n"),
    ),
    _fam(
        "tomcat resource password", "A", _pw_set,
        ("context xml", '<Resource name="jdbc/AppDB" auth="Container" '
         'type="javax.sql.DataSource" username="app" password="@@Q" '
         'driverClassName="org.postgresql.Driver" url="jdbc:postgresql://db:5432/app"/>'),
        ("tomcat users", '<user username="manager" password="@@P" '
         'roles="manager-gui,admin-gui"/>'),
        ("connector keystore", '<Connector port="8443" SSLEnabled="true" '
         'keystoreFile="conf/keystore.jks" keystorePass="@@P" />'),
    ),
    _fam(
        "django settings password", "B", _pw_set,
        ("databases", "DATABASES = {\n    'default': {\n"
         "        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'shop',\n"
         "        'USER': 'shop',\n        'PASSWORD': '@@Q',\n"
         "        'HOST': 'db.internal',\n    }\n}"),
        ("email", 'EMAIL_HOST = "smtp.corp.example"\nEMAIL_HOST_USER = "noreply@corp.example"\n'
         'EMAIL_HOST_PASSWORD = "@@P"'),
        ("override", "DATABASES['default']['PASSWORD'] = '@@P'  # prod override"),
    ),
    _fam(
        "php database password", "A", _pw_set,
        ("pdo", "$pdo = new PDO('mysql:host=db.internal;dbname=shop;charset=utf8mb4', "
         "'shop', '@@Q');"),
        ("mysqli", '$link = mysqli_connect("127.0.0.1", "wp", "@@P", "wordpress");'),
        ("codeigniter", "$db['default']['username'] = 'ci_app';\n"
         "$db['default']['password'] = '@@P';"),
    ),
    _fam(
        "libpq keyword connection string", "B", _pw_set,
        ("conninfo", "host=db.internal port=5432 dbname=orders user=orders "
         "password=@@U sslmode=require"),
        ("psycopg2", 'conn = psycopg2.connect("dbname=analytics user=etl password=@@U '
         'host=10.0.3.14")'),
        ("go sql.Open", "db, err := sql.Open(\"postgres\", \"user=app password='@@P' "
         "dbname=app sslmode=disable\")"),
    ),
    _fam(
        "mysql option file password", "A", _pw_set,
        ("my.cnf client", "[client]\nuser=backup\npassword=\"@@Q\"\nhost=db01.internal\n"),
        ("MYSQL_PWD", "MYSQL_PWD='@@P' mysqldump -u backup --all-databases > all.sql"),
        ("mysqldump section", "[mysqldump]\nuser=root\npassword=@@P\nsingle-transaction\n"),
    ),
    _fam(
        "ado.net connection string", "B", _pw_set,
        ("appsettings json", '"ConnectionStrings": {\n  "Default": "Server=tcp:sql-prod.internal,'
         '1433;Database=Orders;User Id=orders_app;Password=@@U;Encrypt=True;"\n}'),
        ("csharp", 'var conn = new SqlConnection("Data Source=SQL01;Initial Catalog=HR;'
         'User ID=sa;Password=@@P");'),
        ("web.config", '<add name="DefaultConnection" connectionString="Server=.;Database=Shop;'
         'uid=shop;pwd=@@U;" providerName="System.Data.SqlClient" />'),
    ),
    _fam(
        "ldap config bind password", "A", _pw_set,
        ("sssd.conf", "ldap_default_bind_dn = cn=sssd,ou=svc,dc=corp,dc=example\n"
         "ldap_default_authtok_type = password\nldap_default_authtok = @@Q\n"),
        ("nslcd.conf", "binddn cn=nslcd,ou=svc,dc=corp,dc=example\nbindpw @@P\n"),
        ("gitlab.rb", "gitlab_rails['ldap_servers'] = { 'main' => { 'host' => 'dc01.corp.local',"
         " 'bind_dn' => 'CN=gitlab,OU=Service,DC=corp,DC=local', 'password' => '@@P' } }"),
        ("grafana ldap.toml", '[[servers]]\nhost = "ldap.corp.example"\n'
         'bind_dn = "cn=grafana,ou=svc,dc=corp,dc=example"\nbind_password = "@@Q"\n'),
    ),
    _fam(
        "cifs mount credentials", "B", _pw_set,
        ("fstab", "//nas.local/backup  /mnt/backup  cifs  username=backup,password=@@U,"
         "uid=1000,vers=3.0  0  0"),
        ("credentials file", "username=svc_scan\npassword=@@P\ndomain=CORP\n"),
        ("mount command", "sudo mount -t cifs //fs01/share /mnt/share "
         "-o user=jdoe,pass=@@U,vers=3.0"),
    ),
    _fam(
        "jwk private key", "A", _jwk_rsa,
        ("rsa json", '{"kty":"RSA","kid":"@@K","use":"sig","alg":"RS256","n":"@@N",'
         '"e":"AQAB","d":"@@D","p":"@@P","q":"@@Q","dp":"@@E","dq":"@@F","qi":"@@G"}'),
        ("ec env", 'JWT_PRIVATE_JWK=\'{"kty":"EC","crv":"P-256","x":"@@X","y":"@@Y",'
         '"d":"@@S","kid":"sig-2026-03"}\''),
        ("okp yaml", "signing:\n  key:\n    kty: OKP\n    crv: Ed25519\n    x: @@X\n"
         "    d: @@S\n"),
    ),
    _fam(
        "jwk symmetric key", "B",
        lambda: {"K": _url64(32), "I": _guid(), "L": _url64(64)},
        ("json", '{"keys":[{"kty":"oct","kid":"@@I","alg":"HS256","k":"@@K"}]}'),
        ("yaml", "jwks:\n  keys:\n    - kty: oct\n      alg: A256GCM\n      k: @@K\n"),
        ("python", 'key = jwk.JWK(kty="oct", k="@@L")'),
    ),
    _fam(
        "escaped pem private key", "A",
        lambda: {
            "R": _pem("RSA " + _PRIV, _rsa_der(), "\\n"),
            "S": _pem(_PRIV, bytes.fromhex("308204bd020100300d06092a864886f70d010101050004"
                                           "8204a7308204a30201000282010100") + _bytes(1150),
                      "\\n"),
            "T": _pem("RSA " + _PRIV, _rsa_der(), " "),
        },
        ("dotenv", 'PRIVATE_KEY="@@R\\n"'),
        ("json", '{\n  "issuer": "billing-service",\n  "signing_key": "@@S\\n"\n}'),
        ("one line env", "GITHUB_APP_PRIVATE_KEY=@@T"),
    ),
    _fam(
        "dsa private key", "B",
        _dsa_key,
        ("file", "@@K\n"),
        ("ansible var", "legacy_host_key: |\n  @@I\n"),
        ("chat", "old switch only speaks ssh-dss, here's the key it wants:\n@@K"),
    ),
    _fam(
        "pkcs12 keystore base64", "A",
        lambda: {"K": _std64(bytes.fromhex("30820a5c0201033082" "0a2206092a864886f70d010701")
                             + _bytes(2580))},
        ("env", "ANDROID_KEYSTORE_BASE64=@@K"),
        ("workflow yaml", "env:\n  SIGNING_CERT_P12: \"@@K\"\n  SIGNING_CERT_PASSWORD: ios\n"),
        ("python", 'KEYSTORE_B64 = (\n    "@@K"\n)'),
    ),
    _fam(
        "minisign secret key", "B",
        lambda: {"K": _std64(b"EdScB2" + _bytes(152))},
        ("key file", "untrusted comment: minisign encrypted secret key\n@@K\n"),
        ("ci secret yaml", "MINISIGN_SECRET_KEY: |\n  untrusted comment: minisign encrypted "
         "secret key\n  @@K\n"),
        ("chat", "release signing key for the nightly job (no password on it): @@K"),
    ),
    _fam(
        "proxy-authorization header", "A",
        lambda: {"B": _std64(f"svc-build:{_gen_pw(16)}".encode()),
                 "C": _std64(f"CORP\\jdoe:{_human_pw()}".encode())},
        ("request dump", "CONNECT api.github.com:443 HTTP/1.1\nHost: api.github.com:443\n"
         "Proxy-Authorization: Basic @@B\nUser-Agent: curl/8.5.0\n"),
        ("curl -v", "> CONNECT registry.npmjs.org:443 HTTP/1.1\n> Host: registry.npmjs.org:443\n"
         "> Proxy-Authorization: Basic @@C\n> Proxy-Connection: Keep-Alive\n"),
        ("python", 'session.headers["Proxy-Authorization"] = "Basic @@B"'),
    ),
    _fam(
        "httpie auth flag", "B",
        lambda: {"P": _url_pw(), "T": _s(48)},
        ("basic", "http -a deploy:@@P POST https://ci.corp.example/api/jobs/42/retry"),
        ("https --auth", "https --auth admin:@@P GET es01.internal:9200/_cat/indices"),
        ("bearer", "http --auth-type=bearer --auth @@T GET https://api.corp.example/v1/me"),
    ),
    _fam(
        "mongo shell password flag", "A", _pw_set,
        ("mongosh", "mongosh \"mongodb://db01:27017/admin\" -u admin -p '@@P' "
         "--authenticationDatabase admin"),
        ("mongodump", "mongodump --host rs0/db01:27017 --username backup --password @@U "
         "--out /backups/$(date +%F)"),
        ("legacy shell", "mongo --port 27017 -u root -p @@U admin"),
    ),
    _fam(
        "ipmi password flag", "B",
        lambda: {"P": _url_pw(12), "Q": _human_pw()},
        ("ipmitool", "ipmitool -I lanplus -H 10.10.0.21 -U ADMIN -P @@P chassis power status"),
        ("racadm", "racadm -r 10.10.0.30 -u root -p @@Q getsysinfo"),
        ("runbook", "BMC of rack 3 node 7: `ipmitool -H 10.10.3.7 -U admin -P '@@Q' sol activate`"),
    ),
    _fam(
        "windows net use password", "A", _pw_set,
        ("net use", "net use Z: \\\\fs01\\finance @@P /user:CORP\\svc_backup /persistent:no"),
        ("cmdkey", "cmdkey /generic:TERMSRV/rdp01.corp.local /user:CORP\\admin /pass:@@Q"),
        ("psexec", "psexec \\\\web02 -u CORP\\deploy -p @@P -h cmd /c iisreset"),
    ),
    _fam(
        "rsync password", "B", _pw_set,
        ("env", "RSYNC_PASSWORD='@@P' rsync -az /srv/data/ backup@nas.local::backups/"),
        ("secrets file", "# /etc/rsyncd.secrets\nbackup:@@Q\n"),
        ("password file", "echo '@@P' > /etc/rsync.pass && chmod 600 /etc/rsync.pass"),
    ),
    _fam(
        "vnc password", "A",
        lambda: {"P": _s(8, ALNUM + "!#")},
        ("x11vnc", "x11vnc -display :0 -passwd @@P -forever -shared"),
        ("vncpasswd", "echo '@@P' | vncpasswd -f > ~/.vnc/passwd"),
        ("compose", "  chrome:\n    image: selenium/standalone-chrome:4.21\n    environment:\n"
         "      - SE_VNC_PASSWORD=@@P\n"),
    ),
    _fam(
        "cloud-init password", "B", _pw_set,
        ("chpasswd", "#cloud-config\nchpasswd:\n  expire: false\n  users:\n"
         "    - name: root\n      password: @@Q\n      type: text\n"),
        ("plain_text_passwd", "users:\n  - name: ops\n    plain_text_passwd: '@@P'\n"
         "    lock_passwd: false\n    sudo: ALL=(ALL) NOPASSWD:ALL\n"),
        ("password key", "#cloud-config\npassword: @@P\nssh_pwauth: true\n"),
    ),
    _fam(
        "kickstart root password", "A", _pw_set,
        ("rootpw", "lang en_US.UTF-8\nkeyboard us\nrootpw --plaintext @@Q\ntimezone UTC\n"),
        ("user line", "user --name=ansible --groups=wheel --password=@@P --plaintext"),
        ("preseed", "d-i passwd/root-password password @@P\n"
         "d-i passwd/root-password-again password @@P\n"),
    ),
    _fam(
        "windows unattend password", "B", _unattend_b64,
        ("administrator", "<AdministratorPassword>\n  <Value>@@P</Value>\n"
         "  <PlainText>true</PlainText>\n</AdministratorPassword>"),
        ("autologon", "<AutoLogon>\n  <Password>\n    <Value>@@P</Value>\n"
         "    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n"
         "  <Username>Administrator</Username>\n</AutoLogon>"),
        ("encoded", "<LocalAccount wcm:action=\"add\">\n  <Password>\n    <Value>@@B</Value>\n"
         "    <PlainText>false</PlainText>\n  </Password>\n  <Name>svc_deploy</Name>\n"
         "</LocalAccount>"),
    ),
    _fam(
        "group policy cpassword", "A",
        lambda: {"C": _std64(32).rstrip("=")},
        ("groups.xml", '<User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" '
         'name="Administrator (built-in)"><Properties action="U" newName="" '
         'cpassword="@@C" changeLogon="0" noChange="1" neverExpires="1" '
         'acctDisabled="0" userName="Administrator (built-in)"/></User>'),
        ("scheduled task", '<Properties action="C" name="nightly-sync" '
         'runAs="CORP\\svc_task" cpassword="@@C" logonType="Password"/>'),
        ("pentest notes", "found in \\\\corp.local\\SYSVOL\\...\\Groups.xml: "
         "cpassword=@@C (local admin on all workstations)"),
    ),
    _fam(
        "postfix sasl passwd", "B", _pw_set,
        ("sasl_passwd", "[smtp.office365.com]:587 alerts@corp.example:@@P\n"),
        ("relay", "[smtp-relay.corp.example]:587    relay-user:@@Q\n"),
        ("static map", "smtp_sasl_password_maps = static:relay@corp.example:@@P"),
    ),
    _fam(
        "mail client password", "A", _pw_set,
        ("msmtprc", "account default\nhost smtp.fastmail.com\nport 465\ntls on\nauth on\n"
         "user jdoe@fastmail.com\npassword @@Q\n"),
        ("muttrc", 'set imap_user = "jdoe@corp.example"\nset imap_pass = "@@P"\n'
         'set smtp_url = "smtps://jdoe@corp.example@smtp.corp.example:465/"\n'),
        ("offlineimaprc", "[Repository Remote]\ntype = IMAP\nremotehost = imap.corp.example\n"
         "remoteuser = jdoe\nremotepass = @@Q\n"),
        ("fetchmailrc", 'poll imap.corp.example protocol IMAP user "jdoe" '
         'password "@@P" ssl'),
    ),
    _fam(
        "sbt credentials file", "B", _pw_set,
        ("credentials file", "realm=Sonatype Nexus Repository Manager\nhost=nexus.corp.example\n"
         "user=deployer\npassword=@@Q\n"),
        ("build.sbt", 'credentials += Credentials("Artifactory Realm", '
         '"artifactory.corp.example", "ci", "@@P")'),
        ("ivy credentials", "realm=Artifactory Realm\nhost=repo.corp.example\nuser=ci\n"
         "password=@@P\n"),
    ),
    _fam(
        "bundler source credentials", "A",
        lambda: {"P": _url_pw(24), "T": _hex(40)},
        ("bundle config", '---\nBUNDLE_GEMS__CORP__EXAMPLE: "deploy:@@P"\n'),
        ("env", 'export BUNDLE_GEMS__INTERNAL__IO="ci-bot:@@T"'),
        ("gemfile source", 'source "https://deploy:@@P@gems.corp.example/" do\n'
         '  gem "corp-auth"\nend'),
    ),
    _fam(
        "helm repo password", "B", _pw_set,
        ("repo add", "helm repo add internal https://charts.corp.example "
         "--username ci --password @@U"),
        ("repositories.yaml", "repositories:\n- name: internal\n"
         "  url: https://charts.corp.example\n  username: ci\n  password: @@Q\n"),
        ("registry login", "helm registry login registry.corp.example -u robot -p @@P"),
    ),
    _fam(
        "openstack password", "A",
        lambda: {"P": _human_pw(), "Q": _gen_pw(), "S": _url64(64)},
        ("clouds.yaml", "clouds:\n  prod:\n    auth:\n      auth_url: https://keystone.corp:5000/v3\n"
         "      username: deploy\n      password: @@Q\n      project_name: web\n"
         "      user_domain_name: Default\n"),
        ("openrc", "export OS_AUTH_URL=https://keystone.corp:5000/v3\nexport OS_USERNAME=deploy\n"
         "export OS_PASSWORD=@@P\n"),
        ("cli flag", "openstack --os-username admin --os-password '@@P' server list"),
        ("application credential", "auth_type: v3applicationcredential\nauth:\n"
         "  application_credential_id: 21bd3a1e\n  application_credential_secret: @@S\n"),
    ),
    _fam(
        "vsphere credentials", "B", _pw_set,
        ("govc url", "export GOVC_URL='https://administrator%40vsphere.local:@@U"
         "@vcenter.corp.example/sdk'"),
        ("govc password", "export GOVC_USERNAME=svc-packer@vsphere.local\n"
         "export GOVC_PASSWORD='@@P'"),
        ("powercli", "Connect-VIServer -Server vcenter.corp.example "
         "-User administrator@vsphere.local -Password '@@Q'"),
        ("packer hcl", 'source "vsphere-iso" "ubuntu" {\n  vcenter_server = "vcenter.corp"\n'
         '  username = "svc-packer@vsphere.local"\n  password = "@@Q"\n}'),
    ),
    _fam(
        "dynamic dns credentials", "A", _pw_set,
        ("ddclient.conf", "protocol=dyndns2\nuse=web\nserver=members.dyndns.org\n"
         "login=homeuser\npassword='@@P'\nhome.dyndns.org\n"),
        ("update url", "*/10 * * * * curl -s 'https://homeuser:@@U@members.dyndns.org/nic/update"
         "?hostname=home.dyndns.org'"),
        ("inadyn.conf", 'provider default@dyndns.org {\n    username = homeuser\n'
         '    password = "@@Q"\n    hostname = home.dyndns.org\n}'),
    ),
    _fam(
        "github webhook secret", "B",
        lambda: {"S": _hex(40), "T": _s(32)},
        ("atlantis env", "ATLANTIS_GH_WEBHOOK_SECRET=@@S"),
        ("argocd secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: argocd-secret\n"
         "stringData:\n  webhook.github.secret: @@T\n"),
        ("python", 'WEBHOOK_SECRET = b"@@S"\n'
         "digest = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()"),
    ),
    _fam(
        "haproxy stats auth", "A", _pw_set,
        ("stats auth", "listen stats\n  bind *:8404\n  stats enable\n  stats uri /stats\n"
         "  stats auth admin:@@P\n"),
        ("userlist", "userlist ops\n  user admin insecure-password @@Q\n"),
        ("chat", "haproxy stats are on lb01:8404/stats, login admin / @@P"),
    ),
    _fam(
        "keycloak secrets", "B",
        lambda: {"P": _human_pw(), "S": _s(32)},
        ("admin env", "KEYCLOAK_ADMIN=admin\nKEYCLOAK_ADMIN_PASSWORD=@@P\n"),
        ("kcadm", "kcadm.sh config credentials --server http://localhost:8080 --realm master "
         "--user admin --password '@@P'"),
        ("realm export", '{\n  "clientId": "grafana",\n  "enabled": true,\n'
         '  "clientAuthenticatorType": "client-secret",\n  "secret": "@@S"\n}'),
    ),
    _fam(
        "grafana admin password", "A", _pw_set,
        ("env", "GF_SECURITY_ADMIN_USER=admin\nGF_SECURITY_ADMIN_PASSWORD=@@P\n"),
        ("grafana.ini", "[security]\nadmin_user = admin\nadmin_password = @@Q\n"),
        ("cli", "grafana-cli admin reset-admin-password '@@P'"),
    ),
    _fam(
        "minio root credentials", "B",
        lambda: {"P": _gen_pw(24), "A": _s(20, UPPER_ALNUM), "S": _s(40, B64)},
        ("env", "MINIO_ROOT_USER=minio-prod\nMINIO_ROOT_PASSWORD=@@P\n"),
        ("mc alias", "mc alias set prod https://minio.corp.example:9000 @@A @@S"),
        ("mc config", '"prod": {\n  "url": "https://minio.corp.example:9000",\n'
         '  "accessKey": "@@A",\n  "secretKey": "@@S",\n  "api": "s3v4"\n}'),
    ),
    _fam(
        "neo4j auth", "A", _pw_set,
        ("env", "NEO4J_AUTH=neo4j/@@P"),
        ("python driver", 'driver = GraphDatabase.driver("bolt://graph.internal:7687", '
         'auth=("neo4j", "@@Q"))'),
        ("cypher-shell", "cypher-shell -a neo4j://localhost:7687 -u neo4j -p '@@P'"),
    ),
    _fam(
        "clickhouse password", "B", _pw_set,
        ("client", "clickhouse-client --host ch01 --user default --password '@@P' "
         "--query 'SELECT 1'"),
        ("users.xml", "<users>\n  <default>\n    <password>@@Q</password>\n"
         "    <networks><ip>::/0</ip></networks>\n  </default>\n</users>"),
        ("url", "CLICKHOUSE_URL=clickhouse://default:@@U@ch.internal:9000/analytics"),
    ),
    _fam(
        "cassandra credentials", "A", _pw_set,
        ("cqlsh", "cqlsh cass01.internal -u cassandra -p '@@P'"),
        ("driver conf", "datastax-java-driver.advanced.auth-provider {\n"
         "  class = PlainTextAuthProvider\n  username = app\n  password = \"@@Q\"\n}"),
        ("python", 'auth = PlainTextAuthProvider(username="app", password="@@P")'),
    ),
    _fam(
        "rabbitmq user password", "B", _pw_set,
        ("rabbitmqctl", "rabbitmqctl add_user ingest '@@P'"),
        ("env", "RABBITMQ_DEFAULT_USER=ingest\nRABBITMQ_DEFAULT_PASS=@@Q\n"),
        ("rabbitmq.conf", "default_user = admin\ndefault_pass = @@P\n"),
    ),
    _fam(
        "etcd user password", "A", _pw_set,
        ("etcdctl --user", "etcdctl --user root:@@U --endpoints https://etcd01:2379 "
         "get / --prefix --keys-only"),
        ("env", 'ETCDCTL_USER="root:@@U"'),
        ("user add", "etcdctl user add app --new-user-password='@@P'"),
    ),
    _fam(
        "aspnet machine key", "B",
        lambda: {"V": _s(128, UPPER_HEX), "D": _s(64, UPPER_HEX)},
        ("web.config", '<machineKey validationKey="@@V" decryptionKey="@@D" '
         'validation="HMACSHA256" decryption="AES" />'),
        ("transform", '<machineKey xdt:Transform="Replace" decryption="AES" '
         'decryptionKey="@@D" validation="SHA1" validationKey="@@V" />'),
        ("chat", "for the farm the machine key has to match: validationKey=@@V "
         "decryptionKey=@@D"),
    ),
    _fam(
        "symfony app secret", "A",
        lambda: {"H": _hex(32)},
        ("env.local", "APP_ENV=prod\nAPP_SECRET=@@H\n"),
        ("framework yaml", "framework:\n    secret: '@@H'\n    http_method_override: false\n"),
        ("parameters.yml", "parameters:\n    database_host: 127.0.0.1\n    secret: @@H\n"),
    ),
    _fam(
        "phoenix secret key base", "B",
        lambda: {"S": _s(64, B64)},
        ("config exs", 'config :shop, ShopWeb.Endpoint,\n  url: [host: "localhost"],\n'
         '  secret_key_base: "@@S"'),
        ("env", "SECRET_KEY_BASE=@@S"),
        ("runtime exs", '  # generated with mix phx.gen.secret\n  secret_key_base = "@@S"'),
    ),
    _fam(
        "influxdb token", "A",
        lambda: {"T": _url64(64) + "==", "P": _human_pw()},
        ("env", "INFLUX_TOKEN=@@T"),
        ("influx config", "influx config create --config-name prod --host-url "
         "https://influx.corp:8086 --org ops --token @@T --active"),
        ("telegraf", '[[outputs.influxdb_v2]]\n  urls = ["https://influx.corp:8086"]\n'
         '  token = "@@T"\n  organization = "ops"\n'),
        ("v1 cli", "influx -host influx01 -username admin -password '@@P'"),
    ),
    _fam(
        "key passphrase flag", "B", _pw_set,
        ("ssh-keygen", "ssh-keygen -t ed25519 -N '@@P' -f ~/.ssh/deploy_ed25519 -C deploy"),
        ("gpg", "gpg --batch --pinentry-mode loopback --passphrase '@@Q' -d backup.tar.gpg"),
        ("ssh-keygen -p", "ssh-keygen -p -f id_rsa -P '' -N '@@P'"),
    ),
    _fam(
        "internal service token", "A",
        lambda: {"K": _s(40), "H": _hex(48)},
        ("python client", 'client = InventoryClient(base_url="https://inventory.internal", '
         'api_key="@@K")'),
        ("headers dict", 'headers = {"X-Auth-Token": "@@H", "Content-Type": "application/json"}'),
        ("javascript", "const API_TOKEN = '@@K';\nfetch(`${BASE}/v2/orders`, "
         "{ headers: { Authorization: `Token ${API_TOKEN}` } });"),
        ("java constant", 'private static final String SERVICE_KEY = "@@H";'),
    ),
    _fam(
        "http client basic auth", "B", _pw_set,
        ("requests", 'resp = requests.get(url, auth=("svc-reporting", "@@Q"), timeout=10)'),
        ("axios", "axios.get(url, { auth: { username: 'jenkins', password: '@@P' } })"),
        ("go", 'req.SetBasicAuth("deploy", "@@Q")'),
    ),
    _fam(
        "snmpv3 auth password", "A",
        lambda: {"P": _human_pw(), "Q": _gen_pw(16)},
        ("snmpwalk", "snmpwalk -v3 -l authPriv -u monitor -a SHA -A '@@P' -x AES -X '@@Q' "
         "10.0.0.1 system"),
        ("snmpd.conf", 'createUser monitor SHA "@@P" AES "@@Q"'),
        ("telegraf", '[[inputs.snmp]]\n  version = 3\n  sec_name = "monitor"\n'
         '  auth_protocol = "SHA"\n  auth_password = "@@P"\n  priv_password = "@@Q"\n'),
    ),
    _fam(
        "pgbouncer userlist", "B", _pw_set,
        ("userlist.txt", '"app" "@@Q"\n"reporting" "@@P"\n'),
        ("ini databases", "[databases]\napp = host=10.0.2.5 port=5432 dbname=app user=app "
         "password=@@U\n"),
        ("env", "POSTGRESQL_HOST=pg-primary\nPGBOUNCER_DATABASE=app\nPOSTGRESQL_PASSWORD=@@P\n"),
    ),
    _fam(
        "supervisord http password", "A", _pw_set,
        ("inet_http_server", "[inet_http_server]\nport=127.0.0.1:9001\nusername=admin\n"
         "password=@@Q\n"),
        ("supervisorctl section", "[supervisorctl]\nserverurl=http://127.0.0.1:9001\n"
         "username=admin\npassword=@@P\n"),
        ("command", "supervisorctl -u admin -p '@@P' restart worker:*"),
    ),
    _fam(
        "airflow connection uri", "B", _pw_set,
        ("env", "AIRFLOW_CONN_WAREHOUSE='postgres://etl:@@U@warehouse.internal:5432/dwh'"),
        ("cli", "airflow connections add sftp_vendor "
         "--conn-uri 'sftp://vendor:@@U@sftp.vendor.example:22'"),
        ("metadata db", "AIRFLOW__DATABASE__SQL_ALCHEMY_CONN="
         "postgresql+psycopg2://airflow:@@U@pg:5432/airflow"),
    ),
    _fam(
        "code-server password", "A",
        lambda: {"H": _hex(24), "P": _human_pw()},
        ("config.yaml", "bind-addr: 127.0.0.1:8080\nauth: password\npassword: @@H\ncert: false\n"),
        ("env", "PASSWORD=@@P code-server --bind-addr 0.0.0.0:8443 ."),
        ("docker run", "docker run -d -p 8443:8443 -e PASSWORD=@@H "
         "lscr.io/linuxserver/code-server"),
    ),
    _fam(
        "kubeconfig user token", "B", _kube_sa_jwt,
        ("kubeconfig", "users:\n- name: ci-deployer\n  user:\n    token: @@J\n"),
        ("kubectl --token",
         "kubectl --server=https://k8s.corp.example:6443 --token=@@J get pods -A"),
        ("chat", "use this service account token to log in to the dashboard: @@J"),
    ),
    _fam(
        "sftp client saved password", "A",
        lambda: {"P": _human_pw(), "B": _std64(_gen_pw(14).encode())},
        ("vscode sftp.json", '{\n  "name": "prod",\n  "host": "web01.corp.example",\n'
         '  "protocol": "sftp",\n  "username": "deploy",\n  "password": "@@P",\n'
         '  "remotePath": "/var/www"\n}'),
        ("filezilla", "<Server>\n  <Host>ftp.corp.example</Host>\n  <Port>21</Port>\n"
         "  <User>webmaster</User>\n  <Pass encoding=\"base64\">@@B</Pass>\n</Server>"),
        ("phpstorm deployment", '<option name="password" value="@@P" />'),
    ),
    _fam(
        "systemd unit environment secret", "B",
        lambda: {"P": _gen_pw(), "T": _s(36)},
        ("unit", "[Service]\nEnvironment=\"DB_PASSWORD=@@P\"\nEnvironment=\"API_TOKEN=@@T\"\n"
         "ExecStart=/usr/local/bin/worker\n"),
        ("override", "# /etc/systemd/system/exporter.service.d/override.conf\n[Service]\n"
         "Environment=EXPORTER_PASSWORD=@@P\n"),
        ("systemctl show", "Environment=LANG=C.UTF-8 QUEUE_URL=https://mq.internal "
         "QUEUE_TOKEN=@@T"),
    ),
    _fam(
        "ci pipeline literal secret", "A",
        lambda: {"P": _gen_pw(), "T": _s(40)},
        ("gitlab-ci", "variables:\n  DEPLOY_USER: deploy\n  DEPLOY_PASSWORD: \"@@P\"\n"),
        ("github actions", "    env:\n      API_KEY: @@T\n    run: ./scripts/smoke.sh\n"),
        ("jenkinsfile", "environment {\n    NEXUS_PASSWORD = '@@P'\n}"),
    ),
    _fam(
        "notebook literal password", "B", _pw_set,
        ("ipynb source", '{\n "cell_type": "code",\n "source": [\n'
         '  "conn = psycopg2.connect(host=\\"10.1.4.2\\", user=\\"analyst\\", '
         'password=\\"@@Q\\")\\n"\n ]\n}'),
        ("cell", "engine = create_engine(\"mssql+pyodbc://analyst:@@U@dwh/DWH"
         "?driver=ODBC+Driver+18+for+SQL+Server\")"),
        ("magic", "%env SNOWSQL_PWD=@@P"),
    ),
    _fam(
        "credential in log line", "A", _pw_set,
        ("debug log", "2026-03-02 10:14:07,311 DEBUG db.pool connect(host='db01', "
         "user='app', password='@@Q', dbname='app')"),
        ("stack trace", "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) "
         "connection to server failed\n[SQL: connect] postgresql://app:@@U@db01:5432/app"),
        ("access log", '10.0.4.7 - - [02/Mar/2026:10:14:07 +0000] "GET /api/login?user=svc'
         '&password=@@U HTTP/1.1" 200 512'),
    ),
    _fam(
        "gitlab initial root password", "B", _pw_set,
        ("gitlab.rb", "gitlab_rails['initial_root_password'] = '@@Q'"),
        ("compose env", "    environment:\n      GITLAB_ROOT_PASSWORD: \"@@P\"\n"),
        ("initial_root_password file", "# WARNING: This value is valid only in the following "
         "conditions\nPassword: @@Q\n"),
    ),
    _fam(
        "cms settings secrets", "A",
        lambda: {"P": _human_pw(), "S": _url64(55), "H": _hex(32), "T": _s(30, ALNUM + "./")},
        ("drupal settings.php", "$databases['default']['default'] = [\n  'database' => 'drupal',\n"
         "  'username' => 'drupal',\n  'password' => '@@P',\n  'host' => 'localhost',\n];\n"
         "$settings['hash_salt'] = '@@S';"),
        ("magento env.php", "'crypt' => [\n    'key' => '@@H'\n],\n'db' => [\n"
         "    'connection' => ['default' => ['username' => 'magento', "
         "'password' => '@@P']]\n],"),
        ("nextcloud config.php", "  'passwordsalt' => '@@T',\n  'secret' => '@@S',\n"
         "  'dbpassword' => '@@P',"),
        ("joomla configuration.php", "\tpublic $password = '@@P';\n\tpublic $secret = '@@H';"),
    ),
    _fam(
        "gitea app.ini secrets", "B",
        lambda: {
            "S": _s(64),
            "J": _jwt({"alg": "HS256", "typ": "JWT"}, {"nbf": 1717000000}, 32),
            "L": _url64(32),
        },
        ("security", "[security]\nINSTALL_LOCK = true\nSECRET_KEY = @@S\nINTERNAL_TOKEN = @@J\n"),
        ("oauth2", "[oauth2]\nJWT_SECRET = @@L\n"),
        ("server lfs", "[server]\nLFS_START_SERVER = true\nLFS_JWT_SECRET = @@L\n"),
    ),
    _fam(
        "home assistant secrets", "A",
        lambda: {
            "P": _human_pw(),
            "J": _jwt({"alg": "HS256", "typ": "JWT"},
                      {"iss": _hex(32), "iat": 1717000000, "exp": 2032360000}, 32),
        },
        ("secrets.yaml", "wifi_password: @@P\nmqtt_password: @@P\n"),
        ("long-lived token", "rest_command:\n  notify_nas:\n    url: http://ha.local:8123/api/services\n"
         "    headers:\n      authorization: \"Bearer @@J\"\n"),
        ("chat", "my HA long-lived access token for the Node-RED flow is @@J"),
    ),
    _fam(
        "mikrotik routeros password", "B", _pw_set,
        ("user add", "/user add name=backup group=full password=@@Q"),
        ("ppp secret", '/ppp secret add name=branch2 password="@@P" service=l2tp '
         "profile=vpn"),
        ("export", "/interface wireless security-profiles\nset [ find default=yes ] "
         "mode=dynamic-keys wpa2-pre-shared-key=@@P\n/ip ipsec identity\n"
         "add peer=hq secret=@@Q"),
    ),
)


def _p8() -> str:
    der = bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
    return _pem(_PRIV, der + _bytes(32) + bytes.fromhex("a00a06082a8648ce3d030107a144034200")
                + _bytes(65), "\\n")


_VENDOR: tuple[Family, ...] = (
    _fam(
        "nvidia ngc api key", "A",
        lambda: {"K": "nv" + "api-" + _s(64, B64URL)},
        ("env", "NGC_API_KEY=@@K"),
        ("docker login", "echo @@K | docker login nvcr.io -u '$oauthtoken' --password-stdin"),
        ("python", 'client = OpenAI(base_url="https://integrate.api.nvidia.com/v1", '
         'api_key="@@K")'),
    ),
    _fam(
        "fireworks ai key", "B",
        lambda: {"K": "fw" + "_" + _s(24)},
        ("env", "FIREWORKS_API_KEY=@@K"),
        ("python", 'llm = Fireworks(api_key="@@K", '
         'model="accounts/fireworks/models/llama-v3p1-8b")'),
        ("curl", 'curl https://api.fireworks.ai/inference/v1/completions '
         '-H "Authorization: Bearer @@K" -d @req.json'),
    ),
    _fam(
        "voyage ai key", "A",
        lambda: {"K": "pa" + "-" + _s(43, B64URL)},
        ("env", "VOYAGE_API_KEY=@@K"),
        ("python", 'vo = voyageai.Client(api_key="@@K")'),
        ("yaml", "embeddings:\n  provider: voyage\n  model: voyage-3\n  api_key: @@K\n"),
    ),
    _fam(
        "assemblyai key", "B",
        lambda: {"K": _hex(32)},
        ("python", 'aai.settings.api_key = "@@K"'),
        ("curl", "curl https://api.assemblyai.com/v2/transcript -H 'authorization: @@K' "
         "-d '{\"audio_url\": \"https://cdn.example/a.mp3\"}'"),
        ("env", "ASSEMBLYAI_API_KEY=@@K"),
    ),
    _fam(
        "deepgram key", "A",
        lambda: {"K": _hex(40)},
        ("header", "Authorization: Token @@K"),
        ("env", "DEEPGRAM_API_KEY=@@K"),
        ("javascript", "const deepgram = createClient('@@K');"),
    ),
    _fam(
        "langfuse secret key", "B",
        lambda: {"S": "sk" + "-lf-" + _guid(), "P": "pk" + "-lf-" + _guid()},
        ("env", "LANGFUSE_PUBLIC_KEY=@@P\nLANGFUSE_SECRET_KEY=@@S\n"
         "LANGFUSE_HOST=https://cloud.langfuse.com\n"),
        ("python", 'langfuse = Langfuse(public_key="@@P", secret_key="@@S")'),
        ("helm values", "langfuse:\n  secretKey: @@S\n"),
    ),
    _fam(
        "modal token", "A",
        lambda: {"I": "ak" + "-" + _s(22), "S": "as" + "-" + _s(22)},
        ("modal.toml", '[default]\ntoken_id = "@@I"\ntoken_secret = "@@S"\nactive = true\n'),
        ("env", "MODAL_TOKEN_ID=@@I\nMODAL_TOKEN_SECRET=@@S\n"),
        ("cli", "modal token set --token-id @@I --token-secret @@S --profile ci"),
    ),
    _fam(
        "serpapi key", "B",
        lambda: {"K": _hex(64)},
        ("python", 'search = GoogleSearch({"q": "coffee", "location": "Austin", '
         '"api_key": "@@K"})'),
        ("url", "https://serpapi.com/search.json?engine=google&q=pizza&api_key=@@K"),
        ("env", "SERPAPI_API_KEY=@@K"),
    ),
    _fam(
        "bugsnag api key", "A",
        lambda: {"K": _hex(32)},
        ("javascript", "Bugsnag.start({ apiKey: '@@K', releaseStage: 'production' })"),
        ("python", 'bugsnag.configure(api_key="@@K", project_root="/srv/app")'),
        ("upload cli", "bugsnag-source-maps upload-browser --api-key @@K "
         "--app-version 4.2.0 --directory dist"),
    ),
    _fam(
        "loggly customer token", "B",
        lambda: {"K": _guid()},
        ("url", "curl -H 'content-type:text/plain' -d 'hello' "
         "https://logs-01.loggly.com/inputs/@@K/tag/http/"),
        ("rsyslog", '$template LogglyFormat,"<%pri%>%protocol-version% %timestamp:::date-rfc3339% '
         '%HOSTNAME% %app-name% %procid% %msgid% [@@K@41058 tag=\\"Rsyslog\\"] %msg%\\n"'),
        ("env", "LOGGLY_TOKEN=@@K"),
    ),
    _fam(
        "checkly api key", "A",
        lambda: {"K": "cu" + "_" + _hex(32), "I": _guid()},
        ("env", "CHECKLY_API_KEY=@@K\nCHECKLY_ACCOUNT_ID=" + "@@I"),
        ("curl", 'curl -H "Authorization: Bearer @@K" -H "X-Checkly-Account: 2f6c0d1a" '
         "https://api.checklyhq.com/v1/checks"),
        ("workflow", "      - run: npx checkly deploy --force\n        env:\n"
         "          CHECKLY_API_KEY: @@K\n"),
    ),
    _fam(
        "coralogix private key", "B",
        lambda: {"K": "cx" + "tp_" + _s(30)},
        ("env", "CORALOGIX_PRIVATE_KEY=@@K"),
        ("otel collector", "exporters:\n  coralogix:\n    domain: eu2.coralogix.com\n"
         "    private_key: \"@@K\"\n    application_name: shop\n"),
        ("helm", "helm upgrade --install otel coralogix/otel-integration "
         "--set global.privateKey=@@K"),
    ),
    _fam(
        "bitrise access token", "A",
        lambda: {"K": _url64(64)},
        ("curl", "curl -H 'Authorization: @@K' https://api.bitrise.io/v0.1/me"),
        ("env", "BITRISE_TOKEN=@@K"),
        ("chat", "bitrise PAT for the release bot, expires never: @@K"),
    ),
    _fam(
        "chromatic project token", "B",
        lambda: {"K": "chp" + "t_" + _hex(14)},
        ("npx", "npx chromatic --project-token=@@K --exit-zero-on-changes"),
        ("workflow", "      - uses: chromaui/action@v11\n        with:\n"
         "          projectToken: @@K\n"),
        ("env", "CHROMATIC_PROJECT_TOKEN=@@K"),
    ),
    _fam(
        "expo access token", "A",
        lambda: {"K": _s(40, B64URL)},
        ("env", "EXPO_TOKEN=@@K"),
        ("eas", "EXPO_TOKEN=@@K eas build --platform ios --non-interactive"),
        ("workflow", "      - uses: expo/expo-github-action@v8\n        with:\n"
         "          eas-version: latest\n          token: @@K\n"),
    ),
    _fam(
        "sparkpost api key", "B",
        lambda: {"K": _hex(40)},
        ("javascript", "const client = new SparkPost('@@K');"),
        ("curl", "curl -H 'Authorization: @@K' https://api.sparkpost.com/api/v1/templates"),
        ("env", "SPARKPOST_API_KEY=@@K"),
    ),
    _fam(
        "pusher app secret", "A",
        lambda: {"I": _s(7, string.digits), "K": _hex(20), "S": _hex(20)},
        ("javascript", "const pusher = new Pusher({\n  appId: '@@I',\n  key: '@@K',\n"
         "  secret: '@@S',\n  cluster: 'eu',\n  useTLS: true\n});"),
        ("env", "PUSHER_APP_ID=@@I\nPUSHER_APP_KEY=@@K\nPUSHER_APP_SECRET=@@S\n"),
        ("laravel", "'secret' => env('PUSHER_APP_SECRET', '@@S'),"),
    ),
    _fam(
        "ably api key", "B",
        lambda: {"K": f"{_s(6)}.{_s(6)}:{_s(43, B64URL)}"},
        ("javascript", "const ably = new Ably.Realtime('@@K');"),
        ("env", "ABLY_API_KEY=@@K"),
        ("curl", "curl https://rest.ably.io/channels/orders/messages -u '@@K' "
         "-H 'Content-Type: application/json' --data '{\"name\":\"ping\"}'"),
    ),
    _fam(
        "onesignal rest api key", "A",
        lambda: {"K": "os_v2" + "_app_" + _s(113, "abcdefghijklmnopqrstuvwxyz234567")},
        ("header", "Authorization: Key @@K"),
        ("env", "ONESIGNAL_REST_API_KEY=@@K"),
        ("python", 'configuration = onesignal.Configuration(rest_api_key="@@K")'),
    ),
    _fam(
        "agora app certificate", "B",
        lambda: {"I": _hex(32), "C": _hex(32)},
        ("env", "AGORA_APP_ID=@@I\nAGORA_APP_CERTIFICATE=@@C\n"),
        ("javascript", "const token = RtcTokenBuilder.buildTokenWithUid('@@I', '@@C', "
         "channel, uid, RtcRole.PUBLISHER, expire);"),
        ("yaml", "agora:\n  app_id: @@I\n  app_certificate: @@C\n"),
    ),
    _fam(
        "mailersend api token", "A",
        lambda: {"K": "ml" + "sn." + _hex(64)},
        ("env", "MAILERSEND_API_KEY=@@K"),
        ("php", "$mailersend = new MailerSend(['api_key' => '@@K']);"),
        ("curl", 'curl -X POST https://api.mailersend.com/v1/email '
         '-H "Authorization: Bearer @@K" -H "Content-Type: application/json" -d @mail.json'),
    ),
    _fam(
        "monday api token", "B",
        lambda: {"J": _jwt({"alg": "HS256"}, {
            "tid": _RNG.randint(10**8, 10**9), "aai": 11, "uid": _RNG.randint(10**7, 10**8),
            "iad": "2026-02-11T09:12:44.000Z", "per": "me:write",
            "actid": _RNG.randint(10**6, 10**7), "rgn": "euc1"}, 32)},
        ("curl", "curl https://api.monday.com/v2 -H 'Authorization: @@J' "
         "-H 'Content-Type: application/json' -d '{\"query\":\"{ boards { id } }\"}'"),
        ("env", "MONDAY_API_TOKEN=@@J"),
        ("python", 'headers = {"Authorization": "@@J", "API-Version": "2024-10"}'),
    ),
    _fam(
        "todoist api token", "A",
        lambda: {"K": _hex(40)},
        ("python", 'api = TodoistAPI("@@K")'),
        ("curl", 'curl https://api.todoist.com/rest/v2/projects -H "Authorization: Bearer @@K"'),
        ("env", "TODOIST_API_TOKEN=@@K"),
    ),
    _fam(
        "pipedrive api token", "B",
        lambda: {"K": _hex(40)},
        ("url", "https://corp.pipedrive.com/api/v1/deals?status=open&api_token=@@K"),
        ("env", "PIPEDRIVE_API_TOKEN=@@K"),
        ("header", "x-api-token: @@K"),
    ),
    _fam(
        "zoho refresh token", "A",
        lambda: {"R": "1000" + "." + _hex(32) + "." + _hex(32), "S": _s(42, LOWER_ALNUM)},
        ("token refresh", "curl -X POST 'https://accounts.zoho.eu/oauth/v2/token"
         "?refresh_token=@@R&client_id=1000.ABCDEFGHIJ&client_secret=@@S"
         "&grant_type=refresh_token'"),
        ("env", "ZOHO_REFRESH_TOKEN=@@R\nZOHO_CLIENT_SECRET=@@S\n"),
        ("json", '{"refresh_token": "@@R", "api_domain": "https://www.zohoapis.eu"}'),
    ),
    _fam(
        "meilisearch master key", "B",
        lambda: {"K": _url64(32)},
        ("env", "MEILI_MASTER_KEY=@@K\nMEILI_ENV=production\n"),
        ("cli", "./meilisearch --master-key='@@K' --db-path /var/lib/meili"),
        ("header", "Authorization: Bearer @@K"),
    ),
    _fam(
        "recaptcha secret key", "A",
        lambda: {"K": "6L" + _s(38, B64URL)},
        ("env", "RECAPTCHA_SECRET_KEY=@@K"),
        ("verify url", "https://www.google.com/recaptcha/api/siteverify?secret=@@K"
         "&response=${token}"),
        ("django", "RECAPTCHA_PRIVATE_KEY = '@@K'"),
    ),
    _fam(
        "hcaptcha secret", "B",
        lambda: {"K": "0x" + _hex(40)},
        ("env", "HCAPTCHA_SECRET=@@K"),
        ("form body", "curl https://api.hcaptcha.com/siteverify "
         "-d 'response=CLIENT-RESPONSE&secret=@@K'"),
        ("python", 'HCAPTCHA = {"sitekey": "10000000-ffff-ffff-ffff-000000000001", '
         '"secret": "@@K"}'),
    ),
    _fam(
        "turnstile secret key", "A",
        lambda: {"K": "0x4" + "AAAAAA" + _s(25, B64URL)},
        ("env", "TURNSTILE_SECRET_KEY=@@K"),
        ("worker", "formData.append('secret', '@@K');\nformData.append('response', token);"),
        ("toml", '[vars]\nTURNSTILE_SECRET = "@@K"\n'),
    ),
    _fam(
        "facebook app secret", "B",
        lambda: {"I": _s(16, string.digits), "S": _hex(32)},
        ("env", "FACEBOOK_APP_ID=@@I\nFACEBOOK_APP_SECRET=@@S\n"),
        ("app access token", "https://graph.facebook.com/debug_token?input_token=${t}"
         "&access_token=@@I|@@S"),
        ("php", "$fb = new \\Facebook\\Facebook(['app_id' => '@@I', 'app_secret' => '@@S']);"),
    ),
    _fam(
        "twitter consumer secret", "A",
        lambda: {"K": _s(25), "S": _s(50)},
        ("tweepy", 'auth = tweepy.OAuth1UserHandler("@@K", "@@S")'),
        ("env", "TWITTER_API_KEY=@@K\nTWITTER_API_SECRET=@@S\n"),
        ("yaml", "twitter:\n  consumer_key: @@K\n  consumer_secret: @@S\n"),
    ),
    _fam(
        "riot games api key", "B",
        lambda: {"K": "RG" + "API-" + _guid()},
        ("header", "X-Riot-Token: @@K"),
        ("url", "https://euw1.api.riotgames.com/lol/status/v4/platform-data?api_key=@@K"),
        ("env", "RIOT_API_KEY=@@K"),
    ),
    _fam(
        "godaddy api credentials", "A",
        lambda: {"K": _s(34, ALNUM + "_"), "S": _s(22)},
        ("header", "Authorization: sso-key @@K:@@S"),
        ("lego env", "GODADDY_API_KEY=@@K \\\nGODADDY_API_SECRET=@@S \\\n"
         "lego --dns godaddy -d '*.corp.example' run"),
        ("certbot ini", "dns_godaddy_key = @@K\ndns_godaddy_secret = @@S\n"),
    ),
    _fam(
        "porkbun api keys", "B",
        lambda: {"K": "pk" + "1_" + _hex(64), "S": "sk" + "1_" + _hex(64)},
        ("json body", '{"apikey": "@@K", "secretapikey": "@@S"}'),
        ("env", "PORKBUN_API_KEY=@@K\nPORKBUN_SECRET_API_KEY=@@S\n"),
        ("ddns config", "{\n  \"endpoint\": \"https://api.porkbun.com/api/json/v3\",\n"
         "  \"apikey\": \"@@K\",\n  \"secretapikey\": \"@@S\"\n}"),
    ),
    _fam(
        "namecheap api key", "A",
        lambda: {"K": _hex(32)},
        ("url", "https://api.namecheap.com/xml.response?ApiUser=corpdns&ApiKey=@@K"
         "&UserName=corpdns&Command=namecheap.domains.getList&ClientIp=203.0.113.7"),
        ("env", "NAMECHEAP_API_USER=corpdns\nNAMECHEAP_API_KEY=@@K\n"),
        ("terraform", 'provider "namecheap" {\n  user_name = "corpdns"\n'
         '  api_user  = "corpdns"\n  api_key   = "@@K"\n}'),
    ),
    _fam(
        "proxmox api token", "B",
        lambda: {"K": _guid()},
        ("header", "curl -H 'Authorization: PVEAPI" "Token=root@pam!terraform=@@K' "
         "https://pve01:8006/api2/json/nodes"),
        ("terraform", 'provider "proxmox" {\n  pm_api_url          = "https://pve01:8006/api2/json"\n'
         '  pm_api_token_id     = "terraform@pve!ci"\n  pm_api_token_secret = "@@K"\n}'),
        ("env", "PROXMOX_VE_API_TOKEN='terraform@pve!ci=@@K'"),
    ),
    _fam(
        "chocolatey api key", "A",
        lambda: {"K": _guid()},
        ("apikey", "choco apikey --key @@K --source https://push.chocolatey.org/"),
        ("push", "choco push corp-agent.2.4.1.nupkg --source https://push.chocolatey.org/ "
         "--api-key @@K"),
        ("env", "CHOCO_API_KEY=@@K"),
    ),
    _fam(
        "lark bot webhook", "B",
        lambda: {"U": _guid(), "S": _s(22)},
        ("feishu url", "https://open.feishu.cn/open-apis/bot/v2/hook/@@U"),
        ("larksuite with sign", "LARK_WEBHOOK=https://open.larksuite.com/open-apis/bot/v2/hook/@@U"
         "\nLARK_SIGN_SECRET=@@S\n"),
        ("alertmanager", "receivers:\n  - name: lark\n    webhook_configs:\n"
         "      - url: https://open.feishu.cn/open-apis/bot/v2/hook/@@U\n"),
    ),
    _fam(
        "ifttt webhook key", "A",
        lambda: {"K": _s(22, B64URL)},
        ("url", "https://maker.ifttt.com/trigger/door_open/with/key/@@K"),
        ("curl", "curl -X POST -H 'Content-Type: application/json' -d '{\"value1\":\"42\"}' "
         "https://maker.ifttt.com/trigger/backup_done/json/with/key/@@K"),
        ("yaml", "ifttt:\n  key: @@K\n"),
    ),
    _fam(
        "convex deploy key", "B",
        lambda: {"K": f"prod:{_RNG.choice(['happy', 'brave', 'quiet'])}-"
                 f"{_RNG.choice(['otter', 'lynx', 'heron'])}-{_s(3, string.digits)}|"
                 + _s(80, B64URL)},
        ("env", "CONVEX_DEPLOY_KEY='@@K'"),
        ("vercel build", "CONVEX_DEPLOY_KEY='@@K' npx convex deploy --cmd 'npm run build'"),
        ("chat", "prod deploy key for convex if you need to redeploy: @@K"),
    ),
    _fam(
        "upstash redis token", "A",
        lambda: {"K": "A" + _s(1, "XYZabc") + _s(62, B64URL) + "=",
                 "H": _RNG.choice(["eu1-fancy-gull", "us1-warm-koi"]) + "-" + _s(5, string.digits)},
        ("env", "UPSTASH_REDIS_REST_URL=https://@@H.upstash.io\nUPSTASH_REDIS_REST_TOKEN=@@K\n"),
        ("typescript", "const redis = new Redis({ url: 'https://@@H.upstash.io', token: '@@K' })"),
        ("curl", 'curl https://@@H.upstash.io/get/foo -H "Authorization: Bearer @@K"'),
    ),
    _fam(
        "turso auth token", "B",
        lambda: {"J": _jwt({"alg": "EdDSA", "typ": "JWT"},
                           {"a": "rw", "iat": 1717000000, "id": _guid()}, 64),
                 "D": f"shop-{_s(8, LOWER_ALNUM)}"},
        ("env", "TURSO_DATABASE_URL=libsql://@@D.turso.io\nTURSO_AUTH_TOKEN=@@J\n"),
        ("typescript", "const db = createClient({ url: 'libsql://@@D.turso.io', "
         "authToken: '@@J' });"),
        ("url", "libsql://@@D.turso.io?authToken=@@J"),
    ),
    _fam(
        "checkout.com secret key", "A",
        lambda: {"K": "sk" + "_sbox_" + _s(26, LOWER_ALNUM), "L": "sk" + "_" + _s(26, LOWER_ALNUM)},
        ("env", "CKO_SECRET_KEY=@@K"),
        ("header", "Authorization: Bearer @@L"),
        ("java", 'CheckoutApi api = CheckoutSdk.builder().staticKeys().secretKey("@@L")'
         ".environment(Environment.PRODUCTION).build();"),
    ),
    _fam(
        "app store connect api key", "B",
        lambda: {"K": _p8(), "I": _s(10, UPPER_ALNUM), "U": _guid()},
        ("fastlane json", '{\n  "key_id": "@@I",\n  "issuer_id": "@@U",\n  "key": "@@K",\n'
         '  "in_house": false\n}'),
        ("env", 'APP_STORE_CONNECT_API_KEY_ID=@@I\nAPP_STORE_CONNECT_API_ISSUER_ID=@@U\n'
         'APP_STORE_CONNECT_API_KEY_CONTENT="@@K"\n'),
        ("ruby", 'app_store_connect_api_key(key_id: "@@I", issuer_id: "@@U", '
         'key_content: "@@K")'),
    ),
    _fam(
        "nostr private key", "A",
        lambda: {"K": "n" + "sec1" + _s(58, BECH32), "H": _hex(64)},
        ("env", "NOSTR_NSEC=@@K"),
        ("json", '{"relays": ["wss://relay.damus.io"], "nsec": "@@K"}'),
        ("hex", "NOSTR_PRIVATE_KEY_HEX=@@H"),
    ),
    _fam(
        "strapi api token", "B",
        lambda: {"K": _hex(256)},
        ("env", "STRAPI_API_TOKEN=@@K"),
        ("header", "Authorization: Bearer @@K"),
        ("javascript", "const strapi = new Strapi({ url: process.env.CMS_URL, "
         "token: '@@K' });"),
    ),
    _fam(
        "steam web api key", "A",
        lambda: {"K": _s(32, UPPER_HEX)},
        ("url", "https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/"
         "?key=@@K&steamids=76561197960435530"),
        ("env", "STEAM_API_KEY=@@K"),
        ("python", 'steam = Steam("@@K")'),
    ),
    _fam(
        "smtp2go api key", "B",
        lambda: {"K": "api" + "-" + _s(32, UPPER_HEX)},
        ("json body", '{"api_key": "@@K", "to": ["ops@corp.example"], "sender": '
         '"noreply@corp.example", "subject": "backup done"}'),
        ("header", "X-Smtp2go-Api-Key: @@K"),
        ("env", "SMTP2GO_API_KEY=@@K"),
    ),
)

FAMILIES: tuple[Family, ...] = _GENERIC + _VENDOR


FOURTH_SECRETS: list[tuple[str, str]] = [
    (f"{fam.name}, {setting}", text) for fam in FAMILIES for setting, text in fam.samples
]

KIND_FAMILY: dict[str, str] = {kind: family(kind) for kind, _ in FOURTH_SECRETS}

# A scanner that keeps false positives down could fairly let these through: a bare key passphrase
# on a command line, a VNC password of eight characters, a key of a service that sits beside a
# public id of the same shape (an Agora app certificate is 32 hex like its app id), and a key
# that its vendor ships inside client apps (a Bugsnag notifier key).
UNSURE_FAMILIES: frozenset[str] = frozenset(
    {"key passphrase flag", "vnc password", "agora app certificate", "bugsnag api key"}
)


def _sha256_of(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _sri_of(text: str) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(text.encode()).digest()).decode()


def _h1_of(text: str) -> str:
    return "h1:" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


_COMMITS = [_hex(40) for _ in range(16)]
_IDS = [_guid() for _ in range(16)]
_LAYERS = [_sha256_of(f"layer {n}") for n in range(10)]
_PACKAGES = [
    ("lodash", "4.17.21"), ("react-dom", "18.3.1"), ("typescript", "5.4.5"),
    ("@babel/core", "7.24.5"), ("esbuild", "0.21.4"), ("zod", "3.23.8"),
    ("axios", "1.7.2"), ("vite", "5.2.12"),
]
_WHEELS = [
    ("requests", "2.32.3"), ("urllib3", "2.2.1"), ("pydantic-core", "2.18.4"),
    ("cryptography", "42.0.8"), ("numpy", "1.26.4"), ("click", "8.1.7"),
]
_CRATES = [("serde", "1.0.203"), ("tokio", "1.38.0"), ("regex", "1.10.5"), ("anyhow", "1.0.86")]
_GOMODS = [
    ("golang.org/x/crypto", "v0.24.0"), ("github.com/spf13/cobra", "v1.8.0"),
    ("google.golang.org/grpc", "v1.64.0"), ("github.com/stretchr/testify", "v1.9.0"),
]
_ED_PUB = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(43, B64)
_RSA_PUB = "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _s(530, B64)
_CERT = _pem("CERTIFICATE", bytes.fromhex("308203a530820" "28da003020102") + _bytes(900))
_SPKI = _pem("PUBLIC KEY", bytes.fromhex("3059301306072a8648ce3d020106082a8648ce3d03010703420004")
             + _bytes(64))
_PNG = _std64(bytes.fromhex("89504e470d0a1a0a0000000d49484452") + _bytes(60))
_JWT_IO = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9l"
    "IiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
_AWS_DOC_ID = "AKIA" + "IOSFODNN7EXAMPLE"
_AWS_DOC_SECRET = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
_SUPABASE_ANON = _jwt({"alg": "HS256", "typ": "JWT"},
                      {"iss": "supabase", "ref": _s(20, string.ascii_lowercase),
                       "role": "anon", "iat": 1717000000, "exp": 2032576000}, 32)

DEBATABLE: list[str] = [
    f"# AWS documentation example\naws_access_key_id = {_AWS_DOC_ID}\n"
    f"aws_secret_access_key = {_AWS_DOC_SECRET}",
    f"The example token from jwt.io: {_JWT_IO}",
    "const stripe = Stripe('pk" + "_live_" + _s(99) + "');",
    f"firebaseConfig = {{ apiKey: \"AIza{_s(35, B64URL)}\", "
    "authDomain: \"shop-prod.firebaseapp.com\","
    " projectId: \"shop-prod\" }",
    f"SENTRY_DSN=https://{_hex(32)}@o{_s(6, string.digits)}.ingest.sentry.io/"
    f"{_s(7, string.digits)}",
    "mapboxgl.accessToken = 'pk" + ".eyJ1IjoiY29ycC1tYXBzIiwiYSI6I" + _s(22, B64URL) + "."
    + _s(22, B64URL)
    + "';",
    f"const searchClient = algoliasearch('{_s(10, UPPER_ALNUM)}', '{_hex(32)}');"
    "  // search-only key",
    "<div class=\"g-recaptcha\" data-sitekey=\"6L" + _s(38, B64URL) + "\"></div>",
    "<div class=\"cf-turnstile\" data-sitekey=\"0x4" + "AAAAAA" + _s(14, B64URL) + "\"></div>",
    f"NEXT_PUBLIC_SUPABASE_ANON_KEY={_SUPABASE_ANON}",
    f"analytics.load(\"{_s(32)}\");  // Segment write key, ships in the browser bundle",
    f"NEXT_PUBLIC_PUSHER_KEY={_hex(20)}\nNEXT_PUBLIC_PUSHER_CLUSTER=eu",
    "LANGFUSE_PUBLIC_KEY=pk" + "-lf-" + _guid(),
    f"AGORA_APP_ID={_hex(32)}  # the app id is public, the certificate is not",
    "amqp://guest:guest@localhost:5672/  # RabbitMQ's default local user",
    "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app_test",
    "<Cthon98> hunter2\n<AzureDiamond> doesnt look like stars to me",
    f"tx 0x{_hex(64)} confirmed in block 19876543",
    "    password_hash: \"$2b$12$" + _s(53, ALNUM + "./")
    + "\"  # fixture user, password is 'test'",
    f"clientSecret: 'pi_{_s(24)}_secret_{_s(25)}'  // PaymentIntent client secret for Elements",
    "sops:\n  kms: []\n  age:\n    - recipient: age1" + _s(58, BECH32) + "\n"
    f"password: ENC[AES256_GCM,data:{_std64(18)},iv:{_std64(32)},tag:{_std64(16)},type:str]",
    "admin / admin is the default login of the Grafana container; change it on first login",
]

FOURTH_ORDINARY: list[str] = [
    *DEBATABLE,
    # Commit ids and what git prints around them.
    f"commit {_COMMITS[0]}\nAuthor: Ada Lovelace <ada@example.org>\n"
    "Date:   Mon Mar 2 10:14:07 2026",
    f"Reverts {_COMMITS[1][:12]} which broke the arm64 build.",
    f"pick {_COMMITS[2][:7]} Add retry to the uploader\npick {_COMMITS[3][:7]} Fix typo",
    f"Change-Id: I{_COMMITS[4]}",
    f"{_COMMITS[5]} refs/heads/main\n{_COMMITS[6]} refs/tags/v2.4.1",
    f"Merge: {_COMMITS[7][:7]} {_COMMITS[8][:7]}",
    f"{_COMMITS[9][:8]} (Ada Lovelace 2026-03-02 10:14:07 +0000 42)     return total",
    f"git bisect bad {_COMMITS[10]}",
    f"uses: actions/checkout@{_COMMITS[11]} # v4.1.7",
    f"https://github.com/corp/shop/commit/{_COMMITS[12]}",
    f"Submodule path 'vendor/libfoo': checked out '{_COMMITS[13]}'",
    f"index {_COMMITS[14][:7]}..{_COMMITS[15][:7]} 100644",
    f"gpg: using RSA key {_s(40, UPPER_HEX)}\ngpg: Good signature from \"Release Bot\"",
    f"Primary key fingerprint: {' '.join(_s(4, UPPER_HEX) for _ in range(10))}",
    # UUIDs, request and trace ids.
    f"x-request-id: {_IDS[0]}",
    f"metadata:\n  uid: {_IDS[1]}\n  resourceVersion: \"884213\"",
    f"AZURE_TENANT_ID={_IDS[2]}\nAZURE_CLIENT_ID={_IDS[3]}\nAZURE_SUBSCRIPTION_ID={_IDS[4]}",
    f"x-amzn-RequestId: {_IDS[5]}",
    f"X-Amz-Cf-Id: {_s(54, B64URL)}==",
    f"X-Amzn-Trace-Id: Root=1-{_hex(8)}-{_hex(24)}",
    f"traceparent: 00-{_hex(32)}-{_hex(16)}-01",
    f"cf-ray: {_hex(16)}-FRA",
    f"Request-Id: req_{_s(14)}",
    f"ERROR [{_IDS[6]}] payment declined for order 88123",
    f"Sentry event {_hex(32)} captured",
    f"ETag: W/\"{_hex(32)}\"",
    f"<PackageReference Include=\"Corp.Auth\" Version=\"3.1.0\" />\n"
    f"<ProjectGuid>{{{_IDS[7].upper()}}}"
    "</ProjectGuid>",
    f"Project(\"{{{_IDS[8].upper()}}}\") = \"Shop.Api\", \"Shop.Api\\Shop.Api.csproj\"",
    f"\"correlationId\": \"{_IDS[9]}\", \"status\": 409",
    f"session {_IDS[10]} closed after 30m idle",
    f"googleusercontent client id: {_s(12, string.digits)}-{_s(32, LOWER_ALNUM)}"
    ".apps.googleusercontent.com",
    f"OneSignal.init({{ appId: \"{_IDS[11]}\" }});",
    f"hcaptcha sitekey: {_IDS[12]}",
    f"healthcheck ping: https://hc-ping.com/{_IDS[13]}/start is the job's public check id",
    # Lockfiles and release checksums.
    *[f'"node_modules/{name}": {{\n  "version": "{ver}",\n  "resolved": '
      f'"https://registry.npmjs.org/{name}/-/{name.split("/")[-1]}-{ver}.tgz",\n'
      f'  "integrity": "{_sri_of(name + ver)}"\n}}' for name, ver in _PACKAGES[:4]],
    *[f'{name}@^{ver}:\n  version "{ver}"\n  resolved "https://registry.yarnpkg.com/{name}/-/'
      f'{name.split("/")[-1]}-{ver}.tgz#{hashlib.sha1((name + ver).encode()).hexdigest()}"\n'
      f'  integrity {_sri_of(name)}' for name, ver in _PACKAGES[4:]],
    *[f"{name}=={ver} \\\n    --hash=sha256:{_sha256_of(name)} \\\n"
      f"    --hash=sha256:{_sha256_of(name + ver)}" for name, ver in _WHEELS[:3]],
    *[f'{{file = "{name.replace("-", "_")}-{ver}-py3-none-any.whl", '
      f'hash = "sha256:{_sha256_of(ver + name)}"}},' for name, ver in _WHEELS[3:]],
    *[f'[[package]]\nname = "{name}"\nversion = "{ver}"\n'
      f'source = "registry+https://github.com/rust-lang/crates.io-index"\n'
      f'checksum = "{_sha256_of(name + "crate")}"' for name, ver in _CRATES],
    *[f"{mod} {ver} {_h1_of(mod + ver)}\n{mod} {ver}/go.mod {_h1_of(mod)}"
      for mod, ver in _GOMODS],
    f"  resolution: {{integrity: {_sri_of('pnpm')}}}",
    f'"narHash": "sha256-{_std64(32)}",\n"rev": "{_hex(40)}",',
    f'provider "registry.terraform.io/hashicorp/aws" {{\n  version = "5.54.1"\n  hashes = [\n'
    f'    "{_h1_of("aws")}",\n    "zh:{_sha256_of("aws-zip")}",\n  ]\n}}',
    f"SHA256 ({'shop-cli-2.4.1-linux-amd64.tar.gz'}) = {_sha256_of('shop-cli')}",
    f"{_sha256_of('release')}  gitledger-1.4.0.tar.gz\n{_sha256_of('wheel')}  "
    "gitledger-1.4.0-py3-none-any.whl",
    f"md5sum: {hashlib.md5(b'iso').hexdigest()}  ubuntu-24.04-live-server-amd64.iso",
    f"  \"shasum\": \"{hashlib.sha1(b'tarball').hexdigest()}\",",
    f"PODFILE CHECKSUM: {hashlib.sha1(b'Podfile').hexdigest()}",
    f"    \"reference\": \"{_hex(40)}\",\n    \"shasum\": \"\"",
    f"  sha256: \"{_sha256_of('pub')}\"\n  url: \"https://pub.dev\"",
    f"oid sha256:{_sha256_of('lfs')}\nsize 48213",
    f'<component group="com.google.guava" name="guava" version="33.2.1-jre">\n'
    f'  <artifact name="guava-33.2.1-jre.jar">\n    <sha256 value="{_sha256_of("guava")}"/>',
    # Image digests.
    f"image: nginx@sha256:{_LAYERS[0]}",
    f"Digest: sha256:{_LAYERS[1]}\nStatus: Downloaded newer image for postgres:16",
    f"imageID: docker-pullable://redis@sha256:{_LAYERS[2]}",
    f'{{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", '
    f'"digest": "sha256:{_LAYERS[3]}", "size": 29124181}}',
    f"#5 sha256:{_LAYERS[4]} 29.12MB / 29.12MB 2.1s done",
    f"digest: sha256:{_LAYERS[5]}\ngenerated: \"2026-03-02T10:14:07Z\"",
    f"FROM python:3.12-slim@sha256:{_LAYERS[6]}",
    f"cosign verify ghcr.io/corp/api@sha256:{_LAYERS[7]}",
    # Public keys, certificates, encrypted material.
    f"ssh-ed25519 {_ED_PUB} ada@laptop",
    f"ssh-rsa {_RSA_PUB} deploy@ci",
    f"web01.corp.example ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB"
    f"{_s(86, B64)}=",
    f"ED25519 key fingerprint is SHA256:{_s(43, B64)}.",
    _CERT,
    _SPKI,
    f"ca.crt: {_std64(_CERT.encode())}",
    f'{{"keys":[{{"kty":"RSA","kid":"{_IDS[14]}","use":"sig","alg":"RS256","n":"{_url64(256)}",'
    '"e":"AQAB"}]}',
    f'{{"kty":"EC","crv":"P-256","x":"{_url64(32)}","y":"{_url64(32)}","use":"sig"}}',
    f"[Peer]\nPublicKey = {_std64(32)}\nAllowedIPs = 10.8.0.2/32\n"
    "Endpoint = vpn.corp.example:51820",
    "age recipient: age1" + _s(58, BECH32),
    f"untrusted comment: minisign public key {_s(16, UPPER_HEX)}\nRWQ{_s(53, B64)}",
    "npub1" + _s(58, BECH32),
    f"$ANSIBLE_VAULT;1.1;AES256\n{_hex(80)}\n{_hex(80)}\n{_hex(64)}",
    f"spec:\n  encryptedData:\n    password: AgB{_s(600, B64)}==",
    f"{_ARMOUR}BEGIN AGE ENCRYPTED FILE{_ARMOUR}\n{_std64(150)}\n{_ARMOUR}END AGE ENCRYPTED FILE"
    f"{_ARMOUR}",
    f"{_ARMOUR}BEGIN PGP SIGNATURE{_ARMOUR}\n\niQIzBAABCAAdFiEE{_s(60, B64)}\n{_s(64, B64)}\n"
    f"={_s(4, B64)}\n{_ARMOUR}END PGP SIGNATURE{_ARMOUR}",
    f"Certificate fingerprint (SHA-256): {':'.join(_s(2, UPPER_HEX) for _ in range(32))}",
    f"SHA1: {':'.join(_s(2, UPPER_HEX) for _ in range(20))}"
    "  # Android debug keystore, for Firebase",
    f"-----BEGIN CERTIFICATE REQUEST-----\nMIICvDCCAaQCAQAwdzELMAkGA1UEBhMCVVMx{_s(60, B64)}\n"
    "-----END CERTIFICATE REQUEST-----",
    # Placeholders in docs, examples and templates.
    "export OPENAI_API_KEY=YOUR_API_KEY",
    "API_KEY=<your-api-key>",
    "DB_PASSWORD=${DB_PASSWORD}",
    "password: ${{ secrets.DB_PASSWORD }}",
    "POSTGRES_PASSWORD: changeme",
    "Authorization: Bearer <token>",
    "Authorization: Bearer $TOKEN",
    "curl -u \"$NEXUS_USER:$NEXUS_PASSWORD\" https://nexus.corp.example/service/rest/v1/status",
    "mysql -u root -p   # prompts for the password",
    "sshpass -e ssh deploy@web01   # reads SSHPASS from the environment",
    "ipmitool -I lanplus -H $BMC -U ADMIN -E chassis status   # -E reads IPMI_PASSWORD",
    "password = getpass.getpass('Vault password: ')",
    "DATABASES['default']['PASSWORD'] = os.environ['DB_PASSWORD']",
    "spring.datasource.password=${DB_PASSWORD:}",
    "'password' => env('DB_PASSWORD'),",
    "ansible_become_password: \"{{ vault_become_password }}\"",
    "password = var.db_password",
    "administrator_login_password = random_password.sql.result",
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
    "password: {{ .Values.postgresql.auth.password | quote }}",
    "      - name: DB_PASSWORD\n        valueFrom:\n          secretKeyRef:\n"
    "            name: api-db\n            key: password",
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
    "POSTGRES_PASSWORD_FILE=/run/secrets/db_password",
    "password=REPLACE_ME",
    "api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "token: '********'",
    "password: [REDACTED]",
    "client_secret=<client-secret>",
    "SECRET_KEY_BASE=$(mix phx.gen.secret)",
    "APP_SECRET=%env(APP_SECRET)%",
    "NEO4J_AUTH=neo4j/${NEO4J_PASSWORD}",
    "MINIO_ROOT_PASSWORD=minioadmin  # the image's documented default, override it",
    "rootpw --iscrypted $6$rounds=4096$saltsalt$ (paste the output of openssl passwd -6 here)",
    "<AdministratorPassword><Value></Value><PlainText>true</PlainText></AdministratorPassword>",
    "export GOVC_PASSWORD=\"$(pass show vcenter/packer)\"",
    "token = os.getenv(\"NGC_API_KEY\")",
    "const key = process.env.RECAPTCHA_SECRET_KEY ?? ''",
    "System.getenv(\"CKO_SECRET_KEY\")",
    "ENV.fetch('PUSHER_APP_SECRET')",
    "Set the `INFLUX_TOKEN` environment variable to an all-access token before running.",
    "kubectl create secret generic api-db --from-literal=password=\"$DB_PASSWORD\"",
    "echo \"$KEYSTORE_BASE64\" | base64 -d > release.jks",
    "with:\n  projectToken: ${{ secrets.CHROMATIC_PROJECT_TOKEN }}",
    "ssh-keygen -t ed25519 -N '' -f ./ci_key   # empty passphrase for the throwaway CI key",
    "net use Z: \\\\fs01\\finance /user:CORP\\svc_backup *",
    "# Password: the one from the team vault (entry 'grafana admin')",
    # References to a secret store.
    "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db/password-a1B2c3",
    "{{resolve:ssm-secure:/prod/db/password:3}}",
    "@Microsoft.KeyVault(SecretUri=https://corp-kv.vault.azure.net/secrets/DbPassword/)",
    "op://Engineering/Postgres prod/password",
    "vault kv get -field=password secret/data/prod/postgres",
    "password: vault:secret/data/prod/postgres#password",
    "projects/shop-prod/secrets/db-password/versions/latest",
    "ref+awsssm://prod/app/api_token",
    "DB_PASSWORD=sm://prod-db-password",
    "passwordFrom:\n  secretKeyRef: {name: rabbitmq, key: rabbitmq-password}",
    "existingSecret: postgresql-credentials\nsecretKeys:\n  adminPasswordKey: postgres-password",
    # Cloud ids and ARNs.
    "arn:aws:iam::123456789012:role/github-actions-deploy",
    f"arn:aws:kms:eu-west-1:123456789012:key/{_IDS[15]}",
    "arn:aws:s3:::corp-artifacts/releases/*",
    f"/subscriptions/{_IDS[4]}/resourceGroups/rg-shop/providers/Microsoft.Web/sites/shop-api",
    "projects/123456789012/locations/europe-west1/services/api",
    "AWS account 123456789012, region eu-west-1, VPC vpc-0a1b2c3d4e5f67890",
    f"i-{_hex(17)} running t3.large",
    f"sg-{_hex(17)} allows 443 from 0.0.0.0/0",
    "G-" + _s(10, UPPER_ALNUM) + " is the GA4 measurement id",
    # Test vectors and labelled examples.
    "RFC 4231 test case 1: Key = 0x0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b, Data = \"Hi There\"",
    "AES-128 FIPS-197 test vector: key 000102030405060708090a0b0c0d0e0f, "
    "plaintext 00112233445566778899aabbccddeeff",
    "sha256(\"\") = e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "md5(\"hello\") = 5d41402abc4b2a76b9719d911017c592",
    "# argon2 docs example\n"
    "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG",
    "Ed25519 RFC 8032 TEST 1 PUBLIC KEY: "
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    "BIP-39 test mnemonic from the spec: abandon abandon abandon abandon abandon abandon "
    "abandon abandon abandon abandon abandon about",
    "TOTP RFC 6238 test seed (ASCII): 12345678901234567890",
    # Base64 of ordinary data.
    f"<img src=\"data:image/png;base64,{_PNG}\" alt=\"logo\">",
    f"binaryData:\n  favicon.ico: {_std64(120)}",
    "config.json: eyJ0aGVtZSI6ImRhcmsiLCJsb2NhbGUiOiJlbi1HQiIsImJldGEiOmZhbHNlfQ==",
    f"@font-face {{ src: url(data:font/woff2;base64,d09GMgABAAAAA{_s(240, B64)}=) "
    "format('woff2'); }",
    "  username: YWRtaW4=\n  host: cG9zdGdyZXMuZGVmYXVsdC5zdmMuY2x1c3Rlci5sb2NhbA==",
    f"Content-Transfer-Encoding: base64\n\n{_std64(54)}\n{_std64(54)}",
    "echo aGVsbG8gd29ybGQK | base64 -d",
    # Minified code, source maps, styles.
    "!function(e,t){\"object\"==typeof exports?module.exports=t():e.Shop=t()}(this,function(){"
    "var e=n(7294),t=n(5893),r=Object.assign||function(e){for(var t=1;t<arguments.length;t++)"
    "{var n=arguments[t];for(var r in n)Object.prototype.hasOwnProperty.call(n,r)&&(e[r]=n[r])}"
    "return e};return r});",
    f'{{"version":3,"file":"main.js","mappings":"AAAA,SAASA,{_s(120, B64)},CAAC","names":[]}}',
    f"<script src=\"/static/js/main.{_hex(8)}.js\" integrity=\"{_sri_of('main.js')}\" "
    "crossorigin=\"anonymous\"></script>",
    f"/assets/index-{_s(8, B64URL)}.css",
    ".btn-primary { color: #1e90ff; background: #0b1f3a; border-color: #ffcc00aa; }",
    f"._3xK9a_{_s(5, LOWER_ALNUM)} {{ display: flex }}",
    "--color-brand-600: #4f46e5; --shadow: 0 1px 2px rgb(0 0 0 / 5%);",
    f"https://cdn.corp.example/media/{_hex(2)}/{_hex(2)}/{_hex(32)}.webp",
    f"https://www.gravatar.com/avatar/{hashlib.md5(b'ada@example.org').hexdigest()}?s=80",
    f"https://files.pythonhosted.org/packages/{_hex(2)}/{_hex(2)}/{_hex(60)}/click-8.1.7.tar.gz",
    "https://objects.githubusercontent.com/github-production-release-asset-2e65be/"
    f"{_s(9, string.digits)}"
    f"/{_IDS[0]}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20260302T101407Z&X-Amz-Expires=300"
    f"&X-Amz-SignedHeaders=host&actor_id=0&key_id=0&repo_id={_s(9, string.digits)}",
    "/nix/store/" + _s(32, "0123456789abcdfghijklmnpqrsvwxyz") + "-python3-3.12.3",
    "ipfs://bafybeig" + _s(51, "abcdefghijklmnopqrstuvwxyz234567"),
    "Qm" + _s(44, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") + " pinned",
    f"0x{_hex(40)} is the contract address on mainnet",
    "bc1q" + _s(38, BECH32) + " (donations)",
    # Long identifiers, versions and ordinary text.
    "org.springframework.boot.autoconfigure.jdbc.DataSourceTransactionManagerAutoConfiguration",
    "AbstractSingletonProxyFactoryBeanDefinitionRegistryPostProcessorAdapter",
    "test_password_reset_token_expires_after_configured_timeout_and_cannot_be_reused",
    "PASSWORD_RESET_TIMEOUT = 259200  # three days, in seconds",
    "MIN_PASSWORD_LENGTH = 12",
    "token_type: Bearer\nexpires_in: 3600",
    "Passwords must be at least 12 characters and include a digit and a symbol.",
    "The password field is now masked in the debug page: 'PASSWORD': '********************'",
    "We rotated the staging database password on Monday; ask in #ops for the new one.",
    "If the token leaks, revoke it from Settings → Developer → Tokens.",
    "version: 2.4.1-rc.3+build.20260302.a1b2c3d",
    "python_requires = >=3.11, <4",
    f"Build {_s(8, string.digits)} finished in 4m 12s",
    f"##[group]Run actions/cache@v4\nkey: Linux-pip-{_sha256_of('reqs')}",
    f"cache key: node-modules-{_hex(64)}",
    f"Restored cache from key: gradle-{_hex(40)}",
    f"uploaded artifact 'dist' ({_s(7, string.digits)} bytes), id {_s(10, string.digits)}",
    f"X-GitHub-Delivery: {_IDS[1]}\nX-GitHub-Event: push",
    f"X-Hub-Signature-256: sha256={_hex(64)}",
    "X-Hub-Signature-256 is an HMAC of the body; compare it with hmac.compare_digest",
    f"Stripe-Signature: t=1717000000,v1={_hex(64)}",
    f"signature={_std64(32)}&timestamp=1717000000",
    f"build {_IDS[2]} queued on the visual-review service",
    f"SourceVersion: {_hex(40)}\nBuildNumber: 1187",
    f"nonce={_hex(16)}&state={_url64(16)}",
    f"csrfmiddlewaretoken={_s(64)}  (from the form we are rendering in the test)",
    f"/oauth/authorize?client_id={_s(20)}&response_type=code&redirect_uri=https%3A%2F%2Fshop.example"
    "%2Fcallback&code_challenge_method=S256",
    f"code_challenge={_url64(32)}",
    f"kid: {_url64(32)}",
    f"sessionStorage key: oidc.user:https://login.corp.example:{_s(20)}",
    "grafana/grafana:11.0.0@sha256:" + _LAYERS[8],
    "ghcr.io/corp/worker:sha-" + _COMMITS[0][:7],
    f"helm.sh/chart: api-1.8.2\napp.kubernetes.io/version: {_COMMITS[1][:12]}",
    f"checksum/config: {_LAYERS[9]}",
    f"[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/slf4j/slf4j-api/"
    f"2.0.13/slf4j-api-2.0.13.jar.sha1 ({hashlib.sha1(b'slf4j').hexdigest()})",
    "curl -H 'Authorization: Bearer ${{ steps.auth.outputs.token }}' https://api.corp.example",
    "docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin <<< \"$GITHUB_TOKEN\"",
    "mongosh \"$MONGO_URI\" --quiet --eval 'db.runCommand({ping: 1})'",
    "PGPASSFILE=$HOME/.pgpass psql -h db01 -U app",
    "redis-cli --askpass -h cache01",
    "host=db.internal port=5432 dbname=orders user=orders sslmode=require",
    "Server=tcp:sql-prod.internal,1433;Database=Orders;Authentication=Active Directory Default;",
    "mongodb://db01:27017,db02:27017/app?replicaSet=rs0",
    "redis://cache01.internal:6379/0",
    "jdbc:postgresql://db.internal:5432/app?ssl=true&sslmode=verify-full",
    "https://open.feishu.cn/open-apis/bot/v2/hook/<your-webhook-token>",
    "https://maker.ifttt.com/trigger/{event}/with/key/{your_key}",
    "RGAPI-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    "nvapi-..., the key from build.nvidia.com, goes in NGC_API_KEY",
    "Porkbun keys look like pk1_… and sk1_…; keep the secret one out of the repo.",
    "cpassword=\"\"  # GPP passwords were removed in MS14-025",
    "<machineKey validationKey=\"AutoGenerate,IsolateApps\" decryptionKey=\"AutoGenerate,"
    "IsolateApps\" />",
    "secret_key_base: System.fetch_env!(\"SECRET_KEY_BASE\")",
    "INTERNAL_TOKEN_URI = file:/etc/gitea/internal_token",
]


def families() -> list[str]:
    """Every family name, in the order of ``FAMILIES``."""
    return [fam.name for fam in FAMILIES]


def halves() -> tuple[list[str], list[str]]:
    """The kinds of half A and of half B, split by family as each family's ``half`` says."""
    return split_by_family(FAMILIES, FOURTH_SECRETS)


def _earlier_families() -> set[str]:
    """The family names of the three earlier corpora (names only; their samples stay unread)."""
    from tests.core import credential_corpus, credential_corpus_fresh

    names = {family(kind) for kind, _ in credential_corpus.SECRETS}
    names |= {family(kind) for kind, _ in credential_corpus_fresh.FRESH_SECRETS}
    names |= set(third_families())
    return names


def _self_check() -> None:
    """The corpus's own invariants; a broken edit fails at import, not in a measurement."""
    names = families()
    assert len(names) == len(set(names)) >= 80, "family names are unique, at least 80"
    assert all(fam.half in {"A", "B"} for fam in FAMILIES)
    assert all(len(fam.samples) >= 3 for fam in FAMILIES), "three samples per family at least"
    kinds = [kind for kind, _ in FOURTH_SECRETS]
    assert len(kinds) == len(set(kinds)), "a setting appears once in its family"
    assert not [text for _, text in FOURTH_SECRETS if "@@" in text], "every template filled"
    assert set(names) >= UNSURE_FAMILIES
    assert len(FOURTH_ORDINARY) >= 200
    assert len(FOURTH_ORDINARY) == len(set(FOURTH_ORDINARY)), "no negative twice"
    assert all(entry in FOURTH_ORDINARY for entry in DEBATABLE)
    secrets = {text for _, text in FOURTH_SECRETS}
    assert not secrets & set(FOURTH_ORDINARY), "no text is both a secret and ordinary"
    half_a, half_b = halves()
    assert half_a
    assert half_b
    assert not set(half_a) & set(half_b)
    lowered = {name.lower() for name in _earlier_families()}
    assert not [name for name in names if name.lower() in lowered], "families are new"


_self_check()
