"""The starter kits of bots/starters/ (Python, JavaScript, C, Rust, Java): each builds with its
language's plain compiler (no package manager), passes `altay check-bot` for every game (the CLI,
in the sandbox; each says many_games, so check-bot plays its second game in its first's
process), beats the random bot at two players in Altay and Innovation (ahead of it in at least
60% of 30 seeded games), and activates more places of power in Mammothodus than a random team
over 20 seeded games. A kept C kit (its game lives in static arrays) plays the same arena games
as fresh ones. The Java run line starts within the default --bot-memory even where memory is
limited by address space, and check-bot names the JVM when a bare `java` cannot.

Where a compiler or runtime is missing a kit's tests skip and say why; CI (.ci/run) installs them
and sets ALTAY_REQUIRE_STARTERS, so there they fail instead. The strength games are played by
`altay arena` (the CLI, two games at a time, seeded, each worker keeping the kit's process from
game to game). The games are seeded and the kits deterministic (the five port one heuristic, and
their figures are the same), so the figures are fixed; measured (`pytest -rP`): at 50 games, every
kit ahead of random in 50 Altay and 39 Innovation games (30 needed), and 0.8 places of power per
game against 0.0 over 30 Mammothodus games; at the sizes below, 30 and 23 of 30 (18 needed), and
0.95 against 0.0 over 20 games. Times on a busy 2-core machine (load 4-5): the whole module about
3 minutes (5 before the kits were kept and the sizes lowered), of which the strength tests
(`slow`, still in the default run) about 2: 9-18 s per kit for 30 Altay and 30 Innovation games,
6-9 s for 40 Mammothodus games.
"""

from __future__ import annotations

import fnmatch
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from altay_cli.engine import load_game
from altay_cli.referee import cgroups as cg
from altay_cli.referee import sandbox as sandbox_module
from altay_cli.referee.compliance import SMALL_JVM, _runs_a_jvm, check_bot
from altay_cli.referee.sandbox import SandboxPolicy
from tests.referee_helpers import marked

ROOT = Path(__file__).resolve().parent.parent
STARTERS = ROOT / "bots" / "starters"
KITS = ("python", "javascript", "c", "rust", "java")
GAMES = ("altay", "innovation", "mammothodus")
SEED = 2**50 + 21  # check-bot's games; above 2^48 so check-bot does not warn about guessable seeds
STRENGTH_GAMES = 30  # per game, at 2 players against the random bot
MAMMOTHODUS_GAMES = 20
MAMMOTHODUS_CLANS = 2
REQUIRED = bool(os.environ.get("ALTAY_REQUIRE_STARTERS"))  # CI: a missing toolchain is a failure


def _rustc() -> str | None:
    """Debian's rustc first (1.63, the oldest the kit promises), else any rustc on the PATH."""
    return "/usr/bin/rustc" if os.path.exists("/usr/bin/rustc") else shutil.which("rustc")


def _missing(kit: str) -> str | None:
    """Why this kit cannot be built and run here (None: it can)."""
    needs = {
        "python": [],
        "javascript": [("node", "node (Debian: apt-get install nodejs)")],
        "c": [("cc", "a C compiler (Debian: apt-get install gcc)")],
        "rust": [("rustc", "rustc (Debian: apt-get install rustc)")],
        "java": [("javac", "javac (Debian: apt-get install default-jdk-headless)"), ("java", "java")],
    }[kit]
    for program, what in needs:
        found = _rustc() if program == "rustc" else shutil.which(program)
        if found is None:
            return f"no {what} here"
    return None


def _require(kit: str) -> None:
    missing = _missing(kit)
    if missing is None:
        return
    if REQUIRED:
        pytest.fail(f"ALTAY_REQUIRE_STARTERS is set, but there is {missing}")
    pytest.skip(missing)


def _build(kit: str, out: Path) -> str:
    """Build the kit into `out` with its language's plain compiler; the command that runs it."""
    source = STARTERS / kit
    if kit == "python":
        return f"{shlex.quote(sys.executable)} {shlex.quote(str(source / 'starter_bot.py'))}"
    if kit == "javascript":
        return f"node {shlex.quote(str(source / 'starter_bot.js'))}"
    if kit == "c":
        binary = out / "starter_c"
        argv = [shutil.which("cc") or "cc", "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror"]
        argv += ["-o", str(binary), str(source / "starter_bot.c")]
    elif kit == "rust":
        binary = out / "starter_rust"
        argv = [str(_rustc()), "-O", "-o", str(binary), str(source / "starter_bot.rs")]
    else:
        binary = out / "classes"
        argv = ["javac", "-Xlint:all", "-Werror", "-d", str(binary), str(source / "StarterBot.java")]
    build = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, f"{' '.join(argv)}:\n{build.stdout}{build.stderr}"
    if kit == "java":
        return f"{SMALL_JVM} -cp {shlex.quote(str(binary))} StarterBot"
    return shlex.quote(str(binary))


