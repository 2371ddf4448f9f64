"""Fit the token model of ``gitledger/core/credential_context.py`` and write its weights
table (``gitledger/core/credential_context_weights.tsv``).

Negatives: every token of the corpora's ordinary texts, of the reviews' and the rules'
tests' ordinary cases (``RULE_CASES``), and of public repositories' text files cut into
paragraphs of at most 12 lines (git directories given on the command line; nobody here
wrote them).  Positives: one token of each credential text: the value a judged rule names,
where one does; else which one is learnt (multiple-instance learning): first the token
with the most digits, capitals, marks and entropy, then, for three rounds, the token the
model fitted so far scores highest.  The fit is scikit-learn's logistic regression, a
training-only dependency as numpy is for ``credential_model.py``: the product reads the
table alone.  Features weighing less than ``_LEAST_WEIGHT`` are left out of the table.

``--hold-out`` leaves corpora out of the fit and measures on them (the held-out figures of
docs/reliability.md); ``--measure`` prints numbers only for more corpora, never their texts.

Usage: ``python benchmarks/credential_context.py GITDIR... [--hold-out A,B] [--measure C,D]
[--write] [--table PATH]`` (needs ``pip install scikit-learn``).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np  # type: ignore[import-not-found]
from sklearn.feature_extraction import DictVectorizer  # type: ignore[import-not-found]
from sklearn.linear_model import LogisticRegression  # type: ignore[import-not-found]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from credential_model import texts

from gitledger.core import credential_context as context
from gitledger.core.credentials import judged_findings
from tests.core.blind_corpus import LATER

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "gitledger" / "core" / "credential_context_weights.tsv"
#: The corpora some round has read (the later ones stay blind) and the reviews.
READ = ("first", "fresh", "third", *LATER[:LATER.index("sixteenth") + 1])
REVIEWS = ("eight", "nine", "ten", "eleven", "twelve", "thirteen", "fifteen", "sixteen",
           "seventeen")
#: The rules' own cases (module, its credentials, its ordinary texts): what each rule was
#: written to refuse and to let pass.
RULE_CASES = (
    ("test_credential_shapes", "SECRETS", "ORDINARY"),
    ("test_credential_plain_places", "SECRETS", "ORDINARY"),
    ("test_credential_positional", "POSITIONAL_SECRETS", "ORDINARY"),
    ("test_credential_prose", "SECRETS", "ORDINARY"),
    ("test_credential_public_text", "SECRETS", "ORDINARY"),
    ("test_credential_review", "LET_THROUGH", "REFUSED"),
    ("test_text", "CREDENTIALS", ""),
)
_PARAGRAPH_LINES = 12
_PARAGRAPHS_PER_REPOSITORY = 4000
_ROUNDS = 4
#: Weights nearer zero than this are left out of the table: a quarter of the features, and
#: the same verdicts on the held-out corpora within a text.
_LEAST_WEIGHT = 0.05


def corpus(name: str) -> tuple[list[str], list[str]]:
    """The credential texts and the ordinary texts of a corpus."""
    if name == "first":
        first = importlib.import_module("tests.core.credential_corpus")
        return [text for _, text in first.SECRETS], list(first.ORDINARY)
    module = importlib.import_module(
        "tests.core.credential_corpus_fresh" if name == "fresh"
        else f"tests.core.credential_corpus_{name}")
    upper = name.upper()
    return ([text for _, text in getattr(module, f"{upper}_SECRETS")],
            list(getattr(module, f"{upper}_ORDINARY")))


def review(name: str) -> tuple[list[str], list[str]]:
    """A review's credentials (its A and C cases) and its ordinary texts (B)."""
    module = importlib.import_module(f"tests.core.credential_review_{name}")

    def texts(cases: Sequence[object]) -> list[str]:
        return [case[-1] if isinstance(case, tuple) else str(case) for case in cases]

    return (texts(getattr(module, "A", [])) + texts(getattr(module, "C", [])),
            texts(getattr(module, "B", [])))


def _case_text(case: object) -> str:
    """A case's text: itself, or the longest string of its tuple."""
    if isinstance(case, tuple):
        return max((part for part in case if isinstance(part, str)), key=len)
    return str(case)


def rule_cases(module_name: str, found: str, plain: str) -> tuple[list[str], list[str]]:
    """A rule test module's credentials and ordinary texts."""
    module = importlib.import_module(f"tests.core.{module_name}")

    def texts(name: str) -> list[str]:
        cases = getattr(module, name) if name else ()
        return [_case_text(case) for case in (cases.values() if isinstance(cases, dict)
                                              else cases)]

    return texts(found), texts(plain)


