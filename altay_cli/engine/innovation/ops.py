"""Moving cards: every verb of RULES.md §2.4 as one function, each of which logs what it did
(with who may see the card, §12), counts as a change for the free draw (§8.5), checks the
special achievements of the players it touched (R28) and ends the game when it must
(§11, by raising GameEnded).

Every card moves one at a time (R09). Effects call these; they never touch zones directly.
"""

from __future__ import annotations

from ..steps import GameEnded  # the game is over (the state says how): unwind whatever was running (R35)
from .state import (
    ACHIEVED,
    ACHIEVEMENTS_TO_WIN,
    AVAILABLE,
    BOARD,
    HAND,
    REMOVED,
    SCORE,
    SUPPLY,
    EndReason,
    GameState,
    Phase,
)
from .tables import (
    AGE,
    CLOCK,
    COLOR,
    EMPIRE,
    HAS,
    MONUMENT,
    REAL_ICONS,
    RIGHT,
    UNIVERSE,
    UP,
    WONDER,
    WORLD,
)


class ActionEnded(Exception):
    """The dogma action ends at once (Fission's red card, R40): no more effects, no free draw."""


# ---------------------------------------------------------------------------- queries
def has(c: int, icon: int) -> bool:
    """Card c shows `icon` in one of its four positions (visibility does not matter)."""
    return HAS[c][icon] > 0


def highest(cards: list[int] | tuple[int, ...]) -> list[int]:
    """All the cards of the highest value among `cards` ([] for none)."""
    if not cards:
        return []
    top = max(AGE[c] for c in cards)
    return [c for c in cards if AGE[c] == top]


def lowest(cards: list[int] | tuple[int, ...]) -> list[int]:
    if not cards:
        return []
    low = min(AGE[c] for c in cards)
    return [c for c in cards if AGE[c] == low]


def bit(p: int) -> int:
    return 1 << p


# ---------------------------------------------------------------------------- the core move
def _take(g: GameState, c: int) -> tuple[int, int]:
    """Remove c from where it lies; returns (zone, owner). A pile left with 0 or 1 card is
    unsplayed (R11)."""
    w = g.where[c]
    zone, owner = w >> 3, w & 7
    if zone == HAND:
        g.players[owner].hand.remove(c)
    elif zone == SCORE:
        g.players[owner].score.remove(c)
    elif zone == BOARD:
        p = g.players[owner]
        pile = p.piles[COLOR[c]]
        pile.remove(c)
        if len(pile) < 2:
            p.splay[COLOR[c]] = 0
        p.icons = None
    elif zone == SUPPLY:
        g.supply[AGE[c]].remove(c)
    elif zone == AVAILABLE:
        g.available.remove(c)
    elif zone == ACHIEVED:
        g.players[owner].achieved.remove(c)
    else:
        g.removed.remove(c)
    return zone, owner


def _put(g: GameState, c: int, zone: int, owner: int, bottom: bool = False) -> None:
    if zone == HAND:
        g.players[owner].hand.append(c)
    elif zone == SCORE:
        g.players[owner].score.append(c)
    elif zone == BOARD:
        p = g.players[owner]
        pile = p.piles[COLOR[c]]
        if bottom:
            pile.insert(0, c)
        else:
            pile.append(c)
        p.icons = None
    elif zone == SUPPLY:
        g.supply[AGE[c]].insert(0, c)  # returned cards go to the bottom
    elif zone == AVAILABLE:
        g.available.append(c)
    elif zone == ACHIEVED:
        g.players[owner].achieved.append(c)
    else:
        g.removed.append(c)
    g.where[c] = zone * 8 + (owner if owner >= 0 else 0)


def _masks(g: GameState, c: int, src: int, so: int, dst: int, do: int) -> tuple[int, int]:
    """(who sees which card moves, who knows it where it lands): RULES.md §12 and R46.

    A card leaving or reaching a board is seen by everyone, and everyone then knows where it
    went; so is a card revealed during the action in progress, still face up (E06). A drawn
    card is seen by its drawer (and by whoever knew it in the supply). A card passing between
    hidden zones is seen by their owners only, even if it was revealed in an earlier action
    (R46), except a revealed card returned (or removed), which everyone sees go. Nobody knows a
    standard achievement."""
    old = g.known[c]
    if src == BOARD or dst == BOARD or (g.shown and c in g.shown):
        seen = g.all
    elif src == SUPPLY:
        seen = old | (bit(do) if dst in (HAND, SCORE) else 0)
    elif dst in (SUPPLY, REMOVED) and old == g.all:
        seen = g.all
    else:
        seen = (bit(so) if src in (HAND, SCORE) else 0) | (bit(do) if dst in (HAND, SCORE) else 0)
    return seen, (0 if dst in (ACHIEVED, AVAILABLE) else seen)


