"""Ordinary text of public repositories that the scanner refused: code, ids, format
strings and a tool's report, each the shape of many lines like it, not a secret.

The lines are copied from public repositories (requests, oauthlib, pyjwt, compose, the
Kubernetes examples, ansible-examples) or are the same shapes; beside each kind, a secret
in the same place that must still be refused.
"""

from __future__ import annotations

import pytest

from gitledger.core.credentials import find_credential

ORDINARY = (
    # a keyword argument whose value is code, closed by its call or definition
    "key = load_pem_private_key(key, password=None)",
    "def create_token_response(self, request, refresh_token=False):",
    "client = Client(client_id, client_secret=self.client_secret)",
    "token = self.validator.save(access_token=request.resource_owner_key):",
    "def validate(self, realms=None, credentials=None):",
    # Go: a short variable declaration, a composite literal, a bit test
    "for _, secret := range project.Secrets {",
    "secret := types.SecretConfig{",
    "if e.Op&fsnotify.Create != fsnotify.Create {",
    "if capEff&capSysAdmin != capSysAdmin {",
    # a literal dict, whose pairs are assignments of their own
    "credentials = {'user': request.user, 'client_ip': '1.2.3.4'}",
    # format strings and URL-encoded prose given to a call
    'write(fmt.Sprintf("step-%02d-%s.txt", i+1, step.name))',
    'self.assertEqual(unescape("I%20am%20a%20unicode%20type."), "I am a unicode type.")',
    # a Nagios check with its arguments
    "check_command check_local_users!20!50",
    # security advisories' ids
    "Fixed in GHSA-9wx4-h78v-vm56 and GHSA-j8r2-6x86-q33q.",
    # kubectl's report on a named resource, and a heading
    'secret "nginxsecret" created',
    "* Community Maintenance: SIG Apps",
    # a word after "community" that a comma or a stop closes: a product's edition in prose
    "We moved the wiki to the Community Edition, then restarted the workers.",
    "Questions go to the community Maintainers; they answer within a day.",
    # type names and image references the thresholds took for generated
    "def prepare_key(self, key: Ed25519PrivateKey | Ed448PrivateKey):",
    "if isinstance(key, (Ed25519PrivateKey, Ed448PrivateKey)):",
    "\tBASEIMAGE=arm64v8/php:5-apache",
    # fakes typed in order, and jwt.io's sample token (prefixes split, as in the corpora)
    "GITHUB_TOKEN=" + "ghp" + "_1234567890abcdefghijklmnopqrstuvwxyz",
    'AWS_SECRET_ACCESS_KEY=aws"12345+67890/abcdefghijklm+NOPQRSTUVWXYZ+"',
    "ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9l"
    "IiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "the sample token ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkw"
    "IiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    # an empty key and the next line's key; a dependency named like a secret
    "ec2_access_key:\nec2_secret_key:\nregion: us-east-1",
    '"registry-auth-token": "^4.0.0",',
    "APP_ENV=local\nAPP_KEY=\nAPP_DEBUG=true",
    # constants and negated references of code, a style sheet's vendor prefix
    "engine = create(user=\"postgres\", password=PGPASSWORD)",
    "conn = connect(secret=ALLOYDB_SECRET_NAME, secret_version=1)",
    "manage_master_user_password = !local.is_replica && var.manage_password",
    ".bot {\n  -webkit-mask:linear-gradient(-60deg,#000 30%, #0005, #000 70%);\n}",
    # a container's environment: a name that is no secret, a value from a Secret
    "env:\n  - name: DB_HOST\n    value: \"db.internal\"\n  - name: LOG_LEVEL\n    value: debug",
    "env:\n  - name: GOOGLE_API_KEY\n    value: GOOGLE_API_KEY_VAL",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n"
    "        key: password",
    # credentials given as a pair, but references or a fake
    "requests.get(url, auth=(user, password))",
    "auth = HTTPBasicAuth('fake@example.com', 'not_a_real_password')",
    'oauth("client", "scope-read")',
    # a key its line calls public, and a Sentry DSN (public by design)
    "MAPS_KEY=Q7vX2mPz9KwL4tRb8NcYa1B2c3D4  # public: shipped to the browser",
    "Sentry.init({ dsn: 'https://0f3b9c1d2e4a5b6c7d8e9f0a1b2c3d4e@o4504.ingest.sentry.io/45' })",
)

SECRETS = (
    "connect(host, password=Xk9mP2qLw7vR)",
    "client = Client(client_id, client_secret='Q7vX2mPz9KwL4tRb8NcY')",
    "secret := \"k8Zq2LmX9vPw4RtN7bYc\"",
    'cfg = {"password": "Xk9#mP2qLw7!"}',
    "snmp-server community Xk9mP2qLw7 RO",
    "set the SNMP community Pl4ntR00m, then reload the agent",
    'password "Xk9mP2qLw7" created',
    "sdk_key: aB3dE5gH7jK9mN1pQ3xY",
    "oauth:e7kd67ljjo6wwb8oji2k03g22z176f",
    "GITHUB_TOKEN=" + "ghp" + "_Q7vX2mPz9KwL4tRb8NcYa1B2c3D4e5F6g7H8",
    "MAPS_KEY=Q7vX2mPz9KwL4tRb8NcYa1B2c3D4  # not public, keep it out of the browser",
    "ec2_secret_key:\n  Xk9mP2qLw7vR4tNb8cYa1B2c3D4e5F6g7H8jK9\nregion: us-east-1",
    '"registry-auth-token": "Xk9mP2qLw7vR4tNb8cYa",',
    "APP_ENV=local\nAPP_KEY=base64:Q7vX2mPz9KwL4tRb8NcYa1B2c3D4e5F6g7H8jK9mN0o=",
    "DB_PASSWORD=XK9MP2QLW7VR4TNB",
    'requests.get(url, auth=("admin", "Py7honPw2024"))',
    'es = Elasticsearch(hosts, http_auth=("elastic", "El4sticPw9"))',
    "creds admin:Adm1nPw2024",
    "env:\n  - name: DB_PASSWORD\n    value: \"Kub3Pa55w0rd\"",
    '"environment": [{"name": "API_TOKEN", "value": "q7vX2mPz9KwL4tRb8NcYa1B2"}]',
    "mysql -u root -pXk9mP2qLw7 shop",
    "https://0f3b9c1d2e4a5b6c7d8e9f0a1b2c3d4e:Q7vX2mPz9KwL4tRb@sentry.example.org/1",
)


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_of_public_repositories_passes(text: str) -> None:
    assert find_credential(text) is None


@pytest.mark.parametrize("text", SECRETS)
def test_a_secret_in_the_same_place_is_refused(text: str) -> None:
    assert find_credential(text) is not None
