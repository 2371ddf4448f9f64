"""Everything git: the only package that imports pygit2 (docs/architecture.md)."""
