"""Fit the generated-value model of ``gitledger/core/credential_model.py`` and write its
weights table (``gitledger/core/credential_model_weights.py``).

Negatives are the tokens of public repositories' text files (code, configuration, docs,
CI files, lock files), given as git directories: nobody here wrote them, and no credential
corpus of ``tests/core`` is read.  A token already known to be no secret by its shape (a
UUID, a digest, a path: ``credential_shapes.ordinary_token``) and the body of an armoured
block are left out, so the model learns what people write, not what hashes look like.
Positives are random strings drawn here from the alphabets and formats secrets use (hex,
base32, base36, base62, base64 and its URL form, printable passwords), bare, with a short
prefix and separator, in dotted or dashed parts.  Half of each side fits the two bigram
tables, the other half the logistic regression (numpy, a benchmark-only dependency); the
threshold is the least score at which at most ``--negative-rate`` of the negative tokens
of the regression half score higher.

Usage: ``python benchmarks/credential_model.py GITDIR... [--write]`` (a git directory or a
bare mirror of each repository; the table is written with ``--write``, else printed).
"""

from __future__ import annotations

import argparse
import base64
import math
import random
import re
import string
import subprocess
import sys
from pathlib import Path

import numpy as np  # type: ignore[import-not-found]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitledger.core import credential_model as model
from gitledger.core import credential_model_weights
from gitledger.core.credential_shapes import ordinary_token

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "gitledger" / "core" / "credential_model_weights.py"
_TOKEN = re.compile(r"(?<![A-Za-z0-9+/=_\-.~])[A-Za-z0-9+/=_\-.~]{8,256}(?![A-Za-z0-9+/=_\-.~])")
#: Runs of printable characters between spaces and quotes: code, formats, made-up passwords.
_PRINTABLE = re.compile(r"(?<![!-~])[!-~]{8,64}(?![!-~])")
_ARMOUR = re.compile(r"-----BEGIN [^\n]*-----.*?(?:-----END [^\n]*-----|\Z)", re.S)
#: The least bits (length times log2 of the alphabet) a value must hold to be judged at all:
#: a 12-digit hex id (48 bits) is random and no secret.
LEAST_BITS = 72
NAMES = ("bigram log-likelihood ratio a character",
         "bigram log-likelihood over the alphabet's uniform a character", "log2 length",
         "entropy over expected", "bits over 100",
         "digit share", "digit share off the alphabet's", "minority case share of letters",
         "symbol share",
         "class changes a character", "vowel share of letters", "longest letter run share",
         "distinct characters share", "hex only")


def texts(gitdir: str) -> list[str]:
    """Every text file of HEAD of ``gitdir`` under 300 KB."""
    listing = subprocess.run(["git", f"--git-dir={gitdir}", "ls-tree", "-r", "-l", "HEAD"],
                             capture_output=True, text=True, check=True).stdout
    out = []
    for line in listing.splitlines():
        meta, _ = line.split("\t", 1)
        _, kind, sha, size = meta.split()
        if kind != "blob" or not size.isdigit() or int(size) > 300_000:
            continue
        data = subprocess.run(["git", f"--git-dir={gitdir}", "cat-file", "blob", sha],
                              capture_output=True, check=False).stdout
        if b"\0" in data[:8000]:
            continue
        try:
            out.append(data.decode("utf-8"))
        except UnicodeDecodeError:
            continue
    return out


def negatives(gitdirs: list[str]) -> list[str]:
    tokens: set[str] = set()
    for gitdir in gitdirs:
        for whole in texts(gitdir):
            text = _ARMOUR.sub(" ", whole)
            found = [m.group(0).strip(".=-_/") for m in _TOKEN.finditer(text)]
            found += [m.group(0).strip("\"'`,;()[]{}") for m in _PRINTABLE.finditer(text)]
            for token in found:
                core = re.sub(r"[^A-Za-z0-9]", "", token)
                if len(core) >= 8 and not ordinary_token(token):
                    tokens.add(token)
    return sorted(tokens)


