"""What many card effects do: draw-and-X, proving you cannot comply, asking for a splay."""

from __future__ import annotations

from .. import ops
from ..frames import Frame
from ..state import GameState
from ..tables import COLOR, RIGHT, UP


def draw_and_meld(g: GameState, p: int, age: int) -> int:
    c = ops.draw(g, p, age)
    ops.meld(g, p, c)
    return c


def draw_and_tuck(g: GameState, p: int, age: int) -> int:
    c = ops.draw(g, p, age)
    ops.tuck(g, p, c)
    return c


def draw_and_score(g: GameState, p: int, age: int) -> int:
    c = ops.draw(g, p, age)
    ops.score(g, p, c)
    return c


def draw_and_reveal(g: GameState, p: int, age: int) -> int:
    """The card stays in p's hand, known to everyone, unless the effect moves it."""
    c = ops.draw(g, p, age)
    ops.reveal(g, c)
    return c


def prove(g: GameState, p: int) -> None:
    """R37: a mandatory pick by colour or icon found nothing: show the hand (not a change)."""
    if g.players[p].hand:
        ops.reveal_hand(g, p, proof=True)


def splay_chosen_right(g: GameState, f: Frame) -> None:
    if g.ret is not None:
        ops.splay(g, f.me, g.ret, RIGHT)


def splay_chosen_up(g: GameState, f: Frame) -> None:
    if g.ret is not None:
        ops.splay(g, f.me, g.ret, UP)


def colors_on_board(g: GameState, p: int) -> list[int]:
    return [k for k in range(5) if g.players[p].piles[k]]


def has_pile(g: GameState, p: int, c: int) -> bool:
    return bool(g.players[p].piles[COLOR[c]])


def me(f: Frame) -> int:
    return f.me
