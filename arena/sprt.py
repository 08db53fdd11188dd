"""Statistics of a sequential probability ratio test (SPRT) between two bots, and their Elo difference.

Games are played in pairs on one deal with the seats swapped. NEW scores 1, 0.5 or 0 in a game
(ahead of, tied with, behind BASE), so a pair scores 0, 0.5, 1, 1.5 or 2: the five pentanomial
counts, in fastchess's names LL, LD, LW+DD, DW, WW (index = pair score * 2). Only complete pairs
count; a pair with a game that failed to be played is left out by the caller.

The mathematics is that of fastchess (Disservin/fastchess, app/src/matchmaking/sprt/sprt.cpp and
app/src/matchmaking/elo/elo_pentanomial.cpp), itself Michel Van den Bergh's generalized SPRT as in
fishtest (official-stockfish/fishtest, server/fishtest/stats/LLRcalc.py):

- the LLR is N * sum_i phat_i * log(p1_i / p0_i), where phat is the empirical distribution of pair
  scores and p0, p1 are its maximum-likelihood neighbours under the constraint of each hypothesis:
  expected score s0/s1 (logistic Elo; "Comments on Normalized Elo", proposition 1.1) or t-value
  (mu - 1/2) / sigma = t0/t1 (normalized Elo; same note, section 4.1);
- empty cells are regularized as in both: a zero count becomes 1e-3, and N is the regularized total;
- the Elo estimate is the mean per game with a normal 95% interval from the per-pair variance, mapped
  through the logistic formula (Elo) or divided by the per-game standard deviation (nElo).

Pure functions: no I/O, no clocks, standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

PAIR_SCORES: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0)
"""The score of a pair for each pentanomial cell (index = pair score * 2)."""

_CELL_MEANS: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)  # mean score per game of each cell

REGULARIZATION = 1e-3
"""The count given to an empty cell in the LLR, as fastchess and fishtest do."""

NELO_PER_T = 800.0 / math.log(10.0)  # 347.43558552260146: nElo = t-value per game * this
CI95_Z = 1.959963984540054  # the two-sided 95% quantile of the standard normal

ELO_CAP = 1000.0
"""Logistic Elo is clamped to [-ELO_CAP, ELO_CAP], so a score of 0 or 1, or an interval bound at
or beyond it, stays finite and printable: a value equal to +-ELO_CAP means "this or beyond".
Logistic Elo reaches 1000 at a score of about 0.99685."""

NELO_CAP = 10000.0
"""Normalized Elo is clamped to [-NELO_CAP, NELO_CAP]; it is infinite only when every pair scored
the same (zero variance) and the score is not 1/2, but lopsided matches reach thousands."""

_SOLVER_ITERATIONS = 200
_T_VALUE_ITERATIONS = 100
_T_VALUE_TOLERANCE = 1e-12


class EloModel(StrEnum):
    LOGISTIC = "logistic"
    NORMALIZED = "normalized"


class Verdict(StrEnum):
    H0 = "H0"  # accept elo0: NEW is not better by elo1
    H1 = "H1"  # accept elo1
    CONTINUE = "continue"


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """Counts of complete pairs scoring 0, 0.5, 1, 1.5 and 2 (LL, LD, LW+DD, DW, WW).

    Single-game wins, draws and losses cannot be recovered exactly (a pair scoring 1 is LW or DD),
    so they are not offered.
    """

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        counts = tuple(self.counts)
        if len(counts) != 5:
            raise ValueError(f"a pentanomial has 5 counts, got {len(counts)}")
        for c in counts:
            if isinstance(c, bool) or not isinstance(c, int) or c < 0:
                raise ValueError(f"pentanomial counts are non-negative integers, got {counts!r}")
        object.__setattr__(self, "counts", counts)

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def games(self) -> int:
        return 2 * self.pairs

    @property
    def points(self) -> float:
        """NEW's total score over all games."""
        return sum(c * s for c, s in zip(self.counts, PAIR_SCORES))

    @property
    def score(self) -> float:
        """NEW's mean score per game; 0.5 (no evidence either way) with no pairs."""
        return self.points / self.games if self.pairs else 0.5

    def add(self, pair_score: float) -> Pentanomial:
        """A new Pentanomial with one more pair scoring `pair_score` (0, 0.5, 1, 1.5 or 2)."""
        index = _cell_index(pair_score)
        counts = list(self.counts)
        counts[index] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))

    @staticmethod
    def from_pair_scores(scores: Iterable[float | None]) -> Pentanomial:
        """Count pair scores; None marks an incomplete pair and is skipped."""
        counts = [0, 0, 0, 0, 0]
        for score in scores:
            if score is not None:
                counts[_cell_index(score)] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))


