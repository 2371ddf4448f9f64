"""What stands where a secret does and is none (round twenty): a password hashed in the
modular crypt format under a password's name, Ruby's ``#{ENV[…]}``, ``token=$VAR`` and a
command substitution that computes the value, a record's id under a prefix that names the
record, a flag that asks for the password, a connection's password by reference.  The same
shapes that are secrets stay refused: a bcrypt-shaped API key, a literal token or one a
substitution only echoes, a credential's prefix, a password after a continued flag, a
connection call's literal password after its address and user."""

from __future__ import annotations

import pytest

from gitledger.core.credentials import find_credential

ORDINARY = {
    "rspamd's hashed controller password": (
        '# /etc/rspamd/local.d/worker-controller.inc\npassword = "$2$3yqhq94gnuwohly8h2vcidhie'
        'o39s4$iuvdv9dybbg5k5m17zi8h7yo15c9pnoph2uf5j9l8gp7hnmt1d";  # rspamadm pw'),
    "what rspamadm pw printed": (
        "rspamadm pw\nEnter passphrase:\n$2$nvxokzs6i5r7u0x5ltn3ebnedefkh5$t0rvvx9101xwhu3axv"
        "n3byqrqdzy8b5t3p92iayx0nk1xi49zi"),
    "shadow's SHA-512 under password": (
        'password = "$6$rounds=5000$Hs3J/3VNQ.YcGcGr$QG0QM08yj0XsIyQW1Tr3vO0/0ELW3UZfxkYF.ke'
        'vuiybJxdvZfPm3b7airGKzoRJvpAfMW4Uik9tbsAT"'),
    "a Ruby interpolation of the environment": (
        "<match audit.**>\n  @type opensearch\n  user \"#{ENV['FLUENT_OS_USER']}\"\n"
        "  password \"#{ENV['FLUENT_OS_PASSWORD']}\"\n</match>"),
    "a token's name and a shell variable": (
        'curl -H "Authorization: Token token=$ZAMMAD_TOKEN" https://support.example.com/api'
        "/v1/tickets/search?query=state:open"),
    "a flag that asks for the password, then what the client printed": (
        "$ clickhouse-client -h 10.8.0.44 -u default --ask-password\nClickHouse client version"
        " 24.8.4.13 (official build).\nPassword for user (default):"),
    "a command substitution that reads a variable": (
        'action(type="omelasticsearch" uid="rsyslog" pwd=`echo $ES_PWD` bulkmode="on")'),
    "a command substitution that reads a store": (
        "TOKEN=$(vault kv get -field=token secret/ci)"),
    "a command line's arguments as a list, a URL before them": (
        "argv: ['twine', 'upload', '--repository-url', 'https://devpi.corp/root/dev', '-u', "
        "'buildbot', '-p', '<hidden>', 'dist/*']"),
    "a connection's password by reference or the user's name again": (
        'DriverManager.getConnection(jdbcUrl, "app", "${DB_PASS}");\n'
        'DriverManager.getConnection("jdbc:postgresql://db/app", "postgres", "postgres");'),
    "OneDev's reference to a job secret": (
        "PGPASSWORD=@secret:staging-db-password@ psql -h pg-staging -U migrator -d app"),
    "a URL's password from a format string": (
        "hub = f\"https://{os.environ['LT_USERNAME']}:{os.environ['LT_ACCESS_KEY']}"
        "@hub.lambdatest.com/wd/hub\""),
    "a payment platform's record ids": (
        "Rapyd wallet ewallet_3f9c1a7e5b2d48f0a6c9e1d3b5f7a2c4 received payout "
        "payout_0a1b2c3d4e5f67890a1b2c3d4e5f6789."),
    "an attribute's path under a password's name": "DB_PASSWORD = self.db.PWD",
    "a value its own setting says is encrypted": (
        "CM_KEYSTORE_PASSWORD: Encrypted(Z0FBQUFBQm5mRTdvX2JxZ0t6VFhNQ3ZPQmZ6V0p0S2FtN2lGZ2t1b1Z"
        "qY1N0eG1fM0RBcWZ6cEY4OEhZN0JmZz09)"),
    "a CRM's record ids": (
        "Close lead id lead_w3LOkSZpXfPv8lYA9SeOjM9Th47h1FvyLI8zmvdsgPm - status 'Qualified', "
        "owner user_n5oTMztszqOXItKbd5bLPlyhW2ZNpwnFCkGQah4Aebr."),
    "an option's value described in angle brackets, with spaces": (
        "rclone config create s3 --s3-secret-key=<ask the platform team> --s3-region eu-west-1"),
    "a passphrase option's value described in angle brackets": (
        "borg-serve --repo-passphrase <kept in the safe, ask Dana> --append-only"),
    "Juju's secret URI given to a charm's option": (
        "juju config discourse db_password_secret=secret:d2k7p1mq9a4s60c3fh8g"),
    "a secret store's reference under a password's key": (
        "options:\n  admin-password: secret:csa3tkmq7bn2l0r1o6pg\n  smtp-token: vault:kv/mail"),
    "a password's MD5 beside the attribute that says so": (
        '<user name="ops" password="9b74c9897bac770ffc029102a200c5de" encoding="md5"/>'),
    "a password's SHA-256 beside the key that says so": (
        '{"user": "kiosk", "password": "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef'
        '721d1542d8", "hash": "sha256"}'),
}

