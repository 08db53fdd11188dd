"""Round-robin arenas between bot programs: schedule, parallel runner, results store, ratings.

Modules, one job each:
  schedule     which bots play which deal in which seats (pure, deterministic)
  params       the arena parameters: parsed from the command line, stored, compared on resume
               (each game's clocks, failure policy and sandbox are the referee's MatchOptions)
  store        the SQLite results database (WAL, one transaction per finished game)
  worker       a worker process: plays scheduled games with the referee, returns GameRecords
  runner       the parent: feeds workers, stores results, stops cleanly on Ctrl-C/SIGTERM
  session      opening/creating/resuming an arena folder, and its lock
  modes        a round robin or an SPRT: when a run may stop early, how it ended
  driver       one run start to end (`altay arena` and `altay sprt` from Python): check the
               bots, open or resume the folder, play the missing games, the outcome
  verify       `altay arena verify` from Python: every row and log checked, bad games forgotten
  progress     progress bar (terminal) or periodic line (pipes), on stderr
  ratings      OpenSkill Plackett-Luce ratings from game ranks, in game-id order
  leaderboard  ratings + per-bot/seat/role statistics as plain data
  report       the leaderboard as tables, JSON or CSV

The schedule (see `arena.schedule` for the details):
  * every group = combination of N of the M bots (N = players per game);
  * G deals (`--games`): deal d is an engine seed derived from the master seed with a keyed
    hash (HMAC-SHA256), plus the game's deal from that seed (one role per seat: Altay's
    factions, with its recommended start farmlands); every group plays the same deals;
  * every deal is played in every seating of the group: the N cyclic rotations (default), or
    all N! permutations, so each bot plays each seat, role and turn position of the deal;
  * total games = C(M, N) x G x (N or N!); game ids run deal by deal, then group, then seating.

Usage from Python:

    from arena.params import ArenaParams, BotEntry
    params = ArenaParams(bots=(BotEntry("a", "random"), BotEntry("b", "greedy")), players=2, games=4)
    schedule = params.schedule()          # list[ScheduledGame], in game-id order
    from arena.driver import RunOptions, run
    result = run(Path("out"), params, RunOptions(concurrency=2))   # plays it: result.outcome
"""

from .params import ArenaParams, BotEntry
from .records import GameRecord
from .schedule import ScheduledGame, build_schedule

__all__ = ["ArenaParams", "BotEntry", "GameRecord", "ScheduledGame", "build_schedule"]
