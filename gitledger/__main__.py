"""``python -m gitledger`` runs the same CLI as ``git ledger``."""

from gitledger.launch import main

if __name__ == "__main__":
    main()
