"""The standing red team: a teammate with push access, replayed through git plumbing.

Each module here replays one attack of issue 41 (``test_ref_names``, ``test_quarantine``,
``test_every_output`` with the MCP caps, ``test_why_notes``, ``test_invisible``,
``test_teammate_findings``, ``test_linear``), made with ``hash-object``, ``commit-tree``,
``update-ref`` and a plain ``git push``, never the product's writer.  The attacks before
them are replayed where their fixes live: ``tests/team/test_trust.py`` (forged
fast-forwards, dates, archives, squatting refs), ``tests/team/test_signing.py``,
``tests/team/test_provenance.py``, ``tests/team/test_bounded_pull.py``,
``tests/team/test_digest_pull.py``, ``tests/views/test_restore_foreign.py``,
``tests/views/test_why_unbacked.py``, ``tests/integrations/test_hostile_text.py`` and
``tests/reliability/test_hostile_input.py``; those that plant with the product's writer
(or pygit2 in one repository) are replayed through plumbing in ``test_replays``.
``test_outsider`` holds an outside review's attacks.
"""
