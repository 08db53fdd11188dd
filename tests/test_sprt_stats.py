"""SPRT and Elo statistics (arena/sprt.py) against published fastchess numbers, and their properties.

fastchess builds its pentanomial Stats as Stats(LL, LD, WL, DD, WD, WW); our cells are
(LL, LD, WL+DD, WD, WW), so `_fc` below merges WL and DD.
"""

from __future__ import annotations

import math

import pytest

from arena.sprt import (
    ELO_CAP,
    NELO_CAP,
    EloEstimate,
    EloModel,
    Pentanomial,
    SprtStatus,
    Verdict,
    elo_estimate,
    llr,
    logistic_elo_to_score,
    score_to_logistic_elo,
    sprt_bounds,
    sprt_status,
)

LOGISTIC = EloModel.LOGISTIC
NORMALIZED = EloModel.NORMALIZED


def _fc(ll: int, ld: int, wl: int, dd: int, wd: int, ww: int) -> Pentanomial:
    """A Pentanomial from fastchess's six-count Stats constructor order."""
    return Pentanomial((ll, ld, wl + dd, wd, ww))


def _estimate(p: Pentanomial, model: EloModel = LOGISTIC) -> EloEstimate:
    e = elo_estimate(p, model)
    assert e is not None
    return e


# --- published reference values -------------------------------------------------------------------

