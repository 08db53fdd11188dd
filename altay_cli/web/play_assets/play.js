/* altay play --web: the page. Receives what this person may see (a snapshot per change, by
 * server-sent events from /events), draws it with the game's drawing (window.altayGames[name],
 * as the viewer does) or the generic one, lists the legal actions as buttons, and sends
 * commands (an action's index, undo, save, load) to /command with the snapshot's version.
 * Every text (names, decisions, errors) is set as text, never as HTML. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const boot = JSON.parse($("altay-play").textContent);
  const token = encodeURIComponent(boot.token);
  let snap = null;
  let busy = false;
  let patternsMade = false;
  let ticker = null;
  let candidates = null;

  function el(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined && content !== null) e.textContent = String(content);
    return e;
  }
  function add(parent, ...kids) {
    for (const kid of kids) if (kid !== null && kid !== undefined) parent.appendChild(typeof kid === "string" ? document.createTextNode(kid) : kid);
    return parent;
  }
  function seatOf(i) {
    return (snap && snap.seats[i]) || { seat: i, name: "?", label: "P" + i, color: "#888", pattern: "solid" };
  }
  function chip(i, withName) {
    const s = seatOf(i);
    const c = el("span", "seat-chip");
    c.dataset.seat = String(i);
    const sw = el("span", "swatch pat-" + s.pattern);
    sw.style.backgroundColor = s.color;
    add(c, sw, el("span", "seat-label", s.label));
    if (withName) add(c, el("span", "seat-name", s.name));
    c.title = s.label + " " + s.name;
    return c;
  }
  function seconds(msValue) {
    const s = Math.max(0, Math.floor(msValue / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function patterns() {
    if (patternsMade) return;
    patternsMade = true;
    const ns = "http://www.w3.org/2000/svg";
    const defs = $("altay-patterns");
    const shapes = {
      solid: [],
      stripes: [["path", { d: "M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4", "stroke-width": "1.6" }]],
      dots: [["circle", { cx: "4", cy: "4", r: "1.6" }]],
      cross: [["path", { d: "M0,0 L8,8 M8,0 L0,8", "stroke-width": "1.2" }]],
      waves: [["path", { d: "M0,4 Q2,1 4,4 T8,4", fill: "none", "stroke-width": "1.2" }]],
      grid: [["path", { d: "M0,4 H8 M4,0 V8", "stroke-width": "1.2" }]],
      checks: [["rect", { x: "0", y: "0", width: "4", height: "4" }], ["rect", { x: "4", y: "4", width: "4", height: "4" }]],
      rings: [["circle", { cx: "4", cy: "4", r: "2.2", fill: "none", "stroke-width": "1.2" }]],
    };
    for (const s of snap.seats) {
      const p = document.createElementNS(ns, "pattern");
      p.setAttribute("id", "altay-seat-" + s.seat);
      p.setAttribute("patternUnits", "userSpaceOnUse");
      p.setAttribute("width", "8");
      p.setAttribute("height", "8");
      const bg = document.createElementNS(ns, "rect");
      for (const [k, v] of Object.entries({ width: "8", height: "8", fill: s.color })) bg.setAttribute(k, v);
      p.appendChild(bg);
      for (const [tag, attrs] of shapes[s.pattern] || []) {
        const e = document.createElementNS(ns, tag);
        e.setAttribute("stroke", "rgba(255,255,255,0.75)");
        e.setAttribute("fill", "rgba(255,255,255,0.75)");
        for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
        p.appendChild(e);
      }
      defs.appendChild(p);
    }
  }

  /* ------------------------------------------------------------------ messages */
  function showError(text) {
    const b = $("banner");
    b.hidden = false;
    b.dataset.kind = "error";
    b.textContent = text;
  }
  function showMessage(text) {
    const m = $("message");
    m.hidden = !text;
    m.textContent = text || "";
  }
  function clearError() {
    $("banner").hidden = true;
    $("banner").textContent = "";
  }

  /* ------------------------------------------------------------------ commands */
  async function send(command) {
    if (busy) return;
    busy = true;
    document.body.dataset.busy = "1";
    try {
      const response = await fetch("/command?token=" + token, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(command),
        cache: "no-store",
        credentials: "omit",
      });
      let answer = null;
      try {
        answer = await response.json();
      } catch (err) {
        answer = { error: "the server answered " + response.status + " without an explanation" };
      }
      if (!response.ok || answer.error) {
        showError(answer.error || "the server answered " + response.status);
      } else {
        clearError();
        showMessage(answer.message);
      }
      document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
    } catch (err) {
      showError("the command did not reach altay (" + err + "): is `altay play --web` still running?");
    } finally {
      busy = false;
      document.body.dataset.busy = "0";
    }
  }
  function act(index) {
    showMessage("");
    send({ op: "act", index: index, version: snap.version });
  }

  /* clicks on the board: an element naming a territory or a card picks the actions naming it */
  function boardClick(event) {
    if (!snap || !snap.mine) return;
    const target = event.target.closest && event.target.closest("[data-territory], [data-card], [data-achievement]");
    if (!target) return;
    let kind = "territory";
    let value = target.getAttribute("data-territory");
    if (value === null) {
      kind = "card";
      value = target.getAttribute("data-card");
      if (value === null) value = target.getAttribute("data-achievement");
    }
    const found = snap.legal.filter((a) => a.marks[kind].includes(String(value)));
    if (found.length === 1) return act(found[0].index);
    candidates = found.length ? new Set(found.map((a) => a.index)) : null;
    $("pick").hidden = false;
    $("pick").textContent = found.length
      ? found.length + " actions name " + value + ": choose one below."
      : "No legal action names " + value + ".";
    legalList();
  }

  /* ------------------------------------------------------------------ drawing a snapshot */
  function header() {
    $("title").textContent = snap.game.title;
    $("subtitle").textContent = snap.game.config;
    const list = $("seats");
    list.replaceChildren();
    for (const s of snap.seats) {
      const li = add(el("li"), chip(s.seat, true), el("span", "seat-kind", " (" + s.kind_text + ")"), el("span", "seat-clock", s.clock));
      if (s.you) li.classList.add("seat-you");
      li.dataset.seat = String(s.seat);
      list.appendChild(li);
    }
    const eyes = $("eyes");
    eyes.replaceChildren(el("strong", null, "You see: "), "P" + snap.eyes.seat + "'s view (" + (snap.you.length > 1 ? "your seats: " + snap.you.map((s) => "P" + s).join(", ") : "your seat") + ")");
    eyes.dataset.eyes = "seat-" + snap.eyes.seat;
  }

  function board() {
    const stage = $("board");
    const root = el("div", "board-root");
    stage.replaceChildren(root);
    const own = window.altayGames[snap.game.name];
    const drawing = snap.game.drawing && own ? own : window.altayGeneric;
    const freeze = (v) => window.AltayFrames.apply(null, [1, v]);
    /* the frame shares with the one before it every part that did not change, as the viewer's
     * frames do: a drawing's `frame.x === ctx.previous.x` says that part did not change */
    const share = (before, now) => {
      if (before === now) return before;
      if (before === null || now === null || typeof before !== "object" || typeof now !== "object") return now;
      if (Array.isArray(before) !== Array.isArray(now)) return now;
      const out = Array.isArray(now) ? [] : {};
      let same = Object.keys(before).length === Object.keys(now).length;
      for (const key of Object.keys(now)) {
        out[key] = share(before[key], now[key]);
        if (out[key] !== before[key]) same = false;
      }
      return same ? before : out;
    };
    const decisions = snap.decisions;
    const ctx = {
      eyes: { kind: "seat", seat: snap.eyes.seat },
      step: snap.step,
      steps: snap.step,
      seats: snap.seats,
      decision: decisions.length ? decisions[decisions.length - 1] : null,
      toMove: snap.to_move,
      turn: snap.turn ? { label: snap.turn.label, seat: snap.turn.seat, step: snap.step } : null,
      result: snap.result,
      previous: snap.previous === null ? null : freeze(snap.previous),
    };
    const frame = freeze(ctx.previous === null ? snap.frame : share(ctx.previous, snap.frame));
    try {
      drawing.draw(root, snap.statics, frame, ctx);
    } catch (err) {
      console.error("altay play: the drawing failed at step " + snap.step + ": " + (err && err.stack ? err.stack : err));
      root.replaceChildren(el("div", "drawing-error", "The drawing failed: " + err + ". The frame's data:"));
      const tree = el("div");
      root.appendChild(tree);
      window.altayGeneric.draw(tree, snap.statics, frame, ctx);
    }
  }

  function nowPanel() {
    const box = $("now");
    box.replaceChildren();
    box.dataset.toMove = snap.to_move === null ? "" : String(snap.to_move);
    if (snap.turn) add(box, el("span", "turn", snap.turn.label + " \u00b7 "));
    if (snap.over) add(box, el("strong", null, "Game over"));
    else if (snap.to_move !== null) add(box, "to move: ", chip(snap.to_move, true), snap.mine ? el("strong", null, " \u2014 you") : null);
    if (snap.waiting_since_ms !== null && !snap.over) {
      const t = el("span", "thinking");
      add(box, " ", t);
      const since = snap.waiting_since_ms;
      const tick = () => (t.textContent = "thinking " + seconds(Date.now() - since));
      tick();
      ticker = window.setInterval(tick, 1000); // a display clock; updates come by events
    }
    if (snap.failures.length) {
      const ul = el("ul", "failures");
      for (const f of snap.failures) add(ul, add(el("li", "failure"), chip(f.seat, false), " ", el("strong", null, f.status), " \u2192 the first legal action was played" + (f.n === null ? "" : " (decision " + f.n + ")")));
      box.appendChild(ul);
    }
  }

  function legalList() {
    const list = $("legal");
    list.replaceChildren();
    $("actions").dataset.mine = snap.mine ? "1" : "0";
    $("waiting").textContent = snap.over ? "" : snap.mine ? "" : "Waiting for P" + snap.to_move + "\u2026";
    for (const a of snap.legal) {
      const li = el("li");
      li.dataset.index = String(a.index);
      if (candidates && candidates.has(a.index)) li.classList.add("candidate");
      const b = el("button");
      b.type = "button";
      b.className = "legal-action";
      b.dataset.index = String(a.index);
      add(b, el("span", "n", a.index), el("span", "text", a.text));
      b.addEventListener("click", () => act(a.index));
      li.appendChild(b);
      list.appendChild(li);
    }
  }

  function decisionList() {
    const list = $("decisions");
    list.replaceChildren();
    for (const d of snap.decisions) {
      const li = el("li", "decision-item");
      li.value = d.n;
      li.dataset.seat = String(d.seat);
      if (d.status !== "ok") li.classList.add("failed");
      add(li, el("span", "n", d.n), chip(d.seat, false), el("span", "text", d.text));
      if (d.time_ms !== undefined) add(li, el("span", "muted", " " + d.time_ms + " ms"));
      list.appendChild(li);
    }
    list.scrollTop = list.scrollHeight;
  }

  function resultPanel() {
    const box = $("result");
    box.replaceChildren();
    box.hidden = !snap.result;
    if (!snap.result) return;
    const r = snap.result;
    box.dataset.status = "result";
    add(box, el("h2", null, "Result"));
    const line = [r.end_text];
    if (r.team) line.push("team: " + r.team);
    line.push(r.length_text);
    if (snap.seed !== null) line.push("seed " + snap.seed);
    add(box, el("p", "ending", line.join(" \u00b7 ")));
    if (r.team) box.dataset.team = r.team;
    const table = el("table", "scores");
    const columns = Object.keys(r.headers).filter((k) => k !== "total");
    for (const s of r.scores) for (const k of Object.keys(s)) if (!(k in r.headers) && k !== "total" && !columns.includes(k)) columns.push(k);
    columns.push("total");
    const headRow = add(el("tr"), el("th", null, "rank"), el("th", null, "seat"));
    for (const k of columns) headRow.appendChild(el("th", null, r.headers[k] || k));
    add(table, add(el("thead"), headRow));
    const body = el("tbody");
    const order = r.ranks.map((rank, i) => [rank, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [rank, i] of order) {
      const tr = el("tr");
      tr.dataset.seat = String(i);
      tr.dataset.rank = String(rank);
      tr.dataset.total = String(r.scores[i].total);
      if (r.winners.includes(i)) tr.classList.add("winner");
      add(tr, el("td", null, rank + (r.forfeits.includes(i) ? " (forfeit)" : "")), add(el("td"), chip(i, true)));
      for (const k of columns) tr.appendChild(el("td", k === "total" ? "total" : null, r.scores[i][k] === undefined ? "" : r.scores[i][k]));
      body.appendChild(tr);
    }
    add(box, add(table, body));
  }

  function render() {
    if (ticker !== null) window.clearInterval(ticker);
    ticker = null;
    candidates = null;
    $("pick").hidden = true;
    patterns();
    header();
    board();
    nowPanel();
    legalList();
    decisionList();
    resultPanel();
    $("undo").disabled = !snap.undo;
    $("load").disabled = snap.over;
    document.body.dataset.version = String(snap.version);
    document.body.dataset.step = String(snap.step);
    document.body.dataset.mine = snap.mine ? "1" : "0";
    document.body.dataset.over = snap.over ? "1" : "0";
    document.body.dataset.ready = "1";
  }

  /* ------------------------------------------------------------------ wiring */
  $("board").addEventListener("click", boardClick);
  $("undo").addEventListener("click", () => send({ op: "undo", version: snap.version }));
  $("save").addEventListener("click", () => send({ op: "save", path: $("file").value }));
  $("load").addEventListener("click", () => send({ op: "load", path: $("file").value }));
  const source = new EventSource("/events?token=" + token);
  source.addEventListener("state", (event) => {
    snap = JSON.parse(event.data);
    $("connection").dataset.state = "live";
    $("connection").textContent = "live";
    render();
  });
  source.addEventListener("error", () => {
    $("connection").dataset.state = "lost";
    $("connection").textContent = "connection lost: is `altay play --web` still running?";
  });
})();
