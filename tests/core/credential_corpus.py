"""The credentials corpus: what the scanner must refuse, and what it must let through.

``SECRETS`` holds one sample or more of each credential kind an agent is likely to paste
into a ledger: forges, clouds, payment, chat, CI, package registries, AI providers, ``.env``
lines and command lines, in the sentences they turn up in.  ``ORDINARY`` holds engineering
text that talks about tokens, keys and passwords without holding one.  The figures in
docs/reliability.md ("Credentials") are measured on these two lists
(benchmarks/credentials.py), and tests/core/test_credential_corpus.py holds the scanner
to them.

Every value is generated here from a seeded generator with the right length and alphabet
for its kind, so no real secret, and no literal that a push-protection scanner would stop,
sits in this file; the prefixes are split for the same reason.
"""

from __future__ import annotations

import base64
import random
import string

_RNG = random.Random(19)

ALNUM = string.ascii_letters + string.digits
LOWER_ALNUM = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
UPPER_DIGITS = string.ascii_uppercase + string.digits
LOWER = string.ascii_lowercase


def r(length: int, alphabet: str = ALNUM) -> str:
    """``length`` random characters of ``alphabet`` (seeded: the corpus never changes)."""
    return "".join(_RNG.choice(alphabet) for _ in range(length))


def b64(raw_length: int) -> str:
    """Standard base64 of ``raw_length`` random bytes, padding included."""
    return base64.b64encode(bytes(_RNG.randrange(256) for _ in range(raw_length))).decode()


def uuid() -> str:
    return f"{r(8, HEX)}-{r(4, HEX)}-4{r(3, HEX)}-a{r(3, HEX)}-{r(12, HEX)}"


def _pem_body(der_prefix: bytes, size: int) -> str:
    raw = der_prefix + bytes(_RNG.randrange(256) for _ in range(size))
    text = base64.b64encode(raw).decode()
    return "\n".join(text[i:i + 64] for i in range(0, len(text), 64))


# DER openings of private keys (the SEQUENCE and version INTEGER every key starts with).
_RSA_PKCS1 = bytes.fromhex("308204a40201000282010100")
_PKCS8 = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500")
_EC_SEC1 = bytes.fromhex("30770201010420")

_BEGIN = "-----BEGIN "
_PK = "PRIVATE KEY-----"


def _discord() -> str:
    user = str(_RNG.randrange(10**17, 10**18))
    first = base64.b64encode(user.encode()).decode().rstrip("=")
    return f"{first}.{r(6, B64URL)}.{r(38, B64URL)}"


def _aws_secret() -> str:
    return r(40, B64)


def _kube_key() -> str:
    pem = f"{_BEGIN}RSA {_PK}\n{_pem_body(_RSA_PKCS1, 90)}\n-----END RSA {_PK}\n"
    return base64.b64encode(pem.encode()).decode()


def _sas() -> str:
    sig = b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return ("sv=2022-11-02&ss=b&srt=co&sp=rl&se=2026-12-31T00:00:00Z&st=2026-01-01T00:00:00Z"
            f"&spr=https&sig={sig}")


def _session_token() -> str:
    return "IQoJb3JpZ2lu" + "X2VjE" + r(300, B64) + "=="


