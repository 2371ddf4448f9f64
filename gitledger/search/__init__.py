"""Full-text search over every local ledger and, when asked, the saved transcripts."""
