"""What a review of rounds six and seven of the credential rules found, by someone who had
not written them: credentials a loosened rule let through, ordinary text a new rule
refused, and inputs that made a rule quadratic (those are in ``hostile_text.RUNS``)."""

from __future__ import annotations

import pytest

from gitledger.core.credentials import find_credential
from gitledger.interchange.transcripts import redact

_AWS_SECRET = "kq83JD72hs0ALq9x7c6vBn4MzT5wQ1pLr8Ty2UiO"

LET_THROUGH = {
    "a secret after a MIME part's headers and body":
        "Content-Transfer-Encoding: base64\n\nSGVsbG8=\n\n$ cat ~/.aws/credentials\n"
        f"aws_secret_access_key = {_AWS_SECRET}",
    "a secret after prose that names a MIME header":
        "Set Content-Transfer-Encoding: base64 for attachments.\n"
        "export STRIPE_WEBHOOK_SECRET=whsec_q83JD72hs0ALq9x7c6vBn4MzT5wQ1pL",
    "a URL's password after a MIME part":
        "Content-Transfer-Encoding: base64\n\nSGVsbG8=\n\n"
        "DATABASE_URL=postgres://app:Quartz!7713Vb@db:5432/app",
    "the secret that signs CSRF tokens": 'WTF_CSRF_SECRET_KEY = "kq83JD72hs0ALq9x7c6vBn4MzT5w"',
    "a CSRF secret": "CSRF_SECRET=kq83JD72hs0ALq9x7c6vBn4MzT5w",
    "a token named by words and a digest": "export DEPLOY_TOKEN=acme-prod-" + "ab12" * 16,
    "a webhook token named by words and hex": '"webhook_token": "myco-live-' + "cd34" * 8 + '"',
    "a password whose comment says it overrides the default":
        "DB_PASSWORD=tangerineskyline  # overrides the default",
    "a storage password": "STORAGE_PASSWORD=Quartz!7713Vb",
    "a password that opens like a digest": 'password = "h1:Qk83JD72hs0ALq9x7c6vBn4MzT5w="',
    # what a new rule did not reach
    "a key set as the Authorization header from code":
        'conn.setRequestProperty("Authorization", "4f1c2a9be0d3c7a86512ff0e9b2d4c1a7e6f5d3b");',
    "a Postfix map's line with no port": "[smtp.mail.example] alerts@example.test:Quartz!7713Vb",
}

REFUSED = {
    "Kotlin's explicit API, a nullable property": "  public val body: MockResponseBody?",
    "Kotlin's explicit API, a var": "  public var serverSocketFactory: ServerSocketFactory?",
    "Kotlin's explicit API, a function": "  public fun peer(): InetSocketAddress?",
    "connect's keyword arguments":
        'mysql.connector.connect(host="localhost", user="root", database="Shop_DB1")',
    "a database named in connect's keywords":
        'psycopg2.connect(host="db", dbname="Orders_2024", user="app")',
    "a client's name given to Connect": 'nats.Connect("nats://localhost:4222", "Orders-Svc1")',
    "an analytics event named login": "analytics.login('Sign-In', 'Button_Click1')",
    "psql's -P option": 'psql -h localhost -U postgres -P pager=off -c "select 1"',
    "a JSX element named Token": '<Token variant="outlined">GitHub-Actions</Token>',
    "a JSX element naming a variable": '<Secret label="API key">NEXT_PUBLIC_API_KEY</Secret>',
    "a time at a line's start under a secrets heading":
        "# Secrets of the day\n09:15 standup:Sprint-Review2",
    "a log line with a time": "10:02 ERROR:NullPointerException@Line42",
    "a random_string's result":
        '{"type":"random_string","name":"bucket_suffix","instances":'
        '[{"attributes":{"result":"Qm7xK2pLa9"}}]}',
    "public keys in a dict": 'public_keys = {"alice": "RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSC'
                             'h1CBM0QTaLn73Y7GFO3", "bob": "RWTAeRZ3IrrMJs7bYtTJW4fTbGcB9wH'
                             'pjCDJnxv8H0TE1OFwpiPqgJLn"}',
    "a web-push public key": "public static readonly vapidPublicKey = 'BEl62iUYgUivxIkv69yViEu"
                             "iBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';",
    "a captcha's site key":
        'public static final String RECAPTCHA_SITE_KEY = '
        '"6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";',
    "a setup log's mask": "<AdministratorPassword>\n  <Value>*SENSITIVE*DATA*DELETED*</Value>",
    "ssh-keygen in prose": "Pass ssh-keygen -N followed by your passphrase to set one.",
    "ssh-keygen's empty passphrase in prose":
        "Run ssh-keygen -N with an empty string for no passphrase.",
    "headers a CORS policy allows": 'allow_headers = ["Authorization", "Content-Type"]',
    "an Authorization header's scheme alone": 'headers = [("Authorization", "Basic")]',
}


@pytest.mark.parametrize("kind", LET_THROUGH)
def test_what_a_loosened_rule_let_through_is_refused_and_redacted(kind: str) -> None:
    text = LET_THROUGH[kind]
    assert find_credential(text) is not None, text
    assert redact(text.encode())[1] >= 1


@pytest.mark.parametrize("kind", REFUSED)
def test_what_a_new_rule_refused_passes(kind: str) -> None:
    text = REFUSED[kind]
    assert find_credential(text) is None, text
