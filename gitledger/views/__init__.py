"""What a reader sees: the restore block, why, show and log, and their rendering."""
