# ruff: noqa: RUF001
"""Review of round sixteen, written without reading the scanner: a password people choose,
known by its shape alone wherever it stands on a line of prose.

The rule, as claimed: on a line that reads as prose (at least half its words are words of
letters, in any script, or a line of at most two words that is not code), one token shaped
like a password a person made is refused with no word for "password" near it and in any
language: a name and a date or year, a name with a sign inside and digits, leetspeak of a
word, a keyboard walk run into a name, digits or a sign, words joined with a number, a
name and two digits when the name is not a known software name.  It lets through what
prose spells the same way: products and runtimes with their version, a lower-case word or
a file with a recent year or date, a capitalised name with a recent date used as an event,
sprint, file or title, a value after a one-word label, a plain name and number in the
middle of a sentence, several such tokens on one line or on neighbouring lines, walks alone
or named as examples, keyboard layouts, packages at versions, issue references, ids, hosts,
handles, addresses, hex, versions, times, bit widths, and the word password with digits.  A
password typed twice on two lines is still refused.

``a`` cases are credentials in the rule's places, with no word for "password" in any
language (they must be refused); ``b`` cases are ordinary text a person or a coding agent
writes in the same places and shapes (they must pass); ``c`` cases are live secrets dressed
to fall into one of the rule's exclusions (they must be refused).  Every password here is
made up for this file.  ``HOSTILE`` holds short units that, repeated to 100 KB, might make
the rule slow.
"""

from __future__ import annotations

