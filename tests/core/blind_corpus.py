"""What every corpus written blind holds to, checked when it is imported: the family names
of the corpora before it (names only; their samples stay unread by its author) and the
invariants a broken edit would break (``check``); the orders that spread each weight and the
vendor families over both halves (``round_robin``, ``interleave``)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from tests.core.credential_corpus_third import Family, family, split_by_family
from tests.core.credential_corpus_third import families as third_families

#: The later corpora, in the order they were written.
LATER = ("fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
         "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
         "eighteenth", "nineteenth", "twentieth")


def earlier_family_names(corpus: str) -> set[str]:
    """The family names of every corpus written before ``corpus`` (one of ``LATER``)."""
    from tests.core import credential_corpus, credential_corpus_fresh

    names = {family(kind) for kind, _ in credential_corpus.SECRETS}
    names |= {family(kind) for kind, _ in credential_corpus_fresh.FRESH_SECRETS}
    names |= set(third_families())
    for earlier in LATER[:LATER.index(corpus)]:
        names |= set(importlib.import_module(f"tests.core.credential_corpus_{earlier}").families())
    return names


def check(corpus: str, families: Sequence[Family], secrets: Sequence[tuple[str, str]],
          ordinary: Sequence[str], debatable: Sequence[str], unsure: AbstractSet[str],
          vendor: AbstractSet[str], *, least: tuple[int, int, int],
          template: re.Pattern[str] = re.compile("@@")) -> None:
    """A blind corpus's invariants: ``least`` families, secrets and ordinary texts at least;
    no text still holding a ``template`` placeholder."""
    names = [fam.name for fam in families]
    assert len(names) == len(set(names)) >= least[0], f"family names unique, {least[0]} at least"
    assert all(fam.half == "AB"[i % 2] for i, fam in enumerate(families)), "halves alternate"
    assert all(len(fam.samples) >= 3 for fam in families), "three samples per family at least"
    assert all("," not in name for name in names), "a family name holds no comma"
    kinds = [kind for kind, _ in secrets]
    assert len(kinds) == len(set(kinds)) >= least[1], "a setting appears once in its family"
    assert not [text for _, text in secrets if template.search(text)], "every template filled"
    texts = [text for _, text in secrets]
    assert set(names) >= unsure
    assert set(names) >= vendor
    assert len(vendor) * 2 <= len(names), "at least half the families are generic"
    assert len(ordinary) == len(set(ordinary)) >= least[2], "no ordinary text twice"
    assert not [text for text in ordinary if template.search(text)]
    assert all(entry in ordinary for entry in debatable)
    assert len(debatable) * 10 <= len(ordinary), "debatable entries stay under a tenth"
    assert not set(texts) & set(ordinary), "no text is both a secret and ordinary"
    half_a, half_b = split_by_family(families, secrets)
    assert half_a
    assert half_b
    assert len(half_a) + len(half_b) == len(secrets)
    lowered = {name.lower() for name in earlier_family_names(corpus)}
    assert not [name for name in names if name.lower() in lowered], "families are new"


def round_robin(*groups: list[Family]) -> list[Family]:
    """The three weights taken in turn, so each half holds some of every weight."""
    out: list[Family] = []
    longest = max(len(group) for group in groups)
    for i in range(longest):
        out.extend(group[i] for group in groups if i < len(group))
    return out


def interleave(generic: list[Family], vendor: list[Family]) -> list[Family]:
    """Vendor families spread through the generic ones, so both halves hold some of each.

    The step is even, so a block of generic families and one vendor family has an odd
    length and the vendor families fall to half A and half B in turn.
    """
    out: list[Family] = []
    step = max(1, len(generic) // max(1, len(vendor)))
    if step % 2 and step > 1:
        step -= 1
    vendors = iter(vendor)
    for i, fam in enumerate(generic):
        out.append(fam)
        if i % step == step - 1:
            out.extend(v for v in [next(vendors, None)] if v is not None)
    out.extend(vendors)
    return out
