/* altay report pages: sortable tables and the list of games (inlined into the page; no network). */
/* window.altayReportInit: (re)build the page's tables and list, once its HTML is in place (a page
   served live by `altay serve` calls it again after each update). */
window.altayReportInit = function () {
  "use strict";

  // ----------------------------------------------------------------- sortable tables
  function cellValue(row, index, kind) {
    var cell = row.cells[index];
    if (!cell) return kind === "num" ? -Infinity : "";
    var v = cell.getAttribute("data-v");
    if (v === null) v = cell.textContent;
    if (kind === "num") {
      var n = parseFloat(v);
      return isNaN(n) ? -Infinity : n;
    }
    return String(v).toLowerCase();
  }

  function makeSortable(table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, index) {
      var kind = th.getAttribute("data-sort");
      if (!kind) return;
      th.tabIndex = 0;
      function sort() {
        var descending = th.getAttribute("aria-sort") !== "descending";
        if (th.getAttribute("aria-sort") === null && kind === "text") descending = false;
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellValue(a, index, kind), y = cellValue(b, index, kind);
          var c = x < y ? -1 : x > y ? 1 : 0;
          return descending ? -c : c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
      });
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), makeSortable);

  // ----------------------------------------------------------------- the games
  var source = document.getElementById("games-data");
  var table = document.getElementById("games-table");
  if (!source || !table) return;
  var data = JSON.parse(source.textContent);
  var col = {};
  data.columns.forEach(function (name, i) { col[name] = i; });
  var PAGE = 50;
  var state = { bot: -1, page: 0, hit: null };
  var select = document.getElementById("games-bot");
  var jump = document.getElementById("games-jump");
  var prev = document.getElementById("games-prev");
  var next = document.getElementById("games-next");
  var count = document.getElementById("games-count");
  var pageLabel = document.getElementById("games-page");
  var body = table.tBodies[0];

  data.bots.forEach(function (name, i) {
    var option = document.createElement("option");
    option.value = String(i);
    option.textContent = name;
    select.appendChild(option);
  });

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function ordinal(n) {
    var s = ["th", "st", "nd", "rd"], v = n % 100;
    return n + (s[(v - 20) % 10] || s[v] || s[0]);
  }

  function botName(i) { return i >= 0 && i < data.bots.length ? data.bots[i] : "?"; }

  function result(g) {
    if (data.cooperative) return g[col.team] ? "team " + g[col.team] : "-";
    var ranks = g[col.ranks], bots = g[col.bots];
    var first = [];
    ranks.forEach(function (r, seat) { if (r === 1) first.push(botName(bots[seat])); });
    var text = first.length === 1 ? first[0] + " first" : "tie: " + first.join(", ");
    var s = g[col.new_score];
    if (s !== null && s !== undefined) text += " (NEW " + (s === 0.5 ? "\u00bd" : s) + ")";
    return text;
  }

  function row(g) {
    var tr = el("tr");
    tr.setAttribute("data-game", g[col.id]);
    tr.appendChild(el("td", "num", g[col.id]));
    tr.appendChild(el("td", "num", g[col.deal]));
    var seating = el("td", "num", g[col.seating]);
    seating.title = "group " + g[col.group] + ", seating " + g[col.seating];
    tr.appendChild(seating);
    var seats = el("td");
    g[col.bots].forEach(function (b, seat) {
      var rank = g[col.ranks][seat];
      var cls = "seat" + (rank === 1 ? " first" : "") + (g[col.forfeits].indexOf(seat) >= 0 ? " forfeit" : "");
      var span = el("span", cls);
      span.setAttribute("data-seat", seat);
      span.setAttribute("data-bot", botName(b));
      span.appendChild(document.createTextNode(botName(b) + " "));
      var role = g[col.roles][seat];
      if (role >= 0) span.appendChild(el("span", "role", "(" + data.roles[role] + ") "));
      span.appendChild(document.createTextNode(ordinal(rank) + ", " + g[col.scores][seat]));
      span.title = "seat " + seat;
      seats.appendChild(span);
    });
    tr.appendChild(seats);
    tr.appendChild(el("td", "result", result(g)));
    tr.appendChild(el("td", "", g[col.end]));
    var length = g[col[data.length]];  // null: turns not kept when the game was stored
    tr.appendChild(el("td", "num length", length === null || length === undefined ? "-" : length));
    tr.appendChild(el("td", "fail", g[col.failures] || ""));
    var links = el("td");
    if (g[col.view]) {
      var a = el("a", "view", "view");
      a.href = g[col.view];
      links.appendChild(a);
    }
    if (g[col.log]) {
      var l = el("a", "log", "log");
      l.href = g[col.log];
      links.appendChild(l);
    }
    tr.appendChild(links);
    if (state.hit === g[col.id]) tr.className = "hit";
    return tr;
  }

  function chosen() {
    if (state.bot < 0) return data.games;
    return data.games.filter(function (g) { return g[col.bots].indexOf(state.bot) >= 0; });
  }

  function render() {
    var games = chosen();
    var pages = Math.max(1, Math.ceil(games.length / PAGE));
    state.page = Math.min(Math.max(0, state.page), pages - 1);
    var shown = games.slice(state.page * PAGE, (state.page + 1) * PAGE);
    while (body.firstChild) body.removeChild(body.firstChild);
    shown.forEach(function (g) { body.appendChild(row(g)); });
    count.textContent = games.length + " game" + (games.length === 1 ? "" : "s");
    pageLabel.textContent = "page " + (state.page + 1) + " of " + pages;
    prev.disabled = state.page === 0;
    next.disabled = state.page >= pages - 1;
  }

  select.addEventListener("change", function () {
    state.bot = select.value === "" ? -1 : parseInt(select.value, 10);
    state.page = 0;
    render();
  });
  prev.addEventListener("click", function () { state.page -= 1; render(); });
  next.addEventListener("click", function () { state.page += 1; render(); });
  jump.addEventListener("change", function () {
    var id = parseInt(jump.value, 10);
    var games = chosen();
    for (var i = 0; i < games.length; i++) {
      if (games[i][col.id] === id) {
        state.page = Math.floor(i / PAGE);
        state.hit = id;
        render();
        var tr = body.querySelector('tr[data-game="' + id + '"]');
        if (tr) tr.scrollIntoView({ block: "center" });
        return;
      }
    }
  });
  render();
};
window.altayReportInit();
