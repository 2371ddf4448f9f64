"""Credentials benchmark: the hand-written scanner against a detector library, on two corpora,
and its time on hostile input.

Every ledger write passes ``clean_text``, whose last rule is the credential scanner.  This
measures, on tests/core/credential_corpus.py (the corpus the scanner was written with) and
on tests/core/credential_corpus_fresh.py (written by someone who had not seen the scanner;
its kinds split by family into halves A and B, its ordinary texts into even and odd):

* the held-out figures: the scanner as it was at each step of the method, loaded from git
  (``HELD_OUT``): before it met the fresh corpus (first contact, on all of it), tuned on
  half A and the even ordinary texts (measured on half B and the odd ones), and tuned on
  half B and the odd texts from the same start (measured on half A and the even ones);
  then, round two, each of those with rules for secrets pasted with no word naming them
  (written from neither half, then tuned on half A only), measured the same way; and round
  three, the shapes layer (``credential_shapes.py``, written from neither half, then tuned
  on half A only) grafted onto round two's held-out scanners, measured the same way.
  Those revisions are the evidence; a checkout without them prints so and skips the rows;
* the third corpus (tests/core/credential_corpus_third.py, written blind, its kinds split
  by family into halves A and B, its ordinary texts into even and odd): the scanner before
  round four had read it, and round four's scanner tuned on half A, measured on half B
  (``HELD_OUT_THIRD``; a revision ending ``@`` loads the shapes layer of the same revision);
* the fourth to sixteenth corpora (``later_corpora``): the scanner now, by halves (rounds
  seventeen and eighteen read the thirteenth and the fourteenth by halves, round twenty the
  fifteenth and the sixteenth); the seventeenth to nineteenth whole, by the scanner and by
  its rules alone (without the context model of round nineteen);
* the swap the issue asks for (``HELD_OUT_SWAPPED``, round twenty-one): each half of the
  eighteenth and nineteenth measured by the whole scanner (``verdicts_at``: its package at
  a revision, run in a child) whose rules were written from the other half only;
* the twentieth, written blind and read by nobody (``unread_corpus``): by numbers, at round
  twenty-one's start and now;
* hostile input: ``redact`` and ``find_credential`` on 25 KB and 100 KB of each unit of
  tests/core/hostile_text.py, CPU time, and the ratio (4 is linear);

* ``gitledger.core.credentials.find_credential`` (the hand-written scanner): the share of
  credentials it names, the share of ordinary texts it names, and its time per text;
* ``clean_text`` with it (the whole gate a write pays), and the gate's other rules alone
  (the scanner replaced by a stub), so the difference is what the scanner adds;
* detect-secrets (Yelp's, the well-kept library on PyPI), when installed, with its
  default plugins and filters, each line of a text through ``scan_line``: the same
  shares and the time per text.

Usage: ``python benchmarks/credentials.py [--runs N] [--smallest]``.  detect-secrets is no
dependency of gitledger; install it beside the benchmark to compare (``pip install
detect-secrets``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import record, smallest_option

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitledger.core import credentials as scanner_module
from gitledger.core import text as text_rules
from gitledger.core.credentials import find_credential
from gitledger.errors import InvalidInput
from gitledger.interchange.transcripts import redact
from tests.core import credential_corpus_eighteenth as eighteenth
from tests.core import credential_corpus_eighth as eighth
from tests.core import credential_corpus_eleventh as eleventh
from tests.core import credential_corpus_fifteenth as fifteenth
from tests.core import credential_corpus_fifth as fifth
from tests.core import credential_corpus_fourteenth as fourteenth
from tests.core import credential_corpus_fourth as fourth
from tests.core import credential_corpus_fresh as fresh
from tests.core import credential_corpus_nineteenth as nineteenth
from tests.core import credential_corpus_ninth as ninth
from tests.core import credential_corpus_seventeenth as seventeenth
from tests.core import credential_corpus_seventh as seventh
from tests.core import credential_corpus_sixteenth as sixteenth
from tests.core import credential_corpus_sixth as sixth
from tests.core import credential_corpus_tenth as tenth
from tests.core import credential_corpus_third as third
from tests.core import credential_corpus_thirteenth as thirteenth
from tests.core import credential_corpus_twelfth as twelfth
from tests.core import credential_corpus_twentieth as twentieth
from tests.core.credential_corpus import ORDINARY, SECRETS
from tests.core.hostile_text import KNOWN, cpu, hostile

ROOT = Path(__file__).resolve().parent.parent
#: The scanner at each step of the held-out method (git revisions of
#: gitledger/core/credentials.py), what it is measured on, and the row's label.
HELD_OUT = (
    ("f87def0", "all", "first contact: the scanner before it met the fresh corpus"),
    ("f367599", "B", "held out A->B: tuned on half A, measured on half B"),
    ("f7edd80", "A", "held out B->A: tuned on half B, measured on half A"),
    ("23920e2", "A", "held out B->A, round two: tuned on half B, positional rules from no half,"
                     " measured on half A"),
    ("1cf383e", "B", "held out A->B, round two: tuned on half A, positional rules tuned on"
                     " half A, measured on half B"),
    ("23920e2+b9d2f94", "A", "held out B->A, round three: round two's B scanner, shapes layer"
                             " from no half, measured on half A"),
    ("1cf383e+d38330d", "B", "held out A->B, round three: round two's A scanner, shapes layer"
                             " tuned on half A, measured on half B"),
)

#: The same for the third corpus, which rounds one to three never read.
HELD_OUT_THIRD = (
    ("d8c9b4f@", "all", "before round four: the scanner that had not read the third corpus"),
    ("3bbac41@", "B", "held out A->B, round four: tuned on half A, measured on half B"),
)

Detector = Callable[[str], bool]
_OPEN: list[Any] = []


def rules_alone(text: str) -> bool:
    """The scanner's rules without the context model (what transcripts are redacted of)."""
    return scanner_module.rule_finding(text) is not None


