"""A signed arena stays signed: the key is recorded at creation, `--resume` refuses to go on
without it (or with another one), the resume command the arena prints after Ctrl-C is
complete, and `arena verify` finds unsigned or wrongly signed games with or without
`--public-key`, then `--forget-bad` and `--resume` play exactly those again. The same for
`altay sprt`. Real bots, the real CLI in subprocesses (about a minute in all)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from altay_cli.logsign import generate
from tests.arena_helpers import watch

FAST = ["--max-rounds", "3", "--move-ms", "3000"]


def altay(*args: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "altay_cli", *args], capture_output=True, text=True, timeout=timeout
    )


def _ctrl_c_as_at_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stored(folder: Path) -> dict[int, tuple[str, str]]:
    """game_id -> (finished_at, log hash) of every stored game."""
    try:
        conn = watch(folder)
    except sqlite3.OperationalError:
        return {}
    try:
        rows = conn.execute("SELECT game_id, finished_at, record FROM games").fetchall()
    except sqlite3.OperationalError:
        return {}
    finally:
        conn.close()
    return {g: (at, orjson.loads(raw)["log_sha256"]) for g, at, raw in rows}


def no_traceback(res: subprocess.CompletedProcess[str]) -> bool:
    return "Traceback" not in res.stdout + res.stderr


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("keys")
    organiser, other = folder / "organiser.key", folder / "other.key"
    generate(organiser)
    generate(other)
    return organiser, other


def fingerprint_of(key: Path) -> str:
    from altay_cli.logsign import load_signer

    return load_signer(key).fingerprint


# ----------------------------------------------------------------------------- Ctrl-C and resume
def test_a_signed_arena_interrupted_by_ctrl_c_resumes_only_with_its_key(
    tmp_path: Path, keys: tuple[Path, Path]
) -> None:
    key, other = keys
    out = tmp_path / "signed"
    args = ["a=random 5", "b=greedy", "--games", "12", "--max-rounds", "6", "--move-ms", "3000", "-j", "1"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "altay_cli", "arena", *args, "--sign-key", str(key), "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    try:
        deadline = time.monotonic() + 120
        while len(stored(out)) < 3:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "arena too slow to store games"
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends on Ctrl-C
        _, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1, stderr
    before = stored(out)
    assert 3 <= len(before) < 24
    # The printed resume command is complete: it names the key (by its absolute path).
    assert f"altay arena --resume --out {out} --sign-key {key.absolute()}" in stderr, stderr

    missing = altay("arena", "--resume", "--out", str(out), "-q")
    assert missing.returncode == 2 and no_traceback(missing)
    assert "--sign-key" in missing.stderr and fingerprint_of(key) in missing.stderr, missing.stderr
    wrong = altay("arena", "--resume", "--out", str(out), "-q", "--sign-key", str(other))
    assert (
        wrong.returncode == 2
        and fingerprint_of(other) in wrong.stderr
        and fingerprint_of(key) in wrong.stderr
    )
    assert stored(out) == before  # nothing was played by the refused attempts

    resumed = altay("arena", "--resume", "--out", str(out), "-q", "--sign-key", str(key), "--json")
    assert resumed.returncode == 0, resumed.stderr
    after = stored(out)
    assert len(after) == 24 and all(after[g] == before[g] for g in before)  # the first games kept
    verify = altay("arena", "verify", str(out), "--json")
    report = orjson.loads(verify.stdout)
    assert verify.returncode == 0 and report["ok"] and report["signed_by_key"] == fingerprint_of(key)
    ok = altay("arena", "verify", str(out), "--public-key", f"{key}.pub")
    assert ok.returncode == 0, ok.stdout


def test_an_unsigned_arena_does_not_start_signing_on_resume(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    key, _ = keys
    out = tmp_path / "plain"
    assert (
        altay("arena", "a=random", "b=random 2", "--games", "1", *FAST, "-q", "--out", str(out)).returncode
        == 0
    )
    res = altay("arena", "--resume", "--out", str(out), "--games", "2", "-q", "--sign-key", str(key))
    assert res.returncode == 2 and "without --sign-key" in res.stderr and no_traceback(res)


# ----------------------------------------------------------------------------- planted unsigned games
def _strip_signature(folder: Path, game_id: int) -> None:
    """What the old resume bug left: a game played without the key, stored with its hash."""
    from arena.worker import file_digest

    log = folder / "logs" / f"{game_id:06d}.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    assert orjson.loads(lines[-1])["type"] == "signature"
    log.write_bytes(b"".join(lines[:-1]))
    digest, size = file_digest(log)
    conn = sqlite3.connect(folder / "arena.sqlite")
    with conn:
        record = orjson.loads(
            conn.execute("SELECT record FROM games WHERE game_id = ?", (game_id,)).fetchone()[0]
        )
        record.update(log_sha256=digest, log_bytes=size)
        conn.execute(
            "UPDATE games SET record = ? WHERE game_id = ?", (orjson.dumps(record).decode(), game_id)
        )
    conn.close()


def _resign_with(folder: Path, game_id: int, key: Path) -> None:
    """A log re-signed by another key (the chain kept), stored with its new hash."""
    from altay_cli.gamelog import line_hash
    from altay_cli.logsign import load_signer

    _strip_signature(folder, game_id)
    log = folder / "logs" / f"{game_id:06d}.jsonl"
    last = log.read_bytes().splitlines()[-1]
    signer = load_signer(key)
    prev = line_hash(last)
    line = {
        "type": "signature",
        "algorithm": "ed25519",
        "public_key": signer.public_key_hex,
        "signature": signer.sign_chain(prev),
        "prev": prev,
    }
    log.write_bytes(log.read_bytes() + orjson.dumps(line) + b"\n")
    from arena.worker import file_digest

    digest, size = file_digest(log)
    conn = sqlite3.connect(folder / "arena.sqlite")
    with conn:
        record = orjson.loads(
            conn.execute("SELECT record FROM games WHERE game_id = ?", (game_id,)).fetchone()[0]
        )
        record.update(log_sha256=digest, log_bytes=size)
        conn.execute(
            "UPDATE games SET record = ? WHERE game_id = ?", (orjson.dumps(record).decode(), game_id)
        )
    conn.close()


def test_unsigned_games_in_a_signed_arena_are_found_and_played_again_exactly(
    tmp_path: Path, keys: tuple[Path, Path]
) -> None:
    key, other = keys
    out = tmp_path / "ladder"
    res = altay(
        "arena",
        "a=random 3",
        "b=greedy",
        "--games",
        "3",
        *FAST,
        "-q",
        "--sign-key",
        str(key),
        "--out",
        str(out),
    )
    assert res.returncode == 0, res.stderr
    _strip_signature(out, 1)
    _strip_signature(out, 4)
    _resign_with(out, 2, other)
    before = stored(out)

    # Without --public-key: the key recorded at creation is required.
    plain = altay("arena", "verify", str(out), "--json")
    found = orjson.loads(plain.stdout)
    assert plain.returncode == 1
    assert {(p["game_id"], p["kind"]) for p in found["problems"]} == {
        (1, "unsigned"),
        (4, "unsigned"),
        (2, "wrong_key"),
    }
    assert found["to_replay"] == [1, 2, 4]
    text = altay("arena", "verify", str(out))
    assert (
        "--forget-bad" in text.stdout
        and "--sign-key FILE" in text.stdout
        and fingerprint_of(key) in text.stdout
    )
    # The report (quick check) lists them too.
    report = altay("arena", "report", str(out), "--json")
    assert report.returncode == 1
    assert {p["game_id"] for p in orjson.loads(report.stdout)["integrity"]["problems"]} == {1, 2, 4}
    # With the organiser's --public-key: the same games.
    keyed = orjson.loads(altay("arena", "verify", str(out), "--public-key", f"{key}.pub", "--json").stdout)
    assert {(p["game_id"], p["kind"]) for p in keyed["problems"]} == {
        (1, "unsigned"),
        (4, "unsigned"),
        (2, "wrong_key"),
    }
    # With another --public-key: said at once, and every log is checked against that key.
    foreign = altay("arena", "verify", str(out), "--public-key", f"{other}.pub", "--json")
    problems = orjson.loads(foreign.stdout)["problems"]
    assert (
        foreign.returncode == 1 and problems[0]["kind"] == "arena" and "recorded key" in problems[0]["detail"]
    )
    assert {p["game_id"] for p in problems if p["kind"] == "wrong_key"} == {0, 3, 5}
    forbidden = altay("arena", "verify", str(out), "--public-key", f"{other}.pub", "--forget-bad")
    assert forbidden.returncode == 2 and stored(out) == before  # nothing forgotten on that basis

    forget = altay("arena", "verify", str(out), "--forget-bad")
    assert forget.returncode == 1 and "forgot 3 game(s): 1, 2, 4" in forget.stdout, forget.stdout
    assert f"altay arena --resume --out {out} --sign-key FILE" in forget.stdout
    assert set(stored(out)) == {0, 3, 5}
    kept = list((out / "set-aside").iterdir())
    assert len(kept) == 1 and sorted(p.name for p in kept[0].iterdir()) == [
        "000001.jsonl",
        "000002.jsonl",
        "000004.jsonl",
    ]
    resumed = altay("arena", "--resume", "--out", str(out), "--sign-key", str(key), "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert "(3 already played)" in resumed.stderr  # it played exactly the three
    after = stored(out)
    assert set(after) == set(range(6)) and all(after[g] == before[g] for g in (0, 3, 5))
    assert altay("arena", "verify", str(out), "--public-key", f"{key}.pub").returncode == 0
    assert altay("arena", "verify", str(out)).returncode == 0


def test_resume_alone_plays_again_the_unsigned_games_of_a_signed_arena(
    tmp_path: Path, keys: tuple[Path, Path]
) -> None:
    key, _ = keys
    out = tmp_path / "ladder"
    res = altay(
        "arena",
        "a=random 4",
        "b=greedy",
        "--games",
        "1",
        *FAST,
        "-q",
        "--sign-key",
        str(key),
        "--out",
        str(out),
    )
    assert res.returncode == 0, res.stderr
    _strip_signature(out, 0)
    resumed = altay("arena", "--resume", "--out", str(out), "--sign-key", str(key), "-q")
    assert resumed.returncode == 0 and "1 stored game(s) will be played again" in resumed.stderr, (
        resumed.stderr
    )
    assert altay("arena", "verify", str(out), "--public-key", f"{key}.pub").returncode == 0


# ----------------------------------------------------------------------------- sprt
def test_a_signed_sprt_resumes_only_with_its_key(tmp_path: Path, keys: tuple[Path, Path]) -> None:
    key, other = keys
    out = tmp_path / "sprt"
    args = ["sprt", "a=random 1", "b=random 2", "--elo0", "0", "--elo1", "5", "-j", "2", *FAST]
    first = altay(*args, "--max-pairs", "1", "--sign-key", str(key), "--out", str(out))
    assert first.returncode == 4, first.stderr  # no decision within one pair
    missing = altay("sprt", "--resume", "--out", str(out), "--max-pairs", "2")
    assert (
        missing.returncode == 2 and "--sign-key" in missing.stderr and fingerprint_of(key) in missing.stderr
    )
    assert "altay sprt --resume" in missing.stderr
    wrong = altay("sprt", "--resume", "--out", str(out), "--max-pairs", "2", "--sign-key", str(other))
    assert wrong.returncode == 2 and no_traceback(wrong)
    resumed = altay("sprt", "--resume", "--out", str(out), "--max-pairs", "2", "--sign-key", str(key))
    assert resumed.returncode == 4 and "Pairs: 2" in resumed.stdout, resumed.stderr
    assert altay("arena", "verify", str(out), "--public-key", f"{key}.pub").returncode == 0
