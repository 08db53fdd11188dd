#!/usr/bin/env node
// A starter bot in JavaScript (Node.js, no packages) for every game of the referee: Altay,
// Innovation and Mammothodus. `node starter_bot.js`; see protocol/PROTOCOL.md.
//
// It reads `hello` (the game, and its static information: Altay's board, Innovation's cards,
// Mammothodus's map) and every request into classes of its own (below), scores each legal
// action with one heuristic, `Bot.score` (a one-ply score: the observation and the action alone,
// never a look ahead; each game's part is its `scoreGAME` function), and answers the index of
// the best (the first of equals). Replace a `scoreGAME` with your own ideas; the rest is the
// protocol: one JSON object per line on stdin and stdout; answer `hello` with `ready`, each
// `request` with {"type":"action","id":ID,"index":K}, `ping` with `pong`; ignore `error` (a
// retry comes as a new request), `game_over` and any type you do not know; exit on `quit`.
// It says `many_games` at `ready`: after `game_over` the next game's `hello` may follow in the
// same process, and every `hello` starts a new Bot.
// Debug output goes to stderr (console.error), never stdout.
"use strict";
const readline = require("readline");

// ============================================================================ records
const str = (v) => (typeof v === "string" ? v : null);
const int = (v, d) => (Number.isInteger(v) ? v : d);
const strs = (v) => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);
const arr = (v) => (Array.isArray(v) ? v : []);
const obj = (v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {});

/** One legal action: its `type` and the fields a starter uses (absent ones keep defaults). */
class Action {
  constructor(d) {
    d = obj(d);
    this.type = str(d.type) || "";
    this.card = str(d.card); // Altay play/buy, Innovation meld/dogma/card, Mammothodus card
    this.effect = int(d.effect, 0); // Altay play
    this.territory = int(d.territory, -1); // Altay start/settle, Mammothodus place
    this.source = int(d.from, -1); // Altay attack `from`
    this.to = int(d.to, -1); // Altay attack, Mammothodus step/direct
    this.cards = strs(d.cards).length ? strs(d.cards) : strs(d.discard); // Altay attack/fight/surrender
    this.pay = str(d.pay) || ""; // Altay buy
    this.on = str(d.on); // Altay place
    this.achievement = str(d.achievement); // Altay develop
    this.faction = str(d.faction); // Altay faction
    this.age = int(d.age, 0); // Innovation achieve/blind
    this.color = str(d.color); // Innovation color, Mammothodus figurine/place/remove
    this.colors = strs(d.colors); // Mammothodus start
    this.player = int(d.player, -1); // Innovation player
    this.value = int(d.value, 0); // Innovation value
    this.action = str(d.action); // Mammothodus action (move, attack, ...)
    this.take = str(d.take); // Mammothodus shard (null: drop the carried one)
    this.target = str(d.target); // Mammothodus hit
  }
}

// ---------------------------------------------------------------------------- Altay
class AltayTerritory {
  constructor(t, adjacent) {
    this.id = int(t.id, 0);
    this.terrain = str(t.terrain) || "";
    this.adjacent = adjacent; // ids, from hello.static
    this.owner = int(t.owner, null);
    this.settlements = int(t.settlements, 0);
    this.markerValue = int(obj(t.marker).value, 0); // the conquest marker still there (0: none)
    this.vp = int(t.vp, 0);
  }
}

class AltayObservation {
  constructor(o, adjacency) {
    this.seat = int(o.seat, 0);
    this.board = arr(o.board).map((t) => new AltayTerritory(obj(t), adjacency.get(int(t.id, -1)) || []));
    this.players = arr(o.players).map((p) => ({
      seat: int(p.seat, 0),
      completed: strs(p.completed),
      developing: str(obj(p.developing).name),
    }));
    const you = obj(o.you);
    this.hand = strs(you.hand);
    this.secretWonder = str(you.secret_wonder);
    const combat = obj(o.combat);
    this.combatAttack = int(combat.attack, 0); // the attack waiting for us (phase defend)
    this.combatTo = int(combat.to, -1);
  }
}