def hand_written(text: str) -> bool:
    return find_credential(text) is not None


def detect_secrets_detector(eager: bool) -> Detector | None:
    """detect-secrets with its default plugins and filters.  ``eager`` is its ad-hoc
    string mode (``scan_line``, what ``detect-secrets scan --string`` runs: a keyword
    anywhere counts); otherwise each line is scanned as in a file, the way its pre-commit
    hook runs."""
    try:
        from detect_secrets.core.scan import (  # type: ignore[import-not-found]
            _is_filtered_out,
            _scan_line,
            get_code_snippet,
            get_plugins,
        )
        from detect_secrets.settings import (  # type: ignore[import-not-found]
            default_settings,
            get_settings,
        )
    except ImportError:
        return None
    # The settings stay in force for the whole run (closed in main).
    _OPEN.append(default_settings())
    _OPEN[-1].__enter__()
    get_settings().disable_filters("detect_secrets.filters.common.is_invalid_file")

    def detect(text: str) -> bool:
        lines = text.splitlines()
        for number, line in enumerate(lines, 1):
            context = get_code_snippet(lines=lines, line_number=number)
            for plugin in get_plugins():
                for secret in _scan_line(plugin=plugin, filename="ledger-text", line=line,
                                         line_number=number, enable_eager_search=eager,
                                         context=context):
                    if not _is_filtered_out(required_filter_parameters=["context"],
                                            filename=secret.filename,
                                            secret=secret.secret_value, plugin=plugin,
                                            line=line, context=context):
                        return True
        return False
    return detect


def rates(detect: Detector, secrets: list[tuple[str, str]] = SECRETS,
          ordinary: list[str] = ORDINARY) -> tuple[float, float, list[str], list[str]]:
    missed = [kind for kind, text in secrets if not detect(text)]
    refused = [text for text in ordinary if detect(text)]
    return (1 - len(missed) / len(secrets), len(refused) / len(ordinary), missed, refused)


