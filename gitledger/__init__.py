"""gitledger: an AI coding agent's reasoning kept inside git.

The library is the product; ``cli.py`` is a thin click layer over it.  The storage
modules are the only ones that import pygit2: ``repo`` (the repository and who writes),
``store`` (ledger refs and compare-and-swap), ``commits`` (the code's history), ``notes``
(notes on code commits), ``keepalive`` (the keep-alive chain), ``archives`` (archive
tags), ``merge`` (three-way merges of ledger commits) and ``doctor`` (raw ref integrity).
"""

from __future__ import annotations

__version__ = "0.1.0"
FORMAT_VERSION = 1