// ---------------------------------------------------------------------------- Innovation
class InnovationCard {
  constructor(c) {
    this.name = str(c.name) || "";
    this.age = int(c.age, 0);
    this.color = str(c.color) || "";
    this.featured = str(c.featured) || ""; // the icon its dogma compares
    const effects = arr(c.effects).map(obj);
    const plain = effects.filter((e) => e.kind !== "demand");
    this.effects = plain.length; // non-demand effects
    this.scoring = plain.filter((e) => String(e.text || "").includes("score")).length;
    this.demands = effects.length - plain.length;
  }
}

class InnovationObservation {
  constructor(o) {
    this.seat = int(o.seat, 0);
    this.players = arr(o.players).map((p) => ({
      seat: int(p.seat, 0),
      hand: arr(p.hand).map((c) => ({ age: int(obj(c).age, 0), card: str(obj(c).card) })),
      score: int(p.score, 0),
      board: arr(p.board).map((b) => ({ color: str(b.color) || "", splay: str(b.splay) || "none", cards: strs(b.cards) })),
      icons: obj(p.icons),
    }));
    const d = o.decision;
    this.decision = d && typeof d === "object" ? { kind: str(d.kind) || "", purpose: str(d.purpose) || "" } : null;
  }
}

// ---------------------------------------------------------------------------- Mammothodus
class MammothodusTerritory {
  constructor(t) {
    this.id = int(t.id, 0);
    this.region = str(t.region);
    this.color = str(t.color);
    this.tribes = int(t.tribes, 0);
    this.ancients = arr(t.ancients).map((a) => ({ clan: int(a.clan, -1), color: str(a.color), carries: str(a.carries) }));
    this.openShards = strs(t.open_shards);
    this.closedShards = int(t.closed_shards, 0);
  }
}

class MammothodusObservation {
  constructor(o, seat) {
    this.seat = seat;
    this.territories = arr(o.territories).map((t) => new MammothodusTerritory(obj(t)));
    this.clans = arr(o.clans).map((c) => ({
      seat: int(c.seat, 0),
      population: int(c.population, 0),
      degradation: int(c.degradation, 0),
      figurines: obj(c.figurines), // colour -> territory (null: off the field)
      hand: strs(c.hand),
    }));
    // What each portal line asks of the territory of its place of power (the open fragments).
    this.lines = arr(o.places).map((p) => ({ shards: new Map(), regions: new Set(), colors: new Set(), place: int(p, null) }));
    for (const fragment of arr(o.portal_open)) {
      arr(obj(fragment).lines).forEach((cell, n) => {
        if (n >= this.lines.length) return;
        const line = this.lines[n];
        if (str(cell.shard)) line.shards.set(cell.shard, (line.shards.get(cell.shard) || 0) + 1);
        if (str(cell.region)) line.regions.add(cell.region);
        if (str(cell.color)) line.colors.add(cell.color);
      });
    }
    this.purpose = str(obj(o.decision).purpose) || "";
  }
}

class MammothodusMap {
  constructor(staticInfo) {
    const m = obj(obj(staticInfo.data).map);
    this.centre = int(m.centre, 0);
    this.neighbours = new Map(arr(m.territories).map((t) => [int(t.id, 0), []]));
    for (const [a, b] of arr(m.adjacency)) {
      this.neighbours.get(a).push(b);
      this.neighbours.get(b).push(a);
    }
    this.distance = new Map(); // breadth-first search from every territory
    for (const start of this.neighbours.keys()) {
      const d = new Map([[start, 0]]);
      const queue = [start];
      while (queue.length) {
        const t = queue.shift();
        for (const n of this.neighbours.get(t)) {
          if (!d.has(n)) {
            d.set(n, d.get(t) + 1);
            queue.push(n);
          }
        }
      }
      this.distance.set(start, d);
    }
  }

  dist(a, b) {
    const d = this.distance.get(a);
    return d && d.has(b) ? d.get(b) : 99;
  }
}

