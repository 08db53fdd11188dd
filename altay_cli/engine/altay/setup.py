"""Game setup (rulebook 'Setup' steps 1-13), ending either in a decision or in the first turn."""

from __future__ import annotations

from .apply import begin_start_choice
from .config import SETUP_RECOMMENDED, GameConfig
from .data import (
    ACH_OF_LEVEL,
    CONQUEST_MARKERS,
    COPIES_PER_TYPE,
    FACTIONS,
    MOUNTAIN,
    NUM_TERRITORIES,
    OUT_OF_PLAY,
    RECOMMENDED_FACTIONS,
    SETTLEMENTS_PER_PLAYER,
    SHOP_TITLES,
    TERRAIN_OF,
    TITLE_KINDS,
    TOKENS_PER_RESOURCE,
    VP_MARKER_TERRITORIES,
    VP_MARKER_VALUE,
    display_stack,
)
from .observation import Phase
from .state import GameState, PlayerState

TECH_COPIES_PRINTED = 4  # level 1 and 2: four copies of each printed


def new_game(config: GameConfig) -> GameState:
    """Set up a game. Faction and start choices, unless preset, become the first decisions."""
    config.validate()
    g = GameState(config)
    n = g.n
    rng = g.rng
    out = OUT_OF_PLAY[n]
    g.in_play = [t not in out for t in range(NUM_TERRITORIES)]
    g.reserve = [TOKENS_PER_RESOURCE] * 5

    # Action display: 2 copies per type per player, VP copies on top (highest first).
    copies = 2 * n
    for title in SHOP_TITLES:
        g.shop.append(display_stack(title, copies))
        base = TITLE_KINDS[title][0]
        vp_copies = len(TITLE_KINDS[title]) - 1
        g.box_kinds.extend([base] * (COPIES_PER_TYPE - vp_copies - (copies - vp_copies)))

    # Achievement decks: one of each technology per player, all wonders; shuffled separately.
    for level in (1, 2):
        deck = [a for a in ACH_OF_LEVEL[level] for _ in range(n)]
        rng.shuffle(deck)
        g.ach_deck[level] = deck
        g.box_achievements.extend(a for a in ACH_OF_LEVEL[level] for _ in range(TECH_COPIES_PRINTED - n))
    wonders = list(ACH_OF_LEVEL[3])
    rng.shuffle(wonders)
    g.ach_deck[3] = wonders
    for level in (1, 2, 3):
        g.refill_display(level)

    # Conquest markers: value 3 on mountains in play, value 1 or 2 elsewhere in play.
    threes = [i for i, (v, _) in enumerate(CONQUEST_MARKERS) if v == 3]
    lows = [i for i, (v, _) in enumerate(CONQUEST_MARKERS) if v != 3]
    rng.shuffle(threes)
    rng.shuffle(lows)
    for t in range(NUM_TERRITORIES):
        if g.in_play[t]:
            g.marker[t] = threes.pop() if TERRAIN_OF[t] == MOUNTAIN else lows.pop()
    g.box_markers = sorted(threes + lows)
    for t in VP_MARKER_TERRITORIES[n]:
        g.vp_marker[t] = VP_MARKER_VALUE

    g.first = rng.below(n)
    for _ in range(n):
        p = PlayerState()
        p.supply = SETTLEMENTS_PER_PLAYER
        p.secret = g.ach_deck[3].pop()  # secret wonder, dealt face down
        g.players.append(p)

    order = [(g.first + i) % n for i in range(n)]
    if config.factions is not None:
        for seat, name in enumerate(config.factions):
            g.players[seat].faction = FACTIONS.index(name)
    elif config.setup == SETUP_RECOMMENDED:
        for seat in range(n):
            g.players[seat].faction = FACTIONS.index(RECOMMENDED_FACTIONS[seat])
    else:
        g.phase = Phase.FACTION
        g.setup_queue = order
        g.seat = order[0]
        return g
    begin_start_choice(g)
    return g
