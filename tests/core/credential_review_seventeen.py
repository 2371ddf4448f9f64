# ruff: noqa: RUF001
"""Review of round seventeen, written without reading the scanner: twelve new places and
shapes where a password or token is refused.

The rules, as claimed:

1. A "heart" password, ``i<3`` or ``I<3`` run into a name and a number or a closing sign
   (``i<3Name76``, ``I<3Name!``), on any line of prose in any language, with or without a
   word for "password" near it.
2. On a line that has already said a word for "password" (in English or in one of the many
   languages the scanner knows), one later value plain in shape that ends its clause (full
   stop, comma, end of line, an emoji, or a word in a non-Latin script after it): a
   capitalised name or a word in capitals plus two or three digits, or three or more words
   of four or more letters joined by one mark in mixed case.  Not a product with its
   version, not an algorithm, not a dotted setting path, not two such values on a line.
3. In a Markdown, CSV or TSV table with a "secret"/"secrets" column, the first value there
   that looks chosen or generated (not the name of a secret, not yes/no/true).
4. A command-line flag whose name ends in pass, password, passwd, pwd, secret, token, auth,
   psk or passphrase, with one or two dashes, also inside chat-client slash commands.
5. ``KEY=value`` with any key whose value is made up: 12+ characters, both cases and a
   symbol, no spaces, no ``$ % { }``.
6. Dotted lower-case words closed by a sign under a password key.
7. A capitalised name (a first part of two letters will do) with a four-digit year before a
   dash, unless it opens its sentence (a title); lines in scripts with vowel signs (Thaana,
   Devanagari, Thai, Bengali...) now count as prose.
8. A name and number closed by a sign, even after a one-word label.
9. A UUID given to ``-p`` or ``-k``; a long random token given to ``-T``.
10. A config key ending in auth, pass, secret or token (not key) followed by a password of
    the kind people choose, not a hex id.
11. The value printed for a variable whose name ends in _token, .token, _secret, .secret or
    _password (any case), as CI logs print substitutions.
12. What ``echo`` prints in a mail client's password command (aerc source-cred-cmd, msmtp
    passwordeval, mbsync PassCmd, offlineimap remotepasseval); not ``echo $VAR``, not
    ``pass show``.

``a`` cases are credentials in these places and shapes (they must be refused); ``b`` cases
are ordinary texts a person or a coding agent writes in the same places and shapes (they
must pass); ``c`` cases are live secrets dressed to fall into one of the rules' exclusions
(they must be refused).  Every secret here is made up for this file.  ``HOSTILE`` holds
short units that, repeated to 100 KB, might make the rules slow.
"""

from __future__ import annotations