def _cell_index(pair_score: float) -> int:
    doubled = float(pair_score) * 2.0
    index = round(doubled) if math.isfinite(doubled) else -1
    if not 0 <= index <= 4 or abs(doubled - index) > 1e-9:
        raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2, got {pair_score!r}")
    return index


# --- Elo <-> score ---------------------------------------------------------------------------------


def logistic_elo_to_score(elo: float) -> float:
    """Expected score per game at a logistic Elo difference: 1 / (1 + 10^(-elo/400)).

    Never overflows: +-inf give 1 and 0.
    """
    if math.isnan(elo):
        raise ValueError("Elo is NaN")
    if elo >= 0:
        return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))
    e = math.pow(10.0, elo / 400.0)
    return e / (1.0 + e)


def score_to_logistic_elo(score: float) -> float:
    """Logistic Elo difference of a score per game, clamped to [-ELO_CAP, ELO_CAP].

    A score of 0 or 1 (or beyond, as an interval bound may be) gives -ELO_CAP or +ELO_CAP, never
    an infinity, so the result can always be printed and subtracted.
    """
    if math.isnan(score):
        raise ValueError("score is NaN")
    if score <= 0.0:
        return -ELO_CAP
    if score >= 1.0:
        return ELO_CAP
    return _cap(-400.0 * math.log10(1.0 / score - 1.0))


def _cap(elo: float, cap: float = ELO_CAP) -> float:
    return max(-cap, min(cap, elo))


def _normal_cdf(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


# --- SPRT -------------------------------------------------------------------------------------------


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper) LLR bounds: (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)); Wald's bounds."""
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0):
        raise ValueError(f"alpha and beta must lie strictly between 0 and 1, got {alpha}, {beta}")
    if alpha + beta >= 1.0:
        raise ValueError(f"alpha + beta must be below 1, got {alpha} + {beta}")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


class _NoSolution(ValueError):
    """The constrained maximum-likelihood problem has no solution from where it was started."""


def _regularized(counts: Sequence[int]) -> tuple[float, list[float]]:
    """(N, empirical probabilities) with each empty cell given REGULARIZATION pairs."""
    cells = [float(c) if c else REGULARIZATION for c in counts]
    total = sum(cells)
    return total, [c / total for c in cells]


def _solve_secular(probs: Sequence[float], a: Sequence[float]) -> float:
    """The root x of sum_i probs_i * a_i / (1 + x * a_i) = 0 with every 1 + x * a_i > 0.

    The function is strictly decreasing on (-1/max a, -1/min a), from +inf to -inf when every
    probs_i > 0 and min a < 0 < max a, so the root is unique: safeguarded Newton inside the bracket
    (fastchess uses ITP, fishtest Brent; any bracketed method finds the same root).
    """
    lo_a, hi_a = min(a), max(a)
    if not lo_a < 0.0 < hi_a:
        raise _NoSolution("the secular equation has no root: the hypothesis is out of reach")
    lo, hi = -1.0 / hi_a, -1.0 / lo_a
    x = 0.0
    for _ in range(_SOLVER_ITERATIONS):
        f = 0.0
        df = 0.0
        for p, ai in zip(probs, a):
            d = 1.0 + x * ai
            f += p * ai / d
            df -= p * ai * ai / (d * d)
        if f == 0.0:
            return x
        if f > 0.0:
            lo = x
        else:
            hi = x
        nxt = x - f / df if df < 0.0 else 0.5 * (lo + hi)
        if not lo < nxt < hi:
            nxt = 0.5 * (lo + hi)
        if abs(nxt - x) <= 1e-15 * max(1.0, abs(x)) or nxt in (lo, hi):
            return nxt
        x = nxt
    return x


