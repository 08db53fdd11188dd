"""The web viewer's test helpers: the toy game drawn ("toy-drawn": tests/toygame.py's game with a
`Drawing` and a spectator observation of its own, registered as a plugin like any other
game), and game logs made for the viewer's tests, with the attested parts a page must hide
from the wrong eyes (info texts, stderr, failure details) marked so a test can look for them.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import random
from functools import cached_property
from pathlib import Path
from typing import Any

import msgspec

from altay_cli.engine import Game, load_game, register_game
from altay_cli.engine.api import Drawing, Eyes, EyesKind, GameKind, Search
from altay_cli.engine.rng import Rng
from altay_cli.gamelog import Answer, Failure, LogWriter, SeatInfo, Stderr
from altay_cli.interactive.session import Session
from altay_cli.policies import make_policy
from tests.toygame import Play, ToySum

TOY_DRAWN = "toy-drawn"
ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

TOY_SCRIPT = r"""
window.altayGames["toy-drawn"] = {
  draw: function (root, statics, frame, ctx) {
    "use strict";
    var ns = "http://www.w3.org/2000/svg";
    function svg(tag, attrs, text) {
      var e = document.createElementNS(ns, tag);
      for (var k in attrs) e.setAttribute(k, attrs[k]);
      if (text !== undefined) e.textContent = text;
      return e;
    }
    var rows = frame.hand_sizes.length;
    var box = svg("svg", {width: 620, height: 90 + 54 * rows, "data-toy": "board", role: "img"});
    box.appendChild(svg("text", {x: 8, y: 22, "data-total": frame.total, "data-target": frame.target},
      "sum " + frame.total + " of " + frame.target + " \u00b7 deck " + frame.deck_size));
    frame.pile.forEach(function (card, i) {
      box.appendChild(svg("rect", {x: 8 + 26 * i, y: 34, width: 22, height: 30, fill: "#fff", stroke: "#333",
        "data-pile": i, "data-card": card}));
      box.appendChild(svg("text", {x: 14 + 26 * i, y: 54}, String(card)));
    });
    for (var s = 0; s < rows; s += 1) {
      var y = 84 + 54 * s;
      var seat = ctx.seats[s];
      var row = svg("g", {"data-seat": s, "data-to-move": frame.to_move === s ? "1" : "0"});
      row.appendChild(svg("rect", {x: 8, y: y, width: 40, height: 30, fill: seat.fill, stroke: "#000"}));
      row.appendChild(svg("text", {x: 54, y: y + 20}, seat.label + (frame.to_move === s ? " \u25c0" : "")));
      var hand = frame.hands[s];
      for (var i = 0; i < frame.hand_sizes[s]; i += 1) {
        var known = hand !== null;
        row.appendChild(svg("rect", {x: 100 + 26 * i, y: y, width: 22, height: 30, stroke: "#333",
          fill: known ? "#fff" : "#8a8a8a", "data-hand-card": known ? hand[i] : "hidden"}));
        if (known) row.appendChild(svg("text", {x: 106 + 26 * i, y: y + 20}, String(hand[i])));
      }
      box.appendChild(row);
    }
    root.appendChild(box);
  }
};
"""


class ToyDrawing(Drawing):
    """Draws the toy game: the shared pile and sum, and each hand (its cards for eyes that may
    see them, face down otherwise)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def static(self, config: Any) -> dict[str, Any]:
        return {"cards": [1, 2, 3, 4, 5], "copies": 3}

    def frame(self, state: Any, eyes: Eyes) -> dict[str, Any]:
        if eyes.kind == EyesKind.ALL:
            seen = self.game.spectator_observation(state)
            return {**seen, "hands": [list(h) for h in state.hands], "deck": list(state.deck)}
        if eyes.kind == EyesKind.SEAT:
            obs = state.observation(eyes.seat)
            return {
                "target": obs.target,
                "total": obs.total,
                "pile": list(obs.pile),
                "deck_size": obs.deck_size,
                "to_move": obs.to_move,
                "hand_sizes": list(obs.hand_sizes),
                "hands": [list(obs.hand) if s == eyes.seat else None for s in range(len(obs.hand_sizes))],
            }
        return self.game.spectator_observation(state)

    def script(self) -> str:
        return TOY_SCRIPT

    def decision_text(self, state: Any, seat: int, action: Any, eyes: Eyes) -> str:
        if not isinstance(action, Play):
            return "stops"
        text = f"plays {action.card}"
        if eyes.kind == EyesKind.ALL or eyes.seat == seat:  # the card drawn is the seat's secret
            text += f" (P{seat}'s hand now {' '.join(map(str, state.hands[seat]))})"
        return text


class ToySearch(Search):
    """The toy's hidden cards, redealt for the leak tests: the only search support it adds."""

    def perturb_hidden(self, state: Any, seat: int, seed: int) -> Any:
        rng = random.Random(seed)
        other = state.clone()
        pool = other.deck + [c for s, h in enumerate(other.hands) if s != seat for c in h]
        rng.shuffle(pool)
        for s, hand in enumerate(other.hands):
            if s != seat:
                other.hands[s] = sorted(pool.pop() for _ in hand)
        other.deck = pool
        other.rng = Rng(rng.getrandbits(64))
        return other


