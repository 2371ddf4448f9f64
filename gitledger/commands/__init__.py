"""The commands: one module per command (click: its options, one library call, its
rendering), and for the hot paths a ``<name>_fast.py`` beside it that loads no click,
which the executable runs through ``plain.py`` and the click command calls too."""
