"""gitledger: an AI coding agent's reasoning kept inside git.

The library is the product; ``cli.py`` is a thin click layer over it.  Storage modules
(``repo``, ``store``) are the only ones that import pygit2.
"""

from __future__ import annotations

__version__ = "0.1.0"
FORMAT_VERSION = 1
