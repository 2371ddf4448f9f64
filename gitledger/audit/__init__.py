"""Whether a ledger is right: check (what the entries say), doctor (is the storage whole)."""
