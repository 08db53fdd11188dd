#!/usr/bin/env python3
"""A determinized search bot for any game with a belief sampler: `python search_bot.py [SEED] [--ms N]`.

At each decision with more than one legal action, until its time budget is spent, it draws a
world from its belief (`Game.search.new_belief`: the hidden cards as they might be, given everything
the referee sent it), then scores every candidate action in that same world: apply it, play on
with the game's quick playout policy (`Game.search.playout_action`, for every seat) until the seat's
next turn begins (at most MAX_PLAYOUT_STEPS), and take the game's evaluation of the position
(`Game.search.evaluate`). Every candidate sees the same worlds and the same playout randomness, so
they compare fairly, world by world. At 2, 4, 8... worlds, candidates worth exactly the policy's
own choice in every world (the same plan in another order) are dropped, then the worse half of
the rest while more than KEEP remain (successive halving). It answers with the policy's own
choice unless another action beats it in the same worlds by more than one standard error of
the difference: a rollout algorithm, which improves on its playout policy where the
evaluation is right and falls back on it where the evidence is thin.

A game whose playout policy is quick but uniformly random (Innovation: `greedy_guided`) leans on
its in-process greedy player instead: the default choice is the greedy's, a playout finishes the
seat's own turn with the greedy (the others' choices stay random) and is judged when that turn
ends, so search improves on the game's heuristic rather than on chance. (Random playouts over
the next turn, against the policy's own random choice: -180 Elo against greedy at 100 ms a
move; judged at the turn's end: even; with the greedy's own turn: +117, `bots/README.md`.)

Time: a fraction of the request's clock (move time plus a share of the bank, less a margin for
the process and the machine's load), capped by `--ms N`; a single legal action is answered at
once. It plays every game whose engine has a sampler (Altay, Innovation and Mammothodus today)
and says so otherwise.

A cooperative game (Mammothodus) is played for the team: one belief holds what every clan the
program leads knows (their hands). Its engine says where and when the team's plan is worth
searching (`Game.search.worth_searching`: the action of a clan's turn, once one place of power
is left to activate; `--every-stage`: from the first turn) and asks for playouts to the end
(`playouts_to_the_end`): there, every candidate is applied in the same sampled worlds and played
out to the game's end by the team heuristic (bots/mammothodus_team.py) for every clan, each
seeing its hand of that world, and valued by `Game.search.end_value` (the outcome: won 1, lost
-1); the heuristic's choice stays unless another beats it by one standard error in the same
worlds. The heuristic answers every other decision at once (the smaller decisions that carry
out the action it chose, and every decision before the last place of power), and its plans in
progress are put back after each playout (`remember`/`recall`). With one place left a playout
to the end takes some 10 ms at one clan, so half a second sees a few dozen worlds; earlier in
the game a playout is long and nearly always lost whatever the candidate, and searching there
departed from the heuristic on noise (bots/README.md has the measurements). The time is checked
as a playout goes and an unfinished one counts for nothing. A request the belief cannot follow
(it may lose track of the hidden hands of clans the program does not lead) is answered by that
heuristic.

Speed (Altay, one core of this 2-core machine shared with other jobs, Python 3.11; measured
over the decisions of 6 greedy-paced games per player count, 100 ms each): about 22,000 to
24,000 playout steps a second, world drawing and evaluation included; that is about 2,100
playouts a second at 2 players (10.7 steps each: the rest of the turn and the other seat's),
1,100 at 3 players (20 steps) and 900 at 4 players (27 steps). Drawing a world from the belief
takes 0.2 to 0.35 ms. With `--move-ms 300` (120 ms of thought) that is some 250 playouts a
decision at 2 players and 100 at 4.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))

import altay_bot

from altay_cli.engine import Game, load_game

#: Share of the free move time spent thinking, and of the bank (the rest absorbs the process's
#: own latency and a loaded machine); seconds always kept in reserve.
MOVE_SHARE = 0.5
BANK_SHARE = 0.05
RESERVE_S = 0.03
#: Playouts stop after this many steps even if the seat's next turn has not begun.
MAX_PLAYOUT_STEPS = 200
#: ... and playouts to the end (`playouts_to_the_end`) after this many.
MAX_END_STEPS = 5000
#: Successive halving stops dropping candidates at this many, after these numbers of worlds.
KEEP = 2
HALVING = frozenset((2, 4, 8, 16, 32, 64))
#: Another action replaces the playout policy's own choice only when its mean gain over it, in
#: the same worlds, less CONFIDENCE standard errors, exceeds MARGIN.
CONFIDENCE = 1.0
MARGIN = 0.0
#: ... in a cooperative game, where the choice to beat is the team heuristic's (which plans over
#: several turns, what short random playouts do not see): only on strong evidence.
TEAM_CONFIDENCE = 2.0


class Search:
    """Determinized flat Monte Carlo over the legal actions, for `seat` of `game`."""

    def __init__(
        self,
        game: Game,
        seat: int,
        rng: random.Random,
        horizon_turns: int = 8,
        own_policy: Callable[[Any, random.Random], int] | None = None,
        end_policy: Callable[[Any, random.Random], int] | None = None,
        memory: tuple[Callable[[], Any], Callable[[Any], None]] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.horizon_turns = horizon_turns
        #: the seat's own choices in playouts (the game's playout policy when None)
        self.own_policy = own_policy
        #: every seat's choices in playouts that go on to the game's end, valued by
        #: `game.search.end_value` (`playouts_to_the_end`); None: playouts over the horizon
        self.end_policy = end_policy
        #: (save, restore) of that policy's memory, put back after every playout
        self.memory = memory
        self.playouts = 0
        self.steps = 0
        #: value a playout by the game's outcome alone (won 1, lost -1, else 0): a cooperative
        #: game's, where the leaf evaluation misled the search (bots/README.md)
        self.outcome_only = game.kind.cooperative

    def playout(self, state: Any, rng: random.Random, root: Any) -> float:
        """Play on until the seat's next turn begins (counted from `root`, the turn of the
        decision, so every candidate is judged at the same point of the game; or until the end,
        or `horizon_turns` turns later); the evaluation for the seat."""
        game = self.game
        seat = self.seat
        last = root
        changes = 0
        steps = 0
        horizon = self.horizon_turns
        own = self.own_policy
        while not state.is_terminal and steps < MAX_PLAYOUT_STEPS:
            turn = game.text.turn_of(state)
            if turn != last:
                changes += 1
                last = turn
                if changes >= horizon or (turn is not None and turn[1] == seat):
                    break
            legal = state.legal_actions()
            if own is not None and state.to_move == seat:
                state.apply(legal[own(state, rng)])
            else:
                state.apply(legal[game.search.playout_action(state, rng)])
            steps += 1
        self.steps += steps
        self.playouts += 1
        if self.outcome_only and not state.is_terminal:
            return 0.0
        return game.search.evaluate(state, seat)

    def playout_to_the_end(self, state: Any, rng: random.Random, deadline: float) -> float | None:
        """Play on to the end with `end_policy` for every seat; its `end_value` for the seat,
        or None once past the deadline (a playout to the end is long: the time is checked as it
        goes, and an unfinished one counts for nothing)."""
        policy = self.end_policy
        assert policy is not None
        saved = self.memory[0]() if self.memory is not None else None
        steps = 0
        try:
            while not state.is_terminal and steps < MAX_END_STEPS:
                if steps % 16 == 15 and time.perf_counter() >= deadline:
                    return None
                legal = state.legal_actions()
                state.apply(legal[policy(state, rng) if len(legal) > 1 else 0])
                steps += 1
        finally:
            if self.memory is not None:
                self.memory[1](saved)
            self.steps += steps
        self.playouts += 1
        return self.game.search.end_value(state, self.seat)

    def _world(self, belief: Any, n_actions: int) -> Any:
        world = belief.sample(self.rng)
        found = len(world.legal_actions())
        if found != n_actions:
            raise RuntimeError(f"a sampled world has {found} legal actions, not {n_actions}")
        return world

    def choose(
        self,
        belief: Any,
        n_actions: int,
        deadline: float,
        base: int | None = None,
        confidence: float = CONFIDENCE,
    ) -> tuple[int, str]:
        """The index of the best action by the deadline (a time.perf_counter() value), with a
        summary. The playout policy's own choice (or `base`: the game's heuristic's in a
        cooperative game or a `greedy_guided` one) stays unless another beats it in the same
        worlds by more than its noise (a rollout algorithm: never worse than the policy it
        improves, where the evaluation is right)."""
        rng = self.rng
        t_start = time.perf_counter()
        values: list[list[float]] = [[] for _ in range(n_actions)]
        world = self._world(belief, n_actions)
        if base is None or not 0 <= base < n_actions:
            base = self.game.search.playout_action(world, random.Random(0))
        candidates = [base, *(i for i in range(n_actions) if i != base)]
        worlds = 0
        while time.perf_counter() < deadline:
            if worlds:
                world = self._world(belief, n_actions)
            legal = world.legal_actions()
            seed = rng.getrandbits(64)
            root = self.game.text.turn_of(world)
            for i in candidates:
                state = world.clone()
                state.apply(legal[i])
                if self.end_policy is None:
                    values[i].append(self.playout(state, random.Random(seed), root))
                else:
                    value = self.playout_to_the_end(state, random.Random(seed), deadline)
                    if value is None:
                        break
                    values[i].append(value)
                if time.perf_counter() >= deadline:
                    break
            worlds += 1
            if self.end_policy is None and worlds in HALVING and len(values[candidates[-1]]) == worlds:
                # an action worth exactly the policy's choice in every world so far is most
                # likely the same plan in another order: it cannot win, stop spending on it
                mine = values[base]
                rest = [i for i in candidates[1:] if values[i] != mine]
                if len(rest) >= KEEP:
                    rest.sort(key=lambda i: -sum(values[i]) / worlds)
                    rest = rest[: max(KEEP, (len(rest) + 2) // 2) - 1]
                candidates = [base, *rest]
        if not values[base]:
            return base, "no time to search: the default choice"
        best, gain = base, 0.0
        for i in range(n_actions):
            k = min(len(values[i]), len(values[base]))
            if i == base or k < 2:
                continue
            diffs = [values[i][j] - values[base][j] for j in range(k)]
            mean = sum(diffs) / k
            var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
            lower = mean - confidence * math.sqrt(var / k)
            if lower > gain + MARGIN:
                best, gain = i, lower
        n = len(values[best])
        mean = sum(values[best]) / n
        playouts = sum(map(len, values))
        rate = playouts / max(deadline - t_start, 1e-9)  # it searched until the deadline
        line = self.game.text.command_text(world.legal_actions()[best])
        return best, f"{worlds} worlds, {playouts} playouts ({rate:,.0f}/s), value {mean:+.3f} over {n}" + (
            "" if best == base else f", {gain:+.3f} over the default choice"
        ) + f"; line: {line}"


def budget_s(clock: dict[str, Any] | None, cap_ms: int | None) -> float:
    """Seconds to think on this request: a safe share of its clock, at most `cap_ms`."""
    if not clock or clock.get("move_ms") is None:
        seconds = 1.0 if cap_ms is None else cap_ms / 1000
    else:
        move = clock["move_ms"] / 1000
        bank = (clock.get("bank_ms") or 0) / 1000
        seconds = MOVE_SHARE * move + BANK_SHARE * bank - RESERVE_S
        seconds = min(seconds, move + bank - 2 * RESERVE_S)
    if cap_ms is not None:
        seconds = min(seconds, cap_ms / 1000)
    return max(0.0, seconds)


class SearchBot(altay_bot.Bot):
    name = "search"
    version = "1.0"
    many_games = True  # `start` builds the belief and search of each game afresh

    def __init__(self, seed: str, cap_ms: int | None, every_stage: bool = False) -> None:
        self.seed = seed
        self.cap_ms = cap_ms
        #: search at every stage the game's decisions are worth it, not only where search pays
        self.every_stage = every_stage
        self.rng = random.Random(seed)
        self.game: Game | None = None
        self.belief: Any = None
        self.search: Search | None = None
        self.repeat_events = False
        self.static: Any = None
        self.players = 1

    def start(self, hello: dict[str, Any]) -> None:
        name = (hello.get("kind") or {}).get("name", "altay")
        game = load_game(name)
        if not game.search.has_sampler:
            altay_bot.log(f"search plays games with a belief sampler only; {name} has none")
            sys.exit(2)
        seat = hello["seat"]
        self.rng = random.Random(f"{self.seed}/{seat}")
        self.game = game
        self.static = hello.get("static")
        # one belief for every seat the program plays (a cooperative game's clans: the
        # observation of each shows the hands of all), the search for the seat asked
        self.belief = game.search.new_belief(hello["game"], self.static, seat)
        self.players = int(hello.get("num_players") or 1)
        heuristic = self._heuristic()
        module = sys.modules.get(getattr(heuristic, "__module__", ""))
        forget = getattr(module, "new_game", None)
        if callable(forget):  # its plans in progress are the last game's
            forget()
        if game.search.greedy_guided:
            self.search = Search(game, seat, self.rng, horizon_turns=1, own_policy=self.greedy_on_state)
        elif game.search.playouts_to_the_end and heuristic is not None:
            save, restore = getattr(module, "remember", None), getattr(module, "recall", None)
            memory = (save, restore) if callable(save) and callable(restore) else None
            self.search = Search(game, seat, self.rng, end_policy=self.team_on_state, memory=memory)
        else:
            self.search = Search(game, seat, self.rng)
        self.repeat_events = False

    def error(self, message: dict[str, Any]) -> None:
        super().error(message)
        self.repeat_events = bool(message.get("retry"))  # the next request repeats its events

    def choose(self, request: dict[str, Any]) -> altay_bot.Answer:
        t0 = time.perf_counter()
        assert self.belief is not None and self.search is not None
        events = [] if self.repeat_events else request.get("events", [])
        self.repeat_events = False
        n = len(request["actions"])
        deadline = t0 + budget_s(request.get("clock"), self.cap_ms)
        self.search.seat = int(request.get("seat", self.search.seat))
        try:
            if hasattr(self.belief, "deadline"):  # a belief that may take long to follow a step
                self.belief.deadline = deadline + RESERVE_S
            if getattr(self.belief, "takes_actions", False):  # their order shows a hand's
                self.belief.update(request["observation"], events, actions=request["actions"])
            else:
                self.belief.update(request["observation"], events)
            if n == 1:
                return 0
            assert self.game is not None
            # a cooperative game: the team's heuristic is the choice to beat (random playouts
            # are its rollouts' policy, far weaker; or the heuristic's own, to the end, at the
            # decisions worth it); a greedy-guided game: the greedy's
            if self.search.end_policy is not None:
                base = self.heuristic(request)
                if not self.game.search.worth_searching(request["observation"], self.every_stage):
                    return base, "the team heuristic's choice (not a decision searched)"
                return self.search.choose(self.belief, n, deadline, base)
            if self.game.kind.cooperative:
                return self.search.choose(self.belief, n, deadline, self.heuristic(request), TEAM_CONFIDENCE)
            if self.game.search.greedy_guided:
                return self.search.choose(self.belief, n, deadline, self.heuristic(request))
            return self.search.choose(self.belief, n, deadline)
        except Exception as exc:  # never forfeit over a bug of ours: say so, answer anyway
            fallback = self.heuristic(request)
            altay_bot.log(f"search failed ({type(exc).__name__}: {exc}); the game's heuristic played")
            return fallback, f"search failed: {type(exc).__name__}; the game's heuristic played"

    def greedy_on_state(self, state: Any, rng: random.Random) -> int:
        """The in-process greedy player's choice in a simulated state, for the seat to move
        (what it would be sent: its observation and the legal actions as JSON values)."""
        game = self.game
        assert game is not None
        seat = state.to_move
        observation = msgspec.to_builtins(game.player_observation(state, seat, (seat,)))
        actions = [game.action_to_builtins(a) for a in state.legal_actions()]
        return self.heuristic({"observation": observation, "actions": actions}, rng)

    def team_on_state(self, state: Any, rng: random.Random) -> int:
        """The in-process team player's choice in a simulated world, for the clan to move,
        seeing every clan's hand of that world (in a playout the whole team is played)."""
        game = self.game
        assert game is not None
        seat = state.to_move
        seats = tuple(range(self.players))
        observation = msgspec.to_builtins(game.player_observation(state, seat, seats))
        actions = [game.action_to_builtins(a) for a in state.legal_actions()]
        return self.heuristic({"observation": observation, "actions": actions}, rng)

    def _heuristic(self) -> Any:
        """The game's own in-process greedy player (None without one)."""
        assert self.game is not None
        target = self.game.search.in_process_bots.get("greedy")
        if target is None:
            return None
        module, _, function = target.partition(":")
        return getattr(importlib.import_module(module), function)

    def heuristic(self, request: dict[str, Any], rng: random.Random | None = None) -> int:
        """The game's own in-process greedy player's choice (the first action without one)."""
        assert self.game is not None
        choose = self._heuristic()
        if choose is None:
            return 0
        extra = {"static": self.static} if self.game.search.in_process_static else {}
        index = choose(request["observation"], request["actions"], rng or self.rng, **extra)
        return index if isinstance(index, int) and 0 <= index < len(request["actions"]) else 0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", nargs="?", default="0", help="seed for the bot's own choices")
    parser.add_argument("--ms", type=int, default=None, help="think at most N ms per decision")
    parser.add_argument(
        "--every-stage",
        action="store_true",
        help="search at every stage of the game, also where the engine found search does not pay "
        "(Mammothodus: before the last place of power; for experiments)",
    )
    args = parser.parse_args(argv)
    altay_bot.serve(SearchBot(args.seed, args.ms, args.every_stage))


if __name__ == "__main__":
    main()
