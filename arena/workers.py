"""Which cluster worker played which games: the report's and `--json`'s "workers" part.

From the `game_workers` rows (schema 5; games played locally have none): per worker, its games,
their bot failures (by status), games per second over the time the arena's cluster games were
stored (first to last, pauses between runs included), and its cores and highest load as the
worker said them. Overall figures come first, with how many of the games the coordinator
re-simulated and the sample rate of the last cluster run (`--verify-sample`; games stored before
schema 6 were all re-simulated). An arena never played on a cluster has none.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from .records import GameRecord
from .store import ArenaStore


def workers_board(store: ArenaStore, records: list[GameRecord]) -> dict[str, Any] | None:
    """The "workers" part of the board, or None when no stored game was played on a cluster."""
    said = store.game_workers()
    if not said:
        return None
    by_id = {r.game_id: r for r in records}
    finished = _finished_at(store, list(said))
    times = sorted(finished.values())
    span = max(1.0, (times[-1] - times[0]).total_seconds()) if times else 1.0
    rows: dict[str, dict[str, Any]] = {}
    for game_id, where in sorted(said.items()):
        row = rows.setdefault(
            where.worker, {"worker": where.worker, "games": 0, "failures": Counter(), "cores": 0, "load": 0.0}
        )
        row["games"] += 1
        row["cores"] = max(row["cores"], where.cores)
        row["load"] = max(row["load"], where.load)
        record = by_id.get(game_id)
        for f in record.failures if record is not None else ():
            row["failures"][f.get("status", "?")] += 1
    out = []
    for row in sorted(rows.values(), key=lambda r: r["worker"]):
        row["failures"] = dict(sorted(row["failures"].items()))
        row["games_per_s"] = round(row["games"] / span, 3)
        out.append(row)
    return {
        "games": len(said),
        "resimulated": sum(where.resimulated is not False for where in said.values()),
        "verify_sample": store.verify_sample(),
        "shipped": store.shipped(),  # `--ship`: the bots' unit sent (sha256, bytes, roots), or None
        "games_per_s": round(len(said) / span, 3),
        "span_s": round(span, 1),
        "workers": out,
    }


def _finished_at(store: ArenaStore, game_ids: list[int]) -> dict[int, dt.datetime]:
    out = {}
    wanted = set(game_ids)
    for game_id, at in store.conn.execute("SELECT game_id, finished_at FROM games"):
        if game_id in wanted:
            try:
                out[int(game_id)] = dt.datetime.fromisoformat(at)
            except (TypeError, ValueError):
                continue
    return out


__all__ = ["workers_board"]