_built: dict[str, str] = {}


@pytest.fixture(scope="module")
def kit_command(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], str]:
    """The command of a built kit (built once per module), or a skip saying what is missing."""

    def get(kit: str) -> str:
        _require(kit)
        if kit not in _built:
            _built[kit] = _build(kit, tmp_path_factory.mktemp(f"starter-{kit}"))
        return _built[kit]

    return get


def test_every_kit_has_a_program_and_a_three_line_readme() -> None:
    programs = {"python": "starter_bot.py", "javascript": "starter_bot.js", "c": "starter_bot.c",
                "rust": "starter_bot.rs", "java": "StarterBot.java"}  # fmt: skip
    for kit in KITS:
        assert (STARTERS / kit / programs[kit]).is_file()
        readme = (STARTERS / kit / "README.md").read_text()
        block = readme.split("```bash\n", 1)[1].split("```", 1)[0].strip().splitlines()
        assert len(block) == 3, f"{kit}: the README's command block has {len(block)} lines"
        assert any("check-bot" in line for line in block) and any("altay match" in line for line in block)
    java = (STARTERS / "java" / "README.md").read_text()
    assert java.count(SMALL_JVM) == 2, "the Java README's run lines carry check-bot's JVM flags"


def test_package_data_ships_every_starter_file() -> None:
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    patterns = package_data["bots"]
    files = [p.relative_to(ROOT / "bots").as_posix() for p in STARTERS.rglob("*") if p.is_file()]
    files = [f for f in files if "__pycache__" not in f]
    assert len(files) >= 11
    missing = [f for f in files if not any(fnmatch.fnmatch(f, pattern) for pattern in patterns)]
    assert not missing, f"not listed in pyproject.toml's package-data for bots: {missing}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kit", KITS)
