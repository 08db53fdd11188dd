"""Mammothodus, the cooperative game (issue 12, in progress; not registered yet).

So far: the stand-in component data (data.json, every section tagged with the ruling of
RULINGS.md it stands in for) and its typed, checked loader (data.py).
Every rule of the rulebook, where the engine does it and the tests that pin it: RULES.md.
"""
