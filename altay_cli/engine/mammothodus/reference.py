"""`altay rules --game mammothodus`: the rules reference as Markdown, generated from the
engine's data (data.json) and rulings (RULINGS.md), so it cannot disagree with the engine: how
the team wins and loses, a turn, the map with every territory's neighbours, the decks, the portal
fragments, shards, spirits, the tracks, talents, discoveries and every ruling."""

from __future__ import annotations

from .data import Cell, DataFile
from .narration import DISCOVERY_WORDS, TALENT_WORDS, card_words, listing
from .static import rulings

REGION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _region(r: str) -> str:
    """A region as the reference lists it: "North N" for the stand-in's letters, else its name."""
    return f"{REGION_NAMES[r]} {r}" if r in REGION_NAMES else r


def _cell(c: Cell) -> str:
    if c.shard is not None:
        return f"shard {c.shard}"
    if c.region is not None:
        return f"region {c.region}"
    return f"colour {c.color}"


def _neighbours(d: DataFile) -> list[list[int]]:
    out: list[set[int]] = [set() for _ in d.map.territories]
    for a, b in d.map.adjacency:
        out[a].add(b)
        out[b].add(a)
    return [sorted(s) for s in out]


def _name(d: DataFile, t: int) -> str:
    return "centre" if t == d.map.centre else f"T{t}"


def _every(n: int, what: str) -> str:
    """ "all 4 places", "both places", "the place"."""
    if n == 1:
        return f"the {what}"
    return f"both {what}s" if n == 2 else f"all {n} {what}s"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def win_and_loss(d: DataFile) -> list[str]:
    lim = d.limits
    return [
        "## How the team wins",
        "",
        f"The clans win together the moment {_every(lim.places_of_power, 'place')} of power"
        f" {'is' if lim.places_of_power == 1 else 'are'} active and a"
        " figurine of every clan stands in the centre. A place of power is activated by a figurine"
        " standing in a territory that meets every condition of one portal line (see The portal).",
        "",
        "## How the team loses",
        "",
        f"- a tribe must appear while {lim.tribes} stand on the map (the {ordinal(lim.tribes + 1)} tribe);",
        f"- a spirit must be summoned while {lim.spirits} stand on the map"
        f" (the {ordinal(lim.spirits + 1)} spirit);",
        f"- a trail must open with no trail token left ({len(d.map.trail_positions)} tokens: the"
        f" {ordinal(len(d.map.trail_positions) + 1)} trail);",
        f"- a degradation card must be taken and the supply ({d.degradation.cards} cards) is empty;",
        "- a clan's population is 0 or less at its generation change;",
        f"- a clan's population falls below {d.population.lose_below};",
        "- the turn limit of the game's `max_turns` option passes (M62);",
        "- a bot fails (crashes, times out...) under the referee's default policy.",
        "",
    ]


def turn(d: DataFile) -> list[str]:
    from .generation import MAX_SWAPS

    per = d.population.per_figurine
    return [
        "## A turn",
        "",
        f"Set-up: each clan picks the {d.limits.figurines_at_start} figurines that start in the centre (M60);"
        " with the advanced"
        " talents, then its talent (M63). The first clan is drawn at random (M61). Then clans take turns"
        " clockwise; a turn is:",
        "",
        "1. **The human phase.** The top human card is revealed (an empty deck is first reshuffled, which"
        " turns the next portal fragment face up). A New Trail card opens a trail. A coloured card"
        " activates every tribe and spirit in a territory of that colour: a tribe on a place of power"
        " summons a spirit, the one on top of the face-up spirit stack (M77), which attacks the Ancients"
        " there; a tribe where Ancients stand attacks them"
        " (each figurine costs its clan one population per tribe); otherwise it steps toward the nearest"
        " place of power, or the nearest territories with the most Ancient figurines. A spirit attacks"
        " where it stands, or goes to the nearest Ancients and attacks there (one die: each figurine costs"
        " half the die, rounded up). If no tribe moved, a tribe appears on every open trail of the card's"
        " colour. Where humans could go several ways the active clan chooses.",
        "2. **The Ancients' phase.** The active clan takes one action, played figurine by figurine with"
        " cards of the action's colour or of the figurine's territory's colour; allies with a figurine in"
        " the same or an adjacent territory may add cards: **move** (green: one step per point, carrying"
        " shards), **attack** (red: one die per point, a die of"
        f" {d.dice.hit} or more destroys a tribe, re-rolls cost population), **population** (yellow: one"
        " population per point), **development** (blue: moves the"
        " degradation marker, then takes adaptation cards), **degradation** (plays degradation cards out"
        " of the hand), **activate** (blue or the territory's colour: as many points as places already"
        " active plus one). A figurine whose colour is the action's adds one point. An extra-action card"
        " then buys another, different action.",
        "3. **The end of the turn.** The clan may discard cards (not degradation cards), draws up to the"
        f" hand size ({d.limits.hand}) and the adaptation market is refilled. A clan that must draw from an"
        " empty deck has a **generation change**: degradation cards for the figurines beyond its marker,"
        f" the population check (one figurine per {per} population: place or remove figurines), up to"
        f" {MAX_SWAPS} swaps of figurines, and its discard pile becomes its new deck.",
        "",
    ]