#: (kind, text): each must be refused.
SECRETS: list[tuple[str, str]] = [
    # -- forges ---------------------------------------------------------------------------
    ("github classic token", "pushed with gh" + "p_" + r(36) + " from the laptop"),
    ("github oauth token", "GH_TOKEN=gh" + "o_" + r(36)),
    ("github user-to-server token", "the app returned gh" + "u_" + r(36)),
    ("github installation token", "git clone https://x-access-token:gh" + "s_" + r(36)
     + "@github.com/org/repo.git"),
    ("github refresh token", "refresh with gh" + "r_" + r(76)),
    ("github fine-grained token", "github" + "_pat_" + r(22) + "_" + r(59)),
    ("gitlab personal token", "export GITLAB_TOKEN=gl" + "pat-" + r(20, B64URL)),
    ("gitlab pipeline trigger", "curl -X POST -F token=gl" + "ptt-" + r(40, HEX)
     + " https://gitlab.example.com/api/v4/projects/12/trigger/pipeline"),
    ("gitlab runner token", "gitlab-runner register --token gl" + "rt-" + r(20, B64URL)),
    ("gitlab deploy token", "deploy token gl" + "dt-" + r(20, B64URL)),
    ("bitbucket app password", "BITBUCKET_APP_PASSWORD=AT" + "BB" + r(32)),
    ("gitea token", "GITEA_TOKEN=" + r(40, HEX)),
    ("forge token header", "git -c http.extraHeader='Authorization: token " + r(40, HEX)
     + "' fetch"),
    # -- clouds -----------------------------------------------------------------------------
    ("aws access key id",
     "aws configure set aws_access_key_id AK" + "IA" + r(16, UPPER_DIGITS)),
    ("aws temporary key id", "AS" + "IA" + r(16, UPPER_DIGITS)
     + " expires in an hour"),
    ("aws secret key, bare", _aws_secret()),
    ("aws secret key, in prose", "the new IAM user's secret is " + _aws_secret()
     + ", stored nowhere else"),
    ("aws secret key, credentials file", "aws_secret_access_key = " + _aws_secret()),
    ("aws secret key, env", "AWS_SECRET_ACCESS_KEY=" + _aws_secret()),
    ("aws session token, env", "export AWS_SESSION_TOKEN=" + _session_token()),
    ("aws session token, bare", _session_token()),
    ("aws session token, json", '{"Credentials": {"SessionToken": "' + _session_token()
     + '"}}'),
    ("gcp service account", '{"type": "service_account", "project_id": "acme-prod", '
     '"private_key": "' + _BEGIN + _PK + "\\n" + _pem_body(_PKCS8, 60).replace("\n", "\\n")
     + '"}'),
    ("google api key", "GOOGLE_MAPS_KEY AI" + "za" + r(35, B64URL)),
    ("google oauth client secret", "client secret GO" + "CSPX-" + r(28, B64URL)),
    ("google oauth access token", "the access token is ya" + "29." + r(120, B64URL)),
    ("google refresh token", "refresh_token 1//" + "0g" + r(90, B64URL)),
    ("azure storage account key", "DefaultEndpointsProtocol=https;AccountName=acmeprod;"
     "AccountKey=" + b64(64) + ";EndpointSuffix=core.windows.net"),
    ("azure sas signature", "https://acmeprod.blob.core.windows.net/backups/db.bak?" + _sas()),
    ("azure sas, connection string", "BlobEndpoint=https://acme.blob.core.windows.net/;"
     "SharedAccessSignature=" + _sas()),
    ("azure service bus key", "Endpoint=sb://acme.servicebus.windows.net/;"
     "SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=" + b64(32)),
    ("azure ad client secret", "AZURE_CLIENT_SECRET=" + r(3) + "8Q~" + r(34, B64URL + "~.")),
    ("azure devops pat", "AZURE_DEVOPS_EXT_PAT=" + r(52, string.ascii_lowercase + "234567")),
    ("digitalocean token", "doctl auth init -t do" + "p_v1_" + r(64, HEX)),
    ("digitalocean oauth token", "do" + "o_v1_" + r(64, HEX)),
    ("heroku api key", "HEROKU_API_KEY=" + uuid()),
    ("heroku platform key", "HR" + "KU-AA" + r(58, B64URL)),
    ("cloudflare api token", "CLOUDFLARE_API_TOKEN=" + r(40, B64URL)),
    ("cloudflare origin ca key", "v1." + "0-" + r(24, HEX) + "-" + r(146, HEX)),
    ("alibaba access key id", "LT" + "AI" + r(20)),
    ("alibaba access key secret", "ALIBABA_CLOUD_ACCESS_KEY_SECRET=" + r(30)),
    ("fly.io token", "FLY_API_TOKEN='Fly" + "V1 fm2_" + r(160, B64) + "'"),
    ("netlify token", "NETLIFY_AUTH_TOKEN=nf" + "p_" + r(36)),
    ("supabase token", "supabase login --token sb" + "p_" + r(40, HEX)),
    ("planetscale token", "pscale_" + "tkn_" + r(43, B64URL)),
    ("doppler token", "DOPPLER_TOKEN=dp" + ".st." + r(40)),
    ("vault token", "VAULT_TOKEN=hv" + "s." + r(90, B64URL)),
    ("vault token, bare", "vault login hv" + "s." + r(90, B64URL)),
    ("vault batch token", "hv" + "b." + r(138, B64URL)),
    ("terraform cloud token", r(14) + ".atlas" + "v1." + r(67)),
    ("pulumi token", "PULUMI_ACCESS_TOKEN=pu" + "l-" + r(40, HEX)),
    ("grafana cloud token", "gl" + "c_" + r(80, B64)),
    ("grafana service account token", "gl" + "sa_" + r(32) + "_" + r(8, HEX)),
    ("datadog api key", "DD_API_KEY=" + r(32, HEX)),
    ("new relic key", "NEW_RELIC_API_KEY=NR" + "AK-" + r(27, UPPER_DIGITS)),
    ("sentry auth token", "SENTRY_AUTH_TOKEN=sntry" + "s_" + r(120, B64URL)),
    ("databricks token", "databricks configure --token da" + "pi" + r(32, HEX)),
    ("atlassian api token", "JIRA_API_TOKEN=AT" + "ATT3xFfGF0" + r(170, B64URL) + "="
     + r(8, "0123456789ABCDEF")),
    ("atlassian api token, bare", "curl -u ada@acme.com:AT" + "ATT3xFfGF0" + r(170, B64URL)
     + "=" + r(8, "0123456789ABCDEF") + " https://acme.atlassian.net/rest/api/3/myself"),
    ("shopify access token", "X-Shopify-Access-Token: sh" + "pat_" + r(32, HEX)),
    ("shopify access token, bare", "the app's token sh" + "pat_" + r(32, HEX)),
    ("shopify shared secret", "sh" + "pss_" + r(32, HEX)),
    ("okta api token", "Authorization: SSWS 00" + r(40, B64URL)),
    ("age secret key", "AGE-SECRET-" + "KEY-1" + r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")),
    # -- payment ------------------------------------------------------------------------------
    ("stripe live key", "STRIPE_SECRET_KEY=sk" + "_live_" + r(99)),
    ("stripe test key", "tests use sk" + "_test_" + r(99)),
    ("stripe restricted key", "rk" + "_live_" + r(99)),
    ("stripe webhook secret", "STRIPE_WEBHOOK_SECRET=wh" + "sec_" + r(32)),
    ("stripe webhook secret, prose", "signing secret wh" + "sec_" + r(32) + " on the dashboard"),
    ("square access token", "SQUARE_ACCESS_TOKEN=EA" + "AA" + r(60, B64URL)),
    ("square oauth secret", "sq" + "0csp-" + r(43, B64URL)),
    ("braintree access token", "access_token$" + "production$" + r(16, LOWER_ALNUM) + "$"
     + r(32, HEX)),
    ("paypal client secret", "PAYPAL_CLIENT_SECRET=E" + r(79, B64URL)),
    # -- chat and mail --------------------------------------------------------------------------
    ("slack bot token", "xo" + "xb-" + r(12, string.digits) + "-" + r(13, string.digits) + "-"
     + r(24)),
    ("slack user token", "xo" + "xp-" + r(12, string.digits) + "-" + r(12, string.digits) + "-"
     + r(13, string.digits) + "-" + r(32, HEX)),
    ("slack app token", "SLACK_APP_TOKEN=xa" + "pp-1-A" + r(10, UPPER_DIGITS)
     + "-" + r(13, string.digits) + "-" + r(64, HEX)),
    ("slack app token, bare", "xa" + "pp-1-A" + r(10, UPPER_DIGITS)
     + "-" + r(13, string.digits) + "-" + r(64, HEX) + " is the socket-mode token"),
    ("slack refresh token", "xo" + "xe-1-" + r(140, B64URL)),
    ("slack webhook", "https://hooks.slack.com/services/T" + r(8, string.ascii_uppercase)
     + "/B" + r(8, string.ascii_uppercase) + "/" + r(24)),
    ("discord bot token", "DISCORD_TOKEN=" + _discord()),
    ("discord bot token, bare", "client.run('" + _discord() + "')"),
    ("discord webhook", "https://discord.com/api/webhooks/" + r(18, string.digits) + "/"
     + r(68, B64URL)),
    ("telegram bot token", "TELEGRAM_BOT_TOKEN=" + r(10, string.digits) + ":AA" + r(33, B64URL)),
    ("telegram bot token, url", "curl https://api.telegram.org/bot" + r(9, string.digits) + ":AA"
     + r(33, B64URL) + "/getMe"),
    ("twilio api key", "SK" + r(32, HEX) + " is the Twilio API key"),
    ("twilio auth token", "TWILIO_AUTH_TOKEN=" + r(32, HEX)),
    ("mailgun key", "MAILGUN_API_KEY=key-" + r(32, LOWER_ALNUM)),
    ("mailgun key, bare", "api:key-" + r(32, LOWER_ALNUM)),
    ("mailchimp key", "mailchimp key " + r(32, HEX) + "-us21"),
    ("sendgrid key", "SENDGRID_API_KEY=S" + "G." + r(22, B64URL) + "." + r(43, B64URL)),
    ("sendgrid key, prose", "we send through S" + "G." + r(22, B64URL) + "." + r(43, B64URL)),
    ("teams webhook", "https://acme.webhook.office.com/webhookb2/" + uuid() + "@" + uuid()
     + "/IncomingWebhook/" + r(32, HEX) + "/" + uuid()),
    ("postmark token", "POSTMARK_SERVER_TOKEN=" + uuid()),
    # -- CI ------------------------------------------------------------------------------------
    ("circleci token", "CIRCLE_TOKEN=CC" + "IPAT_" + r(22) + "_" + r(40, HEX)),
    ("circleci header", "curl -H 'Circle-Token: " + r(40, HEX) + "' https://circleci.com/api/v2/me"),
    ("travis token", "travis login --github-token " + r(22)),
    ("buildkite token", "BUILDKITE_API_TOKEN=bk" + "ua_" + r(40, HEX)),
    ("buildkite agent token", "buildkite-agent start --token " + r(50, HEX)),
    ("jenkins token", "curl -u admin:11" + r(32, HEX) + " https://ci.example.com/job/x/build"),
    ("codecov token", "CODECOV_TOKEN=" + uuid()),
    ("github actions secret set", "gh secret set DEPLOY_KEY --body " + r(40)),
    # -- package registries ------------------------------------------------------------------
    ("npm token", "//registry.npmjs.org/:_authToken=np" + "m_" + r(36)),
    ("npm legacy token", "//registry.npmjs.org/:_authToken=" + uuid()),
    ("pypi token", "TWINE_PASSWORD=py" + "pi-AgEIcHlwaS5vcmc" + r(150, B64URL)),
    ("testpypi token", "py" + "pi-AgENdGVzdC5weXBpLm9yZw" + r(150, B64URL)),
    ("rubygems key", "GEM_HOST_API_KEY=rubygems" + "_" + r(48, HEX)),
    ("nuget key", "dotnet nuget push pkg.nupkg --api-key oy" + "2" + r(43, LOWER_ALNUM)),
    ("docker hub token", "docker login -u ci --password dck" + "r_pat_" + r(27, B64URL)),
    ("docker hub token, bare", "the token dck" + "r_pat_" + r(27, B64URL) + " expires in 30 days"),
    ("crates.io token", "cargo login ci" + "o" + r(32)),
    ("artifactory key", "AK" + "Cp" + r(69)),
    ("maven settings password", "<server><id>central</id><username>ci</username><password>"
     + r(20) + "</password></server>"),
    ("composer auth", '{"http-basic": {"repo.example.com": {"username": "ci", "password": "'
     + r(24) + '"}}}'),
    # -- AI providers ---------------------------------------------------------------------------
    ("openai project key", "OPENAI_API_KEY=sk" + "-proj-" + r(156, B64URL)),
    ("openai legacy key", "sk" + "-" + r(20) + "T3Blbk" + "FJ" + r(20)),
    ("openai service account key", "sk" + "-svcacct-" + r(156, B64URL)),
    ("openai admin key", "sk" + "-admin-" + r(156, B64URL)),
    ("anthropic key", "ANTHROPIC_API_KEY=sk" + "-ant-api03-" + r(93, B64URL) + "AA"),
    ("anthropic admin key", "sk" + "-ant-admin01-" + r(93, B64URL) + "AA"),
    ("hugging face token", "huggingface-cli login --token h" + "f_" + r(34)),
    ("hugging face org token", "api" + "_org_" + r(34)),
    ("groq key", "GROQ_API_KEY=gs" + "k_" + r(52)),
    ("groq key, bare", "client = Groq(api_key='gs" + "k_" + r(52) + "')"),
    ("replicate token", "REPLICATE_API_TOKEN=r8" + "_" + r(37)),
    ("cohere key", "co = cohere.Client(api_key=\"" + r(40) + "\")"),
    ("mistral key", "MISTRAL_API_KEY=" + r(32)),
    ("perplexity key", "pp" + "lx-" + r(48)),
    ("xai key", "XAI_API_KEY=xa" + "i-" + r(80)),
    ("deepseek key", "sk" + "-" + r(32, HEX)),
    ("together key", "TOGETHER_API_KEY=" + r(64, HEX)),
    ("langsmith key", "LANGCHAIN_API_KEY=lsv2" + "_pt_" + r(32, HEX) + "_" + r(10, HEX)),
    ("pinecone key", "pc" + "sk_" + r(5) + "_" + r(60)),
    ("wandb key", "wandb login " + r(40, HEX)),
    ("elevenlabs key", "xi-api-key: sk" + "_" + r(48, HEX)),
    # -- other services ---------------------------------------------------------------------
    ("notion token", "NOTION_TOKEN=nt" + "n_" + r(46)),
    ("linear key", "lin" + "_api_" + r(40)),
    ("airtable token", "pa" + "t" + r(14) + "." + r(64, HEX)),
    ("figma token", "fi" + "gd_" + r(40, B64URL)),
    ("postman key", "PM" + "AK-" + r(24, HEX) + "-" + r(34, HEX)),
    ("dropbox token", "sl." + r(138, B64URL)),
    ("mapbox secret token", "sk." + "eyJ1IjoiYWNtZSIsImEiOiJ" + r(20) + "In0." + r(22, B64URL)),
    ("twitter bearer token", "AAAAAAAAAAAAAAAAAAAAA" + r(30) + "%3D" + r(50)),
    ("facebook access token", "EA" + "AC" + r(160)),
    ("firebase server key", "AAAA" + r(7, B64URL) + ":APA91b" + r(134, B64URL)),
    ("jwt", "session cookie " + "ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "ey"
     + "J" + r(60, B64URL) + "." + r(43, B64URL)),
    # -- keys and key material --------------------------------------------------------------
    ("openssh private key", _BEGIN + "OPENSSH " + _PK + "\nb3BlbnNzaC1rZXktdjEAAAAA" + r(48, B64)),
    ("pem body without header", _pem_body(_RSA_PKCS1, 300)),
    ("pkcs8 body without header", "paste this into the vault:\n" + _pem_body(_PKCS8, 200)),
    ("ec key body without header", _pem_body(_EC_SEC1, 80)),
    ("openssh body without header",
     "b3BlbnNzaC1rZXktdjE" + "AAAAABG5vbmUAAAAEbm9uZQ" + r(200, B64)),
    ("kubeconfig client key", "users:\n- name: admin\n  user:\n    client-key-data: "
     + _kube_key()[:400]),
    ("kubernetes secret manifest", "kind: Secret\ndata:\n  password: " + b64(18)),
    ("pgp private key", _BEGIN + "PGP PRIVATE KEY BLOCK-----\n\nlQOYBF" + r(60, B64)),
    ("putty key", "PuTTY-User-" + "Key-File-3: ssh-ed25519\nEncryption: none"),
    ("ethereum private key", "PRIVATE_KEY=0x" + r(64, HEX)),
    # -- .env lines -----------------------------------------------------------------------------
    ("django secret key", "SECRET_KEY=django-insecure-" + r(50, LOWER_ALNUM + "!@#%^&*(-_=+)")),
    ("flask secret key", "SECRET_KEY='" + r(32, HEX) + "'"),
    ("rails secret key base", "SECRET_KEY_BASE=" + r(128, HEX)),
    ("laravel app key", "APP_KEY=base64:" + b64(32)),
    ("jwt secret", "JWT_SECRET=" + r(48)),
    ("nextauth secret", "NEXTAUTH_SECRET=" + b64(32)),
    ("session secret", "SESSION_SECRET=" + r(24)),
    ("encryption key", "ENCRYPTION_KEY=" + r(64, HEX)),
    ("database password", "DATABASE_PASSWORD=" + r(16)),
    ("redis password", "REDIS_PASSWORD='" + r(12) + "!'"),
    ("smtp password", "SMTP_PASS=" + r(16)),
    ("database url", "DATABASE_URL=postgres://app:" + r(20) + "@db.internal:5432/app"),
    ("mongodb url", 'mongosh "mongodb+srv://admin:' + r(16) + '@cluster0.abcde.mongodb.net/"'),
    ("odbc connection string", "Server=tcp:acme.database.windows.net;User ID=sa;Password="
     + r(16) + ";Encrypt=yes"),
    ("yaml password", "db:\n  user: app\n  password: \"" + r(14) + "\""),
    ("python kwarg", "client = Client(username='ci', password='" + r(14) + "')"),
    ("go struct", 'cfg := Config{APIKey: "' + r(32) + '"}'),
    ("javascript object", "const client = new Client({ apiKey: '" + r(32) + "' })"),
    ("credentials after a harmless match", "Credentials: password=" + r(8, LOWER)),
    ("credentials second assignment", "token: rotated yesterday; password=" + r(8, LOWER)),
    ("basic auth header", "Authorization: Basic " + base64.b64encode(
        f"deploy:{r(14)}".encode()).decode()),
    ("bearer header", "curl -H \"Authorization: Bearer " + r(40, B64URL) + "\" https://api.example.com"),
    ("api key header", "curl -H 'X-API-Key: " + r(32) + "' https://api.example.com/v1/items"),
    # -- command lines ------------------------------------------------------------------------
    ("curl -u", "curl -u deploy:" + r(12) + " https://repo.example.com/upload"),
    ("curl --user", "curl --user 'admin:" + r(10) + "!' -X POST https://ci.example.com"),
    ("mysql -p", "mysql -u root -p" + r(12) + " -h db.internal app"),
    ("mysqldump --password", "mysqldump --user=backup --password=" + r(12) + " app > app.sql"),
    ("sshpass -p", "sshpass -p '" + r(10) + "' ssh deploy@10.0.0.5"),
    ("pgpassword", "PGPASSWORD=" + r(14) + " psql -h db.internal -U app"),
    ("docker login -p", "docker login registry.example.com -u ci -p " + r(20)),
    ("redis-cli -a", "redis-cli -h cache.internal -a " + r(16) + " ping"),
    ("htpasswd -b", "htpasswd -b -c /etc/nginx/.htpasswd admin " + r(12)),
    ("wget --password", "wget --user=ci --password=" + r(12) + " https://files.example.com/a.tgz"),
    ("smbclient -U", "smbclient //fs/share -U 'backup%" + r(12) + "'"),
    ("openssl pass", "openssl pkcs12 -export -in c.pem -out c.p12 -passout pass:" + r(12)),
    ("ldapsearch -w", "ldapsearch -x -D cn=admin,dc=acme -w " + r(12) + " -b dc=acme"),
    ("sqlcmd -P", "sqlcmd -S db.internal -U sa -P " + r(14) + " -Q 'select 1'"),
    ("sudo -S", "echo '" + r(12) + "' | sudo -S systemctl restart app"),
    ("kubectl literal", "kubectl create secret generic db --from-literal=password=" + r(16)),
    ("helm --set", "helm install app ./chart --set auth.rootPassword=" + r(16)),
    ("cli token flag", "vercel deploy --prod --token " + r(24)),
    ("keytool storepass",
     "keytool -importcert -keystore ks.jks -storepass " + r(12) + " -file ca.pem"),
]


#: Text that mentions tokens, keys and passwords without holding one: each must pass.
ORDINARY: list[str] = [
    # -- the false positives of the review (issue 19, item 14) ---------------------------------
    'tokenizer = AutoTokenizer.from_pretrained("gpt2", pad_token="[PAD]")',
    "max_token=2048 keeps the prompt inside the context window",
    "client_secret = settings.OAUTH_CLIENT_SECRET",
    "token = jwt.encode(payload, key)",
    "PWD=$(pwd) ./run.sh",
    "the next call passes next_page_token=CAEQAA to get page two",
    "api_key=<your key here>",
    "wrapped it in sk-learn-compatible-estimator-wrapper so GridSearchCV accepts it",
    # -- references to where a secret lives ------------------------------------------------
    'api_key = os.environ["OPENAI_API_KEY"]',
    "token = os.getenv('GITHUB_TOKEN')",
    "const key = process.env.STRIPE_SECRET_KEY;",
    'password = ENV.fetch("DB_PASSWORD")',
    'String token = System.getenv("SLACK_BOT_TOKEN");',
    'var secret = Environment.GetEnvironmentVariable("CLIENT_SECRET");',
    'let token = std::env::var("DISCORD_TOKEN").expect("DISCORD_TOKEN set");',
    "token: ${{ secrets.GITHUB_TOKEN }}",
    "password: ${{ secrets.DOCKERHUB_TOKEN }}",
    'curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com/v1/me',
    'curl -u "$NEXUS_USER:$NEXUS_PASSWORD" --upload-file app.jar https://nexus.example.com',
    "mysql -u root -p app   # prompts for the password",
    'mysql -u app -p"$MYSQL_PASSWORD" app',
    "sshpass -e ssh deploy@host   # the password comes from SSHPASS",
    "echo \"$REGISTRY_TOKEN\" | docker login ghcr.io -u ci --password-stdin",
    "PGPASSWORD=$PGPASSWORD psql -h db -U app",
    "export AWS_SECRET_ACCESS_KEY=$(vault kv get -field=secret aws/ci)",
    "password = getpass.getpass('Password: ')",
    "secret = secrets.token_urlsafe(32)",
    "token = request.headers.get('Authorization')",
    "password = form.cleaned_data['password']",
    "self.api_key = api_key",
    "api_key=${API_KEY:-}",
    "TOKEN=%GITHUB_TOKEN% in the Windows job",
    "$env:API_KEY is read by the PowerShell profile",
    "private_key=~/.ssh/id_ed25519",
    "kubectl create secret generic db --from-file=password=./secrets/db-password.txt",
    "docker run -e API_KEY -e DB_PASSWORD app:latest",
    "the deploy token lives in the CI secret DEPLOY_TOKEN",
    "--set auth.existingSecret=db-credentials",
    "client_secret_file=config/client_secret.json",
    # -- placeholders ----------------------------------------------------------------------
    "OPENAI_API_KEY=your-api-key-here",
    'api_key = "YOUR_API_KEY"',
    "password=<password>",
    "token='REPLACE_ME'",
    "SECRET_KEY=changeme",
    "password: '********'",
    "api_key: [REDACTED]",
    "keys look like sk-proj-… and are shown once",
    "a classic token starts with ghp_ followed by 36 characters",
    "Stripe test keys start with sk_test_, live keys with sk_live_",
    "password=TODO before the release",
    "DB_PASSWORD=",
    'token = ""',
    "secret: null",
    "AWS_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID is passed through to the container",
    "aws_secret_access_key = {{ aws_secret_access_key }} in the Ansible template",
    # -- prose ------------------------------------------------------------------------------
    "Rotated the Slack bot token after the incident; the new one is in 1Password",
    "The password reset flow sends a one-time link valid for 15 minutes",
    "Decided: store API keys in AWS Secrets Manager, never in .env files",
    "token refresh happens 60 seconds before expiry",
    "Bearer tokens are validated against the JWKS endpoint",
    "the session token is short-lived; the refresh token is rotated on use",
    "SAS tokens for the backup container are issued per job, with a 1 hour expiry",
    "the kubeconfig's client-key-data is base64 of a PEM key; never commit it",
    "the Telegram bot token comes from BotFather and goes into the vault",
    "Dropped: hard-coding the webhook secret in the handler",
    "passwords must be at least 12 characters with one digit",
    "use a token with the repo and workflow scopes only",
    # -- config keys with no secret value ---------------------------------------------------
    "password_min_length=12",
    "token_ttl=3600",
    "TOKEN_EXPIRY_SECONDS=86400",
    "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']",
    "api_key_header=X-Api-Key",
    "token_type=bearer",
    'grant_type=client_credentials&scope=read:orders',
    'token_url = "https://oauth2.googleapis.com/token"',
    "credential.helper=osxkeychain",
    "sort_key=created_at_desc_2024",
    "partition_key=tenant_id",
    "cache_key = f'user:{user_id}:profile'",
    "primary_key=True",
    "use_api_key=false",
    "max_new_tokens=512, temperature=0.2",
    "num_tokens = len(tokenizer.encode(text))",
    'eos_token="</s>", bos_token="<s>", unk_token="<unk>"',
    'sep_token="[SEP]", mask_token="[MASK]"',
    "token_limit: 8192",
    "password: str = Field(..., min_length=8)",
    "def login(username: str, password: str) -> Token:",
    ":param api_key: the key issued by the provider's console",
    "secret_name = 'prod/db/password'",
    "aws secretsmanager get-secret-value --secret-id prod/api-token",
    "vault kv get -field=password secret/db",
    "gh auth login --with-token < token.txt",
    "ssh-keygen -t ed25519 -C deploy@acme -f ~/.ssh/deploy_key",
    "git config --global credential.helper store",
    "PASSWORD_RESET_TIMEOUT=259200",
    "csrf_token = get_token(request)",
    "{% csrf_token %} goes inside every POST form",
    "SECRET_ROTATION_DAYS=90",
    # -- hashes, ids, public material ---------------------------------------------------------
    "Commit 3f9a1c2e4b5d6f708192a3b4c5d6e7f8091a2b3c fixed the token refresh",
    "image digest sha256:" + r(64, HEX),
    "request_id=" + uuid() + " in the failing log line",
    "trace_id " + uuid() + " shows the retry",
    '"integrity": "sha512-' + b64(64) + '"',
    "md5 of the release: " + r(32, HEX),
    "sha1sum says " + r(40, HEX) + " for both copies",
    "customer cus_" + r(14) + " hit the card error",
    "payment intent pi_" + r(24) + " is stuck in processing",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + r(43, B64) + " deploy@acme",
    "-----BEGIN CERTIFICATE----- blocks are public and fine to paste",
    "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + r(40, B64),
    "the arn is arn:aws:iam::123456789012:role/deploy",
    "AWS_REGION=us-east-1 and AWS_PROFILE=ci",
    "git ledger decide 'pin pygit2' --evidence 9f8e7d6c5b4a",
    "the migration 20240612_add_token_index.py adds an index on tokens(user_id)",
    "etag W/\"" + r(32, HEX) + "\"",
    "nonce-" + r(16, HEX) + " is added to the CSP header per request",
    # -- base64 of things that are not secrets -------------------------------------------------
    'assert encode(b"hello world") == "aGVsbG8gd29ybGQ="',
    "the fixture payload is " + base64.b64encode(b'{"user": "ada", "roles": ["admin"]}').decode(),
    "decoded " + base64.b64encode(b"this is only a test message for the parser").decode(),
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
    "tests/fixtures/tokens/expired_jwt_header_only.txt holds just the header",
    'a JWT header alone: eyJhbGciOiJIUzI1NiJ9 is not a token',
]
