"""`python -m altay_cli` runs the `altay` command."""

from .cli import main

main()
