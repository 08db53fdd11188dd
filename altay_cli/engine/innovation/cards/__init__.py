"""Every card effect of the base game, one module per age. Importing this package registers
each effect's routine (routines.effect); machine.py imports it once."""

import importlib

for _age in range(1, 11):
    try:
        importlib.import_module(f"{__name__}.age{_age}")
    except ModuleNotFoundError as _exc:  # DEVELOPMENT ONLY: ages still being written
        if _exc.name != f"{__name__}.age{_age}":
            raise
