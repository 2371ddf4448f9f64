"""Secrets that stand where they are pasted with no word naming them beside them (issue 41):
arguments of a command, a key given to an SDK's call, a token as a URL's user, a daemon's
``key VALUE`` line, flags of any tool, a generated value under any variable's name.  Each
is refused; beside them, ordinary engineering text of the same shapes passes.

The values are generated here (letters, digits and symbols mixed the way a password
generator or a person does), so that none is a real secret.
"""

from __future__ import annotations

import base64
import random
import string

import pytest

from gitledger.core.credentials import find_credential

_RNG = random.Random(41)


def _token(length: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(length))


_HEX = "0123456789abcdef"
_B64 = string.ascii_letters + string.digits + "+/"

POSITIONAL_SECRETS = [
    f"requirepass {_token(6)}#{_token(6)}!",
    f"masterauth {_token(8)}-{_token(4)}9",
    f"radclient -x localhost:1812 auth Qx{_token(5)}^z{_token(4)}",
    f"rollbar.init('{_token(32, _HEX)}')",
    f'client = Analytics.Client("{_token(28)}")',
    f"git clone https://{_token(32, _HEX)}@git.example.com/org/repo.git",
    f"tool -p 'Tr{_token(4)}&{_token(3)}9' --host db.internal",
    f"rsync --pw={_token(6)}#{_token(5)}7 backup@host::data",
    f"the password is Hu{_token(5)}!{_token(2)}7",
    f"http -a alice:{_token(10)}9 GET https://api.example.com/v1/me",
    f"rabbitmqctl add_user deploy {_token(6)}%{_token(4)}2",
    "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----",
    f"<RSAKeyValue><D>{_token(86, _B64)}==</D></RSAKeyValue>",
    f"private key 0x{_token(64, _HEX)}",
    f"export WIDGET_CONN={_token(40, string.ascii_lowercase + string.digits)}",
    f"vendor login {_token(24)}",
    f"https://api.example.com/data?appid={_token(32, _HEX)}&units=metric",
    f'createUser monitor SHA "{_token(5)}@{_token(5)}*5"',
    f"expect \"*assword*\"\nsend \"{_token(10)}\\r\"",
    f"lftp -u deploy,{_token(14)} sftp://files.example.com",
    # round four: places written from the third corpus's half A
    f"pip install app --extra-index-url https://{_token(20)}:@pypi.example.com/acme/",
    f"curl --user :{_token(32, _HEX)} https://rpc.example.io/v3/",
    f"POST https://hooks.example.com/hooks/catch/{_token(8, string.digits)}/"
    f"{_token(3, string.ascii_lowercase)}4{_token(3, string.ascii_lowercase)}/",
    f"aws configure set aws_secret_access_key {_token(64, _HEX)} --profile r2",
    f"npx tool run --record --key {_token(8, _HEX)}-{_token(4, _HEX)}-4{_token(3, _HEX)}"
    f"-a{_token(3, _HEX)}-{_token(12, _HEX)}",
    f"client = vt.Client('{_token(64, _HEX)}')",
    f'<string name="smtp_password">Tr0{_token(5)}-{_token(4)}9</string>',
    "client.login('bot.example.dev', 'e84j-kk5f-wid8-7i1r')",
    f"Admin API key from the CMS integrations: {_token(24, _HEX)}:{_token(64, _HEX)}",
    # lower-case letters with few digits: generated for its alphabet, if not for base62's
    "the api key for the preview bot: "
    "napi_qhwtrmzkcv3x8pnbylsdfg7jkwqe2rtyzmxnvbcl9hgfdsapoiuytrewq4mn",
    # then from its half B: pk_ is publishable only as pk_live_/pk_test_/pk.
    "tasks:\n  token: pk_30025726_4O4OVCLAYNM32CT3JOM9I5WJQSTL3GFT",
    f"curl -u {_token(20)}:X https://acme.example.com/api/v2/tickets",
    f"perfctl configure --username qa --accessKey {_token(8, _HEX)}-{_token(4, _HEX)}"
    f"-4{_token(3, _HEX)}-9{_token(3, _HEX)}-{_token(12, _HEX)}",
    f".setKey('standard_{_token(256, _HEX)}')",
    # written from no corpus: a Kubernetes Secret's entries, whatever their keys are named
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\ndata:\n"
    "  user: YWRtaW4=\n  ROOT: " + base64.b64encode(_token(14).encode()).decode(),
    f"kind: Secret\nstringData:\n  config: {_token(5)}-{_token(6)}",
]

