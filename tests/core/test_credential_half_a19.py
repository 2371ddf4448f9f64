"""Kinds read from the nineteenth corpus's half A (round twenty-one): a password after the
word for one that a particle follows ("… bukar76 ye."), passphrases of run-together or
dotted capitalised words, a Wi-Fi network's password after its name, SQL's ``IDENTIFIED BY``,
an Easy Connect string, a URL's dotted password, a wallet's PIN, a client built with hex.
A network's own name, a variable after an address, a resource's ARN, a hashed password
tagged ``[md5]``, a key typed in order and an id pass in the same places."""

from __future__ import annotations

from tests.core.credential_checks import kind_tests

#: Each text and the secret in it (written fresh, not copied from the corpus).
SECRETS = {
    "a password the word for one precedes and a particle follows": (
        "Musa, wifi shago-nzə password hauwa58 ye. Ago lardǝ ba.", "hauwa58"),
    "joined words run together in capitals": (
        "Password wifi kios pasar pasar-TanjungPinang-Batam6. Au popoilo ko tulun.",
        "pasar-TanjungPinang-Batam6"),
    "capitalised words joined by dots and a number": (
        "Нино, пароль от ноутбука в гостинице Ushba.Tetnuldi.Svan9.", "Ushba.Tetnuldi.Svan9"),
    "a Wi-Fi network's password after its name and a colon": (
        "Dato, wifi at the cafe in Kutaisi: Tamar2012. Tell only the guests.", "Tamar2012"),
    "a Wi-Fi network's password after a copula": (
        "Mireille, le wifi du centre c'est poutine-Shediac-Acadie3, changé hier.",
        "poutine-Shediac-Acadie3"),
    "a name, digits and a sign after a network's name": (
        "[lapp i fiket] Wi-Fi Bygdegården: Siv482!", "Siv482!"),
    "SQL's IDENTIFIED BY with a name and a year": (
        "Notes: CREATE USER 'metrics'@'10.%' IDENTIFIED BY 'Ola2020' WITH MAX_USER_CONNECTIONS 2;",
        "Ola2020"),
    "an Oracle Easy Connect string": (
        "ORA-12541 while testing: reporting/lucaoracle31@db-rpt01:1521/RPTPDB", "lucaoracle31"),
    "a URL's password of dotted words": (
        "uri: mongodb://svc:orders.queue.mongo4@10.0.0.7:27017/orders", "orders.queue.mongo4"),
    "a wallet's PIN of six digits": (
        "[buku kas] GoPay wallet PIN 739184", "739184"),
    "a client built with hex": (
        "const c = new TrackClient('9d41be07c3a25f6180e4', region);", "9d41be07c3a25f6180e4"),
}

ORDINARY = (
    # a network's own name
    "Дома Wi-Fi называется Rostelecom_5G_47, пароль на наклейке роутера.",
    "Wifi: Vodafone-A1B2C3, password on the router",
    "Our wifi is called MarthaHouse, the password is on the fridge.",
    # a variable after an address, a resource's name, a hash, an example, an id
    '- cntb config set-credentials --oauth2-user=ops@acme.example --oauth2-password="$CNTB_PW"',
    '{ "name": "DB_PASSWORD", "valueFrom": '
    '"arn:aws:secretsmanager:us-east-1:210987654321:secret:stage/web/db-Qz98" }',
    'Password = "[md5]5f4dcc3b5aa765d61d8327deb882cf99"',
    "https://demo.invalid/api?apikey=0123456789abcdef0123456789abcdef&cmd=status",
    "Wiki.js 2.5, page root, pageId Qm7TzR2kLp9X",
    # a machine's name after the word for a password, a clause going on
    "password reset requested by jsmith42 today.",
    "the password hashing moved to argon2 in sprint45 now.",
    "Password rules are documented in Spring.Boot.Guide2 docs.",
)


(test_a_kind_of_half_a_is_refused,
 test_names_references_and_ids_there_pass) = kind_tests(SECRETS, ORDINARY)
