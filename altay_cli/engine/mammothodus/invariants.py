"""Conservation and consistency: cards of every clan, tribes, spirits, shards and trail tokens
are where they can be, the population in its range, figurines on real territories, and (with the
advanced talents) every clan's talent tokens in its reserve or on the field. Every bound is the
game's own data set's."""

from __future__ import annotations

from collections import Counter

from .ancients import ONE_PLACE_PER_TERRITORY
from .state import COLORS, OFF, GameState, Phase


def check_invariants(g: GameState) -> list[str]:
    d = g.data
    bad: list[str] = []
    n_terr = g.tables.n
    #: every card a clan can hold at once: its deck, every adaptation and degradation card
    most_cards = sum(d.clan_deck.cards.values()) + len(d.adaptation.cards) + d.degradation.cards
    pop = d.population
    fell = g.phase is Phase.OVER and g.end_reason == "population_below_minimum"
    base = Counter({str(c): k for c, k in d.clan_deck.cards.items()})
    degradation_out = 0
    adaptation_out = 0
    for s, clan in enumerate(g.clans):
        cards = Counter(clan.deck + clan.hand + clan.discard)
        basic = Counter({c: cards.get(c, 0) for c in COLORS})
        if basic != base:
            bad.append(f"clan {s} holds {dict(basic)} basic cards, not {dict(base)}")
        degradation_out += cards.get("degradation", 0)
        adaptation_out += sum(k for c, k in cards.items() if c not in COLORS and c != "degradation")
        for k, where in enumerate(clan.figurines):
            if where != OFF and not 0 <= where < n_terr:
                bad.append(f"clan {s}'s {COLORS[k]} figurine is nowhere ({where})")
        # below the floor only in the step that lost the game for it (M14)
        if clan.population > pop.max or (clan.population < pop.lose_below and not fell):
            bad.append(f"clan {s}'s population {clan.population} is off the track")
        if len(clan.hand) > most_cards:
            bad.append(f"clan {s} holds {len(clan.hand)} cards")
    if degradation_out + g.degradation_supply != d.degradation.cards:
        bad.append(f"{degradation_out} degradation cards out and {g.degradation_supply} in the supply")
    if adaptation_out + len(g.adaptation_deck) + len(g.market) != len(d.adaptation.cards):
        bad.append("adaptation cards are not conserved")
    if len(set(g.adaptation_deck + g.market)) != len(g.adaptation_deck) + len(g.market):
        bad.append("an adaptation card is in two places")
    if sum(g.tribes) > d.limits.tribes or min(g.tribes) < 0:
        bad.append(f"{sum(g.tribes)} tribes on the field")
    if len(g.spirits) != len(g.spirit_on) or len(g.spirits) > d.limits.spirits:
        bad.append("spirits on the field are inconsistent")
    if sorted(g.spirit_on + g.spirit_deck) != list(range(len(d.spirits.cards))):
        bad.append("spirit cards are not conserved")
    if len(g.trail_tokens) + len(g.trails) != len(d.map.trail_positions) + len(d.map.initial_trails):
        bad.append("trail tokens are not conserved")
    human = Counter(g.human_deck + g.human_discard)
    if human != Counter({k: v for k, v in d.human_deck.cards.items()}):
        bad.append("human cards are not conserved")
    if len(g.shard_at) != len(g.shard_type) or any(not -2 <= t < n_terr for t in g.shard_at):
        bad.append("shards lie outside the map")
    if len(g.places) != g.tables.lines:
        bad.append(f"{len(g.places)} portal lines, not one per place of power ({g.tables.lines})")
    for line, t in enumerate(g.places):
        if t == d.map.centre:
            bad.append(f"the place of power of line {line} is in the centre")
        elif not -1 <= t < n_terr:
            bad.append(f"the place of power of line {line} is nowhere ({t})")
    active = [t for t in g.places if t >= 0]
    if ONE_PLACE_PER_TERRITORY and len(set(active)) != len(active):
        bad.append("two places of power share a territory (M37)")
    if not 0 <= g.portal_open <= len(g.portal):
        bad.append("the portal track is inconsistent")
    bad += _talents(g)
    return bad


def _talents(g: GameState) -> list[str]:
    d = g.data
    n_terr = g.tables.n
    if not g.config.talents:
        if g.talents or any(i != -1 for i in g.talent_of) or any(g.talent_reserve) or g.protected:
            return ["talent data in a game without talents"]
        return []
    from .humans import TOKEN_RETURNS_TO_OWNER
    from .machine import TALENTS_DISTINCT

    bad = []
    if len(g.talents) != n_terr:
        return [f"talent tokens kept for {len(g.talents)} territories, not {n_terr}"]
    on_field = Counter(owner for tokens in g.talents for owner in tokens)
    chosen = [i for i in g.talent_of if i >= 0]
    if any(not 0 <= i < len(d.talents.names) for i in chosen):
        bad.append("a clan holds an unknown talent")
    if TALENTS_DISTINCT and len(set(chosen)) != len(chosen) and len(chosen) <= len(d.talents.names):
        bad.append("two clans hold the same talent while another was free")
    for s in range(g.n):
        held = g.talent_reserve[s] + on_field.get(s, 0)
        if g.talent_of[s] < 0:
            if held:
                bad.append(f"clan {s} holds talent tokens without a talent")
        elif held > d.talents.tokens or (TOKEN_RETURNS_TO_OWNER and held != d.talents.tokens):
            bad.append(f"clan {s} holds {held} talent tokens, not {d.talents.tokens}")
        if g.talent_reserve[s] < 0:
            bad.append(f"clan {s}'s talent reserve is negative")
    if any(owner not in range(g.n) for owner in on_field):
        bad.append("a talent token belongs to no clan")
    if any(not 0 <= t < n_terr for t in g.protected) or len(set(g.protected)) != len(g.protected):
        bad.append("protected territories are inconsistent")
    return bad
