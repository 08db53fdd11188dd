"""Every option is checked at the door: a large, fixed set of bad invocations of every command
(bad numbers, Unicode digits, inf and nan, negative and huge numbers, missing files, FIFOs,
/dev/zero, /dev/full, directories, symlink loops, bad TOML, keys that are not keys) through the
real command line. Each must end with exit code 2, one readable error that names what is wrong,
no traceback, and no hang.

The invocations that need nothing but the command line run in batches inside one Python
process each (click's CliRunner, with an alarm per invocation so a hang is reported by name),
and that process itself runs under a timeout; the ones that name a FIFO run as real
subprocesses. About 1,100 invocations in all, 20-40 s on a busy 2-core machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from altay_cli.commands.options import machine_cpus
from altay_cli.logsign import generate
from tests.play_helpers import GOLDEN, altay_argv

#: Longest one invocation may take before it counts as a hang (refusals take milliseconds).
HANG_S = 20

RUNNER = r"""
import json, signal, sys, traceback
from click.testing import CliRunner
from altay_cli.cli import main

class Hung(Exception):
    pass

def alarm(*_):
    raise Hung()

signal.signal(signal.SIGALRM, alarm)
limit = int(sys.argv[1])
runner = CliRunner()
results = []
for args in json.load(sys.stdin):
    signal.alarm(limit)
    try:
        r = runner.invoke(main, args, input="", catch_exceptions=True)
        exc = r.exception
        hung = isinstance(exc, Hung)
        crash = None
        if exc is not None and not isinstance(exc, SystemExit):
            crash = "".join(traceback.format_exception(exc))
        results.append({"args": args, "code": r.exit_code, "output": r.output, "crash": crash, "hung": hung})
    except Hung:
        results.append({"args": args, "code": None, "output": "", "crash": None, "hung": True})
    finally:
        signal.alarm(0)
