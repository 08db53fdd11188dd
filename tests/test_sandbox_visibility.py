"""What a bot sees follows from the organiser's command line, never from files its author wrote.

Each test is a hostile bot folder, refereed for real: a venv configuration or a `#!` line naming
broad or foreign paths, symlinks and other names towards the game log, the arena folder and the
signing key, a hard-linked key, a writer that tries to fill every place it finds. The bot is
tests/bad_bots/attacker.py (copied into the folder), which reports what it managed on stderr.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from altay_cli.engine.altay import GameConfig
from altay_cli.gamelog import Stderr, read_log
from altay_cli.referee import BotSpec, MatchOptions, run_match
from altay_cli.referee import sandbox as sb
from altay_cli.referee import visibility as vis
from altay_cli.referee.types import MatchResult

from .referee_helpers import BAD_BOTS, PY

RUNTIME = sb.runtime()
pytestmark = pytest.mark.skipif(not RUNTIME.available, reason=f"no sandbox here: {RUNTIME.reason}")
REAL_PY = os.path.realpath(sys.executable)


def bot_folder(tmp_path: Path, name: str = "bot") -> Path:
    """A bot folder holding the attacker and its helper module."""
    folder = tmp_path / name
    folder.mkdir()
    for script in ("attacker.py", "_common.py"):
        shutil.copy(BAD_BOTS / script, folder / script)
    return folder


def play(
    tmp_path: Path,
    command: str,
    policy: sb.SandboxPolicy | None = None,
    log: Path | None = None,
) -> tuple[MatchResult, list[dict], Path]:
    log = log or tmp_path / "game.jsonl"
    options = MatchOptions(move_ms=20000, sandbox=policy or sb.SandboxPolicy(mode="on"))
    bots = [BotSpec("attacker", command), BotSpec("victim", "random")]
    result = run_match(bots, GameConfig(players=2, seed=3, max_rounds=2), options, log_path=log)
    found = []
    for line in read_log(log):
        if isinstance(line, Stderr) and line.seat == 0:
            found += [json.loads(t) for t in line.text.splitlines() if t.startswith('{"attack"')]
    return result, found, log


def refusal(result: MatchResult) -> str:
    """The start_failed detail of a bot the referee refused to start."""
    (failure,) = [f for f in result.failures if f.seat == 0]
    assert failure.status == "start_failed" and failure.consequence == "forfeit", failure
    return failure.detail


def unreadable(content: object) -> bool:
    return content in ("", []) or str(content).startswith("ERROR")


# ---------------------------------------------------------------------------- interpreters
@pytest.mark.parametrize("home", ["/", "/root", "{secret}"])
def test_a_venv_configuration_beside_the_bot_binds_nothing(tmp_path, home: str) -> None:
    """The attack that bound the host's whole root: a venv whose pyvenv.cfg names `/` as home."""
    folder = bot_folder(tmp_path)
    secret = tmp_path / "secret"
    (secret / "bin").mkdir(parents=True)
    venv = folder / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(REAL_PY)
    (venv / "pyvenv.cfg").write_text(f"home = {home.format(secret=secret / 'bin')}\n")
    command = f"{venv / 'bin' / 'python'} {folder / 'attacker.py'} proc"
    result, reports, _ = play(tmp_path, command)
    detail = refusal(result)
    assert "pyvenv.cfg" in detail and "cannot see" in detail
    assert reports == []  # it never ran
    if home == "{secret}":
        assert f"--bot-ro {secret}" in detail  # what the organiser may pass, if they trust it


def test_an_honest_venv_in_the_bot_folder_plays(tmp_path) -> None:
    folder = bot_folder(tmp_path)
    venv = folder / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(REAL_PY)
    (venv / "pyvenv.cfg").write_text(f"home = {os.path.dirname(REAL_PY)}\n")
    result, (report, *_), _ = play(tmp_path, f"{venv / 'bin' / 'python'} {folder / 'attacker.py'} proc")
    assert result.completed, result.failures
    assert report["visible"] == [1, report["pid"]]


@pytest.mark.parametrize("line", ["#!{secret}/bin/python3", "#!/usr/bin/env python3"])
def test_a_shebang_line_is_checked_never_bound(tmp_path, monkeypatch, line: str) -> None:
    """A script's #! line names its interpreter: a foreign one is refused with what to pass."""
    folder = bot_folder(tmp_path)
    secret = tmp_path / "secret"
    (secret / "bin").mkdir(parents=True)
    (secret / "bin" / "python3").symlink_to(REAL_PY)
    (secret / "treasure.txt").write_text("the organiser's")
    monkeypatch.setenv("PATH", f"{secret / 'bin'}:{os.environ['PATH']}")  # env finds it first
    script = folder / "bot"
    script.write_text(line.format(secret=secret) + "\n" + (folder / "attacker.py").read_text())
    script.chmod(0o755)
    command = f"{script} files path:{secret / 'treasure.txt'}"
    result, reports, _ = play(tmp_path, command)
    detail = refusal(result)
    assert f"--bot-ro {secret}" in detail and reports == []
    # The organiser decides: with --bot-ro the interpreter is shown, and only then.
    result, (report,), _ = play(tmp_path, command, sb.SandboxPolicy(mode="on", read_only=(str(secret),)))
    assert result.completed, result.failures
    assert report["read"][str(secret / "treasure.txt")] == "the organiser's"


