"""The word for a password in the languages free software is translated to, read
from GNOME's, GTK's, GLib's, Linux-PAM's, Django's, django-allauth's and Wagtail's
message catalogues by ``benchmarks/password_words.py`` (which writes this file):
only the words the hand-written lists of ``credential_lines`` do not match."""

# ruff: noqa: RUF001

#: Each word lowered, the languages it is read from after it.
LOCALISED_PASSWORD_WORDS: tuple[str, ...] = (
    'adgangsfrase',  # da
    'awal n uɛeddi',  # kab
    'awal uffir',  # kab
    'contrasigne',  # ie
    'contrasigno',  # ia
    'facal-faire',  # gd
    'ger-tremen',  # br
    'gronidło',  # dsb
    'hesło',  # hsb
    'kata kunci',  # id_ID
    'katalaluan',  # ms
    'kontrasenyas',  # tl
    'kupu muna',  # mi
    'lusuemi',  # kg
    'lylkilorð',  # is_IS
    'lösenfras',  # sv
    'maxfiy soʻz',  # uz
    'motdepasse',  # fr
    'palavra-passe',  # pt, pt_PT
    'phrase secrète',  # fr
    'sır-söz',  # crh
    'šifra',  # bs
    'συνθηματικό',  # el
    'ажәамаӡа',  # ab
    'купуя',  # ky
    'махфий сўз',  # uz@cyrillic
    'серсүз',  # tt
    'ססמה',  # he
    'ئىم',  # ug
    'تێپه\u200cڕه\u200cوشه\u200c',  # ckb
    'تێپەڕەوشە',  # ckb
    'تېرنويې',  # ps
    'لفظ اجازت',  # ur
    'پارول',  # ug
    'گذر\u200cواژه',  # fa
    'ޕާސްވަރޑް',  # dv
    'ޕާސްވޯޑް',  # dv
    'कूटशब्द',  # hi
    'गुड़किल्ली',  # mai
    'गुप्तशब्द',  # mr
    'गोप्यशब्द',  # ne
    'शब्दकूट',  # hi
    'গুপ্তশব্দ',  # as
    'পাছৱৰ্ড',  # as
    'পাসওয়ার্ড',  # bn, bn_IN
    'ਗੁਪਤ-ਕੋਡ',  # pa
    'ପ୍ରବେଶ ସଂକେତ',  # or
    'ପ୍ରବେଶ ସଂଙ୍କେତ',  # or
    'ପ୍ରବେଶ ସଙ୍କେତ',  # or
    'అనుమతిపదం',  # te
    'సంకేతపదం',  # te
    'సంకేతపదము',  # te
    'ಗುಪ್ತಪದ',  # kn
    'ಪ್ರವೇಶಪದ',  # kn
    'അടയാളവാക്കു്',  # ml
    'അടയാളവാക്ക്',  # ml
    'പാസ്സ്\u200cവേഡ്',  # ml
    'പാസ്\u200cവേറ്\u200dഡ്',  # ml
    'രഹസ്യവാക്ക്',  # ml
    'රහස්පදය',  # si
    'ཆོག་ཡིག་',  # dz
    'ពាក្យសំងាត់',  # km
    'ពាក្យ\u200bសម្ងាត់',  # km
    'ពាក្យ\u200bសម្ងាត់\u200b',  # km
    'パスフレーズ',  # ja
    '密語',  # zh_TW
    '𐑐𐑭𐑕𐑢𐑼𐑛',  # en@shaw
)
