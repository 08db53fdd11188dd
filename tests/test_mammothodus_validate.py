"""A Mammothodus data file is validated completely when it is loaded (validate.py through
data.parse): every broken file of the corpus tests/data/mammothodus/broken/cases.json gets its
one sentence naming the section, the entry, what is wrong and what is expected; the bundled
stand-in and every other data file the tests commit pass; and arbitrary mutations of the
bundled file end in a DataError sentence or a valid file, never another exception."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from altay_cli.engine import ConfigError
from altay_cli.engine.mammothodus import validate
from altay_cli.engine.mammothodus.data import DATA_FILE, DataError, DataFile, parse

HERE = Path(__file__).parent
CORPUS = HERE / "data" / "mammothodus" / "broken" / "cases.json"
CASES: list[dict[str, Any]] = json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]
BUNDLED = json.loads(DATA_FILE.read_text(encoding="utf-8"))
#: the bundled file and the other data files committed for the tests (other*.json)
VALID_FILES = [DATA_FILE, *sorted((HERE / "data" / "mammothodus").glob("other*.json"))]


# ---------------------------------------------------------------------------- building a case
def _pointer(path: str) -> list[str]:
    assert path.startswith("/"), path
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def _apply(doc: Any, op: dict[str, Any]) -> None:
    """One RFC 6902 operation (add, replace, remove) on the parsed document, in place."""
    *parents, last = _pointer(op["path"])
    node = doc
    for p in parents:
        node = node[int(p)] if isinstance(node, list) else node[p]
    if isinstance(node, list):
        index = len(node) if last == "-" else int(last)
        if op["op"] == "add":
            node.insert(index, op["value"])
        elif op["op"] == "replace":
            node[index] = op["value"]
        else:
            del node[index]
    else:
        assert op["op"] != "replace" or last in node, f"replace of a missing key {op['path']}"
        assert op["op"] != "add" or last not in node, f"add of a present key {op['path']}"
        if op["op"] == "remove":
            del node[last]
        else:
            node[last] = op["value"]


def case_bytes(case: dict[str, Any]) -> bytes:
    raw = case.get("raw")
    if isinstance(raw, str):
        return raw.encode()
    if isinstance(raw, dict):
        return bytes.fromhex(raw["hex"])
    if isinstance(raw, list):
        return "".join(piece * times for piece, times in raw).encode()
    doc = copy.deepcopy(BUNDLED)
    structural = [op for op in case["patch"] if op["op"] != "text"]
    for op in structural:
        _apply(doc, op)
    text = json.dumps(doc, indent=1)
    for op in case["patch"]:
        if op["op"] == "text":
            assert op["find"] in text, f"{case['name']}: {op['find']!r} is not in the patched file"
            text = text.replace(op["find"], op["put"], 1)
    return text.encode()


def refusal(raw: bytes) -> str:
    with pytest.raises(DataError) as info:
        parse(raw)
    return str(info.value)


def assert_one_sentence(message: str) -> None:
    """Where, a colon, what is wrong: one line, no second sentence, no traceback."""
    assert "\n" not in message and "Traceback" not in message, message
    where, sep, problem = message.partition(": ")
    assert sep and where and problem, message
    assert where == "the file" or (where[0].isalpha() and " " not in where), message
    assert ". " not in problem and not problem.endswith("."), message
    assert len(message) < 400, message


# ---------------------------------------------------------------------------- the corpus
def test_a_data_error_is_a_configuration_error() -> None:
    """The commands turn a ConfigError into its sentence and exit code 2 before a game starts."""
    with pytest.raises(ConfigError, match=r"^the file: it is empty"):
        parse(b"")


def test_the_corpus_is_large_and_its_cases_are_distinct() -> None:
    assert len(CASES) >= 40
    assert len({c["name"] for c in CASES}) == len(CASES)
    assert len({case_bytes(c) for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_broken_file_gets_its_sentence(case: dict[str, Any]) -> None:
    message = refusal(case_bytes(case))
    assert_one_sentence(message)
    for word in case["words"]:
        assert word in message, f"{case['name']}: {word!r} is not in {message!r}"
    # the sentence starts with where: the first word of the case is the section or entry
    assert message.startswith(case["words"][0] + ":") or message.startswith(case["words"][0] + "["), message


# ---------------------------------------------------------------------------- valid files
@pytest.mark.parametrize("path", VALID_FILES, ids=[p.name for p in VALID_FILES])
def test_a_valid_data_file_passes(path: Path) -> None:
    data = parse(path.read_bytes())
    assert isinstance(data, DataFile)


def test_the_bundled_file_written_again_passes() -> None:
    """Key order, indentation, a final newline and a byte order mark are not part of the format."""
    again = json.dumps(dict(reversed(list(BUNDLED.items()))), separators=(",", ":")).encode()
    assert parse(again) == parse(DATA_FILE.read_bytes())
    assert parse(b"\xef\xbb\xbf" + DATA_FILE.read_bytes()) == parse(again)  # as some editors save it


def test_the_check_reads_the_general_format_not_the_stand_ins_shape() -> None:
    """What the format allows passes: another centre id (21 of 25 territories), other region
    names and a fifth region on a ring of its own, 3 places of power, six clans."""
    doc = copy.deepcopy(BUNDLED)
    m = doc["map"]
    rename = dict(zip("NESW", ["Nord", "Est", "Sud", "Ouest"], strict=True))
    for t in m["territories"]:
        t["region"] = rename.get(t["region"])
    for f in doc["portal"]["fragments"]:
        for cell in f["lines"]:
            if "region" in cell:
                cell["region"] = rename[cell["region"]]
        f["lines"] = f["lines"][:3]
    m["regions"] = [*rename.values(), "Middle"]
    m["territories"][0].update(region="Middle", color="red", ring="hub")
    m["territories"] += [
        {"id": 21, "region": None, "color": None, "ring": ""},
        {"id": 22, "region": "Middle", "color": "blue", "ring": "hub"},
        {"id": 23, "region": "Middle", "color": "green", "ring": "hub"},
        {"id": 24, "region": "Middle", "color": "yellow", "ring": "hub"},
    ]
    m["adjacency"] += [[21, 0], [21, 22], [23, 21], [24, 22]]
    m["centre"] = 21
    doc["shards"]["per_type"] = 6  # 4 types of 6: one shard per territory but the centre
    doc["limits"]["places_of_power"] = 3
    doc["clans"]["names"] = ["Aurochs", "Cave Bears", "Elks", "Megaloceros", "Steppe Lions", "Horses"]
    data = parse(json.dumps(doc).encode())
    assert data.map.centre == 21 and len(data.map.territories) == 25


def test_the_implemented_names_are_the_engines_own() -> None:
    """The names the check accepts are the engine's tables, and the bundled data uses only them."""
    from altay_cli.engine.mammothodus import humans

    talents, discoveries = validate.implemented()
    assert talents is humans.TALENTS and discoveries is humans.DISCOVERIES
    data = parse(DATA_FILE.read_bytes())
    assert set(data.talents.names) <= set(talents) and set(data.discoveries.cards) <= set(discoveries)