def _mle_expected(probs: Sequence[float], s: float) -> list[float]:
    """Maximum-likelihood distribution over the cells with mean s per game, given probs."""
    a = [m - s for m in _CELL_MEANS]
    x = _solve_secular(probs, a)
    return [p / (1.0 + x * ai) for p, ai in zip(probs, a)]


def _mean_var(p: Sequence[float]) -> tuple[float, float]:
    mu = sum(pi * m for pi, m in zip(p, _CELL_MEANS))
    return mu, sum(pi * (m - mu) ** 2 for pi, m in zip(p, _CELL_MEANS))


def _t_value_iteration(probs: Sequence[float], t: float, ref: float, start: Sequence[float]) -> list[float]:
    """The fixed-point iteration of Van den Bergh's note, section 4.1, from `start`."""
    p = list(start)
    diff = math.inf
    for _ in range(_T_VALUE_ITERATIONS):
        mu, var = _mean_var(p)
        sigma = math.sqrt(var)
        phi = [m - ref - 0.5 * t * sigma * (1.0 + ((m - mu) / sigma) ** 2) for m in _CELL_MEANS]
        x = _solve_secular(probs, phi)
        new = [pi / (1.0 + x * f) for pi, f in zip(probs, phi)]
        diff = max(abs(u - v) for u, v in zip(new, p))
        p = new
        if diff < _T_VALUE_TOLERANCE:
            return p
    if diff < 1e-9:  # converged as far as rounding lets it (fishtest stops after 10 rounds)
        return p
    raise _NoSolution("the t-value iteration did not converge")


def _mle_t_value(probs: Sequence[float], t: float, ref: float = 0.5) -> list[float]:
    """Maximum-likelihood distribution with t-value (mu - ref) / sigma = t, given probs.

    Started from the uniform distribution, as fishtest's MLE_t_value and fastchess's
    getLLR_normalized do. For a hypothesis far from the data (hundreds of nElo away, fastchess
    issue #879) that start may leave the secular equation without a root; then t is reached by
    continuation from t = 0, each step starting at the previous step's solution, where the root
    always exists.
    """
    n = len(probs)
    uniform = [1.0 / n] * n
    try:
        return _t_value_iteration(probs, t, ref, uniform)
    except _NoSolution:
        pass
    p = _t_value_iteration(probs, 0.0, ref, uniform)
    done, step = 0.0, t / 8.0
    while done != t:
        target = done + step if abs(step) < abs(t - done) else t
        try:
            p = _t_value_iteration(probs, target, ref, p)
            done = target
            step *= 2.0
        except _NoSolution:
            step /= 2.0
            if abs(step) < 1e-9 * max(1.0, abs(t)):
                raise
    return p


def llr(p: Pentanomial, elo0: float, elo1: float, model: EloModel = EloModel.LOGISTIC) -> float:
    """Generalized log-likelihood ratio of elo1 against elo0 given the pair counts.

    elo0 and elo1 are logistic Elo (model LOGISTIC) or normalized Elo (model NORMALIZED). Empty
    cells are regularized (REGULARIZATION); with no pairs at all there is no evidence and the LLR
    is 0. ValueError for a non-finite Elo or one whose expected score rounds to 0 or 1.
    """
    model = EloModel(model)
    if not (math.isfinite(elo0) and math.isfinite(elo1)):
        raise ValueError(f"elo0 and elo1 must be finite, got {elo0}, {elo1}")
    if p.pairs == 0:
        return 0.0
    total, probs = _regularized(p.counts)
    if model is EloModel.LOGISTIC:
        s0, s1 = logistic_elo_to_score(elo0), logistic_elo_to_score(elo1)
        if not (0.0 < s0 < 1.0 and 0.0 < s1 < 1.0):
            raise ValueError(f"elo0 and elo1 are too extreme for the logistic model: {elo0}, {elo1}")
        p0, p1 = _mle_expected(probs, s0), _mle_expected(probs, s1)
    else:
        # a pair's t-value is sqrt(2) times a game's (its sigma is 1/sqrt(2) of a game's, per game)
        t0, t1 = (math.sqrt(2.0) * e / NELO_PER_T for e in (elo0, elo1))
        p0, p1 = _mle_t_value(probs, t0), _mle_t_value(probs, t1)
    return total * sum(ph * (math.log(b) - math.log(a)) for ph, a, b in zip(probs, p0, p1))


