"""Pure records and functions, no git: entry model, ids, text, parsing, codec, credentials."""
