/* altay view: the page. Reads the data written by `altay view` (the altay-data element; its
 * format is in altay_cli/web/README.md), draws step after step with the game's drawing
 * (window.altayGames[name]) or the generic one, and shows beside the board the decisions, the
 * current one, the clocks, failures and the result. Game-agnostic: it knows no game. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("altay-data").textContent);
  const frames = window.AltayFrames.decoder(data.frames);
  const hasFrames = data.frames.length > 0;
  const last = hasFrames ? data.frames.length - 1 : 0;
  const seats = data.seats;
  const eyes = data.eyes;
  const own = window.altayGames && window.altayGames[data.game.name];
  const drawing = data.game.drawing && own ? own : window.altayGeneric;
  if (data.game.drawing && !own) console.error("altay view: the drawing of " + data.game.name + " did not register window.altayGames[" + JSON.stringify(data.game.name) + "]");
  const listItems = [];
  let step = 0;
  let timer = null;
  let shownItem = null;

  /* ------------------------------------------------------------------ small helpers */
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
  function ms(value) {
    if (value === null || value === undefined) return "-";
    return value >= 10000 ? (value / 1000).toFixed(1) + " s" : (Math.round(value * 10) / 10) + " ms";
  }
  function seatOf(i) {
    return seats[i] || { seat: i, name: "?", label: "P" + i, color: "#888", pattern: "solid" };
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

  /* ------------------------------------------------------------------ seat patterns (SVG) */
  function patterns() {
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
    for (const s of seats) {
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

  /* ------------------------------------------------------------------ the fixed parts */
  function header() {
    $("title").textContent = data.game.title;
    const log = data.log;
    $("subtitle").textContent = [log.config, log.file, log.source && "from " + log.source, log.created].filter(Boolean).join(" \u00b7 ");
    const list = $("seats");
    for (const s of seats) add(list, add(el("li"), chip(s.seat, true)));
    const eyesBox = $("eyes");
    eyesBox.dataset.eyes = eyes.kind + (eyes.seat === null ? "" : "-" + eyes.seat);
    add(eyesBox, el("strong", null, "Eyes: "), eyes.text);
    if (data.note) add(eyesBox, el("p", "note", data.note));
    const v = data.verdict;
    const verified = $("verified");
    const banner = $("banner");
    document.body.dataset.verdict = v.status;
    if (v.status === "valid") {
      verified.hidden = false;
      verified.textContent = "\u2714 verified: " + v.steps + " decisions replay exactly" + (log.signed_by ? ", signed by " + log.signed_by : "");
    } else {
      banner.hidden = false;
      banner.dataset.status = v.status;
      if (v.status === "truncated" && data.live) {
        banner.dataset.status = "live";
        add(banner, el("strong", null, "In progress: "), "the game is still being played; it is shown up to step " + v.steps + ", as far as its log has been written and verified, and has no result yet.");
      } else {
        const what = v.status === "truncated" ? "This log is truncated" : "This log does not verify";
        const shown = hasFrames
          ? "It is shown up to step " + v.steps + ", the last one that verifies; nothing after it is shown, and it has no verified result."
          : "Nothing of it verifies, so nothing of the game is shown.";
        add(banner, el("strong", null, what + ": "), v.message, el("p", null, shown));
      }
    }
    const foot = $("footer");
    add(foot, el("p", null, "Keys: \u2190 \u2192 step, Home/End first/last, Space play/pause. Add #step=N to the address to open at step N."));
    const facts = [];
    if (log.log_id) facts.push("log " + log.log_id);
    facts.push(log.chained ? "hash-chained" : "unchained (format 1)");
    if (data.seed !== null) facts.push("seed " + data.seed);
    add(foot, el("p", null, facts.join(" \u00b7 ")));
    for (const note of v.notes) add(foot, el("p", "note", "note: " + note));
  }

  function decisionList() {
    const list = $("decisions");
    data.decisions.forEach((d, i) => {
      const li = el("li", "decision-item");
      li.dataset.step = String(i + 1);
      li.dataset.seat = String(d.seat);
      li.value = d.n;
      if (d.failures || d.status !== "ok") li.classList.add("failed");
      add(li, el("span", "n", d.n), chip(d.seat, false), el("span", "text", d.text));
      li.tabIndex = -1;
      li.addEventListener("click", () => go(i + 1));
      list.appendChild(li);
      listItems.push(li);
    });
  }

  function turnJump() {
    const select = $("turn-jump");
    if (!data.turns.length) select.parentElement.hidden = true;
    const start = el("option", null, "set-up / start");
    start.value = "0";
    select.appendChild(start);
    data.turns.forEach((t) => {
      const o = el("option", null, t.label + " \u00b7 " + seatOf(t.seat).label + " " + seatOf(t.seat).name);
      o.value = String(t.step);
      select.appendChild(o);
    });
    select.addEventListener("change", () => go(Number(select.value)));
  }

  function bots() {
    const box = $("bots");
    box.hidden = !data.stderr.length;
    if (box.hidden) return;
    add(box, el("h2", null, "Bots' stderr"));
    for (const s of data.stderr) {
      const d = el("details", "stderr");
      d.dataset.seat = String(s.seat);
      add(d, add(el("summary"), chip(s.seat, true), " " + s.bytes_total + " bytes" + (s.truncated ? " (cut)" : "")), el("pre", null, s.text));
      box.appendChild(d);
    }
  }

  /* ------------------------------------------------------------------ one step */
  const CONSEQUENCES = {
    forfeit: "forfeit",
    default_action: "the first legal action was played",
    retry: "asked again",
    discarded: "ignored",
  };
  function failureLine(f) {
    const li = el("li", "failure");
    li.dataset.status = f.status;
    add(li, chip(f.seat, false), " ", el("strong", null, f.status), " \u2192 " + (CONSEQUENCES[f.consequence] || f.consequence || "-"));
    if (f.n !== null && f.n !== undefined) add(li, " (decision " + f.n + ")");
    if (f.detail !== undefined) add(li, el("div", "detail", f.detail));
    return li;
  }

  function decisionPanel(d) {
    const box = $("decision");
    box.replaceChildren();
    if (d === null) {
      add(box, el("h2", null, "Start"), el("p", "muted", "No decision yet."));
      box.dataset.n = "";
      return;
    }
    box.dataset.n = String(d.n);
    box.dataset.seat = String(d.seat);
    const head = add(el("h2"), "Decision " + d.n + " ", chip(d.seat, true));
    if (d.status !== "ok") add(head, " ", el("span", "badge bad", d.status === "default" ? "played for the seat" : "after a retry"));
    add(box, head, add(el("p", "action"), el("span", "label", "Action: "), el("span", "action-text", d.text)));
    const legal = el("div", "legal");
    if (d.legal !== undefined) {
      legal.dataset.count = String(d.legal.length);
      const det = el("details");
      add(det, el("summary", null, d.legal.length + " legal action" + (d.legal.length === 1 ? "" : "s")));
      const ol = el("ol", "legal-list");
      ol.start = 0;
      d.legal.forEach((text, i) => {
        const li = el("li", i === d.chosen ? "chosen" : null, text);
        li.value = i;
        ol.appendChild(li);
      });
      add(legal, add(det, ol));
    } else {
      add(legal, el("span", "muted", "Legal actions: hidden from these eyes"));
    }
    box.appendChild(legal);
    if (d.info !== undefined) add(box, add(el("div", "info"), el("span", "label", "Info: "), el("pre", null, d.info)));
    const t = [];
    if (d.time_ms !== undefined) t.push("time " + ms(d.time_ms));
    if (d.cpu_ms !== undefined) t.push("CPU " + ms(d.cpu_ms));
    if (t.length) add(box, el("p", "time", t.join(" \u00b7 ")));
    if (d.clock) {
      const c = d.clock;
      const text =
        c.move_ms === null
          ? "clock: no time limit"
          : "clock (" + c.kind + "): " + ms(c.move_ms) + " a move + bank " + ms(c.bank_before_ms) + " \u2192 " + ms(c.bank_after_ms) + (c.increment_ms ? ", +" + ms(c.increment_ms) + " a decision" : "");
      add(box, el("p", "clock", text));
    }
    if (d.failures) add(box, add(el("ul", "failures"), ...d.failures.map(failureLine)));
  }

  function nowPanel() {
    const box = $("now");
    box.replaceChildren();
    const toMove = hasFrames ? data.steps.to_move[step] : null;
    const turnIndex = hasFrames ? data.steps.turn_at[step] : -1;
    if (turnIndex >= 0) add(box, el("span", "turn", data.turns[turnIndex].label + " \u00b7 "));
    if (toMove !== null && toMove !== undefined) add(box, "to move: ", chip(toMove, true));
    else if (step === last) add(box, el("span", null, data.result ? "game over" : "end of the verified log"));
    const pending = data.pending.filter((p) => p.step === step);
    if (pending.length) add(box, add(el("ul", "failures pending"), ...pending.map(failureLine)));
  }

  function resultPanel() {
    const box = $("result");
    box.replaceChildren();
    box.hidden = step !== last;
    if (box.hidden) return;
    const r = data.result;
    if (r === null) {
      const why = data.verdict.status === "valid" ? ""
        : data.live && data.verdict.status === "truncated" ? "The game is still being played."
        : "The log does not verify to its end, so no result is shown.";
      add(box, el("h2", null, data.live ? "No result yet" : "No result"), el("p", null, why));
      box.dataset.status = "none";
      return;
    }
    box.dataset.status = "result";
    add(box, el("h2", null, "Result"));
    const line = [r.end_text];
    if (r.team) line.push("team: " + r.team);
    line.push(r.length_text);
    add(box, el("p", "ending", line.join(" \u00b7 ")));
    if (r.team) box.dataset.team = r.team;
    const table = el("table", "scores");
    const cats = Object.keys(r.headers);
    const extra = [];
    for (const s of r.scores) for (const k of Object.keys(s)) if (!(k in r.headers) && !extra.includes(k)) extra.push(k);
    const columns = cats.filter((k) => k !== "total").concat(extra.filter((k) => k !== "total"), ["total"]);
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
      if (r.forfeits.includes(i)) tr.classList.add("forfeit");
      add(tr, el("td", null, rank + (r.forfeits.includes(i) ? " (forfeit)" : "")), add(el("td"), chip(i, true)));
      for (const k of columns) tr.appendChild(el("td", k === "total" ? "total" : null, r.scores[i][k] === undefined ? "" : r.scores[i][k]));
      body.appendChild(tr);
    }
    add(box, add(table, body));
  }

  function board() {
    const stage = $("board");
    const root = el("div", "board-root");
    stage.replaceChildren(root);
    if (!hasFrames) {
      root.appendChild(el("p", "muted", "Nothing of this log verifies, so there is no step to show."));
      return;
    }
    const previous = step > 0 ? frames.get(step - 1) : null;
    const frame = frames.get(step);
    const ctx = {
      eyes: { kind: eyes.kind, seat: eyes.seat },
      step: step,
      steps: last,
      seats: seats,
      decision: step > 0 ? data.decisions[step - 1] : null,
      toMove: data.steps.to_move[step],
      turn: data.steps.turn_at[step] >= 0 ? data.turns[data.steps.turn_at[step]] : null,
      result: step === last ? data.result : null,
      previous: previous,
    };
    try {
      drawing.draw(root, data.statics, frame, ctx);
    } catch (err) {
      console.error("altay view: the drawing failed at step " + step + ": " + (err && err.stack ? err.stack : err));
      const box = el("div", "drawing-error", "The drawing failed at this step: " + err + ". The frame's data:");
      box.dataset.drawingError = "1";
      root.replaceChildren(box);
      const tree = el("div");
      root.appendChild(tree);
      window.altayGeneric.draw(tree, data.statics, frame, ctx);
    }
  }

  function render() {
    document.body.dataset.step = String(step);
    const slider = $("slider");
    slider.value = String(step);
    const label = $("step-label");
    label.textContent = "step " + step + " of " + last;
    label.dataset.step = String(step);
    label.dataset.last = String(last);
    const turnIndex = hasFrames ? data.steps.turn_at[step] : -1;
    $("turn-jump").value = turnIndex >= 0 ? String(data.turns[turnIndex].step) : "0";
    board();
    nowPanel();
    decisionPanel(step > 0 ? data.decisions[step - 1] : null);
    resultPanel();
    if (shownItem) shownItem.classList.remove("current");
    shownItem = step > 0 ? listItems[step - 1] : null;
    if (shownItem) {
      shownItem.classList.add("current");
      const list = $("decisions");
      const top = shownItem.offsetTop; // (the list is the items' offset parent)
      if (top < list.scrollTop || top + shownItem.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    $("prev").disabled = step === 0;
    $("first").disabled = step === 0;
    $("next").disabled = step === last;
    $("last").disabled = step === last;
  }

  /* ------------------------------------------------------------------ moving */
  function stepFromHash() {
    const m = /(?:^#|&)step=(\d+)/.exec(window.location.hash);
    return m ? Math.min(Number(m[1]), last) : null;
  }
  function writeHash() {
    const hash = "#step=" + step;
    if (window.location.hash === hash) return;
    try {
      window.history.replaceState(null, "", hash);
    } catch (err) {
      window.location.replace(hash);
    }
  }
  function go(i) {
    const target = Math.max(0, Math.min(last, Math.round(Number(i)) || 0));
    step = target;
    render();
    writeHash();
  }
  function stop() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    const b = $("play");
    b.textContent = "Play";
    b.setAttribute("aria-pressed", "false");
  }
  function play() {
    if (timer !== null) return stop();
    if (step >= last) go(0);
    const b = $("play");
    b.textContent = "Pause";
    b.setAttribute("aria-pressed", "true");
    timer = window.setInterval(() => {
      if (step >= last) return stop();
      go(step + 1);
      if (step >= last) stop();
    }, 1000 / Number($("speed").value));
  }

  function controls() {
    const slider = $("slider");
    slider.max = String(last);
    slider.addEventListener("input", () => go(slider.value));
    $("first").addEventListener("click", () => go(0));
    $("prev").addEventListener("click", () => go(step - 1));
    $("next").addEventListener("click", () => go(step + 1));
    $("last").addEventListener("click", () => go(last));
    $("play").addEventListener("click", play);
    $("speed").addEventListener("change", () => {
      if (timer !== null) {
        stop();
        play();
      }
    });
    document.addEventListener("keydown", (event) => {
      const tag = event.target && event.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || event.altKey || event.ctrlKey || event.metaKey) return;
      const moves = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), Home: () => go(0), End: () => go(last), " ": play };
      const move = moves[event.key];
      if (move) {
        event.preventDefault();
        move();
      }
    });
    window.addEventListener("hashchange", () => {
      const wanted = stepFromHash();
      if (wanted !== null && wanted !== step) go(wanted);
    });
  }

  patterns();
  header();
  decisionList();
  turnJump();
  bots();
  controls();
  const start = stepFromHash();
  step = start === null ? 0 : start;
  render();
  if (start !== null) writeHash();
  document.body.dataset.ready = "1";
  if (window.performance && performance.mark) performance.mark("altay-first-step-drawn"); // (for benchmarks)
})();
