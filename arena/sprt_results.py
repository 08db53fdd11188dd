"""An SPRT's standing, from the games stored in its arena folder: pairs, LLR, Elo, verdict.

`altay sprt` is an arena with a paired schedule (`arena.schedule.build_pair_schedule`): deal d is
played twice, games 2d and 2d + 1, with NEW and BASE in swapped seats. A game scores 1 for NEW
when it finished ahead of BASE (a better rank), 0.5 for a tie and 0 behind; a forfeit ranks
the forfeiting seat last, so a crash or a timeout is a lost game, as in fastchess. A pair
counts once both of its games are stored; the statistics are `arena.sprt`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .params import ArenaParams, BotEntry
from .records import GameRecord
from .sprt import ELO_CAP, NELO_CAP, EloEstimate, EloModel, Pentanomial, SprtStatus, Verdict, sprt_status

VERDICT_TEXT = {
    Verdict.H1: "H1 accepted: NEW is stronger than BASE by about elo1 or more",
    Verdict.H0: "H0 accepted: NEW is not stronger than BASE by elo1 (about elo0 or less)",
    Verdict.CONTINUE: "no decision yet",
}


def elo_text(est: EloEstimate | None, unit: str = "Elo") -> str:
    """`Elo +45.1 ± 20.3`, or `Elo +1000 or more` when the score is beyond what Elo can measure."""
    if est is None:
        return f"{unit} -"
    cap = ELO_CAP if est.model is EloModel.LOGISTIC else NELO_CAP
    if est.elo >= cap:
        return f"{unit} {cap:+.0f} or more"
    if est.elo <= -cap:
        return f"{unit} {-cap:+.0f} or less"
    return f"{unit} {est.elo:+.1f} ± {est.error:.1f}"


def game_score(params: ArenaParams, record: GameRecord) -> float:
    """NEW's score against BASE in one game: 1 ahead, 0.5 tied, 0 behind."""
    new, base = params.bots[0].name, params.bots[1].name
    mine = record.ranks[record.bots.index(new)]
    theirs = record.ranks[record.bots.index(base)]
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


@dataclass(slots=True)
class SprtTracker:
    """Pairs as their games arrive (in any order), counted in schedule order: the test runs over
    the longest prefix of the schedule whose pairs are all complete, and stops at the first
    prefix that decides; pairs beyond it are kept aside and never counted. So the order in which
    games finish (workers, a cluster) never changes a verdict."""

    params: ArenaParams
    pentanomial: Pentanomial = field(default_factory=Pentanomial)
    wdl: Counter[str] = field(default_factory=Counter)  # single games: "win", "draw", "loss" for NEW
    halves: dict[int, float] = field(default_factory=dict)  # deal -> the score of its first game in
    waiting: dict[int, float] = field(default_factory=dict)  # complete pairs not counted: deal -> points
    counted: int = 0  # pairs counted: deals 0 .. counted - 1
    decided: bool = False  # a prefix decided: nothing more is counted
    games: int = 0

    def add(self, record: GameRecord) -> bool:
        """Count one stored game; True when pairs were counted (the status changed)."""
        score = game_score(self.params, record)
        self.games += 1
        self.wdl["win" if score == 1.0 else "draw" if score == 0.5 else "loss"] += 1
        deal = record.game_id // 2
        if deal not in self.halves:
            self.halves[deal] = score
            return False
        self.waiting[deal] = self.halves.pop(deal) + score
        changed = False
        while not self.decided and self.counted in self.waiting:
            self.pentanomial = self.pentanomial.add(self.waiting.pop(self.counted))
            self.counted += 1
            changed = True
            self.decided = self.status().verdict is not Verdict.CONTINUE
        return changed

    def add_all(self, records: Iterable[GameRecord]) -> None:
        for rec in records:
            self.add(rec)

    def status(self) -> SprtStatus:
        spec = self.params.sprt
        assert spec is not None
        return sprt_status(
            self.pentanomial, spec.elo0, spec.elo1, spec.alpha, spec.beta, EloModel(spec.model)
        )

    def line(self) -> str:
        """One progress line, as fastchess prints its interim results."""
        st = self.status()
        p = self.pentanomial
        est = st.estimate
        unit = "Elo" if self.params.sprt is None or self.params.sprt.model == "logistic" else "nElo"
        elo = elo_text(est, unit) + ("" if est is None else f", LOS {est.los:.1%}")
        counts = ", ".join(str(c) for c in p.counts)
        return (
            f"sprt: {p.pairs} pairs ({self.games} games), LLR {st.llr:.2f} "
            f"[{st.lower:.2f}, {st.upper:.2f}], {elo}, pairs LL..WW [{counts}]"
        )


def _bot(entry: BotEntry) -> dict[str, Any]:
    return {"name": entry.name, "command": entry.command, "conditions": dict(entry.conditions)}


