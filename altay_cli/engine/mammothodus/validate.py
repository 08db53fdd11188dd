"""A Mammothodus data file, checked completely when it is loaded.

`decode` turns the file's bytes into a `DataFile` and `check` proves that everything in it
resolves and fits: ids unique, references to territories, regions, colours and shards that
exist, counts in range, a symmetric and connected map, a portal whose lines the map can meet,
talent and discovery names the engine implements. The format is the general one (any number of
territories, rings and regions, any centre id, any number of places of power and of clans), so
nothing here knows the stand-in's shape.

Every failure is one `DataError` whose message is one sentence: where (a JSON path such as
`map.adjacency[7]`), what is wrong and what is expected. msgspec's own decode errors are
reworded to the same form, and bytes that are not JSON at all, an empty file, a list instead of
an object, a huge number or deep nesting give a sentence too, never a traceback.
"""

from __future__ import annotations

import json
import re
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import msgspec

from .data import FORMAT, Color, DataError, DataFile

#: The file and its numbers are bounded, so that a hostile or careless file cannot make the
#: engine build a deck of 10**18 cards, a distance table of a million territories, or numbers
#: that a bot's JSON reader cannot hold. The bounds are far above any real component list.
MAX_BYTES = 16 * 1024 * 1024
MAX_TERRITORIES = 1000
MAX_COUNT = 1000  # cards of one kind, tribes, spirits, tokens, dice, boxes, a hand
MAX_POPULATION = 1000  # every population number lies in -MAX_POPULATION..MAX_POPULATION
MAX_ID = 1_000_000  # portal fragment ids lie in 0..MAX_ID
MAX_INT = 10**18  # no whole number in the file reaches it (it fits in 64 bits)
MAX_NAME = 40  # characters in a region, ring, clan, spirit, shard, talent or discovery name
#: The faces of the engine's die (ops.roll draws 1..6): a hit or a spirit's minimum beyond them
#: could never be rolled.
DIE_FACES = 6
#: Adaptation card kinds as data.adaptation_name and ancients.card_value play them: the first two
#: name a colour, the others do not.
COLOURED_ADAPTATIONS = ("extra_action", "double")
PLAIN_ADAPTATIONS = ("wild", "draw3")
#: What `hit` and `direct` name besides a spirit (ancients.py, humans.py): no spirit may be called so.
TRIBE = "tribe"
CENTRE = "centre"  # the centre counts as a region of this name in M35 (tables.py, ancients.py)
#: Besides the colours, the human deck's one other card (humans.py reveals it as a new trail).
NEW_TRAIL = "new_trail"

COLOURS = tuple(str(c) for c in Color)


# ---------------------------------------------------------------------------- sentences
def fail(where: str, problem: str) -> DataError:
    """The one sentence of a failure: `where: problem` (the caller raises it)."""
    return DataError(f"{where}: {problem}")


#: a list in a sentence names at most this many items, then says how many there are
MAX_LISTED = 8


def listing(items: Iterable[object], last: str = "and", cap: bool = True) -> str:
    words = [str(x) for x in items]
    if cap and len(words) > MAX_LISTED:
        return f"{', '.join(words[:MAX_LISTED])} {last} {len(words) - MAX_LISTED} more"
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def q(text: object) -> str:
    """Text from the file as a sentence quotes it: escaped (no control character reaches a
    terminal) and cut short (a megabyte-long name does not make a megabyte-long sentence)."""
    text = str(text)
    return json.dumps(text if len(text) <= MAX_NAME else text[:MAX_NAME] + "...")


def quoted(items: Iterable[object], last: str = "and", cap: bool = True) -> str:
    return listing((q(x) for x in items), last, cap)


def one_of(items: Iterable[object]) -> str:
    return f"expected one of {quoted(items, 'or')}"


def span(n: int) -> str:
    """The territories of a map of n, as a reader checks an id against them."""
    return f"the map has {n} territories, numbered 0 to {n - 1}"


