// Mammothodus drawn by the web viewer: the map as SVG (laid out by drawing.py from data.json),
// a side panel with the clans, the portal track, the decks and how close each way of losing is.
// Plain JavaScript, no library, no network. Every drawn fact carries data-* attributes that the
// browser tests compare with the engine's state.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  // landscape colours: a light fill and a strong ink; names outside these get a neutral pair
  const LAND = { red: "#f2b8a8", green: "#b5dcae", yellow: "#f5e3a1", blue: "#b3cfe8" };
  const INK = { red: "#b2182b", green: "#1b7837", yellow: "#a67c00", blue: "#2166ac" };
  const SHARD_FILL = ["#e6a100", "#7b8cde", "#d95f02", "#1b9e77", "#e7298a", "#66a61e"];
  const TRIBE = "#7a4b2a";
  const SPIRIT = "#6a3d9a";
  const GOLD = "#c99700";
  let uid = 0;

  const CSS = `
.mm{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start;font:13px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222}
.mm-map{flex:1 1 560px;max-width:880px;min-width:320px}
.mm-map svg{width:100%;height:auto;max-height:calc(100vh - 12px);display:block;margin:0 auto}
.mm-side{flex:1 1 340px;max-width:480px;display:flex;flex-direction:column;gap:8px}
.mm-box{background:#faf8f3;border:1px solid #ddd6c8;border-radius:6px;padding:6px 9px}
.mm-box h3{margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b5d45}
.mm-status{font-weight:600}
.mm-status .mm-result-won{color:#1b7837}.mm-status .mm-result-lost{color:#b2182b}
.mm-gauges{display:grid;grid-template-columns:1fr 1fr;gap:3px 16px}
.mm-gauge{display:grid;grid-template-columns:1fr auto;gap:1px 6px;align-items:center;font-size:12px}
.mm-gauge .mm-bar{grid-column:span 2}
.mm-bar{height:8px;background:#e9e4d8;border-radius:4px;position:relative;overflow:hidden}
.mm-bar i{position:absolute;left:0;top:0;bottom:0;border-radius:5px}
.mm-bar b{position:absolute;top:0;bottom:0;width:2px;background:#222}
.mm-gauge span:nth-child(2){text-align:right;font-variant-numeric:tabular-nums;font-weight:600}
.mm-clan{display:grid;grid-template-columns:30px 1fr;gap:0 8px;padding:3px 0;border-top:1px solid #eee6d6}
.mm-clan:first-of-type{border-top:0}
.mm-clan.mm-active .mm-name{text-decoration:underline}
.mm-clan svg{grid-row:span 2}
.mm-name{font-weight:600}
.mm-small{color:#555;font-size:12px}
.mm-card{display:inline-block;border:1px solid #bbb;border-radius:3px;padding:0 4px;margin:1px 2px 1px 0;font-size:11px;background:#fff}
.mm-portal{border-collapse:collapse;font-size:12px}
.mm-portal td,.mm-portal th{border:1px solid #e2dac8;padding:1px 4px;text-align:center}
.mm-portal th{font-weight:600;color:#6b5d45}
.mm-on{background:#fff1b8;font-weight:600}
.mm-todo{color:#888}
`;

  function svg(tag, attrs, parent, text) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }

  function html(tag, attrs, parent, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) if (attrs[k] !== undefined && attrs[k] !== null) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }

  function title(node, text) {
    svg("title", {}, node, text);
  }

  function seatOf(ctx, i) {
    const s = (ctx.seats || [])[i] || {};
    return {
      color: s.color || ["#d1495b", "#00798c", "#edae49", "#66a182"][i % 4],
      pattern: s.pattern || "solid",
      label: s.label || "P" + i,
      name: s.name || "",
    };
  }

  // one fill pattern per seat (colour plus a texture: seats differ without colour)
  function patterns(defs, ctx, n, prefix) {
    for (let i = 0; i < n; i++) {
      const s = seatOf(ctx, i);
      const p = svg("pattern", { id: prefix + "p" + i, patternUnits: "userSpaceOnUse", width: 6, height: 6 }, defs);
      svg("rect", { width: 6, height: 6, fill: s.color }, p);
      const ink = { stroke: "rgba(255,255,255,.75)", "stroke-width": 1.4, fill: "none" };
      if (s.pattern === "stripes") svg("path", { d: "M-1,7 L7,-1", ...ink }, p);
      else if (s.pattern === "dots") svg("circle", { cx: 3, cy: 3, r: 1.3, fill: "rgba(255,255,255,.8)" }, p);
      else if (s.pattern === "cross") svg("path", { d: "M-1,7 L7,-1 M-1,-1 L7,7", ...ink }, p);
      else if (s.pattern === "waves") svg("path", { d: "M0,3 Q1.5,0 3,3 T6,3", ...ink }, p);
      else if (s.pattern === "grid") svg("path", { d: "M3,0 V6 M0,3 H6", ...ink }, p);
    }
  }

  function landFill(c) {
    return LAND[c] || "#ece7dc";
  }
  function landInk(c) {
    return INK[c] || "#555";
  }
  function letter(c) {
    return c ? c.charAt(0).toUpperCase() : "";
  }

  // lay items of given widths out in centred rows, returning [x, y] per item
  function rows(widths, maxWidth, y0, rowHeight) {
    const out = [];
    let row = [];
    let width = 0;
    const lines = [];
    widths.forEach((w, i) => {
      if (row.length && width + w > maxWidth) {
        lines.push([row, width]);
        row = [];
        width = 0;
      }
      row.push(i);
      width += w;
    });
    if (row.length) lines.push([row, width]);
    const top = y0 - ((lines.length - 1) * rowHeight) / 2;
    lines.forEach(([items, w], k) => {
      let x = -w / 2;
      for (const i of items) {
        out[i] = [x + widths[i] / 2, top + k * rowHeight];
        x += widths[i];
      }
    });
    return out;
  }

  function shardColour(statics, type) {
    const i = statics.shard_types.indexOf(type);
    return SHARD_FILL[(i < 0 ? 0 : i) % SHARD_FILL.length];
  }

  function shardGlyph(g, statics, x, y, type, closed, size) {
    const s = size || 9;
    const fill = closed ? "#9a958a" : shardColour(statics, type);
    const d = `M${x},${y - s} L${x + s},${y} L${x},${y + s} L${x - s},${y} Z`;
    svg("path", { d, fill, stroke: closed ? "#5c584f" : "#333", "stroke-width": 1, "stroke-dasharray": closed && type ? "2 1.5" : null }, g);
    const label = closed && !type ? "?" : (statics.shard_short || {})[type] || letter(type);
    svg("text", { x, y: y + 3.3, "font-size": 8.5, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, g, label);
  }

  function drawMap(host, statics, frame, ctx, prefix) {
    const box = statics.box;
    const root = svg("svg", { viewBox: `0 0 ${box} ${box}`, role: "img", "aria-label": "Mammothodus map" }, host);
    const defs = svg("defs", {}, root);
    patterns(defs, ctx, statics.clans.length, prefix);
    const mid = box / 2;
    const T = {};
    statics.territories.forEach((t) => (T[t.id] = t));

    // rings, sectors and region names
    const back = svg("g", { class: "mm-back" }, root);
    const outer = statics.rings.length ? statics.rings[statics.rings.length - 1] : 0;
    statics.rings.forEach((r) => svg("circle", { cx: mid, cy: mid, r, fill: "none", stroke: "#e3dccb", "stroke-width": 1.5, "stroke-dasharray": "6 6" }, back));
    const inner = statics.territories.find((t) => t.centre);
    statics.regions.forEach((reg, i) => {
      if (reg.a0 !== null && reg.a0 !== undefined && statics.regions.length > 1) {
        const a = ((reg.a0 - 90) * Math.PI) / 180;
        const r0 = inner ? inner.r + 6 : 20;
        const r1 = outer + 80;
        svg("line", { x1: mid + r0 * Math.cos(a), y1: mid + r0 * Math.sin(a), x2: mid + r1 * Math.cos(a), y2: mid + r1 * Math.sin(a), stroke: "#a89a7c", "stroke-width": 2, "stroke-dasharray": "2 7", "stroke-linecap": "round" }, back);
      }
      const side = Math.abs(reg.x - mid) > Math.abs(reg.y - mid);
      const turn = side ? (reg.x > mid ? 90 : -90) : 0;
      const tx = svg("text", { x: 0, y: 7, "font-size": 20, "font-weight": 700, "text-anchor": "middle", fill: "#8a7a5a", "letter-spacing": 3, "data-region": reg.name, transform: `translate(${reg.x},${reg.y}) rotate(${turn})` }, back, reg.title.toUpperCase());
      title(tx, "region " + reg.name);
    });

    // neighbour edges
    const edges = svg("g", { class: "mm-edges" }, root);
    statics.edges.forEach(([a, b]) => {
      const A = T[a];
      const B = T[b];
      svg("line", { x1: A.x, y1: A.y, x2: B.x, y2: B.y, stroke: "#8d8371", "stroke-width": 3, "stroke-opacity": 0.45, "data-edge": a + "-" + b }, edges);
    });

    // what each territory holds
    const tribes = frame.tribes;
    const spirits = {};
    frame.spirits.forEach(([t, name]) => (spirits[t] = spirits[t] || []).push(name));
    const figs = {};
    frame.figs.forEach((f) => (figs[f[2]] = figs[f[2]] || []).push(f));
    const shards = {};
    frame.shards.forEach((s) => (shards[s[0]] = s));
    const tokens = {};
    frame.marks.tokens.forEach(([t, clan, talent]) => (tokens[t] = tokens[t] || []).push([clan, talent]));
    const place = {};
    frame.marks.places.forEach((t, line) => {
      if (t !== null && t !== undefined) place[t] = line;
    });
    const trails = new Set(frame.marks.trails);
    const guarded = new Set(frame.marks.protected);

    const layer = svg("g", { class: "mm-territories" }, root);
    statics.territories.forEach((t) => {
      const g = svg("g", {
        "data-territory": t.id,
        "data-region": t.region === null ? "" : t.region,
        "data-color": t.color || "",
        "data-tribes": tribes[t.id] || 0,
        "data-spirits": (spirits[t.id] || []).length,
        "data-trail": trails.has(t.id) ? "open" : "",
        "data-place": t.id in place ? place[t.id] : "",
        transform: `translate(${t.x},${t.y})`,
      }, layer);
      const r = t.r;
      const active = t.id in place;
      svg("circle", { r, fill: t.centre ? "#efe6d2" : landFill(t.color), stroke: active ? GOLD : t.centre ? "#a89a7c" : landInk(t.color), "stroke-width": active ? 7 : 3 }, g);
      if (guarded.has(t.id)) svg("circle", { r: r - 6, fill: "none", stroke: "#2b6cb0", "stroke-width": 2.5, "stroke-dasharray": "5 4", "data-protected": t.id }, g);
      title(g, (t.centre ? "the centre" : `T${t.id}, ${t.color}, region ${t.region}`) + (t.ring ? `, ${t.ring} ring` : ""));

      // trail mark at the top left (an open trail, or a numbered slot where one may open)
      const tx = -0.72 * r;
      const ty = -0.7 * r;
      if (trails.has(t.id)) {
        const m = svg("g", { "data-trail-mark": t.id, transform: `translate(${tx},${ty})` }, g);
        svg("rect", { x: -17, y: -10, width: 34, height: 20, rx: 9, fill: TRIBE, stroke: "#fff", "stroke-width": 1.5 }, m);
        svg("text", { y: 4.5, "font-size": 12, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, m, "trail");
        title(m, "an open human trail");
      } else if (t.trail_no) {
        const m = svg("g", { "data-trail-slot": t.trail_no, transform: `translate(${tx},${ty})` }, g);
        svg("circle", { r: 9, fill: "#fff", stroke: TRIBE, "stroke-width": 1.5, "stroke-dasharray": "3 2" }, m);
        svg("text", { y: 4, "font-size": 11, "text-anchor": "middle", fill: TRIBE }, m, t.trail_no);
        title(m, `trail token ${t.trail_no} opens a trail here`);
      }
      if (active) {
        const m = svg("g", { "data-place-mark": place[t.id], "data-territory": t.id, "data-active": "true", transform: `translate(${0.72 * r},${-0.7 * r})` }, g);
        const pts = [];
        for (let k = 0; k < 10; k++) {
          const rr = k % 2 ? 6.5 : 15;
          const a = (k * Math.PI) / 5 - Math.PI / 2;
          pts.push((rr * Math.cos(a)).toFixed(1) + "," + (rr * Math.sin(a)).toFixed(1));
        }
        svg("polygon", { points: pts.join(" "), fill: GOLD, stroke: "#5a4400", "stroke-width": 1.2 }, m);
        svg("text", { y: 4, "font-size": 10, "text-anchor": "middle", fill: "#fff", "font-weight": 700 }, m, place[t.id] + 1);
        title(m, `place of power of portal line ${place[t.id] + 1}`);
      }

      // contents, drawn for a disc of radius 60 and scaled to the real one (bigger centre)
      const k = Math.min(r, 84) / 60;
      const c = svg("g", { transform: `scale(${k.toFixed(3)})` }, g);
      const R = r / k;
      const room = 2 * R - 14;
      const yTop = -0.6 * R;
      svg("text", { y: yTop, "font-size": 14, "font-weight": 700, "text-anchor": "middle", fill: "#3b3325" }, c, t.centre ? "Centre" : `T${t.id} ${letter(t.color)}`);

      // humans: tribes (a hut and a count) and spirits
      const human = [];
      const nTribes = tribes[t.id] || 0;
      if (nTribes) human.push(["tribe", nTribes, 50]);
      (spirits[t.id] || []).forEach((name) => human.push(["spirit", name, 26]));
      const hp = rows(human.map((h) => h[2]), room - 10, t.centre ? -0.36 * R : -0.22 * R, 24);
      human.forEach((h, i) => {
        const [x, y] = hp[i];
        if (h[0] === "tribe") {
          const m = svg("g", { "data-tribes-marker": t.id, "data-count": h[1], transform: `translate(${x},${y})` }, c);
          svg("path", { d: "M-22,7 L-22,-2 L-14,-10 L-6,-2 L-6,7 Z", fill: TRIBE, stroke: "#3d2613", "stroke-width": 1 }, m);
          svg("text", { x: -2, y: 6, "font-size": 15, "font-weight": 700, fill: "#3d2613" }, m, "×" + h[1]);
          title(m, `${h[1]} human tribe${h[1] > 1 ? "s" : ""}`);
        } else {
          const m = svg("g", { "data-spirit": h[1], "data-territory": t.id, transform: `translate(${x},${y})` }, c);
          svg("path", { d: "M-10,9 L-10,-2 A10,10 0 0 1 10,-2 L10,9 L6,5 L3,9 L0,5 L-3,9 L-6,5 Z", fill: SPIRIT, stroke: "#2d1846", "stroke-width": 1 }, m);
          svg("text", { y: 3, "font-size": 10, "font-weight": 700, "text-anchor": "middle", fill: "#fff" }, m, (statics.spirit_short || {})[h[1]] || letter(h[1]));
          title(m, "spirit " + h[1]);
        }
      });

      // figurines: clan half (colour, pattern, initials) and bonus half (colour and action letter)
      const here = figs[t.id] || [];
      const fp = rows(here.map(() => 37), room, t.centre ? 0.1 * R : 0.17 * R, 24);
      here.forEach((f, i) => {
        const [clan, colour, , carries, acted] = f;
        const [x, y] = fp[i];
        const s = seatOf(ctx, clan);
        const m = svg("g", {
          "data-figurine": clan + ":" + colour,
          "data-clan": clan,
          "data-territory": t.id,
          "data-carries": carries || "",
          "data-acted": acted ? "true" : "false",
          transform: `translate(${x},${y})`,
          opacity: acted ? 0.55 : 1,
        }, c);
        svg("rect", { x: -17.5, y: -10, width: 35, height: 20, rx: 4, fill: landInk(colour) }, m);
        svg("rect", { x: -17.5, y: -10, width: 22, height: 20, rx: 4, fill: `url(#${prefix}p${clan})` }, m);
        svg("rect", { x: -17.5, y: -10, width: 35, height: 20, rx: 4, fill: "none", stroke: "#1d1d1d", "stroke-width": 1.4, "stroke-dasharray": acted ? "3 2" : null }, m);
        svg("text", { x: -6.5, y: 4.3, "font-size": 11, "font-weight": 800, "text-anchor": "middle", fill: "#fff", stroke: "#000", "stroke-width": 2.4, "paint-order": "stroke" }, m, statics.clan_short[clan] || clan);
        const act = (statics.colors[colour] || {}).action || colour;
        svg("text", { x: 11, y: 4.3, "font-size": 11.5, "font-weight": 800, "text-anchor": "middle", fill: "#fff" }, m, letter(act));
        if (carries) shardGlyph(m, statics, 16, -11, carries, false, 7.5);
        title(m, `${statics.clans[clan]} (${s.label}): ${colour} figurine (${act})` + (carries ? `, carrying a ${carries} shard` : "") + (acted ? ", has acted" : ""));
      });

      // shards lying here (open by type, face down as "?") and talent tokens
      const sh = shards[t.id];
      const small = [];
      if (sh) {
        sh[1].forEach((type) => small.push(["open", type]));
        for (let j = 0; j < sh[2]; j++) small.push(["closed", sh[3] ? sh[3][j] : null]);
      }
      (tokens[t.id] || []).forEach(([clan, talent]) => small.push(["token", clan, talent]));
      const sp = rows(small.map(() => 20), room - 24, t.centre ? 0.66 * R : 0.6 * R, 19);
      small.forEach((it, i) => {
        const [x, y] = sp[i];
        if (it[0] === "token") {
          const m = svg("g", { "data-token": it[2], "data-clan": it[1], "data-territory": t.id, transform: `translate(${x},${y})` }, c);
          svg("rect", { x: -8, y: -8, width: 16, height: 16, rx: 2, fill: `url(#${prefix}p${it[1]})`, stroke: "#1d1d1d", "stroke-width": 1.2 }, m);
          svg("text", { y: 3.5, "font-size": 9, "font-weight": 800, "text-anchor": "middle", fill: "#fff", stroke: "#000", "stroke-width": 2, "paint-order": "stroke" }, m, (statics.talent_short || {})[it[2]] || letter(it[2]));
          title(m, `${statics.clans[it[1]]}'s ${it[2].replace(/_/g, " ")} token`);
        } else {
          const m = svg("g", { "data-shard": it[0] === "open" ? it[1] : "closed", "data-territory": t.id, "data-type": it[1] || "" }, c);
          shardGlyph(m, statics, x, y, it[1], it[0] === "closed", 9);
          title(m, it[0] === "open" ? `an open ${it[1]} shard` : it[1] ? `a face-down shard (${it[1]})` : "a face-down shard");
        }
      });
    });

    // legend
    const lg = svg("g", { class: "mm-legend", transform: `translate(${box - 196},${box - 92})` }, root);
    svg("rect", { x: -8, y: -16, width: 200, height: 104, rx: 6, fill: "#fffdf8", stroke: "#ddd6c8" }, lg);
    const item = (y, draw, text) => {
      const g = svg("g", { transform: `translate(12,${y})` }, lg);
      draw(g);
      svg("text", { x: 38, y: y + 4, "font-size": 12, fill: "#444" }, lg, text);
    };
    item(0, (g) => svg("path", { d: "M-8,7 L-8,-2 L0,-10 L8,-2 L8,7 Z", fill: TRIBE }, g), "human tribes (×count)");
    item(20, (g) => svg("path", { d: "M-8,8 L-8,-1 A8,8 0 0 1 8,-1 L8,8 L4,5 L0,8 L-4,5 Z", fill: SPIRIT }, g), "spirit");
    item(40, (g) => {
      svg("rect", { x: -13, y: -8, width: 27, height: 16, rx: 3, fill: INK.red, stroke: "#1d1d1d" }, g);
      svg("rect", { x: -13, y: -8, width: 15, height: 16, rx: 3, fill: "#777" }, g);
      svg("text", { x: -5.5, y: 3.5, "font-size": 9, "font-weight": 800, "text-anchor": "middle", fill: "#fff" }, g, "M");
      svg("text", { x: 8, y: 3.5, "font-size": 9, "font-weight": 800, "text-anchor": "middle", fill: "#fff" }, g, "A");
    }, "figurine: clan | its action");
    item(60, (g) => shardGlyph(g, statics, 0, 0, statics.shard_types[0], false, 8), "shard (? face down)");
    item(80, (g) => svg("polygon", { points: "0,-10 2.8,-3 10,-3 4.5,1.5 6.5,9 0,4.5 -6.5,9 -4.5,1.5 -10,-3 -2.8,-3", fill: GOLD }, g), "active place of power");
  }

  function gauge(parent, key, label, value, limit, text, opts) {
    const row = html("div", { class: "mm-gauge", "data-danger": key, "data-value": value, "data-limit": limit }, parent);
    html("span", {}, row, label);
    html("span", {}, row, text);
    const bar = html("div", { class: "mm-bar" }, row);
    const o = opts || {};
    const lo = o.lo || 0;
    const frac = Math.max(0, Math.min(1, (value - lo) / Math.max(1e-9, limit - lo)));
    const danger = o.danger !== undefined ? o.danger : frac;
    const colour = danger >= 0.85 ? "#c0392b" : danger >= 0.6 ? "#e08e0b" : "#3c8d40";
    html("i", { style: `width:${(frac * 100).toFixed(1)}%;background:${colour}` }, bar);
    if (o.mark !== undefined) html("b", { style: `left:${(((o.mark - lo) / (limit - lo)) * 100).toFixed(1)}%` }, bar);
    if (o.tip) row.title = o.tip;
    return row;
  }

  function cards(parent, list) {
    list.forEach((c) => html("span", { class: "mm-card", "data-card": c }, parent, c));
  }

  function drawSide(host, statics, frame, ctx, prefix) {
    const side = html("div", { class: "mm-side" }, host);
    const turn = frame.turn;
    const names = statics.clans;
    const L = statics.limits;

    // the turn and the decision
    const st = html("div", { class: "mm-box mm-status", "data-turn": turn.n, "data-phase": turn.phase, "data-active": turn.active }, side);
    if (turn.result) {
      html("span", { class: "mm-result-" + turn.result[0], "data-result": turn.result[0] }, st, `The Ancients ${turn.result[0]}: ${turn.result[1].replace(/_/g, " ")}`);
      html("div", { class: "mm-small" }, st, `after ${turn.n} turns`);
    } else if (turn.phase === "setup") {
      html("span", {}, st, "Set-up: each clan chooses its starting figurines");
    } else {
      html("span", {}, st, `Turn ${turn.n} · ${names[turn.active]} (${seatOf(ctx, turn.active).label})`);
    }
    if (!turn.ask && turn.to_move !== null && turn.to_move !== undefined) {
      html("div", { class: "mm-small", "data-seat": turn.to_move }, st, `${names[turn.to_move]} (${seatOf(ctx, turn.to_move).label}) decides`);
    }
    if (turn.ask) {
      const who = turn.ask.seat === turn.active ? names[turn.ask.seat] : `${names[turn.ask.seat]} (out of turn)`;
      html("div", { class: "mm-small", "data-ask": turn.ask.purpose, "data-seat": turn.ask.seat }, st, `${who} decides: ${turn.ask.purpose}${turn.ask.optional ? " (may pass)" : ""}`);
      if (turn.ask.prompt) html("div", { class: "mm-small" }, st, turn.ask.prompt);
    }

    // how close each way of losing is
    const dz = html("div", { class: "mm-box" }, side);
    html("h3", {}, dz, "How close to losing");
    const gz = html("div", { class: "mm-gauges" }, dz);
    const d = frame.danger;
    gauge(gz, "tribes", "Tribes on the map", d.tribes, L.tribes, `${d.tribes} / ${L.tribes}`, { tip: `the team loses when tribe ${L.tribes + 1} must appear` });
    gauge(gz, "spirits", "Spirits on the map", d.spirits, L.spirits, `${d.spirits} / ${L.spirits}`, { tip: `the team loses when spirit ${L.spirits + 1} must appear` });
    gauge(gz, "trails", "Trail tokens used", d.trails, L.trails, `${d.trails} / ${L.trails}`, { tip: "the team loses when a trail must open and no token is left" });
    gauge(gz, "degradation", "Degradation cards taken", d.degradation, L.degradation, `${d.degradation} / ${L.degradation}`, { tip: "the team loses when a degradation card must be taken and none is left" });
    gauge(gz, "turns", "Turns", d.turns, L.turns, `${d.turns} / ${L.turns}`, { danger: d.turns / L.turns, tip: "the team loses at the turn limit" });
    if (L.adaptation !== null && L.adaptation !== undefined && d.adaptation !== null) {
      gauge(gz, "adaptation", "Adaptation deck", d.adaptation, L.adaptation, `${d.adaptation} left`, { danger: d.adaptation ? 0 : 1, tip: "the team loses when the market must be refilled from an empty deck" });
    }
    if (L.portal !== null && L.portal !== undefined && d.portal !== null) {
      gauge(gz, "portal", "Portal fragments open", d.portal, L.portal, `${d.portal} / ${L.portal}`, { tip: "the team loses at a reshuffle with every fragment open" });
    }
    const P = L.population;
    d.population.forEach((pop, i) => {
      // the population track from the immediate-loss floor to its top; the bar marks 0, where a
      // generation change loses
      const danger = pop < P.lose_below ? 1 : pop <= P.exhausted_at ? 0.9 : pop <= P.exhausted_at + P.per_figurine ? 0.65 : 0;
      const tip = `loses at a generation change with ${P.exhausted_at} or less, at once below ${P.lose_below}`;
      const row = gauge(gz, "population", `${names[i]}: population`, pop, P.max, `${pop}`, { lo: P.lose_below, mark: P.exhausted_at, danger, tip });
      row.setAttribute("data-clan", i);
    });

    // the clans
    const cb = html("div", { class: "mm-box" }, side);
    html("h3", {}, cb, "Clans");
    frame.clans.forEach((c, i) => {
      const s = seatOf(ctx, i);
      const row = html("div", {
        class: "mm-clan" + (i === turn.active ? " mm-active" : ""),
        "data-clan": i,
        "data-population": c.pop,
        "data-hand-size": c.hand,
        "data-deck": c.deck,
        "data-discard": c.discard.length,
        "data-degradation": c.deg,
        "data-talent": c.talent || "",
        "data-tokens": c.tokens === undefined ? "" : c.tokens,
      }, cb);
      const sw = svg("svg", { width: 28, height: 28, viewBox: "0 0 28 28" }, row);
      svg("rect", { x: 1, y: 1, width: 26, height: 26, rx: 5, fill: `url(#${prefix}p${i})`, stroke: "#222" }, sw);
      svg("text", { x: 14, y: 18.5, "font-size": 12, "font-weight": 800, "text-anchor": "middle", fill: "#fff", stroke: "#000", "stroke-width": 2.2, "paint-order": "stroke" }, sw, statics.clan_short[i]);
      const head = html("div", {}, row);
      html("span", { class: "mm-name" }, head, `${s.label} ${names[i]}`);
      const facts = [`pop ${c.pop} (${c.supports} fig.)`, `degradation ${c.deg}`];
      if (c.talent !== undefined) facts.push(c.talent ? `${c.talent.replace(/_/g, " ")} ×${c.tokens}` : "no talent yet");
      if (c.off.length) facts.push("off: " + c.off.join(", "));
      html("span", { class: "mm-small" }, head, "  " + facts.join(" · "));
      const hand = html("div", { class: "mm-small" }, row);
      hand.appendChild(document.createTextNode(`hand ${c.hand}${c.cards ? ":" : ""} `));
      if (c.cards) cards(hand, c.cards);
      hand.appendChild(document.createTextNode(` · deck ${c.deck} · discard ${c.discard.length}`));
    });

    // the portal track: a line per place of power, a column per open fragment
    const pb = html("div", { class: "mm-box" }, side);
    html("h3", {}, pb, "Portal track");
    const table = html("table", { class: "mm-portal", "data-portal-open": frame.portal.open.length, "data-portal-closed": frame.portal.closed }, pb);
    const hr = html("tr", {}, table);
    html("th", {}, hr, "line");
    frame.portal.ids.forEach((id) => html("th", { "data-fragment": id }, hr, "#" + id));
    html("th", {}, hr, `${frame.portal.closed} closed`);
    html("th", {}, hr, "place");
    for (let line = 0; line < statics.lines; line++) {
      const tr = html("tr", { "data-portal-line": line }, table);
      html("th", {}, tr, line + 1);
      frame.portal.open.forEach((frag) => {
        const [kind, value] = frag[line].split(":");
        const td = html("td", { "data-cell": frag[line] }, tr);
        if (kind === "shard") {
          const s = svg("svg", { width: 18, height: 18, viewBox: "-9 -9 18 18" }, td);
          shardGlyph(s, statics, 0, 0, value, false, 8);
          td.title = value + " shard";
        } else if (kind === "color") {
          td.textContent = value;
          td.style.background = landFill(value);
        } else td.textContent = "region " + value;
      });
      html("td", { class: "mm-todo" }, tr, "…");
      const where = frame.marks.places[line];
      html("td", { class: where === null ? "mm-todo" : "mm-on", "data-place": line, "data-active": where === null ? "false" : "true", "data-territory": where === null ? "" : where }, tr, where === null ? "not active" : where === statics.centre ? "★ centre" : `★ T${where}`);
    }

    // the decks and supplies
    const sb = html("div", { class: "mm-box" }, side);
    html("h3", {}, sb, "Decks and supplies");
    const sp = frame.supply;
    const line = (key, text, size, extra) => {
      const div = html("div", { class: "mm-small", "data-deck": key, "data-size": size }, sb, text);
      if (extra && extra.length) cards(div, extra);
      return div;
    };
    const left = Object.entries(sp.human_left).map(([k, n]) => `${k.replace(/_/g, " ")} ${n}`).join(", ");
    line("human", `Humans' deck: ${sp.human} (${left || "empty"}); revealed: ${sp.human_discard.length ? "" : "none"}`, sp.human, sp.human_discard);
    line("spirits", `Spirits in the supply: ${sp.spirits.length}${sp.spirit_next ? `, face up on top: ${sp.spirit_next}` : ""} `, sp.spirits.length, sp.spirits);
    line("trail_tokens", `Trail tokens left: ${sp.trail_tokens}`, sp.trail_tokens);
    line("adaptation", `Adaptation deck: ${sp.adaptation}; market: `, sp.adaptation, sp.market);
    line("degradation", `Degradation cards left: ${sp.degradation}`, sp.degradation);
    if (statics.discoveries) line("discoveries", `Discoveries: ${sp.discoveries.length ? "" : "none yet"}`, sp.discoveries.length, sp.discoveries.map((x) => x.replace(/_/g, " ")));
  }

  function draw(root, statics, frame, ctx) {
    root.textContent = "";
    const prefix = "mm" + ++uid + "-";
    html("style", {}, root, CSS);
    const host = html("div", { class: "mm", "data-game": "mammothodus", "data-eyes": ((ctx || {}).eyes || {}).kind || "" }, root);
    const map = html("div", { class: "mm-map" }, host);
    drawMap(map, statics, frame, ctx || {}, prefix);
    drawSide(host, statics, frame, ctx || {}, prefix);
  }

  window.altayGames = window.altayGames || {};
  window.altayGames.mammothodus = { draw };
})();
