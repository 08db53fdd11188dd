"""Every card effect of the base game, one module per age. Importing this package registers
each effect's routine (routines.effect); machine.py imports it once."""

from . import age1, age2, age3, age4, age5, age6, age7, age8, age9, age10  # noqa: F401