def need_int(where: str, value: int, lo: int, hi: int, what: str = "") -> None:
    if not lo <= value <= hi:
        shown = str(value) if abs(value) < MAX_INT else "a number too large"
        what, _, why = (what or "a number").partition(" (")
        raise fail(
            where, f"{shown} is out of range, expected {what} from {lo} to {hi}{' (' + why if why else ''}"
        )


def need_name(where: str, name: str, what: str, empty_ok: bool = False) -> None:
    """A name players read in views and narration: printable, trimmed, short."""
    if not name:
        if empty_ok:
            return
        raise fail(where, f"the {what} is empty, expected a name")
    if not name.isprintable():
        raise fail(where, f"the {what} {q(name)} holds a control character, expected printable text")
    if name != name.strip():
        raise fail(where, f"the {what} {q(name)} begins or ends with a space, expected a trimmed name")
    if len(name) > MAX_NAME:
        raise fail(where, f"the {what} is {len(name)} characters long, expected at most {MAX_NAME}")


def need_unique_names(where: str, names: Sequence[str], what: str, at_least: int = 1) -> None:
    if len(names) < at_least:
        raise fail(where, f"{len(names)} {what}s, expected at least {at_least}")
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        need_name(f"{where}[{i}]", name, what)
        key = name.casefold()  # people type names in any case: "earth" must name one spirit
        if key in seen:
            raise fail(
                f"{where}[{i}]",
                f"the {what} {q(name)} repeats {where}[{seen[key]}], expected each once"
                + ("" if name == names[seen[key]] else " (names differ by more than case)"),
            )
        seen[key] = i


# ---------------------------------------------------------------------------- decoding
@cache
def _schema() -> msgspec.inspect.Type:
    return msgspec.inspect.type_info(DataFile)


_AT = re.compile(r"^(?P<msg>.*?)(?: - at `(?:(?P<key>key)` in `)?(?P<path>\$[^`]*)`)?$", re.S)
_TOKEN = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_LONG_DIGITS = re.compile(rb"\d{%d,}" % len(str(MAX_INT)))
_KINDS = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bool": "true or false",
    "null": "null",
    "array": "a list",
    "object": "an object",
}


def decode(raw: bytes) -> DataFile:
    """The file's bytes as a DataFile of the right types, or DataError with one sentence."""
    if len(raw) > MAX_BYTES:
        raise fail("the file", f"{len(raw)} bytes, expected at most {MAX_BYTES} (a Mammothodus data file)")
    raw = bytes(raw).removeprefix(b"\xef\xbb\xbf")  # a byte order mark, as some editors write
    if not raw.strip():
        raise fail("the file", "it is empty, expected a JSON object (a Mammothodus data file)")
    try:
        data = msgspec.json.decode(raw, type=DataFile)
    except msgspec.ValidationError as exc:
        raise _reworded(str(exc), raw) from None
    except msgspec.DecodeError as exc:
        raise _not_json(str(exc)) from None
    except UnicodeDecodeError:
        raise fail(
            "the file", f"byte {_first_non_utf8(raw)} is not UTF-8, expected JSON text in UTF-8"
        ) from None
    _no_repeated_keys(raw)
    return data


def _first_non_utf8(raw: bytes) -> int:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start
    return 0


def _not_json(message: str) -> DataError:
    if message.startswith("Input data was truncated"):
        return fail("the file", "the JSON ends too early, expected a complete JSON object")
    m = re.match(r"JSON is malformed: (.*) \(byte (\d+)\)$", message)
    if m:
        return fail("the file", f"not valid JSON ({m[1]} at byte {m[2]}), expected a JSON object")
    return fail("the file", f"not valid JSON ({message.rstrip('.')}), expected a JSON object")


