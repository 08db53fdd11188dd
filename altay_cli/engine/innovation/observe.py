"""The observation's builders (`observe`, `spectate`): what one seat may know, built as the
types of observation.py (RULES.md §12 and that module's docstring say what is shown).

Compiled by mypyc with `ALTAY_COMPILE=1` (altay_cli/_build.py); the Structs stay in
observation.py, interpreted, where msgspec keeps their class options (`omit_defaults`).
"""

from __future__ import annotations

from .frames import Frame, Purpose
from .observation import (
    SPECTATOR,
    CardRef,
    Decision,
    DogmaState,
    KnownSupplyCard,
    Observation,
    Pile,
    PlayerView,
    Result,
    Special,
)
from .routines import MANY
from .state import ACHIEVEMENTS_TO_WIN, GameState, Phase
from .tables import (
    AGE,
    COLORS,
    COUNTED_ICON_NAMES,
    FEATURED,
    NAME,
    REAL_ICONS,
    SPECIAL_NAME,
    SPECIALS,
    SPLAYS,
)

#: the names of the counted icons, in the order of REAL_ICONS (PlayerView.icons' keys)
_ICON_NAMES = tuple(COUNTED_ICON_NAMES[i] for i in REAL_ICONS)


def _refs(g: GameState, cards: list[int], sight: int, own: bool) -> list[CardRef]:
    """A hidden zone as the eyes of `sight` see it: by age, the known titles first within an
    age (never in the zone's own order, which would tell when each card arrived)."""
    if not cards:
        return []
    if own:
        return [CardRef(AGE[c], NAME[c]) for c in sorted(cards)]
    known = g.known
    seen = [known[c] & sight == sight for c in cards]
    if True not in seen:  # no title known (most often): the ages alone, in order
        return [CardRef(age) for age in sorted(map(AGE.__getitem__, cards))]
    keys = sorted((AGE[c], "" if s else "~", NAME[c] if s else "") for c, s in zip(cards, seen))
    return [CardRef(a, name or None) for a, _, name in keys]


def spectate(g: GameState) -> Observation:
    """What every seat may know (`Game.spectator_observation`): the observation of seat -1."""
    return observe(g, SPECTATOR)


def observe(g: GameState, seat: int) -> Observation:
    """The observation of `seat`; -1 (SPECTATOR) for a spectator, who sees only what every
    seat may know."""
    # the seats that must know a card for these eyes to see it: the seat, or every seat
    sight = 1 << seat if seat >= 0 else g.all
    title = NAME.__getitem__
    age_of = AGE.__getitem__
    players = []
    for p, pl in enumerate(g.players):
        counts = pl.icon_counts()
        players.append(
            PlayerView(  # positional, in the fields' order
                p,  # seat
                _refs(g, pl.hand, sight, p == seat),  # hand
                _refs(g, pl.score, sight, p == seat),  # score_pile
                sum(map(age_of, pl.score)),  # score (pl.score_total())
                [  # board
                    Pile(color, SPLAYS[splay], list(map(title, pile)))
                    for color, splay, pile in zip(COLORS, pl.splay, pl.piles, strict=True)
                ],
                dict(zip(_ICON_NAMES, [counts[i] for i in REAL_ICONS], strict=True)),  # icons
                sorted(AGE[c] for c in pl.achieved if c < 105),  # achievements
                [SPECIAL_NAME[c] for c in pl.achieved if c >= 105],  # specials
                len(pl.achieved),  # achievement_count
                pl.tucked,  # tucked
                pl.scored,  # scored
            )
        )
    known_supply = []
    known = g.known
    knows = known.__getitem__
    for age in range(1, 11):
        pile = g.supply[age]
        if not any(map(knows, pile)):  # nobody knows a card of this age's pile (most often)
            continue
        top = len(pile) - 1
        found = [(top - i, c) for i, c in enumerate(pile) if known[c] & sight == sight]
        known_supply += [KnownSupplyCard(age, depth, NAME[c]) for depth, c in sorted(found)]
    decision = None
    ask = g.pending
    if ask is not None:
        decision = Decision(
            seat=ask.seat,
            kind=ask.kind,
            purpose=Purpose(ask.purpose),
            card=NAME[ask.card] if ask.card >= 0 else None,
            effect=ask.eff if ask.eff >= 0 else None,
            executing=ask.me if ask.me >= 0 else None,
            optional=ask.can_pass,
            prompt=ask.prompt if ask.seat == seat else None,
            labels=list(ask.labels),
        )
        parent = g.stack[-2] if len(g.stack) > 1 else None
        if isinstance(parent, Frame) and parent.kind == "pick":
            pv = parent.v
            decision.picked = len(pv["done"])
            decision.min = pv["lo"] if pv["lo"] < MANY else None
            decision.max = pv["hi"] if pv["hi"] < MANY else None
    dogma = None
    if g.stack and isinstance(g.stack[0], Frame) and g.stack[0].kind == "dogma":
        f = g.stack[0]
        dogma = DogmaState(
            activator=f.act,
            card=NAME[f.card],
            featured=COUNTED_ICON_NAMES[FEATURED[f.card]],
            vulnerable=list(f.v["vul"]),
            sharing=list(f.v["share"]),
        )
    result = None
    if g.phase is Phase.OVER and g.end_reason is not None:
        result = Result(g.end_reason, list(g.winners), NAME[g.win_card] if g.win_card >= 0 else None)
    pick = g.first_picks[seat] if g.phase is Phase.FIRST_MELD and seat >= 0 else -1
    return Observation(  # positional, in the fields' order (keywords cost msgspec more)
        seat,  # seat
        "1e" if g.first_edition else "3e",  # edition
        g.phase,  # phase
        g.to_move,  # to_move
        g.active,  # active
        g.turn,  # turn
        g.actions_left,  # actions_left
        ACHIEVEMENTS_TO_WIN[g.n],  # achievements_to_win
        [len(g.supply[a]) for a in range(1, 11)],  # supply
        known_supply,  # supply_known
        sorted(map(age_of, g.available)),  # available_achievements
        [
            Special(SPECIAL_NAME[s], None if g.specials[s] < 0 else g.specials[s]) for s in SPECIALS
        ],  # specials
        players,  # players
        NAME[pick] if pick >= 0 else None,  # first_meld
        decision,  # decision
        dogma,  # dogma
        result,  # result
    )
