"""Replay re-derives every field it can, so one edited field never needs a signature to be caught.

For each of the three games, real logs (a bot answered again under `retry`, one played for by
default actions, a forfeit, a game stopped by Ctrl-C) are edited one field at a time and
re-chained (every `prev` recomputed, as a forger who knows the format would): each edit of a
re-derived field replays INVALID with a divergence naming that field. Each edit of an attested
field replays VALID (the verdict says such fields are covered by a signature alone) and breaks
the signature of a signed log. protocol/LOG-FORMAT.md's table says the same, field for field.
A header claiming an absurd number of players is refused at once by every command that reads
a log.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
import orjson
import pytest
from click.testing import CliRunner

from altay_cli.commands.replay import replay as replay_cmd
from altay_cli.engine import load_game
from altay_cli.gamelog import Decision, Failure, Header, Result, SeatInfo, Signature, Stderr, to_json_bytes
from altay_cli.logsign import generate
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.replay import ATTESTED_FIELDS, INVALID, UNREADABLE, UNSIGNED_NOTE, VALID, replay_log
from tests.play_helpers import REPO, run_altay
from tests.referee_helpers import bad_bot

GAMES = ("altay", "innovation", "mammothodus")
SHORT = {"altay": {"max_rounds": 3}, "innovation": {"max_turns": 12}, "mammothodus": {"max_turns": 12}}
KINDS = {  # kind of log: (seat 0's bot, the failure policy)
    "retry": (("flaky.py",), "retry"),  # every decision of seat 0 answered again
    "default": (("illegal_action.py",), "default"),  # every decision of seat 0 played for it
    "forfeit": (("crash.py", 4), "lose"),  # seat 0 crashes (with a word on stderr) and forfeits
}

Lines = list[dict]


def lines_of(path: Path) -> Lines:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def write(path: Path, lines: Lines) -> Path:
    out: list[bytes] = []
    for i, line in enumerate(lines):
        if i and "prev" in line:
            line = {**line, "prev": hashlib.sha256(out[-1]).hexdigest()}
        out.append(to_json_bytes(line))  # orjson, or msgspec for an integer beyond 64 bits
    path.write_bytes(b"".join(raw + b"\n" for raw in out))
    return path


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[tuple[str, str], Path]:
    folder = tmp_path_factory.mktemp("rederive")
    signer = generate(folder / "organiser.key")
    out: dict[tuple[str, str], Path] = {}
    for game in GAMES:
        g = load_game(game)
        config = msgspec.structs.replace(g.make_config(2, 31), **SHORT[game])
        for kind, (bot, policy) in KINDS.items():
            out[game, kind] = folder / f"{game}-{kind}.jsonl"
            bots = [BotSpec("x", bad_bot(*bot)), BotSpec("r", "random")]
            run_match(bots, config, MatchOptions(on_failure=policy), log_path=out[game, kind])
        out[game, "signed"] = folder / f"{game}-signed.jsonl"
        bots = [BotSpec("x", bad_bot("flaky.py")), BotSpec("r", "random")]
        run_match(bots, config, MatchOptions(on_failure="retry"), log_path=out[game, "signed"], signer=signer)

        def stop(state, decision) -> None:
            if decision.n == 7:
                raise KeyboardInterrupt

        out[game, "aborted"] = folder / f"{game}-aborted.jsonl"
        random2 = [BotSpec("a", "random"), BotSpec("b", "random")]
        run_match(random2, g.make_config(2, 32), log_path=out[game, "aborted"], on_decision=stop)
    team = [BotSpec("team", "random")] * 2
    out["mammothodus", "team"] = folder / "mammothodus-team.jsonl"
    config = msgspec.structs.replace(load_game("mammothodus").make_config(2, 33), max_turns=8)
    run_match(team, config, log_path=out["mammothodus", "team"], players=[(0, 1)])
    for name, path in out.items():
        assert replay_log(path, strict=True).status == VALID, name
    return out


# ----------------------------------------------------------------------------- where to edit
def at(lines: Lines, kind: str, pick: Callable[[dict], bool] = lambda _: True, nth: int = 0) -> dict:
    """The nth line of `kind` that `pick` accepts."""
    return [line for line in lines if line["type"] == kind and pick(line)][nth]


def result(lines: Lines) -> dict:
    return at(lines, "result")


def legal_at(game: str, lines: Lines, decision: dict) -> list[dict]:
    """The legal actions (as JSON) when `decision` was taken."""
    g = load_game(game)
    header = msgspec.convert(lines[0], Header)
    state = g.new_state(header.game_config(g, result(lines)["seed"]))
    for line in lines:
        if line is decision:
            break
        if line["type"] == "decision":
            state.apply(g.action_from_builtins(line["action"]))
    return [g.action_to_builtins(a) for a in state.legal_actions()]


def a_choice(game: str, lines: Lines, status: str = "ok") -> tuple[dict, list[dict]]:
    """A decision of `status` taken among several legal actions, and those actions."""
    for line in lines:
        if line["type"] == "decision" and line["status"] == status:
            legal = legal_at(game, lines, line)
            if len(legal) > 1:
                return line, legal
    raise AssertionError("no decision with a choice")


def other_seat(seat: int) -> int:
    return 1 - seat


def change_action(game: str, lines: Lines) -> None:
    d, legal = a_choice(game, lines)
    d["action"] = next(a for a in legal if a != d["action"])


def change_index(game: str, lines: Lines) -> None:
    d, legal = a_choice(game, lines)
    d["index"] = (d["index"] + 1) % len(legal)


def default_plays_another(game: str, lines: Lines) -> None:
    d, legal = a_choice(game, lines, status="default")
    d["action"], d["index"] = legal[1], 1


def bump_limit(game: str, lines: Lines) -> None:
    key = "max_rounds" if game == "altay" else "max_turns"
    lines[0]["config"][key] += 1


def scores(lines: Lines) -> None:
    result(lines)["scores"][0]["total"] += 1


def ranks(lines: Lines) -> None:
    r = result(lines)
    r["ranks"] = [2, 1] if r["ranks"] != [2, 1] else [1, 2]


def winners(lines: Lines) -> None:
    r = result(lines)
    r["winners"] = [0] if r["winners"] != [0] else [1]


def team(lines: Lines) -> None:
    r = result(lines)
    r["team"] = "won" if r["team"] != "won" else "lost"


Edit = Callable[[str, Lines], None]
#: (what is edited, the log it is edited in, the edit, the divergence's field)
REDERIVED: list[tuple[str, str, Edit, str]] = [
    ("header.config", "retry", bump_limit, "initial_digest"),
    ("header.initial_digest", "retry", lambda g, L: L[0].update(initial_digest="0" * 32), "initial_digest"),
    ("header.seed_commitment", "retry", lambda g, L: L[0].update(seed_commitment="0" * 64), "seed"),
    ("seat.seat", "retry", lambda g, L: L[0]["seats"][1].update(seat=5), "seats"),
    ("decision.n", "retry", lambda g, L: at(L, "decision", nth=3).update(n=4), "n"),
    ("decision.seat", "retry", lambda g, L: at(L, "decision", nth=3).update(seat=7), "seat"),
    ("decision.action", "retry", change_action, "index"),
    ("decision.action (default)", "default", default_plays_another, "action"),
    ("decision.index", "retry", change_index, "index"),
    ("decision.digest", "retry", lambda g, L: at(L, "decision", nth=3).update(digest="0" * 32), "digest"),
    (
        "decision.status",
        "retry",
        lambda g, L: at(L, "decision", lambda d: d["status"] == "ok").update(status="retry"),
        "status",
    ),
    (
        "failure.seat",
        "retry",
        lambda g, L: at(L, "failure", nth=1).update(seat=1 - at(L, "failure", nth=1)["seat"]),
        "seat",
    ),
    (
        "failure.n",
        "retry",
        lambda g, L: at(L, "failure", nth=1).update(n=at(L, "failure", nth=1)["n"] + 1),
        "n",
    ),
    (
        "failure.consequence",
        "retry",
        lambda g, L: at(L, "failure").update(consequence="discarded"),
        "consequence",
    ),
    (
        "result.decisions",
        "retry",
        lambda g, L: result(L).update(decisions=result(L)["decisions"] - 1),
        "decisions",
    ),
    ("result.final_digest", "retry", lambda g, L: result(L).update(final_digest="0" * 32), "final_digest"),
    ("result.finished", "retry", lambda g, L: result(L).update(finished=False), "finished"),
    (
        "result.finished (aborted)",
        "retry",
        lambda g, L: result(L).update(finished=False, end_reason="aborted"),
        "finished",
    ),
    ("result.finished (forfeit)", "forfeit", lambda g, L: result(L).update(finished=True), "finished"),
    ("result.end_reason", "retry", lambda g, L: result(L).update(end_reason="aborted"), "end_reason"),
    (
        "result.end_reason (forfeit)",
        "forfeit",
        lambda g, L: result(L).update(end_reason="aborted"),
        "end_reason",
    ),
    ("result.rounds", "retry", lambda g, L: result(L).update(rounds=result(L)["rounds"] + 1), "rounds"),
    ("result.turns", "retry", lambda g, L: result(L).update(turns=result(L)["turns"] + 1), "turns"),
    ("result.scores", "retry", lambda g, L: scores(L), "scores"),
    ("result.ranks", "retry", lambda g, L: ranks(L), "ranks"),
    ("result.ranks (forfeit)", "forfeit", lambda g, L: ranks(L), "ranks"),
    ("result.winners", "retry", lambda g, L: winners(L), "winners"),
    ("result.forfeits", "retry", lambda g, L: result(L).update(forfeits=[1]), "forfeits"),
    ("result.forfeits (forfeit)", "forfeit", lambda g, L: result(L).update(forfeits=[]), "forfeits"),
    ("result.team", "retry", lambda g, L: team(L), "team"),
    ("result.team (forfeit)", "forfeit", lambda g, L: team(L), "team"),
    ("result.failures", "retry", lambda g, L: result(L)["failures"][0].update(detail="nothing"), "failures"),
    ("result.failures (order)", "retry", lambda g, L: result(L)["failures"].reverse(), "failures"),
    ("result.seed", "retry", lambda g, L: result(L).update(seed=result(L)["seed"] + 1), "seed"),
    ("result.seed_nonce", "retry", lambda g, L: result(L).update(seed_nonce="0" * 32), "seed"),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("what", "kind", "edit", "field"), REDERIVED, ids=[e[0] for e in REDERIVED])
def test_an_edited_rederived_field_is_invalid_and_named(
    logs, tmp_path, game, what, kind, edit, field
) -> None:
    lines = lines_of(logs[game, kind])
    before = orjson.dumps(lines)
    edit(game, lines)
    assert orjson.dumps(lines) != before, "the edit changed nothing"
    verdict = replay_log(write(tmp_path / "edited.jsonl", lines))
    assert verdict.status == INVALID, f"{what}: {verdict.message}"
    assert verdict.divergence.field == field, (what, verdict.divergence.to_dict())
    if what == "header.config":
        assert "configuration" in verdict.message


#: Attested fields replay still checks for sense: (what, the log, the edit, the divergence's field).
CHECKED: list[tuple[str, str, Edit, str]] = [
    ("seat.name (empty)", "retry", lambda g, L: L[0]["seats"][1].update(name=" "), "seats"),
    (
        "seat.player (another program's seat)",
        "retry",
        lambda g, L: L[0]["seats"][1].update(player=0),
        "seats",
    ),
    ("stderr.seat (no such seat)", "forfeit", lambda g, L: at(L, "stderr").update(seat=9), "seat"),
    ("failure.status (unknown)", "retry", lambda g, L: at(L, "failure").update(status="exploded"), "status"),
    (
        "failure.status (never retried)",
        "retry",
        lambda g, L: at(L, "failure").update(status="late_answer"),
        "consequence",
    ),
]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("what", "kind", "edit", "field"), CHECKED, ids=[e[0] for e in CHECKED])
def test_an_attested_field_out_of_its_bounds_is_invalid(
    logs, tmp_path, game, what, kind, edit, field
) -> None:
    lines = lines_of(logs[game, kind])
    edit(game, lines)
    verdict = replay_log(write(tmp_path / "edited.jsonl", lines))
    assert verdict.status == INVALID, f"{what}: {verdict.message}"
    assert verdict.divergence.field == field, (what, verdict.divergence.to_dict())


def test_the_team_result_and_a_finished_game_cannot_be_relabelled(logs, tmp_path) -> None:
    """The two holes of the last examination, as they were found."""
    lines = lines_of(logs["mammothodus", "forfeit"])
    assert result(lines)["team"] == "lost"
    result(lines)["team"] = "won"
    verdict = replay_log(write(tmp_path / "won.jsonl", lines))
    assert verdict.status == INVALID and verdict.divergence.field == "team"
    assert verdict.divergence.expected == "won" and verdict.divergence.actual == "lost"
    lines = lines_of(logs["mammothodus", "retry"])
    assert result(lines)["finished"] is True
    result(lines).update(finished=False, end_reason="aborted")
    verdict = replay_log(write(tmp_path / "aborted.jsonl", lines))
    assert verdict.status == INVALID and "a game the engine finished is finished" in verdict.message


def test_an_edited_game_name_or_format_is_not_a_log_of_that_game(logs, tmp_path) -> None:
    lines = lines_of(logs["altay", "retry"])
    lines[0]["game"] = "innovation"
    verdict = replay_log(write(tmp_path / "game.jsonl", lines))
    assert verdict.status == UNREADABLE and "configuration is not valid" in verdict.message
    lines[0]["game"], lines[0]["format"] = "altay", "chess-pgn"
    assert replay_log(write(tmp_path / "format.jsonl", lines)).status == UNREADABLE


# ----------------------------------------------------------------------------- attested fields
def set_in(path: str, value: object) -> Callable[[Lines], None]:
    """An edit of one attested field: 'LINE.FIELD' ('seat.name': the first seat's)."""
    kind, field = path.split(".")

    def edit(lines: Lines) -> None:
        if kind == "header":
            target = lines[0]
        elif kind == "seat":
            target = lines[0]["seats"][1]
        else:
            target = at(lines, kind)
        target[field] = value(target[field]) if callable(value) else value

    return edit


#: (LINE.FIELD, the log, the new value): every field ATTESTED_FIELDS lists, edited.
ATTESTED: list[tuple[str, str, object]] = [
    ("header.format_version", "retry", 2),  # format 2 also accepts the failures in time order
    ("header.engine_version", "retry", "0.9"),
    ("header.altay_version", "retry", "0.0.1"),
    ("header.protocol_version", "retry", 7),
    ("header.source", "retry", "arena"),
    ("header.created", "retry", "1999-12-31T23:59:59+00:00"),
    ("header.meta", "retry", {"options": {"move_ms": 99_999}}),
    ("header.log_id", "retry", "0" * 32),
    ("header.seed_source", "retry", "organiser"),
    ("seat.name", "retry", "someone else"),
    ("seat.command", "retry", "python3 other_bot.py"),
    ("seat.kind", "retry", "human"),
    ("seat.player", "team", None),  # replaced below: the seat said to be played alone
    ("seat.process_since", "retry", 7),  # with process_games (the two come together): said kept
    ("seat.process_games", "retry", 3),  # with process_since: said kept from an earlier game
    ("decision.request_id", "retry", lambda v: v + 100),
    ("decision.time_ms", "retry", 0.001),
    ("decision.overhead_us", "retry", 1.0),
    ("decision.cpu_ms", "retry", 12.5),
    ("decision.info", "retry", "I meant this"),
    ("failure.status", "retry", "bad_json"),  # illegal_action: another failure with the same consequence
    ("failure.detail", "retry", "nothing happened"),
    ("failure.request_id", "retry", lambda v: v + 100),
    ("stderr.seat", "forfeit", 1),  # the other program's (which wrote nothing)
    ("stderr.text", "forfeit", "forged"),
    ("stderr.truncated", "forfeit", True),
    ("stderr.bytes_total", "forfeit", 12345),
    ("result.end_reason", "aborted", None),  # stopped by Ctrl-C, or saved unfinished
]


def attested_edit(game: str, path: str, kind: str, value: object, lines: Lines) -> None:
    if path == "seat.player":
        lines[0]["seats"][1].pop("player")
        return
    if path in ("seat.process_since", "seat.process_games"):  # a process said kept: both or neither
        seat = lines[0]["seats"][0]
        seat["process_since"], seat["process_games"] = (value, 1) if path.endswith("since") else (0, value)
        return
    set_in(path, value)(lines)
    if path in ("failure.status", "failure.detail", "failure.request_id"):  # the result lists it too
        line = at(lines, "failure")
        result(lines)["failures"][0] = {k: v for k, v in line.items() if k not in ("type", "prev")}


def test_the_attested_edits_cover_every_attested_field() -> None:
    covered = {tuple(path.split(".")) for path, _, _ in ATTESTED}
    listed = {(line, field) for line, fields in ATTESTED_FIELDS.items() for field in fields}
    assert covered == listed


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("path", "kind", "value"), ATTESTED, ids=[a[0] for a in ATTESTED])
def test_an_edited_attested_field_needs_the_signature(logs, tmp_path, game, path, kind, value) -> None:
    if kind == "team" and game != "mammothodus":
        pytest.skip("one program in several seats: cooperative games only")
    lines = lines_of(logs[game, kind])
    before = orjson.dumps(lines)
    attested_edit(game, path, kind, value, lines)
    assert orjson.dumps(lines) != before, "the edit changed nothing"
    verdict = replay_log(write(tmp_path / "edited.jsonl", lines), strict=True)
    assert verdict.status == VALID, f"{path}: {verdict.message}"
    assert UNSIGNED_NOTE in verdict.notes
    if kind != "retry":
        return
    signed = lines_of(logs[game, "signed"])  # the same kind of log, signed: the edit breaks it
    attested_edit(game, path, kind, value, signed)
    verdict = replay_log(write(tmp_path / "signed.jsonl", signed))
    assert verdict.status == INVALID and verdict.divergence.kind == "signature", verdict.message