CASES: list[tuple[str, str]] = [
    # --- a: credentials in the new rules' places and shapes
    # rule 1: heart passwords, any language, with or without a word for password
    ("a01", "the wifi at Nana's is i<3Marco76 btw"),
    ("a02", "Mot de passe du Wi-Fi chez mamie : I<3Paris! (elle l'a choisi toute seule)"),
    ("a03", "Das Tablet im Wohnzimmer geht mit i<3Bruno88 auf, sag es nicht weiter."),
    ("a04", "ya cambié la tele, ahora entra con I<3Lucia09"),
    ("a05", "ルーターの管理画面は i<3Kenta2020 で入れます"),
    ("a06", "Fact: the family iMac unlocks with I<3Sofia#, checked by logging in on Sunday."),
    ("a07", "Locker 12 note: i<3Oskar4 opens the staff laptop"),
    # rule 2: a plain value on a line that already said "password"
    ("a08", "password for the lab printer admin is BRAVO417."),
    ("a09", "Passwort fürs Gäste-WLAN: Hannelore58, bitte nicht weitergeben"),
    ("a10", "le mot de passe du NAS c'est Gribouille73 😉"),
    ("a11", "la contraseña del router quedó como lluvia_Norte_campo."),
    ("a12", "senha do wifi da casa de praia é Marizete45."),
    ("a13", "hasło do skrzynki działowej to KASZTAN92, zmienię w piątek"),
    ("a14", "пароль от роутера Barsik77 не меняй пожалуйста"),
    ("a15", "Reset done, the new password for the kiosk is copper-Meadow-thistle, tell the "
            "front desk."),
    ("a16", "het wachtwoord van de printer is Tulpen84, groetjes"),
    ("a17", "Yeni şifre Karadeniz53, yarın değiştiririz."),
    ("a18", "lösenord till NAS: Snoddas74"),
    ("a19", "wifi 密码 Xiaomei88 别外传"),
    ("a20", "Fact: the password on the staging SFTP user was set to ORCHID204, verified by "
            "login."),
    ("a21", "IT-4412 user asked for a password reset; temp value Gunnarsen29, must change "
            "on next login"),
    ("a22", "Decision: keep the shared password as harbor.Lantern.quince until the vault "
            "move."),
    # rule 3: tables with a secret column
    ("a23", "| service | user | secret |\n|---|---|---|\n| grafana | admin | Tq7#mLp2vXz9 |"),
    ("a24", "name,url,secret\nbackup-nas,https://nas.local,Hollyhock!2291"),
    ("a25", "account\tsecrets\tnotes\nwifi-guest\tmoss-Kettle-93\tlobby"),
    ("a26", "| env | Secrets | owner |\n|---|---|---|\n| staging | 9fKq2LmX8wPz4RtB | ops |"),
    ("a27", "| host | secret |\n|---|---|\n| db-1 | n/a |\n| db-2 | Walrus!Fen2017 |"),
    # rule 4: flags ending in a secret's name, one or two dashes, slash commands
    ("a28", "/network add -sasl_mechanism PLAIN -sasl_username mika -sasl_password "
            "Fjord!Lumo83 liberachat"),
    ("a29", "./backup.sh --db-pass Kx9!vR2mQ7 --host db.internal"),
    ("a30", "hostapd-setup --wifi-psk Sommerhaus2019 --ssid cabin"),
    ("a31", "./deploy --api-token 7fQz1xWm9LkP3sRt --env prod"),
    ("a32", "vpn-up -passphrase Amber.Otter.77 -gw vpn.example.net"),
    ("a33", "./sync.sh -u backup -pwd Rt8#kQ2mZ /srv/data"),
    ("a34", "oauth-cli register --client-secret Qx8mP2vL9rT4zK7wN3aB --name dashboard"),
    ("a35", "mirror-tool --basic-auth Wz7qLm3R https://mirror.example.org"),
    ("a36", "/server add -auth Pelican2020 irc.example.net 6697"),
    # rule 5: KEY=value with a made-up value
    ("a37", "P=Gx7!mQ2rLp9wT"),
    ("a38", "MAIL_SETUP=Wren#Harbor2291x"),
    ("a39", "X=trK9@vBq2Lm0zz"),
    ("a40", "export K=Pq8^rTz1!mWn4v"),
    ("a41", "note=Hb3&Tq9-Lw2*Zr"),
    # rule 6: dotted lower-case passphrase closed by a sign under a password key
    ("a42", "password velvet.anchor.tulip!"),
    ("a43", "db_password: orbit.lantern.maple#"),
    ("a44", "PASSWORD=copper.thimble.fjord?"),
    ("a45", "passwd granite.willow.ember&"),
    # rule 7: name and year before a dash, not opening the sentence; scripts with vowel signs
    ("a46", "ok for the tablet use GoTeam2024 — see you Monday"),
    ("a47", "for the booth laptop use Marlow2023 - Sam set it"),
    ("a48", "รหัสของห้องประชุมคือ Somchai2022 - อย่าบอกใคร"),
    ("a49", "वाईफ़ाई के लिए Priya1998 - किसी को मत बताना"),
    ("a50", "আমাদের রাউটারের কোড Rahim2001 - কাউকে বলবেন না"),
    ("a51", "ވައިފައި ކޯޑަކީ Aminath1995 - އެހެން މީހަކަށް ނުދައްކާ"),
    # rule 8: name and number closed by a sign after a one-word label
    ("a52", "Router: Kessel-24#"),
    ("a53", "wifi: Margot12$"),
    ("a54", "Kiosk: Baltra-07!"),
    ("a55", "Ключ: Vetka-31&"),
    # rule 9: UUID to -p / -k, random token to -T
    ("a56", "mc-admin login -u ops -p 3f9c1e2a-7b4d-4c8e-9a21-5d6f0b8e7c13"),
    ("a57", "kcadm-sync -k 0c7e5a91-2f3b-4d6e-8a1c-9b4f2e7d3a60 --realm ops"),
    ("a58", "deploy-bot -T a8Kf3Lq9Zm2Rv7Wx4Tn6Bc1Yp5Hd0Gs push main"),
    # rule 10: config key ending in a secret's name with a chosen password
    ("a59", "masterauth Limerick2016"),
    ("a60", "requirepass Sunflower1987"),
    ("a61", "rpc-secret Zanzibar2012"),
    ("a62", "hub_token Fenwick2020!"),
    # rule 11: value printed for a secret-named variable
    ("a63", "Substituting variable: ${ci.sonar_token} with "
            "9c1Kq3Lz7Wm2Rt8Xv4Bn6Yp0Hd5Gs1Fa3Jk7QeZu"),
    ("a64", "[build] resolved $DEPLOY_SECRET -> Zq7Lm3Wr9Kt2Vx8Pn4Bs6Hc"),
    ("a65", "Replacing ${app.db_password} with Hq2!Lm7rVx in application.yml"),
    ("a66", "set build.token to Wk3Lp8Zr2Qm9Tv6Xn4Bc7Yd"),
    # rule 12: echo in a mail client's password command
    ("a67", "source-cred-cmd = echo Tarn7!Quill"),
    ("a68", 'passwordeval "echo Gannet2018"'),
    ("a69", "PassCmd \"echo 'Wx8#kLm2pQ'\""),
    ("a70", "remotepasseval = echo Brambling55"),

    # --- b: ordinary texts in the same shapes and places
    # rule 1: i<3 in code and chat without a password
    ("b01", "for (int i=0; i<3; i++) { sum += a[i]; }"),
    ("b02", "if i<3: retries += 1"),
    ("b03", "I <3 NY sticker, 3 for $10"),
    ("b04", "i<3 u too, see you at 7!"),
    ("b05", "while(i<3)x++;"),
    ("b06", "assert i<30, 'too many shards'"),
    ("b07", "The heart <3 and i<3 are both common in chat, Priya said."),
    # rule 2: a password line with products, algorithms, paths, lists, mid-clause names
    ("b08", "The password hashing moved to SHA256, see the ADR."),
    ("b09", "Password reset emails now render in Office365."),
    ("b10", "The password manager extension needs Node20."),
    ("b11", "Password policy is enforced on Windows10, Windows11 and macOS."),
    ("b12", "Set the password length under Security.Password.MinLength."),
    ("b13", "Die Passwort-Prüfung läuft jetzt unter Python311."),
    ("b14", "La contraseña se cifra con AES128, no con DES."),
    ("b15", "The password reset desk is in Room204 on the second floor."),
    ("b16", "Password-protected builds: Python311, Node20."),
    ("b17", "пароль от базы теперь хранится в Postgres16."),
    ("b18", "Password expiry: 90 days, per ISO27001."),
    ("b19", "The password change screen broke on Android14."),
    ("b20", "Password hints are read from config.auth.passwordHint."),
    ("b21", "Passwort ändern: Einstellungen → Konto → Sicherheit."),
    ("b22", "Password strength labels: Weak01, Strong02."),
    ("b23", "The password field is validated by checkPasswordStrength() in UserForm."),
    ("b24", "mot de passe oublié ? voir la salle B12 au rez-de-chaussée"),
    ("b25", "Password rotation is owned by Team Falcon, sprint 42."),
    ("b26", "Password tests now run on Java21 and Kotlin19 nightly."),
    # rule 3: tables that list secret names, flags and references
    ("b27", "| service | secret | rotated |\n|---|---|---|\n| api | DB_PASSWORD | 2024-05-01 |"),
    ("b28", "app,secret,required\nweb,STRIPE_API_KEY,yes\nworker,REDIS_URL,no"),
    ("b29", "| name | secret |\n|---|---|\n| alice | yes |\n| bob | no |"),
    ("b30", "job\tsecrets\tscope\ndeploy\tAWS_ACCESS_KEY_ID\trepo"),
    ("b31", "| Secret | Used by |\n|---|---|\n| `SONAR_TOKEN` | Actions |\n"
            "| `npm-publish` | org |"),
    ("b32", "| secret | required |\n|---|---|\n| true | false |"),
    ("b33", "| step | secrets |\n|---|---|\n| build | inherit |"),
    ("b34", "| secret | value |\n|---|---|\n| api_key | ${{ secrets.API_KEY }} |"),
    ("b35", "secret,count\nvault/db/prod,3"),
    ("b36", "| secret | owner |\n|---|---|\n| GrafanaAdminPassword | ops |"),
    # rule 4: flags without secrets, slash commands without secrets
    ("b37", "/network add -autoconnect -sasl_mechanism PLAIN libera"),
    ("b38", "/join #ops"),
    ("b39", "/msg NickServ help register"),
    ("b40", "mysql --skip-password -u root"),
    ("b41", "app --password-file /run/secrets/db --port 5432"),
    ("b42", "openssl enc -aes-256-cbc -pass env:BACKUP_PASS -in a.tar -out a.tar.enc"),
    ("b43", "docker login ghcr.io -u bot --password-stdin < pw.txt"),
    ("b44", "./serve --auth none --port 8080"),
    ("b45", "./serve --no-auth"),
    ("b46", "deploy -token ${{ secrets.DEPLOY_TOKEN }}"),
    ("b47", "mosquitto_sub --psk-identity client1 -t sensors/#"),
    ("b48", "/set irc.server.libera.sasl_password \"${sec.data.libera}\""),
    # rule 5: KEY=value that is not made up
    ("b49", "LOG_LEVEL=debug"),
    ("b50", "P=3.14159"),
    ("b51", "JAVA_OPTS=-Xmx2g -Dfile.encoding=UTF-8"),
    ("b52", "PATH=$HOME/.local/bin:$PATH"),
    ("b53", "TZ=America/Los_Angeles"),
    ("b54", "BRANCH=feature/Login-Page"),
    ("b55", "VERSION=1.2.3-RC1"),
    ("b56", "TEMPLATE={{Name}}-Report-Q3"),
    ("b57", "DATE_FMT=%Y-%m-%dT%H:%M"),
    ("b58", "GREETING=Hello, World!"),
    # rule 6: password keys with dotted words that are not passphrases
    ("b59", "password: secrets.db.main"),
    ("b60", "Forgot your password? Go to help.example.org!"),
    ("b61", "password_policy: min.length.twelve"),
    # rule 7: a name with a year that opens its sentence, or vowel-sign scripts without one
    ("b62", "Hackathon2025 — photos are up on the drive"),
    ("b63", "GoTeam2024 - retro notes"),
    ("b64", "Songkran2024 - ภาพงานสงกรานต์ของทีม"),
    ("b65", "Notes. Offsite2023 - agenda attached."),
    ("b66", "## Summit2024 – Keynote recap"),
    ("b67", "यह ऐप Android14 पर चलता है और 2024 - 2025 में अपडेट होगा"),
    ("b68", "আমাদের দল 2023 - 2024 মৌসুমে জিতেছে"),
    # rule 8: labels with values that are not passwords
    ("b69", "Ticket: ABC-24"),
    ("b70", "Price: 12$"),
    ("b71", "Slack: #team-24"),
    ("b72", "Status: Done!"),
    # rule 9: -p, -k, -T with ordinary values
    ("b73", "docker run -p 8080:80 nginx"),
    ("b74", "ssh -p 2222 deploy@host"),
    ("b75", "sort -k 2,2 -t , data.csv"),
    ("b76", "pytest -k test_password_reset -p no:cacheprovider"),
    ("b77", "timeout -k 5s 60s ./run.sh"),
    ("b78", "curl -T report-2024.pdf ftp://files.example.org/upload/"),
    ("b79", "docker compose exec -T web python manage.py migrate"),
    ("b80", "tar -T filelist.txt -cf out.tar"),
    # rule 10: config keys ending in pass/auth/token with non-passwords
    ("b81", "proxy_pass http://app_servers;"),
    ("b82", "fastcgi_pass 127.0.0.1:9000;"),
    ("b83", "proxy_cache_bypass $http_pragma;"),
    ("b84", "# masterauth <master-password>"),
    ("b85", "trace_token 4f3a9c2e"),
    ("b86", "gss_auth Kerberos5"),
    # rule 11: CI logs substituting non-secrets or masked secrets
    ("b87", "Substituting variable: ${ci.build_number} with 20240517.3"),
    ("b88", "Substituting variable: ${ci.sonar_token} with ***"),
    ("b89", "Substituting variable: ${ci.branch} with feature/Login-Page"),
    ("b90", "Resolved ${env.GITHUB_TOKEN} to [MASKED]"),
    ("b91", "Replacing ${app.db_password} with ${vault:db/prod#password}"),
    ("b92", "variable ${build.token} is unset, skipping publish"),
    ("b93", "Substituting variable: ${ci.commit_sha} with "
            "3f9a2c1e7b4d8a6c0e5f1b3d9a7c2e4f6b8d0a1c"),
    # rule 12: mail password commands without a literal
    ("b94", "source-cred-cmd = pass show mail/fastmail"),
    ("b95", 'passwordeval "echo $MAIL_PASSWORD"'),
    ("b96", 'PassCmd "gpg -q --decrypt ~/.mbsyncpass.gpg"'),
    ("b97", "remotepasseval = get_pass('work')"),
    ("b98", "echo Hello2024 > greeting.txt"),
    ("b99", 'passwordeval "secret-tool lookup email me@example.org"'),
    ("b100", 'PassCmd "echo ${MBSYNC_PASS}"'),

    # --- c: live secrets dressed to fall into an exclusion
    ("c01", "Passwort: Windows1987."),
    ("c02", "the password for the shared mailbox is Office365!"),
    ("c03", "senha do cofre: SHA256Marta."),
    ("c04", "new password is security.Harbor.lantern, set by IT"),
    ("c05", "password for staging is Ravena44, for prod it is Tobias57."),
    ("c06", "| user | secret |\n|---|---|\n| ci | DB_Passw0rd_2291! |"),
    ("c07", "| host | secret |\n|---|---|\n| vpn | TRUE_north_1987 |"),
    ("c08", "ADMIN=Kx9$mQ2!rLp7"),
    ("c09", "S=Gx7%mQ2rLp9w!"),
    ("c10", "Q=x7!mq2rlp9wz8"),
    ("c11", "password Velvet.Anchor.Tulip!"),
    ("c12", "Marlow2023 - that's the booth laptop login, don't share it"),
    ("c13", "GoTeam2024 — use it for the shared drive until Friday"),
    ("c14", "sshpass -p Gx7mQ2rLp9wZ ssh ops@host"),
    ("c15", "api_key Sunflower2019"),
    ("c16", "requirepass 7c3e9a1f5b2d8e4a6c0f3b9d1e7a5c2f"),
    ("c17", "Substituting variable: ${ci.sonar_key} with "
            "Rk4Tz8Lq1Wm6Vx3Pn9Bs2Hc7Yd5Gf0Ja"),
    ("c18", "passwordeval \"printf '%s' Gannet2018\""),
    ("c19", 'PassCmd "echo -n Wx8kLm2pQz"'),
    ("c20", "source-cred-cmd = echo '$Tq7mLp2!'"),
    ("c21", "./backup.sh --db-pass=Kx9!vR2mQ7 --host db.internal"),
    ("c22", "contraseña: Node2077,"),
    ("c23", "password for the wiki bot is AES512Pablo"),
    ("c24", "Passwords: wifi Ravena44, nas Tobias57"),
    ("c25", "I <3Marco76 is the wifi at Nana's"),
    ("c26", "masterauth \"Limerick2016\""),
]

#: Short units that, repeated to 100 KB, might make the rules slow.
HOSTILE: list[str] = [
    "i<3",
    "I<3Ab",
    "password Aa1 ",
    "пароль Ab12 ",
    "|secret",
    "--db-pass -p -k -T ",
    "P=Aa!",
    "a_Bb_cccc_",
    "word.word.",
    "Go2024 - ",
    "${a_token} with ",
    "source-cred-cmd = echo ",
    "ก่",
    "Name-24#",
]

#: The groups as the other reviews hold them: credentials (A), ordinary texts (B), real
#: secrets dressed as the rules' exclusions (C).
A = [case for case in CASES if case[0].startswith("a")]
B = [case for case in CASES if case[0].startswith("b")]
C = [case for case in CASES if case[0].startswith("c")]
