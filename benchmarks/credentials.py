"""Credentials benchmark: the hand-written scanner against a detector library, on the corpus.

Every ledger write passes ``clean_text``, whose last rule is the credential scanner, and
the contract of issue 19 asks for at least 95% of the corpus's credentials refused, at
most 3% of its ordinary texts refused, and at most 5 ms added to a write.  This measures,
on tests/core/credential_corpus.py:

* ``gitledger.core.credentials.find_credential`` (the hand-written scanner): the share of
  credentials it names, the share of ordinary texts it names, and its time per text;
* ``clean_text`` with it (the whole gate a write pays), and the gate's other rules alone
  (the scanner replaced by a stub), so the difference is what the scanner adds;
* detect-secrets (Yelp's, the well-kept library on PyPI), when installed, with its
  default plugins and filters, each line of a text through ``scan_line``: the same
  shares and the time per text.

Usage: ``python benchmarks/credentials.py [--runs N]``.  detect-secrets is no dependency
of gitledger; install it beside the benchmark to compare (``pip install detect-secrets``).
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import record

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gitledger.core import credentials as scanner_module
from gitledger.core import text as text_rules
from gitledger.core.credentials import find_credential
from gitledger.errors import InvalidInput
from tests.core.credential_corpus import ORDINARY, SECRETS

Detector = Callable[[str], bool]
_OPEN: list[Any] = []


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


def rates(detect: Detector) -> tuple[float, float, list[str], list[str]]:
    missed = [kind for kind, text in SECRETS if not detect(text)]
    refused = [text for text in ORDINARY if detect(text)]
    return (1 - len(missed) / len(SECRETS), len(refused) / len(ORDINARY), missed, refused)


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
    args = parser.parse_args()
    print("gitledger credentials benchmark")
    print(f"  python {platform.python_version()}; corpus: {len(SECRETS)} credentials, "
          f"{len(ORDINARY)} ordinary texts; {args.runs} runs")
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
