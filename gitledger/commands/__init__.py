"""The commands the hot paths run without click: one module per command (its options as
the fast path parses them, and the one library call with its rendering that ``cli.py``
runs too), and ``plain.py``, the one mechanism that runs them."""