def move(
    g: GameState,
    c: int,
    dst: int,
    do: int,
    verb: str,
    actor: int,
    bottom: bool = False,
    counts: int = 0,
) -> None:
    """Move card c to zone `dst` of player `do` (-1 for unowned zones), logged as `verb`.
    `counts` is TUCKED or SCORED when the move is a tuck or a score (Monument's counters)."""
    src, so = g.zone_of(c)
    seen, after = _masks(g, c, src, so, dst, do)
    _take(g, c)
    _put(g, c, dst, do, bottom)
    g.known[c] = after
    g.log.append(("move", verb, actor, c, src, so, dst, do, seen))
    g.changes += 1
    touched = []
    if src == BOARD:
        touched.append(so)
    if dst == BOARD and do not in touched:
        touched.append(do)
    if counts:
        pl = g.players[do]
        if counts == TUCKED:
            pl.tucked += 1
            n = pl.tucked
        else:
            pl.scored += 1
            n = pl.scored
        if n >= 6 and do not in touched:
            touched.append(do)
    if touched and g.phase is Phase.PLAY:
        check_specials(g, touched)


TUCKED, SCORED = 1, 2


# ---------------------------------------------------------------------------- the verbs
def draw(g: GameState, p: int, age: int) -> int:
    """Draw a card of value `age` into p's hand: empty ages are skipped upward, values below 1
    draw a 1 (R04), and a draw above 10 ends the game (R05)."""
    a = age if age > 1 else 1
    supply = g.supply
    while a <= 10 and not supply[a]:
        a += 1
    if a > 10:
        end_by_score(g)
    c = supply[a][-1]
    move(g, c, HAND, p, "draw", p)
    return c


def draw_action(g: GameState, p: int) -> int:
    """A plain draw: the value of p's highest top card (the Draw action, the free draw)."""
    return draw(g, p, g.draw_value(p))


def meld(g: GameState, p: int, c: int, verb: str = "meld") -> None:
    """Put c on top of p's pile of its colour (it keeps the pile's splay, R12)."""
    move(g, c, BOARD, p, verb, p)


def tuck(g: GameState, p: int, c: int) -> None:
    """Put c at the bottom of p's pile of its colour (Monument counts it)."""
    move(g, c, BOARD, p, "tuck", p, bottom=True, counts=TUCKED)


def score(g: GameState, p: int, c: int) -> None:
    """Put c in p's score pile (Monument counts it; a transfer there does not)."""
    move(g, c, SCORE, p, "score", p, counts=SCORED)


def return_card(g: GameState, c: int, actor: int) -> None:
    """Put c at the bottom of its age's supply pile (R08: an empty age fills again)."""
    move(g, c, SUPPLY, -1, "return", actor)


def transfer(g: GameState, c: int, dst: int, do: int, actor: int) -> None:
    """A transfer: not a meld, a score or a draw (never counts for Monument)."""
    move(g, c, dst, do, "transfer", actor)


def exchange(
    g: GameState,
    first: list[int] | tuple[int, ...],
    first_to: tuple[int, int],
    second: list[int] | tuple[int, ...],
    second_to: tuple[int, int],
    actor: int,
) -> None:
    """Swap two groups fixed beforehand (either may be empty, R43): `first` goes to zone
    `first_to` = (zone, owner), then `second` to `second_to`. Not a score, draw or meld."""
    first, second = tuple(first), tuple(second)
    for c in first:
        move(g, c, first_to[0], first_to[1], "exchange", actor)
    for c in second:
        move(g, c, second_to[0], second_to[1], "exchange", actor)


def reorder(g: GameState, p: int, color: int, order: list[int]) -> bool:
    """Put p's pile of `color` in `order` (bottom to top; Publications). A change only if the
    order differs; the pile keeps its splay."""
    pl = g.players[p]
    if sorted(order) != sorted(pl.piles[color]):
        raise ValueError("a new order must hold the same cards")
    if list(order) == pl.piles[color]:
        return False
    pl.piles[color] = list(order)
    pl.icons = None
    g.log.append(("order", p, color))
    g.changes += 1
    check_specials(g, [p])
    return True


def remove(g: GameState, c: int, actor: int) -> None:
    move(g, c, REMOVED, -1, "remove", actor)


def reveal(g: GameState, c: int, proof: bool = False) -> None:
    """Show c to everyone. A reveal only to prove you cannot comply (R37) is not a change."""
    g.known[c] = g.all
    g.shown.append(c)
    owner = g.where[c] & 7
    g.log.append(("reveal", owner, c, proof))
    if not proof:
        g.changes += 1