def test_a_home_directory_interpreter_is_refused_with_what_to_pass(tmp_path, monkeypatch) -> None:
    """pyenv- and nvm-style installations live under a home directory: common, and refused with
    one sentence naming the prefix to pass; with it, the bot plays."""
    home = tmp_path / "home" / "ada"
    prefix = home / ".pyenv" / "versions" / "3.11.0"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin" / "python3").symlink_to(REAL_PY)
    monkeypatch.setenv("PATH", f"{prefix / 'bin'}:{os.environ['PATH']}")
    folder = bot_folder(tmp_path)
    command = f"python3 {folder / 'attacker.py'} proc"
    result, _, _ = play(tmp_path, command)
    assert f"--bot-ro {prefix}" in refusal(result)
    result, _, _ = play(tmp_path, command, sb.SandboxPolicy(mode="on", read_only=(str(prefix),)))
    assert result.completed, result.failures


@pytest.mark.skipif(shutil.which("node") is None, reason="no node here")
def test_an_nvm_style_node_is_refused_with_what_to_pass(tmp_path, monkeypatch) -> None:
    prefix = tmp_path / "home" / "ada" / ".nvm" / "versions" / "node" / "v20.0.0"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin" / "node").symlink_to(os.path.realpath(shutil.which("node") or ""))
    monkeypatch.setenv("PATH", f"{prefix / 'bin'}:{os.environ['PATH']}")
    options = MatchOptions(move_ms=20000, sandbox=sb.SandboxPolicy(mode="on"))
    bots = [BotSpec("js", "node-random"), BotSpec("py", "random")]
    result = run_match(bots, GameConfig(players=2, seed=3, max_rounds=2), options)
    assert f"--bot-ro {prefix}" in refusal(result)
    options = replace(options, sandbox=sb.SandboxPolicy(mode="on", read_only=(str(prefix),)))
    result = run_match(bots, GameConfig(players=2, seed=3, max_rounds=2), options)
    assert result.completed, result.failures


@pytest.mark.parametrize("what", ["/", "~", "..", "missing"])
def test_bot_ro_never_shows_the_root_a_home_or_a_parent_of_the_working_directory(
    tmp_path, monkeypatch, what: str
) -> None:
    work = tmp_path / "ladder" / "work"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    path = os.path.expanduser(what) if what != "missing" else str(tmp_path / "missing")
    policy = sb.SandboxPolicy(mode="on", read_only=(path,))
    with pytest.raises(ValueError, match="--bot-ro"):
        policy.validate()
    with pytest.raises(ValueError, match="--bot-ro"):
        bots = [BotSpec("a", "random"), BotSpec("b", "random")]
        run_match(bots, GameConfig(players=2, seed=1), MatchOptions(sandbox=policy))


def test_a_bot_file_lying_in_a_home_directory_is_shown_alone(tmp_path, monkeypatch) -> None:
    """A home directory of the test's own (HOME), never the real one: a bot file lying directly
    in it is shown alone, and the home is never bound."""
    home = tmp_path / "home" / "ada"
    home.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    vis.home_directories.cache_clear()
    try:
        script = home / "bot.py"
        shutil.copy(BAD_BOTS / "attacker.py", script)
        view = vis.plan_view([PY, str(script)], (), (), str(tmp_path), os.environ["PATH"])
        assert vis.forbidden_reason(str(home), str(tmp_path)) == "a home directory"
    finally:
        vis.home_directories.cache_clear()
    assert not any(vis.inside(str(home), b.source) for b in view.binds)  # never the home itself
    assert vis.Bind(str(script), str(script)) in view.binds


def test_a_link_in_the_bot_folder_does_not_decide_a_bind(tmp_path) -> None:
    """A folder on the way to the bot file that is a link out of its own folder is refused."""
    secret = tmp_path / "organiser"
    secret.mkdir()
    shutil.copy(BAD_BOTS / "attacker.py", secret / "attacker.py")
    folder = bot_folder(tmp_path)
    (folder / "src").symlink_to(secret)
    result, _, _ = play(tmp_path, f"{PY} {folder / 'src' / 'attacker.py'} proc")
    assert "outside its folder" in refusal(result)
    # A link that stays inside its folder is fine (bots/current -> bots/v3).
    (folder / "v3").mkdir()
    shutil.copy(BAD_BOTS / "attacker.py", folder / "v3" / "attacker.py")
    shutil.copy(BAD_BOTS / "_common.py", folder / "v3" / "_common.py")
    (folder / "current").symlink_to(folder / "v3")
    result, _, _ = play(tmp_path, f"{PY} {folder / 'current' / 'attacker.py'} proc")
    assert result.completed, result.failures