def fresh_part(half: str) -> tuple[list[tuple[str, str]], list[str]]:
    """Half ``A`` or ``B`` of the fresh corpus (kinds by family; ordinary texts even or
    odd), or ``all`` of it."""
    if half == "all":
        return fresh.FRESH_SECRETS, fresh.FRESH_ORDINARY
    tune, measure = fresh.halves()
    texts = dict(fresh.FRESH_SECRETS)
    kinds = tune if half == "A" else measure
    return ([(kind, texts[kind]) for kind in kinds],
            fresh.FRESH_ORDINARY[0::2] if half == "A" else fresh.FRESH_ORDINARY[1::2])


def third_part(half: str) -> tuple[list[tuple[str, str]], list[str]]:
    """Half ``A`` or ``B`` of the third corpus (kinds by family; ordinary texts even or
    odd), or ``all`` of it."""
    if half == "all":
        return third.THIRD_SECRETS, third.THIRD_ORDINARY
    texts = dict(third.THIRD_SECRETS)
    kinds = third.halves()[0 if half == "A" else 1]
    return ([(kind, texts[kind]) for kind in kinds],
            third.THIRD_ORDINARY[0::2] if half == "A" else third.THIRD_ORDINARY[1::2])


def _module_at(revision: str, path: str) -> types.ModuleType | None:
    """The module at ``path`` as it was at ``revision`` (it needs only the standard
    library), or None when this checkout lacks that revision."""
    done = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:{path}"],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return None
    module = types.ModuleType(f"{Path(path).stem}_{revision}")
    exec(compile(done.stdout, f"{path}@{revision}", "exec"), module.__dict__)
    return module