// ============================================================================ the heuristics
// Altay: build settlements, play producers, buy by value, capture conquest markers, develop.
const BUY_VALUE = { City: 12, Town: 10, Chariot: 8, Worker: 8, Cavalry: 6, Farmer: 5, Woodcutter: 5, Miner: 5, Stonecutter: 4, Scholar: 4, Merchant: 2 };
const STRENGTH = { Warrior: 1, Cavalry: 2, Chariot: 3 };
const FACTION_VALUE = { Earthfolk: 4, Firefolk: 3, Smallfolk: 2, Elvenfolk: 1 };
const PRODUCERS = ["Farmer", "Woodcutter", "Miner", "Stonecutter"];
const BUILDINGS = ["Village", "Town", "City"];
const strength = (cards) => cards.reduce((s, c) => s + (STRENGTH[c] || 0), 0);

/** Settling and building first, then producing, capturing markers, developing and buying by
 * the value of the card; defending only when it wins or ties. */
function scoreAltay(o, a) {
  const me = o.players.find((p) => p.seat === o.seat);
  const at = (id) => (id >= 0 && id < o.board.length ? o.board[id] : null);
  switch (a.type) {
    case "settle": {
      const t = at(a.territory);
      if (!t) return -1;
      return t.owner === null ? 1000 + 10 + 3 * t.vp : 1000 + 2 - t.settlements;
    }
    case "start":
      return at(a.territory) ? 100 + at(a.territory).adjacent.length : 100;
    case "faction":
      return FACTION_VALUE[a.faction] || 0;
    case "play":
      if (BUILDINGS.includes(a.card)) return 900;
      if (a.card === "Settler" && a.effect === 1) return 950;
      if (PRODUCERS.includes(a.card) && a.effect === 1) return 850;
      if (a.card === "Scholar") return a.effect === 1 ? 840 : 700;
      if (a.card === "Merchant" || ((a.card === "Lorekeeper" || a.card === "Spellweaver") && a.effect === 1)) return 5;
      if (a.card === "Shaman" && a.effect === 1) return 600;
      return 800;
    case "attack": {
      const icons = strength(a.cards);
      const target = at(a.to);
      if (!target || !at(a.source)) return -1;
      if (target.markerValue > 0) return 750 + 5 * target.markerValue - 10 * icons;
      const margin = at(a.source).settlements + icons - target.settlements - 2;
      return margin > 0 ? 300 + 10 * margin - 5 * icons : -50;
    }
    case "release":
      return 780;
    case "place":
      if (a.on === "achievement") return 650;
      return BUILDINGS.includes(a.on) ? 700 : 20;
    case "develop":
      if (me && me.developing !== null) return -100;
      return a.achievement === o.secretWonder ? 640 : 605;
    case "buy":
      return 400 + 10 * (BUY_VALUE[a.card] || 1) - a.pay.length;
    case "philosophy":
      return 820;
    case "trade":
      return 500;
    case "fight": {
      const strategy = me && me.completed.includes("Strategy") ? 1 : 0;
      const held = at(o.combatTo) ? at(o.combatTo).settlements : 0;
      const defence = held + strategy + strength(a.cards);
      if (defence > o.combatAttack) return 100 - a.cards.length;
      return defence === o.combatAttack ? 50 - a.cards.length : 0;
    }
    case "surrender":
      return 10 - a.cards.length;
    case "end":
      return 0;
    default:
      return -1; // abandon, commerce, engineering, mathematics, religion: not used here
  }
}

// Innovation: achieve; draw with few cards in hand; meld a card that raises our highest top
// card; dogmas where we lead in the featured icon; meld; dogmas others share.
const KEEP_LOW = ["return", "transfer", "tuck", "exchange", "reveal", "order"]; // give away low cards

/** Achieve first. Draw when the hand is nearly empty (most effects need cards in hand). Meld a
 * card above our highest top card (achievements need a top card of their age, and draws come
 * from it). A dogma whose featured icon we have more of than every opponent (nobody shares it,
 * every opponent suffers its demands), more so for cards whose effects score; then melding; a
 * dogma others would share last. Inside an effect: take every optional step, give away,
 * return and tuck low cards, keep (meld, score) high ones, splay the biggest pile. */