# ----------------------------------------------------------------------------- the documentation
LOG_FORMAT = REPO / "protocol" / "LOG-FORMAT.md"
STRUCTS = {"header": Header, "seat": SeatInfo, "decision": Decision, "failure": Failure}
STRUCTS |= {"stderr": Stderr, "result": Result, "signature": Signature}


def documented() -> dict[tuple[str, str], str]:
    """(line, field) -> 're-derived' or 'attested', from LOG-FORMAT.md's table."""
    rows = {}
    for line in LOG_FORMAT.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*`?(\w+)`?\s*\|\s*`(\w+)`\s*\|\s*(re-derived|attested|chain)\b", line)
        if m:
            rows[m.group(1), m.group(2)] = m.group(3)
    return rows


def test_the_log_format_table_names_every_field_and_what_replay_does_with_it() -> None:
    rows = documented()
    fields = {(line, f) for line, struct in STRUCTS.items() for f in struct.__struct_fields__}
    assert set(rows) == fields, (sorted(fields - set(rows)), sorted(set(rows) - fields))
    attested = {key for key, how in rows.items() if how == "attested"}
    assert attested == {(line, f) for line, fs in ATTESTED_FIELDS.items() for f in fs}
    assert "LOG-FORMAT.md" in (REPO / "README.md").read_text(encoding="utf-8")
    assert "LOG-FORMAT.md" in (REPO / "protocol" / "PROTOCOL.md").read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- the command line