SECRETS = {
    "an API key shaped as a bcrypt hash": (
        "CF_API_KEY='$2a$10$LarIIzbxmhaLbNnpG8z/oJUzfbe7jWxZjvdrfF2j0tYHJiWBDAqUF'"),
    "a literal token after the same header": (
        'curl -H "Authorization: Token token=Zk38fjs9dKq0Lm2Qx7Pw" https://support.example.com'),
    "a credential's prefix and a random body": (
        "export VENDOR_KEY=live_w3LOkSZpXfPv8lYA9SeOjM9Th47h1FvyLI8zmvdsgPm"),
    "a literal echoed by a command substitution": "DB_PASSWORD=`echo Xk9mQ2vLp7wR`",
    "a password after a flag continued on the next line": (
        "psql-admin --host db.lan \\\n  --password Kx9fj39dkLm2 \\\n  --list"),
    "a connection's password after a JDBC URL": (
        'Transactor.fromDriverManager[IO]("org.postgresql.Driver", "jdbc:postgresql://'
        'localhost:15432/catalog", "catalog", "scala-cats-doobie8", None)'),
    "a connection's password after a variable for the URL": (
        'HikariTransactor.newHikariTransactor[IO](driver, url, "billing", '
        '"2h0l8J3gJe7WSVCa2JahFC", ce)'),
    "an assignment in a sentence that names a commit": (
        'the last commit moved [env] REDIS_PASSWORD = "Nzz3UGjQSeHbz2iYCkEanxZ4" into mise.toml'),
    "a random value with a dot in an environment file": (
        "REGISTRY_USER=laminar\nREGISTRY_PASS=gFncKGKbCoR.HqDytp"),
    "Apple's app-specific password after notarytool's flag": (
        "$ xcrun notarytool submit dist/L.dmg --apple-id release@nordwerk.studio --password "
        "dlla-pxik-jaia-ptew --wait"),
    "an Oracle connect string after SQLcl": (
        "Verified by `sql -S rpt_owner/SBKydHr52Y8kxXtTKj@//ora-stg-01.internal:1521/orclpdb1"
        " @sql/check_jobs.sql`"),
    "a password beside its hash": (
        'password = "Kx9$fj39dkLm"\npassword_hash = "$2b$12$zU8eZyXoMQ2rrQZ91O6CGmUnBRJxUxmf'
        '6CxINyC2ggIhxxwRQuI1w"'),
    "a secret that opens with an angle bracket, given to an option": (
        "rclone config create s3 --s3-secret-key=<Zq8vK2mX9pLw4RtN --s3-region eu-west-1"),
    "the same value with no store's scheme before it": (
        "juju config discourse db_password_secret=d2k7p1mq9a4s60c3fh8g"),
    "a plain password beside an encoding that names a digest": (
        '<user name="ops" password="Kx9fj39dkLm2" encoding="md5"/>'),
    "hex shorter than the digest its sibling names": (
        '<user name="ops" password="9b74c9897bac770ffc029102a200c5de" encoding="sha256"/>'),
}


@pytest.mark.parametrize("kind", sorted(ORDINARY))
def test_what_stands_in_a_secrets_place_and_is_none_passes(kind: str) -> None:
    assert find_credential(ORDINARY[kind]) is None


@pytest.mark.parametrize("kind", sorted(SECRETS))
def test_the_same_shapes_holding_a_secret_are_refused(kind: str) -> None:
    assert find_credential(SECRETS[kind]) is not None