function scoreInnovation(o, a, cards) {
  const me = o.players.find((p) => p.seat === o.seat);
  if (!me) return 0;
  const opponents = o.players.filter((p) => p.seat !== o.seat);
  const age = (title) => (cards.has(title) ? cards.get(title).age : 0);
  const top = Math.max(0, ...me.board.filter((p) => p.cards.length).map((p) => age(p.cards[p.cards.length - 1])));
  const purpose = o.decision ? o.decision.purpose : "";
  switch (a.type) {
    case "achieve":
      return 1000 + a.age;
    case "draw":
      return 700 - 150 * me.hand.length;
    case "meld":
    case "first_meld": {
      const card = cards.get(a.card);
      if (!card) return 300;
      if (card.age > top) return 600 + card.age;
      const newColor = !me.board.some((p) => p.color === card.color && p.cards.length);
      return 300 + 10 * card.age + (newColor ? 20 : 0);
    }
    case "dogma": {
      const card = cards.get(a.card);
      if (!card) return 150;
      const mine = int(me.icons[card.featured], 0);
      const lead = opponents.every((p) => int(p.icons[card.featured], 0) < mine);
      const value = card.age + 30 * card.scoring + 10 * card.effects + (lead ? 10 * card.demands : 0);
      return (lead ? 400 : 150) + value;
    }
    case "card":
      return KEEP_LOW.includes(purpose) ? 100 - age(a.card) : 100 + age(a.card);
    case "blind":
      return 100 - a.age;
    case "yes":
      return 1;
    case "color": {
      const pile = me.board.find((p) => p.color === a.color);
      return pile ? pile.cards.length : 0;
    }
    case "value":
      return a.value;
    case "player":
      return a.player === o.seat ? -1 : 1;
    default:
      return 0; // pass, colors, option: the first one listed
  }
}

// Mammothodus: carry the shards each portal line asks for to a territory that meets it, then
// activate its place of power; attack tribes when they crowd the map; send humans to the centre.

/** Each territory where a line not yet active could have its place of power -> the shard types
 * still missing there (a Map type -> count; the fewest over the lines it meets). */
function mammothodusGoals(o, board) {
  const goals = new Map();
  const taken = new Set(o.lines.filter((l) => l.place !== null).map((l) => l.place));
  const total = (m) => [...m.values()].reduce((s, n) => s + n, 0);
  for (const line of o.lines) {
    if (line.place !== null) continue;
    for (const t of o.territories) {
      if (t.id === board.centre || taken.has(t.id)) continue;
      if ([...line.regions].some((r) => r !== t.region) || [...line.colors].some((c) => c !== t.color)) continue;
      const missing = new Map();
      for (const [shard, n] of line.shards) {
        const left = n - t.openShards.filter((s) => s === shard).length;
        if (left > 0) missing.set(shard, left);
      }
      if (!goals.has(t.id) || total(missing) < total(goals.get(t.id))) goals.set(t.id, missing);
    }
  }
  return goals;
}

/** `memory` is what this seat chose earlier in its turn (`action`: the action of the turn,
 * `cards`: cards played on the figurine acting) and where the figurine in motion stands (`at`)
 * with the shard it carries (`carries`). */