class DrawnToy(ToySum):
    """The toy's rules with facets added: a drawing, a spectator's observation, the leak tests'
    perturbation."""

    kind = GameKind(
        name=TOY_DRAWN, title="Toy Sum, drawn", version="0.1", min_players=1, max_players=4, cooperative=True
    )
    search_facet = ToySearch

    @cached_property
    def drawing(self) -> Drawing:
        return ToyDrawing(self)

    def spectator_observation(self, state: Any) -> dict[str, Any]:
        return {
            "target": state.target,
            "total": sum(state.pile),
            "pile": list(state.pile),
            "deck_size": len(state.deck),
            "to_move": state.to_move,
            "hand_sizes": [len(h) for h in state.hands],
            "hands": [None] * len(state.hands),
        }


GAME = DrawnToy()
register_game(TOY_DRAWN, "tests.view_helpers")


# ---------------------------------------------------------------------------- logs
def fixed_randomness(name: str):
    counter = itertools.count()
    return lambda n: hashlib.sha256(f"{name}/{next(counter)}".encode()).digest()[:n]


def marker(kind: str, seat: int, n: int | None = None) -> str:
    """A text only one seat's private side holds (`kind`: info, stderr, detail)."""
    return f"SECRET-{kind}-of-seat-{seat}" + ("" if n is None else f"-at-{n}")


def marked_log(
    path: Path,
    game_name: str,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    timeout_at: int | None = 3,
    finish: bool = True,
    max_decisions: int = 400,
) -> Path:
    """A log of a random game of `game_name` whose attested parts are marked: every decision
    has the deciding seat's info text, time and CPU time; decision `timeout_at` is a timeout
    played for the seat (a failure line with a detail); every seat has stderr; the clocks are
    in the header. `finish=False` stops the game early and saves it unfinished (its seed must
    then not reach any eyes but all)."""
    game = load_game(game_name)
    config = game.make_config(players, seed, options or {})
    seats = [SeatInfo(seat=i, name=f"bot-{i}", command=f"./bot{i}", kind="bot") for i in range(players)]
    session = Session(config, seats, game)
    policies = [make_policy("random", game, seed * 10 + i) for i in range(players)]
    g = session.state
    n = 0
    while not g.is_terminal and (finish or n < 6) and n < max_decisions:
        legal = g.legal_actions()
        seat = g.to_move
        assert seat is not None
        if n == timeout_at:
            session.record_failure(
                Failure(
                    seat=seat,
                    status="timeout",
                    detail=marker("detail", seat, n),
                    n=n,
                    request_id=n + 1,
                    consequence="default_action",
                )
            )
            answer = Answer(request_id=n + 1, time_ms=1500.0, status="default")
            session.apply(legal[0], answer)
        else:
            index = policies[seat].choose(g, legal)
            answer = Answer(
                request_id=n + 1,
                time_ms=40.0 + n % 7,
                cpu_ms=30.0 + n % 5,
                info=marker("info", seat, n),
            )
            session.apply(legal[index], answer)
        g = session.state
        n += 1
    for s in range(players):
        session.stderr[s] = Stderr(seat=s, text=marker("stderr", s) + "\nline two", bytes_total=40)
    options_meta = {
        "move_ms": 1000,
        "bank_ms": 600,
        "increment_ms": 100,
        "no_timeout": False,
        "clock": "wall",
    }
    meta = {"options": options_meta, "seat_options": {"1": {**options_meta, "move_ms": 20, "bank_ms": 0}}}
    lines = session.log_lines(source="test", created=None, meta=meta)
    out = io.BytesIO()
    with LogWriter(out, randomness=fixed_randomness(path.name)) as writer:
        for line in lines:
            writer.write(line)
    path.write_bytes(out.getvalue())
    return path


def log_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def rechained(lines: list[dict[str, Any]]) -> bytes:
    """The lines as a log file, each `prev` recomputed (a forger who knows the format)."""
    out: list[bytes] = []
    for i, line in enumerate(lines):
        if i and "prev" in line:
            line = {**line, "prev": hashlib.sha256(out[-1]).hexdigest()}
        out.append(msgspec.json.encode(line))
    return b"".join(raw + b"\n" for raw in out)


def page_data_of(html_text: str) -> dict[str, Any]:
    """The data a written page holds (its altay-data element), as the page reads it."""
    start = html_text.index('<script type="application/json" id="altay-data">')
    start = html_text.index(">", start) + 1
    end = html_text.index("</script>", start)
    return json.loads(html_text[start:end])


def goldens_of(game_name: str) -> list[Path]:
    """The committed golden logs of a game."""
    out = []
    for path in sorted(GOLDEN.glob("*.jsonl")):
        with path.open("rb") as fh:
            header = json.loads(fh.readline())
        if header.get("game", "altay") == game_name:
            out.append(path)
    return out
