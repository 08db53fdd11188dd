"""A complete, verbatim Altay request (no elisions), as the referee sends it: the fixture in
protocol/games/altay-request.json, shown whole in protocol/games/altay.md.

    python -m tests.golden.request_fixture     # rewrite the fixture (then paste it in the guide)
"""

from __future__ import annotations

import sys
from pathlib import Path

from altay_cli.engine import load_game
from protocol import Clock, Event, Request, encode_line

GAMES_DIR = Path(__file__).resolve().parent.parent.parent / "protocol" / "games"
FIXTURE = GAMES_DIR / "altay-request.json"
INNOVATION_FIXTURE = GAMES_DIR / "innovation-request.json"


def request_line() -> bytes:
    """Seat 1's first request of a 2-player game (seed 7, recommended set-up), after seat 0's
    first turn: events, legal actions and observation exactly as BotSeat builds them."""
    game = load_game("altay")
    state = game.new_state(game.make_config(2, 7, {"setup": "recommended"}))
    first = state.to_move
    events = []
    while state.to_move == first:
        legal = state.legal_actions()
        action = next((a for a in legal if game.text.command_text(a).startswith("play")), legal[-1])
        state.apply(action)
        seen = game.event_for(state, first, action, 1 - first)
        if seen is not None:
            events.append(Event(seat=first, action=seen))
    seat = state.to_move
    request = Request(
        id=1,
        seat=seat,
        clock=Clock(move_ms=1000, bank_ms=0, increment_ms=0),
        events=events,
        actions=state.legal_actions(),
        observation=state.observation(seat),
    )
    return encode_line(request)


def innovation_request_line() -> bytes:
    """An Innovation demand: the first decision of a 2-player game (seed 52) that a card's
    demand asks of the seat whose turn it is not, with the events that seat received since its
    previous request, exactly as BotSeat builds them. The seats choose at random (seeded), but
    take a dogma that makes a demand of the other seat whenever there is one."""
    import random

    from altay_cli.engine.innovation.texts import effect_is_demand

    game = load_game("innovation")
    state = game.new_state(game.make_config(2, 52))
    rng = random.Random(52)
    events: dict[int, list[Event]] = {0: [], 1: []}
    while True:
        seat = state.to_move
        assert seat is not None, "the game ended before any demand"
        pending = state.pending
        if (
            pending is not None
            and seat != state.active
            and effect_is_demand(pending.card, False)[pending.eff]
        ):
            break
        events[seat] = []
        legal = state.legal_actions()
        demands = game.checkbot.pressure(state, 1 - seat) if pending is None else []
        action = legal[demands[0]] if demands else legal[rng.randrange(len(legal))]
        state.apply(action)
        for viewer in (0, 1):
            seen = game.event_for(state, seat, action, viewer)
            if seen is not None:
                events[viewer].append(Event(seat=seat, action=seen))
    request = Request(
        id=7,
        seat=seat,
        clock=Clock(move_ms=1000, bank_ms=0, increment_ms=0),
        events=events[seat],
        actions=state.legal_actions(),
        observation=state.observation(seat),
    )
    return encode_line(request)


if __name__ == "__main__":
    FIXTURE.write_bytes(request_line())
    INNOVATION_FIXTURE.write_bytes(innovation_request_line())
    print(f"wrote {FIXTURE} and {INNOVATION_FIXTURE}", file=sys.stderr)