def paragraphs(gitdir: str) -> list[str]:
    """A repository's text files at HEAD (``credential_model.texts``), cut at blank lines
    into paragraphs of at most ``_PARAGRAPH_LINES`` lines."""
    out: list[str] = []
    for text in texts(gitdir):
        block: list[str] = []
        for line in [*text.splitlines(), ""]:
            if line.strip() and len(block) < _PARAGRAPH_LINES:
                block.append(line)
                continue
            if block:
                out.append("\n".join(block))
            block = [line] if line.strip() else []
    return out


def token_features(text: str) -> list[dict[str, float]]:
    return [dict.fromkeys(context.features(text, start, end), 1.0)
            for start, end in context.tokens(text)]


def _ruled(text: str) -> int | None:
    """The token of ``text`` holding the value the first judged rule names, if one does."""
    for _, (start, end) in judged_findings(text):
        for index, (token_start, token_end) in enumerate(context.tokens(text)):
            if start <= token_start and token_end <= end:
                return index
        return None
    return None


def _first_guess(bag: list[dict[str, float]]) -> int:
    def weight(row: dict[str, float]) -> int:
        return sum(int(name.split("=")[1]) for name in row
                   if name[:3] in ("nd=", "nu=", "ns=", "ent"))
    return max(range(len(bag)), key=lambda i: weight(bag[i]))


def fit(secrets: list[str], ordinary: list[str]) -> dict[str, float]:
    """The weights of a model fitted on these texts."""
    negatives = [row for text in ordinary for row in token_features(text)]
    texts = [text for text in secrets if any(context.tokens(text))]
    bags = [token_features(text) for text in texts]
    ruled = [_ruled(text) for text in texts]
    chosen = [_first_guess(bag) if index is None else index
              for bag, index in zip(bags, ruled, strict=True)]
    vectors = DictVectorizer()
    vectors.fit(negatives + [row for bag in bags for row in bag])
    model = LogisticRegression(C=1.0, max_iter=3000, class_weight={0: 1, 1: 3})
    for _ in range(_ROUNDS):
        positives = [bag[i] for bag, i in zip(bags, chosen, strict=True)]
        model.fit(vectors.transform(negatives + positives),
                  np.array([0] * len(negatives) + [1] * len(bags)))
        chosen = [int(np.argmax(model.decision_function(vectors.transform(bag))))
                  if index is None else index for bag, index in zip(bags, ruled, strict=True)]
    names = vectors.get_feature_names_out()
    weights = {str(name): round(float(w), 3) for name, w in zip(names, model.coef_[0],
                                                              strict=True)}
    weights["bias"] = round(weights.get("bias", 0.0) + float(model.intercept_[0]), 3)
    return {name: w for name, w in weights.items()
            if abs(w) > _LEAST_WEIGHT or name == "bias"}


def _text_score(text: str, weights: dict[str, float]) -> float:
    best = context.likeliest(text, weights)
    return best.score if best else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gitdirs", nargs="+")
    parser.add_argument("--hold-out", default="")
    parser.add_argument("--measure", default="")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--table", type=Path, default=TABLE)
    args = parser.parse_args()
    held = [name for name in args.hold_out.split(",") if name]
    secrets: list[str] = []
    ordinary: list[str] = []
    for name in [name for name in READ if name not in held]:
        found, plain = corpus(name)
        secrets += found
        ordinary += plain
    for name in REVIEWS:
        found, plain = review(name)
        secrets += found
        ordinary += plain
    for case in RULE_CASES:
        found, plain = rule_cases(*case)
        secrets += found
        ordinary += plain
    rng = random.Random(1)
    for gitdir in args.gitdirs:
        texts = paragraphs(gitdir)
        ordinary += rng.sample(texts, min(len(texts), _PARAGRAPHS_PER_REPOSITORY))
    weights = fit(secrets, ordinary)
    print(f"fitted on {len(secrets)} credentials, {len(ordinary)} ordinary texts: "
          f"{len(weights)} weights")
    for name in held + [name for name in args.measure.split(",") if name]:
        found, plain = corpus(name)
        found_scores = [_text_score(text, weights) for text in found]
        plain_scores = [_text_score(text, weights) for text in plain]
        for threshold in (0.5, 0.8, 0.9, 0.95):
            caught = sum(s > threshold for s in found_scores)
            refused = sum(s > threshold for s in plain_scores)
            print(f"{name} above {threshold}: {caught} of {len(found)} caught, "
                  f"{refused} of {len(plain)} refused")
    if args.write:
        lines = [f"{name}\t{weight}" for name, weight in sorted(weights.items())]
        args.table.write_text("# written by benchmarks/credential_context.py; a feature and its "
                         "weight a line\n" + "\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {args.table}")


if __name__ == "__main__":
    main()
