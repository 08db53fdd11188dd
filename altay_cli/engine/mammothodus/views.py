"""Terminal views of a Mammothodus observation, in words: the map region by region (what stands
where, and each territory's neighbours), the clans, the portal track with what each line asks,
and the decision being asked with what is in progress (the figurine in motion, the dice...).

Everything is said from the observation alone, so a view shows exactly what its seat may know
(a player leading several clans sees their hands too: `Observation.team_hands`), named with the
game's own data set (`tables`: its regions, centre, clans and limits)."""

from __future__ import annotations

from .narration import DISCOVERY_WORDS, card_words, cards_words, listing, number_words, talent_words
from .observation import ClanView, Observation, TerritoryView
from .tables import Tables

VIEWS = {
    "full": "the map with each territory's neighbours, every clan, the portal track and the supplies",
    "compact": "the map's occupied territories, the clans and the decision",
    "map": "every territory, region by region: colour, neighbours, tribes, spirits, Ancients, shards, trails",
    "clans": "every clan: population, figurines, degradation marker, cards",
    "portal": "the portal track: what each line's place of power needs, and where it is possible",
    "decision": "what is being asked now, and what is in progress",
}
REGION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
PURPOSE_WORDS = {
    "start": "the {start} that start in the centre",
    "talent": "your clan's talent",
    "action": "this turn's action",
    "extra": "whether to discard an extra-action card for one more action",
    "figurine": "the next figurine to act",
    "card": "a card to play on the figurine",
    "assist": "whether to help with a card",
    "line": "the portal line whose place of power to activate",
    "step": "the moving figurine's next step, or a shard to pick up or put down",
    "reroll": "the dice to roll again",
    "hit": "what the dice destroy",
    "adapt": "an adaptation card",
    "degradation": "a degradation card to play",
    "discard": "a card to discard before drawing",
    "place": "where a figurine comes onto the field",
    "remove": "a figurine to take off the field",
    "swap": "two figurines to swap",
    "direct": "where the humans go",
    "put": "where the talent token goes",
    "use": "whether to use a talent token",
}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def starting_figurines(tables: Tables) -> str:
    """ "two figurines": how many of its figurines each clan starts with in the centre."""
    k = tables.data.limits.figurines_at_start
    return f"{number_words(k)} figurine{'s' if k != 1 else ''}"


def purpose_words(purpose: str, tables: Tables) -> str:
    """What a decision kind asks for, in words."""
    return PURPOSE_WORDS.get(purpose, purpose).format(start=starting_figurines(tables))


def region_name(region: str | None) -> str:
    """A region as people say it: the stand-in's letters in full ("North"), any other name as
    the data gives it."""
    return "the centre" if region is None else REGION_NAMES.get(region, region)


def _figures(t: TerritoryView, tables: Tables) -> str:
    names = tables.clan_names
    by_clan: dict[int, list[str]] = {}
    for a in t.ancients:
        by_clan.setdefault(a.clan, []).append(a.color + (f" carrying {a.carries}" if a.carries else ""))
    return "; ".join(f"{names[c]} {listing(cs)}" for c, cs in by_clan.items())


def territory_line(t: TerritoryView, tables: Tables, detail: bool = True) -> str:
    """One territory: name, colour and, in detail, its neighbours; then what stands there."""
    where = tables.where
    name = where(t.id)
    colour = t.color or "no colour"
    parts = []
    if t.tribes:
        parts.append(f"{t.tribes} tribe{'s' if t.tribes != 1 else ''}")
    if t.spirits:
        parts.append(f"spirit{'s' if len(t.spirits) != 1 else ''} {listing(t.spirits)}")
    if t.ancients:
        parts.append(f"Ancients: {_figures(t, tables)}")
    if t.open_shards:
        parts.append(f"face-up shard{'s' if len(t.open_shards) != 1 else ''} {listing(t.open_shards)}")
    if t.closed_shards and detail:
        parts.append(f"{t.closed_shards} face-down shard" + ("s" if t.closed_shards > 1 else ""))
    if t.trail:
        parts.append("human trail")
    if t.place is not None:
        parts.append(f"PLACE OF POWER of line {t.place} (active; tribes here summon spirits)")
    if t.talents:
        names = tables.clan_names
        parts.append(
            "talent tokens " + listing([f"{names[k.clan]} {talent_words(k.talent)}" for k in t.talents])
        )
    if t.protected:
        parts.append("protected this turn")
    head = f"  {name + ' (' + colour + ')':<23}"
    if detail:
        head += " next to " + ", ".join(where(n) for n in tables.neighbours[t.id]) + "."
        return head + (" " + "; ".join(parts) if parts else "")
    return f"{head} {'; '.join(parts) if parts else 'nothing'}"


