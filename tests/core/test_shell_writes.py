"""``core/shell_writes.py``: the files a shell command line plainly writes, and nothing it
cannot be sure of."""

from __future__ import annotations

import pytest

from gitledger.core.shell_writes import MAX_COMMAND, written_files


@pytest.mark.parametrize(("command", "written"), [
    ("echo hi > a.txt", ["a.txt"]),
    ("echo hi >> src/a.py 2>&1", ["src/a.py"]),
    ("make 2> err.log", ["err.log"]),
    ("cmd &> all.log", ["all.log"]),
    ("cmd >| forced.txt", ["forced.txt"]),
    ("cat x | tee -a out.log other.log", ["out.log", "other.log"]),
    ("sed -i s/a/b/ f1 f2", ["f1", "f2"]),
    ("sed -i.bak -e s/a/b/ -e s/c/d/ f1", ["f1"]),
    ("sed -ni 's/a/b/p' f1", ["f1"]),
    ("sed --in-place=.orig 's/a/b/' f1", ["f1"]),
    ("perl -pi -e 's/a/b/' p.pl", ["p.pl"]),
    ("perl -i -pe 's/a/b/' p2.pl", ["p2.pl"]),
    ("cp a b", ["b"]),
    ("cp -r a b c dir/", ["dir/a", "dir/b", "dir/c"]),
    ("cp -t dest a b", ["dest/a", "dest/b"]),
    ("mv old.py new.py", ["old.py", "new.py"]),
    ("install -m 644 build/tool bin/tool", ["bin/tool"]),
    ("rm -f build/x.o", ["build/x.o"]),
    ("truncate -s 0 log.txt", ["log.txt"]),
    ("dd if=/dev/zero of=disk.img bs=1 count=1", ["disk.img"]),
    ("cd src && echo x > y.py", ["src/y.py"]),
    ("cd src; cd db; sed -i s/a/b/ pool.py", ["src/db/pool.py"]),
    ("FOO=1 sudo -u root tee /etc/motd", ["/etc/motd"]),
    ("env A=1 nohup echo > n.out", ["n.out"]),
    ("bash -lc 'echo 1 > q.txt'", ["q.txt"]),
    ("sh -c \"cd lib && echo > r.txt\"", ["lib/r.txt"]),
    ("echo a > one; echo b >> one", ["one"]),
    ("cat > gen.py <<'EOF'\necho > not-a-command\nEOF\necho done > z", ["gen.py", "z"]),
    ("cat <<-END > tabbed\n\techo > nope\n\tEND", ["tabbed"]),
    ("printf '%s\\n' a \\\n  > continued.txt", ["continued.txt"]),
    ("python -c 'print(1)' > out.txt  # a comment > not.txt", ["out.txt"]),
])
def test_what_a_command_writes(command: str, written: list[str]) -> None:
    assert written_files(command) == written


@pytest.mark.parametrize("command", [
    "ls -la", "git commit -m 'a > b'", "echo a >&2", "cmd 2>&1", "grep -r x src",
    "sed s/a/b/ f1", "perl -pe s/a/b/ f", "cat < input.txt", "cat <<< 'x > y'",
    "echo > $OUT", "echo > *.py", "echo > ~/x", "echo > $(mktemp)", "echo > `name`",
    "sed -i s/a/b/ src/*.py", "cd $DIR && echo > x", "cd && echo > x", "cd - ; echo > x",
    "echo 'unclosed > x", "echo \"unclosed > x", "echo >", "touch new.py", "cp onlyone",
    "rsync -a src/ host:/dst/", "for f in *.py; do sed -i s/a/b/ \"$f\"; done",
])
def test_what_it_cannot_be_sure_of_names_nothing(command: str) -> None:
    assert written_files(command) == []


def test_a_directory_destination_takes_the_source_name() -> None:
    assert written_files("cp a.py lib", is_dir=lambda p: p == "lib") == ["lib/a.py"]
    assert written_files("mv a.py lib", is_dir=lambda p: p == "lib") == ["a.py", "lib/a.py"]


def test_a_huge_command_names_nothing() -> None:
    assert written_files("echo > a " + "x" * MAX_COMMAND) == []


def test_nested_shells_stop_somewhere() -> None:
    inner = "echo > deep.txt"
    for _ in range(6):
        inner = "bash -c " + repr(inner).replace("\\'", "'")
    assert written_files(inner) == []
