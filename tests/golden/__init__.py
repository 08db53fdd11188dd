"""Golden game logs: whole games that pin the rules down (see regenerate.py)."""