def region_heading(region: str) -> str:
    """A region's heading in the map view: "North (region N):", "Region Tundra:"."""
    full = region_name(region)
    return f"{full} (region {region}):" if full != region else f"Region {region}:"


def map_lines(obs: Observation, tables: Tables, only_busy: bool = False) -> list[str]:
    """Every territory, the centre first, then region by region in the data's order (a
    territory of no region but the centre's, if a map has one, with the centre)."""
    lines = []
    by_region: dict[str | None, list[TerritoryView]] = {}
    for t in obs.territories:
        by_region.setdefault(t.region, []).append(t)
    for region in (None, *tables.data.map.regions):
        ts = sorted(by_region.get(region, []), key=lambda t: (t.id != tables.centre, t.id))
        shown = [t for t in ts if not only_busy or t.tribes or t.spirits or t.ancients or t.place is not None]
        if not shown:
            continue
        if region is not None:
            lines.append(f" {region_heading(region)}")
        lines += [territory_line(t, tables, detail=not only_busy) for t in shown]
    return lines


def _figurine_places(c: ClanView, tables: Tables) -> str:
    at: dict[str, list[str]] = {}
    for colour, t in c.figurines.items():
        at.setdefault("off the field" if t is None else f"in {tables.where(t)}", []).append(colour)
    return "; ".join(f"{listing(cs)} {place}" for place, cs in at.items())


def clan_line(c: ClanView, obs: Observation, tables: Tables) -> str:
    you = " (you)" if c.seat == obs.seat else ""
    hand = c.hand
    team = {h.clan: h.hand for h in obs.team_hands or []}
    if hand is None and c.seat in team:
        hand, you = team[c.seat], " (yours too)"
    shown = f"{cards_words(hand)} ({len(hand)})" if hand is not None else f"{c.hand_size} cards"
    acted = f"; acted in this action: {listing(c.acted)}" if c.acted else ""
    talent = ""
    if c.talent is not None:
        talent = f"; talent {talent_words(c.talent)} ({c.talent_tokens} tokens in reserve)"
    elif c.talent_tokens is not None:
        talent = "; no talent yet"
    return (
        f"  P{c.seat} {c.name}{you}: population {c.population} (supports {c.figurines_supported}"
        f" figurine{'s' if c.figurines_supported != 1 else ''} at the next generation change);"
        f" figurines {_figurine_places(c, tables)}; degradation marker {c.degradation};"
        f" hand {shown}; deck {c.deck_size}, discard {len(c.discard)}{acted}{talent}"
    )


def _line_needs(obs: Observation, line: int) -> tuple[list[str], set[str], set[str]]:
    shards: list[str] = []
    regions: set[str] = set()
    colours: set[str] = set()
    for f in obs.portal_open:
        c = f.lines[line]
        if c.shard is not None:
            shards.append(c.shard)
        if c.region is not None:
            regions.add(c.region)
        if c.color is not None:
            colours.add(c.color)
    return sorted(shards), regions, colours