def test_each_kit_passes_check_bot_for_every_game(kit: str, game: str, kit_command, tmp_path: Path) -> None:
    command = kit_command(kit)
    argv = [sys.executable, "-m", "altay_cli", "check-bot", command, "--game", game, "--seed", str(SEED)]
    run = subprocess.run(
        [*argv, "--json"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    report = json.loads(run.stdout)
    failed = [c for c in report["checks"] if not c["passed"]]
    assert run.returncode == 0 and report["passed"] and not failed, failed or run.stderr
    names = {c["name"] for c in report["checks"]}
    assert {"handshake", "ping", "unknown message", "game", "quit", "stderr"} <= names
    assert "many games" in names  # it said many_games: its second game was played in its first's process
    if game == "mammothodus":  # a cooperative game: it also led every clan as one program
        assert "several seats" in names


def _arena(command: str, game: str, out: Path, *options: str) -> dict:
    """`altay arena` (the CLI) between the kit and the seeded random bot, two games at a time."""
    argv = [sys.executable, "-m", "altay_cli", "arena", f"kit={command}", "r=random 1", "--game", game]
    argv += ["-p", "2", "--seed", str(SEED), "-j", "2", "--move-ms", "5000", "--json", "--out", str(out)]
    run = subprocess.run([*argv, *options], capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout)
    assert report["arena"]["complete"] and not report["failures"], report["failures"]
    return report


@pytest.mark.slow
@pytest.mark.parametrize("kit", KITS)
def test_each_kit_beats_random_in_altay_and_innovation(kit: str, kit_command, tmp_path, monkeypatch) -> None:
    """30 two-player games per game (15 deals, each bot in both seats): the kit finishes ahead
    of the random bot (a tie counting one half) in at least 60% of them."""
    command = kit_command(kit)
    marked(monkeypatch, tmp_path)
    figures = {}
    for game in ("altay", "innovation"):
        report = _arena(command, game, tmp_path / game, "--games", str(STRENGTH_GAMES // 2))
        assert report["arena"]["games_played"] == STRENGTH_GAMES
        figures[game] = round(report["head_to_head"]["kit"]["r"] * STRENGTH_GAMES, 1)
    message = f"{kit}: ahead of random in {figures} of {STRENGTH_GAMES} games"
    print(message)  # the figures, for `pytest -rP`
    assert all(n >= 0.6 * STRENGTH_GAMES for n in figures.values()), message


@pytest.mark.slow
@pytest.mark.parametrize("kit", KITS)
def test_each_kit_activates_more_places_of_power_than_a_random_team(
    kit: str, kit_command, tmp_path, monkeypatch
) -> None:
    """20 deals of two clans, each led by one program (the kit, then the random bot, as a whole
    team): the kit activates more places of power per game."""
    command = kit_command(kit)
    marked(monkeypatch, tmp_path)
    report = _arena(
        command, "mammothodus", tmp_path / "arena", "--teams", "self", "--games", str(MAMMOTHODUS_GAMES)
    )
    places = {row["bot"]: row["alone"]["avg_vp"] for row in report["leaderboard"]}
    games = {row["bot"]: row["alone"]["games"] for row in report["leaderboard"]}
    assert games == {"kit": MAMMOTHODUS_GAMES, "r": MAMMOTHODUS_GAMES}
    message = f"{kit}: places of power per game over {MAMMOTHODUS_GAMES} games {places}"
    print(message)  # the figures, for `pytest -rP`
    assert places["kit"] > places["r"], message


def _records(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.mark.parametrize("game", ("altay", "mammothodus"))
def test_a_kept_compiled_kit_plays_the_games_a_fresh_one_plays(game: str, kit_command, tmp_path, monkeypatch):
    """The C kit keeps its game in static arrays (Mammothodus's map and each seat's memory, Altay's
    board), which its `hello` clears: an arena of 4 seeded games against the random bot (2 deals,
    each bot in both seats, one worker) with its process kept from game to game and with
    --fresh-bots plays the same games, decision by decision. A few seconds."""
    command = kit_command("c")
    marked(monkeypatch, tmp_path)
    runs: dict[str, list[list[dict]]] = {}
    for name, extra in (("kept", []), ("fresh", ["--fresh-bots"])):
        _arena(command, game, tmp_path / name, "--games", "2", "-j", "1", *extra)
        runs[name] = [_records(log) for log in sorted((tmp_path / name / "logs").glob("*.jsonl"))]
    assert len(runs["kept"]) == len(runs["fresh"]) == 4
    kit = {n: [s for log in logs for s in log[0]["seats"] if s["name"] == "kit"] for n, logs in runs.items()}
    assert [s.get("process_games") for s in kit["kept"]] == [None, 1, 2, 3]  # one process, at both seats
    assert not [s for s in kit["fresh"] if "process_since" in s]
    for kept, fresh in zip(runs["kept"], runs["fresh"], strict=True):
        decisions = [[d["digest"] for d in log if d["type"] == "decision"] for log in (kept, fresh)]
        assert decisions[0] == decisions[1] and len(decisions[0]) > 10
        ends = [(log[-1]["ranks"], log[-1]["final_digest"]) for log in (kept, fresh)]
        assert ends[0] == ends[1]


def test_the_jvm_is_recognised_behind_env_and_jar() -> None:
    assert _runs_a_jvm(("java", "-cp", "x", "Main"))
    assert _runs_a_jvm(("/usr/lib/jvm/java-17/bin/java", "-jar", "bot.jar"))
    assert _runs_a_jvm((*shlex.split(SMALL_JVM), "-cp", "x", "Main"))
    assert not _runs_a_jvm(("python3", "java.py"))
    assert not _runs_a_jvm(("env", "A=1", "./javabot"))


@pytest.fixture
def memory_by_address_space(monkeypatch):
    """The sandbox as on a machine without cgroups: memory is limited by RLIMIT_AS alone."""
    monkeypatch.setattr(cg, "detect", lambda *args, **kwargs: None)
    monkeypatch.setattr(sandbox_module, "_runtime", None)
    yield
    sandbox_module._runtime = None  # the next test detects the machine's own again


def test_the_java_run_line_starts_within_the_memory_limit_where_a_bare_jvm_cannot(
    kit_command, memory_by_address_space, tmp_path, monkeypatch
) -> None:
    command = kit_command("java")
    marked(monkeypatch, tmp_path)
    classes = shlex.split(command)[-2]
    game = load_game("innovation")
    policy = SandboxPolicy(mode="auto")  # --bot-memory 1024 by default
    runtime = sandbox_module.runtime()
    if not runtime.available:
        pytest.skip(f"no sandbox here to limit the bot's address space: {runtime.reason}")
    assert runtime.cgroups is None
    bare_jvm = f"java -cp {shlex.quote(classes)} StarterBot"
    bare = check_bot(bare_jvm, players=2, seed=SEED, sandbox=policy, game=game)
    failed = [c for c in bare if not c.passed and not c.detail.startswith("not run")]
    assert failed and failed[0].name in ("start", "handshake"), [c.to_dict() for c in bare]
    assert "Java virtual machine" in failed[0].detail and SMALL_JVM in failed[0].detail
    assert "--bot-memory 1024 MiB" in failed[0].detail
    small = check_bot(command, players=2, seed=SEED, sandbox=policy, game=game)
    assert all(c.passed for c in small), [c.to_dict() for c in small if not c.passed]


def test_check_bot_names_no_jvm_for_other_programs(tmp_path: Path, monkeypatch) -> None:
    marked(monkeypatch, tmp_path)
    bot = tmp_path / "mute.py"
    bot.write_text("import sys\nsys.stdout.write('hello\\n')\n")
    checks = check_bot(f"{sys.executable} {bot}", players=2, seed=SEED)
    assert not checks[2].passed and checks[2].name == "handshake"
    assert "Java" not in " ".join(c.detail for c in checks)


def test_static_fixture_of_each_game_is_what_the_kits_read() -> None:
    """The fields every kit reads from `hello.static` exist in each game's static information."""
    for name, path in (
        ("altay", ("territories", 0, "adjacent")),
        ("innovation", ("cards", 0, "effects", 0, "text")),
        ("mammothodus", ("data", "map", "adjacency")),
    ):
        game = load_game(name)
        value = msgspec.to_builtins(game.static_info(game.make_config(2, 1)))
        for key in path:
            value = value[key]
        assert value


def _conversation(game_name: str) -> tuple[list[str], list[int]]:
    """Lines a kit receives (every message type, unknown fields and types, a retry, a request
    with an empty observation and an action of an unknown type) and the request ids it must
    answer, in order, after `ready` and one `pong`."""
    game = load_game(game_name)
    players = 2
    config = game.make_config(players, 7)
    state = game.new_state(config)
    rng = random.Random(7)
    for _ in range(12):  # into the game, past its set-up
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.to_move
    hello = {
        "type": "hello", "protocol_version": 1, "seat": seat, "seats": [seat], "num_players": players,
        "name": "kit", "game": msgspec.to_builtins(game.public_settings(config)), "clock": {"move_ms": 1000},
        "max_line_bytes": 1000000, "kind": msgspec.to_builtins(game.kind),
        "static": msgspec.to_builtins(game.static_info(config)), "x_future_field": {"a": [1, None]},
    }  # fmt: skip
    request = {
        "type": "request", "id": 2, "seat": seat, "clock": {"move_ms": 1000}, "events": [],
        "actions": [game.action_to_builtins(a) for a in state.legal_actions()],
        "observation": msgspec.to_builtins(state.observation(seat)), "x_future_field": "caf\u00e9 \U0001f9a3",
    }  # fmt: skip
    odd = {"type": "request", "id": 4, "seat": seat, "events": [], "observation": {},
           "actions": [{"type": "x_unknown", "x": [1, {"y": None}]}, {"type": "pass"}]}  # fmt: skip
    error = {"type": "error", "status": "illegal_action", "request_id": 2, "retry": True,
             "message": "index 9 is out of range \u2014 retry"}  # fmt: skip
    lines = [
        json.dumps(hello),
        '{"type":"x_future_notice","text":"ignore me","id":0}',
        '{"type":"ping","id":1}',
        json.dumps(request),
        json.dumps(error),
        json.dumps({**request, "id": 3}, ensure_ascii=False),
        json.dumps(odd),
        '{"type":"game_over","seat":0,"seats":[0],"result":{"completed":true,"team":null}}',
        '{"type":"quit"}',
    ]
    return lines, [2, 3, 4]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kit", KITS)
def test_each_kit_answers_every_message_and_ignores_unknown_ones(kit: str, game: str, kit_command) -> None:
    command = kit_command(kit)
    lines, ids = _conversation(game)
    run = subprocess.run(
        shlex.split(command), input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert [a["type"] for a in answers] == ["ready", "pong", "action", "action", "action"], run.stdout
    assert answers[0].get("protocol_version", 1) == 1 and answers[1]["id"] == 1
    actions = [a for a in answers if a["type"] == "action"]
    assert [a["id"] for a in actions] == ids
    request = json.loads(lines[3])
    assert 0 <= actions[0]["index"] < len(request["actions"]) and actions[0]["index"] == actions[1]["index"]
    assert actions[2]["index"] in (0, 1)
