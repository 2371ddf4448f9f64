# ruff: noqa: RUF001, E501
"""Review of round twenty-one, written without reading the scanner (helper-92): the places
its rules added and the exclusions beside them.

The rules, as claimed to the reviewer:

1. After the word for a password, a lowercase word and two or three digits, or a name,
   digits and a closing sign, possibly followed by a particle ending the sentence; not
   after a word saying where or whose (``for host12``, ``de jean42``).
2. Passphrases of joined words ending in a number, or capitalised words joined by dots and
   a number, after the word for a password.
3. A line naming a Wi-Fi network read like one naming a password; not the network's own
   name (a band, ``guest``, a router's default).
4. SQL's ``IDENTIFIED BY``, Oracle's Easy Connect, a URL's dotted password, a PIN after
   what it unlocks, a client built with hex, monit's ``allow``, a key named for its
   digest, German's ``API-Token``.
5. What passes: ids, ARNs, tagged hashes, keys typed in order, a flag after an address,
   declared digests, store references, angled placeholders.

``a`` cases are credentials (they must be refused); ``b`` cases ordinary texts in the same
places (they must pass). Each holds the rule it probes (1 to 5) in a comment. ``DEBATABLE``
names the cases its author could call either way."""

from __future__ import annotations

CASES: list[tuple[str, str]] = [
    ('a001', 'hey the password is kucing88'),  # 1
    ('a002', 'wachtwoord: zonnebloem52'),  # 1
    ('a003', 'Passwort ist hase77'),  # 1
    ('a004', 'contraseña: perrito123'),  # 1
    ('a005', 'mot de passe : chaton29'),  # 1
    ('a006', 'a senha é gatinho99'),  # 1
    ('a007', 'пароль: barsik55'),  # 1
    ('a008', 'kata sandi: melati21'),  # 1
    ('a009', 'password nya kopi45 ya'),  # 1
    ('a010', 'Şifre: Zeynep34!'),  # 1
    ('a011', 'parolă: Andrei88$'),  # 1
    ('a012', 'पासवर्ड: ramesh123'),  # 1
    ('a013', '密码是 lili520'),  # 1
    ('a014', 'パスワードは sakura12 です'),  # 1
    ('a015', '비밀번호 minji97 입니다'),  # 1
    ('a016', 'password dia zainal83 je.'),  # 1
    ('a017', 'lozinka: Milan85!'),  # 1
    ('a018', 'hasło: Kasia91@'),  # 1
    ('a019', 'jelszó: Bence12!'),  # 1
    ('a020', 'salasana on kissa66'),  # 1
    ('a021', 'adgangskode er hund42'),  # 1
    ('a022', 'κωδικός: Nikos77!'),  # 1
    ('a023', 'סיסמה: dana84'),  # 1
    ('a024', 'كلمة السر: ahmad77'),  # 1
    ('a025', 'mật khẩu là hoa123 nhé'),  # 1
    ('a026', 'รหัสผ่าน nok88 นะ'),  # 1
    ('a027', 'passcode: Sipho12!'),  # 1
    ('a028', 'the pwd is rahul786'),  # 1
    ('a029', 'password: Rosa12@'),  # 1
    ('a030', "the new password is laila321, don't share it"),  # 1
    ('a031', 'pwd = Omar99$'),  # 1
    ('a032', 'password ganti jadi rudi55 ya'),  # 1
    ('a033', 'пароль поменял на vasya77'),  # 1
    ('a034', 'contraseña cambiada a pepe45'),  # 1
    ('a035', 'password changed to dilan42'),  # 1
    ('a036', 'Passwort: Jonas91#'),  # 1
    ('a037', 'password sekarang budi88'),  # 1
    ('a038', 'la password è gatto73'),  # 1
    ('a039', 'password: Aiko2020!'),  # 1
    ('a040', 'okay so password is Tendai45! and username is admin'),  # 1
    ('a041', 'senha do wifi? é Camila22!'),  # 1
    ('a042', 'password mamak56 lah.'),  # 1
    ('a043', 'пароль misha90, не теряй'),  # 1
    ('a044', 'password: kartoshka-Volga-Dinamo7'),  # 2
    ('a045', 'пароль: berezka-Sokol-Zenit3'),  # 2
    ('a046', 'mot de passe : baguette-Lyon-Rhone8'),  # 2
    ('a047', 'passphrase is mango-Kerala-Kochi42'),  # 2
    ('a048', 'contraseña: Sevilla.Betis.Triana9'),  # 2
    ('a049', 'wachtwoord is Utrecht.Dom.Gracht3'),  # 2
    ('a050', 'password = kaju-Goa-Panaji2'),  # 2
    ('a051', 'kata sandi: sate-Padang-Bukit4'),  # 2
    ('a052', 'Passwort: Bodensee.Lindau.Hafen5'),  # 2
    ('a053', 'senha: caju-Recife-Olinda6'),  # 2
    ('a054', 'the password for the nas is pivo-Brno-Sparta1'),  # 2
    ('a055', 'passphrase: correct-horse-battery-staple9'),  # 2
    ('a056', 'password Tbilisi.Batumi.Kutaisi2 ok'),  # 2
    ('a057', 'parola: simit_Kadikoy_Moda7'),  # 2
    ('a058', 'password: Zebra.Lion.Kudu.88'),  # 2
    ('a059', 'hasło: pierogi-Krakow-Wisla3'),  # 2
    ('a060', 'la password è Roma.Trastevere.Tevere6'),  # 2
    ('a061', 'password is ugali-Nairobi-Gor5 for the admin panel'),  # 2
    ('a062', 'パスワード: sushi-Osaka-Namba8'),  # 2
    ('a063', 'pw: fjord-Bergen-Brann11'),  # 2
    ('a064', 'wifi: Sakura1987'),  # 3
    ('a065', 'wifi at the cafe is Fatima1990'),  # 3
    ('a066', 'WiFi = mango-Goa-Baga3'),  # 3
    ('a067', 'Wi-Fi at the office: Lagos2020!'),  # 3
    ('a068', "le wifi c'est Chamonix.Mont.Blanc4"),  # 3
    ('a069', 'wifi de la casa: Lucia2015'),  # 3
    ('a070', 'wifi: tupac-Kingston-Reggae8'),  # 3
    ('a071', 'wifi in room 12 is Bella2012'),  # 3
    ('a072', 'the wifi is pizza-Napoli-Vesuvio5'),  # 3
    ('a073', 'Wi-Fi ở quán: Linh1999'),  # 3
    ('a074', 'wifi na casa da vó: Joana1960'),  # 3
    ('a075', 'WIFI: Elif2016!'),  # 3
    ('a076', 'wifi code Kamau2018'),  # 3
    ('a077', 'wifi: Maple.Toronto.Leafs7'),  # 3
    ('a078', 'wifi pw Aroha2017'),  # 3
    ('a079', 'wifi - Kofi1988!'),  # 3
    ('a080', 'das WiFi ist Schnitzel-Wien-Prater2'),  # 3
    ('a081', 'wifi del hotel: Valentina2004'),  # 3
    ('a082', 'wifi sa bahay: Tala2010!'),  # 3
    ('a083', 'WiFi ya ofisi: Baraka2019'),  # 3
    ('a084', "wifi at grandma's is Olga1955"),  # 3
    ('a085', 'Wi-Fi (guest SSID Nino_Guest): Tamar2013'),  # 3
    ('a086', "CREATE USER 'app'@'%' IDENTIFIED BY 'xK9#mq';"),  # 4
    ('a087', "ALTER USER reporting IDENTIFIED BY 'tr0ub4dor';"),  # 4
    ('a088', "GRANT ALL ON shop.* TO 'shop'@'localhost' IDENTIFIED BY 'shopper';"),  # 4
    ('a089', 'create user etl identified by "Etl_2024";'),  # 4
    ('a090', "CREATE USER 'ro'@'10.0.%' IDENTIFIED WITH mysql_native_password BY 'r3adonly';"),  # 4
    ('a091', "ALTER USER 'x'@'h' IDENTIFIED BY 'abcd';"),  # 4
    ('a092', 'mysql -e "ALTER USER \'root\'@\'localhost\' IDENTIFIED BY \'n0v4-senha\';"'),  # 4
    ('a093', "CREATE ROLE analyst IDENTIFIED BY 'Ana!ytic5';"),  # 4
    ('a094', 'sqlplus hr/Welc0me1@dbhost:1521/ORCLPDB1'),  # 4
    ('a095', 'sqlplus system/manager42@10.0.3.7:1521/XE'),  # 4
    ('a096', 'expdp scott/t1ger@prod-db.corp:1521/SALES directory=DP_DIR'),  # 4
    ('a097', 'connect app_user/Kx82mzQ@//ora.internal:1522/svc'),  # 4
    ('a098', 'rman target sys/Or4cle!@db01:1521/CDB1'),  # 4
    ('a099', 'mongodb://admin:river.stone.lamp4@mongo1.internal:27017/app'),  # 4
    ('a100', 'postgres://app:blue.fish.tango8@db:5432/app'),  # 4
    ('a101', 'amqp://guest:Maple.Leaf.Hockey2@rabbit:5672/'),  # 4
    ('a102', 'redis://:sun.moon.star7@cache:6379/0'),  # 4
    ('a103', 'https://deploy:alpha.beta.gamma3@git.example.org/repo.git'),  # 4
    ('a104', 'eWallet PIN: 582914'),  # 4
    ('a105', 'GCash MPIN 482913'),  # 4
    ('a106', 'phone unlock PIN 739155'),  # 4
    ('a107', 'Paytm UPI PIN 918273'),  # 4
    ('a108', 'safe PIN is 583920'),  # 4
    ('a109', 'mi PIN del monedero es 760431'),  # 4
    ('a110', 'PIN der EC-Karte: 739184'),  # 4
    ('a111', 'var api = new WeatherClient("fdfc22fe8c34a9a2115a3a01e2bdf223");'),  # 4
    ('a112', "const pusher = new PusherClient('c8efb5b751dfe465e1d68ba342a9582f');"),  # 4
    ('a113', "client = new AlgoliaClient('APPID', '1e857cc52209f2b813938e3c8e45b999')"),  # 4
    ('a114', "$geo = new GeocodeClient('7c1d9d654f29f35c79a010a1587b1792');"),  # 4
    ('a115', 'set httpd port 2812\n    allow admin:m0n1tPass'),  # 4
    ('a116', 'allow monit:Zx82kQwe'),  # 4
    ('a117', '  allow ops:"s3cr3t-pass" read-only'),  # 4
    ('a118', "clave_sha256 = 'J5ZVHKyJqxX7qnVIdX4s'"),  # 4
    ('a119', 'hmac_sha1: 6fNbVyW3eGd8lfiHoLgl'),  # 4
    ('a120', 'chave_md5 = "4Kc1pyKSj25OKPbjP62O"'),  # 4
    ('a121', 'key_sha512=IdMbSH5UMv4bCpmP6LIW'),  # 4
    ('a122', 'Der API-Token für das Staging ist 3f2cd51dd6ed7c591808bed57ef54690'),  # 4
    ('a123', 'Der neue Zugangs-Token ist b4902e2d6454e223590cf8f3cbbaafb0'),  # 4
    ('a124', 'API-Schlüssel ist 6deac8a20ebcead56986931a0f00fb42'),  # 4
    ('a125', 'Unser Bearer-Token ist ae024eaa951bb0c482701aa30ed7fe53'),  # 4
    ('a126', 'sessionId=J5ZVHKyJqxX7qnVIdX4s password=mXQ9g4TZXOBaYwd0yyyY'),  # 5
    ('a127', 'password: Y9uv99agzrVEwB9fMyDX  # not vault:, just pasted'),  # 5
    ('a128', 'arn:aws:iam::123456789012:user/ci  aws_secret_access_key=ZyMDYtSk0BpN9h5WKYk6WmBdolgDeId5nttyFVAM'),  # 5
    ('a129', 'mysql -h 10.0.0.5 -u root -pC87g75ToXhD8iAf'),  # 5
    ('a130', 'api_key: 0123456789abcdef-but-real-9WQ8YgUmALFViB7Y'),  # 5
    ('a131', '<password encoding="plain">Kx82mzQw9!tR</password>'),  # 5
    ('a132', '--password=Qz8<x>Lm2Rw9'),  # 5
    ('a133', 'token id is fine but token is 6cdf6753562f44d6ca33fb159ac5bc7386feacd8'),  # 5
    ('a134', 'clientSecret: 4Kc1pyKSj25OKPbjP62O'),  # 5
    ('a135', 'client_id=0oa1b2c3d4E5F6g7H8i9&client_secret=C87g75ToXhD8iAfMdg1L'),  # 5
    ('b001', 'password reset for host12 done, please log in again'),  # 1
    ('b002', 'la contraseña en equipo22 ya funciona'),  # 1
    ('b003', 'cambié la contraseña en servidor14 esta mañana'),  # 1
    ('b004', 'password for server17 rotated by the on-call'),  # 1
    ('b005', 'Passwort für rechner05 geändert'),  # 1
    ('b006', 'le mot de passe du poste42 a expiré'),  # 1
    ('b007', 'a senha do usuario33 foi resetada'),  # 1
    ('b008', 'пароль от сервера db12 у Саши'),  # 1
    ('b009', 'password expired on node3 again'),  # 1
    ('b010', 'password policy v2 rolled out to all tenants'),  # 1
    ('b011', 'password reset ticket INC0012345 closed'),  # 1
    ('b012', 'the password is on the fridge'),  # 1
    ('b013', 'password is in the vault, entry ops-db'),  # 1
    ('b014', 'changed password at 10:30, all good'),  # 1
    ('b015', 'password sent to user42 via signal'),  # 1
    ('b016', 'password for build77 is not needed anymore'),  # 1
    ('b017', 'password manager version 3.14 released'),  # 1
    ('b018', 'kata sandi untuk akun admin01 sudah direset'),  # 1
    ('b019', 'password reset for user42 fixed in build77'),  # 1
    ('b020', 'password login for room 214 works now'),  # 1
    ('b021', 'password expires in 90 days'),  # 1
    ('b022', 'password changed on march12, nobody told me'),  # 1
    ('b023', 'wachtwoord van laptop23 vergeten'),  # 1
    ('b024', 'password of vm101 is in the vault'),  # 1
    ('b025', 'password hint: your first pet'),  # 1
    ('b026', 'パスワードをリセットしました (ticket 4512)'),  # 1
    ('b027', '비밀번호 변경 완료 - server03'),  # 1
    ('b028', 'password: see ticket SEC-441'),  # 1
    ('b029', 'password: same as last time'),  # 1
    ('b030', 'password: ask Maria at the front desk'),  # 1
    ('b031', 'password: <redacted>'),  # 1
    ('b032', 'password: ********'),  # 1
    ('b033', 'password: (not set)'),  # 1
    ('b034', 'password field max length is 128'),  # 1
    ('b035', 'password for team alpha7 channel is managed by IT'),  # 1
    ('b036', 'the password prompt on kiosk12 freezes'),  # 1
    ('b037', 'password reset email for bob99 bounced'),  # 1
    ('b038', 'password sync with ldap01 failed overnight'),  # 1
    ('b039', 'password goes via sms to +44 7700 900123'),  # 1
    ('b040', 'password reset flow in release 2.4.1'),  # 1
    ('b041', 'password of user test01 reset'),  # 1
    ('b042', 'contraseña del usuario juan85 restablecida'),  # 1
    ('b043', 'hasło do konta jan77 zresetowane'),  # 1
    ('b044', 'password reset requested by anna92 at 09:14'),  # 1
    ('b045', 'passwd entry for daemon1 is locked'),  # 1
    ('b046', 'la password di mario77 è scaduta'),  # 1
    ('b047', 'das Passwort von benutzer12 ist abgelaufen'),  # 1
    ('b048', 'le mot de passe de jean42 a expiré'),  # 1
    ('b049', 'a senha do joao88 expirou ontem'),  # 1
    ('b050', 'пароль пользователя ivan77 сброшен'),  # 1
    ('b051', 'hasło użytkownika adam12 wygasło'),  # 1
    ('b052', 'nuova password per il server web03 inviata per email'),  # 1
    ('b053', 'Где пароль от вайфая? На холодильнике.'),  # 1
    ('b054', '¿Cuál es la contraseña del wifi?'),  # 1
    ('b055', 'la contraseña está en el cajón de arriba'),  # 1
    ('b056', 'a senha está no grupo da família'),  # 1
    ('b057', 'Das Passwort steht auf dem Router'),  # 1
    ('b058', 'le mot de passe est sur le frigo'),  # 1
    ('b059', 'パスワードは冷蔵庫に貼ってあります'),  # 1
    ('b060', '密码在冰箱上'),  # 1
    ('b061', '비밀번호는 관리자에게 물어보세요'),  # 1
    ('b062', 'كلمة السر مكتوبة على الراوتر'),  # 1
    ('b063', 'पासवर्ड राउटर के पीछे लिखा है'),  # 1
    ('b064', 'kata sandi wifi ada di kasir'),  # 1
    ('b065', 'şifre modemin altında yazıyor'),  # 1
    ('b066', 'hasło jest na lodówce'),  # 1
    ('b067', 'wachtwoord staat op de koelkast'),  # 1
    ('b068', 'lösenordet sitter på kylskåpet'),  # 1
    ('b069', 'mật khẩu wifi dán ở quầy'),  # 1
    ('b070', 'รหัสผ่านอยู่ที่เคาน์เตอร์'),  # 1
    ('b071', 'password ni sawa na jana'),  # 1
    ('b072', 'password iko kwa meneja'),  # 1
    ('b073', 'password ada kat kaunter'),  # 1
    ('b074', 'room 12 ka password kya hai?'),  # 1
    ('b075', 'wifi ka password kya hai bhai?'),  # 1
    ('b076', 'Password: see pinned message'),  # 1
    ('b077', 'password? ask Tamar at reception'),  # 1
    ('b078', 'Пароль сменили вчера, новый у админа'),  # 1
    ('b079', 'password reset for Room214 guests is done at checkout'),  # 1
    ('b080', 'password expires on 2025-03-01'),  # 1
    ('b081', 'Password policy: 12 chars minimum, 1 digit'),  # 1
    ('b082', 'password login disabled since v2.14'),  # 1
    ('b083', 'password for printer hp4050 is the factory default'),  # 1
    ('b084', 'password changed on jan15 per policy'),  # 1
    ('b085', 'password issue JIRA-4412 still open'),  # 1
    ('b086', 'password reset for team rockets99 members'),  # 1
    ('b087', 'password prompt in iOS17 looks different'),  # 1
    ('b088', 'password step moved to flow v3'),  # 1
    ('b089', 'Passwort für Raum 214 bitte an der Rezeption erfragen'),  # 1
    ('b090', 'mot de passe oublié pour le compte paul56'),  # 1
    ('b091', 'contraseña olvidada para la cuenta rosa31'),  # 1
    ('b092', 'senha nova para o servidor app02 está no cofre'),  # 1
    ('b093', 'password change for jdoe88 logged under ticket OPS-2291'),  # 1
    ('b094', 'password reset link sent to kim34@example.com'),  # 1
    ('b095', 'my password manager is Bitwarden 2024.3.1'),  # 1
    ('b096', 'the password hashing is argon2id now'),  # 1
    ('b097', 'password on srv42 and srv43 updated'),  # 1
    ('b098', 'password untuk server db03 sudah ganti, cek vault ya'),  # 1
    ('b099', 'パスワードは web01 のサーバー用です'),  # 1
    ('b100', '密码重置于 build 77 修复'),  # 1
    ('b101', 'password stored in vault path secret/data/ops-db2'),  # 2
    ('b102', 'password set for host web-prod-eu1'),  # 2
    ('b103', 'password field in schema v2.3.1'),  # 2
    ('b104', 'password rotation for db-main-replica2 is scheduled'),  # 2
    ('b105', 'password moved to kv prod.billing.db3'),  # 2
    ('b106', 'password hashing: argon2-id-v19'),  # 2
    ('b107', 'password check lives in auth-service-v2'),  # 2
    ('b108', 'password for cluster eu-west-1 is managed by IAM'),  # 2
    ('b109', 'password module version 4.2.1'),  # 2
    ('b110', 'password component Auth.Login.Form2 re-renders twice'),  # 2
    ('b111', 'password widget in Settings.Security.Panel3 is misaligned'),  # 2
    ('b112', 'password reset handled by the user-service-v4 pod'),  # 2
    ('b113', 'password reset e-mail template: reset-Password-Email2'),  # 2
    ('b114', 'password feature flag: auth.password.reset.v2'),  # 2
    ('b115', 'пароль хранится в секрете prod-db-main-1'),  # 2
    ('b116', 'contraseña para el nodo k8s-worker-07'),  # 2
    ('b117', 'password for the branch feature-Login-Redesign2 reviewers'),  # 2
    ('b118', 'password page in docs: Guides.Security.Passwords3'),  # 2
    ('b119', 'password column in table users_v2_archive'),  # 2
    ('b120', 'password rules from NIST SP 800-63B'),  # 2
    ('b121', 'wifi: Vodafone-A1B2C3'),  # 3
    ('b122', 'wifi network: TP-Link_5G_3F2A'),  # 3
    ('b123', 'wifi: NETGEAR47-5G'),  # 3
    ('b124', 'Wi-Fi: Hotel_Marina_Guest'),  # 3
    ('b125', 'wifi is BTHub6-7XZ2'),  # 3
    ('b126', 'WiFi: Starbucks WiFi'),  # 3
    ('b127', 'wifi: xfinitywifi'),  # 3
    ('b128', 'connect to wifi eduroam with your uni login'),  # 3
    ('b129', 'wifi: FRITZ!Box 7590 XY'),  # 3
    ('b130', 'wifi SSID: Livebox-8A3C'),  # 3
    ('b131', 'wifi: SKY1A2B3'),  # 3
    ('b132', 'wifi: Airport_Free_WiFi'),  # 3
    ('b133', 'wifi at the guesthouse: Nino_Guest'),  # 3
    ('b134', 'wifi at the guesthouse: Nino-5G'),  # 3
    ('b135', 'wifi: iPhone de Marie'),  # 3
    ('b136', 'wifi: AndroidAP_4821'),  # 3
    ('b137', 'wifi: DIRECT-7F-HP OfficeJet'),  # 3
    ('b138', 'wifi: Telstra2A4F'),  # 3
    ('b139', 'wifi: JioFiber-5G-8823'),  # 3
    ('b140', 'wifi: MTN-MiFi-4G'),  # 3
    ('b141', 'wifi: Orange-1A2B'),  # 3
    ('b142', 'wifi: SFR_8A40'),  # 3
    ('b143', 'wifi: Freebox-6F3A21'),  # 3
    ('b144', 'wifi: Movistar_9A3C'),  # 3
    ('b145', 'wifi: ZTE_2.4G_K7xP'),  # 3
    ('b146', 'wifi: HUAWEI-B535-4G'),  # 3
    ('b147', 'wifi: Ziggo1234567'),  # 3
    ('b148', 'wifi: UPC1234567'),  # 3
    ('b149', 'wifi: TELUS5678'),  # 3
    ('b150', 'wifi network is HotelRoma_Room214'),  # 3
    ('b151', 'wifi down in room 214 again'),  # 3
    ('b152', 'wifi works on floor 3 only'),  # 3
    ('b153', 'wifi router reboots at 02:00'),  # 3
    ('b154', 'wifi password is on the back of the router'),  # 3
    ('b155', 'wifi password is taped to the fridge'),  # 3
    ('b156', 'wifi: ask reception'),  # 3
    ('b157', 'wifi: same as last year'),  # 3
    ('b158', 'Wi-Fi 6E support added'),  # 3
    ('b159', 'WiFi 7 router arrived today'),  # 3
    ('b160', 'wifi channel 36, 80MHz'),  # 3
    ('b161', 'wifi at the guesthouse: Nino Guest House 5G'),  # 3
    ('b162', 'wifi: CasaNino-2.4GHz'),  # 3
    ('b163', 'wifi: Guest-Network'),  # 3
    ('b164', 'wifi name: Kafe_Tbilisi'),  # 3
    ('b165', "le wifi s'appelle Bbox-12AB34"),  # 3
    ('b166', 'el wifi es MOVISTAR_PLUS_1A2B'),  # 3
    ('b167', 'o wifi é NET_2G1A2B3C'),  # 3
    ('b168', 'wifi: VM1234567'),  # 3
    ('b169', 'wifi: PLDTHOMEFIBR7a2c0'),  # 3
    ('b170', 'wifi: Globe_LTE_MIFI_24A1'),  # 3
    ('b171', 'wifi: TIM-12345678'),  # 3
    ('b172', 'wifi: FASTWEB-A1B2C3'),  # 3
    ('b173', 'wifi: Linksys00042'),  # 3
    ('b174', 'wifi: dlink-A4F2'),  # 3
    ('b175', 'wifi: ASUS_58_5G'),  # 3
    ('b176', 'wifi: belkin.a3f'),  # 3
    ('b177', 'wifi: Tenda_3A4B50'),  # 3
    ('b178', 'wifi: MagentaWLAN-7X2K'),  # 3
    ('b179', 'wifi: o2-WLAN42'),  # 3
    ('b180', 'wifi: Vodafone-2.4G-1234'),  # 3
    ('b181', 'wifi: Stadtbibliothek'),  # 3
    ('b182', 'wifi: Marriott_GUEST'),  # 3
    ('b183', 'wifi: Hyatt_WiFi'),  # 3
    ('b184', 'wifi: IHG ONE REWARDS Free WiFi'),  # 3
    ('b185', 'wifi: _Free_Wifi_Berlin'),  # 3
    ('b186', 'wifi: Flughafen Muenchen'),  # 3
    ('b187', 'wifi: WIFIonICE'),  # 3
    ('b188', 'wifi: SNCF_WIFI_INOUI'),  # 3
    ('b189', 'wifi at the airbnb: Apt4B_Guest'),  # 3
    ('b190', 'wifi: Office-Floor2'),  # 3
    ('b191', 'wifi: Cafe Luna 2'),  # 3
    ('b192', 'wifi network name: Skynet42'),  # 3
    ('b193', 'the wifi SSID is Nino2011-5G'),  # 3
    ('b194', 'wifi: <network name>'),  # 3
    ('b195', 'Wi-Fi-Name: Pension-Edelweiss-Gast'),  # 3
    ('b196', 'WiFi hotspot: Galaxy A52 1F3C'),  # 3
    ('b197', 'wifi: Redmi Note 12'),  # 3
    ('b198', 'wifi at the office is back up after the outage'),  # 3
    ('b199', 'wifi in the conference room B2 is slow'),  # 3
    ('b200', 'wifi extender model RE650 v2'),  # 3
    ('b201', "wifi: Bell123 (it's the default, change it)"),  # 3
    ('b202', 'wifi: AT&T-WiFi-7H2K'),  # 3
    ('b203', 'wifi: Spectrum-5G-1234'),  # 3
    ('b204', 'wifi: KT_GiGA_5G_Wave2_1F3A'),  # 3
    ('b205', 'wifi: U+Net3F2A'),  # 3
    ('b206', 'wifi: ChinaNet-Ab3F'),  # 3
    ('b207', 'wifi: TP-LINK_Extender_2.4GHz'),  # 3
    ('b208', 'WLAN: Telekom_FON'),  # 3
    ('b209', 'wifi en la oficina: Oficina_Invitados'),  # 3
    ('b210', 'le wifi du gîte: Gite-Invites-5G'),  # 3
    ('b211', 'wifi ở quán: Cafe_Sua_Da_5G'),  # 3
    ('b212', 'wifi: Hostel-Lisboa-Guest'),  # 3
    ('b213', 'wifi: eduroam or UniGuest'),  # 3
    ('b214', 'QR code: WIFI:T:WPA;S:Office-5G;P:<password>;;'),  # 3
    ('b215', 'ledger: wifi SSID for lab updated to Lab-5G-2'),  # 3
    ('b216', 'closes #4521: wifi page crashes on SSID with emoji'),  # 3
    ('b217', "CREATE USER 'app'@'%' IDENTIFIED BY '<new password>';"),  # 4
    ('b218', "CREATE USER 'app'@'%' IDENTIFIED BY '${DB_PASS}';"),  # 4
    ('b219', 'ALTER USER app IDENTIFIED BY :pwd'),  # 4
    ('b220', 'cursor.execute("ALTER USER %s IDENTIFIED BY \'%s\'" % (user, pw))'),  # 4
    ('b221', "ALTER USER 'x'@'h' IDENTIFIED BY '********';"),  # 4
    ('b222', "CREATE USER 'app'@'%' IDENTIFIED BY '{{ mysql_app_password }}';"),  # 4
    ('b223', 'stmt = "CREATE USER ? IDENTIFIED BY ?"'),  # 4
    ('b224', "CREATE USER 'sock'@'localhost' IDENTIFIED WITH auth_socket;"),  # 4
    ('b225', 'CREATE USER ops_ext IDENTIFIED EXTERNALLY;'),  # 4
    ('b226', "CREATE USER ldap_user IDENTIFIED GLOBALLY AS 'CN=ldap_user,OU=db,O=corp';"),  # 4
    ('b227', '-- IDENTIFIED BY clause is now parsed by the SQL lexer'),  # 4
    ('b228', 'Add IDENTIFIED BY support to SQL lexer'),  # 4
    ('b229', 'sqlplus hr@dbhost:1521/ORCLPDB1'),  # 4
    ('b230', 'sqlplus /nolog'),  # 4
    ('b231', 'sqlplus / as sysdba'),  # 4
    ('b232', 'jdbc:oracle:thin:@//db.example.com:1521/ORCL'),  # 4
    ('b233', 'connect hr/$HR_PASS@dbhost:1521/ORCLPDB1'),  # 4
    ('b234', 'sqlplus scott/<password>@orcl:1521/XE'),  # 4
    ('b235', 'the service path is dbhost:1521/ORCLPDB1'),  # 4
    ('b236', 'docker pull library/nginx@sha256:0d17b565c37bcbd895e9d92315a05c1c3c9a29f762b011a10c54a66cd53c9b31'),  # 4
    ('b237', 'uses: actions/checkout@v4'),  # 4
    ('b238', 'see docs/setup.md for tnsnames@prod:1521/SALES config'),  # 4
    ('b239', 'mongodb://john.doe@mongo.example.com:27017/app'),  # 4
    ('b240', 'https://first.last@gitlab.example.com/group/repo.git'),  # 4
    ('b241', 'postgres://app.user@db.internal.example.com/app'),  # 4
    ('b242', 'smtp://mailer@email-smtp.eu-west-1.amazonaws.com:587'),  # 4
    ('b243', 'https://john.smith:@example.com/login'),  # 4
    ('b244', 'mongodb://u:${MONGO_PASS}@host/db'),  # 4
    ('b245', 'redis://default:<password>@redis-12345.c1.us-east-1.ec2.cloud.redislabs.com:12345'),  # 4
    ('b246', 'https://www.example.co.uk:8443/a.b.c9/path'),  # 4
    ('b247', 'git+https://github.com/org/pkg.git@v1.2.3#egg=pkg'),  # 4
    ('b248', 'https://user.name@bitbucket.org/team/repo.git'),  # 4
    ('b249', 'http://192.168.1.1:8080/cgi-bin/luci'),  # 4
    ('b250', 'sftp://deploy.bot@files.example.net:2222/upload'),  # 4
    ('b251', 'mongodb+srv://cluster0.ab1cd.mongodb.net/app?retryWrites=true'),  # 4
    ('b252', 'https://api.v2.example.com:443/v1.2.3/users'),  # 4
    ('b253', 'ssh://git@ssh.dev.azure.com:v3/org/project/repo'),  # 4
    ('b254', 'Pune - PIN 411001'),  # 4
    ('b255', 'Address: 12 MG Road, Bengaluru, Karnataka, PIN 560001'),  # 4
    ('b256', 'PIN code: 110001 (New Delhi)'),  # 4
    ('b257', 'Pincode 400050, Bandra West'),  # 4
    ('b258', 'PIN: 600028 Chennai'),  # 4
    ('b259', 'PIN pad firmware 2.1 released'),  # 4
    ('b260', 'PIN entry dialog fixed on Android'),  # 4
    ('b261', 'SIM PIN prompt appears twice after reboot'),  # 4
    ('b262', 'eWallet PIN length changed from 4 to 6 digits'),  # 4
    ('b263', 'PIN reset for card ending 4821 requested'),  # 4
    ('b264', 'GPIO PIN 17 goes high on boot'),  # 4
    ('b265', 'PIN 13 LED blinks on the Arduino'),  # 4
    ('b266', 'WPS PIN disabled on the router'),  # 4
    ('b267', 'PIN-to-PIN compatible with ATmega328'),  # 4
    ('b268', 'docs: explain eWallet PIN length (6 digits)'),  # 4
    ('b269', "new HttpClient('https://api.example.com')"),  # 4
    ('b270', "new RedisClient('localhost', 6379)"),  # 4
    ('b271', "const s3 = new S3Client({ region: 'eu-west-1' })"),  # 4
    ('b272', "new ApolloClient({ uri: '/graphql', cache })"),  # 4
    ('b273', 'const web = new WebClient(process.env.SLACK_TOKEN);'),  # 4
    ('b274', "new KafkaClient('broker-1:9092')"),  # 4
    ('b275', 'new TwilioClient(config.sid, config.token)'),  # 4
    ('b276', "new GitClient('/repos/app')"),  # 4
    ('b277', "new MetricsClient('checkout-service')"),  # 4
    ('b278', "new TraceClient('service-name', '1.4.2')"),  # 4
    ('b279', 'new BlobServiceClient(`https://${account}.blob.core.windows.net`, credential)'),  # 4
    ('b280', 'allow localhost'),  # 4
    ('b281', 'allow 192.168.1.0/255.255.255.0'),  # 4
    ('b282', 'allow @monit'),  # 4
    ('b283', 'allow @users readonly'),  # 4
    ('b284', 'allow md5 /etc/monit/htpasswd admin'),  # 4
    ('b285', 'allow cleartext /etc/monit/htpasswd'),  # 4
    ('b286', 'Allow from 10.0.0.0/8'),  # 4
    ('b287', 'allow 10.0.0.1:8080'),  # 4
    ('b288', 'allow localhost:2812'),  # 4
    ('b289', 'ufw allow 22/tcp'),  # 4
    ('b290', 'scopes: allow user:email read:org'),  # 4
    ('b291', 'allow admin:*'),  # 4
    ('b292', 'bump monit to 5.33.0; allow @admins group'),  # 4
    ('b293', "sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'"),  # 4
    ('b294', 'sha256: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae'),  # 4
    ('b295', 'md5sum = d41d8cd98f00b204e9800998ecf8427e'),  # 4
    ('b296', 'checksum_sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"'),  # 4
    ('b297', 'integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"'),  # 4
    ('b298', 'sha1: da39a3ee5e6b4b0d3255bfef95601890afd80709'),  # 4
    ('b299', 'sha256 = hashlib.sha256(data).hexdigest()'),  # 4
    ('b300', "hash_algorithm = 'sha256'"),  # 4
    ('b301', 'clave_sha256 = hashlib.sha256(clave.encode()).hexdigest()'),  # 4
    ('b302', 'image_sha256: sha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945'),  # 4
    ('b303', 'Der API-Token ist abgelaufen'),  # 4
    ('b304', 'Der API-Token ist im Tresor hinterlegt'),  # 4
    ('b305', 'API-Token ist jetzt 90 Tage gültig'),  # 4
    ('b306', 'API-Token-Rotation ist für KW 12 geplant'),  # 4
    ('b307', 'Der Commit-Hash ist 9fceb02d0ae598e95dc970b74767f19372d61af8'),  # 4
    ('b308', 'Die Build-ID ist 4f8a2c9e1b7d'),  # 4
    ('b309', 'Die Prüfsumme ist d41d8cd98f00b204e9800998ecf8427e'),  # 4
    ('b310', 'test: add fixtures for Oracle easy connect strings'),  # 4
    ('b311', 'login link id is 3f2504e0-4f89-11d3-9a0c-0305e82c3301'),  # 5
    ('b312', 'noteId SlAgezpOYZ8J'),  # 5
    ('b313', 'videoId dQw4w9WgXcQ'),  # 5
    ('b314', 'spreadsheetId: 1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms'),  # 5
    ('b315', 'traceId 4bf92f3577b34da6a3ce929d0e0e4736'),  # 5
    ('b316', 'playlistId PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'),  # 5
    ('b317', 'the order id is 7Q2mX9kLpR4t'),  # 5
    ('b318', 'customerId: cus_NffrFeUfNV2Hib'),  # 5
    ('b319', 'user id 5f8d0d55b54764421b7156c3'),  # 5
    ('b320', 'tenantId 72f988bf-86f1-41af-91ab-2d7cd011db47'),  # 5
    ('b321', 'clientId: 0oa1b2c3d4E5F6g7H8i9'),  # 5
    ('b322', 'el id del enlace es b7e23ec2-9f3a-4c1d-8e5b-2a6f0d9c4e11'),  # 5
    ('b323', 'reset token id is 6deac8a20ebcead56986931a0f00fb42'),  # 5
    ('b324', 'passwordResetId 9WQ8YgUmALFViB7YFHlp'),  # 5
    ('b325', 'arn:aws:iam::123456789012:role/DeployRole'),  # 5
    ('b326', 'arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db/password-AbCdEf'),  # 5
    ('b327', 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab'),  # 5
    ('b328', 'arn:aws:ssm:us-west-2:123456789012:parameter/prod/api/token'),  # 5
    ('b329', 'arn:aws:s3:::my-bucket/secrets/backup.tar'),  # 5
    ('b330', 'arn:aws:lambda:us-east-1:123456789012:function:rotate-password'),  # 5
    ('b331', 'arn:aws:sts::123456789012:assumed-role/Admin/jdoe'),  # 5
    ('b332', 'arn:aws:secretsmanager:eu-central-1:210987654321:secret:rds!db-4f2a1c9e-8b3d-47a6-9e1f-0c5b7d2a8e34-Xk9pQz'),  # 5
    ('b333', 'arn:aws:iam::aws:policy/SecretsManagerReadWrite'),  # 5
    ('b334', 'password_hash: [md5]e10adc3949ba59abbe56e057f20f883e'),  # 5
    ('b335', '[md5]928455b6bedfef2caf630cb1f4464f7e'),  # 5
    ('b336', 'hash = [sha256]e3730456effdeec10c8a704641f800b2ae024eaa951bb0c482701aa30ed7fe53'),  # 5
    ('b337', 'key = 0123456789abcdef0123456789abcdef'),  # 5
    ('b338', 'api_key: abcdefghijklmnopqrstuvwxyz012345'),  # 5
    ('b339', "secret = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'"),  # 5
    ('b340', 'token: 1234567890abcdef1234567890abcdef'),  # 5
    ('b341', "secret_key = 'fedcba9876543210fedcba9876543210'"),  # 5
    ('b342', 'ssh deploy@10.0.0.5 -p 2222 -i ~/.ssh/id_ed25519'),  # 5
    ('b343', 'mysql -h db.internal -u app -p'),  # 5
    ('b344', 'psql -h 10.1.2.3 -U postgres -d app'),  # 5
    ('b345', 'redis-cli -h cache.internal -p 6380 --tls'),  # 5
    ('b346', 'rsync -avz user@host:/data /backup --delete'),  # 5
    ('b347', 'mongosh mongodb://db1:27017/app --username admin'),  # 5
    ('b348', 'scp -P 2200 file.txt ops@bastion.example.com:/tmp -o StrictHostKeyChecking=no'),  # 5
    ('b349', 'git clone git@github.com:org/repo.git --depth 1'),  # 5
    ('b350', 'ssh root@203.0.113.9 -pw'),  # 5
    ('b351', '<file name="app.jar" encoding="md5" value="5d41402abc4b2a76b9719d911017c592"/>'),  # 5
    ('b352', '<checksum algorithm="sha256">a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e</checksum>'),  # 5
    ('b353', '{"algorithm": "sha1", "digest": "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d"}'),  # 5
    ('b354', 'hash_type: sha256\nhash: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'),  # 5
    ('b355', '<artifact digest-alg="sha1" digest="4fc7ddbbbcdc0a21e50b42d2e61c93e947ca5d7f"/>'),  # 5
    ('b356', 'password: secret:db-prod-password'),  # 5
    ('b357', 'DB_PASSWORD=vault:secret/data/prod/db#password'),  # 5
    ('b358', 'api_key: op://Engineering/Stripe/credential'),  # 5
    ('b359', 'token = ${{ secrets.DEPLOY_TOKEN }}'),  # 5
    ('b360', 'PASSWORD=secret:7c1e9a3f-2b4d-4e8a-9f6c-1d3b5a7e9c2f'),  # 5
    ('b361', 'password: "{{ lookup(\'hashi_vault\', \'secret=secret/db:password\') }}"'),  # 5
    ('b362', 'client_secret: vault:kv/oauth/client#secret'),  # 5
    ('b363', 'export GH_TOKEN=$(op read op://Private/GitHub/token)'),  # 5
    ('b364', 'password = ref+vault://secret/db#/password'),  # 5
    ('b365', '--password=<from vault: prod>'),  # 5
    ('b366', '--token <your token here>'),  # 5
    ('b367', 'password: <ask ops on call>'),  # 5
    ('b368', 'api_key = "<insert key from dashboard>"'),  # 5
    ('b369', 'PASSWORD=<see 1Password: Prod DB>'),  # 5
    ('b370', 'mysql -u root --password=<root password from vault>'),  # 5
    ('b371', 'fix(auth): password reset for user42 fixed in build77'),  # 1
    ('b372', 'feat: support wifi QR codes (WIFI:T:WPA;S:<ssid>;P:<password>;;)'),  # 3
    ('b373', 'chore: bump argon2-cffi from 21.1.0 to 21.3.0'),  # 1
    ('b374', 'refactor password hashing into PasswordHasher2'),  # 1
    ('b375', 'ledger: agent rotated password for svc-backup03, value stored in vault'),  # 1
    ('b376', "Merge branch 'feature/password-reset-v2' into main"),  # 1
    ('b377', 'Revert "password: enforce min length 12"'),  # 1
    ('b378', 'password strength meter: zxcvbn score >= 3'),  # 1
    ('b379', 'ledger entry 2024-05-14: reset password for ops42 via IdP'),  # 1
    ('b380', 'session 17: agent verified password policy (min 12, 1 digit)'),  # 1
    ('b381', 'agent note: user asked for password of staging3; refused and pointed to vault'),  # 1
    ('b382', 'test(password): cover reset for user99 and admin12'),  # 1
    ('b383', 'feat(passwords): generate passphrases like word-Word-Word9 (example only, shape not value)'),  # 2
]

DEBATABLE: frozenset[str] = frozenset({'b192', 'b201', 'b083', 'b022', 'b079', 'b110', 'b113', 'b193', 'b383', 'b332', 'b338', 'b323', 'a108', 'a091', 'a076', 'a085', 'a130', 'a132', 'a037', 'a042', 'a064', 'a105', 'b324'})

A = [case for case in CASES if case[0].startswith("a")]
B = [case for case in CASES if case[0].startswith("b")]
C: list[tuple[str, str]] = []