CASES: list[tuple[str, str]] = [
    # --- a: a chosen password by its shape alone, in prose, in many languages and places
    # English: chat, SMS, sticky note, email, ticket, agent ledger notes
    ("a01", "hey, for the family netflix just use Debrava1994, don't change it pls"),
    ("a02", "Locker 14 changed. Sign in to the portal with Mahatolu_071985 from now on."),
    ("a03", "bank app \u2192 Sitrava@21#"),
    ("a04", "Hi Tom, the shared support mailbox now opens with Matahari!1054, keep it in "
            "the team please."),
    ("a05", "OPS-2291: reset jdoe's account to K03k$1$t3r, user must change it at next "
            "sign-in."),
    ("a06", "Decision: the staging admin account keeps P4nt3r412! until the vault migration "
            "lands."),
    ("a07", "Fact: the kiosk account opens with zaq12wsxBesra, verified by signing in on "
            "kiosk-3."),
    ("a08", "ok I set the router admin to qwerty2931 for now, will change it later"),
    ("a09", "Use puffin-walnut-7145 to unlock the shared Bitwarden vault."),
    ("a10", "The alarm panel at the cabin takes Bethanor70. as the master code."),
    ("a11", "Standup note: the demo tablet unlocks with Rocky88. and Lisa has the other one."),
    ("a12", "Your temporary sign-in for the gym app is Bella07! (change it after first use)"),
    ("a13", "Heads up: the seed user on prod still signs in with marble-otter-canyon-93, "
            "please rotate it."),
    ("a14", "Grandma's iPad: Omar$1983"),
    ("a15", "tv box -> Lukas99!"),
    ("a16", "Fact: the Grafana admin on monitor-2 is still Blue.Tractor.61, verified by "
            "logging in from the bastion."),
    ("a17", "Decision: move the shared deploy account off 1qaz2wsxAnna before the audit; "
            "until then it stays."),
    ("a18", "the door panel at the warehouse is asdfghMike77 now"),
    ("a19", "Hi all, the conference room PC now signs in with Qwerty_Olga85. IT"),
    ("a20", "note to self: hosting panel is tiger_lamp_2290"),
    ("a21", "Dr@g0n2010 is what I set on the family laptop, tell mum"),
    ("a22", "Sh4d0w!77"),
    ("a23", "netflix Teamo_2019"),
    ("a24", "Incident 8812: the contractor's VPN account was reset to qazwsxKatya1, revoke it "
            "on Friday."),
    ("a25", "Kestrel1989!\nKestrel1989!"),
    ("a26", "ok I'll set it to Valencia#1978\nValencia#1978 right? just confirming"),
    ("a27", "the shared drive for the choir opens with L0v3ly#Day, tell the altos"),
    # German
    ("a28", "Hi Jana, das WLAN im B\u00fcro ist jetzt B\u00e4rchen1987! Bitte nicht "
            "weitergeben."),
    ("a29", "Zugang zum Kundenportal ist Sch@tz1984 (gilt bis Montag)"),
    ("a30", "Fakt: Der Admin der Telefonanlage nimmt Hasenfuss_1979, gepr\u00fcft von Timo."),
    ("a31", "Der Laptop vom Praktikanten geht mit qwertzJonas1 auf, bitte nicht \u00e4ndern."),
    ("a32", "F\u00fcr den Server im Keller einfach Sonn3nbl1ck! eintippen."),
    # French
    ("a33", "Salut ! Pour le compte Free, c'est Loulou2012 comme d'hab."),
    ("a34", "Le coffre-fort num\u00e9rique s'ouvre d\u00e9sormais avec Chaton#75012, ne "
            "le note nulle part."),
    ("a35", "Ticket 5532 : compte de Mme Roux r\u00e9initialis\u00e9 \u00e0 Azur!Mer1990, "
            "\u00e0 changer \u00e0 la connexion."),
    ("a36", "Le nouvel acc\u00e8s au NAS c'est azertyLucie92, bisous"),
    # Spanish
    ("a37", "Oye, el wifi de la casa de la playa es Mariposa_1987, ap\u00fantalo."),
    ("a38", "Para entrar al correo de la tienda usa Chispita2015!"),
    ("a39", "Hecho: la cuenta root del NAS acepta T1gr3s#Azul, verificado por Pablo."),
    # Portuguese
    ("a40", "Amor, pra entrar no app do banco \u00e9 Flamengo1981 mesmo."),
    ("a41", "Bom dia! O acesso do servidor de testes ficou Jabuti@2077#, qualquer coisa "
            "me chama."),
    ("a42", "O login do s\u00f3cio torcedor agora \u00e9 Gremio1903! n\u00e3o espalha"),
    # Italian
    ("a43", "Ciao Marco, per il gestionale usa Forzanapoli_1926 finch\u00e9 non arriva "
            "l'IT."),
    ("a44", "Il portatile della sala riunioni si sblocca con Girasole!88"),
    # Dutch
    ("a45", "Hoi, het account van de club is nu Kikkertje2009, niet doorsturen aub."),
    ("a46", "Besluit: het beheerdersaccount van de printer blijft Dr0p!Hond77 tot de "
            "vervanging."),
    # Polish
    ("a47", "Kasia, do konta na allegro wpisz Kasia1990! i potem zmie\u0144."),
    ("a48", "Nowe logowanie do VPN-a to Zaq1@wsxTomek, za pierwszym razem zmie\u0144."),
    # Czech
    ("a49", "Ahoj, do routeru se p\u0159ihl\u00e1s\u00ed\u0161 p\u0159es Zuzana_1975, "
            "u\u017eivatel je admin."),
    # Swedish, Norwegian, Danish, Finnish
    ("a50", "Hej! Nya inloggningen till familjens Spotify \u00e4r \u00c4lgen_2011, byt inte "
            "utan att s\u00e4ga till."),
    ("a51", "Koden til hytte-wifien er Fjellrev1993! og husk \u00e5 skru av ovnen."),
    ("a52", "Den nye adgang til kassesystemet er Hyggelig#42dk, skift den n\u00e5r du er "
            "logget ind."),
    ("a53", "Moi, toimiston verkkoon p\u00e4\u00e4see nyt Kissanpentu2004:ll\u00e4."),
    ("a54", "Uusi tunnus tukipalveluun on matti.virtanen ja sis\u00e4\u00e4n p\u00e4\u00e4see "
            "Revontuli!1988"),
    # Hungarian, Romanian, Turkish
    ("a55", "Szia, a k\u00f6z\u00f6s fi\u00f3k bel\u00e9p\u00e9se most Macika1996, ne add "
            "tov\u00e1bb."),
    ("a56", "Bun\u0103, pentru contul de la banc\u0103 folose\u0219te Ursulet_2010 "
            "p\u00e2n\u0103 luni."),
    ("a57", "Abi modemin yeni giri\u015fi Fenerbahce1907 oldu, misafirlere s\u00f6yleme."),
    ("a58", "Muhasebe program\u0131na art\u0131k Emre_170388 ile giriyoruz."),
    # Russian, Ukrainian
    ("a59", "Привет! Вход в личный кабинет теперь Kotik_1992, не забудь поменять."),
    ("a60", "Для роутера на даче используй Natasha@1985#"),
    ("a61", "Решение: доступ к staging-серверу остаётся Medved!2113 до переезда."),
    ("a62", "Саша, вход в бухгалтерию теперь Sasha.1987 и больше никому."),
    ("a63", "Привіт, до спільного акаунта заходь через Sonechko2007, будь ласка не міняй."),
    # Greek, Arabic, Hebrew, Persian
    ("a64", "Γεια! Για το wifi του γραφείου βάλε Kalimera_1982 και μην το δώσεις σε "
            "πελάτες."),
    ("a65", "مرحبا، الدخول إلى حساب المتجر صار Yasmin@1999# لا ترسله لأحد"),
    ("a66", "حبيبي حساب نتفليكس الجديد Habibi@2020 لا تغيره"),
    ("a67", "היי, לחשבון המשותף נכנסים עם Shalom_1977 מהיום"),
    ("a68", "سلام، ورود به پنل سرور حالا با Parisa1370 است"),
    # Hindi, Bengali, Tamil
    ("a69", "भाई, नेटफ्लिक्स का लॉगिन अब Priya@1995 है, किसी को मत बताना।"),
    ("a70", "অফিসের কম্পিউটারে ঢুকতে Tuntuni_2001 লাগবে।"),
    ("a71", "அலுவலக கணினியில் நுழைய Kaveri#1988 பயன்படுத்து."),
    # Chinese, Japanese, Korean
    ("a72", "老王，公司路由器后台换成 Xiaoming1990 了，别外传。"),
    ("a73", "群里说一下：财务系统的登录改为Panda_520520，明天生效。"),
    ("a74", "决定：测试服务器的 root 账号继续使用 Longma!888，迁移完成后再换。"),
    ("a75", "我的邮箱登录是woaini1314，你帮我看一下"),
    ("a76", "田中さん、共有PCのログインは Sakura_1990 に変えました。"),
    ("a77", "事実：検証環境の管理者アカウントは Tanuki@0714# で入れる（佐藤さん確認済み）。"),
    ("a78", "팀장님, 공용 계정 로그인은 이제 Saranghae_1004 입니다."),
    ("a79", "와이파이 바꿨어 Hodu2018!! 로 들어오면 돼"),
    ("a80", "민지야 인스타 계정 Minji_0324! 로 바꿨어"),
    # Thai, Vietnamese, Indonesian, Malay, Tagalog
    ("a81", "พี่ครับ เข้าระบบบัญชีใช้ Somchai2530 นะครับ"),
    ("a82", "Anh \u01a1i, \u0111\u0103ng nh\u1eadp m\u00e1y ch\u1ee7 k\u1ebf to\u00e1n "
            "b\u1eb1ng Hoalan@1989 nh\u00e9."),
    ("a83", "Bro, wifi kos sekarang Kucing_Oren88, jangan disebar ya."),
    ("a84", "Akun admin toko online pakai Bintang99$ dulu sampai besok."),
    ("a85", "Akaun Shopee kedai kita sekarang Sayang_2016, jangan tukar tanpa bagitau."),
    ("a86", "Uy, yung account natin sa Netflix ay Mahalkita143 na ngayon."),
    # Swahili, Georgian, Armenian, Uzbek
    ("a87", "Habari, kuingia kwenye akaunti ya duka tumia Simba_2005 hadi Jumatatu."),
    ("a88", "გამარჯობა, ოფისის როუტერზე შესვლა ახლა Tamuna1991 არის."),
    ("a89", "Բարև, ընդհանուր հաշվի մուտքը հիմա Anush_1988 է։"),
    ("a90", "Salom, kompaniya pochtasiga kirish endi Dilnoza@1994 bo'ldi."),
    # more shapes people use, in more settings
    ("a91", "Re: laptop handover. It boots with Olga250679 and the Office account is "
            "hers."),
    ("a92", "SMS from Dad: the garage opener app is Pikachu025 now"),
    ("a93", "Decision: the shared Instagram stays on Yael0812 until the campaign ends."),
    ("a94", "ticket #4410 user could not log on, set to Jaishriram@108 and told her by "
            "phone"),
    ("a95", "Fact: the old Jira admin still opens with M0nk3yBr41n, verified by Sam "
            "yesterday."),
    ("a96", "the printer web page wants Schnitzel!4711 then you can change the toner "
            "settings"),
    ("a97", "my icloud is Lilou_2014 if you need to find the phone"),
    ("a98", "chat: it keeps asking me to sign in on the playstation\nchat: type "
            "Bruno.Mars77 same as always"),
    ("a99", "Fakta: tilin Bisnes2 avaa edelleen Koira+Kissa1979, tarkistanut Mikko."),
    ("a100", "Wi-Fi downstairs\nFenrir_2003!\nupstairs is the same"),
    # --- b: ordinary text in the same places and shapes
    # agent ledger prose about software versions
    ("b01", "Decision: pin Node20 in CI and drop Node18 once the lockfile is regenerated."),
    ("b02", "Fact: the suite passes on Python311 and Python312, verified by tox on the "
            "runner."),
    ("b03", "Decision: move the database to Postgres16; the dump from Postgres14 restores "
            "cleanly."),
    ("b04", "Fact: Windows2019 runners are deprecated on GitHub Actions, verified by the "
            "changelog."),
    ("b05", "Java17 is the floor and Java21 works too."),
    ("b06", "Upgrade the Ubuntu2204 images to Ubuntu2404 next sprint."),
    ("b07", "Fact: Redis7 refuses the old config flag, verified by starting it in Docker."),
    ("b08", "We tried Kotlin2 but Gradle8 needs a plugin bump first."),
    ("b09", "React18 and Vue3 both render the widget; Angular17 does not."),
    ("b10", "Decision: stay on Django5 until Celery5 supports it fully."),
    ("b11", "Fact: CUDA12 wheels install on the A100 nodes, verified by pytest -k gpu."),
    ("b12", "The integration job pulls MariaDB11 and Go1.22 from the mirror."),
    ("b13", "Mono6 is gone from the image and dotnet8 replaces it."),
    ("b14", "Drop IE11 support in the next release."),
    ("b15", "Fact: macOS14 and iOS17 share the same keychain bug, verified by the release "
            "notes."),
    ("b16", "Android14 targets need the new foreground service permission."),
    ("b17", "Both Win10 and Win11 pass the installer tests."),
    ("b18", "Decision: replace Webpack5 with Vite5 in the docs site."),
    ("b19", "The flaky test only fails on Fedora40 with the new glibc."),
    ("b20", "Decision: keep Laravel11 on PHP83 for the shop backend."),
    ("b21", "Fact: Elasticsearch8 needs security enabled by default, verified by the "
            "container logs."),
    ("b22", "Fact: Ansible9 ships ansible-core 2.16, verified by pip show."),
    # model names
    ("b23", "Decision: evaluate Llama3 and Mistral7B for the summariser; GPT4o stays the "
            "baseline."),
    ("b24", "Fact: Qwen2 scores lower than Gemma2 on the Polish eval, verified by run 4471."),
    ("b25", "Switch the classifier from Phi3 to Claude3 Haiku."),
    ("b26", "Mixtral8x7B needs two GPUs while Llama2 fits on one."),
    ("b27", "The Falcon180B weights are too large for the CI box."),
    ("b28", "We compared BERT, RoBERTa and DeBERTa3 on the ticket router."),
    ("b29", "Whisper3 transcribes the German calls well enough."),
    ("b30", "Fact: Phi4 handles the long context, verified by the eval notebook."),
    # releases, branches, build ids, files, sprints
    ("b31", "Merge feature2024 into main after the review."),
    ("b32", "The branch hotfix_20240105 fixes the redirect loop."),
    ("b33", "Build 20240611.3 is green and Build4521 failed on lint."),
    ("b34", "Attach report_20240105.pdf to the ticket."),
    ("b35", "Release2024.3 ships on Thursday."),
    ("b36", "Nightly2024-06-11 had three failures."),
    ("b37", "Invoice_122023 is overdue, please check."),
    ("b38", "Sprint2024 - retro"),
    ("b39", "Sprint2024 retro is on Monday at ten."),
    ("b40", "Codename: Phoenix2024"),
    ("b41", "Q3 planning: the Roadmap2025 draft is attached."),
    ("b42", "Minutes_20230914.docx attached, see item 4."),
    ("b43", "Decision: cut Release_2024_06 from main on Friday."),
    ("b44", "Fact: Milestone2024Q3 has eleven open issues, verified by the board."),
    # events and sports with years, several languages
    ("b45", "Tickets for Euro2024 in Munich are finally confirmed!"),
    ("b46", "Qatar2022 was the first World Cup held in winter."),
    ("b47", "Remember that Tokyo2020 was held in 2021 because of the pandemic."),
    ("b48", "We watched the Mexico1986 final again last night."),
    ("b49", "Italia90 is still my favourite World Cup."),
    ("b50", "Woodstock1969 posters are selling for a fortune."),
    ("b51", "#Paris2024 trended all week"),
    ("b52", "Eurovision2023 was hosted by Liverpool."),
    ("b53", "Berlin1936 is a dark chapter in Olympic history."),
    ("b54", "El Mundial2026 se juega en M\u00e9xico, Estados Unidos y Canad\u00e1."),
    ("b55", "Wir fahren zur Euro2024 nach Dortmund."),
    ("b56", "La Coupe du monde France98 reste inoubliable."),
    ("b57", "Expo2020 Dubai ran until March 2022."),
    ("b58", "COP28 ended with a fossil fuel pledge."),
    ("b59", "A Copa2014 no Brasil terminou com o 7 a 1."),
    ("b60", "Η Αθήνα2004 ήταν οι καλύτεροι Ολυμπιακοί Αγώνες."),
    ("b61", "平昌2018 올림픽 기념품을 샀어요."),
    ("b62", "東京2020の記念メダルを見つけた。"),
    ("b63", "Die Mannschaft trainiert f\u00fcr Paris2024 in K\u00f6ln."),
    ("b64", "Euro2024 recap"),
    ("b65", "Ronaldo7 and Messi10 jerseys sold out in an hour."),
    ("b66", "Wimbledon2019 had the longest final ever played."),
    # places, rooms, flights, trains
    ("b67", "We drove Route66 from Chicago to Santa Monica."),
    ("b68", "Area51 is in the Nevada desert."),
    ("b69", "Studio54 closed in 1980."),
    ("b70", "Apollo11 landed on 20 July 1969."),
    ("b71", "Dinner at Pier39, then a walk to the bridge."),
    ("b72", "Meet me at Terminal2, gate B12."),
    ("b73", "The meeting moved to Room 204 on floor 3."),
    ("b74", "Raum B204 ist ab morgen gesperrt."),
    ("b75", "Salle A12 r\u00e9serv\u00e9e pour l'atelier."),
    ("b76", "My flight LH1234 lands at 14:35 in Frankfurt."),
    ("b77", "Flight BA2490 is delayed by two hours."),
    ("b78", "Der ICE579 f\u00e4llt heute aus."),
    ("b79", "O voo TP1352 sai \u00e0s 7h da manh\u00e3."),
    ("b80", "El vuelo IB3170 sale de la terminal 4."),
    ("b81", "Chuy\u1ebfn bay VN255 h\u1ea1 c\u00e1nh l\u00fac 6 gi\u1edd."),
    ("b82", "Poci\u0105g IC3510 ma 20 minut op\u00f3\u017anienia."),
    ("b83", "Route66 trip"),
    ("b84", "We finally made it to Area51."),
    # licence plates, postcodes, addresses
    ("b85", "The van with plate B-MW 2024 is parked outside."),
    ("b86", "Postcode SW1A 1AA is Buckingham Palace."),
    ("b87", "Ship it to 10115 Berlin, Invalidenstra\u00dfe 117."),
    ("b88", "Our office is at 350 Fifth Avenue, New York, NY 10118."),
    ("b89", "Number plate KA05MX1234 was caught on camera."),
    ("b90", "Flat 4B, 22 Baker Street, London NW1 6XE."),
    # chemistry
    ("b91", "Dissolve the NaCl in H2O and add H2SO4 slowly."),
    ("b92", "Glucose is C6H12O6 and ethanol is C2H5OH."),
    ("b93", "CO2 levels passed 420 ppm this year."),
    # games
    ("b94", "Cyberpunk2077 finally runs well after the patch."),
    ("b95", "Battlefield2042 servers are down tonight."),
    ("b96", "We played Left4Dead2 until three in the morning."),
    ("b97", "Diablo4 season five starts next week."),
    ("b98", "FIFA23 was the last one with the licence."),
    ("b99", "Fallout76 is free this weekend."),
    ("b100", "Tekken8 is out and the netcode is great."),
    ("b101", "NBA2K24 has microtransactions everywhere."),
    # products and SKUs
    ("b102", "I ordered an iPhone15 and a Pixel8 for testing."),
    ("b103", "The RTX4090 draws 450 W at full load."),
    ("b104", "SKU AX-4420-BLK is out of stock."),
    ("b105", "Dad finally sold his Porsche911 last week."),
    ("b106", "Dad finally bought a Porsche911."),
    ("b107", "Our Peugeot208 needs new tyres."),
    ("b108", "The Boeing737 MAX fleet was grounded in 2019."),
    ("b109", "Office365 licences renew in June."),
    ("b110", "The Xbox360 in the break room still works."),
    ("b111", "Tesla Model3 prices dropped again."),
    # culture
    ("b112", "Blink182 are touring again."),
    ("b113", "Maroon5 played the halftime show."),
    ("b114", "Catch22 is on the reading list."),
    ("b115", "Agent007 is a terrible name for a bot."),
    # usernames, handles, emails, hashtags
    ("b116", "Ping @maria1987 on Slack about the merge."),
    ("b117", "Her GitHub username is jsmith1990."),
    ("b118", "Send the logs to ops2024@example.com."),
    ("b119", "#ThrowbackThursday #Summer2019 memories"),
    ("b120", "Follow #WWDC2024 for the keynote."),
    ("b121", "Kevin1990 won the online chess tournament again."),
    ("b122", "Add Anna1987 and Tomek85 as reviewers on the PR."),
    # hosts, ids, walks, layouts, packages, refs, widths
    ("b123", "ssh into web01 and db02 to check the disk."),
    ("b124", "The pod api-7f9c8d-x2k4 restarted twice."),
    ("b125", "Walks like 1qaz2wsx and qweasdzxc are the first things a cracker tries."),
    ("b126", "Switch the keyboard to QWERTZ or AZERTY in the settings."),
    ("b127", "Bump cli@13 and eslint@9 in the lockfile."),
    ("b128", "See flask#6025 and django#17234 for the regression."),
    ("b129", "Intel64 and Arm64 builds are attached."),
    ("b130", "Password123 is still the most common entry in the breach list."),
    ("b131", "It ran in 12m34s on x86_64."),
    # lists of names or example passwords
    ("b132", "Blocked by the new policy: Debrava1994, Sitrava@21#, puffin-walnut-7145, "
             "Bethanor70."),
    ("b133", "Weak examples from the training slides:\nSummer2023\nWelcome1\nMonkey123"),
    # other languages
    ("b134", "Переходим на Python312 после релиза, Node20 уже стоит."),
    ("b135", "我们把服务升级到了Java21，Redis7 也一起更新。"),
    ("b136", "Kami pakai Laravel11 dan PHP83 untuk proyek ini."),
    ("b137", "الترقية إلى Ubuntu2404 تمت بنجاح."),
    ("b138", "हमने Android14 पर ऐप टेस्ट किया।"),
    ("b139", "เราอัปเกรดเป็น Postgres16 แล้ว"),
    ("b140", "La r\u00e9union Sprint2024 - r\u00e9tro est d\u00e9plac\u00e9e \u00e0 jeudi."),
    ("b141", "We draaien nu op Kubernetes 1.29 en Helm3."),
    ("b142", "Istanbul2010 Avrupa K\u00fclt\u00fcr Ba\u015fkenti idi."),
    ("b143", "Decis\u00e3o: manter o Node20 e o Postgres15 at\u00e9 o fim do trimestre."),
    # --- c: live secrets dressed to fall into the rule's exclusions
    ("c01", "the db box admin is Postgres16!Kx, rotate it after the demo"),
    ("c02", "Sign in to the build agent with Node20@Maria# until Monday."),
    ("c03", "Fact: the jump host still takes Windows2019!Dana, verified by RDP."),
    ("c04", "guest network this week is summer2024, tell the visitors at the desk"),
    ("c05", "use Summer2024! to sign in and change it right away"),
    ("c06", "Welcome2024 - for new starters on their first day, change it after they log on"),
    ("c07", "Router: admin / Sitrava@21#"),
    ("c08", "Netflix: Debrava1994\nSpotify: Bethanor70.\nAmazon: Matahari!1054"),
    ("c09", "wifi Mahatolu_071985, alarm Sitrava@21# love Mum"),
    ("c10", "the NAS admin is 1qaz2wsx3edcMaria since the reinstall"),
    ("c11", "!QAZ2wsx#EDC for the switch console, don't lose it"),
    ("c12", "le wifi du chalet c'est Azerty_1987"),
    ("c13", "the shop panel takes sitrava@2113 for the owner account"),
    ("c14", "alarm panel at the shed: kucing#2019"),
    ("c15", "sign in as admin and type mike1985 when it asks"),
    ("c16", "unlock the tablet with @Debrava1994, the @ is part of it"),
    ("c17", "the safe at reception opens with maria@1987"),
    ("c18", "the family iPad opens with Abba1979, the Apple ID is mum's email"),
    ("c19", "the till account at the cafe is Cafe1984! until the owner changes it"),
    ("c20", "the lab VPN takes Maria-v2.85! for the shared user"),
    ("c21", "the render box is Intel64!Sara for everyone in the studio"),
    ("c22", "reset the kiosk to Password123! and hand it to the temp"),
    ("c23", "P@ssw0rd2024 is what IT set on your laptop, change it today"),
    ("c24", "new: Debrava1994!\nconfirm: Debrava1994!"),
    ("c25", "Pelangi_052024 is the new code for the staff room tablet"),
    ("c26", "Sign in to the shared laptop with Marketing_20240105 from now on."),
    ("c27", "I set the shared account to Tigerlily2024 yesterday, tell the team."),
    ("c28", "Any of these opens the kiosk: Debrava1994, Mahatolu_071985"),
    ("c29", "router Debrava1994\nmodem Bethanor70."),
    ("c30", "the gate box at the farm takes Route66Bella now"),
    ("c31", "the lab box root is Llama3Kiwi! until the rebuild"),
    ("c32", "the jupyter hub admin opens with Python311Zoe! for now"),
    ("c33", "open the tablet with bella#0712 and then the app"),
    ("c34", "the pub's guest network is Euro2024! this month"),
    ("c35", "my icloud is Tokyo2020Yui if you need to find the phone"),
    ("c36", "netflix Summer2024!"),
    ("c37", "公司邮箱改成woaini2024了，记一下"),
    ("c38", "Der Zugang f\u00fcrs Kassensystem ist Herbst2024! bis Ende Oktober."),
    ("c39", "Para el port\u00e1til de recepci\u00f3n usa Verano2024 hasta el lunes."),
    ("c40", "Вход на сервер бухгалтерии: Zima2023!"),
    ("c41", "Decision: the demo account keeps Sprint2024! until the customer call."),
    ("c42", "Fact: the kiosk opens with Invoice_122023#, verified by Jo at the front desk."),
]

