"""The arena and the SPRT on a real Dask cluster (`--cluster`): a `dask scheduler` and two `dask
worker` processes on 127.0.0.1, started here on free ports, each worker in its own working
directory (no folder shared with the coordinator, as on separate machines), one cluster for the
whole module; each worker has two threads (it plays one game at a time all the same). The
second worker runs in a mount namespace of its own (`unshare -rm`) where one bot file is another
copy, as on another machine; elsewhere the two see the same files.

What is proven: a cluster run stores the same games with the same results, and so the same
leaderboard, as a local run of the same seed, its logs signed by the coordinator's key only and
passing `altay arena verify`; an SPRT decides as locally; a worker that edits a log, lies in a
record or answers with a pickle has its game refused (not stored, played again once, reported),
and one that changes a decision under a rebuilt chain is refused exactly when the coordinator's
`--verify-sample` chooses its game,
and the coordinator unpickles nothing; a scheduler off this machine without TLS is refused; a
program bot plays on workers that have its files, and a worker whose copy of a bot file differs,
or whose altay is another version, is refused before the first game, the worker and file named.

Skipped only when Dask's distributed is not installed and ALTAY_REQUIRE_CLUSTER is unset (CI
sets it). Cost: the cluster starts in a few seconds; the module plays about 60 two-round games.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from altay_cli.cli import main
from altay_cli.referee import MatchOptions
from arena.driver import RunOptions, RunShow, run
from arena.leaderboard import build_leaderboard
from arena.modes import Outcome
from arena.params import ArenaParams, ArenaUsageError, BotEntry, SprtSpec
from arena.records import GameRecord
from arena.store import ArenaStore
from arena.verify import verify

try:
    import distributed  # noqa: F401
except ImportError:
    if os.environ.get("ALTAY_REQUIRE_CLUSTER"):
        raise
    pytest.skip("Dask's distributed is not installed: pip install -e '.[test]'", allow_module_level=True)

from arena import cluster as cluster_module
from arena.cluster import ClusterOptions, PickleRefused, address_problem, no_unpickling
from arena.intake import VerifySample, has_failure

ROOT = Path(__file__).resolve().parent.parent
SHORT = {"max_rounds": 2}  # Altay, two rounds: a game takes a fraction of a second
START_TIMEOUT_S = 60.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _can_unshare() -> bool:
    """Whether this machine lets a process have mount namespace of its own (`unshare -rm`)."""
    done = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False)
    return done.returncode == 0


def _start(
    args: list[str], cwd: Path, env: dict[str, str], mount: list[str] | None = None
) -> subprocess.Popen[bytes]:
    """A `dask ...` process in a session of its own (so its whole group can be ended); with
    `mount`, in a mount namespace of its own where that `mount` command ran first."""
    cwd.mkdir(parents=True, exist_ok=True)
    log = open(cwd / "dask.log", "wb")  # noqa: SIM115 (closed with the process below)
    command = [sys.executable, "-m", "dask", *args]
    if mount is not None:
        command = ["unshare", "-rm", "sh", "-c", f'{shlex.join(mount)} && exec "$@"', "sh", *command]
    return subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    """End each process group: SIGTERM, then SIGKILL after a grace period; reap every one."""
    for p in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    for p in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        with contextlib.suppress(ProcessLookupError):
            os.killpg(p.pid, signal.SIGKILL)
        p.wait()


class Cluster:
    def __init__(self, address: str, marker: Path, bots: Path, differs: bool) -> None:
        self.address = address
        self.marker = marker  # where an unpickled Marker would create a folder
        self.bots = bots  # same/bot.py: the same on every worker; differs/bot.py: not on w2
        self.differs = differs  # w2 really sees another differs/bot.py (a mount namespace of its own)

    def options(self) -> RunOptions:
        return RunOptions(cluster=ClusterOptions(self.address), quiet=True)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    root = tmp_path_factory.mktemp("cluster")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    marker = root / "unpickled"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "ALTAY_TEST_MARKER": str(marker),
    }
    bots = root / "bots"
    source = (ROOT / "bots" / "random_bot.py").read_bytes()
    for name in ("same", "differs"):
        (bots / name).mkdir(parents=True)
        (bots / name / "bot.py").write_bytes(source)
    (bots / "w2-copy.py").write_bytes(source + b"# edited on w2\n")
    slow = (
        b"import time\n_write = sys.stdout.write\n"
        + b"sys.stdout.write = lambda s: (time.sleep(3), _write(s))[1]\n"
    )
    (bots / "same" / "slow.py").write_bytes(source.replace(b"\nimport sys\n", b"\nimport sys\n" + slow, 1))
    # w2 sees w2-copy.py at differs/bot.py: a mount namespace of its own, as on another machine
    differs = shutil.which("unshare") is not None and _can_unshare()
    procs = [
        _start(
            ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", "--no-show"],
            root / "scheduler",
            env,
        )
    ]
    try:
        for name in ("w1", "w2"):
            workdir = root / name
            wrap = None
            if name == "w2" and differs:
                wrap = ["mount", "--bind", str(bots / "w2-copy.py"), str(bots / "differs" / "bot.py")]
            procs.append(
                _start(
                    [
                        "worker",
                        address,
                        "--nthreads",
                        "2",
                        "--no-nanny",
                        "--host",
                        "127.0.0.1",
                        "--no-dashboard",
                        "--local-directory",
                        str(workdir),
                    ],
                    workdir,
                    {**env, "ALTAY_SHIP_CACHE": str(workdir / "ship-cache")},  # (a machine's own cache)
                    wrap,
                )
            )
        from distributed import Client

        with Client(address, timeout=START_TIMEOUT_S, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=START_TIMEOUT_S)
        yield Cluster(address, marker, bots, differs)
    finally:
        _stop(procs[1:])  # the workers first: they leave the scheduler cleanly
        _stop(procs[:1])


def _params(**extra: object) -> ArenaParams:
    fields: dict[str, object] = {
        "bots": (BotEntry("r", "random"), BotEntry("g", "greedy"), BotEntry("r7", "random 7")),
        "players": 2,
        "games": 2,
        "seed": 2026,
        "game_options": SHORT,
        "match": MatchOptions(move_ms=5000),
        **extra,
    }
    return ArenaParams(**fields)  # type: ignore[arg-type]


TIMINGS = {"think_s"}  # the referee's measurements: they differ from run to run
RESULT_FIELDS = (
    "bots",
    "roles",
    "ranks",
    "scores",
    "end_reason",
    "completed",
    "rounds",
    "turns",
    "decisions",
)


def _results(folder: Path) -> tuple[dict[int, tuple[object, ...]], list[dict[str, object]]]:
    """Each stored game's result fields by id, and the leaderboard's rows without timings."""
    with ArenaStore.open(folder) as store:
        params = store.params()
        records = store.records(params)
        board = build_leaderboard(params, records, len(store.schedule(params)))
    games = {r.game_id: tuple(getattr(r, f) for f in RESULT_FIELDS) for r in records}
    rows = [{k: v for k, v in row.items() if k not in TIMINGS} for row in board["leaderboard"]]
    return games, rows


class Warnings(RunShow):
    def __init__(self) -> None:
        self.warnings: list[str] = []

    def warn(self, text: str) -> None:
        self.warnings.append(text)


def test_an_arena_on_the_cluster_stores_what_a_local_run_stores(cluster: Cluster, tmp_path: Path) -> None:
    from altay_cli.logsign import generate

    key = tmp_path / "organiser.key"
    signer = generate(key)
    from altay_cli.logsign import load_signer

    signer = load_signer(key)
    local = run(tmp_path / "local", _params(), RunOptions(concurrency=2, quiet=True))
    from arena.progress import LineProgress

    lines = io.StringIO()

    class Show(RunShow):
        def display(self) -> LineProgress:
            return LineProgress(lines, every_s=0.0)

    remote = run(
        tmp_path / "remote",
        _params(),
        RunOptions(cluster=ClusterOptions(cluster.address), signer=signer, quiet=True),
        show=Show(),
    )
    assert local.outcome is remote.outcome is Outcome.COMPLETE
    assert remote.stored == remote.scheduled == 12 and not remote.errors and not remote.refused
    assert _results(tmp_path / "remote") == _results(tmp_path / "local")
    # every log is in the coordinator's folder, signed by its key, and replays to its row
    found = verify(tmp_path / "remote")
    assert found.key == signer.public_key_hex and not found.problems and not found.orphans
    assert len(found.records) == 12
    # the workers kept nothing: each game's scratch folder is gone from their working directories
    assert not list(cluster.marker.parent.glob("w*/altay-game-*"))
    # each game's worker is stored (schema 5), with its cores and load; local games have none
    with ArenaStore.open(tmp_path / "remote") as store:
        said = store.game_workers()
    assert sorted(said) == list(range(12))
    assert {w.worker.rsplit(":", 1)[0] for w in said.values()} == {"tcp://127.0.0.1"}
    assert all(w.cores >= 1 and w.load >= 0 for w in said.values())
    # ... and each log names it in its header (meta.worker: attested, signed by the coordinator)
    for game_id, w in said.items():
        header = json.loads((tmp_path / "remote" / "logs" / f"{game_id:06d}.jsonl").open().readline())
        named = header["meta"]["worker"]
        assert named["address"] == w.worker and named["cores"] >= 1 and named["load"] >= 0
    with ArenaStore.open(tmp_path / "local") as store:
        assert store.game_workers() == {}
    # the progress display showed the workers: games in flight, stored, games/s
    shown = [line for line in lines.getvalue().splitlines() if line.startswith("  workers: 2 workers, ")]
    # (how many were playing when the line was drawn depends on timing: not asserted)
    assert shown and all(re.search(r" playing \d+ games ", line) for line in shown)
    assert shown[-1].count(" games ") == 2
    assert sum(int(n) for n in re.findall(r" playing (\d+) games ", shown[-1])) == 12


def test_the_arena_command_plays_on_the_cluster_named_in_its_config(cluster: Cluster, tmp_path: Path) -> None:
    config = tmp_path / "ladder.toml"
    config.write_text(
        f'cluster = "{cluster.address}"\nverify-sample = 0\ngames = 1\nmax-rounds = 2\n'
        '[bots]\na = "random"\nb = "greedy"\n'
    )
    done = CliRunner().invoke(
        main, ["arena", "--config", str(config), "--out", str(tmp_path / "a"), "--json"]
    )
    assert done.exit_code == 0, done.output
    assert f"on the cluster {cluster.address}" in done.stderr
    with ArenaStore.open(tmp_path / "a") as store:
        records = store.records(store.params())
        assert len(records) == 2 and store.verify_sample() == 0.0
        # at a rate of 0, only the games with a failure are re-simulated
        resimulated = {g: w.resimulated for g, w in store.game_workers().items()}
    assert resimulated == {r.game_id: has_failure(r) for r in records}
    workers = orjson.loads(done.stdout)["workers"]  # the report says where the games were played
    assert workers["verify_sample"] == 0.0 and workers["resimulated"] == sum(resimulated.values())
    assert workers["games"] == 2 and sum(w["games"] for w in workers["workers"]) == 2
    assert all(w["worker"].startswith("tcp://127.0.0.1:") and w["cores"] >= 1 for w in workers["workers"])
    assert workers["games_per_s"] > 0
    text = CliRunner().invoke(main, ["arena", "report", str(tmp_path / "a")])
    assert text.exit_code == 0 and "Workers: 2 games on the cluster" in text.output
    said = " ".join(text.output.split())  # (the table's title wraps)
    assert f"re-simulated {sum(resimulated.values())} of them (--verify-sample 0)" in said
    alone = CliRunner().invoke(
        main, ["arena", "a=random", "b=random", "--out", str(tmp_path / "b"), "--verify-sample", "0.5"]
    )
    assert alone.exit_code == 2 and "--verify-sample goes with --cluster" in alone.output


def test_an_sprt_on_the_cluster_decides_as_locally(cluster: Cluster, tmp_path: Path) -> None:
    params = _params(
        bots=(BotEntry("new", "greedy"), BotEntry("base", "random 3")), games=30, sprt=SprtSpec(0, 200)
    )
    local = run(tmp_path / "local", params, RunOptions(concurrency=2, quiet=True))
    remote = run(tmp_path / "remote", params, cluster.options())
    assert local.outcome is Outcome.H1 and remote.outcome is Outcome.H1
    assert 0 < remote.stored < remote.scheduled and not remote.errors
    local_games, _ = _results(tmp_path / "local")
    remote_games, _ = _results(tmp_path / "remote")
    common = set(local_games) & set(remote_games)
    assert common and all(local_games[g] == remote_games[g] for g in common)


def test_a_program_bot_whose_files_every_worker_has_plays_there(cluster: Cluster, tmp_path: Path) -> None:
    bots = (BotEntry("p", f"{sys.executable} {cluster.bots / 'same' / 'bot.py'} 5"), BotEntry("g", "greedy"))
    local = run(tmp_path / "local", _params(bots=bots, games=1), RunOptions(concurrency=2, quiet=True))
    remote = run(tmp_path / "remote", _params(bots=bots, games=1), cluster.options())
    assert local.outcome is remote.outcome is Outcome.COMPLETE and remote.stored == 2
    assert _results(tmp_path / "remote") == _results(tmp_path / "local")


ARGS = ["arena", "g=greedy", "--games", "1", "--max-rounds", "2"]


def test_a_bot_only_the_coordinator_has_plays_on_the_workers_with_ship(
    cluster: Cluster, tmp_path: Path
) -> None:
    """--ship: the bot's folder exists only in this test's folder, and is moved away once the
    workers have it (before the first game): the games can only run from the workers' caches.
    A second arena after a worker's cached copy was tampered with sends it again."""
    from arena.progress import Progress

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "bot.py").write_bytes((ROOT / "bots" / "random_bot.py").read_bytes())
    (mine / "notes.txt").write_text("the bot's own file\n")
    bots = (BotEntry("p", f"{sys.executable} {mine / 'bot.py'} 5"), BotEntry("g", "greedy"))
    local = run(tmp_path / "local", _params(bots=bots, games=1), RunOptions(concurrency=2, quiet=True))
    assert local.outcome is Outcome.COMPLETE

    class Away(Warnings):
        def display(self) -> Progress:
            class Moved(Progress):
                def start(self, total: int, done: int, workers: int) -> None:
                    mine.rename(tmp_path / "away")  # the workers checked, no game started yet

            return Moved()

    options = RunOptions(cluster=ClusterOptions(cluster.address, ship=True), quiet=True)
    remote = run(tmp_path / "remote", _params(bots=bots, games=1), options, show=Away())
    assert remote.outcome is Outcome.COMPLETE and not remote.errors and not remote.refused
    assert _results(tmp_path / "remote") == _results(tmp_path / "local")
    with ArenaStore.open(tmp_path / "remote") as store:
        shipped = store.shipped()
    assert shipped is not None and shipped["roots"] == [str(mine)] and len(shipped["sha256"]) == 64
    caches = [cluster.marker.parent / w / "ship-cache" / shipped["sha256"] for w in ("w1", "w2")]
    assert all((c / "0" / "bot.py").is_file() for c in caches)
    header = orjson.loads((tmp_path / "remote" / "logs" / "000000.jsonl").read_bytes().split(b"\n", 1)[0])
    command = next(s["command"] for s in header["seats"] if s["name"] == "p")
    assert "/ship-cache/" in command and str(mine) not in command  # run from a worker's cache
    # a worker's cached copy edited: found by its content, removed, and sent again
    (tmp_path / "away").rename(mine)
    (caches[0] / "0" / "notes.txt").write_text("edited on the worker\n")
    show = Warnings()
    again = run(tmp_path / "again", _params(bots=bots, games=1), options, show=show)
    assert again.outcome is Outcome.COMPLETE and not again.errors
    assert any("cached copy of the bots' unit differed" in w for w in show.warnings), show.warnings
    assert (caches[0] / "0" / "notes.txt").read_text() == "the bot's own file\n"