def _reworded(message: str, raw: bytes) -> DataError:
    """msgspec's "Expected `int`, got `str` - at `$.map.territories[3].ring`" as a sentence."""
    m = _AT.match(message)
    assert m is not None  # the pattern matches any text
    msg, path = m["msg"], m["path"] or "$"
    tokens: list[str | int] = [int(i) if i.isdigit() else i for _, i in _tokens(path)]
    tokens = [t for t in tokens if t != ""]
    where = _where(tokens, raw)
    kind = _type_at(tokens)
    expected = re.match(r"Expected `([^`]*)`, got `([^`]*)`$", msg)
    if expected:
        want = _enum_words(kind) or _type_words(expected[1])
        return fail(where, f"found {_type_words(expected[2])}, expected {want}")
    length = re.match(r"Expected `array` of length (\d+)$", msg)
    if length:
        return fail(where, f"a list of the wrong length, expected exactly {length[1]} items")
    field = re.match(r"Object (missing required|contains unknown) field `([^`]*)`$", msg)
    if field:
        fields = quoted((f.encode_name for f in getattr(kind, "fields", ())), cap=False)
        if field[1] == "missing required":
            return fail(where, f"the field {q(field[2])} is missing (the fields are {fields})")
        return fail(where, f"there is no field {q(field[2])}, expected only {fields}")
    enum = re.match(r"Invalid enum value (.*)$", msg)
    if enum:
        value = enum[1].strip("'")
        if m["key"]:
            key_type = getattr(kind, "key_type", None)
            return fail(where, f"the key {q(value)} is not allowed, expected {_enum_words(key_type)}")
        return fail(where, f"{q(value)} is not allowed, expected {_enum_words(kind)}")
    if msg.startswith(("Number out of range", "Integer value out of range")):
        return fail(
            where, f"a number too large, expected a whole number of at most {len(str(MAX_INT)) - 1} digits"
        )
    return fail(where, f"{msg[:1].lower()}{msg[1:].rstrip('.')}, expected what the data format describes")


def _tokens(path: str) -> list[tuple[str, str]]:
    return [(a, a or b) for a, b in _TOKEN.findall(path[1:])]


def _where(tokens: list[str | int], raw: bytes) -> str:
    """The tokens as a JSON path people read; a dict value msgspec cannot name ("[...]") is
    named by its key, found in the raw JSON."""
    if not tokens:
        return "the file"
    out = ""
    node: Any = _raw_json(raw)
    for t in tokens:
        if t == "...":
            key = _bad_key(node)
            out += f"[{q(key)}]" if key is not None else ""
            node = node.get(key) if isinstance(node, dict) and key is not None else None
        elif isinstance(t, int):
            out += f"[{t}]"
            node = node[t] if isinstance(node, list) and t < len(node) else None
        else:
            out += f".{t}" if out else t
            node = node.get(t) if isinstance(node, dict) else None
    return out


def _raw_json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def _bad_key(node: Any) -> str | None:
    """The key of a dict whose value has the wrong type: the first one that is not a whole
    number (every dict of the format maps a name to a number)."""
    if not isinstance(node, dict):
        return None
    for key, value in node.items():
        if not isinstance(value, int) or isinstance(value, bool):
            return key
    return None


def _type_at(tokens: list[str | int]) -> msgspec.inspect.Type | None:
    kind: Any = _schema()
    for t in tokens:
        kind = _unwrap(kind)
        if isinstance(kind, msgspec.inspect.StructType):
            kind = next((f.type for f in kind.fields if f.encode_name == t), None)
        elif isinstance(kind, msgspec.inspect.TupleType) and isinstance(t, int):
            kind = kind.item_types[t] if t < len(kind.item_types) else None
        elif isinstance(kind, (msgspec.inspect.VarTupleType, msgspec.inspect.ListType)):
            kind = kind.item_type
        elif isinstance(kind, msgspec.inspect.DictType):
            kind = kind.value_type
        else:
            return None
    return _unwrap(kind)


def _unwrap(kind: Any) -> Any:
    """The one type of an optional (`X | None`) besides null."""
    if isinstance(kind, msgspec.inspect.UnionType):
        others = [k for k in kind.types if not isinstance(k, msgspec.inspect.NoneType)]
        if len(others) == 1:
            return others[0]
    return kind


