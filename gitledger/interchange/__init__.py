"""Formats in and out: the format registry, exports, the seeds' files, import, ATIF, transcripts."""