def map_section(d: DataFile) -> list[str]:
    m = d.map
    nb = _neighbours(d)
    token_at = {t: n for n, t in m.trail_positions.items()}
    lines = [
        "## The map",
        "",
        f"{len(m.territories)} territories: the centre (T{m.centre}: no region, no colour; humans there"
        f" {'act on any card' if m.centre_activates else 'never act'}) and"
        f" {len(m.territories) - 1} others in {len(m.regions)} regions"
        f" ({listing([_region(r) for r in m.regions])}), each with a colour"
        f" ({listing([str(c) for c in m.colors])}). Human trails open only on the territories listed;"
        f" {len(m.initial_trails)} are open at the start.",
        "",
        "| territory | region | colour | ring | next to | trail |",
        "|---|---|---|---|---|---|",
    ]
    for t in m.territories:
        if t.id in m.initial_trails:
            trail = "open at the start"
        elif t.id in token_at:
            trail = f"trail token {token_at[t.id]}"
        else:
            trail = ""
        lines.append(
            f"| {_name(d, t.id)} | {t.region or '-'} | {t.color or '-'} | {t.ring} |"
            f" {', '.join(_name(d, x) for x in nb[t.id])} | {trail} |"
        )
    return [*lines, ""]


def cards(d: DataFile) -> list[str]:
    deck = listing([f"{n} {c}" for c, n in d.clan_deck.cards.items()])
    adaptation: dict[str, int] = {}
    for card in d.adaptation.cards:
        name = card.kind if card.color is None else f"{card.kind.replace('_action', '')}:{card.color}"
        adaptation[card_words(name)] = adaptation.get(card_words(name), 0) + 1
    human = listing([f"{n} {c.replace('_', ' ')}" for c, n in d.human_deck.cards.items()])
    return [
        "## Cards",
        "",
        f"- **Clan deck** (each clan, M5): {deck}; a hand holds {d.limits.hand} cards after each turn.",
        f"- **Adaptation cards** (M6): {listing([f'{n} {c}' for c, n in adaptation.items()])}; a market of"
        f" {d.adaptation.market} face up. A wild card counts as any colour, a double card as two cards of"
        " its colour, an extra-action card as one card of its colour or, discarded after an action, as"
        " one more action; Draw 3 draws three cards at any point of the game: at any decision of its"
        " holder, and before its human card and after its end-of-turn draw (M44).",
        f"- **Degradation cards** (M7): {d.degradation.cards} in the supply; they clog the hand until"
        " played with the degradation action.",
        f"- **Human deck** (M8): {human}.",
        "",
    ]