function scoreMammothodus(o, a, board, memory) {
  const me = o.clans.find((c) => c.seat === o.seat);
  if (!me) return 0;
  const goals = mammothodusGoals(o, board);
  const needed = new Map(); // shard types some goal still misses
  for (const missing of goals.values()) {
    for (const [s, n] of missing) needed.set(s, Math.max(needed.get(s) || 0, n));
  }
  const onField = Object.values(me.figurines).filter((t) => Number.isInteger(t));
  const dist = (x, y) => board.dist(x, y);
  const misses = (t, shard) => goals.has(t) && shard !== null && (goals.get(t).get(shard) || 0) > 0;
  const nearest = (at, spots) => spots.reduce((best, s) => (best === null || dist(at, s) < dist(at, best) || (dist(at, s) === dist(at, best) && s < best) ? s : best), null);
  // Where a figurine should go: with a shard, the nearest goal missing it; else the nearest open
  // shard that a goal misses (not lying on such a goal already); else the nearest face-down
  // shard, a goal's first.
  const workTarget = (at, carries) => {
    let spots;
    if (carries !== null) {
      spots = [...goals.keys()].filter((g) => misses(g, carries));
    } else {
      spots = o.territories.filter((t) => t.openShards.some((s) => (needed.get(s) || 0) > 0 && !misses(t.id, s))).map((t) => t.id);
      if (!spots.length) spots = o.territories.filter((t) => t.closedShards > 0 && goals.has(t.id)).map((t) => t.id);
      if (!spots.length) spots = o.territories.filter((t) => t.closedShards > 0).map((t) => t.id);
    }
    return spots.length ? nearest(at, spots) : at;
  };
  const minDistToGoals = (t, fallback) => (goals.size ? Math.min(...[...goals.keys()].map((g) => dist(t, g))) : fallback);

  switch (a.type) {
    case "action":
      if (a.action === "activate") return 1000;
      if (a.action === "attack") return o.territories.reduce((s, t) => s + t.tribes, 0) >= 7 ? 300 : 40;
      if (a.action === "population") return me.population <= 4 ? 200 : 10;
      if (a.action === "move") return 100;
      if (a.action === "degradation") return 60;
      if (a.action === "development") return me.degradation < onField.length ? 50 : 5;
      return 0;
    case "figurine": {
      const t = int(me.figurines[a.color], null);
      if (t === null) return 0;
      if (memory.action === "attack") return 10 + o.territories[t].tribes;
      if (memory.action === "move") return 10 - dist(t, workTarget(t, null)) / 10 + (a.color === "green" ? 1 : 0);
      return 5;
    }
    case "card":
      if (o.purpose === "card") {
        // on our own figurine
        if ((memory.cards || 0) >= (memory.action === "move" ? 2 : 9)) return -1;
        if (a.card === "blue" && memory.action !== "activate" && memory.action !== "development") return -1; // keep blue to activate
        return 5;
      }
      if (o.purpose === "degradation") return 5; // clear degradation cards from the hand
      if (o.purpose === "assist") return a.card === "blue" || a.card === "red" ? 5 : -1; // help to activate and to fight
      if (o.purpose === "extra") return 5;
      if (o.purpose === "discard") return a.card === "yellow" && me.population >= 7 ? 1 : -1; // cycle population cards
      return -1; // draw3: keep the hand
    case "direct": // humans in the centre never act again; else far from us
      if (a.to === board.centre) return 100;
      return onField.length ? Math.min(...onField.map((t) => dist(a.to, t))) : 0;
    case "place":
      if (a.territory === board.centre) return 10;
      return 5 - minDistToGoals(a.territory, 5);
    case "remove": {
      const t = int(me.figurines[a.color], null);
      return t === null ? 0 : minDistToGoals(t, 0);
    }
    case "start":
      return (a.colors.includes("green") ? 1 : 0) + (a.colors.includes("blue") ? 1 : 0);
    case "line":
      return 1;
    case "hit":
      return a.target === "tribe" ? 1 : 0;
    case "adapt":
    case "use":
      return 2;
    case "swap":
    case "token":
    case "reroll":
    case "roll":
      return -1;
    default:
      break;
  }
  if (o.purpose === "step" && (a.type === "step" || a.type === "shard" || a.type === "pass")) {
    const at = memory.at === undefined ? board.centre : memory.at;
    const carries = memory.carries === undefined ? null : memory.carries;
    if (a.type === "shard") {
      if (a.take === null) return misses(at, carries) ? 5 : -5;
      return (needed.get(a.take) || 0) > 0 && !misses(at, a.take) ? 5 : -5;
    }
    const target = workTarget(at, carries);
    return a.type === "step" ? -dist(a.to, target) - 0.1 : -dist(at, target);
  }
  return 0; // pass, talent, put: the first one listed
}

// ============================================================================ the bot
class Bot {
  constructor() {
    this.game = "altay";
    this.adjacency = new Map(); // Altay: territory -> adjacent ids
    this.cards = new Map(); // Innovation: title -> InnovationCard
    this.board = null; // Mammothodus: MammothodusMap
    this.memory = new Map(); // Mammothodus, per seat (a program may lead several clans)
  }

