/* Innovation's drawing for the altay web viewer (altay_cli/engine/innovation/drawing.py makes
   the frames). Plain modern JavaScript, no library, no network: HTML and inline SVG into `root`.

   Drawn per player: the five colour piles (the top card's title, age and icons; the pile's size;
   its splay as an arrow with the icons the splay shows), the icon totals, the hand and the score
   pile by age (card backs with their age where the eyes may not see the title), achievements;
   and the supply, the achievements still on the table, the turn, the dogma and the decision in
   progress. Every drawn fact carries data-* attributes for the browser tests. */
(function () {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const CARD = { blue: "#2f6db5", red: "#c0392b", green: "#2e8b46", yellow: "#d4a010", purple: "#8646a3" };
  const TINT = { blue: "#dde8f7", red: "#f8dfdb", green: "#dcf0e1", yellow: "#fbf1d2", purple: "#efe1f6" };
  const ICON_BG = {
    crown: "#c39a00", leaf: "#3a8d3a", lightbulb: "#8a4fb0",
    castle: "#6b6b6b", factory: "#a4502a", clock: "#2f6db5",
  };
  const ARROW = { left: "\u2190", right: "\u2192", up: "\u2191" };
  const MAX_UNDER = 5; // covered cards listed under a pile (then "+N more")
  const STYLE = `
.inno{font:13px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#f3efe6;
  padding:8px;box-sizing:border-box;display:flex;flex-direction:column;gap:8px;min-width:0}
.inno *{box-sizing:border-box}
.inno-top{display:flex;flex-direction:column;gap:6px}
.inno-box{background:#fff;border:1px solid #d8d2c4;border-radius:8px;padding:6px 10px}
.inno-status{display:flex;flex-direction:column;gap:3px;justify-content:center;min-height:62px}
.inno-status .inno-headline{font-size:15px;font-weight:600;display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.inno-progress{color:#333;display:flex;gap:6px;align-items:center;flex-wrap:wrap;min-width:0}
.inno-progress.decision{flex-wrap:nowrap}
.inno-progress.idle{color:#999}
.inno-text{color:#555;font-style:italic;flex:1 1 0;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.inno-prompt{color:#7a4b00;flex:0 1 auto;max-width:55%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.inno-progress.decision>.inno-row{flex:0 0 auto}
.inno-table{display:flex;gap:18px;align-items:center;flex-wrap:wrap}
.inno-label{font-size:11px;color:#777;text-transform:uppercase;letter-spacing:.04em;margin-right:4px}
.inno-row{display:flex;gap:3px;align-items:center;flex-wrap:wrap}
.inno-stack{width:26px;height:34px;border-radius:4px;background:#3b4150;color:#fff;display:flex;flex-direction:column;
  align-items:center;justify-content:center;box-shadow:2px 2px 0 -1px #f3efe6,2px 2px 0 0 #3b4150;line-height:1.05}
.inno-stack b{font-size:13px}.inno-stack small{font-size:9px;opacity:.8}
.inno-stack.empty{background:#e4dfd3;color:#999;box-shadow:none}
.inno-ach{width:22px;height:28px;border-radius:4px;border:2px solid #8a7a4a;background:#f6edcf;color:#5a4a1a;
  font-weight:700;display:flex;align-items:center;justify-content:center;font-size:12px}
.inno-special{padding:2px 6px;border-radius:10px;border:1px solid #8a7a4a;background:#f6edcf;font-size:11px;
  display:inline-flex;align-items:center;gap:4px}
.inno-special.won{background:#fff;border-style:dashed;color:#666}
.inno-players{display:grid;grid-template-columns:repeat(auto-fit,minmax(600px,1fr));gap:8px}
.inno-player{background:#fff;border:2px solid var(--seat);border-radius:8px;padding:6px 8px;display:flex;
  flex-direction:column;gap:5px;min-width:0}
.inno-player.to-move{box-shadow:0 0 0 3px var(--seat)}
.inno-head{display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.inno-name{font-weight:700;font-size:14px}
.inno-seat-name{max-width:220px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.inno-tag{font-size:11px;padding:1px 6px;border-radius:9px;background:var(--seat);color:#fff}
.inno-tag.plain{background:#eee;color:#444}
.inno-score{margin-left:auto;display:flex;gap:10px;align-items:center}
.inno-icons{display:flex;gap:8px;align-items:center}
.inno-count{display:inline-flex;align-items:center;gap:2px;font-weight:700;font-size:13px}
.inno-count.zero{opacity:.35}
.inno-piles{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:7px}
.inno-pile{display:flex;flex-direction:column;gap:2px;min-width:0}
.inno-card{position:relative;height:108px;border-radius:6px;border:2px solid var(--c);background:var(--t);
  display:flex;flex-direction:column;justify-content:space-between;padding:3px 4px;overflow:hidden}
.inno-card.deep1{box-shadow:3px 3px 0 -1px #fff,3px 3px 0 1px var(--c)}
.inno-card.deep2{box-shadow:3px 3px 0 -1px #fff,3px 3px 0 1px var(--c),6px 6px 0 -1px #fff,6px 6px 0 1px var(--c)}
.inno-card.none{border-style:dashed;background:#faf8f3;color:#aaa;display:flex;align-items:center;justify-content:center;
  font-size:12px}
.inno-title{font-weight:700;font-size:13px;line-height:1.12;color:#1d1d1d;overflow:hidden;display:-webkit-box;
  -webkit-line-clamp:2;-webkit-box-orient:vertical;letter-spacing:-.01em;min-height:15px;overflow-wrap:anywhere}
.inno-title.long{font-size:11.5px;letter-spacing:-.03em}
.inno-card-mid{display:flex;align-items:center;gap:4px}
.inno-card-mid .inno-depth{flex:1;text-align:right}
.inno-age{flex:0 0 auto;min-width:21px;height:21px;border-radius:50%;background:var(--c);color:#fff;font-weight:700;
  font-size:11px;display:flex;align-items:center;justify-content:center}
.inno-card-bottom{display:flex;justify-content:space-between}
.inno-depth{font-size:10.5px;color:#555}
.inno-splay{height:20px;display:flex;align-items:center;gap:3px;font-size:11px;color:#444;white-space:nowrap;overflow:hidden}
.inno-splay.none{color:#bbb}
.inno-arrow{font-weight:700;font-size:14px;color:var(--c)}
.inno-under{display:flex;flex-direction:column;gap:1px}
.inno-under-card{display:flex;align-items:center;gap:3px;height:15px;font-size:10.5px;color:#444;padding:0 3px;
  border-left:3px solid var(--c);background:var(--t);border-radius:2px}
.inno-under-title{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.inno-under-age{font-weight:700;color:var(--c);min-width:12px}
.inno-under-more{font-size:10px;color:#888;padding-left:6px}
.inno-zone{display:flex;align-items:center;gap:4px;min-height:26px;flex-wrap:wrap}
.inno-zone .inno-label{width:92px;white-space:nowrap}
.inno-mini{height:24px;border-radius:4px;padding:0 5px;display:inline-flex;align-items:center;gap:4px;font-size:11px;
  border:1.5px solid var(--c);background:var(--t);white-space:nowrap}
.inno-mini b{font-size:11px}
.inno-back{height:24px;min-width:22px;border-radius:4px;background:#3b4150;color:#fff;font-weight:700;font-size:11px;
  display:inline-flex;align-items:center;justify-content:center;padding:0 5px;box-shadow:inset 0 0 0 2px #555c6e}
.inno-back small{font-weight:400;opacity:.85;margin-left:2px}
.inno-none{color:#aaa;font-size:11px}
.inno-won{display:flex;gap:3px;align-items:center}
`;

  // ------------------------------------------------------------------ elements
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") node.textContent = String(v);
      else if (k === "style") node.style.cssText = v;
      else node.setAttribute(k, String(v));
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    for (const child of children) node.append(child);
    return node;
  }

  // ------------------------------------------------------------------ icons (24x24 glyphs)
  function glyph(name) {
    const w = { fill: "#fff" };
    switch (name) {
      case "crown":
        return [svg("path", { ...w, d: "M4 17V8l4.5 4L12 5.5 15.5 12 20 8v9z" }), svg("rect", { ...w, x: 4, y: 18, width: 16, height: 2.2 })];
      case "leaf":
        return [
          svg("path", { ...w, d: "M5 19C5 10 10.5 5 19.5 4.5 19.5 13 14 19 5 19z" }),
          svg("path", { d: "M6 18L15 9", stroke: ICON_BG.leaf, "stroke-width": 1.6, fill: "none" }),
        ];
      case "lightbulb":
        return [svg("circle", { ...w, cx: 12, cy: 10, r: 6 }), svg("rect", { ...w, x: 9.3, y: 16.2, width: 5.4, height: 3.6, rx: 1 })];
      case "castle":
        return [svg("path", { ...w, d: "M5 20V8h2.6v2.4h2.5V8h3.8v2.4h2.5V8H19v12h-5v-4a2 2 0 0 0-4 0v4z" })];
      case "factory":
        return [svg("path", { ...w, d: "M4 20v-8.5l5 3v-3l5 3V5h4v15z" })];
      case "clock":
        return [
          svg("circle", { cx: 12, cy: 12, r: 7.2, fill: "none", stroke: "#fff", "stroke-width": 2.2 }),
          svg("path", { d: "M12 7.5V12l3.2 2", fill: "none", stroke: "#fff", "stroke-width": 2, "stroke-linecap": "round" }),
        ];
      default:
        return [];
    }
  }

  function icon(name, size) {
    const s = size || 20;
    if (name === "hex") {
      return svg("svg", { width: s, height: s, viewBox: "0 0 24 24", "data-icon": "hex", class: "inno-icon" },
        svg("path", { d: "M12 2.5l8.3 4.8v9.4L12 21.5l-8.3-4.8V7.3z", fill: "#fff", "fill-opacity": 0.55, stroke: "#777", "stroke-width": 1.2 }));
    }
    const title = svg("title");
    title.textContent = name;
    return svg("svg", { width: s, height: s, viewBox: "0 0 24 24", "data-icon": name, class: "inno-icon" },
      title, svg("rect", { x: 0.5, y: 0.5, width: 23, height: 23, rx: 5, fill: ICON_BG[name] || "#999" }), ...glyph(name));
  }

  // ------------------------------------------------------------------ seats
  function seatOf(ctx, p) {
    const seats = (ctx && ctx.seats) || [];
    const seat = seats.find((s) => s.seat === p) || {};
    // a colour goes into CSS and SVG: only a plain one (#rgb, #rrggbb or a name) is taken
    const color = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/.test(String(seat.color)) ? seat.color : "#888";
    return { seat: p, name: seat.name || "", label: seat.label || `P${p}`, color, pattern: seat.pattern || "solid" };
  }

  /** A swatch in the seat's colour and pattern, so seats differ without colour too. */
  function swatch(seat, w, h) {
    const W = w || 18, H = h || 18, c = seat.color;
    const kids = [svg("rect", { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 3, fill: seat.pattern === "solid" ? c : "#fff", stroke: c })];
    const line = (x1, y1, x2, y2) => svg("line", { x1, y1, x2, y2, stroke: c, "stroke-width": 1.8 });
    switch (seat.pattern) {
      case "stripes":
        for (let x = -H; x < W; x += 5) kids.push(line(x, H, x + H, 0));
        break;
      case "dots":
        for (let y = 4; y < H; y += 5) for (let x = 4; x < W; x += 5) kids.push(svg("circle", { cx: x, cy: y, r: 1.6, fill: c }));
        break;
      case "cross":
        kids.push(line(2, 2, W - 2, H - 2), line(W - 2, 2, 2, H - 2));
        break;
      case "waves":
        for (let y = 4; y < H; y += 5) kids.push(svg("path", { d: `M0 ${y} q${W / 4} -3 ${W / 2} 0 t${W / 2} 0`, stroke: c, fill: "none", "stroke-width": 1.6 }));
        break;
      case "grid":
        for (let x = 4; x < W; x += 5) kids.push(line(x, 1, x, H - 1));
        for (let y = 4; y < H; y += 5) kids.push(line(1, y, W - 1, y));
        break;
      default:
        break;
    }
    return svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, "data-pattern": seat.pattern || "solid" }, ...kids);
  }

  function seatTag(ctx, p) {
    const seat = seatOf(ctx, p);
    return el("span", { class: "inno-row", "data-seat": p }, swatch(seat, 14, 14), el("b", { text: seat.label }));
  }

  function seatList(ctx, seats) {
    if (!seats || !seats.length) return el("span", { class: "inno-none", text: "nobody" });
    return el("span", { class: "inno-row" }, ...seats.map((p) => seatTag(ctx, p)));
  }

  // ------------------------------------------------------------------ cards
  function cardTip(statics, title) {
    const c = statics.cards[title];
    if (!c) return title;
    const lines = [`${title} (age ${c.age}, ${c.color}; featured ${c.featured})`];
    c.effects.forEach(([kind, text], i) => lines.push(`${kind === "demand" ? "I demand" : "Effect"} ${i + 1}: ${text}`));
    return lines.join("\n");
  }

  function splayIcons(statics, splay, titles) {
    const shown = {};
    const positions = statics.splay_shows[splay] || [];
    for (const t of titles.slice(0, -1)) {
      const c = statics.cards[t];
      if (!c) continue;
      for (const pos of positions) {
        const i = c.icons[pos];
        if (i !== "hex") shown[i] = (shown[i] || 0) + 1;
      }
    }
    return shown;
  }

  function topCard(statics, title, depth) {
    const c = statics.cards[title] || { age: "?", color: "blue", icons: ["hex", "hex", "hex", "hex"] };
    const long = title.split(" ").some((w) => w.length > 11);
    return el("div", {
      class: "inno-card" + (depth > 2 ? " deep2" : depth > 1 ? " deep1" : ""),
      style: `--c:${CARD[c.color]};--t:${TINT[c.color]}`,
      title: cardTip(statics, title),
    },
      el("div", { class: "inno-title" + (long ? " long" : ""), text: title }),
      el("div", { class: "inno-card-mid" }, icon(c.icons[0], 26),
        el("span", { class: "inno-depth", text: depth > 1 ? `${depth} cards` : "" }), el("span", { class: "inno-age", text: c.age })),
      el("div", { class: "inno-card-bottom" }, icon(c.icons[1], 26), icon(c.icons[2], 26), icon(c.icons[3], 26)));
  }

  function pile(statics, p, k, entry) {
    const [splay, titles] = entry;
    const color = statics.colors[k];
    const top = titles.length ? titles[titles.length - 1] : "";
    const shown = splayIcons(statics, splay, titles);
    const box = el("div", {
      class: "inno-pile",
      style: `--c:${CARD[color]};--t:${TINT[color]}`,
      "data-player": p,
      "data-color": color,
      "data-top": top,
      "data-age": top ? statics.cards[top].age : "",
      "data-splay": splay,
      "data-count": titles.length,
      "data-cards": JSON.stringify(titles),
      "data-splay-icons": JSON.stringify(shown),
    });
    box.append(top ? topCard(statics, top, titles.length) : el("div", { class: "inno-card none", text: color }));
    const strip = el("div", { class: "inno-splay" + (splay === "none" ? " none" : "") });
    if (splay !== "none") {
      strip.append(el("span", { class: "inno-arrow", text: ARROW[splay] || "?" }), el("span", { text: splay }));
      for (const [name, n] of Object.entries(shown)) strip.append(el("span", { class: "inno-count" }, icon(name, 14), n));
    }
    box.append(strip);
    if (titles.length > 1) box.append(covered(statics, splay, titles));
    return box;
  }

  /** The cards under the top one, top to bottom, each with the icons its pile's splay shows. */
  function covered(statics, splay, titles) {
    const list = el("div", { class: "inno-under" });
    const below = titles.slice(0, -1).reverse();
    const positions = statics.splay_shows[splay] || [];
    const shown = below.length > MAX_UNDER ? MAX_UNDER - 1 : below.length;
    for (const t of below.slice(0, shown)) {
      const c = statics.cards[t];
      const row = el("div", { class: "inno-under-card", "data-card": t, title: cardTip(statics, t) },
        el("span", { class: "inno-under-age", text: c.age }), el("span", { class: "inno-under-title", text: t }));
      for (const pos of positions) if (c.icons[pos] !== "hex") row.append(icon(c.icons[pos], 13));
      list.append(row);
    }
    if (shown < below.length) list.append(el("div", { class: "inno-under-more", text: `+${below.length - shown} more below` }));
    return list;
  }

  function mini(statics, entry, count) {
    const n = count || 1;
    if (typeof entry === "number") {
      return el("span", { class: "inno-back", "data-age": entry, "data-count": n, title: `${n} card${n > 1 ? "s" : ""} of age ${entry}` },
        entry, n > 1 ? el("small", { text: ` \u00d7${n}` }) : "");
    }
    const c = statics.cards[entry];
    return el("span", {
      class: "inno-mini",
      style: `--c:${CARD[c.color]};--t:${TINT[c.color]}`,
      "data-age": c.age,
      "data-count": 1,
      "data-card": entry,
      title: cardTip(statics, entry),
    }, el("b", { text: c.age }), entry);
  }

  function ageOf(statics, entry) {
    return typeof entry === "number" ? entry : statics.cards[entry].age;
  }

  function zone(statics, p, name, label, entries) {
    const total = entries.reduce((a, e) => a + ageOf(statics, e), 0);
    const box = el("div", { class: "inno-zone", "data-player": p, "data-zone": name, "data-size": entries.length, "data-total": total });
    box.append(el("span", { class: "inno-label", text: label }));
    if (!entries.length) box.append(el("span", { class: "inno-none", text: "none" }));
    // titles one by one; backs of one age together ("3 \u00d74": four cards of age 3)
    for (let i = 0; i < entries.length; ) {
      const e = entries[i];
      let j = i + 1;
      if (typeof e === "number") while (j < entries.length && entries[j] === e) j++;
      box.append(mini(statics, e, j - i));
      i = j;
    }
    return box;
  }

  // ------------------------------------------------------------------ the top: turn, progress, table
  function status(statics, frame, ctx) {
    const t = frame.turn;
    const box = el("div", {
      class: "inno-box inno-status",
      "data-turn": t.turn,
      "data-phase": t.phase,
      "data-active": t.active,
      "data-to-move": t.to_move === null || t.to_move === undefined ? "" : t.to_move,
      "data-action": t.action || "",
      "data-actions": t.actions || "",
    });
    const head = el("div", { class: "inno-headline" });
    if (t.result) {
      const r = t.result;
      const why = { achievements: "achievements", draw_above_10: "a draw above 10", card_win: `${r.card}`, turn_limit: "the turn limit" }[r.reason] || r.reason;
      head.append(`Game over (${why}):`, seatList(ctx, r.winners), r.winners.length === 1 ? "wins" : "win");
      head.setAttribute("data-result", r.reason);
      head.setAttribute("data-winners", r.winners.join(" "));
    } else if (t.phase === "first_meld") {
      head.append("Set-up: each player picks a card to meld first");
    } else {
      head.append(`Turn ${t.turn}:`, seatTag(ctx, t.active), `to play, action ${t.action} of ${t.actions}`);
    }
    box.append(head);
    box.append(progress(statics, frame, ctx));
    return box;
  }

  function progress(statics, frame, ctx) {
    const t = frame.turn;
    const line = el("div", { class: "inno-progress" });
    if (t.picks) {
      line.append("First melds:");
      t.picks.forEach((pick, p) => {
        const what = typeof pick === "string" ? pick : pick ? "picked" : "to pick";
        line.append(el("span", { class: "inno-row", "data-pick": p, "data-card": typeof pick === "string" ? pick : null }, seatTag(ctx, p), what));
      });
      return line;
    }
    const d = t.dogma;
    const q = t.decision;
    if (!d && !q) {
      line.classList.add("idle");
      line.append(t.result ? "" : "choosing an action: draw, meld, achieve or dogma");
      return line;
    }
    if (d) {
      const c = statics.cards[d.card];
      line.append(el("span", {
        class: "inno-row", "data-dogma": d.card, "data-activator": d.by, "data-icon": d.icon,
        "data-demand": d.demand.join(" "), "data-share": d.share.join(" "),
      }, el("b", { text: "Dogma" }), mini(statics, d.card), "by", seatTag(ctx, d.by), "\u00b7 featured", icon(d.icon, 16)));
      if (c && c.effects.some(([kind]) => kind === "demand")) line.append("\u00b7 demand on", seatList(ctx, d.demand));
      line.append("\u00b7 shared by", seatList(ctx, d.share));
    }
    const box = el("div", { class: "inno-progress decision" });
    if (q) {
      const c = q.card ? statics.cards[q.card] : null;
      const effect = c && q.effect !== undefined ? c.effects[q.effect] : null;
      const demand = effect && effect[0] === "demand";
      const who = q.by !== undefined && q.by !== q.seat ? [" for ", seatTag(ctx, q.by)] : [];
      const dec = el("span", {
        class: "inno-row", "data-decision": q.purpose, "data-decider": q.seat, "data-card": q.card || null,
        "data-effect": q.effect === undefined ? null : q.effect, "data-executing": q.by === undefined ? null : q.by,
      }, seatTag(ctx, q.seat), `chooses (${q.purpose}${q.optional ? ", may pass" : ""})`, ...who);
      if (q.picked !== undefined && q.max !== 1) dec.append(`: ${q.picked} picked${q.max !== null ? ` of at most ${q.max}` : ""}`);
      box.append(dec);
      if (q.prompt) box.append(el("span", { class: "inno-prompt", "data-prompt": "", text: `\u201c${q.prompt}\u201d` }));
      if (effect) {
        box.append(el("span", { class: "inno-text", title: effect[1] },
          `${demand ? "I demand" : "effect"} ${q.effect + 1}: ${effect[1]}`));
      }
    }
    const wrap = el("div", { style: "display:flex;flex-direction:column;gap:2px" });
    if (d) wrap.append(line);
    if (q) wrap.append(box);
    return wrap;
  }

  function table(statics, frame, ctx) {
    const box = el("div", { class: "inno-box inno-table" });
    const supply = el("div", { class: "inno-row", "data-supply": "" }, el("span", { class: "inno-label", text: "supply" }));
    frame.supply.left.forEach((n, i) => {
      supply.append(el("span", {
        class: "inno-stack" + (n ? "" : " empty"), "data-supply-age": i + 1, "data-count": n,
        title: `age ${i + 1}: ${n} card${n === 1 ? "" : "s"} left`,
      }, el("b", { text: i + 1 }), el("small", { text: `\u00d7${n}` })));
    });
    box.append(supply);
    if (frame.supply.known.length) {
      const known = el("div", { class: "inno-row" }, el("span", { class: "inno-label", text: "known in supply" }));
      for (const [age, depth, title] of frame.supply.known) {
        known.append(el("span", { "data-known-age": age, "data-depth": depth, title: `${depth} from the top of age ${age}` }, mini(statics, title)));
      }
      box.append(known);
    }
    const ach = el("div", { class: "inno-row", "data-achievements-table": "" }, el("span", { class: "inno-label", text: "achievements" }));
    if (!frame.achievements.ages.length) ach.append(el("span", { class: "inno-none", text: "none left" }));
    for (const age of frame.achievements.ages) ach.append(el("span", { class: "inno-ach", "data-achievement-age": age, title: `achievement ${age}` }, age));
    for (const [name, owner] of frame.achievements.specials) {
      const spec = statics.specials.find((s) => s.name === name);
      const tag = el("span", {
        class: "inno-special" + (owner === null ? "" : " won"), "data-special": name, "data-owner": owner === null ? "" : owner,
        title: spec ? `${name}: ${spec.condition}` : name,
      }, name);
      if (owner !== null) tag.append(swatch(seatOf(ctx, owner), 10, 10));
      ach.append(tag);
    }
    box.append(ach);
    return box;
  }

  // ------------------------------------------------------------------ a player
  function player(statics, frame, ctx, p) {
    const seat = seatOf(ctx, p);
    const t = frame.turn;
    const icons = {};
    statics.icons.forEach((name, i) => { icons[name] = frame.icons[p][i]; });
    const won = frame.achievements.won[p];
    const score = frame.scores[p].reduce((a, e) => a + ageOf(statics, e), 0);
    const panel = el("section", {
      class: "inno-player" + (t.to_move === p ? " to-move" : ""),
      style: `--seat:${seat.color}`,
      "data-player": p,
      "data-score": score,
      "data-achievement-count": won.length,
    });
    const head = el("div", { class: "inno-head" }, swatch(seat, 22, 22), el("span", { class: "inno-name", text: seat.label }));
    if (seat.name && seat.name !== seat.label) head.append(el("span", { class: "inno-none inno-seat-name", text: seat.name, title: seat.name }));
    if (ctx && ctx.eyes && ctx.eyes.kind === "seat" && ctx.eyes.seat === p) head.append(el("span", { class: "inno-tag plain", text: "you" }));
    if (t.phase === "play" && t.active === p && !t.result) head.append(el("span", { class: "inno-tag", text: "turn" }));
    if (t.to_move === p) head.append(el("span", { class: "inno-tag", text: "deciding" }));
    const wonBox = el("span", { class: "inno-won", "data-won": JSON.stringify(won) },
      el("span", { class: "inno-label", text: `achievements ${won.length}/${statics.need}` }));
    for (const a of won) {
      wonBox.append(typeof a === "number"
        ? el("span", { class: "inno-ach", "data-won-age": a }, a)
        : el("span", { class: "inno-special", "data-won-special": a }, a));
    }
    head.append(el("span", { class: "inno-score" }, wonBox, el("span", {}, el("span", { class: "inno-label", text: "score" }), el("b", { text: score }))));
    panel.append(head);
    const row = el("div", { class: "inno-icons", "data-icons": JSON.stringify(icons) });
    for (const [name, n] of Object.entries(icons)) {
      row.append(el("span", { class: "inno-count" + (n ? "" : " zero"), "data-icon": name, "data-count": n }, icon(name, 18), n));
    }
    panel.append(row);
    const piles = el("div", { class: "inno-piles" });
    frame.boards[p].forEach((entry, k) => piles.append(pile(statics, p, k, entry)));
    panel.append(piles);
    panel.append(zone(statics, p, "hand", `hand \u00b7 ${frame.hands[p].length}`, frame.hands[p]));
    panel.append(zone(statics, p, "score", `score pile \u00b7 ${frame.scores[p].length}`, frame.scores[p]));
    return panel;
  }

  function draw(root, statics, frame, ctx) {
    root.replaceChildren();
    const main = el("div", { class: "inno", "data-game": "innovation", "data-eyes": ctx && ctx.eyes ? ctx.eyes.kind : "" });
    main.append(el("style", { text: STYLE }));
    main.append(el("div", { class: "inno-top" }, status(statics, frame, ctx), table(statics, frame, ctx)));
    const players = el("div", { class: "inno-players" });
    frame.boards.forEach((_, p) => players.append(player(statics, frame, ctx, p)));
    main.append(players);
    root.append(main);
  }

  window.altayGames = window.altayGames || {};
  window.altayGames.innovation = { draw };
})();
