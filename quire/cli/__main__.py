"""`python -m quire.cli`."""

from quire.cli import main

main()
