"""Each card's effects by edition: which are demands, and their texts (cards.json's words)."""

from __future__ import annotations

from .data import EffectKind, cards

_3E = tuple(tuple(e.kind is EffectKind.DEMAND for e in c.effects) for c in cards())
_1E = tuple(tuple(e.kind is EffectKind.DEMAND for e in c.effects_for(True)) for c in cards())
_TEXT_3E = tuple(tuple(e.text for e in c.effects) for c in cards())
_TEXT_1E = tuple(tuple(e.text for e in c.effects_for(True)) for c in cards())


def effect_is_demand(c: int, first_edition: bool) -> tuple[bool, ...]:
    """For each effect of card c, in printed order: whether it is a demand."""
    return _1E[c] if first_edition else _3E[c]


def effect_texts(c: int, first_edition: bool) -> tuple[str, ...]:
    return _TEXT_1E[c] if first_edition else _TEXT_3E[c]