#: Short units that, repeated to 100 KB, might make the rule slow.
HOSTILE: list[str] = [
    "Debrava1994 ",
    "Debrava1994\n",
    "Ab1! ",
    "Sitrava@21#",
    "K03k$1$t3r ",
    "zaq12wsx",
    "qwerty2931\n",
    "puffin-walnut-",
    "a-1-",
    "Bethanor70.\n",
    "Sprint2024 - retro\n",
    "Codename: Phoenix2024\n",
    "word word Node20 ",
    "a ",
    "Aa1",
    "x\n",
    "Kestrel1989!\nKestrel1989!\n",
    "İ1",
    "日本2024",
    "1qaz2wsx",
    "@a1 ",
    "Mahatolu_071985_",
    "a1b2c3d4",
    "!@#$%^&*()",
    "Ab.1",
    "the Ab1994 is ",
    "Ab1994, Cd2001, ",
    "Abcdefgh",
    "aB3$",
    "Ab1\u00a0",
]

#: The groups as the other reviews hold them: credentials (A), ordinary texts (B), real
#: secrets dressed as the rule's exclusions (C).
A = [case for case in CASES if case[0].startswith("a")]
B = [case for case in CASES if case[0].startswith("b")]
C = [case for case in CASES if case[0].startswith("c")]
