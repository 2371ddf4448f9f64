"""Rules written from the nineteenth corpus's half B: a PIN of digits after words
saying what it opens and a copula of any language; HTTPie's ``apikey==<key>``.  Numbers
that count, date or number something else after the same words pass, as do values read
from elsewhere (a macro, a secret engine's or a secret manager's reference) and a host's
address with its port."""

from __future__ import annotations

from tests.core.credential_checks import kind_tests

#: Each text and the secret in it.
SECRETS = {
    "a PIN, what it opens, Pidgin's copula": (
        "Abeg, di PIN for di church account na 5093. Make una no share am.", "5093"),
    "a PIN, what it opens, Spanish's copula": (
        "Mija, el PIN de la tarjeta de la tienda es 4826, no lo anotes.", "4826"),
    "a PIN, what it opens, Vietnamese's copula unmarked": (
        "Chi Lan, PIN the ngan hang cua cua hang la 391745, dung cho ai biet.", "391745"),
    "a PIN, what it opens, no copula": ("Kofi, the MoMo PIN for da shop 7392. Keep am.", "7392"),
    "a PIN and the till's name at a line's end": ("[nota sul registratore] PIN cassa 58301",
                                                  "58301"),
    "a PIN, French's copula": ("Marc, le PIN de la carte du club c'est 6804, garde-le.", "6804"),
    "Spanish's clave of a card's account": (
        "la clave de la cuenta Nequi de la tienda es 5082, no la compartas.", "5082"),
    "a password of digits after a long 'of' phrase": (
        "la contraseña de la cuenta del banco del grupo es 48210637.", "48210637"),
    "HTTPie's query item of a key": (
        "http GET :8989/api/v3/series apikey==4b8c1e9f0a7d46c3b2e5f8a1d9c7b6e3 "
        "includeSeasonImages==false", "4b8c1e9f0a7d46c3b2e5f8a1d9c7b6e3"),
    "xh's query item of a token": (
        "xh https://api.shop.test/items page==2 token==aB3kL9mQ2xR7vT5wY8zC4nP6",
        "aB3kL9mQ2xR7vT5wY8zC4nP6"),
}

#: Ordinary texts of the same places: a PIN named, a number that is no PIN.
ORDINARY = (
    "The PIN reset for order 88213 went through this morning.",
    "PIN for card ending 4412 was blocked after three tries.",
    "PIN entry timeout is 3000 ms on the old readers.",
    "We moved the PIN pads to room 4012.",
    "PIN code 560034 for the Koramangala office.",
    "Pin the runner image to 2204.",
    "The new PIN policy applies from 2025.",
    "Ask Carlos for the PIN, he is at extension 4471.",
    "PIN mailers for batch 2231 shipped on Monday.",
    "La clave del éxito es 2024, dijo el director.",
    "La clave de la tabla es 4471 filas, no más.",
    "El password de la cuenta fue cambiado el 12 de marzo.",
    "La clave de producto SAT es 43211503.",
    "la clave de elector es 1234567890, ver INE.",
    # a value read from elsewhere: a macro, a secret engine's or a secret manager's reference
    '[queue.outbound.relay]\nauth.username = "relay"\nauth.secret = "%{env:SMTP_RELAY_SECRET}%"',
    "accessKeySecret: encrypted:s3!r:eu-central-1!b:halyard-secrets!f:kayenta.yml"
    "!k:accessKeySecret",
    "gcloud run services update billing --region us-central1 "
    "--update-secrets=STRIPE_KEY=stripe-live-key:3",
    "gcloud run jobs deploy nightly --set-secrets=API_TOKEN=partner-api-token:latest",
    # a host's address with its port and a service's path (Oracle's EZConnect)
    'pool = oracledb.create_pool(user="REPORTS", password=getpass.getpass(), '
    'dsn="ora-rac.corp.lan:1521/RPTPDB")',
    'conn = cx_Oracle.connect(user="FIN", password=getpass.getpass(), '
    'dsn="exa01-scan.fin.lan:1522/FINPDB1")',
    # HTTPie's query items that hold no key
    "http GET :8080/api/items page==2 sort==created_at",
    "http GET :8181/api/v2 cmd==get_activity apikey==$TAUTULLI_KEY",
)


test_refused_and_redacted, test_ordinary_passes = kind_tests(SECRETS, ORDINARY)
