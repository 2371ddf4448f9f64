"""Working with teammates through a remote: pull, push, fetch, review, list --remote."""
