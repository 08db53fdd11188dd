"""OpenSkill ratings (Weng-Lin Bayesian, Plackett-Luce model) from multiplayer game ranks.

Each game is one free-for-all: every seat a one-player team, ranked by the game result (1 = best,
shared ranks are ties, a forfeiting bot is ranked last by the referee). Games are processed in
game-id order, never in completion order, so the same database always gives the same ratings.

Model constants: the openskill defaults mu = 25, sigma = 25/3, beta = 25/6, kappa = 1e-4, except
tau = 0. Tau adds uncertainty before every game to follow players whose skill drifts; a bot is
the same program in every game of an arena, so its sigma should only shrink as evidence grows.
The leaderboard is sorted by the ordinal mu - 3 sigma: a conservative skill estimate that ranks
a bot high only once the games have shown it is strong (about 99.7% one-sided under the model).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = 0.0
Z = 3.0  # ordinal = mu - Z * sigma


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma


def new_model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def compute_ratings(
    names: Sequence[str], games: Iterable[tuple[Sequence[str], Sequence[int]]]
) -> dict[str, Rating]:
    """Ratings after every game, in the order given: each game is (bot name per seat, rank per seat).

    Every name in `names` gets a rating (the prior if it played no game).
    """
    model = new_model()
    current = {name: model.rating(name=name) for name in names}
    for bots, ranks in games:
        teams = [[current[b]] for b in bots]
        rated = model.rate(teams, ranks=[float(r) for r in ranks])
        for bot, team in zip(bots, rated, strict=True):
            current[bot] = team[0]
    return {name: Rating(r.mu, r.sigma) for name, r in current.items()}