def portal(d: DataFile) -> list[str]:
    p = d.portal
    lines = [
        "## The portal",
        "",
        f"{len(p.fragments)} fragments in a shuffled row, {p.open_at_start} face up at the start; each human"
        " deck reshuffle turns the next one over. Each fragment has one cell per portal line (one per"
        " place of power). A line's place of power can be activated in a territory that meets every cell"
        " of the line on the open fragments: the shards face up there (they are spent), the region, the"
        " colour (M46). Cost: blue cards or cards of the territory's colour, one more than the places"
        " already active; allies near the place may pay part (M36).",
        "",
        "| fragment | " + " | ".join(f"line {i}" for i in range(d.limits.places_of_power)) + " |",
        "|---|" + "---|" * d.limits.places_of_power,
    ]
    for f in p.fragments:
        lines.append(f"| {f.id} | " + " | ".join(_cell(c) for c in f.lines) + " |")
    return [*lines, ""]


def components(d: DataFile) -> list[str]:
    pop = d.population
    spirits = [f"| {s.name} | {s.dice} | {s.min} |" for s in d.spirits.cards]
    return [
        "## Shards",
        "",
        f"{d.shards.per_type} of each type ({listing(list(d.shards.types))}), one face down in every"
        " territory but the centre (M10); a shard turns face up where a move ends (M42). A moving"
        " figurine carries one at a time (M41).",
        "",
        "## Spirits",
        "",
        "A spirit is destroyed by that many dice of at least that result in one attack (M11).",
        "",
        "| spirit | dice | at least |",
        "|---|---|---|",
        *spirits,
        "",
        "## Tracks",
        "",
        f"- **Population** (M12, M14): starts at {pop.start}, from {pop.min} to {pop.max}; it supports one"
        f" figurine per {pop.per_figurine} (at most {pop.max_figurines}) at a generation change; below"
        f" {pop.lose_below} the team loses.",
        f"- **Degradation marker** (M13): {d.degradation_track.boxes} boxes, back to"
        f" {d.degradation_track.start} at each generation change, which brings one degradation card per"
        " figurine on the field beyond the marker.",
        f"- **Dice** (M19): a die of {d.dice.hit} or more destroys a tribe; "
        + (
            "no limit on the dice of one attack."
            if d.dice.cap is None
            else f"one attack rolls at most {d.dice.cap} dice."
        ),
        f"- **Start**: {d.limits.figurines_at_start} figurines per clan in the centre.",
        "",
        "## Advanced rules",
        "",
        f"- **Talents** (M15, M63-M76), {d.talents.tokens} tokens each: "
        + "; ".join(TALENT_WORDS.get(n, n) for n in d.talents.names)
        + ".",
        "- **Human discoveries** (M16), one revealed at each human deck reshuffle: "
        + "; ".join(DISCOVERY_WORDS.get(n, n) for n in d.discoveries.cards)
        + ".",
        f"- **Clans**: {listing(list(d.clans.names))}.",
        "",
    ]


def rulings_section() -> list[str]:
    lines = [
        "## Rulings",
        "",
        "What the rulebook leaves open, as the engine settles it (M1-M20 stand in for the missing"
        " components; M21 on are the engine's own rulings).",
        "",
        "| ruling | question | ruling |",
        "|---|---|---|",
    ]
    lines += [f"| {r.id} | {r.name} | {r.text} |" for r in rulings()]
    return [*lines, ""]


def reference(d: DataFile, source: str = "`data.json`") -> str:
    """The reference of a game played with the data set `d` (`source` names where it comes from:
    the bundled stand-in, or the file given with --data)."""
    clans = len(d.clans.names)
    head = [
        "# Mammothodus: rules reference",
        "",
        f"A cooperative game for 1 to {clans} clans of the Ancients against human tribes and spirits"
        f" that the engine moves. Generated from the engine's data ({source}) and rulings (`RULINGS.md`);"
        " `altay rules --game mammothodus --json` prints the data as bots get it in `hello.static`, and"
        " the bot guide is protocol/games/mammothodus.md.",
        "",
    ]
    body = [
        *win_and_loss(d),
        *turn(d),
        *map_section(d),
        *cards(d),
        *portal(d),
        *components(d),
        *rulings_section(),
    ]
    return "\n".join([*head, *body]).rstrip() + "\n"
