"""A login's password beside its user (round twenty): ``label: user / password``, a
command's ``-a user:password`` (HTTPie, xh), a Nagios resource macro, a vendor's live-mode
key with hex after its prefix, and "password" as Pennsylvania Dutch spells it.  Names,
versions, paths and lists of the same shapes pass."""

# ruff: noqa: RUF001

from __future__ import annotations

from gitledger.core.credentials import find_credential
from tests.core.credential_checks import kind_tests

#: Each text and the password in it.
SECRETS = {
    "a Wi-Fi network and its key under a label": (
        "AUSHANG KABINE 2\nWLAN Jugendraum: TSV-Jugend / TSV18608!\nTrainingszeiten hinten",
        "TSV18608!"),
    "a broker's user and a random password under a label": (
        "If HA doesn't see the devices, check the mosquitto user: zigbee / yfIMdRWEBZZplbEm in "
        "/opt/zigbee2mqtt/data/configuration.yaml", "yfIMdRWEBZZplbEm"),
    "a phone's number as the account, a full-width colon": (
        "宝，账号给你：13817720491 / St34m98$ 用完记得改一下", "St34m98$"),
    "xh's -a user:password": (
        "Verified by: xh -a deploy:harbor.deploy.registry7 https://registry.int/v2/_catalog",
        "harbor.deploy.registry7"),
    "a Nagios resource macro": (
        "# /usr/local/nagios/etc/resource.cfg\n$USER1$=/usr/local/nagios/libexec\n"
        "$USER4$=nAUg5RJeFKbWPEbU\n", "nAUg5RJeFKbWPEbU"),
    "a Nagios resource macro added in a diff": (
        "+# snmpv3 for the new switches\n+$USER7$=nagios-monitor-check4", "nagios-monitor-check4"),
    "a vendor's live-mode key of hex": (
        "curl -G https://api.scrapfly.io/scrape -d key=scp-live-0f67f41b5258fc657e4395ae1841ef2a",
        "0f67f41b5258fc657e4395ae1841ef2a"),
    "a connection's password after a quoted JDBC URL": (
        'DriverManager.getConnection("jdbc:mysql://localhost/shop", "root", "48201937")',
        "48201937"),
    "Pennsylvania Dutch's word": (
        "Es Passwatt fer der Computer im Schtor is amos54. Denki.", "amos54"),
}

ORDINARY = (
    "Platforms: amd64 / arm64v8",
    "Stack: React / Next.js14",
    "Versions: python3.11 / python3.12",
    "Ratio: 16 / 9",
    "Branches: main / release-2024.1",
    "rsync -a backup@nas:/srv/data /mnt/backup",
    "docker run -a stdout alpine echo hi",
    "curl -u user:<password> https://api.example.com",
    "$USER1$=/usr/local/nagios/libexec\n$USER3$=monitor\n$USER5$=public",
    "restore_keys: linux-pip-0f67f41b5258fc657e4395ae1841ef2a",
    "The basswood panel is 3 mm thick.",
    # from a review by a helper who had not seen the rules (helper-88)
    'ansible web -m apt -a "name=nginx,state=latest"',
    "rsync -a deploy@web02:public_html/ ./mirror/",
    "key: deps-live-0f67f41b5258fc657e4395ae1841ef2a",
    "$USER10$=check_mysql_health",
    'fmt.Println("postgres://db:5432/app", "ok", "latency")',
    "Route: checkout / CheckoutV2Page",
    'log.info("jdbc:postgresql://db:5432/app", "pool", "HikariPool-1")',
    'page.goto("https://example.com/login", "load", "30000")',
    'create_engine("postgresql+psycopg://app@db/app", "echo", "pool_pre_ping")',
)


(test_a_logins_password_is_refused_and_redacted,
 test_names_versions_and_paths_in_the_same_places_pass) = kind_tests(SECRETS, ORDINARY)


def test_an_assignments_finding_takes_the_article_of_its_key() -> None:
    assert find_credential("AccountKey=abcdEFGH1234ijklMNOP5678qrst") == (
        "an accountkey assignment")
    assert find_credential("password=Kx9fj39dkLm2") == "a password assignment"
