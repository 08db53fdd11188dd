//! A starter bot in Rust for every game of the referee: Altay, Innovation and Mammothodus.
//! No cargo, no crates: `rustc -O starter_bot.rs` (Rust 1.63 or later), with a small JSON
//! reader and writer of its own.
//!
//! It reads `hello` (the game, and its static information: Altay's board, Innovation's cards,
//! Mammothodus's map) and every request into structs of its own (below), scores each legal
//! action with one heuristic, `Bot::score` (a one-ply score: the observation and the action
//! alone, never a look ahead; each game's part is its `score_GAME` function), and answers the
//! index of the best (the first of equals). Replace a `score_GAME` with your own ideas; the
//! rest is the protocol (protocol/PROTOCOL.md): one JSON object per line on stdin and stdout;
//! answer `hello` with `ready`, each `request` with {"type":"action","id":ID,"index":K},
//! `ping` with `pong`; ignore `error` (a retry comes as a new request), `game_over` and any
//! type you do not know; exit on `quit`. It says `many_games` at `ready`: after `game_over`
//! the next game's `hello` may follow in the same process, and every `hello` starts a new Bot.
//! Flush stdout after every line (Rust's stdout is line-buffered, but say it: an unflushed
//! answer never reaches the referee). Debug output goes to stderr.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::{self, BufRead, Write};

// ============================================================================ a small JSON
#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

static NULL: Json = Json::Null;

impl Json {
    fn parse(text: &str) -> Result<Json, String> {
        let mut p = Parser { s: text.as_bytes(), i: 0, depth: 0 };
        let v = p.value()?;
        p.ws();
        if p.i != p.s.len() {
            return Err(format!("trailing characters at {}", p.i));
        }
        Ok(v)
    }

    /// A member of an object (Null when absent or not an object).
    fn get(&self, key: &str) -> &Json {
        if let Json::Obj(members) = self {
            for (k, v) in members {
                if k == key {
                    return v;
                }
            }
        }
        &NULL
    }

    fn str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    fn string(&self) -> Option<String> {
        self.str().map(|s| s.to_string())
    }

    fn int(&self) -> Option<i64> {
        match self {
            Json::Num(n) => Some(*n as i64),
            _ => None,
        }
    }

    fn items(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            _ => &[],
        }
    }

    fn strings(&self) -> Vec<String> {
        self.items().iter().filter_map(|x| x.string()).collect()
    }

    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(n) => {
                if n.fract() == 0.0 && n.abs() < 9.0e15 {
                    out.push_str(&format!("{}", *n as i64))
                } else {
                    out.push_str(&format!("{}", n))
                }
            }
            Json::Str(s) => {
                out.push('"');
                for c in s.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        '\n' => out.push_str("\\n"),
                        '\r' => out.push_str("\\r"),
                        '\t' => out.push_str("\\t"),
                        c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            Json::Arr(v) => {
                out.push('[');
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    x.write(out);
                }
                out.push(']');
            }
            Json::Obj(m) => {
                out.push('{');
                for (i, (k, x)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    Json::Str(k.clone()).write(out);
                    out.push(':');
                    x.write(out);
                }
                out.push('}');
            }
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at {}", c as char, self.i))
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        self.depth += 1;
        if self.depth > 200 {
            return Err("nested too deep".to_string());
        }
        let v = match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(Json::Str),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(_) => self.number(),
            None => Err("unexpected end".to_string()),
        };
        self.depth -= 1;
        v
    }

    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(format!("bad literal at {}", self.i))
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        while self.i < self.s.len() && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
            self.i += 1;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?;
        text.parse::<f64>().map(Json::Num).map_err(|_| format!("bad number at {}", start))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        if self.i + 4 > self.s.len() {
            return Err("short \\u escape".to_string());
        }
        let text = std::str::from_utf8(&self.s[self.i..self.i + 4]).map_err(|e| e.to_string())?;
        self.i += 4;
        u32::from_str_radix(text, 16).map_err(|e| e.to_string())
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = match self.peek() {
                Some(c) => c,
                None => return Err("unterminated string".to_string()),
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = self.peek().ok_or("unterminated escape")?;
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'u' => {
                            let mut v = self.hex4()?;
                            if (0xD800..0xDC00).contains(&v) && self.s[self.i..].starts_with(b"\\u") {
                                self.i += 2;
                                let lo = self.hex4()?;
                                v = 0x10000 + ((v - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            let ch = char::from_u32(v).unwrap_or('\u{FFFD}');
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                other => out.push(other),
            }
        }
        String::from_utf8(out).map_err(|e| e.to_string())
    }

    fn array(&mut self) -> Result<Json, String> {
        self.expect(b'[')?;
        let mut v = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Json::Arr(v));
        }
        loop {
            v.push(self.value()?);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Json::Arr(v));
                }
                _ => return Err(format!("expected ',' or ']' at {}", self.i)),
            }
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        self.expect(b'{')?;
        let mut m = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Json::Obj(m));
        }
        loop {
            self.ws();
            let k = self.string()?;
            self.ws();
            self.expect(b':')?;
            let v = self.value()?;
            m.push((k, v));
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Json::Obj(m));
                }
                _ => return Err(format!("expected ',' or '}}' at {}", self.i)),
            }
        }
    }
}