def _graft(module: types.ModuleType, shapes: types.ModuleType) -> None:
    """Give an older scanner the shapes layer as the scanner now uses it: every judged
    finding dropped when ``shapes.ordinary`` says the value is ordinary, the layer's
    patterns tried last."""
    def kept(judge: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def judged(match: Any) -> Any:
            span = judge(match)
            return None if span is None or shapes.ordinary(match.string, *span) else span
        return judged
    space = module.__dict__
    space["_JUDGED_SCAN"] = tuple((n, p, kept(j), lit) for n, p, j, lit in space["_JUDGED_SCAN"])
    line = getattr(shapes, "line_shapes", None)
    patterns = list(shapes.SHAPE_PATTERNS)
    if line is not None:  # the scanner now tries it inside its own line pattern
        patterns.append(("a secret on a line", re.compile(r"(?m)^[^\n]+"), line))
    generic = tuple((n, p, kept(j), lit) for n, p, j, lit in space["_GENERIC_SCAN"])
    space["_GENERIC_SCAN"] = generic + tuple((n, p, j, space["required_literal"](p))
                                             for n, p, j in patterns)
    if "EXTRA_PATTERNS" in space:  # round two's grafted rules
        space["EXTRA_PATTERNS"] = tuple((n, p, kept(j)) for n, p, j in space["EXTRA_PATTERNS"])
    for name in ("url_password_secret", "auth_secret", "assignment_secret"):
        space[name] = kept(space[name])


def scanner_at(revision: str) -> Detector | None:
    """``find_credential`` as it was at ``revision``, or at ``SCANNER+SHAPES``: the scanner
    of the first revision with the shapes layer of the second grafted on (``_graft``).
    None when this checkout lacks a revision."""
    if revision.endswith("@"):  # the scanner and its shapes layer of one revision
        shapes = _module_at(revision[:-1], "gitledger/core/credential_shapes.py")
        if shapes is None:
            return None
        name = "gitledger.core.credential_shapes"
        current = sys.modules[name]
        sys.modules[name] = shapes
        try:
            module = _module_at(revision[:-1], "gitledger/core/credentials.py")
        finally:
            sys.modules[name] = current
        if module is None:
            return None
        scan_at = module.__dict__["find_credential"]
        return lambda text: scan_at(text) is not None
    scanner, _, layer = revision.partition("+")
    module = _module_at(scanner, "gitledger/core/credentials.py")
    if module is None:
        return None
    if layer:
        shapes = _module_at(layer, "gitledger/core/credential_shapes.py")
        if shapes is None:
            return None
        _graft(module, shapes)
    scan = module.__dict__["find_credential"]
    return lambda text: scan(text) is not None


def report(label: str, detect: Detector, secrets: list[tuple[str, str]],
           ordinary: list[str], key: str) -> None:
    caught, false_positive, missed, refused = rates(detect, secrets, ordinary)
    print(f"  {label}\n    catches {caught:6.1%} ({len(secrets) - len(missed)}/{len(secrets)})"
          f"  refuses {false_positive:5.1%} of ordinary texts ({len(refused)}/{len(ordinary)})")
    record("credentials", f"{key}: credentials caught", caught * 100, unit="%")
    record("credentials", f"{key}: ordinary texts refused", false_positive * 100, unit="%")


def held_out() -> None:
    print("held-out figures (fresh corpus)")
    report("the scanner now, on all of it (tuned on both halves: no held-out figure)",
           hand_written, *fresh_part("all"), key="fresh corpus, scanner now")
    for revision, half, label in HELD_OUT:
        detect = scanner_at(revision)
        if detect is None:
            print(f"  {label}: revision {revision} is not in this checkout")
            continue
        report(f"{label} ({revision})", detect, *fresh_part(half), key=label.split(":")[0])


def held_out_third() -> None:
    print("held-out figures (third corpus)")
    for half in ("A", "B"):
        report(f"the scanner now, half {half} (tuned on it: no held-out figure)",
               hand_written, *third_part(half), key=f"third corpus half {half}, scanner now")
    for revision, half, label in HELD_OUT_THIRD:
        detect = scanner_at(revision)
        if detect is None:
            print(f"  {label}: revision {revision} is not in this checkout")
            continue
        for part in ("A", "B") if half == "all" else (half,):
            report(f"{label} ({revision}), half {part}", detect, *third_part(part),
                   key=f"{label.split(':')[0]}, half {part}")


#: The swap the issue asks for, on the eighteenth and nineteenth (round twenty-one): each
#: half measured with the whole scanner (every module) of the revision whose rules were
#: written from the other half only, and of the revision before either.
HELD_OUT_SWAPPED = (
    ("eighteenth", "B", "c053942", "before either half was read"),
    ("eighteenth", "B", "13804b5", "held out A->B: rules from half A"),
    ("eighteenth", "A", "c053942", "before either half was read"),
    ("eighteenth", "A", "34fc539", "held out B->A: rules from half B (written apart)"),
    ("nineteenth", "B", "13804b5", "before either half was read"),
    ("nineteenth", "B", "533a561", "held out A->B: rules from half A"),
    ("nineteenth", "A", "13804b5", "before either half was read"),
    ("nineteenth", "A", "1930a6b", "held out B->A: rules from half B (written apart)"),
)
#: Each verdict of a whole scanner tree: run in a child so that its modules are its own.
_VERDICTS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from gitledger.core.credentials import find_credential
print(json.dumps([find_credential(t) is not None for t in json.load(sys.stdin)]))
"""


def verdicts_at(revision: str, texts: list[str]) -> list[bool] | None:
    """Whether the scanner of ``revision`` (its whole ``gitledger`` package, from git)
    refuses each of ``texts``; None when this checkout lacks the revision."""
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "gitledger"],
                                 capture_output=True, check=False)
        if archive.returncode != 0:
            return None
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        done = subprocess.run([sys.executable, "-c", _VERDICTS, tree], cwd=tree,
                              input=json.dumps(texts), capture_output=True, text=True,
                              check=True)
    found: list[bool] = json.loads(done.stdout)
    return found


def scanner_in_tree(revision: str, texts: list[str]) -> Detector | None:
    """The whole scanner of ``revision`` as a detector of ``texts``, their verdicts
    computed at once in a child (``verdicts_at``); None when this checkout lacks it."""
    found = verdicts_at(revision, texts)
    return None if found is None else dict(zip(texts, found, strict=True)).__getitem__


def held_out_swapped() -> None:
    print("the eighteenth and nineteenth by halves, each held out from the other's rules")
    corpora = {"eighteenth": (eighteenth.EIGHTEENTH_SECRETS, eighteenth.EIGHTEENTH_ORDINARY,
                              eighteenth.halves()),
               "nineteenth": (nineteenth.NINETEENTH_SECRETS, nineteenth.NINETEENTH_ORDINARY,
                              nineteenth.halves())}
    for name, half, revision, label in HELD_OUT_SWAPPED:
        secrets, ordinary, halves = corpora[name]
        texts = dict(secrets)
        shown = [(kind, texts[kind]) for kind in (halves[0] if half == "A" else halves[1])]
        plain = ordinary[0::2] if half == "A" else ordinary[1::2]
        detect = scanner_in_tree(revision, [text for _, text in shown] + plain)
        if detect is None:
            print(f"  {name} half {half}, {label}: revision {revision} is not in this checkout")
            continue
        report(f"{name} half {half}, {label} ({revision})", detect, shown, plain,
               key=f"{name} corpus half {half}, {label.split(':')[0]}")


#: The twentieth, written blind at round twenty-one's end and read by nobody: the whole
#: scanner at the round's start, and the scanner now (``unread_corpus``).
BLIND_AT = (("7fa4bbf", "round twenty-one's start"),)


def unread_corpus() -> None:
    print("the twentieth corpus (written blind, read by nobody: numbers only)")
    secrets, ordinary = twentieth.TWENTIETH_SECRETS, twentieth.TWENTIETH_ORDINARY
    for revision, label in BLIND_AT:
        detect = scanner_in_tree(revision, [text for _, text in secrets] + ordinary)
        if detect is None:
            print(f"  {label}: revision {revision} is not in this checkout")
            continue
        report(f"the scanner at {label} ({revision})", detect, secrets, ordinary,
               key=f"twentieth corpus (blind), {label}")
    report("the scanner now", hand_written, secrets, ordinary,
           key="twentieth corpus (blind), scanner now")
    plain = [text for text in ordinary if text not in set(twentieth.DEBATABLE)]
    report("the scanner now, the texts not marked debatable", hand_written, secrets, plain,
           key="twentieth corpus (blind), not debatable, scanner now")


def later_corpora() -> None:
    """The corpora written blind and then read by halves: the fourth (by round six), the
    fifth (round seven), the sixth (round eight), the seventh (round nine), the eighth
    (round ten), the ninth (round eleven), the tenth (round twelve), the eleventh (round
    thirteen), the twelfth (rounds fourteen and fifteen): the scanner now, by halves, the
    ordinary texts even and odd; then the newest three, which no round has read yet."""
    print("the fourth to twelfth corpora (each read by halves after it was measured)")
    for name, secrets, ordinary, halves in (
            ("fourth", fourth.FOURTH_SECRETS, fourth.FOURTH_ORDINARY, fourth.halves()),
            ("fifth", fifth.FIFTH_SECRETS, fifth.FIFTH_ORDINARY, fifth.halves()),
            ("sixth", sixth.SIXTH_SECRETS, sixth.SIXTH_ORDINARY, sixth.halves()),
            ("seventh", seventh.SEVENTH_SECRETS, seventh.SEVENTH_ORDINARY, seventh.halves()),
            ("eighth", eighth.EIGHTH_SECRETS, eighth.EIGHTH_ORDINARY, eighth.halves()),
            ("ninth", ninth.NINTH_SECRETS, ninth.NINTH_ORDINARY, ninth.halves()),
            ("tenth", tenth.TENTH_SECRETS, tenth.TENTH_ORDINARY, tenth.halves()),
            ("eleventh", eleventh.ELEVENTH_SECRETS, eleventh.ELEVENTH_ORDINARY,
             eleventh.halves()),
            ("twelfth", twelfth.TWELFTH_SECRETS, twelfth.TWELFTH_ORDINARY, twelfth.halves()),
            ("thirteenth", thirteenth.THIRTEENTH_SECRETS, thirteenth.THIRTEENTH_ORDINARY,
             thirteenth.halves()),
            ("fourteenth", fourteenth.FOURTEENTH_SECRETS, fourteenth.FOURTEENTH_ORDINARY,
             fourteenth.halves()),
            ("fifteenth", fifteenth.FIFTEENTH_SECRETS, fifteenth.FIFTEENTH_ORDINARY,
             fifteenth.halves()),
            ("sixteenth", sixteenth.SIXTEENTH_SECRETS, sixteenth.SIXTEENTH_ORDINARY,
             sixteenth.halves())):
        texts = dict(secrets)
        for half, kinds in zip(("A", "B"), halves, strict=True):
            report(f"{name} corpus, half {half}", hand_written, [(k, texts[k]) for k in kinds],
                   ordinary[0::2] if half == "A" else ordinary[1::2],
                   key=f"{name} corpus half {half}, scanner now")
        report(f"{name} corpus, all of it", hand_written, secrets, ordinary,
               key=f"{name} corpus, scanner now")
    print("the seventeenth to nineteenth corpora (the seventeenth's half A read in round "
          "twenty, the eighteenth's and nineteenth's halves each read apart in round "
          "twenty-one): the scanner now, and its rules without the context model")
    for name, secrets, ordinary in (
            ("seventeenth", seventeenth.SEVENTEENTH_SECRETS, seventeenth.SEVENTEENTH_ORDINARY),
            ("eighteenth", eighteenth.EIGHTEENTH_SECRETS, eighteenth.EIGHTEENTH_ORDINARY),
            ("nineteenth", nineteenth.NINETEENTH_SECRETS, nineteenth.NINETEENTH_ORDINARY)):
        report(f"{name} corpus, all of it", hand_written, secrets, ordinary,
               key=f"{name} corpus, scanner now")
        report(f"{name} corpus, all of it, the rules alone", rules_alone, secrets, ordinary,
               key=f"{name} corpus, rules alone")


def hostile_input(size: int = 100_000, runs: int = 2) -> None:
    """CPU time on a quarter of ``size`` and on ``size`` of each hostile unit (the least of
    ``runs``); the worst ratio is recorded."""
    kb = f"{size // 1000} KB"
    print(f"hostile input: CPU time at {size / 4000:g} KB and {kb} (4x is linear)")
    calls: dict[str, Callable[[str], object]] = {
        "redact": lambda text: redact(text.encode()), "find_credential": find_credential}
    for name, call in calls.items():
        worst, slowest = 0.0, 0.0
        for label, unit in KNOWN.items():
            small = cpu(call, hostile(unit, size // 4), runs)
            large = cpu(call, hostile(unit, size), runs)
            ratio = large / max(small, 1e-6)
            worst, slowest = max(worst, ratio), max(slowest, large)
            print(f"  {name:16} {label!r:10} {small * 1e3:8.1f} ms {large * 1e3:8.1f} ms"
                  f"  x{ratio:4.1f}")
        record("credentials", f"{name} on {kb} of hostile input, slowest", slowest,
               unit="s", note=f"worst {kb} / {size / 4000:g} KB ratio {worst:.1f} "
                               "(4 is linear)")


def per_text(call: Callable[[str], object], runs: int) -> tuple[float, float]:
    """Median over ``runs`` of the mean time per corpus text, and the slowest text."""
    texts = [text for _, text in SECRETS] + ORDINARY
    means = []
    slowest = 0.0
    for _ in range(runs):
        started = time.perf_counter()
        for text in texts:
            begun = time.perf_counter()
            call(text)
            slowest = max(slowest, time.perf_counter() - begun)
        means.append((time.perf_counter() - started) / len(texts))
    return statistics.median(means), slowest


def no_credential(text: str) -> str | None:
    """The scanner's stub: it finds nothing."""
    return None


def gate(text: str) -> None:
    with contextlib.suppress(InvalidInput):
        text_rules.clean_text(text, "text")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=5)
    smallest_option(parser)
    args = parser.parse_args()
    print("gitledger credentials benchmark")
    print(f"  python {platform.python_version()}; corpus: {len(SECRETS)} credentials, "
          f"{len(ORDINARY)} ordinary texts; fresh corpus: {len(fresh.FRESH_SECRETS)} "
          f"credentials of {len(fresh.families())} families, {len(fresh.FRESH_ORDINARY)} "
          f"ordinary texts; {args.runs} runs")
    detectors: list[tuple[str, Detector | None]] = [
        ("hand-written scanner", hand_written),
        ("detect-secrets, file mode", detect_secrets_detector(eager=False)),
        ("detect-secrets, string mode", detect_secrets_detector(eager=True)),
    ]
    for name, detect in detectors:
        if detect is None:
            print(f"  {name:28} not installed (pip install detect-secrets to compare)")
            continue
        caught, false_positive, missed, refused = rates(detect)
        fresh_caught, fresh_refused, _, _ = rates(detect, *fresh_part("all"))
        print(f"  {name:28} fresh corpus: catches {fresh_caught:6.1%}  false positives "
              f"{fresh_refused:5.1%}")
        record("credentials", f"{name}: fresh corpus caught", fresh_caught * 100, unit="%")
        record("credentials", f"{name}: fresh ordinary refused", fresh_refused * 100,
               unit="%")
        mean, slowest = per_text(detect, args.runs)
        print(f"  {name:28} catches {caught:6.1%}  false positives {false_positive:5.1%}  "
              f"{mean * 1e6:7.0f} µs a text (slowest {slowest * 1e3:.2f} ms)")
        if missed:
            print(f"    misses {len(missed)}: {', '.join(missed)}")
        if refused:
            print(f"    refuses {len(refused)}: "
                  + " | ".join(t[:40].replace("\n", " ") for t in refused))
        record("credentials", f"{name}: credentials caught", caught * 100, unit="%")
        record("credentials", f"{name}: ordinary texts refused", false_positive * 100,
               unit="%")
        record("credentials", f"{name}: time a text", mean * 1e6, unit="µs",
               note=f"slowest {slowest * 1e3:.2f} ms")
    full, _ = per_text(gate, args.runs)
    # The gate's other rules alone: the scanner replaced by a stub.  clean_text imports
    # the scanner from its module at each call (so that reads never compile the patterns),
    # so the stub goes on that module, not on gitledger.core.text.
    scanner = scanner_module.find_credential
    scanner_module.find_credential = no_credential
    try:
        bare, _ = per_text(gate, args.runs)
    finally:
        scanner_module.find_credential = scanner
    added = full - bare
    print(f"  clean_text, a write's whole gate: {full * 1e6:.0f} µs a text, of which the "
          f"scanner adds {added * 1e6:.0f} µs (the contract allows 5,000)")
    record("credentials", "scanner time added to a write", added * 1e6, unit="µs",
           against="5 ms allowed", ratio=added / 0.005)
    while _OPEN:
        _OPEN.pop().__exit__(None, None, None)
    held_out()
    held_out_third()
    later_corpora()
    held_out_swapped()
    unread_corpus()
    # At --smallest a fiftieth of the size, once: every unit and both calls, in seconds.
    hostile_input(*((2_000, 1) if args.smallest else (100_000, 2)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
