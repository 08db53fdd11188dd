"""Terminal views of a Mammothodus observation: the map region by region (what stands where),
the clans, the portal track and the decision being asked."""

from __future__ import annotations

from .data import load
from .observation import ClanView, Observation, TerritoryView

VIEWS = {
    "full": "the map, every clan, the portal track and the supplies",
    "compact": "the map's occupied territories, the clans and the decision",
    "map": "every territory, region by region: colour, tribes, spirits, Ancients, shards, trails",
    "clans": "every clan: population, figurines, degradation, cards",
    "portal": "the portal track's open fragments and the places of power",
    "decision": "what is being asked now",
}
REGION_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _clan_letter(seat: int) -> str:
    return load().clans.names[seat][0]


def territory_line(t: TerritoryView, detail: bool = True) -> str:
    colour = (t.color or "-")[:6]
    parts = []
    if t.tribes:
        parts.append(f"tribes {t.tribes}")
    if t.spirits:
        parts.append("spirit " + ", ".join(t.spirits))
    if t.ancients:
        parts.append("ancients " + " ".join(f"{_clan_letter(a.clan)}:{a.color}" for a in t.ancients))
    if t.open_shards:
        parts.append("shards " + " ".join(t.open_shards))
    if t.closed_shards and detail:
        parts.append(f"{t.closed_shards} closed shard" + ("s" if t.closed_shards > 1 else ""))
    if t.trail:
        parts.append("trail")
    if t.place is not None:
        parts.append(f"PLACE OF POWER (line {t.place})")
    if t.talents:
        parts.append("tokens " + " ".join(f"{_clan_letter(k.clan)}:{k.talent}" for k in t.talents))
    if t.protected:
        parts.append("protected this turn")
    name = "centre" if t.region is None else f"T{t.id}"
    return f"  {name:<6} {colour:<6} " + ("; ".join(parts) if parts else "-")


def map_lines(obs: Observation, only_busy: bool = False) -> list[str]:
    lines = []
    by_region: dict[str | None, list[TerritoryView]] = {}
    for t in obs.territories:
        by_region.setdefault(t.region, []).append(t)
    for region in (None, "N", "E", "S", "W"):
        ts = by_region.get(region, [])
        shown = [t for t in ts if not only_busy or t.tribes or t.spirits or t.ancients or t.place is not None]
        if not shown:
            continue
        if region is not None:
            lines.append(f" {REGION_NAMES[region]}:")
        lines += [territory_line(t, detail=not only_busy) for t in shown]
    return lines


def clan_line(c: ClanView, seat: int) -> str:
    you = " (you)" if c.seat == seat else ""
    figs = " ".join(f"{col}@{'-' if t is None else t}" for col, t in c.figurines.items())
    hand = ", ".join(c.hand) if c.hand is not None else f"{c.hand_size} cards"
    talent = f"; talent {c.talent} ({c.talent_tokens} tokens)" if c.talent is not None else ""
    return (
        f"  P{c.seat} {c.name}{you}: population {c.population} (supports {c.figurines_supported}),"
        f" degradation {c.degradation}; figurines {figs}; hand {hand}; deck {c.deck_size},"
        f" discard {len(c.discard)}{talent}"
    )


def portal_lines(obs: Observation) -> list[str]:
    lines = []
    for line in range(4):
        cells = []
        for f in obs.portal_open:
            c = f.lines[line]
            cells.append(c.shard or (f"region {c.region}" if c.region else f"colour {c.color}"))
        place = obs.places[line]
        state = f"active in T{place}" if place is not None else "not yet"
        lines.append(f"  line {line}: {' + '.join(cells) or 'no condition'}  [{state}]")
    lines.append(f"  closed fragments: {obs.portal_closed}")
    return lines


def headline(obs: Observation) -> str:
    if obs.result is not None:
        return f"Game over: the Ancients {obs.result.result} ({obs.result.reason.replace('_', ' ')})"
    if obs.phase == "setup":
        talents = any(c.talent_tokens is not None for c in obs.clans)
        return "Set-up: each clan chooses the two figurines that start in the centre" + (
            ", then its talent" if talents else ""
        )
    active = load().clans.names[obs.active]
    places = sum(1 for p in obs.places if p is not None)
    tribes = sum(t.tribes for t in obs.territories)
    spirits = sum(len(t.spirits) for t in obs.territories)
    return (
        f"Turn {obs.turn}: P{obs.active} {active}; places of power {places}/4; tribes {tribes}/12;"
        f" spirits {spirits}/3; trail tokens left {obs.trail_tokens}"
    )


def decision_lines(obs: Observation) -> list[str]:
    d = obs.decision
    if d is None:
        return []
    who = "you" if d.seat == obs.seat else f"P{d.seat}"
    out = [f"  {who} must choose: {d.purpose}" + (" (or pass)" if d.optional else "")]
    if d.prompt:
        out.append(f"    {d.prompt}")
    for p in obs.progress:
        shown = {k: v for k, v in p.v.items() if not k.startswith("_")}
        if shown:
            out.append(f"    {p.routine} of P{p.clan}: " + ", ".join(f"{k} {v}" for k, v in shown.items()))
    return out


def view(obs: Observation, name: str) -> list[str]:
    if name == "full":
        return [
            headline(obs),
            *map_lines(obs),
            " Clans:",
            *(clan_line(c, obs.seat) for c in obs.clans),
            " Portal:",
            *portal_lines(obs),
            f"  market: {', '.join(obs.market)}; degradation cards left {obs.degradation_supply};"
            f" human deck {obs.human_deck}",
            *decision_lines(obs),
        ]
    if name == "compact":
        return [
            headline(obs),
            *map_lines(obs, only_busy=True),
            *(clan_line(c, obs.seat) for c in obs.clans),
            *decision_lines(obs),
        ]
    if name == "map":
        return map_lines(obs)
    if name == "clans":
        return [clan_line(c, obs.seat) for c in obs.clans]
    if name == "portal":
        return portal_lines(obs)
    if name == "decision":
        return decision_lines(obs) or ["  nothing is being asked"]
    raise ValueError(f"no view {name!r}; views: {', '.join(VIEWS)}")