ALPHABET_SIZES = (16, 36, 62, 64, 94)
ALPHABETS = {
    "hex": "0123456789abcdef", "HEX": "0123456789ABCDEF",
    "base32": string.ascii_uppercase + "234567", "base36": string.ascii_lowercase + string.digits,
    "BASE36": string.ascii_uppercase + string.digits,
    "base62": string.ascii_letters + string.digits,
    "base64": string.ascii_letters + string.digits + "+/",
    "base64url": string.ascii_letters + string.digits + "-_",
    "printable": "".join(ch for ch in string.printable[:94] if ch not in "\"'`\\ "),
}


def positive(rng: random.Random) -> str:
    name = rng.choice(list(ALPHABETS))
    alphabet = ALPHABETS[name]
    if name == "printable":
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(12, 40)))
    if name.startswith("base64") and rng.random() < 0.5:  # encoded bytes, padded
        raw = bytes(rng.getrandbits(8) for _ in range(rng.randint(12, 64)))
        encode = base64.urlsafe_b64encode if name == "base64url" else base64.b64encode
        body = encode(raw).decode()
    else:
        body = "".join(rng.choice(alphabet) for _ in range(rng.randint(12, 72)))
    shape = rng.random()
    if shape < 0.25:  # a short prefix: xxx_ or xx-
        prefix = "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(2, 6)))
        return prefix + rng.choice("_-") + body
    if shape < 0.35:  # dotted parts (JWT-like) or dashed groups
        cut = sorted(rng.sample(range(4, len(body) - 4), 2)) if len(body) > 12 else [4, 8]
        sep = rng.choice(".-")
        return body[:cut[0]] + sep + body[cut[0]:cut[1]] + sep + body[cut[1]:]
    return body


def bigrams(tokens: list[str]) -> list[float]:
    counts = [0.5] * ((model.SYMBOLS + 1) * model.SYMBOLS)
    for token in tokens:
        previous = model.START
        for ch in token[:256]:
            current = model.symbol(ch)
            counts[previous * model.SYMBOLS + current] += 1
            previous = current
    table: list[float] = []
    for row in range(model.SYMBOLS + 1):
        cells = counts[row * model.SYMBOLS:(row + 1) * model.SYMBOLS]
        total = sum(cells)
        table.extend(math.log(c / total) for c in cells)
    return table