ORDINARY = [
    "docker run -p 8080:80 -t myimage:v1.2.3 nginx",
    "ssh -p 2222 deploy@host.example.com",
    "kubectl logs -p pod/web-7d9f8b6c5-x2k4q",
    "export GIT_COMMIT=3f2a9c1e0b7d4a6f8e2c1b0a9d8e7f6c5b4a3e2d",
    "the pin is v2-Beta1 for the release",
    "git rebase -i HEAD~10..HEAD",
    "git commit -m 'Fix #123: retry on 503'",
    "useradd -m -s /bin/bash alice",
    "The password is required (min 12 chars).",
    "gh auth login --with-token < token.txt",
    "docker login ghcr.io -u octocat",
    "docker run -u 1000:1000 app",
    "label = 'Sign-In!'",
    "gpg: using RSA key CDE5BF0E3E7DC679F717EF15CDE35E6EB642C472",
    "[Peer]\nPublicKey = zipzJX0hNtGq4KRmkFknCNqv40LBMo+elRlb53xbmv8=",
    "strftime('%Y-%m-%dT%H:%M')",
    "hashlib.sha256(b'abc').hexdigest() == "
    "'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'",
    "version 2.0.0-beta.3+build.5114af1 was tagged by mistake",
    "if not hmac.compare_digest(expected_sig, request.headers['X-Hub-Signature-256']):",
    f"config:\n  app:dbPassword:\n    secure: v1:{_token(16)}:{_token(44)}",
    f"cache key: Linux-node-modules-{_token(64, _HEX)}",
    'gpg: key E6E3093A1BD71964: public key "Release Bot <release@example.dev>" imported',
    "FIPS-197 appendix C.1 AES-128 key 000102030405060708090a0b0c0d0e0f",
    "https://github.com/acme/app/settings/hooks/48213377",
    "POST https://api.example.com/webhooks/stripe/events",
    "docker run -u :1000 app",
    '<string name="api_key_label">API key</string>',
    f"trace {_token(8, _HEX)}-{_token(4, _HEX)}-{_token(4, _HEX)}-{_token(4, _HEX)} done",
    f"git show {_token(40, _HEX)}:src/app.py",
    "docker pull app@sha256:" + _token(64, _HEX),
    "the build ran 2024-0115-0930-1200 on runner x86-64",
    "ed25519 RFC 8032 TEST 1 secret key "
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60 (public test vector)",
    "chatcmpl-xFu6rVSIsP3eXtKFfGBxLsT93TFm9 finished with finish_reason=length",
    "2026-12-05T00:41:07Z INFO auth: login ok user=dana method=sso session=4c9fe12a…",
    "apiVersion: v1\nkind: ConfigMap\ndata:\n  ROOT: " + base64.b64encode(b"/srv/app").decode(),
    "kind: Secret\ndata:\n  ca.crt: " + base64.b64encode(b"-----BEGIN CERTIFICATE-----").decode()
    + "\n  username: YWRtaW4=",
]


@pytest.mark.parametrize("text", POSITIONAL_SECRETS)
def test_a_secret_where_it_is_pasted_is_refused(text: str) -> None:
    assert find_credential(text) is not None, text


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_of_the_same_shapes_passes(text: str) -> None:
    assert find_credential(text) is None, find_credential(text)