def portal_lines(obs: Observation, tables: Tables) -> list[str]:
    """Each portal line: what its place of power needs, where it could go, whether it is active."""
    where = tables.where
    lines = [
        "  Each line's place of power is activated in a territory that meets every condition of the",
        "  line on the open fragments: those shards face up there, its region, its colour. It costs",
        "  blue cards or cards of the territory's colour: one more than the places already active.",
    ]
    active = sum(1 for p in obs.places if p is not None)
    for line in range(len(obs.places)):
        place = obs.places[line]
        if place is not None:
            lines.append(f"  line {line}: ACTIVE in {where(place)}")
            continue
        shards, regions, colours = _line_needs(obs, line)
        needs = []
        if shards:
            needs.append("shards " + " + ".join(shards))
        needs += [f"region {region_name(r)}" for r in sorted(regions)]
        needs += [f"colour {c}" for c in sorted(colours)]
        fits = [
            t
            for t in obs.territories
            if t.region is not None
            and all(t.region == r for r in regions)
            and all(t.color == c for c in colours)
            and t.id not in obs.places
        ]
        if len(regions) > 1 or len(colours) > 1 or not fits:
            where_text = "no territory meets them all"
        else:
            ready = [t for t in fits if all(t.open_shards.count(s) >= shards.count(s) for s in set(shards))]
            where_text = "possible in " + ", ".join(f"T{t.id}" for t in fits)
            if ready:
                where_text += "; shards in place now in " + ", ".join(f"T{t.id}" for t in ready)
        lines.append(f"  line {line}: needs {listing(needs) or 'nothing'}; {where_text}")
    lines.append(
        f"  activating now costs {active + 1} card{'s' if active else ''};"
        f" closed fragments {obs.portal_closed}"
        " (each reshuffle of the human deck turns one face up, adding a condition to every line)"
    )
    return lines


def headline(obs: Observation, tables: Tables) -> str:
    d = tables.data
    if obs.result is not None:
        from .game import END_REASONS

        outcome = "win" if obs.result.result == "won" else "lose"
        return f"Game over: the Ancients {outcome}: {END_REASONS.get(obs.result.reason, obs.result.reason)}"
    if obs.phase == "setup":
        talents = any(c.talent_tokens is not None for c in obs.clans)
        return f"Set-up: each clan chooses the {starting_figurines(tables)} that start in the centre" + (
            ", then its talent" if talents else ""
        )
    active = tables.clan_names[obs.active]
    places = sum(1 for p in obs.places if p is not None)
    tribes = sum(t.tribes for t in obs.territories)
    spirits = sum(len(t.spirits) for t in obs.territories)
    lim = d.limits
    return (
        f"Turn {obs.turn}: P{obs.active} {active}. Places of power {places} of {len(obs.places)};"
        f" tribes {tribes} (the team loses at {lim.tribes + 1}); spirits {spirits} (loses at"
        f" {lim.spirits + 1}); trail tokens left {obs.trail_tokens}; degradation cards left"
        f" {obs.degradation_supply}"
    )


def _whose(clan: int, obs: Observation, tables: Tables) -> str:
    if clan == obs.seat:
        return "your"
    name = tables.clan_names[clan]
    return f"the {name}'" if name.endswith("s") else f"the {name}'s"