fn object(members: Vec<(&str, Json)>) -> Json {
    Json::Obj(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

// ============================================================================ records
/// One legal action: its type and the fields a starter uses (absent ones keep defaults).
#[derive(Debug, Default, Clone)]
struct Action {
    kind: String,                // "type"
    card: Option<String>,        // Altay play/buy, Innovation meld/dogma/card, Mammothodus card
    effect: i64,                 // Altay play
    territory: i64,              // Altay start/settle, Mammothodus place (-1: none)
    source: i64,                 // Altay attack `from`
    to: i64,                     // Altay attack, Mammothodus step/direct
    cards: Vec<String>,          // Altay attack/fight cards, surrender discards
    pay: String,                 // Altay buy
    on: Option<String>,          // Altay place
    achievement: Option<String>, // Altay develop
    faction: Option<String>,     // Altay faction
    age: i64,                    // Innovation achieve/blind
    color: Option<String>,       // Innovation color, Mammothodus figurine/place/remove
    colors: Vec<String>,         // Mammothodus start
    player: i64,                 // Innovation player
    value: i64,                  // Innovation value
    action: Option<String>,      // Mammothodus action (move, attack, ...)
    take: Option<String>,        // Mammothodus shard (None: drop the carried one)
    target: Option<String>,      // Mammothodus hit
}

impl Action {
    fn parse(d: &Json) -> Action {
        let mut cards = d.get("cards").strings();
        if cards.is_empty() {
            cards = d.get("discard").strings();
        }
        Action {
            kind: d.get("type").string().unwrap_or_default(),
            card: d.get("card").string(),
            effect: d.get("effect").int().unwrap_or(0),
            territory: d.get("territory").int().unwrap_or(-1),
            source: d.get("from").int().unwrap_or(-1),
            to: d.get("to").int().unwrap_or(-1),
            cards,
            pay: d.get("pay").string().unwrap_or_default(),
            on: d.get("on").string(),
            achievement: d.get("achievement").string(),
            faction: d.get("faction").string(),
            age: d.get("age").int().unwrap_or(0),
            color: d.get("color").string(),
            colors: d.get("colors").strings(),
            player: d.get("player").int().unwrap_or(-1),
            value: d.get("value").int().unwrap_or(0),
            action: d.get("action").string(),
            take: d.get("take").string(),
            target: d.get("target").string(),
        }
    }

    fn card_is(&self, name: &str) -> bool {
        self.card.as_deref() == Some(name)
    }
}

// ---------------------------------------------------------------------------- Altay
struct AltayTerritory {
    owner: Option<i64>,
    settlements: i64,
    marker_value: i64, // the conquest marker still there (0: none)
    vp: i64,
    adjacent: usize, // how many neighbours (hello.static)
}

struct AltayPlayer {
    seat: i64,
    completed: Vec<String>,
    developing: bool,
}

struct AltayObservation {
    seat: i64,
    board: Vec<AltayTerritory>,
    players: Vec<AltayPlayer>,
    secret_wonder: Option<String>,
    combat_attack: i64, // the attack waiting for us (phase defend)
    combat_to: i64,
}

impl AltayObservation {
    fn parse(o: &Json, adjacency: &HashMap<i64, usize>) -> AltayObservation {
        let board = o
            .get("board")
            .items()
            .iter()
            .map(|t| AltayTerritory {
                owner: t.get("owner").int(),
                settlements: t.get("settlements").int().unwrap_or(0),
                marker_value: t.get("marker").get("value").int().unwrap_or(0),
                vp: t.get("vp").int().unwrap_or(0),
                adjacent: *adjacency.get(&t.get("id").int().unwrap_or(-1)).unwrap_or(&0),
            })
            .collect();
        let players = o
            .get("players")
            .items()
            .iter()
            .map(|p| AltayPlayer {
                seat: p.get("seat").int().unwrap_or(0),
                completed: p.get("completed").strings(),
                developing: matches!(p.get("developing"), Json::Obj(_)),
            })
            .collect();
        AltayObservation {
            seat: o.get("seat").int().unwrap_or(0),
            board,
            players,
            secret_wonder: o.get("you").get("secret_wonder").string(),
            combat_attack: o.get("combat").get("attack").int().unwrap_or(0),
            combat_to: o.get("combat").get("to").int().unwrap_or(-1),
        }
    }

    fn me(&self) -> Option<&AltayPlayer> {
        self.players.iter().find(|p| p.seat == self.seat)
    }

    fn territory(&self, id: i64) -> Option<&AltayTerritory> {
        if id >= 0 {
            self.board.get(id as usize)
        } else {
            None
        }
    }
}

// ---------------------------------------------------------------------------- Innovation
struct InnovationCard {
    age: i64,
    color: String,
    featured: String, // the icon its dogma compares
    effects: i64,     // non-demand effects
    scoring: i64,     // non-demand effects whose text says "score"
    demands: i64,
}

struct InnovationPile {
    color: String,
    cards: Vec<String>, // bottom to top
}

struct InnovationPlayer {
    seat: i64,
    hand: usize,
    board: Vec<InnovationPile>,
    icons: HashMap<String, i64>,
}

struct InnovationObservation {
    seat: i64,
    players: Vec<InnovationPlayer>,
    purpose: Option<String>, // the decision asked inside an effect (None at a turn's action)
}

impl InnovationObservation {
    fn parse(o: &Json) -> InnovationObservation {
        let players = o
            .get("players")
            .items()
            .iter()
            .map(|p| {
                let mut icons = HashMap::new();
                if let Json::Obj(members) = p.get("icons") {
                    for (k, v) in members {
                        icons.insert(k.clone(), v.int().unwrap_or(0));
                    }
                }
                InnovationPlayer {
                    seat: p.get("seat").int().unwrap_or(0),
                    hand: p.get("hand").items().len(),
                    board: p
                        .get("board")
                        .items()
                        .iter()
                        .map(|b| InnovationPile {
                            color: b.get("color").string().unwrap_or_default(),
                            cards: b.get("cards").strings(),
                        })
                        .collect(),
                    icons,
                }
            })
            .collect();
        InnovationObservation {
            seat: o.get("seat").int().unwrap_or(0),
            players,
            purpose: o.get("decision").get("purpose").string(),
        }
    }
}

// ---------------------------------------------------------------------------- Mammothodus
const FIGURINE_COLORS: [&str; 4] = ["red", "green", "yellow", "blue"];

struct MammothodusTerritory {
    id: i64,
    region: Option<String>,
    color: Option<String>,
    tribes: i64,
    ancients: Vec<(i64, Option<String>)>, // clan, the shard type it carries
    open_shards: Vec<String>,
    closed_shards: i64,
}

struct MammothodusClan {
    seat: i64,
    population: i64,
    degradation: i64,
    figurines: Vec<(String, Option<i64>)>, // colour -> territory (None: off the field)
}

impl MammothodusClan {
    fn figurine(&self, color: &str) -> Option<i64> {
        self.figurines.iter().find(|(c, _)| c == color).and_then(|(_, t)| *t)
    }

    fn on_field(&self) -> Vec<i64> {
        self.figurines.iter().filter_map(|(_, t)| *t).collect()
    }
}

/// What one portal line asks of the territory of its place of power (open fragments).
struct MammothodusLine {
    shards: BTreeMap<String, i64>,
    regions: Vec<String>,
    colors: Vec<String>,
    place: Option<i64>, // its territory, once activated
}

struct MammothodusObservation {
    seat: i64,
    territories: Vec<MammothodusTerritory>, // by id
    clans: Vec<MammothodusClan>,
    lines: Vec<MammothodusLine>,
    purpose: String,
}

impl MammothodusObservation {
    fn parse(o: &Json, seat: i64) -> MammothodusObservation {
        let territories = o
            .get("territories")
            .items()
            .iter()
            .map(|t| MammothodusTerritory {
                id: t.get("id").int().unwrap_or(0),
                region: t.get("region").string(),
                color: t.get("color").string(),
                tribes: t.get("tribes").int().unwrap_or(0),
                ancients: t
                    .get("ancients")
                    .items()
                    .iter()
                    .map(|a| (a.get("clan").int().unwrap_or(-1), a.get("carries").string()))
                    .collect(),
                open_shards: t.get("open_shards").strings(),
                closed_shards: t.get("closed_shards").int().unwrap_or(0),
            })
            .collect();
        let clans = o
            .get("clans")
            .items()
            .iter()
            .map(|c| MammothodusClan {
                seat: c.get("seat").int().unwrap_or(0),
                population: c.get("population").int().unwrap_or(0),
                degradation: c.get("degradation").int().unwrap_or(0),
                figurines: FIGURINE_COLORS
                    .iter()
                    .map(|k| (k.to_string(), c.get("figurines").get(k).int()))
                    .collect(),
            })
            .collect();
        let mut lines: Vec<MammothodusLine> = o
            .get("places")
            .items()
            .iter()
            .map(|p| MammothodusLine { shards: BTreeMap::new(), regions: vec![], colors: vec![], place: p.int() })
            .collect();
        for fragment in o.get("portal_open").items() {
            for (n, cell) in fragment.get("lines").items().iter().enumerate() {
                if let Some(line) = lines.get_mut(n) {
                    if let Some(s) = cell.get("shard").string() {
                        *line.shards.entry(s).or_insert(0) += 1;
                    }
                    if let Some(r) = cell.get("region").string() {
                        line.regions.push(r);
                    }
                    if let Some(c) = cell.get("color").string() {
                        line.colors.push(c);
                    }
                }
            }
        }
        MammothodusObservation {
            seat,
            territories,
            clans,
            lines,
            purpose: o.get("decision").get("purpose").string().unwrap_or_default(),
        }
    }

    fn me(&self) -> Option<&MammothodusClan> {
        self.clans.iter().find(|c| c.seat == self.seat)
    }

    fn territory(&self, id: i64) -> Option<&MammothodusTerritory> {
        self.territories.iter().find(|t| t.id == id)
    }
}

struct MammothodusMap {
    centre: i64,
    neighbours: BTreeMap<i64, Vec<i64>>,
    distance: HashMap<(i64, i64), i64>, // shortest number of steps between two territories
}

impl MammothodusMap {
    fn parse(st: &Json) -> MammothodusMap {
        let m = st.get("data").get("map");
        let mut neighbours: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for t in m.get("territories").items() {
            neighbours.insert(t.get("id").int().unwrap_or(0), vec![]);
        }
        for e in m.get("adjacency").items() {
            let pair: Vec<i64> = e.items().iter().filter_map(|x| x.int()).collect();
            if pair.len() == 2 {
                neighbours.entry(pair[0]).or_insert_with(Vec::new).push(pair[1]);
                neighbours.entry(pair[1]).or_insert_with(Vec::new).push(pair[0]);
            }
        }
        let mut distance = HashMap::new();
        for &start in neighbours.keys() {
            // breadth-first search from every territory
            let mut queue = VecDeque::new();
            distance.insert((start, start), 0);
            queue.push_back(start);
            while let Some(t) = queue.pop_front() {
                let d = distance[&(start, t)];
                for &n in &neighbours[&t] {
                    if !distance.contains_key(&(start, n)) {
                        distance.insert((start, n), d + 1);
                        queue.push_back(n);
                    }
                }
            }
        }
        MammothodusMap { centre: m.get("centre").int().unwrap_or(0), neighbours, distance }
    }

    fn dist(&self, a: i64, b: i64) -> i64 {
        *self.distance.get(&(a, b)).unwrap_or(&99)
    }
}

/// What a seat chose earlier in its turn, and where the figurine in motion stands.
#[derive(Default)]
struct Memory {
    action: String, // the action of the turn
    cards: i64,     // cards played on the figurine acting
    at: Option<i64>,
    carries: Option<String>,
}

// ============================================================================ the heuristics
// Altay: build settlements, play producers, buy by value, capture conquest markers, develop.
fn buy_value(card: &str) -> i64 {
    match card {
        "City" => 12,
        "Town" => 10,
        "Chariot" | "Worker" => 8,
        "Cavalry" => 6,
        "Farmer" | "Woodcutter" | "Miner" => 5,
        "Stonecutter" | "Scholar" => 4,
        "Merchant" => 2,
        _ => 1,
    }
}

fn strength(cards: &[String]) -> i64 {
    cards
        .iter()
        .map(|c| match c.as_str() {
            "Warrior" => 1,
            "Cavalry" => 2,
            "Chariot" => 3,
            _ => 0,
        })
        .sum()
}

fn is_building(c: Option<&str>) -> bool {
    matches!(c, Some("Village") | Some("Town") | Some("City"))
}

/// Settling and building first, then producing, capturing markers, developing and buying by
/// the value of the card; defending only when it wins or ties.
fn score_altay(o: &AltayObservation, a: &Action) -> f64 {
    let card = a.card.as_deref();
    let v: i64 = match a.kind.as_str() {
        "settle" => match o.territory(a.territory) {
            Some(t) if t.owner.is_none() => 1000 + 10 + 3 * t.vp,
            Some(t) => 1000 + 2 - t.settlements,
            None => -1,
        },
        "start" => 100 + o.territory(a.territory).map(|t| t.adjacent as i64).unwrap_or(0),
        "faction" => match a.faction.as_deref() {
            Some("Earthfolk") => 4,
            Some("Firefolk") => 3,
            Some("Smallfolk") => 2,
            Some("Elvenfolk") => 1,
            _ => 0,
        },
        "play" => {
            if is_building(card) {
                900
            } else if a.card_is("Settler") && a.effect == 1 {
                950
            } else if matches!(card, Some("Farmer") | Some("Woodcutter") | Some("Miner") | Some("Stonecutter")) && a.effect == 1 {
                850
            } else if a.card_is("Scholar") {
                if a.effect == 1 {
                    840
                } else {
                    700
                }
            } else if a.card_is("Merchant") || (matches!(card, Some("Lorekeeper") | Some("Spellweaver")) && a.effect == 1) {
                5
            } else if a.card_is("Shaman") && a.effect == 1 {
                600
            } else {
                800
            }
        }
        "attack" => match (o.territory(a.source), o.territory(a.to)) {
            (Some(from), Some(target)) => {
                let icons = strength(&a.cards);
                if target.marker_value > 0 {
                    750 + 5 * target.marker_value - 10 * icons
                } else {
                    let margin = from.settlements + icons - target.settlements - 2;
                    if margin > 0 {
                        300 + 10 * margin - 5 * icons
                    } else {
                        -50
                    }
                }
            }
            _ => -1,
        },
        "release" => 780,
        "place" => {
            if a.on.as_deref() == Some("achievement") {
                650
            } else if is_building(a.on.as_deref()) {
                700
            } else {
                20
            }
        }
        "develop" => {
            if o.me().map(|p| p.developing).unwrap_or(false) {
                -100
            } else if a.achievement.is_some() && a.achievement == o.secret_wonder {
                640
            } else {
                605
            }
        }
        "buy" => 400 + 10 * buy_value(card.unwrap_or("")) - a.pay.len() as i64,
        "philosophy" => 820,
        "trade" => 500,
        "fight" => {
            let strategy = o.me().map(|p| p.completed.iter().any(|c| c == "Strategy")).unwrap_or(false) as i64;
            let held = o.territory(o.combat_to).map(|t| t.settlements).unwrap_or(0);
            let defence = held + strategy + strength(&a.cards);
            let n = a.cards.len() as i64;
            if defence > o.combat_attack {
                100 - n
            } else if defence == o.combat_attack {
                50 - n
            } else {
                0
            }
        }
        "surrender" => 10 - a.cards.len() as i64,
        "end" => 0,
        _ => -1, // abandon, commerce, engineering, mathematics, religion: not used here
    };
    v as f64
}

// Innovation: achieve; draw with few cards in hand; meld a card that raises our highest top
// card; dogmas where we lead in the featured icon; meld; dogmas others share.
const KEEP_LOW: [&str; 6] = ["return", "transfer", "tuck", "exchange", "reveal", "order"]; // give away low cards

/// Achieve first. Draw when the hand is nearly empty (most effects need cards in hand). Meld a
/// card above our highest top card (achievements need a top card of their age, and draws come
/// from it). A dogma whose featured icon we have more of than every opponent (nobody shares
/// it, every opponent suffers its demands), more so for cards whose effects score; then
/// melding; a dogma others would share last. Inside an effect: take every optional step, give
/// away, return and tuck low cards, keep (meld, score) high ones, splay the biggest pile.
fn score_innovation(o: &InnovationObservation, a: &Action, cards: &HashMap<String, InnovationCard>) -> f64 {
    let me = match o.players.iter().find(|p| p.seat == o.seat) {
        Some(p) => p,
        None => return 0.0,
    };
    let age = |title: Option<&String>| title.and_then(|t| cards.get(t)).map(|c| c.age).unwrap_or(0);
    let top = me.board.iter().filter(|p| !p.cards.is_empty()).map(|p| age(p.cards.last())).max().unwrap_or(0);
    let card = a.card.as_ref().and_then(|t| cards.get(t));
    let v: i64 = match a.kind.as_str() {
        "achieve" => 1000 + a.age,
        "draw" => 700 - 150 * me.hand as i64,
        "meld" | "first_meld" => match card {
            None => 300,
            Some(c) if c.age > top => 600 + c.age,
            Some(c) => {
                let new_color = !me.board.iter().any(|p| p.color == c.color && !p.cards.is_empty());
                300 + 10 * c.age + if new_color { 20 } else { 0 }
            }
        },
        "dogma" => match card {
            None => 150,
            Some(c) => {
                let count = |p: &InnovationPlayer| *p.icons.get(&c.featured).unwrap_or(&0);
                let mine = count(me);
                let lead = o.players.iter().filter(|p| p.seat != o.seat).all(|p| count(p) < mine);
                let value = c.age + 30 * c.scoring + 10 * c.effects + if lead { 10 * c.demands } else { 0 };
                if lead {
                    400 + value
                } else {
                    150 + value
                }
            }
        },
        "card" => {
            let purpose = o.purpose.as_deref().unwrap_or("");
            if KEEP_LOW.contains(&purpose) {
                100 - age(a.card.as_ref())
            } else {
                100 + age(a.card.as_ref())
            }
        }
        "blind" => 100 - a.age,
        "yes" => 1,
        "color" => me.board.iter().find(|p| Some(&p.color) == a.color.as_ref()).map(|p| p.cards.len() as i64).unwrap_or(0),
        "value" => a.value,
        "player" => {
            if a.player == o.seat {
                -1
            } else {
                1
            }
        }
        _ => 0, // pass, colors, option: the first one listed
    };
    v as f64
}

// Mammothodus: carry the shards each portal line asks for to a territory that meets it, then
// activate its place of power; attack tribes when they crowd the map; send humans to the centre.
type Shards = BTreeMap<String, i64>;

/// Each territory where a line not yet active could have its place of power -> the shard
/// types still missing there (the fewest over the lines it meets).
fn mammothodus_goals(o: &MammothodusObservation, board: &MammothodusMap) -> BTreeMap<i64, Shards> {
    let mut goals: BTreeMap<i64, Shards> = BTreeMap::new();
    let taken: Vec<i64> = o.lines.iter().filter_map(|l| l.place).collect();
    for line in o.lines.iter().filter(|l| l.place.is_none()) {
        for t in &o.territories {
            if t.id == board.centre || taken.contains(&t.id) {
                continue;
            }
            if line.regions.iter().any(|r| Some(r) != t.region.as_ref()) || line.colors.iter().any(|c| Some(c) != t.color.as_ref()) {
                continue;
            }
            let mut missing = Shards::new();
            for (shard, n) in &line.shards {
                let left = n - t.open_shards.iter().filter(|s| *s == shard).count() as i64;
                if left > 0 {
                    missing.insert(shard.clone(), left);
                }
            }
            let total = |m: &Shards| m.values().sum::<i64>();
            let better = match goals.get(&t.id) {
                Some(old) => total(&missing) < total(old),
                None => true,
            };
            if better {
                goals.insert(t.id, missing);
            }
        }
    }
    goals
}

fn score_mammothodus(o: &MammothodusObservation, a: &Action, board: &MammothodusMap, memory: &Memory) -> f64 {
    let me = match o.me() {
        Some(c) => c,
        None => return 0.0,
    };
    let goals = mammothodus_goals(o, board);
    let mut needed = Shards::new(); // shard types some goal still misses
    for missing in goals.values() {
        for (s, n) in missing {
            let e = needed.entry(s.clone()).or_insert(0);
            *e = (*e).max(*n);
        }
    }
    let on_field = me.on_field();
    let dist = |x: i64, y: i64| board.dist(x, y);
    let misses = |t: i64, shard: Option<&String>| match (goals.get(&t), shard) {
        (Some(m), Some(s)) => *m.get(s).unwrap_or(&0) > 0,
        _ => false,
    };
    let is_needed = |s: &String| *needed.get(s).unwrap_or(&0) > 0;
    let nearest = |at: i64, spots: Vec<i64>| spots.into_iter().min_by_key(|&s| (dist(at, s), s));
    // Where a figurine should go: with a shard, the nearest goal missing it; else the nearest
    // open shard that a goal misses (not lying on such a goal already); else the nearest
    // face-down shard, a goal's first.
    let work_target = |at: i64, carries: Option<&String>| -> i64 {
        let spots: Vec<i64> = if carries.is_some() {
            goals.keys().copied().filter(|&g| misses(g, carries)).collect()
        } else {
            let mut s: Vec<i64> = o.territories.iter().filter(|t| t.open_shards.iter().any(|x| is_needed(x) && !misses(t.id, Some(x)))).map(|t| t.id).collect();
            if s.is_empty() {
                s = o.territories.iter().filter(|t| t.closed_shards > 0 && goals.contains_key(&t.id)).map(|t| t.id).collect();
            }
            if s.is_empty() {
                s = o.territories.iter().filter(|t| t.closed_shards > 0).map(|t| t.id).collect();
            }
            s
        };
        nearest(at, spots).unwrap_or(at)
    };
    let min_dist_to_goals = |t: i64, fallback: i64| goals.keys().map(|&g| dist(t, g)).min().unwrap_or(fallback);
    let tribes_at = |t: i64| o.territory(t).map(|x| x.tribes).unwrap_or(0);

    match a.kind.as_str() {
        "action" => {
            return match a.action.as_deref() {
                Some("activate") => 1000.0,
                Some("attack") => {
                    if o.territories.iter().map(|t| t.tribes).sum::<i64>() >= 7 {
                        300.0
                    } else {
                        40.0
                    }
                }
                Some("population") => {
                    if me.population <= 4 {
                        200.0
                    } else {
                        10.0
                    }
                }
                Some("move") => 100.0,
                Some("degradation") => 60.0,
                Some("development") => {
                    if (me.degradation as usize) < on_field.len() {
                        50.0
                    } else {
                        5.0
                    }
                }
                _ => 0.0,
            }
        }
        "figurine" => {
            let t = match a.color.as_deref().and_then(|c| me.figurine(c)) {
                Some(t) => t,
                None => return 0.0,
            };
            return match memory.action.as_str() {
                "attack" => 10.0 + tribes_at(t) as f64,
                "move" => {
                    10.0 - dist(t, work_target(t, None)) as f64 / 10.0 + if a.color.as_deref() == Some("green") { 1.0 } else { 0.0 }
                }
                _ => 5.0,
            };
        }
        "card" => {
            let c = a.card.as_deref().unwrap_or("");
            return match o.purpose.as_str() {
                "card" => {
                    // on our own figurine
                    let limit = if memory.action == "move" { 2 } else { 9 };
                    if memory.cards >= limit || (c == "blue" && memory.action != "activate" && memory.action != "development") {
                        -1.0 // enough cards; keep blue cards to activate
                    } else {
                        5.0
                    }
                }
                "degradation" | "extra" => 5.0, // clear degradation cards; take the extra action
                "assist" => {
                    if c == "blue" || c == "red" {
                        5.0 // help to activate and to fight
                    } else {
                        -1.0
                    }
                }
                "discard" => {
                    if c == "yellow" && me.population >= 7 {
                        1.0 // cycle population cards
                    } else {
                        -1.0
                    }
                }
                _ => -1.0, // draw3: keep the hand
            };
        }
        _ => {}
    }
    if o.purpose == "step" && matches!(a.kind.as_str(), "step" | "shard" | "pass") {
        let at = memory.at.unwrap_or(board.centre);
        let carries = memory.carries.as_ref();
        if a.kind == "shard" {
            let good = match &a.take {
                None => misses(at, carries),
                Some(s) => is_needed(s) && !misses(at, Some(s)),
            };
            return if good { 5.0 } else { -5.0 };
        }
        let target = work_target(at, carries);
        return if a.kind == "step" { -(dist(a.to, target) as f64) - 0.1 } else { -(dist(at, target) as f64) };
    }
    let v: i64 = match a.kind.as_str() {
        "direct" => {
            // humans in the centre never act again; else far from us
            if a.to == board.centre {
                100
            } else {
                on_field.iter().map(|&t| dist(a.to, t)).min().unwrap_or(0)
            }
        }
        "place" => {
            if a.territory == board.centre {
                10
            } else {
                5 - min_dist_to_goals(a.territory, 5)
            }
        }
        "remove" => a.color.as_deref().and_then(|c| me.figurine(c)).map(|t| min_dist_to_goals(t, 0)).unwrap_or(0),
        "start" => a.colors.iter().any(|c| c == "green") as i64 + a.colors.iter().any(|c| c == "blue") as i64,
        "line" => 1,
        "hit" => (a.target.as_deref() == Some("tribe")) as i64,
        "adapt" | "use" => 2,
        "swap" | "token" | "reroll" | "roll" => -1,
        _ => 0, // pass, talent, put: the first one listed
    };
    v as f64
}

// ============================================================================ the bot
enum Observation {
    Altay(AltayObservation),
    Innovation(InnovationObservation),
    Mammothodus(MammothodusObservation),
}

struct Bot {
    game: String,
    adjacency: HashMap<i64, usize>,            // Altay: territory -> number of neighbours
    cards: HashMap<String, InnovationCard>,    // Innovation: title -> card
    board: Option<MammothodusMap>,             // Mammothodus: the map
    memory: HashMap<i64, Memory>,              // Mammothodus, per seat (a program may lead several clans)
}

impl Bot {
    fn new() -> Bot {
        Bot { game: "altay".to_string(), adjacency: HashMap::new(), cards: HashMap::new(), board: None, memory: HashMap::new() }
    }

    fn hello(&mut self, message: &Json) {
        self.game = message.get("kind").get("name").string().unwrap_or_else(|| "altay".to_string());
        let st = message.get("static");
        match self.game.as_str() {
            "altay" => {
                for t in st.get("territories").items() {
                    self.adjacency.insert(t.get("id").int().unwrap_or(-1), t.get("adjacent").items().len());
                }
            }
            "innovation" => {
                for c in st.get("cards").items() {
                    let effects = c.get("effects").items();
                    let plain: Vec<&Json> = effects.iter().filter(|e| e.get("kind").str() != Some("demand")).collect();
                    let card = InnovationCard {
                        age: c.get("age").int().unwrap_or(0),
                        color: c.get("color").string().unwrap_or_default(),
                        featured: c.get("featured").string().unwrap_or_default(),
                        effects: plain.len() as i64,
                        scoring: plain.iter().filter(|e| e.get("text").str().unwrap_or("").contains("score")).count() as i64,
                        demands: (effects.len() - plain.len()) as i64,
                    };
                    self.cards.insert(c.get("name").string().unwrap_or_default(), card);
                }
            }
            "mammothodus" => self.board = Some(MammothodusMap::parse(st)),
            _ => {}
        }
    }

    /// The index of the best-scored legal action (the first of equals).
    fn choose(&mut self, request: &Json) -> usize {
        let actions: Vec<Action> = request.get("actions").items().iter().map(Action::parse).collect();
        let observation = request.get("observation");
        let o = match self.game.as_str() {
            "altay" => Observation::Altay(AltayObservation::parse(observation, &self.adjacency)),
            "innovation" => Observation::Innovation(InnovationObservation::parse(observation)),
            "mammothodus" if self.board.is_some() => {
                let seat = request.get("seat").int().or_else(|| observation.get("seat").int()).unwrap_or(0);
                let o = MammothodusObservation::parse(observation, seat);
                if o.purpose == "step" {
                    let (at, carries) = self.find_mover(&o, &actions);
                    let memory = self.memory.entry(seat).or_insert_with(Memory::default);
                    memory.at = Some(at);
                    memory.carries = carries;
                }
                Observation::Mammothodus(o)
            }
            _ => return 0,
        };
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        for (i, a) in actions.iter().enumerate() {
            let s = self.score(&o, a);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        if let (Observation::Mammothodus(m), Some(chosen)) = (&o, actions.get(best)) {
            self.remember(m, chosen);
        }
        best
    }

    /// The heuristic: how good action `a` looks in observation `o` (higher is better).
    fn score(&self, o: &Observation, a: &Action) -> f64 {
        match o {
            Observation::Altay(x) => score_altay(x, a),
            Observation::Innovation(x) => score_innovation(x, a, &self.cards),
            Observation::Mammothodus(x) => {
                let empty = Memory::default();
                let memory = self.memory.get(&x.seat).unwrap_or(&empty);
                match &self.board {
                    Some(board) => score_mammothodus(x, a, board, memory),
                    None => 0.0,
                }
            }
        }
    }

    /// Mammothodus: the action of the turn and the cards played on the figurine acting.
    fn remember(&mut self, o: &MammothodusObservation, chosen: &Action) {
        let memory = self.memory.entry(o.seat).or_insert_with(Memory::default);
        if chosen.kind == "action" {
            memory.action = chosen.action.clone().unwrap_or_default();
            memory.cards = 0;
        } else if chosen.kind == "figurine" {
            memory.cards = 0;
        } else if chosen.kind == "card" && o.purpose == "card" {
            memory.cards += 1;
        }
    }

    /// Our figurine in motion: the one whose neighbours are the steps offered (and, of several
    /// there, the one carrying a shard), with what it carries.
    fn find_mover(&self, o: &MammothodusObservation, actions: &[Action]) -> (i64, Option<String>) {
        let board = match &self.board {
            Some(b) => b,
            None => return (0, None),
        };
        let mut steps: Vec<i64> = actions.iter().filter(|a| a.kind == "step").map(|a| a.to).collect();
        steps.sort_unstable();
        if let Some(me) = o.me() {
            for t in me.on_field() {
                let mut around = board.neighbours.get(&t).cloned().unwrap_or_default();
                around.sort_unstable();
                if around == steps {
                    let carried = o.territory(t).and_then(|x| x.ancients.iter().find(|(clan, s)| *clan == o.seat && s.is_some()).and_then(|(_, s)| s.clone()));
                    return (t, carried);
                }
            }
        }
        (board.centre, None)
    }
}

fn send(out: &mut impl Write, message: &Json) {
    let mut line = String::new();
    message.write(&mut line);
    line.push('\n');
    // A failed write means the referee is gone: nothing more to do.
    let _ = out.write_all(line.as_bytes());
    let _ = out.flush();
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut bot = Bot::new();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => break,
        };
        let message = match Json::parse(&line) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("starter: a line that is not JSON: {}", e);
                continue;
            }
        };
        match message.get("type").str() {
            Some("hello") => {
                // A new game (many_games: after game_over the next hello may come to this process):
                // forget everything of the previous one (its seats, cards, board, memory).
                bot = Bot::new();
                bot.hello(&message);
                let ready = object(vec![
                    ("type", Json::Str("ready".into())),
                    ("name", Json::Str("rust-starter".into())),
                    ("version", Json::Str("1.0".into())),
                    ("protocol_version", Json::Num(1.0)),
                    ("many_games", Json::Bool(true)),
                ]);
                send(&mut out, &ready);
            }
            Some("request") => {
                let index = bot.choose(&message);
                let id = message.get("id").clone();
                send(&mut out, &object(vec![("type", Json::Str("action".into())), ("id", id), ("index", Json::Num(index as f64))]));
            }
            Some("ping") => {
                let id = message.get("id").clone();
                send(&mut out, &object(vec![("type", Json::Str("pong".into())), ("id", id)]));
            }
            Some("error") => eprintln!("starter: refused: {}", message.get("message").str().unwrap_or("?")), // a retry follows
            Some("quit") => break,
            _ => {} // "game_over" needs no answer; unknown types are ignored
        }
    }
}