def reveal_hand(g: GameState, p: int, proof: bool = False) -> None:
    for c in sorted(g.players[p].hand):
        reveal(g, c, proof)


def splay(g: GameState, p: int, color: int, direction: int) -> bool:
    """Splay p's pile of `color`; False (and no change) when the pile has fewer than two cards
    or is already splayed that way (R10)."""
    pl = g.players[p]
    if len(pl.piles[color]) < 2 or pl.splay[color] == direction:
        return False
    pl.splay[color] = direction
    pl.icons = None
    g.log.append(("splay", p, color, direction))
    g.changes += 1
    check_specials(g, [p])
    return True


def can_splay(g: GameState, p: int, color: int, direction: int) -> bool:
    pl = g.players[p]
    return len(pl.piles[color]) >= 2 and pl.splay[color] != direction


def achieve(g: GameState, p: int, c: int) -> None:
    """The Achieve action: a standard achievement joins p's achievements, face down."""
    move(g, c, ACHIEVED, p, "achieve", p)
    check_win_by_achievements(g, p)


def claim(g: GameState, p: int, special: int) -> bool:
    """Take a special achievement; nothing if someone has it already (R30)."""
    if g.specials[special] != -1:
        return False
    g.specials[special] = p
    g.players[p].achieved.append(special)
    g.log.append(("claim", p, special))
    g.changes += 1
    check_win_by_achievements(g, p)
    return True


# ---------------------------------------------------------------------------- special achievements
def eligible(g: GameState, p: int, special: int) -> bool:
    """Whether p meets a special achievement's own condition now (RULES.md §10)."""
    pl = g.players[p]
    if special == MONUMENT:
        return pl.tucked >= 6 or pl.scored >= 6
    if special == EMPIRE:
        counts = pl.icon_counts()
        return all(counts[i] >= 3 for i in REAL_ICONS)
    if special == WORLD:
        return pl.icon_counts()[CLOCK] >= 12
    if special == WONDER:
        return all(pl.piles[k] and pl.splay[k] in (RIGHT, UP) for k in range(5))
    if special == UNIVERSE:
        return all(pl.piles[k] and AGE[pl.piles[k][-1]] >= 8 for k in range(5))
    return False


def check_specials(g: GameState, touched: list[int]) -> None:
    """After a move or splay: the touched players, in turn order from the player whose turn it
    is, claim every special achievement they now qualify for (R28)."""
    if g.phase is not Phase.PLAY:
        return
    free = [s for s, owner in g.specials.items() if owner == -1]
    if not free:
        return
    order = touched if len(touched) == 1 else [p for p in g.turn_order(g.active) if p in touched]
    for p in order:
        for s in free:
            if g.specials[s] == -1 and eligible(g, p, s):
                claim(g, p, s)


# ---------------------------------------------------------------------------- the end
def check_win_by_achievements(g: GameState, p: int) -> None:
    if len(g.players[p].achieved) >= ACHIEVEMENTS_TO_WIN[g.n]:
        end_game(g, EndReason.ACHIEVEMENTS, [p])


def best_by_score(g: GameState) -> list[int]:
    """The highest score, then the most achievements; ties share (R33)."""
    keys = [(pl.score_total(), len(pl.achieved)) for pl in g.players]
    best = max(keys)
    return [p for p in range(g.n) if keys[p] == best]


def end_by_score(g: GameState) -> None:
    """A draw above 10 ends the game at once (R05, R33)."""
    end_game(g, EndReason.DRAW_ABOVE_10, best_by_score(g))


def win(g: GameState, p: int, card: int) -> None:
    """A card says p wins."""
    end_game(g, EndReason.CARD, [p], card)


def end_game(g: GameState, reason: EndReason, winners: list[int], card: int = -1) -> None:
    finish(g, reason, winners, card)
    raise GameEnded


def finish(g: GameState, reason: EndReason, winners: list[int], card: int = -1) -> None:
    """Mark the game over (end_game also unwinds whatever was running)."""
    g.phase = Phase.OVER
    g.end_reason = reason
    g.winners = sorted(winners)
    g.win_card = card
    g.log.append(("end", str(reason), tuple(g.winners), card))


def only_max(values: list[int]) -> int:
    """The single player with the highest value, or -1 when two or more tie (R34)."""
    best = max(values)
    who = [p for p, v in enumerate(values) if v == best]
    return who[0] if len(who) == 1 else -1


def only_min(values: list[int]) -> int:
    best = min(values)
    who = [p for p, v in enumerate(values) if v == best]
    return who[0] if len(who) == 1 else -1


def top_of(g: GameState, c: int) -> bool:
    """Whether c is a top card on some board."""
    w = g.where[c]
    return w >> 3 == BOARD and g.players[w & 7].piles[COLOR[c]][-1] == c