print(json.dumps(results))
"""

BAD_ANY = [
    "\u0663",
    "\uff13",
    "1_0",
    "inf",
    "nan",
    "-inf",
    "1e400",
    "9" * 40,
    "9" * 5000,
    "0x1",
    "",
    "x",
    " 7",
    "7 ",
]
BAD_INT = [*BAD_ANY, "1.5", "-1", "1e3", "+-1"]
BAD_COUNT = [*BAD_INT, "0"]  # options whose least value is 1
BAD_ELO = [*BAD_ANY, "2001", "-2001", "1e5"]
BAD_RATE = [*BAD_ANY, "0", "0.5", "-0.1", "1"]
BAD_CORES = [*BAD_ANY, "1e-300", "1e-400", "0.001", "-1", str(machine_cpus() + 1), "100000"]


def number_cases(tmp: Path) -> list[tuple[list[str], str]]:
    """(invocation, the option its error must name) for every numeric option of every command."""
    log = str(GOLDEN / "2p_greedy_choose.jsonl")
    bases: dict[str, list[str]] = {
        "match": ["match", "random", "random", "--max-rounds", "1"],
        "play": ["play", "--seat", "1=policy:random", "--max-rounds", "1"],
        "check-bot": ["check-bot", "random", "--players", "2"],
        "demo": ["demo", "--max-rounds", "1"],
        "demo-innovation": ["demo", "--game", "innovation", "--players", "2"],
        "replay": ["replay", log],
        "arena": ["arena", "a=random", "b=random", "--games", "1", "--out", str(tmp / "arena")],
        "sprt": ["sprt", "random", "random", "--max-pairs", "1", "--out", str(tmp / "sprt")],
        "bench-engine": ["bench", "engine", "--games", "1"],
        "bench-protocol": ["bench", "protocol", "--games", "1"],
        "bench-sandbox": ["bench", "sandbox", "--starts", "1", "--games", "1"],
        "bench-arena": ["bench", "arena", "--deals", "1", "--workers", "1"],
    }
    options: dict[str, list[tuple[str, list[str]]]] = {
        "match": [
            ("--seed", BAD_INT),
            ("--move-ms", BAD_COUNT),
            ("--bank-ms", BAD_INT),
            ("--increment-ms", BAD_INT),
            ("--startup-ms", BAD_COUNT),
            ("--retries", BAD_INT),
            ("--max-line-bytes", BAD_COUNT),
            ("--stderr-cap", [*BAD_INT, str(1 << 30)]),
            ("--bot-memory", BAD_INT),
            ("--bot-processes", [*BAD_INT, "1000000"]),
            ("--bot-cpus", BAD_CORES),
            ("--bot-cpu-time", [*BAD_INT, str(10**9)]),
            ("--bot-file-size", BAD_INT),
            ("--bot-scratch", BAD_COUNT),
            ("--max-rounds", BAD_COUNT),
        ],
        "play": [
            ("--players", [*BAD_COUNT, "17"]),
            ("--seed", BAD_INT),
            ("--move-ms", [*BAD_COUNT, "86400001"]),
            ("--bot-cpus", BAD_CORES),
            ("--bot-memory", BAD_INT),
        ],
        "check-bot": [
            ("--move-ms", BAD_COUNT),
            ("--startup-ms", BAD_COUNT),
            ("--seed", [*BAD_INT, str(1 << 63)]),
            ("--players", BAD_COUNT),
            ("--bot-cpus", BAD_CORES),
        ],
        "demo": [("--players", BAD_COUNT), ("--seed", BAD_INT), ("--max-rounds", BAD_COUNT)],
        "demo-innovation": [("--max-turns", BAD_COUNT)],
        "replay": [("--seed", BAD_INT), ("--seat", BAD_INT)],
        "arena": [
            ("--players", BAD_COUNT),
            ("--games", BAD_COUNT),
            ("--concurrency", BAD_COUNT),
            ("--seed", BAD_INT),
            ("--move-ms", BAD_COUNT),
            ("--retries", BAD_INT),
            ("--bot-cpus", BAD_CORES),
            ("--max-rounds", BAD_COUNT),
        ],
        "sprt": [
            ("--elo0", BAD_ELO),
            ("--elo1", BAD_ELO),
            ("--alpha", BAD_RATE),
            ("--beta", BAD_RATE),
            ("--players", BAD_COUNT),
            ("--max-pairs", BAD_COUNT),
            ("--concurrency", BAD_COUNT),
            ("--seed", BAD_INT),
            ("--bot-cpus", BAD_CORES),
        ],
        "bench-engine": [("--games", BAD_COUNT), ("--seed", BAD_INT)],
        "bench-protocol": [("--games", BAD_COUNT), ("--seed", BAD_INT)],
        "bench-sandbox": [("--starts", BAD_COUNT), ("--games", BAD_COUNT)],
        "bench-arena": [
            ("--deals", BAD_COUNT),
            ("--players", [*BAD_COUNT, "5"]),
            ("--max-rounds", BAD_COUNT),
            ("--workers", [*(v for v in BAD_ANY if v.strip() == v), "0", "1,\u0663", "1025", "-1"]),
        ],
    }
    cases = []
    for name, opts in options.items():
        for flag, values in opts:
            cases += [([*bases[name], flag, value], flag) for value in values]
    # text options whose form is checked
    for value in ["1A=x", "A B=1", "=x", "ä=1", "A-B=1"]:
        cases.append(([*bases["match"], "--bot-env", value], "--bot-env"))
    for value in ["٣=random", "9" * 5000 + "=random", "1", "=", "0-٣=human", "1=", "5=random"]:
        cases.append(([*bases["play"], "--seat", value], "--seat"))
    for value in ["a.move-ms=٣", "a.move-ms=nan", "a.bot-cpus=1e-300", "a.bot-cpus=inf", "a.bot-network=3"]:
        cases.append(([*bases["arena"], "--set", value], "--set"))
    return cases


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, Path]:
    """Files a careless organiser might name: every kind of thing that is not what is expected."""
    files: dict[str, Path] = {}
    files["fifo"] = tmp_path / "pipe"
    os.mkfifo(files["fifo"])
    files["key_with_fifo_pub"] = tmp_path / "signer2"
    os.mkfifo(tmp_path / "signer2.pub")
    files["dir"] = tmp_path / "folder"
    files["dir"].mkdir()
    files["loop"] = tmp_path / "loop-a"
    os.symlink(tmp_path / "loop-b", files["loop"])
    os.symlink(files["loop"], tmp_path / "loop-b")
    files["missing"] = tmp_path / "no-such-file"
    files["text"] = tmp_path / "hello.txt"
    files["text"].write_text("hello\n")
    files["under_file"] = files["text"] / "inside"
    files["empty"] = tmp_path / "empty"
    files["empty"].write_bytes(b"")
    files["binary"] = tmp_path / "noise.bin"
    files["binary"].write_bytes(bytes(range(256)) * 8)
    files["huge"] = tmp_path / "huge"
    files["huge"].write_bytes(b"# " + b"x" * (2 << 20) + b"\n")
    # keys that are not (the right) keys
    signer_path = tmp_path / "organiser.key"
    generate(signer_path)
    files["private"] = signer_path
    files["public"] = Path(f"{signer_path}.pub")
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    ec_key = ec.generate_private_key(ec.SECP256R1())
    files["ec_private"] = tmp_path / "ec.key"
    files["ec_private"].write_bytes(
        ec_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    files["ec_public"] = tmp_path / "ec.key.pub"
    files["ec_public"].write_bytes(
        ec_key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    files["broken_pem"] = tmp_path / "broken.key"
    files["broken_pem"].write_text("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n")
    files["nul_key"] = tmp_path / "nul.key"
    files["nul_key"].write_bytes(b"-----BEGIN PUBLIC KEY-----\n\0\0\0\n-----END PUBLIC KEY-----\n")
    return files


CONFIGS = {
    "deep_arrays": "a = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "deep_inline": "a = " + "{b = " * 100_000 + "1" + "}" * 100_000 + "\n",
    "deep_dotted": "[" + ".".join(["a"] * 100_000) + "]\n",
    "deep_in_bots": "[bots]\nx = " + "[" * 5000 + "]" * 5000 + "\n",
    "not_toml": "players = = 2\n",
    "unknown": "colour = 'blue'\n",
    "unicode_digit": "move-ms = '٣'\n",
    "inf_cores": "bot-cpus = inf\n",
    "nan_cores": "bot-cpus = nan\n",
    "tiny_cores": "bot-cpus = 1e-300\n",
    "negative_seed": "seed = -1\n",
    "float_ms": "move-ms = 1.5\n",
    "list_ms": "move-ms = [[1]]\n",
    "date_ms": "move-ms = 1979-05-27\n",
    "ro_string": "bot-ro = 'folder'\n",
    "ro_missing": "bot-ro = ['no-such-folder-anywhere']\n",
    "out_number": "out = 5\n",
    "flag_text": "trading = 'yes'\n",
    "env_nul": 'bot-env = ["A=\\u0000"]\n',
    "bot_number": "[bots]\na = 5\n",
    "bots_number": "bots = 5\n",
    "bot_nan_ms": "[bots]\na = { command = 'random', move-ms = nan }\n",
    "bot_tiny_cores": "[bots]\na = { command = 'random', bot-cpus = 1e-300 }\n",
    "bot_digit_ms": "[bots]\na = { command = 'random', move-ms = '٣' }\n",
    "bot_flag_number": "[bots]\na = { command = 'random', bot-network = 3 }\n",
    "bot_unknown_field": "[bots]\na = { command = 'random', colour = 1 }\n",
    "bot_nul_command": '[bots]\na = "ran\\u0000dom"\nb = "random"\n',
}


def file_cases(tmp: Path, f: dict[str, Path]) -> list[tuple[list[str], str]]:
    """(invocation, what its error must name) for every file or folder an option names."""
    log = str(GOLDEN / "2p_greedy_choose.jsonl")
    match = ["match", "random", "random", "--max-rounds", "1"]
    play = ["play", "--seat", "1=policy:random", "--max-rounds", "1"]
    arena = ["arena", "a=random", "b=random", "--games", "1", "--out", str(tmp / "arena")]
    sprt = ["sprt", "random", "random", "--max-pairs", "1", "--out", str(tmp / "sprt")]
    unusable = ["dir", "loop", "missing", "under_file"]
    devices = ["/dev/zero", "/dev/null", "/dev/full"]
    cases: list[tuple[list[str], str]] = []

    def add(args: list[str], path: Path | str, hint: str | None = None) -> None:
        cases.append(([*args, str(path)] if hint is None else [*args, hint, str(path)], Path(path).name))

    not_keys = ["text", "empty", "binary", "huge", "ec_private", "broken_pem", "nul_key", "public"]
    for base in (match, play, arena, sprt):
        for name in [*unusable, *not_keys]:
            add(base, f[name], "--sign-key")
        for dev in devices:
            add(base, dev, "--sign-key")
    verify_dir = tmp / "folder"
    for name in [
        *unusable,
        "text",
        "empty",
        "binary",
        "huge",
        "ec_public",
        "ec_private",
        "broken_pem",
        "nul_key",
    ]:
        add(["replay", log], f[name], "--public-key")
        add(["arena", "verify", str(verify_dir)], f[name], "--public-key")
    for dev in devices:
        add(["replay", log], dev, "--public-key")
    for name in [*unusable, "empty", "binary", "huge"]:
        add(["replay"], f[name])
        add(["play"], f[name], "--load")
    for dev in devices:
        add(["replay"], dev)
        add(["play"], dev, "--load")
    for name in ["dir", "loop", "under_file"]:
        add(match, f[name], "--log")
        add(play, f[name], "--log")
        add(["schema"], f[name], "--output")
    for dev in devices:
        add(match, dev, "--log")
        add(["schema"], dev, "--output")
    for name in ["text", "under_file"]:
        add(["check-bot", "random"], f[name], "--dump")
        add(arena, f[name], "--out")
        add(sprt, f[name], "--out")
    for dev in ["/dev/zero", "/dev/null"]:
        add(["check-bot", "random"], dev, "--dump")
        add(arena, dev, "--out")
    for name in ["missing", "loop"]:
        for base in (match, play, ["check-bot", "random"], arena, sprt):
            add(base, f[name], "--bot-ro")
    for name in ["dir", "under_file"]:
        cases.append((["keygen", str(f[name])], f[name].name))
    cases.append((["keygen", "/dev/full", "--force"], "full"))
    for force in ([], ["--force"]):  # KEY.pub is a FIFO: nothing is written, nothing blocks
        cases.append((["keygen", str(f["key_with_fifo_pub"]), *force], "signer2.pub"))
    cases.append((["keygen", str(f["private"])], "organiser.key"))  # exists: never replaced
    for name in [*unusable, "binary", "huge"]:
        add(["arena"], f[name], "--config")
        add(["sprt"], f[name], "--config")
    for dev in devices:
        add(["arena"], dev, "--config")
    for stem, text in CONFIGS.items():
        path = tmp / f"{stem}.toml"
        path.write_text(text, encoding="utf-8")
        add(["arena", "--out", str(tmp / "arena")], path, "--config")
    for stem in ("deep_arrays", "inf_cores", "bot_digit_ms"):
        add(["sprt", "--out", str(tmp / "sprt")], tmp / f"{stem}.toml", "--config")
    if not Path("/dev/full").exists():
        cases = [(args, named) for args, named in cases if "/dev/full" not in args]
    return cases


def run_batch(cases: list[tuple[list[str], str]], cwd: Path) -> list[dict]:
    """Run the invocations in one Python process (CliRunner), under a timeout for all of them."""
    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, str(HANG_S)],
        input=json.dumps([args for args, _ in cases]),
        capture_output=True,
        text=True,
        timeout=HANG_S + 5 * 60,
        cwd=cwd,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def problems_of(result: dict, named: str) -> str | None:
    """What is wrong with one refusal, or None: exit 2, no traceback, no hang, one readable error
    line that names the option or file at fault."""
    if result["hung"]:
        return "hung"
    if result["crash"]:
        return "crashed:\n" + result["crash"][-1500:]
    output = result["output"]
    if "Traceback" in output:
        return "a traceback in the output"
    if result["code"] != 2:
        return f"exit code {result['code']}:\n{output[-800:]}"
    errors = [line for line in output.splitlines() if line.startswith(("Error:", "UNREADABLE:"))]
    if len(errors) != 1:
        return f"{len(errors)} error lines:\n{output[-800:]}"
    if len(errors[0]) > 600:
        return f"an error of {len(errors[0])} characters"
    if named not in errors[0]:
        return f"the error does not name {named!r}: {errors[0]}"
    return None


def check(results: list[dict], cases: list[tuple[list[str], str]]) -> None:
    failures = []
    for result, (args, named) in zip(results, cases, strict=True):
        problem = problems_of(result, named)
        if problem:
            shown = [a if len(a) < 60 else a[:20] + f"...({len(a)} chars)" for a in args]
            failures.append(f"altay {' '.join(shown)}: {problem}")
    assert not failures, f"{len(failures)} of {len(cases)} bad invocations misbehaved:\n" + "\n".join(
        failures[:25]
    )


def test_bad_numbers_and_words_of_every_command_get_one_sentence(tmp_path: Path) -> None:
    cases = number_cases(tmp_path)
    assert len(cases) > 900
    check(run_batch(cases, tmp_path), cases)
    assert not (tmp_path / "arena").exists() and not (tmp_path / "sprt").exists()  # nothing ran


def test_bad_files_folders_keys_and_configs_get_one_sentence(
    tmp_path: Path, hostile: dict[str, Path]
) -> None:
    cases = file_cases(tmp_path, hostile)
    assert len(cases) > 180
    check(run_batch(cases, tmp_path), cases)
    assert not (tmp_path / "arena").exists() and not (tmp_path / "sprt").exists()  # nothing ran
    assert hostile["text"].read_text() == "hello\n"
    assert not hostile["key_with_fifo_pub"].exists()  # no private key left without its public one


def fifo_cases(fifo: Path, tmp: Path) -> list[list[str]]:
    log = str(GOLDEN / "2p_greedy_choose.jsonl")
    p = str(fifo)
    return [
        ["arena", "--config", p],
        ["sprt", "--config", p],
        ["match", "random", "random", "--sign-key", p],
        ["play", "--sign-key", p],
        ["arena", "a=random", "b=random", "--out", str(tmp / "arena"), "--sign-key", p],
        ["replay", log, "--public-key", p],
        ["arena", "verify", str(tmp), "--public-key", p],
        ["replay", p],
        ["play", "--load", p],
        ["match", "random", "random", "--log", p],
        ["play", "--log", p],
        ["schema", "--output", p],
        ["keygen", p, "--force"],
        ["check-bot", "random", "--dump", p],
        ["arena", "a=random", "b=random", "--out", p],
    ]


def test_a_fifo_wherever_a_file_or_folder_is_named_is_refused_at_once(tmp_path: Path) -> None:
    """Real processes, a real FIFO with no writer and no reader: nothing may block on it."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    failures = []
    for args in fifo_cases(fifo, tmp_path):
        try:
            res = subprocess.run(
                [*altay_argv(), *args], input="", capture_output=True, text=True, timeout=HANG_S, cwd=tmp_path
            )
        except subprocess.TimeoutExpired:
            failures.append(f"altay {' '.join(args)}: hung")
            continue
        problem = problems_of(
            {"hung": False, "crash": None, "output": res.stdout + res.stderr, "code": res.returncode}, "pipe"
        )
        if problem:
            failures.append(f"altay {' '.join(args)}: {problem}")
    assert not failures, "\n".join(failures)
    assert fifo.is_fifo()  # never replaced, never written through
