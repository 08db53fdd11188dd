"""A game's seed: a secret one when none is given, where it came from (written in logs and
arenas), and the warning for an organiser's seed small enough for a bot to search. Used by the
commands and by the packages that set games up (`interactive.play`, `arena.driver`)."""

from __future__ import annotations

from .records import GUESSABLE_SEED_BITS, SeedSource


def secret_seed(seed: int | None) -> int:
    """`seed` if given, else 63 bits from the operating system's randomness."""
    import secrets

    return secrets.randbits(63) if seed is None else seed


def seed_source(seed: int | None) -> SeedSource:
    """Where a game's seed comes from: the organiser's `--seed`, or the operating system."""
    return SeedSource.SYSTEM if seed is None else SeedSource.ORGANISER


def guessable_seed_warning(seed: int | None, programs_play: bool) -> str | None:
    """The one-line warning for an organiser's seed small enough for a bot to search, when a bot
    program (not only in-process players or people) plays; None when there is nothing to say."""
    if seed is None or not programs_play or seed >= 1 << GUESSABLE_SEED_BITS:
        return None
    return (
        f"warning: --seed {seed} is below 2^{GUESSABLE_SEED_BITS}, within reach of a bot that tries "
        "seeds with the public engine against what it sees (the small ones people type fall in "
        "well under a second), and a bot that finds it knows every hidden card; leave --seed out "
        "for a secret seed (shown after the game)"
    )