# Disservin/fastchess, app/tests/sprt_test.cpp ("logistic pentanomial 1/2", "normalized pentanomial
# 1/2"): counts, elo0, elo1, model, LLR as published (2 decimals; fastchess checks to 1% relative).
# The inputs and results also appear in the PR that added them (Disservin/fastchess#426).
FASTCHESS_LLR = [
    ((223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, LOGISTIC, -3.07),
    ((871, 26175, 55003, 980, 26678, 821), 0.0, 2.0, LOGISTIC, -4.98),
    ((365, 16618, 36029, 200, 16974, 390), 0.0, 2.0, NORMALIZED, 2.25),
    ((127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, NORMALIZED, 3.01),
]


@pytest.mark.parametrize(("stats", "elo0", "elo1", "model", "expected"), FASTCHESS_LLR)
def test_llr_matches_fastchess_sprt_test(
    stats: tuple[int, int, int, int, int, int], elo0: float, elo1: float, model: EloModel, expected: float
) -> None:
    value = llr(_fc(*stats), elo0, elo1, model)
    assert value == pytest.approx(expected, abs=0.005)  # agrees to the published 2 decimals


def test_llr_and_nelo_match_fastchess_cli_example() -> None:
    # Disservin/fastchess PR #783 ("feat: print sprt/elo from the cli"), description:
    # `--sprt 379 10170 21828 10640 343 elo0=0 elo1=2 model=normalized` (LL, LD, WL+DD, WD, WW)
    # prints "Normalized Elo: 3.05 +/- 2.31" and "LLR: 2.94598 (-2.94, 2.94)".
    p = Pentanomial((379, 10170, 21828, 10640, 343))
    assert llr(p, 0.0, 2.0, NORMALIZED) == pytest.approx(2.94598, abs=1e-3)
    e = _estimate(p, NORMALIZED)
    assert round(e.elo, 2) == 3.05
    assert round(e.error, 2) == 2.31
    status = sprt_status(p, 0.0, 2.0, model=NORMALIZED)
    assert status.verdict is Verdict.H1  # "SPRT Result: H1 was accepted"
    assert (round(status.lower, 2), round(status.upper, 2)) == (-2.94, 2.94)


# Disservin/fastchess, app/tests/elo_test.cpp ("EloPentanomial 1/2/3"; the LOS of case 3 from its Rust
# port, app/src/matchmaking/elo/mod.rs): Elo diff, Elo error, nElo diff, nElo error, LOS as printed.
FASTCHESS_ELO = [
    ((34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28, "100.00 %"),
    ((332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96, "5.05 %"),
    ((7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65, "0.00 %"),
]


@pytest.mark.parametrize(("stats", "elo", "error", "nelo", "nelo_error", "los"), FASTCHESS_ELO)
def test_elo_estimate_matches_fastchess_elo_test(
    stats: tuple[int, int, int, int, int, int],
    elo: float,
    error: float,
    nelo: float,
    nelo_error: float,
    los: str,
) -> None:
    p = _fc(*stats)
    logistic = _estimate(p, LOGISTIC)
    normalized = _estimate(p, NORMALIZED)
    assert logistic.elo == pytest.approx(elo, abs=0.005)
    assert logistic.error == pytest.approx(error, abs=0.005)
    assert normalized.elo == pytest.approx(nelo, abs=0.005)
    assert normalized.error == pytest.approx(nelo_error, abs=0.005)
    assert f"{logistic.los * 100:.2f} %" == los
    assert normalized.los == logistic.los
    assert normalized.score == logistic.score


@pytest.mark.parametrize(
    ("counts", "lelo", "lelo_error", "nelo", "nelo_error", "expected_llr"),
    [
        # Disservin/fastchess PR #882 (fix for issue #879), comment by vondele: Ptnml(0-2) [72, 10, 0, 0, 0],
        # SPRT [-1000, -500] normalized: "Elo: -600.97 +/- 118.46, nElo: -1409.98 +/- 53.17",
        # "LLR: -2.97", H0 accepted.
        ((72, 10, 0, 0, 0), -600.97, 118.46, -1409.98, 53.17, -2.97),
        # same comment: Ptnml(0-2) [77, 1, 0, 0, 0]: "Elo: -997.10 +/- nan, nElo: -4339.56 +/- 54.52",
        # "LLR: -2.95". (fastchess's Elo error is NaN: its lower score bound is below 0.)
        ((77, 1, 0, 0, 0), -997.10, None, -4339.56, 54.52, -2.95),
    ],
)
def test_far_normalized_hypothesis_matches_fastchess_fix(
    counts: tuple[int, int, int, int, int],
    lelo: float,
    lelo_error: float | None,
    nelo: float,
    nelo_error: float,
    expected_llr: float,
) -> None:
    p = Pentanomial(counts)
    status = sprt_status(p, -1000.0, -500.0, model=NORMALIZED)
    assert status.llr == pytest.approx(expected_llr, abs=0.005)
    assert status.verdict is Verdict.H0
    logistic = _estimate(p, LOGISTIC)
    assert logistic.elo == pytest.approx(lelo, abs=0.005)
    if lelo_error is None:
        assert logistic.low == -ELO_CAP  # our cap where fastchess has NaN
        assert logistic.capped
    else:
        assert logistic.error == pytest.approx(lelo_error, abs=0.005)
    normalized = _estimate(p, NORMALIZED)
    assert normalized.elo == pytest.approx(nelo, abs=0.005)
    assert normalized.error == pytest.approx(nelo_error, abs=0.005)


def test_sprt_bounds_are_walds() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=1e-3)
    assert upper == pytest.approx(2.944, abs=1e-3)
    assert (lower, upper) == (math.log(0.05 / 0.95), math.log(0.95 / 0.05))
    lower, upper = sprt_bounds(0.05, 0.10)
    assert lower == pytest.approx(math.log(0.10 / 0.95))
    assert upper == pytest.approx(math.log(0.90 / 0.05))


@pytest.mark.parametrize(("alpha", "beta"), [(0.0, 0.05), (0.05, 1.0), (0.6, 0.5), (-0.1, 0.05)])
def test_sprt_bounds_reject_bad_error_rates(alpha: float, beta: float) -> None:
    with pytest.raises(ValueError):
        sprt_bounds(alpha, beta)


# --- Elo <-> score ---------------------------------------------------------------------------------


def test_logistic_conversions() -> None:
    assert logistic_elo_to_score(0.0) == 0.5
    assert logistic_elo_to_score(400.0) == pytest.approx(10 / 11)
    assert logistic_elo_to_score(-400.0) == pytest.approx(1 / 11)
    for elo in (-800.0, -123.4, -1.0, 0.0, 2.5, 350.0, 900.0):
        assert score_to_logistic_elo(logistic_elo_to_score(elo)) == pytest.approx(elo, abs=1e-9)
    # no overflow, no log(0): the ends map to the documented cap
    assert logistic_elo_to_score(1e6) == 1.0
    assert logistic_elo_to_score(-1e6) == 0.0
    assert logistic_elo_to_score(math.inf) == 1.0
    assert logistic_elo_to_score(-math.inf) == 0.0
    assert score_to_logistic_elo(1.0) == ELO_CAP
    assert score_to_logistic_elo(0.0) == -ELO_CAP
    assert score_to_logistic_elo(1.2) == ELO_CAP
    assert score_to_logistic_elo(-0.1) == -ELO_CAP
    assert score_to_logistic_elo(0.9999) == ELO_CAP
    with pytest.raises(ValueError):
        score_to_logistic_elo(math.nan)


# --- Pentanomial ----------------------------------------------------------------------------------


def test_pentanomial_counts_pairs() -> None:
    p = Pentanomial()
    assert p.counts == (0, 0, 0, 0, 0)
    assert (p.pairs, p.games, p.score) == (0, 0, 0.5)
    p = p.add(2).add(1.5).add(1).add(1.0).add(0.5).add(0)
    assert p.counts == (1, 1, 2, 1, 1)
    assert (p.pairs, p.games, p.points) == (6, 12, 6.0)
    assert p.score == 0.5
    q = Pentanomial.from_pair_scores([2, 2, 1.5, None, 0.5])  # None: an incomplete pair, not counted
    assert q.counts == (0, 1, 0, 1, 2)
    assert q.score == pytest.approx(6.0 / 8)
    assert Pentanomial([1, 2, 3, 4, 5]).counts == (1, 2, 3, 4, 5)  # type: ignore[arg-type]


def test_pentanomial_is_immutable() -> None:
    p = Pentanomial()
    q = p.add(1)
    assert p.pairs == 0 and q.pairs == 1
    with pytest.raises(AttributeError):
        p.counts = (1, 0, 0, 0, 0)  # type: ignore[misc]


@pytest.mark.parametrize("bad", [0.25, 2.5, -0.5, 3, math.nan, math.inf])
def test_pentanomial_rejects_impossible_pair_scores(bad: float) -> None:
    with pytest.raises(ValueError):
        Pentanomial().add(bad)
    with pytest.raises(ValueError):
        Pentanomial.from_pair_scores([1, bad])


@pytest.mark.parametrize("counts", [(1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 0, -1, 0, 0), (0, 0, 1.5, 0, 0)])
def test_pentanomial_rejects_bad_counts(counts: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        Pentanomial(counts)  # type: ignore[arg-type]


# --- LLR properties -------------------------------------------------------------------------------

SOME = Pentanomial((20, 150, 300, 170, 25))


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
def test_llr_is_zero_for_equal_hypotheses(model: EloModel) -> None:
    for p in (SOME, Pentanomial((0, 0, 0, 0, 9)), Pentanomial((3, 0, 1, 0, 0))):
        assert llr(p, 2.0, 2.0, model) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
def test_llr_is_zero_without_pairs(model: EloModel) -> None:
    assert llr(Pentanomial(), 0.0, 5.0, model) == 0.0


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
def test_llr_grows_with_wins(model: EloModel) -> None:
    values = []
    p = SOME
    for _ in range(6):
        values.append(llr(p, 0.0, 5.0, model))
        p = p.add(2).add(2).add(1.5)
    assert values == sorted(values)
    assert values[-1] > values[0]
    # and a better pair in place of a worse one raises it too
    better = Pentanomial((20, 149, 300, 171, 25))
    assert llr(better, 0.0, 5.0, model) > llr(SOME, 0.0, 5.0, model)


def test_llr_is_antisymmetric_in_the_hypotheses() -> None:
    assert llr(SOME, 5.0, 0.0) == pytest.approx(-llr(SOME, 0.0, 5.0), abs=1e-9)


def test_llr_mirrors_when_the_bots_swap() -> None:
    mirrored = Pentanomial(tuple(reversed(SOME.counts)))  # type: ignore[arg-type]
    for model in (LOGISTIC, NORMALIZED):
        assert llr(mirrored, -5.0, 0.0, model) == pytest.approx(-llr(SOME, 0.0, 5.0, model), abs=1e-9)


def test_llr_matches_the_normal_approximation_on_much_data() -> None:
    # Van den Bergh's GSPRT_approximation (fishtest LLRcalc.LLR_alt2): N (s1 - s0)(2 s - s0 - s1) / (2 var)
    p = Pentanomial((900, 8000, 20000, 8300, 1000))
    s0, s1 = logistic_elo_to_score(0.0), logistic_elo_to_score(5.0)
    n = p.pairs
    mean = sum(c * m for c, m in zip(p.counts, (0, 0.25, 0.5, 0.75, 1))) / n
    var = sum(c * (m - mean) ** 2 for c, m in zip(p.counts, (0, 0.25, 0.5, 0.75, 1))) / n
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert llr(p, 0.0, 5.0) == pytest.approx(approx, rel=0.02)


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
@pytest.mark.parametrize("counts", [(0, 0, 0, 0, 1), (0, 0, 0, 0, 500), (1, 0, 0, 0, 0), (500, 0, 0, 0, 0)])
def test_one_sided_runs_do_not_crash(model: EloModel, counts: tuple[int, int, int, int, int]) -> None:
    p = Pentanomial(counts)
    value = llr(p, 0.0, 5.0, model)
    assert math.isfinite(value)
    assert (value > 0) == (counts[4] > 0)
    e = _estimate(p, model)
    assert e.score in (0.0, 1.0)
    assert e.los == (1.0 if counts[4] else 0.0)
    assert all(math.isfinite(v) for v in (e.elo, e.low, e.high, e.error))
    assert e.capped
    cap = ELO_CAP if model is LOGISTIC else NELO_CAP
    assert e.elo == (cap if counts[4] else -cap)


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
def test_all_ties_do_not_crash(model: EloModel) -> None:
    p = Pentanomial((0, 0, 40, 0, 0))
    assert math.isfinite(llr(p, 0.0, 5.0, model))
    assert llr(p, 0.0, 5.0, model) < 0  # an even score favours elo0 = 0 over elo1 = 5
    e = _estimate(p, model)
    assert (e.elo, e.low, e.high, e.los, e.score) == (0.0, 0.0, 0.0, 0.5, 0.5)
    assert not e.capped


def test_extreme_hypotheses() -> None:
    with pytest.raises(ValueError):
        llr(SOME, 0.0, math.inf)
    with pytest.raises(ValueError):
        llr(SOME, 0.0, 1e5)  # its expected score rounds to 1
    # far normalized hypotheses are reached by continuation (fastchess issue #879 gave NaN)
    assert llr(Pentanomial((3, 0, 0, 0, 40)), 2000.0, 3000.0, NORMALIZED) < 0


# --- verdicts -------------------------------------------------------------------------------------


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
def test_verdicts(model: EloModel) -> None:
    winning = sprt_status(Pentanomial((5, 40, 100, 90, 30)), 0.0, 10.0, model=model)
    assert winning.verdict is Verdict.H1 and winning.llr >= winning.upper
    losing = sprt_status(Pentanomial((30, 90, 100, 40, 5)), 0.0, 10.0, model=model)
    assert losing.verdict is Verdict.H0 and losing.llr <= losing.lower
    undecided = sprt_status(Pentanomial((2, 10, 20, 12, 3)), 0.0, 10.0, model=model)
    assert undecided.verdict is Verdict.CONTINUE
    assert undecided.lower < undecided.llr < undecided.upper


def test_sprt_status_fields() -> None:
    status = sprt_status(SOME, 0.0, 5.0, alpha=0.05, beta=0.1)
    assert isinstance(status, SprtStatus)
    assert status.pentanomial is SOME
    assert (status.lower, status.upper) == sprt_bounds(0.05, 0.1)
    assert status.llr == llr(SOME, 0.0, 5.0)
    assert status.estimate == elo_estimate(SOME)
    assert str(status.verdict) in ("H0", "H1", "continue")
    empty = sprt_status(Pentanomial(), 0.0, 5.0)
    assert (empty.llr, empty.verdict, empty.estimate) == (0.0, Verdict.CONTINUE, None)
    assert sprt_status(SOME, 0.0, 5.0, model="normalized").estimate == elo_estimate(SOME, NORMALIZED)  # type: ignore[arg-type]


def test_sprt_status_validates() -> None:
    with pytest.raises(ValueError):
        sprt_status(SOME, 5.0, 0.0)
    with pytest.raises(ValueError):
        sprt_status(SOME, 2.0, 2.0)
    with pytest.raises(ValueError):
        sprt_status(SOME, 0.0, 5.0, alpha=0.0)
    with pytest.raises(ValueError):
        sprt_status(SOME, 0.0, 5.0, model="bayesian")  # type: ignore[arg-type]


def test_enum_values() -> None:
    assert [m.value for m in EloModel] == ["logistic", "normalized"]
    assert [v.value for v in Verdict] == ["H0", "H1", "continue"]
    assert EloModel("normalized") is NORMALIZED


# --- Elo estimate properties ----------------------------------------------------------------------


def test_no_estimate_without_pairs() -> None:
    assert elo_estimate(Pentanomial()) is None
    assert elo_estimate(Pentanomial(), NORMALIZED) is None


@pytest.mark.parametrize("model", [LOGISTIC, NORMALIZED])
def test_interval_contains_the_estimate_and_shrinks(model: EloModel) -> None:
    base = (3, 14, 30, 17, 4)
    widths = []
    for k in (1, 4, 16, 64):
        e = _estimate(Pentanomial(tuple(k * c for c in base)), model)  # type: ignore[arg-type]
        assert e.low < e.elo < e.high
        assert e.score_low < e.score < e.score_high
        widths.append(e.high - e.low)
        assert e.elo > 0  # same proportions: same estimate
    assert widths == sorted(widths, reverse=True)
    assert widths[-1] == pytest.approx(widths[0] / 8, rel=0.05)  # 1 / sqrt(64)


def test_standard_error_is_the_pair_variance_over_four() -> None:
    p = Pentanomial((10, 20, 40, 25, 5))
    n = p.pairs
    pair_scores = [s for s, c in zip((0, 0.5, 1, 1.5, 2), p.counts) for _ in range(c)]
    mean_pair = sum(pair_scores) / n
    var_pair = sum((s - mean_pair) ** 2 for s in pair_scores) / n
    se = math.sqrt(var_pair / n) / 2
    e = _estimate(p)
    assert e.score == pytest.approx(mean_pair / 2)
    assert e.score_high - e.score == pytest.approx(1.959963984540054 * se)
    assert e.low == pytest.approx(score_to_logistic_elo(e.score - 1.959963984540054 * se))
    assert e.los == pytest.approx(0.5 * math.erfc(-(e.score - 0.5) / se / math.sqrt(2)))


def test_los_is_one_half_at_an_even_score() -> None:
    for counts in ((10, 20, 40, 20, 10), (5, 0, 3, 0, 5), (1, 1, 1, 1, 1)):
        e = _estimate(Pentanomial(counts))
        assert e.score == 0.5
        assert e.los == pytest.approx(0.5)
        assert e.elo == pytest.approx(0.0, abs=1e-12)
    assert _estimate(Pentanomial((1, 2, 3, 4, 5))).los > 0.5
    assert _estimate(Pentanomial((5, 4, 3, 2, 1))).los < 0.5
