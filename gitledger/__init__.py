"""gitledger: an AI coding agent's reasoning kept inside git.

The library is the product; ``cli.py`` is a thin click layer over it.  The package is cut
into layers (docs/architecture.md, enforced by tests/test_architecture.py): ``core``,
``derived`` (every file derived from the refs) and ``storage`` (the only importer of pygit2)
at the bottom, then ``ledger``, then ``audit``,
``views``, ``team`` and ``interchange``, then ``integrations``, then the command line.
"""

from __future__ import annotations

__version__ = "0.1.0"
FORMAT_VERSION = 4
#: The first format whose entry counter is the ``Ledger-Seq`` trailer of the ledger's tip
#: (docs/format.md): an add writes its entry and nothing else, no ``state.toml``.
SEQ_TRAILER_FORMAT = 2