def _type_words(spec: str) -> str:
    return listing((_KINDS.get(part.strip(), part.strip()) for part in spec.split("|")), "or")


def _enum_words(kind: Any) -> str:
    if isinstance(kind, msgspec.inspect.EnumType):
        return f"one of {quoted((m.value for m in kind.cls), 'or')}"
    return ""


class _Pairs(list[tuple[str, Any]]):
    """A JSON object as its (key, value) pairs in order, so that a repeated key shows."""


def _no_repeated_keys(raw: bytes) -> None:
    """JSON lets a key repeat and keeps the last: a second trail token "3" or a second "map"
    would silently replace the first, so it is refused (what the typed decode cannot see)."""
    try:
        json.loads(raw, object_pairs_hook=_unique)
    except _Repeated:  # the slow way, for the key's path
        _walk(json.loads(raw, object_pairs_hook=_Pairs))
    except (ValueError, RecursionError):  # what msgspec read, json reads too; never a traceback
        raise fail("the file", "not valid JSON, expected a JSON object") from None


class _Repeated(Exception):
    """A JSON object repeats a key."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Repeated
    return out


def _walk(tree: Any) -> None:
    """Every object and number of a JSON tree in document order, each with its path: a repeated
    key (in a tree of `_Pairs`), and a whole number too large for a bot's JSON reader (64 bits)
    or for a sentence."""
    todo: list[tuple[str, Any, Any]] = [("", tree, _schema())]
    while todo:
        where, node, kind = todo.pop()
        kind = _unwrap(kind)
        children: list[tuple[str, Any, Any]] = []
        if isinstance(node, (_Pairs, dict)):
            seen: set[str] = set()
            fields = {f.encode_name: f.type for f in getattr(kind, "fields", ())}
            for key, value in node if isinstance(node, _Pairs) else node.items():
                if key in seen:
                    raise fail(where or "the file", f"the key {q(key)} appears twice, expected each key once")
                seen.add(key)
                if key in fields:
                    children.append((f"{where}.{key}" if where else key, value, fields[key]))
                else:
                    children.append((f"{where}[{q(key)}]", value, getattr(kind, "value_type", None)))
        elif isinstance(node, (list, tuple)):
            for i, value in enumerate(node):
                if isinstance(kind, msgspec.inspect.TupleType):
                    item = kind.item_types[i] if i < len(kind.item_types) else None
                else:
                    item = getattr(kind, "item_type", None)
                children.append((f"{where}[{i}]", value, item))
        elif isinstance(node, int) and not isinstance(node, bool) and abs(node) >= MAX_INT:
            digits = len(str(MAX_INT)) - 1
            raise fail(where, f"a number too large, expected a whole number of at most {digits} digits")
        todo.extend(reversed(children))


# ---------------------------------------------------------------------------- the checks
def check(d: DataFile) -> None:
    """Raise DataError with one sentence for the first problem of the data (decoded from a
    file or from a game log, or built in code)."""
    if _LONG_DIGITS.search(msgspec.json.encode(d)):  # a quick look; the walk names the place
        _walk(msgspec.to_builtins(d))
    if d.format != FORMAT:
        raise fail("format", f"{q(d.format)} is not this format, expected {q(FORMAT)}")
    check_map(d)
    check_trails(d)
    check_population(d)
    check_limits(d)
    check_decks(d)
    check_shards(d)
    check_portal(d)
    check_spirits(d)
    check_advanced(d)
    check_clans(d)


def check_map(d: DataFile) -> None:
    """Territories numbered 0..n-1 in the order listed (the engine indexes them by id), a centre
    among them with no region and no colour (M1, M3), every other territory in a region and of a
    colour the map lists, each region used, the adjacency pairs between distinct existing
    territories, each pair once, and every territory reachable from the centre. A pair is
    unordered (a-b makes a and b neighbours of each other), so the map is symmetric by its form;
    the same pair listed again, either way round, is refused as a likely slip."""
    m = d.map
    n = len(m.territories)
    need_int("map.territories", n, 2, MAX_TERRITORIES, "a number of territories")
    for i, t in enumerate(m.territories):
        if t.id != i:
            raise fail(
                f"map.territories[{i}].id",
                f"the id is {t.id}, expected {i} (territories are numbered from 0 in the order listed)",
            )
    if not 0 <= m.centre < n:
        raise fail("map.centre", f"territory {m.centre} does not exist ({span(n)})")
    need_unique_names("map.regions", m.regions, "region")
    for i, region in enumerate(m.regions):
        if region.casefold() == CENTRE:
            raise fail(
                f"map.regions[{i}]",
                f"{q(region)} is what the rules call the centre's own place among the regions (M35),"
                " expected another name",
            )
    colours = [str(c) for c in m.colors]
    for i, c in enumerate(colours):
        if c in colours[:i]:
            raise fail(f"map.colors[{i}]", f"the colour {q(c)} repeats, expected each colour once")
    centre = m.territories[m.centre]
    if centre.region is not None or centre.color is not None:
        raise fail(
            f"map.territories[{m.centre}]",
            f"the centre (map.centre = {m.centre}) has a region or a colour, expected neither (M1, M3)",
        )
    used: set[str] = set()
    for t in m.territories:
        where = f"map.territories[{t.id}]"
        need_name(f"{where}.ring", t.ring, "ring", empty_ok=True)
        if t.id == m.centre:
            continue
        if t.region is None:
            raise fail(f"{where}.region", f"no region, {one_of(m.regions)} (only the centre has none)")
        if t.region not in m.regions:
            raise fail(f"{where}.region", f"region {q(t.region)} is not on the map, {one_of(m.regions)}")
        if t.color is None:
            raise fail(f"{where}.color", f"no colour, {one_of(colours)} (only the centre has none)")
        if str(t.color) not in colours:
            raise fail(f"{where}.color", f"colour {q(str(t.color))} is not on the map, {one_of(colours)}")
        used.add(t.region)
    for i, region in enumerate(m.regions):
        if region not in used:
            raise fail(
                f"map.regions[{i}]",
                f"no territory lies in region {q(region)}, expected at least one",
            )
    nb: list[set[int]] = [set() for _ in range(n)]
    first: dict[tuple[int, int], int] = {}
    for i, (a, b) in enumerate(m.adjacency):
        for x in (a, b):
            if not 0 <= x < n:
                raise fail(f"map.adjacency[{i}]", f"territory {x} does not exist ({span(n)})")
        if a == b:
            raise fail(
                f"map.adjacency[{i}]", f"territory {a} is paired with itself, expected two territories"
            )
        pair = (min(a, b), max(a, b))
        if pair in first:
            raise fail(
                f"map.adjacency[{i}]",
                f"{a}-{b} repeats map.adjacency[{first[pair]}], expected each pair once (either way round)",
            )
        first[pair] = i
        nb[a].add(b)
        nb[b].add(a)
    seen = {m.centre}
    todo = deque([m.centre])
    while todo:
        for y in nb[todo.popleft()]:
            if y not in seen:
                seen.add(y)
                todo.append(y)
    if len(seen) != n:
        lost = min(set(range(n)) - seen)
        raise fail(
            "map.adjacency",
            f"territory {lost} cannot be reached from the centre {m.centre}, expected a connected map",
        )


def check_trails(d: DataFile) -> None:
    """Trails on existing territories other than the centre, one trail per territory, and the
    trail tokens numbered 1..N with canonical keys ("1", never "01")."""
    m = d.map
    n = len(m.territories)
    where_of: dict[int, str] = {}

    def place(where: str, t: int) -> None:
        if not 0 <= t < n:
            raise fail(where, f"territory {t} does not exist ({span(n)})")
        if t == m.centre:
            raise fail(where, f"territory {t} is the centre, expected a trail elsewhere")
        if t in where_of:
            raise fail(
                where,
                f"territory {t} already has the trail of {where_of[t]}, expected one trail per territory",
            )
        where_of[t] = where

    for i, t in enumerate(m.initial_trails):
        place(f"map.initial_trails[{i}]", t)
    for key, t in m.trail_positions.items():
        where = f"map.trail_positions[{q(key)}]"
        if not (key.isascii() and key.isdigit()) or str(int(key)) != key or int(key) < 1:
            expected = str(int(key)) if key.isascii() and key.isdigit() and int(key) >= 1 else "1, 2, 3..."
            raise fail(where, f"the key is not a trail token number as written, expected {q(expected)}")
        place(where, t)
    numbers = {int(k) for k in m.trail_positions}
    for k in range(1, len(numbers) + 1):
        if k not in numbers:
            raise fail(
                "map.trail_positions",
                f'there is no trail token "{k}", expected tokens numbered 1 to {len(numbers)}',
            )


def _counts(where: str, cards: dict[Any, int]) -> int:
    for key, count in cards.items():
        need_int(f"{where}[{q(str(key))}]", count, 0, MAX_COUNT, "a count")
    return sum(cards.values())


def check_decks(d: DataFile) -> None:
    """The clan deck: a count for each colour, enough for the starting hand; adaptation cards
    of kinds the engine plays and a market the deck can fill; the degradation supply; a human
    deck of colours and new trails with at least one card."""
    cards = {str(k): v for k, v in d.clan_deck.cards.items()}
    for colour in COLOURS:
        if colour not in cards:
            raise fail(
                "clan_deck.cards",
                f"no count for {q(colour)}, expected one for each of {quoted(COLOURS)}",
            )
    total = _counts("clan_deck.cards", d.clan_deck.cards)
    if total < d.limits.hand:
        raise fail(
            "clan_deck.cards",
            f"{total} cards cannot deal a starting hand of {d.limits.hand} (limits.hand),"
            " expected at least that many",
        )
    kinds = (*COLOURED_ADAPTATIONS, *PLAIN_ADAPTATIONS)
    for i, card in enumerate(d.adaptation.cards):
        where = f"adaptation.cards[{i}]"
        if card.kind not in kinds:
            raise fail(
                f"{where}.kind",
                f"{q(card.kind)} is not a card the engine plays, {one_of(kinds)}",
            )
        if card.kind in COLOURED_ADAPTATIONS and card.color is None:
            raise fail(
                where,
                f"a {q(card.kind)} card has no colour, {one_of(COLOURS)}",
            )
        if card.kind in PLAIN_ADAPTATIONS and card.color is not None:
            raise fail(
                where,
                f"a {q(card.kind)} card has the colour {q(str(card.color))}, expected none",
            )
    need_int(
        "adaptation.market",
        d.adaptation.market,
        0,
        len(d.adaptation.cards),
        "a market size (at most the adaptation cards)",
    )
    need_int("degradation.cards", d.degradation.cards, 0, MAX_COUNT, "a number of degradation cards")
    for key in d.human_deck.cards:
        if key not in COLOURS and key != NEW_TRAIL:
            raise fail(
                f"human_deck.cards[{q(key)}]",
                f"no human card is called {q(key)}, {one_of((*COLOURS, NEW_TRAIL))}",
            )
    if _counts("human_deck.cards", d.human_deck.cards) < 1:
        raise fail("human_deck.cards", "the human deck has no card, expected at least one")


def check_portal(d: DataFile) -> None:
    """Fragments with unique ids, one line per place of power, each cell one condition that the
    map can meet: a shard type that exists, a region with territories, a colour some territory
    has; and enough fragments to lay out those face up at the start (a static count)."""
    p = d.portal
    m = d.map
    places = d.limits.places_of_power
    outside = len(m.territories) - 1
    need_int(
        "limits.places_of_power",
        places,
        1,
        outside,
        "a number of places of power (at most the territories but the centre)",
    )
    shard_types = list(d.shards.types)
    for i, s in enumerate(p.shard_types):
        if s not in shard_types:
            raise fail(
                f"portal.shard_types[{i}]",
                f"shard {q(s)} does not exist, {one_of(shard_types)}",
            )
        if s in p.shard_types[:i]:
            raise fail(f"portal.shard_types[{i}]", f"shard {q(s)} repeats, expected each once")
    if not p.fragments:
        raise fail("portal.fragments", "there is no fragment, expected at least one")
    colours = {str(t.color) for t in m.territories if t.color is not None}
    first: dict[int, int] = {}
    for i, f in enumerate(p.fragments):
        where = f"portal.fragments[{i}]"
        need_int(f"{where}.id", f.id, 0, MAX_ID, "a fragment id")
        if f.id in first:
            raise fail(
                f"{where}.id", f"id {f.id} repeats portal.fragments[{first[f.id]}], expected unique ids"
            )
        first[f.id] = i
        if len(f.lines) != places:
            raise fail(
                f"{where}.lines",
                f"{len(f.lines)} lines, expected one per place of power ({places}, limits.places_of_power)",
            )
        for j, cell in enumerate(f.lines):
            here = f"{where}.lines[{j}]"
            set_ = [x for x in (cell.shard, cell.region, cell.color) if x is not None]
            if len(set_) != 1:
                raise fail(here, f"{len(set_)} conditions, expected exactly one of shard, region or color")
            if cell.shard is not None and cell.shard not in shard_types:
                raise fail(
                    f"{here}.shard",
                    f"shard {q(cell.shard)} does not exist, {one_of(shard_types)}",
                )
            if cell.region is not None and cell.region not in m.regions:
                raise fail(
                    f"{here}.region",
                    f"region {q(cell.region)} does not exist, {one_of(m.regions)}",
                )
            if cell.color is not None and str(cell.color) not in colours:
                raise fail(
                    f"{here}.color",
                    f"no territory has the colour {q(str(cell.color))}, {one_of(sorted(colours))}",
                )
    need_int(
        "portal.open_at_start",
        p.open_at_start,
        1,
        len(p.fragments),
        "a number of face-up fragments (at most the fragments)",
    )


def check_shards(d: DataFile) -> None:
    """Shard types with names, and one shard per territory but the centre (M10)."""
    s = d.shards
    need_unique_names("shards.types", s.types, "shard type")
    need_int("shards.per_type", s.per_type, 1, MAX_TERRITORIES, "a number of shards per type")
    outside = len(d.map.territories) - 1
    total = len(s.types) * s.per_type
    if total != outside:
        raise fail(
            "shards",
            f"{len(s.types)} types of {s.per_type} make {total} shards, expected {outside}"
            " (one per territory but the centre, M10)",
        )


def check_spirits(d: DataFile) -> None:
    """Spirits with names and dice the engine's die can roll, at least as many as may stand on
    the field."""
    cards = d.spirits.cards
    need_unique_names("spirits.cards", [c.name for c in cards], "spirit name")
    for i, c in enumerate(cards):
        if c.name.casefold() == TRIBE:
            raise fail(
                f"spirits.cards[{i}].name",
                f"{q(c.name)} is the word for a human tribe in actions (hit tribe, direct tribe),"
                " expected another name",
            )
        need_int(f"spirits.cards[{i}].dice", c.dice, 1, MAX_COUNT, "a number of dice")
        need_int(f"spirits.cards[{i}].min", c.min, 1, DIE_FACES, "a die result")
    if len(cards) < d.limits.spirits:
        raise fail(
            "spirits.cards",
            f"{len(cards)} spirit cards, expected at least limits.spirits ({d.limits.spirits})"
            " so that the limit can be reached",
        )


def check_population(d: DataFile) -> None:
    """The population track: floor <= defeat <= start <= top, figurines it supports."""
    p = d.population
    for name in ("min", "max", "start", "lose_below"):
        need_int(f"population.{name}", getattr(p, name), -MAX_POPULATION, MAX_POPULATION, "a population")
    need_int("population.per_figurine", p.per_figurine, 1, MAX_POPULATION, "a population per figurine")
    need_int(
        "population.max_figurines",
        p.max_figurines,
        1,
        len(COLOURS),
        "a number of figurines (a clan has one per colour)",
    )
    if not p.min <= p.lose_below:
        raise fail(
            "population.lose_below",
            f"{p.lose_below} is below the track's floor population.min ({p.min}), expected at least {p.min}",
        )
    if not p.lose_below <= p.start <= p.max:
        raise fail(
            "population.start",
            f"{p.start} is outside the track, expected from population.lose_below ({p.lose_below})"
            f" to population.max ({p.max})",
        )
    t = d.degradation_track
    need_int("degradation_track.boxes", t.boxes, 1, MAX_COUNT, "a number of boxes")
    need_int(
        "degradation_track.start", t.start, 0, t.boxes, "a starting box (at most degradation_track.boxes)"
    )


def implemented() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The talents and the discoveries the engine implements, from its own tables."""
    from .humans import DISCOVERIES, TALENTS  # humans imports data, which imports this lazily

    return TALENTS, DISCOVERIES


