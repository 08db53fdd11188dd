"""A complete, verbatim Altay request (no elisions), as the referee sends it: the fixture in
protocol/games/altay-request.json, shown whole in protocol/games/altay.md.

    python -m tests.golden.request_fixture     # rewrite the fixture (then paste it in the guide)
"""

from __future__ import annotations

import sys
from pathlib import Path

from altay_cli.engine import load_game
from protocol import Clock, Event, Request, encode_line

FIXTURE = Path(__file__).resolve().parent.parent.parent / "protocol" / "games" / "altay-request.json"


def request_line() -> bytes:
    """Seat 1's first request of a 2-player game (seed 7, recommended set-up), after seat 0's
    first turn: events, legal actions and observation exactly as BotSeat builds them."""
    game = load_game("altay")
    state = game.new_state(game.make_config(2, 7, {"setup": "recommended"}))
    first = state.to_move
    events = []
    while state.to_move == first:
        legal = state.legal_actions()
        action = next((a for a in legal if game.command_text(a).startswith("play")), legal[-1])
        state.apply(action)
        seen = game.event_for(state, first, action, 1 - first)
        if seen is not None:
            events.append(Event(seat=first, action=seen))
    seat = state.to_move
    request = Request(
        id=1,
        clock=Clock(move_ms=1000, bank_ms=0, increment_ms=0),
        events=events,
        actions=state.legal_actions(),
        observation=state.observation(seat),
    )
    return encode_line(request)


if __name__ == "__main__":
    FIXTURE.write_bytes(request_line())
    print(f"wrote {FIXTURE}", file=sys.stderr)
