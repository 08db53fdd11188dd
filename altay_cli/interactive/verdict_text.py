"""The replay verdict for a person: a short summary when the log holds, the first divergence
with both sides when it does not."""

from __future__ import annotations

import click

from ..records import GUESSABLE_SEED_BITS, SeedSource
from ..render import print_result
from ..replay import INVALID, VALID, Verdict
from ..textsafe import safe_text


def _value(v: object) -> str:
    return safe_text(str(v), 200)


def print_verdict(v: Verdict) -> None:
    h = v.header
    n = len(v.decisions)
    rate = f", {n / v.elapsed_s:,.0f} decisions/s" if v.elapsed_s > 0 and n else ""
    path = safe_text(v.path)
    if v.status == VALID and not v.simulated:
        click.echo(
            f"VALID (chain only): {path}: the chain and the result agree with the log's {n} decisions, "
            f"not re-simulated ({v.elapsed_s:.2f} s)"
        )
    elif v.status == VALID:
        click.echo(f"VALID: {path}: {n} decisions replay exactly ({v.elapsed_s:.2f} s{rate})")
    elif v.status == INVALID:
        click.echo(f"INVALID: {path}: {safe_text(v.message, 2000)}")
    else:
        click.echo(f"UNREADABLE: {path}: {safe_text(v.message, 2000)}")
    if v.header is not None:
        chain = "hash-chained" if v.chained else "unchained (format 1)"
        signed = f", signed by key {v.signed_by}" if v.signed_by else ", not signed"
        click.echo(f"  integrity: {chain}{signed if v.chained else ''}")
    d = v.divergence
    if d is not None:
        if d.expected is not None or d.actual is not None:
            click.echo(f"  log says:    {_value(d.expected)}")
            click.echo(f"  engine says: {_value(d.actual)}")
        if d.legal_count is not None:
            click.echo(f"  legal actions at that point: {d.legal_count}")
        click.echo(f"  the {n} decisions before it verify")
    for note in v.notes:
        click.echo(f"  note: {safe_text(note)}")
    if h is None:
        return
    players = h.players or 0
    seed = f"{v.seed}" if v.seed is not None else "sealed"
    if h.seed_source == SeedSource.ORGANISER and v.seed is not None:
        guessable = v.seed < 1 << GUESSABLE_SEED_BITS
        seed += f" (the organiser's{', guessable: below 2^' + str(GUESSABLE_SEED_BITS) if guessable else ''})"
    elif h.seed_source == SeedSource.SYSTEM:
        seed += " (secret until the game ended)"
    game, state = v.game, v.state
    if game is not None and state is not None:
        described = game.text.describe_config(state.config)
    else:
        described = f"{safe_text(h.game, 40)}: {players} players"
    click.echo(
        f"  game: {described}, seed {seed}; log from {safe_text(h.source)}"
        + (f", {safe_text(h.created)}" if h.created else "")
    )
    roles: list[str | None] = [None] * players
    if game is not None and state is not None and v.simulated:  # chain only: the state is the first
        roles = [r or None for r in game.roles(state)]
    names = {s.seat: safe_text(s.name, 60) for s in h.seats}
    seats = ", ".join(f"P{i} {names.get(i, '?')} ({roles[i] or '-'})" for i in range(players))
    click.echo(f"  seats: {seats}")
    if v.failures:
        click.echo(f"  failures: {len(v.failures)}")
        for f in v.failures[:10]:
            at = f" at decision {f.n}" if f.n is not None else ""
            detail = safe_text(f.detail, 300)
            click.echo(
                f"    P{f.seat} {safe_text(f.status)}{at}: {detail} -> {safe_text(f.consequence or '-')}"
            )
    r = v.result
    if v.status != VALID or r is None or state is None or game is None:
        return
    if r.finished:
        reason = game.text.end_reason_text(r.end_reason)
        if r.team is not None:
            verdict = f"the team {r.team}"
        elif r.winners:
            verdict = "winner " + " and ".join(f"P{w} {names.get(w, '?')}" for w in r.winners)
        else:
            verdict = "no winner"
        click.echo(f"  ended after {game.text.length_text(r.rounds, r.turns)}: {reason}; {verdict}")
    else:
        why = "forfeit by " + ", ".join(f"P{s}" for s in r.forfeits) if r.forfeits else "saved unfinished"
        length = game.text.length_text(r.rounds, r.turns)
        click.echo(f"  not finished ({r.end_reason or why}) after {length}; scores are provisional")
    result = {
        "scores": r.scores,
        "ranks": r.ranks,
        "rounds": r.rounds,
        "turns": r.turns,
        "end_reason": r.end_reason,
        "team": r.team,
    }
    title = "Replayed result" if v.simulated else "The log's result (not re-simulated)"
    print_result(game, result, [names.get(i, "?") for i in range(players)], roles, title=title)