def fit(x: np.ndarray, y: np.ndarray, steps: int = 3000, rate: float = 0.5,
        l2: float = 1e-3) -> tuple[np.ndarray, float]:
    weight = np.zeros(x.shape[1])
    bias = 0.0
    balance = np.where(y == 1, 0.5 / y.mean(), 0.5 / (1 - y.mean()))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ weight + bias)))
        g = (p - y) * balance
        weight -= rate * (x.T @ g / len(y) + l2 * weight)
        bias -= rate * g.mean()
    return weight, bias


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gitdirs", nargs="+", help="git directories of public repositories")
    parser.add_argument("--negative-rate", type=float, default=0.001,
                        help="share of negative tokens allowed above the threshold")
    parser.add_argument("--positives", type=int, default=60000, help="random strings drawn")
    parser.add_argument("--write", action="store_true", help="write the weights table")
    args = parser.parse_args()
    rng = random.Random(41)
    neg = negatives(args.gitdirs)
    neg = [t for t in neg if model.bits(t) >= LEAST_BITS]
    rng.shuffle(neg)
    pos = [t for t in (positive(rng) for _ in range(args.positives)) if model.bits(t) >= LEAST_BITS]
    half_n, half_p = len(neg) // 2, len(pos) // 2
    natural, random_ = bigrams(neg[:half_n]), bigrams(pos[:half_p])
    space = {"NATURAL": natural, "RANDOM": random_, "NAMES": NAMES,
             "MEANS": (0.0,) * len(NAMES), "SCALES": (1.0,) * len(NAMES),
             "WEIGHTS": {n: (0.0,) * len(NAMES) for n in ALPHABET_SIZES},
             "BIAS": dict.fromkeys(ALPHABET_SIZES, 0.0), "THRESHOLD": 0.5, "LEAST_BITS": LEAST_BITS}
    for key, value in space.items():
        setattr(credential_model_weights, key, value)
    rows = neg[half_n:] + pos[half_p:]
    x = np.array([model.features(t) for t in rows])
    y = np.array([0] * (len(neg) - half_n) + [1] * (len(pos) - half_p), dtype=float)
    means, scales = x.mean(axis=0), x.std(axis=0) + 1e-9
    sizes = np.array([model.group(t) for t in rows])
    weight, bias = {}, {}
    scores = np.zeros(len(rows))
    for size in ALPHABET_SIZES:
        rows_of = sizes == size
        if y[rows_of].min() == y[rows_of].max():
            raise SystemExit(f"alphabet {size}: no negatives or no positives")
        weight[size], bias[size] = fit((x[rows_of] - means) / scales, y[rows_of])
        scores[rows_of] = 1 / (1 + np.exp(-(((x[rows_of] - means) / scales) @ weight[size]
                                            + bias[size])))
    negative_scores = np.sort(scores[y == 0])
    threshold = float(negative_scores[int(len(negative_scores) * (1 - args.negative_rate))])
    recall = float((scores[y == 1] >= threshold).mean())
    print(f"{len(neg)} negative tokens, {len(pos)} positives; threshold {threshold:.4f}: "
          f"{recall:.2%} of held-back positives, "
          f"{(negative_scores >= threshold).mean():.3%} of held-back negatives", file=sys.stderr)
    for index, name in enumerate(NAMES):
        print("  " + " ".join(f"{weight[size][index]:+.2f}" for size in ALPHABET_SIZES)
              + f"  {name}", file=sys.stderr)
    table = render(natural, random_, means, scales, weight, bias, threshold, args.gitdirs)
    if args.write:
        TABLE.write_text(table)
    else:
        print(table)
    return 0


def _floats(values: list[float] | np.ndarray, per_line: int = 9) -> str:
    items = [f"{float(v):.4f}," for v in values]
    lines = [" ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "\n".join("    " + line for line in lines)


def render(natural: list[float], random_: list[float], means: np.ndarray, scales: np.ndarray,
           weight: dict[int, np.ndarray], bias: dict[int, float], threshold: float,
           gitdirs: list[str]) -> str:
    weights = "\n".join(f"    {size}: (\n{_floats(weight[size], 6)}\n    ),"
                        for size in ALPHABET_SIZES)
    names = "\n".join(f"    {name!r}," for name in NAMES)
    biases = ", ".join(f"{size}: {bias[size]:.6f}" for size in ALPHABET_SIZES)
    sources = sorted({Path(d).resolve().parent.name.replace("+", "/") for d in gitdirs})
    return f'''"""The weights of the generated-value model (``credential_model``): data, not code.

Fitted by ``benchmarks/credential_model.py`` on the tokens of public repositories
({", ".join(sources)})
against random strings of secrets' alphabets; regenerate them with it.
"""

NAMES = (
{names}
)
LEAST_BITS = {LEAST_BITS}
THRESHOLD = {threshold:.6f}
#: One regression for each alphabet's size (``credential_model.alphabet``).
BIAS: dict[int, float] = {{{biases}}}
WEIGHTS: dict[int, tuple[float, ...]] = {{
{weights}
}}
MEANS: tuple[float, ...] = (
{_floats(means, 6)}
)
SCALES: tuple[float, ...] = (
{_floats(scales, 6)}
)
#: log P(next | previous) over the model's symbols, the start row last: text of repositories.
NATURAL: tuple[float, ...] = (
{_floats(natural)}
)
#: The same over random strings of secrets' alphabets.
RANDOM: tuple[float, ...] = (
{_floats(random_)}
)
'''


if __name__ == "__main__":
    raise SystemExit(main())
