// Altay: Dawn of Civilization, drawn for the altay web viewer (one SVG per frame).
// Registers window.altayGames.altay = {draw(root, statics, frame, ctx)}; see the Drawing facet in
// altay_cli/engine/api.py and altay_cli/engine/altay/drawing.py for the data. Plain JavaScript,
// no libraries, no network. Every drawn fact carries data-* attributes for the browser tests.
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const W = 1400;
  const H = 880;
  const TERRAIN = {
    farmland: { fill: "#ecd98b", abbr: "Fa" },
    forest: { fill: "#86b46e", abbr: "Fo" },
    hill: { fill: "#cda47c", abbr: "Hi" },
    mountain: { fill: "#aab1ba", abbr: "Mo" },
  };
  const RES = {
    F: { fill: "#f2c94c", ink: "#3d2e00", name: "food" },
    W: { fill: "#8d5b32", ink: "#fff", name: "wood" },
    M: { fill: "#5b6b7a", ink: "#fff", name: "metal" },
    S: { fill: "#c9c9c9", ink: "#222", name: "stone" },
    C: { fill: "#9b5fc0", ink: "#fff", name: "culture" },
  };
  const PHASES = {
    choose_faction: "choosing factions",
    choose_start: "choosing start farmlands",
    main: "main phase",
    settle: "placing settlements",
    defend: "defending",
    game_over: "game over",
  };
  const FALLBACK_COLORS = ["#d1495b", "#00798c", "#edae49", "#66a182", "#8d6a9f", "#2e4057"];
  const FALLBACK_PATTERNS = ["solid", "stripes", "dots", "cross", "waves", "grid"];
  let drawings = 0; // a prefix per drawing keeps pattern ids unique in the page

  function el(parent, tag, attrs, text) {
    const node = document.createElementNS(NS, tag);
    for (const key in attrs || {}) {
      const value = attrs[key];
      if (value !== undefined && value !== null) node.setAttribute(key, String(value));
    }
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (parent) parent.appendChild(node);
    return node;
  }

  function txt(parent, x, y, text, attrs) {
    return el(parent, "text", Object.assign({ x: x, y: y }, attrs || {}), text);
  }

  function tip(node, text) {
    el(node, "title", {}, text);
    return node;
  }

  const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
  let measurer = null;

  // How wide a text is drawn (a canvas measures it: no layout, works in a hidden root too).
  function textWidth(text, size, bold) {
    if (measurer === null) {
      const canvas = document.createElement("canvas");
      measurer = (canvas.getContext && canvas.getContext("2d")) || false;
    }
    if (measurer) {
      measurer.font = (bold ? "700 " : "400 ") + size + "px " + FONT;
      const w = measurer.measureText(String(text)).width;
      if (w > 0) return w;
    }
    return String(text).length * size * (bold ? 0.62 : 0.56);
  }

  function counts(text) {
    const out = { F: 0, W: 0, M: 0, S: 0, C: 0 };
    for (const ch of text || "") if (ch in out) out[ch] += 1;
    return out;
  }

  function tally(names) {
    const seen = new Map();
    for (const n of names) seen.set(n, (seen.get(n) || 0) + 1);
    return Array.from(seen.entries());
  }

  function seatsOf(ctx, n) {
    const given = (ctx && ctx.seats) || [];
    const out = [];
    for (let i = 0; i < n; i++) {
      const s = given[i] || {};
      out.push({
        seat: i,
        name: s.name || "P" + i,
        label: s.label || "P" + i,
        color: s.color || FALLBACK_COLORS[i % 6],
        pattern: s.pattern || FALLBACK_PATTERNS[i % 6],
      });
    }
    return out;
  }

  // One fill pattern per seat: its colour with its pattern in white over it, so that seats are
  // told apart without colour too.
  function seatPatterns(defs, seats, prefix) {
    for (const s of seats) {
      const p = el(defs, "pattern", {
        id: prefix + "seat" + s.seat,
        width: 6,
        height: 6,
        patternUnits: "userSpaceOnUse",
      });
      el(p, "rect", { width: 6, height: 6, fill: s.color });
      const ink = { stroke: "#fff", "stroke-width": 1.3, fill: "none", opacity: 0.85 };
      if (s.pattern === "stripes") el(p, "path", Object.assign({ d: "M-1,7 L7,-1 M5,7 L7,5 M-1,1 L1,-1" }, ink));
      else if (s.pattern === "dots") el(p, "circle", { cx: 3, cy: 3, r: 1.4, fill: "#fff", opacity: 0.9 });
      else if (s.pattern === "cross") el(p, "path", Object.assign({ d: "M0,0 L6,6 M6,0 L0,6" }, ink));
      else if (s.pattern === "waves") el(p, "path", Object.assign({ d: "M0,3 Q1.5,0.5 3,3 T6,3" }, ink));
      else if (s.pattern === "grid") el(p, "path", Object.assign({ d: "M3,0 V6 M0,3 H6" }, ink));
    }
    const hatch = el(defs, "pattern", { id: prefix + "offplay", width: 8, height: 8, patternUnits: "userSpaceOnUse" });
    el(hatch, "rect", { width: 8, height: 8, fill: "#e9e9e9" });
    el(hatch, "path", { d: "M-1,9 L9,-1", stroke: "#c4c4c4", "stroke-width": 2 });
    const arrow = el(defs, "marker", {
      id: prefix + "arrow",
      viewBox: "0 0 10 10",
      refX: 9,
      refY: 5,
      markerUnits: "userSpaceOnUse",
      markerWidth: 16,
      markerHeight: 16,
      orient: "auto-start-reverse",
    });
    el(arrow, "path", { d: "M0,0 L10,5 L0,10 z", fill: "context-stroke" });
  }

  function house(parent, x, y, size, fill, attrs) {
    const h = size;
    const d =
      "M" + x + "," + (y - h / 2) + " L" + (x + h / 2) + "," + y + " L" + (x + h / 2) + "," + (y + h / 2) +
      " L" + (x - h / 2) + "," + (y + h / 2) + " L" + (x - h / 2) + "," + y + " Z";
    return el(parent, "path", Object.assign({ d: d, fill: fill, stroke: "#222", "stroke-width": 1 }, attrs || {}));
  }

  function token(parent, x, y, res, n, r) {
    const g = el(parent, "g", { "data-token": res });
    const spec = RES[res];
    el(g, "circle", { cx: x, cy: y, r: r, fill: spec.fill, stroke: "#333", "stroke-width": 0.8 });
    txt(g, x, y + r * 0.38, res, { "text-anchor": "middle", "font-size": r * 1.05, "font-weight": 700, fill: spec.ink });
    if (n !== undefined && n !== null) txt(g, x + r + 2, y + 4, "×" + n, { "font-size": 11, fill: "#222" });
    tip(g, spec.name);
    return g;
  }

  // Resources as tokens with counts ("FFW" -> F×2 W×1); returns the width used.
  function tokens(parent, x, y, text, r) {
    const c = counts(text);
    let dx = 0;
    for (const res of "FWMSC") {
      if (!c[res]) continue;
      token(parent, x + dx + r, y, res, c[res], r);
      dx += 2 * r + 22;
    }
    return dx;
  }

  // A cost as small tokens, one per letter ('*' is a wood, metal or stone of your choice).
  function costTokens(parent, x, y, cost, r) {
    let dx = 0;
    for (const ch of cost || "") {
      if (ch === "*") {
        el(parent, "circle", { cx: x + dx + r, cy: y, r: r, fill: "#fff", stroke: "#555", "stroke-dasharray": "2 1.5" });
        txt(parent, x + dx + r, y + r * 0.45, "*", { "text-anchor": "middle", "font-size": r * 1.5, fill: "#555" });
      } else if (RES[ch]) {
        el(parent, "circle", { cx: x + dx + r, cy: y, r: r, fill: RES[ch].fill, stroke: "#333", "stroke-width": 0.6 });
        txt(parent, x + dx + r, y + r * 0.4, ch, { "text-anchor": "middle", "font-size": r * 1.1, "font-weight": 700, fill: RES[ch].ink });
      }
      dx += 2 * r + 1.5;
    }
    return dx;
  }

  // An achievement's cost with what is placed on it: placed resources solid, missing ones faded
  // (a wood, metal or stone beyond the exact letters fills a '*' slot).
  function progressTokens(parent, x, y, cost, placed, r) {
    const have = counts(placed);
    const filled = [];
    for (const ch of cost) {
      if (ch !== "*" && have[ch] > 0) { have[ch] -= 1; filled.push(true); }
      else filled.push(ch !== "*" ? false : null);
    }
    let wild = have.W + have.M + have.S;
    let dx = 0;
    cost.split("").forEach((ch, i) => {
      const g = el(parent, "g", {});
      let on = filled[i];
      if (on === null) { on = wild > 0; if (on) wild -= 1; }
      costTokens(g, x + dx, y, ch, r);
      if (!on) g.setAttribute("opacity", 0.3);
      dx += 2 * r + 1.5;
    });
    return dx;
  }

  function chip(parent, x, y, text, opts) {
    const o = opts || {};
    const size = o.size || 11;
    const w = Math.max(o.minWidth || 0, textWidth(text, size, o.bold) + 12 + (o.extra || 0));
    const g = el(parent, "g", o.attrs || {});
    el(g, "rect", {
      x: x,
      y: y - size - 2,
      width: w,
      height: size + 8,
      rx: 4,
      fill: o.fill || "#fff",
      stroke: o.stroke || "#888",
      "stroke-width": o.strokeWidth || 1,
      "stroke-dasharray": o.dashed ? "3 2" : null,
    });
    txt(g, x + 6, y + 1, text, { "font-size": size, "font-weight": o.bold ? 700 : 400, fill: o.ink || "#222" });
    if (o.title) tip(g, o.title);
    return { g: g, width: w };
  }

  function seatLabel(seats, frame, i) {
    const p = frame["p" + i];
    return seats[i].label + (p && p.faction ? " " + p.faction : "");
  }

  // ------------------------------------------------------------------------------- header
  function drawHeader(svg, statics, frame, seats, ctx) {
    const t = frame.turn;
    const g = el(svg, "g", {
      class: "altay-header",
      "data-round": t.round,
      "data-phase": t.phase,
      "data-to-move": t.to_move === null ? "" : t.to_move,
      "data-active": t.active,
      "data-first": t.first,
    });
    el(g, "rect", { x: 0, y: 0, width: W, height: 44, fill: "#2f3b45" });
    const round = t.round ? "Round " + t.round + " of " + statics.max_rounds : "Set-up";
    txt(g, 16, 29, round, { "font-size": 20, "font-weight": 700, fill: "#fff" });
    let x = 16 + textWidth(round, 20, true) + 24;
    if (t.to_move !== null && t.to_move !== undefined) {
      const s = seats[t.to_move];
      house(g, x + 8, 23, 16, "url(#" + ctx.prefix + "seat" + s.seat + ")");
      x += 24;
      const who = seatLabel(seats, frame, t.to_move) + " to move: " + (PHASES[t.phase] || t.phase);
      txt(g, x, 29, who, { "font-size": 17, fill: "#fff", "data-who": "to-move" });
      x += textWidth(who, 17) + 24;
    } else {
      const over = "Game over" + (t.end_reason ? ": " + t.end_reason.replace(/_/g, " ") : "");
      txt(g, x, 29, over, { "font-size": 17, "font-weight": 700, fill: "#ffd866" });
      x += textWidth(over, 17, true) + 24;
    }
    if (t.round) {
      const first = "first player " + seats[t.first].label;
      txt(g, x, 29, first, { "font-size": 13, fill: "#cfd8dc" });
      x += textWidth(first, 13) + 20;
    }
    if (t.end_triggered && t.to_move !== null) {
      const tag = "last round: " + t.end_triggered.replace(/_/g, " ");
      chip(g, x, 27, tag, { fill: "#ffd866", stroke: "#ffd866", bold: true, size: 12 });
    }
    // the common reserve
    const r = el(g, "g", { class: "altay-reserve" });
    const names = "FWMSC";
    let rx = W - 16 - 5 * 52;
    txt(r, rx - 62, 28, "reserve", { "font-size": 13, fill: "#cfd8dc" });
    for (let i = 0; i < 5; i++) {
      r.setAttribute("data-reserve-" + names[i].toLowerCase(), frame.reserve[i]);
      const tk = token(r, rx + 11, 23, names[i], null, 10);
      txt(tk, rx + 24, 28, frame.reserve[i], { "font-size": 13, fill: "#fff" });
      rx += 52;
    }
  }

  // ------------------------------------------------------------------------------- the map
  function hexPath(x, y, r) {
    let d = "";
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      d += (i ? "L" : "M") + (x + r * Math.cos(a)).toFixed(1) + "," + (y + r * Math.sin(a)).toFixed(1);
    }
    return d + "Z";
  }

  function drawMap(svg, statics, frame, seats, ctx, box) {
    const g = el(svg, "g", { class: "altay-map" });
    el(g, "rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 8, fill: "#dcebf2", stroke: "#9fb8c4" });
    const terr = statics.territories;
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const t of terr) {
      minX = Math.min(minX, t.x); maxX = Math.max(maxX, t.x);
      minY = Math.min(minY, t.y); maxY = Math.max(maxY, t.y);
    }
    const pad = 46;
    const scale = Math.min((box.w - 2 * pad) / (maxX - minX), (box.h - 2 * pad) / (maxY - minY));
    const ox = box.x + (box.w - (maxX - minX) * scale) / 2;
    const oy = box.y + (box.h - (maxY - minY) * scale) / 2;
    const pos = terr.map((t) => [ox + (t.x - minX) * scale, oy + (t.y - minY) * scale]);
    const R = 31;
    // neighbours
    const edges = el(g, "g", { class: "altay-edges" });
    for (const t of terr) {
      for (const u of t.adjacent) {
        if (u < t.id) continue;
        const live = t.in_play && terr[u].in_play;
        el(edges, "line", {
          x1: pos[t.id][0], y1: pos[t.id][1], x2: pos[u][0], y2: pos[u][1],
          stroke: live ? "#5d6d75" : "#b5c2c8",
          "stroke-width": live ? 3 : 1.5,
          "stroke-dasharray": live ? null : "4 4",
          "data-edge": t.id + "-" + u,
        });
      }
    }
    // attacks this turn and the combat waiting for its defence
    const t = frame.turn;
    const arrows = el(g, "g", { class: "altay-attacks" });
    const arrow = (from, to, color, width, attrs) => {
      const [x1, y1] = pos[from];
      const [x2, y2] = pos[to];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      return el(arrows, "line", Object.assign({
        x1: x1 + ux * (R + 2), y1: y1 + uy * (R + 2), x2: x2 - ux * (R + 4), y2: y2 - uy * (R + 4),
        stroke: color, "stroke-width": width, "marker-end": "url(#" + ctx.prefix + "arrow)",
      }, attrs));
    };
    for (const [from, to] of t.attacked || []) {
      if (frame.combat.now && frame.combat.now.from === from && frame.combat.now.to === to) continue;
      arrow(from, to, "#333", 3, { "stroke-dasharray": "6 3", "data-attacked": from + "-" + to });
    }
    if (frame.combat.now) arrow(frame.combat.now.from, frame.combat.now.to, "#c0392b", 6, { "data-combat": frame.combat.now.from + "-" + frame.combat.now.to });
    // territories
    for (const info of terr) {
      const [x, y] = pos[info.id];
      const owner = frame.map.owner[info.id];
      const n = frame.map.settlements[info.id];
      const marker = frame.map.markers[info.id];
      const node = el(g, "g", {
        class: "altay-territory",
        "data-territory": info.id,
        "data-terrain": info.terrain,
        "data-in-play": info.in_play ? "true" : "false",
        "data-owner": owner >= 0 ? owner : "",
        "data-settlements": n,
        "data-marker": marker,
        "data-vp": info.vp,
      });
      const spec = TERRAIN[info.terrain];
      const ownerColor = owner >= 0 ? seats[owner].color : null;
      el(node, "path", {
        d: hexPath(x, y, R),
        fill: info.in_play ? spec.fill : "url(#" + ctx.prefix + "offplay)",
        stroke: ownerColor || (info.in_play ? "#4a4a4a" : "#bbb"),
        "stroke-width": ownerColor ? 4 : 1.5,
      });
      const ink = info.in_play ? "#222" : "#999";
      txt(node, x, y - 14, info.id + " " + spec.abbr, {
        "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ink,
      });
      tip(node, "territory " + info.id + ", " + info.terrain + (info.in_play ? "" : " (not in play)") +
        (owner >= 0 ? "; " + n + " settlement" + (n === 1 ? "" : "s") + " of " + seatLabel(seats, frame, owner) : "") +
        (marker ? "; conquest marker " + marker : "") + (info.vp ? "; VP marker +" + info.vp : ""));
      if (owner >= 0) {
        // one or two rows of houses: at most 4 settlements stand on a territory
        const size = 12;
        const gap = 2;
        const rows = n > 2 ? [Math.ceil(n / 2), Math.floor(n / 2)] : [n];
        rows.forEach((k, r) => {
          const total = k * size + (k - 1) * gap;
          const hy = rows.length > 1 ? y - 5 + r * 12 : y + 2;
          for (let i = 0; i < k; i++) {
            house(node, x - total / 2 + size / 2 + i * (size + gap), hy, size,
              "url(#" + ctx.prefix + "seat" + owner + ")", { "data-settlement": owner });
          }
        });
        txt(node, x, y + 25, seats[owner].label, {
          "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#111",
          stroke: "#fff", "stroke-width": 2.5, "paint-order": "stroke",
        });
      } else if (!info.in_play) {
        txt(node, x, y + 8, "out", { "text-anchor": "middle", "font-size": 10, fill: "#999" });
      }
      if (marker) {
        const mx = x + R * 0.78, my = y - R * 0.78;
        const m = el(node, "g", { class: "altay-marker", "data-conquest-marker": marker });
        el(m, "path", {
          d: "M" + mx + "," + (my - 11) + " L" + (mx + 12) + "," + my + " L" + mx + "," + (my + 11) + " L" + (mx - 12) + "," + my + " Z",
          fill: "#fff7e0", stroke: "#7a5c00", "stroke-width": 1.2,
        });
        txt(m, mx, my + 4, marker, { "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5a4300" });
        tip(m, "conquest marker of value " + marker[0] + (marker.length > 1 ? ", gives " + RES[marker[1]].name : ""));
      }
      if (info.vp && info.in_play) {
        const vx = x - R * 0.8, vy = y + R * 0.8;
        const v = el(node, "g", { class: "altay-vp-marker", "data-vp-marker": info.vp });
        el(v, "circle", { cx: vx, cy: vy, r: 9, fill: "#ffd54f", stroke: "#8a6d00" });
        txt(v, vx, vy + 3.5, "+" + info.vp, { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#4a3a00" });
        tip(v, "VP marker: +" + info.vp + " VP to who occupies it");
      }
    }
    drawTurnBox(g, statics, frame, seats, ctx, pos);
    drawLegend(g, statics, frame, box);
  }

  // What the player whose turn it is has done this turn, in the inland sea.
  function drawTurnBox(parent, statics, frame, seats, ctx, pos) {
    const t = frame.turn;
    const ring = [4, 15, 19, 13, 7, 14, 8, 10, 17, 22];
    let cx = 0, cy = 0;
    for (const i of ring) { cx += pos[i][0]; cy += pos[i][1]; }
    cx /= ring.length; cy /= ring.length;
    const lines = [];
    if (t.round && t.to_move !== null) {
      if (t.bought.length) lines.push(["bought", t.bought.join(", ")]);
      const used = [];
      statics.terrains.forEach((name, i) => { if (t.terrain_used[i]) used.push(name + " ×" + t.terrain_used[i]); });
      if (used.length) lines.push(["bonuses used", used.join(", ")]);
      if (t.attacked.length) lines.push(["attacked", t.attacked.map((a) => a[0] + "→" + a[1]).join(", ")]);
      if (t.abilities_used.length) lines.push(["used", t.abilities_used.join(", ")]);
      if (t.to_place) lines.push(["to place", t.to_place + " settlement" + (t.to_place > 1 ? "s" : "")]);
    }
    const g = el(parent, "g", { class: "altay-turn", "data-to-place": t.to_place, "data-bought": t.bought.join(",") });
    const w = 220;
    let y = cy - 52;
    if (t.round) {
      const whose = t.to_move === null ? "final position" : "turn of " + seatLabel(seats, frame, t.active);
      txt(g, cx, y, whose, {
        "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#24424f",
      });
      y += 18;
    }
    if (!lines.length && t.round && t.to_move !== null) {
      txt(g, cx, y, "nothing done yet this turn", { "text-anchor": "middle", "font-size": 11, fill: "#4f6b77" });
      y += 16;
    }
    for (const [label, value] of lines) {
      txt(g, cx, y, label + ": " + value, { "text-anchor": "middle", "font-size": 11, fill: "#24424f" });
      y += 15;
    }
    const c = frame.combat.now;
    if (c) {
      const box = el(g, "g", { class: "altay-combat", "data-attacker": c.attacker, "data-defender": c.defender });
      el(box, "rect", { x: cx - w / 2, y: y - 12, width: w, height: 36, rx: 5, fill: "#fdecea", stroke: "#c0392b" });
      txt(box, cx, y + 2, seats[c.attacker].label + " attacks " + c.to + " from " + c.from + ": strength " + c.attack, {
        "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#8e1b10",
      });
      txt(box, cx, y + 17, "(" + c.cards + " card" + (c.cards === 1 ? "" : "s") + "); " + seats[c.defender].label + " defends", {
        "text-anchor": "middle", "font-size": 11, fill: "#8e1b10",
      });
      y += 42;
    }
    const last = frame.combat.last;
    if (last) {
      let result;
      if (last.defender === null) result = "marker on " + last.to + " taken (" + last.attack + " > " + last.defence + ")";
      else {
        const how = last.surrendered ? "surrender" : last.attack + " vs " + last.defence;
        const won = last.winner === null ? "tie" : seats[last.winner].label + " won";
        result = last.from + "→" + last.to + ": " + how + ", " + won;
      }
      txt(g, cx, y, "last combat: " + result, {
        "text-anchor": "middle", "font-size": 11, fill: "#4f6b77", "data-last-combat": last.from + "-" + last.to,
      });
    }
  }

  function drawLegend(parent, statics, frame, box) {
    const g = el(parent, "g", { class: "altay-legend" });
    let y = box.y + box.h - 80;
    const x = box.x + 14;
    for (const name of statics.terrains) {
      const spec = TERRAIN[name];
      el(g, "path", { d: hexPath(x + 8, y - 4, 8), fill: spec.fill, stroke: "#555" });
      txt(g, x + 22, y, spec.abbr + " " + name, { "font-size": 11, fill: "#24424f" });
      y += 18;
    }
  }

  // ------------------------------------------------------------------------------- market
  function drawMarket(svg, statics, frame, ctx, box) {
    const g = el(svg, "g", { class: "altay-market" });
    el(g, "rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 8, fill: "#f7f3ea", stroke: "#cbbf9f" });
    txt(g, box.x + 12, box.y + 20, "Action cards", { "font-size": 13, "font-weight": 700, fill: "#4b3f22" });
    const perRow = 6;
    const cw = (box.w - 24 - (perRow - 1) * 6) / perRow;
    const ch = 40;
    frame.market.display.forEach(([count, top], i) => {
      const title = statics.shop[i];
      const x = box.x + 12 + (i % perRow) * (cw + 6);
      const y = box.y + 27 + Math.floor(i / perRow) * (ch + 5);
      const kind = top ? statics.kinds[top] : null;
      const c = el(g, "g", {
        class: "altay-stack", "data-card": title, "data-count": count, "data-top": top || "", "data-zone": "display",
      });
      el(c, "rect", { x: x, y: y, width: cw, height: ch, rx: 5, fill: count ? "#fffdf6" : "#eee", stroke: count ? "#a08d5c" : "#ccc" });
      txt(c, x + 6, y + 14, title, { "font-size": 11.5, "font-weight": 700, fill: count ? "#2b2414" : "#aaa" });
      txt(c, x + cw - 6, y + 33, "×" + count, { "text-anchor": "end", "font-size": 11, "font-weight": 700, fill: "#6b5a30" });
      if (kind) {
        costTokens(c, x + 5, y + 29, kind.cost, 6);
        if (kind.vp) {
          const v = el(c, "g", { "data-vp": kind.vp });
          el(v, "circle", { cx: x + cw - 12, cy: y + 10, r: 8, fill: "#ffd54f", stroke: "#8a6d00" });
          txt(v, x + cw - 12, y + 13.5, kind.vp, { "text-anchor": "middle", "font-size": 10, "font-weight": 700 });
        }
        tip(c, top + ": cost " + kind.cost + (kind.vp ? ", " + kind.vp + " VP" : "") + "; " + count + " left");
      } else {
        txt(c, x + 6, y + 32, "none left", { "font-size": 10.5, fill: "#aaa" });
      }
    });
    let y = box.y + 27 + 2 * (ch + 5) + 14;
    txt(g, box.x + 12, y, "Achievements", { "font-size": 13, "font-weight": 700, fill: "#4b3f22" });
    y += 19;
    const names = ["L1 technologies", "L2 technologies", "L3 wonders"];
    for (let level = 0; level < 3; level++) {
      const row = el(g, "g", { class: "altay-achievement-row", "data-level": level + 1, "data-deck": frame.market.decks[level] });
      txt(row, box.x + 12, y + 1, names[level], { "font-size": 11, fill: "#6b5a30" });
      let x = box.x + 112;
      for (const [name, count] of frame.market.achievements[level]) {
        const a = statics.achievements[name];
        const label = name + (count > 1 ? " ×" + count : "");
        const w = textWidth(label, 11, true) + 16 + a.cost.length * 11.5;
        const cg = el(row, "g", { class: "altay-achievement", "data-achievement": name, "data-level": level + 1, "data-count": count });
        el(cg, "rect", { x: x, y: y - 12, width: w, height: 19, rx: 4, fill: level === 2 ? "#fff4cf" : "#e8f1fb", stroke: level === 2 ? "#b89a2e" : "#6d8fb3" });
        txt(cg, x + 5, y + 2, label, { "font-size": 11, "font-weight": 700, fill: "#222" });
        costTokens(cg, x + 10 + textWidth(label, 11, true), y - 2.5, a.cost, 5);
        tip(cg, name + " (cost " + a.cost + "): " + a.effect);
        x += w + 6;
      }
      const deckText = "deck " + frame.market.decks[level];
      const d = txt(row, x + 4, y + 1, deckText, { "font-size": 11, fill: "#6b5a30" });
      if (frame.market.ach_decks) tip(d, "next (top first): " + (frame.market.ach_decks[level].join(", ") || "none"));
      y += 22;
    }
  }

  // ------------------------------------------------------------------------------- players
  function drawPlayer(svg, statics, frame, seats, ctx, seat, box) {
    const p = frame["p" + seat];
    const s = seats[seat];
    const t = frame.turn;
    const pool = counts(p.pool);
    const attrs = {
      class: "altay-player",
      "data-player": seat,
      "data-faction": p.faction || "",
      "data-vp": p.vp,
      "data-hand": p.sizes[0],
      "data-deck": p.sizes[1],
      "data-discard": p.sizes[2],
      "data-archive": p.sizes[3],
      "data-trashed": p.sizes[4],
      "data-supply": p.supply,
      "data-on-board": p.on_board,
      "data-removed": p.removed,
      "data-pool": p.pool,
      "data-coins": p.coins,
      "data-completed": p.completed.join(","),
      "data-developing": p.developing ? p.developing[0] : "",
      "data-secret": p.secret || "",
    };
    for (const r of "FWMSC") attrs["data-resource-" + r.toLowerCase()] = pool[r];
    if (p.score !== undefined) attrs["data-score"] = p.score;
    const g = el(svg, "g", attrs);
    const moving = t.to_move === seat;
    el(g, "rect", {
      x: box.x, y: box.y, width: box.w, height: box.h, rx: 8,
      fill: moving ? "#fffbe6" : "#fbfbfb", stroke: s.color, "stroke-width": moving ? 4 : 2,
    });
    el(g, "rect", { x: box.x, y: box.y, width: 8, height: box.h, fill: "url(#" + ctx.prefix + "seat" + seat + ")" });
    const x0 = box.x + 18;
    let y = box.y + 22;
    const row = Math.max(24, Math.min(34, (box.h - 56) / 5)); // rows spread over a taller panel
    // name line
    house(g, x0 + 9, y - 5, 18, "url(#" + ctx.prefix + "seat" + seat + ")");
    const you = ctx.eyes && ctx.eyes.kind === "seat" && ctx.eyes.seat === seat ? " (you)" : "";
    const name = s.label + " " + (p.faction || "(no faction yet)") + you;
    txt(g, x0 + 24, y, name, { "font-size": 15, "font-weight": 700, fill: "#111" });
    let nx = x0 + 24 + textWidth(name, 15, true) + 8;
    if (s.name && s.name !== s.label) {
      txt(g, nx, y, s.name, { "font-size": 12, fill: "#555" });
      nx += textWidth(s.name, 12) + 10;
    }
    if (t.round && t.first === seat) nx += chip(g, nx, y - 1, "first", { size: 10, fill: "#e3f2fd", stroke: "#90caf9" }).width + 6;
    if (moving) nx += chip(g, nx, y - 1, t.phase === "defend" ? "defends" : "to move", { size: 10, bold: true, fill: "#ffd866", stroke: "#e0a800" }).width + 6;
    const vpText = (p.score !== undefined ? "score " + p.score + " · " : "") + "VP on view " + p.vp;
    const vp = txt(g, box.x + box.w - 12, y, vpText, { "text-anchor": "end", "font-size": 13, "font-weight": 700, fill: "#333" });
    tip(vp, "VP everyone can count now: technologies, territories and VP markers, captured settlements and markers" +
      (p.score !== undefined ? "; score: the full provisional score" : ""));
    // the secret wonder: public once revealed; its owner (and the `all` eyes) know it before
    const own = p.cards ? p.cards.secret_wonder : null;
    const secret = p.secret || own;
    if (t.round || secret) {
      const state = secret ? (p.secret ? " (revealed)" : " (hidden from others)") : "";
      const fullText = "secret wonder " + (secret ? secret + state : "?");
      const sx = box.x + box.w - 12 - textWidth(vpText, 13, true) - 16;
      // the name line's chips come first: the longest form that fits the room they leave
      const room = sx - nx - 6;
      const forms = [fullText, "wonder " + (secret ? secret + (p.secret ? " (revealed)" : " (hidden)") : "?"), secret || "?"];
      let secretText = forms.find((f) => textWidth(f, 11) <= room);
      if (secretText === undefined) {
        secretText = forms[forms.length - 1];
        while (secretText.length > 1 && textWidth(secretText + "…", 11) > room) secretText = secretText.slice(0, -1);
        secretText += "…";
      }
      const st = txt(g, sx, y, secretText, {
        "text-anchor": "end", "font-size": 11, fill: secret ? "#7a5c00" : "#999", "data-secret-wonder": secret || "",
      });
      const a = secret ? statics.achievements[secret] : null;
      tip(st, fullText + (a ? ": cost " + a.cost + ", " + a.effect : ""));
    }
    // zones and settlements
    y += row - 3;
    const zoneNames = ["hand", "deck", "discard", "archive", "trashed"];
    let zx = x0;
    zoneNames.forEach((zone, i) => {
      if (zone === "trashed" && !p.sizes[i]) return;
      const c = chip(g, zx, y, zone + " " + p.sizes[i], { size: 11, fill: "#fff", stroke: "#bbb", attrs: { "data-zone-size": zone } });
      zx += c.width + 4;
    });
    zx += 8;
    const settle = p.supply + " in supply · " + p.on_board + " on " + p.territories + " territor" + (p.territories === 1 ? "y" : "ies") +
      (p.removed ? " · " + p.removed + " removed" : "");
    house(g, zx + 6, y - 4, 12, "url(#" + ctx.prefix + "seat" + seat + ")");
    txt(g, zx + 16, y, settle, { "font-size": 11, fill: "#333" });
    zx += 16 + textWidth(settle, 11) + 10;
    if (statics.trading) txt(g, zx, y, "coins " + p.coins, { "font-size": 11, "font-weight": 700, fill: "#7a5c00", "data-coins": p.coins });
    // pool and table
    y += row;
    txt(g, x0, y + 4, "pool", { "font-size": 11, fill: "#666" });
    const used = tokens(g, x0 + 30, y, p.pool, 8);
    if (!p.pool) txt(g, x0 + 30, y + 4, "empty", { "font-size": 11, fill: "#aaa" });
    let tx = x0 + 30 + Math.max(used, 40) + 14;
    txt(g, tx, y + 4, "table", { "font-size": 11, fill: "#666" });
    tx += 34;
    if (!p.table.length) txt(g, tx, y + 4, "-", { "font-size": 11, fill: "#aaa" });
    for (const [kind, placed] of p.table) {
      const c = chip(g, tx, y + 4, kind, { size: 11, fill: "#f1f8e9", stroke: "#8bc34a", extra: placed.length * 11.5 + 4, attrs: { "data-card": kind, "data-zone": "table", "data-placed": placed } });
      costTokens(c.g, tx + textWidth(kind, 11) + 10, y, placed, 5);
      tx += c.width + 5;
    }
    // achievements
    y += row;
    txt(g, x0, y, "done", { "font-size": 11, fill: "#666" });
    let ax = x0 + 34;
    if (!p.completed.length) { txt(g, ax, y, "-", { "font-size": 11, fill: "#aaa" }); ax += 14; }
    for (const name of p.completed) {
      const a = statics.achievements[name];
      const wonder = a && a.level === 3;
      const c = chip(g, ax, y, name, {
        size: 11, bold: true, fill: wonder ? "#fff4cf" : "#e8f1fb", stroke: wonder ? "#b89a2e" : "#6d8fb3",
        attrs: { "data-achievement": name, "data-zone": "completed" }, title: a ? name + ": " + a.effect : name,
      });
      ax += c.width + 4;
    }
    ax += 8;
    if (p.developing) {
      const [name, placed, carries] = p.developing;
      const a = statics.achievements[name];
      const label = "developing " + name;
      const c = chip(g, ax, y, label, {
        size: 11, dashed: true, fill: "#fff", stroke: "#6d8fb3", extra: (a ? a.cost.length : 0) * 11.5 + 4 + (carries ? 16 : 0),
        attrs: { "data-achievement": name, "data-zone": "developing", "data-placed": placed },
        title: name + ": has " + (placed || "nothing") + " of " + (a ? a.cost : "?") + (carries ? "; carries a settlement" : ""),
      });
      progressTokens(c.g, ax + textWidth(label, 11) + 10, y - 4, a ? a.cost : "", placed, 5);
      if (carries) house(c.g, ax + c.width - 10, y - 4, 10, "url(#" + ctx.prefix + "seat" + seat + ")");
      ax += c.width + 6;
    }
    // captures
    y += row - 1;
    txt(g, x0, y, "captured", { "font-size": 11, fill: "#666" });
    let cx = x0 + 54;
    const byseat = tally(p.captured.map(String));
    if (!p.captured.length && !p.markers.length) txt(g, cx, y, "-", { "font-size": 11, fill: "#aaa" });
    for (const [victim, n] of byseat) {
      const cg = el(g, "g", { "data-captured-from": victim, "data-count": n });
      house(cg, cx + 6, y - 4, 12, "url(#" + ctx.prefix + "seat" + victim + ")");
      txt(cg, cx + 14, y, "×" + n, { "font-size": 11 });
      tip(cg, n + " settlement" + (n > 1 ? "s" : "") + " captured from " + seats[victim].label);
      cx += 36;
    }
    p.markers.forEach((m) => {
      const mg = el(g, "g", { "data-captured-marker": m });
      el(mg, "path", { d: "M" + (cx + 9) + "," + (y - 13) + " l9,9 l-9,9 l-9,-9 z", fill: "#fff7e0", stroke: "#7a5c00" });
      txt(mg, cx + 9, y, m, { "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#5a4300" });
      cx += 21;
    });
    if (p.consumed) txt(g, cx + 6, y, "(" + p.consumed + " used by the Shaman)", { "font-size": 11, fill: "#666" });
    // the cards these eyes may see
    const all = ctx.eyes && ctx.eyes.kind === "all";
    if (p.cards) drawCards(g, p.cards, x0, y + row - 2, box.x + box.w - 12, seat, all);
    else drawBacks(g, p.sizes[0], x0, y + row - 2, seat, ctx);
  }

  // A hand these eyes may not see: its cards face down.
  function drawBacks(parent, n, x0, y, seat, ctx) {
    const g = el(parent, "g", { class: "altay-backs", "data-hidden-hand": n });
    txt(g, x0, y, "hand:", { "font-size": 10.5, fill: "#666" });
    for (let i = 0; i < n; i++) {
      el(g, "rect", {
        x: x0 + 36 + i * 13, y: y - 13, width: 11, height: 16, rx: 2,
        fill: "#6d5a3a", stroke: "#3b2f1c", "stroke-width": 1,
      });
      el(g, "rect", { x: x0 + 38 + i * 13, y: y - 11, width: 7, height: 12, rx: 1, fill: "none", stroke: "#c9b37e", "stroke-width": 0.8 });
    }
    txt(g, x0 + 42 + n * 13, y, n ? "face down" : "empty", { "font-size": 10.5, fill: "#999" });
  }

  // The hidden cards these eyes may see: a seat's own, or everyone's for the `all` eyes (who
  // see the deck in drawing order).
  function drawCards(parent, cards, x0, y, right, seat, inOrder) {
    const g = el(parent, "g", { class: "altay-cards", "data-cards-of": seat });
    let x = x0;
    for (const zone of ["hand", "archive", "discard", "deck", "trashed"]) {
      const names = cards[zone] || [];
      if (!names.length && zone !== "hand") continue;
      const label = (zone === "deck" && inOrder ? "deck, top first" : zone) + ":";
      if (x + textWidth(label, 10.5) + 40 > right) { x = x0; y += 17; }
      txt(g, x, y, label, { "font-size": 10.5, fill: "#666" });
      x += textWidth(label, 10.5) + 4;
      if (!names.length) { txt(g, x, y, "-", { "font-size": 10.5, fill: "#aaa" }); x += 14; }
      const list = zone === "deck" && inOrder ? names.map((n) => [n, 1]) : tally(names);
      for (const [name, n] of list) {
        const text = name + (n > 1 ? " ×" + n : "");
        const w = textWidth(text, 10.5) + 10;
        if (x + w > right) { x = x0 + 8; y += 17; }
        const c = el(g, "g", { "data-card": name, "data-zone": zone, "data-count": n, "data-player": seat });
        el(c, "rect", { x: x, y: y - 11, width: w, height: 15, rx: 3, fill: zone === "hand" ? "#fff" : "#f3f3f3", stroke: zone === "hand" ? "#777" : "#ccc" });
        txt(c, x + 5, y, text, { "font-size": 10.5, fill: zone === "hand" ? "#111" : "#555" });
        x += w + 3;
      }
      x += 10;
    }
  }

  // ------------------------------------------------------------------------------- entry
  function draw(root, statics, frame, ctx) {
    ctx = Object.assign({}, ctx || {});
    drawings += 1;
    ctx.prefix = "altay" + drawings + "-";
    while (root.firstChild) root.removeChild(root.firstChild);
    const n = statics.players;
    const seats = seatsOf(ctx, n);
    const svg = el(null, "svg", {
      xmlns: NS,
      viewBox: "0 0 " + W + " " + H,
      width: "100%",
      class: "altay-board",
      "data-game": "altay",
      "data-step": ctx.step === undefined ? "" : ctx.step,
      "data-eyes": ctx.eyes ? ctx.eyes.kind + (ctx.eyes.seat !== null && ctx.eyes.seat !== undefined ? ":" + ctx.eyes.seat : "") : "",
      "font-family": FONT,
      role: "img",
      "aria-label": "Altay board",
    });
    svg.style.display = "block";
    svg.style.maxWidth = "100%";
    svg.style.height = "auto";
    root.appendChild(svg);
    const defs = el(svg, "defs", {});
    seatPatterns(defs, seats, ctx.prefix);
    el(svg, "rect", { x: 0, y: 0, width: W, height: H, fill: "#fff" });
    drawHeader(svg, statics, frame, seats, ctx);
    const mapBox = { x: 8, y: 52, w: 640, h: 596 };
    drawMap(svg, statics, frame, seats, ctx, mapBox);
    drawMarket(svg, statics, frame, ctx, { x: 8, y: 656, w: 640, h: H - 664 });
    const px = 658;
    const gap = 8;
    const ph = (H - 52 - 8 - gap * (n - 1)) / n;
    for (let i = 0; i < n; i++) {
      drawPlayer(svg, statics, frame, seats, ctx, i, { x: px, y: 52 + i * (ph + gap), w: W - px - 8, h: ph });
    }
  }

  window.altayGames = window.altayGames || {};
  window.altayGames.altay = { draw: draw };
})();