def test_with_ship_a_worker_with_another_interpreter_is_refused_saying_ship_does_not_send_it(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "INSPECT", cluster_helpers.other_interpreter)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "bot.py").write_bytes((ROOT / "bots" / "random_bot.py").read_bytes())
    bots = (BotEntry("p", f"{sys.executable} {mine / 'bot.py'}"), BotEntry("g", "greedy"))
    options = RunOptions(cluster=ClusterOptions(cluster.address, ship=True), quiet=True)
    with pytest.raises(ArenaUsageError) as refused:
        run(tmp_path / "a", _params(bots=bots, games=1), options)
    said = str(refused.value)
    assert f"bot p's {os.path.realpath(sys.executable)} differs from the coordinator's copy" in said
    assert "--ship sends the bots' folders and --bot-ro paths, not their interpreter" in said
    assert not (tmp_path / "a").exists()


def test_a_worker_whose_copy_of_a_bot_differs_is_refused_before_any_game(
    cluster: Cluster, tmp_path: Path
) -> None:
    if not cluster.differs:
        pytest.skip("this machine gives a process no mount namespace of its own (unshare -rm)")
    path = cluster.bots / "differs" / "bot.py"
    done = CliRunner().invoke(
        main,
        [*ARGS, f"p={sys.executable} {path}", "--out", str(tmp_path / "a"), "--cluster", cluster.address],
    )
    assert done.exit_code == 2 and "Traceback" not in done.output, done.output
    assert f"bot p's {path} differs from the coordinator's copy" in done.output
    assert "worker tcp://127.0.0.1:" in done.output
    assert not (tmp_path / "a").exists()  # refused before the arena's folder is made


