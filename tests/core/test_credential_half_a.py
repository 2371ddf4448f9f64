"""Kinds read from the eighteenth corpus's half A (round twenty-one): a lowercase word and
two digits said after the word for a password, French's elided "mot d'passe", a passphrase
of joined words ending in a number, monit's ``allow user:password``, a key named for the
digest it signs with (``clave_sha256``), German's ``API-Token``; an id after a sign-in word.
Machines, rooms, digests, ids and permissions in the same places pass."""

from __future__ import annotations

from tests.core.credential_checks import kind_tests

#: Each text and the secret in it (written fresh, not copied from the corpus).
SECRETS = {
    "a lowercase word and two digits after a copula no list holds": (
        "Parola di la reti easte pirunedda27. Nu u dats.", "pirunedda27"),
    "a lowercase word and two digits after a possessive": (
        "password laptop kantor kami sungaibiru63, jangan disebar", "sungaibiru63"),
    "French elided as Norman writes it": (
        "L'mot d'passe d'la boutique ch'est pommeraie88. Merci!", "pommeraie88"),
    "joined words ending in a number, far after the word": (
        "Пароль от семейного аккаунта на Кинопоиск для бабушки: vishnya-Barsik-Zenit7.",
        "vishnya-Barsik-Zenit7"),
    "monit's allow user:password": (
        "set httpd port 2812\n    use address 127.0.0.1\n    allow ops:qV7mZt2LxKp9B",
        "qV7mZt2LxKp9B"),
    "monit's allow with a quoted password": (
        'set httpd port 2812 allow backup:"Berg wand 42" read-only', "Berg wand 42"),
    "a key named for the digest it signs with": (
        "'clave_sha256' => 'Hq7pLz2Wn9Rt4Xv8Kb3Mc6Dy1Fs5Gj0e'", "Hq7pLz2Wn9Rt4Xv8Kb3Mc6Dy1Fs5Gj0e"),
    "German's API-Token said in a sentence": (
        "Guten Morgen, der Lexoffice API-Token für die Buchhaltung ist "
        "5f0c2d9a81e34b7c96a0d3e8f1b24c67 (nur intern). Gruß, Ute",
        "5f0c2d9a81e34b7c96a0d3e8f1b24c67"),
}

ORDINARY = (
    # a lowercase name and digits is a machine, a room or an account after where-words
    "Password reset done for host12, see ticket.",
    "wifi password expired on floor03",
    "We rotated the password for replica02, then restarted.",
    "contraseña cambiada en equipo22, avisar a soporte",
    "Passwort-Ablauf auf citrix01 wieder, bitte prüfen",
    # a digest under its algorithm's name, a hash of a token stored as such
    "file_sha256 = 'LXEWQrcmsEQBYnyp+6wy9chTD7GQPMTbAiWHF5IaSIE='",
    "api_key_sha256 = 2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881",
    "enclave_id = 10jvbmzJq3oyUvdiBRhSaMMHX46jMdgf",
    # monit's other allow lines, a permission
    "allow localhost\nallow 10.8.0.0/255.255.0.0\nallow @monitadmins",
    "permissions: allow contents:write",
    # an id after a sign-in word
    "Your one-time login link id is 6c1f0a52-9d3e-4b8a-a1f7-2e5d9c4b8a31 (expired)",
)


(test_a_kind_of_half_a_is_refused,
 test_machines_digests_and_ids_there_pass) = kind_tests(SECRETS, ORDINARY)
