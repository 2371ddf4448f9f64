"""Leftover of issue 41: ``drift`` and ``check`` read a teammate's stored footprint.

A decision's footprint is derived data (the spans of the commits its ``git:`` evidence
cites), yet ``drift`` blamed whatever footprint the blob stored.  Mallory commits, with
plumbing, two project decisions: one citing no commit whose footprint names Alice's file
and 150 more (Alice's later commit to them "drifted" Mallory's decision, one ``git blame``
per file up to the cap), and one citing a commit whose footprint names a file that commit
never touched (the change to the file it did touch drifted nothing: hidden).  Now a
decision someone else wrote or changed drifts by the footprint its evidence derives here,
labelled with who wrote it, and the blames it costs are what that footprint names.
"""

from __future__ import annotations

import json

import pytest

from gitledger.core.ids import entry_path
from gitledger.storage import blame
from tests.remote_fixtures import Clone, Team, put_blob
from tests.trust.test_outsider import _decision, _pair

PROJECT = "refs/ledger/project"
MALLORY = ("Mallory", "mallory@example.com")
MANY = 150


def _commit_all(alice: Clone, message: str) -> str:
    alice.git("add", "-A")
    alice.git("commit", "-q", "-m", message)
    return alice.git("rev-parse", "HEAD").strip()


def _share(alice: Clone, mallory: Clone) -> None:
    """Alice's code commits, pushed, in Mallory's clone."""
    alice.git("push", "-q", "origin", "HEAD")
    mallory.git("pull", "-q", "origin", alice.git("branch", "--show-current").strip())


def _plant(alice: Clone, mallory: Clone, blobs: dict[str, str]) -> None:
    """Mallory's project entries (id → blob), committed with plumbing, in Alice's clone."""
    for entry_id, blob in blobs.items():
        put_blob(mallory.path, PROJECT, entry_path(entry_id), blob, MALLORY)
    mallory.git("push", "-q", "origin", PROJECT)
    assert alice("pull").exit_code == 0


def test_a_teammates_decision_drifts_by_what_its_evidence_derives(
        team: Team, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, mallory = _pair(team)
    (alice.path / "src").mkdir()
    (alice.path / "many").mkdir()
    (alice.path / "src" / "app.py").write_text("".join(f"app {n}\n" for n in range(1, 41)))
    for n in range(MANY):
        (alice.path / "many" / f"f{n:03d}.txt").write_text("one\ntwo\n")
    first = _commit_all(alice, "the app")
    (alice.path / "src" / "lib.py").write_text("".join(f"lib {n}\n" for n in range(1, 11)))
    lib = _commit_all(alice, "the lib")
    _share(alice, mallory)

    invented = [f"{first} 1-40 src/app.py",
                *(f"{first} 1-2 many/f{n:03d}.txt" for n in range(MANY))]
    forged = _decision("d-mmmmmmmmmm", "Mallory governs the app",
                       footprint=json.dumps(invented))
    hidden = _decision("d-hhhhhhhhhh", "Keep the lib small",
                       evidence=json.dumps([f"git:{lib}"]),
                       footprint=json.dumps([f"{lib} 1-1 README.md"]))
    _plant(alice, mallory, {"d-mmmmmmmmmm": forged, "d-hhhhhhhhhh": hidden})

    # Alice changes every file named, citing no decision.
    (alice.path / "src" / "app.py").write_text("".join(f"APP {n}\n" for n in range(1, 41)))
    (alice.path / "src" / "lib.py").write_text("".join(f"LIB {n}\n" for n in range(1, 11)))
    for n in range(MANY):
        (alice.path / "many" / f"f{n:03d}.txt").write_text("ONE\nTWO\n")
    _commit_all(alice, "rewrite everything")

    blamed: list[str] = []
    real = blame.reverse_blame

    def counting(*args: object, **kwargs: object) -> object:
        blamed.append(str(args[3]))
        return real(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr("gitledger.ledger.drift.reverse_blame", counting)

    report = alice("drift", "--json")
    assert report.exit_code == 0, report.stderr
    document = json.loads(report.stdout)
    drifted = {d["id"]: d for d in document["decisions"]}
    assert "d-mmmmmmmmmm" not in drifted, drifted["d-mmmmmmmmmm"]["files"][:3]
    assert [f["path"] for f in drifted["d-hhhhhhhhhh"]["files"]] == ["src/lib.py"]
    assert "Mallory" in drifted["d-hhhhhhhhhh"]["label"]
    assert len(blamed) <= 2, (len(blamed), blamed[:5])
    text = alice("drift").stdout
    line = next(x for x in text.splitlines() if "d-hhhhhhhhhh" in x)
    assert "[by Mallory]" in line, line

    check = alice("check", "--json")
    rules = {(f["rule"], f["entry"]) for f in json.loads(check.stdout)["findings"]}
    assert ("decision-drift", "d-mmmmmmmmmm") not in rules, rules
    assert ("decision-drift", "d-hhhhhhhhhh") in rules, rules


def test_check_says_what_the_caps_left_unchecked(team: Team) -> None:
    """A teammate's decision citing a commit of 150 files is blamed for 100 of them; the
    rest were counted by ``drift`` but ``check`` said nothing of them."""
    alice, mallory = _pair(team)
    (alice.path / "many").mkdir()
    for n in range(MANY):
        (alice.path / "many" / f"f{n:03d}.txt").write_text("one\ntwo\n")
    first = _commit_all(alice, "many files")
    _share(alice, mallory)
    wide = _decision("d-wwwwwwwwww", "Keep the files short",
                     evidence=json.dumps([f"git:{first}"]),
                     footprint=json.dumps([f"{first} 1-1 README"]))
    _plant(alice, mallory, {"d-wwwwwwwwww": wide})
    for n in range(MANY):
        (alice.path / "many" / f"f{n:03d}.txt").write_text("ONE\nTWO\n")
    _commit_all(alice, "rewrite them")

    check = alice("check", "--json")
    findings = json.loads(check.stdout)["findings"]
    drifted = [f for f in findings if f["rule"] == "decision-drift"]
    assert any(f["entry"] == "d-wwwwwwwwww" for f in drifted), drifted
    [note] = [f for f in drifted if f["entry"] is None]
    assert "50 footprint files not blamed" in note["message"], note