# --- Elo estimate ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """Elo difference of NEW over BASE with its 95% interval, and the score behind it.

    elo, low and high are logistic Elo or normalized Elo, as `model` says, clamped to +-ELO_CAP
    or +-NELO_CAP. score is NEW's mean score per game and [score_low, score_high] its normal 95%
    interval, as fastchess computes it: near a score of 0 or 1 it can reach past [0, 1] (a logistic
    bound there is the cap). los is the likelihood of superiority, P(NEW is better), 0..1.
    """

    elo: float
    low: float
    high: float
    los: float
    score: float
    score_low: float
    score_high: float
    model: EloModel = EloModel.LOGISTIC

    @property
    def error(self) -> float:
        """Half the interval's width: the "+/-" fastchess prints after the Elo."""
        return (self.high - self.low) / 2.0

    @property
    def capped(self) -> bool:
        """True when a value reached its model's clamp (print it as "at least" / "at most")."""
        cap = ELO_CAP if self.model is EloModel.LOGISTIC else NELO_CAP
        return any(abs(v) >= cap for v in (self.elo, self.low, self.high))


def elo_estimate(p: Pentanomial, model: EloModel = EloModel.LOGISTIC) -> EloEstimate | None:
    """Elo estimate from the pairs, as fastchess prints it ("Elo: x +/- y, nElo: ..., LOS: ...").

    The mean per game is the mean of pair scores / 2; its standard error is sqrt(var_pair / N) / 2
    (var_pair the variance of a pair's score). None with no pairs.
    """
    model = EloModel(model)
    n = p.pairs
    if n == 0:
        return None
    probs = [c / n for c in p.counts]
    score, var = _mean_var(probs)  # per game: var is the pair variance / 4
    se = math.sqrt(var / n)
    score_low = score - CI95_Z * se  # not cut to [0, 1], as in fastchess: nElo stays linear
    score_high = score + CI95_Z * se
    if se > 0.0:
        los = _normal_cdf((score - 0.5) / se)
    else:
        los = 1.0 if score > 0.5 else 0.0 if score < 0.5 else 0.5

    to_elo: Callable[[float], float]
    if model is EloModel.LOGISTIC:
        to_elo = score_to_logistic_elo
    else:
        sigma_game = math.sqrt(2.0 * var)  # per-game deviation seen through pairs (nElo's unit)

        def normalized_elo(s: float) -> float:
            if sigma_game > 0.0:
                return _cap((s - 0.5) / sigma_game * NELO_PER_T, NELO_CAP)
            return 0.0 if s == 0.5 else math.copysign(NELO_CAP, s - 0.5)

        to_elo = normalized_elo

    return EloEstimate(
        elo=to_elo(score),
        low=to_elo(score_low),
        high=to_elo(score_high),
        los=los,
        score=score,
        score_low=score_low,
        score_high=score_high,
        model=model,
    )


# --- the test as a whole ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SprtStatus:
    llr: float
    lower: float
    upper: float
    verdict: Verdict
    estimate: EloEstimate | None
    pentanomial: Pentanomial


def sprt_status(
    p: Pentanomial,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
    model: EloModel = EloModel.LOGISTIC,
) -> SprtStatus:
    """Where the test stands: H1 once llr >= upper, H0 once llr <= lower, else CONTINUE.

    Raises ValueError unless elo0 < elo1 and the error rates are valid (as fastchess refuses them).
    The estimate is in the units of `model`.
    """
    model = EloModel(model)
    if not elo0 < elo1:
        raise ValueError(f"elo0 must be below elo1, got {elo0} and {elo1}")
    lower, upper = sprt_bounds(alpha, beta)
    value = llr(p, elo0, elo1, model)
    if value >= upper:
        verdict = Verdict.H1
    elif value <= lower:
        verdict = Verdict.H0
    else:
        verdict = Verdict.CONTINUE
    return SprtStatus(
        llr=value,
        lower=lower,
        upper=upper,
        verdict=verdict,
        estimate=elo_estimate(p, model),
        pentanomial=p,
    )