  hello(message) {
    this.game = str(obj(message.kind).name) || "altay";
    const staticInfo = obj(message.static);
    if (this.game === "altay") {
      for (const t of arr(staticInfo.territories)) this.adjacency.set(int(t.id, -1), arr(t.adjacent));
    } else if (this.game === "innovation") {
      for (const c of arr(staticInfo.cards)) this.cards.set(c.name, new InnovationCard(obj(c)));
    } else if (this.game === "mammothodus") {
      this.board = new MammothodusMap(staticInfo);
    }
  }

  /** The index of the best-scored legal action (the first of equals). */
  choose(request) {
    const actions = arr(request.actions).map((a) => new Action(a));
    const observation = obj(request.observation);
    let o;
    if (this.game === "altay") o = new AltayObservation(observation, this.adjacency);
    else if (this.game === "innovation") o = new InnovationObservation(observation);
    else if (this.game === "mammothodus") {
      o = new MammothodusObservation(observation, int(request.seat, int(observation.seat, 0)));
      if (o.purpose === "step") Object.assign(this.memoryOf(o.seat), this.findMover(o, actions));
    } else return 0;
    let best = 0;
    let bestScore = -Infinity;
    actions.forEach((a, i) => {
      const s = this.score(o, a);
      if (s > bestScore) [best, bestScore] = [i, s];
    });
    if (o instanceof MammothodusObservation) this.remember(o, actions[best]);
    return best;
  }

  /** The heuristic: how good action `a` looks in observation `o` (higher is better). */
  score(o, a) {
    if (o instanceof AltayObservation) return scoreAltay(o, a);
    if (o instanceof InnovationObservation) return scoreInnovation(o, a, this.cards);
    if (o instanceof MammothodusObservation) return scoreMammothodus(o, a, this.board, this.memoryOf(o.seat));
    return 0;
  }

  memoryOf(seat) {
    if (!this.memory.has(seat)) this.memory.set(seat, {});
    return this.memory.get(seat);
  }

  /** Mammothodus: the action of the turn and the cards played on the figurine acting. */
  remember(o, chosen) {
    const memory = this.memoryOf(o.seat);
    if (chosen.type === "action") Object.assign(memory, { action: chosen.action, cards: 0 });
    else if (chosen.type === "figurine") memory.cards = 0;
    else if (chosen.type === "card" && o.purpose === "card") memory.cards = (memory.cards || 0) + 1;
  }

  /** Our figurine in motion: the one whose neighbours are the steps offered (and, of several
   * there, the one carrying a shard), with what it carries. */
  findMover(o, actions) {
    const steps = new Set(actions.filter((a) => a.type === "step").map((a) => a.to));
    const me = o.clans.find((c) => c.seat === o.seat);
    for (const t of me ? Object.values(me.figurines) : []) {
      if (!Number.isInteger(t)) continue;
      const around = this.board.neighbours.get(t) || [];
      if (around.length === steps.size && around.every((n) => steps.has(n))) {
        const carried = o.territories[t].ancients.filter((x) => x.clan === o.seat && x.carries);
        return { at: t, carries: carried.length ? carried[0].carries : null };
      }
    }
    return { at: this.board.centre, carries: null };
  }
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n"); // a pipe write: nothing to flush
}

let bot = new Bot();
const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch (err) {
    console.error("starter: a line that is not JSON");
    return;
  }
  switch (obj(message).type) {
    case "hello": // a new game (after game_over, many_games brings the next one here)
      bot = new Bot(); // forget everything of the previous game: its seats, cards, board, memory
      bot.hello(message);
      send({ type: "ready", name: "javascript-starter", version: "1.0", protocol_version: 1, many_games: true });
      break;
    case "request":
      send({ type: "action", id: message.id, index: bot.choose(message) });
      break;
    case "ping":
      send({ type: "pong", id: message.id });
      break;
    case "error":
      console.error(`starter: refused: ${message.message}`); // a retry follows as a new request
      break;
    case "quit":
      process.exit(0);
      break;
    default:
      break; // "game_over" needs no answer; unknown types are ignored
  }
});
input.on("close", () => process.exit(0));