def check_advanced(d: DataFile) -> None:
    """Talent and discovery names the engine implements, talents distinct (a clan's talent is
    found by name), at least one talent to choose and tokens to place."""
    talents, discoveries = implemented()
    names = d.talents.names
    need_unique_names("talents.names", names, "talent")
    for i, name in enumerate(names):
        if name not in talents:
            raise fail(
                f"talents.names[{i}]",
                f"the engine has no talent {q(name)}, {one_of(talents)}",
            )
    need_int("talents.tokens", d.talents.tokens, 1, MAX_COUNT, "a number of talent tokens")
    for i, name in enumerate(d.discoveries.cards):
        if name not in discoveries:
            raise fail(
                f"discoveries.cards[{i}]",
                f"the engine has no discovery {q(name)}, {one_of(discoveries)}",
            )


def check_limits(d: DataFile) -> None:
    """Dice, hand, tribes, spirits and starting figurines in range; the initial trails' tribes
    within the tribe limit."""
    need_int("dice.hit", d.dice.hit, 1, DIE_FACES, "a die result")
    if d.dice.cap is not None:
        need_int("dice.cap", d.dice.cap, 1, MAX_COUNT, "a number of dice")
    lim = d.limits
    need_int("limits.hand", lim.hand, 1, MAX_COUNT, "a hand size")
    need_int("limits.tribes", lim.tribes, 1, MAX_COUNT, "a number of tribes")
    need_int("limits.spirits", lim.spirits, 1, MAX_COUNT, "a number of spirits")
    need_int(
        "limits.figurines_at_start",
        lim.figurines_at_start,
        1,
        d.population.max_figurines,
        "a number of figurines (at most population.max_figurines)",
    )
    if len(d.map.initial_trails) > lim.tribes:
        raise fail(
            "map.initial_trails",
            f"{len(d.map.initial_trails)} initial trails each bring a tribe,"
            f" expected at most limits.tribes ({lim.tribes})",
        )


def check_players(d: DataFile, players: int) -> None:
    """A game of `players` clans with this data: one clan name each (the data's names are the
    most clans its games allow). Raise DataError otherwise."""
    names = len(d.clans.names)
    if not 1 <= players <= names:
        raise fail(
            "clans.names",
            f"{names} clan names cannot name the {players} clans of this game,"
            f" expected a game of 1 to {names} clans or one name per clan",
        )


def check_clans(d: DataFile) -> None:
    """Clan names (their number is the most clans a game of this data allows) and one figurine
    of each colour."""
    need_unique_names("clans.names", d.clans.names, "clan name")
    colours = [str(c) for c in d.clans.figurine_colors]
    counts = Counter(colours)
    for c in COLOURS:
        if counts[c] != 1:
            raise fail(
                "clans.figurine_colors",
                f"{q(c)} is listed {counts[c]} times, expected each of {quoted(COLOURS)} once",
            )
    if len(colours) != len(COLOURS):
        raise fail("clans.figurine_colors", f"{len(colours)} colours, expected {len(COLOURS)}")