def test_a_game_needs_a_clan_name_per_clan() -> None:
    """The clan names are the most clans a game of the data allows: fewer names than clans is
    refused with one sentence, any count up to the names passes."""
    bundled = parse(DATA_FILE.read_bytes())
    two = msgspec.structs.replace(
        bundled, clans=msgspec.structs.replace(bundled.clans, names=("Mammoths", "Bisons"))
    )
    validate.check(two)
    for players in (1, 2):
        validate.check_players(two, players)
    for players in (0, 3, 4):
        with pytest.raises(DataError) as info:
            validate.check_players(two, players)
        assert_one_sentence(str(info.value))
        assert str(info.value).startswith("clans.names: 2 clan names cannot name the")
        assert f"the {players} clans" in str(info.value)


def test_text_from_the_file_is_escaped_and_cut_short_in_the_sentence() -> None:
    """A sentence quotes the file's text escaped and at most about 40 characters of it, and lists
    at most 8 names: a megabyte-long field name or a thousand regions make a short sentence."""
    doc = copy.deepcopy(BUNDLED)
    doc["map"]["x" * 1_000_000] = 1
    message = refusal(json.dumps(doc).encode())
    assert message.startswith('map: there is no field "xxxx') and len(message) < 300, message[:300]
    doc = copy.deepcopy(BUNDLED)
    doc["map"]["regions"] += [f"R{i}" for i in range(1000)]
    doc["map"]["territories"][1]["region"] = "\u001b[2J"
    message = refusal(json.dumps(doc).encode())
    assert message.startswith('map.territories[1].region: region "\\u001b[2J" is not on the map')
    assert message.endswith('"R3" or 996 more') and len(message) < 300, message


