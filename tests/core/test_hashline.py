"""Oh My Pi's hashline patches read for their files and lines (``core/hashline.py``), and
its ``edit`` tool's input read for the pre-tool-use hook in each of its modes.

The patches are in the shapes Oh My Pi 18.2.3's own ``edit`` description teaches its
model (``editDescription("hashline")``); its ``editInspect`` names the same files.
"""

from __future__ import annotations

from pathlib import Path

from gitledger.core.hashline import HashlineFile, is_hashline, parse_hashline
from gitledger.integrations.agent_registry import BY_NAME
from gitledger.integrations.tool_targets import Target, tool_targets

PATCH = """*** Begin Patch
[src/app.py#A1B2]
PUT 3.=5:
+replaced
PUT >9:
+after nine
CUT 12.=12
[src/other.py#3C4D]
PUT 1*:
+def greet(name):
[src/tail.py#0F0F]
PUT >$:
+appended
["src/with space.py"#ABCD]
MV src/moved.py
*** End Patch
"""


def test_a_patch_names_each_file_and_the_lines_it_touches() -> None:
    assert is_hashline(PATCH)
    assert not is_hashline("*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n")
    assert parse_hashline(PATCH) == [
        HashlineFile("src/app.py", ((3, 5), (9, 10), (12, 12))),
        HashlineFile("src/other.py", (), whole=True),
        HashlineFile("src/tail.py", (), appends=True),
        HashlineFile("src/with space.py", (), whole=True, moved_to="src/moved.py"),
    ]


def test_a_body_row_that_looks_like_a_header_or_an_op_is_body() -> None:
    patch = "[a.py#1234]\nPUT 2.=2:\n+[b.py#5678]\n+REM\n"
    assert parse_hashline(patch) == [HashlineFile("a.py", ((2, 2),))]


def test_oh_my_pis_edit_in_each_mode_names_its_targets(repo: Path) -> None:
    (repo / "src").mkdir()
    for name in ("app.py", "other.py", "tail.py"):
        (repo / "src" / name).write_text("".join(f"line {n}\n" for n in range(1, 21)))
    omp = BY_NAME["omp"]

    def targets(tool_input: object) -> list[Target]:
        payload = {"tool_name": "edit", "tool_input": tool_input}
        return tool_targets(omp, payload, str(repo), str(repo))

    assert targets({"input": PATCH}) == [Target("src/app.py", ((3, 5), (9, 10), (12, 12))),
                                         Target("src/other.py"),
                                         Target("src/tail.py", ((20, 20),))]
    absolute = f"[{repo / 'src' / 'app.py'}#A1B2]\nCUT 7.=8\n"
    assert targets({"input": absolute}) == [Target("src/app.py", ((7, 8),))]
    # Oh My Pi's tool_call event adds the headers' files as ``path`` (one) or ``paths``:
    # the patch still says which lines.
    assert targets({"input": absolute, "path": str(repo / "src" / "app.py"),
                    "paths": [str(repo / "src" / "app.py")]}) == [
        Target("src/app.py", ((7, 8),))]
    # edit.mode: replace, and apply_patch (a Codex patch in the same key).
    assert targets({"path": "src/app.py", "old_string": "line 4\n", "new_string": "x\n"}) \
        == [Target("src/app.py", ((4, 4),))]
    codex = "*** Begin Patch\n*** Update File: src/tail.py\n@@\n-line 2\n+two\n*** End Patch\n"
    assert targets({"input": codex}) == [Target("src/tail.py", ((2, 2),))]
