"""Static game data: resources, cards, achievements, the board, and the rulings.

Everything here is immutable and indexed by small integers so the engine's inner loop works
on lists of ints. Names are the stable strings used in the JSON form of actions and
observations. Sources: the English rulebook and the project's fact sheet; every ruling on a
point the rulebook leaves open is a named constant in the "Rulings" section at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, NamedTuple

if TYPE_CHECKING:
    from .observation import AchievementLevel, Faction, Terrain

# --------------------------------------------------------------------------- resources
F, W, M, S, C = 0, 1, 2, 3, 4
RESOURCES: Final = ("F", "W", "M", "S", "C")
RESOURCE_NAMES: Final = ("food", "wood", "metal", "stone", "culture")
RES_INDEX: Final = {r: i for i, r in enumerate(RESOURCES)}
TOKENS_PER_RESOURCE: Final = 16
SETTLEMENTS_PER_PLAYER: Final = 15
HAND_SIZE: Final = 5
COINS_PER_RESOURCE: Final = 5  # trading variant: 5 coins buy one resource of your choice


class Cost(NamedTuple):
    """A resource requirement: exact counts per resource plus `wms` wild wood/metal/stone."""

    exact: tuple[int, int, int, int, int]
    wms: int = 0

    @property
    def total(self) -> int:
        return sum(self.exact) + self.wms

    def text(self) -> str:
        parts = "".join(RESOURCES[r] * n for r, n in enumerate(self.exact))
        return parts + "*" * self.wms  # '*' marks a wood-or-metal-or-stone slot


def cost(text: str) -> Cost:
    """Parse 'FFW*' (a '*' is one wild wood/metal/stone) into a Cost."""
    exact = [0] * 5
    wms = 0
    for ch in text:
        if ch == "*":
            wms += 1
        else:
            exact[RES_INDEX[ch]] += 1
    return Cost((exact[0], exact[1], exact[2], exact[3], exact[4]), wms)


# --------------------------------------------------------------------------- terrain / board
FARMLAND, FOREST, HILL, MOUNTAIN = 0, 1, 2, 3
TERRAINS: Final[tuple[Terrain, ...]] = ("farmland", "forest", "hill", "mountain")
NUM_TERRITORIES: Final = 23
TERRAIN_OF: Final = tuple(
    FARMLAND if t <= 5 else FOREST if t <= 11 else HILL if t <= 17 else MOUNTAIN
    for t in range(NUM_TERRITORIES)
)
ADJACENCY: Final[tuple[tuple[int, ...], ...]] = (
    (6, 12, 13),  # 0
    (7, 13, 20),  # 1
    (7, 8, 14),  # 2
    (9, 16, 18),  # 3
    (9, 15, 16, 22),  # 4
    (11, 17, 21),  # 5
    (0, 12, 13, 18),  # 6
    (1, 2, 13, 14, 20),  # 7
    (2, 14, 21),  # 8
    (3, 4, 15, 16, 18),  # 9
    (17, 21),  # 10
    (5, 17, 22),  # 11
    (0, 6, 18),  # 12
    (0, 1, 6, 7, 19),  # 13
    (2, 7, 8),  # 14
    (4, 9, 18, 19),  # 15
    (3, 4, 9, 22),  # 16
    (5, 10, 11, 21, 22),  # 17
    (3, 6, 9, 12, 15),  # 18
    (13, 15),  # 19
    (1, 7),  # 20
    (5, 8, 10, 17),  # 21
    (4, 11, 16, 17),  # 22
)
OUT_OF_PLAY: Final = {
    2: frozenset({0, 3, 6, 9, 12, 15, 18, 19}),
    3: frozenset({2, 8, 10, 14, 21}),
    4: frozenset(),
}
MAX_SETTLEMENTS_PER_TERRITORY: Final = 4

# Conquest markers: (value, resource or -1). 12 of value 1, 12 of value 2, 9 of value 3.
CONQUEST_MARKERS: Final[tuple[tuple[int, int], ...]] = (
    *((1, -1) for _ in range(12)),
    *((2, r) for r in (F, W, M, S) for _ in range(3)),
    *((3, r) for r in (W, M, S) for _ in range(3)),
)
NUM_MARKERS: Final = len(CONQUEST_MARKERS)

# --------------------------------------------------------------------------- action cards
# Effect kinds of a card's alternatives (one is chosen per play).
E_PRODUCE = "produce"  # arg: resource
E_TERRAIN = "terrain"  # arg: (resource, terrain): use a territory of that type for 2
E_DRAW = "draw"
E_ATK = "atk"  # arg: icons
E_DEF = "def"  # arg: icons
E_STORE = "store"  # arg: (capacity, resource or -1 for any)
E_COLLECT = "collect"  # arg: (Cost, settlements built)
E_SETTLER_FILL = "settler_fill"
E_SHAMAN = "shaman"  # consume a captured conquest marker: produce a resource of your choice


class Effect(NamedTuple):
    kind: str
    arg: int | tuple[int, int] | tuple[Cost, int] | None = None

    def number(self) -> int:
        """The resource of E_PRODUCE, the icons of E_ATK and E_DEF."""
        if not isinstance(self.arg, int):
            raise TypeError(f"{self.kind} has no number")
        return self.arg

    def pair(self) -> tuple[int, int]:
        """(resource, terrain) of E_TERRAIN, (capacity, resource or -1) of E_STORE."""
        arg = self.arg
        if not isinstance(arg, tuple) or isinstance(arg[0], Cost):
            raise TypeError(f"{self.kind} has no pair of numbers")
        return arg[0], arg[1]

    def collect(self) -> tuple[Cost, int]:
        """(Cost, settlements built) of E_COLLECT."""
        arg = self.arg
        if not isinstance(arg, tuple) or not isinstance(arg[0], Cost):
            raise TypeError(f"{self.kind} collects nothing")
        return arg[0], arg[1]


class Title(NamedTuple):
    """One card title (the unit of 'one per type' rules). Copies with VP are separate kinds."""

    name: str
    effects: tuple[Effect, ...]
    starting: bool  # part of a faction's starting deck (no cost, no VP)


def _p(r: int) -> Effect:
    return Effect(E_PRODUCE, r)


TITLES: Final[tuple[Title, ...]] = (
    Title("Hunter", (_p(F),), True),
    Title("Warrior", (Effect(E_ATK, 1), Effect(E_DEF, 1)), True),
    Title("Digger", (_p(M), _p(S)), True),
    Title("Craftsman (wood)", (_p(W),), True),
    Title("Craftsman (stone)", (_p(S),), True),
    Title("Settler", (_p(F), Effect(E_SETTLER_FILL)), True),
    Title("Lorekeeper", (_p(C), Effect(E_STORE, (1, C))), True),
    Title("Spellweaver", (_p(C), Effect(E_STORE, (1, -1))), True),
    Title("Shaman", (_p(C), Effect(E_SHAMAN)), True),
    Title("Village", (Effect(E_COLLECT, (cost("FF"), 1)),), True),
    Title("Farmer", (_p(F), Effect(E_TERRAIN, (F, FARMLAND))), False),
    Title("Woodcutter", (_p(W), Effect(E_TERRAIN, (W, FOREST))), False),
    Title("Miner", (_p(M), Effect(E_TERRAIN, (M, HILL))), False),
    Title("Stonecutter", (_p(S), Effect(E_TERRAIN, (S, MOUNTAIN))), False),
    Title("Scholar", (_p(C), Effect(E_DRAW)), False),
    Title("Merchant", (Effect(E_STORE, (2, -1)),), False),
    Title("Cavalry", (Effect(E_ATK, 2), Effect(E_DEF, 2)), False),
    Title("Town", (Effect(E_COLLECT, (cost("W"), 1)),), False),
    Title("Worker", (_p(W), _p(M), _p(S)), False),
    Title("Chariot", (Effect(E_ATK, 3), Effect(E_DEF, 3)), False),
    Title("City", (Effect(E_COLLECT, (cost("FW"), 2)),), False),
)
TITLE_INDEX: Final = {t.name: i for i, t in enumerate(TITLES)}
NUM_TITLES: Final = len(TITLES)


class Kind(NamedTuple):
    """A physical card kind: a title and its printed VP (VP copies cost +C per VP)."""

    name: str
    title: int
    vp: int
    cost: Cost | None  # None for starting cards


# The 11 purchasable types with base cost and the VP values of their VP copies.
ACTION_TYPES: Final[tuple[tuple[str, str, tuple[int, ...]], ...]] = (
    ("Farmer", "F", ()),
    ("Woodcutter", "F", ()),
    ("Miner", "F", ()),
    ("Stonecutter", "F", ()),
    ("Scholar", "FF", ()),
    ("Merchant", "FF*", (1,)),
    ("Cavalry", "FM", (1,)),
    ("Town", "FW", (1,)),
    ("Worker", "F**", (1,)),
    ("Chariot", "MM", (2, 1)),
    ("City", "WW", (2, 1)),
)
COPIES_PER_TYPE: Final = 8


def _kinds() -> tuple[Kind, ...]:
    kinds = [Kind(t.name, i, 0, None) for i, t in enumerate(TITLES) if t.starting]
    for name, base, vps in ACTION_TYPES:
        ti = TITLE_INDEX[name]
        kinds.append(Kind(name, ti, 0, cost(base)))
        for vp in sorted(vps):
            kinds.append(Kind(f"{name} ({vp} VP)", ti, vp, cost(base + "C" * vp)))
    return tuple(kinds)


KINDS: Final = _kinds()
KIND_INDEX: Final = {k.name: i for i, k in enumerate(KINDS)}
KIND_TITLE: Final = tuple(k.title for k in KINDS)
KIND_VP: Final = tuple(k.vp for k in KINDS)
KIND_STARTING: Final = tuple(k.cost is None for k in KINDS)
# Kinds of each title, lowest VP first (the engine plays/discards the lowest-VP copy of a title).
TITLE_KINDS: Final = tuple(
    tuple(sorted((i for i, k in enumerate(KINDS) if k.title == t), key=lambda i: KINDS[i].vp))
    for t in range(NUM_TITLES)
)
# Display stacks, one per purchasable type: (title, kinds bottom->top for a given copy count).
SHOP_TITLES: Final = tuple(TITLE_INDEX[name] for name, _, _ in ACTION_TYPES)


def display_stack(title: int, copies: int) -> list[int]:
    """Kinds of a display stack, bottom first; VP copies lie on top, highest VP last (top)."""
    kinds = TITLE_KINDS[title]
    vp_kinds = [k for k in kinds if KIND_VP[k] > 0]  # ascending VP
    base = next(k for k in kinds if KIND_VP[k] == 0)
    return [base] * (copies - len(vp_kinds)) + vp_kinds


# Combat icons per title (0 when none).
ATK_OF: Final = tuple(next((e.number() for e in t.effects if e.kind == E_ATK), 0) for t in TITLES)
DEF_OF: Final = tuple(next((e.number() for e in t.effects if e.kind == E_DEF), 0) for t in TITLES)
COMBAT_TITLES: Final = tuple(i for i in range(NUM_TITLES) if ATK_OF[i])

# Play-on-the-table cards.
STORE_OF: Final = tuple(next((e.pair() for e in t.effects if e.kind == E_STORE), None) for t in TITLES)
COLLECT_OF: Final = tuple(next((e.collect() for e in t.effects if e.kind == E_COLLECT), None) for t in TITLES)

# --------------------------------------------------------------------------- factions
FACTIONS: Final[tuple[Faction, ...]] = ("Earthfolk", "Elvenfolk", "Firefolk", "Smallfolk")
_DECKS = {
    "Earthfolk": {"Settler": 1, "Digger": 1, "Hunter": 3, "Village": 2, "Warrior": 3},
    "Elvenfolk": {"Hunter": 5, "Lorekeeper": 2, "Village": 1, "Warrior": 2},
    "Firefolk": {"Hunter": 3, "Shaman": 1, "Village": 2, "Warrior": 4},
    "Smallfolk": {
        "Craftsman (wood)": 1,
        "Craftsman (stone)": 1,
        "Hunter": 4,
        "Spellweaver": 1,
        "Village": 1,
        "Warrior": 2,
    },
}
STARTING_DECKS: Final = tuple(
    tuple(KIND_INDEX[name] for name, n in sorted(_DECKS[f].items()) for _ in range(n)) for f in FACTIONS
)

# --------------------------------------------------------------------------- achievements
Timing = Literal["once_per_turn", "continuous", "end_of_turn", "instant"]
TECH_ONCE_PER_TURN: Final = "once_per_turn"
TECH_CONTINUOUS: Final = "continuous"
TECH_END_OF_TURN: Final = "end_of_turn"
TECH_INSTANT: Final = "instant"


class Achievement(NamedTuple):
    name: str
    level: AchievementLevel
    cost: Cost
    timing: Timing | None  # technologies only


ACHIEVEMENTS: Final[tuple[Achievement, ...]] = (
    Achievement("Engineering", 1, cost("WWSS"), TECH_ONCE_PER_TURN),
    Achievement("Masonry", 1, cost("FFSS"), TECH_INSTANT),
    Achievement("Mathematics", 1, cost("MMSS"), TECH_ONCE_PER_TURN),
    Achievement("Strategy", 1, cost("FFMM"), TECH_CONTINUOUS),
    Achievement("Writing", 1, cost("FFWW"), TECH_END_OF_TURN),
    Achievement("Commerce", 2, cost("FWMSC"), TECH_ONCE_PER_TURN),
    Achievement("Politics", 2, cost("MSSCC"), TECH_END_OF_TURN),
    Achievement("Leadership", 2, cost("MMSCC"), TECH_CONTINUOUS),
    Achievement("Philosophy", 2, cost("CCC"), TECH_ONCE_PER_TURN),
    Achievement("Religion", 2, cost("FFSCC"), TECH_ONCE_PER_TURN),
    Achievement("Academy", 3, cost("SSSSCC"), None),
    Achievement("Amphitheater", 3, cost("FWMSCC"), None),
    Achievement("Aqueduct", 3, cost("WMSCCC"), None),
    Achievement("Ark", 3, cost("WWWMMC"), None),
    Achievement("Colossus", 3, cost("CCCC"), None),
    Achievement("Great Wall", 3, cost("MMSSSC"), None),
    Achievement("Roads", 3, cost("WWWSCC"), None),
    Achievement("Mausoleum", 3, cost("***CCC"), None),
    Achievement("Siege Engine", 3, cost("MMMSCC"), None),
    Achievement("Triumphal Arch", 3, cost("MMMSSC"), None),
)
ACH_INDEX: Final = {a.name: i for i, a in enumerate(ACHIEVEMENTS)}
NUM_ACHIEVEMENTS: Final = len(ACHIEVEMENTS)
ACH_LEVEL: Final = tuple(a.level for a in ACHIEVEMENTS)
ACH_OF_LEVEL: Final = {
    lvl: tuple(i for i, a in enumerate(ACHIEVEMENTS) if a.level == lvl) for lvl in (1, 2, 3)
}
(
    ENGINEERING,
    MASONRY,
    MATHEMATICS,
    STRATEGY,
    WRITING,
    COMMERCE,
    POLITICS,
    LEADERSHIP,
    PHILOSOPHY,
    RELIGION,
    ACADEMY,
    AMPHITHEATER,
    AQUEDUCT,
    ARK,
    COLOSSUS,
    GREAT_WALL,
    ROADS,
    MAUSOLEUM,
    SIEGE_ENGINE,
    TRIUMPHAL_ARCH,
) = range(NUM_ACHIEVEMENTS)
#: What each achievement does (technologies) or scores (wonders), in this project's words; the
#: engine implements each in apply.py / legal.py / scoring.py, and bots and people read it here.
ACHIEVEMENT_EFFECTS: Final = {
    "Engineering": "once per turn: trash one card from your hand (or archive), then draw 1",
    "Masonry": "when completed: place one more settlement, besides the technology's own",
    "Mathematics": "once per turn: discard one card from your hand (or archive), then draw 1",
    "Strategy": "whenever you defend: +1 defence",
    "Writing": "at the end of your turn: archive one hand card (one at a time); from your next "
    "turn on it is used as if in your hand",
    "Commerce": "once per turn: spend one resource from your pool, produce one of your choice",
    "Politics": "at the end of your turn: draw one extra card",
    "Leadership": "whenever you attack: +1 attack",
    "Philosophy": "once per turn: produce one C",
    "Religion": "once per turn: move one of your settlements to an adjacent territory with no "
    "conquest marker and no opponent's settlement",
    "Academy": "1 VP per technology you completed",
    "Amphitheater": "1 VP per 4 action cards you own",
    "Aqueduct": "1 VP per territory where you have 2 or more settlements",
    "Ark": "1 VP per territory where you have exactly 1 settlement",
    "Colossus": "1 VP per action card with VP that you own",
    "Great Wall": "1 VP per territory of yours next to an opponent's territory",
    "Roads": "1 VP per territory you occupy of one terrain type (the best one)",
    "Mausoleum": "1 VP per 2 starting cards you still own",
    "Siege Engine": "1 VP per opponent's settlement you captured",
    "Triumphal Arch": "1 VP, plus 1 per 2 conquest markers you captured",
}
#: The scoring categories (scoring.py), in the order ties are broken, with what each counts.
SCORING_RULES: Final = (
    ("technologies", "1 VP per completed technology (levels 1 and 2)"),
    (
        "wonders",
        "each completed wonder's VP, capped at WONDER_VP_CAP, plus SECRET_WONDER_BONUS for "
        "your own secret wonder",
    ),
    (
        "action_cards",
        "the VP printed on the action cards you own (draw pile, hand, discard, table, "
        "archive; trashed cards are gone)",
    ),
    ("territories", "1 VP per territory you occupy, plus its VP marker"),
    ("captured_settlements", "1 VP per opponent's settlement you captured"),
    ("conquest_markers", "1 VP per 3 points of conquest-marker value you captured"),
)
ACH_DISPLAY_SIZE: Final = 3  # different achievements visible per level
TECH_VP: Final = 1

# --------------------------------------------------------------------------- rulings
# Each ruling (a point the rulebook leaves open) is one named
# constant here, so it can be changed in one place.

#: VP markers (value 1 each) by player count.
VP_MARKER_TERRITORIES: Final = {4: (18, 19, 21), 3: (18, 19, 20), 2: (20, 21, 22)}
VP_MARKER_VALUE: Final = 1
#: Recommended starting farmlands, given in turn order from the first player.
RECOMMENDED_FARMLANDS: Final = {4: (0, 2, 3, 5), 3: (1, 3, 5), 2: (1, 4)}
#: Recommended setup factions when none are given: seat order.
RECOMMENDED_FACTIONS: Final = FACTIONS
#: A technology taken from the display carries one supply settlement; wonders carry none.
TECH_CARRIES_SETTLEMENT: Final = True
#: "Each territory can only be used once in a turn": terrain bonuses are counted per territory.
#: Which of your unused territories of that type a bonus used is decided when it first matters,
#: in your favour: when you lose or leave a territory of that type during your turn, a bonus is
#: taken to have used it (so an unused territory never loses its bonus to a lost one).
TERRAIN_BONUS_PER_TERRITORY: Final = True
#: Roads: the engine scores the terrain type that gives the most points.
ROADS_PICKS_BEST_TERRAIN: Final = True
#: Attacks on a conquest marker must exceed its value; attacks that cannot succeed are not offered.
NEUTRAL_ATTACK_MUST_EXCEED: Final = True
#: Surrender: discard up to as many cards as the attacker played, then draw as many.
SURRENDER_MAX_DISCARD_IS_ATTACK_CARDS: Final = True
#: Archived cards are "as if in your hand" from the next turn on, in every way a hand card is:
#: played, attacking, defending (fight and surrender), Engineering and Mathematics included.
#: A title in both places is taken from the hand first (keeping the archived copy is never worse).
ARCHIVE_USABLE_ON_DEFENCE: Final = True
ARCHIVE_AS_HAND: Final = True
#: Writing archives one card at a time: the archive holds at most this many cards.
ARCHIVE_CAPACITY: Final = 1
#: A wonder's VP is capped per wonder; completing your secret wonder adds a bonus on top.
WONDER_VP_CAP: Final = 7
SECRET_WONDER_BONUS: Final = 3
#: Default round limit (adjudication for games that would never end).
DEFAULT_MAX_ROUNDS: Final = 60