def test_data_built_in_code_is_checked_as_a_file_is() -> None:
    """check() alone (data from a game log or built in code) bounds its numbers too."""
    bundled = parse(DATA_FILE.read_bytes())
    huge = msgspec.structs.replace(bundled, map=msgspec.structs.replace(bundled.map, centre=10**4000))
    with pytest.raises(DataError, match=r"^map\.centre: a number too large"):
        validate.check(huge)


def test_validating_the_bundled_file_costs_little(capsys: pytest.CaptureFixture[str]) -> None:
    """Measured, not asserted (tests never assert time): decode alone and the whole parse."""
    raw = DATA_FILE.read_bytes()
    rounds = 50
    start = time.perf_counter()
    for _ in range(rounds):
        msgspec.json.decode(raw, type=DataFile)
    decode_ms = (time.perf_counter() - start) * 1000 / rounds
    start = time.perf_counter()
    for _ in range(rounds):
        parse(raw)
    parse_ms = (time.perf_counter() - start) * 1000 / rounds
    with capsys.disabled():
        print(
            f"\nMammothodus data ({len(raw)} bytes): decode {decode_ms:.3f} ms,"
            f" parse and validate {parse_ms:.3f} ms"
        )


# ---------------------------------------------------------------------------- hostile input
def _mutations(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            True,
            -1,
            0,
            1,
            2,
            7,
            21,
            10**20,
            -(10**20),
            0.5,
            "",
            "N",
            "red",
            "sun",
            "x" * 60,
            [],
            [0, 1],
            {},
            {"shard": "sun"},
        ]
    )


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, (*path, k))] + [path]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))] + [path]
    return [path]


def test_any_mutation_of_a_value_gets_a_sentence_or_passes() -> None:
    """Seeded, 600 files (a few seconds): one to three values of the bundled file replaced or
    removed at random; parse either accepts the file or refuses it with one sentence."""
    rng = random.Random(22)
    leaves = [p for p in _leaves(BUNDLED) if p]
    refused = 0
    for _ in range(600):
        doc = copy.deepcopy(BUNDLED)
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(leaves)
            node = doc
            try:
                for p in path[:-1]:
                    node = node[p]
                if rng.random() < 0.2:
                    del node[path[-1]]
                else:
                    node[path[-1]] = _mutations(rng)
            except (KeyError, IndexError, TypeError):
                continue
        try:
            parse(json.dumps(doc).encode())
        except DataError as exc:
            assert_one_sentence(str(exc))
            refused += 1
    assert refused > 400  # most mutations break something, and each said what


def test_any_bytes_get_a_sentence() -> None:
    """Seeded, 600 files: the bundled file cut, with bytes flipped or inserted, and random bytes."""
    rng = random.Random(2022)
    raw = DATA_FILE.read_bytes()
    for i in range(600):
        kind = i % 4
        if kind == 0:
            data = raw[: rng.randrange(len(raw))]
        elif kind == 1:
            data = bytearray(raw)
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            data = bytes(data)
        elif kind == 2:
            at = rng.randrange(len(raw))
            data = raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + raw[at:]
        else:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
        try:
            parse(data)
        except DataError as exc:
            assert_one_sentence(str(exc))