# ---------------------------------------------------------------------------- hidden by identity
def organiser(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A folder of the organiser's: an arena folder, a key and (later) the game log."""
    org = tmp_path / "org"
    arena = org / "arena"
    (arena / "logs").mkdir(parents=True)
    (arena / "arena.sqlite").write_text("results")
    key = org / "organiser.key"
    key.write_text("PRIVATE KEY")
    return org, arena, key


def test_symlinks_towards_the_log_arena_and_key_reach_nothing(tmp_path) -> None:
    org, arena, key = organiser(tmp_path)
    folder = bot_folder(tmp_path)
    log = org / "game.jsonl"
    for name, target in (("log", log), ("arena", arena), ("key", key), ("sqlite", arena / "arena.sqlite")):
        (folder / name).symlink_to(target)
    # The organiser also shows the bot its own folder under another name (a symlink to it).
    alias = tmp_path / "alias"
    alias.symlink_to(org)
    policy = sb.SandboxPolicy(mode="on", read_only=(str(alias),)).with_hidden(arena, key)
    names = [folder / n for n in ("log", "arena", "key", "sqlite")]
    names += [alias / "game.jsonl", alias / "arena", alias / "arena" / "arena.sqlite"]
    names += [alias / "organiser.key"]
    names += [org / "game.jsonl", arena, key]
    command = f"{PY} {folder / 'attacker.py'} referee " + " ".join(f"path:{n}" for n in names)
    result, (report,), _ = play(tmp_path, command, policy, log=log)
    assert result.completed, result.failures
    for name in names:
        assert unreadable(report["paths"][str(name)]), (name, report["paths"][str(name)])


def test_hidden_paths_spelled_through_a_link_are_masked_where_they_really_lie(tmp_path) -> None:
    """The referee is given the log, arena and key by a second name; the bot reads the first."""
    folder = bot_folder(tmp_path)
    arena = folder / "arena"
    (arena / "logs").mkdir(parents=True)
    (arena / "arena.sqlite").write_text("results")
    (folder / "organiser.key").write_text("PRIVATE KEY")
    spelled = tmp_path / "spelled"
    spelled.symlink_to(folder)
    policy = sb.SandboxPolicy(mode="on").with_hidden(spelled / "arena", spelled / "organiser.key")
    names = [folder / "game.jsonl", arena, arena / "arena.sqlite", folder / "organiser.key"]
    command = f"{PY} {folder / 'attacker.py'} referee " + " ".join(f"path:{n}" for n in names)
    result, (report,), _ = play(tmp_path, command, policy, log=spelled / "game.jsonl")
    assert result.completed, result.failures
    for name in names:
        assert unreadable(report["paths"][str(name)]), (name, report["paths"][str(name)])


@pytest.mark.skipif(os.geteuid() != 0, reason="a bind mount needs root")
def test_a_parent_folder_bound_under_another_name_reaches_nothing(tmp_path) -> None:
    """The host shows the organiser's folder a second time, inside the bot's folder (a bind
    mount): the arena, the key and the log are masked there too, found by device and inode."""
    org, arena, key = organiser(tmp_path)
    folder = bot_folder(tmp_path)
    mirror = folder / "mirror"
    mirror.mkdir()
    mounted = subprocess.run(["mount", "--bind", str(org), str(mirror)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot bind-mount here: {mounted.stderr.strip()}")
    try:
        names = [mirror / "game.jsonl", mirror / "arena", mirror / "arena" / "arena.sqlite"]
        names += [mirror / "organiser.key", mirror / "other.txt"]
        (org / "other.txt").write_text("not hidden")
        policy = sb.SandboxPolicy(mode="on").with_hidden(arena, key)
        command = f"{PY} {folder / 'attacker.py'} referee " + " ".join(f"path:{n}" for n in names)
        result, (report,), _ = play(tmp_path, command, policy, log=org / "game.jsonl")
    finally:
        subprocess.run(["umount", str(mirror)], check=False)
    assert result.completed, result.failures
    paths = report["paths"]
    assert paths[str(mirror / "other.txt")] == "not hidden"  # the mirror is really visible
    for name in names[:-1]:
        assert unreadable(paths[str(name)]), (name, paths[str(name)])


def test_a_key_with_a_second_name_is_refused(tmp_path) -> None:
    _, arena, key = organiser(tmp_path)
    folder = bot_folder(tmp_path)
    os.link(key, folder / "copy.key")  # a hard link inside the bot's folder
    policy = sb.SandboxPolicy(mode="on").with_hidden(arena, key)
    result, reports, _ = play(tmp_path, f"{PY} {folder / 'attacker.py'} proc", policy)
    assert "hard links" in refusal(result) and reports == []


def test_hidden_paths_inside_the_system_directories_are_masked_too(tmp_path, monkeypatch) -> None:
    """A ladder kept under a system path (/opt/ladder) is masked there: the view is planned with
    a stand-in system path of the test's own."""
    system = tmp_path / "opt"
    org = system / "ladder"
    (org / "arena").mkdir(parents=True)
    (org / "organiser.key").write_text("PRIVATE KEY")
    monkeypatch.setattr(vis, "SYSTEM_PATHS", (*vis.SYSTEM_PATHS, str(system)))
    folder = bot_folder(tmp_path)
    hidden = [str(org / "arena"), str(org / "organiser.key")]
    view = vis.plan_view([PY, str(folder / "attacker.py")], (), hidden, str(tmp_path), None)
    assert str(org / "arena") in view.masked_dirs and str(org / "organiser.key") in view.masked_files


# ---------------------------------------------------------------------------- writable places
@pytest.mark.parametrize("cgroup", [True, False], ids=["cgroup", "no-cgroup"])
def test_every_writable_place_has_a_size(tmp_path, cgroup: bool) -> None:
    """The writer tries every mount point and every folder two levels deep: only /tmp and
    /dev/shm take bytes, each up to --bot-scratch, with or without cgroups."""
    saved = sb.runtime()
    if not cgroup:
        if saved.cgroups is None:
            pytest.skip("no cgroups here: the other case covers it")
        sb._set_runtime(replace(saved, cgroups=None))
    try:
        folder = bot_folder(tmp_path)
        policy = sb.SandboxPolicy(mode="on", scratch_mb=4, file_size_mb=0)
        result, (report,), _ = play(tmp_path, f"{PY} {folder / 'attacker.py'} fill 12", policy)
    finally:
        sb._set_runtime(saved)
    assert result.completed, result.failures
    places = report["places"]
    assert "/" in places and "/dev" in places and "/tmp" in places and str(folder) in places
    writable = {p: r for p, r in places.items() if r["written_mib"] or r["mkdir"] == "ok"}
    for place, outcome in writable.items():
        assert vis.inside(place, "/tmp") or vis.inside(place, "/dev/shm"), (place, outcome)
        assert outcome["written_mib"] <= 4, (place, outcome)
    assert places["/tmp"]["result"].startswith("ERROR") and "space" in places["/tmp"]["result"]
    assert places["/dev/shm"]["result"].startswith("ERROR")
    for place in ("/", "/dev", "/usr", str(folder)):
        assert places[place]["written_mib"] == 0 and places[place]["mkdir"].startswith("ERROR"), place


def test_the_commands_refuse_such_a_bot_before_any_game(tmp_path) -> None:
    """match, arena and play say it at the door (exit 2, one sentence, nothing created)."""
    prefix = tmp_path / "home" / "ada" / ".pyenv" / "versions" / "3.11.0"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin" / "python3").symlink_to(REAL_PY)
    folder = bot_folder(tmp_path)
    env = {**os.environ, "PATH": f"{prefix / 'bin'}:{os.environ['PATH']}"}
    bot = f"python3 {folder / 'attacker.py'} proc"
    altay = [PY, "-m", "altay_cli"]
    runs = {
        "match": [*altay, "match", bot, "random", "--max-rounds", "2"],
        "arena": [*altay, "arena", f"a={bot}", "b=random", "--games", "1", "--out", str(tmp_path / "ar")],
        "play": [*altay, "play", "--seat", f"1={bot}", "--seat", "0=human"],
    }
    for what, argv in runs.items():
        done = subprocess.run(argv, capture_output=True, text=True, env=env, input="quit\n", timeout=120)
        assert done.returncode == 2, (what, done.stderr)
        assert f"pass --bot-ro {prefix}" in done.stderr and "Traceback" not in done.stderr, what
    assert not (tmp_path / "ar").exists()


def test_the_launch_plan_cost_is_measured() -> None:
    """`altay bench sandbox` reports the referee's CPU for planning a launch (median, spread)."""
    from altay_cli.referee.bench import launch_plan_cost
    from altay_cli.referee.botcmd import BotCommand

    cost = launch_plan_cost(list(BotCommand.parse("random").argv), rounds=2, per_round=3)
    assert 0 < cost["low"] <= cost["median"] <= cost["high"]
