"""Passwords of digits alone and a password manager's passphrase (round twenty): a PIN or a
device's access code after the word for one, digits after "the password is", after a
password's flag or as a login's password; three capitalised words run into a number
(``Coffee-Estate-Pepper4``) where a line says password.  Ports, process ids, years, dates,
counts, policies, products' and orders' codes, postal PIN codes, keypad runs, Perl
distributions and hyphenated names with a number pass."""

# ruff: noqa: RUF001

from __future__ import annotations

from tests.core.credential_checks import kind_tests

#: Each text and the password in it.
SECRETS = {
    "a printer's access code in prose": (
        "For the X1C: LAN only mode, IP 192.168.4.51, access code 96322469. Add it.",
        "96322469"),
    "an access code under its key": ('printer:\n  host: 192.168.1.77\n  access_code: "45827013"',
                                     "45827013"),
    "an access code in camel case": ("accessCode = 96322469", "96322469"),
    "a PIN after a colon": ("SIM card for the test phone, PIN: 4821", "4821"),
    "a keypad's code": ("Front door keypad: 0679 then the check mark", "0679"),
    "a gate code said": ("the gate code is 5762#.", "5762"),
    "digits after the password is": ("the password is 48210637.", "48210637"),
    "digits after a flag a password follows": (
        "mosquitto_sub -h 10.0.0.88 -p 8883 -u bblp -P 67960888 -t 'device/report'",
        "67960888"),
    "digits after redis-cli's -a": ("redis-cli -h cache.lan -a 90417263 ping", "90417263"),
    "digits as a login's password": ("curl -u admin:67960888 http://nas.lan/api", "67960888"),
    "a gate code of a repeated digit": ("the gate code is 7715", "7715"),
    "a keypad's code its # closes": ("Front door code 0679# then the check mark", "0679"),
    "digits and a mark after the password is": (
        "The admin password is now 48120597!", "48120597"),
    "digits after PuTTY's -pw": ("plink admin@host -pw 48201937 uptime", "48201937"),
    "digits after --pwd": ("tool --pwd 918273 --user admin", "918273"),
    "digits after a password's new value is said": (
        "FYI the router password was changed to 730418596.", "730418596"),
    "digits after a word of three": ("le mot de passe est 20481937", "20481937"),
    "digits after what the password is for and a colon": (
        "Passwort für den Drucker: 620194", "620194"),
    "digits after an inflected word": ("hasło to 84102937", "84102937"),
    "a PIN after what it opens and a colon": ("Pin for the phone: 619204", "619204"),
    "digits as the password of Go's DSN": (
        'db, err := sql.Open("mysql", "app:48201937@tcp(db:3306)/app")', "48201937"),
    "a manager's passphrase after the word, later": (
        "Dana changes the bank portal password tonight. Until then it remains "
        "Wildcats-School-Treasurer7.", "Wildcats-School-Treasurer7"),
}

#: The same places holding no password.
ORDINARY = (
    "docker run -p 8080:80 nginx",
    "ps -p 4194304 -o etime=",
    "strace -p 1234567",
    "podman run --user 1000:100000 alpine id",
    "PIN changed in 2024 after the audit.",
    "GPIO pin 17 drives the relay.",
    "keypad layout 1024 x 768",
    "HTTP status code 403 on the second call",
    "error code 100234 from the driver",
    "the password is 123456, the worst there is",
    "password rotation is 7776000 seconds",
    "PIN must be 6 digits",
    "cpanm Compress-Raw-Bzip2",
    "Install Compress-Raw-Bzip2 first.",
    "Default_Test_Alarm3 fired at noon",
    "access code: <from the printer's screen>",
    # from a review by a helper who had not seen the rules (helper-88)
    "pgrep -P 281934",
    "shasum -a 512256 dist/app.tar.gz",
    "Bangalore, PIN code 560034.",
    "Pin #4821 to the top of the discussions.",
    "pin: 20240611 is the date the rotation started",
    "The password expiry is 7776000.",
    "Password max age: 7776000",
    "Password rotation as of 20240611.",
    "The password reset ticket is 10042337.",
    "Tests: Fail 0, Pass: 1024356.",
    "Boarding pass number is 28391746.",
    "Šifra artikla: 77812345",
    "Ο κωδικός παραγγελίας είναι 28391746.",
    "Clave de producto SAT: 43211503",
    "Pasivado: 20240611",
    "Branch Feature-Login-Redesign2 was merged yesterday.",
    "Tickets for Star-Wars-Episode4 sold out.",
    "Shipping: 12 MG Road, Pune, PIN 411001, India.",
    "We pin 8080 for the dev server so the OAuth redirect matches.",
    "Ledger entry code 400100 is accounts receivable.",
    "Passivate: 300000 (ms before the SFSB is written to disk)",
    "Clave de producto SAT: 43211503",
    "PIN for the docs: see page 4821",
    'db, err := sql.Open("mysql", "app:1000@tcp(db:3306)/app")',
)


(test_a_code_of_digits_or_a_passphrase_is_refused_and_redacted,
 test_numbers_and_names_of_the_same_shape_pass) = kind_tests(SECRETS, ORDINARY)