def sprt_board(params: ArenaParams, records: Iterable[GameRecord], scheduled: int) -> dict[str, Any]:
    """Everything `altay sprt` reports, as plain data (the `--json` output)."""
    spec = params.sprt
    assert spec is not None
    records = sorted(records, key=lambda r: r.game_id)
    tracker = SprtTracker(params)
    tracker.add_all(records)
    st = tracker.status()
    est = st.estimate
    failures: dict[str, Counter[str]] = {b.name: Counter() for b in params.bots}
    ends: Counter[str] = Counter()
    for rec in records:
        ends[rec.end_reason or "unfinished"] += 1
        for f in rec.failures:
            failures[rec.bots[f["seat"]]][f.get("status", "?")] += 1
    p = tracker.pentanomial
    decided = st.verdict is not Verdict.CONTINUE
    return {
        "sprt": {
            "game": params.game,
            "new": _bot(params.bots[0]),
            "base": _bot(params.bots[1]),
            "fillers": [_bot(b) for b in params.bots[2:]],
            "players": params.players,
            "elo0": spec.elo0,
            "elo1": spec.elo1,
            "alpha": spec.alpha,
            "beta": spec.beta,
            "model": spec.model,
            "max_pairs": params.games,
            "seed": params.seed,
            "move_ms": params.match.move_ms,
            "bank_ms": params.match.bank_ms,
            "increment_ms": params.match.increment_ms,
            "on_failure": params.match.on_failure,
        },
        "games": tracker.games,
        "games_scheduled": scheduled,
        "pairs": p.pairs,
        "incomplete_pairs": len(tracker.halves),
        # complete pairs past a missing one, or past the decision: not counted
        "pairs_not_counted": len(tracker.waiting),
        "wins": tracker.wdl["win"],
        "draws": tracker.wdl["draw"],
        "losses": tracker.wdl["loss"],
        "points": p.points,
        "pentanomial": list(p.counts),
        "llr": round(st.llr, 4),
        "lower": round(st.lower, 4),
        "upper": round(st.upper, 4),
        "verdict": st.verdict.value,
        "decided": decided,
        "exhausted": not decided and p.pairs >= params.games,
        "elo": None
        if est is None
        else {
            "text": elo_text(est, "Elo" if spec.model == "logistic" else "nElo"),
            "capped": est.capped,
            "model": est.model.value,
            "elo": round(est.elo, 2),
            "low": round(est.low, 2),
            "high": round(est.high, 2),
            "error": round(est.error, 2),
            "los": round(est.los, 4),
            "score": round(est.score, 4),
            "score_95": [round(est.score_low, 4), round(est.score_high, 4)],
        },
        "failures": {name: dict(sorted(c.items())) for name, c in failures.items()},
        "end_reasons": dict(sorted(ends.items())),
    }


def sprt_text(board: dict[str, Any]) -> str:
    """The final report, laid out as fastchess's."""
    s = board["sprt"]
    new, base = s["new"]["name"], s["base"]["name"]
    fillers = ", ".join(f["name"] for f in s["fillers"])
    lines = [
        f"SPRT {new} (NEW) vs {base} (BASE), {s['game']}, {s['players']} players"
        + (f" with {fillers}" if fillers else "")
        + f", move {s['move_ms']} ms, bank {s['bank_ms']} ms, seed {s['seed']}",
    ]
    own = [
        f"{b['name']} " + ", ".join(f"{k.replace('_', '-')} {v}" for k, v in b["conditions"].items())
        for b in (s["new"], s["base"], *s["fillers"])
        if b.get("conditions")
    ]
    if own:
        lines.append("Own conditions: " + "; ".join(own))
    elo = board["elo"]
    unit = "Elo" if s["model"] == "logistic" else "nElo"
    if elo is None:
        lines.append(f"{unit}: - (no complete pair yet)")
    else:
        interval = "" if elo["capped"] else f" (95%: {elo['low']:+.1f} to {elo['high']:+.1f})"
        lines.append(f"{elo['text']}{interval}, LOS: {elo['los']:.1%}, score {elo['score']:.1%}")
    games = board["games"]
    lines.append(
        f"Games: {games}, Wins: {board['wins']}, Losses: {board['losses']}, Draws: {board['draws']} "
        f"(NEW's view; a draw is a tie in rank)"
    )
    lines.append(
        f"Pairs: {board['pairs']} (LL, LD, LW+DD, DW, WW): {board['pentanomial']}"
        + (f", {board['incomplete_pairs']} incomplete" if board["incomplete_pairs"] else "")
        + (
            f", {board['pairs_not_counted']} not counted (past the decision, or after a missing game)"
            if board["pairs_not_counted"]
            else ""
        )
    )
    lines.append(
        f"LLR: {board['llr']:.2f} ({board['lower']:.2f}, {board['upper']:.2f}) "
        f"[{s['elo0']:g}, {s['elo1']:g}], alpha {s['alpha']:g}, beta {s['beta']:g}, {s['model']} Elo"
    )
    verdict = Verdict(board["verdict"])
    if board["exhausted"]:
        lines.append(f"SPRT: no decision within --max-pairs {s['max_pairs']}")
    else:
        lines.append(f"SPRT: {VERDICT_TEXT[verdict]}")
    bad = {name: c for name, c in board["failures"].items() if c}
    if bad:
        text = "; ".join(f"{name}: " + ", ".join(f"{n} {k}" for k, n in c.items()) for name, c in bad.items())
        lines.append(f"Failures (each a lost game): {text}")
    return "\n".join(lines)
