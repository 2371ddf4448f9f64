"""check's report coloured for a terminal, apart from ``check.py`` so that the saved report,
printed again without libgit2 (``launch.py``), is coloured by the same code.  Only lines
at the margin are labels, so no ledger text is taken for one.
"""

from __future__ import annotations

from gitledger.core.colour import colour_on, paint

#: The rules whose findings have a colour role of their own.
RULE_ROLES = {"decision-drift": "drift", "stale-fact": "stale"}


def painted_report(text: str) -> str:
    """``report_text``'s text with its own labels coloured while colour is on: each
    finding's severity and rule, and the verdict."""
    if not colour_on():
        return text
    out: list[str] = []
    for plain in text.split("\n"):
        line = plain
        severity, sep, rest = line.partition(": ")
        if sep and severity in ("error", "warning") and rest:
            rule, sep, message = rest.partition(": ")
            role = RULE_ROLES.get(rule, severity)
            line = f"{paint(severity, severity)}: {paint(role, rule)}{sep}{message}"
        elif line.startswith("ledger check: "):
            verdict, _, summary = line.removeprefix("ledger check: ").partition(" ")
            role = "error" if verdict == "FAILED" else "status"
            line = f"ledger check: {paint(role, verdict)} {summary}"
        out.append(line)
    return "\n".join(out)


__all__ = ["RULE_ROLES", "painted_report"]
