#!/usr/bin/env node
// A random bot for any game in Node.js, no packages: `node random_bot.js [SEED]`.
// One JSON object per line on stdin (from the referee) and on stdout (our answers).
// Debug output goes to stderr (console.error), never stdout. See protocol/PROTOCOL.md.
"use strict";
const readline = require("readline");

const seedText = process.argv[2] || "0";
let state = 0;

// mulberry32: a small seeded generator, so the same SEED replays the same game.
function seed(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  state = h >>> 0;
}
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

seed(seedText);
const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      // A new game (many_games: after game_over the next hello may come): seeding afresh
      // forgets the previous one, so a kept process plays what a new one would.
      seed(seedText + "/" + message.seat);
      send({ type: "ready", name: "node-random", version: "1.0", many_games: true });
      break;
    case "request":
      send({ type: "action", id: message.id, index: Math.floor(random() * message.actions.length) });
      break;
    case "ping":
      send({ type: "pong", id: message.id });
      break;
    case "quit":
      process.exit(0);
      break;
    default:
      break; // "error" and "game_over" need no answer; unknown types are ignored
  }
});
input.on("close", () => process.exit(0));