def test_a_worker_with_another_altay_version_is_refused(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "INSPECT", cluster_helpers.other_version)
    with pytest.raises(ArenaUsageError, match=r"runs altay 0\.0\.1-other and this coordinator altay "):
        run(tmp_path / "a", _params(games=1), cluster.options())
    assert not (tmp_path / "a").exists()


def test_a_machine_plays_no_more_games_at_once_than_it_has_cores(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both workers (two threads each) are on this machine; when they say it has one core, the
    coordinator gives one of them one game slot (a Dask resource) and the other none: every
    game is played there, one at a time, though Dask alone would run four at once."""
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "INSPECT", cluster_helpers.one_core)
    monkeypatch.setattr(cluster_module, "TASK", cluster_helpers.counting)
    for old in cluster.marker.parent.glob("most-*"):
        old.unlink()
    show = Warnings()
    show.note = show.warn  # type: ignore[method-assign]
    options = RunOptions(cluster=ClusterOptions(cluster.address))
    done = run(tmp_path / "a", _params(games=2), options, show=show)
    assert done.outcome is Outcome.COMPLETE and done.stored == 12
    assert any("1 worker on the cluster" in n for n in show.warnings), show.warnings
    assert [p.read_text() for p in cluster.marker.parent.glob("most-*")] == ["1"]  # one worker, one game


def _processes(marker: str) -> list[int]:
    """The processes of this machine whose command line contains `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
    return found


def test_an_interrupted_arena_stops_the_workers_games_and_reaps_their_bots(
    cluster: Cluster, tmp_path: Path
) -> None:
    """A bot that waits 3 s before each answer (a game lasts minutes): once both workers play,
    Ctrl-C on the coordinator; the games on the workers stop and their bots are gone (they
    would otherwise play on for minutes), and the workers play the next arena at once."""
    from arena.runner import Progress

    slow = str(cluster.bots / "same" / "slow.py")

    class CtrlC(Progress):
        def tick(self) -> None:  # both games' bots running on the workers: Ctrl-C
            if len(_processes(slow)) >= 2:
                raise KeyboardInterrupt

    class Show(RunShow):
        def display(self) -> Progress:
            return CtrlC()

    bots = (BotEntry("s", f"{sys.executable} {slow}"), BotEntry("g", "greedy"))
    params = _params(bots=bots, games=1, game_options={"max_rounds": 12})
    result = run(tmp_path / "a", params, cluster.options(), show=Show())
    assert result.interrupted and result.stored == 0
    deadline = time.monotonic() + 30  # (a stopped game ends at the bot's next answer or sooner)
    while _processes(slow) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _processes(slow)
    again = run(tmp_path / "b", _params(games=1, bots=_params().bots[:2]), cluster.options())
    assert again.outcome is Outcome.COMPLETE


def test_where_a_game_was_played_is_the_scheduler_s_word_not_the_worker_s(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "TASK", cluster_helpers.other_address)
    done = run(tmp_path / "a", _params(games=1, bots=_params().bots[:2]), cluster.options())
    assert done.outcome is Outcome.COMPLETE
    with ArenaStore.open(tmp_path / "a") as store:
        said = store.game_workers()
    assert len(said) == 2 and all(w.worker.startswith("tcp://127.0.0.1:") for w in said.values())


@pytest.mark.parametrize(
    ("task", "why"),
    [
        ("tampered_log", "the log from tcp://127.0.0.1:"),
        ("lying_record", "the row's ranks is"),
        ("forged_worker", "but the scheduler says tcp://127.0.0.1:"),
    ],
)
def test_a_worker_that_edits_a_log_or_lies_in_a_record_stores_nothing(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, task: str, why: str
) -> None:
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "TASK", getattr(cluster_helpers, task))
    folder = tmp_path / "a"
    show = Warnings()
    result = run(folder, _params(games=1, bots=_params().bots[:2]), cluster.options(), show=show)
    # 2 games, each refused, played again, refused again: reported, nothing stored
    assert result.outcome is None and result.stored == 0 and result.scheduled == 2
    assert len(result.refused) == 4 and all(why in line for line in result.refused)
    assert sorted(e.split(":")[0] for e in result.errors) == ["game 0", "game 1"]
    assert all(e.endswith("(twice)") for e in result.errors)
    assert [w for w in show.warnings if w.startswith("refused: game")] == [
        f"refused: {r}" for r in result.refused
    ]
    assert not list((folder / "logs").iterdir())  # the refused logs are not kept
    # the honest cluster then plays them: --resume stores exactly the two games
    monkeypatch.undo()
    again = run(folder, None, RunOptions(resume=True, cluster=ClusterOptions(cluster.address), quiet=True))
    assert again.outcome is Outcome.COMPLETE and again.played == again.stored == 2


def test_a_changed_decision_under_a_rebuilt_chain_is_caught_when_the_sample_chooses_its_game(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At --verify-sample 0.5: the games the arena's salt chooses are re-simulated and refused,
    the others stored unre-simulated (recorded so); the same salt says which, afterwards."""
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "TASK", cluster_helpers.changed_decision)
    folder = tmp_path / "a"
    options = RunOptions(cluster=ClusterOptions(cluster.address, verify_sample=0.5), quiet=True)
    result = run(folder, _params(games=2, bots=_params().bots[:2]), options)
    with ArenaStore.open(folder) as store:
        sample = VerifySample(0.5, store.verify_salt())
        stored = {g: w.resimulated for g, w in store.game_workers().items()}
        assert store.verify_sample() == 0.5
    chosen = {g for g in range(result.scheduled) if sample.chosen(g)}
    assert stored == {g: False for g in range(result.scheduled) if g not in chosen}
    assert sorted(int(e.split(":")[0].split()[1]) for e in result.errors) == sorted(chosen)
    assert all("decision 0" in line for line in result.refused) and len(result.refused) == 2 * len(chosen)


@pytest.mark.parametrize("known", [True, False], ids=["size_from_the_scheduler", "size_once_fetched"])
def test_an_answer_larger_than_the_bound_is_refused_unread(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, known: bool
) -> None:
    """The bound (2 x the largest log replay reads, and a little) made small enough for a
    two-round game's honest answer: refused before it is decoded, whether the scheduler said its
    size (then it is not even fetched) or not (its length once fetched)."""
    from arena import remote

    monkeypatch.setattr(cluster_module, "MAX_ANSWER_BYTES", 2000)
    said: list[dict[object, int]] = []
    real = cluster_module.DaskExecutor._sizes

    def sizes(self: cluster_module.DaskExecutor, futures: list[object]) -> dict[object, int]:
        said.append(real(self, futures) if known else {})
        return said[-1]

    monkeypatch.setattr(cluster_module.DaskExecutor, "_sizes", sizes)
    decoded: list[object] = []
    monkeypatch.setattr(remote, "decode_answer", lambda data: decoded.append(data))
    monkeypatch.setattr(cluster_module, "decode_answer", lambda data: decoded.append(data))
    result = run(tmp_path / "a", _params(games=1, bots=_params().bots[:2]), cluster.options())
    assert result.stored == 0 and not decoded and len(result.refused) == 4
    assert all(
        re.search(r"its answer is \d+ bytes, more than the 2000 an answer may be", r) for r in result.refused
    )
    assert any(said) is known  # (the scheduler said the sizes, or nobody did)


def test_an_answer_only_pickle_can_carry_is_refused_and_never_unpickled(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests import cluster_helpers

    monkeypatch.setattr(cluster_module, "TASK", cluster_helpers.pickle_answer)
    result = run(tmp_path / "a", _params(games=1, bots=_params().bots[:2]), cluster.options())
    assert result.stored == 0 and len(result.refused) == 4
    assert all("not plain bytes, and the coordinator reads no pickle" in r for r in result.refused)
    assert not cluster.marker.exists()  # nobody unpickled the Marker


def test_the_coordinator_refuses_a_pickle_frame_dask_would_decode_regardless(tmp_path: Path) -> None:
    """Dask decodes a `__Pickled__` frame whatever the deserializers say (dask/distributed#9283):
    while a cluster session is open, Dask's unpickling refuses in the coordinator's process."""
    from distributed.protocol import dumps, loads
    from distributed.protocol.serialize import ToPickle

    from tests.cluster_helpers import Marker

    frames = dumps({"op": "answer", "data": ToPickle(Marker(str(tmp_path / "inside")))})
    with no_unpickling(), pytest.raises(PickleRefused):
        loads(frames, deserializers=["msgpack"])
    assert not (tmp_path / "inside").exists()
    # the control: without the guard, the same frames run the Marker's code
    frames = dumps({"op": "answer", "data": ToPickle(Marker(str(tmp_path / "outside")))})
    loads(frames, deserializers=["msgpack"])
    assert (tmp_path / "outside").is_dir()


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        (ClusterOptions("tcp://192.0.2.7:8786"), "reached only over TLS: use tls://192.0.2.7:8786"),
        (ClusterOptions("tcp://sched.example.org:8786"), "reached only over TLS"),
        (ClusterOptions("tls://192.0.2.7:8786"), "TLS needs --cluster-ca"),
        (
            ClusterOptions("tls://192.0.2.7:8786", "ca.pem", "c.pem", "k.pem"),
            "--cluster-ca ca.pem: no such file",
        ),
        (ClusterOptions("tcp://localhost:8786", tls_ca="ca.pem"), "need a tls:// address"),
        (ClusterOptions("192.0.2.7:8786"), "give the scheduler's address as tls://HOST:PORT"),
        (ClusterOptions("tcp://[::1]:8786"), None),
        (ClusterOptions("tcp://127.0.0.1:8786"), None),
    ],
)
def test_the_scheduler_s_address_is_checked(options: ClusterOptions, problem: str | None) -> None:
    found = address_problem(options)
    assert found == problem if problem is None else (found is not None and problem in found)


def test_a_remote_scheduler_without_tls_is_refused_by_the_commands(tmp_path: Path) -> None:
    bots = ["a=random", "b=greedy", "--games", "1", "--max-rounds", "2", "--out"]
    runner = CliRunner()
    arena = runner.invoke(main, ["arena", *bots, str(tmp_path / "a"), "--cluster", "tcp://192.0.2.7:8786"])
    assert (
        arena.exit_code == 2 and "reached only over TLS" in arena.output and "Traceback" not in arena.output
    )
    config = tmp_path / "sprt.toml"
    config.write_text('cluster = "tcp://192.0.2.7:8786"\n[bots]\nnew = "greedy"\nbase = "random"\n')
    sprt = runner.invoke(main, ["sprt", "--config", str(config), "--out", str(tmp_path / "s")])
    assert sprt.exit_code == 2 and "reached only over TLS" in sprt.output
    assert not (tmp_path / "a").exists() and not (tmp_path / "s").exists()  # refused before any folder


def test_a_scheduler_that_does_not_answer_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT_S", 2.0)
    with pytest.raises(ArenaUsageError, match="no scheduler answered"):
        run(tmp_path / "a", _params(), RunOptions(cluster=ClusterOptions(f"tcp://127.0.0.1:{_free_port()}")))
    assert not (tmp_path / "a").exists()


def test_over_tls_only_certificates_signed_by_the_ca_get_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scheduler with TLS: the coordinator with its certificate plays an arena; a worker whose
    certificate another CA signed, or without TLS, never joins (it gives up: exit code not 0); a
    coordinator without TLS files is refused before connecting, and one over tcp:// gets no answer."""
    from tests.cluster_helpers import make_certificates

    certs = {k: str(v) for k, v in make_certificates(tmp_path).items()}
    port = _free_port()
    address = f"tls://127.0.0.1:{port}"
    tls = ["--tls-ca-file", certs["ca"]]
    scheduler = ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", "--no-show"]
    scheduler += [*tls, "--tls-cert", certs["scheduler"], "--tls-key", certs["scheduler.key"]]
    procs = [
        _start(
            scheduler,
            tmp_path / "scheduler",
            dict(os.environ),
        )
    ]
    worker = ["worker", "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"]
    try:
        procs.append(
            _start(
                [*worker, address, *tls, "--tls-cert", certs["worker"], "--tls-key", certs["worker.key"]],
                tmp_path / "w1",
                dict(os.environ),
            )
        )
        # a worker whose certificate another CA signed, and one without TLS: neither gets in
        (tmp_path / "other").mkdir()
        other = make_certificates(tmp_path / "other")
        own = ["--tls-cert", str(other["worker"]), "--tls-key", str(other["worker.key"])]
        rogues = [
            _start([*worker, address, *tls, *own, "--death-timeout", "5"], tmp_path / "w2", dict(os.environ)),
            _start(
                [*worker, f"tcp://127.0.0.1:{port}", "--death-timeout", "5"],
                tmp_path / "w3",
                dict(os.environ),
            ),
        ]
        procs += rogues
        assert all(r.wait(timeout=START_TIMEOUT_S) != 0 for r in rogues)  # never registered: gave up
        options = ClusterOptions(address, certs["ca"], certs["coordinator"], certs["coordinator.key"])
        done = run(
            tmp_path / "a", _params(games=1, bots=_params().bots[:2]), RunOptions(cluster=options, quiet=True)
        )
        assert done.outcome is Outcome.COMPLETE and done.stored == 2
        with pytest.raises(ArenaUsageError, match="TLS needs --cluster-ca"):
            run(tmp_path / "b", _params(), RunOptions(cluster=ClusterOptions(address)))
        monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT_S", 5.0)
        with pytest.raises(ArenaUsageError, match="no scheduler answered"):
            run(tmp_path / "c", _params(), RunOptions(cluster=ClusterOptions(f"tcp://127.0.0.1:{port}")))
    finally:
        _stop(procs[1:])
        _stop(procs[:1])


def test_a_worker_then_the_scheduler_killed_mid_arena_lose_nothing_and_store_nothing_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers; after the first stored game one of them is killed (SIGKILL, most likely in
    the middle of a game: Dask gives its game to the other), after the fourth the scheduler is.
    Once the client gives up reconnecting (its timeout, CONNECT_TIMEOUT_S, shortened here) the
    run stops as an interrupted one (the command then prints the resume command, exit 1); every
    game stored so far, including those played after the worker died, is kept once and verifies."""
    from arena.runner import Progress

    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT_S", 5.0)
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _start(
        ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", "--no-show"],
        tmp_path / "scheduler",
        dict(os.environ),
    )
    worker = ["worker", address, "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"]
    workers = [_start(worker, tmp_path / name, dict(os.environ)) for name in ("w1", "w2")]
    stored: list[int] = []

    class Killer(Progress):
        def game_done(self, record: GameRecord) -> None:
            stored.append(record.game_id)
            if len(stored) == 1:
                os.killpg(workers[1].pid, signal.SIGKILL)
            if len(stored) == 4:
                os.killpg(scheduler.pid, signal.SIGKILL)

    class Show(RunShow):
        def display(self) -> Progress:
            return Killer()

    try:
        from distributed import Client

        with Client(address, timeout=START_TIMEOUT_S, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=START_TIMEOUT_S)
        result = run(
            tmp_path / "a", _params(games=10), RunOptions(cluster=ClusterOptions(address)), show=Show()
        )
        assert result.interrupted and result.outcome is None
        assert any(f"the cluster's scheduler {address} is gone" in e for e in result.errors)
        assert (
            4 <= result.stored < result.scheduled == 60 and len(stored) == len(set(stored)) == result.stored
        )
        found = verify(tmp_path / "a")
        assert sorted(r.game_id for r in found.records) == sorted(stored) and not found.problems
    finally:
        _stop(workers)
        _stop([scheduler])


def test_when_no_checked_worker_is_left_the_arena_stops_and_resumes_on_the_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One worker, killed after the first stored game; another joins (unchecked: it gets no
    game). Once no checked worker has been there for CONNECT_TIMEOUT_S (shortened here) the run
    stops as interrupted instead of waiting for ever; --resume checks the new worker and plays
    exactly what is missing there."""
    from arena.runner import Progress

    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT_S", 3.0)
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = _start(
        ["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", "--no-show"],
        tmp_path / "scheduler",
        dict(os.environ),
    )
    worker = ["worker", address, "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"]
    procs = [scheduler, _start(worker, tmp_path / "w1", dict(os.environ))]

    class Killer(Progress):
        def game_done(self, record: GameRecord) -> None:
            if len(procs) == 2:
                os.killpg(procs[1].pid, signal.SIGKILL)
                procs.append(_start(worker, tmp_path / "w2", dict(os.environ)))

    class Show(RunShow):
        def display(self) -> Progress:
            return Killer()

    try:
        from distributed import Client

        with Client(address, timeout=START_TIMEOUT_S, set_as_default=False) as client:
            client.wait_for_workers(1, timeout=START_TIMEOUT_S)
        params = _params(games=2, bots=_params().bots[:2])
        result = run(tmp_path / "a", params, RunOptions(cluster=ClusterOptions(address)), show=Show())
        assert result.interrupted and 1 <= result.stored < 4
        assert any("no worker checked at the start is left" in e for e in result.errors)
        again = run(
            tmp_path / "a", None, RunOptions(resume=True, cluster=ClusterOptions(address), quiet=True)
        )
        assert again.outcome is Outcome.COMPLETE and again.played == 4 - result.stored
    finally:
        _stop(procs[1:])
        _stop(procs[:1])
