"""The Ledger and its operations, decisions, lifecycle, archives and indexes, over storage."""