def test_replay_says_attested_fields_are_covered_by_a_signature_alone(logs) -> None:
    runner = CliRunner()
    unsigned = runner.invoke(replay_cmd, [str(logs["altay", "retry"])])
    assert unsigned.exit_code == 0
    assert [line for line in unsigned.output.splitlines() if "attested" in line] == [
        f"  note: {UNSIGNED_NOTE}"
    ]
    signed = runner.invoke(replay_cmd, [str(logs["altay", "signed"])])
    assert signed.exit_code == 0 and "attested" not in signed.output
    as_json = orjson.loads(runner.invoke(replay_cmd, [str(logs["altay", "retry"]), "--json"]).output)
    assert UNSIGNED_NOTE in as_json["notes"] and as_json["attested"]["covered_by_signature"] is False
    assert as_json["attested"]["fields"]["decision"] == list(ATTESTED_FIELDS["decision"])
    as_json = orjson.loads(runner.invoke(replay_cmd, [str(logs["altay", "signed"]), "--json"]).output)
    assert as_json["attested"]["covered_by_signature"] is True and UNSIGNED_NOTE not in as_json["notes"]


ABSURD = {
    "10**30 players": lambda h: h["config"].update(players=10**30),
    "-3 players": lambda h: h["config"].update(players=-3),
    "0 players": lambda h: h["config"].update(players=0),
    "1e30 players": lambda h: h["config"].update(players=1e30),
    "a million seats": lambda h: h.update(seats=h["seats"][:1] * 1_000_000),
    "65 seats": lambda h: h.update(seats=[{**h["seats"][0], "seat": i} for i in range(65)]),
}


