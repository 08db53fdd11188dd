"""What one seat may know (RULES.md §12): the only way hidden information leaves the state.

Boards are public (R36); hands and score piles are shown to their owner, and to everyone
else as the ages on the card backs, with the titles they know (a revealed card, one they
gave); standard achievements show their age only, to everyone; the supply shows how many
cards each age has left, and where in it lie the cards this seat knows (ones it returned).

A spectator (`spectate`, seat -1) sees what every seat may know: the titles of the cards that
every seat knows where they lie (a revealed card, still known to all), no first meld before
the reveal and no decision's prompt.
"""

from __future__ import annotations

import msgspec

from .data import Color, CountedIcon, Edition, SpecialName, Splay
from .frames import AskKind, Frame, Purpose
from .routines import MANY
from .state import ACHIEVEMENTS_TO_WIN, EndReason, GameState, Phase
from .tables import AGE, COLORS, COUNTED_ICON_NAMES, NAME, REAL_ICONS, SPECIAL_NAME, SPECIALS, SPLAYS


class Settings(msgspec.Struct):
    """The configuration a bot may know (sent in `hello.game`)."""

    players: int
    edition: Edition
    max_turns: int  # the game is adjudicated by score after this many turns


class CardRef(msgspec.Struct, omit_defaults=True):
    """A card in a hidden zone: its age (on the back), and its title when you know it."""

    age: int
    card: str | None = None


class Pile(msgspec.Struct):
    """One colour pile, bottom to top (the last card is the top card), and its splay."""

    color: Color
    splay: Splay
    cards: list[str]


class KnownSupplyCard(msgspec.Struct):
    """A supply card you know: `depth` 0 is the next card drawn from that age."""

    age: int
    depth: int
    card: str


class Special(msgspec.Struct):
    name: SpecialName
    owner: int | None  # None while available


class PlayerView(msgspec.Struct):
    seat: int
    hand: list[CardRef]
    score_pile: list[CardRef]
    score: int  # the total value of the score pile (public: card backs show ages)
    board: list[Pile]  # the five colours, in order blue red green yellow purple
    icons: dict[str, int]  # visible icons by name, the six of CountedIcon (RULES.md §6.3)
    achievements: list[int]  # the ages of the standard achievements claimed
    specials: list[SpecialName]  # special achievements claimed
    achievement_count: int
    tucked: int  # cards tucked this turn (Monument)
    scored: int  # cards scored this turn (Monument)


class Decision(msgspec.Struct, omit_defaults=True):
    """A decision in the middle of an effect: who decides, for which card's effect and what.
    `prompt` is shown to the deciding seat only; the legal answers are the request's list."""

    seat: int
    kind: AskKind  # what the answers are: card, blind, color, colors, player, value, option, yes
    purpose: Purpose  # what they are for: return, transfer, meld, score, tuck, splay, ...
    card: str | None = None  # the card whose effect asks
    effect: int | None = None  # that effect's index (0-based, printed order)
    executing: int | None = None  # the player carrying out the effect ("you" in its text)
    optional: bool = False  # `pass` is among the answers
    prompt: str | None = None
    labels: list[str] = []
    picked: int | None = None  # several cards picked one at a time: how many so far
    min: int | None = None  # ... how many must be picked in all (null: every one there is)
    max: int | None = None  # ... and how many may be (null: any number)


class DogmaState(msgspec.Struct):
    """The Dogma action in progress (public)."""

    activator: int
    card: str
    featured: CountedIcon
    vulnerable: list[int]  # fewer featured icons than the activator: demands reach them
    sharing: list[int]  # at least as many: they share the non-demand effects


class Result(msgspec.Struct):
    end_reason: EndReason
    winners: list[int]
    card: str | None = None  # the card that won the game, if one did


class Observation(msgspec.Struct):
    seat: int  # -1: a spectator's (what every seat may know)
    edition: Edition  # "3e" or "1e": which texts of the nine changed cards are played
    phase: Phase  # first_meld, play, over
    to_move: int | None
    active: int  # whose turn it is
    turn: int  # turns begun so far
    actions_left: int  # this turn, counting the one in progress
    achievements_to_win: int
    supply: list[int]  # cards left in ages 1..10 (index 0 is age 1)
    supply_known: list[KnownSupplyCard]
    available_achievements: list[int]  # ages of the standard achievements still on the table
    specials: list[Special]
    players: list[PlayerView]
    first_meld: str | None  # set-up: the card you picked (others' picks stay hidden)
    decision: Decision | None
    dogma: DogmaState | None
    result: Result | None


#: the seat number of a spectator's observation
SPECTATOR = -1


def _refs(g: GameState, cards: list[int], sight: int, own: bool) -> list[CardRef]:
    """A hidden zone as the eyes of `sight` see it: by age, the known titles first within an
    age (never in the zone's own order, which would tell when each card arrived)."""
    if not cards:
        return []
    if own:
        return [CardRef(AGE[c], NAME[c]) for c in sorted(cards)]
    known = g.known
    seen = [known[c] & sight == sight for c in cards]
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
    players = []
    for p, pl in enumerate(g.players):
        counts = pl.icon_counts()
        players.append(
            PlayerView(
                seat=p,
                hand=_refs(g, pl.hand, sight, p == seat),
                score_pile=_refs(g, pl.score, sight, p == seat),
                score=pl.score_total(),
                board=[
                    Pile(COLORS[k], SPLAYS[pl.splay[k]], [NAME[c] for c in pl.piles[k]]) for k in range(5)
                ],
                icons={COUNTED_ICON_NAMES[i]: counts[i] for i in REAL_ICONS},
                achievements=sorted(AGE[c] for c in pl.achieved if c < 105),
                specials=[SPECIAL_NAME[c] for c in pl.achieved if c >= 105],
                achievement_count=len(pl.achieved),
                tucked=pl.tucked,
                scored=pl.scored,
            )
        )
    known_supply = []
    known = g.known
    for age in range(1, 11):
        pile = g.supply[age]
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
        from .tables import FEATURED

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
    return Observation(
        seat=seat,
        edition="1e" if g.first_edition else "3e",
        phase=g.phase,
        to_move=g.to_move,
        active=g.active,
        turn=g.turn,
        actions_left=g.actions_left,
        achievements_to_win=ACHIEVEMENTS_TO_WIN[g.n],
        supply=[len(g.supply[a]) for a in range(1, 11)],
        supply_known=known_supply,
        available_achievements=sorted(AGE[c] for c in g.available),
        specials=[Special(SPECIAL_NAME[s], None if g.specials[s] < 0 else g.specials[s]) for s in SPECIALS],
        players=players,
        first_meld=NAME[pick] if pick >= 0 else None,
        decision=decision,
        dogma=dogma,
        result=result,
    )
