"""`why ACTION` in `altay play`: which rule asks the decision now, which rule or card effect the
action named belongs to, and, when it is not legal, the condition that fails, all in words.

    why buy Merchant   ->  `buy Merchant FW` is legal now (number 12 of the list). Asked by your
                           turn (round 3): ... Rule, acquiring action cards: ...
    why attack 6 12    ->  `attack 6 12 Warrior` is not legal now: territory 12 is not adjacent
                           to 6 (adjacent: 0, 7, 14). Asked by ... Rule, combat: ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from .actions import (
    Action,
    Attack,
    Buy,
    ChooseFaction,
    ChooseStart,
    Commerce,
    Develop,
    Engineering,
    Fight,
    Mathematics,
    Philosophy,
    Play,
    Religion,
    Settle,
    Surrender,
    action_from_builtins,
    canonical,
)
from .data import (
    ACH_INDEX,
    ACHIEVEMENT_EFFECTS,
    ACHIEVEMENTS,
    ARCHIVE_CAPACITY,
    COINS_PER_RESOURCE,
    CONQUEST_MARKERS,
    E_ATK,
    E_COLLECT,
    E_DEF,
    E_DRAW,
    E_PRODUCE,
    E_SETTLER_FILL,
    E_SHAMAN,
    E_STORE,
    E_TERRAIN,
    FACTIONS,
    HAND_SIZE,
    KINDS,
    MAX_SETTLEMENTS_PER_TERRITORY,
    SHOP_TITLES,
    STARTING_DECKS,
    TERRAINS,
    TITLE_INDEX,
    TITLES,
    WONDER_VP_CAP,
)
from .explain import explain_illegal
from .feedback import action_from_words, no_match
from .legal import free_farmlands
from .notation import command_text, effect_text, forms, match_command, tokenize, verbs_for
from .observation import Phase

if TYPE_CHECKING:
    from .state import GameState

MAX_SHOWN = 8


def why(g: GameState, text: str) -> str:
    """Why the action `text` names is, or is not, legal now: the rule that asks the decision,
    the rule or card effect of the action, and for an illegal one the condition that fails."""
    legal = g.legal_actions()
    m = match_command(text, legal, [forms(a) for a in legal])
    asked = decision_asked(g)
    if m.unique:
        index = m.indices[0]
        action = legal[index]
        known = f"`{command_text(action)}` is legal now (number {index} of the list)."
        return f"{known} {asked} {rule_of(g, action)}"
    if m.indices:
        shown = ", ".join(f"`{command_text(legal[i])}`" for i in m.indices[:MAX_SHOWN])
        more = f" and {len(m.indices) - MAX_SHOWN} more" if len(m.indices) > MAX_SHOWN else ""
        return (
            f"`{text.strip()}` fits {len(m.indices)} legal actions: {shown}{more}; name one. "
            f"{asked} {rule_of(g, legal[m.indices[0]])}"
        )
    tokens = tokenize(text)
    if not m.verb_known:
        return f"{no_match(text, m, g)}. {asked}"
    named = _named_action(tokens)
    verb = verbs_for(tokens[0])[0]
    same = [command_text(a) for a in legal if command_text(a).split()[0] == verb]
    legal_now = (
        f" Legal {verb} actions now: {', '.join(same[:MAX_SHOWN])}{' ...' if len(same) > MAX_SHOWN else ''}."
        if same
        else f" No {verb} action is legal now."
    )
    if named is None:  # a verb without the words that make it one action
        return f"`{text.strip()}` names no single action.{legal_now} {asked} {RULES[verb]}"
    refused = f"`{command_text(named).strip()}` is not legal now: {explain_illegal(g, named)}."
    return f"{refused}{legal_now} {asked} {rule_of(g, named)}"


def _named_action(tokens: list[str]) -> Action | None:
    guess = action_from_words(tokens)
    if guess is None:
        return None
    try:
        return canonical(action_from_builtins(guess))
    except (msgspec.ValidationError, ValueError):
        return None


# ---------------------------------------------------------------------------- who asks
def _seat(g: GameState, seat: int) -> str:
    faction = g.players[seat].faction
    return f"P{seat}" + (f" {FACTIONS[faction]}" if faction >= 0 else "")


def decision_asked(g: GameState) -> str:
    """The rule that asks the deciding seat for a decision now, in one sentence."""
    if g.phase == Phase.OVER:
        return "The game is over: no decision is asked."
    if g.phase == Phase.FACTION:
        return (
            "Asked by the set-up, choosing factions: clockwise from the first player, each player "
            "takes one of the four factions and its starting deck."
        )
    if g.phase == Phase.START:
        return (
            "Asked by the set-up, start farmlands: in reverse turn order, each player places a first "
            "settlement on a free farmland (territories 0 to 5 in play)."
        )
    if g.phase == Phase.SETTLE:
        n = g.pending_builds
        built = f"{n} settlement{'s' if n != 1 else ''}"
        return (
            f"Asked by building settlements: {_seat(g, g.active)} built {built} "
            "(a Village, Town or City collection completed, or a technology with its settlement, or "
            "Masonry), placed one by one before the turn goes on."
        )
    if g.phase == Phase.DEFEND and g.combat is not None:
        attacker, defender, f, t, strength, cards = g.combat
        return (
            f"Asked by combat: {_seat(g, attacker)} attacks {_seat(g, defender)}'s territory {t} from "
            f"{f} with strength {strength} ({cards} card{'s' if cards != 1 else ''}); the defender "
            "fights with defence cards or surrenders."
        )
    if g.phase == Phase.MAIN:
        return (
            f"Asked by {_seat(g, g.active)}'s turn (round {g.round}): in its main phase you play "
            "cards, attack, place resources, acquire cards and develop achievements, in any order, "
            "until you end the turn."
        )
    return ""


# ---------------------------------------------------------------------------- the rules
#: each action kind's rule, by the verb that types it
RULES = {
    "faction": (
        "Rule, choosing factions: a faction gives its starting deck of 10 cards (Earthfolk, "
        "Elvenfolk, Firefolk, Smallfolk)."
    ),
    "start": (
        "Rule, start farmlands: your first settlement goes on a free farmland in play, in reverse turn order."
    ),
    "settle": (
        "Rule, building settlements: a settlement you build goes on a territory of yours with fewer "
        f"than {MAX_SETTLEMENTS_PER_TERRITORY} settlements, or on a free territory (no settlement, no "
        "conquest marker) next to one of yours."
    ),
    "play": (
        "Rule, playing cards: play a card from your hand (or archive) for one of its effects, "
        "numbered from 0 (`card NAME` lists them)."
    ),
    "attack": (
        "Rule, combat: attack from a territory of yours to an adjacent one with cards bearing attack "
        "icons; strength = your settlements there + the icons (+1 with Leadership). Against a "
        "conquest marker it must exceed the marker's value (ruling NEUTRAL_ATTACK_MUST_EXCEED); "
        "against a player the defender answers; each territory pair once per turn."
    ),
    "place": (
        "Rule, placing resources: move one resource from your pool onto a table card that collects "
        "it (Village, Town, City) or stores it (Lorekeeper, Spellweaver, Merchant), or onto the "
        "achievement you develop; resources on cards cannot be spent."
    ),
    "release": (
        "Rule, store cards: releasing a store card (Lorekeeper, Spellweaver, Merchant) takes every "
        "resource on it back to your pool and discards the card."
    ),
    "buy": (
        "Rule, acquiring action cards: buy the top card of a display stack, paying its cost from "
        "your pool ('*' is one W, M or S), at most one copy of each title per turn."
    ),
    "develop": (
        "Rule, developing achievements: one at a time, started from the display (or your secret "
        "wonder) with one resource its cost needs; each achievement once; no more achievements of a "
        "level than of the level below; a technology carries a settlement from your supply "
        "(ruling TECH_CARRIES_SETTLEMENT)."
    ),
    "abandon": (
        "Rule, abandoning: the technology in development leaves the game, its resources go to the "
        "reserve and its settlement back to your supply; a wonder can never be abandoned."
    ),
    "engineering": f"Technology Engineering: {ACHIEVEMENT_EFFECTS['Engineering']}.",
    "mathematics": f"Technology Mathematics: {ACHIEVEMENT_EFFECTS['Mathematics']}.",
    "commerce": f"Technology Commerce: {ACHIEVEMENT_EFFECTS['Commerce']}.",
    "philosophy": f"Technology Philosophy: {ACHIEVEMENT_EFFECTS['Philosophy']}.",
    "religion": f"Technology Religion: {ACHIEVEMENT_EFFECTS['Religion']}.",
    "trade": (
        "Trading rule (optional): resources left in your pool at the end of your turn become coins; "
        f"{COINS_PER_RESOURCE} coins buy one resource from the reserve."
    ),
    "end": (
        "Rule, end of turn: unspent resources return to the reserve, your hand goes to the discard "
        f"pile and you draw {HAND_SIZE}; with Writing you may first archive one hand card (at most "
        f"{ARCHIVE_CAPACITY} in the archive)."
    ),
    "fight": (
        "Rule, defence: defence = your settlements in the attacked territory + the defence icons "
        "of the cards you play (+1 with Strategy); the higher strength wins and captures one of the "
        "loser's settlements (the attacker's on the territory it attacked from, the defender's on the "
        "attacked one); a tie changes nothing; the defender then draws as many cards as it played."
    ),
    "surrender": (
        "Rule, surrender: you lose the combat without fighting (the attacker captures a settlement "
        "of yours there) and may discard up to as many cards as the attacker played, drawing as many "
        "(ruling SURRENDER_MAX_DISCARD_IS_ATTACK_CARDS)."
    ),
}


def rule_of(g: GameState, a: Action) -> str:
    """The rule or card effect the action belongs to, with what it means in this state."""
    verb = command_text(a).split()[0]
    detail = _detail(g, a)
    return RULES[verb] + (f" {detail}" if detail else "")


def _detail(g: GameState, a: Action) -> str:
    """The specifics of this action: the card, achievement, faction or combat it names."""
    if isinstance(a, Play):
        return _card_effect(g, a)
    if isinstance(a, ChooseFaction) and a.faction in FACTIONS:
        deck = sorted(KINDS[k].name for k in STARTING_DECKS[FACTIONS.index(a.faction)])
        return f"{a.faction}'s deck: {', '.join(deck)}."
    if isinstance(a, (Settle, ChooseStart)):
        targets = g.settle_targets(g.active) if isinstance(a, Settle) else free_farmlands(g)
        return f"Free places now: {', '.join(map(str, targets))}." if targets else ""
    if isinstance(a, Buy):
        t = TITLE_INDEX.get(a.card)
        if t is None or t not in SHOP_TITLES or not g.shop[SHOP_TITLES.index(t)]:
            return ""
        top = KINDS[g.shop[SHOP_TITLES.index(t)][-1]]
        return f"The top {a.card} is {top.name}, costing {top.cost.text() if top.cost else 'nothing'}."
    if isinstance(a, Develop) and a.achievement in ACH_INDEX:
        ach = ACHIEVEMENTS[ACH_INDEX[a.achievement]]
        effect = ACHIEVEMENT_EFFECTS[ach.name]
        if ach.level == 3:
            scores = f"at the end it scores {effect}, at most {WONDER_VP_CAP} VP"
            return f"{ach.name}: wonder, cost {ach.cost.text()}; {scores}."
        return f"{ach.name}: level {ach.level} technology, cost {ach.cost.text()}; {effect}."
    if isinstance(a, Attack) and 0 <= a.to < len(g.marker) and g.marker[a.to] >= 0:
        value, _ = CONQUEST_MARKERS[g.marker[a.to]]
        return f"Territory {a.to} holds a conquest marker of value {value}."
    if isinstance(a, (Fight, Surrender)) and g.combat is not None:
        return f"The attack's strength is {g.combat[4]}, with {g.combat[5]} cards."
    if isinstance(a, (Engineering, Mathematics, Commerce, Philosophy, Religion)):
        return "Once per turn, after completing the technology."
    return ""  # place, release, abandon, trade, end: the rule says it all


def _card_effect(g: GameState, a: Play) -> str:
    """The card effect a `play` uses, and the rule that limits it."""
    t = TITLE_INDEX.get(a.card)
    if t is None:
        return ""
    effects = TITLES[t].effects
    listed = "; ".join(f"{i}: {effect_text(e)}" for i, e in enumerate(effects))
    if not 0 <= a.effect < len(effects):
        return f"Card {a.card}'s effects: {listed}."
    effect = effects[a.effect]
    limit = {
        E_PRODUCE: "it takes from the reserve (nothing when none is left)",
        E_DRAW: "",
        E_ATK: "it is played in an attack, not with `play`",
        E_DEF: "it is played in a defence, not with `play`",
        E_STORE: "the card stays on the table (one card of a title at a time)",
        E_COLLECT: "the card stays on the table until its cost is collected, then builds",
        E_SETTLER_FILL: "it uses a farmland bonus to fill one of your Villages",
        E_SHAMAN: "it consumes one of your captured conquest markers",
    }.get(effect.kind, "")
    if effect.kind == E_TERRAIN:
        terrain = effect.pair()[1]
        unused = g.unused_terrain(g.active, terrain) if g.phase == Phase.MAIN else 0
        limit = (
            f"the terrain bonus: once per turn for each {TERRAINS[terrain]} you occupy "
            f"({unused} of yours unused now; ruling TERRAIN_BONUS_PER_TERRITORY)"
        )
    used = f"Card effect, {a.card} effect {a.effect}: {effect_text(effect)}"
    return used + (f"; {limit}." if limit else ".")