@pytest.mark.parametrize("claim", list(ABSURD))
def test_an_absurd_header_is_refused_in_one_sentence(logs, tmp_path, claim: str) -> None:
    lines = lines_of(logs["altay", "retry"])
    ABSURD[claim](lines[0])
    log = write(tmp_path / "absurd.jsonl", lines)
    for args in (["replay", str(log)], ["replay", str(log), "--json"], ["play", "--load", str(log)]):
        done = run_altay(args, timeout=60)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        out = done.stdout + done.stderr
        assert "Traceback" not in out and ("players" in out or "seats" in out or "header line" in out)


def test_arena_verify_reports_an_absurd_header_without_a_traceback(tmp_path) -> None:
    out = tmp_path / "arena"
    args = ["arena", "a=random", "b=random", "--games", "1", "--max-rounds", "1", "--out", str(out)]
    played = run_altay([*args, "--seed", str(2**60), "-j", "1"], timeout=120)
    assert played.returncode == 0, played.stderr
    log = sorted((out / "logs").glob("*.jsonl"))[0]
    lines = lines_of(log)
    lines[0]["config"]["players"] = 10**30
    write(log, lines)
    done = subprocess.run(
        [sys.executable, "-c", "from altay_cli.cli import main; main()", "arena", "verify", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )
    assert done.returncode != 0 and "Traceback" not in done.stdout + done.stderr
    assert "players" in done.stdout + done.stderr
