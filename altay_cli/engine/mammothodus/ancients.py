"""The Ancients' phase: the active clan's one action of the turn (routine "ancients").

The clan chooses one action (move, attack, population, development, degradation or activate a
place of power) among those its hand can perform, then acts with its figurines one at a time:
a figurine, the cards played on it one by one (the action's colour or the colour of the
territory it stands in; "wild" as any colour, "double:C" as two cards of C, "extra:C" as one),
the allies' help (cards of the action's colour only, from clans with a figurine in the same or
an adjacent territory), then the effect. A figurine's bonus (its colour's action) adds one when
at least one card of the clan was played on it. Degradation is played from the hand, not on a
figurine. After the action an "extra:C" card may be discarded for another, different action; a
"draw3" card may be played at any of the clan's (or a helping ally's) card decisions.

Routines (each a step table, see machine.py): "ancients" (the action choice and the extra
actions), "ancients_action" (the figurines one at a time), "ancients_figurine" (one
figurine's cards, the allies' cards and the effect), "ancients_move", "ancients_attack",
"ancients_develop" and "ancients_degradation".

Rulings of this part (RULINGS.md's form; each is one named constant here):

- M30 `MAY_DECLINE_ACTION`: the clan may pass at the action choice (no action this turn).
- M31 `FIRST_CARD_REQUIRED`: a chosen figurine takes at least one card of its clan (passing
  happens at the figurine choice, which ends the action).
- M32 `ATTACK_NEEDS_TARGET`: a figurine attacks only where a tribe or a spirit stands.
- M33 `DEVELOPMENT_OPEN_BOXES`: a development point moves the marker one box while the marker
  is below the number of figurines on the field (the open boxes); a point at or past that
  takes an adaptation card instead (the blue figurine of the rulebook's example: marker one
  box short, one blue card plus the bonus: the first point reaches the closed boxes, the
  second takes a card). Taking the card is optional; none left means the point is lost.
- M34 `ALLIES_CLOCKWISE`: allies are asked in seat order from the clan after the active one,
  each until it passes; "near" is judged from the territory where the figurine stands when its
  cards are played (for a move, where it starts).
- M35 `CENTRE_IS_A_REGION`: for the degradation action's allies, two regions neighbour when a
  territory of one borders a territory of the other; the centre counts as a region of its own
  (so it neighbours every region).
- M36 `ALLIES_PAY_ACTIVATION`: allies may pay part of a place of power's cost with cards of the
  action's colour (blue). If everything played falls short of the cost, nothing is activated
  and every card goes back to its owner's hand (the figurine has still acted).
- M37 `ONE_PLACE_PER_TERRITORY`: a territory holds at most one place of power.
- M38 `REROLL_ONLY_IF_PAYABLE`: a re-roll is offered only while paying its population leaves
  the clan at or above the loss floor (a cost the clan cannot pay is not offered).
- M39 `HITS_USE_SMALLEST_DICE`: a hit spends the smallest dice that achieve it (never worse for
  the clan, so the dice are not asked).
- M40 `SPIRIT_CARD_SHUFFLED_BACK`: a destroyed spirit's card is shuffled back into the spirit
  deck (the next summon stays random).
- M41 `SHARD_ONCE_PER_TERRITORY`: a moving figurine carries at most one open shard; in each
  territory it stands in it may take or drop any one shard once (drop one and take another is
  a swap). Shards of one type are alike, so they are offered by type. A carried shard lies
  where the figurine's move ends.
- M42 `OPEN_WHERE_MOVERS_STOP`: when the move action ends, the face-down shards are opened in
  the territories where the figurines that acted in it stand.
- M43 `EXTRA_ACTIONS_DIFFER`: each "extra" card discarded after an action gives one more
  action, different from every action already taken this turn; it is offered only when such
  an action is possible with the rest of the hand.
- M44 `DRAW3_AT = "any_decision"`: the rulebook's Draw 3 "can be played at any point in the
  game". A referee can only take a card where it asks its holder something, so "any point" is
  every question its holder is asked, in any clan's turn: the card decisions of the Ancients'
  phase (action, figurine, card, assistance, degradation, extra action), an attack's re-roll
  and hit decisions, development's adaptation choices, the human phase's directions and a talent
  token's use; after the three cards the question is asked again. Outside the Ancients' phase's
  card decisions (which are asked only when the hand holds a card it can play now, Draw 3 among
  them) the card never makes a question of its own (`with_draw3_anytime`): those questions are
  asked whatever the hand holds, so one asked only because of the card would show every clan
  that the hand holds it (M78). Not offered at its own generation change (place, remove, swap: its
  deck is being rebuilt, so drawing there would start a change inside the change), at the
  end-of-turn discard (there a card named is discarded), between the steps of a move (a
  generation change would swap or remove the figurine in the middle of its move, and the move's
  cards are paid already), nor at the portal line or a token's territory (the question after
  each offers it, with nothing happening between). If the generation change it causes takes the
  figurine being played on away from its place, that figurine's play is undone (its cards back
  in the hand) and it has not acted. "ancients_phase": the engine's earlier reading, the
  Ancients' phase's card decisions only.
- M45 `ACTED_PER_ACTION`: clan.acted is cleared at the start of each action: "acts once" is per
  action (the rulebook's "moves once per turn" and "attacks once per turn" follow, since the
  actions of one turn differ, M43).
- M46 `LINE_CONDITIONS_ACCUMULATE`: a portal line's cells on the open fragments add up: its
  shards as a multiset of types, face up in the figurine's territory; every region cell must be
  the territory's region and every colour cell its colour (contradictory cells make the line
  impossible). The shards used are chosen by type (alike).
- M47 `WILD_COLOUR_NOT_ASKED`: a wild card's colour is never asked: on a figurine it is the
  colour that lets it be played; every choice has the same effect.
- M48 `ALLY_ADAPTATION_CARDS`: an ally may help with "wild" (as the action's colour),
  "double:C" (two) and "extra:C" (one) of the action's colour.
- M49 `DEGRADATION_FIRST_CARD`: once the degradation action is chosen, the clan plays at least
  one degradation card before passing; allies help only after that.

Log kinds: ("action", clan, action), ("no_action", clan), ("extra_action", clan, card), ("acts", clan, colour,
action, territory), ("play", clan, card, colour or "degradation"), ("assist", ally, card,
clan), ("take_back", clan, card), ("bonus", clan, colour, action), ("draw3", clan),
("move", clan, colour, from, to), ("shard_take", clan, colour, type, territory),
("shard_drop", clan, colour, type, territory), ("shard_open", territory, type), ("dice",
clan, territory, dice), ("reroll", clan, indexes, dice), ("hit", clan, target, territory,
dice used), ("tribe", "destroyed", territory), ("spirit", "destroyed", territory, card),
("development", clan, marker), ("adapt", clan, card, source), ("adapt_declined", clan),
("adapt_none", clan, points), ("activation_failed", clan, line, territory), ("place_of_power",
clan, line, territory, shard types used). ops logs ("population", ...) for gains and re-rolls.

Talents (advanced, `config.talents`): at the action choice and at every figurine choice (M64)
the clan may discard a card that counts as the colour of one of its figurines (M65) for a talent
token (`Token`), put (`Put`, routine "ancients_token") in that figurine's territory or an
adjacent one (M66). A turn with a degradation action allows no token, and once a token is placed
the degradation action is no longer offered (M67). An attack in a territory guarded by a
protection this turn adds +2 to each die (M71, machine.protection_bonus). What the tokens do is
in humans.py. Log kinds: ("talent_card", clan, card, figurine colour), ("token", clan, talent,
territory), ("protection_bonus", clan, territory, bonus).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from ..steps import END, Flow
from . import ops
from .actions import Adapt, Card, ChooseAction, Figurine, Hit, Line, Put, Reroll, Roll, Shard, Step, Token
from .frames import Frame
from .machine import STEPS, ask, call, protection_bonus, talent_name
from .state import ACTIONS, COLORS, OFF, GameState
from .vocabulary import ActionName, CardName, ColorName

MAY_DECLINE_ACTION = True  # M30
FIRST_CARD_REQUIRED = True  # M31
ATTACK_NEEDS_TARGET = True  # M32
DEVELOPMENT_OPEN_BOXES = True  # M33
ALLIES_CLOCKWISE = True  # M34
CENTRE_IS_A_REGION = True  # M35
ALLIES_PAY_ACTIVATION = True  # M36
ONE_PLACE_PER_TERRITORY = True  # M37
REROLL_ONLY_IF_PAYABLE = True  # M38
HITS_USE_SMALLEST_DICE = True  # M39 (no alternative implemented: the rule is built in)
SPIRIT_CARD_SHUFFLED_BACK = True  # M40
SHARD_ONCE_PER_TERRITORY = True  # M41 (built in)
OPEN_WHERE_MOVERS_STOP = True  # M42
EXTRA_ACTIONS_DIFFER = True  # M43
#: M44: where a Draw 3 card may be played: "any_decision" (the card decisions of the Ancients'
#: phase, and beside the answers of every other question its holder is asked anyway but those of
#: its own generation change, the end-of-turn discard, a move's steps, the portal line and a
#: token's territory); "ancients_phase" (the card decisions of the Ancients' phase only).
DRAW3_AT = "any_decision"
ACTED_PER_ACTION = True  # M45
LINE_CONDITIONS_ACCUMULATE = True  # M46 (built in)
WILD_COLOUR_NOT_ASKED = True  # M47 (built in)
ALLY_ADAPTATION_CARDS = True  # M48
DEGRADATION_FIRST_CARD = True  # M49
#: M64: talent tokens are placed in the clan's own Ancients' phase only, offered at the action
#: choice and at every figurine choice of an action (so also after its last figurine, before the
#: clan passes to end the action).
TOKENS_AT_PHASE_DECISIONS = True
#: M65: the card discarded for a token counts as the colour of one of the clan's figurines on the
#: field (acted or not): a basic card of that colour, "wild", "extra:C" (one token) or "double:C"
#: (two tokens, both next to that figurine, as far as the reserve goes); degradation and draw3
#: cards cannot pay. False: only basic cards of the figurine's colour.
TOKEN_ADAPTATION_CARDS = True
#: M66: a token goes in the figurine's territory or an adjacent one (the centre included); a
#: territory may hold any number of tokens, of any clans.
TOKEN_NEXT_TO_FIGURINE = True
#: M67: "degradation does not allow the use of clan talents": in a turn whose actions include
#: degradation no token is placed, and once a token is placed in a turn the degradation action
#: (also as an extra action) is no longer offered. Tokens already on the field still act.
DEGRADATION_EXCLUDES_TALENTS = True

#: the colour of the cards of each action (activating a place of power is paid with blue)
ACTION_COLOR: dict[str, ColorName] = {
    "move": "green",
    "attack": "red",
    "population": "yellow",
    "development": "blue",
    "activate": "blue",
}
#: the actions a figurine's bonus applies to (M20: not degradation nor activate)
BONUS_ACTIONS = ("move", "attack", "population", "development")
DRAW3: Final = "draw3"
DEGRADATION: Final = "degradation"


# ---------------------------------------------------------------------------- cards
def card_value(card: str, colors: tuple[str, ...]) -> int:
    """How many cards of `colors` `card` counts as (0: it cannot be played there)."""
    if card == "wild":
        return 1
    if ":" in card:
        kind, color = card.split(":", 1)
        if color not in colors:
            return 0
        return 2 if kind == "double" else 1 if kind == "extra" else 0
    return 1 if card in colors else 0


def own_colors(g: GameState, action: str, t: int) -> tuple[str, ...]:
    """The colours the clan may play on a figurine in t: the action's and the territory's."""
    territory = g.tables.color[t]
    base = ACTION_COLOR[action]
    return (base,) if territory is None or territory == base else (base, territory)


#: colours -> card -> `card_value`, filled as asked: few cards and colour sets exist, and
#: `points` is asked for every figurine and action while the legal actions are worked out
_VALUES: dict[tuple[str, ...], dict[str, int]] = {}


def points(hand: Sequence[CardName], colors: tuple[str, ...]) -> int:
    values = _VALUES.get(colors)
    if values is None:
        values = _VALUES[colors] = {}
    total = 0
    for c in hand:
        v = values.get(c)
        if v is None:
            v = values[c] = card_value(c, colors)
        total += v
    return total


def playable(hand: Sequence[CardName], colors: tuple[str, ...]) -> list[Card]:
    return [Card(c) for c in sorted(set(hand)) if card_value(c, colors) > 0]


def draw3_option(hand: Sequence[CardName]) -> list[Card]:
    """Draw 3 at a card decision of the Ancients' phase (M44, under either reading): these
    questions are asked only when the hand holds a card it can play now, and Draw 3 is one."""
    return [Card(DRAW3)] if DRAW3 in hand else []


def with_draw3_anytime(g: GameState, seat: int, options: list[Any], can_pass: bool) -> list[Any]:
    """The answers of one of clan `seat`'s questions outside the Ancients' phase's card decisions,
    with its Draw 3 card beside them (M44) when the question is asked anyway: these questions are
    asked whatever the hand holds, so one asked only because of the card would show the other
    clans that the hand holds it (M78)."""
    hand = g.clans[seat].hand
    if DRAW3_AT == "any_decision" and DRAW3 in hand and len(options) + can_pass >= 2:
        return [*options, Card(DRAW3)]
    return list(options)


def is_draw3(choice: Any) -> bool:
    """The answer played a Draw 3 card (M44)."""
    return isinstance(choice, Card) and choice.card == DRAW3


def play_draw3(g: GameState, seat: int) -> Flow:
    """Play a "draw3" card: to the discard pile, then draw three (generation.py's "draw")."""
    clan = g.clans[seat]
    clan.hand.remove(DRAW3)
    clan.discard.append(DRAW3)
    g.log.append(("draw3", seat))
    return call(g, "draw", seat, n=3)


def spend(g: GameState, seat: int, card: CardName) -> None:
    """A card leaves the hand for the discard pile (where played cards go at once)."""
    clan = g.clans[seat]
    clan.hand.remove(card)
    clan.discard.append(card)


def take_back(g: GameState, seat: int, card: CardName) -> None:
    """Undo `spend`: the card returns to the hand (from the discard pile, or from the deck if a
    generation change has shuffled it there; if it was drawn again it is in the hand already)."""
    clan = g.clans[seat]
    g.log.append(("take_back", seat, card))
    for pile in (clan.discard, clan.deck):
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == card:
                del pile[i]
                clan.hand.append(card)
                return


# ---------------------------------------------------------------------------- where allies stand
def near(g: GameState, seat: int, t: int) -> bool:
    """Has clan `seat` a figurine in t or a territory adjacent to it?"""
    nb = g.tables.neighbours[t]
    return any(w != OFF and (w == t or w in nb) for w in g.clans[seat].figurines)


def others(g: GameState, me: int) -> tuple[int, ...]:
    """M34: the other clans, from the one after the active clan, in seat order (the alternative:
    from seat 0)."""
    if ALLIES_CLOCKWISE:
        return tuple((me + i) % g.n for i in range(1, g.n))
    return tuple(s for s in range(g.n) if s != me)


def region_key(g: GameState, t: int) -> str:
    return g.tables.region[t] or "centre"


def regions_close(g: GameState, a: int, b: int) -> bool:
    """M35: are territories a and b in the same or neighbouring regions?"""
    ra, rb = region_key(g, a), region_key(g, b)
    if not CENTRE_IS_A_REGION and "centre" in (ra, rb):
        return False
    return ra == rb or (ra, rb) in g.tables.region_links


def near_region(g: GameState, seat: int, me: int) -> bool:
    """Has clan `seat` a figurine in the region of one of clan `me`'s figurines, or in a
    neighbouring region?"""
    mine = [w for w in g.clans[me].figurines if w != OFF]
    return any(w != OFF and regions_close(g, w, m) for w in g.clans[seat].figurines for m in mine)


def ally_potential(g: GameState, me: int, t: int, action: str) -> int:
    """How many cards of the action's colour the clans near t could add."""
    colors = (ACTION_COLOR[action],)
    return sum(points(g.clans[s].hand, colors) for s in others(g, me) if near(g, s, t))


# ---------------------------------------------------------------------------- places of power
def line_conditions(g: GameState, line: int) -> tuple[Counter[str], set[str], set[str]]:
    """M46: the shards (a multiset of types), regions and colours the open fragments ask of a
    portal line."""
    frags = g.tables.fragments
    shards: Counter[str] = Counter()
    regions: set[str] = set()
    colors: set[str] = set()
    for fid in g.portal[: g.portal_open]:
        cell = frags[fid].lines[line]
        if cell.shard is not None:
            shards[cell.shard] += 1
        if cell.region is not None:
            regions.add(cell.region)
        if cell.color is not None:
            colors.add(str(cell.color))
    return shards, regions, colors


def open_shards_at(g: GameState, t: int) -> list[int]:
    """The face-up shards lying in t (ids), not carried by a moving figurine."""
    carried = set(g.carried.values())
    return [i for i, w in enumerate(g.shard_at) if w == t and g.shard_open[i] and i not in carried]


def shard_name(g: GameState, shard: int) -> str:
    return g.data.shards.types[g.shard_type[shard]]


def line_met(g: GameState, line: int, t: int) -> bool:
    """Can line's place of power be activated in t (shards, region, colour, place free)?"""
    if t == g.tables.centre or g.places[line] >= 0:
        return False
    if ONE_PLACE_PER_TERRITORY and t in g.places:
        return False
    shards, regions, colors = line_conditions(g, line)
    if any(r != g.tables.region[t] for r in regions) or any(c != g.tables.color[t] for c in colors):
        return False
    here = Counter(shard_name(g, i) for i in open_shards_at(g, t))
    return all(here[k] >= n for k, n in shards.items())


def activation_cost(g: GameState) -> int:
    return sum(1 for t in g.places if t >= 0) + 1


def activation_lines(g: GameState, me: int, t: int, hand: Sequence[CardName]) -> list[int]:
    """The lines clan `me` could activate in t with its hand (and, M36, its allies' cards)."""
    if t == OFF:
        return []
    own = points(hand, own_colors(g, "activate", t))
    if own <= 0:
        return []
    help_ = ally_potential(g, me, t, "activate") if ALLIES_PAY_ACTIVATION else 0
    if own + help_ < activation_cost(g):
        return []
    return [n for n in range(len(g.places)) if line_met(g, n, t)]


def activate(g: GameState, me: int, line: int, t: int) -> None:
    """The place of power of `line` goes to t; the shards it asked for are discarded."""
    shards, _, _ = line_conditions(g, line)
    used: list[str] = []
    here = open_shards_at(g, t)
    for kind, n in sorted(shards.items()):
        ids = [i for i in here if shard_name(g, i) == kind][:n]
        for i in ids:
            g.shard_at[i] = -1
            used.append(kind)
    g.places[line] = t
    g.log.append(("place_of_power", me, line, t, tuple(used)))
    ops.check_win(g)


# ---------------------------------------------------------------------------- what can be done
def has_targets(g: GameState, t: int) -> bool:
    return g.tribes[t] > 0 or t in g.spirits


def can_act(
    g: GameState, me: int, k: int, action: str, hand: Sequence[CardName], fresh: bool = False
) -> bool:
    """Can figurine k of clan `me` take part in `action` with this hand? (`fresh`: ignore
    which figurines already acted, for an action not started yet.)"""
    clan = g.clans[me]
    t = clan.figurines[k]
    if t == OFF or (not fresh and k in clan.acted):
        return False
    if action == "activate":
        return bool(activation_lines(g, me, t, hand))
    if points(hand, own_colors(g, action, t)) <= 0:
        return False
    return not (action == "attack" and ATTACK_NEEDS_TARGET and not has_targets(g, t))


def performable(g: GameState, me: int, done: tuple[str, ...], hand: Sequence[CardName]) -> list[ActionName]:
    """The actions (not yet taken this turn, M43) that clan `me` can perform with `hand`."""
    out: list[ActionName] = []
    for action in ACTIONS:
        if action in done and EXTRA_ACTIONS_DIFFER:
            continue
        if action == "degradation":
            if DEGRADATION in hand:
                out.append(action)
        elif any(can_act(g, me, k, action, hand, fresh=True) for k in range(len(COLORS))):
            out.append(action)
    return out


def destroy_spirit(g: GameState, idx: int) -> None:
    """The spirit at index idx on the field is destroyed; its card goes back to the deck (M40)."""
    t = g.spirits[idx]
    card = g.spirit_on.pop(idx)
    g.spirits.pop(idx)
    g.spirit_deck.append(card)
    if SPIRIT_CARD_SHUFFLED_BACK:
        g.rng.shuffle(g.spirit_deck)
    g.log.append(("spirit", "destroyed", t, card))


# ---------------------------------------------------------------------------- talent tokens
def _phase_frame(g: GameState) -> Frame | None:
    """The "ancients" frame of the phase in progress (its locals hold the turn's actions)."""
    for e in reversed(g.stack):
        if isinstance(e, Frame) and e.kind == "ancients":
            return e
    return None


def token_card_value(card: str, color: str) -> int:
    """How many tokens `card` pays for next to a figurine of `color` (M65)."""
    if TOKEN_ADAPTATION_CARDS:
        return card_value(card, (color,))
    return 1 if card == color else 0


def token_options(g: GameState, me: int) -> list[Token]:
    """The `Token` choices of clan `me` now (M64-M67): none without talents, without a token in
    reserve, or in a turn with a degradation action."""
    if not g.config.talents or not TOKENS_AT_PHASE_DECISIONS or g.talent_of[me] < 0:
        return []
    if g.talent_reserve[me] <= 0:
        return []
    phase = _phase_frame(g)
    if DEGRADATION_EXCLUDES_TALENTS and phase is not None and "degradation" in phase.v.get("done", ()):
        return []
    clan = g.clans[me]
    return [
        Token(card, COLORS[k])
        for k in clan.on_field()
        for card in sorted(set(clan.hand))
        if token_card_value(card, COLORS[k]) > 0
    ]


def token_places(g: GameState, me: int, k: int) -> list[int]:
    """Where clan `me` may put a token next to its figurine k (M66)."""
    t = g.clans[me].figurines[k]
    return sorted({t, *g.tables.neighbours[t]}) if TOKEN_NEXT_TO_FIGURINE else [t]


def _performable(g: GameState, f: Frame, hand: Sequence[CardName]) -> list[ActionName]:
    """performable(), without degradation once a token was placed this turn (M67)."""
    out = performable(g, f.me, f.v.get("done", ()), hand)
    if DEGRADATION_EXCLUDES_TALENTS and f.v.get("tokens"):
        out = [a for a in out if a != "degradation"]
    return out


def tribe_threshold(g: GameState) -> int:
    """The die a tribe needs (4; 5 with the +1 TO DEFENSE discovery, if humans.py says so)."""
    try:
        from . import humans
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.humans":
            raise
        return g.data.dice.hit
    fn = getattr(humans, "hit_threshold", None)
    return int(fn(g)) if fn is not None else g.data.dice.hit


# ---------------------------------------------------------------------------- the phase
class Ancients:
    """Choose the action; after it, an "extra" card may buy another (M43)."""

    @staticmethod
    def choose_action(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        done = f.v.get("done", ())
        options: list[Any] = [ChooseAction(a) for a in _performable(g, f, clan.hand)]
        tokens = token_options(g, f.me)
        can_pass = MAY_DECLINE_ACTION or (bool(tokens) and not options)
        options += tokens
        options += draw3_option(clan.hand)
        if not options:
            if not done:
                g.log.append(("no_action", f.me))
            return END
        prompt = "Choose your action, or pass"
        if tokens:
            prompt = "Choose your action, discard a card for a talent token, or pass"
        return ask(g, f.me, options, "action", prompt, can_pass=can_pass)

    @staticmethod
    def chosen(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return END
        if isinstance(choice, Card):
            f.goto(Ancients.choose_action)
            return play_draw3(g, f.me)
        if isinstance(choice, Token):
            f.goto(Ancients.choose_action)
            return call(g, "ancients_token", f.me, card=choice.card, fig=COLORS.index(choice.color))
        f.v["done"] = (*f.v.get("done", ()), choice.action)
        g.log.append(("action", f.me, choice.action))
        if ACTED_PER_ACTION:
            g.clans[f.me].acted = []
        if choice.action == "degradation":
            return call(g, "ancients_degradation", f.me)
        return call(g, "ancients_action", f.me, action=choice.action)

    @staticmethod
    def extra_ask(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        options: list[Any] = []
        for card in sorted(set(clan.hand)):
            if card.startswith("extra:"):
                rest = list(clan.hand)
                rest.remove(card)
                if _performable(g, f, rest):
                    options.append(Card(card))
        if not options:
            return END
        options += draw3_option(clan.hand)
        prompt = "Discard an extra-action card to take another action, or pass"
        return ask(g, f.me, options, "extra", prompt, can_pass=True)

    @staticmethod
    def extra_chosen(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return END
        if choice.card == DRAW3:
            f.goto(Ancients.extra_ask)
            return play_draw3(g, f.me)
        spend(g, f.me, choice.card)
        g.log.append(("extra_action", f.me, choice.card))
        f.goto(Ancients.choose_action)
        return None


class ActionLoop:
    """v: action. The figurines one at a time until the clan passes or none can act."""

    @staticmethod
    def choose_figurine(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        action = f.v["action"]
        options: list[Any] = [
            Figurine(COLORS[k]) for k in range(len(COLORS)) if can_act(g, f.me, k, action, clan.hand)
        ]
        tokens = token_options(g, f.me)
        options += tokens
        options += draw3_option(clan.hand)
        if not options:
            f.goto(ActionLoop.open_shards)
            return None
        prompt = f"Choose a figurine to {action}, or pass to end the action"
        if tokens:
            prompt = (
                f"Choose a figurine to {action}, discard a card for a talent token, or pass to end the action"
            )
        return ask(g, f.me, options, "figurine", prompt, can_pass=True)

    @staticmethod
    def chosen(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return None
        f.goto(ActionLoop.choose_figurine)
        if isinstance(choice, Card):
            return play_draw3(g, f.me)
        if isinstance(choice, Token):
            return call(g, "ancients_token", f.me, card=choice.card, fig=COLORS.index(choice.color))
        return call(g, "ancients_figurine", f.me, action=f.v["action"], fig=COLORS.index(choice.color))

    @staticmethod
    def open_shards(g: GameState, f: Frame) -> Any:
        if f.v["action"] == "move" and OPEN_WHERE_MOVERS_STOP:
            clan = g.clans[f.me]
            for k in clan.acted:
                t = clan.figurines[k]
                for i, w in enumerate(g.shard_at):
                    if w == t and t != OFF and not g.shard_open[i]:
                        g.shard_open[i] = True
                        g.log.append(("shard_open", t, shard_name(g, i)))
        return END


class FigurineTurn:
    """v: action, fig. One figurine: (a portal line,) the clan's cards, the allies' cards, the
    effect."""

    @staticmethod
    def start(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        k = f.v["fig"]
        t = clan.figurines[k]
        f.v.update(at=t, own=(), pts=0, helpers=(), hpts=0, line=-1, order=(), ai=0)
        g.log.append(("acts", f.me, COLORS[k], f.v["action"], t))
        if f.v["action"] == "activate":
            lines = activation_lines(g, f.me, t, clan.hand)
            return ask(g, f.me, [Line(n) for n in lines], "line", "Choose the portal line to activate")
        return None

    @staticmethod
    def line_chosen(g: GameState, f: Frame) -> Any:
        if f.v["action"] == "activate":
            if g.ret is None:
                return END
            f.v["line"] = g.ret.line
        return None

    @staticmethod
    def own_ask(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        k, t, action = f.v["fig"], f.v["at"], f.v["action"]
        if clan.figurines[k] != t:  # M44: a generation change took it away
            for card in f.v["own"]:
                take_back(g, f.me, card)
            return END
        if action == "activate" and f.v["pts"] >= activation_cost(g):
            f.goto(FigurineTurn.allies_start)
            return None
        options: list[Any] = playable(clan.hand, own_colors(g, action, t))
        options += draw3_option(clan.hand)
        if not options:
            if f.v["pts"] == 0:
                return END
            f.goto(FigurineTurn.allies_start)
            return None
        prompt = f"Play a card on your {COLORS[k]} figurine ({action}), or pass"
        can_pass = f.v["pts"] > 0 or not FIRST_CARD_REQUIRED
        return ask(g, f.me, options, "card", prompt, can_pass=can_pass)

    @staticmethod
    def own_played(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return None
        f.goto(FigurineTurn.own_ask)
        if choice.card == DRAW3:
            return play_draw3(g, f.me)
        spend(g, f.me, choice.card)
        f.v["own"] = (*f.v["own"], choice.card)
        f.v["pts"] += card_value(choice.card, own_colors(g, f.v["action"], f.v["at"]))
        g.log.append(("play", f.me, choice.card, COLORS[f.v["fig"]]))
        return None

    @staticmethod
    def allies_start(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        k = f.v["fig"]
        if f.v["pts"] <= 0:
            return END
        if k not in clan.acted:
            clan.acted.append(k)
        f.v["order"] = others(g, f.me)
        f.v["ai"] = 0
        return None

    @staticmethod
    def ally_ask(g: GameState, f: Frame) -> Any:
        action, t = f.v["action"], f.v["at"]
        colors = (ACTION_COLOR[action],)
        order = f.v["order"]
        while f.v["ai"] < len(order):
            if action == "activate" and (
                not ALLIES_PAY_ACTIVATION or f.v["pts"] + f.v["hpts"] >= activation_cost(g)
            ):
                break
            ally = order[f.v["ai"]]
            if near(g, ally, t):
                hand = g.clans[ally].hand
                options: list[Any] = (
                    playable(hand, colors)
                    if ALLY_ADAPTATION_CARDS
                    else [Card(colors[0])]
                    if colors[0] in hand
                    else []
                )
                if options:
                    options += draw3_option(hand)
                    prompt = f"Help clan {f.me}'s {action} with a {colors[0]} card, or pass"
                    return ask(g, ally, options, "assist", prompt, can_pass=True)
            f.v["ai"] += 1
        f.goto(FigurineTurn.effect)
        return None

    @staticmethod
    def ally_played(g: GameState, f: Frame) -> Any:
        choice = g.ret
        ally = f.v["order"][f.v["ai"]]
        f.goto(FigurineTurn.ally_ask)
        if choice is None:
            f.v["ai"] += 1
            return None
        if choice.card == DRAW3:
            return play_draw3(g, ally)
        spend(g, ally, choice.card)
        f.v["helpers"] = (*f.v["helpers"], (ally, choice.card))
        f.v["hpts"] += card_value(choice.card, (ACTION_COLOR[f.v["action"]],))
        g.log.append(("assist", ally, choice.card, f.me))
        return None

    @staticmethod
    def effect(g: GameState, f: Frame) -> Any:
        me = f.me
        k, t, action = f.v["fig"], f.v["at"], f.v["action"]
        color = COLORS[k]
        bonus = 1 if action in BONUS_ACTIONS and ACTION_COLOR[action] == color and f.v["pts"] > 0 else 0
        if bonus:
            g.log.append(("bonus", me, color, action))
        total = f.v["pts"] + bonus + f.v["hpts"]
        if action == "move":
            return call(g, "ancients_move", me, fig=k, steps=total, touched=())
        if action == "attack":
            return call(g, "ancients_attack", me, at=t, n=total)
        if action == "population":
            ops.gain(g, me, total)
            return END
        if action == "development":
            return call(g, "ancients_develop", me, points=total)
        # activate (M36: short of the cost, every card goes back)
        line = f.v["line"]
        if total < activation_cost(g) or not line_met(g, line, t):
            g.log.append(("activation_failed", me, line, t))
            for card in f.v["own"]:
                take_back(g, me, card)
            for ally, card in f.v["helpers"]:
                take_back(g, ally, card)
            return END
        activate(g, me, line, t)
        return END

    @staticmethod
    def done(g: GameState, f: Frame) -> Any:
        return END


class Move:
    """v: fig, steps, touched. One territory per step; a shard may be taken or dropped."""

    @staticmethod
    def step_ask(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        k = f.v["fig"]
        t = clan.figurines[k]
        key = f"{f.me}:{COLORS[k]}"
        if t == OFF or f.v["steps"] <= 0:
            g.carried.pop(key, None)
            return END
        options: list[Any] = [Step(n) for n in g.tables.neighbours[t]]
        carried = g.carried.get(key)
        touched = f.v["touched"]
        if carried is None:
            kinds = sorted({shard_name(g, i) for i in open_shards_at(g, t) if i not in touched})
            options += [Shard(kind) for kind in kinds]
        elif carried not in touched:
            options.append(Shard(None))
        prompt = f"Move your {COLORS[k]} figurine ({f.v['steps']} steps left), take or drop a shard, or stop"
        return ask(g, f.me, options, "step", prompt, can_pass=True)

    @staticmethod
    def stepped(g: GameState, f: Frame) -> Any:
        choice = g.ret
        clan = g.clans[f.me]
        k = f.v["fig"]
        color = COLORS[k]
        key = f"{f.me}:{color}"
        t = clan.figurines[k]
        if choice is None:
            g.carried.pop(key, None)
            return END
        f.goto(Move.step_ask)
        if isinstance(choice, Step):
            clan.figurines[k] = choice.to
            f.v["steps"] -= 1
            f.v["touched"] = ()
            carried = g.carried.get(key)
            if carried is not None:
                g.shard_at[carried] = choice.to
            g.log.append(("move", f.me, color, t, choice.to))
            ops.check_win(g)
            return None
        if choice.take is not None:
            shard = next(i for i in open_shards_at(g, t) if shard_name(g, i) == choice.take)
            g.carried[key] = shard
            g.log.append(("shard_take", f.me, color, choice.take, t))
        else:
            shard = g.carried.pop(key)
            g.log.append(("shard_drop", f.me, color, shard_name(g, shard), t))
        f.v["touched"] = (*f.v["touched"], shard)
        return None


class Attack:
    """v: at, n. Roll n dice; re-roll any for one population each time; spend the successes."""

    @staticmethod
    def roll(g: GameState, f: Frame) -> Any:
        bonus = protection_bonus(g, f.v["at"])  # M71: +2 to each die where a protection acts
        if bonus:
            g.log.append(("protection_bonus", f.me, f.v["at"], bonus))
        dice = tuple(ops.roll(g) + bonus for _ in range(ops.dice_count(g, f.v["n"])))
        f.v.update(dice=dice, marked=(), used=())
        g.log.append(("dice", f.me, f.v["at"], dice))
        return None

    @staticmethod
    def reroll_ask(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        if REROLL_ONLY_IF_PAYABLE and clan.population - 1 < g.data.population.lose_below:
            f.goto(Attack.hit_ask)
            return None
        marked = f.v["marked"]
        options: list[Any] = [Reroll(i) for i in range(len(f.v["dice"])) if i not in marked]
        if marked:
            options.append(Roll())
        options = with_draw3_anytime(g, f.me, options, True)  # M44
        prompt = f"Dice {list(f.v['dice'])}: mark dice to re-roll (then roll, for one population), or pass"
        return ask(g, f.me, options, "reroll", prompt, can_pass=True)

    @staticmethod
    def rerolled(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return None
        f.goto(Attack.reroll_ask)
        if is_draw3(choice):
            return play_draw3(g, f.me)
        if isinstance(choice, Reroll):
            f.v["marked"] = (*f.v["marked"], choice.die)
            return None
        marked = tuple(sorted(f.v["marked"]))
        ops.damage(g, f.me, 1, "reroll")
        dice = list(f.v["dice"])
        bonus = protection_bonus(g, f.v["at"])
        for i in marked:
            dice[i] = ops.roll(g) + bonus
        f.v["dice"] = tuple(dice)
        f.v["marked"] = ()
        g.log.append(("reroll", f.me, marked, f.v["dice"]))
        return None

    @staticmethod
    def hit_ask(g: GameState, f: Frame) -> Any:
        options: list[Any] = list(hit_options(g, f.v["at"], f.v["dice"], f.v["used"]))
        options = with_draw3_anytime(g, f.me, options, True)  # M44
        prompt = f"Dice {list(f.v['dice'])}: choose a target to destroy, or pass"
        return ask(g, f.me, options, "hit", prompt, can_pass=True)

    @staticmethod
    def hit(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return END
        if is_draw3(choice):
            f.goto(Attack.hit_ask)
            return play_draw3(g, f.me)
        t = f.v["at"]
        dice, used = f.v["dice"], f.v["used"]
        free = sorted((dice[i], i) for i in range(len(dice)) if i not in used)
        idx = -1 if choice.target == "tribe" else spirit_here(g, t, choice.target)
        if idx < 0:
            need, at_least = 1, tribe_threshold(g)
        else:
            spirit = g.tables.spirits[g.spirit_on[idx]]
            need, at_least = spirit.dice, spirit.min
        spent = tuple(i for v, i in free if v >= at_least)[:need]  # M39: the smallest that do
        f.v["used"] = (*used, *spent)
        g.log.append(("hit", f.me, choice.target, t, tuple(dice[i] for i in spent)))
        if idx < 0:
            g.tribes[t] -= 1
            g.log.append(("tribe", "destroyed", t))
        else:
            destroy_spirit(g, idx)
        f.goto(Attack.hit_ask)
        return None


def spirit_here(g: GameState, t: int, name: str) -> int:
    cards = g.tables.spirits
    return next(i for i, w in enumerate(g.spirits) if w == t and cards[g.spirit_on[i]].name == name)


def hit_options(g: GameState, t: int, dice: tuple[int, ...], used: tuple[int, ...]) -> list[Hit]:
    """The targets in t that the unused dice can destroy."""
    free = [dice[i] for i in range(len(dice)) if i not in used]
    out = []
    if g.tribes[t] > 0 and any(v >= tribe_threshold(g) for v in free):
        out.append(Hit("tribe"))
    cards = g.tables.spirits
    for i, w in enumerate(g.spirits):
        if w == t:
            spirit = cards[g.spirit_on[i]]
            if sum(1 for v in free if v >= spirit.min) >= spirit.dice and Hit(spirit.name) not in out:
                out.append(Hit(spirit.name))
    return out


class Develop:
    """v: points. Each point moves the degradation marker one box, or takes an adaptation card
    once the marker stands at the last box open to the figurines (M33)."""

    @staticmethod
    def develop(g: GameState, f: Frame) -> Any:
        clan = g.clans[f.me]
        boxes = g.data.degradation_track.boxes
        open_boxes = min(boxes, len(clan.on_field())) if DEVELOPMENT_OPEN_BOXES else boxes
        while f.v["points"] > 0 and clan.degradation < open_boxes:
            clan.degradation += 1
            f.v["points"] -= 1
            g.log.append(("development", f.me, clan.degradation))
        if f.v["points"] <= 0:
            return END
        options: list[Any] = []
        for index in g.market:
            if Adapt(g.tables.adaptation_names[index]) not in options:
                options.append(Adapt(g.tables.adaptation_names[index]))
        if g.adaptation_deck:
            options.append(Adapt("deck"))
        if not options:
            g.log.append(("adapt_none", f.me, f.v["points"]))
            return END
        options = with_draw3_anytime(g, f.me, options, True)  # M44
        prompt = f"Take an adaptation card from the market or the deck ({f.v['points']} to take), or pass"
        return ask(g, f.me, options, "adapt", prompt, can_pass=True)

    @staticmethod
    def adapted(g: GameState, f: Frame) -> Any:
        choice = g.ret
        f.goto(Develop.develop)
        if is_draw3(choice):
            return play_draw3(g, f.me)
        f.v["points"] -= 1
        if choice is None:
            g.log.append(("adapt_declined", f.me))
            return None
        if choice.card == "deck":
            card, source = g.tables.adaptation_names[g.adaptation_deck.pop()], "deck"
        else:
            i = next(i for i, x in enumerate(g.market) if g.tables.adaptation_names[x] == choice.card)
            card, source = g.tables.adaptation_names[g.market.pop(i)], "market"
        g.clans[f.me].hand.append(card)
        g.log.append(("adapt", f.me, card, source))
        return None


class Degrade:
    """The degradation action: the clan's degradation cards, then its allies' (same or
    neighbouring region of one of its figurines); all go to the discard piles."""

    @staticmethod
    def own_ask(g: GameState, f: Frame) -> Any:
        hand = g.clans[f.me].hand
        played = f.v.get("n", 0)
        options: list[Any] = [Card(DEGRADATION)] if DEGRADATION in hand else []
        options += draw3_option(hand)
        if not options:
            f.goto(Degrade.allies_start)
            return None
        prompt = "Play a degradation card, or pass"
        return ask(g, f.me, options, "degradation", prompt, can_pass=played > 0 or not DEGRADATION_FIRST_CARD)

    @staticmethod
    def own_played(g: GameState, f: Frame) -> Any:
        choice = g.ret
        if choice is None:
            return None
        f.goto(Degrade.own_ask)
        if choice.card == DRAW3:
            return play_draw3(g, f.me)
        spend(g, f.me, DEGRADATION)
        f.v["n"] = f.v.get("n", 0) + 1
        g.log.append(("play", f.me, DEGRADATION, DEGRADATION))
        return None

    @staticmethod
    def allies_start(g: GameState, f: Frame) -> Any:
        f.v["order"] = others(g, f.me) if f.v.get("n", 0) > 0 else ()
        f.v["ai"] = 0
        return None

    @staticmethod
    def ally_ask(g: GameState, f: Frame) -> Any:
        order = f.v["order"]
        while f.v["ai"] < len(order):
            ally = order[f.v["ai"]]
            hand = g.clans[ally].hand
            if DEGRADATION in hand and near_region(g, ally, f.me):
                options: list[Any] = [Card(DEGRADATION), *draw3_option(hand)]
                prompt = f"Help clan {f.me} by discarding a degradation card, or pass"
                return ask(g, ally, options, "assist", prompt, can_pass=True)
            f.v["ai"] += 1
        return END

    @staticmethod
    def ally_played(g: GameState, f: Frame) -> Any:
        choice = g.ret
        ally = f.v["order"][f.v["ai"]]
        f.goto(Degrade.ally_ask)
        if choice is None:
            f.v["ai"] += 1
            return None
        if choice.card == DRAW3:
            return play_draw3(g, ally)
        spend(g, ally, DEGRADATION)
        g.log.append(("assist", ally, DEGRADATION, f.me))
        return None


class PlaceToken:
    """v: card, fig. Discard `card` for talent tokens next to figurine `fig` (M65, M66): one
    `Put` decision per token."""

    @staticmethod
    def discard(g: GameState, f: Frame) -> Any:
        color = COLORS[f.v["fig"]]
        card = f.v["card"]
        spend(g, f.me, card)
        g.log.append(("talent_card", f.me, card, color))
        phase = _phase_frame(g)
        if phase is not None:
            phase.v["tokens"] = True  # M67: no degradation action after this in the turn
        f.v["left"] = token_card_value(card, color)

    @staticmethod
    def put_ask(g: GameState, f: Frame) -> Any:
        if f.v["left"] <= 0 or g.talent_reserve[f.me] <= 0:
            return END
        places = token_places(g, f.me, f.v["fig"])
        prompt = f"Put a {talent_name(g, f.me)} token next to your {COLORS[f.v['fig']]} figurine"
        return ask(g, f.me, [Put(t) for t in places], "put", prompt)

    @staticmethod
    def put(g: GameState, f: Frame) -> Any:
        t = g.ret.to
        g.ret = None
        g.talents[t].append(f.me)
        g.talent_reserve[f.me] -= 1
        f.v["left"] -= 1
        g.log.append(("token", f.me, talent_name(g, f.me), t))
        f.goto(PlaceToken.put_ask)


STEPS.add_class("ancients", Ancients)
STEPS.add_class("ancients_token", PlaceToken)
STEPS.add_class("ancients_action", ActionLoop)
STEPS.add_class("ancients_figurine", FigurineTurn)
STEPS.add_class("ancients_move", Move)
STEPS.add_class("ancients_attack", Attack)
STEPS.add_class("ancients_develop", Develop)
STEPS.add_class("ancients_degradation", Degrade)