def progress_lines(obs: Observation, tables: Tables) -> list[str]:
    """What is in progress, from the observation's named fields."""
    where = tables.where
    out = []
    if obs.humans is not None:
        card = "a New Trail card" if obs.humans.card == "new_trail" else f"the {obs.humans.card} card"
        moved = "a tribe has moved" if obs.humans.tribe_moved else "no tribe has moved yet"
        out.append(f"    human phase: {card}; {moved}")
    if obs.actions_taken:
        done = [
            f"{ORDINALS[i] if i < len(ORDINALS) else str(i + 1)} {a}" for i, a in enumerate(obs.actions_taken)
        ]
        out.append(f"    actions this turn: {listing(done)}")
    p = obs.playing
    if p is not None:
        cards = cards_words(p.cards)
        allies = ""
        if p.allies:
            names = tables.clan_names
            allies = "; allies " + listing([f"{names[a.clan]} {card_words(a.card)}" for a in p.allies])
            allies += f" ({p.ally_points} point{'s' if p.ally_points != 1 else ''})"
        bonus = "; its bonus adds 1" if p.bonus else ""
        line = f"; portal line {p.line}, cost {p.cost}" if p.line is not None else ""
        out.append(
            f"    {p.action}: {_whose(p.clan, obs, tables)} {p.figurine} figurine in {where(p.territory)};"
            f" cards {cards} ({p.points} point{'s' if p.points != 1 else ''}){allies}{bonus}{line}"
        )
    m = obs.moving
    if m is not None:
        carrying = f", carrying a {m.carries} shard" if m.carries else ""
        handled = f"; already picked up or put down here: {listing(m.handled_here)}" if m.handled_here else ""
        out.append(
            f"    moving: {_whose(m.clan, obs, tables)} {m.figurine} figurine, now in {where(m.territory)},"
            f" {m.steps_left} step{'s' if m.steps_left != 1 else ''} left{carrying}{handled}"
        )
    a = obs.attack
    if a is not None:
        dice = ", ".join(
            f"die {i}: {x}" + (" (marked)" if i in a.marked else " (spent)" if i in a.used else "")
            for i, x in enumerate(a.dice)
        )
        out.append(f"    attack in {where(a.territory)}: {dice}; a tribe falls to a {a.tribe_min} or more")
    if obs.adaptation_points is not None:
        out.append(f"    development: {obs.adaptation_points} point(s) left for adaptation cards")
    gen = obs.generation
    if gen is not None:
        draw = (
            f"; then {gen.then_draw} card{'s' if gen.then_draw != 1 else ''} to draw" if gen.then_draw else ""
        )
        out.append(
            f"    generation change of {tables.clan_names[gen.clan]}: {gen.swaps_left} swap(s) left{draw}"
        )
    tp = obs.token_placement
    if tp is not None:
        whose = _whose(tp.clan, obs, tables)
        out.append(f"    talent tokens to put next to {whose} {tp.figurine} figurine: {tp.left}")
    return out


def decision_lines(obs: Observation, tables: Tables) -> list[str]:
    d = obs.decision
    if d is None:
        return []
    names = tables.clan_names
    who = "You" if d.seat == obs.seat else f"P{d.seat} {names[d.seat]}"
    if d.seat != obs.seat and any(h.clan == d.seat for h in obs.team_hands or []):
        who = f"You, for P{d.seat} {names[d.seat]},"
    what = purpose_words(d.purpose, tables)
    out = [f"  {who} must choose {what}" + (" (or pass)" if d.optional else "")]
    if d.prompt:
        out.append(f"    {d.prompt}")
    return out + progress_lines(obs, tables)


def market_line(obs: Observation) -> str:
    market = cards_words(obs.market) if obs.market else "empty"
    discoveries = ""
    if obs.discoveries:
        discoveries = "; human discoveries in force: " + listing(
            [DISCOVERY_WORDS[x].split(" (")[0] for x in obs.discoveries]
        )
    next_spirit = f" (face up on top: {obs.spirit_next})" if obs.spirit_next else ""
    return (
        f"  adaptation market: {market} (deck {obs.adaptation_deck}); human deck {obs.human_deck}"
        f" cards before the next reshuffle; spirits in supply {obs.spirits_in_supply}{next_spirit}"
        f"{discoveries}"
    )


def view(obs: Observation, name: str, tables: Tables) -> list[str]:
    """The view `name` of an observation of a game played with the data set `tables`."""
    if name == "full":
        return [
            headline(obs, tables),
            *map_lines(obs, tables),
            " Clans:",
            *(clan_line(c, obs, tables) for c in obs.clans),
            " Portal:",
            *portal_lines(obs, tables),
            market_line(obs),
            *decision_lines(obs, tables),
        ]
    if name == "compact":
        return [
            headline(obs, tables),
            *map_lines(obs, tables, only_busy=True),
            *(clan_line(c, obs, tables) for c in obs.clans),
            *decision_lines(obs, tables),
        ]
    if name == "map":
        return map_lines(obs, tables)
    if name == "clans":
        return [clan_line(c, obs, tables) for c in obs.clans]
    if name == "portal":
        return portal_lines(obs, tables)
    if name == "decision":
        return decision_lines(obs, tables) or ["  nothing is being asked"]
    raise ValueError(f"no view {name!r}; views: {', '.join(VIEWS)}")
